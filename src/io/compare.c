/*
 * compare.c - side-by-side plans (see compare.h).
 *
 * The table is built once as rows of cells (build()), then written as
 * text or Markdown.  A row whose label starts with a space is a term of
 * the "Per card" section.
 */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/units.h"
#include "core/vllm_version.h"
#include "io/cli.h"
#include "io/export.h"
#include "io/price.h"
#include "io/provenance.h"
#include "io/report.h"
#include "io/scenario.h"
#include "io/strbuf.h"
#include "io/textesc.h"

#define CELL 96
#define MAX_ROWS 32

struct table {
	const char *label[MAX_ROWS];
	char (*cell)[MAX_ROWS][CELL]; /* cell[col][row] */
	int rows;
};

static void
base_label(const char *path, char *buf, size_t len)
{
	const char *b = strrchr(path, '/');
	size_t n;

	snprintf(buf, len, "%s", b ? b + 1 : path);
	n = strlen(buf);
	if (n > 5 && strcmp(buf + n - 5, ".yaml") == 0)
		buf[n - 5] = '\0';
	else if (n > 4 && strcmp(buf + n - 4, ".yml") == 0)
		buf[n - 4] = '\0';
}

int
compare_set_load(struct compare_set *set, const struct catalogue *cat,
    const char *const *paths, size_t n, char *err, size_t errlen)
{
	size_t i;

	memset(set, 0, sizeof *set);
	set->items = calloc(n + 1, sizeof *set->items);
	if (set->items == NULL)
		abort();
	for (i = 0; i < n; i++) {
		struct compare_item *it = &set->items[i];
		struct cli c;
		char *name = NULL, lab[256];
		cJSON *fig = NULL;

		it->path = strdup(paths[i]);
		if (it->path == NULL)
			abort();
		set->n = i + 1;
		if (cli_import_open_scenario(&c, it->path, err, errlen) != 0 ||
		    cli_resolve(cat, &c, err, errlen) != 0) {
			cli_done(&c);
			compare_set_done(set);
			return -1;
		}
		it->imp = cli_take_import(&c);
		cli_done(&c);
		if (scenario_peek(paths[i], &name, &fig, err, errlen) != 0) {
			compare_set_done(set);
			return -1;
		}
		cJSON_Delete(fig);
		base_label(paths[i], lab, sizeof lab);
		it->label = name ? name : strdup(lab);
		if (it->label == NULL)
			abort();
		plan_compute(cat, &it->imp->in, &it->plan);
	}
	return 0;
}

void
compare_set_done(struct compare_set *set)
{
	size_t i;

	for (i = 0; i < set->n; i++) {
		free(set->items[i].label);
		free(set->items[i].path);
		plan_import_free(&set->items[i].imp);
	}
	free(set->items);
	memset(set, 0, sizeof *set);
}

size_t
compare_set_cols(const struct compare_set *set, struct compare_col *out,
    size_t n, size_t max)
{
	size_t i;

	for (i = 0; i < set->n && n < max; i++, n++) {
		out[n].label = set->items[i].label;
		out[n].file = set->items[i].path;
		out[n].in = &set->items[i].imp->in;
		out[n].plan = &set->items[i].plan;
		out[n].model_source = set->items[i].imp->model_source;
	}
	return n;
}

static const char *
gibs(int64_t b, char *buf)
{
	return units_format_gib(b, buf, 32);
}

/*
 * The rows of one column: each helper below adds its rows to column x of
 * t from row r on and returns the row after its last.
 */
#define ROW(lab, ...)                                                          \
	do {                                                                   \
		t->label[r] = lab;                                             \
		snprintf(x[r], CELL, __VA_ARGS__);                             \
		r++;                                                           \
	} while (0)

/* Where a checkpoint headroom derived came from, as the table says it. */
static const char *
compare_source_name(const char *model_source)
{
	return model_source == NULL                  ? "derived"
	    : strcmp(model_source, "directory") == 0 ? "local"
	    : strcmp(model_source, "cache") == 0     ? "Hugging Face cache"
	    : strcmp(model_source, "hub") == 0       ? "Hugging Face Hub"
						     : "derived";
}

/* The label, card, model, checkpoint, settings and verdict rows. */
static int
compare_rows_setup(const struct catalogue *cat, const struct compare_col *col,
    const struct export_cost *k, struct table *t, char (*x)[CELL], int r)
{
	const struct plan_input *in = col->in;
	const struct plan *p = col->plan;
	const struct gpu *g = in->gpu >= 0 && (size_t)in->gpu < cat->n_gpus
	    ? &cat->gpus[in->gpu]
	    : NULL;
	char v[32], e[CELL];

	/* names and ids from files: shown escaped (textesc.h) */
	ROW("", "%s", textesc_line(col->label, CELL, e, sizeof e));
	if (g == NULL)
		ROW("Card", "custom %.2f GiB", in->gpu_total_gib);
	else if (k->slices > 0)
		ROW("Card", "%s %s", g->id, g->mig[in->mig].name);
	else
		ROW("Card", "%s", g->id);
	if (k->slices > 0)
		ROW("Cards used", "%d (%d slice%s)", k->cards, k->slices,
		    k->slices == 1 ? "" : "s");
	else
		ROW("Cards used", "%d", k->cards);
	ROW("Model", "%s",
	    textesc_line(in->model ? in->model->id : "?", CELL, e, sizeof e));
	if (in->ckpt >= 0 && (size_t)in->ckpt < cat->n_ckpts)
		ROW("Checkpoint", "%s",
		    textesc_line(cat->ckpts[in->ckpt].id, CELL, e, sizeof e));
	else
		ROW("Checkpoint", "%s (%s)", ckpt_format_name(p->format),
		    compare_source_name(col->model_source));
	ROW("Weights, KV cache", "%s, %s", ckpt_format_name(p->format),
	    kv_dtype_name(p->kv_dtype));
	ROW("vLLM", "%s", vllm_version_format(p->version, v, sizeof v));
	ROW("TP x PP x DP", "%d x %d x %d", p->tp, p->pp, p->dp);
	units_format_commas(p->tokens_per_request, v, sizeof v);
	ROW("Tokens per request", "%s", v);
	if (p->phase == PHASE_NONE)
		ROW("Verdict", "starts");
	else
		ROW("Verdict", "fails: %s", plan_phase_name(p->phase));
	return r;
}

/* The per-card memory rows; the rule has no non-torch or graph term. */
static int
compare_rows_memory(const struct compare_col *col, struct table *t,
    char (*x)[CELL], int r)
{
	const struct plan *p = col->plan;
	char gb[32];
	int64_t kvb;

	ROW("Per card, GiB", "%s", "");
	ROW("  total", "%s", gibs(p->total, gb));
	ROW("  weights", "%s", gibs(p->weights, gb));
	if (col->in->overhead == OVERHEAD_RULE) {
		ROW("  activation", "%s (rule)", gibs(p->activation, gb));
		ROW("  non-torch", "-");
		ROW("  CUDA graphs", "-");
	} else {
		ROW("  activation", "%s", gibs(p->activation, gb));
		ROW("  non-torch", "%s", gibs(p->non_torch, gb));
		ROW("  CUDA graphs", "%s", gibs(p->cuda_graphs, gb));
	}
	if (plan_kv_figure(p, &kvb))
		ROW("  KV cache", "%s", gibs(kvb, gb));
	else
		ROW("  KV cache", "%s", "none");
	return r;
}

/* The capacity rows (tokens, concurrency, users) and the prices. */
static int
compare_rows_capacity(const struct catalogue *cat, const struct plan *p,
    const struct export_cost *k, struct table *t, char (*x)[CELL], int r)
{
	char v[32];

	units_format_commas(p->kv_tokens, v, sizeof v);
	ROW("KV cache tokens", "%s", v);
	ROW("Max concurrency", "%.2fx", p->max_concurrency);
	ROW("Users per replica", "%lld", (long long)p->concurrency_at_tpr);
	ROW("Replicas", "%d", p->replicas);
	ROW("Total users", "%lld", (long long)p->total_concurrency);
	if (k->card_per_hour > 0)
		ROW("Price per hour", "%s",
		    price_format(&cat->currency, k->per_hour, 2, v, sizeof v));
	else
		ROW("Price per hour", "-");
	if (k->per_user_hour > 0)
		ROW("Price per user-hour", "%s",
		    price_format(&cat->currency, k->per_user_hour, 4, v,
			sizeof v));
	else
		ROW("Price per user-hour", "-");
	return r;
}
#undef ROW

static void
build(const struct catalogue *cat, const struct compare_col *cols, size_t n,
    struct table *t)
{
	size_t c;
	int r;

	t->cell = calloc(n + 1, sizeof *t->cell);
	if (t->cell == NULL)
		abort();
	for (c = 0; c < n; c++) {
		struct export_cost k;

		export_cost(cat, cols[c].in, cols[c].plan, &k);
		r = compare_rows_setup(cat, &cols[c], &k, t, t->cell[c], 0);
		r = compare_rows_memory(&cols[c], t, t->cell[c], r);
		r = compare_rows_capacity(cat, cols[c].plan, &k, t, t->cell[c],
		    r);
		t->rows = r;
	}
}

/* Copies s into a cell of width w, cut with "..." when longer. */
static void
fit(const char *s, int w, char *out, size_t len)
{
	int n = (int)strlen(s);

	if (n <= w || w < 4)
		snprintf(out, len, "%s", s);
	else
		snprintf(out, len, "%.*s...", w - 3, s);
}

char *
compare_text(const struct catalogue *cat, const struct compare_col *cols,
    size_t n, int max_width)
{
	struct strbuf y = { 0 };
	struct table t;
	int r, lw = 0, w[64];
	size_t c;

	if (max_width <= 0)
		max_width = 30;
	memset(&t, 0, sizeof t);
	build(cat, cols, n, &t);
	for (r = 0; r < t.rows; r++)
		if ((int)strlen(t.label[r]) > lw)
			lw = (int)strlen(t.label[r]);
	for (c = 0; c < n && c < 64; c++) {
		w[c] = 6;
		for (r = 0; r < t.rows; r++)
			if ((int)strlen(t.cell[c][r]) > w[c])
				w[c] = (int)strlen(t.cell[c][r]);
		if (w[c] > max_width)
			w[c] = max_width;
	}
	strbuf_printf(&y, "%s", "");
	for (r = 0; r < t.rows; r++) {
		char line[64 * (CELL + 4) + 64];
		int o = snprintf(line, sizeof line, "%-*s", lw, t.label[r]);

		for (c = 0; c < n && c < 64; c++) {
			char f[CELL + 4];

			fit(t.cell[c][r], w[c], f, sizeof f);
			o += snprintf(line + o, sizeof line - (size_t)o,
			    "  %-*s", w[c], f);
		}
		while (o > 0 && line[o - 1] == ' ')
			line[--o] = '\0';
		strbuf_printf(&y, "%s\n", line);
	}
	if (price_converted(&cat->currency)) {
		char note[200];

		strbuf_printf(&y, "\n%s\n",
		    price_note(&cat->currency, note, sizeof note));
	}
	free(t.cell);
	return strbuf_take(&y);
}

char *
compare_markdown(const struct catalogue *cat, const struct compare_col *cols,
    size_t n)
{
	struct strbuf y = { 0 };
	struct table t;
	size_t c;
	int r;

	memset(&t, 0, sizeof t);
	build(cat, cols, n, &t);
	strbuf_printf(&y, "| |");
	for (c = 0; c < n; c++) {
		strbuf_printf(&y, " ");
		textesc_markdown(&y, t.cell[c][0]);
		strbuf_printf(&y, " |");
	}
	strbuf_printf(&y, "\n|---|");
	for (c = 0; c < n; c++)
		strbuf_printf(&y, "---:|");
	strbuf_printf(&y, "\n");
	for (r = 1; r < t.rows; r++) {
		strbuf_printf(&y, "| %s |",
		    t.label[r][0] == ' ' ? t.label[r] + 2 : t.label[r]);
		for (c = 0; c < n; c++) {
			strbuf_printf(&y, " ");
			textesc_markdown(&y, t.cell[c][r]);
			strbuf_printf(&y, " |");
		}
		strbuf_printf(&y, "\n");
	}
	if (price_converted(&cat->currency)) {
		char note[200];

		strbuf_printf(&y, "\n");
		textesc_markdown(&y,
		    price_note(&cat->currency, note, sizeof note));
		strbuf_printf(&y, "\n");
	}
	free(t.cell);
	return strbuf_take(&y);
}

char *
compare_json(const struct catalogue *cat, const struct compare_col *cols,
    size_t n)
{
	cJSON *arr = cJSON_CreateArray();
	size_t c;
	char *out;

	for (c = 0; c < n; c++) {
		struct report_in rin;
		struct export_cost k;
		char *rep;
		cJSON *o, *x;

		memset(&rin, 0, sizeof rin);
		rin.cat = cat;
		rin.in = cols[c].in;
		rin.plan = cols[c].plan;
		rin.model_source = cols[c].model_source;
		rep = report_json(&rin);
		o = cJSON_Parse(rep);
		free(rep);
		if (o == NULL)
			continue;
		x = cJSON_AddObjectToObject(o, "scenario");
		cJSON_AddStringToObject(x, "name", cols[c].label);
		if (cols[c].file)
			cJSON_AddStringToObject(x, "file", cols[c].file);
		else
			cJSON_AddNullToObject(x, "file");
		export_cost(cat, cols[c].in, cols[c].plan, &k);
		x = cJSON_AddObjectToObject(o, "cost");
		cJSON_AddNumberToObject(x, "cards", k.cards);
		cJSON_AddNumberToObject(x, "mig_slices", k.slices);
		if (k.card_per_hour > 0) {
			cJSON_AddNumberToObject(x, "price_per_card_hour_usd",
			    k.card_per_hour);
			cJSON_AddNumberToObject(x, "price_per_hour_usd",
			    (double)(long long)(k.per_hour * 100 + 0.5) / 100);
			cJSON_AddStringToObject(x, "price_date",
			    k.date ? k.date : "");
		} else {
			cJSON_AddNullToObject(x, "price_per_card_hour_usd");
			cJSON_AddNullToObject(x, "price_per_hour_usd");
			cJSON_AddNullToObject(x, "price_date");
		}
		if (k.per_user_hour > 0)
			cJSON_AddNumberToObject(x, "price_per_user_hour_usd",
			    (double)(long long)(k.per_user_hour * 10000 + 0.5) /
				10000);
		else
			cJSON_AddNullToObject(x, "price_per_user_hour_usd");
		cJSON_AddItemToArray(arr, o);
	}
	out = textesc_json(arr);
	cJSON_Delete(arr);
	return out;
}
