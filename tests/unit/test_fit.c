/*
 * test_fit.c - the fit finder on the seeds' numbers (44 users on one H200
 * NVL, 12 per RTX PRO 6000, 24 on two), its ranking, its limits, and the
 * promise that every row it lists carries the load when planned again.
 */
#include <criterion/criterion.h>
#include <string.h>
#include <time.h>

#include "core/fit.h"
#include "helpers.h"

static struct fit_row rows[FIT_MAX_ROWS];

/* The seeds: Llama 3.3 70B as NVIDIA's FP8 checkpoint, FP8 KV, 8192 tokens, rule. */
static void
seed_query(struct fit_query *q, int64_t users)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;

	test_input(&in, NULL, "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	memset(q, 0, sizeof *q);
	q->model = in.model;
	q->users = users;
	q->tokens = 8192;
	q->fixed_choice = true;
	q->ckpt = in.ckpt;
	q->format = FMT_COUNT;
	q->fixed_kv = true;
	q->kv = KV_FP8;
	q->overhead = OVERHEAD_RULE;
	(void)c;
}

static const struct fit_row *
find_row(const struct fit_row *r, size_t n, const char *gpu, int cards, int tp)
{
	const struct catalogue *c = test_catalogue();
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(c->gpus[r[i].gpu].id, gpu) == 0 && r[i].mig < 0 &&
		    (cards <= 0 || r[i].cards == cards) &&
		    (tp <= 0 || r[i].tp == tp))
			return &r[i];
	return NULL;
}

/* Every row starts and carries the users when planned again from its input. */
static void
check_rows_carry(const struct fit_query *q, const struct fit_row *r, size_t n)
{
	const struct catalogue *c = test_catalogue();
	size_t i;

	for (i = 0; i < n; i++) {
		struct plan p;
		int max =
		    q->max_cards > 0 ? q->max_cards : FIT_DEFAULT_MAX_CARDS;

		plan_compute(c, &r[i].in, &p);
		cr_assert_eq(p.phase, PHASE_NONE,
		    "row %zu (%s) does not start: %s", i, c->gpus[r[i].gpu].id,
		    p.message);
		cr_assert_geq(p.total_concurrency, q->users,
		    "row %zu (%s) carries %lld "
		    "< %lld",
		    i, c->gpus[r[i].gpu].id, (long long)p.total_concurrency,
		    (long long)q->users);
		cr_assert_eq(p.total_concurrency, r[i].total);
		cr_assert_leq(r[i].cards, max);
		cr_assert_geq(p.max_model_len, q->tokens);
		if (i > 0)
			cr_assert_leq(fit_row_cmp(&r[i - 1], &r[i]), 0,
			    "rows %zu/%zu out "
			    "of order",
			    i - 1, i);
	}
}

Test(fit, one_h200_nvl_carries_44_two_rtx_pro_6000_do_not)
{
	struct fit_query q;
	struct fit_result res;
	const struct fit_row *h, *r;
	size_t n;

	seed_query(&q, 44);
	n = fit_find(test_catalogue(), &q, rows, FIT_MAX_ROWS, &res);
	cr_assert_gt(n, 0, "%s", res.error);
	cr_assert_eq(res.max_model_len, 8192);
	h = find_row(rows, n, "h200-nvl", 1, 1);
	cr_assert_not_null(h, "one H200 NVL is not listed for 44 users");
	cr_assert_eq(h->total, 44);
	cr_assert_eq(h->replicas, 1);
	/* two separate copies on RTX PRO 6000 carry 2 x 12 = 24: not listed */
	r = find_row(rows, n, "rtx-pro-6000-server", 2, 1);
	cr_assert_null(r, "two RTX PRO 6000 replicas (24 users) listed for 44");
	/* what is listed for that card carries 44: more cards, or TP 2 */
	r = find_row(rows, n, "rtx-pro-6000-server", 0, 0);
	cr_assert_not_null(r);
	cr_assert_geq(r->total, 44);
	cr_assert(r->cards > 2 || r->tp > 1);
	check_rows_carry(&q, rows, n);
	/* by price (the default) nothing before costs more than the H200 NVL */
	cr_assert_leq(rows[0].price_per_hour, h->price_per_hour);
	/* by cards the H200 NVL ranks before anything on two cards */
	q.rank = FIT_RANK_CARDS;
	n = fit_find(test_catalogue(), &q, rows, FIT_MAX_ROWS, &res);
	cr_assert_eq(rows[0].cards, 1);
}

Test(fit, both_carry_24)
{
	struct fit_query q;
	struct fit_result res;
	const struct fit_row *h, *r;
	size_t n;

	seed_query(&q, 24);
	q.cards[0] = catalogue_find_gpu(test_catalogue(), "h200-nvl");
	q.cards[1] =
	    catalogue_find_gpu(test_catalogue(), "rtx-pro-6000-server");
	q.n_cards = 2;
	n = fit_find(test_catalogue(), &q, rows, FIT_MAX_ROWS, &res);
	cr_assert_eq(n, 2, "%zu rows: %s", n, res.error);
	h = find_row(rows, n, "h200-nvl", 1, 1);
	r = find_row(rows, n, "rtx-pro-6000-server", 2, 1);
	cr_assert_not_null(h);
	cr_assert_not_null(r, "two RTX PRO 6000 are not listed for 24 users");
	cr_assert_eq(r->replicas, 2);
	cr_assert_eq(r->per_replica, 12);
	cr_assert_eq(r->total, 24);
	cr_assert_eq(r->in.dp, 2, "the replicas become --data-parallel-size 2");
	/* by price the pair first: 2 x $1.57 < $6.35; by cards the one H200 NVL */
	cr_assert_eq(h->cards, 1);
	cr_assert(rows[0].gpu == r->gpu);
	check_rows_carry(&q, rows, n);
	{
		int h200 = h->gpu; /* rows[] is written again */

		q.rank = FIT_RANK_CARDS;
		n = fit_find(test_catalogue(), &q, rows, FIT_MAX_ROWS, &res);
		cr_assert_eq(n, 2);
		cr_assert_eq(rows[0].gpu, h200);
	}
}

/* The seeds' question as a sales engineer asks it: any checkpoint, FP8 KV. */
Test(fit, rows_are_hardware_options_cheapest_first)
{
	const struct catalogue *c = test_catalogue();
	struct fit_query q;
	struct fit_result res;
	const struct fit_row *r;
	size_t n, i, j;
	int rank;

	seed_query(&q, 44);
	q.fixed_choice = false;
	q.overhead = OVERHEAD_ESTIMATE;
	n = fit_find(c, &q, rows, FIT_MAX_ROWS, &res);
	cr_assert_gt(n, 0, "%s", res.error);
	/* 2 x RTX PRO 6000 Server with TP 2 is there, and near the top */
	r = find_row(rows, n, "rtx-pro-6000-server", 2, 2);
	cr_assert_not_null(r, "2 x RTX PRO 6000 Server, TP 2 is not listed");
	cr_assert_lt(r - rows, 15, "it is row %td, beyond the 15 shown",
	    r - rows + 1);
	cr_assert_float_eq(r->price_per_hour, 2 * 1.57, 1e-9);
	cr_assert_geq(r->total, 44);
	/* the other FP8 checkpoints are inside that row, not rows of their own */
	cr_assert_geq(r->n_alts, 1, "no checkpoint alternatives in the row");
	for (i = 0; i < r->n_alts; i++)
		cr_assert(r->alt[i].ckpt != r->in.ckpt ||
		    r->alt[i].kv != r->kv ||
		    r->alt[i].quantization_fp8 != r->in.quantization_fp8);
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			cr_assert(!(rows[i].gpu == rows[j].gpu &&
				      rows[i].mig == rows[j].mig &&
				      rows[i].cards == rows[j].cards &&
				      rows[i].slices == rows[j].slices &&
				      rows[i].tp == rows[j].tp &&
				      rows[i].pp == rows[j].pp &&
				      rows[i].replicas == rows[j].replicas),
			    "rows %zu and %zu are the "
			    "same hardware",
			    i, j);
	cr_assert_eq(res.n_options, n,
	    "every option kept (fewer than the room)");
	cr_assert_geq(res.n_found, n);
	/* each rank orders by its own key */
	for (rank = 0; rank < FIT_RANKS; rank++) {
		q.rank = (enum fit_rank)rank;
		n = fit_find(c, &q, rows, FIT_MAX_ROWS, &res);
		for (i = 1; i < n; i++)
			cr_assert_leq(fit_row_rank_cmp(q.rank, &rows[i - 1],
					  &rows[i]),
			    0, "%s: rows %zu/%zu", fit_rank_name(q.rank), i - 1,
			    i);
		for (i = 1; i < n; i++) {
			if (q.rank == FIT_RANK_PRICE &&
			    rows[i].price_per_hour > 0)
				cr_assert_leq(rows[i - 1].price_per_hour,
				    rows[i].price_per_hour);
			if (q.rank == FIT_RANK_CARDS)
				cr_assert_leq(rows[i - 1].cards, rows[i].cards);
			if (q.rank == FIT_RANK_HEADROOM)
				cr_assert_geq(rows[i - 1].headroom,
				    rows[i].headroom);
			if (q.rank == FIT_RANK_PRICE_PER_USER &&
			    rows[i].price_per_user > 0)
				cr_assert_leq(rows[i - 1].price_per_user,
				    rows[i].price_per_user);
		}
	}
	cr_assert_eq(fit_rank_parse("price-per-user"), FIT_RANK_PRICE_PER_USER);
	cr_assert_eq(fit_rank_parse("headroom"), FIT_RANK_HEADROOM);
	cr_assert_eq(fit_rank_parse("cheapest"), -1);
	cr_assert_str_eq(fit_rank_name(FIT_RANK_CARDS), "cards");
}

Test(fit, never_lists_a_plan_that_cannot_carry_the_load)
{
	static const int64_t users[] = { 1, 7, 44, 150, 600 };
	static const int64_t tokens[] = { 2048, 8192, 32768 };
	static const char *const models[] = {
		"meta-llama/Llama-3.3-70B-Instruct",
		"meta-llama/Llama-3.1-8B-Instruct",
		"Qwen/Qwen3-30B-A3B",
		"openai/gpt-oss-120b",
	};
	size_t u, t, m, o;

	for (m = 0; m < sizeof models / sizeof models[0]; m++)
		for (u = 0; u < sizeof users / sizeof users[0]; u++)
			for (t = 0; t < sizeof tokens / sizeof tokens[0]; t++)
				for (o = 0; o < 2; o++) {
					struct fit_query q;
					struct fit_result res;
					struct plan_input in;
					size_t n;

					test_input(&in, NULL, models[m], NULL);
					memset(&q, 0, sizeof q);
					q.model = in.model;
					q.users = users[u];
					q.tokens = tokens[t];
					q.overhead = o ? OVERHEAD_RULE
						       : OVERHEAD_ESTIMATE;
					q.max_cards = 4;
					n = fit_find(test_catalogue(), &q, rows,
					    FIT_MAX_ROWS, &res);
					cr_assert_eq(res.n_dropped, 0);
					check_rows_carry(&q, rows, n);
					/* every row names weights someone published */
					for (size_t r = 0; r < n; r++)
						cr_assert(!rows[r].derived,
						    "%s: row %zu "
						    "uses an unpublished "
						    "format",
						    models[m], r);
				}
}

Test(fit, limits_and_lengths)
{
	const struct catalogue *c = test_catalogue();
	struct fit_query q;
	struct fit_result res;
	size_t n, i;

	cr_assert_eq(fit_max_model_len(8192), 8192);
	cr_assert_eq(fit_max_model_len(8000), 8192);
	cr_assert_eq(fit_max_model_len(1), 1024);

	/* only the cards asked for, never more cards than allowed */
	seed_query(&q, 44);
	q.fixed_choice = false;
	q.fixed_kv = false;
	q.cards[0] = catalogue_find_gpu(c, "l40s");
	q.n_cards = 1;
	q.max_cards = 2;
	n = fit_find(c, &q, rows, FIT_MAX_ROWS, &res);
	for (i = 0; i < n; i++) {
		cr_assert_eq(rows[i].gpu, q.cards[0]);
		cr_assert_leq(rows[i].cards, 2);
	}
	check_rows_carry(&q, rows, n);

	/* a request longer than the model takes: no rows, a reason */
	seed_query(&q, 1);
	q.tokens = 10000000;
	n = fit_find(c, &q, rows, FIT_MAX_ROWS, &res);
	cr_assert_eq(n, 0);
	cr_assert(strstr(res.error, "max_model_len") != NULL, "%s", res.error);

	/* a given max_model_len is kept; shorter than a request is refused */
	seed_query(&q, 4);
	q.max_model_len = 32768;
	n = fit_find(c, &q, rows, FIT_MAX_ROWS, &res);
	cr_assert_gt(n, 0);
	cr_assert_eq(rows[0].in.max_model_len, 32768);
	q.max_model_len = 4096;
	cr_assert_eq(fit_find(c, &q, rows, FIT_MAX_ROWS, &res), 0);

	/* MIG rows use slices, one instance per slice, TP 1 */
	seed_query(&q, 1);
	q.fixed_choice = false;
	q.fixed_kv = false;
	q.users = 3;
	q.tokens = 4096;
	{
		struct plan_input in;

		test_input(&in, NULL, "meta-llama/Llama-3.1-8B-Instruct", NULL);
		q.model = in.model;
	}
	n = fit_find(c, &q, rows, FIT_MAX_ROWS, &res);
	for (i = 0; i < n && rows[i].mig < 0; i++)
		;
	cr_assert_lt(i, n, "no MIG row for a small load");
	cr_assert_eq(rows[i].tp, 1);
	cr_assert_eq(rows[i].slices, rows[i].replicas);
	cr_assert_leq(rows[i].slices,
	    rows[i].cards * c->gpus[rows[i].gpu].mig[rows[i].mig].max_count);
	check_rows_carry(&q, rows, n);
}

Test(fit, whole_catalogue_is_fast)
{
	struct fit_query q;
	struct fit_result res;
	struct timespec a, b;
	double ms;

	seed_query(&q, 44);
	q.fixed_choice = false;
	q.fixed_kv = false;
	q.overhead = OVERHEAD_ESTIMATE;
	clock_gettime(CLOCK_MONOTONIC, &a);
	fit_find(test_catalogue(), &q, rows, FIT_MAX_ROWS, &res);
	clock_gettime(CLOCK_MONOTONIC, &b);
	ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
	cr_assert_gt(res.n_planned, 500);
	/* the target is well under 100 ms (bench/bench.c); sanitizer builds are slower */
	cr_assert_lt(ms, 1000.0, "%zu plans took %.1f ms", res.n_planned, ms);
}

/* The command line and the planner build their query through one function:
 * every field it takes comes from the plan input, the rest is cleared. */
Test(fit, query_init_takes_the_plan_input)
{
	struct plan_input in;
	struct fit_query q;

	memset(&in, 0, sizeof in);
	in.ckpt = 3;
	in.format = FMT_FP8;
	in.quantization_fp8 = true;
	in.kv_dtype = KV_FP8;
	in.version = 7;
	in.overhead = OVERHEAD_RULE;
	in.other_usage_gib = 1.5;
	memset(&q, 0xff, sizeof q);
	fit_query_init(&q, &in, 44, 8192);
	cr_assert_eq(q.base, &in);
	cr_assert_eq(q.users, 44);
	cr_assert_eq(q.tokens, 8192);
	cr_assert_eq(q.ckpt, 3);
	cr_assert_eq(q.format, FMT_FP8);
	cr_assert(q.quantization_fp8);
	cr_assert_eq(q.kv, KV_FP8);
	cr_assert_eq(q.version, 7);
	cr_assert_eq(q.overhead, OVERHEAD_RULE);
	cr_assert_float_eq(q.other_usage_gib, 1.5, 1e-9);
	cr_assert(!q.fixed_choice && !q.fixed_kv);
	cr_assert_eq(q.n_cards, 0);
	cr_assert_eq(q.max_model_len, 0);
	cr_assert_eq(q.rank, 0);
}
