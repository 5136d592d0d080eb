/*
 * weights.c - per-rank weight bytes.  Invariant: weights_rank() summed
 * over the stages of TP 1 equals the whole model's loaded size.
 */
#include "weights.h"

static int64_t
round_up(int64_t v, int64_t m)
{
	return (v + m - 1) / m * m;
}

int
weights_stage_layers(int layers, int pp, int stage, int *first)
{
	int base, rem, i, start = 0, n = 0;

	if (pp <= 1) {
		if (first)
			*first = 0;
		return layers;
	}
	/* get_pp_indices: floor division, the remainder goes to the
	 * partitions before the last, from the second-to-last backwards. */
	base = layers / pp;
	rem = layers % pp;
	for (i = 0; i <= stage; i++) {
		int extra = 0;

		if (rem > 0 && i < pp - 1 && i >= pp - 1 - rem)
			extra = 1;
		n = base + extra;
		if (i < stage)
			start += n;
	}
	if (first)
		*first = start;
	return n;
}

int
weights_is_moe_layer(const struct model *m, int layer)
{
	int step = m->moe_layer_step > 0 ? m->moe_layer_step : 1;

	if (m->n_experts <= 0)
		return 0;
	if (layer < m->first_dense_layers)
		return 0;
	return (layer + 1) % step == 0;
}

/* Parameters of one layer's linears, split by TP, and its replicated parts. */
static void
layer_params(const struct model *m, int layer, int tp, double *lin,
    double *lin_unq, double *repl)
{
	double h = m->hidden, hd = m->head_dim, heads = m->heads;
	double kvh = m->kv_heads, kvh_rank;
	double attn, mlp = 0, unq = 0;

	kvh_rank = kvh / tp < 1 ? 1 : kvh / tp;
	if (m->mla) {
		double qk = m->qk_nope_head_dim + m->qk_rope_head_dim;
		double vh = m->v_head_dim > 0 ? m->v_head_dim : m->qk_nope_head_dim;

		attn = 0;
		if (m->q_lora_rank > 0) {
			*repl += h * m->q_lora_rank * 2 + m->q_lora_rank * 2;
			attn += m->q_lora_rank * heads * qk / tp;
		} else {
			attn += h * heads * qk / tp;
		}
		/* kv_a_proj_with_mqa is a replicated linear */
		attn += h * (m->kv_lora_rank + m->qk_rope_head_dim);
		attn += m->kv_lora_rank * heads * (m->qk_nope_head_dim + vh) / tp;
		attn += heads * vh * h / tp;
		*repl += m->kv_lora_rank * 2;
	} else {
		attn = h * heads * hd / tp + 2 * h * kvh_rank * hd +
		    heads * hd * h / tp;
		if (m->qkv_bias)
			*repl += ((heads / tp) + 2 * kvh_rank) * hd * 2;
	}
	if (weights_is_moe_layer(m, layer)) {
		double experts = 3.0 * h * m->moe_intermediate * m->n_experts / tp;
		double shared = 3.0 * h * m->shared_intermediate *
		    (m->n_shared_experts > 0 ? m->n_shared_experts : 1) / tp;

		mlp = experts;
		if (m->shared_intermediate > 0)
			unq += 0, mlp += shared;
		*repl += h * m->n_experts * 2;	/* router gate, 16 bit */
		if (m->native_format == FMT_MXFP4) {
			/* gpt-oss: only the experts are MXFP4 */
			*lin += experts;
			*lin_unq += attn + (mlp - experts);
			*repl += 2.0 * h * 2;
			return;
		}
	} else {
		int inter = m->n_experts > 0 && m->dense_intermediate > 0 ?
		    m->dense_intermediate : m->intermediate;

		mlp = 3.0 * h * inter / tp;
	}
	*lin += attn + mlp;
	*lin_unq += unq;
	*repl += 2.0 * h * 2;	/* two RMSNorms */
}

/* Bytes of one quantizable linear parameter in the checkpoint's format. */
static double
linear_bpp(const struct model *m, enum ckpt_format fmt, int dtype_bytes)
{
	if (fmt == FMT_BF16 || fmt == FMT_FP16 || fmt == FMT_FP32)
		return dtype_bytes;
	if (fmt == FMT_MXFP4 && m->native_format != FMT_MXFP4)
		return ckpt_format_bytes_per_param(fmt, m->hidden, m->hidden);
	return ckpt_format_bytes_per_param(fmt, m->hidden,
	    m->intermediate > 0 ? m->intermediate : m->hidden);
}

double
weights_mtp_bytes(const struct model *m, enum ckpt_format fmt, int dtype_bytes,
    int tp)
{
	double lin = 0, lin_unq = 0, repl = 0, h = m->hidden, vocab_rows;
	int i;

	if (m->mtp_layers <= 0)
		return 0;
	if (tp < 1)
		tp = 1;
	for (i = 0; i < m->mtp_layers; i++)
		layer_params(m, m->layers + i, tp, &lin, &lin_unq, &repl);
	vocab_rows = (double)round_up(m->vocab, 64) / tp;
	return lin * linear_bpp(m, fmt, dtype_bytes) + lin_unq * dtype_bytes +
	    repl / 2.0 * dtype_bytes + m->mtp_layers * (3.0 * h + 2.0 * h * h +
	    2.0 * vocab_rows * h) * dtype_bytes;
}

void
weights_rank(const struct model *m, enum ckpt_format fmt, int dtype_bytes,
    int tp, int pp, int stage, struct weights_breakdown *w)
{
	double lin = 0, lin_unq = 0, repl = 0, bpp;
	double vocab_rows;
	int first, n, i;
	enum ckpt_format lin_fmt = fmt;

	if (tp < 1)
		tp = 1;
	if (pp < 1)
		pp = 1;
	n = weights_stage_layers(m->layers, pp, stage, &first);
	for (i = first; i < first + n; i++)
		layer_params(m, i, tp, &lin, &lin_unq, &repl);

	bpp = linear_bpp(m, lin_fmt, dtype_bytes);

	w->linear = lin * bpp + lin_unq * dtype_bytes;
	w->other = repl / 2.0 * dtype_bytes;
	vocab_rows = (double)round_up(m->vocab, 64) / tp;
	w->embed = stage == 0 ? vocab_rows * m->hidden * dtype_bytes : 0;
	w->lm_head = 0;
	if (stage == pp - 1) {
		if (!m->tie_embeddings || pp > 1)
			w->lm_head = vocab_rows * m->hidden * dtype_bytes;
		w->other += (double)m->hidden * dtype_bytes;	/* final norm */
	}
	/* RoPE cos/sin cache, one per rank, in the model dtype */
	if (m->rotary_dim > 0 && m->rope_cache_len > 0)
		w->other += (double)m->rope_cache_len * m->rotary_dim * dtype_bytes;
	if (stage == 0 && m->vision_params > 0)
		w->other += m->vision_params / tp * dtype_bytes;
	w->total = w->linear + w->embed + w->lm_head + w->other;
}

static int64_t
up(int64_t v, int64_t m)
{
	return (v + m - 1) / m * m;
}

/* uint8 values (two per byte) + one e8m0 scale per 32 + bf16 biases */
static int64_t
mxfp4_expert_bytes(int64_t h_w13, int64_t h_w2, int64_t i_w13, int64_t i_w2)
{
	return 2 * i_w13 * (h_w13 / 2 + h_w13 / 32) + 2 * i_w13 * 2 +
	    h_w2 * (i_w2 / 2 + i_w2 / 32) + h_w2 * 2;
}

int64_t
weights_mxfp4_padding(const struct model *m, enum mxfp4_backend b, int tp,
    int first, int n)
{
	int64_t h = m->hidden, i = m->moe_intermediate / (tp > 0 ? tp : 1);
	int64_t hp = h, ip = i, k13, k2, per, layers = 0;
	int l;

	if (m->native_format != FMT_MXFP4 || m->n_experts <= 0)
		return 0;
	switch (b) {
	case MXFP4_MARLIN: ip = up(i, 128); hp = up(h, 256); break;
	case MXFP4_TRITON: ip = up(i, 64); break;
	case MXFP4_TRITON_HOPPER: ip = up(i, 64); break;
	case MXFP4_FLASHINFER: ip = up(i, 256); hp = up(h, 256); break;
	}
	/* the Hopper layout pads what each GEMM contracts over: H for w13,
	 * I for w2 (inferred, see doc/estimates.md) */
	k13 = b == MXFP4_TRITON_HOPPER ? up(hp, 256) : hp;
	k2 = b == MXFP4_TRITON_HOPPER ? up(ip, 256) : ip;
	per = mxfp4_expert_bytes(k13, hp, ip, k2) - mxfp4_expert_bytes(h, h, i, i);
	for (l = first; l < first + n && l < m->layers; l++)
		layers += weights_is_moe_layer(m, l);
	return per * m->n_experts * layers;
}

double
weights_param_count(const struct model *m)
{
	struct weights_breakdown w;

	/* at one byte per "parameter" in a 1-byte dtype, bytes = params */
	weights_rank(m, FMT_BF16, 1, 1, 1, 0, &w);
	return (w.total - (m->rotary_dim > 0 ? (double)m->rope_cache_len *
	    m->rotary_dim : 0)) / 1e9;
}
