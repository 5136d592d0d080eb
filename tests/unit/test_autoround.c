/*
 * test_autoround.c - AutoRound checkpoints (quant_method "auto-round"),
 * their weights worked by hand and the variants refused by name.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/weights.h"
#include "io/hfconfig.h"
#include "helpers.h"

/* A Llama of 2 layers: hidden 1024, 8 heads of 128 (MHA), MLP 4096. */
#define LLAMA_HEAD                                                             \
	"{\"architectures\":[\"LlamaForCausalLM\"],\"num_hidden_layers\":2,"   \
	"\"hidden_size\":1024,\"intermediate_size\":4096,"                     \
	"\"num_attention_heads\":8,\"num_key_value_heads\":8,"                 \
	"\"vocab_size\":1000,\"max_position_embeddings\":4096,"                \
	"\"tie_word_embeddings\":false,\"torch_dtype\":\"bfloat16\","          \
	"\"quantization_config\":{\"quant_method\":\"auto-round\","

/* Per layer 4 x 1024 x 1024 attention and 3 x 1024 x 4096 MLP weights. */
#define LLAMA_LINEAR (2.0 * (4.0 * 1024 * 1024 + 3.0 * 1024 * 4096))

static int
read_qc(const char *qc, struct model *m, char *err, size_t len)
{
	char json[4096];
	const char *bad;

	snprintf(json, sizeof json, "%s%s}}", LLAMA_HEAD, qc);
	return test_config_try(json, m, err, len, &bad);
}

Test(autoround, gptq_sym_group_128_by_hand)
{
	struct model m;
	struct weights_breakdown w;
	char err[512];

	cr_assert_eq(read_qc("\"bits\":4,\"group_size\":128,\"sym\":true,"
			     "\"packing_format\":\"auto_round:auto_gptq\"",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.native_format, FMT_GPTQ);
	cr_assert_eq(m.quant_group, 128);
	cr_assert(!m.quant_zero_points);
	cr_assert(!m.quant_g_idx);
	/* GPTQ Marlin after loading: 4-bit values (0.5 B) and a 16-bit scale
	 * per 128 inputs (2 / 128 B); no qzeros (sym), no g_idx (desc_act
	 * off): 33,554,432 x 0.515625 = 17,301,504 B */
	weights_rank(&m, FMT_GPTQ, 2, 1, 1, 0, &w);
	cr_assert_float_eq(w.linear, 17301504.0, 0.5, "%.1f", w.linear);
	cr_assert_float_eq(w.linear, LLAMA_LINEAR * 0.515625, 0.5);
	/* the head stays 16-bit (ParallelLMHead is not quantized), its 1000
	 * rows padded to 1024 (a multiple of 64) */
	cr_assert_float_eq(w.lm_head, 1024.0 * 1024 * 2, 0.5, "%.1f",
	    w.lm_head);
	weights_rank(&m, FMT_GPTQ, 2, 2, 1, 0, &w);
	cr_assert_float_eq(w.linear, 17301504.0 / 2, 0.5, "%.1f", w.linear);
	model_done(&m);
}

Test(autoround, awq_asym_group_64_by_hand)
{
	struct model m;
	struct weights_breakdown w;
	char err[512];

	cr_assert_eq(read_qc("\"bits\":4,\"group_size\":64,\"sym\":false,"
			     "\"packing_format\":\"auto_round:auto_awq\"",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.native_format, FMT_AWQ);
	cr_assert_eq(m.quant_group, 64);
	/* AWQ Marlin: 0.5 B + a 16-bit scale and a 4-bit zero point per 64
	 * inputs (2.5 / 64 B) = 0.5390625 B: 18,087,936 B */
	weights_rank(&m, FMT_AWQ, 2, 1, 1, 0, &w);
	cr_assert_float_eq(w.linear, 18087936.0, 0.5, "%.1f", w.linear);
	model_done(&m);
	/* group 32 with the GPTQ path: 0.5 + 2 / 32 = 0.5625 B */
	cr_assert_eq(read_qc("\"bits\":4,\"group_size\":32,\"sym\":true", &m,
			 err, sizeof err),
	    0, "%s", err);
	cr_assert_null(m.refusal, "%s", m.refusal);
	weights_rank(&m, FMT_GPTQ, 2, 1, 1, 0, &w);
	cr_assert_float_eq(w.linear, LLAMA_LINEAR * 0.5625, 0.5, "%.1f",
	    w.linear);
	model_done(&m);
}

Test(autoround, gptq_8_bit_sym_by_hand)
{
	struct model m;
	struct weights_breakdown w;
	char err[512];

	cr_assert_eq(read_qc("\"bits\":8,\"group_size\":128,\"sym\":true", &m,
			 err, sizeof err),
	    0, "%s", err);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.native_format, FMT_INT8);
	cr_assert_eq(m.quant_group, 128);
	cr_assert(!m.quant_zero_points);
	cr_assert(!m.quant_g_idx);
	/* GPTQ Marlin uint8b128: 1 B a weight and a 16-bit scale per 128
	 * inputs, no qzeros, no g_idx: 33,554,432 x 1.015625 = 34,078,720 B */
	weights_rank(&m, FMT_INT8, 2, 1, 1, 0, &w);
	cr_assert_float_eq(w.linear, 34078720.0, 0.5, "%.1f", w.linear);
	model_done(&m);
}

static void
refused(const char *qc, const char *words)
{
	struct model m;
	char err[512];

	cr_assert_eq(read_qc(qc, &m, err, sizeof err), 0, "%s", err);
	cr_assert_not_null(m.refusal, "%s: accepted", qc);
	cr_assert(strstr(m.refusal, words) != NULL, "%s: %s", qc, m.refusal);
	model_done(&m);
}

Test(autoround, refusals_by_name)
{
	/* AutoRoundConfig.__init__ / from_config, vLLM's words */
	refused("\"bits\":5,\"group_size\":128,\"sym\":true",
	    "Unsupported weight_bits: 5, currently only support  {2, 3, 4, 8}");
	refused("\"bits\":4,\"group_size\":128,\"sym\":true,"
		"\"data_type\":\"mxfp4\"",
	    "Unsupported data_type: mxfp4");
	refused("\"bits\":4,\"group_size\":128,\"sym\":true,"
		"\"packing_format\":\"auto_round:llm_compressor\"",
	    "Unsupported packing_format: auto_round:llm_compressor");
	refused("\"bits\":4,\"group_size\":128,\"sym\":true,"
		"\"backend\":\"exllamav2\"",
	    "Unsupported backend: exllamav2");
	refused("\"bits\":4,\"group_size\":128",
	    "Cannot find any of ['sym'] in the model's quantization config.");
	/* vLLM serves them, headroom does not price them */
	refused("\"bits\":8,\"group_size\":128,\"sym\":false,"
		"\"packing_format\":\"auto_round:auto_awq\"",
	    "AutoRound 8-bit AWQ weights");
	refused("\"bits\":8,\"group_size\":128,\"sym\":false",
	    "GPTQ packing with sym false");
	refused("\"bits\":2,\"group_size\":64,\"sym\":true",
	    "AutoRound 2-bit GPTQ weights");
	refused("\"bits\":3,\"group_size\":128,\"sym\":true",
	    "AutoRound 3-bit GPTQ weights");
	refused("\"bits\":4,\"group_size\":128,\"sym\":true,"
		"\"backend\":\"ipex\"",
	    "backend 'ipex'");
	refused("\"bits\":4,\"group_size\":128,\"sym\":true,"
		"\"backend\":\"gptq\"",
	    "without Marlin");
	refused("\"bits\":4,\"group_size\":256,\"sym\":true", "group_size 256");
	refused("\"bits\":4,\"group_size\":-1,\"sym\":true", "group_size -1");
	refused("\"bits\":4,\"group_size\":128,\"sym\":false",
	    "GPTQ packing with sym false");
	refused("\"bits\":4,\"group_size\":128,\"sym\":true,"
		"\"packing_format\":\"auto_round:auto_awq\"",
	    "AWQ packing with sym true");
	/* mixed per-layer layouts, a quantized head, unplaced blocks */
	refused("\"bits\":4,\"group_size\":128,\"sym\":true,\"extra_config\":"
		"{\"model.layers.0.mlp.down_proj\":{\"bits\":8}}",
	    "extra_config['model.layers.0.mlp.down_proj']: 8 bits");
	refused("\"bits\":4,\"group_size\":128,\"sym\":true,\"extra_config\":"
		"{\"model.layers.1.self_attn.q_proj\":{\"group_size\":32}}",
	    "group 32");
	refused("\"bits\":4,\"group_size\":128,\"sym\":true,\"extra_config\":"
		"{\"lm_head\":{\"bits\":4}}",
	    "quantize lm_head");
	refused("\"bits\":4,\"group_size\":128,\"sym\":true,"
		"\"block_name_to_quantize\":\"model.visual.blocks\"",
	    "block_name_to_quantize 'model.visual.blocks'");
}

Test(autoround, extra_config_16_bit_and_block_names)
{
	struct model m;
	struct weights_breakdown w;
	char err[512];

	/* every layer's MLP kept 16-bit: the attention alone is int4 */
	cr_assert_eq(read_qc("\"bits\":4,\"group_size\":128,\"sym\":true,"
			     "\"block_name_to_quantize\":\"model.layers\","
			     "\"extra_config\":{"
			     "\"model.layers.0.mlp.gate_proj\":{\"bits\":16},"
			     "\"model.layers.0.mlp.up_proj\":{\"bits\":16},"
			     "\"model.layers.0.mlp.down_proj\":{\"bits\":16},"
			     "\"model.layers.1.mlp.gate_proj\":{\"bits\":16},"
			     "\"model.layers.1.mlp.up_proj\":{\"bits\":16},"
			     "\"model.layers.1.mlp.down_proj\":{\"bits\":16},"
			     "\"model.layers.1.input_layernorm\":{\"bits\":16},"
			     "\"model.layers.0.self_attn.q_proj\":{\"bits\":4}"
			     "}",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 4u, 4u, "%u", m.quant_skip);
	cr_assert_null(m.assumption, "%s", m.assumption);
	/* attention 2 x 4 x 1024^2 at 0.515625 B, MLP 2 x 3 x 1024 x 4096 at
	 * 2 B */
	weights_rank(&m, FMT_GPTQ, 2, 1, 1, 0, &w);
	cr_assert_float_eq(w.linear,
	    2 * 4.0 * 1024 * 1024 * 0.515625 + 2 * 3.0 * 1024 * 4096 * 2, 0.5,
	    "%.1f", w.linear);
	/* a block list without the MTP module leaves it 16-bit */
	cr_assert_eq(m.quant_skip & MODEL_SKIP_MTP, MODEL_SKIP_MTP);
	model_done(&m);
	/* a list naming it too (a comma-separated string) quantizes it */
	cr_assert_eq(read_qc("\"bits\":4,\"group_size\":128,\"sym\":true,"
			     "\"to_quant_block_names\":"
			     "\"model.layers,mtp.layers\"",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & MODEL_SKIP_MTP, 0u);
	model_done(&m);
	/* in_proj_a without in_proj_b: vLLM's fused in_proj_ba refuses */
	cr_assert_eq(read_qc("\"bits\":4,\"group_size\":128,\"sym\":true,"
			     "\"extra_config\":{\"model.layers.0.linear_"
			     "attn.in_proj_a\":{\"bits\":16}}",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal, "requires consistent quant config") != NULL,
	    "%s", m.refusal);
	model_done(&m);
}

/* The same export with its vision entries gone: vLLM would quantize the
 * tower, which headroom does not model; with a block list and in_proj_a /
 * in_proj_b kept 16-bit. */
Test(autoround, tower_block_list_and_in_proj_ba)
{
	char path[1024], *text, *p;
	FILE *f;
	long n;
	cJSON *c, *qc, *ec, *e, *next;
	struct model m;
	struct weights_breakdown w0, w1;
	char err[512];
	const char *bad;
	int i;

	snprintf(path, sizeof path,
	    "%s/tests/fixtures/configs/qwen3.5/Qwen3.6-27B-AutoRound-W4A16/"
	    "config.json",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".");
	f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)n + 1);
	cr_assert_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	c = cJSON_Parse(text);
	free(text);
	cr_assert_not_null(c);
	qc = cJSON_GetObjectItemCaseSensitive(c, "quantization_config");
	ec = cJSON_GetObjectItemCaseSensitive(qc, "extra_config");
	for (e = ec->child; e != NULL; e = next) {
		next = e->next;
		p = e->string;
		if (strstr(p, "visual"))
			cJSON_Delete(cJSON_DetachItemViaPointer(ec, e));
	}
	cr_assert_eq(hfconfig_read(c, &m, err, sizeof err, &bad), 0, "%s", err);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal, "quantized vision tower") != NULL, "%s",
	    m.refusal);
	model_done(&m);
	/* a block list of the decoder's layers leaves the tower alone */
	cJSON_AddStringToObject(qc, "block_name_to_quantize",
	    "model.language_model.layers");
	cr_assert_eq(hfconfig_read(c, &m, err, sizeof err, &bad), 0, "%s", err);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & MODEL_SKIP_MTP, MODEL_SKIP_MTP);
	cr_assert_eq(m.quant_skip & MODEL_SKIP_GDN_BA, 0u);
	weights_rank(&m, FMT_GPTQ, 2, 4, 1, 0, &w0);
	model_done(&m);
	/* in_proj_a and in_proj_b 16-bit in the 48 gated delta nets (as
	 * Lorbus/Qwen3.6-27B-int4-AutoRound's card says it keeps them): the
	 * fused in_proj_ba, 5120 x 2 x 48 / TP 4 = 122,880 weights a layer,
	 * at 2 B instead of 0.515625: 48 x 122,880 x 1.484375 = 8,755,200 B
	 * more a rank */
	for (i = 0; i < 64; i++) {
		char k[96];

		if (i % 4 == 3)
			continue;
		snprintf(k, sizeof k,
		    "model.language_model.layers.%d.linear_attn.in_proj_a", i);
		cJSON_AddItemToObject(ec, k,
		    cJSON_Parse("{\"bits\":16,\"data_type\":\"float\"}"));
		k[strlen(k) - 1] = 'b';
		cJSON_AddItemToObject(ec, k,
		    cJSON_Parse("{\"bits\":16,\"data_type\":\"float\"}"));
	}
	cr_assert_eq(hfconfig_read(c, &m, err, sizeof err, &bad), 0, "%s", err);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & MODEL_SKIP_GDN_BA, MODEL_SKIP_GDN_BA);
	cr_assert(m.assumption == NULL ||
		strstr(m.assumption, "quantization ignore") == NULL,
	    "%s", m.assumption);
	weights_rank(&m, FMT_GPTQ, 2, 4, 1, 0, &w1);
	cr_assert_float_eq(w1.linear - w0.linear, 8755200.0, 1.0, "%.1f",
	    w1.linear - w0.linear);
	model_done(&m);
	cJSON_Delete(c);
}

/*
 * A Qwen3.6-27B AutoRound W4A16 export (tests/fixtures/configs/SOURCES.md):
 * extra_config keeps lm_head, every norm, the vision tower and the MTP
 * module's norms 16-bit; no block_name_to_quantize, so vLLM quantizes every
 * other linear, the MTP layer's included.
 */
Test(autoround, qwen36_27b_w4a16_export)
{
	struct model m, bf;
	struct weights_breakdown w, wb;

	test_config_load("qwen3.5/Qwen3.6-27B-AutoRound-W4A16", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.native_format, FMT_GPTQ);
	cr_assert_eq(m.quant_group, 128);
	cr_assert(!m.quant_zero_points);
	cr_assert(!m.quant_g_idx);
	cr_assert_eq(m.quant_skip, 0u, "%u", m.quant_skip);
	/* every entry placed: none taken as quantized */
	cr_assert(m.assumption == NULL ||
		strstr(m.assumption, "quantization ignore") == NULL,
	    "%s", m.assumption);
	test_config_load("qwen3.5/Qwen3.5-27B", &bf);
	/* the same layers: every decoder linear at 0.515625 B instead of 2,
	 * but for what is no linear in the 48 gated-delta-net layers: conv1d
	 * (2 x 16 x 128 + 48 x 128) x 4 taps, A_log and dt_bias 2 x 48, over
	 * TP 4 = 10,264 parameters of 2 B each way */
	weights_rank(&m, FMT_GPTQ, 2, 4, 1, 0, &w);
	weights_rank(&bf, FMT_BF16, 2, 4, 1, 0, &wb);
	{
		double unq =
		    48.0 * ((2 * 16 * 128 + 48 * 128) * 4 + 2 * 48) / 4 * 2;

		cr_assert_float_eq(w.linear - unq,
		    (wb.linear - unq) * 0.515625 / 2, 1.0, "%.1f vs %.1f",
		    w.linear, wb.linear);
	}
	cr_assert_float_eq(w.embed, wb.embed, 0.5);
	cr_assert_float_eq(w.lm_head, wb.lm_head, 0.5);
	cr_assert_float_eq(w.other, wb.other, 0.5);
	model_done(&m);
	model_done(&bf);
}
