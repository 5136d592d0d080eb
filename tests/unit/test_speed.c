/*
 * test_speed.c - the speed estimate follows the formula stated in
 * doc/answers.md and src/core/speed.h: bandwidth-bound decode with the
 * KV of each request at half its length, a compute floor, tensor-parallel
 * all-reduce over NVLink or PCIe, and prefill at the card's rate.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "core/speed.h"
#include "core/weights.h"
#include "helpers.h"

static void
seed(struct plan_input *in, const char *gpu)
{
	test_input(in, gpu, "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in->kv_dtype = KV_FP8;
	in->max_model_len = 8192;
	in->tokens_per_request = 8192;
	in->overhead = OVERHEAD_RULE;
}

Test(speed, follows_the_stated_formula)
{
	const struct catalogue *c = test_catalogue();
	const struct speed_coeffs *k = &c->speed;
	const struct gpu *g;
	struct plan_input in;
	struct plan p;
	struct speed_estimate e;
	double mem, comp, step, active;

	cr_assert(k->loaded,
	    "data/speed.yaml is part of the built-in catalogue");
	seed(&in, "h200-nvl");
	plan_compute(c, &in, &p);
	cr_assert_eq(p.total_concurrency, 44);
	speed_estimate(c, &in, &p, 0, &e);
	cr_assert(e.known, "%s", e.why);
	cr_assert_eq(e.load.users, 44, "the plan's concurrency by default");
	g = &c->gpus[in.gpu];
	/* memory: weights + 44 requests x KV of 4096 tokens, at 70 % of 4.8 TB/s */
	mem = ((double)p.weights + 44.0 * p.bytes_per_token * 4096.0) /
	    (g->bandwidth_gbs * 1e9 * k->decode_bandwidth_efficiency);
	active = weights_param_count(in.model) * 1e9;
	comp = 2.0 * active * 44 /
	    (g->bf16_tflops * k->fp8_compute_factor * 1e12 *
		k->prefill_compute_efficiency);
	step = mem > comp ? mem : comp;
	cr_assert(!e.load.compute_bound);
	cr_assert_float_eq(e.load.step_ms, step * 1e3, 1e-9 * step * 1e3);
	cr_assert_float_eq(e.load.tokens_per_s_user, 1.0 / step, 1e-9 / step);
	cr_assert_float_eq(e.load.tokens_per_s_total, 44.0 / step, 1e-7 / step);
	cr_assert_eq(e.load.allreduce_ms, 0.0, "TP 1 has no all-reduce");
	/* the seeds' case: about 30 tokens/s for each of 44 users */
	cr_assert(e.load.tokens_per_s_user > 20 &&
		e.load.tokens_per_s_user < 50,
	    "%.1f tokens/s", e.load.tokens_per_s_user);
	/* one user is faster, the total with 44 is larger */
	cr_assert_gt(e.single.tokens_per_s_user, e.load.tokens_per_s_user);
	cr_assert_gt(e.load.tokens_per_s_total, e.single.tokens_per_s_total);
	/* prefill: 2 x params x T + attention, at the FP8 rate */
	cr_assert(e.prefill_known);
	{
		const struct model *m = in.model;
		double T = 8192,
		       flops = 2.0 * active * T +
		    2.0 * m->heads * m->head_dim * T * T * m->layers;

		cr_assert_float_eq(e.prefill_s,
		    flops /
			(g->bf16_tflops * k->fp8_compute_factor * 1e12 *
			    k->prefill_compute_efficiency),
		    1e-9 * e.prefill_s);
	}
}

Test(speed, tensor_parallel_pays_for_its_link)
{
	const struct catalogue *c = test_catalogue();
	const struct speed_coeffs *k = &c->speed;
	struct plan_input in;
	struct plan p;
	struct speed_estimate e;
	const struct gpu *g;
	double ar, b = 10;

	seed(&in, "h100-sxm");
	in.tp = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	speed_estimate(c, &in, &p, 10, &e);
	g = &c->gpus[in.gpu];
	cr_assert_str_eq(e.link, "NVLink");
	cr_assert_float_eq(e.link_gbs, g->nvlink_gbs / 2, 1e-9);
	ar = k->allreduces_per_layer * in.model->layers *
	    (k->allreduce_latency_nvlink_us * 1e-6 +
		2.0 * 1 / 2 * b * in.model->hidden * 2.0 /
		    (e.link_gbs * 1e9 * k->link_efficiency));
	cr_assert_float_eq(e.load.allreduce_ms, ar * 1e3, 1e-9 * ar * 1e3);
	cr_assert_float_eq(e.load.step_ms,
	    (fmax(e.load.memory_ms, e.load.compute_ms) + e.load.allreduce_ms),
	    1e-9);

	/* no NVLink on the RTX PRO 6000: PCIe, slower all-reduce */
	seed(&in, "rtx-pro-6000-server");
	in.tp = 2;
	plan_compute(c, &in, &p);
	speed_estimate(c, &in, &p, 10, &e);
	cr_assert_str_eq(e.link, "PCIe");
	cr_assert_gt(e.load.allreduce_ms, ar * 1e3);
}

Test(speed, shapes_and_limits)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct speed_estimate e, s;
	struct speed_point a, b;

	/* more users: slower each, faster in all */
	seed(&in, "rtx-pro-6000-server");
	plan_compute(c, &in, &p);
	speed_estimate(c, &in, &p, 0, &e);
	speed_at(&e, 2, &a);
	speed_at(&e, 12, &b);
	cr_assert_gt(a.tokens_per_s_user, b.tokens_per_s_user);
	cr_assert_lt(a.tokens_per_s_total, b.tokens_per_s_total);
	/* replicas multiply the total only */
	in.gpus = 2;
	plan_compute(c, &in, &p);
	speed_estimate(c, &in, &p, 12, &s);
	cr_assert_float_eq(s.load.tokens_per_s_user, b.tokens_per_s_user, 1e-9);
	cr_assert_float_eq(s.load.tokens_per_s_total, 2 * b.tokens_per_s_total,
	    1e-6);

	/* a plan that does not start has no speed */
	seed(&in, "rtx-pro-6000-server");
	in.max_model_len = 0;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_NONE);
	speed_estimate(c, &in, &p, 0, &e);
	cr_assert(!e.known);
	cr_assert(strstr(e.why, "does not start") != NULL);

	/* a MIG slice gets its share of the bandwidth */
	test_input(&in, "h200-nvl", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.mig = catalogue_find_mig(&c->gpus[in.gpu], "3g.71gb");
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	speed_estimate(c, &in, &p, 0, &e);
	cr_assert(e.known);
	cr_assert_float_eq(e.bandwidth_gbs,
	    4800 * 69.5 / c->gpus[in.gpu].cuda_total_gib, 1e-6);

	/* MoE: one token touches top-k experts, a big batch nearly all */
	test_input(&in, "h100-sxm", "Qwen/Qwen3-30B-A3B", NULL);
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	speed_estimate(c, &in, &p, 0, &e);
	cr_assert(e.known);
	cr_assert_gt(e.expert_bytes, 0);
	cr_assert_lt(e.active_params, weights_param_count(in.model) * 1e9 / 4);
	speed_at(&e, 1, &a);
	speed_at(&e, 256, &b);
	cr_assert_lt(a.memory_ms,
	    (e.weights_read + e.expert_bytes) /
		(e.bandwidth_gbs * 1e9 * e.efficiency) * 1e3);
}
