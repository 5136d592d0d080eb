/*
 * xtest.c - exchange test fixtures (see xtest.h).
 */
#include "xtest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "config.h"
#include "helpers.h"
#include "io/textfile.h"

static char scratch[512];

static void
remove_scratch(void)
{
	char cmd[600];

	if (scratch[0] != '\0') {
		snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
		if (system(cmd) != 0)
			fprintf(stderr, "could not remove %s\n", scratch);
	}
}

const char *
xt_src(const char *rel, int slot)
{
	static char buf[4][1024];
	const char *top = getenv("TOP_SRCDIR");

	snprintf(buf[slot & 3], sizeof buf[0], "%s/%s", top ? top : ".", rel);
	return buf[slot & 3];
}

const char *
xt_tmp(const char *name, int slot)
{
	static char buf[4][1024];

	if (scratch[0] == '\0') {
		snprintf(scratch, sizeof scratch, "%s/headroom-xt.XXXXXX",
		    getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		cr_assert_not_null(mkdtemp(scratch));
		atexit(remove_scratch);
	}
	snprintf(buf[slot & 3], sizeof buf[0], "%s/%s", scratch, name);
	return buf[slot & 3];
}

void
xt_write(const char *path, const char *text)
{
	char err[512];

	cr_assert_eq(textfile_write_atomic(path, text, strlen(text), err,
			 sizeof err),
	    0, "%s", err);
}

char *
xt_read(const char *path)
{
	char err[512];
	char *t = textfile_read(path, NULL, err, sizeof err);

	cr_assert_not_null(t, "%s", err);
	return t;
}

/* text with every PACKAGE_VERSION written as @VERSION@ */
static char *
normalise(const char *text)
{
	const char *v = PACKAGE_VERSION, *p = text, *q;
	size_t vl = strlen(v), o = 0;
	char *out = malloc(strlen(text) * 2 + 16);

	cr_assert_not_null(out);
	while ((q = strstr(p, v)) != NULL) {
		memcpy(out + o, p, (size_t)(q - p));
		o += (size_t)(q - p);
		memcpy(out + o, "@VERSION@", 9);
		o += 9;
		p = q + vl;
	}
	strcpy(out + o, p);
	return out;
}

void
xt_golden(const char *name, const char *text)
{
	char path[1024], rel[256];
	char *norm = normalise(text), *want;

	snprintf(rel, sizeof rel, "tests/golden/%s.txt", name);
	snprintf(path, sizeof path, "%s", xt_src(rel, 3));
	if (getenv("HEADROOM_UPDATE_GOLDEN") != NULL)
		xt_write(path, norm);
	want = xt_read(path);
	cr_assert_str_eq(norm, want,
	    "%s differs (HEADROOM_UPDATE_GOLDEN=1 rewrites "
	    "it):\n%s",
	    path, norm);
	free(want);
	free(norm);
}

int
xt_cli_try(struct cli *c, const char *const *args, char *err, size_t errlen)
{
	const char *argv[64];
	int n = 0;

	argv[n++] = "headroom";
	while (args[n - 1] != NULL && n < 63) {
		argv[n] = args[n - 1];
		n++;
	}
	argv[n] = NULL;
	if (cli_parse(n, (char **)argv, c, err, errlen) != 0)
		return -1;
	return cli_resolve(test_catalogue(), c, err, errlen);
}

void
xt_cli(struct cli *c, const char *const *args)
{
	char err[1024];

	cr_assert_eq(xt_cli_try(c, args, err, sizeof err), 0, "%s", err);
}

void
xt_report_in(struct report_in *r, const struct cli *c, const struct plan *p)
{
	memset(r, 0, sizeof *r);
	r->cat = test_catalogue();
	r->in = &c->imp.in;
	r->plan = p;
	r->model_source = c->imp.model_source;
	r->explicit_all = c->explicit_all;
}
