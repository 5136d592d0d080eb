/*
 * kv.h - vLLM's KV-cache pages, groups, blocks and per-request needs.
 *
 * A struct kv_layout describes one rank: the page of one block of one
 * layer, and how the rank's layers form KV-cache groups (one group for
 * uniform models; full-attention and sliding-window groups of group_size
 * layers for hybrid ones, padded as vLLM pads them).  All functions are
 * exact integer re-statements of vLLM's kv_cache_utils arithmetic.
 */
#ifndef HEADROOM_KV_H
#define HEADROOM_KV_H

#include <stdint.h>

#include "catalogue.h"

struct kv_layout {
	int64_t	 page;		/* bytes of one block of one layer */
	int	 block_size;
	int	 layers;	/* attention layers on this rank */
	int	 group_size;	/* layers per group (tensor count) */
	int	 n_full_groups;
	int	 n_swa_groups;
	int	 padding_layers;
	int	 sliding_window;
	int	 max_num_batched_tokens;
};

/* Per-layer page bytes for a model on a rank. */
int64_t kv_page_bytes(const struct model *, enum kv_dtype, int model_bytes,
    int tp, int block_size);

/*
 * Builds the layout of a rank holding n_full full-attention layers and
 * n_swa sliding-window layers.
 */
void kv_layout_init(struct kv_layout *, int64_t page, int block_size,
    int n_full, int n_swa, int sliding_window, int max_num_batched_tokens);

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
