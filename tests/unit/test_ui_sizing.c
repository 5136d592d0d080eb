/*
 * test_ui_sizing.c - the planner's sizing views on a virtual terminal:
 * F (fit finder), S (instances sharing the card), U (another release);
 * each opens over the panes, reacts to its keys, and Esc brings the
 * planner back; Enter in F puts the chosen plan into the planner.
 */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "ui/app.h"

static char screen[1 << 17];

static void
setup(void)
{
	test_ui_env();
}

TestSuite(sizing_ui, .init = setup);

static struct app *
start(void)
{
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	struct plan_input in;
	struct app *a;

	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.kv_dtype = KV_FP8;
	in.max_model_len = 8192;
	in.tokens_per_request = 8192;
	a = app_headless_new((struct catalogue *)test_catalogue(), &in, &plain,
	    40, 120);
	cr_assert_not_null(a, "no virtual terminal");
	return a;
}

static const char *
dump(struct app *a)
{
	app_headless_dump(a, screen, sizeof screen);
	return screen;
}

Test(sizing_ui, fit_view_follows_the_users_and_plans_a_row)
{
	struct app *a = start();
	const struct plan_input *in;

	cr_assert(strstr(dump(a), "est. ") != NULL &&
		strstr(screen, "tok/s each") != NULL,
	    "the slider line shows the speed, as an estimate: %s", screen);
	cr_assert_eq(app_headless_keys(a, "F"), 0);
	cr_assert(strstr(dump(a), "Plans that carry the users") != NULL, "%s",
	    screen);
	cr_assert(strstr(screen, "plans in") != NULL, "%s", screen);
	cr_assert(strstr(screen, "max-model-len 8,192 (the plan's)") != NULL,
	    "F keeps the plan's max-model-len: %s", screen);
	cr_assert(strstr(screen, "by price (r)") != NULL, "%s", screen);
	cr_assert_eq(app_headless_keys(a, "rr"), 0);
	cr_assert(strstr(dump(a), "by cards (r)") != NULL, "%s", screen);
	cr_assert_eq(app_headless_keys(a, "rr"), 0);
	cr_assert(strstr(dump(a), "by price (r)") != NULL, "r goes round: %s",
	    screen);
	cr_assert_eq(app_headless_keys(a, ">>"), 0);
	cr_assert(strstr(dump(a), "requests of 8,192 tokens at once") != NULL);
	cr_assert_eq(app_headless_keys(a, "<Right>"), 0);
	cr_assert(strstr(dump(a), "of 9,216 tokens") != NULL, "%s", screen);
	cr_assert_eq(app_headless_keys(a, "<Enter>"), 0);
	cr_assert(strstr(dump(a), "Plans that carry the users") == NULL);
	in = app_headless_input(a);
	cr_assert_eq(in->tokens_per_request, 9216);
	cr_assert_eq(in->max_model_len, 9216);
	/* the tokens stop at the model's maximum, 131,072 for Llama 3.3 */
	cr_assert_eq(app_headless_keys(a, "F]]]]]]]]"), 0);
	cr_assert(strstr(dump(a), "of 131,072 tokens") != NULL, "%s", screen);
	app_headless_free(&a);
}

Test(sizing_ui, share_and_upgrade_views)
{
	struct app *a = start();

	cr_assert_eq(app_headless_keys(a, "S"), 0);
	cr_assert(strstr(dump(a),
		      "This card shared by several vLLM instances") != NULL,
	    "%s", screen);
	cr_assert(strstr(screen, "fractions sum to 0.90") != NULL, "%s",
	    screen);
	cr_assert_eq(app_headless_keys(a, "+++++++++++"), 0);
	cr_assert(strstr(dump(a), "The fractions sum to 1.01") != NULL, "%s",
	    screen);
	cr_assert_eq(app_headless_keys(a, "a"), 0);
	cr_assert(strstr(dump(a), "  3   ") != NULL, "a third instance: %s",
	    screen);
	cr_assert_eq(app_headless_keys(a, "<Esc>U"), 0);
	cr_assert(strstr(dump(a), "This plan under vLLM") != NULL, "%s",
	    screen);
	cr_assert_eq(app_headless_keys(a, "<Left><Left>"), 0);
	cr_assert(strstr(dump(a), "release difference") != NULL);
	cr_assert_eq(app_headless_keys(a, "<Esc>"), 0);
	cr_assert(strstr(dump(a), "This plan under vLLM") == NULL);
	app_headless_free(&a);
}
