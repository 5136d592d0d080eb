/*
 * profile_dsv4.c - DeepSeek-V4's forward peak in vLLM's profile run (see
 * profile_dsv4.h).  Per token of the dummy batch, in bf16 unless said:
 *
 * attention (DeepseekV4MultiHeadLatentAttentionWrapper.forward and
 * attention_impl): the hyper-connection residual stream (hc_mult x hidden),
 * the layer's normed input, the output buffer padded to FlashMLA's 64 or
 * 128 heads, fused_wqa_wkv's q_lora + head_dim and its normed copy, q
 * (heads x head_dim); a compressed layer adds its compressor's kv and gate
 * scores (2 x coff x head_dim float32, coff 2 with the overlap of ratio 4),
 * a c4a layer its indexer's (the indexer compressor's scores at
 * index_head_dim, wq_b's index_heads x index_head_dim, their fp8 copy with
 * a float32 scale per head, the head weights) and, once, the logits buffer
 * SparseAttnIndexer allocates in the dummy run;
 *
 * MoE (DeepseekV4MoE): the residual stream, the layer's input, the normed
 * input and the output, float32 router logits, the fused-MoE workspace (the
 * estimate of every MoE model, per token x top-k x moe_intermediate) and the
 * shared experts' gate_up and activation;
 *
 * workspace (current_workspace_manager(), one buffer grown to the largest
 * reservation): the prefill gather of kv_dsv4_gather_workspace(), or the
 * indexer's key gather, get_max_prefill_buffer_size() // 4 = 40 x
 * max_model_len / 4 entries of 128 fp8 bytes and a float32 scale (64 + 4
 * with the MXFP4 indexer cache), whichever is larger.
 */
#include "profile_dsv4.h"

static int64_t
padded_heads(int heads)
{
	if (heads <= 64)
		return 64;
	return heads <= 128 ? 128 : heads;
}

void
profile_dsv4_forward(const struct profile_dsv4_in *in,
    struct profile_dsv4_out *out)
{
	const int64_t t = in->tokens;
	const int64_t h = in->hidden, hd = in->head_dim;
	const int64_t ih = in->index_heads, ihd = in->index_head_dim;
	int64_t attn, c4 = 0, c128 = 0, moe, entries;

	attn = (int64_t)in->hc_mult * h * 2 + h * 2 +
	    padded_heads(in->heads_rank) * hd * 2 +
	    2 * ((int64_t)in->q_lora + hd) * 2 +
	    (int64_t)in->heads_rank * hd * 2;
	if (in->has_c4)
		c4 = 2 * 2 * hd * 4 + 2 * 2 * ihd * 4 + ih * ihd * 2 +
		    ih * ihd + ih * 4 + ih * 2;
	if (in->has_c128)
		c128 = 2 * hd * 4;
	attn = t * (attn + (c4 > c128 ? c4 : c128));
	if (in->has_c4)
		attn += PROFILE_DSV4_INDEXER_LOGITS_BYTES;

	moe = (int64_t)in->hc_mult * h * 2 + 3 * h * 2 +
	    (int64_t)in->experts * 4 + 3 * (int64_t)in->shared_inter_rank * 2;
	moe = t * moe +
	    (int64_t)(in->moe_bytes_per_token_expert_inter * (double)t *
		in->experts_per_tok * in->moe_intermediate /
		(in->moe_split > 0 ? in->moe_split : 1));

	entries = in->has_c4 ? in->max_model_len * 40 / 4 : 0;
	out->indexer_workspace = entries * (in->fp4_indexer ? 64 + 4 : 128 + 4);
	out->workspace = in->gather_workspace > out->indexer_workspace
	    ? in->gather_workspace
	    : out->indexer_workspace;
	out->attention = attn;
	out->moe = moe;
	out->forward = (attn > moe ? attn : moe) + out->workspace;
}
