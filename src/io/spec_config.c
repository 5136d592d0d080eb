/*
 * spec_config.c - --speculative-config JSON.  Keys vLLM reads that change
 * no memory headroom models (prompt_lookup_max, ...) are accepted and
 * written back as given after the method, model, num_speculative_tokens
 * and draft_tensor_parallel_size (plan_spec.kept).  Keys that move the
 * drafter's memory in ways headroom does not model are also kept by name
 * (plan_spec.unmodelled) so that the plan refuses them.
 */
#include "spec_config.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "core/spec.h"
#include "io/shellwords.h"

/* True when word occurs in name, ignoring case (vLLM lowers the name). */
static bool
name_has(const char *name, const char *word)
{
	size_t n = strlen(word);

	for (; *name != '\0'; name++)
		if (strncasecmp(name, word, n) == 0)
			return true;
	return false;
}

/* The keys headroom reads itself; the others are kept as given. */
static bool
read_here(const char *key)
{
	static const char *const keys[] = { "method", "model",
		"num_speculative_tokens", "draft_tensor_parallel_size" };
	size_t i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strcmp(key, keys[i]) == 0)
			return true;
	return false;
}

/* The keys of j headroom does not read, into s->kept as a JSON object
 * ("" when none).  Returns 0, or -1 with err naming the value. */
static int
keep_others(const cJSON *j, struct plan_spec *s, const char *v, char *err,
    size_t errlen)
{
	const cJSON *x;
	cJSON *rest = cJSON_CreateObject();
	char *t;
	int n = 0, rc = 0;

	if (rest == NULL)
		return 0;
	cJSON_ArrayForEach(x, j) {
		if (x->string == NULL || read_here(x->string))
			continue;
		cJSON_AddItemToObject(rest, x->string, cJSON_Duplicate(x, 1));
		n++;
	}
	t = n > 0 ? cJSON_PrintUnformatted(rest) : NULL;
	if (t != NULL && strlen(t) < sizeof s->kept) {
		snprintf(s->kept, sizeof s->kept, "%s", t);
	} else if (t != NULL) {
		snprintf(err, errlen,
		    "--speculative-config: '%s': the keys beside method, "
		    "model, num_speculative_tokens and "
		    "draft_tensor_parallel_size take more than %zu characters",
		    v, sizeof s->kept - 1);
		rc = -1;
	}
	free(t);
	cJSON_Delete(rest);
	return rc;
}

/* true when x is a whole number from lo to hi */
static bool
spec_config_is_whole(const cJSON *x, double lo, double hi)
{
	return cJSON_IsNumber(x) && x->valuedouble >= lo &&
	    x->valuedouble <= hi &&
	    x->valuedouble == (double)(int)x->valuedouble;
}

/* num_speculative_tokens and draft_tensor_parallel_size into s; -1 with
 * err for a value out of range. */
static int
spec_config_read_sizes(const cJSON *j, struct plan_spec *s, char *err,
    size_t errlen)
{
	const cJSON *x =
	    cJSON_GetObjectItemCaseSensitive(j, "num_speculative_tokens");

	if (x != NULL && !spec_config_is_whole(x, 1, 64)) {
		snprintf(err, errlen,
		    "--speculative-config: num_speculative_tokens "
		    "must be a whole number from 1 to 64");
		return -1;
	}
	if (x != NULL)
		s->num_tokens = (int)x->valuedouble;
	x = cJSON_GetObjectItemCaseSensitive(j, "draft_tensor_parallel_size");
	if (x != NULL && !cJSON_IsNull(x) &&
	    !spec_config_is_whole(x, 1, 1024)) {
		snprintf(err, errlen,
		    "--speculative-config: "
		    "draft_tensor_parallel_size must be a whole number from 1 "
		    "to 1024");
		return -1;
	}
	if (x != NULL && cJSON_IsNumber(x))
		s->draft_tp = (int)x->valuedouble;
	return 0;
}

/* The first key that changes the drafter's memory in ways headroom does
 * not model (its cache dtype, its quantization, parallel drafts) into
 * s->unmodelled. */
static void
spec_config_find_unmodelled(const cJSON *j, struct plan_spec *s)
{
	static const char *const moving[] = {
		"kv_cache_dtype",
		"quantization",
		"parallel_drafting",
	};
	const cJSON *x;
	size_t k;

	for (k = 0; k < sizeof moving / sizeof moving[0]; k++) {
		x = cJSON_GetObjectItemCaseSensitive(j, moving[k]);
		if (x != NULL && !cJSON_IsNull(x) && !cJSON_IsFalse(x)) {
			snprintf(s->unmodelled, sizeof s->unmodelled, "%s",
			    moving[k]);
			return;
		}
	}
}

/*
 * vLLM infers the method from the model when it is not given
 * (SpeculativeConfig.__post_init__): by name ("eagle-" or "eagle3" in it,
 * lower-cased), else a draft model; a speculators-format config names its
 * own (cli.c, once the drafter is read).
 */
static const char *
spec_config_infer_method(struct plan_spec *s, const char *model)
{
	s->method_inferred = true;
	if (strcmp(model, "ngram") == 0 || strcmp(model, "[ngram]") == 0)
		return "ngram";
	if (name_has(model, "eagle-"))
		return "eagle";
	if (name_has(model, "eagle3"))
		return "eagle3";
	return "draft_model";
}

/* the string value of key in j, or NULL */
static const char *
spec_config_string(const cJSON *j, const char *key)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(j, key);

	return cJSON_IsString(x) ? x->valuestring : NULL;
}

int
spec_config_parse(struct plan_spec *s, const char *v, char *err, size_t errlen)
{
	cJSON *j = cJSON_Parse(v);
	const char *method, *model;

	memset(s, 0, sizeof *s);
	if (j == NULL || !cJSON_IsObject(j)) {
		cJSON_Delete(j);
		snprintf(err, errlen,
		    "--speculative-config: '%s' is not a JSON "
		    "object such as '{\"method\": \"ngram\", "
		    "\"num_speculative_tokens\": 4}'",
		    v);
		return -1;
	}
	method = spec_config_string(j, "method");
	model = spec_config_string(j, "model");
	if (spec_config_read_sizes(j, s, err, errlen) != 0) {
		cJSON_Delete(j);
		return -1;
	}
	spec_config_find_unmodelled(j, s);
	if (keep_others(j, s, v, err, errlen) != 0) {
		cJSON_Delete(j);
		return -1;
	}
	if (model != NULL)
		snprintf(s->model, sizeof s->model, "%s", model);
	if (method == NULL && model != NULL)
		method = spec_config_infer_method(s, model);
	if (method == NULL) {
		cJSON_Delete(j);
		snprintf(err, errlen,
		    "--speculative-config: '%s' names neither a "
		    "method nor a model",
		    v);
		return -1;
	}
	snprintf(s->name, sizeof s->name, "%s", method);
	s->method = spec_method_parse(method);
	cJSON_Delete(j);
	return 0;
}

void
spec_config_format(const struct plan_spec *s, char *buf, size_t len)
{
	cJSON *j;
	char *t;
	size_t o;

	if (s->method == SPEC_NONE)
		return;
	j = cJSON_CreateObject();
	if (j == NULL)
		return;
	cJSON_AddStringToObject(j, "method", s->name);
	if (s->model[0])
		cJSON_AddStringToObject(j, "model", s->model);
	if (s->num_tokens > 0)
		cJSON_AddNumberToObject(j, "num_speculative_tokens",
		    s->num_tokens);
	if (s->draft_tp > 0)
		cJSON_AddNumberToObject(j, "draft_tensor_parallel_size",
		    s->draft_tp);
	if (s->kept[0] != '\0') {
		cJSON *k = cJSON_Parse(s->kept), *x;

		if (k != NULL)
			cJSON_ArrayForEach(x, k)
				cJSON_AddItemToObject(j, x->string,
				    cJSON_Duplicate(x, 1));
		cJSON_Delete(k);
	}
	t = cJSON_PrintUnformatted(j);
	if (t != NULL) {
		o = strlen(buf);
		snprintf(buf + o, len > o ? len - o : 0,
		    " --speculative-config ");
		shellwords_quote(t, buf, len);
	}
	free(t);
	cJSON_Delete(j);
}
