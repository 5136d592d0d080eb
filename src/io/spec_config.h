/*
 * spec_config.h - the JSON of --speculative-config (-sc): read into
 * struct plan_spec and written back in vLLM's spelling.  The flag's row
 * is in src/core/vllm_flags.c; what the methods cost is src/core/spec.h.
 */
#ifndef HEADROOM_SPEC_CONFIG_H
#define HEADROOM_SPEC_CONFIG_H

#include <stddef.h>

#include "core/plan.h"

/*
 * Reads '{"method": ..., "num_speculative_tokens": k, "model": ...}'.
 * The method is inferred from the model when absent, as vLLM does
 * ("ngram" for the model "ngram", else "draft_model").  Returns 0, or -1
 * with a message naming the flag and the value in err.
 */
int spec_config_parse(struct plan_spec *, const char *json, char *err,
    size_t errlen);

/* Appends " --speculative-config '<json>'" when a method is set. */
void spec_config_format(const struct plan_spec *, char *buf, size_t len);

#endif
