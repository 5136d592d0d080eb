/*
 * fuzz_catalogue.c - a user catalogue file (YAML: gpus, models,
 * checkpoints, estimates) loaded on its own and over the built-in one,
 * linked, and each card it defines planned with a model.
 */
#include "fuzz.h"

#include <string.h>

#include "core/plan.h"
#include "io/catalogue_load.h"

static void
diag_count(void *ctx, const char *msg)
{
	(void)msg;
	(*(int *)ctx)++;
}

static void
plan_some(const struct catalogue *c)
{
	struct plan_input in;
	struct plan p;
	size_t g, m;

	/* a few pairs: new entries meet each other and the built-in ones */
	for (g = 0; g < c->n_gpus && g < 3; g++)
		for (m = 0; m < c->n_models && m < 3; m++) {
			plan_input_init(&in);
			in.gpu = (int)(c->n_gpus - 1 - g);
			in.model = &c->models[c->n_models - 1 - m];
			in.ckpt =
			    catalogue_model_ckpt(c, (int)(c->n_models - 1 - m),
				in.model->native_format);
			plan_compute(c, &in, &p);
		}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct catalogue c;
	int problems = 0;

	fuzz_catalogue();
	memset(&c, 0, sizeof c);
	catalogue_load_text(&c, (const char *)data, size, "user.yaml",
	    diag_count, &problems);
	catalogue_link(&c, diag_count, &problems);
	plan_some(&c);
	catalogue_done(&c);
	return 0;
}
