/*
 * hfarch.h - architecture dispatch for config.json: which families headroom
 * models exactly, which it prices from standard fields only (an assumption
 * every output states), and which it refuses.
 *
 * hfarch_read() runs after the standard fields are read (hfconfig.c) and
 * fills what each family adds: the per-layer mixers (attention, Mamba,
 * gated delta net, short conv, none, shared KV), per-layer-type heads and
 * head sizes, sliding and chunked layers, recurrent-state sizes and dtypes,
 * the sparse-attention indexer, MTP layers and per-block FFN sizes.  The
 * field names follow each model's file under vllm/model_executor/models/.
 */
#ifndef HEADROOM_HFARCH_H
#define HEADROOM_HFARCH_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/catalogue.h"

/* One row of the refusal table (doc/architectures.md). */
struct hfarch_refusal {
	const char *what; /* architecture, model_type or field */
	const char *why;
	int last; /* VLLM_VER of the last release serving it, 0 = any */
};
extern const struct hfarch_refusal hfarch_refused[];
extern const size_t hfarch_n_refused;

/*
 * True when architectures[0] (or model_type) names a family that must be
 * refused; then *why is the refusal sentence.
 */
int hfarch_is_refused(const char *arch, const char *model_type,
    const char **why);

/* VLLM_VER of the last release whose registry has architectures[0], or 0
 * when no release removed it (vLLM's _PREVIOUSLY_SUPPORTED_MODELS). */
int hfarch_last_release(const char *arch);

/* True when architectures[0] names a model without attention layers (no
 * num_attention_heads to read). */
int hfarch_attention_free(const char *arch);

/*
 * Completes *m from the config (text is text_config or the root).  An
 * unmodelled architecture or field sets m->refusal (the plan then stops in
 * phase config); an unverified architecture with standard fields only sets
 * m->assumption.  Returns -1 with the field in *bad for a malformed value.
 */
int hfarch_read(const cJSON *root, const cJSON *text, struct model *m,
    char *err, size_t errlen, const char **bad);

#endif
