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
	char *s;
	size_t n, cap;
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
		if (sw->vars != NULL) {
			sw->vars =
			    realloc(sw->vars, sw->cap * sizeof *sw->vars);
			if (sw->vars == NULL)
				abort();
		}
	}
	if (sw->vars != NULL)
		sw->vars[sw->n] = NULL;
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

	for (i = 0; i < sw->n; i++) {
		free(sw->w[i]);
		if (sw->vars != NULL)
			free(sw->vars[i]);
	}
	free(sw->w);
	free(sw->vars);
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
		if (isdigit((unsigned char)p[1]) ||
		    (p[1] && strchr("@*#?-$!", p[1])))
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
	snprintf(err, errlen,
	    "refusing '%s' (%s): headroom reads a vLLM command, "
	    "it never runs one; write the values themselves",
	    ex, what);
	return -1;
}

/* A '$' at p: 0 when it is a literal dollar, else -1 with the reason. */
static int
check_dollar(const char *p, char *err, size_t errlen)
{
	char c = p[1];

	if (c == '(')
		return refuse(p,
		    p[2] == '(' ? "arithmetic expansion"
				: "command substitution",
		    err, errlen);
	if (c == '{')
		return refuse(p, "parameter expansion", err, errlen);
	if (c == '\'' || c == '"')
		return refuse(p, "bash $'...' or $\"...\" quoting, not POSIX",
		    err, errlen);
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
	case '&':
		return p[1] == '&' ? "'&&' runs a second command"
				   : "'&' runs the command in the background";
	case ';': return "';' runs a second command";
	case '<': return "a redirection";
	case '>': return "a redirection";
	case '(':
	case ')': return "a subshell";
	}
	return "a shell operator";
}

static int
fail(struct shellwords *out, struct buf *b, char **pending)
{
	free(*pending);
	*pending = NULL;
	free(b->s);
	shellwords_done(out);
	return -1;
}

/* Length of a plain reference at p ("$NAME" or "${NAME}"), 0 when not one; *name_len the name's. */
static size_t
plain_reference(const char *p, size_t *name_len)
{
	size_t i, start = p[1] == '{' ? 2 : 1;

	if (p[0] != '$' ||
	    !(isalpha((unsigned char)p[start]) || p[start] == '_'))
		return 0;
	for (i = start; isalnum((unsigned char)p[i]) || p[i] == '_'; i++)
		;
	*name_len = i - start;
	if (start == 2) {
		if (p[i] != '}')
			return 0;
		return i + 1;
	}
	return i;
}

/*
 * A '$' at p in keep-vars mode: a plain reference is copied into the word
 * as "$NAME" and its refusal kept in *pending; returns the bytes consumed,
 * or 0 when p is not a plain reference (check it as usual).
 */
static size_t
keep_reference(const char *p, struct buf *b, char **pending)
{
	size_t name_len, n = plain_reference(p, &name_len), i;
	const char *name = p + (p[1] == '{' ? 2 : 1);
	char msg[512];

	if (n == 0)
		return 0;
	buf_add(b, '$');
	for (i = 0; i < name_len; i++)
		buf_add(b, name[i]);
	if (*pending == NULL) {
		refuse(p, "a shell variable", msg, sizeof msg);
		*pending = strdup(msg);
		if (*pending == NULL)
			abort();
	}
	return n;
}

int
shellwords_is_variable(const char *s)
{
	size_t name_len;

	return s != NULL && s[0] == '$' && s[1] != '{' &&
	    plain_reference(s, &name_len) == strlen(s);
}

/* Appends the word in b to out, with the refusal it carries. */
static void
end_word(struct shellwords *out, struct buf *b, char **pending)
{
	shellwords_add(out, b->s ? b->s : "", b->n);
	if (out->vars != NULL)
		out->vars[out->n - 1] = *pending;
	else
		free(*pending);
	*pending = NULL;
}

static int split(const char *text, struct shellwords *out, bool keep_vars,
    char *err, size_t errlen);

int
shellwords_split(const char *text, struct shellwords *out, char *err,
    size_t errlen)
{
	return split(text, out, false, err, errlen);
}

int
shellwords_split_vars(const char *text, struct shellwords *out, char *err,
    size_t errlen)
{
	return split(text, out, true, err, errlen);
}

static int
split(const char *text, struct shellwords *out, bool keep_vars, char *err,
    size_t errlen)
{
	struct buf b = { 0 };
	const char *p = text;
	bool in_word = false;
	char *pending = NULL;
	size_t k;

	memset(out, 0, sizeof *out);
	if (keep_vars) {
		out->cap = 16;
		out->w = calloc(out->cap, sizeof *out->w);
		out->vars = calloc(out->cap, sizeof *out->vars);
		if (out->w == NULL || out->vars == NULL)
			abort();
	}
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
				snprintf(err, errlen,
				    "more than %d words in the command",
				    SHELLWORDS_MAX_WORDS);
				return fail(out, &b, &pending);
			}
			end_word(out, &b, &pending);
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
				snprintf(err, errlen,
				    "unterminated single quote at '%s'", ex);
				return fail(out, &b, &pending);
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

					shellwords_excerpt(start, 30, ex,
					    sizeof ex);
					snprintf(err, errlen,
					    "unterminated double quote at "
					    "'%s'",
					    ex);
					return fail(out, &b, &pending);
				}
				if (*p == '\\' && p[1] != '\0' &&
				    strchr("$`\"\\\n", p[1])) {
					if (p[1] != '\n')
						buf_add(&b, p[1]);
					p++;
					continue;
				}
				if (*p == '$' && keep_vars &&
				    (k = keep_reference(p, &b, &pending)) !=
					0) {
					p += k - 1;
					continue;
				}
				if (*p == '$' &&
				    check_dollar(p, err, errlen) != 0)
					return fail(out, &b, &pending);
				if (*p == '`') {
					refuse(p, "command substitution", err,
					    errlen);
					return fail(out, &b, &pending);
				}
				buf_add(&b, *p);
			}
			p++;
			in_word = true;
			continue;
		}
		if (c == '$' && keep_vars &&
		    (k = keep_reference(p, &b, &pending)) != 0) {
			p += k;
			in_word = true;
			continue;
		}
		if (c == '$' && check_dollar(p, err, errlen) != 0)
			return fail(out, &b, &pending);
		if (c == '`') {
			refuse(p, "command substitution", err, errlen);
			return fail(out, &b, &pending);
		}
		if (strchr("|&;<>()", c) != NULL) {
			refuse(p, operator_name(p), err, errlen);
			return fail(out, &b, &pending);
		}
		buf_add(&b, c);
		in_word = true;
		p++;
	}
	if (in_word) {
		if (out->n >= SHELLWORDS_MAX_WORDS) {
			snprintf(err, errlen,
			    "more than %d words in the command",
			    SHELLWORDS_MAX_WORDS);
			return fail(out, &b, &pending);
		}
		end_word(out, &b, &pending);
	}
	free(pending);
	free(b.s);
	return 0;
}

void
shellwords_quote(const char *s, char *buf, size_t len)
{
	size_t o = strlen(buf);
	const char *p;
	int plain = *s != '\0';

	for (p = s; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr("-_./=:,+@%", *p)))
			plain = 0;
	if (plain) {
		snprintf(buf + o, len > o ? len - o : 0, "%s", s);
		return;
	}
	if (o + 1 < len)
		buf[o++] = '\'';
	for (p = s; *p && o + 5 < len; p++) {
		if (*p == '\'') {
			memcpy(buf + o, "'\\''", 4);
			o += 4;
		} else {
			buf[o++] = *p;
		}
	}
	if (o + 1 < len)
		buf[o++] = '\'';
	buf[o < len ? o : len - 1] = '\0';
}

void
shellwords_quote_env(const char *value, char *buf, size_t len)
{
	size_t o = strlen(buf);

	if (shellwords_is_variable(value))
		snprintf(buf + o, len > o ? len - o : 0, "\"%s\"", value);
	else
		shellwords_quote(value, buf, len);
}
