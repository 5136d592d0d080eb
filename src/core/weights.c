/*
 * weights.c - per-rank weight bytes.  Invariant: weights_rank() summed
 * over the stages of TP 1 equals the whole model's loaded size.
 */
#include "weights.h"

#include <stdbool.h>

#include "experts.h"

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

/* Parts of a layer, each quantized or not by the checkpoint. */
enum part {
	P_ATTN,
	P_MIXER,
	P_DENSE,
	P_EXPERT,
	P_SHARED,
	P_UNQ,
	P_F32,
	P_COUNT
};

static int
is_state(int mixer)
{
	return mixer == MIXER_MAMBA1 || mixer == MIXER_MAMBA2 ||
	    mixer == MIXER_GDN || mixer == MIXER_SHORT_CONV ||
	    mixer == MIXER_KDA || mixer == MIXER_LIGHTNING ||
	    mixer == MIXER_PLAMO2;
}

/* Attention of a described layer: q (and its output gate), k, v per rank; o
 * row-parallel.  A k_eq_v layer (Gemma 4's full attention) has no v_proj in
 * its files, but gemma4.py builds the same QKVParallelLinear for it and
 * loads K's weights into both the K and the V slot, so V is allocated. */
static void
attention_params(const struct model *m, const struct layer_desc *d, int tp,
    double *pt, double *repl)
{
	double h = m->hidden, t = tp;
	double heads = d->heads > 0 ? d->heads : m->heads;
	double kvh = d->kv_heads > 0 ? d->kv_heads : m->kv_heads;
	double hd = d->head_dim > 0 ? d->head_dim : m->head_dim;
	double vd = d->v_head_dim > 0 ? d->v_head_dim
	    : m->v_head_dim > 0       ? m->v_head_dim
				      : hd;
	double kvr = kvh / t < 1 ? 1 : kvh / t;

	pt[P_ATTN] += h * heads * hd * (m->attn_output_gate ? 2 : 1) / t +
	    h * kvr * hd + h * kvr * vd + heads * vd * h / t;
	if (m->attn_head_gate) /* Step-3.5 g_proj: hidden -> heads */
		pt[P_ATTN] += h * heads / t;
	if (m->qkv_bias)
		*repl += (heads / t + 2 * kvr) * hd * 2;
}

/* Mamba2: in_proj [z, x, B, C, dt], out_proj; conv1d, dt_bias, A, D, norm. */
static void
mamba2_params(const struct model *m, int tp, double *pt)
{
	const struct state_arch *s = &m->st;
	double h = m->hidden, t = tp;
	double ng = s->n_groups + (s->n_groups % tp ? tp - s->n_groups : 0);
	double conv = s->mamba_intermediate + 2 * ng * s->d_state;

	pt[P_MIXER] += h * (s->mamba_intermediate + conv + s->mamba_heads) / t +
	    s->mamba_intermediate * h / t;
	pt[P_UNQ] += conv * (s->d_conv + 1) / t + 3.0 * s->mamba_heads / t +
	    s->mamba_intermediate / t;
}

/* MambaMixer (layers/mamba/mamba_mixer.py): in_proj h -> 2I, x_proj I -> R +
 * 2N (row-parallel), dt_proj R -> I, out_proj I -> h; conv1d I x K,
 * dt_proj's bias and D in the model dtype, A (I x N) in float32. */
static void
mamba1_params(const struct model *m, int tp, double *pt)
{
	const struct state_arch *s = &m->st;
	double h = m->hidden, t = tp;
	double in = s->mamba_intermediate, r = s->dt_rank;

	pt[P_MIXER] +=
	    (h * 2 * in + in * (r + 2.0 * s->d_state) + r * in + in * h) / t;
	pt[P_UNQ] += in * (s->d_conv + (s->conv_bias ? 1 : 0) + 2) / t;
	pt[P_F32] += in * s->d_state / t;
	if (s->mamba_bias)
		pt[P_UNQ] += 2 * in / t + h;
}

/* Gated DeltaNet: in_proj_qkvz, in_proj_ba, out_proj; conv1d, A_log,
 * dt_bias, norm. */
static void
gdn_params(const struct model *m, int tp, double *pt, double *repl)
{
	const struct state_arch *s = &m->st;
	double h = m->hidden, t = tp;
	double kd = (double)s->lin_k_heads * s->lin_k_dim;
	double vd = (double)s->lin_v_heads * s->lin_v_dim;

	pt[P_MIXER] += h * (2 * kd + 2 * vd) / t + vd * h / t;
	/* in_proj_ba, in the model dtype when the checkpoint keeps it so */
	pt[m->quant_skip & MODEL_SKIP_GDN_BA ? P_UNQ : P_MIXER] +=
	    h * 2.0 * s->lin_v_heads / t;
	pt[P_UNQ] += (2 * kd + vd) * s->lin_conv / t + 2.0 * s->lin_v_heads / t;
	*repl += s->lin_v_dim * 2.0;
}

/* KimiDeltaAttention (layers/kda.py): q, k, v, b, f_b, g_b and o
 * projections split by TP, f_a and g_a replicated; the three conv1d, dt_bias
 * and A_log in float32; o_norm over head_dim. */
static void
kda_params(const struct model *m, int tp, double *pt, double *repl)
{
	const struct state_arch *s = &m->st;
	double h = m->hidden, t = tp;
	double hd = (double)s->lin_v_heads * s->lin_v_dim, dk = s->lin_v_dim;

	pt[P_MIXER] +=
	    (3 * h * hd + h * s->lin_v_heads + 2 * dk * hd + hd * h) / t +
	    2 * h * dk;
	pt[P_F32] += (hd * (3.0 * s->lin_conv + 1) + s->lin_v_heads) / t;
	*repl += dk * 2;
}

/* Plamo2MambaMixer (mamba2/plamo2_mixer2.py): in_proj h -> 2I, bcdt_proj I
 * -> R + 2N, dt_proj R -> heads, out_proj; conv1d without bias, D and
 * dt_bias per head, A in float32; dt, B and C norms replicated. */
static void
plamo2_params(const struct model *m, int tp, double *pt, double *repl)
{
	const struct state_arch *s = &m->st;
	double h = m->hidden, t = tp;
	double in = s->mamba_intermediate, r = h / 16 > 64 ? h / 16 : 64;
	double n = s->d_state, hh = s->mamba_heads;

	pt[P_MIXER] += (h * 2 * in + in * (r + 2 * n) + r * hh + in * h) / t;
	pt[P_UNQ] += (in * s->d_conv + 2 * hh) / t;
	pt[P_F32] += hh / t;
	*repl += (r + 2 * n) * 2;
}

/* MiniMaxText01LinearAttention: qkv_proj h -> 3 x inner, output_gate,
 * out_proj; its RMSNorm split by TP. */
static void
lightning_params(const struct model *m, int tp, double *pt)
{
	double h = m->hidden, t = tp;
	double in = (double)m->heads * m->head_dim;

	pt[P_MIXER] += (3 * h * in + h * in + in * h) / t;
	pt[P_UNQ] += in / t;
}

/* Token mixer of a described layer (m->ld). */
static void
mixer_params(const struct model *m, const struct layer_desc *d, int tp,
    double *pt, double *repl)
{
	const struct state_arch *s = &m->st;
	double h = m->hidden, t = tp;

	switch (d->mixer) {
	case MIXER_ATTENTION:
	case MIXER_SHARED: attention_params(m, d, tp, pt, repl); break;
	case MIXER_MAMBA2: mamba2_params(m, tp, pt); break;
	case MIXER_MAMBA1: mamba1_params(m, tp, pt); break;
	case MIXER_GDN: gdn_params(m, tp, pt, repl); break;
	case MIXER_KDA: kda_params(m, tp, pt, repl); break;
	case MIXER_PLAMO2: plamo2_params(m, tp, pt, repl); break;
	case MIXER_LIGHTNING: lightning_params(m, tp, pt); break;
	case MIXER_SHORT_CONV:
		pt[P_MIXER] += h * 3 * h / t + h * h / t;
		pt[P_UNQ] += h * s->conv_l_cache / t;
		break;
	case MIXER_NONE:
		if (d->linear_mixer)
			pt[P_ATTN] += h * h;
		break;
	}
}

/* Multi-head latent attention of layer li, with DeepSeek V3.2's indexer
 * where the layer has its own. */
static void
mla_params(const struct model *m, int li, int tp, double *pt, double *repl)
{
	double h = m->hidden, heads = m->heads;
	double qk = m->qk_nope_head_dim + m->qk_rope_head_dim;
	double vh = m->v_head_dim > 0 ? m->v_head_dim : m->qk_nope_head_dim;

	if (m->q_lora_rank > 0) {
		*repl += h * m->q_lora_rank * 2 + m->q_lora_rank * 2;
		pt[P_ATTN] += m->q_lora_rank * heads * qk / tp;
	} else {
		pt[P_ATTN] += h * heads * qk / tp;
	}
	/* kv_a_proj_with_mqa is a replicated linear */
	pt[P_ATTN] += h * (m->kv_lora_rank + m->qk_rope_head_dim);
	pt[P_ATTN] += m->kv_lora_rank * heads * (m->qk_nope_head_dim + vh) / tp;
	pt[P_ATTN] += heads * vh * h / tp;
	*repl += m->kv_lora_rank * 2;
	if (m->index_topk > 0 && !(m->ld != NULL && m->ld[li].index_shared)) {
		/* the indexer's wq_b and wk (replicated), weights_proj, k_norm */
		pt[P_ATTN] += (m->q_lora_rank > 0 ? m->q_lora_rank : h) *
			(double)m->index_n_heads * m->index_head_dim +
		    h * m->index_head_dim;
		*repl += (h * m->index_n_heads + 2.0 * m->index_head_dim) * 2;
	}
}

/* Mixer of described layer li with what sits beside it: a Zamba2 hybrid
 * layer's linear and adapters, or a parallel attention (Falcon-H1). */
static void
described_mixer_params(const struct model *m, int li, int tp, double *pt,
    double *repl)
{
	double h = m->hidden;

	mixer_params(m, &m->ld[li], tp, pt, repl);
	if (m->ld[li].parallel_attn == 2) {
		/* Zamba2 hybrid layer: its linear (replicated) and the
		 * shared block's adapters; the block itself is counted
		 * once (shared_block_params) */
		double r = m->adapter_rank, ah = m->shared_attn_hidden;

		pt[P_ATTN] += h * h;
		pt[P_DENSE] += (h * r + r * 2.0 * m->intermediate) / tp;
		if (m->shared_attn_adapter)
			pt[P_ATTN] += 3 * (ah * r + r * ah) / tp;
	} else if (m->ld[li].parallel_attn) {
		struct layer_desc a = m->ld[li];

		a.mixer = MIXER_ATTENTION;
		mixer_params(m, &a, tp, pt, repl);
	}
}

/* The FFN kind of layer (li its descriptor's index): the descriptor's, but
 * an MLA model's MoE layer pattern wins over it. */
static int
layer_ffn_kind(const struct model *m, int layer, int li)
{
	int ffn = m->ld != NULL              ? m->ld[li].ffn
	    : weights_is_moe_layer(m, layer) ? FFN_MOE
					     : FFN_DENSE;

	if (m->ld != NULL && m->mla &&
	    weights_is_moe_layer(m, layer) != (ffn == FFN_MOE))
		ffn = weights_is_moe_layer(m, layer) ? FFN_MOE : FFN_DENSE;
	return ffn;
}

/* A MoE layer's routed experts (split as es says), latent projections,
 * shared experts, dense branch and router gate. */
static void
moe_params(const struct model *m, int tp, const struct experts_split *es,
    double gu, double *pt, double *repl)
{
	double h = m->hidden;
	double eh = m->moe_latent > 0 ? m->moe_latent : h;

	pt[P_EXPERT] +=
	    gu * eh * m->moe_intermediate * (double)es->experts / es->moe_tp;
	if (m->moe_latent > 0)
		pt[P_SHARED] +=
		    2 * h * m->moe_latent / tp; /* latent projections */
	if (m->shared_intermediate > 0)
		pt[P_SHARED] += gu * h * m->shared_intermediate *
		    (m->n_shared_experts > 0 ? m->n_shared_experts : 1) / tp;
	if (m->moe_with_dense && m->dense_intermediate > 0)
		pt[P_DENSE] += gu * h * m->dense_intermediate / tp;
	if (m->router_fp32) /* MiniMax, Step-3.5: the gate in float32 (and
			     * MiniMax's shared-expert gate) */
		pt[P_F32] += h * m->n_experts +
		    (m->shared_intermediate > 0 && m->lm_head_fp32 ? h : 0);
	else
		*repl += h * m->n_experts * 2; /* router gate, 16 bit */
}

/*
 * Gemma 3n's extras in each layer (gemma3n.py Gemma3nDecoderLayer): LAuReL's
 * two linears (column and row parallel, built without the quantization
 * config), AltUp's coefficients and router (replicated) with its float32
 * output scale, and the norms beyond the two every layer has: three more
 * around attention and MLP, the per-layer input's, LAuReL's, q and k.
 */
static void
gemma3n_layer_params(const struct model *m, int tp, double *pt, double *repl)
{
	double h = m->hidden, n = m->altup_inputs, r = m->laurel_rank;

	if (m->altup_inputs <= 0)
		return;
	pt[P_UNQ] += 2 * h * r / tp;
	*repl += (n * n + n * n * n + h * n + h) * 2;
	pt[P_F32] += h;
	*repl += (4 * h + 2.0 * m->head_dim) * 2;
}

/* Parameters of one layer, per part and split by TP (the routed experts as
 * es says), and its replicated parts. */
static void
layer_params(const struct model *m, int layer, int tp,
    const struct experts_split *es, double *pt, double *repl)
{
	double h = m->hidden, hd = m->head_dim, heads = m->heads;
	double kvh = m->kv_heads, kvh_rank, gu = m->ffn_ungated ? 2.0 : 3.0;
	int ffn, li = layer < m->layers ? layer : m->layers - 1;

	kvh_rank = kvh / tp < 1 ? 1 : kvh / tp;
	if ((m->mla || m->mla_mha) &&
	    (m->ld == NULL || m->ld[li].mixer == MIXER_ATTENTION)) {
		mla_params(m, li, tp, pt, repl);
	} else if (m->ld != NULL) {
		described_mixer_params(m, li, tp, pt, repl);
	} else {
		pt[P_ATTN] += h * heads * hd / tp + 2 * h * kvh_rank * hd +
		    heads * hd * h / tp;
		if (m->qkv_bias)
			*repl += ((heads / tp) + 2 * kvh_rank) * hd * 2;
		if (m->bias_mask & MODEL_BIAS_O)
			*repl += h * 2;
	}
	ffn = layer_ffn_kind(m, layer, li);
	if (ffn == FFN_MOE) {
		moe_params(m, tp, es, gu, pt, repl);
	} else if (ffn == FFN_DENSE) {
		int inter = m->ld != NULL && m->ld[li].ffn_intermediate > 0
		    ? m->ld[li].ffn_intermediate
		    : m->n_experts > 0 && m->dense_intermediate > 0
		    ? m->dense_intermediate
		    : m->intermediate;

		pt[P_DENSE] += gu * h * inter / tp;
		if (m->bias_mask & MODEL_BIAS_MLP)
			*repl += ((gu - 1) * inter / tp + h) * 2;
		else if (m->bias_mask & MODEL_BIAS_DOWN)
			*repl += h * 2;
	} else if (m->ld != NULL && m->ld[li].linear_ffn) {
		pt[P_DENSE] += h * h;
	}
	/* two RMSNorms (four under MODEL_NORM_FOUR); a layer that only mixes
	 * (Mamba, Nemotron-H M) has one; none with weights under
	 * MODEL_NORM_NONE */
	*repl += (m->bias_mask & MODEL_NORM_NONE ? 0.0 : 1.0) *
	    (m->ld != NULL && m->ld[li].ffn == FFN_NONE &&
			!m->ld[li].linear_ffn && is_state(m->ld[li].mixer)
		    ? 1.0
		    : m->bias_mask & MODEL_NORM_ONE  ? 1.0
		    : m->bias_mask & MODEL_NORM_FOUR ? 4.0
						     : 2.0) *
	    h * 2 * (m->bias_mask & MODEL_BIAS_NORM ? 2 : 1);
}

/*
 * Zamba2's shared transformer blocks (zamba2.py Zamba2AttentionDecoderLayer):
 * MHA over the concatenated 2h input (attention_hidden_size in and for each
 * of q, k, v),
 * o_proj, a gated MLP and two norms, num_mem_blocks times.
 */
static void
shared_block_params(const struct model *m, int tp, double *pt, double *repl)
{
	double h = m->hidden, ah = m->shared_attn_hidden, t = tp;

	if (m->shared_blocks <= 0)
		return;
	pt[P_ATTN] += m->shared_blocks * (ah * 3 * ah / t + ah * h / t);
	pt[P_DENSE] += m->shared_blocks * 3.0 * h * m->intermediate / t;
	*repl += m->shared_blocks * 3.0 * h * 2;
}

/* Bytes per parameter of a format for this model (int4 groups of any size). */
static double
format_bpp(const struct model *m, enum ckpt_format fmt, int dtype_bytes)
{
	int g = m->quant_group > 0 ? m->quant_group : 128;

	if (fmt == FMT_BF16 || fmt == FMT_FP16 || fmt == FMT_FP32)
		return dtype_bytes;
	if (fmt == FMT_MXFP4 && m->native_format != FMT_MXFP4)
		return ckpt_format_bytes_per_param(fmt, m->hidden, m->hidden);
	if (fmt == FMT_GPTQ && m->quant_group > 0 && !m->quant_g_idx)
		/* compressed-tensors pack-quantized int4: int32-packed values and
		 * a 16-bit scale per group, zero points when asymmetric */
		return 0.5 + 2.0 / g + (m->quant_zero_points ? 0.5 / g : 0);
	if (fmt == FMT_INT8 && m->quant_group > 0)
		/* int8 weights in groups (compressed-tensors WNA16 8-bit,
		 * GPTQ 8-bit): int32-packed values, a 16-bit scale per group,
		 * int32-packed zero points when stored, GPTQ's int32 g_idx per
		 * input row; W8A8's per-channel float32 scale otherwise */
		return 1.0 + 2.0 / g + (m->quant_zero_points ? 1.0 / g : 0) +
		    (m->quant_g_idx ? 4.0 /
				(m->intermediate > 0 ? m->intermediate
						     : m->hidden)
				    : 0);
	if (fmt == FMT_AWQ && m->native_format == FMT_AWQ && m->quant_group > 0)
		/* AWQ Marlin: int32-packed values, a 16-bit scale and a 4-bit
		 * zero point per group of the checkpoint's size */
		return 0.5 + 2.5 / g;
	return ckpt_format_bytes_per_param(fmt, m->hidden,
	    m->intermediate > 0 ? m->intermediate : m->hidden);
}

/* Bytes per parameter of a part, planned in fmt. */
static double
part_bpp(const struct model *m, enum part pt, enum ckpt_format fmt,
    int dtype_bytes)
{
	int as_published = fmt == m->native_format;

	if (pt == P_UNQ)
		return dtype_bytes;
	if (pt ==
	    P_F32) /* float32 whatever the model dtype (1 counts parameters) */
		return dtype_bytes == 1 ? 1 : 4;
	if (m->native_format ==
	    FMT_MXFP4) /* gpt-oss: only the experts are MXFP4 */
		return pt == P_EXPERT ? format_bpp(m, fmt, dtype_bytes)
				      : dtype_bytes;
	if (as_published && (m->quant_skip & (1u << pt)))
		return dtype_bytes;
	if (as_published && m->part_fmt[pt] > 0)
		return format_bpp(m, (enum ckpt_format)(m->part_fmt[pt] - 1),
		    dtype_bytes);
	return format_bpp(m, fmt, dtype_bytes);
}

/* The split of plain tensor parallelism: every expert cut by TP. */
static void
tp_split(const struct model *m, int tp, struct experts_split *es)
{
	experts_split_for(m->n_experts, tp, 1, false, 0, es);
}

void
weights_rank(const struct model *m, enum ckpt_format fmt, int dtype_bytes,
    int tp, int pp, int stage, struct weights_breakdown *w)
{
	struct experts_split es;

	tp_split(m, tp < 1 ? 1 : tp, &es);
	weights_rank_split(m, fmt, dtype_bytes, tp, pp, stage, &es, w);
}

/*
 * An encoder-decoder model (whisper.py, WhisperForConditionalGeneration),
 * which vLLM does not split over pipeline stages.  The audio encoder:
 * conv1 [d, mel, 3] and conv2 [d, d, 3] with biases and the positions
 * [max_source_positions, d] (torch modules, whole on every rank), then per
 * layer qkv_proj (biases of q, of the zero k bias vLLM adds, of v),
 * out_proj, fc1, fc2 (column- and row-parallel) and two LayerNorms.  The
 * decoder: embed_tokens [vocab, d] and the positions [max_target_positions,
 * d] (nn.Embedding: neither padded nor split), proj_out tied to
 * embed_tokens, per layer a self-attention as the encoder's, a
 * cross-attention (q_proj, kv_proj over the encoder states, out_proj),
 * fc1, fc2 and three LayerNorms.  A final LayerNorm closes each.
 * Row-parallel biases are whole on every rank.
 */
static void
encdec_weights(const struct model *m, enum ckpt_format fmt, int dtype_bytes,
    int tp, struct weights_breakdown *w)
{
	double d = m->hidden, t = tp, fe = m->enc_intermediate;
	double fd = m->intermediate, ne = m->enc_layers, nd = m->layers;
	double lin, other;

	lin = ne * (4 * d * d + 2 * d * fe) / t +
	    nd * (8 * d * d + 2 * d * fd) / t;
	other = ne * ((3 * d + fe) / t + 2 * d + 4 * d) +
	    nd * ((6 * d + fd) / t + 3 * d + 6 * d);
	other += d * m->enc_mel_bins * 3 + d + 3 * d * d + d;
	other += ((double)m->enc_positions + (double)m->max_position) * d;
	other += 4 * d;
	w->linear = lin * format_bpp(m, fmt, dtype_bytes);
	w->embed = (double)m->vocab * d * dtype_bytes;
	w->lm_head = 0;
	w->other = other * dtype_bytes;
	w->total = w->linear + w->embed + w->lm_head + w->other;
}

/*
 * RoPE caches of an encoder-only model: NomicBERT's one get_rope() of
 * max_trained_positions rows (bert_with_rope.py, the rotary_kwargs of
 * NomicBertModelConfig in models/config.py), in the model dtype;
 * ModernBERT's one per rope_theta, global and local (modernbert.py:
 * get_rope(..., dtype=torch.float16), cached by its arguments), of
 * max_position_embeddings rows, always float16.
 */
static double
encoder_rope_bytes(const struct model *m, int dtype_bytes)
{
	double rows = (double)m->rope_cache_len, dim = m->rotary_dim;

	if (m->rotary_dim <= 0 || m->rope_cache_len <= 0)
		return 0;
	if (m->encoder_only == MODEL_ENC_MODERNBERT)
		return m->enc_rope_tables * rows * dim * 2;
	return m->enc_rope_tables * rows * dim * dtype_bytes;
}

/* The int64 position_ids buffer BertEmbedding and RobertaEmbedding
 * register (torch.arange(max_position_embeddings)), on the GPU. */
static double
encoder_buffer_bytes(const struct model *m)
{
	return m->encoder_only == MODEL_ENC_BERT ||
		m->encoder_only == MODEL_ENC_ROBERTA
	    ? 8.0 * m->max_position
	    : 0;
}

/*
 * A sequence classifier's head.  The classifier nn.Linear(hidden,
 * num_labels) is built in ModelConfig.head_dtype, float32 for pooling
 * models (bert.py, modernbert.py), as is ModernBertPooler's dense; the
 * BertPooler dense, ModernBERT's pooler norm and RoBERTa's
 * RobertaClassificationHead (dense and out_proj) in the model dtype.  At
 * one byte a parameter (weights_param_count) every term counts once.
 */
static double
encoder_head_bytes(const struct model *m, int dtype_bytes)
{
	double h = m->hidden, lab = m->enc_labels;
	double f32 = dtype_bytes == 1 ? 1 : 4;

	switch (m->encoder_only) {
	case MODEL_ENC_BERT:
		return (h * h + h) * dtype_bytes + (h * lab + lab) * f32;
	case MODEL_ENC_MODERNBERT:
		return (h * h + (m->enc_head_bias ? h : 0)) * f32 +
		    h * (m->enc_norm_bias ? 2 : 1) * dtype_bytes +
		    (h * lab + lab) * f32;
	default: return (h * h + h + h * lab + lab) * dtype_bytes;
	}
}

/*
 * An encoder-only model as vLLM builds it (vllm/model_executor/models/
 * bert.py, roberta.py, bert_with_rope.py, modernbert.py), never split over
 * pipeline stages.  Per layer: QKVParallelLinear (heads = KV heads) and the
 * row-parallel attention output; the MLP's column-parallel in (gated: gate
 * and up) and row-parallel down, except ModernBERT's Wi, an nn.Linear whole
 * on every rank; column-parallel biases split, row-parallel ones whole.
 * Norms: BERT, RoBERTa and NomicBERT two LayerNorms a layer and one after
 * the embeddings; ModernBERT a norm before the attention (none in layer
 * 0) and the MLP, one after the embeddings and a final one.  Embeddings:
 * the words as VocabParallelEmbedding (rows padded to 64, split); BERT's
 * positions and token types the same, RoBERTa's (XLM-RoBERTa's)
 * nn.Embedding tables whole; NomicBERT's token types padded and split and
 * no position table; ModernBERT words only.  Heads: BertForSequence-
 * Classification's BertPooler dense and classifier, RobertaFor-
 * SequenceClassification's dense and out_proj (nn.Linear, whole).
 * GteNewModel (and SnowflakeGteNewModel) drops the bias of every layer's
 * gate_up_proj and keeps the others (enc_up_nobias).
 */
static void
encoder_only_weights(const struct model *m, enum ckpt_format fmt,
    int dtype_bytes, int tp, struct weights_breakdown *w)
{
	double h = m->hidden, in = m->intermediate, t = tp, l = m->layers;
	double gate = m->ffn_ungated ? 1 : 2, norm = m->enc_norm_bias ? 2 : 1;
	double lin, other, embed, pos = (double)m->max_position;
	double tv = m->type_vocab;
	int lab = m->enc_labels;
	bool modern = m->encoder_only == MODEL_ENC_MODERNBERT;

	double upb = m->enc_up_nobias ? 0 : gate * in;

	lin = l * (4 * h * h + (modern ? 0 : gate * h * in) + in * h) / t;
	other = modern ? l * gate * h * in : 0;
	if (m->enc_linear_bias)
		other += l *
		    ((3 * h + (modern ? 0 : upb)) / t + 2 * h +
			(modern ? upb : 0));
	/* ModernBERT: l - 1 attention norms, l MLP norms, embedding, final */
	other += (2 * l + 1) * h * norm;
	embed = (double)round_up(m->vocab, 64) / t * h;
	if (m->encoder_only == MODEL_ENC_BERT)
		embed += ((double)round_up((int64_t)pos, 64) +
			     (double)round_up((int64_t)tv, 64)) /
		    t * h;
	else if (m->encoder_only == MODEL_ENC_ROBERTA)
		embed += (pos + tv) * h;
	else if (m->encoder_only == MODEL_ENC_ROPE && tv > 0)
		embed += (double)round_up((int64_t)tv, 64) / t * h;
	w->linear = lin * format_bpp(m, fmt, dtype_bytes);
	w->embed = embed * dtype_bytes;
	w->lm_head = 0;
	w->other = other * dtype_bytes + encoder_buffer_bytes(m) +
	    encoder_rope_bytes(m, dtype_bytes);
	if (lab > 0)
		w->other += encoder_head_bytes(m, dtype_bytes);
	w->total = w->linear + w->embed + w->lm_head + w->other;
}

/* The linear parameters of the layers on pipeline stage `stage`, by part,
 * into pt, the replicated ones into *repl (as their bytes at 16 bits, as
 * layer_params() counts them) and the EP expert maps' bytes into *maps;
 * returns the number of layers on the stage. */
static int
weights_sum_stage_params(const struct model *m, int tp, int pp, int stage,
    const struct experts_split *es, double *pt, double *repl, double *maps)
{
	int first, n, i;

	n = weights_stage_layers(m->layers, pp, stage, &first);
	for (i = first; i < first + n; i++) {
		layer_params(m, i, tp, es, pt, repl);
		gemma3n_layer_params(m, tp, pt, repl);
		/* FusedMoE registers its int32 expert map under EP */
		if (es->ep && weights_is_moe_layer(m, i))
			*maps += 4.0 * es->global;
	}
	if (stage == 0)
		shared_block_params(m, tp, pt, repl);
	/* Gemma 3n: AltUp's projections into and out of its streams,
	 * column parallel without the quantization config */
	if (stage == 0 && m->altup_inputs > 1)
		pt[P_UNQ] +=
		    2.0 * (m->altup_inputs - 1) * m->hidden * m->hidden / tp;
	if (stage == 0 && m->altup_inputs > 0) /* per_layer_projection_norm */
		*repl += m->ple_hidden * 2.0;
	return n;
}

static double
weights_sum_linear(const struct model *m, enum ckpt_format fmt, int dtype_bytes,
    const double *pt)
{
	double linear = 0;
	int i;

	for (i = 0; i < P_COUNT; i++)
		linear += pt[i] * part_bpp(m, (enum part)i, fmt, dtype_bytes);
	return linear;
}

/* The first stage's embeddings and what sits beside them. */
static void
weights_add_first_stage(const struct model *m, int dtype_bytes, int tp,
    double vocab_rows, struct weights_breakdown *w)
{
	w->embed = vocab_rows * m->hidden * dtype_bytes;
	/* a learned position table is a torch nn.Embedding, whole per rank */
	w->embed += (double)m->abs_positions * m->hidden * dtype_bytes;
	if (m->bias_mask & MODEL_EMBED_NORM)
		w->other += (double)m->hidden * dtype_bytes *
		    (m->bias_mask & MODEL_BIAS_NORM ? 2 : 1);
	if (m->ple_hidden > 0) {
		/* Gemma per-layer inputs: their embedding and projection */
		w->embed += (double)round_up(m->ple_vocab, 64) / tp *
		    m->layers * m->ple_hidden * dtype_bytes;
		w->other += (double)m->hidden * m->layers * m->ple_hidden *
		    dtype_bytes / (m->ple_proj_split ? tp : 1);
	}
}

/* Bytes a parameter of the LM head: fp32 where the class keeps it so, the
 * checkpoint's own head format when loaded as shipped, else the dtype. */
static double
weights_lm_head_bpp(const struct model *m, enum ckpt_format fmt,
    int dtype_bytes)
{
	if (m->lm_head_fp32)
		return dtype_bytes == 1 ? 1 : 4;
	if (fmt == m->native_format && m->lm_head_fmt > 0)
		return format_bpp(m, (enum ckpt_format)(m->lm_head_fmt - 1),
		    dtype_bytes);
	return dtype_bytes;
}

/* The last stage's LM head (none when tied to the embeddings on one
 * stage) and final norm. */
static void
weights_add_last_stage(const struct model *m, enum ckpt_format fmt,
    int dtype_bytes, int pp, double vocab_rows, struct weights_breakdown *w)
{
	if (!m->tie_embeddings || pp > 1)
		w->lm_head = vocab_rows * m->hidden *
		    weights_lm_head_bpp(m, fmt, dtype_bytes);
	if (!(m->bias_mask & MODEL_NORM_NONE)) /* final norm */
		w->other += (double)m->hidden * dtype_bytes *
		    (m->bias_mask & MODEL_BIAS_NORM ? 2 : 1);
	if (m->bias_mask & MODEL_BIAS_HEAD)
		w->lm_head += vocab_rows * dtype_bytes;
}

void
weights_rank_split(const struct model *m, enum ckpt_format fmt, int dtype_bytes,
    int tp, int pp, int stage, const struct experts_split *es,
    struct weights_breakdown *w)
{
	double pt[P_COUNT] = { 0 }, repl = 0, vocab_rows, maps = 0;
	int n;

	if (tp < 1)
		tp = 1;
	if (pp < 1)
		pp = 1;
	if (m->enc_layers > 0) {
		encdec_weights(m, fmt, dtype_bytes, tp, w);
		return;
	}
	if (m->encoder_only != MODEL_ENC_NONE) {
		encoder_only_weights(m, fmt, dtype_bytes, tp, w);
		return;
	}
	n = weights_sum_stage_params(m, tp, pp, stage, es, pt, &repl, &maps);
	w->linear = weights_sum_linear(m, fmt, dtype_bytes, pt);
	w->other = repl / 2.0 * dtype_bytes + maps;
	vocab_rows = (double)round_up(m->vocab, 64) / tp;
	w->embed = 0;
	if (stage == 0)
		weights_add_first_stage(m, dtype_bytes, tp, vocab_rows, w);
	if (m->ple_hidden > 0)
		w->other += 2.0 * m->hidden * m->ple_hidden * n * dtype_bytes;
	w->lm_head = 0;
	if (stage == pp - 1)
		weights_add_last_stage(m, fmt, dtype_bytes, pp, vocab_rows, w);
	/* RoPE cos/sin cache, one per rank, in the model dtype */
	w->other += weights_rope_bytes(m, dtype_bytes);
	/* the towers: the vision one as split over TP, an audio one whole
	 * (Gemma 4's, transformers modules with replicated linears) */
	if (stage == 0)
		w->other += (weights_vision_rank_params(m, tp) +
				(m->audio_params > 0 ? m->audio_params : 0)) *
		    dtype_bytes;
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
	struct experts_split es;

	tp_split(m, tp < 1 ? 1 : tp, &es);
	return weights_mxfp4_padding_split(m, b, &es, first, n);
}

int64_t
weights_mxfp4_padding_split(const struct model *m, enum mxfp4_backend b,
    const struct experts_split *es, int first, int n)
{
	int64_t h = m->hidden,
		i = m->moe_intermediate / (es->moe_tp > 0 ? es->moe_tp : 1);
	int64_t hp = h, ip = i, k13, k2, per, layers = 0;
	int l;

	if (m->native_format != FMT_MXFP4 || m->n_experts <= 0)
		return 0;
	switch (b) {
	case MXFP4_MARLIN:
		ip = up(i, 128);
		hp = up(h, 256);
		break;
	case MXFP4_TRITON: ip = up(i, 64); break;
	case MXFP4_TRITON_HOPPER: ip = up(i, 64); break;
	case MXFP4_FLASHINFER:
		ip = up(i, 256);
		hp = up(h, 256);
		break;
	}
	/* the Hopper layout pads what each GEMM contracts over: H for w13,
	 * I for w2 (inferred, see doc/estimates.md) */
	k13 = b == MXFP4_TRITON_HOPPER ? up(hp, 256) : hp;
	k2 = b == MXFP4_TRITON_HOPPER ? up(ip, 256) : ip;
	per = mxfp4_expert_bytes(k13, hp, ip, k2) -
	    mxfp4_expert_bytes(h, h, i, i);
	for (l = first; l < first + n && l < m->layers; l++)
		layers += weights_is_moe_layer(m, l);
	return per * es->experts * layers;
}

double
weights_mtp_bytes(const struct model *m, enum ckpt_format fmt, int dtype_bytes,
    int tp)
{
	struct experts_split es;

	tp_split(m, tp < 1 ? 1 : tp, &es);
	return weights_mtp_bytes_split(m, fmt, dtype_bytes, tp, &es);
}

double
weights_mtp_bytes_split(const struct model *m, enum ckpt_format fmt,
    int dtype_bytes, int tp, const struct experts_split *es)
{
	double pt[P_COUNT] = { 0 }, repl = 0, h = m->hidden, vocab_rows, b = 0;
	int i, unq;

	if (m->mtp_layers <= 0)
		return 0;
	if (tp < 1)
		tp = 1;
	for (i = 0; i < m->mtp_layers; i++)
		layer_params(m, m->layers + i, tp, es, pt, &repl);
	/* a checkpoint whose ignore list names the MTP layers keeps them in
	 * the model dtype (ModelOpt "mtp*": vLLM gives them no quant method) */
	unq = fmt == m->native_format && (m->quant_skip & MODEL_SKIP_MTP);
	for (i = 0; i < P_COUNT; i++)
		b += pt[i] *
		    (unq && i != P_F32
			    ? dtype_bytes
			    : part_bpp(m, (enum part)i, fmt, dtype_bytes));
	/* DeepSeek: its own embedding and head; Qwen3.5: the model's (mtp.fc) */
	vocab_rows =
	    m->mtp_shared_head ? 0 : (double)round_up(m->vocab, 64) / tp;
	return b + repl / 2.0 * dtype_bytes +
	    m->mtp_layers * (3.0 * h + 2.0 * h * h + 2.0 * vocab_rows * h) *
	    dtype_bytes;
}

double
weights_draft_bytes(const struct model *d, const struct model *t,
    enum weights_drafter kind, int layers, int dtype_bytes, int tp, int pp)
{
	double pt[P_COUNT] = { 0 }, repl = 0, h = d->hidden, b = 0, rope = 0;
	double heads = d->heads, kvh = d->kv_heads, hd = d->head_dim, kvr, dv;
	struct experts_split es;
	int i;
	bool own_rope;

	if (tp < 1)
		tp = 1;
	tp_split(d, tp, &es);
	own_rope = d->rotary_dim > 0 && d->rope_cache_len > 0 &&
	    (d->rope_cache_len != t->rope_cache_len ||
		d->rotary_dim != t->rotary_dim);
	if (own_rope)
		rope = (double)d->rope_cache_len * d->rotary_dim * dtype_bytes;
	if (kind == WEIGHTS_DRAFT_MODEL) {
		struct weights_breakdown w;

		weights_rank(d, d->native_format, dtype_bytes, tp, 1, 0, &w);
		return w.total -
		    (own_rope || d->rotary_dim <= 0
			    ? 0
			    : (double)d->rope_cache_len * d->rotary_dim *
				dtype_bytes);
	}
	for (i = 0; i < layers; i++)
		layer_params(d, i, tp, &es, pt, &repl);
	kvr = kvh / tp < 1 ? 1 : kvh / tp;
	if (kind == WEIGHTS_EAGLE3) {
		/* layer 0's qkv_proj reads [embeds, hidden]: H more inputs */
		pt[P_ATTN] += h * (heads * hd / tp + 2 * kvr * hd);
		repl += 2.0 * h * layers + 2.0 * h; /* hidden_norm, norm */
	} else {
		repl -= 2.0 * h; /* layer 0: input_layernorm is Identity */
	}
	for (i = 0; i < P_COUNT; i++)
		b += pt[i] *
		    part_bpp(d, (enum part)i, d->native_format, dtype_bytes);
	b += repl / 2.0 * dtype_bytes + rope;
	if (kind == WEIGHTS_EAGLE3) {
		double th = d->target_hidden > 0 ? d->target_hidden : h;

		dv = d->draft_vocab > 0 ? d->draft_vocab : d->vocab;
		if (!d->eagle_no_aux)
			b += 3.0 * th * h * dtype_bytes; /* fc */
		b += (double)round_up((int64_t)dv, 64) / tp * h * dtype_bytes;
		b += dv * 8.0; /* d2t */
	} else {
		b += 2.0 * h * h * dtype_bytes; /* fc */
	}
	if (pp > 1 || d->hidden != t->hidden || d->vocab != t->vocab)
		b += (double)round_up(d->vocab, 64) / tp * h * dtype_bytes;
	return b;
}

double
weights_param_count(const struct model *m)
{
	struct weights_breakdown w;

	/* at one byte per "parameter" in a 1-byte dtype, bytes = params */
	weights_rank(m, FMT_BF16, 1, 1, 1, 0, &w);
	if (m->encoder_only != MODEL_ENC_NONE)
		return (w.total - encoder_rope_bytes(m, 1) -
			   encoder_buffer_bytes(m)) /
		    1e9;
	return (w.total - weights_rope_bytes(m, 1) -
		   weights_kv_copy_bytes(m, FMT_BF16, 1, 1)) /
	    1e9;
}

double
weights_vision_rank_params(const struct model *m, int tp)
{
	double repl = m->vision_repl_params;

	if (m->vision_params <= 0)
		return 0;
	if (repl < 0 || repl > m->vision_params)
		repl = 0;
	return (m->vision_params - repl) / (tp > 0 ? tp : 1) + repl;
}

double
weights_rope_bytes(const struct model *m, int dtype_bytes)
{
	if (m->rotary_dim <= 0 || m->rope_cache_len <= 0)
		return 0;
	return ((double)m->rope_cache_len * m->rotary_dim +
		   (double)(m->rope2_len > 0 ? m->rope2_len
					     : m->rope_cache_len) *
		       m->rope2_dim) *
	    (m->rope_fp32 && dtype_bytes > 1 ? 4 : dtype_bytes);
}

double
weights_kv_copy_bytes(const struct model *m, enum ckpt_format fmt,
    int dtype_bytes, int tp)
{
	double kvr, b = 0;
	int i;

	if (m->ld == NULL || tp < 1)
		return 0;
	for (i = 0; i < m->layers; i++) {
		const struct layer_desc *d = &m->ld[i];
		double kvh = d->kv_heads > 0 ? d->kv_heads : m->kv_heads;
		double vd = d->v_head_dim > 0 ? d->v_head_dim
		    : m->v_head_dim > 0       ? m->v_head_dim
		    : d->head_dim > 0         ? d->head_dim
					      : m->head_dim;

		if (!d->k_eq_v)
			continue;
		kvr = kvh / tp < 1 ? 1 : kvh / tp;
		b += (double)m->hidden * kvr * vd;
	}
	return b * part_bpp(m, P_ATTN, fmt, dtype_bytes);
}

double
weights_ple_buffer_bytes(const struct model *m, int mnbt, int dtype_bytes)
{
	if (!m->ple_buffer || mnbt <= 0)
		return 0;
	return (double)mnbt * m->layers * m->ple_hidden * dtype_bytes;
}

double
weights_deepstack_buffer_bytes(const struct model *m, int mnbt, int dtype_bytes)
{
	if (m->vision_deepstack <= 0 || mnbt <= 0)
		return 0;
	return (double)m->vision_deepstack * mnbt * m->hidden * dtype_bytes;
}

double
weights_dsa_topk_buffer_bytes(const struct model *m, int mnbt)
{
	if (m->index_topk <= 0 || m->dsv4.layers > 0 || mnbt <= 0)
		return 0;
	return (double)mnbt * m->index_topk * 4;
}
