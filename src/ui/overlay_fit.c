/*
 * overlay_fit.c - the answer overlays (see overlay_fit.h).
 *
 *   F  Plans for N users: the fit finder over the whole catalogue, one
 *      row per hardware option (card, slice, count, layout) with the
 *      checkpoints that also run on it, cheapest first (r: another rank);
 *      +/- and </> move the users, Left/Right the tokens (up to the
 *      model's maximum; the search keeps the plan's max-model-len, longer
 *      when the requests outgrow it), and the search runs again on every
 *      step (a few milliseconds).  Enter takes the row's plan.
 *   S  This card shared by several instances: each one's budget, the
 *      memory map, the startup orders that work, restarts, one command per
 *      instance, and the MIG slices instead.  +/- move the selected
 *      instance's fraction, a adds a copy of the planner's plan, d drops one.
 *   U  This plan under another release: Left/Right pick it; every
 *      behaviour and figure that changes, and whether it still starts.
 *
 * Drawing works on lines (text, role, indent) so that long views scroll.
 */
#include "overlay_fit.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "action.h"
#include "core/speed.h"
#include "core/units.h"
#include "core/vllm_flags.h"
#include "core/vllm_version.h"
#include "draw.h"
#include "io/sizing_cli.h"
#include "io/sizing_report.h"
#include "io/cli.h"
#include "io/price.h"
#include "keys.h"
#include "pane.h"

#define MAX_LINES 200
#define LINE_LEN 300

struct line {
	char	 s[LINE_LEN];
	enum role role;
	int	 indent;
};

struct lines {
	struct line l[MAX_LINES];
	int	 n;
};

static void __attribute__((format(printf, 4, 5)))
add(struct lines *L, enum role role, int indent, const char *fmt, ...)
{
	va_list ap;

	if (L->n >= MAX_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(L->l[L->n].s, LINE_LEN, fmt, ap);
	va_end(ap);
	L->l[L->n].role = role;
	L->l[L->n].indent = indent;
	L->n++;
}

/* A long text as several lines of at most w columns. */
static void
add_wrapped(struct lines *L, enum role role, int indent, int w, const char *s)
{
	const char *starts[16];
	int lens[16], n, i;

	n = draw_wrap_lines(s, w - indent > 20 ? w - indent : 20, starts, lens, 16);
	for (i = 0; i < n; i++)
		add(L, role, indent, "%.*s", lens[i], starts[i]);
}

static struct answers_view *
view(struct app *a)
{
	if (a->answers == NULL) {
		a->answers = calloc(1, sizeof *a->answers);
		if (a->answers == NULL)
			abort();
	}
	return a->answers;
}

void
answers_view_free(struct answers_view **v)
{
	free(*v);
	*v = NULL;
}

bool
answers_view_owns(int overlay)
{
	return overlay == OVERLAY_FIT || overlay == OVERLAY_SHARE ||
	    overlay == OVERLAY_UPGRADE;
}

/* ---- computing ---- */

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The longest request the search can take: the model's maximum. */
static int64_t
fit_tokens_cap(struct app *a)
{
	const struct model *m = recalc_input(a->calc)->model;

	return m != NULL && m->derived_max_len > 0 ? m->derived_max_len : 0;
}

static void
fit_run(struct app *a)
{
	struct answers_view *v = view(a);
	const struct plan_input *in = recalc_input(a->calc);
	struct fit_query q;
	double t0;

	memset(&q, 0, sizeof q);
	q.model = in->model;
	q.users = v->users;
	q.tokens = v->tokens;
	q.fixed_choice = v->fix_ckpt;
	q.ckpt = in->ckpt;
	q.format = in->format;
	q.quantization_fp8 = in->quantization_fp8;
	q.fixed_kv = v->fix_kv;
	q.kv = in->kv_dtype;
	q.version = in->version;
	q.overhead = in->overhead;
	q.other_usage_gib = in->other_usage_gib;
	q.base = in;
	memcpy(q.cards, v->cards, sizeof q.cards);
	q.n_cards = v->n_cards;
	q.max_cards = v->max_cards;
	q.rank = (enum fit_rank)v->rank;
	/* the plan's max-model-len, or longer when the requests grow past it */
	if (v->max_model_len > 0) {
		int64_t need = fit_max_model_len(v->tokens), cap = fit_tokens_cap(a);

		q.max_model_len = v->max_model_len > need ? v->max_model_len : need;
		if (cap > 0 && q.max_model_len > cap)
			q.max_model_len = cap;
	}
	t0 = now_ms();
	v->n_rows = fit_find(a->cat, &q, v->rows, FIT_MAX_ROWS, &v->res);
	v->fit_ms = now_ms() - t0;
	if (v->cursor >= (int)v->n_rows)
		v->cursor = v->n_rows > 0 ? (int)v->n_rows - 1 : 0;
}

static void
fit_clamp_tokens(struct app *a)
{
	struct answers_view *v = view(a);
	int64_t cap = fit_tokens_cap(a);

	if (cap > 0 && v->tokens > cap)
		v->tokens = cap;
}

static void
share_run(struct app *a)
{
	struct answers_view *v = view(a);
	const struct plan_input *in = recalc_input(a->calc);
	struct share_query q;

	memset(&q, 0, sizeof q);
	q.inst = v->inst;
	q.n = v->n_inst;
	q.gpu = in->gpu;
	q.gpu_total_gib = in->gpu_total_gib;
	q.other_usage_gib = in->other_usage_gib;
	q.version = in->version;
	share_compute(a->cat, &q, &v->share);
}

static void
upgrade_run(struct app *a)
{
	struct answers_view *v = view(a);

	upgrade_compare(a->cat, recalc_input(a->calc), recalc_input(a->calc)->version,
	    v->to_version, &v->upgrade);
}

/* A copy of the planner's plan as an instance with a fraction of the card. */
static void
inst_from_planner(struct app *a, struct share_instance *si, double util, size_t k)
{
	memset(si, 0, sizeof *si);
	si->in = *recalc_input(a->calc);
	si->in.mig = -1;
	si->in.tp = si->in.pp = si->in.dp = 0;
	si->in.gpus = 0;
	si->in.env = NULL;
	si->in.n_env = 0;
	si->in.util = util;
	si->util_explicit = true;
	snprintf(si->label, sizeof si->label, "%zu", k + 1);
}

static int
version_index(int v)
{
	unsigned i;

	for (i = 0; i < vllm_n_known_versions; i++)
		if (vllm_known_versions[i] >= v)
			return (int)i;
	return (int)vllm_n_known_versions - 1;
}

void
answers_view_open(struct app *a, int overlay)
{
	struct answers_view *v = view(a);
	const struct plan *p = recalc_plan(a->calc);
	const struct plan_input *in = recalc_input(a->calc);

	a->overlay = (enum overlay)overlay;
	a->overlay_top = 0;
	v->scroll = 0;
	a->full = true;
	switch (overlay) {
	case OVERLAY_FIT:
		if (v->users <= 0)
			v->users = p->total_concurrency > 0 ? p->total_concurrency : 8;
		if (v->tokens <= 0)
			v->tokens = p->tokens_per_request > 0 ? p->tokens_per_request : 8192;
		/* the plan's max-model-len when the user set one: rows run the same length */
		v->max_model_len = in->max_model_len != 0 && p->max_model_len > 0 ?
		    p->max_model_len : 0;
		fit_clamp_tokens(a);
		fit_run(a);
		break;
	case OVERLAY_SHARE:
		if (v->n_inst == 0) {
			inst_from_planner(a, &v->inst[0], 0.45, 0);
			inst_from_planner(a, &v->inst[1], 0.45, 1);
			v->n_inst = 2;
		}
		share_run(a);
		break;
	case OVERLAY_UPGRADE:
		if (v->to_version <= 0) {
			int cur = in->version > 0 ? in->version : VLLM_VER_NEWEST;
			int i = version_index(cur);

			v->to_version = i + 1 < (int)vllm_n_known_versions ?
			    vllm_known_versions[i + 1] : i > 0 ? vllm_known_versions[i - 1] :
			    cur;
		}
		upgrade_run(a);
		break;
	default:
		break;
	}
}

void
answers_view_start(struct app *a, const struct sizing_opts *o)
{
	struct answers_view *v;
	size_t i;

	if (o == NULL)
		return;
	v = view(a);
	if (o->n_instances > 0) {
		char err[256], label[8];

		v->n_inst = 0;
		for (i = 0; i < o->n_instances && i < SHARE_MAX; i++) {
			snprintf(label, sizeof label, "%zu", i + 1);
			if (sizing_cli_instance(a->cat, recalc_input(a->calc),
			    o->instances[i], label, &v->inst[v->n_inst], err,
			    sizeof err) == 0)
				v->n_inst++;
		}
		answers_view_open(a, OVERLAY_SHARE);
	} else if (o->need > 0) {
		char err[256];
		int n;

		v->users = o->need;
		v->fix_ckpt = o->checkpoint_given;
		v->fix_kv = o->kv_given;
		v->max_cards = o->max_cards;
		n = sizing_cli_cards(a->cat, o->cards, v->cards, FIT_MAX_CARD_IDS, err,
		    sizeof err);
		v->n_cards = n > 0 ? (size_t)n : 0;
		answers_view_open(a, OVERLAY_FIT);
	} else if (o->compare_version > 0) {
		v->to_version = o->compare_version;
		answers_view_open(a, OVERLAY_UPGRADE);
	}
}

/* ---- keys ---- */

static bool
fit_key(struct app *a, int c, struct plan_input *apply)
{
	struct answers_view *v = view(a);
	enum action act = action_for_key(PANE_COUNT, c);
	int rows = a->rows - 8;
	bool again = false;

	if (rows < 1)
		rows = 1;
	switch (c) {
	case '+':
	case '=':
		v->users++;
		again = true;
		break;
	case '-':
		if (v->users > 1)
			v->users--;
		again = true;
		break;
	case '>':
		v->users += 10;
		again = true;
		break;
	case '<':
		v->users = v->users > 10 ? v->users - 10 : 1;
		again = true;
		break;
	case 'c':
		v->fix_ckpt = !v->fix_ckpt;
		again = true;
		break;
	case 'v':
		v->fix_kv = !v->fix_kv;
		again = true;
		break;
	case 'r':
		v->rank = (v->rank + 1) % FIT_RANKS;
		v->cursor = v->top = 0;
		again = true;
		break;
	case KEYS_ENTER:
		if (v->n_rows > 0) {
			*apply = v->rows[v->cursor].in;
			a->overlay = OVERLAY_NONE;
			a->full = true;
			return true;
		}
		return false;
	default:
		break;
	}
	switch (act) {
	case ACT_UP:
		if (v->cursor > 0)
			v->cursor--;
		break;
	case ACT_DOWN:
		if (v->cursor + 1 < (int)v->n_rows)
			v->cursor++;
		break;
	case ACT_PAGE_UP:
		v->cursor = v->cursor > rows ? v->cursor - rows : 0;
		break;
	case ACT_PAGE_DOWN:
		v->cursor += rows;
		if (v->cursor >= (int)v->n_rows)
			v->cursor = v->n_rows > 0 ? (int)v->n_rows - 1 : 0;
		break;
	case ACT_SLIDER_INC:
		v->tokens += 1024;
		again = true;
		break;
	case ACT_SLIDER_DEC:
		v->tokens = v->tokens > 1024 ? v->tokens - 1024 : 256;
		again = true;
		break;
	case ACT_SLIDER_DOUBLE:
		v->tokens *= 2;
		again = true;
		break;
	case ACT_SLIDER_HALVE:
		v->tokens = v->tokens > 512 ? v->tokens / 2 : 256;
		again = true;
		break;
	default:
		break;
	}
	if (again) {
		fit_clamp_tokens(a);
		fit_run(a);
	}
	return false;
}

static bool
share_key(struct app *a, int c, struct plan_input *apply)
{
	struct answers_view *v = view(a);
	enum action act = action_for_key(PANE_COUNT, c);
	struct share_instance *si = &v->inst[v->inst_cursor];
	bool again = false;

	switch (c) {
	case '+':
	case '=':
	case '-':
		if (!si->util_explicit)
			si->in.util = v->share.m[v->inst_cursor].util;
		/* the flag table's step, as in the Flags pane */
		si->in.util = vllm_flag_step_value(&vllm_flags[VF_UTIL], si->in.util,
		    c == '-' ? -1 : 1, false, si->in.version, 0);
		si->util_explicit = true;
		again = true;
		break;
	case 'a':
		if (v->n_inst < SHARE_MAX) {
			inst_from_planner(a, &v->inst[v->n_inst], 0.1, v->n_inst);
			v->inst_cursor = (int)v->n_inst++;
			again = true;
		}
		break;
	case 'd':
	case KEY_BACKSPACE:
		if (v->n_inst > 1) {
			memmove(&v->inst[v->inst_cursor], &v->inst[v->inst_cursor + 1],
			    (v->n_inst - (size_t)v->inst_cursor - 1) * sizeof v->inst[0]);
			v->n_inst--;
			if (v->inst_cursor >= (int)v->n_inst)
				v->inst_cursor = (int)v->n_inst - 1;
			again = true;
		}
		break;
	case KEYS_ENTER:
		*apply = *recalc_input(a->calc);
		apply->model = si->in.model;
		apply->ckpt = si->in.ckpt;
		apply->format = si->in.format;
		/* the vLLM flags the instance gives, then the share's budget */
		vllm_flags_copy_given(apply, &si->in);
		apply->quantization_fp8 = si->in.quantization_fp8;
		apply->util = v->share.m[v->inst_cursor].util;
		apply->mig = -1;
		a->overlay = OVERLAY_NONE;
		a->full = true;
		return true;
	default:
		break;
	}
	switch (act) {
	case ACT_UP:
		if (v->inst_cursor > 0)
			v->inst_cursor--;
		break;
	case ACT_DOWN:
		if (v->inst_cursor + 1 < (int)v->n_inst)
			v->inst_cursor++;
		break;
	case ACT_PAGE_DOWN:
		v->scroll += 5;
		break;
	case ACT_PAGE_UP:
		v->scroll = v->scroll > 5 ? v->scroll - 5 : 0;
		break;
	default:
		break;
	}
	if (again)
		share_run(a);
	return false;
}

static bool
upgrade_key(struct app *a, int c, struct plan_input *apply)
{
	struct answers_view *v = view(a);
	enum action act = action_for_key(PANE_COUNT, c);
	int i = version_index(v->to_version);

	if (c == KEYS_ENTER) {
		*apply = *recalc_input(a->calc);
		apply->version = v->to_version;
		a->overlay = OVERLAY_NONE;
		a->full = true;
		return true;
	}
	switch (act) {
	case ACT_SLIDER_INC:
		if (i + 1 < (int)vllm_n_known_versions)
			v->to_version = vllm_known_versions[i + 1];
		upgrade_run(a);
		break;
	case ACT_SLIDER_DEC:
		if (i > 0)
			v->to_version = vllm_known_versions[i - 1];
		upgrade_run(a);
		break;
	case ACT_UP:
	case ACT_PAGE_UP:
		v->scroll = v->scroll > 0 ? v->scroll - (act == ACT_UP ? 1 : 5) : 0;
		if (v->scroll < 0)
			v->scroll = 0;
		break;
	case ACT_DOWN:
		v->scroll++;
		break;
	case ACT_PAGE_DOWN:
		v->scroll += 5;
		break;
	default:
		break;
	}
	return false;
}

bool
answers_view_key(struct app *a, int c, struct plan_input *apply)
{
	enum action act = action_for_key(PANE_COUNT, c);
	bool r = false;

	if (c == KEYS_ESC || act == ACT_QUIT || (a->overlay == OVERLAY_FIT &&
	    act == ACT_FIT_VIEW) || (a->overlay == OVERLAY_SHARE &&
	    act == ACT_SHARE_VIEW) || (a->overlay == OVERLAY_UPGRADE &&
	    act == ACT_UPGRADE_VIEW)) {
		a->overlay = OVERLAY_NONE;
		a->full = true;
		return false;
	}
	if (a->overlay == OVERLAY_FIT)
		r = fit_key(a, c, apply);
	else if (a->overlay == OVERLAY_SHARE)
		r = share_key(a, c, apply);
	else if (a->overlay == OVERLAY_UPGRADE)
		r = upgrade_key(a, c, apply);
	a->full = true;
	return r;
}

/* ---- drawing ---- */

static void
frame(struct app *a, struct rect *b, const char *title)
{
	b->y = 0;
	b->x = 0;
	b->w = a->cols;
	b->h = a->rows - 1;
	draw_clear(&a->theme, ROLE_HELP, b);
	draw_text(&a->theme, ROLE_HELP_TITLE, 0, 2, b->w - 4, title, a->g->ellipsis);
}

static void
show_lines(struct app *a, const struct rect *b, int y0, struct lines *L, int *scroll)
{
	int rows = b->y + b->h - y0, k;

	if (*scroll > L->n - rows)
		*scroll = L->n - rows > 0 ? L->n - rows : 0;
	for (k = 0; k < rows && *scroll + k < L->n; k++) {
		const struct line *l = &L->l[*scroll + k];

		draw_text(&a->theme, l->role, y0 + k, b->x + 2 + l->indent,
		    b->w - 4 - l->indent, l->s, a->g->ellipsis);
	}
}

/* s cut or padded with spaces to w columns (UTF-8 aware) into out */
static void
fit_cell(const char *s, int w, char *out, size_t len)
{
	size_t o = 0;
	int used = 0;

	while (*s != '\0' && o + 8 < len) {
		char one[8];
		int k = 1, cw;

		while ((s[k] & 0xc0) == 0x80 && k < 6)
			k++;
		snprintf(one, sizeof one, "%.*s", k, s);
		cw = draw_width(one);
		if (used + cw > w)
			break;
		memcpy(out + o, s, (size_t)k);
		o += (size_t)k;
		used += cw;
		s += k;
	}
	while (used < w && o + 1 < len) {
		out[o++] = ' ';
		used++;
	}
	out[o] = '\0';
}

/* A row's card and count ("2 × rtx-pro-6000-server", "4 × b200 1g.23gb"), layout apart. */
static void
fit_card_count(const struct app *a, const struct fit_row *r, char *buf, size_t len)
{
	const struct gpu *g = &a->cat->gpus[r->gpu];

	if (r->mig >= 0 && (size_t)r->mig < g->n_mig)
		snprintf(buf, len, "%d %s %s %s", r->slices, a->g->times, g->id,
		    g->mig[r->mig].name);
	else
		snprintf(buf, len, "%d %s %s", r->cards, a->g->times, g->id);
}

static void
fit_layout(const struct fit_row *r, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	if (r->tp > 1)
		o += (size_t)snprintf(buf + o, len - o, "TP%d", r->tp);
	if (r->pp > 1 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%sPP%d", o ? " " : "", r->pp);
	if (r->replicas > 1 && r->mig < 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%sDP%d", o ? " " : "", r->replicas);
	if (o == 0)
		snprintf(buf, len, r->mig >= 0 ? "slices" : "1");
}

static void
fit_draw(struct app *a)
{
	struct answers_view *v = view(a);
	const struct catalogue *c = a->cat;
	const struct plan_input *in = recalc_input(a->calc);
	struct rect b;
	char t[1400], n1[32], n2[32], ver[16], cmd[RECALC_CMD_LEN];
	int y, rows, i, w;

	frame(a, &b, "Plans that carry the users (F or Esc closes; Enter uses a row)");
	w = b.w - 4;
	vllm_version_format(in->version > 0 ? in->version : VLLM_VER_NEWEST, ver,
	    sizeof ver);
	snprintf(t, sizeof t, "%s request%s of %s tokens at once, by %s (r)  +/-: users "
	    "(< > by 10)  %s%s: tokens  c: checkpoint %s  v: KV dtype %s",
	    units_format_commas(v->users, n1, sizeof n1), units_plural(v->users),
	    units_format_commas(v->tokens, n2, sizeof n2),
	    fit_rank_name((enum fit_rank)v->rank), a->g->left, a->g->right,
	    v->fix_ckpt ? "fixed" : "free", v->fix_kv ? "fixed" : "free");
	draw_text(&a->theme, ROLE_HELP_KEY, 1, 2, w, t, a->g->ellipsis);
	snprintf(t, sizeof t, "max-model-len %s%s; %s, vLLM %s, %s; %zu plans in %.1f "
	    "ms, %zu carry it on %zu options",
	    units_format_commas(v->res.max_model_len, n1, sizeof n1),
	    v->max_model_len > 0 ? " (the plan's)" : "", in->model ? in->model->id : "?",
	    ver, in->overhead == OVERHEAD_RULE ? "sizing rule" : "estimate",
	    v->res.n_planned, v->fit_ms, v->res.n_found, v->res.n_options);
	draw_text(&a->theme, ROLE_MUTED, 2, 2, w, t, a->g->ellipsis);
	if (v->n_rows == 0) {
		draw_text(&a->theme, ROLE_VERDICT_FAIL, 4, 2, w, v->res.error,
		    a->g->ellipsis);
		return;
	}
	/* the answer columns first: they fit 80 columns */
	fit_cell("hardware", 26, n1, sizeof n1);
	{
		char ph[16], pu[16];

		snprintf(ph, sizeof ph, "%s/h", price_unit(&c->currency));
		snprintf(pu, sizeof pu, price_converted(&c->currency) ? "%s/u-h" :
		    "%s/user-h", price_unit(&c->currency));
		snprintf(t, sizeof t, "%3s %s %-7s %5s %6s %8s %5s  %s", "#", n1,
		    "layout", "users", ph, pu, "tok/s",
		    "+ways, checkpoint (tok/s per user, est.)");
	}
	draw_text(&a->theme, ROLE_HEADING, 3, 2, w, t, a->g->ellipsis);
	rows = b.h - 4 - 4;
	if (rows < 1)
		rows = 1;
	if (v->cursor < v->top)
		v->top = v->cursor;
	if (v->cursor >= v->top + rows)
		v->top = v->cursor - rows + 1;
	for (i = 0, y = 4; i < rows && v->top + i < (int)v->n_rows; i++, y++) {
		const struct fit_row *r = &v->rows[v->top + i];
		char hw[96], cell[160], lay[24], ck[200], price[16], ppu[16], sp[16];
		struct plan p;
		struct speed_estimate e;

		fit_card_count(a, r, hw, sizeof hw);
		fit_cell(hw, 26, cell, sizeof cell);
		fit_layout(r, lay, sizeof lay);
		/* the number of other ways first: the id may not fit */
		if (r->n_alts_found > 0)
			snprintf(ck, sizeof ck, "+%zu ", r->n_alts_found);
		else
			ck[0] = '\0';
		sizing_report_fit_way(c, r->in.ckpt, r->format, r->in.quantization_fp8,
		    ck + strlen(ck), sizeof ck - strlen(ck));
		if (r->price_per_hour > 0)
			snprintf(price, sizeof price, "%.2f",
			    price_amount(&c->currency, r->price_per_hour));
		else
			snprintf(price, sizeof price, "-");
		if (r->price_per_user > 0)
			snprintf(ppu, sizeof ppu, "%.4f",
			    price_amount(&c->currency, r->price_per_user));
		else
			snprintf(ppu, sizeof ppu, "-");
		plan_compute(c, &r->in, &p);
		speed_estimate(c, &r->in, &p, (v->users + r->replicas - 1) / r->replicas, &e);
		if (e.known)
			snprintf(sp, sizeof sp, "~%.0f", e.load.tokens_per_s_user);
		else
			snprintf(sp, sizeof sp, "-");
		snprintf(t, sizeof t, "%3d %s %-7.7s %5s %6s %8s %5s  %s KV %s",
		    v->top + i + 1, cell, lay, units_format_commas(r->total, n1, sizeof n1),
		    price, ppu, sp, ck, kv_dtype_name(r->kv));
		draw_text(&a->theme, v->top + i == v->cursor ? ROLE_SELECTION : ROLE_HELP,
		    y, 2, w, t, a->g->ellipsis);
	}
	{
		const struct fit_row *r = &v->rows[v->cursor];
		char ck[200], alts[1024];
		struct plan p;

		if (price_converted(&c->currency))	/* the line under the rows */
			draw_text(&a->theme, ROLE_MUTED, b.h - 4, 2, w, price_note(
			    &c->currency, t, sizeof t), a->g->ellipsis);
		plan_compute(c, &r->in, &p);
		cli_format_command(c, &r->in, &p, 0, cmd, sizeof cmd);
		sizing_report_fit_way(c, r->in.ckpt, r->format, r->in.quantization_fp8, ck,
		    sizeof ck);
		sizing_report_fit_alts(c, r, alts, sizeof alts);
		snprintf(t, sizeof t, "%s, KV %s%s%s", ck, kv_dtype_name(r->kv),
		    alts[0] ? "; " : "", alts);
		draw_text(&a->theme, ROLE_HELP, b.h - 3, 2, w, t, a->g->ellipsis);
		snprintf(t, sizeof t, "%s GiB weights and %s GiB KV cache per GPU, %s "
		    "tokens; %+.0f%% over the users", units_format_gib(r->weights, n1,
		    sizeof n1), units_format_gib(r->kv_cache, n2, sizeof n2),
		    units_format_commas(r->kv_tokens, ver, sizeof ver), r->headroom * 100);
		draw_text(&a->theme, ROLE_HELP, b.h - 2, 2, w, t, a->g->ellipsis);
		draw_text(&a->theme, ROLE_COMMAND, b.h - 1, 2, w, cmd, a->g->ellipsis);
	}
}

static void
share_draw(struct app *a)
{
	struct answers_view *v = view(a);
	const struct share_result *r = &v->share;
	const struct catalogue *c = a->cat;
	const struct plan_input *in = recalc_input(a->calc);
	const struct gpu *g = in->gpu >= 0 ? &c->gpus[in->gpu] : NULL;
	struct lines *L = malloc(sizeof *L);
	struct rect b;
	char n1[32], n2[32], n3[32], cmd[RECALC_CMD_LEN];
	int barw, pos, k, y;
	size_t i;

	if (L == NULL)
		abort();
	L->n = 0;
	frame(a, &b, "This card shared by several vLLM instances (S or Esc closes)");
	draw_text(&a->theme, ROLE_HELP_KEY, 1, 2, b.w - 4, "Up/Down: instance  +/-: its "
	    "--gpu-memory-utilization  a: add the planner's plan  d: drop  Enter: plan it",
	    a->g->ellipsis);
	snprintf(cmd, sizeof cmd, "%s: %s GiB; fractions sum to %.2f; %s GiB left",
	    g ? g->id : "custom card", units_format_gib(r->total, n1, sizeof n1),
	    r->sum_util, units_format_gib(r->left, n2, sizeof n2));
	draw_text(&a->theme, r->over_one || !r->fits ? ROLE_VERDICT_FAIL : ROLE_HELP,
	    2, 2, b.w - 4, cmd, a->g->ellipsis);
	/* the memory map: other, each instance, free */
	y = 3;
	barw = b.w - 4;
	pos = 0;
	{
		double scale = r->total > 0 ? (double)barw / r->total : 0;
		static const enum role seg[] = { ROLE_BAR_WEIGHTS, ROLE_BAR_KV,
		    ROLE_BAR_ACTIVATION, ROLE_BAR_GRAPHS, ROLE_BAR_NON_TORCH, ROLE_BAR_OUTSIDE };

		k = (int)(r->other * scale + 0.5);
		if (k > 0)
			draw_repeat(&a->theme, ROLE_BAR_OTHER, y, 2, k, a->colour ?
			    a->g->block : "#");
		pos += k;
		for (i = 0; i < r->n && pos < barw; i++) {
			char lab[8];

			snprintf(lab, sizeof lab, "%zu", (i + 1) % 10);
			k = (int)(r->m[i].held * scale + 0.5);
			if (pos + k > barw)
				k = barw - pos;
			draw_repeat(&a->theme, seg[i % 6], y, 2 + pos, k, a->colour ?
			    a->g->block : lab);
			if (k > 2 && a->colour)
				draw_text(&a->theme, ROLE_HELP_KEY, y, 2 + pos + k / 2, 1, lab, NULL);
			pos += k;
		}
		if (pos < barw)
			draw_repeat(&a->theme, ROLE_BAR_SLACK, y, 2 + pos, barw - pos, ".");
	}
	add(L, ROLE_HEADING, 0, "%-3s %-34s %6s %8s %8s %8s %8s  %s", "#", "model", "util",
	    "budget", "holds", "KV GiB", "requests", "starts");
	for (i = 0; i < r->n; i++) {
		const struct share_member *m = &r->m[i];
		const struct share_instance *si = &v->inst[i];
		const char *id = si->in.ckpt >= 0 ? c->ckpts[si->in.ckpt].id :
		    si->in.model ? si->in.model->id : "?";

		add(L, (int)i == v->inst_cursor ? ROLE_SELECTION : ROLE_HELP, 0,
		    "%-3s %-34.34s %5.2f%s %8s %8s %8s %8lld  %s", si->label, id, m->util,
		    si->util_explicit ? " " : "*", units_format_gib(m->requested, n1,
		    sizeof n1), units_format_gib(m->held, n2, sizeof n2),
		    units_format_gib(m->started.available_kv, n3, sizeof n3),
		    (long long)m->started.concurrency_at_tpr, m->started.phase ==
		    PHASE_NONE ? "yes" : plan_phase_name(m->started.phase));
	}
	for (i = 0; i < r->n; i++)
		if (!v->inst[i].util_explicit)
			add(L, ROLE_WARNING, 0, "* instance %s sets no fraction: vLLM's "
			    "default takes that much of the whole card", v->inst[i].label);
	if (r->reason[0]) {
		add_wrapped(L, ROLE_VERDICT_FAIL, 0, b.w - 4, r->reason);
	} else if (r->all_start) {
		char ord[128];
		int o = 0;

		for (i = 0; i < r->n && o + 8 < (int)sizeof ord; i++)
			o += snprintf(ord + o, sizeof ord - (size_t)o, "%s%s", i ? " then " :
			    "", v->inst[r->order[i]].label);
		add(L, ROLE_VERDICT_OK, 0, "%s all start: %s (%zu of %zu startup orders "
		    "work)", a->g->ok, r->n_orders_ok == r->n_orders ? "any order" : ord,
		    r->n_orders_ok, r->n_orders);
	}
	{
		char rs[160];
		int o = 0;

		for (i = 0; i < r->n && o + 20 < (int)sizeof rs; i++)
			o += snprintf(rs + o, sizeof rs - (size_t)o, " %s %s", v->inst[i].label,
			    r->m[i].restart_ok ? "ok" : "FAILS");
		add(L, ROLE_HELP, 0, "restart while the others run:%s", rs);
	}
	add(L, ROLE_HELP_TITLE, 0, "commands");
	for (i = 0; i < r->n; i++) {
		struct plan_input ci = v->inst[i].in;
		static char *const env[] = { "CUDA_VISIBLE_DEVICES=0" };
		size_t o;

		ci.gpu = in->gpu;
		ci.mig = -1;
		ci.util = r->m[i].util;
		ci.env = env;
		ci.n_env = 1;
		ci.version = in->version;
		cli_format_command(c, &ci, &r->m[i].alone, 0, cmd, sizeof cmd);
		o = strlen(cmd);
		if (i > 0)
			snprintf(cmd + o, sizeof cmd - o, " --port %zu", 8000 + i);
		add_wrapped(L, ROLE_COMMAND, 2, b.w - 4, cmd);
	}
	add(L, ROLE_HELP_TITLE, 0, "MIG instead");
	for (i = 0; g && i < r->n; i++) {
		if (r->m[i].mig >= 0 && (size_t)r->m[i].mig < g->n_mig)
			add(L, ROLE_HELP, 2, "%s: %s, %lld request%s", v->inst[i].label,
			    g->mig[r->m[i].mig].name,
			    (long long)r->m[i].on_mig.concurrency_at_tpr,
			    units_plural(r->m[i].on_mig.concurrency_at_tpr));
		else
			add(L, ROLE_HELP, 2, "%s: no slice holds it", v->inst[i].label);
	}
	snprintf(cmd, sizeof cmd, "%s%s", r->mig_note, r->mig_fits ?
	    ": fits one card" : r->mig_possible ? ": does not fit one card" : "");
	add_wrapped(L, r->mig_fits ? ROLE_VERDICT_OK : ROLE_WARNING, 2, b.w - 4, cmd);
	show_lines(a, &b, 5, L, &v->scroll);
	free(L);
}

static void
upgrade_draw(struct app *a)
{
	struct answers_view *v = view(a);
	const struct upgrade_result *u = &v->upgrade;
	struct lines *L = malloc(sizeof *L);
	struct rect b;
	char va[16], vb[16], t[300];
	size_t i;

	if (L == NULL)
		abort();
	L->n = 0;
	vllm_version_format(u->from, va, sizeof va);
	vllm_version_format(u->to, vb, sizeof vb);
	snprintf(t, sizeof t, "This plan under vLLM %s and %s (U or Esc closes; %s %s "
	    "picks the release; Enter switches to it)", va, vb, a->g->left, a->g->right);
	frame(a, &b, t);
	add_wrapped(L, u->breaks || !u->starts_b ? ROLE_VERDICT_FAIL : ROLE_VERDICT_OK,
	    0, b.w - 4, u->verdict);
	if (u->advice[0])
		add_wrapped(L, ROLE_WARNING, 0, b.w - 4, u->advice);
	add(L, ROLE_HELP_TITLE, 0, "%zu release difference%s this plan depends on",
	    u->n_changes, u->n_changes == 1 ? "" : "s");
	for (i = 0; i < u->n_changes; i++) {
		snprintf(t, sizeof t, "%s: %s %s %s", u->changes[i].what,
		    u->changes[i].from, a->g->arrow, u->changes[i].to);
		add_wrapped(L, ROLE_HELP_KEY, 0, b.w - 4, t);
		if (u->changes[i].effect[0])
			add_wrapped(L, ROLE_HELP, 2, b.w - 4, u->changes[i].effect);
	}
	add(L, ROLE_HELP_TITLE, 0, "figures that move");
	for (i = 0; i < u->n_figures; i++)
		add(L, ROLE_HELP, 0, "%-34s %14s %s %-14s %s", u->figures[i].what,
		    u->figures[i].from, a->g->arrow, u->figures[i].to, u->figures[i].effect);
	if (u->n_figures == 0)
		add(L, ROLE_HELP, 0, "none");
	show_lines(a, &b, 2, L, &v->scroll);
	free(L);
}

void
answers_view_draw(struct app *a)
{
	if (a->overlay == OVERLAY_FIT)
		fit_draw(a);
	else if (a->overlay == OVERLAY_SHARE)
		share_draw(a);
	else if (a->overlay == OVERLAY_UPGRADE)
		upgrade_draw(a);
}

void
answers_view_speed(struct app *a, char *brief, size_t blen, char *full, size_t flen)
{
	const struct plan *p = recalc_plan(a->calc);
	const struct speed_estimate *e = recalc_speed(a->calc);
	char n1[32];

	brief[0] = full[0] = '\0';
	if (!e->known || p->concurrency_at_tpr <= 0)
		return;
	snprintf(brief, blen, ", est. %.0f tok/s each", e->load.tokens_per_s_user);
	snprintf(full, flen, "Speed (est.): %.1f tok/s per user at %s, %.0f in all, "
	    "%.1f alone", e->load.tokens_per_s_user, units_format_commas(e->load.users,
	    n1, sizeof n1), e->load.tokens_per_s_total, e->single.tokens_per_s_user);
	if (e->prefill_known) {
		size_t o = strlen(full);

		snprintf(full + o, flen > o ? flen - o : 0, "; prefill %.1f s",
		    e->prefill_s);
	}
}
