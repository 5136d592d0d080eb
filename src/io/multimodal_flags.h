/*
 * multimodal_flags.h - vLLM's multimodal flags: --limit-mm-per-prompt and
 * --mm-processor-kwargs, read into a plan input and written back.  Never
 * prints, never exits: a rejection is a message naming the flag.
 */
#ifndef HEADROOM_MULTIMODAL_FLAGS_H
#define HEADROOM_MULTIMODAL_FLAGS_H

#include <stddef.h>

#include "core/plan.h"

/*
 * --limit-mm-per-prompt JSON: counts per modality ({"image":2,"video":0})
 * or objects with a count and size hints ({"image":{"count":1,"width":512,
 * "height":512}}).  Sets the limit_mm_* and mm_image_* fields of in.
 */
int multimodal_flags_read_limits(struct plan_input *in, const char *json,
    char *err, size_t errlen);

/* --mm-processor-kwargs JSON: max_pixels (others are not modelled). */
int multimodal_flags_read_kwargs(struct plan_input *in, const char *json,
    char *err, size_t errlen);

/*
 * Appends " --limit-mm-per-prompt '{...}'" and " --mm-processor-kwargs
 * '{...}'" for the multimodal fields of in that are set.
 */
void multimodal_flags_format(const struct plan_input *in, char *buf,
    size_t len);

#endif
