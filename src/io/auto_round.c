/*
 * auto_round.c - AutoRound's quantization_config as vLLM reads it
 * (vllm/model_executor/layers/quantization/auto_round.py, AutoRoundConfig,
 * main @04aa528).  from_config takes bits, group_size and sym (required),
 * packing_format (default auto_round:auto_gptq), block_name_to_quantize or
 * to_quant_block_names, extra_config, data_type (default int) and backend
 * or vllm_backend (default auto).  get_quant_method sends a layer to the
 * GPTQ path when packing_format or backend names gptq, else to AWQ; with
 * backend auto or *marlin*, 4- and 8-bit symmetric GPTQ run GPTQ Marlin
 * (uint4b8, uint8b128) and 4-bit asymmetric AWQ runs AWQ Marlin (uint4
 * with zero points), for group sizes Marlin takes.  Anything else goes to a kernel
 * headroom does not price, and is refused by name.  Invariant: a config
 * auto_round_quant() accepts has bits 4 (or 8 on the GPTQ path), a group
 * of 32, 64 or 128, and
 * every quantized extra_config entry equal to the global one.
 */
#include "auto_round.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/catalogue.h"

int
auto_round_is_method(const char *method)
{
	return strcasecmp(method, "auto-round") == 0 ||
	    strcasecmp(method, "auto_round") == 0;
}

static const char *
str_or(const cJSON *qc, const char *k1, const char *k2, const char *def)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(qc, k1);

	if (!cJSON_IsString(v) && k2 != NULL)
		v = cJSON_GetObjectItemCaseSensitive(qc, k2);
	return cJSON_IsString(v) ? v->valuestring : def;
}

/* One layer's (bits, group_size, sym), as get_layer_config's get_config. */
struct ar_scheme {
	int bits, group;
	bool sym;
};

static void
scheme_of(const cJSON *o, const struct ar_scheme *def, struct ar_scheme *s)
{
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(o, "bits");
	const cJSON *g = cJSON_GetObjectItemCaseSensitive(o, "group_size");
	const cJSON *y = cJSON_GetObjectItemCaseSensitive(o, "sym");

	*s = *def;
	if (cJSON_IsNumber(b))
		s->bits = b->valueint;
	if (cJSON_IsNumber(g))
		s->group = g->valueint;
	if (cJSON_IsBool(y))
		s->sym = cJSON_IsTrue(y);
}

/* Whether the GPTQ path takes the layers (get_quant_method's order). */
static bool
gptq_path(const char *packing, const char *backend)
{
	return strstr(packing, "gptq") != NULL ||
	    strstr(backend, "gptq") != NULL;
}

/* The required keys, vLLM's words when one is missing (get_from_keys). */
static int
required(const cJSON *qc, struct ar_scheme *s, char *err, size_t errlen)
{
	static const char *const keys[3] = { "bits", "group_size", "sym" };
	const cJSON *v[3];
	int i;

	for (i = 0; i < 3; i++) {
		v[i] = cJSON_GetObjectItemCaseSensitive(qc, keys[i]);
		if (v[i] == NULL || cJSON_IsNull(v[i])) {
			snprintf(err, errlen,
			    "Cannot find any of ['%s'] in the model's "
			    "quantization config.",
			    keys[i]);
			return -2;
		}
	}
	s->bits = cJSON_IsNumber(v[0]) ? v[0]->valueint : 0;
	s->group = cJSON_IsNumber(v[1]) ? v[1]->valueint : 0;
	s->sym = cJSON_IsTrue(v[2]);
	return 0;
}

/* What AutoRoundConfig.__init__ refuses, in its words. */
static int
vllm_refusals(const struct ar_scheme *s, const char *dtype, const char *packing,
    const char *backend, char *err, size_t errlen)
{
	static const char *const backends[] = { "auto", "gptq", "gptq:marlin",
		"awq", "awq:marlin", "marlin", "ipex" };
	size_t i;
	bool known = false;

	if (s->bits != 2 && s->bits != 3 && s->bits != 4 && s->bits != 8) {
		snprintf(err, errlen,
		    "Unsupported weight_bits: %d, currently only support  "
		    "{2, 3, 4, 8}",
		    s->bits);
		return -2;
	}
	if (strcmp(dtype, "int") != 0) {
		snprintf(err, errlen,
		    "Unsupported data_type: %s, currently only support  "
		    "{'int'}",
		    dtype);
		return -2;
	}
	if (strcmp(packing, "auto_round:auto_gptq") != 0 &&
	    strcmp(packing, "auto_round:auto_awq") != 0) {
		snprintf(err, errlen,
		    "Unsupported packing_format: %s (vLLM's AutoRoundConfig "
		    "takes auto_round:auto_gptq and auto_round:auto_awq)",
		    packing);
		return -2;
	}
	for (i = 0; i < sizeof backends / sizeof backends[0]; i++)
		known = known || strcmp(backend, backends[i]) == 0;
	if (!known) {
		snprintf(err, errlen,
		    "Unsupported backend: %s (vLLM's AutoRoundConfig takes "
		    "auto, gptq, gptq:marlin, awq, awq:marlin, marlin and "
		    "ipex)",
		    backend);
		return -2;
	}
	return 0;
}

/* What vLLM runs and headroom does not price; 0 for a Marlin layout. */
static int
unmodelled(const struct ar_scheme *s, bool gptq, const char *backend, char *err,
    size_t errlen)
{
	const char *kern = gptq ? "GPTQ" : "AWQ";

	if (strcmp(backend, "ipex") == 0) {
		snprintf(err, errlen,
		    "AutoRound backend 'ipex': vLLM runs the IPEX kernels "
		    "(CPU and XPU), which headroom does not model");
		return -2;
	}
	if (s->bits != 4 && !(s->bits == 8 && gptq)) {
		snprintf(err, errlen,
		    "AutoRound %d-bit %s weights: headroom models the 4-bit "
		    "ones (GPTQ or AWQ Marlin) and 8-bit GPTQ, and refuses "
		    "rather than price these",
		    s->bits, kern);
		return -2;
	}
	if (strcmp(backend, "auto") != 0 && strstr(backend, "marlin") == NULL) {
		snprintf(err, errlen,
		    "AutoRound backend '%s': vLLM runs the %s kernel without "
		    "Marlin, which headroom does not model",
		    backend, kern);
		return -2;
	}
	if (s->group != 32 && s->group != 64 && s->group != 128) {
		snprintf(err, errlen,
		    "AutoRound group_size %d: headroom models groups of 32, "
		    "64 and 128 (Marlin's grouped layouts) and refuses rather "
		    "than price this one",
		    s->group);
		return -2;
	}
	if (gptq != s->sym) {
		/* GPTQ Marlin takes uint4b8 only (sym); AWQ Marlin uint4 with
		 * zero points only (asym) */
		snprintf(err, errlen,
		    "AutoRound %s packing with sym %s: vLLM runs the %s kernel "
		    "without Marlin for it, which headroom does not model",
		    kern, s->sym ? "true" : "false", kern);
		return -2;
	}
	return 0;
}

/* extra_config: quantized entries must match the global scheme. */
static int
mixed_layers(const cJSON *qc, const struct ar_scheme *def, char *err,
    size_t errlen)
{
	const cJSON *ec = cJSON_GetObjectItemCaseSensitive(qc, "extra_config");
	const cJSON *e;

	if (!cJSON_IsObject(ec))
		return 0;
	cJSON_ArrayForEach(e, ec) {
		struct ar_scheme s;

		scheme_of(e, def, &s);
		if (s.bits >= 16)
			continue;
		if (s.bits == def->bits && s.group == def->group &&
		    s.sym == def->sym && strstr(e->string, "lm_head") == NULL)
			continue;
		snprintf(err, errlen,
		    "quantization_config.extra_config['%s']: %d bits, group "
		    "%d, sym %s beside the checkpoint's %d bits, group %d: "
		    "headroom does not model AutoRound checkpoints that mix "
		    "quantized layouts per layer (or quantize lm_head)",
		    e->string, s.bits, s.group, s.sym ? "true" : "false",
		    def->bits, def->group);
		return -2;
	}
	return 0;
}

/* The block names, split at commas when given as one string. */
static int
block_names(const cJSON *qc, int (*fn)(const char *, size_t, void *), void *ctx)
{
	const cJSON *b =
	    cJSON_GetObjectItemCaseSensitive(qc, "block_name_to_quantize");
	const cJSON *e;

	if (b == NULL || cJSON_IsNull(b))
		b = cJSON_GetObjectItemCaseSensitive(qc,
		    "to_quant_block_names");
	if (cJSON_IsString(b)) {
		const char *p = b->valuestring;

		for (;;) {
			size_t n = strcspn(p, ",");
			int r = fn(p, n, ctx);

			if (r != 0 || p[n] == '\0')
				return r;
			p += n + 1;
		}
	}
	if (!cJSON_IsArray(b))
		return b == NULL || cJSON_IsNull(b) ? 0 : -1;
	cJSON_ArrayForEach(e, b) {
		int r = cJSON_IsString(e)
		    ? fn(e->valuestring, strlen(e->valuestring), ctx)
		    : -1;

		if (r != 0)
			return r;
	}
	return 0;
}

struct block_check {
	char *err;
	size_t errlen;
	int decoder, mtp;
};

/* A block name headroom can place: a list of layers, the decoder's or the
 * MTP module's. */
static int
check_block(const char *name, size_t n, void *ctx)
{
	struct block_check *bc = ctx;
	char buf[200];

	snprintf(buf, sizeof buf, "%.*s", (int)(n < 199 ? n : 199), name);
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '.')
		buf[--n] = '\0';
	if (n >= 6 && strcmp(buf + n - 6, "layers") == 0 &&
	    strstr(buf, "visual") == NULL && strstr(buf, "vision") == NULL) {
		if (strstr(buf, "mtp") != NULL)
			bc->mtp = 1;
		else
			bc->decoder = 1;
		return 0;
	}
	snprintf(bc->err, bc->errlen,
	    "quantization_config.block_name_to_quantize '%s': headroom places "
	    "only a decoder's or an MTP module's list of layers, and refuses "
	    "rather than guess what this block quantizes",
	    buf);
	return -2;
}

int
auto_round_quant(const cJSON *qc, enum ckpt_format *fmt, char *err,
    size_t errlen)
{
	struct ar_scheme s;
	const char *dtype = str_or(qc, "data_type", NULL, "int");
	const char *packing =
	    str_or(qc, "packing_format", NULL, "auto_round:auto_gptq");
	const char *backend = str_or(qc, "backend", "vllm_backend", "auto");
	struct block_check bc = { err, errlen, 0, 0 };
	bool gptq;

	if (required(qc, &s, err, errlen) != 0 ||
	    vllm_refusals(&s, dtype, packing, backend, err, errlen) != 0)
		return -2;
	gptq = gptq_path(packing, backend);
	if (unmodelled(&s, gptq, backend, err, errlen) != 0 ||
	    mixed_layers(qc, &s, err, errlen) != 0)
		return -2;
	err[0] = '\0';
	if (block_names(qc, check_block, &bc) != 0) {
		if (err[0] == '\0')
			snprintf(err, errlen,
			    "quantization_config.block_name_to_quantize: "
			    "not a string or a list of strings");
		return -2;
	}
	*fmt = !gptq ? FMT_AWQ : s.bits == 8 ? FMT_INT8 : FMT_GPTQ;
	return 0;
}

static int
count_block(const char *name, size_t n, void *ctx)
{
	struct block_check *bc = ctx;

	if (n > 0) {
		char buf[200];

		snprintf(buf, sizeof buf, "%.*s", (int)(n < 199 ? n : 199),
		    name);
		if (strstr(buf, "mtp") != NULL)
			bc->mtp = 1;
		else
			bc->decoder = 1;
	}
	return 0;
}

void
auto_round_group(const cJSON *qc, struct model *m)
{
	const cJSON *g = cJSON_GetObjectItemCaseSensitive(qc, "group_size");
	const cJSON *sym = cJSON_GetObjectItemCaseSensitive(qc, "sym");
	struct block_check bc = { NULL, 0, 0, 0 };

	m->quant_group = cJSON_IsNumber(g) ? g->valueint : 128;
	/* GPTQ Marlin empties qzeros for symmetric weights and g_idx without
	 * desc_act (AutoRound passes desc_act=False); AWQ Marlin keeps its
	 * zero points */
	m->quant_zero_points =
	    m->native_format == FMT_AWQ || !cJSON_IsTrue(sym);
	m->quant_g_idx = 0;
	block_names(qc, count_block, &bc);
	/* a block list quantizes only layers under it (get_layer_config's
	 * startswith): the MTP module's layers stay 16-bit unless named */
	if (bc.decoder && !bc.mtp)
		m->quant_skip |= MODEL_SKIP_MTP;
}

int
auto_round_tower_quantized(const cJSON *qc)
{
	const cJSON *b =
	    cJSON_GetObjectItemCaseSensitive(qc, "block_name_to_quantize");
	const cJSON *it = NULL;
	const char *t;

	if (b == NULL || cJSON_IsNull(b))
		b = cJSON_GetObjectItemCaseSensitive(qc,
		    "to_quant_block_names");
	if (b != NULL && !cJSON_IsNull(b))
		return 0;
	while ((t = auto_round_next_unquantized(qc, &it)) != NULL)
		if (strstr(t, "visual") || strstr(t, "vision"))
			return 0;
	return 1;
}

const char *
auto_round_next_unquantized(const cJSON *qc, const cJSON **it)
{
	const cJSON *ec = cJSON_GetObjectItemCaseSensitive(qc, "extra_config");
	const cJSON *e;

	if (!cJSON_IsObject(ec))
		return NULL;
	for (e = *it ? (*it)->next : ec->child; e != NULL; e = e->next) {
		const cJSON *b = cJSON_GetObjectItemCaseSensitive(e, "bits");

		if (!cJSON_IsNumber(b) || b->valueint < 16)
			continue;
		if (strstr(e->string, "norm") != NULL)
			continue;
		*it = e;
		return e->string;
	}
	*it = NULL;
	return NULL;
}
