/*
 * paste.h - text the terminal pastes into the planner in one piece.
 *
 * While the planner runs it asks the terminal for bracketed paste
 * (ESC [ ? 2004 h): pasted text then arrives between ESC [ 2 0 0 ~ and
 * ESC [ 2 0 1 ~, which app.c binds to KEYS_PASTE_BEGIN and KEYS_PASTE_END
 * (keys.h).  update.c collects the bytes in between into a struct paste
 * and hands the text over as one event, never as keystrokes.
 *
 * A paste keeps at most PASTE_MAX bytes; the rest is dropped and the paste
 * marked cut.  Once ended, its text is NUL-terminated, NUL bytes are gone
 * and every line ends in LF (terminals send CR, or CR LF, for a newline).
 * Pure: no curses, no I/O.
 */
#ifndef HEADROOM_UI_PASTE_H
#define HEADROOM_UI_PASTE_H

#include <stdbool.h>
#include <stddef.h>

#define PASTE_MAX ((size_t)1 << 20) /* 1 MiB */

struct paste {
	char *text; /* malloc'd; NUL-terminated when ended */
	size_t len, cap;
	size_t dropped; /* bytes past PASTE_MAX */
	bool active; /* between the two markers */
	bool cut; /* dropped > 0 */
};

/* What a pasted text is. */
enum paste_kind {
	PASTE_OTHER,
	PASTE_LOG, /* a vLLM startup log: vllmlog_parse() finds a line */
	PASTE_COMMAND /* vllm serve, python -m vllm.entrypoints... */
};

/* Starts a paste (the begin marker): empties the text, keeps the buffer. */
void paste_begin(struct paste *);
/* Appends n bytes of a paste; past PASTE_MAX they are counted, not kept. */
void paste_add(struct paste *, const char *bytes, size_t n);
/*
 * True, with the marker taken off the text, when the text now ends in the
 * end marker's own bytes: a marker split across reads that curses handed
 * over byte by byte.
 */
bool paste_ends_raw(struct paste *);
/* Ends it (the end marker): line ends to LF, NULs out, the text terminated. */
void paste_end(struct paste *);
/* Frees the buffer and zeroes the paste. */
void paste_done(struct paste *);

/*
 * Classifies an ended paste: a startup log first (it may quote the
 * command it ran), then a command: its first line that is not blank or a
 * comment starts (after a "$ " prompt, VAR=value assignments, env, sudo
 * and the like) with `vllm serve`, `python... -m vllm.entrypoints...` or
 * `docker run`/`podman run` of a vLLM image.  Whether the command is
 * well formed is for the import to say.
 */
enum paste_kind paste_classify(const char *text, size_t len);

/*
 * Lines of a text: a last line without its newline counts, a final
 * newline does not start another.
 */
size_t paste_count_lines(const char *text, size_t len);

/*
 * The text as one prompt line: backslash-newline continuations (blanks
 * after the backslash too) removed, other newlines and tabs become
 * blanks, comment lines dropped, other control bytes become blanks, and
 * blanks at either end trimmed.  Returns 0, or -1 when it needs more than
 * cap bytes (out then holds what fitted).
 */
int paste_join_lines(const char *text, size_t len, char *out, size_t cap);

/*
 * The start of a text for a message: its first line that is not blank, at
 * most max bytes, control bytes and malformed UTF-8 as '?', "..." when
 * cut.  Writes into buf; returns buf.
 */
char *paste_excerpt(const char *text, size_t len, size_t max, char *buf,
    size_t buflen);

#endif
