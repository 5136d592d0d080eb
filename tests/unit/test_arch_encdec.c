/*
 * test_arch_encdec.c - encoder-decoder models (Whisper) from their real
 * config.json (tests/fixtures/configs/whisper/, sources in SOURCES.md
 * there): the fields read, the weights vLLM loads, the self- and
 * cross-attention specs and their groups, blocks per request, tokens and
 * concurrency as vLLM prints them, and what headroom refuses.  Each
 * expected figure is worked out by hand in the comment beside it from
 * vllm/model_executor/models/whisper.py, vllm/v1/kv_cache_interface.py
 * (CrossAttentionSpec) and vllm/v1/core/kv_cache_utils.py.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/kv.h"
#include "core/plan.h"
#include "core/speed.h"
#include "core/vllm_flags.h"
#include "core/vllm_version.h"
#include "core/weights.h"
#include "io/hfconfig.h"
#include "io/model_dir.h"
#include "helpers.h"

/* The plan of model m on an H100 at vLLM 0.15.1, block 16, with the
 * scheduler of a card under 70 GiB (256 sequences, 2048 batched tokens) and
 * the KV memory fixed at kv bytes. */
static void
plan_whisper(struct model *m, int64_t kv, struct plan *p)
{
	struct plan_input in;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = m;
	in.ckpt = -1;
	in.version = VLLM_VER(0, 15, 1);
	in.max_num_seqs = 256;
	in.max_num_batched_tokens = 2048;
	in.kv_cache_memory_bytes = kv;
	plan_compute(test_catalogue(), &in, p);
}

Test(arch_encdec, whisper_large_v3_fields)
{
	struct model m;

	test_config_load("whisper/whisper-large-v3", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_not_null(m.assumption);
	/* the decoder: decoder_layers, not num_hidden_layers (the encoder's) */
	cr_assert_eq(m.layers, 32);
	cr_assert_eq(m.hidden, 1280);
	cr_assert_eq(m.heads, 20);
	cr_assert_eq(m.kv_heads, 20);
	cr_assert_eq(m.head_dim, 64); /* d_model / decoder_attention_heads */
	cr_assert_eq(m.intermediate, 5120);
	cr_assert_eq(m.enc_layers, 32);
	cr_assert_eq(m.enc_heads, 20);
	cr_assert_eq(m.enc_intermediate, 5120);
	cr_assert_eq(m.enc_positions, 1500);
	cr_assert_eq(m.enc_mel_bins, 128);
	cr_assert_eq(m.vocab, 51866);
	/* max_target_positions: vLLM's "Using max model len 448" */
	cr_assert_eq(m.derived_max_len, 448);
	cr_assert_eq(m.native_format, FMT_FP16);
	cr_assert_eq(m.rotary_dim, 0); /* no RoPE cache */
	cr_assert(m.no_pp);
	model_done(&m);
}

Test(arch_encdec, whisper_large_v3_weights)
{
	struct model m;
	struct weights_breakdown w;

	test_config_load("whisper/whisper-large-v3", &m);
	/*
	 * d = 1280, ffn 5120, 32 + 32 layers.  Linears: encoder 32 x (4 d^2 +
	 * 2 d x 5120) = 629,145,600, decoder 32 x (8 d^2 + 2 d x 5120) =
	 * 838,860,800 -> 1,468,006,400.  Biases and LayerNorms: encoder
	 * 32 x (3d + 5120 + 2d + 4d) = 532,480, decoder 32 x (6d + 5120 + 3d
	 * + 6d) = 778,240; conv1 1280 x 128 x 3 + 1280 and conv2 1280 x 1280 x
	 * 3 + 1280 = 5,409,280; positions (1500 + 448) x 1280 = 2,493,440;
	 * final norms 4d = 5120 -> 9,218,560.  embed_tokens 51,866 x 1280 =
	 * 66,388,480, proj_out tied to it.  1,543,613,440 parameters (the
	 * published 1,543,490,560 plus the 96 zero k biases vLLM adds) x 2 B
	 * = 3,087,226,880 B = 2.875 GiB: vLLM 0.15.1 logs "Model loading took
	 * 2.88 GiB memory" (tests/calibration/newer-logs.json).
	 */
	weights_rank(&m, FMT_FP16, 2, 1, 1, 0, &w);
	cr_assert_float_eq(w.linear, 1468006400.0 * 2, 1.0);
	cr_assert_float_eq(w.other, 9218560.0 * 2, 1.0);
	cr_assert_float_eq(w.embed, 66388480.0 * 2, 1.0);
	cr_assert_float_eq(w.lm_head, 0.0, 0.5);
	cr_assert_float_eq(w.total, 3087226880.0, 1.0);
	cr_assert_float_eq(weights_param_count(&m), 1.54361344, 1e-8);
	/*
	 * TP 2: linears halve (734,003,200); column-parallel biases halve,
	 * row-parallel biases and norms stay: encoder 32 x ((3d + 5120) / 2
	 * + 2d + 4d) = 389,120, decoder 32 x ((6d + 5120) / 2 + 3d + 6d) =
	 * 573,440; convolutions, positions, norms and embed_tokens (plain
	 * torch modules) whole: 809,262,080 parameters = 1,618,524,160 B.
	 */
	weights_rank(&m, FMT_FP16, 2, 2, 1, 0, &w);
	cr_assert_float_eq(w.total, 1618524160.0, 1.0);
	model_done(&m);
}

Test(arch_encdec, whisper_large_v3_cross_attention_groups)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	char err[KV_ERR_LEN];

	test_config_load("whisper/whisper-large-v3", &m);
	memset(&p, 0, sizeof p);
	p.tp = 1;
	p.kv = KV_AUTO;
	p.model_bytes = 2;
	p.block_size = 16;
	p.kernel_alignment = 16;
	p.mnbt = 2048;
	p.hma = true;
	p.enc_len = 2048;
	cr_assert_eq(kv_layout_build(&m, &p, 0, m.layers, &l, err, sizeof err),
	    0, "%s", err);
	/*
	 * Every decoder layer: a FullAttentionSpec (self) and a
	 * CrossAttentionSpec of the same page, 2 x 16 x 20 x 64 x 2 B =
	 * 81,920.  Two kinds of 32 layers: group size 32, one group each, no
	 * padding.  Per token only the self-attention grows: 32 x 5120 B.
	 */
	cr_assert_eq(l.page, 81920);
	cr_assert_eq(l.group_size, 32);
	cr_assert_eq(l.n_groups, 2);
	cr_assert_eq(l.padding_layers, 0);
	cr_assert_eq(l.attn_layers, 32);
	cr_assert_eq(l.bytes_per_token, 32 * 5120);
	/*
	 * A request of 448 tokens: cdiv(448, 16) = 28 self blocks and
	 * cdiv(max_num_encoder_input_tokens = 2048, 16) = 128 cross blocks,
	 * whatever its length -> 156 (28 + 128 at 0.15.1: 4152 blocks over
	 * 156 = 26.62x, the log's concurrency).  One token still takes 129.
	 */
	cr_assert_eq(kv_blocks_per_request(&l, 448), 156);
	cr_assert_eq(kv_blocks_per_request(&l, 1), 129);
	cr_assert_eq(kv_needed_bytes(&l, 448), (int64_t)32 * 81920 * 156);
	/* 10.14 GiB: 10,887,572,111 // 81,920 // 32 = 4153 blocks */
	cr_assert_eq(kv_num_blocks(&l, 10887572111LL), 4153);
	/* 8192 batched tokens (an H100's default): 28 + 512 blocks */
	p.enc_len = 8192;
	cr_assert_eq(kv_layout_build(&m, &p, 0, m.layers, &l, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(kv_blocks_per_request(&l, 448), 540);
	/* fp8 KV: half the page, the same blocks */
	p.kv = KV_FP8;
	cr_assert_eq(kv_layout_build(&m, &p, 0, m.layers, &l, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(l.page, 40960);
	/* TP 4: 5 heads per rank, a quarter of the page */
	p.kv = KV_AUTO;
	p.tp = 4;
	cr_assert_eq(kv_layout_build(&m, &p, 0, m.layers, &l, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(l.page, 20480);
	model_done(&m);
}

Test(arch_encdec, whisper_large_v3_plan_as_logged)
{
	struct model m;
	struct plan p, q;

	test_config_load("whisper/whisper-large-v3", &m);
	/*
	 * The 0.15.1 startup (util 0.85, 2048 batched tokens) logs 10.14 GiB
	 * for the cache, "GPU KV cache size: 33,216 tokens" and 26.62x at
	 * 448 tokens.  4152 blocks x 32 layers x 81,920 B = 10,884,218,880 B
	 * (10.14 GiB): 0.15.1 prints num_blocks // 2 groups x 16 = 33,216
	 * tokens and 4152 / 156 = 26.615 -> 26.62x.
	 */
	plan_whisper(&m, 10884218880LL, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.max_model_len, 448);
	cr_assert_eq(p.num_blocks, 4152);
	cr_assert_eq(p.blocks_per_request, 156);
	cr_assert_eq(p.kv_tokens, 33216);
	cr_assert_float_eq(p.max_concurrency, 4152.0 / 156, 1e-9);
	cr_assert_eq(p.n_groups, 2);
	cr_assert_eq(p.weights, 3087226880LL);
	/* the profile run encodes one padded 30 s item: budget max(2048,
	 * 1500) = 2048, 2048 // 1500 = 1 item of 1500 tokens */
	cr_assert(p.mm.active);
	cr_assert_str_eq(p.mm.modality, "audio");
	cr_assert_eq(p.mm.encoder_budget, 2048);
	cr_assert_eq(p.mm.items_per_batch, 1);
	cr_assert_eq(p.mm.profiled_tokens, 1500);
	/* its outputs, 1500 x 1280 x 2 B, stay in the encoder cache */
	cr_assert_eq(p.mm.encoder_cache, 1500 * 1280 * 2);
	cr_assert_gt(p.mm.encoder_activation, 0);
	/* no decode-speed figure: the step model would read the encoder's
	 * weights at every step */
	{
		struct plan_input in;
		struct speed_estimate se;

		test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct",
		    NULL);
		in.model = &m;
		in.ckpt = -1;
		speed_estimate(test_catalogue(), &in, &p, 1, &se);
		cr_assert(strstr(se.why, "encoder-decoder") != NULL, "%s",
		    se.why);
	}
	/* cudagraph_mode: the default FULL_AND_PIECEWISE becomes
	 * FULL_DECODE_ONLY (35 decode graphs at 256 sequences), so the graph
	 * estimate equals that of an explicit FULL_DECODE_ONLY and is below
	 * PIECEWISE's 51 */
	{
		struct plan_input in;

		test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct",
		    NULL);
		in.model = &m;
		in.ckpt = -1;
		in.version = VLLM_VER(0, 15, 1);
		in.max_num_seqs = 256;
		in.max_num_batched_tokens = 2048;
		in.cudagraph_mode = PLAN_CG_FULL_DECODE_ONLY;
		plan_compute(test_catalogue(), &in, &q);
		cr_assert_gt(q.cuda_graphs, 0);
		plan_whisper(&m, 0, &p);
		cr_assert_eq(p.cuda_graphs, q.cuda_graphs);
		in.cudagraph_mode = PLAN_CG_PIECEWISE;
		plan_compute(test_catalogue(), &in, &q);
		cr_assert_gt(q.cuda_graphs, p.cuda_graphs);
	}
	model_done(&m);
}

/*
 * Two more real startups (tests/calibration/newer-logs.json).  0.17.0 at
 * TP 4: 5 KV heads per rank, page 2 x 16 x 5 x 64 x 2 = 20,480 B, 32
 * layers a group: 26,990 blocks x 655,360 B = 17,688,166,400 B (the log's
 * 16.47 GiB); 26,990 // 2 x 16 = 215,920 tokens and 26,990 / 156 =
 * 173.01x as printed.  The TP 1 run of 2026-05-24, a release of that day
 * (0.21.0, tagged 2026-05-14; tokens = int(concurrency x 448) from 0.20.1,
 * #41069): 6923 blocks x 2,621,440 B (16.9 GiB), 6923 / 156 = 44.378 ->
 * 44.38x and int(44.378 x 448) = 19,881 tokens as printed.  0.20.0 printed
 * num_blocks // groups x block for the same blocks: the self-attention and
 * cross-attention groups, 6923 // 2 x 16 = 3461 x 16 = 55,376.
 */
Test(arch_encdec, whisper_large_v3_two_more_startups)
{
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_load("whisper/whisper-large-v3", &m);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.max_num_seqs = 256;
	in.max_num_batched_tokens = 2048;
	in.version = VLLM_VER(0, 17, 0);
	in.tp = 4;
	in.kv_cache_memory_bytes = 17688166400LL;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.page_bytes, 20480);
	cr_assert_eq(p.num_blocks, 26990);
	cr_assert_eq(p.kv_tokens, 215920);
	cr_assert_float_eq(p.max_concurrency, 26990.0 / 156, 1e-9);
	/*
	 * Weights per rank: linears / 4 = 367,001,600; biases and norms
	 * 317,440 (encoder) + 471,040 (decoder); convolutions, positions and
	 * final norms 7,907,840 and embed_tokens 66,388,480 whole ->
	 * 442,086,400 x 2 B = 884,172,800 B = 0.8235 GiB.  vLLM printed 0.83:
	 * at least 1.7 MB per rank that headroom does not count.
	 */
	cr_assert_eq(p.weights, 884172800LL);
	in.version = VLLM_VER(0, 21, 0);
	in.tp = 1;
	in.kv_cache_memory_bytes = 18148229120LL;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.num_blocks, 6923);
	cr_assert_eq(p.n_groups, 2);
	cr_assert_eq(p.kv_tokens, 19881);
	cr_assert_float_eq(p.max_concurrency, 6923.0 / 156, 1e-9);
	in.version = VLLM_VER(0, 20, 0);
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.num_blocks, 6923);
	cr_assert_eq(p.kv_tokens, 55376);
	model_done(&m);
}

/*
 * The catalogue's whisper-large-v3-turbo: large-v3 with 4 decoder layers.
 * Parameters: encoder 637,009,920 (as large-v3), decoder 4 x 26,238,720 +
 * embed_tokens 66,388,480 + positions 573,440 + final norm 2560 ->
 * 808,929,280 x 2 B = 1,617,858,560 B (1.51 GiB); without the 40 zero k
 * biases (51,200) that is 1,617,756,160 B, the published model.safetensors
 * of 1,617,824,864 B less its header.  KV: 4 self and 4 cross layers, two
 * groups of 4: 10 GiB // (81,920 x 4) = 32,768 blocks over 156 per request.
 */
Test(arch_encdec, whisper_large_v3_turbo_catalogue)
{
	const struct catalogue *c = test_catalogue();
	int mi = catalogue_find_model(c, "whisper-large-v3-turbo");
	struct plan_input in;
	struct plan p;
	struct weights_breakdown w;

	cr_assert_geq(mi, 0);
	cr_assert_eq(c->models[mi].layers, 4);
	cr_assert_eq(c->models[mi].enc_layers, 32);
	weights_rank(&c->models[mi], FMT_FP16, 2, 1, 1, 0, &w);
	cr_assert_float_eq(w.total, 1617858560.0, 1.0);
	test_input(&in, "h100-sxm", "whisper-large-v3-turbo", NULL);
	in.max_num_seqs = 256;
	in.max_num_batched_tokens = 2048;
	in.kv_cache_memory_bytes = (int64_t)10 << 30;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.group_size, 4);
	cr_assert_eq(p.n_groups, 2);
	cr_assert_eq(p.num_blocks, 32768);
	cr_assert_eq(p.blocks_per_request, 156);
	cr_assert_eq(p.weights, 1617858560LL);
}

Test(arch_encdec, whisper_refusals)
{
	struct model m;
	struct plan_input in;
	struct plan p;

	test_config_load("whisper/whisper-large-v3", &m);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	/* 0.10.2 to 0.15.0 are not checked; before 0.10.2 V0 served it */
	in.version = VLLM_VER(0, 12, 0);
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "0.15.1") != NULL, "%s", p.message);
	in.version = VLLM_VER(0, 10, 1);
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "V0") != NULL, "%s", p.message);
	in.version = 0;
	/* no SupportsPP in WhisperForConditionalGeneration */
	in.pp = 2;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "SupportsPP") != NULL, "%s", p.message);
	in.pp = 1;
	in.disable_hybrid_kv_manager = 1;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "hybrid") != NULL, "%s", p.message);
	in.disable_hybrid_kv_manager = 0;
	in.limit_mm_audios = 2;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "audio") != NULL, "%s", p.message);
	in.limit_mm_audios = -1;
	/* one 1500-token audio item must fit a batch (chunked MM input off) */
	in.max_num_batched_tokens = 1024;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "max_tokens_per_mm_item (1500) is larger "
		      "than max_num_batched_tokens (1024)") != NULL,
	    "%s", p.message);
	in.max_num_batched_tokens = 0;
	/* LoRA, drafts and KV offloading are not modelled for it */
	in.lora.enabled = true;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "--enable-lora") != NULL, "%s", p.message);
	in.lora.enabled = false;
	in.kv_offloading_gib = 10;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "--kv-offloading-size") != NULL, "%s",
	    p.message);
	in.kv_offloading_gib = 0;
	/* 20 heads over 8 ranks */
	in.tp = 8;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	in.tp = 1;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	model_done(&m);
}

/* Reads json (a config.json) and returns its refusal, or NULL. */
static char *
refusal_of(const char *json, struct model *m)
{
	test_config_parse(json, m);
	return m->refusal;
}

Test(arch_encdec, other_encoder_decoders_refused)
{
	struct model m;
	const char *r;
	const char *bad;
	char err[512];

	/* an architecture vLLM does not know with is_encoder_decoder true */
	r = refusal_of("{\"architectures\":[\"T5ForConditionalGeneration\"],"
		       "\"num_hidden_layers\":4,\"hidden_size\":256,"
		       "\"num_attention_heads\":4,\"vocab_size\":1000,"
		       "\"is_encoder_decoder\":true}",
	    &m);
	cr_assert_not_null(r);
	cr_assert(strstr(r, "is_encoder_decoder") != NULL, "%s", r);
	model_done(&m);
	/* BART ran on V0 only (_PREVIOUSLY_SUPPORTED_MODELS: 0.10.2) */
	r = refusal_of("{\"architectures\":[\"BartForConditionalGeneration\"]}",
	    &m);
	cr_assert_not_null(r);
	cr_assert_eq(m.last_release, VLLM_VER(0, 10, 2));
	model_done(&m);
	/* a Whisper size that is not a whole number names its field */
	cr_assert_eq(
	    test_config_try("{\"architectures\":["
			    "\"WhisperForConditionalGeneration\"],"
			    "\"d_model\":1280,\"decoder_attention_heads\":20,"
			    "\"num_hidden_layers\":32,\"vocab_size\":51866,"
			    "\"encoder_ffn_dim\":-5}",
		&m, err, sizeof err, &bad),
	    -1);
	cr_assert_str_eq(bad, "encoder_ffn_dim");
	cr_assert(strstr(err, "encoder_ffn_dim") != NULL, "%s", err);
	/* heads that do not divide d_model */
	cr_assert_eq(
	    test_config_try("{\"architectures\":["
			    "\"WhisperForConditionalGeneration\"],"
			    "\"d_model\":1280,\"decoder_attention_heads\":20,"
			    "\"encoder_attention_heads\":7,"
			    "\"num_hidden_layers\":32,\"vocab_size\":51866}",
		&m, err, sizeof err, &bad),
	    -1);
	cr_assert_str_eq(bad, "encoder_attention_heads");
}

/*
 * Encoder-only (pooling) models: the model runner gives their ENCODER_ONLY
 * attention no KV-cache spec, so vLLM skips the memory profile; headroom
 * refuses them by architecture or model_type instead of pricing a decoder's
 * KV cache (XLMRobertaModel was priced as standard attention before).
 */
Test(arch_encdec, encoder_only_refused)
{
	static const char *const cfgs[] = {
		/* classes vLLM serves whose heads headroom does not read (the
		 * modelled ones: tests/unit/test_arch_encoder.c) */
		"{\"architectures\":[\"RobertaForMaskedLM\"],\"model_type\":"
		"\"roberta\",\"hidden_size\":1024,\"num_hidden_layers\":24,"
		"\"num_attention_heads\":16,\"intermediate_size\":4096,"
		"\"vocab_size\":250002,\"max_position_embeddings\":8194}",
		"{\"architectures\":[\"GteNewForSequenceClassification\"],"
		"\"hidden_size\":768,\"num_hidden_layers\":12,"
		"\"num_attention_heads\":12,\"vocab_size\":30522}",
		/* an architecture name vLLM does not list, model_type bert */
		"{\"architectures\":[\"BertForPreTraining\"],\"model_type\":"
		"\"bert\",\"hidden_size\":768,\"num_hidden_layers\":12,"
		"\"num_attention_heads\":12,\"vocab_size\":30522}",
	};
	struct model m;
	struct plan_input in;
	struct plan p;
	size_t i;

	for (i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++) {
		const char *r = refusal_of(cfgs[i], &m);

		cr_assert_not_null(r, "%s", cfgs[i]);
		cr_assert(strstr(r, "encoder-only") != NULL, "%s", r);
		test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct",
		    NULL);
		in.model = &m;
		in.ckpt = -1;
		plan_compute(test_catalogue(), &in, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG);
		cr_assert_eq(p.kv_tokens, 0);
		model_done(&m);
	}
}
