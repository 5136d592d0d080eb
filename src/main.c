/*
 * main.c - headroom's entry: parse the command line, load the catalogue,
 * then either print a report (--report, or stdout not a terminal) or run
 * the interactive planner.  Exit status: 0 vLLM would start, 1 it would
 * not, 2 bad usage or bad input.
 */
#include "config.h"

#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fixes.h"
#include "core/plan.h"
#include "core/units.h"
#include "core/vllm_version.h"
#include "io/options.h"
#include "io/sizing_modes.h"
#include "io/catalogue_list.h"
#include "io/catalogue_load.h"
#include "io/closeout.h"
#include "io/cli.h"
#include "io/file_modes.h"
#include "io/deploy.h"
#include "io/report.h"
#include "io/settings.h"
#include "io/strbuf.h"
#include "io/textesc.h"
#include "ui/app.h"
#include "ui/overlay_deploy.h"
#include "ui/import.h"

static void
diag_stderr(void *ctx, const char *msg)
{
	(void)ctx;
	textesc_warn("%s", msg);
}

/*
 * --help, a row a line: a plain line (opt NULL), or an option and what it
 * does with the text in column 32 (opt "" continues the row above; an
 * option too wide for its column is followed by two spaces).
 */
struct usage_row {
	const char *opt;
	const char *text;
};

static const struct usage_row usage_rows[] = {
	{ NULL, "Usage: headroom [OPTION]... [MODEL]" },
	{ NULL,
	    "       headroom [OPTION]... -- vllm serve MODEL [VLLM-FLAG]..." },
	{ NULL,
	    "Predict what vLLM prints at startup for a card, a model and a set "
	    "of flags:" },
	{ NULL,
	    "memory per term, KV-cache tokens, concurrency, or the phase where "
	    "it fails." },
	{ NULL, "" },
	{ NULL, "Planner options:" },
	{ "--report text|json|markdown",
	    "print the plan and exit (default when stdout" },
	{ "", "is not a terminal: text)" },
	{ "--gpu ID", "catalogue card (default rtx-pro-6000-server)" },
	{ "--mig PROFILE", "one MIG slice of the card (e.g. 2g.48gb)" },
	{ "--gpus N", "cards or slices available (replicas)" },
	{ "--node ID  --nodes N", "N servers of the catalogue (--list nodes)" },
	{ "--gpu-total-gib X", "a card not in the catalogue: CUDA's total" },
	{ "--model ID|DIR", "catalogue model or checkpoint id, a folder" },
	{ "", "with config.json (or params.json), or a Hub" },
	{ "", "id ORG/NAME (Hugging Face cache, then the Hub)" },
	{ "--revision REV", "branch, tag or commit of a Hub model" },
	{ "--checkpoint NAME", "bf16, fp8, nvfp4, awq, gptq, mxfp4, ... or a" },
	{ "", "checkpoint id" },
	{ "--tokens-per-request N", "prompt + output of a typical request" },
	{ "--other-usage GIB", "memory other processes hold on each card" },
	{ "--vllm-version X.Y.Z",
	    "behave as that release (default: the newest;" },
	{ "", "--version lists the range)" },
	{ "--overhead estimate|rule",
	    "vLLM's profiled terms, or the sizing rule" },
	{ "--list gpus|mig|models|checkpoints|nodes|options", "" },
	{ NULL, "" },
	{ NULL, "vLLM commands, files and logs (doc/formats.md):" },
	{ "--from-command 'vllm serve ...'",
	    "plan a pasted command (quotes, \\-lines," },
	{ "", "VAR=value, python -m ..., docker run ...)" },
	{ "--config FILE.yaml", "vLLM's config file (the command line wins)" },
	{ "--export command|config|docker|json|quote", "" },
	{ "--export ray|multinode|compose|kubernetes", "" },
	{ "", "print the plan in that form" },
	{ "--format html|markdown", "the quote's form (--export quote)" },
	{ "--output FILE", "write the export or report there, atomically" },
	{ "--scenario FILE", "load a saved scenario (options given win)" },
	{ "--save-scenario FILE",
	    "save the plan as a scenario (--force replaces" },
	{ "", "a file not loaded here, or changed since)" },
	{ "--check FILE", "re-plan a scenario; exit 1 if a figure moved" },
	{ "--compare FILE FILE...",
	    "scenarios side by side (--report json|markdown)" },
	{ "--calibrate LOG", "a vLLM startup log against headroom's plan;" },
	{ "", "--save-calibration keeps the measured terms" },
	{ NULL, "" },
	{ NULL, "Answers:" },
	{ "--need USERS", "list the cards and plans that carry USERS" },
	{ "", "requests of --tokens-per-request tokens" },
	{ "--cards ID,ID  --max-cards N",
	    "limit the search (default: all, 8 cards)" },
	{ "--rank price|price-per-user|cards|headroom",
	    "order of the plans (price)" },
	{ "--instance SPEC", "one of several vLLM instances sharing --gpu" },
	{ "", "(repeat; SPEC: model=ID,util=0.45,...)" },
	{ "--compare-version X.Y.Z",
	    "the same plan under --vllm-version and X.Y.Z" },
	{ "--explicit", "export every flag, not only non-defaults" },
	{ "--currency CODE=RATE[@DATE]",
	    "show prices in CODE at RATE per USD (EUR=0.86)" },
	{ "--no-color, --ascii, --theme NAME", "" },
	{ "-h, --help, -V, --version", "" },
	{ NULL, "" },
	{ NULL,
	    "vLLM flags (spelling, prefixes and values as vllm serve takes "
	    "them):" },
	{ NULL,
	    "  -tp/--tensor-parallel-size, -pp, -dp, "
	    "--gpu-memory-utilization," },
	{ NULL,
	    "  --max-model-len (32k, auto), --kv-cache-dtype, "
	    "--kv-cache-memory-bytes," },
	{ NULL,
	    "  --max-num-seqs, --max-num-batched-tokens, --block-size, "
	    "--enforce-eager," },
	{ NULL, "  -q/--quantization, --dtype, --cudagraph-capture-sizes," },
	{ NULL,
	    "  --max-cudagraph-capture-size, --limit-mm-per-prompt, "
	    "--mm-processor-kwargs" },
	{ NULL, "" },
	{ NULL,
	    "Exit status: 0 vLLM would start, 1 it would not, 2 bad usage or "
	    "input." },
	{ NULL, "See headroom(1)." },
};

static void
usage_put_row(FILE *f, const struct usage_row *r)
{
	if (r->opt == NULL)
		fprintf(f, "%s\n", r->text);
	else if (r->text[0] == '\0')
		fprintf(f, "  %s\n", r->opt);
	else if (strlen(r->opt) < 29)
		fprintf(f, "  %-29s%s\n", r->opt, r->text);
	else
		fprintf(f, "  %s  %s\n", r->opt, r->text);
}

static void
usage(FILE *f)
{
	size_t i;

	for (i = 0; i < sizeof usage_rows / sizeof usage_rows[0]; i++)
		usage_put_row(f, &usage_rows[i]);
}

/* --list options: every long option, for shell completion and scripts */
static char *
list_options(bool json)
{
	struct strbuf b = { 0 };
	const char *name;
	size_t i;
	int takes;

	if (json)
		strbuf_printf(&b, "[");
	for (i = 0; (name = options_at(i, &takes)) != NULL; i++) {
		if (json)
			strbuf_printf(&b,
			    "%s\n  {\"name\": \"--%s\", \"takes\": \"%s\"}",
			    i ? "," : "", name,
			    takes == 0       ? "nothing"
				: takes == 1 ? "value"
					     : "list");
		else
			strbuf_printf(&b, "--%s%s\n", name, takes ? "=" : "");
	}
	if (json)
		strbuf_printf(&b, "\n]\n");
	return strbuf_take(&b);
}

/* the defaults in force: cli's fields may point into its words until exit */
static struct settings set;

/*
 * The user's settings.yaml as default words; a broken file is named,
 * then left out, so headroom still runs on its own defaults.
 */
static void
load_settings(struct settings *s)
{
	struct cli probe;
	char err[1024];

	if (settings_load(s, NULL, err, sizeof err) != 0) {
		textesc_warn("%s (settings ignored)", err);
		return;
	}
	if (s->argc > 1 &&
	    cli_parse(s->argc, s->words, &probe, err, sizeof err) != 0) {
		textesc_warn("%s: %s (settings ignored)", s->path, err);
		cli_done(&probe);
		settings_done(s);
	} else if (s->argc > 1) {
		cli_done(&probe);
	}
}

/* The plan report (--report, or text when the planner cannot run). */
static int
run_report(const struct catalogue *cat, struct cli *cli)
{
	struct fix fixes[FIX_MAX];
	struct report_in rin;
	struct plan plan;
	char *out;

	file_modes_plan(cat, cli, &plan, fixes, &rin);
	out = report_render(&rin, cli->report);
	fputs(out, stdout);
	free(out);
	return plan.phase == PHASE_NONE ? 0 : 1;
}

/*
 * The interactive planner, when no --report was asked for and the
 * terminal can hold it.  Returns its exit status, or -1 when headroom
 * prints the text report instead (cli->report is then REPORT_TEXT).
 */
static int
run_planner(struct catalogue *cat, struct cli *cli)
{
	const char *term = getenv("TERM");
	int status;

	if (isatty(STDOUT_FILENO) && isatty(STDIN_FILENO) && term && *term &&
	    strcmp(term, "dumb") != 0) {
		struct ui_options uo = { cli->no_color, cli->ascii, cli->theme,
			NULL };

		if (cli->scenario != NULL) /* s saves back to it */
			import_preset_scenario(cli->scenario,
			    &cli->imp.scenario_stamp);
		overlay_deploy_preset(cli->node,
		    cli->nodes); /* the D view's server */
		status = app_run_sizing(cat, &cli->imp.in, &uo,
		    sizing_modes_wanted(cli) != SIZING_NONE ? &cli->sizing
							    : NULL);
		if (status >= 0)
			return status;
	} else if (isatty(STDOUT_FILENO)) {
		fprintf(stderr,
		    "headroom: this terminal (TERM=%s) cannot run "
		    "the interactive planner; printing the text report (use "
		    "--report text|json|markdown to choose).\n",
		    term && *term ? term : "unset");
	}
	cli->report = REPORT_TEXT;
	return -1;
}

/* Everything after the catalogue is loaded: the mode the command line asks for. */
static int
run(struct catalogue *cat, struct cli *cli, int argc, char **argv)
{
	char err[1024];
	char *out;
	int status;

	if (cli->list) {
		out = strcmp(cli->list, "options") == 0
		    ? list_options(cli->report == REPORT_JSON)
		    : catalogue_list(cat, cli->list,
			  cli->report == REPORT_JSON);
		fputs(out, stdout);
		free(out);
		return 0;
	}
	sizing_modes_prepare(cli);
	/* --compare, --check, --calibrate: modes of their own (io/file_modes.c) */
	if ((status = file_modes_before_resolve(cat, cli, argc, argv)) >= 0)
		return status;
	if (cli_resolve(cat, cli, err, sizeof err) != 0) {
		textesc_warn("%s%s%s%s", err,
		    set.argc > 1 ? " (defaults from " : "",
		    set.argc > 1 ? set.path : "", set.argc > 1 ? ")" : "");
		return 2;
	}
	/* --export, --output, --save-scenario; calibration profiles */
	if ((status = file_modes_after_resolve(cat, cli)) >= 0)
		return status;
	if (cli->report == REPORT_NONE && (status = run_planner(cat, cli)) >= 0)
		return status;
	if (sizing_modes_wanted(cli) != SIZING_NONE)
		return sizing_modes_run(cat, cli, stdout, stderr);
	return run_report(cat, cli);
}

int
main(int argc, char **argv)
{
	struct catalogue cat;
	struct cli cli;
	char err[1024];
	int status;

	/* The user's locale for characters and their width; numbers in the C
	 * locale, so every format headroom reads or writes says 0.92 (never
	 * 0,92) whatever LC_ALL or LC_NUMERIC ask. */
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	atexit(closeout_stdout);
	load_settings(&set);
	if (cli_parse_layered(set.argc, set.words, argc, argv, &cli, err,
		sizeof err) != 0) {
		textesc_warn("%s", err);
		cli_done(&cli);
		return 2;
	}
	if (cli.help) {
		usage(stdout);
		cli_done(&cli);
		return 0;
	}
	if (cli.version) {
		char r[40];

		printf("headroom %s (plans vLLM %s)\n", PACKAGE_VERSION,
		    vllm_version_range(r, sizeof r));
		cli_done(&cli);
		return 0;
	}
	memset(&cat, 0, sizeof cat);
	catalogue_load_builtin(&cat, diag_stderr, NULL);
	catalogue_load_user(&cat, diag_stderr, NULL);
	catalogue_link(&cat, diag_stderr, NULL);
	cat.currency = cli.currency; /* every price writer reads it there */
	status = run(&cat, &cli, argc, argv);
	cli_done(&cli);
	catalogue_done(&cat);
	return status;
}
