/*
 * segments.h - stacked-bar arithmetic: values to cell widths.
 *
 * segments_layout() places the right edge of segment i at
 * round(cumsum_i / scale * width), so the widths always add up to the
 * rounded share of the whole bar and a tiny segment never takes a cell
 * from its neighbour.  The scale is the total (the capacity) unless the
 * values add up to more, in which case the bar is scaled to their sum and
 * the cells past the capacity edge are the over-capacity part.
 *
 * segments_memory() turns a plan into the values of the memory bar; it is
 * the only place that decides what the bar shows.  Pure: no allocation,
 * no I/O.
 */
#ifndef HEADROOM_SEGMENTS_H
#define HEADROOM_SEGMENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "plan.h"

/*
 * Fills out_widths[0..n) with cell widths for values[] on a bar of width
 * cells representing total.  Negative and NaN values count as 0.  When
 * the values add up to total, the widths add up to exactly width.  When
 * total is not positive (0, negative, NaN) the bar is scaled to the sum.
 * Returns the cell at which the capacity (total) ends: width when the
 * values fit, less when they overflow (cells from there on lie beyond the
 * capacity), 0 when total is not positive.  width < 0 counts as 0.
 */
int segments_layout(const double *values, size_t n, double total, int width,
    int *out_widths);

/* Cell of an edge at value on a bar of width cells for scale: round(value / scale * width), clamped. */
int segments_edge(double value, double scale, int width);

/* The memory bar, in the order it is drawn (left to right). */
enum seg_role {
	SEG_WEIGHTS,
	SEG_ACTIVATION,
	SEG_NON_TORCH,
	SEG_GRAPHS_IN, /* CUDA graphs reserved inside the budget */
	SEG_KV,
	SEG_SLACK, /* budget left after whole KV blocks */
	SEG_GRAPHS_OUT, /* CUDA graphs captured outside the budget */
	SEG_OUTSIDE, /* outside vLLM's budget, unused */
	SEG_OTHER, /* other processes */
	SEG_COUNT
};

struct seg_bar {
	double value[SEG_COUNT]; /* bytes */
	bool estimated[SEG_COUNT]; /* from fitted coefficients */
	double total; /* the card's memory: the capacity */
	double budget_end; /* bytes from the left where the budget ends */
	double sum; /* of value[] */
	double over; /* sum - total when positive: over capacity */
	double over_budget; /* demand inside the budget beyond it */
};

/* Bar values of a plan (every figure comes from the plan). */
void segments_memory(const struct plan *, struct seg_bar *);

/* Short name of a role for legends ("weights", "KV cache"). */
const char *segments_role_name(enum seg_role);

#endif
