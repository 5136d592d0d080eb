/*
 * pane.c - what the panes share: headers, list scrolling, hints, and the
 * screen-wide pieces (title row, status row, overlays, "too small").
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "action.h"
#include "overlay_fit.h"
#include "deploy_view.h"
#include "import.h"
#include "draw.h"
#include "model_search.h"
#include "keys.h"

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
pane_hint(struct app *a, char *buf, size_t len)
{
	const struct plan_input *in = recalc_input(a->calc);
	const struct plan *p = recalc_plan(a->calc);
	char k1[16], k2[16];

	switch (a->focus) {
	case PANE_GPU:
		if (a->n_gpu_rows > 0) {
			const struct gpu_row *row = &a->gpu_rows[a->gpu_view.cursor];
			const struct gpu *g = &a->cat->gpus[row->gpu];

			if (row->kind == ROW_MIG &&
			    g->mig[row->mig].total_gib > g->cuda_total_gib)
				/* the catalogue's two figures come from two sources */
				snprintf(buf, len, "%s: %.2f GiB by mig -lgip, the card "
				    "%.2f by CUDA outside MIG mode (the driver's figures). "
				    "Enter: use it", g->mig[row->mig].name,
				    g->mig[row->mig].total_gib, g->cuda_total_gib);
			else if (row->kind == ROW_MIG)
				snprintf(buf, len, "%s %s: MIG slice, up to %d per card. "
				    "Enter: use it; +/-: cards; /: search", g->name,
				    g->mig[row->mig].name, g->mig[row->mig].max_count);
			else
				snprintf(buf, len, "%s. Enter: use it; +/-: cards; /: "
				    "search", g->name);
			return;
		}
		break;
	case PANE_MODEL: {
		int mi = a->n_models > 0 && a->model_view.cursor < (int)a->n_models ?
		    a->models[a->model_view.cursor] : 0;

		/* outside the catalogue: where the model comes from */
		if (mi <= -2)
			snprintf(buf, len, "%s: in the Hugging Face cache, not in the "
			    "catalogue. Enter: plan it from there; %s: search",
			    model_search_id(a, (size_t)(-2 - mi)),
			    action_key(ACT_SEARCH, k1, sizeof k1));
		else if (mi == -1 && in->model != NULL)
			snprintf(buf, len, "%s: not in the catalogue, read from %s; %s: "
			    "search (a Hub id not listed: Enter)", in->model->id,
			    in->model->source ? in->model->source : "a folder",
			    action_key(ACT_SEARCH, k1, sizeof k1));
		else
			snprintf(buf, len, "Enter: use this model; %s: search (a Hub id "
			    "not listed: Enter)", action_key(ACT_SEARCH, k1, sizeof k1));
		return;
	}
	case PANE_CKPT: {
		size_t n;
		const struct recalc_choice *ch = recalc_choices(a->calc, &n);

		if (n > 0 && a->ckpt_view.cursor < (int)n) {
			char name[160];
			const struct recalc_choice *c = &ch[a->ckpt_view.cursor];

			pane_choice_name(a, c, name, sizeof name);
			if (c->phase == PHASE_NONE)
				snprintf(buf, len, "%s (%s): starts, %.2fx at max-model-len",
				    name, ckpt_format_name(c->format), c->max_concurrency);
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
		snprintf(buf, len, "%s = %s (default %s): %s. +/- PgUp/PgDn, Enter "
		    "types, d resets", flags_name(f), v.value, v.deflt, flags_help(f));
		return;
	}
	case PANE_VERDICT:
		snprintf(buf, len, "Up/Down: pick a fix; %s or Enter applies it; %s: "
		    "vLLM's whole message", action_key(ACT_APPLY_FIX, k1, sizeof k1),
		    action_key(ACT_DETAILS, k2, sizeof k2));
		return;
	case PANE_CMD:
		snprintf(buf, len, "w: write to a file  y: copy (OSC 52)  x: %s",
		    recalc_explicit_all(a->calc) ? "only changed flags" : "every flag");
		return;
	default:
		break;
	}
	snprintf(buf, len, "Tab: next pane  Left/Right: tokens per request");
}

void
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
		used = draw_text(&a->theme, ROLE_PROMPT, r->y, r->x, r->w - 1, line, NULL);
		/* the value given, shown as selected: typing replaces it */
		if (a->prompt.fresh && used < r->w) {
			int tx = used - draw_width(t);

			draw_text(&a->theme, ROLE_SELECTION, r->y, r->x + tx, r->w - 1 - tx,
			    t, NULL);
		}
		cx = r->x + used;
		if (a->prompt.error[0] != '\0' && used + 4 < r->w)
			draw_text(&a->theme, ROLE_PROMPT_ERROR, r->y, cx + 2,
			    r->w - used - 2, a->prompt.error, a->g->ellipsis);
		move(r->y, cx < r->x + r->w ? cx : r->x + r->w - 1);
		return;
	}
	draw_pad(&a->theme, a->status[0] ? a->status_role : ROLE_STATUS, r->y, r->x,
	    r->w);
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

/* ---- overlays ---- */

int
pane_help_lines(void)
{
	int n = 0, c, i;

	for (c = 0; c < CTX_COUNT; c++) {
		n += 2;
		for (i = 1; i < ACT_COUNT; i++)
			if ((int)action_info((enum action)i)->ctx == c)
				n++;
	}
	return n;
}

static void
overlay_box(struct app *a, struct rect *box, const char *title)
{
	/* the whole screen but the status row: no half-hidden pane shows through */
	box->w = a->cols;
	box->h = a->rows - 1;
	box->x = 0;
	box->y = 0;
	draw_clear(&a->theme, ROLE_HELP, box);
	draw_text(&a->theme, ROLE_HELP_TITLE, box->y, box->x + 2, box->w - 4, title,
	    a->g->ellipsis);
}

static void
help_draw(struct app *a)
{
	struct rect box;
	int c, i, line = 0, y, rows;

	overlay_box(a, &box, "headroom keys (Esc or ? closes, Up/Down scroll)");
	rows = box.h - 2;
	y = box.y + 2;
	if (box.w > 90) {
		box.x += (box.w - 90) / 2;
		box.w = 90;
	}
	for (c = 0; c < CTX_COUNT; c++) {
		const char *title = action_ctx_title((enum action_ctx)c);

		if (line >= a->overlay_top && line - a->overlay_top < rows)
			draw_text(&a->theme, ROLE_HELP_TITLE, y + line - a->overlay_top,
			    box.x + 2, box.w - 4, title, a->g->ellipsis);
		line++;
		for (i = 1; i < ACT_COUNT; i++) {
			const struct action_info *ai = action_info((enum action)i);
			int ly = y + line - a->overlay_top;

			if ((int)ai->ctx != c)
				continue;
			if (line >= a->overlay_top && line - a->overlay_top < rows) {
				draw_text(&a->theme, ROLE_HELP_KEY, ly, box.x + 4, 20,
				    ai->keys, a->g->ellipsis);
				draw_text(&a->theme, ROLE_HELP, ly, box.x + 25, box.w - 27,
				    ai->help, a->g->ellipsis);
			}
			line++;
		}
		line++;
	}
}

/* One line of the details overlay: text and role. */
struct detail_line {
	const char	*s;
	int		 len;
	int		 indent;
	enum role	 role;
};

static int
add_wrapped(struct detail_line *out, int n, int max, const char *text, int w,
    int indent, enum role role)
{
	const char *starts[64];
	int lens[64], k, i;

	k = draw_wrap_lines(text, w - indent, starts, lens, 64);
	for (i = 0; i < k && n < max; i++, n++) {
		out[n].s = starts[i];
		out[n].len = lens[i];
		out[n].indent = indent;
		out[n].role = role;
	}
	return n;
}

static void
details_draw(struct app *a)
{
	const struct plan *p = recalc_plan(a->calc);
	const struct fix *f;
	struct detail_line lines[256];
	size_t nf, i;
	struct rect box;
	char head[256], line[256];
	int n = 0, w, rows, k;

	overlay_box(a, &box, "Verdict in full (Esc or i closes, Up/Down scroll)");
	if (box.w > 100) {
		box.x += (box.w - 100) / 2;
		box.w = 100;
	}
	w = box.w - 4;
	rows = box.h - 2;
	if (p->phase == PHASE_NONE)
		snprintf(head, sizeof head, "%s vLLM starts.", a->g->ok);
	else
		snprintf(head, sizeof head, "%s vLLM stops at the %s (%s):", a->g->fail,
		    plan_phase_title(p->phase), plan_phase_name(p->phase));
	n = add_wrapped(lines, n, 256, head, w, 0, p->phase == PHASE_NONE ?
	    ROLE_VERDICT_OK : ROLE_VERDICT_FAIL);
	n = add_wrapped(lines, n, 256, p->message, w, 0, ROLE_HELP);
	n = add_wrapped(lines, n, 256, p->warning, w, 0, ROLE_WARNING);
	if (p->assumption != NULL) {
		char as[600];

		snprintf(as, sizeof as, "Assumption: %s", p->assumption);
		n = add_wrapped(lines, n, 256, as, w, 0, ROLE_WARNING);
	}
	if (p->card_assumption != NULL) {
		char as[600];

		snprintf(as, sizeof as, "Assumption: %s", p->card_assumption);
		n = add_wrapped(lines, n, 256, as, w, 0, ROLE_WARNING);
	}
	f = recalc_fixes(a->calc, &nf);
	n = add_wrapped(lines, n, 256, " ", w, 0, ROLE_HELP);
	n = add_wrapped(lines, n, 256, nf > 0 ? "Fixes, best first" : "No fix found",
	    w, 0, ROLE_HELP_TITLE);
	for (i = 0; i < nf; i++) {
		char s[sizeof f[i].summary + 32];

		snprintf(s, sizeof s, "%s: %s", fix_kind_name(f[i].kind), f[i].summary);
		n = add_wrapped(lines, n, 256, f[i].flags, w, 0, ROLE_HELP_KEY);
		n = add_wrapped(lines, n, 256, s, w, 2, ROLE_HELP);
	}
	if (a->overlay_top > n - rows)
		a->overlay_top = n - rows > 0 ? n - rows : 0;
	for (k = 0; k < rows && a->overlay_top + k < n; k++) {
		const struct detail_line *l = &lines[a->overlay_top + k];

		snprintf(line, sizeof line, "%.*s", l->len, l->s);
		draw_text(&a->theme, l->role, box.y + 2 + k, box.x + 2 + l->indent,
		    w - l->indent, line, a->g->ellipsis);
	}
}

void
pane_overlay_draw(struct app *a)
{
	if (a->overlay == OVERLAY_HELP)
		help_draw(a);
	else if (a->overlay == OVERLAY_DETAILS)
		details_draw(a);
	else if (import_overlay_is_mine(a))
		import_overlay_draw(a);
	else if (answers_view_owns(a->overlay))
		answers_view_draw(a);
	else if (deploy_view_owns(a->overlay))
		deploy_view_draw(a);
}
