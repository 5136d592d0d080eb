/*
 * shellwords.h - a pasted shell command split into words, the way a POSIX
 * shell would split it, without running or expanding anything.
 *
 * Supported: blanks between words, 'single quotes', "double quotes" (with
 * \" \\ \$ \` and backslash-newline), backslash escapes outside quotes,
 * backslash-newline continuations (also with blanks after the backslash,
 * a common copy-and-paste accident), and # comments at the start of a
 * word.  An unquoted newline also separates words.
 *
 * Refused, with a message that quotes the offending text: command
 * substitution ($(...) and backquotes), parameter expansion ($VAR,
 * ${VAR}, $1), arithmetic $((...)), bash's $'...' quoting, pipes,
 * redirections, ';', '&', '&&', '||' and parentheses.  headroom reads a
 * command; it never runs one, so it cannot know what such text would
 * become.
 *
 * Bytes are kept as they are (non-UTF-8 included); the NUL byte cannot
 * occur in the C string given.
 */
#ifndef HEADROOM_SHELLWORDS_H
#define HEADROOM_SHELLWORDS_H

#include <stddef.h>

#define SHELLWORDS_MAX_TEXT (256u << 10) /* longest command accepted */
#define SHELLWORDS_MAX_WORDS 4096

/* A list of malloc'd words; the list owns them. */
struct shellwords {
	char **w;
	size_t n, cap;
	/*
	 * With shellwords_split_vars() only: for each word, NULL, or the
	 * refusal shellwords_split() would have given for a $NAME or ${NAME}
	 * in it (the word then holds "$NAME" as written).  The caller accepts
	 * the word where a variable may stand, or refuses with this message.
	 */
	char **vars;
};

/*
 * Splits text into out (which must be zeroed or freshly done).  Returns 0,
 * or -1 with a message in err that names the offending text; out is then
 * empty.
 */
int shellwords_split(const char *text, struct shellwords *out, char *err,
    size_t errlen);

/*
 * As shellwords_split(), but a plain parameter expansion ($NAME, ${NAME})
 * is kept in its word as "$NAME" and noted in out->vars instead of
 * refusing the whole text; everything else is refused as before.
 */
int shellwords_split_vars(const char *text, struct shellwords *out, char *err,
    size_t errlen);

/* True when s is exactly one plain variable reference: "$NAME". */
int shellwords_is_variable(const char *s);

/* Appends a copy of the n bytes at s (n = (size_t)-1: up to the NUL). */
void shellwords_add(struct shellwords *, const char *s, size_t n);

/* Frees the words and zeroes the list. */
void shellwords_done(struct shellwords *);

/*
 * Writes s into buf (len bytes) for an error message: at most max bytes
 * of it, control bytes and bytes >= 0x80 as \xNN, so a hostile command
 * cannot reach the terminal through a message.
 */
void shellwords_excerpt(const char *s, size_t max, char *buf, size_t len);

/* Appends s to buf as one POSIX shell word (quoted only when needed). */
void shellwords_quote(const char *s, char *buf, size_t len);
/* As shellwords_quote(), but a value that is one variable ("$HF_TOKEN") is
 * written as "$HF_TOKEN", so the shell passes it on as the user wrote it. */
void shellwords_quote_env(const char *value, char *buf, size_t len);

#endif
