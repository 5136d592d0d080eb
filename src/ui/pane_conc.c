/*
 * pane_conc.c - the KV cache in tokens and requests, in vLLM's words
 * ("GPU KV cache size", "Maximum concurrency for N tokens per request"),
 * the tokens-per-request slider with the requests that fit, the total
 * over replicas, and a picture of the requests against max-num-seqs.
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "core/speed.h"
#include "core/units.h"
#include "draw.h"

/*
 * The speed of the planner's plan, short ("~33 tok/s each") for the
 * slider line and long for a row of its own; "" when it is unknown.
 */
static void
speed_note(struct app *a, char *brief, size_t blen, char *full, size_t flen)
{
	const struct plan *p = recalc_plan(a->calc);
	const struct speed_estimate *e = recalc_speed(a->calc);
	char n1[32];

	brief[0] = full[0] = '\0';
	if (!e->known || p->concurrency_at_tpr <= 0)
		return;
	snprintf(brief, blen, ", est. %.0f tok/s each",
	    e->load.tokens_per_s_user);
	snprintf(full, flen,
	    "Speed (est.): %.1f tok/s per user at %s, %.0f in all, "
	    "%.1f alone",
	    e->load.tokens_per_s_user,
	    units_format_commas(e->load.users, n1, sizeof n1),
	    e->load.tokens_per_s_total, e->single.tokens_per_s_user);
	if (e->prefill_known) {
		size_t o = strlen(full);

		snprintf(full + o, flen > o ? flen - o : 0, "; prefill %.1f s",
		    e->prefill_s);
	}
}

/* Requests as cells: filled for those that fit, free up to max-num-seqs. */
static void
draw_requests(struct app *a, int y, int x, int w, const struct plan *p)
{
	int64_t fit = p->concurrency_at_tpr, cap = p->max_num_seqs, per;
	int cells, filled, i, lw;
	char label[64];

	if (w < 12 || cap <= 0)
		return;
	/* room for the widest label, the cell's worth ("■=32") included */
	snprintf(label, sizeof label, " %lld/%lld seqs, %s=%lld",
	    (long long)fit, (long long)cap, a->g->request, (long long)cap);
	lw = draw_width(label);
	if (w - lw < 4) { /* too narrow: without the cell's worth */
		snprintf(label, sizeof label, " %lld/%lld seqs", (long long)fit,
		    (long long)cap);
		lw = draw_width(label);
	}
	cells = w - lw;
	if (cells > 64)
		cells = 64;
	if (cells < 4)
		return;
	/* a cell is worth a power of two requests: "■=32", not "■=45" */
	for (per = 1; per * cells < cap; per *= 2)
		;
	cells = (int)((cap + per - 1) / per);
	filled = (int)((fit + per - 1) / per);
	for (i = 0; i < cells; i++)
		draw_text(&a->theme,
		    i < filled ? ROLE_REQUEST : ROLE_REQUEST_FREE, y, x + i, 1,
		    i < filled ? a->g->request : a->g->request_free, NULL);
	if (per > 1)
		snprintf(label, sizeof label, " %lld/%lld seqs, %s=%lld",
		    (long long)fit, (long long)cap, a->g->request,
		    (long long)per);
	draw_text(&a->theme, ROLE_MUTED, y, x + cells, w - cells, label,
	    a->g->ellipsis);
}

/* The slider's arrows around the tokens per request, at row y from
 * column x; returns the columns it took. */
static int
pane_conc_draw_slider(struct app *a, const struct plan *p, int y, int x, int w)
{
	char n1[32], n3[32];
	int used;

	used = draw_text(&a->theme, ROLE_SLIDER, y, x, 2, a->g->left, NULL) + 1;
	snprintf(n1, sizeof n1, "%s",
	    units_format_commas(p->tokens_per_request, n3, sizeof n3));
	used +=
	    draw_text(&a->theme, ROLE_SLIDER, y, x + used, w - used, n1, NULL);
	used += 1;
	used += draw_text(&a->theme, ROLE_SLIDER, y, x + used, 1, a->g->right,
	    NULL);
	return used;
}

/*
 * The text after the slider: the requests that fit (over the replicas),
 * and the speed each user gets (sp_brief, cut to no "each" on a narrow
 * pane) when the line has room after used of w columns.
 */
static void
pane_conc_format_fits(struct app *a, const struct plan *p,
    const struct plan_input *in, int used, int w, char *sp_brief, char *l3,
    size_t len)
{
	bool starts = p->phase == PHASE_NONE;
	char n1[32], n2[32];

	if (!starts)
		snprintf(l3, len,
		    " tokens per request: no requests, vLLM "
		    "does not start");
	else if (p->replicas > 1)
		snprintf(l3, len,
		    " tokens per request%s: %s request%s %s %d "
		    "replicas = %s",
		    in->tokens_per_request > 0 ? "" : " (max-model-len)",
		    units_format_commas(p->concurrency_at_tpr, n1, sizeof n1),
		    units_plural(p->concurrency_at_tpr), a->g->times,
		    p->replicas,
		    units_format_commas(p->total_concurrency, n2, sizeof n2));
	else
		snprintf(l3, len, " tokens per request%s: %s %s",
		    in->tokens_per_request > 0 ? "" : " (max-model-len)",
		    units_format_commas(p->concurrency_at_tpr, n1, sizeof n1),
		    p->concurrency_at_tpr == 1 ? "request fits"
					       : "requests fit");
	/*
	 * The speed each user gets, marked as an estimate, when the line has
	 * room; on a narrow pane without "each".
	 */
	if (starts && sp_brief[0] != '\0' &&
	    used + draw_width(l3) + draw_width(sp_brief) > w) {
		char *each = strstr(sp_brief, " each");

		if (each != NULL)
			*each = '\0';
	}
	if (starts && sp_brief[0] != '\0' &&
	    used + draw_width(l3) + draw_width(sp_brief) <= w)
		strncat(l3, sp_brief, len - strlen(l3) - 1);
}

static void
pane_conc_draw(struct app *a, void *state, const struct rect *r)
{
	const struct plan *p = recalc_plan(a->calc);
	const struct plan_input *in = recalc_input(a->calc);
	char l1[160], l2[160], l3[256], n1[32], n2[32];
	char sp_brief[64], sp_full[256];
	int y = r->y + 1, w = r->w - 2, x = r->x + 1, used, rows = r->h - 1;
	bool starts = p->phase == PHASE_NONE;

	(void)state;

	draw_clear(&a->theme, ROLE_DEFAULT, r);
	pane_header(a, r, PANE_CONC, "Concurrency",
	    in->overhead == OVERHEAD_RULE ? "sizing rule" : NULL);
	if (rows <= 0)
		return;

	if (p->no_kv_cache) {
		/* vLLM prints neither line: no KV cache, no profile */
		snprintf(l1, sizeof l1,
		    "No KV cache: the model keeps none (encoder-only)");
		snprintf(l2, sizeof l2,
		    "Prompts of one forward step: max-batched %s tokens, "
		    "max-num-seqs %d",
		    units_format_commas(p->max_num_batched_tokens, n1,
			sizeof n1),
		    p->max_num_seqs);
	} else if (in->overhead == OVERHEAD_RULE) {
		snprintf(l1, sizeof l1,
		    "KV cache by the sizing rule: %s GiB, %s tokens",
		    units_format_gib(p->rule_cache, n1, sizeof n1),
		    units_format_commas(p->kv_tokens, n2, sizeof n2));
	} else {
		snprintf(l1, sizeof l1, "GPU KV cache size: %s tokens%s",
		    units_format_commas(p->kv_tokens, n1, sizeof n1),
		    starts ? "" : " (would be)");
	}
	if (!p->no_kv_cache)
		snprintf(l2, sizeof l2,
		    "Maximum concurrency for %s tokens per request: %.2fx",
		    units_format_commas(p->max_model_len, n1, sizeof n1),
		    p->max_concurrency);

	used = draw_text(&a->theme, starts ? ROLE_VALUE : ROLE_MUTED, y, x, w,
	    l1, a->g->ellipsis);
	if (rows < 4)
		draw_requests(a, y, x + used + 2, w - used - 2, p);
	if (rows >= 2)
		draw_text(&a->theme, starts ? ROLE_VALUE : ROLE_MUTED, y + 1, x,
		    w, l2, a->g->ellipsis);
	if (rows < 3)
		return;

	used = pane_conc_draw_slider(a, p, y + 2, x, w);
	speed_note(a, sp_brief, sizeof sp_brief, sp_full, sizeof sp_full);
	pane_conc_format_fits(a, p, in, used, w, sp_brief, l3, sizeof l3);
	used += draw_text(&a->theme, starts ? ROLE_VALUE : ROLE_VERDICT_FAIL,
	    y + 2, x + used, w - used, l3, a->g->ellipsis);
	if (p->warning[0] != '\0' && rows >= 4)
		draw_text(&a->theme, ROLE_WARNING, y + 3, x, w, p->warning,
		    a->g->ellipsis);
	else if (p->warning[0] != '\0' && used + 4 < w)
		draw_text(&a->theme, ROLE_WARNING, y + 2, x + used + 2,
		    w - used - 2, "(longer than max-model-len: rejected)",
		    a->g->ellipsis);
	if (rows >= 4) {
		int py = y + (p->warning[0] != '\0' ? 4 : 3);

		if (py < r->y + r->h)
			draw_requests(a, py, x, w, p);
		if (starts && sp_full[0] != '\0' && py + 1 < r->y + r->h)
			draw_text(&a->theme, ROLE_ESTIMATE, py + 1, x, w,
			    sp_full, a->g->ellipsis);
	}
}

/* the KV cache, the slider, the requests and the speed */
const struct pane_ops pane_conc_ops = {
	.name = "conc",
	.on_change = RECALC_CHG(RECALC_N_SETTINGS) |
	    RECALC_CHG(RECALC_N_BUDGET) | RECALC_CHG(RECALC_N_WEIGHTS) |
	    RECALC_CHG(RECALC_N_PROFILE) | RECALC_CHG(RECALC_N_KV) |
	    RECALC_CHG(RECALC_N_VERDICT) | RECALC_CHG(RECALC_N_CONCURRENCY) |
	    RECALC_CHG(RECALC_N_SPEED),
	.on_input = PANE_IN(RECALC_IN_SLIDER),
	.draw = pane_conc_draw,
};
