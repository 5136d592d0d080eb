/*
 * test_ui_input.c - the pieces between a key and an edit: key names, the
 * action table, the flag steps and typed values, and the list rows.
 */
#include <criterion/criterion.h>
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"
#include "helpers.h"
#include "io/textfile.h"
#include "ui/action.h"
#include "ui/flags.h"
#include "ui/keys.h"
#include "ui/lists.h"
#include "ui/theme.h"

Test(keys, names_round_trip)
{
	static const char *names[] = { "<Enter>", "<Esc>", "<Tab>", "<S-Tab>",
		"<Left>", "<S-Right>", "<PgUp>", "<PgDn>", "<C-l>", "<F1>",
		"<F12>", "<Space>", "<BS>", "<lt>", "q", "?", "[" };
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		const char *s = names[i];
		char back[32];
		int c = keys_parse_one(&s);

		cr_assert_geq(c, 0, "%s", names[i]);
		cr_assert_eq(*s, '\0');
		cr_assert_str_eq(keys_name(c, back, sizeof back), names[i]);
	}
}

Test(keys, scripts_and_bad_names)
{
	int codes[16];

	cr_assert_eq(keys_parse("jj<Right>f", codes, 16), 4);
	cr_assert_eq(codes[2], KEY_RIGHT);
	cr_assert_eq(codes[3], 'f');
	cr_assert_eq(keys_parse("a<Nope>b", codes, 16), -1);
	cr_assert_eq(keys_parse("<", codes, 16), 1, "a lone < is the key <");
	cr_assert_eq(keys_normalize('\r'), '\n');
	cr_assert_eq(keys_normalize(127), KEY_BACKSPACE);
}

Test(action, every_key_in_the_table_parses_and_is_unique_per_context)
{
	int a, b;

	for (a = 1; a < ACT_COUNT; a++) {
		const struct action_info *ai = action_info(a);
		const char *s = ai->keys;

		cr_assert(ai->help[0] != '\0', "%s has help", ai->name);
		while (*s) {
			int c;

			while (*s == ' ')
				s++;
			c = keys_parse_one(&s);
			cr_assert_geq(c, 0, "%s: bad key in '%s'", ai->name,
			    ai->keys);
			for (b = 1; b < a; b++)
				if (action_info(b)->ctx == ai->ctx) {
					const char *t = action_info(b)->keys;

					while (*t) {
						while (*t == ' ')
							t++;
						cr_assert_neq(keys_parse_one(
								  &t),
						    c, "%s and %s share a key",
						    ai->name,
						    action_info(b)->name);
					}
				}
		}
	}
}

Test(action, pane_keys_come_before_global_ones)
{
	cr_assert_eq(action_for_key(PANE_FLAGS, '+'), ACT_FLAG_INC);
	cr_assert_eq(action_for_key(PANE_GPU, '+'), ACT_CARDS_INC);
	cr_assert_eq(action_for_key(PANE_VERDICT, '+'), ACT_NONE);
	cr_assert_eq(action_for_key(PANE_FLAGS, KEY_NPAGE), ACT_FLAG_BIG_DEC);
	cr_assert_eq(action_for_key(PANE_GPU, KEY_NPAGE), ACT_PAGE_DOWN);
	cr_assert_eq(action_for_key(PANE_FLAGS, '\r'), ACT_FLAG_TYPE);
	cr_assert_eq(action_for_key(PANE_MODEL, '\n'), ACT_CHOOSE);
	cr_assert_eq(action_for_key(PANE_CMD, ']'), ACT_SLIDER_DOUBLE);
	cr_assert_eq(action_for_key(PANE_CMD, 'q'), ACT_QUIT);
}

static void
planned(struct plan_input *in, struct plan *p, struct plan *d)
{
	struct plan_input din;

	plan_compute(test_catalogue(), in, p);
	din = *in;
	recalc_input_for_defaults(&din);
	plan_compute(test_catalogue(), &din, d);
}

Test(flags, steps_start_from_the_value_in_force)
{
	struct plan_input in;
	struct plan p, d;

	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	planned(&in, &p, &d);
	cr_assert(flags_step(FLAG_UTIL, &in, &p, 1, false));
	cr_assert_float_eq(in.util, 0.93, 1e-12, "0.92 + 0.01");
	cr_assert(flags_step(FLAG_MAX_NUM_SEQS, &in, &p, -1, false));
	cr_assert_eq(in.max_num_seqs, 512);
	cr_assert(flags_step(FLAG_MAX_MODEL_LEN, &in, &p, -1, false));
	cr_assert_eq(in.max_model_len, 65536);
	in.max_model_len = 100000;
	planned(&in, &p, &d);
	cr_assert(flags_step(FLAG_MAX_MODEL_LEN, &in, &p, 1, false));
	cr_assert_eq(in.max_model_len, 131072, "up to the model's own length");
	planned(&in, &p, &d);
	cr_assert(!flags_step(FLAG_MAX_MODEL_LEN, &in, &p, 1, false),
	    "and no further");
	cr_assert(flags_step(FLAG_MAX_MODEL_LEN, &in, &p, -1, true));
	cr_assert_eq(in.max_model_len, 32768, "PgDn: two steps");
	cr_assert(flags_step(FLAG_TP, &in, &p, 1, false));
	cr_assert_eq(in.tp, 2);
	in.util = 1.0;
	planned(&in, &p, &d);
	cr_assert(!flags_step(FLAG_UTIL, &in, &p, 1, false), "1.0 is the top");
}

Test(flags, typed_values_are_checked)
{
	struct plan_input in, before;
	struct plan p, d;
	char err[256];

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	planned(&in, &p, &d);
	before = in;
	cr_assert_eq(flags_parse(FLAG_UTIL, "1.5", &in, &p, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "at most 1") != NULL, "%s", err);
	cr_assert(memcmp(&in, &before, sizeof in) == 0,
	    "a refused value changes nothing");
	cr_assert_eq(flags_parse(FLAG_UTIL, "85%", &in, &p, err, sizeof err),
	    0);
	cr_assert_float_eq(in.util, 0.85, 1e-12);
	cr_assert_eq(flags_parse(FLAG_MAX_MODEL_LEN, "32k", &in, &p, err,
			 sizeof err),
	    0);
	cr_assert_eq(in.max_model_len, 32000, "vLLM's 32k is decimal");
	cr_assert_eq(flags_parse(FLAG_MAX_MODEL_LEN, "auto", &in, &p, err,
			 sizeof err),
	    0);
	cr_assert_eq(in.max_model_len, -1);
	cr_assert_eq(flags_parse(FLAG_MAX_MODEL_LEN, "lots", &in, &p, err,
			 sizeof err),
	    -1);
	cr_assert_eq(flags_parse(FLAG_KV_DTYPE, "fp8", &in, &p, err,
			 sizeof err),
	    0);
	cr_assert_eq(in.kv_dtype, KV_FP8);
	cr_assert_eq(flags_parse(FLAG_KV_DTYPE, "fp7", &in, &p, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "fp8_e4m3") != NULL, "lists the choices: %s",
	    err);
	/* any positive size in the newest release; the plan judges older ones */
	cr_assert_eq(flags_parse(FLAG_BLOCK_SIZE, "24", &in, &p, err,
			 sizeof err),
	    0);
	cr_assert_eq(flags_parse(FLAG_BLOCK_SIZE, "0", &in, &p, err,
			 sizeof err),
	    -1);
	cr_assert_eq(flags_parse(FLAG_BLOCK_SIZE, "32", &in, &p, err,
			 sizeof err),
	    0);
	cr_assert_eq(flags_parse(FLAG_KV_BYTES, "20G", &in, &p, err,
			 sizeof err),
	    0);
	cr_assert_eq(in.kv_cache_memory_bytes, 20 * GIB);
	cr_assert_eq(flags_parse(FLAG_CAPTURE, "1,2,4,8", &in, &p, err,
			 sizeof err),
	    0);
	cr_assert_eq(in.n_capture_sizes, 4);
	cr_assert_eq(in.capture_sizes[3], 8);
	cr_assert_eq(flags_parse(FLAG_VERSION, "0.19", &in, &p, err,
			 sizeof err),
	    0);
	cr_assert_eq(in.version, VLLM_VER(0, 19, 0));
	cr_assert_eq(flags_parse(FLAG_VERSION, "0.9.0", &in, &p, err,
			 sizeof err),
	    -1);
	cr_assert_eq(flags_parse(FLAG_EAGER, "yes", &in, &p, err, sizeof err),
	    0);
	cr_assert(in.enforce_eager);
	cr_assert_eq(flags_parse(FLAG_TP, "0", &in, &p, err, sizeof err), -1);
	cr_assert_eq(flags_parse(FLAG_OTHER, "1.5", &in, &p, err, sizeof err),
	    0);
	cr_assert_float_eq(in.other_usage_gib, 1.5, 1e-12);
}

Test(flags, view_marks_values_away_from_the_default)
{
	struct plan_input in;
	struct plan p, d;
	struct flag_view v;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	planned(&in, &p, &d);
	flags_view(FLAG_MAX_NUM_SEQS, &in, &p, &d, &v);
	cr_assert(!v.differs);
	cr_assert(!v.set);
	cr_assert_str_eq(v.value, v.deflt);
	in.max_num_seqs = 64;
	planned(&in, &p, &d);
	flags_view(FLAG_MAX_NUM_SEQS, &in, &p, &d, &v);
	cr_assert(v.differs);
	cr_assert_str_eq(v.value, "64");
	cr_assert(flags_reset(FLAG_MAX_NUM_SEQS, &in));
	cr_assert_eq(in.max_num_seqs, 0);
	cr_assert(!flags_reset(FLAG_MAX_NUM_SEQS, &in), "already unset");
	in.max_model_len = -1;
	planned(&in, &p, &d);
	flags_view(FLAG_MAX_MODEL_LEN, &in, &p, &d, &v);
	cr_assert(strncmp(v.value, "auto=", 5) == 0, "%s", v.value);
	cr_assert(flags_toggle(FLAG_MAX_MODEL_LEN, &in, &p));
	cr_assert_eq(in.max_model_len, 0, "space: auto off");
}

Test(lists, cards_are_grouped_and_slices_nested)
{
	const struct catalogue *c = test_catalogue();
	size_t n = lists_gpu_rows(c, NULL, 0), i, cards = 0, slices = 0;
	struct gpu_row rows[512];
	int r, g = catalogue_find_gpu(c, "rtx-pro-6000-server");

	cr_assert_leq(n, 512);
	lists_gpu_rows(c, rows, n);
	cr_assert_eq(rows[0].kind, ROW_FAMILY);
	for (i = 0; i < n; i++) {
		cards += rows[i].kind == ROW_GPU;
		slices += rows[i].kind == ROW_MIG;
		if (rows[i].kind == ROW_MIG)
			cr_assert(rows[i - 1].kind != ROW_FAMILY &&
				rows[i - 1].gpu == rows[i].gpu,
			    "a slice follows its card");
	}
	cr_assert_eq(cards, c->n_gpus);
	r = lists_gpu_find(rows, n, g,
	    catalogue_find_mig(&c->gpus[g], "2g.48gb"));
	cr_assert_geq(r, 0);
	cr_assert_eq(rows[r].kind, ROW_MIG);
	cr_assert_eq(lists_gpu_move(rows, n, 0, 1), 1, "headings are skipped");
	cr_assert_gt(slices, 0);
}

Test(lists, model_search_is_case_insensitive)
{
	const struct catalogue *c = test_catalogue();
	int out[256];
	size_t n = lists_models(c, "LLAMA-3.3", out, 256), i;

	cr_assert_geq(n, 1);
	for (i = 0; i < n && i < 256; i++)
		cr_assert(lists_model_matches(&c->models[out[i]], "llama-3.3"));
	cr_assert_eq(lists_models(c, "", NULL, 0), c->n_models);
	cr_assert_eq(lists_models(c, "no-such-model-xyz", out, 256), 0);
}

Test(action, the_documentation_lists_every_key_and_role)
{
	const char *top = getenv("TOP_SRCDIR");
	char path[1024], err[256], want[256];
	char *doc;
	int a;

	snprintf(path, sizeof path, "%s/doc/keys-and-themes.md",
	    top ? top : ".");
	doc = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(doc, "%s", err);
	for (a = 1; a < ACT_COUNT; a++) {
		snprintf(want, sizeof want, " | %s |\n", action_info(a)->help);
		cr_assert(strstr(doc, want) != NULL,
		    "doc/keys-and-themes.md lacks '%s'", action_info(a)->help);
	}
	for (a = 0; a < ROLE_COUNT; a++) {
		snprintf(want, sizeof want, "`%s`", theme_role_name(a));
		cr_assert(strstr(doc, want) != NULL,
		    "the doc does not name role %s", theme_role_name(a));
	}
	free(doc);
}
