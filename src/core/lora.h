/*
 * lora.h - the GPU buffers vLLM allocates for --enable-lora.
 *
 * vLLM replaces every linear layer of the language model (and every fused
 * MoE block) with a LoRA wrapper that owns zero-filled "stacked" A and B
 * tensors for max_loras adapter slots at max_lora_rank, in lora_dtype
 * (vllm/lora/layers/base_linear.py, fused_moe.py: create_lora_weights).
 * They are allocated while the model loads and are part of "Model loading
 * took" (vLLM PR #14469).  Graph capture gains a second set of graphs, one
 * with LoRA active and one without (vllm/v1/cudagraph_dispatcher.py:
 * _get_lora_cases with cudagraph_specialize_lora on, its default).  The
 * model classes that declare embedding_modules (Llama's, which also serves
 * Mistral and Phi-3, and Mixtral's) get slots on embed_tokens and lm_head
 * too (vllm/lora/layers/vocal_parallel_embedding.py, logits_processor.py).
 * Pure arithmetic.
 */
#ifndef HEADROOM_LORA_H
#define HEADROOM_LORA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "catalogue.h"

/*
 * --enable-lora and the flags that size its buffers (vllm/config/lora.py).
 * Zero means vLLM's default: max_loras 1, max_lora_rank 16, max_cpu_loras
 * = max_loras, lora_dtype auto (the model dtype).
 */
struct plan_lora {
	bool enabled;
	int max_loras;
	int max_rank;
	int max_cpu_loras;
	int dtype; /* --lora-dtype: 0 auto, 1 float16, 2 bfloat16 */
	bool fully_sharded; /* --fully-sharded-loras */
	bool unspecialized; /* -cc cudagraph_specialize_lora false */
	int extra_vocab; /* --lora-extra-vocab-size: 0 not given (256), 256
			    or 512; the flag is gone from vLLM 0.12.0 */
	int bias; /* --enable-lora-bias: 1, --no-enable-lora-bias: -1, 0 not
		     given; both gone from vLLM 0.11.1 */
};

/* vLLM's defaults filled in: max_loras 1, rank 16, max_cpu_loras = max_loras. */
void lora_resolve(const struct plan_lora *in, struct plan_lora *out);

/* Whether r is one of vLLM's MaxLoRARanks (1, 8, 16, 32, 64, 128, 256, 320, 512). */
int lora_rank_valid(int r);

/*
 * Bytes of the stacked A/B buffers of one rank holding layers
 * [first, first + n) of m, for a resolved config; model_dtype_bytes is
 * what lora_dtype auto resolves to.  With --enable-lora-bias (up to vLLM
 * 0.11.0) every linear slice also holds lora_bias_stacked [max_loras, 1,
 * the slice's B rows].  0 when LoRA is off.
 */
int64_t lora_stack_bytes(const struct model *m, const struct plan_lora *l,
    int tp, int first, int n, int model_dtype_bytes);

/*
 * Whether vLLM's class for m declares embedding_modules {embed_tokens,
 * lm_head}, so that both get LoRA slots: LlamaForCausalLM (with the classes
 * vLLM serves through it: Mistral, Phi-3, and the language models of
 * Mistral 3 and Llama 4) and MixtralForCausalLM.
 */
bool lora_wraps_vocab(const struct model *m);

/*
 * Bytes embed_tokens (on the first stage) and lm_head (on the last) gain
 * with LoRA on one rank, for a resolved config and a release (VLLM_VER).
 * From 0.12.0: embedding A [max_loras, vocab, r], B [max_loras, 1, H, r];
 * lm_head A [max_loras, 1, r, H], B [max_loras, 1, vocab, r], all whole on
 * every rank, in lora_dtype.  Before 0.12.0 (lora_extra_vocab_size X, 256
 * unless --lora-extra-vocab-size says 512, and lora_vocab_padding_size
 * 256) the A rows of the embedding and the B rows of lm_head cover X added
 * tokens (lm_head's padded to 256), each keeps an embeddings tensor
 * [max_loras, X, H] in the model dtype, and the base layers grow:
 * embed_tokens by X x max_loras rows, an untied lm_head from up(vocab, 64)
 * to up(vocab, 256) + X rows, split over TP.  0 when LoRA is off or the
 * class declares no embedding modules.
 */
int64_t lora_vocab_bytes(const struct model *m, const struct plan_lora *l,
    int tp, bool first_stage, bool last_stage, int version,
    int model_dtype_bytes);

/*
 * Why vLLM (or headroom) cannot start this LoRA config, in vLLM's words
 * where vLLM has them; "" when it can.  Checks the resolved config for a
 * release (VLLM_VER): --lora-extra-vocab-size, with or without
 * --enable-lora, is an argument vLLM no longer has from 0.12.0; LoRA on
 * fused MoE layers exists from 0.11.1 (vLLM PR #21229); before, headroom
 * does not model what MoE models get.
 */
void lora_check(const struct model *m, const struct plan_lora *l, int tp,
    int version, char *msg, size_t len);

/*
 * The transient buffers LoRA adds to the profile run's forward of
 * max_num_batched_tokens tokens: for fused MoE layers
 * (vllm/lora/ops/triton_ops/fused_moe_lora_op.py) the shrink output
 * [slices, M, top_k, max_lora_rank] and the expand output [slices, M,
 * top_k, N] in the model dtype, N = I/TP for gate_up (2 slices), H for
 * down (1 slice); the larger of the two calls.  Linear layers' punica
 * intermediates ([slices, M, r] fp32, a few MiB) are left out.  0 without
 * LoRA or experts.
 */
int64_t lora_activation_bytes(const struct model *m, const struct plan_lora *l,
    int tp, int max_num_batched_tokens, int model_dtype_bytes);

/* Graph sets captured per capture size for a release (VLLM_VER): 1
 * without LoRA, 2 with it from 0.11.1 (vLLM PR #25914; 1 with
 * --compilation-config cudagraph_specialize_lora false, and 1 before: one
 * set, captured with the adapters active). */
int lora_graph_cases(const struct plan_lora *l, int version);

#endif
