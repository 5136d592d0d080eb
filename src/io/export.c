/*
 * export.c - the export writers (see export.h).
 *
 * The config file and the docker line are derived from the words of the
 * command serve_command_format() writes, split again with shellwords_split()
 * (the quoting is POSIX, so the split gives the exact words back).
 */
#include "export.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "core/placement.h"
#include "core/units.h"
#include "core/vllm_version.h"
#include "io/model_find.h"
#include "io/options.h"
#include "io/provenance.h"
#include "io/launch.h"
#include "io/price.h"
#include "io/serve_command.h"
#include "io/shellwords.h"
#include "io/strbuf.h"
#include "io/textesc.h"
#include "io/yamlout.h"

#define BACKTICKS                                                              \
	"````````````````````````````````````````````````````````````````"

static const struct gpu *
card_of(const struct catalogue *c, const struct plan_input *in)
{
	return in->gpu >= 0 && (size_t)in->gpu < c->n_gpus ? &c->gpus[in->gpu]
							   : NULL;
}

void
export_cost(const struct catalogue *c, const struct plan_input *in,
    const struct plan *p, struct export_cost *k)
{
	const struct gpu *g = card_of(c, in);
	int replicas = p->replicas > 0 ? p->replicas : 1;

	memset(k, 0, sizeof *k);
	if (g != NULL && in->mig >= 0 && (size_t)in->mig < g->n_mig) {
		int per = g->mig[in->mig].max_count > 0
		    ? g->mig[in->mig].max_count
		    : 1;

		k->slices = replicas * (p->world > 0 ? p->world : 1);
		k->slices_per_card = per;
		k->cards = (k->slices + per - 1) / per;
	} else {
		k->cards = replicas * (p->world > 0 ? p->world : 1);
	}
	if (g != NULL && g->price_per_hour > 0) {
		k->card_per_hour = g->price_per_hour;
		k->per_hour = k->cards * g->price_per_hour;
		k->date = g->price_date;
		k->source = g->price_source;
		if (p->phase == PHASE_NONE && p->total_concurrency > 0)
			k->per_user_hour =
			    k->per_hour / (double)p->total_concurrency;
	}
}

/* The vllm serve line of in, whole; NULL with a reason past 4 MiB. */
static char *
command_text(const struct report_in *r, const struct plan_input *in, char *err,
    size_t errlen)
{
	int cut;
	char *cmd = report_command_line(r, in, &cut);

	if (cut) {
		snprintf(err, errlen, "the command would be longer than 4 MiB");
		free(cmd);
		return NULL;
	}
	return cmd;
}

/*
 * The first character in s that a shell command must not carry: POSIX
 * quoting writes every byte raw inside single quotes, which the shell reads
 * back exactly (a newline, U+2028 or bytes that are not UTF-8 included),
 * but a terminal acts on ESC, CR, the other C0 and the C1 controls, DEL
 * and the bidirectional overrides when the command is shown or pasted.
 */
static const char *
shell_unsafe(const char *s)
{
	size_t n = strlen(s), i = 0;

	while (i < n) {
		size_t len;
		long cp = textesc_decode(s + i, n - i, &len);

		if (cp >= 0 && cp != '\n' && cp != '\t' && cp != 0x2028 &&
		    cp != 0x2029 && textesc_is_control(cp))
			return s + i;
		i += len;
	}
	return NULL;
}

/* s as one shell word (shellwords_quote()); the caller frees it. */
static char *
shell_word(const char *s)
{
	size_t len = 4 * strlen(s) + 3;
	char *q = malloc(len);

	if (q == NULL)
		abort();
	q[0] = '\0';
	shellwords_quote(s, q, len);
	return q;
}

/* Refuses a command that holds such a character; the message quotes its word. */
static int
command_clean(const char *cmd, char *err, size_t errlen)
{
	const char *bad = shell_unsafe(cmd), *w;
	char ex[160];

	if (bad == NULL)
		return 0;
	for (w = bad; w > cmd && w[-1] != ' '; w--)
		;
	textesc_line(w, 60, ex, sizeof ex);
	snprintf(err, errlen,
	    "a value holds a terminal control character (%s), "
	    "which a shell command cannot carry safely: remove it, or export a "
	    "config file",
	    ex);
	return -1;
}

/* The command's words: env assignments skipped, then vllm serve, then the rest. */
static int
command_words(const struct report_in *r, struct shellwords *w, size_t *first,
    char *err, size_t errlen)
{
	char *cmd = command_text(r, r->in, err, errlen);
	size_t i = 0;
	int rc;

	if (cmd == NULL)
		return -1;
	rc = shellwords_split(cmd, w, err, errlen);
	free(cmd);
	if (rc != 0)
		return -1;
	while (i < w->n && strchr(w->w[i], '=') != NULL && w->w[i][0] != '-')
		i++;
	if (i + 1 >= w->n || strcmp(w->w[i], "vllm") != 0 ||
	    strcmp(w->w[i + 1], "serve") != 0) {
		snprintf(err, errlen,
		    "the command does not start with vllm serve");
		shellwords_done(w);
		return -1;
	}
	*first = i + 2;
	return 0;
}

/* A command-line value as a config value: a number, JSON, or a string. */
static cJSON *
typed_value(const char *v)
{
	double d;
	char back[64];

	if (units_parse_double(v, &d) == 0 &&
	    strspn(v, "0123456789.-") == strlen(v)) {
		if (d == floor(d) && fabs(d) < 9007199254740992.0)
			snprintf(back, sizeof back, "%lld", (long long)d);
		else
			units_format_pyfloat(d, back, sizeof back);
		if (strcmp(back, v) == 0)
			return cJSON_CreateNumber(d);
	}
	if (v[0] == '{' || v[0] == '[') {
		cJSON *j = cJSON_Parse(v);

		if (j != NULL)
			return j;
	}
	return cJSON_CreateString(v);
}

static bool
all_utf8(const cJSON *v, const char **bad)
{
	const cJSON *c;

	if (cJSON_IsString(v) && !yamlout_utf8_valid(v->valuestring)) {
		*bad = v->valuestring;
		return false;
	}
	cJSON_ArrayForEach(c, v) {
		if (c->string != NULL && !yamlout_utf8_valid(c->string)) {
			*bad = c->string;
			return false;
		}
		if (!all_utf8(c, bad))
			return false;
	}
	return true;
}

/* Short forms vLLM documents with a long name a config file can use. */
static const char *
long_name(const char *shortf)
{
	static const struct {
		const char *s, *l;
	} t[] = {
		{ "-tp", "tensor-parallel-size" },
		{ "-pp", "pipeline-parallel-size" },
		{ "-dp", "data-parallel-size" },
		{ "-q", "quantization" },
		{ "-dcp", "decode-context-parallel-size" },
		{ "-pcp", "prefill-context-parallel-size" },
		{ "-sc", "speculative-config" },
		{ "-cc", "compilation-config" },
		{ "-O", "optimization-level" },
	};
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++)
		if (strcmp(shortf, t[i].s) == 0)
			return t[i].l;
	return NULL;
}

static bool
is_value_word(const char *w)
{
	double d;

	return w[0] != '-' || units_parse_double(w, &d) == 0;
}

/* key: v in map, replacing an earlier value: the last one given wins. */
static void
config_map_set(cJSON *map, const char *key, cJSON *v)
{
	cJSON_DeleteItemFromObjectCaseSensitive(map, key);
	cJSON_AddItemToObject(map, key, v);
}

/*
 * The short option at w->w[*i] (-O3, -O 3, -sc '{...}') under its long
 * name, *i moved past it and its value.  Returns 0, or -1 with err set
 * when the option has no long name headroom knows.
 */
static int
config_map_add_short(const struct shellwords *w, size_t *i, cJSON *map,
    char *err, size_t errlen)
{
	const char *a = w->w[*i], *eq = strchr(a, '='), *ln;
	char sf[16];
	cJSON *v;

	snprintf(sf, sizeof sf, "%.*s",
	    a[1] == 'O' ? 2 : (int)(eq ? eq - a : (ptrdiff_t)strlen(a)), a);
	ln = long_name(sf);
	if (ln == NULL || strchr(a, '.') != NULL) {
		char ex[80];

		shellwords_excerpt(a, 40, ex, sizeof ex);
		snprintf(err, errlen,
		    "'%s' has no long option name "
		    "headroom knows, and a vLLM config file "
		    "holds only long "
		    "names: export the command instead",
		    ex);
		return -1;
	}
	if (a[1] == 'O' && a[2] != '\0') {
		v = typed_value(a[2] == '=' ? a + 3 : a + 2);
		*i += 1;
	} else if (eq != NULL) {
		v = typed_value(eq + 1);
		*i += 1;
	} else if (*i + 1 < w->n) {
		v = typed_value(w->w[*i + 1]);
		*i += 2;
	} else {
		v = cJSON_CreateTrue();
		*i += 1;
	}
	config_map_set(map, ln, v);
	return 0;
}

/*
 * The long option at w->w[*i] with its value: true for a switch, one
 * typed value, or a list for an option taking several words; *i moved
 * past them.
 */
static void
config_map_add_long(const struct shellwords *w, size_t *i, cJSON *map)
{
	const char *a = w->w[*i], *eq = strchr(a, '='), *name = NULL;
	char key[256];
	cJSON *v;

	snprintf(key, sizeof key, "%.*s",
	    eq ? (int)(eq - a - 2) : (int)strlen(a + 2), a + 2);
	if (eq != NULL) {
		v = typed_value(eq + 1);
		*i += 1;
	} else {
		size_t j = *i + 1, nv;
		int takes = options_takes(a, &name);

		if (takes == 0)
			nv = 0;
		else if (takes == 1)
			nv = j < w->n ? 1 : 0;
		else
			for (nv = 0;
			     j + nv < w->n && is_value_word(w->w[j + nv]); nv++)
				;
		if (takes == 1 && name != NULL && strcmp(key, name) != 0)
			snprintf(key, sizeof key, "%s", name);
		if (nv == 0) {
			v = cJSON_CreateTrue();
		} else if (nv == 1 && takes != 2) {
			v = typed_value(w->w[j]);
		} else {
			size_t k;

			v = cJSON_CreateArray();
			for (k = 0; k < nv; k++)
				cJSON_AddItemToArray(v,
				    typed_value(w->w[j + k]));
		}
		*i = j + nv;
	}
	config_map_set(map, key, v);
}

cJSON *
export_config_map(const struct report_in *r, int with_model, char *err,
    size_t errlen)
{
	struct shellwords w;
	size_t i, first;
	cJSON *map;
	const char *bad = NULL;

	if (command_words(r, &w, &first, err, errlen) != 0)
		return NULL;
	map = cJSON_CreateObject();
	i = first;
	if (i < w.n && w.w[i][0] != '-') {
		if (with_model)
			cJSON_AddStringToObject(map, "model", w.w[i]);
		i++;
	}
	while (i < w.n) {
		const char *a = w.w[i];

		if (a[0] != '-') {
			snprintf(err, errlen,
			    "unexpected word '%s' in the command", a);
			goto fail;
		}
		if (a[1] != '-') {
			if (config_map_add_short(&w, &i, map, err, errlen) != 0)
				goto fail;
		} else {
			config_map_add_long(&w, &i, map);
		}
	}
	shellwords_done(&w);
	if (!all_utf8(map, &bad)) {
		char ex[120];

		shellwords_excerpt(bad, 60, ex, sizeof ex);
		snprintf(err, errlen,
		    "'%s' is not valid UTF-8, which a YAML file "
		    "cannot hold: export the command instead",
		    ex);
		cJSON_Delete(map);
		return NULL;
	}
	return map;
fail:
	shellwords_done(&w);
	cJSON_Delete(map);
	return NULL;
}

static void
card_line(const struct report_in *r, char *buf, size_t len)
{
	const struct gpu *g = card_of(r->cat, r->in);
	const struct plan *p = r->plan;
	struct export_cost k;

	export_cost(r->cat, r->in, p, &k);
	if (g == NULL)
		units_snprintf(buf, len, "%d card%s of %.2f GiB", k.cards,
		    k.cards == 1 ? "" : "s", r->in->gpu_total_gib);
	else if (k.slices > 0)
		snprintf(buf, len, "%d x %s MIG %s (on %d card%s)", k.slices,
		    g->name, g->mig[r->in->mig].name, k.cards,
		    k.cards == 1 ? "" : "s");
	else
		snprintf(buf, len, "%d x %s", k.cards, g->name);
}

/*
 * The plan's launch lines (launch.h), checked like one command when clean
 * (a quote shows controls escaped instead); NULL with the reason in err.
 * *n gets the number of lines.
 */
static char **
launch_text(const struct report_in *r, int *n, bool clean, char *err,
    size_t errlen)
{
	char *cmd = command_text(r, r->in, err, errlen), **lines;
	int i;

	if (cmd == NULL || (clean && command_clean(cmd, err, errlen) != 0)) {
		free(cmd);
		return NULL;
	}
	free(cmd);
	lines = launch_lines_placed(r, r->placement, n);
	for (i = 0; clean && lines[i] != NULL; i++)
		if (command_clean(lines[i], err, errlen) != 0) {
			launch_free(lines);
			return NULL;
		}
	return lines;
}

/*
 * The plan's environment note (vLLM's warning for a long max_model_len,
 * VLLM_* variables headroom does not know) as "# " comment lines, one
 * sentence each, escaped for the terminal.
 */
static void
env_comment(struct strbuf *y, const struct plan *p)
{
	const char *s = p->env_note;

	while (*s != '\0') {
		const char *e = strstr(s, ". ");
		size_t l = e ? (size_t)(e - s) + 1 : strlen(s);
		char line[PLAN_MSG_LEN];

		snprintf(line, sizeof line, "%.*s", (int)l, s);
		strbuf_printf(y, "# ");
		textesc_append(y, line);
		strbuf_printf(y, "\n");
		s += l;
		while (*s == ' ')
			s++;
	}
}

char *
export_command(const struct report_in *r, char *err, size_t errlen)
{
	struct strbuf y = { 0 };
	int n, i;
	char **lines = launch_text(r, &n, true, err, errlen), note[512];

	if (lines == NULL)
		return NULL;
	launch_comment(r->in, n, note, sizeof note);
	strbuf_printf(&y, "%s", note);
	env_comment(&y, r->plan);
	for (i = 0; lines[i] != NULL; i++) {
		const struct placement *pl = r->placement;
		char dev[64];
		int node, prev = -1;

		/* on several nodes the cards are numbered per node: say whose */
		if (pl != NULL && pl->nodes > 1 && n > 1) {
			if (i > 0)
				launch_placed_devices(pl, i - 1, dev,
				    sizeof dev, &prev);
			launch_placed_devices(pl, i, dev, sizeof dev, &node);
			if (node >= 0 && node != prev)
				strbuf_printf(&y, "# on node %d:\n", node);
		}
		strbuf_printf(&y, "%s\n", lines[i]);
	}
	launch_free(lines);
	return strbuf_take(&y);
}

char *
export_command_line(const struct report_in *r, char *err, size_t errlen)
{
	return command_text(r, r->in, err, errlen);
}

char *
export_config(const struct report_in *r, char *err, size_t errlen)
{
	struct yamlout y;
	cJSON *map = export_config_map(r, 1, err, errlen), *c;
	char v[32], card[256];
	size_t i;

	if (map == NULL)
		return NULL;
	card_line(r, card, sizeof card);
	yamlout_init(&y);
	yamlout_comment(&y, "vLLM config file: vllm serve --config FILE.yaml");
	yamlout_comment(&y, "Planned by headroom %s for vLLM %s on %s.",
	    PACKAGE_VERSION, vllm_version_format(r->plan->version, v, sizeof v),
	    card);
	for (i = 0; i < r->in->n_env; i++)
		yamlout_comment(&y,
		    "Set in the environment (a config file cannot): %s",
		    r->in->env[i]);
	if (r->plan->env_note[0] != '\0')
		yamlout_comment(&y, "%s", r->plan->env_note);
	if (r->in->mig >= 0)
		yamlout_comment(&y,
		    "MIG slice: start vLLM with CUDA_VISIBLE_DEVICES="
		    "MIG-<uuid> (nvidia-smi -L).");
	cJSON_ArrayForEach(c, map) {
		yamlout_key(&y, c->string);
		yamlout_flow(&y, c);
	}
	cJSON_Delete(map);
	return yamlout_finish(&y, err, errlen);
}

/* The port of a --port among the flags kept as given, or 8000, vLLM's
 * default (vllm/entrypoints/openai/cli_args.py). */
long
export_port(const struct plan_input *in)
{
	size_t i;

	for (i = 0; i < in->n_extra_flags; i++) {
		const char *f = in->extra_flags[i], *v = NULL;
		char *end;
		long port;

		/* kept as words: "--port" "9000", or "--port=9000" */
		if (strcmp(f, "--port") == 0 && i + 1 < in->n_extra_flags)
			v = in->extra_flags[i + 1];
		else if (strncmp(f, "--port=", 7) == 0)
			v = f + 7;
		if (v == NULL)
			continue;
		port = strtol(v, &end, 10);
		if (end != v && *end == '\0' && port > 0 && port < 65536)
			return port;
	}
	return 8000;
}

/*
 * docker's --gpus value for the plan into dev: the MIG device (with a
 * comment into y), the cards CUDA_VISIBLE_DEVICES names, else the first
 * world x dp cards.  *hf_token: the environment sets HF_TOKEN.
 */
static void
docker_devices(const struct plan *p, const struct plan_input *in,
    struct strbuf *y, char *dev, size_t len, bool *hf_token)
{
	const char *devices = NULL;
	size_t i;
	int n, k;

	for (i = 0; i < in->n_env; i++) {
		if (strncmp(in->env[i], "CUDA_VISIBLE_DEVICES=", 21) == 0)
			devices = in->env[i] + 21;
		if (strncmp(in->env[i], "HF_TOKEN=", 9) == 0)
			*hf_token = true;
	}
	if (in->mig >= 0) {
		snprintf(dev, len, "\"device=0:0\"");
		strbuf_printf(y,
		    "# MIG: device=GPU:MIG-device, e.g. 0:0 (nvidia-smi -L); "
		    "one container per slice.\n");
	} else if (devices != NULL && devices[0] != '\0' &&
	    strspn(devices, "0123456789,") == strlen(devices)) {
		snprintf(dev, len, "\"device=%s\"", devices);
	} else {
		n = p->world * p->dp;
		if (n < 1)
			n = 1;
		k = snprintf(dev, len, "\"device=");
		for (i = 0; i < (size_t)n && k + 8 < (int)len; i++)
			k += snprintf(dev + k, len - (size_t)k, "%s%zu",
			    i ? "," : "", i);
		snprintf(dev + k, len - (size_t)k, "\"");
	}
}

/* The -e options of the environment, CUDA_VISIBLE_DEVICES left out. */
static void
docker_env(struct strbuf *y, const struct plan_input *in)
{
	size_t i;
	char *q;

	for (i = 0; i < in->n_env; i++) {
		const char *eq = strchr(in->env[i], '=');

		if (eq == NULL ||
		    strncmp(in->env[i], "CUDA_VISIBLE_DEVICES=", 21) == 0)
			continue;
		if (shellwords_is_variable(eq + 1)) {
			/* "NAME=$VAR", as written: the shell passes the variable on */
			strbuf_printf(y, "  -e \"%s\" \\\n", in->env[i]);
			continue;
		}
		q = shell_word(in->env[i]);
		strbuf_printf(y, "  -e %s \\\n", q);
		free(q);
	}
}

/*
 * The `vllm serve` line the container runs: no environment (docker_env()
 * passes it) and no MIG slice (the device names it); a local folder
 * (is_local) named by its mount path local.  NULL with err set when the
 * line or an environment value is not safe in a shell; the caller frees
 * it.
 */
static char *
docker_command(const struct report_in *r, bool is_local, char *local, char *err,
    size_t errlen)
{
	const struct plan_input *in = r->in;
	struct plan_input bare = *in;
	struct model mounted;
	char *cmd;
	size_t i;

	bare.env = NULL;
	bare.n_env = 0;
	bare.mig = -1;
	if (is_local) {
		mounted = *in->model;
		mounted.id = local;
		bare.model = &mounted;
	}
	cmd = command_text(r, &bare, err, errlen);
	if (cmd == NULL || command_clean(cmd, err, errlen) != 0) {
		free(cmd);
		return NULL;
	}
	for (i = 0; i < in->n_env; i++)
		if (shell_unsafe(in->env[i]) != NULL) {
			command_clean(in->env[i], err, errlen);
			free(cmd);
			return NULL;
		}
	return cmd;
}

/* The -v line mounting a local model folder read-only at its own path. */
static void
docker_mount_local(struct strbuf *y, const char *local)
{
	struct strbuf m = { 0 };
	char *ms, *q;

	strbuf_printf(&m, "%s:%s:ro", local, local);
	ms = strbuf_take(&m);
	q = shell_word(ms);
	free(ms);
	strbuf_printf(y, "  -v %s \\\n", q);
	free(q);
}

char *
export_docker(const struct report_in *r, char *err, size_t errlen)
{
	struct strbuf y = { 0 };
	const struct plan *p = r->plan;
	const struct plan_input *in = r->in;
	char *cmd, *args, v[32], card[256], dev[256], *q, local[PATH_MAX];
	/* a folder of the user's (not a Hub id read from the cache or the Hub) */
	bool is_local = model_find_is_local(r->cat, in->model) &&
	    strcmp(model_find_input_source(r->cat, in), "directory") == 0;
	bool hf_token = false;
	long port = export_port(in);

	/* a local folder: mounted at its absolute path, which the command names */
	local[0] = '\0';
	if (is_local &&
	    realpath(serve_command_model(r->cat, in), local) == NULL)
		snprintf(local, sizeof local, "%s",
		    serve_command_model(r->cat, in));
	cmd = docker_command(r, is_local, local, err, errlen);
	if (cmd == NULL)
		return NULL;
	/* the arguments after `vllm serve`, quoted as in the command */
	args = strncmp(cmd, "vllm serve ", 11) == 0 ? cmd + 11 : cmd;
	card_line(r, card, sizeof card);
	strbuf_printf(&y, "# vLLM %s in its container on ",
	    vllm_version_format(p->version, v, sizeof v));
	textesc_append(&y, card);
	strbuf_printf(&y, " (planned by headroom %s).\n", PACKAGE_VERSION);
	env_comment(&y, p);
	docker_devices(p, in, &y, dev, sizeof dev, &hf_token);
	if (p->replicas > 1 && in->mig < 0)
		strbuf_printf(&y,
		    "# %d replicas: run one container per replica, each on "
		    "its own cards and port.\n",
		    p->replicas);
	q = shell_word(dev);
	strbuf_printf(&y,
	    "docker run --rm --gpus %s --ipc=host -p %ld:%ld \\\n", q, port,
	    port);
	free(q);
	/* the whole cache: a snapshot's files are links into its blobs/ */
	strbuf_printf(&y,
	    "  -v ~/.cache/huggingface:/root/.cache/huggingface%s "
	    "\\\n",
	    hf_token ? "" : " --env HF_TOKEN");
	docker_env(&y, in);
	if (is_local)
		docker_mount_local(&y, local);
	strbuf_printf(&y, "  vllm/vllm-openai:v%s %s\n", v, args);
	free(cmd);
	return strbuf_take(&y);
}

/* ---- the quote sheet ---- */

/* Text from the catalogue, the model folder or the command as Markdown
 * text (textesc_markdown()); the pool owns the strings it hands out. */
struct mdpool {
	char *s[24];
	size_t n;
};

static const char *
md(struct mdpool *pool, const char *text)
{
	struct strbuf out = { 0 };

	textesc_markdown(&out, text ? text : "");
	if (pool->n == sizeof pool->s / sizeof pool->s[0])
		abort(); /* a writer asks for more than it frees */
	pool->s[pool->n] = strbuf_take(&out);
	return pool->s[pool->n++];
}

static void
md_free(struct mdpool *pool)
{
	while (pool->n > 0)
		free(pool->s[--pool->n]);
}

/* A Markdown bullet, word-wrapped at 78 columns with its text indented. */
static void __attribute__((format(printf, 2, 3)))
bullet(struct strbuf *y, const char *fmt, ...)
{
	char text[2048];
	const char *p = text;
	va_list ap;
	int col = 2;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	strbuf_printf(y, "- ");
	while (*p != '\0') {
		size_t n = strcspn(p, " ");

		if (col > 2 && col + 1 + (int)n > 78) {
			strbuf_printf(y, "\n  ");
			col = 2;
		} else if (col > 2) {
			strbuf_printf(y, " ");
			col++;
		}
		strbuf_printf(y, "%.*s", (int)n, p);
		col += (int)n;
		p += n;
		while (*p == ' ')
			p++;
	}
	strbuf_printf(y, "\n");
}

static const char *
gib(int64_t b, char *buf)
{
	return units_format_gib(b, buf, 32);
}

static const char *
basis(const struct plan *p, unsigned bit, const char *otherwise)
{
	return p->calibrated & bit ? "calibrated (measured on a real startup)"
				   : otherwise;
}

static void
checkpoint_text(const struct report_in *r, char *buf, size_t len)
{
	const struct plan_input *in = r->in;

	if (in->ckpt >= 0 && (size_t)in->ckpt < r->cat->n_ckpts)
		snprintf(buf, len, "%s (%s weights%s)",
		    r->cat->ckpts[in->ckpt].id,
		    ckpt_format_name(r->plan->format),
		    in->quantization_fp8 ? ", quantized to FP8 online" : "");
	else if (r->model_source &&
	    (strcmp(r->model_source, "cache") == 0 ||
		strcmp(r->model_source, "hub") == 0))
		snprintf(buf, len,
		    "%s%s%s, not in headroom's catalogue: read from %s %s "
		    "(%s weights)",
		    in->model ? in->model->id : "?",
		    in->revision ? " at revision " : "",
		    in->revision ? in->revision : "",
		    strcmp(r->model_source, "cache") == 0
			? "the Hugging Face cache"
			: "the Hugging Face Hub",
		    model_find_where(r->cat, in->model)
			? model_find_where(r->cat, in->model)
			: "",
		    ckpt_format_name(r->plan->format));
	else if (model_find_is_local(r->cat, in->model))
		snprintf(buf, len, "local folder %s (%s weights)",
		    in->model->id, ckpt_format_name(r->plan->format));
	else
		snprintf(buf, len,
		    "%s weights (no published checkpoint; sizes derived "
		    "from the architecture)",
		    ckpt_format_name(r->plan->format));
}

/* What the sections of a quote share. */
struct quote {
	struct strbuf y;
	struct mdpool mp;
	const struct report_in *r;
	const struct gpu *g;
	struct export_cost k;
	char v[32], ck[512], tpr[32], len[32];
	bool rule;
};

/* The proposal: card, count, model, users, price, verdict. */
/* A close call under the verdict (core/closecall.h): the quote's reader
 * is told the start or refusal rests on a margin within the estimate's
 * measured error. */
static void
quote_close_call(struct quote *q)
{
	char cc[PLAN_MSG_LEN];

	plan_close_call_text(q->r->plan, cc, sizeof cc);
	if (cc[0])
		strbuf_printf(&q->y, "> %s\n\n", md(&q->mp, cc));
}

static void
quote_proposal(struct quote *q)
{
	const struct report_in *r = q->r;
	const struct plan *p = r->plan;
	const struct plan_input *in = r->in;
	const struct export_cost k = q->k;
	const struct model *m = in->model;
	const struct gpu *g = q->g;
	const char *ck = q->ck, *tpr = q->tpr, *len = q->len;

	strbuf_printf(&q->y, "## Proposal\n\n| Item | Value |\n|---|---|\n");
	if (g != NULL)
		strbuf_printf(&q->y, "| Card | %s (`%s`)%s%s |\n",
		    md(&q->mp, g->name), md(&q->mp, g->id),
		    k.slices ? ", MIG slice " : "",
		    k.slices ? md(&q->mp, g->mig[in->mig].name) : "");
	else
		strbuf_printf(&q->y,
		    "| Card | custom, %.2f GiB as CUDA reports it |\n",
		    in->gpu_total_gib);
	if (k.slices > 0)
		strbuf_printf(&q->y,
		    "| Count | %d slice%s on %d card%s (%d slices per "
		    "card) |\n",
		    k.slices, k.slices == 1 ? "" : "s", k.cards,
		    k.cards == 1 ? "" : "s", k.slices_per_card);
	else
		strbuf_printf(&q->y,
		    "| Count | %d card%s: TP %d x PP %d, %d replica%s |\n",
		    k.cards, k.cards == 1 ? "" : "s", p->tp, p->pp, p->replicas,
		    p->replicas == 1 ? "" : "s");
	strbuf_printf(&q->y, "| Model | %s |\n", md(&q->mp, m ? m->id : "?"));
	strbuf_printf(&q->y, "| Checkpoint | %s |\n", md(&q->mp, ck));
	strbuf_printf(&q->y,
	    "| KV cache | %s, block size %d, max_model_len %s |\n",
	    kv_dtype_name(p->kv_dtype), p->block_size, len);
	if (p->phase == PHASE_NONE)
		strbuf_printf(&q->y,
		    "| Concurrent users | **%lld** requests of %s tokens "
		    "at once (%lld per replica) |\n",
		    (long long)p->total_concurrency, tpr,
		    (long long)p->concurrency_at_tpr);
	else
		strbuf_printf(&q->y,
		    "| Concurrent users | none: vLLM does not start "
		    "(%s) |\n",
		    plan_phase_title(p->phase));
	if (k.card_per_hour > 0) {
		const struct price_currency *cur = &r->cat->currency;
		char p1[64], p2[64];

		strbuf_printf(&q->y,
		    "| Price | %s per card-hour x %d = **%s per "
		    "hour**",
		    price_format(cur, k.card_per_hour, 2, p1, sizeof p1),
		    k.cards, price_format(cur, k.per_hour, 2, p2, sizeof p2));
		if (k.per_user_hour > 0)
			strbuf_printf(&q->y, ", %s per concurrent user-hour",
			    price_format(cur, k.per_user_hour, 4, p1,
				sizeof p1));
		strbuf_printf(&q->y, " |\n");
	} else {
		strbuf_printf(&q->y,
		    "| Price | no dated price in the catalogue for this "
		    "card |\n");
	}
	strbuf_printf(&q->y, "| Verdict | %s |\n\n",
	    p->phase == PHASE_NONE ? "vLLM starts"
				   : plan_phase_title(p->phase));
	if (p->phase != PHASE_NONE)
		strbuf_printf(&q->y, "> %s\n\n", md(&q->mp, p->message));
	quote_close_call(q);
}

/* Memory per card, term by term, with what each rests on. */
static void
quote_memory(struct quote *q)
{
	const struct report_in *r = q->r;
	const struct plan *p = r->plan;
	const struct gpu *g = q->g;
	const char *len = q->len;
	bool rule = q->rule;
	double total = units_gib(p->total);
	char a[32], b[32];
	int64_t kvb;

	strbuf_printf(&q->y,
	    "## Memory per card\n\n| Term | GiB | Share | Basis |\n"
	    "|---|---:|---:|---|\n");
#define ROW(label, bytes, why)                                                 \
	strbuf_printf(&q->y, "| %s | %s | %.0f%% | %s |\n", label,             \
	    gib(bytes, a), total > 0 ? 100.0 * units_gib(bytes) / total : 0.0, \
	    why)
	ROW("Card memory, as CUDA reports it", p->total,
	    g ? "catalogue" : "given");
	if (p->other > 0)
		ROW("Held by other processes", p->other, "given");
	ROW("vLLM's budget (gpu_memory_utilization)", p->requested,
	    "the flag x card");
	ROW("Weights", p->weights,
	    basis(p, PLAN_CAL_WEIGHTS,
		p->weights_exact ? "published checkpoint size"
				 : "estimate (from the architecture)"));
	if (rule) {
		ROW("Reserve (sizing rule)", p->activation, "rule of thumb");
	} else {
		ROW("Activation peak", p->activation,
		    basis(p, PLAN_CAL_ACTIVATION, "estimate"));
		ROW("Non-torch memory", p->non_torch,
		    basis(p, PLAN_CAL_NON_TORCH, "estimate"));
		ROW("CUDA graphs", p->cuda_graphs,
		    basis(p, PLAN_CAL_CUDA_GRAPHS,
			p->cg_in_budget ? "estimate, inside the budget"
					: "estimate, outside the budget"));
	}
	if (plan_kv_figure(p, &kvb))
		ROW("KV cache", kvb,
		    p->kv_memory_fixed ? "--kv-cache-memory-bytes"
			: kvb > 0      ? "what the budget leaves"
				       : "short of memory: vLLM refuses");
	else
		strbuf_printf(&q->y,
		    "| KV cache | none | - | vLLM stops before it |\n");
	ROW("Outside vLLM's budget", p->outside_budget,
	    "headroom for the driver");
#undef ROW
	units_format_commas(p->kv_tokens, b, sizeof b);
	strbuf_printf(&q->y,
	    "\nvLLM would log: \"GPU KV cache size: %s tokens\" and "
	    "\"Maximum concurrency for\n%s tokens per request: %.2fx\".\n\n",
	    b, len, p->max_concurrency);
}

/* What the figures mean and what they leave out. */
static void
quote_limits(struct quote *q)
{
	const struct report_in *r = q->r;
	const struct plan *p = r->plan;
	const struct plan_input *in = r->in;
	const struct export_cost k = q->k;
	const char *v = q->v, *tpr = q->tpr, *len = q->len;
	bool rule = q->rule;

	strbuf_printf(&q->y, "## Limits and assumptions\n\n");
	bullet(&q->y,
	    "Users means requests of %s tokens (prompt + output) whose KV "
	    "cache is resident at once, at most --max-num-seqs %d per replica. "
	    "Longer requests fit fewer; requests longer than max_model_len "
	    "(%s) "
	    "are refused.",
	    tpr, p->max_num_seqs, len);
	if (rule)
		bullet(&q->y,
		    "Sized with the rule of thumb (cache = 0.9 x card memory - "
		    "3 GiB - weights), not vLLM's profile.");
	else
		bullet(&q->y,
		    "Activation peak, non-torch and CUDA-graph memory are %s; "
		    "weights and KV figures follow vLLM's own arithmetic.",
		    p->calibrated
			? "calibrated from a real startup where the table "
			  "says so, estimates otherwise"
			: "estimates fitted on real startups");
	bullet(&q->y,
	    "Planned for vLLM %s; other releases size memory differently.", v);
	if (p->card_assumption[0] != '\0')
		bullet(&q->y, "Assumption: %s", md(&q->mp, p->card_assumption));
	/* what the model's figures rest on (DeepSeek-V4's derived weights,
	 * a hybrid's unmeasured estimates), as the report gives it */
	if (p->assumption != NULL)
		bullet(&q->y, "Assumption: %s", md(&q->mp, p->assumption));
	if (k.slices > 0)
		bullet(&q->y,
		    "MIG slices cannot be joined by tensor parallelism: each "
		    "slice runs its own vLLM instance.");
	if (k.card_per_hour > 0) {
		char note[200];

		bullet(&q->y,
		    "Price: %s, dated %s. Host, storage and network are not "
		    "included.",
		    md(&q->mp, k.source ? k.source : "catalogue"),
		    md(&q->mp, k.date ? k.date : "?"));
		if (price_converted(&r->cat->currency))
			bullet(&q->y, "Currency: %s.",
			    md(&q->mp,
				price_note(&r->cat->currency, note,
				    sizeof note)));
	}
	{
		char nm[1024];

		provenance_not_modelled(in, nm, sizeof nm);
		if (nm[0] != '\0')
			bullet(&q->y,
			    "Not modelled (carried into the command as given): "
			    "%s.",
			    md(&q->mp, nm));
	}
	if (p->warning[0] != '\0')
		bullet(&q->y, "%s", md(&q->mp, p->warning));
	if (p->env_note[0] != '\0')
		bullet(&q->y, "Environment: %s", md(&q->mp, p->env_note));
}

/* The launch lines, fenced so that no value can close the fence. */
static void
quote_launch(struct quote *q, char **lines, int nlines, const char *cmd)
{
	const struct plan_input *in = q->r->in;
	int i;

	{
		/* a fence longer than any run of backticks in the command: a value
		 * cannot close it, even on a line of its own */
		int run = 0, most = 2;
		const char *c;

		for (c = cmd; *c; c++) {
			run = *c == '`' ? run + 1 : 0;
			if (run > most)
				most = run;
		}
		/* a document, not a script: controls and line breaks in a value
		 * shown escaped; one line per replica */
		strbuf_printf(&q->y, "\n## Launch\n\n");
		if (nlines > 1)
			strbuf_printf(&q->y,
			    "%d replicas, each its own vLLM server on its own "
			    "%s and port: start every line%s.\n\n",
			    nlines, in->mig >= 0 ? "MIG slice" : "cards",
			    in->mig >= 0 ? " with the slice's UUID "
					   "(nvidia-smi -L) for its placeholder"
					 : "");
		strbuf_printf(&q->y, "%.*ssh\n", most + 1, BACKTICKS);
		for (i = 0; lines[i] != NULL; i++) {
			textesc_append(&q->y, lines[i]);
			strbuf_printf(&q->y, "\n");
		}
		strbuf_printf(&q->y, "%.*s\n", most + 1, BACKTICKS);
	}
}

char *
export_quote(const struct report_in *r, char *err, size_t errlen)
{
	struct quote q;
	const struct plan *p = r->plan;
	const struct model *m = r->in->model;
	char card[256];
	int nlines;
	char **lines = launch_text(r, &nlines, false, err, errlen);
	char *cmd = lines != NULL ? launch_join(lines) : NULL;

	if (cmd == NULL)
		return NULL;
	memset(&q, 0, sizeof q);
	q.r = r;
	q.g = card_of(r->cat, r->in);
	q.rule = r->in->overhead == OVERHEAD_RULE;
	export_cost(r->cat, r->in, p, &q.k);
	card_line(r, card, sizeof card);
	checkpoint_text(r, q.ck, sizeof q.ck);
	vllm_version_format(p->version, q.v, sizeof q.v);
	units_format_commas(p->tokens_per_request, q.tpr, sizeof q.tpr);
	units_format_commas(p->max_model_len, q.len, sizeof q.len);

	strbuf_printf(&q.y, "# Quote: %s on %s\n\n",
	    md(&q.mp, m ? (m->name ? m->name : m->id) : "?"), md(&q.mp, card));
	strbuf_printf(&q.y,
	    "Prepared with headroom %s for vLLM %s. Memory figures "
	    "are per card\n(per MIG slice on a slice) unless stated.\n\n",
	    PACKAGE_VERSION, q.v);
	quote_proposal(&q);
	quote_memory(&q);
	quote_limits(&q);
	quote_launch(&q, lines, nlines, cmd);
	free(cmd);
	launch_free(lines);
	md_free(&q.mp);
	return strbuf_take(&q.y);
}

void
export_card_text(const struct report_in *r, char *buf, size_t len)
{
	card_line(r, buf, len);
}

void
export_checkpoint_text(const struct report_in *r, char *buf, size_t len)
{
	checkpoint_text(r, buf, len);
}
