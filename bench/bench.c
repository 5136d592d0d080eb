/*
 * bench.c - speed and memory figures, printed (never asserted):
 *   one plan (µs), a catalogue-wide sweep (ms), the report process from
 *   start to exit (ms) and its peak RSS, keystroke to finished frame in
 *   the planner at 80x24 and 200x50 (median and p99, µs), start to first
 *   frame (ms), loading a user catalogue of 10,000 and 40,000 entries
 *   (ms; linear: about x4), and the report process against
 *   `headroom --version` (the cost of starting the binary): median wall
 *   and CPU time of 30 runs of each, interleaved, and with valgrind on the
 *   PATH the instructions each executes (callgrind, stable on a loaded
 *   machine).
 *   Targets live in doc/estimates.md; this program only measures.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/fit.h"
#include "core/fixes.h"
#include "core/plan.h"
#include "io/catalogue_load.h"
#include "ui/app.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* the report the process figures are of */
#define REPORT_ARGS                                                            \
	"--report", "json", "--gpu", "h200-nvl", "--model",                    \
	    "nvidia/Llama-3.3-70B-Instruct-FP8"

/*
 * Runs argv with stdout (and with quiet, stderr) on /dev/null and, when
 * xdg is not NULL, XDG_CONFIG_HOME and XDG_CONFIG_DIRS there, so that only
 * the built-in catalogue loads.  With err_fd >= 0 stderr goes there.
 * Returns the wall time in ms, or -1 when it did not exit 0; *cpu (if not
 * NULL) gets the user + system time, in ms.
 */
static double
run_child(char *const *av, const char *xdg, int err_fd, double *cpu)
{
	double t0 = now();
	pid_t pid = fork();
	struct rusage ru;
	int st;

	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null < 0 || dup2(null, STDOUT_FILENO) < 0)
			_exit(126);
		if (err_fd >= 0 && dup2(err_fd, STDERR_FILENO) < 0)
			_exit(126);
		if (xdg != NULL &&
		    (setenv("XDG_CONFIG_HOME", xdg, 1) != 0 ||
			setenv("XDG_CONFIG_DIRS", xdg, 1) != 0))
			_exit(126);
		execvp(av[0], av);
		_exit(127);
	}
	if (pid < 0 || wait4(pid, &st, 0, &ru) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		return -1;
	if (cpu != NULL)
		*cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
		    (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
	return (now() - t0) * 1e3;
}

/* Instructions callgrind counts for av (0 when valgrind cannot run it). */
static long long
instructions(char *const *av, const char *xdg)
{
	char *vav[16], log[64], line[256];
	long long ir = 0;
	FILE *f;
	int fd, i, n = 0;

	snprintf(log, sizeof log, "/tmp/headroom-bench-cg.%ld", (long)getpid());
	fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		return 0;
	vav[n++] = "valgrind";
	vav[n++] = "--tool=callgrind";
	vav[n++] = "--callgrind-out-file=/dev/null";
	for (i = 0; av[i] != NULL && n < 15; i++)
		vav[n++] = av[i];
	vav[n] = NULL;
	if (run_child(vav, xdg, fd, NULL) >= 0 &&
	    (f = fopen(log, "r")) != NULL) {
		while (fgets(line, sizeof line, f) != NULL) {
			const char *c = strstr(line, "Collected : ");

			if (c != NULL)
				ir = atoll(c + 12);
		}
		fclose(f);
	}
	close(fd);
	unlink(log);
	return ir;
}

/* The report process against the binary's own start (--version). */
static void
bench_report_vs_start(const char *bin)
{
	char *ver[] = { (char *)bin, "--version", NULL };
	char *rep[] = { (char *)bin, REPORT_ARGS, NULL };
	char xdg[] = "/tmp/headroom-bench-xdg.XXXXXX";
	double tv[30], tr[30], cv[30], cr[30];
	long long iv, ir;
	int r;

	if (mkdtemp(xdg) == NULL) {
		printf("report vs --version: no temporary folder\n");
		return;
	}
	for (r = 0; r < 30; r++) {
		tv[r] = run_child(ver, xdg, -1, &cv[r]);
		tr[r] = run_child(rep, xdg, -1, &cr[r]);
		if (tv[r] < 0 || tr[r] < 0) {
			printf("report vs --version: %s failed\n", bin);
			rmdir(xdg);
			return;
		}
	}
	qsort(tv, 30, sizeof tv[0], cmp_dbl);
	qsort(tr, 30, sizeof tr[0], cmp_dbl);
	qsort(cv, 30, sizeof cv[0], cmp_dbl);
	qsort(cr, 30, sizeof cr[0], cmp_dbl);
	printf("headroom --version process:                 %.2f ms median, "
	       "CPU %.2f ms (30 runs)\n",
	    (tv[14] + tv[15]) / 2, (cv[14] + cv[15]) / 2);
	printf("report process (built-in catalogue only):   %.2f ms median, "
	       "CPU %.2f ms (30 runs, interleaved)\n",
	    (tr[14] + tr[15]) / 2, (cr[14] + cr[15]) / 2);
	printf("report over --version:                      +%.2f ms wall, "
	       "+%.2f ms CPU (medians)\n",
	    (tr[14] + tr[15]) / 2 - (tv[14] + tv[15]) / 2,
	    (cr[14] + cr[15]) / 2 - (cv[14] + cv[15]) / 2);
	iv = instructions(ver, xdg);
	ir = instructions(rep, xdg);
	if (iv > 0 && ir > 0)
		printf("instructions (callgrind): --version %lld, report %lld "
		       "(x%.2f)\n",
		    iv, ir, (double)ir / (double)iv);
	else
		printf("instructions (callgrind): valgrind not found\n");
	rmdir(xdg);
}

int
main(int argc, char **argv)
{
	const char *bin = argc > 1 ? argv[1] : "./headroom";
	struct catalogue cat;
	struct plan_input in;
	struct plan p;
	static const enum kv_dtype kvs[] = { KV_AUTO, KV_FP8 };
	static const enum ckpt_format fmts[] = { FMT_COUNT, FMT_FP8, FMT_NVFP4,
		FMT_AWQ };
	double t0, t1, runs[41];
	volatile int64_t sink = 0;
	long n = 0, i;
	size_t g, m, k, f;
	int s, tp, mig, r;

	memset(&cat, 0, sizeof cat);
	catalogue_load_builtin(&cat, NULL, NULL);
	catalogue_link(&cat, NULL, NULL);

	/* one plan */
	plan_input_init(&in);
	in.gpu = catalogue_find_gpu(&cat, "rtx-pro-6000-server");
	in.model = &cat.models[catalogue_find_model(&cat,
	    "meta-llama/Llama-3.3-70B-Instruct")];
	in.ckpt =
	    catalogue_find_ckpt(&cat, "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.kv_dtype = KV_FP8;
	in.max_model_len = 32768;
	for (r = 0; r < 5; r++) {
		t0 = now();
		for (i = 0; i < 200000; i++) {
			in.tokens_per_request = 1000 + (i & 1023);
			plan_compute(&cat, &in, &p);
			sink += p.concurrency_at_tpr;
		}
		t1 = now();
		runs[r] = (t1 - t0) / 200000 * 1e6;
	}
	qsort(runs, 5, sizeof runs[0], cmp_dbl);
	printf("plan (Llama 3.3 70B FP8, RTX PRO 6000):      %.3f us per plan "
	       "(median of 5 x 200k)\n",
	    runs[2]);

	/* a failing plan, which also runs the estimated-maximum search */
	in.max_model_len = 131072;
	t0 = now();
	for (i = 0; i < 200000; i++) {
		plan_compute(&cat, &in, &p);
		sink += p.estimated_max_model_len;
	}
	printf("failing plan with estimated max length:     %.3f us per plan\n",
	    (now() - t0) / 200000 * 1e6);

	/* sweep: every card x slice x model x checkpoint format x TP x KV dtype */
	for (r = 0; r < 5; r++) {
		n = 0;
		t0 = now();
		for (g = 0; g < cat.n_gpus; g++)
			for (mig = -1; mig < (int)cat.gpus[g].n_mig; mig++)
				for (m = 0; m < cat.n_models; m++)
					for (f = 0;
					     f < sizeof fmts / sizeof fmts[0];
					     f++)
						for (tp = 1; tp <= 8; tp *= 2)
							for (k = 0; k < 2;
							     k++) {
								if (mig >= 0 &&
								    tp > 1)
									continue;
								plan_input_init(
								    &in);
								in.gpu = (int)g;
								in.mig = mig;
								in.model =
								    &cat.models
									 [m];
								in.format =
								    fmts[f];
								in.tp = tp;
								in.kv_dtype =
								    kvs[k];
								plan_compute(
								    &cat, &in,
								    &p);
								sink +=
								    p.num_blocks;
								n++;
							}
		runs[r] = (now() - t0) * 1e3;
	}
	qsort(runs, 5, sizeof runs[0], cmp_dbl);
	printf("catalogue sweep (%ld plans):                 %.2f ms (median "
	       "of 5)\n",
	    n, runs[2]);

	/* fixes of a failing plan */
	{
		struct fix fx[FIX_MAX];

		in.gpu = catalogue_find_gpu(&cat, "rtx-pro-6000-server");
		in.mig = -1;
		in.model = &cat.models[catalogue_find_model(&cat,
		    "meta-llama/Llama-3.3-70B-Instruct")];
		in.ckpt = catalogue_find_ckpt(&cat,
		    "nvidia/Llama-3.3-70B-Instruct-FP8");
		in.tp = 1;
		in.max_model_len = 131072;
		plan_compute(&cat, &in, &p);
		t0 = now();
		for (i = 0; i < 2000; i++)
			sink +=
			    (int64_t)fixes_compute(&cat, &in, &p, fx, FIX_MAX);
		printf("ranked fixes of a failing plan:             %.2f us\n",
		    (now() - t0) / 2000 * 1e6);
	}

	/* the fit finder: every card, slice, checkpoint, KV dtype and layout */
	{
		static struct fit_row rows[FIT_MAX_ROWS];
		struct fit_query q;
		struct fit_result res;
		double steps[40];

		memset(&q, 0, sizeof q);
		q.model = &cat.models[catalogue_find_model(&cat,
		    "meta-llama/Llama-3.3-70B-Instruct")];
		q.users = 44;
		q.tokens = 8192;
		for (r = 0; r < 5; r++) {
			t0 = now();
			sink += (int64_t)fit_find(&cat, &q, rows, FIT_MAX_ROWS,
			    &res);
			runs[r] = (now() - t0) * 1e3;
		}
		qsort(runs, 5, sizeof runs[0], cmp_dbl);
		printf("fit finder, whole catalogue (%zu plans):    %.2f ms "
		       "(median of 5)\n",
		    res.n_planned, runs[2]);
		/* dragging the users slider: one search per step */
		for (i = 0; i < 40; i++) {
			q.users = 1 + i * 5;
			t0 = now();
			sink += (int64_t)fit_find(&cat, &q, rows, FIT_MAX_ROWS,
			    &res);
			steps[i] = (now() - t0) * 1e3;
		}
		qsort(steps, 40, sizeof steps[0], cmp_dbl);
		printf("fit finder, users slider step:              %.2f ms "
		       "median, %.2f ms max\n",
		    steps[20], steps[39]);
	}

	/* the report process: start to exit, and its peak RSS */
	fflush(stdout);
	for (r = 0; r < 41; r++) {
		pid_t pid;
		int st;

		t0 = now();
		pid = fork();
		if (pid == 0) {
			if (freopen("/dev/null", "w", stdout) == NULL)
				_exit(126);
			execl(bin, bin, REPORT_ARGS, (char *)NULL);
			_exit(127);
		}
		waitpid(pid, &st, 0);
		runs[r] = (now() - t0) * 1e3;
	}
	qsort(runs, 41, sizeof runs[0], cmp_dbl);
	{
		struct rusage ru;

		getrusage(RUSAGE_CHILDREN, &ru);
		printf("report process, start to exit:              %.2f ms "
		       "median, %.2f ms p90 (41 runs)\n",
		    runs[20], runs[36]);
		printf("report process peak RSS:                    %.2f MiB\n",
		    ru.ru_maxrss / 1024.0);
	}

	bench_report_vs_start(bin);

	/* a user catalogue of 10,000 and 40,000 cards and checkpoints: linear
	 * loading takes about four times as long for four times the entries */
	{
		static const size_t sizes[] = { 10000, 40000 };
		double ms[2];
		size_t z;

		for (z = 0; z < 2; z++) {
			size_t cap = sizes[z] * 160 + 64, o = 0, e;
			char *text = malloc(cap);
			struct catalogue big;

			if (text == NULL)
				return 1;
			o += (size_t)snprintf(text + o, cap - o, "gpus:\n");
			for (e = 0; e < sizes[z]; e++)
				o += (size_t)snprintf(text + o, cap - o,
				    "  - id: card%zu\n"
				    "    cuda_total_gib: 40\n",
				    e);
			o += (size_t)snprintf(text + o, cap - o,
			    "checkpoints:\n");
			for (e = 0; e < sizes[z]; e++)
				o += (size_t)snprintf(text + o, cap - o,
				    "  - id: me/ck%zu\n"
				    "    model: Qwen/Qwen3-8B\n    format: "
				    "bf16\n",
				    e);
			memset(&big, 0, sizeof big);
			catalogue_load_builtin(&big, NULL, NULL);
			t0 = now();
			catalogue_load_text(&big, text, o, "big.yaml", NULL,
			    NULL);
			catalogue_link(&big, NULL, NULL);
			ms[z] = (now() - t0) * 1e3;
			catalogue_done(&big);
			free(text);
		}
		printf("user catalogue, 10k and 40k cards + ckpts:  %.1f ms, "
		       "%.1f ms "
		       "(x%.1f for x4)\n",
		    ms[0], ms[1], ms[1] / (ms[0] > 0 ? ms[0] : 1));
	}

	/* the interactive planner, headless */
	{
		static const struct {
			int rows, cols;
		} sizes[] = { { 24, 80 }, { 50, 200 } };
		/* edits that re-plan: slider steps, then flag steps in the flags pane */
		const char *keys =
		    "<Right><Right><Right><Left><Left><Left>]][[<Right><Left>"
		    "4<Down>++--<Down>++--<Down><Space><Space><Down>++--<Right>"
		    "<Left>";

		for (s = 0; s < 2; s++) {
			double med, p99, first;

			plan_input_init(&in);
			in.gpu =
			    catalogue_find_gpu(&cat, "rtx-pro-6000-server");
			in.model = &cat.models[catalogue_find_model(&cat,
			    "meta-llama/Llama-3.3-70B-Instruct")];
			in.ckpt = catalogue_find_ckpt(&cat,
			    "nvidia/Llama-3.3-70B-Instruct-FP8");
			if (app_bench_keys(&cat, &in, sizes[s].rows,
				sizes[s].cols, keys, &med, &p99, &first) != 0) {
				printf("planner %dx%d: could not run "
				       "headless\n",
				    sizes[s].cols, sizes[s].rows);
				continue;
			}
			printf("planner %3dx%-3d keystroke -> frame:          "
			       "%.1f us median, %.1f us p99\n",
			    sizes[s].cols, sizes[s].rows, med, p99);
			printf("planner %3dx%-3d start -> first frame:        "
			       "%.2f ms\n",
			    sizes[s].cols, sizes[s].rows, first);
		}
	}
	if (sink == 42)
		printf(" ");
	catalogue_done(&cat);
	return 0;
}
