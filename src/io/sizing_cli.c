/*
 * sizing_cli.c - the answer options (see
 * sizing_cli.h).  Values are checked here so that the core only ever
 * sees numbers in range.
 */
#include "sizing_cli.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/fit.h"
#include "core/units.h"
#include "core/vllm_flags.h"
#include "core/vllm_version.h"
#include "io/model_find.h"

int
sizing_cli_set(struct sizing_opts *a, const char *name, const char *v,
    char *err, size_t errlen)
{
	int64_t n;

	if (strcmp(name, "need") == 0) {
		if (units_parse_human_int(v, &n) != 0 || n < 1 || n > 1000000) {
			snprintf(err, errlen,
			    "--need: '%s' is not a number of users "
			    "from 1 to 1000000",
			    v);
			return -1;
		}
		a->need = n;
	} else if (strcmp(name, "cards") == 0) {
		a->cards = v;
	} else if (strcmp(name, "max-cards") == 0) {
		if (units_parse_human_int(v, &n) != 0 || n < 1 || n > 64) {
			snprintf(err, errlen,
			    "--max-cards: '%s' is not a whole number "
			    "from 1 to 64",
			    v);
			return -1;
		}
		a->max_cards = (int)n;
	} else if (strcmp(name, "rank") == 0) {
		int r = fit_rank_parse(v);

		if (r < 0) {
			snprintf(err, errlen,
			    "--rank: '%s' is not price, price-per-user, "
			    "cards or headroom",
			    v);
			return -1;
		}
		a->rank = r;
	} else if (strcmp(name, "instance") == 0) {
		if (a->n_instances >= SIZING_MAX_INSTANCES) {
			snprintf(err, errlen,
			    "--instance: at most %d instances on one "
			    "card",
			    SIZING_MAX_INSTANCES);
			return -1;
		}
		a->instances[a->n_instances++] = v;
	} else if (strcmp(name, "compare-version") == 0) {
		int ver;
		char e[200];

		if (vllm_version_parse_known(v, &ver, e, sizeof e) != 0) {
			snprintf(err, errlen, "--compare-version: %s", e);
			return -1;
		}
		a->compare_version = ver;
	} else {
		snprintf(err, errlen, "--%s: not an answer option", name);
		return -1;
	}
	return 0;
}

int
sizing_cli_cards(const struct catalogue *c, const char *list, int *out,
    size_t max, char *err, size_t errlen)
{
	char word[96];
	const char *p = list;
	size_t n = 0;

	if (list == NULL || *list == '\0')
		return 0;
	while (*p) {
		size_t k = strcspn(p, ",");
		int g;

		snprintf(word, sizeof word, "%.*s",
		    (int)(k < sizeof word - 1 ? k : sizeof word - 1), p);
		if (word[0] != '\0') {
			g = catalogue_find_gpu(c, word);
			if (g < 0) {
				snprintf(err, errlen,
				    "--cards: unknown card '%s' (--list "
				    "gpus shows all)",
				    word);
				return -1;
			}
			if (n >= max) {
				snprintf(err, errlen,
				    "--cards: at most %zu cards", max);
				return -1;
			}
			out[n++] = g;
		}
		p += k;
		if (*p == ',')
			p++;
	}
	return (int)n;
}

/* The model, checkpoint and format of an instance, as cli_resolve() does. */
static int
resolve_model(const struct catalogue *c, const char *model, const char *ckpt,
    struct plan_input *in, char *err, size_t errlen)
{
	int mi = -1, ki = -1;
	enum ckpt_format f;

	if (model != NULL) {
		mi = catalogue_find_model(c, model);
		if (mi < 0) {
			ki = catalogue_find_ckpt(c, model);
			if (ki >= 0)
				mi = c->ckpts[ki].model_index;
		}
		if (mi < 0) {
			snprintf(err, errlen,
			    "--instance: unknown model '%s' (--list "
			    "models shows all; a model from outside the "
			    "catalogue is "
			    "named once with --model)",
			    model);
			return -1;
		}
		in->model = &c->models[mi];
		in->ckpt = -1;
		in->format = FMT_COUNT;
		in->quantization_fp8 = false;
	} else if (in->model != NULL) {
		mi = (int)(in->model - c->models);
		if (mi < 0 || (size_t)mi >= c->n_models)
			mi = -1;
		ki = in->ckpt;
	}
	if (in->model == NULL) {
		snprintf(err, errlen, "--instance: model= is required");
		return -1;
	}
	if (ckpt != NULL) {
		int k = catalogue_find_ckpt(c, ckpt);

		if (k >= 0 && c->ckpts[k].model_index == mi) {
			ki = k;
		} else if (ckpt_format_parse(ckpt, &f) == 0 && mi >= 0) {
			ki = catalogue_model_ckpt(c, mi, f);
			in->format = f;
		} else {
			snprintf(err, errlen,
			    "--instance: checkpoint '%s' is neither a "
			    "format nor a checkpoint of %s",
			    ckpt, in->model->id);
			return -1;
		}
	} else if (ki < 0 && mi >= 0) {
		ki = catalogue_model_ckpt(c, mi, in->model->native_format);
	}
	in->ckpt = ki;
	if (ki >= 0)
		in->format = c->ckpts[ki].format;
	return 0;
}

/* The vLLM flags an --instance may set ("util" is short for the budget). */
static const struct vllm_flag *
instance_flag(const char *key)
{
	static const enum vllm_flag_id keys[] = { VF_UTIL, VF_MAX_MODEL_LEN,
		VF_KV_DTYPE, VF_KV_BYTES, VF_MAX_NUM_SEQS, VF_MAX_BATCHED,
		VF_EAGER };
	size_t i;

	if (strcmp(key, "util") == 0)
		return &vllm_flags[VF_UTIL];
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (strcmp(key, vllm_flags[keys[i]].name) == 0)
			return &vllm_flags[keys[i]];
	return NULL;
}

/*
 * One key=value of an --instance (eq: whether it had '='): the model and
 * checkpoint names into *model and *ckpt, the rest into si; -1 and err
 * for an unknown key or a bad value.
 */
static int
sizing_cli_instance_key(struct share_instance *si, const char *key,
    const char *v, bool eq, const char **model, const char **ckpt, char *err,
    size_t errlen)
{
	struct plan_input *in = &si->in;
	const struct vllm_flag *f;
	int64_t n;

	if (strcmp(key, "model") == 0) {
		*model = v;
	} else if (strcmp(key, "checkpoint") == 0) {
		*ckpt = v;
	} else if (strcmp(key, "name") == 0) {
		snprintf(si->label, sizeof si->label, "%s", v);
	} else if (strcmp(key, "tokens") == 0 ||
	    strcmp(key, "tokens-per-request") == 0) {
		if (units_parse_human_int(v, &n) != 0 || n < 1 ||
		    n > PLAN_TPR_MAX) {
			snprintf(err, errlen,
			    "--instance %s: tokens '%s' is not a number of "
			    "tokens from 1 to %d",
			    si->label, v, PLAN_TPR_MAX);
			return -1;
		}
		in->tokens_per_request = n;
	} else if ((f = instance_flag(key)) != NULL) {
		/* a vLLM flag: the table's parser, as on the command line */
		char e[400] = "";

		if (vllm_flag_parse(f, eq ? v : NULL, false, in->version, in, e,
			sizeof e) != VFP_SET) {
			snprintf(err, errlen, "--instance %s: %s", si->label,
			    e[0] ? e : "that flag is not modelled here");
			return -1;
		}
		if (vllm_flag_id_of(f) == VF_UTIL)
			si->util_explicit = true;
	} else {
		snprintf(err, errlen,
		    "--instance: unknown key '%s' (model, "
		    "checkpoint, util, max-model-len, kv-cache-dtype, "
		    "kv-cache-memory-bytes, max-num-seqs, "
		    "max-num-batched-tokens, "
		    "tokens, enforce-eager, name)",
		    key);
		return -1;
	}
	return 0;
}

/*
 * No model, or --model's own (which may come from outside the catalogue):
 * the instance takes --model's with its checkpoint and drafting; returns
 * the model name still to resolve (NULL when taken).
 */
static const char *
sizing_cli_take_base_model(const struct catalogue *c,
    const struct plan_input *base, const char *model, struct plan_input *in)
{
	if (base == NULL || base->model == NULL ||
	    !(model == NULL ||
		(model_find_is_local(c, base->model) &&
		    strcmp(model, base->model->id) == 0)))
		return model;
	in->model = base->model;
	in->ckpt = base->ckpt;
	in->format = base->format;
	in->weight_bytes = base->weight_bytes;
	/* --model's drafting goes with it: the same target, the same
	 * --speculative-config and drafter (vLLM would load them) */
	in->spec = base->spec;
	in->draft = base->draft;
	in->num_speculative_tokens = base->num_speculative_tokens;
	in->draft_attention_layers = base->draft_attention_layers;
	return NULL;
}

int
sizing_cli_instance(const struct catalogue *c, const struct plan_input *base,
    const char *spec, const char *label, struct share_instance *si, char *err,
    size_t errlen)
{
	char buf[512], *save = NULL, *kv;
	const char *model = NULL, *ckpt = NULL;
	struct plan_input *in = &si->in;

	memset(si, 0, sizeof *si);
	plan_input_init(in);
	in->version = base ? base->version : 0;
	in->tokens_per_request = base ? base->tokens_per_request : 0;
	snprintf(si->label, sizeof si->label, "%s", label);
	if (strlen(spec) >= sizeof buf) {
		snprintf(err, errlen,
		    "--instance: the description is too long");
		return -1;
	}
	snprintf(buf, sizeof buf, "%s", spec);
	for (kv = strtok_r(buf, ",", &save); kv;
	     kv = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(kv, '=');
		const char *key = kv;

		if (eq)
			*eq = '\0';
		while (*key == ' ')
			key++;
		if (sizing_cli_instance_key(si, key, eq ? eq + 1 : "",
			eq != NULL, &model, &ckpt, err, errlen) != 0)
			return -1;
	}
	model = sizing_cli_take_base_model(c, base, model, in);
	return resolve_model(c, model, ckpt, in, err, errlen);
}
