/*
 * pane_title.c - the title row: the card (and count), the model, the
 * checkpoint format and the vLLM release planned, and on the right
 * whether vLLM starts or the phase where it stops.
 */
#include "pane.h"

#include <stdio.h>

#include "core/vllm_version.h"
#include "draw.h"

static void
pane_title_draw(struct app *a, void *state, const struct rect *r)
{
	const struct plan *p = recalc_plan(a->calc);
	const struct plan_input *in = recalc_input(a->calc);
	char card[96], line[512], ver[16], right[96];

	(void)state;

	pane_card_name(a, in, card, sizeof card);
	vllm_version_format(p->version, ver, sizeof ver);
	if (in->gpus > 0)
		snprintf(line, sizeof line,
		    "headroom  %s %s %d  %s  %s  vLLM %s", card, a->g->times,
		    in->gpus,
		    in->model
			? (in->model->name ? in->model->name : in->model->id)
			: "no model",
		    ckpt_format_name(p->format), ver);
	else
		snprintf(line, sizeof line, "headroom  %s  %s  %s  vLLM %s",
		    card,
		    in->model
			? (in->model->name ? in->model->name : in->model->id)
			: "no model",
		    ckpt_format_name(p->format), ver);
	if (p->phase == PHASE_NONE)
		snprintf(right, sizeof right, "%s starts", a->g->ok);
	else
		snprintf(right, sizeof right, "%s fails: %s", a->g->fail,
		    plan_phase_title(p->phase));
	draw_pad(&a->theme, ROLE_TITLE, r->y, r->x, r->w);
	draw_text(&a->theme, ROLE_TITLE, r->y, r->x + 1,
	    r->w - draw_width(right) - 4, line, a->g->ellipsis);
	draw_text_right(&a->theme, ROLE_TITLE, r->y, r->x, r->w - 1, right);
}

void
pane_too_small_draw(struct app *a)
{
	char msg[128];
	int y = a->rows / 2, w;

	erase();
	snprintf(msg, sizeof msg,
	    "terminal too small: %dx%d (headroom needs %dx%d)", a->cols,
	    a->rows, LAYOUT_MIN_COLS, LAYOUT_MIN_ROWS);
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
		draw_text(&a->theme, ROLE_MUTED, y, (a->cols - w) / 2, a->cols,
		    msg, a->g->ellipsis);
}

/* the card, the model, the format and the release; whether it starts */
const struct pane_ops pane_title_ops = {
	.name = "title",
	.on_change =
	    RECALC_CHG(RECALC_N_SETTINGS) | RECALC_CHG(RECALC_N_VERDICT),
	.on_input = PANE_IN(RECALC_IN_CARD) | PANE_IN(RECALC_IN_MODEL),
	.draw = pane_title_draw,
};
