/*
 * test_ui_overlay.c - the overlays through their one interface
 * (overlay.h): every entry of the table is complete, every overlay opens
 * over the panes and closes on Esc, on q (without quitting) and on its
 * own toggle key, and the shared scroll handling moves exactly the rows
 * and columns its scroll flags declare.  Keys go through update_key(),
 * the planner's own input path, without a frame in between, so that a
 * draw's clamping does not hide what the key did.
 */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "ui/app.h"
#include "ui/app_state.h"
#include "ui/keys.h"
#include "ui/overlay.h"
#include "ui/update.h"

static void
setup(void)
{
	test_ui_env();
}

TestSuite(overlay_ops, .init = setup);

static struct app *
start(void)
{
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	struct plan_input in;
	struct app *a;

	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.max_model_len = 8192;
	a = app_headless_new((struct catalogue *)test_catalogue(), &in, &plain,
	    24, 80);
	cr_assert_not_null(a, "no virtual terminal");
	return a;
}

/* The first key of an action, as a curses code. */
static int
key_of(enum action act)
{
	char name[32];
	const char *s;

	action_key(act, name, sizeof name);
	s = name;
	return keys_parse_one(&s);
}

Test(overlay_ops, every_overlay_is_described_once)
{
	int i, j;

	cr_assert_null(overlay_ops_of(OVERLAY_NONE));
	cr_assert_null(overlay_ops_of(OVERLAY_COUNT));
	for (i = OVERLAY_NONE + 1; i < OVERLAY_COUNT; i++) {
		const struct overlay_ops *o =
		    overlay_ops_of((enum overlay_id)i);

		cr_assert_not_null(o, "overlay %d has no operations", i);
		cr_assert_not_null(o->name);
		cr_assert_not_null(o->draw, "%s draws nothing", o->name);
		cr_assert(o->state_size > 0 ||
			(o->init == NULL && o->done == NULL &&
			    o->start == NULL),
		    "%s: init, done or start without a state", o->name);
		for (j = 0; j < 2; j++)
			cr_assert(o->toggle[j] == ACT_NONE ||
				key_of(o->toggle[j]) > 0,
			    "%s: a toggle action without a key", o->name);
		for (j = OVERLAY_NONE + 1; j < i; j++)
			cr_assert_str_neq(o->name,
			    overlay_ops_of((enum overlay_id)j)->name);
	}
}

Test(overlay_ops, every_overlay_closes_on_esc_q_and_its_toggle)
{
	struct app *a = start();
	int i, j;

	for (i = OVERLAY_NONE + 1; i < OVERLAY_COUNT; i++) {
		const struct overlay_ops *o =
		    overlay_ops_of((enum overlay_id)i);
		int closers[3] = { KEYS_ESC, 'q', 0 };

		for (j = 0; j < 2; j++)
			if (o->toggle[j] != ACT_NONE)
				closers[2] = key_of(o->toggle[j]);
		for (j = 0; j < 3 && closers[j] != 0; j++) {
			overlay_open(a, (enum overlay_id)i);
			app_headless_resize(a, 24, 80); /* a frame draws it */
			cr_assert_eq(a->overlay, i, "%s did not open", o->name);
			update_key(a, closers[j]);
			cr_assert_eq(a->overlay, OVERLAY_NONE,
			    "%s stays open on key %d", o->name, closers[j]);
			cr_assert(!a->quit, "q in %s quit the planner",
			    o->name);
			cr_assert(a->full, "%s: the panes under it repaint",
			    o->name);
			app_headless_resize(a, 24, 80);
		}
	}
	app_headless_free(&a);
}

Test(overlay_ops, the_shared_scroll_keys_follow_the_flags)
{
	struct app *a = start();
	int i;

	for (i = OVERLAY_NONE + 1; i < OVERLAY_COUNT; i++) {
		const struct overlay_ops *o =
		    overlay_ops_of((enum overlay_id)i);
		struct overlay *ov = &a->overlays[i];
		int page = o->page > 0 ? o->page : a->rows / 2;
		bool lines = o->scroll & OVERLAY_SCROLL_LINES;

		overlay_open(a, (enum overlay_id)i);
		cr_assert_eq(ov->top, 0);
		cr_assert_eq(ov->left, 0);
		update_key(a, KEY_DOWN);
		cr_assert_eq(ov->top,
		    lines && (o->max_top == NULL || o->max_top(a, ov) > 0) ? 1
									   : 0,
		    "%s: Down", o->name);
		update_key(a, KEY_UP);
		cr_assert_eq(ov->top, 0, "%s: Up", o->name);
		update_key(a, KEY_UP);
		cr_assert_eq(ov->top, 0, "%s: Up stops at the top", o->name);
		update_key(a, KEY_NPAGE);
		cr_assert_eq(ov->top,
		    o->scroll & OVERLAY_SCROLL_PAGES ? page : 0, "%s: PgDn",
		    o->name);
		update_key(a, KEY_PPAGE);
		cr_assert_eq(ov->top, 0, "%s: PgUp", o->name);
		ov->top = 3;
		update_key(a, KEY_HOME);
		cr_assert_eq(ov->top, o->scroll & OVERLAY_SCROLL_HOME ? 0 : 3,
		    "%s: Home", o->name);
		ov->top = 0;
		if (o->scroll & OVERLAY_SCROLL_SIDE) {
			update_key(a, KEY_RIGHT);
			cr_assert_eq(ov->left, 8, "%s: Right", o->name);
			update_key(a, KEY_LEFT);
			update_key(a, KEY_LEFT);
			cr_assert_eq(ov->left, 0, "%s: Left", o->name);
		}
		cr_assert_eq(a->overlay, i, "%s closed on a scroll key",
		    o->name);
		cr_assert_eq(app_headless_keys(a, "<Esc>"), 0);
	}
	app_headless_free(&a);
}

Test(overlay_ops, the_help_scrolls_to_its_last_row_only)
{
	struct app *a = start();
	struct overlay *ov = &a->overlays[OVERLAY_HELP];
	int k, last;

	overlay_open(a, OVERLAY_HELP);
	last = overlay_ops_of(OVERLAY_HELP)->max_top(a, ov);
	cr_assert_gt(last, 0, "the help is longer than 24 rows");
	for (k = 0; k < last + 5; k++)
		update_key(a, KEY_DOWN);
	cr_assert_eq(ov->top, last);
	app_headless_free(&a);
}

/* The help is five screens at 80x24: PgDn, End and Home reach every row. */
Test(overlay_ops, the_help_pages_to_its_ends)
{
	struct app *a = start();
	struct overlay *ov = &a->overlays[OVERLAY_HELP];
	int k, last;

	overlay_open(a, OVERLAY_HELP);
	last = overlay_ops_of(OVERLAY_HELP)->max_top(a, ov);
	update_key(a, KEY_NPAGE);
	cr_assert_eq(ov->top, a->rows / 2, "PgDn moves half a screen");
	for (k = 0; k < last; k++)
		update_key(a, KEY_NPAGE);
	cr_assert_eq(ov->top, last, "PgDn stops at the last row");
	update_key(a, KEY_UP);
	cr_assert_eq(ov->top, last - 1, "one Up from the end moves one row");
	update_key(a, KEY_HOME);
	cr_assert_eq(ov->top, 0);
	update_key(a, KEY_END);
	cr_assert_eq(ov->top, last);
	update_key(a, KEY_PPAGE);
	cr_assert_eq(ov->top, last - a->rows / 2);
	cr_assert_eq(a->overlay, OVERLAY_HELP);
	app_headless_free(&a);
}

Test(overlay_ops, a_state_lives_until_the_planner_ends)
{
	struct app *a = start();
	void *st;

	cr_assert_null(a->overlays[OVERLAY_FIT].state,
	    "no state before first use");
	cr_assert_eq(app_headless_keys(a, "F+<Esc>"), 0);
	st = a->overlays[OVERLAY_FIT].state;
	cr_assert_not_null(st);
	cr_assert_eq(app_headless_keys(a, "F<Esc>"), 0);
	cr_assert_eq(a->overlays[OVERLAY_FIT].state, st,
	    "reopening keeps the question");
	cr_assert_null(a->overlays[OVERLAY_HELP].state,
	    "the help has no state");
	app_headless_free(&a);
}
