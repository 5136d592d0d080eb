/*
 * calibration.c - logs against plans, and calibration profiles (see
 * calibration.h).  Invariant: a profile names its card, model and format
 * by catalogue id and name, never by index, so it survives catalogue
 * changes; calibration_to_input() resolves them.
 */
#include "calibration.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "config.h"
#include "core/units.h"
#include "core/xalloc.h"
#include "core/vllm_version.h"
#include "io/cli.h"
#include "io/provenance.h"
#include "io/serve_command.h"
#include "io/textfile.h"
#include "io/xdg.h"
#include "io/vllmargs.h"
#include "io/textesc.h"
#include "io/yamlout.h"
#include "io/yamltree.h"
#include "io/strbuf.h"

#define PROFILE_FORMAT 1

/*
 * The log's non-default args into cli, noting at note + *o what they
 * said of themselves.  Returns 0, or -1 with err set.
 */
static int
calibration_cli_import_args(const struct vllm_log *l, struct cli *cli,
    char *note, size_t notelen, size_t *o, char *err, size_t errlen)
{
	struct vllm_args va;
	char e[1024];

	if (vllmargs_from_pydict(l->args, &va, e, sizeof e) != 0) {
		snprintf(err, errlen, "the log's non-default args: %s", e);
		return -1;
	}
	if (va.note[0] != '\0')
		*o +=
		    (size_t)snprintf(note + *o, notelen - *o, "%s. ", va.note);
	if (cli_import_args(cli, &va, NULL, 1, e, sizeof e) != 0) {
		vllmargs_done(&va);
		snprintf(err, errlen, "the log's non-default args: %s", e);
		return -1;
	}
	vllmargs_done(&va);
	cli->model_from_file = true;
	return 0;
}

/* The log's vLLM release, clamped to the ones modelled (noted if so). */
static void
calibration_cli_version(const struct vllm_log *l, struct cli *cli, char *note,
    size_t notelen, size_t *o)
{
	char e[1024], v[32];
	int ver = l->version;

	if (ver < VLLM_VER_OLDEST || ver > VLLM_VER_NEWEST) {
		ver = ver < VLLM_VER_OLDEST ? VLLM_VER_OLDEST : VLLM_VER_NEWEST;
		if (*o < notelen)
			*o += (size_t)snprintf(note + *o, notelen - *o,
			    "vLLM %s is "
			    "outside the releases headroom models; "
			    "planned as %s. ",
			    vllm_version_format(l->version, e, sizeof e),
			    vllm_version_format(ver, v, sizeof v));
	}
	cli->imp.in.version = ver;
}

/*
 * The card, when the user named none: the first catalogue card whose CUDA
 * total is the logged one, else a custom card of that size; a named card
 * whose total differs from the log takes the logged total.  Each choice
 * is noted.
 */
static void
calibration_cli_card(const struct catalogue *cat, const struct vllm_log *l,
    struct cli *cli, char *note, size_t notelen, size_t *o)
{
	double total = l->have & VLOG_TOTAL ? l->total : l->v0_total;
	size_t i;
	int best = -1;

	if (cli->gpu_id == NULL && cli->imp.in.gpu_total_gib <= 0 &&
	    total > 0) {
		for (i = 0; i < cat->n_gpus; i++)
			if (fabs(cat->gpus[i].cuda_total_gib - total) < 0.05) {
				best = (int)i;
				break;
			}
		if (best >= 0) {
			cli->gpu_id = cat->gpus[best].id;
			if (*o < notelen)
				*o += (size_t)snprintf(note + *o, notelen - *o,
				    "Card: %s, "
				    "the first catalogue card whose "
				    "CUDA total is %.2f GiB "
				    "as logged (--gpu chooses "
				    "another). ",
				    cli->gpu_id, total);
		} else {
			cli->imp.in.gpu_total_gib = total;
			if (*o < notelen)
				*o += (size_t)snprintf(note + *o, notelen - *o,
				    "Card: none "
				    "in the catalogue reports %.2f "
				    "GiB; planned as a "
				    "custom card of that size. ",
				    total);
		}
	} else if (cli->gpu_id == NULL && cli->imp.in.gpu_total_gib <= 0 &&
	    *o < notelen) {
		*o += (size_t)snprintf(note + *o, notelen - *o,
		    "The log does not say "
		    "how much memory the card has; give --gpu. ");
	}
	if (cli->gpu_id != NULL && total > 0 &&
	    cli->imp.in.gpu_total_gib <= 0) {
		int g = catalogue_find_gpu(cat, cli->gpu_id);

		if (g >= 0 && fabs(cat->gpus[g].cuda_total_gib - total) >= 0.01)
			cli->imp.in.gpu_total_gib =
			    total; /* what this card reported */
	}
}

int
calibration_cli(const struct catalogue *cat, const struct vllm_log *l, int argc,
    char **argv, struct cli *cli, char *note, size_t notelen, char *err,
    size_t errlen)
{
	size_t o = 0;

	cli_init(cli);
	note[0] = '\0';
	if ((l->have & VLOG_ARGS) &&
	    calibration_cli_import_args(l, cli, note, notelen, &o, err,
		errlen) != 0)
		return -1;
	if (l->have & VLOG_VERSION)
		calibration_cli_version(l, cli, note, notelen, &o);
	/* the user's options win over the log's */
	if (cli_parse_words(cli, argc, argv, 0, err, errlen) != 0)
		return -1;
	if (cli->model_id == NULL) {
		snprintf(err, errlen,
		    "the log does not name the model (no "
		    "'non-default args' line): give --model");
		return -1;
	}
	if (!(l->have & VLOG_VERSION) && cli->imp.in.version == 0 &&
	    o < notelen)
		o += (size_t)snprintf(note + o, notelen - o,
		    "The log does not name "
		    "its vLLM version; planned as the newest (--vllm-version "
		    "chooses). ");
	calibration_cli_card(cat, l, cli, note, notelen, &o);
	plan_import_bind(&cli->imp);
	return 0;
}

void
calibration_from_log(const struct catalogue *cat, const struct vllm_log *l,
    const struct plan_input *in, const struct plan *p, const char *logpath,
    struct calibration *k)
{
	const struct gpu *g = in->gpu >= 0 && (size_t)in->gpu < cat->n_gpus
	    ? &cat->gpus[in->gpu]
	    : NULL;

	memset(k, 0, sizeof *k);
	snprintf(k->gpu, sizeof k->gpu, "%s", g ? g->id : "custom");
	if (g && in->mig >= 0 && (size_t)in->mig < g->n_mig)
		snprintf(k->mig, sizeof k->mig, "%s", g->mig[in->mig].name);
	snprintf(k->model, sizeof k->model, "%s",
	    in->model ? in->model->id : "");
	snprintf(k->format, sizeof k->format, "%s",
	    ckpt_format_name(p->format));
	snprintf(k->log, sizeof k->log, "%s", logpath ? logpath : "");
	k->version = p->version;
	k->tp = p->tp;
	k->pp = p->pp;
	k->max_num_batched_tokens = p->max_num_batched_tokens;
	if (l->have & VLOG_WEIGHTS) {
		k->weights = l->weights;
		k->terms |= PLAN_CAL_WEIGHTS;
	}
	if (l->have & (VLOG_PROFILE | VLOG_V0_PROFILE)) {
		k->activation = l->torch_peak;
		k->non_torch = l->non_torch;
		k->terms |= PLAN_CAL_ACTIVATION | PLAN_CAL_NON_TORCH;
	} else if ((l->have & VLOG_KV) && (l->have & VLOG_WEIGHTS)) {
		/* INFO only: the rest of the budget, split with the non-torch estimate */
		double budget = l->have & VLOG_V0_BUDGET
		    ? l->v0_budget
		    : units_gib(p->requested);
		double cg = p->cg_in_budget
		    ? (l->have & VLOG_CG_EST ? l->cg_estimate
					     : units_gib(p->cuda_graphs))
		    : 0;
		double rest = budget - l->weights - l->available_kv - cg;
		double nt = units_gib(p->non_torch);

		if (rest > nt) {
			k->activation = rest - nt;
			k->terms |= PLAN_CAL_ACTIVATION;
			k->split = true;
		}
	}
	if (l->have & VLOG_CG_EST) {
		k->cuda_graphs = l->cg_estimate;
		k->terms |= PLAN_CAL_CUDA_GRAPHS;
	} else if (l->have & VLOG_CG_TOOK) {
		k->cuda_graphs = l->cg_took;
		k->terms |= PLAN_CAL_CUDA_GRAPHS;
	}
}

/* ---- the side-by-side report ---- */

struct term {
	const char *name;
	bool have;
	double log, plan;
	bool count; /* tokens or blocks, not GiB */
	const char *suffix;
};

static void
fmt_value(const struct term *t, double v, char *buf, size_t len)
{
	if (t->count)
		units_format_commas((int64_t)llround(v), buf, len);
	else
		snprintf(buf, len, "%.2f%s", v, t->suffix ? t->suffix : "");
}

/*
 * Fills t with the terms vLLM logs beside the plan's figures and returns
 * how many (at most 16).  conc receives the concurrency term's name, which
 * t points into: it must outlive t.
 */
static int
calibration_terms_collect(const struct vllm_log *l, const struct plan *p,
    struct term *t, char *conc, size_t conclen)
{
	char a[64];
	int n = 0;
	double budget_log = 0;
	bool have_budget = false;

	if (l->have & VLOG_V0_BUDGET) {
		budget_log = l->v0_budget;
		have_budget = true;
	} else if (l->have & VLOG_TOTAL) {
		budget_log =
		    ceil(l->total * (double)GIB * p->util) / (double)GIB;
		have_budget = true;
	}
	units_format_commas(l->have & VLOG_CONC ? l->conc_len
						: p->max_model_len,
	    a, sizeof a);
	snprintf(conc, conclen, "Maximum concurrency for %s tokens", a);
#define TERM(nm, h, lv, pv, cnt, suf)                                          \
	do {                                                                   \
		t[n].name = nm;                                                \
		t[n].have = h;                                                 \
		t[n].log = lv;                                                 \
		t[n].plan = pv;                                                \
		t[n].count = cnt;                                              \
		t[n].suffix = suf;                                             \
		n++;                                                           \
	} while (0)
	TERM("Total memory, GiB",
	    (l->have & (VLOG_TOTAL | VLOG_V0_BUDGET)) != 0,
	    l->have & VLOG_TOTAL ? l->total : l->v0_total, units_gib(p->total),
	    false, NULL);
	TERM("Budget (total x utilization), GiB", have_budget, budget_log,
	    units_gib(p->requested), false, NULL);
	TERM("Weights (Model loading took), GiB", (l->have & VLOG_WEIGHTS) != 0,
	    l->weights, units_gib(p->weights), false, NULL);
	TERM("Activation (torch peak increase), GiB",
	    (l->have & (VLOG_PROFILE | VLOG_V0_PROFILE)) != 0, l->torch_peak,
	    units_gib(p->activation), false, NULL);
	TERM("Non-torch increase, GiB",
	    (l->have & (VLOG_PROFILE | VLOG_V0_PROFILE)) != 0, l->non_torch,
	    units_gib(p->non_torch), false, NULL);
	TERM("CUDA graphs (estimated), GiB", (l->have & VLOG_CG_EST) != 0,
	    l->cg_estimate, units_gib(p->cuda_graphs), false, NULL);
	TERM("CUDA graphs (after capture), GiB", (l->have & VLOG_CG_TOOK) != 0,
	    l->cg_took, units_gib(p->cuda_graphs), false, NULL);
	TERM("Available KV cache memory, GiB", (l->have & VLOG_KV) != 0,
	    l->available_kv, units_gib(p->available_kv), false, NULL);
	TERM("GPU KV cache size, tokens", (l->have & VLOG_TOKENS) != 0,
	    (double)l->kv_tokens, (double)p->kv_tokens, true, NULL);
	TERM("GPU blocks", (l->have & VLOG_BLOCKS) != 0, (double)l->gpu_blocks,
	    (double)p->num_blocks, true, NULL);
	TERM(conc,
	    (l->have & VLOG_CONC) != 0 && l->conc_len == p->max_model_len,
	    l->conc_x, p->max_concurrency, false, "x");
#undef TERM
	return n;
}

/* One term as JSON: log, headroom and error (null where the log is silent). */
static cJSON *
calibration_term_json(const struct term *t)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "term", t->name);
	if (t->have) {
		cJSON_AddNumberToObject(o, "log", t->log);
		cJSON_AddNumberToObject(o, "headroom",
		    t->count ? t->plan : units_round2(t->plan));
		cJSON_AddNumberToObject(o, "error",
		    t->count ? t->plan - t->log
			     : units_round2(t->plan - t->log));
	} else {
		cJSON_AddNullToObject(o, "log");
		cJSON_AddNumberToObject(o, "headroom",
		    t->count ? t->plan : units_round2(t->plan));
		cJSON_AddNullToObject(o, "error");
	}
	return o;
}

/* The JSON form of the report; the caller frees it. */
static char *
calibration_report_json(const struct vllm_log *l, const struct plan *p,
    const struct term *t, int n, const char *logpath, const char *lver,
    const char *ver, const char *cmd, const char *miss, const char *note)
{
	cJSON *root = cJSON_CreateObject(), *arr;
	char *s;
	int i;

	cJSON_AddStringToObject(root, "log", logpath ? logpath : "");
	cJSON_AddStringToObject(root, "log_vllm_version", lver);
	cJSON_AddStringToObject(root, "planned_vllm_version", ver);
	cJSON_AddStringToObject(root, "vllm_command", cmd);
	arr = cJSON_AddArrayToObject(root, "terms");
	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(arr, calibration_term_json(&t[i]));
	cJSON_AddBoolToObject(root, "headroom_starts", p->phase == PHASE_NONE);
	if (l->have & VLOG_ERROR)
		cJSON_AddStringToObject(root, "log_error", l->error);
	else
		cJSON_AddNullToObject(root, "log_error");
	if (miss[0])
		cJSON_AddStringToObject(root, "missing", miss);
	else
		cJSON_AddNullToObject(root, "missing");
	cJSON_AddStringToObject(root, "note", note ? note : "");
	s = textesc_json(root);
	cJSON_Delete(root);
	return s;
}

/* Which log, the command planned for it, and the note (trailing blanks
 * cut).  The log's text, its name and what came from it may hold
 * controls: all escaped. */
static void
calibration_text_head(struct strbuf *y, const char *logpath, const char *lver,
    const char *ver, const char *cmd, const char *note)
{
	strbuf_printf(y, "vLLM %s startup log: ", lver);
	textesc_append(y, logpath ? textfile_name(logpath) : "-");
	strbuf_printf(y,
	    "\nheadroom %s planned the same settings for vLLM %s:\n  ",
	    PACKAGE_VERSION, ver);
	textesc_append(y, cmd);
	strbuf_printf(y, "\n");
	if (note && note[0]) {
		char *nt = xstrdup(note);
		size_t nl = strlen(nt);

		while (nl > 0 && nt[nl - 1] == ' ')
			nt[--nl] = '\0';
		strbuf_printf(y, "Note: ");
		textesc_append(y, nt);
		strbuf_printf(y, "\n");
		free(nt);
	}
}

/* The table: each term's logged and planned figure, error and relative
 * error. */
static void
calibration_text_table(struct strbuf *y, const struct term *t, int n)
{
	char a[64], b[64], c[64];
	int i;

	strbuf_printf(y, "\n%-38s %12s %12s %10s\n", "Term", "vLLM log",
	    "headroom", "error");
	for (i = 0; i < n; i++) {
		if (!t[i].have) {
			fmt_value(&t[i], t[i].plan, b, sizeof b);
			strbuf_printf(y, "%-38s %12s %12s\n", t[i].name, "-",
			    b);
			continue;
		}
		fmt_value(&t[i], t[i].log, a, sizeof a);
		fmt_value(&t[i], t[i].plan, b, sizeof b);
		if (t[i].count)
			snprintf(c, sizeof c, "%+lld",
			    (long long)llround(t[i].plan - t[i].log));
		else
			snprintf(c, sizeof c, "%+.2f", t[i].plan - t[i].log);
		strbuf_printf(y, "%-38s %12s %12s %10s", t[i].name, a, b, c);
		if (fabs(t[i].log) > 1e-9)
			strbuf_printf(y, " %+7.1f%%",
			    100.0 * (t[i].plan - t[i].log) / fabs(t[i].log));
		strbuf_printf(y, "\n");
	}
}

/* What the log lacks, the error it reports, and headroom's verdict. */
static void
calibration_text_verdict(struct strbuf *y, const struct vllm_log *l,
    const struct plan *p, const char *miss)
{
	if (miss[0])
		strbuf_printf(y, "\nMissing: %s.\n", miss);
	if (l->have & VLOG_ERROR) {
		strbuf_printf(y, "\nThe log reports an error: ");
		textesc_append(y, l->error);
		strbuf_printf(y, "\n");
	}
	if (p->phase == PHASE_NONE)
		strbuf_printf(y,
		    "headroom's verdict for these settings: vLLM starts.\n");
	else
		strbuf_printf(y,
		    "headroom's verdict for these settings: vLLM stops "
		    "at the %s.\n",
		    plan_phase_title(p->phase));
}

/* What --save-calibration would store, if the log gives any term. */
static void
calibration_text_stores(struct strbuf *y, const struct calibration *k,
    const char *ver)
{
	if (k->terms == 0)
		return;
	strbuf_printf(y, "\n--save-calibration stores");
	if (k->terms & PLAN_CAL_WEIGHTS)
		strbuf_printf(y, " weights %.2f,", k->weights);
	if (k->terms & PLAN_CAL_ACTIVATION)
		strbuf_printf(y, " activation %.2f%s,", k->activation,
		    k->split ? " (split from the rest of the budget)" : "");
	if (k->terms & PLAN_CAL_NON_TORCH)
		strbuf_printf(y, " non-torch %.2f,", k->non_torch);
	if (k->terms & PLAN_CAL_CUDA_GRAPHS)
		strbuf_printf(y, " CUDA graphs %.2f,", k->cuda_graphs);
	y->n--; /* the last comma */
	y->s[y->n] = '\0';
	strbuf_printf(y,
	    " GiB as a profile for %s%s%s + %s (%s) + vLLM %s, TP %d, "
	    "PP %d.\n",
	    k->gpu, k->mig[0] ? " " : "", k->mig, k->model, k->format, ver,
	    k->tp, k->pp);
}

char *
calibration_report(const struct catalogue *cat, const struct vllm_log *l,
    const struct plan_input *in, const struct plan *p, const char *logpath,
    const char *note, bool json)
{
	struct term t[16];
	struct strbuf y = { 0 };
	struct calibration k;
	char ver[32], lver[32], miss[512], conc[96];
	char cmd[8192];
	int n;

	n = calibration_terms_collect(l, p, t, conc, sizeof conc);
	calibration_from_log(cat, l, in, p, logpath, &k);
	vllm_version_format(p->version, ver, sizeof ver);
	if (l->have & VLOG_VERSION)
		vllm_version_format(l->version, lver, sizeof lver);
	else
		snprintf(lver, sizeof lver, "unknown");
	vllmlog_missing(l, miss, sizeof miss);
	serve_command_format(cat, in, p, 0, cmd, sizeof cmd);
	if (json)
		return calibration_report_json(l, p, t, n, logpath, lver, ver,
		    cmd, miss, note);
	calibration_text_head(&y, logpath, lver, ver, cmd, note);
	calibration_text_table(&y, t, n);
	calibration_text_verdict(&y, l, p, miss);
	calibration_text_stores(&y, &k, ver);
	return strbuf_take(&y);
}

/* ---- profiles ---- */

static const char *
calibration_dir(char *buf, size_t len)
{
	return xdg_user_dir(XDG_BASE_DATA, "/calibration", buf, len);
}

static int
make_dirs(const char *dir, char *err, size_t errlen)
{
	char tmp[4096], *p;

	snprintf(tmp, sizeof tmp, "%s", dir);
	for (p = tmp + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0755) != 0 && errno != EEXIST) {
			snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
			return -1;
		}
		*p = '/';
	}
	if (mkdir(tmp, 0755) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		return -1;
	}
	return 0;
}

static void
file_part(const char *s, char *out, size_t len)
{
	size_t i, o = 0;

	for (i = 0; s[i] != '\0' && o + 3 < len; i++) {
		char ch = s[i];

		if (ch == '/') {
			out[o++] = '-';
			out[o++] = '-';
		} else {
			out[o++] = (isalnum((unsigned char)ch) || ch == '.' ||
				       ch == '-' || ch == '_')
			    ? ch
			    : '_';
		}
	}
	out[o] = '\0';
}

int
calibration_save(const struct calibration *k, char *path_out, size_t len,
    char *err, size_t errlen)
{
	struct yamlout y;
	char *text;
	char dir[4096], g[96], m[512], v[32];
	int rc;

	if (calibration_dir(dir, sizeof dir) == NULL) {
		snprintf(err, errlen,
		    "neither XDG_DATA_HOME nor HOME is an absolute "
		    "folder: no place for calibration profiles");
		return -1;
	}
	if (make_dirs(dir, err, errlen) != 0)
		return -1;
	file_part(k->gpu, g, sizeof g);
	file_part(k->model, m, sizeof m);
	vllm_version_format(k->version, v, sizeof v);
	snprintf(path_out, len, "%s/%s%s%s--%s--%s--v%s--tp%dpp%d.yaml", dir, g,
	    k->mig[0] ? "-" : "", k->mig, m, k->format, v, k->tp, k->pp);
	yamlout_init_file(&y,
	    "headroom calibration profile (doc/formats.md): terms "
	    "a real vLLM startup",
	    "measured; plans of this card, model, format, "
	    "version, TP and PP use them.",
	    "headroom-calibration", PROFILE_FORMAT);
	yamlout_key(&y, "gpu");
	yamlout_string(&y, k->gpu);
	if (k->mig[0]) {
		yamlout_key(&y, "mig");
		yamlout_string(&y, k->mig);
	}
	yamlout_key(&y, "model");
	yamlout_string(&y, k->model);
	yamlout_key(&y, "weights-format");
	yamlout_string(&y, k->format);
	yamlout_key(&y, "vllm-version");
	yamlout_string(&y, v);
	yamlout_key(&y, "tensor-parallel-size");
	yamlout_number(&y, k->tp);
	yamlout_key(&y, "pipeline-parallel-size");
	yamlout_number(&y, k->pp);
	yamlout_key(&y, "max-num-batched-tokens");
	yamlout_number(&y, k->max_num_batched_tokens);
	if (k->log[0] && yamlout_utf8_valid(k->log)) {
		yamlout_key(&y, "log");
		yamlout_string(&y, k->log);
	}
	if (k->split)
		yamlout_comment(&y,
		    "activation: the rest of the budget less the "
		    "non-torch estimate (no DEBUG profiling line)");
	yamlout_key(&y, "measured-gib");
	yamlout_map_begin(&y);
	if (k->terms & PLAN_CAL_WEIGHTS) {
		yamlout_key(&y, "weights");
		yamlout_fixed(&y, k->weights, 2);
	}
	if (k->terms & PLAN_CAL_ACTIVATION) {
		yamlout_key(&y, "activation");
		yamlout_fixed(&y, k->activation, 2);
	}
	if (k->terms & PLAN_CAL_NON_TORCH) {
		yamlout_key(&y, "non-torch");
		yamlout_fixed(&y, k->non_torch, 2);
	}
	if (k->terms & PLAN_CAL_CUDA_GRAPHS) {
		yamlout_key(&y, "cuda-graphs");
		yamlout_fixed(&y, k->cuda_graphs, 2);
	}
	yamlout_end(&y);
	text = yamlout_finish(&y, err, errlen);
	if (text == NULL)
		return -1;
	rc = textfile_write_atomic(path_out, text, strlen(text), err, errlen);
	free(text);
	return rc;
}

static int
get_str(const cJSON *root, const char *key, char *buf, size_t len)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);

	if (cJSON_IsString(v)) {
		snprintf(buf, len, "%s", v->valuestring);
		return 0;
	}
	if (cJSON_IsNumber(v)) {
		units_format_pyfloat(v->valuedouble, buf, len);
		return 0;
	}
	buf[0] = '\0';
	return -1;
}

static int
get_num(const cJSON *root, const char *key, double *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);

	if (!cJSON_IsNumber(v))
		return -1;
	*out = v->valuedouble;
	return 0;
}

/*
 * The profile's whole-number settings (TP, PP, max-num-batched-tokens)
 * into k, each in its range or its default when absent.  Returns 0, or
 * -1 with err naming file, line and key.
 */
static int
calibration_load_ints(const cJSON *root, const char *path,
    struct calibration *k, char *err, size_t errlen)
{
	static const struct {
		const char *key;
		int64_t lo, hi, def;
	} ints[] = {
		{ "tensor-parallel-size", 1, 4096, 1 },
		{ "pipeline-parallel-size", 1, 4096, 1 },
		{ "max-num-batched-tokens", 0, INT32_MAX, 0 },
	};
	int *to[] = { &k->tp, &k->pp, &k->max_num_batched_tokens };
	size_t i;
	double d;
	int line, col;

	for (i = 0; i < sizeof ints / sizeof ints[0]; i++) {
		int64_t n = ints[i].def;
		char why[160];

		if (get_num(root, ints[i].key, &d) == 0 &&
		    units_checked_int(d, ints[i].lo, ints[i].hi, &n, why,
			sizeof why) != 0) {
			yamltree_pos(root, ints[i].key, &line, &col);
			snprintf(err, errlen, "%s:%d:%d: %s: %s", path, line,
			    col, ints[i].key, why);
			return -1;
		}
		*to[i] = (int)n;
	}
	return 0;
}

/*
 * The measured-gib: mapping into k, each term present marked in k->terms.
 * Returns 0, or -1 with err set when the mapping is missing.
 */
static int
calibration_load_measured(const cJSON *root, const char *path,
    struct calibration *k, char *err, size_t errlen)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(root, "measured-gib");
	int line, col;

	if (!cJSON_IsObject(m)) {
		yamltree_pos(root, NULL, &line, &col);
		snprintf(err, errlen, "%s:%d:%d: no measured-gib: mapping",
		    path, line, col);
		return -1;
	}
	if (get_num(m, "weights", &k->weights) == 0)
		k->terms |= PLAN_CAL_WEIGHTS;
	if (get_num(m, "activation", &k->activation) == 0)
		k->terms |= PLAN_CAL_ACTIVATION;
	if (get_num(m, "non-torch", &k->non_torch) == 0)
		k->terms |= PLAN_CAL_NON_TORCH;
	if (get_num(m, "cuda-graphs", &k->cuda_graphs) == 0)
		k->terms |= PLAN_CAL_CUDA_GRAPHS;
	return 0;
}

int
calibration_load(const char *path, struct calibration *k, char *err,
    size_t errlen)
{
	char ver[32];
	cJSON *root;
	double d;
	int line, col;

	memset(k, 0, sizeof *k);
	root = yamltree_load(path, err, errlen);
	if (root == NULL)
		return -1;
	if (get_num(root, "headroom-calibration", &d) != 0 ||
	    d != PROFILE_FORMAT) {
		snprintf(err, errlen,
		    "%s:1:1: not a headroom calibration profile "
		    "(headroom-calibration: %d)",
		    path, PROFILE_FORMAT);
		goto bad;
	}
	get_str(root, "gpu", k->gpu, sizeof k->gpu);
	get_str(root, "mig", k->mig, sizeof k->mig);
	get_str(root, "model", k->model, sizeof k->model);
	get_str(root, "weights-format", k->format, sizeof k->format);
	get_str(root, "log", k->log, sizeof k->log);
	if (get_str(root, "vllm-version", ver, sizeof ver) != 0 ||
	    vllm_version_parse(ver, &k->version) != 0) {
		yamltree_pos(root, "vllm-version", &line, &col);
		snprintf(err, errlen,
		    "%s:%d:%d: vllm-version: expected a release "
		    "such as \"0.19.0\"",
		    path, line, col);
		goto bad;
	}
	if (calibration_load_ints(root, path, k, err, errlen) != 0 ||
	    calibration_load_measured(root, path, k, err, errlen) != 0)
		goto bad;
	if (k->gpu[0] == '\0' || k->model[0] == '\0' || k->format[0] == '\0') {
		snprintf(err, errlen,
		    "%s:1:1: a profile needs gpu, model and "
		    "weights-format",
		    path);
		goto bad;
	}
	cJSON_Delete(root);
	return 0;
bad:
	cJSON_Delete(root);
	return -1;
}

void
calibration_to_input(const struct catalogue *cat, const struct calibration *k,
    struct plan_input *in)
{
	struct plan_calibration *c = &in->cal;
	int g = strcmp(k->gpu, "custom") == 0 ? -1
					      : catalogue_find_gpu(cat, k->gpu);
	int mi = catalogue_find_model(cat, k->model);
	enum ckpt_format f = FMT_COUNT;

	memset(c, 0, sizeof *c);
	if (ckpt_format_parse(k->format, &f) != 0)
		return;
	c->gpu = g;
	c->mig = g >= 0 && k->mig[0] ? catalogue_find_mig(&cat->gpus[g], k->mig)
				     : -1;
	/* a local model is the input's own when its id matches */
	c->model = mi >= 0 ? &cat->models[mi]
	    : in->model != NULL && in->model->id != NULL &&
		strcmp(in->model->id, k->model) == 0
	    ? in->model
	    : NULL;
	if (c->model == NULL)
		return;
	c->format = f;
	c->version = k->version;
	c->tp = k->tp;
	c->pp = k->pp;
	c->max_num_batched_tokens = k->max_num_batched_tokens;
	c->weights = units_bytes(k->weights);
	c->activation = units_bytes(k->activation);
	c->non_torch = units_bytes(k->non_torch);
	c->cuda_graphs = units_bytes(k->cuda_graphs);
	c->terms = k->terms;
}

/* Looks through the profiles of dir for one that matches; 1 when applied. */
static int
apply_from(const char *dir, const struct catalogue *cat, struct plan_input *in,
    const struct plan *p, char *note, size_t notelen)
{
	char path[4600], err[512];
	const struct gpu *g;
	DIR *d;
	struct dirent *e;
	int found = 0;

	d = opendir(dir);
	if (d == NULL)
		return 0;
	g = in->gpu >= 0 && (size_t)in->gpu < cat->n_gpus ? &cat->gpus[in->gpu]
							  : NULL;
	while (!found && (e = readdir(d)) != NULL) {
		struct calibration k;
		size_t n = strlen(e->d_name);

		if (n < 6 || strcmp(e->d_name + n - 5, ".yaml") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (calibration_load(path, &k, err, sizeof err) != 0)
			continue;
		if (strcmp(k.gpu, g ? g->id : "custom") != 0 ||
		    strcmp(k.mig,
			g && in->mig >= 0 ? g->mig[in->mig].name : "") != 0 ||
		    strcmp(k.model, in->model->id) != 0 ||
		    strcmp(k.format, ckpt_format_name(p->format)) != 0 ||
		    k.version != p->version || k.tp != p->tp || k.pp != p->pp)
			continue;
		calibration_to_input(cat, &k, in);
		if (in->cal.terms != 0) {
			found = 1;
			if (note && notelen)
				snprintf(note, notelen, "%s", path);
		}
	}
	closedir(d);
	return found;
}

int
calibration_apply(const struct catalogue *cat, struct plan_input *in,
    char *note, size_t notelen)
{
	char dir[4096];
	struct plan p;
	struct plan_input probe = *in;

	memset(&in->cal, 0, sizeof in->cal);
	if (note && notelen)
		note[0] = '\0';
	if (in->model == NULL)
		return 0;
	memset(&probe.cal, 0, sizeof probe.cal);
	plan_compute(cat, &probe, &p);
	if (calibration_dir(dir, sizeof dir) != NULL &&
	    apply_from(dir, cat, in, &p, note, notelen))
		return 1;
	/* profiles saved by earlier releases, under the config folder */
	return xdg_user_dir(XDG_BASE_CONFIG, "/calibration", dir, sizeof dir) !=
	    NULL &&
	    apply_from(dir, cat, in, &p, note, notelen);
}
