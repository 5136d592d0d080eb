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

#include "core/spec.h"
#include "core/units.h"
#include "core/vllm_flags.h"
#include "core/vllm_version.h"
#include "io/multimodal_flags.h"
#include "io/sizing_cli.h"
#include "io/cli_import.h"
#include "io/compilation_config.h"
#include "io/deploy.h"
#include "io/shellwords.h"
#include "io/model_dir.h"
#include "io/model_find.h"
#include "io/options.h"
#include "io/price.h"
#include "io/spec_config.h"

static int
parse_int(const char *flag, const char *v, int64_t lo, int64_t hi, int64_t *out,
    char *err, size_t errlen)
{
	if (units_parse_human_int(v, out) != 0 || *out < lo || *out > hi) {
		snprintf(err, errlen, "--%s: '%s' is not a whole number from %lld "
		    "to %lld (suffixes k, m, g and K, M, G are accepted)", flag, v,
		    (long long)lo, (long long)hi);
		return -1;
	}
	return 0;
}

static int
parse_dbl(const char *flag, const char *v, double lo, double hi, double *out,
    char *err, size_t errlen)
{
	if (units_parse_double(v, out) != 0 || *out < lo || *out > hi) {
		snprintf(err, errlen, "--%s: '%s' is not a number from %g to %g",
		    flag, v, lo, hi);
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
		snprintf(err, errlen, "--compilation-config.%s expects a value", key);
		return -1;
	}
	return compilation_config_set(&cli->imp.in, key, val, keep_owned, cli, err,
	    errlen);
}

/* A vLLM flag: the table's parser, JSON rows to their readers. */
static int
apply_flag(struct cli *cli, const struct vllm_flag *f, const char *v,
    char **list, int nlist, int negated, char *err, size_t errlen)
{
	struct plan_input *in = &cli->imp.in;
	char kept[256];
	int i, rc;

	switch (vllm_flag_id_of(f)) {
	case VF_LIMIT_MM:
		return multimodal_flags_read_limits(in, v, err, errlen);
	case VF_MM_KWARGS:
		return multimodal_flags_read_kwargs(in, v, err, errlen);
	case VF_SPECULATIVE_CONFIG:
		return spec_config_parse(&in->spec, v, err, errlen);
	case VF_COMPILATION_CONFIG:
		return compilation_config_read(in, v, keep_owned, cli, err, errlen);
	default:
		break;
	}
	if (f->kind == VFK_LIST) {
		vllm_flag_list_begin(f, in);
		for (i = 0; i < nlist; i++)
			if (vllm_flag_parse(f, list[i], false, in->version, in, err,
			    errlen) < 0)
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
			snprintf(kept, sizeof kept, "--%s%s", negated ? "no-" : "",
			    f->name);
		else
			snprintf(kept, sizeof kept, "--%s=%s", f->name, v);
		if (keep_extra(cli, kept, err, errlen) != 0)
			return -1;
		/* a value of a flag that moves memory: the plan says so */
		if (f->memory)
			in->not_modelled = cli->imp.extra[cli->imp.n_extra - 1];
	}
	return 0;
}

static int
apply(struct cli *cli, const struct options_entry *o, const char *word, const char *name,
    const char *v, char *err, size_t errlen)
{
	struct plan_input *in = &cli->imp.in;
	int64_t n;

	switch (o->id) {
	case OPTIONS_REPORT:
		if (strcmp(v, "text") == 0)
			cli->report = REPORT_TEXT;
		else if (strcmp(v, "json") == 0)
			cli->report = REPORT_JSON;
		else if (strcmp(v, "markdown") == 0 || strcmp(v, "md") == 0)
			cli->report = REPORT_MARKDOWN;
		else {
			snprintf(err, errlen, "--report: '%s' is not one of text, json, "
			    "markdown", v);
			return -1;
		}
		return 0;
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
		return parse_dbl(name, v, 0.5, 4096, &in->gpu_total_gib, err, errlen);
	case OPTIONS_MODEL: cli->model_id = v; return 0;
	case OPTIONS_REVISION: cli->revision = v; in->revision = v; return 0;
	case OPTIONS_CHECKPOINT: cli->checkpoint = v; return 0;
	case OPTIONS_TPR:
		if (parse_int(name, v, 1, 100000000, &n, err, errlen))
			return -1;
		in->tokens_per_request = n;
		return 0;
	case OPTIONS_OTHER:
		return parse_dbl(name, v, 0, 4096, &in->other_usage_gib, err, errlen);
	case OPTIONS_VERSION_V: {
		char e[200];

		if (vllm_version_parse_known(v, &in->version, e, sizeof e) != 0) {
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
			snprintf(err, errlen, "--overhead: '%s' is not estimate or rule", v);
			return -1;
		}
		return 0;
	case OPTIONS_LIST:
		if (strcmp(v, "gpus") && strcmp(v, "mig") && strcmp(v, "models") &&
		    strcmp(v, "checkpoints") && strcmp(v, "options") &&
		    strcmp(v, "nodes")) {
			snprintf(err, errlen, "--list: '%s' is not one of gpus, mig, "
			    "models, checkpoints, nodes, options", v);
			return -1;
		}
		cli->list = v;
		return 0;
	case OPTIONS_NO_COLOR: cli->no_color = true; return 0;
	case OPTIONS_ASCII: cli->ascii = true; return 0;
	case OPTIONS_THEME: cli->theme = v; return 0;
	case OPTIONS_HELP: cli->help = true; return 0;
	case OPTIONS_VERSION: cli->version = true; return 0;
	case OPTIONS_EXPLICIT: cli->explicit_all = true; return 0;
	case OPTIONS_CURRENCY: {
		char e[200];

		if (price_currency_parse(v, &cli->currency, e, sizeof e) != 0) {
			snprintf(err, errlen, "--currency: %s", e);
			return -1;
		}
		return 0;
	}
	case OPTIONS_FROM_COMMAND:
		return cli_import_command(cli, v, err, errlen);
	case OPTIONS_EXPORT:
		if (cli_import_export_format(v) < 0) {
			snprintf(err, errlen, "--export: '%s' is not one of command, "
			    "config, docker, json, quote, ray, multinode, compose, "
			    "kubernetes", v);
			return -1;
		}
		cli->export_fmt = v;
		return 0;
	case OPTIONS_FORMAT:
		if (strcmp(v, "html") != 0 && strcmp(v, "markdown") != 0 &&
		    strcmp(v, "md") != 0) {
			snprintf(err, errlen, "--format: '%s' is not html or markdown (the "
			    "quote's format)", v);
			return -1;
		}
		cli->export_style = v;
		return 0;
	case OPTIONS_OUTPUT: cli->output = v; return 0;
	case OPTIONS_SCENARIO:
		return 0;	/* loaded before the other words (cli_import_prescan) */
	case OPTIONS_CONFIG:
		if (strcmp(word, "--config") == 0)
			return 0;	/* loaded first (cli_import_prescan) */
		/* --config=FILE, --conf FILE: vLLM takes the option but reads
		 * no file; carried as given */
		snprintf(cli->imp.note, sizeof cli->imp.note, "vLLM reads a "
		    "config file only from '--config FILE'; %s is not read", v);
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
	if (dargc > 1 && cli_parse_words(cli, dargc, dargv, 0, err, errlen) != 0)
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
			snprintf(err, errlen, "--compare: at most %d files ('%s' "
			    "is one more)", CLI_MAX_COMPARE, a);
			return -1;
		}
		cli->compare[cli->n_compare++] = a;	/* --compare A B ... */
		return 0;
	}
	if (cli->model_id != NULL && !cli->model_from_file) {
		snprintf(err, errlen, "unexpected argument '%s' (the model is "
		    "already '%s')", a, cli->model_id);
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
	return apply_flag(cli, &vllm_flags[lv[0] == '{' ? VF_COMPILATION_CONFIG :
	    VF_OPT_LEVEL], lv, NULL, 0, 0, err, errlen);
}

/* Keeps a flag headroom does not model with its value, if it has one. */
static int
keep_unknown(struct cli *cli, const char *a, bool has_eq, int argc,
    char **argv, int *i, bool digits, char *err, size_t errlen)
{
	if (keep_extra(cli, a, err, errlen))
		return -1;
	if (!has_eq && *i + 1 < argc && (argv[*i + 1][0] != '-' ||
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
		snprintf(name, sizeof name, "%.*s", eq ? (int)(eq - a - 1) :
		    (int)strlen(a + 1), a + 1);
		o->f = vllm_flag_by_short(name);
		if (strcmp(name, "h") == 0)
			*o = options_find("help", &ambiguous);
		else if (strcmp(name, "V") == 0)
			*o = options_find("version", &ambiguous);
		*value = eq ? eq + 1 : NULL;
		if (o->o != NULL || o->f != NULL)
			return 0;
		if (vllm_mode)
			return keep_unknown(cli, a, eq != NULL, argc, argv, i, false,
			    err, errlen) ? -1 : 1;
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
		snprintf(err, errlen, "option '%s' is ambiguous (it is the start "
		    "of several options)", a);
		return -1;
	}
	if (vllm_mode)	/* a vLLM flag headroom does not model: keep it */
		return keep_unknown(cli, a, eq != NULL, argc, argv, i, true, err,
		    errlen) ? -1 : 1;
	if (strncmp(name, "enable-", 7) == 0 || strchr(name, '-') != NULL)
		snprintf(err, errlen, "unknown option '%s' (see --help; to pass a "
		    "whole vLLM command use: headroom -- vllm serve MODEL ...)", a);
	else
		snprintf(err, errlen, "unknown option '%s' (see --help)", a);
	return -1;
}

/* The option's value(s) as it takes them, then the option applied. */
static int
take_values(struct cli *cli, struct options_hit o, const char *a, const char *value,
    int negated, int argc, char **argv, int *i, char *err, size_t errlen)
{
	char *list[PLAN_MAX_CAPTURE];
	int n = 0;

	if (options_hit_takes(o) == 0) {
		if (value != NULL) {
			snprintf(err, errlen, "--%s takes no value (got '%s')",
			    options_hit_name(o), value);
			return -1;
		}
		return o.f ? apply_flag(cli, o.f, NULL, NULL, 0, negated, err,
		    errlen) : apply(cli, o.o, a, o.o->name, NULL, err, errlen);
	}
	if (options_hit_takes(o) == 2) {
		if (value != NULL) {
			list[n++] = (char *)value;
		} else {
			/* nargs="+": every word up to the next option */
			while (*i + 1 < argc && (argv[*i + 1][0] != '-' ||
			    isdigit((unsigned char)argv[*i + 1][1])) &&
			    n < PLAN_MAX_CAPTURE)
				list[n++] = argv[++*i];
		}
		if (n == 0) {
			snprintf(err, errlen, "--%s expects one or more numbers",
			    options_hit_name(o));
			return -1;
		}
		return apply_flag(cli, o.f, NULL, list, n, 0, err, errlen);
	}
	if (value == NULL) {
		if (*i + 1 >= argc) {
			snprintf(err, errlen, "--%s expects a value", options_hit_name(o));
			return -1;
		}
		value = argv[++*i];
	}
	return o.f ? apply_flag(cli, o.f, value, NULL, 0, 0, err, errlen) :
	    apply(cli, o.o, a, o.o->name, value, err, errlen);
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
		if (a[0] != '-' || a[1] == '\0' || (a[1] != '-' &&
		    !isalpha((unsigned char)a[1]))) {
			rc = positional(cli, a, err, errlen);
		} else if ((dot = compilation_config_dotted(a)) != NULL) {
			/* -cc.KEY=VALUE, --compilation-config.KEY VALUE */
			rc = dotted_member(cli, dot, argc, argv, &i, err, errlen);
		} else if (a[1] == 'O' && a[2] != '.') {
			rc = opt_level_words(cli, a, argc, argv, &i, err, errlen);
		} else {
			rc = lookup(cli, a, vllm_mode, argc, argv, &i, &o, &value,
			    &negated, err, errlen);
			if (rc == 0)
				rc = take_values(cli, o, a, value, negated, argc, argv,
				    &i, err, errlen);
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

static void
suggest(const struct catalogue *c, char kind, const char *id, char *out, size_t len)
{
	int idx[5];
	size_t n = catalogue_suggest(c, kind, id, idx, 5), i, o = 0;

	out[0] = '\0';
	for (i = 0; i < n && o + 2 < len; i++) {
		const char *s = kind == 'g' ? c->gpus[idx[i]].id : kind == 'c' ?
		    c->ckpts[idx[i]].id : c->models[idx[i]].id;

		o += (size_t)snprintf(out + o, len - o, "%s%s", i ? ", " : "", s);
		if (o >= len)
			break;
	}
}

/*
 * The drafter of --speculative-config (an EAGLE head or a draft model):
 * a catalogue id, else a folder, the Hugging Face cache, the Hub, as the
 * model itself is found.
 */
static int
cli_resolve_drafter(const struct catalogue *c, struct cli *cli, char *err,
    size_t errlen)
{
	struct plan_input *in = &cli->imp.in;
	const char *id = in->spec.model;
	struct model_found mf;
	int64_t wb = 0;
	char why[1024];
	int mi, ki, rc;

	if (!spec_has_drafter(&in->spec) || id[0] == '\0')
		return 0;
	if (cli->imp.have_draft) {
		model_done(&cli->imp.draft);
		cli->imp.have_draft = false;
	}
	in->draft = NULL;
	mi = catalogue_find_model(c, id);
	if (mi < 0 && (ki = catalogue_find_ckpt(c, id)) >= 0)
		mi = c->ckpts[ki].model_index;
	if (mi >= 0) {
		in->draft = &c->models[mi];
		return 0;
	}
	rc = model_find(id, NULL, &cli->imp.draft, &wb, &mf, why, sizeof why);
	if (rc != 0) {
		snprintf(err, errlen, "--speculative-config: %s drafter '%s': %s",
		    rc > 0 ? "unknown" : "cannot read the", id, why);
		return -1;
	}
	cli->imp.have_draft = true;
	in->draft = &cli->imp.draft;
	/* a speculators-format head names its method and token count; what
	 * the command gives wins (SpeculatorsConfig, EngineArgs) */
	if (cli->imp.draft.speculators_method != NULL && in->spec.method_inferred) {
		snprintf(in->spec.name, sizeof in->spec.name, "%s",
		    cli->imp.draft.speculators_method);
		in->spec.method = spec_method_parse(in->spec.name);
		in->spec.method_inferred = false;
		if (!spec_has_drafter(&in->spec))
			in->draft = NULL;	/* refused by name in the plan */
	}
	if (cli->imp.draft.speculators_tokens > 0 && in->spec.num_tokens <= 0)
		in->spec.num_tokens = cli->imp.draft.speculators_tokens;
	return 0;
}

int
cli_resolve(const struct catalogue *c, struct cli *cli, char *err, size_t errlen)
{
	struct plan_input *in = &cli->imp.in;
	char near[400];
	const char *mid = cli->model_id;
	int mi = -1, ki = -1;

	cli->node = -1;
	if (cli->node_id == NULL && cli->nodes > 0) {
		snprintf(err, errlen, "--nodes: say which server with --node ID "
		    "(--list nodes shows them)");
		return -1;
	}
	if (cli->node_id != NULL) {
		const struct node *nd;

		cli->node = catalogue_find_node(c, cli->node_id);
		if (cli->node < 0) {
			size_t i, o = 0;

			near[0] = '\0';
			for (i = 0; i < c->n_nodes && o + 2 < sizeof near; i++)
				o += (size_t)snprintf(near + o, sizeof near - o, "%s%s",
				    i ? ", " : "", c->nodes[i].id);
			snprintf(err, errlen, "--node: unknown server '%s'; known: %s",
			    cli->node_id, near);
			return -1;
		}
		nd = &c->nodes[cli->node];
		if (cli->gpu_id != NULL && strcmp(cli->gpu_id, nd->gpu_id) != 0) {
			snprintf(err, errlen, "--gpu %s: the node %s holds %s cards "
			    "(leave --gpu out)", cli->gpu_id, nd->id, nd->gpu_id);
			return -1;
		}
		cli->gpu_id = nd->gpu_id;
		if (cli->nodes <= 0)
			cli->nodes = 1;
	}
	if (cli->gpu_id == NULL && in->gpu_total_gib <= 0)
		cli->gpu_id = "rtx-pro-6000-server";
	if (cli->gpu_id != NULL) {
		in->gpu = catalogue_find_gpu(c, cli->gpu_id);
		if (in->gpu < 0) {
			suggest(c, 'g', cli->gpu_id, near, sizeof near);
			snprintf(err, errlen, "--gpu: unknown card '%s'; closest: %s "
			    "(--list gpus shows all)", cli->gpu_id, near);
			return -1;
		}
	}
	if (cli->mig != NULL && strcmp(cli->mig, "none") != 0) {
		const struct gpu *g = in->gpu >= 0 ? &c->gpus[in->gpu] : NULL;
		size_t i, o = 0;

		in->mig = g ? catalogue_find_mig(g, cli->mig) : -1;
		if (in->mig < 0) {
			near[0] = '\0';
			for (i = 0; g && i < g->n_mig && o + 2 < sizeof near; i++)
				o += (size_t)snprintf(near + o, sizeof near - o, "%s%s",
				    i ? ", " : "", g->mig[i].name);
			snprintf(err, errlen, "--mig: '%s' is not a MIG profile of %s%s%s",
			    cli->mig, g ? g->id : "a custom card",
			    near[0] ? "; it has: " : " (it has none)", near);
			return -1;
		}
	}
	if (cli->node >= 0) {
		/* the deployment's cards (or slices) are the ones available */
		const struct node *nd = &c->nodes[cli->node];
		int cards = cli->nodes * nd->gpus_per_node;

		if (in->mig >= 0)
			cards *= c->gpus[in->gpu].mig[in->mig].max_count;
		if (in->gpus > cards) {
			snprintf(err, errlen, "--gpus %d: %d node%s of %s hold%s %d %s",
			    in->gpus, cli->nodes, cli->nodes == 1 ? "" : "s", nd->id,
			    cli->nodes == 1 ? "s" : "", cards, in->mig >= 0 ? "slices" :
			    "cards");
			return -1;
		}
		if (in->gpus <= 0)
			in->gpus = cards;
		if (in->mig < 0)
			in->node_gpus = nd->gpus_per_node;
		/* the link a TP group crosses: NVLink inside the domain, else PCIe
		 * inside a node, else the network between nodes */
		deploy_tp_link(nd, in->tp, &in->tp_link, &in->tp_link_gbs);
	}
	if (mid == NULL) {
		/* the default scenario: the seeds' model in NVIDIA's FP8 checkpoint */
		mid = "meta-llama/Llama-3.3-70B-Instruct";
		if (cli->checkpoint == NULL)
			cli->checkpoint = "nvidia/Llama-3.3-70B-Instruct-FP8";
	}
	/* a catalogue id, else a folder, the Hugging Face cache, the Hub */
	mi = catalogue_find_model(c, mid);
	if (mi < 0) {
		ki = catalogue_find_ckpt(c, mid);
		if (ki >= 0)
			mi = c->ckpts[ki].model_index;
	}
	if (mi < 0) {
		struct model_found mf;
		int64_t wb = 0;
		char why[1024];
		int rc = model_find(mid, cli->revision, &cli->imp.local, &wb, &mf, why,
		    sizeof why);

		if (rc < 0) {
			snprintf(err, errlen, "--model: %s", why);
			return -1;
		}
		if (rc > 0) {
			suggest(c, 'm', mid, near, sizeof near);
			snprintf(err, errlen, "--model: unknown model '%s' (%s); closest: %s "
			    "(--list models shows all; a folder with config.json or a Hub "
			    "id also works)", mid, why, near);
			return -1;
		}
		cli->imp.have_local = true;
		cli->imp.local_dir = strdup(mid);
		in->model = &cli->imp.local;
		in->weight_bytes = wb;
		snprintf(cli->imp.model_source, sizeof cli->imp.model_source, "%s",
		    model_origin_name(mf.origin));
	} else {
		in->model = &c->models[mi];
		snprintf(cli->imp.model_source, sizeof cli->imp.model_source, "catalogue");
	}
	if (cli->checkpoint != NULL) {
		enum ckpt_format f;
		int k = catalogue_find_ckpt(c, cli->checkpoint);

		if (k >= 0 && (cli->imp.have_local || c->ckpts[k].model_index == mi)) {
			ki = k;
		} else if (ckpt_format_parse(cli->checkpoint, &f) == 0) {
			ki = cli->imp.have_local ? -1 : catalogue_model_ckpt(c, mi, f);
			in->format = f;
			if (cli->imp.have_local && f != in->model->native_format)
				in->weight_bytes = 0;
		} else {
			snprintf(err, errlen, "--checkpoint: '%s' is neither a format "
			    "(bf16, fp16, fp8, fp8-channel, fp8-block, int8, awq, gptq, "
			    "nvfp4, mxfp4) nor a checkpoint of %s (--list checkpoints)",
			    cli->checkpoint, in->model->id);
			return -1;
		}
	} else if (ki < 0 && !cli->imp.have_local) {
		ki = catalogue_model_ckpt(c, mi, in->model->native_format);
	}
	in->ckpt = ki;
	if (ki >= 0) {
		in->format = c->ckpts[ki].format;
	} else if (!cli->imp.have_local && in->format != FMT_COUNT &&
	    in->format != in->model->native_format) {
		snprintf(cli->imp.model_source, sizeof cli->imp.model_source, "derived");
	}
	return cli_resolve_drafter(c, cli, err, errlen);
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
