/*
 * cli_import.c - pasted commands, --config and --scenario into struct cli
 * (see cli.h).  Invariant: every string a cli field points to after an
 * import is kept by its plan_import (plan_import_own()), freed by
 * cli_done() or with the import taken from it.
 */

#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vllm_version.h"
#include "io/export_format.h"
#include "io/options.h"
#include "io/scenario.h"

/* Moves the words of a list into cli; the list is left empty. */
static void
own_words(struct cli *cli, struct shellwords *sw)
{
	size_t i;

	for (i = 0; i < sw->n; i++)
		plan_import_own(&cli->imp, sw->w[i]);
	free(sw->w);
	memset(sw, 0, sizeof *sw);
}

int
cli_import_export_format(const char *name)
{
	enum export_format f;

	return export_format_parse(name, &f) == 0 ? (int)f : -1;
}

static void
prefix_error(const char *path, int line, int col, const char *e, char *err,
    size_t errlen)
{
	if (path != NULL && line > 0)
		snprintf(err, errlen, "%s:%d:%d: %s", path, line, col, e);
	else if (path != NULL)
		snprintf(err, errlen, "%s: %s", path, e);
	else
		snprintf(err, errlen, "%s", e);
}

int
cli_import_args(struct cli *cli, struct vllm_args *va, const char *path,
    int vllm_mode, char *err, size_t errlen)
{
	char e[1024], *argv[3];
	size_t g, k;

	for (g = 0; g < va->n_group; g++) {
		const struct vllm_arg_group *gr = &va->group[g];
		char **w = va->words.w + gr->first;
		size_t before = cli->imp.n_extra;
		int list = strcmp(w[0], "--cudagraph-capture-sizes") == 0;
		int n = gr->n > 2 && !list ? 2 : (int)gr->n;
		char **vec = argv;
		char *big[PLAN_MAX_CAPTURE + 2];

		if (gr->n == 0)
			continue;
		if (list) {
			/* a list flag takes all its values */
			size_t m = gr->n < PLAN_MAX_CAPTURE + 1
			    ? gr->n
			    : PLAN_MAX_CAPTURE + 1;

			big[0] = "headroom";
			for (k = 0; k < m; k++)
				big[k + 1] = w[k];
			vec = big;
			n = (int)m;
		} else {
			argv[0] = "headroom";
			argv[1] = w[0];
			argv[2] = n > 1 ? w[1] : NULL;
		}
		if (cli_parse_words(cli, n + 1, vec, vllm_mode, e, sizeof e) !=
		    0) {
			prefix_error(path, gr->line, gr->col, e, err, errlen);
			own_words(cli, &va->words);
			return -1;
		}
		if (gr->n > 2 && !list) {
			/* more values: only a flag headroom does not model takes them */
			if (cli->imp.n_extra == before) {
				snprintf(e, sizeof e,
				    "%s takes one value, not a list", w[0]);
				prefix_error(path, gr->line, gr->col, e, err,
				    errlen);
				own_words(cli, &va->words);
				return -1;
			}
			for (k = 2; k < gr->n; k++) {
				if (cli->imp.n_extra >= PLAN_IMPORT_MAX_EXTRA) {
					prefix_error(path, gr->line, gr->col,
					    "too many flags "
					    "headroom does not model",
					    err, errlen);
					own_words(cli, &va->words);
					return -1;
				}
				cli->imp.extra[cli->imp.n_extra] = strdup(w[k]);
				if (cli->imp.extra[cli->imp.n_extra] == NULL)
					abort();
				cli->imp.n_extra++;
			}
		}
		if (strcmp(w[0], "--model") == 0 || (g == 0 && w[0][0] != '-'))
			cli->model_from_file = path != NULL;
	}
	own_words(cli, &va->words);
	return 0;
}

/* A pasted command into cli; errors without the option's name. */
static int
pasted(struct cli *cli, const char *text, char *err, size_t errlen)
{
	struct vllm_args va;
	char **argv;
	size_t i;
	int rc;

	if (vllmargs_from_command(text, &va, err, errlen) != 0)
		return -1;
	for (i = 0; i < va.env.n; i++) {
		if (cli->imp.n_env >= PLAN_IMPORT_MAX_ENV) {
			snprintf(err, errlen,
			    "more than %d VAR=value assignments",
			    PLAN_IMPORT_MAX_ENV);
			vllmargs_done(&va);
			return -1;
		}
		cli->imp.env[cli->imp.n_env++] = va.env.w[i];
	}
	own_words(cli, &va.env);
	cli->imp.mig_pinned |= va.mig;
	if (va.version > 0 && cli->imp.in.version == 0) {
		if (va.version < VLLM_VER_OLDEST ||
		    va.version > VLLM_VER_NEWEST)
			snprintf(cli->imp.note, sizeof cli->imp.note,
			    "the image's "
			    "vLLM is outside the releases headroom models; "
			    "planned as the "
			    "newest");
		else
			cli->imp.in.version = va.version;
	}
	if (va.note[0] != '\0')
		snprintf(cli->imp.note, sizeof cli->imp.note, "%s", va.note);
	argv = calloc(va.words.n + 2, sizeof *argv);
	if (argv == NULL)
		abort();
	argv[0] = "vllm serve";
	for (i = 0; i < va.words.n; i++)
		argv[i + 1] = va.words.w[i];
	rc = cli_parse_words(cli, (int)va.words.n + 1, argv, 1, err, errlen);
	free(argv);
	own_words(cli, &va.words);
	vllmargs_done(&va);
	return rc != 0 ? -1 : 0;
}

int
cli_import_command(struct cli *cli, const char *text, char *err, size_t errlen)
{
	char e[1024];

	if (pasted(cli, text, e, sizeof e) != 0) {
		snprintf(err, errlen, "--from-command: %s", e);
		return -1;
	}
	return 0;
}

static int
load_scenario(struct cli *cli, const char *path, char *err, size_t errlen)
{
	if (scenario_import(cli, path, err, errlen) != 0)
		return -1;
	cli->scenario = path;
	return 0;
}

static int
load_config(struct cli *cli, const char *path, char *err, size_t errlen)
{
	struct vllm_args va;
	int rc;

	memset(&va, 0, sizeof va);
	rc = vllmargs_from_config(path, &va, err, errlen) != 0 ||
		cli_import_args(cli, &va, path, 1, err, errlen) != 0
	    ? -1
	    : 0;
	vllmargs_done(&va);
	if (rc == 0)
		cli->config = path;
	return rc;
}

/* One import alone into cli (initialised first); arg is kept by the import. */
static int
open_one(struct cli *cli,
    int (*load)(struct cli *, const char *, char *, size_t), const char *arg,
    char *err, size_t errlen)
{
	cli_init(cli);
	if (load(cli, plan_import_keep(&cli->imp, arg), err, errlen) != 0)
		return -1;
	plan_import_bind(&cli->imp);
	return 0;
}

int
cli_import_open_scenario(struct cli *cli, const char *path, char *err,
    size_t errlen)
{
	return open_one(cli, load_scenario, path, err, errlen);
}

int
cli_import_open_config(struct cli *cli, const char *path, char *err,
    size_t errlen)
{
	return open_one(cli, load_config, path, err, errlen);
}

int
cli_import_open_command(struct cli *cli, const char *text, char *err,
    size_t errlen)
{
	return open_one(cli, pasted, text, err, errlen);
}

int
cli_import_prescan(struct cli *cli, int argc, char **argv, int vllm_mode,
    char *err, size_t errlen)
{
	const char *cpath = NULL, *spath = NULL;
	int i;

	(void)vllm_mode;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *eq = strchr(a, '='), **slot;
		/* vLLM loads a config file only for the word "--config"
		 * (argparse_utils.py: "--config" in args) */
		int is_config = strcmp(a, "--config") == 0;

		if (!is_config && !options_word_is(a, "scenario"))
			continue;
		slot = is_config ? &cpath : &spath;
		if (*slot != NULL) {
			snprintf(err, errlen,
			    is_config
				? "More than one config file "
				  "specified! (--config %s and --config %s)"
				: "--scenario: "
				  "one scenario at a time (%s and %s)",
			    *slot,
			    eq                 ? eq + 1
				: i + 1 < argc ? argv[i + 1]
					       : "");
			return -1;
		}
		if (eq != NULL) {
			*slot = eq + 1;
		} else if (i + 1 >= argc) {
			snprintf(err, errlen,
			    is_config
				? "No config file specified! "
				  "Please check your command-line arguments."
				: "--scenario expects a file");
			return -1;
		} else {
			*slot = argv[++i];
		}
	}
	if (spath != NULL && load_scenario(cli, spath, err, errlen) != 0)
		return -1;
	if (cpath != NULL && load_config(cli, cpath, err, errlen) != 0)
		return -1;
	return 0;
}
