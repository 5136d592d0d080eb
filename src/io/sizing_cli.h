/*
 * sizing_cli.h - parsing of the answer options (sizing_opts.h) and of
 * vLLM's multimodal flags, and their part of the exported command line.
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
 * --limit-mm-per-prompt JSON: counts per modality ({"image":2,"video":0})
 * or objects with a count and size hints ({"image":{"count":1,"width":512,
 * "height":512}}).  Sets the limit_mm_* and mm_image_* fields of in.
 */
int sizing_cli_limit_mm(struct plan_input *in, const char *json, char *err,
    size_t errlen);

/* --mm-processor-kwargs JSON: max_pixels (others are not modelled). */
int sizing_cli_mm_kwargs(struct plan_input *in, const char *json, char *err,
    size_t errlen);

/*
 * Appends " --limit-mm-per-prompt '{...}'" and " --mm-processor-kwargs
 * '{...}'" for the multimodal fields of in that are set.
 */
void sizing_cli_format_mm(const struct plan_input *in, char *buf, size_t len);

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
