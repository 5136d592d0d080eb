/*
 * test_catalogue_startups.c - the catalogue entries of models whose real
 * startups tests/calibration holds (make fidelity plans them from these
 * entries): per entry the parameter count against the published total, the
 * weight bytes of its checkpoint, and the KV-cache bytes per token, state
 * and page sizes worked out by hand from its config fields.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/plan.h"
#include "core/weights.h"
#include "io/catalogue_load.h"
#include "helpers.h"

/*
 * What one entry must give at TP 1 on an H200 in the release of its
 * startup (4096 tokens): bytes per token of the attention layers (0 without any), the
 * state of one request (all state layers) and the page, both 0 for a
 * model without state; params in billions within 3 % of the published
 * total (rounded figures), and weights in GiB within 0.01.
 */
struct expect {
	const char *id, *ckpt;
	int version;
	enum kv_dtype kv;
	int64_t bytes_per_token, state, page;
	double params_b, weights_gib;
};

static void
check(const struct expect *e)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	const struct model *m;
	double b;

	test_input(&in, "h200-sxm", e->id, e->ckpt);
	m = in.model;
	cr_assert_null(m->refusal, "%s: %s", e->id, m->refusal);
	in.version = e->version;
	in.kv_dtype = e->kv;
	in.max_model_len = 4096;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s: %s", e->id, p.message);
	cr_assert_eq(p.bytes_per_token, e->bytes_per_token, "%s: %lld B/token",
	    e->id, (long long)p.bytes_per_token);
	cr_assert_eq(p.kv.state_bytes, e->state, "%s: state %lld", e->id,
	    (long long)p.kv.state_bytes);
	cr_assert_eq(p.page_bytes, e->page, "%s: page %lld", e->id,
	    (long long)p.page_bytes);
	b = weights_param_count(m);
	cr_assert(fabs(b / m->params_b - 1) <= 0.03,
	    "%s: %.3fB against %.2fB published", e->id, b, m->params_b);
	cr_assert(fabs(b / e->params_b - 1) <= 0.03, "%s: %.3fB", e->id, b);
	cr_assert(fabs(test_gib(p.weights) - e->weights_gib) < 0.01,
	    "%s: weights %.4f GiB", e->id, test_gib(p.weights));
}

/*
 * Mamba-Codestral-7B: 64 Mamba2 layers, conv 3 x (8192 + 2 x 8 x 128) x 2
 * = 61,440 + SSM 128 x 64 x 128 x 2 = 2,097,152 -> 2,158,592 B a layer,
 * 138,149,888 B a request, the page one layer's; no attention.  7.285B parameters x 2 B =
 * 13.57 GiB (the 0.11.0 startup loads 13.6327).
 */
Test(catalogue_startups, mamba_codestral_7b)
{
	const struct expect e = { "mistralai/Mamba-Codestral-7B-v0.1", NULL,
		VLLM_VER(0, 11, 0), KV_AUTO, 0, 64 * (int64_t)2158592, 2158592,
		7.29, 13.57 };

	check(&e);
}

/*
 * Bamba-9B v1 (0.11.0: BambaForCausalLM was removed in 0.23.0): 3
 * attention layers of 2 x 8 x 128 x 2 = 4096 B per token, 29 Mamba2
 * layers of conv 3 x 8448 x 2 = 50,688 + SSM 2,097,152 = 2,147,840 B;
 * block 16 x cdiv(2,147,840, 65,536) = 528, page 528 x 4096 = 2,162,688.
 */
Test(catalogue_startups, bamba_9b_v1)
{
	const struct expect e = { "ibm-ai-platform/Bamba-9B-v1", NULL,
		VLLM_VER(0, 11, 0), KV_AUTO, 3 * 4096, 29 * (int64_t)2147840,
		2162688, 9.78, 18.22 };

	check(&e);
}

/*
 * Kimi Linear 48B-A3B: 7 MLA layers of (512 + 64) x 2 = 1152 B per token,
 * 20 KDA layers of conv 3 x 3 x 32 x 128 x 2 = 73,728 + recurrent 32 x
 * 128 x 128 x 4 = 2,097,152 -> 2,170,880 B; block 64 x cdiv(2,170,880,
 * 73,728) = 1920, page 1920 x 1152 = 2,211,840.
 */
Test(catalogue_startups, kimi_linear_48b)
{
	const struct expect e = { "moonshotai/Kimi-Linear-48B-A3B-Instruct",
		NULL, VLLM_VER(0, 11, 2), KV_AUTO, 7 * 1152,
		20 * (int64_t)2170880, 2211840, 49.1, 91.50 };

	check(&e);
}

/*
 * Granite 4.0-H Small: 4 attention layers of 4096 B per token, 36 Mamba2
 * layers of 2,147,840 B (as Bamba's), block 528, page 2,162,688; 32.2B
 * parameters, the embedding tied.
 */
Test(catalogue_startups, granite_4_h_small)
{
	const struct expect e = { "ibm-granite/granite-4.0-h-small", NULL,
		VLLM_VER(0, 11, 1), KV_AUTO, 4 * 4096, 36 * (int64_t)2147840,
		2162688, 32.2, 59.99 };

	check(&e);
}

/*
 * Nemotron 3 Nano 4B at 0.13.0 (the auto SSM dtype float16 from the hook):
 * 4 attention layers of 2 x 8 x 128 = 2048 B per token in fp8, 21 Mamba2
 * layers of conv 3 x 9728 x 2 = 58,368 + SSM 96 x 80 x 128 x 2 = 1,966,080
 * -> 2,024,448 B; block 16 x cdiv(2,024,448, 32,768) = 992, page 992 x
 * 2048 = 2,031,616.  BF16 the attention takes 4096 B: block 16 x
 * cdiv(2,024,448, 65,536) = 496, page 2,031,616 again.
 */
Test(catalogue_startups, nemotron3_nano_4b)
{
	const struct expect fp8 = { "nvidia/NVIDIA-Nemotron-3-Nano-4B-FP8",
		NULL, VLLM_VER(0, 13, 0), KV_FP8, 4 * 2048,
		21 * (int64_t)2024448, 2031616, 3.97, 4.53 };
	const struct expect bf16 = { "nvidia/NVIDIA-Nemotron-3-Nano-4B-BF16",
		NULL, VLLM_VER(0, 13, 0), KV_AUTO, 4 * 4096,
		21 * (int64_t)2024448, 2031616, 3.97, 7.46 };

	check(&fp8);
	check(&bf16);
}

/*
 * Granite Vision 3.3 2B (LlavaNextForConditionalGeneration): the
 * granite-3.1-2b text model, 40 layers of 2 x 8 x 64 x 2 = 2048 B per
 * token; 2.534B text parameters, a SigLIP tower of 27 blocks of 1152 and
 * the projector, 2.975B in all.  The 0.19.0 startup loads 5.54 GiB where
 * the plan gives 5.56 (the text model alone loads 4.74 GiB for 4.72 of
 * parameters: RoPE caches and padding).
 */
Test(catalogue_startups, granite_vision_33_2b)
{
	const struct expect e = { "ibm-granite/granite-vision-3.3-2b", NULL,
		VLLM_VER(0, 19, 0), KV_AUTO, 40 * 2048, 0, 16 * 2048, 2.97,
		5.56 };

	check(&e);
}
