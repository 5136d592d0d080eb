/*
 * fit.h - the fit finder: which cards carry a load.
 *
 * Given a model, a number of users (requests resident at once) and the
 * tokens of a request, fit_find() tries every card of the catalogue (or
 * those asked for), whole or cut into each of its MIG slices, every way to
 * run the model (its published checkpoints and the formats it can be
 * derived to), every KV-cache dtype the card supports and every tensor x
 * pipeline layout, and keeps, per card x slice x checkpoint x KV dtype,
 * the layout and replica count that carry the users on the fewest cards.
 * Each kept plan is planned again with its final card count and must start
 * and carry the users; a plan that does not is dropped, never listed.
 *
 * A row is one hardware option: card, slice, cards, slices, TP x PP and
 * replicas.  The plans that run the model on it in different ways
 * (checkpoints, KV dtypes) are one row: the one carrying most requests
 * (a published checkpoint before online FP8 on a tie) leads it, the
 * others are its alternatives.  Rows are ranked by fit_query.rank: price
 * per hour for the load (default), price per user-hour of what the row
 * carries, cards used, or headroom (spare requests over the users); ties
 * go to more requests, then fewer cards, fewer tensor-parallel ranks.
 * Pure: plan_compute() into caller storage, no allocation, so a
 * whole-catalogue search can run on every slider step.
 */
#ifndef HEADROOM_FIT_H
#define HEADROOM_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "catalogue.h"
#include "plan.h"

#define FIT_MAX_ROWS 256
#define FIT_MAX_CARD_IDS 32
#define FIT_DEFAULT_MAX_CARDS 8

#define FIT_MAX_ALTS 8

enum fit_rank {
	FIT_RANK_PRICE, /* $/h for the load, unknown prices last */
	FIT_RANK_PRICE_PER_USER, /* $/h over the requests the row carries */
	FIT_RANK_CARDS, /* whole cards used (slices: the cards they sit on) */
	FIT_RANK_HEADROOM, /* spare requests over the users, most first */
	FIT_RANKS
};

/* "price", "price-per-user", "cards", "headroom". */
const char *fit_rank_name(enum fit_rank);
/* The rank of a name above; -1 when s is none of them. */
int fit_rank_parse(const char *s);

/* Another way to run the model on a row's hardware. */
struct fit_alt {
	int ckpt; /* catalogue checkpoint, -1 = derived */
	enum ckpt_format format;
	bool quantization_fp8;
	bool derived;
	enum kv_dtype kv; /* as resolved */
	int64_t per_replica, total;
};

struct fit_query {
	const struct model *model; /* required */
	int64_t users; /* requests of `tokens` at once, >= 1 */
	int64_t tokens; /* prompt + output of a request, >= 1 */
	int64_t max_model_len; /* 0 = tokens rounded up (fit_max_model_len) */
	/* a fixed way to run the model; free when fixed_choice is false */
	bool fixed_choice;
	int ckpt; /* catalogue checkpoint, -1 = derived format */
	enum ckpt_format format; /* when ckpt == -1 (FMT_COUNT = native) */
	bool quantization_fp8;
	bool fixed_kv;
	enum kv_dtype kv;
	int version; /* VLLM_VER(); 0 = newest */
	enum overhead_mode overhead;
	double other_usage_gib; /* on every card */
	int cards
	    [FIT_MAX_CARD_IDS]; /* catalogue indexes to try; n_cards 0 = all */
	size_t n_cards;
	int max_cards; /* 0 = FIT_DEFAULT_MAX_CARDS */
	bool no_mig; /* whole cards only */
	const struct plan_input *base; /* other vLLM flags to keep, or NULL */
	enum fit_rank rank; /* 0 = FIT_RANK_PRICE */
};

struct fit_row {
	struct plan_input in; /* plans this row (card count, replicas set) */
	int gpu, mig; /* catalogue card, slice or -1 */
	int cards; /* whole cards used (slices: cards they sit on) */
	int slices; /* MIG slices used, 0 for whole cards */
	int tp, pp, replicas;
	bool derived; /* a format with no published checkpoint */
	enum ckpt_format format;
	enum kv_dtype kv; /* as resolved */
	int64_t per_replica; /* requests resident at once, one replica */
	int64_t total; /* over all replicas */
	double headroom; /* (total - users) / users */
	double price_per_hour; /* USD, 0 = unknown */
	int64_t weights, kv_cache; /* bytes per GPU */
	int64_t kv_tokens;
	double max_concurrency;
	double price_per_user; /* price_per_hour / total, 0 = unknown */
	/* the other plans on the same hardware, most requests first */
	struct fit_alt alt[FIT_MAX_ALTS];
	size_t n_alts; /* kept (<= FIT_MAX_ALTS) */
	size_t n_alts_found; /* found */
};

struct fit_result {
	int64_t max_model_len; /* used for every row */
	size_t n_rows; /* rows written (<= max_rows) */
	size_t n_found; /* plans that carry the load, over all rows */
	size_t n_options; /* hardware options among them (may exceed n_rows) */
	size_t n_planned; /* plan_compute() calls */
	size_t n_dropped; /* rows the re-plan refused */
	char error[256]; /* set when the query itself is impossible */
};

/* max_model_len for a request length: rounded up to a multiple of 1024. */
int64_t fit_max_model_len(int64_t tokens);

/*
 * Clears q and fills it from the plan input in, as the command line's --need
 * and the planner's fit finder both ask: in's model, checkpoint, KV dtype,
 * vLLM version, overhead mode and other processes' memory, and in itself as
 * the base whose other flags every row keeps.  The caller then says what is
 * fixed (fixed_choice, fixed_kv), the cards to try, the ranking and any
 * max_model_len.  in must outlive q.
 */
void fit_query_init(struct fit_query *q, const struct plan_input *in,
    int64_t users, int64_t tokens);

/*
 * Searches the catalogue for q and writes up to max_rows rows, best
 * first, into rows.  Returns n_rows; res says why there are none.
 */
size_t fit_find(const struct catalogue *, const struct fit_query *q,
    struct fit_row *rows, size_t max_rows, struct fit_result *res);

/* Row ordering for a rank: < 0 when a ranks before b. */
int fit_row_rank_cmp(enum fit_rank, const struct fit_row *a,
    const struct fit_row *b);
/* The same for the default rank (price per hour). */
int fit_row_cmp(const struct fit_row *a, const struct fit_row *b);

#endif
