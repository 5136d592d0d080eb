/*
 * helpers.c - test fixtures (see helpers.h).
 */
#include "helpers.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "core/units.h"
#include "io/catalogue_load.h"
#include "io/model_dir.h"

static struct catalogue cat;
static int loaded;

static void
diag(void *ctx, const char *msg)
{
	(*(int *)ctx)++;
	fprintf(stderr, "catalogue: %s\n", msg);
}

const struct catalogue *
test_catalogue(void)
{
	int problems = 0;

	if (!loaded) {
		catalogue_load_builtin(&cat, diag, &problems);
		catalogue_link(&cat, diag, &problems);
		cr_assert_eq(problems, 0,
		    "the built-in catalogue has %d problems", problems);
		loaded = 1;
	}
	return &cat;
}

void
test_input(struct plan_input *in, const char *gpu, const char *model,
    const char *ckpt)
{
	const struct catalogue *c = test_catalogue();
	enum ckpt_format f;
	int mi, ki;

	plan_input_init(in);
	if (gpu) {
		in->gpu = catalogue_find_gpu(c, gpu);
		cr_assert_geq(in->gpu, 0, "unknown gpu %s", gpu);
	}
	ki = catalogue_find_ckpt(c, model);
	mi =
	    ki >= 0 ? c->ckpts[ki].model_index : catalogue_find_model(c, model);
	cr_assert_geq(mi, 0, "unknown model %s", model);
	in->model = &c->models[mi];
	if (ckpt && catalogue_find_ckpt(c, ckpt) >= 0) {
		ki = catalogue_find_ckpt(c, ckpt);
	} else if (ckpt && ckpt_format_parse(ckpt, &f) == 0) {
		ki = catalogue_model_ckpt(c, mi, f);
		in->format = f;
	} else if (ki < 0) {
		ki = catalogue_model_ckpt(c, mi, in->model->native_format);
	}
	in->ckpt = ki;
}

double
test_gib(int64_t b)
{
	return units_gib(b);
}

void
test_ui_env(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	unsetenv("NO_COLOR");
	unsetenv("HEADROOM_THEMES_DIR");
	if (getenv("TERM") == NULL)
		setenv("TERM", "xterm-256color", 1);
}

void
test_tmpdir_new(char *dir, size_t len, const char *tag)
{
	snprintf(dir, len, "%s/headroom-%s.XXXXXX",
	    getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", tag);
	cr_assert_not_null(mkdtemp(dir));
}

void
test_tmpdir_remove(const char *dir)
{
	char cmd[512];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
}

void
test_config_load(const char *rel, struct model *m)
{
	char path[1024], err[512];
	int64_t wb;

	snprintf(path, sizeof path, "%s/tests/fixtures/configs/%s",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".", rel);
	cr_assert_eq(model_dir_read(path, m, &wb, err, sizeof err), 0, "%s",
	    err);
}

void
test_kv_params(struct kv_params *p, int tp, enum kv_dtype kv,
    enum mamba_mode mode)
{
	memset(p, 0, sizeof *p);
	p->tp = tp;
	p->kv = kv;
	p->model_bytes = 2;
	p->block_size = 16;
	p->kernel_alignment = 16;
	p->mnbt = 8192;
	p->hma = true;
	p->mamba_mode = mode;
}

void
test_kv_layout(const struct model *m, const struct kv_params *p,
    struct kv_layout *l)
{
	char err[KV_ERR_LEN];

	cr_assert_eq(kv_layout_build(m, p, 0, m->layers, l, err, sizeof err), 0,
	    "%s", err);
}
