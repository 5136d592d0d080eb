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
 */
#ifndef HEADROOM_FIXES_H
#define HEADROOM_FIXES_H

#include <stdbool.h>
#include <stddef.h>

#include "plan.h"

#define FIX_MAX 16

struct fix {
	char	 flags[160];	/* e.g. "--kv-cache-dtype fp8" */
	char	 summary[200];	/* what it changes and costs */
	struct plan_input input;/* the changed input */
	bool	 starts;
	enum plan_phase phase;
	double	 max_concurrency;
	int64_t	 concurrency_at_tpr;
	int64_t	 total_concurrency;
	int64_t	 total_kv_tokens;	/* GPU KV cache size x replicas */
	int64_t	 max_model_len;
};

/*
 * Fills out[] with up to max fixes for the plan p of input in, best first:
 * plans that start before those that do not, then by the requests of
 * --tokens-per-request resident at once over all replicas (or, when no
 * request length was given, by the tokens the KV caches hold, since each
 * fix then has its own max_model_len).  Returns how many.  For a
 * plan that starts, only changes that raise concurrency are listed.
 */
size_t fixes_compute(const struct catalogue *, const struct plan_input *in,
    const struct plan *p, struct fix *out, size_t max);

#endif
