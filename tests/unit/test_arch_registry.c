/*
 * test_arch_registry.c - vLLM's model registry class by class: what
 * headroom does with a config of each architecture (modelled, standard
 * attention, or refused with vLLM's reason), one row of
 * doc/architectures.md ("How each registry class is handled") a case; and
 * Step-3.5, worked out by hand from step3p5.py beside each figure.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/kv.h"
#include "core/plan.h"
#include "core/vllm_version.h"
#include "core/weights.h"
#include "io/hfarch.h"
#include "io/hfconfig.h"
#include "io/model_dir.h"
#include "helpers.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

static void
load(const char *rel, struct model *m)
{
	char path[1024], err[512];
	int64_t wb;

	snprintf(path, sizeof path, "%s/tests/fixtures/configs/%s",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".", rel);
	cr_assert_eq(model_dir_read(path, m, &wb, err, sizeof err), 0, "%s",
	    err);
}

/* vLLM's defaults for a current release: block 16, mnbt 8192, HMA on */
static void
params(struct kv_params *p, int tp, enum kv_dtype kv)
{
	memset(p, 0, sizeof *p);
	p->tp = tp;
	p->kv = kv;
	p->model_bytes = 2;
	p->block_size = 16;
	p->kernel_alignment = 16;
	p->mnbt = 8192;
	p->hma = true;
	p->mamba_mode = MAMBA_MODE_NONE;
}

static void
layout(const struct model *m, const struct kv_params *p, struct kv_layout *l)
{
	char err[KV_ERR_LEN];

	cr_assert_eq(kv_layout_build(m, p, 0, m->layers, l, err, sizeof err), 0,
	    "%s", err);
}

/*
 * Step-3.5-Flash (step3p5.py): 45 layers, full attention where i % 4 == 0
 * (12) and sliding window 512 elsewhere (33); full layers 64 query heads,
 * sliding layers 96 (attention_other_setting), both 8 KV heads of 128.
 * Per token and layer 2 x 8 x 128 x 2 B = 4096 B on both kinds, so one page
 * size: group size 12 (the full layers), 1 + 3 groups, 3 padding layers.
 * Blocks for L = 262,144: cdiv(L, 16) = 16,384 for the full group and
 * cdiv(511 + 8192, 16) + 1 = 545 for each sliding group.
 */
Test(registry, step3p5_flash_layers_groups_and_pages)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	int i, full = 0, wide = 0;

	load("step3p5/Step-3.5-Flash", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert(strstr(m.assumption, "Step-3.5") != NULL);
	cr_assert_eq(m.layers, 45);
	cr_assert_eq(m.n_sliding, 33);
	for (i = 0; i < m.layers; i++) {
		full += m.layer_kind[i] == LAYER_FULL;
		wide += m.ld[i].heads == 96;
		cr_assert_eq(m.layer_kind[i] == LAYER_FULL, i % 4 == 0);
		cr_assert_eq(m.ld[i].ffn, i < 3 ? FFN_DENSE : FFN_MOE);
	}
	cr_assert_eq(full, 12);
	cr_assert_eq(wide, 33);
	cr_assert_eq(m.sliding_window, 512);
	cr_assert_eq(m.mtp_layers, 3);
	cr_assert_eq(m.experts_per_tok, 8);
	params(&p, 1, KV_AUTO);
	layout(&m, &p, &l);
	cr_assert_eq(l.bytes_per_token, 45 * 4096);
	cr_assert_eq(l.page, 16 * 4096);
	cr_assert_eq(l.group_size, 12);
	cr_assert_eq(l.n_groups, 4);
	cr_assert_eq(l.padding_layers, 3);
	cr_assert_eq(kv_blocks_per_request(&l, 262144), 16384 + 3 * 545);
	/* TP 8: one KV head per rank; fp8 halves it again */
	params(&p, 8, KV_FP8);
	layout(&m, &p, &l);
	cr_assert_eq(l.bytes_per_token, 45 * 2 * 128);
	cr_assert_eq(l.page, 16 * 256);
	model_done(&m);
}

/*
 * Weights from the architecture: embedding and lm_head 2 x 128,896 x 4096
 * = 1,055,916,032; attention 12 x 75,759,616 (q, o 4096 x 64 x 128, k, v
 * 4096 x 8 x 128, g_proj 4096 x 64) + 33 x 109,445,120 (96 heads);
 * dense MLP 3 x 3 x 4096 x 11,264; 42 MoE layers of 288 experts + one
 * shared expert of 3 x 4096 x 1280 and a 4096 x 288 router: 196.956B,
 * against the 196B of the model card ("11B of its 196B parameters").
 * At TP 4 the bf16 share is 1/4 of the split parts plus the float32
 * router and the norms on every rank.
 */
Test(registry, step3p5_flash_weights_against_the_published_total)
{
	struct model m;
	struct weights_breakdown w;
	double b;

	load("step3p5/Step-3.5-Flash", &m);
	b = weights_param_count(&m);
	cr_assert(b > 196.9 && b < 197.0, "%.4fB", b);
	cr_assert(b > 196 * 0.985 && b < 196 * 1.015);
	weights_rank(&m, FMT_BF16, 2, 4, 1, 0, &w);
	/* bf16: the split linears 97,925,136,384 B, the float32 routers 42 x
	 * 4096 x 288 x 4 = 198,180,864, embedding and lm_head 2 x 32,224 x
	 * 4096 x 2, the norms 91 x 4096 x 2 and the RoPE cache 262,144 x 128
	 * x 2 (one; the full layers' partial-rotary cache is not counted) */
	cr_assert_float_eq(w.total,
	    97925136384.0 + 198180864.0 + 2 * 263979008.0 + 745472.0 +
		67108864.0,
	    1.0, "%.0f", w.total);
	model_done(&m);
}

/* vLLM raises for any att_impl_type but GQA (Step3p5DecoderLayer) */
Test(registry, step3p5_other_attention_implementations_are_refused)
{
	static const char *const json =
	    "{\"architectures\":[\"Step3p5ForCausalLM\"],\"model_type\":"
	    "\"step3p5\",\"num_hidden_layers\":4,\"hidden_size\":256,"
	    "\"num_attention_heads\":4,\"num_attention_groups\":2,"
	    "\"vocab_size\":1000,\"att_impl_type\":\"MFA\"}";
	cJSON *cfg = cJSON_Parse(json);
	struct model m;
	const char *bad;
	char err[512];

	cr_assert_eq(hfconfig_read(cfg, &m, err, sizeof err, &bad), 0, "%s",
	    err);
	cJSON_Delete(cfg);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "Unsupported attention implementation: "
		      "MFA") != NULL,
	    "%s", m.refusal);
	model_done(&m);
}

/* #33523 arrived after 0.15: 0.15.1 does not know the architecture, 0.16.0
 * plans it (Flash in bf16 over four H200: 91.94 GiB of weights a card) */
Test(registry, step3p5_from_vllm_0_16)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct model m;

	load("step3p5/Step-3.5-Flash", &m);
	test_input(&in, "h200-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.tp = 4;
	in.version = VLLM_VER(0, 15, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "before 0.16.0") != NULL, "%s", p.message);
	in.version = VLLM_VER(0, 16, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.kv_tokens > 0);
	model_done(&m);
}
