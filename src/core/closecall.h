/*
 * closecall.h - the measured error of the available-KV estimate by model
 * family, for a close call: a verdict whose margin at vLLM's KV cache
 * check lies within the error headroom's estimate of the available KV
 * cache has shown on real startups of the model's family.
 *
 * The start or refusal is decided by plan_compute() as before; a close
 * call (struct plan's close_call fields, plan_close_call_text()) only says
 * how far it is to trust.  The margin is the available KV memory less what
 * one request of the maximum length needs (negative: the shortfall of a
 * refusal there).  The error is the largest |error| make fidelity measured
 * for the family, in % of the card (data/estimates.yaml, estimate_errors:,
 * each with its source); a family measured on fewer than
 * CLOSECALL_MIN_CASES startups takes the largest of every family ("any").
 * doc/estimates.md, "Close calls", has the figures and the rule.
 */
#ifndef HEADROOM_CORE_CLOSECALL_H
#define HEADROOM_CORE_CLOSECALL_H

#include "catalogue.h"

/* fewer measured startups than this: the family's own figure is not used */
#define CLOSECALL_MIN_CASES 3

/* The family make fidelity summarises a model under: its key ("dense",
 * "moe", "dsv4", ...). */
const char *closecall_family_key(const struct model *);
/* The family's title as make fidelity prints it, NULL for an unknown key;
 * "any" is "every family". */
const char *closecall_family_title(const char *key);
/* The error that applies to a family key: its own when measured on enough
 * startups, else every family's; NULL when the catalogue has neither. */
const struct kv_error *closecall_error(const struct catalogue *,
    const char *key);

#endif
