/*
 * test_arch.c - the architectures of 2025-26 from their real config.json
 * files (tests/fixtures/configs/, sources in SOURCES.md there): layer
 * kinds, KV-cache specs, groups, pages, blocks, tokens and concurrency,
 * each expected figure worked out by hand from vLLM's rules in the comment
 * beside it (doc/estimates.md cites file and release of each rule).
 */
#include <criterion/criterion.h>
#include <math.h>
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

Test(arch, qwen35_27b_gated_delta_net_and_attention)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;

	test_config_load("qwen3.5/Qwen3.5-27B", &m);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.n_state_layers, 48); /* 3 of every 4 layers */
	cr_assert_eq(m.st.ssm_dtype_bytes, 4); /* mamba_ssm_dtype float32 */
	/*
	 * TP 1, bf16.  Attention: 2 x 4 heads x 256 x 2 B = 4096 B per token.
	 * GDN state: conv (4 - 1) x (2 x 16 x 128 + 48 x 128 = 10240) x 2 B
	 * = 61,440 + recurrent 48 x 128 x 128 x 4 B = 3,145,728 -> 3,207,168.
	 * Block = 16 x cdiv(3,207,168, 16 x 4096) = 16 x 49 = 784; page =
	 * 784 x 4096 = 3,211,264 (state padded to it).  16 attention and 48
	 * state layers: group size 16, 1 + 3 groups, no padding.
	 */
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_ALIGN);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.state_bytes / 48, 3207168);
	cr_assert_eq(l.attn_block_size, 784);
	cr_assert_eq(l.page, 3211264);
	cr_assert_eq(l.group_size, 16);
	cr_assert_eq(l.n_groups, 4);
	cr_assert_eq(l.padding_layers, 0);
	cr_assert_eq(l.bytes_per_token, 16 * 4096);
	/* 40 GiB: 42,949,672,960 // 3,211,264 // 16 = 835 blocks.  L = 131072:
	 * cdiv(131072, 784) = 168 + 3 groups x 2 (align) = 174 per request */
	cr_assert_eq(kv_num_blocks(&l, (int64_t)40 << 30), 835);
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 174);
	/* prefix caching off (mode none): 1 state block per group -> 171 */
	p.mamba_mode = MAMBA_MODE_NONE;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 171);
	/* TP 2: 2048 B/token; state 3 x 5120 x 2 + 24 x 128 x 128 x 4 = 1,603,584;
	 * 16 x cdiv(1,603,584, 32,768) = 784; page 784 x 2048 = 1,605,632 */
	test_kv_params(&p, 2, KV_AUTO, MAMBA_MODE_ALIGN);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 784);
	cr_assert_eq(l.page, 1605632);
	/* TP 4: 1024 B/token; state 801,792 -> 784; page 802,816 */
	test_kv_params(&p, 4, KV_AUTO, MAMBA_MODE_ALIGN);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.page, 802816);
	/* TP 8: 4 KV heads replicated to 1 per rank (1024 B/token); state
	 * 3 x 1280 x 2 + 6 x 65,536 = 400,896; 16 x cdiv(400,896, 16,384)
	 * = 400; page 409,600 */
	test_kv_params(&p, 8, KV_AUTO, MAMBA_MODE_ALIGN);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 400);
	cr_assert_eq(l.page, 409600);
	/* fp8 KV, TP 1: 2048 B/token; state unchanged (conv in the model
	 * dtype) -> 16 x cdiv(3,207,168, 32,768) = 1568; page 3,211,264 */
	test_kv_params(&p, 1, KV_FP8, MAMBA_MODE_ALIGN);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 1568);
	cr_assert_eq(l.page, 3211264);
	model_done(&m);
}

/*
 * The 0.20.0 startup of Qwen3.6-27B with MTP (3 draft tokens), fp8 KV:
 * "GPU KV cache size: 49,600 tokens", "1.30x" at 131,072 (newer-logs.json).
 * Conv rows 3 + 3: state 6 x 10240 x 2 + 3,145,728 = 3,268,608; block
 * 16 x cdiv(3,268,608, 32,768) = 1600; 17 attention layers (one MTP),
 * 48 state: group size 17, 1 + 3 groups.  Blocks per request
 * cdiv(131072, 1600) = 82 + 3 x (2 + 3) = 97; 126 blocks / 97 = 1.299
 * -> "1.30x"; the old formula 126 // 4 x 1600 = 49,600 tokens.
 */
Test(arch, qwen36_27b_mtp_startup_of_0_20)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;

	test_config_load("qwen3.5/Qwen3.6-27B-NVFP4", &m);
	test_kv_params(&p, 1, KV_FP8, MAMBA_MODE_ALIGN);
	p.num_spec = 3;
	p.extra_full_layers = 1;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 1600);
	cr_assert_eq(l.group_size, 17);
	cr_assert_eq(l.n_groups, 4);
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 97);
	/* 6.56 GiB printed: 126 blocks of 17 x 3,276,800 B */
	cr_assert_eq(kv_num_blocks(&l, (int64_t)(6.5625 * GIB)), 126);
	cr_assert_eq(126 / l.n_groups * l.block_size, 49600);
	model_done(&m);
}

Test(arch, nemotron3_nano_mamba2_all_mode)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;

	test_config_load("nemotron-h/Nemotron-3-Nano-30B-A3B-BF16", &m);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.n_state_layers, 23); /* M */
	cr_assert_eq(m.n_nokv_layers, 23); /* E: MoE only, no cache */
	cr_assert(m.st.prefix_all);
	/*
	 * Mamba2: I = 64 x 64 = 4096, 8 groups x 128 state: conv (4 - 1) x
	 * (4096 + 2 x 8 x 128) x 2 B = 36,864; SSM 64 x 64 x 128 x 4 B
	 * (mamba_ssm_cache_dtype float32) = 2,097,152 -> 2,134,016.
	 * Attention 2 x 2 x 128 x 2 = 1024 B per token.  Mode all: chunk
	 * lcm(128, 16) = 128, block 128 x cdiv(cdiv(2,134,016, 1024), 128)
	 * = 128 x 17 = 2176; page 2,228,224.  6 attention, 23 state layers:
	 * group size 6, 1 + 4 groups, 1 padding layer.
	 */
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_ALL);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.state_bytes / 23, 2134016);
	cr_assert_eq(l.attn_block_size, 2176);
	cr_assert_eq(l.page, 2176 * 1024);
	cr_assert_eq(l.group_size, 6);
	cr_assert_eq(l.n_groups, 5);
	cr_assert_eq(l.padding_layers, 1);
	/* L = 32768: cdiv(32768, 2176) = 16 blocks in every group: 5 x 16 */
	cr_assert_eq(kv_blocks_per_request(&l, 32768), 80);
	/* mode none: 16 x cdiv(2,134,016, 16,384) = 2096; 16 + 4 x 1 */
	p.mamba_mode = MAMBA_MODE_NONE;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 2096);
	cr_assert_eq(kv_blocks_per_request(&l, 32768), 16 + 4);
	/* TP 2: n_groups 8 divides; state 3 x 3072 x 2 + 32 x 64 x 128 x 4 =
	 * 1,067,008; attention 1 KV head: 512 B/token; none: 16 x cdiv(
	 * 1,067,008, 8192) = 2096 */
	test_kv_params(&p, 2, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.state_bytes / 23, 1067008);
	cr_assert_eq(l.attn_block_size, 2096);
	/* fp8 KV, TP 1: 512 B/token -> 16 x cdiv(2,134,016, 8192) = 4176 */
	test_kv_params(&p, 1, KV_FP8, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 4176);
	model_done(&m);
}

Test(arch, nemotron3_super_config_with_infinity_loads)
{
	struct model m;

	/* "time_step_limit": [0.0, Infinity] at line 62 of the real file */
	test_config_load("nemotron-h/Nemotron-3-Super-120B-A12B-FP8", &m);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.moe_latent, 1024);
	cr_assert_eq(m.n_state_layers + m.n_nokv_layers + 8, m.layers);
	model_done(&m);
}

/*
 * Nemotron 3 Ultra 550B-A55B: its config.json gives the layers as
 * layers_block_type (108 words: 48 mamba, 48 moe, 12 attention) and no
 * num_hidden_layers; transformers' NemotronHConfig takes the count from
 * the list, nemotron_h.py reads it back as hybrid_override_pattern.
 * Mamba2: 256 heads x 64 = I 16384, 8 groups x 128 state, conv 4, SSM in
 * float32; attention 2 KV heads x 128.  Per rank:
 *   TP 1: conv 3 x (16384 + 2 x 8 x 128) x 2 B = 110,592; SSM 256 x 64 x
 *         128 x 4 B = 8,388,608 -> 8,499,200; attention 2 x 2 x 128 x 2 =
 *         1024 B/token
 *   TP 2: 3 x (8192 + 2 x 4 x 128) x 2 = 55,296 + 4,194,304 = 4,249,600;
 *         1 KV head: 512 B/token
 *   TP 4: 3 x (4096 + 512) x 2 = 27,648 + 2,097,152 = 2,124,800; 2 KV
 *         heads replicated to 1 per rank: 512 B/token
 *   TP 8: 3 x (2048 + 256) x 2 = 13,824 + 1,048,576 = 1,062,400; 512
 * Mode none: block 16 x cdiv(state, 16 x bytes/token): TP 1 16 x
 * cdiv(8,499,200, 16,384) = 16 x 519 = 8304; TP 2 16 x cdiv(4,249,600,
 * 8192) = 8304; TP 4 16 x cdiv(2,124,800, 8192) = 16 x 260 = 4160; TP 8
 * 16 x cdiv(1,062,400, 8192) = 16 x 130 = 2080.
 * Mode all: chunk 128: 128 x cdiv(cdiv(state, bytes/token), 128): TP 1
 * cdiv(8,499,200, 1024) = 8300 -> 128 x 65 = 8320; TP 2 8300 -> 8320;
 * TP 4 4150 -> 128 x 33 = 4224; TP 8 2075 -> 128 x 17 = 2176.
 * 12 attention and 48 state layers: group size 12, 1 + 4 groups, none
 * padded.
 */
Test(arch, nemotron3_ultra_layers_block_type)
{
	static const int64_t state[] = { 8499200, 4249600, 2124800, 1062400 };
	static const int none[] = { 8304, 8304, 4160, 2080 };
	static const int all[] = { 8320, 8320, 4224, 2176 };
	static const int bpt[] = { 1024, 512, 512, 512 };
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	int i;

	test_config_load("nemotron-h/Nemotron-3-Ultra-550B-A55B-BF16", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.layers, 108);
	cr_assert_eq(m.n_state_layers, 48); /* mamba */
	cr_assert_eq(m.n_nokv_layers, 48); /* moe: no cache */
	cr_assert_eq(m.mtp_layers, 1); /* mtp_layers_block_type */
	cr_assert_eq(m.moe_latent, 2048);
	for (i = 0; i < 4; i++) {
		test_kv_params(&p, 1 << i, KV_AUTO, MAMBA_MODE_NONE);
		test_kv_layout(&m, &p, &l);
		cr_assert_eq(l.state_bytes / 48, state[i], "TP %d", 1 << i);
		cr_assert_eq(l.bytes_per_token, 12 * bpt[i], "TP %d", 1 << i);
		cr_assert_eq(l.attn_block_size, none[i], "TP %d", 1 << i);
		cr_assert_eq(l.group_size, 12);
		cr_assert_eq(l.n_groups, 5);
		cr_assert_eq(l.padding_layers, 0);
		test_kv_params(&p, 1 << i, KV_AUTO, MAMBA_MODE_ALL);
		test_kv_layout(&m, &p, &l);
		cr_assert_eq(l.attn_block_size, all[i], "TP %d", 1 << i);
		cr_assert_eq(l.page, (int64_t)all[i] * bpt[i], "TP %d", 1 << i);
	}
	/* fp8 KV, TP 8: 256 B/token; none 16 x cdiv(1,062,400, 4096) = 16 x
	 * 260 = 4160; all cdiv(1,062,400, 256) = 4150 -> 128 x 33 = 4224 */
	test_kv_params(&p, 8, KV_FP8, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 4160);
	test_kv_params(&p, 8, KV_FP8, MAMBA_MODE_ALL);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 4224);
	/* L = 262,144, mode all, TP 8: cdiv(262144, 2176) = 121 blocks in
	 * each of the 5 groups */
	test_kv_params(&p, 8, KV_AUTO, MAMBA_MODE_ALL);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(kv_blocks_per_request(&l, 262144), 5 * 121);
	model_done(&m);
}

/* layers_block_type words outside transformers' list stop at that word */
Test(arch, nemotron_h_layers_block_type_unknown_word)
{
	static const char *const json =
	    "{\"architectures\":[\"NemotronHForCausalLM\"],"
	    "\"model_type\":\"nemotron_h\",\"hidden_size\":1024,\"vocab_size\":"
	    "1000,"
	    "\"num_attention_heads\":8,\"num_key_value_heads\":2,\"head_dim\":"
	    "128,"
	    "\"intermediate_size\":4096,\"mamba_num_heads\":16,\"mamba_head_"
	    "dim\":64,"
	    "\"ssm_state_size\":128,\"n_groups\":8,"
	    "\"layers_block_type\":[\"mamba\",\"attention\",\"gdn\"]}";
	struct model m;
	const char *bad = NULL;
	char err[512];

	cr_assert_neq(test_config_try(json, &m, err, sizeof err, &bad), 0);
	cr_assert_str_eq(bad, "layers_block_type");
	cr_assert(strstr(err, "layers_block_type[2]") != NULL, "%s", err);
}

/*
 * Granite 4.0 (GraniteMoeHybridForCausalLM), as granitemoehybrid.py builds
 * it from transformers' GraniteMoeHybridConfig.  A small config: hidden
 * 2048, 16 heads (head size 2048 / 16 = 128, whatever head_dim says), 4 KV
 * heads, vocabulary 100,352 tied, 8 layers (Mamba2 in 6, attention in 2),
 * Mamba2 of 64 heads x 64, state 128, one group, kernel 4, expand 2.
 */
#define GRANITE_H                                                              \
	"\"architectures\":[\"GraniteMoeHybridForCausalLM\"],"                 \
	"\"model_type\":\"granitemoehybrid\",\"hidden_size\":2048,"            \
	"\"num_hidden_layers\":8,\"num_attention_heads\":16,"                  \
	"\"num_key_value_heads\":4,\"head_dim\":64,\"vocab_size\":100352,"     \
	"\"max_position_embeddings\":131072,\"torch_dtype\":\"bfloat16\","     \
	"\"tie_word_embeddings\":true,\"mamba_n_heads\":64,"                   \
	"\"mamba_d_state\":128,\"mamba_n_groups\":1,\"mamba_d_conv\":4,"       \
	"\"mamba_expand\":2"
#define GRANITE_H_LAYERS                                                       \
	"[\"mamba\",\"mamba\",\"mamba\",\"attention\",\"mamba\",\"mamba\","    \
	"\"mamba\",\"attention\"]"

static int
granite_read(const char *json, struct model *m, const char **bad, char *err,
    size_t errlen)
{
	return test_config_try(json, m, err, errlen, bad);
}

/*
 * Parameters: embeddings 100,352 x 2048 = 205,520,896 (tied) + final norm
 * 2048; per layer two norms 4096.  Mamba2 layer: in_proj 2048 x (2 x 4096 +
 * 2 x 128 + 64 = 8512) = 17,432,576, conv1d (4096 + 256) x (4 + 1 bias) =
 * 21,760, dt_bias, A, D 3 x 64, norm 4096, out_proj 4096 x 2048 =
 * 8,388,608: 25,847,232.  Attention layer: qkv 2048 x (2048 + 2 x 512) =
 * 6,291,456 + o 4,194,304 = 10,485,760.
 */
#define GRANITE_EMBED (205520896.0 + 2048)
#define GRANITE_MIXERS (6 * 25847232.0 + 2 * 10485760.0 + 8 * 4096.0)

/* No experts: the shared MLP (3 x 2048 x 8192 = 50,331,648 a layer) is the
 * only FFN, intermediate_size is not read. */
Test(arch, granite_4_dense_ffn_is_the_shared_mlp)
{
	struct model m;
	const char *bad = NULL;
	char err[512];

	cr_assert_eq(granite_read("{" GRANITE_H
				  ",\"layer_types\":" GRANITE_H_LAYERS
				  ",\"num_local_experts\":0,"
				  "\"intermediate_size\":1000,"
				  "\"shared_intermediate_size\":8192,"
				  "\"mamba_d_head\":64}",
			 &m, &bad, err, sizeof err),
	    0, "%s", err);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.n_experts, 0);
	cr_assert_eq(m.head_dim, 128);
	cr_assert_eq(m.n_state_layers, 6);
	cr_assert_float_eq(weights_param_count(&m) * 1e9,
	    GRANITE_EMBED + GRANITE_MIXERS + 8 * 50331648.0, 1.0);
	model_done(&m);
}

/* 64 experts of 512 (3 x 2048 x 512 each), router 2048 x 64, shared MLP
 * of 1024 (6,291,456) in every layer; the default head size "auto" is
 * 2 x 2048 / 64 = 64; layers_block_type is read as layer_types
 * (GraniteMoeHybridConfig.attribute_map). */
Test(arch, granite_4h_moe_and_layers_block_type)
{
	static const char *const moe =
	    ",\"num_local_experts\":64,\"num_experts_per_tok\":6,"
	    "\"intermediate_size\":512,\"shared_intermediate_size\":1024}";
	char json[2048];
	struct model a, b;
	const char *bad = NULL;
	char err[512];
	double per_layer = 64 * 3 * 2048 * 512.0 + 2048 * 64.0 + 6291456.0;

	snprintf(json, sizeof json, "{%s,\"layer_types\":%s%s", GRANITE_H,
	    GRANITE_H_LAYERS, moe);
	cr_assert_eq(granite_read(json, &a, &bad, err, sizeof err), 0, "%s",
	    err);
	snprintf(json, sizeof json, "{%s,\"layers_block_type\":%s%s", GRANITE_H,
	    GRANITE_H_LAYERS, moe);
	cr_assert_eq(granite_read(json, &b, &bad, err, sizeof err), 0, "%s",
	    err);
	cr_assert_eq(a.st.mamba_head_dim, 64);
	cr_assert_eq(a.n_experts, 64);
	cr_assert_eq(a.experts_per_tok, 6);
	cr_assert_float_eq(weights_param_count(&a) * 1e9,
	    GRANITE_EMBED + GRANITE_MIXERS + 8 * per_layer, 1.0);
	cr_assert_float_eq(weights_param_count(&b), weights_param_count(&a),
	    1e-12);
	cr_assert_eq(b.n_state_layers, a.n_state_layers);
	cr_assert_eq(b.head_dim, a.head_dim);
	model_done(&a);
	model_done(&b);
}

/* vLLM indexes config.layer_types: a config with neither list does not
 * load, and transformers allows only "mamba" and "attention". */
Test(arch, granite_4h_layer_list_required_and_checked)
{
	struct model m;
	const char *bad = NULL;
	char err[512];

	cr_assert_neq(granite_read("{" GRANITE_H ",\"num_local_experts\":0}",
			  &m, &bad, err, sizeof err),
	    0);
	cr_assert_str_eq(bad, "layer_types");
	cr_assert(strstr(err, "config.layer_types") != NULL, "%s", err);
	bad = NULL;
	cr_assert_neq(granite_read("{" GRANITE_H
				   ",\"layer_types\":[\"mamba\",\"mamba\","
				   "\"mamba\",\"sliding_attention\",\"mamba\","
				   "\"mamba\",\"mamba\",\"attention\"]}",
			  &m, &bad, err, sizeof err),
	    0);
	cr_assert_str_eq(bad, "layer_types");
	cr_assert(strstr(err, "layer_types[3]") != NULL, "%s", err);
}

/*
 * Attention in every layer (Granite 4.0 Micro's layout): ModelConfig's
 * is_hybrid is false, so the cache is plain attention: 8 layers x 2 x 4 KV
 * heads x 128 x 2 B = 16,384 B a token, block 16, one group.
 */
Test(arch, granite_4_attention_only_is_not_hybrid)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;
	const char *bad = NULL;
	char err[512];

	cr_assert_eq(granite_read("{" GRANITE_H
				  ",\"layer_types\":[\"attention\","
				  "\"attention\",\"attention\",\"attention\","
				  "\"attention\",\"attention\",\"attention\","
				  "\"attention\"],\"num_local_experts\":0,"
				  "\"shared_intermediate_size\":8192}",
			 &m, &bad, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.n_state_layers, 0);
	cr_assert_not_null(m.assumption);
	cr_assert(strstr(m.assumption, "attention in every layer") != NULL,
	    "%s", m.assumption);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.format = FMT_COUNT;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.bytes_per_token, 16384);
	cr_assert_eq(p.block_size, 16);
	cr_assert_eq(p.n_groups, 1);
	cr_assert_eq(p.state_bytes, 0);
	model_done(&m);
}

/* A Mamba2 size of zero is refused naming the family's own keys */
Test(arch, nemotron_h_mamba_sizes_must_be_positive)
{
	static const char *const json =
	    "{\"architectures\":[\"NemotronHForCausalLM\"],"
	    "\"model_type\":\"nemotron_h\",\"hidden_size\":1024,\"vocab_size\":"
	    "1000,"
	    "\"num_attention_heads\":8,\"num_key_value_heads\":2,\"head_dim\":"
	    "128,"
	    "\"intermediate_size\":4096,\"mamba_num_heads\":16,\"mamba_head_"
	    "dim\":0,"
	    "\"ssm_state_size\":128,\"n_groups\":8,\"num_hidden_layers\":2,"
	    "\"hybrid_override_pattern\":\"M*\"}";
	struct model m;
	const char *bad = NULL;
	char err[512];

	cr_assert_neq(test_config_try(json, &m, err, sizeof err, &bad), 0);
	cr_assert_str_eq(bad, "mamba_num_heads");
	cr_assert_str_eq(err,
	    "config: mamba_num_heads, mamba_head_dim and "
	    "ssm_state_size must be positive");
}

Test(arch, decilm_block_configs)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	struct weights_breakdown w;

	test_config_load("decilm/Llama-3_3-Nemotron-Super-49B-v1", &m);
	cr_assert_null(m.refusal);
	/* 49 blocks keep attention (n_heads_in_group 8: 64 / 8 = 8 KV heads),
	 * 31 are no_op: one spec, one group of 49 layers, 2 x 8 x 128 x 2 =
	 * 4096 B per token each */
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.group_size, 49);
	cr_assert_eq(l.n_groups, 1);
	cr_assert_eq(l.bytes_per_token, 49 * 4096);
	cr_assert_eq(l.page, 16 * 4096);
	/* TP 8: one KV head per rank, 512 B */
	test_kv_params(&p, 8, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.bytes_per_token, 49 * 512);
	/* per-block FFN: weights of the published ~49.9B parameters, 16 bit */
	weights_rank(&m, FMT_BF16, 2, 1, 1, 0, &w);
	cr_assert(w.total / GIB > 92 && w.total / GIB < 94, "%.2f GiB",
	    w.total / GIB);
	model_done(&m);
}

Test(arch, gemma4_global_layers_own_head_size)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;

	test_config_load("gemma4/gemma-4-26B-A4B", &m);
	cr_assert_null(m.refusal);
	/*
	 * 25 sliding layers: 8 heads x (256 + 256) x 2 B = 8192 B per token,
	 * page 131,072.  5 global layers: 2 heads x (512 + 512) x 2 = 4096,
	 * page 65,536 -> block 32 to unify.  Group size 5: 1 + 5 groups.
	 * L = 32768: cdiv(32768, 32) = 1024 + 5 x (cdiv(1023 + 8192, 16) + 1
	 * = 577) = 3909.
	 */
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.page, 131072);
	cr_assert_eq(l.group_size, 5);
	cr_assert_eq(l.n_groups, 6);
	cr_assert_eq(kv_blocks_per_request(&l, 32768), 1024 + 5 * 577);
	cr_assert_eq(l.bytes_per_token, 25 * 8192 + 5 * 4096);
	/* TP 4: sliding 2 heads = 2048 B; global max(1, 2 // 4) = 1 head =
	 * 2048 B: equal pages, both block 16 -> 2048 + 5 x 577 */
	test_kv_params(&p, 4, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.page, 16 * 2048);
	cr_assert_eq(kv_blocks_per_request(&l, 32768), 2048 + 5 * 577);
	/* fp8 halves every page: the same blocks */
	test_kv_params(&p, 1, KV_FP8, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.page, 65536);
	cr_assert_eq(kv_blocks_per_request(&l, 32768), 1024 + 5 * 577);
	model_done(&m);
}

Test(arch, mimo_v2_k_and_v_head_sizes)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;

	test_config_load("mimo-v2/MiMo-V2-Flash", &m);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.n_sliding, 39);
	/*
	 * 9 global layers: 4 heads x (K 192 + V 128) x 2 B = 2560 B per token;
	 * 39 sliding (window 128): 8 x 320 x 2 = 5120.  Pages 40,960 and
	 * 81,920: the global block doubles to 32.  Group size 9: 1 + 5 groups,
	 * 6 padding.  L = 32768: cdiv(32768, 32) = 1024 + 5 x (cdiv(127 +
	 * 8192, 16) + 1 = 521).
	 */
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.page, 81920);
	cr_assert_eq(l.group_size, 9);
	cr_assert_eq(l.n_groups, 6);
	cr_assert_eq(l.padding_layers, 6);
	cr_assert_eq(kv_blocks_per_request(&l, 32768), 1024 + 5 * 521);
	/* TP 2 and fp8 scale both pages alike */
	test_kv_params(&p, 2, KV_FP8, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.page, 81920 / 4);
	model_done(&m);
}

Test(arch, deepseek_v32_indexer_and_fp8_ds_mla)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	struct plan_input in;
	struct plan pl;

	test_config_load("dsa/DeepSeek-V3.2", &m);
	cr_assert_eq(m.index_topk, 2048);
	/*
	 * Per layer an MLA spec (512 + 64 = 576 x 2 B = 1152 B per token) and
	 * the indexer's (128 + 128 / 128 x 4 = 132 B, uint8): both
	 * FullAttentionSpec kinds, one "uniform type" group whose page is the
	 * sum over the 61 layers at block 64: 61 x 64 x 1284 = 5,012,736.
	 */
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	p.block_size = 64;
	test_kv_layout(&m, &p, &l);
	cr_assert(l.uniform_type);
	cr_assert_eq(l.page, 61 * 64 * 1284);
	cr_assert_eq(l.bytes_per_token, 61 * 1284);
	/* fp8_ds_mla: 656 + 132 = 788 B; MLA is not split by TP */
	p.kv = KV_FP8_DS_MLA;
	p.tp = 8;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.page, 61 * 64 * 788);
	/* 10 GiB // 3,076,352 = 3490 blocks; cdiv(131072, 64) = 2048 each */
	cr_assert_eq(kv_num_blocks(&l, (int64_t)10 << 30), 3490);
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 2048);
	/* the plan turns --kv-cache-dtype fp8 into fp8_ds_mla */
	test_input(&in, "h200-nvl", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.tp = 8;
	in.kv_dtype = KV_FP8;
	in.max_model_len = 32768;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.kv_dtype, KV_FP8_DS_MLA);
	cr_assert_eq(pl.bytes_per_token, 61 * 788);
	model_done(&m);
}

Test(arch, glm5_indexer)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;

	test_config_load("dsa/GLM-5-FP8", &m);
	cr_assert_null(m.refusal);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	p.block_size = 64;
	test_kv_layout(&m, &p, &l);
	/* 78 layers x (576 x 2 + 132) */
	cr_assert_eq(l.bytes_per_token, 78 * 1284);
	model_done(&m);
}

/*
 * sparse_attn_indexer's dummy run reserves the prefill K-gather workspace,
 * get_max_prefill_buffer_size() = 40 x max_model_len entries of 128 fp8
 * bytes and a float32 scale, and the 1 MiB radix top-k buffer; it stays
 * allocated (locked) through the sampler, so it is in the torch peak.
 * DeepSeek-V3.2 at 163,840 tokens: vLLM's own comment, 865,075,200 bytes.
 */
Test(arch, dsa_indexer_workspace_in_the_profile)
{
	const struct catalogue *c = test_catalogue();
	struct model m, v4;
	struct plan_input in;
	struct plan a, b;
	int64_t ws;

	test_config_load("dsa/DeepSeek-V3.2", &m);
	cr_assert_eq(kv_indexer_workspace(&m, 163840), 865075200LL + 1048576);
	model_done(&m);
	test_config_load("dsa/DeepSeek-V4-Flash", &v4);
	cr_assert_eq(kv_indexer_workspace(&v4, 163840), 0);
	model_done(&v4);

	test_config_load("dsa/GLM-5-FP8", &m);
	ws = 40LL * 202752 * 132 + 1048576;
	cr_assert_eq(kv_indexer_workspace(&m, 202752), ws);
	test_input(&in, "b200", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.tp = 8;
	in.max_model_len = 202752;
	in.version = VLLM_VER(0, 26, 0);
	plan_compute(c, &in, &a);
	cr_assert_eq(a.indexer_workspace, ws);
	/* it scales with max_model_len alone: the rest of the peak does not */
	in.max_model_len = 65536;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.indexer_workspace, 40LL * 65536 * 132 + 1048576);
	cr_assert_eq(a.activation - b.activation, 40LL * (202752 - 65536) * 132,
	    "%lld", (long long)(a.activation - b.activation));
	/* releases before 0.22.0 were not read: no workspace */
	in.version = VLLM_VER(0, 21, 0);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.indexer_workspace, 0);
	model_done(&m);
}

/*
 * DeepseekV2Model.__init__ (vllm/model_executor/models/deepseek_v2.py, main
 * @002d607) allocates, when the config has index_topk, one int32 buffer of
 * max_num_batched_tokens x index_topk on the device for every layer's
 * indexer to write its top-k into: model memory, in "Model loading took".
 * GLM-5-FP8 (index_topk 2048) at 8,192 batched tokens: 8192 x 2048 x 4 =
 * 67,108,864 bytes a rank, whatever the TP size; at 4,096 half that.
 */
Test(arch, dsa_topk_buffer_in_the_weights)
{
	const struct catalogue *c = test_catalogue();
	struct model m, v4;
	struct plan_input in;
	struct plan a, b;

	test_config_load("dsa/GLM-5-FP8", &m);
	cr_assert_eq(m.index_topk, 2048);
	cr_assert_float_eq(weights_dsa_topk_buffer_bytes(&m, 8192), 67108864.0,
	    0.5);
	test_config_load("dsa/DeepSeek-V4-Flash", &v4);
	cr_assert_float_eq(weights_dsa_topk_buffer_bytes(&v4, 8192), 0, 0.5);
	model_done(&v4);
	test_input(&in, "b200", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	cr_assert_float_eq(weights_dsa_topk_buffer_bytes(in.model, 8192), 0,
	    0.5);
	in.model = &m;
	in.ckpt = -1; /* weights from the architecture, not a published size */
	in.format = FMT_COUNT;
	in.tp = 8;
	in.max_model_len = 65536;
	in.version = VLLM_VER(0, 26, 0);
	in.max_num_batched_tokens = 8192;
	plan_compute(c, &in, &a);
	in.max_num_batched_tokens = 4096;
	plan_compute(c, &in, &b);
	cr_assert_eq(a.phase, PHASE_NONE, "%s", a.message);
	cr_assert_eq(a.weights - b.weights, 4096LL * 2048 * 4, "%lld",
	    (long long)(a.weights - b.weights));
	model_done(&m);
}

Test(arch, llama4_chunked_local_groups)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	struct plan_input in;
	struct plan pl;

	test_config_load("llama4/Llama-4-Scout-17B-16E-Instruct", &m);
	/* every 4th layer has no RoPE and attends globally: 12 full, 36 chunked */
	cr_assert_eq(m.n_chunked, 36);
	/* TP 4: 2 heads x 256 x 2 B = 1024 B, page 16,384; group size 12,
	 * 4 groups.  The 0.19.0 startup: 16.75 GiB -> 91,495 blocks printed
	 * (17,988,... B // 16,384 // 12); 8192 tokens: 4 x 512 blocks */
	test_kv_params(&p, 4, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.group_size, 12);
	cr_assert_eq(l.n_groups, 4);
	cr_assert_eq(kv_num_blocks(&l, 91495LL * 12 * 16384), 91495);
	cr_assert_eq(kv_blocks_per_request(&l, 8192), 2048);
	/* L = 131072: full 8192 + 3 x cdiv(8192 + 8192, 16) = 3 x 1024 */
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 8192 + 3 * 1024);
	/* manager off: one group of 48 */
	p.hma = false;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.group_size, 48);
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 8192);
	/* the release decides: on in 0.19.0, off before */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.tp = 4;
	in.max_model_len = 131072;
	in.version = VLLM_VER(0, 19, 0);
	plan_compute(c, &in, &pl);
	cr_assert(pl.hybrid_kv_manager);
	cr_assert_eq(pl.n_groups, 4);
	in.version = VLLM_VER(0, 18, 0);
	plan_compute(c, &in, &pl);
	cr_assert(!pl.hybrid_kv_manager);
	cr_assert_eq(pl.n_groups, 1);
	/* --disable-hybrid-kv-cache-manager in 0.19.0, and --no-... in 0.18.0 */
	in.version = VLLM_VER(0, 19, 0);
	in.disable_hybrid_kv_manager = 1;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.n_groups, 1);
	in.version = VLLM_VER(0, 18, 0);
	in.disable_hybrid_kv_manager = -1;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.n_groups, 4);
	model_done(&m);
}

Test(arch, kimi_k25_int4_group_32_and_ignore_list)
{
	struct model m;
	struct model bf;
	struct weights_breakdown w, wb;

	test_config_load("kimi/Kimi-K2.5", &m);
	cr_assert_eq(m.native_format, FMT_GPTQ);
	cr_assert_eq(m.quant_group, 32);
	cr_assert(!m.quant_zero_points);
	/* ignore: self_attn, shared_experts, dense mlp stay 16 bit */
	cr_assert_eq(m.quant_skip, 1u | 4u | 16u);
	weights_rank(&m, FMT_GPTQ, 2, 1, 1, 0, &w);
	/* routed experts 384 x 3 x 7168 x 2048 x 60 layers = 1.0146e12 params
	 * at 0.5 + 2 / 32 = 0.5625 B = 531.5 GiB; the rest (about 30B
	 * parameters: attention, shared experts, dense layer, embeddings) at
	 * 2 B: about 553 GiB in all */
	cr_assert(w.total / GIB > 545 && w.total / GIB < 560, "%.1f GiB",
	    w.total / GIB);
	/* group 128 would give 0.5195 B: 8 % less on the experts */
	bf = m;
	bf.quant_group = 128;
	weights_rank(&bf, FMT_GPTQ, 2, 1, 1, 0, &wb);
	cr_assert(wb.total < w.total * 0.95);
	model_done(&m);
}

Test(arch, mixed_precision_modelopt_parts)
{
	struct model m;

	/* experts NVFP4, linear attention and attention FP8, KV FP8 */
	test_config_load("qwen3.5/Qwen3.6-35B-A3B-NVFP4", &m);
	cr_assert_eq(m.native_format, FMT_NVFP4);
	cr_assert_eq(m.part_fmt[3], FMT_NVFP4 + 1);
	cr_assert_eq(m.part_fmt[1], FMT_FP8 + 1);
	cr_assert_eq(m.part_fmt[0], FMT_FP8 + 1);
	cr_assert_eq(m.native_kv, KV_FP8);
	model_done(&m);
}

/*
 * Falcon-Mamba-7B (FalconMambaForCausalLM, mamba.py): 64 Mamba1 layers, no
 * attention.  MambaStateShapeCalculator.mamba1_state_shape: conv
 * (conv_kernel - 1) x intermediate / TP, SSM intermediate / TP x state_size,
 * both in the model dtype (mamba1_state_dtype, cache dtypes auto).  TP 1:
 * 3 x 8192 x 2 = 49,152 + 8192 x 16 x 2 = 262,144 -> 311,296 B per layer.
 * One spec for all 64 layers: one group of 64.  No length key in the
 * config: vLLM's default 2048.  Prefix caching off (mode none):
 * mamba_block_size = max_model_len = 2048, one block per request.
 * 40 GiB: 42,949,672,960 // 311,296 = 137,970 // 64 = 2155 blocks;
 * concurrency 2155 / 1; "GPU KV cache size" int(2155 x 2048) = 4,413,440.
 * TP 2/4/8 halve the state: 155,648 / 77,824 / 38,912 B -> 4311 / 8623 /
 * 17,246 blocks.  fp8 KV leaves the state alone (mamba_cache_dtype auto
 * is the model dtype, not the KV cache dtype).  Mode all (prefix
 * caching, SupportsMambaPrefixCaching): block 16, cdiv(2048, 16) = 128
 * blocks per request.
 */
Test(arch, falcon_mamba_7b_attention_free)
{
	static const struct test_tp_layout tl = {
		.max_model_len = 2048,
		.state = { 311296, 155648, 77824, 38912 },
		.page = { 311296, 155648, 77824, 38912 },
		.no_attention = true,
		.blocks_40gib = { 2155, 4311, 8623, 17246 },
		.block_size_is = 2048,
		.group_size = 64,
		.n_groups = 1,
		.padding_layers = -1,
		.request_len = 2048,
		.per_request = 1,
	};
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	struct plan_input in;
	struct plan pl;

	test_config_load("mamba/falcon-mamba-7b", &m);
	cr_assert_null(m.refusal);
	cr_assert_not_null(m.assumption);
	cr_assert_eq(m.n_state_layers, 64);
	cr_assert_eq(m.derived_max_len, 2048);
	test_check_tp_layout(&m, &tl);
	test_kv_params(&p, 1, KV_FP8, MAMBA_MODE_NONE);
	p.max_model_len = 2048;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.page, 311296);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_ALL);
	p.max_model_len = 2048;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.block_size, 16);
	cr_assert_eq(kv_blocks_per_request(&l, 2048), 128);
	/* the plan: prefix caching off, 40 GiB of KV -> 2155 x 2048 tokens */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.prefix_caching = -1;
	in.kv_cache_memory_bytes = (int64_t)40 << 30;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.phase, PHASE_NONE, "%s", pl.message);
	cr_assert_eq(pl.num_blocks, 2155);
	cr_assert_float_eq(pl.max_concurrency, 2155.0, 1e-9);
	cr_assert_eq(pl.kv_tokens, 2155LL * 2048);
	cr_assert_str_eq(pl.assumption, m.assumption);
	/* TP 3 does not divide 8192: vLLM's divide() asserts */
	in.tp = 3;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.phase, PHASE_CONFIG);
	/* Mamba1 runs on V1 from #21249 (first in 0.10.1) */
	in.tp = 1;
	in.version = VLLM_VER(0, 10, 0);
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.phase, PHASE_CONFIG);
	cr_assert(strstr(pl.message, "V0 engine") != NULL, "%s", pl.message);
	model_done(&m);
}

/*
 * Mamba2 (Mamba2ForCausalLM, mamba2.py) with the sizes of
 * mistralai/Mamba-Codestral-7B-v0.1's config.json: hidden 4096, 64 layers,
 * 128 heads of 64, 8 groups, state 128, expand 2, conv 4.
 * mamba2_state_shape: conv (4 - 1) x (8192 + 2 x 8 x 128 = 10,240) / TP,
 * SSM 128 / TP x 64 x 128, bf16 (mamba_ssm_cache_dtype auto).  TP 1:
 * 61,440 + 2,097,152 = 2,158,592 B; 40 GiB // 2,158,592 // 64 = 310 blocks.
 * TP 2: 5120 channels, 64 heads: 1,079,296 -> 621; TP 4: 539,648 -> 1243;
 * TP 8 (8 groups divide): 269,824 -> 2487.  L = 32768 in mode none: one
 * block per request; the old token formula 310 // 1 x 32768.
 */
Test(arch, mamba2_codestral_sizes)
{
	static const char *const json =
	    "{\"architectures\":[\"Mamba2ForCausalLM\"],"
	    "\"model_type\":\"mamba2\",\"hidden_size\":4096,\"num_hidden_"
	    "layers\":64,"
	    "\"num_heads\":128,\"head_dim\":64,\"n_groups\":8,\"state_size\":"
	    "128,"
	    "\"expand\":2,\"conv_kernel\":4,\"chunk_size\":256,\"vocab_size\":"
	    "32768,"
	    "\"use_bias\":false,\"use_conv_bias\":true,\"tie_word_embeddings\":"
	    "false,"
	    "\"torch_dtype\":\"bfloat16\"}";
	static const struct test_tp_layout tl = {
		.max_model_len = 32768,
		.page = { 2158592, 1079296, 539648, 269824 },
		.blocks_40gib = { 310, 621, 1243, 2487 },
		.block_size_is = 32768,
		.request_len = 32768,
		.per_request = 1,
	};
	struct model m;

	test_config_parse(json, &m);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.n_state_layers, 64);
	test_check_tp_layout(&m, &tl);
	/* Mamba2ForCausalLM lacks SupportsPP: vLLM's NotImplementedError */
	{
		const struct catalogue *c = test_catalogue();
		struct plan_input in;
		struct plan pl;

		test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct",
		    NULL);
		in.model = &m;
		in.pp = 2;
		plan_compute(c, &in, &pl);
		cr_assert_eq(pl.phase, PHASE_CONFIG);
		cr_assert(strstr(pl.message, "`SupportsPP` interface") != NULL,
		    "%s", pl.message);
	}
	/* Codestral Mamba's 7.29B parameters: 64 x 109.6M + 2 x 134M */
	cr_assert(weights_param_count(&m) > 7.29 * 0.985 &&
		weights_param_count(&m) < 7.29 * 1.015,
	    "%.3fB", weights_param_count(&m));
	model_done(&m);
}

static void
load_json(const char *json, struct model *m)
{
	test_config_parse(json, m);
	cr_assert_null(m->refusal, "%s", m->refusal);
	cr_assert_not_null(m->assumption);
}

/*
 * Falcon-H1-7B (FalconH1ForCausalLM, falcon_h1.py), the sizes of
 * tiiuae/Falcon-H1-7B-Instruct's config.json (transformers' FalconH1Config
 * table: 44 layers, hidden 3072, 12 attention heads, 2 KV heads of 128, 24
 * Mamba heads of 128, d_state 256; mamba_d_ssm 3072, 1 group, conv 4).
 * Every layer runs attention and Mamba2 side by side: FalconH1ParallelHybrid
 * registers the attention as model.layers.i and the Mamba mixer as
 * model.layers.(44 + i), so 88 specs: 44 full attention, 44 state.
 * State (mamba2_state_shape, bf16): conv 3 x (3072 + 2 x 1 x 256 = 3584)
 * x 2 = 21,504 + SSM 24 x 128 x 256 x 2 = 1,572,864 -> 1,594,368 B.
 * Attention 2 x 2 x 128 x 2 = 1024 B per token.  Mode none: block 16 x
 * cdiv(1,594,368, 16 x 1024) = 16 x 98 = 1568, page 1568 x 1024 =
 * 1,605,632 (state padded).  Two groups of 44 (equal counts), no padding.
 * 40 GiB // 1,605,632 = 26,749 // 44 = 607 blocks; L = 262,144:
 * cdiv(262144, 1568) = 168 + 1 state block = 169 per request.
 * TP 2: groups padded to 2: conv (3072 + 1024) / 2 = 2048 x 3 x 2 = 12,288
 * + 12 x 128 x 256 x 2 = 786,432 -> 798,720; 1 KV head: 512 B; block 16 x
 * cdiv(798,720, 8192) = 1568; page 802,816.  TP 4: (3072 + 2048) / 4 = 1280
 * -> 7,680 + 393,216 = 400,896; KV heads replicated (512 B); block 784,
 * page 401,408.  TP 8: (3072 + 4096) / 8 = 896 -> 5,376 + 196,608 =
 * 201,984; block 400, page 204,800 -- but 12 attention heads do not divide
 * by 8: vLLM refuses TP 8.  fp8 KV (TP 1): 512 B per token, state in bf16:
 * block 16 x cdiv(1,594,368, 8192) = 3120, page 1,597,440.
 */
Test(arch, falcon_h1_7b_parallel_attention_and_mamba)
{
	static const struct test_tp_layout tl = {
		.state = { 1594368, 798720, 400896, 201984 },
		.attn_block = { 1568, 1568, 784, 400 },
		.page = { 1605632, 802816, 401408, 204800 },
	};
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	struct plan_input in;
	struct plan pl;

	load_json("{\"architectures\":[\"FalconH1ForCausalLM\"],\"model_type\":"
		  "\"falcon_h1\",\"hidden_size\":3072,\"num_hidden_layers\":44,"
		  "\"num_attention_heads\":12,\"num_key_value_heads\":2,\"head_"
		  "dim\":128,"
		  "\"intermediate_size\":12288,\"vocab_size\":130048,"
		  "\"tie_word_embeddings\":false,\"mamba_d_state\":256,"
		  "\"mamba_n_groups\":1,\"mamba_n_heads\":24,\"mamba_d_head\":"
		  "128,"
		  "\"mamba_d_ssm\":3072,\"mamba_expand\":2,\"mamba_d_conv\":4,"
		  "\"mamba_chunk_size\":128,\"max_position_embeddings\":262144,"
		  "\"torch_dtype\":\"bfloat16\"}",
	    &m);
	cr_assert_eq(m.n_state_layers, 44);
	test_check_tp_layout(&m, &tl);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_layers, 44);
	cr_assert_eq(l.state_layers, 44);
	cr_assert_eq(l.bytes_per_token, 44 * 1024);
	cr_assert_eq(l.group_size, 44);
	cr_assert_eq(l.n_groups, 2);
	cr_assert_eq(l.padding_layers, 0);
	cr_assert_eq(kv_num_blocks(&l, (int64_t)40 << 30), 607);
	cr_assert_eq(kv_blocks_per_request(&l, 262144), 169);
	test_kv_params(&p, 1, KV_FP8, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 3120);
	cr_assert_eq(l.page, 1597440);
	/* mode all: lcm(128, 16) = 128 x cdiv(cdiv(1,594,368, 1024) = 1557,
	 * 128) = 1664; every group cdiv(L, 1664) blocks */
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_ALL);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 1664);
	cr_assert_eq(kv_blocks_per_request(&l, 262144), 2 * 158);
	/* the plan refuses TP 8 as vLLM's attention layer asserts */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.tp = 8;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.phase, PHASE_CONFIG);
	in.tp = 2;
	in.prefix_caching = -1;
	in.kv_cache_memory_bytes = (int64_t)40 << 30;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.phase, PHASE_NONE, "%s", pl.message);
	cr_assert_eq(pl.page_bytes, 802816);
	cr_assert_str_eq(pl.assumption, m.assumption);
	model_done(&m);
}

/*
 * Jamba 1.5 Mini (JambaForCausalLM, jamba.py), the sizes of
 * ai21labs/AI21-Jamba-1.5-Mini's config.json: 32 layers, hidden 4096,
 * attention every 8th layer from 4 (4 layers, 32 heads, 8 KV heads of 128,
 * no RoPE), Mamba1 elsewhere (expand 2, d_state 16, conv 4, dt_rank 256),
 * 16 experts of 14336 (top 2) every 2nd layer from 1.
 * State (mamba1_state_shape, bf16): conv 3 x 8192 x 2 = 49,152 + SSM 8192
 * x 16 x 2 = 262,144 -> 311,296 B.  Attention 2 x 8 x 128 x 2 = 4096 B per
 * token.  Mode none: block 16 x cdiv(311,296, 65,536) = 80, page 327,680.
 * 4 attention and 28 state layers: group size 4 (28 >= 1.5 x 4), 1 + 7
 * groups, no padding.  40 GiB // 327,680 // 4 = 32,768 blocks; L =
 * 262,144: cdiv(262144, 80) = 3277 + 7 = 3284 per request.  Mode all:
 * get_mamba_chunk_size() has no key for Mamba1 and falls back to 2048:
 * lcm(2048, 16) x cdiv(cdiv(311,296, 4096) = 76, 2048) = 2048 tokens a
 * block, 8 groups x 128 blocks.  TP 2/4/8 halve state and attention alike
 * (8 KV heads): block 80 throughout, pages 163,840 / 81,920 / 40,960.
 * fp8 KV: 2048 B per token, block 16 x cdiv(311,296, 32,768) = 160.
 * Weights: 28 x 105.1M (Mamba) + 4 x 41.9M (attention) + 16 x 2.818B
 * (experts) + 16 x 176M (dense) + 2 x 268M (embeddings) = 51.6B, the
 * model card's 52B total.
 */
Test(arch, jamba_mini_mamba1_attention_moe)
{
	static const struct test_tp_layout tl = {
		.state = { 311296, 155648, 77824, 38912 },
		.attn_block = { 80, 80, 80, 80 },
		.page = { 327680, 163840, 81920, 40960 },
	};
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	double b;

	load_json(
	    "{\"architectures\":[\"JambaForCausalLM\"],\"model_type\":"
	    "\"jamba\","
	    "\"hidden_size\":4096,\"num_hidden_layers\":32,\"num_attention_"
	    "heads\":32,"
	    "\"num_key_value_heads\":8,\"intermediate_size\":14336,"
	    "\"num_experts\":16,\"num_experts_per_tok\":2,\"attn_layer_"
	    "period\":8,"
	    "\"attn_layer_offset\":4,\"expert_layer_period\":2,"
	    "\"expert_layer_offset\":1,\"mamba_d_state\":16,\"mamba_d_conv\":4,"
	    "\"mamba_expand\":2,\"mamba_dt_rank\":256,\"mamba_conv_bias\":true,"
	    "\"mamba_proj_bias\":false,\"vocab_size\":65536,"
	    "\"max_position_embeddings\":262144,\"tie_word_embeddings\":false,"
	    "\"torch_dtype\":\"bfloat16\"}",
	    &m);
	cr_assert_eq(m.n_state_layers, 28);
	cr_assert_eq(m.ld[4].mixer, MIXER_ATTENTION);
	cr_assert_eq(m.ld[1].ffn, FFN_MOE);
	cr_assert_eq(m.ld[2].ffn, FFN_DENSE);
	test_check_tp_layout(&m, &tl);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.group_size, 4);
	cr_assert_eq(l.n_groups, 8);
	cr_assert_eq(l.padding_layers, 0);
	cr_assert_eq(kv_num_blocks(&l, (int64_t)40 << 30), 32768);
	cr_assert_eq(kv_blocks_per_request(&l, 262144), 3284);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_ALL);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 2048);
	cr_assert_eq(kv_blocks_per_request(&l, 262144), 8 * 128);
	test_kv_params(&p, 1, KV_FP8, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 160);
	b = weights_param_count(&m);
	cr_assert(b > 51.6 * 0.985 && b < 51.6 * 1.015, "%.2fB", b);
	model_done(&m);
}

/*
 * Bamba-9B (BambaForCausalLM, bamba.py), the sizes of
 * ibm-ai-platform/Bamba-9B's config.json: 32 layers, attention at
 * attn_layer_indices 9, 18, 27 (32 heads, 8 KV heads, head_dim 4096 / 32 =
 * 128), Mamba2 elsewhere (128 heads of 64, 1 group, d_state 128, expand 2,
 * conv 4).  State: conv 3 x (8192 + 2 x 128 = 8448) x 2 = 50,688 + SSM
 * 128 x 64 x 128 x 2 = 2,097,152 -> 2,147,840 B; attention 4096 B per
 * token; mode none: block 16 x cdiv(2,147,840, 65,536) = 528, page
 * 2,162,688.  3 attention, 29 state layers: group size 3, 1 + 10 groups,
 * 1 padding layer.  40 GiB // 2,162,688 // 3 = 6619 blocks; L = 32768:
 * cdiv(32768, 528) = 63 + 10 = 73 per request.  TP 2/4/8 pad the group to
 * TP: conv (8192 + 2 x TP x 128) / TP: 1,074,688 / 538,112 / 269,824 B;
 * the attention halves with them: block 528 throughout.  Weights 29 x
 * 278.4M + 3 x 218.1M + 2 x 525M = 9.78B (the model card's 9.78B).
 */
Test(arch, bamba_9b_attention_indices)
{
	static const struct test_tp_layout tl = {
		.state = { 2147840, 1074688, 538112, 269824 },
		.attn_block = { 528, 528, 528, 528 },
		.page = { 2162688, 1081344, 540672, 270336 },
	};
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan pl;
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	double b;

	load_json(
	    "{\"architectures\":[\"BambaForCausalLM\"],\"model_type\":"
	    "\"bamba\","
	    "\"hidden_size\":4096,\"num_hidden_layers\":32,\"num_attention_"
	    "heads\":32,"
	    "\"num_key_value_heads\":8,\"intermediate_size\":14336,"
	    "\"attn_layer_indices\":[9,18,27],\"mamba_n_heads\":128,"
	    "\"mamba_d_head\":64,\"mamba_n_groups\":1,\"mamba_d_state\":128,"
	    "\"mamba_d_conv\":4,\"mamba_expand\":2,\"mamba_chunk_size\":256,"
	    "\"attn_rotary_emb\":64,\"vocab_size\":128256,"
	    "\"max_position_embeddings\":262144,\"tie_word_embeddings\":false,"
	    "\"torch_dtype\":\"bfloat16\"}",
	    &m);
	cr_assert_eq(m.n_state_layers, 29);
	cr_assert_eq(m.ld[9].mixer, MIXER_ATTENTION);
	cr_assert_eq(m.rotary_dim, 64);
	test_check_tp_layout(&m, &tl);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.group_size, 3);
	cr_assert_eq(l.n_groups, 11);
	cr_assert_eq(l.padding_layers, 1);
	cr_assert_eq(kv_num_blocks(&l, (int64_t)40 << 30), 6619);
	cr_assert_eq(kv_blocks_per_request(&l, 32768), 73);
	b = weights_param_count(&m);
	cr_assert(b > 9.78 * 0.985 && b < 9.78 * 1.015, "%.2fB", b);
	/* #45990 removed bamba.py after 0.23.0: later releases refuse in
	 * vLLM's words (registry.py _raise_for_unsupported) */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.version = VLLM_VER(0, 24, 0);
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.phase, PHASE_CONFIG);
	cr_assert_str_eq(pl.message,
	    "Model architecture BambaForCausalLM was "
	    "supported in vLLM until v0.23.0, and is not supported anymore. "
	    "Please use an older version of vLLM if you want to use this model "
	    "architecture.");
	in.version = VLLM_VER(0, 23, 0);
	in.max_model_len = 32768;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.phase, PHASE_NONE, "%s", pl.message);
	model_done(&m);
}

/*
 * Zamba2 (Zamba2ForCausalLM, zamba2.py) with Zamba2-2.7B's sizes (hidden
 * 2560, 54 layers, 32 heads, 2 shared blocks, Mamba2 of 80 heads x 64,
 * d_state 64, 1 group; attention_hidden_size 5120, attention_head_dim 160)
 * and 9 hybrid layers (every 6th from 5).  Every layer has a Mamba2 mixer;
 * each hybrid layer also owns an Attention object of the shared block
 * (one KV cache per hybrid layer, num_kv_heads = heads): 54 state and 9
 * attention specs.  State: conv 3 x (5120 + 2 x 64 = 5248) x 2 = 31,488 +
 * SSM 80 x 64 x 64 x 2 = 655,360 -> 686,848 B.  Attention 2 x 32 x 160 x 2
 * = 20,480 B per token (get_head_size() is attention_head_dim for zamba2).
 * Mode none: block 16 x cdiv(686,848, 327,680) = 48, page 983,040.  Group
 * size 9: 1 + 6 groups.  40 GiB // 983,040 // 9 = 4854 blocks; L = 4096:
 * cdiv(4096, 48) = 86 + 6 = 92 per request.  TP 2/4/8 (groups padded to
 * TP): 343,808 / 172,288 / 86,528 B, attention 10,240 / 5,120 / 2,560:
 * block 48 throughout.  fp8: 10,240 B per token, block 16 x cdiv(686,848,
 * 163,840) = 80.  Weights: 54 x 39.9M (Mamba) + 9 x 9.5M (the hybrid
 * layers' linear and adapters) + 2 x 170.4M (shared blocks) + 81.9M
 * (tied embedding) = 2.66B.
 */
Test(arch, zamba2_shared_attention_blocks)
{
	static const struct test_tp_layout tl = {
		.state = { 686848, 343808, 172288, 86528 },
		.attn_block = { 48, 48, 48, 48 },
		.page = { 983040, 491520, 245760, 122880 },
	};
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	double b;

	load_json(
	    "{\"architectures\":[\"Zamba2ForCausalLM\"],\"model_type\":"
	    "\"zamba2\","
	    "\"hidden_size\":2560,\"num_hidden_layers\":54,\"num_attention_"
	    "heads\":32,"
	    "\"num_key_value_heads\":32,\"intermediate_size\":10240,"
	    "\"vocab_size\":32000,\"num_mem_blocks\":2,\"mamba_headdim\":64,"
	    "\"mamba_expand\":2,\"n_mamba_heads\":80,\"mamba_ngroups\":1,"
	    "\"mamba_d_state\":64,\"mamba_d_conv\":4,\"chunk_size\":256,"
	    "\"attention_hidden_size\":5120,\"attention_head_dim\":160,"
	    "\"adapter_rank\":128,\"use_shared_attention_adapter\":false,"
	    "\"use_mem_rope\":false,\"max_position_embeddings\":4096,"
	    "\"torch_dtype\":\"bfloat16\",\"layers_block_type\":[\"mamba\","
	    "\"mamba\",\"mamba\",\"mamba\",\"mamba\",\"hybrid\",\"mamba\","
	    "\"mamba\",\"mamba\",\"mamba\",\"mamba\",\"hybrid\",\"mamba\","
	    "\"mamba\",\"mamba\",\"mamba\",\"mamba\",\"hybrid\",\"mamba\","
	    "\"mamba\",\"mamba\",\"mamba\",\"mamba\",\"hybrid\",\"mamba\","
	    "\"mamba\",\"mamba\",\"mamba\",\"mamba\",\"hybrid\",\"mamba\","
	    "\"mamba\",\"mamba\",\"mamba\",\"mamba\",\"hybrid\",\"mamba\","
	    "\"mamba\",\"mamba\",\"mamba\",\"mamba\",\"hybrid\",\"mamba\","
	    "\"mamba\",\"mamba\",\"mamba\",\"mamba\",\"hybrid\",\"mamba\","
	    "\"mamba\",\"mamba\",\"mamba\",\"mamba\",\"hybrid\"]}",
	    &m);
	cr_assert_eq(m.n_state_layers, 54);
	cr_assert_eq(m.ld[5].parallel_attn, 2);
	test_check_tp_layout(&m, &tl);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_layers, 9);
	cr_assert_eq(l.bytes_per_token, 9 * 20480);
	cr_assert_eq(l.group_size, 9);
	cr_assert_eq(l.n_groups, 7);
	cr_assert_eq(kv_num_blocks(&l, (int64_t)40 << 30), 4854);
	cr_assert_eq(kv_blocks_per_request(&l, 4096), 92);
	test_kv_params(&p, 1, KV_FP8, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 80);
	b = weights_param_count(&m);
	cr_assert(b > 2.66 * 0.99 && b < 2.66 * 1.01, "%.3fB", b);
	model_done(&m);
}

/*
 * Kimi Linear (KimiLinearForCausalLM, kimi_linear.py) with the fields of
 * moonshotai/Kimi-Linear-48B-A3B-Instruct's config.json: 27 layers, hidden
 * 2304, linear_attn_config.kda_layers (1-based) all but 4, 8, ... 24, 27:
 * 20 KDA layers of 32 heads x 128, conv 4; 7 MLA layers (kv_lora_rank 512
 * + rope 64, no RoPE applied); 256 experts of 1024 from layer 1, 1 shared.
 * KDA state (kda_state_shape, kda_state_dtype): conv (4 - 1) x 3 x 32 x 128
 * x 2 B = 73,728 + recurrent 32 x 128 x 128 x 4 B (float32) = 2,097,152 ->
 * 2,170,880 B.  MLA 576 x 2 = 1152 B per token on every rank.  Block 64
 * (MLA backends' alignment): 64 x cdiv(2,170,880, 64 x 1152) = 1920, page
 * 2,211,840.  7 MLA, 20 KDA layers: group size 7, 1 + 3 groups, 1 padding
 * layer.  40 GiB // 2,211,840 // 7 = 2774 blocks; L = 131072:
 * cdiv(131072, 1920) = 69 + 3 = 72 per request (mode none).  TP 2/4/8
 * split only the KDA state: 1,085,440 / 542,720 / 271,360 B -> blocks
 * 960 / 512 / 256.  fp8 KV: 576 B per token, block 64 x cdiv(2,170,880,
 * 36,864) = 3776.  No SupportsMambaPrefixCaching: prefix caching is mode
 * align.
 */
Test(arch, kimi_linear_kda_and_mla)
{
	static const struct test_tp_layout tl = {
		.block_size = 64,
		.kernel_alignment = 64,
		.state = { 2170880, 1085440, 542720, 271360 },
		.attn_block = { 1920, 960, 512, 256 },
		.page = { 2211840, 1105920, 589824, 294912 },
		.bytes_per_token = { 7 * 1152, 7 * 1152, 7 * 1152, 7 * 1152 },
	};
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	double b;

	load_json(
	    "{\"architectures\":[\"KimiLinearForCausalLM\"],\"model_type\":"
	    "\"kimi_linear\",\"vocab_size\":163840,\"hidden_size\":2304,"
	    "\"head_dim\":72,\"intermediate_size\":9216,\"num_hidden_layers\":"
	    "27,"
	    "\"num_attention_heads\":32,\"num_key_value_heads\":32,"
	    "\"tie_word_embeddings\":false,\"first_k_dense_replace\":1,"
	    "\"moe_intermediate_size\":1024,\"moe_layer_freq\":1,"
	    "\"num_experts\":256,\"num_experts_per_token\":8,"
	    "\"num_shared_experts\":1,\"q_lora_rank\":null,\"kv_lora_rank\":"
	    "512,"
	    "\"qk_nope_head_dim\":128,\"qk_rope_head_dim\":64,\"v_head_dim\":"
	    "128,"
	    "\"mla_use_nope\":true,\"num_nextn_predict_layers\":0,"
	    "\"model_max_length\":1048576,\"torch_dtype\":\"bfloat16\","
	    "\"linear_attn_config\":{\"full_attn_layers\":[4,8,12,16,20,24,27],"
	    "\"head_dim\":128,\"kda_layers\":[1,2,3,5,6,7,9,10,11,13,14,15,17,"
	    "18,"
	    "19,21,22,23,25,26],\"num_heads\":32,\"short_conv_kernel_size\":4}"
	    "}",
	    &m);
	cr_assert_eq(m.n_state_layers, 20);
	cr_assert_eq(m.ld[3].mixer, MIXER_ATTENTION);
	cr_assert_eq(m.ld[26].mixer, MIXER_ATTENTION);
	cr_assert(!m.st.prefix_all);
	test_check_tp_layout(&m, &tl);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	p.block_size = 64;
	p.kernel_alignment = 64;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.group_size, 7);
	cr_assert_eq(l.n_groups, 4);
	cr_assert_eq(l.padding_layers, 1);
	cr_assert_eq(kv_num_blocks(&l, (int64_t)40 << 30), 2774);
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 72);
	p.kv = KV_FP8;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 3776);
	cr_assert_eq(l.page, 2174976);
	/* kda_state_dtype: the recurrent state stays float32 whatever
	 * --mamba-ssm-cache-dtype says; --mamba-cache-dtype float32 doubles
	 * the conv rows: 3 x 3 x 32 x 128 x 4 = 147,456 + 2,097,152 */
	p.kv = KV_AUTO;
	p.ssm_bytes = 2;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.state_bytes, 20 * 2170880);
	p.conv_bytes = 4;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.state_bytes, 20 * (147456 + 2097152));
	/* before 0.11.1 vLLM has no kimi_linear.py */
	{
		const struct catalogue *c = test_catalogue();
		struct plan_input in;
		struct plan pl;

		test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct",
		    NULL);
		in.model = &m;
		in.version = VLLM_VER(0, 11, 0);
		plan_compute(c, &in, &pl);
		cr_assert_eq(pl.phase, PHASE_CONFIG);
		cr_assert(strstr(pl.message,
			      "does not know this architecture") != NULL,
		    "%s", pl.message);
	}
	/* 26 x 1.812B (experts) + 20 x 39.5M (KDA) + 7 x 29.1M (MLA) + 26 x
	 * 7.1M (shared) + 63.7M (dense layer 0) + 0.755B (embeddings) = 49.1B;
	 * the name's "48B" rounds it */
	b = weights_param_count(&m);
	cr_assert(b > 49.1 * 0.995 && b < 49.1 * 1.005, "%.2fB", b);
	model_done(&m);
}

/*
 * MiniMax-M1 (MiniMaxM1ForCausalLM, minimax_text_01.py; the real config.json
 * in tests/fixtures/configs/minimax): 80 layers, attn_type_list 1 on every
 * 8th layer: 10 softmax-attention layers (8 KV heads of 128), 70 lightning
 * layers.  linear_attention_state_shape: 64 / TP heads x 128 x 128 in the
 * model dtype: TP 1 2,097,152 B; attention 2 x 8 x 128 x 2 = 4096 B per
 * token; block 16 x cdiv(2,097,152, 65,536) = 512, page 2,097,152 (no
 * padding).  Group size 10: 1 + 7 groups.  40 GiB // 2,097,152 // 10 =
 * 2048 blocks; L = 131072: cdiv(131072, 512) = 256 + 7 = 263 per request
 * (mode none), 256 + 7 x 2 = 270 (align: no SupportsMambaPrefixCaching).
 * TP 2/4/8 halve state and attention alike: block 512, pages 1,048,576 /
 * 524,288 / 262,144.  fp8 KV: 2048 B per token, block 1024.  The RoPE
 * cache is float32 over min(10,240,000, max_model_len) rows of 64: 32 MiB
 * more at L = 262,144 than at 131,072.  vLLM served it up to 0.23.0.
 */
Test(arch, minimax_m1_lightning_attention)
{
	static const struct test_tp_layout tl = {
		.state = { 2097152, 1048576, 524288, 262144 },
		.attn_block = { 512, 512, 512, 512 },
		.page = { 2097152, 1048576, 524288, 262144 },
	};
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	struct plan_input in;
	struct plan pl;
	int64_t w131k;
	double b;

	test_config_load("minimax/MiniMax-M1", &m);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.n_state_layers, 70);
	cr_assert_eq(m.rotary_dim, 64);
	test_check_tp_layout(&m, &tl);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.group_size, 10);
	cr_assert_eq(l.n_groups, 8);
	cr_assert_eq(kv_num_blocks(&l, (int64_t)40 << 30), 2048);
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 263);
	p.mamba_mode = MAMBA_MODE_ALIGN;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 270);
	test_kv_params(&p, 1, KV_FP8, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.attn_block_size, 1024);
	/* the model card's 456B parameters */
	b = weights_param_count(&m);
	cr_assert(b > 456 * 0.99 && b < 456 * 1.01, "%.1fB", b);
	/* the plan: 0.23.0 at TP 8, the RoPE rows follow max_model_len */
	test_input(&in, "h200-nvl", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1; /* weights from the architecture, not a published size */
	in.tp = 8;
	in.version = VLLM_VER(0, 23, 0);
	in.max_model_len = 131072;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.phase, PHASE_NONE, "%s", pl.message);
	cr_assert_eq(pl.page_bytes, 262144);
	w131k = pl.weights;
	in.max_model_len = 262144;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.weights - w131k, 131072LL * 64 * 4, "%lld",
	    (long long)(pl.weights - w131k));
	/* #45993 removed it after 0.23.0 */
	in.version = VLLM_VER(0, 24, 0);
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.phase, PHASE_CONFIG);
	cr_assert_str_eq(pl.message,
	    "Model architecture MiniMaxM1ForCausalLM was "
	    "supported in vLLM until v0.23.0, and is not supported anymore. "
	    "Please use an older version of vLLM if you want to use this model "
	    "architecture.");
	model_done(&m);
}

/*
 * PLaMo 2 1B (Plamo2ForCausalLM, plamo2.py), the fields of
 * pfnet/plamo-2-1b's config.json: 16 layers, hidden 2048, mamba_step 2:
 * Mamba on even layers, attention (16 heads, 1 KV head of 128) on odd ones;
 * Mamba 32 heads of 128, d_state 64, conv 4.  mamba2_state_shape with
 * n_groups 0: conv 3 x 4096 x 2 = 24,576 + SSM 32 x 128 x 64 x 2 = 524,288
 * -> 548,864 B; attention 2 x 1 x 128 x 2 = 512 B per token; block 16 x
 * cdiv(548,864, 8192) = 1072, page 548,864.  8 + 8 layers: two groups of
 * 8.  40 GiB // 548,864 // 8 = 9781 blocks.  TP 2/4/8: the KV head is
 * replicated (512 B), the state halves: 274,432 / 137,216 / 68,608 B ->
 * blocks 544 / 272 / 144.  Weights 8 x 26.3M (Mamba) + 8 x 8.9M
 * (attention) + 16 x 50.3M (MLP) + 205M (tied embedding) = 1.29B.  The
 * RoPE over min(10,485,760, max_model_len) rows.  vLLM served it from
 * 0.11 (V1) up to 0.26.0.
 */
Test(arch, plamo2_1b_mamba_step)
{
	static const struct test_tp_layout tl = {
		.state = { 548864, 274432, 137216, 68608 },
		.attn_block = { 1072, 544, 272, 144 },
		.page = { 548864, 278528, 139264, 73728 },
	};
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	struct plan_input in;
	struct plan pl;
	int64_t w32k;
	double b;

	load_json(
	    "{\"architectures\":[\"Plamo2ForCausalLM\"],\"model_type\":"
	    "\"plamo2\","
	    "\"hidden_size\":2048,\"num_hidden_layers\":16,\"rms_norm_eps\":1e-"
	    "06,"
	    "\"tie_word_embeddings\":true,\"num_attention_heads\":16,"
	    "\"num_key_value_heads\":1,\"hidden_size_per_head\":128,"
	    "\"max_position_embeddings\":10485760,\"attention_window_size\":"
	    "2048,"
	    "\"mamba_d_state\":64,\"mamba_d_conv\":4,\"mamba_num_heads\":32,"
	    "\"mamba_step\":2,\"mamba_chunk_size\":256,\"mamba_enabled\":true,"
	    "\"intermediate_size\":8192,\"vocab_size\":100000,"
	    "\"torch_dtype\":\"bfloat16\"}",
	    &m);
	cr_assert_eq(m.n_state_layers, 8);
	cr_assert_eq(m.ld[0].mixer, MIXER_PLAMO2);
	cr_assert_eq(m.ld[1].mixer, MIXER_ATTENTION);
	test_check_tp_layout(&m, &tl);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.group_size, 8);
	cr_assert_eq(l.n_groups, 2);
	cr_assert_eq(kv_num_blocks(&l, (int64_t)40 << 30), 9781);
	b = weights_param_count(&m);
	cr_assert(b > 1.29 * 0.99 && b < 1.29 * 1.01, "%.3fB", b);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.version = VLLM_VER(0, 26, 0);
	in.max_model_len = 32768;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.phase, PHASE_NONE, "%s", pl.message);
	w32k = pl.weights;
	in.max_model_len = 65536;
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.weights - w32k, 32768LL * 128 * 2);
	in.version = VLLM_VER(0, 27, 0);
	plan_compute(c, &in, &pl);
	cr_assert_str_eq(pl.message,
	    "Model architecture Plamo2ForCausalLM was "
	    "supported in vLLM until v0.26.0, and is not supported anymore. "
	    "Please use an older version of vLLM if you want to use this model "
	    "architecture.");
	in.version = VLLM_VER(0, 10, 2);
	plan_compute(c, &in, &pl);
	cr_assert_eq(pl.phase, PHASE_CONFIG);
	cr_assert(strstr(pl.message, "V0 engine") != NULL, "%s", pl.message);
	model_done(&m);
}

/* Refusals: each row of doc/architectures.md has a test */
static void
refused_config(const char *json, const char *needle)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_parse(json, &m);
	cr_assert_not_null(m.refusal, "no refusal for %s", needle);
	cr_assert(strstr(m.refusal, needle) != NULL, "%s", m.refusal);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, needle) != NULL, "%s", p.message);
	cr_assert_eq(p.kv_tokens, 0);
	model_done(&m);
}

#define STD                                                                    \
	"\"num_hidden_layers\":4,\"hidden_size\":256,\"num_attention_heads\":" \
	"4,"                                                                   \
	"\"vocab_size\":1000"

Test(arch, refusal_table)
{
	size_t i;

	/* every refused architecture, even with no standard fields */
	for (i = 0; i < hfarch_n_refused; i++) {
		char json[256];

		snprintf(json, sizeof json, "{\"architectures\":[\"%s\"]}",
		    hfarch_refused[i].what);
		refused_config(json, hfarch_refused[i].what);
	}
	/* fields that change memory where the family does not read them */
	refused_config("{\"architectures\":[\"LlamaForCausalLM\"]," STD
		       ",\"hybrid_override_pattern\":\"M*M*\"}",
	    "hybrid_override_pattern");
	refused_config("{\"architectures\":[\"Qwen3ForCausalLM\"]," STD
		       ",\"num_kv_shared_layers\":2}",
	    "num_kv_shared_layers");
	refused_config("{\"architectures\":[\"MistralForCausalLM\"]," STD
		       ",\"index_topk\":2048}",
	    "index_topk");
	refused_config("{\"architectures\":[\"LlamaForCausalLM\"]," STD
		       ",\"block_configs\":[]}",
	    "block_configs");
	refused_config("{\"architectures\":[\"FooForCausalLM\"]," STD
		       ",\"linear_num_key_heads\":16}",
	    "linear_num_key_heads");
	/* a layer kind no family models */
	refused_config("{\"architectures\":[\"Gemma3ForCausalLM\"]," STD
		       ",\"layer_types\":[\"full_attention\",\"linear_"
		       "attention\","
		       "\"full_attention\",\"full_attention\"]}",
	    "linear_attention");
	refused_config(
	    "{\"architectures\":[\"Qwen3_5ForCausalLM\"]," STD
	    ",\"linear_num_key_heads\":16,\"linear_num_value_heads\":32,"
	    "\"linear_key_head_dim\":128,\"linear_value_head_dim\":128,"
	    "\"layer_types\":[\"full_attention\",\"lightning\","
	    "\"full_attention\",\"full_attention\"]}",
	    "lightning");
}

/*
 * DeepSeek-V4 (vLLM 0.20.0 and later) is read from the real Flash
 * config.json (compress_ratios 0/4/128, sliding_window 128, the indexer,
 * o_groups, hc_mult, fp4 experts) and planned at every TP size with the
 * fp8 KV cache (fp8_ds_mla); the auto cache stays refused (the layout is
 * modelled in fp8_ds_mla only).
 */
Test(arch, deepseek_v4_is_read_and_planned_with_fp8)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct model m;
	int tp;

	test_config_load("dsa/DeepSeek-V4-Flash", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.dsv4.layers, 43);
	cr_assert_eq(m.dsv4.o_groups, 8);
	cr_assert_eq(m.dsv4.hc_mult, 4);
	cr_assert_eq(m.dsv4.hash_layers, 3);
	cr_assert_eq(m.dsv4.fp4_experts, 1);
	cr_assert_eq(m.dsv4.rope_positions, 1048576);
	cr_assert_eq(m.ld[0].compress_ratio, 0);
	cr_assert_eq(m.ld[2].compress_ratio, 4);
	cr_assert_eq(m.ld[42].compress_ratio, 4);
	cr_assert_eq(m.first_release, VLLM_VER(0, 20, 0));
	/* the assumption names the one KV check of the estimates, and fits
	 * the planner's 600-byte "Assumption: " line */
	cr_assert_not_null(m.assumption);
	cr_assert(strstr(m.assumption, "#44376") != NULL, "%s", m.assumption);
	cr_assert_lt(strlen(m.assumption) + strlen("Assumption: "), 600);
	for (tp = 1; tp <= 8; tp *= 2) {
		test_input(&in, "b200", "meta-llama/Llama-3.1-8B-Instruct",
		    NULL);
		in.model = &m;
		in.ckpt = -1;
		in.format = FMT_COUNT;
		in.version = VLLM_VER(0, 25, 0);
		in.tp = tp;
		in.max_model_len = 65536;
		in.kv_dtype = KV_FP8;
		plan_compute(c, &in, &p);
		cr_assert_neq(p.phase, PHASE_CONFIG, "TP %d: %s", tp,
		    p.message);
		cr_assert_eq(p.kv_dtype, KV_FP8_DS_MLA);
		cr_assert_eq(p.block_size, 256);
		cr_assert(p.kv.is_dsv4);
		in.kv_dtype = KV_AUTO;
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG, "TP %d", tp);
		cr_assert(strstr(p.message, "fp8_ds_mla") != NULL, "%s",
		    p.message);
	}
	model_done(&m);
}

/* A DeepSeek-V4 config field outside those headroom has read is refused,
 * naming it, rather than left unread (a later checkpoint's layout). */
Test(arch, deepseek_v4_unknown_field_refused)
{
	refused_config("{\"architectures\":[\"DeepseekV4ForCausalLM\"]," STD
		       ",\"swa_window_pattern\":[1,2]}",
	    "swa_window_pattern");
}

/* Architectures vLLM removed: its own words after the last release
 * (registry.py _PREVIOUSLY_SUPPORTED_MODELS), headroom's before */
Test(arch, removed_architectures_refuse_in_vllms_words)
{
	static const struct {
		const char *arch, *last;
		int before, after;
	} cases[] = {
		{ "Phi4FlashForCausalLM", "v0.10.2", VLLM_VER(0, 10, 2),
		    VLLM_VER(0, 11, 0) },
	};
	const struct catalogue *c = test_catalogue();
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char json[256], want[512];
		struct model m;
		struct plan_input in;
		struct plan p;

		snprintf(json, sizeof json, "{\"architectures\":[\"%s\"]}",
		    cases[i].arch);
		test_config_parse(json, &m);
		test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct",
		    NULL);
		in.model = &m;
		in.version = cases[i].after;
		plan_compute(c, &in, &p);
		snprintf(want, sizeof want,
		    "Model architecture %s was supported in "
		    "vLLM until %s, and is not supported anymore. Please use "
		    "an older "
		    "version of vLLM if you want to use this model "
		    "architecture.",
		    cases[i].arch, cases[i].last);
		cr_assert_eq(p.phase, PHASE_CONFIG);
		cr_assert_str_eq(p.message, want);
		in.version = cases[i].before;
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG);
		cr_assert_str_eq(p.message, m.refusal);
		model_done(&m);
	}
}

/* vLLM cannot turn state layers into full attention: its ValueError */
Test(arch, hybrid_manager_off_with_state_layers_is_refused)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_load("qwen3.5/Qwen3.5-27B", &m);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.disable_hybrid_kv_manager = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "failed to convert the KV cache specs") !=
		NULL,
	    "%s", p.message);
	model_done(&m);
}

Test(arch, unverified_architecture_says_so)
{
	const struct catalogue *c = test_catalogue();
	static const char *const json =
	    "{\"architectures\":[\"FooForCausalLM\"],"
	    "\"model_type\":\"foo\"," STD "}";
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_parse(json, &m);
	cr_assert_null(m.refusal);
	cr_assert_not_null(m.assumption);
	cr_assert(strstr(m.assumption, "FooForCausalLM") != NULL);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE);
	cr_assert_str_eq(p.assumption, m.assumption);
	model_done(&m);
}

/* Standard families are unchanged: a plain Llama has no per-layer table */
Test(arch, standard_models_keep_the_uniform_path)
{
	const struct catalogue *c = test_catalogue();
	int i = catalogue_find_model(c, "meta-llama/Llama-3.1-8B-Instruct");

	cr_assert_geq(i, 0);
	cr_assert_null(c->models[i].ld);
	cr_assert_null(c->models[i].assumption);
	cr_assert_null(c->models[i].refusal);
}

/*
 * Weights from the architecture against the totals the model cards state
 * (parameters, billions): Llama-3.3-Nemotron-Super-49B 49.9, Nemotron 3
 * Nano 31.6, MiMo-V2-Flash 309, DeepSeek-V3.2 671 (without its 14B MTP
 * module, which vLLM loads only for drafting), GLM-5 744, Nemotron-H 56B,
 * Falcon-Mamba-7B 7.27 (the model card), Nemotron 3 Ultra 550 (its name,
 * 550B-A55B).
 */
Test(arch, parameter_counts_match_the_published_totals)
{
	static const struct {
		const char *dir;
		double published;
	} cases[] = {
		{ "decilm/Llama-3_3-Nemotron-Super-49B-v1", 49.9 },
		{ "nemotron-h/Nemotron-3-Nano-30B-A3B-BF16", 31.6 },
		{ "mimo-v2/MiMo-V2-Flash", 309 },
		{ "dsa/DeepSeek-V3.2", 671 },
		{ "dsa/GLM-5-FP8", 744 },
		{ "nemotron-h/Nemotron-H-56B-Base-8K", 56 },
		{ "nemotron-h/Nemotron-3-Ultra-550B-A55B-BF16", 550 },
		{ "mamba/falcon-mamba-7b", 7.27 },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct model m;
		double b;

		test_config_load(cases[i].dir, &m);
		b = weights_param_count(&m);
		cr_assert(b > cases[i].published * 0.985 &&
			b < cases[i].published * 1.015,
		    "%s: %.2fB against %.1fB", cases[i].dir, b,
		    cases[i].published);
		model_done(&m);
	}
}

/*
 * Gemma 4 E4B, with the text_config fields the model publishes (42 layers,
 * [5 sliding + 1 global] x 7, window 512, 2 KV heads, head 256, global
 * head 512, the last 18 layers reading earlier layers' KV).  The 0.22.1
 * startup on an RTX 3090 Ti (newer-logs.json): 4.1 GiB, "Maximum
 * concurrency for 32,768 tokens per request: 6.85x".  24 layers hold KV:
 * 20 sliding (2 x 512 x 2 = 2048 B per token, page 32,768 -> block 32 to
 * match) and 4 global (2 x 1024 x 2 = 4096 B, page 65,536).  Group size 4:
 * 1 + 5 groups.  mnbt 2048 (a card under 70 GiB): cdiv(32768, 16) = 2048 +
 * 5 x (cdiv(511 + 2048, 32) + 1 = 81) = 2453 blocks; 4.1 GiB // 65,536 // 4
 * = 16,793 blocks; 16,793 / 2453 = 6.846 -> "6.85x".
 */
Test(arch, gemma4_e4b_kv_sharing_against_its_startup)
{
	static const char *const json =
	    "{\"architectures\":"
	    "[\"Gemma4ForConditionalGeneration\"],\"model_type\":\"gemma4\","
	    "\"text_config\":{\"model_type\":\"gemma4_text\",\"hidden_size\":"
	    "2560,"
	    "\"num_hidden_layers\":42,\"intermediate_size\":10240,"
	    "\"num_attention_heads\":8,\"num_key_value_heads\":2,\"head_dim\":"
	    "256,"
	    "\"global_head_dim\":512,\"vocab_size\":262144,"
	    "\"max_position_embeddings\":131072,\"sliding_window\":512,"
	    "\"num_kv_shared_layers\":18,\"hidden_size_per_layer_input\":256,"
	    "\"vocab_size_per_layer_input\":262144,\"attention_k_eq_v\":false,"
	    "\"enable_moe_block\":false,\"tie_word_embeddings\":true,\"layer_"
	    "types\":["
	    "\"sliding_attention\",\"sliding_attention\",\"sliding_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"full_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"sliding_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"full_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"sliding_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"full_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"sliding_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"full_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"sliding_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"full_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"sliding_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"full_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"sliding_attention\","
	    "\"sliding_attention\",\"sliding_attention\",\"full_attention\"]}}";
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	int64_t blocks, bpr;

	test_config_parse(json, &m);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.n_nokv_layers, 18);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_ALIGN);
	p.mnbt = 2048;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.layers, 24);
	cr_assert_eq(l.page, 65536);
	cr_assert_eq(l.group_size, 4);
	cr_assert_eq(l.n_groups, 6);
	bpr = kv_blocks_per_request(&l, 32768);
	cr_assert_eq(bpr, 2048 + 5 * 81);
	blocks = kv_num_blocks(&l, (int64_t)(4.1 * GIB));
	cr_assert_eq(blocks, 16793);
	cr_assert_float_eq((double)blocks / bpr, 6.85, 0.005);
	model_done(&m);
}

/*
 * Qwen3.6-35B-A3B's vision tower profiles one image, as the 0.20.0 and
 * 0.22.1 startups print ("Encoder cache will be initialized with a budget
 * of 16384 tokens, and profiled with 1 image items"): Qwen3-VL's video
 * processor bounds a video's pixels in total (25,165,824 = 12,288 tokens),
 * so no video outgrows an image.  The remainder against the RTX 5090 pair
 * of 0.20.0 (utilization 0.9: 3.07 GiB of KV cache, 0.7: -3.31 GiB, the
 * same 21.86 GiB of weights, graph estimates 0.39 and 0.42 GiB): 0.2 x
 * total = 3.07 + 3.31 + 0.39 - 0.42, total 31.75 GiB, so vLLM kept
 * 0.9 x 31.75 - 21.86 - 3.07 - 0.39 = 3.26 GiB for the activation peak
 * and non-torch memory; the estimate is held within 0.4 GiB of it.
 */
Test(arch, qwen36_vision_profiles_one_image_against_its_startups)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;
	double rem;

	test_config_load("qwen3.5/Qwen3.6-35B-A3B-NVFP4", &m);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.gpu = -1;
	in.gpu_total_gib = 31.75;
	in.version = VLLM_VER(0, 20, 0);
	in.util = 0.9;
	in.max_model_len = 65536;
	in.max_num_seqs = 1;
	in.max_num_batched_tokens = 4096;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_str_eq(p.mm.modality, "image");
	cr_assert_eq(p.mm.encoder_budget, 16384);
	cr_assert_eq(p.mm.items_per_batch, 1);
	cr_assert_eq(p.mm.tokens_per_video, 12288, "25165824 / (32 x 32 x 2)");
	rem = (double)(p.activation + p.non_torch) / GIB;
	cr_assert(fabs(rem - 3.26) < 0.4, "activation + non-torch %.2f GiB",
	    rem);
	/* the GB10 startup of 0.22.1: the same budget at 262,144 tokens */
	in.max_model_len = 262144;
	in.max_num_seqs = 5;
	in.max_num_batched_tokens = 8192;
	in.version = VLLM_VER(0, 22, 1);
	plan_compute(c, &in, &p);
	cr_assert_str_eq(p.mm.modality, "image");
	cr_assert_eq(p.mm.encoder_budget, 16384);
	model_done(&m);
}

/*
 * A short-convolution hybrid against a real startup: LFM2.5-1.2B-Instruct,
 * vLLM 0.26.0 on a 16.0 GiB Hopper MIG slice at utilization 0.95,
 * max_num_seqs 256, max_num_batched_tokens 1024, float16 (the saved
 * container log of tests/calibration/newer-logs.json): "0.26 GiB for peak
 * activation, 0.16 GiB for non-torch memory".  The architecture is
 * LiquidAI/LFM2-1.2B's config.json (hidden 2048, 16 layers with attention
 * at 2, 5, 8, 10, 12, 14, 32 heads, 8 KV heads, conv_L_cache 3,
 * block_ff_dim 12288 auto-adjusted to 8192, vocab 65536), which
 * LFM2.5-1.2B keeps (1,170,340,608 parameters); layer_types is written from
 * its full_attn_idxs as transformers' Lfm2Config does.  The profile is
 * sampler-bound: 256 x 65,536 logits.
 */
Test(arch, lfm2_short_conv_against_its_startup)
{
	const struct catalogue *c = test_catalogue();
	static const char *const json =
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
	    "\"full_attention\",\"conv\",\"full_attention\",\"conv\"]}";
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_parse(json, &m);
	cr_assert_eq(m.n_state_layers, 10);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.gpu = -1;
	in.gpu_total_gib = 16.0;
	in.version = VLLM_VER(0, 26, 0);
	in.util = 0.95;
	in.max_model_len = 32768;
	in.max_num_seqs = 256;
	in.max_num_batched_tokens = 1024;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert(fabs(test_gib(p.activation) - 0.26) < 0.05,
	    "activation %.2f GiB", test_gib(p.activation));
	cr_assert(fabs(test_gib(p.non_torch) - 0.16) < 0.1,
	    "non-torch %.2f GiB", test_gib(p.non_torch));
	cr_assert(fabs(test_gib(p.activation + p.non_torch) - 0.42) < 0.1,
	    "activation + non-torch %.2f GiB",
	    test_gib(p.activation + p.non_torch));
	cr_assert_not_null(p.assumption);
	cr_assert(strstr(p.assumption, "LFM2.5-1.2B") != NULL, "%s",
	    p.assumption);
	model_done(&m);
}

/*
 * --mamba-cache-dtype and --mamba-ssm-cache-dtype (_mamba_state_dtype in
 * vllm/model_executor/layers/mamba/mamba_utils.py): the conv state in the
 * first, the SSM state in the second, an explicit value over the config's.
 */
Test(arch, mamba_state_dtype_flags)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;

	test_config_load("nemotron-h/Nemotron-3-Nano-30B-A3B-BF16", &m);
	/* SSM bfloat16: 36,864 + 64 x 64 x 128 x 2 = 1,085,440; mode all:
	 * 128 x cdiv(cdiv(1,085,440, 1024), 128) = 128 x 9 = 1152 */
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_ALL);
	p.ssm_bytes = 2;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.state_bytes / 23, 1085440);
	cr_assert_eq(l.attn_block_size, 1152);
	/* SSM float32 as the config says: 2,134,016, block 2176 */
	p.ssm_bytes = 4;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.state_bytes / 23, 2134016);
	cr_assert_eq(l.attn_block_size, 2176);
	/* conv float32, SSM auto (the config's float32): 3 x 6144 x 4 =
	 * 73,728 + 2,097,152 = 2,170,880 */
	p.ssm_bytes = 0;
	p.conv_bytes = 4;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.state_bytes / 23, 2170880);
	model_done(&m);

	/* Qwen3.5-27B, 48 GDN layers: conv 2 x 16 x 128 + 48 x 128 = 10,240
	 * channels x 3 rows; recurrent 48 x 128 x 128 */
	test_config_load("qwen3.5/Qwen3.5-27B", &m);
	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_ALIGN);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.state_bytes / 48, 3 * 10240 * 2 + 786432 * 4);
	p.ssm_bytes = 2;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.state_bytes / 48, 3 * 10240 * 2 + 786432 * 2);
	p.conv_bytes = 4;
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.state_bytes / 48, 3 * 10240 * 4 + 786432 * 2);
	model_done(&m);
}
