/*
 * test_plan_import.c - the planner's imports (cli_import_open_*) mean what
 * the same option alone means on the command line, and the plan_import
 * taken from a struct cli keeps its input good after the cli is gone.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/plan.h"
#include "core/vllm_flags.h"
#include "helpers.h"
#include "io/cli.h"
#include "io/plan_import.h"
#include "xtest.h"

static char err[1024];

/* The two inputs plan alike and carry the same flags, words and card. */
static void
assert_same(const struct plan_input *a, const struct plan_input *b)
{
	size_t i;

	cr_assert_eq(vllm_flags_diff(a, b), 0u);
	cr_assert_eq(a->gpu, b->gpu);
	cr_assert_eq(a->mig, b->mig);
	cr_assert_eq(a->ckpt, b->ckpt);
	cr_assert_str_eq(a->model->id, b->model->id);
	cr_assert_eq(a->tokens_per_request, b->tokens_per_request);
	cr_assert_eq(a->n_extra_flags, b->n_extra_flags);
	for (i = 0; i < a->n_extra_flags; i++)
		cr_assert_str_eq(a->extra_flags[i], b->extra_flags[i]);
	cr_assert_eq(a->n_env, b->n_env);
	for (i = 0; i < a->n_env; i++)
		cr_assert_str_eq(a->env[i], b->env[i]);
}

/*
 * The option alone on a command line against the open function; the
 * import taken out of the cli is compared after the cli is done.
 */
static void
check(const char *option, const char *value, int opened, struct cli *o)
{
	const char *args[] = { option, value, NULL };
	struct plan_import *imp;
	struct cli c;

	cr_assert_eq(opened, 0, "%s: %s", option, err);
	cr_assert_eq(cli_resolve(test_catalogue(), o, err, sizeof err), 0, "%s",
	    err);
	xt_cli(&c, args);
	imp = cli_take_import(o);
	cli_done(o);
	assert_same(&c.imp.in, &imp->in);
	cr_assert(imp->in.extra_flags == imp->extra);
	cr_assert(imp->in.env == imp->env);
	/* the cli keeps an empty import */
	cr_assert_eq(o->imp.n_extra, 0);
	cli_done(&c);
	plan_import_free(&imp);
	cr_assert_null(imp);
}

Test(plan_import, a_pasted_command_as_from_command)
{
	const char *text =
	    "HF_HOME=/h vllm serve Qwen/Qwen3-8B -tp 2 "
	    "--max-model-len 16k --served-model-name q --kv-cache-dtype fp8";
	struct cli o;

	check("--from-command", text,
	    cli_import_open_command(&o, text, err, sizeof err), &o);
}

Test(plan_import, a_config_file_as_config)
{
	const char *path = xt_tmp("serve.yaml", 0);
	struct cli o;

	xt_write(path,
	    "model: Qwen/Qwen3-8B\nmax-model-len: 8192\n"
	    "enforce-eager: true\nport: 8001\n");
	check("--config", path,
	    cli_import_open_config(&o, path, err, sizeof err), &o);
}

Test(plan_import, a_scenario_as_scenario)
{
	const char *path =
	    xt_src("data/scenarios/llama70b-fp8-h200-nvl.yaml", 0);
	struct cli o;

	check("--scenario", path,
	    cli_import_open_scenario(&o, path, err, sizeof err), &o);
	cr_assert_eq(cli_import_open_scenario(&o, path, err, sizeof err), 0);
	cr_assert(o.imp.scenario_stamp.set);
	cli_done(&o);
}

Test(plan_import, errors_name_the_file_not_the_option)
{
	const char *path = xt_tmp("bad.yaml", 1);
	struct cli o;

	cr_assert_neq(cli_import_open_command(&o,
			  "vllm serve m --max-model-len lots", err, sizeof err),
	    0);
	cr_assert(strncmp(err, "--from-command", 14) != 0, "%s", err);
	cr_assert(strstr(err, "--max-model-len") != NULL, "%s", err);
	cli_done(&o);
	xt_write(path, "headroom-scenario: 1\ngpus: many\n");
	cr_assert_neq(cli_import_open_scenario(&o, path, err, sizeof err), 0);
	cr_assert(strstr(err, "bad.yaml:2:") != NULL, "%s", err);
	cli_done(&o);
}

Test(plan_import, a_move_carries_the_pointers_into_itself)
{
	struct plan_import *a = plan_import_new(), b;

	cr_assert_eq(plan_import_add_extra(a, "--foo=1", err, sizeof err), 0);
	plan_import_keep(a, "kept");
	a->have_local = true;
	a->local.id = strdup("./local-model");
	a->in.model = &a->local;
	plan_import_bind(a);
	plan_import_move(&b, a);
	cr_assert(b.in.model == &b.local);
	cr_assert(b.in.extra_flags == b.extra);
	cr_assert_eq(b.in.n_extra_flags, 1);
	cr_assert_str_eq(b.in.extra_flags[0], "--foo=1");
	cr_assert_str_eq(b.in.model->id, "./local-model");
	cr_assert_eq(a->n_extra, 0);
	cr_assert_null(a->in.model);
	plan_import_free(&a);
	plan_import_done(&b);
}
