/*
 * textesc.c - showing untrusted text on one line (see textesc.h).
 */
#include "textesc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

long
textesc_decode(const char *str, size_t n, size_t *len)
{
	const unsigned char *s = (const unsigned char *)str;
	long cp;
	size_t k, need;

	*len = 1;
	if (s[0] < 0x80)
		return s[0];
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		need = 1;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		need = 2;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		need = 3;
		cp = s[0] & 0x07;
	} else {
		return -1;
	}
	if (n < need + 1)
		return -1;
	for (k = 1; k <= need; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return -1;
		cp = (cp << 6) | (s[k] & 0x3f);
	}
	if ((need == 2 && cp < 0x800) || (need == 3 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	*len = need + 1;
	return cp;
}

bool
textesc_is_control(long cp)
{
	return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f) ||
	    cp == 0x2028 || cp == 0x2029 || cp == 0xfeff ||
	    (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

const char *
textesc_find(const char *s)
{
	size_t n = strlen(s), i = 0;

	while (i < n) {
		size_t len;
		long cp = textesc_decode(s + i, n - i, &len);

		if (cp < 0 || textesc_is_control(cp))
			return s + i;
		i += len;
	}
	return NULL;
}

/* The escape of one character or invalid byte; "" when it is kept. */
static void
escape_one(long cp, unsigned char byte, char out[16])
{
	out[0] = '\0';
	if (cp == '\n')
		snprintf(out, 16, "\\n");
	else if (cp == '\r')
		snprintf(out, 16, "\\r");
	else if (cp == '\t')
		snprintf(out, 16, "\\t");
	else if (cp < 0)
		snprintf(out, 16, "\\x%02x", byte);
	else if (cp < 0x20 || cp == 0x7f)
		snprintf(out, 16, "\\x%02x", (unsigned)cp);
	else if (textesc_is_control(cp))
		snprintf(out, 16, "\\u%04x", (unsigned)(cp & 0xffff));
}

static void
append(struct strbuf *b, const char *s, bool lines)
{
	size_t n = strlen(s), i = 0;

	strbuf_printf(b, "%s", "");
	while (i < n) {
		size_t len;
		long cp = textesc_decode(s + i, n - i, &len);
		char e[16];

		if (lines && cp == '\n')
			e[0] = '\0';
		else
			escape_one(cp, (unsigned char)s[i], e);
		if (e[0] != '\0')
			strbuf_printf(b, "%s", e);
		else
			strbuf_printf(b, "%.*s", (int)len, s + i);
		i += len;
	}
}

void
textesc_append(struct strbuf *b, const char *s)
{
	append(b, s, false);
}

void
textesc_append_lines(struct strbuf *b, const char *s)
{
	append(b, s, true);
}

void
textesc_warn(const char *fmt, ...)
{
	struct strbuf t = { 0 }, e = { 0 };
	va_list ap;

	va_start(ap, fmt);
	strbuf_vappend(&t.s, &t.n, &t.cap, fmt, ap);
	va_end(ap);
	textesc_append_lines(&e, t.s ? t.s : "");
	fprintf(stderr, "headroom: %s\n", e.s);
	free(t.s);
	free(e.s);
}

void
textesc_markdown(struct strbuf *b, const char *s)
{
	struct strbuf e = { 0 };
	const char *c;

	textesc_append(&e, s);
	strbuf_printf(b, "%s", "");
	for (c = e.s; *c != '\0'; c++)
		if (strchr("\\`*[]<>|", *c) != NULL)
			strbuf_printf(b, "\\%c", *c);
		else
			strbuf_printf(b, "%c", *c);
	free(e.s);
}

void
textesc_markdown_code(struct strbuf *b, const char *s)
{
	struct strbuf e = { 0 };
	size_t run = 0, longest = 0, i, n;
	const char *c;
	bool pad;

	textesc_append(&e, s);
	strbuf_printf(&e, "%s", "");
	for (c = e.s; *c != '\0'; c++) {
		run = *c == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	n = strlen(e.s);
	pad = n > 0 && (e.s[0] == '`' || e.s[n - 1] == '`');
	for (i = 0; i <= longest; i++)
		strbuf_printf(b, "`");
	strbuf_printf(b, "%s%s%s", pad ? " " : "", e.s, pad ? " " : "");
	for (i = 0; i <= longest; i++)
		strbuf_printf(b, "`");
	free(e.s);
}

char *
textesc_line(const char *s, size_t max, char *buf, size_t len)
{
	size_t n = strlen(s), i = 0, o = 0;

	if (len == 0)
		return buf;
	while (i < n && i < max) {
		size_t clen;
		long cp = textesc_decode(s + i, n - i, &clen);
		char e[16];
		const char *piece = e;
		size_t plen;

		escape_one(cp, (unsigned char)s[i], e);
		if (e[0] == '\0')
			piece = s + i;
		plen = e[0] != '\0' ? strlen(e) : clen;
		if (o + plen + 4 > len)
			break;
		memcpy(buf + o, piece, plen);
		o += plen;
		i += clen;
	}
	if (s[i] != '\0' && o + 4 <= len) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o < len ? o : len - 1] = '\0';
	return buf;
}

char *
textesc_json(const cJSON *root)
{
	char *s = cJSON_Print(root);
	struct strbuf t = { 0 };
	size_t k = 0, n;
	int bol = 1;

	if (s == NULL)
		abort();
	n = strlen(s);
	/*
	 * cJSON indents with tabs and writes ":\t"; strings never hold a raw
	 * tab (cJSON escapes it), so both can be rewritten safely.  cJSON
	 * copies other bytes as they are: those that are not UTF-8 become
	 * U+FFFD and the controls cJSON leaves raw (DEL, C1, U+2028, U+2029,
	 * the bidirectional overrides, textesc.h) \u escapes, so the report
	 * is valid UTF-8 and shows nothing a terminal acts on.  Such bytes
	 * occur only inside strings: everything else cJSON writes is ASCII.
	 */
	while (k < n) {
		size_t len;
		long cp = textesc_decode(s + k, n - k, &len);

		if (s[k] == '\t') {
			strbuf_printf(&t, "%s", bol ? "  " : " ");
		} else if (cp < 0) {
			strbuf_printf(&t, "\\ufffd");
		} else if (cp >= 0x7f && textesc_is_control(cp)) {
			strbuf_printf(&t, "\\u%04x", (unsigned)cp);
		} else {
			strbuf_printf(&t, "%.*s", (int)len, s + k);
			bol = s[k] == '\n';
		}
		k += len;
	}
	strbuf_printf(&t, "\n");
	cJSON_free(s);
	return strbuf_take(&t);
}
