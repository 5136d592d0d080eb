/*
 * test_report.c - the JSON report keeps every field of the contract, with
 * null rather than missing; text and Markdown carry vLLM's lines.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/fixes.h"
#include "io/report.h"
#include "io/strbuf.h"
#include "io/textesc.h"
#include "helpers.h"

static void
make(struct report_in *r, struct plan_input *in, struct plan *p, struct fix *f,
    int failing)
{
	const struct catalogue *c = test_catalogue();

	test_input(in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in->kv_dtype = KV_FP8;
	if (!failing)
		in->max_model_len = 8192;
	plan_compute(c, in, p);
	memset(r, 0, sizeof *r);
	r->cat = c;
	r->in = in;
	r->plan = p;
	r->fixes = f;
	r->n_fixes = fixes_compute(c, in, p, f, FIX_MAX);
	r->model_source = "catalogue";
}

Test(report, json_has_every_contract_field)
{
	static const char *const top[] = { "headroom_version", "vllm_version",
		"gpu", "model", "settings", "memory_gib", "kv", "replicas",
		"total_concurrency_at_tokens_per_request", "verdict", "fixes",
		"vllm_command" };
	static const char *const mem[] = { "total", "other_usage", "requested",
		"weights", "activation", "non_torch", "cuda_graphs", "kv_cache",
		"outside_budget" };
	static const char *const kv[] = { "bytes_per_token", "num_blocks",
		"tokens", "max_concurrency",
		"concurrency_at_tokens_per_request" };
	struct report_in r;
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	cJSON *j, *v;
	char *s;
	size_t i;

	make(&r, &in, &p, f, 0);
	s = report_json(&r);
	j = cJSON_Parse(s);
	cr_assert_not_null(j, "%s", s);
	for (i = 0; i < sizeof top / sizeof top[0]; i++)
		cr_assert_not_null(cJSON_GetObjectItem(j, top[i]), "missing %s",
		    top[i]);
	for (i = 0; i < sizeof mem / sizeof mem[0]; i++)
		cr_assert(cJSON_IsNumber(
			      cJSON_GetObjectItem(cJSON_GetObjectItem(j,
						      "memory_gib"),
				  mem[i])),
		    "memory_gib.%s", mem[i]);
	for (i = 0; i < sizeof kv / sizeof kv[0]; i++)
		cr_assert(cJSON_IsNumber(
			      cJSON_GetObjectItem(cJSON_GetObjectItem(j, "kv"),
				  kv[i])),
		    "kv.%s", kv[i]);
	v = cJSON_GetObjectItem(j, "verdict");
	cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(v, "starts")));
	cr_assert(cJSON_IsNull(cJSON_GetObjectItem(v, "phase")));
	cr_assert(
	    cJSON_IsNull(cJSON_GetObjectItem(v, "estimated_max_model_len")));
	cr_assert(cJSON_IsNull(
	    cJSON_GetObjectItem(cJSON_GetObjectItem(j, "gpu"), "mig")));
	cr_assert_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "kv"),
			 "bytes_per_token")
			 ->valueint,
	    163840);
	cJSON_Delete(j);
	free(s);
}

Test(report, failing_plan_reports_phase_and_message)
{
	struct report_in r;
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	cJSON *j, *v;
	char *s;

	make(&r, &in, &p, f, 1);
	s = report_json(&r);
	j = cJSON_Parse(s);
	v = cJSON_GetObjectItem(j, "verdict");
	cr_assert_str_eq(cJSON_GetObjectItem(v, "phase")->valuestring,
	    "kv-cache");
	cr_assert(strstr(cJSON_GetObjectItem(v, "message")->valuestring,
		      "To serve at least one request") != NULL);
	cr_assert(
	    cJSON_IsNumber(cJSON_GetObjectItem(v, "estimated_max_model_len")));
	cr_assert_gt(cJSON_GetArraySize(cJSON_GetObjectItem(j, "fixes")), 2);
	cJSON_Delete(j);
	free(s);
	s = report_text(&r);
	cr_assert(strstr(s, "Available KV cache memory: ") != NULL);
	cr_assert(
	    strstr(s, "Maximum concurrency for 131,072 tokens per request: ") !=
	    NULL);
	cr_assert(
	    strstr(s, "Verdict: vLLM stops at the KV cache sizing") != NULL);
	free(s);
	s = report_markdown(&r);
	cr_assert(strstr(s, "| Weights |") != NULL);
	cr_assert(strstr(s, "```sh\nvllm serve") != NULL);
	/* the verdict is a paragraph of its own, not part of the last bullet */
	cr_assert(strstr(s, ".\n\n**Verdict: vLLM stops") != NULL, "%s", s);
	cr_assert(strstr(s, ")\n\n- Speed") == NULL, "one list, no gap: %s", s);
	free(s);
}

Test(report, the_sizing_rule_says_why_its_total_is_not_the_cards)
{
	struct report_in r;
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	char *s;

	make(&r, &in, &p, f, 0);
	in.gpu = catalogue_find_gpu(r.cat, "h200-nvl");
	in.overhead = OVERHEAD_RULE;
	plan_compute(r.cat, &in, &p);
	r.n_fixes = 0;
	s = report_text(&r);
	cr_assert(strstr(s, "Total memory 140.4 GiB") != NULL, "%s", s);
	cr_assert(strstr(s,
		      "driver's figure (nvidia-smi), 140.4 GiB; CUDA, and "
		      "vLLM's "
		      "profile, see 139.8 GiB") != NULL,
	    "%s", s);
	free(s);
}

/* DeepSeek-V3.2 / GLM-5: the indexer's workspace inside the torch peak */
Test(report, sparse_indexer_workspace_under_the_torch_peak)
{
	struct report_in r;
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	char *s;

	make(&r, &in, &p, f, 0);
	r.n_fixes = 0;
	s = report_text(&r);
	cr_assert(strstr(s, "sparse indexer") == NULL, "%s", s);
	free(s);
	p.max_model_len = 202752;
	p.indexer_workspace = 40LL * 202752 * 132 + (1 << 20);
	s = report_text(&r);
	cr_assert(strstr(s,
		      "\n    of which the sparse indexer's prefill workspace: "
		      "1.0 GiB (40 x max_model_len entries of 132 bytes, "
		      "reserved in the profile run and kept)\n") != NULL,
	    "%s", s);
	free(s);
}

Test(report, sampler_warmup_margin_in_text_and_json)
{
	const struct catalogue *c = test_catalogue();
	struct report_in r;
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	cJSON *j, *m;
	char *s;

	/* gpt-oss-20b at 0.95 on H100, vLLM 0.19.0: refused at the warm-up */
	test_input(&in, "h100-sxm", "openai/gpt-oss-20b", NULL);
	in.gpu_total_gib = 79.19;
	in.version = VLLM_VER(0, 19, 0);
	in.util = 0.95;
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_SAMPLER_WARMUP);
	memset(&r, 0, sizeof r);
	r.cat = c;
	r.in = &in;
	r.plan = &p;
	r.fixes = f;
	r.n_fixes = fixes_compute(c, &in, &p, f, FIX_MAX);
	r.model_source = "catalogue";
	s = report_text(&r);
	cr_assert(strstr(s,
		      "After graph capture: 4.09 GiB left; the sampler "
		      "warm-up needs 4.74 GiB (estimates)") != NULL,
	    "%s", s);
	free(s);
	s = report_markdown(&r);
	cr_assert(strstr(s,
		      "| Left after graph capture (estimate) | 4.09 |\n"
		      "| Sampler warm-up needs (estimate) | 4.74 |") != NULL,
	    "%s", s);
	free(s);
	s = report_json(&r);
	j = cJSON_Parse(s);
	m = cJSON_GetObjectItem(j, "memory_gib");
	cr_assert_float_eq(cJSON_GetObjectItem(m, "warmup_left")->valuedouble,
	    4.09, 0.001);
	cr_assert_float_eq(cJSON_GetObjectItem(m, "warmup_needs")->valuedouble,
	    4.74, 0.001);
	cJSON_Delete(j);
	free(s);
	/* a plan that stops at the KV cache never reaches the warm-up */
	make(&r, &in, &p, f, 1);
	cr_assert_neq(p.phase, PHASE_NONE);
	s = report_json(&r);
	j = cJSON_Parse(s);
	m = cJSON_GetObjectItem(j, "memory_gib");
	cr_assert(cJSON_IsNull(cJSON_GetObjectItem(m, "warmup_left")));
	cr_assert(cJSON_IsNull(cJSON_GetObjectItem(m, "warmup_needs")));
	cJSON_Delete(j);
	free(s);
}

/* A code span holds any value: the fence outgrows its backticks. */
Test(report, markdown_code_spans_hold_backticks_and_line_breaks)
{
	static const char *const in[] = { "plain", "a`b", "a``b`", "`x",
		"x\ny" };
	static const char *const out[] = { "`plain`", "``a`b``",
		"``` a``b` ```", "`` `x ``", "`x\\ny`" };
	size_t i;

	for (i = 0; i < sizeof in / sizeof in[0]; i++) {
		struct strbuf b = { 0 };

		textesc_markdown_code(&b, in[i]);
		cr_assert_str_eq(b.s, out[i]);
		free(b.s);
	}
}

/* A model id (a folder's path) with a line break and Markdown in it stays
 * in the heading. */
Test(report, markdown_heading_escapes_the_model)
{
	struct report_in r;
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	struct model m;
	char *s;

	make(&r, &in, &p, f, 0);
	m = *in.model;
	m.id = "/models/a\n# b <i>`c`</i>";
	in.model = &m;
	s = report_markdown(&r);
	cr_assert_not_null(strstr(s,
			       "# vLLM plan: /models/a\\\\n# b "
			       "\\<i\\>\\`c\\`\\</i\\> on "),
	    "%s", s);
	cr_assert_null(strstr(s, "\n# b"), "%s", s);
	free(s);
	/* the text report's title: one line */
	s = report_text(&r);
	cr_assert_eq(strncmp(s, "headroom ", 9), 0);
	cr_assert_not_null(strstr(s, "/models/a\\n# b"), "%s", s);
	cr_assert_not_null(strstr(strchr(s, '\n') - 6, "(fp8)\n"), "%s", s);
	free(s);
}

/* vLLM logs no memory line before its configuration check: the text and
 * Markdown reports of such a plan give the verdict, not a table of zeros. */
Test(report, configuration_refusal_shows_no_memory_figures)
{
	struct report_in r;
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	char *s;

	make(&r, &in, &p, f, 0);
	in.tp = 3; /* 64 attention heads do not divide by 3 */
	plan_compute(r.cat, &in, &p);
	r.n_fixes = fixes_compute(r.cat, &in, &p, f, FIX_MAX);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	s = report_text(&r);
	cr_assert(strstr(s,
		      "No memory figures: vLLM stops at the "
		      "configuration check") != NULL,
	    "%s", s);
	cr_assert(strstr(s, "Model loading took") == NULL, "%s", s);
	cr_assert(strstr(s, "GPU KV cache size") == NULL, "%s", s);
	cr_assert(strstr(s, "Verdict: vLLM stops at the configuration check") !=
		NULL,
	    "%s", s);
	cr_assert(strstr(s, "vllm serve") != NULL, "%s", s);
	free(s);
	s = report_markdown(&r);
	cr_assert(strstr(s, "| Weights |") == NULL, "%s", s);
	cr_assert(strstr(s, "No memory figures") != NULL, "%s", s);
	cr_assert(strstr(s, "```sh\nvllm serve") != NULL, "%s", s);
	free(s);
}

/* Pipeline stages: each stage's available KV memory in text and JSON. */
Test(report, pipeline_stages_each_log_their_kv_memory)
{
	const struct catalogue *c = test_catalogue();
	struct report_in r;
	struct plan_input in;
	struct plan p;
	cJSON *j, *st;
	char *s;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.gpu_total_gib = 79.19;
	in.version = VLLM_VER(0, 19, 0);
	in.util = 0.95;
	in.pp = 4;
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	memset(&r, 0, sizeof r);
	r.cat = c;
	r.in = &in;
	r.plan = &p;
	r.model_source = "catalogue";
	s = report_text(&r);
	cr_assert(strstr(s,
		      "  Available KV cache memory: 69.04 GiB (estimate)\n"
		      "    per stage, as each stage's worker logs it: PP0 "
		      "69.91, PP1 70.89, PP2 70.89, PP3 69.04 GiB; every stage "
		      "keeps PP3's 141396 blocks\n") != NULL,
	    "%s", s);
	free(s);
	s = report_json(&r);
	j = cJSON_Parse(s);
	st =
	    cJSON_GetObjectItem(cJSON_GetObjectItem(j, "memory_gib"), "stages");
	cr_assert(cJSON_IsArray(st));
	cr_assert_eq(cJSON_GetArraySize(st), 4);
	cr_assert_float_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(st, 0),
			       "kv_cache")
			       ->valuedouble,
	    69.91, 0.001);
	cr_assert(cJSON_IsTrue(
	    cJSON_GetObjectItem(cJSON_GetArrayItem(st, 3), "binding")));
	cr_assert(cJSON_IsFalse(
	    cJSON_GetObjectItem(cJSON_GetArrayItem(st, 0), "binding")));
	cJSON_Delete(j);
	free(s);
	/* one stage: no per-stage line, stages null */
	in.pp = 1;
	plan_compute(c, &in, &p);
	s = report_text(&r);
	cr_assert(strstr(s, "per stage") == NULL, "%s", s);
	free(s);
	s = report_json(&r);
	j = cJSON_Parse(s);
	cr_assert(cJSON_IsNull(
	    cJSON_GetObjectItem(cJSON_GetObjectItem(j, "memory_gib"),
		"stages")));
	cJSON_Delete(j);
	free(s);
}

/* An encoder-only model keeps no KV cache: its fixes name no "Maximum
 * concurrency" (null in JSON, as the plan's own kv.max_concurrency), only
 * the requests of one forward step (nomic-embed-text-v1.5 on a 2g.48gb
 * slice, the next larger slice: 8,192 batched tokens, four of 2,048). */
Test(report, a_fix_without_a_kv_cache_names_no_concurrency)
{
	const struct catalogue *c = test_catalogue();
	struct report_in r;
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	cJSON *j, *fx, *x = NULL;
	char *s;
	int i;

	test_input(&in, "rtx-pro-6000-server", "nomic-ai/nomic-embed-text-v1.5",
	    NULL);
	in.mig = catalogue_find_mig(&c->gpus[in.gpu], "2g.48gb");
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.no_kv_cache);
	memset(&r, 0, sizeof r);
	r.cat = c;
	r.in = &in;
	r.plan = &p;
	r.fixes = f;
	r.n_fixes = fixes_compute(c, &in, &p, f, FIX_MAX);
	r.model_source = "catalogue";
	s = report_json(&r);
	j = cJSON_Parse(s);
	fx = cJSON_GetObjectItem(j, "fixes");
	for (i = 0; i < cJSON_GetArraySize(fx); i++)
		if (strcmp(cJSON_GetObjectItem(cJSON_GetArrayItem(fx, i),
			       "flags")
			       ->valuestring,
			"--mig 4g.96gb") == 0)
			x = cJSON_GetArrayItem(fx, i);
	cr_assert_not_null(x, "%s", s);
	cr_assert(cJSON_IsNull(cJSON_GetObjectItem(x, "max_concurrency")));
	cr_assert_eq(cJSON_GetObjectItem(x,
			 "total_concurrency_at_tokens_per_request")
			 ->valuedouble,
	    4);
	cJSON_Delete(j);
	free(s);
	s = report_text(&r);
	cr_assert(strstr(s, "starts; 4 requests in one forward step.") != NULL,
	    "%s", s);
	cr_assert(strstr(s, "x at max length") == NULL, "%s", s);
	free(s);
	s = report_markdown(&r);
	cr_assert(strstr(s, "| no KV cache | 4 |") != NULL, "%s", s);
	free(s);
}

Test(report, sliding_groups_name_the_batches_in_flight)
{
	struct report_in r;
	struct plan_input in;
	struct plan p;
	char *s;

	memset(&r, 0, sizeof r);
	test_input(&in, "h100-sxm", "google/gemma-3-27b-it", NULL);
	in.max_model_len = 32768;
	in.version = VLLM_VER(0, 26, 0);
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	r.cat = test_catalogue();
	r.in = &in;
	r.plan = &p;
	r.model_source = "catalogue";
	s = report_text(&r);
	cr_assert(strstr(s,
		      "; sliding groups hold 2 batches in flight "
		      "(vLLM #47728)\n") != NULL,
	    "%s", s);
	free(s);
	s = report_json(&r);
	cr_assert(strstr(s, "\"in_flight_batches\":\t2") != NULL ||
		strstr(s, "\"in_flight_batches\": 2") != NULL ||
		strstr(s, "\"in_flight_batches\":2") != NULL,
	    "%s", s);
	free(s);
	/* before 0.26.0 one batch, and no such note */
	in.version = VLLM_VER(0, 25, 1);
	plan_compute(test_catalogue(), &in, &p);
	s = report_text(&r);
	cr_assert(strstr(s, "in flight") == NULL, "%s", s);
	free(s);
}
