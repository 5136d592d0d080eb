/*
 * helpers.c - test fixtures (see helpers.h).
 */
#include "helpers.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include <cjson/cJSON.h>

#include "core/units.h"
#include "io/catalogue_load.h"
#include "io/hfconfig.h"
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

int
test_config_try(const char *json, struct model *m, char *err, size_t len,
    const char **bad)
{
	cJSON *cfg = cJSON_Parse(json);
	int r;

	cr_assert_not_null(cfg, "not JSON: %.60s", json);
	r = hfconfig_read(cfg, m, err, len, bad);
	cJSON_Delete(cfg);
	return r;
}

void
test_config_parse(const char *json, struct model *m)
{
	const char *bad = NULL;
	char err[512];

	cr_assert_eq(test_config_try(json, m, err, sizeof err, &bad), 0, "%s",
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

void
test_check_tp_layout(const struct model *m, const struct test_tp_layout *t)
{
	struct kv_params p;
	struct kv_layout l;
	int i, tp;

	for (i = 0; i < 4; i++) {
		tp = 1 << i;
		test_kv_params(&p, tp, t->kv, t->mode);
		if (t->max_model_len > 0)
			p.max_model_len = t->max_model_len;
		if (t->block_size > 0)
			p.block_size = t->block_size;
		if (t->kernel_alignment > 0)
			p.kernel_alignment = t->kernel_alignment;
		if (t->ssm_bytes > 0)
			p.ssm_bytes = t->ssm_bytes;
		test_kv_layout(m, &p, &l);
		if (t->state[0] != 0)
			cr_assert_eq(l.state_bytes,
			    m->n_state_layers * t->state[i], "TP %d: %lld", tp,
			    (long long)l.state_bytes);
		if (t->attn_block[0] != 0)
			cr_assert_eq(l.attn_block_size, t->attn_block[i],
			    "TP %d: %d", tp, l.attn_block_size);
		if (t->page[0] != 0)
			cr_assert_eq(l.page, t->page[i], "TP %d: %lld", tp,
			    (long long)l.page);
		if (t->bytes_per_token[0] != 0 || t->no_attention)
			cr_assert_eq(l.bytes_per_token, t->bytes_per_token[i],
			    "TP %d: %lld", tp, (long long)l.bytes_per_token);
		if (t->block_size_is != 0)
			cr_assert_eq(l.block_size, t->block_size_is, "TP %d",
			    tp);
		if (t->group_size != 0) {
			cr_assert_eq(l.group_size, t->group_size, "TP %d", tp);
			cr_assert_eq(l.n_groups, t->n_groups, "TP %d", tp);
			if (t->padding_layers >= 0)
				cr_assert_eq(l.padding_layers,
				    t->padding_layers, "TP %d", tp);
		}
		if (t->blocks_40gib[0] != 0)
			cr_assert_eq(kv_num_blocks(&l, (int64_t)40 << 30),
			    t->blocks_40gib[i], "TP %d", tp);
		if (t->request_len > 0)
			cr_assert_eq(kv_blocks_per_request(&l, t->request_len),
			    t->per_request, "TP %d", tp);
	}
}
