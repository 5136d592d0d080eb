/*
 * weights_dsv4.h - DeepSeek-V4's parameters, counted from its config.json as
 * vLLM's DeepseekV4ForCausalLM builds its modules
 * (vllm/model_executor/models/deepseek_v4.py @023da1f,
 * layers/deepseek_v4_attention.py @0a291a2, the compressor and indexer
 * read for core/kv_dsv4.c).
 *
 * Per decoder layer i (ratio r = compress_ratios[i]):
 *   attention: fused wq_a + wkv (hidden x (q_lora + head_dim)), q_norm,
 *     wq_b (q_lora x heads x head_dim), kv_norm, wo_a (heads x head_dim x
 *     o_lora, o_groups batched), wo_b (o_groups x o_lora x hidden), the
 *     attention sinks (heads);
 *   r = 4 or 128: the compressor (ape r x coff x head_dim, fused wkv +
 *     wgate hidden x 2 coff head_dim, norm), coff 2 for 4, 1 for 128;
 *   r = 4: the indexer (wq_b q_lora x index_heads x index_head_dim,
 *     weights_proj hidden x index_heads, k_norm with bias, its compressor);
 *   MoE: the router (experts x hidden, its norm, the correction bias but in
 *     the first num_hash_layers, which route by token id), the shared
 *     experts (3 x hidden x moe_intermediate each), the routed experts;
 *   attn_norm and the hyper-connections (hc_attn/hc_ffn: (2 + hc) x hc rows
 *     of hc x hidden, bases, 3 scales each);
 * and the embedding, lm_head (not tied), final norm and hc_head.  The MTP
 * layer is not counted (vLLM builds it only for speculative decoding).
 *
 * Invariant: a count, not bytes; "active" is the parameters one token
 * runs through (num_experts_per_tok routed experts) with the embeddings.
 */
#ifndef HEADROOM_WEIGHTS_DSV4_H
#define HEADROOM_WEIGHTS_DSV4_H

#include <stdint.h>

struct weights_dsv4_config {
	int hidden, layers, vocab;
	int heads, head_dim, q_lora, o_groups, o_lora;
	int index_heads, index_head_dim;
	int experts, moe_intermediate, experts_per_tok, shared_experts;
	int hash_layers, hc_mult;
	const int *compress_ratios; /* layers entries */
	int index_topk; /* for the rank's buffers */
	int rope_dim; /* qk_rope_head_dim */
	int64_t rope_positions; /* original_max_position_embeddings x factor */
};

/* One rank of a plan without pipeline stages. */
struct weights_dsv4_rank {
	int tp; /* attention and dense split */
	int ep_size; /* ranks the routed experts are spread over (expert
			parallelism: TP x DP), 0: each expert split by TP */
	int mnbt; /* max_num_batched_tokens: the init-time buffers */
	int fp4_experts; /* expert_dtype fp4 (else fp8) */
};

struct weights_dsv4_count {
	int64_t total;
	int64_t active;
	int64_t routed_experts; /* of total */
	int64_t embeddings; /* embedding + lm_head, of total */
};

/* Counts the parameters of c (no MTP layer). */
void weights_dsv4_count(const struct weights_dsv4_config *c,
    struct weights_dsv4_count *out);

/*
 * Bytes of the checkpoint's tensors, in the layout DeepseekV4FP8Config
 * reads (deepseek_v4.py @023da1f): the attention, shared-expert, indexer
 * wq_b and MTP e_proj / h_proj linears FP8 with one scale per 128 x 128
 * block (UE8M0, 1 byte, when expert_dtype is fp4; float32 when fp8); the
 * routed experts MXFP4 (fp4 pairs + one UE8M0 scale per 32: 17/32 bytes a
 * parameter) or FP8 blocks; the embedding, lm_head, norms, compressor and
 * indexer projections and the router bf16; sinks, compressor ape, the
 * correction bias and the hyper-connections fp32; the hash layers'
 * tid2eid int64.  with_mtp adds the num_nextn_predict_layers layer (a
 * decoder layer without compression, e_proj, h_proj, enorm, hnorm, the
 * shared head's norm and hc_head; the head itself is the model's).
 * Derived, not published: doc/architectures.md compares it with vLLM's
 * "Checkpoint size".
 */
int64_t weights_dsv4_checkpoint_bytes(const struct weights_dsv4_config *c,
    int fp4_experts, int with_mtp);

/*
 * Bytes one rank holds after loading (what "Model loading took" measures),
 * derived: wq_b and wo_a column- and wo_b row-parallel, the shared experts
 * split by TP, the fused wq_a + wkv, compressors, indexer, router and
 * hyper-connections replicated, the attention sinks padded to 64 heads,
 * embedding and lm_head split by vocabulary; the routed experts whole on
 * their EP rank or split by TP; FP8 scales held as float32, tid2eid as
 * int32; the two RoPE caches (rope_theta and compress_rope_theta) of
 * rope_positions x rope_dim float32 each (assumed: the dtype differs
 * between trees); and the buffers DeepseekV4Model allocates at init
 * (topk_indices_buffer: mnbt x index_topk int32; _mtp_hidden_buffer: mnbt
 * x hc_mult x hidden bf16).  Not counted: the MXFP4 backend's repacking.
 */
int64_t weights_dsv4_rank_bytes(const struct weights_dsv4_config *c,
    const struct weights_dsv4_rank *r);

#endif
