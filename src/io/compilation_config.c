/*
 * compilation_config.c - --compilation-config members into a plan input
 * (see compilation_config.h).  Values follow vllm/config/compilation.py;
 * a dotted word's value is read as vLLM's FlexibleArgumentParser reads it
 * (vllm/utils/argparse_utils.py): JSON, else a human-readable integer,
 * else the text itself.
 */
#include "compilation_config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "core/units.h"
#include "core/vllm_flags.h"
#include "core/xalloc.h"

static const char *const cg_names[] = {
	[PLAN_CG_NONE] = "NONE",
	[PLAN_CG_PIECEWISE] = "PIECEWISE",
	[PLAN_CG_FULL] = "FULL",
	[PLAN_CG_FULL_DECODE_ONLY] = "FULL_DECODE_ONLY",
	[PLAN_CG_FULL_AND_PIECEWISE] = "FULL_AND_PIECEWISE",
};
#define N_CG (sizeof cg_names / sizeof cg_names[0])

/* Appends "key": value to the kept members (a new string, owned by keep). */
static void
keep_member(struct plan_input *in, const char *key, const cJSON *v,
    compilation_keep_fn keep, void *ctx)
{
	char *val = cJSON_PrintUnformatted(v), *s;
	cJSON *k = cJSON_CreateString(key);
	char *kq = k ? cJSON_PrintUnformatted(k) : NULL;
	size_t n;

	if (val == NULL || kq == NULL)
		abort(); /* cJSON out of memory */
	n = (in->compilation_extra ? strlen(in->compilation_extra) : 0) +
	    strlen(kq) + strlen(val) + 4;
	s = xmalloc(n);
	snprintf(s, n, "%s%s%s:%s",
	    in->compilation_extra ? in->compilation_extra : "",
	    in->compilation_extra ? "," : "", kq, val);
	in->compilation_extra = keep(ctx, s);
	free(s);
	cJSON_free(val);
	cJSON_free(kq);
	cJSON_Delete(k);
}

static void
not_modelled(struct plan_input *in, const char *key, compilation_keep_fn keep,
    void *ctx)
{
	char s[160];

	snprintf(s, sizeof s, "--compilation-config %s", key);
	in->not_modelled = keep(ctx, s);
}

/* A number as a flag row reads it: the table's validator, its words. */
static int
row_number(const struct vllm_flag *f, const cJSON *v, struct plan_input *in,
    char *err, size_t errlen)
{
	char t[64];

	if (!cJSON_IsNumber(v)) {
		snprintf(err, errlen,
		    "--compilation-config: %s must be a number", f->name);
		return -1;
	}
	units_snprintf(t, sizeof t, "%.17g", v->valuedouble);
	if (vllm_flag_parse(f, t, false, in->version, in, err, errlen) !=
	    VFP_SET)
		return -1;
	return 0;
}

static int
member(struct plan_input *in, const char *key, const cJSON *v,
    compilation_keep_fn keep, void *ctx, char *err, size_t errlen)
{
	const cJSON *it;
	size_t i;

	if (strcmp(key, "cudagraph_mode") == 0) {
		for (i = 1; cJSON_IsString(v) && i < N_CG; i++)
			if (strcasecmp(v->valuestring, cg_names[i]) == 0) {
				in->cudagraph_mode = (int)i;
				return 0;
			}
		snprintf(err, errlen,
		    "--compilation-config: cudagraph_mode must be "
		    "one of NONE, PIECEWISE, FULL, FULL_DECODE_ONLY, "
		    "FULL_AND_PIECEWISE");
		return -1;
	}
	if (strcmp(key, "cudagraph_capture_sizes") == 0) {
		const struct vllm_flag *f = &vllm_flags[VF_CAPTURE_SIZES];

		if (!cJSON_IsArray(v)) {
			snprintf(err, errlen,
			    "--compilation-config: "
			    "cudagraph_capture_sizes must be a list of sizes");
			return -1;
		}
		vllm_flag_list_begin(f, in);
		cJSON_ArrayForEach(it, v)
			if (row_number(f, it, in, err, errlen) != 0)
				return -1;
		return 0;
	}
	if (strcmp(key, "cudagraph_specialize_lora") == 0) {
		/* LoRA's second set of graphs (lora.h); kept for the export */
		if (!cJSON_IsBool(v)) {
			snprintf(err, errlen,
			    "--compilation-config: "
			    "cudagraph_specialize_lora must be true or false");
			return -1;
		}
		in->lora.unspecialized = cJSON_IsFalse(v);
		keep_member(in, key, v, keep, ctx);
		return 0;
	}
	if (strcmp(key, "max_cudagraph_capture_size") == 0)
		return row_number(&vllm_flags[VF_MAX_CAPTURE], v, in, err,
		    errlen);
	/* graph memory by other means: full_cuda_graph and use_cudagraph
	 * (before cudagraph_mode), compile modes without piecewise graphs */
	if (strcmp(key, "full_cuda_graph") == 0 ||
	    strcmp(key, "use_cudagraph") == 0 ||
	    ((strcmp(key, "mode") == 0 || strcmp(key, "level") == 0) &&
		!(cJSON_IsNumber(v) && v->valuedouble == 3))) {
		not_modelled(in, key, keep, ctx);
		keep_member(in, key, v, keep, ctx);
		return 0;
	}
	keep_member(in, key, v, keep, ctx);
	return 0;
}

int
compilation_config_read(struct plan_input *in, const char *json,
    compilation_keep_fn keep, void *ctx, char *err, size_t errlen)
{
	cJSON *root = cJSON_Parse(json), *it;
	int rc = 0;

	if (!cJSON_IsObject(root)) {
		snprintf(err, errlen,
		    "--compilation-config: '%s' is not a JSON "
		    "object such as '{\"cudagraph_mode\": \"PIECEWISE\"}'",
		    json);
		cJSON_Delete(root);
		return -1;
	}
	cJSON_ArrayForEach(it, root)
		if ((rc = member(in, it->string, it, keep, ctx, err, errlen)) !=
		    0)
			break;
	cJSON_Delete(root);
	return rc;
}

int
compilation_config_set(struct plan_input *in, const char *key,
    const char *value, compilation_keep_fn keep, void *ctx, char *err,
    size_t errlen)
{
	cJSON *v = cJSON_Parse(value);
	int64_t n;
	int rc;

	if (v == NULL)
		v = units_parse_human_int(value, &n) == 0
		    ? cJSON_CreateNumber((double)n)
		    : cJSON_CreateString(value);
	if (v == NULL)
		abort();
	rc = member(in, key, v, keep, ctx, err, errlen);
	cJSON_Delete(v);
	return rc;
}

const char *
compilation_config_dotted(const char *word)
{
	static const char *const heads[] = { "-cc.", "--compilation-config.",
		"--compilation_config." };
	size_t i;

	for (i = 0; i < sizeof heads / sizeof heads[0]; i++)
		if (strncmp(word, heads[i], strlen(heads[i])) == 0 &&
		    word[strlen(heads[i])] != '\0')
			return word + strlen(heads[i]);
	return NULL;
}

bool
compilation_config_json(const struct plan_input *in, char *buf, size_t len)
{
	bool mode = in->cudagraph_mode > PLAN_CG_UNSET &&
	    (size_t)in->cudagraph_mode < N_CG;

	if (len > 0)
		buf[0] = '\0';
	if (!mode && in->compilation_extra == NULL)
		return false;
	snprintf(buf, len, "{%s%s%s%s%s}", mode ? "\"cudagraph_mode\":\"" : "",
	    mode ? cg_names[in->cudagraph_mode] : "", mode ? "\"" : "",
	    mode && in->compilation_extra ? "," : "",
	    in->compilation_extra ? in->compilation_extra : "");
	return true;
}
