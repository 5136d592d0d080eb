/*
 * model_dir.h - a local model folder: config.json (plus ModelOpt's
 * hf_quant_config.json), and the exact weight bytes from
 * model.safetensors.index.json or, without one, the safetensors headers.
 * A folder with params.json and no config.json is read as vLLM reads a
 * Mistral-native one (mistral_params.h; consolidated*.safetensors).
 */
#ifndef HEADROOM_MODEL_DIR_H
#define HEADROOM_MODEL_DIR_H

#include <stddef.h>
#include <stdint.h>

#include "core/catalogue.h"

/*
 * Reads dir into *m (free with model_done()).  *weight_bytes is the total
 * tensor bytes found, 0 when the folder has no weight files (the planner
 * then derives the size from the architecture).  Returns 0, or -1 with
 * "path: field: what is wrong" in err.
 */
int model_dir_read(const char *dir, struct model *m, int64_t *weight_bytes,
    char *err, size_t errlen);

/* Tensor bytes of one .safetensors file from its header; -1 with err. */
int64_t model_dir_safetensors_bytes(const char *path, char *err, size_t errlen);

#endif
