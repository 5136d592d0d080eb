/*
 * profile_dsv4.h - DeepSeek-V4's forward in vLLM's profile run: what one
 * rank holds at the two peaks of a decoder layer when the dummy batch of
 * max_num_batched_tokens tokens goes through it, and the shared workspace
 * the layers reserve.
 *
 * The shapes are those vllm/model_executor/models/deepseek_v4.py @023da1f
 * and vllm/model_executor/layers/deepseek_v4_attention.py @0a291a2 build
 * (doc/estimates.md, "DeepSeek-V4's profile run"): the dummy run skips the
 * sparse attention kernels but runs the projections, the compressors and
 * the indexer's projections, and the indexer allocates the logits buffer
 * its prefill may need.  Which tensors are alive at once is read from the
 * eager code; torch.compile may free some earlier, so the sums are
 * estimates (marked so wherever the plan shows them).
 *
 * Invariant: pure arithmetic on the numbers given; no globals.
 */
#ifndef HEADROOM_PROFILE_DSV4_H
#define HEADROOM_PROFILE_DSV4_H

#include <stdbool.h>
#include <stdint.h>

/* VLLM_SPARSE_INDEXER_MAX_LOGITS_MB's default (vllm/envs.py): 512 MiB the
 * indexer allocates in the dummy run for the peak logits of a prefill. */
#define PROFILE_DSV4_INDEXER_LOGITS_BYTES (512LL * 1024 * 1024)

struct profile_dsv4_in {
	int64_t tokens; /* max_num_batched_tokens: the dummy batch */
	int64_t max_model_len;
	int hidden, hc_mult;
	int heads_rank; /* attention heads on this rank (heads / TP) */
	int head_dim, q_lora;
	int index_heads, index_head_dim;
	bool has_c4, has_c128; /* layers of compress ratio 4 and 128 */
	bool fp4_indexer; /* attention_config.use_fp4_indexer_cache */
	int experts, experts_per_tok, moe_intermediate;
	int shared_inter_rank; /* the shared experts' intermediate / TP */
	int moe_split; /* the cut inside each routed expert (1 with EP) */
	double moe_bytes_per_token_expert_inter; /* the fused-MoE estimate */
	int64_t gather_workspace; /* kv_dsv4_gather_workspace() */
};

struct profile_dsv4_out {
	int64_t
	    attention; /* a c4a layer's attention, the indexer's logits in */
	int64_t moe; /* a layer's MoE */
	int64_t indexer_workspace; /* the indexer's key gather, reserved */
	int64_t workspace; /* the shared workspace: the larger reservation */
	int64_t forward; /* max(attention, moe) + workspace */
};

/*
 * One rank's forward peak in the profile run, in bytes, into *out; reads
 * *in only.  attention is the largest layer kind present (c4a with its
 * indexer, else c128a, else sliding-window only).
 */
void profile_dsv4_forward(const struct profile_dsv4_in *in,
    struct profile_dsv4_out *out);

#endif
