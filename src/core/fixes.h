/*
 * fixes.h - the changes that would make a plan start (or carry more
 * requests), each re-planned and ranked by the concurrency it reaches.
 *
 * Candidates follow vLLM's own advice and the sizing guides: a shorter
 * --max-model-len (vLLM's estimated maximum, 32k, auto), an FP8 KV cache,
 * --gpu-memory-utilization up (KV failures) or down (warm-up and graph
 * failures), fewer --max-num-seqs, --enforce-eager, fewer capture sizes,
 * more tensor parallelism, a quantized checkpoint, the next MIG slice or
 * a larger card.  Pure: re-plans with plan_compute() into caller storage.
 *
 * A fix is listed only when its own plan is better: for a plan that does
 * not start, it starts with at least one request of --tokens-per-request;
 * for a plan that starts, it carries more requests.  So a change vLLM's
 * logic says cannot help a phase (more TP for the free-memory check, a
 * context above the model's maximum) is never listed: its plan fails too.
 * Fixes that keep the user's cards and context come first, then those that
 * shorten the context, then those that need more or other hardware; each
 * says which (fix_kind_name()).
 */
#ifndef HEADROOM_FIXES_H
#define HEADROOM_FIXES_H

#include <stdbool.h>
#include <stddef.h>

#include "plan.h"

#define FIX_MAX 16

enum fix_kind {
	FIX_SAME_HARDWARE, /* the same cards, slices and context */
	FIX_SHORTER_CONTEXT, /* the same hardware, a shorter max-model-len */
	FIX_MORE_HARDWARE, /* more cards, a larger slice or another card */
};

/* "same hardware", "shorter context", "more hardware". */
const char *fix_kind_name(enum fix_kind);
/* The same with '-' for spaces, for JSON: "same-hardware". */
const char *fix_kind_id(enum fix_kind);

struct fix {
	char flags[160]; /* e.g. "--kv-cache-dtype fp8" */
	char summary[200]; /* what it changes and costs */
	struct plan_input input; /* the changed input */
	enum fix_kind kind;
	bool starts;
	bool no_kv_cache; /* its plan keeps no KV cache (encoder-only): no
			     "Maximum concurrency", requests of one step */
	enum plan_phase phase;
	double max_concurrency;
	int64_t concurrency_at_tpr;
	int64_t total_concurrency;
	int64_t total_kv_tokens; /* GPU KV cache size x replicas */
	int64_t max_model_len;
};

/*
 * Fills out[] with up to max fixes for the plan p of input in, best first:
 * by kind (same hardware, shorter context, more hardware), then by the
 * requests of --tokens-per-request resident at once over all replicas (or,
 * when no request length was given, by the tokens the KV caches hold, since
 * each fix then has its own max_model_len).  Returns how many.
 */
size_t fixes_compute(const struct catalogue *, const struct plan_input *in,
    const struct plan *p, struct fix *out, size_t max);

#endif
