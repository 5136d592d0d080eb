/*
 * serve_command.c - the `vllm serve` writer (see serve_command.h).  The
 * flags come from the flag table (vllm_flags_write()); the JSON-valued
 * ones from their own writers.
 */
#include "serve_command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/vllm_flags.h"
#include "io/compilation_config.h"
#include "io/model_find.h"
#include "io/multimodal_flags.h"
#include "io/shellwords.h"
#include "io/spec_config.h"

const char *
serve_command_model(const struct catalogue *c, const struct plan_input *in)
{
	/* a local folder is served by its path (its id), whatever catalogue
	 * checkpoint lent it its facts */
	if (in->ckpt >= 0 && (size_t)in->ckpt < c->n_ckpts &&
	    !model_find_is_local(c, in->model))
		return c->ckpts[in->ckpt].id;
	return in->model ? in->model->id : "MODEL";
}

bool
serve_command_derived(const struct plan_input *in)
{
	const struct model *m = in->model;

	return m != NULL && in->ckpt < 0 && !in->quantization_fp8 &&
	    in->format < FMT_COUNT && in->weight_bytes <= 0 &&
	    in->format != m->native_format && in->format != FMT_BF16 &&
	    in->format != FMT_FP16 && in->format != FMT_FP32;
}

static void
add_word(char *buf, size_t len, const char *w)
{
	size_t o = strlen(buf);

	if (o + 1 < len) {
		buf[o++] = ' ';
		buf[o] = '\0';
	}
	shellwords_quote(w, buf, len);
}

/*
 * Appends the VAR=value assignments of in->env (values quoted), and for a
 * MIG slice without CUDA_VISIBLE_DEVICES the placeholder
 * CUDA_VISIBLE_DEVICES='MIG-<uuid>', each followed by a space.
 */
static void
serve_command_env(const struct plan_input *in, char *buf, size_t len)
{
	size_t i;
	int pinned = 0;

	for (i = 0; i < in->n_env; i++) {
		const char *eq = strchr(in->env[i], '=');
		size_t o = strlen(buf);

		if (eq == NULL)
			continue;
		/* NAME= stays bare so the shell still sees an assignment */
		snprintf(buf + o, len > o ? len - o : 0, "%.*s",
		    (int)(eq - in->env[i] + 1), in->env[i]);
		shellwords_quote_env(eq + 1, buf, len);
		o = strlen(buf);
		snprintf(buf + o, len > o ? len - o : 0, " ");
		pinned |= strncmp(in->env[i], "CUDA_VISIBLE_DEVICES=", 21) == 0;
	}
	if (in->mig >= 0 && !pinned) {
		/* one MIG slice per instance: its UUID from nvidia-smi -L */
		size_t o = strlen(buf);

		snprintf(buf + o, len > o ? len - o : 0,
		    "CUDA_VISIBLE_DEVICES='MIG-<uuid>' ");
	}
}

struct writer {
	char *buf;
	size_t len;
};

static void
write_word(void *ctx, const char *w)
{
	struct writer *wr = ctx;

	add_word(wr->buf, wr->len, w);
}

static void
write_json(void *ctx, enum vllm_flag_id id, const struct plan_input *in)
{
	struct writer *wr = ctx;

	char j[1024];

	/* one writer for both multimodal objects, in this order */
	if (id == VF_LIMIT_MM)
		multimodal_flags_format(in, wr->buf, wr->len);
	if (id == VF_SPECULATIVE_CONFIG)
		spec_config_format(&in->spec, wr->buf, wr->len);
	if (id == VF_COMPILATION_CONFIG &&
	    compilation_config_json(in, j, sizeof j)) {
		add_word(wr->buf, wr->len, "--compilation-config");
		add_word(wr->buf, wr->len, j);
	}
}

/*
 * --hf-overrides for a class the input names (a fix: GteNewModel for
 * mGTE's NewModel) when no --hf-overrides word the user gave is kept:
 * those words are written as given, and already name it.
 */
static void
write_hf_overrides(const struct plan_input *in, char *buf, size_t len)
{
	char j[512];
	cJSON *s;
	char *name;
	size_t i;

	if (in->hf_architecture == NULL)
		return;
	for (i = 0; i < in->n_extra_flags; i++)
		if (strncmp(in->extra_flags[i], "--hf-overrides", 14) == 0)
			return;
	s = cJSON_CreateStringReference(in->hf_architecture);
	name = s != NULL ? cJSON_PrintUnformatted(s) : NULL;
	cJSON_Delete(s);
	if (name == NULL)
		return;
	snprintf(j, sizeof j, "{\"architectures\": [%s]}", name);
	cJSON_free(name);
	add_word(buf, len, "--hf-overrides");
	add_word(buf, len, j);
}

size_t
serve_command_format(const struct catalogue *c, const struct plan_input *in,
    const struct plan *p, int all, char *buf, size_t len)
{
	struct writer w;
	struct plan_input q = *in;
	size_t i;

	/* FP8 planned from 16-bit weights: vLLM loads them so with -q fp8 */
	if (serve_command_derived(in) && in->format == FMT_FP8 &&
	    (in->model->native_format == FMT_BF16 ||
		in->model->native_format == FMT_FP16))
		q.quantization_fp8 = true;
	in = &q;
	buf[0] = '\0';
	serve_command_env(in, buf, len);
	snprintf(buf + strlen(buf), len > strlen(buf) ? len - strlen(buf) : 0,
	    "vllm serve");
	{
		/* a folder named like a flag (-x, --model=y) is a path: ./-x */
		const char *m = serve_command_model(c, in);
		size_t o = strlen(buf);

		if (m[0] == '-' && o + 3 < len) {
			snprintf(buf + o, len - o, " ./");
			shellwords_quote(m, buf, len);
		} else {
			add_word(buf, len, m);
		}
	}
	if (in->revision != NULL) {
		add_word(buf, len, "--revision");
		add_word(buf, len, in->revision);
	}
	w.buf = buf;
	w.len = len;
	vllm_flags_write(in, p, all != 0, write_word, write_json, &w);
	write_hf_overrides(in, buf, len);
	for (i = 0; i < in->n_extra_flags; i++)
		add_word(buf, len, in->extra_flags[i]);
	return strlen(buf);
}
