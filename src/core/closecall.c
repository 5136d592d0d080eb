/*
 * closecall.c - close calls (see closecall.h).
 *
 * Invariant: never writes p->phase, p->message or any figure vLLM prints;
 * only the close_call fields.
 */
#include "closecall.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"

static const struct {
	const char *key, *title;
} families[] = {
	{ "dense", "dense attention" },
	{ "mla", "MLA (DeepSeek V2/V3, Kimi)" },
	{ "sliding", "sliding window (Gemma 2/3, gpt-oss)" },
	{ "llama4", "Llama 4 (chunked local)" },
	{ "moe", "MoE attention" },
	{ "gdn", "Qwen3-Next, 3.5, 3.6 (gated delta net)" },
	{ "mla-indexer", "MLA + indexer (GLM-5, DeepSeek-V3.2)" },
	{ "hybrid", "other hybrid" },
	{ "dsv4", "DeepSeek-V4 (compressed MLA, grouped)" },
	{ "encoder", "encoder-only (no KV cache)" },
	{ "any", "every family" },
};

const char *
closecall_family_key(const struct model *m)
{
	const char *a = m->architecture ? m->architecture : "";

	if (m->encoder_only != MODEL_ENC_NONE)
		return "encoder";
	if (strstr(a, "Qwen3_5") || strstr(a, "Qwen3Next"))
		return "gdn";
	if (m->dsv4.layers > 0)
		return "dsv4";
	if (m->index_topk > 0)
		return "mla-indexer";
	if (m->mla)
		return "mla";
	if (strstr(a, "Llama4"))
		return "llama4";
	if (m->n_state_layers > 0)
		return "hybrid";
	if (m->n_sliding > 0)
		return "sliding";
	if (m->n_experts > 0)
		return "moe";
	return "dense";
}

const char *
closecall_family_title(const char *key)
{
	size_t i;

	for (i = 0; key && i < sizeof families / sizeof families[0]; i++)
		if (strcmp(families[i].key, key) == 0)
			return families[i].title;
	return NULL;
}

static const struct kv_error *
error_find(const struct catalogue *c, const char *key)
{
	size_t i;

	for (i = 0; i < c->n_kv_errors; i++)
		if (c->kv_errors[i].family &&
		    strcmp(c->kv_errors[i].family, key) == 0)
			return &c->kv_errors[i];
	return NULL;
}

/* The figure that applies to a family: its own when measured on enough
 * startups, else every family's; NULL when the catalogue has neither. */
static const struct kv_error *
error_for(const struct catalogue *c, const char *key)
{
	const struct kv_error *e = error_find(c, key);

	if (e != NULL && e->cases >= CLOSECALL_MIN_CASES)
		return e;
	return error_find(c, "any");
}

/* Whether the plan's available KV memory is headroom's estimate, decided
 * at the KV cache check: a start, or a refusal there. */
static bool
closecall_applies(const struct plan_input *in, const struct plan *p)
{
	const unsigned all =
	    PLAN_CAL_ACTIVATION | PLAN_CAL_NON_TORCH | PLAN_CAL_CUDA_GRAPHS;

	if (p->phase != PHASE_NONE && p->phase != PHASE_KV_CACHE)
		return false;
	if (in->overhead == OVERHEAD_RULE || p->kv_memory_fixed ||
	    p->no_kv_cache || p->max_model_len_auto ||
	    p->needed_one_request <= 0 || p->total <= 0)
		return false;
	/* every estimated term measured by a startup: nothing estimated */
	return (p->calibrated & all) != all;
}

void
closecall_assess(const struct catalogue *c, const struct plan_input *in,
    const struct model *m, struct plan *p)
{
	const struct kv_error *e;
	const char *key;
	int64_t margin, err;

	p->close_call = false;
	p->close_call_margin = p->close_call_error = 0;
	p->close_call_pct = 0;
	p->close_call_cases = 0;
	p->close_call_family = NULL;
	p->close_call_any = false;
	if (m == NULL || !closecall_applies(in, p))
		return;
	key = closecall_family_key(m);
	e = error_for(c, key);
	if (e == NULL)
		return;
	margin = p->available_kv - p->needed_one_request;
	/* a start keeps margin >= 0; a refusal there lacks some */
	if ((p->phase == PHASE_NONE) != (margin >= 0))
		return;
	err = (int64_t)llround(e->kv_error_pct / 100.0 * (double)p->total);
	if (llabs(margin) > err)
		return;
	p->close_call = true;
	p->close_call_margin = margin;
	p->close_call_error = err;
	p->close_call_pct = e->kv_error_pct;
	p->close_call_cases = e->cases;
	p->close_call_family = closecall_family_title(key);
	p->close_call_any = strcmp(e->family, key) != 0;
}

void
closecall_describe(const struct plan *p, char *buf, size_t len)
{
	char n[32], what[96], whose[160];
	bool starts = p->phase == PHASE_NONE;

	if (len == 0)
		return;
	buf[0] = '\0';
	if (!p->close_call)
		return;
	units_format_commas(p->max_model_len, n, sizeof n);
	snprintf(what, sizeof what,
	    starts ? "keeps over what one request of %s tokens needs"
		   : "lacks for one request of %s tokens",
	    n);
	if (p->close_call_any)
		snprintf(whose, sizeof whose,
		    "any family (its own, %s, has fewer than %d measured):",
		    p->close_call_family, CLOSECALL_MIN_CASES);
	else
		snprintf(whose, sizeof whose, "its family, %s,",
		    p->close_call_family);
	snprintf(buf, len,
	    "Close call: the %.2f GiB this plan %s is within the error of "
	    "headroom's estimate of the available KV cache on real startups "
	    "of %s up to %.2f %% of the card (%.2f GiB here) over %d "
	    "startups (make fidelity). vLLM may %s; the verdict rests on the "
	    "estimates.",
	    (double)llabs(p->close_call_margin) / (double)GIB, what, whose,
	    p->close_call_pct, (double)p->close_call_error / (double)GIB,
	    p->close_call_cases,
	    starts ? "refuse at the KV cache check" : "start");
}
