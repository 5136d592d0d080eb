/*
 * calibration.h - a real vLLM startup against headroom's plan of it, and
 * calibration profiles: the terms a startup measured, kept for later
 * plans of the same card, model, weight format, vLLM version, TP and PP
 * (doc/formats.md, "Calibration profile").
 *
 * Profiles are written to $XDG_DATA_HOME/headroom/calibration/ (or
 * ~/.local/share/headroom/calibration/), one YAML file each; profiles in
 * the older $XDG_CONFIG_HOME/headroom/calibration/ are still read.  A profile that
 * applies sets struct plan_input.cal; plan_compute() then uses the
 * measured terms instead of its estimates and reports them as calibrated.
 */
#ifndef HEADROOM_CALIBRATION_H
#define HEADROOM_CALIBRATION_H

#include <stdbool.h>
#include <stddef.h>

#include "core/plan.h"
#include "io/cli.h"
#include "io/vllmlog.h"

struct calibration {
	char gpu[64], mig[32], model[256], format[16];
	int version, tp, pp, max_num_batched_tokens;
	unsigned terms; /* PLAN_CAL_* measured */
	double weights, activation, non_torch, cuda_graphs; /* GiB */
	char log[1024]; /* the log it came from */
	bool split; /* activation/non-torch split from their sum */
};

/*
 * The input a log describes: its non-default args and version, then the
 * options in argv (headroom's and vLLM's; they win), then a card guessed
 * from the memory the log reports when none was given.  cli is zeroed
 * first; note gets what the user should know.  Returns 0 or -1 + err.
 */
int calibration_cli(const struct catalogue *, const struct vllm_log *, int argc,
    char **argv, struct cli *cli, char *note, size_t notelen, char *err,
    size_t errlen);

/* The terms a log measured, for the plan p of input in. */
void calibration_from_log(const struct catalogue *, const struct vllm_log *,
    const struct plan_input *in, const struct plan *p, const char *logpath,
    struct calibration *out);

/* The log and the plan side by side, each term with its error (text, or JSON when json). */
char *calibration_report(const struct catalogue *, const struct vllm_log *,
    const struct plan_input *, const struct plan *, const char *logpath,
    const char *note, bool json);

/* Saves a profile (atomically; folders made); its path goes to path_out. */
int calibration_save(const struct calibration *, char *path_out, size_t len,
    char *err, size_t errlen);
int calibration_load(const char *path, struct calibration *, char *err,
    size_t errlen);

/* Puts a profile into an input (model and card looked up in the catalogue). */
void calibration_to_input(const struct catalogue *, const struct calibration *,
    struct plan_input *);

/*
 * Looks for a profile that applies to in (profile folder) and sets
 * in->cal; writes its path into note.  Returns 1 when one applies, 0 when
 * none does (in->cal cleared).
 */
int calibration_apply(const struct catalogue *, struct plan_input *, char *note,
    size_t notelen);

#endif
