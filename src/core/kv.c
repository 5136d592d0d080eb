/*
 * kv.c - KV-cache arithmetic (vLLM vllm/v1/kv_cache_interface.py,
 * vllm/v1/core/kv_cache_utils.py, vllm/model_executor/layers/mamba/
 * mamba_utils.py and the hybrid block-size alignment of
 * vllm/model_executor/models/config.py).  Invariant: every result is an
 * integer computed the way vLLM computes it, so token counts match its log
 * to the token.  Nothing here allocates: specs live in a fixed array.
 */
#include "kv.h"

#include <stdio.h>
#include <string.h>

/* One layer's cache spec (a layer may hold two: MLA and its indexer). */
struct spec {
	unsigned char kind; /* enum kv_kind */
	int window;
	int block_size;
	int spec_blocks;
	int layer; /* decoder layer it belongs to */
	int64_t token_bytes; /* attention: bytes per token; 0 for state */
	int64_t page;
};

static int64_t
cdiv(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

static int64_t
gcd64(int64_t a, int64_t b)
{
	while (b != 0) {
		int64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

static int64_t
nvfp4_elems(int64_t x)
{
	return x / 2 + x / 16;
}

/* Bytes per token of one attention layer on a rank (AttentionSpec pages / block). */
static int64_t
attn_token_bytes(int mla, int kv_heads, int hs, int hsv, int tp,
    enum kv_dtype kv, int model_bytes)
{
	int64_t kvh, d = kv_dtype_bytes(kv, model_bytes);

	if (mla) {
		/* MLAAttentionSpec: one latent head on every rank, K and V in one */
		if (kv == KV_FP8_DS_MLA)
			return 656;
		if (d == 0)
			return nvfp4_elems(hs);
		return (int64_t)hs * d;
	}
	kvh = kv_heads / (tp > 0 ? tp : 1);
	if (kvh < 1)
		kvh = 1;
	if (d == 0)
		return kvh * (nvfp4_elems(hs) + nvfp4_elems(hsv));
	if (kv == KV_FP8_PER_TOKEN_HEAD || kv == KV_INT8_PER_TOKEN_HEAD)
		return kvh * (hs + hsv) * d + 2 * kvh * 4;
	return kvh * (hs + hsv) * d;
}

int64_t
kv_page_bytes(const struct model *m, enum kv_dtype kv, int model_bytes, int tp,
    int bs)
{
	int hs = m->mla ? m->kv_lora_rank + m->qk_rope_head_dim : m->head_dim;
	int hsv =
	    m->v_head_dim > 0 && !m->mla && !m->mla_mha ? m->v_head_dim : hs;

	return (int64_t)bs *
	    attn_token_bytes(m->mla, m->kv_heads, hs, hsv, tp, kv, model_bytes);
}

static int
mixer_of(const struct model *m, int i)
{
	return m->ld != NULL ? m->ld[i].mixer : MIXER_ATTENTION;
}

static int
is_state_mixer(int mx)
{
	return mx == MIXER_MAMBA1 || mx == MIXER_MAMBA2 ||
	    mx == MIXER_SHORT_CONV || mx == MIXER_GDN || mx == MIXER_KDA ||
	    mx == MIXER_LIGHTNING || mx == MIXER_PLAMO2;
}

/*
 * MambaStateShapeCalculator x MambaStateDtypeCalculator of one layer kind.
 * Returns -1 when a sharded dimension does not divide by TP (vLLM's
 * divide() asserts).
 */
static int64_t
state_bytes_of(const struct model *m, int mixer, const struct kv_params *p)
{
	const struct state_arch *s = &m->st;
	int64_t tp = p->tp > 0 ? p->tp : 1;
	int64_t cb =
	    s->conv_dtype_bytes > 0 ? s->conv_dtype_bytes : p->model_bytes;
	int64_t sb, conv_dim, ng;

	/* _mamba_state_dtype (vllm/model_executor/layers/mamba/mamba_utils.py):
	 * the conv state in mamba_cache_dtype (auto: the model dtype); the SSM
	 * state in mamba_ssm_cache_dtype, auto following the conv state unless
	 * the model's config hook set it (NemotronH, Qwen3.5: ssm_dtype_bytes);
	 * an explicit flag wins over the hook */
	if (p->conv_bytes > 0)
		cb = p->conv_bytes;
	sb = p->ssm_bytes > 0        ? p->ssm_bytes
	    : s->ssm_dtype_bytes > 0 ? s->ssm_dtype_bytes
				     : cb;
	/* kda_state_dtype: the recurrent state is float32 whatever the flag */
	if (mixer == MIXER_KDA)
		sb = s->ssm_dtype_bytes > 0 ? s->ssm_dtype_bytes : 4;

	switch (mixer) {
	case MIXER_MAMBA2:
	case MIXER_PLAMO2: /* mamba2_state_shape with n_groups 0 */
		ng = s->n_groups + (s->n_groups % tp ? tp - s->n_groups : 0);
		conv_dim = s->mamba_intermediate + 2 * ng * s->d_state;
		if (conv_dim % tp || s->mamba_heads % tp)
			return -1;
		return (int64_t)(s->d_conv - 1 + p->num_spec) *
		    (conv_dim / tp) * cb +
		    (s->mamba_heads / tp) * s->mamba_head_dim * s->d_state * sb;
	case MIXER_MAMBA1:
		if (s->mamba_intermediate % tp)
			return -1;
		return (s->mamba_intermediate / tp) * (s->d_conv - 1) * cb +
		    (s->mamba_intermediate / tp) * s->d_state * sb;
	case MIXER_GDN:
	case MIXER_KDA: /* kda_state_shape: q, k, v conv rows over 3 x H x D, the
			 * recurrent H / TP x D x D (ssm_dtype_bytes 4: float32) */
		conv_dim = 2 * (int64_t)s->lin_k_heads * s->lin_k_dim +
		    (int64_t)s->lin_v_heads * s->lin_v_dim;
		if (conv_dim % tp || s->lin_v_heads % tp)
			return -1;
		return (int64_t)(s->lin_conv - 1 + p->num_spec) *
		    (conv_dim / tp) * cb +
		    (s->lin_v_heads / tp) * s->lin_v_dim * s->lin_k_dim * sb;
	case MIXER_LIGHTNING:
		/* linear_attention_state_shape: heads // TP x head_dim x head_dim
		 * in mamba_cache_dtype (auto: the model dtype) */
		if (m->heads % tp)
			return -1;
		return (m->heads / tp) * (int64_t)m->head_dim * m->head_dim *
		    cb;
	case MIXER_SHORT_CONV:
		if (m->hidden % tp)
			return -1;
		return (m->hidden / tp) * (s->conv_l_cache - 1) * cb;
	}
	return 0;
}

int64_t
kv_state_bytes(const struct model *m, const struct kv_params *p)
{
	int64_t total = 0, b;
	int i;

	if (m->ld == NULL)
		return 0;
	for (i = 0; i < m->layers; i++) {
		if (!is_state_mixer(m->ld[i].mixer))
			continue;
		b = state_bytes_of(m, m->ld[i].mixer, p);
		if (b > 0)
			total += b;
	}
	return total;
}

static int
layer_kind_of(const struct model *m, int i)
{
	return m->layer_kind != NULL ? m->layer_kind[i] : LAYER_FULL;
}

/* A zeroed spec for layer i with the cache block size. */
static void
spec_init(struct spec *s, int layer, int block_size)
{
	memset(s, 0, sizeof *s);
	s->layer = layer; /* draft layers past the last sit on the last stage */
	s->block_size = block_size;
}

/* Layer i's recurrent state as spec s; *state holds the state size seen so
 * far (-2 before the first), since every state layer must have the same. */
static int
spec_set_state(const struct model *m, const struct kv_params *p, int mx,
    struct spec *s, int64_t *state, char *err, size_t errlen)
{
	int64_t b = state_bytes_of(m, mx, p);

	if (b < 0) {
		snprintf(err, errlen,
		    "Tensor parallel size %d does not divide "
		    "the state dimensions of the model's %s "
		    "layers; vLLM's "
		    "divide() asserts.",
		    p->tp,
		    mx == MIXER_GDN || mx == MIXER_KDA ? "linear-attention"
			: mx == MIXER_SHORT_CONV       ? "conv"
						       : "Mamba");
		return -1;
	}
	if (*state != -2 && b != *state) {
		snprintf(err, errlen,
		    "config: the model mixes recurrent "
		    "layers of different state sizes; headroom "
		    "does not "
		    "model that");
		return -1;
	}
	*state = b;
	s->kind = KV_KIND_STATE;
	s->page = b;
	s->spec_blocks = p->num_spec;
	return 0;
}

/* Layer i's attention as spec s: its kind, window and bytes per token, from
 * the layer's own descriptor d where it has one, else the model's (hs0, hsv0
 * the model's K and V head sizes); layers past the model's are a drafter's. */
static void
spec_set_attention(const struct model *m, const struct kv_params *p,
    const struct layer_desc *d, int i, int hs0, int hsv0, struct spec *s)
{
	int layers = m->layers;
	int kvh = d && d->kv_heads > 0 ? d->kv_heads : m->kv_heads;
	int hs = d && d->head_dim > 0 ? d->head_dim : hs0;
	int hsv = d && d->v_head_dim > 0      ? d->v_head_dim
	    : d && d->head_dim > 0 && !m->mla ? d->head_dim
					      : hsv0;
	int k = i < layers ? layer_kind_of(m, i) : LAYER_FULL;

	s->kind = k == LAYER_SLIDING ? KV_KIND_SLIDING
	    : k == LAYER_CHUNKED     ? KV_KIND_CHUNKED
				     : KV_KIND_FULL;
	s->window = k == LAYER_SLIDING ? m->sliding_window
	    : k == LAYER_CHUNKED       ? m->chunk_size
				       : 0;
	if (i >= layers && p->extra_kv_heads > 0)
		/* a drafter's own attention (EAGLE head, draft model) */
		s->token_bytes =
		    attn_token_bytes(0, p->extra_kv_heads, p->extra_head_dim,
			p->extra_head_dim, p->tp, p->kv, p->model_bytes);
	else
		s->token_bytes = attn_token_bytes(m->mla, kvh, hs, hsv, p->tp,
		    p->kv, p->model_bytes);
}

/* DeepseekV32IndexerCache: uint8 keys plus a float32 scale per 128
 * elements, in an MLAAttentionSpec of its own. */
static void
spec_set_indexer(const struct model *m, const struct kv_params *p, int i,
    struct spec *x)
{
	spec_init(x, i, p->block_size);
	x->kind = KV_KIND_FULL;
	x->token_bytes = m->index_head_dim + m->index_head_dim / 128 * 4;
}

/* The specs of every layer of the model, in layer order. */
static int
build_specs(const struct model *m, const struct kv_params *p, struct spec *sp,
    int *n_out, char *err, size_t errlen)
{
	int i, n = 0, layers = m->layers, hs0, hsv0;
	int64_t state = -2;

	hs0 = m->mla ? m->kv_lora_rank + m->qk_rope_head_dim : m->head_dim;
	hsv0 =
	    m->v_head_dim > 0 && !m->mla && !m->mla_mha ? m->v_head_dim : hs0;
	if (layers + p->extra_full_layers > KV_MAX_LAYERS / 2) {
		snprintf(err, errlen,
		    "config: %d layers; headroom lays out at most "
		    "%d",
		    layers + p->extra_full_layers, KV_MAX_LAYERS / 2);
		return -1;
	}
	for (i = 0; i < layers + p->extra_full_layers; i++) {
		int mx = i < layers ? mixer_of(m, i) : MIXER_ATTENTION;
		const struct layer_desc *d =
		    m->ld != NULL && i < layers ? &m->ld[i] : NULL;

		spec_init(&sp[n], i, p->block_size);
		if (is_state_mixer(mx)) {
			if (spec_set_state(m, p, mx, &sp[n], &state, err,
				errlen) != 0)
				return -1;
			n++;
			if (d == NULL || !d->parallel_attn)
				continue;
			/* Falcon-H1: the layer's attention registers a spec of its
			 * own beside the Mamba one (falcon_h1.py) */
			spec_init(&sp[n], i, p->block_size);
		} else if (mx != MIXER_ATTENTION) {
			continue; /* no_op, KV shared with another layer */
		}
		spec_set_attention(m, p, d, i, hs0, hsv0, &sp[n]);
		n++;
		/* an encoder-decoder layer's cross-attention: the self-attention's
		 * page, the encoder's tokens (CrossAttentionSpec, whisper.py) */
		if (m->enc_layers > 0 && i < layers) {
			sp[n] = sp[n - 1];
			sp[n].kind = KV_KIND_CROSS;
			n++;
		}
		if (m->mla && m->index_topk > 0 && m->index_head_dim > 0 &&
		    i < layers && !(d != NULL && d->index_shared))
			spec_set_indexer(m, p, i, &sp[n++]);
	}
	*n_out = n;
	return 0;
}

/* Is the spec's layer on the rank holding [first, first + n)? */
static int
on_rank(const struct spec *s, int first, int n, int layers)
{
	if (s->layer >= layers)
		return first + n >= layers;
	return s->layer >= first && s->layer < first + n;
}

static int
spec_eq(const struct spec *a, const struct spec *b)
{
	return a->kind == b->kind && a->window == b->window &&
	    a->block_size == b->block_size && a->page == b->page &&
	    a->spec_blocks == b->spec_blocks;
}

/* UniformTypeKVCacheSpecs.is_uniform_type() */
static int
uniform_type(const struct spec *sp, int n)
{
	int i;

	for (i = 1; i < n; i++) {
		if (sp[i].block_size != sp[0].block_size ||
		    sp[i].kind != sp[0].kind)
			return 0;
		if (sp[0].kind == KV_KIND_SLIDING ||
		    sp[0].kind == KV_KIND_CHUNKED)
			if (sp[i].window != sp[0].window)
				return 0;
		if (sp[0].kind == KV_KIND_STATE &&
		    sp[i].spec_blocks != sp[0].spec_blocks)
			return 0;
	}
	return 1;
}

static int
all_equal(const struct spec *sp, int n)
{
	int i;

	for (i = 1; i < n; i++)
		if (!spec_eq(&sp[i], &sp[0]))
			return 0;
	return 1;
}

static void
set_type(struct kv_type *t, const struct spec *s, int n_layers, int n_groups)
{
	t->kind = s->kind;
	t->window = s->window;
	t->block_size = s->block_size;
	t->spec_blocks = s->spec_blocks;
	t->n_layers = n_layers;
	t->n_groups = n_groups;
}

/* Hybrid attention + state: raise the attention block until one attention
 * page holds a state, then pad the state page to it.  Attention-free without
 * prefix caching: one block of max_model_len holds a request.  Returns the
 * attention block size every spec now uses. */
static int
layout_align_block_size(const struct model *m, const struct kv_params *p,
    struct spec *sp, int nsp, int has_state, int has_attn, int64_t state_page,
    struct kv_layout *l)
{
	int i, bs = p->block_size;

	l->attn_block_size = bs;
	if (has_state && has_attn) {
		int hs0 = m->mla ? m->kv_lora_rank + m->qk_rope_head_dim
				 : m->head_dim;
		int64_t attn1,
		    align = p->kernel_alignment > bs ? p->kernel_alignment : bs;
		int64_t want;

		/* FullAttentionSpec(block_size=1, model's KV heads and head size) */
		attn1 = attn_token_bytes(m->mla, m->kv_heads, hs0, hs0, p->tp,
		    p->kv, p->model_bytes);
		if (p->mamba_mode == MAMBA_MODE_ALL) {
			int64_t base =
			    m->st.chunk_size > 0 ? m->st.chunk_size : 256;
			int64_t chunk = base / gcd64(base, align) * align;

			want = chunk * cdiv(cdiv(state_page, attn1), chunk);
		} else {
			want = align * cdiv(state_page, align * attn1);
		}
		if (bs < want)
			bs = (int)want;
		if (bs * attn1 < state_page)
			bs = (int)cdiv(state_page, attn1);
		l->attn_block_size = bs;
		for (i = 0; i < nsp; i++) {
			sp[i].block_size = bs;
			if (sp[i].kind == KV_KIND_STATE)
				sp[i].page =
				    bs * attn1; /* mamba_page_size_padded */
		}
		l->state_page_padded = bs * attn1;
	} else if (has_state && p->mamba_mode == MAMBA_MODE_NONE &&
	    p->max_model_len > 0) {
		/* attention-free (MambaModelConfig.verify_and_update_config):
		 * without prefix caching mamba_block_size = max_model_len, so
		 * one block holds a request; with it, the cache block size */
		for (i = 0; i < nsp; i++)
			sp[i].block_size = p->max_model_len;
		bs = p->max_model_len;
		l->attn_block_size = bs;
	}
	return bs;
}

/* --disable-hybrid-kv-cache-manager: unify_hybrid_kv_cache_specs() turns
 * sliding and chunked layers into full ones when a full layer exists, and
 * refuses when the specs still differ in type. */
static int
layout_unify_hybrid(const struct kv_params *p, struct spec *sp, int nsp,
    char *err, size_t errlen)
{
	int i, has_full = 0;

	if (p->hma || nsp == 0 || all_equal(sp, nsp) || uniform_type(sp, nsp))
		return 0;
	for (i = 0; i < nsp; i++)
		has_full |= sp[i].kind == KV_KIND_FULL;
	if (has_full)
		for (i = 0; i < nsp; i++)
			if (sp[i].kind == KV_KIND_SLIDING ||
			    sp[i].kind == KV_KIND_CHUNKED) {
				sp[i].kind = KV_KIND_FULL;
				sp[i].window = 0;
			}
	if (!all_equal(sp, nsp) && !uniform_type(sp, nsp)) {
		snprintf(err, errlen,
		    "Hybrid KV cache manager is disabled but "
		    "failed to convert the KV cache specs to one "
		    "unified type.");
		return -1;
	}
	return 0;
}

#define IN_FLIGHT_UNKNOWN                                                      \
	"how many batches vLLM keeps in flight (max_concurrent_batches) is "   \
	"not established for this configuration, and from 0.26.0 its "         \
	"sliding-window and chunked-local layers hold that many batches of "   \
	"max_num_batched_tokens beyond their window (vLLM #47728); give "      \
	"--async-scheduling or --no-async-scheduling"

/* From 0.26.0 (vLLM #47728) SlidingWindowSpec and ChunkedLocalAttentionSpec
 * reserve max_in_flight_tokens past the window: refused while the number of
 * batches in flight is not known. */
static int
layout_check_in_flight(const struct kv_params *p, const struct spec *sp,
    int nsp, char *err, size_t errlen)
{
	int i;

	if (p->in_flight_batches >= 0)
		return 0;
	for (i = 0; i < nsp; i++)
		if (sp[i].kind == KV_KIND_SLIDING ||
		    sp[i].kind == KV_KIND_CHUNKED) {
			snprintf(err, errlen, "%s", IN_FLIGHT_UNKNOWN);
			return -1;
		}
	return 0;
}

/* The rank's share of layers and bytes, and the display figures. */
static void
layout_count_rank(const struct model *m, const struct spec *sp, int nsp,
    int first, int n, int64_t state_page, struct kv_layout *l)
{
	int i;

	for (i = 0; i < nsp; i++) {
		if (!on_rank(&sp[i], first, n, m->layers))
			continue;
		if (sp[i].kind == KV_KIND_STATE) {
			l->state_layers++;
			l->state_bytes += state_page;
		} else if (sp[i].kind != KV_KIND_CROSS) {
			l->bytes_per_token += sp[i].token_bytes;
			if (i == 0 || sp[i - 1].layer != sp[i].layer ||
			    sp[i - 1].kind == KV_KIND_STATE)
				l->attn_layers++;
		}
		if (sp[i].kind == KV_KIND_SLIDING && l->sliding_window == 0)
			l->sliding_window = sp[i].window;
	}
	l->layers = l->attn_layers + l->state_layers;
}

/* One group of one type: every layer alike (the rank's layers share one
 * page) or one type of slots with different pages (the rank's pages add). */
static void
layout_set_one_group(const struct model *m, const struct spec *sp, int nsp,
    int first, int n, int uniform, struct kv_layout *l)
{
	int i, on = 0;

	if (uniform) {
		for (i = 0; i < nsp; i++)
			if (on_rank(&sp[i], first, n, m->layers))
				l->page += sp[i].page;
		l->uniform_type = true;
		l->group_size = 1;
	} else {
		for (i = 0; i < nsp; i++)
			on += on_rank(&sp[i], first, n, m->layers);
		l->page = sp[0].page;
		l->group_size = on;
	}
	l->block_size = sp[0].block_size;
	l->n_groups = 1;
	l->n_types = 1;
	set_type(&l->type[0], &sp[0], nsp, 1);
	l->n_full_groups = sp[0].kind == KV_KIND_FULL;
	l->n_swa_groups = !l->n_full_groups;
}

/* unify_kv_cache_spec_page_size(): smaller pages take larger blocks so every
 * page is the largest one; returns that page, or -1 when one does not divide
 * it. */
static int64_t
layout_unify_page_size(struct spec *sp, int nsp, char *err, size_t errlen)
{
	int i;
	int64_t maxpage = 0;

	for (i = 0; i < nsp; i++)
		if (sp[i].page > maxpage)
			maxpage = sp[i].page;
	for (i = 0; i < nsp; i++) {
		if (sp[i].page == maxpage)
			continue;
		if (sp[i].page <= 0 || maxpage % sp[i].page != 0) {
			snprintf(err, errlen,
			    "The page size of the layer is not "
			    "divisible by the maximum page size. Cannot unify "
			    "by "
			    "adjusting block_size.");
			return -1;
		}
		sp[i].block_size =
		    (int)(sp[i].block_size * (maxpage / sp[i].page));
		sp[i].page = maxpage;
	}
	return maxpage;
}

/* _get_kv_cache_groups_uniform_page_size(): bucket the specs by equality;
 * first_idx[j] is bucket j's first spec, count[j] its size, bucket_of[i]
 * spec i's bucket.  Returns the number of buckets, or -1. */
static int
layout_bucket_specs(const struct spec *sp, int nsp, int *bucket_of,
    int *first_idx, int *count, char *err, size_t errlen)
{
	int i, j, nb = 0;

	for (i = 0; i < nsp; i++) {
		for (j = 0; j < nb; j++)
			if (spec_eq(&sp[first_idx[j]], &sp[i]))
				break;
		if (j == nb) {
			if (nb == KV_MAX_TYPES) {
				snprintf(err, errlen,
				    "config: more than %d kinds of "
				    "layer cache; headroom does not model that",
				    KV_MAX_TYPES);
				return -1;
			}
			first_idx[nb] = i;
			count[nb++] = 0;
		}
		bucket_of[i] = j;
		count[j]++;
	}
	return nb;
}

/* The drafter's layers in more than one bucket: more than one group. */
static int
layout_check_draft_buckets(const struct model *m, const struct spec *sp,
    int nsp, const int *bucket_of, char *err, size_t errlen)
{
	int i, db = -1;

	for (i = 0; i < nsp; i++) {
		if (sp[i].layer < m->layers)
			continue;
		if (db >= 0 && bucket_of[i] != db) {
			snprintf(err, errlen,
			    "All drafting layers should belong "
			    "to the same kv cache group");
			return -1;
		}
		db = bucket_of[i];
	}
	return 0;
}

/* Layers per group: the smallest bucket, or the largest when it is under
 * 1.5 times the smallest. */
static int
layout_group_size(const int *count, int nb)
{
	int j, lo = count[0], hi = count[0];

	for (j = 1; j < nb; j++) {
		if (count[j] < lo)
			lo = count[j];
		if (count[j] > hi)
			hi = count[j];
	}
	if (2 * hi < 3 * lo) /* max < 1.5 x min: use max */
		return hi;
	return lo;
}

/* Most layers of bucket j on the rank in any one of its ng groups: group g
 * holds the bucket's layers g, g + ng, g + 2 ng, ... */
static int
layout_bucket_rank_layers(const struct model *m, const struct spec *sp, int nsp,
    const int *bucket_of, int j, int ng, int first, int n)
{
	int g, k, most = 0;

	for (g = 0; g < ng; g++) {
		int idx = 0, on = 0;

		for (k = 0; k < nsp; k++) {
			if (bucket_of[k] != j)
				continue;
			if (idx % ng == g &&
			    on_rank(&sp[k], first, n, m->layers))
				on++;
			idx++;
		}
		if (on > most)
			most = on;
	}
	return most;
}

/* Several types: each bucket splits into groups of gs layers. */
static int
layout_set_groups(const struct model *m, const struct kv_params *p,
    const struct spec *sp, int nsp, int first, int n, int64_t maxpage,
    char *err, size_t errlen, struct kv_layout *l)
{
	int bucket_of[KV_MAX_LAYERS], count[KV_MAX_TYPES];
	int first_idx[KV_MAX_TYPES];
	int nb, gs, j, k;

	nb = layout_bucket_specs(sp, nsp, bucket_of, first_idx, count, err,
	    errlen);
	if (nb < 0)
		return -1;
	if (p->extra_kv_heads > 0 &&
	    layout_check_draft_buckets(m, sp, nsp, bucket_of, err, errlen) != 0)
		return -1;
	gs = layout_group_size(count, nb);
	l->page = maxpage;
	l->block_size = 0;
	l->n_types = nb;
	for (j = 0; j < nb; j++) {
		struct kv_type *t = &l->type[j];
		int ng = (count[j] + gs - 1) / gs, on;

		set_type(t, &sp[first_idx[j]], count[j], ng);
		l->n_groups += ng;
		if (t->kind == KV_KIND_FULL)
			l->n_full_groups += ng;
		else
			l->n_swa_groups += ng;
		l->padding_layers += ng * gs - count[j];
		if (l->block_size == 0 || t->block_size < l->block_size)
			l->block_size = t->block_size;
		/* a drafter's layers share one group's attention metadata:
		 * validate_same_kv_cache_group() (vllm/v1/spec_decode/eagle.py) */
		if (p->extra_kv_heads > 0 && ng > 1) {
			int nd = 0;

			for (k = 0; k < nsp; k++)
				nd += bucket_of[k] == j &&
				    sp[k].layer >= m->layers;
			if (nd > 1) {
				snprintf(err, errlen,
				    "All drafting layers should belong "
				    "to the same kv cache group");
				return -1;
			}
		}
		on = layout_bucket_rank_layers(m, sp, nsp, bucket_of, j, ng,
		    first, n);
		if (on > l->group_size)
			l->group_size = on;
	}
	return 0;
}

/*
 * DeepSeek-V4: core/kv_dsv4.c lays the caches out; the layout carries its
 * block bytes as one page of a group of one, so the plan's
 * num_blocks x page x group_size is vLLM's KV cache.  Its caches have one
 * latent head, replicated on every rank: TP does not enter.
 */
static int
layout_build_dsv4(const struct model *m, const struct kv_params *p,
    struct kv_layout *l, char *err, size_t errlen)
{
	int ratios[KV_DSV4_MAX_LAYERS];
	struct kv_dsv4_model dm;
	struct kv_dsv4_params dp;
	int n = m->dsv4.layers + p->dsv4_mtp_layers, i;

	if (n > KV_DSV4_MAX_LAYERS || m->ld == NULL) {
		snprintf(err, errlen,
		    "%d DeepSeek-V4 layers: headroom lays out 1 to %d", n,
		    KV_DSV4_MAX_LAYERS);
		return -1;
	}
	for (i = 0; i < n; i++)
		ratios[i] = i < m->dsv4.layers ? m->ld[i].compress_ratio
					       : m->dsv4.mtp_ratio;
	dm.n_layers = n;
	dm.compress_ratios = ratios;
	dm.head_dim = m->head_dim;
	dm.rope_dim = m->qk_rope_head_dim;
	dm.index_head_dim = m->index_head_dim;
	dm.sliding_window = m->sliding_window;
	dp.block_size = p->block_size;
	if (p->in_flight_batches < 0) {
		snprintf(err, errlen, "%s", IN_FLIGHT_UNKNOWN);
		return -1;
	}
	/* SlidingWindowMLASpec takes SlidingWindowSpec's admission cap, the
	 * in-flight batches included (vLLM #47728) */
	dp.mnbt =
	    p->mnbt * (p->in_flight_batches > 0 ? p->in_flight_batches : 1);
	dp.fp8_ds_mla = p->kv == KV_FP8_DS_MLA;
	dp.pool = p->dsv4_pool;
	dp.fp4_indexer = p->dsv4_fp4_indexer;
	if (kv_dsv4_build(&dm, &dp, &l->dsv4, err, errlen) != 0)
		return -1;
	l->is_dsv4 = true;
	l->page = kv_dsv4_bytes_per_block(&l->dsv4);
	l->group_size = 1;
	l->block_size = l->attn_block_size = p->block_size;
	l->layers = n;
	l->attn_layers = n;
	l->n_groups = l->dsv4.n_groups;
	l->n_full_groups = 1; /* the compressed MLA group */
	l->n_swa_groups = l->n_groups - 1;
	l->sliding_window = m->sliding_window;
	/* for display: the block's bytes over its 256 tokens */
	l->bytes_per_token = l->page / p->block_size;
	return 0;
}

int64_t
kv_gather_workspace(const struct model *m, int64_t max_model_len, int mnbt)
{
	int ratios[KV_DSV4_MAX_LAYERS];
	struct kv_dsv4_model dm;
	int n = m->dsv4.layers, i;

	if (n <= 0 || n > KV_DSV4_MAX_LAYERS || m->ld == NULL)
		return 0;
	for (i = 0; i < n; i++)
		ratios[i] = m->ld[i].compress_ratio;
	memset(&dm, 0, sizeof dm);
	dm.n_layers = n;
	dm.compress_ratios = ratios;
	dm.head_dim = m->head_dim;
	dm.sliding_window = m->sliding_window;
	return kv_dsv4_gather_workspace(&dm, max_model_len, mnbt);
}

/* sparse_attn_indexer.py: RADIX_TOPK_WORKSPACE_SIZE */
#define INDEXER_RADIX_TOPK_BYTES (1024 * 1024)
/* vllm/v1/attention/backends/mla/indexer.py get_max_prefill_buffer_size */
#define INDEXER_PREFILL_BUFFER_PER_LEN 40

int64_t
kv_indexer_workspace(const struct model *m, int64_t max_model_len)
{
	int64_t entry;

	if (!m->mla || m->index_topk <= 0 || m->index_head_dim <= 0 ||
	    m->dsv4.layers > 0 || max_model_len <= 0)
		return 0;
	/* _gather_workspace_shapes: (T, head_dim) fp8 and (T, 4) uint8 */
	entry = m->index_head_dim + (int64_t)m->index_head_dim / 128 * 4;
	return INDEXER_PREFILL_BUFFER_PER_LEN * max_model_len * entry +
	    INDEXER_RADIX_TOPK_BYTES;
}

int
kv_layout_build(const struct model *m, const struct kv_params *p, int first,
    int n, struct kv_layout *l, char *err, size_t errlen)
{
	struct spec sp[KV_MAX_LAYERS];
	int nsp = 0, i, has_state = 0, has_attn = 0, bs;
	int64_t state_page = 0, maxpage;

	memset(l, 0, sizeof *l);
	l->max_num_batched_tokens = p->mnbt;
	l->in_flight_tokens = (int64_t)p->mnbt *
	    (p->in_flight_batches > 0 ? p->in_flight_batches : 1);
	l->enc_len = p->enc_len;
	l->mamba_mode = p->mamba_mode;
	if (m->dsv4.layers > 0)
		return layout_build_dsv4(m, p, l, err, errlen);
	if (build_specs(m, p, sp, &nsp, err, errlen) != 0)
		return -1;
	for (i = 0; i < nsp; i++) {
		if (sp[i].kind == KV_KIND_STATE) {
			has_state = 1;
			state_page = sp[i].page;
		} else {
			has_attn = 1;
		}
	}
	bs = layout_align_block_size(m, p, sp, nsp, has_state, has_attn,
	    state_page, l);
	for (i = 0; i < nsp; i++)
		if (sp[i].kind != KV_KIND_STATE)
			sp[i].page = sp[i].block_size * sp[i].token_bytes;
	if (layout_unify_hybrid(p, sp, nsp, err, errlen) != 0)
		return -1;
	if (layout_check_in_flight(p, sp, nsp, err, errlen) != 0)
		return -1;
	layout_count_rank(m, sp, nsp, first, n, state_page, l);
	if (nsp == 0) {
		l->attention_free = true;
		l->block_size = bs;
		return 0;
	}
	if (all_equal(sp, nsp) || uniform_type(sp, nsp)) {
		layout_set_one_group(m, sp, nsp, first, n, !all_equal(sp, nsp),
		    l);
		return 0;
	}
	maxpage = layout_unify_page_size(sp, nsp, err, errlen);
	if (maxpage < 0)
		return -1;
	return layout_set_groups(m, p, sp, nsp, first, n, maxpage, err, errlen,
	    l);
}

void
kv_layout_init(struct kv_layout *l, int64_t page, int bs, int n_full, int n_swa,
    int window, int mnbt)
{
	int lo, hi, gs;

	memset(l, 0, sizeof *l);
	l->page = page;
	l->block_size = bs;
	l->attn_block_size = bs;
	l->layers = n_full + n_swa;
	l->attn_layers = l->layers;
	l->sliding_window = window;
	l->max_num_batched_tokens = mnbt;
	l->in_flight_tokens = mnbt;
	l->bytes_per_token = bs > 0 ? page / bs * l->layers : 0;
	if (n_swa == 0 || n_full == 0) {
		/* one spec: a single group holding every layer */
		l->group_size = l->layers;
		l->n_full_groups = n_swa == 0 ? 1 : 0;
		l->n_swa_groups = n_swa == 0 ? 0 : 1;
		l->n_groups = 1;
		l->n_types = 1;
		l->type[0].kind = n_swa == 0 ? KV_KIND_FULL : KV_KIND_SLIDING;
		l->type[0].window = n_swa == 0 ? 0 : window;
		l->type[0].block_size = bs;
		l->type[0].n_layers = l->layers;
		l->type[0].n_groups = 1;
		return;
	}
	lo = n_full < n_swa ? n_full : n_swa;
	hi = n_full < n_swa ? n_swa : n_full;
	gs = lo;
	if (2 * hi < 3 * lo) /* max < 1.5 x min: use max */
		gs = hi;
	l->group_size = gs;
	l->n_full_groups = (n_full + gs - 1) / gs;
	l->n_swa_groups = (n_swa + gs - 1) / gs;
	l->n_groups = l->n_full_groups + l->n_swa_groups;
	l->padding_layers = l->n_groups * gs - l->layers;
	l->n_types = 2;
	l->type[0].kind = KV_KIND_FULL;
	l->type[0].block_size = bs;
	l->type[0].n_layers = n_full;
	l->type[0].n_groups = l->n_full_groups;
	l->type[1].kind = KV_KIND_SLIDING;
	l->type[1].window = window;
	l->type[1].block_size = bs;
	l->type[1].n_layers = n_swa;
	l->type[1].n_groups = l->n_swa_groups;
}

/* Blocks of one group of a type for a request of len tokens (max_memory_usage_bytes / page). */
static int64_t
type_blocks(const struct kv_layout *l, const struct kv_type *t, int64_t len)
{
	int64_t span, bs = t->block_size > 0 ? t->block_size : 1;

	switch (t->kind) {
	case KV_KIND_SLIDING:
		span = (int64_t)t->window - 1 + l->in_flight_tokens;
		if (span > len)
			span = len;
		return cdiv(span, bs) + 1;
	case KV_KIND_CHUNKED:
		span = (int64_t)t->window + l->in_flight_tokens;
		if (span > len)
			span = len;
		return cdiv(span, bs);
	case KV_KIND_CROSS: /* every request keeps the whole encoder input */
		return cdiv(l->enc_len, bs);
	case KV_KIND_STATE:
		if (l->mamba_mode == MAMBA_MODE_ALL)
			return cdiv(len, bs);
		if (l->mamba_mode == MAMBA_MODE_ALIGN)
			return 2 + t->spec_blocks;
		return 1 + t->spec_blocks;
	}
	return cdiv(len, bs);
}

int64_t
kv_blocks_per_request(const struct kv_layout *l, int64_t len)
{
	int64_t total = 0;
	int i;

	if (len <= 0)
		return 0;
	if (l->is_dsv4)
		return kv_dsv4_blocks_per_request(&l->dsv4, len);
	for (i = 0; i < l->n_types; i++)
		total += l->type[i].n_groups * type_blocks(l, &l->type[i], len);
	return total;
}

int64_t
kv_needed_bytes(const struct kv_layout *l, int64_t len)
{
	return (int64_t)l->group_size * l->page * kv_blocks_per_request(l, len);
}

int64_t
kv_num_blocks(const struct kv_layout *l, int64_t available)
{
	if (l->attention_free)
		return 1; /* BlockPool's null block */
	if (available <= 0 || l->page <= 0 || l->group_size <= 0)
		return 0;
	return available / l->page / l->group_size;
}

int64_t
kv_estimate_max_len(const struct kv_layout *l, int64_t available, int64_t upper)
{
	int64_t lo = 1, hi = upper, best = 0;

	if (available <= 0 || upper < 1)
		return 0;
	if (l->is_dsv4)
		return kv_dsv4_estimate_max_len(&l->dsv4, available, upper);
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
