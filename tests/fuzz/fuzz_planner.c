/*
 * fuzz_planner.c - the interactive planner on a virtual terminal
 * (app_headless_*, as the render tests drive it), fed raw terminal bytes:
 * keys, escape sequences, bracketed pastes.  A 0xFF byte (never part of
 * UTF-8) followed by two bytes resizes the terminal to
 * (1 + a % 70) rows x (1 + b % 240) columns; the first byte picks the card
 * and the second the model the planner starts with.  Files the planner
 * saves go to the harness's scratch folder.
 */
#include "fuzz.h"

#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "core/plan.h"
#include "ui/app.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	struct catalogue *cat = (struct catalogue *)fuzz_catalogue();
	struct plan_input in;
	struct app *a;
	size_t i, start;

	if (size < 2)
		return 0;
	plan_input_init(&in);
	in.gpu = data[0] % (cat->n_gpus + 1) == cat->n_gpus
	    ? -1
	    : (int)(data[0] % (cat->n_gpus + 1));
	in.model = &cat->models[data[1] % cat->n_models];
	in.ckpt = catalogue_model_ckpt(cat, data[1] % (int)cat->n_models,
	    in.model->native_format);
	data += 2;
	size -= 2;
	if (getenv("TERM") == NULL)
		setenv("TERM", "xterm-256color", 1);
	a = app_headless_new(cat, &in, &plain, 24, 80);
	if (a == NULL)
		abort();
	for (start = i = 0; i < size; i++) {
		if (data[i] != 0xff)
			continue;
		if (i > start)
			app_headless_bytes(a, (const char *)data + start,
			    i - start);
		if (i + 2 < size)
			app_headless_resize(a, 1 + data[i + 1] % 70,
			    1 + data[i + 2] % 240);
		i += 2;
		start = i + 1;
	}
	if (start < size)
		app_headless_bytes(a, (const char *)data + start, size - start);
	app_headless_free(&a);
	return 0;
}
