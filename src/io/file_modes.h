/*
 * file_modes.h - the command-line modes that read or write vLLM's and
 * headroom's files instead of (or besides) the ordinary report:
 *
 *   --compare A.yaml B.yaml ...   scenarios side by side
 *   --check FILE                  re-plan a scenario, list what moved
 *   --calibrate LOG [--save-calibration]
 *   --export command|config|docker|json|quote [--output FILE]
 *   --save-scenario FILE [--force]
 *
 * main() calls file_modes_before_resolve() once the catalogue is loaded and
 * file_modes_after_resolve() once the input is resolved.  Each returns the
 * exit status of a mode it ran (0, 1 or 2 as in headroom(1)), or -1 when
 * headroom should go on with its report or planner.  Messages go to
 * stderr as "headroom: ...".
 */
#ifndef HEADROOM_FILE_MODES_H
#define HEADROOM_FILE_MODES_H

#include "core/catalogue.h"
#include "core/fixes.h"
#include "io/cli.h"
#include "io/report.h"

int file_modes_before_resolve(const struct catalogue *, struct cli *, int argc,
    char **argv);
int file_modes_after_resolve(const struct catalogue *, struct cli *);

/*
 * The plan of a resolved command line and the report input every writer
 * takes: placed on its nodes (the placement lives in static storage, one
 * at a time), with its ranked fixes in fixes[FIX_MAX].
 */
void file_modes_plan(const struct catalogue *, const struct cli *,
    struct plan *p, struct fix *fixes, struct report_in *rin);

#endif
