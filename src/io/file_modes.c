/*
 * file_modes.c - the file and vLLM exchange modes of the command line (see
 * file_modes.h).  Invariant: a mode either finishes with an exit status or
 * leaves cli as it found it, so the report and the planner still run.
 */
#include "file_modes.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fixes.h"
#include "core/plan.h"
#include "io/calibration.h"
#include "io/compare.h"
#include "io/export.h"
#include "io/deploy.h"
#include "io/export_format.h"
#include "io/quote_html.h"
#include "io/report.h"
#include "io/scenario.h"
#include "io/textesc.h"
#include "io/textfile.h"
#include "io/vllmlog.h"

#define say textesc_warn /* messages quote files and pastes: escaped */

/* Prints text (path NULL or "-"), or writes it atomically to path; 0 or 2. */
static int
emit(const char *path, const char *text)
{
	char err[1024];

	if (textfile_write_atomic(path != NULL ? path : "-", text, strlen(text),
		err, sizeof err) != 0) {
		say("%s", err);
		return 2;
	}
	return 0;
}

static int
run_compare(const struct catalogue *cat, struct cli *cli)
{
	struct compare_set set;
	struct compare_col cols[CLI_MAX_COMPARE];
	char err[1024], *out;
	size_t n;
	int rc;

	if (compare_set_load(&set, cat, cli->compare, cli->n_compare, err,
		sizeof err) != 0) {
		say("--compare: %s", err);
		return 2;
	}
	n = compare_set_cols(&set, cols, 0, CLI_MAX_COMPARE);
	if (cli->report == REPORT_JSON)
		out = compare_json(cat, cols, n);
	else if (cli->report == REPORT_MARKDOWN)
		out = compare_markdown(cat, cols, n);
	else
		out = compare_text(cat, cols, n, 0);
	rc = emit(cli->output, out);
	free(out);
	compare_set_done(&set);
	return rc;
}

static int
run_check(const struct catalogue *cat, struct cli *cli, int argc, char **argv)
{
	struct cli c;
	struct plan p;
	char err[1024], *name = NULL, *diff = NULL, **av;
	cJSON *saved = NULL, *now;
	const char *path = cli->check;
	int i, moved, rc = 2;

	if (scenario_peek(path, &name, &saved, err, sizeof err) != 0) {
		say("--check: %s", err);
		return 2;
	}
	if (saved == NULL) {
		say("--check: %s has no figures: block (save it with "
		    "--save-scenario "
		    "first)",
		    path);
		free(name);
		return 2;
	}
	/* the scenario, then the other options given (e.g. --vllm-version) */
	av = calloc((size_t)argc + 3, sizeof *av);
	if (av == NULL)
		abort();
	av[0] = argv[0];
	av[1] = "--scenario";
	av[2] = (char *)path;
	for (i = 1; i < argc; i++)
		av[i + 2] = argv[i];
	if (cli_parse(argc + 2, av, &c, err, sizeof err) != 0 ||
	    cli_resolve(cat, &c, err, sizeof err) != 0) {
		say("--check: %s", err);
		goto out;
	}
	plan_compute(cat, &c.imp.in, &p);
	now = scenario_figures(&p);
	moved = scenario_diff_figures(saved, now, &diff);
	cJSON_Delete(now);
	if (moved == 0) {
		printf("%s: every figure as saved (%d checked)\n",
		    textfile_name(path), cJSON_GetArraySize(saved));
		rc = 0;
	} else {
		printf("%s: %d figure%s moved since the scenario was "
		       "saved:\n%s",
		    textfile_name(path), moved, moved == 1 ? "" : "s", diff);
		rc = 1;
	}
	free(diff);
out:
	cli_done(&c);
	free(av);
	free(name);
	cJSON_Delete(saved);
	return rc;
}

static int
run_calibrate(const struct catalogue *cat, struct cli *cli, int argc,
    char **argv)
{
	struct vllm_log log;
	struct cli c;
	struct plan p;
	struct calibration k;
	char err[1024], note[1024], path[4600], miss[512], *text, *out;
	size_t len;
	int rc = 0;

	text = textfile_read(cli->calibrate, &len, err, sizeof err);
	if (text == NULL) {
		say("--calibrate: %s", err);
		return 2;
	}
	if (vllmlog_parse(text, len, &log, err, sizeof err) != 0) {
		free(text);
		say("--calibrate: %s: %s", cli->calibrate, err);
		return 2;
	}
	free(text);
	if (calibration_cli(cat, &log, argc, argv, &c, note, sizeof note, err,
		sizeof err) != 0 ||
	    cli_resolve(cat, &c, err, sizeof err) != 0) {
		say("--calibrate: %s: %s", cli->calibrate, err);
		cli_done(&c);
		vllmlog_done(&log);
		return 2;
	}
	plan_compute(cat, &c.imp.in, &p);
	out = calibration_report(cat, &log, &c.imp.in, &p, cli->calibrate, note,
	    cli->report == REPORT_JSON);
	rc = emit(cli->output, out);
	free(out);
	if (rc == 0 && cli->save_calibration) {
		calibration_from_log(cat, &log, &c.imp.in, &p, cli->calibrate,
		    &k);
		if (!(k.terms & (PLAN_CAL_ACTIVATION | PLAN_CAL_NON_TORCH))) {
			say("--save-calibration: nothing measured to store: %s",
			    vllmlog_missing(&log, miss, sizeof miss));
			rc = 2;
		} else if (calibration_save(&k, path, sizeof path, err,
			       sizeof err) != 0) {
			say("--save-calibration: %s", err);
			rc = 2;
		} else {
			say("saved the calibration profile %s", path);
		}
	}
	cli_done(&c);
	vllmlog_done(&log);
	return rc;
}

int
file_modes_before_resolve(const struct catalogue *cat, struct cli *cli,
    int argc, char **argv)
{
	if (cli->n_compare > 0)
		return run_compare(cat, cli);
	if (cli->check != NULL)
		return run_check(cat, cli, argc, argv);
	if (cli->calibrate != NULL)
		return run_calibrate(cat, cli, argc, argv);
	if (cli->save_calibration) {
		say("--save-calibration goes with --calibrate LOG");
		return 2;
	}
	return -1;
}

static int
mig_pin_check(const struct catalogue *cat, const struct cli *cli)
{
	const struct gpu *g;
	char list[400];
	size_t i, o = 0;

	if (!cli->imp.mig_pinned || cli->imp.in.mig >= 0)
		return 0;
	g = cli->imp.in.gpu >= 0 ? &cat->gpus[cli->imp.in.gpu] : NULL;
	list[0] = '\0';
	for (i = 0; g != NULL && i < g->n_mig && o + 2 < sizeof list; i++)
		o += (size_t)snprintf(list + o, sizeof list - o, "%s%s",
		    i ? ", " : "", g->mig[i].name);
	if (g != NULL && list[0] != '\0')
		say("the command pins a MIG slice (MIG-<uuid> or device=N:M): "
		    "say "
		    "which profile with --mig (%s has %s)",
		    g->id, list);
	else
		say("the command pins a MIG slice (MIG-<uuid> or device=N:M), "
		    "but %s "
		    "has no MIG profiles: choose the card with --gpu and the "
		    "slice "
		    "with --mig",
		    g ? g->id : "a custom card");
	return 2;
}

void
file_modes_plan(const struct catalogue *cat, const struct cli *cli,
    struct plan *p, struct fix *fixes, struct report_in *rin)
{
	static struct placement place;

	plan_compute(cat, &cli->imp.in, p);
	memset(rin, 0, sizeof *rin);
	rin->placement =
	    deploy_place(cat, &cli->imp.in, cli->node, cli->nodes, p, &place);
	rin->node = rin->placement != NULL ? &cat->nodes[cli->node] : NULL;
	rin->cat = cat;
	rin->in = &cli->imp.in;
	rin->plan = p;
	rin->fixes = fixes;
	rin->n_fixes = fixes_compute(cat, &cli->imp.in, p, fixes, FIX_MAX);
	rin->model_source = cli->imp.model_source;
	rin->explicit_all = cli->explicit_all;
}

/* --save-scenario: the plan written back, keeping the name it had. */
static int
save_scenario(struct cli *cli, const struct report_in *rin)
{
	struct filestamp *st =
	    cli->scenario != NULL ? &cli->imp.scenario_stamp : NULL;
	char *name = NULL, *text, err[1024];
	cJSON *fig = NULL;

	/* a scenario saved again keeps its name */
	if (cli->scenario != NULL &&
	    scenario_peek(cli->scenario, &name, &fig, err, sizeof err) == 0)
		cJSON_Delete(fig);
	text = scenario_write(rin, name, err, sizeof err);
	free(name);
	if (text == NULL ||
	    scenario_save(cli->save_scenario, text, st, cli->force, err,
		sizeof err) != 0) {
		say("--save-scenario: %s", err);
		free(text);
		return 2;
	}
	free(text);
	say("saved the scenario %s", cli->save_scenario);
	return 0;
}

/* --export FORMAT (--format for the quote): the text, or NULL after saying why. */
static char *
render_export(const struct cli *cli, const struct report_in *rin)
{
	enum export_format f;
	char err[1024], *out;

	if (export_format_parse(cli->export_fmt, &f) != 0)
		return NULL;
	if (cli->export_style != NULL && f != EXPORT_QUOTE) {
		say("--format %s: only the quote has a format (--export quote)",
		    cli->export_style);
		return NULL;
	}
	if (f == EXPORT_QUOTE && cli->export_style != NULL &&
	    strcmp(cli->export_style, "html") == 0)
		out = quote_html(rin, err, sizeof err);
	else
		out = export_render(f, rin, err, sizeof err);
	if (out == NULL)
		say("--export %s: %s", cli->export_fmt, err);
	return out;
}

int
file_modes_after_resolve(const struct catalogue *cat, struct cli *cli)
{
	struct plan p;
	struct fix fixes[FIX_MAX];
	struct report_in rin;
	char note[4700];
	char *out = NULL;
	int rc, status;

	if (mig_pin_check(cat, cli) != 0)
		return 2;
	if (cli->imp.note[0] != '\0')
		say("note: %s", cli->imp.note);
	if (cli->imp.in.cal.terms == 0 &&
	    calibration_apply(cat, &cli->imp.in, note, sizeof note) &&
	    cli->report != REPORT_NONE)
		say("calibrated terms from %s", note);
	if (cli->export_fmt == NULL && cli->save_scenario == NULL &&
	    cli->output == NULL)
		return -1;
	if (cli->export_fmt != NULL && cli->report != REPORT_NONE &&
	    cli->output == NULL) {
		say("--export and --report both print: choose one (or add "
		    "--output "
		    "FILE)");
		return 2;
	}
	file_modes_plan(cat, cli, &p, fixes, &rin);
	status = p.phase == PHASE_NONE ? 0 : 1;
	if (cli->save_scenario != NULL) {
		if (save_scenario(cli, &rin) != 0)
			return 2;
		if (cli->export_fmt == NULL && cli->report == REPORT_NONE)
			return status;
	}
	if (cli->export_fmt != NULL) {
		if ((out = render_export(cli, &rin)) == NULL)
			return 2;
	} else if (cli->output != NULL) {
		out = report_render(&rin, cli->report);
	} else {
		return -1; /* --save-scenario with --report: the report follows */
	}
	rc = emit(cli->output, out);
	free(out);
	return rc != 0 ? rc : status;
}
