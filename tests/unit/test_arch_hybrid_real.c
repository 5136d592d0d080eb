/*
 * test_arch_hybrid_real.c - the hybrid and state-space families against
 * real vLLM startups (tests/calibration/newer-logs.json, each case's URL
 * or search-index file there): the attention block size vLLM prints
 * ("Setting attention block size to N tokens to ensure that attention
 * page size is >= mamba page size"), the state padding ("Padding mamba
 * page size by X%"), the groups and padding layers, and the "GPU KV cache
 * size" and "Maximum concurrency" lines.  Every expected figure is worked
 * out by hand from vLLM's rules in the comment beside it (doc/estimates.md,
 * "KV cache"); where the log prints the KV memory only rounded, the test
 * takes the whole range of bytes that rounds to it and the figures the
 * log prints must come out at both ends.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/kv.h"
#include "core/overhead.h"
#include "core/plan.h"
#include "core/vllm_version.h"
#include "core/weights.h"
#include "io/hfconfig.h"
#include "io/model_dir.h"
#include "helpers.h"

static void
load_inline(const char *json, struct model *m)
{
	test_config_parse(json, m);
}

/* A card of total_gib outside the catalogue, vLLM release ver. */
static void
input(struct plan_input *in, const struct model *m, double total_gib, int ver)
{
	test_input(in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in->model = m;
	in->ckpt = -1;
	in->gpu = -1;
	in->gpu_total_gib = total_gib;
	in->version = ver;
}

/*
 * vLLM's "Padding mamba page size by %.2f%%" (models/config.py
 * HybridAttentionMambaModelConfig, later platforms/interface.py
 * _align_hybrid_block_size): 100 x (attention page - state page) / state
 * page, of one layer.
 */
static double
state_padding_pct(const struct kv_layout *l)
{
	double state = (double)l->state_bytes / l->state_layers;

	return 100.0 * ((double)l->page - state) / state;
}

/* The printed form of a figure vLLM logs with two decimals. */
static double
two_decimals(double x)
{
	return round(x * 100.0) / 100.0;
}

/*
 * What a hybrid startup's log says of the plan's layout, each figure worked
 * out in its test's comment: "Setting attention block size to N tokens",
 * one state layer's bytes and the page, "Padding mamba page size by X%"
 * (two decimals), the groups and "Add N padding layers", the blocks the KV
 * memory holds and those a request takes, "GPU KV cache size" and
 * "Maximum concurrency" (two decimals).  A member left 0 is not checked
 * (padding_layers: -1).
 */
struct startup_layout {
	int attn_block;
	int state_layers; /* state_bytes is state_layers x state_layer */
	int64_t state_layer, page;
	double pad_pct;
	int group_size, n_groups, padding_layers;
	int64_t blocks; /* kv_num_blocks() of the plan's KV memory */
	int64_t request_len, per_request;
	int64_t tokens;
	double concurrency;
};

/* Asserts p, planned with kv_bytes of KV memory, lays out as w. */
static void
check_startup_layout(const struct plan *p, int64_t kv_bytes,
    const struct startup_layout *w)
{
	const struct kv_layout *l = &p->kv;

	cr_assert_neq(p->phase, PHASE_CONFIG, "%s", p->message);
	cr_assert_eq(l->attn_block_size, w->attn_block);
	if (w->state_layers > 0)
		cr_assert_eq(l->state_bytes, w->state_layers * w->state_layer,
		    "%lld", (long long)l->state_bytes);
	if (w->page > 0)
		cr_assert_eq(l->page, w->page);
	if (w->pad_pct > 0)
		cr_assert(two_decimals(state_padding_pct(l)) == w->pad_pct,
		    "%.4f %%", state_padding_pct(l));
	if (w->group_size > 0) {
		cr_assert_eq(l->group_size, w->group_size);
		cr_assert_eq(l->n_groups, w->n_groups);
		if (w->padding_layers >= 0)
			cr_assert_eq(l->padding_layers, w->padding_layers);
	}
	if (w->blocks > 0)
		cr_assert_eq(kv_num_blocks(l, kv_bytes), w->blocks);
	if (w->request_len > 0)
		cr_assert_eq(kv_blocks_per_request(l, w->request_len),
		    w->per_request);
	if (w->tokens > 0)
		cr_assert_eq(p->kv_tokens, w->tokens);
	if (w->concurrency > 0)
		cr_assert(two_decimals(p->max_concurrency) == w->concurrency,
		    "%.4f", p->max_concurrency);
}

/*
 * LFM2.5-1.2B-Instruct on a MetaX C500 slice (vLLM 0.17.0 with the
 * vllm_metax plugin, 15.625 GiB visible, --dtype float16,
 * --max-model-len 2048, --gpu-memory-utilization 0.70, --enforce-eager;
 * search-index file 64285867313): "Setting attention block size to 16
 * tokens", "Padding mamba page size by 300.00%", "Add 2 padding layers,
 * may waste at most 20.00% KV cache memory", "GPU KV cache size: 217,264
 * tokens", "Maximum concurrency for 2,048 tokens per request: 313.37x".
 *
 * The architecture is LiquidAI/LFM2-1.2B's config.json as
 * tests/unit/test_arch.c carries it (no stored copy of the file was
 * found).  Attention: 2 x 8 heads x 64 x 2 B = 2048 B per token, 16
 * tokens = 32,768 B a page.  Short conv (short_conv_state_shape): (3 - 1)
 * x 2048 x 2 B = 8192 B, under one attention page, so the block stays 16
 * and the state is padded by 32,768 / 8192 - 1 = 300 %.  6 attention and
 * 10 conv layers: group size 6, one attention group and two conv groups
 * (12 slots, 2 padding layers, 2 / 10 = 20 %).  A block of the three
 * groups is 6 x 32,768 = 196,608 B.  Blocks per request: cdiv(2048, 16)
 * = 128 + 1 + 1 (prefix caching off before 0.20) = 130.  The printed
 * 217,264 tokens are (blocks // 3) x 16, so 13,579 x 3 <= blocks <
 * 13,580 x 3; of those only 40,738 gives 40,738 / 130 = 313.37 (40,737:
 * 313.36, 40,739: 313.38).
 */
Test(hybrid_real, lfm25_short_conv_startup_of_0_17)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;
	int64_t lo = (int64_t)40738 * 196608, hi = (int64_t)40739 * 196608 - 1;

	load_inline(
	    "{\"architectures\":[\"Lfm2ForCausalLM\"],"
	    "\"model_type\":\"lfm2\",\"hidden_size\":2048,\"num_hidden_"
	    "layers\":16,"
	    "\"num_attention_heads\":32,\"num_key_value_heads\":8,"
	    "\"vocab_size\":65536,\"max_position_embeddings\":128000,"
	    "\"conv_L_cache\":3,\"conv_bias\":false,\"block_ff_dim\":12288,"
	    "\"block_multiple_of\":256,\"block_ffn_dim_multiplier\":1.0,"
	    "\"block_auto_adjust_ff_dim\":true,\"intermediate_size\":8192,"
	    "\"torch_dtype\":\"bfloat16\",\"layer_types\":[\"conv\",\"conv\","
	    "\"full_attention\",\"conv\",\"conv\",\"full_attention\",\"conv\","
	    "\"conv\",\"full_attention\",\"conv\",\"full_attention\",\"conv\","
	    "\"full_attention\",\"conv\",\"full_attention\",\"conv\"]}",
	    &m);
	input(&in, &m, 15.625, VLLM_VER(0, 17, 0));
	in.dtype_override = FMT_FP16;
	in.max_model_len = 2048;
	in.util = 0.70;
	in.enforce_eager = true;
	in.kv_cache_memory_bytes = lo;
	plan_compute(c, &in, &p);
	check_startup_layout(&p, lo,
	    &(struct startup_layout){ .attn_block = 16,
		.state_layers = 10,
		.state_layer = 8192,
		.page = 32768,
		.group_size = 6,
		.n_groups = 3,
		.padding_layers = 2,
		.blocks = 40738,
		.request_len = 2048,
		.per_request = 130,
		.tokens = 217264,
		.concurrency = 313.37 });
	cr_assert(fabs(state_padding_pct(&p.kv) - 300.0) < 0.005, "%.2f %%",
	    state_padding_pct(&p.kv));
	in.kv_cache_memory_bytes = hi;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv_tokens, 217264);
	cr_assert(two_decimals(p.max_concurrency) == 313.37, "%.4f",
	    p.max_concurrency);
	/* one block fewer is 313.36: the concurrency pins the block count */
	in.kv_cache_memory_bytes = lo - 1;
	plan_compute(c, &in, &p);
	cr_assert(two_decimals(p.max_concurrency) == 313.36, "%.4f",
	    p.max_concurrency);
	/* the sweep of the same series (search-index file 64273009923): at
	 * 1024 and 4096 tokens the 40,738 blocks give 40,738 / (64 + 2) =
	 * 617.24x and 40,738 / (256 + 2) = 157.90x; at utilization 0.50,
	 * "4.42 GiB", "128,608 tokens" and 365.38x / 185.50x / 93.47x are
	 * 24,115 blocks (4.4155 GiB): 24,115 // 3 x 16 = 128,608 and 24,115 /
	 * 66, / 130, / 258 */
	in.kv_cache_memory_bytes = lo;
	in.max_model_len = 1024;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv_tokens, 217264);
	cr_assert(two_decimals(p.max_concurrency) == 617.24, "%.4f",
	    p.max_concurrency);
	in.max_model_len = 4096;
	plan_compute(c, &in, &p);
	cr_assert(two_decimals(p.max_concurrency) == 157.90, "%.4f",
	    p.max_concurrency);
	in.util = 0.50;
	in.kv_cache_memory_bytes = (int64_t)24115 * 196608;
	cr_assert(two_decimals(test_gib(in.kv_cache_memory_bytes)) == 4.42);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv_tokens, 128608);
	cr_assert(two_decimals(p.max_concurrency) == 93.47, "%.4f",
	    p.max_concurrency);
	in.max_model_len = 2048;
	plan_compute(c, &in, &p);
	cr_assert(two_decimals(p.max_concurrency) == 185.50, "%.4f",
	    p.max_concurrency);
	in.max_model_len = 1024;
	plan_compute(c, &in, &p);
	cr_assert(two_decimals(p.max_concurrency) == 365.38, "%.4f",
	    p.max_concurrency);
	model_done(&m);
}

/*
 * LiquidAI/LFM2-1.2B's config.json as first published names its attention
 * layers in full_attn_idxs, without layer_types
 * (tests/fixtures/configs/lfm2/LFM2-1.2B): transformers' Lfm2Config
 * writes layer_types from it ("full_attention" at 2, 5, 8, 10, 12, 14,
 * "conv" elsewhere) and vLLM's lfm2.py reads that, so it lays out as the
 * layer_types form above: 10 conv states, block 16, state padded 300 %,
 * 3 groups of 6 with 2 padding layers, and the C500 startup's 217,264
 * tokens and 313.37x from its 40,738 blocks.
 */
Test(hybrid_real, lfm2_full_attn_idxs_lays_out_as_layer_types)
{
	const struct catalogue *c = test_catalogue();
	static const int attn[] = { 2, 5, 8, 10, 12, 14 };
	struct model m;
	struct plan_input in;
	struct plan p;
	int i, k;

	test_config_load("lfm2/LFM2-1.2B", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.n_state_layers, 10);
	for (i = 0, k = 0; i < m.layers; i++) {
		int is_attn = k < 6 && attn[k] == i;

		cr_assert_eq(m.ld[i].mixer,
		    is_attn ? MIXER_ATTENTION : MIXER_SHORT_CONV, "layer %d",
		    i);
		k += is_attn;
	}
	cr_assert_eq(m.intermediate, 8192);
	input(&in, &m, 15.625, VLLM_VER(0, 17, 0));
	in.dtype_override = FMT_FP16;
	in.max_model_len = 2048;
	in.util = 0.70;
	in.enforce_eager = true;
	in.kv_cache_memory_bytes = (int64_t)40738 * 196608;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.kv.attn_block_size, 16);
	cr_assert_eq(p.kv.padding_layers, 2);
	cr_assert_eq(p.kv_tokens, 217264);
	cr_assert(two_decimals(p.max_concurrency) == 313.37, "%.4f",
	    p.max_concurrency);
	model_done(&m);
}

/* An index past the last layer is a bad file naming the field. */
Test(hybrid_real, lfm2_full_attn_idxs_outside_the_layers)
{
	static const char *const json =
	    "{\"architectures\":[\"Lfm2ForCausalLM\"],\"model_type\":"
	    "\"lfm2\",\"hidden_size\":2048,\"num_hidden_layers\":16,"
	    "\"num_attention_heads\":32,\"num_key_value_heads\":8,"
	    "\"vocab_size\":65536,\"conv_L_cache\":3,"
	    "\"full_attn_idxs\":[2,5,16]}";
	struct model m;
	const char *bad = NULL;
	char err[512];

	cr_assert_eq(test_config_try(json, &m, err, sizeof err, &bad), -1);
	cr_assert_str_eq(bad, "full_attn_idxs");
	cr_assert(strstr(err, "full_attn_idxs[2]") != NULL, "%s", err);
}

/*
 * Qwen3.5-9B on an L40S (vLLM 0.19.0, defaults: utilization 0.9, max model
 * len 262,144, prefix caching off; search-index file 51781852921):
 * "Setting attention block size to 528 tokens", "Padding mamba page size
 * by 0.76%", "Available KV cache memory: 20.27 GiB", "GPU KV cache size:
 * 165,792 tokens", "Maximum concurrency for 262,144 tokens per request:
 * 2.52x", "Estimated CUDA graph memory: 0.78 GiB total" (outside the
 * budget in 0.19).
 *
 * The text sizes of Qwen/Qwen3.5-9B's config.json (32 layers, full
 * attention every 4th, 4 KV heads of 256, gated delta net 16 key heads
 * and 32 value heads of 128, conv 4, mamba_ssm_dtype float32); no stored
 * copy of the file was found, and the log's 528 and 0.76 % follow from
 * these sizes alone.  Attention: 2 x 4 x 256 x 2 B = 4096 B per token.
 * State: conv 3 x (2 x 16 x 128 + 32 x 128 = 8192) x 2 B = 49,152 +
 * recurrent 32 x 128 x 128 x 4 B = 2,097,152 -> 2,146,304 B; block 16 x
 * cdiv(2,146,304, 16 x 4096) = 16 x 33 = 528; page 528 x 4096 =
 * 2,162,688 (+0.76 %).  8 attention and 24 state layers: group size 8, 4
 * groups; a block of all groups 8 x 2,162,688 = 17,301,504 B.  20.27 GiB
 * rounds from [20.265, 20.275) GiB = blocks 1257.7 to 1258.3, and only
 * 1258 gives 2.52x (from 20.2704 GiB up).
 * Tokens 1258 // 4 x 528 = 165,792; per request cdiv(262,144, 528) = 497
 * + 3 = 500; 1258 / 500 = 2.516 -> 2.52x.
 */
Test(hybrid_real, qwen35_9b_l40s_startup_of_0_19)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;
	const int64_t blk = (int64_t)8 * 2162688;

	load_inline(
	    "{\"architectures\":[\"Qwen3_5ForCausalLM\"],\"model_type\":"
	    "\"qwen3_5_text\",\"hidden_size\":4096,\"num_hidden_layers\":32,"
	    "\"num_attention_heads\":16,\"num_key_value_heads\":4,"
	    "\"head_dim\":256,\"linear_num_key_heads\":16,"
	    "\"linear_num_value_heads\":32,\"linear_key_head_dim\":128,"
	    "\"linear_value_head_dim\":128,\"linear_conv_kernel_dim\":4,"
	    "\"intermediate_size\":12288,\"vocab_size\":248320,"
	    "\"full_attention_interval\":4,\"mamba_ssm_dtype\":\"float32\","
	    "\"max_position_embeddings\":262144,\"attn_output_gate\":true,"
	    "\"dtype\":\"bfloat16\"}",
	    &m);
	cr_assert_eq(m.n_state_layers, 24);
	test_input(&in, "l40s", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.version = VLLM_VER(0, 19, 0);
	in.kv_cache_memory_bytes = 1258 * blk;
	plan_compute(c, &in, &p);
	check_startup_layout(&p, in.kv_cache_memory_bytes,
	    &(struct startup_layout){ .attn_block = 528,
		.state_layers = 24,
		.state_layer = 2146304,
		.page = 2162688,
		.pad_pct = 0.76,
		.group_size = 8,
		.n_groups = 4,
		.padding_layers = 0,
		.blocks = 1258,
		.request_len = 262144,
		.per_request = 500,
		.tokens = 165792,
		.concurrency = 2.52 });
	/* 20.275 GiB, the top of the printed 20.27, still holds 1258 */
	in.kv_cache_memory_bytes = (int64_t)floor(20.275 * (1 << 30)) - 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(kv_num_blocks(&p.kv, in.kv_cache_memory_bytes), 1258);
	cr_assert_eq(p.kv_tokens, 165792);
	cr_assert(two_decimals(p.max_concurrency) == 2.52, "%.4f",
	    p.max_concurrency);
	/* 1257 blocks (20.26 GiB) would print the same tokens but 2.51x */
	in.kv_cache_memory_bytes = 1258 * blk - 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv_tokens, 165792);
	cr_assert(two_decimals(p.max_concurrency) == 2.51, "%.4f",
	    p.max_concurrency);
	/* vLLM's graph estimate of 51 + 35 sizes, outside the budget */
	in.kv_cache_memory_bytes = 0;
	plan_compute(c, &in, &p);
	cr_assert(!p.cg_in_budget);
	cr_assert(fabs(test_gib(p.cuda_graphs) - 0.78) < 0.1,
	    "graph estimate %.2f GiB", test_gib(p.cuda_graphs));
	model_done(&m);
}

/*
 * The same startup from the fixture folder (qwen3.5/Qwen3.5-9B, the 27B's
 * config with the 9B's published sizes): "Model loading took 17.66 GiB"
 * is the untied text model and the vision tower, and the layout the log
 * prints follows.
 */
Test(hybrid_real, qwen35_9b_fixture_loads_what_the_l40s_log_loads)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_load("qwen3.5/Qwen3.5-9B", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.n_state_layers, 24);
	test_input(&in, "l40s", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.version = VLLM_VER(0, 19, 0);
	in.max_model_len = 262144;
	in.kv_cache_memory_bytes = (int64_t)1258 * 8 * 2162688;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert(fabs(test_gib(p.weights) - 17.66) < 0.015, "%.3f GiB",
	    test_gib(p.weights));
	cr_assert_eq(p.kv.attn_block_size, 528);
	cr_assert_eq(p.kv_tokens, 165792);
	cr_assert(two_decimals(p.max_concurrency) == 2.52, "%.4f",
	    p.max_concurrency);
	model_done(&m);
}

/*
 * Nemotron-Cascade-2-30B-A3B-NVFP4 (a post-training of Nemotron 3 Nano
 * 30B-A3B, the same NemotronHForCausalLM layout) on an RTX PRO 6000 class
 * card under WSL, vLLM 0.19.0, --kv-cache-dtype fp8
 * --mamba-ssm-cache-dtype float32, prefix caching off (search-index file
 * 51961570119): "Setting attention block size to 4176 tokens", "Padding
 * mamba page size by 0.19%".  The log stops before the KV lines.
 *
 * From the Nano's config.json (fixture): attention 2 x 2 KV heads x 128 x
 * 1 B (fp8) = 512 B per token.  Mamba2: conv (4 - 1) x (64 x 64 + 2 x 8 x
 * 128 = 6144) x 2 B = 36,864 + SSM 64 x 64 x 128 x 4 B (float32) =
 * 2,097,152 -> 2,134,016 B; block 16 x cdiv(2,134,016, 16 x 512) = 16 x
 * 261 = 4176; page 4176 x 512 = 2,138,112, +0.19 %.  With the SSM state
 * in 16 bits (--mamba-ssm-cache-dtype float16) the state is 1,085,440 B
 * and the block 16 x cdiv(1,085,440, 8192) = 2128.  The Nano's config
 * names float32, which NemotronH's config hook takes when the flag is
 * auto, so auto prints 4176 too.
 */
Test(hybrid_real, nemotron_cascade2_fp8_fp32_state_of_0_19)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_load("nemotron-h/Nemotron-3-Nano-30B-A3B-BF16", &m);
	input(&in, &m, 95.0, VLLM_VER(0, 19, 0));
	in.kv_dtype = KV_FP8;
	in.mamba_ssm_cache_dtype = PLAN_MAMBA_FLOAT32;
	in.max_model_len = 131072;
	in.util = 0.75;
	in.enforce_eager = true;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.kv.state_bytes / p.kv.state_layers, 2134016);
	cr_assert_eq(p.kv.attn_block_size, 4176);
	cr_assert_eq(p.kv.page, 2138112);
	cr_assert(two_decimals(state_padding_pct(&p.kv)) == 0.19, "%.4f %%",
	    state_padding_pct(&p.kv));
	in.mamba_ssm_cache_dtype = PLAN_MAMBA_FLOAT16;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv.state_bytes / p.kv.state_layers, 1085440);
	cr_assert_eq(p.kv.attn_block_size, 2128);
	in.mamba_ssm_cache_dtype = PLAN_MAMBA_AUTO;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv.attn_block_size, 4176);
	model_done(&m);
}

/*
 * Granite 4.0-H Small on a Strix Halo APU (ROCm build of vLLM
 * 0.11.1rc6.dev115, defaults: max model len 131,072, prefix caching off;
 * github.com/ROCm/ROCm issue 5590): "Setting attention block size to 528
 * tokens", "Padding mamba page size by 0.69%".  The start hangs in the
 * graph capture, before the KV lines.
 *
 * The sizes of ibm-granite/granite-4.0-h-small's config.json (40 layers,
 * attention at 5, 15, 25, 35, 8 KV heads of 128, Mamba2 128 heads of 64,
 * 1 group, d_state 128, d_conv 4, expand 2); no stored copy of the file
 * was found.  Attention: 2 x 8 x 128 x 2 B = 4096 B per token.  Mamba2:
 * conv 3 x (8192 + 2 x 1 x 128 = 8448) x 2 B = 50,688 + SSM 128 x 64 x
 * 128 x 2 B (bfloat16: Granite has no float32 default) = 2,097,152 ->
 * 2,147,840 B; block 16 x cdiv(2,147,840, 65,536) = 16 x 33 = 528; page
 * 528 x 4096 = 2,162,688, +0.69 %.  4 attention and 36 Mamba layers:
 * group size 4, 10 groups, no padding.
 */
Test(hybrid_real, granite_4_h_small_block_of_0_11)
{
	const struct catalogue *c = test_catalogue();
	char json[4096];
	struct model m;
	struct plan_input in;
	struct plan p;
	size_t n;
	int i;

	n = (size_t)snprintf(json, sizeof json,
	    "{\"architectures\":[\"GraniteMoeHybridForCausalLM\"],"
	    "\"model_type\":\"granitemoehybrid\",\"hidden_size\":4096,"
	    "\"num_hidden_layers\":40,\"num_attention_heads\":32,"
	    "\"num_key_value_heads\":8,\"num_local_experts\":72,"
	    "\"num_experts_per_tok\":10,\"shared_intermediate_size\":1536,"
	    "\"intermediate_size\":768,\"mamba_d_state\":128,"
	    "\"mamba_d_conv\":4,\"mamba_expand\":2,\"mamba_n_heads\":128,"
	    "\"mamba_d_head\":64,\"mamba_n_groups\":1,"
	    "\"mamba_chunk_size\":256,\"tie_word_embeddings\":true,"
	    "\"vocab_size\":100352,\"torch_dtype\":\"bfloat16\","
	    "\"max_position_embeddings\":131072,"
	    "\"position_embedding_type\":\"nope\",\"layer_types\":[");
	for (i = 0; i < 40; i++)
		n += (size_t)snprintf(json + n, sizeof json - n, "%s\"%s\"",
		    i ? "," : "", i % 10 == 5 ? "attention" : "mamba");
	snprintf(json + n, sizeof json - n, "]}");
	load_inline(json, &m);
	cr_assert_eq(m.n_state_layers, 36);
	input(&in, &m, 120.0, VLLM_VER(0, 11, 1));
	plan_compute(c, &in, &p);
	check_startup_layout(&p, 0,
	    &(struct startup_layout){ .attn_block = 528,
		.state_layers = 36,
		.state_layer = 2147840,
		.page = 2162688,
		.pad_pct = 0.69,
		.group_size = 4,
		.n_groups = 10,
		.padding_layers = 0 });
	model_done(&m);
}

/*
 * Granite 4.0-H 350M on a Strix Halo APU (the ROCm build of vLLM
 * 0.11.1rc2.dev141 in rocm/vllm:rocm7.0.0_vllm_0.11.1_20251103, defaults:
 * max model len 32768, max_num_batched_tokens 8192; github.com/ROCm/ROCm
 * issue 5724): "Setting attention block size to 400 tokens", "Padding mamba
 * page size by 1.39%".  The engine dies of a GPU memory access fault before
 * the weights load.
 *
 * The fields of ibm-granite/granite-4.0-h-350m's config.json (fixture,
 * SOURCE there): 32 layers, attention at 10, 13, 17, 27, 4 KV heads of 768
 * / 12 = 64; Mamba2 48 heads of 32, 1 group, d_state 128, d_conv 4.
 * Attention: 2 x 4 x 64 x 2 B = 1024 B per token, 16,384 B a 16-token
 * block.  Mamba2: conv 3 x (1536 + 2 x 1 x 128 = 1792) x 2 B = 10,752 + SSM
 * 48 x 32 x 128 x 2 B = 393,216 -> 403,968 B; block 16 x cdiv(403,968,
 * 16,384) = 16 x 25 = 400; page 400 x 1024 = 409,600, (409,600 - 403,968)
 * / 403,968 = +1.39 %.  4 attention and 28 Mamba layers: group size 4, 1 +
 * 7 groups, no padding.
 */
Test(hybrid_real, granite_4_h_350m_block_of_0_11)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_load("granite-4.0-h/granite-4.0-h-350m", &m);
	cr_assert_eq(m.n_state_layers, 28);
	cr_assert_eq(m.derived_max_len, 32768);
	input(&in, &m, 120.0, VLLM_VER(0, 11, 1));
	plan_compute(c, &in, &p);
	check_startup_layout(&p, 0,
	    &(struct startup_layout){ .attn_block = 400,
		.state_layers = 28,
		.state_layer = 403968,
		.page = 409600,
		.pad_pct = 1.39,
		.group_size = 4,
		.n_groups = 8,
		.padding_layers = 0 });
	model_done(&m);
}

/*
 * NemotronH's auto --mamba-ssm-cache-dtype by release
 * (NemotronHForCausalLMConfig, models/config.py).  Before #29978 (0.13.0)
 * no hook: the SSM state follows the conv state (the model dtype).  From
 * 0.13.0 the config's mamba_ssm_cache_dtype, else float16: the 0.13.0
 * startup of Nemotron 3 Nano 4B FP8 on a GB10 (newer-logs.json) prints
 * "Updating mamba_ssm_cache_dtype to 'float16' for NemotronH model" for a
 * config without the key.  #39032 (after 0.19.0) made that default
 * float32.
 *
 * Nemotron 3 Nano 30B-A3B names float32.  TP 1, bf16 KV: attention 2 x 2
 * x 128 x 2 B = 1024 B per token; conv 3 x 6144 x 2 = 36,864.  0.12.0,
 * SSM bf16: 36,864 + 64 x 64 x 128 x 2 = 1,085,440, block 16 x
 * cdiv(1,085,440, 16,384) = 16 x 67 = 1072; 0.13.0: float32, 2,134,016,
 * 16 x 131 = 2096.
 *
 * Nemotron-H-56B-Base-8K names none.  Attention 2 x 8 x 128 x 2 = 4096 B;
 * conv 3 x (16,384 + 2 x 8 x 256) x 2 = 122,880.  0.19.0, float16: SSM 256
 * x 64 x 256 x 2 = 8,388,608 -> 8,511,488, block 16 x cdiv(8,511,488,
 * 65,536) = 16 x 130 = 2080.  0.20.0, float32: 16,777,216 -> 16,900,096,
 * block 16 x cdiv(16,900,096, 65,536) = 16 x 258 = 4128; with
 * --enable-prefix-caching (mode all, chunk 128): 128 x cdiv(cdiv(
 * 16,900,096, 4096) = 4126, 128) = 128 x 33 = 4224.  An explicit float16
 * with prefix caching: 128 x cdiv(2078, 128) = 2176.
 */
Test(hybrid_real, nemotron_h_auto_ssm_dtype_per_release)
{
	const struct catalogue *c = test_catalogue();
	struct model nano, h56;
	struct plan_input in;
	struct plan p;

	test_config_load("nemotron-h/Nemotron-3-Nano-30B-A3B-BF16", &nano);
	input(&in, &nano, 95.0, VLLM_VER(0, 12, 0));
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.kv.state_bytes / p.kv.state_layers, 1085440);
	cr_assert_eq(p.kv.attn_block_size, 1072);
	in.version = VLLM_VER(0, 13, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv.state_bytes / p.kv.state_layers, 2134016);
	cr_assert_eq(p.kv.attn_block_size, 2096);
	model_done(&nano);

	test_config_load("nemotron-h/Nemotron-H-56B-Base-8K", &h56);
	input(&in, &h56, 190.0, VLLM_VER(0, 19, 0));
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.kv.state_bytes / p.kv.state_layers, 8511488);
	cr_assert_eq(p.kv.attn_block_size, 2080);
	in.version = VLLM_VER(0, 20, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv.state_bytes / p.kv.state_layers, 16900096);
	cr_assert_eq(p.mamba_mode, MAMBA_MODE_NONE);
	cr_assert_eq(p.kv.attn_block_size, 4128);
	in.prefix_caching = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.mamba_mode, MAMBA_MODE_ALL);
	cr_assert_eq(p.kv.attn_block_size, 4224);
	in.mamba_ssm_cache_dtype = PLAN_MAMBA_FLOAT16;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv.state_bytes / p.kv.state_layers, 8511488);
	cr_assert_eq(p.kv.attn_block_size, 2176);
	model_done(&h56);
}

/*
 * Qwen3-Next-80B-A3B-Instruct (a compressed-tensors W4A16 checkpoint) on
 * two L40S, vLLM 0.13.0, TP 2, --kv-cache-dtype fp8, --max-model-len
 * 32768, utilization 0.92, --enable-prefix-caching (search-index file
 * 33676930891): "Hybrid or mamba-based model detected without support for
 * prefix caching: disabling.", "Setting attention block size to 1072
 * tokens" (no padding line), "Available KV cache memory: 17.58 GiB", "GPU
 * KV cache size: 767,552 tokens", "Maximum concurrency for 32,768 tokens
 * per request: 84.29x".
 *
 * From the real config.json (fixture), per rank at TP 2: attention 2 x 1
 * KV head x 256 x 1 B = 512 B per token; gated delta net conv 3 x (2 x 16
 * x 128 + 32 x 128) / 2 x 2 B = 24,576 + recurrent 16 x 128 x 128 x 2 B =
 * 524,288 -> 548,864 B = 16 x cdiv(548,864, 8192) = 16 x 67 = 1072 tokens
 * of 512 B exactly (no padding).  12 attention and 36 state layers: group
 * size 12, 4 groups, a block of all 12 x 548,864 = 6,586,368 B.  17.58 GiB
 * rounds from blocks 2865.2 to 2866.8: 2866.  Tokens 2866 // 4 x 1072 =
 * 767,552.  Qwen3-Next has no SupportsMambaPrefixCaching and 0.13.0 has no
 * 'align' mode (#30877), so vLLM drops the flag: per request cdiv(32,768,
 * 1072) = 31 + 3 = 34 blocks, 2866 / 34 = 84.29x.  With 'align' (0.15.0
 * on) the same flag keeps 2 state blocks a group: 31 + 6 = 37, 77.46x.
 */
Test(hybrid_real, qwen3_next_tp2_prefix_caching_dropped_in_0_13)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;
	const int64_t blk = (int64_t)12 * 548864;

	test_config_load("qwen3-next/Qwen3-Next-80B-A3B-Instruct", &m);
	test_input(&in, "l40s", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.format = FMT_GPTQ;
	in.version = VLLM_VER(0, 13, 0);
	in.tp = 2;
	in.kv_dtype = KV_FP8;
	in.max_model_len = 32768;
	in.util = 0.92;
	in.prefix_caching = 1;
	in.max_num_seqs = 8;
	in.max_num_batched_tokens = 8192;
	in.kv_cache_memory_bytes = 2866 * blk;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.mamba_mode, MAMBA_MODE_NONE);
	cr_assert_eq(p.kv.state_bytes / p.kv.state_layers, 548864);
	check_startup_layout(&p, in.kv_cache_memory_bytes,
	    &(struct startup_layout){ .attn_block = 1072,
		.page = 548864,
		.group_size = 12,
		.n_groups = 4,
		.padding_layers = -1,
		.request_len = 32768,
		.per_request = 34,
		.tokens = 767552 });
	cr_assert(two_decimals(p.max_concurrency) == 84.29, "%.4f",
	    p.max_concurrency);
	in.kv_cache_memory_bytes = 2867 * blk - 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv_tokens, 767552);
	cr_assert(two_decimals(p.max_concurrency) == 84.29, "%.4f",
	    p.max_concurrency);
	in.kv_cache_memory_bytes = 2866 * blk;
	in.version = VLLM_VER(0, 15, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.mamba_mode, MAMBA_MODE_ALIGN);
	cr_assert_eq(kv_blocks_per_request(&p.kv, 32768), 37);
	cr_assert(two_decimals(p.max_concurrency) == 77.46, "%.4f",
	    p.max_concurrency);
	model_done(&m);
}

/*
 * Qwen3-Next-80B-A3B-Instruct in BF16 on two H200, vLLM 0.10.2, TP 2,
 * every other setting the default (search-index file 7292846353):
 * "Hybrid or mamba-based model detected: disabling prefix caching since
 * it is not yet supported.", "Setting attention block size to 544
 * tokens", "Padding mamba page size by 1.49%", "Available KV cache
 * memory: 44.59 GiB", "Current kv cache memory in use is 47878721024
 * bytes", "num_gpu_blocks is: 7162", "GPU KV cache size: 973,760
 * tokens", "Maximum concurrency for 262,144 tokens per request: 14.77x".
 *
 * Per rank at TP 2, from the real config.json (fixture): attention 1 KV
 * head x (256 + 256) x 2 B = 1024 B a token; gated delta net conv 3 x
 * (2 x 16 x 128 + 32 x 128) / 2 x 2 B = 24,576 + recurrent 16 x 128 x
 * 128 x 2 B = 524,288 -> 548,864 B, 536 tokens of attention, rounded up
 * to 16: 544, a page of 557,056 B, the state padded by 8,192 / 548,864 =
 * 1.49 %.  12 attention and 36 state layers: 4 groups of 12, a block of
 * 12 x 557,056 = 6,684,672 B; 47,878,721,024 // 6,684,672 = 7,162 blocks
 * (7,162 x 6,684,672 = 47,875,620,864).  Tokens 7,162 // 4 x 544 =
 * 973,760.  Prefix caching is off (0.10.2 drops the default for a hybrid
 * model), one state block a group: cdiv(262,144, 544) = 482 + 3 = 485
 * blocks a request, 7,162 / 485 = 14.767 -> 14.77x.  The weights, 74.2812
 * GiB in the log, are the architecture's at TP 2 to 0.001 GiB (74.2808
 * planned: the shared-expert gates and q/k norms, 208,896 B, are among
 * what is not counted, as in the W4A16 L40S row).
 */
Test(hybrid_real, qwen3_next_bf16_tp2_h200_startup_of_0_10_2)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_load("qwen3-next/Qwen3-Next-80B-A3B-Instruct", &m);
	test_input(&in, "h200-nvl", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.format = FMT_BF16;
	in.version = VLLM_VER(0, 10, 2);
	in.tp = 2;
	in.kv_cache_memory_bytes = INT64_C(47878721024);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.mamba_mode, MAMBA_MODE_NONE);
	check_startup_layout(&p, in.kv_cache_memory_bytes,
	    &(struct startup_layout){ .attn_block = 544,
		.state_layers = 36,
		.state_layer = 548864,
		.page = 557056,
		.pad_pct = 1.49,
		.group_size = 12,
		.n_groups = 4,
		.padding_layers = -1,
		.blocks = 7162,
		.request_len = 262144,
		.per_request = 485,
		.tokens = 973760,
		.concurrency = 14.77 });
	cr_assert(fabs(test_gib(p.weights) - 74.2812) < 0.001, "%.6f",
	    test_gib(p.weights));
	model_done(&m);
}

/* The config.json of tests/fixtures/configs/REL, parsed (asserts). */
static cJSON *
fixture_json(const char *rel)
{
	char path[1024], *text;
	FILE *f;
	long n;
	cJSON *cfg;

	snprintf(path, sizeof path, "%s/tests/fixtures/configs/%s/config.json",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".", rel);
	f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = malloc((size_t)n + 1);
	cr_assert_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	text[n] = '\0';
	fclose(f);
	cfg = cJSON_Parse(text);
	free(text);
	cr_assert_not_null(cfg);
	return cfg;
}

/*
 * The same startup's "Model loading took 22.5313 GiB": the checkpoint is
 * not named, and an all-int4 plan of Qwen3-Next (headroom's derived GPTQ
 * checkpoint) comes to 19.85 GiB a rank.  A compressed-tensors export that
 * quantizes the routed experts alone, int4 symmetric in groups of 32
 * (pack-quantized: 0.5 + 2 / 32 = 0.5625 B a weight; the recipe a public
 * llm-compressor script gives as cyankiwi's Qwen3-Next AWQ-4bit one:
 * ignore lm_head, the router and shared-expert gates, every shared expert,
 * self_attn, linear_attn and mtp), keeps the rest 16-bit.  Per rank at TP 2:
 *   experts 48 x 512 x 3 x 2048 x 512 / 2 x 0.5625 = 21,743,271,936
 *   12 gated attention layers (q with its gate 2 x 16 x 256, one KV head of
 *     256 each for k and v, o) 13,631,488 x 12 x 2 = 327,155,712
 *   36 gated delta nets: in_proj_qkvz 2048 x 12288 / 2, out_proj 4096 x
 *     2048 / 2, in_proj_ba 2048 x 64 / 2 = 16,842,752 x 36 x 2 =
 *     1,212,678,144; conv1d (8192 x 4 / 2), A_log and dt_bias 1,181,952
 *   shared experts 48 x 3 x 2048 x 512 / 2 x 2 = 150,994,944
 *   routers 48 x 512 x 2048 x 2 = 100,663,296
 *   embed_tokens and lm_head 2 x 151,936 / 2 x 2048 x 2 = 622,329,856
 *   RoPE 262,144 x 64 x 2 = 33,554,432
 * 24,191,830,272 B with the norms apart (406,528 B more): 22.5308 GiB,
 * 0.5 MB under what vLLM logged to four decimals.  Groups of 128
 * (0.515625) would give 20.84 GiB, and quantizing the attention too 22.31.
 */
Test(hybrid_real, qwen3_next_w4a16_experts_only_g32_weights_of_0_13)
{
	cJSON *cfg = fixture_json("qwen3-next/Qwen3-Next-80B-A3B-Instruct");
	cJSON *qc = cJSON_Parse(
	    "{\"quant_method\":\"compressed-tensors\",\"format\":"
	    "\"pack-quantized\",\"config_groups\":{\"group_0\":{\"targets\":"
	    "[\"Linear\"],\"weights\":{\"num_bits\":4,\"type\":\"int\","
	    "\"symmetric\":true,\"strategy\":\"group\",\"group_size\":32}}},"
	    "\"ignore\":[\"lm_head\",\"re:.*mlp[.]gate$\","
	    "\"re:.*mlp[.]shared_expert_gate$\",\"re:.*shared_expert.*\","
	    "\"re:.*self_attn.*\",\"re:.*linear_attn.*\",\"re:mtp.*\"]}");
	struct model m;
	struct weights_breakdown w;
	const char *bad;
	char err[512];

	cr_assert_not_null(qc);
	cJSON_AddItemToObject(cfg, "quantization_config", qc);
	cr_assert_eq(hfconfig_read(cfg, &m, err, sizeof err, &bad), 0, "%s",
	    err);
	cJSON_Delete(cfg);
	cr_assert_eq(m.native_format, FMT_GPTQ);
	cr_assert_eq(m.quant_group, 32);
	cr_assert_eq(m.quant_skip & (1 | 2 | 16), 1 | 2 | 16);
	cr_assert_eq(m.quant_skip & 8, 0);
	weights_rank(&m, m.native_format, 2, 2, 1, 0, &w);
	cr_assert(w.total >= 24191830272.0 && w.total < 24191830272.0 + 5e5,
	    "%.0f", w.total);
	cr_assert(fabs(test_gib((int64_t)w.total) - 22.5313) < 0.001, "%.4f",
	    test_gib((int64_t)w.total));
	model_done(&m);
}

/*
 * Granite 4.0-H 1B (vLLM 0.19.0 in vllm/vllm-openai:latest, --max-model-len
 * 4096, --enforce-eager, utilization 0.6, --max-num-batched-tokens 2048,
 * --max-num-seqs 2; the card is not named; search-index file
 * 62458215816): "Setting attention block size to 400 tokens", "Padding
 * mamba page size by 1.59%", "Available KV cache memory: 4.09 GiB", "GPU
 * KV cache size: 53,200 tokens", "Maximum concurrency for 4,096 tokens
 * per request: 66.95x".
 *
 * The sizes of ibm-granite/granite-4.0-h-1b's config.json (hidden 1536,
 * 40 layers, 4 of them attention with 12 heads and 4 KV heads of 128,
 * Mamba2 48 heads of 64, 1 group, d_state 128, d_conv 4, expand 2); no
 * stored copy of the file was found.  Attention: 2 x 4 x 128 x 2 B = 2048
 * B per token.  Mamba2: conv 3 x (3072 + 2 x 128) x 2 = 19,968 + SSM 48 x
 * 64 x 128 x 2 = 786,432 -> 806,400 B; block 16 x cdiv(806,400, 32,768) =
 * 16 x 25 = 400; page 819,200, +1.59 %.  Group size 4, 10 groups; a block
 * of all 4 x 819,200 = 3,276,800 B.  4.09 GiB spans blocks 1338.5 to
 * 1341.8; the printed tokens 53,200 = (blocks // 10) x 400 leave 1339 of
 * them, and per request cdiv(4096, 400) = 11 + 9 = 20 blocks: 1339 / 20 =
 * 66.95x.  The log's two figures pin the 4 + 36 layer split as well: with
 * 8 attention layers the same memory gives 670 blocks of 5 groups, 53,600
 * tokens.
 */
Test(hybrid_real, granite_4_h_1b_startup_of_0_19)
{
	const struct catalogue *c = test_catalogue();
	char json[4096];
	struct model m;
	struct plan_input in;
	struct plan p;
	const int64_t blk = (int64_t)4 * 819200;
	size_t n;
	int i;

	n = (size_t)snprintf(json, sizeof json,
	    "{\"architectures\":[\"GraniteMoeHybridForCausalLM\"],"
	    "\"model_type\":\"granitemoehybrid\",\"hidden_size\":1536,"
	    "\"num_hidden_layers\":40,\"num_attention_heads\":12,"
	    "\"num_key_value_heads\":4,\"num_local_experts\":0,"
	    "\"shared_intermediate_size\":4096,\"intermediate_size\":4096,"
	    "\"mamba_d_state\":128,\"mamba_d_conv\":4,\"mamba_expand\":2,"
	    "\"mamba_n_heads\":48,\"mamba_d_head\":64,\"mamba_n_groups\":1,"
	    "\"mamba_chunk_size\":256,\"tie_word_embeddings\":true,"
	    "\"vocab_size\":100352,\"torch_dtype\":\"bfloat16\","
	    "\"max_position_embeddings\":131072,"
	    "\"position_embedding_type\":\"nope\",\"layer_types\":[");
	for (i = 0; i < 40; i++)
		n += (size_t)snprintf(json + n, sizeof json - n, "%s\"%s\"",
		    i ? "," : "", i % 10 == 5 ? "attention" : "mamba");
	snprintf(json + n, sizeof json - n, "]}");
	load_inline(json, &m);
	cr_assert_eq(m.n_state_layers, 36);
	input(&in, &m, 24.0, VLLM_VER(0, 19, 0));
	in.max_model_len = 4096;
	in.enforce_eager = true;
	in.util = 0.6;
	in.max_num_batched_tokens = 2048;
	in.max_num_seqs = 2;
	in.kv_cache_memory_bytes = 1339 * blk;
	plan_compute(c, &in, &p);
	check_startup_layout(&p, in.kv_cache_memory_bytes,
	    &(struct startup_layout){ .attn_block = 400,
		.state_layers = 36,
		.state_layer = 806400,
		.page = 819200,
		.pad_pct = 1.59,
		.group_size = 4,
		.n_groups = 10,
		.padding_layers = -1,
		.request_len = 4096,
		.per_request = 20,
		.tokens = 53200 });
	cr_assert(two_decimals(p.max_concurrency) == 66.95, "%.4f",
	    p.max_concurrency);
	/* 1340 blocks, still inside the printed 4.09 GiB, print 53,600 */
	in.kv_cache_memory_bytes = 1340 * blk;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv_tokens, 53600);
	model_done(&m);
}

/*
 * The same startup's "Model loading took 2.72 GiB", from the fields of
 * granite-4.0-h-1b's config.json kept in tests/fixtures/configs (SOURCE
 * there).  granitemoehybrid.py in bf16: embed_tokens 100,352 x 1536 =
 * 154,140,672 (lm_head tied); 36 Mamba2 layers of in_proj 1536 x (2 x
 * 3072 + 2 x 128 + 48) = 9,904,128, conv1d 3328 x 4 + bias 3328, dt_bias,
 * A and D 3 x 48, gated norm 3072, out_proj 3072 x 1536 = 4,718,592 ->
 * 14,642,576; 4 attention layers of qkv 1536 x (1536 + 2 x 512) + o 1536 x
 * 1536 = 6,291,456; 40 shared MLPs of 1536 x 8192 + 4096 x 1536 =
 * 18,874,368 and 2 x 1536 norms; the final norm 1536.  1,461,538,368 x 2
 * B = 2,923,076,736 B = 2.722 GiB.  No rotary embedding: vLLM builds one
 * only for position_embedding_type "rope" (GraniteMoeHybridAttention), and
 * the config's default is None, so no cos/sin cache (131,072 x 128 x 2 B =
 * 32 MiB) joins the weights; with "rope" it does.
 */
/* The config.json of tests/fixtures/configs/REL with
 * "position_embedding_type": "rope" added, read into *m. */
static void
fixture_with_rope(const char *rel, struct model *m)
{
	cJSON *cfg = fixture_json(rel);
	const char *bad;
	char err[512];

	cJSON_AddStringToObject(cfg, "position_embedding_type", "rope");
	cr_assert_eq(hfconfig_read(cfg, m, err, sizeof err, &bad), 0, "%s",
	    err);
	cJSON_Delete(cfg);
}

Test(hybrid_real, granite_4_h_1b_weights_of_0_19)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_load("granite-4.0-h/granite-4.0-h-1b", &m);
	input(&in, &m, 24.0, VLLM_VER(0, 19, 0));
	in.max_model_len = 4096;
	in.enforce_eager = true;
	in.util = 0.6;
	in.max_num_batched_tokens = 2048;
	in.max_num_seqs = 2;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.weights, 2923076736LL);
	cr_assert_eq(p.kv.attn_block_size, 400);
	model_done(&m);
	fixture_with_rope("granite-4.0-h/granite-4.0-h-1b", &m);
	in.model = &m;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.weights, 2923076736LL + 131072LL * 128 * 2);
	model_done(&m);
}

/*
 * Nemotron-Cascade-2-30B-A3B-NVFP4 on a Hopper card (vLLM 0.19.1, offline
 * LLM(): --kv-cache-dtype fp8, --mamba-ssm-cache-dtype float32,
 * --max-model-len 262144, utilization 0.95, --max-num-batched-tokens 8192,
 * --max-num-seqs 40; search-index file 59839511370): "Setting attention
 * block size to 4176 tokens", "Add 1 padding layers, may waste at most
 * 4.35% KV cache memory", "Available KV cache memory: 68.97 GiB", "GPU KV
 * cache size: 4,819,104 tokens", "Maximum concurrency for 262,144 tokens
 * per request: 86.16x".
 *
 * The layout of Nemotron 3 Nano 30B-A3B (fixture): page 4176 x 512 =
 * 2,138,112 B (see nemotron_cascade2_fp8_fp32_state_of_0_19).  6 attention
 * and 23 Mamba2 layers: group size 6, 1 + 4 groups (24 slots, 1 padding,
 * 1 / 23 = 4.35 %); a block of all 6 x 2,138,112 = 12,828,672 B.  Of the
 * block counts, only 5773 (68.974 GiB) prints as 68.97 GiB (5772: 68.96).
 * Tokens 5773 // 5 x 4176 = 1154 x 4176 = 4,819,104; per request
 * cdiv(262,144, 4176) = 63 + 4 = 67 blocks; 5773 / 67 = 86.16x.
 */
Test(hybrid_real, nemotron_cascade2_kv_of_0_19_1)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;
	const int64_t blk = (int64_t)6 * 2138112;

	test_config_load("nemotron-h/Nemotron-3-Nano-30B-A3B-BF16", &m);
	input(&in, &m, 93.09, VLLM_VER(0, 19, 1));
	in.kv_dtype = KV_FP8;
	in.mamba_ssm_cache_dtype = PLAN_MAMBA_FLOAT32;
	in.max_model_len = 262144;
	in.util = 0.95;
	in.max_num_batched_tokens = 8192;
	in.max_num_seqs = 40;
	in.kv_cache_memory_bytes = 5773 * blk;
	plan_compute(c, &in, &p);
	check_startup_layout(&p, in.kv_cache_memory_bytes,
	    &(struct startup_layout){ .attn_block = 4176,
		.group_size = 6,
		.n_groups = 5,
		.padding_layers = 1,
		.blocks = 5773,
		.request_len = 262144,
		.per_request = 67,
		.tokens = 4819104 });
	cr_assert(two_decimals(p.max_concurrency) == 86.16, "%.4f",
	    p.max_concurrency);
	/* the top of the printed 68.97 GiB holds the same 5773 blocks */
	in.kv_cache_memory_bytes = (int64_t)floor(68.975 * (1 << 30)) - 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv_tokens, 4819104);
	cr_assert(two_decimals(p.max_concurrency) == 86.16, "%.4f",
	    p.max_concurrency);
	model_done(&m);
}

/* Granite 4.0-H's assumption line says what the startups above checked
 * and what they did not */
Test(hybrid_real, granite_4_h_assumption_names_its_startups)
{
	struct model m;

	load_inline("{\"architectures\":[\"GraniteMoeHybridForCausalLM\"],"
		    "\"model_type\":\"granitemoehybrid\",\"hidden_size\":1536,"
		    "\"num_hidden_layers\":4,\"num_attention_heads\":12,"
		    "\"num_key_value_heads\":4,\"intermediate_size\":4096,"
		    "\"shared_intermediate_size\":4096,\"mamba_d_state\":128,"
		    "\"mamba_n_heads\":48,\"mamba_d_head\":64,"
		    "\"vocab_size\":100352,\"layer_types\":[\"mamba\","
		    "\"attention\",\"mamba\",\"mamba\"]}",
	    &m);
	cr_assert_not_null(m.assumption);
	cr_assert(strstr(m.assumption, "4.0-H 1B, 0.19.0") != NULL, "%s",
	    m.assumption);
	cr_assert(strstr(m.assumption, "not measured") != NULL, "%s",
	    m.assumption);
	model_done(&m);
}

/*
 * Nemotron-Cascade-2-30B-A3B-NVFP4 on a Blackwell card under WSL (vLLM
 * 0.20.1rc1.dev91, no --enable-prefix-caching, --kv-cache-dtype fp8_e4m3,
 * --mamba-ssm-cache-dtype float32, --max-model-len 256000, utilization
 * 0.85; search-index file 51923877316): the engine config prints
 * enable_prefix_caching=False, "Setting attention block size to 4176
 * tokens" (mode none: with prefix caching, mode all would align to the
 * chunk, 128 x cdiv(4168, 128) = 4224), "Available KV cache memory: 3.72
 * GiB", "GPU KV cache size: 1,206,303 tokens", "Maximum concurrency for
 * 256,000 tokens per request: 4.71x".  Prefix caching stays off for
 * hybrids unless asked for (EngineArgs._set_default_args).  3.72 GiB
 * spans blocks 310.9 to 311.8 of 12,828,672 B: 311; per request
 * cdiv(256,000, 4176) = 62 + 4 = 66 blocks, 311 / 66 = 4.7121x; this
 * build of main prints the tokens as int(4.7121 x 256,000) = 1,206,303
 * (#41069, merged 2026-04-28, taken from 0.20.1); 0.20.0 printed the old
 * count, num_blocks // groups x block: the 23 Mamba2 layers and one
 * padding layer in 4 groups of 6 and the 6 attention layers in one, 311
 * // 5 x 4176 = 62 x 4176 = 258,912.
 */
Test(hybrid_real, nemotron_cascade2_prefix_caching_off_by_default_in_0_20)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_load("nemotron-h/Nemotron-3-Nano-30B-A3B-BF16", &m);
	input(&in, &m, 31.35, VLLM_VER(0, 20, 1));
	in.kv_dtype = KV_FP8;
	in.mamba_ssm_cache_dtype = PLAN_MAMBA_FLOAT32;
	in.max_model_len = 256000;
	in.util = 0.85;
	in.max_num_batched_tokens = 32768;
	in.max_num_seqs = 128;
	in.kv_cache_memory_bytes = (int64_t)311 * 6 * 2138112;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.mamba_mode, MAMBA_MODE_NONE);
	cr_assert_eq(p.kv.attn_block_size, 4176);
	cr_assert_eq(kv_blocks_per_request(&p.kv, 256000), 66);
	cr_assert(two_decimals(p.max_concurrency) == 4.71, "%.4f",
	    p.max_concurrency);
	cr_assert_eq(p.num_blocks, 311);
	cr_assert_eq(p.n_groups, 5);
	cr_assert_eq(p.kv_tokens, 1206303);
	in.version = VLLM_VER(0, 20, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.num_blocks, 311);
	cr_assert_eq(p.kv_tokens, 258912);
	model_done(&m);
}

/*
 * The graph estimate the Mamba2 assumption line quotes, against vLLM's own
 * "Estimated CUDA graph memory" of the two Nemotron-Cascade-2 startups:
 * 0.19 GiB at 0.19.1 (13 PIECEWISE sizes up to 80 + 8 FULL, --max-num-seqs
 * 40) and 0.48 GiB at 0.20.1 (51 up to 512 + 19 FULL).  The model's 52
 * layers hold 29 ops of vLLM's piecewise splitting list (23 mamba_mixer2,
 * 6 attention; the 23 MoE layers none), so the graph term counts 29
 * pieces, the 23 Mamba2 ones at cg_mamba_piece_weight 0.5 (the 0.11.0
 * captures below): (0.377 + 0.0167 x 17.5) x 1.2 (cg_mamba_moe_factor) x
 * graphs / 102 = 0.803 x 21 / 102 = 0.165 GiB and 0.803 x 70 / 102 = 0.551
 * GiB (52 layers and the attention models' MoE factor 1.8 gave 0.46 and
 * 1.54).
 * If the estimate moves, the line must move with it.
 */
Test(hybrid_real, mamba2_graph_estimate_the_assumption_quotes)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_load("nemotron-h/Nemotron-3-Nano-30B-A3B-BF16", &m);
	input(&in, &m, 93.0, VLLM_VER(0, 19, 1));
	in.kv_dtype = KV_FP8;
	in.mamba_ssm_cache_dtype = PLAN_MAMBA_FLOAT32;
	in.max_model_len = 262144;
	in.util = 0.95;
	in.max_num_batched_tokens = 8192;
	in.max_num_seqs = 40;
	plan_compute(c, &in, &p);
	cr_assert(fabs(test_gib(p.cuda_graphs) - 0.165) < 0.001, "%.3f GiB",
	    test_gib(p.cuda_graphs));
	input(&in, &m, 31.35, VLLM_VER(0, 20, 1));
	in.kv_dtype = KV_FP8;
	in.mamba_ssm_cache_dtype = PLAN_MAMBA_FLOAT32;
	in.max_model_len = 256000;
	in.util = 0.85;
	in.max_num_batched_tokens = 32768;
	in.max_num_seqs = 128;
	in.max_capture_size = 512;
	plan_compute(c, &in, &p);
	cr_assert(fabs(test_gib(p.cuda_graphs) - 0.551) < 0.001, "%.3f GiB",
	    test_gib(p.cuda_graphs));
	cr_assert_not_null(p.assumption);
	cr_assert(strstr(p.assumption, "gives 0.17 and 0.55 GiB where") != NULL,
	    "%s", p.assumption);
	model_done(&m);
}

/*
 * The pieces vLLM's piecewise compilation cuts a model into are the ops of
 * CompilationConfig._attention_ops (vllm/config/compilation.py), one per
 * mixer: Nemotron-H's 'M' and '*' layers hold one each, its '-' (MLP) and
 * 'E' (experts) layers none.  Nemotron 3 Nano: 23 + 6 = 29 of 52 layers;
 * Nemotron-H-56B: 54 + 10 = 64 of 118, 32 on each of two pipeline stages
 * of 59 layers (layers 0-58 hold 27 M and 5 *).  Falcon-H1 runs attention
 * beside the Mamba2 mixer in every layer: two ops a layer.  A model without
 * state layers keeps its decoder layers (the fitted unit).
 */
Test(hybrid_real, graph_pieces_are_the_mixers)
{
	struct model m;
	int i, m0 = 0, a0 = 0;

	test_config_load("nemotron-h/Nemotron-3-Nano-30B-A3B-BF16", &m);
	cr_assert_eq(m.layers, 52);
	cr_assert_eq(overhead_graph_layers(&m, 0, 52), 29);
	model_done(&m);
	test_config_load("nemotron-h/Nemotron-H-56B-Base-8K", &m);
	cr_assert_eq(overhead_graph_layers(&m, 0, 118), 64);
	for (i = 0; i < 59; i++) {
		m0 += m.ld[i].mixer == MIXER_MAMBA2;
		a0 += m.ld[i].mixer == MIXER_ATTENTION;
	}
	cr_assert_eq(overhead_graph_layers(&m, 0, 59), m0 + a0);
	cr_assert_eq(overhead_graph_layers(&m, 59, 59), 64 - m0 - a0);
	model_done(&m);
	load_inline(
	    "{\"architectures\":[\"FalconH1ForCausalLM\"],\"model_type\":"
	    "\"falcon_h1\",\"hidden_size\":3072,\"num_hidden_layers\":44,"
	    "\"num_attention_heads\":12,\"num_key_value_heads\":2,"
	    "\"head_dim\":128,\"intermediate_size\":12288,"
	    "\"vocab_size\":130048,\"mamba_d_state\":256,"
	    "\"mamba_n_groups\":1,\"mamba_n_heads\":24,\"mamba_d_head\":128,"
	    "\"mamba_d_ssm\":3072,\"mamba_d_conv\":4,"
	    "\"max_position_embeddings\":262144,"
	    "\"torch_dtype\":\"bfloat16\"}",
	    &m);
	cr_assert_eq(overhead_graph_layers(&m, 0, 44), 88);
	model_done(&m);
	test_config_load("sweep/Qwen--Qwen3-8B", &m);
	cr_assert_eq(overhead_graph_layers(&m, 0, m.layers), m.layers);
	model_done(&m);
}

/*
 * Kimi-Linear-48B-A3B-Instruct at TP 1, vLLM 0.11.2.dev520 (vLLM issue
 * #30092 as a public issue digest quotes it, search-index file
 * 56804160932): "Setting attention block size to 1920 tokens", defaults
 * but --max-model-len 1048576 (prefix caching off: KimiLinearForCausalLM
 * has no SupportsMambaPrefixCaching).  The sizes of the model's
 * config.json (arch/kimi_linear_kda_and_mla): 20 KDA layers, state conv
 * 3 x 3 x 32 x 128 x 2 = 73,728 + recurrent 32 x 128 x 128 x 4 (float32) =
 * 2,170,880 B; 7 MLA layers of 576 x 2 = 1152 B per token; the MLA
 * backends align the block to 64: 64 x cdiv(2,170,880, 64 x 1152 =
 * 73,728) = 64 x 30 = 1920 tokens, page 2,211,840 (state padded 1.89 %;
 * the digest cuts the padding line).
 */
Test(hybrid_real, kimi_linear_block_of_0_11_2)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;

	load_inline(
	    "{\"architectures\":[\"KimiLinearForCausalLM\"],\"model_type\":"
	    "\"kimi_linear\",\"vocab_size\":163840,\"hidden_size\":2304,"
	    "\"head_dim\":72,\"intermediate_size\":9216,"
	    "\"num_hidden_layers\":27,\"num_attention_heads\":32,"
	    "\"num_key_value_heads\":32,\"tie_word_embeddings\":false,"
	    "\"first_k_dense_replace\":1,\"moe_intermediate_size\":1024,"
	    "\"moe_layer_freq\":1,\"num_experts\":256,"
	    "\"num_experts_per_token\":8,\"num_shared_experts\":1,"
	    "\"q_lora_rank\":null,\"kv_lora_rank\":512,"
	    "\"qk_nope_head_dim\":128,\"qk_rope_head_dim\":64,"
	    "\"v_head_dim\":128,\"mla_use_nope\":true,"
	    "\"num_nextn_predict_layers\":0,\"model_max_length\":1048576,"
	    "\"torch_dtype\":\"bfloat16\",\"linear_attn_config\":{"
	    "\"full_attn_layers\":[4,8,12,16,20,24,27],\"head_dim\":128,"
	    "\"kda_layers\":[1,2,3,5,6,7,9,10,11,13,14,15,17,18,19,21,22,23,"
	    "25,26],\"num_heads\":32,\"short_conv_kernel_size\":4}}",
	    &m);
	input(&in, &m, 139.8, VLLM_VER(0, 11, 2));
	in.max_model_len = 1048576;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.kv.attn_block_size, 1920);
	cr_assert_eq(p.kv.state_bytes / 20, 2170880);
	cr_assert_eq(p.kv.page, 2211840);
	cr_assert(two_decimals(state_padding_pct(&p.kv)) == 1.89, "%.4f %%",
	    state_padding_pct(&p.kv));
	model_done(&m);
}

/*
 * Four startups of vLLM 0.11.0 on one card in public notebooks
 * (github.com/andli28/SSM_experiment, tests/calibration/newer-logs.json):
 * defaults but the flags named, utilization 0.9, prefix caching off ("Hybrid
 * or mamba-based model detected: disabling prefix caching").  The card is
 * not named; the Bamba startup's "Total non KV cache memory: 19.36GiB" and
 * "Available KV cache memory: 23.30 GiB" put 0.9 x total at 42.66 GiB, a
 * total of 47.40 GiB.
 */
#define SSM_CARD_GIB 47.40

/*
 * state-spaces/mamba-2.8b-hf (MambaForCausalLM; its config.json in
 * tests/fixtures/configs/mamba/), --dtype bfloat16, --max-model-len 8192,
 * enforce_eager: "Model loading took 5.2347 GiB", "Available KV cache
 * memory: 36.99 GiB", "GPU KV cache size: 26,124,288 tokens", "Maximum
 * concurrency for 8,192 tokens per request: 3189.00x".  The config has no
 * length key; vLLM takes the given 8192 as it is.  Mamba1 state
 * (mamba1_state_shape): conv 3 x 5120 x 2 = 30,720 + SSM 5120 x 16 x 2 =
 * 163,840 -> 194,560 B a layer, 64 layers: 12,451,840 B a block of 8192
 * tokens (attention-free: one block per request).  36.99 GiB rounds from
 * [36.985, 36.995) GiB = 3189.3 to 3190.2 blocks; 3189x needs fewer than
 * 3190 (36.9938 GiB).  Tokens 3189 x 8192.  The weights come to 5.17 GiB
 * (2.776B parameters, the embedding tied): 0.065 GiB under the log.
 */
Test(hybrid_real, mamba_28b_of_0_11_0)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;
	const int64_t blk = (int64_t)64 * 194560;

	test_config_load("mamba/mamba-2.8b-hf", &m);
	input(&in, &m, SSM_CARD_GIB, VLLM_VER(0, 11, 0));
	in.dtype_override = FMT_BF16;
	in.max_model_len = 8192;
	in.enforce_eager = true;
	in.kv_cache_memory_bytes = (int64_t)ceil(36.985 * (1 << 30));
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.kv.state_bytes, blk);
	cr_assert_eq(kv_num_blocks(&p.kv, in.kv_cache_memory_bytes), 3189);
	cr_assert_eq(p.kv_tokens, 26124288);
	cr_assert(two_decimals(p.max_concurrency) == 3189.00, "%.4f",
	    p.max_concurrency);
	in.kv_cache_memory_bytes = 3190 * blk - 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv_tokens, 26124288);
	in.kv_cache_memory_bytes = 0;
	plan_compute(c, &in, &p);
	cr_assert(fabs(test_gib(p.weights) - 5.2347) < 0.07, "%.4f GiB",
	    test_gib(p.weights));
	model_done(&m);
}

/* mistralai/Mamba-Codestral-7B-v0.1's sizes (arch/mamba2_codestral_sizes) */
#define CODESTRAL                                                              \
	"{\"architectures\":[\"Mamba2ForCausalLM\"],\"model_type\":"           \
	"\"mamba2\","                                                          \
	"\"hidden_size\":4096,\"num_hidden_layers\":64,\"num_heads\":128,"     \
	"\"head_dim\":64,\"n_groups\":8,\"state_size\":128,\"expand\":2,"      \
	"\"conv_kernel\":4,\"chunk_size\":256,\"vocab_size\":32768,"           \
	"\"use_bias\":false,\"use_conv_bias\":true,"                           \
	"\"tie_word_embeddings\":false,\"torch_dtype\":\"bfloat16\"}"

/*
 * Mamba-Codestral-7B-v0.1 twice: offline with enforce_eager at 8192 ("Available
 * KV cache memory: 27.86 GiB", "1,769,472 tokens", "216.00x"; loaded right
 * after mamba-2.8b in the same process, so its memory terms are not a
 * check) and served at 16384 with graphs ("Model loading took 13.6327 GiB",
 * "28.70 GiB", "3,653,632 tokens", "223.00x", 67 PIECEWISE + 35 FULL graphs
 * that "took 0.87 GiB" after the KV cache).  Mamba2 state: conv 3 x (8192 +
 * 2 x 8 x 128) x 2 = 61,440 + SSM 128 x 64 x 128 x 2 = 2,097,152 ->
 * 2,158,592 B a layer, 138,149,888 B a block.  27.86 GiB: [27.855, 27.865)
 * = 216.5 to 216.6 blocks -> 216; 28.70 GiB: [28.695, 28.705) = 223.03 to
 * 223.11 -> 223.  The plan's weights 13.57 GiB (0.06 under), its KV memory
 * 28.66 GiB (0.04 under: the activation and non-torch estimates 0.43 GiB
 * where the log leaves 0.33).  Graphs: 0.11.0 captured 67 sizes (step 8 to
 * 512) where headroom counts 51; per graph the estimate with Mamba2 pieces
 * at cg_mamba_piece_weight 0.5 is (0.377 + 0.0167 x 32) / 102 = 8.93 MiB,
 * 0.87 GiB / 102 = 8.73 MiB in the log.
 */
Test(hybrid_real, mamba2_codestral_of_0_11_0)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;
	const int64_t blk = (int64_t)64 * 2158592;

	load_inline(CODESTRAL, &m);
	input(&in, &m, SSM_CARD_GIB, VLLM_VER(0, 11, 0));
	in.max_model_len = 8192;
	in.enforce_eager = true;
	in.kv_cache_memory_bytes = (int64_t)ceil(27.855 * (1 << 30));
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.kv.state_bytes, blk);
	cr_assert_eq(p.kv_tokens, 1769472);
	cr_assert(two_decimals(p.max_concurrency) == 216.00);
	in.kv_cache_memory_bytes = (int64_t)floor(27.865 * (1 << 30));
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv_tokens, 1769472);
	in.max_model_len = 16384;
	in.enforce_eager = false;
	in.kv_cache_memory_bytes = (int64_t)ceil(28.695 * (1 << 30));
	plan_compute(c, &in, &p);
	cr_assert_eq(p.kv_tokens, 3653632);
	cr_assert(two_decimals(p.max_concurrency) == 223.00);
	in.kv_cache_memory_bytes = 0;
	plan_compute(c, &in, &p);
	cr_assert(!p.cg_in_budget);
	cr_assert(fabs(test_gib(p.weights) - 13.6327) < 0.07, "%.4f GiB",
	    test_gib(p.weights));
	cr_assert(fabs(test_gib(p.available_kv) - 28.70) < 0.06, "%.3f GiB",
	    test_gib(p.available_kv));
	cr_assert(fabs(test_gib(p.cuda_graphs) / 86 * 102 - 0.87) < 0.05,
	    "%.3f GiB for 86 graphs", test_gib(p.cuda_graphs));
	model_done(&m);
}

/*
 * ibm-ai-platform/Bamba-9B-v1 (BambaForCausalLM), --dtype float16,
 * --max-model-len 16384 with VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 (its
 * max_position_embeddings is 4096; planned with the variable, as the
 * startup ran, and without it at 4096 for the layout): "Setting attention block size to
 * 528 tokens", "Padding mamba page size by 0.69%", "Model loading took
 * 18.2459 GiB", "torch peak memory increase: 1.08GiB; non-torch forward
 * increase memory: 0.04GiB", "Available KV cache memory: 23.30 GiB", "Add
 * 1 padding layers, may waste at most 3.45% KV cache memory", "GPU KV cache
 * size: 184,800 tokens", "Maximum concurrency for 16,384 tokens per
 * request: 91.81x", graphs "took 0.68 GiB".  Bamba-9B's layout
 * (arch/bamba_9b_attention_indices): state 2,147,840 B, page 528 x 4096 =
 * 2,162,688 (+0.69 %), 3 attention and 29 state layers: groups of 3, 1 + 10
 * groups, 1 padding layer.  23.30 GiB: [23.295, 23.305) // (3 x 2,162,688)
 * = 3855.2 to 3856.9 -> 3855 or 3856; tokens 3856 // 11 x 528 = 184,800
 * (3855 gives the same); per request cdiv(16384, 528) = 32 + 10 = 42,
 * 3856 / 42 = 91.81 (3855: 91.79): 3856 blocks.  The plan's weights 18.22
 * GiB (0.03 under), its activation 1.19 and non-torch 0.13 GiB (0.11 and
 * 0.09 over); graphs, 29 Mamba2 pieces at 0.5 and 3 attention layers:
 * (0.377 + 0.0167 x 17.5) = 0.67 GiB for vLLM's 102 graphs, 0.68 logged.
 */
Test(hybrid_real, bamba_9b_v1_of_0_11_0)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;
	const int64_t tuple = (int64_t)3 * 2162688;
	static char on[] = "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1";
	static char *const allow[] = { on };

	load_inline(
	    "{\"architectures\":[\"BambaForCausalLM\"],\"model_type\":"
	    "\"bamba\","
	    "\"hidden_size\":4096,\"num_hidden_layers\":32,"
	    "\"num_attention_heads\":32,\"num_key_value_heads\":8,"
	    "\"intermediate_size\":14336,\"attn_layer_indices\":[9,18,27],"
	    "\"mamba_n_heads\":128,\"mamba_d_head\":64,\"mamba_n_groups\":1,"
	    "\"mamba_d_state\":128,\"mamba_d_conv\":4,\"mamba_expand\":2,"
	    "\"mamba_chunk_size\":256,\"attn_rotary_emb\":64,"
	    "\"vocab_size\":128256,\"max_position_embeddings\":4096,"
	    "\"tie_word_embeddings\":false,\"torch_dtype\":\"bfloat16\"}",
	    &m);
	input(&in, &m, SSM_CARD_GIB, VLLM_VER(0, 11, 0));
	in.dtype_override = FMT_FP16;
	in.max_model_len = 4096;
	in.kv_cache_memory_bytes = 3856 * tuple;
	plan_compute(c, &in, &p);
	check_startup_layout(&p, in.kv_cache_memory_bytes,
	    &(struct startup_layout){ .attn_block = 528,
		.pad_pct = 0.69,
		.group_size = 3,
		.n_groups = 11,
		.padding_layers = 1,
		.blocks = 3856,
		.request_len = 16384,
		.per_request = 42 });
	cr_assert_eq(kv_num_blocks(&p.kv, (int64_t)ceil(23.295 * (1 << 30))),
	    3855);
	cr_assert_eq(3856 / 11 * 528, 184800);
	cr_assert(two_decimals(3856.0 / 42) == 91.81);
	cr_assert(two_decimals(3855.0 / 42) == 91.79);
	in.kv_cache_memory_bytes = 0;
	plan_compute(c, &in, &p);
	cr_assert(fabs(test_gib(p.weights) - 18.2459) < 0.05, "%.4f GiB",
	    test_gib(p.weights));
	cr_assert(fabs(test_gib(p.activation) - 1.08) < 0.15, "%.3f GiB",
	    test_gib(p.activation));
	cr_assert(fabs(test_gib(p.non_torch) - 0.04) < 0.1, "%.3f GiB",
	    test_gib(p.non_torch));
	cr_assert(fabs(test_gib(p.cuda_graphs) / 86 * 102 - 0.68) < 0.03,
	    "%.3f GiB for 86 graphs", test_gib(p.cuda_graphs));
	/* 16384 is refused as vLLM does, and planned with the variable */
	in.max_model_len = 16384;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "(max_position_embeddings=4096 or "
		      "model_max_length=None") != NULL,
	    "%s", p.message);
	in.env = allow;
	in.n_env = 1;
	in.kv_cache_memory_bytes = 3856 * tuple;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.max_model_len, 16384);
	cr_assert_eq(p.kv_tokens, 184800);
	cr_assert(two_decimals(p.max_concurrency) == 91.81, "%.2fx",
	    p.max_concurrency);
	cr_assert(strstr(p.env_note, "User-specified max_model_len (16384)") !=
		NULL,
	    "%s", p.env_note);
	model_done(&m);
}

/*
 * NVIDIA-Nemotron-3-Nano-4B-FP8 on a GB10 (vLLM 0.13.0+nv26.01, defaults
 * but --max-model-len 8192, --gpu-memory-utilization 0.15, --kv-cache-dtype
 * fp8; tests/calibration/newer-logs.json gb10-v0130nv-...): "Updating
 * mamba_ssm_cache_dtype to 'float16'", "Setting attention block size to 992
 * tokens", "Padding mamba page size by 0.35%", "Available KV cache memory:
 * 11.15 GiB", "Add 3 padding layers, may waste at most 14.29%", "GPU KV cache
 * size: 208,320 tokens", "Maximum concurrency for 8,192 tokens per request:
 * 98.20x".  No copy of the config.json was found; the sizes are the ones a
 * public test reads from it (search-index file 61683524721): hidden 3136,
 * 42 layers "M-M-M-MM-M-M*-M-M*-M-M-M*-M-M-MM*-MMM-M-M-" (21 Mamba2, 4
 * attention, 17 MLP), 96 Mamba heads of 80, 8 groups, state 128, conv 4,
 * 8 KV heads of 128.  Attention fp8: 2 x 8 x 128 = 2048 B per token.  State:
 * conv 3 x (7680 + 2 x 8 x 128 = 9728) x 2 = 58,368 + SSM 96 x 80 x 128 x 2
 * (the hook's float16) = 1,966,080 -> 2,024,448 B; block 16 x
 * cdiv(2,024,448, 32,768) = 992, page 2,031,616 (+0.35 %).  Groups of 4:
 * the 21 state layers in 6 (3 padding, 3 / 21 = 14.29 %), 7 groups.  11.15
 * GiB: [11.145, 11.155) // (4 x 2,031,616) = 1472.6 to 1473.9; per request
 * cdiv(8192, 992) = 9 + 6 = 15: 1473 / 15 = 98.20 (1472: 98.13), tokens
 * 1473 // 7 x 992 = 208,320.  The graphs "took 1.00 GiB" for 51 + 35 on
 * this unified-memory card where the estimate gives 0.52: not a check (the
 * GB10 startups' graph figures are the least reliable of the set).
 */
Test(hybrid_real, nemotron3_nano_4b_fp8_of_0_13_gb10)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;
	const int64_t tuple = (int64_t)4 * 2031616;

	load_inline(
	    "{\"architectures\":[\"NemotronHForCausalLM\"],\"model_type\":"
	    "\"nemotron_h\",\"hidden_size\":3136,\"intermediate_size\":12544,"
	    "\"vocab_size\":131072,\"num_hidden_layers\":42,"
	    "\"hybrid_override_pattern\":"
	    "\"M-M-M-MM-M-M*-M-M*-M-M-M*-M-M-MM*-MMM-M-M-\","
	    "\"mamba_num_heads\":96,\"mamba_head_dim\":80,\"n_groups\":8,"
	    "\"ssm_state_size\":128,\"conv_kernel\":4,"
	    "\"num_attention_heads\":40,\"num_key_value_heads\":8,"
	    "\"head_dim\":128,\"max_position_embeddings\":262144,"
	    "\"mlp_hidden_act\":\"relu2\",\"tie_word_embeddings\":false,"
	    "\"torch_dtype\":\"bfloat16\"}",
	    &m);
	cr_assert_eq(m.n_state_layers, 21);
	input(&in, &m, 119.7, VLLM_VER(0, 13, 0));
	in.kv_dtype = KV_FP8;
	in.max_model_len = 8192;
	in.util = 0.15;
	in.kv_cache_memory_bytes = 1473 * tuple;
	plan_compute(c, &in, &p);
	check_startup_layout(&p, in.kv_cache_memory_bytes,
	    &(struct startup_layout){ .attn_block = 992,
		.state_layers = 21,
		.state_layer = 2024448,
		.page = 2031616,
		.pad_pct = 0.35,
		.group_size = 4,
		.n_groups = 7,
		.padding_layers = 3,
		.request_len = 8192,
		.per_request = 15,
		.tokens = 208320 });
	cr_assert(two_decimals(p.max_concurrency) == 98.20, "%.4f",
	    p.max_concurrency);
	in.kv_cache_memory_bytes = (int64_t)ceil(11.145 * (1 << 30));
	plan_compute(c, &in, &p);
	cr_assert_eq(kv_num_blocks(&p.kv, in.kv_cache_memory_bytes), 1472);
	cr_assert(two_decimals(p.max_concurrency) == 98.13);
	model_done(&m);
}
