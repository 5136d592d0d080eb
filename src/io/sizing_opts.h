/*
 * sizing_opts.h - the command-line options of the questions headroom
 * answers besides "does this plan start": the fit finder (--need,
 * --cards, --max-cards, --rank), instances sharing a card (--instance) and the
 * upgrade check (--compare-version).  Held in struct cli; parsed and run
 * by src/io/sizing_cli.c and src/io/sizing_modes.c.
 */
#ifndef HEADROOM_SIZING_OPTS_H
#define HEADROOM_SIZING_OPTS_H

#include <stddef.h>
#include <stdint.h>

#define SIZING_MAX_INSTANCES 6 /* = SHARE_MAX */

struct sizing_opts {
	int64_t need; /* --need USERS; 0 = not asked */
	const char *cards; /* --cards ID,ID,... */
	int max_cards; /* --max-cards N; 0 = default */
	int rank; /* --rank: enum fit_rank, 0 = price per hour */
	const char *instances[SIZING_MAX_INSTANCES]; /* --instance SPEC */
	size_t n_instances;
	int compare_version; /* --compare-version X.Y.Z; 0 = not asked */
	int checkpoint_given; /* --checkpoint fixes the fit's checkpoint */
	int kv_given; /* --kv-cache-dtype fixes the fit's KV dtype */
};

#endif
