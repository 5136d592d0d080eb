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

/* An FP8 linear of out x in with one scale per 128 x 128 block. */
static int64_t
fp8_linear(int64_t out, int64_t in, int scale_bytes)
{
	return out * in +
	    ((out + 127) / 128) * ((in + 127) / 128) * scale_bytes;
}

/* One decoder layer's tensors in the checkpoint. */
static int64_t
layer_bytes(const struct weights_dsv4_config *c, int ratio, int hash,
    int fp4_experts)
{
	int64_t h = c->hidden, hd = c->head_dim, ql = c->q_lora;
	int64_t mi = c->moe_intermediate, e = c->experts;
	int64_t mix = (int64_t)(2 + c->hc_mult) * c->hc_mult;
	int sb = fp4_experts ? 1 : 4;
	int64_t n = fp8_linear(ql, h, sb) + fp8_linear(hd, h, sb) +
	    fp8_linear((int64_t)c->heads * hd, ql, sb) +
	    fp8_linear((int64_t)c->o_groups * c->o_lora,
		(int64_t)c->heads * hd / c->o_groups, sb) +
	    fp8_linear(h, (int64_t)c->o_groups * c->o_lora, sb) +
	    (ql + hd) * 2 + (int64_t)c->heads * 4;

	if (ratio == 4 || ratio == 128) {
		int64_t coff = ratio == 4 ? 2 : 1;

		n += ratio * coff * hd * 4 + h * 2 * coff * hd * 2 + hd * 2;
	}
	if (ratio == 4) {
		int64_t ihd = c->index_head_dim, ih = c->index_heads;

		n += fp8_linear(ih * ihd, ql, sb) + h * ih * 2 + 2 * ihd * 2 +
		    4 * 2 * ihd * 4 + h * 2 * 2 * ihd * 2 + ihd * 2;
	}
	/* router (bf16), its norm; tid2eid or the correction bias */
	n += e * h * 2 + h * 2 +
	    (hash ? (int64_t)c->vocab * c->experts_per_tok * 8 : e * 4);
	n += c->shared_experts *
	    (fp8_linear(2 * mi, h, sb) + fp8_linear(h, mi, sb));
	n += fp4_experts
	    ? e * 3 * h * mi * 17 / 32
	    : e * (fp8_linear(2 * mi, h, 4) + fp8_linear(h, mi, 4));
	/* attn_norm; hc_attn / hc_ffn fn, base, scale in fp32 */
	n += h * 2 + 2 * (mix * c->hc_mult * h * 4 + mix * 4 + 3 * 4);
	return n;
}

int64_t
weights_dsv4_checkpoint_bytes(const struct weights_dsv4_config *c,
    int fp4_experts, int with_mtp)
{
	int64_t h = c->hidden;
	int64_t hc_head =
	    (int64_t)c->hc_mult * c->hc_mult * h * 4 + c->hc_mult * 4 + 4;
	int64_t n = 2 * (int64_t)c->vocab * h * 2 + h * 2 + hc_head;
	int sb = fp4_experts ? 1 : 4;

	for (int i = 0; i < c->layers; i++)
		n += layer_bytes(c, c->compress_ratios[i], i < c->hash_layers,
		    fp4_experts);
	if (with_mtp)
		n += layer_bytes(c, 1, 0, fp4_experts) +
		    2 * fp8_linear(h, h, sb) + 3 * h * 2 + hc_head;
	return n;
}

/* One decoder layer on one rank, in memory. */
static int64_t
rank_layer_bytes(const struct weights_dsv4_config *c,
    const struct weights_dsv4_rank *r, int ratio, int hash)
{
	int64_t h = c->hidden, hd = c->head_dim, ql = c->q_lora, tp = r->tp;
	int64_t mi = c->moe_intermediate, e = c->experts;
	int64_t mix = (int64_t)(2 + c->hc_mult) * c->hc_mult;
	int64_t heads = c->heads / tp;
	int64_t n = fp8_linear(ql + hd, h, 4) +
	    fp8_linear(c->heads * hd / tp, ql, 4) +
	    fp8_linear((int64_t)c->o_groups * c->o_lora / tp,
		(int64_t)c->heads * hd / c->o_groups, 4) +
	    fp8_linear(h, (int64_t)c->o_groups * c->o_lora / tp, 4) +
	    (ql + hd + h) * 2 + (heads > 64 ? heads : 64) * 4;

	if (ratio == 4 || ratio == 128) {
		int64_t coff = ratio == 4 ? 2 : 1;

		n += ratio * coff * hd * 4 + h * 2 * coff * hd * 2 + hd * 2;
	}
	if (ratio == 4) {
		int64_t ihd = c->index_head_dim, ih = c->index_heads;

		n += fp8_linear(ih * ihd, ql, 4) + h * ih * 2 + 2 * ihd * 2 +
		    4 * 2 * ihd * 4 + h * 2 * 2 * ihd * 2 + ihd * 2;
	}
	n += e * h * 2 + h * 2 +
	    (hash ? (int64_t)c->vocab * c->experts_per_tok * 4 : e * 4);
	n += c->shared_experts *
	    (fp8_linear(2 * mi / tp, h, 4) + fp8_linear(h, mi / tp, 4));
	if (r->ep_size > 0) {
		int64_t local = e / r->ep_size;

		n += r->fp4_experts
		    ? local * 3 * h * mi * 17 / 32
		    : local * (fp8_linear(2 * mi, h, 4) + fp8_linear(h, mi, 4));
	} else {
		n += r->fp4_experts ? e * 3 * h * (mi / tp) * 17 / 32
				    : e *
			(fp8_linear(2 * mi / tp, h, 4) +
			    fp8_linear(h, mi / tp, 4));
	}
	n += 2 * (mix * c->hc_mult * h * 4 + mix * 4 + 3 * 4);
	return n;
}

int64_t
weights_dsv4_rank_bytes(const struct weights_dsv4_config *c,
    const struct weights_dsv4_rank *r)
{
	int64_t h = c->hidden, n = 0;
	int compressed = 0, plain = 0;

	for (int i = 0; i < c->layers; i++) {
		int ratio = c->compress_ratios[i];

		n += rank_layer_bytes(c, r, ratio, i < c->hash_layers);
		if (ratio > 1)
			compressed = 1;
		else
			plain = 1;
	}
	/* embedding and lm_head by vocabulary (129,280 divides by 64 x 8) */
	n += 2 * ((int64_t)c->vocab / r->tp) * h * 2 + h * 2 +
	    (int64_t)c->hc_mult * c->hc_mult * h * 4 + c->hc_mult * 4 + 4;
	n +=
	    (int64_t)(compressed + plain) * c->rope_positions * c->rope_dim * 4;
	n += (int64_t)r->mnbt * c->index_topk * 4 +
	    (int64_t)r->mnbt * c->hc_mult * h * 2;
	return n;
}
