/*
 * test_plan.c - the startup walk: budget, phases, messages, defaults,
 * parallelism, MIG, formats, and agreement with real startups.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "core/fixes.h"
#include "core/plan.h"
#include "core/units.h"
#include "helpers.h"

Test(plan, llama8b_on_h100_matches_a_real_startup)
{
	/* llm-d v0.19.0: Llama-3.1-8B bf16, util 0.95, 8192, H100 79.19 GiB:
	 * "Model loading took 14.99", "Available KV cache memory: 58.11 GiB",
	 * "GPU KV cache size: 476,016 tokens", "58.11x" */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.gpu_total_gib = 79.19;
	in.version = VLLM_VER(0, 19, 0);
	in.util = 0.95;
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_float_eq(test_gib(p.requested), 75.23, 0.005);
	cr_assert_float_eq(test_gib(p.weights), 14.99, 0.01);
	cr_assert_eq(p.max_num_seqs, 1024);
	cr_assert_eq(p.max_num_batched_tokens, 8192);
	cr_assert(fabs(test_gib(p.available_kv) - 58.11) < 0.3, "KV %.2f",
	    test_gib(p.available_kv));
	cr_assert(fabs((double)p.kv_tokens - 476016) / 476016 < 0.01,
	    "tokens %lld", (long long)p.kv_tokens);
	/* before v0.21 the graphs lie outside the budget */
	cr_assert(!p.cg_in_budget);
	cr_assert_eq(p.n_capture_sizes, 51);
}

Test(plan, kv_tokens_exact_from_available_memory)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.kv_cache_memory_bytes = 59876998069LL;
	in.max_model_len = 131072;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.num_blocks, 28551);
	cr_assert_eq(p.kv_tokens, 456816);
	cr_assert_float_eq(p.max_concurrency, 3.485, 0.001);
	/* pre-#41069 versions print num_blocks // groups x block_size */
	in.version = VLLM_VER(0, 19, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv_tokens, 28551 * 16);
}

/*
 * The token rule's boundary (doc/vllm-versions.md): 0.20.0 prints the old
 * count; the main builds numbered 0.20.1rcN (Nemotron-Cascade-2 at
 * 0.20.1rc1.dev91: 1,206,303 = int(311 / 66 x 256,000)) and 0.21.0 (vLLM
 * issue #43308) print int(concurrency x max_model_len); the 0.20.1 and
 * 0.20.2 patch releases are taken with the builds of their number.
 */
Test(plan, kv_token_rule_starts_after_0_20_0)
{
	struct vllm_traits t;

	vllm_traits_get(VLLM_VER(0, 20, 0), &t);
	cr_assert_not(t.tokens_from_concurrency);
	vllm_traits_get(VLLM_VER(0, 20, 1), &t);
	cr_assert(t.tokens_from_concurrency);
	vllm_traits_get(VLLM_VER(0, 20, 2), &t);
	cr_assert(t.tokens_from_concurrency);
	vllm_traits_get(VLLM_VER(0, 21, 0), &t);
	cr_assert(t.tokens_from_concurrency);
}

Test(plan, tp_must_divide_heads)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.3-70B-Instruct", "fp8");
	in.tp = 3;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_str_eq(p.message,
	    "Total number of attention heads (64) must be "
	    "divisible by tensor parallel size (3).");
}

Test(plan, no_tensor_parallelism_across_mig)
{
	const struct catalogue *c = test_catalogue();
	const struct gpu *g;
	struct plan_input in;
	struct plan p;

	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.1-8B-Instruct", NULL);
	g = &c->gpus[in.gpu];
	in.mig = catalogue_find_mig(g, "2g.48gb");
	cr_assert_geq(in.mig, 0);
	in.tp = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "NCCL does not support MIG") != NULL);
	in.tp = 1;
	in.max_model_len = 16384;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_float_eq(test_gib(p.total), g->mig[in.mig].total_gib, 0.001);
	/* a 47 GiB slice is below 70 GiB: vLLM's smaller scheduler defaults */
	cr_assert_eq(p.max_num_seqs, 256);
}

/* FP8 and NVFP4 weights on cards without their tensor cores: vLLM runs
 * them through weight-only Marlin (marlin_utils_fp8.py, marlin_utils_fp4.py)
 * at the checkpoint's size; the plan says so. */
Test(plan, formats_without_tensor_cores_take_marlin)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p, native;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP4");
	in.max_model_len = 32768;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(strstr(p.card_assumption, "Marlin") != NULL, "%s",
	    p.card_assumption);
	cr_assert(strstr(p.card_assumption, "FP4") != NULL);
	/* the same NVFP4 checkpoint on Blackwell: native, no note, and the
	 * same weights */
	test_input(&in, "b200", "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP4");
	in.max_model_len = 32768;
	plan_compute(c, &in, &native);
	cr_assert_eq(native.phase, PHASE_NONE, "%s", native.message);
	cr_assert(strstr(native.card_assumption, "Marlin") == NULL);
	cr_assert_eq(p.weights, native.weights);
	test_input(&in, "a100-80gb-sxm", "meta-llama/Llama-3.1-8B-Instruct",
	    "fp8");
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(strstr(p.card_assumption, "FP8 tensor cores") != NULL, "%s",
	    p.card_assumption);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", "fp8");
	plan_compute(c, &in, &native);
	cr_assert_eq(native.phase, PHASE_NONE, "%s", native.message);
	cr_assert_eq(native.card_assumption[0], '\0');
	cr_assert_eq(p.weights, native.weights);
}

/* Below compute capability 8.0 no Marlin kernel serves them: vLLM's
 * quantization check refuses (get_min_capability 80). */
Test(plan, formats_below_marlin_capability_refused)
{
	const struct catalogue *c = test_catalogue();
	struct catalogue old = *c;
	struct gpu cards[64];
	struct plan_input in;
	struct plan p;

	test_input(&in, "a100-80gb-sxm", "meta-llama/Llama-3.1-8B-Instruct",
	    "fp8");
	cr_assert_lt((size_t)in.gpu, sizeof cards / sizeof cards[0]);
	memcpy(cards, c->gpus, sizeof cards[0] * (size_t)(in.gpu + 1));
	cards[in.gpu].compute_capability = 7.5;
	old.gpus = cards;
	old.n_gpus = (size_t)in.gpu + 1;
	plan_compute(&old, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "The quantization method fp8 is not supported for the "
		      "current GPU. Minimum capability: 80. Current "
		      "capability: 75.") != NULL,
	    "%s", p.message);
}

Test(plan, max_model_len_beyond_derived_is_refused)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h100-sxm", "Qwen/Qwen3-8B", NULL);
	in.max_model_len = 65536;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strncmp(p.message,
		      "User-specified max_model_len (65536) is greater "
		      "than the derived max_model_len "
		      "(max_position_embeddings=40960",
		      103) == 0,
	    "%s", p.message);
}

Test(plan, auto_fits_one_request)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.max_model_len = -1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.max_model_len < 131072 && p.max_model_len > 20000);
	cr_assert(p.max_concurrency >= 1.0 && p.max_concurrency < 1.01, "%.3f",
	    p.max_concurrency);
	in.version = VLLM_VER(0, 13, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
}

Test(plan, no_memory_for_cache_blocks)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.util = 0.7;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_KV_CACHE);
	cr_assert(strncmp(p.message,
		      "No available memory for the cache blocks.", 41) == 0,
	    "%s", p.message);
	in.version = VLLM_VER(0, 12, 0);
	plan_compute(c, &in, &p);
	cr_assert_str_eq(p.message,
	    "No available memory for the cache blocks. Try "
	    "increasing `gpu_memory_utilization` when initializing the "
	    "engine.");
}

Test(plan, utilization_out_of_range)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.util = 1.5;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "less than or equal to 1") != NULL);
}

Test(plan, eager_removes_graphs_and_slider_changes_only_concurrency)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;

	test_input(&in, "h200-nvl", "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.kv_dtype = KV_FP8;
	plan_compute(c, &in, &a);
	in.enforce_eager = true;
	plan_compute(c, &in, &b);
	cr_assert_gt(a.cuda_graphs, 0);
	cr_assert_eq(b.cuda_graphs, 0);
	cr_assert_eq(b.n_capture_sizes, 0);
	cr_assert_gt(b.available_kv, a.available_kv);
	in.enforce_eager = false;
	in.tokens_per_request = 8192;
	plan_compute(c, &in, &b);
	cr_assert_eq(a.num_blocks, b.num_blocks);
	cr_assert_gt(b.concurrency_at_tpr, a.concurrency_at_tpr);
	cr_assert_eq(b.concurrency_at_tpr, (b.num_blocks - 1) / 512);
}

Test(plan, replicas_and_data_parallel)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.tokens_per_request = 4096;
	in.max_model_len = 8192;
	in.gpus = 8;
	in.tp = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.replicas, 4);
	cr_assert_eq(p.total_concurrency, 4 * p.concurrency_at_tpr);
	in.gpus = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
}

Test(plan, every_catalogue_combination_computes)
{
	const struct catalogue *c = test_catalogue();
	static const enum kv_dtype kvs[] = { KV_AUTO, KV_FP8 };
	size_t g, m, k;
	int tp, n = 0;

	for (g = 0; g < c->n_gpus; g++)
		for (m = 0; m < c->n_models; m++)
			for (tp = 1; tp <= 8; tp *= 2)
				for (k = 0; k < 2; k++) {
					struct plan_input in;
					struct plan p;

					plan_input_init(&in);
					in.gpu = (int)g;
					in.model = &c->models[m];
					in.tp = tp;
					in.kv_dtype = kvs[k];
					plan_compute(c, &in, &p);
					/* blocks, unless no layer keeps a
					 * KV cache (encoder-only) */
					cr_assert(p.phase != PHASE_NONE ||
					    p.num_blocks > 0 || p.no_kv_cache);
					cr_assert(p.phase == PHASE_NONE ||
						p.message[0] != '\0',
					    "%s on %s: phase without message",
					    c->models[m].id, c->gpus[g].id);
					n++;
				}
	cr_assert_gt(n, 1000);
}

Test(fixes, kv_failure_ranked_fixes_start)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	size_t n, i;

	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_KV_CACHE);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	cr_assert_gt(n, 3);
	cr_assert(f[0].starts, "best fix %s does not start", f[0].flags);
	for (i = 1; i < n; i++) {
		cr_assert(!(f[i].starts && !f[i - 1].starts),
		    "ranking: %s before %s", f[i - 1].flags, f[i].flags);
		/* same hardware first (test_fixes.c); within a kind, the larger cache */
		if (f[i].starts && f[i - 1].starts &&
		    f[i].kind == f[i - 1].kind &&
		    f[i].kind != FIX_SHORTER_CONTEXT)
			cr_assert_geq(f[i - 1].total_kv_tokens,
			    f[i].total_kv_tokens);
	}
	/* every fix is a real re-plan */
	for (i = 0; i < n; i++) {
		struct plan q;

		plan_compute(c, &f[i].input, &q);
		cr_assert_eq(q.phase == PHASE_NONE, f[i].starts, "%s",
		    f[i].flags);
	}
}

Test(plan, graphs_in_budget_by_release_and_runner)
{
	/* V1 runner from 0.20; the V2 runner (default for dense 16-bit models
	 * from 0.25) skipped the estimate until #53306 (0.28) */
	const struct catalogue *c = test_catalogue();
	static const struct {
		int version, in_budget;
	} cases[] = {
		{ VLLM_VER(0, 19, 0), 0 },
		{ VLLM_VER(0, 20, 0), 1 },
		{ VLLM_VER(0, 24, 0), 1 },
		{ VLLM_VER(0, 25, 0), 0 },
		{ VLLM_VER(0, 27, 0), 0 },
		{ VLLM_VER(0, 28, 0), 1 },
	};
	struct plan_input in;
	struct plan p;
	size_t i;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		in.version = cases[i].version;
		plan_compute(c, &in, &p);
		cr_assert_eq(p.cg_in_budget, cases[i].in_budget, "version %d",
		    cases[i].version);
	}
	/* an FP8 checkpoint takes the runner a 16-bit one takes (#44446, in
	 * 0.24.0): V2 at 0.25.0, graphs outside the budget */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", "fp8");
	in.version = VLLM_VER(0, 25, 0);
	plan_compute(c, &in, &p);
	cr_assert(p.v2_runner);
	cr_assert_not(p.cg_in_budget);
	in.version = VLLM_VER(0, 24, 0);
	plan_compute(c, &in, &p);
	cr_assert_not(p.v2_runner);
	cr_assert(p.cg_in_budget);
}

/*
 * The sampler warm-up after graph capture (gpu_worker.py
 * compile_or_warm_up_model -> _dummy_sampler_run with max_num_seqs
 * requests) at utilization 0.95 on an H100 (79.19 GiB), vLLM 0.19.0: these
 * three started (llm-d-planner v0.19.0 logs, tests/calibration/vllm-logs.json)
 * although the memory left after graph capture was only 20.5 (Llama-4-Scout
 * TP 4: 3.95 GiB for 1024 x 202,048 logits), 21.5 (Qwen2.5-72B TP 2: 3.12
 * GiB for 1024 x 152,064) and 22.7 (Kimi-VL TP 2) bytes per logit, while
 * gpt-oss-20b failed there with 23.4 (TP 1) and 16.7 (TP 2).  No per-logit
 * warm-up term separates them (doc/estimates.md): the check must keep these
 * starts.
 */
Test(plan, sampler_warmup_keeps_the_real_starts_at_0_95)
{
	static const struct {
		const char *model;
		int tp;
		double kv_log; /* "Available KV cache memory" */
	} cases[] = {
		{ "Qwen/Qwen2.5-72B-Instruct", 2, 3.04 },
		{ "meta-llama/Llama-4-Scout-17B-16E-Instruct", 4, 16.75 },
	};
	const struct catalogue *c = test_catalogue();
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct plan_input in;
		struct plan p;

		test_input(&in, "h100-sxm", cases[i].model, NULL);
		in.gpu_total_gib = 79.19;
		in.version = VLLM_VER(0, 19, 0);
		in.util = 0.95;
		in.tp = cases[i].tp;
		in.max_model_len = 8192;
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s: %s", cases[i].model,
		    p.message);
		cr_assert_eq(p.max_num_seqs, 1024);
		/* KV within 1.5 % of the card */
		cr_assert(fabs(test_gib(p.available_kv) - cases[i].kv_log) <
			1.2,
		    "%s: KV %.2f GiB, log %.2f", cases[i].model,
		    test_gib(p.available_kv), cases[i].kv_log);
	}
}

/* The three gpt-oss-20b startups of vLLM 0.19.0 on H100 (llm-d-planner
 * accuracy logs): at utilization 0.95 TP 1 and TP 2 fail after graph
 * capture with vLLM's sampler warm-up error; at 0.90 they start. */
static void
gptoss_h100(struct plan_input *in, int tp, double util)
{
	test_input(in, "h100-sxm", "openai/gpt-oss-20b", NULL);
	in->gpu_total_gib = 79.19;
	in->version = VLLM_VER(0, 19, 0);
	in->util = util;
	in->tp = tp;
	in->max_model_len = 8192;
}

Test(plan, sampler_warmup_refuses_gpt_oss_at_0_95)
{
	const struct catalogue *c = test_catalogue();
	int tp;

	for (tp = 1; tp <= 2; tp *= 2) {
		struct plan_input in;
		struct plan p;

		gptoss_h100(&in, tp, 0.95);
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_SAMPLER_WARMUP, "TP %d: %s", tp,
		    p.message);
		cr_assert_str_eq(p.message,
		    "CUDA out of memory occurred when warming up sampler with "
		    "1024 dummy requests. Please try lowering `max_num_seqs` "
		    "or `gpu_memory_utilization` when initializing the "
		    "engine.");
		/* the KV cache was sized as vLLM logged it (58.47 / 63.28) */
		cr_assert(fabs(test_gib(p.available_kv) -
			      (tp == 1 ? 58.47 : 63.28)) < 0.3,
		    "TP %d: KV %.2f", tp, test_gib(p.available_kv));
		cr_assert(p.warmup_left < p.warmup_need);
	}
}

Test(plan, sampler_warmup_keeps_gpt_oss_at_0_90)
{
	const struct catalogue *c = test_catalogue();
	int tp;

	for (tp = 1; tp <= 2; tp *= 2) {
		struct plan_input in;
		struct plan p;

		gptoss_h100(&in, tp, 0.90);
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "TP %d: %s", tp, p.message);
		/* a margin of more than 2 GiB: 3.96 GiB more left than at 0.95 */
		cr_assert(test_gib(p.warmup_left - p.warmup_need) > 2.0,
		    "TP %d: left %.2f, needs %.2f", tp, test_gib(p.warmup_left),
		    test_gib(p.warmup_need));
	}
}

Test(plan, sampler_warmup_extra_is_mxfp4_moe_on_hopper_only)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan hopper, ampere, dense;
	double logits = 1024.0 * 201088;

	/* gpt-oss on Hopper: the sampler's 15.2 B and 9.5 B more per logit */
	gptoss_h100(&in, 1, 0.90);
	plan_compute(c, &in, &hopper);
	cr_assert(fabs((double)hopper.warmup_need - 24.7 * logits) <
		0.001 * logits,
	    "needs %.0f", (double)hopper.warmup_need);
	/* on an A100 80GB (8.0, 256 requests) the sampler's working set alone */
	test_input(&in, "a100-80gb-sxm", "openai/gpt-oss-20b", NULL);
	in.version = VLLM_VER(0, 19, 0);
	in.util = 0.90;
	in.max_model_len = 8192;
	plan_compute(c, &in, &ampere);
	cr_assert_eq(ampere.max_num_seqs, 256);
	cr_assert(fabs((double)ampere.warmup_need - 15.2 * logits / 4) <
		0.001 * logits,
	    "needs %.0f", (double)ampere.warmup_need);
	/* a 16-bit dense model on Hopper: the sampler alone */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.gpu_total_gib = 79.19;
	in.version = VLLM_VER(0, 19, 0);
	in.util = 0.95;
	in.max_model_len = 8192;
	plan_compute(c, &in, &dense);
	cr_assert(fabs((double)dense.warmup_need - 15.2 * 1024.0 * 128256) <
	    1024.0 * 128256 * 0.001);
}

Test(plan, gpt_oss_captures_up_to_1024_from_0_19)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	/* "Overriding max cuda graph capture size to 1024 for performance."
	 * then "PIECEWISE=83 (largest=1024), FULL=83 (largest=1024)" */
	gptoss_h100(&in, 1, 0.95);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.n_capture_sizes, 83);
	cr_assert_eq(p.max_capture_size, 1024);
	/* only when neither the sizes nor the largest size is given */
	gptoss_h100(&in, 1, 0.95);
	in.max_capture_size = 512;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.n_capture_sizes, 51);
	cr_assert_eq(p.max_capture_size, 512);
	/* capped by max_num_batched_tokens as every largest size is */
	gptoss_h100(&in, 1, 0.95);
	in.max_num_batched_tokens = 600;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.max_capture_size, 600);
	/* before 0.19.0 the form of the override is not established */
	gptoss_h100(&in, 1, 0.95);
	in.version = VLLM_VER(0, 18, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.n_capture_sizes, 51);
}

Test(plan, free_memory_holds_the_group_buffers)
{
	/* vLLM 0.19.0 on H100 (79.19 GiB), "worker init memory snapshot ...
	 * free_memory=": 77.66 GiB for Llama-3.1-8B at TP 2, 77.18 for
	 * gpt-oss-20b at TP 2, 77.76 for Llama-3.1-8B in 2 pipeline stages,
	 * 78.68 on one card */
	static const struct {
		const char *model;
		int tp, pp;
		double free_log;
	} cases[] = {
		{ "meta-llama/Llama-3.1-8B-Instruct", 2, 1, 77.66 },
		{ "openai/gpt-oss-20b", 2, 1, 77.18 },
		{ "meta-llama/Llama-3.1-8B-Instruct", 1, 2, 77.76 },
		{ "meta-llama/Llama-3.1-8B-Instruct", 1, 1, 78.68 },
	};
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		test_input(&in, "h100-sxm", cases[i].model, NULL);
		in.gpu_total_gib = 79.19;
		in.version = VLLM_VER(0, 19, 0);
		in.util = 0.95;
		in.tp = cases[i].tp;
		in.pp = cases[i].pp;
		in.max_model_len = 8192;
		plan_compute(c, &in, &p);
		cr_assert(fabs(test_gib(p.free) - cases[i].free_log) < 0.006,
		    "%s TP %d PP %d: free %.3f, log %.2f", cases[i].model,
		    cases[i].tp, cases[i].pp, test_gib(p.free),
		    cases[i].free_log);
	}
	/* at 0.98 (77.61 GiB requested) the MoE model's group leaves too
	 * little free at startup, the dense one's does not */
	test_input(&in, "h100-sxm", "openai/gpt-oss-20b", NULL);
	in.gpu_total_gib = 79.19;
	in.version = VLLM_VER(0, 19, 0);
	in.util = 0.98;
	in.tp = 2;
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_FREE_MEMORY, "%s", p.message);
	cr_assert(strstr(p.message,
		      "(77.18/79.19 GiB) on startup is less "
		      "than desired GPU memory utilization "
		      "(0.98, 77.61 GiB)") != NULL,
	    "%s", p.message);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.gpu_total_gib = 79.19;
	in.version = VLLM_VER(0, 19, 0);
	in.util = 0.98;
	in.tp = 2;
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_FREE_MEMORY, "%s", p.message);
}

/*
 * GB10 (unified memory): vLLM's get_batch_defaults() reads the card's
 * total from NVML, which raises NotSupported there, and falls back to a
 * device memory of 0 (vllm-project/vllm#57378): the small-card defaults,
 * 256 sequences and 2048 batched tokens for the OpenAI server, although
 * CUDA reports 121.69 GiB.  The Nemotron 3 Nano 4B startup of 0.13.0 on a
 * GB10 (tests/calibration/newer-logs.json) prints
 * max_num_batched_tokens=2048 with no flag given.  A total given with
 * --gpu-total-gib (no catalogue card) keeps the 70 GiB rule.
 */
Test(plan, unified_memory_takes_the_small_scheduler_defaults)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "gb10", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.version = VLLM_VER(0, 13, 0);
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_float_eq(test_gib(p.total), 121.69, 0.005);
	cr_assert_eq(p.max_num_seqs, 256);
	cr_assert_eq(p.max_num_batched_tokens, 2048);
	in.max_num_seqs = 1024;
	in.max_num_batched_tokens = 8192;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.max_num_seqs, 1024, "flags given are kept");
	cr_assert_eq(p.max_num_batched_tokens, 8192);
	test_input(&in, "gb10", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.gpu = -1;
	in.gpu_total_gib = 121.69;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.max_num_seqs, 1024);
	cr_assert_eq(p.max_num_batched_tokens, 8192);
}

/*
 * On unified memory vLLM counts what the host gains during load and profile
 * as non-torch memory: MemorySnapshot.measure() (vllm/utils/mem_utils.py)
 * takes an integrated GPU's free memory from psutil's available system
 * memory, and non-torch is total - free - torch's reserved memory.  The
 * GB10's unified_host_gib (data/gpus.yaml, 1.98 GiB) is added to the
 * non-torch estimate.  The startup it comes from, Qwen3-0.6B on a GB10 at
 * 0.27.1 with --gpu-memory-utilization 0.6 (tests/calibration/newer-logs.json
 * sparknotes-v0271-qwen3-0.6b-gb10-tp1-util06), by hand: requested 0.6 x
 * 121.69 = 73.01 GiB; weights 1.12 GiB; non-torch 0.25 (the TP 1 estimate
 * of the release) + 1.98 = 2.23 GiB, so weights + non-torch = 3.35 GiB, the
 * log's "Actual usage is 3.35 GiB for consumed memory (weights +
 * non-torch)"; the graphs stay outside the budget (V2 runner before
 * 0.28.0), so the cache holds 73.01 - 1.12 - 0.55 - 2.23 = 69.11 GiB
 * against the logged 69.4 (71.09 without the host's share).  The same start
 * on a card of the same total that is not unified (--gpu-total-gib, with
 * the same 256 sequences and 2048 batched tokens) keeps the 0.25: 1.98 GiB
 * more for the cache.  A measured non-torch figure
 * (--calibrate) already holds the host's share: nothing is added to it.
 */
Test(plan, unified_memory_counts_the_host_as_non_torch)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in, d;
	struct plan p, q;
	int64_t host;

	test_input(&in, "gb10", "Qwen/Qwen3-0.6B", NULL);
	cr_assert_float_eq(c->gpus[in.gpu].unified_host_gib, 1.98, 1e-9);
	host = units_bytes(1.98);
	in.version = VLLM_VER(0, 27, 1);
	in.util = 0.6;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.unified_host, host);
	cr_assert_eq(p.non_torch, units_bytes(0.25) + host, "%lld",
	    (long long)p.non_torch);
	cr_assert_float_eq(test_gib(p.weights + p.non_torch), 3.35, 0.005);
	cr_assert_not(p.cg_in_budget);
	cr_assert_eq(p.available_kv,
	    p.requested - p.weights - p.activation - p.non_torch);
	cr_assert_float_eq(test_gib(p.available_kv), 69.11, 0.005);
	d = in;
	d.gpu = -1;
	d.gpu_total_gib = 121.69;
	/* the GB10's small scheduler defaults, which a 121.69 GiB card
	 * given by its total does not take */
	d.max_num_seqs = p.max_num_seqs;
	d.max_num_batched_tokens = p.max_num_batched_tokens;
	plan_compute(c, &d, &q);
	cr_assert_eq(q.unified_host, 0);
	cr_assert_eq(q.non_torch, units_bytes(0.25));
	cr_assert_eq(q.available_kv - p.available_kv, host);
	d = in;
	d.cal.terms = PLAN_CAL_NON_TORCH;
	d.cal.non_torch = units_bytes(2.23);
	d.cal.model = in.model;
	d.cal.gpu = in.gpu;
	d.cal.mig = -1;
	d.cal.version = in.version;
	d.cal.tp = d.cal.pp = 1;
	d.cal.format = p.format;
	plan_compute(c, &d, &q);
	cr_assert(q.calibrated & PLAN_CAL_NON_TORCH);
	cr_assert_eq(q.non_torch, units_bytes(2.23));
	cr_assert_eq(q.unified_host, 0);
}

/*
 * The non-torch memory of a TP group by release.  Qwen3-32B on two H100
 * with vLLM 0.11.0 (llm-d-benchmark's sweep, tests/calibration/
 * vllm-logs.json llmdbench-qwen3-32b-tp2): 0.54 GiB a rank against 0.14 at
 * TP 1; Llama-3.3-70B-FP8-dynamic the same way 0.55.  The budget closes on
 * the logged terms: 79.18 x 0.9 = 71.26 - 30.59 - 5.64 - 0.54 = 34.49 GiB of
 * KV cache.  The plan takes 0.55 for a group from 0.11.0 to the 0.16
 * releases, 0.13 at TP 1, and the 0.19.0 H100 runs' 2.1 from 0.17.0 on;
 * the cache moves by the difference and nothing else.
 */
Test(plan, tp_group_non_torch_by_release)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p, q, r;

	test_input(&in, "h100-sxm", "Qwen/Qwen3-32B", NULL);
	in.version = VLLM_VER(0, 11, 0);
	in.tp = 2;
	in.util = 0.9;
	in.max_model_len = 16000;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.non_torch, units_bytes(0.55), "%lld",
	    (long long)p.non_torch);
	cr_assert_eq(p.available_kv,
	    p.requested - p.weights - p.activation - p.non_torch);
	cr_assert(fabs(test_gib(p.available_kv) - 34.49) < 0.1, "%.2f GiB",
	    test_gib(p.available_kv));
	in.version = VLLM_VER(0, 16, 0);
	plan_compute(c, &in, &q);
	cr_assert_eq(q.non_torch, units_bytes(0.55));
	in.version = VLLM_VER(0, 17, 0);
	plan_compute(c, &in, &r);
	cr_assert_eq(r.non_torch, units_bytes(2.1));
	in.version = VLLM_VER(0, 11, 0);
	in.tp = 1;
	plan_compute(c, &in, &q);
	cr_assert_eq(q.non_torch, units_bytes(0.13));
}

Test(plan, unified_memory_counts_the_graph_drift_of_each_second_capture)
{
	/* vLLM's graph estimate (profile_cudagraph_memory, 0.20.0 on): per
	 * mode the first capture's drop in CUDA's free memory plus the
	 * second's times the mode's graphs less one; on a GB10 the host's use
	 * moves that free figure, so the plan counts how often it enters */
	const struct catalogue *c = test_catalogue();
	struct plan_input in, d;
	struct plan p, q;

	test_input(&in, "gb10", "MiniMaxAI/MiniMax-M2.7", "awq");
	in.version = VLLM_VER(0, 29, 1);
	in.tp = 2;
	in.util = 0.8;
	in.max_model_len = 196608;
	plan_compute(c, &in, &p);
	cr_assert(p.cg_in_budget);
	cr_assert_gt(p.n_piecewise_graphs, 1);
	cr_assert_gt(p.n_full_graphs, 1);
	cr_assert_eq(p.cg_host_repeats,
	    p.n_piecewise_graphs - 1 + p.n_full_graphs - 1);
	/* the same card by its total only: a discrete card, no drift */
	d = in;
	d.gpu = -1;
	d.gpu_total_gib = 121.69;
	plan_compute(c, &d, &q);
	cr_assert(q.cg_in_budget);
	cr_assert_eq(q.cg_host_repeats, 0);
	/* no graphs, nothing measured */
	d = in;
	d.enforce_eager = true;
	plan_compute(c, &d, &q);
	cr_assert_eq(q.cg_host_repeats, 0);
	/* --kv-cache-memory-bytes: vLLM skips the profile and the estimate */
	d = in;
	d.kv_cache_memory_bytes = units_bytes(30.0);
	plan_compute(c, &d, &q);
	cr_assert_eq(q.cg_host_repeats, 0);
	/* graphs outside the budget (before 0.20.0): not in vLLM's figure */
	d = in;
	d.version = VLLM_VER(0, 19, 0);
	plan_compute(c, &d, &q);
	cr_assert_not(q.cg_in_budget);
	cr_assert_eq(q.cg_host_repeats, 0);
}

Test(plan, free_memory_of_a_group_without_nvlink)
{
	/* 2 x RTX 5090 at TP 2 (vLLM 0.27.1: 31.4 GiB, 30.27 free, 1.13 held)
	 * and 4 x RTX PRO 6000 at TP 4 (0.96 held): a card without NVLink
	 * takes 0.96 GiB with any group, one card 0.51 */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan one, two;

	test_input(&in, "rtx-5090", "Qwen/Qwen3-8B", NULL);
	in.version = VLLM_VER(0, 27, 1);
	in.max_model_len = 8192;
	plan_compute(c, &in, &one);
	in.tp = 2;
	plan_compute(c, &in, &two);
	cr_assert_float_eq(test_gib(one.total - one.free), 0.51, 0.001);
	cr_assert_float_eq(test_gib(two.total - two.free), 0.96, 0.001);
	in.tp = 1;
	in.pp = 2;
	plan_compute(c, &in, &two);
	cr_assert_float_eq(test_gib(two.total - two.free), 0.96, 0.001);
}

/*
 * The top-k/top-p path of the profile's sampler (doc/estimates.md, "The
 * sampler's path"): Qwen2-7B-Instruct at TP 2 on two A100-40GB at 0.5 and
 * 16,384 tokens, vLLM 0.10.1, as the Ray startup of dl-qwen2-7b-a100-40-*
 * ran it: 256 requests x 152,064 logits.
 */
static void
qwen2_a100_40(struct plan_input *in, int version, char *const *env, size_t n)
{
	test_input(in, "a100-40gb", "Qwen/Qwen2-7B-Instruct", NULL);
	in->version = version;
	in->tp = 2;
	in->util = 0.5;
	in->max_model_len = 16384;
	in->env = env;
	in->n_env = n;
}

Test(sampler_path, native_at_0_10_is_the_sort_based_peak)
{
	const struct catalogue *c = test_catalogue();
	static char off[] = "VLLM_USE_FLASHINFER_SAMPLER=0";
	static char *const env[] = { off };
	struct plan_input in;
	struct plan fi, nat;
	double logits = 256.0 * 152064;

	qwen2_a100_40(&in, VLLM_VER(0, 10, 1), NULL, 0);
	plan_compute(c, &in, &fi);
	qwen2_a100_40(&in, VLLM_VER(0, 10, 1), env, 1);
	plan_compute(c, &in, &nat);
	cr_assert_eq(fi.phase, PHASE_NONE, "%s", fi.message);
	cr_assert_eq(nat.phase, PHASE_NONE, "%s", nat.message);
	cr_assert_eq(fi.max_num_seqs, 256);
	cr_assert(fi.sampler_flashinfer);
	cr_assert_not(nat.sampler_flashinfer);
	/* the warm-up after capture needs the sampler's working set: 11 B a
	 * logit on FlashInfer's kernel, 38.9 on the PyTorch sort */
	cr_assert(fabs((double)fi.warmup_need - 11.0 * logits) < 0.001 * logits,
	    "FlashInfer needs %.0f", (double)fi.warmup_need);
	cr_assert(fabs((double)nat.warmup_need - 38.9 * logits) <
		0.001 * logits,
	    "native needs %.0f", (double)nat.warmup_need);
	/* the sampler is the larger phase on both paths, so the KV cache
	 * loses the difference, 1.01 GiB */
	cr_assert(fabs((double)(fi.available_kv - nat.available_kv) -
		      27.9 * logits) < 0.001 * logits,
	    "KV %.3f and %.3f GiB", test_gib(fi.available_kv),
	    test_gib(nat.available_kv));
}

Test(sampler_path, the_default_path_is_the_release_s)
{
	const struct catalogue *c = test_catalogue();
	static char off[] = "VLLM_USE_FLASHINFER_SAMPLER=0";
	static char on[] = "VLLM_USE_FLASHINFER_SAMPLER=1";
	static char *const env_off[] = { off }, *const env_on[] = { on };
	static const int versions[] = { VLLM_VER(0, 10, 1), VLLM_VER(0, 11, 0),
		VLLM_VER(0, 19, 0), VLLM_VER(0, 20, 0), VLLM_VER(0, 27, 1) };
	static const bool fi[] = { true, false, false, true, true };
	size_t i;

	for (i = 0; i < sizeof versions / sizeof versions[0]; i++) {
		struct plan_input in;
		struct plan unset, same;

		qwen2_a100_40(&in, versions[i], NULL, 0);
		plan_compute(c, &in, &unset);
		cr_assert_eq(unset.sampler_flashinfer, fi[i], "%d",
		    versions[i]);
		/* naming the default changes nothing */
		qwen2_a100_40(&in, versions[i], fi[i] ? env_on : env_off, 1);
		plan_compute(c, &in, &same);
		cr_assert_eq(same.phase, PHASE_NONE, "%s", same.message);
		cr_assert_eq(same.activation, unset.activation, "%d",
		    versions[i]);
		cr_assert_eq(same.available_kv, unset.available_kv);
	}
}

/*
 * 0.10.1 and 0.10.2 install FlashInfer only with the vllm[flashinfer]
 * extra: a plan that does not name the path takes the image's FlashInfer
 * kernel and says what a pip install's PyTorch sort takes (256 x 152,064
 * logits: 11 B a logit 0.40 GiB, 38.9 B 1.41 GiB); naming the path, another
 * release or the pooling runner says nothing of it.
 */
Test(sampler_path, the_install_decides_at_0_10)
{
	const struct catalogue *c = test_catalogue();
	static char off[] = "VLLM_USE_FLASHINFER_SAMPLER=0";
	static char on[] = "VLLM_USE_FLASHINFER_SAMPLER=1";
	static char *const env_off[] = { off }, *const env_on[] = { on };
	static const int quiet[] = { VLLM_VER(0, 10, 0), VLLM_VER(0, 11, 0),
		VLLM_VER(0, 20, 0) };
	struct plan_input in;
	struct plan p;
	size_t i;

	qwen2_a100_40(&in, VLLM_VER(0, 10, 1), NULL, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.sampler_flashinfer);
	cr_assert(strstr(p.env_note, "vllm[flashinfer] extra") != NULL, "%s",
	    p.env_note);
	cr_assert(strstr(p.env_note, "(0.40 GiB for 256 x 152,064 logits)") !=
		NULL,
	    "%s", p.env_note);
	cr_assert(strstr(p.env_note, "about 1.41 GiB on the rank") != NULL,
	    "%s", p.env_note);
	qwen2_a100_40(&in, VLLM_VER(0, 10, 2), NULL, 0);
	plan_compute(c, &in, &p);
	cr_assert(strstr(p.env_note, "vllm[flashinfer]") != NULL);
	qwen2_a100_40(&in, VLLM_VER(0, 10, 1), env_off, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.env_note[0], '\0', "%s", p.env_note);
	qwen2_a100_40(&in, VLLM_VER(0, 10, 1), env_on, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.env_note[0], '\0', "%s", p.env_note);
	for (i = 0; i < sizeof quiet / sizeof quiet[0]; i++) {
		qwen2_a100_40(&in, quiet[i], NULL, 0);
		plan_compute(c, &in, &p);
		cr_assert_eq(p.env_note[0], '\0', "%d: %s", quiet[i],
		    p.env_note);
	}
	test_input(&in, "a100-40gb", "Qwen/Qwen3-Embedding-0.6B", NULL);
	in.version = VLLM_VER(0, 10, 1);
	in.runner = PLAN_RUNNER_POOLING;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.env_note[0], '\0', "%s", p.env_note);
}

Test(sampler_path, an_unmeasured_path_is_refused)
{
	const struct catalogue *c = test_catalogue();
	static char on[] = "VLLM_USE_FLASHINFER_SAMPLER=1";
	static char off[] = "VLLM_USE_FLASHINFER_SAMPLER=0";
	static char bad[] = "VLLM_USE_FLASHINFER_SAMPLER=yes";
	static char *const env_on[] = { on }, *const env_last[] = { on, off },
			   *const env_bad[] = { bad };
	struct plan_input in;
	struct plan p;

	/* FlashInfer's kernel is opt-in on 0.11-0.19 and no startup measured
	 * it there */
	qwen2_a100_40(&in, VLLM_VER(0, 19, 0), env_on, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "VLLM_USE_FLASHINFER_SAMPLER=1 on vLLM "
		      "0.19.0") != NULL,
	    "%s", p.message);
	cr_assert(strstr(p.message, "does not model") != NULL);
	/* the last assignment wins, as in the shell */
	qwen2_a100_40(&in, VLLM_VER(0, 19, 0), env_last, 2);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_not(p.sampler_flashinfer);
	/* vLLM reads the variable with int() */
	qwen2_a100_40(&in, VLLM_VER(0, 10, 1), env_bad, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "VLLM_USE_FLASHINFER_SAMPLER=yes") != NULL);
}

Test(sampler_path, native_from_0_20_is_0_19_s)
{
	const struct catalogue *c = test_catalogue();
	static char off[] = "VLLM_USE_FLASHINFER_SAMPLER=0";
	static char *const env[] = { off };
	struct plan_input in;
	struct plan p19, p20;

	qwen2_a100_40(&in, VLLM_VER(0, 19, 0), NULL, 0);
	plan_compute(c, &in, &p19);
	qwen2_a100_40(&in, VLLM_VER(0, 20, 0), env, 1);
	plan_compute(c, &in, &p20);
	cr_assert_eq(p20.phase, PHASE_NONE, "%s", p20.message);
	cr_assert_not(p20.sampler_flashinfer);
	cr_assert_eq(p20.warmup_need, p19.warmup_need);
}

/*
 * Pipeline stages: every stage's worker logs its own available KV memory
 * (vLLM's gpu_worker.py on each rank) and the cache keeps the fewest
 * blocks of any (get_kv_cache_configs).  Llama-3.1-8B at PP 4 on H100,
 * vLLM 0.19.0, 0.95 (the llm-d-planner startup): 8 layers a stage, the
 * embedding on the first, lm_head and the sampler on the last.
 */
Test(pp_stages, each_stage_s_own_figures)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	double fwd = 8192.0 * (2.0 * 4096 + 8.5 * 14336);
	double sampler = 15.2 * 1024 * 128256;
	int s;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.gpu_total_gib = 79.19;
	in.version = VLLM_VER(0, 19, 0);
	in.util = 0.95;
	in.pp = 4;
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.n_stages, 4);
	/* the last stage samples and holds the fewest blocks */
	cr_assert_eq(p.best_stage, 3);
	cr_assert_eq(p.available_kv, p.stages[3].available_kv);
	cr_assert_eq(p.activation, p.stages[3].activation);
	cr_assert_eq(p.num_blocks, p.stages[3].num_blocks);
	for (s = 0; s < 4; s++) {
		const struct plan_stage *ps = &p.stages[s];

		cr_assert_eq(ps->layers, 8);
		cr_assert(fabs((double)ps->activation -
			      (s == 3 ? sampler : fwd)) < 1e-6 * fwd,
		    "stage %d: %.0f", s, (double)ps->activation);
		cr_assert_eq(ps->available_kv,
		    p.requested - ps->weights - ps->activation - ps->non_torch);
		cr_assert(ps->num_blocks >= p.num_blocks);
	}
	/* the embedding and lm_head on the outer stages: the workers of PP0
	 * and PP2 log "Model loading took 4.26" and "weights memory: 3.28" */
	cr_assert_float_eq(test_gib(p.stages[0].weights), 4.26, 0.005);
	cr_assert_float_eq(test_gib(p.stages[2].weights), 3.28, 0.005);
	cr_assert_eq(p.stages[1].weights, p.stages[2].weights);
	/* the last stage's lm_head takes the embedding's place (and the
	 * final norm, 8 KiB) */
	cr_assert(llabs(p.stages[3].weights - p.stages[0].weights) <= 16384,
	    "%lld and %lld", (long long)p.stages[0].weights,
	    (long long)p.stages[3].weights);
	/* the first stage's worker prints 69.91 GiB (logged: 69.80) */
	cr_assert_float_eq(test_gib(p.stages[0].available_kv), 69.91, 0.005);
}

Test(plan, gemma4_sliding_groups_hold_two_batches_from_0_26)
{
	/* Gemma 4 31B (50 sliding layers of 16 KV heads x 256, 10 global of
	 * 4 x 512, window 1024), block 16, max_num_batched_tokens 8192, at
	 * 16,384 tokens.  Pages: sliding 16 x 16 x 256 x 2 x 2 = 262,144 B;
	 * global 16 x 4 x 512 x 2 x 2 = 131,072 B, so block 32 to match.
	 * Groups of 10 layers: 5 sliding, 1 full; the full one takes
	 * cdiv(16384, 32) = 512 blocks a request.  Up to 0.25: a sliding
	 * group holds cdiv(min(1023 + 8192, 16384), 16) + 1 = 577, so
	 * 5 x 577 + 512 = 3,397.  From 0.26.0 (vLLM #47728) async scheduling
	 * keeps two batches in flight: min(1023 + 2 x 8192, 16384) = 16384,
	 * 1,025 blocks, 5 x 1,025 + 512 = 5,637 (the B300 startup's 13.25x).
	 * 20,000 blocks = 20,000 x 10 x 262,144 B of KV memory. */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "b200", "google/gemma-4-31B-it", NULL);
	in.kv_cache_memory_bytes = 52428800000LL;
	in.max_model_len = 16384;
	in.version = VLLM_VER(0, 25, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.num_blocks, 20000);
	cr_assert_eq(p.blocks_per_request, 3397);
	cr_assert_eq(p.in_flight_batches, 1);
	cr_assert_eq(p.kv_tokens, 96461); /* int(20000 / 3397 x 16384) */
	in.version = VLLM_VER(0, 26, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.num_blocks, 20000);
	cr_assert_eq(p.in_flight_batches, 2);
	cr_assert_eq(p.blocks_per_request, 5637);
	cr_assert_eq(p.kv_tokens, 58130); /* int(20000 / 5637 x 16384) */
	cr_assert_float_eq(p.max_concurrency, 20000.0 / 5637, 1e-9);
	/* --no-async-scheduling: one batch in flight, the old count */
	in.async_scheduling = -1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.in_flight_batches, 1);
	cr_assert_eq(p.blocks_per_request, 3397);
	/* a shorter request is capped by its own length: at 4,096 tokens
	 * cdiv(4096, 16) + 1 = 257 a sliding group either way */
	in.async_scheduling = 0;
	in.max_model_len = 4096;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.blocks_per_request, 5 * 257 + 4096 / 32);
}

Test(plan, in_flight_batches_follow_vllms_async_default)
{
	/* vllm/config/vllm.py: async scheduling is off by default for ngram
	 * drafts (one batch in flight); a draft model's default is not
	 * established, so a model with sliding layers is refused there until
	 * the flag says which */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h100-sxm", "google/gemma-3-27b-it", NULL);
	in.max_model_len = 32768;
	in.version = VLLM_VER(0, 26, 0);
	in.spec.method = SPEC_NGRAM;
	in.spec.num_tokens = 3;
	strcpy(in.spec.name, "ngram");
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.in_flight_batches, 1);
	in.async_scheduling = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.in_flight_batches, 2);
	/* pipeline stages on the V1 runner (Gemma 3 is multimodal): pp */
	in.spec.method = SPEC_NONE;
	in.spec.name[0] = '\0';
	in.spec.num_tokens = 0;
	in.async_scheduling = 0;
	in.pp = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(!p.v2_runner);
	cr_assert_eq(p.in_flight_batches, 2);
	in.async_scheduling = -1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.in_flight_batches, 2);
}

/* #44446 (merged 2026-06-18, in 0.24.0) drops the is_quantized test of
 * _is_default_v2_model_runner_model(): a quantized dense checkpoint then
 * takes the runner a 16-bit one takes, of any quantization method; an MoE
 * stays on V1 whatever its weights. */
Test(plan, v2_runner_takes_quantized_checkpoints_from_0_24)
{
	static const struct {
		const char *model, *fmt;
		int version, v2;
	} cases[] = {
		/* Qwen3 takes V2 from 0.22 in 16 bits, quantized from 0.24 */
		{ "Qwen/Qwen3-8B", NULL, VLLM_VER(0, 23, 0), 1 },
		{ "Qwen/Qwen3-8B", "awq", VLLM_VER(0, 23, 0), 0 },
		{ "Qwen/Qwen3-8B", "awq", VLLM_VER(0, 24, 0), 1 },
		{ "Qwen/Qwen3-8B", "gptq", VLLM_VER(0, 24, 0), 1 },
		{ "Qwen/Qwen3-8B", "fp8", VLLM_VER(0, 30, 0), 1 },
		/* other dense models: V2 from 0.25, quantized or not */
		{ "Qwen/Qwen2-7B-Instruct", "awq", VLLM_VER(0, 24, 0), 0 },
		{ "Qwen/Qwen2-7B-Instruct", "awq", VLLM_VER(0, 25, 0), 1 },
		{ "Qwen/Qwen2-7B-Instruct", "gptq", VLLM_VER(0, 31, 0), 1 },
		{ "Qwen/Qwen2-7B-Instruct", "fp8", VLLM_VER(0, 31, 0), 1 },
		/* an MoE stays on V1 */
		{ "Qwen/Qwen3-30B-A3B", "fp8", VLLM_VER(0, 31, 0), 0 },
	};
	struct plan_input in;
	struct plan p;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		test_input(&in, "h100-sxm", cases[i].model, cases[i].fmt);
		in.version = cases[i].version;
		in.max_model_len = 8192;
		plan_compute(test_catalogue(), &in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "case %zu: %s", i, p.message);
		cr_assert_eq(p.v2_runner, cases[i].v2 != 0,
		    "case %zu: %s %s %d", i, cases[i].model,
		    cases[i].fmt ? cases[i].fmt : "native", cases[i].version);
	}
}
