/*
 * import.c - paste, open, save, compare and calibrate in the planner
 * (see import.h).
 *
 * An import is parsed into a struct cli, whose plan_import (the input
 * and what it points to) the state keeps until the app ends, then merged into the planner's input: a pasted command or a vLLM
 * config file brings vLLM's flags and the model, and keeps the planner's
 * card, request length, other usage and mode; a scenario brings the whole
 * state.  The overlays show text rendered once when they open.
 */
#include "import.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/segments.h"
#include "core/units.h"
#include "draw.h"
#include "io/calibration.h"
#include "io/cli.h"
#include "io/cli_import.h"
#include "io/compare.h"
#include "io/filestamp.h"
#include "io/scenario.h"
#include "io/shellwords.h"
#include "io/textfile.h"
#include "io/vllmlog.h"
#include "io/yamltree.h"
#include "keys.h"
#include "pane.h"
#include "paste.h"
#include "update.h"

#define XUI_PATH 4096

#ifndef HEADROOM_THEMEDIR
#define HEADROOM_THEMEDIR ""
#endif

struct import_state {
	struct plan_import **imports;	/* what the inputs point into */
	size_t		 n_imports, cap_imports;
	char		 scenario[XUI_PATH];	/* opened or saved here */
	struct filestamp stamp;		/* of that file, as read or written */
	char		 armed[XUI_PATH];	/* a refused save: Enter again forces */
	char		 compare[XUI_PATH];	/* the last compare list */
	char		*text;		/* what the overlay shows */
	char		 title[160];
	int		 top, left;
	struct calibration cal;		/* from the last log */
	bool		 have_cal;
};

/*
 * The example scenarios for the compare prompt: the current folder's
 * data/scenarios, or the installed ones (next to the installed themes).
 */
static void
default_compare(char *buf, size_t len)
{
	const char *themes = HEADROOM_THEMEDIR;
	const char *slash = strrchr(themes, '/');
	struct stat sb;

	if (stat("data/scenarios", &sb) == 0 && S_ISDIR(sb.st_mode))
		snprintf(buf, len, "data/scenarios/*.yaml");
	else if (slash != NULL)
		snprintf(buf, len, "%.*s/scenarios/*.yaml", (int)(slash - themes), themes);
	else
		snprintf(buf, len, "data/scenarios/*.yaml");
}

static struct import_state *
state(struct app *a)
{
	if (a->import == NULL) {
		a->import = calloc(1, sizeof *a->import);
		if (a->import == NULL)
			abort();
		default_compare(a->import->compare, sizeof a->import->compare);
	}
	return a->import;
}

/* main()'s hand-over to the next planner (one process, one planner) */
static char preset_path[XUI_PATH];
static struct filestamp preset_stamp;

void
import_preset_scenario(const char *path, const struct filestamp *st)
{
	snprintf(preset_path, sizeof preset_path, "%s", path);
	preset_stamp = *st;
}

void
import_take_preset(struct app *a)
{
	struct import_state *x;

	if (preset_path[0] == '\0')
		return;
	x = state(a);
	snprintf(x->scenario, sizeof x->scenario, "%s", preset_path);
	x->stamp = preset_stamp;
	preset_path[0] = '\0';
}

void
import_free(struct import_state **xp)
{
	struct import_state *x = *xp;
	size_t i;

	if (x == NULL)
		return;
	for (i = 0; i < x->n_imports; i++)
		plan_import_free(&x->imports[i]);
	free(x->imports);
	free(x->text);
	free(x);
	*xp = NULL;
}

/*
 * Keeps the import c resolved to for as long as the app (undo steps may
 * return to its input) and frees c; returns the kept input.
 */
static const struct plan_input *
keep_import(struct app *a, struct cli *c)
{
	struct import_state *x = state(a);

	if (x->n_imports == x->cap_imports) {
		x->cap_imports = x->cap_imports ? x->cap_imports * 2 : 8;
		x->imports = realloc(x->imports, x->cap_imports * sizeof *x->imports);
		if (x->imports == NULL)
			abort();
	}
	x->imports[x->n_imports] = cli_take_import(c);
	cli_done(c);
	return &x->imports[x->n_imports++]->in;
}

static bool
model_is_local(const struct app *a, const struct model *m)
{
	return m != NULL && (a->cat->models == NULL || m < a->cat->models ||
	    m >= a->cat->models + a->cat->n_models);
}

static void
set_text(struct app *a, const char *title, char *text, enum overlay which)
{
	struct import_state *x = state(a);

	free(x->text);
	x->text = text;
	snprintf(x->title, sizeof x->title, "%s", title);
	x->top = 0;
	x->left = 0;
	a->overlay = which;
	a->overlay_top = 0;
	a->full = true;
}

/* ---- imports ---- */

/*
 * The planner's input with vLLM's side taken from an import: the model,
 * its checkpoint and every flag; the card, slider, other usage, mode and
 * calibration stay.
 */
static void
merge_vllm(const struct plan_input *cur, const struct plan_input *imp,
    struct plan_input *out)
{
	*out = *imp;
	out->gpu = cur->gpu;
	out->mig = cur->mig;
	out->gpu_total_gib = cur->gpu_total_gib;
	out->gpus = cur->gpus;
	out->tokens_per_request = cur->tokens_per_request;
	out->other_usage_gib = cur->other_usage_gib;
	out->overhead = cur->overhead;
	out->cal = cur->cal;
	if (imp->version == 0)
		out->version = cur->version;
}

/* Gives a parsed import the planner's card and, when it names none, model. */
static void
adopt_card(struct app *a, struct cli *c, const struct plan_input *cur)
{
	const struct gpu *g = cur->gpu >= 0 && (size_t)cur->gpu < a->cat->n_gpus ?
	    &a->cat->gpus[cur->gpu] : NULL;

	if (g != NULL) {
		c->gpu_id = g->id;
		if (cur->mig >= 0 && (size_t)cur->mig < g->n_mig)
			c->mig = g->mig[cur->mig].name;
	} else {
		c->imp.in.gpu_total_gib = cur->gpu_total_gib;
	}
	if (c->model_id == NULL && cur->model != NULL && !model_is_local(a, cur->model)) {
		c->model_id = cur->model->id;
		if (cur->ckpt >= 0 && (size_t)cur->ckpt < a->cat->n_ckpts)
			c->checkpoint = a->cat->ckpts[cur->ckpt].id;
	}
}

/* A vLLM command or config parsed into c (rc: how that went), imported. */
static int
import_vllm(struct app *a, struct cli *c, int rc, const char *what, char *err,
    size_t errlen)
{
	const struct plan_input *cur = recalc_input(a->calc);
	struct plan_input in;
	char note[sizeof c->imp.note];
	size_t n_extra;

	if (rc != 0)
		goto fail;
	if (c->imp.mig_pinned && cur->mig < 0) {
		snprintf(err, errlen, "the command pins a MIG slice (MIG-<uuid>): "
		    "choose the slice in the GPU list first");
		goto fail;
	}
	adopt_card(a, c, cur);
	if (cli_resolve(a->cat, c, err, errlen) != 0)
		goto fail;
	snprintf(note, sizeof note, "%s", c->imp.note);
	n_extra = c->imp.n_extra;
	merge_vllm(cur, keep_import(a, c), &in);
	update_set_input(a, &in);
	if (note[0] != '\0')
		update_set_status(a, ROLE_WARNING, "%s: %s", what, note);
	else
		update_set_status(a, ROLE_STATUS_OK, "%s: %s%s (u undoes it)", what,
		    in.model ? in.model->id : "?", n_extra ? ", with flags headroom "
		    "does not model kept" : "");
	return 0;
fail:
	cli_done(c);
	return -1;
}

/* A command's text (continuation lines and all), as --from-command reads it. */
static int
import_command(struct app *a, const char *text, const char *what, char *err,
    size_t errlen)
{
	struct cli c;
	int rc = cli_import_open_command(&c, text, err, errlen);

	return import_vllm(a, &c, rc, what, err, errlen);
}

static int
paste_command(struct app *a, char *err, size_t errlen)
{
	struct prompt *pr = &a->prompt;

	/* a backslash at the end: the command goes on on the next line */
	if (pr->len > 0 && pr->text[pr->len - 1] == '\\') {
		pr->text[--pr->len] = '\0';
		return 1;
	}
	if (pr->text[strspn(pr->text, " \t")] == '\0') {
		snprintf(err, errlen, "paste a vllm serve command");
		return -1;
	}
	return import_command(a, pr->text, "command", err, errlen);
}

static int
open_scenario(struct app *a, const char *path, char *err, size_t errlen)
{
	struct import_state *x = state(a);
	struct cli c;

	if (cli_import_open_scenario(&c, path, err, errlen) != 0 ||
	    cli_resolve(a->cat, &c, err, errlen) != 0) {
		cli_done(&c);
		return -1;
	}
	x->stamp = c.imp.scenario_stamp;
	update_set_input(a, keep_import(a, &c));
	snprintf(x->scenario, sizeof x->scenario, "%s", path);
	update_set_status(a, ROLE_STATUS_OK, "opened the scenario %s (s saves it back; u undoes)",
	    path);
	return 0;
}

static int calibrate(struct app *, const char *path, char *err, size_t errlen);

static int
open_file(struct app *a, char *err, size_t errlen)
{
	const char *path = a->prompt.text;
	size_t n = strlen(path);
	cJSON *root;
	bool scen;

	if (n == 0) {
		snprintf(err, errlen, "type a file name");
		return -1;
	}
	if (!(n > 5 && strcmp(path + n - 5, ".yaml") == 0) &&
	    !(n > 4 && strcmp(path + n - 4, ".yml") == 0))
		return calibrate(a, path, err, errlen);	/* a startup log */
	root = yamltree_load(path, err, errlen);
	if (root == NULL)
		return -1;
	scen = scenario_is(root);
	cJSON_Delete(root);
	if (scen)
		return open_scenario(a, path, err, errlen);
	{
		struct cli c;
		int rc = cli_import_open_config(&c, path, err, errlen);

		return import_vllm(a, &c, rc, "config", err, errlen);
	}
}

/* ---- save ---- */

static int
save_scenario(struct app *a, char *err, size_t errlen)
{
	struct import_state *x = state(a);
	const char *path = a->prompt.text;
	const struct plan_input *in = recalc_input(a->calc);
	struct report_in rin;
	struct filestamp *st;
	bool force;
	char *text;

	if (path[0] == '\0') {
		snprintf(err, errlen, "type a file name");
		return -1;
	}
	memset(&rin, 0, sizeof rin);
	rin.cat = a->cat;
	rin.in = in;
	rin.plan = recalc_plan(a->calc);
	rin.model_source = cli_model_source(a->cat, in);
	{
		/* the scenario opened keeps its name */
		char *name = NULL;
		cJSON *fig = NULL;

		if (x->scenario[0] != '\0' && scenario_peek(x->scenario, &name, &fig,
		    err, errlen) == 0)
			cJSON_Delete(fig);
		text = scenario_write(&rin, name, err, errlen);
		free(name);
	}
	if (text == NULL)
		return -1;
	force = strcmp(x->armed, path) == 0;
	st = strcmp(x->scenario, path) == 0 ? &x->stamp : NULL;
	if (scenario_save(path, text, st, force, err, errlen) != 0) {
		free(text);
		snprintf(x->armed, sizeof x->armed, "%s", path);
		return -1;
	}
	free(text);
	x->armed[0] = '\0';
	if (st == NULL) {
		char e[256];
		size_t n;
		char *back = textfile_read(path, &n, e, sizeof e);

		if (back != NULL) {
			filestamp_take(&x->stamp, path, back, n);
			free(back);
		}
	}
	snprintf(x->scenario, sizeof x->scenario, "%s", path);
	update_set_status(a, ROLE_STATUS_OK, "saved the scenario %s", path);
	return 0;
}

/* ---- compare ---- */

static int
compare(struct app *a, char *err, size_t errlen)
{
	struct import_state *x = state(a);
	struct shellwords sw;
	struct compare_set set;
	struct compare_col cols[CLI_MAX_COMPARE + 1];
	const char *paths[CLI_MAX_COMPARE];
	char *store[CLI_MAX_COMPARE];
	size_t i, n = 0, ncol;
	glob_t g;
	int rc;

	if (shellwords_split(a->prompt.text, &sw, err, errlen) != 0)
		return -1;
	for (i = 0; i < sw.n && n < CLI_MAX_COMPARE; i++) {
		size_t k;

		memset(&g, 0, sizeof g);
		if (glob(sw.w[i], GLOB_NOCHECK, NULL, &g) != 0) {
			globfree(&g);
			continue;
		}
		for (k = 0; k < g.gl_pathc && n < CLI_MAX_COMPARE; k++) {
			store[n] = strdup(g.gl_pathv[k]);
			if (store[n] == NULL)
				abort();
			paths[n] = store[n];
			n++;
		}
		globfree(&g);
	}
	shellwords_done(&sw);
	if (n == 0) {
		snprintf(err, errlen, "name one or more scenario files");
		return -1;
	}
	rc = compare_set_load(&set, a->cat, paths, n, err, errlen);
	for (i = 0; i < n; i++)
		free(store[i]);
	if (rc != 0)
		return -1;
	cols[0].label = "this plan";
	cols[0].file = NULL;
	cols[0].in = recalc_input(a->calc);
	cols[0].plan = recalc_plan(a->calc);
	cols[0].model_source = cli_model_source(a->cat, cols[0].in);
	ncol = compare_set_cols(&set, cols, 1, CLI_MAX_COMPARE + 1);
	snprintf(x->compare, sizeof x->compare, "%s", a->prompt.text);
	set_text(a, "Compare (Esc or c closes; arrows scroll)",
	    compare_text(a->cat, cols, ncol, 24), OVERLAY_COMPARE);
	compare_set_done(&set);
	return 0;
}

/* ---- calibrate ---- */

/*
 * Calibrates from the text of a log: the side-by-side view opens and the
 * plan takes the log's settings with its measured terms.  source names
 * the log in the view and a stored profile (a path, or "(pasted)"); what
 * names it on the status line.
 */
static int
calibrate_text(struct app *a, const char *text, size_t len, const char *source,
    const char *what, char *err, size_t errlen)
{
	struct import_state *x = state(a);
	const struct plan_input *cur = recalc_input(a->calc);
	const struct gpu *g = cur->gpu >= 0 && (size_t)cur->gpu < a->cat->n_gpus ?
	    &a->cat->gpus[cur->gpu] : NULL;
	struct vllm_log log;
	struct cli c;
	struct plan p;
	struct plan_input in;
	char note[1024], *argv[5] = { "headroom", NULL, NULL, NULL, NULL };
	int argc = 1;
	double total;

	if (vllmlog_parse(text, len, &log, err, errlen) != 0)
		return -1;
	/* the planner's card, unless the log says it ran on another */
	total = log.have & VLOG_TOTAL ? log.total : log.v0_total;
	if (g != NULL && (total <= 0 || (cur->mig < 0 && total - g->cuda_total_gib < 0.05 &&
	    g->cuda_total_gib - total < 0.05))) {
		argv[argc++] = "--gpu";
		argv[argc++] = g->id;
	}
	if (calibration_cli(a->cat, &log, argc, argv, &c, note, sizeof note, err,
	    errlen) != 0 || cli_resolve(a->cat, &c, err, errlen) != 0) {
		cli_done(&c);
		vllmlog_done(&log);
		return -1;
	}
	in = *keep_import(a, &c);
	plan_compute(a->cat, &in, &p);
	set_text(a, "Calibration: the log against headroom's plan (s stores the "
	    "profile; Esc closes)", calibration_report(a->cat, &log, &in, &p,
	    source, note, false), OVERLAY_CALIBRATE);
	calibration_from_log(a->cat, &log, &in, &p, source, &x->cal);
	x->have_cal = (x->cal.terms & (PLAN_CAL_ACTIVATION | PLAN_CAL_NON_TORCH)) != 0;
	vllmlog_done(&log);
	/* the planner now shows the log's settings with the measured terms */
	if (x->have_cal)
		calibration_to_input(a->cat, &x->cal, &in);
	in.tokens_per_request = cur->tokens_per_request;
	update_set_input(a, &in);
	update_set_status(a, ROLE_STATUS_OK, "calibrated from %s: the plan now uses the "
	    "measured terms (u undoes)", what);
	return 0;
}

static int
calibrate(struct app *a, const char *path, char *err, size_t errlen)
{
	char *text;
	size_t len;
	int rc;

	if (path[0] == '\0') {
		snprintf(err, errlen, "type the path of a vLLM startup log");
		return -1;
	}
	text = textfile_read(path, &len, err, errlen);
	if (text == NULL)
		return -1;
	rc = calibrate_text(a, text, len, path, path, err, errlen);
	free(text);
	return rc;
}

/* ---- a paste outside the prompts ---- */

void
import_paste(struct app *a, const char *text, size_t len, bool cut)
{
	enum paste_kind kind = paste_classify(text, len);
	char err[1024], ex[96];
	size_t lines = paste_count_lines(text, len);
	int rc;

	err[0] = '\0';
	if (kind == PASTE_OTHER) {
		update_set_status(a, ROLE_STATUS_ERROR, "pasted %zu line%s (%zu "
		    "bytes%s) starting \"%s\": not a vLLM startup log or a vllm "
		    "serve command, left alone", lines, lines == 1 ? "" : "s", len,
		    cut ? ", cut at 1 MiB" : "",
		    paste_excerpt(text, len, 40, ex, sizeof ex));
		return;
	}
	/* an open view gives way to the result */
	if (a->overlay != OVERLAY_NONE) {
		a->overlay = OVERLAY_NONE;
		a->full = true;
	}
	if (kind == PASTE_LOG)
		rc = calibrate_text(a, text, len, "(pasted)", "the pasted log",
		    err, sizeof err);
	else
		rc = import_command(a, text, "pasted command", err, sizeof err);
	if (rc != 0)
		update_set_status(a, ROLE_STATUS_ERROR, "pasted %s: %s",
		    kind == PASTE_LOG ? "log" : "command", err);
	if (cut) {
		/* a log starts up in its first lines; so long a command fails */
		size_t o = strlen(a->status);

		snprintf(a->status + o, sizeof a->status - o, " [only the first "
		    "1 MiB of the paste was read]");
	}
}

/* ---- actions, prompts, overlay ---- */

void
import_action(struct app *a, enum action act)
{
	struct import_state *x = state(a);

	switch (act) {
	case ACT_PASTE_COMMAND:
		update_open_prompt(a, PROMPT_COMMAND, "vllm serve command", "");
		break;
	case ACT_OPEN_FILE:
		update_open_prompt(a, PROMPT_OPEN, "open scenario, vLLM config or log",
		    x->scenario);
		break;
	case ACT_SAVE_SCENARIO:
		x->armed[0] = '\0';
		update_open_prompt(a, PROMPT_SAVE, "save the scenario to", x->scenario[0] ?
		    x->scenario : "scenario.yaml");
		break;
	case ACT_COMPARE:
		update_open_prompt(a, PROMPT_COMPARE, "compare with scenario files", x->compare);
		break;
	case ACT_CALIBRATE:
		update_open_prompt(a, PROMPT_CALIBRATE, "calibrate from vLLM log", "vllm.log");
		break;
	default:
		break;
	}
}

int
import_prompt_accept(struct app *a, char *err, size_t errlen)
{
	switch (a->prompt.kind) {
	case PROMPT_COMMAND:
		return paste_command(a, err, errlen);
	case PROMPT_OPEN:
		return open_file(a, err, errlen);
	case PROMPT_SAVE:
		return save_scenario(a, err, errlen);
	case PROMPT_COMPARE:
		return compare(a, err, errlen);
	case PROMPT_CALIBRATE:
		return calibrate(a, a->prompt.text, err, errlen);
	default:
		break;
	}
	return 0;
}

bool
import_overlay_is_mine(const struct app *a)
{
	return a->overlay == OVERLAY_COMPARE || a->overlay == OVERLAY_CALIBRATE;
}

void
import_overlay_draw(struct app *a)
{
	struct import_state *x = state(a);
	struct rect box;
	const char *p;
	int row = 0, rows, y;

	box.x = 0;
	box.y = 0;
	box.w = a->cols;
	box.h = a->rows - 1;
	draw_clear(&a->theme, ROLE_HELP, &box);
	draw_text(&a->theme, ROLE_HELP_TITLE, 0, 2, box.w - 4, x->title, a->g->ellipsis);
	rows = box.h - 2;
	if (x->top < 0)
		x->top = 0;
	for (p = x->text ? x->text : "", y = 2; *p != '\0' && y - 2 < rows; row++) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char line[1024];

		if (row >= x->top) {
			size_t skip = (size_t)x->left < n ? (size_t)x->left : n;

			snprintf(line, sizeof line, "%.*s", (int)(n - skip), p + skip);
			draw_text(&a->theme, row == 0 ? ROLE_HELP_KEY : ROLE_HELP, y, 2,
			    box.w - 4, line, a->g->ellipsis);
			y++;
		}
		p = nl ? nl + 1 : p + n;
	}
}

void
import_overlay_key(struct app *a, int c)
{
	struct import_state *x = state(a);
	enum action act = action_for_key(PANE_COUNT, c);

	if (c == KEYS_ESC || act == ACT_QUIT || (a->overlay == OVERLAY_COMPARE &&
	    act == ACT_COMPARE)) {
		a->overlay = OVERLAY_NONE;
		a->full = true;
		return;
	}
	switch (act) {
	case ACT_UP:
		if (x->top > 0)
			x->top--;
		break;
	case ACT_DOWN:
		x->top++;
		break;
	case ACT_SLIDER_DEC:
		x->left = x->left >= 8 ? x->left - 8 : 0;
		break;
	case ACT_SLIDER_INC:
		x->left += 8;
		break;
	case ACT_SAVE_SCENARIO:
		if (a->overlay == OVERLAY_CALIBRATE) {
			char path[4600], err[512];

			if (!x->have_cal)
				update_set_status(a, ROLE_STATUS_ERROR, "the log measured nothing to "
				    "store (no activation or non-torch figure)");
			else if (calibration_save(&x->cal, path, sizeof path, err,
			    sizeof err) != 0)
				update_set_status(a, ROLE_STATUS_ERROR, "%s", err);
			else
				update_set_status(a, ROLE_STATUS_OK, "stored the calibration profile %s",
				    path);
			a->overlay = OVERLAY_NONE;
			a->full = true;
			return;
		}
		break;
	default:
		break;
	}
	a->dirty |= PANE_BIT(PANE_STATUS);
	a->full = true;
}

const char *
import_term_mark(const struct plan *p, int seg, bool estimated)
{
	unsigned bit = 0;

	switch (seg) {
	case SEG_WEIGHTS: bit = PLAN_CAL_WEIGHTS; break;
	case SEG_ACTIVATION: bit = PLAN_CAL_ACTIVATION; break;
	case SEG_NON_TORCH: bit = PLAN_CAL_NON_TORCH; break;
	case SEG_GRAPHS_IN:
	case SEG_GRAPHS_OUT: bit = PLAN_CAL_CUDA_GRAPHS; break;
	default: break;
	}
	if (bit != 0 && (p->calibrated & bit))
		return " cal.";
	return estimated ? " est." : "";
}
