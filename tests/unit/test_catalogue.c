/*
 * test_catalogue.c - the built-in catalogue's current families: every entry
 * loads, its architecture adds up to the published total, and a catalogue
 * entry (or a quantized export's checkpoint) plans exactly as the real
 * config.json of tests/fixtures/configs/ does with --model DIR.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/plan.h"
#include "core/weights.h"
#include "io/catalogue_load.h"
#include "io/model_dir.h"
#include "helpers.h"

/* The entries of the current families; refused = headroom refuses the
 * architecture, and so must its catalogue entry; mtp = the cited total
 * counts the MTP layer (a safetensors total), which vLLM loads only to
 * draft. */
static const struct {
	const char *id;
	int refused, mtp;
} models[] = {
	{ "Qwen/Qwen3-Next-80B-A3B-Instruct", 0, 0 },
	{ "Qwen/Qwen3-Next-80B-A3B-Thinking", 0, 0 },
	{ "Qwen/Qwen3.5-27B", 0, 0 },
	{ "Qwen/Qwen3.5-35B-A3B", 0, 0 },
	{ "Qwen/Qwen3.5-122B-A10B", 0, 0 },
	{ "Qwen/Qwen3.5-397B-A17B", 0, 0 },
	{ "Qwen/Qwen3-VL-2B-Instruct", 0, 0 },
	{ "Qwen/Qwen3-VL-4B-Instruct", 0, 0 },
	{ "Qwen/Qwen3-VL-8B-Instruct", 0, 0 },
	{ "Qwen/Qwen3-VL-32B-Instruct", 0, 0 },
	{ "Qwen/Qwen3-VL-30B-A3B-Instruct", 0, 0 },
	{ "Qwen/Qwen3-VL-235B-A22B-Instruct", 0, 0 },
	{ "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16", 0, 0 },
	{ "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16", 0, 0 },
	{ "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16", 0, 0 },
	{ "nvidia/Nemotron-H-56B-Base-8K", 0, 0 },
	{ "google/gemma-4-26B-A4B", 0, 0 },
	{ "deepseek-ai/DeepSeek-V3.2", 0, 0 },
	{ "deepseek-ai/DeepSeek-V4-Flash", 0, 0 },
	{ "deepseek-ai/DeepSeek-V4-Pro", 0, 0 },
	{ "zai-org/GLM-4.7-Flash", 0, 1 },
	{ "zai-org/GLM-5", 0, 0 },
	{ "zai-org/GLM-5.1", 0, 0 },
	{ "moonshotai/Kimi-K2.5", 0, 0 },
	{ "MiniMaxAI/MiniMax-M2.7", 0, 0 },
	{ "Qwen/Qwen3.6-35B-A3B", 0, 0 },
	{ "google/gemma-4-31B-it", 0, 0 },
	{ "meta-llama/Llama-4-Scout-17B-16E-Instruct", 0, 0 },
	{ "meta-llama/Llama-4-Maverick-17B-128E-Instruct", 0, 0 },
	{ "mistralai/Devstral-2-123B-Instruct-2512", 0, 0 },
	{ "zai-org/GLM-4.7", 0, 1 },
	{ "mistralai/Ministral-3-3B-Instruct-2512", 0, 0 },
	{ "mistralai/Ministral-3-8B-Instruct-2512", 0, 0 },
	{ "mistralai/Ministral-3-14B-Instruct-2512", 0, 0 },
	{ "moonshotai/Kimi-K2-Thinking", 0, 0 },
	{ "mistralai/Devstral-Small-2-24B-Instruct-2512", 0, 0 },
	{ "mistralai/Magistral-Small-2509", 0, 0 },
	{ "Qwen/Qwen3.6-27B", 0, 0 },
	{ "zai-org/GLM-5.2", 0, 0 },
	{ "XiaomiMiMo/MiMo-V2-Flash", 0, 0 },
	{ "Qwen/Qwen3-VL-32B-Thinking", 0, 0 },
	{ "google/gemma-4-E2B-it", 0, 0 },
	{ "deepseek-ai/DeepSeek-V3.1", 0, 0 },
};

/* Quantized exports that carry their own config.json, and its format. */
static const struct {
	const char *id, *model;
	enum ckpt_format format;
	enum kv_dtype kv;
} exports[] = {
	{ "nvidia/Qwen3.5-122B-A10B-NVFP4", "Qwen/Qwen3.5-122B-A10B", FMT_NVFP4,
	    KV_FP8 },
	{ "nvidia/Qwen3.5-397B-A17B-NVFP4", "Qwen/Qwen3.5-397B-A17B", FMT_NVFP4,
	    KV_FP8 },
	{ "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4",
	    "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16", FMT_NVFP4, KV_FP8 },
	{ "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8",
	    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16", FMT_FP8, KV_FP8 },
	{ "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4",
	    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16", FMT_NVFP4,
	    KV_FP8 },
	{ "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-FP8",
	    "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16", FMT_FP8, KV_FP8 },
	{ "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-NVFP4",
	    "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16", FMT_NVFP4,
	    KV_FP8 },
	{ "nvidia/Gemma-4-26B-A4B-NVFP4", "google/gemma-4-26B-A4B", FMT_NVFP4,
	    KV_FP8 },
	{ "nvidia/DeepSeek-V3.2-NVFP4", "deepseek-ai/DeepSeek-V3.2", FMT_NVFP4,
	    KV_FP8 },
	{ "zai-org/GLM-5-FP8", "zai-org/GLM-5", FMT_FP8_BLOCK, KV_AUTO },
	{ "nvidia/GLM-5-NVFP4", "zai-org/GLM-5", FMT_NVFP4, KV_FP8 },
	{ "zai-org/GLM-5.1-FP8", "zai-org/GLM-5.1", FMT_FP8_BLOCK, KV_AUTO },
	{ "nvidia/GLM-5.1-NVFP4", "zai-org/GLM-5.1", FMT_NVFP4, KV_FP8 },
	{ "nvidia/Kimi-K2.5-NVFP4", "moonshotai/Kimi-K2.5", FMT_NVFP4,
	    KV_AUTO },
	{ "nvidia/Qwen3.6-35B-A3B-NVFP4", "Qwen/Qwen3.6-35B-A3B", FMT_NVFP4,
	    KV_FP8 },
	{ "nvidia/Gemma-4-31B-IT-NVFP4", "google/gemma-4-31B-it", FMT_NVFP4,
	    KV_FP8 },
	{ "nvidia/MiniMax-M2.5-NVFP4", "MiniMaxAI/MiniMax-M2.5", FMT_NVFP4,
	    KV_FP8 },
	{ "nvidia/MiniMax-M2.7-NVFP4", "MiniMaxAI/MiniMax-M2.7", FMT_NVFP4,
	    KV_FP8 },
	{ "cyankiwi/Devstral-Small-2-24B-Instruct-2512-AWQ-4bit",
	    "mistralai/Devstral-Small-2-24B-Instruct-2512", FMT_GPTQ, KV_AUTO },
	/* mixed: more FP8 modules (attention, gated delta net) than NVFP4
	 * (MLP, lm_head), so the whole reads as FP8 */
	{ "nvidia/Qwen3.6-27B-NVFP4", "Qwen/Qwen3.6-27B", FMT_FP8, KV_FP8 },
	{ "zai-org/GLM-5.2-FP8", "zai-org/GLM-5.2", FMT_FP8_BLOCK, KV_AUTO },
	{ "nvidia/GLM-5.2-NVFP4", "zai-org/GLM-5.2", FMT_NVFP4, KV_FP8 },
	{ "nvidia/DeepSeek-V3.1-NVFP4", "deepseek-ai/DeepSeek-V3.1", FMT_NVFP4,
	    KV_FP8 },
	{ "nvidia/NVIDIA-Nemotron-3.5-Lightning-30B-A3B-NVFP4",
	    "nvidia/NVIDIA-Nemotron-3.5-Lightning-30B-A3B-BF16", FMT_NVFP4,
	    KV_FP8 },
};

Test(catalogue, current_families_load)
{
	const struct catalogue *c = test_catalogue();
	size_t i;

	for (i = 0; i < sizeof models / sizeof models[0]; i++) {
		int mi = catalogue_find_model(c, models[i].id);

		cr_assert_geq(mi, 0, "%s is not in the catalogue",
		    models[i].id);
		cr_assert_eq(c->models[mi].refusal != NULL, models[i].refused,
		    "%s: refusal %s", models[i].id,
		    c->models[mi].refusal ? c->models[mi].refusal : "(none)");
		/* every model can be planned from one of its checkpoints */
		cr_assert_geq(catalogue_model_ckpt(c, mi,
				  c->models[mi].native_format),
		    0, "%s has no checkpoint in its own format", models[i].id);
	}
	for (i = 0; i < sizeof exports / sizeof exports[0]; i++) {
		int k = catalogue_find_ckpt(c, exports[i].id);
		const struct checkpoint *ck;

		cr_assert_geq(k, 0, "%s is not in the catalogue",
		    exports[i].id);
		ck = &c->ckpts[k];
		cr_assert_eq(ck->model_index,
		    catalogue_find_model(c, exports[i].model), "%s",
		    exports[i].id);
		cr_assert_not_null(ck->arch, "%s carries no config",
		    exports[i].id);
		cr_assert_eq(ck->format, exports[i].format, "%s",
		    exports[i].id);
		cr_assert_eq(ck->arch->native_format, exports[i].format, "%s",
		    exports[i].id);
		cr_assert_eq(ck->kv, exports[i].kv, "%s: kv %s", exports[i].id,
		    kv_dtype_name(ck->kv));
		cr_assert_str_eq(ck->arch->name,
		    c->models[ck->model_index].name);
	}
}

/*
 * The architecture against the total each entry cites (params_b): within
 * 3%, as published totals are rounded ("27B", "1.04T") and some count the
 * vision tower apart (Gemma 4: 25.2B with a ~0.55B encoder beside it).
 */
Test(catalogue, parameter_counts_match_the_cited_totals)
{
	const struct catalogue *c = test_catalogue();
	size_t i, checked = 0;

	for (i = 0; i < sizeof models / sizeof models[0]; i++) {
		const struct model *m =
		    &c->models[catalogue_find_model(c, models[i].id)];
		double b;

		if (m->refusal != NULL || m->params_b <= 0)
			continue;
		b = weights_param_count(m);
		if (models[i].mtp) {
			cr_assert_gt(m->mtp_layers, 0, "%s", m->id);
			b += weights_mtp_bytes(m, FMT_BF16, 1, 1) / 1e9;
		}
		cr_assert(fabs(b / m->params_b - 1) <= 0.03,
		    "%s: %.2fB against %.2fB "
		    "published",
		    m->id, b, m->params_b);
		checked++;
	}
	cr_assert_geq(checked, 15);
}

static void
fixture(const char *rel, char *path, size_t len)
{
	snprintf(path, len, "%s/tests/fixtures/configs/%s",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".", rel);
}

/*
 * One plan of a catalogue entry and one of the real config.json (--model
 * DIR, the same weight bytes), on one card.  Every figure vLLM prints and
 * headroom derives from the architecture must be the same.
 */
static void
same_plan(const char *dir, const char *id, const char *ckpt, const char *gpu,
    int tp, enum kv_dtype kv, int hybrid)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input a, b;
	struct plan pa, pb;
	struct model m;
	char path[1024], err[512];
	int64_t wb;

	fixture(dir, path, sizeof path);
	cr_assert_eq(model_dir_read(path, &m, &wb, err, sizeof err), 0, "%s",
	    err);
	test_input(&a, gpu, id, ckpt);
	a.tp = tp;
	a.kv_dtype = kv;
	b = a;
	b.model = &m;
	b.ckpt = -1;
	b.format = FMT_COUNT;
	/* the folder's weight bytes are the checkpoint's, when it publishes them */
	b.weight_bytes = a.ckpt >= 0 ? c->ckpts[a.ckpt].size_bytes : 0;
	plan_compute(c, &a, &pa);
	plan_compute(c, &b, &pb);
	cr_assert_eq(pa.phase, pb.phase, "%s: phase %d against %d (%s / %s)",
	    id, pa.phase, pb.phase, pa.message, pb.message);
	cr_assert_str_eq(pa.message, pb.message, "%s", id);
	cr_assert_eq(pa.format, pb.format, "%s", id);
	cr_assert_eq(pa.kv_dtype, pb.kv_dtype, "%s", id);
	cr_assert_eq(pa.max_model_len, pb.max_model_len, "%s", id);
	cr_assert_eq(pa.weights, pb.weights, "%s: weights %lld against %lld",
	    id, (long long)pa.weights, (long long)pb.weights);
	cr_assert_eq(pa.bytes_per_token, pb.bytes_per_token,
	    "%s: %lld B/token "
	    "against %lld",
	    id, (long long)pa.bytes_per_token, (long long)pb.bytes_per_token);
	cr_assert_eq(pa.page_bytes, pb.page_bytes, "%s", id);
	cr_assert_eq(pa.block_size, pb.block_size, "%s", id);
	cr_assert_eq(pa.group_size, pb.group_size, "%s", id);
	cr_assert_eq(pa.n_groups, pb.n_groups, "%s", id);
	cr_assert_eq(pa.state_bytes, pb.state_bytes, "%s", id);
	cr_assert_eq(pa.num_blocks, pb.num_blocks,
	    "%s: %lld blocks against %lld", id, (long long)pa.num_blocks,
	    (long long)pb.num_blocks);
	cr_assert_eq(pa.kv_tokens, pb.kv_tokens, "%s", id);
	cr_assert_eq(pa.blocks_per_request, pb.blocks_per_request, "%s", id);
	cr_assert_float_eq(pa.max_concurrency, pb.max_concurrency, 1e-9, "%s",
	    id);
	cr_assert_eq(pa.concurrency_at_tpr, pb.concurrency_at_tpr, "%s", id);
	cr_assert_eq(pa.activation, pb.activation, "%s", id);
	cr_assert_eq(pa.cuda_graphs, pb.cuda_graphs, "%s", id);
	cr_assert_eq(pa.available_kv, pb.available_kv, "%s", id);
	if (pa.phase == PHASE_NONE) {
		/* the comparison says something: a cache, and state for hybrids */
		cr_assert_gt(pa.num_blocks, 0, "%s", id);
		cr_assert_eq(pa.state_bytes > 0, hybrid, "%s: state %lld", id,
		    (long long)pa.state_bytes);
	}
	model_done(&m);
}

Test(catalogue, qwen35_plans_as_its_config)
{
	same_plan("qwen3.5/Qwen3.5-27B", "Qwen/Qwen3.5-27B", NULL, "h200-sxm",
	    1, KV_AUTO, 1);
	same_plan("qwen3.5/Qwen3.5-35B-A3B", "Qwen/Qwen3.5-35B-A3B", NULL,
	    "h100-sxm", 2, KV_FP8, 1);
}

/* Qwen3-Next: the layer pattern from full_attention_interval alone */
Test(catalogue, qwen3_next_plans_as_its_config)
{
	same_plan("qwen3-next/Qwen3-Next-80B-A3B-Instruct",
	    "Qwen/Qwen3-Next-80B-A3B-Instruct", NULL, "h200-sxm", 2, KV_AUTO,
	    1);
	same_plan("qwen3-next/Qwen3-Next-80B-A3B-Instruct",
	    "Qwen/Qwen3-Next-80B-A3B-Instruct", NULL, "h100-sxm", 4, KV_FP8, 1);
	/* the Thinking model: the same architecture (its entry's source) */
	same_plan("qwen3-next/Qwen3-Next-80B-A3B-Instruct",
	    "Qwen/Qwen3-Next-80B-A3B-Thinking", NULL, "h200-sxm", 2, KV_AUTO,
	    1);
}

/*
 * Gemma 4 E2B: KV-shared layers, double-wide MLPs, per-layer inputs and an
 * audio tower; at the audio limit 0 vLLM does not build the tower
 * (gemma4_mm.py _mark_tower_model), with the limits at their defaults it
 * does, and the catalogue entry plans as the file either way.
 */
Test(catalogue, gemma4_e2b_plans_as_its_config)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input a;
	struct plan on, off;

	same_plan("gemma4/gemma-4-E2B-it", "google/gemma-4-E2B-it", NULL,
	    "h100-sxm", 1, KV_AUTO, 0);
	same_plan("gemma4/gemma-4-E2B-it", "google/gemma-4-E2B-it", NULL,
	    "rtx-4090", 1, KV_FP8, 0);
	test_input(&a, "h100-sxm", "google/gemma-4-E2B-it", NULL);
	plan_compute(c, &a, &on);
	a.limit_mm_audios = 0;
	plan_compute(c, &a, &off);
	cr_assert_eq(on.phase, PHASE_NONE, "%s", on.message);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	/* 307,183,904 audio parameters in bf16 (tests/unit/test_arch_audio.c) */
	cr_assert_eq(on.weights - off.weights, 614367808LL, "%lld",
	    (long long)(on.weights - off.weights));
	/* 3 full and 12 sliding layers hold KV: 3 x 2 x 512 x 2 + 12 x 2 x 256 x 2 */
	cr_assert_eq(on.bytes_per_token, 18432, "%lld",
	    (long long)on.bytes_per_token);
}

/*
 * Nemotron 3.5 Lightning's NVFP4 export names every module under its
 * layer's mixer (backbone.layers.N.mixer.experts.E.up_proj, .mixer.in_proj,
 * .mixer.q_proj): its quantized_layers put the Mamba-2 projections in FP8
 * and the routed and shared experts and lm_head in W4A16 NVFP4, and its
 * exclude_modules keep attention, the routers, every conv1d and the MTP
 * layer in BF16.  The conv1d entries (16-bit in core/weights.c anyway) do
 * not turn the mixer's FP8 projections 16-bit.  vLLM 0.27.1 on a GB10
 * logged 17.85 GiB of weights for it.
 */
Test(catalogue, nemotron35_lightning_mixed_export_parts)
{
	const struct catalogue *c = test_catalogue();
	const struct checkpoint *ck;
	struct plan_input a;
	struct plan p;
	int k = catalogue_find_ckpt(c,
	    "nvidia/NVIDIA-Nemotron-3.5-Lightning-30B-A3B-NVFP4");

	cr_assert_geq(k, 0);
	ck = &c->ckpts[k];
	cr_assert_eq(ck->arch->part_fmt[0], FMT_BF16 + 1, "attention");
	cr_assert_eq(ck->arch->part_fmt[1], FMT_FP8 + 1, "Mamba-2");
	cr_assert_eq(ck->arch->part_fmt[3], FMT_NVFP4 + 1, "experts");
	cr_assert_eq(ck->arch->part_fmt[4], FMT_NVFP4 + 1, "shared expert");
	cr_assert_eq(ck->arch->lm_head_fmt, FMT_NVFP4 + 1, "lm_head");
	cr_assert_eq(ck->arch->quant_skip & 2u, 0u, "the mixer is not 16-bit");
	cr_assert(ck->arch->quant_skip & MODEL_SKIP_MTP, "mtp* kept BF16");
	test_input(&a, "gb10",
	    "nvidia/NVIDIA-Nemotron-3.5-Lightning-30B-A3B-BF16",
	    "nvidia/NVIDIA-Nemotron-3.5-Lightning-30B-A3B-NVFP4");
	a.max_model_len = 65536;
	plan_compute(c, &a, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.kv_dtype, KV_FP8);
	cr_assert(fabs(p.weights / 1073741824.0 - 17.85) < 0.1, "%.3f GiB",
	    p.weights / 1073741824.0);
}

Test(catalogue, nemotron_plans_as_its_config)
{
	same_plan("nemotron-h/Nemotron-3-Nano-30B-A3B-BF16",
	    "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16", NULL, "h100-sxm", 1,
	    KV_AUTO, 1);
	same_plan("nemotron-h/Nemotron-H-56B-Base-8K",
	    "nvidia/Nemotron-H-56B-Base-8K", NULL, "h200-sxm", 1, KV_AUTO, 1);
	/* layers_block_type and no num_hidden_layers, in both */
	same_plan("nemotron-h/Nemotron-3-Ultra-550B-A55B-BF16",
	    "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16", NULL, "b200", 8,
	    KV_AUTO, 1);
	same_plan("nemotron-h/Nemotron-3-Ultra-550B-A55B-FP8",
	    "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16",
	    "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-FP8", "h200-sxm", 8,
	    KV_AUTO, 1);
	same_plan("nemotron-h/Nemotron-3-Ultra-550B-A55B-NVFP4",
	    "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-BF16",
	    "nvidia/NVIDIA-Nemotron-3-Ultra-550B-A55B-NVFP4", "b200", 4,
	    KV_AUTO, 1);
	/* the FP8 export: its hf_quant_config.json (mixed precision, FP8 KV)
	 * comes with the checkpoint's own config */
	same_plan("nemotron-h/Nemotron-3-Super-120B-A12B-FP8",
	    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16",
	    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8", "h200-sxm", 2,
	    KV_AUTO, 1);
	same_plan("nemotron-h/Nemotron-3-Super-120B-A12B-FP8",
	    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-BF16",
	    "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-FP8", "b200", 8, KV_AUTO,
	    1);
}

Test(catalogue, gemma4_plans_as_its_config)
{
	same_plan("gemma4/gemma-4-26B-A4B", "google/gemma-4-26B-A4B", NULL,
	    "h100-sxm", 1, KV_AUTO, 0);
	same_plan("gemma4/gemma-4-26B-A4B", "google/gemma-4-26B-A4B", NULL,
	    "l40s", 2, KV_FP8, 0);
}

Test(catalogue, sparse_mla_plans_as_its_config)
{
	same_plan("dsa/DeepSeek-V3.2", "deepseek-ai/DeepSeek-V3.2", NULL,
	    "b200", 8, KV_FP8, 0);
	same_plan("dsa/DeepSeek-V3.2", "deepseek-ai/DeepSeek-V3.2", NULL,
	    "h200-sxm", 8, KV_AUTO, 0);
	same_plan("dsa/GLM-5-FP8", "zai-org/GLM-5", "zai-org/GLM-5-FP8", "b200",
	    8, KV_AUTO, 0);
	/* GLM-5.2's IndexShare (indexer_types full / shared), from the real
	 * NVFP4 folder, at the TP 4 of the logged GB200 startup and at 8 */
	same_plan("dsa/GLM-5.2-NVFP4", "zai-org/GLM-5.2",
	    "nvidia/GLM-5.2-NVFP4", "b200", 4, KV_AUTO, 0);
	same_plan("dsa/GLM-5.2-NVFP4", "zai-org/GLM-5.2",
	    "nvidia/GLM-5.2-NVFP4", "b200", 8, KV_AUTO, 0);
	same_plan("kimi/Kimi-K2.5", "moonshotai/Kimi-K2.5", NULL, "b200", 8,
	    KV_AUTO, 0);
}

/* an MLA text model under text_config with the MoonViT tower */
Test(catalogue, kimi_vl_plans_as_its_config)
{
	same_plan("kimi/Kimi-VL-A3B-Instruct",
	    "moonshotai/Kimi-VL-A3B-Instruct", NULL, "h100-sxm", 1, KV_AUTO, 0);
	same_plan("kimi/Kimi-VL-A3B-Instruct",
	    "moonshotai/Kimi-VL-A3B-Instruct", NULL, "h100-sxm", 2, KV_AUTO, 0);
}

/* a multimodal MoE: the vision tower's weights and encoder budget */
Test(catalogue, qwen3_vl_plans_as_its_config)
{
	same_plan("qwen3-vl/Qwen3-VL-30B-A3B-Instruct",
	    "Qwen/Qwen3-VL-30B-A3B-Instruct", NULL, "h100-sxm", 1, KV_AUTO, 0);
	same_plan("qwen3-vl/Qwen3-VL-30B-A3B-Instruct",
	    "Qwen/Qwen3-VL-30B-A3B-Instruct", NULL, "l40s", 4, KV_FP8, 0);
}

/* the dense ones: tied embeddings (2B), an mrope block (32B) */
Test(catalogue, qwen3_vl_dense_plans_as_its_config)
{
	same_plan("qwen3-vl/Qwen3-VL-2B-Instruct", "Qwen/Qwen3-VL-2B-Instruct",
	    NULL, "l4", 1, KV_AUTO, 0);
	same_plan("qwen3-vl/Qwen3-VL-32B-Instruct",
	    "Qwen/Qwen3-VL-32B-Instruct", NULL, "h100-sxm", 2, KV_AUTO, 0);
	same_plan("qwen3-vl/Qwen3-VL-32B-Instruct",
	    "Qwen/Qwen3-VL-32B-Instruct", NULL, "l40s", 2, KV_FP8, 0);
	/* the Thinking repo's config.json is the Instruct repo's */
	same_plan("qwen3-vl/Qwen3-VL-32B-Instruct",
	    "Qwen/Qwen3-VL-32B-Thinking", NULL, "h100-sxm", 2, KV_AUTO, 0);
}

/*
 * DeepSeek-V3.1 is DeepSeek-V3's architecture (its entry is the config.json
 * of NVIDIA's NVFP4 export, which holds no quantization_config): the same
 * MLA layout and, in FP8, the same weights to within the scales of 128 x
 * 128 blocks against V3's per-tensor entry; the NVFP4 export plans as its
 * real folder (config.json and hf_quant_config.json) at TP 4 and 8.
 */
Test(catalogue, deepseek_v31_plans_as_v3_and_its_export_as_its_config)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input a, b;
	struct plan pa, pb;

	test_input(&a, "h200-sxm", "deepseek-ai/DeepSeek-V3", NULL);
	test_input(&b, "h200-sxm", "deepseek-ai/DeepSeek-V3.1", NULL);
	a.tp = b.tp = 8;
	plan_compute(c, &a, &pa);
	plan_compute(c, &b, &pb);
	cr_assert_eq(pb.phase, PHASE_NONE, "%s", pb.message);
	cr_assert_eq(pb.format, FMT_FP8_BLOCK);
	cr_assert_eq(pa.bytes_per_token, pb.bytes_per_token);
	cr_assert_eq(pa.block_size, pb.block_size);
	cr_assert_eq(pa.max_model_len, pb.max_model_len);
	cr_assert(llabs(pa.weights - pb.weights) < (pa.weights >> 10),
	    "%lld against %lld", (long long)pa.weights, (long long)pb.weights);
	same_plan("dsa/DeepSeek-V3.1-NVFP4", "deepseek-ai/DeepSeek-V3.1",
	    "nvidia/DeepSeek-V3.1-NVFP4", "b200", 4, KV_AUTO, 0);
	same_plan("dsa/DeepSeek-V3.1-NVFP4", "deepseek-ai/DeepSeek-V3.1",
	    "nvidia/DeepSeek-V3.1-NVFP4", "b200", 8, KV_AUTO, 0);
}

/*
 * MiMo-V2-Flash from its catalogue entry and from the real config.json
 * (mimo-v2/MiMo-V2-Flash): the hybrid_layer_pattern's sliding (window 128,
 * 8 KV heads) and full (4 KV heads) groups, K 192 and V 128, native FP8
 * blocks, at TP 8 on Hopper in both KV formats and at TP 4 on Blackwell.
 */
Test(catalogue, mimo_v2_flash_plans_as_its_config)
{
	same_plan("mimo-v2/MiMo-V2-Flash", "XiaomiMiMo/MiMo-V2-Flash", NULL,
	    "h200-sxm", 8, KV_AUTO, 0);
	same_plan("mimo-v2/MiMo-V2-Flash", "XiaomiMiMo/MiMo-V2-Flash", NULL,
	    "h200-sxm", 8, KV_FP8, 0);
	same_plan("mimo-v2/MiMo-V2-Flash", "XiaomiMiMo/MiMo-V2-Flash", NULL,
	    "b200", 4, KV_AUTO, 0);
}

/*
 * MiniMax M2.7 carries attn_type_list, which vLLM's MiniMaxM2 class does
 * not read: planned as full attention in every layer, from its entry as
 * from its config.json.
 */
Test(catalogue, minimax_m2_plans_as_its_config)
{
	const struct catalogue *c = test_catalogue();
	int mi = catalogue_find_model(c, "MiniMaxAI/MiniMax-M2.7");

	cr_assert_geq(mi, 0);
	cr_assert_null(c->models[mi].refusal);
	/* 62 layers x 2 x 8 KV heads x 128 x 2 bytes */
	cr_assert_eq((int64_t)c->models[mi].layers * 2 *
		c->models[mi].kv_heads * c->models[mi].head_dim * 2,
	    253952);
	same_plan("minimax/MiniMax-M2.7", "MiniMaxAI/MiniMax-M2.7", NULL,
	    "b200", 4, KV_AUTO, 0);
	same_plan("minimax/MiniMax-M2.7", "MiniMaxAI/MiniMax-M2.7", NULL,
	    "h200-sxm", 8, KV_FP8, 0);
}

/*
 * GLM-4.7-Flash (Glm4MoeLiteForCausalLM, read as glm4_moe_lite.py builds
 * it): its entry plans as its config.json does, MLA cache included, with no
 * assumption from either; Qwen3-VL (not checked against vLLM) carries its
 * config's assumption in its entry too.
 */
Test(catalogue, unchecked_architecture_plans_as_its_config)
{
	const struct catalogue *c = test_catalogue();
	int mi = catalogue_find_model(c, "zai-org/GLM-4.7-Flash");
	struct plan_input in;
	struct plan p;
	struct model m;
	char path[1024], err[512];
	int64_t wb;

	cr_assert_geq(mi, 0);
	cr_assert_null(c->models[mi].refusal);
	fixture("glm4-moe-lite/GLM-4.7-Flash", path, sizeof path);
	cr_assert_eq(model_dir_read(path, &m, &wb, err, sizeof err), 0, "%s",
	    err);
	cr_assert_null(m.assumption, "%s", m.assumption);
	cr_assert_null(c->models[mi].assumption);
	model_done(&m);
	mi = catalogue_find_model(c, "Qwen/Qwen3-VL-2B-Instruct");
	cr_assert_geq(mi, 0);
	fixture("qwen3-vl/Qwen3-VL-2B-Instruct", path, sizeof path);
	cr_assert_eq(model_dir_read(path, &m, &wb, err, sizeof err), 0, "%s",
	    err);
	cr_assert_not_null(m.assumption);
	cr_assert_not_null(c->models[mi].assumption);
	cr_assert_str_eq(c->models[mi].assumption, m.assumption);
	model_done(&m);
	mi = catalogue_find_model(c, "zai-org/GLM-4.7-Flash");
	same_plan("glm4-moe-lite/GLM-4.7-Flash", "zai-org/GLM-4.7-Flash", NULL,
	    "h100-sxm", 1, KV_AUTO, 0);
	/* the MLA latent: 47 layers x (512 + 64 rope) x 2 bytes */
	test_input(&in, "h100-sxm", "zai-org/GLM-4.7-Flash", NULL);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.bytes_per_token, 47 * 576 * 2);
	same_plan("glm4-moe-lite/GLM-4.7-Flash", "zai-org/GLM-4.7-Flash", NULL,
	    "l40s", 2, KV_FP8, 0);
}

/*
 * GLM-4.7 (Glm4MoeForCausalLM) is read as glm4_moe.py builds it
 * (registry::read_class_glm47): GQA in every layer (92 x 2 x 8 KV heads x
 * 128 x 2 B a token at TP 1), and its entry carries no assumption.
 */
Test(catalogue, glm47_plans_as_its_config)
{
	const struct catalogue *c = test_catalogue();
	int mi = catalogue_find_model(c, "zai-org/GLM-4.7");
	struct plan_input in;
	struct plan p;

	cr_assert_geq(mi, 0);
	cr_assert_null(c->models[mi].assumption);
	cr_assert_eq(c->models[mi].mtp_layers, 1);
	same_plan("glm4-moe/GLM-4.7", "zai-org/GLM-4.7", NULL, "h200-sxm", 8,
	    KV_AUTO, 0);
	same_plan("glm4-moe/GLM-4.7", "zai-org/GLM-4.7", NULL, "b200", 4,
	    KV_FP8, 0);
	test_input(&in, "b200", "zai-org/GLM-4.7", NULL);
	in.tp = 8;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.bytes_per_token, 92 * 2 * 1 * 128 * 2);
}

/* A Mistral-native release: its entry is the params.json as vLLM
 * converts it; FP8 weights with static per-tensor scales, YaRN to 256K. */
Test(catalogue, mistral_params_release_plans_as_its_params_json)
{
	same_plan("mistral/Devstral-2-123B-Instruct-2512",
	    "mistralai/Devstral-2-123B-Instruct-2512", NULL, "h200-sxm", 2,
	    KV_AUTO, 0);
	same_plan("mistral/Devstral-2-123B-Instruct-2512",
	    "mistralai/Devstral-2-123B-Instruct-2512", NULL, "h100-sxm", 4,
	    KV_FP8, 0);
}

/* Ministral 3 3B: the entry is its config.json (a Ministral 3 text model
 * with YaRN to 262,144 positions, tied embeddings, and Mistral Small
 * 3.1's Pixtral tower); the published Instruct weights are FP8. 26 layers
 * x 2 x 8 KV heads x 128 x 2 B = 106,496 B a token at TP 1. */
Test(catalogue, ministral3_plans_as_its_config)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	same_plan("mistral/Ministral-3-3B-Instruct-2512",
	    "mistralai/Ministral-3-3B-Instruct-2512", "bf16", "rtx-4090", 1,
	    KV_AUTO, 0);
	same_plan("mistral/Ministral-3-3B-Instruct-2512",
	    "mistralai/Ministral-3-3B-Instruct-2512", "bf16", "l40s", 2, KV_FP8,
	    0);
	test_input(&in, "rtx-4090", "mistralai/Ministral-3-3B-Instruct-2512",
	    NULL);
	in.max_model_len = 32768;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.format, FMT_FP8);
	cr_assert_eq(p.bytes_per_token, 26 * 2 * 8 * 128 * 2);
}

/*
 * Ministral 3 8B and 14B (the 3B's file with the sizes Megatron-Bridge
 * gives them): 34 and 40 layers of 2 x 8 KV heads x 128 x 2 B; FP8
 * Instruct weights, the embedding and lm_head apart (untied) in BF16:
 * 8B 7.415B linear + 2 x 131,072 x 4096 + 0.436B vision, 14B 12.16B + 2 x
 * 131,072 x 5120 + 0.44B.
 */
Test(catalogue, ministral3_8b_14b_sizes)
{
	static const struct {
		const char *id;
		int layers;
		double weights_gib;
	} m[] = {
		{ "mistralai/Ministral-3-8B-Instruct-2512", 34, 9.78 },
		{ "mistralai/Ministral-3-14B-Instruct-2512", 40, 14.71 },
	};
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	size_t i;

	for (i = 0; i < sizeof m / sizeof m[0]; i++) {
		test_input(&in, "l40s", m[i].id, NULL);
		in.max_model_len = 32768;
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s: %s", m[i].id, p.message);
		cr_assert_eq(p.format, FMT_FP8, "%s", m[i].id);
		cr_assert_eq(p.bytes_per_token, m[i].layers * 2 * 8 * 128 * 2,
		    "%s: %lld", m[i].id, (long long)p.bytes_per_token);
		cr_assert(fabs(test_gib(p.weights) - m[i].weights_gib) < 0.01,
		    "%s: %.4f GiB", m[i].id, test_gib(p.weights));
	}
}

/*
 * Kimi K2 Thinking: Kimi K2's MLA, 61 layers of 512 + 64 values, 70,272
 * B per token in BF16 on every rank; 262,144 tokens (YaRN 64 from 4096);
 * its INT4 routed experts as K2.5's text model has them: the same KV
 * cache per token.
 */
Test(catalogue, kimi_k2_thinking_as_k25_text)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input a, b;
	struct plan pa, pb;

	test_input(&a, "h200-sxm", "moonshotai/Kimi-K2-Thinking", NULL);
	a.tp = 8;
	plan_compute(c, &a, &pa);
	cr_assert_eq(pa.phase, PHASE_NONE, "%s", pa.message);
	cr_assert_eq(pa.format, FMT_GPTQ);
	cr_assert_eq(pa.bytes_per_token, 61 * 576 * 2);
	cr_assert_eq(pa.max_model_len, 262144);
	test_input(&b, "h200-sxm", "moonshotai/Kimi-K2.5", NULL);
	b.tp = 8;
	plan_compute(c, &b, &pb);
	cr_assert_eq(pa.bytes_per_token, pb.bytes_per_token);
	cr_assert(fabs(test_gib(pa.weights) - 70.98) < 0.01, "%.4f GiB",
	    test_gib(pa.weights));
}

/*
 * Kimi K2.5's tower under the checkpoint's vt_* names, as vLLM's
 * KimiK25VisionConfig reads them: MoonViT3d, 27 blocks of 1152 (MLP
 * 4304, biased qkv, wo, fc0, fc1, two LayerNorms) = 27 x (4 x 1152^2 + 3
 * x 1152 + 2 x 1152 x 4304 + 4304 + 6 x 1152) = 411,466,608; the patch
 * convolution 3 x 14 x 14 x 1152 + 1152, the 64 x 64 position table, the
 * final LayerNorm: 5,399,424; the projector (LayerNorm, 4608 -> 4608 ->
 * 7168 with biases) 54,277,888: 471,143,920.  Before, none of it was
 * counted.
 */
Test(catalogue, kimi_k25_tower_read_from_vt_names)
{
	const struct catalogue *c = test_catalogue();
	const struct model *m =
	    &c->models[catalogue_find_model(c, "moonshotai/Kimi-K2.5")];

	cr_assert_float_eq(m->vision_params, 471143920.0, 0.5, "%.0f",
	    m->vision_params);
}

/*
 * Devstral Small 2: "2 (K+V) x 40 layers x 8 heads x 128 dim x 2 bytes =
 * 163,840 bytes/token" as its serving notes work it out; 393,216 tokens
 * (YaRN 48 from 8192).  The INT4 export (group 32, the vision tower,
 * projector and lm_head BF16): 22.23B linear parameters at 0.5 + 2 / 32
 * B, the BF16 embedding and lm_head of 131,072 x 5120 and the 0.44B tower:
 * 15.06 GiB, "~16 GiB on-disk" there; the FP8 release 24.12 GiB.
 */
Test(catalogue, devstral_small_2_sizes)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h200-sxm",
	    "cyankiwi/Devstral-Small-2-24B-Instruct-2512-AWQ-4bit", NULL);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.bytes_per_token, 163840);
	cr_assert_eq(p.max_model_len, 393216);
	cr_assert(fabs(test_gib(p.weights) - 15.06) < 0.01, "%.4f GiB",
	    test_gib(p.weights));
	test_input(&in, "h200-sxm",
	    "mistralai/Devstral-Small-2-24B-Instruct-2512", NULL);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.format, FMT_FP8);
	cr_assert_eq(p.bytes_per_token, 163840);
	cr_assert(fabs(test_gib(p.weights) - 24.12) < 0.01, "%.4f GiB",
	    test_gib(p.weights));
}

Test(catalogue, llama4_plans_as_its_config)
{
	same_plan("llama4/Llama-4-Scout-17B-16E-Instruct",
	    "meta-llama/Llama-4-Scout-17B-16E-Instruct", NULL, "h200-sxm", 2,
	    KV_AUTO, 0);
}

/*
 * DeepSeek-V4's catalogue entries plan as their config.json does (the
 * fixture is Flash's real file): the same weights, layout and blocks; Pro
 * plans on 8 x B200 at 0.25.0 and, with the auto KV cache (not fp8_ds_mla),
 * stops at the configuration check.
 */
Test(catalogue, deepseek_v4_plans_as_its_config)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	same_plan("dsa/DeepSeek-V4-Flash", "deepseek-ai/DeepSeek-V4-Flash",
	    NULL, "h200-sxm", 8, KV_FP8, 0);
	same_plan("dsa/DeepSeek-V4-Flash", "deepseek-ai/DeepSeek-V4-Flash",
	    NULL, "h200-sxm", 4, KV_AUTO, 0);
	test_input(&in, "b200", "deepseek-ai/DeepSeek-V4-Pro", NULL);
	in.version = VLLM_VER(0, 25, 0);
	in.tp = 8;
	in.kv_dtype = KV_FP8;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_gt(p.num_blocks, 0);
	in.kv_dtype = KV_AUTO;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_not_null(strstr(p.message, "fp8_ds_mla"), "%s", p.message);
}

/* A checkpoint's config whose quantization contradicts its format is refused */
Test(catalogue, export_config_must_match_its_format)
{
	static const char yaml[] = "checkpoints:\n"
				   "  - id: x/bad-fp8\n"
				   "    model: Qwen/Qwen3-8B\n"
				   "    format: nvfp4\n"
				   "    config:\n"
				   "      architectures: [Qwen3ForCausalLM]\n"
				   "      model_type: qwen3\n"
				   "      num_hidden_layers: 36\n"
				   "      hidden_size: 4096\n"
				   "      num_attention_heads: 32\n"
				   "      num_key_value_heads: 8\n"
				   "      head_dim: 128\n"
				   "      intermediate_size: 12288\n"
				   "      vocab_size: 151936\n"
				   "      max_position_embeddings: 40960\n"
				   "      quantization_config: {quant_method: "
				   "fp8, activation_scheme: dynamic, "
				   "weight_block_size: [128, 128]}\n"
				   "  - id: x/good-fp8\n"
				   "    model: Qwen/Qwen3-8B\n"
				   "    format: fp8-block\n"
				   "    config:\n"
				   "      architectures: [Qwen3ForCausalLM]\n"
				   "      model_type: qwen3\n"
				   "      num_hidden_layers: 36\n"
				   "      hidden_size: 4096\n"
				   "      num_attention_heads: 32\n"
				   "      num_key_value_heads: 8\n"
				   "      head_dim: 128\n"
				   "      intermediate_size: 12288\n"
				   "      vocab_size: 151936\n"
				   "      max_position_embeddings: 40960\n"
				   "      time_step_limit: [0.0, .inf]\n"
				   "      quantization_config: {quant_method: "
				   "fp8, activation_scheme: dynamic, "
				   "weight_block_size: [128, 128]}\n";
	struct catalogue c;
	int n;

	memset(&c, 0, sizeof c);
	n = catalogue_load_text(&c, yaml, sizeof yaml - 1, "t.yaml", NULL,
	    NULL);
	cr_assert_eq(n, 1);
	cr_assert_eq(c.n_ckpts, 1);
	cr_assert_str_eq(c.ckpts[0].id, "x/good-fp8");
	cr_assert_not_null(c.ckpts[0].arch);
	cr_assert_eq(c.ckpts[0].arch->native_format, FMT_FP8_BLOCK);
	catalogue_done(&c);
}

/* The NVFP4 exports with their own config.json (ModelOpt), against the
 * real folders: mixed precision, FP8 KV from hf_quant_config.json. */
Test(catalogue, nvfp4_exports_plan_as_their_config)
{
	same_plan("gemma4/Gemma-4-31B-IT-NVFP4", "google/gemma-4-31B-it",
	    "nvidia/Gemma-4-31B-IT-NVFP4", "b200", 1, KV_AUTO, 0);
	same_plan("gemma4/Gemma-4-31B-IT-NVFP4", "google/gemma-4-31B-it",
	    "nvidia/Gemma-4-31B-IT-NVFP4", "rtx-pro-6000-server", 2, KV_AUTO,
	    0);
}

/*
 * The vendors' own FP8 exports listed without their config.json: each is
 * its model's architecture in 128 x 128 FP8 blocks, so at TP 8 its weights
 * are a little over half the BF16 repo's (the embeddings, norms, routers
 * and state parameters stay 16-bit or 32-bit), and the KV layout is the
 * model's.
 */
Test(catalogue, fp8_exports_without_their_config)
{
	static const char *const ids[][2] = {
		{ "Qwen/Qwen3.6-27B-FP8", "Qwen/Qwen3.6-27B" },
		{ "Qwen/Qwen3.6-35B-A3B-FP8", "Qwen/Qwen3.6-35B-A3B" },
		{ "Qwen/Qwen3.5-122B-A10B-FP8", "Qwen/Qwen3.5-122B-A10B" },
		{ "Qwen/Qwen3-Next-80B-A3B-Instruct-FP8",
		    "Qwen/Qwen3-Next-80B-A3B-Instruct" },
		{ "Qwen/Qwen3-Next-80B-A3B-Thinking-FP8",
		    "Qwen/Qwen3-Next-80B-A3B-Thinking" },
		{ "zai-org/GLM-4.7-FP8", "zai-org/GLM-4.7" },
	};
	const struct catalogue *c = test_catalogue();
	size_t i;

	for (i = 0; i < sizeof ids / sizeof ids[0]; i++) {
		struct plan_input a, b;
		struct plan pa, pb;
		int k = catalogue_find_ckpt(c, ids[i][0]);
		double r;

		cr_assert_geq(k, 0, "%s", ids[i][0]);
		cr_assert_eq(c->ckpts[k].format, FMT_FP8_BLOCK, "%s",
		    ids[i][0]);
		cr_assert_eq(c->ckpts[k].model_index,
		    catalogue_find_model(c, ids[i][1]), "%s", ids[i][0]);
		test_input(&a, "h200-sxm", ids[i][1], NULL);
		test_input(&b, "h200-sxm", ids[i][1], ids[i][0]);
		a.tp = b.tp = 8;
		a.max_model_len = b.max_model_len = 32768;
		plan_compute(c, &a, &pa);
		plan_compute(c, &b, &pb);
		cr_assert_eq(pb.phase, PHASE_NONE, "%s: %s", ids[i][0],
		    pb.message);
		r = (double)pb.weights / (double)pa.weights;
		cr_assert(r > 0.5 && r < 0.6, "%s: %.3f of the BF16 weights",
		    ids[i][0], r);
		cr_assert_eq(pa.bytes_per_token, pb.bytes_per_token, "%s",
		    ids[i][0]);
	}
}

/*
 * nvidia/Qwen3.6-27B-NVFP4, ModelOpt's mixed export of a dense hybrid: its
 * quantized_layers give W4A16_NVFP4 to every MLP projection and the
 * lm_head, FP8 to the full-attention and gated-delta-net projections; the
 * MTP layer (ignore mtp*) and the vision tower stay BF16.  The catalogue
 * checkpoint plans as the real folder (config.json with
 * hf_quant_config.json), at TP 1 and 2, and the Qwen3.6 27B model as the
 * same file without its quantization_config: the layout is the same,
 * only the weights and the KV format (FP8 from the export) differ.
 */
Test(catalogue, qwen36_27b_mixed_export_plans_as_its_config)
{
	const struct catalogue *c = test_catalogue();
	const struct checkpoint *ck;
	struct plan_input a, b;
	struct plan pa, pb;
	int k = catalogue_find_ckpt(c, "nvidia/Qwen3.6-27B-NVFP4");

	cr_assert_geq(k, 0);
	ck = &c->ckpts[k];
	cr_assert_eq(ck->arch->part_fmt[0], FMT_FP8 + 1, "attention");
	cr_assert_eq(ck->arch->part_fmt[1], FMT_FP8 + 1, "gated delta net");
	cr_assert_eq(ck->arch->part_fmt[2], FMT_NVFP4 + 1, "MLP");
	cr_assert_eq(ck->arch->lm_head_fmt, FMT_NVFP4 + 1, "lm_head");
	same_plan("qwen3.5/Qwen3.6-27B-NVFP4", "Qwen/Qwen3.6-27B",
	    "nvidia/Qwen3.6-27B-NVFP4", "h100-sxm", 1, KV_AUTO, 1);
	same_plan("qwen3.5/Qwen3.6-27B-NVFP4", "Qwen/Qwen3.6-27B",
	    "nvidia/Qwen3.6-27B-NVFP4", "rtx-pro-6000-server", 2, KV_AUTO, 1);
	test_input(&a, "h100-sxm", "Qwen/Qwen3.6-27B", NULL);
	test_input(&b, "h100-sxm", "Qwen/Qwen3.6-27B",
	    "nvidia/Qwen3.6-27B-NVFP4");
	a.kv_dtype = b.kv_dtype = KV_FP8;
	plan_compute(c, &a, &pa);
	plan_compute(c, &b, &pb);
	cr_assert_eq(pa.phase, PHASE_NONE, "%s", pa.message);
	cr_assert_eq(pa.bytes_per_token, pb.bytes_per_token);
	cr_assert_eq(pa.block_size, pb.block_size);
	cr_assert_eq(pa.state_bytes, pb.state_bytes);
	/* 4-bit MLP and 8-bit attention against 16 bits everywhere */
	cr_assert_lt(pb.weights, pa.weights / 2, "%lld against %lld",
	    (long long)pb.weights, (long long)pa.weights);
}

/*
 * nvidia/Qwen3.6-35B-A3B-NVFP4 with vLLM's own load figure (0.22.1rc1,
 * 'Model loading took 21.93 GiB', TP 1, drafting with the MTP layer): the
 * catalogue keeps it less the BF16 MTP layer (20.36 GiB), a plan without a
 * drafter weighs that, one drafting with MTP the logged 21.93, and the KV
 * layout is the real config's.  The architecture alone gives 20.25 GiB,
 * within 10% of it.
 */
Test(catalogue, logged_weights_of_an_export)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input a, b;
	struct plan pa, pb;
	struct model m;
	char path[1024], err[512];
	int64_t wb;
	int k = catalogue_find_ckpt(c, "nvidia/Qwen3.6-35B-A3B-NVFP4");

	cr_assert_geq(k, 0);
	cr_assert_float_eq(c->ckpts[k].loaded_gib, 20.36, 1e-9);
	test_input(&a, "b200", "Qwen/Qwen3.6-35B-A3B",
	    "nvidia/Qwen3.6-35B-A3B-NVFP4");
	a.spec.method = SPEC_MTP;
	a.spec.num_tokens = 2;
	snprintf(a.spec.name, sizeof a.spec.name, "mtp");
	plan_compute(c, &a, &pa);
	cr_assert_eq(pa.phase, PHASE_NONE, "%s", pa.message);
	cr_assert(pa.weights_exact);
	cr_assert(fabs(test_gib(pa.weights) - 21.93) < 0.01, "%.3f GiB",
	    test_gib(pa.weights));
	a.spec.method = SPEC_NONE;
	a.spec.num_tokens = 0;
	a.spec.name[0] = '\0';
	plan_compute(c, &a, &pa);
	cr_assert_eq(pa.phase, PHASE_NONE, "%s", pa.message);
	cr_assert(fabs(test_gib(pa.weights) - 20.36) < 0.005, "%.3f GiB",
	    test_gib(pa.weights));
	fixture("qwen3.5/Qwen3.6-35B-A3B-NVFP4", path, sizeof path);
	cr_assert_eq(model_dir_read(path, &m, &wb, err, sizeof err), 0, "%s",
	    err);
	b = a;
	b.model = &m;
	b.ckpt = -1;
	b.format = FMT_COUNT;
	plan_compute(c, &b, &pb);
	cr_assert(!pb.weights_exact);
	cr_assert(fabs(test_gib(pb.weights) / 20.36 - 1) < 0.10, "%.3f GiB",
	    test_gib(pb.weights));
	cr_assert_eq(pa.format, pb.format);
	cr_assert_eq(pa.kv_dtype, pb.kv_dtype);
	cr_assert_eq(pa.bytes_per_token, pb.bytes_per_token);
	cr_assert_eq(pa.page_bytes, pb.page_bytes);
	cr_assert_eq(pa.block_size, pb.block_size);
	cr_assert_eq(pa.n_groups, pb.n_groups);
	cr_assert_eq(pa.state_bytes, pb.state_bytes);
	cr_assert_gt(pa.state_bytes, 0);
	model_done(&m);
}

/*
 * A config read from YAML sees no position members at any depth: here a
 * compressed-tensors group size behind 70 mappings read as in a file.
 */
Test(catalogue, config_read_as_a_file_behind_wide_mappings)
{
	char yaml[8192];
	size_t o = 0;
	struct catalogue c;
	int i;

	o += (size_t)snprintf(yaml + o, sizeof yaml - o,
	    "models:\n  - id: x/wide\n    config:\n"
	    "      architectures: [Qwen3ForCausalLM]\n"
	    "      num_hidden_layers: 4\n      hidden_size: 1024\n"
	    "      num_attention_heads: 8\n      num_key_value_heads: 8\n"
	    "      intermediate_size: 2048\n      vocab_size: 1000\n"
	    "      max_position_embeddings: 4096\n");
	for (i = 0; i < 70; i++)
		o += (size_t)snprintf(yaml + o, sizeof yaml - o,
		    "      x%d: {a: {b: 1}}\n", i);
	o += (size_t)snprintf(yaml + o, sizeof yaml - o,
	    "      quantization_config:\n"
	    "        quant_method: compressed-tensors\n"
	    "        config_groups:\n"
	    "          group_0:\n"
	    "            weights: {num_bits: 4, type: int, group_size: 32, "
	    "symmetric: true, strategy: group}\n"
	    "            targets: [Linear]\n");
	cr_assert_lt(o, sizeof yaml);
	memset(&c, 0, sizeof c);
	cr_assert_eq(catalogue_load_text(&c, yaml, o, "t.yaml", NULL, NULL), 0);
	cr_assert_eq(c.n_models, 1);
	cr_assert_eq(c.models[0].quant_group, 32);
	catalogue_done(&c);
}

/*
 * cyankiwi/Qwen3-Next-80B-A3B-Instruct-AWQ-4bit, the export the L40S
 * startup of tests/calibration/newer-logs.json loads (its row's notes):
 * compressed-tensors W4A16, symmetric, groups of 32, the routed experts
 * only; attention, gated delta net, shared experts, gates, embeddings and
 * lm_head BF16.  Per rank at TP 2, as qwen3_next.py builds the model:
 *   experts 48 x 512 x 3 x 2048 x 512 / 2 = 38,654,705,664 parameters at
 *     0.5 + 2 / 32 bytes = 21,743,271,936 bytes
 *   BF16, in parameters: 12 attention layers (q_proj with its gate 2048 x
 *     8192 / 2, k and v one KV head a rank 2 x 2048 x 256, o_proj 4096 x
 *     2048 / 2) 163,577,856 and their q/k norms 6,144; 36 GDN layers
 *     (in_proj_qkvz 2048 x 12288 / 2, in_proj_ba 2048 x 64 / 2, out_proj
 *     4096 x 2048 / 2, conv1d 8192 x 4 / 2, A_log and dt_bias 32 / 2 each,
 *     the 128-wide norm whole) 606,934,656; shared experts 48 x 3 x 2048 x
 *     512 / 2 = 75,497,472; router and shared-expert gates (whole) 48 x
 *     (2048 x 512 + 2048) = 50,429,952; norms 48 x 2 x 2048 + 2048 =
 *     198,656; embed_tokens and lm_head 2 x 151,936 / 2 x 2048 =
 *     311,164,928: 1,207,809,664 parameters, 2,415,619,328 bytes
 *   the RoPE cache 262,144 x 64 (partial 0.25 of 256) x 2 = 33,554,432
 * 24,192,445,696 bytes, 22.531 GiB, where the startup logged "Model
 * loading took 22.5313 GiB"; the catalogue model in int4 throughout
 * planned 19.85.  headroom's layer count leaves out the shared-expert
 * gates (48 x 2048) and the attention's q/k norms (12 x 2 x 256), 104,448
 * parameters: it plans 24,192,445,696 - 208,896 = 24,192,236,800 bytes.
 */
Test(catalogue, qwen3_next_awq_experts_only_export)
{
	const struct catalogue *c = test_catalogue();
	const struct checkpoint *ck;
	struct plan_input in;
	struct plan p;
	int k = catalogue_find_ckpt(c,
	    "cyankiwi/Qwen3-Next-80B-A3B-Instruct-AWQ-4bit");

	cr_assert_geq(k, 0);
	ck = &c->ckpts[k];
	cr_assert_eq(ck->format, FMT_GPTQ);
	cr_assert_not_null(ck->arch);
	cr_assert_eq(ck->arch->quant_group, 32);
	cr_assert_eq(ck->arch->quant_zero_points, 0);
	cr_assert_eq(ck->arch->quant_skip & 0x1fu, 1u | 2u | 16u,
	    "attention, mixer and shared experts 16-bit: %#x",
	    ck->arch->quant_skip);
	test_input(&in, "l40s", "Qwen/Qwen3-Next-80B-A3B-Instruct",
	    "cyankiwi/Qwen3-Next-80B-A3B-Instruct-AWQ-4bit");
	in.tp = 2;
	in.version = VLLM_VER(0, 13, 0);
	in.max_model_len = 32768;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(llabs(p.weights - 24192236800LL) <= 2, "%lld",
	    (long long)p.weights);
}
