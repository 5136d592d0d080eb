/*
 * import.c - paste, open and save in the planner (see import.h).
 *
 * An import is parsed into a struct cli, whose plan_import (the input
 * and what it points to) the state keeps until the app ends, then merged
 * into the planner's input: a pasted command or a vLLM config file brings
 * vLLM's flags and the model, and keeps the planner's card, request
 * length, other usage and mode; a scenario brings the whole
 * state.  A startup log, pasted or opened, goes to the calibration
 * (overlay_calibrate.h).
 */
#include "import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_state.h"
#include "core/xalloc.h"
#include "io/cli.h"
#include "io/filestamp.h"
#include "io/model_find.h"
#include "io/scenario.h"
#include "io/textfile.h"
#include "io/yamltree.h"
#include "overlay.h"
#include "overlay_calibrate.h"
#include "paste.h"

#define XUI_PATH 4096

struct import_state {
	struct plan_import **imports; /* what the inputs point into */
	size_t n_imports, cap_imports;
	char scenario[XUI_PATH]; /* opened or saved here */
	struct filestamp stamp; /* of that file, as read or written */
	char armed[XUI_PATH]; /* a refused save: Enter again forces */
};

static struct import_state *
state(struct app *a)
{
	if (a->import == NULL)
		a->import = xcalloc(1, sizeof *a->import);
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
		x->imports =
		    xrealloc(x->imports, x->cap_imports * sizeof *x->imports);
	}
	x->imports[x->n_imports] = cli_take_import(c);
	cli_done(c);
	return &x->imports[x->n_imports++]->in;
}

static bool
model_is_local(const struct app *a, const struct model *m)
{
	return m != NULL &&
	    (a->cat->models == NULL || m < a->cat->models ||
		m >= a->cat->models + a->cat->n_models);
}

/* ---- imports ---- */

int
import_drafter(struct app *a, struct plan_input *in, char *err, size_t errlen)
{
	struct import_state *x = state(a);
	struct plan_import *imp = plan_import_new();
	static const char head[] = "--speculative-config: ";

	imp->in = *in;
	imp->in.draft = NULL;
	if (cli_resolve_drafter(a->cat, imp, err, errlen) != 0) {
		if (strncmp(err, head, sizeof head - 1) == 0)
			memmove(err, err + sizeof head - 1,
			    strlen(err + sizeof head - 1) + 1);
		plan_import_free(&imp);
		return -1;
	}
	if (!imp->have_draft) {
		/* none read from disk: a catalogue entry or no drafter */
		in->draft = imp->in.draft;
		in->spec = imp->in.spec;
		plan_import_free(&imp);
		return 0;
	}
	if (x->n_imports == x->cap_imports) {
		x->cap_imports = x->cap_imports ? x->cap_imports * 2 : 8;
		x->imports =
		    xrealloc(x->imports, x->cap_imports * sizeof *x->imports);
	}
	x->imports[x->n_imports++] = imp;
	in->draft = imp->in.draft;
	in->spec = imp->in.spec;
	return 0;
}

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
	const struct gpu *g = cur->gpu >= 0 && (size_t)cur->gpu < a->cat->n_gpus
	    ? &a->cat->gpus[cur->gpu]
	    : NULL;

	if (g != NULL) {
		c->gpu_id = g->id;
		if (cur->mig >= 0 && (size_t)cur->mig < g->n_mig)
			c->mig = g->mig[cur->mig].name;
	} else {
		c->imp.in.gpu_total_gib = cur->gpu_total_gib;
	}
	if (c->model_id == NULL && cur->model != NULL &&
	    !model_is_local(a, cur->model)) {
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
		snprintf(err, errlen,
		    "the command pins a MIG slice (MIG-<uuid>): "
		    "choose the slice in the GPU list first");
		goto fail;
	}
	adopt_card(a, c, cur);
	if (cli_resolve(a->cat, c, err, errlen) != 0)
		goto fail;
	snprintf(note, sizeof note, "%s", c->imp.note);
	n_extra = c->imp.n_extra;
	merge_vllm(cur, keep_import(a, c), &in);
	app_state_set_input(a, &in);
	if (note[0] != '\0')
		app_state_set_status(a, ROLE_WARNING, "%s: %s", what, note);
	else
		app_state_set_status(a, ROLE_STATUS_OK,
		    "%s: %s%s (u undoes it)", what,
		    in.model ? in.model->id : "?",
		    n_extra ? ", with flags headroom "
			      "does not model kept"
			    : "");
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
	app_state_set_input(a, keep_import(a, &c));
	snprintf(x->scenario, sizeof x->scenario, "%s", path);
	app_state_set_status(a, ROLE_STATUS_OK,
	    "opened the scenario %s (s saves it back; u undoes)", path);
	return 0;
}

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
		return overlay_calibrate_file(a, path, err,
		    errlen); /* a startup log */
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
	rin.model_source = model_find_input_source(a->cat, in);
	{
		/* the scenario opened keeps its name */
		char *name = NULL;
		cJSON *fig = NULL;

		if (x->scenario[0] != '\0' &&
		    scenario_peek(x->scenario, &name, &fig, err, errlen) == 0)
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
	app_state_set_status(a, ROLE_STATUS_OK, "saved the scenario %s", path);
	return 0;
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
		app_state_set_status(a, ROLE_STATUS_ERROR,
		    "pasted %zu line%s (%zu "
		    "bytes%s) starting \"%s\": not a vLLM startup log or a "
		    "vllm "
		    "serve command, left alone",
		    lines, lines == 1 ? "" : "s", len,
		    cut ? ", cut at 1 MiB" : "",
		    paste_excerpt(text, len, 40, ex, sizeof ex));
		return;
	}
	/* an open view gives way to the result */
	overlay_close(a);
	if (kind == PASTE_LOG)
		rc = overlay_calibrate_text(a, text, len, "(pasted)",
		    "the pasted log", err, sizeof err);
	else
		rc = import_command(a, text, "pasted command", err, sizeof err);
	if (rc != 0)
		app_state_set_status(a, ROLE_STATUS_ERROR, "pasted %s: %s",
		    kind == PASTE_LOG ? "log" : "command", err);
	if (cut) {
		/* a log starts up in its first lines; so long a command fails */
		size_t o = strlen(a->status);

		snprintf(a->status + o, sizeof a->status - o,
		    " [only the first "
		    "1 MiB of the paste was read]");
	}
}

/* ---- actions and prompts ---- */

void
import_action(struct app *a, enum action act)
{
	struct import_state *x = state(a);

	switch (act) {
	case ACT_PASTE_COMMAND:
		app_state_open_prompt(a, PROMPT_COMMAND, "vllm serve command",
		    "");
		break;
	case ACT_OPEN_FILE:
		app_state_open_prompt(a, PROMPT_OPEN,
		    "open scenario, vLLM config or log", x->scenario);
		break;
	case ACT_SAVE_SCENARIO:
		x->armed[0] = '\0';
		app_state_open_prompt(a, PROMPT_SAVE, "save the scenario to",
		    x->scenario[0] ? x->scenario : "scenario.yaml");
		break;
	default: break;
	}
}

int
import_prompt_accept(struct app *a, char *err, size_t errlen)
{
	switch (a->prompt.kind) {
	case PROMPT_COMMAND: return paste_command(a, err, errlen);
	case PROMPT_OPEN: return open_file(a, err, errlen);
	case PROMPT_SAVE: return save_scenario(a, err, errlen);
	default: break;
	}
	return 0;
}
