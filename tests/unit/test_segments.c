/*
 * test_segments.c - stacked-bar arithmetic: widths add up, edges follow
 * cumulative rounding, degenerate totals, overflow, and the memory bar of
 * a plan.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "core/segments.h"
#include "core/units.h"
#include "helpers.h"

static int
sum(const int *w, size_t n)
{
	int s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += w[i];
	return s;
}

Test(segments, widths_add_up_to_the_bar_when_values_add_up_to_total)
{
	double v[] = { 1, 1, 1 };
	int w[3];
	int r = segments_layout(v, 3, 3, 10, w);

	cr_assert_eq(sum(w, 3), 10);
	/* edges at round(10/3) = 3 and round(20/3) = 7 */
	cr_assert_eq(w[0], 3);
	cr_assert_eq(w[1], 4);
	cr_assert_eq(w[2], 3);
	cr_assert_eq(r, 10);
}

Test(segments, edges_are_cumulative_not_per_segment)
{
	/* per-segment rounding of 0.5-cell segments would give 1+1+1+1 = 4 on a
	 * 2-cell bar; cumulative edges give exactly 2 */
	double v[] = { 1, 1, 1, 1 };
	int w[4];

	segments_layout(v, 4, 4, 2, w);
	cr_assert_eq(sum(w, 4), 2);
	cr_assert_eq(w[0] + w[1], 1, "first edge at round(0.5 * ... ) = 1");
}

Test(segments, random_values_always_fill_the_bar_exactly)
{
	unsigned seed = 12345;
	int trial;

	for (trial = 0; trial < 2000; trial++) {
		double v[9], total = 0;
		int w[9], width, i, n;

		seed = seed * 1103515245u + 12345u;
		n = 1 + (int)(seed >> 16) % 9;
		for (i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			v[i] = (double)((seed >> 8) % 100000) *
			    ((seed & 1) ? 1e3 : 1e-3);
			total += v[i];
		}
		seed = seed * 1103515245u + 12345u;
		width = (int)(seed >> 16) % 300;
		if (total <= 0)
			continue;
		segments_layout(v, (size_t)n, total, width, w);
		cr_assert_eq(sum(w, (size_t)n), width, "trial %d", trial);
		for (i = 0; i < n; i++)
			cr_assert_geq(w[i], 0);
	}
}

Test(segments, values_below_total_leave_the_rest_empty)
{
	double v[] = { 25, 25 };
	int w[2];
	int r = segments_layout(v, 2, 100, 40, w);

	cr_assert_eq(w[0], 10);
	cr_assert_eq(w[1], 10);
	cr_assert_eq(r, 40, "nothing is over capacity");
}

Test(segments, a_tiny_segment_takes_no_cell_from_its_neighbours)
{
	double v[] = { 50, 0.001, 50 };
	int w[3];

	segments_layout(v, 3, 100.001, 20, w);
	cr_assert_eq(w[0], 10);
	cr_assert_eq(w[1], 0);
	cr_assert_eq(w[2], 10);
}

Test(segments, zero_total_scales_to_the_values)
{
	double v[] = { 1, 3 };
	int w[2];
	int r = segments_layout(v, 2, 0, 8, w);

	cr_assert_eq(w[0], 2);
	cr_assert_eq(w[1], 6);
	cr_assert_eq(r, 0, "a zero capacity ends at cell 0");
}

Test(segments, nan_total_and_nan_values_are_harmless)
{
	double v[] = { NAN, 2, -5, 2 };
	int w[4];
	int r = segments_layout(v, 4, NAN, 10, w);

	cr_assert_eq(w[0], 0);
	cr_assert_eq(w[1], 5);
	cr_assert_eq(w[2], 0);
	cr_assert_eq(w[3], 5);
	cr_assert_eq(r, 0);
}

Test(segments, all_zero_gives_an_empty_bar)
{
	double v[] = { 0, 0, 0 };
	int w[3] = { 7, 7, 7 };

	segments_layout(v, 3, 0, 30, w);
	cr_assert_eq(sum(w, 3), 0);
	segments_layout(v, 3, 10, 30, w);
	cr_assert_eq(sum(w, 3), 0);
}

Test(segments, more_segments_than_cells)
{
	double v[20];
	int w[20], i;

	for (i = 0; i < 20; i++)
		v[i] = 1;
	segments_layout(v, 20, 20, 3, w);
	cr_assert_eq(sum(w, 20), 3);
	for (i = 0; i < 20; i++)
		cr_assert_leq(w[i], 1);
}

Test(segments, overflow_scales_to_the_sum_and_reports_the_capacity_edge)
{
	double v[] = { 60, 60 }; /* 120 on a capacity of 100 */
	int w[2];
	int r = segments_layout(v, 2, 100, 24, w);

	cr_assert_eq(sum(w, 2), 24, "the whole bar is used");
	cr_assert_eq(w[0], 12);
	cr_assert_eq(r, 20, "capacity ends at round(100/120*24) = 20");
}

Test(segments, zero_and_negative_width)
{
	double v[] = { 1, 2 };
	int w[2] = { 9, 9 };

	cr_assert_eq(segments_layout(v, 2, 3, 0, w), 0);
	cr_assert_eq(sum(w, 2), 0);
	cr_assert_eq(segments_layout(v, 2, 3, -4, w), 0);
	cr_assert_eq(sum(w, 2), 0);
}

Test(segments, infinite_value_takes_the_bar)
{
	double v[] = { 1, INFINITY, 1 };
	int w[3];

	segments_layout(v, 3, 10, 12, w);
	cr_assert_eq(w[1], 12);
	cr_assert_eq(w[0] + w[2], 0);
}

Test(segments, edge_rounds_and_clamps)
{
	cr_assert_eq(segments_edge(50, 100, 9),
	    5); /* 4.5 rounds away from zero */
	cr_assert_eq(segments_edge(200, 100, 9), 9);
	cr_assert_eq(segments_edge(-1, 100, 9), 0);
	cr_assert_eq(segments_edge(1, 0, 9), 0);
	cr_assert_eq(segments_edge(NAN, 100, 9), 0);
}

Test(segments, memory_bar_of_a_plan_that_starts_adds_up_to_the_card)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct seg_bar b;
	int w[SEG_COUNT], r;

	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.kv_dtype = KV_FP8;
	in.max_model_len = 32768;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	segments_memory(&p, &b);
	cr_assert_float_eq(b.sum, (double)p.total, 1.0);
	cr_assert_float_eq(b.over, 0, 1e-9);
	cr_assert_eq(b.value[SEG_WEIGHTS], (double)p.weights);
	/* the KV segment is vLLM's "Available KV cache memory", the figure
	 * every report shows, not the bytes of whole blocks */
	cr_assert_eq(b.value[SEG_KV], (double)p.available_kv);
	cr_assert_geq(p.available_kv, p.kv_cache);
	cr_assert(b.estimated[SEG_ACTIVATION]);
	cr_assert(!b.estimated[SEG_KV]);
	cr_assert_float_eq(b.budget_end, (double)p.requested, 1e-6);
	r = segments_layout(b.value, SEG_COUNT, b.total, 78, w);
	cr_assert_eq(sum(w, SEG_COUNT), 78);
	cr_assert_eq(r, 78);
}

Test(segments, memory_bar_over_capacity_when_weights_exceed_the_card)
{
	struct plan p;
	struct seg_bar b;
	int w[SEG_COUNT], r;

	memset(&p, 0, sizeof p);
	p.total = 48 * GIB;
	p.requested = 44 * GIB;
	p.weights = 68 * GIB;
	p.activation = 2 * GIB;
	p.non_torch = GIB / 2;
	p.cuda_graphs = GIB;
	p.cg_in_budget = true;
	p.weights_exact = true;
	segments_memory(&p, &b);
	cr_assert_eq(b.value[SEG_KV], 0);
	cr_assert_eq(b.value[SEG_SLACK], 0);
	cr_assert_eq(b.value[SEG_OUTSIDE], 0);
	cr_assert_float_eq(b.over, (71.5 - 48) * GIB, 1.0);
	cr_assert_float_eq(b.over_budget, (71.5 - 44) * GIB, 1.0);
	cr_assert(!b.estimated[SEG_WEIGHTS]);
	r = segments_layout(b.value, SEG_COUNT, b.total, 143, w);
	cr_assert_eq(sum(w, SEG_COUNT), 143);
	cr_assert_eq(r, 96, "48 of 71.5 GiB on 143 cells");
}

Test(segments, graphs_outside_the_budget_come_out_of_the_headroom)
{
	struct plan p;
	struct seg_bar b;

	memset(&p, 0, sizeof p);
	p.total = 80 * GIB;
	p.requested = 72 * GIB;
	p.other = 2 * GIB;
	p.weights = 16 * GIB;
	p.kv_cache = 50 * GIB;
	p.available_kv = 50 * GIB;
	p.cuda_graphs = GIB;
	p.cg_in_budget = false;
	segments_memory(&p, &b);
	cr_assert_eq(b.value[SEG_GRAPHS_IN], 0);
	cr_assert_eq(b.value[SEG_GRAPHS_OUT], (double)GIB);
	cr_assert_eq(b.value[SEG_SLACK], (double)(6 * GIB));
	cr_assert_eq(b.value[SEG_OUTSIDE], (double)(5 * GIB));
	cr_assert_float_eq(b.sum, (double)p.total, 1.0);
}
