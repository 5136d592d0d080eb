/*
 * test_vllmlog.c - startup figures read from real vLLM logs
 * (tests/fixtures/logs, taken from tests/calibration/vllm-logs.json), the
 * V0 wording, cut-short logs and files that are not logs at all.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vllm_version.h"
#include "io/textfile.h"
#include "io/vllmlog.h"
#include "xtest.h"

static struct vllm_log l;
static char err[1024], miss[512];

static void
parse(const char *name)
{
	char rel[256];
	char *text;
	size_t len;

	snprintf(rel, sizeof rel, "tests/fixtures/logs/%s", name);
	text = textfile_read(xt_src(rel, 0), &len, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	cr_assert_eq(vllmlog_parse(text, len, &l, err, sizeof err), 0, "%s: %s",
	    name, err);
	free(text);
}

Test(vllmlog, v1_debug_log)
{
	parse("v0.19-llama8b-h100-tp1.log");
	cr_assert_eq(l.version, VLLM_VER(0, 19, 0));
	cr_assert(strncmp(l.args,
		      "{'model_tag': 'meta-llama/Llama-3.1-8B-Instruct'",
		      48) == 0,
	    "%s", l.args);
	cr_assert_float_eq(l.weights, 14.99, 1e-9);
	cr_assert_float_eq(l.total, 79.19, 1e-9);
	cr_assert_float_eq(l.free_mem, 78.68, 1e-9);
	cr_assert_float_eq(l.non_kv, 17.12, 1e-9);
	cr_assert_float_eq(l.torch_peak, 1.89, 1e-9);
	cr_assert_float_eq(l.non_torch, 0.25, 1e-9);
	cr_assert_float_eq(l.prof_weights, 14.99, 1e-9);
	cr_assert_float_eq(l.cg_estimate, 0.84, 1e-9);
	cr_assert_float_eq(l.cg_took, 0.91, 1e-9);
	cr_assert_float_eq(l.available_kv, 58.11, 1e-9);
	cr_assert_eq(l.kv_tokens, 476016);
	cr_assert_eq(l.conc_len, 8192);
	cr_assert_float_eq(l.conc_x, 58.11, 1e-9);
	cr_assert_eq(l.ranks, 1);
	cr_assert_str_eq(vllmlog_missing(&l, miss, sizeof miss), "");
	vllmlog_done(&l);
}

Test(vllmlog, pipeline_stages_keep_the_binding_rank)
{
	parse("v0.19-llama8b-h100-pp2.log");
	/* PP0 printed 1.1 GiB, the last stage (sampler) 2.01 */
	cr_assert_float_eq(l.torch_peak, 2.01, 1e-9);
	cr_assert_float_eq(l.non_kv, 9.6, 1e-9);
	cr_assert_float_eq(l.available_kv, 66.54, 1e-9);
	cr_assert_eq(l.kv_tokens, 1075312);
	vllmlog_done(&l);
}

Test(vllmlog, a_failed_startup_keeps_its_error)
{
	parse("v0.19-gpt-oss-20b-h100-oom.log");
	cr_assert(l.have & VLOG_ERROR);
	cr_assert(strncmp(l.error, "torch.OutOfMemoryError: CUDA out of memory",
		      42) == 0,
	    "%s", l.error);
	vllmlog_done(&l);
}

Test(vllmlog, info_only_v0_10_log)
{
	parse("v0.10-qwen2-7b-a100-tp2-info.log");
	cr_assert(!(l.have & VLOG_VERSION));
	cr_assert_float_eq(l.weights, 7.1217, 1e-9);
	cr_assert_float_eq(l.available_kv, 12.02, 1e-9);
	cr_assert_eq(l.kv_tokens, 450192);
	cr_assert_eq(l.conc_len, 16384);
	cr_assert_float_eq(l.cg_took, 0.65, 1e-9);
	cr_assert(strstr(vllmlog_missing(&l, miss, sizeof miss), "DEBUG") !=
		NULL,
	    "%s", miss);
	vllmlog_done(&l);
}

Test(vllmlog, the_v0_worker_wording)
{
	parse("v0-format.log");
	cr_assert_eq(l.version, VLLM_VER(0, 6, 3));
	cr_assert_float_eq(l.weights, 14.9888, 1e-9);
	cr_assert_float_eq(l.v0_total, 79.19, 1e-9);
	cr_assert_float_eq(l.v0_util, 0.9, 1e-9);
	cr_assert_float_eq(l.v0_budget, 71.27, 1e-9);
	cr_assert_float_eq(l.torch_peak, 1.16, 1e-9);
	cr_assert_float_eq(l.non_torch, 0.28, 1e-9);
	cr_assert_float_eq(l.available_kv, 54.84, 1e-9);
	cr_assert_eq(l.gpu_blocks, 28078);
	cr_assert_eq(l.conc_len, 8192);
	vllmlog_done(&l);
}

Test(vllmlog, cut_short_logs_say_what_is_missing)
{
	parse("v0.19-llama8b-h100-truncated.log");
	cr_assert(l.have & VLOG_WEIGHTS);
	cr_assert(strstr(vllmlog_missing(&l, miss, sizeof miss),
		      "ends before vLLM sized the KV cache") != NULL,
	    "%s", miss);
	vllmlog_done(&l);
	cr_assert_eq(vllmlog_parse("(APIServer) INFO version 0.19.0 vLLM\n",
			 strlen("(APIServer) INFO version 0.19.0 vLLM\n"), &l,
			 err, sizeof err),
	    0);
	cr_assert(strstr(vllmlog_missing(&l, miss, sizeof miss),
		      "before the weights were loaded") != NULL,
	    "%s", miss);
	vllmlog_done(&l);
}

Test(vllmlog, not_a_log)
{
	char *text;
	size_t len;

	text = textfile_read(xt_src("tests/fixtures/logs/not-a-log.log", 0),
	    &len, err, sizeof err);
	cr_assert_not_null(text);
	cr_assert_eq(vllmlog_parse(text, len, &l, err, sizeof err), -1);
	cr_assert(strstr(err, "no vLLM startup line found") != NULL, "%s", err);
	free(text);
	cr_assert_eq(vllmlog_parse("", 0, &l, err, sizeof err), -1);
}

Test(vllmlog, hostile_bytes_colour_codes_and_huge_lines)
{
	static const char tail[] =
	    "\n\x1b[0;36m(EngineCore pid=1)\x1b[0m INFO x] "
	    "Available KV cache memory: 12.5 GiB\r\nGPU KV cache size: "
	    "99,999,999,999,999,999,999 tokens\n\xff\xfe\0 Model loading took "
	    "1e308 GiB\n";
	size_t n = 100000, i;
	char *t = malloc(n + sizeof tail);

	cr_assert_not_null(t);
	for (i = 0; i < n; i++)
		t[i] = (char)('a' + i % 26);
	memcpy(t + n, tail, sizeof tail - 1);
	cr_assert_eq(vllmlog_parse(t, n + sizeof tail - 1, &l, err, sizeof err),
	    0, "%s", err);
	cr_assert_float_eq(l.available_kv, 12.5, 1e-9);
	/* absurd figures are not figures */
	cr_assert(!(l.have & VLOG_TOKENS));
	cr_assert(!(l.have & VLOG_WEIGHTS));
	vllmlog_done(&l);
	free(t);
}
