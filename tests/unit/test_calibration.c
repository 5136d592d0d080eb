/*
 * test_calibration.c - a real startup against headroom's plan of the same
 * settings, and calibration profiles: stored, found again, used instead of
 * the estimates only for the card, model, format, version, TP and PP they
 * were measured with, and reported as calibrated.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"
#include "core/vllm_version.h"
#include "helpers.h"
#include "io/calibration.h"
#include "io/report.h"
#include "io/textfile.h"
#include "xtest.h"

static char err[1024], note[1024];

static void
read_log(const char *name, struct vllm_log *l)
{
	char rel[256], *text;
	size_t len;

	snprintf(rel, sizeof rel, "tests/fixtures/logs/%s", name);
	text = textfile_read(xt_src(rel, 0), &len, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	cr_assert_eq(vllmlog_parse(text, len, l, err, sizeof err), 0, "%s",
	    err);
	free(text);
}

static void
log_cli(struct vllm_log *l, struct cli *c, int argc, char **argv)
{
	cr_assert_eq(calibration_cli(test_catalogue(), l, argc, argv, c, note,
			 sizeof note, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(cli_resolve(test_catalogue(), c, err, sizeof err), 0, "%s",
	    err);
}

Test(calibration, the_log_describes_its_own_plan)
{
	struct vllm_log l;
	struct cli c;
	struct plan p;
	char *argv[] = { "headroom" }, *rep;

	read_log("v0.19-llama8b-h100-tp1.log", &l);
	log_cli(&l, &c, 1, argv);
	cr_assert_str_eq(c.imp.in.model->id,
	    "meta-llama/Llama-3.1-8B-Instruct");
	cr_assert_eq(c.imp.in.version, VLLM_VER(0, 19, 0));
	cr_assert_eq(c.imp.in.max_model_len, 8192);
	cr_assert_float_eq(c.imp.in.util, 0.95, 1e-12);
	cr_assert_str_eq(test_catalogue()->gpus[c.imp.in.gpu].id, "h100-sxm");
	cr_assert(strstr(note, "h100-sxm") != NULL, "%s", note);
	/* --no-enable-prefix-caching, a row of the flag table */
	cr_assert_eq(c.imp.n_extra, 0);
	cr_assert_eq(c.imp.in.prefix_caching, -1);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	/* the KV arithmetic lands within a percent of the log */
	cr_assert_float_eq(units_gib(p.available_kv), 58.11, 0.6);
	rep = calibration_report(test_catalogue(), &l, &c.imp.in, &p, "x.log",
	    note, false);
	cr_assert(strstr(rep, "Available KV cache memory, GiB") &&
		strstr(rep, "58.11") && strstr(rep, "476,016"),
	    "%s", rep);
	free(rep);
	rep = calibration_report(test_catalogue(), &l, &c.imp.in, &p, "x.log",
	    note, true);
	cr_assert(strstr(rep, "\"terms\"") &&
		strstr(rep, "\"log_vllm_version\": \"0.19.0\""),
	    "%s", rep);
	free(rep);
	cli_done(&c);
	vllmlog_done(&l);
}

Test(calibration, options_given_win_over_the_log)
{
	struct vllm_log l;
	struct cli c;
	char *argv[] = { "headroom", "--gpu", "h100-pcie", "--max-model-len",
		"4096" };

	read_log("v0.19-llama8b-h100-tp1.log", &l);
	log_cli(&l, &c, 5, argv);
	cr_assert_str_eq(test_catalogue()->gpus[c.imp.in.gpu].id, "h100-pcie");
	cr_assert_eq(c.imp.in.max_model_len, 4096);
	cli_done(&c);
	vllmlog_done(&l);
}

Test(calibration, a_log_without_the_model_needs_one)
{
	struct vllm_log l;
	struct cli c;
	char *argv[] = { "headroom" };

	read_log("v0-format.log", &l);
	cr_assert_eq(calibration_cli(test_catalogue(), &l, 1, argv, &c, note,
			 sizeof note, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "give --model") != NULL, "%s", err);
	cli_done(&c);
	vllmlog_done(&l);
}

Test(calibration, profiles_are_stored_found_and_used)
{
	struct vllm_log l;
	struct cli c;
	struct plan p, q;
	struct calibration k, back;
	struct plan_input in, other;
	struct report_in r;
	char *argv[] = { "headroom" }, path[4600], *json;

	setenv("XDG_CONFIG_HOME", xt_tmp("xdg", 0), 1);
	setenv("XDG_DATA_HOME", xt_tmp("xdg-data", 0), 1);
	read_log("v0.19-llama8b-h100-tp1.log", &l);
	log_cli(&l, &c, 1, argv);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	calibration_from_log(test_catalogue(), &l, &c.imp.in, &p, "v.log", &k);
	cr_assert_eq(k.terms,
	    PLAN_CAL_WEIGHTS | PLAN_CAL_ACTIVATION | PLAN_CAL_NON_TORCH |
		PLAN_CAL_CUDA_GRAPHS);
	cr_assert_eq(calibration_save(&k, path, sizeof path, err, sizeof err),
	    0, "%s", err);
	cr_assert(strstr(path,
		      "/headroom/calibration/h100-sxm--meta-llama--Llama-3.1-"
		      "8B-Instruct--bf16--v0.19.0--tp1pp1.yaml") != NULL,
	    "%s", path);
	/* profiles are data, not configuration: under XDG_DATA_HOME */
	cr_assert(strncmp(path, xt_tmp("xdg-data", 0),
		      strlen(xt_tmp("xdg-data", 0))) == 0,
	    "%s", path);
	cr_assert_eq(calibration_load(path, &back, err, sizeof err), 0, "%s",
	    err);
	cr_assert_float_eq(back.activation, 1.89, 1e-9);
	cr_assert_eq(back.max_num_batched_tokens, p.max_num_batched_tokens);

	/* a later plan of the same card, model, version: calibrated */
	in = c.imp.in;
	memset(&in.cal, 0, sizeof in.cal);
	cr_assert_eq(calibration_apply(test_catalogue(), &in, note,
			 sizeof note),
	    1);
	cr_assert_str_eq(note, path);
	plan_compute(test_catalogue(), &in, &q);
	cr_assert_eq(q.calibrated,
	    PLAN_CAL_WEIGHTS | PLAN_CAL_ACTIVATION | PLAN_CAL_NON_TORCH |
		PLAN_CAL_CUDA_GRAPHS);
	cr_assert_eq(q.activation, units_bytes(1.89));
	cr_assert_eq(q.non_torch, units_bytes(0.25));
	cr_assert_eq(q.cuda_graphs, units_bytes(0.84));
	cr_assert_float_eq(units_gib(q.available_kv), 58.11, 0.02);
	memset(&r, 0, sizeof r);
	r.cat = test_catalogue();
	r.in = &in;
	r.plan = &q;
	json = report_json(&r);
	cr_assert(strstr(json,
		      "\"calibrated\": [\"weights\", \"activation\", "
		      "\"non_torch\", \"cuda_graphs\"]") != NULL,
	    "%s", json);
	cr_assert(strstr(json, "\"estimated\": [\"kv_cache\"]") != NULL, "%s",
	    json);
	free(json);
	json = report_text(&r);
	cr_assert(strstr(json, "(calibrated)") != NULL, "%s", json);
	free(json);

	/* another TP, version or batch size: the estimates again */
	other = in;
	other.tp = 2;
	plan_compute(test_catalogue(), &other, &q);
	cr_assert_eq(q.calibrated, 0);
	other = in;
	other.version = VLLM_VER(0, 20, 0);
	plan_compute(test_catalogue(), &other, &q);
	cr_assert_eq(q.calibrated, 0);
	other = in;
	other.max_num_batched_tokens = 2048;
	plan_compute(test_catalogue(), &other, &q);
	cr_assert(!(q.calibrated & PLAN_CAL_ACTIVATION));
	cr_assert(q.calibrated & PLAN_CAL_NON_TORCH);
	other = in;
	other.enforce_eager = true;
	plan_compute(test_catalogue(), &other, &q);
	cr_assert(!(q.calibrated & PLAN_CAL_CUDA_GRAPHS));
	other = in;
	memset(&other.cal, 0, sizeof other.cal);
	other.tp = 2;
	cr_assert_eq(calibration_apply(test_catalogue(), &other, note,
			 sizeof note),
	    0);
	cli_done(&c);
	vllmlog_done(&l);
}

Test(calibration, info_only_logs_split_the_rest_of_the_budget)
{
	struct vllm_log l;
	struct cli c;
	struct plan p;
	struct calibration k;
	char *argv[] = { "headroom", "--model", "Qwen/Qwen2-7B-Instruct",
		"--gpu", "a100-80gb-sxm", "--vllm-version", "0.10.1" };

	read_log("v0.10-qwen2-7b-a100-tp2-info.log", &l);
	log_cli(&l, &c, 7, argv);
	cr_assert_eq(c.imp.in.tp, 2);
	cr_assert_float_eq(c.imp.in.util, 0.25, 1e-12);
	cr_assert_eq(c.imp.in.max_model_len, 16384);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	calibration_from_log(test_catalogue(), &l, &c.imp.in, &p, "v.log", &k);
	cr_assert(k.terms & PLAN_CAL_WEIGHTS);
	cr_assert(!(k.terms & PLAN_CAL_NON_TORCH));
	cr_assert(k.terms & PLAN_CAL_CUDA_GRAPHS);
	cli_done(&c);
	vllmlog_done(&l);
}

Test(calibration, bad_profiles_are_refused)
{
	struct calibration k;
	const char *p1 = xt_tmp("p1.yaml", 0), *p2 = xt_tmp("p2.yaml", 1);

	xt_write(p1, "gpu: h100-sxm\n");
	cr_assert_eq(calibration_load(p1, &k, err, sizeof err), -1);
	cr_assert(strstr(err, "not a headroom calibration profile") != NULL,
	    "%s", err);
	xt_write(p2,
	    "headroom-calibration: 1\ngpu: h100-sxm\nmodel: m\nweights-format: "
	    "bf16\nvllm-version: soon\n");
	cr_assert_eq(calibration_load(p2, &k, err, sizeof err), -1);
	cr_assert(strstr(err, ":5:1: vllm-version") != NULL, "%s", err);
}
