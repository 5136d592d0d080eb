/*
 * test_launch.c - one launch line per replica: replicas from the cards
 * available and MIG slices each get their devices and port; vLLM's own
 * data parallelism keeps one line; the user's pinning and port are split,
 * never repeated; every line reads back as the plan's command.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/placement.h"
#include "core/plan.h"
#include "helpers.h"
#include "io/cli.h"
#include "io/deploy.h"
#include "io/export.h"
#include "io/export_format.h"
#include "io/launch.h"
#include "io/shellwords.h"
#include "xtest.h"

static char *
lines_for(const char *const *args, int *n, struct cli *c, struct plan *p)
{
	char **l, *t;

	xt_cli(c, args);
	plan_compute(test_catalogue(), &c->imp.in, p);
	cr_assert_eq(p->phase, PHASE_NONE, "%s", p->message);
	l = launch_lines(test_catalogue(), &c->imp.in, p, 0, n);
	t = launch_join(l);
	launch_free(l);
	return t;
}

/* The i-th line of text (a copy in buf). */
static const char *
line(const char *text, int i, char *buf, size_t len)
{
	const char *s = text;

	while (i-- > 0 && s != NULL) {
		s = strchr(s, '\n');
		if (s != NULL)
			s++;
	}
	cr_assert_not_null(s);
	snprintf(buf, len, "%.*s", (int)strcspn(s, "\n"), s);
	return buf;
}

static int
count(const char *hay, const char *needle)
{
	int n = 0;

	for (; (hay = strstr(hay, needle)) != NULL; hay++)
		n++;
	return n;
}

Test(launch, two_cards_for_a_one_card_plan_are_two_servers)
{
	static const char *const args[] = { "--gpu", "rtx-pro-6000-server",
		"--model", "nvidia/Llama-3.3-70B-Instruct-FP8",
		"--kv-cache-dtype", "fp8", "--max-model-len", "8192", "--gpus",
		"2", NULL };
	struct cli c;
	struct plan p;
	char b[4096];
	int n;
	char *t = lines_for(args, &n, &c, &p);
	struct shellwords w;
	char err[256];

	cr_assert_eq(p.replicas, 2);
	cr_assert_eq(n, 2, "%s", t);
	cr_assert(strncmp(line(t, 0, b, sizeof b),
		      "CUDA_VISIBLE_DEVICES=0 vllm serve "
		      "nvidia/Llama-3.3-70B-Instruct-FP8 ",
		      58) == 0,
	    "%s", b);
	cr_assert_not_null(strstr(b, " --port 8000"), "%s", b);
	cr_assert(strncmp(line(t, 1, b, sizeof b),
		      "CUDA_VISIBLE_DEVICES=1 vllm serve ", 34) == 0,
	    "%s", b);
	cr_assert_not_null(strstr(b, " --port 8001"), "%s", b);
	cr_assert_null(strstr(t, "--data-parallel-size"), "%s", t);
	/* every line is a command a shell splits back into the same words */
	cr_assert_eq(shellwords_split(b, &w, err, sizeof err), 0, "%s", err);
	cr_assert_str_eq(w.w[1], "vllm");
	shellwords_done(&w);
	free(t);
	cli_done(&c);
}

Test(launch, data_parallelism_is_one_command)
{
	static const char *const args[] = { "--gpu", "rtx-pro-6000-server",
		"--model", "nvidia/Llama-3.3-70B-Instruct-FP8",
		"--kv-cache-dtype", "fp8", "--max-model-len", "8192",
		"--data-parallel-size", "2", NULL };
	struct cli c;
	struct plan p;
	int n;
	char *t = lines_for(args, &n, &c, &p);

	cr_assert_eq(p.replicas, 2);
	cr_assert_eq(n, 1, "vLLM starts the DP replicas itself: %s", t);
	cr_assert_null(strchr(t, '\n'));
	cr_assert_not_null(strstr(t, "--data-parallel-size 2"), "%s", t);
	cr_assert_null(strstr(t, "CUDA_VISIBLE_DEVICES"), "%s", t);
	free(t);
	cli_done(&c);
}

Test(launch, tensor_parallel_replicas_take_their_cards)
{
	static const char *const args[] = { "--gpu", "rtx-pro-6000-server",
		"--gpus", "4", "--from-command",
		"CUDA_VISIBLE_DEVICES=4,5,6,7 vllm serve "
		"nvidia/Llama-3.3-70B-Instruct-FP8 --tensor-parallel-size 2 "
		"--max-model-len "
		"8192 --kv-cache-dtype fp8 --port 9000 --served-model-name m",
		NULL };
	struct cli c;
	struct plan p;
	char b[4096];
	int n;
	char *t = lines_for(args, &n, &c, &p);

	cr_assert_eq(n, 2, "%s", t);
	cr_assert(strncmp(line(t, 0, b, sizeof b),
		      "CUDA_VISIBLE_DEVICES=4,5 vllm", 29) == 0,
	    "the user's devices, split: %s", b);
	cr_assert_not_null(strstr(b, "--port 9000"), "%s", b);
	cr_assert(strncmp(line(t, 1, b, sizeof b),
		      "CUDA_VISIBLE_DEVICES=6,7 vllm", 29) == 0,
	    "%s", b);
	cr_assert_not_null(strstr(b, "--port 9001"), "%s", b);
	cr_assert_eq(count(b, "--port"), 1, "one --port a line: %s", b);
	cr_assert_eq(count(b, "CUDA_VISIBLE_DEVICES"), 1, "%s", b);
	cr_assert_not_null(strstr(b, "--served-model-name m"),
	    "other flags stay: %s", b);
	free(t);
	cli_done(&c);
}

Test(launch, mig_slices_each_get_a_uuid_placeholder)
{
	static const char *const args[] = { "--gpu", "rtx-pro-6000-server",
		"--mig", "1g.24gb", "--gpus", "4", "--model",
		"meta-llama/Llama-3.1-8B-Instruct", "--max-model-len", "8192",
		NULL };
	struct cli c;
	struct plan p;
	struct report_in r;
	char b[4096], err[256];
	int n, i;
	char *t = lines_for(args, &n, &c, &p), *q;

	cr_assert_eq(n, 4, "%s", t);
	for (i = 0; i < 4; i++) {
		char want[64];

		snprintf(want, sizeof want,
		    "CUDA_VISIBLE_DEVICES='MIG-<uuid-%d>' vllm", i + 1);
		cr_assert(strncmp(line(t, i, b, sizeof b), want,
			      strlen(want)) == 0,
		    "%s", b);
		snprintf(want, sizeof want, "--port %d", LAUNCH_BASE_PORT + i);
		cr_assert_not_null(strstr(b, want), "%s", b);
	}
	/* the quote and the command export carry the same lines */
	xt_report_in(&r, &c, &p);
	q = export_render(EXPORT_QUOTE, &r, err, sizeof err);
	cr_assert_not_null(q, "%s", err);
	cr_assert_not_null(strstr(q, t),
	    "the quote lacks the launch lines:\n%s", q);
	cr_assert_not_null(strstr(q, "4 replicas, each its own vLLM server"),
	    "%s", q);
	free(q);
	q = export_render(EXPORT_COMMAND, &r, err, sizeof err);
	cr_assert_not_null(q, "%s", err);
	cr_assert_not_null(strstr(q, t), "%s", q);
	free(q);
	free(t);
	cli_done(&c);
}

Test(launch, command_and_multinode_share_each_replicas_line)
{
	static const char *const args[] = { "--node", "hgx-h100-8", "--nodes",
		"2", "-tp", "4", "--model", "Qwen/Qwen3-8B", "--max-model-len",
		"8192", NULL };
	struct cli c;
	struct plan p;
	struct placement pl;
	struct report_in r;
	char b[4096], want[4200], err[256];
	char *cmd, *mn;
	int i, lines = 0;

	xt_cli(&c, args);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	xt_report_in(&r, &c, &p);
	r.placement =
	    deploy_place(test_catalogue(), &c.imp.in, c.node, c.nodes, &p, &pl);
	cr_assert_not_null(r.placement);
	r.node = &test_catalogue()->nodes[c.node];
	cmd = export_render(EXPORT_COMMAND, &r, err, sizeof err);
	mn = export_render(EXPORT_MULTINODE, &r, err, sizeof err);
	cr_assert_not_null(cmd, "%s", err);
	cr_assert_not_null(mn, "%s", err);
	/* cards are numbered per node, the node named before its lines */
	cr_assert_not_null(
	    strstr(cmd, "# on node 1:\nCUDA_VISIBLE_DEVICES=0,1,2,3 vllm"),
	    "%s", cmd);
	cr_assert_null(strstr(cmd, "CUDA_VISIBLE_DEVICES=8,"), "%s", cmd);
	/* every replica's line of the command export is the multinode one */
	for (i = 0; i < count(cmd, "\n"); i++) {
		line(cmd, i, b, sizeof b);
		if (strncmp(b, "CUDA_VISIBLE_DEVICES=", 21) != 0)
			continue;
		lines++;
		snprintf(want, sizeof want, "%s &\n", b);
		cr_assert_not_null(strstr(mn, want), "%s not in\n%s", b, mn);
	}
	cr_assert_eq(lines, 4, "%s", cmd);
	free(cmd);
	free(mn);
	cli_done(&c);
}

Test(launch, mig_placeholders_on_nodes_are_quoted_for_the_shell)
{
	static const char *const args[] = { "--node", "rtx-pro-6000-server-8",
		"--mig", "1g.24gb", "--model", "Qwen/Qwen3-8B",
		"--max-model-len", "8192", NULL };
	struct cli c;
	struct plan p;
	struct placement pl;
	struct report_in r;
	char err[256];
	char *mn;

	xt_cli(&c, args);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	xt_report_in(&r, &c, &p);
	r.placement =
	    deploy_place(test_catalogue(), &c.imp.in, c.node, c.nodes, &p, &pl);
	r.node = &test_catalogue()->nodes[c.node];
	mn = export_render(EXPORT_MULTINODE, &r, err, sizeof err);
	cr_assert_not_null(mn, "%s", err);
	cr_assert_not_null(strstr(mn,
			       "CUDA_VISIBLE_DEVICES='MIG-<uuid of GPU 0 slice "
			       "1>' "
			       "vllm serve"),
	    "%s", mn);
	cr_assert_null(strstr(mn, "=MIG-<"), "unquoted: %s", mn);
	free(mn);
	cli_done(&c);
}

/* compose and Kubernetes expand $VAR / $(VAR) in what they pass to the
 * container: a '$' of the plan reaches vLLM as written only doubled. */
Test(launch, dollars_reach_compose_and_kubernetes_as_literals)
{
	static const char *const one[] = { "--gpu", "h200-nvl",
		"--from-command",
		"A='x$y' vllm serve Qwen/Qwen3-8B --max-model-len 8192 "
		"--served-model-name 'a$(HF_TOKEN)b${HOME}'",
		NULL };
	static const char *const lws[] = { "--node", "hgx-h100-8", "--nodes",
		"2", "-tp", "16", "--max-model-len", "8192", "--", "vllm",
		"serve", "Qwen/Qwen3-8B", "--served-model-name", "a$(HF_TOKEN)",
		NULL };
	const char *const *args[] = { one, lws };
	int k;

	for (k = 0; k < 2; k++) {
		enum export_format f[] = { EXPORT_COMPOSE, EXPORT_KUBERNETES };
		struct cli c;
		struct plan p;
		struct placement pl;
		struct report_in r;
		char err[256];
		int i;

		xt_cli(&c, args[k]);
		plan_compute(test_catalogue(), &c.imp.in, &p);
		xt_report_in(&r, &c, &p);
		if (c.node >= 0) {
			r.placement = deploy_place(test_catalogue(), &c.imp.in,
			    c.node, c.nodes, &p, &pl);
			r.node = &test_catalogue()->nodes[c.node];
		}
		for (i = k; i < 2; i++) {
			char *t = export_render(f[i], &r, err, sizeof err);

			cr_assert_not_null(t, "%s", err);
			cr_assert_not_null(strstr(t, "a$$(HF_TOKEN)"), "%s", t);
			cr_assert_null(strstr(t, "a$(HF_TOKEN)"), "%s", t);
			if (k == 0) {
				cr_assert_not_null(strstr(t, "b$${HOME}"), "%s",
				    t);
				cr_assert_not_null(strstr(t, "\"x$$y\""), "%s",
				    t);
			}
			free(t);
		}
		cli_done(&c);
	}
}

/* A model folder of the user's: compose mounts it read-only at its
 * absolute path and the command names that path; a Kubernetes pod mounts
 * it from its node (hostPath) and says so. */
Test(launch, a_local_folder_is_mounted_where_the_command_names_it)
{
	const char *dir = xt_src("tests/fixtures/local-llama8b", 0);
	const char *const args[] = { "--gpu", "h200-nvl", "--model", dir,
		"--max-model-len", "8192", NULL };
	enum export_format f[] = { EXPORT_COMPOSE, EXPORT_KUBERNETES };
	char abs[4096], want[8300], err[256];
	struct cli c;
	struct plan p;
	struct report_in r;
	int i;

	cr_assert_not_null(realpath(dir, abs));
	xt_cli(&c, args);
	plan_compute(test_catalogue(), &c.imp.in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	xt_report_in(&r, &c, &p);
	for (i = 0; i < 2; i++) {
		char *t = export_render(f[i], &r, err, sizeof err);

		cr_assert_not_null(t, "%s", err);
		if (f[i] == EXPORT_COMPOSE)
			snprintf(want, sizeof want, "\"%s:%s:ro\"", abs, abs);
		else
			snprintf(want, sizeof want,
			    "hostPath:\n          path: %s", abs);
		cr_assert_not_null(strstr(t, want), "no '%s' in\n%s", want, t);
		snprintf(want, sizeof want, "- %s\n", abs);
		cr_assert_not_null(strstr(t, want),
		    "the command does not name %s:\n%s", abs, t);
		free(t);
	}
	cli_done(&c);
}
