/*
 * test_export.c - the export writers: golden files for each format, the
 * MIG pinning, and quoting that no value can break out of.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/plan.h"
#include "helpers.h"
#include "io/cli.h"
#include "io/export.h"
#include "io/export_format.h"
#include "io/quote_html.h"
#include "io/serve_command.h"
#include "io/shellwords.h"
#include "io/vllmargs.h"
#include "xtest.h"

/* The golden plan: the seeds' model on one H200 NVL, a flag headroom does not model. */
static const char *const golden_args[] = { "--gpu", "h200-nvl",
	"--vllm-version", "0.19.0", "--tokens-per-request", "8192",
	"--from-command",
	"vllm serve nvidia/Llama-3.3-70B-Instruct-FP8 "
	"--max-model-len 8192 --kv-cache-dtype fp8 --served-model-name "
	"llama-70b",
	NULL };

static const char *const mig_args[] = { "--gpu", "rtx-pro-6000-server", "--mig",
	"2g.48gb", "--gpus", "2", "--vllm-version", "0.19.0", "--model",
	"Qwen/Qwen3-8B", "--max-model-len", "8192", NULL };

static char *
render(const char *const *args, enum export_format f)
{
	struct cli c;
	struct plan p;
	struct report_in r;
	char err[512], *out;

	xt_cli(&c, args);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	xt_report_in(&r, &c, &p);
	out = export_render(f, &r, err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	cli_done(&c);
	return out;
}

static void
golden(const char *const *args, enum export_format f, const char *name)
{
	char *out = render(args, f);

	xt_golden(name, out);
	free(out);
}

Test(export, golden_command)
{
	golden(golden_args, EXPORT_COMMAND, "export-command");
}
Test(export, golden_config)
{
	golden(golden_args, EXPORT_CONFIG, "export-config");
}
Test(export, golden_docker)
{
	golden(golden_args, EXPORT_DOCKER, "export-docker");
}
/* The JSON export is the report; its golden keeps the fields this layer owns. */
Test(export, golden_json)
{
	static const char *const keys[] = { "headroom_version", "vllm_version",
		"gpu", "model", "settings", "memory_gib", "kv", "replicas",
		"total_concurrency_at_tokens_per_request", "verdict",
		"vllm_command", "checkpoint_note", "not_modelled" };
	char *out = render(golden_args, EXPORT_JSON), *s;
	cJSON *all = cJSON_Parse(out), *keep = cJSON_CreateObject();
	size_t i;

	cr_assert_not_null(all, "%s", out);
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		cJSON *v =
		    cJSON_DetachItemFromObjectCaseSensitive(all, keys[i]);

		cr_assert_not_null(v, "no %s in\n%s", keys[i], out);
		cJSON_AddItemToObject(keep, keys[i], v);
	}
	s = cJSON_Print(keep);
	xt_golden("export-json", s);
	cJSON_free(s);
	cJSON_Delete(keep);
	cJSON_Delete(all);
	free(out);
}
/* A card outside the catalogue is counted in words, not "1 x a card" */
Test(export, card_outside_catalogue_in_words)
{
	static const char *const one[] = { "--gpu-total-gib", "80", "--model",
		"Qwen/Qwen3-8B", "--max-model-len", "8192", NULL };
	static const char *const two[] = { "--gpu-total-gib", "80", "--gpus",
		"2", "--model", "Qwen/Qwen3-8B", "--max-model-len", "8192",
		NULL };
	char *out = render(one, EXPORT_QUOTE);

	cr_assert(strstr(out, "Qwen3 8B on 1 card of 80.00 GiB\n") != NULL,
	    "%s", out);
	free(out);
	out = render(two, EXPORT_CONFIG);
	cr_assert(strstr(out, "on 2 cards of 80.00 GiB.") != NULL, "%s", out);
	cr_assert(strstr(out, " x a ") == NULL, "%s", out);
	free(out);
}

Test(export, golden_quote)
{
	golden(golden_args, EXPORT_QUOTE, "export-quote");
}
Test(export, golden_mig_command)
{
	golden(mig_args, EXPORT_COMMAND, "export-command-mig");
}
Test(export, golden_mig_docker)
{
	golden(mig_args, EXPORT_DOCKER, "export-docker-mig");
}
Test(export, golden_mig_quote)
{
	golden(mig_args, EXPORT_QUOTE, "export-quote-mig");
}

Test(export, format_names)
{
	enum export_format f;

	cr_assert_eq(export_format_parse("config", &f), 0);
	cr_assert_eq(f, EXPORT_CONFIG);
	cr_assert_eq(export_format_parse("yaml", &f), 0);
	cr_assert_eq(f, EXPORT_CONFIG);
	cr_assert_eq(export_format_parse("markdown", &f), 0);
	cr_assert_eq(f, EXPORT_QUOTE);
	cr_assert_eq(export_format_parse("pdf", &f), -1);
	cr_assert_str_eq(export_format_name(EXPORT_DOCKER), "docker");
}

Test(export, mig_slices_are_pinned_and_priced_by_card)
{
	struct cli c;
	struct plan p;
	struct export_cost k;
	char buf[4096];

	xt_cli(&c, mig_args);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	serve_command_format(test_catalogue(), &c.imp.in, &p, 0, buf,
	    sizeof buf);
	cr_assert(strncmp(buf, "CUDA_VISIBLE_DEVICES='MIG-<uuid>' vllm serve ",
		      45) == 0,
	    "%s", buf);
	export_cost(test_catalogue(), &c.imp.in, &p, &k);
	cr_assert_eq(k.slices, 2);
	cr_assert_eq(k.cards, 1);
	cr_assert_float_eq(k.per_hour, k.card_per_hour, 1e-9);
	cli_done(&c);
}

/* Values that try to break out of their argument. */
static const char *const hostile[] = {
	"a b'c",
	"$(rm -rf /)",
	"`id`",
	"x\ny",
	"it's",
	"\"dq\"",
	"\\",
	"a;b|c&d>e<f",
	"~/x",
	"*",
	"#not-a-comment",
	"'",
	"''",
	"-",
	"--",
	"%s%n",
	"\t",
	"\xe2\x80\xa8",
	"\xc2\x85",
	"$HOME",
	"!",
	"{\"a\": 1}",
};
#define N_HOSTILE (sizeof hostile / sizeof hostile[0])

static void
hostile_input(struct plan_input *in, char **extra, size_t *n, const char *model,
    char **env)
{
	size_t i;

	static struct model folder; /* a local folder: served by its path */

	test_input(in, "h200-nvl", "Qwen/Qwen3-8B", NULL);
	folder = *in->model;
	folder.id = (char *)model;
	in->model = &folder;
	in->ckpt = -1;
	*n = 0;
	extra[(*n)++] = "--served-model-name";
	for (i = 0; i < N_HOSTILE; i++)
		extra[(*n)++] = (char *)hostile[i];
	in->extra_flags = extra;
	in->n_extra_flags = *n;
	env[0] = "HOSTILE=$(id) `x` 'y'\n";
	in->env = env;
	in->n_env = 1;
}

Test(export, no_value_breaks_out_of_its_argument)
{
	struct plan_input in;
	struct plan p;
	struct shellwords sw = { 0 };
	char *extra[64], *env[1], err[512];
	char *buf = malloc(65536);
	const char *models[] = { "/models/it's a \"model\" $(x)\n",
		"/m/\xff\xfe\x80", "-weird", "--model=evil", "-a b'c" };
	size_t n, i, m;

	cr_assert_not_null(buf);
	for (m = 0; m < sizeof models / sizeof models[0]; m++) {
		hostile_input(&in, extra, &n, models[m], env);
		plan_compute(test_catalogue(), &in, &p);
		serve_command_format(test_catalogue(), &in, &p, 0, buf, 65536);
		cr_assert_eq(shellwords_split(buf, &sw, err, sizeof err), 0,
		    "%s\n%s", err, buf);
		cr_assert_str_eq(sw.w[0], env[0]);
		cr_assert_str_eq(sw.w[1], "vllm");
		if (models[m][0] == '-') {
			/* a folder named like a flag is written as a path */
			cr_assert_str_eq(sw.w[3] + 2, models[m]);
			cr_assert(strncmp(sw.w[3], "./", 2) == 0, "%s",
			    sw.w[3]);
		} else {
			cr_assert_str_eq(sw.w[3], models[m]);
		}
		cr_assert_eq(sw.n, 4 + n, "%zu words: %s", sw.n, buf);
		for (i = 0; i < n; i++)
			cr_assert_str_eq(sw.w[4 + i], extra[i],
			    "word %zu of %s", i, buf);
		shellwords_done(&sw);
	}
	free(buf);
}

Test(export, config_holds_any_utf8_value_and_refuses_other_bytes)
{
	struct plan_input in;
	struct plan p;
	struct report_in r;
	struct vllm_args va;
	char *extra[64], *env[1], err[1024], *yaml;
	const char *path = xt_tmp("hostile.yaml", 0);
	size_t n, i;

	hostile_input(&in, extra, &n, "Qwen/Qwen3-8B", env);
	/* the flag takes one value; give each hostile value a flag of its own */
	for (i = 0; i < N_HOSTILE; i++) {
		static char flags[N_HOSTILE][32];

		snprintf(flags[i], sizeof flags[i], "--x%zu", i);
		extra[2 * i] = flags[i];
		/* a value that starts with '-' reads as a flag, in vLLM too */
		extra[2 * i + 1] =
		    hostile[i][0] == '-' ? "dash" : (char *)hostile[i];
	}
	in.n_extra_flags = 2 * N_HOSTILE;
	plan_compute(test_catalogue(), &in, &p);
	memset(&r, 0, sizeof r);
	r.cat = test_catalogue();
	r.in = &in;
	r.plan = &p;
	yaml = export_config(&r, err, sizeof err);
	cr_assert_not_null(yaml, "%s", err);
	xt_write(path, yaml);
	cr_assert_eq(vllmargs_from_config(path, &va, err, sizeof err), 0,
	    "%s\n%s", err, yaml);
	cr_assert_str_eq(va.words.w[1], "Qwen/Qwen3-8B");
	for (i = 0; i < N_HOSTILE; i++) {
		const char *v = extra[2 * i + 1];
		size_t k;
		int found = 0;

		for (k = 0; k + 1 < va.words.n; k++)
			if (strcmp(va.words.w[k], extra[2 * i]) == 0) {
				/* "-", "--" and "{...}" come back as vLLM's loader gives them */
				if (strcmp(v, "{\"a\": 1}") == 0)
					cr_assert_str_eq(va.words.w[k + 1],
					    "{\"a\":1}");
				else
					cr_assert_str_eq(va.words.w[k + 1], v,
					    "%s\n%s", extra[2 * i], yaml);
				found = 1;
			}
		cr_assert(found, "%s missing:\n%s", extra[2 * i], yaml);
	}
	vllmargs_done(&va);
	free(yaml);
	extra[1] = "\xff not utf-8";
	yaml = export_config(&r, err, sizeof err);
	cr_assert_null(yaml);
	cr_assert(strstr(err, "not valid UTF-8") && strstr(err, "\\xff"), "%s",
	    err);
}

/* A quote names what the model's figures rest on: DeepSeek-V4's derived
 * weights and unmeasured estimates, in Markdown and HTML alike. */
Test(export, quote_lists_the_models_assumption)
{
	static const char *const args[] = { "--gpu", "h200-sxm",
		"--vllm-version", "0.25.0", "--from-command",
		"vllm serve deepseek-ai/DeepSeek-V4-Flash "
		"--tensor-parallel-size 8 --kv-cache-dtype fp8",
		NULL };
	struct cli c;
	struct plan p;
	struct report_in r;
	char err[512], *out = render(args, EXPORT_QUOTE);

	cr_assert(strstr(out, "- Assumption: DeepSeek-V4:") != NULL, "%s", out);
	free(out);
	xt_cli(&c, args);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	xt_report_in(&r, &c, &p);
	out = quote_html(&r, err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	cr_assert(strstr(out, "<li>Assumption: DeepSeek-V4:") != NULL, "%s",
	    out);
	free(out);
	cli_done(&c);
}

/*
 * A close call is in the quote, Markdown and HTML: MiniMax-M2.7 AWQ on two
 * GB10 at 0.8 keeps about 11.1 GiB over the 23.25 one request of 196,608
 * tokens needs, within MoE attention's 9.76 % of 121.69 GiB (11.88 GiB;
 * doc/estimates.md, "Close calls"); at 0.9 (23.3 GiB over) it is none.
 */
Test(export, quote_says_a_close_call)
{
	static const char *args[] = { "--gpu", "gb10", "--vllm-version",
		"0.29.0", "--checkpoint", "awq", "--from-command",
		"vllm serve MiniMaxAI/MiniMax-M2.7 -tp 2 --max-model-len "
		"196608 "
		"--gpu-memory-utilization 0.8",
		NULL };
	struct cli c;
	struct plan p;
	struct report_in r;
	char err[512], *out = render(args, EXPORT_QUOTE);

	cr_assert(strstr(out, "> Close call: the 11.") != NULL, "%s", out);
	free(out);
	xt_cli(&c, args);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	xt_report_in(&r, &c, &p);
	out = quote_html(&r, err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	cr_assert(strstr(out, "id=\"close-call\">Close call:") != NULL, "%s",
	    out);
	free(out);
	cli_done(&c);
	args[7] = "vllm serve MiniMaxAI/MiniMax-M2.7 -tp 2 --max-model-len "
		  "196608 --gpu-memory-utilization 0.9";
	out = render(args, EXPORT_QUOTE);
	cr_assert(strstr(out, "Close call") == NULL, "%s", out);
	free(out);
}

/* VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 in a pasted command: the length above the
 * model's maximum is planned, and vLLM's warning is in the quote (Markdown
 * and HTML) and the command, which keeps the variable. */
Test(export, allow_long_max_model_len_warns_in_every_export)
{
	static const char *const args[] = { "--gpu", "h100-sxm",
		"--from-command",
		"VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 vllm serve "
		"meta-llama/Llama-3.1-8B-Instruct --max-model-len 262144",
		NULL };
	/* the quote's Markdown wraps its lines */
	static const char warn[] = "- Environment: User-specified "
				   "max_model_len (262144)";
	struct cli c;
	struct plan p;
	struct report_in r;
	char err[512], *out = render(args, EXPORT_QUOTE);

	cr_assert(strstr(out, warn) != NULL, "%s", out);
	free(out);
	out = render(args, EXPORT_COMMAND);
	cr_assert(strstr(out, "# User-specified max_model_len (262144)") !=
		NULL,
	    "%s", out);
	cr_assert(strstr(out,
		      "\nVLLM_ALLOW_LONG_MAX_MODEL_LEN=1 vllm serve ") != NULL,
	    "%s", out);
	free(out);
	xt_cli(&c, args);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.max_model_len, 262144);
	xt_report_in(&r, &c, &p);
	out = quote_html(&r, err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	cr_assert(strstr(out, "<li>Environment: User-specified") != NULL, "%s",
	    out);
	free(out);
	cli_done(&c);
}

/* An unknown VLLM_* variable is named in every export, the JSON report's
 * verdict.environment among them, and carried as given. */
Test(export, unknown_vllm_variable_is_named_in_every_format)
{
	static const char *const args[] = { "--gpu", "h100-sxm",
		"--from-command", "VLLM_NOT_A_VAR=1 vllm serve Qwen/Qwen3-8B",
		NULL };
	static const char note[] = "VLLM_NOT_A_VAR: not in headroom's table";
	int f;

	for (f = 0; f < EXPORT_COUNT; f++) {
		char *out = render(args, (enum export_format)f);

		cr_assert(strstr(out, note) != NULL, "format %d: %s", f, out);
		free(out);
	}
}
