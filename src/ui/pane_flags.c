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

struct flags_pane {
	struct list_view view;
};

static void
pane_flags_draw(struct app *a, void *state, const struct rect *r)
{
	struct flags_pane *fp = state;
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
	pane_header(a, r, PANE_FLAGS, "4 Flags",
	    dw > 0 ? "value  default " : NULL);
	pane_view_fit(&fp->view, n, rows);
	for (i = 0; i < rows && fp->view.top + i < n; i++) {
		int idx = fp->view.top + i, y = r->y + 1 + i, x = r->x;
		enum flag_id f = ids[idx];
		struct flag_view v;
		bool cur = idx == fp->view.cursor;
		enum role sel =
		    focused ? ROLE_SELECTION : ROLE_SELECTION_INACTIVE;
		const char *value;

		flags_view(f, in, p, d, &v);
		value = v.value;
		if (draw_width(value) > vw && strncmp(value, "auto=", 5) == 0)
			value = "auto";
		if (cur)
			draw_pad(&a->theme, sel, y, x, r->w);
		draw_text(&a->theme, cur ? sel : ROLE_LABEL, y, x + 1, lw,
		    r->w >= 60 ? flags_name(f) : flags_label(f),
		    a->g->ellipsis);
		if (draw_width(value) > vw)
			draw_text(&a->theme,
			    cur             ? sel
				: v.differs ? ROLE_VALUE_CHANGED
					    : ROLE_VALUE,
			    y, x + 1 + lw + 1, vw, value, a->g->ellipsis);
		else
			draw_text_right(&a->theme,
			    cur             ? sel
				: v.differs ? ROLE_VALUE_CHANGED
					    : ROLE_VALUE,
			    y, x + 1 + lw + 1, vw, value);
		if (v.differs)
			draw_text(&a->theme, cur ? sel : ROLE_VALUE_CHANGED, y,
			    x + 1 + lw + 1 + vw, 1, a->g->differs, NULL);
		if (dw > 0)
			draw_text(&a->theme, cur ? sel : ROLE_VALUE_DEFAULT, y,
			    x + 1 + lw + 1 + vw + 2, dw, v.deflt,
			    a->g->ellipsis);
	}
}

/* +/-, PgUp/PgDn, Space, d on the flag under the cursor: one undoable edit. */
static void
edit(struct app *a, struct flags_pane *fp, enum action act)
{
	enum flag_id f = flags_at(recalc_input(a->calc), fp->view.cursor);
	struct plan_input in = *recalc_input(a->calc);
	const struct plan *p = recalc_plan(a->calc);
	bool changed;

	if (f == FLAG_COUNT)
		return;
	switch (act) {
	case ACT_FLAG_INC: changed = flags_step(f, &in, p, 1, false); break;
	case ACT_FLAG_DEC: changed = flags_step(f, &in, p, -1, false); break;
	case ACT_FLAG_BIG_INC: changed = flags_step(f, &in, p, 1, true); break;
	case ACT_FLAG_BIG_DEC: changed = flags_step(f, &in, p, -1, true); break;
	case ACT_FLAG_TOGGLE: changed = flags_toggle(f, &in, p); break;
	case ACT_FLAG_RESET: changed = flags_reset(f, &in); break;
	default: changed = false; break;
	}
	if (!changed && f == FLAG_SPECULATIVE && act != ACT_FLAG_RESET) {
		/* a JSON value has no steps */
		app_state_set_status(a, ROLE_STATUS,
		    "%s: Enter types its JSON, d turns it off", flags_name(f));
		return;
	}
	if (!changed) {
		app_state_set_status(a, ROLE_STATUS, "%s: at its limit",
		    flags_name(f));
		return;
	}
	app_state_apply(a, &in, TAG_FLAG + (int)f);
}

static bool
flags_action(struct app *a, void *state, enum action act)
{
	struct flags_pane *fp = state;
	enum flag_id f;
	char buf[1024];

	switch (act) {
	case ACT_FLAG_INC:
	case ACT_FLAG_DEC:
	case ACT_FLAG_BIG_INC:
	case ACT_FLAG_BIG_DEC:
	case ACT_FLAG_TOGGLE:
	case ACT_FLAG_RESET: edit(a, fp, act); return true;
	case ACT_FLAG_TYPE:
		f = flags_at(recalc_input(a->calc), fp->view.cursor);
		if (f == FLAG_COUNT)
			return true;
		flags_edit_text(f, recalc_input(a->calc), recalc_plan(a->calc),
		    buf, sizeof buf);
		app_state_open_flag_prompt(a, f, flags_name(f), buf);
		return true;
	default:
		return pane_list_action(a, PANE_FLAGS, &fp->view,
		    (int)flags_rows(recalc_input(a->calc), NULL, 0), act);
	}
}

static bool
flags_hint(struct app *a, void *state, char *buf, size_t len)
{
	struct flags_pane *fp = state;
	const struct plan_input *in = recalc_input(a->calc);
	enum flag_id f = flags_at(in, fp->view.cursor);
	struct flag_view v;

	if (f == FLAG_COUNT)
		return false;
	flags_view(f, in, recalc_plan(a->calc), recalc_defaults(a->calc), &v);
	snprintf(buf, len,
	    "%s = %s (default %s): %s. +/- PgUp/PgDn, Enter "
	    "types, d resets",
	    flags_name(f), v.value, v.deflt, flags_help(f));
	return true;
}

/* values in force and vLLM's defaults; every flag group */
const struct pane_ops pane_flags_ops = {
	.name = "flags",
	.on_change =
	    RECALC_CHG(RECALC_N_SETTINGS) | RECALC_CHG(RECALC_N_DEFAULTS),
	.on_input = PANE_IN_ALL &
	    ~(PANE_IN(RECALC_IN_SLIDER) | PANE_IN(RECALC_IN_CARD)),
	.state_size = sizeof(struct flags_pane),
	.draw = pane_flags_draw,
	.action = flags_action,
	.hint = flags_hint,
};
