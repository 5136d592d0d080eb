/*
 * test_hfconfig.c - config.json interpretation and local model folders.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/plan.h"
#include "core/weights.h"
#include "io/hfconfig.h"
#include "io/hfjson.h"
#include "io/model_dir.h"
#include "helpers.h"

static char *
fixture(const char *rel)
{
	static char path[1024];

	snprintf(path, sizeof path, "%s/tests/fixtures/%s",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".", rel);
	return path;
}

static int
read_cfg(const char *json, struct model *m, char *err, size_t len)
{
	cJSON *c = cJSON_Parse(json);
	const char *bad;
	int r;

	cr_assert_not_null(c);
	r = hfconfig_read(c, m, err, len, &bad);
	cJSON_Delete(c);
	return r;
}

Test(hfconfig, fallbacks_and_rope_scaling)
{
	struct model m;
	char err[256];

	/* no head_dim: hidden / heads; no KV heads: MHA; yarn: original x factor */
	cr_assert_eq(read_cfg("{\"num_hidden_layers\":2,\"hidden_size\":1024,"
			      "\"num_attention_heads\":8,\"vocab_size\":100,"
			      "\"max_position_embeddings\":"
			      "131072,\"rope_scaling\":{\"rope_type\":\"yarn\","
			      "\"factor\":4,"
			      "\"original_max_position_embeddings\":32768}}",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.head_dim, 128);
	cr_assert_eq(m.kv_heads, 8);
	cr_assert_eq(m.derived_max_len, 131072);
	cr_assert_eq(m.tie_embeddings, 1);
	model_done(&m);
	/* linear scaling multiplies; llama3 does not */
	cr_assert_eq(read_cfg("{\"num_hidden_layers\":2,\"hidden_size\":1024,"
			      "\"num_attention_heads\":8,\"vocab_size\":100,"
			      "\"max_position_embeddings\":"
			      "4096,\"rope_scaling\":{\"type\":\"linear\","
			      "\"factor\":2}}",
			 &m, err, sizeof err),
	    0);
	cr_assert_eq(m.derived_max_len, 8192);
	model_done(&m);
}

#define ROPE_HEAD                                                              \
	"{\"num_hidden_layers\":2,\"hidden_size\":1024,"                       \
	"\"num_attention_heads\":8,\"vocab_size\":100,"                        \
	"\"max_position_embeddings\":"

/*
 * vLLM multiplies the derived length by any numeric factor, below 1 too
 * (config/model.py _get_and_verify_max_len; transformers only warns), and
 * skips llama3; worked by hand: int(8192 x 0.5) = 4096, int(4096 x 0.25) =
 * 1024, llama3 keeps 131072 whatever its factor.
 */
Test(hfconfig, rope_factor_below_one_planned_as_vllm)
{
	struct model m;
	char err[256];

	cr_assert_eq(read_cfg(ROPE_HEAD
			 "131072,\"rope_scaling\":{\"rope_type\":"
			 "\"yarn\",\"factor\":0.5,"
			 "\"original_max_position_embeddings\":"
			 "8192}}",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.derived_max_len, 4096);
	cr_assert_eq(m.rope_cache_len, 4096);
	model_done(&m);
	cr_assert_eq(read_cfg(ROPE_HEAD "4096,\"rope_scaling\":{\"type\":"
					"\"linear\",\"factor\":0.25}}",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.derived_max_len, 1024);
	model_done(&m);
	cr_assert_eq(read_cfg(ROPE_HEAD
			 "131072,\"rope_scaling\":{\"rope_type\":"
			 "\"llama3\",\"factor\":-4,"
			 "\"low_freq_factor\":1.0,"
			 "\"high_freq_factor\":4.0,"
			 "\"original_max_position_embeddings\":"
			 "8192}}",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.derived_max_len, 131072);
	model_done(&m);
	/* dynamic with alpha needs no factor (get_rope's NTK-alpha branch) */
	cr_assert_eq(read_cfg(ROPE_HEAD "4096,\"rope_scaling\":{\"type\":"
					"\"dynamic\",\"alpha\":1000.0}}",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.derived_max_len, 4096);
	model_done(&m);
}

/* where vLLM (or transformers under it) fails, the read is refused */
Test(hfconfig, rope_factor_vllm_cannot_use_refused)
{
	struct model m;
	char err[256];

	cr_assert_neq(read_cfg(ROPE_HEAD
			  "131072,\"rope_scaling\":{\"rope_type\":"
			  "\"yarn\",\"factor\":-4,"
			  "\"original_max_position_embeddings\":"
			  "8192}}",
			  &m, err, sizeof err),
	    0);
	cr_assert(strstr(err, "-32768") != NULL, "%s", err);
	model_done(&m);
	cr_assert_neq(read_cfg(ROPE_HEAD "4096,\"rope_scaling\":{\"type\":"
					 "\"dynamic\"}}",
			  &m, err, sizeof err),
	    0);
	cr_assert(strstr(err,
		      "Dynamic rope scaling must contain either "
		      "'alpha' or 'factor' field") != NULL,
	    "%s", err);
	model_done(&m);
	cr_assert_neq(read_cfg(ROPE_HEAD "4096,\"rope_scaling\":{\"type\":"
					 "\"linear\"}}",
			  &m, err, sizeof err),
	    0);
	cr_assert(strstr(err,
		      "Missing required keys in `rope_scaling` for "
		      "'rope_type'='linear': {'factor'}") != NULL,
	    "%s", err);
	model_done(&m);
	cr_assert_neq(read_cfg(ROPE_HEAD "4096,\"rope_scaling\":{\"type\":"
					 "\"linear\",\"factor\":\"2\"}}",
			  &m, err, sizeof err),
	    0);
	cr_assert(strstr(err, "factor is not a number") != NULL, "%s", err);
	model_done(&m);
}

Test(hfconfig, multimodal_text_config_and_quantization)
{
	struct model m;
	char err[256];

	cr_assert_eq(read_cfg("{\"architectures\":[\"X\"],\"text_config\":{"
			      "\"num_hidden_layers\":4,\"hidden_size\":2048,"
			      "\"num_attention_heads\":16,"
			      "\"num_key_value_heads\":4,\"vocab_size\":5000,"
			      "\"max_position_embeddings\":"
			      "8192},\"vision_config\":{\"hidden_size\":1024,"
			      "\"depth\":24,"
			      "\"intermediate_size\":4096},\"quantization_"
			      "config\":{\"quant_method\":"
			      "\"modelopt\",\"quant_algo\":\"FP8\",\"kv_cache_"
			      "quant_algo\":\"FP8\"}}",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.layers, 4);
	cr_assert(m.multimodal);
	cr_assert_gt(m.vision_params, 1e8);
	cr_assert_eq(m.native_format, FMT_FP8);
	cr_assert_eq(m.native_kv, KV_FP8);
	model_done(&m);
}

Test(hfconfig, contradictions_name_the_field)
{
	struct model m;
	char err[256];

	cr_assert_eq(read_cfg("{\"hidden_size\":1024,\"num_attention_heads\":8,"
			      "\"vocab_size\":100}",
			 &m, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "num_hidden_layers") != NULL, "%s", err);
	cr_assert_eq(read_cfg("{\"num_hidden_layers\":2,\"hidden_size\":1024,"
			      "\"num_attention_heads\":8,\"num_key_value_"
			      "heads\":3,\"vocab_size\":100}",
			 &m, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "num_key_value_heads") != NULL, "%s", err);
	cr_assert_eq(read_cfg("{\"num_hidden_layers\":2,\"hidden_size\":1024,"
			      "\"num_attention_heads\":8,\"vocab_size\":100,"
			      "\"layer_types\":[\"x\"]}",
			 &m, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "layer_types") != NULL, "%s", err);
	cr_assert_eq(read_cfg("{\"num_hidden_layers\":2,\"hidden_size\":1024,"
			      "\"num_attention_heads\":8,\"vocab_size\":100,"
			      "\"quantization_config\":"
			      "{\"quant_method\":\"nonesuch\"}}",
			 &m, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "quant_method") != NULL, "%s", err);
}

Test(model_dir, reads_config_and_index)
{
	const struct catalogue *c = test_catalogue();
	struct model m;
	struct plan_input in;
	struct plan p;
	int64_t wb;
	char err[512];

	cr_assert_eq(model_dir_read(fixture("local-llama8b"), &m, &wb, err,
			 sizeof err),
	    0, "%s", err);
	cr_assert_eq(wb, 16060522496LL);
	cr_assert_eq(m.derived_max_len, 131072);
	plan_input_init(&in);
	in.gpu = catalogue_find_gpu(c, "h100-sxm");
	in.model = &m;
	in.weight_bytes = wb;
	in.gpu_total_gib = 79.19;
	in.util = 0.95;
	in.version = VLLM_VER(0, 19, 0);
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	/* "Model loading took 14.99 GiB": file bytes plus the RoPE cache */
	cr_assert_float_eq(test_gib(p.weights), 14.99, 0.01);
	cr_assert(p.weights_exact);
	model_done(&m);
}

Test(model_dir, bad_config_names_file_line_and_field)
{
	struct model m;
	int64_t wb;
	char err[512];

	cr_assert_eq(model_dir_read(fixture("local-bad"), &m, &wb, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "local-bad/config.json:5:") != NULL, "%s", err);
	cr_assert(strstr(err, "num_key_value_heads") != NULL, "%s", err);
	cr_assert_eq(model_dir_read(fixture("no-such-dir"), &m, &wb, err,
			 sizeof err),
	    -1);
}

Test(model_dir, safetensors_header_bytes)
{
	char path[] = "/tmp/headroom-st-XXXXXX";
	const char *hdr =
	    "{\"a\":{\"dtype\":\"BF16\",\"shape\":[2,3],\"data_offsets\":[0,12]"
	    "},"
	    "\"b\":{\"dtype\":\"F32\",\"shape\":[5],\"data_offsets\":[12,32]},"
	    "\"__metadata__\":{\"format\":\"pt\"}}";
	unsigned char len[8] = { 0 };
	size_t n = strlen(hdr);
	char err[256];
	FILE *f;
	int fd = mkstemp(path);

	cr_assert_geq(fd, 0);
	f = fdopen(fd, "wb");
	len[0] = (unsigned char)(n & 0xff);
	len[1] = (unsigned char)(n >> 8);
	fwrite(len, 1, 8, f);
	fwrite(hdr, 1, n, f);
	fclose(f);
	cr_assert_eq(model_dir_safetensors_bytes(path, err, sizeof err), 32);
	/* a hostile length is refused, not allocated */
	f = fopen(path, "wb");
	memset(len, 0xff, 8);
	fwrite(len, 1, 8, f);
	fclose(f);
	cr_assert_eq(model_dir_safetensors_bytes(path, err, sizeof err), -1);
	cr_assert(strstr(err, "not plausible") != NULL, "%s", err);
	unlink(path);
}

/* Python's json reads Infinity, -Infinity and NaN; so must a config reader */
Test(hfjson, python_tokens_outside_strings)
{
	const char *t =
	    "{\n \"time_step_limit\": [0.0, Infinity],\n \"lo\": -Infinity,\n"
	    " \"x\": NaN,\n \"name\": \"Infinity NaN\",\n \"esc\": "
	    "\"a\\\"Infinity\"\n}";
	int line = 0;
	cJSON *c = hfjson_parse(t, strlen(t), &line);
	const cJSON *a;

	cr_assert_not_null(c);
	a = cJSON_GetObjectItemCaseSensitive(c, "time_step_limit");
	cr_assert(isinf(cJSON_GetArrayItem(a, 1)->valuedouble));
	cr_assert(cJSON_GetArrayItem(a, 1)->valuedouble > 0);
	cr_assert(cJSON_GetObjectItemCaseSensitive(c, "lo")->valuedouble < 0);
	cr_assert(
	    isinf(cJSON_GetObjectItemCaseSensitive(c, "lo")->valuedouble));
	cr_assert(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(c, "x")));
	cr_assert_str_eq(cJSON_GetObjectItemCaseSensitive(c, "name")
			     ->valuestring,
	    "Infinity NaN");
	cr_assert_str_eq(cJSON_GetObjectItemCaseSensitive(c, "esc")
			     ->valuestring,
	    "a\"Infinity");
	cJSON_Delete(c);
	/* a word that merely starts like a token is still an error, on its line */
	t = "{\n \"a\": 1,\n \"b\": Infinityx\n}";
	cr_assert_null(hfjson_parse(t, strlen(t), &line));
	cr_assert_eq(line, 3);
}

/* json.loads builds a dict key by key, so a key given twice keeps its last
 * value (here num_hidden_layers 2, not 36, in every object of the tree),
 * and it refuses a leading UTF-8 byte-order mark that cJSON would skip */
Test(hfjson, duplicate_key_keeps_last_and_bom_refused)
{
	const char *t = "{\n \"num_hidden_layers\": 36,\n \"text_config\": "
			"{\"a\": 1, \"b\": 0, \"a\": 3},\n"
			" \"num_hidden_layers\": 2\n}";
	const char *bom = "\xEF\xBB\xBF{\"num_hidden_layers\": 36}";
	int line = 0, n = 0;
	cJSON *c = hfjson_parse(t, strlen(t), &line);
	const cJSON *e, *tc;

	cr_assert_not_null(c);
	cr_assert_eq(cJSON_GetObjectItemCaseSensitive(c, "num_hidden_layers")
			 ->valueint,
	    2);
	tc = cJSON_GetObjectItemCaseSensitive(c, "text_config");
	cr_assert_eq(cJSON_GetObjectItemCaseSensitive(tc, "a")->valueint, 3);
	cr_assert_eq(cJSON_GetObjectItemCaseSensitive(tc, "b")->valueint, 0);
	cJSON_ArrayForEach(e, tc)
		n++;
	cr_assert_eq(n, 2);
	cJSON_Delete(c);
	line = 0;
	cr_assert_null(hfjson_parse(bom, strlen(bom), &line));
	cr_assert_eq(line, 1);
}

/*
 * architectures given as a string: vLLM's registry makes it a one-item list
 * (registry.py _normalize_archs), so the class is the string's, not none.
 */
Test(hfconfig, architectures_string_is_a_one_item_list)
{
	struct model m;
	char err[256];

	cr_assert_eq(read_cfg("{\"architectures\":\"Qwen3ForCausalLM\","
			      "\"model_type\":\"qwen3\",\"num_hidden_layers\":"
			      "2,"
			      "\"hidden_size\":1024,\"num_attention_heads\":8,"
			      "\"num_key_value_heads\":8,\"head_dim\":128,"
			      "\"vocab_size\":100,\"intermediate_size\":3072,"
			      "\"max_position_embeddings\":4096}",
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_str_eq(m.architecture, "Qwen3ForCausalLM");
	model_done(&m);
}

#define TIE_CFG(type, extra)                                                   \
	"{\"model_type\":\"" type "\",\"num_hidden_layers\":2,"                \
	"\"hidden_size\":1024,\"num_attention_heads\":8,"                      \
	"\"vocab_size\":1024,\"max_position_embeddings\":4096" extra "}"

/*
 * A config without tie_word_embeddings takes its class's default
 * (transformers LlamaConfig: tie_word_embeddings False; GemmaConfig:
 * True): the untied Llama head adds vocab x hidden x 2 bytes =
 * 1024 x 1024 x 2 = 2097152 bf16 bytes to the weights of the same
 * config with the key true, all in the head.
 */
Test(hfconfig, tie_default_of_the_class)
{
	struct model m;
	char err[256];
	struct weights_breakdown untied, tied;

	cr_assert_eq(read_cfg(TIE_CFG("llama", ""), &m, err, sizeof err), 0,
	    "%s", err);
	cr_assert_eq(m.tie_embeddings, 0);
	cr_assert(m.assumption == NULL ||
		strstr(m.assumption, "tie_word_embeddings") == NULL,
	    "%s", m.assumption);
	weights_rank(&m, FMT_BF16, 2, 1, 1, 0, &untied);
	model_done(&m);
	cr_assert_eq(read_cfg(TIE_CFG("llama", ",\"tie_word_embeddings\":true"),
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.tie_embeddings, 1);
	weights_rank(&m, FMT_BF16, 2, 1, 1, 0, &tied);
	model_done(&m);
	cr_assert_float_eq(untied.total - tied.total, 2097152.0, 0.5);
	cr_assert_float_eq(untied.lm_head - tied.lm_head, 2097152.0, 0.5);
	/* Gemma's class ties, with no assumption to state */
	cr_assert_eq(read_cfg(TIE_CFG("gemma", ",\"head_dim\":128"), &m, err,
			 sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.tie_embeddings, 1);
	cr_assert(m.assumption == NULL ||
		strstr(m.assumption, "tie_word_embeddings") == NULL,
	    "%s", m.assumption);
	model_done(&m);
	/* the key, when given, wins over the class default */
	cr_assert_eq(read_cfg(TIE_CFG("qwen2", ",\"tie_word_embeddings\":true"),
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.tie_embeddings, 1);
	model_done(&m);
}

/* A model_type the table does not know keeps PretrainedConfig's True and
 * says so; the same type with the key says nothing. */
Test(hfconfig, tie_unknown_type_is_an_assumption)
{
	struct model m;
	char err[256];

	cr_assert_eq(read_cfg(TIE_CFG("nosuchtype", ""), &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.tie_embeddings, 1);
	cr_assert_not_null(m.assumption);
	cr_assert(strstr(m.assumption, "tie_word_embeddings") != NULL &&
		strstr(m.assumption, "nosuchtype") != NULL,
	    "%s", m.assumption);
	model_done(&m);
	cr_assert_eq(read_cfg(TIE_CFG("nosuchtype",
				  ",\"tie_word_embeddings\":false"),
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.tie_embeddings, 0);
	cr_assert(m.assumption == NULL ||
		strstr(m.assumption, "tie_word_embeddings") == NULL,
	    "%s", m.assumption);
	model_done(&m);
}

#define LONGROPE_CFG(extra, rs)                                                \
	"{\"architectures\":[\"Phi3ForCausalLM\"],\"model_type\":\"phi3\","    \
	"\"num_hidden_layers\":2,\"hidden_size\":1024,"                        \
	"\"num_attention_heads\":16,\"vocab_size\":1024,"                      \
	"\"tie_word_embeddings\":false,"                                       \
	"\"max_position_embeddings\":8192" extra ",\"rope_scaling\":{" rs "}}"

/*
 * longrope: vLLM's Phi3LongRoPEScaledRotaryEmbedding keeps a short cache
 * of original_max_position_embeddings rows and a long one of
 * max_position_embeddings rows in one buffer: head 1024 / 16 = 64, (2048
 * + 8192) rows x 64 x 2 B = 1,310,720 B, where one cache of 8192 rows
 * is 1,048,576 B; the original length from rope_scaling or, as in
 * microsoft/Phi-3.5-mini-instruct's config.json ("max_position_embeddings":
 * 131072, "original_max_position_embeddings": 4096 at the top,
 * "rope_scaling": {"type": "longrope", ...}), from the config itself.
 */
Test(hfconfig, longrope_holds_short_and_long_caches)
{
	struct model m;
	char err[256];

	cr_assert_eq(read_cfg(LONGROPE_CFG(",\"original_max_position_"
					   "embeddings\":"
					   "2048",
				  "\"type\":\"longrope\""),
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.rope_cache_len, 10240);
	cr_assert_float_eq(weights_rope_bytes(&m, 2), 1310720.0, 0.5);
	model_done(&m);
	cr_assert_eq(read_cfg(LONGROPE_CFG("",
				  "\"rope_type\":\"longrope\","
				  "\"original_max_position_embeddings\":2048"),
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.rope_cache_len, 10240);
	model_done(&m);
	/* the default RoPE: one cache of max_position_embeddings rows */
	cr_assert_eq(read_cfg(LONGROPE_CFG(",\"original_max_position_"
					   "embeddings\":"
					   "2048",
				  "\"rope_type\":\"default\""),
			 &m, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.rope_cache_len, 8192);
	cr_assert_float_eq(weights_rope_bytes(&m, 2), 1048576.0, 0.5);
	model_done(&m);
}
