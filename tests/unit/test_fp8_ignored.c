/*
 * test_fp8_ignored.c - an fp8 quantization_config's ignored_layers, which
 * vLLM's Fp8Config.from_config reads before modules_to_not_convert
 * (vllm/model_executor/layers/quantization/fp8.py), and OLMo 3's sliding
 * layers without layer_types (vllm/transformers_utils/configs/olmo3.py),
 * and the quantization config as vLLM finds and checks it.
 * The Llama config is Meta-Llama-3-8B-Instruct's; the quantization_config
 * is the one AutoFP8 writes, as in neuralmagic/Meta-Llama-3-8B-Instruct-FP8.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/weights.h"
#include "io/hfconfig.h"
#include "helpers.h"

#define LLAMA3_8B                                                              \
	"{\"architectures\": [\"LlamaForCausalLM\"], \"model_type\": "         \
	"\"llama\", \"hidden_size\": 4096, \"intermediate_size\": 14336, "     \
	"\"num_hidden_layers\": 32, \"num_attention_heads\": 32, "             \
	"\"num_key_value_heads\": 8, \"vocab_size\": 128256, "                 \
	"\"max_position_embeddings\": 8192, \"rms_norm_eps\": 1e-05, "         \
	"\"rope_theta\": 500000.0, \"tie_word_embeddings\": false, "           \
	"\"torch_dtype\": \"bfloat16\", \"hidden_act\": \"silu\", "

static void
llama_fp8(const char *ignored, struct model *m)
{
	char json[4096];

	snprintf(json, sizeof json,
	    LLAMA3_8B "\"quantization_config\": {\"activation_scheme\": "
		      "\"static\", %s\"quant_method\": \"fp8\"}}",
	    ignored);
	test_config_parse(json, m);
}

/*
 * AutoFP8's ["lm_head"]: lm_head is 16-bit in any case, every decoder
 * linear FP8.  By hand: per layer q and o 4096 x 4096, k and v 4096 x
 * 1024, gate, up and down 4096 x 14336: 218,103,808 weights, 32 layers
 * 6,979,321,856 bytes at one byte each, plus the float32 per-tensor scales
 * (weight and static input scale per shard, a few KiB).
 */
Test(fp8_ignored, autofp8_lm_head_plans_as_fp8)
{
	struct model m, plain;
	struct weights_breakdown w, wp;

	llama_fp8("\"ignored_layers\": [\"lm_head\"], ", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.native_format, FMT_FP8);
	cr_assert_eq(m.quant_skip, 0u);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	cr_assert(w.linear >= 6979321856.0 && w.linear < 6979321856.0 + 65536,
	    "%.0f", w.linear);
	llama_fp8("", &plain);
	weights_rank(&plain, plain.native_format, 2, 1, 1, 0, &wp);
	cr_assert_eq(w.total, wp.total);
	model_done(&plain);
	model_done(&m);
}

/* Entries that are 16-bit in any case (embedding, norms) plan as FP8 */
Test(fp8_ignored, entries_sixteen_bit_anyway_plan)
{
	struct model m;

	llama_fp8("\"ignored_layers\": [\"lm_head\", \"model.embed_tokens\", "
		  "\"model.layers.0.input_layernorm\"], ",
	    &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip, 0u);
	model_done(&m);
}

/* One layer's q, k and v (vLLM's qkv_proj) kept 16-bit but not its o_proj:
 * refused, naming the key and an entry, never planned as all-FP8 */
Test(fp8_ignored, projections_of_one_layer_refuse)
{
	struct model m;

	llama_fp8("\"ignored_layers\": [\"lm_head\", "
		  "\"model.layers.0.self_attn.q_proj\", "
		  "\"model.layers.0.self_attn.k_proj\", "
		  "\"model.layers.0.self_attn.v_proj\"], ",
	    &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "quantization_config.ignored_layers "
		      "'model.layers.0.self_attn.q_proj'") != NULL,
	    "%s", m.refusal);
	model_done(&m);
	llama_fp8("\"ignored_layers\": [\"model.layers.3.mlp.down_proj\"], ",
	    &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal, "'model.layers.3.mlp.down_proj'"), "%s",
	    m.refusal);
	model_done(&m);
	/* a whole module by name matches no linear in vLLM: refused too */
	llama_fp8("\"ignored_layers\": [\"model.layers.3.self_attn\"], ", &m);
	cr_assert(strstr(m.refusal, "'model.layers.3.self_attn'"), "%s",
	    m.refusal);
	model_done(&m);
}

/*
 * Every layer's q, k, v and o_proj named: the attention is 16-bit.  By
 * hand: the attention's 32 x 41,943,040 weights at two bytes, 2,684,354,560
 * bytes, and the MLP's 32 x 176,160,768 at one, 5,637,144,576 bytes:
 * 8,321,499,136 plus the MLP's float32 scales.  The attention of one layer
 * only is refused (vLLM keeps exactly that layer 16-bit).
 */
Test(fp8_ignored, every_layers_attention_sixteen_bit)
{
	static const char *const pr[4] = { "q_proj", "k_proj", "v_proj",
		"o_proj" };
	char list[8192] = "\"ignored_layers\": [\"lm_head\"";
	size_t n = strlen(list);
	struct model m;
	struct weights_breakdown w;
	int i, k;

	for (i = 0; i < 32; i++)
		for (k = 0; k < 4; k++)
			n += (size_t)snprintf(list + n, sizeof list - n,
			    ", \"model.layers.%d.self_attn.%s\"", i, pr[k]);
	snprintf(list + n, sizeof list - n, "], ");
	{
		char json[12288];

		snprintf(json, sizeof json,
		    LLAMA3_8B
		    "\"quantization_config\": {\"activation_scheme\": "
		    "\"static\", %s\"quant_method\": \"fp8\"}}",
		    list);
		test_config_parse(json, &m);
	}
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 1u, 1u);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	cr_assert(w.linear >= 8321499136.0 && w.linear < 8321499136.0 + 65536,
	    "%.0f", w.linear);
	model_done(&m);
	llama_fp8("\"ignored_layers\": [\"model.layers.0.self_attn.q_proj\", "
		  "\"model.layers.0.self_attn.k_proj\", "
		  "\"model.layers.0.self_attn.v_proj\", "
		  "\"model.layers.0.self_attn.o_proj\"], ",
	    &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal, "attention of 1 of 32 layers"), "%s",
	    m.refusal);
	model_done(&m);
}

/*
 * An empty or absent ignored_layers falls back to modules_to_not_convert
 * (from_config: "if not ignored_layers"), matched the same way: by full
 * name (is_layer_skipped's prefix_full_match), where headroom read it as
 * substrings and took "self_attn" for every layer's attention.
 */
Test(fp8_ignored, modules_to_not_convert_matched_by_full_name)
{
	struct model m, plain;
	struct weights_breakdown w, wp;

	/* one shard of layer 0's qkv_proj: vLLM's own ValueError */
	llama_fp8("\"ignored_layers\": [], \"modules_to_not_convert\": "
		  "[\"model.layers.0.self_attn.q_proj\"], ",
	    &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "Detected some but not all shards of "
		      "model.layers.0.self_attn.qkv_proj are quantized.") !=
		NULL,
	    "%s", m.refusal);
	cr_assert(strstr(m.refusal, "modules_to_not_convert") != NULL, "%s",
	    m.refusal);
	model_done(&m);
	/* gate_proj without up_proj: the same for gate_up_proj */
	llama_fp8("\"modules_to_not_convert\": "
		  "[\"model.layers.5.mlp.gate_proj\"], ",
	    &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "model.layers.5.mlp.gate_up_proj are quantized") != NULL,
	    "%s", m.refusal);
	model_done(&m);
	/* a bare module name is no linear's full name: not 16-bit attention
	 * (the loose reading gave quant_skip 1), refused as not priced */
	llama_fp8("\"modules_to_not_convert\": [\"self_attn\"], ", &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "quantization_config.modules_to_not_convert "
		      "'self_attn'") != NULL,
	    "%s", m.refusal);
	cr_assert_eq(m.quant_skip, 0u);
	model_done(&m);
	/* the list Qwen3's FP8 exports carry (lm_head, norms, routers):
	 * nothing priced differently from no list at all */
	llama_fp8("\"modules_to_not_convert\": [\"lm_head\", "
		  "\"model.layers.0.input_layernorm\", "
		  "\"model.layers.0.post_attention_layernorm\"], ",
	    &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_null(m.assumption, "%s", m.assumption);
	llama_fp8("", &plain);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	weights_rank(&plain, plain.native_format, 2, 1, 1, 0, &wp);
	cr_assert_eq(w.total, wp.total);
	model_done(&plain);
	model_done(&m);
}

/*
 * A VLM's config.json from tests/fixtures/configs (rel) with an fp8
 * quantization_config of Qwen's FP8 exports' shape (dynamic activations,
 * 128 x 128 blocks) whose list is key: list, into *m.
 */
static void
vlm_fp8(const char *rel, const char *key, const char *list, struct model *m)
{
	char path[512], *json, *end;
	FILE *f;
	long n;
	size_t cap;

	snprintf(path, sizeof path, "%s/tests/fixtures/configs/%s",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".", rel);
	f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	cap = (size_t)n + strlen(list) + 512;
	json = calloc(1, cap);
	cr_assert_not_null(json);
	cr_assert_eq(fread(json, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	end = strrchr(json, '}');
	cr_assert_not_null(end);
	snprintf(end, cap - (size_t)(end - json),
	    ", \"quantization_config\": {\"activation_scheme\": \"dynamic\", "
	    "\"fmt\": \"e4m3\", \"quant_method\": \"fp8\", "
	    "\"weight_block_size\": [128, 128], \"%s\": [%s]}}",
	    key, list);
	test_config_parse(json, m);
	free(json);
}

/* Every layer's q, k, v and o_proj of an n-layer model as root + N. */
static void
attn_list(const char *root, int n, char *list, size_t len)
{
	static const char *const pr[4] = { "q_proj", "k_proj", "v_proj",
		"o_proj" };
	size_t o = (size_t)snprintf(list, len, "\"lm_head\"");
	int i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < 4; k++)
			o += (size_t)snprintf(list + o, len - o,
			    ", \"%s%d.self_attn.%s\"", root, i, pr[k]);
}

#define QWEN3VL_8B "sweep/Qwen--Qwen3-VL-8B-Instruct/config.json"

/*
 * Qwen3-VL's checkpoint names its decoder model.language_model.layers.N,
 * which qwen3_vl.py's hf_to_vllm_mapper makes vLLM's
 * language_model.model.layers.N before is_layer_skipped() (Fp8Config.
 * apply_vllm_mapper): every layer's attention named so is 16-bit, where
 * headroom refused the names before.  By hand for Qwen3-VL-8B (36 layers,
 * hidden 4096, 32 heads and 8 KV heads of 128, intermediate 12,288): the
 * attention 2 x 4096 x 4096 + 2 x 4096 x 1024 = 41,943,040 weights a layer
 * at two bytes, 36 x 83,886,080 = 3,019,898,880 bytes; the MLP 3 x 4096 x
 * 12,288 = 150,994,944 at one byte, 5,435,817,984, with its float32 block
 * scales (gate and up 96 x 32, down 32 x 96: 36,864 bytes a layer,
 * 1,327,104): 8,457,043,968 bytes.  The vision tower's entries
 * (model.visual.*) map to visual.* and plan as before.
 */
Test(fp8_ignored, qwen3_vl_checkpoint_names_mapped)
{
	static char list[16384];
	struct model m;
	struct weights_breakdown w;

	attn_list("model.language_model.layers.", 36, list, sizeof list);
	strcat(list,
	    ", \"model.visual.blocks.0.attn.qkv\", "
	    "\"model.visual.merger.linear_fc1\", "
	    "\"model.language_model.layers.0.input_layernorm\"");
	vlm_fp8(QWEN3VL_8B, "ignored_layers", list, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 1u, 1u);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	cr_assert_eq(w.linear, 8457043968.0, "%.0f", w.linear);
	model_done(&m);
	/* the same from modules_to_not_convert */
	vlm_fp8(QWEN3VL_8B, "modules_to_not_convert", list, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 1u, 1u);
	model_done(&m);
	/* vLLM's own names pass through the mapper unchanged */
	attn_list("language_model.model.layers.", 36, list, sizeof list);
	vlm_fp8(QWEN3VL_8B, "ignored_layers", list, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 1u, 1u);
	model_done(&m);
}

/*
 * Qwen3-VL's mapper has no rule for model.layers.N (qwen2_5_vl.py's has):
 * such an entry names no module vLLM builds, so vLLM keeps nothing 16-bit
 * for it.  Refused, naming the entry, the class and what the mapper leaves;
 * Qwen2.5-VL maps the same names to language_model.model.layers.N and plans.
 * A shard alone stops with vLLM's error under vLLM's own prefix.
 */
Test(fp8_ignored, unmapped_names_refused_per_class)
{
	static char list[16384];
	struct model m;

	attn_list("model.layers.", 36, list, sizeof list);
	vlm_fp8(QWEN3VL_8B, "ignored_layers", list, &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "quantization_config.ignored_layers "
		      "'model.layers.0.self_attn.q_proj': "
		      "Qwen3VLForConditionalGeneration's hf_to_vllm_mapper "
		      "leaves it 'model.layers.0.self_attn.q_proj'") != NULL,
	    "%s", m.refusal);
	model_done(&m);
	attn_list("model.layers.", 28, list, sizeof list);
	vlm_fp8("sweep/Qwen--Qwen2.5-VL-7B-Instruct/config.json",
	    "ignored_layers", list, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 1u, 1u);
	model_done(&m);
	vlm_fp8(QWEN3VL_8B, "ignored_layers",
	    "\"model.language_model.layers.2.self_attn.k_proj\"", &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "Detected some but not all shards of "
		      "language_model.model.layers.2.self_attn.qkv_proj are "
		      "quantized.") != NULL,
	    "%s", m.refusal);
	model_done(&m);
}

/*
 * Gemma 3 (gemma3_mm.py's mapper): model.language_model.layers.N and the
 * older language_model.model.layers.N both plan; model.vision_tower.* and
 * model.multi_modal_projector.* are the tower, 16-bit as before.
 */
Test(fp8_ignored, gemma3_checkpoint_names_mapped)
{
	static char list[16384];
	struct model m;
	int layers;

	test_config_load("sweep/google--gemma-3-12b-it", &m);
	layers = m.layers;
	model_done(&m);
	cr_assert_gt(layers, 0);
	attn_list("model.language_model.layers.", layers, list, sizeof list);
	strcat(list,
	    ", \"model.vision_tower.vision_model.encoder.layers.0."
	    "self_attn.q_proj\", "
	    "\"model.multi_modal_projector.mm_input_projection\"");
	vlm_fp8("sweep/google--gemma-3-12b-it/config.json", "ignored_layers",
	    list, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 1u, 1u);
	model_done(&m);
	attn_list("language_model.model.layers.", layers, list, sizeof list);
	vlm_fp8("sweep/google--gemma-3-12b-it/config.json", "ignored_layers",
	    list, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 1u, 1u);
	model_done(&m);
}

/*
 * EXAONE-4.0-32B-FP8's quantization_config as TensorRT-LLM's EXAONE 4 test
 * rebuilds it (tests/fixtures/configs/sweep/LGAI-EXAONE--EXAONE-4.0-32B-FP8/
 * SOURCE): 128 x 128 blocks, dynamic activations, modules_to_not_convert
 * null, so no ignore list: every decoder linear FP8.  By hand (64 layers,
 * hidden 5120, 40 heads and 8 KV heads of 128, intermediate 27,392, vocab
 * 102,400): a layer's qkv_proj 7168 x 5120, o_proj 5120 x 5120, gate_up
 * 54,784 x 5120, down 5120 x 27,392, 483,655,680 weights at one byte;
 * their weight_scale_inv one float32 per block, 56 x 40 + 40 x 40 + 428 x
 * 40 + 40 x 214 = 29,520 (118,080 bytes); 64 layers 30,961,520,640 bytes.
 * embed_tokens and lm_head 2 x 102,400 x 5120 x 2 = 2,097,152,000; two
 * RMSNorms a layer and the final one, 129 x 5120 x 2 = 1,320,960; one
 * RoPE cache of 131,072 x 128 x 2 = 33,554,432: 33,093,548,032 bytes,
 * 30.8208 GiB, the figure headroom plans (the startup of
 * tests/calibration/newer-logs.json logs 30.9891: the 180,734,486 bytes
 * between are not the quantization_config's, doc/estimates.md).
 */
Test(fp8_ignored, exaone4_32b_fp8_export_by_hand)
{
	struct model m;
	struct weights_breakdown w;

	test_config_load("sweep/LGAI-EXAONE--EXAONE-4.0-32B-FP8", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.native_format, FMT_FP8_BLOCK);
	cr_assert_eq(m.quant_skip, 0u);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	cr_assert_eq(w.linear, 30961520640.0, "%.0f", w.linear);
	cr_assert_eq(w.total, 33093548032.0, "%.0f (linear %.0f other %.0f)",
	    w.total, w.linear, w.other);
	model_done(&m);
}

#define OLMO3                                                                  \
	"{\"architectures\": [\"Olmo3ForCausalLM\"], \"model_type\": "         \
	"\"olmo3\", \"hidden_size\": 4096, \"intermediate_size\": 11008, "     \
	"\"num_hidden_layers\": 32, \"num_attention_heads\": 32, "             \
	"\"num_key_value_heads\": 32, \"vocab_size\": 100278, "                \
	"\"max_position_embeddings\": 65536, \"rms_norm_eps\": 1e-06, "        \
	"\"torch_dtype\": \"bfloat16\", \"hidden_act\": \"silu\""

/*
 * OLMo 3 without layer_types: Olmo3Config makes layer (i + 1) % 4 == 0
 * full and slides the others, with sliding_window 4096 when the config
 * names none: of 32 layers 24 slide (0, 1, 2, 4, ...) and 8 are full (3,
 * 7, ..., 31).  Every layer slid before.
 */
Test(fp8_ignored, olmo3_default_pattern)
{
	struct model m;
	int i, full = 0;

	test_config_parse(OLMO3 "}", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.sliding_window, 4096);
	cr_assert_eq(m.n_sliding, 24);
	cr_assert_not_null(m.layer_kind);
	for (i = 0; i < 32; i++)
		if (m.layer_kind[i] != LAYER_SLIDING) {
			cr_assert_eq((i + 1) % 4, 0, "layer %d full", i);
			full++;
		}
	cr_assert_eq(full, 8);
	model_done(&m);
	/* a window the config names is kept */
	test_config_parse(OLMO3 ", \"sliding_window\": 2048}", &m);
	cr_assert_eq(m.sliding_window, 2048);
	cr_assert_eq(m.n_sliding, 24);
	model_done(&m);
}

/* Meta-Llama-3-8B-Instruct with qc as its quantization_config (or under key)
 * into m: hfconfig_read() must read it; a refusal is m->refusal. */
static void
llama_quant(const char *key, const char *qc, struct model *m)
{
	char json[4096];

	snprintf(json, sizeof json, LLAMA3_8B "\"%s\": %s}", key, qc);
	test_config_parse(json, m);
}

/*
 * Fp8Config (fp8.py): from_config requires activation_scheme (get_from_keys)
 * and __init__ takes static or dynamic, a weight_block_size of 2 and the
 * dynamic scheme with it; vLLM stops on the others, which were planned as
 * FP8.  ModelConfig._parse_quant_hf_config (vllm/config/model.py) calls
 * .get() on the quantization_config, so one that is no object stops it
 * too (it was priced as BF16), and reads compression_config, the key of
 * the first compressed-tensors exports, when there is no
 * quantization_config (it was priced as BF16): the same int4 format and
 * groups as under quantization_config.
 */
Test(fp8_ignored, quantization_config_read_as_vllm_reads_it)
{
	static const struct {
		const char *key, *qc, *says;
	} bad[] = {
		{ "quantization_config",
		    "{\"quant_method\": \"fp8\", \"weight_block_size\": [128, "
		    "128]}",
		    "Cannot find any of ['activation_scheme']" },
		{ "quantization_config",
		    "{\"quant_method\": \"fp8\", \"activation_scheme\": "
		    "\"dynamic\", \"weight_block_size\": [128]}",
		    "must have 2 dimensions, but got 1 dimensions" },
		{ "quantization_config",
		    "{\"quant_method\": \"fp8\", \"activation_scheme\": "
		    "\"static\", \"weight_block_size\": [128, 128]}",
		    "only supports dynamic activation scheme for now, but got "
		    "static" },
		{ "quantization_config",
		    "{\"quant_method\": \"fp8\", \"activation_scheme\": "
		    "\"weekly\"}",
		    "Unsupported activation scheme weekly" },
		{ "quantization_config", "\"fp8\"",
		    "quantization_config is not a JSON object" },
		{ "compression_config", "[1]",
		    "compression_config is not a JSON object" },
	};
	const char *ct =
	    "{\"config_groups\": {\"group_0\": {\"targets\": [\"Linear\"], "
	    "\"weights\": {\"num_bits\": 4, \"type\": \"int\", \"strategy\": "
	    "\"group\", \"group_size\": 64, \"symmetric\": true}}}, "
	    "\"format\": \"pack-quantized\", \"ignore\": [\"lm_head\"], "
	    "\"quant_method\": \"compressed-tensors\"}";
	struct model m, q, c;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		llama_quant(bad[i].key, bad[i].qc, &m);
		cr_assert(m.refusal != NULL && strstr(m.refusal, bad[i].says),
		    "%zu: %s", i, m.refusal ? m.refusal : "(planned)");
		model_done(&m);
	}
	llama_quant("quantization_config", ct, &q);
	llama_quant("compression_config", ct, &c);
	cr_assert_null(c.refusal, "%s", c.refusal);
	cr_assert_neq(c.native_format, FMT_BF16);
	cr_assert_eq(c.native_format, q.native_format);
	cr_assert_eq(c.quant_group, 64);
	cr_assert_eq(q.quant_group, 64);
	model_done(&q);
	model_done(&c);
}

/* A text_config that is a string: vLLM's get_hf_text_config asserts the
 * text config has num_attention_heads and stops; the top level was read
 * and planned.  A null one is no text_config. */
Test(fp8_ignored, text_config_not_an_object_refused)
{
	struct model m;

	llama_quant("text_config", "\"llama\"", &m);
	cr_assert(m.refusal != NULL &&
		strstr(m.refusal, "text_config is not a JSON object") != NULL,
	    "%s", m.refusal ? m.refusal : "(planned)");
	model_done(&m);
	llama_quant("text_config", "null", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.layers, 32);
	model_done(&m);
}

/* A compressed-tensors FP8 checkpoint (per-tensor weights and static
 * input scales) of LLAMA3_8B's shape, with or without a kv_cache_scheme. */
static void
llama_ct_fp8(int kv_scheme, struct model *m)
{
	char json[4096];

	snprintf(json, sizeof json,
	    LLAMA3_8B
	    "\"quantization_config\": {\"config_groups\": "
	    "{\"group_0\": {\"targets\": [\"Linear\"], \"weights\": "
	    "{\"num_bits\": 8, \"type\": \"float\", \"strategy\": "
	    "\"tensor\", \"dynamic\": false, \"symmetric\": true}, "
	    "\"input_activations\": {\"num_bits\": 8, \"type\": "
	    "\"float\", \"strategy\": \"tensor\", \"dynamic\": false, "
	    "\"symmetric\": true}}}, %s\"ignore\": [\"lm_head\"], "
	    "\"quant_method\": \"compressed-tensors\"}}",
	    kv_scheme ? "\"kv_cache_scheme\": {\"num_bits\": 8, \"type\": "
			"\"float\", \"strategy\": \"tensor\", \"dynamic\": "
			"false, \"symmetric\": true}, "
		      : "");
	test_config_parse(json, m);
}

/* The plan of m at vLLM release version with --kv-cache-dtype kv. */
static void
ct_plan(struct model *m, int version, enum kv_dtype kv, struct plan *p)
{
	struct plan_input in;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = m;
	in.ckpt = -1;
	in.format = FMT_COUNT;
	in.version = version;
	in.kv_dtype = kv;
	plan_compute(test_catalogue(), &in, p);
	cr_assert_eq(p->phase, PHASE_NONE, "%s", p->message);
}

/*
 * --kv-cache-dtype auto on a compressed-tensors checkpoint with a
 * kv_cache_scheme: the Attention layer's fp8 from vLLM #30141 (0.15.0);
 * 0.14.0's layer keeps cache_config.cache_dtype, auto, the model dtype.
 * By hand, 32 layers x 8 KV heads x 128 x 2 (K and V): 65,536 elements a
 * token, 131,072 B in bf16 at 0.14.0, 65,536 B in fp8 at 0.15.0.  An
 * explicit fp8 is fp8 in both; without the scheme auto is bf16 in both.
 */
Test(kv_scheme, auto_follows_the_scheme_from_0_15_0)
{
	struct model m, plain;
	struct plan p;

	llama_ct_fp8(1, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.native_kv, KV_FP8);
	cr_assert(m.native_kv_ct);
	ct_plan(&m, VLLM_VER(0, 14, 0), KV_AUTO, &p);
	cr_assert_eq(p.kv_dtype, KV_AUTO);
	cr_assert_eq(p.bytes_per_token, 131072, "%lld",
	    (long long)p.bytes_per_token);
	ct_plan(&m, VLLM_VER(0, 15, 0), KV_AUTO, &p);
	cr_assert_eq(p.kv_dtype, KV_FP8);
	cr_assert_eq(p.bytes_per_token, 65536, "%lld",
	    (long long)p.bytes_per_token);
	ct_plan(&m, VLLM_VER(0, 14, 0), KV_FP8, &p);
	cr_assert_eq(p.bytes_per_token, 65536, "%lld",
	    (long long)p.bytes_per_token);
	llama_ct_fp8(0, &plain);
	cr_assert_eq(plain.native_kv, KV_AUTO);
	cr_assert(!plain.native_kv_ct);
	ct_plan(&plain, VLLM_VER(0, 15, 0), KV_AUTO, &p);
	cr_assert_eq(p.bytes_per_token, 131072, "%lld",
	    (long long)p.bytes_per_token);
	model_done(&plain);
	model_done(&m);
}
