/*
 * test_seeds.c - the worked examples of the documents headroom started
 * from (the seeds), as tests.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "core/plan.h"
#include "helpers.h"

static void
seed_input(struct plan_input *in, const char *gpu)
{
	test_input(in, gpu, "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in->kv_dtype = KV_FP8;
	in->tokens_per_request = 8192;
	in->max_model_len = 8192;
	in->overhead = OVERHEAD_RULE;
}

Test(seeds, users_per_card_rule_44_12_24)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	seed_input(&in, "h200-nvl");
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_float_eq(test_gib(p.weights), 67.7, 0.01);
	cr_assert_eq(p.total_concurrency, 44);

	seed_input(&in, "rtx-pro-6000-server");
	plan_compute(c, &in, &p);
	cr_assert_eq(p.total_concurrency, 12);

	seed_input(&in, "rtx-pro-6000-server");
	in.gpus = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.replicas, 2);
	cr_assert_eq(p.total_concurrency, 24);
}

Test(seeds, fp8_kv_at_131072_refused_on_rtx_pro_6000)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	/* the rule: 15.3 GiB left, 20 GiB needed, estimated maximum ~100,500 */
	seed_input(&in, "rtx-pro-6000-server");
	in.max_model_len = 0;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.max_model_len, 131072);
	cr_assert_eq(p.phase, PHASE_KV_CACHE);
	cr_assert_float_eq(test_gib(p.needed_one_request), 20.0, 1e-9);
	cr_assert(llabs(p.estimated_max_model_len - 100500) < 1000,
	    "estimated %lld", (long long)p.estimated_max_model_len);

	/* vLLM's own estimate mode refuses too, with its message */
	in.overhead = OVERHEAD_ESTIMATE;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_KV_CACHE);
	cr_assert(strstr(p.message, "(20.0 GiB KV cache is needed") != NULL,
	    "%s", p.message);
	cr_assert(
	    strstr(p.message, "estimated maximum model length is") != NULL);
	cr_assert(p.estimated_max_model_len > 90000 &&
		p.estimated_max_model_len < 115000,
	    "estimated %lld", (long long)p.estimated_max_model_len);
}

Test(seeds, bf16_70b_fails_at_weights_and_fits_at_tp2)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct", "bf16");
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_WEIGHTS, "%s", p.message);
	cr_assert_float_eq(test_gib(p.weights), 131.4, 0.1);
	cr_assert(strstr(p.message,
		      "Failed to load model - not enough GPU memory") != NULL);

	in.tp = 2;
	in.max_model_len = 32768;
	plan_compute(c, &in, &p);
	cr_assert(fabs(test_gib(p.weights) - 65.5) < 0.5,
	    "TP 2 weights %.2f GiB", test_gib(p.weights));
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
}

Test(seeds, free_memory_message_128_25)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	/* 0.9 x 142.5 GiB = 128.25 GiB requested with other processes on the card */
	test_input(&in, NULL, "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.gpu_total_gib = 142.5;
	in.util = 0.9;
	in.other_usage_gib = 67.09;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_FREE_MEMORY);
	cr_assert_str_eq(p.message,
	    "Free memory on device cuda:0 (74.9/142.5 GiB) on "
	    "startup is less than desired GPU memory utilization (0.9, 128.25 "
	    "GiB). "
	    "Decrease GPU memory utilization or reduce GPU memory used by "
	    "other "
	    "processes.");
}

Test(seeds, default_utilization_moved_to_0_92)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;

	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.1-8B-Instruct", NULL);
	/* the seeds: vLLM 0.20.0 (April 2026) raised the default from 0.9 */
	in.version = VLLM_VER(0, 19, 0);
	plan_compute(c, &in, &a);
	in.version = VLLM_VER(0, 20, 0);
	plan_compute(c, &in, &b);
	cr_assert_float_eq(a.util, 0.9, 1e-9);
	cr_assert_float_eq(b.util, 0.92, 1e-9);
	/* 0.02 x 94.97 GiB = 1.9 GiB more requested (the seeds' upgrade trap) */
	cr_assert_float_eq(test_gib(b.requested - a.requested), 1.9, 0.02);
}
