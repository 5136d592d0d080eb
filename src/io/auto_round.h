/*
 * auto_round.h - AutoRound's quantization_config (quant_method
 * "auto-round"), read as vLLM's AutoRoundConfig reads it
 * (vllm/model_executor/layers/quantization/auto_round.py): the weights it
 * takes to GPTQ Marlin or AWQ Marlin, and the variants headroom refuses.
 */
#ifndef HEADROOM_AUTO_ROUND_H
#define HEADROOM_AUTO_ROUND_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/catalogue.h"

/* Whether a quant_method names AutoRound ("auto-round", or "auto_round"). */
int auto_round_is_method(const char *method);

/*
 * The weight format of AutoRound config qc: FMT_GPTQ (packing
 * auto_round:auto_gptq, 4 bits, sym: GPTQ Marlin), FMT_INT8 (the same at
 * 8 bits) or FMT_AWQ
 * (auto_round:auto_awq, 4 bits, asym: AWQ Marlin).  -2 with one sentence in
 * err where vLLM refuses the config (its words) or headroom does not model
 * what vLLM would run (bits other than 4, another kernel, mixed per-layer
 * configurations).
 */
int auto_round_quant(const cJSON *qc, enum ckpt_format *fmt, char *err,
    size_t errlen);

/*
 * The group details of an accepted config into m (quant_group,
 * quant_zero_points, no g_idx) and the MTP layers left 16-bit when
 * block_name_to_quantize does not reach them (MODEL_SKIP_MTP).
 */
void auto_round_group(const cJSON *qc, struct model *m);

/*
 * Whether vLLM would quantize a vision tower's linears: no
 * block_name_to_quantize (every linear but the head is quantized) and no
 * extra_config entry keeping a visual / vision module 16-bit.
 */
int auto_round_tower_quantized(const cJSON *qc);

/*
 * The next module name extra_config keeps in 16 bit after *it (NULL to
 * start), norms left out (never a quantized linear); NULL at the end.
 */
const char *auto_round_next_unquantized(const cJSON *qc, const cJSON **it);

#endif
