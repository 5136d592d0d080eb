/*
 * pane.c - what the panes share: the table of their operations and the
 * repaint masks read from it, headers, list scrolling, the names of cards
 * and checkpoints, and the "too small" screen.
 */
#include "pane.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action.h"
#include "core/xalloc.h"
#include "draw.h"

static const struct pane_ops *const pane_table[PANE_COUNT] = {
	[PANE_TITLE] = &pane_title_ops,
	[PANE_GPU] = &pane_gpu_ops,
	[PANE_MODEL] = &pane_model_ops,
	[PANE_CKPT] = &pane_ckpt_ops,
	[PANE_FLAGS] = &pane_flags_ops,
	[PANE_BAR] = &pane_bar_ops,
	[PANE_CONC] = &pane_conc_ops,
	[PANE_VERDICT] = &pane_verdict_ops,
	[PANE_CMD] = &pane_cmd_ops,
	[PANE_STATUS] = &pane_status_ops,
};

const struct pane_ops *
pane_ops_of(enum pane_id id)
{
	return id >= 0 && id < PANE_COUNT ? pane_table[id] : NULL;
}

unsigned
pane_repaint_mask(unsigned chg, unsigned groups)
{
	unsigned d = 0;
	int p;

	for (p = 0; p < PANE_COUNT; p++)
		if ((pane_table[p]->on_change & chg) ||
		    (pane_table[p]->on_input & groups))
			d |= PANE_BIT(p);
	return d;
}

void
pane_init_all(struct app *a)
{
	int p;

	for (p = 0; p < PANE_COUNT; p++) {
		a->panes[p].ops = pane_table[p];
		a->panes[p].state = pane_table[p]->state_size > 0
		    ? xcalloc(1, pane_table[p]->state_size)
		    : NULL;
	}
	for (p = 0; p < PANE_COUNT; p++)
		if (pane_table[p]->init != NULL)
			pane_table[p]->init(a, a->panes[p].state);
}

void
pane_done_all(struct app *a)
{
	int p;

	for (p = 0; p < PANE_COUNT; p++) {
		if (a->panes[p].ops == NULL)
			continue;
		if (a->panes[p].state != NULL && a->panes[p].ops->done != NULL)
			a->panes[p].ops->done(a->panes[p].state);
		free(a->panes[p].state);
		a->panes[p].state = NULL;
	}
}

void
pane_draw(struct app *a, enum pane_id id, const struct rect *r)
{
	pane_table[id]->draw(a, a->panes[id].state, r);
}

bool
pane_act(struct app *a, enum pane_id id, enum action act)
{
	if (id < 0 || id >= PANE_COUNT || pane_table[id]->action == NULL)
		return false;
	return pane_table[id]->action(a, a->panes[id].state, act);
}

bool
pane_hint(struct app *a, char *buf, size_t len)
{
	const struct pane_ops *ops = pane_ops_of(a->focus);

	return ops != NULL && ops->hint != NULL &&
	    ops->hint(a, a->panes[a->focus].state, buf, len);
}

void
pane_follow_all(struct app *a, unsigned chg, unsigned groups)
{
	int p;

	for (p = 0; p < PANE_COUNT; p++)
		if (pane_table[p]->follow != NULL)
			pane_table[p]->follow(a, a->panes[p].state, chg,
			    groups);
}

void
pane_prompt(struct app *a, enum pane_id id, enum pane_prompt ev)
{
	if (pane_table[id]->prompt != NULL)
		pane_table[id]->prompt(a, a->panes[id].state, ev);
}

bool
pane_list_move(struct list_view *v, int n, int rows, enum action act,
    int *target)
{
	int t;

	switch (act) {
	case ACT_UP: t = v->cursor - 1; break;
	case ACT_DOWN: t = v->cursor + 1; break;
	case ACT_PAGE_UP: t = v->cursor - (rows > 0 ? rows : 1); break;
	case ACT_PAGE_DOWN: t = v->cursor + (rows > 0 ? rows : 1); break;
	case ACT_FIRST: t = 0; break;
	case ACT_LAST: t = n - 1; break;
	default: return false;
	}
	if (t >= n)
		t = n - 1;
	if (t < 0)
		t = 0;
	*target = t;
	return true;
}

bool
pane_list_action(struct app *a, enum pane_id id, struct list_view *v, int n,
    enum action act)
{
	int target;

	if (!pane_list_move(v, n, pane_list_rows(&a->lay.pane[id]), act,
		&target))
		return false;
	if (n > 0) {
		v->cursor = target;
		app_state_repaint(a, PANE_BIT(id) | PANE_BIT(PANE_STATUS));
	}
	return true;
}

void
pane_header(struct app *a, const struct rect *r, enum pane_id id,
    const char *title, const char *right)
{
	enum role role =
	    a->focus == id ? ROLE_PANE_TITLE_FOCUS : ROLE_PANE_TITLE;
	int used, rw = right ? draw_width(right) : 0;

	draw_pad(&a->theme, role, r->y, r->x, r->w);
	used = draw_text(&a->theme, role, r->y, r->x + 1, r->w - 1, title,
	    a->g->ellipsis);
	if (right != NULL && rw > 0 && used + rw + 3 <= r->w)
		draw_text_right(&a->theme, role, r->y, r->x, r->w - 1, right);
}

int
pane_list_rows(const struct rect *r)
{
	return r->h > 1 ? r->h - 1 : 0;
}

void
pane_view_open(struct list_view *v, int rows)
{
	v->top = rows > 2 ? v->cursor - rows / 3 : v->cursor;
	if (v->top < 0)
		v->top = 0;
}

void
pane_view_fit(struct list_view *v, int n, int rows)
{
	if (n <= 0) {
		v->cursor = v->top = 0;
		return;
	}
	if (v->cursor >= n)
		v->cursor = n - 1;
	if (v->cursor < 0)
		v->cursor = 0;
	if (rows <= 0) {
		v->top = v->cursor;
		return;
	}
	if (v->cursor < v->top)
		v->top = v->cursor;
	if (v->cursor >= v->top + rows)
		v->top = v->cursor - rows + 1;
	if (v->top > n - rows)
		v->top = n - rows > 0 ? n - rows : 0;
	if (v->top < 0)
		v->top = 0;
}

void
pane_card_name(const struct app *a, const struct plan_input *in, char *buf,
    size_t len)
{
	const struct gpu *g;

	if (in->gpu < 0 || (size_t)in->gpu >= a->cat->n_gpus) {
		if (in->gpu_total_gib > 0)
			snprintf(buf, len, "custom card (%.2f GiB)",
			    in->gpu_total_gib);
		else
			snprintf(buf, len, "no card");
		return;
	}
	g = &a->cat->gpus[in->gpu];
	if (in->mig >= 0 && (size_t)in->mig < g->n_mig)
		snprintf(buf, len, "%s %s", g->id, g->mig[in->mig].name);
	else
		snprintf(buf, len, "%s", g->id);
}

void
pane_plan_hardware(const struct app *a, char *buf, size_t len)
{
	const struct plan_input *in = recalc_input(a->calc);
	const struct plan *p = recalc_plan(a->calc);
	char card[96];
	int world = p->world > 0 ? p->world : 1,
	    reps = p->replicas > 0 ? p->replicas : 1;
	int n = in->gpus > 0 ? in->gpus : world * reps;
	size_t k;

	pane_card_name(a, in, card, sizeof card);
	k = (size_t)snprintf(buf, len, "%d %s %s", n, a->g->times, card);
	if (k < len && p->tp > 1)
		k += (size_t)snprintf(buf + k, len - k, ", TP %d", p->tp);
	if (k < len && p->pp > 1)
		k += (size_t)snprintf(buf + k, len - k, ", PP %d", p->pp);
	if (k < len && reps > 1)
		snprintf(buf + k, len - k, ", %d replicas", reps);
}

void
pane_choice_name(const struct app *a, const struct recalc_choice *ch, char *buf,
    size_t len)
{
	if (ch->quantization_fp8)
		snprintf(buf, len, "online FP8 (-q fp8)");
	else if (ch->ckpt >= 0 && (size_t)ch->ckpt < a->cat->n_ckpts)
		snprintf(buf, len, "%s", a->cat->ckpts[ch->ckpt].id);
	else if (ch->derived)
		snprintf(buf, len, "derived from the architecture");
	else
		snprintf(buf, len, "local weights");
}
