/*
 * test_env.c - vLLM's environment variables (core/vllm_env.c): every row of
 * the table read as vLLM reads it and doing what its effect says in a plan,
 * VLLM_ALLOW_LONG_MAX_MODEL_LEN and VLLM_USE_V2_MODEL_RUNNER modelled, and
 * the note about unknown VLLM_* variables in the report and the exports.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/recalc.h"
#include "core/vllm_env.h"
#include "core/vllm_version.h"
#include "io/export.h"
#include "io/report.h"
#include "helpers.h"

/* Qwen2-7B on an A100 40GB at 0.27.1, the environment given. */
static void
base(struct plan_input *in, int version, char *const *env, size_t n)
{
	test_input(in, "a100-40gb", "Qwen/Qwen2-7B-Instruct", NULL);
	in->version = version;
	in->max_model_len = 8192;
	in->env = env;
	in->n_env = n;
}

/* The row's name with a prefix row's '*' replaced by "X". */
static void
row_name(const struct vllm_env *r, char *buf, size_t len)
{
	size_t l = strlen(r->name);

	if (r->name[l - 1] == '*')
		snprintf(buf, len, "%.*sX", (int)(l - 1), r->name);
	else
		snprintf(buf, len, "%s", r->name);
}

Test(env, int_is_read_as_python_s_int)
{
	long v = -7;

	cr_assert_eq(vllm_env_int("1", &v), 0);
	cr_assert_eq(v, 1);
	cr_assert_eq(vllm_env_int(" 0 ", &v), 0);
	cr_assert_eq(v, 0);
	cr_assert_eq(vllm_env_int("+2", &v), 0);
	cr_assert_eq(v, 2);
	cr_assert_eq(vllm_env_int("-1", &v), 0);
	cr_assert_eq(v, -1);
	cr_assert_eq(vllm_env_int("1_0", &v), 0);
	cr_assert_eq(v, 10);
	cr_assert_eq(vllm_env_int("", &v), -1);
	cr_assert_eq(vllm_env_int("yes", &v), -1);
	cr_assert_eq(vllm_env_int("1__0", &v), -1);
	cr_assert_eq(vllm_env_int("_1", &v), -1);
	cr_assert_eq(vllm_env_int("0x1", &v), -1);
	cr_assert_eq(vllm_env_int("1.0", &v), -1);
}

Test(env, true_is_one_or_true)
{
	cr_assert(vllm_env_true("1"));
	cr_assert(vllm_env_true(" TRUE "));
	cr_assert(vllm_env_true("true"));
	cr_assert_not(vllm_env_true("0"));
	cr_assert_not(vllm_env_true("yes"));
	cr_assert_not(vllm_env_true("2"));
	cr_assert_not(vllm_env_true(""));
}

Test(env, find_takes_the_exact_row_then_the_longest_prefix)
{
	const struct vllm_env *r;

	r = vllm_env_find("VLLM_USE_DEEP_GEMM=1");
	cr_assert_not_null(r);
	cr_assert_str_eq(r->name, "VLLM_USE_DEEP_GEMM");
	r = vllm_env_find("VLLM_USE_FLASHINFER_MOE_FP4=1");
	cr_assert_not_null(r);
	cr_assert_str_eq(r->name, "VLLM_USE_FLASHINFER_MOE_*");
	/* the sampler's own row, not the MoE prefix */
	r = vllm_env_find("VLLM_USE_FLASHINFER_SAMPLER");
	cr_assert_str_eq(r->name, "VLLM_USE_FLASHINFER_SAMPLER");
	cr_assert_null(vllm_env_find("VLLM_USE_DEEP_GEMMX=1"));
	cr_assert_null(vllm_env_find("VLLM_NO_SUCH=1"));
}

Test(env, get_takes_the_last_assignment)
{
	static char a[] = "VLLM_X=1", b[] = "VLLM_XY=2", c[] = "VLLM_X=3";
	static char *const env[] = { a, b, c };

	cr_assert_str_eq(vllm_env_get(env, 3, "VLLM_X"), "3");
	cr_assert_str_eq(vllm_env_get(env, 3, "VLLM_XY"), "2");
	cr_assert_null(vllm_env_get(env, 3, "VLLM_"));
}

/* Every row of the table: a value does what the row's effect says. */
Test(env, every_row_does_what_its_effect_says)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan ref, p;
	size_t i;

	base(&in, VLLM_VER(0, 27, 1), NULL, 0);
	plan_compute(c, &in, &ref);
	cr_assert_eq(ref.phase, PHASE_NONE, "%s", ref.message);
	for (i = 0; i < vllm_n_envs; i++) {
		const struct vllm_env *r = &vllm_envs[i];
		char name[96], word[160], bad[160], *env[1];

		row_name(r, name, sizeof name);
		if (r->kind == VEK_INT) {
			/* vLLM's int() raises on a word: refused, whatever
			 * the row's effect */
			snprintf(bad, sizeof bad, "%s=yes", name);
			env[0] = bad;
			base(&in, VLLM_VER(0, 27, 1), env, 1);
			plan_compute(c, &in, &p);
			cr_assert_eq(p.phase, PHASE_CONFIG, "%s", bad);
			cr_assert(strstr(p.message, bad) != NULL, "%s",
			    p.message);
			cr_assert(strstr(p.message, "as an integer") != NULL);
		}
		if (r->effect == VEE_MODELLED)
			continue; /* their own tests below */
		snprintf(word, sizeof word, "%s=%s", name,
		    r->kind == VEK_INT              ? "7"
			: r->kind == VEK_ALLOC_CONF ? "max_split_size_mb:128"
						    : "other");
		env[0] = word;
		base(&in, VLLM_VER(0, 27, 1), env, 1);
		plan_compute(c, &in, &p);
		cr_assert_eq(p.env_note[0], '\0', "%s: %s", word, p.env_note);
		/* a dense 16-bit model: the kernels of FP8, MoE, MLA and
		 * quantized weights are not run, so their variables change
		 * nothing (the_variables_of_a_kernel_refuse_where_it_runs) */
		if (r->effect == VEE_IGNORED || r->scope != 0) {
			cr_assert_eq(p.phase, PHASE_NONE, "%s: %s", word,
			    p.message);
			cr_assert_eq(p.available_kv, ref.available_kv, "%s",
			    word);
			cr_assert_eq(p.activation, ref.activation, "%s", word);
			continue;
		}
		cr_assert_eq(p.phase, PHASE_CONFIG, "%s is not refused", word);
		cr_assert(strstr(p.message, word) != NULL, "%s", p.message);
		if (r->keep == NULL)
			continue;
		/* the neutral value changes nothing */
		snprintf(word, sizeof word, "%s=%s", name, r->keep);
		if (r->kind == VEK_ALLOC_CONF)
			snprintf(word, sizeof word, "%s=%s:True", name,
			    r->keep);
		base(&in, VLLM_VER(0, 27, 1), env, 1);
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s: %s", word, p.message);
		cr_assert_eq(p.available_kv, ref.available_kv, "%s", word);
	}
}

Test(env, alloc_conf_takes_expandable_segments_alone)
{
	const struct catalogue *c = test_catalogue();
	static char on[] = "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True",
		    off[] = "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:False",
		    mixed[] = "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:"
			      "True,garbage_collection_threshold:0.6";
	char *env[1];
	struct plan_input in;
	struct plan p;

	env[0] = on;
	base(&in, VLLM_VER(0, 20, 0), env, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	env[0] = off;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	env[0] = mixed;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "garbage_collection_threshold:0.6 is not "
		      "modelled") != NULL,
	    "%s", p.message);
}

Test(env, unknown_vllm_variables_are_named_once)
{
	const struct catalogue *c = test_catalogue();
	static char a[] = "VLLM_FOO=1", b[] = "HF_HOME=/x", d[] = "VLLM_FOO=2",
		    e[] = "VLLM_BAR_9=x";
	static char *const env[] = { a, b, d, e };
	struct plan_input in;
	struct plan ref, p;

	base(&in, VLLM_VER(0, 27, 1), NULL, 0);
	plan_compute(c, &in, &ref);
	base(&in, VLLM_VER(0, 27, 1), env, 4);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.available_kv, ref.available_kv);
	cr_assert(strncmp(p.env_note, "VLLM_FOO, VLLM_BAR_9: not in", 28) == 0,
	    "%s", p.env_note);
	cr_assert(strstr(p.env_note, "they change memory") != NULL);
	cr_assert(strstr(p.env_note, "HF_HOME") == NULL);
	cr_assert(strstr(p.env_note + 10, "VLLM_FOO") == NULL, "twice");
}

Test(env, unknown_names_are_written_as_text_only)
{
	char err[256], note[256];
	static char a[] = "VLLM_A\033]0;x=1";
	static char *const env[] = { a };

	cr_assert_eq(vllm_env_check(env, 1, 0, err, sizeof err, note,
			 sizeof note),
	    1);
	cr_assert(strchr(note, '\033') == NULL, "%s", note);
	cr_assert(strncmp(note, "VLLM_A??0?x:", 12) == 0, "%s", note);
}

/*
 * Bamba-9B-v1 (max_position_embeddings 4096) at --max-model-len 16384:
 * vLLM's refusal without the variable, its warning and the length as given
 * with it (tests/calibration/newer-logs.json
 * ssmexp-v0110-bamba-9b-v1-fp16-48gbclass-tp1-16384 ran so).
 */
Test(env, allow_long_max_model_len_takes_the_length_with_vllm_s_warning)
{
	const struct catalogue *c = test_catalogue();
	static char one[] = "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1",
		    t[] = "VLLM_ALLOW_LONG_MAX_MODEL_LEN=True",
		    zero[] = "VLLM_ALLOW_LONG_MAX_MODEL_LEN=0",
		    yes[] = "VLLM_ALLOW_LONG_MAX_MODEL_LEN=yes";
	char *env[1];
	struct plan_input in;
	struct plan p;

	base(&in, VLLM_VER(0, 11, 0), NULL, 0);
	in.max_model_len = 131072 * 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "set the env var "
		      "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1") != NULL,
	    "%s", p.message);
	env[0] = zero;
	in.env = env;
	in.n_env = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG, "=0 allows nothing");
	env[0] = yes;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG, "=yes is false to vLLM");
	env[0] = t;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	env[0] = one;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.max_model_len, 131072 * 2);
	cr_assert(strstr(p.env_note,
		      "User-specified max_model_len (262144) is greater than "
		      "the derived max_model_len (") != NULL,
	    "%s", p.env_note);
	cr_assert(strstr(p.env_note,
		      "VLLM_ALLOW_LONG_MAX_MODEL_LEN must be used with extreme "
		      "caution.") != NULL,
	    "%s", p.env_note);
	/* a length within the maximum: no warning */
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.env_note[0], '\0', "%s", p.env_note);
}

Test(env, v2_model_runner_0_keeps_v1_and_1_is_refused_off_its_default)
{
	const struct catalogue *c = test_catalogue();
	static char off[] = "VLLM_USE_V2_MODEL_RUNNER=0",
		    on[] = "VLLM_USE_V2_MODEL_RUNNER=1";
	char *env[1];
	struct plan_input in;
	struct plan dflt, p;

	/* 0.25.0 onwards: the V2 runner is the default for a dense model */
	base(&in, VLLM_VER(0, 27, 1), NULL, 0);
	plan_compute(c, &in, &dflt);
	cr_assert(dflt.v2_runner);
	env[0] = off;
	base(&in, VLLM_VER(0, 27, 1), env, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_not(p.v2_runner);
	/* 0.27.1's V2 runner keeps its graphs outside the budget, V1's in */
	cr_assert(p.cg_in_budget);
	cr_assert_not(dflt.cg_in_budget);
	env[0] = on;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.v2_runner);
	/* 0.20.0 serves Qwen2 on V1: =1 is not modelled */
	base(&in, VLLM_VER(0, 20, 0), env, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "VLLM_USE_V2_MODEL_RUNNER=1: vLLM 0.20.0") != NULL,
	    "%s", p.message);
}

/* The note reaches the JSON report, the text report and the exports. */
Test(env, the_note_is_in_every_output)
{
	const struct catalogue *c = test_catalogue();
	static char a[] = "VLLM_FOO=1";
	static char *const env[] = { a };
	struct plan_input in;
	struct plan p;
	struct report_in r;
	char err[256], *s;
	cJSON *j, *v;

	base(&in, VLLM_VER(0, 27, 1), env, 1);
	plan_compute(c, &in, &p);
	memset(&r, 0, sizeof r);
	r.cat = c;
	r.in = &in;
	r.plan = &p;
	r.model_source = "catalogue";
	s = report_json(&r);
	j = cJSON_Parse(s);
	cr_assert_not_null(j);
	v = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "verdict"),
	    "environment");
	cr_assert(cJSON_IsString(v), "%s", s);
	cr_assert(strncmp(v->valuestring, "VLLM_FOO: not in", 16) == 0);
	cJSON_Delete(j);
	free(s);
	s = report_text(&r);
	cr_assert(strstr(s, "Environment: VLLM_FOO: not in") != NULL, "%s", s);
	free(s);
	s = export_command(&r, err, sizeof err);
	cr_assert_not_null(s, "%s", err);
	cr_assert(strstr(s, "# VLLM_FOO: not in") != NULL, "%s", s);
	cr_assert(strstr(s, "VLLM_FOO=1 vllm serve") != NULL, "%s", s);
	free(s);
	s = export_config(&r, err, sizeof err);
	cr_assert_not_null(s, "%s", err);
	cr_assert(strstr(s, "# VLLM_FOO: not in") != NULL, "%s", s);
	free(s);
	s = export_docker(&r, err, sizeof err);
	cr_assert_not_null(s, "%s", err);
	cr_assert(strstr(s, "# VLLM_FOO: not in") != NULL, "%s", s);
	free(s);
	s = export_quote(&r, err, sizeof err);
	cr_assert_not_null(s, "%s", err);
	cr_assert(strstr(s, "Environment: VLLM") != NULL, "%s", s);
	free(s);
}

/* What a plan does with each variable, fixed here apart from the table. */
Test(env, the_variables_that_move_memory_are_refused)
{
	static const struct {
		const char *word;
		bool refused;
	} want[] = {
		{ "VLLM_ATTENTION_BACKEND=FLASHINFER", true },
		{ "VLLM_USE_DEEP_GEMM=1", false },
		{ "VLLM_USE_FLASHINFER_MOE_FP4=1", false },
		{ "VLLM_MXFP4_USE_MARLIN=1", false },
		{ "VLLM_USE_TRTLLM_ATTENTION=1", true },
		{ "VLLM_ENABLE_V1_MULTIPROCESSING=0", true },
		{ "VLLM_ENABLE_V1_MULTIPROCESSING=1", false },
		{ "VLLM_USE_V1=0", true },
		{ "VLLM_USE_V1=1", false },
		{ "VLLM_MLA_DISABLE=1", false },
		{ "VLLM_FUSED_MOE_CHUNK_SIZE=8192", false },
		{ "VLLM_PP_LAYER_PARTITION=10,18", true },
		{ "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1", true },
		{ "VLLM_FLOAT32_MATMUL_PRECISION=high", false },
		{ "VLLM_SLEEP_WHEN_IDLE=1", false },
		{ "VLLM_LOGGING_LEVEL=DEBUG", false },
		{ "VLLM_WORKER_MULTIPROC_METHOD=spawn", false },
		{ "VLLM_KV_CACHE_LAYOUT=HND", false },
		{ "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True", false },
		{ "PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:512", true },
		{ "CUDA_VISIBLE_DEVICES=0", false },
	};
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	size_t i;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		char word[128], *env[1];

		snprintf(word, sizeof word, "%s", want[i].word);
		env[0] = word;
		base(&in, VLLM_VER(0, 27, 1), env, 1);
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase == PHASE_CONFIG, want[i].refused, "%s: %s",
		    word, p.message);
		if (want[i].refused)
			cr_assert(strncmp(p.message, word, strlen(word)) == 0,
			    "%s", p.message);
		cr_assert_eq(p.env_note[0], '\0', "%s", p.env_note);
	}
}

/* A kernel's variables stop the plans whose weights or layers run it. */
Test(env, the_variables_of_a_kernel_refuse_where_it_runs)
{
	static const struct {
		const char *model, *ckpt, *word;
	} want[] = {
		{ "deepseek-ai/DeepSeek-V3.2", "fp8-block",
		    "VLLM_USE_DEEP_GEMM=0" },
		{ "deepseek-ai/DeepSeek-V3.2", "fp8-block",
		    "VLLM_MLA_DISABLE=1" },
		{ "Qwen/Qwen3-30B-A3B", NULL,
		    "VLLM_USE_FLASHINFER_MOE_FP16=1" },
		{ "Qwen/Qwen3-30B-A3B", NULL,
		    "VLLM_FUSED_MOE_CHUNK_SIZE=8192" },
		{ "openai/gpt-oss-20b", NULL, "VLLM_MXFP4_USE_MARLIN=1" },
		{ "openai/gpt-oss-20b", NULL, "VLLM_MARLIN_USE_ATOMIC_ADD=1" },
	};
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	size_t i;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		char word[128], *env[1];

		snprintf(word, sizeof word, "%s", want[i].word);
		env[0] = word;
		test_input(&in, "b200", want[i].model, want[i].ckpt);
		in.version = VLLM_VER(0, 27, 1);
		in.max_model_len = 8192;
		in.env = env;
		in.n_env = 1;
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG, "%s on %s", word,
		    want[i].model);
		cr_assert(strncmp(p.message, word, strlen(word)) == 0, "%s",
		    p.message);
		/* without it the plan goes on */
		in.n_env = 0;
		plan_compute(c, &in, &p);
		cr_assert(p.phase != PHASE_CONFIG, "%s: %s", want[i].model,
		    p.message);
	}
}

/* The planner's incremental plan follows an edited environment: the note
 * and the length it allows are those of a full recompute. */
Test(env, the_incremental_plan_follows_the_environment)
{
	static char foo[] = "VLLM_FOO=1",
		    allow[] = "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1";
	static char *const env[] = { foo, allow };
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct recalc *rc;

	base(&in, VLLM_VER(0, 27, 1), NULL, 0);
	in.max_model_len = 131072 * 2;
	rc = recalc_new(c, &in, NULL);
	cr_assert_not_null(rc);
	recalc_update(rc);
	cr_assert_eq(recalc_plan(rc)->phase, PHASE_CONFIG);
	in.env = env;
	in.n_env = 2;
	recalc_set_input(rc, &in);
	recalc_update(rc);
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_str_eq(recalc_plan(rc)->env_note, p.env_note);
	cr_assert(memcmp(&p, recalc_plan(rc), sizeof p) == 0,
	    "the incremental plan differs from a full recompute");
	in.n_env = 0;
	recalc_set_input(rc, &in);
	recalc_update(rc);
	cr_assert_eq(recalc_plan(rc)->phase, PHASE_CONFIG);
	cr_assert_eq(recalc_plan(rc)->env_note[0], '\0');
	recalc_free(&rc);
}
