/*
 * test_env_attention.c - VLLM_ATTENTION_BACKEND read as each release reads
 * it: up to 0.12.x the plan of --attention-backend with the same name,
 * 0.13.x and 0.14.x the same with vLLM's deprecation warning in every
 * output, refused from 0.15.0 (vLLM no longer reads it), and with the
 * flag as well.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/vllm_version.h"
#include "io/export.h"
#include "io/report.h"
#include "helpers.h"

static const char warning[] =
    "Using VLLM_ATTENTION_BACKEND environment variable is deprecated and "
    "will be removed in v0.14.0 or v1.0.0, whichever is soonest. Please "
    "use --attention-config.backend command line argument or "
    "AttentionConfig(backend=...) config field instead.";

/* Llama 3.1 8B on an H100 SXM at version, the environment and flags
 * given. */
static void
base(struct plan_input *in, int version, char *const *env, size_t n_env,
    char *const *flags, size_t n_flags)
{
	test_input(in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in->version = version;
	in->max_model_len = 32768;
	in->env = env;
	in->n_env = n_env;
	in->extra_flags = flags;
	in->n_extra_flags = n_flags;
}

/* The variable alone plans what the flag alone plans. */
static void
assert_as_the_flag(int version, const char *value)
{
	const struct catalogue *c = test_catalogue();
	char word[64], *env[1];
	char *flags[] = { "--attention-backend", (char *)value };
	struct plan_input in;
	struct plan a, b;

	snprintf(word, sizeof word, "VLLM_ATTENTION_BACKEND=%s", value);
	env[0] = word;
	base(&in, version, NULL, 0, flags, 2);
	plan_compute(c, &in, &a);
	cr_assert_eq(a.phase, PHASE_NONE, "%s", a.message);
	base(&in, version, env, 1, NULL, 0);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%d: %s", version, b.message);
	cr_assert_eq(b.available_kv, a.available_kv);
	cr_assert_eq(b.activation, a.activation);
	cr_assert_eq(b.cuda_graphs, a.cuda_graphs);
	cr_assert_eq(b.block_size, a.block_size);
	cr_assert_eq(b.n_full_graphs, a.n_full_graphs);
	cr_assert_eq(b.n_piecewise_graphs, a.n_piecewise_graphs);
	cr_assert(strstr(b.env_note, "not modelled, kept in the command") !=
		NULL,
	    "%s", b.env_note);
	cr_assert_eq(strstr(b.env_note, warning) != NULL,
	    version >= VLLM_VER(0, 13, 0), "%d: %s", version, b.env_note);
}

Test(env_attention, alone_up_to_0_12_plans_as_the_flag_without_a_warning)
{
	assert_as_the_flag(VLLM_VER(0, 10, 1), "FLASHINFER");
	assert_as_the_flag(VLLM_VER(0, 11, 0), "TRITON_ATTN");
	assert_as_the_flag(VLLM_VER(0, 12, 0), "FLASH_ATTN");
}

Test(env_attention, alone_in_0_13_and_0_14_plans_as_the_flag_with_the_warning)
{
	assert_as_the_flag(VLLM_VER(0, 13, 0), "FLASHINFER");
	assert_as_the_flag(VLLM_VER(0, 14, 0), "FLASH_ATTN");
}

Test(env_attention, refused_where_vllm_no_longer_reads_it)
{
	static const int vers[] = { VLLM_VER(0, 15, 0), VLLM_VER(0, 19, 0),
		VLLM_VER(0, 27, 1) };
	const struct catalogue *c = test_catalogue();
	static char w[] = "VLLM_ATTENTION_BACKEND=FLASHINFER";
	static char *const env[] = { w };
	struct plan_input in;
	struct plan p;
	char want[160];
	size_t i;

	for (i = 0; i < sizeof vers / sizeof vers[0]; i++) {
		base(&in, vers[i], env, 1, NULL, 0);
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG);
		snprintf(want, sizeof want,
		    "VLLM_ATTENTION_BACKEND=FLASHINFER: vLLM %d.%d.%d no "
		    "longer reads it",
		    vers[i] / 10000, vers[i] / 100 % 100, vers[i] % 100);
		cr_assert(strncmp(p.message, want, strlen(want)) == 0, "%s",
		    p.message);
		cr_assert(strstr(p.message, "--attention-backend FLASHINFER") !=
			NULL,
		    "%s", p.message);
	}
	/* without the variable the same plan starts */
	base(&in, VLLM_VER(0, 15, 0), NULL, 0, NULL, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
}

Test(env_attention, with_the_flag)
{
	const struct catalogue *c = test_catalogue();
	static char w[] = "VLLM_ATTENTION_BACKEND=FLASHINFER";
	static char *const env[] = { w };
	static char *const same[] = { "--attention-backend=flashinfer" };
	static char *const other[] = { "--attention-backend", "TRITON_ATTN" };
	struct plan_input in;
	struct plan p;

	/* 0.13.0: the same backend (vLLM upper-cases the name) is planned,
	 * with the warning; another one is refused */
	base(&in, VLLM_VER(0, 13, 0), env, 1, same, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(strstr(p.env_note, warning) != NULL, "%s", p.env_note);
	base(&in, VLLM_VER(0, 14, 0), env, 1, other, 2);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_str_eq(p.message,
	    "VLLM_ATTENTION_BACKEND=FLASHINFER with --attention-backend "
	    "TRITON_ATTN: which of the two vLLM 0.14.0 takes is not "
	    "established; give the backend once.");
	/* 0.12.0 has no flag: refused even for the same name */
	base(&in, VLLM_VER(0, 12, 0), env, 1, same, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "vLLM 0.12.0 has no --attention-backend") !=
		NULL,
	    "%s", p.message);
	/* 0.15.0: the flag alone is read; the variable is refused */
	base(&in, VLLM_VER(0, 15, 0), env, 1, same, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "no longer reads it") != NULL, "%s",
	    p.message);
	base(&in, VLLM_VER(0, 15, 0), NULL, 0, same, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.env_note[0], '\0', "%s", p.env_note);
}

Test(env_attention, the_warning_is_in_every_output)
{
	const struct catalogue *c = test_catalogue();
	static char w[] = "VLLM_ATTENTION_BACKEND=FLASHINFER";
	static char *const env[] = { w };
	struct plan_input in;
	struct plan p;
	struct report_in r;
	char err[256], *s;
	cJSON *j, *v;

	base(&in, VLLM_VER(0, 14, 0), env, 1, NULL, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
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
	cr_assert(strncmp(v->valuestring, warning, strlen(warning)) == 0, "%s",
	    v->valuestring);
	cJSON_Delete(j);
	free(s);
	s = report_text(&r);
	cr_assert(strstr(s, "Environment: Using VLLM_ATTENTION_BACKEND") !=
		NULL,
	    "%s", s);
	free(s);
	s = export_command(&r, err, sizeof err);
	cr_assert_not_null(s, "%s", err);
	cr_assert(strstr(s, "# Using VLLM_ATTENTION_BACKEND") != NULL, "%s", s);
	cr_assert(strstr(s, "VLLM_ATTENTION_BACKEND=FLASHINFER vllm serve") !=
		NULL,
	    "%s", s);
	free(s);
	s = export_config(&r, err, sizeof err);
	cr_assert_not_null(s, "%s", err);
	cr_assert(strstr(s, "# Using VLLM_ATTENTION_BACKEND") != NULL, "%s", s);
	free(s);
	s = export_docker(&r, err, sizeof err);
	cr_assert_not_null(s, "%s", err);
	cr_assert(strstr(s, "# Using VLLM_ATTENTION_BACKEND") != NULL, "%s", s);
	free(s);
	s = export_quote(&r, err, sizeof err);
	cr_assert_not_null(s, "%s", err);
	cr_assert(strstr(s, "Using VLLM_ATTENTION_BACKEND") != NULL, "%s", s);
	free(s);
}

Test(env_attention, the_note_writes_the_value_as_text_only)
{
	const struct catalogue *c = test_catalogue();
	static char w[] = "VLLM_ATTENTION_BACKEND=FLASH\n$(x)";
	static char *const env[] = { w };
	struct plan_input in;
	struct plan p;

	base(&in, VLLM_VER(0, 12, 0), env, 1, NULL, 0);
	plan_compute(c, &in, &p);
	cr_assert(strstr(p.env_note, "VLLM_ATTENTION_BACKEND=FLASH???x?:") !=
		NULL,
	    "%s", p.env_note);
	cr_assert_null(strchr(p.env_note, '\n'));
}
