/*
 * compilation_config.h - vLLM's --compilation-config, as a JSON object or
 * one member at a time (-cc.cudagraph_mode=NONE, --compilation-config.KEY
 * VALUE), into a plan input.
 *
 * Members headroom models: cudagraph_mode (NONE, PIECEWISE, FULL,
 * FULL_DECODE_ONLY, FULL_AND_PIECEWISE), cudagraph_capture_sizes and
 * max_cudagraph_capture_size (the same fields as the flags of those names,
 * validated by the flag table).  Members that change CUDA-graph memory in
 * ways headroom does not model (full_cuda_graph, use_cudagraph, a mode or
 * level other than 3) stop the plan at the configuration check; the
 * others are kept as given and written back into the export.
 */
#ifndef HEADROOM_COMPILATION_CONFIG_H
#define HEADROOM_COMPILATION_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "core/plan.h"

/*
 * The strings a compilation config leaves in the input (compilation_extra,
 * not_modelled) are copied by keep(ctx, s), which returns the copy the
 * input then points to and owns it.
 */
typedef const char *(*compilation_keep_fn)(void *ctx, const char *s);

/* Reads a JSON object.  Returns 0, or -1 with "--compilation-config: ..." in err. */
int compilation_config_read(struct plan_input *in, const char *json,
    compilation_keep_fn keep, void *ctx, char *err, size_t errlen);

/*
 * Reads one member from a dotted word: key "cudagraph_mode", value text as
 * vLLM reads it (JSON, else a human-readable integer, else a string).
 */
int compilation_config_set(struct plan_input *in, const char *key,
    const char *value, compilation_keep_fn keep, void *ctx, char *err,
    size_t errlen);

/* The dotted member of a word ("-cc.x=1", "--compilation-config.x"), or NULL. */
const char *compilation_config_dotted(const char *word);

/*
 * The JSON object of the members the input sets ({"cudagraph_mode":
 * "NONE", ...kept members}) into buf; returns false (buf "") when none.
 */
bool compilation_config_json(const struct plan_input *in, char *buf,
    size_t len);

#endif
