/*
 * test_upgrade.c - one plan under two releases: the default utilization
 * move 0.9 -> 0.92 is flagged with its effect, graph memory moving into
 * the budget is named, and a plan that started under the older release
 * but not the newer one is caught, with the explicit fraction that keeps
 * it working.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "core/upgrade.h"
#include "core/vllm_version.h"
#include "helpers.h"

static struct upgrade_result u;

static void
boundary(int *before, int *after)
{
	unsigned i;

	for (i = 1; i < vllm_n_known_versions; i++) {
		struct vllm_traits a, b;

		vllm_traits_get(vllm_known_versions[i - 1], &a);
		vllm_traits_get(vllm_known_versions[i], &b);
		if (b.default_util > a.default_util) {
			*before = vllm_known_versions[i - 1];
			*after = vllm_known_versions[i];
			return;
		}
	}
	cr_assert_fail("no release moves the default utilization");
}

static const struct upgrade_change *
change(const struct upgrade_change *arr, size_t n, const char *what)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(arr[i].what, what) == 0)
			return &arr[i];
	return NULL;
}

Test(upgrade, flags_the_default_utilization_move)
{
	const struct catalogue *c = test_catalogue();
	const struct upgrade_change *ch;
	struct plan_input in;
	int a, b;

	boundary(&a, &b);
	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.max_model_len = 32768;
	upgrade_compare(c, &in, a, b, &u);
	ch = change(u.changes, u.n_changes, "default --gpu-memory-utilization");
	cr_assert_not_null(ch);
	cr_assert_str_eq(ch->from, "0.9");
	cr_assert_str_eq(ch->to, "0.92");
	cr_assert(ch->affects);
	cr_assert(strstr(ch->effect, "+1.90 GiB") != NULL, "%s", ch->effect);
	cr_assert_not_null(
	    change(u.figures, u.n_figures, "requested (budget)"));
	cr_assert_not_null(change(u.changes, u.n_changes, "CUDA-graph memory"));
	cr_assert(u.starts_a && u.starts_b);
	cr_assert(!u.breaks);

	/* an explicit fraction is not affected */
	in.util = 0.85;
	upgrade_compare(c, &in, a, b, &u);
	ch = change(u.changes, u.n_changes, "default --gpu-memory-utilization");
	cr_assert_not_null(ch);
	cr_assert(!ch->affects);
	cr_assert_null(change(u.figures, u.n_figures, "requested (budget)"));

	/* the same release: nothing changes */
	upgrade_compare(c, &in, b, b, &u);
	cr_assert_eq(u.n_changes, 0);
	cr_assert_eq(u.n_figures, 0);
}

Test(upgrade, a_plan_that_no_longer_starts)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	int a, b;

	boundary(&a, &b);
	/* another service holds 7.2 GiB: 0.9 of the card is free, 0.92 is not */
	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.max_model_len = 32768;
	in.other_usage_gib = 7.2;
	upgrade_compare(c, &in, a, b, &u);
	cr_assert(u.starts_a, "%s", u.a.message);
	cr_assert(!u.starts_b);
	cr_assert(u.breaks);
	cr_assert_eq(u.b.phase, PHASE_FREE_MEMORY);
	cr_assert(strstr(u.verdict, "NOT under") != NULL, "%s", u.verdict);
	cr_assert_float_eq(u.keep_util, 0.9, 1e-12);
	cr_assert(strstr(u.advice, "--gpu-memory-utilization 0.9") != NULL,
	    "%s", u.advice);
	/* the advice holds */
	in.util = u.keep_util;
	in.version = b;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
}
