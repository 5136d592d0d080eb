/*
 * kv_dsv4.h - DeepSeek-V4's KV cache: its per-layer specs, the groups vLLM
 * packs them into, blocks, per-request pages and capacity.
 *
 * DeepSeek-V4 (DeepseekV4ForCausalLM) keeps up to five caches per decoder
 * layer, each its own KV-cache spec in vLLM:
 *   - every layer: a sliding-window cache (DeepseekV4SWACache,
 *     SlidingWindowMLASpec, 64-token blocks of fp8_ds_mla entries);
 *   - c4a layers (compress_ratios[i] = 4): the compressed MLA cache
 *     (MLAAttentionSpec, compress_ratio 4), the compressor's state
 *     (CompressorStateCache, 4-token blocks of fp32 kv + score rows), the
 *     indexer's key cache (DeepseekV4IndexerCache, 132-byte entries) and
 *     the indexer compressor's state;
 *   - c128a layers (128): the compressed MLA cache and the compressor's
 *     state (8-token blocks);
 *   - sliding-only layers (0): nothing else.
 * Pages are padded to 576 bytes (FlashMLA's alignment).  vLLM then groups
 * them as its DeepSeek-V4 case of get_kv_cache_groups does
 * (group_and_unify_kv_cache_specs, _get_kv_cache_groups_uniform_groups,
 * _get_kv_cache_config_deepseek_v4): the compressed MLA specs in one group,
 * the others by (block size, window), the sliding ones split into groups of
 * the "layer tuple" count _approximate_gcd picks, each page padded up to the
 * nearest page of the MLA group; one block costs the sum of the MLA group's
 * page sizes times the number of layer tuples, and a request at L tokens
 * takes the sum over groups of its spec's pages.
 *
 * Invariant: every figure is an integer re-statement of that arithmetic for
 * the tree doc/architectures.md cites; nothing here is an estimate.
 */
#ifndef HEADROOM_KV_DSV4_H
#define HEADROOM_KV_DSV4_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KV_DSV4_MAX_LAYERS 128
#define KV_DSV4_MAX_PAGES 8
#define KV_DSV4_MAX_GROUPS 32

/* What one spec of one layer is. */
enum kv_dsv4_role {
	KV_DSV4_SWA, /* DeepseekV4SWACache, every layer */
	KV_DSV4_C4_ATTN, /* compressed MLA cache, ratio 4 */
	KV_DSV4_C128_ATTN, /* compressed MLA cache, ratio 128 */
	KV_DSV4_C4_INDEXER, /* DeepseekV4IndexerCache of a c4a layer */
	KV_DSV4_C4_STATE, /* the c4a compressor's state */
	KV_DSV4_C128_STATE, /* the c128a compressor's state */
	KV_DSV4_INDEXER_STATE, /* the indexer compressor's state */
	KV_DSV4_N_ROLES
};

/* The model's side: config.json's fields that shape the caches. */
struct kv_dsv4_model {
	int n_layers; /* layers with caches: decoder layers (+ MTP) */
	const int *compress_ratios; /* n_layers entries: 0, 4 or 128 */
	int head_dim; /* 512 */
	int rope_dim; /* qk_rope_head_dim, 64 */
	int index_head_dim; /* 128 */
	int sliding_window; /* 128 */
};

/*
 * How one block's bytes are counted, by the vLLM change that set it
 * (doc/architectures.md: which release first carried each is not
 * established):
 *   TUPLES  (before #44454): sum of the MLA group's page sizes x the
 *           longest bucket of any group;
 *   BUCKETS (#44454, 2026-06): each page size x its longest bucket, summed;
 *   DENSE   (#48993, 2026-07): every group packed densely into one slab
 *           without cross-group padding, the widest group's page sum; the
 *           MXFP4 indexer cache takes 68-byte rows.
 */
enum kv_dsv4_pool {
	KV_DSV4_POOL_TUPLES,
	KV_DSV4_POOL_BUCKETS,
	KV_DSV4_POOL_DENSE
};

/* vLLM's configuration. */
struct kv_dsv4_params {
	int block_size; /* cache_config.block_size (256 by the backend) */
	int mnbt; /* max_num_batched_tokens */
	bool fp8_ds_mla; /* the cache dtype resolved to fp8_ds_mla */
	enum kv_dsv4_pool pool;
	bool fp4_indexer; /* attention_config.use_fp4_indexer_cache */
};

/* One spec's size. */
struct kv_dsv4_spec {
	int block_size; /* tokens per block */
	int window; /* 0: full (compressed MLA); else sliding window */
	int64_t real_page; /* bytes before the 576-byte alignment */
	int64_t page; /* bytes after it */
};

/* One KV cache group: layers of one (block size, window), pages padded. */
struct kv_dsv4_group {
	int block_size;
	int window; /* 0 for the compressed MLA group */
	int n_layers;
	int tuples; /* layers of its most common page size */
	int n_pages;
	int64_t page[KV_DSV4_MAX_PAGES]; /* distinct page sizes */
	int count[KV_DSV4_MAX_PAGES]; /* layers of each */
};

struct kv_dsv4_layout {
	int block_size;
	int mnbt;
	int n_specs; /* layer specs of all roles */
	int n_role[KV_DSV4_N_ROLES];
	struct kv_dsv4_spec role[KV_DSV4_N_ROLES];
	int n_mla_pages; /* page sizes of the MLA group, ascending */
	int64_t mla_page[KV_DSV4_MAX_PAGES];
	int64_t tuple_bytes; /* their sum: one layer tuple of one block */
	int num_layer_tuples; /* tuples every group reserves per block */
	enum kv_dsv4_pool pool;
	int64_t bytes_per_block; /* one block over every tensor */
	int n_groups;
	struct kv_dsv4_group group[KV_DSV4_MAX_GROUPS];
};

/*
 * Lays out the caches of m under p.  Returns 0, or -1 with vLLM's words
 * (or headroom's, naming the field) in err when vLLM refuses them or the
 * case is outside the tree headroom models.
 */
int kv_dsv4_build(const struct kv_dsv4_model *m, const struct kv_dsv4_params *p,
    struct kv_dsv4_layout *out, char *err, size_t errlen);

/* The vLLM change behind a rule ("before #44454", "from #44454", "from
 * #48993") and its short name ("tuples", "buckets", "dense"). */
const char *kv_dsv4_pool_change(enum kv_dsv4_pool);
const char *kv_dsv4_pool_name(enum kv_dsv4_pool);

/* Bytes one block takes over every tensor (by the pool's rule). */
int64_t kv_dsv4_bytes_per_block(const struct kv_dsv4_layout *);
/* num_blocks = available // bytes per block (0 when available <= 0). */
int64_t kv_dsv4_num_blocks(const struct kv_dsv4_layout *, int64_t available);
/* Pages group g gives one request of len tokens. */
int64_t kv_dsv4_group_pages(const struct kv_dsv4_layout *, int g, int64_t len);
/* Blocks one request of len tokens takes: the sum over groups. */
int64_t kv_dsv4_blocks_per_request(const struct kv_dsv4_layout *, int64_t len);
/* Bytes one request of len tokens needs (_max_memory_usage_bytes_from_groups). */
int64_t kv_dsv4_needed_bytes(const struct kv_dsv4_layout *, int64_t len);
/* Largest len in [1, upper] whose needed bytes fit; 0 when 1 does not. */
int64_t kv_dsv4_estimate_max_len(const struct kv_dsv4_layout *,
    int64_t available, int64_t upper);

/*
 * The bf16 gather workspace the profile run reserves for DeepSeek-V4's
 * prefill (deepseek_v4_attention.py @0a291a2, the dummy-run branch of
 * attention_impl; sparse_swa.py get_prefill_chunk_plan bounds the same
 * area): PREFILL_CHUNK_SIZE (4) x the largest (cdiv(max_model_len, ratio)
 * + window + mnbt) over the layers (ratio 0 and 1: no compressed part) x
 * head_dim x 2 bytes.  The size is the source's; that it adds to the
 * activation peak whole is an estimate (doc/estimates.md).
 */
int64_t kv_dsv4_gather_workspace(const struct kv_dsv4_model *m,
    int64_t max_model_len, int mnbt);

#endif
