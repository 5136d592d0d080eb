/*
 * test_recalc.c - the incremental core: what an edit recomputes, the change
 * mask, the slider helper against plan_compute(), checkpoint choices, and
 * a property test of random edit sequences against from-scratch results.
 * THOROUGH=1 in the environment runs the property test ten times longer.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/recalc.h"
#include "core/units.h"
#include "helpers.h"
#include "io/serve_command.h"

#define GPU "rtx-pro-6000-server"
#define LLAMA70 "meta-llama/Llama-3.3-70B-Instruct"
#define LLAMA70_FP8 "nvidia/Llama-3.3-70B-Instruct-FP8"

/* A stand-in for serve_command_format(): deterministic and input-sensitive. */
static size_t
fake_command(const struct catalogue *cat, const struct plan_input *in,
    const struct plan *p, int explicit_all, char *buf, size_t len)
{
	int n;

	(void)cat;
	n = snprintf(buf, len,
	    "vllm serve %s --max-model-len %lld "
	    "--gpu-memory-utilization %g --kv %d -tp %d%s",
	    in->model ? in->model->id : "?", (long long)p->max_model_len,
	    p->util, (int)p->kv_dtype, p->tp, explicit_all ? " --all" : "");
	return n > 0 ? (size_t)n : 0;
}

static struct recalc *
new_calc(struct plan_input *in)
{
	struct recalc *c;

	test_input(in, GPU, LLAMA70, LLAMA70_FP8);
	in->kv_dtype = KV_FP8;
	in->max_model_len = 32768;
	c = recalc_new(test_catalogue(), in, fake_command);
	cr_assert_not_null(c);
	recalc_update(c);
	return c;
}

static void
snapshot(const struct recalc *c, unsigned long *out)
{
	int n;

	for (n = 0; n < RECALC_N_COUNT; n++)
		out[n] = recalc_recomputes(c, n);
}

static void
assert_plan_equals_scratch(const struct recalc *c, const char *what)
{
	struct plan p;

	plan_compute(test_catalogue(), recalc_input(c), &p);
	cr_assert(memcmp(&p, recalc_plan(c), sizeof p) == 0,
	    "%s: incremental plan differs from a full recompute "
	    "(conc %lld vs %lld, blocks %lld vs %lld, phase %d vs %d)",
	    what, (long long)recalc_plan(c)->concurrency_at_tpr,
	    (long long)p.concurrency_at_tpr,
	    (long long)recalc_plan(c)->num_blocks, (long long)p.num_blocks,
	    recalc_plan(c)->phase, p.phase);
}

Test(calc, first_update_computes_every_node_once)
{
	struct plan_input in;
	struct recalc *c = new_calc(&in);
	int n;

	for (n = 0; n < RECALC_N_COUNT; n++)
		cr_assert_eq(recalc_recomputes(c, n), 1, "node %s",
		    recalc_node_name(n));
	cr_assert_eq(recalc_kernel_runs(c), 1);
	cr_assert(!recalc_dirty(c));
	assert_plan_equals_scratch(c, "start");
	cr_assert_eq(recalc_plan(c)->phase, PHASE_NONE, "%s",
	    recalc_plan(c)->message);
	cr_assert(strstr(recalc_command(c), "vllm serve meta-llama/") != NULL);
	recalc_free(&c);
	cr_assert_null(c);
}

Test(calc, slider_recomputes_concurrency_but_not_weights_or_kv_sizing)
{
	struct plan_input in;
	struct recalc *c = new_calc(&in);
	unsigned long before[RECALC_N_COUNT];
	unsigned long kernel = recalc_kernel_runs(c);
	int64_t conc_full = recalc_plan(c)->concurrency_at_tpr;
	unsigned mask;

	snapshot(c, before);
	recalc_set_tokens_per_request(c, 4096);
	mask = recalc_update(c);
	cr_assert(mask & RECALC_CHG(RECALC_N_CONCURRENCY));
	cr_assert_eq(mask & RECALC_CHG_PLAN, 0, "no plan node changed value");
	cr_assert_eq(recalc_recomputes(c, RECALC_N_CONCURRENCY),
	    before[RECALC_N_CONCURRENCY] + 1);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_WEIGHTS),
	    before[RECALC_N_WEIGHTS]);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_KV), before[RECALC_N_KV]);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_PROFILE),
	    before[RECALC_N_PROFILE]);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_SETTINGS),
	    before[RECALC_N_SETTINGS]);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_CHOICES),
	    before[RECALC_N_CHOICES]);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_COMMAND),
	    before[RECALC_N_COMMAND],
	    "the command line does not carry the slider");
	cr_assert_eq(recalc_kernel_runs(c), kernel, "plan_compute did not run");
	cr_assert_gt(recalc_plan(c)->concurrency_at_tpr, conc_full,
	    "shorter requests: more of them fit");
	assert_plan_equals_scratch(c, "slider");
	recalc_free(&c);
}

Test(calc, slider_refreshes_the_speed_node_from_the_new_concurrency)
{
	struct plan_input in;
	struct recalc *c = new_calc(&in);
	unsigned long before[RECALC_N_COUNT];
	struct speed_estimate fresh;
	unsigned mask;

	snapshot(c, before);
	recalc_set_tokens_per_request(c, 4096);
	mask = recalc_update(c);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_SPEED),
	    before[RECALC_N_SPEED] + 1);
	speed_estimate(test_catalogue(), recalc_input(c), recalc_plan(c), 0,
	    &fresh);
	cr_assert(recalc_speed(c)->known == fresh.known);
	cr_assert_float_eq(recalc_speed(c)->load.tokens_per_s_user,
	    fresh.load.tokens_per_s_user, 1e-9);
	if (fresh.known)
		cr_assert(mask & RECALC_CHG(RECALC_N_SPEED),
		    "more users: each is slower");
	recalc_free(&c);
}

Test(calc, kv_dtype_reruns_kv_sizing_but_not_weights)
{
	struct plan_input in;
	struct recalc *c = new_calc(&in);
	unsigned long before[RECALC_N_COUNT];
	struct plan_input e = *recalc_input(c);
	unsigned mask;

	snapshot(c, before);
	e.kv_dtype = KV_AUTO; /* back to BF16 KV: half the tokens */
	recalc_set_input(c, &e);
	mask = recalc_update(c);
	cr_assert(mask & RECALC_CHG(RECALC_N_KV));
	cr_assert(mask & RECALC_CHG(RECALC_N_SETTINGS),
	    "the resolved dtype changed");
	cr_assert_eq(mask & RECALC_CHG(RECALC_N_WEIGHTS), 0);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_KV),
	    before[RECALC_N_KV] + 1);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_WEIGHTS),
	    before[RECALC_N_WEIGHTS]);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_BUDGET),
	    before[RECALC_N_BUDGET]);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_FIXES),
	    before[RECALC_N_FIXES] + 1);
	assert_plan_equals_scratch(c, "kv dtype");
	recalc_free(&c);
}

/*
 * Gemma 3n allocates its per-layer inputs buffer with the model, one row
 * of layers x 256 per scheduled token (gemma3n.py): max_num_batched_tokens
 * moves the weights, so a scheduler edit reruns the weights node.
 */
Test(calc, batched_tokens_rerun_gemma3n_weights)
{
	struct plan_input in;
	struct recalc *c;
	struct plan_input e;
	int64_t before;
	unsigned mask;

	test_input(&in, "h100-sxm", "google/gemma-3n-E4B-it", NULL);
	in.max_num_batched_tokens = 8192;
	c = recalc_new(test_catalogue(), &in, fake_command);
	cr_assert_not_null(c);
	recalc_update(c);
	before = recalc_plan(c)->weights;
	e = *recalc_input(c);
	e.max_num_batched_tokens = 512;
	recalc_set_input(c, &e);
	mask = recalc_update(c);
	cr_assert(mask & RECALC_CHG(RECALC_N_WEIGHTS));
	/* 7680 tokens fewer, 35 layers x 256 x 2 bytes each */
	cr_assert_eq(before - recalc_plan(c)->weights,
	    (int64_t)7680 * 35 * 256 * 2);
	assert_plan_equals_scratch(c, "max_num_batched_tokens on Gemma 3n");
	recalc_free(&c);
}

/* DeepSeek-V4 loads buffers of max_num_batched_tokens rows (top-k indices,
 * MTP hidden states): a scheduler edit moves its weights, and only its. */
Test(calc, batched_tokens_move_the_weights_of_deepseek_v4)
{
	struct plan_input in;
	struct recalc *c;
	struct plan_input e;
	unsigned long w;
	int64_t before;

	test_input(&in, "h200-sxm", "deepseek-ai/DeepSeek-V4-Flash", NULL);
	in.tp = 8;
	in.kv_dtype = KV_FP8;
	in.max_num_batched_tokens = 8192;
	c = recalc_new(test_catalogue(), &in, fake_command);
	cr_assert_not_null(c);
	recalc_update(c);
	before = recalc_plan(c)->weights;
	w = recalc_recomputes(c, RECALC_N_WEIGHTS);
	e = *recalc_input(c);
	e.max_num_batched_tokens = 16384;
	recalc_set_input(c, &e);
	recalc_update(c);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_WEIGHTS), w + 1);
	/* 8,192 more rows of 512 int32 indices and 4 x 4096 bf16 states */
	cr_assert_eq(recalc_plan(c)->weights - before,
	    8192LL * (512 * 4 + 4 * 4096 * 2));
	assert_plan_equals_scratch(c, "dsv4 batched tokens");
	recalc_free(&c);
}

/* Weights that read the resolved max_num_batched_tokens (Gemma 3n's
 * per-layer inputs buffer, DeepSeek-V4's indexer and hyper-connection
 * buffers) are recomputed when it changes, directly or through the
 * max_num_seqs x max_model_len cap; other models' are not. */
Test(calc, batched_tokens_rerun_the_weights_that_read_them)
{
	static const char *const models[] = { "google/gemma-3n-E4B-it",
		"deepseek-ai/DeepSeek-V4-Pro" };
	size_t i;

	for (i = 0; i < sizeof models / sizeof models[0]; i++) {
		struct plan_input in, e;
		struct recalc *c;
		int64_t w;

		test_input(&in, GPU, models[i], NULL);
		in.tp = i == 0 ? 1 : 8;
		c = recalc_new(test_catalogue(), &in, fake_command);
		cr_assert_not_null(c);
		recalc_update(c);
		w = recalc_plan(c)->weights;
		e = *recalc_input(c);
		e.max_num_batched_tokens = 512;
		recalc_set_input(c, &e);
		recalc_update(c);
		cr_assert_lt(recalc_plan(c)->weights, w, "%s", models[i]);
		assert_plan_equals_scratch(c, models[i]);
		/* the cap: 2 sequences of 128 tokens batch at most 256 */
		e = *recalc_input(c);
		e.max_num_batched_tokens = 0;
		e.max_num_seqs = 2;
		recalc_set_input(c, &e);
		recalc_update(c);
		e = *recalc_input(c);
		e.max_model_len = 128;
		*recalc_input_edit(c) = e;
		recalc_touch(c, RECALC_IN_KV);
		recalc_update(c);
		assert_plan_equals_scratch(c, models[i]);
		recalc_free(&c);
	}
}

Test(calc, pipeline_stages_make_weights_read_the_budget)
{
	struct plan_input in;
	struct recalc *c = new_calc(&in);
	struct plan_input e = *recalc_input(c);
	unsigned long w;

	w = recalc_recomputes(c, RECALC_N_WEIGHTS);
	e.util = 0.8;
	recalc_set_input(c, &e);
	recalc_update(c);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_WEIGHTS), w,
	    "PP 1: util leaves weights");
	e.pp = 2;
	recalc_set_input(c, &e);
	recalc_update(c);
	w = recalc_recomputes(c, RECALC_N_WEIGHTS);
	e.util = 0.85;
	recalc_set_input(c, &e);
	recalc_update(c);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_WEIGHTS), w + 1,
	    "PP 2: the reported stage depends on the KV blocks");
	assert_plan_equals_scratch(c, "pp");
	recalc_free(&c);
}

Test(calc, unchanged_input_recomputes_nothing)
{
	struct plan_input in;
	struct recalc *c = new_calc(&in);
	unsigned long before[RECALC_N_COUNT];
	int n;

	snapshot(c, before);
	recalc_set_input(c, recalc_input(c));
	recalc_set_tokens_per_request(c, recalc_input(c)->tokens_per_request);
	recalc_set_explicit_all(c, recalc_explicit_all(c));
	cr_assert(!recalc_dirty(c));
	cr_assert_eq(recalc_update(c), 0);
	for (n = 0; n < RECALC_N_COUNT; n++)
		cr_assert_eq(recalc_recomputes(c, n), before[n], "node %s",
		    recalc_node_name(n));
	recalc_free(&c);
}

Test(calc, command_style_touches_only_the_command)
{
	struct plan_input in;
	struct recalc *c = new_calc(&in);
	unsigned long before[RECALC_N_COUNT];
	unsigned mask;
	int n;

	snapshot(c, before);
	recalc_set_explicit_all(c, true);
	mask = recalc_update(c);
	cr_assert_eq(mask, RECALC_CHG(RECALC_N_COMMAND));
	for (n = 0; n < RECALC_N_COUNT; n++)
		cr_assert_eq(recalc_recomputes(c, n),
		    before[n] + (n == RECALC_N_COMMAND), "node %s",
		    recalc_node_name(n));
	cr_assert(strstr(recalc_command(c), "--all") != NULL);
	recalc_free(&c);
}

Test(calc, edits_that_cancel_out_change_no_value)
{
	/* two edits that cancel out before an update: the nodes that read the
	 * group rerun, but no value changes, so nothing has to be repainted */
	struct plan_input in;
	struct recalc *c = new_calc(&in);
	struct plan_input e = *recalc_input(c);
	unsigned long fixes = recalc_recomputes(c, RECALC_N_FIXES);
	unsigned mask;

	e.util = 0.5;
	recalc_set_input(c, &e);
	e.util = in.util;
	recalc_set_input(c, &e);
	mask = recalc_update(c);
	cr_assert_eq(mask, 0);
	cr_assert_eq(recalc_recomputes(c, RECALC_N_FIXES), fixes + 1,
	    "the budget group was touched, so fixes re-ran with the input");
	recalc_free(&c);
}

Test(calc, raising_max_model_len_reaches_the_kv_phase_and_fixes_follow)
{
	struct plan_input in;
	struct recalc *c;
	struct plan_input e;
	const struct fix *f;
	size_t nf;
	unsigned mask;

	test_input(&in, GPU, LLAMA70, LLAMA70_FP8);
	in.mig = catalogue_find_mig(&test_catalogue()->gpus[in.gpu], "4g.96gb");
	in.kv_dtype = KV_FP8;
	in.max_model_len = 8192;
	c = recalc_new(test_catalogue(), &in, fake_command);
	recalc_update(c);
	cr_assert_eq(recalc_plan(c)->phase, PHASE_NONE, "%s",
	    recalc_plan(c)->message);
	e = *recalc_input(c);
	e.util = 0.75;
	e.max_model_len = 131072;
	recalc_set_input(c, &e);
	mask = recalc_update(c);
	cr_assert(mask & RECALC_CHG(RECALC_N_VERDICT));
	cr_assert(mask & RECALC_CHG(RECALC_N_FIXES));
	cr_assert_eq(recalc_plan(c)->phase, PHASE_KV_CACHE, "%s",
	    recalc_plan(c)->message);
	f = recalc_fixes(c, &nf);
	cr_assert_gt(nf, 0);
	cr_assert(f[0].starts, "the best fix starts: %s", f[0].flags);
	/* applying it is a plain input replacement */
	recalc_set_input(c, &f[0].input);
	recalc_update(c);
	cr_assert_eq(recalc_plan(c)->phase, PHASE_NONE, "%s",
	    recalc_plan(c)->message);
	assert_plan_equals_scratch(c, "fix");
	recalc_free(&c);
}

/* ---- the slider helper against plan_compute() ---- */

static void
check_slider(const char *gpu, const char *model, const char *ckpt,
    enum overhead_mode mode)
{
	static const int64_t tprs[] = { 0, 1, 15, 16, 17, 100, 1000, 4096, 8191,
		8192, 30000, 131072, 131073, 500000 };
	struct plan_input in;
	struct plan full, fast;
	size_t i;

	test_input(&in, gpu, model, ckpt);
	in.overhead = mode;
	for (i = 0; i < sizeof tprs / sizeof tprs[0]; i++) {
		in.tokens_per_request = tprs[i];
		plan_compute(test_catalogue(), &in, &full);
		fast = full;
		/* scribble over the slider fields, then derive them again */
		fast.concurrency_at_tpr = -7;
		fast.blocks_at_tpr = -7;
		fast.total_concurrency = -7;
		fast.replicas = -7;
		fast.rule_users = -7;
		memset(fast.warning, 'x', sizeof fast.warning);
		plan_update_concurrency(&in, &fast);
		cr_assert(memcmp(&full, &fast, sizeof full) == 0,
		    "%s on %s, %lld tokens: %lld vs %lld requests", model, gpu,
		    (long long)tprs[i], (long long)fast.concurrency_at_tpr,
		    (long long)full.concurrency_at_tpr);
	}
}

Test(calc, slider_helper_matches_plan_compute_dense)
{
	check_slider(GPU, LLAMA70, LLAMA70_FP8, OVERHEAD_ESTIMATE);
	check_slider("h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL,
	    OVERHEAD_ESTIMATE);
}

Test(calc, slider_helper_matches_plan_compute_sliding_window)
{
	const struct catalogue *c = test_catalogue();
	size_t i;
	int found = 0;

	for (i = 0; i < c->n_models; i++) {
		if (c->models[i].n_sliding == 0 ||
		    c->models[i].n_sliding == c->models[i].layers)
			continue;
		check_slider("h100-sxm", c->models[i].id, NULL,
		    OVERHEAD_ESTIMATE);
		check_slider("b200", c->models[i].id, NULL, OVERHEAD_ESTIMATE);
		found++;
	}
	cr_assert_gt(found, 0,
	    "the catalogue has hybrid sliding-window models");
}

Test(calc, slider_helper_matches_plan_compute_rule_mode)
{
	check_slider(GPU, LLAMA70, LLAMA70_FP8, OVERHEAD_RULE);
	check_slider("l40s", "meta-llama/Llama-3.1-8B-Instruct", NULL,
	    OVERHEAD_RULE);
}

Test(calc, slider_helper_without_a_card)
{
	struct plan_input in;
	struct plan full, fast;

	test_input(&in, NULL, LLAMA70, NULL);
	in.tokens_per_request = 1000;
	plan_compute(test_catalogue(), &in, &full);
	cr_assert_eq(full.phase, PHASE_CONFIG);
	fast = full;
	fast.replicas = 3;
	plan_update_concurrency(&in, &fast);
	cr_assert(memcmp(&full, &fast, sizeof full) == 0);
}

/* ---- checkpoint choices ---- */

Test(calc, choices_mark_what_cannot_run_on_the_slice)
{
	const struct catalogue *cat = test_catalogue();
	struct plan_input in;
	struct recalc *c;
	const struct recalc_choice *ch;
	size_t n, i;
	int bf16 = -1, fp8 = -1;

	test_input(&in, GPU, LLAMA70, LLAMA70_FP8);
	in.mig = catalogue_find_mig(&cat->gpus[in.gpu], "2g.48gb");
	cr_assert_geq(in.mig, 0);
	c = recalc_new(cat, &in, NULL);
	recalc_update(c);
	ch = recalc_choices(c, &n);
	cr_assert_geq(n, 3);
	for (i = 0; i < n; i++) {
		if (ch[i].ckpt >= 0 && ch[i].format == FMT_BF16)
			bf16 = (int)i;
		if (ch[i].ckpt == catalogue_find_ckpt(cat, LLAMA70_FP8))
			fp8 = (int)i;
	}
	cr_assert_geq(bf16, 0);
	cr_assert_geq(fp8, 0);
	cr_assert_eq(ch[bf16].phase, PHASE_WEIGHTS,
	    "131 GiB of BF16 on a 47 GiB slice");
	cr_assert(strstr(ch[bf16].reason, "weight loading") != NULL, "%s",
	    ch[bf16].reason);
	cr_assert_neq(ch[fp8].phase, PHASE_NONE,
	    "68 GiB of FP8 does not fit either");
	cr_assert_str_empty(recalc_command(c),
	    "no command function: empty line");
	recalc_free(&c);
}

/* NVFP4 on a Hopper card: vLLM runs it through weight-only Marlin
 * (marlin_utils_fp4.py), so the choice is planned, not refused. */
Test(calc, choices_plan_nvfp4_without_fp4_cores)
{
	const struct catalogue *cat = test_catalogue();
	struct plan_input in;
	struct recalc_choice ch[RECALC_MAX_CHOICES];
	struct recalc *c;
	const struct recalc_choice *got;
	size_t n, i;
	int seen = 0;

	test_input(&in, "h100-sxm", LLAMA70, NULL);
	n = recalc_list_choices(cat, &in, ch, RECALC_MAX_CHOICES);
	for (i = 0; i < n; i++)
		cr_assert(ch[i].format != FMT_COUNT);
	c = recalc_new(cat, &in, NULL);
	recalc_update(c);
	got = recalc_choices(c, &n);
	for (i = 0; i < n; i++)
		if (got[i].format == FMT_NVFP4) {
			cr_assert_neq(got[i].phase, PHASE_CONFIG, "%s",
			    got[i].reason);
			cr_assert_gt(got[i].weights, 0);
			seen++;
		}
	cr_assert_gt(seen, 0,
	    "an NVFP4 choice is listed (published or derived)");
	recalc_free(&c);
}

Test(calc, choices_include_online_fp8_and_the_current_input)
{
	const struct catalogue *cat = test_catalogue();
	struct plan_input in;
	struct recalc_choice ch[RECALC_MAX_CHOICES];
	size_t n, i;
	int online = 0, current = 0;

	test_input(&in, GPU, LLAMA70, NULL);
	in.ckpt = -1;
	in.format = FMT_GPTQ;
	n = recalc_list_choices(cat, &in, ch, RECALC_MAX_CHOICES);
	for (i = 0; i < n; i++) {
		online += ch[i].quantization_fp8;
		current += ch[i].ckpt == -1 && ch[i].format == FMT_GPTQ;
	}
	cr_assert_eq(online, 1);
	cr_assert_eq(current, 1, "a derived GPTQ input stays selectable");
	for (i = 0; i < n; i++) {
		struct plan_input x = in;

		recalc_apply_choice(&x, &ch[i]);
		if (ch[i].quantization_fp8) {
			struct plan p;

			plan_compute(cat, &x, &p);
			cr_assert_eq(p.format, FMT_FP8);
		}
	}
}

Test(calc, input_diff_names_each_group)
{
	struct plan_input a, b;

	test_input(&a, GPU, LLAMA70, NULL);
	b = a;
	cr_assert_eq(recalc_input_diff(&a, &b), 0);
	b.tokens_per_request = 5;
	cr_assert_eq(recalc_input_diff(&a, &b), 1u << RECALC_IN_SLIDER);
	b = a;
	b.capture_sizes[3] = 9;
	cr_assert_eq(recalc_input_diff(&a, &b), 0, "beyond n_capture_sizes");
	b.n_capture_sizes = 4;
	cr_assert_eq(recalc_input_diff(&a, &b), 1u << RECALC_IN_GRAPHS);
	b = a;
	b.pp = 2;
	b.max_num_seqs = 8;
	cr_assert_eq(recalc_input_diff(&a, &b),
	    (1u << RECALC_IN_PARALLEL) | (1u << RECALC_IN_SCHED));
}

/* ---- property test: incremental == from scratch ---- */

static unsigned long
rnd(unsigned long *s)
{
	*s = *s * 6364136223846793005ul + 1442695040888963407ul;
	return *s >> 33;
}

#define PICK(s, arr) ((arr)[rnd(s) % (sizeof(arr) / sizeof(arr)[0])])

static void
random_edit(unsigned long *s, const struct catalogue *cat, struct recalc *c)
{
	static const int tps[] = { 0, 1, 2, 4, 8 };
	static const int pps[] = { 0, 0, 1, 2, 3 };
	static const double utils[] = { 0, 0.5, 0.8, 0.9, 0.92, 0.95, 0.99,
		1.2 };
	static const int64_t lens[] = { 0, -1, 2048, 8192, 32768, 131072,
		1000000 };
	static const int seqs[] = { 0, 1, 64, 256, 1024 };
	static const int mnbts[] = { 0, 512, 2048, 8192, 16384 };
	static const int blocks[] = { 0, 16, 32, 64, 128 };
	static const int64_t tprs[] = { 0, 1, 100, 1024, 8192, 65536, 200000 };
	static const double others[] = { 0, 0, 1.5, 10 };
	struct plan_input e = *recalc_input(c);
	int g = (int)(rnd(s) % RECALC_IN_COUNT);
	size_t k;

	switch (g) {
	case RECALC_IN_CARD:
		e.gpu = (int)(rnd(s) % (cat->n_gpus + 1)) - 1;
		e.mig = -1;
		if (e.gpu >= 0 && cat->gpus[e.gpu].n_mig > 0 && rnd(s) % 2)
			e.mig = (int)(rnd(s) % cat->gpus[e.gpu].n_mig);
		e.gpus = (int)(rnd(s) % 5);
		e.gpu_total_gib = rnd(s) % 8 == 0 ? 40.0 : 0;
		break;
	case RECALC_IN_MODEL:
		if (rnd(s) % 2) {
			e.model = &cat->models[rnd(s) % cat->n_models];
			e.ckpt = -1;
			e.format = FMT_COUNT;
			for (k = 0; k < cat->n_ckpts; k++)
				if (cat->ckpts[k].model_index >= 0 &&
				    &cat->models[cat->ckpts[k].model_index] ==
					e.model &&
				    rnd(s) % 2) {
					e.ckpt = (int)k;
					break;
				}
		} else {
			e.format = rnd(s) % 3 == 0
			    ? (enum ckpt_format)(rnd(s) % FMT_COUNT)
			    : FMT_COUNT;
			e.quantization_fp8 = rnd(s) % 4 == 0;
		}
		break;
	case RECALC_IN_PARALLEL:
		e.tp = PICK(s, tps);
		e.pp = PICK(s, pps);
		e.dp = (int)(rnd(s) % 3);
		break;
	case RECALC_IN_BUDGET:
		e.util = PICK(s, utils);
		e.kv_cache_memory_bytes =
		    rnd(s) % 5 == 0 ? (int64_t)(rnd(s) % 30) * GIB : 0;
		e.other_usage_gib = PICK(s, others);
		break;
	case RECALC_IN_KV:
		e.kv_dtype = (enum kv_dtype)(rnd(s) % KV_COUNT);
		e.block_size = PICK(s, blocks);
		e.max_model_len = PICK(s, lens);
		break;
	case RECALC_IN_SCHED:
		e.max_num_seqs = PICK(s, seqs);
		e.max_num_batched_tokens = PICK(s, mnbts);
		break;
	case RECALC_IN_GRAPHS:
		e.enforce_eager = rnd(s) % 4 == 0;
		e.max_capture_size = rnd(s) % 2 ? 0 : 64;
		e.n_capture_sizes = -1;
		if (rnd(s) % 3 == 0) {
			e.n_capture_sizes = (int)(rnd(s) % 4);
			for (k = 0; k < (size_t)e.n_capture_sizes; k++)
				e.capture_sizes[k] = (int)(1 + rnd(s) % 300);
		}
		break;
	case RECALC_IN_VERSION:
		e.version = rnd(s) % 3 == 0
		    ? 0
		    : vllm_known_versions[rnd(s) % vllm_n_known_versions];
		e.overhead =
		    rnd(s) % 5 == 0 ? OVERHEAD_RULE : OVERHEAD_ESTIMATE;
		break;
	case RECALC_IN_SLIDER:
		e.tokens_per_request =
		    rnd(s) % 2 ? PICK(s, tprs) : (int64_t)(rnd(s) % 140000);
		break;
	case RECALC_IN_STYLE:
		recalc_set_explicit_all(c, !recalc_explicit_all(c));
		return;
	}
	if (rnd(s) % 2) {
		recalc_set_input(c, &e);
	} else {
		/* the direct path: edit in place, touch what was edited */
		*recalc_input_edit(c) = e;
		recalc_touch(c, g);
	}
}

static void
assert_matches_scratch(const struct catalogue *cat, const struct recalc *c,
    unsigned long seed, int step)
{
	const struct plan_input *in = recalc_input(c);
	struct plan p, d;
	struct plan_input din = *in;
	static struct fix fx[FIX_MAX];
	struct recalc_choice ch[RECALC_MAX_CHOICES];
	const struct fix *got;
	const struct recalc_choice *gch;
	char cmd[RECALC_CMD_LEN];
	size_t nf, ngot, nch, i;

	plan_compute(cat, in, &p);
	cr_assert(memcmp(&p, recalc_plan(c), sizeof p) == 0,
	    "seed %lu step %d: plan differs (phase %d/%d conc %lld/%lld w "
	    "%lld/%lld)",
	    seed, step, p.phase, recalc_plan(c)->phase,
	    (long long)p.concurrency_at_tpr,
	    (long long)recalc_plan(c)->concurrency_at_tpr, (long long)p.weights,
	    (long long)recalc_plan(c)->weights);
	recalc_input_for_defaults(&din);
	plan_compute(cat, &din, &d);
	cr_assert(memcmp(&d, recalc_defaults(c), sizeof d) == 0,
	    "seed %lu step %d: defaults differ", seed, step);
	memset(fx, 0, sizeof fx);
	nf = fixes_compute(cat, in, &p, fx, FIX_MAX);
	got = recalc_fixes(c, &ngot);
	cr_assert_eq(nf, ngot, "seed %lu step %d: %zu fixes vs %zu", seed, step,
	    nf, ngot);
	for (i = 0; i < nf; i++)
		cr_assert(memcmp(&fx[i], &got[i], sizeof fx[i]) == 0,
		    "seed %lu step %d: fix %zu differs (%s / %s)", seed, step,
		    i, fx[i].flags, got[i].flags);
	memset(ch, 0, sizeof ch);
	nch = recalc_list_choices(cat, in, ch, RECALC_MAX_CHOICES);
	gch = recalc_choices(c, &ngot);
	cr_assert_eq(nch, ngot, "seed %lu step %d: choices", seed, step);
	for (i = 0; i < nch; i++) {
		struct plan_input x = *in;
		struct plan q;

		recalc_apply_choice(&x, &ch[i]);
		plan_compute(cat, &x, &q);
		cr_assert_eq(gch[i].ckpt, ch[i].ckpt);
		cr_assert_eq(gch[i].phase, q.phase,
		    "seed %lu step %d: choice %zu", seed, step, i);
		cr_assert_eq(gch[i].max_concurrency, q.max_concurrency);
	}
	fake_command(cat, in, &p, recalc_explicit_all(c), cmd, sizeof cmd);
	cr_assert_str_eq(cmd, recalc_command(c), "seed %lu step %d", seed,
	    step);
}

Test(calc, random_edit_sequences_match_a_full_recompute, .timeout = 120)
{
	const struct catalogue *cat = test_catalogue();
	const char *thorough = getenv("THOROUGH");
	int seeds = thorough && *thorough && *thorough != '0' ? 40 : 4;
	int k;

	for (k = 0; k < seeds; k++) {
		unsigned long seed = 0x9e3779b9ul * (unsigned long)(k + 1),
			      s = seed;
		struct plan_input in;
		struct recalc *c;
		int step;

		test_input(&in, GPU, LLAMA70, LLAMA70_FP8);
		c = recalc_new(cat, &in, fake_command);
		cr_assert_not_null(c);
		recalc_update(c);
		assert_matches_scratch(cat, c, seed, -1);
		for (step = 0; step < 250; step++) {
			int edits = 1 + (int)(rnd(&s) % 3), e;

			for (e = 0; e < edits; e++)
				random_edit(&s, cat, c);
			recalc_update(c);
			cr_assert(!recalc_dirty(c));
			assert_matches_scratch(cat, c, seed, step);
		}
		recalc_free(&c);
	}
}

Test(calc, change_mask_is_empty_exactly_when_nothing_moved)
{
	/* whenever the mask says a node is unchanged, its value really is */
	const struct catalogue *cat = test_catalogue();
	struct plan_input in;
	struct recalc *c;
	unsigned long s = 77;
	int step;

	test_input(&in, GPU, LLAMA70, LLAMA70_FP8);
	c = recalc_new(cat, &in, fake_command);
	recalc_update(c);
	for (step = 0; step < 300; step++) {
		struct plan before = *recalc_plan(c);
		char cmd[RECALC_CMD_LEN];
		unsigned mask;

		snprintf(cmd, sizeof cmd, "%s", recalc_command(c));
		random_edit(&s, cat, c);
		mask = recalc_update(c);
		if (!(mask & RECALC_CHG(RECALC_N_VERDICT)))
			cr_assert_eq(before.phase, recalc_plan(c)->phase,
			    "step %d", step);
		if (!(mask & RECALC_CHG(RECALC_N_WEIGHTS)))
			cr_assert_eq(before.weights, recalc_plan(c)->weights,
			    "step %d", step);
		if (!(mask & RECALC_CHG(RECALC_N_KV)))
			cr_assert_eq(before.num_blocks,
			    recalc_plan(c)->num_blocks, "step %d", step);
		if (!(mask & RECALC_CHG(RECALC_N_CONCURRENCY)))
			cr_assert_eq(before.concurrency_at_tpr,
			    recalc_plan(c)->concurrency_at_tpr, "step %d",
			    step);
		if (!(mask & RECALC_CHG(RECALC_N_COMMAND)))
			cr_assert_str_eq(cmd, recalc_command(c), "step %d",
			    step);
	}
	recalc_free(&c);
}

/* A model of the catalogue without checkpoints (Whisper, Step-3.5): its own
 * weights are one row, and that row is the one the input runs. */
Test(calc, a_model_without_checkpoints_lists_its_own_weights_once)
{
	static const char *const models[] = { "openai/whisper-large-v3",
		"stepfun-ai/Step-3.5-Flash" };
	const struct catalogue *cat = test_catalogue();
	size_t k;

	for (k = 0; k < sizeof models / sizeof models[0]; k++) {
		struct plan_input in;
		struct recalc_choice ch[RECALC_MAX_CHOICES];
		size_t n, i;
		int own = 0, chosen = 0;

		test_input(&in, "h200-nvl", models[k], NULL);
		cr_assert_eq(in.ckpt, -1, "%s has a checkpoint", models[k]);
		n = recalc_list_choices(cat, &in, ch, RECALC_MAX_CHOICES);
		for (i = 0; i < n; i++) {
			own += ch[i].ckpt < 0 && !ch[i].quantization_fp8 &&
			    ch[i].format == in.model->native_format;
			chosen += recalc_choice_matches(&ch[i], &in);
		}
		cr_assert_eq(own, 1, "%s: its own weights %d times", models[k],
		    own);
		cr_assert_eq(chosen, 1, "%s: %d rows run the input", models[k],
		    chosen);
	}
}
