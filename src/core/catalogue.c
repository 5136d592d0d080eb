/*
 * catalogue.c - look-ups over the catalogue and the format tables.
 * Pure: no I/O; the only allocations are freed by the *_done() functions.
 */
#include "catalogue.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xalloc.h"

static const char *const fmt_names[FMT_COUNT] = {
	[FMT_BF16] = "bf16",
	[FMT_FP16] = "fp16",
	[FMT_FP32] = "fp32",
	[FMT_FP8] = "fp8",
	[FMT_FP8_CHANNEL] = "fp8-channel",
	[FMT_FP8_BLOCK] = "fp8-block",
	[FMT_INT8] = "int8",
	[FMT_AWQ] = "awq",
	[FMT_GPTQ] = "gptq",
	[FMT_NVFP4] = "nvfp4",
	[FMT_MXFP4] = "mxfp4",
};

static const char *const kv_names[KV_COUNT] = {
	[KV_AUTO] = "auto",
	[KV_BFLOAT16] = "bfloat16",
	[KV_FLOAT16] = "float16",
	[KV_FP8] = "fp8",
	[KV_FP8_E4M3] = "fp8_e4m3",
	[KV_FP8_E5M2] = "fp8_e5m2",
	[KV_FP8_INC] = "fp8_inc",
	[KV_FP8_DS_MLA] = "fp8_ds_mla",
	[KV_FP8_PER_TOKEN_HEAD] = "fp8_per_token_head",
	[KV_INT8_PER_TOKEN_HEAD] = "int8_per_token_head",
	[KV_NVFP4] = "nvfp4",
};

const char *
ckpt_format_name(enum ckpt_format f)
{
	return f < FMT_COUNT ? fmt_names[f] : "?";
}

int
ckpt_format_parse(const char *s, enum ckpt_format *out)
{
	static const struct {
		const char *name;
		enum ckpt_format f;
	} extra[] = {
		{ "bfloat16", FMT_BF16 },
		{ "float16", FMT_FP16 },
		{ "half", FMT_FP16 },
		{ "float32", FMT_FP32 },
		{ "float", FMT_FP32 },
		{ "fp8-tensor", FMT_FP8 },
		{ "fp8_block", FMT_FP8_BLOCK },
		{ "fp8-dynamic", FMT_FP8_CHANNEL },
		{ "w8a8", FMT_INT8 },
		{ "int4", FMT_AWQ },
		{ "awq-int4", FMT_AWQ },
		{ "gptq-int4", FMT_GPTQ },
		{ "w4a16", FMT_GPTQ },
		{ "fp4", FMT_NVFP4 },
		{ "modelopt_fp4", FMT_NVFP4 },
	};
	size_t i;

	for (i = 0; i < FMT_COUNT; i++) {
		if (strcasecmp(s, fmt_names[i]) == 0) {
			*out = (enum ckpt_format)i;
			return 0;
		}
	}
	for (i = 0; i < sizeof extra / sizeof extra[0]; i++) {
		if (strcasecmp(s, extra[i].name) == 0) {
			*out = extra[i].f;
			return 0;
		}
	}
	return -1;
}

double
ckpt_format_bytes_per_param(enum ckpt_format f, int in, int out)
{
	double g = 128.0;

	if (in <= 0)
		in = 4096;
	if (out <= 0)
		out = 4096;
	switch (f) {
	case FMT_BF16:
	case FMT_FP16: return 2.0;
	case FMT_FP32: return 4.0;
	case FMT_FP8: return 1.0;
	case FMT_FP8_CHANNEL:
	case FMT_INT8: return 1.0 + 4.0 / in;
	case FMT_FP8_BLOCK: return 1.0 + 4.0 / 16384.0;
	case FMT_AWQ: return 0.5 + 2.5 / g;
	case FMT_GPTQ: return 0.5 + 2.5 / g + 4.0 / out;
	case FMT_NVFP4: return 0.5625;
	case FMT_MXFP4: return 0.53125;
	case FMT_COUNT: break;
	}
	return 2.0;
}

static const char *const st_pooling_names[] = { "none", "last", "mean", "cls",
	"other" };

const char *
model_st_pooling_name(int p)
{
	return p >= MODEL_ST_NONE && p <= MODEL_ST_OTHER ? st_pooling_names[p]
							 : "?";
}

int
model_st_pooling_parse(const char *s, int *out)
{
	int i;

	for (i = MODEL_ST_NONE; s != NULL && i <= MODEL_ST_OTHER; i++)
		if (strcmp(s, st_pooling_names[i]) == 0) {
			*out = i;
			return 0;
		}
	return -1;
}

static const struct model_bare_class bare_classes[] = {
	{ "LlamaModel", "LlamaForCausalLM", 1 },
	{ "MistralModel", "LlamaForCausalLM", 1 },
	{ "Qwen2Model", "Qwen2ForCausalLM", 1 },
	{ "Gemma2Model", "Gemma2ForCausalLM", 1 },
	{ "Qwen3Model", "Qwen3ForCausalLM", 0 },
};

const struct model_bare_class *
model_bare_class_find(const char *arch)
{
	size_t i;

	for (i = 0;
	     arch != NULL && i < sizeof bare_classes / sizeof bare_classes[0];
	     i++)
		if (strcmp(arch, bare_classes[i].bare) == 0)
			return &bare_classes[i];
	return NULL;
}

const char *
model_seq_cls_decoder(const char *arch)
{
	static const char *const classes[][2] = {
		{ "LlamaForSequenceClassification", "LlamaForCausalLM" },
		{ "MistralForSequenceClassification", "MistralForCausalLM" },
		{ "Qwen2ForSequenceClassification", "Qwen2ForCausalLM" },
		{ "Qwen3ForSequenceClassification", "Qwen3ForCausalLM" },
		{ "GemmaForSequenceClassification", "GemmaForCausalLM" },
		{ "Gemma2ForSequenceClassification", "Gemma2ForCausalLM" },
	};
	size_t i;

	for (i = 0; arch != NULL && i < sizeof classes / sizeof classes[0]; i++)
		if (strcmp(arch, classes[i][0]) == 0)
			return classes[i][1];
	return NULL;
}

const char *
model_reward_class_decoder(const char *arch, int *num_labels)
{
	if (arch != NULL && strcmp(arch, "Qwen2ForRewardModel") == 0) {
		*num_labels = 1;
		return "Qwen2ForCausalLM";
	}
	if (model_reward_class_steps(arch)) {
		*num_labels = 2;
		return "Qwen2ForCausalLM";
	}
	return NULL;
}

int
model_reward_class_steps(const char *arch)
{
	return arch != NULL && strcmp(arch, "Qwen2ForProcessRewardModel") == 0;
}

const char *
kv_dtype_name(enum kv_dtype k)
{
	return k < KV_COUNT ? kv_names[k] : "?";
}

int
kv_dtype_parse(const char *s, enum kv_dtype *out)
{
	size_t i;

	for (i = 0; i < KV_COUNT; i++) {
		if (strcmp(s, kv_names[i]) == 0) {
			*out = (enum kv_dtype)i;
			return 0;
		}
	}
	if (strcmp(s, "bf16") == 0) {
		*out = KV_BFLOAT16;
		return 0;
	}
	if (strcmp(s, "fp16") == 0 || strcmp(s, "half") == 0) {
		*out = KV_FLOAT16;
		return 0;
	}
	return -1;
}

int
kv_dtype_is_fp8(enum kv_dtype k)
{
	return k == KV_FP8 || k == KV_FP8_E4M3 || k == KV_FP8_E5M2 ||
	    k == KV_FP8_INC || k == KV_FP8_DS_MLA || k == KV_FP8_PER_TOKEN_HEAD;
}

int
kv_dtype_bytes(enum kv_dtype k, int model_bytes)
{
	switch (k) {
	case KV_AUTO: return model_bytes;
	case KV_BFLOAT16:
	case KV_FLOAT16: return 2;
	case KV_NVFP4: return 0;
	default: return 1;
	}
}

int
catalogue_find_gpu(const struct catalogue *c, const char *id)
{
	size_t i;

	for (i = 0; i < c->n_gpus; i++)
		if (strcasecmp(c->gpus[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
catalogue_find_model(const struct catalogue *c, const char *id)
{
	size_t i, j;

	/* Later entries (user files) override earlier ones: search backwards. */
	for (i = c->n_models; i-- > 0;) {
		if (strcasecmp(c->models[i].id, id) == 0)
			return (int)i;
	}
	for (i = c->n_models; i-- > 0;) {
		for (j = 0; j < c->models[i].n_aliases; j++)
			if (strcasecmp(c->models[i].aliases[j], id) == 0)
				return (int)i;
	}
	return -1;
}

int
catalogue_find_ckpt(const struct catalogue *c, const char *id)
{
	size_t i;

	for (i = c->n_ckpts; i-- > 0;)
		if (strcasecmp(c->ckpts[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
catalogue_find_mig(const struct gpu *g, const char *profile)
{
	size_t i;

	for (i = 0; i < g->n_mig; i++)
		if (strcasecmp(g->mig[i].name, profile) == 0)
			return (int)i;
	return -1;
}

int
catalogue_model_ckpt(const struct catalogue *c, int model, enum ckpt_format f)
{
	size_t i;
	int best = -1;

	for (i = 0; i < c->n_ckpts; i++) {
		const struct checkpoint *k = &c->ckpts[i];

		if (k->model_index != model || k->format != f)
			continue;
		if (best < 0 ||
		    (k->loaded_gib > 0 && c->ckpts[best].loaded_gib <= 0))
			best = (int)i;
	}
	return best;
}

const struct coeff_set *
catalogue_coeffs(const struct catalogue *c, int version)
{
	const struct coeff_set *best = NULL;
	size_t i;

	for (i = 0; i < c->n_coeffs; i++) {
		const struct coeff_set *s = &c->coeffs[i];

		if (s->from_version <= version &&
		    (best == NULL || s->from_version >= best->from_version))
			best = s;
	}
	if (best == NULL && c->n_coeffs > 0)
		best = &c->coeffs[0];
	return best;
}

static size_t
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t row[128], prev, tmp;

	if (lb >= sizeof row / sizeof row[0])
		lb = sizeof row / sizeof row[0] - 1;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		prev = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t cost = tolower((unsigned char)a[i - 1]) ==
				tolower((unsigned char)b[j - 1])
			    ? 0
			    : 1;
			tmp = row[j];
			row[j] = prev + cost;
			if (row[j - 1] + 1 < row[j])
				row[j] = row[j - 1] + 1;
			if (tmp + 1 < row[j])
				row[j] = tmp + 1;
			prev = tmp;
		}
	}
	return row[lb];
}

static size_t
name_score(const char *want, const char *have)
{
	size_t d = edit_distance(want, have);

	if (strcasestr(have, want) != NULL)
		d = d / 4;
	return d;
}

size_t
catalogue_suggest(const struct catalogue *c, char kind, const char *id,
    int *out, size_t n)
{
	size_t count, i, j, k, used = 0;
	size_t scores[16];

	if (n > 16)
		n = 16;
	count = kind == 'g' ? c->n_gpus
	    : kind == 'm'   ? c->n_models
			    : c->n_ckpts;
	for (i = 0; i < count; i++) {
		size_t s;

		if (kind == 'g')
			s = name_score(id, c->gpus[i].id);
		else if (kind == 'c')
			s = name_score(id, c->ckpts[i].id);
		else {
			s = name_score(id, c->models[i].id);
			for (j = 0; j < c->models[i].n_aliases; j++) {
				size_t t =
				    name_score(id, c->models[i].aliases[j]);
				if (t < s)
					s = t;
			}
		}
		for (j = 0; j < used && scores[j] <= s; j++)
			;
		if (j >= n)
			continue;
		if (used < n)
			used++;
		for (k = used - 1; k > j; k--) {
			scores[k] = scores[k - 1];
			out[k] = out[k - 1];
		}
		scores[j] = s;
		out[j] = (int)i;
	}
	return used;
}

/* A copy of s the copy owns; NULL stays NULL (xstrdup() would give ""). */
static char *
dup_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

/* A copy of n elements of size bytes at p; NULL stays NULL. */
static void *
dup_array(const void *p, size_t n, size_t size)
{
	void *d;

	if (p == NULL)
		return NULL;
	d = xcalloc(n ? n : 1, size);
	memcpy(d, p, n * size);
	return d;
}

void
gpu_copy(struct gpu *dst, const struct gpu *src)
{
	size_t i;

	*dst = *src;
	dst->id = dup_or_null(src->id);
	dst->name = dup_or_null(src->name);
	dst->family = dup_or_null(src->family);
	dst->source = dup_or_null(src->source);
	dst->status = dup_or_null(src->status);
	dst->cuda_total_source = dup_or_null(src->cuda_total_source);
	dst->price_date = dup_or_null(src->price_date);
	dst->price_source = dup_or_null(src->price_source);
	dst->mig = dup_array(src->mig, src->n_mig, sizeof *src->mig);
	for (i = 0; i < src->n_mig; i++) {
		dst->mig[i].name = dup_or_null(src->mig[i].name);
		dst->mig[i].source = dup_or_null(src->mig[i].source);
	}
}

void
model_copy(struct model *dst, const struct model *src)
{
	/* the per-layer arrays hold one entry per layer, and at least one */
	size_t nl = src->layers > 0 ? (size_t)src->layers : 1, i;

	*dst = *src;
	dst->id = dup_or_null(src->id);
	dst->name = dup_or_null(src->name);
	dst->family = dup_or_null(src->family);
	dst->architecture = dup_or_null(src->architecture);
	dst->model_type = dup_or_null(src->model_type);
	dst->source = dup_or_null(src->source);
	dst->derived_key = dup_or_null(src->derived_key);
	dst->default_checkpoint = dup_or_null(src->default_checkpoint);
	dst->layer_kind =
	    dup_array(src->layer_kind, nl, sizeof *src->layer_kind);
	dst->ld = dup_array(src->ld, nl, sizeof *src->ld);
	dst->assumption = dup_or_null(src->assumption);
	dst->refusal = dup_or_null(src->refusal);
	dst->aliases =
	    dup_array(src->aliases, src->n_aliases, sizeof *src->aliases);
	for (i = 0; i < src->n_aliases; i++)
		dst->aliases[i] = dup_or_null(src->aliases[i]);
}

void
checkpoint_copy(struct checkpoint *dst, const struct checkpoint *src)
{
	*dst = *src;
	dst->id = dup_or_null(src->id);
	dst->model_id = dup_or_null(src->model_id);
	dst->producer = dup_or_null(src->producer);
	dst->source = dup_or_null(src->source);
	dst->status = dup_or_null(src->status);
	if (src->arch != NULL) {
		dst->arch = xmalloc(sizeof *dst->arch);
		model_copy(dst->arch, src->arch);
	}
}

void
catalogue_node_copy(struct node *dst, const struct node *src)
{
	*dst = *src;
	dst->id = dup_or_null(src->id);
	dst->name = dup_or_null(src->name);
	dst->gpu_id = dup_or_null(src->gpu_id);
	dst->inter_node = dup_or_null(src->inter_node);
	dst->source = dup_or_null(src->source);
	dst->status = dup_or_null(src->status);
	dst->price_date = dup_or_null(src->price_date);
	dst->price_source = dup_or_null(src->price_source);
}

void
gpu_done(struct gpu *g)
{
	size_t i;

	free(g->id);
	free(g->name);
	free(g->family);
	free(g->source);
	free(g->status);
	free(g->cuda_total_source);
	free(g->price_date);
	free(g->price_source);
	for (i = 0; i < g->n_mig; i++) {
		free(g->mig[i].name);
		free(g->mig[i].source);
	}
	free(g->mig);
	memset(g, 0, sizeof *g);
}

void
model_done(struct model *m)
{
	size_t i;

	free(m->id);
	free(m->name);
	free(m->family);
	free(m->architecture);
	free(m->model_type);
	free(m->source);
	free(m->derived_key);
	free(m->default_checkpoint);
	free(m->layer_kind);
	free(m->ld);
	free(m->assumption);
	free(m->refusal);
	free(m->speculators_method);
	for (i = 0; i < m->n_aliases; i++)
		free(m->aliases[i]);
	free(m->aliases);
	memset(m, 0, sizeof *m);
}

void
checkpoint_done(struct checkpoint *k)
{
	free(k->id);
	free(k->model_id);
	free(k->producer);
	free(k->source);
	free(k->status);
	if (k->arch != NULL) {
		model_done(k->arch);
		free(k->arch);
	}
	memset(k, 0, sizeof *k);
}

int
catalogue_find_node(const struct catalogue *c, const char *id)
{
	size_t i;

	for (i = 0; id != NULL && i < c->n_nodes; i++)
		if (strcmp(c->nodes[i].id, id) == 0)
			return (int)i;
	return -1;
}

void
catalogue_node_done(struct node *n)
{
	free(n->id);
	free(n->name);
	free(n->gpu_id);
	free(n->inter_node);
	free(n->source);
	free(n->status);
	free(n->price_date);
	free(n->price_source);
	memset(n, 0, sizeof *n);
}

void
catalogue_done(struct catalogue *c)
{
	size_t i;

	for (i = 0; i < c->n_gpus; i++)
		gpu_done(&c->gpus[i]);
	for (i = 0; i < c->n_models; i++)
		model_done(&c->models[i]);
	for (i = 0; i < c->n_ckpts; i++)
		checkpoint_done(&c->ckpts[i]);
	for (i = 0; i < c->n_coeffs; i++)
		free(c->coeffs[i].source);
	for (i = 0; i < c->n_nodes; i++)
		catalogue_node_done(&c->nodes[i]);
	for (i = 0; i < c->n_kv_errors; i++) {
		free(c->kv_errors[i].family);
		free(c->kv_errors[i].source);
	}
	free(c->kv_errors);
	free(c->nodes);
	free(c->gpus);
	free(c->models);
	free(c->ckpts);
	free(c->coeffs);
	free(c->coeff_source);
	memset(c, 0, sizeof *c);
}
