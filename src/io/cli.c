/*
 * cli.c - argument parsing and the `vllm serve` writer.
 * Invariant: cli_parse() never exits and never prints; every rejection is
 * a message naming the flag and the value.
 */
#include "cli.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "core/units.h"
#include "core/vllm_flags.h"
#include "core/vllm_version.h"
#include "io/multimodal_flags.h"
#include "io/sizing_cli.h"
#include "io/compilation_config.h"
#include "io/hf_overrides.h"
#include "io/options.h"
#include "io/price.h"
#include "io/spec_config.h"

static int
parse_int(const char *flag, const char *v, int64_t lo, int64_t hi, int64_t *out,
    char *err, size_t errlen)
{
	if (units_parse_human_int(v, out) != 0 || *out < lo || *out > hi) {
		snprintf(err, errlen,
		    "--%s: '%s' is not a whole number from %lld "
		    "to %lld (suffixes k, m, g and K, M, G are accepted)",
		    flag, v, (long long)lo, (long long)hi);
		return -1;
	}
	return 0;
}

static int
parse_dbl(const char *flag, const char *v, double lo, double hi, double *out,
    char *err, size_t errlen)
{
	if (units_parse_double(v, out) != 0 || *out < lo || *out > hi) {
		snprintf(err, errlen,
		    "--%s: '%s' is not a number from %g to %g", flag, v, lo,
		    hi);
		return -1;
	}
	return 0;
}

static int
keep_extra(struct cli *cli, const char *arg, char *err, size_t errlen)
{
	return plan_import_add_extra(&cli->imp, arg, err, errlen);
}

static const char *
keep_owned(void *ctx, const char *s)
{
	struct cli *cli = ctx;

	return plan_import_keep(&cli->imp, s);
}

/* One dotted compilation-config member; *i moves past a separate value. */
static int
dotted_member(struct cli *cli, const char *dot, int argc, char **argv, int *i,
    char *err, size_t errlen)
{
	char key[96];
	size_t kl = strcspn(dot, "=");
	const char *val = dot[kl] == '=' ? dot + kl + 1 : NULL;

	snprintf(key, sizeof key, "%.*s", (int)kl, dot);
	if (val == NULL && *i + 1 < argc)
		val = argv[++*i];
	if (val == NULL) {
		snprintf(err, errlen, "--compilation-config.%s expects a value",
		    key);
		return -1;
	}
	return compilation_config_set(&cli->imp.in, key, val, keep_owned, cli,
	    err, errlen);
}

/* --hf-overrides: read for what headroom models (hf_overrides.h); the
 * words are kept as given for the writers, and stop the plan when a key
 * is one headroom does not follow. */
static int
apply_hf_overrides(struct cli *cli, const char *v, char *err, size_t errlen)
{
	char kept[4096];
	int rc =
	    hf_overrides_read(&cli->imp.in, v, keep_owned, cli, err, errlen);

	if (rc < 0)
		return -1;
	snprintf(kept, sizeof kept, "--hf-overrides=%s", v);
	if (keep_extra(cli, kept, err, errlen) != 0)
		return -1;
	if (rc == 0)
		cli->imp.in.not_modelled = cli->imp.extra[cli->imp.n_extra - 1];
	return 0;
}

/* A vLLM flag: the table's parser, JSON rows to their readers. */
static int
apply_flag(struct cli *cli, const struct vllm_flag *f, const char *v,
    char **list, int nlist, int negated, char *err, size_t errlen)
{
	struct plan_input *in = &cli->imp.in;
	char kept[4096];
	int i, rc;

	switch (vllm_flag_id_of(f)) {
	case VF_LIMIT_MM:
		return multimodal_flags_read_limits(in, v, err, errlen);
	case VF_MM_KWARGS:
		return multimodal_flags_read_kwargs(in, v, err, errlen);
	case VF_SPECULATIVE_CONFIG:
		return spec_config_parse(&in->spec, v, err, errlen);
	case VF_COMPILATION_CONFIG:
		return compilation_config_read(in, v, keep_owned, cli, err,
		    errlen);
	case VF_HF_OVERRIDES: return apply_hf_overrides(cli, v, err, errlen);
	default: break;
	}
	if (f->kind == VFK_LIST) {
		vllm_flag_list_begin(f, in);
		for (i = 0; i < nlist; i++)
			if (vllm_flag_parse(f, list[i], false, in->version, in,
				err, errlen) < 0)
				return -1;
		return 0;
	}
	rc = vllm_flag_parse(f, v, negated, in->version, in, err, errlen);
	if (rc < 0)
		return -1;
	if (vllm_flag_id_of(f) == VF_UTIL)
		cli->util_set = true;
	if (rc == VFP_KEEP) {
		/* a valid value headroom does not model: carried as given */
		if (f->kind == VFK_BOOL)
			snprintf(kept, sizeof kept, "--%s%s",
			    negated ? "no-" : "", f->name);
		else
			snprintf(kept, sizeof kept, "--%s=%s", f->name, v);
		if (keep_extra(cli, kept, err, errlen) != 0)
			return -1;
		/* a value of a flag that moves memory: the plan says so */
		if (vllm_flag_refuses(f, v, negated))
			in->not_modelled = cli->imp.extra[cli->imp.n_extra - 1];
	}
	return 0;
}

/* The options of the file and vLLM modes (--export, --scenario, --compare, ...). */
static int
apply_exchange(struct cli *cli, const struct options_entry *o, const char *word,
    const char *v, char *err, size_t errlen)
{
	switch (o->id) {
	case OPTIONS_FROM_COMMAND:
		return cli_import_command(cli, v, err, errlen);
	case OPTIONS_EXPORT:
		if (cli_import_export_format(v) < 0) {
			snprintf(err, errlen,
			    "--export: '%s' is not one of command, "
			    "config, docker, json, quote, ray, multinode, "
			    "compose, "
			    "kubernetes",
			    v);
			return -1;
		}
		cli->export_fmt = v;
		return 0;
	case OPTIONS_FORMAT:
		if (strcmp(v, "html") != 0 && strcmp(v, "markdown") != 0 &&
		    strcmp(v, "md") != 0) {
			snprintf(err, errlen,
			    "--format: '%s' is not html or markdown (the "
			    "quote's format)",
			    v);
			return -1;
		}
		cli->export_style = v;
		return 0;
	case OPTIONS_OUTPUT: cli->output = v; return 0;
	case OPTIONS_SCENARIO:
		return 0; /* loaded before the other words (cli_import_prescan) */
	case OPTIONS_CONFIG:
		if (strcmp(word, "--config") == 0)
			return 0; /* loaded first (cli_import_prescan) */
		/* --config=FILE, --conf FILE: vLLM takes the option but reads
		 * no file; carried as given */
		snprintf(cli->imp.note, sizeof cli->imp.note,
		    "vLLM reads a "
		    "config file only from '--config FILE'; %s is not read",
		    v);
		{
			char kept[1024];

			snprintf(kept, sizeof kept, "--config=%s", v);
			return keep_extra(cli, kept, err, errlen);
		}
	case OPTIONS_SAVE_SCENARIO: cli->save_scenario = v; return 0;
	case OPTIONS_CHECK: cli->check = v; return 0;
	case OPTIONS_COMPARE:
		if (cli->n_compare >= CLI_MAX_COMPARE) {
			snprintf(err, errlen, "--compare: at most %d files",
			    CLI_MAX_COMPARE);
			return -1;
		}
		cli->compare[cli->n_compare++] = v;
		return 0;
	case OPTIONS_CALIBRATE: cli->calibrate = v; return 0;
	case OPTIONS_SAVE_CALIBRATION: cli->save_calibration = true; return 0;
	case OPTIONS_FORCE: cli->force = true; return 0;
	default: break;
	}
	return 0;
}

/* The options of the plan: card, nodes, model, request length, release. */
static int
apply_plan(struct cli *cli, const struct options_entry *o, const char *name,
    const char *v, char *err, size_t errlen)
{
	struct plan_input *in = &cli->imp.in;
	int64_t n;

	switch (o->id) {
	case OPTIONS_GPU: cli->gpu_id = v; return 0;
	case OPTIONS_MIG: cli->mig = v; return 0;
	case OPTIONS_GPUS:
		if (parse_int(name, v, 1, 4096, &n, err, errlen))
			return -1;
		in->gpus = (int)n;
		return 0;
	case OPTIONS_NODE: cli->node_id = v; return 0;
	case OPTIONS_NODES:
		if (parse_int(name, v, 1, 1024, &n, err, errlen))
			return -1;
		cli->nodes = (int)n;
		return 0;
	case OPTIONS_GPU_TOTAL:
		return parse_dbl(name, v, 0.5, 4096, &in->gpu_total_gib, err,
		    errlen);
	case OPTIONS_MODEL: cli->model_id = v; return 0;
	case OPTIONS_REVISION:
		cli->revision = v;
		in->revision = v;
		return 0;
	case OPTIONS_CHECKPOINT: cli->checkpoint = v; return 0;
	case OPTIONS_TPR:
		if (parse_int(name, v, 1, PLAN_TPR_MAX, &n, err, errlen))
			return -1;
		in->tokens_per_request = n;
		return 0;
	case OPTIONS_OTHER:
		return parse_dbl(name, v, 0, 4096, &in->other_usage_gib, err,
		    errlen);
	case OPTIONS_VERSION_V: {
		char e[200];

		if (vllm_version_parse_known(v, &in->version, e, sizeof e) !=
		    0) {
			snprintf(err, errlen, "--vllm-version: %s", e);
			return -1;
		}
		return 0;
	}
	case OPTIONS_OVERHEAD:
		if (strcmp(v, "estimate") == 0)
			in->overhead = OVERHEAD_ESTIMATE;
		else if (strcmp(v, "rule") == 0)
			in->overhead = OVERHEAD_RULE;
		else {
			snprintf(err, errlen,
			    "--overhead: '%s' is not estimate or rule", v);
			return -1;
		}
		return 0;
	default: break;
	}
	return 0;
}

/* --report FORMAT */
static int
apply_report(struct cli *cli, const char *v, char *err, size_t errlen)
{
	if (strcmp(v, "text") == 0)
		cli->report = REPORT_TEXT;
	else if (strcmp(v, "json") == 0)
		cli->report = REPORT_JSON;
	else if (strcmp(v, "markdown") == 0 || strcmp(v, "md") == 0)
		cli->report = REPORT_MARKDOWN;
	else {
		snprintf(err, errlen,
		    "--report: '%s' is not one of text, json, "
		    "markdown",
		    v);
		return -1;
	}
	return 0;
}

/* --list WHAT */
static int
apply_list(struct cli *cli, const char *v, char *err, size_t errlen)
{
	if (strcmp(v, "gpus") && strcmp(v, "mig") && strcmp(v, "models") &&
	    strcmp(v, "checkpoints") && strcmp(v, "options") &&
	    strcmp(v, "nodes")) {
		snprintf(err, errlen,
		    "--list: '%s' is not one of gpus, mig, "
		    "models, checkpoints, nodes, options",
		    v);
		return -1;
	}
	cli->list = v;
	return 0;
}

/* the options of the display and of the program itself */
static int
apply_display(struct cli *cli, const struct options_entry *o, const char *v,
    char *err, size_t errlen)
{
	char e[200];

	switch (o->id) {
	case OPTIONS_NO_COLOR: cli->no_color = true; return 0;
	case OPTIONS_ASCII: cli->ascii = true; return 0;
	case OPTIONS_THEME: cli->theme = v; return 0;
	case OPTIONS_HELP: cli->help = true; return 0;
	case OPTIONS_VERSION: cli->version = true; return 0;
	case OPTIONS_EXPLICIT: cli->explicit_all = true; return 0;
	case OPTIONS_CURRENCY:
		if (price_currency_parse(v, &cli->currency, e, sizeof e) != 0) {
			snprintf(err, errlen, "--currency: %s", e);
			return -1;
		}
		return 0;
	default: break;
	}
	return 0;
}

static int
apply(struct cli *cli, const struct options_entry *o, const char *word,
    const char *name, const char *v, char *err, size_t errlen)
{
	switch (o->id) {
	case OPTIONS_REPORT: return apply_report(cli, v, err, errlen);
	case OPTIONS_GPU:
	case OPTIONS_MIG:
	case OPTIONS_GPUS:
	case OPTIONS_NODE:
	case OPTIONS_NODES:
	case OPTIONS_GPU_TOTAL:
	case OPTIONS_MODEL:
	case OPTIONS_REVISION:
	case OPTIONS_CHECKPOINT:
	case OPTIONS_TPR:
	case OPTIONS_OTHER:
	case OPTIONS_VERSION_V:
	case OPTIONS_OVERHEAD: return apply_plan(cli, o, name, v, err, errlen);
	case OPTIONS_LIST: return apply_list(cli, v, err, errlen);
	case OPTIONS_NO_COLOR:
	case OPTIONS_ASCII:
	case OPTIONS_THEME:
	case OPTIONS_HELP:
	case OPTIONS_VERSION:
	case OPTIONS_EXPLICIT:
	case OPTIONS_CURRENCY: return apply_display(cli, o, v, err, errlen);
	case OPTIONS_FROM_COMMAND:
	case OPTIONS_EXPORT:
	case OPTIONS_FORMAT:
	case OPTIONS_OUTPUT:
	case OPTIONS_SCENARIO:
	case OPTIONS_CONFIG:
	case OPTIONS_SAVE_SCENARIO:
	case OPTIONS_CHECK:
	case OPTIONS_COMPARE:
	case OPTIONS_CALIBRATE:
	case OPTIONS_SAVE_CALIBRATION:
	case OPTIONS_FORCE: return apply_exchange(cli, o, word, v, err, errlen);
	case OPTIONS_NEED:
	case OPTIONS_CARDS:
	case OPTIONS_MAX_CARDS:
	case OPTIONS_RANK:
	case OPTIONS_INSTANCE:
	case OPTIONS_COMPARE_VERSION:
		return sizing_cli_set(&cli->sizing, o->name, v, err, errlen);
	}
	return 0;
}

void
cli_init(struct cli *cli)
{
	memset(cli, 0, sizeof *cli);
	plan_import_init(&cli->imp);
}

int
cli_parse(int argc, char **argv, struct cli *cli, char *err, size_t errlen)
{
	return cli_parse_layered(0, NULL, argc, argv, cli, err, errlen);
}

int
cli_parse_layered(int dargc, char **dargv, int argc, char **argv,
    struct cli *cli, char *err, size_t errlen)
{
	cli_init(cli);
	if (dargc > 1 &&
	    cli_parse_words(cli, dargc, dargv, 0, err, errlen) != 0)
		return -1;
	if (cli_parse_words(cli, argc, argv, 0, err, errlen) != 0)
		return -1;
	plan_import_bind(&cli->imp);
	return 0;
}

/* A word that is not an option: the model, or one more --compare file. */
static int
positional(struct cli *cli, const char *a, char *err, size_t errlen)
{
	if (cli->n_compare > 0) {
		if (cli->n_compare >= CLI_MAX_COMPARE) {
			snprintf(err, errlen,
			    "--compare: at most %d files ('%s' "
			    "is one more)",
			    CLI_MAX_COMPARE, a);
			return -1;
		}
		cli->compare[cli->n_compare++] = a; /* --compare A B ... */
		return 0;
	}
	/* the same model twice (--model X -- vllm serve X) is one model */
	if (cli->model_id != NULL && !cli->model_from_file &&
	    strcmp(cli->model_id, a) == 0)
		return 0;
	if (cli->model_id != NULL && !cli->model_from_file) {
		snprintf(err, errlen,
		    "unexpected argument '%s' (the model is "
		    "already '%s')",
		    a, cli->model_id);
		return -1;
	}
	cli->model_id = a;
	cli->model_from_file = false;
	return 0;
}

/*
 * -O3, -O=3, -O 3 (a JSON value: the compilation config -O stood for
 * before vLLM 0.12); *i moves past a separate value.
 */
static int
opt_level_words(struct cli *cli, const char *a, int argc, char **argv, int *i,
    char *err, size_t errlen)
{
	const char *lv = a[2] == '=' ? a + 3 : a[2] ? a + 2 : NULL;

	if (lv == NULL && *i + 1 < argc)
		lv = argv[++*i];
	if (lv == NULL) {
		snprintf(err, errlen, "-O expects a level from 0 to 3");
		return -1;
	}
	return apply_flag(cli,
	    &vllm_flags[lv[0] == '{' ? VF_COMPILATION_CONFIG : VF_OPT_LEVEL],
	    lv, NULL, 0, 0, err, errlen);
}

/* Keeps a flag headroom does not model with its value, if it has one. */
static int
keep_unknown(struct cli *cli, const char *a, bool has_eq, int argc, char **argv,
    int *i, bool digits, char *err, size_t errlen)
{
	if (keep_extra(cli, a, err, errlen))
		return -1;
	if (!has_eq && *i + 1 < argc &&
	    (argv[*i + 1][0] != '-' ||
		(digits && isdigit((unsigned char)argv[*i + 1][1]))))
		return keep_extra(cli, argv[++*i], err, errlen);
	return 0;
}

/*
 * The option a word names: 0 with *o and *value, 1 when the word was kept
 * as a flag headroom does not model, -1 with err.
 */
static int
lookup(struct cli *cli, const char *a, int vllm_mode, int argc, char **argv,
    int *i, struct options_hit *o, const char **value, int *negated, char *err,
    size_t errlen)
{
	char name[128], *eq;
	int ambiguous = 0;

	o->o = NULL;
	o->f = NULL;
	if (a[1] != '-') {
		/* short forms: the table's (-tp -pp -dp -q), -h and -V */
		eq = strchr(a, '=');
		snprintf(name, sizeof name, "%.*s",
		    eq ? (int)(eq - a - 1) : (int)strlen(a + 1), a + 1);
		o->f = vllm_flag_by_short(name);
		if (strcmp(name, "h") == 0)
			*o = options_find("help", &ambiguous);
		else if (strcmp(name, "V") == 0)
			*o = options_find("version", &ambiguous);
		*value = eq ? eq + 1 : NULL;
		if (o->o != NULL || o->f != NULL)
			return 0;
		if (vllm_mode)
			return keep_unknown(cli, a, eq != NULL, argc, argv, i,
				   false, err, errlen)
			    ? -1
			    : 1;
		snprintf(err, errlen, "unknown option '%s' (see --help)", a);
		return -1;
	}
	options_normalise(a + 2, name, sizeof name);
	if ((eq = strchr(name, '=')) != NULL) {
		*eq = '\0';
		*value = strchr(a, '=') + 1;
	}
	*o = options_find(name, &ambiguous);
	if (o->o == NULL && o->f == NULL && strncmp(name, "no-", 3) == 0) {
		*o = options_find(name + 3, &ambiguous);
		if ((o->o || o->f) && options_hit_takes(*o) != 0)
			o->o = NULL, o->f = NULL;
		*negated = o->o != NULL || o->f != NULL;
	}
	if (o->o != NULL || o->f != NULL)
		return 0;
	if (ambiguous) {
		snprintf(err, errlen,
		    "option '%s' is ambiguous (it is the start "
		    "of several options)",
		    a);
		return -1;
	}
	if (vllm_mode) /* a vLLM flag headroom does not model: keep it */
		return keep_unknown(cli, a, eq != NULL, argc, argv, i, true,
			   err, errlen)
		    ? -1
		    : 1;
	if (strncmp(name, "enable-", 7) == 0 || strchr(name, '-') != NULL)
		snprintf(err, errlen,
		    "unknown option '%s' (see --help; to pass a "
		    "whole vLLM command use: headroom -- vllm serve MODEL ...)",
		    a);
	else
		snprintf(err, errlen, "unknown option '%s' (see --help)", a);
	return -1;
}

/* The option's value(s) as it takes them, then the option applied. */
static int
take_values(struct cli *cli, struct options_hit o, const char *a,
    const char *value, int negated, int argc, char **argv, int *i, char *err,
    size_t errlen)
{
	char *list[PLAN_MAX_CAPTURE];
	int n = 0;

	if (options_hit_takes(o) == 0) {
		if (value != NULL) {
			snprintf(err, errlen, "--%s takes no value (got '%s')",
			    options_hit_name(o), value);
			return -1;
		}
		return o.f
		    ? apply_flag(cli, o.f, NULL, NULL, 0, negated, err, errlen)
		    : apply(cli, o.o, a, o.o->name, NULL, err, errlen);
	}
	if (options_hit_takes(o) == 2) {
		if (value != NULL) {
			list[n++] = (char *)value;
		} else {
			/* nargs="+": every word up to the next option */
			while (*i + 1 < argc &&
			    (argv[*i + 1][0] != '-' ||
				isdigit((unsigned char)argv[*i + 1][1])) &&
			    n < PLAN_MAX_CAPTURE)
				list[n++] = argv[++*i];
		}
		if (n == 0) {
			snprintf(err, errlen,
			    "--%s expects one or more numbers",
			    options_hit_name(o));
			return -1;
		}
		return apply_flag(cli, o.f, NULL, list, n, 0, err, errlen);
	}
	if (value == NULL) {
		if (*i + 1 >= argc) {
			snprintf(err, errlen, "--%s expects a value",
			    options_hit_name(o));
			return -1;
		}
		value = argv[++*i];
	}
	return o.f ? apply_flag(cli, o.f, value, NULL, 0, 0, err, errlen)
		   : apply(cli, o.o, a, o.o->name, value, err, errlen);
}

int
cli_parse_words(struct cli *cli, int argc, char **argv, int vllm_mode,
    char *err, size_t errlen)
{
	int i, rc;

	/* vLLM's --config (and --scenario) first: the words given win */
	if (cli_import_prescan(cli, argc, argv, vllm_mode, err, errlen) != 0)
		return -1;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *value = NULL, *dot;
		struct options_hit o;
		int negated = 0;

		if (strcmp(a, "--") == 0 && !vllm_mode) {
			/* headroom -- vllm serve MODEL [FLAGS] */
			if (i + 1 < argc && strcmp(argv[i + 1], "vllm") == 0)
				i++;
			if (i + 1 < argc && strcmp(argv[i + 1], "serve") == 0)
				i++;
			vllm_mode = 1;
			continue;
		}
		if (a[0] != '-' || a[1] == '\0' ||
		    (a[1] != '-' && !isalpha((unsigned char)a[1]))) {
			rc = positional(cli, a, err, errlen);
		} else if ((dot = compilation_config_dotted(a)) != NULL) {
			/* -cc.KEY=VALUE, --compilation-config.KEY VALUE */
			rc = dotted_member(cli, dot, argc, argv, &i, err,
			    errlen);
		} else if (a[1] == 'O' && a[2] != '.') {
			rc = opt_level_words(cli, a, argc, argv, &i, err,
			    errlen);
		} else {
			rc = lookup(cli, a, vllm_mode, argc, argv, &i, &o,
			    &value, &negated, err, errlen);
			if (rc == 0)
				rc = take_values(cli, o, a, value, negated,
				    argc, argv, &i, err, errlen);
			else if (rc > 0)
				rc = 0;
		}
		if (rc != 0)
			return -1;
	}
	cli->imp.in.extra_flags = cli->imp.extra;
	cli->imp.in.n_extra_flags = cli->imp.n_extra;
	return 0;
}

void
cli_done(struct cli *cli)
{
	plan_import_done(&cli->imp);
	memset(cli, 0, sizeof *cli);
}

struct plan_import *
cli_take_import(struct cli *cli)
{
	struct plan_import *imp = plan_import_new();

	plan_import_move(imp, &cli->imp);
	return imp;
}
