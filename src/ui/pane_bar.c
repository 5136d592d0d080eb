/*
 * pane_bar.c - memory per GPU as one stacked bar: the header row carries
 * the marks (where vLLM's budget ends, where the card ends when the bar
 * overflows), the bar row the segments, then a legend with GiB and the
 * share of the card; estimated terms say "est.".  Widths come from
 * segments_layout(), values from segments_memory() on the plan.
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "core/segments.h"
#include "core/units.h"
#include "draw.h"

static const enum role seg_roles[SEG_COUNT] = {
	[SEG_WEIGHTS] = ROLE_BAR_WEIGHTS,
	[SEG_ACTIVATION] = ROLE_BAR_ACTIVATION,
	[SEG_NON_TORCH] = ROLE_BAR_NON_TORCH,
	[SEG_GRAPHS_IN] = ROLE_BAR_GRAPHS,
	[SEG_KV] = ROLE_BAR_KV,
	[SEG_SLACK] = ROLE_BAR_SLACK,
	[SEG_GRAPHS_OUT] = ROLE_BAR_GRAPHS,
	[SEG_OUTSIDE] = ROLE_BAR_OUTSIDE,
	[SEG_OTHER] = ROLE_BAR_OTHER,
};

/* The legend mark of a term: " cal." when measured, " est." when estimated. */
static const char *
term_mark(const struct plan *p, int seg, bool estimated)
{
	unsigned bit = 0;

	switch (seg) {
	case SEG_WEIGHTS: bit = PLAN_CAL_WEIGHTS; break;
	case SEG_ACTIVATION: bit = PLAN_CAL_ACTIVATION; break;
	case SEG_NON_TORCH: bit = PLAN_CAL_NON_TORCH; break;
	case SEG_GRAPHS_IN:
	case SEG_GRAPHS_OUT: bit = PLAN_CAL_CUDA_GRAPHS; break;
	default: break;
	}
	if (bit != 0 && (p->calibrated & bit))
		return " cal.";
	return estimated ? " est." : "";
}

static const char *
seg_glyph(const struct app *a, int s)
{
	return a->theme.mono ? a->g->seg_mono[s] : a->g->block;
}

/* The title: the memory per card (the driver's total too under the
 * rule's overhead) and the planned hardware. */
static void
pane_bar_format_title(struct app *a, const struct plan *p, char *title,
    size_t len)
{
	const struct plan_input *in = recalc_input(a->calc);
	char t[32], hw[160];

	pane_plan_hardware(a, hw, sizeof hw);
	/* the planned hardware always shows: the card facts follow the cursor */
	if (in->overhead == OVERHEAD_RULE &&
	    p->total != plan_card_total(a->cat, in)) {
		char c[32];

		/* the rule counts the driver's total, more than CUDA's */
		snprintf(title, len,
		    "Memory per %s: %s GiB (nvidia-smi; CUDA %s) "
		    "on %s",
		    in->mig >= 0 ? "slice" : "GPU",
		    units_format_gib(p->total, t, sizeof t),
		    units_format_gib(plan_card_total(a->cat, in), c, sizeof c),
		    hw);
	} else {
		snprintf(title, len, "Memory per %s: %s GiB on %s",
		    in->mig >= 0 ? "slice" : "GPU",
		    units_format_gib(p->total, t, sizeof t), hw);
	}
}

/* The bar row: w[s] cells per segment; cells past the card's capacity
 * (cap) in the over role. */
static void
pane_bar_draw_cells(struct app *a, const struct rect *r, const int *w, int cap)
{
	int x0 = r->x + 1, x = 0, s, i;

	for (s = 0; s < SEG_COUNT; s++)
		for (i = 0; i < w[s]; i++, x++)
			draw_text(&a->theme,
			    x >= cap ? ROLE_BAR_OVER : seg_roles[s], r->y + 1,
			    x0 + x, 1, x >= cap ? a->g->over : seg_glyph(a, s),
			    NULL);
}

/*
 * The header row: marks over the last cell inside each edge (the budget's
 * end, the card's when the bar overflows at cap) and the title where no
 * mark is: on the left, else on the right.
 */
static void
pane_bar_draw_header(struct app *a, const struct rect *r,
    const struct seg_bar *b, const char *title, int cap)
{
	int width = r->w - 2, x0 = r->x + 1, budget, lo, hi, tw, t0;
	double scale = b->sum > b->total ? b->sum : b->total;

	budget = b->total > 0 ? segments_edge(b->budget_end, scale, width) : 0;
	lo = width;
	hi = -1;
	if (budget > 0) {
		lo = budget - 1;
		hi = budget - 1;
	}
	if (b->over > 0 && cap > 0) {
		lo = cap - 1 < lo ? cap - 1 : lo;
		hi = cap - 1 > hi ? cap - 1 : hi;
	}
	tw = draw_width(title);
	draw_pad(&a->theme, ROLE_PANE_TITLE, r->y, r->x, r->w);
	if (tw + 2 < lo) {
		t0 = 0;
	} else if (hi + tw + 3 < width) {
		t0 = width - tw;
	} else {
		t0 = 0;
		tw = lo - 1;
	}
	if (tw > 0)
		draw_text(&a->theme, ROLE_PANE_TITLE, r->y, x0 + t0, tw, title,
		    a->g->ellipsis);
	if (budget > 0) {
		const char *lbl = "budget";
		int lw = draw_width(lbl), l0 = budget - 2 - lw;

		/* the word too, when it hits neither the title nor the other mark */
		if (l0 >= 0 && (l0 > t0 + tw || budget - 2 < t0) &&
		    !(b->over > 0 && cap - 1 >= l0 && cap - 1 < budget))
			draw_text(&a->theme, ROLE_BAR_BUDGET, r->y, x0 + l0, lw,
			    lbl, NULL);
		draw_text(&a->theme, ROLE_BAR_BUDGET, r->y, x0 + budget - 1, 1,
		    a->g->budget, NULL);
	}
	if (b->over > 0 && cap > 0)
		draw_text(&a->theme, ROLE_BAR_OVER, r->y, x0 + cap - 1, 1,
		    a->g->capacity, NULL);
}

/* The legend, flowed over the rows under the bar: each term drawn (w[s]
 * cells) with its GiB, its share of the card and its mark. */
static void
pane_bar_draw_legend(struct app *a, const struct rect *r,
    const struct seg_bar *b, const int *w)
{
	int width = r->w - 2, x0 = r->x + 1, ly = r->y + 2, lrows = r->h - 2;
	int lx = 0, s;

	for (s = 0; s <= SEG_COUNT && lrows > 0; s++) {
		char e[128], v[32];
		int ew;
		double val, share;
		const char *name;
		enum role role;

		if (s == SEG_COUNT) {
			if (b->over <= 0)
				break;
			val = b->over;
			name = "over capacity";
			role = ROLE_BAR_OVER;
		} else {
			val = b->value[s];
			name = segments_role_name((enum seg_role)s);
			role = seg_roles[s];
			if (val <= 0)
				continue;
			/* a sliver of unallocated budget is not worth a legend entry */
			if (s == SEG_SLACK && w[s] == 0)
				continue;
		}
		share = b->total > 0 ? 100.0 * val / b->total : 0;
		snprintf(e, sizeof e, " %s %s GiB %.0f%%%s", name,
		    units_format_gib((int64_t)val, v, sizeof v), share,
		    s < SEG_COUNT
			? term_mark(recalc_plan(a->calc), s, b->estimated[s])
			: "");
		ew = draw_width(e) + 1;
		if (lx > 0 && lx + ew + 1 > width) {
			ly++;
			lrows--;
			lx = 0;
			if (lrows <= 0)
				break;
		}
		draw_text(&a->theme, role, ly, x0 + lx, 1,
		    s == SEG_COUNT ? a->g->over : seg_glyph(a, s), NULL);
		draw_text(&a->theme, ROLE_DEFAULT, ly, x0 + lx + 1,
		    width - lx - 1, e, a->g->ellipsis);
		lx += ew + 1;
	}
}

static void
pane_bar_draw(struct app *a, void *state, const struct rect *r)
{
	const struct plan *p = recalc_plan(a->calc);
	struct seg_bar b;
	int w[SEG_COUNT], cap, width = r->w - 2;
	char title[320];

	(void)state;

	segments_memory(p, &b);
	draw_clear(&a->theme, ROLE_DEFAULT, r);
	pane_bar_format_title(a, p, title, sizeof title);
	if (r->h < 2 || width <= 0) {
		pane_header(a, r, PANE_BAR, title, NULL);
		return;
	}
	cap = segments_layout(b.value, SEG_COUNT, b.total, width, w);
	pane_bar_draw_cells(a, r, w, cap);
	pane_bar_draw_header(a, r, &b, title, cap);
	pane_bar_draw_legend(a, r, &b, w);
}

/* the card count sets the replicas in its title */
const struct pane_ops pane_bar_ops = {
	.name = "bar",
	.on_change = RECALC_CHG(RECALC_N_SETTINGS) |
	    RECALC_CHG(RECALC_N_BUDGET) | RECALC_CHG(RECALC_N_WEIGHTS) |
	    RECALC_CHG(RECALC_N_PROFILE) | RECALC_CHG(RECALC_N_KV),
	.on_input = PANE_IN(RECALC_IN_CARD),
	.draw = pane_bar_draw,
};
