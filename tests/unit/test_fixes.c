/*
 * test_fixes.c - fixes that fix: each listed fix makes the plan start (or
 * carry more) with at least one request, is valid for the model, helps the
 * phase by vLLM's own logic, and is ranked same hardware, then shorter
 * context, then more hardware, saying which in every output.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/fixes.h"
#include "core/units.h"
#include "helpers.h"
#include "io/report.h"

struct base {
	const char *gpu, *model, *ckpt;
	int64_t max_model_len, tpr;
	enum kv_dtype kv;
	double other_gib;
	int gpus,
	    mig_slice; /* mig_slice: index of the card's MIG profile, -1 none */
};

static const struct base bases[] = {
	/* weights */
	{ "rtx-pro-6000-server", "meta-llama/Llama-3.3-70B-Instruct", NULL, 0,
	    0, KV_AUTO, 0, 0, -1 },
	{ "h100-sxm", "meta-llama/Llama-3.3-70B-Instruct", NULL, 8192, 0,
	    KV_AUTO, 0, 0, -1 },
	/* weights, and past them the KV cache at the model's full context */
	{ "l40s", "google/gemma-4-31B-it", NULL, 0, 0, KV_AUTO, 0, 0, -1 },
	/* weights on two cards as on one */
	{ "rtx-5090", "Qwen/Qwen3-32B", NULL, 0, 0, KV_AUTO, 0, 0, -1 },
	/* KV cache */
	{ "rtx-pro-6000-server", "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8", 0, 0, KV_FP8, 0, 0, -1 },
	{ "rtx-pro-6000-server", "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8", 0, 65536, KV_FP8, 0, 0, -1 },
	{ "rtx-pro-6000-server", "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8", 0, 0, KV_FP8, 0, 2, -1 },
	{ "h100-sxm", "Qwen/Qwen3-32B", NULL, 0, 0, KV_AUTO, 0, 0, -1 },
	/* free memory */
	{ "h200-nvl", "Qwen/Qwen3-32B", NULL, 0, 0, KV_AUTO, 30, 0, -1 },
	{ "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL, 0, 0, KV_AUTO,
	    20, 0, -1 },
	/* config: a context above the model's */
	{ "h200-nvl", "meta-llama/Llama-3.1-8B-Instruct", NULL, 262144, 0,
	    KV_AUTO, 0, 0, -1 },
	/* a MIG slice */
	{ "h200-nvl", "Qwen/Qwen3-14B", NULL, 0, 0, KV_AUTO, 0, 0, 0 },
	/* plans that start */
	{ "h200-nvl", "Qwen/Qwen3-32B", NULL, 0, 0, KV_AUTO, 0, 0, -1 },
	{ "h200-nvl", "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8", 8192, 8192, KV_FP8, 0, 0, -1 },
};
#define N_BASES (sizeof bases / sizeof bases[0])

static void
base_input(const struct base *b, struct plan_input *in)
{
	test_input(in, b->gpu, b->model, b->ckpt);
	in->max_model_len = b->max_model_len;
	in->tokens_per_request = b->tpr;
	in->kv_dtype = b->kv;
	in->other_usage_gib = b->other_gib;
	in->gpus = b->gpus;
	in->mig = b->mig_slice;
}

/* Every listed fix starts with a request or more, re-planned on its own input. */
Test(fixes, every_fix_starts_and_carries_a_request)
{
	const struct catalogue *c = test_catalogue();
	size_t b, i, n, listed = 0;

	for (b = 0; b < N_BASES; b++) {
		struct plan_input in;
		struct plan p, q;
		struct fix f[FIX_MAX];

		base_input(&bases[b], &in);
		plan_compute(c, &in, &p);
		n = fixes_compute(c, &in, &p, f, FIX_MAX);
		listed += n;
		for (i = 0; i < n; i++) {
			plan_compute(c, &f[i].input, &q);
			cr_assert_eq(q.phase, PHASE_NONE,
			    "%s on %s: '%s' does not start", bases[b].model,
			    bases[b].gpu, f[i].flags);
			cr_assert(f[i].starts);
			cr_assert_geq(q.total_concurrency, 1,
			    "%s on %s: '%s' starts with 0 "
			    "requests",
			    bases[b].model, bases[b].gpu, f[i].flags);
			cr_assert_eq(q.total_concurrency,
			    f[i].total_concurrency);
			if (p.phase == PHASE_NONE)
				cr_assert(bases[b].tpr > 0 ||
					    q.max_model_len == p.max_model_len
					? q.total_concurrency >
					    p.total_concurrency
					: q.kv_tokens * q.replicas >
					    p.kv_tokens * p.replicas,
				    "'%s' carries no more than the plan",
				    f[i].flags);
		}
	}
	cr_assert_gt(listed, 20, "only %zu fixes over all plans", listed);
}

/* The reproducer: requests of 65,536 tokens; no context below that. */
Test(fixes, never_starts_with_no_request)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	size_t n, i;

	base_input(&bases[5], &in);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_KV_CACHE);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	cr_assert_gt(n, 0);
	for (i = 0; i < n; i++) {
		cr_assert_neq(strcmp(f[i].flags, "--max-model-len 32768"), 0,
		    "a 32k context serves no request of 65,536 tokens");
		cr_assert(f[i].max_model_len >= 65536,
		    "'%s' leaves %lld tokens", f[i].flags,
		    (long long)f[i].max_model_len);
	}
}

/* Never a context above the model's maximum; the model's own maximum is offered. */
Test(fixes, context_within_the_model)
{
	const struct catalogue *c = test_catalogue();
	size_t b, i, n;
	int offered = 0;

	for (b = 0; b < N_BASES; b++) {
		struct plan_input in;
		struct plan p;
		struct fix f[FIX_MAX];

		base_input(&bases[b], &in);
		plan_compute(c, &in, &p);
		n = fixes_compute(c, &in, &p, f, FIX_MAX);
		for (i = 0; i < n; i++) {
			int64_t d = f[i].input.model->derived_max_len;

			cr_assert(d <= 0 || f[i].max_model_len <= d,
			    "'%s' gives %lld tokens to "
			    "a %lld-token model",
			    f[i].flags, (long long)f[i].max_model_len,
			    (long long)d);
			if (bases[b].max_model_len > d &&
			    f[i].max_model_len == d)
				offered = 1;
		}
	}
	cr_assert(offered,
	    "the model's own maximum was not offered for a longer context");
}

/*
 * The free-memory check compares each card's free memory with util x its
 * total (vllm/v1/worker/utils.py request_memory): more cards do not change
 * it, so no fix adds tensor or pipeline parallelism; asking for less or
 * freeing the card does.
 */
Test(fixes, free_memory_needs_no_more_cards)
{
	const struct catalogue *c = test_catalogue();
	size_t b, i, n;

	for (b = 0; b < N_BASES; b++) {
		struct plan_input in;
		struct plan p;
		struct fix f[FIX_MAX];
		int util = 0;

		base_input(&bases[b], &in);
		plan_compute(c, &in, &p);
		if (p.phase != PHASE_FREE_MEMORY)
			continue;
		n = fixes_compute(c, &in, &p, f, FIX_MAX);
		cr_assert_gt(n, 0);
		for (i = 0; i < n; i++) {
			cr_assert(strstr(f[i].flags,
				      "--tensor-parallel-size") == NULL &&
				strstr(f[i].flags,
				    "--pipeline-parallel-size") == NULL,
			    "'%s' for the free-memory check", f[i].flags);
			util |= strstr(f[i].flags,
				    "--gpu-memory-utilization") != NULL;
		}
		cr_assert(util, "no lower utilization offered");
	}
}

/* Same hardware, then shorter context, then more hardware; and each kind is right. */
Test(fixes, ranked_by_what_they_keep)
{
	const struct catalogue *c = test_catalogue();
	size_t b, i, n;
	int seen[3] = { 0, 0, 0 };

	for (b = 0; b < N_BASES; b++) {
		struct plan_input in;
		struct plan p, q;
		struct fix f[FIX_MAX];

		base_input(&bases[b], &in);
		plan_compute(c, &in, &p);
		n = fixes_compute(c, &in, &p, f, FIX_MAX);
		for (i = 0; i < n; i++) {
			int64_t cards_b =
			    in.gpus > p.world * p.dp ? in.gpus : p.world * p.dp;
			int64_t cards_f;
			bool hw;

			plan_compute(c, &f[i].input, &q);
			cards_f = f[i].input.gpus > q.world * q.dp
			    ? f[i].input.gpus
			    : q.world * q.dp;
			hw = f[i].input.gpu != in.gpu ||
			    f[i].input.mig != in.mig || cards_f > cards_b;
			seen[f[i].kind] = 1;
			if (hw)
				cr_assert_eq(f[i].kind, FIX_MORE_HARDWARE,
				    "'%s' is %s", f[i].flags,
				    fix_kind_name(f[i].kind));
			else if (q.max_model_len < p.max_model_len)
				cr_assert_eq(f[i].kind, FIX_SHORTER_CONTEXT,
				    "'%s' is %s", f[i].flags,
				    fix_kind_name(f[i].kind));
			else
				cr_assert_eq(f[i].kind, FIX_SAME_HARDWARE,
				    "'%s' is %s", f[i].flags,
				    fix_kind_name(f[i].kind));
			if (i > 0)
				cr_assert_leq(f[i - 1].kind, f[i].kind,
				    "'%s' (%s) before '%s' (%s)",
				    f[i - 1].flags,
				    fix_kind_name(f[i - 1].kind), f[i].flags,
				    fix_kind_name(f[i].kind));
		}
	}
	cr_assert(seen[0] && seen[1] && seen[2], "not every kind was seen");
}

/* With two cards already, TP 2 keeps the hardware. */
Test(fixes, tensor_parallel_on_cards_one_has)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	size_t n, i;
	int found = 0;

	base_input(&bases[6], &in);
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_NONE);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	for (i = 0; i < n; i++)
		if (strcmp(f[i].flags, "--tensor-parallel-size 2") == 0) {
			found = 1;
			cr_assert_eq(f[i].kind, FIX_SAME_HARDWARE);
		}
	cr_assert(found, "no TP 2 on the two cards given");
	base_input(&bases[4], &in);
	plan_compute(c, &in, &p);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	for (i = 0; i < n; i++)
		if (strcmp(f[i].flags, "--tensor-parallel-size 2") == 0)
			cr_assert_eq(f[i].kind, FIX_MORE_HARDWARE,
			    "TP 2 on one card buys one");
}

/* Every output says which kind each fix is. */
Test(fixes, every_report_names_the_kind)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	struct report_in r;
	char *text, *md, *json, want[512];
	cJSON *root, *arr, *x;
	size_t n, i;

	base_input(&bases[4], &in);
	plan_compute(c, &in, &p);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	cr_assert_gt(n, 2);
	memset(&r, 0, sizeof r);
	r.cat = c;
	r.in = &in;
	r.plan = &p;
	r.fixes = f;
	r.n_fixes = n;
	r.model_source = "catalogue";
	text = report_text(&r);
	md = report_markdown(&r);
	json = report_json(&r);
	root = cJSON_Parse(json);
	cr_assert_not_null(root);
	arr = cJSON_GetObjectItem(root, "fixes");
	cr_assert_eq((size_t)cJSON_GetArraySize(arr), n);
	for (i = 0; i < n && i < 8; i++) {
		snprintf(want, sizeof want, "%-42.160s %s: ", f[i].flags,
		    fix_kind_name(f[i].kind));
		cr_assert(strstr(text, want) != NULL, "text lacks '%s'", want);
		snprintf(want, sizeof want, "| `%.160s` | %s |", f[i].flags,
		    fix_kind_name(f[i].kind));
		cr_assert(strstr(md, want) != NULL, "markdown lacks '%s'",
		    want);
		x = cJSON_GetObjectItem(cJSON_GetArrayItem(arr, (int)i),
		    "kind");
		cr_assert(cJSON_IsString(x));
		cr_assert_str_eq(x->valuestring, fix_kind_id(f[i].kind));
	}
	cJSON_Delete(root);
	free(text);
	free(md);
	free(json);
}

static const struct fix *
fix_named(const struct fix *f, size_t n, const char *flags)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(f[i].flags, flags) == 0)
			return &f[i];
	return NULL;
}

/* Gemma 4 31B on an L40S stops at the weights; on two it stops at the KV
 * cache for its 262,144 tokens: the fix is both, with the context vLLM
 * estimates on two cards.  Qwen3-32B on an RTX 5090 needs four cards. */
Test(fixes, a_change_that_stops_at_the_kv_cache_brings_its_context)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in, two;
	struct plan p, q;
	struct fix f[FIX_MAX];
	const struct fix *x;
	char want[160];
	int64_t len;
	size_t n;

	base_input(&bases[2], &in);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_WEIGHTS);
	two = in;
	two.tp = 2;
	plan_compute(c, &two, &q);
	cr_assert_eq(q.phase, PHASE_KV_CACHE, "%s", q.message);
	len = q.estimated_max_model_len / 1024 * 1024;
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	snprintf(want, sizeof want,
	    "--tensor-parallel-size 2 --max-model-len %lld", (long long)len);
	x = fix_named(f, n, want);
	cr_assert_not_null(x, "no '%s' among %zu fixes", want, n);
	cr_assert(x->starts);
	cr_assert_eq(x->kind, FIX_MORE_HARDWARE);
	cr_assert_eq(x->max_model_len, len);

	base_input(&bases[3], &in);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_WEIGHTS);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	cr_assert_null(fix_named(f, n, "--tensor-parallel-size 2"));
	x = fix_named(f, n, "--tensor-parallel-size 4");
	cr_assert_not_null(x, "no TP 4 among %zu fixes", n);
	cr_assert(x->starts);
}

/* With --gpus 2 at TP 2, more TP needs more cards: the fix's flags say
 * "--gpus 4" with "--tensor-parallel-size 4", since the TP alone added to
 * the command plans "needs 4 GPUs ... only 2 are available". */
Test(fixes, more_tp_names_the_cards_it_needs)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in, alone;
	struct plan p, q;
	struct fix f[FIX_MAX];
	const struct fix *x;
	size_t n;

	test_input(&in, "h200-nvl", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.tp = 2;
	in.gpus = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	cr_assert_null(fix_named(f, n, "--tensor-parallel-size 4"));
	x = fix_named(f, n, "--tensor-parallel-size 4 --gpus 4");
	cr_assert_not_null(x, "no TP 4 with its cards among %zu fixes", n);
	cr_assert(x->starts);
	cr_assert_eq(x->input.gpus, 4);
	/* what the flags without --gpus would plan */
	alone = in;
	alone.tp = 4;
	plan_compute(c, &alone, &q);
	cr_assert_eq(q.phase, PHASE_CONFIG);
}

/* A refusal at the configuration check that names its way past offers
 * it: the last release of a retired architecture (Bamba, 0.23.0), the
 * text model alone where a tower's profile run is not modelled (Gemma
 * 3n's image and audio; GLM-4.5V's videos, whose images it sizes, at TP 4
 * on its real config.json; Kimi-K2.5's vision chunks, which only their own limit at
 * 0 turns off). */
Test(fixes, a_config_refusal_offers_its_way_past)
{
	static const struct {
		const char *model, *flags;
	} cases[] = {
		{ "ibm-ai-platform/Bamba-9B-v1", "--vllm-version 0.23.0" },
		{ "google/gemma-3n-E2B-it",
		    "--limit-mm-per-prompt '{\"image\":0,\"audio\":0}'" },
		{ "zai-org/GLM-4.5V", "--limit-mm-per-prompt '{\"video\":0}'" },
		{ "moonshotai/Kimi-K2.5",
		    "--limit-mm-per-prompt '{\"vision_chunk\":0}'" },
	};
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p, q;
	struct fix f[FIX_MAX];
	struct model m;
	const struct fix *x;
	size_t i, n;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		/* GLM-4.5V is no catalogue model: its config.json */
		bool local = strcmp(cases[i].model, "zai-org/GLM-4.5V") == 0;

		test_input(&in, "h200-nvl",
		    local ? "Qwen/Qwen3-8B" : cases[i].model, NULL);
		if (local) {
			test_config_load("sweep/zai-org--GLM-4.5V", &m);
			in.model = &m;
			in.ckpt = -1;
			in.format = FMT_COUNT;
			in.max_model_len = 8192;
			in.tp = 4;
		}
		if (strcmp(cases[i].model, "moonshotai/Kimi-K2.5") == 0)
			in.tp = 8;
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG, "%s", cases[i].model);
		n = fixes_compute(c, &in, &p, f, FIX_MAX);
		x = fix_named(f, n, cases[i].flags);
		cr_assert_not_null(x, "%s: no '%s' among %zu fixes",
		    cases[i].model, cases[i].flags, n);
		cr_assert(x->starts);
		plan_compute(c, &x->input, &q);
		cr_assert_eq(q.phase, PHASE_NONE, "%s", q.message);
		if (local)
			model_done(&m);
	}
}

/* A class whose images headroom sizes and whose dummy videos it does not
 * (InternVL3-1B: a qwen2 text model, so internvl.py takes videos) stops
 * while videos are on, and the fixes offer them at 0, which plans with
 * the 3,328-token images (vlm::internvl3_tiles_by_hand) */
Test(fixes, unsized_videos_offer_video_0)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p, q;
	struct fix f[FIX_MAX];
	const struct fix *x;
	struct model m;
	size_t n;

	test_input(&in, "h100-sxm", "Qwen/Qwen3-8B", NULL);
	test_config_load("sweep/OpenGVLab--InternVL3-1B-Pretrained", &m);
	in.model = &m;
	in.ckpt = -1;
	in.format = FMT_COUNT;
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "'{\"video\":0}'") != NULL, "%s",
	    p.message);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	x = fix_named(f, n, "--limit-mm-per-prompt '{\"video\":0}'");
	cr_assert_not_null(x, "no video fix among %zu", n);
	cr_assert(x->starts);
	plan_compute(c, &x->input, &q);
	cr_assert_eq(q.phase, PHASE_NONE, "%s", q.message);
	cr_assert(q.mm.active);
	cr_assert_eq(q.mm.tokens_per_image, 3328);
	model_done(&m);
}

/* A tensor parallelism the attention heads do not divide stops at the
 * configuration check in vLLM's words; the fixes name the way past: the
 * nearest sizes that divide the heads (GLM-4.7-Flash's 20 heads at TP 8:
 * 5 and 4; Llama-3.3-70B's 64 at TP 3: 4 starts on H100s) */
Test(fixes, heads_not_divisible_offers_the_nearest_tp)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct fix f[FIX_MAX];
	size_t i, n;
	int found;

	test_input(&in, "h100-sxm", "zai-org/GLM-4.7-Flash", NULL);
	in.tp = 8;
	in.gpus = 8;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert(strstr(p.message, "(20) must be divisible") != NULL, "%s",
	    p.message);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	found = 0;
	for (i = 0; i < n; i++) {
		if (strcmp(f[i].flags, "--tensor-parallel-size 4") == 0 ||
		    strcmp(f[i].flags, "--tensor-parallel-size 5") == 0) {
			found++;
			cr_assert(f[i].starts, "%s", f[i].flags);
			cr_assert_eq(20 % f[i].input.tp, 0);
		}
	}
	cr_assert_eq(found, 2, "%zu fixes", n);

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.3-70B-Instruct", NULL);
	in.tp = 3;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG, "%s", p.message);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	found = 0;
	for (i = 0; i < n; i++)
		if (strcmp(f[i].flags, "--tensor-parallel-size 4") == 0)
			found = f[i].starts;
	cr_assert(found, "%zu fixes", n);
}

/*
 * --language-model-only before vLLM 0.16.0 stops at the configuration
 * check; the fix drops it for every modality at 0, which plans as the
 * flag does from 0.16.0 and keeps the release's own tower rule: Qwen3-VL
 * at 0.10.2 still builds its vision tower (its rule is from 0.11.0),
 * Gemma 4 E2B gets audio 0 too and builds neither tower.
 */
static const struct fix *
lm_only_fix(const struct fix *f, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strstr(f[i].flags, "(not --language-model-only)") ||
		    strstr(f[i].flags, "(drop --"))
			return &f[i];
	return NULL;
}

Test(fixes, language_model_only_before_0_16_offers_every_limit_0)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in, zero;
	struct plan p, pz;
	struct fix f[FIX_MAX];
	const struct fix *x;
	size_t n;

	test_input(&in, "h100-sxm", "Qwen/Qwen3-VL-8B-Instruct", NULL);
	in.max_model_len = 8192;
	in.version = VLLM_VER(0, 10, 2);
	in.language_model_only = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG, "%s", p.message);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	x = lm_only_fix(f, n);
	cr_assert_not_null(x, "%zu fixes", n);
	cr_assert_str_eq(x->flags,
	    "--limit-mm-per-prompt '{\"image\":0,\"video\":0}' "
	    "(not --language-model-only)");
	cr_assert(x->starts);
	cr_assert_eq(x->kind, FIX_SAME_HARDWARE);
	cr_assert_eq(x->input.language_model_only, 0);
	cr_assert(strstr(x->summary, "still builds the vision tower"), "%s",
	    x->summary);
	/* the fix is the plan of those limits, tower counted at 0.10.2 */
	zero = in;
	zero.language_model_only = 0;
	zero.limit_mm_images = zero.limit_mm_videos = 0;
	plan_compute(c, &zero, &pz);
	cr_assert_eq(pz.phase, PHASE_NONE, "%s", pz.message);
	cr_assert_eq(x->total_kv_tokens, pz.kv_tokens * pz.replicas);
	cr_assert_eq(pz.mm.tower_not_built, 0);

	/* Gemma 4 E2B: audio too, and no tower built at 0.15.1 */
	test_input(&in, "h100-sxm", "google/gemma-4-E2B-it", NULL);
	in.max_model_len = 8192;
	in.version = VLLM_VER(0, 15, 1);
	in.language_model_only = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG, "%s", p.message);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	x = lm_only_fix(f, n);
	cr_assert_not_null(x, "%zu fixes", n);
	cr_assert_str_eq(x->flags,
	    "--limit-mm-per-prompt '{\"image\":0,\"video\":0,\"audio\":0}' "
	    "(not --language-model-only)");
	cr_assert(x->starts);
	cr_assert_null(strstr(x->summary, "still builds"), "%s", x->summary);
	zero = x->input;
	plan_compute(c, &zero, &pz);
	cr_assert_eq(pz.phase, PHASE_NONE, "%s", pz.message);
	cr_assert_gt(pz.mm.tower_not_built, 0);
	cr_assert_gt(pz.mm.audio_not_built, 0);
	/* as the flag plans it from 0.16.0 */
	in.version = VLLM_VER(0, 16, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.weights, pz.weights);
	cr_assert_eq(p.mm.tower_not_built, pz.mm.tower_not_built);
	cr_assert_eq(p.mm.audio_not_built, pz.mm.audio_not_built);

	/* --no-language-model-only: drop it, the limits as given */
	test_input(&in, "h100-sxm", "Qwen/Qwen3-VL-8B-Instruct", NULL);
	in.max_model_len = 8192;
	in.version = VLLM_VER(0, 15, 1);
	in.language_model_only = -1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG, "%s", p.message);
	n = fixes_compute(c, &in, &p, f, FIX_MAX);
	x = lm_only_fix(f, n);
	cr_assert_not_null(x, "%zu fixes", n);
	cr_assert_str_eq(x->flags, "(drop --no-language-model-only)");
	cr_assert(x->starts);
	cr_assert_eq(x->input.limit_mm_images, -1);
}

/*
 * A unified-memory card (GB10): vLLM's startup check compares util x the
 * total with the free memory MemorySnapshot reads from the host
 * (psutil's available memory on an integrated GPU; vllm/v1/worker/utils.py
 * request_memory), and DGX Spark startups report 102 to 111 GiB free of
 * 121.69 (data/gpus.yaml): 0.95 asks 115.6 GiB, more than any of them, so
 * it is not offered there; a discrete card keeps the fix.
 */
Test(fixes, no_higher_utilization_on_unified_memory)
{
	const struct catalogue *c = test_catalogue();
	const char *gpus[] = { "gb10", "h100-sxm" };
	size_t k, i, n;

	for (k = 0; k < 2; k++) {
		struct plan_input in;
		struct plan p;
		struct fix f[FIX_MAX];
		int offered = 0;

		test_input(&in, gpus[k], "Qwen/Qwen3-0.6B", NULL);
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
		n = fixes_compute(c, &in, &p, f, FIX_MAX);
		for (i = 0; i < n; i++)
			if (strstr(f[i].flags, "--gpu-memory-utilization 0.95"))
				offered = 1;
		cr_assert_eq(offered, k == 1, "%s: 0.95 %s", gpus[k],
		    offered ? "offered" : "not offered");
	}
}
