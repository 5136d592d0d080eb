/*
 * hf_overrides.c - the --hf-overrides reader (see hf_overrides.h).
 *
 * vLLM applies the object to the Hugging Face config before it builds the
 * model (ModelConfig.hf_overrides).  The keys read here are those of the
 * sequence-classification conversion (vllm/model_executor/models/
 * adapters.py, SequenceClassificationConfig.verify_and_update_config, and
 * models/config.py for Qwen3-Reranker): method "from_2_way_softmax" takes
 * two tokens and gives one label, "no_post_processing" one label a token;
 * is_original_qwen3_reranker sets from_2_way_softmax.
 */
#include "hf_overrides.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

static const char *const modelled_keys[] = { "architectures", "num_labels",
	"classifier_from_token", "method", "is_original_qwen3_reranker", NULL };

static int
is_modelled(const char *key)
{
	int i;

	for (i = 0; modelled_keys[i] != NULL; i++)
		if (strcmp(key, modelled_keys[i]) == 0)
			return 1;
	return 0;
}

/* Says what is wrong in err; returns -2, labels_of()'s refusal. */
static int
fail(char *err, size_t errlen, const char *what)
{
	snprintf(err, errlen, "--hf-overrides: %s", what);
	return -2;
}

/* The labels the keys give: -1 when they leave the config's, -2 when a
 * key's value is not of the form vLLM takes. */
static int
labels_of(const cJSON *o, char *err, size_t errlen)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, "num_labels"),
		    *tok = cJSON_GetObjectItemCaseSensitive(o,
			"classifier_from_token"),
		    *method = cJSON_GetObjectItemCaseSensitive(o, "method"),
		    *qr = cJSON_GetObjectItemCaseSensitive(o,
			"is_original_qwen3_reranker");
	const char *m = NULL;
	int ntok = -1, labels = -1;

	if (n != NULL) {
		if (!cJSON_IsNumber(n) || n->valuedouble < 1 ||
		    n->valuedouble > 1e6 ||
		    n->valuedouble != (int)n->valuedouble)
			return fail(err, errlen,
			    "num_labels is not a whole number from 1 to "
			    "1000000");
		labels = (int)n->valuedouble;
	}
	if (tok != NULL) {
		const cJSON *t;

		if (!cJSON_IsArray(tok) || cJSON_GetArraySize(tok) < 1)
			return fail(err, errlen,
			    "classifier_from_token is not a list of tokens");
		cJSON_ArrayForEach(t, tok)
			if (!cJSON_IsString(t))
				return fail(err, errlen,
				    "classifier_from_token is not a list of "
				    "tokens");
		ntok = cJSON_GetArraySize(tok);
	}
	if (method != NULL) {
		if (!cJSON_IsString(method) ||
		    (strcmp(method->valuestring, "from_2_way_softmax") != 0 &&
			strcmp(method->valuestring, "no_post_processing") != 0))
			return fail(err, errlen,
			    "method is not from_2_way_softmax or "
			    "no_post_processing");
		m = method->valuestring;
	}
	if (qr != NULL && !cJSON_IsBool(qr))
		return fail(err, errlen,
		    "is_original_qwen3_reranker is not true or false");
	if (cJSON_IsTrue(qr))
		m = "from_2_way_softmax";
	if (m == NULL)
		return labels;
	/* verify_and_update_config: a method needs its tokens */
	if (ntok < 0)
		return fail(err, errlen,
		    "a method needs classifier_from_token (vLLM asserts "
		    "tokens is not None)");
	if (strcmp(m, "from_2_way_softmax") == 0) {
		if (ntok != 2)
			return fail(err, errlen,
			    "from_2_way_softmax takes two tokens in "
			    "classifier_from_token");
		return 1;
	}
	return ntok;
}

int
hf_overrides_read(struct plan_input *in, const char *text,
    hf_overrides_keep_fn keep, void *ctx, char *err, size_t errlen)
{
	cJSON *o = text != NULL ? cJSON_Parse(text) : NULL;
	const cJSON *kv, *a;
	const char *arch = NULL;
	int labels, rc = 1;

	if (!cJSON_IsObject(o)) {
		cJSON_Delete(o);
		snprintf(err, errlen,
		    "--hf-overrides: '%s' is not a JSON object",
		    text ? text : "");
		return -1;
	}
	cJSON_ArrayForEach(kv, o)
		if (!is_modelled(kv->string))
			rc = 0;
	a = cJSON_GetObjectItemCaseSensitive(o, "architectures");
	if (a != NULL) {
		if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) < 1 ||
		    !cJSON_IsString(cJSON_GetArrayItem(a, 0))) {
			cJSON_Delete(o);
			fail(err, errlen,
			    "architectures is not a list of class names");
			return -1;
		}
		/* vLLM builds the first it has a class for; headroom reads
		 * one name */
		if (cJSON_GetArraySize(a) > 1)
			rc = 0;
		arch = cJSON_GetArrayItem(a, 0)->valuestring;
	}
	labels = labels_of(o, err, errlen);
	if (labels == -2) {
		cJSON_Delete(o);
		return -1;
	}
	if (rc == 1) {
		in->hf_architecture = arch != NULL ? keep(ctx, arch) : NULL;
		in->hf_num_labels = labels;
	}
	cJSON_Delete(o);
	return rc;
}
