/*
 * test_arch_ssm.c - the state-space and hybrid families read from their
 * published config.json files (tests/fixtures/configs/, each file's source
 * in SOURCES.md there) rather than from sizes written into the test: the
 * file must read without a refusal, and the layout vLLM builds from it is
 * worked out by hand at TP 1, 2, 4 and 8 from vllm/model_executor/layers/
 * mamba/mamba_utils.py (the state shapes), vllm/v1/kv_cache_interface.py
 * (MambaSpec, the pages) and the model's file under vllm/model_executor/
 * models/ (which layer holds what); the parameter total is held to the
 * published one.
 */
#include <criterion/criterion.h>

#include <cjson/cJSON.h>

#include "core/kv.h"
#include "core/overhead.h"
#include "core/plan.h"
#include "core/vllm_version.h"
#include "core/weights.h"
#include "io/hfconfig.h"
#include "helpers.h"

/*
 * AI21-Jamba-1.5-Mini (JambaForCausalLM, jamba.py): 32 layers, attention
 * where i % attn_layer_period (8) == attn_layer_offset (4), i.e. layers
 * 4, 12, 20, 28 (32 heads, 8 KV heads of 4096 / 32 = 128, no RoPE); Mamba1
 * in the other 28 (mamba_expand 2: I = 8192, d_state 16, d_conv 4,
 * dt_rank 256); 16 experts of 14336, top 2, where i % 2 == 1.
 * State (mamba1_state_shape, bf16): conv (I / TP) x (4 - 1), SSM (I / TP)
 * x 16: TP 1 3 x 8192 x 2 + 8192 x 16 x 2 = 49,152 + 262,144 = 311,296 B,
 * halved at each TP step (155,648 / 77,824 / 38,912).  Attention 2 x
 * (8 / TP) x 128 x 2 B per token per layer: 4096 / 2048 / 1024 / 512, all
 * four layers 16,384 / 8192 / 4096 / 2048.  Mode none (prefix caching off):
 * block 16 x cdiv(state, 16 x per-layer bytes) = 16 x cdiv(311,296, 65,536)
 * = 80 at every TP (state and attention halve together), page 80 x
 * 4096 = 327,680 / 163,840 / 81,920 / 40,960.  4 attention and 28 state
 * layers: group size 4, 8 groups, no padding.  Parameters: 28 Mamba1 layers
 * of 105.3M (in_proj 4096 x 16384, conv1d 8192 x 4 + bias, x_proj 8192 x
 * 288, dt_proj 256 x 8192 + bias, A and D, out_proj 8192 x 4096), 4
 * attention layers of 41.9M, 16 expert layers of 16 x 176.2M, 16 dense MLPs
 * of 176.2M, embeddings and lm_head 2 x 268.4M: 51.57B, the model card's
 * "52B total".  Each layer holds one mixer op, so the graph term counts 32
 * pieces.
 */
Test(ssm, jamba_15_mini_config)
{
	static const struct test_tp_layout tl = {
		.state = { 311296, 155648, 77824, 38912 },
		.attn_block = { 80, 80, 80, 80 },
		.page = { 327680, 163840, 81920, 40960 },
		.bytes_per_token = { 16384, 8192, 4096, 2048 },
		.group_size = 4,
		.n_groups = 8,
		.padding_layers = 0,
	};
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan pl;
	double b;
	int i;

	test_config_load("jamba/AI21-Jamba-1.5-Mini", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.layers, 32);
	cr_assert_eq(m.n_state_layers, 28);
	for (i = 0; i < 32; i++) {
		cr_assert_eq(m.ld[i].mixer,
		    i % 8 == 4 ? MIXER_ATTENTION : MIXER_MAMBA1, "layer %d", i);
		cr_assert_eq(m.ld[i].ffn, i % 2 == 1 ? FFN_MOE : FFN_DENSE,
		    "layer %d", i);
	}
	test_check_tp_layout(&m, &tl);
	b = weights_param_count(&m);
	cr_assert(b > 51.5 && b < 51.65, "%.3fB", b);
	cr_assert_eq(overhead_graph_layers(&m, 0, 32), 32);
	/* the plan at TP 2 lays out the same pages */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.tp = 2;
	in.max_model_len = 262144;
	in.version = VLLM_VER(0, 19, 0);
	plan_compute(c, &in, &pl);
	cr_assert_neq(pl.phase, PHASE_CONFIG, "%s", pl.message);
	cr_assert_eq(pl.page_bytes, 163840);
	cr_assert_eq(pl.kv.attn_block_size, 80);
	model_done(&m);
}

/*
 * state-spaces/mamba-2.8b-hf (MambaForCausalLM, mamba.py): 64 Mamba1
 * layers, hidden 2560, intermediate 5120, state 16, conv 4, dt_rank 160,
 * no length key (a given --max-model-len is taken as it is), the embedding
 * tied (transformers' default: the config does not say).  State
 * (mamba1_state_shape): conv (5120 / TP) x 3, SSM (5120 / TP) x 16, bf16:
 * 194,560 / 97,280 / 48,640 / 24,320 B a layer at TP 1 / 2 / 4 / 8.
 * Attention-free, prefix caching off: one block of max_model_len tokens a
 * request, pages of one layer's state; 40 GiB // (64 x page) = 3449 /
 * 6898 / 13797 / 27594 blocks.  Parameters: 64 x 41,244,160 (in_proj
 * 26,214,400, conv1d 20,480 + 5120, x_proj 983,040, dt_proj 819,200 +
 * 5120, A 81,920, D 5120, out_proj 13,107,200, norm 2560) + the embedding
 * of 50,304 padded rows x 2560 + the final norm = 2.768B, the name's 2.8B.
 */
Test(ssm, mamba_28b_hf_config)
{
	static const struct test_tp_layout tl = {
		.max_model_len = 8192,
		.state = { 194560, 97280, 48640, 24320 },
		.page = { 194560, 97280, 48640, 24320 },
		.blocks_40gib = { 3449, 6898, 13797, 27594 },
		.block_size_is = 8192,
		.request_len = 8192,
		.per_request = 1,
	};
	struct model m;
	double b;

	test_config_load("mamba/mamba-2.8b-hf", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.layers, 64);
	cr_assert_eq(m.n_state_layers, 64);
	cr_assert_str_eq(m.derived_key, "default");
	test_check_tp_layout(&m, &tl);
	b = weights_param_count(&m);
	cr_assert(b > 2.768 * 0.999 && b < 2.768 * 1.001, "%.4fB", b);
	cr_assert(b > 2.8 * 0.985 && b < 2.8 * 1.015, "%.4fB", b);
	cr_assert_eq(overhead_graph_layers(&m, 0, 64), 64);
	cr_assert_eq(overhead_mamba_pieces(&m, 0, 64), 64);
	model_done(&m);
}

/*
 * Nemotron-H-8B (NemotronHForCausalLM, nemotron_h.py) with the sizes of
 * nvidia/Nemotron-H-8B-Base-8K's config.json as a public Megatron bridge
 * test quotes them (nemotronh_8b_config_dict, search-index file
 * 52149605348): 52 layers "M-M-M-M*-M-M-M-M-M*-M-M-M-M-M*-M-M-M-M-M*-M-M-M-
 * M-M-" (24 Mamba2, 4 attention, 24 MLP), hidden 4096, 32 heads, 8 KV
 * heads of 128, Mamba2 of 128 heads x 64, 8 groups, state 128, conv 4,
 * relu2 MLP of 21504, vocabulary 131072 untied.  The SSM state in the model
 * dtype (the config names no mamba_ssm_cache_dtype; vLLM 0.12).  State: conv
 * 3 x (8192 + 2 x 8 x 128) / TP x 2 + SSM 128 / TP x 64 x 128 x 2 =
 * 2,158,592 / 1,079,296 / 539,648 / 269,824 B; attention 2 x 8 / TP x 128 x
 * 2 = 4096 / 2048 / 1024 / 512 B per token per layer; block 16 x
 * cdiv(state, 16 x that) = 16 x 33 = 528 at every TP, pages 2,162,688 /
 * 1,081,344 / 540,672 / 270,336; groups of 4, 1 + 6 groups, no padding.
 * Parameters: 24 Mamba2 layers of 109.6M (in_proj 4096 x 18,560, conv1d
 * 10,240 x 4 + bias, A, D, dt_bias, the gated norm, out_proj 8192 x 4096),
 * 24 MLPs of 176.2M, 4 attention layers of 41.9M, embedding and lm_head 2 x
 * 536.9M: 8.10B, the name's 8B.  Graph pieces: the 28 mixers, 24 of them
 * Mamba2.
 */
Test(ssm, nemotron_h_8b_sizes)
{
	static const struct test_tp_layout tl = {
		.ssm_bytes = 2,
		.state = { 2158592, 1079296, 539648, 269824 },
		.attn_block = { 528, 528, 528, 528 },
		.page = { 2162688, 1081344, 540672, 270336 },
		.bytes_per_token = { 16384, 8192, 4096, 2048 },
		.group_size = 4,
		.n_groups = 7,
		.padding_layers = 0,
	};
	static const char *const json =
	    "{\"architectures\":[\"NemotronHForCausalLM\"],\"model_type\":"
	    "\"nemotron_h\",\"hidden_size\":4096,\"num_hidden_layers\":52,"
	    "\"hybrid_override_pattern\":\"M-M-M-M*-M-M-M-M-M*-M-M-M-M-M*-M-M-"
	    "M-M-M*-M-M-M-M-M-\",\"num_attention_heads\":32,"
	    "\"num_key_value_heads\":8,\"attention_head_dim\":128,"
	    "\"intermediate_size\":21504,\"mlp_hidden_act\":\"relu2\","
	    "\"mamba_num_heads\":128,\"mamba_head_dim\":64,\"n_groups\":8,"
	    "\"ssm_state_size\":128,\"conv_kernel\":4,\"expand\":2,"
	    "\"chunk_size\":128,\"vocab_size\":131072,"
	    "\"tie_word_embeddings\":false,\"max_position_embeddings\":8192,"
	    "\"use_bias\":false,\"use_conv_bias\":true,"
	    "\"torch_dtype\":\"bfloat16\"}";
	struct model m;
	double b;

	test_config_parse(json, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.n_state_layers, 24);
	test_check_tp_layout(&m, &tl);
	b = weights_param_count(&m);
	cr_assert(b > 8.10 * 0.995 && b < 8.10 * 1.005, "%.3fB", b);
	cr_assert_eq(overhead_graph_layers(&m, 0, 52), 28);
	cr_assert_eq(overhead_mamba_pieces(&m, 0, 52), 24);
	model_done(&m);
}
