/*
 * kv.h - vLLM's KV-cache specs, groups, pages, blocks and per-request needs.
 *
 * A model becomes what vLLM's get_kv_cache_spec() returns for it: one spec
 * per layer that holds a cache (full attention, sliding window, chunked
 * local, MLA and the sparse-attention indexer beside it, or a recurrent
 * state for Mamba / gated delta net / short conv layers).  kv_layout_build()
 * then does what vLLM does with those specs (vllm/v1/core/kv_cache_utils.py
 * get_kv_cache_groups, and the hybrid block-size alignment of
 * HybridAttentionMambaModelConfig / Platform._align_hybrid_block_size):
 * one group when every spec is equal, one "uniform type" group with summed
 * pages when every layer keeps the same number of token slots, otherwise
 * page sizes unified by raising block sizes and layers split into groups of
 * group_size.  The result for one rank (pipeline stage) is a kv_layout.
 *
 * Invariant: every figure is an exact integer re-statement of vLLM's
 * arithmetic, so blocks, "GPU KV cache size" and "Maximum concurrency"
 * match its log to the block.
 */
#ifndef HEADROOM_KV_H
#define HEADROOM_KV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "catalogue.h"
#include "kv_dsv4.h"

#define KV_MAX_TYPES 8
#define KV_MAX_LAYERS 320 /* decoder layers headroom lays out */
#define KV_ERR_LEN 320

/* Spec kinds, by how many token slots a request keeps. */
enum kv_kind {
	KV_KIND_FULL, /* FullAttentionSpec, MLAAttentionSpec (and indexer) */
	KV_KIND_SLIDING, /* SlidingWindowSpec */
	KV_KIND_CHUNKED, /* ChunkedLocalAttentionSpec */
	KV_KIND_STATE, /* MambaSpec */
	KV_KIND_CROSS /* CrossAttentionSpec: the encoder's states, per request */
};

/* cache_config.mamba_cache_mode */
enum mamba_mode {
	MAMBA_MODE_NONE,
	MAMBA_MODE_ALIGN,
	MAMBA_MODE_ALL
};

/* What vLLM's configuration decides before it builds the specs. */
struct kv_params {
	int tp;
	enum kv_dtype
	    kv; /* resolved cache dtype (fp8_ds_mla already applied) */
	int model_bytes; /* 2 (bf16/fp16) or 4 */
	int block_size; /* cache_config.block_size before hybrid alignment */
	int kernel_alignment; /* smallest kernel block size of the backend */
	int mnbt; /* max_num_batched_tokens */
	/* VllmConfig.max_concurrent_batches when sliding and chunked layers
	 * reserve for the in-flight batches (max_in_flight_tokens = this x
	 * mnbt, vLLM #47728, 0.26.0); 0 = one batch, the rule before; -1 =
	 * not established for this configuration (a layout with such layers
	 * is refused) */
	int in_flight_batches;
	bool hma; /* hybrid KV cache manager on */
	enum mamba_mode mamba_mode;
	int num_spec; /* speculative tokens: conv rows and state blocks */
	int conv_bytes; /* --mamba-cache-dtype's element size; 0 = auto */
	int ssm_bytes; /* --mamba-ssm-cache-dtype's element size; 0 = auto */
	int extra_full_layers; /* draft (MTP/EAGLE) attention layers, same spec */
	int max_model_len; /* attention-free models: mamba_block_size in mode
				   none (0 = block_size) */
	/* a drafter's layers: plain full attention of these sizes instead of
	 * the model's spec (0 = the model's spec) */
	int extra_kv_heads, extra_head_dim;
	/* encoder-decoder models: scheduler_config.max_num_encoder_input_tokens,
	 * the encoder tokens a cross-attention layer keeps per request */
	int enc_len;
	/* DeepSeek-V4: how one block's bytes are counted (the release's rule)
	 * and attention_config.use_fp4_indexer_cache */
	enum kv_dsv4_pool dsv4_pool;
	bool dsv4_fp4_indexer;
	/* DeepSeek-V4: the MTP layers' sliding caches join the groups */
	int dsv4_mtp_layers;
};

/* One group type: layers of one spec, split into n_groups groups. */
struct kv_type {
	unsigned char kind; /* enum kv_kind */
	int window; /* sliding window or attention chunk, tokens */
	int block_size; /* tokens per block for this type */
	int spec_blocks; /* state: speculative blocks */
	int n_layers; /* layers of this spec in the whole model */
	int n_groups;
};

struct kv_layout {
	int64_t page; /* bytes of one block of one layer (uniform type:
				   of all the rank's layers together) */
	int block_size; /* smallest block size of the groups */
	int attn_block_size; /* attention block size after alignment */
	int layers; /* layers with a cache on this rank */
	int group_size; /* tensors: layers per group on this rank */
	int n_groups;
	int n_full_groups; /* groups of full-attention kind */
	int n_swa_groups; /* all other groups */
	int padding_layers; /* of the whole model */
	bool
	    uniform_type; /* UniformTypeKVCacheSpecs: one group, summed pages */
	bool attention_free;
	enum mamba_mode mamba_mode;
	int max_num_batched_tokens;
	/* what sliding and chunked groups hold beyond their window: the
	 * max_num_batched_tokens of each batch in flight */
	int64_t in_flight_tokens;
	int enc_len; /* cross-attention: encoder tokens per request */
	int sliding_window; /* of the first sliding type, for display */
	int n_types;
	struct kv_type type[KV_MAX_TYPES];
	/* per rank, for display and the rule of thumb */
	int64_t bytes_per_token; /* attention KV of the rank's layers */
	int64_t state_bytes; /* one request's recurrent state (unpadded) */
	int64_t state_page_padded; /* the state page after padding */
	int attn_layers, state_layers;
	/* DeepSeek-V4 (m->dsv4.layers > 0): its own grouping, in dsv4; page
	 * is then the bytes of one block over every tensor, group_size 1 */
	bool is_dsv4;
	struct kv_dsv4_layout dsv4;
};

/* Per-layer page bytes of a uniform attention model on a rank (all layers alike). */
int64_t kv_page_bytes(const struct model *, enum kv_dtype, int model_bytes,
    int tp, int block_size);

/*
 * Builds the layout of a rank holding n_full full-attention layers and
 * n_swa sliding-window layers of one page (the classic hybrid).
 */
void kv_layout_init(struct kv_layout *, int64_t page, int block_size,
    int n_full, int n_swa, int sliding_window, int max_num_batched_tokens);

/*
 * The layout of the rank holding layers [first, first + n) of model m.
 * Returns 0, or -1 with vLLM's words (or headroom's, naming the field)
 * in err when vLLM refuses the specs.
 */
int kv_layout_build(const struct model *m, const struct kv_params *, int first,
    int n, struct kv_layout *out, char *err, size_t errlen);

/*
 * DeepSeek-V4's prefill gather workspace of the profile run
 * (kv_dsv4_gather_workspace() over m's layers); 0 for other models.
 */
int64_t kv_gather_workspace(const struct model *m, int64_t max_model_len,
    int mnbt);

/*
 * The sparse-attention indexer's prefill K-gather workspace that vLLM's
 * dummy run reserves for DeepSeek-V3.2 / GLM-5 (sparse_attn_indexer):
 * get_max_prefill_buffer_size() = 40 x max_model_len entries of the
 * indexer's fp8 key and float32 scale, and the 1 MiB radix top-k buffer.
 * 0 for a model without that indexer, and for DeepSeek-V4 (its own,
 * kv_gather_workspace()).
 */
int64_t kv_indexer_workspace(const struct model *m, int64_t max_model_len);

/* Bytes of one request's recurrent state on a rank (0 without state layers). */
int64_t kv_state_bytes(const struct model *m, const struct kv_params *);

/* Blocks one request of L tokens occupies (vLLM's blocks per request). */
int64_t kv_blocks_per_request(const struct kv_layout *, int64_t len);
/* KV bytes one request of L tokens needs on this rank. */
int64_t kv_needed_bytes(const struct kv_layout *, int64_t len);
/* num_blocks = available // page // group_size (0 when available <= 0). */
int64_t kv_num_blocks(const struct kv_layout *, int64_t available);
/* Largest L in [1, upper] whose needed bytes fit; 0 when L = 1 does not fit. */
int64_t kv_estimate_max_len(const struct kv_layout *, int64_t available,
    int64_t upper);

#endif
