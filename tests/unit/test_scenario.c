/*
 * test_scenario.c - scenario files: write and load back, the command line
 * winning over the file, safe saves, --check's figure comparison, and bad
 * files reported by file:line:column.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/plan.h"
#include "helpers.h"
#include "io/cli.h"
#include "io/scenario.h"
#include "xtest.h"

static char err[1024];

static char *
write_scenario(const char *const *args, const char *name, struct plan *p)
{
	struct cli c;
	struct report_in r;
	char *text;

	xt_cli(&c, args);
	plan_compute(test_catalogue(), &c.imp.in, p);
	xt_report_in(&r, &c, p);
	text = scenario_write(&r, name, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	cli_done(&c);
	return text;
}

Test(scenario, written_and_loaded_back_is_the_same_plan)
{
	const char *const args[] = { "--gpu", "rtx-pro-6000-server", "--mig",
		"2g.48gb", "--gpus", "2", "--tokens-per-request", "4096",
		"--other-usage", "0.5", "--vllm-version", "0.19.0",
		"--from-command",
		"HF_HUB_OFFLINE=1 vllm serve Qwen/Qwen3-8B --max-model-len 16k "
		"--kv-cache-dtype fp8 --served-model-name 'q \"8\"\nb' "
		"--enforce-eager",
		NULL };
	const char *path = xt_tmp("s.yaml", 0);
	const char *load[] = { "--scenario", path, NULL };
	struct plan p, q;
	struct cli c;
	char *text = write_scenario(args, "Qwen on \"two\" slices\n", &p);

	xt_write(path, text);
	xt_cli(&c, load);
	cr_assert_str_eq(c.imp.in.model->id, "Qwen/Qwen3-8B");
	cr_assert_geq(c.imp.in.mig, 0);
	cr_assert_eq(c.imp.in.gpus, 2);
	cr_assert_eq(c.imp.in.tokens_per_request, 4096);
	cr_assert_float_eq(c.imp.in.other_usage_gib, 0.5, 1e-12);
	cr_assert_eq(c.imp.in.max_model_len, 16000);
	cr_assert_eq(c.imp.in.kv_dtype, KV_FP8);
	cr_assert(c.imp.in.enforce_eager);
	cr_assert_eq(c.imp.n_extra, 2);
	cr_assert_str_eq(c.imp.extra[1], "q \"8\"\nb");
	cr_assert_eq(c.imp.n_env, 1);
	cr_assert_str_eq(c.imp.env[0], "HF_HUB_OFFLINE=1");
	plan_compute(test_catalogue(), &c.imp.in, &q);
	cr_assert_eq(p.available_kv, q.available_kv);
	cr_assert_eq(p.total_concurrency, q.total_concurrency);
	cr_assert(c.imp.scenario_stamp.set);
	cli_done(&c);
	free(text);
}

Test(scenario, the_command_line_wins_over_the_file)
{
	const char *const args[] = { "--gpu", "h200-nvl", "--model",
		"Qwen/Qwen3-8B", "--max-model-len", "8192", "--max-num-seqs",
		"64", NULL };
	const char *path = xt_tmp("s.yaml", 0);
	const char *load[] = { "--scenario", path, "--max-model-len", "4096",
		"--gpu", "h100-sxm", NULL };
	struct plan p;
	struct cli c;
	char *text = write_scenario(args, NULL, &p);

	xt_write(path, text);
	xt_cli(&c, load);
	cr_assert_eq(c.imp.in.max_model_len, 4096);
	cr_assert_eq(c.imp.in.max_num_seqs, 64);
	cr_assert_str_eq(test_catalogue()->gpus[c.imp.in.gpu].id, "h100-sxm");
	cli_done(&c);
	free(text);
}

Test(scenario, saves_never_lose_someone_elses_file)
{
	const char *const args[] = { "--gpu", "h200-nvl", "--model",
		"Qwen/Qwen3-8B", NULL };
	const char *path = xt_tmp("keep.yaml", 0);
	struct filestamp st;
	struct plan p;
	char *text = write_scenario(args, NULL, &p), *back;

	memset(&st, 0, sizeof st);
	/* a new file */
	cr_assert_eq(scenario_save(path, text, &st, false, err, sizeof err), 0,
	    "%s", err);
	cr_assert(st.set);
	/* the same file, unchanged since: fine */
	cr_assert_eq(scenario_save(path, text, &st, false, err, sizeof err), 0,
	    "%s", err);
	/* changed on disk by someone else: refused, their text kept */
	sleep(0);
	xt_write(path, "# edited by hand\nheadroom-scenario: 1\n");
	cr_assert_eq(scenario_save(path, text, &st, false, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "changed on disk since it was loaded") != NULL,
	    "%s", err);
	back = xt_read(path);
	cr_assert_str_eq(back, "# edited by hand\nheadroom-scenario: 1\n");
	free(back);
	/* a file headroom never loaded: refused too */
	cr_assert_eq(scenario_save(path, text, NULL, false, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "exists, not loaded here: Enter again") != NULL,
	    "%s", err);
	/* forced */
	cr_assert_eq(scenario_save(path, text, &st, true, err, sizeof err), 0,
	    "%s", err);
	back = xt_read(path);
	cr_assert_str_eq(back, text);
	free(back);
	/* a folder that does not exist: the message names the file */
	cr_assert_eq(scenario_save(xt_tmp("no/such/dir/x.yaml", 1), text, NULL,
			 false, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "x.yaml") != NULL, "%s", err);
	free(text);
}

Test(scenario, check_lists_the_figures_that_moved)
{
	const char *const args[] = { "--gpu", "h200-nvl", "--model",
		"Qwen/Qwen3-8B", "--vllm-version", "0.19.0", NULL };
	const char *const newer[] = { "--gpu", "h200-nvl", "--model",
		"Qwen/Qwen3-8B", "--vllm-version", "0.21.0", NULL };
	const char *path = xt_tmp("chk.yaml", 0);
	struct plan p, q;
	char *text = write_scenario(args, NULL, &p), *name, *diff;
	cJSON *saved, *now;
	int moved;

	xt_write(path, text);
	cr_assert_eq(scenario_peek(path, &name, &saved, err, sizeof err), 0,
	    "%s", err);
	cr_assert_null(name);
	cr_assert_not_null(saved);
	now = scenario_figures(&p);
	cr_assert_eq(scenario_diff_figures(saved, now, &diff), 0, "%s", diff);
	free(diff);
	cJSON_Delete(now);
	free(write_scenario(newer, NULL, &q));
	now = scenario_figures(&q);
	moved = scenario_diff_figures(saved, now, &diff);
	cr_assert_gt(moved, 0);
	cr_assert(strstr(diff, "available-kv-gib") != NULL, "%s", diff);
	free(diff);
	cJSON_Delete(now);
	cJSON_Delete(saved);
	free(text);
}

static void
bad(const char *text, const char *want)
{
	const char *path = xt_tmp("bad.yaml", 2);
	const char *load[] = { "--scenario", path, NULL };
	struct cli c;
	char full[1200];

	xt_write(path, text);
	cr_assert_eq(xt_cli_try(&c, load, err, sizeof err), -1, "%s", text);
	snprintf(full, sizeof full, "%s:%s", path, want);
	cr_assert(strstr(err, full) != NULL, "want '%s' in: %s", full, err);
	cli_done(&c);
}

Test(scenario, bad_files_name_file_line_and_column)
{
	bad("gpu: h200-nvl\n", "1:1: not a headroom scenario");
	bad("headroom-scenario: 2\n",
	    "1:1: headroom-scenario: this headroom reads "
	    "format 1");
	bad("headroom-scenario: 1\nmodel: Qwen/Qwen3-8B\ncolour: blue\n",
	    "3:1: unknown key 'colour'");
	bad("headroom-scenario: 1\nmodel: Qwen/Qwen3-8B\ngpus: many\n",
	    "3:1: --gpus: 'many'");
	bad("headroom-scenario: 1\nmodel: Qwen/Qwen3-8B\nvllm:\n  "
	    "max-model-len: 8192\n"
	    "  block-size: 0\n",
	    "5:3: --block-size: '0' is not a whole number");
	bad("headroom-scenario: 1\nmodel: Qwen/Qwen3-8B\nvllm: [1, 2]\n",
	    "3:1: vllm: expected a mapping");
	bad("headroom-scenario: 1\nenv: X=1\n", "2:1: env: expected a list");
	bad("headroom-scenario: 1\ngpu: [a, b]\n",
	    "2:1: gpu: expected a single value");
	bad("headroom-scenario: 1\nmodel: \"unterminated\n", "");
}

Test(scenario, values_yaml_cannot_hold_are_refused)
{
	const char *const args[] = { "--gpu", "h200-nvl", "--from-command",
		"vllm serve Qwen/Qwen3-8B --served-model-name '\xff\xfe'",
		NULL };
	struct cli c;
	struct plan p;
	struct report_in r;

	xt_cli(&c, args);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	xt_report_in(&r, &c, &p);
	cr_assert_null(scenario_write(&r, NULL, err, sizeof err));
	cr_assert(strstr(err, "UTF-8") != NULL, "%s", err);
	cli_done(&c);
}
