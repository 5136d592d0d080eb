/*
 * provenance.h - the parts of the reports that come from imports and
 * calibration: the flags headroom keeps but does not model ("not
 * modelled"), and whether each profiled term is an estimate or was
 * calibrated from a real startup.  report.c calls these; they only format.
 */
#ifndef HEADROOM_PROVENANCE_H
#define HEADROOM_PROVENANCE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/plan.h"

/* "estimate" or "calibrated" for one PLAN_CAL_* term of a plan. */
const char *provenance_basis(const struct plan *, unsigned term);

/* "estimates", "calibrated" or a mix, for activation and non-torch together. */
const char *provenance_basis_pair(const struct plan *);

/*
 * The not-modelled flags grouped with their values ("--served-model-name
 * qwen"), joined by ", " into buf; "" when there are none.  Control
 * bytes are shown as \xNN.
 */
void provenance_not_modelled(const struct plan_input *, char *buf, size_t len);

/* The same groups as a JSON array of strings (never NULL). */
cJSON *provenance_not_modelled_json(const struct plan_input *);

/* Adds the PLAN_CAL_* terms of a plan to a JSON array ("activation", ...). */
void provenance_calibrated_json(const struct plan *, cJSON *arr);

#endif
