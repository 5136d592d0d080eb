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

enum report_format { REPORT_NONE, REPORT_TEXT, REPORT_JSON, REPORT_MARKDOWN };

#define CLI_MAX_EXTRA 64

struct cli {
	struct plan_input in;
	enum report_format report;
	const char	*gpu_id, *mig, *model_id, *checkpoint, *list, *theme;
	bool		 no_color, ascii, help, version, explicit_all;
	bool		 util_set;
	char		*extra[CLI_MAX_EXTRA];	/* not-modelled flags, as given */
	size_t		 n_extra;
	struct model	 local;			/* --model DIR */
	bool		 have_local;
	char		*local_dir;
	char		 model_source[16];	/* "catalogue", "directory", "derived" */
};

/*
 * Parses argv into cli (zeroed first).  Returns 0, or -1 with a message
 * naming the flag and value in err (exit status 2).
 */
int cli_parse(int argc, char **argv, struct cli *cli, char *err, size_t errlen);

/*
 * Resolves ids against the catalogue (card, MIG slice, model or local
 * folder, checkpoint) and fills cli->in.  Returns 0, or -1 with a message
 * listing the closest ids in err.
 */
int cli_resolve(const struct catalogue *, struct cli *cli, char *err, size_t errlen);

/* Frees what cli owns. */
void cli_done(struct cli *cli);

/*
 * Writes the `vllm serve ...` line for a plan: only flags that differ from
 * vLLM's defaults for the version (all of them with explicit_all), each
 * argument POSIX shell-quoted.  Returns the length written.
 */
size_t cli_format_command(const struct catalogue *, const struct plan_input *,
    const struct plan *, int explicit_all, char *buf, size_t len);

/* Appends s to buf as one POSIX shell word (quoted only when needed). */
void cli_shell_quote(const char *s, char *buf, size_t len);

/* The model id a plan runs: the checkpoint repo, the model id or folder. */
const char *cli_model_arg(const struct catalogue *, const struct plan_input *);

#endif
