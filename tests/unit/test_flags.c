/*
 * test_flags.c - every row of the vLLM flag table (src/core/vllm_flags.c),
 * on every path: values inside the row's range are read alike by the
 * command line, a short form, a pasted command, a --config file, --instance
 * and the planner's typed values, and survive every writer (command,
 * --explicit command, docker line, config file, scenario); values outside
 * it are refused with the same words on every path.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/spec.h"
#include "core/vllm_flags.h"
#include "helpers.h"
#include "io/export_format.h"
#include "io/sizing_cli.h"
#include "io/cli.h"
#include "io/export.h"
#include "io/scenario.h"
#include "ui/flags.h"
#include "xtest.h"

#define MODEL "meta-llama/Llama-3.1-8B-Instruct"
#define BASE "--gpu", "h100-sxm", "--model", MODEL

/* The sample texts of a row: in range (ok) and out of range (bad). */
struct samples {
	char ok[12][48];
	int n_ok;
	char bad[4][48];
	int n_bad;
};

static void
add(char (*list)[48], int *n, const char *fmt, double v)
{
	snprintf(list[(*n)++], 48, fmt, v);
}

static void
samples_of(const struct vllm_flag *f, struct samples *s)
{
	const struct vllm_flag_choice *c;

	memset(s, 0, sizeof *s);
	switch (f->kind) {
	case VFK_INT:
	case VFK_LIST:
		add(s->ok, &s->n_ok, "%.0f", f->lo);
		add(s->ok, &s->n_ok, "%.0f", f->hi);
		if (f->lo <= 2 && f->hi >= 2)
			add(s->ok, &s->n_ok, "%.0f", 2);
		if (f->lo <= 32768 && f->hi >= 32768)
			snprintf(s->ok[s->n_ok++], 48, "32K");
		add(s->bad, &s->n_bad, "%.0f", f->lo - 1);
		add(s->bad, &s->n_bad, "%.0f", f->hi + 1);
		snprintf(s->bad[s->n_bad++], 48, "lots");
		break;
	case VFK_FLOAT:
		add(s->ok, &s->n_ok, "%g", f->hi);
		add(s->ok, &s->n_ok, "%g", (f->lo + f->hi) / 2);
		add(s->bad, &s->n_bad, "%g", f->lo_open ? f->lo : f->lo - 1);
		add(s->bad, &s->n_bad, "%g", f->hi + 0.5);
		snprintf(s->bad[s->n_bad++], 48, "lots");
		break;
	case VFK_ENUM:
		for (c = f->choices; c->name != NULL && s->n_ok < 12; c++)
			snprintf(s->ok[s->n_ok++], 48, "%s", c->name);
		if (!f->open)
			snprintf(s->bad[s->n_bad++], 48, "no_such_choice");
		break;
	case VFK_BOOL:
		snprintf(s->ok[s->n_ok++], 48, "true");
		snprintf(s->ok[s->n_ok++], 48, "false");
		break;
	case VFK_JSON: break;
	}
}

/* The words of one flag on a command line; the option is written into dash (64 bytes). */
static int
words(const struct vllm_flag *f, const char *v, const char **w, bool shortf,
    char *dash)
{
	int n = 0;

	snprintf(dash, 64, "%s%s", shortf ? "-" : "",
	    shortf ? f->shortf : f->opt);
	if (f->kind == VFK_BOOL) {
		if (strcmp(v, "false") == 0)
			snprintf(dash, 64, "--no-%s", f->name);
		w[n++] = dash;
		return n;
	}
	w[n++] = dash;
	w[n++] = v;
	return n;
}

static bool
names_model(const char *path)
{
	char *text = xt_read(path);
	bool yes = strstr(text, "model:") != NULL;

	free(text);
	return yes;
}

static int
run(const char *const *extra, int n_extra, struct cli *c, char *err, size_t len)
{
	const char *args[32] = { BASE };
	int i, n = 4;

	/* a pasted command, a scenario or an exported config names the model */
	if (n_extra > 0 &&
	    (strcmp(extra[0], "--from-command") == 0 ||
		strcmp(extra[0], "--scenario") == 0 ||
		(strcmp(extra[0], "--config") == 0 && names_model(extra[1]))))
		n = 2;

	for (i = 0; i < n_extra; i++)
		args[n++] = extra[i];
	args[n] = NULL;
	return xt_cli_try(c, args, err, len);
}

/* A row's value in force: the plan's (resolved) or the input's. */
static bool
same_value(const struct vllm_flag *f, const struct cli *a,
    const struct plan *pa, const struct cli *b, const struct plan *pb)
{
	int i;

	if (f->store == VFS_CAPTURE) {
		if (a->imp.in.enforce_eager)
			return true;
		if (a->imp.in.n_capture_sizes != b->imp.in.n_capture_sizes)
			return false;
		for (i = 0; i < a->imp.in.n_capture_sizes; i++)
			if (a->imp.in.capture_sizes[i] !=
			    b->imp.in.capture_sizes[i])
				return false;
		return true;
	}
	if (f->store == VFS_NONE)
		return a->imp.n_extra == b->imp.n_extra;
	return vllm_flag_value(f, &a->imp.in, pa) ==
	    vllm_flag_value(f, &b->imp.in, pb);
}

/* The pane row of a table row, FLAG_COUNT when the planner has none. */
static enum flag_id
pane_row(const struct vllm_flag *f)
{
	int i;

	for (i = 0; i < FLAG_COUNT; i++)
		if (strcmp(flags_name((enum flag_id)i), f->opt) == 0 &&
		    i != FLAG_CAPTURE)
			return (enum flag_id)i;
	return FLAG_COUNT;
}

static void
through_writers(const struct vllm_flag *f, const struct cli *a,
    const char *what)
{
	const struct catalogue *cat = test_catalogue();
	static const enum export_format forms[] = { EXPORT_COMMAND,
		EXPORT_DOCKER, EXPORT_CONFIG };
	struct plan pa, pb;
	struct report_in rin;
	struct cli b, x = *a;
	char err[1024], *out;
	const char *path = xt_tmp("flags.yaml", 1);
	size_t k;
	int all;

	for (all = 0; all < 2; all++) {
		x.explicit_all = all;
		plan_compute(cat, &x.imp.in, &pa);
		for (k = 0; k < sizeof forms / sizeof forms[0] + 1; k++) {
			const char *w[2];

			xt_report_in(&rin, &x, &pa);
			if (k < sizeof forms / sizeof forms[0])
				out = export_render(forms[k], &rin, err,
				    sizeof err);
			else
				out = scenario_write(&rin, "flags", err,
				    sizeof err);
			cr_assert_not_null(out, "%s: %s", what, err);
			if (k == 0 || k == 1) {
				w[0] = "--from-command";
				w[1] = out;
			} else {
				xt_write(path, out);
				w[0] = k == 2 ? "--config" : "--scenario";
				w[1] = path;
			}
			cr_assert_eq(run(w, 2, &b, err, sizeof err), 0,
			    "%s, writer %zu: "
			    "%s\n%s",
			    what, k, err, out);
			plan_compute(cat, &b.imp.in, &pb);
			cr_assert(same_value(f, &x, &pa, &b, &pb),
			    "%s does not survive "
			    "writer %zu (explicit %d):\n%s",
			    what, k, all, out);
			free(out);
			cli_done(&b);
		}
	}
}

static void
accepted_everywhere(const struct vllm_flag *f, const char *v)
{
	const struct catalogue *cat = test_catalogue();
	const char *w[4];
	char err[1024], what[128], cmd[512], yaml[256], da[64], db[64], dc[64];
	const char *path = xt_tmp("flag.yaml", 0);
	struct cli a, b;
	struct plan pa, pb;
	enum flag_id row = pane_row(f);
	int n;

	snprintf(what, sizeof what, "%s %s", f->opt, v);
	n = words(f, v, w, false, da);
	cr_assert_eq(run(w, n, &a, err, sizeof err), 0, "%s: %s", what, err);
	plan_compute(cat, &a.imp.in, &pa);
	/* the short form */
	if (f->shortf != NULL) {
		n = words(f, v, w, true, db);
		cr_assert_eq(run(w, n, &b, err, sizeof err), 0, "%s: %s", what,
		    err);
		cr_assert_eq(vllm_flags_diff(&a.imp.in, &b.imp.in), 0,
		    "%s: short form", what);
		cli_done(&b);
	}
	/* a pasted command */
	n = words(f, v, w, false, dc);
	snprintf(cmd, sizeof cmd,
	    "vllm serve meta-llama/Llama-3.1-8B-Instruct %s %s", w[0],
	    n > 1 ? w[1] : "");
	w[0] = "--from-command";
	w[1] = cmd;
	cr_assert_eq(run(w, 2, &b, err, sizeof err), 0, "%s: %s", what, err);
	cr_assert_eq(vllm_flags_diff(&a.imp.in, &b.imp.in), 0, "%s: pasted",
	    what);
	cr_assert_eq(a.imp.n_extra, b.imp.n_extra, "%s: pasted", what);
	cli_done(&b);
	/* a vLLM config file */
	snprintf(yaml, sizeof yaml, "%s: %s\n", f->name,
	    f->kind == VFK_LIST ? "[1, 2, 4]" : v);
	xt_write(path, yaml);
	w[0] = "--config";
	w[1] = path;
	cr_assert_eq(run(w, 2, &b, err, sizeof err), 0, "%s: %s", what, err);
	if (f->kind != VFK_LIST)
		cr_assert_eq(vllm_flags_diff(&a.imp.in, &b.imp.in), 0,
		    "%s: config", what);
	cr_assert_eq(a.imp.n_extra, b.imp.n_extra, "%s: config", what);
	cli_done(&b);
	/* typed in the planner */
	if (row != FLAG_COUNT && f->kind != VFK_BOOL) {
		struct plan_input in = a.imp.in;

		vllm_flag_reset(f, &in);
		cr_assert_eq(flags_parse(row, v, &in, &pa, err, sizeof err), 0,
		    "%s: typed: %s", what, err);
		cr_assert_eq(vllm_flags_diff(&a.imp.in, &in), 0, "%s: typed",
		    what);
	}
	through_writers(f, &a, what);
	(void)pb;
	cli_done(&a);
}

/* The words of a refusal after "--NAME: ", which name the value. */
static const char *
reason(const char *err, const struct vllm_flag *f, const char *v)
{
	char head[80], quoted[80];

	snprintf(head, sizeof head, "%s: ", f->opt);
	snprintf(quoted, sizeof quoted, "'%s'", v);
	cr_assert(strncmp(err, head, strlen(head)) == 0,
	    "'%s' does not name the "
	    "flag: %s",
	    head, err);
	cr_assert_not_null(strstr(err, quoted), "%s does not name the value",
	    err);
	return err + strlen(head);
}

static void
refused_everywhere(const struct vllm_flag *f, const char *v)
{
	const struct catalogue *cat = test_catalogue();
	const char *w[4];
	char e1[1024], e2[1024], what[128], cmd[512], yaml[256], spec[128],
	    da[64];
	const char *path = xt_tmp("bad.yaml", 0), *r;
	struct cli a;
	struct plan p;
	struct share_instance si;
	enum flag_id row = pane_row(f);
	int n;

	snprintf(what, sizeof what, "%s %s", f->opt, v);
	n = words(f, v, w, false, da);
	cr_assert_eq(run(w, n, &a, e1, sizeof e1), -1, "%s is accepted", what);
	cli_done(&a);
	r = reason(e1, f, v);
	/* a pasted command: the same words after the option's name */
	snprintf(cmd, sizeof cmd, "vllm serve m %s %s", f->opt, v);
	w[0] = "--from-command";
	w[1] = cmd;
	cr_assert_eq(run(w, 2, &a, e2, sizeof e2), -1, "%s pasted is accepted",
	    what);
	cli_done(&a);
	cr_assert_str_eq(strstr(e2, f->opt), e1, "%s pasted", what);
	/* a config file: file:line:col, then the same words */
	snprintf(yaml, sizeof yaml, "%s: %s\n", f->name, v);
	xt_write(path, yaml);
	w[0] = "--config";
	w[1] = path;
	cr_assert_eq(run(w, 2, &a, e2, sizeof e2), -1, "%s in a config", what);
	cli_done(&a);
	cr_assert_str_eq(strstr(e2, f->opt), e1, "%s in a config: %s", what,
	    e2);
	/* --instance, for the flags it takes */
	snprintf(spec, sizeof spec, "%s=%s", f->name, v);
	if (sizing_cli_instance(cat, NULL, spec, "x", &si, e2, sizeof e2) ==
		-1 &&
	    strstr(e2, "unknown key") == NULL)
		cr_assert_str_eq(strstr(e2, f->opt), e1, "%s in --instance",
		    what);
	/* typed in the planner: the prompt shows flag and text, then the reason */
	if (row != FLAG_COUNT) {
		struct plan_input in;

		xt_cli(&a, (const char *const[]){ BASE, NULL });
		in = a.imp.in;
		plan_compute(cat, &in, &p);
		cr_assert_eq(flags_parse(row, v, &in, &p, e2, sizeof e2), -1,
		    "%s typed is accepted", what);
		cr_assert_str_eq(e2, r, "%s typed", what);
		cr_assert_eq(vllm_flags_diff(&a.imp.in, &in), 0,
		    "%s typed changed the "
		    "input",
		    what);
		cli_done(&a);
	}
}

Test(flags, every_row_on_every_path)
{
	size_t i;
	int k, rows = 0, values = 0, refusals = 0;

	for (i = 0; i < VF_COUNT; i++) {
		const struct vllm_flag *f = &vllm_flags[i];
		struct samples s;

		cr_assert_not_null(f->name);
		cr_assert_str_eq(f->opt + 2, f->name);
		cr_assert_not_null(f->help, "%s has no help", f->name);
		samples_of(f, &s);
		for (k = 0; k < s.n_ok; k++, values++)
			accepted_everywhere(f, s.ok[k]);
		for (k = 0; k < s.n_bad; k++, refusals++)
			refused_everywhere(f, s.bad[k]);
		rows++;
	}
	cr_assert_eq(rows, VF_COUNT);
	cr_assert_geq(values, 40, "only %d values tried", values);
	cr_assert_geq(refusals, 15, "only %d refusals tried", refusals);
}

Test(flags, names_are_unique_and_prefixes_resolve)
{
	size_t i, j;
	int amb;

	for (i = 0; i < VF_COUNT; i++) {
		for (j = i + 1; j < VF_COUNT; j++)
			cr_assert_str_neq(vllm_flags[i].name,
			    vllm_flags[j].name);
		cr_assert_eq(vllm_flag_find(vllm_flags[i].opt, &amb),
		    &vllm_flags[i]);
	}
	cr_assert_eq(vllm_flag_find("--max_num_seqs", &amb),
	    &vllm_flags[VF_MAX_NUM_SEQS]);
	cr_assert_eq(vllm_flag_find("--max-num", &amb), NULL);
	cr_assert(amb);
	cr_assert_eq(vllm_flag_by_short("tp"), &vllm_flags[VF_TP]);
}

Test(flags, steps_stay_inside_the_row_range)
{
	size_t i;
	int dir, big, k;

	for (i = 0; i < VF_COUNT; i++) {
		const struct vllm_flag *f = &vllm_flags[i];

		if (f->step != VFSTEP_ADD && f->step != VFSTEP_SCALE)
			continue;
		for (dir = -1; dir <= 1; dir += 2)
			for (big = 0; big < 2; big++) {
				double v = f->step_lo;

				for (k = 0; k < 64; k++) {
					v = vllm_flag_step_value(f, v, dir, big,
					    0, 0);
					cr_assert(v >= f->step_lo &&
						v <= f->step_hi,
					    "%s stepped to %g", f->name, v);
					if (v != 0)
						cr_assert(v >= f->lo &&
							v <= f->hi,
						    "%s stepped out of range: "
						    "%g",
						    f->name, v);
				}
			}
	}
	/* the same floor on both views that step the utilization */
	cr_assert_float_eq(vllm_flag_step_value(&vllm_flags[VF_UTIL], 0.01, -1,
			       false, 0, 0),
	    0.01, 1e-12);
}

Test(flags, copying_takes_only_what_is_given)
{
	struct plan_input a, b;

	plan_input_init(&a);
	plan_input_init(&b);
	a.max_num_seqs = 64;
	a.kv_dtype = KV_FP8;
	a.max_num_batched_tokens = 4096;
	b.tp = 2;
	b.max_model_len = 8192;
	vllm_flags_copy_given(&b, &a);
	cr_assert_eq(b.max_num_seqs, 64);
	cr_assert_eq(b.kv_dtype, KV_FP8);
	cr_assert_eq(b.max_num_batched_tokens, 4096);
	cr_assert_eq(b.tp, 2, "a flag the source does not give stays");
	cr_assert_eq(b.max_model_len, 8192);
	cr_assert_eq(b.n_capture_sizes, -1);
}

static void
plan_words(const char *const *extra, struct plan *p)
{
	const char *args[16] = { "--gpu", "h100-sxm", "--model", NULL };
	struct cli c;
	int n = 3, i;

	args[n++] = xt_src("tests/fixtures/configs/nemotron-h/"
			   "Nemotron-3-Nano-30B-A3B-BF16",
	    0);
	for (i = 0; extra[i] != NULL; i++)
		args[n++] = extra[i];
	args[n] = NULL;
	xt_cli(&c, args);
	plan_compute(test_catalogue(), &c.imp.in, p);
	cli_done(&c);
}

/* The Mamba state dtypes from the command line to the plan (test_arch.c
 * works the bytes by hand), with the values of each release. */
Test(flags, mamba_state_dtypes_reach_the_plan)
{
	struct plan p;
	struct cli c;
	char cmd[1024];

	plan_words((const char *const[]){ NULL }, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.state_bytes, 23 * 2134016); /* the config's float32 */
	plan_words((const char *const[]){ "--mamba-ssm-cache-dtype", "bfloat16",
		       NULL },
	    &p);
	cr_assert_eq(p.state_bytes, 23 * 1085440);
	snprintf(cmd, sizeof cmd,
	    "vllm serve %s --mamba-ssm-cache-dtype float16 "
	    "--mamba-cache-dtype float32",
	    xt_src("tests/fixtures/configs/"
		   "nemotron-h/Nemotron-3-Nano-30B-A3B-BF16",
		1));
	xt_cli(&c,
	    (const char *const[]){ "--gpu", "h100-sxm", "--from-command", cmd,
		NULL });
	plan_compute(test_catalogue(), &c.imp.in, &p);
	cli_done(&c);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.state_bytes, 23 * (3 * 6144 * 4 + 524288 * 2));
	/* float16 from 0.13.0, bfloat16 from 0.22.0, in argparse's words */
	plan_words((const char *const[]){ "--vllm-version", "0.12.0",
		       "--mamba-ssm-cache-dtype", "float16", NULL },
	    &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_str_eq(p.message,
	    "argument --mamba-ssm-cache-dtype: invalid "
	    "choice: 'float16' (choose from 'auto', 'float32')");
	plan_words((const char *const[]){ "--vllm-version", "0.21.0",
		       "--mamba-cache-dtype", "bfloat16", NULL },
	    &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_str_eq(p.message,
	    "argument --mamba-cache-dtype: invalid "
	    "choice: 'bfloat16' (choose from 'auto', 'float32', 'float16')");
	plan_words((const char *const[]){ "--vllm-version", "0.13.0",
		       "--mamba-ssm-cache-dtype", "float16", NULL },
	    &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.state_bytes, 23 * 1085440);
}

/* Every row that moves memory headroom does not model stops the plan at
 * the configuration check naming the flag; vLLM's default value of it
 * (false, or the first choice of a keep_first row) plans on. */
Test(flags, rows_not_modelled_refuse_by_name)
{
	const struct catalogue *cat = test_catalogue();
	size_t i;
	int n = 0;

	for (i = 0; i < VF_COUNT; i++) {
		const struct vllm_flag *f = &vllm_flags[i];
		const char *args[8] = { BASE };
		const char *v = NULL, *dflt = NULL;
		struct cli c;
		struct plan p;
		char no[80];

		if (f->store != VFS_NONE || !f->memory)
			continue;
		if (f->kind == VFK_INT)
			v = "2";
		else if (f->kind == VFK_JSON)
			v = "{}";
		else if (f->kind == VFK_ENUM && f->choices[0].name == NULL)
			v = "sliding_window";
		else if (f->kind == VFK_ENUM) {
			int k = 0;

			while (f->choices[k + 1].name != NULL)
				k++;
			v = f->choices[k].name;
			if (f->keep_first)
				dflt = f->choices[0].name;
		}
		/* a BOOL row whose default is true refuses --no-NAME */
		snprintf(no, sizeof no, "--no-%s", f->name);
		args[4] = f->kind == VFK_BOOL && f->keep_first ? no : f->opt;
		args[5] = v;
		args[6] = NULL;
		xt_cli(&c, args);
		plan_compute(cat, &c.imp.in, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG, "%s %s plans", f->opt,
		    v ? v : "");
		cr_assert_not_null(strstr(p.message,
				       f->kind == VFK_BOOL && f->keep_first
					   ? no
					   : f->opt),
		    "%s: %s", f->opt, p.message);
		cr_assert_not_null(strstr(p.message, "headroom does not model"),
		    "%s", p.message);
		cli_done(&c);
		/* vLLM's default: no memory moved, the plan goes on */
		if (f->kind == VFK_BOOL) {
			args[4] = f->keep_first ? f->opt : no;
			args[5] = NULL;
		} else if (dflt != NULL) {
			args[5] = dflt;
		} else {
			n++;
			continue;
		}
		xt_cli(&c, args);
		plan_compute(cat, &c.imp.in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s %s: %s", args[4],
		    args[5] ? args[5] : "", p.message);
		cli_done(&c);
		n++;
	}
	cr_assert_geq(n, 14, "only %d rows refuse by name", n);
}

/* --instance takes only modelled values: a kept one says so (no stale text) */
Test(flags, instance_refuses_a_kept_value)
{
	struct share_instance si;
	char err[512];

	cr_assert_eq(sizing_cli_instance(test_catalogue(), NULL,
			 "kv-cache-dtype=turboquant_k8v4", "x", &si, err,
			 sizeof err),
	    -1);
	cr_assert_not_null(strstr(err, "that flag is not modelled here"), "%s",
	    err);
}

/* --speculative-config typed in the planner reads as the command line does:
 * the same plan_spec, the same refusal after the flag, its JSON to edit,
 * d back to none. */
Test(flags, speculative_row_reads_as_the_command_line)
{
	static const char *const good[] = {
		"{\"method\":\"ngram\",\"num_speculative_tokens\":3,"
		"\"prompt_lookup_max\":4}",
		"{\"model\":\"ngram\",\"num_speculative_tokens\":5}",
		"{\"method\":\"mtp\",\"num_speculative_tokens\":1}",
	};
	static const char *const bad[] = {
		"{\"method\":\"ngram\",\"num_speculative_tokens\":0}",
		"[1]",
		"{\"prompt_lookup_max\":4}",
	};
	const struct catalogue *cat = test_catalogue();
	struct cli a;
	struct plan p;
	struct plan_input in;
	char err[512], e1[512], text[1024];
	size_t i;

	cr_assert_str_eq(flags_name(FLAG_SPECULATIVE), "--speculative-config");
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		struct plan_input again;

		xt_cli(&a, (const char *const[]){ BASE, NULL });
		in = a.imp.in;
		plan_compute(cat, &in, &p);
		cr_assert_eq(flags_parse(FLAG_SPECULATIVE, good[i], &in, &p,
				 err, sizeof err),
		    0, "%s: %s", good[i], err);
		cr_assert_neq(recalc_input_diff(&a.imp.in, &in), 0, "%s",
		    good[i]);
		cli_done(&a);
		xt_cli(&a,
		    (const char *const[]){ BASE, "--speculative-config",
			good[i], NULL });
		cr_assert_eq(memcmp(&a.imp.in.spec, &in.spec, sizeof in.spec),
		    0, "%s typed differs from the command line", good[i]);
		/* the text to edit reads back to the same value */
		flags_edit_text(FLAG_SPECULATIVE, &in, &p, text, sizeof text);
		cr_assert_eq(text[0], '{', "%s edits as '%s'", good[i], text);
		/* keys headroom does not read come back as given */
		if (strstr(good[i], "prompt_lookup_max") != NULL)
			cr_assert_not_null(strstr(text,
					       ",\"prompt_lookup_max\":4}"),
			    "%s", text);
		again = in;
		cr_assert_eq(flags_parse(FLAG_SPECULATIVE, text, &again, &p,
				 err, sizeof err),
		    0, "%s: %s", text, err);
		/* the same JSON again (an inferred method is then written) */
		flags_edit_text(FLAG_SPECULATIVE, &again, &p, err, sizeof err);
		cr_assert_str_eq(err, text, "%s does not read back", text);
		cr_assert_eq(again.spec.method, in.spec.method);
		cr_assert_eq(again.spec.num_tokens, in.spec.num_tokens);
		cr_assert(flags_reset(FLAG_SPECULATIVE, &again));
		cr_assert_eq(again.spec.method, SPEC_NONE);
		cr_assert_eq(recalc_input_diff(&again, &in) != 0, true);
		cli_done(&a);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cr_assert_eq(xt_cli_try(&a,
				 (const char *const[]){ BASE,
				     "--speculative-config", bad[i], NULL },
				 e1, sizeof e1),
		    -1, "%s is accepted", bad[i]);
		cli_done(&a);
		cr_assert(strncmp(e1, "--speculative-config: ", 22) == 0, "%s",
		    e1);
		xt_cli(&a, (const char *const[]){ BASE, NULL });
		in = a.imp.in;
		plan_compute(cat, &in, &p);
		cr_assert_eq(flags_parse(FLAG_SPECULATIVE, bad[i], &in, &p, err,
				 sizeof err),
		    -1, "%s typed is accepted", bad[i]);
		cr_assert_str_eq(err, e1 + 22, "%s typed", bad[i]);
		cr_assert_eq(recalc_input_diff(&a.imp.in, &in), 0,
		    "%s typed changed the input", bad[i]);
		cli_done(&a);
	}
}
