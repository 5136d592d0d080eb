/*
 * mistral_params.h - a Mistral-native params.json turned into the
 * Hugging Face config tree vLLM builds from it (`--config-format mistral`,
 * vllm/transformers_utils/configs/mistral.py adapt_config_dict()), so the
 * one config.json reader (hfconfig.c) interprets both.
 */
#ifndef HEADROOM_MISTRAL_PARAMS_H
#define HEADROOM_MISTRAL_PARAMS_H

#include <stddef.h>

#include <cjson/cJSON.h>

/*
 * A new config tree for params (params is not changed; free the result
 * with cJSON_Delete()).  Layouts vLLM remaps in ways headroom does not
 * model (MoE, MLA, Mamba, audio) and unknown quantizations are refused:
 * NULL with a message naming the field in err and the key in *bad_key.
 */
cJSON *mistral_params_to_hf(const cJSON *params, char *err, size_t errlen,
    const char **bad_key);

/* The params.json name of a Hugging Face config key ("dim" for hidden_size). */
const char *mistral_params_key(const char *hf_key);

#endif
