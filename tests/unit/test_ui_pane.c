/*
 * test_ui_pane.c - the panes through their one interface (pane_ops.h):
 * every pane is described once with its repaint masks, every result of
 * the calc and every input group repaints some pane, and the masks are
 * enough: after each edit the screen the planner repainted from them
 * equals the screen of a full repaint, so no pane shows a stale figure.
 */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "ui/app.h"
#include "ui/app_state.h"
#include "ui/pane.h"

static char incremental[1 << 16], full[1 << 16];

static void
setup(void)
{
	test_ui_env();
}

TestSuite(pane_ops, .init = setup);

Test(pane_ops, every_pane_is_described_once_with_its_masks)
{
	int i, j;

	cr_assert_null(pane_ops_of(PANE_COUNT));
	for (i = 0; i < PANE_COUNT; i++) {
		const struct pane_ops *p = pane_ops_of((enum pane_id)i);

		cr_assert_not_null(p, "pane %d has no operations", i);
		cr_assert_not_null(p->name);
		cr_assert_not_null(p->draw, "%s draws nothing", p->name);
		cr_assert_eq(p->on_change & ~RECALC_CHG_ALL, 0, "%s", p->name);
		cr_assert_eq(p->on_input & ~PANE_IN_ALL, 0, "%s", p->name);
		/* only the status row, repainted after every key, declares nothing */
		cr_assert(i == PANE_STATUS || (p->on_change | p->on_input) != 0,
		    "%s declares no repaint mask", p->name);
		for (j = 0; j < i; j++)
			cr_assert_str_neq(p->name,
			    pane_ops_of((enum pane_id)j)->name);
	}
}

Test(pane_ops, every_result_and_input_group_repaints_a_pane)
{
	int n;

	for (n = 0; n < RECALC_N_COUNT; n++)
		cr_assert_neq(pane_repaint_mask(RECALC_CHG(n), 0), 0,
		    "a change of %s repaints nothing", recalc_node_name(n));
	for (n = 0; n < RECALC_IN_COUNT; n++)
		cr_assert_neq(pane_repaint_mask(0, PANE_IN(n)), 0,
		    "an edit of input group %d repaints nothing", n);
	cr_assert_eq(pane_repaint_mask(0, 0), 0);
	cr_assert_eq(pane_repaint_mask(RECALC_CHG(RECALC_N_COMMAND), 0),
	    PANE_BIT(PANE_CMD), "the command line alone");
}

Test(pane_ops, the_masks_repaint_every_pane_an_edit_changes)
{
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	/* edits of every kind: slider, flags, cards, card, model, checkpoint,
	 * fixes, undo, command style, release */
	static const char *const steps[] = { "[", "]", "<Left>", "T", "+", "-",
		"j<Enter>", "4jj+", "4j-", "4<Space>", "4d", "2j<Enter>",
		"3j<Enter>", "5f", "u", "u", "x", "x", "1kk<Enter>", "5<Enter>",
		"4jjjjjjjjj+", "u" };
	struct plan_input in;
	struct app *a;
	size_t i;

	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.max_model_len = 65536;
	a = app_headless_new((struct catalogue *)test_catalogue(), &in, &plain,
	    24, 80);
	cr_assert_not_null(a);
	for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		cr_assert_eq(app_headless_keys(a, steps[i]), 0);
		app_headless_dump(a, incremental, sizeof incremental);
		app_headless_resize(a, 24, 80); /* a full repaint */
		app_headless_dump(a, full, sizeof full);
		cr_assert_str_eq(incremental, full,
		    "after \"%s\" a pane is stale:\n"
		    "%s\n--- a full repaint ---\n%s",
		    steps[i], incremental, full);
	}
	app_headless_free(&a);
}
