/*
 * test_cli.c - vLLM's flag spellings, values and errors; the exported
 * command line and its quoting.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "io/cli.h"
#include "helpers.h"
#include "io/serve_command.h"
#include "io/shellwords.h"

static int
parse(struct cli *cli, char *err, size_t len, int argc, char **argv)
{
	return cli_parse(argc, argv, cli, err, len);
}

#define ARGV(...) ((char *[]){ "headroom", __VA_ARGS__ })
#define ARGC(...)                                                              \
	((int)(sizeof((char *[]){ "headroom", __VA_ARGS__ }) / sizeof(char *)))
#define PARSE(cli, err, ...)                                                   \
	parse(cli, err, sizeof err, ARGC(__VA_ARGS__), ARGV(__VA_ARGS__))

Test(cli, spellings_prefixes_and_values)
{
	struct cli cli;
	char err[512];

	cr_assert_eq(PARSE(&cli, err, "-tp", "2",
			 "--gpu_memory_utilization=0.85", "--max-model-len",
			 "32k", "--kv-cache-dtype", "fp8", "--enforce-e",
			 "--kv-cache-memory-bytes", "20G",
			 "--cudagraph-capture-sizes", "1", "2", "4"),
	    0, "%s", err);
	cr_assert_eq(cli.imp.in.tp, 2);
	cr_assert_float_eq(cli.imp.in.util, 0.85, 1e-12);
	cr_assert_eq(cli.imp.in.max_model_len, 32000);
	cr_assert_eq(cli.imp.in.kv_dtype, KV_FP8);
	cr_assert(cli.imp.in.enforce_eager);
	cr_assert_eq(cli.imp.in.kv_cache_memory_bytes, (int64_t)20 << 30);
	cr_assert_eq(cli.imp.in.n_capture_sizes, 3);
	cli_done(&cli);
	/* --kv-cache-dtype is also the start of --kv-cache-dtype-skip-layers */
	cr_assert_eq(PARSE(&cli, err, "--kv-cache-d", "fp8"), -1);
	cr_assert(strstr(err, "ambiguous") != NULL, "%s", err);
	cli_done(&cli);
	cr_assert_eq(PARSE(&cli, err, "--max-model-len", "auto",
			 "--no-enforce-eager"),
	    0);
	cr_assert_eq(cli.imp.in.max_model_len, -1);
	cr_assert(!cli.imp.in.enforce_eager);
	cli_done(&cli);
}

Test(cli, errors_name_flag_and_value)
{
	struct cli cli;
	char err[512];

	cr_assert_eq(PARSE(&cli, err, "--max-num-seqs", "lots"), -1);
	cr_assert(strstr(err, "--max-num-seqs") && strstr(err, "'lots'"), "%s",
	    err);
	cli_done(&cli);
	cr_assert_eq(PARSE(&cli, err, "--dtype", "fp7"), -1);
	cr_assert(strstr(err, "invalid choice 'fp7'"), "%s", err);
	cli_done(&cli);
	cr_assert_eq(PARSE(&cli, err, "--report", "pdf"), -1);
	cr_assert(strstr(err, "--report") && strstr(err, "'pdf'"), "%s", err);
	cli_done(&cli);
	cr_assert_eq(PARSE(&cli, err, "--max"), -1);
	cr_assert(strstr(err, "ambiguous"), "%s", err);
	cli_done(&cli);
	cr_assert_eq(PARSE(&cli, err, "--frobnicate"), -1);
	cli_done(&cli);
	cr_assert_eq(PARSE(&cli, err, "--block-size", "0"), -1);
	cr_assert(strstr(err, "--block-size: '0'"), "%s", err);
	cli_done(&cli);
}

Test(cli, vllm_command_after_double_dash_keeps_unknown_flags)
{
	struct cli cli;
	char err[512];

	cr_assert_eq(PARSE(&cli, err, "--", "vllm", "serve", "Qwen/Qwen3-8B",
			 "--tensor-parallel-size", "2", "--served-model-name",
			 "qwen", "--trust-remote-code"),
	    0, "%s", err);
	cr_assert_str_eq(cli.model_id, "Qwen/Qwen3-8B");
	cr_assert_eq(cli.imp.in.tp, 2);
	cr_assert_eq(cli.imp.n_extra, 3);
	cr_assert_str_eq(cli.imp.extra[0], "--served-model-name");
	cr_assert_str_eq(cli.imp.extra[1], "qwen");
	cli_done(&cli);
}

/* --model X -- vllm serve X names one model; two different ones are refused. */
Test(cli, the_same_model_twice_is_one_model)
{
	struct cli cli;
	char err[512];

	cr_assert_eq(PARSE(&cli, err, "--model", "Qwen/Qwen3-8B", "--", "vllm",
			 "serve", "Qwen/Qwen3-8B", "--max-model-len", "8k"),
	    0, "%s", err);
	cr_assert_str_eq(cli.model_id, "Qwen/Qwen3-8B");
	cr_assert_eq(cli.imp.in.max_model_len, 8000);
	cli_done(&cli);
	cr_assert_eq(PARSE(&cli, err, "--model", "Qwen/Qwen3-8B", "--", "vllm",
			 "serve", "Qwen/Qwen3-14B"),
	    -1);
	cr_assert(strstr(err, "the model is already 'Qwen/Qwen3-8B'"), "%s",
	    err);
	cli_done(&cli);
}

Test(cli, resolve_suggests_closest_ids)
{
	const struct catalogue *c = test_catalogue();
	struct cli cli;
	char err[512];

	cr_assert_eq(PARSE(&cli, err, "--gpu", "h200nvl"), 0);
	cr_assert_eq(cli_resolve(c, &cli, err, sizeof err), -1);
	cr_assert(strstr(err, "h200-nvl") != NULL, "%s", err);
	cli_done(&cli);
	cr_assert_eq(PARSE(&cli, err, "--model", "llama-3.3-70b",
			 "--checkpoint", "fp8"),
	    0);
	cr_assert_eq(cli_resolve(c, &cli, err, sizeof err), 0, "%s", err);
	cr_assert_eq(cli.imp.in.format, FMT_FP8);
	cr_assert_geq(cli.imp.in.ckpt, 0);
	cli_done(&cli);
	cr_assert_eq(PARSE(&cli, err, "--gpu", "rtx-pro-6000-server", "--mig",
			 "3g.72gb"),
	    0);
	cr_assert_eq(cli_resolve(c, &cli, err, sizeof err), -1);
	cr_assert(strstr(err, "2g.48gb") != NULL, "%s", err);
	cli_done(&cli);
}

Test(cli, exported_command_quotes_and_defaults)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	char buf[2048] = "";

	shellwords_quote("a b'c$(rm -rf /)", buf, sizeof buf);
	cr_assert_str_eq(buf, "'a b'\\''c$(rm -rf /)'");
	test_input(&in, "h200-nvl", "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.kv_dtype = KV_FP8;
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	serve_command_format(c, &in, &p, 0, buf, sizeof buf);
	cr_assert_str_eq(buf,
	    "vllm serve nvidia/Llama-3.3-70B-Instruct-FP8 "
	    "--max-model-len 8192 --kv-cache-dtype fp8");
	serve_command_format(c, &in, &p, 1, buf, sizeof buf);
	cr_assert(strstr(buf, "--gpu-memory-utilization 0.92") != NULL, "%s",
	    buf);
	cr_assert(strstr(buf, "--max-num-seqs 1024") != NULL, "%s", buf);
	{
		/* a local folder is served by its path */
		struct model folder = *in.model;

		folder.id = "/models/my model";
		in.model = &folder;
		serve_command_format(c, &in, &p, 0, buf, sizeof buf);
	}
	cr_assert(strncmp(buf, "vllm serve '/models/my model' ", 30) == 0, "%s",
	    buf);
}

/* Flags that move memory, each through the flag table and the engine. */
static void
plan_of(struct cli *cli, struct plan *p, char *err, size_t len, int argc,
    char **argv)
{
	cr_assert_eq(cli_parse(argc, argv, cli, err, len), 0, "%s", err);
	cr_assert_eq(cli_resolve(test_catalogue(), cli, err, len), 0, "%s",
	    err);
	plan_compute(test_catalogue(), &cli->imp.in, p);
}
#define PLAN(cli, p, err, ...)                                                 \
	plan_of(cli, p, err, sizeof err,                                       \
	    ARGC("--gpu", "h100-sxm", "--model",                               \
		"meta-llama/Llama-3.1-8B-Instruct", __VA_ARGS__),              \
	    ARGV("--gpu", "h100-sxm", "--model",                               \
		"meta-llama/Llama-3.1-8B-Instruct", __VA_ARGS__))

Test(cli, no_graphs_plans_no_graph_memory)
{
	/* not const: the words go into a char *argv[] */
	static char *const none[][2] = { { "-O0", NULL }, { "-O", "0" },
		{ "--optimization-level", "0" },
		{ "-cc.cudagraph_mode=NONE", NULL },
		{ "--compilation-config", "{\"cudagraph_mode\": \"NONE\"}" },
		{ "--compilation-config.cudagraph_mode", "none" } };
	struct cli cli;
	struct plan p, base;
	char err[512], buf[2048];
	size_t i;

	PLAN(&cli, &base, err, "--max-model-len", "8192");
	cr_assert_gt(base.cuda_graphs, 0);
	cli_done(&cli);
	for (i = 0; i < sizeof none / sizeof none[0]; i++) {
		/* argv words are char *; these are never written */
		char *flag = (char *)none[i][0], *value = (char *)none[i][1];

		if (value != NULL)
			PLAN(&cli, &p, err, "--max-model-len", "8192", flag,
			    value);
		else
			PLAN(&cli, &p, err, "--max-model-len", "8192", flag);
		cr_assert_eq(p.phase, PHASE_NONE, "%s: %s", none[i][0],
		    p.message);
		cr_assert_eq(p.cuda_graphs, 0, "%s plans graph memory",
		    none[i][0]);
		cr_assert_eq(p.n_capture_sizes, 0, "%s", none[i][0]);
		cr_assert_gt(p.kv_cache, base.kv_cache, "%s", none[i][0]);
		serve_command_format(test_catalogue(), &cli.imp.in, &p, 0, buf,
		    sizeof buf);
		cr_assert(strstr(buf, "-O0") || strstr(buf, "NONE"), "%s", buf);
		cli_done(&cli);
	}
	/* -O1: piecewise graphs only, fewer than the default's two kinds */
	PLAN(&cli, &p, err, "--max-model-len", "8192", "-O1");
	cr_assert_gt(p.cuda_graphs, 0);
	cr_assert_lt(p.cuda_graphs, base.cuda_graphs);
	cli_done(&cli);
	/* before 0.12.0 -O0 was a compile level: not planned */
	PLAN(&cli, &p, err, "--vllm-version", "0.11.0", "-O0");
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "-O0") != NULL, "%s", p.message);
	cli_done(&cli);
	/* members headroom does not model stop the plan, others travel */
	PLAN(&cli, &p, err, "-cc.full_cuda_graph=true");
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "does not model") != NULL, "%s", p.message);
	cli_done(&cli);
	PLAN(&cli, &p, err, "--compilation-config",
	    "{\"pass_config\": {\"x\": 1}}", "-cc.cudagraph_mode=PIECEWISE");
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	serve_command_format(test_catalogue(), &cli.imp.in, &p, 0, buf,
	    sizeof buf);
	cr_assert(strstr(buf,
		      "--compilation-config '{\"cudagraph_mode\":"
		      "\"PIECEWISE\",\"pass_config\":{\"x\":1}}'") != NULL,
	    "%s", buf);
	cli_done(&cli);
}

Test(cli, performance_mode_moves_the_defaults)
{
	struct cli cli;
	struct plan p, base;
	char err[512];

	PLAN(&cli, &base, err, "--max-model-len", "8192");
	cli_done(&cli);
	PLAN(&cli, &p, err, "--max-model-len", "8192", "--performance-mode",
	    "throughput");
	cr_assert_eq(p.max_num_seqs, 2 * base.max_num_seqs);
	cr_assert_eq(p.max_num_batched_tokens, 2 * base.max_num_batched_tokens);
	cli_done(&cli);
	PLAN(&cli, &p, err, "--max-model-len", "8192", "--performance-mode",
	    "interactivity");
	/* every size from 1 to 32 (32) where the default has 1, 2, 4, 8 ... 32 (7) */
	cr_assert_eq(p.n_capture_sizes, base.n_capture_sizes + 25);
	cli_done(&cli);
	PLAN(&cli, &p, err, "--vllm-version", "0.16.0", "--performance-mode",
	    "throughput");
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cli_done(&cli);
}

Test(cli, kv_dtypes_and_block_sizes_by_release)
{
	struct cli cli;
	struct plan p;
	char err[512], buf[2048];

	/* an unknown value is kept and said to be not modelled */
	PLAN(&cli, &p, err, "--kv-cache-dtype", "turboquant_k8v4");
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "--kv-cache-dtype=turboquant_k8v4") &&
		strstr(p.message, "does not model"),
	    "%s", p.message);
	serve_command_format(test_catalogue(), &cli.imp.in, &p, 0, buf,
	    sizeof buf);
	cr_assert(strstr(buf, "--kv-cache-dtype=turboquant_k8v4"), "%s", buf);
	cli_done(&cli);
	PLAN(&cli, &p, err, "--vllm-version", "0.10.2", "--kv-cache-dtype",
	    "bfloat16");
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "invalid choice: 'bfloat16'"), "%s",
	    p.message);
	cli_done(&cli);
	/* any positive block size from 0.26.0; the choices before */
	PLAN(&cli, &p, err, "--block-size", "24");
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.block_size, 24);
	cli_done(&cli);
	PLAN(&cli, &p, err, "--vllm-version", "0.25.0", "--block-size", "24");
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "invalid choice: 24"), "%s", p.message);
	cli_done(&cli);
	PLAN(&cli, &p, err, "--vllm-version", "0.10.0", "--block-size", "256");
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cli_done(&cli);
}
