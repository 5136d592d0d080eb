/*
 * scenario.c - scenario files (see scenario.h).
 *
 * A scenario's top-level keys are headroom's own option names; its vllm:
 * section is a vLLM --config mapping.  Loading builds the same flag
 * groups a command line would give, with each key's position, and parses
 * them with cli_import_args().
 */
#include "scenario.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "core/units.h"
#include "core/placement.h"
#include "core/vllm_version.h"
#include "io/cli.h"
#include "io/export.h"
#include "io/model_find.h"
#include "io/textfile.h"
#include "io/vllmargs.h"
#include "io/yamlout.h"
#include "io/yamltree.h"

/* Top-level keys that are headroom options, in the order they are written. */
static const char *const option_keys[] = {
	"vllm-version",
	"gpu",
	"gpu-total-gib",
	"mig",
	"gpus",
	"node",
	"nodes",
	"model",
	"checkpoint",
	"tokens-per-request",
	"other-usage",
	"overhead",
};
#define N_OPTION_KEYS (sizeof option_keys / sizeof option_keys[0])

static const char *const other_keys[] = {
	"headroom-scenario",
	"name",
	"vllm",
	"env",
	"figures",
	"command",
};
#define N_OTHER_KEYS (sizeof other_keys / sizeof other_keys[0])

bool
scenario_is(const cJSON *root)
{
	return cJSON_IsObject(root) &&
	    cJSON_GetObjectItemCaseSensitive(root, "headroom-scenario") != NULL;
}

static bool
known_key(const char *k)
{
	size_t i;

	for (i = 0; i < N_OPTION_KEYS; i++)
		if (strcmp(k, option_keys[i]) == 0)
			return true;
	for (i = 0; i < N_OTHER_KEYS; i++)
		if (strcmp(k, other_keys[i]) == 0)
			return true;
	return false;
}

static cJSON *
read_tree(const char *path, char **text, size_t *len, char *err, size_t errlen)
{
	char perr[512];
	cJSON *root;

	*text = textfile_read(path, len, err, errlen);
	if (*text == NULL)
		return NULL;
	root = yamltree_parse(*text, *len, perr, sizeof perr);
	if (root == NULL) {
		snprintf(err, errlen, "%s:%s", path, perr);
		free(*text);
		*text = NULL;
		return NULL;
	}
	return root;
}

static int
scalar_text(const cJSON *v, char *buf, size_t len)
{
	if (cJSON_IsString(v))
		snprintf(buf, len, "%s", v->valuestring);
	else if (cJSON_IsNumber(v)) {
		if (v->valuedouble == floor(v->valuedouble) &&
		    fabs(v->valuedouble) < 9007199254740992.0)
			snprintf(buf, len, "%lld", (long long)v->valuedouble);
		else
			units_format_pyfloat(v->valuedouble, buf, len);
	} else
		return -1;
	return 0;
}

/* The format line and the keys: only those a scenario has. */
static int
check_keys(const cJSON *root, const char *path, char *err, size_t errlen)
{
	const cJSON *c, *fmt;
	int line, col;

	if (!scenario_is(root)) {
		snprintf(err, errlen,
		    "%s:1:1: not a headroom scenario (no "
		    "'headroom-scenario: %d' line); a vLLM config file goes to "
		    "--config",
		    path, SCENARIO_FORMAT);
		return -1;
	}
	fmt = cJSON_GetObjectItemCaseSensitive(root, "headroom-scenario");
	if (!cJSON_IsNumber(fmt) || fmt->valuedouble != SCENARIO_FORMAT) {
		yamltree_pos(root, "headroom-scenario", &line, &col);
		snprintf(err, errlen,
		    "%s:%d:%d: headroom-scenario: this headroom "
		    "reads format %d",
		    path, line, col, SCENARIO_FORMAT);
		return -1;
	}
	cJSON_ArrayForEach(c, root) {
		if (c->string[0] == '@')
			continue;
		yamltree_pos(root, c->string, &line, &col);
		if (!known_key(c->string)) {
			char ex[80];

			shellwords_excerpt(c->string, 40, ex, sizeof ex);
			snprintf(err, errlen,
			    "%s:%d:%d: unknown key '%s' (a scenario "
			    "has vllm-version, gpu, gpu-total-gib, mig, gpus, "
			    "model, "
			    "checkpoint, tokens-per-request, other-usage, "
			    "overhead, "
			    "vllm, env, name, command and figures)",
			    path, line, col, ex);
			return -1;
		}
	}
	return 0;
}

/* headroom's options, as flag groups with their positions, into va. */
static int
option_groups(const cJSON *root, const char *path, struct vllm_args *va,
    char *err, size_t errlen)
{
	char value[4096], flag[64];
	size_t i;
	int line, col;

	for (i = 0; i < N_OPTION_KEYS; i++) {
		const cJSON *v =
		    cJSON_GetObjectItemCaseSensitive(root, option_keys[i]);
		struct vllm_arg_group *g;

		if (v == NULL || cJSON_IsNull(v))
			continue;
		yamltree_pos(root, option_keys[i], &line, &col);
		if (scalar_text(v, value, sizeof value) != 0) {
			snprintf(err, errlen,
			    "%s:%d:%d: %s: expected a single value", path, line,
			    col, option_keys[i]);
			return -1;
		}
		snprintf(flag, sizeof flag, "--%s", option_keys[i]);
		if (va->n_group == va->cap_group) {
			va->cap_group = va->cap_group ? va->cap_group * 2 : 16;
			va->group = realloc(va->group,
			    va->cap_group * sizeof *va->group);
			if (va->group == NULL)
				abort();
		}
		g = &va->group[va->n_group++];
		g->first = va->words.n;
		g->n = 2;
		g->line = line;
		g->col = col;
		shellwords_add(&va->words, flag, (size_t)-1);
		shellwords_add(&va->words, value, (size_t)-1);
	}
	return 0;
}

/* env: the VAR=value assignments, kept by the import. */
static int
import_env(struct cli *cli, const cJSON *root, const char *path, char *err,
    size_t errlen)
{
	const cJSON *c;
	int line, col;

	c = cJSON_GetObjectItemCaseSensitive(root, "env");
	if (c != NULL && !cJSON_IsNull(c)) {
		const cJSON *e;

		yamltree_pos(root, "env", &line, &col);
		if (!cJSON_IsArray(c)) {
			snprintf(err, errlen,
			    "%s:%d:%d: env: expected a list of "
			    "VAR=value strings",
			    path, line, col);
			return -1;
		}
		cJSON_ArrayForEach(e, c) {
			if (!cJSON_IsString(e) ||
			    strchr(e->valuestring, '=') == NULL ||
			    e->valuestring[0] == '=') {
				snprintf(err, errlen,
				    "%s:%d:%d: env: each entry is "
				    "VAR=value",
				    path, line, col);
				return -1;
			}
			if (cli->imp.n_env >= PLAN_IMPORT_MAX_ENV) {
				snprintf(err, errlen,
				    "%s:%d:%d: env: at most %d entries", path,
				    line, col, PLAN_IMPORT_MAX_ENV);
				return -1;
			}
			cli->imp.env[cli->imp.n_env++] =
			    plan_import_keep(&cli->imp, e->valuestring);
			if (strncmp(e->valuestring,
				"CUDA_VISIBLE_DEVICES=", 21) == 0 &&
			    strstr(e->valuestring, "MIG-") != NULL)
				cli->imp.mig_pinned = true;
		}
	}
	return 0;
}

int
scenario_import(struct cli *cli, const char *path, char *err, size_t errlen)
{
	struct vllm_args va;
	char *text;
	size_t len;
	cJSON *root, *c;
	int line, col, rc = -1;

	root = read_tree(path, &text, &len, err, errlen);
	if (root == NULL)
		return -1;
	memset(&va, 0, sizeof va);
	if (check_keys(root, path, err, errlen) != 0)
		goto out;
	if (option_groups(root, path, &va, err, errlen) != 0)
		goto out;
	if (cli_import_args(cli, &va, path, 0, err, errlen) != 0)
		goto out;
	vllmargs_done(&va);
	/* vLLM's flags: a --config mapping */
	c = cJSON_GetObjectItemCaseSensitive(root, "vllm");
	if (c != NULL && !cJSON_IsNull(c)) {
		if (!cJSON_IsObject(c)) {
			yamltree_pos(root, "vllm", &line, &col);
			snprintf(err, errlen,
			    "%s:%d:%d: vllm: expected a mapping of vLLM "
			    "option names to values (max-model-len: 8192)",
			    path, line, col);
			goto out;
		}
		if (vllmargs_from_mapping(c, path, &va, err, errlen) != 0 ||
		    cli_import_args(cli, &va, path, 1, err, errlen) != 0)
			goto out;
		vllmargs_done(&va);
	}
	if (import_env(cli, root, path, err, errlen) != 0)
		goto out;
	filestamp_take(&cli->imp.scenario_stamp, path, text, len);
	rc = 0;
out:
	vllmargs_done(&va);
	cJSON_Delete(root);
	free(text);
	return rc;
}

static double
r2(int64_t bytes)
{
	return units_gib2(bytes);
}

cJSON *
scenario_figures(const struct plan *p)
{
	cJSON *f = cJSON_CreateObject();

	cJSON_AddStringToObject(f, "verdict",
	    p->phase == PHASE_NONE ? "starts" : plan_phase_name(p->phase));
	cJSON_AddNumberToObject(f, "total-gib", r2(p->total));
	cJSON_AddNumberToObject(f, "weights-gib", r2(p->weights));
	cJSON_AddNumberToObject(f, "activation-gib", r2(p->activation));
	cJSON_AddNumberToObject(f, "non-torch-gib", r2(p->non_torch));
	cJSON_AddNumberToObject(f, "cuda-graphs-gib", r2(p->cuda_graphs));
	cJSON_AddNumberToObject(f, "available-kv-gib", r2(p->available_kv));
	cJSON_AddNumberToObject(f, "kv-tokens", (double)p->kv_tokens);
	cJSON_AddNumberToObject(f, "max-model-len", (double)p->max_model_len);
	cJSON_AddNumberToObject(f, "max-concurrency",
	    units_round2(p->max_concurrency));
	cJSON_AddNumberToObject(f, "concurrency-per-replica",
	    (double)p->concurrency_at_tpr);
	cJSON_AddNumberToObject(f, "replicas", p->replicas);
	cJSON_AddNumberToObject(f, "total-concurrency",
	    (double)p->total_concurrency);
	return f;
}

static void
figure_text(const cJSON *v, char *buf, size_t len)
{
	if (v == NULL)
		snprintf(buf, len, "(absent)");
	else if (cJSON_IsString(v))
		snprintf(buf, len, "%s", v->valuestring);
	else if (cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble) &&
	    fabs(v->valuedouble) < 1e15)
		units_format_commas((int64_t)v->valuedouble, buf, len);
	else if (cJSON_IsNumber(v))
		units_snprintf(buf, len, "%.2f", v->valuedouble);
	else
		snprintf(buf, len, "?");
}

int
scenario_diff_figures(const cJSON *saved, const cJSON *now, char **out)
{
	struct strbuf y = { 0 };
	const cJSON *c;
	int moved = 0;

	strbuf_printf(&y, "%s", "");
	cJSON_ArrayForEach(c, now) {
		const cJSON *o =
		    cJSON_GetObjectItemCaseSensitive(saved, c->string);
		char a[64], b[64];
		bool same;

		if (cJSON_IsNumber(c) && cJSON_IsNumber(o))
			same = fabs(c->valuedouble - o->valuedouble) < 0.004;
		else if (cJSON_IsString(c) && cJSON_IsString(o))
			same = strcmp(c->valuestring, o->valuestring) == 0;
		else
			same = false;
		if (same)
			continue;
		figure_text(o, a, sizeof a);
		figure_text(c, b, sizeof b);
		strbuf_printf(&y, "  %-24s %14s -> %-14s", c->string, a, b);
		if (cJSON_IsNumber(c) && cJSON_IsNumber(o)) {
			double d = c->valuedouble - o->valuedouble;

			if (d == floor(d) && fabs(d) < 1e15)
				strbuf_printf(&y, " (%+lld)", (long long)d);
			else
				strbuf_printf(&y, " (%+.2f)", d);
		}
		strbuf_printf(&y, "\n");
		moved++;
	}
	*out = strbuf_take(&y);
	return moved;
}

int
scenario_peek(const char *path, char **name, cJSON **figures, char *err,
    size_t errlen)
{
	char *text;
	size_t len;
	cJSON *root, *n, *f;

	*name = NULL;
	*figures = NULL;
	root = read_tree(path, &text, &len, err, errlen);
	if (root == NULL)
		return -1;
	free(text);
	if (!scenario_is(root)) {
		snprintf(err, errlen,
		    "%s:1:1: not a headroom scenario (no "
		    "'headroom-scenario: %d' line)",
		    path, SCENARIO_FORMAT);
		cJSON_Delete(root);
		return -1;
	}
	n = cJSON_GetObjectItemCaseSensitive(root, "name");
	if (cJSON_IsString(n))
		*name = strdup(n->valuestring);
	f = cJSON_GetObjectItemCaseSensitive(root, "figures");
	if (cJSON_IsObject(f))
		*figures = cJSON_DetachItemViaPointer(root, f);
	cJSON_Delete(root);
	return 0;
}

static void
key_string(struct yamlout *y, const char *key, const char *v)
{
	yamlout_key(y, key);
	yamlout_string(y, v);
}

/* headroom's own options of the plan, in the order they are read back. */
static void
write_options(struct yamlout *y, const struct report_in *r)
{
	const struct plan_input *in = r->in;

	if (in->gpu >= 0 && (size_t)in->gpu < r->cat->n_gpus) {
		const struct gpu *g = &r->cat->gpus[in->gpu];

		key_string(y, "gpu", g->id);
		if (in->mig >= 0 && (size_t)in->mig < g->n_mig)
			key_string(y, "mig", g->mig[in->mig].name);
	}
	if (in->gpu_total_gib > 0) {
		yamlout_key(y, "gpu-total-gib");
		yamlout_number(y, in->gpu_total_gib);
	}
	if (in->gpus > 0) {
		yamlout_key(y, "gpus");
		yamlout_number(y, in->gpus);
	}
	if (r->node != NULL && r->placement != NULL) {
		key_string(y, "node", r->node->id);
		yamlout_key(y, "nodes");
		yamlout_number(y, r->placement->nodes);
	}
	if (model_find_is_local(r->cat, in->model)) {
		/* a folder by its full path: the file may be opened from elsewhere */
		char real[4096];

		key_string(y, "model",
		    realpath(in->model->id, real) != NULL &&
			    yamlout_utf8_valid(real)
			? real
			: in->model->id);
	} else if (in->model != NULL)
		key_string(y, "model", in->model->id);
	if (in->ckpt >= 0 && (size_t)in->ckpt < r->cat->n_ckpts)
		key_string(y, "checkpoint", r->cat->ckpts[in->ckpt].id);
	else if (in->format != FMT_COUNT)
		key_string(y, "checkpoint", ckpt_format_name(in->format));
	if (in->tokens_per_request > 0) {
		yamlout_key(y, "tokens-per-request");
		yamlout_number(y, (double)in->tokens_per_request);
	}
	if (in->other_usage_gib > 0) {
		yamlout_key(y, "other-usage");
		yamlout_number(y, in->other_usage_gib);
	}
	if (in->overhead == OVERHEAD_RULE)
		key_string(y, "overhead", "rule");
}

char *
scenario_write(const struct report_in *r, const char *name, char *err,
    size_t errlen)
{
	struct yamlout y;
	const struct plan_input *in = r->in;
	const struct plan *p = r->plan;
	struct report_in plain = *r;
	cJSON *map, *fig, *c;
	char v[32], *cmd;
	size_t i;

	plain.explicit_all = 0;
	map = export_config_map(&plain, 0, err, errlen);
	if (map == NULL)
		return NULL;
	if ((name != NULL && !yamlout_utf8_valid(name)) ||
	    (in->model != NULL && !yamlout_utf8_valid(in->model->id))) {
		snprintf(err, errlen,
		    "the name or the model folder is not valid "
		    "UTF-8, which a YAML file cannot hold");
		cJSON_Delete(map);
		return NULL;
	}
	for (i = 0; i < in->n_env; i++)
		if (!yamlout_utf8_valid(in->env[i])) {
			snprintf(err, errlen,
			    "an environment value is not valid UTF-8, "
			    "which a YAML file cannot hold");
			cJSON_Delete(map);
			return NULL;
		}
	yamlout_init_file(&y,
	    "headroom scenario (doc/formats.md): headroom --scenario "
	    "FILE opens it,",
	    "headroom --check FILE re-plans it and lists the "
	    "figures that moved.",
	    "headroom-scenario", SCENARIO_FORMAT);
	if (name != NULL && name[0] != '\0')
		key_string(&y, "name", name);
	key_string(&y, "vllm-version",
	    vllm_version_format(p->version, v, sizeof v));
	write_options(&y, r);
	if (cJSON_GetArraySize(map) > 0) {
		yamlout_key(&y, "vllm");
		yamlout_map_begin(&y);
		cJSON_ArrayForEach(c, map) {
			yamlout_key(&y, c->string);
			yamlout_flow(&y, c);
		}
		yamlout_end(&y);
	}
	cJSON_Delete(map);
	if (in->n_env > 0) {
		yamlout_key(&y, "env");
		yamlout_seq_begin(&y);
		for (i = 0; i < in->n_env; i++)
			yamlout_string(&y, in->env[i]);
		yamlout_end(&y);
	}
	cmd = export_command_line(&plain, err, errlen);
	if (cmd != NULL) {
		if (yamlout_utf8_valid(cmd))
			key_string(&y, "command", cmd);
		free(cmd);
	}
	yamlout_comment(&y,
	    "what headroom %s planned; --check compares a fresh "
	    "plan with these",
	    PACKAGE_VERSION);
	yamlout_key(&y, "figures");
	yamlout_map_begin(&y);
	fig = scenario_figures(p);
	cJSON_ArrayForEach(c, fig) {
		yamlout_key(&y, c->string);
		yamlout_flow(&y, c);
	}
	cJSON_Delete(fig);
	yamlout_end(&y);
	return yamlout_finish(&y, err, errlen);
}

int
scenario_save(const char *path, const char *text, struct filestamp *loaded,
    bool force, char *err, size_t errlen)
{
	struct stat sb;
	size_t n = strlen(text);

	if (!force && stat(path, &sb) == 0) {
		if (loaded == NULL || !filestamp_same_file(loaded, path)) {
			snprintf(err, errlen,
			    "%s exists, not loaded here: Enter again "
			    "(planner) or --force replaces it",
			    path);
			return -1;
		}
		if (filestamp_changed(loaded, path)) {
			snprintf(err, errlen,
			    "%s changed on disk since it was loaded: Enter "
			    "again (planner) or --force replaces it",
			    path);
			return -1;
		}
	}
	if (textfile_write_atomic(path, text, n, err, errlen) != 0)
		return -1;
	if (loaded != NULL)
		filestamp_take(loaded, path, text, n);
	return 0;
}
