/*
 * spec.c - which --speculative-config methods headroom plans, and what
 * they change.  Invariant: a draft model, a draft head or MTP layers on
 * the GPU are either sized (weights and KV layers) or refused, never
 * priced as free.
 */
#include "spec.h"

#include <stdio.h>
#include <string.h>

#include "vllm_version.h"

enum spec_method
spec_method_parse(const char *name)
{
	static const char *const mtp[] = {
		"mtp",
		"deepseek_mtp",
		"qwen3_next_mtp",
		"qwen3_5_mtp",
		"glm4_moe_mtp",
		"ernie_mtp",
		"mimo_mtp",
		"longcat_flash_mtp",
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
	if (strcmp(name, "eagle") == 0)
		return SPEC_EAGLE;
	if (strcmp(name, "eagle3") == 0)
		return SPEC_EAGLE3;
	if (strcmp(name, "draft_model") == 0)
		return SPEC_DRAFT_MODEL;
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
	case SPEC_NONE: return;
	case SPEC_NGRAM:
	case SPEC_SUFFIX:
		if (s->num_tokens <= 0)
			snprintf(msg, len,
			    "--speculative-config: method '%s' needs "
			    "num_speculative_tokens (a positive number).",
			    s->name);
		return;
	case SPEC_MTP:
		if (s->unmodelled[0])
			snprintf(msg, len,
			    "--speculative-config: \"%s\" changes what the "
			    "drafter takes in a way headroom does not model; "
			    "plan without "
			    "it.",
			    s->unmodelled);
		else if (m == NULL || m->mtp_layers <= 0)
			snprintf(msg, len,
			    "--speculative-config: method '%s' needs the "
			    "model's multi-token-prediction layers; the config "
			    "of %s has "
			    "no num_nextn_predict_layers.",
			    s->name, m != NULL ? m->id : "the model");
		else if ((m->ld != NULL || m->n_state_layers > 0 ||
			     m->n_nokv_layers > 0) &&
		    !m->mtp_shared_head)
			snprintf(msg, len,
			    "--speculative-config: method '%s' loads %s's "
			    "multi-token-prediction layers; for its layer "
			    "kinds headroom "
			    "does not size them yet. Plan without speculative "
			    "decoding, "
			    "or with method 'ngram'.",
			    s->name, m->id);
		return;
	case SPEC_EAGLE:
	case SPEC_EAGLE3:
	case SPEC_DRAFT_MODEL:
		/* SpeculativeConfig._verify_args (vllm/config/speculative.py) */
		if (s->num_tokens <= 0)
			snprintf(msg, len,
			    "num_speculative_tokens must be provided with "
			    "speculative model unless the draft model config "
			    "contains an "
			    "n_predict parameter.");
		else if (s->model[0] == '\0')
			snprintf(msg, len,
			    "--speculative-config: method '%s' needs the "
			    "drafter's \"model\" (a Hub id, a folder or a "
			    "catalogue id).",
			    s->name);
		return;
	case SPEC_OTHER:
		snprintf(msg, len,
		    "--speculative-config: method '%s'%s%s%s is not "
		    "modelled by headroom (a draft model or head adds weights "
		    "and KV "
		    "cache it cannot size). Plan without speculative decoding, "
		    "or with "
		    "method 'ngram', 'eagle', 'eagle3' or 'draft_model'.",
		    s->name, s->model[0] ? " (model " : "", s->model,
		    s->model[0] ? ")" : "");
		return;
	}
}

int
spec_has_drafter(const struct plan_spec *s)
{
	return s->method == SPEC_EAGLE || s->method == SPEC_EAGLE3 ||
	    s->method == SPEC_DRAFT_MODEL;
}

/* model_type contains word (vLLM tests `in` on hf_text_config.model_type). */
static int
type_has(const struct model *m, const char *word)
{
	return m->model_type != NULL && strstr(m->model_type, word) != NULL;
}

/* A drafter of full-attention layers of one size, dense MLP, no MLA. */
static int
plain_layers(const struct model *d)
{
	return !d->mla && d->ld == NULL && d->layer_kind == NULL &&
	    d->n_state_layers == 0 && d->n_nokv_layers == 0 &&
	    d->n_experts == 0 && d->n_sliding == 0 && d->n_chunked == 0 &&
	    d->layers > 0 && d->kv_heads > 0 && d->head_dim > 0 &&
	    d->mtp_layers == 0 && !d->multimodal;
}

/*
 * The checks of the method against the release and the layout: draft
 * models before vLLM took them, keys headroom does not model, the
 * drafter's tensor parallelism, pipeline parallelism.  Returns true with
 * msg set when one refuses.
 */
static bool
spec_check_layout(const struct plan_spec *s, int tp, int pp, int version,
    char *msg, size_t len)
{
	if (s->method == SPEC_DRAFT_MODEL && version > 0 &&
	    version < VLLM_SINCE_SPEC_DRAFT_MODEL) {
		snprintf(msg, len,
		    "Speculative decoding with draft model is not "
		    "supported yet. Please consider using other speculative "
		    "decoding "
		    "methods such as ngram, medusa, eagle, or mtp.");
		return true;
	}
	if (s->unmodelled[0]) {
		snprintf(msg, len,
		    "--speculative-config: \"%s\" changes what the "
		    "drafter takes in a way headroom does not model; plan "
		    "without it.",
		    s->unmodelled);
		return true;
	}
	/* _verify_and_get_draft_tp */
	if (s->draft_tp > 0 && s->draft_tp != 1 && s->draft_tp != tp) {
		snprintf(msg, len,
		    "speculative_draft_tensor_parallel_size=%d cannot be "
		    "other value than 1 or target model tensor_parallel_size",
		    s->draft_tp);
		return true;
	}
	if (s->method == SPEC_DRAFT_MODEL && s->draft_tp > 0 &&
	    s->draft_tp != tp) {
		snprintf(msg, len,
		    "--speculative-config: draft_tensor_parallel_size "
		    "%d: vLLM's V1 draft model runs at the target's "
		    "tensor-parallel "
		    "size (%d); headroom does not plan other sizes.",
		    s->draft_tp, tp);
		return true;
	}
	if (pp > 1) {
		snprintf(msg, len,
		    "--speculative-config: method '%s' with pipeline "
		    "parallelism is not modelled by headroom (the drafter sits "
		    "on the "
		    "last stage with its own embedding).",
		    s->name);
		return true;
	}
	return false;
}

/*
 * The checks of the target m (may be NULL): EAGLE-3's list of model
 * types, latent attention.  Returns true with msg set when one refuses.
 */
static bool
spec_check_target(const struct model *m, const struct plan_spec *s, int version,
    char *msg, size_t len)
{
	/* vllm/config/speculative.py, _verify_args: the list of 2025-12 (issue
	 * #31254) and the model types a later list adds; later releases serve
	 * EAGLE-3 heads of other targets (Gemma 4), so the check stops at
	 * VLLM_UNTIL_EAGLE3_TARGETS */
	static const char *const eagle3_targets[] = {
		"llama",
		"qwen",
		"minicpm",
		"gpt_oss",
		"hunyuan_vl",
		"hunyuan_v1_dense",
		"afmoe",
	};
	size_t i;
	int ok = 0;

	if (s->method == SPEC_EAGLE3 && m != NULL &&
	    (version <= 0 ? VLLM_VER_NEWEST : version) <=
		VLLM_UNTIL_EAGLE3_TARGETS) {
		for (i = 0;
		     i < sizeof eagle3_targets / sizeof eagle3_targets[0]; i++)
			ok |= type_has(m, eagle3_targets[i]);
		if (!ok) {
			snprintf(msg, len,
			    "Eagle3 is only supported for ['llama', "
			    "'qwen', 'minicpm', 'gpt_oss'] models. Got "
			    "self.target_model_config.hf_text_config.model_"
			    "type='%s'",
			    m->model_type != NULL ? m->model_type : "");
			return true;
		}
	}
	if (m != NULL && m->mla) {
		/* a standard-attention drafter beside latent-attention pages
		 * (and fp8_ds_mla caches): not traced in vLLM */
		snprintf(msg, len,
		    "--speculative-config: method '%s' next to %s's "
		    "multi-head latent attention is not modelled by headroom.",
		    s->name, m->id);
		return true;
	}
	return false;
}

/*
 * The checks of the drafter d (NULL: its config was not read) against
 * what headroom sizes and the target m (may be NULL): read, not refused,
 * plain layers, the target's vocabulary.  Sets msg when one refuses.
 */
static void
spec_check_draft_model(const struct model *m, const struct model *d,
    const struct plan_spec *s, char *msg, size_t len)
{
	if (d == NULL) {
		snprintf(msg, len,
		    "--speculative-config: the config of the drafter "
		    "'%s' was not read; headroom does not size a drafter it "
		    "has not "
		    "read.",
		    s->model);
		return;
	}
	if (d->refusal != NULL) {
		snprintf(msg, len, "--speculative-config: drafter %s: %s",
		    s->model, d->refusal);
		return;
	}
	if (!plain_layers(d) ||
	    ((s->method == SPEC_EAGLE || s->method == SPEC_EAGLE3) &&
		!type_has(d, "llama"))) {
		snprintf(msg, len,
		    "--speculative-config: method '%s' with drafter "
		    "%s (%s): headroom sizes %s of standard full-attention "
		    "layers "
		    "only; it does not size this one yet.",
		    s->name, s->model,
		    d->architecture != NULL ? d->architecture
					    : "no architecture",
		    s->method == SPEC_DRAFT_MODEL
			? "draft models"
			: "EAGLE heads of Llama layout");
		return;
	}
	if (s->method == SPEC_DRAFT_MODEL && m != NULL &&
	    d->vocab != m->vocab) {
		snprintf(msg, len,
		    "--speculative-config: the draft model's vocab_size "
		    "(%d) differs from the target's (%d); vLLM's draft models "
		    "must "
		    "share the target's vocabulary.",
		    d->vocab, m->vocab);
		return;
	}
}

void
spec_check_drafter(const struct model *m, const struct model *d,
    const struct plan_spec *s, int tp, int pp, int version, char *msg,
    size_t len)
{
	msg[0] = '\0';
	if (!spec_has_drafter(s))
		return;
	if (spec_check_layout(s, tp, pp, version, msg, len) ||
	    spec_check_target(m, s, version, msg, len))
		return;
	spec_check_draft_model(m, d, s, msg, len);
}

enum spec_method
spec_draft_head(const struct model *d, const struct plan_spec *s)
{
	/* EAGLEConfig (vllm/transformers_utils/configs/eagle.py): for "eagle"
	 * an architecture already named Eagle... is kept, so a speculators
	 * EAGLE-3 head (algos.py update_eagle3: Eagle3LlamaForCausalLM) is
	 * built as llama_eagle3.py builds it */
	if (s->method == SPEC_EAGLE && d != NULL &&
	    ((d->architecture != NULL &&
		 strncmp(d->architecture, "Eagle3", 6) == 0) ||
		(d->speculators_method != NULL &&
		    strcmp(d->speculators_method, "eagle3") == 0)))
		return SPEC_EAGLE3;
	return s->method;
}

int
spec_draft_layers(const struct model *d, const struct plan_spec *s, int version)
{
	if (d == NULL)
		return 0;
	if (spec_draft_head(d, s) == SPEC_EAGLE3 && d->layers > 1 &&
	    version > 0 && version < VLLM_SINCE_EAGLE3_LAYERS)
		return 1;
	return d->layers;
}

const char *
spec_assumption(const struct plan_spec *s)
{
	switch (s->method) {
	case SPEC_EAGLE:
	case SPEC_EAGLE3:
		return "EAGLE head: it shares the target's embedding (vLLM "
		       "shares it when the head's checkpoint holds none or an "
		       "identical copy); the head's forward in the profile run "
		       "and its PIECEWISE graphs are estimated with the "
		       "target's coefficients";
	case SPEC_DRAFT_MODEL:
		return "draft model: its forward in the profile run and its "
		       "PIECEWISE graphs are estimated with the target's "
		       "coefficients";
	default: return NULL;
	}
}

const char *
spec_draft_label(const struct model *d, const struct plan_spec *s)
{
	switch (spec_draft_head(d, s)) {
	case SPEC_EAGLE: return "EAGLE draft head";
	case SPEC_EAGLE3: return "EAGLE-3 draft head";
	case SPEC_DRAFT_MODEL: return "draft model";
	default: return "next-token (MTP) draft layers";
	}
}
