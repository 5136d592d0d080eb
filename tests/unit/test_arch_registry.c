/*
 * test_arch_registry.c - vLLM's model registry class by class: what
 * headroom does with a config of each architecture (modelled, standard
 * attention, or refused with vLLM's reason), one row of
 * doc/architectures.md ("How each registry class is handled") a case; and
 * Step-3.5, worked out by hand from step3p5.py beside each figure.
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
#include "io/textfile.h"
#include "core/catalogue.h"
#include "helpers.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

static void
params(struct kv_params *p, int tp, enum kv_dtype kv)
{
	test_kv_params(p, tp, kv, MAMBA_MODE_NONE);
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

	test_config_load("step3p5/Step-3.5-Flash", &m);
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
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.bytes_per_token, 45 * 4096);
	cr_assert_eq(l.page, 16 * 4096);
	cr_assert_eq(l.group_size, 12);
	cr_assert_eq(l.n_groups, 4);
	cr_assert_eq(l.padding_layers, 3);
	cr_assert_eq(kv_blocks_per_request(&l, 262144), 16384 + 3 * 545);
	/* TP 8: one KV head per rank; fp8 halves it again */
	params(&p, 8, KV_FP8);
	test_kv_layout(&m, &p, &l);
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

	test_config_load("step3p5/Step-3.5-Flash", &m);
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
	struct model m;

	test_config_parse(json, &m);
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

	test_config_load("step3p5/Step-3.5-Flash", &m);
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

/*
 * A registry class read as its vLLM model file builds it (read_classes[] in
 * src/io/hfarch.c) from the real config.json in tests/fixtures/configs/dir:
 * planned with no refusal and no assumption, bytes per token at tp as
 * given, and the bf16 weights of one rank at tp (bytes, worked by hand in
 * each caller's comment).
 */
static void
read_class_figures(const char *dir, const char *arch, int tp, int64_t bpt,
    double weights)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	struct weights_breakdown w;

	test_config_load(dir, &m);
	cr_assert_str_eq(m.architecture, arch);
	cr_assert_null(m.refusal, "%s: %s", arch, m.refusal);
	cr_assert_null(m.assumption, "%s: %s", arch, m.assumption);
	params(&p, tp, KV_AUTO);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.bytes_per_token, bpt, "%s TP %d: %lld", arch, tp,
	    (long long)l.bytes_per_token);
	weights_rank(&m, FMT_BF16, 2, tp, 1, 0, &w);
	cr_assert_float_eq(w.total, weights, 0.5, "%s TP %d: %.0f", arch, tp,
	    w.total);
	model_done(&m);
}

/*
 * OLMo-2-1124-13B-Instruct (olmo2.py @028aedf): 40 layers of 40 heads of
 * 5120 / 40 = 128, MHA. KV 2 x 40 x 128 x 2 B x 40 = 819,200 B a token,
 * 204,800 at TP 4. Weights: embed_tokens and the untied lm_head 2 x
 * 100,352 x 5120; a layer qkv_proj and o_proj 4 x 5120^2, gate_up and down
 * 3 x 5120 x 13,824, post_attention and post_feedforward norms 2 x 5120
 * (q_norm 5120 and k_norm 5120, full-width RMSNorms, are not counted:
 * 409,600 parameters, 0.003 %); the final norm 5120: 13,715,788,800
 * parameters (the model card's 13.7B), 27,431,577,600 B in bf16 and the
 * RoPE cache 4096 x 128 x 2 B.
 */
Test(registry, read_class_olmo2_13b)
{
	read_class_figures("sweep/allenai--OLMo-2-1124-13B-Instruct",
	    "Olmo2ForCausalLM", 1, 819200, 27431577600.0 + 1048576.0);
	read_class_figures("sweep/allenai--OLMo-2-1124-13B-Instruct",
	    "Olmo2ForCausalLM", 4, 204800,
	    /* split linears / 4, norms whole on every rank */
	    (2.0 * 25088 * 5120 +
		40.0 * (4.0 * 5120 * 5120 + 3.0 * 5120 * 13824) / 4 +
		40.0 * 2 * 5120 + 5120) *
		    2 +
		1048576.0);
}

/*
 * chatglm3-6b (chatglm.py @028aedf): 28 GLMBlocks, 32 heads of 4096 / 32
 * = 128, multi_query_attention with 2 groups: KV 2 x 2 x 128 x 2 B x 28 =
 * 28,672 B a token, 14,336 at TP 2. Weights: embedding and output_layer 2
 * x 65,024 (padded_vocab_size) x 4096; a block query_key_value 4096 x (32
 * + 2 + 2) x 128 with its bias (add_qkv_bias) 4608, dense 4096^2,
 * dense_h_to_4h 4096 x 2 x 13,696 and dense_4h_to_h 13,696 x 4096, two
 * RMSNorms 2 x 4096; final_layernorm 4096: 6,243,584,000 parameters (the
 * Hub's 6.24B), and the RoPE cache over half the head, seq_length 8192 x
 * 64 x 2 B.
 */
Test(registry, read_class_chatglm3_6b)
{
	read_class_figures("sweep/THUDM--chatglm3-6b", "ChatGLMModel", 1, 28672,
	    6243584000.0 * 2 + 1048576.0);
	read_class_figures("sweep/THUDM--chatglm3-6b", "ChatGLMModel", 2, 14336,
	    /* qkv 4096 x (16 + 1 + 1) x 128 and its bias, half of dense and
	     * the MLP, half the vocabulary rows */
	    (2.0 * 32512 * 4096 +
		28.0 *
		    (4096.0 * 18 * 128 + 18 * 128 + 4096.0 * 4096 / 2 +
			3.0 * 4096 * 13696 / 2 + 2 * 4096) +
		4096) *
		    2 +
		1048576.0);
}

/* chatglm.py: KV heads multi_query_group_num only under
 * multi_query_attention (num_attention_heads otherwise); LayerNorm with a
 * bias when rmsnorm is false; ChatGLMForCausalLM raises for a vision
 * config, in the words given here */
Test(registry, read_class_chatglm_rules)
{
	struct model m;

	test_config_parse("{\"architectures\":[\"ChatGLMModel\"],"
			  "\"model_type\":\"chatglm\",\"num_layers\":2,"
			  "\"hidden_size\":256,\"num_attention_heads\":4,"
			  "\"multi_query_group_num\":2,\"kv_channels\":32,"
			  "\"ffn_hidden_size\":512,\"padded_vocab_size\":1024,"
			  "\"seq_length\":1024}",
	    &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.kv_heads, 4);
	cr_assert_eq(m.head_dim, 64);
	cr_assert_eq(m.rotary_dim, 32);
	cr_assert(!m.qkv_bias);
	model_done(&m);
	test_config_parse("{\"architectures\":[\"ChatGLMModel\"],"
			  "\"model_type\":\"chatglm\",\"num_layers\":2,"
			  "\"hidden_size\":256,\"num_attention_heads\":4,"
			  "\"multi_query_attention\":true,"
			  "\"multi_query_group_num\":2,\"rmsnorm\":false,"
			  "\"add_bias_linear\":true,"
			  "\"ffn_hidden_size\":512,\"padded_vocab_size\":1024}",
	    &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.kv_heads, 2);
	cr_assert(m.qkv_bias);
	cr_assert_eq(m.bias_mask,
	    MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_BIAS_NORM);
	cr_assert_eq(m.rope_cache_len, 2048);
	model_done(&m);
	test_config_parse("{\"architectures\":[\"ChatGLMModel\"],"
			  "\"model_type\":\"chatglm\",\"num_layers\":2,"
			  "\"hidden_size\":256,\"num_attention_heads\":4,"
			  "\"padded_vocab_size\":1024,\"vision_config\":"
			  "{\"hidden_size\":64,\"num_hidden_layers\":2}}",
	    &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "you instantiated the text-only version "
		      "of this model") != NULL,
	    "%s", m.refusal);
	cr_assert(strstr(m.refusal, "GLM4VForCausalLM") != NULL);
	model_done(&m);
}

/*
 * internlm2_5-7b-chat (internlm2.py): 32 layers, 32 heads of 128, 8 KV
 * heads: KV 2 x 8 x 128 x 2 B x 32 = 131,072 B a token. Weights:
 * tok_embeddings and output 2 x 92,544 x 4096; a layer wqkv 4096 x (32 +
 * 16) x 128, wo 4096^2 (no biases: the config's "bias" is not read), w1/w3
 * and w2 3 x 4096 x 14,336, two RMSNorms; the final norm: 7,737,708,544
 * parameters (the Hub's 7.74B); the dynamic-NTK RoPE cache over 32,768 x
 * factor 2 positions, 65,536 x 128 x 2 B. TP 2: 3,868,987,392 parameters
 * a rank (half the vocabulary rows, wqkv 4096 x 24 x 128, half of wo and
 * the MLP, the norms whole).
 */
Test(registry, read_class_internlm2_5_7b)
{
	read_class_figures("sweep/internlm--internlm2_5-7b-chat",
	    "InternLM2ForCausalLM", 1, 131072, 7737708544.0 * 2 + 16777216.0);
	read_class_figures("sweep/internlm--internlm2_5-7b-chat",
	    "InternLM2ForCausalLM", 2, 65536, 3868987392.0 * 2 + 16777216.0);
}

/*
 * aya-23-8B (commandr.py, CohereForCausalLM): 32 layers, 32 heads of 4096
 * / 32 = 128, 8 KV heads: KV 131,072 B a token. Weights: embed_tokens
 * 256,000 x 4096 once (the logits come from it; there is no lm_head); a
 * layer qkv_proj 4096 x 48 x 128, o_proj 4096^2, the MLP 3 x 4096 x
 * 14,336, one input_layernorm 4096 (attention and MLP in parallel); the
 * final norm: 8,028,033,024 parameters (the Hub's 8.03B); RoPE over
 * max_position_embeddings 8192 x 128 x 2 B.
 */
Test(registry, read_class_aya_23_8b)
{
	read_class_figures("sweep/CohereForAI--aya-23-8B", "CohereForCausalLM",
	    1, 131072, 8028033024.0 * 2 + 2097152.0);
}

/*
 * c4ai-command-r7b-12-2024 (Cohere2ForCausalLM, served by commandr.py's
 * CohereForCausalLM): 32 layers, 32 heads of 4096 / 32 = 128, 8 KV heads:
 * KV 2 x 8 x 128 x 2 B x 32 = 131,072 B a token, 65,536 at TP 2; layer i
 * slides (window 4096) unless (i + 1) % 4 is 0: 24 sliding, 8 full.
 * Weights as aya-23-8B's (the same shapes): embed_tokens 256,000 x 4096
 * once, no lm_head; a layer q_proj and o_proj 2 x 4096^2, k_proj and
 * v_proj 2 x 4096 x 1024, the MLP 3 x 4096 x 14,336, one input_layernorm
 * 4096; the final norm: 8,028,033,024 parameters (the Hub's 8.03B); one
 * RoPE cache over max_position_embeddings, 132,096 x 128 x 2 B, though
 * the full layers apply none.  At TP 2 the vocabulary, q, o and the MLP
 * / 2, four KV heads a rank, the norms whole.
 */
Test(registry, read_class_command_r7b)
{
	struct model m;
	int i, sliding = 0;

	read_class_figures("sweep/CohereLabs--c4ai-command-r7b-12-2024",
	    "Cohere2ForCausalLM", 1, 131072,
	    8028033024.0 * 2 + 132096.0 * 128 * 2);
	read_class_figures("sweep/CohereLabs--c4ai-command-r7b-12-2024",
	    "Cohere2ForCausalLM", 2, 65536,
	    (128000.0 * 4096 + 32 * (16777216.0 + 4194304 + 88080384 + 4096) +
		4096) *
		    2 +
		132096.0 * 128 * 2);
	test_config_load("sweep/CohereLabs--c4ai-command-r7b-12-2024", &m);
	cr_assert_not_null(m.layer_kind);
	cr_assert_eq(m.sliding_window, 4096);
	for (i = 0; i < m.layers; i++) {
		cr_assert_eq(m.layer_kind[i] == LAYER_SLIDING, (i + 1) % 4 != 0,
		    "layer %d", i);
		sliding += m.layer_kind[i] == LAYER_SLIDING;
	}
	cr_assert_eq(sliding, 24);
	model_done(&m);
}

/*
 * MiMo-7B-Base (mimo.py: Qwen2Model's layers, the MTP layer skipped without
 * a draft): 36 layers, 32 heads of 128, 8 KV heads: KV 2 x 8 x 128 x 2 B x
 * 36 = 147,456 B a token. Weights: embed_tokens and lm_head 2 x 151,680 x
 * 4096; a layer qkv_proj 4096 x 48 x 128 with its bias 6144, o_proj
 * 4096^2, the MLP 3 x 4096 x 11,008, two norms; the final norm:
 * 7,622,619,136 parameters; RoPE 32,768 x 128 x 2 B.
 */
Test(registry, read_class_mimo_7b)
{
	read_class_figures("sweep/XiaomiMiMo--MiMo-7B-Base", "MiMoForCausalLM",
	    1, 147456, 7622619136.0 * 2 + 8388608.0);
}

/*
 * GLM-4.5-Air (glm4_moe.py @002d607): 46 layers, 96 heads and 8 KV heads
 * of 128: KV 2 x 4 x 128 x 2 B x 46 = 94,208 B a token at TP 2. Weights
 * at TP 1: embed_tokens and lm_head 2 x 151,552 x 4096; a layer's
 * attention 4096 x (96 + 16) x 128 + 96 x 128 x 4096 with the qkv bias
 * (96 + 16) x 128, two norms; layer 0 dense, 3 x 4096 x 10,944; layers
 * 1-45 128 experts and one shared of 3 x 4096 x 1408 and the float32
 * router 4096 x 128; the final norm: 106,852,245,504 parameters (the model
 * card's 106B), 213,704,491,008 B with the routers at 4 B, and the RoPE
 * cache on half the head, 131,072 x 64 x 2 B. TP 2 splits the heads, the
 * experts and the vocabulary rows: 106,923,405,312 B of linears, norms and
 * routers and the same cache.
 */
Test(registry, read_class_glm45_air)
{
	read_class_figures("sweep/zai-org--GLM-4.5-Air", "Glm4MoeForCausalLM",
	    1, 188416, 213751676928.0 + 16777216.0);
	read_class_figures("sweep/zai-org--GLM-4.5-Air", "Glm4MoeForCausalLM",
	    2, 94208, 106923405312.0 + 16777216.0);
}

/*
 * GLM-4.7 (glm4-moe/GLM-4.7): 92 layers of 96 heads and 8 KV heads of 128,
 * the first 3 dense (12,288), then 160 experts and one shared of 1536, the
 * MTP layer not loaded: 352,797,791,232 parameters (the 355B of the model
 * card with its MTP layer); at TP 8 one KV head a rank, 92 x 2 x 128 x 2 B
 * = 47,104 B a token, and 88,474,513,408 B of weights a rank (the vocabulary
 * rows, 12 heads and one KV head, the dense and expert linears / 8; the
 * routers, 5120 x 160 in float32, and the norms whole) with the RoPE cache
 * 202,752 x 64 x 2 B.
 */
Test(registry, read_class_glm47)
{
	read_class_figures("glm4-moe/GLM-4.7", "Glm4MoeForCausalLM", 8, 47104,
	    88474513408.0 + 25952256.0);
}

/*
 * MiniMax-M2.7 (minimax_m2.py @01d9958; minimax/MiniMax-M2.7): 62 layers,
 * all full attention whatever attn_type_list says, 48 heads and 8 KV heads
 * of 128: KV 62 x 2 x 8 x 128 x 2 B = 253,952 B a token, 31,744 at TP 8.
 * Weights at TP 8 in bf16: the vocabulary rows 2 x 25,008 x 3072; a layer
 * qkv 3072 x (6 + 2) x 128 and o 6 x 128 x 3072, two norms, 256 experts of
 * 3 x 3072 x 1536 / 8; the final norm: 28,580,404,224 parameters at 2 B;
 * the routers 62 x 3072 x 256 in float32, whole on every rank; RoPE on
 * rotary_dim 64 over 204,800 positions (x 2 B). 228,689,304,576
 * parameters in all at TP 1 (the 230B of the model card with its MTP
 * modules).
 */
Test(registry, read_class_minimax_m27)
{
	read_class_figures("minimax/MiniMax-M2.7", "MiniMaxM2ForCausalLM", 1,
	    253952,
	    /* at TP 1: 228,689,304,576 parameters, the routers at 4 B */
	    (228689304576.0 - 62.0 * 3072 * 256) * 2 + 62.0 * 3072 * 256 * 4 +
		26214400.0);
	read_class_figures("minimax/MiniMax-M2.7", "MiniMaxM2ForCausalLM", 8,
	    31744, 57160808448.0 + 195035136.0 + 26214400.0);
}

/*
 * GLM-4.7-Flash (glm4_moe_lite.py @055e47c; glm4-moe-lite/GLM-4.7-Flash):
 * 47 layers of MLA, one latent of 512 + 64 a token and layer on every
 * rank: 47 x 576 x 2 B = 54,144 B at TP 1 and 4. A layer's attention as
 * deepseek_v2.py builds it: q_a_proj 2048 x 768 and its norm 768, q_b_proj
 * 768 x 20 x 256, kv_a_proj_with_mqa 2048 x 576, kv_b_proj 512 x 20 x (192
 * + 256) and its norm 512, o_proj 20 x 256 x 2048 (21,759,232); two norms;
 * layer 0 dense (3 x 2048 x 10,240), layers 1-46 64 experts and one shared
 * of 3 x 2048 x 1536 with the float32 router 2048 x 64; embed_tokens and
 * lm_head 2 x 154,880 x 2048; the final norm: 29,943,390,976 parameters
 * (31,221,488,576 counted over the checkpoint with its MTP layer), and the
 * RoPE cache 202,752 x 64 x 2 B. TP 4 splits q_b, kv_b, o, the MLPs, the
 * experts and the vocabulary rows; q_a, kv_a, the norms and the routers
 * stay whole.
 */
Test(registry, read_class_glm47_flash)
{
	read_class_figures("glm4-moe-lite/GLM-4.7-Flash",
	    "Glm4MoeLiteForCausalLM", 1, 54144, 59924792832.0);
	read_class_figures("glm4-moe-lite/GLM-4.7-Flash",
	    "Glm4MoeLiteForCausalLM", 4, 54144, 15213184512.0);
}

/*
 * gpt2-medium (gpt2.py): 24 layers of 16 heads of 64, MHA: KV 2 x 16 x 64 x
 * 2 B x 24 = 98,304 B a token. Weights: wte 50,304 (50,257 padded to 64)
 * x 1024, tied to the lm_head; wpe 1024 x 1024; a layer ln_1 and ln_2
 * (weight and bias), c_attn 1024 x 3072 + 3072, c_proj 1024^2 + 1024, c_fc
 * 1024 x 4096 + 4096, c_proj 4096 x 1024 + 1024; ln_f: 354,871,296
 * parameters (the 355M of GPT-2 medium); no rotary cache.
 */
Test(registry, read_class_gpt2_medium)
{
	read_class_figures("sweep/openai-community--gpt2-medium",
	    "GPT2LMHeadModel", 1, 98304, 709742592.0);
}

/*
 * gpt-j-6b (gptj.py): 28 layers of 16 heads of 256: KV 2 x 16 x 256 x 2 B x
 * 28 = 458,752 B a token. Weights: wte and the lm_head 2 x 50,432 (50,400
 * padded) x 4096 and the lm_head's bias 50,432; a layer ln_1 (weight and
 * bias), qkv_proj 3 x 4096^2 and out_proj 4096^2 without biases, fc_in
 * 4096 x 16,384 + 16,384 and fc_out 16,384 x 4096 + 4096; ln_f:
 * 6,051,144,960 parameters; RoPE on rotary_dim 64 over n_positions 2048
 * (x 2 B).
 */
Test(registry, read_class_gptj_6b)
{
	read_class_figures("sweep/EleutherAI--gpt-j-6b", "GPTJForCausalLM", 1,
	    458752, 12102552064.0);
}

/*
 * RedPajama-INCITE-Chat-3B-v1 (gpt_neox.py): 32 layers of 32 heads of 2560
 * / 32 = 80: KV 2 x 32 x 80 x 2 B x 32 = 327,680 B a token. Weights:
 * embed_in and embed_out 2 x 50,432 x 2560; a layer two LayerNorms (weight
 * and bias), query_key_value 2560 x 7680 + 7680, dense 2560^2 + 2560,
 * dense_h_to_4h 2560 x 10,240 + 10,240, dense_4h_to_h 10,240 x 2560 + 2560;
 * final_layer_norm: 2,775,864,320 parameters (2.8B); RoPE on rotary_pct
 * 1.0 of the head, 2048 x 80 x 2 B.
 */
Test(registry, read_class_gpt_neox_redpajama_3b)
{
	read_class_figures("sweep/"
			   "togethercomputer--RedPajama-INCITE-Chat-3B-v1",
	    "GPTNeoXForCausalLM", 1, 327680, 5552056320.0);
}

/*
 * gpt_bigcode-santacoder (gpt_bigcode.py): 24 layers of 16 heads of 128,
 * multi_query: one KV head, 2 x 128 x 2 B x 24 = 12,288 B a token. Weights:
 * wte 49,280 x 2048 tied to the lm_head, wpe 2048 x 2048; a layer ln_1 and
 * ln_2 (weight and bias), c_attn 2048 x (2048 + 2 x 128) with its bias,
 * c_proj 2048^2 + 2048, c_fc 2048 x 8192 + 8192, c_proj 8192 x 2048 +
 * 2048; ln_f: 1,124,886,528 parameters (SantaCoder's 1.1B); no rotary
 * cache.
 */
Test(registry, read_class_gpt_bigcode_santacoder)
{
	read_class_figures("sweep/bigcode--gpt_bigcode-santacoder",
	    "GPTBigCodeForCausalLM", 1, 12288, 1124886528.0 * 2);
}

/*
 * falcon-7b-instruct (falcon.py): 32 layers of 71 heads of 4544 / 71 = 64,
 * multi_query: one KV head, 2 x 64 x 2 B x 32 = 8192 B a token. Weights:
 * word_embeddings 65,024 x 4544, tied to the lm_head; a layer one
 * input_layernorm (parallel_attn; weight and bias), query_key_value 4544 x
 * (71 + 2) x 64, dense 4544^2, dense_h_to_4h and dense_4h_to_h 2 x 4544 x
 * 18,176, no linear biases (bias false); ln_f: 6,921,720,704 parameters
 * (the Hub's 6.92B); RoPE over FalconConfig's 2048 positions, 2048 x 64 x
 * 2 B. With alibi (falcon-rw) there is no rotary cache.
 */
Test(registry, read_class_falcon_7b)
{
	struct model m;

	read_class_figures("sweep/tiiuae--falcon-7b-instruct",
	    "FalconForCausalLM", 1, 8192, 6921720704.0 * 2 + 262144.0);
	test_config_parse("{\"architectures\":[\"FalconForCausalLM\"],"
			  "\"model_type\":\"falcon\",\"hidden_size\":256,"
			  "\"num_attention_heads\":4,\"num_hidden_layers\":2,"
			  "\"vocab_size\":1024,\"alibi\":true}",
	    &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_null(m.assumption, "%s", m.assumption);
	cr_assert_eq(m.rotary_dim, 0);
	model_done(&m);
}

/*
 * stablelm-2-zephyr-1_6b (stablelm.py @0531c22): 24 layers of 32 heads of
 * 2048 / 32 = 64, MHA: KV 2 x 32 x 64 x 2 B x 24 = 196,608 B a token.
 * Weights: embed_tokens and the untied lm_head 2 x 100,352 x 2048; a layer
 * qkv_proj 2048 x 3 x 2048 with its bias 6144 (use_qkv_bias), o_proj
 * 2048^2, gate_up and down 3 x 2048 x 5632, two nn.LayerNorms (weight and
 * bias); the final LayerNorm: 1,644,515,328 parameters (StableLM 2's
 * 1.6B); RoPE on a quarter of the head, 4096 x 16 x 2 B.
 */
Test(registry, read_class_stablelm2_1_6b)
{
	read_class_figures("sweep/stabilityai--stablelm-2-zephyr-1_6b",
	    "StableLmForCausalLM", 1, 196608, 1644515328.0 * 2 + 131072.0);
}

/*
 * Orion-14B-Chat (orion.py @0531c22): 40 layers of 40 heads of 128, MHA:
 * KV 819,200 B a token. Weights: embed_tokens and the untied lm_head 2 x
 * 84,608 x 5120; a layer qkv_proj and o_proj 4 x 5120^2, the MLP 3 x 5120
 * x 15,360, two nn.LayerNorms (weight and bias, 4 x 5120); the final
 * LayerNorm: 14,498,703,360 parameters (14.5B); RoPE 4096 x 128 x 2 B.
 */
Test(registry, read_class_orion_14b)
{
	read_class_figures("sweep/OrionStarAI--Orion-14B-Chat",
	    "OrionForCausalLM", 1, 819200, 14498703360.0 * 2 + 1048576.0);
}

/*
 * EXAONE-4.0-32B (exaone4.py @00620f9): 64 layers of 40 heads of 128, 8
 * KV heads: KV 2 x 8 x 128 x 2 B x 64 = 262,144 B a token (48 sliding
 * layers of 4096 and 16 full ones, each a page of its own), 65,536 at TP
 * 4. Weights: embed_tokens and the untied lm_head 2 x 102,400 x 5120; a
 * layer q_proj and o_proj 2 x 5120^2, k_proj and v_proj 2 x 5120 x 1024,
 * gate_up and down 3 x 5120 x 27,392, post_attention and post_feedforward
 * RMSNorms 2 x 5120 (q_norm and k_norm, 2 x 128, not counted); the final
 * norm 5120: 32,003,200,000 parameters (the card's 30.95B without
 * embeddings); RoPE (llama3) 131,072 x 128 x 2 B.  At TP 4: the vocab and
 * every linear / 4, the norms whole on each rank.
 */
static int read_class(const char *arch, const char *extra, struct model *m);

Test(registry, read_class_exaone4_32b)
{
	struct model m;

	read_class_figures("sweep/LGAI-EXAONE--EXAONE-4.0-32B",
	    "Exaone4ForCausalLM", 1, 262144,
	    32003200000.0 * 2 + 131072.0 * 128 * 2);
	read_class_figures("sweep/LGAI-EXAONE--EXAONE-4.0-32B",
	    "Exaone4ForCausalLM", 4, 65536,
	    (2.0 * 25600 * 5120 +
		64 * ((62914560.0 + 420741120.0) / 4 + 2 * 5120) + 5120) *
		    2 +
		131072.0 * 128 * 2);
	/* exaone4.py's Exaone4GatedMLP raises for another activation */
	cr_assert_eq(read_class("Exaone4ForCausalLM",
			 "\"model_type\":\"exaone4\",\"hidden_act\":\"gelu\"",
			 &m),
	    0);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal, "Unsupported activation: gelu") != NULL,
	    "%s", m.refusal);
	model_done(&m);
	/* attention_bias: qkv_proj and o_proj both carry a bias */
	cr_assert_eq(read_class("Exaone4ForCausalLM",
			 "\"model_type\":\"exaone4\",\"attention_bias\":true",
			 &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert(m.qkv_bias);
	cr_assert(m.bias_mask & MODEL_BIAS_O);
	cr_assert_not(m.bias_mask & MODEL_BIAS_MLP);
	model_done(&m);
}

/*
 * EXAONE-4.0-32B-FP8 on an L40S (vLLM 0.11.0, eager, max model len 4096,
 * utilization 0.95, max_num_batched_tokens 2048; a deployment guide's log,
 * tests/calibration/newer-logs.json): "Available KV cache memory: 10.31
 * GiB", "GPU KV cache size: 42,224 tokens", "Maximum concurrency for 4,096
 * tokens per request: 10.28x".  48 sliding layers (window 4096) and 16
 * full ones, 8 KV heads of 128 in each: a page of 16 x 2 x 8 x 128 x 2 B =
 * 65,536 B, group size 16 (the full layers), 1 full + 3 sliding groups; a
 * block over the 16 tensors 1 MiB.  10.31 GiB rounds from [10.305, 10.315)
 * GiB = 10,552 to 10,562 blocks, and 42,224 = blocks // 4 x 16 pins 10,556
 * to 10,559.  A request: cdiv(4096, 16) = 256 blocks in the full group and
 * cdiv(min(4095 + 2048, 4096), 16) + 1 = 257 in each sliding group
 * (SlidingWindowSpec.max_memory_usage_bytes, vllm/v1/kv_cache_interface.py
 * @v0.11.0), 1,027 in all: 10,557 / 1,027 = 10.28x, where the full layers'
 * rule alone (1,024) would print 10.31x.
 */
Test(registry, exaone4_32b_fp8_l40s_startup_of_0_11)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	int64_t b;

	test_input(&in, "l40s", "LGAI-EXAONE/EXAONE-4.0-32B", "fp8");
	in.version = VLLM_VER(0, 11, 0);
	in.max_model_len = 4096;
	in.util = 0.95;
	in.enforce_eager = true;
	in.max_num_batched_tokens = 2048;
	for (b = 10556; b <= 10559; b++) {
		in.kv_cache_memory_bytes = b << 20;
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
		cr_assert_eq(p.page_bytes, 65536);
		cr_assert_eq(p.group_size, 16);
		cr_assert_eq(p.n_groups, 4);
		cr_assert_eq(p.n_full_groups, 1);
		cr_assert_eq(p.num_blocks, b);
		cr_assert_eq(p.blocks_per_request, 1027);
		cr_assert_eq(p.kv_tokens, 42224);
		cr_assert(round(p.max_concurrency * 100.0) == 1028.0, "%.4f",
		    p.max_concurrency);
	}
}

/*
 * Hy-MT2-7B (HunYuanDenseV1ForCausalLM, hunyuan_v1.py @00f8d44): 32
 * layers of 32 heads of 128 (head_dim), 8 KV heads: KV 2 x 8 x 128 x 2 B
 * x 32 = 131,072 B a token, 32,768 at TP 4.  Weights: embed_tokens 128,167
 * rows padded to 128,192 x 4096, tied (no lm_head); a layer q_proj and
 * o_proj 2 x 4096^2, k_proj and v_proj 2 x 4096 x 1024, gate_up and down
 * 3 x 4096 x 14,336, two RMSNorms 2 x 4096 (query_layernorm and
 * key_layernorm, 2 x 128, not counted); the final norm 4096: with the
 * unpadded vocabulary 7,504,560,128 parameters, 7,504,568,320 with the
 * QK norms (the release's 7B); RoPE over max_position_embeddings 262,144
 * x 128 x 2 B (the dynamic alpha scaling keeps the length, factor 1.0).
 * At TP 4 the vocab, q, o and the MLP / 4, k and v 2 heads a rank, the
 * norms whole.
 */
static void refused_with(const char *arch, const char *extra,
    const char *needle);

Test(registry, read_class_hunyuan_dense_hy_mt2_7b)
{
	struct model m;

	read_class_figures("sweep/tencent--Hy-MT2-7B",
	    "HunYuanDenseV1ForCausalLM", 1, 131072,
	    (128192.0 * 4096 + 32 * (218103808.0 + 8192) + 4096) * 2 +
		262144.0 * 128 * 2);
	read_class_figures("sweep/tencent--Hy-MT2-7B",
	    "HunYuanDenseV1ForCausalLM", 4, 32768,
	    (32048.0 * 4096 + 32 * (8388608.0 + 2097152 + 44040192 + 8192) +
		4096) *
		    2 +
		262144.0 * 128 * 2);
	/* hunyuan_v1.py's HunYuanMLP raises for another activation */
	refused_with("HunYuanDenseV1ForCausalLM", "\"hidden_act\":\"gelu\"",
	    "Unsupported activation: gelu");
	/* attention_bias (or bias): qkv_proj and o_proj; mlp_bias: the MLP;
	 * attention_head_dim when head_dim is not given */
	cr_assert_eq(read_class("HunYuanDenseV1ForCausalLM",
			 "\"model_type\":\"hunyuan_v1_dense\","
			 "\"bias\":true,\"mlp_bias\":true,"
			 "\"attention_head_dim\":32",
			 &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_null(m.assumption, "%s", m.assumption);
	cr_assert(m.qkv_bias);
	cr_assert(m.bias_mask & MODEL_BIAS_O);
	cr_assert(m.bias_mask & MODEL_BIAS_MLP);
	cr_assert_eq(m.head_dim, 32);
	cr_assert_eq(m.rotary_dim, 32);
	model_done(&m);
}

/*
 * Hunyuan-A13B-Instruct (HunYuanMoEV1ForCausalLM, hunyuan_v1.py @00f8d44):
 * 32 layers of 32 heads of 128 (attention_head_dim), 8 KV heads: KV 2 x 8
 * x 128 x 2 B x 32 = 131,072 B a token, 65,536 at TP 2.  Weights:
 * embed_tokens 128,167 rows padded to 128,192 x 4096, tied (no lm_head); a
 * layer qkv_proj 4096 x 6144 (32 + 2 x 8 heads of 128), o_proj 4096^2, two
 * RMSNorms 2 x 4096 (query_layernorm and key_layernorm, 2 x 128, not
 * counted), HunYuanSparseMoeBlock's 16-bit gate 4096 x 64, 64 experts 64 x
 * 3 x 4096 x 3072 (moe_intermediate_size) and the shared_mlp of
 * intermediate_size x num_shared_expert 3 x 4096 x 3072: 2,495,881,216 a
 * layer; the final norm 4096: with the unpadded vocabulary 80,393,175,040
 * parameters (the release's 80B).  RoPE over 2048 rows (no
 * max_position_embeddings in the quoted fields: HunYuanMoEV1Config's
 * default) x 128 x 2 B.  At TP 2 the vocab, qkv (4 KV heads a rank), o,
 * the experts and shared_mlp / 2, the gate and norms whole: 1,248,075,776
 * a layer.
 */
Test(registry, read_class_hunyuan_moe_a13b)
{
	double rope = 2048.0 * 128 * 2;

	read_class_figures("sweep/tencent--Hunyuan-A13B-Instruct",
	    "HunYuanMoEV1ForCausalLM", 1, 131072,
	    (128192.0 * 4096 + 32 * 2495881216.0 + 4096) * 2 + rope);
	read_class_figures("sweep/tencent--Hunyuan-A13B-Instruct",
	    "HunYuanMoEV1ForCausalLM", 2, 65536,
	    (64096.0 * 4096 +
		32 *
		    (12582912.0 + 8388608 + 8192 + 262144 + 1207959552 +
			18874368) +
		4096) *
		    2 +
		rope);
	/* the gate and FusedMoE of hunyuan_v1.py take num_experts as one
	 * number */
	refused_with("HunYuanMoEV1ForCausalLM",
	    "\"num_experts\":[8,8,8,8],\"moe_topk\":2", "'num_experts'");
	refused_with("HunYuanMoEV1ForCausalLM",
	    "\"num_experts\":8,\"moe_topk\":2,\"hidden_act\":\"gelu\"",
	    "Unsupported activation: gelu");
}

/* The TeleChat2-115B fixture read as class arch: its architectures entry,
 * TelechatForCausalLM, is no vLLM class (SOURCE). */
static void
telechat_115b(const char *arch, struct model *m)
{
	char path[1024], text[4096], json[4200], err[512];
	const char *bad, *at;
	size_t n;
	FILE *f;

	snprintf(path, sizeof path,
	    "%s/tests/fixtures/configs/sweep/Tele-AI--TeleChat2-115B/"
	    "config.json",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".");
	f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	at = strstr(text, "\"TelechatForCausalLM\"");
	cr_assert_not_null(at);
	snprintf(json, sizeof json, "%.*s\"%s\"%s", (int)(at - text), text,
	    arch, at + strlen("\"TelechatForCausalLM\""));
	cr_assert_eq(test_config_try(json, m, err, sizeof err, &bad), 0, "%s",
	    err);
	cr_assert_null(m->refusal, "%s: %s", arch, m->refusal);
	cr_assert_null(m->assumption, "%s: %s", arch, m->assumption);
}

/*
 * TeleChat2-115B (telechat2.py @0c4bb0e, as TeleChatForCausalLM and
 * TeleChat2ForCausalLM): 96 layers (n_layer) of 64 heads (n_head) of 8192
 * / 64 = 128, 8 KV heads: KV 2 x 8 x 128 x 2 B x 96 = 393,216 B a token,
 * 49,152 at TP 8 (one KV head a rank).  Weights: embed_tokens and the
 * untied lm_head 2 x 131,072 x 8192; a layer qkv_proj 8192 x (8192 + 2 x
 * 1024) without bias, o_proj 8192^2 and its bias 8192, gate_up and down 3
 * x 8192 x 40,960 (ffn_hidden_size) and down's bias 8192, two RMSNorms 2 x
 * 8192: 1,157,660,672; the final norm 8192: 113,282,916,352 parameters, 4
 * B each the checkpoint's float32 total_size of 453,131,665,408
 * (model.safetensors.index.json beside the config, o_proj and down_proj
 * biases included); RoPE over 8192 rows (no max_position_embeddings:
 * LlamaAttention's default) x 128 x 2 B.  At TP 8 the vocab, q, o, k and v
 * (one head each) and the MLP / 8, the two biases and norms whole:
 * 144,736,256 a layer.
 */
Test(registry, read_class_telechat2_115b)
{
	static const char *const arch[] = { "TeleChatForCausalLM",
		"TeleChat2ForCausalLM" };
	double rope = 8192.0 * 128 * 2;
	size_t i;

	for (i = 0; i < 2; i++) {
		struct model m;
		struct kv_params p;
		struct kv_layout l;
		struct weights_breakdown w;

		telechat_115b(arch[i], &m);
		params(&p, 1, KV_AUTO);
		test_kv_layout(&m, &p, &l);
		cr_assert_eq(l.bytes_per_token, 393216, "%s", arch[i]);
		weights_rank(&m, FMT_BF16, 2, 1, 1, 0, &w);
		cr_assert_float_eq(w.total, 113282916352.0 * 2 + rope, 0.5,
		    "%s: %.0f", arch[i], w.total);
		cr_assert_float_eq((w.total - rope) * 2, 453131665408.0, 0.5,
		    "%s", arch[i]);
		params(&p, 8, KV_AUTO);
		test_kv_layout(&m, &p, &l);
		cr_assert_eq(l.bytes_per_token, 49152, "%s", arch[i]);
		weights_rank(&m, FMT_BF16, 2, 8, 1, 0, &w);
		cr_assert_float_eq(w.total,
		    (2.0 * 16384 * 8192 + 96 * 144736256.0 + 8192) * 2 + rope,
		    0.5, "%s TP 8: %.0f", arch[i], w.total);
		model_done(&m);
	}
	/* vLLM's Telechat2Config leaves num_key_value_heads None when the
	 * config does */
	refused_with("TeleChat2ForCausalLM", "\"intermediate_size\":512",
	    "'num_key_value_heads'");
}

/*
 * Baichuan2-7B-Chat (BaichuanForCausalLM, baichuan.py @6b06599): 32 layers
 * of 32 heads of 4096 / 32 = 128, W_pack with as many KV heads: KV 2 x 32
 * x 128 x 2 B x 32 = 524,288 B a token, 262,144 at TP 2.  Weights:
 * embed_tokens and the untied lm_head 2 x 125,696 x 4096; a layer W_pack
 * 3 x 4096^2, o_proj 4096^2, gate_up and down 3 x 4096 x 11,008, two
 * RMSNorms 2 x 4096; the final norm 4096: 7,505,973,248 parameters (the
 * 7B of its name); hidden_size 4096 takes ROPE, 4096 x 128 x 2 B over
 * max_position_embeddings.  At TP 2 the vocab and every linear / 2.
 */
Test(registry, read_class_baichuan2_7b)
{
	struct model m;

	read_class_figures("sweep/baichuan-inc--Baichuan2-7B-Chat",
	    "BaichuanForCausalLM", 1, 524288,
	    (2.0 * 125696 * 4096 + 32 * (202375168.0 + 8192) + 4096) * 2 +
		4096.0 * 128 * 2);
	read_class_figures("sweep/baichuan-inc--Baichuan2-7B-Chat",
	    "BaichuanForCausalLM", 2, 262144,
	    (2.0 * 62848 * 4096 + 32 * (202375168.0 / 2 + 8192) + 4096) * 2 +
		4096.0 * 128 * 2);
	/* another hidden_size (Baichuan 13B): ALIBI, no rotary cache */
	cr_assert_eq(read_class("BaichuanForCausalLM", "", &m), 0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.rotary_dim, 0);
	model_done(&m);
	/* Baichuan-7B's class always takes ROPE; KV heads are the heads */
	cr_assert_eq(read_class("BaiChuanForCausalLM",
			 "\"num_key_value_heads\":2", &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.rotary_dim, 64);
	cr_assert_eq(m.kv_heads, 4);
	cr_assert_eq(m.rope_cache_len, 8192);
	model_done(&m);
	refused_with("BaichuanForCausalLM", "\"hidden_act\":\"gelu\"",
	    "Unsupported activation: gelu");
}

/*
 * deepseek-moe-16b-chat (DeepseekForCausalLM, deepseek_v2.py @002d607
 * DeepseekAttention): 28 layers of 16 heads of 2048 / 16 = 128, 16 KV
 * heads: KV 2 x 16 x 128 x 2 B x 28 = 229,376 B a token, 114,688 at TP 2.
 * Weights: embed_tokens and the lm_head (its own, deepseek_v2.py) 2 x
 * 102,400 x 2048; a layer qkv_proj and o_proj 4 x 2048^2 and two RMSNorms
 * 2 x 2048; layer 0 (first_k_dense_replace 1) a dense MLP 3 x 2048 x
 * 10,944; layers 1-27 64 experts of 3 x 2048 x 1408, 2 shared experts 3 x
 * 2048 x 2816 and the gate 2048 x 64; the final norm 2048:
 * 16,375,728,128 parameters (the DeepSeekMoE paper's 16.4B); RoPE 4096 x
 * 128 x 2 B.  At TP 2 the vocab, attention, MLPs and each expert / 2, the
 * gate and norms whole.
 */
Test(registry, read_class_deepseek_moe_16b)
{
	read_class_figures("sweep/deepseek-ai--deepseek-moe-16b-chat",
	    "DeepseekForCausalLM", 1, 229376,
	    (2.0 * 102400 * 2048 + 28 * (16777216.0 + 4096) + 67239936.0 +
		27 * (553648128.0 + 17301504 + 131072) + 2048) *
		    2 +
		4096.0 * 128 * 2);
	read_class_figures("sweep/deepseek-ai--deepseek-moe-16b-chat",
	    "DeepseekForCausalLM", 2, 114688,
	    (2.0 * 51200 * 2048 + 28 * (16777216.0 / 2 + 4096) +
		67239936.0 / 2 +
		27 * (553648128.0 / 2 + 17301504.0 / 2 + 131072) + 2048) *
		    2 +
		4096.0 * 128 * 2);
	refused_with("DeepseekForCausalLM", "\"rswa_window\":4096",
	    "rswa_window");
}

/*
 * starcoder2-7b (starcoder2.py): 32 layers of 36 heads of 4608 / 36 = 128,
 * 4 KV heads: KV 2 x 4 x 128 x 2 B x 32 = 65,536 B a token (every layer
 * sliding 4096, the model-level window), 16,384 at TP 4.  Weights (tied,
 * use_bias): embed_tokens 49,152 x 4608; a layer q_proj and o_proj 2 x
 * 4608^2, k_proj and v_proj 2 x 4608 x 512, the qkv bias 4608 + 1024 and
 * o_proj's 4608, c_fc and c_proj 2 x 4608 x 18,432 with biases 18,432 and
 * 4608, two LayerNorms 2 x 2 x 4608; the final LayerNorm 2 x 4608:
 * 7,173,923,840 parameters (the Hub's 7.17B); RoPE 16,384 x 128 x 2 B.  At
 * TP 4: q, o and the MLP / 4, one KV head a rank (k, v 2 x 4608 x 128,
 * the qkv bias (9 + 2) x 128), c_fc's bias / 4, o_proj's and c_proj's
 * whole.
 */
Test(registry, read_class_starcoder2_7b)
{
	read_class_figures("sweep/bigcode--starcoder2-7b",
	    "Starcoder2ForCausalLM", 1, 65536,
	    7173923840.0 * 2 + 16384.0 * 128 * 2);
	read_class_figures("sweep/bigcode--starcoder2-7b",
	    "Starcoder2ForCausalLM", 4, 16384,
	    (49152.0 / 4 * 4608 +
		32 *
		    (2 * 4608.0 * 4608 / 4 + 2 * 4608.0 * 128 + 11 * 128 +
			4608 + 2 * 4608.0 * 18432 / 4 + 18432 / 4 + 4608 +
			4 * 4608) +
		2 * 4608) *
		    2 +
		16384.0 * 128 * 2);
}

/*
 * internlm3-8b-instruct (InternLM3ForCausalLM, LlamaForCausalLM in vLLM's
 * registry, llama.py): 48 layers of 32 heads of 128 (head_dim), 2 KV
 * heads: KV 2 x 2 x 128 x 2 B x 48 = 49,152 B a token, 24,576 at TP 2.
 * Weights: embed_tokens and the untied lm_head 2 x 128,512 x 4096; a layer
 * q_proj and o_proj 2 x 4096^2, k_proj and v_proj 2 x 4096 x 256,
 * gate_up and down 3 x 4096 x 10,240, two RMSNorms 2 x 4096 (qkv_bias and
 * bias false: none); the final norm 4096: 8,804,241,408 parameters (the
 * card's 8.8B); the dynamic RoPE (factor 6) caches 32,768 x 6 rows x 128
 * x 2 B.  At TP 2 the vocab, q, o and the MLP / 2, one KV head a rank.
 */
Test(registry, read_class_internlm3_8b)
{
	struct model m;

	read_class_figures("sweep/internlm--internlm3-8b-instruct",
	    "InternLM3ForCausalLM", 1, 49152,
	    (2.0 * 128512 * 4096 + 48 * (161480704.0 + 8192) + 4096) * 2 +
		196608.0 * 128 * 2);
	read_class_figures("sweep/internlm--internlm3-8b-instruct",
	    "InternLM3ForCausalLM", 2, 24576,
	    (2.0 * 64256 * 4096 +
		48 * (16777216.0 + 2 * 4096.0 * 128 + 62914560 + 8192) + 4096) *
		    2 +
		196608.0 * 128 * 2);
	/* llama.py: bias gives qkv_proj and o_proj one, qkv_bias overrides
	 * the first */
	cr_assert_eq(read_class("InternLM3ForCausalLM",
			 "\"bias\":true,\"qkv_bias\":false", &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_not(m.qkv_bias);
	cr_assert(m.bias_mask & MODEL_BIAS_O);
	model_done(&m);
	cr_assert_eq(read_class("InternLM3ForCausalLM",
			 "\"qkv_bias\":true,\"mlp_bias\":true", &m),
	    0);
	cr_assert(m.qkv_bias);
	cr_assert_not(m.bias_mask & MODEL_BIAS_O);
	cr_assert(m.bias_mask & MODEL_BIAS_MLP);
	model_done(&m);
}

/*
 * granite-3.1-3b-a800m-instruct (GraniteMoeForCausalLM, granitemoe.py
 * @045e200): 32 layers of 24 heads of 1536 / 24 = 64, 8 KV heads: KV 2 x
 * 8 x 64 x 2 B x 32 = 65,536 B a token, 32,768 at TP 2.  Weights (tied):
 * embed_tokens 49,155 rows padded to 49,216 x 1536; a layer q_proj and
 * o_proj 2 x 1536^2, k_proj and v_proj 2 x 1536 x 512, 40 experts of 3 x
 * 1536 x 512, the gate 1536 x 40, two RMSNorms 2 x 1536; the final norm
 * 1536: with the unpadded vocabulary 3,298,793,472 parameters (the
 * card's 3.3B); RoPE 131,072 x 64 x 2 B.  At TP 2 the vocab, q, o and
 * each expert / 2, four KV heads a rank, the gate and norms whole.
 */
Test(registry, read_class_granitemoe_3b)
{
	read_class_figures("sweep/ibm-granite--granite-3.1-3b-a800m-instruct",
	    "GraniteMoeForCausalLM", 1, 65536,
	    (49216.0 * 1536 + 32 * (6291456.0 + 94371840 + 61440 + 3072) +
		1536) *
		    2 +
		131072.0 * 64 * 2);
	read_class_figures("sweep/ibm-granite--granite-3.1-3b-a800m-instruct",
	    "GraniteMoeForCausalLM", 2, 32768,
	    (24608.0 * 1536 +
		32 * (2359296.0 + 786432 + 47185920 + 61440 + 3072) + 1536) *
		    2 +
		131072.0 * 64 * 2);
	refused_with("GraniteMoeForCausalLM",
	    "\"num_local_experts\":4,\"attention_bias\":true",
	    "attention_bias");
}

/*
 * ERNIE-4.5-21B-A3B-PT (Ernie4_5_MoeForCausalLM, ernie45_moe.py @0028a75):
 * 28 layers of 20 heads of 128 (head_dim), 4 KV heads: KV 2 x 4 x 128 x 2
 * B x 28 = 57,344 B a token, 28,672 at TP 2.  Weights (tied): embed_tokens
 * 103,424 x 2560; a layer q_proj and o_proj 2 x 2560 x 2560, k_proj and
 * v_proj 2 x 2560 x 512, two RMSNorms 2 x 2560; layer 0 (below
 * moe_layer_start_index 1) a dense MLP 3 x 2560 x 12,288; layers 1-27 64
 * experts of 3 x 2560 x 1536, 2 shared experts 3 x 2560 x 3072 and the
 * gate 2560 x 64; the final norm 2560: 21,825,436,160 parameters (the
 * 21.8B the quoting test gives, the card's 21B); RoPE 131,072 x 128 x 2
 * B.  At TP 2 the vocab, q, o, the MLPs and each expert / 2, two KV heads
 * a rank, the gate and norms whole.
 */
Test(registry, read_class_ernie45_moe_21b)
{
	struct model m;

	read_class_figures("sweep/baidu--ERNIE-4.5-21B-A3B-PT",
	    "Ernie4_5_MoeForCausalLM", 1, 57344,
	    (103424.0 * 2560 + 28 * (15728640.0 + 5120) + 94371840.0 +
		27 * (754974720.0 + 23592960 + 163840) + 2560) *
		    2 +
		131072.0 * 128 * 2);
	read_class_figures("sweep/baidu--ERNIE-4.5-21B-A3B-PT",
	    "Ernie4_5_MoeForCausalLM", 2, 28672,
	    (51712.0 * 2560 + 28 * (6553600.0 + 1310720 + 5120) +
		94371840.0 / 2 +
		27 * (754974720.0 / 2 + 23592960.0 / 2 + 163840) + 2560) *
		    2 +
		131072.0 * 128 * 2);
	/* use_bias: qkv_proj and the dense MLP, never o_proj */
	cr_assert_eq(read_class("Ernie4_5_MoeForCausalLM",
			 "\"moe_num_experts\":8,\"use_bias\":true", &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert(m.qkv_bias);
	cr_assert_not(m.bias_mask & MODEL_BIAS_O);
	cr_assert(m.bias_mask & MODEL_BIAS_MLP);
	cr_assert_eq(m.rope_cache_len, 131072);
	model_done(&m);
	refused_with("Ernie4_5_MoeForCausalLM",
	    "\"moe_num_experts\":8,\"hidden_act\":\"gelu\"",
	    "Unsupported activation: gelu");
}

/*
 * dots.llm1.inst (Dots1ForCausalLM, dots1.py @00bd149): 62 layers of 32
 * heads of 4096 / 32 = 128, as many KV heads: KV 2 x 32 x 128 x 2 B x 62
 * = 1,015,808 B a token, 507,904 at TP 2.  Weights: embed_tokens and the
 * lm_head (its own) 2 x 152,064 x 4096; a layer qkv_proj and o_proj 4 x
 * 4096^2 and two RMSNorms 2 x 4096 (q_norm and k_norm, 2 x 128, not
 * counted); layer 0 (first_k_dense_replace 1) a dense MLP 3 x 4096 x
 * 10,944; layers 1-61 128 experts of 3 x 4096 x 1408, 2 shared experts 3
 * x 4096 x 2816 and the gate 4096 x 128; the final norm 4096:
 * 142,774,358,016 parameters (the card's 142B); RoPE 32,768 x 128 x 2 B.
 * At TP 2 the vocab, attention, MLPs and each expert / 2, the gate and
 * norms whole.
 */
Test(registry, read_class_dots1)
{
	read_class_figures("sweep/rednote-hilab--dots.llm1.inst",
	    "Dots1ForCausalLM", 1, 1015808,
	    (2.0 * 152064 * 4096 + 62 * (67108864.0 + 8192) + 134479872.0 +
		61 * (2214592512.0 + 34603008 + 524288) + 4096) *
		    2 +
		32768.0 * 128 * 2);
	read_class_figures("sweep/rednote-hilab--dots.llm1.inst",
	    "Dots1ForCausalLM", 2, 507904,
	    (2.0 * 76032 * 4096 + 62 * (67108864.0 / 2 + 8192) +
		134479872.0 / 2 +
		61 * (2214592512.0 / 2 + 34603008.0 / 2 + 524288) + 4096) *
		    2 +
		32768.0 * 128 * 2);
	refused_with("Dots1ForCausalLM",
	    "\"n_routed_experts\":8,\"hidden_act\":\"gelu\"",
	    "Unsupported activation: gelu");
}

/*
 * Apertus-8B (ApertusForCausalLM, apertus.py @e85b9bd): 32 layers of 32
 * heads of 4096 / 32 = 128, 8 KV heads: KV 2 x 8 x 128 x 2 B x 32 =
 * 131,072 B a token, 65,536 at TP 2.  Weights: embed_tokens and the untied
 * lm_head 2 x 131,072 x 4096; a layer q_proj and o_proj 2 x 4096^2,
 * k_proj and v_proj 2 x 4096 x 1024, up_proj and down_proj (no gate) 2 x
 * 4096 x 21,504, two RMSNorms 2 x 4096 (q_norm, k_norm and XIELU's four
 * scalars not counted); the final norm 4096: 8,053,329,920 parameters
 * (the 8B of its name); the llama3 RoPE keeps max_position_embeddings,
 * 65,536 x 128 x 2 B.  At TP 2 the vocab, q, o and the MLP / 2, four KV
 * heads a rank.
 */
Test(registry, read_class_apertus_8b)
{
	read_class_figures("sweep/swiss-ai--Apertus-8B", "ApertusForCausalLM",
	    1, 131072,
	    (2.0 * 131072 * 4096 + 32 * (218103808.0 + 8192) + 4096) * 2 +
		65536.0 * 128 * 2);
	read_class_figures("sweep/swiss-ai--Apertus-8B", "ApertusForCausalLM",
	    2, 65536,
	    (2.0 * 65536 * 4096 +
		32 * (16777216.0 + 4194304 + 88080384 + 8192) + 4096) *
		    2 +
		65536.0 * 128 * 2);
	refused_with("ApertusForCausalLM", "\"hidden_act\":\"silu\"",
	    "Unsupported activation: silu. Only xIELU");
}

/*
 * glm-4-9b-chat-hf (GlmForCausalLM, glm.py: LlamaForCausalLM with RoPE on
 * half the head and no o_proj bias): 40 layers of 32 heads of 128
 * (head_dim), 2 KV heads: KV 2 x 2 x 128 x 2 B x 40 = 40,960 B a token,
 * 20,480 at TP 2.  Weights: embed_tokens and the untied lm_head 2 x
 * 151,552 x 4096; a layer q_proj and o_proj 2 x 4096^2, k_proj and v_proj
 * 2 x 4096 x 256, the qkv_proj bias (32 + 2 x 2) x 128 (attention_bias;
 * none on o_proj), the MLP 3 x 4096 x 13,696, two RMSNorms 2 x 4096; the
 * final norm 4096: 9,399,951,360 parameters (the card's 9.4B); RoPE on
 * 64 of 128 over 131,072 rows, 131,072 x 64 x 2 B.  At TP 2 the vocab,
 * q, o and the MLP / 2, one KV head a rank, the bias (16 + 2) x 128.
 */
Test(registry, read_class_glm4_9b_hf)
{
	struct model m;

	read_class_figures("sweep/THUDM--glm-4-9b-chat-hf", "GlmForCausalLM", 1,
	    40960, 9399951360.0 * 2 + 131072.0 * 64 * 2);
	read_class_figures("sweep/THUDM--glm-4-9b-chat-hf", "GlmForCausalLM", 2,
	    20480,
	    (2.0 * 75776 * 4096 +
		40 * (16777216.0 + 1048576 + 2304 + 84148224 + 8192) + 4096) *
		    2 +
		131072.0 * 64 * 2);
	/* the half-head rotary whatever partial_rotary_factor says */
	cr_assert_eq(
	    read_class("GlmForCausalLM",
		"\"partial_rotary_factor\":1.0,\"attention_bias\":true", &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.rotary_dim, m.head_dim / 2);
	cr_assert(m.qkv_bias);
	cr_assert_not(m.bias_mask & MODEL_BIAS_O);
	model_done(&m);
}

/*
 * ERNIE-4.5-0.3B-PT (Ernie4_5ForCausalLM, ernie45.py: LlamaForCausalLM
 * with no o_proj bias): 18 layers of 16 heads of 128 (head_dim), 2 KV
 * heads: KV 2 x 2 x 128 x 2 B x 18 = 18,432 B a token, 9,216 at TP 2.
 * Weights (tied): embed_tokens 103,424 x 1024; a layer q_proj and o_proj
 * 2 x 1024 x 2048, k_proj and v_proj 2 x 1024 x 256, the MLP 3 x 1024 x
 * 3072, two RMSNorms 2 x 1024; the final norm 1024: 360,748,032
 * parameters (the card's 0.36B); RoPE 131,072 x 128 x 2 B.  At TP 2 the
 * vocab, q, o and the MLP / 2, one KV head a rank.
 */
Test(registry, read_class_ernie45_03b)
{
	read_class_figures("sweep/baidu--ERNIE-4.5-0.3B-PT",
	    "Ernie4_5ForCausalLM", 1, 18432,
	    360748032.0 * 2 + 131072.0 * 128 * 2);
	read_class_figures("sweep/baidu--ERNIE-4.5-0.3B-PT",
	    "Ernie4_5ForCausalLM", 2, 9216,
	    (51712.0 * 1024 + 18 * (2097152.0 + 262144 + 4718592 + 2048) +
		1024) *
		    2 +
		131072.0 * 128 * 2);
	refused_with("Ernie4_5ForCausalLM", "\"use_bias\":true", "use_bias");
}

/*
 * Ernie4_5_ForCausalLM, the class name of early ERNIE 4.5 exports: the
 * same ernie45.py model in vLLM 0.10.0's registry, renamed
 * Ernie4_5ForCausalLM by #21735; planned as it, served up to 0.10.0.
 */
Test(registry, ernie45_underscore_name_is_the_same_class)
{
	const char *f = "\"head_dim\":128,\"num_key_value_heads\":2,"
			"\"tie_word_embeddings\":true";
	struct model a, b;

	cr_assert_eq(read_class("Ernie4_5ForCausalLM", f, &a), 0);
	cr_assert_eq(read_class("Ernie4_5_ForCausalLM", f, &b), 0);
	cr_assert_null(b.refusal, "%s", b.refusal);
	cr_assert_null(b.assumption, "%s", b.assumption);
	cr_assert_eq(b.head_dim, a.head_dim);
	cr_assert_eq(b.rotary_dim, a.rotary_dim);
	cr_assert_eq(b.bias_mask, a.bias_mask);
	cr_assert_not(b.bias_mask & MODEL_BIAS_O);
	cr_assert_eq(b.last_release, VLLM_VER(0, 10, 0));
	cr_assert_eq(a.last_release, 0);
	model_done(&a);
	model_done(&b);
	refused_with("Ernie4_5_ForCausalLM", "\"use_bias\":true", "use_bias");
}

/*
 * GLM-4-32B-0414 (Glm4ForCausalLM, glm4.py @055e47c): 61 layers of 48
 * heads of 128 (head_dim), 2 KV heads: KV 2 x 2 x 128 x 2 B x 61 = 62,464
 * B a token, 31,232 at TP 2.  Weights: embed_tokens and the untied lm_head
 * 2 x 151,552 x 6144; a layer q_proj and o_proj 2 x 6144^2, k_proj and
 * v_proj 2 x 6144 x 256 (attention_bias false: no bias), the MLP 3 x 6144
 * x 23,040, four RMSNorms 4 x 6144 (input, post_self_attn,
 * post_attention, post_mlp); the final norm 6144: 32,566,081,536
 * parameters; RoPE on 64 of 128 over 32,768 rows, 32,768 x 64 x 2 B.  At
 * TP 2 the vocab, q, o and the MLP / 2, one KV head a rank, the norms
 * whole.
 */
Test(registry, read_class_glm4_32b_0414)
{
	struct model m;

	read_class_figures("sweep/zai-org--GLM-4-32B-0414", "Glm4ForCausalLM",
	    1, 62464, 32566081536.0 * 2 + 32768.0 * 64 * 2);
	read_class_figures("sweep/zai-org--GLM-4-32B-0414", "Glm4ForCausalLM",
	    2, 31232,
	    (2.0 * 75776 * 6144 +
		61 * (37748736.0 + 1572864 + 212336640 + 24576) + 6144) *
		    2 +
		32768.0 * 64 * 2);
	/* a qkv_proj bias under attention_bias, not bias; half the head
	 * rotary when the config names no factor */
	cr_assert_eq(read_class("Glm4ForCausalLM", "\"bias\":true", &m), 0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_not(m.qkv_bias);
	cr_assert_not(m.bias_mask & MODEL_BIAS_O);
	cr_assert(m.bias_mask & MODEL_NORM_FOUR);
	cr_assert_eq(m.rotary_dim, m.head_dim / 2);
	model_done(&m);
	cr_assert_eq(read_class("Glm4ForCausalLM",
			 "\"attention_bias\":true,"
			 "\"rope_parameters\":{\"partial_rotary_factor\":0.25}",
			 &m),
	    0);
	cr_assert(m.qkv_bias);
	cr_assert_eq(m.rotary_dim, m.head_dim / 4);
	model_done(&m);
	refused_with("Glm4ForCausalLM", "\"hidden_act\":\"gelu\"",
	    "Unsupported activation: gelu");
}

/*
 * MiniCPM-2B-sft-bf16 and MiniCPM-MoE-8x2B (MiniCPMForCausalLM, minicpm.py
 * as the mirror 1CatAI/1Cat-vLLM @92a785c holds it): 40 layers of 36
 * heads of 2304 / 36 = 64, as many KV heads: KV 2 x 36 x 64 x 2 B x 40 =
 * 368,640 B a token, 184,320 at TP 2.  Weights (tied): embed_tokens
 * 122,753 rows padded to 122,816 x 2304; a layer qkv_proj and o_proj 4 x
 * 2304^2, two RMSNorms 2 x 2304, the 2B's MLP 3 x 2304 x 5760, the MoE's
 * 8 experts of 3 x 2304 x 5760 and the gate 2304 x 8; the final norm:
 * 2,725,026,048 and 13,873,436,928 parameters; RoPE 4096 x 64 x 2 B.  At
 * TP 2 the vocab, attention and MLP / 2.
 */
Test(registry, read_class_minicpm_2b)
{
	read_class_figures("sweep/openbmb--MiniCPM-2B-sft-bf16",
	    "MiniCPMForCausalLM", 1, 368640,
	    2725026048.0 * 2 + 4096.0 * 64 * 2);
	read_class_figures("sweep/openbmb--MiniCPM-2B-sft-bf16",
	    "MiniCPMForCausalLM", 2, 184320,
	    (61408.0 * 2304 + 40 * (10616832.0 + 19906560 + 4608) + 2304) * 2 +
		4096.0 * 64 * 2);
	read_class_figures("sweep/openbmb--MiniCPM-MoE-8x2B",
	    "MiniCPMForCausalLM", 1, 368640,
	    13873436928.0 * 2 + 4096.0 * 64 * 2);
	/* MiniCPMMLP takes silu or fatrelu; the head is hidden / heads */
	refused_with("MiniCPMForCausalLM", "\"hidden_act\":\"gelu\"",
	    "Only silu and fatrelu are supported");
	{
		struct model m;

		cr_assert_eq(read_class("MiniCPMForCausalLM",
				 "\"hidden_act\":\"fatrelu\",\"head_dim\":128,"
				 "\"attention_bias\":true",
				 &m),
		    0);
		cr_assert_null(m.refusal, "%s", m.refusal);
		cr_assert_eq(m.head_dim, 64);
		cr_assert_not(m.qkv_bias);
		cr_assert_eq(m.rope_cache_len, 8192);
		model_done(&m);
	}
}

/*
 * EXAONE-3.0-7.8B-Instruct (ExaoneForCausalLM, exaone.py @a853eff): 32
 * layers (num_layers) of 32 heads of 4096 / 32 = 128, 8 KV heads: KV 2 x
 * 8 x 128 x 2 B x 32 = 131,072 B a token, 65,536 at TP 2.  Weights:
 * wte and the untied lm_head 2 x 102,400 x 4096; a layer q_proj and
 * out_proj 2 x 4096^2, k_proj and v_proj 2 x 4096 x 1024, the gated MLP 3
 * x 4096 x 14,336, ln_1 and ln_2 2 x 4096; ln_f 4096: 7,818,448,896
 * parameters (the 7.8B of its name); RoPE 4096 x 128 x 2 B.  At TP 2 the
 * vocab, q, out and the MLP / 2, four KV heads a rank.
 */
Test(registry, read_class_exaone3_7b)
{
	struct model m;

	read_class_figures("sweep/LGAI-EXAONE--EXAONE-3.0-7.8B-Instruct",
	    "ExaoneForCausalLM", 1, 131072,
	    7818448896.0 * 2 + 4096.0 * 128 * 2);
	read_class_figures("sweep/LGAI-EXAONE--EXAONE-3.0-7.8B-Instruct",
	    "ExaoneForCausalLM", 2, 65536,
	    (2.0 * 51200 * 4096 +
		32 * (16777216.0 + 4194304 + 88080384 + 8192) + 4096) *
		    2 +
		4096.0 * 128 * 2);
	/* bias gives qkv_proj and out_proj one; the activation is
	 * activation_function's */
	cr_assert_eq(read_class("ExaoneForCausalLM", "\"bias\":true", &m), 0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert(m.qkv_bias);
	cr_assert(m.bias_mask & MODEL_BIAS_O);
	cr_assert_not(m.bias_mask & MODEL_BIAS_MLP);
	model_done(&m);
	refused_with("ExaoneForCausalLM", "\"activation_function\":\"gelu\"",
	    "Unsupported activation: gelu");
}

/*
 * Grok-1 (Grok1ModelForCausalLM, grok1.py @048a32c): 64 layers of 48 heads
 * of 6144 / 48 = 128, 8 KV heads: KV 2 x 8 x 128 x 2 B x 64 = 262,144 B a
 * token, 32,768 at TP 8.  Weights (tied): embed_tokens 131,072 x 6144; a
 * layer q_proj and o_proj 2 x 6144^2, k_proj and v_proj 2 x 6144 x 1024,
 * 8 experts of 3 x 6144 x 32,768 (intermediate_size: no
 * moe_intermediate_size), the gate 6144 x 8, four RMSNorms 4 x 6144; the
 * final norm: 315,684,820,992 parameters (the 314B of its card); RoPE
 * 8192 x 128 x 2 B.  At TP 8 the vocab, q, o and each expert / 8, one KV
 * head a rank, the gate and norms whole.
 */
Test(registry, read_class_grok1)
{
	read_class_figures("sweep/hpcai-tech--grok-1", "Grok1ModelForCausalLM",
	    1, 262144, 315684820992.0 * 2 + 8192.0 * 128 * 2);
	read_class_figures("sweep/hpcai-tech--grok-1", "Grok1ModelForCausalLM",
	    8, 32768,
	    (16384.0 * 6144 +
		64 * (9437184.0 + 1572864 + 603979776 + 49152 + 24576) + 6144) *
		    2 +
		8192.0 * 128 * 2);
	refused_with("Grok1ForCausalLM",
	    "\"num_experts\":8,\"residual_moe\":true", "residual_moe");
}

/*
 * Olmo-3-7B-Instruct (Olmo3ForCausalLM, olmo2.py / olmo3.py @1ea15e9): 32
 * layers of 32 heads of 4096 / 32 = 128, MHA, three sliding layers (window
 * 4096) to a full one: KV 2 x 32 x 128 x 2 B x 32 = 524,288 B a token,
 * 262,144 at TP 2.  Weights: embed_tokens and the untied lm_head 100,278
 * rows padded to 100,288 x 4096; a layer qkv_proj and o_proj 4 x 4096^2,
 * gate_up and down 3 x 4096 x 11,008, post_attention and
 * post_feedforward norms 2 x 4096 (q_norm 4096 and k_norm 4096 not
 * counted, as OLMo 2's); the final norm 4096.  RoPE: the full layers'
 * yarn cache of 8192 x 8 = 65,536 rows and the sliding layers' unscaled
 * one of max_position_embeddings 65,536 rows, 128 wide, 2 B each.  At TP 2
 * the vocab, the heads and the MLP / 2, the norms and caches whole.
 */
Test(registry, read_class_olmo3_7b)
{
	struct model one, two;
	double rope = 2 * 65536.0 * 128 * 2;

	read_class_figures("sweep/allenai--Olmo-3-7B-Instruct",
	    "Olmo3ForCausalLM", 1, 524288,
	    (2.0 * 100288 * 4096 + 32 * (202375168.0 + 8192) + 4096) * 2 +
		rope);
	read_class_figures("sweep/allenai--Olmo-3-7B-Instruct",
	    "Olmo3ForCausalLM", 2, 262144,
	    (2.0 * 50144 * 4096 + 32 * (33554432.0 + 67633152 + 8192) + 4096) *
		    2 +
		rope);
	/* unscaled: one get_rope() cache for both layer kinds */
	cr_assert_eq(read_class("Olmo3ForCausalLM",
			 "\"model_type\":\"olmo3\",\"max_position_embeddings\":"
			 "4096",
			 &one),
	    0);
	cr_assert_eq(read_class("Olmo3ForCausalLM",
			 "\"model_type\":\"olmo3\",\"max_position_embeddings\":"
			 "4096,\"rope_scaling\":{\"rope_type\":\"yarn\","
			 "\"factor\":2,"
			 "\"original_max_position_embeddings\":2048}",
			 &two),
	    0);
	cr_assert_null(one.refusal, "%s", one.refusal);
	cr_assert_null(two.refusal, "%s", two.refusal);
	cr_assert_null(two.assumption, "%s", two.assumption);
	cr_assert_float_eq(weights_rope_bytes(&one, 2), 4096.0 * 64 * 2, 0.5);
	cr_assert_float_eq(weights_rope_bytes(&two, 2), 2 * 4096.0 * 64 * 2,
	    0.5);
	model_done(&one);
	model_done(&two);
	refused_with("Olmo3ForCausalLM",
	    "\"rope_parameters\":{\"full_attention\":{\"rope_type\":"
	    "\"yarn\",\"factor\":8},\"sliding_attention\":{\"rope_type\":"
	    "\"default\"}}",
	    "'rope_parameters'");
}

/*
 * OLMoE-1B-7B-0924 (OlmoeForCausalLM, olmoe.py @048a32c): 16 layers of 16
 * heads of 2048 / 16 = 128, MHA: KV 2 x 16 x 128 x 2 B x 16 = 131,072 B a
 * token, 65,536 at TP 2.  Weights: embed_tokens and the lm_head 2 x
 * 50,304 x 2048; a layer qkv_proj and o_proj 4 x 2048^2, 64 experts of 3 x
 * 2048 x 1024, the gate 2048 x 64, two RMSNorms 2 x 2048 (q_norm and
 * k_norm, 2 x 2048, not counted); the final norm 2048: 6,919,096,320
 * parameters (the 6.9B of OLMoE's paper); RoPE 4096 x 128 x 2 B.  At TP 2
 * the vocab, the heads and each expert / 2, the gate and norms whole.
 */
Test(registry, read_class_olmoe_1b_7b)
{
	double rope = 4096.0 * 128 * 2;

	read_class_figures("sweep/allenai--OLMoE-1B-7B-0924",
	    "OlmoeForCausalLM", 1, 131072,
	    (2.0 * 50304 * 2048 +
		16 * (16777216.0 + 402653184 + 131072 + 4096) + 2048) *
		    2 +
		rope);
	read_class_figures("sweep/allenai--OLMoE-1B-7B-0924",
	    "OlmoeForCausalLM", 2, 65536,
	    (2.0 * 25152 * 2048 + 16 * (8388608.0 + 201326592 + 131072 + 4096) +
		2048) *
		    2 +
		rope);
}

/*
 * Seed-OSS-36B-Instruct (SeedOssForCausalLM, seed_oss.py @055e47c): 64
 * layers of 80 heads of head_dim 128, 8 KV heads: KV 2 x 8 x 128 x 2 B x
 * 64 = 262,144 B a token, 131,072 at TP 2.  Weights: embed_tokens and the
 * untied lm_head 2 x 155,136 x 5120; a layer q_proj and o_proj 2 x 5120 x
 * 10,240, k_proj and v_proj 2 x 5120 x 1024, the qkv_proj bias 10,240 +
 * 2048 (no o_proj bias), gate_up and down 3 x 5120 x 27,648, two RMSNorms
 * 2 x 5120; the final norm 5120: 36,151,104,512 parameters (the 36B of
 * its name); RoPE over 524,288 rows x 128 x 2 B.  At TP 2 the vocab, q,
 * o, the bias and the MLP / 2, four KV heads a rank.
 */
Test(registry, read_class_seed_oss_36b)
{
	double rope = 524288.0 * 128 * 2;

	read_class_figures("sweep/ByteDance-Seed--Seed-OSS-36B-Instruct",
	    "SeedOssForCausalLM", 1, 262144,
	    (2.0 * 155136 * 5120 +
		64 * (2 * 52428800.0 + 10485760 + 12288 + 424673280 + 10240) +
		5120) *
		    2 +
		rope);
	read_class_figures("sweep/ByteDance-Seed--Seed-OSS-36B-Instruct",
	    "SeedOssForCausalLM", 2, 131072,
	    (2.0 * 77568 * 5120 +
		64 * (2 * 26214400.0 + 5242880 + 6144 + 212336640 + 10240) +
		5120) *
		    2 +
		rope);
	/* seed_oss.py's SeedOssMLP raises for another activation, and
	 * SeedOssModel asserts a window on every layer */
	refused_with("SeedOssForCausalLM", "\"hidden_act\":\"gelu\"",
	    "Unsupported activation: gelu");
	refused_with("SeedOssForCausalLM",
	    "\"sliding_window\":4096,\"max_window_layers\":2",
	    "`max_window_layers` = 2 is less than `num_hidden_layers` = 4");
}

/*
 * OLMo-1B-hf (OlmoForCausalLM, olmo.py @4ae0583): 16 layers of 16 heads of
 * 2048 / 16 = 128, MHA: KV 2 x 16 x 128 x 2 B x 16 = 131,072 B a token,
 * 65,536 at TP 2.  Weights: embed_tokens 50,304 x 2048, tied (no
 * lm_head); a layer qkv_proj and o_proj 4 x 2048^2, gate_up and down 3 x
 * 2048 x 8192; no norm weights (every LayerNorm elementwise_affine=False):
 * 1,176,764,416 parameters (the 1.18B of OLMo-1B); RoPE 2048 x 128 x 2 B.
 * At TP 2 the vocab, the heads and the MLP / 2.  olmo.py builds as many KV
 * heads as heads: a num_key_value_heads of 2 over 4 heads of 64 (the test
 * config, 4 layers) keeps 2 x 4 x 64 x 2 B x 4 = 4096 B a token.
 */
Test(registry, read_class_olmo_1b)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;

	read_class_figures("sweep/allenai--OLMo-1B-hf", "OlmoForCausalLM", 1,
	    131072, (50304.0 * 2048 + 16 * 67108864.0) * 2 + 2048.0 * 128 * 2);
	read_class_figures("sweep/allenai--OLMo-1B-hf", "OlmoForCausalLM", 2,
	    65536, (25152.0 * 2048 + 16 * 33554432.0) * 2 + 2048.0 * 128 * 2);
	cr_assert_eq(read_class("OlmoForCausalLM",
			 "\"num_key_value_heads\":2,\"intermediate_size\":512",
			 &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	params(&p, 1, KV_AUTO);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.bytes_per_token, 4096, "%lld",
	    (long long)l.bytes_per_token);
	model_done(&m);
}

/*
 * internlm-chat-7b (InternLMForCausalLM, LlamaForCausalLM in vLLM's
 * registry, llama.py's LlamaDecoderLayer): 32 layers of 32 heads of 4096 /
 * 32 = 128, MHA: KV 2 x 32 x 128 x 2 B x 32 = 524,288 B a token, 262,144
 * at TP 2.  Weights: embed_tokens and the untied lm_head 2 x 103,168 x
 * 4096; a layer q, k, v and o_proj 4 x 4096^2 and, under "bias": true,
 * their biases 3 x 4096 + 4096, gate_up and down 3 x 4096 x 11,008, two
 * RMSNorms 2 x 4096; the final norm 4096: 7,321,948,160 parameters; RoPE
 * 2048 x 128 x 2 B.  At TP 2 the vocab, the heads, the qkv bias and the
 * MLP / 2, the o_proj bias and norms whole.
 */
Test(registry, read_class_internlm_7b)
{
	double rope = 2048.0 * 128 * 2;

	read_class_figures("sweep/internlm--internlm-chat-7b",
	    "InternLMForCausalLM", 1, 524288,
	    (2.0 * 103168 * 4096 +
		32 * (67108864.0 + 16384 + 135266304 + 8192) + 4096) *
		    2 +
		rope);
	read_class_figures("sweep/internlm--internlm-chat-7b",
	    "InternLMForCausalLM", 2, 262144,
	    (2.0 * 51584 * 4096 +
		32 * (33554432.0 + 6144 + 4096 + 67633152 + 8192) + 4096) *
		    2 +
		rope);
}

/*
 * Qwen-1_8B (QWenLMHeadModel, qwen.py): 24 layers of 16 heads of 2048 / 16
 * = 128, MHA: KV 2 x 16 x 128 x 2 B x 24 = 196,608 B a token, 98,304 at
 * TP 2.  Weights: wte and the untied lm_head 2 x 151,936 x 2048; a layer
 * c_attn 3 x 2048^2 with its bias 3 x 2048, c_proj 2048^2 (no bias), the
 * MLP of 11,008 / 2 = 5504, 3 x 2048 x 5504, two RMSNorms 2 x 2048; the
 * final norm 2048: 1,836,828,672 parameters (the 1.8B of its name); RoPE
 * over max_position_embeddings 8192 x 128 x 2 B.  At TP 2 the vocab, the
 * heads, the c_attn bias and the MLP / 2, the norms whole.
 */
Test(registry, read_class_qwen_1_8b)
{
	double rope = 8192.0 * 128 * 2;

	read_class_figures("sweep/Qwen--Qwen-1_8B", "QWenLMHeadModel", 1,
	    196608,
	    (2.0 * 151936 * 2048 +
		24 * (12582912.0 + 6144 + 4194304 + 33816576 + 4096) + 2048) *
		    2 +
		rope);
	read_class_figures("sweep/Qwen--Qwen-1_8B", "QWenLMHeadModel", 2, 98304,
	    (2.0 * 75968 * 2048 +
		24 * (6291456.0 + 3072 + 2097152 + 16908288 + 4096) + 2048) *
		    2 +
		rope);
	refused_with("QWenLMHeadModel", "\"hidden_act\":\"gelu\"",
	    "Unsupported activation: gelu");
}

/*
 * BLOOM 176B (BloomForCausalLM, bloom.py): 70 layers of 112 heads of 14,336
 * / 112 = 128, MHA: KV 2 x 112 x 128 x 2 B x 70 = 4,014,080 B a token,
 * 501,760 at TP 8.  Weights: word_embeddings 250,880 x 14,336, tied (no
 * lm_head), and its LayerNorm 2 x 14,336; a layer query_key_value 3 x
 * 14,336^2 and its bias 3 x 14,336, dense 14,336^2 and its bias, the MLP
 * 2 x 4 x 14,336^2 with biases 4 x 14,336 and 14,336, two LayerNorms 4 x
 * 14,336; ln_f 2 x 14,336: 176,247,271,424 parameters (BLOOM's published
 * 176,247,271,424); ALiBi, no RoPE cache.  At TP 8 the vocab, the heads,
 * the qkv and MLP-up biases and the MLP / 8, the row-parallel biases and
 * norms whole.
 */
Test(registry, read_class_bloom_176b)
{
	double h = 14336;

	read_class_figures("sweep/bigscience--bloom", "BloomForCausalLM", 1,
	    4014080, 176247271424.0 * 2);
	read_class_figures("sweep/bigscience--bloom", "BloomForCausalLM", 8,
	    501760,
	    (31360.0 * h + 2 * h +
		70 *
		    (3 * h * h / 8 + 3 * h / 8 + h * h / 8 + h + 8 * h * h / 8 +
			4 * h / 8 + h + 4 * h) +
		2 * h) *
		2);
}

/*
 * Phi-3.5-MoE-instruct (PhiMoEForCausalLM, phimoe.py @0152400): 32 layers
 * of 32 heads of 4096 / 32 = 128, 8 KV heads: KV 2 x 8 x 128 x 2 B x 32 =
 * 131,072 B a token, 65,536 at TP 2.  Weights: embed_tokens and the
 * lm_head 2 x 32,064 x 4096 and the lm_head's bias 32,064; a layer q_proj
 * and o_proj 2 x 4096^2, k_proj and v_proj 2 x 4096 x 1024, their biases
 * 4096 + 2048 and 4096, 16 experts of 3 x 4096 x 6400, the gate 4096 x
 * 16, two LayerNorms 2 x 2 x 4096; the final LayerNorm 2 x 4096:
 * 41,873,153,344 parameters (the 41.9B of its model card); RoPE over
 * 131,072 rows x 128 x 2 B (the checkpoint's longrope scaling is not in
 * the quoted fields).  At TP 2 the vocab and the lm_head bias, the heads,
 * the qkv bias and each expert / 2, the o_proj bias, gate and norms whole.
 */
Test(registry, read_class_phimoe)
{
	double rope = 131072.0 * 128 * 2;

	read_class_figures("sweep/microsoft--Phi-3.5-MoE-instruct",
	    "PhiMoEForCausalLM", 1, 131072, 41873153344.0 * 2 + rope);
	read_class_figures("sweep/microsoft--Phi-3.5-MoE-instruct",
	    "PhiMoEForCausalLM", 2, 65536,
	    (2.0 * 16032 * 4096 + 16032 +
		32 *
		    (2 * 8388608.0 + 4194304 + 3072 + 4096 + 629145600 + 65536 +
			16384) +
		8192) *
		    2 +
		rope);
}

/*
 * persimmon-8b-base (PersimmonForCausalLM, persimmon.py @00c9e10): 36
 * layers of 64 heads of 4096 / 64 = 64, MHA: KV 2 x 64 x 64 x 2 B x 36 =
 * 589,824 B a token, 294,912 at TP 2.  Weights: embed_tokens and the
 * untied lm_head 2 x 262,144 x 4096; a layer query_key_value 3 x 4096^2
 * and its bias 3 x 4096, dense 4096^2 and its bias 4096, dense_h_to_4h and
 * dense_4h_to_h 2 x 4096 x 16,384 with biases 16,384 and 4096, two
 * LayerNorms 2 x 2 x 4096 (q_layernorm and k_layernorm not counted); the
 * final LayerNorm 2 x 4096: 9,397,166,080 parameters; RoPE on half the
 * head, 16,384 x 32 x 2 B.  At TP 2 the vocab, the heads, the qkv and
 * up biases and the MLP / 2, the row-parallel biases and norms whole.
 */
Test(registry, read_class_persimmon_8b)
{
	double rope = 16384.0 * 32 * 2;

	read_class_figures("sweep/adept--persimmon-8b-base",
	    "PersimmonForCausalLM", 1, 589824, 9397166080.0 * 2 + rope);
	read_class_figures("sweep/adept--persimmon-8b-base",
	    "PersimmonForCausalLM", 2, 294912,
	    (2.0 * 131072 * 4096 +
		36 *
		    (25165824.0 + 6144 + 8388608 + 4096 + 2 * 33554432.0 +
			8192 + 4096 + 16384) +
		8192) *
		    2 +
		rope);
}

/*
 * Minitron-4B's sizes (NemotronForCausalLM, nemotron.py @ccf9c9b): 32
 * layers of 24 heads of 3072 / 24 = 128, 8 KV heads: KV 2 x 8 x 128 x 2 B
 * x 32 = 131,072 B a token, 65,536 at TP 2.  Weights: embed_tokens and
 * the untied lm_head 2 x 256,000 x 3072; a layer qkv_proj 3072 x (24 + 2 x
 * 8) x 128, o_proj 3072^2, up_proj and down_proj 2 x 3072 x 9216 (no
 * gate), two LayerNorm1P of weight and bias 2 x 2 x 3072 (81,801,216); the
 * final LayerNorm 2 x 3072: 4,190,509,056 parameters; RoPE on half the
 * head, 4096 x 64 x 2 B.  At TP 2 the vocab, qkv, o and the MLP / 2, the
 * norms whole: 2,095,454,208.
 */
Test(registry, read_class_nemotron_minitron_4b)
{
	double rope = 4096.0 * 64 * 2;
	struct model m;

	read_class_figures("sweep/nvidia--Minitron-4B-Base",
	    "NemotronForCausalLM", 1, 131072, 4190509056.0 * 2 + rope);
	read_class_figures("sweep/nvidia--Minitron-4B-Base",
	    "NemotronForCausalLM", 2, 65536, 2095454208.0 * 2 + rope);
	/* NemotronConfig: kv_channels is the head when head_dim is left out
	 * (256 / 4 = 64 otherwise), rope_percent wins over
	 * partial_rotary_factor, attention_bias puts a bias on qkv_proj and
	 * o_proj */
	cr_assert_eq(read_class("NemotronForCausalLM",
			 "\"model_type\":\"nemotron\",\"kv_channels\":96,"
			 "\"rope_percent\":0.25,\"partial_rotary_factor\":1.0,"
			 "\"attention_bias\":true",
			 &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_null(m.assumption, "%s", m.assumption);
	cr_assert_eq(m.head_dim, 96);
	cr_assert_eq(m.rotary_dim, 24);
	cr_assert(m.qkv_bias);
	cr_assert(m.bias_mask & MODEL_BIAS_O);
	cr_assert(m.bias_mask & MODEL_BIAS_NORM);
	cr_assert(!(m.bias_mask & MODEL_BIAS_MLP));
	cr_assert(m.ffn_ungated);
	cr_assert_eq(m.rope_cache_len, 4096);
	model_done(&m);
}

/*
 * LLaMA 7B as decapoda-research/llama-7b-hf wrote it (LLaMAForCausalLM,
 * which vLLM's registry builds as llama.py's LlamaForCausalLM; LlamaConfig
 * gives num_key_value_heads = heads, max_position_embeddings 2048 and an
 * untied lm_head, which the config leaves out): 32 layers of 32 heads of
 * 4096 / 32 = 128, MHA: KV 2 x 32 x 128 x 2 B x 32 = 524,288 B a token,
 * 262,144 at TP 2.  Weights: embed_tokens and lm_head 2 x 32,000 x 4096; a
 * layer qkv_proj and o_proj 4 x 4096^2, gate_up and down 3 x 4096 x 11,008,
 * two RMSNorms 2 x 4096 (202,383,360); the final norm 4096: 6,738,415,616
 * parameters (the paper's 6.7B); RoPE 2048 x 128 x 2 B.  At TP 2 the vocab,
 * the heads and the MLP / 2, the norms whole: 3,369,340,928.
 */
Test(registry, read_class_llama_decapoda_7b)
{
	double rope = 2048.0 * 128 * 2;

	read_class_figures("sweep/decapoda-research--llama-7b-hf",
	    "LLaMAForCausalLM", 1, 524288, 6738415616.0 * 2 + rope);
	read_class_figures("sweep/decapoda-research--llama-7b-hf",
	    "LLaMAForCausalLM", 2, 262144, 3369340928.0 * 2 + rope);
}

/*
 * Jais-2-8B-Chat (Jais2ForCausalLM, jais2.py @055e47c), the sizes of
 * transformers' Jais2Config: 32 layers of 26 heads of 3328 / 26 = 128, MHA:
 * KV 2 x 26 x 128 x 2 B x 32 = 425,984 B a token, 212,992 at TP 2.
 * Weights: embed_tokens and the untied lm_head 2 x 150,272 x 3328; a layer
 * qkv_proj 3 x 3328^2 and its bias 3 x 3328, o_proj 3328^2 and its bias,
 * up_proj and down_proj 2 x 3328 x 26,624 (no gate) with biases 26,624 and
 * 3328, two LayerNorms of weight and bias 4 x 3328 (221,568,256); the
 * final LayerNorm 2 x 3328: 8,090,401,280 parameters, 16,180,802,560 B in
 * bf16, 58,504 B under the four published safetensors files (16,180,861,064
 * B with their JSON headers); RoPE 8192 x 128 x 2 B.  At TP 2 the vocab,
 * qkv, o, up, down and the column biases / 2; o_proj's and down_proj's
 * biases and the norms whole: 4,045,523,456.
 */
Test(registry, read_class_jais2_8b)
{
	double rope = 8192.0 * 128 * 2;
	struct model m;

	read_class_figures("sweep/inceptionai--Jais-2-8B-Chat",
	    "Jais2ForCausalLM", 1, 425984, 8090401280.0 * 2 + rope);
	read_class_figures("sweep/inceptionai--Jais-2-8B-Chat",
	    "Jais2ForCausalLM", 2, 212992, 4045523456.0 * 2 + rope);
	/* Jais2Config's attention_bias and mlp_bias default to True */
	cr_assert_eq(read_class("Jais2ForCausalLM", "\"model_type\":\"jais2\"",
			 &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_null(m.assumption, "%s", m.assumption);
	cr_assert(m.qkv_bias);
	cr_assert(m.bias_mask & MODEL_BIAS_O);
	cr_assert(m.bias_mask & MODEL_BIAS_MLP);
	cr_assert(m.bias_mask & MODEL_BIAS_NORM);
	cr_assert(!m.tie_embeddings);
	cr_assert_eq(m.rope_cache_len, 8192);
	model_done(&m);
	cr_assert_eq(read_class("Jais2ForCausalLM",
			 "\"model_type\":\"jais2\",\"attention_bias\":false,"
			 "\"mlp_bias\":false",
			 &m),
	    0);
	cr_assert(!m.qkv_bias);
	cr_assert(!(m.bias_mask & (MODEL_BIAS_O | MODEL_BIAS_MLP)));
	model_done(&m);
}

/*
 * CWM 32B (CwmForCausalLM, which vLLM's registry builds as llama.py's
 * LlamaForCausalLM), the sizes of transformers' CwmConfig: 64 layers of 48
 * heads of 128, 8 KV heads: KV 2 x 8 x 128 x 2 B x 64 = 262,144 B a token,
 * 131,072 at TP 2; layer_types slides layers 1-3 of every four by 8192
 * (LlamaAttention's per_layer_sliding_window): 48 sliding, 16 full.
 * Weights: embed_tokens and the untied lm_head 2 x 128,256 x 6144; a layer
 * q_proj and o_proj 2 x 6144^2, k_proj and v_proj 2 x 6144 x 1024, the
 * gated MLP 3 x 6144 x 21,504, two RMSNorms 2 x 6144 (484,454,400); the
 * final norm 6144: 32,581,097,472 parameters; the llama3 RoPE cache over
 * max_position_embeddings, 131,072 x 128 x 2 B.  At TP 2 the vocab, the
 * heads and the MLP / 2, the norms whole: 16,290,945,024.
 */
Test(registry, read_class_cwm_32b)
{
	double rope = 131072.0 * 128 * 2;
	struct model m;
	int i, sliding = 0;

	read_class_figures("sweep/facebook--cwm", "CwmForCausalLM", 1, 262144,
	    32581097472.0 * 2 + rope);
	read_class_figures("sweep/facebook--cwm", "CwmForCausalLM", 2, 131072,
	    16290945024.0 * 2 + rope);
	test_config_load("sweep/facebook--cwm", &m);
	cr_assert_not_null(m.layer_kind);
	for (i = 0; i < m.layers; i++) {
		sliding += m.layer_kind[i] == LAYER_SLIDING;
		cr_assert_eq(m.layer_kind[i] == LAYER_FULL, i % 4 == 0);
	}
	cr_assert_eq(sliding, 48);
	cr_assert_eq(m.sliding_window, 8192);
	model_done(&m);
}

/*
 * Ministral 3 3B's text model (Ministral3ForCausalLM, which vLLM's registry
 * builds as mistral.py's MistralForCausalLM): 26 layers of 32 heads of 128,
 * 8 KV heads: KV 2 x 8 x 128 x 2 B x 26 = 106,496 B a token, 53,248 at TP
 * 2.  Weights (tied): embed_tokens 131,072 x 3072 once; a layer q_proj and
 * o_proj 2 x 3072 x 4096, k_proj and v_proj 2 x 3072 x 1024, the gated MLP
 * 3 x 3072 x 9216, two RMSNorms 2 x 3072 (116,398,080); the final norm
 * 3072: 3,429,006,336 parameters; the YaRN RoPE cache of 16,384 x 16 rows,
 * 262,144 x 128 x 2 B.  At TP 2 the vocab, the heads and the MLP / 2, the
 * norms whole: 1,714,584,576.
 */
Test(registry, read_class_ministral3_3b_text)
{
	double rope = 262144.0 * 128 * 2;

	read_class_figures("sweep/mistralai--Ministral-3-3B-text",
	    "Ministral3ForCausalLM", 1, 106496, 3429006336.0 * 2 + rope);
	read_class_figures("sweep/mistralai--Ministral-3-3B-text",
	    "Ministral3ForCausalLM", 2, 53248, 1714584576.0 * 2 + rope);
}

/*
 * FlexOlmo-7x7B-1T (FlexOlmoForCausalLM, flex_olmo.py @3a04cf8: OLMoE's
 * model with FlexOlmoDecoderLayer), the sizes of FlexOlmoConfig: 32 layers
 * of 32 heads of 4096 / 32 = 128, MHA: KV 2 x 32 x 128 x 2 B x 32 =
 * 524,288 B a token, 262,144 at TP 2.  Weights: embed_tokens and the
 * lm_head of its own 2 x 100,352 x 4096; a layer qkv_proj and o_proj 4 x
 * 4096^2, 7 experts of 3 x 4096 x 11,008, the gate 4096 x 7, the
 * post-attention and post-feedforward RMSNorms 2 x 4096 (q_norm and k_norm
 * not counted; 1,014,009,856); the final norm 4096: 33,270,403,072
 * parameters; RoPE 4096 x 128 x 2 B.  At TP 2 the vocab, the heads and
 * every expert / 2, the gate and the norms whole: 16,635,793,408.
 */
Test(registry, read_class_flexolmo_7x7b)
{
	double rope = 4096.0 * 128 * 2;

	read_class_figures("sweep/allenai--FlexOlmo-7x7B-1T",
	    "FlexOlmoForCausalLM", 1, 524288, 33270403072.0 * 2 + rope);
	read_class_figures("sweep/allenai--FlexOlmo-7x7B-1T",
	    "FlexOlmoForCausalLM", 2, 262144, 16635793408.0 * 2 + rope);
}

/* What headroom does with a config of a registry class (doc table) */
enum reg_kind {
	REG_MODELLED,
	REG_VERIFIED,
	REG_UNVERIFIED,
	REG_VISION, /* unverified with a vision_config, refused without */
	REG_REFUSED
};

/* A config of class arch with the standard fields and extra (JSON
 * members, "" for none), read into m; hfconfig_read's result. */
static int
read_class(const char *arch, const char *extra, struct model *m)
{
	char json[1024], err[512];
	const char *bad;

	snprintf(json, sizeof json,
	    "{\"architectures\":[\"%s\"],\"num_hidden_layers\":4,"
	    "\"hidden_size\":256,\"num_attention_heads\":4,"
	    "\"vocab_size\":1000%s%s}",
	    arch, *extra ? "," : "", extra);
	return test_config_try(json, m, err, sizeof err, &bad);
}

static int
unverified(const struct model *m)
{
	return m->assumption != NULL &&
	    strstr(m->assumption, "is not one headroom has checked") != NULL;
}

/*
 * MiniCPM3-4B (MiniCPM3ForCausalLM, minicpm3.py @009ccee): MLA's
 * projections, but the ordinary Attention over all 40 heads as KV heads,
 * head qk_nope + qk_rope = 64 + 32 = 96 with V (64) padded to it: KV 2 x
 * 40 x 96 x 2 B x 62 = 952,320 B a token (not MLA's 62 x (256 + 32) x 2 B
 * = 35,712), 476,160 at TP 2, a page of 16 x 15,360 B a layer.  Weights
 * (tied): embed_tokens 73,448 rows padded to 73,472 x 2560; a layer
 * q_a_proj 2560 x 768 and q_a_layernorm 768, q_b_proj 768 x 40 x 96,
 * kv_a_proj_with_mqa 2560 x (256 + 32), kv_a_layernorm 256, kv_b_proj
 * 256 x 40 x (64 + 64), o_proj 40 x 64 x 2560, the gated MLP 3 x 2560 x
 * 6400, two RMSNorms 2 x 2560 (62,674,944); the final norm 2560:
 * 4,073,937,408 parameters; RoPE 32,768 x 32 x 2 B.  At TP 2 the vocab,
 * q_b, kv_b, o and the MLP / 2; q_a and kv_a replicated: 2,120,964,608.
 */
Test(registry, read_class_minicpm3_4b)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;

	read_class_figures("sweep/openbmb--MiniCPM3-4B", "MiniCPM3ForCausalLM",
	    1, 952320, 4073937408.0 * 2 + 32768.0 * 32 * 2);
	read_class_figures("sweep/openbmb--MiniCPM3-4B", "MiniCPM3ForCausalLM",
	    2, 476160, 2120964608.0 * 2 + 32768.0 * 32 * 2);
	test_config_load("sweep/openbmb--MiniCPM3-4B", &m);
	cr_assert_not(m.mla);
	cr_assert_eq(m.kv_heads, 40);
	cr_assert_eq(m.head_dim, 96);
	cr_assert_eq(m.v_head_dim, 64);
	cr_assert_eq(m.rotary_dim, 32);
	params(&p, 1, KV_AUTO);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.page, 16 * 2 * 40 * 96 * 2);
	model_done(&m);
	/* q_lora_rank null: q_proj 2560 x 40 x 96 in place of q_a / q_b */
	cr_assert_eq(read_class("MiniCPM3ForCausalLM",
			 "\"q_lora_rank\":null,\"kv_lora_rank\":256", &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert(!unverified(&m));
	cr_assert_eq(m.q_lora_rank, 0);
	cr_assert_eq(m.head_dim, 96);
	model_done(&m);
	refused_with("MiniCPM3ForCausalLM",
	    "\"kv_lora_rank\":256,\"v_head_dim\":128", "'v_head_dim'");
	refused_with("MiniCPM3ForCausalLM", "\"kv_lora_rank\":0",
	    "'kv_lora_rank'");
}

/* DeepSeek-V3's config.json (sweep/) under architectures [arch]: vLLM's
 * Mistral-format conversion gives MistralLarge3ForCausalLM DeepSeek-V3's
 * fields and model_type deepseek_v3 (vllm/transformers_utils/configs/
 * mistral.py adapt_config_dict) */
static void
read_dsv3_as(const char *arch, struct model *m)
{
	char path[1024], err[512];
	const char *bad = NULL;
	char *text;
	cJSON *cfg, *a;

	snprintf(path, sizeof path,
	    "%s/tests/fixtures/configs/sweep/deepseek-ai--DeepSeek-V3/"
	    "config.json",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".");
	text = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	cfg = cJSON_Parse(text);
	free(text);
	cr_assert_not_null(cfg);
	a = cJSON_CreateArray();
	cJSON_AddItemToArray(a, cJSON_CreateString(arch));
	cJSON_ReplaceItemInObjectCaseSensitive(cfg, "architectures", a);
	cr_assert_eq(hfconfig_read(cfg, m, err, sizeof err, &bad), 0, "%s",
	    err);
	cJSON_Delete(cfg);
}

/* KV bytes a token of m at TP tp, vLLM's defaults */
static int64_t
bpt_at(const struct model *m, int tp)
{
	struct kv_params p;
	struct kv_layout l;

	params(&p, tp, KV_AUTO);
	test_kv_layout(m, &p, &l);
	return l.bytes_per_token;
}

/*
 * MistralLarge3ForCausalLM (mistral_large_3.py, vLLM main): a subclass of
 * DeepseekV3ForCausalLM that only renames the checkpoint's weights, so a
 * config of it plans as DeepSeek-V3's: 61 layers of one latent head of
 * 512 + 64, 61 x 576 x 2 B = 70,272 B a token on every rank at TP 1 and
 * 8, the same weights (an lm_head of its own, whatever
 * tie_word_embeddings says), and no assumption; it was planned as an
 * unchecked class.
 */
Test(registry, read_class_mistral_large_3_is_deepseek_v3)
{
	struct model ds, ml;
	struct weights_breakdown wd, wm;
	int tp;

	read_dsv3_as("DeepseekV3ForCausalLM", &ds);
	read_dsv3_as("MistralLarge3ForCausalLM", &ml);
	cr_assert_null(ml.refusal, "%s", ml.refusal);
	cr_assert_null(ml.assumption, "%s", ml.assumption);
	cr_assert_eq(ml.mla, 1);
	cr_assert_eq(ml.tie_embeddings, 0);
	for (tp = 1; tp <= 8; tp *= 8) {
		cr_assert_eq(bpt_at(&ml, tp), 70272, "TP %d: %lld", tp,
		    (long long)bpt_at(&ml, tp));
		weights_rank(&ds, FMT_BF16, 2, tp, 1, 0, &wd);
		weights_rank(&ml, FMT_BF16, 2, tp, 1, 0, &wm);
		cr_assert_float_eq(wm.total, wd.total, 0.5, "TP %d", tp);
	}
	model_done(&ds);
	model_done(&ml);
}

/*
 * A.X K1 (AXK1ForCausalLM, AXK1.py): DeepSeek-V2's MLA and MoE.  The
 * checkpoint's figures as its model card gives them
 * (https://huggingface.co/skt/A.X-K1, Model Details: 61 layers, 1 dense
 * + 60 MoE, 64 heads, intermediate 7168, experts of 2048, 192 routed + 1
 * shared, 8 a token, vocab 163,840, 131,072 positions), hidden 7168 (the
 * technical report, arXiv:2601.09200: d_model 7168), MLA's sizes left to
 * vLLM's AXK1Config (kv_lora_rank 512, q_lora_rank 1536, rope 64, nope
 * 128, v 128).  KV 61 x 576 x 2 B = 70,272 B a token.  Parameters:
 * embed_tokens and the lm_head 2 x 163,840 x 7168 = 2,348,810,240; a
 * layer's attention q_a 7168 x 1536, q_a_layernorm 1536, q_b 1536 x 64 x
 * 192, kv_a 7168 x 576, kv_a_layernorm 512, kv_b 512 x 64 x 256, o 64 x
 * 128 x 7168 = 101,124,096 and two norms 2 x 7168, 61 times; the dense
 * MLP 3 x 7168 x 7168; 60 MoE layers of 193 experts of 3 x 7168 x 2048
 * and a gate 192 x 7168 = 8,501,133,312; the final norm 7168:
 * 518,740,401,152, the card's 519B (the post_mlp_layernorm, 60 x 7168, is
 * not counted; the MTP layer is not built without a draft).
 */
Test(registry, read_class_axk1)
{
	struct model m;

	test_config_parse(
	    "{\"architectures\":[\"AXK1ForCausalLM\"],\"model_type\":"
	    "\"AXK1\",\"hidden_size\":7168,\"num_hidden_layers\":61,"
	    "\"num_attention_heads\":64,\"num_key_value_heads\":64,"
	    "\"intermediate_size\":7168,\"moe_intermediate_size\":2048,"
	    "\"n_routed_experts\":192,\"n_shared_experts\":1,"
	    "\"num_experts_per_tok\":8,\"first_k_dense_replace\":1,"
	    "\"vocab_size\":163840,\"max_position_embeddings\":131072,"
	    "\"num_nextn_predict_layers\":1}",
	    &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_null(m.assumption, "%s", m.assumption);
	cr_assert_eq(m.mla, 1);
	cr_assert_eq(m.q_lora_rank, 1536);
	cr_assert_eq(m.tie_embeddings, 0);
	cr_assert_eq(bpt_at(&m, 1), 70272);
	cr_assert_eq(bpt_at(&m, 8), 70272);
	cr_assert(fabs(weights_param_count(&m) - 518.740401152) < 1e-6, "%.9fB",
	    weights_param_count(&m));
	model_done(&m);
}

/*
 * kv_lora_rank on a class of the standard path whose model file builds no
 * latent attention is refused naming the field and the class: it was
 * planned as MLA (one latent head) whatever the class built.  The classes
 * built on deepseek_v2.py's attention plan as MLA.
 */
/*
 * GLM-4.7-Flash's MLA sizes left out of config.json are Glm4MoeLiteConfig's
 * (transformers modular_glm4_moe_lite.py): q_lora_rank 768, qk_nope_head_dim
 * 192, v_head_dim 256, not DeepSeek's 0 / 128 / 128; a null q_lora_rank is
 * None (q_proj), and model_type deepseek_v3 keeps DeepSeek's sizes.
 */
Test(registry, glm4_moe_lite_mla_defaults_are_its_config_class)
{
	struct model m;

	cr_assert_eq(
	    read_class("Glm4MoeLiteForCausalLM",
		"\"model_type\":\"glm4_moe_lite\",\"kv_lora_rank\":512", &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.q_lora_rank, 768);
	cr_assert_eq(m.qk_nope_head_dim, 192);
	cr_assert_eq(m.v_head_dim, 256);
	cr_assert_eq(m.qk_rope_head_dim, 64);
	cr_assert_eq(m.head_dim, 512 + 64);
	model_done(&m);
	cr_assert_eq(read_class("Glm4MoeLiteForCausalLM",
			 "\"model_type\":\"glm4_moe_lite\",\"kv_lora_rank\":"
			 "512,"
			 "\"q_lora_rank\":null",
			 &m),
	    0);
	cr_assert_eq(m.q_lora_rank, 0);
	model_done(&m);
	cr_assert_eq(read_class("DeepseekV3ForCausalLM",
			 "\"model_type\":\"deepseek_v3\",\"kv_lora_rank\":512",
			 &m),
	    0);
	cr_assert_eq(m.qk_nope_head_dim, 128);
	cr_assert_eq(m.v_head_dim, 128);
	model_done(&m);
}

Test(registry, mla_fields_refused_where_the_class_builds_no_mla)
{
	static const char *const mla =
	    "\"kv_lora_rank\":64,\"qk_rope_head_dim\":16,"
	    "\"qk_nope_head_dim\":32,\"v_head_dim\":32";
	static const char *const plain[] = { "AquilaForCausalLM",
		"BailingMoeV2ForCausalLM", "FlexOlmoForCausalLM",
		"HyperCLOVAXForCausalLM", "SeedOssForCausalLM" };
	static const char *const built[] = { "MistralLarge3ForCausalLM",
		"AXK1ForCausalLM", "Glm4MoeLiteForCausalLM" };
	struct model m;
	size_t i;

	for (i = 0; i < sizeof plain / sizeof plain[0]; i++) {
		cr_assert_eq(read_class(plain[i], mla, &m), 0, "%s", plain[i]);
		cr_assert_not_null(m.refusal, "%s planned", plain[i]);
		cr_assert(strstr(m.refusal, plain[i]) != NULL, "%s", m.refusal);
		cr_assert(strstr(m.refusal, "'kv_lora_rank'") != NULL, "%s",
		    m.refusal);
		model_done(&m);
	}
	for (i = 0; i < sizeof built / sizeof built[0]; i++) {
		cr_assert_eq(read_class(built[i], mla, &m), 0, "%s", built[i]);
		cr_assert_null(m.refusal, "%s: %s", built[i], m.refusal);
		cr_assert(m.mla, "%s", built[i]);
		model_done(&m);
	}
}

/*
 * openpangu.py builds its latent attention only when the config has all of
 * qk_nope_head_dim, qk_rope_head_dim, v_head_dim and kv_lora_rank (hasattr;
 * the checkpoints' remote PanguUltraMoEConfig has no defaults), else an
 * ordinary attention over the KV heads: a Pangu config with kv_lora_rank
 * and one of the three left out is refused naming the one missing, where
 * it was planned as one latent head of kv_lora_rank + 64 (DeepSeek's
 * sizes); with all four it plans as MLA, 64 + 16 wide.
 */
Test(registry, pangu_mla_needs_all_four_sizes)
{
	static const char *const pangu[] = { "PanguEmbeddedForCausalLM",
		"PanguProMoEV2ForCausalLM", "PanguUltraMoEForCausalLM" };
	struct model m;
	size_t i;

	for (i = 0; i < sizeof pangu / sizeof pangu[0]; i++) {
		refused_with(pangu[i],
		    "\"kv_lora_rank\":64,\"qk_rope_head_dim\":16,"
		    "\"qk_nope_head_dim\":32",
		    "without v_head_dim");
		refused_with(pangu[i],
		    "\"kv_lora_rank\":64,\"v_head_dim\":32,"
		    "\"qk_nope_head_dim\":32",
		    "without qk_rope_head_dim");
		cr_assert_eq(read_class(pangu[i],
				 "\"kv_lora_rank\":64,\"qk_rope_head_dim\":16,"
				 "\"qk_nope_head_dim\":32,\"v_head_dim\":32",
				 &m),
		    0);
		cr_assert_null(m.refusal, "%s: %s", pangu[i], m.refusal);
		cr_assert(m.mla);
		cr_assert_eq(m.head_dim, 64 + 16);
		model_done(&m);
	}
}

/*
 * Every text-generation and multimodal class of the registry at vLLM
 * commit 0002bff0b6cb, the classes of the newer registry
 * (tests/fixtures/registry/vllm-text-generation.txt), with what
 * doc/architectures.md says headroom does with each: a modelled family
 * (which may need its own fields), the standard layer checked against
 * startups (no assumption), the standard layer said to be unverified, or
 * refused by name.
 */
static const struct {
	const char *arch;
	enum reg_kind kind;
} registry_rows[] = {
	{ "AfmoeForCausalLM", REG_REFUSED },
	{ "ApertusForCausalLM", REG_MODELLED },
	{ "AquilaModel", REG_UNVERIFIED },
	{ "AquilaForCausalLM", REG_UNVERIFIED },
	{ "ArceeForCausalLM", REG_UNVERIFIED },
	{ "ArcticForCausalLM", REG_REFUSED },
	{ "BaiChuanForCausalLM", REG_MODELLED },
	{ "BaichuanForCausalLM", REG_MODELLED },
	{ "BailingMoeForCausalLM", REG_UNVERIFIED },
	{ "BailingMoeV2ForCausalLM", REG_UNVERIFIED },
	{ "BambaForCausalLM", REG_MODELLED },
	{ "BloomForCausalLM", REG_MODELLED },
	{ "ChatGLMModel", REG_MODELLED },
	{ "ChatGLMForConditionalGeneration", REG_MODELLED },
	{ "CohereForCausalLM", REG_MODELLED },
	{ "Cohere2ForCausalLM", REG_MODELLED },
	{ "CwmForCausalLM", REG_MODELLED },
	{ "DbrxForCausalLM", REG_REFUSED },
	{ "DeciLMForCausalLM", REG_MODELLED },
	{ "DeepseekForCausalLM", REG_MODELLED },
	{ "DeepseekV2ForCausalLM", REG_VERIFIED },
	{ "DeepseekV3ForCausalLM", REG_VERIFIED },
	{ "DeepseekV32ForCausalLM", REG_MODELLED },
	{ "Dots1ForCausalLM", REG_MODELLED },
	{ "Ernie4_5ForCausalLM", REG_MODELLED },
	{ "Ernie4_5_MoeForCausalLM", REG_MODELLED },
	{ "ExaoneForCausalLM", REG_MODELLED },
	{ "Exaone4ForCausalLM", REG_MODELLED },
	{ "Fairseq2LlamaForCausalLM", REG_UNVERIFIED },
	{ "FalconForCausalLM", REG_MODELLED },
	{ "FalconMambaForCausalLM", REG_MODELLED },
	{ "FalconH1ForCausalLM", REG_MODELLED },
	{ "FlexOlmoForCausalLM", REG_MODELLED },
	{ "GemmaForCausalLM", REG_VERIFIED },
	{ "Gemma2ForCausalLM", REG_VERIFIED },
	{ "Gemma3ForCausalLM", REG_VERIFIED },
	{ "Gemma3nForCausalLM", REG_MODELLED },
	{ "Qwen3NextForCausalLM", REG_MODELLED },
	{ "GlmForCausalLM", REG_MODELLED },
	{ "Glm4ForCausalLM", REG_MODELLED },
	{ "Glm4MoeForCausalLM", REG_MODELLED },
	{ "GptOssForCausalLM", REG_VERIFIED },
	{ "GPT2LMHeadModel", REG_MODELLED },
	{ "GPTBigCodeForCausalLM", REG_MODELLED },
	{ "GPTJForCausalLM", REG_MODELLED },
	{ "GPTNeoXForCausalLM", REG_MODELLED },
	{ "GraniteForCausalLM", REG_VERIFIED },
	{ "GraniteMoeForCausalLM", REG_MODELLED },
	{ "GraniteMoeHybridForCausalLM", REG_MODELLED },
	{ "GraniteMoeSharedForCausalLM", REG_UNVERIFIED },
	{ "GritLM", REG_UNVERIFIED },
	{ "Grok1ModelForCausalLM", REG_MODELLED },
	{ "HunYuanMoEV1ForCausalLM", REG_MODELLED },
	{ "HunYuanDenseV1ForCausalLM", REG_MODELLED },
	{ "HCXVisionForCausalLM", REG_VISION },
	{ "InternLMForCausalLM", REG_MODELLED },
	{ "InternLM2ForCausalLM", REG_MODELLED },
	{ "InternLM2VEForCausalLM", REG_REFUSED },
	{ "InternLM3ForCausalLM", REG_MODELLED },
	{ "JAISLMHeadModel", REG_UNVERIFIED },
	{ "Jais2ForCausalLM", REG_MODELLED },
	{ "JambaForCausalLM", REG_MODELLED },
	{ "KimiLinearForCausalLM", REG_MODELLED },
	{ "Lfm2ForCausalLM", REG_MODELLED },
	{ "Lfm2MoeForCausalLM", REG_MODELLED },
	{ "LlamaForCausalLM", REG_VERIFIED },
	{ "Llama4ForCausalLM", REG_MODELLED },
	{ "LLaMAForCausalLM", REG_MODELLED },
	{ "LongcatFlashForCausalLM", REG_REFUSED },
	{ "MambaForCausalLM", REG_MODELLED },
	{ "Mamba2ForCausalLM", REG_MODELLED },
	{ "MiniCPMForCausalLM", REG_MODELLED },
	{ "MiniCPM3ForCausalLM", REG_MODELLED },
	{ "MiniMaxForCausalLM", REG_MODELLED },
	{ "MiniMaxText01ForCausalLM", REG_MODELLED },
	{ "MiniMaxM1ForCausalLM", REG_MODELLED },
	{ "MiniMaxM2ForCausalLM", REG_MODELLED },
	{ "MistralForCausalLM", REG_VERIFIED },
	{ "MistralLarge3ForCausalLM", REG_MODELLED },
	{ "MixtralForCausalLM", REG_VERIFIED },
	{ "MptForCausalLM", REG_REFUSED },
	{ "MPTForCausalLM", REG_REFUSED },
	{ "MiMoForCausalLM", REG_MODELLED },
	{ "MiMoV2FlashForCausalLM", REG_MODELLED },
	{ "NemotronForCausalLM", REG_MODELLED },
	{ "NemotronHForCausalLM", REG_MODELLED },
	{ "OlmoForCausalLM", REG_MODELLED },
	{ "Olmo2ForCausalLM", REG_MODELLED },
	{ "Olmo3ForCausalLM", REG_MODELLED },
	{ "OlmoeForCausalLM", REG_MODELLED },
	{ "OPTForCausalLM", REG_REFUSED },
	{ "OrionForCausalLM", REG_MODELLED },
	{ "OuroForCausalLM", REG_REFUSED },
	{ "PanguEmbeddedForCausalLM", REG_UNVERIFIED },
	{ "PanguProMoEV2ForCausalLM", REG_UNVERIFIED },
	{ "PanguUltraMoEForCausalLM", REG_UNVERIFIED },
	{ "PersimmonForCausalLM", REG_MODELLED },
	{ "PhiForCausalLM", REG_VERIFIED },
	{ "Phi3ForCausalLM", REG_VERIFIED },
	{ "PhiMoEForCausalLM", REG_MODELLED },
	{ "Plamo2ForCausalLM", REG_MODELLED },
	{ "Plamo3ForCausalLM", REG_UNVERIFIED },
	{ "QWenLMHeadModel", REG_MODELLED },
	{ "Qwen2ForCausalLM", REG_VERIFIED },
	{ "Qwen2MoeForCausalLM", REG_VERIFIED },
	{ "Qwen3ForCausalLM", REG_VERIFIED },
	{ "Qwen3MoeForCausalLM", REG_VERIFIED },
	{ "RWForCausalLM", REG_MODELLED },
	{ "SeedOssForCausalLM", REG_MODELLED },
	{ "Step3TextForCausalLM", REG_REFUSED },
	{ "StableLMEpochForCausalLM", REG_MODELLED },
	{ "StableLmForCausalLM", REG_MODELLED },
	{ "Starcoder2ForCausalLM", REG_MODELLED },
	{ "SolarForCausalLM", REG_UNVERIFIED },
	{ "TeleChatForCausalLM", REG_MODELLED },
	{ "TeleChat2ForCausalLM", REG_MODELLED },
	{ "TeleFLMForCausalLM", REG_UNVERIFIED },
	{ "XverseForCausalLM", REG_MODELLED },
	{ "Zamba2ForCausalLM", REG_MODELLED },
	{ "SmolLM3ForCausalLM", REG_UNVERIFIED },
	/* classes of the newer registry (tests/fixtures/registry/) */
	{ "AXK1ForCausalLM", REG_MODELLED },
	{ "BailingMoeV2_5ForCausalLM", REG_REFUSED },
	{ "BailingMoeV3ForCausalLM", REG_REFUSED },
	{ "Cohere2MoeForCausalLM", REG_REFUSED },
	{ "DeepseekV4ForCausalLM", REG_MODELLED },
	{ "ExaoneMoEForCausalLM", REG_REFUSED },
	{ "ExaoneMoeForCausalLM", REG_REFUSED },
	{ "Rnj1ForCausalLM", REG_REFUSED },
	{ "Gemma4ForCausalLM", REG_MODELLED },
	{ "Glm4MoeLiteForCausalLM", REG_MODELLED },
	{ "GlmMoeDsaForCausalLM", REG_MODELLED },
	{ "Grok1ForCausalLM", REG_MODELLED },
	{ "HYV3ForCausalLM", REG_REFUSED },
	{ "HCXVisionV2ForCausalLM", REG_VISION },
	{ "HyperCLOVAXForCausalLM", REG_UNVERIFIED },
	{ "HrmTextForCausalLM", REG_REFUSED },
	{ "IQuestCoderForCausalLM", REG_UNVERIFIED },
	{ "IQuestLoopCoderForCausalLM", REG_REFUSED },
	{ "InklingForCausalLM", REG_REFUSED },
	{ "LagunaForCausalLM", REG_REFUSED },
	{ "LongcatFlashNgramForCausalLM", REG_REFUSED },
	{ "MellumForCausalLM", REG_UNVERIFIED },
	{ "MiniMaxM3SparseForCausalLM", REG_REFUSED },
	{ "Ministral3ForCausalLM", REG_MODELLED },
	{ "MiMoV2ForCausalLM", REG_MODELLED },
	{ "MuseGlimmerForCausalLM", REG_REFUSED },
	{ "NemotronHPuzzleForCausalLM", REG_REFUSED },
	{ "OlmoHybridForCausalLM", REG_REFUSED },
	{ "Param2MoEForCausalLM", REG_REFUSED },
	{ "SarvamMoEForCausalLM", REG_UNVERIFIED },
	{ "SarvamMLAForCausalLM", REG_REFUSED },
	{ "Step1ForCausalLM", REG_REFUSED },
	{ "Step3p5ForCausalLM", REG_MODELLED },
	{ "TeleChat3ForCausalLM", REG_UNVERIFIED },
	{ "AriaForConditionalGeneration", REG_VISION },
	{ "AudioFlamingo3ForConditionalGeneration", REG_REFUSED },
	{ "AyaVisionForConditionalGeneration", REG_VISION },
	{ "BagelForConditionalGeneration", REG_VISION },
	{ "BeeForConditionalGeneration", REG_VISION },
	{ "Blip2ForConditionalGeneration", REG_REFUSED },
	{ "ChameleonForConditionalGeneration", REG_UNVERIFIED },
	{ "Cohere2VisionForConditionalGeneration", REG_VISION },
	{ "DeepseekVLV2ForCausalLM", REG_VISION },
	{ "DeepseekOCRForCausalLM", REG_VISION },
	{ "DotsOCRForCausalLM", REG_VISION },
	{ "Ernie4_5_VLMoeForConditionalGeneration", REG_VISION },
	{ "FuyuForCausalLM", REG_UNVERIFIED },
	{ "Gemma3ForConditionalGeneration", REG_VERIFIED },
	{ "Gemma3nForConditionalGeneration", REG_MODELLED },
	{ "GlmAsrForConditionalGeneration", REG_REFUSED },
	{ "GLM4VForCausalLM", REG_VISION },
	{ "Glm4vForConditionalGeneration", REG_VISION },
	{ "Glm4vMoeForConditionalGeneration", REG_VISION },
	{ "GraniteSpeechForConditionalGeneration", REG_REFUSED },
	{ "H2OVLChatModel", REG_VISION },
	{ "HunYuanVLForConditionalGeneration", REG_VISION },
	{ "InternVLChatModel", REG_VISION },
	{ "NemotronH_Nano_VL_V2", REG_VISION },
	{ "OpenCUAForConditionalGeneration", REG_VISION },
	{ "InternS1ForConditionalGeneration", REG_VISION },
	{ "InternVLForConditionalGeneration", REG_VISION },
	{ "Idefics3ForConditionalGeneration", REG_VISION },
	{ "IsaacForConditionalGeneration", REG_VISION },
	{ "SmolVLMForConditionalGeneration", REG_VISION },
	{ "KeyeForConditionalGeneration", REG_VISION },
	{ "KeyeVL1_5ForConditionalGeneration", REG_VISION },
	{ "RForConditionalGeneration", REG_VISION },
	{ "KimiVLForConditionalGeneration", REG_VERIFIED },
	{ "MoonshotKimiaForCausalLM", REG_REFUSED },
	{ "LightOnOCRForConditionalGeneration", REG_VISION },
	{ "Llama_Nemotron_Nano_VL", REG_VISION },
	{ "Llama4ForConditionalGeneration", REG_MODELLED },
	{ "LlavaForConditionalGeneration", REG_VISION },
	{ "LlavaNextForConditionalGeneration", REG_VERIFIED },
	{ "LlavaNextVideoForConditionalGeneration", REG_VISION },
	{ "LlavaOnevisionForConditionalGeneration", REG_VISION },
	{ "MantisForConditionalGeneration", REG_VISION },
	{ "MiDashengLMModel", REG_REFUSED },
	{ "MiniMaxVL01ForConditionalGeneration", REG_VISION },
	{ "MiniCPMO", REG_REFUSED },
	{ "MiniCPMV", REG_VISION },
	{ "Mistral3ForConditionalGeneration", REG_VERIFIED },
	{ "MolmoForCausalLM", REG_REFUSED },
	{ "NVLM_D", REG_VISION },
	{ "Ovis", REG_REFUSED },
	{ "Ovis2_5", REG_REFUSED },
	{ "PaddleOCRVLForConditionalGeneration", REG_VISION },
	{ "PaliGemmaForConditionalGeneration", REG_VISION },
	{ "Phi3VForCausalLM", REG_REFUSED },
	{ "Phi4MMForCausalLM", REG_REFUSED },
	{ "PixtralForConditionalGeneration", REG_VISION },
	{ "QwenVLForConditionalGeneration", REG_VISION },
	{ "Qwen2VLForConditionalGeneration", REG_VERIFIED },
	{ "Qwen2_5_VLForConditionalGeneration", REG_VERIFIED },
	{ "Qwen2AudioForConditionalGeneration", REG_VERIFIED },
	{ "Qwen2_5OmniModel", REG_REFUSED },
	{ "Qwen2_5OmniForConditionalGeneration", REG_REFUSED },
	{ "Qwen3OmniMoeForConditionalGeneration", REG_REFUSED },
	{ "Qwen3VLForConditionalGeneration", REG_VISION },
	{ "Qwen3VLMoeForConditionalGeneration", REG_VISION },
	{ "SkyworkR1VChatModel", REG_VISION },
	{ "Step3VLForConditionalGeneration", REG_REFUSED },
	{ "TarsierForConditionalGeneration", REG_VISION },
	{ "Tarsier2ForConditionalGeneration", REG_VISION },
	{ "UltravoxModel", REG_REFUSED },
	{ "VoxtralForConditionalGeneration", REG_REFUSED },
	{ "VoxtralStreamingGeneration", REG_UNVERIFIED },
	{ "WhisperForConditionalGeneration", REG_MODELLED },
	{ "Emu3ForConditionalGeneration", REG_UNVERIFIED },
};

Test(registry, every_registry_class)
{
	size_t i;

	for (i = 0; i < sizeof registry_rows / sizeof registry_rows[0]; i++) {
		struct model m;
		int r = read_class(registry_rows[i].arch, "", &m);
		const char *a = registry_rows[i].arch;

		switch (registry_rows[i].kind) {
		case REG_REFUSED:
			cr_assert_eq(r, 0, "%s", a);
			cr_assert_not_null(m.refusal, "%s not refused", a);
			cr_assert(strstr(m.refusal, a) != NULL,
			    "the refusal of %s does not name it: %s", a,
			    m.refusal);
			break;
		case REG_VERIFIED:
			cr_assert_eq(r, 0, "%s", a);
			cr_assert_null(m.refusal, "%s: %s", a, m.refusal);
			cr_assert(!unverified(&m), "%s said unverified", a);
			break;
		case REG_UNVERIFIED:
			cr_assert_eq(r, 0, "%s", a);
			cr_assert_null(m.refusal, "%s: %s", a, m.refusal);
			cr_assert(unverified(&m), "%s not said unverified", a);
			break;
		case REG_VISION:
			cr_assert_eq(r, 0, "%s", a);
			cr_assert_not_null(m.refusal, "%s without vision", a);
			cr_assert(strstr(m.refusal, "vision_config") != NULL,
			    "%s", m.refusal);
			model_done(&m);
			r = read_class(a,
			    "\"vision_config\":{\"hidden_size\":64,"
			    "\"num_hidden_layers\":2,\"patch_size\":14,"
			    "\"image_size\":224}",
			    &m);
			cr_assert_eq(r, 0, "%s", a);
			cr_assert_null(m.refusal, "%s: %s", a, m.refusal);
			cr_assert(unverified(&m), "%s not said unverified", a);
			break;
		case REG_MODELLED:
			/* its family's reader: no unverified fallback, no
			 * refusal by name but of a field it needs (TeleChat's
			 * num_key_value_heads) */
			cr_assert(r != 0 ||
				(m.refusal == NULL && !unverified(&m)) ||
				(m.refusal != NULL &&
				    strstr(m.refusal, "config field '") !=
					NULL),
			    "%s: %s", a, m.refusal);
			break;
		}
		if (r == 0)
			model_done(&m);
	}
}

/* A config of arch with extra refused, the message naming needle */
static void
refused_with(const char *arch, const char *extra, const char *needle)
{
	struct model m;

	cr_assert_eq(read_class(arch, extra, &m), 0, "%s", arch);
	cr_assert_not_null(m.refusal, "%s with %s not refused", arch, extra);
	cr_assert(strstr(m.refusal, needle) != NULL, "%s", m.refusal);
	model_done(&m);
}

/* A config of arch with extra refused with exactly want */
static void
refused_saying(const char *arch, const char *extra, const char *want)
{
	struct model m;

	cr_assert_eq(read_class(arch, extra, &m), 0, "%s", arch);
	cr_assert_not_null(m.refusal, "%s with %s not refused", arch, extra);
	cr_assert_str_eq(m.refusal, want);
	model_done(&m);
}

/* A field refusal's words: the class, the field, what it is when said */
Test(registry, field_refusals_name_class_field_and_kind)
{
	refused_saying("HunYuanDenseV1ForCausalLM",
	    "\"use_cla\":true,\"cla_share_factor\":2",
	    "HunYuanDenseV1ForCausalLM: config field 'use_cla' (cross-layer "
	    "KV sharing) changes vLLM's memory in a way headroom does not "
	    "model for this architecture.");
	refused_saying("ChameleonForConditionalGeneration",
	    "\"vq_config\":{\"embed_dim\":256}",
	    "ChameleonForConditionalGeneration: config field 'vq_config' (an "
	    "image tokenizer in the weights) changes vLLM's memory in a way "
	    "headroom does not model for this architecture.");
	refused_saying("Plamo3ForCausalLM",
	    "\"sliding_window\":4096,\"sliding_window_pattern\":2",
	    "Plamo3ForCausalLM: config field 'sliding_window_pattern' changes "
	    "vLLM's memory in a way headroom does not model for this "
	    "architecture.");
}

/* The field rules of the unverified classes (doc/architectures.md,
 * "Refusals"): each refuses, and the neutral value does not */
Test(registry, field_rules_of_unverified_classes)
{
	struct model m;

	refused_with("Plamo3ForCausalLM",
	    "\"sliding_window\":4096,\"sliding_window_pattern\":2",
	    "sliding_window_pattern");
	refused_with("Exaone4ForCausalLM",
	    "\"model_type\":\"exaone4\",\"sliding_window\":4096,"
	    "\"sliding_window_pattern\":\"LLXG\"",
	    "sliding_window_pattern");
	/* EXAONE 4's letters, repeated over the layers: L slides, G is full */
	cr_assert_eq(read_class("Exaone4ForCausalLM",
			 "\"model_type\":\"exaone4\",\"sliding_window\":4096,"
			 "\"sliding_window_pattern\":\"LLLG\"",
			 &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.n_sliding, 3);
	cr_assert_eq(m.layer_kind[3], LAYER_FULL);
	model_done(&m);
	refused_with("HunYuanDenseV1ForCausalLM",
	    "\"use_cla\":true,\"cla_share_factor\":2", "use_cla");
	/* the Hugging Face config.json: no downsample_factor, which only
	 * vLLM's params.json conversion sets (test_arch_audio.c) */
	refused_with("VoxtralForConditionalGeneration",
	    "\"audio_config\":{\"d_model\":1280}",
	    "audio_config.downsample_factor");
	refused_with("ChameleonForConditionalGeneration",
	    "\"vq_config\":{\"embed_dim\":256}", "vq_config");
	refused_with("Ernie4_5_MoeForCausalLM",
	    "\"moe_num_experts\":8,\"moe_intermediate_size\":64,"
	    "\"moe_layer_start_index\":1,\"moe_layer_end_index\":2",
	    "moe_layer_end_index");
	/* a Gemma 3 text part under an unchecked class: hfconfig.c's pattern */
	cr_assert_eq(read_class("FooForConditionalGeneration",
			 "\"model_type\":\"gemma3_text\",\"sliding_window\":"
			 "512,"
			 "\"sliding_window_pattern\":4",
			 &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.n_sliding, 3);
	model_done(&m);
	/* neutral values plan */
	cr_assert_eq(read_class("HunYuanDenseV1ForCausalLM",
			 "\"use_cla\":false", &m),
	    0);
	cr_assert_null(m.refusal);
	model_done(&m);
	cr_assert_eq(read_class("Exaone4ForCausalLM",
			 "\"sliding_window\":4096,\"sliding_window_pattern\":4,"
			 "\"layer_types\":[\"sliding_attention\","
			 "\"sliding_attention\",\"sliding_attention\","
			 "\"full_attention\"]",
			 &m),
	    0);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.n_sliding, 3);
	model_done(&m);
}

/*
 * The MLP and KV rules of the standard classes vLLM builds otherwise
 * (std_variants[] in hfarch.c): a 4-layer, 256-wide config of 1024
 * intermediate has 4 x 3 x 256 x 1024 = 3,145,728 gated MLP parameters,
 * 2,097,152 ungated, 1,572,864 for QWen's halved branches.
 */
Test(registry, mlp_and_kv_rules_of_standard_classes)
{
	static const char *const ungated[] = { "PhiForCausalLM",
		"Starcoder2ForCausalLM", "NemotronForCausalLM",
		"ArceeForCausalLM", "ApertusForCausalLM", "GPTNeoXForCausalLM",
		"GPTJForCausalLM", "GPT2LMHeadModel", "GPTBigCodeForCausalLM",
		"FalconForCausalLM", "RWForCausalLM", "BloomForCausalLM",
		"PersimmonForCausalLM", "FuyuForCausalLM", "Jais2ForCausalLM" };
	struct model m, llama;
	double base, b;
	size_t i;

	cr_assert_eq(read_class("LlamaForCausalLM",
			 "\"intermediate_size\":1024", &llama),
	    0);
	base = weights_param_count(&llama) * 1e9 - 4 * 3.0 * 256 * 1024;
	for (i = 0; i < sizeof ungated / sizeof ungated[0]; i++) {
		cr_assert_eq(read_class(ungated[i],
				 "\"intermediate_size\":1024", &m),
		    0);
		cr_assert(m.ffn_ungated, "%s", ungated[i]);
		model_done(&m);
	}
	cr_assert_eq(read_class("ArceeForCausalLM",
			 "\"intermediate_size\":1024", &m),
	    0);
	b = weights_param_count(&m) * 1e9;
	cr_assert_float_eq(b - base, 4 * 2.0 * 256 * 1024, 1, "%.0f", b - base);
	model_done(&m);
	cr_assert_eq(read_class("QWenLMHeadModel", "\"intermediate_size\":1024",
			 &m),
	    0);
	cr_assert_eq(m.intermediate, 512);
	b = weights_param_count(&m) * 1e9;
	/* and qwen.py's c_attn bias, 3 x 256 a layer */
	cr_assert_float_eq(b - base, 4 * 3.0 * 256 * 512 + 4 * 3.0 * 256, 1,
	    "%.0f", b - base);
	model_done(&m);
	model_done(&llama);
	/* multi_query (default true): one KV head; Falcon's new decoder
	 * architecture keeps num_kv_heads */
	cr_assert_eq(read_class("GPTBigCodeForCausalLM", "", &m), 0);
	cr_assert_eq(m.kv_heads, 1);
	model_done(&m);
	cr_assert_eq(read_class("GPTBigCodeForCausalLM",
			 "\"multi_query\":false", &m),
	    0);
	cr_assert_eq(m.kv_heads, 4);
	model_done(&m);
	cr_assert_eq(read_class("FalconForCausalLM",
			 "\"new_decoder_architecture\":true,\"num_kv_heads\":2",
			 &m),
	    0);
	cr_assert_eq(m.kv_heads, 2);
	model_done(&m);
	cr_assert_eq(read_class("FalconForCausalLM", "\"multi_query\":true",
			 &m),
	    0);
	cr_assert_eq(m.kv_heads, 1);
	model_done(&m);
}

/*
 * Phi-2 (catalogue entry phi-2): fc1 / fc2 of 2560 x 10240 over 32 layers,
 * with biases: 2.78B, against the 2.7B of its model card (it was priced as
 * a gated MLP before, 3.62B).
 */
Test(registry, phi2_two_matrix_mlp_against_its_card)
{
	const struct catalogue *c = test_catalogue();
	int i = catalogue_find_model(c, "phi-2");
	double b;

	cr_assert(i >= 0);
	b = weights_param_count(&c->models[i]);
	cr_assert(b > 2.7 * 0.985 && b < 2.7 * 1.035, "%.3fB", b);
}

/*
 * Shared experts named otherwise: ERNIE 4.5's moe_num_shared_experts and
 * moe_layer_start_index, Ling's num_shared_experts, GraniteMoeShared's
 * shared_intermediate_size; Cohere2's sliding_window_pattern (4 layers:
 * the fourth full).
 */
Test(registry, moe_and_sliding_fields_of_unverified_classes)
{
	struct model m;

	cr_assert_eq(read_class("Ernie4_5_MoeForCausalLM",
			 "\"moe_num_experts\":8,\"moe_intermediate_size\":64,"
			 "\"moe_num_shared_experts\":2,\"moe_k\":2,"
			 "\"moe_layer_start_index\":1,\"moe_layer_end_index\":"
			 "3,"
			 "\"moe_layer_interval\":1",
			 &m),
	    0);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.n_shared_experts, 2);
	cr_assert_eq(m.shared_intermediate, 64);
	cr_assert_eq(m.first_dense_layers, 1);
	cr_assert_eq(m.experts_per_tok, 2);
	cr_assert(!weights_is_moe_layer(&m, 0));
	cr_assert(weights_is_moe_layer(&m, 3));
	model_done(&m);
	cr_assert_eq(read_class("BailingMoeV2ForCausalLM",
			 "\"num_experts\":8,\"moe_intermediate_size\":64,"
			 "\"num_shared_experts\":1",
			 &m),
	    0);
	cr_assert_eq(m.n_shared_experts, 1);
	cr_assert_eq(m.shared_intermediate, 64);
	model_done(&m);
	cr_assert_eq(read_class("BailingMoeV2ForCausalLM",
			 "\"num_experts\":8,\"moe_intermediate_size\":64,"
			 "\"num_shared_experts\":2,"
			 "\"moe_shared_expert_intermediate_size\":96",
			 &m),
	    0);
	cr_assert_eq(m.n_shared_experts, 2);
	cr_assert_eq(m.shared_intermediate, 96);
	model_done(&m);
	cr_assert_eq(read_class("GraniteMoeSharedForCausalLM",
			 "\"num_local_experts\":8,\"intermediate_size\":128,"
			 "\"shared_intermediate_size\":512",
			 &m),
	    0);
	cr_assert_eq(m.shared_intermediate, 512);
	cr_assert_eq(m.n_shared_experts, 1);
	model_done(&m);
	cr_assert_eq(read_class("Cohere2ForCausalLM",
			 "\"model_type\":\"cohere2\",\"sliding_window\":4096,"
			 "\"sliding_window_pattern\":4",
			 &m),
	    0);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.n_sliding, 3);
	cr_assert_eq(m.layer_kind[3], LAYER_FULL);
	model_done(&m);
	/* the window under its first name */
	cr_assert_eq(read_class("Cohere2ForCausalLM",
			 "\"model_type\":\"cohere2\",\"interleaved_sliding_"
			 "window\":4096,\"sliding_window_pattern\":4",
			 &m),
	    0);
	cr_assert_eq(m.sliding_window, 4096);
	cr_assert_eq(m.n_sliding, 3);
	model_done(&m);
}

/*
 * Hunyuan's per-layer lists (hunyuan_v1.py): one value each is read, a
 * shared MLP of intermediate_size x num_shared_expert with
 * use_mixed_mlp_moe; lists that differ are refused.  ChatGLM's vocabulary
 * as padded_vocab_size (chatglm.py).
 */
Test(registry, hunyuan_lists_and_chatglm_vocab)
{
	struct model m;

	cr_assert_eq(read_class("HunYuanMoEV1ForCausalLM",
			 "\"num_experts\":8,\"intermediate_size\":96,"
			 "\"moe_intermediate_size\":[64,64,64,64],"
			 "\"moe_topk\":[2,2,2,2],\"num_shared_expert\":[1,1,1,"
			 "1],"
			 "\"use_mixed_mlp_moe\":true",
			 &m),
	    0);
	cr_assert_null(m.refusal);
	cr_assert_eq(m.moe_intermediate, 64);
	cr_assert_eq(m.experts_per_tok, 2);
	cr_assert_eq(m.n_shared_experts, 1);
	cr_assert_eq(m.shared_intermediate, 96);
	model_done(&m);
	refused_with("HunYuanMoEV1ForCausalLM",
	    "\"num_experts\":8,\"moe_topk\":[2,2,4,4]", "moe_topk");
	{
		static const char *const json =
		    "{\"architectures\":[\"ChatGLMModel\"],\"num_layers\":4,"
		    "\"hidden_size\":256,\"num_attention_heads\":4,"
		    "\"padded_vocab_size\":65024}";
		cJSON *cfg = cJSON_Parse(json);
		const char *bad;
		char err[512];

		cr_assert_eq(hfconfig_read(cfg, &m, err, sizeof err, &bad), 0,
		    "%s", err);
		cJSON_Delete(cfg);
		cr_assert_eq(m.vocab, 65024);
		model_done(&m);
	}
}

/*
 * MiniMax M3 (MiniMaxAI/MiniMax-M3's config.json, aiconfigurator
 * model_configs @095f58a): its sparse attention keeps an indexer cache
 * beside the KV ("MiniMax M3 indexer: selected MSA ... indexer_kv_dtype=
 * bf16", the 0.23.1 startup of tests/calibration/newer-logs.json), which
 * headroom does not size: refused naming the field, not planned as
 * standard attention from its standard fields.
 */
Test(registry, minimax_m3_sparse_attention_refused)
{
	refused_saying("MiniMaxM3ForCausalLM",
	    "\"sparse_attention_config\":{\"sparse_attention_freq\":[0,1]}",
	    "MiniMaxM3ForCausalLM: config field 'sparse_attention_config' "
	    "changes vLLM's memory in a way headroom does not model for this "
	    "architecture.");
}

/* The row of registry_rows[] naming arch, or NULL */
static const char *
registry_row(const char *arch)
{
	size_t i;

	for (i = 0; i < sizeof registry_rows / sizeof registry_rows[0]; i++)
		if (strcmp(registry_rows[i].arch, arch) == 0)
			return registry_rows[i].arch;
	return NULL;
}

/* path's whole text (the caller frees it), or NULL */
static char *
slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	cr_assert_not_null(buf);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/*
 * Every class of the registry list derived from vLLM
 * (tests/fixtures/registry/vllm-text-generation.txt) is a row of
 * registry_rows[] (checked class by class above: modelled, standard
 * attention or refused) and of doc/architectures.md's table: a class vLLM
 * adds fails here until it is classified, rather than falling silently to
 * the standard-attention assumption.
 */
Test(registry, derived_list_is_classified_and_documented)
{
	const char *top = getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".";
	char path[4096], line[256], cell[300];
	char *doc;
	FILE *f;
	int n = 0;

	snprintf(path, sizeof path, "%s/doc/architectures.md", top);
	doc = slurp(path);
	cr_assert_not_null(doc, "%s", path);
	snprintf(path, sizeof path,
	    "%s/tests/fixtures/registry/vllm-text-generation.txt", top);
	f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\r\n")] = '\0';
		if (line[0] == '#' || line[0] == '\0')
			continue;
		n++;
		cr_expect_not_null(registry_row(line),
		    "registry class %s is neither modelled, assumed nor "
		    "refused in registry_rows[]",
		    line);
		snprintf(cell, sizeof cell, "| `%s` |", line);
		cr_expect(strstr(doc, cell) != NULL,
		    "registry class %s has no row in doc/architectures.md",
		    line);
	}
	fclose(f);
	free(doc);
	cr_assert_eq(n, 153, "%d classes in the list", n);
}

/*
 * Fields of the newer registry's model files that change memory in ways
 * the standard fields miss: on a class that does not read them they
 * refuse, naming the field.
 */
Test(registry, newer_memory_fields_refuse_unread_classes)
{
	refused_saying("FooForCausalLM", "\"expert_hidden_dim\":512",
	    "FooForCausalLM: config field 'expert_hidden_dim' changes vLLM's "
	    "memory in a way headroom does not model for this architecture.");
	refused_with("FooForCausalLM",
	    "\"sliding_window\":128,\"sliding_windows\":[128,128,null,128]",
	    "'sliding_windows'");
	refused_with("FooForCausalLM", "\"H_cycles\":2,\"L_cycles\":2",
	    "'H_cycles'");
	refused_with("FooForCausalLM", "\"loop_num\":2", "'loop_num'");
	refused_with("FooForCausalLM", "\"zero_expert_num\":64",
	    "'zero_expert_num'");
	refused_with("FooForCausalLM", "\"prefix_dense_intermediate_size\":512",
	    "'prefix_dense_intermediate_size'");
	/* openpangu.py: static sinks, windows on some layers, MoME, sparse
	 * layers, the sink attention's head sizes; Grok 2's dense MLP */
	refused_with("PanguUltraMoEForCausalLM", "\"param_sink_number\":128",
	    "'param_sink_number'");
	refused_with("PanguEmbeddedForCausalLM",
	    "\"sliding_window\":4096,\"swa_layers\":[0,2]", "'swa_layers'");
	refused_with("PanguEmbeddedForCausalLM",
	    "\"sliding_window_list\":[512,4096]", "'sliding_window_list'");
	refused_with("PanguUltraMoEForCausalLM", "\"use_mome\":true",
	    "'use_mome'");
	refused_with("PanguUltraMoEForCausalLM", "\"dsa_layers\":[1,3]",
	    "'dsa_layers'");
	refused_with("PanguProMoEV2ForCausalLM",
	    "\"qk_nope_dim\":128,\"qk_rope_dim\":64,\"v_channels\":128",
	    "'qk_nope_dim'");
	refused_with("PanguEmbeddedForCausalLM",
	    "\"interleaved_sliding_window\":[4096,null]",
	    "'interleaved_sliding_window' (a window per layer)");
	refused_with("PanguEmbeddedForCausalLM",
	    "\"interleaved_sliding_window\":4096",
	    "'interleaved_sliding_window' (a sliding window headroom does not "
	    "read for this class)");
	refused_with("Grok1ForCausalLM", "\"residual_moe\":true",
	    "'residual_moe'");
}

/* The off values of those fields change nothing: they plan */
Test(registry, newer_memory_fields_off_values_plan)
{
	static const char *const off[] = { "\"param_sink_number\":0",
		"\"use_mome\":false", "\"residual_moe\":false",
		"\"zero_expert_num\":0", "\"num_kv_shared_layers\":0" };
	size_t i;

	for (i = 0; i < sizeof off / sizeof off[0]; i++) {
		struct model m;

		cr_assert_eq(read_class("PanguEmbeddedForCausalLM", off[i], &m),
		    0);
		cr_assert_null(m.refusal, "%s: %s", off[i], m.refusal);
		cr_assert(unverified(&m), "%s", off[i]);
		model_done(&m);
	}
}

/*
 * mlp_layer_types ("dense" / "sparse" per layer, as transformers 5 writes
 * it): a dense prefix without first_k_dense_replace is the dense layer
 * count; a list the MoE layout does not match is refused.
 */
Test(registry, mlp_layer_types_match_the_moe_layout_or_refuse)
{
	static const char *const moe =
	    "\"num_experts\":8,\"moe_intermediate_size\":64,";
	char extra[400];
	struct model m;

	snprintf(extra, sizeof extra,
	    "%s\"mlp_layer_types\":[\"dense\",\"sparse\",\"sparse\","
	    "\"sparse\"]",
	    moe);
	cr_assert_eq(read_class("FooForCausalLM", extra, &m), 0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.first_dense_layers, 1);
	cr_assert(!weights_is_moe_layer(&m, 0));
	cr_assert(weights_is_moe_layer(&m, 1));
	model_done(&m);
	/* the same list beside the field that says so */
	snprintf(extra, sizeof extra,
	    "%s\"first_k_dense_replace\":1,\"mlp_layer_types\":[\"dense\","
	    "\"sparse\",\"sparse\",\"sparse\"]",
	    moe);
	cr_assert_eq(read_class("FooForCausalLM", extra, &m), 0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	model_done(&m);
	/* a dense layer between sparse ones, a list that disagrees with
	 * first_k_dense_replace, a list shorter than the layers, a word
	 * headroom does not know */
	snprintf(extra, sizeof extra,
	    "%s\"mlp_layer_types\":[\"dense\",\"sparse\",\"dense\","
	    "\"sparse\"]",
	    moe);
	refused_with("FooForCausalLM", extra, "'mlp_layer_types'");
	snprintf(extra, sizeof extra,
	    "%s\"first_k_dense_replace\":2,\"mlp_layer_types\":[\"dense\","
	    "\"sparse\",\"sparse\",\"sparse\"]",
	    moe);
	refused_with("FooForCausalLM", extra, "'mlp_layer_types'");
	snprintf(extra, sizeof extra, "%s\"mlp_layer_types\":[\"dense\"]", moe);
	refused_with("FooForCausalLM", extra, "'mlp_layer_types'");
	snprintf(extra, sizeof extra,
	    "%s\"mlp_layer_types\":[\"dense\",\"moe\",\"moe\",\"moe\"]", moe);
	refused_with("FooForCausalLM", extra, "'mlp_layer_types'");
	/* sparse layers without experts */
	refused_with("FooForCausalLM",
	    "\"mlp_layer_types\":[\"sparse\",\"sparse\",\"sparse\","
	    "\"sparse\"]",
	    "'mlp_layer_types'");
}

/* MiMo-V2.5 Pro's class (mimo_v2.py MiMoV2ForCausalLM, a subclass of
 * MiMoV2FlashForCausalLM) reads as the MiMo-V2 family: no assumption */
Test(registry, mimo_v2_class_is_the_flash_family)
{
	static const char *const layout =
	    "\"hybrid_layer_pattern\":[0,1,1,0],\"sliding_window\":128,"
	    "\"num_key_value_heads\":2,\"head_dim\":64,\"v_head_dim\":64,"
	    "\"swa_num_key_value_heads\":4,\"swa_head_dim\":64,"
	    "\"swa_v_head_dim\":64";
	struct model flash, pro;

	cr_assert_eq(read_class("MiMoV2FlashForCausalLM", layout, &flash), 0);
	cr_assert_eq(read_class("MiMoV2ForCausalLM", layout, &pro), 0);
	cr_assert_null(pro.refusal, "%s", pro.refusal);
	cr_assert(!unverified(&pro));
	cr_assert_eq(pro.n_sliding, flash.n_sliding);
	cr_assert_eq(pro.n_sliding, 2);
	cr_assert_float_eq(weights_param_count(&pro),
	    weights_param_count(&flash), 1e-12);
	model_done(&flash);
	model_done(&pro);
}

/*
 * moe_layer_freq (deepseek_v2.py: experts where layer >=
 * first_k_dense_replace and layer % moe_layer_freq == 0) above 1 is
 * refused: headroom's step counts (layer + 1) % step, which is
 * decoder_sparse_step's rule (qwen2_moe.py), planned as before.
 */
Test(registry, moe_layer_freq_above_one_refused)
{
	static const char *const mla =
	    "\"n_routed_experts\":8,\"kv_lora_rank\":64,"
	    "\"qk_rope_head_dim\":16,";
	char extra[300];
	struct model m;

	snprintf(extra, sizeof extra, "%s\"moe_layer_freq\":2", mla);
	refused_with("DeepseekV3ForCausalLM", extra, "'moe_layer_freq'");
	refused_with("Glm4MoeLiteForCausalLM", extra, "'moe_layer_freq'");
	snprintf(extra, sizeof extra, "%s\"moe_layer_freq\":1", mla);
	cr_assert_eq(read_class("DeepseekV3ForCausalLM", extra, &m), 0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	model_done(&m);
	cr_assert_eq(read_class("Qwen2MoeForCausalLM",
			 "\"num_experts\":8,\"decoder_sparse_step\":2", &m),
	    0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert(!weights_is_moe_layer(&m, 0));
	cr_assert(weights_is_moe_layer(&m, 1));
	model_done(&m);
}

/* chunked_attention layers take attention_chunk_size as their window
 * (llama4.py); without it they are refused, not sized as a zero window */
Test(registry, chunked_layers_need_a_chunk_size)
{
	static const char *const lt =
	    "\"layer_types\":[\"chunked_attention\",\"chunked_attention\","
	    "\"chunked_attention\",\"full_attention\"]";
	char extra[300];
	struct model m;

	refused_saying("FooForCausalLM", lt,
	    "FooForCausalLM: layer_types names chunked_attention layers but "
	    "the config gives no attention_chunk_size; headroom does not "
	    "model them.");
	snprintf(extra, sizeof extra, "%s,\"attention_chunk_size\":128", lt);
	cr_assert_eq(read_class("FooForCausalLM", extra, &m), 0);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.n_chunked, 3);
	cr_assert_eq(m.chunk_size, 128);
	model_done(&m);
}

/*
 * Qwen2 / Qwen3 (+MoE) with use_sliding_window and no layer_types:
 * transformers' config classes slide the layers from max_window_layers on
 * (the layer_types qwen2.py and qwen3.py read), not every layer.
 */
Test(registry, qwen_window_from_max_window_layers)
{
	static const struct {
		const char *arch, *mt;
		int from, sliding;
	} cases[] = {
		{ "Qwen2ForCausalLM", "qwen2", 2, 2 },
		{ "Qwen2ForCausalLM", "qwen2", 4, 0 },
		{ "Qwen3ForCausalLM", "qwen3", 1, 3 },
		{ "Qwen3MoeForCausalLM", "qwen3_moe", 3, 1 },
		{ "Qwen2MoeForCausalLM", "qwen2_moe", 0, 4 },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char extra[300];
		struct model m;

		snprintf(extra, sizeof extra,
		    "\"model_type\":\"%s\",\"sliding_window\":128,"
		    "\"use_sliding_window\":true,\"max_window_layers\":%d",
		    cases[i].mt, cases[i].from);
		cr_assert_eq(read_class(cases[i].arch, extra, &m), 0);
		cr_assert_null(m.refusal, "%s", m.refusal);
		cr_assert_eq(m.n_sliding, cases[i].sliding, "%s from %d: %d",
		    cases[i].mt, cases[i].from, m.n_sliding);
		if (cases[i].sliding > 0)
			cr_assert_eq(m.layer_kind[3], LAYER_SLIDING);
		model_done(&m);
	}
	/* use_sliding_window false: no window at all, as before */
	{
		struct model m;

		cr_assert_eq(read_class("Qwen2ForCausalLM",
				 "\"model_type\":\"qwen2\",\"sliding_window\":"
				 "128,"
				 "\"use_sliding_window\":false,"
				 "\"max_window_layers\":2",
				 &m),
		    0);
		cr_assert_eq(m.n_sliding, 0);
		model_done(&m);
	}
}

/*
 * google/gemma-2-2b-it (Gemma2ForCausalLM, gemma2.py @025adfb): 26 layers
 * of 8 heads of 256 (head_dim), 4 KV heads.  Weights: embed_tokens 256,000
 * x 2304, tied; a layer q_proj and o_proj 2 x 2304 x 2048, k_proj and
 * v_proj 2 x 2304 x 1024, gate_up and down 3 x 2304 x 9216, four
 * GemmaRMSNorms 4 x 2304 (input, post_attention, pre_feedforward,
 * post_feedforward); the final norm 2304: 2,614,341,888 parameters, the
 * 2.6B of the model card.  Two norms a layer would be 239,616 B less.
 */
Test(registry, gemma2_counts_four_norms_a_layer)
{
	struct model m;
	struct weights_breakdown w;
	double layer = 2 * 2304.0 * 2048 + 2 * 2304.0 * 1024 +
	    3 * 2304.0 * 9216 + 4 * 2304.0;

	test_config_load("sweep/google--gemma-2-2b-it", &m);
	cr_assert_str_eq(m.architecture, "Gemma2ForCausalLM");
	cr_assert(m.bias_mask & MODEL_NORM_FOUR);
	weights_rank(&m, FMT_BF16, 2, 1, 1, 0, &w);
	cr_assert_eq(256000.0 * 2304 + 26 * layer + 2304, 2614341888.0);
	/* the RoPE cache (max_position x head x 2 B) is the rest */
	cr_assert_float_eq(w.total - 8192.0 * 256 * 2,
	    (256000.0 * 2304 + 26 * layer + 2304) * 2, 0.5, "%.0f", w.total);
	model_done(&m);
}

/* gemma3.py's Gemma3DecoderLayer: four norms, text model and the
 * multimodal class alike; Gemma 3n counts its own (gemma3n_layer_params) */
Test(registry, gemma3_counts_four_norms_a_layer)
{
	struct model m;

	test_config_load("sweep/google--gemma-3-1b-it", &m);
	cr_assert(m.bias_mask & MODEL_NORM_FOUR);
	model_done(&m);
	test_config_load("sweep/google--gemma-3-12b-it", &m);
	cr_assert_str_eq(m.architecture, "Gemma3ForConditionalGeneration");
	cr_assert(m.bias_mask & MODEL_NORM_FOUR);
	model_done(&m);
}

/*
 * telechat2.py (@0c4bb0e): LlamaModel built with bias and mlp_bias, then
 * qkv_proj's and gate_up_proj's bias dropped: o_proj's and down_proj's stay,
 * hidden each.  The 4-layer test config of hidden 256 carries 4 x 2 x 256
 * x 2 B = 4096 B more than LlamaForCausalLM's of the same fields.
 */
Test(registry, telechat2_counts_o_and_down_bias)
{
	struct model t, l;
	struct weights_breakdown wt, wl;

	const char *f = "\"intermediate_size\":512,\"num_key_value_heads\":4,"
			"\"max_position_embeddings\":2048";

	cr_assert_eq(read_class("TeleChat2ForCausalLM", f, &t), 0);
	cr_assert_eq(read_class("LlamaForCausalLM", f, &l), 0);
	cr_assert_null(t.refusal, "%s", t.refusal);
	cr_assert(!t.qkv_bias);
	weights_rank(&t, FMT_BF16, 2, 1, 1, 0, &wt);
	weights_rank(&l, FMT_BF16, 2, 1, 1, 0, &wl);
	cr_assert_float_eq(wt.total - wl.total, 4096.0, 0.5, "%.0f",
	    wt.total - wl.total);
	/* at TP 2 both biases stay whole on each rank */
	weights_rank(&t, FMT_BF16, 2, 2, 1, 0, &wt);
	weights_rank(&l, FMT_BF16, 2, 2, 1, 0, &wl);
	cr_assert_float_eq(wt.total - wl.total, 4096.0, 0.5, "%.0f",
	    wt.total - wl.total);
	model_done(&t);
	model_done(&l);
}

/* x planned at TP tp on release v into p. */
static void
xverse_plan(const struct model *x, int v, int tp, struct plan *p)
{
	struct plan_input in;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.version = v;
	in.model = x;
	in.tp = tp;
	plan_compute(test_catalogue(), &in, p);
}

/*
 * XverseForCausalLM is LlamaForCausalLM in vLLM's registry since #10814
 * (2024-12, before 0.6.5) deleted xverse.py, whose XverseAttention asserted
 * total_num_kv_heads % tp_size == 0; vLLM serves the class up to 0.23.0
 * (_PREVIOUSLY_SUPPORTED_MODELS, #45638).  4 layers, 4 heads of 256 / 4 =
 * 64, 2 KV heads at TP 4: LlamaAttention replicates them, max(1, 2 / 4) = 1
 * a rank, 2 x 1 x 64 x 2 B x 4 = 1,024 B a token on 0.10.0 (the oldest
 * release headroom models) and 0.23.0 alike, as LlamaForCausalLM's; 0.24.0
 * refuses the class.  "bias": true puts llama.py's biases on qkv_proj (4 +
 * 2 + 2 heads x 64 = 512) and o_proj (256), none on the MLP: 4 x 768 x 2 B
 * = 6,144 B more weights at TP 1.
 */
Test(registry, xverse_builds_llama_up_to_0_23)
{
	struct plan p, lp;
	struct model x, l, b;
	struct weights_breakdown wx, wb;
	const char *kv = "\"num_key_value_heads\":2,\"intermediate_size\":512";
	const char *kvb = "\"num_key_value_heads\":2,\"intermediate_size\":512,"
			  "\"bias\":true";
	int v[] = { VLLM_VER(0, 10, 0), VLLM_VER(0, 23, 0) };
	size_t i;

	cr_assert_eq(read_class("XverseForCausalLM", kv, &x), 0);
	cr_assert_eq(read_class("LlamaForCausalLM", kv, &l), 0);
	cr_assert_eq(read_class("XverseForCausalLM", kvb, &b), 0);
	cr_assert(!unverified(&x), "%s", x.assumption);
	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		xverse_plan(&x, v[i], 4, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
		cr_assert_eq(p.bytes_per_token, 1024, "%lld",
		    (long long)p.bytes_per_token);
		xverse_plan(&l, v[i], 4, &lp);
		cr_assert_eq(lp.bytes_per_token, p.bytes_per_token);
	}
	xverse_plan(&x, VLLM_VER(0, 24, 0), 4, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert(strstr(p.message, "supported in vLLM until v0.23.0") != NULL,
	    "%s", p.message);
	cr_assert(b.qkv_bias && (b.bias_mask & MODEL_BIAS_O) &&
	    !(b.bias_mask & MODEL_BIAS_MLP));
	weights_rank(&x, FMT_BF16, 2, 1, 1, 0, &wx);
	weights_rank(&b, FMT_BF16, 2, 1, 1, 0, &wb);
	cr_assert_float_eq(wb.total - wx.total, 6144.0, 0.5, "%.0f",
	    wb.total - wx.total);
	model_done(&x);
	model_done(&l);
	model_done(&b);
}
