/*
 * test_ui_paste.c - pasting into the planner and the multimodal flags.
 *
 * Pastes go in as a terminal sends them: raw bytes with the bracketed
 * paste markers, through curses' own key decoding (app_headless_bytes()),
 * so these tests see what curses really delivers for ESC [ 2 0 0 ~.  The
 * multimodal rows of the Flags pane are checked on the flag table and on
 * the whole planner.
 */
#include <criterion/criterion.h>
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/recalc.h"
#include "core/units.h"
#include "helpers.h"
#include "io/cli.h"
#include "io/serve_command.h"
#include "io/textfile.h"
#include "ui/app.h"
#include "ui/flags.h"
#include "ui/keys.h"
#include "ui/layout.h"
#include "ui/paste.h"

#define BEGIN "\033[200~"
#define END "\033[201~"
#define QWEN_VL "Qwen/Qwen2.5-VL-7B-Instruct"

static char screen[1 << 17];

static void
setup(void)
{
	test_ui_env();
}

TestSuite(paste, .init = setup);
TestSuite(mmflags, .init = setup);

static struct app *
start_with(const char *gpu, const char *model, int rows, int cols)
{
	static const struct ui_options plain = { 0, 0, NULL, NULL };
	struct plan_input in;
	struct app *a;

	test_input(&in, gpu, model, NULL);
	a = app_headless_new((struct catalogue *)test_catalogue(), &in, &plain,
	    rows, cols);
	cr_assert_not_null(a, "no virtual terminal");
	return a;
}

static struct app *
start(void)
{
	return start_with("h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", 40,
	    140);
}

static const char *
dump(struct app *a)
{
	app_headless_dump(a, screen, sizeof screen);
	return screen;
}

static void
feed(struct app *a, const char *bytes)
{
	cr_assert_eq(app_headless_bytes(a, bytes, strlen(bytes)), 0);
}

/* Pastes text as a terminal does: between the markers, newlines as CR. */
static void
paste(struct app *a, const char *text)
{
	size_t n = strlen(text), i;
	char *b = malloc(n + 16);

	cr_assert_not_null(b);
	memcpy(b, BEGIN, 6);
	for (i = 0; i < n; i++)
		b[6 + i] = text[i] == '\n' ? '\r' : text[i];
	memcpy(b + 6 + n, END, 7);
	cr_assert_eq(app_headless_bytes(a, b, n + 12), 0);
	free(b);
}

static char *
fixture(const char *name, size_t *len)
{
	const char *top = getenv("TOP_SRCDIR");
	char path[1024], err[256];
	char *t;

	snprintf(path, sizeof path, "%s/tests/fixtures/logs/%s",
	    top ? top : ".", name);
	t = textfile_read(path, len, err, sizeof err);
	cr_assert_not_null(t, "%s", err);
	return t;
}

/* ---- the paste itself ---- */

Test(paste, recognises_a_log_a_command_and_other_text)
{
	size_t len;
	char *log = fixture("v0.19-llama8b-h100-tp1.log", &len);
	static const char *commands[] = {
		"vllm serve Qwen/Qwen3-8B --max-model-len 16k",
		"$ CUDA_VISIBLE_DEVICES=0,1 vllm serve "
		"Qwen/Qwen3-8B \\\n"
		"    --tensor-parallel-size 2 \\\n    "
		"--max-model-len 16k\n",
		"# the production box\n\nsudo -E "
		"/opt/venv/bin/vllm serve x --served-model-name 'a "
		"b'",
		"python3 -m vllm.entrypoints.openai.api_server "
		"--model Qwen/Qwen3-8B",
		"VAR=1 env -i docker run --gpus all "
		"vllm/vllm-openai:v0.19.0 --model m",
		"vllm serve Qwen/Qwen3-8B --served-model-name "
		"$(id)", /* refused later */
	};
	static const char *others[] = {
		"hello world",
		"vllm bench serve x",
		"pip install vllm",
		"serve vllm",
		"python3 train.py -m vllm",
		"",
		"\n\n# just a comment\n",
	};
	size_t i;

	cr_assert_eq(paste_classify(log, len), PASTE_LOG);
	for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
		cr_assert_eq(paste_classify(commands[i], strlen(commands[i])),
		    PASTE_COMMAND, "%s", commands[i]);
	for (i = 0; i < sizeof others / sizeof others[0]; i++)
		cr_assert_eq(paste_classify(others[i], strlen(others[i])),
		    PASTE_OTHER, "'%s'", others[i]);
	free(log);
}

Test(paste, collects_up_to_a_mebibyte_and_fixes_line_ends)
{
	struct paste p;
	char chunk[4096];
	size_t i;

	memset(&p, 0, sizeof p);
	paste_begin(&p);
	paste_add(&p, "a\r\nb\rc\0d\n", 9);
	paste_end(&p);
	cr_assert_str_eq(p.text, "a\nb\ncd\n");
	cr_assert_eq(p.len, 7);
	cr_assert(!p.cut);
	cr_assert_eq(paste_count_lines(p.text, p.len), 3);
	cr_assert_eq(paste_count_lines("x", 1), 1);
	cr_assert_eq(paste_count_lines("x\ny", 3), 2);

	memset(chunk, 'x', sizeof chunk);
	paste_begin(&p);
	for (i = 0; i < PASTE_MAX / sizeof chunk + 2; i++)
		paste_add(&p, chunk, sizeof chunk);
	paste_end(&p);
	cr_assert_eq(p.len, PASTE_MAX);
	cr_assert(p.cut);
	cr_assert_eq(p.dropped, 2 * sizeof chunk);
	paste_begin(&p);
	cr_assert(!p.cut, "the next paste starts afresh");
	paste_done(&p);
}

/* paste_join_lines() on a string */
static int
join(const char *text, char *out, size_t cap)
{
	return paste_join_lines(text, strlen(text), out, cap);
}

/* paste_excerpt() of a string, at most max bytes */
static const char *
excerpt(const char *text, size_t max, char *buf, size_t len)
{
	return paste_excerpt(text, strlen(text), max, buf, len);
}

Test(paste, joins_lines_for_the_prompt_and_quotes_safely)
{
	char out[256], ex[64];

	cr_assert_eq(join("vllm serve m \\\n  --a 1 \\  \n\t--b 2\n", out,
			 sizeof out),
	    0);
	cr_assert_str_eq(out, "vllm serve m --a 1 --b 2");
	cr_assert_eq(join("# note\nvllm serve m\n--x\n", out, sizeof out), 0);
	cr_assert_str_eq(out, "vllm serve m --x");
	cr_assert_eq(join("  4096\n", out, sizeof out), 0);
	cr_assert_str_eq(out, "4096");
	cr_assert_eq(join("abcdefgh", out, 5), -1, "too long");
	cr_assert_str_eq(out, "abcd");

	excerpt("\n  caf\xc3\xa9 \033[31mred\n2nd line", 40, ex, sizeof ex);
	cr_assert_str_eq(ex, "caf\xc3\xa9 ?[31mred...");
	excerpt("\xff\xc2\x85ok", 40, ex, sizeof ex);
	cr_assert_str_eq(ex, "??ok", "malformed UTF-8 and C1 controls");
	excerpt("0123456789", 4, ex, sizeof ex);
	cr_assert_str_eq(ex, "0123...");
	excerpt("quit \n \n", 40, ex, sizeof ex);
	cr_assert_str_eq(ex, "quit", "blanks after it are not more text");
}

/* ---- through curses ---- */

Test(paste, curses_delivers_the_markers_as_one_key_each)
{
	struct app *a = start();
	struct plan_input before = *app_headless_input(a);

	/* keys first: Esc alone and a cursor key still decode as keys */
	feed(a, "4\033OB");
	cr_assert_not_null(strstr(dump(a), "--max-model-len = "),
	    "Down moved to "
	    "the second flag: %s",
	    screen);
	feed(a, "p");
	cr_assert_not_null(strstr(dump(a), "vllm serve command:"));
	feed(a, "\033");
	cr_assert_null(strstr(dump(a), "vllm serve command:"),
	    "Esc closed the prompt");
	/* keys inside a paste are text, never actions: q u 4 + j t p */
	paste(a, "qu4+jtp");
	cr_assert(memcmp(&before, app_headless_input(a), sizeof before) == 0);
	cr_assert_not_null(strstr(app_headless_status(a),
			       "not a vLLM startup log"),
	    "%s", app_headless_status(a));
	cr_assert_not_null(strstr(app_headless_status(a), "\"qu4+jtp\""), "%s",
	    app_headless_status(a));
	cr_assert_null(strstr(dump(a), "tokens per request (or max):"),
	    "no prompt opened");
	/* a sequence curses knows as a key (Up: ESC O A) stays text in a paste */
	paste(a, "x\033OAy");
	cr_assert(memcmp(&before, app_headless_input(a), sizeof before) == 0);
	cr_assert_not_null(strstr(app_headless_status(a), "\"x?OAy\""), "%s",
	    app_headless_status(a));
	/* the scripts' names for the markers */
	cr_assert_eq(app_headless_keys(a, "<Paste>hello<PasteEnd>"), 0);
	cr_assert_not_null(strstr(app_headless_status(a), "\"hello\""));
	/* an end marker split across reads arrives byte by byte: still the end */
	cr_assert_eq(app_headless_keys(a, "<Paste>split<Esc>[201~"), 0);
	cr_assert_not_null(strstr(app_headless_status(a), "\"split\""), "%s",
	    app_headless_status(a));
	feed(a, "p");
	cr_assert_not_null(strstr(dump(a), "vllm serve command:"),
	    "keys again");
	feed(a, "\033");
	/* a stray end marker is ignored; the planner still runs */
	feed(a, END "4");
	app_headless_free(&a);
}

Test(paste, a_startup_log_calibrates_as_L_does)
{
	char dir[] = "/tmp/headroom-paste.XXXXXX", *log, path[512];
	struct app *a;
	size_t len;

	cr_assert_not_null(mkdtemp(dir));
	setenv("XDG_CONFIG_HOME", dir, 1);
	setenv("XDG_DATA_HOME", dir, 1);
	a = start_with("h100-sxm", "Qwen/Qwen3-8B", 40, 140);
	log = fixture("v0.19-llama8b-h100-tp1.log", &len);
	paste(a, log);
	free(log);
	cr_assert_not_null(strstr(app_headless_status(a),
			       "calibrated from the pasted "
			       "log"),
	    "%s", app_headless_status(a));
	dump(a);
	cr_assert_not_null(strstr(screen,
			       "Calibration: the log against headroom's plan"),
	    "%s", screen);
	cr_assert_not_null(strstr(screen, "58.11"));
	cr_assert_str_eq(app_headless_input(a)->model->id,
	    "meta-llama/Llama-3.1-8B-Instruct", "the log's model");
	cr_assert_eq(app_headless_input(a)->max_model_len, 8192,
	    "the log's settings");
	cr_assert_neq(app_headless_input(a)->cal.terms, 0u,
	    "the measured terms");
	cr_assert_eq(app_headless_keys(a, "s"), 0);
	cr_assert_not_null(strstr(app_headless_status(a),
			       "stored the calibration "
			       "profile"),
	    "%s", app_headless_status(a));
	snprintf(path, sizeof path,
	    "%s/headroom/calibration/h100-sxm--meta-llama--"
	    "Llama-3.1-8B-Instruct--bf16--v0.19.0--tp1pp1.yaml",
	    dir);
	cr_assert_eq(access(path, R_OK), 0, "no profile at %s", path);
	app_headless_free(&a);
}

/* A log whose non-default args end in a backslash: the paste is named as a
 * log, refused with the reason, the plan is kept and the planner goes on. */
Test(paste, a_log_whose_args_end_in_a_backslash_is_refused)
{
	struct app *a = start();
	struct plan_input before = *app_headless_input(a);
	char *log, *cut, *t;
	size_t len;

	log = fixture("v0.19-llama8b-h100-tp1.log", &len);
	cut = strstr(log, "non-default args: {");
	cr_assert_not_null(cut);
	t = malloc(len + 64);
	cr_assert_not_null(t);
	memcpy(t, log, (size_t)(cut - log));
	/* the args dict cut inside a string, right after a backslash, and ESC */
	strcpy(t + (cut - log), "non-default args: {'model': '\033[2J\\");
	free(log);
	cr_assert_eq(paste_classify(t, strlen(t)), PASTE_LOG);
	paste(a, t);
	free(t);
	cr_assert_not_null(strstr(app_headless_status(a),
			       "unterminated string"),
	    "%s", app_headless_status(a));
	cr_assert_null(strchr(app_headless_status(a), '\033'), "%s",
	    app_headless_status(a));
	cr_assert(memcmp(&before, app_headless_input(a), sizeof before) == 0);
	feed(a, "p");
	cr_assert_not_null(strstr(dump(a), "vllm serve command:"),
	    "keys again");
	app_headless_free(&a);
}

Test(paste, a_multi_line_command_is_imported_as_p_does)
{
	struct app *a = start();

	paste(a,
	    "CUDA_VISIBLE_DEVICES=0 vllm serve Qwen/Qwen3-8B \\\n"
	    "  --max-model-len 16k \\\n  --served-model-name 'my qwen'\n");
	cr_assert_str_eq(app_headless_input(a)->model->id, "Qwen/Qwen3-8B");
	cr_assert_eq(app_headless_input(a)->max_model_len, 16000);
	cr_assert_not_null(strstr(app_headless_status(a),
			       "pasted command: Qwen/Qwen3-8B"),
	    "%s", app_headless_status(a));
	dump(a);
	cr_assert_not_null(strstr(screen,
			       "$ CUDA_VISIBLE_DEVICES=0 vllm serve "
			       "Qwen/Qwen3-8B --max-model-len 16000"),
	    "%s", screen);
	/* a command the import refuses says why and changes nothing */
	{
		struct plan_input before = *app_headless_input(a);

		paste(a,
		    "vllm serve Qwen/Qwen3-8B --served-model-name $(id)\n");
		cr_assert(
		    memcmp(&before, app_headless_input(a), sizeof before) == 0);
		cr_assert_not_null(strstr(app_headless_status(a),
				       "pasted command: "),
		    "%s", app_headless_status(a));
		cr_assert_not_null(strstr(app_headless_status(a), "$(id)"),
		    "%s", app_headless_status(a));
	}
	cr_assert_eq(app_headless_keys(a, "u"), 0);
	cr_assert_str_eq(app_headless_input(a)->model->id,
	    "meta-llama/Llama-3.1-8B-Instruct", "u undoes the import");
	app_headless_free(&a);
}

Test(paste, an_oversized_paste_is_cut_and_says_so)
{
	struct app *a = start();
	size_t n = PASTE_MAX + 4096, i;
	char *b = malloc(n + 16);

	cr_assert_not_null(b);
	memcpy(b, BEGIN, 6);
	for (i = 0; i < n; i++)
		b[6 + i] = i % 64 == 63 ? '\r' : 'x';
	memcpy(b + 6 + n, END, 7);
	cr_assert_eq(app_headless_bytes(a, b, n + 12), 0);
	free(b);
	cr_assert_not_null(strstr(app_headless_status(a), "cut at 1 MiB"), "%s",
	    app_headless_status(a));
	cr_assert_not_null(strstr(app_headless_status(a), "(1048576 bytes"),
	    "%s", app_headless_status(a));
	/* the next keys are keys again */
	feed(a, "p");
	cr_assert_not_null(strstr(dump(a), "vllm serve command:"));
	app_headless_free(&a);
}

Test(paste, into_an_open_prompt_a_line_is_typed_not_entered)
{
	struct app *a = start();

	cr_assert_eq(app_headless_keys(a, "t<C-u>"), 0);
	paste(a, "4096\n");
	cr_assert_eq(app_headless_input(a)->tokens_per_request, 0,
	    "no Enter yet");
	cr_assert_not_null(strstr(dump(a), "tokens per request (or max): 4096"),
	    "%s", screen);
	cr_assert_eq(app_headless_keys(a, "<Enter>"), 0);
	cr_assert_eq(app_headless_input(a)->tokens_per_request, 4096);

	/* the command prompt takes several lines, joined, for Enter */
	cr_assert_eq(app_headless_keys(a, "p"), 0);
	paste(a, "vllm serve Qwen/Qwen3-8B \\\n  --max-model-len 16k\n");
	cr_assert_str_eq(app_headless_input(a)->model->id,
	    "meta-llama/Llama-3.1-8B-Instruct", "not imported before Enter");
	cr_assert_not_null(strstr(dump(a),
			       "vllm serve command: vllm serve "
			       "Qwen/Qwen3-8B --max-model-len 16k"),
	    "%s", screen);
	cr_assert_eq(app_headless_keys(a, "<Enter>"), 0);
	cr_assert_str_eq(app_headless_input(a)->model->id, "Qwen/Qwen3-8B");
	cr_assert_eq(app_headless_input(a)->max_model_len, 16000);

	/* several lines elsewhere: the prompt gives way to the paste */
	cr_assert_eq(app_headless_keys(a, "/"), 0);
	paste(a, "not\na command\n");
	cr_assert_null(strstr(dump(a), "search models:"), "%s", screen);
	cr_assert_not_null(strstr(app_headless_status(a), "pasted 2 lines"),
	    "%s", app_headless_status(a));
	app_headless_free(&a);
}

/* ---- the multimodal flags ---- */

static bool
has_row(const struct plan_input *in, enum flag_id f)
{
	enum flag_id ids[FLAG_COUNT];
	size_t n = flags_rows(in, ids, FLAG_COUNT), i;

	for (i = 0; i < n; i++)
		if (ids[i] == f)
			return true;
	return false;
}

static void
planned(const struct plan_input *in, struct plan *p, struct plan *d)
{
	struct plan_input din = *in;

	plan_compute(test_catalogue(), in, p);
	recalc_input_for_defaults(&din);
	plan_compute(test_catalogue(), &din, d);
}

Test(mmflags, rows_only_for_models_that_take_them)
{
	struct plan_input in;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	cr_assert_eq(flags_rows(&in, NULL, 0), FLAG_COUNT - 5);
	cr_assert(!has_row(&in, FLAG_MM_IMAGES));
	cr_assert(!has_row(&in, FLAG_LM_ONLY), "a text model has no towers");
	cr_assert_eq(flags_at(&in, FLAG_COUNT - 5), FLAG_COUNT,
	    "past the last row");
	cr_assert_eq(flags_at(&in, FLAG_MM_IMAGES), FLAG_OTHER,
	    "rows close up");
	test_input(&in, "h100-sxm", QWEN_VL, NULL);
	cr_assert_eq(flags_rows(&in, NULL, 0), FLAG_COUNT - 1, "all but audio");
	cr_assert(has_row(&in, FLAG_MM_VIDEOS));
	cr_assert(has_row(&in, FLAG_MM_MAX_PIXELS));
	test_input(&in, "h100-sxm", "google/gemma-3-27b-it", NULL);
	cr_assert(has_row(&in, FLAG_MM_IMAGES), "Gemma 3 takes images");
	cr_assert(!has_row(&in, FLAG_MM_VIDEOS), "but no video");
	cr_assert(!has_row(&in, FLAG_MM_MAX_PIXELS), "and a fixed image size");
	cr_assert(has_row(&in, FLAG_LM_ONLY), "every multimodal model");
	test_input(&in, "h100-sxm", "openai/whisper-large-v3", NULL);
	cr_assert(!has_row(&in, FLAG_MM_IMAGES), "Whisper takes audio only");
	/* Gemma 4 profiles its fixed-size videos; a class whose images are
	 * not sized is refused until both limits are 0, so both rows */
	test_input(&in, "h100-sxm", "google/gemma-4-26B-A4B", NULL);
	cr_assert(has_row(&in, FLAG_MM_VIDEOS), "Gemma 4 takes videos");
	cr_assert(!has_row(&in, FLAG_MM_MAX_PIXELS));
	test_input(&in, "h100-sxm", "ibm-granite/granite-vision-3.3-2b", NULL);
	cr_assert(!has_row(&in, FLAG_MM_VIDEOS), "LLaVA-NeXT: images only");
}

Test(mmflags, edits_change_the_encoder_budget)
{
	struct plan_input in;
	struct plan p, d;
	struct flag_view v;
	char err[256], cmd[RECALC_CMD_LEN];
	int64_t tokens, act;

	test_input(&in, "h100-sxm", QWEN_VL, NULL);
	planned(&in, &p, &d);
	flags_view(FLAG_MM_MAX_PIXELS, &in, &p, &d, &v);
	cr_assert_str_eq(v.value, "12,845,056");
	cr_assert_str_eq(v.deflt, "12,845,056");
	cr_assert(!v.differs);
	flags_view(FLAG_MM_IMAGES, &in, &p, &d, &v);
	cr_assert_str_eq(v.value, "999");
	cr_assert_str_eq(v.deflt, "999");
	tokens = p.mm.tokens_per_image;
	act = p.mm.encoder_activation;

	/* max_pixels halves: half the tokens per image */
	cr_assert(flags_step(FLAG_MM_MAX_PIXELS, &in, &p, -1, false));
	cr_assert_eq(in.mm_max_pixels, 12845056 / 2);
	planned(&in, &p, &d);
	cr_assert_eq(p.mm.tokens_per_image, tokens / 2);
	flags_view(FLAG_MM_MAX_PIXELS, &in, &p, &d, &v);
	cr_assert(v.differs);
	cr_assert_str_eq(v.deflt, "12,845,056",
	    "the default stays the checkpoint's");
	serve_command_format(test_catalogue(), &in, &p, 0, cmd, sizeof cmd);
	cr_assert_not_null(
	    strstr(cmd, "--mm-processor-kwargs '{\"max_pixels\":6422528}'"),
	    "%s", cmd);

	/* typed sizes, and refusals */
	cr_assert_eq(flags_parse(FLAG_MM_MAX_PIXELS, "1280x720", &in, &p, err,
			 sizeof err),
	    0, "%s", err);
	cr_assert_eq(in.mm_max_pixels, 921600);
	cr_assert_eq(flags_parse(FLAG_MM_MAX_PIXELS, "100", &in, &p, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "784") != NULL, "%s", err);
	cr_assert_eq(flags_parse(FLAG_MM_IMAGES, "-1", &in, &p, err,
			 sizeof err),
	    -1);

	/* limits: steps, off, and the video budget gone */
	cr_assert(flags_reset(FLAG_MM_MAX_PIXELS, &in));
	planned(&in, &p, &d);
	cr_assert_str_eq(p.mm.modality, "video",
	    "Qwen2-VL profiles a long video");
	cr_assert(flags_step(FLAG_MM_IMAGES, &in, &p, -1, false));
	cr_assert_eq(in.limit_mm_images, 512);
	planned(&in, &p, &d);
	cr_assert(flags_step(FLAG_MM_IMAGES, &in, &p, -1, true));
	cr_assert_eq(in.limit_mm_images, 128, "PgDn: two steps");
	cr_assert(flags_toggle(FLAG_MM_VIDEOS, &in, &p), "space: video off");
	cr_assert_eq(in.limit_mm_videos, 0);
	planned(&in, &p, &d);
	cr_assert_str_eq(p.mm.modality, "image");
	cr_assert_lt(p.mm.encoder_activation, act, "a smaller encoder budget");
	flags_view(FLAG_MM_VIDEOS, &in, &p, &d, &v);
	cr_assert(v.differs && v.set);
	cr_assert_str_eq(v.value, "0");
	serve_command_format(test_catalogue(), &in, &p, 0, cmd, sizeof cmd);
	cr_assert_not_null(strstr(cmd,
			       "--limit-mm-per-prompt '{\"image\":128,"
			       "\"video\":0}'"),
	    "%s", cmd);
	cr_assert_eq(flags_parse(FLAG_MM_IMAGES, "0", &in, &p, err, sizeof err),
	    0);
	planned(&in, &p, &d);
	cr_assert(p.mm.text_only, "both off: planned as a text model");
	cr_assert(!flags_step(FLAG_MM_IMAGES, &in, &p, -1, false),
	    "0 is the bottom");
	cr_assert(flags_toggle(FLAG_MM_IMAGES, &in, &p));
	cr_assert_eq(in.limit_mm_images, -1,
	    "space: back on at vLLM's default");
	in.mm_image_width = in.mm_image_height = 640;
	in.limit_mm_images = 4;
	cr_assert(flags_reset(FLAG_MM_IMAGES, &in));
	cr_assert_eq(in.mm_image_width, 0, "the size hint goes with the entry");
}

/* A model with an audio tower has an audio row (Gemma 4 E2B; not Gemma 3,
 * not Qwen2-VL): space turns audio off, the weights lose the tower vLLM
 * then does not build, the serve line writes '{"audio":0}', and space
 * again brings vLLM's default back */
Test(mmflags, audio_row_for_models_with_an_audio_tower)
{
	struct plan_input in;
	struct plan p, d;
	struct flag_view v;
	char cmd[512];
	int64_t weights;

	test_input(&in, "h100-sxm", "google/gemma-3-27b-it", NULL);
	cr_assert(!has_row(&in, FLAG_MM_AUDIOS), "Gemma 3 takes no audio");
	test_input(&in, "h100-sxm", QWEN_VL, NULL);
	cr_assert(!has_row(&in, FLAG_MM_AUDIOS));
	test_input(&in, "h100-sxm", "google/gemma-4-E2B-it", NULL);
	cr_assert(has_row(&in, FLAG_MM_AUDIOS), "Gemma 4 E2B takes audio");
	planned(&in, &p, &d);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	weights = p.weights;
	flags_view(FLAG_MM_AUDIOS, &in, &p, &d, &v);
	cr_assert_str_eq(v.value, "999");
	cr_assert(!v.set && !v.differs);
	cr_assert(flags_toggle(FLAG_MM_AUDIOS, &in, &p), "space: audio off");
	cr_assert_eq(in.limit_mm_audios, 0);
	planned(&in, &p, &d);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(weights - p.weights, 614367808,
	    "the audio tower's bf16 bytes");
	flags_view(FLAG_MM_AUDIOS, &in, &p, &d, &v);
	cr_assert_str_eq(v.value, "0");
	cr_assert(v.set && v.differs);
	serve_command_format(test_catalogue(), &in, &p, 0, cmd, sizeof cmd);
	cr_assert_not_null(strstr(cmd, "--limit-mm-per-prompt '{\"audio\":0}'"),
	    "%s", cmd);
	cr_assert(flags_toggle(FLAG_MM_AUDIOS, &in, &p));
	cr_assert_eq(in.limit_mm_audios, -1, "space: back at vLLM's default");
	cr_assert_eq(flags_parse(FLAG_MM_AUDIOS, "2", &in, &p, cmd, sizeof cmd),
	    0);
	cr_assert_eq(in.limit_mm_audios, 2);
	cr_assert(flags_reset(FLAG_MM_AUDIOS, &in));
	cr_assert_eq(in.limit_mm_audios, -1);
}

/* With --language-model-only on, every limit in force is 0; editing a
 * limit row starts from the value the user set (vLLM's default when
 * unset), which the flag keeps and the edit changes. */
Test(mmflags, lm_only_edit_prefills_the_limit_set)
{
	struct plan_input in;
	struct plan p, d;
	struct flag_view v;
	char text[64];

	test_input(&in, "h100-sxm", QWEN_VL, NULL);
	in.limit_mm_images = 4;
	planned(&in, &p, &d);
	flags_edit_text(FLAG_MM_IMAGES, &in, &p, text, sizeof text);
	cr_assert_str_eq(text, "4", "flag off: the limit in force");
	in.language_model_only = 1;
	planned(&in, &p, &d);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.mm.text_only);
	flags_view(FLAG_MM_IMAGES, &in, &p, &d, &v);
	cr_assert_str_eq(v.value, "0", "the row shows the limit in force");
	flags_edit_text(FLAG_MM_IMAGES, &in, &p, text, sizeof text);
	cr_assert_str_eq(text, "4", "the edit starts from the limit set");
	flags_edit_text(FLAG_MM_VIDEOS, &in, &p, text, sizeof text);
	cr_assert_str_eq(text, "999", "unset: vLLM's default");
	test_input(&in, "h100-sxm", "google/gemma-4-E2B-it", NULL);
	in.limit_mm_audios = 2;
	in.language_model_only = 1;
	planned(&in, &p, &d);
	flags_edit_text(FLAG_MM_AUDIOS, &in, &p, text, sizeof text);
	cr_assert_str_eq(text, "2");
}

Test(mmflags, the_planner_shows_and_edits_them)
{
	struct app *a = start_with("h100-sxm", QWEN_VL, 50, 200);
	const struct plan_input *in;
	unsigned painted;
	int row;

	dump(a);
	cr_assert_not_null(strstr(screen, "--limit-mm-per-prompt.image"), "%s",
	    screen);
	cr_assert_not_null(strstr(screen, "--mm-processor-kwargs.max_pixels"));
	/* the cursor to max_pixels, then one step down */
	cr_assert_eq(app_headless_keys(a, "4<Home>"), 0);
	for (row = 0; row < FLAG_MM_MAX_PIXELS; row++)
		cr_assert_eq(app_headless_keys(a, "j"), 0);
	cr_assert_eq(app_headless_keys(a, "-"), 0);
	painted = app_headless_painted(a);
	in = app_headless_input(a);
	cr_assert_eq(in->mm_max_pixels, 6422528);
	cr_assert(painted & (1u << PANE_BAR), "the memory bar follows");
	cr_assert(painted & (1u << PANE_CMD), "and the command line");
	dump(a);
	cr_assert_not_null(strstr(screen, "6,422,528"), "%s", screen);
	cr_assert_not_null(strstr(screen,
			       "--mm-processor-kwargs '{\"max_pixels\":"
			       "6422528}'"),
	    "%s", screen);
	/* Enter types a value; a bad one is refused in place */
	cr_assert_eq(app_headless_keys(a, "<Enter><C-u>lots<Enter>"), 0);
	cr_assert_not_null(strstr(dump(a), "not a number of pixels"), "%s",
	    screen);
	cr_assert_eq(app_headless_keys(a, "<C-u>1M<Enter>"), 0);
	cr_assert_eq(app_headless_input(a)->mm_max_pixels, 1 << 20,
	    "vLLM's 1M");
	cr_assert_eq(app_headless_keys(a, "d"), 0);
	cr_assert_eq(app_headless_input(a)->mm_max_pixels, 0,
	    "back to the default");
	app_headless_free(&a);

	a = start();
	cr_assert_null(strstr(dump(a), "--limit-mm-per-prompt"),
	    "a text-only model: %s", screen);
	app_headless_free(&a);
}
