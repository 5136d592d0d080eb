/*
 * scenario.h - the whole planner state as a YAML file that can live in
 * git: the card, model, checkpoint, planner options, the vLLM version,
 * vLLM's flags (a --config mapping), and the figures the plan produced
 * (doc/formats.md, "Scenario").
 *
 * Loading turns the file into command-line words, so a scenario means
 * exactly what the same options would mean on the command line, and
 * options given after --scenario win.  Saving is atomic and refuses to
 * replace a file that changed on disk since it was loaded (or one headroom
 * never loaded) unless forced.  --check re-plans a scenario and lists the
 * figures that moved.
 */
#ifndef HEADROOM_SCENARIO_H
#define HEADROOM_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "io/cli.h"
#include "io/filestamp.h"
#include "io/report.h"

#define SCENARIO_FORMAT 1

/*
 * Loads a scenario's settings into cli (cli_import_prescan() calls it)
 * and stamps the file in cli->scenario_stamp.  Returns 0, or -1 with
 * "FILE:LINE:COL: what" in err.
 */
int scenario_import(struct cli *, const char *path, char *err, size_t errlen);

/* The scenario text of a plan; name (may be NULL) titles it.  NULL + err when YAML cannot hold a value. */
char *scenario_write(const struct report_in *, const char *name, char *err,
    size_t errlen);

/*
 * Writes text to path atomically.  Unless force: refuses a path that
 * exists but is not the file loaded (stamp), or that changed since.
 * Returns 0, or -1 with the reason in err.  On success the stamp (may be
 * NULL) describes the new file.
 */
int scenario_save(const char *path, const char *text, struct filestamp *loaded,
    bool force, char *err, size_t errlen);

/* The figures block of a plan (what --check compares). */
cJSON *scenario_figures(const struct plan *);

/*
 * Compares saved figures with a fresh plan's.  Writes one line per figure
 * that moved into out (malloc'd, may be empty) and returns how many moved.
 */
int scenario_diff_figures(const cJSON *saved, const cJSON *now, char **out);

/*
 * Reads the "name" and "figures" of a scenario file: *name (malloc'd, NULL
 * when absent) and *figures (NULL when absent).  Returns 0, or -1 + err.
 */
int scenario_peek(const char *path, char **name, cJSON **figures, char *err,
    size_t errlen);

/* True when a parsed YAML mapping is a scenario (has headroom-scenario:). */
bool scenario_is(const cJSON *root);

#endif
