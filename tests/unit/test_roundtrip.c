/*
 * test_roundtrip.c - import(export(plan)) is the same plan: many generated
 * plans (random cards, slices, models, checkpoints, versions, flags and
 * flags headroom does not model) through the vllm serve command, the
 * docker line and a vLLM config file, back through the importers.
 *
 * Each plan is made the way a user makes one, from a command line; the
 * export is imported with the same planner options (the card is not part
 * of a vLLM command).  HEADROOM_ROUNDTRIP_N sets the number of plans.
 */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/plan.h"
#include "io/export_format.h"
#include "io/launch.h"
#include "core/vllm_version.h"
#include "helpers.h"
#include "io/cli.h"
#include "io/export.h"
#include "xtest.h"
#include "io/shellwords.h"

#define MAX_WORDS 96

struct gen {
	uint64_t seed;
	char store[MAX_WORDS][256];
	const char *opt[MAX_WORDS]; /* planner options */
	int n_opt;
	char cmd[8192]; /* the vllm serve command */
};

static uint32_t
rnd(struct gen *g, uint32_t n)
{
	g->seed = g->seed * 6364136223846793005ULL + 1442695040888963407ULL;
	return n ? (uint32_t)(g->seed >> 33) % n : 0;
}

static const char *keep(struct gen *g, int *k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static const char *
keep(struct gen *g, int *k, const char *fmt, ...)
{
	va_list ap;
	char *s = g->store[(*k)++ % MAX_WORDS];

	va_start(ap, fmt);
	vsnprintf(s, 256, fmt, ap);
	va_end(ap);
	return s;
}

static void
cmd_add(struct gen *g, const char *w)
{
	char q[1024] = "";

	shellwords_quote(w, q, sizeof q);
	strncat(g->cmd, " ", sizeof g->cmd - strlen(g->cmd) - 1);
	strncat(g->cmd, q, sizeof g->cmd - strlen(g->cmd) - 1);
}

/* Values headroom keeps without modelling, hostile ones included. */
static const char *const odd_values[] = {
	"plain",
	"two words",
	"it's",
	"$(rm -rf /)",
	"`id`",
	"a\nb",
	"\"q\"",
	"semi;colon|pipe&amp",
	"~/home",
	"*glob?",
	"#hash",
	"back\\slash",
	"caf\xc3\xa9",
	"\xe2\x80\xa8sep",
};
static const char *const odd_bytes = "/m/\xff\xfe";

static void
generate(struct gen *g, const struct catalogue *cat, bool utf8_only, bool env)
{
	int k = 0, mi, gi, i, n;
	const struct gpu *card;
	bool mig = false, big = false;
	const struct model *m;
	size_t ki;

	g->n_opt = 0;
	g->cmd[0] = '\0';
	/* the card, maybe a slice */
	do {
		gi = (int)rnd(g, (uint32_t)cat->n_gpus);
		card = &cat->gpus[gi];
	} while (card->cuda_total_gib < 20);
	g->opt[g->n_opt++] = "--gpu";
	g->opt[g->n_opt++] = card->id;
	if (card->n_mig > 0 && rnd(g, 5) == 0) {
		g->opt[g->n_opt++] = "--mig";
		g->opt[g->n_opt++] =
		    card->mig[rnd(g, (uint32_t)card->n_mig)].name;
		mig = true;
	}
	if (rnd(g, 3) == 0) {
		g->opt[g->n_opt++] = "--gpus";
		g->opt[g->n_opt++] = keep(g, &k, "%u", 1 + rnd(g, 8));
		big = true;
	}
	{
		int v = vllm_known_versions[rnd(g, vllm_n_known_versions)];

		g->opt[g->n_opt++] = "--vllm-version";
		g->opt[g->n_opt++] =
		    keep(g, &k, "%d.%d.%d", v / 10000, v / 100 % 100, v % 100);
	}
	if (rnd(g, 2)) {
		g->opt[g->n_opt++] = "--tokens-per-request";
		g->opt[g->n_opt++] = keep(g, &k, "%u", 256 + rnd(g, 32768));
	}
	if (rnd(g, 4) == 0) {
		g->opt[g->n_opt++] = "--other-usage";
		g->opt[g->n_opt++] =
		    keep(g, &k, "%u.%u", rnd(g, 4), rnd(g, 10));
	}
	(void)big;

	/* the model as a published checkpoint id (what vllm serve is given) */
	mi = (int)rnd(g, (uint32_t)cat->n_models);
	m = &cat->models[mi];
	n = 0;
	for (ki = 0; ki < cat->n_ckpts; ki++)
		if (cat->ckpts[ki].model_index == mi)
			n++;
	i = n > 0 ? (int)rnd(g, (uint32_t)n) : -1;
	for (ki = 0; ki < cat->n_ckpts && i >= 0; ki++)
		if (cat->ckpts[ki].model_index == mi && i-- == 0)
			break;
	if (env && rnd(g, 3) == 0)
		snprintf(g->cmd, sizeof g->cmd,
		    "CUDA_VISIBLE_DEVICES=%u,%u HF_HUB_OFFLINE=1 ", rnd(g, 4),
		    4 + rnd(g, 4));
	strncat(g->cmd, "vllm serve", sizeof g->cmd - strlen(g->cmd) - 1);
	cmd_add(g, ki < cat->n_ckpts ? cat->ckpts[ki].id : m->id);

	/* vLLM's flags, each present or not */
	if (!mig && rnd(g, 3) == 0) {
		cmd_add(g, "-tp");
		cmd_add(g, keep(g, &k, "%u", 1u << rnd(g, 4)));
	}
	if (!mig && rnd(g, 6) == 0) {
		cmd_add(g, "--pipeline-parallel-size");
		cmd_add(g, "2");
	}
	if (rnd(g, 6) == 0) {
		cmd_add(g, "--data-parallel-size");
		cmd_add(g, keep(g, &k, "%u", 1 + rnd(g, 2)));
	}
	if (rnd(g, 3) == 0) {
		cmd_add(g, "--gpu-memory-utilization");
		cmd_add(g, keep(g, &k, "0.%u", 50 + rnd(g, 49)));
	}
	switch (rnd(g, 4)) {
	case 0:
		cmd_add(g, "--max-model-len");
		cmd_add(g, keep(g, &k, "%u", 1024u << rnd(g, 5)));
		break;
	case 1:
		cmd_add(g, "--max-model-len");
		cmd_add(g, "auto");
		break;
	default: break;
	}
	if (rnd(g, 3) == 0) {
		static const char *const kv[] = { "fp8", "fp8_e4m3", "fp8_e5m2",
			"bfloat16", "auto" };

		cmd_add(g, "--kv-cache-dtype");
		cmd_add(g, kv[rnd(g, 5)]);
	}
	if (rnd(g, 8) == 0) {
		cmd_add(g, "--kv-cache-memory-bytes");
		cmd_add(g, keep(g, &k, "%uG", 1 + rnd(g, 40)));
	}
	if (rnd(g, 4) == 0) {
		cmd_add(g, "--max-num-seqs");
		cmd_add(g, keep(g, &k, "%u", 16u << rnd(g, 6)));
	}
	if (rnd(g, 4) == 0) {
		cmd_add(g, "--max-num-batched-tokens");
		cmd_add(g, keep(g, &k, "%u", 2048u << rnd(g, 3)));
	}
	if (rnd(g, 6) == 0) {
		cmd_add(g, "--block-size");
		cmd_add(g, keep(g, &k, "%u", 16u << rnd(g, 3)));
	}
	if (rnd(g, 6) == 0) {
		cmd_add(g, "--enforce-eager");
	} else if (rnd(g, 5) == 0) {
		cmd_add(g, "--cudagraph-capture-sizes");
		for (i = 0, n = 1 + (int)rnd(g, 5); i < n; i++)
			cmd_add(g, keep(g, &k, "%u", 1u << (i + rnd(g, 2))));
	} else if (rnd(g, 5) == 0) {
		cmd_add(g, "--max-cudagraph-capture-size");
		cmd_add(g, keep(g, &k, "%u", 8u << rnd(g, 6)));
	}
	if (rnd(g, 8) == 0) {
		cmd_add(g, "--quantization");
		cmd_add(g, rnd(g, 2) ? "fp8" : "awq");
	}
	if (rnd(g, 8) == 0) {
		static const char *const dt[] = { "bfloat16", "float16",
			"float32", "auto" };

		cmd_add(g, "--dtype");
		cmd_add(g, dt[rnd(g, 4)]);
	}
	/* flags headroom does not model */
	if (rnd(g, 2)) {
		cmd_add(g, "--served-model-name");
		cmd_add(g,
		    !utf8_only && rnd(g, 6) == 0
			? odd_bytes
			: odd_values[rnd(g,
			      sizeof odd_values / sizeof odd_values[0])]);
	}
	if (rnd(g, 3) == 0)
		cmd_add(g, "--trust-remote-code");
	if (rnd(g, 3) == 0) {
		cmd_add(g, "--port");
		cmd_add(g, keep(g, &k, "%u", 8000 + rnd(g, 100)));
	}
	if (rnd(g, 4) == 0)
		cmd_add(g,
		    rnd(g, 2) ? "--enable-prefix-caching"
			      : "--no-enable-prefix-caching");
	if (rnd(g, 5) == 0) {
		cmd_add(g, "--seed");
		cmd_add(g, "-1");
	}
}

static int
parse_with(const struct gen *g, struct cli *c, const char *how,
    const char *what, char *err, size_t errlen)
{
	const char *args[MAX_WORDS + 4];
	int i, n = 0;

	for (i = 0; i < g->n_opt; i++)
		args[n++] = g->opt[i];
	args[n++] = how;
	args[n++] = what;
	args[n] = NULL;
	return xt_cli_try(c, args, err, errlen);
}

static bool
same_strings(char *const *a, size_t na, char *const *b, size_t nb)
{
	size_t i;

	if (na != nb)
		return false;
	for (i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return false;
	return true;
}

/* The fields of two inputs that decide the plan, and the words carried along. */
static void
assert_same_input(const struct plan_input *a, const struct plan_input *b,
    bool with_env, const char *what)
{
	int i;

	cr_assert_eq(a->gpu, b->gpu, "%s", what);
	cr_assert_eq(a->mig, b->mig, "%s", what);
	cr_assert_eq(a->gpus, b->gpus, "%s", what);
	cr_assert_eq(a->model, b->model, "%s", what);
	cr_assert_eq(a->ckpt, b->ckpt, "%s", what);
	cr_assert_eq(a->format, b->format, "%s", what);
	cr_assert_eq(a->version, b->version, "%s", what);
	/* 0 (unset) and 1 both mean one */
	cr_assert_eq(a->tp > 1 ? a->tp : 1, b->tp > 1 ? b->tp : 1, "%s", what);
	cr_assert_eq(a->pp > 1 ? a->pp : 1, b->pp > 1 ? b->pp : 1, "%s", what);
	cr_assert_eq(a->dp > 1 ? a->dp : 1, b->dp > 1 ? b->dp : 1, "%s", what);
	cr_assert(a->util == b->util, "%s: util %.17g %.17g", what, a->util,
	    b->util);
	cr_assert_eq(a->max_model_len, b->max_model_len, "%s", what);
	cr_assert_eq(a->kv_dtype, b->kv_dtype, "%s", what);
	cr_assert_eq(a->kv_cache_memory_bytes, b->kv_cache_memory_bytes, "%s",
	    what);
	cr_assert_eq(a->max_num_seqs, b->max_num_seqs, "%s", what);
	cr_assert_eq(a->max_num_batched_tokens, b->max_num_batched_tokens, "%s",
	    what);
	cr_assert_eq(a->block_size, b->block_size, "%s", what);
	cr_assert_eq(a->enforce_eager, b->enforce_eager, "%s", what);
	if (!a->enforce_eager) {
		cr_assert_eq(a->n_capture_sizes, b->n_capture_sizes, "%s",
		    what);
		for (i = 0; i < a->n_capture_sizes; i++)
			cr_assert_eq(a->capture_sizes[i], b->capture_sizes[i],
			    "%s", what);
	}
	cr_assert_eq(a->max_capture_size, b->max_capture_size, "%s", what);
	cr_assert_eq(a->quantization_fp8, b->quantization_fp8, "%s", what);
	cr_assert_eq(a->dtype_override, b->dtype_override, "%s", what);
	cr_assert_eq(a->limit_mm_images, b->limit_mm_images, "%s", what);
	cr_assert_eq(a->tokens_per_request, b->tokens_per_request, "%s", what);
	cr_assert(a->other_usage_gib == b->other_usage_gib, "%s", what);
	cr_assert(same_strings(a->extra_flags, a->n_extra_flags, b->extra_flags,
		      b->n_extra_flags),
	    "%s: not-modelled flags differ", what);
	if (with_env)
		cr_assert(same_strings(a->env, a->n_env, b->env, b->n_env),
		    "%s: environment differs", what);
}

static void
assert_same_plan(const struct plan *a, const struct plan *b, const char *what)
{
	cr_assert_eq(a->phase, b->phase, "%s", what);
	cr_assert_eq(a->total, b->total, "%s", what);
	cr_assert_eq(a->requested, b->requested, "%s", what);
	cr_assert_eq(a->weights, b->weights, "%s", what);
	cr_assert_eq(a->activation, b->activation, "%s", what);
	cr_assert_eq(a->non_torch, b->non_torch, "%s", what);
	cr_assert_eq(a->cuda_graphs, b->cuda_graphs, "%s", what);
	cr_assert_eq(a->available_kv, b->available_kv, "%s", what);
	cr_assert_eq(a->num_blocks, b->num_blocks, "%s", what);
	cr_assert_eq(a->kv_tokens, b->kv_tokens, "%s", what);
	cr_assert(a->max_concurrency == b->max_concurrency, "%s", what);
	cr_assert_eq(a->max_model_len, b->max_model_len, "%s", what);
	cr_assert_eq(a->concurrency_at_tpr, b->concurrency_at_tpr, "%s", what);
	cr_assert_eq(a->total_concurrency, b->total_concurrency, "%s", what);
	cr_assert_str_eq(a->message, b->message, "%s", what);
}

/*
 * in without what the launch lines set per replica (CUDA_VISIBLE_DEVICES,
 * --port), into out; env and extra point into the caller's arrays.
 */
static void
without_pinning(const struct plan_input *in, struct plan_input *out, char **env,
    char **extra)
{
	size_t i, ne = 0, nx = 0;

	*out = *in;
	for (i = 0; i < in->n_env; i++)
		if (strncmp(in->env[i], "CUDA_VISIBLE_DEVICES=", 21) != 0)
			env[ne++] = in->env[i];
	for (i = 0; i < in->n_extra_flags; i++) {
		if (strcmp(in->extra_flags[i], "--port") == 0) {
			i++;
			continue;
		}
		if (strncmp(in->extra_flags[i], "--port=", 7) != 0)
			extra[nx++] = in->extra_flags[i];
	}
	out->env = env;
	out->n_env = ne;
	out->extra_flags = extra;
	out->n_extra_flags = nx;
}

/*
 * A command export of several launch lines (one per replica): the export
 * is its comment and the lines; each line read back plans what the
 * exported plan does, and carries its input but for the replica's
 * devices and port.
 */
static void
check_launch_lines(const struct gen *g, const struct cli *a,
    const struct plan *pa, const char *out, bool with_env, const char *what)
{
	const struct catalogue *cat = test_catalogue();
	int n, i;
	char **lines = launch_lines(cat, &a->imp.in, pa, a->explicit_all, &n),
	     note[512];
	const char *o = out;

	launch_comment(&a->imp.in, n, note, sizeof note);
	cr_assert(strncmp(o, note, strlen(note)) == 0, "%s", what);
	o += strlen(note);
	/* the plan's environment note follows as "# " lines, one sentence
	 * each */
	if (pa->env_note[0] != '\0') {
		cr_assert(strncmp(o, "# ", 2) == 0, "no note: %s", what);
		while (strncmp(o, "# ", 2) == 0 && strchr(o, '\n') != NULL)
			o = strchr(o, '\n') + 1;
	}
	for (i = 0; i < n; i++) {
		char err[1024], *ea[64], *xa[MAX_WORDS], *eb[64],
		    *xb[MAX_WORDS];
		struct plan_input ia, ib;
		struct cli b;
		struct plan pb;
		size_t len = strlen(lines[i]);

		cr_assert(strncmp(o, lines[i], len) == 0 && o[len] == '\n',
		    "line %d is not in the export: %s", i, what);
		o += len + 1;
		cr_assert_eq(parse_with(g, &b, "--from-command", lines[i], err,
				 sizeof err),
		    0, "%s\n%s", what, err);
		plan_compute(cat, &b.imp.in, &pb);
		assert_same_plan(pa, &pb, what);
		cr_assert_lt(a->imp.in.n_env, 64);
		cr_assert_lt(b.imp.in.n_env, 64);
		without_pinning(&a->imp.in, &ia, ea, xa);
		without_pinning(&b.imp.in, &ib, eb, xb);
		if (!a->explicit_all) /* every flag written: inputs differ, plans not */
			assert_same_input(&ia, &ib, with_env, what);
		cli_done(&b);
	}
	cr_assert_str_eq(o, "", "%s", what);
	launch_free(lines);
}

static int
rounds(void)
{
	const char *e = getenv("HEADROOM_ROUNDTRIP_N");

	return e ? atoi(e) : 400;
}

/* form: 0 command, 1 command with every flag (--explicit), 2 docker, 3 config file */
static void
roundtrip(int form, uint64_t seed)
{
	const struct catalogue *cat = test_catalogue();
	struct gen g;
	int r, done = 0;

	memset(&g, 0, sizeof g);
	g.seed = seed;
	for (r = 0; r < rounds(); r++) {
		struct cli a, b;
		struct plan pa, pb;
		struct report_in rin;
		char err[1024], what[9000], *out;
		const char *path = xt_tmp("rt.yaml", 0);
		enum export_format f = form == 2 ? EXPORT_DOCKER
		    : form == 3                  ? EXPORT_CONFIG
						 : EXPORT_COMMAND;

		generate(&g, cat, form == 3, form != 3);
		if (parse_with(&g, &a, "--from-command", g.cmd, err,
			sizeof err) != 0) {
			cli_done(&a);
			continue; /* a plan the command line refuses is not a plan */
		}
		a.explicit_all = form == 1;
		plan_compute(cat, &a.imp.in, &pa);
		xt_report_in(&rin, &a, &pa);
		out = export_render(f, &rin, err, sizeof err);
		cr_assert_not_null(out, "%s: %s", g.cmd, err);
		snprintf(what, sizeof what, "round %d, %s:\n%s\n%s", r,
		    export_format_name(f), g.cmd, out);
		if (f == EXPORT_COMMAND && launch_count(&a.imp.in, &pa) > 1) {
			check_launch_lines(&g, &a, &pa, out, form == 0, what);
			free(out);
			cli_done(&a);
			done++;
			continue;
		}
		if (f == EXPORT_CONFIG) {
			xt_write(path, out);
			cr_assert_eq(parse_with(&g, &b, "--config", path, err,
					 sizeof err),
			    0, "%s\n%s", what, err);
		} else {
			cr_assert_eq(parse_with(&g, &b, "--from-command", out,
					 err, sizeof err),
			    0, "%s\n%s", what, err);
		}
		plan_compute(cat, &b.imp.in, &pb);
		if (form != 1)
			assert_same_input(&a.imp.in, &b.imp.in, form == 0,
			    what);
		assert_same_plan(&pa, &pb, what);
		free(out);
		cli_done(&a);
		cli_done(&b);
		done++;
	}
	cr_assert_geq(done, rounds() * 3 / 4, "only %d of %d plans were usable",
	    done, rounds());
}

Test(roundtrip, command)
{
	roundtrip(0, 1);
}
Test(roundtrip, command_explicit)
{
	roundtrip(1, 2);
}
Test(roundtrip, docker)
{
	roundtrip(2, 3);
}
Test(roundtrip, config_file)
{
	roundtrip(3, 4);
}
