/*
 * pane_status.c - the status row: the prompt while one is open (its
 * label, the text with the cursor at its end, the reason a value was
 * refused), else the last message, else a hint for the item under the
 * focused pane's cursor.
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "action.h"
#include "draw.h"
#include "model_search.h"

void
pane_hint(struct app *a, char *buf, size_t len)
{
	const struct plan_input *in = recalc_input(a->calc);
	const struct plan *p = recalc_plan(a->calc);
	char k1[16], k2[16];

	switch (a->focus) {
	case PANE_GPU:
		if (a->n_gpu_rows > 0) {
			const struct gpu_row *row =
			    &a->gpu_rows[a->gpu_view.cursor];
			const struct gpu *g = &a->cat->gpus[row->gpu];

			if (row->kind == ROW_MIG &&
			    g->mig[row->mig].total_gib > g->cuda_total_gib)
				/* the catalogue's two figures come from two sources */
				snprintf(buf, len,
				    "%s: %.2f GiB by mig -lgip, the card "
				    "%.2f by CUDA outside MIG mode (the "
				    "driver's figures). "
				    "Enter: use it",
				    g->mig[row->mig].name,
				    g->mig[row->mig].total_gib,
				    g->cuda_total_gib);
			else if (row->kind == ROW_MIG)
				snprintf(buf, len,
				    "%s %s: MIG slice, up to %d per card. "
				    "Enter: use it; +/-: cards; /: search",
				    g->name, g->mig[row->mig].name,
				    g->mig[row->mig].max_count);
			else
				snprintf(buf, len,
				    "%s. Enter: use it; +/-: cards; /: "
				    "search",
				    g->name);
			return;
		}
		break;
	case PANE_MODEL: {
		int mi =
		    a->n_models > 0 && a->model_view.cursor < (int)a->n_models
		    ? a->models[a->model_view.cursor]
		    : 0;

		/* outside the catalogue: where the model comes from */
		if (mi <= -2)
			snprintf(buf, len,
			    "%s: in the Hugging Face cache, not in the "
			    "catalogue. Enter: plan it from there; %s: search",
			    model_search_id(a, (size_t)(-2 - mi)),
			    action_key(ACT_SEARCH, k1, sizeof k1));
		else if (mi == -1 && in->model != NULL)
			snprintf(buf, len,
			    "%s: not in the catalogue, read from %s; %s: "
			    "search (a Hub id not listed: Enter)",
			    in->model->id,
			    in->model->source ? in->model->source : "a folder",
			    action_key(ACT_SEARCH, k1, sizeof k1));
		else
			snprintf(buf, len,
			    "Enter: use this model; %s: search (a Hub id "
			    "not listed: Enter)",
			    action_key(ACT_SEARCH, k1, sizeof k1));
		return;
	}
	case PANE_CKPT: {
		size_t n;
		const struct recalc_choice *ch = recalc_choices(a->calc, &n);

		if (n > 0 && a->ckpt_view.cursor < (int)n) {
			char name[160];
			const struct recalc_choice *c =
			    &ch[a->ckpt_view.cursor];

			pane_choice_name(a, c, name, sizeof name);
			if (c->phase == PHASE_NONE)
				snprintf(buf, len,
				    "%s (%s): starts, %.2fx at max-model-len",
				    name, ckpt_format_name(c->format),
				    c->max_concurrency);
			else
				snprintf(buf, len, "%s: %s", name, c->reason);
			return;
		}
		break;
	}
	case PANE_FLAGS: {
		enum flag_id f = flags_at(in, a->flag_view.cursor);
		struct flag_view v;

		if (f == FLAG_COUNT)
			break;
		flags_view(f, in, p, recalc_defaults(a->calc), &v);
		snprintf(buf, len,
		    "%s = %s (default %s): %s. +/- PgUp/PgDn, Enter "
		    "types, d resets",
		    flags_name(f), v.value, v.deflt, flags_help(f));
		return;
	}
	case PANE_VERDICT:
		snprintf(buf, len,
		    "Up/Down: pick a fix; %s or Enter applies it; %s: "
		    "vLLM's whole message",
		    action_key(ACT_APPLY_FIX, k1, sizeof k1),
		    action_key(ACT_DETAILS, k2, sizeof k2));
		return;
	case PANE_CMD:
		snprintf(buf, len,
		    "w: write to a file  y: copy (OSC 52)  x: %s",
		    recalc_explicit_all(a->calc) ? "only changed flags"
						 : "every flag");
		return;
	default: break;
	}
	snprintf(buf, len, "Tab: next pane  Left/Right: tokens per request");
}

static void
pane_status_draw(struct app *a, const struct rect *r)
{
	char hint[512], help[32];
	int used;

	if (a->prompt.kind != PROMPT_NONE) {
		char line[sizeof a->prompt.text + sizeof a->prompt.label + 16];
		const char *t = a->prompt.text;
		int cx, tw = draw_width(t);
		int avail = r->w - 2 - draw_width(a->prompt.label) - 2;

		/* a refusal keeps room for itself, the text at least half */
		if (a->prompt.error[0] != '\0') {
			int ew = draw_width(a->prompt.error) + 2, keep = tw + 1;

			if (keep > avail / 2)
				keep = avail / 2;
			if (avail - ew > keep)
				keep = avail - ew;
			avail = keep;
		}

		draw_pad(&a->theme, ROLE_PROMPT, r->y, r->x, r->w);
		/* a long pasted command: show its end, where the cursor is */
		while (avail > 4 && tw > avail - 1 && *t != '\0') {
			char one[8];
			int k = 1;

			while ((t[k] & 0xc0) == 0x80 && k < 6)
				k++;
			snprintf(one, sizeof one, "%.*s", k, t);
			tw -= draw_width(one);
			t += k;
		}
		snprintf(line, sizeof line, "%s: %s%s", a->prompt.label,
		    t != a->prompt.text ? a->g->ellipsis : "", t);
		used = draw_text(&a->theme, ROLE_PROMPT, r->y, r->x, r->w - 1,
		    line, NULL);
		/* the value given, shown as selected: typing replaces it */
		if (a->prompt.fresh && used < r->w) {
			int tx = used - draw_width(t);

			draw_text(&a->theme, ROLE_SELECTION, r->y, r->x + tx,
			    r->w - 1 - tx, t, NULL);
		}
		cx = r->x + used;
		if (a->prompt.error[0] != '\0' && used + 4 < r->w)
			draw_text(&a->theme, ROLE_PROMPT_ERROR, r->y, cx + 2,
			    r->w - used - 2, a->prompt.error, a->g->ellipsis);
		move(r->y, cx < r->x + r->w ? cx : r->x + r->w - 1);
		return;
	}
	draw_pad(&a->theme, a->status[0] ? a->status_role : ROLE_STATUS, r->y,
	    r->x, r->w);
	snprintf(help, sizeof help, "? help ");
	if (a->status[0] != '\0') {
		draw_text(&a->theme, a->status_role, r->y, r->x + 1, r->w - 2,
		    a->status, a->g->ellipsis);
		return;
	}
	pane_hint(a, hint, sizeof hint);
	draw_text(&a->theme, ROLE_STATUS, r->y, r->x + 1, r->w - 10, hint,
	    a->g->ellipsis);
	draw_text_right(&a->theme, ROLE_STATUS, r->y, r->x, r->w, help);
}

/* repainted after every key */
const struct pane_ops pane_status_ops = {
	.name = "status",
	.on_change = 0,
	.on_input = 0,
	.draw = pane_status_draw,
};
