/*
 * test_hf_overrides.c - --hf-overrides read for what headroom models (the
 * class vLLM builds, a classifier's labels) on every reader, written back
 * as given and escaped by the writers, and refused where a key is not
 * followed or a value is not of vLLM's form.
 */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/plan.h"
#include "helpers.h"
#include "io/cli.h"
#include "io/export.h"
#include "io/scenario.h"
#include "io/serve_command.h"
#include "xtest.h"

/* The Qwen3-Reranker recipe of vLLM's examples: the causal checkpoint
 * served as its sequence classifier, one label from two tokens. */
#define RERANKER                                                               \
	"{\"architectures\": [\"Qwen3ForSequenceClassification\"], "           \
	"\"classifier_from_token\": [\"no\", \"yes\"], "                       \
	"\"is_original_qwen3_reranker\": true}"

static void
plan_of(struct cli *c, const char *overrides, struct plan *p)
{
	const char *args[] = { "--gpu", "rtx-5090", "--model",
		"Qwen/Qwen3-0.6B", "--max-model-len", "2048", "--runner",
		"pooling", "--hf-overrides", overrides, NULL };

	xt_cli(c, args);
	plan_compute(test_catalogue(), &c->imp.in, p);
}

/*
 * from_2_way_softmax: one label, so a score head of 1 x 1,024 float32
 * weights (4,096 bytes) where the embed adapter has none; the words are
 * written back as given, quoted for the shell, and read back to the same
 * plan from the pasted command.
 */
Test(hf_overrides, qwen3_reranker_recipe)
{
	struct cli a, b, e;
	struct plan pa, pb, pe;
	char cmd[4096];
	const char *args[] = { "--gpu", "rtx-5090", "--from-command", cmd,
		NULL };
	const char *eargs[] = { "--gpu", "rtx-5090", "--model",
		"Qwen/Qwen3-0.6B", "--max-model-len", "2048", "--runner",
		"pooling", NULL };

	plan_of(&a, RERANKER, &pa);
	cr_assert_str_eq(a.imp.in.hf_architecture,
	    "Qwen3ForSequenceClassification");
	cr_assert_eq(a.imp.in.hf_num_labels, 1);
	cr_assert_null(a.imp.in.not_modelled);
	cr_assert_eq(pa.phase, PHASE_NONE, "%s", pa.message);
	cr_assert_eq(pa.pool_task, PLAN_POOL_CLASSIFY);
	cr_assert_eq(pa.num_labels, 1);
	xt_cli(&e, eargs);
	plan_compute(test_catalogue(), &e.imp.in, &pe);
	cr_assert_eq(pe.pool_task, PLAN_POOL_EMBED);
	cr_assert_eq(pa.weights, pe.weights + 4096);
	serve_command_format(test_catalogue(), &a.imp.in, &pa, 0, cmd,
	    sizeof cmd);
	cr_assert_not_null(strstr(cmd, "'--hf-overrides=" RERANKER "'"), "%s",
	    cmd);
	xt_cli(&b, args);
	plan_compute(test_catalogue(), &b.imp.in, &pb);
	cr_assert_eq(pb.phase, PHASE_NONE, "%s", pb.message);
	cr_assert_eq(pb.weights, pa.weights);
	cr_assert_eq(pb.num_labels, 1);
	cli_done(&a);
	cli_done(&b);
	cli_done(&e);
}

/* no_post_processing: one label a token; num_labels alone; a quote in a
 * token is escaped for the shell. */
Test(hf_overrides, labels_by_method)
{
	struct cli c;
	struct plan p;
	char cmd[4096];

	plan_of(&c,
	    "{\"architectures\": [\"Qwen3ForSequenceClassification\"], "
	    "\"method\": \"no_post_processing\", \"classifier_from_token\": "
	    "[\"a\", \"b\", \"it's\"]}",
	    &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.num_labels, 3);
	serve_command_format(test_catalogue(), &c.imp.in, &p, 0, cmd,
	    sizeof cmd);
	cr_assert_not_null(strstr(cmd, "\"it'\\''s\""), "%s", cmd);
	cli_done(&c);
	plan_of(&c,
	    "{\"architectures\": [\"Qwen3ForSequenceClassification\"], "
	    "\"num_labels\": 5}",
	    &p);
	cr_assert_eq(p.num_labels, 5);
	cr_assert_eq(p.score_head, 5 * 1024 * 4);
	cli_done(&c);
}

/* A key headroom does not follow stops the plan naming the words, as
 * before; a value not of vLLM's form is refused naming the flag. */
Test(hf_overrides, refused_keys_and_values)
{
	static const char *const bad[][2] = {
		{ "{bad", "'{bad' is not a JSON object" },
		{ "[1]", "is not a JSON object" },
		{ "{\"architectures\": \"Qwen3ForSequenceClassification\"}",
		    "architectures is not a list of class names" },
		{ "{\"num_labels\": 0}", "num_labels is not a whole number" },
		{ "{\"num_labels\": 1.5}", "num_labels is not a whole number" },
		{ "{\"method\": \"from_2_way_softmax\"}",
		    "a method needs classifier_from_token" },
		{ "{\"is_original_qwen3_reranker\": true, "
		  "\"classifier_from_token\": [\"a\", \"b\", \"c\"]}",
		    "from_2_way_softmax takes two tokens" },
		{ "{\"method\": \"mean\", \"classifier_from_token\": [\"a\"]}",
		    "method is not from_2_way_softmax or no_post_processing" },
	};
	struct cli c;
	struct plan p;
	char err[512];
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *args[] = { "--gpu", "rtx-5090", "--model",
			"Qwen/Qwen3-0.6B", "--hf-overrides", bad[i][0], NULL };

		cr_assert_neq(xt_cli_try(&c, args, err, sizeof err), 0, "%s",
		    bad[i][0]);
		cr_assert_not_null(strstr(err, "--hf-overrides: "), "%s", err);
		cr_assert_not_null(strstr(err, bad[i][1]), "%s", err);
		cli_done(&c);
	}
	plan_of(&c, "{\"num_hidden_layers\": 2}", &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_not_null(strstr(p.message,
			       "--hf-overrides={\"num_hidden_layers\": 2}: "
			       "headroom does not model"),
	    "%s", p.message);
	cli_done(&c);
	/* two classes: vLLM takes the first it has; headroom reads one */
	plan_of(&c,
	    "{\"architectures\": [\"Qwen3ForSequenceClassification\", "
	    "\"Qwen3ForCausalLM\"]}",
	    &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cli_done(&c);
	/* another family than the config's */
	plan_of(&c, "{\"architectures\": [\"LlamaForCausalLM\"]}", &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_not_null(strstr(p.message,
			       "--hf-overrides architectures "
			       "LlamaForCausalLM"),
	    "%s", p.message);
	cli_done(&c);
}

/* The JSON is read in the C locale whatever the user's: a comma-decimal
 * locale changes neither the labels nor the plan. */
Test(hf_overrides, read_in_any_locale)
{
	struct cli c;
	struct plan p;
	const char *old = setlocale(LC_NUMERIC, NULL);
	char saved[64];

	snprintf(saved, sizeof saved, "%s", old ? old : "C");
	if (setlocale(LC_NUMERIC, "de_DE.UTF-8") == NULL &&
	    setlocale(LC_NUMERIC, "fr_FR.UTF-8") == NULL)
		cr_skip_test("no comma-decimal locale installed");
	plan_of(&c,
	    "{\"num_labels\": 3, \"architectures\": "
	    "[\"Qwen3ForSequenceClassification\"]}",
	    &p);
	cr_assert_eq(p.num_labels, 3);
	cli_done(&c);
	setlocale(LC_NUMERIC, saved);
}

/* The exported config file (YAML) and the saved scenario carry the words,
 * and read back to the same classifier plan. */
Test(hf_overrides, config_and_scenario_round_trip)
{
	struct cli a, b, s;
	struct plan pa, pb, ps;
	struct report_in ri;
	char err[512], *yaml;
	const char *path = xt_tmp("reranker.yaml", 0);
	const char *scen = xt_tmp("reranker-scenario.yaml", 1);
	const char *args[] = { "--gpu", "rtx-5090", "--config", path, NULL };
	const char *sargs[] = { "--scenario", scen, NULL };

	plan_of(&a, RERANKER, &pa);
	xt_report_in(&ri, &a, &pa);
	yaml = export_config(&ri, err, sizeof err);
	cr_assert_not_null(yaml, "%s", err);
	cr_assert_not_null(strstr(yaml, "hf-overrides"), "%s", yaml);
	xt_write(path, yaml);
	free(yaml);
	xt_cli(&b, args);
	plan_compute(test_catalogue(), &b.imp.in, &pb);
	cr_assert_str_eq(b.imp.in.hf_architecture,
	    "Qwen3ForSequenceClassification");
	cr_assert_eq(pb.phase, PHASE_NONE, "%s", pb.message);
	cr_assert_eq(pb.num_labels, 1);
	cr_assert_eq(pb.weights, pa.weights);
	cr_assert_eq(pb.available_kv, pa.available_kv);
	yaml = scenario_write(&ri, "reranker", err, sizeof err);
	cr_assert_not_null(yaml, "%s", err);
	xt_write(scen, yaml);
	free(yaml);
	xt_cli(&s, sargs);
	plan_compute(test_catalogue(), &s.imp.in, &ps);
	cr_assert_eq(ps.pool_task, PLAN_POOL_CLASSIFY);
	cr_assert_eq(ps.weights, pa.weights);
	cli_done(&a);
	cli_done(&b);
	cli_done(&s);
}
