/*
 * test_share.c - several vLLM instances on one card: fractions that sum
 * over 1 are refused with the reason, the free-memory check of a later
 * instance counts the earlier ones, startup order, restarts, the MIG
 * alternative, and the seeds' upgrade trap (an instance without an
 * explicit utilization that stops fitting when the default moves).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "core/share.h"
#include "core/units.h"
#include "core/vllm_version.h"
#include "helpers.h"

static struct share_result res;

static void
inst(struct share_instance *s, const char *model, double util, int64_t len)
{
	memset(s, 0, sizeof *s);
	test_input(&s->in, NULL, model, NULL);
	s->in.util = util;
	s->util_explicit = util > 0;
	s->in.max_model_len = len;
	s->in.tokens_per_request = 8192;
	snprintf(s->label, sizeof s->label, "%s", model);
}

static void
query(struct share_query *q, const struct share_instance *si, size_t n,
    const char *gpu, int version)
{
	memset(q, 0, sizeof *q);
	q->inst = si;
	q->n = n;
	q->gpu = catalogue_find_gpu(test_catalogue(), gpu);
	q->version = version;
}

/* The first release whose default utilization is higher than the one before. */
static void
util_boundary(int *before, int *after)
{
	unsigned i;

	for (i = 1; i < vllm_n_known_versions; i++) {
		struct vllm_traits a, b;

		vllm_traits_get(vllm_known_versions[i - 1], &a);
		vllm_traits_get(vllm_known_versions[i], &b);
		if (b.default_util > a.default_util) {
			*before = vllm_known_versions[i - 1];
			*after = vllm_known_versions[i];
			cr_assert_float_eq(a.default_util, 0.9, 1e-12);
			cr_assert_float_eq(b.default_util, 0.92, 1e-12);
			return;
		}
	}
	cr_assert_fail("no release moves the default utilization");
}

Test(share, two_instances_side_by_side)
{
	struct share_instance si[2];
	struct share_query q;

	inst(&si[0], "meta-llama/Llama-3.1-8B-Instruct", 0.45, 32768);
	inst(&si[1], "Qwen/Qwen3-8B", 0.5, 32768);
	query(&q, si, 2, "rtx-pro-6000-server", 0);
	share_compute(test_catalogue(), &q, &res);
	cr_assert_float_eq(res.sum_util, 0.95, 1e-9);
	cr_assert(!res.over_one);
	cr_assert(res.fits);
	cr_assert(res.all_start, "%s", res.reason);
	cr_assert_eq(res.n_orders, 2);
	cr_assert_eq(res.n_orders_ok, 2);
	cr_assert(res.m[0].restart_ok && res.m[1].restart_ok);
	cr_assert_str_eq(res.reason, "");
	/* budgets are fractions of the whole card, contexts sit outside them */
	cr_assert_eq(res.m[0].requested, res.m[0].alone.requested);
	cr_assert_gt(res.m[0].context, 0);
	cr_assert_eq(res.left, res.total - res.other - res.sum_held);
	cr_assert_gt(res.m[1].started.concurrency_at_tpr, 0);
	/* the second instance's free-memory check saw the first one's memory */
	cr_assert_eq(res.m[1].started.other, res.m[0].held);
}

Test(share, fractions_over_one_are_refused_with_the_reason)
{
	struct share_instance si[2];
	struct share_query q;

	inst(&si[0], "meta-llama/Llama-3.1-8B-Instruct", 0.45, 32768);
	inst(&si[1], "Qwen/Qwen3-8B", 0.6, 32768);
	query(&q, si, 2, "rtx-pro-6000-server", 0);
	share_compute(test_catalogue(), &q, &res);
	cr_assert(res.over_one);
	cr_assert(!res.fits);
	cr_assert(!res.all_start);
	cr_assert(strstr(res.reason, "The fractions sum to 1.05") != NULL, "%s",
	    res.reason);
	cr_assert(strstr(res.reason, "free-memory check") != NULL);
	/* whichever starts second stops at vLLM's free-memory check */
	cr_assert_eq(res.m[1].started.phase, PHASE_FREE_MEMORY);
	cr_assert(
	    strstr(res.m[1].started.message, "Free memory on device") != NULL);
}

Test(share, startup_order_decides)
{
	struct share_instance si[2];
	struct share_query q;

	/* a fixed KV cache skips profiling but vLLM still checks that the
	 * default fraction of the card is free: that instance must go first */
	inst(&si[0], "meta-llama/Llama-3.1-8B-Instruct", 0.4, 32768);
	inst(&si[1], "meta-llama/Llama-3.2-1B", 0, 8192);
	si[1].in.kv_cache_memory_bytes = (int64_t)8 << 30;
	query(&q, si, 2, "rtx-pro-6000-server", 0);
	share_compute(test_catalogue(), &q, &res);
	cr_assert(res.all_start, "%s", res.reason);
	cr_assert(!res.given_order_ok);
	cr_assert_eq(res.fail_at, 1);
	cr_assert_eq(res.n_orders_ok, 1);
	cr_assert_eq(res.order[0], 1);
	cr_assert_eq(res.order[1], 0);
	cr_assert(!res.m[1].restart_ok,
	    "it cannot restart while the other runs");
	cr_assert(res.m[0].restart_ok);
}

Test(share, mig_slices_instead)
{
	const struct catalogue *c = test_catalogue();
	struct share_instance si[2];
	struct share_query q;
	int cu, mu, ct, mt, g;

	g = catalogue_find_gpu(c, "rtx-pro-6000-server");
	share_mig_units(&c->gpus[g], catalogue_find_mig(&c->gpus[g], "1g.24gb"),
	    &cu, &mu, &ct, &mt);
	cr_assert(cu == 1 && mu == 1 && ct == 4 && mt == 4);
	share_mig_units(&c->gpus[g], catalogue_find_mig(&c->gpus[g], "2g.48gb"),
	    &cu, &mu, &ct, &mt);
	cr_assert(cu == 2 && mu == 2);
	g = catalogue_find_gpu(c, "h200-nvl");
	share_mig_units(&c->gpus[g], catalogue_find_mig(&c->gpus[g], "1g.35gb"),
	    &cu, &mu, &ct, &mt);
	cr_assert(cu == 1 && mu == 2 && ct == 7 && mt == 8, "%d %d %d %d", cu,
	    mu, ct, mt);

	/* two 8B models: each on its own slice, the balanced layout fits */
	inst(&si[0], "meta-llama/Llama-3.1-8B-Instruct", 0.45, 8192);
	inst(&si[1], "Qwen/Qwen3-8B", 0.45, 8192);
	query(&q, si, 2, "rtx-pro-6000-server", 0);
	share_compute(c, &q, &res);
	cr_assert(res.mig_possible);
	cr_assert(res.mig_fits, "%s", res.mig_note);
	cr_assert_geq(res.m[0].mig, 0);
	cr_assert_eq(res.m[0].on_mig.phase, PHASE_NONE);
	cr_assert_leq(res.mig_units_used, 4);

	/* a 70B FP8 model needs the whole card's slice: no room for another */
	inst(&si[1], "nvidia/Llama-3.3-70B-Instruct-FP8", 0.5, 8192);
	si[1].in.kv_dtype = KV_FP8;
	share_compute(c, &q, &res);
	cr_assert(res.mig_possible);
	cr_assert(!res.mig_fits);
	cr_assert_str_eq(c->gpus[q.gpu].mig[res.m[1].mig].name, "4g.96gb");
}

/* A card without MIG (or no card) names no slice for any instance: the
 * views index the card's slices by it. */
Test(share, no_mig_card_names_no_slice)
{
	const struct catalogue *c = test_catalogue();
	struct share_instance si[2];
	struct share_query q;
	const char *cards[] = { "l4", "l40s", "a10g" };
	size_t k;

	inst(&si[0], "meta-llama/Llama-3.1-8B-Instruct", 0.45, 8192);
	inst(&si[1], "Qwen/Qwen3-8B", 0.45, 8192);
	for (k = 0; k < sizeof cards / sizeof cards[0]; k++) {
		query(&q, si, 2, cards[k], 0);
		cr_assert_geq(q.gpu, 0, "%s", cards[k]);
		cr_assert_eq(c->gpus[q.gpu].n_mig, 0);
		share_compute(c, &q, &res);
		cr_assert(!res.mig_possible);
		cr_assert_eq(res.m[0].mig, -1, "%s", cards[k]);
		cr_assert_eq(res.m[1].mig, -1, "%s", cards[k]);
		cr_assert(strstr(res.mig_note, "has no MIG") != NULL, "%s",
		    res.mig_note);
	}
	q.gpu = -1;
	share_compute(c, &q, &res);
	cr_assert_eq(res.m[0].mig, -1);
}

Test(share, upgrade_trap_when_util_is_not_explicit)
{
	struct share_instance si[2];
	struct share_query q;
	int before, after;

	util_boundary(&before, &after);
	/* a small service with its own fraction, and one left at the default */
	inst(&si[0], "meta-llama/Llama-3.2-1B", 0.07, 8192);
	inst(&si[1], "meta-llama/Llama-3.1-8B-Instruct", 0, 32768);
	query(&q, si, 2, "rtx-pro-6000-server", before);
	share_compute(test_catalogue(), &q, &res);
	cr_assert(res.all_start, "side by side under the older release: %s",
	    res.reason);
	cr_assert(!res.over_one);

	q.version = after;
	share_compute(test_catalogue(), &q, &res);
	cr_assert(!res.all_start, "still fits after the default moved to 0.92");
	cr_assert(!res.over_one, "the fractions still sum under 1 (%.2f)",
	    res.sum_util);
	cr_assert(strstr(res.reason, "free-memory check") != NULL, "%s",
	    res.reason);

	/* setting the old fraction explicitly keeps it working */
	si[1].in.util = 0.9;
	si[1].util_explicit = true;
	share_compute(test_catalogue(), &q, &res);
	cr_assert(res.all_start, "%s", res.reason);
}
