/*
 * test_ui_render.c - the whole planner on a virtual terminal (newterm on
 * /dev/null): screens against the files in tests/golden, and key sequences
 * against what the screen and the input show afterwards.
 *
 * HEADROOM_UPDATE_GOLDEN=1 rewrites the golden files from the screens
 * (review the diff before keeping it).
 */
#include <criterion/criterion.h>
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/units.h"
#include "helpers.h"
#include "io/textfile.h"
#include "ui/app.h"
#include "ui/layout.h"
#include "ui/lists.h"

#define GPU "rtx-pro-6000-server"
#define LLAMA70 "meta-llama/Llama-3.3-70B-Instruct"
#define LLAMA70_FP8 "nvidia/Llama-3.3-70B-Instruct-FP8"

static char screen[1 << 17];

static void
setup(void)
{
	test_ui_env();
}

TestSuite(render, .init = setup);

static void
reference_input(struct plan_input *in)
{
	test_input(in, GPU, LLAMA70, LLAMA70_FP8);
	in->kv_dtype = KV_FP8;
	in->max_model_len = 32768;
}

static struct app *
start(int rows, int cols, const struct ui_options *opt)
{
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	struct plan_input in;
	struct app *a;

	reference_input(&in);
	a = app_headless_new((struct catalogue *)test_catalogue(), &in,
	    opt ? opt : &plain, rows, cols);
	cr_assert_not_null(a, "no virtual terminal");
	return a;
}

static const char *
dump(struct app *a)
{
	app_headless_dump(a, screen, sizeof screen);
	return screen;
}

static void
keys(struct app *a, const char *k)
{
	cr_assert_eq(app_headless_keys(a, k), 0, "bad key script %s", k);
}

static void
check_golden(struct app *a, const char *name)
{
	const char *top = getenv("TOP_SRCDIR");
	char path[1024], err[256];
	char *want;

	snprintf(path, sizeof path, "%s/tests/golden/%s.txt", top ? top : ".",
	    name);
	dump(a);
	if (getenv("HEADROOM_UPDATE_GOLDEN") != NULL) {
		cr_assert_eq(textfile_write_atomic(path, screen, strlen(screen),
				 err, sizeof err),
		    0, "%s", err);
		return;
	}
	want = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(want, "%s (HEADROOM_UPDATE_GOLDEN=1 writes it)",
	    err);
	cr_assert_str_eq(screen, want,
	    "the screen differs from %s; it is now:\n%s", path, screen);
	free(want);
}

/* The line of the screen holding text, or NULL. */
static const char *
line_with(const char *text)
{
	return strstr(screen, text);
}

Test(render, reference_screen_80x24)
{
	struct app *a = start(24, 80, NULL);

	check_golden(a, "start-80x24");
	app_headless_free(&a);
	cr_assert_null(a);
}

Test(render, reference_screen_200x50)
{
	struct app *a = start(50, 200, NULL);

	check_golden(a, "start-200x50");
	app_headless_free(&a);
}

Test(render, ascii_and_monochrome)
{
	struct ui_options opt = { 1, 1, NULL, NULL };
	struct app *a = start(24, 80, &opt);
	int x;

	check_golden(a, "start-ascii-mono-80x24");
	/* no colour pair anywhere on the first row */
	for (x = 0; x < 80; x++)
		cr_assert_eq(app_headless_attr(a, 0, x) & A_COLOR, 0);
	app_headless_free(&a);
}

Test(render, no_color_environment_means_attributes_only)
{
	struct app *a;
	unsigned long at;

	setenv("NO_COLOR", "1", 1);
	a = start(24, 80, NULL);
	dump(a);
	/* the focused pane's header is reverse video, without colour */
	at = app_headless_attr(a, 0, 2);
	cr_assert(at & A_REVERSE, "attr %lx", at);
	cr_assert_eq(at & A_COLOR, 0);
	cr_assert(line_with("#####") != NULL, "segments drawn with characters");
	app_headless_free(&a);
}

Test(render, help_overlay_is_generated_from_the_key_table)
{
	struct app *a = start(24, 80, NULL);

	keys(a, "?");
	check_golden(a, "help-80x24");
	cr_assert(line_with("undo the last change") != NULL);
	keys(a, "<Esc>");
	dump(a);
	cr_assert_null(line_with("headroom keys"), "closed");
	app_headless_free(&a);
}

Test(render, too_small_then_resized)
{
	struct app *a = start(20, 60, NULL);

	check_golden(a, "too-small-60x20");
	app_headless_resize(a, 24, 80);
	dump(a);
	cr_assert_null(line_with("too small"));
	cr_assert_not_null(line_with("Concurrency"));
	app_headless_resize(a, 24, 79);
	dump(a);
	cr_assert_not_null(line_with("too small"));
	app_headless_free(&a);
}

static long long
requests_fit(void)
{
	const char *p = strstr(screen, "\u25b6 tokens per request");
	long long n = -1;

	cr_assert_not_null(p, "%s", screen);
	p = strchr(p, ':');
	cr_assert_not_null(p);
	sscanf(p + 1, " %lld", &n);
	return n;
}

Test(render, slider_repaints_only_what_it_changes)
{
	struct app *a = start(24, 80, NULL);
	long long before, after;
	unsigned painted;

	dump(a);
	before = requests_fit();
	keys(a, "[");
	painted = app_headless_painted(a);
	dump(a);
	after = requests_fit();
	cr_assert_gt(after, before,
	    "half the tokens: more requests (%lld -> %lld)", before, after);
	cr_assert(painted & (1u << PANE_CONC));
	cr_assert_eq(painted &
		((1u << PANE_GPU) | (1u << PANE_MODEL) | (1u << PANE_FLAGS) |
		    (1u << PANE_BAR) | (1u << PANE_CMD)),
	    0, "painted %#x", painted);
	cr_assert_not_null(line_with("16,384"), "%s", screen);
	keys(a, "<Left>");
	dump(a);
	cr_assert_geq(requests_fit(), after);
	keys(a, "T");
	dump(a);
	cr_assert_eq(requests_fit(), before);
	cr_assert_eq(app_headless_input(a)->tokens_per_request, 0);
	app_headless_free(&a);
}

Test(render, cursor_moves_repaint_one_pane)
{
	struct app *a = start(24, 80, NULL);
	unsigned painted;

	keys(a, "j");
	painted = app_headless_painted(a);
	cr_assert_eq(painted, (1u << PANE_GPU) | (1u << PANE_STATUS), "%#x",
	    painted);
	app_headless_free(&a);
}

Test(render, typed_values_are_refused_in_place)
{
	struct app *a = start(24, 80, NULL);
	struct plan_input before = *app_headless_input(a);

	keys(a, "4<Enter><C-u>1.7<Enter>");
	dump(a);
	cr_assert_not_null(line_with("--gpu-memory-utilization: 1.7"), "%s",
	    screen);
	cr_assert_not_null(line_with("at most 1"), "%s", screen);
	cr_assert(memcmp(&before, app_headless_input(a), sizeof before) == 0);
	keys(a, "<BS><BS><BS>0.85<Enter>");
	cr_assert_float_eq(app_headless_input(a)->util, 0.85, 1e-12);
	dump(a);
	cr_assert_not_null(line_with("0.85"));
	keys(a, "u");
	cr_assert_float_eq(app_headless_input(a)->util, 0, 1e-12, "undone");
	app_headless_free(&a);
}

Test(render, raising_max_model_len_fails_then_a_fix_applies)
{
	struct app *a = start(24, 80, NULL);

	keys(a, "4j<PgUp>");
	cr_assert_eq(app_headless_input(a)->max_model_len, 131072);
	dump(a);
	cr_assert_not_null(line_with("stops at KV cache sizing"), "%s", screen);
	cr_assert_not_null(line_with("kv-cache"), "%s", screen);
	keys(a, "f");
	dump(a);
	cr_assert_not_null(line_with("vLLM starts"), "%s", screen);
	cr_assert_not_null(line_with("applied:"), "%s", screen);
	keys(a, "u");
	cr_assert_eq(app_headless_input(a)->max_model_len, 131072);
	keys(a, "u");
	cr_assert_eq(app_headless_input(a)->max_model_len, 32768);
	app_headless_free(&a);
}

Test(render, choosing_a_mig_slice)
{
	const struct catalogue *c = test_catalogue();
	struct gpu_row rows[512];
	size_t n = lists_gpu_rows(c, rows, 512);
	int g = catalogue_find_gpu(c, GPU);
	int mig = catalogue_find_mig(&c->gpus[g], "2g.48gb");
	int from = lists_gpu_find(rows, n, g, -1),
	    to = lists_gpu_find(rows, n, g, mig);
	struct app *a = start(24, 80, NULL);
	char k[64];
	int i;

	cr_assert_gt(to, from);
	k[0] = '\0';
	for (i = from; i < to; i++)
		strcat(k, "j");
	strcat(k, "<Enter>");
	keys(a, k);
	cr_assert_eq(app_headless_input(a)->mig, mig);
	dump(a);
	cr_assert_not_null(line_with("2g.48gb"));
	cr_assert_not_null(line_with("stops at weight loading"), "%s", screen);
	app_headless_free(&a);
}

Test(render, a_derived_default_is_no_change)
{
	struct plan_input in;
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	struct app *a;
	const char *l, *nl;
	char row[256];

	reference_input(&in);
	in.max_num_seqs = 64; /* vLLM then captures up to 2 x 64 = 128 */
	a = app_headless_new((struct catalogue *)test_catalogue(), &in, &plain,
	    50, 200);
	cr_assert_not_null(a);
	dump(a);
	l = line_with("--max-cudagraph-capture-size");
	cr_assert_not_null(l, "%s", screen);
	nl = strchr(l, '\n');
	snprintf(row, sizeof row, "%.*s", (int)(nl ? nl - l : 80), l);
	/* the row ends where the flags pane does */
	cr_assert_not_null(strstr(row, "128  128"), "value and default: %s",
	    row);
	cr_assert_null(strstr(row, "●"), "not marked as changed: %s", row);
	l = line_with("--max-num-seqs");
	cr_assert_not_null(l);
	nl = strchr(l, '\n');
	snprintf(row, sizeof row, "%.*s", (int)(nl ? nl - l : 80), l);
	cr_assert_not_null(strstr(row, "●"), "max-num-seqs is: %s", row);
	app_headless_free(&a);
}

Test(render, card_search_filters_the_gpu_list)
{
	struct app *a = start(24, 80, NULL);
	const char *s;

	/* the planned card is named whatever the cursor shows */
	dump(a);
	cr_assert_not_null(line_with("Memory per GPU: 94.97 GiB on 1 × "
				     "rtx-pro-6000-server"),
	    "%s", screen);
	keys(a, "1/h200 1g");
	dump(a);
	cr_assert_not_null(line_with("/h200 1g "),
	    "the header shows the query: %s", screen);
	cr_assert_not_null(line_with("1g.18gb"), "%s", screen);
	cr_assert_null(line_with("● rtx-pro-6000-server │"),
	    "other cards are gone: %s", screen);
	cr_assert_null(line_with("2g.35gb"),
	    "slices that do not match are gone: %s", screen);
	keys(a, "<Enter>j");
	dump(a);
	cr_assert_not_null(line_with("not planned"),
	    "the facts are the cursor's, "
	    "not the plan's: %s",
	    screen);
	cr_assert_not_null(line_with("on 1 × rtx-pro-6000-server"), "%s",
	    screen);
	keys(a, "<Enter>");
	cr_assert_geq(app_headless_input(a)->mig, 0,
	    "a 1g slice of an H200 is planned");
	dump(a);
	s = line_with("Memory per slice:");
	cr_assert_not_null(s, "%s", screen);
	cr_assert_not_null(strstr(s, "h200"), "%s", screen);
	/* the search comes back prefilled; Esc clears it */
	keys(a, "/<Esc>");
	dump(a);
	cr_assert_null(line_with("/h200"), "%s", screen);
	cr_assert_not_null(line_with("/96 │"), "every row again: %s", screen);
	/* a query that leaves one row uses it */
	keys(a, "/pro 6000 server 4g.96<Enter>");
	cr_assert_eq(app_headless_input(a)->mig, 2, "the 4g.96gb slice");
	keys(a, "j"); /* the status line gives way to the hint */
	dump(a);
	cr_assert_not_null(line_with("4g.96gb: 95.12 GiB by mig -lgip"), "%s",
	    screen);
	app_headless_free(&a);
}

Test(render, model_search_picks_the_single_match)
{
	struct app *a = start(24, 80, NULL);
	const struct model *m;

	keys(a, "2/qwen3 14<Enter>"); /* in the GPU list / searches the cards */
	m = app_headless_input(a)->model;
	cr_assert_not_null(m);
	cr_assert(strstr(m->name, "14B") != NULL, "%s", m->name);
	keys(a, "/zzzz");
	dump(a);
	cr_assert_not_null(line_with("no model matches"));
	keys(a, "<Esc>");
	dump(a);
	cr_assert_null(line_with("no model matches"));
	app_headless_free(&a);
}

Test(render, command_line_export_and_style)
{
	struct app *a = start(24, 80, NULL);
	char dir[] = "/tmp/headroom-cmd-XXXXXX", path[256], k[400], err[256];
	char *text;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/serve.sh", dir);
	snprintf(k, sizeof k, "w<C-u>%s<Enter>", path);
	keys(a, k);
	text = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	cr_assert(strncmp(text, "vllm serve nvidia/Llama-3.3-70B-Instruct-FP8",
		      44) == 0,
	    "%s", text);
	cr_assert(strstr(text, "--kv-cache-dtype fp8") != NULL, "%s", text);
	free(text);
	dump(a);
	cr_assert_not_null(line_with("wrote the command line"));
	keys(a, "w<C-u>/nonexistent-dir/x.sh<Enter>");
	dump(a);
	cr_assert_not_null(line_with("write the command line to:"),
	    "still asking");
	keys(a, "<Esc>x");
	dump(a);
	cr_assert_not_null(line_with("--gpu-memory-utilization"),
	    "every flag: %s", screen);
	keys(a, "y");
	cr_assert(strstr(app_headless_status(a), "OSC 52") != NULL);
	remove(path);
	rmdir(dir);
	app_headless_free(&a);
}

/* Two cards for a one-card plan: two servers, each line pinned and on its port. */
Test(render, replicas_get_a_launch_line_each)
{
	struct app *a = start(50, 200, NULL);
	char dir[] = "/tmp/headroom-rep-XXXXXX", path[256], k[400], err[256];
	char *text;
	const char *l;

	keys(a, "1+");
	cr_assert_eq(app_headless_input(a)->gpus, 2);
	dump(a);
	l = line_with("$ CUDA_VISIBLE_DEVICES=0 vllm serve");
	cr_assert_not_null(l, "%s", screen);
	cr_assert_not_null(line_with("$ CUDA_VISIBLE_DEVICES=1 vllm serve"),
	    "%s", screen);
	cr_assert_not_null(line_with("--port 8001"), "%s", screen);
	cr_assert_not_null(line_with("on 2 × rtx-pro-6000-server, 2 replicas"),
	    "%s", screen);
	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/serve.sh", dir);
	snprintf(k, sizeof k, "w<C-u>%s<Enter>", path);
	keys(a, k);
	text = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	cr_assert(strncmp(text, "CUDA_VISIBLE_DEVICES=0 vllm serve ", 34) == 0,
	    "%s", text);
	cr_assert_not_null(
	    strstr(text, " --port 8000\nCUDA_VISIBLE_DEVICES=1 vllm serve "),
	    "%s", text);
	cr_assert_not_null(strstr(text, " --port 8001\n"), "%s", text);
	free(text);
	remove(path);
	/* Q: the quote sheet of the plan on screen, HTML or Markdown */
	snprintf(path, sizeof path, "%s/quote.html", dir);
	snprintf(k, sizeof k, "Q<C-u>%s<Enter>", path);
	keys(a, k);
	cr_assert_not_null(strstr(app_headless_status(a),
			       "wrote the quote sheet"),
	    "%s", app_headless_status(a));
	text = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	cr_assert(strncmp(text, "<!DOCTYPE html>", 15) == 0, "%s", text);
	cr_assert_not_null(strstr(text, "id=\"users\">6<"),
	    "2 replicas x 3: %s", text);
	cr_assert_not_null(strstr(text, "CUDA_VISIBLE_DEVICES=1 vllm serve"),
	    "%s", text);
	free(text);
	remove(path);
	snprintf(path, sizeof path, "%s/quote.md", dir);
	snprintf(k, sizeof k, "Q<C-u>%s<Enter>", path);
	keys(a, k);
	text = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	cr_assert(strncmp(text, "# Quote: ", 9) == 0, "%s", text);
	free(text);
	remove(path);
	rmdir(dir);
	keys(a, "y");
	cr_assert_not_null(strstr(app_headless_status(a), "launch lines"), "%s",
	    app_headless_status(a));
	/* one card again: one line, no pinning */
	keys(a, "-");
	dump(a);
	cr_assert_null(line_with("CUDA_VISIBLE_DEVICES"), "%s", screen);
	cr_assert_not_null(line_with("$ vllm serve"), "%s", screen);
	app_headless_free(&a);
}

Test(render, checkpoint_choices_show_why_they_fail)
{
	struct app *a = start(24, 80, NULL);
	struct plan_input in;

	keys(a, "3<Home>");
	dump(a);
	cr_assert_not_null(line_with("weights"), "%s", screen);
	keys(a, "<Enter>");
	in = *app_headless_input(a);
	cr_assert_eq(test_catalogue()->ckpts[in.ckpt].format, FMT_BF16);
	dump(a);
	cr_assert_not_null(line_with("stops at"), "BF16 70B does not fit: %s",
	    screen);
	app_headless_free(&a);
}

Test(render, bench_function_measures)
{
	struct plan_input in;
	double med = -1, p99 = -1, first = -1;

	reference_input(&in);
	cr_assert_eq(app_bench_keys((struct catalogue *)test_catalogue(), &in,
			 24, 80, "[[]]<Left><Right>jjkk4jj+-", &med, &p99,
			 &first),
	    0);
	cr_assert_gt(med, 0);
	cr_assert_geq(p99, med);
	cr_assert_gt(first, 0);
	cr_assert_eq(app_bench_keys((struct catalogue *)test_catalogue(), &in,
			 24, 80, "<Bogus>", &med, &p99, &first),
	    -1);
}

Test(render, without_a_model_the_lists_still_work)
{
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	struct plan_input in;
	struct app *a;

	plan_input_init(&in);
	in.gpu = catalogue_find_gpu(test_catalogue(), GPU);
	a = app_headless_new((struct catalogue *)test_catalogue(), &in, &plain,
	    24, 80);
	cr_assert_not_null(a);
	dump(a);
	cr_assert_not_null(line_with("No model specified"), "%s", screen);
	keys(a, "2<Enter>");
	cr_assert_not_null(app_headless_input(a)->model);
	dump(a);
	cr_assert_null(line_with("No model specified"), "%s", screen);
	cr_assert_not_null(line_with("$ vllm serve"), "%s", screen);
	app_headless_free(&a);
}
