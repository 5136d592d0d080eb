/*
 * overlay_fit.c - plans for N users (F): the fit finder over the whole
 * catalogue, one row per hardware option (card, slice, count, layout)
 * with the checkpoints that also run on it, cheapest first (r: another
 * rank); +/- and </> move the users, Left/Right the tokens (up to the
 * model's maximum; the search keeps the plan's max-model-len, longer when
 * the requests outgrow it), and the search runs again on every step (a
 * few milliseconds).  Enter takes the row's plan.  --need opens it.
 *
 * The rows are computed by fit_find() when a key changes the question and
 * kept in the state; the draw lays them out.
 */
#include "overlay.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "app_state.h"
#include "core/fit.h"
#include "core/speed.h"
#include "core/units.h"
#include "core/vllm_version.h"
#include "draw.h"
#include "io/serve_command.h"
#include "io/sizing_cli.h"
#include "io/sizing_report.h"
#include "io/cli.h"
#include "io/price.h"
#include "keys.h"

struct fit_view {
	int64_t users, tokens;
	bool fix_ckpt, fix_kv;
	int cards[FIT_MAX_CARD_IDS]; /* --cards; n_cards 0 = all */
	size_t n_cards;
	int max_cards; /* --max-cards; 0 = default */
	int rank; /* enum fit_rank */
	int64_t
	    max_model_len; /* the plan's, kept (grown to the tokens); 0 = from the tokens */
	struct fit_row rows[FIT_MAX_ROWS];
	size_t n_rows;
	struct fit_result res;
	double fit_ms;
	double
	    tok_s[FIT_MAX_ROWS]; /* per user on each row (est.), < 0 unknown */
	int cursor, top;
	char cmd[RECALC_CMD_LEN]; /* the vllm serve line of row cmd_row */
	int cmd_row; /* -1: none yet */
};

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
fit_run(struct app *a, struct fit_view *v)
{
	size_t i;
	const struct plan_input *in = recalc_input(a->calc);
	struct fit_query q;
	double t0;

	fit_query_init(&q, in, v->users, v->tokens);
	q.fixed_choice = v->fix_ckpt;
	q.fixed_kv = v->fix_kv;
	memcpy(q.cards, v->cards, sizeof q.cards);
	q.n_cards = v->n_cards;
	q.max_cards = v->max_cards;
	q.rank = (enum fit_rank)v->rank;
	/* the plan's max-model-len, or longer when the requests grow past it */
	if (v->max_model_len > 0) {
		int64_t need = fit_max_model_len(v->tokens),
			cap = fit_tokens_cap(a);

		q.max_model_len =
		    v->max_model_len > need ? v->max_model_len : need;
		if (cap > 0 && q.max_model_len > cap)
			q.max_model_len = cap;
	}
	t0 = now_ms();
	v->n_rows = fit_find(a->cat, &q, v->rows, FIT_MAX_ROWS, &v->res);
	v->fit_ms = now_ms() - t0;
	if (v->cursor >= (int)v->n_rows)
		v->cursor = v->n_rows > 0 ? (int)v->n_rows - 1 : 0;
	/* each row's speed, for the users it carries per replica */
	for (i = 0; i < v->n_rows; i++) {
		const struct fit_row *r = &v->rows[i];
		struct plan p;
		struct speed_estimate e;

		plan_compute(a->cat, &r->in, &p);
		speed_estimate(a->cat, &r->in, &p,
		    (v->users + r->replicas - 1) / r->replicas, &e);
		v->tok_s[i] = e.known ? e.load.tokens_per_s_user : -1;
	}
	v->cmd_row = -1;
}

/* The vllm serve line of the row under the cursor, when it moved. */
static void
fit_command(struct app *a, struct fit_view *v)
{
	const struct fit_row *r;
	struct plan p;

	if (v->n_rows == 0 || v->cmd_row == v->cursor)
		return;
	r = &v->rows[v->cursor];
	plan_compute(a->cat, &r->in, &p);
	serve_command_format(a->cat, &r->in, &p, 0, v->cmd, sizeof v->cmd);
	v->cmd_row = v->cursor;
}

static void
fit_clamp_tokens(struct app *a, struct fit_view *v)
{
	int64_t cap = fit_tokens_cap(a);

	if (cap > 0 && v->tokens > cap)
		v->tokens = cap;
}

static void
fit_open(struct app *a, struct overlay *o)
{
	struct fit_view *v = o->state;
	const struct plan *p = recalc_plan(a->calc);
	const struct plan_input *in = recalc_input(a->calc);

	if (v->users <= 0)
		v->users = p->total_concurrency > 0 ? p->total_concurrency : 8;
	if (v->tokens <= 0)
		v->tokens =
		    p->tokens_per_request > 0 ? p->tokens_per_request : 8192;
	/* the plan's max-model-len when the user set one: rows run the same length */
	v->max_model_len = in->max_model_len != 0 && p->max_model_len > 0
	    ? p->max_model_len
	    : 0;
	fit_clamp_tokens(a, v);
	fit_run(a, v);
	fit_command(a, v);
}

/* --need N (--cards, --max-cards, a checkpoint or KV dtype given) */
static bool
fit_start(struct app *a, struct overlay *o, const struct sizing_opts *opts)
{
	struct fit_view *v = o->state;
	char err[256];
	int n;

	if (opts->n_instances > 0 || opts->need <= 0)
		return false;
	v->users = opts->need;
	v->fix_ckpt = opts->checkpoint_given;
	v->fix_kv = opts->kv_given;
	v->max_cards = opts->max_cards;
	n = sizing_cli_cards(a->cat, opts->cards, v->cards, FIT_MAX_CARD_IDS,
	    err, sizeof err);
	v->n_cards = n > 0 ? (size_t)n : 0;
	overlay_open(a, OVERLAY_FIT);
	return true;
}

/* The question's own keys: users, a fixed checkpoint or KV dtype, the
 * ranking.  Returns whether the question changed. */
static bool
fit_key_change_query(struct fit_view *v, int c)
{
	switch (c) {
	case '+':
	case '=': v->users++; return true;
	case '-':
		if (v->users > 1)
			v->users--;
		return true;
	case '>': v->users += 10; return true;
	case '<': v->users = v->users > 10 ? v->users - 10 : 1; return true;
	case 'c': v->fix_ckpt = !v->fix_ckpt; return true;
	case 'v': v->fix_kv = !v->fix_kv; return true;
	case 'r':
		v->rank = (v->rank + 1) % FIT_RANKS;
		v->cursor = v->top = 0;
		return true;
	default: return false;
	}
}

/* The cursor over the rows, a page being rows rows. */
static void
fit_key_move_cursor(struct fit_view *v, enum action act, int rows)
{
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
	default: break;
	}
}

/* The tokens per request, on the slider's actions.  Returns whether they
 * changed. */
static bool
fit_key_change_tokens(struct fit_view *v, enum action act)
{
	switch (act) {
	case ACT_SLIDER_INC: v->tokens += 1024; return true;
	case ACT_SLIDER_DEC:
		v->tokens = v->tokens > 1024 ? v->tokens - 1024 : 256;
		return true;
	case ACT_SLIDER_DOUBLE: v->tokens *= 2; return true;
	case ACT_SLIDER_HALVE:
		v->tokens = v->tokens > 512 ? v->tokens / 2 : 256;
		return true;
	default: return false;
	}
}

static enum overlay_key
fit_key(struct app *a, struct overlay *o, int c, enum action act,
    struct plan_input *apply)
{
	struct fit_view *v = o->state;
	int rows = a->rows - 8;
	bool again;

	if (rows < 1)
		rows = 1;
	if (c == KEYS_ENTER) {
		if (v->n_rows > 0) {
			*apply = v->rows[v->cursor].in;
			return OVERLAY_KEY_APPLY;
		}
		return OVERLAY_KEY_TAKEN;
	}
	again = fit_key_change_query(v, c);
	fit_key_move_cursor(v, act, rows);
	if (fit_key_change_tokens(v, act))
		again = true;
	if (again) {
		fit_clamp_tokens(a, v);
		fit_run(a, v);
	}
	fit_command(a, v);
	return OVERLAY_KEY_TAKEN;
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
fit_card_count(const struct app *a, const struct fit_row *r, char *buf,
    size_t len)
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
		o += (size_t)snprintf(buf + o, len - o, "%sPP%d", o ? " " : "",
		    r->pp);
	if (r->replicas > 1 && r->mig < 0 && o < len)
		o += (size_t)snprintf(buf + o, len - o, "%sDP%d", o ? " " : "",
		    r->replicas);
	if (o == 0)
		snprintf(buf, len, r->mig >= 0 ? "slices" : "1");
}

/* The question (rows 1 and 2): users, tokens, ranking and what is fixed;
 * the context, model, release and what the search cost. */
static void
fit_draw_query(struct app *a, const struct fit_view *v, int w)
{
	const struct plan_input *in = recalc_input(a->calc);
	char t[1400], n1[32], n2[32], ver[16];

	vllm_version_format(in->version > 0 ? in->version : VLLM_VER_NEWEST,
	    ver, sizeof ver);
	snprintf(t, sizeof t,
	    "%s request%s of %s tokens at once, by %s (r)  +/-: users "
	    "(< > by 10)  %s%s: tokens  c: checkpoint %s  v: KV dtype %s",
	    units_format_commas(v->users, n1, sizeof n1),
	    units_plural(v->users),
	    units_format_commas(v->tokens, n2, sizeof n2),
	    fit_rank_name((enum fit_rank)v->rank), a->g->left, a->g->right,
	    v->fix_ckpt ? "fixed" : "free", v->fix_kv ? "fixed" : "free");
	draw_text(&a->theme, ROLE_HELP_KEY, 1, 2, w, t, a->g->ellipsis);
	snprintf(t, sizeof t,
	    "max-model-len %s%s; %s, vLLM %s, %s; %zu plans in %.1f "
	    "ms, %zu carry it on %zu options",
	    units_format_commas(v->res.max_model_len, n1, sizeof n1),
	    v->max_model_len > 0 ? " (the plan's)" : "",
	    in->model ? in->model->id : "?", ver,
	    in->overhead == OVERHEAD_RULE ? "sizing rule" : "estimate",
	    v->res.n_planned, v->fit_ms, v->res.n_found, v->res.n_options);
	draw_text(&a->theme, ROLE_MUTED, 2, 2, w, t, a->g->ellipsis);
}

/* The heading of the rows (row 3): the answer columns first, they fit
 * 80 columns. */
static void
fit_draw_heading(struct app *a, int w)
{
	const struct catalogue *c = a->cat;
	char t[1400], n1[32], ph[16], pu[16];

	fit_cell("hardware", 26, n1, sizeof n1);
	snprintf(ph, sizeof ph, "%s/h", price_unit(&c->currency));
	snprintf(pu, sizeof pu,
	    price_converted(&c->currency) ? "%s/u-h" : "%s/user-h",
	    price_unit(&c->currency));
	snprintf(t, sizeof t, "%3s %s %-7s %5s %6s %8s %5s  %s", "#", n1,
	    "layout", "users", ph, pu, "tok/s",
	    "+ways, checkpoint (tok/s per user, est.)");
	draw_text(&a->theme, ROLE_HEADING, 3, 2, w, t, a->g->ellipsis);
}

/* Row i of the list at screen row y, selected when under the cursor. */
static void
fit_draw_row(struct app *a, const struct fit_view *v, int i, int y, int w)
{
	const struct catalogue *c = a->cat;
	const struct fit_row *r = &v->rows[i];
	char t[1400], n1[32];
	char hw[96], cell[160], lay[24], ck[200], price[16], ppu[16], sp[16];

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
	if (v->tok_s[i] >= 0)
		snprintf(sp, sizeof sp, "~%.0f", v->tok_s[i]);
	else
		snprintf(sp, sizeof sp, "-");
	snprintf(t, sizeof t, "%3d %s %-7.7s %5s %6s %8s %5s  %s KV %s", i + 1,
	    cell, lay, units_format_commas(r->total, n1, sizeof n1), price, ppu,
	    sp, ck, kv_dtype_name(r->kv));
	draw_text(&a->theme, i == v->cursor ? ROLE_SELECTION : ROLE_HELP, y, 2,
	    w, t, a->g->ellipsis);
}

/* Under the rows of b: the price note, then the row under the cursor in
 * full (its way, alternatives, memory, headroom) and its command. */
static void
fit_draw_detail(struct app *a, const struct fit_view *v, const struct rect *b,
    int w)
{
	const struct catalogue *c = a->cat;
	const struct fit_row *r = &v->rows[v->cursor];
	char t[1400], n1[32], n2[32], n3[16], ck[200], alts[1024];

	if (price_converted(&c->currency)) /* the line under the rows */
		draw_text(&a->theme, ROLE_MUTED, b->h - 4, 2, w,
		    price_note(&c->currency, t, sizeof t), a->g->ellipsis);
	sizing_report_fit_way(c, r->in.ckpt, r->format, r->in.quantization_fp8,
	    ck, sizeof ck);
	sizing_report_fit_alts(c, r, alts, sizeof alts);
	snprintf(t, sizeof t, "%s, KV %s%s%s", ck, kv_dtype_name(r->kv),
	    alts[0] ? "; " : "", alts);
	draw_text(&a->theme, ROLE_HELP, b->h - 3, 2, w, t, a->g->ellipsis);
	snprintf(t, sizeof t,
	    "%s GiB weights and %s GiB KV cache per GPU, %s "
	    "tokens; %+.0f%% over the users",
	    units_format_gib(r->weights, n1, sizeof n1),
	    units_format_gib(r->kv_cache, n2, sizeof n2),
	    units_format_commas(r->kv_tokens, n3, sizeof n3),
	    r->headroom * 100);
	draw_text(&a->theme, ROLE_HELP, b->h - 2, 2, w, t, a->g->ellipsis);
	draw_text(&a->theme, ROLE_COMMAND, b->h - 1, 2, w,
	    v->cmd_row == v->cursor ? v->cmd : "", a->g->ellipsis);
}

static void
fit_draw(struct app *a, struct overlay *o)
{
	struct fit_view *v = o->state;
	struct rect b;
	int y, rows, i, w;

	overlay_frame(a, &b,
	    "Plans that carry the users (F or Esc closes; Enter uses a row)");
	w = b.w - 4;
	fit_draw_query(a, v, w);
	if (v->n_rows == 0) {
		draw_text(&a->theme, ROLE_VERDICT_FAIL, 4, 2, w, v->res.error,
		    a->g->ellipsis);
		return;
	}
	fit_draw_heading(a, w);
	rows = b.h - 4 - 4;
	if (rows < 1)
		rows = 1;
	if (v->cursor < v->top)
		v->top = v->cursor;
	if (v->cursor >= v->top + rows)
		v->top = v->cursor - rows + 1;
	for (i = 0, y = 4; i < rows && v->top + i < (int)v->n_rows; i++, y++)
		fit_draw_row(a, v, v->top + i, y, w);
	fit_draw_detail(a, v, &b, w);
}

const struct overlay_ops overlay_fit_ops = {
	.name = "fit",
	.toggle = { ACT_FIT_VIEW, ACT_NONE },
	.state_size = sizeof(struct fit_view),
	.open = fit_open,
	.start = fit_start,
	.draw = fit_draw,
	.key = fit_key,
};
