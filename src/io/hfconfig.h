/*
 * hfconfig.h - a Hugging Face config.json (as a cJSON tree) read the way
 * vLLM reads it: text_config of multimodal models, head_dim and KV-head
 * fallbacks, derived max_model_len with RoPE scaling, sliding-window layer
 * patterns, MLA and MoE fields, torch_dtype and quantization_config.
 */
#ifndef HEADROOM_HFCONFIG_H
#define HEADROOM_HFCONFIG_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/catalogue.h"

/*
 * Fills *m from cfg (strings in m are allocated; free with model_done()).
 * Returns 0, or -1 with a message naming the field in err and the
 * offending key (for a position) in *bad_key.
 */
int hfconfig_read(const cJSON *cfg, struct model *m, char *err, size_t errlen,
    const char **bad_key);

#endif
