/*
 * test_ui_model_search.c - the model pane with the Hugging Face cache on a
 * virtual terminal: cached repos listed after the catalogue and marked,
 * Enter plans one with its exact weight bytes, an id found nowhere is
 * refused offline with where headroom looked.
 */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "ui/app.h"

#define C1 "0123456789abcdef0123456789abcdef01234567"

static char top[512], screen[1 << 17];

static void
sh(const char *fmt, const char *a, const char *b)
{
	char cmd[2048];

	snprintf(cmd, sizeof cmd, fmt, a, b);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
}

/* A cache with Qwen2.5-0.5B-Instruct: config and weights as blob symlinks. */
static void
setup(void)
{
	const char *src = getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".";
	char v[700];

	setlocale(LC_ALL, "C.UTF-8");
	unsetenv("NO_COLOR");
	if (getenv("TERM") == NULL)
		setenv("TERM", "xterm-256color", 1);
	snprintf(top, sizeof top, "/tmp/headroom-uims-XXXXXX");
	cr_assert_not_null(mkdtemp(top));
	sh("d='%s/hub/models--Qwen--Qwen2.5-0.5B-Instruct' && mkdir -p "
	   "\"$d/blobs\" "
	   "\"$d/refs\" \"$d/snapshots/" C1 "\" && printf " C1
	   " > \"$d/refs/main\" && "
	   "cp '%s/tests/fixtures/hub/Qwen/Qwen2.5-0.5B-Instruct/config.json' "
	   "\"$d/blobs/a\"",
	    top, src);
	sh("d='%s/hub/models--Qwen--Qwen2.5-0.5B-Instruct' && cp "
	   "'%s/tests/fixtures/hub/"
	   "Qwen/Qwen2.5-0.5B-Instruct/model.safetensors' \"$d/blobs/b\" && cd "
	   "\"$d/"
	   "snapshots/" C1
	   "\" && ln -s ../../blobs/a config.json && ln -s ../../blobs/b "
	   "model.safetensors",
	    top, src);
	snprintf(v, sizeof v, "%s/hub", top);
	setenv("HF_HUB_CACHE", v, 1);
	snprintf(v, sizeof v, "%s/xdg", top);
	setenv("XDG_CACHE_HOME", v, 1);
	setenv("HF_HUB_OFFLINE", "1", 1);
}

static void
teardown(void)
{
	sh("rm -rf '%s'%s", top, "");
}

TestSuite(ui_model_search, .init = setup, .fini = teardown);

static struct app *
start(void)
{
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	struct plan_input in;
	struct app *a;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	a = app_headless_new((struct catalogue *)test_catalogue(), &in, &plain,
	    40, 120);
	cr_assert_not_null(a, "no virtual terminal");
	return a;
}

static void
keys(struct app *a, const char *k)
{
	cr_assert_eq(app_headless_keys(a, k), 0, "bad key script %s", k);
}

Test(ui_model_search, cached_models_are_listed_marked_and_planned)
{
	struct app *a = start();
	const struct plan_input *in;

	keys(a, "2/qwen2.5-0.5");
	app_headless_dump(a, screen, sizeof screen);
	cr_assert(strstr(screen, "(cache) Qwen/Qwen2.5-0.5B-Instruct") != NULL,
	    "%s", screen);
	keys(a, "<Enter>");
	in = app_headless_input(a);
	cr_assert_str_eq(in->model->id, "Qwen/Qwen2.5-0.5B-Instruct");
	cr_assert_eq(in->weight_bytes, 988065536LL);
	cr_assert_eq(in->ckpt, -1);
	cr_assert(strstr(app_headless_status(a),
		      "not in the catalogue; from") != NULL,
	    "%s", app_headless_status(a));
	app_headless_dump(a, screen, sizeof screen);
	cr_assert(strstr(screen, "vllm serve Qwen/Qwen2.5-0.5B-Instruct") !=
		NULL,
	    "%s", screen);
	/* back to a catalogue model, and the cached one is listed again */
	keys(a, "/llama 3.1 8b<Enter>");
	cr_assert_str_eq(app_headless_input(a)->model->id,
	    "meta-llama/Llama-3.1-8B-Instruct");
	keys(a, "/qwen2.5-0.5<Enter>");
	cr_assert_str_eq(app_headless_input(a)->model->id,
	    "Qwen/Qwen2.5-0.5B-Instruct");
	app_headless_free(&a);
}

Test(ui_model_search, an_id_found_nowhere_is_refused_offline)
{
	struct app *a = start();

	keys(a, "2/nobody/Nothing-1B");
	app_headless_dump(a, screen, sizeof screen);
	cr_assert(strstr(screen, "no model matches") != NULL, "%s", screen);
	keys(a, "<Enter>");
	cr_assert(strstr(app_headless_status(a), "HF_HUB_OFFLINE") != NULL,
	    "%s", app_headless_status(a));
	cr_assert_str_eq(app_headless_input(a)->model->id,
	    "meta-llama/Llama-3.1-8B-Instruct");
	app_headless_free(&a);
}
