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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
/* Reads json, the text of a config.json, into *m with hfconfig_read(),
 * asserting it parses and reads (a refusal is m->refusal); free with
 * model_done(). */
void test_config_parse(const char *json, struct model *m);
/* The same for a config.json that may not read: asserts only that it
 * parses, and returns hfconfig_read()'s result with its message in err and
 * the offending key in *bad. */
int test_config_try(const char *json, struct model *m, char *err, size_t len,
    const char **bad);
/* vLLM's KV-cache defaults of a current release: block 16, 8,192 batched
 * tokens, the hybrid manager on, bf16 weights. */
void test_kv_params(struct kv_params *p, int tp, enum kv_dtype kv,
    enum mamba_mode mode);
/* m's whole KV layout under p, asserting it builds. */
void test_kv_layout(const struct model *m, const struct kv_params *p,
    struct kv_layout *l);
/*
 * What a state-space or hybrid model's layout is at TP 1, 2, 4 and 8, as a
 * test works it out by hand: the parameters are test_kv_params()'s but for
 * the members set here, and each figure is checked at every TP.  Element i
 * of an array is the figure at TP 1 << i; an array left all 0 and a scalar
 * left 0 are not checked.
 */
struct test_tp_layout {
	enum kv_dtype kv;
	enum mamba_mode mode;
	int64_t max_model_len; /* p.max_model_len; 0: test_kv_params()'s */
	int block_size, kernel_alignment; /* the parameters; 0: 16 */
	int ssm_bytes; /* p.ssm_bytes; 0: test_kv_params()'s */
	int64_t state[4]; /* one state layer: l.state_bytes / n_state_layers */
	int attn_block[4]; /* l.attn_block_size */
	int64_t page[4]; /* l.page */
	int64_t bytes_per_token[4]; /* l.bytes_per_token */
	bool no_attention; /* l.bytes_per_token is 0 */
	int64_t blocks_40gib[4]; /* kv_num_blocks() of 40 GiB */
	int block_size_is; /* l.block_size */
	int group_size, n_groups; /* l.group_size, l.n_groups */
	/* l.padding_layers, checked with group_size; -1: not checked */
	int padding_layers;
	int64_t request_len; /* kv_blocks_per_request(l, request_len) ... */
	int64_t per_request; /* ... is per_request */
};
/* Asserts m's layout matches t at TP 1, 2, 4 and 8 ("TP N" on a failure). */
void test_check_tp_layout(const struct model *m,
    const struct test_tp_layout *t);

#endif
