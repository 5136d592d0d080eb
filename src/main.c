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

static void
usage(FILE *f)
{
	fputs("Usage: headroom [OPTION]... [MODEL]\n"
	      "       headroom [OPTION]... -- vllm serve MODEL [VLLM-FLAG]...\n"
	      "Predict what vLLM prints at startup for a card, a model and a "
	      "set of flags:\n"
	      "memory per term, KV-cache tokens, concurrency, or the phase "
	      "where it fails.\n"
	      "\n"
	      "Planner options:\n"
	      "  --report text|json|markdown  print the plan and exit (default "
	      "when stdout\n"
	      "                               is not a terminal: text)\n"
	      "  --gpu ID                     catalogue card (default "
	      "rtx-pro-6000-server)\n"
	      "  --mig PROFILE                one MIG slice of the card (e.g. "
	      "2g.48gb)\n"
	      "  --gpus N                     cards or slices available "
	      "(replicas)\n"
	      "  --node ID  --nodes N         N servers of the catalogue "
	      "(--list nodes)\n"
	      "  --gpu-total-gib X            a card not in the catalogue: "
	      "CUDA's total\n"
	      "  --model ID|DIR               catalogue model or checkpoint "
	      "id, a folder\n"
	      "                               with config.json (or "
	      "params.json), or a Hub\n"
	      "                               id ORG/NAME (Hugging Face cache, "
	      "then the Hub)\n"
	      "  --revision REV               branch, tag or commit of a Hub "
	      "model\n"
	      "  --checkpoint NAME            bf16, fp8, nvfp4, awq, gptq, "
	      "mxfp4, ... or a\n"
	      "                               checkpoint id\n"
	      "  --tokens-per-request N       prompt + output of a typical "
	      "request\n"
	      "  --other-usage GIB            memory other processes hold on "
	      "each card\n"
	      "  --vllm-version X.Y.Z         behave as that release (default: "
	      "the newest;\n"
	      "                               --version lists the range)\n"
	      "  --overhead estimate|rule     vLLM's profiled terms, or the "
	      "sizing rule\n"
	      "  --list gpus|mig|models|checkpoints|nodes|options\n"
	      "\n"
	      "vLLM commands, files and logs (doc/formats.md):\n"
	      "  --from-command 'vllm serve ...'  plan a pasted command "
	      "(quotes, \\-lines,\n"
	      "                               VAR=value, python -m ..., docker "
	      "run ...)\n"
	      "  --config FILE.yaml           vLLM's config file (the command "
	      "line wins)\n"
	      "  --export command|config|docker|json|quote\n"
	      "  --export ray|multinode|compose|kubernetes\n"
	      "                               print the plan in that form\n"
	      "  --format html|markdown       the quote's form (--export "
	      "quote)\n"
	      "  --output FILE                write the export or report "
	      "there, atomically\n"
	      "  --scenario FILE              load a saved scenario (options "
	      "given win)\n"
	      "  --save-scenario FILE         save the plan as a scenario "
	      "(--force replaces\n"
	      "                               a file not loaded here, or "
	      "changed since)\n"
	      "  --check FILE                 re-plan a scenario; exit 1 if a "
	      "figure moved\n"
	      "  --compare FILE FILE...       scenarios side by side (--report "
	      "json|markdown)\n"
	      "  --calibrate LOG              a vLLM startup log against "
	      "headroom's plan;\n"
	      "                               --save-calibration keeps the "
	      "measured terms\n"
	      "\n"
	      "Answers:\n"
	      "  --need USERS                 list the cards and plans that "
	      "carry USERS\n"
	      "                               requests of --tokens-per-request "
	      "tokens\n"
	      "  --cards ID,ID  --max-cards N limit the search (default: all, "
	      "8 cards)\n"
	      "  --rank price|price-per-user|cards|headroom  order of the "
	      "plans (price)\n"
	      "  --instance SPEC              one of several vLLM instances "
	      "sharing --gpu\n"
	      "                               (repeat; SPEC: "
	      "model=ID,util=0.45,...)\n"
	      "  --compare-version X.Y.Z      the same plan under "
	      "--vllm-version and X.Y.Z\n"
	      "  --explicit                   export every flag, not only "
	      "non-defaults\n"
	      "  --currency CODE=RATE[@DATE]  show prices in CODE at RATE per "
	      "USD (EUR=0.86)\n"
	      "  --no-color, --ascii, --theme NAME\n"
	      "  -h, --help, -V, --version\n"
	      "\n"
	      "vLLM flags (spelling, prefixes and values as vllm serve takes "
	      "them):\n"
	      "  -tp/--tensor-parallel-size, -pp, -dp, "
	      "--gpu-memory-utilization,\n"
	      "  --max-model-len (32k, auto), --kv-cache-dtype, "
	      "--kv-cache-memory-bytes,\n"
	      "  --max-num-seqs, --max-num-batched-tokens, --block-size, "
	      "--enforce-eager,\n"
	      "  -q/--quantization, --dtype, --cudagraph-capture-sizes,\n"
	      "  --max-cudagraph-capture-size, --limit-mm-per-prompt, "
	      "--mm-processor-kwargs\n"
	      "\n"
	      "Exit status: 0 vLLM would start, 1 it would not, 2 bad usage or "
	      "input.\n"
	      "See headroom(1).\n",
	    f);
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
