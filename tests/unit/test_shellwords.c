/*
 * test_shellwords.c - POSIX word splitting of pasted commands, and the
 * shell constructs it refuses (hostile input included).
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "io/shellwords.h"

static struct shellwords sw;
static char err[512];

static void
split_ok(const char *text)
{
	shellwords_done(&sw);
	cr_assert_eq(shellwords_split(text, &sw, err, sizeof err), 0, "%s: %s",
	    text, err);
}

static void
split_refused(const char *text, const char *quoted, const char *why)
{
	shellwords_done(&sw);
	cr_assert_eq(shellwords_split(text, &sw, err, sizeof err), -1, "%s",
	    text);
	cr_assert_eq(sw.n, 0);
	cr_assert(strstr(err, quoted) != NULL, "'%s' not in: %s", quoted, err);
	cr_assert(strstr(err, why) != NULL, "'%s' not in: %s", why, err);
}

Test(shellwords, quotes_escapes_and_blanks)
{
	split_ok("vllm  serve\t'my model' \"a \\\"b\\\" \\$5 \\\\\" c\\ d "
		 "e'f'\"g\"");
	cr_assert_eq(sw.n, 6);
	cr_assert_str_eq(sw.w[0], "vllm");
	cr_assert_str_eq(sw.w[2], "my model");
	cr_assert_str_eq(sw.w[3], "a \"b\" $5 \\");
	cr_assert_str_eq(sw.w[4], "c d");
	cr_assert_str_eq(sw.w[5], "efg");
	split_ok("a '' \"\" b");
	cr_assert_eq(sw.n, 4);
	cr_assert_str_eq(sw.w[1], "");
	cr_assert_str_eq(sw.w[2], "");
	/* a backslash in single quotes is literal; "$" alone too */
	split_ok("'a\\b' $ x$");
	cr_assert_str_eq(sw.w[0], "a\\b");
	cr_assert_str_eq(sw.w[1], "$");
	cr_assert_str_eq(sw.w[2], "x$");
	shellwords_done(&sw);
}

Test(shellwords, continuations_newlines_and_comments)
{
	split_ok("vllm serve m \\\n  --a 1 \\   \n  --b \\\r\n2 # a comment "
		 "$(not run)\n--c");
	cr_assert_eq(sw.n, 8, "%zu words", sw.n);
	cr_assert_str_eq(sw.w[3], "--a");
	cr_assert_str_eq(sw.w[6], "2");
	cr_assert_str_eq(sw.w[7], "--c");
	/* inside double quotes a backslash-newline disappears too */
	split_ok("\"ab\\\ncd\"");
	cr_assert_str_eq(sw.w[0], "abcd");
	/* a newline inside single quotes stays */
	split_ok("'a\nb'");
	cr_assert_str_eq(sw.w[0], "a\nb");
	/* a word with # inside is not a comment */
	split_ok("a#b #c");
	cr_assert_eq(sw.n, 1);
	cr_assert_str_eq(sw.w[0], "a#b");
	shellwords_done(&sw);
}

Test(shellwords, refuses_what_only_a_shell_could_know)
{
	split_refused("vllm serve $(cat model.txt)", "$(cat model.txt)",
	    "command substitution");
	split_refused("vllm serve \"$(id)\"", "$(id)", "command substitution");
	split_refused("vllm serve `id`", "`id`", "command substitution");
	split_refused("vllm serve \"x`id`\"", "`id`", "command substitution");
	split_refused("vllm serve $((1+2))", "$((1+2))", "arithmetic");
	split_refused("vllm serve $MODEL", "$MODEL", "shell variable");
	split_refused("vllm serve \"${MODEL:-x}\"", "${MODEL:-x}",
	    "parameter expansion");
	split_refused("vllm serve m --port $1", "$1",
	    "special shell parameter");
	split_refused("vllm serve $'a\\nb'", "$'a", "bash");
	split_refused("vllm serve m | tee log", "| tee log", "pipe");
	split_refused("vllm serve m > out.log 2>&1", "> out.log 2>&1",
	    "redirection");
	split_refused("vllm serve m < in", "< in", "redirection");
	split_refused("vllm serve m; rm -rf /", "; rm -rf /", "second command");
	split_refused("vllm serve m && echo ok", "&& echo ok",
	    "second command");
	split_refused("vllm serve m || true", "|| true", "second command");
	split_refused("vllm serve m &", "&", "background");
	split_refused("(vllm serve m)", "(vllm serve m)", "subshell");
	split_refused("vllm serve 'unterminated", "'unterminated",
	    "single quote");
	split_refused("vllm serve \"unterminated", "\"unterminated",
	    "double quote");
	/* quoted, the same characters are plain text */
	split_ok("vllm serve 'm | x; $(y) `z` > w' \"a|b;c&d<e>f(g)\"");
	cr_assert_str_eq(sw.w[2], "m | x; $(y) `z` > w");
	cr_assert_str_eq(sw.w[3], "a|b;c&d<e>f(g)");
	shellwords_done(&sw);
}

Test(shellwords, hostile_bytes_stay_bytes_and_messages_stay_printable)
{
	char ex[128];

	split_ok("vllm serve /m/\xff\xfe\x80 '\x1b[31mred'");
	cr_assert_str_eq(sw.w[2], "/m/\xff\xfe\x80");
	cr_assert_str_eq(sw.w[3], "\x1b[31mred");
	shellwords_done(&sw);
	cr_assert_eq(shellwords_split("vllm serve \x1b]52;c;AAAA\x07 $(x\xff)",
			 &sw, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "\\xff") != NULL, "%s", err);
	cr_assert(strchr(err, '\x1b') == NULL && strchr(err, '\xff') == NULL);
	shellwords_excerpt("a\nb\x01\xc3\xa9", 20, ex, sizeof ex);
	cr_assert_str_eq(ex, "a\\nb\\x01\\xc3\\xa9");
	shellwords_excerpt("abcdef", 3, ex, sizeof ex);
	cr_assert_str_eq(ex, "abc...");
}

Test(shellwords, huge_inputs_are_bounded)
{
	size_t n = SHELLWORDS_MAX_TEXT + 10, i;
	char *big = malloc(n + 1);

	cr_assert_not_null(big);
	memset(big, 'a', n);
	big[n] = '\0';
	cr_assert_eq(shellwords_split(big, &sw, err, sizeof err), -1);
	cr_assert(strstr(err, "longer than") != NULL, "%s", err);
	/* many words */
	for (i = 0; i + 1 < 2 * (SHELLWORDS_MAX_WORDS + 5); i += 2) {
		big[i] = 'x';
		big[i + 1] = ' ';
	}
	big[i] = '\0';
	cr_assert_eq(shellwords_split(big, &sw, err, sizeof err), -1);
	cr_assert(strstr(err, "words") != NULL, "%s", err);
	/* one long word is fine */
	memset(big, 'b', 100000);
	big[100000] = '\0';
	split_ok(big);
	cr_assert_eq(strlen(sw.w[0]), 100000);
	shellwords_done(&sw);
	free(big);
}
