/*
 * cli_import.h - the command line's imports: a pasted vLLM command
 * (--from-command), vLLM's --config file and headroom's --scenario file,
 * all turned into words for the command-line parser (cli.c).
 *
 * Order of precedence, as vLLM has it for --config: a scenario, then the
 * config file, then the words given, so the command line always wins.
 * Imported words are owned by the struct cli they were parsed into.
 */
#ifndef HEADROOM_CLI_IMPORT_H
#define HEADROOM_CLI_IMPORT_H

#include <stddef.h>

#include "io/cli.h"
#include "io/vllmargs.h"

/*
 * Loads the --scenario and --config files named among argv (either once
 * at most) into cli, before cli_parse_words() reads the words themselves.
 * Returns 0, or -1 with "FILE:LINE:COL: what" in err.
 */
int cli_import_prescan(struct cli *, int argc, char **argv, int vllm_mode,
    char *err, size_t errlen);

/* --from-command TEXT: the pasted command's flags, env and MIG pinning. */
int cli_import_command(struct cli *, const char *text, char *err, size_t errlen);

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
