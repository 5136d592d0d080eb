/*
 * shellwords.c - POSIX word splitting of a pasted command (see shellwords.h).
 *
 * One pass over the text with a growing word buffer.  Invariant: nothing
 * is expanded; every construct whose value only a running shell could
 * know ends the split with an error that quotes it.
 */
#include "shellwords.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buf {
	char	*s;
	size_t	 n, cap;
};

static void
buf_add(struct buf *b, char c)
{
	if (b->n + 2 > b->cap) {
		b->cap = b->cap ? b->cap * 2 : 64;
		b->s = realloc(b->s, b->cap);
		if (b->s == NULL)
			abort();
	}
	b->s[b->n++] = c;
	b->s[b->n] = '\0';
}

void
shellwords_add(struct shellwords *sw, const char *s, size_t n)
{
	char *w;

	if (n == (size_t)-1)
		n = strlen(s);
	if (sw->n + 1 >= sw->cap) {
		sw->cap = sw->cap ? sw->cap * 2 : 16;
		sw->w = realloc(sw->w, sw->cap * sizeof *sw->w);
		if (sw->w == NULL)
			abort();
	}
	w = malloc(n + 1);
	if (w == NULL)
		abort();
	memcpy(w, s, n);
	w[n] = '\0';
	sw->w[sw->n++] = w;
	sw->w[sw->n] = NULL;
}

void
shellwords_done(struct shellwords *sw)
{
	size_t i;

	for (i = 0; i < sw->n; i++)
		free(sw->w[i]);
	free(sw->w);
	memset(sw, 0, sizeof *sw);
}

void
shellwords_excerpt(const char *s, size_t max, char *buf, size_t len)
{
	size_t i, o = 0;

	if (len == 0)
		return;
	for (i = 0; s[i] != '\0' && i < max && o + 5 < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\n') {
			buf[o++] = '\\';
			buf[o++] = 'n';
		} else if (c < 0x20 || c >= 0x7f) {
			o += (size_t)snprintf(buf + o, len - o, "\\x%02x", c);
		} else {
			buf[o++] = (char)c;
		}
	}
	if (s[i] != '\0' && o + 4 < len) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o] = '\0';
}

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Length of the text to quote from p: up to its closing bracket or the end of the word. */
static size_t
construct_len(const char *p)
{
	size_t i = 0;
	int depth = 0;

	if (p[0] == '$' && (p[1] == '(' || p[1] == '{')) {
		char open = p[1], close = open == '(' ? ')' : '}';

		for (i = 1; p[i] != '\0'; i++) {
			if (p[i] == open)
				depth++;
			else if (p[i] == close && --depth == 0)
				return i + 1;
		}
		return i;
	}
	if (p[0] == '`') {
		for (i = 1; p[i] != '\0' && p[i] != '`'; i++)
			;
		return p[i] == '`' ? i + 1 : i;
	}
	if (p[0] == '$' && (p[1] == '\'' || p[1] == '"')) {
		for (i = 2; p[i] != '\0' && p[i] != p[1]; i++)
			;
		return p[i] ? i + 1 : i;
	}
	if (p[0] == '$') {
		i = 1;
		if (isdigit((unsigned char)p[1]) || (p[1] && strchr("@*#?-$!", p[1])))
			return 2;
		while (isalnum((unsigned char)p[i]) || p[i] == '_')
			i++;
		return i;
	}
	/* an operator: quote it with what follows on its line */
	for (i = 0; p[i] != '\0' && p[i] != '\n'; i++)
		;
	return i;
}

static int
refuse(const char *p, const char *what, char *err, size_t errlen)
{
	char ex[160];

	shellwords_excerpt(p, construct_len(p), ex, sizeof ex);
	snprintf(err, errlen, "refusing '%s' (%s): headroom reads a vLLM command, "
	    "it never runs one; write the values themselves", ex, what);
	return -1;
}

/* A '$' at p: 0 when it is a literal dollar, else -1 with the reason. */
static int
check_dollar(const char *p, char *err, size_t errlen)
{
	char c = p[1];

	if (c == '(')
		return refuse(p, p[2] == '(' ? "arithmetic expansion" :
		    "command substitution", err, errlen);
	if (c == '{')
		return refuse(p, "parameter expansion", err, errlen);
	if (c == '\'' || c == '"')
		return refuse(p, "bash $'...' or $\"...\" quoting, not POSIX", err,
		    errlen);
	if (isalpha((unsigned char)c) || c == '_')
		return refuse(p, "a shell variable", err, errlen);
	if (isdigit((unsigned char)c) || (c != '\0' && strchr("@*#?-$!", c)))
		return refuse(p, "a special shell parameter", err, errlen);
	return 0;
}

static const char *
operator_name(const char *p)
{
	switch (*p) {
	case '|': return p[1] == '|' ? "'||' runs a second command" : "a pipe";
	case '&': return p[1] == '&' ? "'&&' runs a second command" :
	    "'&' runs the command in the background";
	case ';': return "';' runs a second command";
	case '<': return "a redirection";
	case '>': return "a redirection";
	case '(': case ')': return "a subshell";
	}
	return "a shell operator";
}

static int
fail(struct shellwords *out, struct buf *b)
{
	free(b->s);
	shellwords_done(out);
	return -1;
}

int
shellwords_split(const char *text, struct shellwords *out, char *err,
    size_t errlen)
{
	struct buf b = { 0 };
	const char *p = text;
	bool in_word = false;

	memset(out, 0, sizeof *out);
	if (strlen(text) > SHELLWORDS_MAX_TEXT) {
		snprintf(err, errlen, "the command is longer than %u KiB",
		    SHELLWORDS_MAX_TEXT >> 10);
		return -1;
	}
	while (*p != '\0') {
		char c = *p;

		if (!in_word && is_blank(c)) {
			p++;
			continue;
		}
		if (!in_word && c == '#') {
			while (*p != '\0' && *p != '\n')
				p++;
			continue;
		}
		if (is_blank(c)) {
			/* the end of a word */
			if (out->n >= SHELLWORDS_MAX_WORDS) {
				snprintf(err, errlen, "more than %d words in the command",
				    SHELLWORDS_MAX_WORDS);
				return fail(out, &b);
			}
			shellwords_add(out, b.s ? b.s : "", b.n);
			b.n = 0;
			in_word = false;
			p++;
			continue;
		}
		if (c == '\\') {
			const char *q = p + 1;

			/* backslash-newline, also with blanks in between */
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q == '\r' && q[1] == '\n')
				q++;
			if (*q == '\n' || (*q == '\0' && q > p + 1)) {
				p = *q ? q + 1 : q;
				continue;
			}
			if (p[1] == '\0') {
				p++;
				continue;
			}
			buf_add(&b, p[1]);
			in_word = true;
			p += 2;
			continue;
		}
		if (c == '\'') {
			const char *q = strchr(p + 1, '\'');

			if (q == NULL) {
				char ex[80];

				shellwords_excerpt(p, 30, ex, sizeof ex);
				snprintf(err, errlen, "unterminated single quote at '%s'",
				    ex);
				return fail(out, &b);
			}
			for (p++; p < q; p++)
				buf_add(&b, *p);
			p = q + 1;
			in_word = true;
			continue;
		}
		if (c == '"') {
			const char *start = p;

			for (p++; *p != '"'; p++) {
				if (*p == '\0') {
					char ex[80];

					shellwords_excerpt(start, 30, ex, sizeof ex);
					snprintf(err, errlen, "unterminated double quote at "
					    "'%s'", ex);
					return fail(out, &b);
				}
				if (*p == '\\' && p[1] != '\0' && strchr("$`\"\\\n", p[1])) {
					if (p[1] != '\n')
						buf_add(&b, p[1]);
					p++;
					continue;
				}
				if (*p == '$' && check_dollar(p, err, errlen) != 0)
					return fail(out, &b);
				if (*p == '`') {
					refuse(p, "command substitution", err, errlen);
					return fail(out, &b);
				}
				buf_add(&b, *p);
			}
			p++;
			in_word = true;
			continue;
		}
		if (c == '$' && check_dollar(p, err, errlen) != 0)
			return fail(out, &b);
		if (c == '`') {
			refuse(p, "command substitution", err, errlen);
			return fail(out, &b);
		}
		if (strchr("|&;<>()", c) != NULL) {
			refuse(p, operator_name(p), err, errlen);
			return fail(out, &b);
		}
		buf_add(&b, c);
		in_word = true;
		p++;
	}
	if (in_word) {
		if (out->n >= SHELLWORDS_MAX_WORDS) {
			snprintf(err, errlen, "more than %d words in the command",
			    SHELLWORDS_MAX_WORDS);
			return fail(out, &b);
		}
		shellwords_add(out, b.s ? b.s : "", b.n);
	}
	free(b.s);
	return 0;
}
