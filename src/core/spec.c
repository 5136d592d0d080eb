/*
 * spec.c - which --speculative-config methods headroom plans, and what
 * they change.  Invariant: a method that puts a draft model, a draft
 * head or MTP layers on the GPU is refused, never priced as free.
 */
#include "spec.h"

#include <stdio.h>
#include <string.h>

enum spec_method
spec_method_parse(const char *name)
{
	static const char *const mtp[] = {
		"mtp", "deepseek_mtp", "qwen3_next_mtp", "qwen3_5_mtp",
		"glm4_moe_mtp", "ernie_mtp", "mimo_mtp", "longcat_flash_mtp",
		"pangu_ultra_moe_mtp",
	};
	size_t i;

	if (name == NULL || name[0] == '\0')
		return SPEC_NONE;
	if (strcmp(name, "ngram") == 0 || strcmp(name, "[ngram]") == 0)
		return SPEC_NGRAM;
	if (strcmp(name, "suffix") == 0)
		return SPEC_SUFFIX;
	for (i = 0; i < sizeof mtp / sizeof mtp[0]; i++)
		if (strcmp(name, mtp[i]) == 0)
			return SPEC_MTP;
	return SPEC_OTHER;
}

int
spec_tokens(const struct model *m, const struct plan_spec *s)
{
	if (s->method == SPEC_NONE)
		return 0;
	if (s->num_tokens > 0)
		return s->num_tokens;
	if (s->method == SPEC_MTP && m != NULL && m->mtp_layers > 0)
		return m->mtp_layers;
	return 0;
}

int
spec_decode_query_len(const struct model *m, const struct plan_spec *s)
{
	return 1 + spec_tokens(m, s);
}

void
spec_check(const struct model *m, const struct plan_spec *s, char *msg,
    size_t len)
{
	msg[0] = '\0';
	switch (s->method) {
	case SPEC_NONE:
		return;
	case SPEC_NGRAM:
	case SPEC_SUFFIX:
		if (s->num_tokens <= 0)
			snprintf(msg, len, "--speculative-config: method '%s' needs "
			    "num_speculative_tokens (a positive number).", s->name);
		return;
	case SPEC_MTP:
		if (m == NULL || m->mtp_layers <= 0)
			snprintf(msg, len, "--speculative-config: method '%s' needs the "
			    "model's multi-token-prediction layers; the config of %s has "
			    "no num_nextn_predict_layers.", s->name, m != NULL ? m->id :
			    "the model");
		else if ((m->ld != NULL || m->n_state_layers > 0 || m->n_nokv_layers > 0) &&
		    !m->mtp_shared_head)
			snprintf(msg, len, "--speculative-config: method '%s' loads %s's "
			    "multi-token-prediction layers; for its layer kinds headroom "
			    "does not size them yet. Plan without speculative decoding, "
			    "or with method 'ngram'.", s->name, m->id);
		return;
	case SPEC_OTHER:
		snprintf(msg, len, "--speculative-config: method '%s'%s%s%s is not "
		    "modelled by headroom (a draft model or head adds weights and KV "
		    "cache it cannot size). Plan without speculative decoding, or with "
		    "method 'ngram'.", s->name, s->model[0] ? " (model " : "",
		    s->model, s->model[0] ? ")" : "");
		return;
	}
}
