/*
 * pane_gpu.c - the card list (families, cards, their MIG slices) and the
 * facts of the card or slice under the cursor.
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "draw.h"
#include "io/price.h"

static int
facts_rows(const struct rect *r)
{
	int list = pane_list_rows(r);

	if (list >= 14)
		return 5;
	if (list >= 6)
		return 3;
	return 0;
}

static void
draw_facts(struct app *a, const struct rect *r, int y, int n)
{
	const struct plan_input *in = recalc_input(a->calc);
	const struct plan *p = recalc_plan(a->calc);
	const struct gpu_row *row;
	const struct gpu *g;
	char l[5][160], cnt[48], pr[48];
	int cards, i;
	bool planned;

	if (a->n_gpu_rows == 0 || n <= 0)
		return;
	row = &a->gpu_rows[a->gpu_view.cursor];
	g = &a->cat->gpus[row->gpu];
	cards = in->gpus > 0 ? in->gpus : p->world * p->dp;
	/* the facts follow the cursor; the count belongs to the planned card only */
	planned = row->gpu == in->gpu && row->mig == (in->mig >= 0 ? in->mig : -1);
	if (planned)
		snprintf(cnt, sizeof cnt, "cards %d%s", cards, in->gpus > 0 || r->w < 30 ?
		    "" : " (auto)");
	else
		snprintf(cnt, sizeof cnt, "not planned");
	memset(l, 0, sizeof l);
	if (row->kind == ROW_MIG) {
		const struct mig_profile *m = &g->mig[row->mig];

		snprintf(l[0], sizeof l[0], "%s %s", g->id, m->name);
		snprintf(l[1], sizeof l[1], "%.2f GiB  %d SMs", m->total_gib, m->sm_count);
		snprintf(l[2], sizeof l[2], "%d/card  %s", m->max_count, cnt);
	} else {
		snprintf(l[0], sizeof l[0], "%s", g->name);
		snprintf(l[1], sizeof l[1], "%.2f GiB%s  %.0f GB/s", g->cuda_total_gib,
		    r->w >= 30 ? " CUDA total" : "", g->bandwidth_gbs);
		snprintf(l[2], sizeof l[2], "%s  %s", g->fp8 && g->fp4 ?
		    "FP8 FP4" : g->fp8 ? "FP8" : g->fp4 ? "FP4" : "no FP8", cnt);
		if (g->price_per_hour > 0 && n == 3) {
			size_t k = strlen(l[2]);

			snprintf(l[2] + k, sizeof l[2] - k, "  %s/h", price_format(
			    &a->cat->currency, g->price_per_hour, 2, pr, sizeof pr));
		}
		if (g->price_per_hour > 0)
			snprintf(l[3], sizeof l[3], "%s/h (%s)", price_format(
			    &a->cat->currency, g->price_per_hour, 2, pr, sizeof pr),
			    g->price_date ? g->price_date : "undated");
		else
			snprintf(l[3], sizeof l[3], "no dated price");
		snprintf(l[4], sizeof l[4], "CC %.1f, %.0f W, %zu MIG profiles",
		    g->compute_capability, g->tdp_w, g->n_mig);
	}
	for (i = 0; i < n && i < 5; i++)
		draw_text(&a->theme, i == 0 ? ROLE_LABEL : ROLE_VALUE, y + i, r->x + 1,
		    r->w - 1, l[i], a->g->ellipsis);
}

static void
pane_gpu_draw(struct app *a, const struct rect *r)
{
	const struct plan_input *in = recalc_input(a->calc);
	int fr = facts_rows(r), rows = pane_list_rows(r) - fr, i;
	char right[32];
	bool focused = a->focus == PANE_GPU;

	draw_clear(&a->theme, ROLE_DEFAULT, r);
	if (a->gpu_search[0] != '\0')
		snprintf(right, sizeof right, "/%.8s %zu/%zu", a->gpu_search, a->n_gpu_rows,
		    a->n_all_gpu_rows);
	else
		snprintf(right, sizeof right, "%d/%zu", a->gpu_view.cursor + 1,
		    a->n_gpu_rows);
	pane_header(a, r, PANE_GPU, "1 GPU", right);
	pane_view_fit(&a->gpu_view, (int)a->n_gpu_rows, rows);
	for (i = 0; i < rows && a->gpu_view.top + i < (int)a->n_gpu_rows; i++) {
		int idx = a->gpu_view.top + i, y = r->y + 1 + i, x = r->x;
		const struct gpu_row *row = &a->gpu_rows[idx];
		bool cur = idx == a->gpu_view.cursor;
		bool chosen = row->kind != ROW_FAMILY && row->gpu == in->gpu &&
		    row->mig == (in->mig >= 0 ? in->mig : -1);
		enum role role = cur ? (focused ? ROLE_SELECTION : ROLE_SELECTION_INACTIVE) :
		    ROLE_DEFAULT;
		char text[160];
		const struct gpu *g = &a->cat->gpus[row->gpu];
		int used;

		if (row->kind == ROW_FAMILY) {
			draw_text(&a->theme, ROLE_HEADING, y, x + 1, r->w - 1, row->family,
			    a->g->ellipsis);
			continue;
		}
		if (cur)
			draw_pad(&a->theme, role, y, x, r->w);
		draw_text(&a->theme, chosen ? ROLE_CHOSEN : role, y, x,
		    1, chosen ? a->g->chosen : " ", NULL);
		if (row->kind == ROW_GPU)
			snprintf(text, sizeof text, " %s", g->id);
		else
			snprintf(text, sizeof text, "   %s %-8s %6.2f", a->g->branch,
			    g->mig[row->mig].name, g->mig[row->mig].total_gib);
		used = draw_text(&a->theme, role, y, x + 1, r->w - 1, text, a->g->ellipsis);
		/* wide panes have room for the card's full name */
		if (row->kind == ROW_GPU && r->w >= 44 && used + 4 < r->w - 1)
			draw_text(&a->theme, cur ? role : ROLE_MUTED, y, x + 1 + 22,
			    r->w - 23, g->name, a->g->ellipsis);
	}
	if (fr > 0)
		draw_facts(a, r, r->y + r->h - fr, fr);
}

/* its facts count the cards of TP x PP x DP */
const struct pane_ops pane_gpu_ops = {
	.name = "gpu",
	.on_change = RECALC_CHG(RECALC_N_SETTINGS),
	.on_input = PANE_IN(RECALC_IN_CARD),
	.draw = pane_gpu_draw,
};
