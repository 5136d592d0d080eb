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

#include "io/strbuf.h"

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
fail(struct shellwords *out, struct strbuf *b, char **pending)
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
keep_reference(const char *p, struct strbuf *b, char **pending)
{
	size_t name_len, n = plain_reference(p, &name_len), i;
	const char *name = p + (p[1] == '{' ? 2 : 1);
	char msg[512];

	if (n == 0)
		return 0;
	strbuf_putc(b, '$');
	for (i = 0; i < name_len; i++)
		strbuf_putc(b, name[i]);
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
end_word(struct shellwords *out, struct strbuf *b, char **pending)
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

/*
 * One split: the text still to read (p), the word being built (b, in_word)
 * with the refusal it carries in keep-vars mode (pending), and the words
 * so far.  Each step below reads one construct at p and returns 0, or -1
 * with err written.
 */
struct split_state {
	const char *p;
	struct strbuf b;
	bool in_word;
	char *pending;
	bool keep_vars;
	struct shellwords *out;
	char *err;
	size_t errlen;
};

/* Ends the word being built, refusing one past SHELLWORDS_MAX_WORDS. */
static int
split_end_word(struct split_state *st)
{
	if (st->out->n >= SHELLWORDS_MAX_WORDS) {
		snprintf(st->err, st->errlen,
		    "more than %d words in the command", SHELLWORDS_MAX_WORDS);
		return -1;
	}
	end_word(st->out, &st->b, &st->pending);
	return 0;
}

/* A backslash: a line continuation (blanks before the newline allowed), a
 * trailing one, or the next character taken as it is. */
static int
split_backslash(struct split_state *st)
{
	const char *p = st->p, *q = p + 1;

	while (*q == ' ' || *q == '\t')
		q++;
	if (*q == '\r' && q[1] == '\n')
		q++;
	if (*q == '\n' || (*q == '\0' && q > p + 1)) {
		st->p = *q ? q + 1 : q;
		return 0;
	}
	if (p[1] == '\0') {
		st->p = p + 1;
		return 0;
	}
	strbuf_putc(&st->b, p[1]);
	st->in_word = true;
	st->p = p + 2;
	return 0;
}

/* Writes "unterminated KIND quote at '...'" quoting the text from start. */
static int
split_unterminated(struct split_state *st, const char *kind, const char *start)
{
	char ex[80];

	shellwords_excerpt(start, 30, ex, sizeof ex);
	snprintf(st->err, st->errlen, "unterminated %s quote at '%s'", kind,
	    ex);
	return -1;
}

/* '...': every character up to the closing quote, as it is. */
static int
split_single_quote(struct split_state *st)
{
	const char *q = strchr(st->p + 1, '\'');
	const char *p;

	if (q == NULL)
		return split_unterminated(st, "single", st->p);
	for (p = st->p + 1; p < q; p++)
		strbuf_putc(&st->b, *p);
	st->p = q + 1;
	st->in_word = true;
	return 0;
}

/* "...": backslash escapes of $ ` " \ and newline; expansions refused
 * (a plain reference kept in keep-vars mode). */
static int
split_double_quote(struct split_state *st)
{
	const char *start = st->p, *p;
	size_t k;

	for (p = start + 1; *p != '"'; p++) {
		if (*p == '\0')
			return split_unterminated(st, "double", start);
		if (*p == '\\' && p[1] != '\0' && strchr("$`\"\\\n", p[1])) {
			if (p[1] != '\n')
				strbuf_putc(&st->b, p[1]);
			p++;
			continue;
		}
		if (*p == '$' && st->keep_vars &&
		    (k = keep_reference(p, &st->b, &st->pending)) != 0) {
			p += k - 1;
			continue;
		}
		if (*p == '$' && check_dollar(p, st->err, st->errlen) != 0)
			return -1;
		if (*p == '`')
			return refuse(p, "command substitution", st->err,
			    st->errlen);
		strbuf_putc(&st->b, *p);
	}
	st->p = p + 1;
	st->in_word = true;
	return 0;
}

/* Any other character outside quotes: a literal one, or a refused
 * expansion or operator. */
static int
split_unquoted(struct split_state *st)
{
	const char *p = st->p;
	char c = *p;
	size_t k;

	if (c == '$' && st->keep_vars &&
	    (k = keep_reference(p, &st->b, &st->pending)) != 0) {
		st->p = p + k;
		st->in_word = true;
		return 0;
	}
	if (c == '$' && check_dollar(p, st->err, st->errlen) != 0)
		return -1;
	if (c == '`')
		return refuse(p, "command substitution", st->err, st->errlen);
	if (strchr("|&;<>()", c) != NULL)
		return refuse(p, operator_name(p), st->err, st->errlen);
	strbuf_putc(&st->b, c);
	st->in_word = true;
	st->p = p + 1;
	return 0;
}

/* One step at st->p: blanks, a comment, the end of a word, or a word's
 * next construct. */
static int
split_step(struct split_state *st)
{
	char c = *st->p;

	if (!st->in_word && is_blank(c)) {
		st->p++;
		return 0;
	}
	if (!st->in_word && c == '#') {
		while (*st->p != '\0' && *st->p != '\n')
			st->p++;
		return 0;
	}
	if (is_blank(c)) {
		if (split_end_word(st) != 0)
			return -1;
		st->b.n = 0;
		st->in_word = false;
		st->p++;
		return 0;
	}
	if (c == '\\')
		return split_backslash(st);
	if (c == '\'')
		return split_single_quote(st);
	if (c == '"')
		return split_double_quote(st);
	return split_unquoted(st);
}

static int
split(const char *text, struct shellwords *out, bool keep_vars, char *err,
    size_t errlen)
{
	struct split_state st = { 0 };

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
	st.p = text;
	st.keep_vars = keep_vars;
	st.out = out;
	st.err = err;
	st.errlen = errlen;
	while (*st.p != '\0')
		if (split_step(&st) != 0)
			return fail(out, &st.b, &st.pending);
	if (st.in_word && split_end_word(&st) != 0)
		return fail(out, &st.b, &st.pending);
	free(st.pending);
	free(st.b.s);
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
