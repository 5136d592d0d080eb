/*
 * pane_flags.c - one row per flag: label, the value in force, a mark when
 * it differs from vLLM's default, and that default.  At 80 columns the
 * default column is narrow; the status line repeats it in full.  The
 * multimodal rows show only for a model that takes them (flags_rows()).
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "draw.h"

static void
pane_flags_draw(struct app *a, const struct rect *r)
{
	const struct plan_input *in = recalc_input(a->calc);
	const struct plan *p = recalc_plan(a->calc);
	const struct plan *d = recalc_defaults(a->calc);
	int rows = pane_list_rows(r), i, vw, dw, lw, n;
	bool focused = a->focus == PANE_FLAGS;
	enum flag_id ids[FLAG_COUNT];

	/* the multimodal rows only for a model that takes them */
	n = (int)flags_rows(in, ids, FLAG_COUNT);

	/* columns: label, value (right-aligned), mark, blank, default */
	dw = r->w >= 60 ? 12 : r->w >= 44 ? 9 : 7;
	vw = r->w >= 60 ? 16 : r->w >= 44 ? 12 : 8;
	lw = r->w - vw - dw - 4;
	if (lw < 8) {
		dw = 0;
		lw = r->w - vw - 3;
	}
	draw_clear(&a->theme, ROLE_DEFAULT, r);
	pane_header(a, r, PANE_FLAGS, "4 Flags", dw > 0 ? "value  default " : NULL);
	pane_view_fit(&a->flag_view, n, rows);
	for (i = 0; i < rows && a->flag_view.top + i < n; i++) {
		int idx = a->flag_view.top + i, y = r->y + 1 + i, x = r->x;
		enum flag_id f = ids[idx];
		struct flag_view v;
		bool cur = idx == a->flag_view.cursor;
		enum role sel = focused ? ROLE_SELECTION : ROLE_SELECTION_INACTIVE;
		const char *value;

		flags_view(f, in, p, d, &v);
		value = v.value;
		if (draw_width(value) > vw && strncmp(value, "auto=", 5) == 0)
			value = "auto";
		if (cur)
			draw_pad(&a->theme, sel, y, x, r->w);
		draw_text(&a->theme, cur ? sel : ROLE_LABEL, y, x + 1, lw,
		    r->w >= 60 ? flags_name(f) : flags_label(f), a->g->ellipsis);
		if (draw_width(value) > vw)
			draw_text(&a->theme, cur ? sel : v.differs ? ROLE_VALUE_CHANGED :
			    ROLE_VALUE, y, x + 1 + lw + 1, vw, value, a->g->ellipsis);
		else
			draw_text_right(&a->theme, cur ? sel : v.differs ?
			    ROLE_VALUE_CHANGED : ROLE_VALUE, y, x + 1 + lw + 1, vw, value);
		if (v.differs)
			draw_text(&a->theme, cur ? sel : ROLE_VALUE_CHANGED, y,
			    x + 1 + lw + 1 + vw, 1, a->g->differs, NULL);
		if (dw > 0)
			draw_text(&a->theme, cur ? sel : ROLE_VALUE_DEFAULT, y,
			    x + 1 + lw + 1 + vw + 2, dw, v.deflt, a->g->ellipsis);
	}
}

/* values in force and vLLM's defaults; every flag group */
const struct pane_ops pane_flags_ops = {
	.name = "flags",
	.on_change = RECALC_CHG(RECALC_N_SETTINGS) | RECALC_CHG(RECALC_N_DEFAULTS),
	.on_input = PANE_IN_ALL & ~(PANE_IN(RECALC_IN_SLIDER) | PANE_IN(RECALC_IN_CARD)),
	.draw = pane_flags_draw,
};
