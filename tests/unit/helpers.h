/*
 * helpers.h - shared fixtures of the unit tests: the built-in catalogue
 * and a plan for named card/model/checkpoint ids.
 */
#ifndef HEADROOM_TEST_HELPERS_H
#define HEADROOM_TEST_HELPERS_H

#include "core/catalogue.h"
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

#endif
