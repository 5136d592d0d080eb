/*
 * pane_model.c - the model list (with its search filter) and the
 * checkpoint choices of the model in use, each marked with whether it
 * starts on the card and, when not, why.
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "model_search.h"

static void
pane_model_draw(struct app *a, const struct rect *r)
{
	const struct plan_input *in = recalc_input(a->calc);
	int rows = pane_list_rows(r), i;
	char right[80];
	bool focused = a->focus == PANE_MODEL;

	draw_clear(&a->theme, ROLE_DEFAULT, r);
	if (a->search[0] != '\0')
		snprintf(right, sizeof right, "/%s %zu", a->search, a->n_models);
	else
		snprintf(right, sizeof right, "%zu", a->n_models);
	pane_header(a, r, PANE_MODEL, "2 Model", right);
	pane_view_fit(&a->model_view, (int)a->n_models, rows);
	if (a->n_models == 0 && rows > 0)
		draw_text(&a->theme, ROLE_MUTED, r->y + 1, r->x + 1, r->w - 1,
		    "no model matches", a->g->ellipsis);
	for (i = 0; i < rows && a->model_view.top + i < (int)a->n_models; i++) {
		int idx = a->model_view.top + i, y = r->y + 1 + i;
		int mi = a->models[idx];
		const struct model *m = mi >= 0 ? &a->cat->models[mi] : in->model;
		const char *name;
		bool cur = idx == a->model_view.cursor, chosen = mi > -2 && m == in->model;
		enum role role = cur ? (focused ? ROLE_SELECTION : ROLE_SELECTION_INACTIVE) :
		    ROLE_DEFAULT;
		char text[200];

		if (m == NULL && mi > -2)
			continue;
		if (cur)
			draw_pad(&a->theme, role, y, r->x, r->w);
		draw_text(&a->theme, chosen ? ROLE_CHOSEN : role, y, r->x, 1,
		    chosen ? a->g->chosen : " ", NULL);
		/* outside the catalogue: marked with where it comes from */
		if (mi <= -2)
			snprintf(text, sizeof text, " (cache) %s", model_search_id(a,
			    (size_t)(-2 - mi)));
		else if (mi == -1)
			snprintf(text, sizeof text, " (%s) %s", model_search_mark(m), m->id);
		else
			snprintf(text, sizeof text, " %s", (name = m->name) && *name ?
			    name : m->id);
		draw_text(&a->theme, role, y, r->x + 1, r->w - 1, text, a->g->ellipsis);
	}
}

static void
pane_ckpt_draw(struct app *a, const struct rect *r)
{
	const struct plan_input *in = recalc_input(a->calc);
	const struct recalc_choice *ch;
	size_t n;
	int rows = pane_list_rows(r), i, pad = r->w >= 40 ? 11 : 5;
	bool focused = a->focus == PANE_CKPT;

	ch = recalc_choices(a->calc, &n);
	draw_clear(&a->theme, ROLE_DEFAULT, r);
	pane_header(a, r, PANE_CKPT, "3 Checkpoint", NULL);
	pane_view_fit(&a->ckpt_view, (int)n, rows);
	for (i = 0; i < rows && a->ckpt_view.top + i < (int)n; i++) {
		int idx = a->ckpt_view.top + i, y = r->y + 1 + i, x = r->x;
		const struct recalc_choice *c = &ch[idx];
		bool cur = idx == a->ckpt_view.cursor;
		bool chosen = recalc_choice_matches(c, in);
		bool ok = c->phase == PHASE_NONE;
		enum role role = cur ? (focused ? ROLE_SELECTION : ROLE_SELECTION_INACTIVE) :
		    ROLE_DEFAULT;
		char name[160], text[256];

		if (cur)
			draw_pad(&a->theme, role, y, x, r->w);
		draw_text(&a->theme, chosen ? ROLE_CHOSEN : role, y, x, 1,
		    chosen ? a->g->chosen : " ", NULL);
		draw_text(&a->theme, cur ? role : ok ? ROLE_VERDICT_OK : ROLE_VERDICT_FAIL,
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
			    ckpt_format_name(c->format), plan_phase_name(c->phase), name);
		draw_text(&a->theme, ok || cur ? role : ROLE_MUTED, y, x + 2, r->w - 2,
		    text, a->g->ellipsis);
	}
}

/* the model in use is marked */
const struct pane_ops pane_model_ops = {
	.name = "model",
	.on_change = 0,
	.on_input = PANE_IN(RECALC_IN_MODEL),
	.draw = pane_model_draw,
};

/* the choices of the model and whether each starts */
const struct pane_ops pane_ckpt_ops = {
	.name = "ckpt",
	.on_change = RECALC_CHG(RECALC_N_CHOICES),
	.on_input = PANE_IN(RECALC_IN_MODEL),
	.draw = pane_ckpt_draw,
};
