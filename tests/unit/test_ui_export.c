/*
 * test_ui_export.c - every export from the planner is the plan on screen.
 *
 * For each input the planner can change (card, slice, count, model,
 * checkpoint, each flag, tokens per request, a fix, a pasted command, an
 * opened scenario, undo), the planner starts from a command line, the keys
 * make the change, and what `w` writes, what `s` saves and the vLLM config
 * of the planner's input must equal what the command line produces for the
 * same inputs (headroom ARGS --export command, --save-scenario,
 * --export config).  And the KV cache figure is one value in every output.
 */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fixes.h"
#include "helpers.h"
#include "core/units.h"
#include "core/vllm_version.h"
#include "io/cli.h"
#include "io/compare.h"
#include "io/model_find.h"
#include "io/report.h"
#include "io/export.h"
#include "io/scenario.h"
#include "io/textfile.h"
#include "ui/app.h"
#include "ui/flags.h"
#include "ui/lists.h"

#define MAX_ARGS 48

static char tmpdir[256];

static void
setup(void)
{
	test_ui_env();
	test_tmpdir_new(tmpdir, sizeof tmpdir, "uiexport");
}

static void
teardown(void)
{
	test_tmpdir_remove(tmpdir);
}

TestSuite(uiexport, .init = setup, .fini = teardown);

/* The three exports of a plan input. */
struct exports {
	char *command, *scenario, *config;
};

static void
exports_done(struct exports *e)
{
	free(e->command);
	free(e->scenario);
	free(e->config);
	memset(e, 0, sizeof *e);
}

static void
exports_of(const struct plan_input *in, struct exports *e)
{
	const struct catalogue *c = test_catalogue();
	struct plan p;
	struct report_in rin;
	char err[256];

	plan_compute(c, in, &p);
	memset(&rin, 0, sizeof rin);
	rin.cat = c;
	rin.in = in;
	rin.plan = &p;
	rin.model_source = model_find_input_source(c, in);
	e->command = export_command(&rin, err, sizeof err);
	cr_assert_not_null(e->command, "%s", err);
	e->scenario = scenario_write(&rin, NULL, err, sizeof err);
	cr_assert_not_null(e->scenario, "%s", err);
	e->config = export_config(&rin, err, sizeof err);
	cr_assert_not_null(e->config, "%s", err);
}

/* Splits a space-separated argument string into argv (after "headroom"). */
static int
split(char *s, char **argv, int argc)
{
	char *w;

	for (w = strtok(s, " "); w != NULL && argc < MAX_ARGS - 1;
	     w = strtok(NULL, " "))
		argv[argc++] = w;
	argv[argc] = NULL;
	return argc;
}

/* The command line: headroom BASE MORE (resolved) into cli. */
static void
cli_from(struct cli *cli, const char *base, const char *more, char *store,
    size_t len)
{
	char *argv[MAX_ARGS];
	char err[512];
	int argc;

	snprintf(store, len, "%s %s", base, more ? more : "");
	argv[0] = "headroom";
	argc = split(store, argv, 1);
	cr_assert_eq(cli_parse(argc, argv, cli, err, sizeof err), 0, "%s: %s",
	    store, err);
	cr_assert_eq(cli_resolve(test_catalogue(), cli, err, sizeof err), 0,
	    "%s: %s", base, err);
}

/* What the command line exports for BASE MORE (MORE alone when it starts with '='). */
static void
cli_exports(const char *base, const char *more, struct exports *e)
{
	struct cli cli;
	char store[2048];

	if (more != NULL && more[0] == '=')
		cli_from(&cli, more + 1, NULL, store, sizeof store);
	else
		cli_from(&cli, base, more, store, sizeof store);
	exports_of(&cli.imp.in, e);
	cli_done(&cli);
}

/* The text without its comment lines (the export's notes around the command). */
static char *
uncommented(char *t)
{
	char *r = t, *w = t;

	while (*r != '\0') {
		char *eol = strchr(r, '\n');
		size_t n = eol ? (size_t)(eol - r) + 1 : strlen(r);

		if (r[0] != '#') {
			memmove(w, r, n);
			w += n;
		}
		r += n;
	}
	*w = '\0';
	return t;
}

static char *
read_back(const char *name)
{
	char path[512], err[256];
	char *t;

	snprintf(path, sizeof path, "%s/%s", tmpdir, name);
	t = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(t, "%s", err);
	unlink(path);
	return t;
}

/*
 * Starts the planner on BASE, sends KEYS, then `w` and `s` into files;
 * compares them and the planner input's config with the command line's
 * exports for BASE MORE.
 */
static void
check_change(const char *what, const char *base, const char *keys,
    const char *more)
{
	struct cli cli;
	struct exports want, got;
	struct app *a;
	char store[2048], k[1024];
	static const struct ui_options plain = { 0, 0, NULL, NULL };

	cli_from(&cli, base, NULL, store, sizeof store);
	a = app_headless_new((struct catalogue *)test_catalogue(), &cli.imp.in,
	    &plain, 40, 120);
	cr_assert_not_null(a, "no virtual terminal");
	cr_assert_eq(app_headless_keys(a, keys), 0, "%s: bad keys %s", what,
	    keys);
	snprintf(k, sizeof k, "<Esc>w<C-u>%s/cmd.sh<Enter>", tmpdir);
	cr_assert_eq(app_headless_keys(a, k), 0);
	cr_assert(strstr(app_headless_status(a), "wrote the command line") !=
		NULL,
	    "%s: w says '%s'", what, app_headless_status(a));
	snprintf(k, sizeof k, "s<C-u>%s/s.yaml<Enter>", tmpdir);
	cr_assert_eq(app_headless_keys(a, k), 0);
	cr_assert(strstr(app_headless_status(a), "saved the scenario") != NULL,
	    "%s: s says '%s'", what, app_headless_status(a));
	memset(&got, 0, sizeof got);
	got.command = read_back("cmd.sh");
	got.scenario = read_back("s.yaml");
	{
		struct exports tmp;

		exports_of(app_headless_input(a), &tmp);
		got.config = tmp.config;
		tmp.config = NULL;
		/* the planner's own writers agree with the input it holds */
		cr_assert_str_eq(got.command, uncommented(tmp.command),
		    "%s: w is not the input's command", what);
		exports_done(&tmp);
	}
	cli_exports(base, more, &want);
	uncommented(want.command);
	cr_assert_str_eq(got.command, want.command,
	    "%s: the planner's command line\n  %s  is not the command line's\n "
	    " %s",
	    what, got.command, want.command);
	cr_assert_str_eq(got.scenario, want.scenario,
	    "%s: the planner's scenario\n%s\nis not the command line's\n%s",
	    what, got.scenario, want.scenario);
	cr_assert_str_eq(got.config, want.config,
	    "%s: the planner's config\n%s\nis not the command line's\n%s", what,
	    got.config, want.config);
	exports_done(&got);
	exports_done(&want);
	app_headless_free(&a);
	cli_done(&cli);
}

/* Keys that move the GPU list from its first row to (gpu id, slice). */
static void
gpu_keys(const char *gpu, const char *mig, char *buf, size_t len)
{
	const struct catalogue *c = test_catalogue();
	struct gpu_row rows[1024];
	size_t n = lists_gpu_rows(c, rows, 1024);
	int g = catalogue_find_gpu(c, gpu), m = -1, target, r, steps = 0;

	cr_assert_geq(g, 0);
	if (mig != NULL)
		m = catalogue_find_mig(&c->gpus[g], mig);
	target = lists_gpu_find(rows, n, g, m);
	cr_assert_geq(target, 0);
	r = lists_gpu_move(rows, n, 0, 1);
	if (rows[0].kind != ROW_FAMILY)
		r = 0;
	snprintf(buf, len, "1<Home>");
	while (r != target) {
		int next = lists_gpu_move(rows, n, r, 1);

		cr_assert_neq(next, r, "row not reached");
		r = next;
		steps++;
		snprintf(buf + strlen(buf), len - strlen(buf), "j");
	}
	snprintf(buf + strlen(buf), len - strlen(buf), "<Enter>");
	(void)steps;
}

/* Keys that move the Flags pane to flag f of the input of BASE. */
static void
flag_keys(const char *base, enum flag_id f, const char *then, char *buf,
    size_t len)
{
	struct cli cli;
	char store[2048];
	enum flag_id ids[FLAG_COUNT];
	size_t n, i;

	cli_from(&cli, base, NULL, store, sizeof store);
	n = flags_rows(&cli.imp.in, ids, FLAG_COUNT);
	snprintf(buf, len, "4<Home>");
	for (i = 0; i < n && ids[i] != f; i++)
		snprintf(buf + strlen(buf), len - strlen(buf), "j");
	cr_assert_lt(i, n, "flag %s not listed", flags_label(f));
	snprintf(buf + strlen(buf), len - strlen(buf), "%s", then);
	cli_done(&cli);
}

#define QWEN32 "--gpu h200-nvl --model Qwen/Qwen3-32B"

Test(uiexport, the_reproducer_model_from_the_search)
{
	check_change("model by search", QWEN32, "2/3.1 8b<Enter><Enter>",
	    "--model meta-llama/Llama-3.1-8B-Instruct");
	check_change("model then undo", QWEN32, "2/3.1 8b<Enter><Enter>u",
	    NULL);
	/* a command pasted on the command line names its own model */
	check_change("model after an imported command",
	    "--gpu h200-nvl -- vllm serve Qwen/Qwen3-32B --max-model-len 16k",
	    "2/3.1 8b<Enter><Enter>",
	    "--gpu h200-nvl --max-model-len 16000 --model "
	    "meta-llama/Llama-3.1-8B-Instruct");
}

Test(uiexport, checkpoint)
{
	check_change("checkpoint", QWEN32, "3<Home>j<Enter>",
	    "--checkpoint Qwen/Qwen3-32B-FP8");
	check_change("checkpoint then model", QWEN32,
	    "3<Home>j<Enter>2/3.1 8b<Enter><Enter>",
	    "--model meta-llama/Llama-3.1-8B-Instruct");
}

Test(uiexport, card_slice_and_count)
{
	char k[1024];

	gpu_keys("h100-sxm", NULL, k, sizeof k);
	check_change("card", QWEN32, k, "--gpu h100-sxm");
	gpu_keys("h200-nvl", "3g.71gb", k, sizeof k);
	check_change("slice", "--gpu h200-nvl --model Qwen/Qwen3-8B", k,
	    "--mig 3g.71gb");
	check_change("count", QWEN32, "1+", "--gpus 2");
	check_change("count twice", QWEN32, "1++", "--gpus 3");
}

Test(uiexport, every_flag)
{
	static const struct {
		enum flag_id f;
		const char *keys, *more;
	} cases[] = {
		{ FLAG_UTIL, "<Enter><C-u>0.85<Enter>",
		    "--gpu-memory-utilization 0.85" },
		{ FLAG_MAX_MODEL_LEN, "<Enter><C-u>16384<Enter>",
		    "--max-model-len 16384" },
		{ FLAG_MAX_MODEL_LEN, "<Space>", "--max-model-len auto" },
		{ FLAG_KV_DTYPE, "<Enter><C-u>fp8<Enter>",
		    "--kv-cache-dtype fp8" },
		{ FLAG_MAX_NUM_SEQS, "<Enter><C-u>64<Enter>",
		    "--max-num-seqs 64" },
		{ FLAG_MAX_BATCHED, "<Enter><C-u>4096<Enter>",
		    "--max-num-batched-tokens 4096" },
		{ FLAG_TP, "+", "--tensor-parallel-size 2" },
		{ FLAG_PP, "+", "--pipeline-parallel-size 2" },
		{ FLAG_DP, "+", "--data-parallel-size 2" },
		{ FLAG_EAGER, "<Space>", "--enforce-eager" },
		{ FLAG_CAPTURE, "<Enter><C-u>128<Enter>",
		    "--max-cudagraph-capture-size 128" },
		{ FLAG_CAPTURE, "<Enter><C-u>1,2,4,8<Enter>",
		    "--cudagraph-capture-sizes 1 2 4 8" },
		{ FLAG_BLOCK_SIZE, "<Enter><C-u>32<Enter>", "--block-size 32" },
		{ FLAG_KV_BYTES, "<Enter><C-u>20G<Enter>",
		    "--kv-cache-memory-bytes 20G" },
		{ FLAG_OTHER, "<Enter><C-u>1.5<Enter>", "--other-usage 1.5" },
		{ FLAG_VERSION, "<Enter><C-u>0.19.0<Enter>",
		    "--vllm-version 0.19.0" },
		{ FLAG_OVERHEAD, "<Space>", "--overhead rule" },
	};
	char k[1024], name[128];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		flag_keys(QWEN32, cases[i].f, cases[i].keys, k, sizeof k);
		snprintf(name, sizeof name, "flag %s", cases[i].more);
		check_change(name, QWEN32, k, cases[i].more);
	}
}

Test(uiexport, multimodal_flags)
{
	const char *vl = "--gpu h200-nvl --model Qwen/Qwen2.5-VL-7B-Instruct";
	char k[1024];

	flag_keys(vl, FLAG_MM_IMAGES, "<Enter><C-u>2<Enter>", k, sizeof k);
	check_change("images per prompt", vl, k,
	    "--limit-mm-per-prompt {\"image\":2}");
	flag_keys(vl, FLAG_MM_MAX_PIXELS, "<Enter><C-u>1003520<Enter>", k,
	    sizeof k);
	check_change("max_pixels", vl, k,
	    "--mm-processor-kwargs {\"max_pixels\":1003520}");
	flag_keys(vl, FLAG_LM_ONLY, "<Space>", k, sizeof k);
	check_change("language model only", vl, k, "--language-model-only");
}

Test(uiexport, tokens_per_request)
{
	check_change("tokens per request", QWEN32, "t<C-u>4096<Enter>",
	    "--tokens-per-request 4096");
	check_change("halve", QWEN32, "[", "--tokens-per-request 20480");
}

/* Applies fix number i of the plan BASE and compares with BASE + its flags. */
static int
check_fix(const char *base, size_t i)
{
	struct cli cli;
	struct plan p;
	struct fix fx[FIX_MAX];
	char store[2048], k[256], name[256], more[200];
	size_t n, j;

	cli_from(&cli, base, NULL, store, sizeof store);
	plan_compute(test_catalogue(), &cli.imp.in, &p);
	n = fixes_compute(test_catalogue(), &cli.imp.in, &p, fx, FIX_MAX);
	cli_done(&cli);
	if (i >= n)
		return 0;
	if (fx[i].flags[0] ==
	    '(') /* not a flag: nothing the command line takes */
		return 1;
	snprintf(k, sizeof k, "5<Home>");
	for (j = 0; j < i; j++)
		snprintf(k + strlen(k), sizeof k - strlen(k), "j");
	snprintf(k + strlen(k), sizeof k - strlen(k), "<Enter>");
	snprintf(more, sizeof more, "%s", fx[i].flags);
	snprintf(name, sizeof name, "fix %zu '%s' of %s", i, fx[i].flags, base);
	check_change(name, base, k, more);
	return 1;
}

Test(uiexport, every_fix)
{
	static const char *const bases[] = {
		/* fails at weights: quantized checkpoints, TP, bigger cards */
		"--gpu rtx-pro-6000-server --model "
		"meta-llama/Llama-3.3-70B-Instruct",
		/* fails at the KV cache */
		"--gpu rtx-pro-6000-server --model "
		"nvidia/Llama-3.3-70B-Instruct-FP8 "
		"--kv-cache-dtype fp8",
		/* a MIG slice too small */
		"--gpu h200-nvl --mig 1g.18gb --model Qwen/Qwen3-14B",
		/* starts: fixes that carry more */
		QWEN32,
		"--gpu h200-nvl --model nvidia/Llama-3.3-70B-Instruct-FP8 "
		"--tokens-per-request 8192",
	};
	size_t b, i, applied = 0;

	for (b = 0; b < sizeof bases / sizeof bases[0]; b++)
		for (i = 0; i < FIX_MAX; i++) {
			if (!check_fix(bases[b], i))
				break;
			applied++;
		}
	cr_assert_geq(applied, 10, "only %zu fixes were tried", applied);
}

Test(uiexport, pasted_command)
{
	check_change("pasted command", QWEN32,
	    "p<C-u>vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len "
	    "8192 "
	    "--gpu-memory-utilization 0.8<Enter>",
	    "--model meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192 "
	    "--gpu-memory-utilization 0.8");
	check_change("pasted command with a checkpoint", QWEN32,
	    "p<C-u>vllm serve nvidia/Llama-3.1-8B-Instruct-FP8 -tp 2<Enter>",
	    "--model nvidia/Llama-3.1-8B-Instruct-FP8 -tp 2");
	check_change("bracketed paste", QWEN32,
	    "<Paste>vllm serve Qwen/Qwen3-8B --max-model-len 16k<PasteEnd>",
	    "--model Qwen/Qwen3-8B --max-model-len 16000");
}

Test(uiexport, opened_scenario)
{
	char path[512], keys[1024], more[600], err[256];
	const char *text = "headroom-scenario: 1\nvllm-version: \"0.32.0\"\n"
			   "gpu: h100-sxm\nmodel: Qwen/Qwen3-14B\nvllm:\n  "
			   "max-model-len: 24576\n"
			   "  gpu-memory-utilization: 0.87\n";

	snprintf(path, sizeof path, "%s/open.yaml", tmpdir);
	cr_assert_eq(textfile_write_atomic(path, text, strlen(text), err,
			 sizeof err),
	    0, "%s", err);
	snprintf(keys, sizeof keys, "o<C-u>%s<Enter>", path);
	snprintf(more, sizeof more, "=--scenario %s", path);
	check_change("opened scenario", QWEN32, keys, more);
	/* and a change after opening it */
	snprintf(keys, sizeof keys, "o<C-u>%s<Enter>2/3.1 8b<Enter><Enter>",
	    path);
	snprintf(more, sizeof more,
	    "=--scenario %s --model meta-llama/Llama-3.1-8B-Instruct", path);
	check_change("opened scenario, then a model", QWEN32, keys, more);
	/* a vLLM config file: its model and flags on the planner's card */
	text = "model: Qwen/Qwen3-14B\nmax-model-len: "
	       "24576\ngpu-memory-utilization: 0.87\n"
	       "kv-cache-dtype: fp8\n";
	snprintf(path, sizeof path, "%s/vllm.yaml", tmpdir);
	cr_assert_eq(textfile_write_atomic(path, text, strlen(text), err,
			 sizeof err),
	    0, "%s", err);
	snprintf(keys, sizeof keys, "o<C-u>%s<Enter>", path);
	snprintf(more, sizeof more, "=--gpu h200-nvl --config %s", path);
	check_change("opened vLLM config", QWEN32, keys, more);
}

/* ---- one figure, one value ---- */

/* The text after the first occurrence of key in s, up to a space or '|', or "". */
static void
after(const char *s, const char *key, char *out, size_t len)
{
	const char *p = strstr(s, key);
	size_t n = 0;

	out[0] = '\0';
	if (p == NULL)
		return;
	p += strlen(key);
	while (*p == ' ')
		p++;
	while (p[n] != '\0' && p[n] != ' ' && p[n] != '|' && p[n] != '\n' &&
	    n + 1 < len)
		n++;
	memcpy(out, p, n);
	out[n] = '\0';
}

/* A legend entry of the screen: the figure after name, or "". */
static void
legend(const char *screen, const char *name, char *got, size_t len)
{
	const char *q = screen;

	got[0] = '\0';
	while ((q = strstr(q, name)) != NULL) {
		q += strlen(name);
		if ((*q >= '0' && *q <= '9') || *q == '-') {
			after(q - 1, " ", got, len);
			return;
		}
	}
}

/*
 * The KV cache figure of plans that start, that refuse at the KV cache and
 * that stop before it: the bar's legend, the text, Markdown and JSON
 * reports, the quote and the compare table all show the one value, as
 * vLLM's "Available KV cache memory" is printed (format_gib).
 */
Test(figures, the_kv_cache_figure_is_one_value_everywhere, .init = setup,
    .fini = teardown)
{
	static const char *const plans[] = {
		/* the plan: legend 15.72, report 15.73 */
		"--gpu rtx-pro-6000-server --model "
		"nvidia/Llama-3.3-70B-Instruct-FP8 "
		"--kv-cache-dtype fp8 --max-model-len 8192",
		"--gpu h200-nvl --model meta-llama/Llama-3.1-8B-Instruct",
		"--gpu h100-sxm --model Qwen/Qwen3-32B --max-model-len 8192",
		"--gpu l40s --model Qwen/Qwen3-8B --gpu-memory-utilization "
		"0.87",
		"--gpu h200-nvl --mig 2g.35gb --model Qwen/Qwen3-8B "
		"--max-model-len 16384",
		"--gpu a100-80gb-sxm --model meta-llama/Llama-3.1-70B-Instruct "
		"-tp 4",
		/* refused at the KV cache: too little for one request */
		"--gpu rtx-pro-6000-server --model "
		"nvidia/Llama-3.3-70B-Instruct-FP8 "
		"--kv-cache-dtype fp8",
		/* no memory left for the cache at all */
		"--gpu h100-sxm --model Qwen/Qwen3-32B "
		"--gpu-memory-utilization 0.82",
		"--gpu h100-sxm --model Qwen/Qwen3-32B "
		"--gpu-memory-utilization 0.75",
		/* stops at the weights: no figure */
		"--gpu rtx-pro-6000-server --model "
		"meta-llama/Llama-3.3-70B-Instruct",
	};
	const struct catalogue *c = test_catalogue();
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	size_t i;
	int negative = 0, none = 0;

	for (i = 0; i < sizeof plans / sizeof plans[0]; i++) {
		struct cli cli;
		struct plan p;
		struct report_in rin;
		struct compare_col col;
		char store[2048], want[32], w2[32], got[64], err[256];
		char *text, *md, *json, *quote, *cmp, qerr[512];
		static char screen[1 << 16];
		cJSON *root, *kv;
		int64_t kvb;
		bool have;
		struct app *a;

		cli_from(&cli, plans[i], NULL, store, sizeof store);
		plan_compute(c, &cli.imp.in, &p);
		have = plan_kv_figure(&p, &kvb);
		if (have)
			units_format_gib(kvb, want, sizeof want);
		else
			snprintf(want, sizeof want, "none");
		negative += have && kvb <= 0;
		none += !have;
		memset(&rin, 0, sizeof rin);
		rin.cat = c;
		rin.in = &cli.imp.in;
		rin.plan = &p;
		rin.model_source = cli.imp.model_source;
		text = report_text(&rin);
		md = report_markdown(&rin);
		json = report_json(&rin);
		quote = export_quote(&rin, qerr, sizeof qerr);
		cr_assert_not_null(quote, "%s", qerr);
		col.label = "x";
		col.file = NULL;
		col.in = &cli.imp.in;
		col.plan = &p;
		col.model_source = cli.imp.model_source;
		cmp = compare_text(c, &col, 1, 30);

		after(text, "Available KV cache memory:", got, sizeof got);
		cr_assert_str_eq(got, want, "%s: text report says %s, want %s",
		    plans[i], got, want);
		after(md, "| KV cache |", got, sizeof got);
		cr_assert_str_eq(got, want, "%s: Markdown report says %s",
		    plans[i], got);
		cr_assert_not_null(strstr(quote, "## Memory per card"));
		after(strstr(quote, "## Memory per card"), "| KV cache |", got,
		    sizeof got);
		cr_assert_str_eq(got, want, "%s: quote says %s", plans[i], got);
		after(cmp, "  KV cache", got, sizeof got);
		cr_assert_str_eq(got, want, "%s: compare says %s", plans[i],
		    got);
		root = cJSON_Parse(json);
		cr_assert_not_null(root);
		kv =
		    cJSON_GetObjectItem(cJSON_GetObjectItem(root, "memory_gib"),
			"kv_cache");
		cr_assert_not_null(kv, "%s: no memory_gib.kv_cache", plans[i]);
		if (have) {
			cr_assert(cJSON_IsNumber(kv));
			units_format_gib_value(kv->valuedouble, got,
			    sizeof got);
			cr_assert_str_eq(got, want, "%s: JSON says %s",
			    plans[i], got);
			cr_assert(kv->valuedouble == units_gib2(kvb));
		} else {
			cr_assert(cJSON_IsNull(kv),
			    "%s: JSON has a figure vLLM never logs", plans[i]);
		}
		/* the planner's legend */
		a = app_headless_new((struct catalogue *)c, &cli.imp.in, &plain,
		    40, 160);
		cr_assert_not_null(a);
		app_headless_dump(a, screen, sizeof screen);
		/* the weights and the CUDA graphs: one value too */
		units_format_gib(p.weights, w2, sizeof w2);
		after(text, "Model loading took", got, sizeof got);
		cr_assert_str_eq(got, w2, "%s: text weights %s, w2 %s",
		    plans[i], got, w2);
		after(strstr(quote, "## Memory per card"), "| Weights |", got,
		    sizeof got);
		cr_assert_str_eq(got, w2, "%s: quote weights %s", plans[i],
		    got);
		after(cmp, "  weights", got, sizeof got);
		cr_assert_str_eq(got, w2, "%s: compare weights %s", plans[i],
		    got);
		legend(screen, " weights ", got, sizeof got);
		cr_assert_str_eq(got, w2, "%s: legend weights %s", plans[i],
		    got);
		kv =
		    cJSON_GetObjectItem(cJSON_GetObjectItem(root, "memory_gib"),
			"weights");
		cr_assert(cJSON_IsNumber(kv) &&
		    kv->valuedouble == units_gib2(p.weights));
		if (p.cuda_graphs > 0) {
			units_format_gib(p.cuda_graphs, w2, sizeof w2);
			after(text, "Estimated CUDA graph memory:", got,
			    sizeof got);
			cr_assert_str_eq(got, w2, "%s: text graphs %s",
			    plans[i], got);
			after(cmp, "  CUDA graphs", got, sizeof got);
			cr_assert_str_eq(got, w2, "%s: compare graphs %s",
			    plans[i], got);
			legend(screen, " CUDA graphs ", got, sizeof got);
			cr_assert_str_eq(got, w2, "%s: legend graphs %s",
			    plans[i], got);
			kv = cJSON_GetObjectItem(cJSON_GetObjectItem(root,
						     "memory_gib"),
			    "cuda_graphs");
			cr_assert(cJSON_IsNumber(kv) &&
			    kv->valuedouble == units_gib2(p.cuda_graphs));
		}
		legend(screen, " KV cache ", got, sizeof got);
		if (have && kvb > 0)
			cr_assert_str_eq(got, want,
			    "%s: the legend says %s, want %s\n%s", plans[i],
			    got, want, screen);
		else
			cr_assert_str_eq(got, "",
			    "%s: the legend shows a KV cache of %s "
			    "for a plan that has none",
			    plans[i], got);
		app_headless_free(&a);
		cJSON_Delete(root);
		free(text);
		free(md);
		free(json);
		free(quote);
		free(cmp);
		cli_done(&cli);
		(void)err;
	}
	cr_assert_geq(negative, 1,
	    "no plan refused at the KV cache for want of memory");
	cr_assert_geq(none, 1, "no plan stopped before the KV cache");
}

/*
 * The command-line words for a plan input the views hand to the planner
 * (a fit-finder row, a shared-card instance, another release): card, slice,
 * cards, model, checkpoint and the flags those views set.
 */
static void
args_of(const struct plan_input *in, char *buf, size_t len)
{
	const struct catalogue *c = test_catalogue();
	char v[32];

	buf[0] = '=';
	buf[1] = '\0';
#define ADD(...) snprintf(buf + strlen(buf), len - strlen(buf), __VA_ARGS__)
	ADD("--gpu %s", c->gpus[in->gpu].id);
	if (in->mig >= 0)
		ADD(" --mig %s", c->gpus[in->gpu].mig[in->mig].name);
	if (in->gpus > 0)
		ADD(" --gpus %d", in->gpus);
	ADD(" --model %s", in->model->id);
	if (in->ckpt >= 0)
		ADD(" --checkpoint %s", c->ckpts[in->ckpt].id);
	else if (in->format != FMT_COUNT)
		ADD(" --checkpoint %s", ckpt_format_name(in->format));
	if (in->quantization_fp8)
		ADD(" --quantization fp8");
	if (in->tp > 0)
		ADD(" -tp %d", in->tp);
	if (in->pp > 0)
		ADD(" -pp %d", in->pp);
	if (in->dp > 0)
		ADD(" -dp %d", in->dp);
	if (in->util > 0)
		ADD(" --gpu-memory-utilization %.17g", in->util);
	if (in->max_model_len == -1)
		ADD(" --max-model-len auto");
	else if (in->max_model_len > 0)
		ADD(" --max-model-len %lld", (long long)in->max_model_len);
	if (in->kv_dtype != KV_AUTO)
		ADD(" --kv-cache-dtype %s", kv_dtype_name(in->kv_dtype));
	if (in->max_num_seqs > 0)
		ADD(" --max-num-seqs %d", in->max_num_seqs);
	if (in->tokens_per_request > 0)
		ADD(" --tokens-per-request %lld",
		    (long long)in->tokens_per_request);
	if (in->version > 0)
		ADD(" --vllm-version %s",
		    vllm_version_format(in->version, v, sizeof v));
#undef ADD
}

/* Starts the planner on BASE, sends KEYS, and returns the words of the input it holds then. */
static void
args_after(const char *base, const char *keys, char *buf, size_t len)
{
	struct cli cli;
	struct app *a;
	char store[2048];
	static const struct ui_options plain = { 0, 0, NULL, NULL };

	cli_from(&cli, base, NULL, store, sizeof store);
	a = app_headless_new((struct catalogue *)test_catalogue(), &cli.imp.in,
	    &plain, 40, 120);
	cr_assert_not_null(a);
	cr_assert_eq(app_headless_keys(a, keys), 0);
	args_of(app_headless_input(a), buf, len);
	app_headless_free(&a);
	cli_done(&cli);
}

Test(uiexport, rows_of_the_answer_views)
{
	const char *seeds = "--gpu rtx-pro-6000-server --model "
			    "meta-llama/Llama-3.3-70B-Instruct "
			    "--checkpoint nvidia/Llama-3.3-70B-Instruct-FP8 "
			    "--kv-cache-dtype fp8 "
			    "--max-model-len 8192 --tokens-per-request 8192";
	char more[1024];
	const char *const views[] = {
		"F<Enter>", "F<Down><Down><Enter>",
		"F>><Right><Enter>", /* fit rows */
		"S<Enter>", /* shared card */
		"U<Left><Left><Enter>", /* another release */
	};
	size_t i;

	for (i = 0; i < sizeof views / sizeof views[0]; i++) {
		args_after(seeds, views[i], more, sizeof more);
		check_change(views[i], seeds, views[i], more);
	}
}

/* x: the command line with every flag is the command line's --explicit. */
Test(uiexport, every_flag_or_only_changed_ones)
{
	struct cli cli, ex;
	struct app *a;
	struct plan p;
	struct report_in rin;
	char store[2048], store2[2048], k[512], err[256];
	char *got, *want;
	static const struct ui_options plain = { 0, 0, NULL, NULL };

	cli_from(&cli, QWEN32, NULL, store, sizeof store);
	a = app_headless_new((struct catalogue *)test_catalogue(), &cli.imp.in,
	    &plain, 40, 120);
	cr_assert_not_null(a);
	snprintf(k, sizeof k, "2/3.1 8b<Enter><Enter>xw<C-u>%s/x.sh<Enter>",
	    tmpdir);
	cr_assert_eq(app_headless_keys(a, k), 0);
	got = read_back("x.sh");
	cli_from(&ex, QWEN32,
	    "--model meta-llama/Llama-3.1-8B-Instruct --explicit", store2,
	    sizeof store2);
	plan_compute(test_catalogue(), &ex.imp.in, &p);
	memset(&rin, 0, sizeof rin);
	rin.cat = test_catalogue();
	rin.in = &ex.imp.in;
	rin.plan = &p;
	rin.model_source = ex.imp.model_source;
	rin.explicit_all = ex.explicit_all;
	cr_assert(ex.explicit_all);
	want = export_command(&rin, err, sizeof err);
	cr_assert_not_null(want, "%s", err);
	uncommented(want);
	cr_assert_str_eq(got, want,
	    "x then w:\n  %s  is not --explicit's\n  %s", got, want);
	free(got);
	free(want);
	app_headless_free(&a);
	cli_done(&ex);
	cli_done(&cli);
	check_change("x twice", QWEN32, "xx", NULL);
}

/* w, Q and the deployment view's files replace a file the planner did
 * not write only on Enter again; the file it wrote last is written again
 * without asking. */
Test(uiexport, an_existing_file_is_replaced_only_on_enter_again)
{
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	static const char *const writes[] = { "w", "Q" };
	struct cli cli;
	struct app *a;
	static char screen[1 << 16];
	char store[2048], k[1024], path[512], err[256], *t;
	size_t i;

	cli_from(&cli, QWEN32, NULL, store, sizeof store);
	a = app_headless_new((struct catalogue *)test_catalogue(), &cli.imp.in,
	    &plain, 40, 200);
	cr_assert_not_null(a);
	snprintf(path, sizeof path, "%s/plan.yaml", tmpdir);
	for (i = 0; i < 2; i++) {
		cr_assert_eq(textfile_write_atomic(path, "kept\n", 5, err,
				 sizeof err),
		    0, "%s", err);
		snprintf(k, sizeof k, "%s<C-u>%s<Enter>", writes[i], path);
		cr_assert_eq(app_headless_keys(a, k), 0);
		app_headless_dump(a, screen, sizeof screen);
		cr_assert_not_null(
		    strstr(screen, "the file exists; Enter again replaces it"),
		    "%s: %s", writes[i], screen);
		t = textfile_read(path, NULL, err, sizeof err);
		cr_assert_not_null(t, "%s", err);
		cr_assert_str_eq(t, "kept\n", "%s replaced the file unasked",
		    writes[i]);
		free(t);
		cr_assert_eq(app_headless_keys(a, "<Enter>"), 0);
		cr_assert_not_null(strstr(app_headless_status(a), "wrote the "),
		    "%s: '%s'", writes[i], app_headless_status(a));
		/* the file it wrote: again without asking */
		snprintf(k, sizeof k, "%s<C-u>%s<Enter>", writes[i], path);
		cr_assert_eq(app_headless_keys(a, k), 0);
		cr_assert_not_null(strstr(app_headless_status(a), "wrote the "),
		    "%s again: '%s'", writes[i], app_headless_status(a));
		/* a new file: no question */
		snprintf(k, sizeof k, "%s<C-u>%s/new-%zu<Enter>", writes[i],
		    tmpdir, i);
		cr_assert_eq(app_headless_keys(a, k), 0);
		cr_assert_not_null(strstr(app_headless_status(a), "wrote the "),
		    "%s new: '%s'", writes[i], app_headless_status(a));
	}
	app_headless_free(&a);
	cli_done(&cli);
}

/* The tokens prompt takes what --tokens-per-request and a scenario take:
 * a plan saved from the planner opens again. */
Test(uiexport, typed_tokens_stay_in_the_range_every_reader_takes)
{
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	struct cli cli;
	struct app *a;
	char store[2048];

	cli_from(&cli, QWEN32, NULL, store, sizeof store);
	a = app_headless_new((struct catalogue *)test_catalogue(), &cli.imp.in,
	    &plain, 24, 80);
	cr_assert_not_null(a);
	cr_assert_eq(app_headless_keys(a, "t<C-u>999999999<Enter>"), 0);
	cr_assert_eq(app_headless_input(a)->tokens_per_request, 0,
	    "999,999,999 tokens per request taken");
	cr_assert_eq(app_headless_keys(a, "<C-u>100000000<Enter>"), 0);
	cr_assert_eq(app_headless_input(a)->tokens_per_request, PLAN_TPR_MAX);
	app_headless_free(&a);
	cli_done(&cli);
}
