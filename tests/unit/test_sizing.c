/*
 * test_sizing.c - the answer options on the command line, vLLM's
 * multimodal flags and their export, and the reports: the plan's JSON
 * "speed" object and the fit, shared-card and upgrade reports.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/fit.h"
#include "io/multimodal_flags.h"
#include "io/serve_command.h"
#include "io/sizing_modes.h"
#include "io/sizing_cli.h"
#include "io/sizing_report.h"
#include "io/cli.h"
#include "io/report.h"
#include "helpers.h"

#define ARGV(...) ((char *[]){ "headroom", __VA_ARGS__ })
#define ARGC(...)                                                              \
	((int)(sizeof((char *[]){ "headroom", __VA_ARGS__ }) / sizeof(char *)))
#define PARSE(cli, err, ...)                                                   \
	cli_parse(ARGC(__VA_ARGS__), ARGV(__VA_ARGS__), cli, err, sizeof err)

Test(answers_cli, options_and_errors)
{
	struct cli cli;
	char err[512];

	cr_assert_eq(PARSE(&cli, err, "--need", "44", "--cards",
			 "h200-nvl,l40s", "--max-cards", "4",
			 "--tokens-per-request", "8k"),
	    0, "%s", err);
	cr_assert_eq(cli.sizing.need, 44);
	cr_assert_str_eq(cli.sizing.cards, "h200-nvl,l40s");
	cr_assert_eq(cli.sizing.max_cards, 4);
	cr_assert_eq(sizing_modes_wanted(&cli), SIZING_FIT);
	cli_done(&cli);

	cr_assert_eq(PARSE(&cli, err, "--instance",
			 "model=Qwen/Qwen3-8B,util=0.45", "--instance",
			 "model=meta-llama/Llama-3.2-1B,util=0.3",
			 "--compare-version", "0.19.0"),
	    0, "%s", err);
	cr_assert_eq(cli.sizing.n_instances, 2);
	cr_assert_eq(cli.sizing.compare_version, VLLM_VER(0, 19, 0));
	cr_assert_eq(sizing_modes_wanted(&cli), SIZING_SHARE);
	cli_done(&cli);

	cr_assert_eq(PARSE(&cli, err, "--need", "0"), -1);
	cr_assert(strstr(err, "--need") != NULL, "%s", err);
	cr_assert_eq(PARSE(&cli, err, "--compare-version", "9.9"), -1);
	cr_assert(strstr(err, "--compare-version") != NULL, "%s", err);
	cr_assert_eq(PARSE(&cli, err, "--max-cards", "99"), -1);
	cr_assert(strstr(err, "--max-cards") != NULL);
}

Test(answers_cli, multimodal_flags_round_trip)
{
	const struct catalogue *c = test_catalogue();
	struct cli cli;
	struct plan p;
	char err[512], cmd[4096];

	cr_assert_eq(PARSE(&cli, err, "--model", "Qwen/Qwen2.5-VL-7B-Instruct",
			 "--limit-mm-per-prompt", "{\"image\":2,\"video\":0}",
			 "--mm-processor-kwargs", "{\"max_pixels\": 1003520}"),
	    0, "%s", err);
	cr_assert_eq(cli.imp.in.limit_mm_images, 2);
	cr_assert_eq(cli.imp.in.limit_mm_videos, 0);
	cr_assert_eq(cli.imp.in.limit_mm_audios, -1);
	cr_assert_eq(cli.imp.in.mm_max_pixels, 1003520);
	cr_assert_eq(cli_resolve(c, &cli, err, sizeof err), 0, "%s", err);
	plan_compute(c, &cli.imp.in, &p);
	cr_assert_eq(p.mm.tokens_per_image, 1280);
	serve_command_format(c, &cli.imp.in, &p, 0, cmd, sizeof cmd);
	cr_assert(strstr(cmd,
		      "--limit-mm-per-prompt '{\"image\":2,\"video\":0}'") !=
		NULL,
	    "%s", cmd);
	cr_assert(strstr(cmd,
		      "--mm-processor-kwargs '{\"max_pixels\":1003520}'") !=
		NULL,
	    "%s", cmd);
	cli_done(&cli);

	/* size hints in the object form */
	cr_assert_eq(PARSE(&cli, err, "--limit-mm-per-prompt",
			 "{\"image\":{\"count\":1,\"width\":512,\"height\":512}"
			 ",\"video\":0}"),
	    0, "%s", err);
	cr_assert_eq(cli.imp.in.limit_mm_images, 1);
	cr_assert_eq(cli.imp.in.mm_image_width, 512);
	cli_done(&cli);

	cr_assert_eq(PARSE(&cli, err, "--limit-mm-per-prompt", "image=2"), -1);
	cr_assert(strstr(err, "--limit-mm-per-prompt") != NULL);
	cr_assert_eq(PARSE(&cli, err, "--limit-mm-per-prompt", "{\"smell\":1}"),
	    -1);
	cr_assert_eq(PARSE(&cli, err, "--mm-processor-kwargs",
			 "{\"max_pixels\":1}"),
	    -1);
}

/* Kimi-K2.5's one modality, "vision_chunk" (kimi_k25.py), read and
 * written back in the serve line; a plan with it at 0 starts text-only */
Test(answers_cli, vision_chunk_limit_round_trip)
{
	const struct catalogue *c = test_catalogue();
	struct cli cli;
	struct plan p;
	char err[512], cmd[4096];

	cr_assert_eq(PARSE(&cli, err, "--model", "moonshotai/Kimi-K2.5",
			 "--gpu", "h200-nvl", "--tensor-parallel-size", "8",
			 "--limit-mm-per-prompt", "{\"vision_chunk\":0}"),
	    0, "%s", err);
	cr_assert_eq(cli.imp.in.limit_mm_chunks, 0);
	cr_assert_eq(cli.imp.in.limit_mm_images, -1);
	cr_assert_eq(cli_resolve(c, &cli, err, sizeof err), 0, "%s", err);
	plan_compute(c, &cli.imp.in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert(p.mm.text_only);
	serve_command_format(c, &cli.imp.in, &p, 0, cmd, sizeof cmd);
	cr_assert(strstr(cmd, "--limit-mm-per-prompt '{\"vision_chunk\":0}'") !=
		NULL,
	    "%s", cmd);
	cli_done(&cli);

	cr_assert_eq(PARSE(&cli, err, "--limit-mm-per-prompt",
			 "{\"image\":0,\"vision_chunk\":2}"),
	    0, "%s", err);
	cr_assert_eq(cli.imp.in.limit_mm_chunks, 2);
	cr_assert_eq(cli.imp.in.limit_mm_images, 0);
	cli_done(&cli);
}

Test(answers_cli, instance_specs)
{
	const struct catalogue *c = test_catalogue();
	struct share_instance si;
	struct plan_input base;
	char err[512];

	plan_input_init(&base);
	cr_assert_eq(sizing_cli_instance(c, &base,
			 "model=nvidia/Llama-3.3-70B-Instruct-FP8,"
			 "util=0.6,max-model-len=8k,kv-cache-dtype=fp8,name="
			 "chat",
			 "1", &si, err, sizeof err),
	    0, "%s", err);
	cr_assert_str_eq(si.label, "chat");
	cr_assert(si.util_explicit);
	cr_assert_float_eq(si.in.util, 0.6, 1e-12);
	cr_assert_eq(si.in.max_model_len, 8000);
	cr_assert_eq(si.in.kv_dtype, KV_FP8);
	cr_assert_geq(si.in.ckpt, 0);
	cr_assert_str_eq(c->ckpts[si.in.ckpt].id,
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	cr_assert_eq(sizing_cli_instance(c, &base, "model=Qwen/Qwen3-8B", "2",
			 &si, err, sizeof err),
	    0, "%s", err);
	cr_assert(!si.util_explicit);
	cr_assert_eq(sizing_cli_instance(c, &base,
			 "model=Qwen/Qwen3-8B,util=1.5", "3", &si, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "util") != NULL);
	cr_assert_eq(sizing_cli_instance(c, &base, "model=nope/none", "4", &si,
			 err, sizeof err),
	    -1);
	cr_assert_eq(sizing_cli_instance(c, &base, "colour=red", "5", &si, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "unknown key") != NULL);
}

Test(answers_report, plan_json_has_speed)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct report_in r;
	cJSON *root, *sp;
	char *s;

	test_input(&in, "h200-nvl", "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.kv_dtype = KV_FP8;
	in.max_model_len = 8192;
	in.tokens_per_request = 8192;
	in.overhead = OVERHEAD_RULE;
	plan_compute(c, &in, &p);
	memset(&r, 0, sizeof r);
	r.cat = c;
	r.in = &in;
	r.plan = &p;
	s = report_json(&r);
	root = cJSON_Parse(s);
	cr_assert_not_null(root);
	sp = cJSON_GetObjectItem(root, "speed");
	cr_assert(cJSON_IsObject(sp));
	cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(sp, "estimate")));
	cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(sp, "known")));
	cr_assert_eq(cJSON_GetObjectItem(sp, "users")->valueint, 44);
	cr_assert_gt(cJSON_GetObjectItem(sp, "tokens_per_second_per_user")
			 ->valuedouble,
	    0);
	cr_assert(cJSON_IsNull(cJSON_GetObjectItem(root, "multimodal")));
	cJSON_Delete(root);
	free(s);
	s = report_text(&r);
	cr_assert(strstr(s, "Speed (estimate): ") != NULL);
	cr_assert(strstr(s, "with 44 users decoding") != NULL, "%s", s);
	free(s);
	s = report_markdown(&r);
	cr_assert(strstr(s, "- Speed (estimate): ") != NULL);
	free(s);
}

Test(answers_report, fit_json_rows_replan)
{
	static struct fit_row rows[FIT_MAX_ROWS];
	const struct catalogue *c = test_catalogue();
	struct fit_query q;
	struct fit_result res;
	struct sizing_report_fit_view v;
	struct plan_input in;
	cJSON *root, *arr, *row;
	char *s;

	test_input(&in, NULL, "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	memset(&q, 0, sizeof q);
	q.model = in.model;
	q.users = 44;
	q.tokens = 8192;
	q.fixed_choice = true;
	q.ckpt = in.ckpt;
	q.format = FMT_COUNT;
	q.fixed_kv = true;
	q.kv = KV_FP8;
	q.overhead = OVERHEAD_RULE;
	memset(&v, 0, sizeof v);
	v.cat = c;
	v.q = &q;
	v.rows = rows;
	v.n = fit_find(c, &q, rows, FIT_MAX_ROWS, &res);
	v.res = &res;
	s = sizing_report_fit(&v, REPORT_JSON);
	root = cJSON_Parse(s);
	cr_assert_not_null(root, "%s", s);
	arr = cJSON_GetObjectItem(root, "rows");
	cr_assert_eq((size_t)cJSON_GetArraySize(arr), v.n);
	cJSON_ArrayForEach(row, arr) {
		cr_assert_geq(cJSON_GetObjectItem(row, "requests_total")
				  ->valuedouble,
		    44);
		cr_assert(strncmp(cJSON_GetObjectItem(row, "vllm_command")
				      ->valuestring,
			      "vllm serve", 10) == 0 ||
		    strstr(cJSON_GetObjectItem(row, "vllm_command")
			       ->valuestring,
			"vllm serve") != NULL);
		cr_assert(cJSON_IsObject(cJSON_GetObjectItem(row, "speed")));
	}
	cJSON_Delete(root);
	free(s);
	s = sizing_report_fit(&v, REPORT_TEXT);
	cr_assert(strstr(s, "1 x h200-nvl ") != NULL, "%s", s);
	free(s);
}

/* The text report names a tower vLLM does not build at limits of 0
 * (Mistral Small 3.1: 880,803,840 bytes = 0.82 GiB) and says nothing of
 * one it still builds (LLaVA-NeXT, granite-vision, before v0.15.0) */
Test(answers_cli, mm_text_names_a_tower_not_built)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	char buf[512];

	test_input(&in, "h100-sxm",
	    "mistralai/Mistral-Small-3.1-24B-Instruct-2503", NULL);
	in.limit_mm_images = 0;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	sizing_report_mm_text(&p, "", buf, sizeof buf);
	cr_assert(strstr(buf,
		      "vLLM does not build its vision tower (0.82 GiB "
		      "a GPU not loaded)") != NULL,
	    "%s", buf);
	test_input(&in, "h100-sxm", "ibm-granite/granite-vision-3.3-2b", NULL);
	in.limit_mm_images = in.limit_mm_videos = 0;
	in.version = VLLM_VER(0, 14, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	sizing_report_mm_text(&p, "", buf, sizeof buf);
	cr_assert(strstr(buf, "runs text-only.") != NULL, "%s", buf);
	cr_assert(strstr(buf, "tower") == NULL, "%s", buf);
}

/* Gemma 4 E2B's audio limit in the text and JSON reports: named with the
 * image and video limits (0 included), null in JSON for a model without
 * audio; at --language-model-only the text-only line names the audio tower
 * vLLM does not build (614,367,808 bytes = 0.57 GiB) beside the vision
 * tower, whose bytes alone it gave where the weights fell by both */
Test(answers_cli, mm_reports_name_the_audio_limit_and_tower)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	char buf[768];
	cJSON *o;

	test_input(&in, "h100-sxm", "google/gemma-4-E2B-it", NULL);
	in.limit_mm_audios = 0;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	sizing_report_mm_text(&p, "", buf, sizeof buf);
	cr_assert(strstr(buf, "limits image 999, video 999, audio 0;") != NULL,
	    "%s", buf);
	o = sizing_report_mm_json(&p);
	cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(o, "limit_audio")));
	cr_assert_eq(cJSON_GetObjectItem(o, "limit_audio")->valueint, 0);
	cr_assert_float_eq(cJSON_GetObjectItem(o, "audio_tower_not_built_gib")
			       ->valuedouble,
	    0.57, 1e-9);
	cJSON_Delete(o);

	test_input(&in, "h100-sxm", "google/gemma-4-E2B-it", NULL);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	sizing_report_mm_text(&p, "", buf, sizeof buf);
	cr_assert(strstr(buf, "video 999, audio 999;") != NULL, "%s", buf);

	in.language_model_only = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	sizing_report_mm_text(&p, "", buf, sizeof buf);
	cr_assert(strstr(buf, "nor its audio tower (0.57 GiB)") != NULL, "%s",
	    buf);
	o = sizing_report_mm_json(&p);
	cr_assert_eq(cJSON_GetObjectItem(o, "limit_audio")->valueint, 0);
	cJSON_Delete(o);

	test_input(&in, "h100-sxm",
	    "mistralai/Mistral-Small-3.1-24B-Instruct-2503", NULL);
	plan_compute(c, &in, &p);
	sizing_report_mm_text(&p, "", buf, sizeof buf);
	cr_assert(strstr(buf, "audio") == NULL, "%s", buf);
	o = sizing_report_mm_json(&p);
	cr_assert(cJSON_IsNull(cJSON_GetObjectItem(o, "limit_audio")));
	cJSON_Delete(o);
}
