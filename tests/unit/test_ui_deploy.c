/*
 * test_ui_deploy.c - the planner's deployment view (D) on a virtual
 * terminal: the nodes x cards grid of a plan started from --node/--nodes,
 * vLLM's refusal, the node count changed inside the view, and the cluster
 * files it writes, which must be the command line's own exports of the
 * same plan.
 */
#include <criterion/criterion.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/plan.h"
#include "helpers.h"
#include "io/cli.h"
#include "io/deploy.h"
#include "io/export.h"
#include "io/export_format.h"
#include "io/model_find.h"
#include "io/report.h"
#include "io/textfile.h"
#include "ui/app.h"
#include "ui/overlay_deploy.h"

#define MAX_ARGS 32

static char screen[1 << 16];
static char tmpdir[256];

static void
setup(void)
{
	test_ui_env();
	test_tmpdir_new(tmpdir, sizeof tmpdir, "uideploy");
}

static void
teardown(void)
{
	test_tmpdir_remove(tmpdir);
}

TestSuite(uideploy, .init = setup, .fini = teardown);

/* headroom ARGS resolved into cli, as main() does before the planner. */
static void
cli_of(struct cli *cli, const char *args, char *store, size_t len)
{
	char *argv[MAX_ARGS], *w, err[512];
	int argc = 1;

	snprintf(store, len, "%s", args);
	argv[0] = "headroom";
	for (w = strtok(store, " "); w != NULL && argc < MAX_ARGS - 1;
	     w = strtok(NULL, " "))
		argv[argc++] = w;
	argv[argc] = NULL;
	cr_assert_eq(cli_parse(argc, argv, cli, err, sizeof err), 0, "%s: %s",
	    args, err);
	cr_assert_eq(cli_resolve(test_catalogue(), cli, err, sizeof err), 0,
	    "%s: %s", args, err);
}

/* The planner on 80 x 24 started from the cli, with the D view open. */
static struct app *
open_view_opt(struct cli *cli, const struct ui_options *opt)
{
	struct app *a;

	overlay_deploy_preset(cli->node, cli->nodes);
	a = app_headless_new((struct catalogue *)test_catalogue(), &cli->imp.in,
	    opt, 24, 80);
	cr_assert_not_null(a, "no virtual terminal");
	cr_assert_eq(app_headless_keys(a, "D"), 0);
	app_headless_dump(a, screen, sizeof screen);
	return a;
}

static struct app *
open_view(struct cli *cli)
{
	static const struct ui_options plain = { 0, 0, NULL, NULL };

	return open_view_opt(cli, &plain);
}

/* The row of the screen holding text, -1 when none. */
static int
row_of(const char *text)
{
	const char *hit = strstr(screen, text), *s;
	int row = 0;

	if (hit == NULL)
		return -1;
	for (s = screen; s < hit; s++)
		row += *s == '\n';
	return row;
}

Test(uideploy, two_h100_nodes_tp8_pp2_grid)
{
	struct cli cli;
	char store[512];
	struct app *a;
	int r0, r1;

	cli_of(&cli,
	    "--node hgx-h100-8 --nodes 2 --tensor-parallel-size 8 "
	    "--pipeline-parallel-size 2",
	    store, sizeof store);
	a = open_view(&cli);
	cr_assert_not_null(strstr(screen, "Deployment: what runs where"), "%s",
	    screen);
	cr_assert_not_null(strstr(screen, "2 × hgx-h100-8"), "%s", screen);
	cr_assert_not_null(strstr(screen, "TP 8 × PP 2 × DP 1 = 16 cards"),
	    "%s", screen);
	cr_assert_not_null(strstr(screen, "vLLM starts this placement"), "%s",
	    screen);
	r0 = row_of("node 0");
	r1 = row_of("node 1");
	cr_assert(r0 >= 0 && r1 > r0 && r1 < 23,
	    "both nodes on the 80x24 screen:\n%s", screen);
	/* stage 0 on node 0, stage 1 on node 1, TP ranks 0..7 across the cards */
	cr_assert_not_null(strstr(screen, "p0 t0   p0 t1"), "%s", screen);
	cr_assert_not_null(strstr(screen, "p1 t6   p1 t7"), "%s", screen);
	cr_assert_gt(row_of("p1 t0"), r1, "%s", screen);
	cr_assert_lt(row_of("p0 t7"), r1, "%s", screen);
	/* the pipeline spans the nodes: vLLM needs Ray, and says so in a note */
	cr_assert_not_null(strstr(screen, "note: "), "%s", screen);
	cr_assert_not_null(strstr(screen, "Price: $"), "%s", screen);
	app_headless_free(&a);
	cli_done(&cli);
}

Test(uideploy, tp16_on_one_node_is_vllms_refusal)
{
	struct cli cli;
	char store[512];
	struct app *a;

	cli_of(&cli, "--node hgx-h100-8 --tensor-parallel-size 16", store,
	    sizeof store);
	a = open_view(&cli);
	cr_assert_not_null(strstr(screen,
			       "vLLM refuses: World size (16) is larger "),
	    "%s", screen);
	/* + adds a node: TP 16 now spans two nodes and vLLM starts it */
	cr_assert_eq(app_headless_keys(a, "+"), 0);
	app_headless_dump(a, screen, sizeof screen);
	cr_assert_null(strstr(screen, "World size"), "%s", screen);
	cr_assert_not_null(strstr(screen, "2 × hgx-h100-8"), "%s", screen);
	cr_assert_geq(row_of("node 1"), 0, "%s", screen);
	cr_assert_eq(app_headless_input(a)->gpus, 16);
	/* u undoes it as any other change, once the view is closed */
	cr_assert_eq(app_headless_keys(a, "<Esc>u"), 0);
	cr_assert_eq(app_headless_input(a)->gpus, 8);
	/* the main verdict pane gives vLLM's words too, not headroom's own */
	app_headless_dump(a, screen, sizeof screen);
	cr_assert_not_null(strstr(screen, "World size (16)"), "%s", screen);
	cr_assert_null(strstr(screen, "needs 16 GPUs"), "%s", screen);
	app_headless_free(&a);
	cli_done(&cli);
}

Test(uideploy, kubernetes_from_the_view_is_the_command_lines)
{
	struct cli cli, two;
	char store[512], store2[512], keys[512], path[400], err[256], *got,
	    *want;
	struct placement pl;
	struct report_in rin;
	struct plan p;
	struct app *a;

	cli_of(&cli,
	    "--node hgx-h100-8 --tensor-parallel-size 8 "
	    "--pipeline-parallel-size 2",
	    store, sizeof store);
	a = open_view(&cli);
	snprintf(path, sizeof path, "%s/k8s.yaml", tmpdir);
	/* a second node, then k and the path */
	snprintf(keys, sizeof keys, "+k%s<Enter>", path);
	cr_assert_eq(app_headless_keys(a, keys), 0);
	cr_assert_not_null(strstr(app_headless_status(a),
			       "wrote the kubernetes"),
	    "%s", app_headless_status(a));
	got = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(got, "%s", err);
	cr_assert_not_null(strstr(got, "kind: LeaderWorkerSet"), "%s", got);

	cli_of(&two,
	    "--node hgx-h100-8 --nodes 2 --tensor-parallel-size 8 "
	    "--pipeline-parallel-size 2",
	    store2, sizeof store2);
	plan_compute(test_catalogue(), &two.imp.in, &p);
	memset(&rin, 0, sizeof rin);
	rin.cat = test_catalogue();
	rin.in = &two.imp.in;
	rin.plan = &p;
	rin.model_source =
	    model_find_input_source(test_catalogue(), &two.imp.in);
	rin.placement = deploy_place(test_catalogue(), &two.imp.in, two.node,
	    two.nodes, &p, &pl);
	rin.node = &test_catalogue()->nodes[two.node];
	want = export_render(EXPORT_KUBERNETES, &rin, err, sizeof err);
	cr_assert_not_null(want, "%s", err);
	cr_assert_str_eq(got, want);
	free(got);
	free(want);
	app_headless_free(&a);
	cli_done(&cli);
	cli_done(&two);
}

Test(uideploy, without_a_node_one_host_then_a_server_picked)
{
	struct cli cli;
	char store[512];
	struct app *a;

	cli_of(&cli, "--gpu h100-sxm --tensor-parallel-size 2 --gpus 4", store,
	    sizeof store);
	a = open_view(&cli);
	cr_assert_not_null(strstr(screen,
			       "One host with the plan's cards: 4 × h100-sxm"),
	    "%s", screen);
	cr_assert_not_null(strstr(screen, "r0      r0      r1      r1"), "%s",
	    screen);
	/* Right: the first server of the catalogue; its card becomes the plan's */
	cr_assert_eq(app_headless_keys(a, "<Right>"), 0);
	app_headless_dump(a, screen, sizeof screen);
	snprintf(store, sizeof store, "1 × %s (",
	    test_catalogue()->nodes[0].id);
	cr_assert_not_null(strstr(screen, store), "%s in\n%s", store, screen);
	cr_assert_geq(app_headless_input(a)->gpus, 1);
	cr_assert_eq(app_headless_input(a)->gpu,
	    test_catalogue()->nodes[0].gpu);
	app_headless_free(&a);
	cli_done(&cli);
}

Test(uideploy, mig_slices_per_card_and_ascii)
{
	static const struct ui_options ascii = { 1, 1, NULL, NULL };
	struct cli cli;
	char store[512];
	struct app *a;

	cli_of(&cli, "--node hgx-h100-8 --mig 1g.10gb --model Qwen/Qwen3-0.6B",
	    store, sizeof store);
	a = open_view_opt(&cli, &ascii);
	cr_assert_not_null(strstr(screen, "1 x hgx-h100-8"), "%s", screen);
	cr_assert_not_null(strstr(screen,
			       "One instance per MIG slice, 7 slices per card; "
			       "56 replicas"),
	    "%s", screen);
	cr_assert_not_null(strstr(screen, "r0-6    r7-13"), "%s", screen);
	cr_assert_not_null(strstr(screen, "7/7 sl"), "%s", screen);
	for (const char *s = screen; *s != '\0'; s++)
		cr_assert_lt((unsigned char)*s, 0x80, "not ASCII:\n%s", screen);
	app_headless_free(&a);
	cli_done(&cli);
}

/* What the command line's --export FORMAT gives for args: the text, or NULL and why. */
static char *
cli_export(const char *args, enum export_format f, char *err, size_t errlen)
{
	struct cli cli;
	char store[512];
	struct placement *pl = malloc(sizeof *pl);
	struct report_in rin;
	struct plan p;
	char *text;

	cr_assert_not_null(pl);
	cli_of(&cli, args, store, sizeof store);
	plan_compute(test_catalogue(), &cli.imp.in, &p);
	memset(&rin, 0, sizeof rin);
	rin.cat = test_catalogue();
	rin.in = &cli.imp.in;
	rin.plan = &p;
	rin.model_source =
	    model_find_input_source(test_catalogue(), &cli.imp.in);
	rin.placement = deploy_place(test_catalogue(), &cli.imp.in, cli.node,
	    cli.nodes, &p, pl);
	rin.node = rin.placement ? &test_catalogue()->nodes[cli.node] : NULL;
	text = export_render(f, &rin, err, errlen);
	free(pl);
	cli_done(&cli);
	return text;
}

/* Each of r, m, c, k writes what --export writes, or refuses with its reason. */
Test(uideploy, every_cluster_file_from_the_view_is_the_command_lines)
{
	static const char *const args[] = {
		"--node hgx-h100-8 --nodes 2 --tensor-parallel-size 8",
		"--gpu h100-sxm --tensor-parallel-size 2 --gpus 4",
	};
	static const struct {
		enum export_format f;
		const char *key;
	} fmts[] = { { EXPORT_RAY, "r" }, { EXPORT_MULTINODE, "m" },
		{ EXPORT_COMPOSE, "c" }, { EXPORT_KUBERNETES, "k" } };
	size_t i, j;
	int written = 0, refused = 0;

	for (i = 0; i < sizeof args / sizeof args[0]; i++)
		for (j = 0; j < sizeof fmts / sizeof fmts[0]; j++) {
			struct cli cli;
			char store[512], path[400], keys[600], err[512],
			    err2[256], *want, *got;
			struct app *a;

			want = cli_export(args[i], fmts[j].f, err, sizeof err);
			cli_of(&cli, args[i], store, sizeof store);
			a = open_view(&cli);
			snprintf(path, sizeof path, "%s/out-%zu-%zu", tmpdir, i,
			    j);
			snprintf(keys, sizeof keys, "%s%s<Enter>", fmts[j].key,
			    path);
			cr_assert_eq(app_headless_keys(a, keys), 0);
			got = textfile_read(path, NULL, err2, sizeof err2);
			if (want != NULL) {
				cr_assert_not_null(got, "%s %s: %s", args[i],
				    fmts[j].key, err2);
				cr_assert_str_eq(got, want, "%s %s", args[i],
				    fmts[j].key);
				written++;
			} else {
				/* the prompt stays open with the command line's reason */
				cr_assert_null(got, "%s %s wrote a file",
				    args[i], fmts[j].key);
				app_headless_dump(a, screen, sizeof screen);
				err[20] =
				    '\0'; /* the prompt row cuts the rest */
				cr_assert_not_null(strstr(screen, err),
				    "%s %s: '%s' not in\n%s", args[i],
				    fmts[j].key, err, screen);
				refused++;
			}
			free(want);
			free(got);
			app_headless_free(&a);
			cli_done(&cli);
		}
	cr_assert_geq(written, 4);
	cr_assert_geq(refused, 1); /* compose of two nodes */
}

Test(uideploy, expert_parallel_cards_show_their_experts)
{
	struct cli cli;
	char store[512];
	struct app *a;

	cli_of(&cli,
	    "--node hgx-h200-8 --tensor-parallel-size 1 --data-parallel-size 8 "
	    "--model Qwen/Qwen3-30B-A3B --max-model-len 8192 "
	    "--enable-expert-parallel",
	    store, sizeof store);
	a = open_view(&cli);
	cr_assert_not_null(strstr(screen,
			       "Experts: 128 routed experts whole over the 8"),
	    "%s", screen);
	/* a third line per card: the experts it holds, as determine_expert_map */
	cr_assert_not_null(strstr(screen, "0-15    16-31   32-47"), "%s",
	    screen);
	cr_assert_not_null(strstr(screen, "112-127"), "%s", screen);
	cr_assert(row_of("112-127") < 23, "the grid fits 80x24:\n%s", screen);
	app_headless_free(&a);
	cli_done(&cli);
}
