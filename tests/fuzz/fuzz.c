/*
 * fuzz.c - shared parts of the harnesses (see fuzz.h).
 */
#include "fuzz.h"

#include <fcntl.h>
#include <ftw.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fixes.h"
#include "core/plan.h"
#include "io/catalogue_load.h"
#include "io/export.h"
#include "io/export_format.h"
#include "io/report.h"

static struct catalogue cat;
static int cat_loaded;
static char scratch[4096];

static int
rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

static void
rm_scratch(void)
{
	if (scratch[0] != '\0')
		nftw(scratch, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	catalogue_done(&cat);
}

const char *
fuzz_dir(void)
{
	const char *tmp = getenv("TMPDIR");

	if (scratch[0] != '\0')
		return scratch;
	snprintf(scratch, sizeof scratch, "%s/headroom-fuzz.XXXXXX",
	    tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(scratch) == NULL) {
		perror("mkdtemp");
		abort();
	}
	atexit(rm_scratch);
	setenv("HOME", scratch, 1);
	setenv("XDG_CONFIG_HOME", scratch, 1);
	unsetenv("NO_COLOR");
	if (chdir(scratch) != 0)
		abort();
	return scratch;
}

static void
diag_quiet(void *ctx, const char *msg)
{
	(*(int *)ctx)++;
	fprintf(stderr, "built-in catalogue: %s\n", msg);
}

const struct catalogue *
fuzz_catalogue(void)
{
	int problems = 0;

	if (cat_loaded)
		return &cat;
	fuzz_dir();
	setlocale(LC_ALL, "C.UTF-8");
	catalogue_load_builtin(&cat, diag_quiet, &problems);
	catalogue_link(&cat, diag_quiet, &problems);
	if (problems != 0)
		abort();
	cat_loaded = 1;
	return &cat;
}

char *
fuzz_cstring(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s == NULL)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

const char *
fuzz_write(const char *name, const uint8_t *data, size_t size)
{
	static char path[4200];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", fuzz_dir(), name);
	f = fopen(path, "wb");
	if (f == NULL || (size > 0 && fwrite(data, 1, size, f) != size) ||
	    fclose(f) != 0) {
		perror(path);
		abort();
	}
	return path;
}

void
fuzz_plan_cli(struct cli *cli)
{
	const struct catalogue *c = fuzz_catalogue();
	struct fix fixes[FIX_MAX];
	struct report_in rin;
	struct plan p;
	char err[1024];
	int f;

	if (cli_resolve(c, cli, err, sizeof err) != 0)
		return;
	plan_compute(c, &cli->imp.in, &p);
	memset(&rin, 0, sizeof rin);
	rin.cat = c;
	rin.in = &cli->imp.in;
	rin.plan = &p;
	rin.n_fixes = fixes_compute(c, &cli->imp.in, &p, fixes, FIX_MAX);
	rin.fixes = fixes;
	rin.model_source = cli->imp.model_source;
	rin.explicit_all = cli->explicit_all;
	free(report_text(&rin));
	free(report_markdown(&rin));
	for (f = 0; f < EXPORT_COUNT; f++)
		free(export_render((enum export_format)f, &rin, err,
		    sizeof err));
}

void
fuzz_run_argv(int argc, char **argv)
{
	struct cli cli;
	char err[1024];

	fuzz_catalogue();
	if (cli_parse(argc, argv, &cli, err, sizeof err) == 0)
		fuzz_plan_cli(&cli);
	cli_done(&cli);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_catalogue();
	return 0;
}
