/*
 * paste.c - collecting a bracketed paste and telling a vLLM startup log
 * from a vllm serve command (see paste.h).
 *
 * The buffer grows by doubling up to PASTE_MAX + 1 bytes (the NUL) and is
 * reused by the next paste.  The command test looks at words split on
 * blanks only, not at shell quoting: it decides where the text goes, and
 * the import (vllmargs_from_command()) then reads it properly or says
 * what is wrong with it.
 */
#include "paste.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "io/vllmlog.h"

#define WORDS_MAX 48

void
paste_begin(struct paste *p)
{
	p->len = 0;
	p->dropped = 0;
	p->cut = false;
	p->active = true;
	if (p->text != NULL)
		p->text[0] = '\0';
}

void
paste_add(struct paste *p, const char *bytes, size_t n)
{
	size_t keep = p->len < PASTE_MAX ? PASTE_MAX - p->len : 0;

	if (n > keep) {
		p->dropped += n - keep;
		p->cut = true;
		n = keep;
	}
	if (n == 0)
		return;
	if (p->len + n + 1 > p->cap) {
		size_t cap = p->cap ? p->cap : 4096;

		while (cap < p->len + n + 1)
			cap *= 2;
		if (cap > PASTE_MAX + 1)
			cap = PASTE_MAX + 1;
		p->text = realloc(p->text, cap);
		if (p->text == NULL)
			abort();
		p->cap = cap;
	}
	memcpy(p->text + p->len, bytes, n);
	p->len += n;
	p->text[p->len] = '\0';
}

bool
paste_ends_raw(struct paste *p)
{
	static const char marker[] = "\033[201~";
	size_t n = sizeof marker - 1;

	if (p->len < n || memcmp(p->text + p->len - n, marker, n) != 0)
		return false;
	p->len -= n;
	p->text[p->len] = '\0';
	return true;
}

void
paste_end(struct paste *p)
{
	size_t i, o = 0;

	p->active = false;
	if (p->text == NULL) {
		p->text = malloc(1);
		if (p->text == NULL)
			abort();
		p->cap = 1;
	}
	for (i = 0; i < p->len; i++) {
		char c = p->text[i];

		if (c == '\0')
			continue;
		if (c == '\r') {
			if (i + 1 < p->len && p->text[i + 1] == '\n')
				continue; /* CR LF: the LF follows */
			c = '\n';
		}
		p->text[o++] = c;
	}
	p->len = o;
	p->text[o] = '\0';
}

void
paste_done(struct paste *p)
{
	free(p->text);
	memset(p, 0, sizeof *p);
}

size_t
paste_count_lines(const char *text, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		if (text[i] == '\n')
			n++;
	if (len > 0 && text[len - 1] != '\n')
		n++;
	return n;
}

/* ---- the command test ---- */

struct word {
	const char *s;
	size_t n;
};

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Does the word equal s? */
static bool
word_is(const struct word *w, const char *s)
{
	return w->n == strlen(s) && memcmp(w->s, s, w->n) == 0;
}

/* The word after its last slash (a path to the program). */
static struct word
word_base(const struct word *w)
{
	struct word b = *w;
	size_t i;

	for (i = 0; i < w->n; i++)
		if (w->s[i] == '/') {
			b.s = w->s + i + 1;
			b.n = w->n - i - 1;
		}
	return b;
}

static bool
word_starts(const struct word *w, const char *s)
{
	size_t n = strlen(s);

	return w->n >= n && memcmp(w->s, s, n) == 0;
}

static bool
word_has(const struct word *w, const char *s)
{
	size_t n = strlen(s), i;

	for (i = 0; i + n <= w->n; i++)
		if (memcmp(w->s + i, s, n) == 0)
			return true;
	return false;
}

/* VAR=value, as a shell takes it in front of a command. */
static bool
word_is_assignment(const struct word *w)
{
	size_t i;

	if (w->n == 0 ||
	    !((w->s[0] >= 'A' && w->s[0] <= 'Z') ||
		(w->s[0] >= 'a' && w->s[0] <= 'z') || w->s[0] == '_'))
		return false;
	for (i = 1; i < w->n; i++) {
		char c = w->s[i];

		if (c == '=')
			return true;
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
			(c >= '0' && c <= '9') || c == '_'))
			return false;
	}
	return false;
}

/*
 * The words of the first line that is not blank or a comment, with its
 * backslash-newline continuations; returns how many (at most max).
 */
static size_t
first_words(const char *t, size_t len, struct word *w, size_t max)
{
	size_t i = 0, n = 0;

	/* skip blank and comment lines */
	for (;;) {
		size_t j = i;

		while (j < len && is_blank(t[j]))
			j++;
		if (j < len && (t[j] == '\n' || t[j] == '#')) {
			while (j < len && t[j] != '\n')
				j++;
			i = j + 1;
			continue;
		}
		i = j;
		break;
	}
	while (i < len && n < max) {
		if (is_blank(t[i])) {
			i++;
			continue;
		}
		if (t[i] == '\\') {
			size_t j = i + 1;

			while (j < len && is_blank(t[j]))
				j++;
			if (j < len && t[j] == '\n') {
				i = j + 1;
				continue;
			}
		}
		if (t[i] == '\n')
			break;
		w[n].s = t + i;
		while (i < len && !is_blank(t[i]) && t[i] != '\n')
			i++;
		w[n].n = (size_t)(t + i - w[n].s);
		n++;
	}
	return n;
}

static bool
looks_like_command(const char *text, size_t len)
{
	struct word w[WORDS_MAX], b;
	size_t n = first_words(text, len, w, WORDS_MAX), i = 0, k;

	if (i < n && (word_is(&w[i], "$") || word_is(&w[i], "%")))
		i++;
	for (;;) {
		while (i < n && word_is_assignment(&w[i]))
			i++;
		if (i < n) {
			b = word_base(&w[i]);
			if (word_is(&b, "env") || word_is(&b, "sudo") ||
			    word_is(&b, "exec") || word_is(&b, "nohup") ||
			    word_is(&b, "time")) {
				i++;
				while (i < n && w[i].n > 0 && w[i].s[0] == '-')
					i++;
				continue;
			}
		}
		break;
	}
	if (i >= n)
		return false;
	b = word_base(&w[i]);
	if (word_is(&b, "vllm"))
		return i + 1 < n && word_is(&w[i + 1], "serve");
	if (word_starts(&b, "python")) {
		for (k = i + 1; k < n; k++)
			if ((word_is(&w[k], "-m") && k + 1 < n &&
				word_starts(&w[k + 1], "vllm.entrypoints")) ||
			    word_starts(&w[k], "-mvllm.entrypoints"))
				return true;
		return false;
	}
	if (word_is(&b, "docker") || word_is(&b, "podman")) {
		for (k = i + 1; k < n; k++)
			if (word_has(&w[k], "vllm"))
				return true;
	}
	return false;
}

enum paste_kind
paste_classify(const char *text, size_t len)
{
	struct vllm_log log;
	char err[320];

	if (len == 0)
		return PASTE_OTHER;
	if (vllmlog_parse(text, len, &log, err, sizeof err) == 0) {
		vllmlog_done(&log);
		return PASTE_LOG;
	}
	return looks_like_command(text, len) ? PASTE_COMMAND : PASTE_OTHER;
}

/* ---- one line ---- */

/* Appends c to out unless it is full; false when full. */
static bool
put(char *out, size_t cap, size_t *o, char c)
{
	if (*o + 1 >= cap)
		return false;
	out[(*o)++] = c;
	return true;
}

int
paste_join_lines(const char *t, size_t len, char *out, size_t cap)
{
	size_t i = 0, o = 0;
	bool line_start = true, ok = true;

	if (cap == 0)
		return -1;
	while (i < len && ok) {
		char c = t[i];

		if (line_start) {
			size_t j = i;

			while (j < len && is_blank(t[j]))
				j++;
			if (j < len && t[j] == '#') {
				/* a comment line goes, newline and all */
				while (j < len && t[j] != '\n')
					j++;
				i = j + 1;
				continue;
			}
			/* blanks where lines meet: one */
			if (j > i && o > 0 && out[o - 1] != ' ')
				ok = put(out, cap, &o, ' ');
			i = j;
			line_start = false;
			continue;
		}
		if (c == '\\') {
			size_t j = i + 1;

			while (j < len && is_blank(t[j]))
				j++;
			if (j < len && t[j] == '\n') {
				/* a continuation: the shell drops it all */
				i = j + 1;
				line_start = true;
				continue;
			}
		}
		if (c == '\n') {
			if (o > 0 && out[o - 1] != ' ')
				ok = put(out, cap, &o, ' ');
			i++;
			line_start = true;
			continue;
		}
		if ((unsigned char)c < 0x20 || c == 0x7f)
			c = ' ';
		ok = put(out, cap, &o, c);
		i++;
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	return ok ? 0 : -1;
}

/* Bytes of the UTF-8 character at s (n left); 0: malformed or a C1 control. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	size_t k, i;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		k = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		k = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		k = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (k > n)
		return 0;
	for (i = 1; i < k; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((k == 2 && cp < 0xa0) ||
	    (k == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (k == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return k;
}

char *
paste_excerpt(const char *text, size_t len, size_t max, char *buf,
    size_t buflen)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t i = 0, o = 0, end;
	bool more;

	if (buflen == 0)
		return buf;
	while (i < len && (s[i] == '\n' || is_blank((char)s[i])))
		i++;
	for (end = i; end < len && s[end] != '\n'; end++)
		;
	while (i < end) {
		size_t k = utf8_len(s + i, end - i);

		if (k == 0 || (k == 1 && (s[i] < 0x20 || s[i] == 0x7f))) {
			if (o + 1 > max || o + 1 >= buflen)
				break;
			buf[o++] = '?';
			/* a C1 control is one character of two bytes */
			i += s[i] == 0xc2 && i + 1 < end && s[i + 1] >= 0x80 &&
				s[i + 1] < 0xa0
			    ? 2
			    : 1;
			continue;
		}
		if (o + k > max || o + k >= buflen)
			break;
		memcpy(buf + o, s + i, k);
		o += k;
		i += k;
	}
	while (o > 0 && buf[o - 1] == ' ')
		o--;
	/* more to come: the rest of this line, or other lines with text */
	more = i < end;
	while (end < len && (s[end] == '\n' || is_blank((char)s[end])))
		end++;
	if ((more || end < len) && o + 3 < buflen) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o] = '\0';
	return buf;
}
