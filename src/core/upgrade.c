/*
 * upgrade.c - one plan, two releases (see upgrade.h).  The behaviour
 * list comes from struct vllm_traits, so it names exactly the release
 * differences the planner models; the figures come from the two plans.
 */
#include "upgrade.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"
#include "vllm_version.h"

static void __attribute__((format(printf, 6, 7)))
add(struct upgrade_change *arr, size_t *n, const char *what, const char *from,
    const char *to, const char *effect_fmt, ...)
{
	struct upgrade_change *c;
	va_list ap;

	if (*n >= UPGRADE_MAX)
		return;
	c = &arr[(*n)++];
	memset(c, 0, sizeof *c);
	snprintf(c->what, sizeof c->what, "%s", what);
	snprintf(c->from, sizeof c->from, "%s", from);
	snprintf(c->to, sizeof c->to, "%s", to);
	if (effect_fmt != NULL) {
		va_start(ap, effect_fmt);
		vsnprintf(c->effect, sizeof c->effect, effect_fmt, ap);
		va_end(ap);
	}
	c->affects = c->effect[0] != '\0';
}

/* A change where something is on in one release and off in the other:
 * nothing when a and b agree, else the words of each state; effect, a
 * plain sentence or NULL, is what it does to this plan. */
static void
add_switch(struct upgrade_change *arr, size_t *n, const char *what, int a,
    int b, const char *on, const char *off, const char *effect)
{
	if (a == b)
		return;
	if (effect != NULL)
		add(arr, n, what, a ? on : off, b ? on : off, "%s", effect);
	else
		add(arr, n, what, a ? on : off, b ? on : off, NULL);
}

static const char *
g(int64_t b, char *buf)
{
	return units_format_gib(b, buf, 32);
}

static const char *
phase_text(const struct plan *p)
{
	return p->phase == PHASE_NONE ? "starts" : plan_phase_name(p->phase);
}

/* The memory budget: the default utilization, where CUDA-graph memory
 * comes from, the rounding of the request. */
static void
upgrade_list_budget_changes(const struct plan_input *in,
    const struct upgrade_result *r, const struct vllm_traits *ta,
    const struct vllm_traits *tb, struct upgrade_change *arr, size_t *n)
{
	const struct plan *a = &r->a, *b = &r->b;
	char x[32], y[32], z[32], f[32], t[32];

	if (ta->default_util != tb->default_util) {
		units_format_pyfloat(ta->default_util, f, sizeof f);
		units_format_pyfloat(tb->default_util, t, sizeof t);
		if (in->util > 0) {
			add(arr, n, "default --gpu-memory-utilization", f, t,
			    "none here: "
			    "this plan sets it explicitly (%g)",
			    in->util);
			arr[*n - 1].affects = false;
		} else {
			add(arr, n, "default --gpu-memory-utilization", f, t,
			    "this plan "
			    "leaves it unset: vLLM asks for %s GiB instead of "
			    "%s GiB of the "
			    "%s GiB card (%+.2f GiB), and the free-memory "
			    "check needs that "
			    "much free",
			    g(b->requested, x), g(a->requested, y),
			    g(b->total, z),
			    units_gib(b->requested - a->requested));
		}
	}
	if (ta->cg_in_budget != tb->cg_in_budget) {
		const char *out =
		    "captured after the KV cache, outside the budget";
		const char *ins =
		    "estimated first and reserved inside the budget";

		if (a->n_capture_sizes == 0 && b->n_capture_sizes == 0)
			add(arr, n, "CUDA-graph memory",
			    ta->cg_in_budget ? ins : out,
			    tb->cg_in_budget ? ins : out, NULL);
		else
			add(arr, n, "CUDA-graph memory",
			    ta->cg_in_budget ? ins : out,
			    tb->cg_in_budget ? ins : out,
			    "the %s GiB graph estimate %s the budget before "
			    "the "
			    "KV cache is sized (available KV memory, with "
			    "every change: %s -> %s GiB)",
			    g(b->cuda_graphs, x),
			    tb->cg_in_budget ? "now comes out of"
					     : "no longer comes out of",
			    g(a->available_kv, y), g(b->available_kv, z));
	}
	add_switch(arr, n, "budget rounding", ta->requested_ceil,
	    tb->requested_ceil, "ceil(total x util)",
	    "total x util (unrounded)", NULL);
}

/* The KV cache's size: the token count's formula, --max-model-len auto. */
static void
upgrade_list_kv_size_changes(const struct plan_input *in,
    const struct upgrade_result *r, const struct vllm_traits *ta,
    const struct vllm_traits *tb, struct upgrade_change *arr, size_t *n)
{
	const struct plan *a = &r->a, *b = &r->b;

	if (ta->tokens_from_concurrency != tb->tokens_from_concurrency) {
		const char *o = "num_blocks // groups x block_size";
		const char *c = "int(max concurrency x max_model_len)";

		if (a->kv_tokens != b->kv_tokens &&
		    a->num_blocks == b->num_blocks)
			add(arr, n, "\"GPU KV cache size\" formula",
			    ta->tokens_from_concurrency ? c : o,
			    tb->tokens_from_concurrency ? c : o,
			    "the log prints %lld "
			    "instead of %lld tokens for the same cache",
			    (long long)b->kv_tokens, (long long)a->kv_tokens);
		else
			add(arr, n, "\"GPU KV cache size\" formula",
			    ta->tokens_from_concurrency ? c : o,
			    tb->tokens_from_concurrency ? c : o, NULL);
	}
	add_switch(arr, n, "--max-model-len auto / -1", ta->auto_max_model_len,
	    tb->auto_max_model_len, "fits the longest length the cache holds",
	    "not available",
	    in->max_model_len == -1 ? "this plan asks for auto" : NULL);
}

/* The wording of log lines and messages. */
static void
upgrade_list_log_changes(const struct vllm_traits *ta,
    const struct vllm_traits *tb, struct upgrade_change *arr, size_t *n)
{
	add_switch(arr, n, "GiB in log lines and messages", ta->format_gib,
	    tb->format_gib, "format_gib: 72.85, 14.0", "%.2f: 72.85, 14.00",
	    NULL);
	add_switch(arr, n, "free-memory message", ta->device_in_free_msg,
	    tb->device_in_free_msg, "names the device (cuda:0)",
	    "no device name", NULL);
	add_switch(arr, n, "weights log line", ta->loading_msg_memory,
	    tb->loading_msg_memory, "Model loading took X GiB memory",
	    "Model loading took X GiB", NULL);
}

/* The V2 model runner: where it is the default, its graph memory. */
static void
upgrade_list_runner_changes(const struct upgrade_result *r,
    const struct vllm_traits *ta, const struct vllm_traits *tb,
    struct upgrade_change *arr, size_t *n)
{
	const struct plan *a = &r->a, *b = &r->b;

	if (ta->v2_runner_qwen3 != tb->v2_runner_qwen3 ||
	    ta->v2_runner_dense != tb->v2_runner_dense) {
		const char *s[3] = { "off", "dense 16-bit Qwen3",
			"dense 16-bit text models" };
		int ia = ta->v2_runner_dense ? 2 : ta->v2_runner_qwen3 ? 1 : 0;
		int ib = tb->v2_runner_dense ? 2 : tb->v2_runner_qwen3 ? 1 : 0;

		if (a->v2_runner != b->v2_runner)
			add(arr, n, "V2 model runner by default", s[ia], s[ib],
			    "this plan "
			    "runs on the %s runner under %s",
			    b->v2_runner ? "V2" : "V1", "the newer release");
		else
			add(arr, n, "V2 model runner by default", s[ia], s[ib],
			    NULL);
	}
	add_switch(arr, n, "V2 runner for quantized checkpoints",
	    ta->v2_runner_quant, tb->v2_runner_quant, "as 16-bit ones",
	    "never (V1)",
	    b->v2_runner && !a->v2_runner && b->format != FMT_BF16 &&
		    b->format != FMT_FP16 && b->format != FMT_FP32
		? "this plan runs on the V2 runner under the newer release"
		: NULL);
	add_switch(arr, n, "V2 runner graph memory", ta->v2_runner_cg,
	    tb->v2_runner_cg, "reserved inside the budget", "not estimated (0)",
	    a->v2_runner || b->v2_runner ? "this plan runs on the V2 runner"
					 : NULL);
}

/* The KV cache's NVFP4 dtype and the wording of its error. */
static void
upgrade_list_kv_cache_changes(const struct plan_input *in,
    const struct upgrade_result *r, const struct vllm_traits *ta,
    const struct vllm_traits *tb, struct upgrade_change *arr, size_t *n)
{
	const struct plan *a = &r->a, *b = &r->b;

	add_switch(arr, n, "--kv-cache-dtype nvfp4", ta->kv_nvfp4, tb->kv_nvfp4,
	    "on Blackwell", "not available",
	    in->kv_dtype == KV_NVFP4 ? "this plan asks for it" : NULL);
	if (ta->kv_msg != tb->kv_msg) {
		static const char *const w[] = {
			"no URL, \"models's\", %.2f GiB",
			"docs URL, \"models's\", format_gib",
			"\"model's\", CPU-backend note",
		};

		add(arr, n, "KV-cache error wording", w[ta->kv_msg],
		    w[tb->kv_msg],
		    a->phase == PHASE_KV_CACHE && b->phase == PHASE_KV_CACHE &&
			    strcmp(a->message, b->message) != 0
			? "this plan's message reads "
			  "differently (both below)"
			: NULL);
	}
}

static void
behaviour(const struct plan_input *in, const struct upgrade_result *r,
    struct upgrade_change *arr, size_t *n)
{
	struct vllm_traits ta, tb;

	vllm_traits_get(r->from, &ta);
	vllm_traits_get(r->to, &tb);
	upgrade_list_budget_changes(in, r, &ta, &tb, arr, n);
	upgrade_list_kv_size_changes(in, r, &ta, &tb, arr, n);
	upgrade_list_log_changes(&ta, &tb, arr, n);
	upgrade_list_runner_changes(r, &ta, &tb, arr, n);
	upgrade_list_kv_cache_changes(in, r, &ta, &tb, arr, n);
}

static void
fig_gib(struct upgrade_change *arr, size_t *n, const char *what, int64_t a,
    int64_t b)
{
	char x[32], y[32];

	if (llabs(a - b) < 1024 * 1024 / 2)
		return;
	add(arr, n, what, g(a, x), g(b, y), "%+.2f GiB", units_gib(b - a));
}

static void
fig_int(struct upgrade_change *arr, size_t *n, const char *what, int64_t a,
    int64_t b)
{
	char x[32], y[32];

	if (a == b)
		return;
	units_format_commas(a, x, sizeof x);
	units_format_commas(b, y, sizeof y);
	add(arr, n, what, x, y, "%+lld", (long long)(b - a));
}

static void
figures(const struct upgrade_result *r, struct upgrade_change *arr, size_t *n)
{
	const struct plan *a = &r->a, *b = &r->b;
	char x[32], y[32];

	if (a->util != b->util) {
		units_format_pyfloat(a->util, x, sizeof x);
		units_format_pyfloat(b->util, y, sizeof y);
		add(arr, n, "gpu_memory_utilization", x, y, NULL);
	}
	fig_gib(arr, n, "requested (budget)", a->requested, b->requested);
	fig_gib(arr, n, "weights", a->weights, b->weights);
	fig_gib(arr, n, "activation peak", a->activation, b->activation);
	fig_gib(arr, n, "non-torch", a->non_torch, b->non_torch);
	fig_gib(arr, n, "CUDA graphs", a->cuda_graphs, b->cuda_graphs);
	add_switch(arr, n, "CUDA graphs in the budget", a->cg_in_budget,
	    b->cg_in_budget, "yes", "no", NULL);
	{
		/* the KV figure as every output shows it: none before vLLM computes it */
		int64_t ka, kb;
		bool ha = plan_kv_figure(a, &ka), hb = plan_kv_figure(b, &kb);

		if (ha && hb)
			fig_gib(arr, n, "available KV cache memory", ka, kb);
		else if (ha != hb)
			add(arr, n, "available KV cache memory",
			    ha ? g(ka, x) : "none", hb ? g(kb, y) : "none",
			    NULL);
	}
	fig_int(arr, n, "GPU KV cache size (tokens)", a->kv_tokens,
	    b->kv_tokens);
	if (fabs(a->max_concurrency - b->max_concurrency) >= 0.005) {
		snprintf(x, sizeof x, "%.2fx", a->max_concurrency);
		snprintf(y, sizeof y, "%.2fx", b->max_concurrency);
		add(arr, n, "maximum concurrency", x, y, NULL);
	}
	fig_int(arr, n, "requests at the request length", a->total_concurrency,
	    b->total_concurrency);
	if (a->phase != b->phase)
		add(arr, n, "verdict", phase_text(a), phase_text(b), NULL);
	else if (a->phase != PHASE_NONE && strcmp(a->message, b->message) != 0)
		add(arr, n, "message", "vLLM's words of the older release",
		    "vLLM's words of the newer release",
		    "same phase, other wording");
}

/* The one-line verdict: which of the two releases start the plan. */
static void
upgrade_write_verdict(struct upgrade_result *r, const char *va, const char *vb)
{
	if (r->starts_a && r->starts_b)
		snprintf(r->verdict, sizeof r->verdict,
		    "Starts under %s and under %s; "
		    "requests of %lld tokens at once: %lld -> %lld.",
		    va, vb, (long long)r->b.tokens_per_request,
		    (long long)r->a.total_concurrency,
		    (long long)r->b.total_concurrency);
	else if (r->breaks)
		snprintf(r->verdict, sizeof r->verdict,
		    "Starts under %s but NOT under "
		    "%s: it stops at the %s. %.400s",
		    va, vb, plan_phase_title(r->b.phase), r->b.message);
	else if (r->fixes)
		snprintf(r->verdict, sizeof r->verdict,
		    "Stops under %s (at the %s) but "
		    "starts under %s.",
		    va, plan_phase_title(r->a.phase), vb);
	else
		snprintf(r->verdict, sizeof r->verdict,
		    "Stops under both: at the %s "
		    "under %s, at the %s under %s.",
		    plan_phase_title(r->a.phase), va,
		    plan_phase_title(r->b.phase), vb);
}

/* The newer release changed the default utilization: advise the old one
 * when the plan (ib, at the newer release) starts with it. */
static void
upgrade_advise_old_default(const struct catalogue *c, struct plan_input *ib,
    const struct vllm_traits *ta, const char *vb, struct upgrade_result *r)
{
	struct plan p;
	char x[32];

	ib->util = ta->default_util;
	plan_compute(c, ib, &p);
	if (p.phase != PHASE_NONE)
		return;
	r->keep_util = ta->default_util;
	units_format_pyfloat(ta->default_util, x, sizeof x);
	snprintf(r->advice, sizeof r->advice,
	    "Set "
	    "--gpu-memory-utilization %s explicitly "
	    "(the old default): "
	    "it starts under %s with %lld requests at "
	    "once. Write the "
	    "fraction into every service file so a new "
	    "default cannot "
	    "move it.",
	    x, vb, (long long)p.total_concurrency);
}

/* The newer release counts CUDA graphs in the budget and the KV cache no
 * longer fits: advise vLLM's own raised utilization when the plan (ib)
 * starts with it. */
static void
upgrade_advise_graph_budget(const struct catalogue *c, struct plan_input *ib,
    const char *va, struct upgrade_result *r)
{
	struct plan p;
	double u =
	    round((r->b.util + (double)r->b.cuda_graphs / r->b.total) * 1e4) /
	    1e4;

	if (u > 1.0)
		u = 1.0;
	ib->util = u;
	plan_compute(c, ib, &p);
	if (p.phase != PHASE_NONE)
		return;
	r->keep_util = u;
	snprintf(r->advice, sizeof r->advice,
	    "Raise "
	    "--gpu-memory-utilization to %.4g, vLLM's "
	    "own suggestion "
	    "(util + graph memory / total), to keep "
	    "the KV cache of %s.",
	    u, va);
}

void
upgrade_compare(const struct catalogue *c, const struct plan_input *in,
    int from, int to, struct upgrade_result *r)
{
	struct plan_input ia = *in, ib = *in;
	char va[16], vb[16];

	memset(r, 0, sizeof *r);
	r->from = from > 0 ? from : VLLM_VER_NEWEST;
	r->to = to > 0 ? to : VLLM_VER_NEWEST;
	ia.version = r->from;
	ib.version = r->to;
	plan_compute(c, &ia, &r->a);
	plan_compute(c, &ib, &r->b);
	r->starts_a = r->a.phase == PHASE_NONE;
	r->starts_b = r->b.phase == PHASE_NONE;
	r->breaks = r->starts_a && !r->starts_b;
	r->fixes = !r->starts_a && r->starts_b;
	behaviour(in, r, r->changes, &r->n_changes);
	figures(r, r->figures, &r->n_figures);
	vllm_version_format(r->from, va, sizeof va);
	vllm_version_format(r->to, vb, sizeof vb);
	upgrade_write_verdict(r, va, vb);

	if (r->breaks) {
		struct vllm_traits ta, tb;

		vllm_traits_get(r->from, &ta);
		vllm_traits_get(r->to, &tb);
		if (in->util <= 0 && ta.default_util != tb.default_util)
			upgrade_advise_old_default(c, &ib, &ta, vb, r);
		if (r->keep_util == 0 && !ta.cg_in_budget && tb.cg_in_budget &&
		    r->b.phase == PHASE_KV_CACHE && r->b.total > 0)
			upgrade_advise_graph_budget(c, &ib, va, r);
	}
}
