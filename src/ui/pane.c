/*
 * pane.c - what the panes share: headers, list scrolling, hints, and the
 * screen-wide pieces (title row, status row, "too small").
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "action.h"
#include "draw.h"

void
pane_header(struct app *a, const struct rect *r, enum pane_id id,
    const char *title, const char *right)
{
	enum role role = a->focus == id ? ROLE_PANE_TITLE_FOCUS : ROLE_PANE_TITLE;
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
			snprintf(buf, len, "custom card (%.2f GiB)", in->gpu_total_gib);
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
	int world = p->world > 0 ? p->world : 1, reps = p->replicas > 0 ? p->replicas : 1;
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

void
pane_title_draw(struct app *a, const struct rect *r)
{
	const struct plan *p = recalc_plan(a->calc);
	const struct plan_input *in = recalc_input(a->calc);
	char card[96], line[512], ver[16], right[96];

	pane_card_name(a, in, card, sizeof card);
	vllm_version_format(p->version, ver, sizeof ver);
	if (in->gpus > 0)
		snprintf(line, sizeof line, "headroom  %s %s %d  %s  %s  vLLM %s", card,
		    a->g->times, in->gpus, in->model ? (in->model->name ?
		    in->model->name : in->model->id) : "no model",
		    ckpt_format_name(p->format), ver);
	else
		snprintf(line, sizeof line, "headroom  %s  %s  %s  vLLM %s", card,
		    in->model ? (in->model->name ? in->model->name : in->model->id) :
		    "no model", ckpt_format_name(p->format), ver);
	if (p->phase == PHASE_NONE)
		snprintf(right, sizeof right, "%s starts", a->g->ok);
	else
		snprintf(right, sizeof right, "%s fails: %s", a->g->fail,
		    plan_phase_title(p->phase));
	draw_pad(&a->theme, ROLE_TITLE, r->y, r->x, r->w);
	draw_text(&a->theme, ROLE_TITLE, r->y, r->x + 1, r->w - draw_width(right) - 4,
	    line, a->g->ellipsis);
	draw_text_right(&a->theme, ROLE_TITLE, r->y, r->x, r->w - 1, right);
}

void
pane_too_small_draw(struct app *a)
{
	char msg[128];
	int y = a->rows / 2, w;

	erase();
	snprintf(msg, sizeof msg, "terminal too small: %dx%d (headroom needs %dx%d)",
	    a->cols, a->rows, LAYOUT_MIN_COLS, LAYOUT_MIN_ROWS);
	w = draw_width(msg);
	if (w > a->cols)
		w = a->cols;
	draw_text(&a->theme, ROLE_WARNING, y > 0 ? y - 1 : 0, (a->cols - w) / 2,
	    a->cols, msg, a->g->ellipsis);
	snprintf(msg, sizeof msg, "enlarge the window, or press q to quit");
	w = draw_width(msg);
	if (w > a->cols)
		w = a->cols;
	if (y < a->rows)
		draw_text(&a->theme, ROLE_MUTED, y, (a->cols - w) / 2, a->cols, msg,
		    a->g->ellipsis);
}
