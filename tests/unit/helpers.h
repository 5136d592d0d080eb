/*
 * helpers.h - shared fixtures of the unit tests: the built-in catalogue,
 * a plan for named card/model/checkpoint ids, the real config folders of
 * tests/fixtures/configs and vLLM's KV-cache defaults for a layout.
 */
#ifndef HEADROOM_TEST_HELPERS_H
#define HEADROOM_TEST_HELPERS_H

#include "core/catalogue.h"
#include "core/kv.h"
#include "core/plan.h"

#include <stddef.h>

/* The built-in catalogue, loaded once per test process; asserts it is clean. */
const struct catalogue *test_catalogue(void);
/* An input for gpu/model/checkpoint ids (checkpoint may be a format or NULL). */
void test_input(struct plan_input *in, const char *gpu, const char *model,
    const char *ckpt);
/* Bytes -> GiB. */
double test_gib(int64_t b);
/* The planner tests' environment: the C.UTF-8 locale, no NO_COLOR, no
 * HEADROOM_THEMES_DIR, and TERM xterm-256color unless one is set. */
void test_ui_env(void);
/* Makes a fresh directory $TMPDIR/headroom-TAG.XXXXXX into dir (asserts). */
void test_tmpdir_new(char *dir, size_t len, const char *tag);
/* Removes dir and all it holds. */
void test_tmpdir_remove(const char *dir);
/* Reads tests/fixtures/configs/REL (below $TOP_SRCDIR) into *m, asserting
 * it reads; free with model_done(). */
void test_config_load(const char *rel, struct model *m);
/* vLLM's KV-cache defaults of a current release: block 16, 8,192 batched
 * tokens, the hybrid manager on, bf16 weights. */
void test_kv_params(struct kv_params *p, int tp, enum kv_dtype kv,
    enum mamba_mode mode);
/* m's whole KV layout under p, asserting it builds. */
void test_kv_layout(const struct model *m, const struct kv_params *p,
    struct kv_layout *l);

#endif
