/*
 * test_import.c - vLLM's arguments from a pasted command (--from-command),
 * a --config file and a logged "non-default args" dictionary, and how the
 * command line takes them in.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vllm_version.h"
#include "helpers.h"
#include "io/cli.h"
#include "io/vllmargs.h"
#include "xtest.h"

static struct vllm_args va;
static char err[1024];

Test(import, launchers_env_and_mig)
{
	cr_assert_eq(vllmargs_from_command("CUDA_VISIBLE_DEVICES=0,1 "
					   "HF_HOME=/h "
					   "vllm serve Qwen/Qwen3-8B -tp 2",
			 &va, err, sizeof err),
	    0, "%s", err);
	cr_assert_str_eq(va.launcher, "vllm serve");
	cr_assert_eq(va.env.n, 2);
	cr_assert_str_eq(va.env.w[0], "CUDA_VISIBLE_DEVICES=0,1");
	cr_assert(!va.mig);
	cr_assert_eq(va.words.n, 3);
	cr_assert_str_eq(va.words.w[0], "Qwen/Qwen3-8B");
	vllmargs_done(&va);

	cr_assert_eq(vllmargs_from_command(
			 "$ env CUDA_VISIBLE_DEVICES=MIG-4f1c2a7e-0000 "
			 "/opt/venv/bin/vllm serve m",
			 &va, err, sizeof err),
	    0, "%s", err);
	cr_assert(va.mig);
	vllmargs_done(&va);

	cr_assert_eq(vllmargs_from_command("python3 -u -m "
					   "vllm.entrypoints.openai.api_server "
					   "--model m --port 8000",
			 &va, err, sizeof err),
	    0, "%s", err);
	cr_assert(strncmp(va.launcher, "python -m", 9) == 0, "%s", va.launcher);
	cr_assert_str_eq(va.words.w[0], "--model");
	vllmargs_done(&va);

	cr_assert_eq(vllmargs_from_command(
			 "docker run --rm --runtime nvidia --gpus "
			 "'\"device=0:1\"' -e VLLM_LOGGING_LEVEL=DEBUG -p "
			 "8000:8000 "
			 "vllm/vllm-openai:v0.19.0 m --max-model-len 8k",
			 &va, err, sizeof err),
	    0, "%s", err);
	cr_assert(va.mig);
	cr_assert_eq(va.version, VLLM_VER(0, 19, 0));
	cr_assert_str_eq(va.env.w[0], "VLLM_LOGGING_LEVEL=DEBUG");
	cr_assert_str_eq(va.words.w[0], "m");
	vllmargs_done(&va);

	cr_assert_eq(vllmargs_from_command("docker run vllm/vllm-openai:latest "
					   "m",
			 &va, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(va.version, 0);
	cr_assert(strstr(va.note, "latest") != NULL, "%s", va.note);
	vllmargs_done(&va);
}

Test(import, not_a_vllm_command)
{
	cr_assert_eq(vllmargs_from_command("sglang serve m", &va, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "'sglang'") != NULL, "%s", err);
	cr_assert_eq(vllmargs_from_command("vllm bench m", &va, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "'vllm bench'") != NULL, "%s", err);
	cr_assert_eq(vllmargs_from_command("python3 -m http.server", &va, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "http.server") != NULL, "%s", err);
	cr_assert_eq(vllmargs_from_command("docker run ubuntu", &va, err,
			 sizeof err),
	    -1);
	cr_assert_eq(vllmargs_from_command("X=1", &va, err, sizeof err), -1);
	cr_assert_eq(vllmargs_from_command("vllm serve m $(rm -rf ~)", &va, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "$(rm -rf ~)") != NULL, "%s", err);
}

Test(import, from_command_on_the_command_line)
{
	struct cli c;
	const char *args[] = { "--gpu", "h100-sxm", "--from-command",
		"CUDA_VISIBLE_DEVICES=3 vllm serve Qwen/Qwen3-8B \\\n"
		"  --max_model_len=16k -tp 2 --gpu-memory-util 0.85 \\\n"
		"  --kv-cache-dtype fp8 --served-model-name 'q 8' "
		"--trust-remote-code",
		NULL };

	xt_cli(&c, args);
	cr_assert_str_eq(c.imp.in.model->id, "Qwen/Qwen3-8B");
	cr_assert_eq(c.imp.in.max_model_len, 16000);
	cr_assert_eq(c.imp.in.tp, 2);
	cr_assert_float_eq(c.imp.in.util, 0.85, 1e-12);
	cr_assert_eq(c.imp.in.kv_dtype, KV_FP8);
	cr_assert_eq(c.imp.n_extra, 3);
	cr_assert_str_eq(c.imp.extra[1], "q 8");
	cr_assert_eq(c.imp.n_env, 1);
	cr_assert_str_eq(c.imp.in.env[0], "CUDA_VISIBLE_DEVICES=3");
	cli_done(&c);
}

Test(import, from_command_errors_say_so)
{
	struct cli c;
	const char *a1[] = { "--from-command", "vllm serve m `reboot`", NULL };
	const char *a2[] = { "--from-command",
		"vllm serve Qwen/Qwen3-8B --max-num-seqs lots", NULL };
	const char *a3[] = { "--from-command", "vllm serve Qwen/Qwen3-8B --max",
		NULL };

	/* a3[1] changes below */

	cr_assert_eq(xt_cli_try(&c, a1, err, sizeof err), -1);
	cr_assert(strstr(err, "--from-command: refusing '`reboot`'") != NULL,
	    "%s", err);
	cli_done(&c);
	cr_assert_eq(xt_cli_try(&c, a2, err, sizeof err), -1);
	cr_assert(strstr(err, "--max-num-seqs") && strstr(err, "'lots'"), "%s",
	    err);
	cli_done(&c);
	cr_assert_eq(xt_cli_try(&c, a3, err, sizeof err), -1);
	cr_assert(strstr(err, "ambiguous") != NULL, "%s", err);
	cli_done(&c);
	a3[1] =
	    "vllm serve Qwen/Qwen3-8B --max-model-len 99999999999999999999999";
	cr_assert_eq(xt_cli_try(&c, a3, err, sizeof err), -1);
	cr_assert(strstr(err, "--max-model-len: '99999999999999999999999'") !=
		NULL,
	    "%s", err);
	cli_done(&c);
	a3[1] = "vllm serve Qwen/Qwen3-8B --kv-cache-memory-bytes 99999999999G "
		"-tp 1e400";
	cr_assert_eq(xt_cli_try(&c, a3, err, sizeof err), -1);
	cr_assert(strstr(err, "--kv-cache-memory-bytes") != NULL, "%s", err);
	cli_done(&c);
}

Test(import, config_after_double_dash)
{
	const char *path = xt_tmp("dd.yaml", 0);
	struct cli c;
	const char *args[] = { "--gpu", "h200-nvl", "--", "vllm", "serve",
		"--config", NULL, "--max-num-seqs", "8", NULL };

	xt_write(path, "model: Qwen/Qwen3-8B\nmax-num-seqs: 64\nport: 8001\n");
	args[6] = path;
	xt_cli(&c, args);
	cr_assert_str_eq(c.imp.in.model->id, "Qwen/Qwen3-8B");
	cr_assert_eq(c.imp.in.max_num_seqs, 8);
	cr_assert_eq(c.imp.n_extra, 2);
	cr_assert_str_eq(c.imp.extra[1], "8001");
	cli_done(&c);
}

Test(import, config_file_semantics)
{
	const char *path = xt_tmp("serve.yaml", 0);
	struct cli c;
	const char *args[] = { "--gpu", "h200-nvl", "--config", NULL, NULL };

	xt_write(path,
	    "# a vLLM config file\n"
	    "model: meta-llama/Llama-3.3-70B-Instruct\n"
	    "max_model_len: 8192\n"
	    "kv-cache-dtype: fp8\n"
	    "enforce-eager: false\n"
	    "trust-remote-code: true\n"
	    "cudagraph-capture-sizes: [1, 2, 4]\n"
	    "served-model-name: [a, b]\n"
	    "limit-mm-per-prompt: {image: 2}\n"
	    "empty-list: []\n"
	    "gpu-memory-utilization: 0.9\n");
	args[3] = path;
	xt_cli(&c, args);
	cr_assert_eq(c.imp.in.max_model_len, 8192);
	cr_assert_eq(c.imp.in.kv_dtype, KV_FP8);
	cr_assert(!c.imp.in.enforce_eager);
	cr_assert_eq(c.imp.in.n_capture_sizes, 3);
	cr_assert_float_eq(c.imp.in.util, 0.9, 1e-12);
	/* trust-remote-code, served-model-name a b, limit-mm as JSON */
	cr_assert_eq(c.imp.n_extra, 4, "%zu", c.imp.n_extra);
	cr_assert_str_eq(c.imp.extra[0], "--trust-remote-code");
	cr_assert_str_eq(c.imp.extra[2], "a");
	cr_assert_str_eq(c.imp.extra[3], "b");
	cli_done(&c);
}

Test(import, command_line_wins_over_the_config_file)
{
	const char *path = xt_tmp("c.yml", 0);
	struct cli c;
	const char *a1[] = { "--max-model-len", "4096", "--config", NULL,
		"Qwen/Qwen3-8B", NULL };
	const char *a2[] = { "--from-command", NULL, NULL };
	char cmd[1200];

	xt_write(path,
	    "model: meta-llama/Llama-3.1-8B-Instruct\nmax-model-len: 8192\n"
	    "max-num-seqs: 64\n");
	a1[3] = path;
	xt_cli(&c, a1);
	cr_assert_eq(c.imp.in.max_model_len, 4096);
	cr_assert_eq(c.imp.in.max_num_seqs, 64);
	cr_assert_str_eq(c.imp.in.model->id, "Qwen/Qwen3-8B");
	cli_done(&c);
	/* the same inside a pasted command, --config in the middle */
	snprintf(cmd, sizeof cmd, "vllm serve --max-num-seqs 32 --config %s",
	    path);
	a2[1] = cmd;
	xt_cli(&c, a2);
	cr_assert_eq(c.imp.in.max_num_seqs, 32);
	cr_assert_eq(c.imp.in.max_model_len, 8192);
	cr_assert_str_eq(c.imp.in.model->id,
	    "meta-llama/Llama-3.1-8B-Instruct");
	cli_done(&c);
}

Test(import, config_errors_name_file_line_and_column)
{
	const char *p1 = xt_tmp("bad1.yaml", 0), *p2 = xt_tmp("bad2.yaml", 1);
	const char *p3 = xt_tmp("bad3.yaml", 2), *p4 = xt_tmp("serve.json", 3);
	struct cli c;
	const char *args[] = { "--config", NULL, NULL };
	char want[1200];

	xt_write(p1, "model: Qwen/Qwen3-8B\nmax-num-seqs: lots\n");
	args[1] = p1;
	cr_assert_eq(xt_cli_try(&c, args, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:2:1: --max-num-seqs: 'lots'", p1);
	cr_assert(strstr(err, want) != NULL, "%s", err);
	cli_done(&c);

	xt_write(p2, "model: m\n  --tp: 2\n\t bad: [\n");
	args[1] = p2;
	cr_assert_eq(xt_cli_try(&c, args, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s:", p2);
	cr_assert(strncmp(err, want, strlen(want)) == 0, "%s", err);
	cli_done(&c);

	xt_write(p3, "model: Qwen/Qwen3-8B\n--tensor-parallel-size: 2\n");
	args[1] = p3;
	cr_assert_eq(xt_cli_try(&c, args, err, sizeof err), -1);
	snprintf(want, sizeof want,
	    "%s:2:1: '--tensor-parallel-size': keys are long "
	    "option names without dashes",
	    p3);
	cr_assert(strstr(err, want) != NULL, "%s", err);
	cli_done(&c);

	xt_write(p4, "{}\n");
	args[1] = p4;
	cr_assert_eq(xt_cli_try(&c, args, err, sizeof err), -1);
	cr_assert(strstr(err,
		      "Config file must be of a yaml/yml type. json "
		      "supplied") != NULL,
	    "%s", err);
	cli_done(&c);

	args[1] = xt_tmp("missing.yaml", 0);
	cr_assert_eq(xt_cli_try(&c, args, err, sizeof err), -1);
	cr_assert(strstr(err, "missing.yaml") != NULL, "%s", err);
	cli_done(&c);
}

/* vLLM reads a config file only from the two words "--config FILE" */
Test(import, config_is_read_only_from_its_own_word)
{
	const char *path = xt_tmp("two.yaml", 0);
	char eqarg[1100];
	const char *args[] = { "--gpu", "h200-nvl", "--model", "Qwen/Qwen3-8B",
		NULL, NULL };
	struct cli c;

	xt_write(path, "max-model-len: 4096\nenforce-eager: false\n");
	snprintf(eqarg, sizeof eqarg, "--config=%s", path);
	args[4] = eqarg;
	xt_cli(&c, args);
	cr_assert_eq(c.imp.in.max_model_len, 0, "the file is not read");
	cr_assert_eq(c.imp.n_extra, 1);
	cr_assert_str_eq(c.imp.extra[0], eqarg, "carried as given");
	cr_assert(strstr(c.imp.note, "not read") != NULL, "%s", c.imp.note);
	cli_done(&c);
	/* the two words read it; false is --no-KEY */
	args[4] = "--config";
	args[5] = path;
	{
		const char *two[] = { "--gpu", "h200-nvl", "--model",
			"Qwen/Qwen3-8B", "--config", path, NULL };

		xt_cli(&c, two);
	}
	cr_assert_eq(c.imp.in.max_model_len, 4096);
	cr_assert(!c.imp.in.enforce_eager);
	cr_assert_eq(c.imp.n_extra, 0);
	cli_done(&c);
}

Test(import, only_one_config_and_a_file_to_name)
{
	struct cli c;
	const char *a1[] = { "--config", "a.yaml", "--config", "b.yaml", NULL };
	const char *a2[] = { "--model", "Qwen/Qwen3-8B", "--config", NULL };

	cr_assert_eq(xt_cli_try(&c, a1, err, sizeof err), -1);
	cr_assert(strstr(err, "More than one config file specified!") != NULL,
	    "%s", err);
	cli_done(&c);
	cr_assert_eq(xt_cli_try(&c, a2, err, sizeof err), -1);
	cr_assert(strstr(err, "No config file specified!") != NULL, "%s", err);
	cli_done(&c);
}

Test(import, config_values_with_hostile_text)
{
	const char *path = xt_tmp("h.yaml", 0);
	struct cli c;
	const char *args[] = { "--config", NULL, "Qwen/Qwen3-8B", NULL };

	xt_write(path,
	    "served-model-name: \"$(rm -rf /) `id` 'q' \\\"x\\\"\\n2\"\n"
	    "max-model-len: 99999999999999999999999\n");
	args[1] = path;
	cr_assert_eq(xt_cli_try(&c, args, err, sizeof err), -1);
	cr_assert(strstr(err, ":2:1: --max-model-len") != NULL, "%s", err);
	cli_done(&c);
	xt_write(path,
	    "served-model-name: \"$(rm -rf /) `id` 'q' \\\"x\\\"\\n2\"\n");
	xt_cli(&c, args);
	cr_assert_str_eq(c.imp.extra[1], "$(rm -rf /) `id` 'q' \"x\"\n2");
	cli_done(&c);
}

Test(import, logged_non_default_args)
{
	cr_assert_eq(vllmargs_from_pydict(
			 "{'model_tag': 'meta-llama/Llama-3.1-8B-Instruct', "
			 "'model': 'meta-llama/Llama-3.1-8B-Instruct', "
			 "'max_model_len': 8192, "
			 "'gpu_memory_utilization': 0.95, "
			 "'enable_prefix_caching': False, "
			 "'served_model_name': ['a', \"b'c\"], "
			 "'compilation_config': {'level': 3}, "
			 "'kv_transfer_config': None, 'task': "
			 "<TaskOption.GENERATE: 1>, "
			 "'hf_overrides': HfOverrides(x=1), 'seed': -1e-05}",
			 &va, err, sizeof err),
	    0, "%s", err);
	cr_assert_str_eq(va.words.w[0], "meta-llama/Llama-3.1-8B-Instruct");
	cr_assert_str_eq(va.words.w[1], "--max_model_len");
	cr_assert_str_eq(va.words.w[2], "8192");
	cr_assert_str_eq(va.words.w[4], "0.95");
	cr_assert_str_eq(va.words.w[5], "--no-enable_prefix_caching");
	cr_assert_str_eq(va.words.w[8], "b'c");
	cr_assert_str_eq(va.words.w[10], "{\"level\":3}");
	cr_assert(strstr(va.note, "task") && strstr(va.note, "hf_overrides"),
	    "%s", va.note);
	vllmargs_done(&va);
	cr_assert_eq(vllmargs_from_pydict("{'model': 'x', 'max_model_len': 81",
			 &va, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "cut short") != NULL, "%s", err);
	cr_assert_eq(vllmargs_from_pydict("{'a': 'unterminated}", &va, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "unterminated") != NULL, "%s", err);
}

/* A string that ends in a backslash at the end of the text: the parser
 * stops at the NUL (the bytes after it are not the text's), and the
 * message quotes the string from its opening quote, escaped. */
Test(import, a_string_ending_in_a_backslash_stops_at_the_end)
{
	static const char text[] = "{'a': 'x\\\0SECRET', 'b': 1}";
	static const char *const cases[] = { "{'a': 'x\\", "'\\", "[\"\\",
		"{'k\\", "{'a': b'\\" };
	size_t i;

	cr_assert_eq(vllmargs_from_pydict(text, &va, err, sizeof err), -1);
	cr_assert(strstr(err, "unterminated string") != NULL, "%s", err);
	cr_assert(strstr(err, "SECRET") == NULL, "read past the text: %s", err);
	cr_assert(strstr(err, "'x\\") != NULL, "%s", err);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *end = NULL;
		cJSON *v =
		    vllmargs_parse_pyliteral(cases[i], &end, err, sizeof err);

		cr_assert_null(v, "%s", cases[i]);
		cr_assert(strstr(err, "unterminated string") != NULL, "%s: %s",
		    cases[i], err);
		cr_assert(end >= cases[i] && end <= cases[i] + strlen(cases[i]),
		    "%s", cases[i]);
	}
	/* control bytes and ESC in the quoted excerpt come out escaped */
	cr_assert_eq(vllmargs_from_pydict("{'a': '\033]0;x\a\\", &va, err,
			 sizeof err),
	    -1);
	cr_assert(strchr(err, '\033') == NULL && strchr(err, '\a') == NULL,
	    "%s", err);
	cr_assert(strstr(err, "\\x1b]0;x\\x07") != NULL, "%s", err);
}

Test(import, python_literals)
{
	const char *end;
	cJSON *v =
	    vllmargs_parse_pyliteral("[1, 2.5, 'a\\x41\\u00e9', (True, None), "
				     "{'k': [False]}] tail",
		&end, err, sizeof err);

	cr_assert_not_null(v, "%s", err);
	cr_assert_str_eq(end, " tail");
	cr_assert_eq(cJSON_GetArraySize(v), 5);
	cr_assert_str_eq(cJSON_GetArrayItem(v, 2)->valuestring, "aA\xc3\xa9");
	cJSON_Delete(v);
}
