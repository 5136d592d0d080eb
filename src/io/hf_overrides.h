/*
 * hf_overrides.h - vLLM's --hf-overrides JSON object, read for what it
 * changes that headroom models: the class vLLM builds (architectures) and
 * the rows of a classifier's score head (num_labels, classifier_from_token
 * with method or is_original_qwen3_reranker).  Any other key is a change
 * to the config headroom does not follow.
 */
#ifndef HEADROOM_HF_OVERRIDES_H
#define HEADROOM_HF_OVERRIDES_H

#include <stddef.h>

#include "core/plan.h"

/* Copies s so that it lives as long as the input it is stored in. */
typedef const char *(*hf_overrides_keep_fn)(void *ctx, const char *s);

/*
 * Reads text, the flag's value, into in->hf_architecture (a copy made by
 * keep) and in->hf_num_labels.  Returns 1 when every key is one headroom
 * models, 0 when one is not (in is then left as it was: the caller keeps
 * the words and the plan stops on them), -1 when text is not a JSON object
 * of the forms vLLM takes for those keys, with "--hf-overrides: ..." in
 * err.  Reads numbers in the C locale (cJSON), whatever the user's.
 */
int hf_overrides_read(struct plan_input *in, const char *text,
    hf_overrides_keep_fn keep, void *ctx, char *err, size_t errlen);

#endif
