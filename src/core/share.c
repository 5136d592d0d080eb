/*
 * share.c - instances side by side on one card (see share.h).  Every
 * figure comes from plan_compute() with the memory of the instances
 * started before as other usage, exactly as vLLM's free-memory check of a
 * later instance sees it.
 */
#include "share.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "units.h"

static void
plan_member(const struct catalogue *c, const struct share_query *q, size_t i,
    int64_t other, int mig, struct plan *p)
{
	struct plan_input in = q->inst[i].in;

	in.gpu = q->gpu;
	in.mig = mig;
	in.gpu_total_gib = q->gpu_total_gib;
	in.gpus = 1;
	in.overhead = OVERHEAD_ESTIMATE;
	if (q->version > 0)
		in.version = q->version;
	/* alone on a slice: the fraction chosen for sharing no longer applies */
	if (mig >= 0)
		in.util = 0;
	in.other_usage_gib = units_gib(other);
	plan_compute(c, &in, p);
}

/* What a running instance holds on the card, context included. */
static int64_t
held_by(const struct plan *p, int64_t context)
{
	int64_t h;

	if (p->kv_memory_fixed)
		h = p->weights + p->activation + p->non_torch + p->kv_cache +
		    p->cuda_graphs;
	else
		h = p->requested + (p->cg_in_budget ? 0 : p->cuda_graphs);
	return h + context;
}

/* Tries one startup order; returns the index (into order) that stops, or -1. */
/* With out, every instance is planned (those after a failure too). */
static int
try_order(const struct catalogue *c, const struct share_query *q,
    const struct share_result *r, const int *order, struct plan *out)
{
	int64_t other = r->other;
	size_t k;
	int fail = -1;

	for (k = 0; k < r->n; k++) {
		struct plan p;

		plan_member(c, q, (size_t)order[k], other, -1, &p);
		if (out)
			out[order[k]] = p;
		if (p.phase != PHASE_NONE && fail < 0) {
			fail = (int)k;
			if (out == NULL)
				return fail;
		}
		other += r->m[order[k]].held;
	}
	return fail;
}

/* Next permutation in lexicographic order; false after the last. */
static bool
next_perm(int *a, size_t n)
{
	size_t i, j;
	int t;

	if (n < 2)
		return false;
	i = n - 1;
	while (i > 0 && a[i - 1] >= a[i])
		i--;
	if (i == 0)
		return false;
	j = n - 1;
	while (a[j] <= a[i - 1])
		j--;
	t = a[i - 1];
	a[i - 1] = a[j];
	a[j] = t;
	for (j = n - 1; i < j; i++, j--) {
		t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
	return true;
}

void
share_mig_units(const struct gpu *g, int mig, int *cu, int *mu, int *ct,
    int *mt)
{
	double full = 0;
	size_t i;

	*ct = 0;
	for (i = 0; i < g->n_mig; i++) {
		int u = atoi(g->mig[i].name);

		if (u > *ct)
			*ct = u;
		if (g->mig[i].total_gib > full)
			full = g->mig[i].total_gib;
	}
	*mt = *ct == 7 ? 8 : *ct;
	*cu = mig >= 0 && (size_t)mig < g->n_mig ? atoi(g->mig[mig].name) : 0;
	*mu = 0;
	if (mig >= 0 && (size_t)mig < g->n_mig && full > 0)
		*mu = (int)lround(g->mig[mig].total_gib / full * *mt);
	if (mig >= 0 && *mu < 1)
		*mu = 1;
}

static void
mig_alternative(const struct catalogue *c, const struct share_query *q,
    struct share_result *r)
{
	const struct gpu *g;
	int counts[64] = { 0 };
	size_t i, k;
	int o = 0;

	r->mig_possible = false;
	for (i = 0; i < r->n; i++)
		r->m[i].mig = -1;
	if (q->gpu < 0 || (size_t)q->gpu >= c->n_gpus)
		return;
	g = &c->gpus[q->gpu];
	if (g->n_mig == 0) {
		snprintf(r->mig_note, sizeof r->mig_note, "%s has no MIG",
		    g->id);
		return;
	}
	r->mig_possible = true;
	for (i = 0; i < r->n; i++) {
		int order[64], n = 0, a, b;

		r->m[i].mig = -1;
		/* slices by memory, smallest first */
		for (k = 0; k < g->n_mig && k < 64; k++)
			order[n++] = (int)k;
		for (a = 1; a < n; a++)
			for (b = a; b > 0 &&
			     g->mig[order[b]].total_gib <
				 g->mig[order[b - 1]].total_gib;
			     b--) {
				int t = order[b];

				order[b] = order[b - 1];
				order[b - 1] = t;
			}
		for (a = 0; a < n; a++) {
			plan_member(c, q, i, units_bytes(0), order[a],
			    &r->m[i].on_mig);
			if (r->m[i].on_mig.phase == PHASE_NONE) {
				r->m[i].mig = order[a];
				break;
			}
		}
		if (r->m[i].mig < 0)
			r->mig_possible = false;
	}
	r->mig_units_used = r->mig_mem_used = 0;
	for (i = 0; i < r->n; i++) {
		int cu, mu;

		if (r->m[i].mig < 0)
			continue;
		share_mig_units(g, r->m[i].mig, &cu, &mu, &r->mig_units,
		    &r->mig_mem);
		r->mig_units_used += cu;
		r->mig_mem_used += mu;
		if (r->m[i].mig < 64)
			counts[r->m[i].mig]++;
	}
	r->mig_fits = r->mig_possible && r->mig_units_used <= r->mig_units &&
	    r->mig_mem_used <= r->mig_mem;
	for (k = 0; k < g->n_mig && k < 64; k++)
		if (counts[k] > g->mig[k].max_count)
			r->mig_fits = false;
	for (i = 0; i < r->n && o + 2 < (int)sizeof r->mig_note; i++)
		o += snprintf(r->mig_note + o, sizeof r->mig_note - (size_t)o,
		    "%s%s", i ? " + " : "",
		    r->m[i].mig >= 0 ? g->mig[r->m[i].mig].name : "none");
	if (o + 2 < (int)sizeof r->mig_note && r->mig_possible)
		snprintf(r->mig_note + o, sizeof r->mig_note - (size_t)o,
		    ": %d of %d "
		    "compute and %d of %d memory slices of one %s",
		    r->mig_units_used, r->mig_units, r->mig_mem_used,
		    r->mig_mem, g->id);
}

/* Plans each instance alone, with only the other processes on the card,
 * and sums what they ask for and hold. */
static void
share_plan_alone(const struct catalogue *c, const struct share_query *q,
    struct share_result *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		struct share_member *m = &r->m[i];

		plan_member(c, q, i, units_bytes(q->other_usage_gib), -1,
		    &m->alone);
		m->util = m->alone.util;
		m->requested = m->alone.requested;
		m->context = m->alone.total - m->alone.other - m->alone.free;
		m->held = held_by(&m->alone, m->context);
		r->sum_util += m->util;
		r->sum_requested += m->requested;
		r->sum_context += m->context;
		r->sum_held += m->held;
		r->total = m->alone.total;
		r->other = m->alone.other;
	}
	r->left = r->total - r->other - r->sum_held;
	r->over_one = r->sum_util > 1.0 + 1e-9;
	r->fits = r->left >= 0;
}

/*
 * Starts the instances one after the other: in the order as listed, then
 * in every order.  Keeps the first order in which all start (the listed
 * one when it does) and each member's plan in it, else the plans of the
 * listed order.
 */
static void
share_try_orders(const struct catalogue *c, const struct share_query *q,
    struct share_result *r)
{
	int perm[SHARE_MAX], ident[SHARE_MAX];
	struct plan scratch[SHARE_MAX];
	size_t i;
	int fail;

	for (i = 0; i < r->n; i++)
		ident[i] = perm[i] = (int)i;
	fail = try_order(c, q, r, ident, scratch);
	r->given_order_ok = fail < 0;
	r->fail_at = fail;
	if (fail < 0) {
		memcpy(r->order, ident, sizeof ident);
		for (i = 0; i < r->n; i++)
			r->m[i].started = scratch[i];
		r->all_start = true;
	}
	do {
		r->n_orders++;
		if (try_order(c, q, r, perm, NULL) < 0) {
			r->n_orders_ok++;
			if (!r->all_start) {
				r->all_start = true;
				memcpy(r->order, perm, sizeof perm);
				try_order(c, q, r, perm, scratch);
				for (i = 0; i < r->n; i++)
					r->m[i].started = scratch[i];
			}
		}
	} while (next_perm(perm, r->n));
	if (!r->all_start)
		for (i = 0; i < r->n; i++)
			r->m[i].started = scratch[i];
}

/* Restarting one while the others run: it is the last to start. */
static void
share_check_restarts(const struct catalogue *c, const struct share_query *q,
    struct share_result *r)
{
	size_t i, j;

	for (i = 0; i < r->n; i++) {
		int64_t other = r->other;
		struct plan p;

		for (j = 0; j < r->n; j++)
			if (j != i)
				other += r->m[j].held;
		plan_member(c, q, i, other, -1, &p);
		r->m[i].restart_ok = p.phase == PHASE_NONE;
	}
}

/* Says in r->reason why the instances do not share the card, if so. */
static void
share_write_reason(const struct share_query *q, struct share_result *r)
{
	char a[32], b[32], d[32], e[32];

	if (r->over_one)
		snprintf(r->reason, sizeof r->reason,
		    "The fractions sum to %.2f. Each "
		    "--gpu-memory-utilization is a fraction of the whole card "
		    "(requested "
		    "= total x util), so together they ask for %s GiB of a %s "
		    "GiB card: "
		    "the instance started last stops at vLLM's free-memory "
		    "check. Lower "
		    "them until they sum under 1 with room for %zu CUDA "
		    "contexts (%s GiB) "
		    "and other processes.",
		    r->sum_util,
		    units_format_gib(r->sum_requested, a, sizeof a),
		    units_format_gib(r->total, b, sizeof b), r->n,
		    units_format_gib(r->sum_context, d, sizeof d));
	else if (!r->fits)
		snprintf(r->reason, sizeof r->reason,
		    "The budgets (%s GiB) and CUDA "
		    "contexts (%s GiB) of the instances and other processes "
		    "(%s GiB) "
		    "need more than the card's %s GiB, although the fractions "
		    "sum to "
		    "%.2f: the instance started last stops at vLLM's "
		    "free-memory check.",
		    units_format_gib(r->sum_held - r->sum_context, a, sizeof a),
		    units_format_gib(r->sum_context, b, sizeof b),
		    units_format_gib(r->other, d, sizeof d),
		    units_format_gib(r->total, e, sizeof e), r->sum_util);
	else if (!r->all_start) {
		const struct plan *p =
		    &r->m[r->fail_at >= 0 ? (size_t)r->fail_at : 0].started;

		snprintf(r->reason, sizeof r->reason,
		    "In no order do all instances "
		    "start. As listed, instance %s stops at the %s: %.1000s",
		    q->inst[r->fail_at >= 0 ? r->fail_at : 0].label,
		    plan_phase_title(p->phase), p->message);
	}
}

void
share_compute(const struct catalogue *c, const struct share_query *q,
    struct share_result *r)
{
	memset(r, 0, sizeof *r);
	r->n = q->n < SHARE_MAX ? q->n : SHARE_MAX;
	r->fail_at = -1;
	if (r->n == 0) {
		snprintf(r->reason, sizeof r->reason, "no instances given");
		return;
	}
	share_plan_alone(c, q, r);
	share_try_orders(c, q, r);
	share_check_restarts(c, q, r);
	share_write_reason(q, r);
	mig_alternative(c, q, r);
}
