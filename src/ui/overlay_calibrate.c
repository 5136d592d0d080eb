/*
 * overlay_calibrate.c - calibration from a vLLM startup log (see
 * overlay_calibrate.h).  The log's settings are read into a struct cli,
 * whose plan_import (the input and what it points to) the overlay's state
 * keeps until the planner ends, because the plan inputs on the undo stack
 * point into it.  The overlay shows the report
 * rendered once, scrolled with the arrows; s stores the profile.
 */
#include "overlay_calibrate.h"

#include <stdio.h>
#include <stdlib.h>

#include "app_state.h"
#include "overlay.h"
#include "core/xalloc.h"
#include "io/calibration.h"
#include "io/cli.h"
#include "io/plan_import.h"
#include "io/textfile.h"
#include "io/vllmlog.h"

struct calibrate_view {
	struct plan_import **imports; /* what the inputs point into */
	size_t n_imports, cap_imports;
	char *text; /* what the overlay shows */
	struct calibration cal; /* from the last log */
	bool have_cal;
};

static void
calibrate_done(struct overlay *o)
{
	struct calibrate_view *v = o->state;
	size_t i;

	for (i = 0; i < v->n_imports; i++)
		plan_import_free(&v->imports[i]);
	free(v->imports);
	free(v->text);
}

/*
 * Keeps the import c resolved to for as long as the app (undo steps may
 * return to its input) and frees c; returns the kept input.
 */
static const struct plan_input *
keep_import(struct calibrate_view *v, struct cli *c)
{
	if (v->n_imports == v->cap_imports) {
		v->cap_imports = v->cap_imports ? v->cap_imports * 2 : 8;
		v->imports =
		    xrealloc(v->imports, v->cap_imports * sizeof *v->imports);
	}
	v->imports[v->n_imports] = cli_take_import(c);
	cli_done(c);
	return &v->imports[v->n_imports++]->in;
}

int
overlay_calibrate_text(struct app *a, const char *text, size_t len,
    const char *source, const char *what, char *err, size_t errlen)
{
	struct calibrate_view *v = overlay_state(a, OVERLAY_CALIBRATE);
	const struct plan_input *cur = recalc_input(a->calc);
	const struct gpu *g = cur->gpu >= 0 && (size_t)cur->gpu < a->cat->n_gpus
	    ? &a->cat->gpus[cur->gpu]
	    : NULL;
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
	if (g != NULL &&
	    (total <= 0 ||
		(cur->mig < 0 && total - g->cuda_total_gib < 0.05 &&
		    g->cuda_total_gib - total < 0.05))) {
		argv[argc++] = "--gpu";
		argv[argc++] = g->id;
	}
	if (calibration_cli(a->cat, &log, argc, argv, &c, note, sizeof note,
		err, errlen) != 0 ||
	    cli_resolve(a->cat, &c, err, errlen) != 0) {
		cli_done(&c);
		vllmlog_done(&log);
		return -1;
	}
	in = *keep_import(v, &c);
	plan_compute(a->cat, &in, &p);
	free(v->text);
	v->text =
	    calibration_report(a->cat, &log, &in, &p, source, note, false);
	overlay_open(a, OVERLAY_CALIBRATE);
	calibration_from_log(a->cat, &log, &in, &p, source, &v->cal);
	v->have_cal =
	    (v->cal.terms & (PLAN_CAL_ACTIVATION | PLAN_CAL_NON_TORCH)) != 0;
	vllmlog_done(&log);
	/* the planner now shows the log's settings with the measured terms */
	if (v->have_cal)
		calibration_to_input(a->cat, &v->cal, &in);
	in.tokens_per_request = cur->tokens_per_request;
	app_state_set_input(a, &in);
	app_state_set_status(a, ROLE_STATUS_OK,
	    "calibrated from %s: the plan now uses the "
	    "measured terms (u undoes)",
	    what);
	return 0;
}

int
overlay_calibrate_file(struct app *a, const char *path, char *err,
    size_t errlen)
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
	rc = overlay_calibrate_text(a, text, len, path, path, err, errlen);
	free(text);
	return rc;
}

void
overlay_calibrate_ask(struct app *a)
{
	app_state_open_prompt(a, PROMPT_CALIBRATE, "calibrate from vLLM log",
	    "vllm.log");
}

int
overlay_calibrate_accept(struct app *a, char *err, size_t errlen)
{
	return overlay_calibrate_file(a, a->prompt.text, err, errlen);
}

static void
calibrate_draw(struct app *a, struct overlay *o)
{
	struct calibrate_view *v = o->state;

	overlay_text_draw(a, o,
	    "Calibration: the log against headroom's plan (s "
	    "stores the profile; Esc closes)",
	    v->text);
}

/* s: stores the profile the log measured, and closes. */
static enum overlay_key
calibrate_key(struct app *a, struct overlay *o, int c, enum action act,
    struct plan_input *apply)
{
	struct calibrate_view *v = o->state;
	char path[4600], err[512];

	(void)c;
	(void)apply;
	if (act != ACT_SAVE_SCENARIO)
		return OVERLAY_KEY_IGNORED;
	if (!v->have_cal)
		app_state_set_status(a, ROLE_STATUS_ERROR,
		    "the log measured nothing to "
		    "store (no activation or non-torch figure)");
	else if (calibration_save(&v->cal, path, sizeof path, err,
		     sizeof err) != 0)
		app_state_set_status(a, ROLE_STATUS_ERROR, "%s", err);
	else
		app_state_set_status(a, ROLE_STATUS_OK,
		    "stored the calibration profile %s", path);
	return OVERLAY_KEY_CLOSE;
}

const struct overlay_ops overlay_calibrate_ops = {
	.name = "calibrate",
	.toggle = { ACT_NONE, ACT_NONE },
	.scroll = OVERLAY_SCROLL_LINES | OVERLAY_SCROLL_SIDE,
	.state_size = sizeof(struct calibrate_view),
	.draw = calibrate_draw,
	.key = calibrate_key,
	.done = calibrate_done,
};
