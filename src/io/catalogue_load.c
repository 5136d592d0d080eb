/*
 * catalogue_load.c - interpretation of catalogue YAML.  Invariant: every
 * entry appended to the catalogue passed its checks; a rejected entry
 * leaves the catalogue as it was.
 */
#include "catalogue_load.h"

#include <dirent.h>
#include <stddef.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/closecall.h"
#include "core/vllm_version.h"
#include "core/xalloc.h"
#include "io/hfconfig.h"
#include "io/idindex.h"
#include "io/speed_load.h"
#include "io/textfile.h"
#include "io/xdg.h"
#include "io/yamltree.h"
#include "core/units.h"

struct ctx {
	const char *name;
	catalogue_diag_fn diag;
	void *ctx;
	int problems;
	/* the ids already loaded: a file of any length loads in linear time */
	struct idindex gpus, models, ckpts;
};

static void __attribute__((format(printf, 4, 5)))
report(struct ctx *x, const cJSON *obj, const char *key, const char *fmt, ...)
{
	char msg[768], full[1024];
	int line, col;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	yamltree_pos(obj, key, &line, &col);
	snprintf(full, sizeof full, "%s:%d:%d: %s", x->name, line, col, msg);
	x->problems++;
	if (x->diag)
		x->diag(x->ctx, full);
}

static const char *
str_field(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Number field: 0 ok, 1 absent, -1 present but not a number (reported). */
static int
num_field(struct ctx *x, const cJSON *o, const char *k, double *out,
    const char *what)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (v == NULL || cJSON_IsNull(v))
		return 1;
	if (!cJSON_IsNumber(v)) {
		report(x, o, k, "%s: %s must be a number", what, k);
		return -1;
	}
	*out = v->valuedouble;
	return 0;
}

/* An integer field in [lo, hi]: 0 ok, 1 absent, -1 not a number or out of range (reported). */
static int
int_field(struct ctx *x, const cJSON *o, const char *k, int64_t lo, int64_t hi,
    int64_t *out, const char *what)
{
	double d;
	char why[160];
	int r = num_field(x, o, k, &d, what);

	if (r != 0)
		return r;
	if (units_checked_int(d, lo, hi, out, why, sizeof why) != 0) {
		report(x, o, k, "%s: %s: %s", what, k, why);
		return -1;
	}
	return 0;
}

static int
bool_field(const cJSON *o, const char *k, int def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsBool(v) ? cJSON_IsTrue(v) : def;
}

/* A true/false field of a card: def when absent; a value of another kind
 * is reported and def taken. */
static int
gpu_bool_field(struct ctx *x, const cJSON *o, const char *k, int def,
    const char *id)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (v == NULL || cJSON_IsNull(v) || cJSON_IsBool(v))
		return bool_field(o, k, def);
	report(x, o, k, "gpu '%s': %s must be true or false", id, k);
	return def;
}

/*
 * Room for entry n of an array only grow() allocates: its capacity is 16,
 * then the power of two at or above n, doubled when n reaches it, so a
 * catalogue of any length is copied a bounded number of times.
 */
static void *
grow(void *arr, size_t n, size_t size)
{
	void *p;

	if (n != 0 && (n < 16 || (n & (n - 1)) != 0))
		return arr;
	p = realloc(arr, (n == 0 ? 16 : 2 * n) * size);
	if (p == NULL)
		abort();
	return p;
}

/*
 * The put_*() functions take an entry that passed its checks (the
 * catalogue owns it from then on): it replaces the entry of the same id
 * (from_version for coefficients) or is appended.
 */
static void
put_gpu(struct ctx *x, struct catalogue *c, const struct gpu *g)
{
	int i = idindex_get(&x->gpus, g->id);

	if (i >= 0) {
		/* the index borrows the old entry's id: hand it the new one first */
		idindex_put(&x->gpus, g->id, i);
		gpu_done(&c->gpus[i]);
		c->gpus[i] = *g;
	} else {
		c->gpus = grow(c->gpus, c->n_gpus, sizeof *c->gpus);
		i = (int)c->n_gpus;
		c->gpus[c->n_gpus++] = *g;
		idindex_put(&x->gpus, c->gpus[i].id, i);
	}
}

static void
put_model(struct ctx *x, struct catalogue *c, const struct model *m)
{
	int i = idindex_get(&x->models, m->id);

	if (i >= 0) {
		idindex_put(&x->models, m->id, i);
		model_done(&c->models[i]);
		c->models[i] = *m;
	} else {
		c->models = grow(c->models, c->n_models, sizeof *c->models);
		i = (int)c->n_models;
		c->models[c->n_models++] = *m;
		idindex_put(&x->models, c->models[i].id, i);
	}
}

static void
put_ckpt(struct ctx *x, struct catalogue *c, const struct checkpoint *k)
{
	int i = idindex_get(&x->ckpts, k->id);

	if (i >= 0) {
		idindex_put(&x->ckpts, k->id, i);
		checkpoint_done(&c->ckpts[i]);
		c->ckpts[i] = *k;
	} else {
		c->ckpts = grow(c->ckpts, c->n_ckpts, sizeof *c->ckpts);
		i = (int)c->n_ckpts;
		c->ckpts[c->n_ckpts++] = *k;
		idindex_put(&x->ckpts, c->ckpts[i].id, i);
	}
}

static void
put_coeffs(struct catalogue *c, const struct coeff_set *s)
{
	size_t i;

	for (i = 0; i < c->n_coeffs; i++) {
		if (c->coeffs[i].from_version == s->from_version) {
			free(c->coeffs[i].source);
			c->coeffs[i] = *s;
			return;
		}
	}
	c->coeffs = grow(c->coeffs, c->n_coeffs, sizeof *c->coeffs);
	c->coeffs[c->n_coeffs++] = *s;
}

/* An estimate error replaces the one of its family, or is appended. */
static void
put_kv_error(struct catalogue *c, const struct kv_error *e)
{
	size_t i;

	for (i = 0; i < c->n_kv_errors; i++) {
		if (strcmp(c->kv_errors[i].family, e->family) == 0) {
			free(c->kv_errors[i].family);
			free(c->kv_errors[i].source);
			c->kv_errors[i] = *e;
			return;
		}
	}
	c->kv_errors = grow(c->kv_errors, c->n_kv_errors, sizeof *c->kv_errors);
	c->kv_errors[c->n_kv_errors++] = *e;
}

static void
put_node(struct catalogue *c, const struct node *nd)
{
	int i = catalogue_find_node(c, nd->id);

	if (i >= 0) {
		catalogue_node_done(&c->nodes[i]);
		c->nodes[i] = *nd;
	} else {
		c->nodes = grow(c->nodes, c->n_nodes, sizeof *c->nodes);
		c->nodes[c->n_nodes++] = *nd;
	}
}

/* A card's memory: cuda_total_gib (or from nvidia_smi_mib) in range, and
 * nvidia_smi_mib when given; -1 (reported) when not. */
static int
load_gpu_total(struct ctx *x, const cJSON *e, const char *id, struct gpu *g)
{
	int64_t n;

	if (num_field(x, e, "cuda_total_gib", &g->cuda_total_gib, "gpu") != 0) {
		double mib;

		if (num_field(x, e, "nvidia_smi_mib", &mib, "gpu") != 0) {
			report(x, e, "cuda_total_gib",
			    "gpu '%s': needs cuda_total_gib "
			    "(the total CUDA reports, GiB) or nvidia_smi_mib",
			    id);
			return -1;
		}
		g->cuda_total_gib = mib / 1024.0 - 0.46;
	}
	if (g->cuda_total_gib <= 0 || g->cuda_total_gib > 4096) {
		report(x, e, "cuda_total_gib",
		    "gpu '%s': cuda_total_gib %.2f is out "
		    "of range (0, 4096]",
		    id, g->cuda_total_gib);
		return -1;
	}
	switch (int_field(x, e, "nvidia_smi_mib", 1, 1 << 24, &n, "gpu")) {
	case 0: g->nvidia_smi_mib = n; break;
	case 1: break;
	default: return -1; /* a card with a field out of range is not loaded */
	}
	return 0;
}

/*
 * The host memory a unified-memory card's startup counts as non-torch: a
 * figure >= 0 and < 64 GiB, on a card with unified_memory, with its
 * unified_host_source; otherwise reported and -1 (the card is not loaded:
 * planned at 0 it would show more KV cache than the card has).
 */
static int
load_gpu_unified_host(struct ctx *x, const cJSON *e, const char *id,
    struct gpu *g)
{
	double v = 0;

	switch (num_field(x, e, "unified_host_gib", &v, "gpu")) {
	case 0: break;
	case 1: return 0;
	default: return -1;
	}
	if (v < 0 || v >= 64) {
		report(x, e, "unified_host_gib",
		    "gpu '%s': unified_host_gib %.2f is out of range [0, 64)",
		    id, v);
		return -1;
	}
	if (!g->unified) {
		report(x, e, "unified_host_gib",
		    "gpu '%s': unified_host_gib needs unified_memory: true",
		    id);
		return -1;
	}
	if (str_field(e, "unified_host_source") == NULL) {
		report(x, e, "unified_host_gib",
		    "gpu '%s': unified_host_gib needs a unified_host_source",
		    id);
		return -1;
	}
	g->unified_host_gib = v;
	return 0;
}

/* The rest of a card: names, sources, figures, compute capability and
 * what it computes in; -1 (reported) when a field that changes the plan
 * is invalid. */
static int
load_gpu_fields(struct ctx *x, const cJSON *e, const char *id, struct gpu *g)
{
	const char *name = str_field(e, "name");
	const cJSON *cc;

	g->id = xstrdup(id);
	g->name = xstrdup(name ? name : id);
	g->family =
	    xstrdup(str_field(e, "family") ? str_field(e, "family") : "Other");
	g->source = xstrdup(str_field(e, "source"));
	g->status = xstrdup(str_field(e, "status"));
	g->cuda_total_source = xstrdup(str_field(e, "cuda_total_source"));
	g->price_date = xstrdup(str_field(e, "price_date"));
	g->price_source = xstrdup(str_field(e, "price_source"));
	num_field(x, e, "memory_gb", &g->memory_gb, "gpu");
	num_field(x, e, "bandwidth_gbs", &g->bandwidth_gbs, "gpu");
	num_field(x, e, "nvlink_gbs", &g->nvlink_gbs, "gpu");
	num_field(x, e, "pcie_gbs", &g->pcie_gbs, "gpu");
	num_field(x, e, "bf16_dense_tflops", &g->bf16_tflops, "gpu");
	num_field(x, e, "tdp_w", &g->tdp_w, "gpu");
	num_field(x, e, "price_usd_per_hour", &g->price_per_hour, "gpu");
	cc = cJSON_GetObjectItemCaseSensitive(e, "compute_capability");
	if (cJSON_IsNumber(cc))
		g->compute_capability = cc->valuedouble;
	else if (cJSON_IsString(cc))
		g->compute_capability = units_strtod(cc->valuestring, NULL);
	g->fp8 = gpu_bool_field(x, e, "fp8", g->compute_capability >= 8.9, id);
	g->fp4 = gpu_bool_field(x, e, "fp4", g->compute_capability >= 10.0, id);
	g->unified = gpu_bool_field(x, e, "unified_memory", 0, id);
	return load_gpu_unified_host(x, e, id, g);
}

/* One MIG profile of card id into g->mig[g->n_mig]; a bad one is reported
 * and left out. */
static void
load_gpu_mig_profile(struct ctx *x, const cJSON *mp, const char *id,
    struct gpu *g)
{
	struct mig_profile *p = &g->mig[g->n_mig];
	const char *pn = str_field(mp, "profile");
	double tot = 0;
	int64_t cnt = 1, sm = 0;

	if (pn == NULL ||
	    num_field(x, mp, "cuda_total_gib", &tot, "mig") != 0 || tot <= 0) {
		report(x, mp, pn ? "cuda_total_gib" : "profile",
		    "gpu '%s': "
		    "MIG profile needs profile and "
		    "cuda_total_gib > 0",
		    id);
		return;
	}
	if (int_field(x, mp, "max_count", 1, 64, &cnt, "mig") < 0 ||
	    int_field(x, mp, "sm_count", 0, 1 << 20, &sm, "mig") < 0)
		return;
	p->name = xstrdup(pn);
	p->max_count = (int)cnt;
	p->total_gib = tot;
	p->sm_count = (int)sm;
	p->source = xstrdup(str_field(mp, "source"));
	g->n_mig++;
}

static int
load_gpu(struct ctx *x, struct catalogue *c, const cJSON *e)
{
	struct gpu g;
	const char *id = str_field(e, "id");
	const cJSON *mig, *mp;

	memset(&g, 0, sizeof g);
	if (id == NULL || *id == '\0') {
		report(x, e, "id", "gpu: missing id");
		return -1;
	}
	if (load_gpu_total(x, e, id, &g) != 0)
		return -1;
	if (load_gpu_fields(x, e, id, &g) != 0) {
		gpu_done(&g);
		return -1;
	}
	mig = cJSON_GetObjectItemCaseSensitive(e, "mig");
	if (cJSON_IsArray(mig)) {
		g.mig =
		    calloc((size_t)cJSON_GetArraySize(mig) + 1, sizeof *g.mig);
		if (g.mig == NULL)
			abort();
		cJSON_ArrayForEach(mp, mig)
			load_gpu_mig_profile(x, mp, id, &g);
	}
	put_gpu(x, c, &g);
	return 0;
}

/* Removes the "@pos" members of o and of everything below it (yamltree
 * nests no deeper than its MAX_DEPTH, so the recursion is bounded). */
static void
strip_positions(cJSON *o)
{
	cJSON *it;

	cJSON_DeleteItemFromObjectCaseSensitive(o, "@pos");
	for (it = o->child; it != NULL; it = it->next)
		if (cJSON_IsObject(it) || cJSON_IsArray(it))
			strip_positions(it);
}

/*
 * A config mapping as config.json gives it: a copy without the "@pos"
 * members yamltree adds, so that hfconfig_read() sees what it sees in a
 * file (a mapping's first member is its first key).  Freed by the caller.
 */
static cJSON *
config_copy(const cJSON *cfg)
{
	cJSON *c = cJSON_Duplicate(cfg, 1);

	if (c == NULL)
		abort();
	strip_positions(c);
	return c;
}

/*
 * Reads a config mapping into *m as --model DIR reads config.json; 0, or -1
 * reported at the offending key ("what 'id': ...").
 */
static int
read_config(struct ctx *x, const cJSON *cfg, const char *what, const char *id,
    struct model *m)
{
	cJSON *plain = config_copy(cfg);
	const char *bad = NULL;
	char err[512], key[128] = "";
	int r = hfconfig_read(plain, m, err, sizeof err, &bad);

	if (r != 0 && bad != NULL)
		snprintf(key, sizeof key, "%s", bad);
	cJSON_Delete(plain);
	if (r != 0) {
		const cJSON *tc =
		    cJSON_GetObjectItemCaseSensitive(cfg, "text_config");
		const cJSON *where = cfg;

		if (key[0] && cJSON_IsObject(tc) &&
		    cJSON_GetObjectItemCaseSensitive(tc, key))
			where = tc;
		report(x, where, key[0] ? key : NULL, "%s '%s': %s", what, id,
		    err);
		return -1;
	}
	return 0;
}

static int
load_model(struct ctx *x, struct catalogue *c, const cJSON *e)
{
	struct model m;
	const char *id = str_field(e, "id");
	const cJSON *cfg = cJSON_GetObjectItemCaseSensitive(e, "config");
	const cJSON *al, *a;

	if (id == NULL || *id == '\0') {
		report(x, e, "id", "model: missing id");
		return -1;
	}
	if (!cJSON_IsObject(cfg)) {
		report(x, e, "config",
		    "model '%s': missing config (the model's "
		    "config.json fields)",
		    id);
		return -1;
	}
	if (read_config(x, cfg, "model", id, &m) != 0)
		return -1;
	m.id = xstrdup(id);
	m.name = xstrdup(str_field(e, "name") ? str_field(e, "name") : id);
	m.family =
	    xstrdup(str_field(e, "family") ? str_field(e, "family") : "Other");
	m.source = xstrdup(str_field(e, "source"));
	num_field(x, e, "params_b", &m.params_b, "model");
	if (str_field(e, "sentence_transformers_pooling") &&
	    model_st_pooling_parse(str_field(e,
				       "sentence_transformers_pooling"),
		&m.st_pooling) != 0) {
		report(x, e, "sentence_transformers_pooling",
		    "model '%s': unknown sentence_transformers_pooling '%s' "
		    "(none, last, mean, cls or other)",
		    id, str_field(e, "sentence_transformers_pooling"));
		model_done(&m);
		return -1;
	}
	if (str_field(e, "default_checkpoint")) {
		enum ckpt_format f;

		if (ckpt_format_parse(str_field(e, "default_checkpoint"), &f) !=
		    0) {
			report(x, e, "default_checkpoint",
			    "model '%s': unknown "
			    "default_checkpoint '%s'",
			    id, str_field(e, "default_checkpoint"));
			model_done(&m);
			return -1;
		}
		free(m.default_checkpoint);
		m.default_checkpoint = xstrdup(ckpt_format_name(f));
		m.native_format = f;
	}
	al = cJSON_GetObjectItemCaseSensitive(e, "aliases");
	if (cJSON_IsArray(al)) {
		m.aliases = calloc((size_t)cJSON_GetArraySize(al) + 1,
		    sizeof *m.aliases);
		if (m.aliases == NULL)
			abort();
		cJSON_ArrayForEach(a, al)
			if (cJSON_IsString(a))
				m.aliases[m.n_aliases++] =
				    xstrdup(a->valuestring);
	}
	put_model(x, c, &m);
	return 0;
}

/*
 * A checkpoint's own config.json (config:), read as --model DIR reads it: its
 * quantization_config must give the entry's format, and a KV format it sets
 * becomes the checkpoint's.  0 (k->arch set, or none given) or -1, reported.
 */
static int
load_ckpt_config(struct ctx *x, const cJSON *e, const char *id,
    struct checkpoint *k)
{
	const cJSON *cfg = cJSON_GetObjectItemCaseSensitive(e, "config");
	struct model *a;

	if (cfg == NULL)
		return 0;
	if (!cJSON_IsObject(cfg)) {
		report(x, e, "config",
		    "checkpoint '%s': config must be a mapping (the "
		    "checkpoint's config.json fields)",
		    id);
		return -1;
	}
	a = xcalloc(1, sizeof *a);
	if (read_config(x, cfg, "checkpoint", id, a) != 0) {
		free(a);
		return -1;
	}
	/* a refused architecture stops before its quantization is read */
	if (a->refusal == NULL && a->native_format != k->format) {
		report(x, e, "format",
		    "checkpoint '%s': format '%s', but its config's "
		    "quantization_config reads as '%s'",
		    id, ckpt_format_name(k->format),
		    ckpt_format_name(a->native_format));
		model_done(a);
		free(a);
		return -1;
	}
	if (a->native_kv != KV_AUTO && k->kv != KV_AUTO &&
	    a->native_kv != k->kv) {
		report(x, e, "kv_cache_dtype",
		    "checkpoint '%s': kv_cache_dtype '%s', but "
		    "its config's quantization_config sets '%s'",
		    id, kv_dtype_name(k->kv), kv_dtype_name(a->native_kv));
		model_done(a);
		free(a);
		return -1;
	}
	if (k->kv == KV_AUTO)
		k->kv = a->native_kv;
	k->arch = a;
	return 0;
}

static int
load_ckpt(struct ctx *x, struct catalogue *c, const cJSON *e)
{
	struct checkpoint k;
	const char *id = str_field(e, "id"), *model = str_field(e, "model");
	const char *fmt = str_field(e, "format"),
		   *kv = str_field(e, "kv_cache_dtype");

	memset(&k, 0, sizeof k);
	if (id == NULL || model == NULL) {
		report(x, e, id ? "model" : "id",
		    "checkpoint: needs id and model");
		return -1;
	}
	if (fmt == NULL || ckpt_format_parse(fmt, &k.format) != 0) {
		report(x, e, "format",
		    "checkpoint '%s': format '%s' is not one of "
		    "bf16, fp16, fp8, fp8-channel, fp8-block, int8, awq, gptq, "
		    "nvfp4, "
		    "mxfp4",
		    id, fmt ? fmt : "(missing)");
		return -1;
	}
	k.kv = KV_AUTO;
	if (kv != NULL && kv_dtype_parse(kv, &k.kv) != 0) {
		report(x, e, "kv_cache_dtype",
		    "checkpoint '%s': unknown "
		    "kv_cache_dtype '%s'",
		    id, kv);
		return -1;
	}
	if (num_field(x, e, "loaded_gib", &k.loaded_gib, "checkpoint") < 0)
		return -1;
	if (int_field(x, e, "size_bytes", 1, (int64_t)1 << 50, &k.size_bytes,
		"checkpoint") < 0)
		return -1;
	if (load_ckpt_config(x, e, id, &k) != 0)
		return -1;
	k.id = xstrdup(id);
	k.model_id = xstrdup(model);
	k.producer = xstrdup(str_field(e, "producer"));
	k.source = xstrdup(str_field(e, "source"));
	k.status = xstrdup(str_field(e, "status"));
	k.model_index = -1;
	put_ckpt(x, c, &k);
	return 0;
}

static int
load_estimate(struct ctx *x, struct catalogue *c, const cJSON *e)
{
	static const struct {
		const char *key;
		size_t off;
	} fields[] = {
#define F(k) { #k, offsetof(struct coeff_set, k) }
		F(sampler_bytes_per_logit),
		F(forward_bytes_per_token_hidden),
		F(forward_bytes_per_token_inter),
		F(moe_bytes_per_token_expert_inter),
		F(activation_base_gib),
		F(non_torch_tp1_gib),
		F(non_torch_tp_gib),
		F(cg_base_gib),
		F(cg_per_layer_gib),
		F(cg_moe_factor),
		F(cg_mamba_moe_factor),
		F(cg_mamba_piece_weight),
		F(cg_tp_exponent),
		F(non_torch_pp_gib),
		F(cuda_context_gib),
		F(cuda_context_tp_gib),
		F(cuda_context_tp_moe_gib),
		F(cuda_context_pp_gib),
		F(cuda_context_pcie_gib),
		F(sampler_warmup_fraction),
		F(mxfp4_moe_warmup_bytes_per_logit),
		F(encoder_bytes_per_token),
#undef F
	};
	struct coeff_set s;
	const cJSON *fv = cJSON_GetObjectItemCaseSensitive(e, "from_version");
	size_t i;

	memset(&s, 0, sizeof s);
	if (!cJSON_IsString(fv) ||
	    vllm_version_parse(fv->valuestring, &s.from_version) != 0) {
		report(x, e, "from_version",
		    "estimates: from_version must be a "
		    "quoted version such as \"0.19.0\"");
		return -1;
	}
	for (i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		double v;
		int r = num_field(x, e, fields[i].key, &v, "estimates");

		if (r < 0)
			return -1;
		if (r > 0) {
			report(x, e, NULL, "estimates %s: missing %s",
			    fv->valuestring, fields[i].key);
			return -1;
		}
		*(double *)((char *)&s + fields[i].off) = v;
	}
	/* the other top-k/top-p paths: optional, 0 (not measured) when absent */
	if (num_field(x, e, "sampler_native_bytes_per_logit",
		&s.sampler_native_bytes_per_logit, "estimates") < 0 ||
	    num_field(x, e, "sampler_flashinfer_bytes_per_logit",
		&s.sampler_flashinfer_bytes_per_logit, "estimates") < 0)
		return -1;
	s.source = xstrdup(str_field(e, "source"));
	put_coeffs(c, &s);
	return 0;
}

/*
 * One entry of estimate_errors: (data/estimates.yaml): a family key of
 * core/closecall.h (or "any"), its kv_error_pct in [0, 100], the startups
 * it was measured on (a whole number >= 1) and its source.
 */
static int
load_kv_error(struct ctx *x, struct catalogue *c, const cJSON *e)
{
	struct kv_error k;
	const char *fam = str_field(e, "family");
	double pct = -1, n = 0;

	memset(&k, 0, sizeof k);
	if (fam == NULL || closecall_family_title(fam) == NULL) {
		report(x, e, "family",
		    "estimate_errors: family must be one of dense, mla, "
		    "sliding, llama4, moe, gdn, mla-indexer, hybrid, dsv4, "
		    "encoder or any");
		return -1;
	}
	if (num_field(x, e, "kv_error_pct", &pct, "estimate_errors") != 0 ||
	    !(pct >= 0 && pct <= 100)) {
		report(x, e, "kv_error_pct",
		    "estimate_errors %s: kv_error_pct must be a number from 0 "
		    "to 100",
		    fam);
		return -1;
	}
	if (num_field(x, e, "cases", &n, "estimate_errors") != 0 || n < 1 ||
	    n > 100000 || n != (double)(int)n) {
		report(x, e, "cases",
		    "estimate_errors %s: cases must be a whole number from 1 "
		    "up",
		    fam);
		return -1;
	}
	if (str_field(e, "source") == NULL) {
		report(x, e, "source", "estimate_errors %s: needs a source",
		    fam);
		return -1;
	}
	k.family = xstrdup(fam);
	k.kv_error_pct = pct;
	k.cases = (int)n;
	k.source = xstrdup(str_field(e, "source"));
	put_kv_error(c, &k);
	return 0;
}

/* One entry of speed: (data/speed.yaml), read by io/speed_load.c. */
static int
load_node(struct ctx *x, struct catalogue *c, const cJSON *e)
{
	struct node nd;
	const char *id = str_field(e, "id"), *gpu = str_field(e, "gpu");
	double per = 0, dom = 0;

	memset(&nd, 0, sizeof nd);
	if (id == NULL || *id == '\0') {
		report(x, e, "id", "node: missing id");
		return -1;
	}
	if (gpu == NULL || *gpu == '\0') {
		report(x, e, "gpu",
		    "node '%s': needs gpu (a card id of the catalogue)", id);
		return -1;
	}
	if (num_field(x, e, "gpus_per_node", &per, "node") != 0 || per < 1 ||
	    per > 1024 || per != (double)(int)per) {
		report(x, e, "gpus_per_node",
		    "node '%s': gpus_per_node must be a whole "
		    "number from 1 to 1024",
		    id);
		return -1;
	}
	if (num_field(x, e, "nvlink_domain", &dom, "node") == 0 &&
	    (dom < 0 || dom > 100000 || dom != (double)(int)dom)) {
		report(x, e, "nvlink_domain",
		    "node '%s': nvlink_domain must be a whole "
		    "number from 0 (PCIe only) up",
		    id);
		return -1;
	}
	nd.id = xstrdup(id);
	nd.name = xstrdup(str_field(e, "name") ? str_field(e, "name") : id);
	nd.gpu_id = xstrdup(gpu);
	nd.gpu = -1;
	nd.gpus_per_node = (int)per;
	nd.nvlink_domain = (int)dom;
	nd.inter_node = xstrdup(str_field(e, "inter_node"));
	nd.source = xstrdup(str_field(e, "source"));
	nd.status = xstrdup(str_field(e, "status"));
	nd.price_date = xstrdup(str_field(e, "price_date"));
	nd.price_source = xstrdup(str_field(e, "price_source"));
	num_field(x, e, "intra_gbs", &nd.intra_gbs, "node");
	num_field(x, e, "inter_gbs", &nd.inter_gbs, "node");
	num_field(x, e, "price_usd_per_hour", &nd.price_per_hour, "node");
	put_node(c, &nd);
	return 0;
}

static int
load_speed(struct ctx *x, struct catalogue *c, const cJSON *e)
{
	char err[256];

	if (speed_load_entry(&c->speed, e, err, sizeof err) != 0) {
		report(x, e, NULL, "%s", err);
		return -1;
	}
	return 0;
}

/* The ids loaded before this file (the built-in data, earlier files). */
static void
index_loaded(struct ctx *x, const struct catalogue *c)
{
	size_t i;

	for (i = 0; i < c->n_gpus; i++)
		idindex_put(&x->gpus, c->gpus[i].id, (int)i);
	for (i = 0; i < c->n_models; i++)
		idindex_put(&x->models, c->models[i].id, (int)i);
	for (i = 0; i < c->n_ckpts; i++)
		idindex_put(&x->ckpts, c->ckpts[i].id, (int)i);
}

int
catalogue_load_text(struct catalogue *c, const char *text, size_t len,
    const char *name, catalogue_diag_fn diag, void *ctx)
{
	struct ctx x = { name, diag, ctx, 0, { 0 }, { 0 }, { 0 } };
	char err[512];
	cJSON *root, *item, *e;

	root = yamltree_parse(text, len, err, sizeof err);
	if (root == NULL) {
		char full[700];

		snprintf(full, sizeof full, "%s:%s", name, err);
		if (diag)
			diag(ctx, full);
		return 1;
	}
	if (!cJSON_IsObject(root)) {
		report(&x, NULL, NULL,
		    "expected a mapping with gpus, models, "
		    "checkpoints or estimates");
		cJSON_Delete(root);
		return x.problems;
	}
	index_loaded(&x, c);
	cJSON_ArrayForEach(item, root) {
		int (*fn)(struct ctx *, struct catalogue *, const cJSON *) =
		    NULL;

		if (item->string[0] == '@')
			continue;
		if (strcmp(item->string, "gpus") == 0)
			fn = load_gpu;
		else if (strcmp(item->string, "models") == 0)
			fn = load_model;
		else if (strcmp(item->string, "checkpoints") == 0)
			fn = load_ckpt;
		else if (strcmp(item->string, "estimates") == 0)
			fn = load_estimate;
		else if (strcmp(item->string, "estimate_errors") == 0)
			fn = load_kv_error;
		else if (strcmp(item->string, "speed") == 0)
			fn = load_speed;
		else if (strcmp(item->string, "nodes") == 0)
			fn = load_node;
		else {
			report(&x, root, item->string,
			    "unknown section '%s' (expected "
			    "gpus, models, checkpoints, estimates, "
			    "estimate_errors, speed or nodes)",
			    item->string);
			continue;
		}
		if (!cJSON_IsArray(item)) {
			report(&x, root, item->string, "'%s' must be a list",
			    item->string);
			continue;
		}
		cJSON_ArrayForEach(e, item) {
			if (!cJSON_IsObject(e)) {
				report(&x, root, item->string,
				    "every entry of '%s' must be "
				    "a mapping",
				    item->string);
				continue;
			}
			fn(&x, c, e);
		}
	}
	idindex_done(&x.gpus);
	idindex_done(&x.models);
	idindex_done(&x.ckpts);
	cJSON_Delete(root);
	return x.problems;
}

int
catalogue_load_file(struct catalogue *c, const char *path,
    catalogue_diag_fn diag, void *ctx)
{
	char err[512];
	size_t len;
	char *text = textfile_read(path, &len, err, sizeof err);
	int r;

	if (text == NULL) {
		if (diag)
			diag(ctx, err);
		return 1;
	}
	r = catalogue_load_text(c, text, len, path, diag, ctx);
	free(text);
	return r;
}

void
catalogue_load_copy(struct catalogue *c, const struct catalogue *src)
{
	struct ctx x = { "", NULL, NULL, 0, { 0 }, { 0 }, { 0 } };
	size_t i;

	index_loaded(&x, c);
	for (i = 0; i < src->n_gpus; i++) {
		struct gpu g;

		gpu_copy(&g, &src->gpus[i]);
		put_gpu(&x, c, &g);
	}
	for (i = 0; i < src->n_models; i++) {
		struct model m;

		model_copy(&m, &src->models[i]);
		put_model(&x, c, &m);
	}
	for (i = 0; i < src->n_ckpts; i++) {
		struct checkpoint k;

		checkpoint_copy(&k, &src->ckpts[i]);
		k.model_index = -1;
		put_ckpt(&x, c, &k);
	}
	for (i = 0; i < src->n_coeffs; i++) {
		struct coeff_set s = src->coeffs[i];

		s.source = s.source != NULL ? xstrdup(s.source) : NULL;
		put_coeffs(c, &s);
	}
	for (i = 0; i < src->n_kv_errors; i++) {
		struct kv_error k = src->kv_errors[i];

		k.family = xstrdup(k.family);
		k.source = k.source != NULL ? xstrdup(k.source) : NULL;
		put_kv_error(c, &k);
	}
	if (src->speed.loaded)
		c->speed = src->speed;
	for (i = 0; i < src->n_nodes; i++) {
		struct node nd;

		catalogue_node_copy(&nd, &src->nodes[i]);
		nd.gpu = -1;
		put_node(c, &nd);
	}
	idindex_done(&x.gpus);
	idindex_done(&x.models);
	idindex_done(&x.ckpts);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Loads every *.yaml of dir but settings.yaml, in name order. */
static int
load_dir(struct catalogue *c, const char *dir, catalogue_diag_fn diag,
    void *ctx)
{
	char path[4352];
	char *names[256];
	size_t n = 0, i;
	struct dirent *de;
	DIR *d;
	int r = 0;

	d = opendir(dir);
	if (d == NULL)
		return 0;
	while ((de = readdir(d)) != NULL && n < 256) {
		size_t l = strlen(de->d_name);

		if (l > 5 &&
		    (strcmp(de->d_name + l - 5, ".yaml") == 0 ||
			strcmp(de->d_name + l - 4, ".yml") == 0) &&
		    strcmp(de->d_name, "settings.yaml") != 0)
			names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof names[0], cmp_str);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		r += catalogue_load_file(c, path, diag, ctx);
		free(names[i]);
	}
	return r;
}

int
catalogue_load_user(struct catalogue *c, catalogue_diag_fn diag, void *ctx)
{
	char dir[4096];
	size_t n = 0;
	int r = 0;

	/* site folders, least important first, so the first listed wins */
	while (xdg_site_dir(n, "", dir, sizeof dir) != NULL)
		n++;
	while (n-- > 0)
		if (xdg_site_dir(n, "", dir, sizeof dir) != NULL)
			r += load_dir(c, dir, diag, ctx);
	if (xdg_user_dir(XDG_BASE_CONFIG, "", dir, sizeof dir) != NULL)
		r += load_dir(c, dir, diag, ctx);
	return r;
}

int
catalogue_link(struct catalogue *c, catalogue_diag_fn diag, void *ctx)
{
	struct idindex ids = { 0 }, aliases = { 0 };
	size_t i, j;
	int r = 0;

	for (i = 0; i < c->n_nodes; i++) {
		struct node *nd = &c->nodes[i];

		nd->gpu = catalogue_find_gpu(c, nd->gpu_id);
		if (nd->gpu < 0) {
			char msg[512];

			snprintf(msg, sizeof msg,
			    "node '%s': card '%s' is not in the "
			    "catalogue",
			    nd->id, nd->gpu_id);
			if (diag)
				diag(ctx, msg);
			r++;
		}
	}

	/* catalogue_find_model() in linear time: ids first, then aliases, the
	 * later entry winning in each */
	for (i = 0; i < c->n_models; i++) {
		idindex_put(&ids, c->models[i].id, (int)i);
		for (j = 0; j < c->models[i].n_aliases; j++)
			idindex_put(&aliases, c->models[i].aliases[j], (int)i);
	}
	for (i = 0; i < c->n_ckpts; i++) {
		struct checkpoint *k = &c->ckpts[i];

		k->model_index = idindex_get(&ids, k->model_id);
		if (k->model_index < 0)
			k->model_index = idindex_get(&aliases, k->model_id);
		if (k->model_index < 0) {
			char msg[512];

			snprintf(msg, sizeof msg,
			    "checkpoint '%s': model '%s' is not in "
			    "the catalogue",
			    k->id, k->model_id);
			if (diag)
				diag(ctx, msg);
			r++;
		} else if (k->arch != NULL) {
			const struct model *m = &c->models[k->model_index];

			free(k->arch->id);
			free(k->arch->name);
			free(k->arch->family);
			free(k->arch->source);
			k->arch->id = xstrdup(m->id);
			k->arch->name = xstrdup(m->name);
			k->arch->family = xstrdup(m->family);
			k->arch->source = xstrdup(k->source);
			k->arch->params_b = m->params_b;
		}
	}
	idindex_done(&ids);
	idindex_done(&aliases);
	if (c->n_coeffs == 0) {
		if (diag)
			diag(ctx,
			    "no estimate coefficients were loaded "
			    "(estimates:)");
		r++;
	}
	return r;
}
