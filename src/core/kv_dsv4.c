/*
 * kv_dsv4.c - DeepSeek-V4's KV-cache specs, groups, blocks and per-request
 * pages, as vLLM computes them (sources and the tree in
 * doc/architectures.md, "DeepSeek-V4").
 *
 * Invariant: integer arithmetic only; a layout that kv_dsv4_build() returns
 * has at least one compressed MLA layer, so every block costs a positive
 * number of bytes.
 */
#include "kv_dsv4.h"

#include <stdio.h>
#include <string.h>

/* FlashMLA's page alignment (alignment=576 in every DeepSeek-V4 spec). */
#define DSV4_ALIGN 576
/* fp8_ds_mla entry: 448 fp8 NoPE + 64 bf16 RoPE + 7 scales + 1 pad. */
#define DSV4_ENTRY 584
/* DeepseekV4SWACache.block_size: tied to the c4a block of 256 // 4 tokens. */
#define DSV4_SWA_BLOCK 64
/* CompressorStateCache.block_size for ratio 4 and 128. */
#define DSV4_C4_STATE_BLOCK 4
#define DSV4_C128_STATE_BLOCK 8
/* DeepseekV4Indexer.quant_block_size: one fp32 scale per 128 values. */
#define DSV4_INDEX_QUANT_BLOCK 128

static int64_t
cdiv64(int64_t a, int64_t b)
{
	return (a + b - 1) / b;
}

static int64_t
round_up64(int64_t a, int64_t b)
{
	return cdiv64(a, b) * b;
}

static int64_t
min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

/* One spec; window 0 is full attention (the compressed MLA caches). */
static struct kv_dsv4_spec
spec_of(int block_size, int window, int64_t real_page)
{
	struct kv_dsv4_spec s;

	s.block_size = block_size;
	s.window = window;
	s.real_page = real_page;
	s.page = round_up64(real_page, DSV4_ALIGN);
	return s;
}

/*
 * The spec of each role (MLAAttentionSpec / SlidingWindowMLASpec
 * real_page_size_bytes, then _apply_alignment_padding):
 *   compressed MLA: (block // ratio) x 584
 *   sliding window: 64 x 584
 *   compressor state: block x (2 x coff x head_dim) x 4 (fp32), coff = 2
 *     for ratio 4 (overlapping windows), 1 for 128; window coff x ratio
 *   indexer keys: (block // 4) x (128 + 128 / 128 x 4)
 */
static void
role_specs(const struct kv_dsv4_model *m, const struct kv_dsv4_params *p,
    struct kv_dsv4_spec *r)
{
	int bs = p->block_size, ihd = m->index_head_dim;
	/* 128 fp8 + 4 fp32 scale bytes; the MXFP4 cache allocated as much
	 * until #48993 sized it as 64 packed values + 4 UE8M0 scales */
	int idx_entry = p->pool == KV_DSV4_POOL_DENSE && p->fp4_indexer
	    ? ihd / 2 + ihd / 32
	    : ihd + ihd / DSV4_INDEX_QUANT_BLOCK * 4;

	r[KV_DSV4_SWA] = spec_of(DSV4_SWA_BLOCK, m->sliding_window,
	    DSV4_SWA_BLOCK * DSV4_ENTRY);
	r[KV_DSV4_C4_ATTN] = spec_of(bs, 0, (int64_t)(bs / 4) * DSV4_ENTRY);
	r[KV_DSV4_C128_ATTN] = spec_of(bs, 0, (int64_t)(bs / 128) * DSV4_ENTRY);
	r[KV_DSV4_C4_INDEXER] = spec_of(bs, 0, (int64_t)(bs / 4) * idx_entry);
	r[KV_DSV4_C4_STATE] = spec_of(DSV4_C4_STATE_BLOCK, 2 * 4,
	    (int64_t)DSV4_C4_STATE_BLOCK * (2 * 2 * m->head_dim) * 4);
	r[KV_DSV4_C128_STATE] = spec_of(DSV4_C128_STATE_BLOCK, 1 * 128,
	    (int64_t)DSV4_C128_STATE_BLOCK * (2 * 1 * m->head_dim) * 4);
	r[KV_DSV4_INDEXER_STATE] = spec_of(DSV4_C4_STATE_BLOCK, 2 * 4,
	    (int64_t)DSV4_C4_STATE_BLOCK * (2 * 2 * ihd) * 4);
}

static int
check_model(const struct kv_dsv4_model *m, const struct kv_dsv4_params *p,
    char *err, size_t errlen)
{
	if (!p->fp8_ds_mla) {
		snprintf(err, errlen,
		    "DeepSeek-V4's caches are modelled in the fp8_ds_mla "
		    "format only");
		return -1;
	}
	if (m->head_dim != 512 || m->rope_dim != 64) {
		snprintf(err, errlen,
		    "head_dim %d with qk_rope_head_dim %d: DeepSeek-V4's "
		    "584-byte cache entries are modelled for 512 and 64",
		    m->head_dim, m->rope_dim);
		return -1;
	}
	if (m->index_head_dim != 128) {
		/* DeepseekCompressor: the fused kernels exist for 512, 128 */
		snprintf(err, errlen,
		    "Unsupported head_dim for fused quant+cache: %d",
		    m->index_head_dim);
		return -1;
	}
	if (m->sliding_window < 1) {
		snprintf(err, errlen,
		    "sliding_window %d: DeepSeek-V4 needs a positive window",
		    m->sliding_window);
		return -1;
	}
	if (m->n_layers < 1 || m->n_layers > KV_DSV4_MAX_LAYERS) {
		snprintf(err, errlen,
		    "%d DeepSeek-V4 layers: headroom lays out 1 to %d",
		    m->n_layers, KV_DSV4_MAX_LAYERS);
		return -1;
	}
	if (p->block_size < 256 || p->block_size % 128 != 0) {
		snprintf(err, errlen,
		    "--block-size %d: DeepSeek-V4's 64-token sliding-window "
		    "pages share tensors with the c4a pages of a 256-token "
		    "block; headroom models block sizes of 256 and multiples "
		    "of 128 above it",
		    p->block_size);
		return -1;
	}
	if (p->mnbt < 1) {
		snprintf(err, errlen, "max_num_batched_tokens %d", p->mnbt);
		return -1;
	}
	return 0;
}

/* Page-size counts of one bucket before it becomes groups. */
struct bucket {
	int block_size, window;
	int n;
	int64_t page[KV_DSV4_MAX_PAGES];
	int count[KV_DSV4_MAX_PAGES];
};

static void
bucket_add(struct bucket *b, int64_t page)
{
	for (int i = 0; i < b->n; i++)
		if (b->page[i] == page) {
			b->count[i]++;
			return;
		}
	/* at most one distinct page per role: KV_DSV4_N_ROLES < MAX_PAGES */
	b->page[b->n] = page;
	b->count[b->n++] = 1;
}

/* UniformTypeKVCacheSpecs.get_num_layer_tuples: the most common count. */
static int
bucket_tuples(const struct bucket *b)
{
	int best = 0;

	for (int i = 0; i < b->n; i++)
		if (b->count[i] > best)
			best = b->count[i];
	return best;
}

/*
 * _approximate_gcd: the d in [lower, max] that minimises the padding
 * sum((d - x % d) % d); ties prefer the larger d.
 */
static int
approximate_gcd(const int *x, int n, int lower)
{
	int max_x = 0, best_d, best_pad = -1;

	for (int i = 0; i < n; i++)
		if (x[i] > max_x)
			max_x = x[i];
	if (lower < 1)
		lower = 1;
	if (lower > max_x)
		return lower;
	best_d = lower;
	for (int d = lower; d <= max_x; d++) {
		int pad = 0;

		for (int i = 0; i < n; i++)
			pad += (d - x[i] % d) % d;
		if (best_pad < 0 || pad <= best_pad) {
			best_pad = pad;
			best_d = d;
		}
	}
	return best_d;
}

/* The roles of layer i in registration order, sliding buckets keyed. */
static int
layer_roles(int ratio, int *roles)
{
	int n = 0;

	if (ratio == 4) {
		roles[n++] = KV_DSV4_C4_ATTN;
		roles[n++] = KV_DSV4_SWA;
		roles[n++] = KV_DSV4_C4_STATE;
		roles[n++] = KV_DSV4_C4_INDEXER;
		roles[n++] = KV_DSV4_INDEXER_STATE;
	} else if (ratio == 128) {
		roles[n++] = KV_DSV4_C128_ATTN;
		roles[n++] = KV_DSV4_SWA;
		roles[n++] = KV_DSV4_C128_STATE;
	} else {
		roles[n++] = KV_DSV4_SWA;
	}
	return n;
}

/* group_and_unify_kv_cache_specs: the MLA bucket, then (block, window). */
static int
collect_buckets(const struct kv_dsv4_model *m, struct kv_dsv4_layout *out,
    struct bucket *b, int *nb, char *err, size_t errlen)
{
	*nb = 1;
	memset(&b[0], 0, sizeof b[0]);
	for (int i = 0; i < m->n_layers; i++) {
		int ratio = m->compress_ratios[i], roles[5];
		int nr;

		if (ratio != 0 && ratio != 1 && ratio != 4 && ratio != 128) {
			/* sparse_swa.py _layer_type_for */
			snprintf(err, errlen,
			    "Unsupported DeepseekV4 compress_ratio=%d; "
			    "expected 1, 4, or 128.",
			    ratio);
			return -1;
		}
		nr = layer_roles(ratio, roles);
		for (int r = 0; r < nr; r++) {
			const struct kv_dsv4_spec *s = &out->role[roles[r]];
			int k;

			out->n_role[roles[r]]++;
			out->n_specs++;
			if (s->window == 0) {
				bucket_add(&b[0], s->page);
				continue;
			}
			for (k = 1; k < *nb; k++)
				if (b[k].block_size == s->block_size &&
				    b[k].window == s->window)
					break;
			if (k == *nb) {
				memset(&b[k], 0, sizeof b[k]);
				b[k].block_size = s->block_size;
				b[k].window = s->window;
				(*nb)++;
			}
			bucket_add(&b[k], s->page);
		}
	}
	if (b[0].n == 0) {
		/* group_and_unify_kv_cache_specs: assert len(mla_specs) > 0 */
		snprintf(err, errlen,
		    "compress_ratios has no compressed layer (4 or 128): "
		    "vLLM's DeepSeek-V4 grouping needs one");
		return -1;
	}
	return 0;
}

static void
sort_pages(int64_t *page, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && page[j - 1] > page[j]; j--) {
			int64_t t = page[j];

			page[j] = page[j - 1];
			page[j - 1] = t;
		}
}

/*
 * One sliding bucket into groups (_get_kv_cache_groups_uniform_groups):
 * each page padded to the nearest MLA page at or above it, the layers of
 * each padded size counted (all equal, asserted), then split into
 * cdiv(count, tuples) groups taking layer tuples[i::n].
 */
static int
split_bucket(struct kv_dsv4_layout *out, const struct bucket *b, int tuples,
    char *err, size_t errlen)
{
	struct bucket padded;
	int n_layers, n_groups;

	memset(&padded, 0, sizeof padded);
	for (int i = 0; i < b->n; i++) {
		int64_t cand = -1;

		if (out->pool == KV_DSV4_POOL_DENSE) {
			/* #48993: no cross-group padding */
			for (int c = 0; c < b->count[i]; c++)
				bucket_add(&padded, b->page[i]);
			continue;
		}
		for (int k = 0; k < out->n_mla_pages; k++)
			if (out->mla_page[k] >= b->page[i]) {
				cand = out->mla_page[k];
				break;
			}
		if (cand < 0) {
			snprintf(err, errlen,
			    "a DeepSeek-V4 page of %lld bytes (%d-token "
			    "blocks) is larger than every compressed-MLA page; "
			    "vLLM's grouping asserts it fits one",
			    (long long)b->page[i], b->block_size);
			return -1;
		}
		for (int c = 0; c < b->count[i]; c++)
			bucket_add(&padded, cand);
	}
	n_layers = padded.count[0];
	for (int i = 1; i < padded.n; i++)
		if (padded.count[i] != n_layers) {
			snprintf(err, errlen,
			    "DeepSeek-V4 pages of %d-token blocks pad to sizes "
			    "with different layer counts; vLLM's grouping "
			    "asserts they are equal",
			    b->block_size);
			return -1;
		}
	n_groups = (int)cdiv64(n_layers, tuples);
	for (int i = 0; i < n_groups; i++) {
		struct kv_dsv4_group *g;
		int t = (n_layers - i + n_groups - 1) / n_groups;

		if (out->n_groups == KV_DSV4_MAX_GROUPS) {
			snprintf(err, errlen,
			    "more than %d DeepSeek-V4 cache groups",
			    KV_DSV4_MAX_GROUPS);
			return -1;
		}
		g = &out->group[out->n_groups++];
		memset(g, 0, sizeof *g);
		g->block_size = b->block_size;
		g->window = b->window;
		g->n_pages = padded.n;
		g->tuples = t;
		g->n_layers = t * padded.n;
		for (int k = 0; k < padded.n; k++) {
			g->page[k] = padded.page[k];
			g->count[k] = t;
		}
	}
	return 0;
}

static int64_t pool_bytes(const struct kv_dsv4_layout *);

int
kv_dsv4_build(const struct kv_dsv4_model *m, const struct kv_dsv4_params *p,
    struct kv_dsv4_layout *out, char *err, size_t errlen)
{
	struct bucket b[KV_DSV4_N_ROLES + 1];
	int nb, tuples[KV_DSV4_N_ROLES + 1], d;
	struct kv_dsv4_group *mla;

	memset(out, 0, sizeof *out);
	if (check_model(m, p, err, errlen) < 0)
		return -1;
	out->block_size = p->block_size;
	out->mnbt = p->mnbt;
	out->pool = p->pool;
	role_specs(m, p, out->role);
	if (collect_buckets(m, out, b, &nb, err, errlen) < 0)
		return -1;

	/* the MLA group: every compressed MLA spec, one group */
	mla = &out->group[out->n_groups++];
	mla->block_size = p->block_size;
	mla->n_pages = b[0].n;
	for (int k = 0; k < b[0].n; k++) {
		mla->page[k] = b[0].page[k];
		mla->count[k] = b[0].count[k];
		mla->n_layers += b[0].count[k];
		out->mla_page[k] = b[0].page[k];
		out->tuple_bytes += b[0].page[k];
	}
	mla->tuples = bucket_tuples(&b[0]);
	out->n_mla_pages = b[0].n;
	sort_pages(out->mla_page, out->n_mla_pages);

	for (int i = 0; i < nb; i++)
		tuples[i] = bucket_tuples(&b[i]);
	d = approximate_gcd(tuples, nb, tuples[0]);
	for (int i = 1; i < nb; i++)
		if (split_bucket(out, &b[i], d, err, errlen) < 0)
			return -1;

	/* _get_kv_cache_config_deepseek_v4: the longest bucket of any group */
	for (int g = 0; g < out->n_groups; g++)
		for (int k = 0; k < out->group[g].n_pages; k++)
			if (out->group[g].count[k] > out->num_layer_tuples)
				out->num_layer_tuples = out->group[g].count[k];
	out->bytes_per_block = pool_bytes(out);
	return 0;
}

/* The longest bucket of page size ps over the groups. */
static int
slots_of(const struct kv_dsv4_layout *l, int64_t ps)
{
	int n = 0;

	for (int g = 0; g < l->n_groups; g++)
		for (int k = 0; k < l->group[g].n_pages; k++)
			if (l->group[g].page[k] == ps &&
			    l->group[g].count[k] > n)
				n = l->group[g].count[k];
	return n;
}

/* _pool_bytes_per_block's DeepSeek-V4 branch, by the pool's rule. */
static int64_t
pool_bytes(const struct kv_dsv4_layout *l)
{
	int64_t n = 0;

	if (l->pool == KV_DSV4_POOL_TUPLES)
		return l->tuple_bytes * l->num_layer_tuples;
	if (l->pool == KV_DSV4_POOL_BUCKETS) {
		for (int k = 0; k < l->n_mla_pages; k++)
			n += l->mla_page[k] * slots_of(l, l->mla_page[k]);
		return n;
	}
	for (int g = 0; g < l->n_groups; g++) {
		int64_t sum = 0;

		for (int k = 0; k < l->group[g].n_pages; k++)
			sum += l->group[g].page[k] * l->group[g].count[k];
		if (sum > n)
			n = sum;
	}
	return n;
}

const char *
kv_dsv4_pool_change(enum kv_dsv4_pool r)
{
	switch (r) {
	case KV_DSV4_POOL_TUPLES: return "before #44454";
	case KV_DSV4_POOL_BUCKETS: return "from #44454";
	case KV_DSV4_POOL_DENSE: return "from #48993";
	}
	return "?";
}

const char *
kv_dsv4_pool_name(enum kv_dsv4_pool r)
{
	switch (r) {
	case KV_DSV4_POOL_TUPLES: return "tuples";
	case KV_DSV4_POOL_BUCKETS: return "buckets";
	case KV_DSV4_POOL_DENSE: return "dense";
	}
	return "?";
}

int64_t
kv_dsv4_bytes_per_block(const struct kv_dsv4_layout *l)
{
	return l->bytes_per_block;
}

int64_t
kv_dsv4_num_blocks(const struct kv_dsv4_layout *l, int64_t available)
{
	int64_t per = kv_dsv4_bytes_per_block(l);

	if (available <= 0 || per <= 0)
		return 0;
	return available / per;
}

/*
 * FullAttentionSpec.max_memory_usage_bytes over the page: cdiv(L, block);
 * SlidingWindowSpec.max_admission_blocks_per_request:
 * cdiv(min(window - 1 + mnbt, L), block) + 1.
 */
int64_t
kv_dsv4_group_pages(const struct kv_dsv4_layout *l, int g, int64_t len)
{
	const struct kv_dsv4_group *gr = &l->group[g];

	if (gr->window == 0)
		return cdiv64(len, gr->block_size);
	return cdiv64(min64(gr->window - 1 + (int64_t)l->mnbt, len),
		   gr->block_size) +
	    1;
}

int64_t
kv_dsv4_blocks_per_request(const struct kv_dsv4_layout *l, int64_t len)
{
	int64_t n = 0;

	for (int g = 0; g < l->n_groups; g++)
		n += kv_dsv4_group_pages(l, g, len);
	return n;
}

int64_t
kv_dsv4_needed_bytes(const struct kv_dsv4_layout *l, int64_t len)
{
	return kv_dsv4_blocks_per_request(l, len) * kv_dsv4_bytes_per_block(l);
}

int64_t
kv_dsv4_estimate_max_len(const struct kv_dsv4_layout *l, int64_t available,
    int64_t upper)
{
	int64_t lo = 1, hi = upper, best = 0;

	if (upper < 1 || kv_dsv4_needed_bytes(l, 1) > available)
		return 0;
	while (lo <= hi) {
		int64_t mid = lo + (hi - lo) / 2;

		if (kv_dsv4_needed_bytes(l, mid) <= available) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	return best;
}

int64_t
kv_dsv4_gather_workspace(const struct kv_dsv4_model *m, int64_t max_model_len,
    int mnbt)
{
	int64_t widest = 0;

	for (int i = 0; i < m->n_layers; i++) {
		int r = m->compress_ratios[i];
		int64_t n = r > 1 ? cdiv64(max_model_len, r) : 0;
		int64_t w = n + m->sliding_window + mnbt;

		if (w > widest)
			widest = w;
	}
	return 4 * widest * m->head_dim * 2;
}
