/*
 * hfconfig.c - config.json interpretation.  Invariant: a model that
 * hfconfig_read() accepts has layers, hidden, heads, kv_heads, head_dim,
 * vocab and a derived length all > 0, and layer_kind (when set) has one
 * entry per layer.
 */
#include "hfconfig.h"

#include <math.h>
#include <regex.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/units.h"
#include "core/vllm_version.h"
#include "core/weights.h"
#include "core/xalloc.h"
#include "io/auto_round.h"
#include "io/shellwords.h"
#include "io/hfarch.h"

struct cfg {
	const cJSON *text; /* text_config or the root */
	const cJSON *root;
	char *err; /* the first value out of range, and its key */
	size_t errlen;
	const char **bad;
	bool failed;
};

/* Bounds of the counts a config.json gives (sane, far above any model). */
#define MAX_LAYERS 100000
#define MAX_DIM (1 << 20) /* hidden sizes, heads, head_dim, ranks */
#define MAX_WIDE (1 << 26) /* intermediate sizes, vocabularies */
#define MAX_LEN ((int64_t)1 << 34) /* context lengths, tokens */
#define VC "vision_config"

/*
 * speculators_model_type and the speculative_tokens of the proposal method
 * speculators_config.default_proposal_method names, else of the first
 * (SpeculatorsConfig.extract_vllm_speculative_config).
 */
static void
read_speculators(const cJSON *root, struct model *m)
{
	const cJSON *t =
	    cJSON_GetObjectItemCaseSensitive(root, "speculators_model_type");
	const cJSON *sc =
	    cJSON_GetObjectItemCaseSensitive(root, "speculators_config");
	const cJSON *pm, *dflt, *e, *pick = NULL, *k;

	if (!cJSON_IsString(t))
		return;
	m->speculators_method = xstrdup(t->valuestring);
	pm = cJSON_GetObjectItemCaseSensitive(sc, "proposal_methods");
	dflt = cJSON_GetObjectItemCaseSensitive(sc, "default_proposal_method");
	cJSON_ArrayForEach(e, pm) {
		const cJSON *pt =
		    cJSON_GetObjectItemCaseSensitive(e, "proposal_type");

		if (pick == NULL)
			pick = e;
		if (cJSON_IsString(dflt) && cJSON_IsString(pt) &&
		    strcmp(pt->valuestring, dflt->valuestring) == 0) {
			pick = e;
			break;
		}
	}
	k = cJSON_GetObjectItemCaseSensitive(pick, "speculative_tokens");
	if (cJSON_IsNumber(k) && k->valuedouble >= 1 && k->valuedouble <= 64 &&
	    k->valuedouble == (double)(int)k->valuedouble)
		m->speculators_tokens = (int)k->valuedouble;
}

static const cJSON *
get(const struct cfg *c, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(c->text, key);

	if ((v == NULL || cJSON_IsNull(v)) && c->text != c->root)
		v = cJSON_GetObjectItemCaseSensitive(c->root, key);
	if (v != NULL && cJSON_IsNull(v))
		return NULL;
	return v;
}

static int
get_num(const struct cfg *c, const char *key, double *out)
{
	const cJSON *v = get(c, key);

	if (!cJSON_IsNumber(v))
		return -1;
	*out = v->valuedouble;
	return 0;
}

/*
 * Keeps the first value out of range as the read's error (units_checked_int()),
 * named as shown ("vision_config.depth"), its key for the caller to find.
 */
static int
checked_as(struct cfg *c, const char *key, const char *shown, double d,
    int64_t lo, int64_t hi, int64_t *out)
{
	char why[160];

	if (units_checked_int(d, lo, hi, out, why, sizeof why) == 0)
		return 0;
	if (!c->failed) {
		c->failed = true;
		*c->bad = key;
		snprintf(c->err, c->errlen, "%s: %s", shown, why);
	}
	return -1;
}

static int
checked(struct cfg *c, const char *key, double d, int64_t lo, int64_t hi,
    int64_t *out)
{
	return checked_as(c, key, key, d, lo, hi, out);
}

/* An integer field in [lo, hi]; def when absent or out of range (the read fails). */
static int
get_int(struct cfg *c, const char *key, int lo, int hi, int def)
{
	double d;
	int64_t n;

	if (get_num(c, key, &d) != 0 || checked(c, key, d, lo, hi, &n) != 0)
		return def;
	return (int)n;
}

/* First integer among keys, in [lo, hi]; its key in *which.  -1 if none. */
static long long
first_int(struct cfg *c, const char *const *keys, const char **which,
    int64_t lo, int64_t hi)
{
	double d;
	int64_t n;

	for (; *keys; keys++) {
		if (get_num(c, *keys, &d) == 0) {
			if (which)
				*which = *keys;
			return checked(c, *keys, d, lo, hi, &n) == 0 ? n : -1;
		}
	}
	return -1;
}

/* "missing or invalid KEY", unless a value out of range said more already. */
static int
invalid(struct cfg *c, const char *key)
{
	if (!c->failed) {
		*c->bad = key;
		snprintf(c->err, c->errlen, "config: missing or invalid %s",
		    key);
	}
	return -1;
}

/* An integer of the JSON object named obj (NULL: the root), like get_int(). */
static int
obj_int(struct cfg *c, const cJSON *o, const char *obj, const char *key, int lo,
    int hi, int def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	char shown[96];
	int64_t n;

	snprintf(shown, sizeof shown, "%s%s%s", obj ? obj : "", obj ? "." : "",
	    key);
	if (!cJSON_IsNumber(v) ||
	    checked_as(c, key, shown, v->valuedouble, lo, hi, &n) != 0)
		return def;
	return (int)n;
}

static int
get_bool(const struct cfg *c, const char *key, int def)
{
	const cJSON *v = get(c, key);

	if (cJSON_IsBool(v))
		return cJSON_IsTrue(v);
	return def;
}

static const char *
get_str(const struct cfg *c, const char *key)
{
	const cJSON *v = get(c, key);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/*
 * ModelOpt's quant_algo and kv_cache_quant_algo, at the top or in its
 * "quantization" section: FP4 weights are NVFP4, others FP8.
 */
static void
modelopt_quant(const cJSON *qc, enum ckpt_format *fmt, enum kv_dtype *kv)
{
	const cJSON *algo = cJSON_GetObjectItemCaseSensitive(qc, "quant_algo");
	const cJSON *kva =
	    cJSON_GetObjectItemCaseSensitive(qc, "kv_cache_quant_algo");
	const cJSON *q = cJSON_GetObjectItemCaseSensitive(qc, "quantization");

	if (algo == NULL && cJSON_IsObject(q)) {
		algo = cJSON_GetObjectItemCaseSensitive(q, "quant_algo");
		kva =
		    cJSON_GetObjectItemCaseSensitive(q, "kv_cache_quant_algo");
	}
	if (cJSON_IsString(algo) && strcasestr(algo->valuestring, "FP4"))
		*fmt = FMT_NVFP4;
	else
		*fmt = FMT_FP8;
	if (cJSON_IsString(kva) && strcasecmp(kva->valuestring, "FP8") == 0)
		*kv = KV_FP8;
	else if (cJSON_IsString(kva) && strcasestr(kva->valuestring, "FP4"))
		*kv = KV_NVFP4;
}

/*
 * compressed-tensors: the first config group's weights scheme (4 bits
 * NVFP4 or GPTQ, integers INT8, floats FP8 per tensor, channel or block);
 * a kv_cache_scheme is FP8.
 */
static void
compressed_tensors_quant(const cJSON *qc, enum ckpt_format *fmt,
    enum kv_dtype *kv)
{
	const cJSON *groups =
	    cJSON_GetObjectItemCaseSensitive(qc, "config_groups");
	const cJSON *grp, *w, *kvs;

	*fmt = FMT_FP8;
	grp = cJSON_IsObject(groups) ? groups->child : NULL;
	w = grp ? cJSON_GetObjectItemCaseSensitive(grp, "weights") : NULL;
	if (cJSON_IsObject(w)) {
		const cJSON *bits =
		    cJSON_GetObjectItemCaseSensitive(w, "num_bits");
		const cJSON *type = cJSON_GetObjectItemCaseSensitive(w, "type");
		const cJSON *strat =
		    cJSON_GetObjectItemCaseSensitive(w, "strategy");
		int b = cJSON_IsNumber(bits) ? bits->valueint : 8;
		int isfloat = cJSON_IsString(type) &&
		    strcmp(type->valuestring, "float") == 0;

		if (b == 4)
			*fmt = isfloat ? FMT_NVFP4 : FMT_GPTQ;
		else if (!isfloat)
			*fmt = FMT_INT8;
		else if (cJSON_IsString(strat) &&
		    strcmp(strat->valuestring, "channel") == 0)
			*fmt = FMT_FP8_CHANNEL;
		else if (cJSON_IsString(strat) &&
		    strcmp(strat->valuestring, "block") == 0)
			*fmt = FMT_FP8_BLOCK;
		else
			*fmt = FMT_FP8;
	}
	kvs = cJSON_GetObjectItemCaseSensitive(qc, "kv_cache_scheme");
	if (cJSON_IsObject(kvs))
		*kv = KV_FP8;
}

/* True when qc is compressed-tensors' with a kv_cache_scheme object. */
static int
compressed_tensors_kv_scheme(const cJSON *qc)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(qc, "quant_method");

	return cJSON_IsString(m) &&
	    strcasecmp(m->valuestring, "compressed-tensors") == 0 &&
	    cJSON_IsObject(
		cJSON_GetObjectItemCaseSensitive(qc, "kv_cache_scheme"));
}

/*
 * A quantization_config without quant_method that ModelOpt wrote
 * (producer.name "modelopt", the algorithm under "quantization"): vLLM
 * names its method from quant_algo (vllm/config/model.py
 * _normalize_quantization_config, main @002d607): FP8,
 * FP8_PER_CHANNEL_PER_TOKEN and FP8_PB_WO are modelopt, NVFP4 modelopt_fp4,
 * another algorithm stops vLLM ("Unknown ModelOpt quant algo: X", -1 with
 * err).  *method is left alone when the config is not ModelOpt's.
 */
static int
modelopt_method(const cJSON *qc, const char **method, char *err, size_t errlen)
{
	const cJSON *pr = cJSON_GetObjectItemCaseSensitive(qc, "producer");
	const cJSON *name = cJSON_IsObject(pr)
	    ? cJSON_GetObjectItemCaseSensitive(pr, "name")
	    : NULL;
	const cJSON *q = cJSON_GetObjectItemCaseSensitive(qc, "quantization");
	const cJSON *algo = cJSON_IsObject(q)
	    ? cJSON_GetObjectItemCaseSensitive(q, "quant_algo")
	    : NULL;
	const char *a;

	if (!cJSON_IsString(name) ||
	    strcmp(name->valuestring, "modelopt") != 0 || !cJSON_IsString(algo))
		return 0;
	a = algo->valuestring;
	if (strcasecmp(a, "FP8") == 0 ||
	    strcasecmp(a, "FP8_PER_CHANNEL_PER_TOKEN") == 0 ||
	    strcasecmp(a, "FP8_PB_WO") == 0) {
		*method = "modelopt";
		return 0;
	}
	if (strcasecmp(a, "NVFP4") == 0) {
		*method = "modelopt_fp4";
		return 0;
	}
	snprintf(err, errlen, "Unknown ModelOpt quant algo: %s", a);
	return -1;
}

/*
 * The methods of vLLM's QuantizationMethods (vllm/model_executor/layers/
 * quantization/__init__.py, main, and the names earlier releases served)
 * that hfconfig_quant() does not price: a checkpoint naming one is refused
 * at the configuration phase, not rejected as a bad file.
 */
static int
quant_method_served(const char *method)
{
	static const char *const served[] = { "bitsandbytes", "gguf",
		"fbgemm_fp8", "fp_quant", "modelopt_mxfp8", "modelopt_mixed",
		"humming", "experts_int8", "quark", "moe_wna16", "torchao",
		"inc", "cpu_awq", "deepseek_v4_fp8", "online", "fp8_per_tensor",
		"fp8_per_block", "fp8_per_channel",
		"int8_per_channel_weight_only", "nvfp4_per_token", "mxfp8",
		"auto_awq", "auto_gptq", "deepspeedfp", "tpu_int8", "marlin",
		"bitblas", "gptq_bitblas", "hqq", "ipex", "petit_nvfp4",
		"ptpc_fp8", "rtn", "aqlm", "qqq", NULL };
	int i;

	for (i = 0; served[i] != NULL; i++)
		if (strcasecmp(method, served[i]) == 0)
			return 1;
	return 0;
}

/*
 * The weight format of a GPTQ quantization_config: 4 or 8 bits; -2 (err
 * set) for any other bits, as GPTQConfig refuses them or headroom does not
 * price them.
 */
static int
gptq_bits_format(const cJSON *qc, enum ckpt_format *fmt, char *err,
    size_t errlen)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(qc, "bits");

	if (cJSON_IsString(v)) {
		snprintf(err, errlen,
		    "Currently, only 2/3/4/8-bit weight quantization "
		    "is supported for GPTQ, but got %.40s bits.",
		    v->valuestring);
		return -2;
	}
	if (!cJSON_IsNumber(v)) {
		snprintf(err, errlen,
		    "Cannot find any of ['bits'] in the model's "
		    "quantization config.");
		return -2;
	}
	if (v->valuedouble == 4 || v->valuedouble == 8) {
		*fmt = v->valuedouble == 8 ? FMT_INT8 : FMT_GPTQ;
		return 0;
	}
	if (v->valuedouble == 2 || v->valuedouble == 3)
		snprintf(err, errlen,
		    "quantization_config.bits %g: vLLM serves %g-bit "
		    "GPTQ, but headroom prices GPTQ weights at 4 or 8 "
		    "bits only, and refuses rather than price them",
		    v->valuedouble, v->valuedouble);
	else
		snprintf(err, errlen,
		    "Currently, only 2/3/4/8-bit weight quantization "
		    "is supported for GPTQ, but got %g bits.",
		    v->valuedouble);
	return -2;
}

/* The first of keys in qc, as QuantizationConfig.get_from_keys finds it
 * (NULL when none is there). */
static const cJSON *
quant_from_keys(const cJSON *qc, const char *k1, const char *k2)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(qc, k1);

	if (v == NULL && k2 != NULL)
		v = cJSON_GetObjectItemCaseSensitive(qc, k2);
	return v;
}

/*
 * An AWQ quantization_config as AWQConfig.from_config reads it (vllm/
 * model_executor/layers/quantization/awq.py; awq_marlin.py takes the same
 * keys when it takes over): bits from w_bit or bits, which must be 4, the
 * group size from q_group_size or group_size, and zero_point, each
 * refused in vLLM's words when missing.  A group size vLLM cannot divide a
 * layer's input by (0, below -1, not a whole number) is refused naming
 * it: AWQLinearMethod.create_weights divides by it.  -2 with err set.
 */
static int
awq_format(const cJSON *qc, enum ckpt_format *fmt, char *err, size_t errlen)
{
	const cJSON *b = quant_from_keys(qc, "w_bit", "bits");
	const cJSON *g = quant_from_keys(qc, "q_group_size", "group_size");
	char gtext[48];

	if (b == NULL || g == NULL ||
	    cJSON_GetObjectItemCaseSensitive(qc, "zero_point") == NULL) {
		snprintf(err, errlen,
		    "Cannot find any of %s in the model's quantization "
		    "config.",
		    b == NULL       ? "['w_bit', 'bits']"
			: g == NULL ? "['q_group_size', 'group_size']"
				    : "['zero_point']");
		return -2;
	}
	if (!cJSON_IsNumber(b) || b->valuedouble != 4) {
		if (cJSON_IsNumber(b))
			snprintf(err, errlen,
			    "Currently, only 4-bit weight quantization is "
			    "supported for AWQ, but got %g bits.",
			    b->valuedouble);
		else
			snprintf(err, errlen,
			    "Currently, only 4-bit weight quantization is "
			    "supported for AWQ, but got %.40s bits.",
			    cJSON_IsString(b) ? b->valuestring : "non-number");
		return -2;
	}
	if (cJSON_IsNumber(g))
		snprintf(gtext, sizeof gtext, "%g", g->valuedouble);
	else
		snprintf(gtext, sizeof gtext, "(not a number)");
	if (!cJSON_IsNumber(g) || g->valuedouble < -1 ||
	    g->valuedouble > 1048576 ||
	    g->valuedouble != floor(g->valuedouble) || g->valuedouble == 0) {
		snprintf(err, errlen,
		    "quantization_config.%s %.40s: not a group size vLLM's "
		    "AWQ kernels can divide a layer's input by (a whole "
		    "number above 0, or -1 for one group a column); vLLM "
		    "fails creating the weights",
		    g->string, gtext);
		return -2;
	}
	*fmt = FMT_AWQ;
	return 0;
}

/*
 * An fp8 quantization_config as Fp8Config reads it (vllm/model_executor/
 * layers/quantization/fp8.py, from_config and __init__): activation_scheme
 * is required and is static or dynamic, and a weight_block_size that is
 * not null is a list of 2 with the dynamic scheme.  -1 with vLLM's words in
 * err for a config vLLM stops on.
 */
static int
fp8_config_check(const cJSON *qc, char *err, size_t errlen)
{
	const cJSON *a =
	    cJSON_GetObjectItemCaseSensitive(qc, "activation_scheme");
	const cJSON *b =
	    cJSON_GetObjectItemCaseSensitive(qc, "weight_block_size");
	const char *as = cJSON_IsString(a) ? a->valuestring : "";

	if (a == NULL) {
		snprintf(err, errlen,
		    "Cannot find any of ['activation_scheme'] in the model's "
		    "quantization config.");
		return -1;
	}
	if (strcmp(as, "static") != 0 && strcmp(as, "dynamic") != 0) {
		snprintf(err, errlen, "Unsupported activation scheme %.40s",
		    cJSON_IsString(a) ? as : "(not a string)");
		return -1;
	}
	if (b == NULL || cJSON_IsNull(b))
		return 0;
	if (!cJSON_IsArray(b) || cJSON_GetArraySize(b) != 2) {
		if (cJSON_IsArray(b))
			snprintf(err, errlen,
			    "The quantization block size of weight must have "
			    "2 dimensions, but got %d dimensions",
			    cJSON_GetArraySize(b));
		else
			snprintf(err, errlen,
			    "quantization_config.weight_block_size is not a "
			    "list: vLLM's Fp8Config takes its len() and "
			    "stops");
		return -1;
	}
	if (strcmp(as, "dynamic") != 0) {
		snprintf(err, errlen,
		    "The block-wise quantization only supports dynamic "
		    "activation scheme for now, but got %s activation "
		    "scheme.",
		    as);
		return -1;
	}
	return 0;
}

/*
 * Maps a quantization_config object to a weight format and KV dtype.  -2
 * (err set) for a method vLLM serves and headroom does not model.
 */
static int
hfconfig_quant(const cJSON *qc, enum ckpt_format *fmt, enum kv_dtype *kv,
    char *err, size_t errlen)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(qc, "quant_method");
	const char *method = cJSON_IsString(m) ? m->valuestring : "";
	const cJSON *v;

	*kv = KV_AUTO;
	if (*method == '\0' && modelopt_method(qc, &method, err, errlen) != 0)
		return -2;
	v = cJSON_GetObjectItemCaseSensitive(qc, "quant_algo");
	if (*method == '\0' && cJSON_IsString(v)) {
		/* ModelOpt 0.31's config.json form: quant_algo at the top, no
		 * quant_method.  vLLM names a ModelOpt method only from
		 * quantization.quant_algo (_normalize_quantization_config) or
		 * quant_method "modelopt" (ModelOptFp8Config.
		 * override_quantization_method), so it finds none here */
		snprintf(err, errlen,
		    "quantization_config.quant_algo '%s' without quant_method: "
		    "vLLM names a ModelOpt method only from "
		    "quantization.quant_algo or quant_method \"modelopt\", and "
		    "finds none for this checkpoint; headroom refuses rather "
		    "than price its weights (set quant_method in "
		    "quantization_config)",
		    v->valuestring);
		return -2;
	}
	if (strcasecmp(method, "fp8") == 0) {
		if (fp8_config_check(qc, err, errlen) != 0)
			return -2;
		v = cJSON_GetObjectItemCaseSensitive(qc, "weight_block_size");
		*fmt = cJSON_IsArray(v) ? FMT_FP8_BLOCK : FMT_FP8;
		return 0;
	}
	if (strcasecmp(method, "awq") == 0 ||
	    strcasecmp(method, "awq_marlin") == 0)
		return awq_format(qc, fmt, err, errlen);
	if (strcasecmp(method, "gptq") == 0 ||
	    strcasecmp(method, "gptq_marlin") == 0) {
		/* GPTQConfig (vllm/model_executor/layers/quantization/
	 * gptq.py): bits from get_from_keys, then 2, 3, 4 or 8 */
		return gptq_bits_format(qc, fmt, err, errlen);
	}
	if (auto_round_is_method(method))
		return auto_round_quant(qc, fmt, err, errlen);
	if (strcasecmp(method, "mxfp4") == 0 ||
	    strcasecmp(method, "gpt_oss_mxfp4") == 0) {
		*fmt = FMT_MXFP4;
		return 0;
	}
	if (strcasecmp(method, "modelopt_fp4") == 0) {
		*fmt = FMT_NVFP4;
		return 0;
	}
	if (strcasecmp(method, "modelopt") == 0) {
		modelopt_quant(qc, fmt, kv);
		return 0;
	}
	if (strcasecmp(method, "compressed-tensors") == 0) {
		compressed_tensors_quant(qc, fmt, kv);
		return 0;
	}
	if (quant_method_served(method)) {
		snprintf(err, errlen,
		    "quantization_config.quant_method '%s': vLLM serves it, "
		    "but headroom does not model its weights (fp8, awq, gptq, "
		    "auto-round, compressed-tensors, modelopt, modelopt_fp4 "
		    "and mxfp4 it does), and refuses rather than price them",
		    method);
		return -2;
	}
	snprintf(err, errlen,
	    "quantization_config.quant_method: unknown method "
	    "'%s'",
	    method);
	return -1;
}

/* Layers an ignore list names one by one, per part (quant_skip's order). */
#define QL_MAX 1024
struct quant_layers {
	unsigned char seen[5][QL_MAX];
	unsigned char whole[QL_MAX]; /* "model.layers.3*": every part */
	int any[5];
	int tower_quantized; /* AutoRound quantizes the vision tower */
	unsigned char ba[QL_MAX]; /* 1 in_proj_b, 2 in_proj_a kept 16-bit */
	/* fp8 ignored_layers: bits 0-3 self_attn q, k, v, o_proj, 4-6 mlp
	 * gate, up, down_proj named for the layer */
	unsigned char fp8[QL_MAX];
	int fp8_exact; /* parts named in only some layers refuse */
	const char *fp8_key; /* ignored_layers or modules_to_not_convert */
	const char *fp8_root; /* vLLM's decoder layers: "model.layers." */
};

static int module_part(const char *t);

/*
 * The int4 / int8 group size, zero points and g_idx: the first config
 * group's weights scheme (compressed-tensors), else AWQ's group size, else
 * GPTQ's group_size (4 or 8 bits).
 */
static void
quant_group_details(const cJSON *qc, struct model *m)
{
	const cJSON *groups =
	    cJSON_GetObjectItemCaseSensitive(qc, "config_groups");
	const cJSON *grp = cJSON_IsObject(groups) ? groups->child : NULL;
	const cJSON *w =
	    grp ? cJSON_GetObjectItemCaseSensitive(grp, "weights") : NULL;
	const cJSON *gs = cJSON_GetObjectItemCaseSensitive(qc, "group_size");

	if (cJSON_IsObject(w)) {
		const cJSON *g =
		    cJSON_GetObjectItemCaseSensitive(w, "group_size");
		const cJSON *sym =
		    cJSON_GetObjectItemCaseSensitive(w, "symmetric");
		const cJSON *ao =
		    cJSON_GetObjectItemCaseSensitive(w, "actorder");

		if (cJSON_IsNumber(g) && g->valueint > 0)
			m->quant_group = g->valueint;
		m->quant_zero_points = cJSON_IsFalse(sym);
		m->quant_g_idx =
		    cJSON_IsString(ao) && strcmp(ao->valuestring, "group") == 0;
	} else if (m->native_format == FMT_AWQ) {
		/* the group size awq_format() checked; -1, one group a
		 * column, taken as groups of the hidden size (the scales of
		 * o_proj and down_proj, whose input is wider, a little
		 * over) */
		gs = quant_from_keys(qc, "q_group_size", "group_size");
		m->quant_group = gs->valueint > 0 ? gs->valueint : m->hidden;
		m->quant_zero_points = 1;
	} else if (cJSON_IsNumber(gs) && gs->valueint > 0 &&
	    (m->native_format == FMT_GPTQ || m->native_format == FMT_INT8)) {
		m->quant_group = gs->valueint;
		m->quant_zero_points = 1;
		m->quant_g_idx = 1; /* GPTQ keeps g_idx */
	}
}

/* The ignore list: ignore, modules_to_not_convert or exclude_modules. */
static const cJSON *
quant_ignore_list(const cJSON *qc)
{
	const cJSON *ig = cJSON_GetObjectItemCaseSensitive(qc, "ignore");
	const cJSON *sec = cJSON_GetObjectItemCaseSensitive(qc, "quantization");

	if (!cJSON_IsArray(ig))
		ig = cJSON_GetObjectItemCaseSensitive(qc,
		    "modules_to_not_convert");
	if (!cJSON_IsArray(ig))
		ig = cJSON_GetObjectItemCaseSensitive(qc, "exclude_modules");
	if (!cJSON_IsArray(ig) && cJSON_IsObject(sec))
		ig = cJSON_GetObjectItemCaseSensitive(sec, "exclude_modules");
	return ig;
}

/*
 * Fp8Config.from_config (vllm/model_executor/layers/quantization/fp8.py):
 * ignored_layers (every release since v0.5), or modules_to_not_convert when
 * that is absent or empty ("if not ignored_layers"), both matched the same
 * way (is_layer_skipped, full names).  The non-empty list of an fp8
 * config, else NULL.
 */
static const cJSON *
fp8_ignored_layers(const cJSON *qc)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(qc, "quant_method");
	const cJSON *ig =
	    cJSON_GetObjectItemCaseSensitive(qc, "ignored_layers");

	if (!cJSON_IsString(m) || strcasecmp(m->valuestring, "fp8") != 0)
		return NULL;
	if (!cJSON_IsArray(ig) || cJSON_GetArraySize(ig) == 0)
		ig = cJSON_GetObjectItemCaseSensitive(qc,
		    "modules_to_not_convert");
	if (!cJSON_IsArray(ig) || cJSON_GetArraySize(ig) == 0)
		return NULL;
	return ig;
}

/* The key fp8_ignored_layers() read: "ignored_layers" or
 * "modules_to_not_convert". */
static const char *
fp8_ignored_key(const cJSON *qc)
{
	const cJSON *ig =
	    cJSON_GetObjectItemCaseSensitive(qc, "ignored_layers");

	return cJSON_IsArray(ig) && cJSON_GetArraySize(ig) > 0
	    ? "ignored_layers"
	    : "modules_to_not_convert";
}

/*
 * Whether an ignored_layers entry names a module headroom prices 16-bit
 * whatever the list says: lm_head, the embedding, a norm or bias, a MoE
 * router, the vision tower and its projector, the sparse-attention
 * indexer.  Fp8Config matches an entry against each linear's full name
 * (quant_utils.py is_layer_skipped, prefix_full_match; a fused qkv_proj or
 * gate_up_proj by its shards, a FusedMoE by any entry holding its prefix),
 * so any other entry keeps exactly the projections or experts it names, at
 * a granularity headroom does not price.
 */
static bool
fp8_entry_unquantized_anyway(const char *t)
{
	const char *last = strrchr(t, '.');

	last = last ? last + 1 : t;
	return strstr(t, "lm_head") || strstr(t, "embed") ||
	    strstr(t, "norm") || strstr(t, "bias") || strstr(t, "vision") ||
	    strstr(t, "visual") || strstr(t, "mm_projector") ||
	    strstr(t, "multi_modal_projector") || strstr(t, "indexer") ||
	    strstr(t, "shared_expert_gate") || strcmp(last, "gate") == 0 ||
	    strcmp(last, "router") == 0;
}

static const char *const attn_names[4] = { "q_proj", "k_proj", "v_proj",
	"o_proj" };
static const char *const mlp_names[3] = { "gate_proj", "up_proj", "down_proj" };

/*
 * The orig_to_new_prefix rules of a class's hf_to_vllm_mapper, which
 * Fp8Config.apply_vllm_mapper() runs over ignored_layers (or
 * modules_to_not_convert) before is_layer_skipped() matches them against
 * vLLM's module names (quantization/fp8.py, vLLM #20046, in every release
 * from 0.10.0).  WeightsMapper._map_name tries the rules in order, each on
 * what the one before left.
 */
struct fp8_prefix_rule {
	const char *from, *to;
};

/* qwen2_vl.py, qwen2_5_vl.py: the checkpoints before transformers 4.52
 * (model.layers.N) and after it (model.language_model.layers.N) */
static const struct fp8_prefix_rule fp8_map_qwen2_vl[] = {
	{ "model.language_model.", "language_model.model." },
	{ "model.visual.", "visual." },
	{ "lm_head.", "language_model.lm_head." },
	{ "model.", "language_model.model." }, { NULL, NULL }
};
/* qwen3_vl.py (and qwen3_vl_moe.py, which inherits it), qwen3_5.py: no
 * rule for model.layers.N */
static const struct fp8_prefix_rule fp8_map_qwen3_vl[] = { { "model.visual.",
							       "visual." },
	{ "lm_head.", "language_model.lm_head." },
	{ "model.language_model.", "language_model.model." }, { NULL, NULL } };
/* gemma3_mm.py, mistral3.py */
static const struct fp8_prefix_rule fp8_map_tower_projector[] = {
	{ "model.language_model.", "language_model.model." },
	{ "model.vision_tower.", "vision_tower." },
	{ "model.multi_modal_projector.", "multi_modal_projector." },
	{ "lm_head.", "language_model.lm_head." }, { NULL, NULL }
};
/* mllama4.py: no hf_to_vllm_mapper (load_weights renames the weights
 * itself, not the quantization config's names) */
static const struct fp8_prefix_rule fp8_map_none[] = { { NULL, NULL } };

/* The classes whose decoder layers vLLM builds as
 * language_model.model.layers.N, with their mapper. */
static const struct {
	const char *arch;
	const struct fp8_prefix_rule *map;
} fp8_wrapped[] = {
	{ "Qwen2VLForConditionalGeneration", fp8_map_qwen2_vl },
	{ "Qwen2_5_VLForConditionalGeneration", fp8_map_qwen2_vl },
	{ "Qwen3VLForConditionalGeneration", fp8_map_qwen3_vl },
	{ "Qwen3VLMoeForConditionalGeneration", fp8_map_qwen3_vl },
	{ "Qwen3_5ForConditionalGeneration", fp8_map_qwen3_vl },
	{ "Qwen3_5MoeForConditionalGeneration", fp8_map_qwen3_vl },
	{ "Gemma3ForConditionalGeneration", fp8_map_tower_projector },
	{ "Mistral3ForConditionalGeneration", fp8_map_tower_projector },
	{ "Llama4ForConditionalGeneration", fp8_map_none },
};

/* m's mapper when vLLM wraps its text model as language_model, else
 * NULL (the names are matched as written, under model.layers.N). */
static const struct fp8_prefix_rule *
fp8_class_map(const struct model *m)
{
	size_t i;

	for (i = 0; m->architecture != NULL &&
	     i < sizeof fp8_wrapped / sizeof fp8_wrapped[0];
	     i++)
		if (strcmp(m->architecture, fp8_wrapped[i].arch) == 0)
			return fp8_wrapped[i].map;
	return NULL;
}

/* Entry t as the mapper r leaves it, into buf (truncated to n). */
static void
fp8_vllm_name(const struct fp8_prefix_rule *r, const char *t, char *buf,
    size_t n)
{
	snprintf(buf, n, "%s", t);
	for (; r->from != NULL; r++) {
		size_t k = strlen(r->from);

		if (strncmp(buf, r->from, k) == 0) {
			char tmp[512];

			snprintf(tmp, sizeof tmp, "%s%s", r->to, buf + k);
			snprintf(buf, n, "%s", tmp);
		}
	}
}

/*
 * An ignored_layers entry naming one of a layer's attention or dense MLP
 * projections by its full name ("model.layers.3.self_attn.o_proj"),
 * recorded in ql->fp8; false for another name.
 */
static bool
fp8_proj_entry(const char *t, struct quant_layers *ql)
{
	const char *p = t;
	char *end;
	long li;
	int k;

	if (strncmp(p, "model.", 6) == 0)
		p += 6;
	if (strncmp(p, "layers.", 7) != 0 || p[7] < '0' || p[7] > '9')
		return false;
	li = strtol(p + 7, &end, 10);
	if (li < 0 || li >= QL_MAX)
		return false;
	if (strncmp(end, ".self_attn.", 11) == 0) {
		for (k = 0; k < 4; k++)
			if (strcmp(end + 11, attn_names[k]) == 0) {
				ql->fp8[li] |= (unsigned char)(1u << k);
				return true;
			}
	} else if (strncmp(end, ".mlp.", 5) == 0) {
		for (k = 0; k < 3; k++)
			if (strcmp(end + 5, mlp_names[k]) == 0) {
				ql->fp8[li] |= (unsigned char)(16u << k);
				return true;
			}
	}
	return false;
}

/*
 * The layers whose attention (all of q, k, v, o_proj) or dense MLP (gate,
 * up, down_proj) ignored_layers names, into ql->seen; a layer with only
 * some of them named sets m->refusal.
 */
static void
fp8_proj_resolve(struct quant_layers *ql, struct model *m)
{
	int li;

	ql->fp8_exact = 1;
	for (li = 0; li < QL_MAX; li++) {
		int a = ql->fp8[li] & 0x0f, f = ql->fp8[li] & 0x70;
		char buf[400];

		/* is_layer_skipped() over a fused layer's shards
		 * (packed_modules_mapping: qkv_proj, gate_up_proj) raises
		 * when they differ */
		if (((a & 7) != 0 && (a & 7) != 7) || (f & 0x30) == 0x10 ||
		    (f & 0x30) == 0x20) {
			bool qkv = (a & 7) != 0 && (a & 7) != 7;

			snprintf(buf, sizeof buf,
			    "Detected some but not all shards of "
			    "%s%d.%s are quantized. All shards of "
			    "fused layers to have the same precision. "
			    "(quantization_config.%s)",
			    ql->fp8_root, li,
			    qkv ? "self_attn.qkv_proj" : "mlp.gate_up_proj",
			    ql->fp8_key);
			if (m->refusal == NULL)
				m->refusal = xstrdup(buf);
			return;
		}
		if ((a != 0 && a != 0x0f) || (f != 0 && f != 0x70)) {
			int at = a != 0 && a != 0x0f;
			int bits = at ? a : f >> 4, k = 0;

			while (!(bits & (1 << k)))
				k++;
			snprintf(buf, sizeof buf,
			    "quantization_config.%s "
			    "'%s%d.%s.%s': layer %d keeps only "
			    "some of its %s projections out of FP8, and "
			    "headroom prices a layer's attention or MLP "
			    "whole; it refuses rather than price them as FP8",
			    ql->fp8_key, ql->fp8_root, li,
			    at ? "self_attn" : "mlp",
			    at ? attn_names[k] : mlp_names[k], li,
			    at ? "attention" : "MLP");
			if (m->refusal == NULL)
				m->refusal = xstrdup(buf);
			return;
		}
		if (a) {
			ql->seen[0][li] = 1;
			ql->any[0] = 1;
		}
		if (f) {
			ql->seen[2][li] = 1;
			ql->any[2] = 1;
		}
	}
}

/* Adds t to the list of ignore entries headroom cannot place. */
static void
unplaced_add(char *unplaced, size_t size, size_t *used, const char *t)
{
	if (*used < size - 40)
		*used += (size_t)snprintf(unplaced + *used, size - *used,
		    "%s%s", *used ? ", " : "", t);
}

/*
 * Ignore entry t naming one layer's module (lp at its "layers."): kept in
 * ql by part, or the whole layer; false when headroom cannot place it.
 */
static bool
quant_ignore_layer(const char *t, const char *lp, struct quant_layers *ql)
{
	long li = strtol(lp + 7, NULL, 10);
	int pt = module_part(t);
	const char *rest = lp + 7 + strspn(lp + 7, "0123456789");

	if (li < QL_MAX &&
	    (strcmp(rest, "*") == 0 || strcmp(rest, ".*") == 0 ||
		*rest == '\0')) {
		ql->whole[li] = 1;
	} else if (pt >= 0 && pt < 5 && li < QL_MAX) {
		ql->seen[pt][li] = 1;
		ql->any[pt] = 1;
	} else if (pt < 0 && strstr(t, "gate") && !strstr(t, "proj")) {
		/* a layer's MoE router: 16 bit anyway */
	} else {
		return false;
	}
	return true;
}

/*
 * One ignore entry t: the part it keeps in 16 bit (m->quant_skip), one
 * layer's module (ql), or nothing to weigh; false when headroom cannot
 * place it.
 */
static bool
quant_ignore_entry(const char *t, struct model *m, struct quant_layers *ql)
{
	const char *lp = strstr(t, "layers.");

	if (strstr(t, "mtp")) {
		m->quant_skip |= MODEL_SKIP_MTP;
		return true;
	}
	/* a norm or a bias (Qwen3-235B-A22B-FP8 and GLM-5.1-FP8 list every
	 * layer's input_layernorm and post_attention_layernorm): never a
	 * quantized linear, and counted 16-bit already; not the attention */
	if (strstr(t, "norm") || strstr(t, "bias"))
		return true;
	/* a Mamba layer's conv1d (ModelOpt's exclude_modules lists every
	 * one): counted 16-bit already (core/weights.c), not the mixer's
	 * in_proj and out_proj */
	if (strstr(t, "conv1d"))
		return true;
	/* the sparse-attention indexer's weights_proj (GLM-5.1-FP8
	 * "self_attn.indexers_proj", hidden x index_n_heads): the indexer's
	 * own small linear, not the attention's projections */
	if (strstr(t, "indexer"))
		return true;
	/* the shared expert's scalar gate (hidden -> 1), not the expert */
	if (strstr(t, "lm_head") || strstr(t, "vision") ||
	    strstr(t, "visual") || strstr(t, "mm_projector") ||
	    strstr(t, "embed") || strstr(t, "router") ||
	    strstr(t, "shared_expert_gate"))
		return true;
	/* one layer's module: counted against the part's layers */
	if (lp && lp[7] >= '0' && lp[7] <= '9')
		return quant_ignore_layer(t, lp, ql);
	if (strstr(t, "shared_expert"))
		m->quant_skip |= 16;
	else if (strstr(t, "linear_attn") || strstr(t, "mixer") ||
	    strstr(t, "mamba"))
		m->quant_skip |= 2;
	else if (strstr(t, "attn") || strstr(t, "attention"))
		m->quant_skip |= 1;
	else if (strstr(t, "experts"))
		m->quant_skip |= 8;
	else if (strstr(t, "mlp") && (strstr(t, "proj") || strstr(t, "fc")))
		m->quant_skip |= 4;
	else if (!strstr(t, "gate")) /* MoE router: 16 bit anyway */
		return false;
	return true;
}

/*
 * A layer's linear_attn.in_proj_b or in_proj_a (qwen3_5.py
 * packed_modules_mapping: in_proj_ba = [in_proj_b, in_proj_a]), kept in
 * ql->ba; false for another name.
 */
static bool
gdn_ba_entry(const char *t, struct quant_layers *ql)
{
	const char *lp = strstr(t, "layers.");
	long li;

	if (lp == NULL ||
	    (!strstr(t, "linear_attn.in_proj_b") &&
		!strstr(t, "linear_attn.in_proj_a")))
		return false;
	li = strtol(lp + 7, NULL, 10);
	if (li < 0 || li >= QL_MAX)
		return false;
	ql->ba[li] |= strstr(t, "in_proj_b") ? 1 : 2;
	return true;
}

static bool
is_auto_round(const cJSON *qc)
{
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(qc, "quant_method");

	return cJSON_IsString(m) && auto_round_is_method(m->valuestring);
}

/*
 * The fp8 method's ignored layers (quant_details()): each entry weighed
 * against the parts ql holds, or the model refused where vLLM keeps a
 * linear 16-bit that headroom does not price one by one.
 */
static void
fp8_ignored_details(const cJSON *qc, struct model *m, struct quant_layers *ql)
{
	const struct fp8_prefix_rule *map = fp8_class_map(m);
	const cJSON *e;

	ql->fp8_key = fp8_ignored_key(qc);
	ql->fp8_root = map ? "language_model.model.layers." : "model.layers.";
	cJSON_ArrayForEach(e, fp8_ignored_layers(qc)) {
		const char *t = cJSON_IsString(e) ? e->valuestring : "";
		const char *lt = t; /* as a text model's name */
		char buf[1400], vn[512];

		/* vLLM's name for it: language_model.model.layers.N
		 * is the text model's model.layers.N */
		if (map != NULL) {
			fp8_vllm_name(map, t, vn, sizeof vn);
			lt =
			    strncmp(vn, "language_model.model.layers.", 28) == 0
			    ? vn + 15
			    : NULL;
		}
		/* an MTP layer's eh_proj (GLM-5's
		 * model.layers.78.eh_proj): 16-bit in
		 * weights_mtp_bytes_split() already */
		/* the projector of Gemma 3, Mistral 3 and LLaVA
		 * (multi_modal_projector): the tower's, 16-bit */
		if ((fp8_entry_unquantized_anyway(t) &&
			(strstr(t, "multi_modal_projector") ||
			    quant_ignore_entry(t, m, ql))) ||
		    (lt != NULL && fp8_proj_entry(lt, ql)) ||
		    strstr(t, "eh_proj"))
			continue;
		if (lt == NULL && strstr(vn, "layers.") != NULL) {
			snprintf(buf, sizeof buf,
			    "quantization_config.%s '%s': %s's "
			    "hf_to_vllm_mapper leaves it '%s', the "
			    "name of no module vLLM builds (its "
			    "decoder layers are "
			    "language_model.model.layers.N), so "
			    "vLLM keeps nothing 16-bit for it; "
			    "headroom refuses rather than price a "
			    "16-bit checkpoint tensor as FP8",
			    ql->fp8_key, t, m->architecture, vn);
			if (m->refusal == NULL)
				m->refusal = xstrdup(buf);
			return;
		}
		snprintf(buf, sizeof buf,
		    "quantization_config.%s '%s': vLLM's "
		    "fp8 method keeps the linears that entry names "
		    "16-bit (matched by full name), and headroom "
		    "does not price layers or projections kept out "
		    "of FP8 one by one; it refuses rather than price "
		    "them as FP8",
		    ql->fp8_key, t);
		if (m->refusal == NULL)
			m->refusal = xstrdup(buf);
		return;
	}
	fp8_proj_resolve(ql, m);
}

/*
 * What a quantization_config adds to the format: the int4 group size and
 * zero points (compressed-tensors), and the parts its ignore list (or
 * modules_to_not_convert, or ModelOpt's exclude_modules) keeps in 16 bit.
 * Entries naming one layer's module are collected in ql, to be weighed
 * against the layers that have that part (quant_layers_resolve()); entries
 * it cannot place are named in m->assumption.
 */
static void
quant_details(const cJSON *qc, struct model *m, struct quant_layers *ql)
{
	const cJSON *e;
	char unplaced[256] = "";
	size_t used = 0;

	quant_group_details(qc, m);
	if (fp8_ignored_layers(qc) != NULL) {
		fp8_ignored_details(qc, m, ql);
		return;
	}
	cJSON_ArrayForEach(e, quant_ignore_list(qc)) {
		const char *t = cJSON_IsString(e) ? e->valuestring : "";

		if (!quant_ignore_entry(t, m, ql))
			unplaced_add(unplaced, sizeof unplaced, &used, t);
	}
	if (is_auto_round(qc)) {
		const cJSON *it = NULL;
		const char *t;

		auto_round_group(qc, m);
		ql->tower_quantized = auto_round_tower_quantized(qc);
		while ((t = auto_round_next_unquantized(qc, &it)) != NULL)
			/* the gated delta net's in_proj_b / in_proj_a: vLLM's
			 * fused in_proj_ba, not the whole mixer */
			if (!gdn_ba_entry(t, ql) &&
			    !quant_ignore_entry(t, m, ql))
				unplaced_add(unplaced, sizeof unplaced, &used,
				    t);
	}
	if (used > 0) {
		char buf[400];

		snprintf(buf, sizeof buf,
		    "quantization ignore entries taken as "
		    "quantized: %s",
		    unplaced);
		free(m->assumption);
		m->assumption = xstrdup(buf);
	}
}

/* Whether layer i has the part (quant_skip's order) in the model's layout. */
static int
layer_has_part(const struct model *m, int i, int pt)
{
	const struct layer_desc *d = m->ld != NULL ? &m->ld[i] : NULL;
	/* MLA models' layer descriptions leave the FFN to first_k_dense_replace
	 * (weights.c layer_params) */
	int moe = d != NULL && !m->mla ? d->ffn == FFN_MOE
				       : weights_is_moe_layer(m, i);

	switch (pt) {
	case 0:
		return d == NULL || d->mixer == MIXER_ATTENTION ||
		    d->mixer == MIXER_SHARED || d->parallel_attn;
	case 1:
		return d != NULL &&
		    (d->mixer == MIXER_MAMBA1 || d->mixer == MIXER_MAMBA2 ||
			d->mixer == MIXER_GDN || d->mixer == MIXER_SHORT_CONV);
	case 2: return d != NULL && !m->mla ? d->ffn == FFN_DENSE : !moe;
	case 3: return moe;
	default: return moe && m->shared_intermediate > 0;
	}
}

/*
 * An ignore list written out layer by layer (llm-compressor saves its
 * regexes as every matching module's path; ModelOpt names whole layers,
 * "model.layers.0*"): a part named in every layer that has it, by its
 * module or the whole layer, stays 16-bit; one named in only some layers
 * is taken as quantized, and m->assumption says so.  A whole layer past
 * the decoder's is an MTP layer.
 */
static void
quant_layers_resolve(const struct quant_layers *ql, struct model *m)
{
	static const char *const names[5] = { "attention", "state mixer",
		"dense MLP", "experts", "shared expert" };
	char buf[400] = "";
	size_t used = 0;
	int pt, i;

	/* a whole layer past the decoder's is an MTP layer (DeepSeek, GLM) */
	for (i = m->layers; i < m->layers + m->mtp_layers && i < QL_MAX; i++)
		if (ql->whole[i])
			m->quant_skip |= MODEL_SKIP_MTP;
	for (pt = 0; pt < 5; pt++) {
		int have = 0, named = 0, stray = 0;

		for (i = 0; i < m->layers && i < QL_MAX; i++)
			if (layer_has_part(m, i, pt)) {
				have++;
				named += ql->seen[pt][i] || ql->whole[i];
			} else {
				stray += ql->seen[pt][i];
			}
		for (; i < QL_MAX; i++)
			stray += ql->seen[pt][i];
		/* fp8 ignored_layers: vLLM keeps exactly the layers named */
		if (ql->fp8_exact && m->refusal == NULL &&
		    (stray > 0 || (named > 0 && named != have))) {
			char msg[400];

			snprintf(msg, sizeof msg,
			    "quantization_config.%s keeps the %s "
			    "of %d of %d layers%s out of FP8; headroom prices "
			    "a part 16-bit only in every layer that has it, "
			    "and refuses rather than price them as FP8",
			    ql->fp8_key, names[pt], named + stray, have,
			    stray > 0 ? " (some without one)" : "");
			m->refusal = xstrdup(msg);
			return;
		}
		if (have > 0 && named == have)
			m->quant_skip |= 1u << pt;
		else if (named > 0 && used < sizeof buf - 80)
			used += (size_t)snprintf(buf + used, sizeof buf - used,
			    "%s%s of %d of %d layers", used ? ", " : "",
			    names[pt], named, have);
	}
	if (used > 0) {
		char msg[600];

		snprintf(msg, sizeof msg,
		    "%s%squantization ignore entries taken as "
		    "quantized (not every layer named): %s",
		    m->assumption ? m->assumption : "",
		    m->assumption ? "; " : "", buf);
		free(m->assumption);
		m->assumption = xstrdup(msg);
	}
}

/* The part a module name or target belongs to: 0..4 as quant_skip, 5 lm_head, -1 none. */
static int
module_part(const char *t)
{
	if (strstr(t, "lm_head"))
		return 5;
	if (strstr(t, "shared_expert_gate"))
		return -1;
	if (strstr(t, "shared_expert"))
		return 4;
	/* Nemotron-H calls every layer's module its mixer (nemotron_h.py:
	 * backbone.layers.N.mixer.experts.E.up_proj, .mixer.q_proj): the
	 * experts and the attention projections go by their own names */
	if (strstr(t, "experts"))
		return 3;
	if (strstr(t, "mixer") &&
	    (strstr(t, "q_proj") || strstr(t, "k_proj") ||
		strstr(t, "v_proj") || strstr(t, "o_proj")))
		return 0;
	if (strstr(t, "linear_attn") || strstr(t, "mixer") ||
	    strstr(t, "mamba"))
		return 1;
	if (strstr(t, "attn") || strstr(t, "attention"))
		return 0;
	if (strstr(t, "mlp") && (strstr(t, "proj") || strstr(t, "fc")))
		return 2;
	return -1;
}

/* Format of a compressed-tensors / ModelOpt weights scheme. */
static enum ckpt_format
scheme_format(const cJSON *w, int *group)
{
	const cJSON *bits = cJSON_GetObjectItemCaseSensitive(w, "num_bits");
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(w, "type");
	const cJSON *strat = cJSON_GetObjectItemCaseSensitive(w, "strategy");
	const cJSON *g = cJSON_GetObjectItemCaseSensitive(w, "group_size");
	int b = cJSON_IsNumber(bits) ? bits->valueint : 8;
	int isfloat =
	    !cJSON_IsString(type) || strcmp(type->valuestring, "float") == 0;

	if (cJSON_IsNumber(g) && g->valueint > 0)
		*group = g->valueint;
	if (b == 4)
		return isfloat ? FMT_NVFP4 : FMT_GPTQ;
	if (!isfloat)
		return FMT_INT8;
	if (cJSON_IsString(strat) && strcmp(strat->valuestring, "channel") == 0)
		return FMT_FP8_CHANNEL;
	if (cJSON_IsString(strat) && strcmp(strat->valuestring, "block") == 0)
		return FMT_FP8_BLOCK;
	return FMT_FP8;
}

static enum ckpt_format
algo_format(const char *a)
{
	if (strstr(a, "NVFP4") || strstr(a, "FP4"))
		return FMT_NVFP4;
	if (strstr(a, "FP8"))
		return FMT_FP8;
	if (strstr(a, "INT4") || strstr(a, "AWQ"))
		return FMT_AWQ;
	if (strstr(a, "INT8"))
		return FMT_INT8;
	return FMT_COUNT;
}

/* Part pt (as module_part()) is stored in format f, which one more group
 * names (counts[f]). */
static void
part_take_format(struct model *m, int pt, enum ckpt_format f, int counts[])
{
	if (pt == 5)
		m->lm_head_fmt = (unsigned char)(f + 1);
	else if (pt >= 0)
		m->part_fmt[pt] = (unsigned char)(f + 1);
	counts[f]++;
}

/*
 * Mixed precision: config_groups whose targets name modules, or ModelOpt's
 * quantized_layers.  Each part takes the format of the group naming it;
 * parts no group names stay 16-bit.  The checkpoint's format becomes the
 * experts' (or the most common one).
 */
static void
quant_parts(const cJSON *qc, struct model *m)
{
	const cJSON *groups =
	    cJSON_GetObjectItemCaseSensitive(qc, "config_groups");
	const cJSON *ql =
	    cJSON_GetObjectItemCaseSensitive(qc, "quantized_layers");
	const cJSON *g, *t;
	int named = 0, i, counts[FMT_COUNT] = { 0 }, best = -1;

	cJSON_ArrayForEach(g, groups) {
		const cJSON *w = cJSON_GetObjectItemCaseSensitive(g, "weights");
		const cJSON *tg =
		    cJSON_GetObjectItemCaseSensitive(g, "targets");
		int grp = 0;
		enum ckpt_format f;

		if (!cJSON_IsObject(w))
			continue;
		f = scheme_format(w, &grp);
		cJSON_ArrayForEach(t, tg) {
			int pt;

			if (!cJSON_IsString(t) ||
			    strcmp(t->valuestring, "Linear") == 0)
				continue;
			pt = module_part(t->valuestring);
			named = 1;
			part_take_format(m, pt, f, counts);
		}
	}
	cJSON_ArrayForEach(t, ql) {
		const cJSON *a =
		    cJSON_GetObjectItemCaseSensitive(t, "quant_algo");
		enum ckpt_format f =
		    cJSON_IsString(a) ? algo_format(a->valuestring) : FMT_COUNT;
		int pt = module_part(t->string);

		if (f == FMT_COUNT)
			continue;
		named = 1;
		part_take_format(m, pt, f, counts);
	}
	if (!named)
		return;
	for (i = 0; i < 5; i++)
		if (m->part_fmt[i] == 0)
			m->part_fmt[i] =
			    FMT_BF16 + 1; /* named by no group: 16 bit */
	for (i = 0; i < FMT_COUNT; i++)
		if (counts[i] > 0 && (best < 0 || counts[i] > counts[best]))
			best = i;
	m->native_format = m->n_experts > 0 && m->part_fmt[3] != FMT_BF16 + 1
	    ? (enum ckpt_format)(m->part_fmt[3] - 1)
	    : (enum ckpt_format)best;
}

/*
 * Rough parameter count of a vision tower: ViT blocks, patch and position
 * embeddings, the merger and the deepstack mergers (Qwen3-VL).  A SiLU
 * tower (Qwen2.5-VL, Pixtral) has a gated MLP (gate, up, down); a GELU one
 * (Qwen3-VL and Qwen3.5's qwen3_vl.py Qwen3_VisionMLP, SigLIP) fc1 and fc2.
 */
/*
 * ViT towers vLLM builds only up to a feature layer, with a two-linear
 * projector: LLaVA's CLIP (vllm/model_executor/models/llava.py
 * init_vision_tower_for_llava: the layers up to vision_feature_layer, -2
 * all but the last; LlavaMultiModalProjector linear_1 vision -> text hidden
 * and linear_2 text -> text) and InternVL's InternViT (internvl.py: up to
 * select_layer; mlp1 a LayerNorm and Linear(vision hidden x (1 /
 * downsample_ratio)^2 -> text hidden), Linear(text -> text)); main @002d607.
 * Each block is 4h^2 attention and an fc1/fc2 MLP (no gate); the class and
 * position embeddings and the patch convolution come on top.  -1 when vc is
 * neither.
 */
static double
feature_tower_params(const cJSON *root, const cJSON *vc, double hh, double dd,
    double ii, int text_hidden)
{
	const cJSON *vt = cJSON_GetObjectItemCaseSensitive(vc, "model_type");
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(root, "model_type");
	const cJSON *fl =
	    cJSON_GetObjectItemCaseSensitive(root, "vision_feature_layer");
	const cJSON *is = cJSON_GetObjectItemCaseSensitive(vc, "image_size");
	const cJSON *ps = cJSON_GetObjectItemCaseSensitive(vc, "patch_size");
	double layers, side = 0, patch = 0, th = text_hidden, in = hh, f;

	if (cJSON_IsString(vt) &&
	    strcmp(vt->valuestring, "clip_vision_model") == 0 &&
	    cJSON_IsNumber(fl)) {
		f = fl->valuedouble;
	} else if (cJSON_IsString(mt) &&
	    strcmp(mt->valuestring, "internvl_chat") == 0) {
		const cJSON *sl =
		    cJSON_GetObjectItemCaseSensitive(root, "select_layer");
		const cJSON *dr =
		    cJSON_GetObjectItemCaseSensitive(root, "downsample_ratio");
		double r = cJSON_IsNumber(dr) && dr->valuedouble > 0
		    ? floor(1 / dr->valuedouble)
		    : 2;

		f = cJSON_IsNumber(sl) ? sl->valuedouble : -1;
		in = hh * r * r;
		if (cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(root,
			"force_image_size")))
			is = cJSON_GetObjectItemCaseSensitive(root,
			    "force_image_size");
	} else {
		return -1;
	}
	layers = f < 0 ? dd + f + 1 : f;
	if (layers < 0 || layers > dd)
		layers = dd;
	if (cJSON_IsNumber(ps) && ps->valuedouble > 0) {
		patch = ps->valuedouble;
		if (cJSON_IsNumber(is))
			side = floor(is->valuedouble / patch);
	}
	return layers * (4 * hh * hh + 2 * hh * ii) + (side * side + 2) * hh +
	    3 * patch * patch * hh + in * th + th * th;
}

/*
 * MoonViT, Kimi-VL's tower (vllm/model_executor/models/moonvit.py and
 * kimi_vl.py, main @055e47c): the patch convolution with its bias and a
 * learned init_pos_emb_height x init_pos_emb_width position table; per
 * block two LayerNorms, wqkv (QKVParallelLinear) and wo (RowParallelLinear)
 * with biases and the GELU MLP2, fc0 (column) and fc1 (row) with biases; a
 * final LayerNorm; then KimiVLMultiModalProjector, a LayerNorm and two
 * ReplicatedLinear over the merge_kernel_size merged patches (vision hidden
 * x kh x kw -> the same -> text hidden), with biases.  *repl gets what every
 * TP rank holds whole: norms, embeddings, the row-parallel biases and the
 * projector.
 */
static double
moonvit_params(const cJSON *vc, double hh, double dd, double ii,
    int text_hidden, double *repl)
{
	const cJSON *mk =
	    cJSON_GetObjectItemCaseSensitive(vc, "merge_kernel_size");
	const cJSON *ps = cJSON_GetObjectItemCaseSensitive(vc, "patch_size");
	const cJSON *ph =
	    cJSON_GetObjectItemCaseSensitive(vc, "init_pos_emb_height");
	const cJSON *pw =
	    cJSON_GetObjectItemCaseSensitive(vc, "init_pos_emb_width");
	double th = text_hidden, k = 4, p, split, tower, proj;

	/* MoonViTConfig's defaults: patch 14, a 64 x 64 table, 2 x 2 merge */
	p = cJSON_IsNumber(ps) ? ps->valuedouble : 14;
	if (cJSON_GetArraySize(mk) == 2 &&
	    cJSON_IsNumber(cJSON_GetArrayItem(mk, 0)) &&
	    cJSON_IsNumber(cJSON_GetArrayItem(mk, 1)))
		k = cJSON_GetArrayItem(mk, 0)->valuedouble *
		    cJSON_GetArrayItem(mk, 1)->valuedouble;
	split = dd * (4 * hh * hh + 3 * hh + 2 * hh * ii + ii);
	tower = dd * (4 * hh + 2 * hh) + 2 * hh + 3 * p * p * hh + hh +
	    (cJSON_IsNumber(ph) ? ph->valuedouble : 64) *
		(cJSON_IsNumber(pw) ? pw->valuedouble : 64) * hh;
	proj = 2 * hh + k * hh * (k * hh + 1) + (k * hh + 1) * th;
	*repl = tower + proj;
	return split + tower + proj;
}

/*
 * Gemma 3's SigLIP tower and projector (vllm/model_executor/models/
 * gemma3_mm.py Gemma3ForConditionalGeneration: SiglipVisionModel of
 * siglip.py, no head as vision_use_head false; Gemma3MultiModalProjector's
 * mm_input_projection_weight, vision hidden x text hidden, and
 * mm_soft_emb_norm).  The patch convolution with its bias and a position
 * table of (image_size / patch_size)^2; per block two LayerNorms (w+b),
 * qkv_proj and out_proj with biases and the two-linear MLP fc1/fc2 with
 * biases (SiglipVisionConfig's hidden_act gelu_pytorch_tanh: no gate); the
 * post_layernorm.  google/gemma-3-12b-it: 421,290,864, with the text model
 * 12,187,325,040, the published total.  -1 when vc is not that tower.
 */
static double
gemma3_siglip_params(const cJSON *root, const cJSON *vc, double hh, double dd,
    double ii, int text_hidden, double *repl)
{
	const cJSON *vt = cJSON_GetObjectItemCaseSensitive(vc, "model_type");
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(root, "model_type");
	const cJSON *is = cJSON_GetObjectItemCaseSensitive(vc, "image_size");
	const cJSON *ps = cJSON_GetObjectItemCaseSensitive(vc, "patch_size");
	double p, side, emb, whole;

	if (!cJSON_IsString(vt) ||
	    strcmp(vt->valuestring, "siglip_vision_model") != 0 ||
	    !cJSON_IsString(mt) || strcmp(mt->valuestring, "gemma3") != 0)
		return -1;
	/* SiglipVisionConfig's defaults: image 224, patch 16 */
	p = cJSON_IsNumber(ps) && ps->valuedouble > 0 ? ps->valuedouble : 16;
	side = floor((cJSON_IsNumber(is) ? is->valuedouble : 224) / p);
	emb = 3 * p * p * hh + hh + side * side * hh;
	/* norms, the row-parallel biases, embeddings and projector */
	whole = emb + dd * (4 * hh + 2 * hh) + 2 * hh + hh * text_hidden + hh;
	*repl = whole;
	return dd * (4 * hh * hh + 3 * hh + 2 * hh * ii + ii) + whole;
}

/*
 * GLM-4.1V / GLM-4.5V's tower (vllm/model_executor/models/glm4_1v.py
 * Glm4vVisionTransformer): blocks of qkv and proj (biases under
 * attention_bias) and a gated MLP of out_hidden_size, not intermediate_size,
 * with two RMSNorms; the Conv3d patch embedding with its bias, a position
 * table of (image_size / patch_size)^2, post_conv_layernorm and
 * post_layernorm; the downsample Conv2d (hidden -> out_hidden over
 * spatial_merge_size^2, with bias); the merger's proj (out x out), its
 * LayerNorm and a gated MLP of intermediate_size.  GLM-4.5V: 858,681,856,
 * the vision tensors its checkpoint lists.  -1 when vc is not that tower.
 */
static double
glm4v_tower_params(const cJSON *root, const cJSON *vc, double hh, double dd,
    double ii, int text_hidden, double *repl)
{
	const cJSON *vt = cJSON_GetObjectItemCaseSensitive(vc, "model_type");
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(root, "model_type");
	const cJSON *o =
	    cJSON_GetObjectItemCaseSensitive(vc, "out_hidden_size");
	const cJSON *is = cJSON_GetObjectItemCaseSensitive(vc, "image_size");
	const cJSON *ps = cJSON_GetObjectItemCaseSensitive(vc, "patch_size");
	const cJSON *tp =
	    cJSON_GetObjectItemCaseSensitive(vc, "temporal_patch_size");
	const cJSON *ic = cJSON_GetObjectItemCaseSensitive(vc, "in_channels");
	const cJSON *sm =
	    cJSON_GetObjectItemCaseSensitive(vc, "spatial_merge_size");
	double oo, p, side, merge, bias, whole;

	if (!cJSON_IsString(vt) || strncmp(vt->valuestring, "glm4v", 5) != 0 ||
	    !cJSON_IsString(mt) || strncmp(mt->valuestring, "glm4v", 5) != 0)
		return -1;
	oo = cJSON_IsNumber(o) ? o->valuedouble : text_hidden;
	p = cJSON_IsNumber(ps) && ps->valuedouble > 0 ? ps->valuedouble : 14;
	side = cJSON_IsNumber(is) ? floor(is->valuedouble / p) : 0;
	merge = cJSON_IsNumber(sm) ? sm->valuedouble : 2;
	bias =
	    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(vc, "attention_bias"))
	    ? 4 * hh
	    : 0;
	whole = (cJSON_IsNumber(ic) ? ic->valuedouble : 3) *
		(cJSON_IsNumber(tp) ? tp->valuedouble : 2) * p * p * hh +
	    hh + side * side * hh + 2 * hh + dd * 2 * hh +
	    hh * oo * merge * merge + oo + 2 * oo;
	*repl = whole;
	return dd * (4 * hh * hh + bias + 3 * hh * oo) + whole + oo * oo +
	    3 * oo * ii;
}

/*
 * Llama 4's tower (vllm/model_executor/models/mllama4.py, Llama4VisionModel
 * and Llama4MultiModalProjector, v0.19.0): the patch embedding a
 * ColumnParallelLinear of channels x patch^2 -> hidden without bias, a
 * class embedding and a position table of (image_size / patch)^2 + 1 rows,
 * layernorm_pre and layernorm_post (weights and biases); per block
 * qkv_proj (QKVParallelLinear, bias) and o_proj (RowParallelLinear, bias),
 * the GELU MLP fc1 (column, bias) and fc2 (row, bias), two LayerNorms; the
 * pixel-shuffle adapter's MLP intermediate_size -> projector_input_dim ->
 * projector_output_dim (column, row; biases under
 * multi_modal_projector_bias); multi_modal_projector.linear_1
 * vision_output_dim -> text hidden (column, no bias).  *repl gets what
 * every TP rank holds whole: embeddings, norms and the row-parallel
 * biases.  Llama-4-Scout: 871,932,416.  -1 when vc is not that tower.
 */
static double
llama4_tower_params(const cJSON *vc, double hh, double dd, double ii,
    int text_hidden, double *repl)
{
	const cJSON *vt = cJSON_GetObjectItemCaseSensitive(vc, "model_type");
	const cJSON *is = cJSON_GetObjectItemCaseSensitive(vc, "image_size");
	const cJSON *ps = cJSON_GetObjectItemCaseSensitive(vc, "patch_size");
	const cJSON *nc = cJSON_GetObjectItemCaseSensitive(vc, "num_channels");
	const cJSON *pi =
	    cJSON_GetObjectItemCaseSensitive(vc, "projector_input_dim");
	const cJSON *po =
	    cJSON_GetObjectItemCaseSensitive(vc, "projector_output_dim");
	const cJSON *vo =
	    cJSON_GetObjectItemCaseSensitive(vc, "vision_output_dim");
	double p, side, pin, pout, vout, bias, split, whole;

	if (!cJSON_IsString(vt) ||
	    strcmp(vt->valuestring, "llama4_vision_model") != 0)
		return -1;
	/* Llama4VisionConfig's defaults */
	p = cJSON_IsNumber(ps) && ps->valuedouble > 0 ? ps->valuedouble : 14;
	side = floor((cJSON_IsNumber(is) ? is->valuedouble : 448) / p);
	pin = cJSON_IsNumber(pi) ? pi->valuedouble : 4096;
	pout = cJSON_IsNumber(po) ? po->valuedouble : 4096;
	vout = cJSON_IsNumber(vo) ? vo->valuedouble : 7680;
	bias = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(vc,
		   "multi_modal_projector_bias"))
	    ? 1
	    : 0;
	split = dd * (4 * hh * hh + 3 * hh + 2 * hh * ii + ii) +
	    (cJSON_IsNumber(nc) ? nc->valuedouble : 3) * p * p * hh + ii * pin +
	    bias * pin + pin * pout + vout * text_hidden;
	whole = dd * (2 * hh + 4 * hh) + hh + (side * side + 1) * hh + 4 * hh +
	    bias * pout;
	*repl = whole;
	return split + whole;
}

/*
 * The Qwen-VL towers as vLLM's modules build them (every Linear with its
 * bias; v0.11 files, @002d181): Qwen2VisionTransformer (qwen2_vl.py:
 * embed_dim wide, hidden_size the merger's output, an MLP of embed_dim x
 * mlp_ratio, LayerNorms), Qwen2_5_VisionTransformer (qwen2_5_vl.py: a
 * gated MLP of intermediate_size, RMSNorms) and Qwen3_VisionTransformer
 * (qwen3_vl.py: a GELU MLP of intermediate_size, LayerNorms, a patch
 * convolution with bias, a position table, one postshuffle-norm merger per
 * deepstack index), which Qwen3.5 and Qwen3.6 build too (qwen3_5.py:
 * Qwen3_5ForConditionalGeneration and its MoE class construct
 * Qwen3_VisionTransformer from vision_config; no deepstack index).  Each block: norm1, norm2, qkv (3h x h + 3h), proj
 * (h x h + h), the MLP; the patch embedding channels x temporal x patch^2
 * x h; the merger ln_q, mlp.0 (4h x 4h + 4h), mlp.2 (4h x out + out).
 * *repl gets what every TP rank holds whole: the patch embedding, the
 * position table, the norms and the row-parallel biases (proj, the MLP's
 * down projection, mlp.2).  -1 when root is not one of these models.
 */
static double
qwen_vl_tower_params(const cJSON *root, const cJSON *vc, double hh, double dd,
    double ii, int text_hidden, double *repl)
{
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(root, "model_type");
	const cJSON *ed = cJSON_GetObjectItemCaseSensitive(vc, "embed_dim");
	const cJSON *mr = cJSON_GetObjectItemCaseSensitive(vc, "mlp_ratio");
	const cJSON *o =
	    cJSON_GetObjectItemCaseSensitive(vc, "out_hidden_size");
	const cJSON *ps = cJSON_GetObjectItemCaseSensitive(vc, "patch_size");
	const cJSON *tp =
	    cJSON_GetObjectItemCaseSensitive(vc, "temporal_patch_size");
	const cJSON *ic = cJSON_GetObjectItemCaseSensitive(vc, "in_channels");
	const cJSON *sm =
	    cJSON_GetObjectItemCaseSensitive(vc, "spatial_merge_size");
	const cJSON *pe =
	    cJSON_GetObjectItemCaseSensitive(vc, "num_position_embeddings");
	const cJSON *ds =
	    cJSON_GetObjectItemCaseSensitive(vc, "deepstack_visual_indexes");
	double oo, p, t, m4, patch, norms, mlp, mlp_bias, block_repl;
	double split, whole, extra = 0, extra_repl = 0;
	int gen;

	if (!cJSON_IsString(mt))
		return -1;
	if (strcmp(mt->valuestring, "qwen2_vl") == 0)
		gen = 2;
	else if (strcmp(mt->valuestring, "qwen2_5_vl") == 0)
		gen = 25;
	else if (strcmp(mt->valuestring, "qwen3_vl") == 0 ||
	    strcmp(mt->valuestring, "qwen3_vl_moe") == 0 ||
	    strcmp(mt->valuestring, "qwen3_5") == 0 ||
	    strcmp(mt->valuestring, "qwen3_5_moe") == 0)
		gen = 3;
	else
		return -1;
	/* Qwen2VLVisionConfig: hidden_size is the output, embed_dim the width */
	if (gen == 2) {
		oo = hh;
		hh = cJSON_IsNumber(ed) ? ed->valuedouble : 1280;
		ii = floor(hh * (cJSON_IsNumber(mr) ? mr->valuedouble : 4));
	} else
		oo = cJSON_IsNumber(o) ? o->valuedouble : text_hidden;
	p = cJSON_IsNumber(ps) ? ps->valuedouble : 14;
	t = cJSON_IsNumber(tp) ? tp->valuedouble : 2;
	m4 = cJSON_IsNumber(sm) ? sm->valuedouble * sm->valuedouble * hh
				: 4 * hh;
	patch = (cJSON_IsNumber(ic) ? ic->valuedouble : 3) * t * p * p * hh;
	/* LayerNorm: weight and bias; RMSNorm (Qwen2.5-VL): weight */
	norms = gen == 25 ? 2 * hh : 4 * hh;
	/* Qwen2_5_VisionMLP's gate_up_proj and down_proj, else fc1 and fc2 */
	mlp = gen == 25 ? 3 * hh * ii : 2 * hh * ii;
	mlp_bias = gen == 25 ? 2 * ii + hh : ii + hh;
	block_repl = norms + hh + hh;
	if (gen == 3) {
		patch += hh; /* Qwen3_VisionPatchEmbed's Conv3d has a bias */
		if (cJSON_IsNumber(pe))
			patch += pe->valuedouble * hh;
		/* each deepstack merger normalizes after the shuffle */
		if (cJSON_IsArray(ds)) {
			extra = cJSON_GetArraySize(ds) *
			    (2 * m4 + m4 * m4 + m4 + m4 * oo + oo);
			extra_repl = cJSON_GetArraySize(ds) * (2 * m4 + oo);
		}
	}
	split = dd * (4 * hh * hh + 3 * hh + mlp + mlp_bias - hh) + m4 * m4 +
	    m4 + m4 * oo;
	whole = dd * block_repl + patch + (gen == 25 ? hh : 2 * hh) + oo;
	*repl = whole + extra_repl;
	return split + whole + extra;
}

/*
 * Gemma 4's tower (gemma4_vision): gemma4_mm.py (@01bae21) builds it with
 * AutoModel.from_config, transformers' Gemma4VisionModel (models/gemma4/
 * modeling_gemma4.py @c308a30), and its nn.Linear layers become
 * ReplicatedLinear (recursive_replace_linear, replace_linear_class's
 * "replicate"), so every TP rank holds all of it.  The patch embedder's
 * input_proj (3 x patch^2 -> hidden, no bias) and its position table [2,
 * position_embedding_size, hidden]; per encoder layer q, k, v and o
 * (heads x head_dim, KV heads x head_dim wide, no bias), the gated MLP
 * gate, up and down of intermediate_size, four norms of hidden and the q
 * and k norms of head_dim (the v norm has no weight); std_bias and
 * std_scale of hidden under standardize; then Gemma4MultimodalEmbedder's
 * embedding_projection (hidden -> text hidden, its norm weightless).  No
 * merger and no final norm.  -1 when vc is not that tower.
 */
static double
gemma4_tower_params(const cJSON *vc, double hh, double dd, double ii,
    int text_hidden, double *repl)
{
	const cJSON *vt = cJSON_GetObjectItemCaseSensitive(vc, "model_type");
	const cJSON *nh =
	    cJSON_GetObjectItemCaseSensitive(vc, "num_attention_heads");
	const cJSON *kh =
	    cJSON_GetObjectItemCaseSensitive(vc, "num_key_value_heads");
	const cJSON *hd = cJSON_GetObjectItemCaseSensitive(vc, "head_dim");
	const cJSON *ps = cJSON_GetObjectItemCaseSensitive(vc, "patch_size");
	const cJSON *pe =
	    cJSON_GetObjectItemCaseSensitive(vc, "position_embedding_size");
	double heads, kvh, dim, p, layer, whole;

	if (!cJSON_IsString(vt) ||
	    strcmp(vt->valuestring, "gemma4_vision") != 0)
		return -1;
	/* where the config leaves a key out, the defaults public copies of
	 * Gemma4VisionConfig give: 16 heads (and KV heads) of 72, patch 16,
	 * a table of 10240, standardize false */
	heads =
	    cJSON_IsNumber(nh) && nh->valuedouble > 0 ? nh->valuedouble : 16;
	kvh =
	    cJSON_IsNumber(kh) && kh->valuedouble > 0 ? kh->valuedouble : heads;
	dim = cJSON_IsNumber(hd) && hd->valuedouble > 0 ? hd->valuedouble : 72;
	p = cJSON_IsNumber(ps) && ps->valuedouble > 0 ? ps->valuedouble : 16;
	layer = 2 * hh * heads * dim + 2 * hh * kvh * dim + 3 * hh * ii +
	    4 * hh + 2 * dim;
	whole = dd * layer + 3 * p * p * hh +
	    2 * (cJSON_IsNumber(pe) ? pe->valuedouble : 10240) * hh +
	    (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(vc, "standardize"))
		    ? 2 * hh
		    : 0) +
	    hh * text_hidden;
	*repl = whole;
	return whole;
}

/* Whether root is vLLM's KimiK25Config (model_type kimi_k25). */
static int
kimi_k25_root(const cJSON *root)
{
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(root, "model_type");

	return cJSON_IsString(mt) && strcmp(mt->valuestring, "kimi_k25") == 0;
}

/* The parameters of the tower in vc and its projector, *repl the part
 * every TP rank holds whole (0 where every part is counted as split). */
static double
vision_params(const cJSON *root, const cJSON *vc, int text_hidden, double *repl)
{
	const cJSON *h = cJSON_GetObjectItemCaseSensitive(vc, "hidden_size");
	const cJSON *d = cJSON_GetObjectItemCaseSensitive(vc, "depth");
	const cJSON *i =
	    cJSON_GetObjectItemCaseSensitive(vc, "intermediate_size");
	const cJSON *o =
	    cJSON_GetObjectItemCaseSensitive(vc, "out_hidden_size");
	const cJSON *act = cJSON_GetObjectItemCaseSensitive(vc, "hidden_act");
	const cJSON *ds =
	    cJSON_GetObjectItemCaseSensitive(vc, "deepstack_visual_indexes");
	const cJSON *pe =
	    cJSON_GetObjectItemCaseSensitive(vc, "num_position_embeddings");
	const cJSON *ps = cJSON_GetObjectItemCaseSensitive(vc, "patch_size");
	const cJSON *tp =
	    cJSON_GetObjectItemCaseSensitive(vc, "temporal_patch_size");
	const cJSON *ic = cJSON_GetObjectItemCaseSensitive(vc, "in_channels");
	const cJSON *vt = cJSON_GetObjectItemCaseSensitive(vc, "model_type");
	double hh, dd, ii, oo, merge = 4, mlp = 3, mergers = 1, emb = 0, siglip;

	*repl = 0;
	if (d == NULL)
		d = cJSON_GetObjectItemCaseSensitive(vc, "num_hidden_layers");
	if (kimi_k25_root(root)) {
		/* KimiK25VisionConfig reads the checkpoint's vt_* names where the
		 * standard ones are absent (vllm/transformers_utils/configs/
		 * kimi_k25.py, main): its MoonViT3d tower has MoonViT's blocks,
		 * patch convolution and 2-D position table, and
		 * KimiK25MultiModalProjector MoonViT's projector to the text
		 * width (kimi_k25_vit.py, main) */
		if (h == NULL)
			h = cJSON_GetObjectItemCaseSensitive(vc,
			    "vt_hidden_size");
		if (d == NULL)
			d = cJSON_GetObjectItemCaseSensitive(vc,
			    "vt_num_hidden_layers");
		if (i == NULL)
			i = cJSON_GetObjectItemCaseSensitive(vc,
			    "vt_intermediate_size");
	}
	if (!cJSON_IsNumber(h) || !cJSON_IsNumber(d))
		return 0;
	hh = h->valuedouble;
	dd = d->valuedouble;
	ii = cJSON_IsNumber(i) ? i->valuedouble : 4 * hh;
	if ((cJSON_IsString(vt) && strcmp(vt->valuestring, "moonvit") == 0) ||
	    kimi_k25_root(root))
		return moonvit_params(vc, hh, dd, ii, text_hidden, repl);
	if (feature_tower_params(root, vc, hh, dd, ii, text_hidden) >= 0)
		return feature_tower_params(root, vc, hh, dd, ii, text_hidden);
	siglip = gemma3_siglip_params(root, vc, hh, dd, ii, text_hidden, repl);
	if (siglip >= 0)
		return siglip;
	siglip = glm4v_tower_params(root, vc, hh, dd, ii, text_hidden, repl);
	if (siglip >= 0)
		return siglip;
	siglip = llama4_tower_params(vc, hh, dd, ii, text_hidden, repl);
	if (siglip >= 0)
		return siglip;
	siglip = gemma4_tower_params(vc, hh, dd, ii, text_hidden, repl);
	if (siglip >= 0)
		return siglip;
	siglip = qwen_vl_tower_params(root, vc, hh, dd, ii, text_hidden, repl);
	if (siglip >= 0)
		return siglip;
	oo = cJSON_IsNumber(o) ? o->valuedouble : text_hidden;
	if (cJSON_IsString(act) && strstr(act->valuestring, "gelu") != NULL)
		mlp = 2;
	if (cJSON_IsArray(ds))
		mergers += cJSON_GetArraySize(ds);
	if (cJSON_IsNumber(pe))
		emb += pe->valuedouble * hh;
	if (cJSON_IsNumber(ps) && cJSON_IsNumber(tp))
		emb += (cJSON_IsNumber(ic) ? ic->valuedouble : 3) *
		    tp->valuedouble * ps->valuedouble * ps->valuedouble * hh;
	/* attention 4h^2 + MLP per block; each merger (4h -> 4h -> out) */
	return dd * (4 * hh * hh + mlp * hh * ii) + emb +
	    mergers * (merge * hh * merge * hh + merge * hh * oo);
}

/*
 * Starts a read of root: the section the text model's fields live in
 * (text_config, llm_config, or a speculators drafter's
 * transformer_layer_config; else the root itself).
 */
static void
cfg_init(struct cfg *c, const cJSON *root, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *tc;

	memset(c, 0, sizeof *c);
	c->err = err;
	c->errlen = errlen;
	c->bad = bad;
	c->root = root;
	tc = cJSON_GetObjectItemCaseSensitive(root, "text_config");
	if (tc == NULL)
		tc = cJSON_GetObjectItemCaseSensitive(root, "llm_config");
	/* a speculators-format drafter (vllm/transformers_utils/configs/
	 * speculators/base.py): the layers are described apart */
	if (tc == NULL &&
	    cJSON_IsString(cJSON_GetObjectItemCaseSensitive(root,
		"speculators_model_type")))
		tc = cJSON_GetObjectItemCaseSensitive(root,
		    "transformer_layer_config");
	c->text = cJSON_IsObject(tc) ? tc : root;
}

/*
 * The first of architectures, and model_type (the text section's first).
 * A lone string is a one-item list, as vLLM's registry takes it
 * (vllm/model_executor/models/registry.py _normalize_archs).
 */
static void
read_names(const struct cfg *c, struct model *m)
{
	const cJSON *v =
	    cJSON_GetObjectItemCaseSensitive(c->root, "architectures");
	const char *arch = NULL, *s;

	if (cJSON_IsArray(v) && cJSON_IsString(cJSON_GetArrayItem(v, 0)))
		arch = cJSON_GetArrayItem(v, 0)->valuestring;
	else if (cJSON_IsString(v))
		arch = v->valuestring;
	m->architecture = xstrdup(arch ? arch : "");
	s = get_str(c, "model_type");
	if (s == NULL)
		s = cJSON_IsString(
			cJSON_GetObjectItemCaseSensitive(c->root, "model_type"))
		    ? cJSON_GetObjectItemCaseSensitive(c->root, "model_type")
			  ->valuestring
		    : "";
	m->model_type = xstrdup(s);
}

/*
 * Whether hfarch.c refuses the model; if so m holds the refusal and
 * placeholder sizes that keep hfconfig_read()'s invariant.
 */
static bool
model_take_refusal(struct model *m)
{
	const char *why;
	char buf[512];

	if (!hfarch_is_refused(m->architecture, m->model_type, &why))
		return false;
	snprintf(buf, sizeof buf,
	    "%s: %s. headroom refuses rather than "
	    "price it as standard attention.",
	    *m->architecture ? m->architecture : m->model_type, why);
	m->refusal = xstrdup(buf);
	m->last_release = hfarch_last_release(m->architecture);
	m->layers = m->hidden = m->heads = m->kv_heads = 1;
	m->head_dim = m->vocab = 1;
	m->intermediate = 4;
	m->derived_max_len = m->max_position = 2048;
	m->derived_key = xstrdup("default");
	m->default_checkpoint = xstrdup("bf16");
	m->dtype_bytes = 2;
	return true;
}

/* torch_dtype (or dtype): one vLLM runs, else the read fails. */
static int
read_dtype(struct cfg *c, struct model *m)
{
	const char *s = get_str(c, "torch_dtype");
	char ex[96];

	if (s == NULL)
		s = get_str(c, "dtype");
	m->dtype_bytes = 2;
	if (s && (strcmp(s, "float16") == 0 || strcmp(s, "half") == 0)) {
		m->dtype_is_fp16 = 1;
		return 0;
	}
	/* an fp32 checkpoint runs in bf16 on CUDA for generation (reference §1) */
	if (s == NULL || strcmp(s, "bfloat16") == 0 ||
	    strcmp(s, "float32") == 0 || strcmp(s, "float") == 0 ||
	    strcmp(s, "auto") == 0)
		return 0;
	/* vLLM's dtypes (vllm/config/model.py _STR_DTYPE_TO_TORCH_DTYPE) */
	*c->bad = get_str(c, "torch_dtype") ? "torch_dtype" : "dtype";
	shellwords_excerpt(s, 40, ex, sizeof ex);
	snprintf(c->err, c->errlen,
	    "%s: '%s' is not a dtype vLLM runs (float16, "
	    "bfloat16, float32)",
	    *c->bad, ex);
	return -1;
}

/*
 * transformers writes a nested text_config as its difference from its
 * class's defaults (PretrainedConfig.to_diff_dict), so the text_config of
 * llava-hf/llava-1.5-7b-hf names no sizes and vLLM builds LlamaConfig's.
 * The defaults of the classes such configs lean on (transformers
 * models/llama/configuration_llama.py, models/mistral/
 * configuration_mistral.py, models/gemma3/configuration_gemma3.py
 * Gemma3TextConfig: google/gemma-3-12b-it's text_config names neither
 * vocab_size nor head_dim); kv_heads 0 is num_attention_heads, head_dim 0
 * is hidden / heads.
 */
static const struct text_defaults {
	const char *model_type;
	int layers, hidden, heads, kv_heads, intermediate, vocab;
	int max_position, sliding_window, head_dim;
} text_defaults[] = {
	{ "llama", 32, 4096, 32, 0, 11008, 32000, 2048, 0, 0 },
	{ "mistral", 32, 4096, 32, 8, 14336, 32000, 4096 * 32, 4096, 0 },
	{ "gemma3_text", 26, 2304, 8, 4, 9216, 262208, 131072, 4096, 256 },
	/* Qwen2Config (models/qwen2/configuration_qwen2.py): Qwen2-Audio's
	 * text_config names neither hidden_size nor the layers; its window
	 * is off unless use_sliding_window (default false) */
	{ "qwen2", 32, 4096, 32, 32, 22016, 151936, 32768, 0, 0 },
};

/* The class defaults of a nested text_config (NULL: none apply). */
static const struct text_defaults *
nested_defaults(const struct cfg *c, const struct model *m)
{
	size_t i;

	if (c->text == c->root || m->model_type == NULL)
		return NULL;
	for (i = 0; i < sizeof text_defaults / sizeof text_defaults[0]; i++)
		if (strcmp(m->model_type, text_defaults[i].model_type) == 0)
			return &text_defaults[i];
	return NULL;
}

/* n, or the class default d when the config gave no value (n < 0). */
static long long
or_default(const struct cfg *c, long long n, int d)
{
	return n < 0 && !c->failed && d > 0 ? d : n;
}

/*
 * The decoder's layer count into m->layers: the first of its keys, the
 * nested text config's default, or for Nemotron-H the length of
 * layers_block_type.
 */
static int
read_layers(struct cfg *c, struct model *m, const struct text_defaults *td)
{
	/* the decoder_* keys: Whisper's config.json (hfarch.c reads it) */
	static const char *const k_layers[] = { "num_hidden_layers", "n_layer",
		"num_layers", "decoder_layers", NULL };
	const cJSON *lbt = get(c, "layers_block_type");
	long long n;

	n = first_int(c, k_layers, NULL, 1, MAX_LAYERS);
	n = or_default(c, n, td != NULL ? td->layers : 0);
	/* transformers' NemotronHConfig (models/nemotron_h/
	 * configuration_nemotron_h.py): num_hidden_layers is the length of
	 * layers_block_type, a given num_hidden_layers ignored (Nemotron 3
	 * Ultra's config.json has none) */
	if (strcmp(m->model_type, "nemotron_h") == 0 && cJSON_IsArray(lbt) &&
	    cJSON_GetArraySize(lbt) > 0 &&
	    cJSON_GetArraySize(lbt) <= MAX_LAYERS) {
		n = cJSON_GetArraySize(lbt);
	}
	if (n <= 0)
		return invalid(c, "num_hidden_layers");
	m->layers = (int)n;
	return 0;
}

/*
 * The attention's heads, KV heads (heads a multiple of them) and head_dim
 * into m, m->hidden already read.
 */
static int
read_heads(struct cfg *c, struct model *m, const struct text_defaults *td)
{
	static const char *const k_heads[] = { "num_attention_heads", "n_head",
		"decoder_attention_heads", NULL };
	static const char *const k_kvh[] = { "n_head_kv", "num_kv_heads",
		"num_key_value_heads", "multi_query_group_num",
		"num_attention_groups", NULL };
	static const char *const k_hd[] = { "head_dim", "hidden_size_per_head",
		NULL };
	const char *key = NULL;
	long long n;

	n = first_int(c, k_heads, NULL, 1, MAX_DIM);
	n = or_default(c, n, td != NULL ? td->heads : 0);
	if (n <= 0 && !c->failed && hfarch_attention_free(m->architecture))
		n = 1; /* no attention: hfarch.c clears the heads */
	if (n <= 0)
		return invalid(c, "num_attention_heads");
	m->heads = (int)n;
	n = first_int(c, k_kvh, &key, 0, MAX_DIM);
	n = or_default(c, n, td != NULL ? td->kv_heads : 0);
	if (c->failed)
		return -1;
	m->kv_heads = n > 0 ? (int)n : m->heads;
	if (m->heads % m->kv_heads != 0) {
		*c->bad = key;
		snprintf(c->err, c->errlen,
		    "config: num_attention_heads (%d) is not a "
		    "multiple of %s (%d)",
		    m->heads, key, m->kv_heads);
		return -1;
	}
	n = first_int(c, k_hd, NULL, 0, MAX_DIM);
	n = or_default(c, n, td != NULL ? td->head_dim : 0);
	m->head_dim = n > 0 ? (int)n : m->hidden / m->heads;
	return 0;
}

/*
 * The decoder's sizes: layers, hidden, heads and KV heads (heads a
 * multiple of them), head_dim, intermediate and vocab, each under the
 * first of its keys that the config gives.
 */
static int
read_dims(struct cfg *c, struct model *m)
{
	static const char *const k_hidden[] = { "hidden_size", "n_embd",
		"d_model", NULL };
	static const char *const k_inter[] = { "intermediate_size", "n_inner",
		"ffn_hidden_size", "decoder_ffn_dim", NULL };
	const struct text_defaults *td = nested_defaults(c, m);
	long long n;

	if (read_layers(c, m, td) != 0)
		return -1;
	n = first_int(c, k_hidden, NULL, 1, MAX_DIM);
	n = or_default(c, n, td != NULL ? td->hidden : 0);
	if (n <= 0)
		return invalid(c, "hidden_size");
	m->hidden = (int)n;
	if (read_heads(c, m, td) != 0)
		return -1;
	n = first_int(c, k_inter, NULL, 0, MAX_WIDE);
	n = or_default(c, n, td != NULL ? td->intermediate : 0);
	m->intermediate = n > 0 ? (int)n : 4 * m->hidden;
	n = get_int(c, "vocab_size", 1, MAX_WIDE, -1);
	/* ChatGLM / GLM-4 name it padded_vocab_size only (chatglm.py) */
	if (n <= 0 && get(c, "vocab_size") == NULL)
		n = get_int(c, "padded_vocab_size", 1, MAX_WIDE, -1);
	n = or_default(c, n, td != NULL ? td->vocab : 0);
	if (n <= 0)
		return invalid(c, "vocab_size");
	m->vocab = (int)n;
	return 0;
}

/*
 * The derived max_model_len before RoPE scaling: the minimum over the
 * length keys, model_max_length overriding them, 2048 when none is given;
 * the key it came from in m->derived_key.
 */
static int
read_max_len(struct cfg *c, struct model *m)
{
	static const char *const k_len[] = { "max_position_embeddings",
		"n_positions", "max_seq_len", "seq_length",
		"max_target_positions", "max_sequence_length", "max_seq_length",
		"seq_len", NULL };
	const char *const *k;
	const char *key = NULL;
	long long best_len = -1;
	double d;

	for (k = k_len; *k; k++) {
		int64_t l;

		if (get_num(c, *k, &d) == 0 &&
		    checked(c, *k, d, 1, MAX_LEN, &l) == 0 &&
		    (best_len < 0 || l < best_len)) {
			best_len = l;
			key = *k;
		}
	}
	if (get_num(c, "model_max_length", &d) == 0) {
		int64_t l;

		if (checked(c, "model_max_length", d, 1, MAX_LEN, &l) == 0) {
			best_len = l;
			key = "model_max_length";
		}
	}
	if (c->failed)
		return -1;
	if (best_len < 0 && nested_defaults(c, m) != NULL) {
		best_len = nested_defaults(c, m)->max_position;
		key = "max_position_embeddings";
	}
	if (best_len < 0) {
		best_len = 2048;
		key = "default";
	}
	m->max_position = best_len;
	m->derived_max_len = best_len;
	m->derived_key = xstrdup(key);
	m->rope_cache_len = best_len;
	return 0;
}

/* The rope type of rope_scaling RS: rope_type, else type, else "default". */
static const char *
rope_scaling_type(const cJSON *rs)
{
	const cJSON *ty = cJSON_GetObjectItemCaseSensitive(rs, "rope_type");

	if (!cJSON_IsString(ty))
		ty = cJSON_GetObjectItemCaseSensitive(rs, "type");
	return cJSON_IsString(ty) ? ty->valuestring : "default";
}

/*
 * Refuses (-1, the error in C) a factor FA of rope_scaling RS of type TYPE
 * that vLLM cannot run with; 0 when it can.
 *
 * What vLLM does with the factor (vllm/config/model.py
 * _get_and_verify_max_len, vLLM 0.11.0 to main; rotary_embedding
 * get_rope) after transformers' rope_config_validation
 * (modeling_rope_utils.py, 4.x):
 * - linear, yarn and llama3 with no factor: transformers raises
 *   KeyError (get_rope reads rope_scaling["factor"] too): refused in
 *   transformers' words; dynamic with neither factor nor alpha in
 *   get_rope's.
 * - a factor that is not a number: transformers only warns; vLLM then
 *   multiplies the length or divides the frequencies by it and fails
 *   in Python: refused, except for su/longrope, whose factor vLLM
 *   never reads.
 * - a number below 1: transformers only warns ("must be a float >=
 *   1"); vLLM uses it, derived length x factor (the RoPE cache too),
 *   so it is planned as vLLM plans it (rope_scaling_stretch).
 */
static int
rope_scaling_check_factor(struct cfg *c, const cJSON *rs, const char *type,
    const cJSON *fa)
{
	if (fa == NULL && strcmp(type, "dynamic") == 0 &&
	    cJSON_GetObjectItemCaseSensitive(rs, "alpha") == NULL) {
		*c->bad = "factor";
		snprintf(c->err, c->errlen,
		    "rope_scaling: Dynamic rope scaling must contain either "
		    "'alpha' or 'factor' field");
		c->failed = true;
		return -1;
	}
	if (fa == NULL &&
	    (strcmp(type, "linear") == 0 || strcmp(type, "yarn") == 0 ||
		strcmp(type, "llama3") == 0)) {
		*c->bad = "factor";
		snprintf(c->err, c->errlen,
		    "rope_scaling: Missing required keys in `rope_scaling` for "
		    "'rope_type'='%s': {'factor'} (transformers refuses the "
		    "config)",
		    type);
		c->failed = true;
		return -1;
	}
	if (fa != NULL && !cJSON_IsNumber(fa) && strcmp(type, "su") != 0 &&
	    strcmp(type, "longrope") != 0) {
		*c->bad = "factor";
		snprintf(c->err, c->errlen,
		    "rope_scaling: factor is not a number (transformers warns "
		    "`rope_scaling`'s factor field must be a float >= 1; vLLM "
		    "then fails computing with it)");
		c->failed = true;
		return -1;
	}
	return 0;
}

/*
 * Stretches the derived length and the RoPE cache by the factor FA of a
 * rope of type TYPE (yarn from ORIG, original_max_position_embeddings).
 * su, longrope, llama3 and Gemma 3 keep the unscaled length whatever the
 * factor. A scaled length below 1 (a factor of 0 or less) leaves
 * torch.arange() no cache to build: refused (-1, the error in C).
 */
static int
rope_scaling_stretch(struct cfg *c, struct model *m, const char *type,
    const cJSON *fa, const cJSON *orig)
{
	double base = (double)m->max_position;
	int64_t l;

	if (!cJSON_IsNumber(fa) || strcmp(type, "su") == 0 ||
	    strcmp(type, "longrope") == 0 || strcmp(type, "llama3") == 0 ||
	    strncmp(m->model_type, "gemma3", 6) == 0)
		return 0;
	if (strcmp(type, "yarn") == 0 && cJSON_IsNumber(orig))
		base = orig->valuedouble;
	/* vLLM's length is int(base * factor) */
	if (checked_as(c, "factor",
		"rope_scaling: the scaled length (factor "
		"x length)",
		floor(base * fa->valuedouble), 1, MAX_LEN, &l) != 0)
		return -1;
	m->derived_max_len = l;
	m->rope_cache_len = m->derived_max_len;
	return 0;
}

/*
 * longrope derives its length from ORIG (original_max_position_embeddings)
 * when it is a number; -1 (the error in C) when that is out of range.
 */
static int
rope_scaling_longrope_len(struct cfg *c, struct model *m, const char *type,
    const cJSON *orig)
{
	int64_t l;

	if (strcmp(type, "longrope") != 0 || !cJSON_IsNumber(orig))
		return 0;
	if (checked(c, "original_max_position_embeddings", orig->valuedouble, 1,
		MAX_LEN, &l) != 0)
		return -1;
	m->derived_max_len = l;
	return 0;
}

/*
 * longrope's (and su's) RoPE cache: vLLM's Phi3LongRoPEScaledRotaryEmbedding
 * (rotary_embedding/phi3_long_rope_scaled_rope.py) concatenates a short
 * cache of original_max_position_embeddings rows and a long one of
 * max_position_embeddings rows in one buffer; the original length is
 * rope_scaling's, else the config's own (vllm/transformers_utils/config.py
 * patch_rope_parameters moves it into rope_parameters).  -1 (the error in
 * C) when that is out of range; no original length keeps the one cache.
 */
static int
rope_scaling_longrope_cache(struct cfg *c, struct model *m, const char *type,
    const cJSON *orig)
{
	int64_t l;

	if (strcmp(type, "longrope") != 0 && strcmp(type, "su") != 0)
		return 0;
	if (!cJSON_IsNumber(orig))
		orig = get(c, "original_max_position_embeddings");
	if (!cJSON_IsNumber(orig))
		return 0;
	if (checked(c, "original_max_position_embeddings", orig->valuedouble, 1,
		MAX_LEN, &l) != 0)
		return -1;
	m->rope_cache_len = m->max_position + l;
	return 0;
}

/*
 * rope_scaling (or rope_parameters): a factor stretches the derived length
 * and the RoPE cache (yarn from original_max_position_embeddings), except
 * su, longrope, llama3 and Gemma 3; longrope derives the original length
 * and holds two caches in one.
 */
static int
read_rope_scaling(struct cfg *c, struct model *m)
{
	const cJSON *rs = get(c, "rope_scaling");
	const cJSON *fa, *orig;
	const char *type;

	if (rs == NULL)
		rs = get(c, "rope_parameters");
	if (!cJSON_IsObject(rs))
		return 0;
	fa = cJSON_GetObjectItemCaseSensitive(rs, "factor");
	orig = cJSON_GetObjectItemCaseSensitive(rs,
	    "original_max_position_embeddings");
	type = rope_scaling_type(rs);
	if (rope_scaling_check_factor(c, rs, type, fa) != 0 ||
	    rope_scaling_stretch(c, m, type, fa, orig) != 0 ||
	    rope_scaling_longrope_len(c, m, type, orig) != 0 ||
	    rope_scaling_longrope_cache(c, m, type, orig) != 0)
		return -1;
	return 0;
}

/* Whether config.json leaves key out (a null is given: None). */
static int
cfg_lacks(const struct cfg *c, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(c->text, key) == NULL &&
	    (c->text == c->root ||
		cJSON_GetObjectItemCaseSensitive(c->root, key) == NULL);
}

/*
 * The MLA sizes of the config class a model_type is built into (AutoConfig,
 * or vLLM's _CONFIG_REGISTRY in vllm/transformers_utils/config.py), taken
 * where config.json leaves a field out; a null stays None.  DeepseekV2Config
 * (transformers models/deepseek_v2/configuration_deepseek_v2.py, and the
 * remote configuration_deepseek.py of the DeepSeek-V2 checkpoints),
 * DeepseekV3Config (transformers models/deepseek_v3, vLLM's copy for
 * deepseek_v3 / deepseek_v32 and for kimi_k2, Kimi-K2's remote
 * configuration_deepseek.py) and vLLM's AXK1Config
 * (vllm/transformers_utils/configs/AXK1.py) all give kv_lora_rank 512,
 * q_lora_rank 1536, qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim
 * 128 in every release read; Glm4MoeLiteConfig (transformers
 * models/glm4_moe_lite/modular_glm4_moe_lite.py) 512, 768, 64, 192, 256.
 * Another model_type (openPangu's remote PanguUltraMoEConfig has no
 * defaults) keeps what the config gives.
 */
static const struct mla_defaults {
	const char *model_type;
	int kv_lora, q_lora, rope, nope, v;
} mla_defaults[] = {
	{ "deepseek_v2", 512, 1536, 64, 128, 128 },
	{ "deepseek_v3", 512, 1536, 64, 128, 128 },
	{ "deepseek_v32", 512, 1536, 64, 128, 128 },
	{ "kimi_k2", 512, 1536, 64, 128, 128 },
	{ "AXK1", 512, 1536, 64, 128, 128 },
	{ "axk1", 512, 1536, 64, 128, 128 },
	{ "glm4_moe_lite", 512, 768, 64, 192, 256 },
};

/* The config class's MLA sizes of m's model_type (NULL: none). */
static const struct mla_defaults *
mla_defaults_of(const struct model *m)
{
	size_t i;

	for (i = 0; i < sizeof mla_defaults / sizeof mla_defaults[0]; i++)
		if (m->model_type != NULL &&
		    strcmp(m->model_type, mla_defaults[i].model_type) == 0)
			return &mla_defaults[i];
	return NULL;
}

/* MLA's field key, the class default d when config.json leaves it out. */
static int
get_mla_size(struct cfg *c, const char *key, int d)
{
	return get_int(c, key, 0, MAX_DIM, cfg_lacks(c, key) ? d : 0);
}

/*
 * MLA's ranks and head sizes (one latent KV head of kv_lora_rank +
 * qk_rope_head_dim), or a V head size and the rotary share of the head.
 * The sizes a config leaves out are its config class's (mla_defaults[]);
 * without one, DeepSeek's head sizes (rope 64, nope and v 128) with no
 * query LoRA, and no MLA without a kv_lora_rank.
 */
static int
read_attention(struct cfg *c, struct model *m)
{
	static const struct mla_defaults none = { "", 0, 0, 64, 128, 128 };
	const struct mla_defaults *md = mla_defaults_of(m);
	char why[160];
	double d = 1.0;

	if (md == NULL)
		md = &none;
	m->kv_lora_rank = get_mla_size(c, "kv_lora_rank", md->kv_lora);
	if (m->kv_lora_rank > 0) {
		m->mla = 1;
		m->q_lora_rank = get_mla_size(c, "q_lora_rank", md->q_lora);
		m->qk_rope_head_dim =
		    get_int(c, "qk_rope_head_dim", 0, MAX_DIM, md->rope);
		m->qk_nope_head_dim =
		    get_int(c, "qk_nope_head_dim", 0, MAX_DIM, md->nope);
		m->v_head_dim = get_int(c, "v_head_dim", 0, MAX_DIM, md->v);
		m->head_dim = m->kv_lora_rank + m->qk_rope_head_dim;
		m->kv_heads = 1;
		m->rotary_dim = m->qk_rope_head_dim;
		return 0;
	}
	/* K and V head sizes may differ (MiMo-V2: 192 and 128) */
	m->v_head_dim = get_int(c, "v_head_dim", 0, MAX_DIM, 0);
	get_num(c, "partial_rotary_factor", &d);
	if (units_checked_real(d, 0, 1, why, sizeof why) != 0) {
		*c->bad = "partial_rotary_factor";
		snprintf(c->err, c->errlen, "partial_rotary_factor: %s", why);
		return -1;
	}
	m->rotary_dim = (int)(m->head_dim * d);
	return 0;
}

/* A number k of the JSON object o, or def. */
static double
obj_num(const cJSON *o, const char *k, double def)
{
	const cJSON *v =
	    cJSON_IsObject(o) ? cJSON_GetObjectItemCaseSensitive(o, k) : NULL;

	return cJSON_IsNumber(v) && isfinite(v->valuedouble) ? v->valuedouble
							     : def;
}

/*
 * Gemma 3's second RoPE cache (gemma3.py): the sliding layers call
 * get_rope() with rope_local_base_freq and the default RoPE, the global
 * layers with rope_theta and the config's rope_scaling, so there are two
 * caches unless both come out the same; a linear one
 * (LinearScalingRotaryEmbedding, linear_scaling_rope.py) holds
 * max_position_embeddings x factor rows, the length after scaling.
 * transformers 5's rope_parameters give each layer type its entry.
 * Gemma3TextConfig's defaults: rope_theta 1e6, rope_local_base_freq 1e4.
 */
static void
read_gemma3_rope(struct cfg *c, struct model *m)
{
	const cJSON *rs = get(c, "rope_scaling"), *full, *slide, *ty;
	double local = 10000.0, global = 1000000.0, factor = 1.0;
	const char *type;

	if (strncmp(m->model_type, "gemma3", 6) != 0 ||
	    strncmp(m->model_type, "gemma3n", 7) == 0 || m->rotary_dim <= 0)
		return;
	if (rs == NULL)
		rs = get(c, "rope_parameters");
	full = cJSON_IsObject(rs)
	    ? cJSON_GetObjectItemCaseSensitive(rs, "full_attention")
	    : NULL;
	slide = cJSON_IsObject(rs)
	    ? cJSON_GetObjectItemCaseSensitive(rs, "sliding_attention")
	    : NULL;
	if (!cJSON_IsObject(full))
		full = rs;
	get_num(c, "rope_local_base_freq", &local);
	get_num(c, "rope_theta", &global);
	local = obj_num(slide, "rope_theta", local);
	global = obj_num(full, "rope_theta", global);
	ty = cJSON_IsObject(full)
	    ? cJSON_GetObjectItemCaseSensitive(full, "rope_type")
	    : NULL;
	if (!cJSON_IsString(ty) && cJSON_IsObject(full))
		ty = cJSON_GetObjectItemCaseSensitive(full, "type");
	type = cJSON_IsString(ty) ? ty->valuestring : "default";
	if (strcmp(type, "linear") == 0)
		factor = obj_num(full, "factor", 1.0);
	if (factor < 1.0 || factor > 1024.0)
		factor = 1.0;
	if (factor == 1.0 && local == global)
		return; /* one get_rope() instance for both */
	m->rope2_dim = m->rotary_dim;
	m->rope2_len = (int64_t)ceil((double)m->max_position * factor);
}

/* What a speculative-decoding draft reads: MTP layers, EAGLE-3's head. */
static void
read_draft(struct cfg *c, struct model *m)
{
	/* LlamaModel of llama_eagle3.py: no fc without aux hidden states */
	const cJSON *ec =
	    cJSON_GetObjectItemCaseSensitive(c->root, "eagle_config");
	const cJSON *ua =
	    cJSON_GetObjectItemCaseSensitive(ec, "use_aux_hidden_state");

	/* next-token layers, loaded only as a speculative-decoding draft */
	m->mtp_layers =
	    get_int(c, "num_nextn_predict_layers", 0, MAX_LAYERS, 0);
	/* an EAGLE-3 head's own output vocabulary and the width it reads */
	m->draft_vocab = get_int(c, "draft_vocab_size", 0, MAX_WIDE, 0);
	m->target_hidden = get_int(c, "target_hidden_size", 0, MAX_WIDE, 0);
	read_speculators(c->root, m);
	m->eagle_no_aux = cJSON_IsFalse(ua);
}

/*
 * Mixture of experts (more than one expert): the routing, the expert,
 * dense and shared-expert widths, and which layers are MoE.
 */
static void
read_moe(struct cfg *c, struct model *m)
{
	static const char *const k_experts[] = { "num_experts",
		"num_local_experts", "n_routed_experts", "moe_num_experts",
		NULL };
	static const char *const k_topk[] = { "num_experts_per_tok",
		"experts_per_token", "moe_topk", NULL };
	long long n = first_int(c, k_experts, NULL, 0, MAX_DIM);

	if (n <= 1)
		return;
	m->n_experts = (int)n;
	m->experts_per_tok = (int)first_int(c, k_topk, NULL, 0, MAX_DIM);
	if (m->experts_per_tok <= 0)
		m->experts_per_tok = 2;
	m->n_expert_group = get_int(c, "n_group", 0, MAX_DIM, 0);
	m->moe_intermediate =
	    get_int(c, "moe_intermediate_size", 0, MAX_WIDE, 0);
	if (m->moe_intermediate <= 0)
		m->moe_intermediate = m->intermediate;
	m->dense_intermediate =
	    get_int(c, "intermediate_size_mlp", 0, MAX_WIDE, 0);
	if (m->dense_intermediate <= 0 && m->moe_intermediate > 0 &&
	    get(c, "moe_intermediate_size") != NULL)
		m->dense_intermediate = m->intermediate;
	m->n_shared_experts = get_int(c, "n_shared_experts", 0, MAX_DIM, 0);
	m->shared_intermediate =
	    get_int(c, "shared_expert_intermediate_size", 0, MAX_WIDE, 0);
	if (m->shared_intermediate > 0 && m->n_shared_experts == 0)
		m->n_shared_experts = 1;
	else if (m->n_shared_experts > 0)
		m->shared_intermediate = m->moe_intermediate;
	if (strcmp(m->model_type, "llama4") == 0 ||
	    strcmp(m->model_type, "llama4_text") == 0) {
		m->n_shared_experts = 1;
		m->shared_intermediate = m->moe_intermediate;
	}
	m->first_dense_layers =
	    get_int(c, "first_k_dense_replace", 0, MAX_LAYERS, 0);
	m->moe_layer_step =
	    get_int(c, "interleave_moe_layer_step", 0, MAX_LAYERS, 0);
	if (m->moe_layer_step <= 0)
		m->moe_layer_step =
		    get_int(c, "moe_layer_freq", 0, MAX_LAYERS, 0);
	if (m->moe_layer_step <= 0)
		m->moe_layer_step =
		    get_int(c, "decoder_sparse_step", 0, MAX_LAYERS, 1);
}

/* layer_types, one per layer: the sliding and chunked layers. */
static int
layer_kinds_from_types(struct cfg *c, struct model *m, const cJSON *lt)
{
	int i;

	/* Step-3.5's list also names its MTP layers; vLLM reads the first
	 * num_hidden_layers (step3p5.py) */
	if (cJSON_GetArraySize(lt) != m->layers &&
	    !(cJSON_GetArraySize(lt) > m->layers &&
		strcmp(m->model_type, "step3p5") == 0)) {
		*c->bad = "layer_types";
		snprintf(c->err, c->errlen,
		    "config: layer_types has %d entries but "
		    "num_hidden_layers is %d",
		    cJSON_GetArraySize(lt), m->layers);
		return -1;
	}
	m->layer_kind = calloc((size_t)m->layers, 1);
	if (m->layer_kind == NULL)
		abort();
	for (i = 0; i < m->layers; i++) {
		const cJSON *e = cJSON_GetArrayItem(lt, i);
		const char *t = cJSON_IsString(e) ? e->valuestring : "";

		if (strstr(t, "sliding") && m->sliding_window > 0) {
			m->layer_kind[i] = LAYER_SLIDING;
			m->n_sliding++;
		} else if (strstr(t, "chunked")) {
			m->layer_kind[i] = LAYER_CHUNKED;
			m->n_chunked++;
		}
	}
	return 0;
}

/* model_types whose config class lays the window out by max_window_layers */
static int
qwen_window_from(const char *mt)
{
	return strcmp(mt, "qwen2") == 0 || strcmp(mt, "qwen2_moe") == 0 ||
	    strcmp(mt, "qwen3") == 0 || strcmp(mt, "qwen3_moe") == 0;
}

/*
 * A sliding window without layer_types: Gemma 2 alternates, Gemma 3 and
 * Cohere2 (Command R7B, Command A) have one global layer in
 * sliding_window_pattern, Gemma 3n one in five, others slide everywhere.
 */
static void
layer_kinds_from_pattern(struct cfg *c, struct model *m)
{
	int pattern = 0, first = 0, i;

	if (strcmp(m->model_type, "gemma2") == 0)
		pattern = 2;
	else if (strncmp(m->model_type, "gemma3n", 7) == 0)
		pattern = 5; /* Gemma3nTextConfig: full at (i + 1) % 5 == 0 */
	else if (strncmp(m->model_type, "gemma3", 6) == 0)
		pattern =
		    get_int(c, "sliding_window_pattern", 0, MAX_LAYERS, 6);
	/* Cohere2 (Command R7B, Command A): transformers' Cohere2Config makes
	 * layer (i + 1) % sliding_window_pattern == 0 full, the others slide;
	 * vllm/model_executor/models/commandr.py reads that layout */
	else if (strcmp(m->model_type, "cohere2") == 0)
		pattern =
		    get_int(c, "sliding_window_pattern", 0, MAX_LAYERS, 4);
	/* OLMo 3: vLLM's own Olmo3Config (vllm/transformers_utils/configs/
	 * olmo3.py, v0.11) makes layer (i + 1) % 4 == 0 full, the others
	 * slide, when layer_types is absent */
	else if (strcmp(m->model_type, "olmo3") == 0)
		pattern = 4;
	/* Qwen2 and Qwen3 (+MoE): transformers' Qwen2Config, Qwen2MoeConfig,
	 * Qwen3Config and Qwen3MoeConfig slide the layers from
	 * max_window_layers on (layer_types, which qwen2.py / qwen3.py read) */
	if (qwen_window_from(m->model_type) && get(c, "max_window_layers"))
		first = get_int(c, "max_window_layers", 0, MAX_LAYERS, 0);
	m->layer_kind = calloc((size_t)m->layers, 1);
	if (m->layer_kind == NULL)
		abort();
	for (i = 0; i < m->layers; i++) {
		int sliding = i < first ? 0
		    : pattern == 2      ? i % 2 == 0
		    : pattern > 0       ? (i + 1) % pattern != 0
					: 1;

		if (sliding) {
			m->layer_kind[i] = LAYER_SLIDING;
			m->n_sliding++;
		}
	}
}

/* Attention layer kinds; m->layer_kind stays NULL when every layer is full. */
static int
read_layer_kinds(struct cfg *c, struct model *m)
{
	const cJSON *lt;

	m->sliding_window = get_int(c, "sliding_window", 0, INT32_MAX, 0);
	/* Cohere2 configs of the first releases name the window
	 * interleaved_sliding_window (commandr.py read it then) */
	if (m->sliding_window == 0 && strcmp(m->model_type, "cohere2") == 0)
		m->sliding_window =
		    get_int(c, "interleaved_sliding_window", 0, INT32_MAX, 0);
	/* Olmo3Config's sliding_window defaults to 4096 (olmo3.py) */
	if (strcmp(m->model_type, "olmo3") == 0 &&
	    get(c, "sliding_window") == NULL)
		m->sliding_window = 4096;
	if (nested_defaults(c, m) != NULL &&
	    cJSON_GetObjectItemCaseSensitive(c->text, "sliding_window") == NULL)
		m->sliding_window = nested_defaults(c, m)->sliding_window;
	/* Qwen2Config's use_sliding_window defaults to false: a nested qwen2
	 * text_config that does not set it has no window */
	if (get_bool(c, "use_sliding_window",
		nested_defaults(c, m) != NULL &&
			strcmp(m->model_type, "qwen2") == 0
		    ? 0
		    : 1) == 0)
		m->sliding_window = 0;
	m->chunk_size = get_int(c, "attention_chunk_size", 0, MAX_DIM * 64, 0);
	lt = get(c, "layer_types");
	if (cJSON_IsArray(lt)) {
		if (layer_kinds_from_types(c, m, lt) != 0)
			return -1;
	} else if (m->sliding_window > 0) {
		layer_kinds_from_pattern(c, m);
	}
	if (m->n_sliding == 0 && m->n_chunked == 0) {
		free(m->layer_kind);
		m->layer_kind = NULL;
	}
	return 0;
}

/*
 * The quantization config as vLLM's ModelConfig._parse_quant_hf_config
 * finds it (vllm/config/model.py; get_quant_config in weight_utils.py
 * alike): the config's quantization_config, else its compression_config
 * (the key of the first compressed-tensors exports), else the same two of
 * the text_config.  NULL when there is none.
 */
static const cJSON *
quant_config_find(const struct cfg *c)
{
	static const char *const keys[] = { "quantization_config",
		"compression_config" };
	const cJSON *levels[2] = { c->root, c->text };
	size_t i, k;

	for (i = 0; i < 2; i++)
		for (k = 0; k < 2; k++) {
			const cJSON *v =
			    cJSON_GetObjectItemCaseSensitive(levels[i],
				keys[k]);

			if (v != NULL && !cJSON_IsNull(v))
				return v;
		}
	return NULL;
}

/* The checkpoint's formats: its dtype's, or quantization_config's. */
static int
read_formats(struct cfg *c, struct model *m, struct quant_layers *ql)
{
	const cJSON *qc;
	int r;

	m->native_format = m->dtype_is_fp16 ? FMT_FP16 : FMT_BF16;
	m->native_kv = KV_AUTO;
	qc = quant_config_find(c);
	if (qc != NULL && !cJSON_IsObject(qc)) {
		/* ModelConfig._parse_quant_hf_config calls .get() on it */
		snprintf(c->err, c->errlen,
		    "%s is not a JSON object: vLLM reads its quant_method "
		    "with quant_cfg.get() and stops",
		    qc->string);
		if (m->refusal == NULL)
			m->refusal = xstrdup(c->err);
		c->err[0] = '\0';
		return 0;
	}
	if (!cJSON_IsObject(qc))
		return 0;
	r = hfconfig_quant(qc, &m->native_format, &m->native_kv, c->err,
	    c->errlen);
	if (r == -2) {
		/* a refusal at the configuration phase, not a bad file */
		m->refusal = xstrdup(c->err);
		c->err[0] = '\0';
		return 0;
	}
	if (r != 0) {
		*c->bad = "quantization_config";
		return -1;
	}
	m->native_kv_ct =
	    m->native_kv == KV_FP8 && compressed_tensors_kv_scheme(qc);
	quant_details(qc, m, ql);
	quant_parts(qc, m);
	return 0;
}

/*
 * Kimi-VL's largest image (kimi_vl.py): the dummy image of the profile run
 * is 1024 x 1024 (MaxImageTokenMeta); KimiVLProcessingInfo.
 * get_num_image_tokens scales an image whose patches pass the image
 * processor's in_token_limit down to that many (sqrt of the ratio, sides
 * truncated), pads each side to a multiple of merge x patch and merges the
 * kernel's patches into one token.  in_token_limit is the checkpoint's
 * preprocessor_config.json's, not in config.json: 4096, the
 * KimiVLImageProcessor value of Kimi-VL-A3B-Instruct's processor config
 * (doc/architectures.md, "Kimi-VL").  m gets the padded edge as its image
 * size and the tokens of one image.
 */
#define KIMI_VL_DUMMY_EDGE 1024
#define KIMI_VL_IN_TOKEN_LIMIT 4096

static void
kimi_vl_image_tokens(const cJSON *vc, struct model *m)
{
	const cJSON *mk =
	    cJSON_GetObjectItemCaseSensitive(vc, "merge_kernel_size");
	int p = m->vision_patch > 0 ? m->vision_patch : 14, k = 2;
	double side = KIMI_VL_DUMMY_EDGE, n = side / p;
	int unit, edge;

	if (cJSON_GetArraySize(mk) == 2 &&
	    cJSON_IsNumber(cJSON_GetArrayItem(mk, 0)) &&
	    cJSON_GetArrayItem(mk, 0)->valuedouble >= 1 &&
	    cJSON_GetArrayItem(mk, 0)->valuedouble <= 64)
		k = (int)cJSON_GetArrayItem(mk, 0)->valuedouble;
	n = floor(n);
	if (n * n > KIMI_VL_IN_TOKEN_LIMIT)
		side = floor(side * sqrt(KIMI_VL_IN_TOKEN_LIMIT / (n * n)));
	unit = k * p;
	edge = ((int)side + unit - 1) / unit * unit;
	m->vision_image_size = edge;
	m->mm_tokens_per_item = (edge / unit) * (edge / unit);
}

/*
 * Llama 4's largest image (mllama4.py Mllama4ProcessingInfo): the dummy
 * image is max_patches tiles tall and one wide, which the processor cuts
 * into max_patches tiles and a global one; each tile's
 * (image_size / patch)^2 patches become that over round(1 /
 * pixel_shuffle_ratio^2) embeddings (get_patch_per_chunk), and only those
 * are embeddings (PromptUpdateDetails.select_text of the patch token).
 * max_patches is the checkpoint's preprocessor_config.json's, not in
 * config.json: 16, Llama4ImageProcessorFast's default and the value of
 * Llama-4-Scout's and Maverick's image_processor_config.
 */
#define LLAMA4_MAX_PATCHES 16

static void
llama4_image_tokens(const cJSON *vc, struct model *m)
{
	const cJSON *r =
	    cJSON_GetObjectItemCaseSensitive(vc, "pixel_shuffle_ratio");
	double ratio =
	    cJSON_IsNumber(r) && r->valuedouble > 0.01 && r->valuedouble <= 1
	    ? r->valuedouble
	    : 0.5;
	int ds = (int)floor(1 / (ratio * ratio) + 0.5), side;

	if (m->vision_image_size <= 0)
		m->vision_image_size = 448; /* Llama4VisionConfig's default */
	side =
	    m->vision_patch > 0 ? m->vision_image_size / m->vision_patch : 32;
	m->mm_tiles = LLAMA4_MAX_PATCHES + 1;
	m->mm_tokens_per_item = m->mm_tiles * (side * side / (ds > 0 ? ds : 1));
}

/*
 * The tower of a LLaVA config whose model_type is type: 1 CLIP, 0 SigLIP;
 * -1 when root is another model, the tower another, or
 * vision_feature_select_strategy neither "full" nor "default" ("class" or
 * another: not sized here).
 */
static int
llava_tower_clip(struct cfg *c, const cJSON *vc, const char *type)
{
	const cJSON *mt =
	    cJSON_GetObjectItemCaseSensitive(c->root, "model_type");
	const cJSON *vt = cJSON_GetObjectItemCaseSensitive(vc, "model_type");
	const cJSON *st = cJSON_GetObjectItemCaseSensitive(c->root,
	    "vision_feature_select_strategy");
	int clip;

	if (!cJSON_IsString(mt) || strcmp(mt->valuestring, type) != 0 ||
	    !cJSON_IsString(vt))
		return -1;
	clip = strcmp(vt->valuestring, "clip_vision_model") == 0;
	if (!clip && strcmp(vt->valuestring, "siglip_vision_model") != 0)
		return -1;
	if (cJSON_IsString(st) && strcmp(st->valuestring, "full") != 0 &&
	    strcmp(st->valuestring, "default") != 0)
		return -1;
	return clip;
}

/* The tokens of one encoder tile of g x g patches: CLIP's class token
 * too, less one under vision_feature_select_strategy "default", LlavaConfig's
 * default ("full" keeps all). */
static int
llava_base_tokens(struct cfg *c, int g, int clip)
{
	const cJSON *st = cJSON_GetObjectItemCaseSensitive(c->root,
	    "vision_feature_select_strategy");

	return g * g + clip -
	    (!cJSON_IsString(st) || strcmp(st->valuestring, "default") == 0);
}

/*
 * LLaVA with a CLIP or SigLIP tower (vllm/model_executor/models/llava.py
 * BaseLlavaProcessingInfo): the dummy image is the encoder's image_size
 * square, and becomes the encoder's tokens, (image_size / patch_size)^2
 * and CLIP's class token (clip.py, siglip.py get_num_image_tokens), less
 * one under vision_feature_select_strategy "default", LlavaConfig's
 * default (vision.py get_num_selected_vision_tokens; "full" keeps all).
 * 1 with m's tokens and mm_rule set, 0 when root is not that model.
 */
static int
llava_image_tokens(struct cfg *c, const cJSON *vc, struct model *m)
{
	int clip = llava_tower_clip(c, vc, "llava"), side, n;

	if (clip < 0)
		return 0;
	/* CLIPVisionConfig's and SiglipVisionConfig's defaults: 224, patch
	 * 32 and 16 */
	side = (m->vision_image_size > 0 ? m->vision_image_size : 224) /
	    (cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(vc, "patch_size"))
		    ? m->vision_patch
		    : (clip ? 32 : 16));
	n = llava_base_tokens(c, side, clip);
	m->mm_tokens_per_item = n > 0 ? n : 1;
	m->mm_rule = MODEL_MM_FIXED;
	return 1;
}

/*
 * LLaVA-NeXT with a CLIP or SigLIP tower (vllm/model_executor/models/
 * llava_next.py LlavaNextProcessingInfo; minimax_vl_01.py carries the same
 * code): the dummy image is the image_grid_pinpoints entry (height, width)
 * with the most features.  An image of a pinpoint's size is cut into
 * (height / S) x (width / S) tiles of the encoder's S = image_size pixels
 * (get_anyres_image_grid_shape: the pinpoint itself fits it best) and a
 * base tile; with g = S / patch_size patches a side, its tokens are the
 * base tile's (g^2, CLIP's class token, less one under "default"), the
 * tiles' g nh x g nw features unpadded (the aspect ratios agree, so no
 * padding) and one newline token per feature row, g nh.  m gets them and
 * the tiles the encoder runs (1 + nh nw, mm_tiles).  1 when root is that
 * model, 0 otherwise.
 */
static int
llava_next_image_tokens(struct cfg *c, const cJSON *vc, struct model *m)
{
	const cJSON *pp =
	    cJSON_GetObjectItemCaseSensitive(c->root, "image_grid_pinpoints");
	const cJSON *e;
	int64_t best = 0, tiles = 0;
	int clip, side, g, base;

	if (!cJSON_IsArray(pp))
		return 0;
	clip = llava_tower_clip(c, vc, "llava_next");
	if (clip < 0)
		return 0;
	side = m->vision_image_size > 0 ? m->vision_image_size : 224;
	g = side / (m->vision_patch > 0 ? m->vision_patch : 14);
	base = llava_base_tokens(c, g, clip);
	cJSON_ArrayForEach(e, pp) {
		const cJSON *h = cJSON_GetArrayItem(e, 0);
		const cJSON *w = cJSON_GetArrayItem(e, 1);
		int64_t nh, nw, t;

		if (cJSON_GetArraySize(e) != 2 || !cJSON_IsNumber(h) ||
		    !cJSON_IsNumber(w) || h->valuedouble < side ||
		    w->valuedouble < side || h->valuedouble > 1e6 ||
		    w->valuedouble > 1e6)
			return 0;
		nh = (int64_t)h->valuedouble / side;
		nw = (int64_t)w->valuedouble / side;
		t = base + g * nh * g * nw + g * nh;
		if (t > best) {
			best = t;
			tiles = 1 + nh * nw;
		}
	}
	if (best <= 0 || best > INT32_MAX)
		return 0;
	m->mm_tokens_per_item = (int)best;
	m->mm_tiles = (int)tiles;
	m->mm_rule = MODEL_MM_FIXED;
	return 1;
}

/*
 * InternVL's largest image (vllm/model_executor/models/internvl.py
 * BaseInternVLProcessingInfo.get_image_size_with_most_features, main
 * @004202b): the tile grid of resolve_target_ratios() with the most tiles,
 * max_dynamic_patch of vision_config.image_size pixels (1 without
 * dynamic_image_size), and a thumbnail tile with use_thumbnail when there
 * are several; each tile image_seq_length = (image_size / patch_size)^2 x
 * downsample_ratio^2 tokens (InternVLProcessingInfo.get_hf_processor).
 * InternVL3-1B: 13 x 256 = 3,328.  InternVLProcessingInfo takes videos
 * when the text model is qwen2, qwen3, qwen3_moe or gpt_oss
 * (get_video_token): their frames headroom does not size (mm_video_tokens
 * -1, refused while videos are on).  InternVLChatConfig's defaults: 1 to
 * 6 tiles, a thumbnail, a ratio of 0.5.  1 when root is that model.
 */
static int
internvl_image_tokens(struct cfg *c, struct model *m)
{
	static const char *const video_text[] = { "qwen2", "qwen3", "qwen3_moe",
		"gpt_oss" };
	const cJSON *mt =
	    cJSON_GetObjectItemCaseSensitive(c->root, "model_type");
	const cJSON *tt =
	    cJSON_GetObjectItemCaseSensitive(c->text, "model_type");
	const cJSON *dr =
	    cJSON_GetObjectItemCaseSensitive(c->root, "downsample_ratio");
	double r =
	    cJSON_IsNumber(dr) && dr->valuedouble > 0.01 && dr->valuedouble <= 1
	    ? dr->valuedouble
	    : 0.5;
	int tiles, side, seq;
	size_t i;

	if (!cJSON_IsString(mt) ||
	    strcmp(mt->valuestring, "internvl_chat") != 0 ||
	    m->architecture == NULL ||
	    strcmp(m->architecture, "InternVLChatModel") != 0)
		return 0;
	tiles = cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(c->root,
		    "dynamic_image_size"))
	    ? 1
	    : obj_int(c, c->root, NULL, "max_dynamic_patch", 1, 1024, 6);
	if (tiles > 1 &&
	    !cJSON_IsFalse(
		cJSON_GetObjectItemCaseSensitive(c->root, "use_thumbnail")))
		tiles++;
	side = (m->vision_image_size > 0 ? m->vision_image_size : 448) /
	    (m->vision_patch > 0 ? m->vision_patch : 14);
	seq = (int)(side * side * r * r);
	m->mm_tiles = tiles;
	m->mm_tokens_per_item = tiles * (seq > 0 ? seq : 1);
	m->mm_rule = MODEL_MM_FIXED;
	for (i = 0; i < sizeof video_text / sizeof video_text[0]; i++)
		if (cJSON_IsString(tt) &&
		    strcmp(tt->valuestring, video_text[i]) == 0)
			m->mm_video_tokens = -1;
	return 1;
}

/*
 * Gemma 4's images and videos (vllm/model_executor/models/gemma4_mm.py,
 * Gemma4ProcessingInfo.get_mm_max_tokens_per_item, main @01bae21): an image
 * is at most vision_config.default_output_length soft tokens, each pooled
 * from pooling_kernel_size^2 patches; a video is _VIDEO_MAX_FRAMES (32)
 * frames of _VIDEO_MAX_SOFT_TOKENS (70) soft tokens, each frame with its
 * boi, eoi and about 6 timestamp tokens: 32 x 78 = 2,496 tokens, 32 x 70
 * pooled tokens through the tower.  Gemma4VisionConfig's defaults: 280
 * tokens, a kernel of 3.
 */
#define GEMMA4_VIDEO_FRAMES 32
#define GEMMA4_VIDEO_FRAME_TOKENS 70
#define GEMMA4_VIDEO_FRAME_EXTRA 8

static void
gemma4_image_tokens(struct cfg *c, const cJSON *vc, struct model *m)
{
	int k = obj_int(c, vc, VC, "pooling_kernel_size", 1, 64, 3);

	m->mm_tokens_per_item =
	    obj_int(c, vc, VC, "default_output_length", 1, 1 << 20, 280);
	m->vision_merge = k;
	m->mm_video_tokens = GEMMA4_VIDEO_FRAMES *
	    (GEMMA4_VIDEO_FRAME_TOKENS + GEMMA4_VIDEO_FRAME_EXTRA);
	m->mm_video_patches =
	    GEMMA4_VIDEO_FRAMES * GEMMA4_VIDEO_FRAME_TOKENS * k * k;
	m->mm_rule = MODEL_MM_FIXED;
}

/*
 * transformers' glm4v smart_resize (models/glm4v/image_processing_glm4v.py,
 * which vLLM's glm4_1v.py imports): sides rounded to multiples of factor,
 * scaled down by sqrt(frames x h x w / max_px) when t x h x w (frames
 * rounded to temporal_factor) passes max_px, up when under min_px.
 * Python's round() is half to even, as rint() in the default mode.
 */
static void
glm4v_smart_resize(double frames, double h, double w, double tf, double factor,
    double min_px, double max_px, double *oh, double *ow)
{
	double hb, wb, tb, beta;

	if (h < factor || w < factor) {
		double sc = fmax(factor / h, factor / w);

		h = floor(h * sc);
		w = floor(w * sc);
	}
	hb = rint(h / factor) * factor;
	wb = rint(w / factor) * factor;
	tb = rint(frames / tf) * tf;
	if (tb * hb * wb > max_px) {
		beta = sqrt(frames * h * w / max_px);
		hb = fmax(factor, floor(h / beta / factor) * factor);
		wb = fmax(factor, floor(w / beta / factor) * factor);
	} else if (tb * hb * wb < min_px) {
		beta = sqrt(min_px / (h * w * frames));
		hb = ceil(h * beta / factor) * factor;
		wb = ceil(w * beta / factor) * factor;
	}
	*oh = hb;
	*ow = wb;
}

/*
 * GLM-4.1V / 4.5V / 4.6V's largest image (vllm/model_executor/models/
 * glm4_1v.py Glm4vProcessingInfo and Glm4vDummyInputsBuilder): the dummy
 * image is get_image_size_with_most_features(), _get_vision_info() of a
 * 9999999 square through smart_resize with factor patch_size x
 * spatial_merge_size, which the HF image processor then resizes as one
 * image (Glm4vImageProcessor: num_frames and temporal_factor
 * temporal_patch_size, min and max pixels its size's shortest_edge and
 * longest_edge).  Those are the checkpoint's preprocessor_config.json
 * values, not in config.json: 12544 and 9633792 in GLM-4.6V's and
 * GLM-4.1V's files (smart_resize's defaults too).  The class defines no
 * get_mm_max_tokens_per_item, so the profile's tokens an image are the
 * processed dummy's patch grid over merge^2 (the image token repeated,
 * _get_prompt_updates).  Two rules:
 * - "[Bugfix] Fix encoder cache underestimation for GLM-4V/GLM-OCR single
 *   image" (#34483, opened 2026-02-13; main's file, docs.vllm.ai latest of
 *   2026-05): num_frames=1 (padded to temporal_patch_size) and
 *   max_image_pixels the image processor's longest_edge.  GLM-4.5V: 2184 x
 *   2184, 156^2 = 24,336 patches, 6,084 tokens, the "encoder cache size
 *   6084" a later GLM-OCR report quotes (zai-org/GLM-OCR #157).  Its
 *   release is not established (v0.16.0 was cut between 2026-02-09 and
 *   02-26): planned from v0.17.0, the earlier rule's profile being the
 *   larger one at the default batched tokens (2 x 3,721 tokens and 29,768
 *   patches against 1 x 6,084 and 24,336 at 8,192).
 * - before (a 1Cat-vLLM copy of main @92a785c, January 2026): the
 *   defaults, 16 frames and max_image_pixels 28 x 28 x 2 x 30000: 1708 x
 *   1708, 122^2 = 14,884 patches, 3,721 tokens, the "encoder cache size
 *   3721" of zai-org/GLM-OCR #67 and #34483's description.
 * Its videos (frames of the same image with timestamp tokens,
 * get_num_frames_with_most_features) are not sized: mm_video_tokens -1,
 * refused while videos are on.  The blocks' MLP is out_hidden_size wide
 * (Glm4vVisionBlock's mlp_hidden_dim; intermediate_size is the
 * merger's), the width the encoder's activation estimate reads.  1 when
 * root is that model.
 */
#define GLM4V_DUMMY_SIDE 9999999.0
#define GLM4V_OLD_FRAMES 16.0
#define GLM4V_OLD_MAX_PIXELS (28.0 * 28 * 2 * 30000)
#define GLM4V_MIN_PIXELS 12544.0
#define GLM4V_MAX_PIXELS 9633792.0
#define GLM4V_ONE_FRAME_SINCE VLLM_VER(0, 17, 0)

/* The tokens of glm4_1v.py's dummy image at frames and max_px (vLLM's
 * smart_resize call, temporal_factor its default 2), *edge its side
 * after the HF image processor; 0 when it is not square. */
static int64_t
glm4v_dummy_tokens(double p, double mg, double tp, double frames, double max_px,
    int *edge)
{
	double f = p * mg, dh, dw, h, w;

	glm4v_smart_resize(frames > tp ? frames : tp, GLM4V_DUMMY_SIDE,
	    GLM4V_DUMMY_SIDE, 2, f, 112.0 * 112, max_px, &dh, &dw);
	glm4v_smart_resize(tp, dh, dw, tp, f, GLM4V_MIN_PIXELS,
	    GLM4V_MAX_PIXELS, &h, &w);
	if (h != w || h < 1 || h > MAX_DIM)
		return 0;
	*edge = (int)h;
	return (int64_t)(h / p) * (int64_t)(w / p) / (int64_t)(mg * mg);
}

static int
glm4v_image_tokens(struct cfg *c, const cJSON *vc, struct model *m)
{
	const cJSON *mt =
	    cJSON_GetObjectItemCaseSensitive(c->root, "model_type");
	const cJSON *o =
	    cJSON_GetObjectItemCaseSensitive(vc, "out_hidden_size");
	double p, mg, tp;
	int64_t now, old;
	int edge = 0, old_edge = 0;

	if (!cJSON_IsString(mt) || strncmp(mt->valuestring, "glm4v", 5) != 0 ||
	    m->architecture == NULL ||
	    (strcmp(m->architecture, "Glm4vForConditionalGeneration") != 0 &&
		strcmp(m->architecture, "Glm4vMoeForConditionalGeneration") !=
		    0))
		return 0;
	p = m->vision_patch > 0 ? m->vision_patch : 14;
	mg = m->vision_merge > 0 ? m->vision_merge : 2;
	tp = obj_int(c, vc, VC, "temporal_patch_size", 1, 64, 2);
	if (c->failed)
		return 1;
	now = glm4v_dummy_tokens(p, mg, tp, 1, GLM4V_MAX_PIXELS, &edge);
	old = glm4v_dummy_tokens(p, mg, tp, GLM4V_OLD_FRAMES,
	    GLM4V_OLD_MAX_PIXELS, &old_edge);
	if (now <= 0 || now > INT32_MAX || old <= 0 || old > INT32_MAX)
		return 0;
	m->vision_image_size = edge;
	m->mm_tokens_per_item = (int)now;
	m->mm_old_until = GLM4V_ONE_FRAME_SINCE;
	m->mm_old_image_size = old_edge;
	m->mm_old_tokens = (int)old;
	m->mm_video_tokens = -1;
	if (cJSON_IsNumber(o) && o->valuedouble >= 1 &&
	    o->valuedouble <= MAX_WIDE)
		m->vision_intermediate = (int)o->valuedouble;
	m->mm_rule = MODEL_MM_FIXED;
	return 1;
}

/*
 * Tokens one image takes: Gemma 3's fixed count, Pixtral's largest image
 * (one break token per row), Kimi-VL's dummy image, else the Qwen2-VL
 * family's maximum.
 */
static int
read_image_tokens(struct cfg *c, struct model *m)
{
	const cJSON *tpi =
	    cJSON_GetObjectItemCaseSensitive(c->root, "mm_tokens_per_image");
	const cJSON *vc =
	    cJSON_GetObjectItemCaseSensitive(c->root, "vision_config");
	const cJSON *vt = cJSON_GetObjectItemCaseSensitive(vc, "model_type");

	if (cJSON_IsString(vt) && strcmp(vt->valuestring, "moonvit") == 0) {
		kimi_vl_image_tokens(vc, m);
		return 0;
	}
	if (cJSON_IsString(vt) &&
	    strcmp(vt->valuestring, "llama4_vision_model") == 0) {
		llama4_image_tokens(vc, m);
		return 0;
	}
	if (llava_image_tokens(c, vc, m))
		return 0;
	if (llava_next_image_tokens(c, vc, m))
		return 0;
	if (internvl_image_tokens(c, m))
		return c->failed ? -1 : 0;
	if (glm4v_image_tokens(c, vc, m))
		return c->failed ? -1 : 0;
	if (cJSON_IsString(vt) &&
	    strcmp(vt->valuestring, "gemma4_vision") == 0) {
		gemma4_image_tokens(c, vc, m);
		return c->failed ? -1 : 0;
	}
	if (cJSON_IsNumber(tpi)) {
		m->mm_tokens_per_item = obj_int(c, c->root, NULL,
		    "mm_tokens_per_image", 1, INT32_MAX, 0);
		return c->failed ? -1 : 0;
	}
	if (m->vision_image_size > 0 && m->vision_patch > 0) {
		int side = m->vision_image_size /
		    (m->vision_patch *
			(m->vision_merge > 0 ? m->vision_merge : 1));

		m->mm_tokens_per_item = side * (side + 1);
	} else {
		/* Qwen2-VL family: the checkpoints' preprocessor_config.json
		 * sets max_pixels 12845056 = 16384 x 28 x 28 -> 16384 tokens */
		m->mm_tokens_per_item = 16384;
	}
	return 0;
}

/* vision_config: the tower's size and the tokens per image. */
static int
read_vision(struct cfg *c, struct model *m)
{
	const cJSON *vc =
	    cJSON_GetObjectItemCaseSensitive(c->root, "vision_config");
	const cJSON *vl, *ds;

	if (!cJSON_IsObject(vc))
		return 0;
	vl = cJSON_GetObjectItemCaseSensitive(vc, "depth");
	if (!cJSON_IsNumber(vl))
		vl = cJSON_GetObjectItemCaseSensitive(vc, "num_hidden_layers");
	m->multimodal = 1;
	m->vision_params =
	    vision_params(c->root, vc, m->hidden, &m->vision_repl_params);
	m->vision_hidden = obj_int(c, vc, VC, "hidden_size", 0, MAX_DIM, 0);
	m->vision_layers = cJSON_IsNumber(vl)
	    ? obj_int(c, vc, VC, vl->string, 0, MAX_LAYERS, 0)
	    : 0;
	m->vision_patch = obj_int(c, vc, VC, "patch_size", 0, MAX_DIM, 14);
	m->vision_merge =
	    cJSON_GetObjectItemCaseSensitive(vc, "spatial_merge_size")
	    ? obj_int(c, vc, VC, "spatial_merge_size", 0, MAX_DIM, 1)
	    : obj_int(c, c->root, NULL, "spatial_merge_size", 0, MAX_DIM, 1);
	m->vision_image_size = obj_int(c, vc, VC, "image_size", 0, MAX_DIM, 0);
	m->vision_intermediate = obj_int(c, vc, VC, "intermediate_size", 0,
	    MAX_WIDE, 4 * m->vision_hidden);
	ds = cJSON_GetObjectItemCaseSensitive(vc, "deepstack_visual_indexes");
	m->vision_deepstack = cJSON_IsArray(ds) ? cJSON_GetArraySize(ds) : 0;
	if (c->failed)
		return -1;
	return read_image_tokens(c, m);
}

/*
 * The default of tie_word_embeddings of the config class vLLM builds for a
 * model_type (AutoConfig), used when config.json leaves the key out; the
 * classes' own defaults, where PretrainedConfig's is True (transformers
 * main @008e574: models/<name>/configuration_<name>.py; doc/architectures.md
 * "Tied head").  A nested text_config is read by its own model_type.
 */
static const struct tie_default {
	const char *model_type;
	int tied;
} tie_defaults[] = {
	{ "llama", 0 },
	{ "llama4", 0 },
	{ "llama4_text", 0 },
	{ "mistral", 0 },
	{ "mixtral", 0 },
	{ "qwen2", 0 },
	{ "qwen3", 0 },
	{ "qwen3_moe", 0 },
	{ "phi3", 0 },
	{ "deepseek_v3", 0 },
	/* DeepseekV2Config (models/deepseek_v2); vLLM's DeepseekV3Config for
	 * deepseek_v32 and kimi_k2 (_CONFIG_REGISTRY); vLLM's AXK1Config
	 * (vllm/transformers_utils/configs/AXK1.py) and transformers' (axk1) */
	{ "deepseek_v2", 0 },
	{ "deepseek_v32", 0 },
	{ "kimi_k2", 0 },
	{ "AXK1", 0 },
	{ "axk1", 0 },
	{ "phimoe", 0 },
	{ "olmo3", 0 },
	{ "hunyuan_v1_dense", 0 },
	{ "gemma", 1 },
	{ "gemma2", 1 },
	{ "gemma3_text", 1 },
	{ "cohere", 1 },
	{ "starcoder2", 1 },
	/* vLLM's ExaoneConfig and NemotronConfig (vllm/transformers_utils/
	 * configs/exaone.py, nemotron.py); MiniCPM3Config of the checkpoint's
	 * configuration_minicpm.py (openbmb/MiniCPM3-4B @6fcf8b4) */
	{ "exaone", 1 },
	{ "nemotron", 0 },
	/* transformers' Jais2Config (models/jais2/configuration_jais2.py) */
	{ "jais2", 0 },
	{ "minicpm3", 1 },
	/* no tie_word_embeddings of their own: PretrainedConfig's True */
	{ "gpt2", 1 },
	{ "gpt_bigcode", 1 },
	{ "bloom", 1 },
	{ "falcon", 1 },
};

/* The class default of model_type, or -1 when the table has no row. */
static int
tie_class_default(const char *model_type)
{
	size_t i;

	for (i = 0; i < sizeof tie_defaults / sizeof tie_defaults[0]; i++)
		if (strcmp(model_type, tie_defaults[i].model_type) == 0)
			return tie_defaults[i].tied;
	return -1;
}

/*
 * m->tie_embeddings from tie_word_embeddings (text_config, then the root),
 * else the class default of m->model_type; 1 when the key is missing and
 * the table has no row for the type (PretrainedConfig's default, which
 * the caller states as an assumption: tie_note()).
 */
static int
read_tie(const struct cfg *c, struct model *m)
{
	const cJSON *v = get(c, "tie_word_embeddings");
	int d;

	if (cJSON_IsBool(v)) {
		m->tie_embeddings = cJSON_IsTrue(v);
		return 0;
	}
	d = tie_class_default(m->model_type);
	m->tie_embeddings = d != 0;
	return d < 0;
}

/* Appends to m->assumption that the head was taken as tied. */
static void
tie_note(struct model *m)
{
	char msg[700];

	snprintf(msg, sizeof msg,
	    "%s%stie_word_embeddings not in config.json and no class default "
	    "known for %s%s%s: the head taken as tied to the embedding "
	    "(PretrainedConfig's default)",
	    m->assumption ? m->assumption : "", m->assumption ? "; " : "",
	    m->model_type[0] ? "model_type '" : "a config without model_type",
	    m->model_type, m->model_type[0] ? "'" : "");
	free(m->assumption);
	m->assumption = xstrdup(msg);
}

/*
 * The classifier's labels as transformers' PretrainedConfig takes them:
 * num_labels when given, else the size of id2label; 0 when neither is
 * there (PretrainedConfig's default of 2, which vLLM's as_seq_cls_model
 * reads as config.num_labels).
 */
static int
read_num_labels(const cJSON *root)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(root, "num_labels"),
		    *ids = cJSON_GetObjectItemCaseSensitive(root, "id2label");

	if (cJSON_IsNumber(n) && n->valuedouble >= 1 && n->valuedouble <= 1e6 &&
	    n->valuedouble == (int)n->valuedouble)
		return (int)n->valuedouble;
	if (cJSON_IsObject(ids) && cJSON_GetArraySize(ids) > 0)
		return cJSON_GetArraySize(ids);
	return 0;
}

/*
 * Reads config.json's root into m (zeroed first), in order: names, a
 * refusal (which ends the read, 0), dtype, sizes, lengths, attention,
 * draft, MoE, layer kinds, formats, vision; then hfarch.c's layout.
 * -1 with err and *bad (the key) set on the first bad field.
 */
static int
read_model(const cJSON *root, struct model *m, char *err, size_t errlen,
    const char **bad, struct quant_layers *ql)
{
	struct cfg c;
	int tie_assumed;

	*bad = NULL;
	memset(m, 0, sizeof *m);
	if (!cJSON_IsObject(root)) {
		snprintf(err, errlen, "config: expected a JSON object");
		return -1;
	}
	cfg_init(&c, root, err, errlen, bad);
	read_names(&c, m);
	if (model_take_refusal(m))
		return 0;
	if (read_dtype(&c, m) != 0 || read_dims(&c, m) != 0 ||
	    read_max_len(&c, m) != 0 || read_rope_scaling(&c, m) != 0)
		return -1;
	tie_assumed = read_tie(&c, m);
	m->qkv_bias = get_bool(&c, "attention_bias", 0) ||
	    strncmp(m->model_type, "qwen2", 5) == 0;
	m->num_labels = read_num_labels(root);
	if (read_attention(&c, m) != 0)
		return -1;
	read_gemma3_rope(&c, m);
	read_draft(&c, m);
	read_moe(&c, m);
	if (read_layer_kinds(&c, m) != 0 || read_formats(&c, m, ql) != 0 ||
	    read_vision(&c, m) != 0)
		return -1;
	if (c.failed)
		return -1;
	m->default_checkpoint = xstrdup(ckpt_format_name(m->native_format));
	if (hfarch_read(root, c.text, m, err, errlen, bad) != 0)
		return -1;
	if (tie_assumed && m->refusal == NULL)
		tie_note(m);
	return 0;
}

/*
 * in_proj_b and in_proj_a kept 16-bit: in every gated delta net, the fused
 * in_proj_ba is unquantized (MODEL_SKIP_GDN_BA); one without the other is
 * what vLLM's get_layer_config refuses for a fused module; some layers
 * only are taken as quantized, said in m->assumption.
 */
static void
gdn_ba_resolve(const struct quant_layers *ql, struct model *m)
{
	int i, gdn = 0, both = 0, any = 0;

	for (i = 0; i < m->layers && i < QL_MAX; i++) {
		int is_gdn = m->ld != NULL && m->ld[i].mixer == MIXER_GDN;

		any += ql->ba[i] != 0;
		if (ql->ba[i] == 1 || ql->ba[i] == 2) {
			char msg[300];

			snprintf(msg, sizeof msg,
			    "Fused module 'layers.%d.linear_attn.in_proj_ba' "
			    "requires consistent quant config for "
			    "['in_proj_b', 'in_proj_a'] (extra_config keeps "
			    "only one of them 16-bit)",
			    i);
			if (m->refusal == NULL)
				m->refusal = xstrdup(msg);
			return;
		}
		gdn += is_gdn;
		both += is_gdn && ql->ba[i] == 3;
	}
	if (any == 0)
		return;
	if (gdn > 0 && both == gdn) {
		m->quant_skip |= MODEL_SKIP_GDN_BA;
	} else {
		char msg[700];

		snprintf(msg, sizeof msg,
		    "%s%squantization ignore entries taken as quantized (not "
		    "every layer named): in_proj_ba of %d of %d layers",
		    m->assumption ? m->assumption : "",
		    m->assumption ? "; " : "", both, gdn);
		free(m->assumption);
		m->assumption = xstrdup(msg);
	}
}

/*
 * GPTQ's dynamic map as vLLM reads it (vllm/model_executor/layers/
 * quantization/utils/gptq_utils.py get_dynamic_override, main @cd2f7c9):
 * the first key whose regular expression re.match()es a module's name
 * decides; "-:" leaves the module unquantized, another key ("+:" or bare)
 * quantizes it, with its own bits, group_size, sym or desc_act when it
 * gives them.
 */
enum gptq_hit {
	GPTQ_NONE,
	GPTQ_SKIP,
	GPTQ_QUANT,
	GPTQ_OVERRIDE,
	GPTQ_BAD
};

/* Whether entry e (a positive key's value) changes the base scheme qc. */
static int
gptq_overrides(const cJSON *qc, const cJSON *e)
{
	static const char *const keys[] = { "bits", "group_size", "sym",
		"desc_act" };
	size_t i;

	if (!cJSON_IsObject(e))
		return 0;
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(e, keys[i]);
		const cJSON *b = cJSON_GetObjectItemCaseSensitive(qc, keys[i]);

		if (v != NULL && (b == NULL || !cJSON_Compare(v, b, 1)))
			return 1;
	}
	return 0;
}

/*
 * A Python regular expression (the `regex` module vLLM imports as re) as a
 * POSIX extended one, for what re.match() decides: ^ in front (re.match
 * anchors at the name's start), \d \w \s and their capitals as bracket
 * classes, (?: as a plain group, lazy quantifiers (*? +? ?? }?) as greedy
 * ones (a match from the start exists or not either way).  NULL for a
 * construct POSIX has no form of (lookarounds, named or flagged groups,
 * other escapes of a letter).
 */
static char *
gptq_posix_regex(const char *re)
{
	size_t n = strlen(re), o = 0;
	char *out = xmalloc(n * 12 + 2);
	const char *p;

	out[o++] = '^';
	for (p = re; *p; p++) {
		if (p[0] == '\\' && p[1] != '\0') {
			static const char cls[] = "dDwWsS";
			static const char *const br[] = { "[0-9]", "[^0-9]",
				"[A-Za-z0-9_]", "[^A-Za-z0-9_]",
				"[ \t\n\r\f\v]", "[^ \t\n\r\f\v]" };
			const char *c = strchr(cls, p[1]);

			if (c != NULL) {
				strcpy(out + o, br[c - cls]);
				o += strlen(br[c - cls]);
			} else if ((p[1] >= 'a' && p[1] <= 'z') ||
			    (p[1] >= 'A' && p[1] <= 'Z') ||
			    (p[1] >= '0' && p[1] <= '9')) {
				free(out);
				return NULL;
			} else {
				out[o++] = p[0];
				out[o++] = p[1];
			}
			p++;
		} else if (p[0] == '(' && p[1] == '?') {
			if (p[2] != ':') {
				free(out);
				return NULL;
			}
			out[o++] = '(';
			p += 2;
		} else if (p[0] == '?' && p > re &&
		    (p[-1] == '*' || p[-1] == '+' || p[-1] == '?' ||
			p[-1] == '}') &&
		    !(p - 1 > re && p[-2] == '\\')) {
			/* the lazy mark of a quantifier: dropped */
		} else {
			out[o++] = *p;
		}
	}
	out[o] = '\0';
	return out;
}

static enum gptq_hit
gptq_dynamic_match(const cJSON *qc, const cJSON *dyn, const char *name,
    const char **key)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, dyn) {
		const char *k = e->string ? e->string : "";
		int neg = strncmp(k, "-:", 2) == 0;
		const char *re = neg || strncmp(k, "+:", 2) == 0 ? k + 2 : k;
		char *posix = gptq_posix_regex(re);
		regex_t rx;
		int hit;

		*key = k;
		if (posix == NULL ||
		    regcomp(&rx, posix, REG_EXTENDED | REG_NOSUB) != 0) {
			free(posix);
			return GPTQ_BAD;
		}
		hit = regexec(&rx, name, 0, NULL, 0) == 0;
		regfree(&rx);
		free(posix);
		if (hit)
			return neg                  ? GPTQ_SKIP
			    : gptq_overrides(qc, e) ? GPTQ_OVERRIDE
						    : GPTQ_QUANT;
	}
	return GPTQ_NONE;
}

static bool
arch_in(const struct model *m, const char *const *list)
{
	for (; m->architecture != NULL && *list != NULL; list++)
		if (strcmp(m->architecture, *list) == 0)
			return true;
	return false;
}

/* Classes whose decoder layers vLLM builds as model.layers.N (their
 * files' self.model = ...Model(prefix=maybe_prefix(prefix, "model"))). */
static const char *const gptq_text_classes[] = { "LlamaForCausalLM",
	"MistralForCausalLM", "Qwen2ForCausalLM", "Qwen3ForCausalLM",
	"Qwen2MoeForCausalLM", "Qwen3MoeForCausalLM", "Qwen3NextForCausalLM",
	"MixtralForCausalLM", "GemmaForCausalLM", "Gemma2ForCausalLM",
	"Gemma3ForCausalLM", "Phi3ForCausalLM", "GraniteForCausalLM",
	"DeepseekV2ForCausalLM", "DeepseekV3ForCausalLM", "Glm4MoeForCausalLM",
	"MiniMaxM2ForCausalLM", NULL };

/* Classes that build their text model as language_model (prefix
 * maybe_prefix(prefix, "language_model")), so language_model.model.layers.N:
 * qwen2_vl.py, qwen2_5_vl.py, qwen3_vl.py, qwen3_vl_moe.py, qwen3_5.py,
 * gemma3_mm.py, mistral3.py, mllama4.py. */
static const char *const gptq_wrapped_classes[] = {
	"Qwen2VLForConditionalGeneration", "Qwen2_5_VLForConditionalGeneration",
	"Qwen3VLForConditionalGeneration", "Qwen3VLMoeForConditionalGeneration",
	"Qwen3_5ForConditionalGeneration", "Qwen3_5MoeForConditionalGeneration",
	"Gemma3ForConditionalGeneration", "Mistral3ForConditionalGeneration",
	"Llama4ForConditionalGeneration", NULL
};

/* Classes whose MoE block is block_sparse_moe (mixtral.py, minimax_m2.py). */
static const char *const gptq_sparse_moe_classes[] = { "MixtralForCausalLM",
	"MiniMaxM2ForCausalLM", NULL };

/* Classes whose shared expert is mlp.shared_expert (qwen2_moe.py,
 * qwen3_next.py, qwen3_5.py); DeepSeek's and GLM's is mlp.shared_experts. */
static const char *const gptq_one_shared_classes[] = { "Qwen2MoeForCausalLM",
	"Qwen3NextForCausalLM", "Qwen3_5MoeForConditionalGeneration", NULL };
static const char *const gptq_many_shared_classes[] = { "DeepseekV2ForCausalLM",
	"DeepseekV3ForCausalLM", "Glm4MoeForCausalLM", NULL };

static bool
gptq_is_nemotron_h(const struct model *m)
{
	return m->architecture != NULL &&
	    strcmp(m->architecture, "NemotronHForCausalLM") == 0;
}

/*
 * The roots vLLM gives m's decoder layers (the prefix get_dynamic_override
 * matches starts with one of them, the layer index after "layers."): the
 * one root of a class headroom knows, else every root of the classes it
 * knows, for gptq_dynamic_resolve() to refuse a key whose outcome differs
 * between them.
 */
static int
gptq_roots(const struct model *m, const char *roots[3])
{
	if (gptq_is_nemotron_h(m)) {
		roots[0] = "backbone.layers."; /* nemotron_h.py */
		return 1;
	}
	if (arch_in(m, gptq_text_classes)) {
		roots[0] = "model.layers.";
		return 1;
	}
	if (arch_in(m, gptq_wrapped_classes)) {
		roots[0] = "language_model.model.layers.";
		return 1;
	}
	roots[0] = "model.layers.";
	roots[1] = "language_model.model.layers.";
	roots[2] = "backbone.layers.";
	return 3;
}

/* The attention names of m into var (gptq_part_names' variants). */
static void
gptq_attention_names(const struct model *m, bool nh, const char *const *var[2])
{
	static const char *const nh_attn[] = { "mixer.qkv_proj", "mixer.o_proj",
		NULL };
	static const char *const attn[] = { "self_attn.qkv_proj",
		"self_attn.o_proj", NULL };
	static const char *const mla_fused[] = { "self_attn.fused_qkv_a_proj",
		"self_attn.q_b_proj", "self_attn.kv_b_proj", "self_attn.o_proj",
		NULL };
	static const char *const mla_split[] = { "self_attn.q_a_proj",
		"self_attn.kv_a_proj_with_mqa", "self_attn.q_b_proj",
		"self_attn.kv_b_proj", "self_attn.o_proj", NULL };
	static const char *const mla_no_q_lora[] = { "self_attn.q_proj",
		"self_attn.kv_a_proj_with_mqa", "self_attn.kv_b_proj",
		"self_attn.o_proj", NULL };

	if (nh)
		var[0] = nh_attn;
	else if (m->mla && m->q_lora_rank > 0)
		var[0] = mla_fused, var[1] = mla_split;
	else
		var[0] = m->mla ? mla_no_q_lora : attn;
}

/* The state mixer names of a layer with mixer mx into var. */
static void
gptq_state_mixer_names(int mx, bool nh, const char *const *var[2])
{
	static const char *const gdn[] = { "linear_attn.in_proj_qkvz",
		"linear_attn.out_proj", NULL };
	static const char *const conv[] = { "conv.in_proj", "conv.out_proj",
		NULL };
	/* nemotron_h.py: mixer; jamba.py, falcon_h1.py: mamba */
	static const char *const mixer[] = { "mixer.in_proj", "mixer.out_proj",
		NULL };
	static const char *const mamba[] = { "mamba.in_proj", "mamba.out_proj",
		NULL };

	if (mx == MIXER_GDN)
		var[0] = gdn;
	else if (mx == MIXER_SHORT_CONV)
		var[0] = conv;
	else
		var[0] = mixer, var[1] = nh ? NULL : mamba;
}

/* The fused experts' names of m into var. */
static void
gptq_experts_names(const struct model *m, bool nh, const char *const *var[2])
{
	static const char *const nh_experts[] = { "mixer.experts", NULL };
	static const char *const experts[] = { "mlp.experts", NULL };
	static const char *const sparse_experts[] = {
		"block_sparse_moe.experts", NULL
	};
	bool sparse = arch_in(m, gptq_sparse_moe_classes);
	bool known = nh || arch_in(m, gptq_text_classes) ||
	    arch_in(m, gptq_wrapped_classes);

	var[0] = nh ? nh_experts : sparse ? sparse_experts : experts;
	if (!known)
		var[1] = sparse_experts;
}

/* The shared experts' names of m into var. */
static void
gptq_shared_names(const struct model *m, bool nh, const char *const *var[2])
{
	static const char *const nh_shared[] = { "mixer.shared_experts.up_proj",
		"mixer.shared_experts.down_proj", NULL };
	static const char *const one_shared[] = {
		"mlp.shared_expert.gate_up_proj", "mlp.shared_expert.down_proj",
		NULL
	};
	static const char *const many_shared[] = {
		"mlp.shared_experts.gate_up_proj",
		"mlp.shared_experts.down_proj", NULL
	};

	if (nh)
		var[0] = nh_shared;
	else if (arch_in(m, gptq_one_shared_classes))
		var[0] = one_shared;
	else if (arch_in(m, gptq_many_shared_classes))
		var[0] = many_shared;
	else
		var[0] = one_shared, var[1] = many_shared;
}

/*
 * The vLLM module names (after the layer's prefix) of part pt (quant_skip's
 * order) in layer d of m, variant v, NULL-terminated: 0 the class's names,
 * 1 the other names vLLM has used for it (deepseek_v2.py's q_a_proj and
 * kv_a_proj_with_mqa before their fusion into fused_qkv_a_proj; the experts
 * and shared experts of a class headroom does not know); NULL when there
 * is no variant v.
 */
static const char *const *
gptq_part_names(const struct model *m, const struct layer_desc *d, int pt,
    int v)
{
	static const char *const nh_mlp[] = { "mixer.up_proj",
		"mixer.down_proj", NULL };
	static const char *const mlp[] = { "mlp.gate_up_proj", "mlp.down_proj",
		NULL };
	bool nh = gptq_is_nemotron_h(m);
	const char *const *var[2] = { NULL, NULL };

	switch (pt) {
	case 0: gptq_attention_names(m, nh, var); break;
	case 1:
		gptq_state_mixer_names(d != NULL ? d->mixer : MIXER_ATTENTION,
		    nh, var);
		break;
	case 2: var[0] = nh ? nh_mlp : mlp; break;
	case 3: gptq_experts_names(m, nh, var); break;
	default: gptq_shared_names(m, nh, var); break;
	}
	return v >= 0 && v < 2 ? var[v] : NULL;
}

enum gptq_outcome {
	GPTQ_ALL_QUANT,
	GPTQ_ALL_SKIP,
	GPTQ_SPLIT,
	GPTQ_REFUSED
};

/*
 * What the dynamic map does to part pt of layer i under one root and one
 * variant of the module names: every module quantized, every one left
 * unquantized, some of each; GPTQ_REFUSED with msg written for a key that
 * overrides the scheme or is no expression headroom reads.  *key is the
 * key that left a module unquantized (else the last one tried).
 */
static enum gptq_outcome
gptq_part_outcome(const cJSON *qc, const cJSON *dyn, const char *root, int i,
    const char *const *names, int pt, const char **key, char *msg, size_t len)
{
	static const char *const parts[5] = { "attention", "state mixer",
		"dense MLP", "experts", "shared expert" };
	int n = 0, skip = 0;
	const char *skip_key = NULL;

	for (; *names != NULL; names++, n++) {
		char full[200];
		enum gptq_hit h;

		snprintf(full, sizeof full, "%s%d.%s", root, i, *names);
		h = gptq_dynamic_match(qc, dyn, full, key);
		if (h == GPTQ_BAD) {
			snprintf(msg, len,
			    "quantization_config.dynamic: key '%s' is not a "
			    "regular expression headroom can read",
			    *key);
			return GPTQ_REFUSED;
		}
		if (h == GPTQ_OVERRIDE) {
			snprintf(msg, len,
			    "quantization_config.dynamic: key '%s' gives "
			    "layer %d's %s its own bits, group_size, sym or "
			    "desc_act; headroom does not model GPTQ schemes "
			    "that differ by module",
			    *key, i, parts[pt]);
			return GPTQ_REFUSED;
		}
		if (h == GPTQ_SKIP) {
			skip++;
			skip_key = *key;
		}
	}
	if (skip_key != NULL)
		*key = skip_key;
	return skip == 0 ? GPTQ_ALL_QUANT
	    : skip == n  ? GPTQ_ALL_SKIP
			 : GPTQ_SPLIT;
}

/*
 * Part pt of layer i under every root and name variant of m: into ql when
 * every variant leaves it unquantized; msg written (a refusal) when a key
 * splits it, overrides the scheme, cannot be read, or decides one variant
 * differently from another.
 */
static void
gptq_layer_part(const cJSON *qc, const cJSON *dyn, struct model *m,
    const char *const *roots, int nroots, int i, int pt,
    struct quant_layers *ql, char *msg, size_t len)
{
	static const char *const parts[5] = { "attention", "state mixer",
		"dense MLP", "experts", "shared expert" };
	const struct layer_desc *d = m->ld != NULL ? &m->ld[i] : NULL;
	enum gptq_outcome first = GPTQ_REFUSED, o;
	const char *key = "", *first_name = NULL, *first_root = NULL;
	int r, v;

	for (r = 0; r < nroots; r++)
		for (v = 0; v < 2; v++) {
			const char *const *nm = gptq_part_names(m, d, pt, v);
			const char *k = "";

			if (nm == NULL)
				continue;
			o = gptq_part_outcome(qc, dyn, roots[r], i, nm, pt, &k,
			    msg, len);
			if (o == GPTQ_REFUSED)
				return;
			if (first_name == NULL) {
				first = o, key = k;
				first_name = nm[0];
				first_root = roots[r];
			} else if (o != first) {
				snprintf(msg, len,
				    "quantization_config.dynamic: key '%s' "
				    "decides layer %d's %s one way as "
				    "'%s%d.%s' and another as '%s%d.%s', and "
				    "headroom does not know which names vLLM "
				    "gives %s's modules",
				    o == GPTQ_ALL_QUANT ? key : k, i, parts[pt],
				    first_root, i, first_name, roots[r], i,
				    nm[0],
				    m->architecture ? m->architecture
						    : "this model");
				return;
			}
		}
	if (first == GPTQ_ALL_SKIP) {
		ql->seen[pt][i] = 1;
		ql->any[pt] = 1;
	} else if (first == GPTQ_SPLIT) {
		snprintf(msg, len,
		    "quantization_config.dynamic: key '%s' leaves only some "
		    "of layer %d's %s unquantized; headroom does not model "
		    "that split",
		    key, i, parts[pt]);
	}
}

/*
 * The quantization_config of root (or of its text_config when root has
 * none) when its quant_method is a GPTQ one, else NULL.
 */
static const cJSON *
gptq_config_find(const cJSON *root)
{
	const cJSON *qc =
	    cJSON_GetObjectItemCaseSensitive(root, "quantization_config");
	const cJSON *tc = cJSON_GetObjectItemCaseSensitive(root, "text_config");
	const cJSON *meth;

	if (!cJSON_IsObject(qc) && cJSON_IsObject(tc))
		qc =
		    cJSON_GetObjectItemCaseSensitive(tc, "quantization_config");
	meth = cJSON_IsObject(qc)
	    ? cJSON_GetObjectItemCaseSensitive(qc, "quant_method")
	    : NULL;
	if (!cJSON_IsString(meth) || strncmp(meth->valuestring, "gptq", 4) != 0)
		return NULL;
	return qc;
}

/*
 * A gptq quantization_config's dynamic map, once the layers are laid out:
 * each key matched as get_dynamic_override() matches it, against the
 * prefix vLLM gives each linear and fused MoE block of each layer (its
 * class's root and module names: model.layers.N.self_attn.qkv_proj,
 * language_model.model.layers.N.mlp.gate_up_proj, backbone.layers.N.
 * mixer.in_proj).  The parts its "-:" keys leave unquantized go to ql
 * (16-bit where every layer that has the part is named,
 * quant_layers_resolve()).  A key that leaves part of a layer's module
 * group unquantized, overrides the scheme, is no regular expression
 * headroom reads, or decides differently under the names of another class
 * where headroom does not know the class's own, refuses m.
 */
static void
gptq_dynamic_resolve(const cJSON *root, struct model *m,
    struct quant_layers *ql)
{
	const cJSON *qc = gptq_config_find(root);
	const cJSON *dyn, *e;
	const char *roots[3];
	char msg[600] = "";
	int i, pt, nroots;

	if (qc == NULL)
		return;
	dyn = cJSON_GetObjectItemCaseSensitive(qc, "dynamic");
	if (dyn != NULL && !cJSON_IsNull(dyn) && !cJSON_IsObject(dyn)) {
		/* get_dynamic_override iterates dynamic.items() */
		if (m->refusal == NULL)
			m->refusal = xstrdup(
			    "quantization_config.dynamic is not a JSON object: "
			    "vLLM's GPTQ reads it as a mapping of module "
			    "patterns (get_dynamic_override), and headroom "
			    "does not plan it");
		return;
	}
	if (!cJSON_IsObject(dyn) || dyn->child == NULL)
		return;
	cJSON_ArrayForEach(e, dyn)
		if (e->string && strncmp(e->string, "-:", 2) == 0 &&
		    strstr(e->string, "mtp"))
			m->quant_skip |= MODEL_SKIP_MTP;
	nroots = gptq_roots(m, roots);
	for (i = 0; i < m->layers && i < QL_MAX && !msg[0]; i++)
		for (pt = 0; pt < 5 && !msg[0]; pt++)
			if (layer_has_part(m, i, pt))
				gptq_layer_part(qc, dyn, m, roots, nroots, i,
				    pt, ql, msg, sizeof msg);
	if (msg[0] && m->refusal == NULL)
		m->refusal = xstrdup(msg);
}

/* Whether the flattened modules_in_block_to_quantize list holds an entry
 * that is a substring of name (is_layer_gptq_quantized's any(layer in
 * prefix)). */
static bool
gptq_listed(const cJSON *list, const char *name)
{
	const cJSON *e, *f;

	cJSON_ArrayForEach(e, list) {
		if (cJSON_IsString(e) && strstr(name, e->valuestring))
			return true;
		if (cJSON_IsArray(e))
			cJSON_ArrayForEach(f, e)
				if (cJSON_IsString(f) &&
				    strstr(name, f->valuestring))
					return true;
	}
	return false;
}

/* Whether an entry of the flattened list contains needle. */
static bool
gptq_list_has(const cJSON *list, const char *needle)
{
	const cJSON *e, *f;

	cJSON_ArrayForEach(e, list) {
		if (cJSON_IsString(e) && strstr(e->valuestring, needle))
			return true;
		if (cJSON_IsArray(e))
			cJSON_ArrayForEach(f, e)
				if (cJSON_IsString(f) &&
				    strstr(f->valuestring, needle))
					return true;
	}
	return false;
}

/*
 * One fused or plain linear of layer i under root: 1 when every shard the
 * list names is quantized, 0 when none, -1 (msg written in vLLM's words)
 * when some shards are and others are not.
 */
static int
gptq_block_linear(const cJSON *list, const char *root, int i, const char *fused,
    const char *const *shards, char *msg, size_t len)
{
	int n = 0, q = 0;

	for (; *shards != NULL; shards++, n++) {
		char full[200];

		snprintf(full, sizeof full, "%s%d.%s", root, i, *shards);
		q += gptq_listed(list, full);
	}
	if (q != 0 && q != n) {
		snprintf(msg, len,
		    "Detected some but not all shards of %s%d.%s are "
		    "quantized. All shards of fused layers to have the same "
		    "precision. (quantization_config."
		    "modules_in_block_to_quantize)",
		    root, i, fused);
		return -1;
	}
	return q > 0;
}

/*
 * Whether headroom maps list (modules_in_block_to_quantize) onto the module
 * names vLLM gives m; when not, m is refused (unless it already was).  Else
 * roots[0] is m's one layer prefix.
 */
static bool
gptq_block_list_mapped(const cJSON *list, struct model *m, const char *roots[3])
{
	char msg[600];

	if (!gptq_list_has(list, "layers.") && !m->mla &&
	    m->n_state_layers == 0 && gptq_roots(m, roots) == 1 &&
	    !gptq_is_nemotron_h(m) &&
	    !(m->shared_intermediate > 0 &&
		!arch_in(m, gptq_one_shared_classes)))
		return true;
	snprintf(msg, sizeof msg,
	    "quantization_config.modules_in_block_to_quantize on %s: "
	    "headroom does not map that list onto the module names "
	    "vLLM gives this model (full layer paths, MLA attention, "
	    "state mixers or shared experts of this class); it "
	    "refuses rather than price every linear as quantized",
	    m->architecture ? m->architecture : "this model");
	if (m->refusal == NULL)
		m->refusal = xstrdup(msg);
	return false;
}

/*
 * Layer i's attention, dense MLP and shared expert parts against list
 * (layer prefix root): an unlisted part goes to ql; a part listed in one of
 * its linears only, or a fused linear listed in some of its shards only,
 * writes the refusal into msg (len bytes), which must be empty on entry.
 */
static void
gptq_block_layer_resolve(const cJSON *list, const char *root,
    const struct model *m, int i, struct quant_layers *ql, char *msg,
    size_t len)
{
	static const char *const qkv[] = { "self_attn.q_proj",
		"self_attn.k_proj", "self_attn.v_proj", NULL };
	static const char *const o[] = { "self_attn.o_proj", NULL };
	static const char *const gate_up[] = { "mlp.gate_proj", "mlp.up_proj",
		NULL };
	static const char *const down[] = { "mlp.down_proj", NULL };
	static const char *const sh_gate_up[] = { "mlp.shared_expert.gate_proj",
		"mlp.shared_expert.up_proj", NULL };
	static const char *const sh_down[] = { "mlp.shared_expert.down_proj",
		NULL };
	static const char *const parts[5] = { "attention", "state mixer",
		"dense MLP", "experts", "shared expert" };
	static const int pts[3] = { 0, 2, 4 };
	static const char *const *const fused[3][2] = { { qkv, o },
		{ gate_up, down }, { sh_gate_up, sh_down } };
	static const char *const fused_names[3][2] = {
		{ "self_attn.qkv_proj", "self_attn.o_proj" },
		{ "mlp.gate_up_proj", "mlp.down_proj" },
		{ "mlp.shared_expert.gate_up_proj",
		    "mlp.shared_expert.down_proj" },
	};
	int k;

	for (k = 0; k < 3 && !msg[0]; k++) {
		int a, b;

		if (!layer_has_part(m, i, pts[k]))
			continue;
		a = gptq_block_linear(list, root, i, fused_names[k][0],
		    fused[k][0], msg, len);
		b = a < 0 ? -1
			  : gptq_block_linear(list, root, i, fused_names[k][1],
				fused[k][1], msg, len);
		if (a < 0 || b < 0)
			return;
		if (a != b)
			snprintf(msg, len,
			    "quantization_config."
			    "modules_in_block_to_quantize leaves only "
			    "some of layer %d's %s unquantized; "
			    "headroom does not model that split",
			    i, parts[pts[k]]);
		else if (a == 0) {
			ql->seen[pts[k]][i] = 1;
			ql->any[pts[k]] = 1;
		}
	}
}

/*
 * GPTQ's modules_in_block_to_quantize as vLLM reads it
 * (gptq_utils.py is_layer_gptq_quantized, GPTQMarlinConfig.
 * maybe_update_config flattening a list of lists): a linear whose shards
 * (qkv_proj: q, k, v_proj; gate_up_proj: gate, up_proj) no entry is a
 * substring of stays unquantized.  Attention, dense MLP and shared expert
 * parts not listed in every layer that has them go to ql (16-bit where
 * every such layer is unlisted); the fused experts are not checked by vLLM
 * (get_moe_quant_method).  Entries naming layers by their full path, and
 * lists on models with MLA attention or state mixers, are refused: headroom
 * does not map them onto vLLM's module names.  An empty list is vLLM's cue
 * to read the checkpoint's dtypes, which leaves the linears as stored.
 */
static void
gptq_block_modules_resolve(const cJSON *root, struct model *m,
    struct quant_layers *ql)
{
	const cJSON *qc = gptq_config_find(root);
	const cJSON *list;
	const char *roots[3];
	char msg[600] = "";
	int i;

	if (qc == NULL)
		return;
	list = cJSON_GetObjectItemCaseSensitive(qc,
	    "modules_in_block_to_quantize");
	/* vLLM tests each name with `in` over the value: a string would be
	 * walked by character and quantize nearly every linear */
	if (list != NULL && !cJSON_IsNull(list) && !cJSON_IsArray(list)) {
		if (m->refusal == NULL)
			m->refusal = xstrdup(
			    "quantization_config.modules_in_block_to_quantize "
			    "is not a list (of module names, or of lists of "
			    "them): headroom refuses rather than guess which "
			    "linears the checkpoint quantizes");
		return;
	}
	if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) == 0 ||
	    !gptq_block_list_mapped(list, m, roots))
		return;
	for (i = 0; i < m->layers && i < QL_MAX && !msg[0]; i++)
		gptq_block_layer_resolve(list, roots[0], m, i, ql, msg,
		    sizeof msg);
	if (msg[0] && m->refusal == NULL)
		m->refusal = xstrdup(msg);
}

/*
 * A text_config that is neither an object nor null: transformers'
 * get_text_config() returns it as the text model's config, and vLLM's
 * get_hf_text_config (vllm/transformers_utils/config.py) asserts that it
 * has num_attention_heads, so vLLM stops where headroom would read the
 * top level instead.
 */
static void
text_config_check(const cJSON *root, struct model *m)
{
	const cJSON *tc = cJSON_GetObjectItemCaseSensitive(root, "text_config");

	if (tc != NULL && !cJSON_IsNull(tc) && !cJSON_IsObject(tc))
		m->refusal = xstrdup(
		    "text_config is not a JSON object: vLLM takes it as the "
		    "text model's config (get_hf_text_config) and stops, as "
		    "it has no num_attention_heads");
}

int
hfconfig_read(const cJSON *root, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	struct quant_layers *ql = xcalloc(1, sizeof *ql);
	int r = read_model(root, m, err, errlen, bad, ql);

	if (r == 0 && m->refusal == NULL)
		text_config_check(root, m);
	if (r == 0 && m->refusal == NULL)
		gptq_dynamic_resolve(root, m, ql);
	if (r == 0 && m->refusal == NULL)
		gptq_block_modules_resolve(root, m, ql);
	if (r == 0)
		quant_layers_resolve(ql, m);
	/* an architecture vLLM has since dropped: its last release */
	if (r == 0 && m->last_release == 0)
		m->last_release = hfarch_last_release(m->architecture);
	if (r == 0)
		gdn_ba_resolve(ql, m);
	if (r == 0 && ql->tower_quantized && m->vision_params > 0 &&
	    m->refusal == NULL)
		m->refusal = xstrdup(
		    "AutoRound quantization_config without "
		    "block_name_to_quantize and with no 16-bit extra_config "
		    "entry for the vision tower: vLLM quantizes the tower's "
		    "linears too, and headroom does not model a quantized "
		    "vision tower");
	free(ql);
	/* a rejected config leaves nothing allocated behind */
	if (r != 0)
		model_done(m);
	return r;
}
