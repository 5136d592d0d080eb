/*
 * sizing_cli.h - parsing of the answer options (sizing_opts.h): the
 * cards to try, the instances sharing a card.
 * Never prints, never exits: a rejection is a message naming the flag.
 */
#ifndef HEADROOM_SIZING_CLI_H
#define HEADROOM_SIZING_CLI_H

#include <stddef.h>

#include "core/catalogue.h"
#include "core/plan.h"
#include "core/share.h"
#include "io/sizing_opts.h"

/*
 * Applies one answer option (name without dashes: "need", "cards",
 * "max-cards", "instance", "compare-version") with its value.  Returns 0,
 * or -1 with a message in err.
 */
int sizing_cli_set(struct sizing_opts *, const char *name, const char *value,
    char *err, size_t errlen);

/*
 * Parses --cards into catalogue indexes; returns how many (0 = all) or -1
 * with the unknown id named in err.
 */
int sizing_cli_cards(const struct catalogue *, const char *list, int *out,
    size_t max, char *err, size_t errlen);

/*
 * One --instance SPEC: comma-separated key=value pairs, keys model,
 * checkpoint, util, max-model-len, kv-cache-dtype, kv-cache-memory-bytes,
 * max-num-seqs, max-num-batched-tokens, tokens, enforce-eager, name.  base supplies
 * the version and the defaults; label is used when no name= is given.
 */
int sizing_cli_instance(const struct catalogue *, const struct plan_input *base,
    const char *spec, const char *label, struct share_instance *out, char *err,
    size_t errlen);

#endif
