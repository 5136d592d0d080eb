/*
 * sizing_modes.h - runs the questions of sizing_opts.h from a parsed command
 * line: which cards carry N users (--need), several instances on one card
 * (--instance), the same plan under two releases (--compare-version), and
 * prints the answer in the report format asked for.
 */
#ifndef HEADROOM_SIZING_MODES_H
#define HEADROOM_SIZING_MODES_H

#include <stdio.h>

#include "core/catalogue.h"
#include "io/cli.h"

/* The question the command line asks: 0 none (a plain plan), or one of these. */
enum sizing_mode {
	SIZING_NONE,
	SIZING_FIT,
	SIZING_SHARE,
	SIZING_UPGRADE
};

enum sizing_mode sizing_modes_wanted(const struct cli *);

/*
 * Call after cli_parse() and before cli_resolve(): with --need, a --gpu
 * given on the command line restricts the search like --cards.
 */
void sizing_modes_prepare(struct cli *);

/*
 * Answers the question and prints it to out in cli->report (text when
 * none).  Returns the exit status: 0 when the answer is a plan that
 * starts (rows found, instances that start side by side, a plan that
 * still starts after the upgrade), 1 when not, 2 for bad input (the
 * message is printed to err).
 */
int sizing_modes_run(const struct catalogue *, struct cli *, FILE *out,
    FILE *err);

#endif
