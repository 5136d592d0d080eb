/*
 * test_pooling.c - --runner pooling on a causal model (vLLM's embed
 * adapter): the flags are read and written, lm_head leaves the weights,
 * the profile has no sampler, the graphs are PIECEWISE only, the KV cache
 * is the model's own, and what headroom does not model stops the plan
 * naming the flag.  Figures worked by hand in the comments.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "core/vllm_flags.h"
#include "core/weights.h"
#include "core/vllm_version.h"
#include "io/model_dir.h"
#include "io/report.h"
#include "helpers.h"

#define EMBED "Qwen/Qwen3-Embedding-0.6B"

static void assert_refused(const struct plan_input *in, const char *words);

/* The homebox startup's settings (tests/calibration/newer-logs.json):
 * RTX 5090, utilization 0.3, max_model_len 2048, vLLM 0.11.0. */
static void
embed_input(struct plan_input *in, int runner)
{
	test_input(in, "rtx-5090", EMBED, NULL);
	in->version = VLLM_VER(0, 11, 0);
	in->util = 0.3;
	in->max_model_len = 2048;
	in->runner = runner;
}

Test(pooling, flags_store_and_refuse_no_value)
{
	int amb = 0;
	const struct vllm_flag *r = vllm_flag_find("--runner", &amb);
	const struct vllm_flag *c = vllm_flag_find("--convert", &amb);
	struct plan_input in;
	char err[256];

	cr_assert_not_null(r);
	cr_assert_not_null(c);
	plan_input_init(&in);
	cr_assert_eq(vllm_flag_parse(r, "pooling", false, 0, &in, err,
			 sizeof err),
	    VFP_SET, "%s", err);
	cr_assert_eq(in.runner, PLAN_RUNNER_POOLING);
	cr_assert_eq(vllm_flag_parse(c, "embed", false, 0, &in, err,
			 sizeof err),
	    VFP_SET, "%s", err);
	cr_assert_eq(in.convert, PLAN_CONVERT_EMBED);
	/* every valid value is stored now: none moves memory unseen */
	cr_assert_not(vllm_flag_refuses(r, "pooling", false));
	cr_assert_not(vllm_flag_refuses(c, "classify", false));
	cr_assert_eq(vllm_flag_parse(r, "embedding", false, 0, &in, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "--runner") != NULL, "%s", err);
}

/* lm_head is deleted by the adapter: an untied head leaves the weights
 * (Llama-3.1-8B: 128,256 rows x 4,096 x 2 bytes = 1,050,673,152 bytes,
 * times the exact-size scale of its checkpoint), a tied one was the
 * embedding and stays. */
Test(pooling, untied_lm_head_leaves_the_weights)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan g, p;
	double head = 128256.0 * 4096 * 2, d;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.max_model_len = 8192;
	plan_compute(c, &in, &g);
	in.runner = PLAN_RUNNER_POOLING;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	d = (double)(g.weights - p.weights);
	/* the published size scales the derived split by well under 1 % */
	cr_assert(d > head * 0.99 && d < head * 1.01, "%.0f vs %.0f", d, head);

	embed_input(&in, PLAN_RUNNER_GENERATE);
	plan_compute(c, &in, &g);
	embed_input(&in, PLAN_RUNNER_POOLING);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.weights, g.weights);
}

/*
 * The profile runs the pooler where the sampler ran: the activation is the
 * forward alone.  0.11.0's coefficients (data/estimates.yaml): 2.0 bytes a
 * token per hidden unit and 8.5 per intermediate unit, so 2,048 tokens x
 * (2.0 x 1,024 + 8.5 x 3,072) = 2,048 x 28,160 = 57,671,680 bytes; the
 * generate runner's sampler over 256 x 151,669 logits is far more.
 */
Test(pooling, no_sampler_in_the_profile)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan g, p;

	embed_input(&in, PLAN_RUNNER_POOLING);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.pooling);
	cr_assert_eq(p.max_num_batched_tokens, 2048);
	cr_assert_eq(p.max_num_seqs, 256);
	cr_assert_eq(p.activation, 57671680);
	embed_input(&in, PLAN_RUNNER_GENERATE);
	plan_compute(c, &in, &g);
	cr_assert_not(g.pooling);
	cr_assert_gt(g.activation, 8 * p.activation);
}

/*
 * "Pooling models do not support full cudagraphs": PIECEWISE only.  At
 * max_num_seqs 256 the 51 sizes up to 512 are captured; the generate
 * runner adds FULL graphs for the 35 sizes up to 256 (86 in all), so the
 * graph estimate, linear in the count, is 51/86 of it.
 */
Test(pooling, piecewise_graphs_only)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan g, p;
	double r;

	embed_input(&in, PLAN_RUNNER_POOLING);
	plan_compute(c, &in, &p);
	embed_input(&in, PLAN_RUNNER_GENERATE);
	plan_compute(c, &in, &g);
	cr_assert_eq(p.n_capture_sizes, 51);
	cr_assert_eq(g.n_capture_sizes, 51);
	r = (double)p.cuda_graphs / (double)g.cuda_graphs;
	cr_assert(r > 51.0 / 86 - 1e-6 && r < 51.0 / 86 + 1e-6, "%f", r);
}

/*
 * The causal attention keeps its KV spec: 28 layers x 2 (K, V) x 8 heads
 * x 128 x 2 bytes = 114,688 bytes a token, as the homebox startup logs
 * (7.31 GiB for 68,432 tokens).  On 0.11.0 the graphs lie outside the
 * budget: the cache is the request less weights, non-torch and the peak.
 */
Test(pooling, the_models_kv_cache)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	embed_input(&in, PLAN_RUNNER_POOLING);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.bytes_per_token, 114688);
	cr_assert_not(p.cg_in_budget);
	cr_assert_eq(p.available_kv,
	    p.requested - p.weights - p.non_torch - p.activation);
	cr_assert_gt(p.kv_tokens, 0);
}

/*
 * _is_default_v2_model_runner_model(): runner_type "generate" only up to
 * #48290, so on 0.24.0 the generate runner of a dense bf16 Qwen3 is V2
 * (#39337: no graph estimate in the budget) and the pooling runner V1 (the
 * estimate inside it, from 0.20).  From 0.26.0 pooling models take V2 as
 * well, without the estimate until #53306 (0.28.0).  0.25.x is refused.
 */
Test(pooling, model_runner_by_release)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan g, p;

	embed_input(&in, PLAN_RUNNER_GENERATE);
	in.version = VLLM_VER(0, 24, 0);
	plan_compute(c, &in, &g);
	cr_assert(g.v2_runner);
	cr_assert_not(g.cg_in_budget);
	in.runner = PLAN_RUNNER_POOLING;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_not(p.v2_runner);
	cr_assert(p.cg_in_budget);
	in.version = VLLM_VER(0, 26, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.v2_runner);
	cr_assert_not(p.cg_in_budget);
	in.version = VLLM_VER(0, 28, 0);
	plan_compute(c, &in, &p);
	cr_assert(p.v2_runner);
	cr_assert(p.cg_in_budget);
	in.version = VLLM_VER(0, 25, 0);
	assert_refused(&in, "#48290");
	in.version = VLLM_VER(0, 25, 1);
	assert_refused(&in, "#48290");
}

static void
assert_refused(const struct plan_input *in, const char *words)
{
	struct plan p;

	plan_compute(test_catalogue(), in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG, "%s", words);
	cr_assert(strstr(p.message, words) != NULL, "%s", p.message);
}

/* What the pooling runner would change that headroom has not followed
 * stops the plan at the configuration check, naming the flag. */
Test(pooling, what_is_not_modelled_stops_the_plan)
{
	struct plan_input in;

	embed_input(&in, PLAN_RUNNER_DRAFT);
	assert_refused(&in, "--runner draft");
	embed_input(&in, PLAN_RUNNER_POOLING);
	in.convert = PLAN_CONVERT_MM_ENCODER_ONLY;
	assert_refused(&in, "--convert mm_encoder_only");
	in.convert = PLAN_CONVERT_NONE;
	assert_refused(&in, "--convert none");
	embed_input(&in, PLAN_RUNNER_GENERATE);
	in.convert = PLAN_CONVERT_EMBED;
	assert_refused(&in, "--convert embed without --runner pooling");
	in.convert = PLAN_CONVERT_CLASSIFY;
	assert_refused(&in, "--convert classify without --runner pooling");
	in.convert = PLAN_CONVERT_REWARD;
	assert_refused(&in, "--convert reward without --runner pooling");
	/* a multimodal model's encoder profile under the pooler */
	test_input(&in, "h100-sxm", "Qwen/Qwen2.5-VL-7B-Instruct", NULL);
	in.runner = PLAN_RUNNER_POOLING;
	assert_refused(&in, "multimodal");
	/* the explicit defaults plan as vLLM's default */
	embed_input(&in, PLAN_RUNNER_POOLING);
	in.convert = PLAN_CONVERT_EMBED;
	{
		struct plan p;

		plan_compute(test_catalogue(), &in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	}
}

/* The report says which runner: JSON settings and the text's profile. */
Test(pooling, report_says_pooler_not_sampler)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct report_in r;
	cJSON *j, *s;
	char *text;

	embed_input(&in, PLAN_RUNNER_POOLING);
	plan_compute(c, &in, &p);
	memset(&r, 0, sizeof r);
	r.cat = c;
	r.in = &in;
	r.plan = &p;
	r.model_source = "catalogue";
	text = report_json(&r);
	j = cJSON_Parse(text);
	cr_assert_not_null(j, "%s", text);
	s = cJSON_GetObjectItem(j, "settings");
	cr_assert_str_eq(cJSON_GetObjectItem(s, "runner")->valuestring,
	    "pooling");
	cr_assert_str_eq(cJSON_GetObjectItem(s, "pooling_task")->valuestring,
	    "embed");
	cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(s, "sampler")));
	cJSON_Delete(j);
	free(text);
	text = report_text(&r);
	cr_assert(strstr(text, "Pooling runner") != NULL, "%s", text);
	cr_assert(strstr(text, "--runner pooling") != NULL, "%s", text);
	free(text);
}

/* A catalogue model with a sentence-transformers pooling config is served
 * on the pooling runner by --runner auto (_get_default_runner_type). */
Test(pooling, auto_runner_reads_the_pooling_config)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	embed_input(&in, PLAN_RUNNER_UNSET);
	cr_assert_eq(in.model->st_pooling, MODEL_ST_LAST);
	plan_compute(c, &in, &p);
	cr_assert(p.pooling);
	in.runner = PLAN_RUNNER_AUTO;
	plan_compute(c, &in, &p);
	cr_assert(p.pooling);
	/* a causal model without one stays generative */
	test_input(&in, "h100-sxm", "Qwen/Qwen3-0.6B", NULL);
	plan_compute(c, &in, &p);
	cr_assert_not(p.pooling);
}

static void
write_file(const char *dir, const char *rel, const char *text)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, rel);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

/* tests/fixtures/configs/sweep/NAME/config.json copied into dir. */
static void
sweep_config_copy(const char *dir, const char *name)
{
	char src[1024], cfg[1024];
	const char *top = getenv("TOP_SRCDIR");
	FILE *in, *out;
	int ch;

	snprintf(src, sizeof src,
	    "%s/tests/fixtures/configs/sweep/%s/config.json", top ? top : ".",
	    name);
	snprintf(cfg, sizeof cfg, "%s/config.json", dir);
	in = fopen(src, "r");
	out = fopen(cfg, "w");
	cr_assert(in != NULL && out != NULL, "%s", src);
	while ((ch = fgetc(in)) != EOF)
		fputc(ch, out);
	fclose(in);
	fclose(out);
}

/* A sentence-transformers modules.json naming a Transformer and a Pooling
 * module in 1_Pooling, and that folder (its config.json left to the
 * caller). */
static void
write_st_modules(const char *dir)
{
	char pool[1024];

	write_file(dir, "modules.json",
	    "[{\"idx\": 0, \"name\": \"0\", \"path\": \"\", \"type\": "
	    "\"sentence_transformers.models.Transformer\"}, {\"idx\": 1, "
	    "\"name\": \"1\", \"path\": \"1_Pooling\", \"type\": "
	    "\"sentence_transformers.models.Pooling\"}]");
	snprintf(pool, sizeof pool, "%s/1_Pooling", dir);
	cr_assert_eq(mkdir(pool, 0700), 0);
}

/* Qwen3-0.6B's config.json (tests/fixtures/configs/sweep) in a folder
 * with a sentence-transformers Pooling module of the given mode. */
static void
pooling_dir(char *dir, size_t len, const char *mode_key, struct model *m)
{
	char pool[1024], err[512];
	int64_t wb;

	test_tmpdir_new(dir, len, "pooling");
	sweep_config_copy(dir, "Qwen--Qwen3-0.6B");
	write_st_modules(dir);
	snprintf(pool, sizeof pool,
	    "{\"word_embedding_dimension\": 1024, \"pooling_mode_cls_token\": "
	    "%s, \"pooling_mode_mean_tokens\": %s, \"pooling_mode_lasttoken\": "
	    "%s, \"include_prompt\": true}",
	    strcmp(mode_key, "cls") == 0 ? "true" : "false",
	    strcmp(mode_key, "mean") == 0 ? "true" : "false",
	    strcmp(mode_key, "last") == 0 ? "true" : "false");
	write_file(dir, "1_Pooling/config.json", pool);
	cr_assert_eq(model_dir_read(dir, m, &wb, err, sizeof err), 0, "%s",
	    err);
}

/*
 * MEAN (or CLS) pooling of a causal model turns chunked prefill off
 * (ModelConfig.is_chunked_prefill_supported), so vLLM's default batch of
 * 2,048 tokens on an RTX 5090 grows to max_model_len, 8,192 here; a given
 * --max-num-batched-tokens below it is SchedulerConfig's error.
 */
Test(pooling, mean_pooling_prefills_whole_prompts)
{
	const struct catalogue *c = test_catalogue();
	char dir[512];
	struct model m;
	struct plan_input in;
	struct plan p;

	pooling_dir(dir, sizeof dir, "mean", &m);
	cr_assert_eq(m.st_pooling, MODEL_ST_MEAN);
	test_input(&in, "rtx-5090", EMBED, NULL);
	in.model = &m;
	in.ckpt = -1;
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert(p.pooling);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.max_num_batched_tokens, 8192);
	in.max_num_batched_tokens = 2048;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_str_eq(p.message,
	    "max_num_batched_tokens (2048) is smaller than max_model_len "
	    "(8192). This effectively limits the maximum sequence length to "
	    "max_num_batched_tokens and makes vLLM reject longer sequences. "
	    "Please increase max_num_batched_tokens or decrease "
	    "max_model_len.");
	model_done(&m);
	test_tmpdir_remove(dir);

	/* last-token pooling keeps chunked prefill and the 2,048 default */
	pooling_dir(dir, sizeof dir, "last", &m);
	cr_assert_eq(m.st_pooling, MODEL_ST_LAST);
	test_input(&in, "rtx-5090", EMBED, NULL);
	in.model = &m;
	in.ckpt = -1;
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert(p.pooling);
	cr_assert_eq(p.max_num_batched_tokens, 2048);
	model_done(&m);
	test_tmpdir_remove(dir);

	pooling_dir(dir, sizeof dir, "cls", &m);
	cr_assert_eq(m.st_pooling, MODEL_ST_CLS);
	model_done(&m);
	test_tmpdir_remove(dir);
}

/* Classes vLLM serves with a head of their own (their name's suffix; a
 * decoder's sequence classifier not among those as_seq_cls_model
 * converts) stop the plan instead of being priced as a generative model
 * with a sampler and lm_head. */
Test(pooling, classifier_and_reward_classes_refused)
{
	static const char *const archs[] = { "GPT2ForSequenceClassification",
		"LlamaForTokenClassification", "LlamaForRewardModeling",
		"InternLM2ForRewardModel", "Gemma3EmbeddingModel" };
	static const char *const heads[] = { "classify", "classify", "reward",
		"reward", "embed" };
	struct plan_input in;
	struct model m;
	size_t i;

	for (i = 0; i < sizeof archs / sizeof archs[0]; i++) {
		embed_input(&in, PLAN_RUNNER_UNSET);
		m = *in.model;
		m.architecture = (char *)archs[i];
		in.model = &m;
		in.ckpt = -1;
		assert_refused(&in, heads[i]);
		assert_refused(&in, archs[i]);
	}
	/* the causal class itself plans */
	embed_input(&in, PLAN_RUNNER_POOLING);
	m = *in.model;
	m.architecture = (char *)"Qwen3ForCausalLM";
	in.model = &m;
	{
		struct plan p;

		plan_compute(test_catalogue(), &in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	}
}

/* A modules.json the model folder holds, read as vLLM's get_pooling_config
 * reads it: no Pooling module is no pooling config; one whose folder lies
 * outside the model's, or whose config sets no pooling_mode_*, is one
 * whose mode headroom does not read, and the pooling plan stops. */
Test(pooling, modules_json_edge_cases)
{
	const struct catalogue *c = test_catalogue();
	static const struct {
		const char *modules, *pool;
		int mode;
	} cases[] = {
		{ "[{\"path\": \"\", \"type\": "
		  "\"sentence_transformers.models.Transformer\"}]",
		    NULL, MODEL_ST_NONE },
		{ "[{\"path\": \"../elsewhere\", \"type\": "
		  "\"sentence_transformers.models.Pooling\"}]",
		    NULL, MODEL_ST_OTHER },
		{ "[{\"path\": \"1_Pooling\", \"type\": "
		  "\"sentence_transformers.models.Pooling\"}]",
		    "{\"pooling_mode_max_tokens\": true}", MODEL_ST_OTHER },
		{ "not json", NULL, MODEL_ST_NONE },
	};
	char dir[512], err[512], sub[600];
	struct model m;
	struct plan_input in;
	struct plan p;
	int64_t wb;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		pooling_dir(dir, sizeof dir, "last", &m);
		model_done(&m);
		write_file(dir, "modules.json", cases[i].modules);
		if (cases[i].pool != NULL)
			write_file(dir, "1_Pooling/config.json", cases[i].pool);
		cr_assert_eq(model_dir_read(dir, &m, &wb, err, sizeof err), 0,
		    "%s", err);
		cr_assert_eq(m.st_pooling, cases[i].mode, "case %zu", i);
		test_input(&in, "rtx-5090", EMBED, NULL);
		in.model = &m;
		in.ckpt = -1;
		plan_compute(c, &in, &p);
		if (cases[i].mode == MODEL_ST_NONE) {
			cr_assert_not(p.pooling, "case %zu", i);
		} else {
			cr_assert(p.pooling, "case %zu", i);
			cr_assert_eq(p.phase, PHASE_CONFIG, "case %zu", i);
			cr_assert(strstr(p.message, "pooling mode") != NULL,
			    "%s", p.message);
		}
		model_done(&m);
		snprintf(sub, sizeof sub, "%s", dir);
		test_tmpdir_remove(sub);
	}
}

/* Qwen3-8B's config.json (untied lm_head) in a folder whose index gives
 * total_size bytes and names lm_head.weight or not. */
static void
index_dir(char *dir, size_t len, int64_t total, bool head, struct model *m,
    int64_t *wb)
{
	char idx[512], err[512];

	test_tmpdir_new(dir, len, "pooling-index");
	sweep_config_copy(dir, "Qwen--Qwen3-8B");
	if (total > 0) {
		snprintf(idx, sizeof idx,
		    "{\"metadata\": {\"total_size\": %lld}, \"weight_map\": "
		    "{\"model.embed_tokens.weight\": \"a.safetensors\"%s}}",
		    (long long)total,
		    head ? ", \"lm_head.weight\": \"a.safetensors\"" : "");
		write_file(dir, "model.safetensors.index.json", idx);
	}
	cr_assert_eq(model_dir_read(dir, m, wb, err, sizeof err), 0, "%s", err);
}

/*
 * An embedding checkpoint saved from the bare model has no lm_head.weight
 * (the adapter loads *Model and *ForCausalLM checkpoints alike): its files
 * are compared with the model without the head, so the published size
 * scales the split by 1 either way and the pooled weights are the derived
 * total less the head, whether or not the files hold it.
 */
Test(pooling, checkpoint_without_lm_head)
{
	const struct catalogue *c = test_catalogue();
	char dir[512];
	struct model m;
	struct weights_breakdown w;
	struct plan_input in;
	struct plan p;
	int64_t wb, rope, want;
	int head;

	index_dir(dir, sizeof dir, 0, false, &m, &wb);
	cr_assert_eq(m.tie_embeddings, 0);
	weights_rank(&m, FMT_BF16, 2, 1, 1, 0, &w);
	rope = (int64_t)weights_rope_bytes(&m, 2);
	want = (int64_t)(w.total - w.lm_head);
	cr_assert_gt(w.lm_head, 1e9); /* 151,936 x 4,096 x 2 bytes */
	model_done(&m);
	test_tmpdir_remove(dir);
	for (head = 0; head < 2; head++) {
		index_dir(dir, sizeof dir,
		    head ? (int64_t)w.total - rope : want - rope, head, &m,
		    &wb);
		cr_assert_eq(m.files_lm_head, head ? 1 : -1);
		test_input(&in, "h100-sxm", EMBED, NULL);
		in.model = &m;
		in.ckpt = -1;
		in.weight_bytes = wb;
		in.runner = PLAN_RUNNER_POOLING;
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
		cr_assert(p.weights_exact);
		cr_assert(llabs(p.weights - want) <= 2, "head %d: %lld vs %lld",
		    head, (long long)p.weights, (long long)want);
		model_done(&m);
		test_tmpdir_remove(dir);
	}
}

/*
 * A real config.json (tests/fixtures/configs/sweep/NAME/config.json) in a
 * folder with its architectures set to arch: the layout of an embedding
 * checkpoint saved from the bare model (gte-Qwen2-1.5B-instruct's
 * Qwen2Model, e5-mistral-7b-instruct's MistralModel), without
 * modules.json unless st_last.
 */
static void
bare_dir(char *dir, size_t len, const char *name, const char *arch,
    bool st_last, struct model *m)
{
	char src[1024], err[512];
	const char *top = getenv("TOP_SRCDIR");
	cJSON *root, *a;
	char *text;
	int64_t wb;
	FILE *in;
	long n;

	test_tmpdir_new(dir, len, "bare");
	snprintf(src, sizeof src,
	    "%s/tests/fixtures/configs/sweep/%s/config.json", top ? top : ".",
	    name);
	in = fopen(src, "r");
	cr_assert_not_null(in, "%s", src);
	fseek(in, 0, SEEK_END);
	n = ftell(in);
	rewind(in);
	text = calloc(1, (size_t)n + 1);
	cr_assert_eq(fread(text, 1, (size_t)n, in), (size_t)n);
	fclose(in);
	root = cJSON_Parse(text);
	free(text);
	cr_assert_not_null(root);
	a = cJSON_CreateArray();
	cJSON_AddItemToArray(a, cJSON_CreateString(arch));
	cJSON_ReplaceItemInObjectCaseSensitive(root, "architectures", a);
	text = cJSON_Print(root);
	cJSON_Delete(root);
	write_file(dir, "config.json", text);
	free(text);
	if (st_last) {
		write_st_modules(dir);
		write_file(dir, "1_Pooling/config.json",
		    "{\"pooling_mode_lasttoken\": true}");
	}
	cr_assert_eq(model_dir_read(dir, m, &wb, err, sizeof err), 0, "%s",
	    err);
}

static void
bare_plan(struct model *m, int runner, struct plan *p)
{
	struct plan_input in;

	embed_input(&in, runner);
	in.model = m;
	in.ckpt = -1;
	in.util = 0.9; /* room for Mistral-7B's 14.5 GB on the card */
	plan_compute(test_catalogue(), &in, p);
}

/*
 * Qwen2Model is read as the Qwen2ForCausalLM vLLM builds for it (registry
 * _EMBEDDING_MODELS): QKV biases, no "not checked" assumption, and under
 * --runner pooling the plan of the causal class itself.  Qwen2-1.5B's
 * layout: 28 layers x 2 (K, V) x 2 KV heads x 128 (1,536 / 12) x 2 bytes =
 * 28,672 bytes a token.
 */
Test(pooling, bare_qwen2_is_the_qwen2_decoder)
{
	char d1[512], d2[512];
	struct model bare, causal;
	struct plan pb, pc;

	bare_dir(d1, sizeof d1, "Qwen--Qwen2-1.5B", "Qwen2Model", false, &bare);
	bare_dir(d2, sizeof d2, "Qwen--Qwen2-1.5B", "Qwen2ForCausalLM", false,
	    &causal);
	cr_assert_str_eq(bare.architecture, "Qwen2Model");
	cr_assert_eq(bare.qkv_bias, 1);
	cr_assert_null(bare.assumption, "%s", bare.assumption);
	bare_plan(&bare, PLAN_RUNNER_POOLING, &pb);
	bare_plan(&causal, PLAN_RUNNER_POOLING, &pc);
	cr_assert_eq(pb.phase, PHASE_NONE, "%s", pb.message);
	cr_assert(pb.pooling);
	cr_assert_eq(pb.bytes_per_token, 28672);
	cr_assert_eq(pb.bytes_per_token, pc.bytes_per_token);
	cr_assert_eq(pb.weights, pc.weights);
	cr_assert_eq(pb.kv_tokens, pc.kv_tokens);
	model_done(&bare);
	model_done(&causal);
	test_tmpdir_remove(d1);
	test_tmpdir_remove(d2);
}

/*
 * A registered bare-model class maps onto a generative class, so --runner
 * auto stays generate without a sentence-transformers pooling config
 * (_get_default_runner_type), and the generate runner cannot load a
 * bare-model checkpoint: refused, naming the class vLLM builds.  With a
 * modules.json (e5-mistral-7b-instruct and gte-Qwen2 carry one) auto is the
 * pooling runner and plans.  Mistral-7B's layout: 32 x 2 x 8 x 128 x 2 =
 * 131,072 bytes a token.
 */
Test(pooling, registered_bare_class_needs_the_pooling_runner)
{
	static const struct {
		const char *fixture, *arch, *built;
	} cases[] = {
		{ "mistralai--Mistral-7B-Instruct-v0.3", "MistralModel",
		    "LlamaForCausalLM" },
		{ "meta-llama--Llama-3.2-1B-Instruct", "LlamaModel",
		    "LlamaForCausalLM" },
		{ "Qwen--Qwen2-1.5B", "Qwen2Model", "Qwen2ForCausalLM" },
		{ "google--gemma-2-2b-it", "Gemma2Model", "Gemma2ForCausalLM" },
	};
	char dir[512];
	struct model m;
	struct plan p;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		bare_dir(dir, sizeof dir, cases[i].fixture, cases[i].arch,
		    false, &m);
		cr_assert_null(m.assumption, "%s", m.assumption);
		bare_plan(&m, PLAN_RUNNER_UNSET, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG, "%s", cases[i].arch);
		cr_assert(strstr(p.message, "generate runner") != NULL, "%s",
		    p.message);
		cr_assert(strstr(p.message, cases[i].built) != NULL, "%s",
		    p.message);
		bare_plan(&m, PLAN_RUNNER_GENERATE, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG, "%s", cases[i].arch);
		bare_plan(&m, PLAN_RUNNER_POOLING, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s: %s", cases[i].arch,
		    p.message);
		cr_assert(p.pooling);
		model_done(&m);
		test_tmpdir_remove(dir);
	}
	bare_dir(dir, sizeof dir, "mistralai--Mistral-7B-Instruct-v0.3",
	    "MistralModel", true, &m);
	bare_plan(&m, PLAN_RUNNER_UNSET, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.pooling);
	cr_assert_eq(p.bytes_per_token, 131072);
	bare_plan(&m, PLAN_RUNNER_GENERATE, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	model_done(&m);
	test_tmpdir_remove(dir);
}

/*
 * Qwen3Model is in no table of vLLM's registry: --runner auto takes the
 * "Model" suffix of _SUFFIX_TO_DEFAULTS (pooling, embed) and builds
 * Qwen3ForCausalLM through _normalize_arch, so it plans as the pooling
 * runner with no modules.json; --runner generate falls back to the
 * Transformers backend and is refused, as is --convert none.  Qwen3-0.6B:
 * 28 x 2 x 8 x 128 x 2 = 114,688 bytes a token.
 */
Test(pooling, unregistered_bare_class_resolves_to_pooling)
{
	char dir[512];
	struct model m;
	struct plan p;
	struct plan_input in;

	bare_dir(dir, sizeof dir, "Qwen--Qwen3-0.6B", "Qwen3Model", false, &m);
	cr_assert_eq(m.st_pooling, MODEL_ST_NONE);
	bare_plan(&m, PLAN_RUNNER_UNSET, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.pooling);
	cr_assert_eq(p.bytes_per_token, 114688);
	bare_plan(&m, PLAN_RUNNER_AUTO, &p);
	cr_assert(p.pooling);
	bare_plan(&m, PLAN_RUNNER_GENERATE, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "Transformers backend") != NULL, "%s",
	    p.message);
	embed_input(&in, PLAN_RUNNER_UNSET);
	in.model = &m;
	in.ckpt = -1;
	in.convert = PLAN_CONVERT_NONE;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "--convert none") != NULL, "%s", p.message);
	model_done(&m);
	test_tmpdir_remove(dir);
}

/*
 * Registry classes built as pooling models whose names end in no pooling
 * suffix: --runner auto is the pooling runner there, refused; --runner
 * generate is vLLM's own error except for GritLM, a LlamaForCausalLM too,
 * which plans.
 */
Test(pooling, pooling_only_classes_refused)
{
	static const char *const archs[] = { "GritLM", "Gemma3TextModel",
		"JinaVLForRanking", "CLIPModel", "SiglipModel",
		"PrithviGeoSpatialMAE", "Terratorch" };
	struct plan_input in;
	struct model m;
	struct plan p;
	size_t i;

	for (i = 0; i < sizeof archs / sizeof archs[0]; i++) {
		embed_input(&in, PLAN_RUNNER_UNSET);
		m = *in.model;
		m.architecture = (char *)archs[i];
		m.st_pooling = MODEL_ST_NONE;
		in.model = &m;
		in.ckpt = -1;
		assert_refused(&in, archs[i]);
		assert_refused(&in, "pooling runner");
		in.runner = PLAN_RUNNER_GENERATE;
		plan_compute(test_catalogue(), &in, &p);
		if (i == 0) {
			cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
			cr_assert_not(p.pooling);
		} else {
			cr_assert_eq(p.phase, PHASE_CONFIG, "%s", archs[i]);
			cr_assert_str_eq(p.message,
			    "This model does not support `--runner generate`.");
		}
	}
}

/*
 * --convert classify on a causal model (as_seq_cls_model): lm_head leaves
 * as under embed, and a score head of num_labels x hidden float32 weights
 * takes its place, whole on every rank: Qwen3-Embedding-0.6B's config
 * names no labels, so transformers' 2: 2 x 1,024 x 4 = 8,192 bytes.  Its
 * pooler keeps a few floats a request, so the activation is the forward's
 * (57,671,680 bytes, as above).  --convert reward (as_reward_model) adds
 * no layer.
 */
Test(pooling, convert_classify_and_reward)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan e, k, r;

	embed_input(&in, PLAN_RUNNER_POOLING);
	plan_compute(c, &in, &e);
	cr_assert_eq(e.pool_task, PLAN_POOL_EMBED);
	in.convert = PLAN_CONVERT_CLASSIFY;
	plan_compute(c, &in, &k);
	cr_assert_eq(k.phase, PHASE_NONE, "%s", k.message);
	cr_assert(k.pooling);
	cr_assert_eq(k.pool_task, PLAN_POOL_CLASSIFY);
	cr_assert_eq(k.num_labels, 2);
	cr_assert_eq(k.score_head, 8192);
	cr_assert_eq(k.weights, e.weights + 8192);
	cr_assert_eq(k.activation, 57671680);
	cr_assert_eq(k.n_capture_sizes, e.n_capture_sizes);
	in.hf_num_labels = 1;
	plan_compute(c, &in, &k);
	cr_assert_eq(k.weights, e.weights + 4096);
	in.hf_num_labels = -1;
	in.convert = PLAN_CONVERT_REWARD;
	plan_compute(c, &in, &r);
	cr_assert_eq(r.phase, PHASE_NONE, "%s", r.message);
	cr_assert_eq(r.pool_task, PLAN_POOL_REWARD);
	cr_assert_eq(r.weights, e.weights);
	cr_assert_eq(r.score_head, 0);
}

/*
 * The pooler of the embed adapter's token_embed task upcasts every
 * token's hidden state to the float32 head dtype and keeps the outputs
 * beside the forward's hidden states: 2,048 tokens x 1,024 x (2 + 4) =
 * 12,582,912 bytes, whole on every rank.  At TP 8 the forward's share of
 * a rank, 2,048 x (2.0 x 1,024 + 8.5 x 3,072 / 8) = 2,048 x 5,312 =
 * 10,878,976 bytes, is the smaller, so the pooler's is the peak; at TP 1
 * the forward's.  classify keeps num_labels floats a token: the forward.
 */
Test(pooling, pooler_working_set)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	embed_input(&in, PLAN_RUNNER_POOLING);
	in.tp = 8;
	in.gpus = 8;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.max_num_batched_tokens, 2048);
	cr_assert_eq(p.activation, 12582912);
	in.convert = PLAN_CONVERT_REWARD;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.activation, 12582912);
	in.convert = PLAN_CONVERT_CLASSIFY;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.activation, 10878976);
	embed_input(&in, PLAN_RUNNER_POOLING);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.activation, 57671680);
}

/* Qwen3-0.6B's config.json (tests/fixtures/configs/sweep) with members
 * put after its own (a repeated key keeps its last value, as json.loads
 * reads it). */
static void
cls_dir(char *dir, size_t len, const char *members, struct model *m)
{
	char src[1024], err[512], *text, *out, *end;
	const char *top = getenv("TOP_SRCDIR");
	int64_t wb;
	FILE *in;
	long n;

	test_tmpdir_new(dir, len, "cls");
	snprintf(src, sizeof src,
	    "%s/tests/fixtures/configs/sweep/Qwen--Qwen3-0.6B/config.json",
	    top ? top : ".");
	in = fopen(src, "r");
	cr_assert_not_null(in, "%s", src);
	fseek(in, 0, SEEK_END);
	n = ftell(in);
	rewind(in);
	text = calloc(1, (size_t)n + 1);
	cr_assert_eq(fread(text, 1, (size_t)n, in), (size_t)n);
	fclose(in);
	end = strrchr(text, '}');
	cr_assert_not_null(end);
	*end = '\0';
	out = calloc(1, (size_t)n + strlen(members) + 4);
	sprintf(out, "%s,%s}", text, members);
	write_file(dir, "config.json", out);
	free(text);
	free(out);
	cr_assert_eq(model_dir_read(dir, m, &wb, err, sizeof err), 0, "%s",
	    err);
}

/*
 * A reranker saved as Qwen3ForSequenceClassification (transformers'
 * AutoModelForSequenceClassification) is the Qwen3 decoder vLLM converts
 * with as_seq_cls_model: --runner auto resolves to pooling (the suffix of
 * _SUFFIX_TO_DEFAULTS), its labels are id2label's (3 here: 3 x 1,024 x 4
 * = 12,288 bytes of score head), its KV cache and graphs those of the
 * Qwen3ForCausalLM under the pooling runner.  The generate runner and the
 * other adapters on it are refused.
 */
Test(pooling, sequence_classifier_class_plans_its_head)
{
	const struct catalogue *c = test_catalogue();
	char d1[512], d2[512];
	struct model cls, causal;
	struct plan_input in;
	struct plan pc, pe;

	cls_dir(d1, sizeof d1,
	    "\"architectures\": [\"Qwen3ForSequenceClassification\"], "
	    "\"id2label\": {\"0\": \"a\", \"1\": \"b\", \"2\": \"c\"}",
	    &cls);
	cls_dir(d2, sizeof d2, "\"architectures\": [\"Qwen3ForCausalLM\"]",
	    &causal);
	cr_assert_str_eq(cls.architecture, "Qwen3ForSequenceClassification");
	cr_assert_eq(cls.num_labels, 3);
	cr_assert_eq(causal.num_labels, 0);
	cr_assert_null(cls.refusal, "%s", cls.refusal);
	embed_input(&in, PLAN_RUNNER_UNSET);
	in.model = &cls;
	in.ckpt = -1;
	plan_compute(c, &in, &pc);
	cr_assert_eq(pc.phase, PHASE_NONE, "%s", pc.message);
	cr_assert(pc.pooling);
	cr_assert_eq(pc.pool_task, PLAN_POOL_CLASSIFY);
	cr_assert_eq(pc.num_labels, 3);
	embed_input(&in, PLAN_RUNNER_POOLING);
	in.model = &causal;
	in.ckpt = -1;
	plan_compute(c, &in, &pe);
	cr_assert_eq(pe.phase, PHASE_NONE, "%s", pe.message);
	cr_assert_eq(pc.weights, pe.weights + 12288);
	cr_assert_eq(pc.bytes_per_token, pe.bytes_per_token);
	cr_assert_eq(pc.cuda_graphs, pe.cuda_graphs);
	/* the other runner and adapters */
	in.model = &cls;
	in.runner = PLAN_RUNNER_GENERATE;
	assert_refused(&in, "under --runner generate");
	in.runner = PLAN_RUNNER_POOLING;
	in.convert = PLAN_CONVERT_EMBED;
	assert_refused(&in, "with --convert embed");
	/* --hf-overrides naming the class on the causal checkpoint (the
	 * Qwen3-Reranker recipe) plans the same head; another family stops */
	in.model = &causal;
	in.convert = PLAN_CONVERT_UNSET;
	in.runner = PLAN_RUNNER_UNSET;
	in.hf_architecture = "Qwen3ForSequenceClassification";
	in.hf_num_labels = 3;
	plan_compute(c, &in, &pe);
	cr_assert_eq(pe.phase, PHASE_NONE, "%s", pe.message);
	cr_assert_eq(pe.pool_task, PLAN_POOL_CLASSIFY);
	cr_assert_eq(pe.weights, pc.weights);
	in.hf_architecture = "LlamaForSequenceClassification";
	assert_refused(&in,
	    "headroom read the model's config as "
	    "Qwen3ForCausalLM");
	model_done(&cls);
	model_done(&causal);
	test_tmpdir_remove(d1);
	test_tmpdir_remove(d2);
}

/*
 * Qwen2ForRewardModel (qwen2_rm.py) is Qwen2Model with a score MLP of its
 * own: ColumnParallelLinear(1,536, 1,536) and RowParallelLinear(1,536, 1)
 * with their biases, in the model dtype (Qwen2-1.5B's layout, bf16): at TP
 * 1, 2 x (1,536 x 1,536 + 1,536 + 1,536 + 1) = 4,724,738 bytes; at TP 2
 * each rank holds 2 x (1,536 x 768 + 768 + 768 + 1) = 2,362,370.  The
 * class is a pooling model: --runner auto is the pooling runner and
 * --runner generate vLLM's refusal; its pooler reads num_labels logits a
 * token, so the activation is the forward's.  Its process-reward sibling
 * has two labels and STEP pooling.
 */
Test(pooling, qwen2_reward_model_plans_its_mlp)
{
	char d1[512], d2[512];
	struct model rm, causal;
	struct plan pr, pc;

	bare_dir(d1, sizeof d1, "Qwen--Qwen2-1.5B", "Qwen2ForRewardModel",
	    false, &rm);
	bare_dir(d2, sizeof d2, "Qwen--Qwen2-1.5B", "Qwen2ForCausalLM", false,
	    &causal);
	cr_assert_null(rm.refusal, "%s", rm.refusal);
	cr_assert_eq(rm.qkv_bias, 1);
	bare_plan(&rm, PLAN_RUNNER_UNSET, &pr);
	bare_plan(&causal, PLAN_RUNNER_POOLING, &pc);
	cr_assert_eq(pr.phase, PHASE_NONE, "%s", pr.message);
	cr_assert(pr.pooling);
	cr_assert_eq(pr.pool_task, PLAN_POOL_REWARD_MLP);
	cr_assert_str_eq(plan_pool_task_name(pr.pool_task), "reward");
	cr_assert_eq(pr.num_labels, 1);
	cr_assert_eq(pr.weights, pc.weights + 4724738);
	cr_assert_eq(pr.bytes_per_token, pc.bytes_per_token);
	{
		struct plan_input in;
		struct plan t1, t2;

		embed_input(&in, PLAN_RUNNER_POOLING);
		in.model = &rm;
		in.ckpt = -1;
		in.util = 0.9;
		plan_compute(test_catalogue(), &in, &t1);
		in.tp = 2;
		in.gpus = 2;
		plan_compute(test_catalogue(), &in, &t2);
		in.model = &causal;
		plan_compute(test_catalogue(), &in, &pc);
		cr_assert_eq(t2.phase, PHASE_NONE, "%s", t2.message);
		cr_assert_eq(t2.weights, pc.weights + 2362370);
		/* the pooler's logits: the forward's activation, as classify */
		cr_assert_eq(t1.activation,
		    (int64_t)2048 * (2 * 1536 + (int64_t)(8.5 * 8960)));
		in.model = &rm;
		in.tp = 1;
		in.gpus = 0;
		in.runner = PLAN_RUNNER_GENERATE;
		assert_refused(&in,
		    "This model does not support `--runner generate`.");
		in.runner = PLAN_RUNNER_POOLING;
		in.convert = PLAN_CONVERT_CLASSIFY;
		assert_refused(&in, "with --convert classify");
		in.convert = PLAN_CONVERT_NONE;
		plan_compute(test_catalogue(), &in, &t1);
		cr_assert_eq(t1.phase, PHASE_NONE, "%s", t1.message);
		{
			/* the process-reward class: 2 labels, 2 x (1,536 x
			 * 1,536 + 1,536 + 1,536 x 2 + 2) = 4,727,812 bytes,
			 * and STEP pooling reads whole prompts, so the
			 * defaulted batch grows to max_model_len */
			struct model prm = rm;
			struct plan t3;

			prm.architecture = (char *)"Qwen2ForProcessRewardModel";
			in.model = &prm;
			in.convert = PLAN_CONVERT_UNSET;
			in.max_model_len = 8192;
			plan_compute(test_catalogue(), &in, &t3);
			cr_assert_eq(t3.phase, PHASE_NONE, "%s", t3.message);
			cr_assert_eq(t3.num_labels, 2);
			cr_assert(t3.pool_step);
			cr_assert_eq(t3.max_num_batched_tokens, 8192);
			in.model = &rm;
			plan_compute(test_catalogue(), &in, &t1);
			cr_assert_eq(t1.max_num_batched_tokens, 2048);
			cr_assert_eq(t3.weights,
			    t1.weights - 4724738 + 4727812);
		}
	}
	model_done(&rm);
	model_done(&causal);
	test_tmpdir_remove(d1);
	test_tmpdir_remove(d2);
}

/*
 * The catalogue's Qwen3-Reranker entries are their causal checkpoints:
 * planned alone on the generate runner, as `vllm serve` serves them, and
 * as the cross-encoder under vLLM's recipe (Qwen3ForSequenceClassification,
 * from_2_way_softmax: one label).  The 0.6B is Qwen3-0.6B's layout with
 * the 151,669-token vocabulary: its embedding rows pad to 151,680 (2,370 x
 * 64) where Qwen3-0.6B's are 151,936, 256 rows x 1,024 x 2 bytes = 524,288
 * bytes fewer, tied and so loaded once; the KV cache is the decoder's, 28
 * x 8 x 128 x 2 x 2 = 114,688 bytes a token, as the MI355X notes give it.
 * The 8B's untied lm_head leaves with the recipe: 151,680 x 4,096 x 2 =
 * 1,242,562,560 bytes, less the score head's 4,096 x 4 = 16,384.
 */
Test(pooling, qwen3_reranker_catalogue_entries)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan gen, rr, base;
	int64_t w8;

	test_input(&in, "h100-sxm", "Qwen/Qwen3-Reranker-0.6B", NULL);
	plan_compute(c, &in, &gen);
	cr_assert_eq(gen.phase, PHASE_NONE, "%s", gen.message);
	cr_assert(!gen.pooling);
	cr_assert_eq(gen.bytes_per_token, 114688);
	in.hf_architecture = "Qwen3ForSequenceClassification";
	in.hf_num_labels = 1;
	plan_compute(c, &in, &rr);
	cr_assert_eq(rr.phase, PHASE_NONE, "%s", rr.message);
	cr_assert(rr.pooling);
	cr_assert_eq(rr.pool_task, PLAN_POOL_CLASSIFY);
	cr_assert_eq(rr.bytes_per_token, 114688);
	/* Qwen3-0.6B from its architecture (its checkpoint carries the
	 * logged load size) */
	test_input(&in, "h100-sxm", "Qwen/Qwen3-0.6B", NULL);
	in.model = &c->models[catalogue_find_model(c, "Qwen/Qwen3-0.6B")];
	in.ckpt = -1;
	in.hf_architecture = "Qwen3ForSequenceClassification";
	in.hf_num_labels = 1;
	plan_compute(c, &in, &base);
	cr_assert_eq(base.phase, PHASE_NONE, "%s", base.message);
	cr_assert_eq(base.weights - rr.weights, 524288, "%lld %lld",
	    (long long)base.weights, (long long)rr.weights);
	test_input(&in, "h100-sxm", "Qwen/Qwen3-Reranker-8B", NULL);
	plan_compute(c, &in, &gen);
	cr_assert_eq(gen.phase, PHASE_NONE, "%s", gen.message);
	w8 = gen.weights;
	in.hf_architecture = "Qwen3ForSequenceClassification";
	in.hf_num_labels = 1;
	plan_compute(c, &in, &rr);
	cr_assert_eq(rr.phase, PHASE_NONE, "%s", rr.message);
	cr_assert_eq(w8 - rr.weights, 1242562560 - 16384);
	/* 36 x 8 x 128 x 2 x 2 */
	cr_assert_eq(rr.bytes_per_token, 147456);
}

/*
 * --task (vLLM 0.10.x to 0.12.x): ModelConfig.__post_init__ sets runner and
 * convert from it over --runner and --convert (vllm/config/model.py): on
 * Qwen3-0.6B, a causal model (generative, not a pooling class), embed is
 * the pooling runner with --convert embed (_task_to_convert), reward
 * --convert reward, generate the generate runner, auto the defaults even
 * with --runner pooling beside it; on an encoder-only model a pooling task
 * keeps its own pooler and generate is vLLM's refusal; score and every
 * task from 0.13.0 (no --task in its argument parser) stop the plan.
 */
Test(pooling, task_sets_runner_and_adapter)
{
	const struct catalogue *c = test_catalogue();
	const struct vllm_flag *f;
	struct plan_input in;
	struct plan p, ref;
	char err[256];
	int amb;

	f = vllm_flag_find("--task", &amb);
	cr_assert_not_null(f);
	test_input(&in, "h100-sxm", "Qwen/Qwen3-0.6B", NULL);
	in.version = VLLM_VER(0, 11, 0);
	cr_assert_eq(vllm_flag_parse(f, "embed", false, in.version, &in, err,
			 sizeof err),
	    VFP_SET, "%s", err);
	cr_assert_eq(in.task, PLAN_TASK_EMBED);
	cr_assert_lt(vllm_flag_parse(f, "embeddings", false, in.version, &in,
			 err, sizeof err),
	    0);
	in.runner = PLAN_RUNNER_GENERATE; /* --task wins */
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.pooling);
	cr_assert_eq(p.pool_task, PLAN_POOL_EMBED);
	in.task = PLAN_TASK_UNSET;
	in.runner = PLAN_RUNNER_POOLING;
	in.convert = PLAN_CONVERT_EMBED;
	plan_compute(c, &in, &ref);
	cr_assert_eq(p.weights, ref.weights);
	cr_assert_eq(p.activation, ref.activation);
	cr_assert_eq(p.kv_tokens, ref.kv_tokens);
	in.convert = PLAN_CONVERT_UNSET;
	in.task = PLAN_TASK_AUTO; /* runner and convert back to auto */
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(!p.pooling);
	in.task = PLAN_TASK_REWARD;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.pool_task, PLAN_POOL_REWARD);
	in.task = PLAN_TASK_GENERATE;
	plan_compute(c, &in, &p);
	cr_assert(!p.pooling);
	in.task = PLAN_TASK_SCORE;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "--task score") != NULL, "%s", p.message);
	in.task = PLAN_TASK_EMBED;
	in.version = VLLM_VER(0, 13, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "unrecognized arguments: --task embed") ==
		p.message,
	    "%s", p.message);
	/* an encoder-only model: its own pooler, no explicit adapter */
	test_input(&in, "h100-sxm", "nomic-ai/nomic-embed-text-v1.5", NULL);
	in.version = VLLM_VER(0, 11, 0);
	in.task = PLAN_TASK_EMBED;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.no_kv_cache);
	in.task = PLAN_TASK_GENERATE;
	plan_compute(c, &in, &p);
	cr_assert_str_eq(p.message,
	    "This model does not support `--runner generate`.");
}
