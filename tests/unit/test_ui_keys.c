/*
 * test_ui_keys.c - keys as a user types them: a typed value replaces the
 * one the prompt shows, an escape sequence TERM does not name is ignored
 * as a whole (never taken as '[' and '1'), Ctrl-C in a prompt cancels the
 * prompt and not the planner.  Bytes go through curses' own decoding
 * (app_headless_bytes()) on a virtual terminal of the TERM given.
 */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "ui/app.h"

static char screen[1 << 16];

static void
setup(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	unsetenv("NO_COLOR");
	unsetenv("HEADROOM_THEMES_DIR");
}

TestSuite(keys, .init = setup);

static struct app *
start(const char *term)
{
	static const struct ui_options opt = { 0, 0, NULL, NULL };
	struct plan_input in;
	struct app *a;

	setenv("TERM", term, 1);
	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.kv_dtype = KV_FP8;
	in.max_model_len = 131072;
	a = app_headless_new((struct catalogue *)test_catalogue(), &in, &opt,
	    24, 80);
	cr_assert_not_null(a);
	return a;
}

static const char *
dump(struct app *a)
{
	app_headless_dump(a, screen, sizeof screen);
	return screen;
}

static void
keys(struct app *a, const char *k)
{
	cr_assert_eq(app_headless_keys(a, k), 0, "bad key script %s", k);
}

static void
bytes(struct app *a, const char *b)
{
	cr_assert_eq(app_headless_bytes(a, b, strlen(b)), 0);
}

/* The status line: the last line of the screen. */
static const char *
status_line(void)
{
	const char *end = screen + strlen(screen), *s;

	while (end > screen && end[-1] == '\n')
		end--;
	for (s = end; s > screen && s[-1] != '\n'; s--)
		;
	return s;
}

Test(keys, a_typed_value_replaces_the_one_shown)
{
	struct app *a = start("xterm-256color");

	/* the flags pane's second row is --max-model-len, shown as 131072 */
	keys(a, "4j<Enter>");
	cr_assert_not_null(strstr(dump(a), "--max-model-len: 131072"), "%s",
	    screen);
	keys(a, "8192<Enter>");
	cr_assert_eq(app_headless_input(a)->max_model_len, 8192, "got %d",
	    app_headless_input(a)->max_model_len);
	/* editing keeps it: Backspace takes the last digit, then typing appends */
	keys(a, "<Enter><BS>3<Enter>");
	cr_assert_eq(app_headless_input(a)->max_model_len, 8193);
	/* tokens per request: the same */
	keys(a, "t4096<Enter>");
	cr_assert_not_null(strstr(dump(a), "4,096 ▶ tokens per request"), "%s",
	    screen);
	app_headless_free(&a);
}

Test(keys, a_paste_over_the_value_shown_replaces_it)
{
	struct app *a = start("xterm-256color");

	keys(a, "4j<Enter>");
	bytes(a, "\033[200~16384\033[201~");
	keys(a, "<Enter>");
	cr_assert_eq(app_headless_input(a)->max_model_len, 16384, "got %d",
	    app_headless_input(a)->max_model_len);
	app_headless_free(&a);
}

Test(keys, an_unknown_sequence_is_ignored_as_a_whole)
{
	struct app *a = start("xterm"); /* no key of xterm's is ESC [ 9 9 ~ */
	struct plan_input before = *app_headless_input(a);

	keys(a, "4"); /* the flags pane; '9' would be typed somewhere */
	bytes(a, "\033[99~");
	dump(a);
	cr_assert(memcmp(&before, app_headless_input(a), sizeof before) == 0);
	cr_assert_not_null(strstr(status_line(), "ignored the key ESC [99~"),
	    "%s", screen);
	/* the flags pane still has the focus: j moves its cursor to max-model-len */
	keys(a, "j<Enter>");
	cr_assert_not_null(strstr(dump(a), "--max-model-len: 131072"), "%s",
	    screen);
	/* in a prompt: neither Esc (closing it) nor text */
	bytes(a, "\033[99~\033[15;2~\033Ox");
	cr_assert_not_null(strstr(dump(a), "--max-model-len: 131072"), "%s",
	    screen);
	cr_assert_null(strstr(screen, "131072["), "%s", screen);
	/* a sequence TERM names still works, and Esc alone still cancels */
	bytes(a, "\033");
	cr_assert_null(strstr(dump(a), "--max-model-len: "), "%s", screen);
	bytes(a,
	    "\033OB"); /* xterm's cursor down: the row below max-model-len */
	keys(a, "<Enter>");
	dump(a);
	cr_assert_null(strstr(status_line(), "--max-model-len: "),
	    "the cursor did not "
	    "move: %s",
	    screen);
	cr_assert_not_null(strstr(status_line(), ": "), "a prompt is open: %s",
	    screen);
	app_headless_free(&a);
}

/* tmux sends ESC [ 1 ~ / ESC [ 4 ~ for Home / End under any TERM, and
 * vt100 names no Home, End, PgUp, PgDn or Shift-Tab: they work all the
 * same. */
Test(keys, home_end_and_pages_of_tmux_work_under_any_term)
{
	const char *terms[] = { "xterm", "xterm-256color", "vt100" };
	size_t t;

	for (t = 0; t < sizeof terms / sizeof terms[0]; t++) {
		struct app *a = start(terms[t]);

		/* the flags pane, two rows down, then Home: the first row */
		keys(a, "4jj");
		bytes(a, "\033[1~");
		keys(a, "<Enter>");
		cr_assert_not_null(strstr(dump(a),
				       "--gpu-memory-utilization: 0.92"),
		    "%s: Home did not reach the first row: %s", terms[t],
		    status_line());
		keys(a, "<Esc>");
		/* End, then Home again through xterm's own and the
		 * console's sequences */
		bytes(a, "\033[4~");
		keys(a, "<Enter>");
		cr_assert_null(strstr(dump(a), "--gpu-memory-utilization:"),
		    "%s: End did not move: %s", terms[t], status_line());
		keys(a, "<Esc>");
		bytes(a, "\033[H");
		keys(a, "<Enter>");
		cr_assert_not_null(strstr(dump(a),
				       "--gpu-memory-utilization: 0.92"),
		    "%s: ESC [ H: %s", terms[t], status_line());
		keys(a, "<Esc>");
		/* PgDn in the help, and Shift-Tab back from the flags */
		keys(a, "?");
		bytes(a, "\033[6~");
		cr_assert_null(strstr(dump(a), "    q      "),
		    "%s: PgDn did not scroll the help: %s", terms[t], screen);
		keys(a, "<Esc>");
		bytes(a, "\033[Z");
		cr_assert_null(strstr(dump(a), "ignored the key"), "%s: %s",
		    terms[t], status_line());
		app_headless_free(&a);
	}
}

Test(keys, ctrl_c_in_a_prompt_cancels_the_prompt)
{
	struct app *a = start("xterm-256color");

	keys(a, "t123");
	cr_assert_not_null(strstr(dump(a), "tokens per request (or max): 123"),
	    "%s", screen);
	cr_assert_eq(app_headless_interrupt(a), 1, "the planner goes on");
	dump(a);
	cr_assert_null(strstr(screen, "tokens per request (or max):"), "%s",
	    screen);
	cr_assert_not_null(strstr(status_line(), "cancelled"), "%s", screen);
	cr_assert_not_null(strstr(screen, "131,072 ▶ tokens per request"),
	    "nothing taken: %s", screen);
	cr_assert_eq(app_headless_interrupt(a), 0,
	    "without a prompt Ctrl-C ends it");
	app_headless_free(&a);
}

/* A search that matches nothing, accepted: the whole list again and the
 * reason on the status line, not an empty pane. */
Test(keys, a_search_that_matches_nothing_gives_the_list_back)
{
	struct app *a;

	setenv("HF_HUB_OFFLINE", "1", 1); /* the model search asks no Hub */
	a = start("xterm-256color");

	keys(a, "1/whisper<Enter>");
	cr_assert_not_null(strstr(dump(a), "no card matches 'whisper'"), "%s",
	    screen);
	cr_assert_not_null(strstr(screen, "rtx-pro-6000-server"),
	    "the card list is empty: %s", screen);
	cr_assert_null(strstr(screen, "/whisper"), "%s", screen);
	keys(a, "2/zz zz<Enter>");
	cr_assert_not_null(strstr(dump(a), "no model matches 'zz zz'"), "%s",
	    screen);
	cr_assert_not_null(strstr(screen, "Llama 3.3 70B"),
	    "the model list is empty: %s", screen);
	cr_assert_null(strstr(screen, "/zz zz"), "%s", screen);
	app_headless_free(&a);
}

/* At 80 columns a refusal too long to sit beside the typed text takes its
 * place, so its reason can be read; the next key brings the text back. */
Test(keys, a_long_refusal_is_readable_at_80_columns)
{
	struct app *a = start("xterm-256color");

	keys(a, "4j<Enter><C-u>lots<Enter>");
	dump(a);
	cr_assert_not_null(strstr(status_line(),
			       "is not a whole number from 1 to 2147483648"),
	    "%s", status_line());
	cr_assert_not_null(strstr(status_line(), "--max-model-len: "), "%s",
	    status_line());
	keys(a, "<BS>");
	dump(a);
	cr_assert_not_null(strstr(status_line(), ": lot"), "%s", status_line());
	cr_assert_null(strstr(status_line(), "whole number"), "%s",
	    status_line());
	app_headless_free(&a);
}

/* Saving over a scenario not loaded here: the refusal says what Enter
 * does, at 80 columns. */
Test(keys, saving_over_a_file_says_enter_again_at_80_columns)
{
	struct app *a = start("xterm-256color");
	char path[] = "/tmp/hrXXXXXX", k[64];
	int fd = mkstemp(path);

	cr_assert_geq(fd, 0);
	close(fd);
	snprintf(k, sizeof k, "s<C-u>%s<Enter>", path);
	keys(a, k);
	dump(a);
	cr_assert_not_null(strstr(status_line(), "Enter again"), "%s",
	    status_line());
	keys(a, "<Enter>");
	cr_assert_not_null(strstr(app_headless_status(a), "saved the scenario"),
	    "%s", app_headless_status(a));
	unlink(path);
	app_headless_free(&a);
}
