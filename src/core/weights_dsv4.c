/*
 * weights_dsv4.c - DeepSeek-V4's parameter count (see weights_dsv4.h for the
 * modules and their sources).
 *
 * Invariant: 64-bit products throughout; the Pro model has 1.57e12.
 */
#include "weights_dsv4.h"

#include <string.h>

/* One decoder layer's attention, compressor and indexer. */
static int64_t
attention_params(const struct weights_dsv4_config *c, int ratio)
{
	int64_t h = c->hidden, hd = c->head_dim, ql = c->q_lora;
	int64_t n = h * (ql + hd) + ql + ql * c->heads * hd + hd +
	    (int64_t)c->heads * hd * c->o_lora +
	    (int64_t)c->o_groups * c->o_lora * h + c->heads;

	if (ratio == 4 || ratio == 128) {
		int64_t coff = ratio == 4 ? 2 : 1;

		n += ratio * coff * hd + h * 2 * coff * hd + hd;
	}
	if (ratio == 4) {
		int64_t ihd = c->index_head_dim;

		n += ql * c->index_heads * ihd + h * c->index_heads +
		    2 * ihd + /* k_norm, a LayerNorm with bias */
		    4 * 2 * ihd + h * 2 * 2 * ihd + ihd; /* its compressor */
	}
	return n;
}

void
weights_dsv4_count(const struct weights_dsv4_config *c,
    struct weights_dsv4_count *out)
{
	int64_t h = c->hidden, mix = (int64_t)(2 + c->hc_mult) * c->hc_mult;
	int64_t expert = 3 * h * c->moe_intermediate;

	memset(out, 0, sizeof *out);
	for (int i = 0; i < c->layers; i++) {
		int64_t dense = attention_params(c, c->compress_ratios[i]);

		/* router and its norm; the correction bias but in hash layers */
		dense += (int64_t)c->experts * h + h +
		    (i < c->hash_layers ? 0 : c->experts);
		dense += c->shared_experts * expert;
		/* attn_norm; hc_attn and hc_ffn: fn, base, scale */
		dense += h + 2 * (mix * c->hc_mult * h + mix + 3);
		out->total += dense + c->experts * expert;
		out->active += dense + c->experts_per_tok * expert;
		out->routed_experts += c->experts * expert;
	}
	out->embeddings = 2 * (int64_t)c->vocab * h;
	/* embedding, lm_head, norm, hc_head (fn, base, scale) */
	out->total += out->embeddings + h +
	    (int64_t)c->hc_mult * c->hc_mult * h + c->hc_mult + 1;
	out->active += out->embeddings + h +
	    (int64_t)c->hc_mult * c->hc_mult * h + c->hc_mult + 1;
}
