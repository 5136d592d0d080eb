/*
 * test_closecall.c - the close-call mark (core/closecall.h): a verdict
 * whose margin at vLLM's KV cache check lies within the error make fidelity
 * measured for the model's family (data/estimates.yaml, estimate_errors).
 * It never changes the verdict.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/closecall.h"
#include "core/fit.h"
#include "core/units.h"
#include "helpers.h"
#include "io/catalogue_load.h"
#include "io/sizing_report.h"

static const struct model *
model(const char *id)
{
	const struct catalogue *c = test_catalogue();
	int i = catalogue_find_model(c, id);

	cr_assert_geq(i, 0, "model %s missing", id);
	return &c->models[i];
}

Test(closecall, families_as_make_fidelity_summarises_them)
{
	cr_assert_str_eq(closecall_family_key(
			     model("meta-llama/Llama-3.1-8B-Instruct")),
	    "dense");
	cr_assert_str_eq(closecall_family_key(model("MiniMaxAI/MiniMax-M2.7")),
	    "moe");
	cr_assert_str_eq(closecall_family_key(
			     model("deepseek-ai/DeepSeek-V4-Flash")),
	    "dsv4");
	cr_assert_str_eq(closecall_family_key(model("openai/gpt-oss-120b")),
	    "sliding");
	cr_assert_str_eq(closecall_family_title("moe"), "MoE attention");
	cr_assert_str_eq(closecall_family_title("any"), "every family");
	cr_assert_null(closecall_family_title("moe-attention"));
}

/*
 * MiniMax-M2.7 AWQ on two GB10 at TP 2, 196,608 tokens, utilization 0.8
 * (eugr/spark-vllm-docker issue 396, vLLM 0.29.1rc1: vLLM refused with
 * 22.5 GiB available, 23.25 needed).  headroom plans a start: what one
 * request needs is 62 layers x 8 KV heads / 2 x 128 x 2 (K, V) x 2 B =
 * 126,976 B a token, 12,288 blocks of 16 = 23.25 GiB; the plan keeps about
 * 34.4 GiB, a margin of about 11.1 GiB.  The MoE attention family's measured
 * error is 9.76 % of the card, 0.0976 x 121.69 = 11.88 GiB: a close call,
 * the verdict still a start.
 */
Test(closecall, minimax_awq_on_two_gb10_is_a_close_call)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	char s[PLAN_MSG_LEN];

	test_input(&in, "gb10", "MiniMaxAI/MiniMax-M2.7", "awq");
	in.version = VLLM_VER(0, 29, 0);
	in.tp = 2;
	in.util = 0.8;
	in.max_model_len = 196608;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "the verdict is kept: %s", p.message);
	cr_assert_eq(p.needed_one_request, (int64_t)12288 * 16 * 126976);
	cr_assert(p.close_call);
	cr_assert_eq(p.close_call_margin,
	    p.available_kv - p.needed_one_request);
	cr_assert_float_eq(test_gib(p.close_call_margin), 11.1, 0.1);
	cr_assert_eq(p.close_call_error,
	    (int64_t)llround(0.0976 * (double)p.total));
	cr_assert_float_eq(test_gib(p.close_call_error), 11.88, 0.005);
	cr_assert_str_eq(p.close_call_family, "MoE attention");
	cr_assert_not(p.close_call_any);
	cr_assert_eq(p.close_call_cases, closecall_error(c, "moe")->cases);
	plan_close_call_text(&p, s, sizeof s);
	cr_assert(strstr(s, "Close call: the 11.") == s, "%s", s);
	cr_assert(strstr(s, "vLLM may refuse at the KV cache check"), "%s", s);
	/* the same memory asked of a budget 0.1 smaller (12.17 GiB less): a
	 * refusal at the KV cache short by about 1.0 GiB, also within */
	in.util = 0.7;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_KV_CACHE);
	cr_assert(p.close_call);
	cr_assert_lt(p.close_call_margin, 0);
	cr_assert_float_eq(test_gib(p.close_call_margin), -1.0, 0.15);
	plan_close_call_text(&p, s, sizeof s);
	cr_assert(strstr(s, "lacks for one request of 196,608 tokens"), "%s",
	    s);
	cr_assert(strstr(s, "vLLM may start"), "%s", s);
	/* at 0.9 the plan keeps about 23.3 GiB more: no longer within */
	in.util = 0.9;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE);
	cr_assert_not(p.close_call);
	plan_close_call_text(&p, s, sizeof s);
	cr_assert_str_eq(s, "");
}

/* A catalogue copy with the estimate errors of yaml over the built-in. */
static void
load_errors(struct catalogue *c, const char *yaml)
{
	memset(c, 0, sizeof *c);
	catalogue_load_copy(c, test_catalogue());
	cr_assert_eq(catalogue_load_text(c, yaml, strlen(yaml), "t.yaml", NULL,
			 NULL),
	    0);
	cr_assert_eq(catalogue_link(c, NULL, NULL), 0);
}

/*
 * DeepSeek-V4-Flash on two GH200 (vllm-project/vllm issue 44376, vLLM 0.22,
 * TP 2 with EP, 30,000 tokens, fp8 KV, blocks of 256, utilization 0.95,
 * LLM(...)'s 16,384 batched tokens): 6,800 blocks of 1,051,776 B = 6.66 GiB
 * needed; headroom keeps about 8.9 GiB, a margin of about 2.2 GiB.  Its
 * family has 2 measured startups, fewer than 3: the figure of every family,
 * 9.76 % of 95.0 GiB = 9.27 GiB, applies.  Given 3 startups at 1 % (0.95
 * GiB) the family's own figure applies and it is no close call.
 */
Test(closecall, a_family_with_few_startups_takes_every_familys_figure)
{
	const struct catalogue *c = test_catalogue();
	struct catalogue own;
	struct plan_input in;
	struct plan p;
	int m;

	test_input(&in, "gh200", "deepseek-ai/DeepSeek-V4-Flash", NULL);
	in.version = VLLM_VER(0, 22, 0);
	in.tp = 2;
	in.expert_parallel = 1;
	in.util = 0.95;
	in.max_model_len = 30000;
	in.kv_dtype = KV_FP8;
	in.block_size = 256;
	in.max_num_batched_tokens = 16384;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.needed_one_request, (int64_t)6800 * 1051776);
	cr_assert(p.close_call);
	cr_assert(p.close_call_any);
	cr_assert_eq(p.close_call_cases, closecall_error(c, "any")->cases);
	cr_assert_float_eq(test_gib(p.close_call_error), 9.27, 0.005);
	cr_assert_str_eq(p.close_call_family,
	    "DeepSeek-V4 (compressed MLA, grouped)");
	load_errors(&own,
	    "estimate_errors:\n"
	    "  - family: dsv4\n"
	    "    kv_error_pct: 1.0\n"
	    "    cases: 3\n"
	    "    source: \"a test\"\n");
	m = catalogue_find_model(&own, "deepseek-ai/DeepSeek-V4-Flash");
	cr_assert_geq(m, 0);
	in.model = &own.models[m];
	in.gpu = catalogue_find_gpu(&own, "gh200");
	plan_compute(&own, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE);
	cr_assert_not(p.close_call, "0.95 GiB is less than the margin");
	catalogue_done(&own);
}

/* No estimate, no close call: the KV memory given, or the sizing rule. */
Test(closecall, never_without_an_estimate)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "gb10", "MiniMaxAI/MiniMax-M2.7", "awq");
	in.version = VLLM_VER(0, 29, 0);
	in.tp = 2;
	in.util = 0.8;
	in.max_model_len = 196608;
	in.kv_cache_memory_bytes = 24 * GIB;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_not(p.close_call);
	in.kv_cache_memory_bytes = 0;
	in.overhead = OVERHEAD_RULE;
	plan_compute(c, &in, &p);
	cr_assert_not(p.close_call);
}

/* The loader keeps to the families it knows and to whole case counts. */
Test(closecall, estimate_errors_are_checked_as_they_load)
{
	static const char *bad[] = {
		"estimate_errors:\n  - family: moe-attention\n"
		"    kv_error_pct: 1\n    cases: 3\n    source: \"x\"\n",
		"estimate_errors:\n  - family: moe\n"
		"    kv_error_pct: 101\n    cases: 3\n    source: \"x\"\n",
		"estimate_errors:\n  - family: moe\n"
		"    kv_error_pct: 1\n    cases: 2.5\n    source: \"x\"\n",
		"estimate_errors:\n  - family: moe\n"
		"    kv_error_pct: 1\n    cases: 3\n",
	};
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct catalogue c;

		memset(&c, 0, sizeof c);
		cr_assert_neq(catalogue_load_text(&c, bad[i], strlen(bad[i]),
				  "t.yaml", NULL, NULL),
		    0, "case %zu loads", i);
		catalogue_done(&c);
	}
}

/*
 * --need 1 request of 32,768 tokens of Llama-3.3-70B over the catalogue:
 * each row's JSON close_call is null or the margin and error of its plan
 * planned again, and that margin is within the error (some rows are, by
 * the catalogue of this commit; the check holds whichever they are).
 */
Test(closecall, need_rows_carry_their_close_call)
{
	const struct catalogue *c = test_catalogue();
	static struct fit_row rows[256];
	struct fit_query q;
	struct fit_result res;
	struct plan_input in;
	struct sizing_report_fit_view v;
	cJSON *root, *arr, *row;
	char *json;
	size_t n, marked = 0;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.3-70B-Instruct", NULL);
	fit_query_init(&q, &in, 1, 32768);
	n = fit_find(c, &q, rows, 256, &res);
	cr_assert_gt(n, 0);
	memset(&v, 0, sizeof v);
	v.cat = c;
	v.q = &q;
	v.rows = rows;
	v.n = n;
	v.res = &res;
	v.text_rows = 15;
	json = sizing_report_fit(&v, REPORT_JSON);
	root = cJSON_Parse(json);
	cr_assert_not_null(root);
	arr = cJSON_GetObjectItemCaseSensitive(root, "rows");
	cr_assert(cJSON_IsArray(arr));
	cJSON_ArrayForEach(row, arr) {
		const cJSON *cc =
		    cJSON_GetObjectItemCaseSensitive(row, "close_call");
		double m, e;

		cr_assert_not_null(cc, "every row has close_call");
		if (cJSON_IsNull(cc))
			continue;
		m = cJSON_GetObjectItemCaseSensitive(cc, "margin_gib")
			->valuedouble;
		e = cJSON_GetObjectItemCaseSensitive(cc, "error_gib")
			->valuedouble;
		cr_assert_geq(m, 0, "a row starts: its margin is >= 0");
		cr_assert_leq(m, e + 0.005);
		marked++;
	}
	cr_assert_gt(marked, 0, "some row is a close call");
	cJSON_Delete(root);
	free(json);
}
