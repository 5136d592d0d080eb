/*
 * segments.c - cumulative rounding for stacked bars, and the memory bar
 * of a plan.  Invariant of segments_layout(): edge_i = round(cum_i / scale
 * * width) is non-decreasing in i, so widths are never negative, and the
 * last edge is width exactly when the values add up to the scale.
 */
#include "segments.h"

#include <math.h>

static double
clean(double v)
{
	return isnan(v) || v < 0 ? 0 : v;
}

int
segments_edge(double value, double scale, int width)
{
	double e;

	if (width <= 0 || !(scale > 0) || isnan(value) || value <= 0)
		return 0;
	e = round(value / scale * width);
	if (e > width)
		return width;
	return (int)e;
}

int
segments_layout(const double *values, size_t n, double total, int width,
    int *out_widths)
{
	double sum = 0, scale, cum = 0;
	int prev = 0, edge;
	size_t i;

	if (width < 0)
		width = 0;
	for (i = 0; i < n; i++)
		sum += clean(values[i]);
	if (isinf(sum)) {
		/* an infinite value takes the whole bar */
		for (i = 0; i < n; i++)
			out_widths[i] = 0;
		for (i = 0; i < n; i++)
			if (isinf(values[i]) && values[i] > 0) {
				out_widths[i] = width;
				break;
			}
		return isinf(total) ? width : 0;
	}
	scale = total > 0 && !isinf(total) ? total : 0;
	if (sum > scale)
		scale = sum;
	for (i = 0; i < n; i++) {
		cum += clean(values[i]);
		edge = segments_edge(cum, scale, width);
		if (edge < prev) /* rounding noise; edges never go back */
			edge = prev;
		out_widths[i] = edge - prev;
		prev = edge;
	}
	if (!(total > 0))
		return 0;
	if (isinf(total) || sum <= total)
		return width;
	return segments_edge(total, scale, width);
}

void
segments_memory(const struct plan *p, struct seg_bar *b)
{
	double in_budget, demand;
	int i;

	for (i = 0; i < SEG_COUNT; i++) {
		b->value[i] = 0;
		b->estimated[i] = false;
	}
	b->total = p->total > 0 ? (double)p->total : 0;
	b->value[SEG_WEIGHTS] = clean((double)p->weights);
	b->estimated[SEG_WEIGHTS] = !p->weights_exact;
	b->value[SEG_ACTIVATION] = clean((double)p->activation);
	b->estimated[SEG_ACTIVATION] = true;
	b->value[SEG_NON_TORCH] = clean((double)p->non_torch);
	b->estimated[SEG_NON_TORCH] = true;
	if (p->cg_in_budget) {
		b->value[SEG_GRAPHS_IN] = clean((double)p->cuda_graphs);
		b->estimated[SEG_GRAPHS_IN] = true;
	} else {
		b->value[SEG_GRAPHS_OUT] = clean((double)p->cuda_graphs);
		b->estimated[SEG_GRAPHS_OUT] = true;
	}
	{
		int64_t kv;

		/* the figure vLLM logs, not the blocks' bytes: one value everywhere */
		if (plan_kv_figure(p, &kv) && kv > 0)
			b->value[SEG_KV] = clean((double)kv);
	}
	demand = b->value[SEG_WEIGHTS] + b->value[SEG_ACTIVATION] +
	    b->value[SEG_NON_TORCH] + b->value[SEG_GRAPHS_IN] +
	    b->value[SEG_KV];
	b->budget_end = clean((double)p->requested);
	b->value[SEG_SLACK] = clean(b->budget_end - demand);
	in_budget = demand + b->value[SEG_SLACK];
	b->over_budget = clean(demand - b->budget_end);
	b->value[SEG_OTHER] = clean((double)p->other);
	b->value[SEG_OUTSIDE] = clean(b->total - b->value[SEG_OTHER] -
	    in_budget - b->value[SEG_GRAPHS_OUT]);
	b->sum = 0;
	for (i = 0; i < SEG_COUNT; i++)
		b->sum += b->value[i];
	b->over = clean(b->sum - b->total);
}

const char *
segments_role_name(enum seg_role r)
{
	switch (r) {
	case SEG_WEIGHTS: return "weights";
	case SEG_ACTIVATION: return "activation";
	case SEG_NON_TORCH: return "non-torch";
	case SEG_GRAPHS_IN: return "CUDA graphs";
	case SEG_KV: return "KV cache";
	case SEG_SLACK: return "unallocated";
	case SEG_GRAPHS_OUT: return "CUDA graphs";
	case SEG_OUTSIDE: return "outside budget";
	case SEG_OTHER: return "other processes";
	case SEG_COUNT: break;
	}
	return "?";
}
