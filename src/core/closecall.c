/*
 * closecall.c - close calls (see closecall.h).
 *
 * Invariant: never writes p->phase, p->message or any figure vLLM prints;
 * only the close_call fields.
 */
#include "closecall.h"

#include <string.h>

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

const struct kv_error *
closecall_error(const struct catalogue *c, const char *key)
{
	const struct kv_error *e = error_find(c, key);

	if (e != NULL && e->cases >= CLOSECALL_MIN_CASES)
		return e;
	return error_find(c, "any");
}
