/*
 * sizing_modes.c - from command line to answer (see sizing_modes.h).  Builds the
 * core queries (fit_query, share_query, upgrade) from struct cli, runs
 * them into static storage (the fit rows are large) and hands the result
 * to the writers of sizing_report.c.
 */
#include "sizing_modes.h"

#include <stdlib.h>
#include <string.h>

#include "core/fit.h"
#include "core/share.h"
#include "core/upgrade.h"
#include "io/sizing_cli.h"
#include "io/sizing_report.h"

enum sizing_mode
sizing_modes_wanted(const struct cli *cli)
{
	if (cli->sizing.n_instances > 0)
		return SIZING_SHARE;
	if (cli->sizing.need > 0)
		return SIZING_FIT;
	if (cli->sizing.compare_version > 0)
		return SIZING_UPGRADE;
	return SIZING_NONE;
}

void
sizing_modes_prepare(struct cli *cli)
{
	if (cli->sizing.need > 0 && cli->sizing.cards == NULL &&
	    cli->gpu_id != NULL)
		cli->sizing.cards = cli->gpu_id;
	cli->sizing.checkpoint_given = cli->checkpoint != NULL;
	cli->sizing.kv_given = cli->imp.in.kv_dtype != KV_AUTO;
}

static int
emit(char *text, FILE *out)
{
	int rc = fputs(text, out) < 0 ? -1 : 0;

	free(text);
	return rc;
}

static int
run_fit(const struct catalogue *c, struct cli *cli, FILE *out, FILE *errf)
{
	static struct fit_row rows[FIT_MAX_ROWS];
	struct fit_query q;
	struct fit_result res;
	struct sizing_report_fit_view v;
	char err[256];
	int n;
	size_t nrows;
	int64_t tokens;

	tokens = cli->imp.in.tokens_per_request > 0
	    ? cli->imp.in.tokens_per_request
	    : cli->imp.in.max_model_len > 0 ? cli->imp.in.max_model_len
					    : 0;
	if (tokens <= 0) {
		fprintf(errf,
		    "headroom: --need: say how long a request is with "
		    "--tokens-per-request N (prompt + output tokens)\n");
		return 2;
	}
	fit_query_init(&q, &cli->imp.in, cli->sizing.need, tokens);
	q.max_model_len =
	    cli->imp.in.max_model_len > 0 ? cli->imp.in.max_model_len : 0;
	if (cli->sizing.checkpoint_given) {
		q.fixed_choice = true;
	} else if (cli->imp.in.quantization_fp8) {
		q.fixed_choice = true;
		q.format = FMT_COUNT;
	}
	q.fixed_kv = cli->sizing.kv_given;
	q.max_cards = cli->sizing.max_cards;
	q.rank = (enum fit_rank)cli->sizing.rank;
	n = sizing_cli_cards(c, cli->sizing.cards, q.cards, FIT_MAX_CARD_IDS,
	    err, sizeof err);
	if (n < 0) {
		fprintf(errf, "headroom: %s\n", err);
		return 2;
	}
	q.n_cards = (size_t)n;
	nrows = fit_find(c, &q, rows, FIT_MAX_ROWS, &res);
	memset(&v, 0, sizeof v);
	v.cat = c;
	v.q = &q;
	v.rows = rows;
	v.n = nrows;
	v.res = &res;
	v.text_rows = 15;
	if (emit(sizing_report_fit(&v, cli->report), out) != 0)
		return 2;
	return nrows > 0 ? 0 : 1;
}

static int
run_share(const struct catalogue *c, struct cli *cli, FILE *out, FILE *errf)
{
	static struct share_instance inst[SHARE_MAX];
	static struct share_result ra, rb;
	struct share_query q;
	struct sizing_report_share_view v;
	char err[512], label[8];
	size_t i;
	bool ok;

	if (cli->imp.in.mig >= 0) {
		fprintf(errf,
		    "headroom: --instance shares a whole card; drop --mig "
		    "(the report compares MIG slices itself)\n");
		return 2;
	}
	if (cli->imp.in.gpu < 0) {
		fprintf(errf,
		    "headroom: --instance needs a catalogue card (--gpu ID)\n");
		return 2;
	}
	for (i = 0; i < cli->sizing.n_instances; i++) {
		snprintf(label, sizeof label, "%u", (unsigned)(i + 1) % 1000u);
		if (sizing_cli_instance(c, &cli->imp.in,
			cli->sizing.instances[i], label, &inst[i], err,
			sizeof err) != 0) {
			fprintf(errf, "headroom: %s\n", err);
			return 2;
		}
	}
	memset(&q, 0, sizeof q);
	q.inst = inst;
	q.n = cli->sizing.n_instances;
	q.gpu = cli->imp.in.gpu;
	q.other_usage_gib = cli->imp.in.other_usage_gib;
	q.version =
	    cli->imp.in.version > 0 ? cli->imp.in.version : VLLM_VER_NEWEST;
	share_compute(c, &q, &ra);
	memset(&v, 0, sizeof v);
	v.cat = c;
	v.q = &q;
	v.r = &ra;
	ok = ra.all_start && !ra.over_one;
	if (cli->sizing.compare_version > 0) {
		struct share_query qb = q;

		qb.version = cli->sizing.compare_version;
		share_compute(c, &qb, &rb);
		v.r_to = &rb;
		v.to_version = cli->sizing.compare_version;
		ok = rb.all_start && !rb.over_one;
	}
	if (emit(sizing_report_share(&v, cli->report), out) != 0)
		return 2;
	return ok ? 0 : 1;
}

static int
run_upgrade(const struct catalogue *c, struct cli *cli, FILE *out)
{
	static struct upgrade_result u;
	struct sizing_report_upgrade_view v;

	upgrade_compare(c, &cli->imp.in, cli->imp.in.version,
	    cli->sizing.compare_version, &u);
	v.cat = c;
	v.in = &cli->imp.in;
	v.u = &u;
	if (emit(sizing_report_upgrade(&v, cli->report), out) != 0)
		return 2;
	return u.starts_b ? 0 : 1;
}

int
sizing_modes_run(const struct catalogue *c, struct cli *cli, FILE *out,
    FILE *err)
{
	if (cli->report == REPORT_NONE)
		cli->report = REPORT_TEXT;
	switch (sizing_modes_wanted(cli)) {
	case SIZING_FIT: return run_fit(c, cli, out, err);
	case SIZING_SHARE: return run_share(c, cli, out, err);
	case SIZING_UPGRADE: return run_upgrade(c, cli, out);
	case SIZING_NONE: break;
	}
	return 2;
}
