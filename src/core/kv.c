/*
 * kv.c - KV-cache arithmetic (reference: vLLM kv_cache_interface.py and
 * kv_cache_utils.py).  Invariant: every result is an integer computed the
 * way vLLM computes it, so token counts match its log to the token.
 */
#include "kv.h"

static int64_t
cdiv(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

static int64_t
nvfp4_elems(int64_t x)
{
	return x / 2 + x / 16;
}

int64_t
kv_page_bytes(const struct model *m, enum kv_dtype kv, int model_bytes,
    int tp, int bs)
{
	int64_t kvh, hs, hsv, d;

	if (m->mla) {
		if (kv == KV_FP8_DS_MLA)
			return (int64_t)bs * 656;
		d = kv_dtype_bytes(kv, model_bytes);
		if (d == 0)
			return (int64_t)bs * nvfp4_elems(m->kv_lora_rank +
			    m->qk_rope_head_dim);
		return (int64_t)bs * (m->kv_lora_rank + m->qk_rope_head_dim) * d;
	}
	kvh = m->kv_heads / (tp > 0 ? tp : 1);
	if (kvh < 1)
		kvh = 1;
	hs = m->head_dim;
	hsv = m->v_head_dim > 0 ? m->v_head_dim : hs;
	d = kv_dtype_bytes(kv, model_bytes);
	if (d == 0)
		return (int64_t)bs * kvh * (nvfp4_elems(hs) + nvfp4_elems(hsv));
	if (kv == KV_FP8_PER_TOKEN_HEAD || kv == KV_INT8_PER_TOKEN_HEAD)
		return (int64_t)bs * kvh * (hs + hsv) * d + 2 * (int64_t)bs * kvh * 4;
	return (int64_t)bs * kvh * (hs + hsv) * d;
}

void
kv_layout_init(struct kv_layout *l, int64_t page, int bs, int n_full,
    int n_swa, int window, int mnbt)
{
	int lo, hi, gs;

	l->page = page;
	l->block_size = bs;
	l->layers = n_full + n_swa;
	l->sliding_window = window;
	l->max_num_batched_tokens = mnbt;
	l->padding_layers = 0;
	if (n_swa == 0 || n_full == 0) {
		/* one spec: a single group holding every layer */
		l->group_size = l->layers;
		l->n_full_groups = n_swa == 0 ? 1 : 0;
		l->n_swa_groups = n_swa == 0 ? 0 : 1;
		return;
	}
	lo = n_full < n_swa ? n_full : n_swa;
	hi = n_full < n_swa ? n_swa : n_full;
	gs = lo;
	if (2 * hi < 3 * lo)	/* max < 1.5 x min: use max */
		gs = hi;
	l->group_size = gs;
	l->n_full_groups = (n_full + gs - 1) / gs;
	l->n_swa_groups = (n_swa + gs - 1) / gs;
	l->padding_layers = (l->n_full_groups + l->n_swa_groups) * gs - l->layers;
}

int64_t
kv_blocks_per_request(const struct kv_layout *l, int64_t len)
{
	int64_t full = cdiv(len, l->block_size), swa = 0;

	if (l->n_swa_groups > 0) {
		int64_t span = (int64_t)l->sliding_window - 1 + l->max_num_batched_tokens;

		if (span > len)
			span = len;
		swa = cdiv(span, l->block_size) + 1;
	}
	return l->n_full_groups * full + l->n_swa_groups * swa;
}

int64_t
kv_needed_bytes(const struct kv_layout *l, int64_t len)
{
	return (int64_t)l->group_size * l->page * kv_blocks_per_request(l, len);
}

int64_t
kv_num_blocks(const struct kv_layout *l, int64_t available)
{
	if (available <= 0 || l->page <= 0 || l->group_size <= 0)
		return 0;
	return available / l->page / l->group_size;
}

int64_t
kv_estimate_max_len(const struct kv_layout *l, int64_t available,
    int64_t upper)
{
	int64_t lo = 1, hi = upper, best = 0;

	if (available <= 0 || upper < 1)
		return 0;
	while (lo <= hi) {
		int64_t mid = lo + (hi - lo) / 2;

		if (kv_needed_bytes(l, mid) <= available) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return best;
}
