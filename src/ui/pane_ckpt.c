/*
 * pane_ckpt.c - the checkpoint choices of the model in use, each marked
 * with whether it starts on the card and, when not, why.  Enter plans
 * the choice under the cursor; after a new model the cursor goes to the
 * choice the input runs.
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "draw.h"

struct ckpt_pane {
	struct list_view view;
};

static void
pane_ckpt_draw(struct app *a, void *state, const struct rect *r)
{
	struct ckpt_pane *cp = state;
	const struct plan_input *in = recalc_input(a->calc);
	const struct recalc_choice *ch;
	size_t n;
	int rows = pane_list_rows(r), i, pad = r->w >= 40 ? 11 : 5;
	bool focused = a->focus == PANE_CKPT;

	ch = recalc_choices(a->calc, &n);
	draw_clear(&a->theme, ROLE_DEFAULT, r);
	pane_header(a, r, PANE_CKPT, "3 Checkpoint", NULL);
	pane_view_fit(&cp->view, (int)n, rows);
	for (i = 0; i < rows && cp->view.top + i < (int)n; i++) {
		int idx = cp->view.top + i, y = r->y + 1 + i, x = r->x;
		const struct recalc_choice *c = &ch[idx];
		bool cur = idx == cp->view.cursor;
		bool chosen = recalc_choice_matches(c, in);
		bool ok = c->phase == PHASE_NONE;
		enum role role = cur
		    ? (focused ? ROLE_SELECTION : ROLE_SELECTION_INACTIVE)
		    : ROLE_DEFAULT;
		char name[160], text[256];

		if (cur)
			draw_pad(&a->theme, role, y, x, r->w);
		draw_text(&a->theme, chosen ? ROLE_CHOSEN : role, y, x, 1,
		    chosen ? a->g->chosen : " ", NULL);
		draw_text(&a->theme,
		    cur      ? role
			: ok ? ROLE_VERDICT_OK
			     : ROLE_VERDICT_FAIL,
		    y, x + 1, 1, ok ? a->g->ok : a->g->fail, NULL);
		pane_choice_name(a, c, name, sizeof name);
		if (ok)
			snprintf(text, sizeof text, " %-*s %s", pad,
			    ckpt_format_name(c->format), name);
		else if (c->phase == PHASE_CONFIG)
			snprintf(text, sizeof text, " %-*s %s", pad,
			    ckpt_format_name(c->format), c->reason);
		else
			snprintf(text, sizeof text, " %-*s %s: %s", pad,
			    ckpt_format_name(c->format),
			    plan_phase_name(c->phase), name);
		draw_text(&a->theme, ok || cur ? role : ROLE_MUTED, y, x + 2,
		    r->w - 2, text, a->g->ellipsis);
	}
}

/* The cursor on the choice the input runs. */
static void
to_choice(struct app *a, struct ckpt_pane *cp)
{
	const struct recalc_choice *ch;
	size_t n, i;

	ch = recalc_choices(a->calc, &n);
	for (i = 0; i < n; i++)
		if (recalc_choice_matches(&ch[i], recalc_input(a->calc))) {
			cp->view.cursor = (int)i;
			return;
		}
}

static void
ckpt_init(struct app *a, void *state)
{
	to_choice(a, state);
}

static bool
ckpt_action(struct app *a, void *state, enum action act)
{
	struct ckpt_pane *cp = state;
	struct plan_input in = *recalc_input(a->calc);
	const struct recalc_choice *ch;
	size_t n;

	ch = recalc_choices(a->calc, &n);
	if (act != ACT_CHOOSE)
		return pane_list_action(a, PANE_CKPT, &cp->view, (int)n, act);
	if (cp->view.cursor >= (int)n)
		return true;
	recalc_apply_choice(&in, &ch[cp->view.cursor]);
	in.weight_bytes = recalc_input(a->calc)->weight_bytes;
	app_state_apply(a, &in, TAG_NONE);
	return true;
}

static bool
ckpt_hint(struct app *a, void *state, char *buf, size_t len)
{
	struct ckpt_pane *cp = state;
	size_t n;
	const struct recalc_choice *ch = recalc_choices(a->calc, &n), *c;
	char name[160];

	if (n == 0 || cp->view.cursor >= (int)n)
		return false;
	c = &ch[cp->view.cursor];
	pane_choice_name(a, c, name, sizeof name);
	if (c->phase == PHASE_NONE)
		snprintf(buf, len, "%s (%s): starts, %.2fx at max-model-len",
		    name, ckpt_format_name(c->format), c->max_concurrency);
	else
		snprintf(buf, len, "%s: %s", name, c->reason);
	return true;
}

/* New choices (another model): the cursor on the one in use. */
static void
ckpt_follow(struct app *a, void *state, unsigned chg, unsigned groups)
{
	(void)groups;
	if (chg & RECALC_CHG(RECALC_N_CHOICES))
		to_choice(a, state);
}

/* the choices of the model and whether each starts */
const struct pane_ops pane_ckpt_ops = {
	.name = "ckpt",
	.on_change = RECALC_CHG(RECALC_N_CHOICES),
	.on_input = PANE_IN(RECALC_IN_MODEL),
	.state_size = sizeof(struct ckpt_pane),
	.init = ckpt_init,
	.draw = pane_ckpt_draw,
	.action = ckpt_action,
	.hint = ckpt_hint,
	.follow = ckpt_follow,
};
