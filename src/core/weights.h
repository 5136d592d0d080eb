/*
 * weights.h - weight memory of one rank, from the architecture.
 *
 * Counts what vLLM keeps in torch tensors after loading: the linears of
 * the rank's layers in the checkpoint's format (with scale overhead), the
 * embeddings and lm_head (padded to 64 rows, split by TP, kept in 16 bit),
 * norms and router gates (replicated), the RoPE cos/sin cache and the
 * vision tower.  Pure arithmetic.
 */
#ifndef HEADROOM_WEIGHTS_H
#define HEADROOM_WEIGHTS_H

#include <stdint.h>

#include "catalogue.h"
#include "experts.h"

struct weights_breakdown {
	double linear; /* quantizable linears of the rank's layers */
	double embed; /* input embedding (first stage) */
	double lm_head; /* output head (last stage) */
	double other; /* norms, gates, biases, RoPE cache, vision */
	double total;
};

/*
 * Bytes of the given pipeline stage of a rank.  dtype_bytes is the dtype
 * unquantized tensors use (2 for bf16/fp16, 4 for --dtype float32).
 */
void weights_rank(const struct model *, enum ckpt_format, int dtype_bytes,
    int tp, int pp, int stage, struct weights_breakdown *);

/*
 * The same with the routed experts split as es says (experts.h: expert
 * parallel, or TP x DP without it); attention, shared experts, embeddings
 * and head keep the tp split.  Under EP it counts FusedMoE's int32 expert
 * map (es->global entries per MoE layer).
 */
void weights_rank_split(const struct model *, enum ckpt_format, int dtype_bytes,
    int tp, int pp, int stage, const struct experts_split *es,
    struct weights_breakdown *);

/* Layers on a pipeline stage, as vLLM's get_pp_indices() splits them. */
int weights_stage_layers(int layers, int pp, int stage, int *first);

/*
 * MXFP4 expert layouts (vllm/model_executor/layers/quantization/mxfp4.py,
 * Mxfp4MoEMethod.create_weights): the MoE backend pads the hidden size and
 * the per-rank intermediate size before allocating w13 [E, 2I', H'/2] and
 * w2 [E, H', I'/2] (uint8) with e8m0 scales per 32 and bf16 biases.
 */
enum mxfp4_backend {
	MXFP4_MARLIN, /* weight-only: I' = up(I, 128), H' = up(H, 256) */
	MXFP4_TRITON, /* OAI triton kernels: I' = up(I, 64) */
	MXFP4_TRITON_HOPPER, /* + Hopper value layout: contraction dims up(x, 256) */
	MXFP4_FLASHINFER, /* SM100 FlashInfer/TRT-LLM: both up(x, 256) */
};

/*
 * Bytes the backend's padding adds to the experts of layers
 * [first, first + n) of an MXFP4 checkpoint on one rank (0 for other
 * models).  Checkpoint files hold the unpadded tensors.
 */
int64_t weights_mxfp4_padding(const struct model *, enum mxfp4_backend, int tp,
    int first, int n);

/* The same for the experts and the per-expert split of es. */
int64_t weights_mxfp4_padding_split(const struct model *, enum mxfp4_backend,
    const struct experts_split *es, int first, int n);

/*
 * Bytes of the next-token-prediction (MTP) layers vLLM loads as the
 * draft of --speculative-config method mtp, on one rank (deepseek_mtp.py:
 * DeepSeekMultiTokenPredictorLayer): per layer one decoder layer of the
 * model (index num_hidden_layers + i) in the checkpoint's format, enorm,
 * hnorm and the shared head's norm, eh_proj [H, 2H] (nn.Linear: replicated,
 * model dtype), and its own vocab embedding and shared_head.head (split by
 * TP, model dtype).  0 when m has none.
 */
double weights_mtp_bytes(const struct model *, enum ckpt_format,
    int dtype_bytes, int tp);

/* Drafters that load from their own config (--speculative-config). */
enum weights_drafter {
	WEIGHTS_EAGLE, /* llama_eagle.py: EagleLlamaForCausalLM */
	WEIGHTS_EAGLE3, /* llama_eagle3.py: Eagle3LlamaForCausalLM */
	WEIGHTS_DRAFT_MODEL /* a whole model (v1/spec_decode/draft_model.py) */
};

/*
 * Bytes drafter d of target t holds on one rank at TP tp, in the model
 * dtype (vLLM gives the draft the target's dtype) and d's own format.
 * EAGLE-1: its decoder layers (the first without input_layernorm) and fc
 * [2H -> H] (replicated); embedding and lm_head are the target's.
 * EAGLE-3: its layers (the first reads 2H: embeddings and hidden states,
 * each with its hidden_norm), the final norm, fc [3 x target_hidden -> H]
 * (replicated; none when eagle_config.use_aux_hidden_state is false), its own lm_head of draft_vocab_size rows (split by TP) and
 * draft_id_to_target_id (int64, replicated); the embedding is the
 * target's when pp is 1 and the shapes match.  A draft model: the whole
 * model, its own embedding and head.  Each adds a RoPE cache of its own
 * unless it has the target's length and rotary size.  layers: the
 * decoder layers vLLM builds for an EAGLE head (spec_draft_layers()).
 */
double weights_draft_bytes(const struct model *d, const struct model *t,
    enum weights_drafter, int layers, int dtype_bytes, int tp, int pp);

/* The same with the MTP layer's experts split as es says. */
double weights_mtp_bytes_split(const struct model *, enum ckpt_format,
    int dtype_bytes, int tp, const struct experts_split *es);

/* Whether layer i of m holds routed experts (first_dense_layers, moe_layer_step). */
int weights_is_moe_layer(const struct model *, int layer);

/* Total parameters of the model (billions), derived from the architecture. */
double weights_param_count(const struct model *);

/* Bytes of the model's RoPE cos/sin cache on a rank (float32 where the model
 * builds it so; dtype_bytes 1 counts elements). */
double weights_rope_bytes(const struct model *, int dtype_bytes);

/* Bytes on one of tp ranks of the V slots vLLM allocates for k_eq_v layers
 * and fills with K's weights (Gemma 4's full attention, gemma4.py): in no
 * weight file, so added to a checkpoint's size; planned in fmt. */
double weights_kv_copy_bytes(const struct model *, enum ckpt_format fmt,
    int dtype_bytes, int tp);

/* Parameters of the vision tower and projector on one of tp ranks: the
 * split part over tp, the replicated part whole (0 without a tower). */
double weights_vision_rank_params(const struct model *, int tp);

/* Bytes of the per-layer inputs buffer Gemma 3n's multimodal class allocates
 * with the model (gemma3n_mm.py: max_num_batched_tokens x layers x
 * hidden_size_per_layer_input in the model dtype), counted by vLLM in
 * "Model loading took"; 0 for other models. */
double weights_ple_buffer_bytes(const struct model *, int mnbt,
    int dtype_bytes);

/* Bytes of Qwen3-VL's deepstack buffers (qwen3_vl.py: one zeroed tensor of
 * max_num_batched_tokens x the text hidden size in the model dtype per
 * deepstack level, on every rank, with the tower), counted by vLLM in
 * "Model loading took"; 0 for other models.  The caller adds them only
 * where the tower is built. */
double weights_deepstack_buffer_bytes(const struct model *, int mnbt,
    int dtype_bytes);

/* Bytes of the sparse-attention top-k buffer DeepseekV2Model allocates with
 * the model when the config has index_topk (DeepSeek-V3.2, GLM-5: int32
 * [max_num_batched_tokens, index_topk], shared by every layer's indexer),
 * counted by vLLM in "Model loading took"; 0 for other models. */
double weights_dsa_topk_buffer_bytes(const struct model *, int mnbt);

#endif
