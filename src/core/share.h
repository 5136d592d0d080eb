/*
 * share.h - several vLLM instances on one card.
 *
 * Each instance asks for its own fraction of the whole card
 * (--gpu-memory-utilization): requested = total x util.  vLLM checks at
 * startup that this much is free, and the memory of the instances already
 * running counts as used by other processes.  So instance k of a startup
 * order sees
 *
 *   free_k = total - other usage - sum over j < k of held_j - context_k
 *
 * where held_j is what a running instance holds: its budget and its CUDA
 * context (plus CUDA graphs captured outside the budget before vLLM 0.20
 * and with the V2 runner, or its fixed --kv-cache-memory-bytes cache).
 * share_compute() plans every instance in every startup order (up to
 * SHARE_MAX instances), says which orders start all of them, whether each
 * instance can restart while the others run, and refuses outright when the
 * fractions sum over 1.  It also plans each instance alone on the card's
 * MIG slices, picks the smallest slice it starts on and checks that the
 * slices chosen fit the card's slice layout together (by compute and
 * memory units; NVIDIA's placement rules may still refuse some mixes).
 * Pure: plan_compute() into the result, no allocation.
 */
#ifndef HEADROOM_SHARE_H
#define HEADROOM_SHARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "catalogue.h"
#include "plan.h"

#define SHARE_MAX 6

struct share_instance {
	struct plan_input in; /* model, flags; card fields are overridden */
	bool util_explicit; /* --gpu-memory-utilization was given */
	char label[48]; /* "1", or a name given */
};

struct share_query {
	const struct share_instance *inst;
	size_t n;
	int gpu; /* catalogue card */
	double gpu_total_gib; /* > 0: a custom card */
	double other_usage_gib; /* held by processes that are not these */
	int version; /* applied to every instance; 0 = each one's */
};

struct share_member {
	struct plan alone; /* on the card with nothing else on it */
	struct plan started; /* in the first working order (or the given one) */
	double util; /* in force */
	int64_t requested, context, held;
	bool restart_ok; /* starts again while all the others run */
	/* MIG alternative */
	int mig; /* smallest slice it starts on, -1 = none */
	struct plan on_mig;
};

struct share_result {
	size_t n;
	struct share_member m[SHARE_MAX];
	int64_t total, other, sum_requested, sum_context, sum_held, left;
	double sum_util;
	bool over_one; /* the fractions sum over 1 */
	bool fits; /* budgets + contexts + other usage <= total */
	bool all_start; /* some order starts every instance */
	int order[SHARE_MAX]; /* that order (indexes), or the given one */
	size_t n_orders, n_orders_ok;
	bool given_order_ok; /* the order as listed works */
	int fail_at; /* given order: first instance that stops, -1 */
	char reason[1200]; /* why it does not work, "" when it does */
	/* MIG */
	bool mig_possible; /* every instance starts on some slice */
	bool mig_fits; /* and those slices fit one card */
	int mig_units_used, mig_units, mig_mem_used, mig_mem;
	char mig_note[300];
};

/* Plans the instances of q on one card; see the top of this file. */
void share_compute(const struct catalogue *, const struct share_query *q,
    struct share_result *out);

/* Compute and memory units of a MIG profile (7- or 4-unit grids). */
void share_mig_units(const struct gpu *, int mig, int *compute, int *memory,
    int *compute_total, int *memory_total);

#endif
