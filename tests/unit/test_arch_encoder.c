/*
 * test_arch_encoder.c - encoder-only (pooling) models: the fields read, the
 * weights vLLM loads, and the startup without a KV cache.  Each expected
 * figure is worked out by hand in the comment beside it from
 * vllm/model_executor/models/bert.py, roberta.py, bert_with_rope.py and
 * modernbert.py (VocabParallelEmbedding pads rows to 64 and splits them,
 * nn.Embedding and nn.Linear stay whole) and checked against the
 * published parameter totals of the same sizes; the startup follows
 * vllm/v1/engine/core.py _initialize_kv_caches (no KV cache spec: no
 * profile run, no KV figures).  The two catalogue models are those of the
 * real startups in tests/calibration/newer-logs.json.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fit.h"
#include "core/fixes.h"
#include "core/plan.h"
#include "core/speed.h"
#include "core/vllm_version.h"
#include "core/weights.h"
#include "io/hfconfig.h"
#include "io/report.h"
#include "helpers.h"

/* BAAI/bge-m3 (XLMRobertaModel), sizes as the vllm-metal BGE-M3 work and
 * its Hub config.json give them: hidden 1024, 24 layers, 16 heads, 4096,
 * vocab 250002, 8194 positions, one token type, float32 */
#define BGE_M3                                                                 \
	"{\"architectures\":[\"XLMRobertaModel\"],\"model_type\":"             \
	"\"xlm-roberta\",\"hidden_size\":1024,\"num_hidden_layers\":24,"       \
	"\"num_attention_heads\":16,\"intermediate_size\":4096,"               \
	"\"vocab_size\":250002,\"max_position_embeddings\":8194,"              \
	"\"type_vocab_size\":1,\"torch_dtype\":\"float32\","                   \
	"\"position_embedding_type\":\"absolute\"}"

/* bert-base-uncased's sizes (BAAI/bge-base-en-v1.5 has the same) */
#define BERT_BASE                                                              \
	"{\"architectures\":[\"BertModel\"],\"model_type\":\"bert\","          \
	"\"hidden_size\":768,\"num_hidden_layers\":12,"                        \
	"\"num_attention_heads\":12,\"intermediate_size\":3072,"               \
	"\"vocab_size\":30522,\"max_position_embeddings\":512,"                \
	"\"type_vocab_size\":2,\"torch_dtype\":\"float32\"}"

static void
read_json(const char *json, struct model *m)
{
	cJSON *cfg = cJSON_Parse(json);
	const char *bad;
	char err[512];

	cr_assert_not_null(cfg);
	cr_assert_eq(hfconfig_read(cfg, m, err, sizeof err, &bad), 0, "%s",
	    err);
	cJSON_Delete(cfg);
}

static const struct model *
catalogue_model(const char *id)
{
	const struct catalogue *c = test_catalogue();
	int i = catalogue_find_model(c, id);

	cr_assert_geq(i, 0, "%s", id);
	return &c->models[i];
}

/* Weights at TP tp in the model's auto dtype (16 bits). */
static double
weights_at(const struct model *m, int tp)
{
	struct weights_breakdown w;

	weights_rank(m, m->native_format, 2, tp, 1, 0, &w);
	return w.total;
}

Test(arch_encoder, nomic_embed_text_v15_weights)
{
	const struct model *m =
	    catalogue_model("nomic-ai/nomic-embed-text-v1.5");

	cr_assert_null(m->refusal, "%s", m->refusal);
	cr_assert_eq(m->encoder_only, MODEL_ENC_ROPE);
	cr_assert_eq(m->hidden, 768); /* n_embd */
	cr_assert_eq(m->layers, 12); /* n_layer */
	cr_assert_eq(m->intermediate, 3072); /* n_inner */
	cr_assert_eq(m->ffn_ungated, 0); /* swiglu: gate_up_proj */
	cr_assert_eq(m->enc_linear_bias, 0); /* qkv_proj_bias false */
	/* NomicBertModelConfig: max_model_len min(8192, 2048) */
	cr_assert_eq(m->derived_max_len, 2048);
	cr_assert_eq(m->rope_cache_len, 2048);
	cr_assert_eq(m->native_format, FMT_FP16); /* float32 downcast */
	/*
	 * words 30528 x 768 = 23,445,504 (30528 = 477 x 64); token types 64
	 * rows (2 padded) x 768 = 49,152; embedding LayerNorm 1,536; a layer:
	 * qkv 768 x 2304 = 1,769,472, out_proj 589,824, gate_up 768 x 6144 =
	 * 4,718,592, down 2,359,296, two LayerNorms 3,072 = 9,440,256, x 12 =
	 * 113,283,072.  136,779,264 parameters; the checkpoint's 136,731,648
	 * (two token-type rows) is the model card's 137M.
	 */
	cr_assert_float_eq(weights_param_count(m) * 1e9, 136779264.0, 0.5);
	/* x 2 bytes = 273,558,528, + RoPE 2048 x 64 x 2 = 262,144 */
	cr_assert_float_eq(weights_at(m, 1), 273820672.0, 0.5);
	/* the 0.13.0 GB10 startup: "Model loading took 0.2551 GiB" */
	cr_assert(weights_at(m, 1) / (1 << 30) > 0.2549 &&
	    weights_at(m, 1) / (1 << 30) < 0.2552);
	/*
	 * TP 2: words 15264 x 768 = 11,722,752, token types 32 x 768 =
	 * 24,576, LayerNorm 1,536, a layer's linears 4,718,592 + norms 3,072,
	 * x 12 = 56,659,968; 68,408,832 x 2 + 262,144
	 */
	cr_assert_float_eq(weights_at(m, 2), 137079808.0, 0.5);
}

Test(arch_encoder, nomic_fixture_matches_the_catalogue)
{
	struct model m;

	/* the stock config as quoted (no max_trained_positions, no
	 * torch_dtype): vLLM's defaults give the catalogue entry's plan */
	test_config_load("encoder/nomic-embed-text-v1.5", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.derived_max_len, 2048);
	cr_assert_eq(m.native_format, FMT_FP16);
	cr_assert_float_eq(weights_at(&m, 1), 273820672.0, 0.5);
	model_done(&m);
}

Test(arch_encoder, granite_embedding_english_r2_weights)
{
	const struct model *m =
	    catalogue_model("ibm-granite/granite-embedding-english-r2");

	cr_assert_null(m->refusal, "%s", m->refusal);
	cr_assert_eq(m->encoder_only, MODEL_ENC_MODERNBERT);
	cr_assert_eq(m->enc_rope_tables, 2); /* thetas 80000 and 10000 */
	cr_assert_eq(m->native_format, FMT_BF16);
	/*
	 * words 50368 x 768 = 38,682,624 (787 x 64); a layer: Wqkv 768 x
	 * 2304 = 1,769,472, Wo 589,824, Wi 768 x 2304 = 1,769,472 (nn.Linear),
	 * mlp.Wo 1152 x 768 = 884,736 = 5,013,504, x 22 = 110,297,088; norms
	 * without bias: 21 attention + 22 MLP + embedding + final = 45 x 768 =
	 * 34,560.  149,014,272: ModernBERT-base's 149,655,232 (MaskedLM) less
	 * its head 589,824 + 768 + 50,368
	 */
	cr_assert_float_eq(weights_param_count(m) * 1e9, 149014272.0, 0.5);
	cr_assert_float_eq(149655232.0 - 589824 - 768 - 50368, 149014272.0,
	    0.5);
	/* x 2 = 298,028,544, + two float16 RoPE tables 8192 x 64 x 2 each =
	 * 2,097,152: 0.2795 GiB, the 0.19.0 startup's "0.28 GiB" */
	cr_assert_float_eq(weights_at(m, 1), 300125696.0, 0.5);
	/* TP 2: Wqkv, Wo, mlp.Wo and the words halve, Wi stays whole:
	 * (110,297,088 - 22 x 1,769,472) / 2 + 38,928,384 + 19,341,312 +
	 * 34,560 = 93,988,608 parameters */
	cr_assert_float_eq(weights_at(m, 2), 93988608.0 * 2 + 2097152, 0.5);
}

Test(arch_encoder, bge_m3_weights)
{
	struct model m;

	/* the real config.json (a bge-m3 fine-tune, bge-m3's sizes), and the
	 * same sizes inline */
	test_config_load("encoder/bge-m3-korean", &m);
	cr_assert_eq(m.encoder_only, MODEL_ENC_ROBERTA);
	cr_assert_eq(m.type_vocab, 1);
	cr_assert_float_eq(weights_at(&m, 1), 1133570064.0, 0.5);
	model_done(&m);
	read_json(BGE_M3, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.encoder_only, MODEL_ENC_ROBERTA);
	cr_assert_eq(m.native_format, FMT_FP16);
	cr_assert_eq(m.derived_max_len, 8194);
	/*
	 * words 250048 (250002 padded to 64) x 1024 = 256,049,152; positions
	 * nn.Embedding 8194 x 1024 = 8,390,656; token type 1,024; LayerNorm
	 * 2,048; a layer: qkv 3,145,728 + 3,072, dense 1,048,576 + 1,024,
	 * LayerNorm 2,048, intermediate 4,194,304 + 4,096, output 4,194,304 +
	 * 1,024, LayerNorm 2,048 = 12,596,224, x 24 = 302,309,376.
	 * 566,752,256: the published 567,754,752 (XLMRobertaModel with its
	 * pooler) less the pooler's 1,049,600, plus the 46 padding rows
	 * (47,104)
	 */
	cr_assert_float_eq(weights_param_count(&m) * 1e9, 566752256.0, 0.5);
	cr_assert_float_eq(567754752.0 - 1049600 + 47104, 566752256.0, 0.5);
	/* x 2 bytes + position_ids int64 8194 x 8 = 65,552 */
	cr_assert_float_eq(weights_at(&m, 1), 1133570064.0, 0.5);
	model_done(&m);
}

Test(arch_encoder, bert_base_and_its_classifier)
{
	struct model m;
	char json[1024];

	read_json(BERT_BASE, &m);
	cr_assert_eq(m.encoder_only, MODEL_ENC_BERT);
	/*
	 * words 30528 x 768 = 23,445,504; positions VocabParallelEmbedding
	 * 512 x 768 = 393,216; token types 64 rows x 768 = 49,152; LayerNorm
	 * 1,536; layers 12 x 7,087,872 = 85,054,464: 108,943,872, the
	 * published 109,482,240 (with the pooler, 590,592) less the pooler,
	 * plus the padding rows (6 + 62) x 768
	 */
	cr_assert_float_eq(weights_param_count(&m) * 1e9, 108943872.0, 0.5);
	cr_assert_float_eq(109482240.0 - 590592 + 68 * 768, 108943872.0, 0.5);
	model_done(&m);
	/* BertForSequenceClassification with one label (a reranker): the
	 * BertPooler dense 768 x 768 + 768 and the classifier 768 + 1 */
	snprintf(json, sizeof json,
	    "{\"architectures\":[\"BertForSequenceClassification\"],"
	    "\"model_type\":\"bert\",\"hidden_size\":768,"
	    "\"num_hidden_layers\":12,\"num_attention_heads\":12,"
	    "\"intermediate_size\":3072,\"vocab_size\":30522,"
	    "\"max_position_embeddings\":512,\"type_vocab_size\":2,"
	    "\"id2label\":{\"0\":\"LABEL_0\"}}");
	read_json(json, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.enc_labels, 1);
	cr_assert_eq(m.first_release, VLLM_VER(0, 11, 0));
	cr_assert_float_eq(weights_param_count(&m) * 1e9,
	    108943872.0 + 590592 + 769, 0.5);
	model_done(&m);
}

/* The plan of model m on card gpu at version v with utilization util. */
static void
plan_of(const struct model *m, const char *gpu, int v, double util,
    struct plan *p)
{
	struct plan_input in;

	test_input(&in, gpu, "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = m;
	in.ckpt = -1;
	in.version = v;
	in.util = util;
	plan_compute(test_catalogue(), &in, p);
}

Test(arch_encoder, nomic_starts_without_kv_on_gb10)
{
	const struct model *m =
	    catalogue_model("nomic-ai/nomic-embed-text-v1.5");
	struct plan p;
	int64_t kv;

	/* the 0.13.0 GB10 startup: --gpu-memory-utilization 0.15 */
	plan_of(m, "gb10", VLLM_VER(0, 13, 0), 0.15, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.no_kv_cache);
	cr_assert(p.pooling);
	cr_assert_not(plan_kv_figure(&p, &kv));
	cr_assert_eq(p.kv_tokens, 0);
	cr_assert_eq(p.num_blocks, 0);
	cr_assert_float_eq(p.max_concurrency, 0, 1e-9);
	cr_assert_eq(p.activation, 0); /* no profile run */
	cr_assert_eq(p.non_torch, 0);
	cr_assert_not(p.cg_in_budget);
	cr_assert_eq(p.max_model_len, 2048);
	/* no chunked prefill: the batch holds a whole prompt */
	cr_assert_eq(p.max_num_batched_tokens, 2048);
	/* "Capturing CUDA graphs (mixed prefill-decode, PIECEWISE): 51/51" */
	cr_assert_eq(p.n_capture_sizes, 51);
	cr_assert_eq(p.n_full_graphs, 0);
	/* one 2048-token prompt a step */
	cr_assert_eq(p.concurrency_at_tpr, 1);
	cr_assert_not_null(p.assumption);
	cr_assert(strstr(p.assumption, "no KV cache") != NULL);
}

Test(arch_encoder, granite_on_rtx3060_and_per_step_requests)
{
	const struct model *m =
	    catalogue_model("ibm-granite/granite-embedding-english-r2");
	struct plan_input in;
	struct plan p;
	struct speed_estimate e;

	test_input(&in, "rtx-3060", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = m;
	in.ckpt = -1;
	in.version = VLLM_VER(0, 19, 0);
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.no_kv_cache);
	cr_assert_eq(p.max_model_len, 8192);
	cr_assert_eq(p.max_num_batched_tokens, 8192);
	cr_assert_eq(p.n_capture_sizes, 51);
	cr_assert_eq(p.concurrency_at_tpr, 1);
	/* 512-token prompts: 8192 / 512 = 16 a step, under 256 sequences */
	in.tokens_per_request = 512;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.concurrency_at_tpr, 16);
	/* longer than the batch: none, and the note vLLM's rejection gives */
	in.tokens_per_request = 9000;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.concurrency_at_tpr, 0);
	cr_assert(strstr(p.warning, "rejects") != NULL);
	/* no decode to estimate */
	speed_estimate(test_catalogue(), &in, &p, 0, &e);
	cr_assert_not(e.known);
}

Test(arch_encoder, weights_that_do_not_load)
{
	struct model m;
	struct plan_input in;
	struct plan p;

	read_json(BGE_M3, &m);
	test_input(&in, "rtx-3060", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.version = VLLM_VER(0, 19, 0);
	in.gpu_total_gib = 1.0; /* 1.06 GiB of weights */
	in.util = 0.4;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_WEIGHTS, "%d %s", p.phase, p.message);
	cr_assert(strstr(p.message, "Failed to load model") != NULL, "%s",
	    p.message);
	model_done(&m);
}

Test(arch_encoder, refusals_in_vllms_words)
{
	const struct model *nomic =
	    catalogue_model("nomic-ai/nomic-embed-text-v1.5");
	struct model m;
	struct plan_input in;
	struct plan p;

	/* before #21270 the V1 engine kept encoder-only models on V0 */
	plan_of(nomic, "h100-sxm", VLLM_VER(0, 10, 0), 0.9, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "V0 engine") != NULL, "%s", p.message);
	plan_of(nomic, "h100-sxm", VLLM_VER(0, 10, 1), 0.9, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	/* a pooling class only: ModelConfig refuses the generate runner */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = nomic;
	in.ckpt = -1;
	in.runner = PLAN_RUNNER_GENERATE;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_str_eq(p.message,
	    "This model does not support `--runner generate`.");
	/* a length fitted to a KV cache the model does not keep */
	in.runner = PLAN_RUNNER_UNSET;
	in.max_model_len = -1;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	/* BertEmbedding's own ValueError */
	read_json("{\"architectures\":[\"BertModel\"],\"hidden_size\":768,"
		  "\"num_hidden_layers\":2,\"num_attention_heads\":12,"
		  "\"vocab_size\":30522,\"position_embedding_type\":"
		  "\"relative_key\"}",
	    &m);
	cr_assert_str_eq(m.refusal,
	    "Only 'absolute' position_embedding_type is supported");
	model_done(&m);
	/* XLM-RoBERTa with rotary positions is JinaRobertaModel */
	read_json("{\"architectures\":[\"XLMRobertaModel\"],\"hidden_size\":"
		  "768,\"num_hidden_layers\":2,\"num_attention_heads\":12,"
		  "\"vocab_size\":30522,\"position_embedding_type\":"
		  "\"rotary\"}",
	    &m);
	cr_assert(strstr(m.refusal, "JinaRobertaModel") != NULL, "%s",
	    m.refusal);
	model_done(&m);
}

/* --need on an encoder-only model: the prompts of one forward step carry
 * the load (the model's published checkpoint is one of the choices) */
Test(arch_encoder, fit_finds_cards_by_prompts_per_step)
{
	const struct model *m =
	    catalogue_model("ibm-granite/granite-embedding-english-r2");
	struct fit_query q;
	struct fit_result res;
	static struct fit_row rows[8];
	size_t n;

	memset(&q, 0, sizeof q);
	q.model = m;
	q.users = 10;
	q.tokens = 512;
	q.format = FMT_COUNT;
	q.ckpt = -1;
	{
		struct plan_input in;
		struct plan p;

		plan_input_init(&in);
		in.model = m;
		in.max_model_len = 1024;
		in.tokens_per_request = 512;
		in.gpu = catalogue_find_gpu(test_catalogue(), "h100-sxm");
		in.tp = 1;
		in.pp = 1;
		in.ckpt = -1;
		in.format = FMT_BF16;
		plan_compute(test_catalogue(), &in, &p);
		/* an H100's defaults: 8192 batched tokens, 16 prompts */
		cr_assert_eq(p.concurrency_at_tpr, 16);
	}
	n = fit_find(test_catalogue(), &q, rows, 8, &res);
	cr_assert_gt(n, 0, "%s: %zu planned, %zu dropped", res.error,
	    res.n_planned, res.n_dropped);
	cr_assert_geq(rows[0].total, 10);
	cr_assert_eq(rows[0].kv_tokens, 0);
}

/* ModernBertForSequenceClassification (a reranker of granite-embedding-
 * english-r2's sizes, one label, no classifier bias): ModernBertPooler's
 * dense 768 x 768 in the float32 head dtype (2,359,296 bytes), its norm
 * 768 x 2, the classifier 768 + 1 in float32 (3,076) over the body's
 * 300,125,696 bytes */
Test(arch_encoder, modernbert_classifier_head)
{
	struct model m;

	read_json("{\"architectures\":[\"ModernBertForSequenceClassification\"]"
		  ","
		  "\"model_type\":\"modernbert\",\"torch_dtype\":\"bfloat16\","
		  "\"vocab_size\":50368,\"hidden_size\":768,"
		  "\"intermediate_size\":1152,\"num_hidden_layers\":22,"
		  "\"num_attention_heads\":12,\"max_position_embeddings\":8192,"
		  "\"global_attn_every_n_layers\":3,\"local_attention\":128,"
		  "\"global_rope_theta\":80000.0,\"local_rope_theta\":10000.0,"
		  "\"attention_bias\":false,\"mlp_bias\":false,"
		  "\"norm_bias\":false,\"classifier_bias\":false,"
		  "\"id2label\":{\"0\":\"LABEL_0\"}}",
	    &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.enc_labels, 1);
	cr_assert_eq(m.first_release, VLLM_VER(0, 11, 0));
	cr_assert_float_eq(weights_at(&m, 1), 300125696.0 + 2363908, 0.5);
	cr_assert_float_eq(weights_param_count(&m) * 1e9,
	    149014272.0 + 589824 + 768 + 769, 0.5);
	model_done(&m);
}

/* Every output says there is no KV cache and prints no KV figure: the text
 * and Markdown reports, and the JSON report's kv object */
Test(arch_encoder, reports_print_no_kv_figure)
{
	const struct model *m =
	    catalogue_model("ibm-granite/granite-embedding-english-r2");
	struct plan_input in;
	struct plan p;
	struct report_in r;
	cJSON *j, *kv;
	char *s;

	test_input(&in, "rtx-3060", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = m;
	in.ckpt = -1;
	in.version = VLLM_VER(0, 19, 0);
	plan_compute(test_catalogue(), &in, &p);
	memset(&r, 0, sizeof r);
	r.cat = test_catalogue();
	r.in = &in;
	r.plan = &p;
	r.model_source = "catalogue";
	s = report_text(&r);
	cr_assert(strstr(s, "KV cache: none") != NULL, "%s", s);
	cr_assert(strstr(s, "GPU KV cache size:") == NULL, "%s", s);
	cr_assert(strstr(s, "Maximum concurrency for") == NULL, "%s", s);
	cr_assert(strstr(s, "Available KV cache memory:") == NULL, "%s", s);
	cr_assert(strstr(s, "torch peak memory increase") == NULL, "%s", s);
	free(s);
	s = report_markdown(&r);
	cr_assert(strstr(s, "GPU KV cache size:") == NULL, "%s", s);
	cr_assert(strstr(s, "Maximum concurrency for") == NULL, "%s", s);
	cr_assert(strstr(s, "No KV cache") != NULL, "%s", s);
	free(s);
	s = report_json(&r);
	j = cJSON_Parse(s);
	cr_assert_not_null(j, "%s", s);
	kv = cJSON_GetObjectItem(j, "kv");
	cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(kv, "cache_kept")));
	cr_assert(cJSON_IsNull(cJSON_GetObjectItem(kv, "tokens")));
	cr_assert(cJSON_IsNull(cJSON_GetObjectItem(kv, "max_concurrency")));
	cr_assert(cJSON_IsNull(
	    cJSON_GetObjectItem(cJSON_GetObjectItem(j, "memory_gib"),
		"kv_cache")));
	cJSON_Delete(j);
	free(s);
}

/* The free-memory check still runs without a KV cache: the retriva notes'
 * failed start on the same RTX 3060 (0.19.0), "Free memory on device cuda:0
 * (9.02/11.63 GiB) on startup is less than desired GPU memory utilization
 * (0.9, 10.47 GiB)", with 2.2 GiB taken by another process */
Test(arch_encoder, free_memory_check_before_loading)
{
	const struct model *m =
	    catalogue_model("ibm-granite/granite-embedding-english-r2");
	struct plan_input in;
	struct plan p;

	test_input(&in, "rtx-3060", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = m;
	in.ckpt = -1;
	in.version = VLLM_VER(0, 19, 0);
	in.other_usage_gib = 2.2;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_FREE_MEMORY, "%d %s", p.phase, p.message);
	cr_assert(strstr(p.message,
		      "/11.63 GiB) on startup is less than "
		      "desired GPU memory utilization (0.9, "
		      "10.47 GiB)") != NULL,
	    "%s", p.message);
}

/*
 * GTE (bert_with_rope.py GteNewModel; NewConfig) from mGTE's config.json
 * (Alibaba-NLP/gte-multilingual-base, tests/fixtures/configs/encoder/
 * gte-multilingual-base).  GteNewModelConfig serves gelu as geglu: a
 * gate_up_proj of 2 x 3072 with no bias (GteNewModel drops it), qkv_proj,
 * out_proj and down_proj with theirs (config.bias absent: True).
 */
Test(arch_encoder, gte_multilingual_base_weights)
{
	struct model m;

	test_config_load("encoder/gte-multilingual-base", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.encoder_only, MODEL_ENC_ROPE);
	cr_assert_eq(m.ffn_ungated, 0);
	cr_assert_eq(m.enc_linear_bias, 1);
	cr_assert_eq(m.enc_up_nobias, 1);
	cr_assert_eq(m.type_vocab, 1);
	cr_assert_eq(m.first_release, VLLM_VER(0, 10, 1));
	/* rotary_kwargs: head 768 / 12 = 64 columns, max_position_embeddings
	 * rows: NTKScalingRotaryEmbedding rescales the base, not the cache */
	cr_assert_eq(m.rotary_dim, 64);
	cr_assert_eq(m.rope_cache_len, 8192);
	/* _get_and_verify_max_len: an ntk factor scales the derived length,
	 * 8192 x 8 */
	cr_assert_eq(m.derived_max_len, 65536);
	cr_assert_eq(m.native_format, FMT_FP16); /* no torch_dtype */
	/*
	 * words 250048 x 768 = 192,036,864 (250048 = 3907 x 64); token types
	 * 64 rows (1 padded) x 768 = 49,152; embedding LayerNorm 1,536; a
	 * layer: qkv 768 x 2304 + 2304 = 1,771,776, out_proj 589,824 + 768,
	 * gate_up 768 x 6144 = 4,718,592 (no bias), down 2,359,296 + 768, two
	 * LayerNorms 3,072 = 9,444,096, x 12 = 113,329,152: 305,416,704.
	 */
	cr_assert_float_eq(weights_param_count(&m) * 1e9, 305416704.0, 0.5);
	/* the published gte-multilingual-reranker-base, the same encoder
	 * with BertPooler's dense and a one-label classifier, counts
	 * 305,959,681: less the pooler (590,592) and classifier (769), plus
	 * the 63 padding token-type rows, the same 305,416,704 */
	cr_assert_float_eq(305959681.0 - 590592 - 769 + 63 * 768, 305416704.0,
	    0.5);
	/* x 2 bytes + RoPE 8192 x 64 x 2 = 1,048,576 */
	cr_assert_float_eq(weights_at(&m, 1), 611881984.0, 0.5);
	/*
	 * TP 2: words 125024 x 768 = 96,018,432, token types 32 x 768 =
	 * 24,576, LayerNorm 1,536; a layer: qkv 884,736 + 1,152, out_proj
	 * 294,912 + 768 (row parallel: bias whole), gate_up 2,359,296, down
	 * 1,179,648 + 768, norms 3,072 = 4,724,352, x 12 = 56,692,224;
	 * 152,736,768 x 2 + the RoPE cache whole
	 */
	cr_assert_float_eq(weights_at(&m, 2), 306522112.0, 0.5);
	model_done(&m);
}

/* Snowflake's GteModel (SnowflakeGteNewModel, GteConfig) reads the same
 * fields; without a bias key nor token types it drops those tables */
Test(arch_encoder, gte_model_and_its_fields)
{
	struct model m;

	read_json("{\"architectures\":[\"GteModel\"],\"model_type\":\"gte\","
		  "\"hidden_size\":768,\"num_hidden_layers\":12,"
		  "\"num_attention_heads\":12,\"intermediate_size\":3072,"
		  "\"vocab_size\":250048,\"max_position_embeddings\":8192,"
		  "\"hidden_act\":\"gelu\",\"type_vocab_size\":0,"
		  "\"position_embedding_type\":\"rope\",\"bias\":false,"
		  "\"torch_dtype\":\"bfloat16\"}",
	    &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.encoder_only, MODEL_ENC_ROPE);
	cr_assert_eq(m.native_format, FMT_BF16);
	cr_assert_eq(m.derived_max_len, 8192); /* no scaling */
	/*
	 * words 192,036,864, no token types, LayerNorm 1,536; a layer without
	 * biases: 1,769,472 + 589,824 + 4,718,592 + 2,359,296 + 3,072 =
	 * 9,440,256, x 12 = 113,283,072: 305,321,472
	 */
	cr_assert_float_eq(weights_param_count(&m) * 1e9, 305321472.0, 0.5);
	model_done(&m);
	/* what vLLM asserts or raises on, and what headroom does not size */
	read_json("{\"architectures\":[\"GteNewModel\"],\"hidden_size\":768,"
		  "\"num_hidden_layers\":2,\"num_attention_heads\":12,"
		  "\"vocab_size\":30528,\"hidden_act\":\"silu\","
		  "\"type_vocab_size\":0}",
	    &m);
	cr_assert(m.refusal && strstr(m.refusal, "GteNewModelConfig asserts"),
	    "%s", m.refusal);
	model_done(&m);
	read_json("{\"architectures\":[\"GteModel\"],\"hidden_size\":768,"
		  "\"num_hidden_layers\":2,\"num_attention_heads\":12,"
		  "\"vocab_size\":30528,\"hidden_act\":\"gelu\","
		  "\"type_vocab_size\":0,\"position_embedding_type\":"
		  "\"absolute\"}",
	    &m);
	cr_assert_str_eq(m.refusal,
	    "Only 'rotary'('rope') position_embedding_type is supported");
	model_done(&m);
	read_json("{\"architectures\":[\"GteNewModel\"],\"hidden_size\":768,"
		  "\"num_hidden_layers\":2,\"num_attention_heads\":12,"
		  "\"vocab_size\":30528,\"hidden_act\":\"gelu\","
		  "\"type_vocab_size\":0,\"rope_scaling\":{\"type\":"
		  "\"linear\",\"factor\":2.0}}",
	    &m);
	cr_assert(m.refusal && strstr(m.refusal, "rope_scaling type 'linear'"),
	    "%s", m.refusal);
	model_done(&m);
	read_json("{\"architectures\":[\"GteNewModel\"],\"hidden_size\":768,"
		  "\"num_hidden_layers\":2,\"num_attention_heads\":12,"
		  "\"vocab_size\":30528,\"hidden_act\":\"gelu\"}",
	    &m);
	cr_assert(m.refusal && strstr(m.refusal, "type_vocab_size"), "%s",
	    m.refusal);
	model_done(&m);
	/* a size given but not a count is invalid, not absent */
	read_json("{\"architectures\":[\"GteNewModel\"],\"hidden_size\":768,"
		  "\"num_hidden_layers\":2,\"num_attention_heads\":12,"
		  "\"vocab_size\":30528,\"hidden_act\":\"gelu\","
		  "\"type_vocab_size\":-1}",
	    &m);
	cr_assert(m.refusal &&
		strstr(m.refusal, "type_vocab_size -1 is invalid") != NULL &&
		strstr(m.refusal, "not given") == NULL,
	    "%s", m.refusal);
	model_done(&m);
	read_json("{\"architectures\":[\"GteNewModel\"],\"hidden_size\":768,"
		  "\"num_hidden_layers\":2,\"num_attention_heads\":12,"
		  "\"vocab_size\":30528,\"hidden_act\":\"gelu\","
		  "\"type_vocab_size\":1.5}",
	    &m);
	cr_assert(m.refusal &&
		strstr(m.refusal, "type_vocab_size 1.5 is invalid") != NULL,
	    "%s", m.refusal);
	model_done(&m);
}

/* NewModel, the name mGTE's config.json gives: not in vLLM's registry, so
 * planned only under the --hf-overrides vLLM documents, which the fixes
 * offer; the plan then starts with no KV cache */
Test(arch_encoder, gte_new_model_needs_the_override)
{
	struct model m;
	struct plan_input in;
	struct plan p;
	struct fix fx[8];
	size_t n;

	test_config_load("encoder/gte-multilingual-base", &m);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "NewModel") != NULL &&
		strstr(p.message, "GteNewModel") != NULL,
	    "%s", p.message);
	n = fixes_compute(test_catalogue(), &in, &p, fx, 8);
	cr_assert_geq(n, 1);
	cr_assert_str_eq(fx[0].flags,
	    "--hf-overrides '{\"architectures\": [\"GteNewModel\"]}'");
	cr_assert(fx[0].starts);
	in.hf_architecture = "GteNewModel";
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.no_kv_cache);
	cr_assert_eq(p.kv_tokens, 0);
	cr_assert_eq(p.weights, 611881984);
	/* a refusal under the override names the class the plan builds */
	in.hf_architecture = "GteNewModel";
	in.lora.enabled = true;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strncmp(p.message, "GteNewModel (encoder-only): LoRA", 32) ==
		0,
	    "%s", p.message);
	in.lora.enabled = false;
	/* another class over the same config stays refused */
	in.hf_architecture = "GteModel";
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	model_done(&m);
}
