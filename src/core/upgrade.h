/*
 * upgrade.h - the same plan under two vLLM releases.
 *
 * upgrade_compare() plans one input under release A and release B and
 * lists (1) every behaviour the plan depends on that differs between them
 * (the default --gpu-memory-utilization 0.9 -> 0.92, CUDA-graph memory
 * inside the budget, the V2 model runner, the "GPU KV cache size" formula,
 * message wording ...), each with what it does to this plan, and (2) every
 * figure of the plan that moves.  The verdict says whether a plan that
 * started under A still starts under B and, when it breaks, what keeps
 * A's behaviour (an explicit utilization).  Pure: three plan_compute()
 * calls at most.
 */
#ifndef HEADROOM_UPGRADE_H
#define HEADROOM_UPGRADE_H

#include <stdbool.h>
#include <stddef.h>

#include "catalogue.h"
#include "plan.h"

#define UPGRADE_MAX 32

struct upgrade_change {
	char what[64]; /* "default --gpu-memory-utilization" */
	char from[96], to[96]; /* under A, under B */
	char effect[256]; /* on this plan; "" when none */
	bool affects; /* this plan's figures or verdict change */
};

struct upgrade_result {
	int from, to;
	struct plan a, b;
	bool starts_a, starts_b;
	bool breaks; /* starts under A, not under B */
	bool fixes; /* starts under B, not under A */
	size_t n_changes, n_figures;
	struct upgrade_change changes[UPGRADE_MAX]; /* release behaviour */
	struct upgrade_change figures[UPGRADE_MAX]; /* plan figures that move */
	char verdict[600];
	char advice[400]; /* what keeps A's behaviour, "" if nothing */
	double keep_util; /* util that starts under B, 0 = none found */
};

void upgrade_compare(const struct catalogue *, const struct plan_input *in,
    int from, int to, struct upgrade_result *out);

#endif
