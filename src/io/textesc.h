/*
 * textesc.h - text from files and pastes made safe to show on one line:
 * in a terminal, in an error message, in a comment of an exported file.
 *
 * A byte or character is a control when a terminal or a file format may
 * act on it: C0 controls (tab and newline included), DEL, C1 controls
 * (U+0080..U+009F, NEL among them), the line and paragraph separators
 * U+2028 and U+2029, the byte-order mark U+FEFF and the bidirectional
 * overrides and isolates (U+202A..U+202E, U+2066..U+2069).  Bytes that are
 * not valid UTF-8 count as controls too.  Escaped, a control is shown as
 * \n, \r, \t, \xHH (C0, DEL, invalid bytes) or \uHHHH; everything else is
 * kept as it is, so the result is valid UTF-8 with no line break.
 */
#ifndef HEADROOM_TEXTESC_H
#define HEADROOM_TEXTESC_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "io/strbuf.h"

/*
 * Decodes the UTF-8 sequence at s (n bytes left, n > 0): returns its code
 * point and sets *len to its length, or returns -1 and sets *len to 1 when
 * s[0] does not start a valid, shortest-form sequence of a scalar value.
 */
long textesc_decode(const char *s, size_t n, size_t *len);
/* True when code point cp is a control in the sense above. */
bool textesc_is_control(long cp);
/* The first control (or invalid byte) in s, or NULL when there is none. */
const char *textesc_find(const char *s);
/* Appends s escaped (see above) to b. */
void textesc_append(struct strbuf *b, const char *s);
/* The same, but a newline stays a line break (text of several lines). */
void textesc_append_lines(struct strbuf *b, const char *s);
/*
 * Prints "headroom: MESSAGE\n" on standard error, the message escaped as by
 * textesc_append_lines(): the one way headroom's messages reach the
 * terminal, so no byte they quote from a file or a paste can act on it.
 */
void textesc_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * Appends s as Markdown text: escaped as above, so it stays on its line
 * and in its table cell, and with a backslash before each character that
 * would open a cell, code, emphasis, a link or HTML (\ ` * [ ] < > |).
 */
void textesc_markdown(struct strbuf *b, const char *s);

/* Appends s as one Markdown code span, its controls and line breaks
 * escaped as textesc_append() does: the backtick fence is longer than any
 * run of backticks in s, padded with a space where s starts or ends with
 * one (CommonMark), so no value ends the span early. */
void textesc_markdown_code(struct strbuf *b, const char *s);
/*
 * s escaped into buf (len bytes, always NUL-terminated), cut at a
 * character boundary with "..." when it does not fit or after max input
 * bytes; returns buf.
 */
char *textesc_line(const char *s, size_t max, char *buf, size_t len);

/*
 * A cJSON tree as headroom prints JSON: two-space indentation, "key": value,
 * a final newline, bytes that are not UTF-8 and controls \u escaped.  The caller frees the result.
 */
char *textesc_json(const cJSON *root);

#endif
