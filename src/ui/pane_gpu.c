/*
 * pane_gpu.c - the card list (families, cards, their MIG slices) and the
 * facts of the card or slice under the cursor.
 */
#include "pane.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"
#include "draw.h"
#include "io/price.h"

struct gpu_pane {
	struct gpu_row *rows; /* the rows shown: all_rows filtered by search */
	size_t n_rows;
	struct gpu_row *all_rows;
	size_t n_all_rows;
	char search[64];
	struct list_view view;
};

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
draw_facts(struct app *a, struct gpu_pane *gp, const struct rect *r, int y,
    int n)
{
	const struct plan_input *in = recalc_input(a->calc);
	const struct plan *p = recalc_plan(a->calc);
	const struct gpu_row *row;
	const struct gpu *g;
	char l[5][160], cnt[48], pr[48];
	int cards, i;
	bool planned;

	if (gp->n_rows == 0 || n <= 0)
		return;
	row = &gp->rows[gp->view.cursor];
	g = &a->cat->gpus[row->gpu];
	cards = in->gpus > 0 ? in->gpus : p->world * p->dp;
	/* the facts follow the cursor; the count belongs to the planned card only */
	planned =
	    row->gpu == in->gpu && row->mig == (in->mig >= 0 ? in->mig : -1);
	if (planned)
		snprintf(cnt, sizeof cnt, "cards %d%s", cards,
		    in->gpus > 0 || r->w < 30 ? "" : " (auto)");
	else
		snprintf(cnt, sizeof cnt, "not planned");
	memset(l, 0, sizeof l);
	if (row->kind == ROW_MIG) {
		const struct mig_profile *m = &g->mig[row->mig];

		snprintf(l[0], sizeof l[0], "%s %s", g->id, m->name);
		snprintf(l[1], sizeof l[1], "%.2f GiB  %d SMs", m->total_gib,
		    m->sm_count);
		snprintf(l[2], sizeof l[2], "%d/card  %s", m->max_count, cnt);
	} else {
		snprintf(l[0], sizeof l[0], "%s", g->name);
		/* a figure the catalogue lacks (a user's card) is left out */
		snprintf(l[1], sizeof l[1], "%.2f GiB%s", g->cuda_total_gib,
		    r->w >= 30 ? " CUDA total" : "");
		if (g->bandwidth_gbs > 0)
			snprintf(l[1] + strlen(l[1]),
			    sizeof l[1] - strlen(l[1]), "  %.0f GB/s",
			    g->bandwidth_gbs);
		snprintf(l[2], sizeof l[2], "%s  %s",
		    g->fp8 && g->fp4 ? "FP8 FP4"
			: g->fp8     ? "FP8"
			: g->fp4     ? "FP4"
				     : "no FP8",
		    cnt);
		if (g->price_per_hour > 0 && n == 3) {
			size_t k = strlen(l[2]);

			snprintf(l[2] + k, sizeof l[2] - k, "  %s/h",
			    price_format(&a->cat->currency, g->price_per_hour,
				2, pr, sizeof pr));
		}
		if (g->price_per_hour > 0)
			snprintf(l[3], sizeof l[3], "%s/h (%s)",
			    price_format(&a->cat->currency, g->price_per_hour,
				2, pr, sizeof pr),
			    g->price_date ? g->price_date : "undated");
		else
			snprintf(l[3], sizeof l[3], "no dated price");
		snprintf(l[4], sizeof l[4], "CC %.1f, %zu MIG profiles",
		    g->compute_capability, g->n_mig);
		if (g->tdp_w > 0)
			snprintf(l[4], sizeof l[4],
			    "CC %.1f, %.0f W, %zu MIG profiles",
			    g->compute_capability, g->tdp_w, g->n_mig);
	}
	for (i = 0; i < n && i < 5; i++)
		draw_text(&a->theme, i == 0 ? ROLE_LABEL : ROLE_VALUE, y + i,
		    r->x + 1, r->w - 1, l[i], a->g->ellipsis);
}

static void
pane_gpu_draw(struct app *a, void *state, const struct rect *r)
{
	struct gpu_pane *gp = state;
	const struct plan_input *in = recalc_input(a->calc);
	int fr = facts_rows(r), rows = pane_list_rows(r) - fr, i;
	char right[32];
	bool focused = a->focus == PANE_GPU;

	draw_clear(&a->theme, ROLE_DEFAULT, r);
	if (gp->search[0] != '\0')
		snprintf(right, sizeof right, "/%.8s %zu/%zu", gp->search,
		    gp->n_rows, gp->n_all_rows);
	else
		snprintf(right, sizeof right, "%d/%zu", gp->view.cursor + 1,
		    gp->n_rows);
	pane_header(a, r, PANE_GPU, "1 GPU", right);
	pane_view_fit(&gp->view, (int)gp->n_rows, rows);
	for (i = 0; i < rows && gp->view.top + i < (int)gp->n_rows; i++) {
		int idx = gp->view.top + i, y = r->y + 1 + i, x = r->x;
		const struct gpu_row *row = &gp->rows[idx];
		bool cur = idx == gp->view.cursor;
		bool chosen = row->kind != ROW_FAMILY && row->gpu == in->gpu &&
		    row->mig == (in->mig >= 0 ? in->mig : -1);
		enum role role = cur
		    ? (focused ? ROLE_SELECTION : ROLE_SELECTION_INACTIVE)
		    : ROLE_DEFAULT;
		char text[160];
		const struct gpu *g = &a->cat->gpus[row->gpu];
		int used;

		if (row->kind == ROW_FAMILY) {
			draw_text(&a->theme, ROLE_HEADING, y, x + 1, r->w - 1,
			    row->family, a->g->ellipsis);
			continue;
		}
		if (cur)
			draw_pad(&a->theme, role, y, x, r->w);
		draw_text(&a->theme, chosen ? ROLE_CHOSEN : role, y, x, 1,
		    chosen ? a->g->chosen : " ", NULL);
		if (row->kind == ROW_GPU)
			snprintf(text, sizeof text, " %s", g->id);
		else
			snprintf(text, sizeof text, "   %s %-8s %6.2f",
			    a->g->branch, g->mig[row->mig].name,
			    g->mig[row->mig].total_gib);
		used = draw_text(&a->theme, role, y, x + 1, r->w - 1, text,
		    a->g->ellipsis);
		/* wide panes have room for the card's full name */
		if (row->kind == ROW_GPU && r->w >= 44 && used + 4 < r->w - 1)
			draw_text(&a->theme, cur ? role : ROLE_MUTED, y,
			    x + 1 + 22, r->w - 23, g->name, a->g->ellipsis);
	}
	if (fr > 0)
		draw_facts(a, gp, r, r->y + r->h - fr, fr);
}

/* Filters the rows by the search; the cursor keeps its card when it can. */
static void
gpu_pane_filter(struct app *a, struct gpu_pane *gp)
{
	const struct plan_input *in = recalc_input(a->calc);
	int gpu = -1, mig = -1, row;

	if (gp->n_rows > 0 && gp->rows[gp->view.cursor].kind != ROW_FAMILY) {
		gpu = gp->rows[gp->view.cursor].gpu;
		mig = gp->rows[gp->view.cursor].mig;
	}
	gp->n_rows = lists_gpu_filter(a->cat, gp->all_rows, gp->n_all_rows,
	    gp->search, gp->rows);
	/* the cursor stays on its card if shown, else the planned one, else the first */
	row = lists_gpu_find(gp->rows, gp->n_rows, gpu, mig);
	if (row < 0)
		row = lists_gpu_find(gp->rows, gp->n_rows, in->gpu, in->mig);
	if (row < 0)
		row = gp->n_rows > 0
		    ? lists_gpu_move(gp->rows, gp->n_rows, -1, 1)
		    : 0;
	if (row >= (int)gp->n_rows)
		row = 0;
	gp->view.cursor = row;
	gp->view.top = 0;
	app_state_repaint(a, PANE_BIT(PANE_GPU) | PANE_BIT(PANE_STATUS));
}

/* Every card and slice, the cursor on the planned one, a third down the pane. */
static void
gpu_pane_init(struct app *a, void *state)
{
	struct gpu_pane *gp = state;
	const struct plan_input *in = recalc_input(a->calc);
	int row, rows = pane_list_rows(&a->lay.pane[PANE_GPU]) - 3;

	gp->n_rows = gp->n_all_rows = lists_gpu_rows(a->cat, NULL, 0);
	gp->rows = xcalloc(gp->n_rows + 1, sizeof *gp->rows);
	gp->all_rows = xcalloc(gp->n_rows + 1, sizeof *gp->rows);
	lists_gpu_rows(a->cat, gp->rows, gp->n_rows);
	memcpy(gp->all_rows, gp->rows, gp->n_rows * sizeof *gp->rows);
	row = lists_gpu_find(gp->rows, gp->n_rows, in->gpu, in->mig);
	gp->view.cursor =
	    row >= 0 ? row : lists_gpu_move(gp->rows, gp->n_rows, -1, 1);
	pane_view_open(&gp->view, rows);
}

static void
gpu_pane_done(void *state)
{
	struct gpu_pane *gp = state;

	free(gp->rows);
	free(gp->all_rows);
}

/* Enter: the card or slice under the cursor becomes the plan's. */
static void
choose(struct app *a, struct gpu_pane *gp)
{
	struct plan_input in = *recalc_input(a->calc);
	const struct gpu_row *row;

	if (gp->n_rows == 0)
		return;
	row = &gp->rows[gp->view.cursor];
	if (row->kind == ROW_FAMILY)
		return;
	in.gpu = row->gpu;
	in.mig = row->mig;
	in.gpu_total_gib = 0;
	app_state_apply(a, &in, TAG_NONE);
	app_state_set_status(a, ROLE_STATUS_OK, "card: %s%s%s",
	    a->cat->gpus[row->gpu].id, row->mig >= 0 ? " " : "",
	    row->mig >= 0 ? a->cat->gpus[row->gpu].mig[row->mig].name : "");
}

/* +/-: one card more or fewer (replicas). */
static void
cards_step(struct app *a, int dir)
{
	struct plan_input in = *recalc_input(a->calc);
	const struct plan *p = recalc_plan(a->calc);
	int cur = in.gpus > 0 ? in.gpus : p->world * p->dp;

	if (cur < 1)
		cur = 1;
	in.gpus = cur + dir < 1 ? 1 : cur + dir > 4096 ? 4096 : cur + dir;
	app_state_apply(a, &in, TAG_CARDS);
}

static bool
gpu_action(struct app *a, void *state, enum action act)
{
	struct gpu_pane *gp = state;
	int n = (int)gp->n_rows, target;

	switch (act) {
	case ACT_CHOOSE: choose(a, gp); return true;
	case ACT_CARDS_INC:
	case ACT_CARDS_DEC:
		cards_step(a, act == ACT_CARDS_INC ? 1 : -1);
		return true;
	case ACT_GPU_SEARCH:
		app_state_open_prompt(a, PROMPT_GPU_SEARCH, "search cards",
		    gp->search);
		return true;
	default: break;
	}
	if (!pane_list_move(&gp->view, n,
		pane_list_rows(&a->lay.pane[PANE_GPU]), act, &target))
		return false;
	if (n <= 0)
		return true;
	/* headings are not rows to stop on */
	if (gp->rows[target].kind == ROW_FAMILY) {
		int dir = target >= gp->view.cursor ? 1 : -1;
		int t = lists_gpu_move(gp->rows, gp->n_rows, target, dir);

		if (t == target)
			t = lists_gpu_move(gp->rows, gp->n_rows, target, -dir);
		target = t;
	}
	gp->view.cursor = target;
	app_state_repaint(a, PANE_BIT(PANE_GPU) | PANE_BIT(PANE_STATUS));
	return true;
}

static bool
gpu_hint(struct app *a, void *state, char *buf, size_t len)
{
	struct gpu_pane *gp = state;
	const struct gpu_row *row;
	const struct gpu *g;

	if (gp->n_rows == 0)
		return false;
	row = &gp->rows[gp->view.cursor];
	g = &a->cat->gpus[row->gpu];
	if (row->kind == ROW_MIG &&
	    g->mig[row->mig].total_gib > g->cuda_total_gib)
		/* the catalogue's two figures come from two sources */
		snprintf(buf, len,
		    "%s: %.2f GiB by mig -lgip, the card "
		    "%.2f by CUDA outside MIG mode (the driver's figures). "
		    "Enter: use it",
		    g->mig[row->mig].name, g->mig[row->mig].total_gib,
		    g->cuda_total_gib);
	else if (row->kind == ROW_MIG)
		snprintf(buf, len,
		    "%s %s: MIG slice, up to %d per card. "
		    "Enter: use it; +/-: cards; /: search",
		    g->name, g->mig[row->mig].name, g->mig[row->mig].max_count);
	else
		snprintf(buf, len,
		    "%s. Enter: use it; +/-: cards; /: "
		    "search",
		    g->name);
	return true;
}

/* The card search filters as it is typed; Enter on one match uses it. */
static void
gpu_prompt(struct app *a, void *state, enum pane_prompt ev)
{
	struct gpu_pane *gp = state;
	size_t i, hits = 0, hit = 0;

	switch (ev) {
	case PANE_PROMPT_EDITED:
		snprintf(gp->search, sizeof gp->search, "%.*s",
		    (int)sizeof gp->search - 1, a->prompt.text);
		gpu_pane_filter(a, gp);
		return;
	case PANE_PROMPT_CANCELLED:
		gp->search[0] = '\0';
		gp->view.cursor = 0; /* then back to the planned card */
		gp->n_rows = 0;
		gpu_pane_filter(a, gp);
		return;
	case PANE_PROMPT_ACCEPTED: break;
	}
	for (i = 0; i < gp->n_rows; i++)
		if (gp->rows[i].kind != ROW_FAMILY &&
		    lists_gpu_row_matches(a->cat, &gp->rows[i], gp->search) &&
		    (gp->rows[i].kind == ROW_MIG || i + 1 >= gp->n_rows ||
			gp->rows[i + 1].kind != ROW_MIG ||
			!lists_gpu_row_matches(a->cat, &gp->rows[i + 1],
			    gp->search))) {
			hits++;
			hit = i;
		}
	/* one card or slice matches (a card, not its slices): use it */
	if (hits == 1) {
		gp->view.cursor = (int)hit;
		choose(a, gp);
	} else if (hits == 0) {
		/* nothing matches: the whole list again, not an empty pane */
		app_state_set_status(a, ROLE_STATUS_ERROR,
		    "no card matches '%s'", gp->search);
		gp->search[0] = '\0';
		gp->view.cursor = 0; /* then back to the planned card */
		gp->n_rows = 0;
		gpu_pane_filter(a, gp);
	}
}

/* its facts count the cards of TP x PP x DP */
const struct pane_ops pane_gpu_ops = {
	.name = "gpu",
	.on_change = RECALC_CHG(RECALC_N_SETTINGS),
	.on_input = PANE_IN(RECALC_IN_CARD),
	.state_size = sizeof(struct gpu_pane),
	.init = gpu_pane_init,
	.draw = pane_gpu_draw,
	.action = gpu_action,
	.hint = gpu_hint,
	.prompt = gpu_prompt,
	.done = gpu_pane_done,
};
