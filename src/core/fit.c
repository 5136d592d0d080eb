/*
 * fit.c - the fit finder (see fit.h).  The search is a few thousand
 * plan_compute() calls into stack storage; rows go into the caller's
 * array by insertion, so nothing is allocated however large the
 * catalogue.  Invariant: a row in the output was planned with its own
 * final input (cards, replicas) and that plan starts and carries the users.
 */
#include "fit.h"

#include <stdio.h>
#include <string.h>

#include "recalc.h"
#include "units.h"

/* tensor x pipeline layouts, by the cards one replica takes */
static const struct {
	int tp, pp;
} layouts[] = {
	{ 1, 1 },
	{ 2, 1 },
	{ 1, 2 },
	{ 4, 1 },
	{ 2, 2 },
	{ 1, 4 },
	{ 8, 1 },
	{ 4, 2 },
	{ 2, 4 },
};
#define N_LAYOUTS (sizeof layouts / sizeof layouts[0])

int64_t
fit_max_model_len(int64_t tokens)
{
	if (tokens <= 0)
		return 0;
	return (tokens + 1023) / 1024 * 1024;
}

void
fit_query_init(struct fit_query *q, const struct plan_input *in, int64_t users,
    int64_t tokens)
{
	memset(q, 0, sizeof *q);
	q->model = in->model;
	q->users = users;
	q->tokens = tokens;
	q->ckpt = in->ckpt;
	q->format = in->format;
	q->quantization_fp8 = in->quantization_fp8;
	q->kv = in->kv_dtype;
	q->version = in->version;
	q->overhead = in->overhead;
	q->other_usage_gib = in->other_usage_gib;
	q->base = in;
}

static const char *const rank_names[FIT_RANKS] = {
	[FIT_RANK_PRICE] = "price",
	[FIT_RANK_PRICE_PER_USER] = "price-per-user",
	[FIT_RANK_CARDS] = "cards",
	[FIT_RANK_HEADROOM] = "headroom",
};

const char *
fit_rank_name(enum fit_rank r)
{
	return (int)r >= 0 && r < FIT_RANKS ? rank_names[r] : "?";
}

int
fit_rank_parse(const char *s)
{
	int i;

	for (i = 0; i < FIT_RANKS; i++)
		if (s != NULL && strcmp(s, rank_names[i]) == 0)
			return i;
	return -1;
}

/* a known value before an unknown (0) one, then the smaller */
static int
cmp_price(double a, double b)
{
	if ((a > 0) != (b > 0))
		return a > 0 ? -1 : 1;
	if (a != b)
		return a < b ? -1 : 1;
	return 0;
}

/* What is left when the rank's own key ties: a stable, total order. */
static int
cmp_rest(const struct fit_row *a, const struct fit_row *b)
{
	if (a->tp != b->tp)
		return a->tp < b->tp ? -1 : 1;
	if (a->pp != b->pp)
		return a->pp < b->pp ? -1 : 1;
	if (a->derived != b->derived)
		return a->derived ? 1 : -1;
	if (a->gpu != b->gpu)
		return a->gpu < b->gpu ? -1 : 1;
	if (a->mig != b->mig)
		return a->mig < b->mig ? -1 : 1;
	if (a->in.ckpt != b->in.ckpt)
		return a->in.ckpt < b->in.ckpt ? -1 : 1;
	if (a->format != b->format)
		return a->format < b->format ? -1 : 1;
	return a->kv < b->kv ? -1 : a->kv > b->kv;
}

/* Fewest cards, then price, then headroom: how one plan's layout is chosen. */
static int
cmp_cards(const struct fit_row *a, const struct fit_row *b)
{
	int c;

	if (a->cards != b->cards)
		return a->cards < b->cards ? -1 : 1;
	if ((c = cmp_price(a->price_per_hour, b->price_per_hour)) != 0)
		return c;
	if (a->headroom != b->headroom)
		return a->headroom > b->headroom ? -1 : 1;
	return cmp_rest(a, b);
}

int
fit_row_rank_cmp(enum fit_rank rank, const struct fit_row *a,
    const struct fit_row *b)
{
	int c = 0;

	switch (rank) {
	case FIT_RANK_CARDS: return cmp_cards(a, b);
	case FIT_RANK_HEADROOM:
		if (a->headroom != b->headroom)
			return a->headroom > b->headroom ? -1 : 1;
		c = cmp_price(a->price_per_hour, b->price_per_hour);
		break;
	case FIT_RANK_PRICE_PER_USER:
		c = cmp_price(a->price_per_user, b->price_per_user);
		if (c == 0)
			c = cmp_price(a->price_per_hour, b->price_per_hour);
		break;
	case FIT_RANK_PRICE:
	default: c = cmp_price(a->price_per_hour, b->price_per_hour); break;
	}
	if (c != 0)
		return c;
	if (a->total != b->total)
		return a->total > b->total ? -1 : 1;
	if (a->cards != b->cards)
		return a->cards < b->cards ? -1 : 1;
	return cmp_rest(a, b);
}

int
fit_row_cmp(const struct fit_row *a, const struct fit_row *b)
{
	return fit_row_rank_cmp(FIT_RANK_PRICE, a, b);
}

static bool
same_hardware(const struct fit_row *a, const struct fit_row *b)
{
	return a->gpu == b->gpu && a->mig == b->mig && a->cards == b->cards &&
	    a->slices == b->slices && a->tp == b->tp && a->pp == b->pp &&
	    a->replicas == b->replicas;
}

/* 0 a published checkpoint, 1 online FP8, 2 a derived format */
static int
way_pref(bool derived, bool online)
{
	return derived ? 2 : online ? 1 : 0;
}

static void
alt_of(const struct fit_row *r, struct fit_alt *x)
{
	x->ckpt = r->in.ckpt;
	x->format = r->format;
	x->quantization_fp8 = r->in.quantization_fp8;
	x->derived = r->derived;
	x->kv = r->kv;
	x->per_replica = r->per_replica;
	x->total = r->total;
}

/* Adds x to a row's alternatives: most requests first, then the preferred way. */
static void
add_alt(struct fit_row *g, const struct fit_alt *x)
{
	size_t i;

	g->n_alts_found++;
	for (i = g->n_alts; i > 0; i--) {
		const struct fit_alt *y = &g->alt[i - 1];

		if (y->total > x->total ||
		    (y->total == x->total &&
			way_pref(y->derived, y->quantization_fp8) <=
			    way_pref(x->derived, x->quantization_fp8)))
			break;
	}
	if (i >= FIT_MAX_ALTS)
		return;
	if (g->n_alts < FIT_MAX_ALTS)
		g->n_alts++;
	memmove(&g->alt[i + 1], &g->alt[i],
	    (g->n_alts - 1 - i) * sizeof g->alt[0]);
	g->alt[i] = *x;
}

/*
 * Files r under its hardware option: as an alternative of the row on the
 * same hardware (leading it when it carries more), else as a new row;
 * when rows[] is full, a new row replaces the one ranked last if it ranks
 * before it.  sort_rows() restores the order at the end.
 */
static void
file_row(struct fit_row *rows, size_t *n, size_t max, const struct fit_row *r,
    enum fit_rank rank, size_t *options)
{
	struct fit_alt x;
	size_t i, worst;

	for (i = 0; i < *n; i++) {
		struct fit_row *g = &rows[i];

		if (!same_hardware(g, r))
			continue;
		if (r->total > g->total ||
		    (r->total == g->total &&
			way_pref(r->derived, r->in.quantization_fp8) <
			    way_pref(g->derived, g->in.quantization_fp8))) {
			struct fit_row keep = *g;

			*g = *r;
			memcpy(g->alt, keep.alt, sizeof g->alt);
			g->n_alts = keep.n_alts;
			g->n_alts_found = keep.n_alts_found;
			alt_of(&keep, &x);
		} else {
			alt_of(r, &x);
		}
		add_alt(g, &x);
		return;
	}
	(*options)++;
	if (max == 0)
		return;
	if (*n < max) {
		rows[(*n)++] = *r;
		return;
	}
	for (worst = 0, i = 1; i < *n; i++)
		if (fit_row_rank_cmp(rank, &rows[i], &rows[worst]) > 0)
			worst = i;
	if (fit_row_rank_cmp(rank, r, &rows[worst]) < 0)
		rows[worst] = *r;
}

static void
sort_rows(struct fit_row *rows, size_t n, enum fit_rank rank)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		struct fit_row t = rows[i];

		for (j = i;
		     j > 0 && fit_row_rank_cmp(rank, &t, &rows[j - 1]) < 0; j--)
			rows[j] = rows[j - 1];
		rows[j] = t;
	}
}

static bool
card_wanted(const struct fit_query *q, int g)
{
	size_t i;

	if (q->n_cards == 0)
		return true;
	for (i = 0; i < q->n_cards && i < FIT_MAX_CARD_IDS; i++)
		if (q->cards[i] == g)
			return true;
	return false;
}

/* The KV dtypes worth trying on a card for a checkpoint. */
/* True when --kv-cache-dtype auto is already fp8 for the checkpoint in the
 * query's release (a compressed-tensors kv_cache_scheme only from 0.15.0,
 * vllm_traits.kv_ct_scheme_auto), so an explicit fp8 adds nothing. */
static int
auto_is_fp8(const struct fit_query *q, const struct catalogue *c,
    const struct recalc_choice *ch)
{
	const struct checkpoint *k = ch->ckpt >= 0 ? &c->ckpts[ch->ckpt] : NULL;
	struct vllm_traits t;
	int ct;

	vllm_traits_get(q->version > 0 ? q->version : VLLM_VER_NEWEST, &t);
	ct = k != NULL && k->arch != NULL && k->arch->native_kv_ct &&
	    k->arch->native_kv == k->kv;
	if (k != NULL && kv_dtype_is_fp8(k->kv) && (!ct || t.kv_ct_scheme_auto))
		return 1;
	return kv_dtype_is_fp8(q->model->native_kv) &&
	    (!q->model->native_kv_ct || t.kv_ct_scheme_auto);
}

static size_t
kv_candidates(const struct fit_query *q, const struct catalogue *c,
    const struct gpu *g, const struct recalc_choice *ch, enum kv_dtype *out)
{
	size_t n = 0;
	enum kv_dtype ck_kv = ch->ckpt >= 0 ? c->ckpts[ch->ckpt].kv : KV_AUTO;

	if (q->fixed_kv) {
		out[n++] = q->kv;
		return n;
	}
	out[n++] = KV_AUTO;
	if (g->fp8 && !auto_is_fp8(q, c, ch))
		out[n++] = KV_FP8;
	if (g->fp4 && !q->model->mla && ck_kv != KV_NVFP4)
		out[n++] = KV_NVFP4;
	return n;
}

static void
row_from_plan(struct fit_row *r, const struct fit_query *q, const struct gpu *g,
    const struct plan_input *in, const struct plan *p)
{
	r->in = *in;
	r->tp = p->tp;
	r->pp = p->pp;
	r->format = p->format;
	r->kv = p->kv_dtype;
	r->per_replica = p->concurrency_at_tpr;
	r->total = p->total_concurrency;
	r->headroom =
	    q->users > 0 ? (double)(r->total - q->users) / q->users : 0;
	r->weights = p->weights;
	r->kv_cache = p->kv_cache;
	r->kv_tokens = p->kv_tokens;
	r->max_concurrency = p->max_concurrency;
	if (g->price_per_hour > 0) {
		if (r->mig >= 0)
			r->price_per_hour = g->price_per_hour * r->slices /
			    (g->mig[r->mig].max_count > 0
				    ? g->mig[r->mig].max_count
				    : 1);
		else
			r->price_per_hour = g->price_per_hour * r->cards;
	}
	r->price_per_user = r->price_per_hour > 0 && r->total > 0
	    ? r->price_per_hour / (double)r->total
	    : 0;
}

/*
 * Checks the query and settles the context every row is planned with:
 * the query's, else the one its tokens need within the model's.  Returns
 * that length, or 0 with res->error set.
 */
static int64_t
fit_check_query(const struct fit_query *q, struct fit_result *res)
{
	int64_t L, derived;

	if (q->model == NULL) {
		snprintf(res->error, sizeof res->error, "no model given");
		return 0;
	}
	if (q->users < 1 || q->tokens < 1) {
		snprintf(res->error, sizeof res->error,
		    "the users and the tokens "
		    "per request must be at least 1");
		return 0;
	}
	derived =
	    q->model->derived_max_len > 0 ? q->model->derived_max_len : 2048;
	L = q->max_model_len > 0 ? q->max_model_len
				 : fit_max_model_len(q->tokens);
	if (q->max_model_len <= 0 && L > derived && q->tokens <= derived)
		L = derived;
	res->max_model_len = L;
	if (q->tokens > L) {
		snprintf(res->error, sizeof res->error,
		    "requests of %lld tokens are "
		    "longer than max_model_len %lld",
		    (long long)q->tokens, (long long)L);
		return 0;
	}
	if (L > derived) {
		snprintf(res->error, sizeof res->error,
		    "%s takes at most %lld tokens "
		    "(its derived max_model_len); %lld were asked for",
		    q->model->id, (long long)derived, (long long)L);
		return 0;
	}
	return L;
}

/* The input every candidate starts from: the query's base with the
 * model, context and load of the query and no hardware or layout. */
static void
fit_init_base(struct plan_input *base, const struct fit_query *q, int64_t L)
{
	if (q->base)
		*base = *q->base;
	else
		plan_input_init(base);
	base->model = q->model;
	base->version = q->version;
	base->overhead = q->overhead;
	base->other_usage_gib = q->other_usage_gib;
	base->max_model_len = L;
	base->tokens_per_request = q->tokens;
	base->gpu_total_gib = 0;
	base->tp = base->pp = base->dp = 0;
	base->gpus = 0;
	base->kv_cache_memory_bytes = 0;
}

/*
 * Fills choices[] with the checkpoints to try: the query's one when it
 * fixes it, else every published one (and FP8 quantized while loading),
 * without duplicates.  Returns how many.
 */
static size_t
fit_list_choices(const struct catalogue *c, const struct fit_query *q,
    const struct plan_input *base, struct recalc_choice *choices)
{
	struct plan_input li = *base;
	size_t n_choices, ci, k;

	if (q->fixed_choice) {
		memset(&choices[0], 0, sizeof choices[0]);
		choices[0].ckpt = q->ckpt;
		choices[0].format = q->ckpt >= 0 && (size_t)q->ckpt < c->n_ckpts
		    ? c->ckpts[q->ckpt].format
		    : q->format != FMT_COUNT ? q->format
					     : q->model->native_format;
		choices[0].quantization_fp8 = q->quantization_fp8;
		if (q->quantization_fp8)
			choices[0].format = FMT_FP8;
		choices[0].derived = q->ckpt < 0 && !q->quantization_fp8 &&
		    choices[0].format != q->model->native_format;
		return 1;
	}
	li.ckpt = -1;
	li.format = FMT_COUNT;
	li.quantization_fp8 = false;
	n_choices = recalc_list_choices(c, &li, choices, RECALC_MAX_CHOICES);
	/* the list leads with the input's own (native, unnamed) choice;
	 * drop it where a published checkpoint of that format exists.
	 * Formats nobody published are dropped too: no `vllm serve`
	 * line could load them (they stay reachable with --checkpoint). */
	for (ci = 0; ci < n_choices; ci++) {
		bool dup = choices[ci].derived;

		for (k = 0; k < n_choices && !dup; k++)
			dup = k != ci && choices[ci].ckpt < 0 &&
			    !choices[ci].quantization_fp8 &&
			    choices[k].ckpt >= 0 &&
			    !choices[k].quantization_fp8 &&
			    choices[k].format == choices[ci].format;
		dup = dup ||
		    (ci > 0 &&
			memcmp(&choices[ci], &choices[ci - 1],
			    sizeof choices[ci]) == 0);
		if (dup) {
			memmove(&choices[ci], &choices[ci + 1],
			    (n_choices - ci - 1) * sizeof choices[0]);
			n_choices--;
			ci--;
		}
	}
	return n_choices;
}

/* One hardware option and way of serving it that fit_find() tries. */
struct fit_try {
	const struct gpu *g;
	int gi, mig, max_cards;
	const struct recalc_choice *choice;
	enum kv_dtype kv;
};

/*
 * Plans t over the layouts, fewest cards first, and keeps in *best the
 * one that carries the users on the fewest cards (cmp_cards()).  Returns
 * whether one did.
 */
static bool
fit_pick_layout(const struct catalogue *c, const struct fit_query *q,
    const struct plan_input *base, const struct fit_try *t,
    struct fit_result *res, struct fit_row *best)
{
	struct fit_row cand;
	struct plan_input in;
	struct plan p;
	bool have = false;
	size_t li;

	for (li = 0; li < N_LAYOUTS; li++) {
		int tp = layouts[li].tp, pp = layouts[li].pp;
		int world = tp * pp;
		int64_t reps;

		if (t->mig >= 0 && world > 1)
			break;
		if (world > t->max_cards || (have && best->cards <= world))
			break;
		in = *base;
		in.gpu = t->gi;
		in.mig = t->mig;
		recalc_apply_choice(&in, t->choice);
		in.kv_dtype = t->kv;
		in.tp = tp;
		in.pp = pp;
		plan_compute(c, &in, &p);
		res->n_planned++;
		if (p.phase != PHASE_NONE || p.concurrency_at_tpr <= 0)
			continue;
		reps = (q->users + p.concurrency_at_tpr - 1) /
		    p.concurrency_at_tpr;
		memset(&cand, 0, sizeof cand);
		cand.gpu = t->gi;
		cand.mig = t->mig;
		cand.replicas = (int)reps;
		if (t->mig >= 0) {
			int per = t->g->mig[t->mig].max_count > 0
			    ? t->g->mig[t->mig].max_count
			    : 1;

			cand.slices = (int)reps;
			cand.cards = (int)((reps + per - 1) / per);
		} else {
			cand.cards = (int)(reps * world);
		}
		if (reps > t->max_cards * 8 || cand.cards > t->max_cards)
			continue;
		cand.derived = t->choice->derived;
		row_from_plan(&cand, q, t->g, &in, &p);
		cand.total = p.concurrency_at_tpr * reps;
		cand.headroom = (double)(cand.total - q->users) / q->users;
		if (!have || cmp_cards(&cand, best) < 0) {
			*best = cand;
			have = true;
		}
	}
	return have;
}

/*
 * Plans *best as it would be listed, on its cards and replicas, and
 * refreshes it from that plan.  Returns false (counted as dropped) when
 * that plan does not start or carries fewer than the users.
 */
static bool
fit_replan_row(const struct catalogue *c, const struct fit_query *q,
    const struct gpu *g, struct fit_result *res, struct fit_row *best)
{
	struct plan_input in = best->in;
	struct plan p;

	if (best->mig >= 0) {
		in.gpus = best->slices;
		in.dp = 0;
	} else {
		in.gpus = best->cards;
		in.dp = best->replicas > 1 ? best->replicas : 0;
	}
	plan_compute(c, &in, &p);
	res->n_planned++;
	if (p.phase != PHASE_NONE || p.total_concurrency < q->users) {
		res->n_dropped++;
		return false;
	}
	row_from_plan(best, q, g, &in, &p);
	return true;
}

/* Whether the MIG profile mig of g is the whole card under another name
 * (7g.141gb, 4g.96gb), which fit_find() already tries as mig -1. */
static bool
fit_skip_mig(const struct gpu *g, int mig)
{
	return mig >= 0 && g->mig[mig].max_count == 1 &&
	    g->mig[mig].total_gib >= g->cuda_total_gib - 0.01;
}

size_t
fit_find(const struct catalogue *c, const struct fit_query *q,
    struct fit_row *rows, size_t max_rows, struct fit_result *res)
{
	struct recalc_choice choices[RECALC_MAX_CHOICES];
	struct plan_input base;
	struct fit_try t;
	size_t n_choices, n = 0, ci, gi, ki;
	int64_t L;

	memset(res, 0, sizeof *res);
	L = fit_check_query(q, res);
	if (L == 0)
		return 0;
	t.max_cards = q->max_cards > 0 ? q->max_cards : FIT_DEFAULT_MAX_CARDS;
	fit_init_base(&base, q, L);
	n_choices = fit_list_choices(c, q, &base, choices);

	for (gi = 0; gi < c->n_gpus; gi++) {
		t.g = &c->gpus[gi];
		t.gi = (int)gi;
		if (!card_wanted(q, t.gi))
			continue;
		for (t.mig = -1; t.mig < (int)t.g->n_mig; t.mig++) {
			if (t.mig >= 0 && q->no_mig)
				break;
			if (fit_skip_mig(t.g, t.mig))
				continue;
			for (ci = 0; ci < n_choices; ci++) {
				enum kv_dtype kvs[4];
				size_t nkv =
				    kv_candidates(q, c, t.g, &choices[ci], kvs);

				t.choice = &choices[ci];
				for (ki = 0; ki < nkv; ki++) {
					struct fit_row best;

					t.kv = kvs[ki];
					if (!fit_pick_layout(c, q, &base, &t,
						res, &best) ||
					    !fit_replan_row(c, q, t.g, res,
						&best))
						continue;
					res->n_found++;
					file_row(rows, &n, max_rows, &best,
					    q->rank, &res->n_options);
				}
			}
		}
	}
	sort_rows(rows, n, q->rank);
	res->n_rows = n;
	if (n == 0 && res->error[0] == '\0')
		snprintf(res->error, sizeof res->error,
		    "no card in the catalogue "
		    "carries %lld request%s of %lld tokens on %d card%s or "
		    "fewer",
		    (long long)q->users, units_plural(q->users),
		    (long long)q->tokens, t.max_cards,
		    units_plural(t.max_cards));
	return n;
}
