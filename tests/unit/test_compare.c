/*
 * test_compare.c - scenarios side by side: the seeds' question (Llama 3.3
 * 70B FP8, FP8 KV, 8192 tokens: one H200 NVL, two RTX PRO 6000 cards, MIG
 * slices) answered from the example files in data/scenarios.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "helpers.h"
#include "io/compare.h"
#include "xtest.h"

static const char *const files[] = {
	"data/scenarios/llama70b-fp8-h200-nvl.yaml",
	"data/scenarios/llama70b-fp8-2x-rtx-pro-6000.yaml",
	"data/scenarios/llama70b-fp8-mig-4x1g.24gb.yaml",
	"data/scenarios/llama70b-fp8-mig-2x2g.48gb.yaml",
};
#define N_FILES 4

static void
load(struct compare_set *set, struct compare_col *cols, size_t *n)
{
	const char *paths[N_FILES];
	char err[1024];
	size_t i;
	static char store[N_FILES][1024];

	for (i = 0; i < N_FILES; i++) {
		snprintf(store[i], sizeof store[i], "%s", xt_src(files[i], 0));
		paths[i] = store[i];
	}
	cr_assert_eq(compare_set_load(set, test_catalogue(), paths, N_FILES,
			 err, sizeof err),
	    0, "%s", err);
	*n = compare_set_cols(set, cols, 0, 8);
	cr_assert_eq(*n, N_FILES);
}

Test(compare, the_seeds_question_side_by_side)
{
	struct compare_set set;
	struct compare_col cols[8];
	size_t n;
	char *t;

	load(&set, cols, &n);
	t = compare_text(test_catalogue(), cols, n, 0);
	cr_assert(strstr(t, "1 x H200 NVL") &&
		strstr(t, "2 x RTX PRO 6000, TP 2") &&
		strstr(t, "4 x MIG 1g.24gb") && strstr(t, "2 x MIG 2g.48gb"),
	    "%s", t);
	cr_assert(strstr(t, "Total users") &&
		strstr(t, "Price per user-hour") && strstr(t, "Cards used") &&
		strstr(t, "  KV cache"),
	    "%s", t);
	cr_assert(strstr(t, "rtx-pro-6000-server 1g.24gb") != NULL, "%s", t);
	cr_assert(strstr(t, "1 (4 slices)") != NULL, "%s", t);
	/* the 70B FP8 weights do not fit a 24 or 48 GB slice; both cards start */
	cr_assert_eq(cols[0].plan->phase, PHASE_NONE);
	cr_assert_eq(cols[1].plan->phase, PHASE_NONE);
	cr_assert_eq(cols[2].plan->phase, PHASE_WEIGHTS);
	cr_assert_eq(cols[3].plan->phase, PHASE_WEIGHTS);
	cr_assert(strstr(t, "fails: weights") != NULL, "%s", t);
	cr_assert_gt(cols[1].plan->total_concurrency,
	    cols[0].plan->total_concurrency);
	free(t);
	t = compare_markdown(test_catalogue(), cols, n);
	cr_assert(strncmp(t, "| | 1 x H200 NVL | 2 x RTX PRO 6000, TP 2 |",
		      42) == 0,
	    "%s", t);
	free(t);
	compare_set_done(&set);
}

Test(compare, json_is_an_array_of_reports_with_cost)
{
	struct compare_set set;
	struct compare_col cols[8];
	size_t n;
	char *t;
	cJSON *a, *o, *cost;

	load(&set, cols, &n);
	t = compare_json(test_catalogue(), cols, n);
	a = cJSON_Parse(t);
	cr_assert(cJSON_IsArray(a), "%s", t);
	cr_assert_eq(cJSON_GetArraySize(a), N_FILES);
	o = cJSON_GetArrayItem(a, 1);
	cr_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(o, "scenario"),
			     "name")
			     ->valuestring,
	    "2 x RTX PRO 6000, TP 2");
	cost = cJSON_GetObjectItem(o, "cost");
	cr_assert_eq(cJSON_GetObjectItem(cost, "cards")->valueint, 2);
	cr_assert(cJSON_IsNumber(
	    cJSON_GetObjectItem(cost, "price_per_user_hour_usd")));
	cr_assert_not_null(cJSON_GetObjectItem(o, "memory_gib"));
	o = cJSON_GetArrayItem(a, 2);
	cost = cJSON_GetObjectItem(o, "cost");
	cr_assert_eq(cJSON_GetObjectItem(cost, "mig_slices")->valueint, 4);
	cr_assert_eq(cJSON_GetObjectItem(cost, "cards")->valueint, 1);
	cr_assert(
	    cJSON_IsNull(cJSON_GetObjectItem(cost, "price_per_user_hour_usd")));
	cJSON_Delete(a);
	free(t);
	compare_set_done(&set);
}

Test(compare, a_bad_file_names_itself)
{
	struct compare_set set;
	const char *paths[] = {
		xt_src("data/scenarios/llama70b-fp8-h200-nvl.yaml", 0),
		xt_src("tests/fixtures/bad-syntax.yaml", 1)
	};
	char err[1024];

	cr_assert_eq(compare_set_load(&set, test_catalogue(), paths, 2, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "bad-syntax.yaml:") != NULL, "%s", err);
	cr_assert_eq(set.n, 0);
}
