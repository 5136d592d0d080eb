/*
 * pane_verdict.c - whether vLLM starts; if not, the phase where it stops
 * and vLLM's own message; then the fixes, best first, each with what it
 * keeps (same hardware, shorter context, more hardware) and its effect.  The fix under the cursor is the one the apply key uses.
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "core/units.h"
#include "draw.h"

struct verdict_pane {
	struct list_view view; /* the fixes; the one under the cursor is f's */
};

static void
fix_effect(const struct app *a, const struct fix *f, char *buf, size_t len)
{
	char n[32];

	if (f->starts)
		snprintf(buf, len, "%s starts, %s request%s", a->g->arrow,
		    units_format_commas(f->total_concurrency, n, sizeof n),
		    units_plural(f->total_concurrency));
	else
		snprintf(buf, len, "%s still stops at %s", a->g->arrow,
		    plan_phase_title(f->phase));
}

/* the verdict's words: starts (with its warning and assumptions), or the
 * phase where it stops with vLLM's message */
static void
verdict_text(const struct app *a, const struct plan *p, char *text, size_t len)
{
	char cc[PLAN_MSG_LEN];

	/* a close call right after the verdict, before what else it says */
	plan_close_call_text(p, cc, sizeof cc);
	if (p->phase == PHASE_NONE)
		snprintf(text, len, "%s vLLM starts.%s%s%s%s%s%s%s%s%s%s%s",
		    a->g->ok, cc[0] ? " " : "", cc, p->warning[0] ? " " : "",
		    p->warning, p->assumption ? " Assumption: " : "",
		    p->assumption ? p->assumption : "",
		    p->card_assumption[0] ? " Assumption: " : "",
		    p->card_assumption, p->pooling ? " Pooling runner (" : "",
		    p->pooling ? plan_pool_task_name(p->pool_task) : "",
		    p->pooling ? "): a pooler run, no sampler; PIECEWISE "
				 "graphs."
			       : "");
	else
		snprintf(text, len, "%s stops at %s: %s%s%s", a->g->fail,
		    plan_phase_title(p->phase), p->message, cc[0] ? " " : "",
		    cc);
}

/* One fix on row y: the cursor, what it keeps, its flags, its effect and
 * its summary, as far as w columns from x take them. */
static void
verdict_draw_fix(struct app *a, const struct rect *r, const struct fix *f,
    int y, bool cur, bool focused)
{
	int x = r->x + 1, w = r->w - 2, used;
	enum role role = cur
	    ? (focused ? ROLE_SELECTION : ROLE_SELECTION_INACTIVE)
	    : ROLE_DEFAULT;
	char eff[96], lead[32], kind[32];

	if (cur)
		draw_pad(&a->theme, role, y, r->x, r->w);
	snprintf(lead, sizeof lead, "%s f ", cur ? a->g->cursor : " ");
	used = draw_text(&a->theme, cur ? role : ROLE_KEY, y, x, w,
	    cur ? lead : "  ", NULL);
	/* what the fix keeps, first, so it shows at any width */
	snprintf(kind, sizeof kind, "%-15s ", fix_kind_name(f->kind));
	used += draw_text(&a->theme, cur ? role : ROLE_MUTED, y, x + used,
	    w - used, kind, a->g->ellipsis);
	used += draw_text(&a->theme, cur ? role : ROLE_VALUE, y, x + used,
	    w - used, f->flags, a->g->ellipsis);
	fix_effect(a, f, eff, sizeof eff);
	if (used + 2 < w)
		used +=
		    draw_text(&a->theme,
			cur             ? role
			    : f->starts ? ROLE_VERDICT_OK
					: ROLE_MUTED,
			y, x + used + 1, w - used - 1, eff, a->g->ellipsis) +
		    1;
	if (used + 4 < w)
		draw_text(&a->theme, cur ? role : ROLE_MUTED, y, x + used + 2,
		    w - used - 2, f->summary, a->g->ellipsis);
}

static void
pane_verdict_draw(struct app *a, void *state, const struct rect *r)
{
	struct verdict_pane *vp = state;
	const struct plan *p = recalc_plan(a->calc);
	const struct fix *f;
	size_t nf;
	int rows = r->h - 1, fix_rows, msg_rows, i, x = r->x + 1, w = r->w - 2,
	    y;
	char text[4 * PLAN_MSG_LEN + 256];
	const char *tag;
	bool starts = p->phase == PHASE_NONE,
	     focused = a->focus == PANE_VERDICT;

	f = recalc_fixes(a->calc, &nf);
	draw_clear(&a->theme, ROLE_DEFAULT, r);
	if (p->close_call)
		tag = starts ? "starts, close call" : "kv-cache, close call";
	else
		tag = starts ? "starts" : plan_phase_name(p->phase);
	pane_header(a, r, PANE_VERDICT, "5 Verdict", tag);
	if (rows <= 0)
		return;
	verdict_text(a, p, text, sizeof text);
	/* the message takes what the fixes leave, at least one row */
	fix_rows = (int)nf < rows - 1 ? (int)nf : rows - 1;
	if (starts && fix_rows > 0 && rows - fix_rows < 1)
		fix_rows = rows - 1;
	msg_rows = rows - fix_rows;
	if (starts) {
		int need = draw_wrap_rows(text, w);

		if (need < msg_rows) {
			msg_rows = need;
			fix_rows = (int)nf < rows - msg_rows ? (int)nf
							     : rows - msg_rows;
		}
	}
	y = r->y + 1;
	draw_wrapped(&a->theme, starts ? ROLE_VERDICT_OK : ROLE_VERDICT_FAIL, y,
	    x, w, msg_rows, text, a->g->ellipsis);
	y += msg_rows;
	if (nf == 0 && rows > msg_rows) {
		draw_text(&a->theme, ROLE_MUTED, y, x, w,
		    starts ? "No change found that carries more requests."
			   : "No single change found that makes it start.",
		    a->g->ellipsis);
		return;
	}
	if (vp->view.cursor >= (int)nf)
		vp->view.cursor = (int)nf - 1;
	pane_view_fit(&vp->view, (int)nf, fix_rows);
	for (i = 0; i < fix_rows && vp->view.top + i < (int)nf; i++)
		verdict_draw_fix(a, r, &f[vp->view.top + i], y + i,
		    vp->view.top + i == vp->view.cursor, focused);
}

/* f or Enter: the fix under the cursor becomes the input, undoably. */
static void
apply_fix(struct app *a, struct verdict_pane *vp)
{
	const struct fix *f;
	size_t n;
	int i = vp->view.cursor;
	char flags[sizeof f->flags];

	f = recalc_fixes(a->calc, &n);
	if (n == 0) {
		app_state_set_status(a, ROLE_STATUS_ERROR, "no fix to apply");
		return;
	}
	if (i < 0 || i >= (int)n)
		i = 0;
	snprintf(flags, sizeof flags, "%s", f[i].flags);
	app_state_apply(a, &f[i].input, TAG_NONE);
	vp->view.cursor = 0;
	vp->view.top = 0;
	app_state_set_status(a, ROLE_STATUS_OK, "applied: %s (u undoes it)",
	    flags);
}

static bool
verdict_action(struct app *a, void *state, enum action act)
{
	struct verdict_pane *vp = state;
	size_t n;

	if (act == ACT_FIX_CHOOSE || act == ACT_APPLY_FIX) {
		apply_fix(a, vp);
		return true;
	}
	recalc_fixes(a->calc, &n);
	return pane_list_action(a, PANE_VERDICT, &vp->view, (int)n, act);
}

static bool
verdict_hint(struct app *a, void *state, char *buf, size_t len)
{
	char k1[16], k2[16];

	(void)a;
	(void)state;
	snprintf(buf, len,
	    "Up/Down: pick a fix; %s or Enter applies it; %s: "
	    "vLLM's whole message",
	    action_key(ACT_APPLY_FIX, k1, sizeof k1),
	    action_key(ACT_DETAILS, k2, sizeof k2));
	return true;
}

/* the verdict and its fixes */
const struct pane_ops pane_verdict_ops = {
	.name = "verdict",
	.on_change = RECALC_CHG(RECALC_N_VERDICT) | RECALC_CHG(RECALC_N_FIXES),
	.on_input = 0,
	.state_size = sizeof(struct verdict_pane),
	.draw = pane_verdict_draw,
	.action = verdict_action,
	.hint = verdict_hint,
};
