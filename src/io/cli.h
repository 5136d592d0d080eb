/*
 * cli.h - the command line: headroom's own options and vLLM's flags.
 *
 * vLLM flags are read the way `vllm serve` reads them: long names with '-'
 * or '_', "--flag=value" or "--flag value", unique prefixes, the short
 * forms -tp/-pp/-dp/-q, human-readable integers (32k, 20G) and --no-X for
 * booleans.  Flags headroom does not model are kept, listed as "not
 * modelled" and carried into the exported command.
 */
#ifndef HEADROOM_CLI_H
#define HEADROOM_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "core/catalogue.h"
#include "core/plan.h"
#include "io/sizing_opts.h"
#include "io/filestamp.h"
#include "io/plan_import.h"
#include "io/report_format.h"
#include "io/vllmargs.h"

#define CLI_MAX_COMPARE 32

struct cli {
	struct plan_import imp; /* the plan input and what it owns */
	enum report_format report;
	const char *gpu_id, *mig, *model_id, *checkpoint, *list, *theme;
	const char *node_id; /* --node: a server of data/nodes.yaml */
	int nodes; /* --nodes, 0 = none given */
	int node; /* resolved index, -1 = no node */
	bool no_color, ascii, help, version, explicit_all;
	bool util_set;
	const char *revision; /* --revision (branch, tag or commit) */
	/* exchange with vLLM and files (cli_import.c, doc/formats.md) */
	const char *export_style; /* --format html|markdown (the quote's) */
	const char *export_fmt, *output, *scenario, *save_scenario, *check,
	    *calibrate, *config;
	const char *compare[CLI_MAX_COMPARE]; /* --compare FILE... */
	size_t n_compare;
	bool save_calibration, force;
	bool model_from_file; /* a positional MODEL may replace it */
	struct sizing_opts
	    sizing; /* --need, --instance, ... (sizing_modes.c) */
	struct price_currency
	    currency; /* --currency CODE=RATE[@DATE] (price.h) */
};

/* An empty command line: nothing given, the import empty. */
void cli_init(struct cli *cli);

/*
 * Parses argv into cli (zeroed first).  Returns 0, or -1 with a message
 * naming the flag and value in err (exit status 2).
 */
int cli_parse(int argc, char **argv, struct cli *cli, char *err, size_t errlen);
/*
 * As cli_parse(), with defaults beneath: the words dargv (dargv[0] is
 * skipped, as argv[0]) apply first, then any --config or --scenario, then
 * argv, so each later layer wins.  A failing default word fails the parse.
 */
int cli_parse_layered(int dargc, char **dargv, int argc, char **argv,
    struct cli *cli, char *err, size_t errlen);

/*
 * Parses more words into cli as cli_parse() does (argv[0] is skipped).
 * vllm_mode: the words follow `vllm serve`, so flags headroom does not
 * model are kept rather than refused.  --config and --scenario among the
 * words are loaded first, so the words themselves win over the files.
 */
int cli_parse_words(struct cli *cli, int argc, char **argv, int vllm_mode,
    char *err, size_t errlen);

/*
 * Resolves ids against the catalogue (card, MIG slice, model or local
 * folder, checkpoint) and fills cli->in.  Returns 0, or -1 with a message
 * listing the closest ids in err.
 */
int cli_resolve(const struct catalogue *, struct cli *cli, char *err,
    size_t errlen);

/* Frees what cli owns. */
void cli_done(struct cli *cli);

/*
 * The import cli holds (its plan input and all it points to), moved into a
 * new heap struct that outlives cli; cli keeps an empty one.  Strings of
 * cli's own fields that came from the import move with it.
 */
struct plan_import *cli_take_import(struct cli *cli);

/*
 * The drafter of imp's --speculative-config (an EAGLE head or a draft
 * model): a catalogue id, else a folder, the Hugging Face cache, the Hub,
 * as the model itself is found; imp->in.draft points at it (imp owns one
 * read from disk).  No drafter named: 0 and nothing read.  Returns 0, or
 * -1 with "--speculative-config: ..." naming the drafter in err.
 */
int cli_resolve_drafter(const struct catalogue *, struct plan_import *imp,
    char *err, size_t errlen);

/*
 * The command line's imports (cli_import.c): a pasted vLLM command
 * (--from-command), vLLM's --config file and headroom's --scenario file,
 * all turned into words for the parser above.
 *
 * Order of precedence, as vLLM has it for --config: a scenario, then the
 * config file, then the words given, so the command line always wins.
 * Imported words are owned by the plan_import of the struct cli they were
 * parsed into.
 */

/*
 * Loads the --scenario and --config files named among argv (either once
 * at most) into cli, before cli_parse_words() reads the words themselves.
 * Returns 0, or -1 with "FILE:LINE:COL: what" in err.
 */
int cli_import_prescan(struct cli *, int argc, char **argv, int vllm_mode,
    char *err, size_t errlen);

/* --from-command TEXT: the pasted command's flags, env and MIG pinning. */
int cli_import_command(struct cli *, const char *text, char *err,
    size_t errlen);

/*
 * Parses the flag groups of an import into cli, one group at a time, so an
 * error names the group's file position (path may be NULL).  vllm_mode as
 * for cli_parse_words().  The words move into cli (args keeps none).
 */
int cli_import_args(struct cli *, struct vllm_args *, const char *path,
    int vllm_mode, char *err, size_t errlen);

/*
 * The planner's imports, each into cli (initialised first) as the one
 * option would be on a command line of its own: --scenario PATH,
 * --config PATH, --from-command TEXT (whose errors do not name the
 * option).  cli_resolve() then gives the plan input, and
 * cli_take_import() hands it over with what it owns.
 */
int cli_import_open_scenario(struct cli *, const char *path, char *err,
    size_t errlen);
int cli_import_open_config(struct cli *, const char *path, char *err,
    size_t errlen);
int cli_import_open_command(struct cli *, const char *text, char *err,
    size_t errlen);

/* The --export format number (enum export_format), or -1 for an unknown name. */
int cli_import_export_format(const char *name);

#endif
