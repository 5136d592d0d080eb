/*
 * export_cluster.c - the cluster exports (see export_cluster.h).
 * Invariant: every launch line is built from struct launch's words, the
 * vllm serve arguments of the command export, shell-quoted again on the
 * way out; nothing from the plan reaches a file unquoted.  In compose
 * files and Kubernetes manifests every '$' of the plan's words and
 * values is doubled: both expand variables there ($VAR and ${VAR} in
 * compose, $(VAR) in a container's command, args and env), and "$$" is
 * the literal dollar of each.
 */
#include "export_cluster.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "config.h"
#include "core/placement.h"
#include "core/vllm_version.h"
#include "core/xalloc.h"
#include "io/deploy.h"
#include "io/export.h"
#include "io/launch.h"
#include "io/model_find.h"
#include "io/serve_command.h"
#include "io/shellwords.h"
#include "io/strbuf.h"
#include "io/textesc.h"
#include "io/yamldoc.h"

#define RAY_PORT 6379
#define DP_RPC_PORT                                                            \
	13345 /* vLLM's docs use this port for --data-parallel-rpc-port */

/* What every cluster export starts from. */
struct launch {
	struct shellwords words; /* vllm serve MODEL FLAGS..., no environment */
	const struct node *nd; /* the server: --node's, or one host */
	struct node host;
	struct placement *pl; /* owned */
	long port;
	char version[32];
	char name[64]; /* a DNS-1123 name for the service */
	/* a model folder of the user's: its absolute path, which the words
	 * name and compose and Kubernetes mount; "" for a Hub id */
	char local[PATH_MAX];
	const struct report_in *r;
};

static void
launch_done(struct launch *L)
{
	shellwords_done(&L->words);
	free(L->pl);
}

/* 0 when the placement holds an instance; else -1 with the reason in err,
 * and L done. */
static int
launch_refuse_empty(struct launch *L, char *err, size_t errlen)
{
	if (L->pl->replicas != 0)
		return 0;
	snprintf(err, errlen, "no instance fits: %s",
	    L->pl->refused ? L->pl->message : "not enough cards");
	launch_done(L);
	return -1;
}

/* vllm-<model>, lower case, [a-z0-9-], at most 50 characters. */
static void
service_name(const char *model, char *out, size_t len)
{
	const char *b = strrchr(model, '/');
	size_t o, i;

	b = b ? b + 1 : model;
	o = (size_t)snprintf(out, len, "vllm-");
	for (i = 0; b[i] != '\0' && o + 1 < len && o < 50; i++) {
		char c = (char)tolower((unsigned char)b[i]);

		if (!isalnum((unsigned char)c))
			c = '-';
		if (c == '-' && out[o - 1] == '-')
			continue;
		out[o++] = c;
	}
	while (o > 5 && out[o - 1] == '-')
		o--;
	out[o] = '\0';
	if (o == 5)
		snprintf(out, len, "vllm");
}

static int
launch_init(struct launch *L, const struct report_in *r, char *err,
    size_t errlen)
{
	const struct plan *p = r->plan;
	struct plan_input bare = *r->in;
	char *checked, *line;
	int cut;

	memset(L, 0, sizeof *L);
	L->r = r;
	/* the command export's checks (terminal controls refused) */
	checked = export_command(r, err, errlen);
	if (checked == NULL)
		return -1;
	free(checked);
	bare.env = NULL;
	bare.n_env = 0;
	bare.mig = -1;
	line = report_command_line(r, &bare, &cut);
	if (cut || shellwords_split(line, &L->words, err, errlen) != 0 ||
	    L->words.n < 3) {
		if (cut)
			snprintf(err, errlen,
			    "the command would be longer than 4 MiB");
		free(line);
		launch_done(L);
		return -1;
	}
	free(line);
	if (model_find_is_local(r->cat, r->in->model) &&
	    strcmp(model_find_input_source(r->cat, r->in), "directory") == 0 &&
	    realpath(serve_command_model(r->cat, r->in), L->local) != NULL &&
	    strcmp(L->words.w[2], serve_command_model(r->cat, r->in)) == 0) {
		free(L->words.w[2]);
		L->words.w[2] = xstrdup(L->local);
	} else {
		L->local[0] = '\0';
	}
	L->port = export_port(r->in);
	vllm_version_format(p->version, L->version, sizeof L->version);
	service_name(r->in->model ? r->in->model->id : "model", L->name,
	    sizeof L->name);
	L->pl = xmalloc(sizeof *L->pl);
	if (r->node != NULL && r->placement != NULL) {
		L->nd = r->node;
		*L->pl = *r->placement;
		return 0;
	}
	/* no --node: one host with the cards the plan uses */
	deploy_place_host(r->cat, r->in, p, &L->host, L->pl);
	L->nd = &L->host;
	return 0;
}

/* The vllm serve words, quoted, from index `from`, with extra words after. */
static void
append_words(struct strbuf *b, const struct launch *L, size_t from)
{
	size_t i;

	for (i = from; i < L->words.n; i++) {
		char q[8192];

		q[0] = '\0';
		shellwords_quote(L->words.w[i], q, sizeof q);
		strbuf_printf(b, "%s%s", i > from ? " " : "", q);
	}
}

/* VAR=value assignments of the plan, quoted (the slice pins excepted). */
static void
append_env(struct strbuf *b, const struct launch *L)
{
	const struct plan_input *in = L->r->in;
	size_t i;

	for (i = 0; i < in->n_env; i++) {
		const char *eq = strchr(in->env[i], '=');
		char q[4096];

		if (eq == NULL ||
		    strncmp(in->env[i], "CUDA_VISIBLE_DEVICES=", 21) == 0)
			continue;
		q[0] = '\0';
		shellwords_quote_env(eq + 1, q, sizeof q);
		strbuf_printf(b, "%.*s%s ", (int)(eq - in->env[i] + 1),
		    in->env[i], q);
	}
}

/* The cards (node, comma list) replica r holds; its node in *node. */
static void
replica_devices(const struct placement *pl, int r, int want_node, char *buf,
    size_t len, int *node)
{
	launch_placed_devices(pl, r, buf, len, node);
	if (want_node >= 0 && *node != want_node)
		buf[0] = '\0';
}

/* Where the exports run, as the headers say it: "one host with 2 x NVIDIA
 * H100 ..." without --node (the cards the plan uses), else "N node(s) of
 * type NAME" (node names often start with their own card count). */
static void
launch_format_where(const struct launch *L, char *buf, size_t len)
{
	const struct catalogue *c = L->r->cat;
	const struct node *nd = L->nd;

	if (nd == &L->host) {
		if (nd->gpu >= 0 && (size_t)nd->gpu < c->n_gpus)
			snprintf(buf, len, "one host with %d x %s",
			    nd->gpus_per_node, c->gpus[nd->gpu].name);
		else
			snprintf(buf, len, "one host");
		return;
	}
	snprintf(buf, len, "%d node%s of type %s", L->pl->nodes,
	    L->pl->nodes == 1 ? "" : "s", nd->name);
}

static void
header(struct strbuf *b, const struct launch *L, const char *what)
{
	char line[768], where[384];

	launch_format_where(L, where, sizeof where);
	snprintf(line, sizeof line,
	    "%s for vLLM %s on %s (planned by headroom "
	    "%s).",
	    what, L->version, where, PACKAGE_VERSION);
	strbuf_printf(b, "# ");
	textesc_append(b, line);
	strbuf_printf(b, "\n");
	/* what the command's environment makes vLLM warn or headroom note */
	if (L->r->plan->env_note[0] != '\0') {
		strbuf_printf(b, "# ");
		textesc_append(b, L->r->plan->env_note);
		strbuf_printf(b, "\n");
	}
}

/* Appends the plan's environment note to a YAML head comment. */
static void
env_head(const struct launch *L, char *head, size_t len)
{
	size_t n = strlen(head);

	if (L->r->plan->env_note[0] != '\0')
		snprintf(head + n, len - n, "\n%s", L->r->plan->env_note);
}

/* A launch script's last comment when no instance fits: why. */
static void
append_no_fit(struct strbuf *b, const struct placement *pl)
{
	if (pl->replicas == 0)
		strbuf_printf(b, "\n# No instance fits: %s\n",
		    pl->refused ? pl->message : "not enough cards");
}

/* ---- Ray ---- */

char *
export_ray(const struct report_in *r, char *err, size_t errlen)
{
	struct launch L;
	struct strbuf b = { 0 };
	const struct placement *pl;
	int rep, k, per;

	if (launch_init(&L, r, err, errlen) != 0)
		return NULL;
	pl = L.pl;
	if (pl->slices_per_gpu > 0) {
		snprintf(err, errlen,
		    "MIG slices are never joined: a plan on slices "
		    "runs one instance per slice (--export multinode or "
		    "compose)");
		launch_done(&L);
		return NULL;
	}
	per = pl->nodes_per_instance;
	header(&b, &L, "Ray clusters");
	strbuf_printf(&b,
	    "# One instance: TP %d x PP %d x DP %d = %d GPU%s on %d node%s; "
	    "%d instance%s, %s its own Ray cluster.\n# On each node, set "
	    "HEAD_IP to "
	    "the address of that instance's first node.\n",
	    pl->tp, pl->pp, pl->dp, pl->instance_gpus,
	    pl->instance_gpus == 1 ? "" : "s", per, per == 1 ? "" : "s",
	    pl->replicas, pl->replicas == 1 ? "" : "s",
	    pl->replicas == 1 ? "as" : "each");
	for (rep = 0; rep < pl->replicas; rep++) {
		char dev[4096];
		int first, node;

		replica_devices(pl, rep, -1, dev, sizeof dev, &first);
		strbuf_printf(&b, "\n# --- instance %d, node %d (head) ---\n",
		    rep, first);
		if (per == 1)
			strbuf_printf(&b, "export CUDA_VISIBLE_DEVICES=%s\n",
			    dev);
		strbuf_printf(&b, "ray start --head --port=%d --num-gpus=%d\n",
		    RAY_PORT, per == 1 ? pl->instance_gpus : pl->gpus_per_node);
		for (k = 1; k < per; k++) {
			node = first + k;
			strbuf_printf(&b,
			    "\n# --- instance %d, node %d (worker) ---\n", rep,
			    node);
			strbuf_printf(&b,
			    "ray start --address=\"$HEAD_IP:%d\" --num-gpus=%d "
			    "--block\n",
			    RAY_PORT, pl->gpus_per_node);
		}
		strbuf_printf(&b,
		    "\n# --- instance %d, node %d, once `ray status` shows "
		    "%d GPUs ---\n",
		    rep, first, pl->instance_gpus);
		append_env(&b, &L);
		append_words(&b, &L, 0);
		strbuf_printf(&b, " --distributed-executor-backend ray");
		if (rep > 0 || L.port != 8000)
			strbuf_printf(&b, " --port %ld",
			    L.port + (per == 1 ? rep : 0));
		strbuf_printf(&b, "\n");
	}
	append_no_fit(&b, pl);
	launch_done(&L);
	return strbuf_take(&b);
}

/* ---- vLLM's multi-node data parallel, and replicas per node ---- */

/* vLLM's multi-node data parallel: one launch line per node, node 0 the
 * API server, the others headless from their first rank. */
static void
multinode_write_dp(struct strbuf *b, const struct launch *L)
{
	const struct placement *pl = L->pl;
	int local = pl->gpus_per_node / (pl->tp * pl->pp);
	int n, rep;

	strbuf_printf(b,
	    "# vLLM's multi-node data parallel: %d ranks of TP %d x "
	    "PP %d, %d per node; set HEAD_IP to node 0's address on "
	    "every node.\n",
	    pl->dp, pl->tp, pl->pp, local);
	for (rep = 0; rep < pl->replicas; rep++)
		for (n = 0; n < pl->nodes_per_instance; n++) {
			int node = rep * pl->nodes_per_instance + n;

			strbuf_printf(b, "\n# --- node %d%s ---\n", node,
			    n == 0 ? " (API server)" : " (headless)");
			append_env(b, L);
			append_words(b, L, 0);
			if (n > 0)
				strbuf_printf(b, " --headless");
			strbuf_printf(b, " --data-parallel-size-local %d",
			    local);
			if (n > 0)
				strbuf_printf(b,
				    " --data-parallel-start-rank %d",
				    n * local);
			strbuf_printf(b,
			    " --data-parallel-address \"$HEAD_IP\" "
			    "--data-parallel-rpc-port %d\n",
			    DP_RPC_PORT);
		}
}

/* Replicas of one node each: per node, one vllm serve per replica on its
 * own cards and port, in the background, and a wait. */
static void
multinode_write_replicas(struct strbuf *b, const struct launch *L)
{
	const struct placement *pl = L->pl;
	int n, rep;

	strbuf_printf(b,
	    "# %d replica%s of %d card%s each, one vllm serve per "
	    "replica on its own cards and port.\n",
	    pl->replicas, pl->replicas == 1 ? "" : "s", pl->instance_gpus,
	    pl->instance_gpus == 1 ? "" : "s");
	for (n = 0; n < pl->nodes; n++) {
		bool any = false;

		for (rep = 0; rep < pl->replicas; rep++) {
			char dev[4096], *line;
			int node;

			replica_devices(pl, rep, n, dev, sizeof dev, &node);
			if (node != n)
				continue;
			if (!any)
				strbuf_printf(b, "\n# --- node %d ---\n", n);
			any = true;
			line = launch_replica_line(L->r, dev, L->port + rep);
			strbuf_printf(b, "%s &\n", line);
			free(line);
		}
	}
	append_no_fit(b, pl);
	strbuf_printf(b, "wait\n");
}

char *
export_multinode(const struct report_in *r, char *err, size_t errlen)
{
	struct launch L;
	struct strbuf b = { 0 };
	const struct placement *pl;

	if (launch_init(&L, r, err, errlen) != 0)
		return NULL;
	pl = L.pl;
	if (pl->pp_crosses_nodes) {
		snprintf(err, errlen,
		    "one instance's TP %d x PP %d spans %d nodes: vLLM "
		    "runs that with Ray (--export ray)",
		    pl->tp, pl->pp, pl->nodes_per_instance);
		launch_done(&L);
		return NULL;
	}
	header(&b, &L, "Launch commands per node");
	if (pl->dp > 1 && pl->nodes_per_instance > 1)
		multinode_write_dp(&b, &L);
	else
		multinode_write_replicas(&b, &L);
	launch_done(&L);
	return strbuf_take(&b);
}

/* ---- compose ---- */

/* s with every '$' doubled, the literal dollar of compose and Kubernetes. */
static void
append_literal(struct strbuf *b, const char *s)
{
	strbuf_printf(b, "%s", "");
	for (; *s != '\0'; s++) {
		if (*s == '$')
			strbuf_printf(b, "$$");
		else
			strbuf_printf(b, "%c", *s);
	}
}

static cJSON *
literal_string(const char *s)
{
	struct strbuf b = { 0 };
	cJSON *j;

	append_literal(&b, s);
	j = cJSON_CreateString(b.s);
	free(b.s);
	return j;
}

static cJSON *
words_array(const struct launch *L, size_t from)
{
	cJSON *a = cJSON_CreateArray();
	size_t i;

	for (i = from; i < L->words.n; i++)
		cJSON_AddItemToArray(a, literal_string(L->words.w[i]));
	return a;
}

static cJSON *
env_object(const struct launch *L, bool compose)
{
	const struct plan_input *in = L->r->in;
	cJSON *o = cJSON_CreateObject();
	size_t i;

	/* compose interpolates ${HF_TOKEN} from the host's environment */
	if (compose)
		cJSON_AddStringToObject(o, "HF_TOKEN", "${HF_TOKEN:-}");
	for (i = 0; i < in->n_env; i++) {
		const char *eq = strchr(in->env[i], '=');
		char key[256];

		if (eq == NULL ||
		    strncmp(in->env[i], "CUDA_VISIBLE_DEVICES=", 21) == 0 ||
		    (size_t)(eq - in->env[i]) >= sizeof key)
			continue;
		snprintf(key, sizeof key, "%.*s", (int)(eq - in->env[i]),
		    in->env[i]);
		if (compose && strcmp(key, "HF_TOKEN") == 0)
			continue;
		cJSON_DeleteItemFromObject(o, key);
		if (compose && shellwords_is_variable(eq + 1)) {
			char v[300];

			snprintf(v, sizeof v, "${%s}", eq + 2);
			cJSON_AddStringToObject(o, key, v);
		} else {
			cJSON_AddItemToObject(o, key, literal_string(eq + 1));
		}
	}
	return o;
}

/* The volumes of a compose service: the Hugging Face cache, and a local
 * model folder read-only at the path its command names. */
static void
compose_add_volumes(cJSON *s, const struct launch *L)
{
	cJSON *vols = cJSON_AddArrayToObject(s, "volumes");

	cJSON_AddItemToArray(vols,
	    cJSON_CreateString(
		"~/.cache/huggingface:/root/.cache/huggingface"));
	if (L->local[0] != '\0') {
		struct strbuf m = { 0 };

		append_literal(&m, L->local);
		strbuf_printf(&m, ":");
		append_literal(&m, L->local);
		strbuf_printf(&m, ":ro");
		cJSON_AddItemToArray(vols, cJSON_CreateString(m.s));
		free(m.s);
	}
}

/* deploy.resources.reservations.devices of replica rep: its cards by id. */
static void
compose_add_devices(cJSON *s, const struct launch *L, int rep)
{
	cJSON *devs, *ids, *caps, *dev, *dep, *res, *resv;
	char dlist[4096];
	int node;
	char *p, *q;

	replica_devices(L->pl, rep, 0, dlist, sizeof dlist, &node);
	devs = cJSON_CreateArray();
	dev = cJSON_CreateObject();
	cJSON_AddStringToObject(dev, "driver", "nvidia");
	ids = cJSON_AddArrayToObject(dev, "device_ids");
	for (p = dlist; *p != '\0'; p = q ? q + 1 : p + strlen(p)) {
		char one[128];

		q = strchr(p, ',');
		snprintf(one, sizeof one, "%.*s",
		    q ? (int)(q - p) : (int)strlen(p), p);
		cJSON_AddItemToArray(ids, cJSON_CreateString(one));
	}
	caps = cJSON_AddArrayToObject(dev, "capabilities");
	cJSON_AddItemToArray(caps, cJSON_CreateString("gpu"));
	cJSON_AddItemToArray(devs, dev);
	dep = cJSON_AddObjectToObject(s, "deploy");
	res = cJSON_AddObjectToObject(dep, "resources");
	resv = cJSON_AddObjectToObject(res, "reservations");
	cJSON_AddItemToObject(resv, "devices", devs);
}

/* The service of replica rep: the image, vllm serve's words, its port. */
static void
compose_add_service(cJSON *services, const struct launch *L, int rep)
{
	cJSON *s, *ports;
	char name[96], port[64], img[64];

	snprintf(name, sizeof name, "%s-%d", L->name, rep);
	s = cJSON_AddObjectToObject(services, name);
	snprintf(img, sizeof img, "vllm/vllm-openai:v%s", L->version);
	cJSON_AddStringToObject(s, "image", img);
	/* the image's entrypoint is `vllm serve` */
	cJSON_AddItemToObject(s, "command", words_array(L, 2));
	cJSON_AddStringToObject(s, "ipc", "host");
	ports = cJSON_AddArrayToObject(s, "ports");
	snprintf(port, sizeof port, "%ld:%ld", L->port + rep, L->port);
	cJSON_AddItemToArray(ports, cJSON_CreateString(port));
	compose_add_volumes(s, L);
	cJSON_AddItemToObject(s, "environment", env_object(L, true));
	compose_add_devices(s, L, rep);
}

char *
export_compose(const struct report_in *r, char *err, size_t errlen)
{
	struct launch L;
	cJSON *doc, *services;
	const cJSON *docs[1];
	char head[512 + PLAN_MSG_LEN], *out;
	int rep;

	if (launch_init(&L, r, err, errlen) != 0)
		return NULL;
	if (L.pl->nodes > 1 || L.pl->nodes_per_instance > 1) {
		snprintf(err, errlen,
		    "compose runs on one host; %d nodes need "
		    "--export kubernetes, ray or multinode",
		    L.pl->nodes);
		launch_done(&L);
		return NULL;
	}
	if (launch_refuse_empty(&L, err, errlen) != 0)
		return NULL;
	doc = cJSON_CreateObject();
	services = cJSON_AddObjectToObject(doc, "services");
	for (rep = 0; rep < L.pl->replicas; rep++)
		compose_add_service(services, &L, rep);
	snprintf(head, sizeof head,
	    "docker compose file for vLLM %s (planned by "
	    "headroom %s): %d replica%s, one service each on its own cards and "
	    "port.\n"
	    "Start: docker compose up -d",
	    L.version, PACKAGE_VERSION, L.pl->replicas,
	    L.pl->replicas == 1 ? "" : "s");
	env_head(&L, head, sizeof head);
	docs[0] = doc;
	out = yamldoc_emit(docs, 1, head, err, errlen);
	cJSON_Delete(doc);
	launch_done(&L);
	return out;
}

/* ---- Kubernetes ---- */

static cJSON *
meta(const char *name, const char *app)
{
	cJSON *m = cJSON_CreateObject(), *l;

	cJSON_AddStringToObject(m, "name", name);
	l = cJSON_AddObjectToObject(m, "labels");
	cJSON_AddStringToObject(l, "app", app);
	cJSON_AddStringToObject(l, "app.kubernetes.io/managed-by", "headroom");
	return m;
}

static cJSON *
probe(long port, int period, int failures)
{
	cJSON *p = cJSON_CreateObject(),
	      *h = cJSON_AddObjectToObject(p, "httpGet");

	cJSON_AddStringToObject(h, "path", "/health");
	cJSON_AddNumberToObject(h, "port", (double)port);
	cJSON_AddNumberToObject(p, "periodSeconds", period);
	cJSON_AddNumberToObject(p, "failureThreshold", failures);
	return p;
}

/* env of a container: HF_TOKEN from the Secret hf-token, then the plan's
 * VAR=value assignments. */
static void
container_add_env(cJSON *c, const struct launch *L)
{
	cJSON *env = cJSON_AddArrayToObject(c, "env");
	cJSON *e = cJSON_CreateObject(), *vf, *sk, *vars, *v;

	cJSON_AddStringToObject(e, "name", "HF_TOKEN");
	vf = cJSON_AddObjectToObject(e, "valueFrom");
	sk = cJSON_AddObjectToObject(vf, "secretKeyRef");
	cJSON_AddStringToObject(sk, "name", "hf-token");
	cJSON_AddStringToObject(sk, "key", "token");
	cJSON_AddBoolToObject(sk, "optional", 1);
	cJSON_AddItemToArray(env, e);
	vars = env_object(L, false);
	cJSON_ArrayForEach(v, vars) {
		cJSON *ev;

		if (strcmp(v->string, "HF_TOKEN") == 0)
			continue;
		ev = cJSON_CreateObject();
		cJSON_AddStringToObject(ev, "name", v->string);
		cJSON_AddStringToObject(ev, "value", v->valuestring);
		cJSON_AddItemToArray(env, ev);
	}
	cJSON_Delete(vars);
}

/* The serving container's port and its startup, readiness and liveness
 * probes. */
static void
container_add_probes(cJSON *c, long port)
{
	cJSON *ports = cJSON_AddArrayToObject(c, "ports"),
	      *pt = cJSON_CreateObject();

	cJSON_AddStringToObject(pt, "name", "http");
	cJSON_AddNumberToObject(pt, "containerPort", (double)port);
	cJSON_AddItemToArray(ports, pt);
	/* loading takes minutes: a startup probe holds the others off */
	cJSON_AddItemToObject(c, "startupProbe", probe(port, 10, 180));
	cJSON_AddItemToObject(c, "readinessProbe", probe(port, 10, 3));
	cJSON_AddItemToObject(c, "livenessProbe", probe(port, 30, 3));
}

/* resources.limits: the MIG slice of the plan, else gpus cards. */
static void
container_add_limits(cJSON *c, const struct launch *L, int gpus)
{
	const struct plan_input *in = L->r->in;
	cJSON *res = cJSON_AddObjectToObject(c, "resources");
	cJSON *lim = cJSON_AddObjectToObject(res, "limits");
	char key[64];

	if (in->mig >= 0 && in->gpu >= 0) {
		snprintf(key, sizeof key, "nvidia.com/mig-%s",
		    L->r->cat->gpus[in->gpu].mig[in->mig].name);
		cJSON_AddNumberToObject(lim, key, 1);
	} else {
		cJSON_AddNumberToObject(lim, "nvidia.com/gpu", gpus);
	}
}

/* volumeMounts: shared memory, the Hugging Face cache, a local model. */
static void
container_add_mounts(cJSON *c, const struct launch *L)
{
	cJSON *mounts = cJSON_AddArrayToObject(c, "volumeMounts");
	cJSON *m = cJSON_CreateObject();

	cJSON_AddStringToObject(m, "name", "shm");
	cJSON_AddStringToObject(m, "mountPath", "/dev/shm");
	cJSON_AddItemToArray(mounts, m);
	m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "name", "hf-cache");
	cJSON_AddStringToObject(m, "mountPath", "/root/.cache/huggingface");
	cJSON_AddItemToArray(mounts, m);
	if (L->local[0] != '\0') {
		m = cJSON_CreateObject();
		cJSON_AddStringToObject(m, "name", "model");
		cJSON_AddStringToObject(m, "mountPath", L->local);
		cJSON_AddBoolToObject(m, "readOnly", 1);
		cJSON_AddItemToArray(mounts, m);
	}
}

/* The container of a pod; leader: the vllm serve one (with probes). */
static cJSON *
container(const struct launch *L, const char *name, cJSON *command, cJSON *args,
    bool serving, int gpus)
{
	cJSON *c = cJSON_CreateObject();
	char img[64];

	cJSON_AddStringToObject(c, "name", name);
	snprintf(img, sizeof img, "vllm/vllm-openai:v%s", L->version);
	cJSON_AddStringToObject(c, "image", img);
	cJSON_AddItemToObject(c, "command", command);
	if (args != NULL)
		cJSON_AddItemToObject(c, "args", args);
	container_add_env(c, L);
	if (serving)
		container_add_probes(c, L->port);
	container_add_limits(c, L, gpus);
	container_add_mounts(c, L);
	return c;
}

/* The pod of a container; a local model folder (local, "" for none) is
 * the node's own folder at that path (hostPath). */
static cJSON *
pod_spec(cJSON *ctr, const char *claim, const char *local)
{
	cJSON *s = cJSON_CreateObject(), *cs, *vols, *v, *ed, *pvc;

	cs = cJSON_AddArrayToObject(s, "containers");
	cJSON_AddItemToArray(cs, ctr);
	vols = cJSON_AddArrayToObject(s, "volumes");
	v = cJSON_CreateObject();
	cJSON_AddStringToObject(v, "name", "shm");
	ed = cJSON_AddObjectToObject(v, "emptyDir");
	cJSON_AddStringToObject(ed, "medium", "Memory");
	cJSON_AddStringToObject(ed, "sizeLimit", "16Gi");
	cJSON_AddItemToArray(vols, v);
	v = cJSON_CreateObject();
	cJSON_AddStringToObject(v, "name", "hf-cache");
	pvc = cJSON_AddObjectToObject(v, "persistentVolumeClaim");
	cJSON_AddStringToObject(pvc, "claimName", claim);
	cJSON_AddItemToArray(vols, v);
	if (local[0] != '\0') {
		cJSON *hp;

		v = cJSON_CreateObject();
		cJSON_AddStringToObject(v, "name", "model");
		hp = cJSON_AddObjectToObject(v, "hostPath");
		cJSON_AddStringToObject(hp, "path", local);
		cJSON_AddStringToObject(hp, "type", "Directory");
		cJSON_AddItemToArray(vols, v);
	}
	return s;
}

/* A Kubernetes object of apiVersion api and kind kind, named after the
 * service, whose spec (*spec) asks for the placement's replicas. */
static cJSON *
workload(const struct launch *L, const char *api, const char *kind,
    cJSON **spec)
{
	cJSON *d = cJSON_CreateObject();

	cJSON_AddStringToObject(d, "apiVersion", api);
	cJSON_AddStringToObject(d, "kind", kind);
	cJSON_AddItemToObject(d, "metadata", meta(L->name, L->name));
	*spec = cJSON_AddObjectToObject(d, "spec");
	cJSON_AddNumberToObject(*spec, "replicas", L->pl->replicas);
	return d;
}

static cJSON *
service(const struct launch *L, const char *name, const char *app,
    cJSON *extra_sel)
{
	cJSON *s = cJSON_CreateObject(), *spec, *sel, *ports, *pt;

	cJSON_AddStringToObject(s, "apiVersion", "v1");
	cJSON_AddStringToObject(s, "kind", "Service");
	cJSON_AddItemToObject(s, "metadata", meta(name, app));
	spec = cJSON_AddObjectToObject(s, "spec");
	sel = cJSON_AddObjectToObject(spec, "selector");
	cJSON_AddStringToObject(sel, "app", app);
	if (extra_sel != NULL) {
		cJSON *c;

		cJSON_ArrayForEach(c, extra_sel)
			cJSON_AddStringToObject(sel, c->string, c->valuestring);
		cJSON_Delete(extra_sel);
	}
	ports = cJSON_AddArrayToObject(spec, "ports");
	pt = cJSON_CreateObject();
	cJSON_AddStringToObject(pt, "name", "http");
	cJSON_AddNumberToObject(pt, "port", (double)L->port);
	cJSON_AddStringToObject(pt, "targetPort", "http");
	cJSON_AddItemToArray(ports, pt);
	return s;
}

static cJSON *
claim(const struct launch *L, const char *name, bool many)
{
	const struct plan *p = L->r->plan;
	cJSON *c = cJSON_CreateObject(), *spec, *modes, *res, *req;
	char size[32];
	/* the whole checkpoint with room for a second revision */
	double gib = (double)p->weights * p->tp * p->pp / 1073741824.0 * 2 + 10;

	cJSON_AddStringToObject(c, "apiVersion", "v1");
	cJSON_AddStringToObject(c, "kind", "PersistentVolumeClaim");
	cJSON_AddItemToObject(c, "metadata", meta(name, L->name));
	spec = cJSON_AddObjectToObject(c, "spec");
	modes = cJSON_AddArrayToObject(spec, "accessModes");
	cJSON_AddItemToArray(modes,
	    cJSON_CreateString(many ? "ReadWriteMany" : "ReadWriteOnce"));
	res = cJSON_AddObjectToObject(spec, "resources");
	req = cJSON_AddObjectToObject(res, "requests");
	snprintf(size, sizeof size, "%.0fGi", gib < 20 ? 20 : gib);
	cJSON_AddStringToObject(req, "storage", size);
	return c;
}

/* `sh -c` text for the leader or a worker of a LeaderWorkerSet group. */
static char *
lws_script(const struct launch *L, bool leader)
{
	struct strbuf b = { 0 };

	if (!leader) {
		strbuf_printf(&b,
		    "ray start --address=$(LWS_LEADER_ADDRESS):%d "
		    "--num-gpus=%d --block",
		    RAY_PORT, L->pl->gpus_per_node);
		return strbuf_take(&b);
	}
	strbuf_printf(&b,
	    "ray start --head --port=%d --num-gpus=%d && "
	    "until [ \"$(ray status 2>/dev/null | grep -c node_)\" -ge "
	    "$(LWS_GROUP_SIZE) ]; do sleep 5; done && exec ",
	    RAY_PORT, L->pl->gpus_per_node);
	{
		struct strbuf w = { 0 };

		append_words(&w, L, 0);
		append_literal(&b, w.s != NULL ? w.s : "");
		free(w.s);
	}
	strbuf_printf(&b, " --distributed-executor-backend ray");
	return strbuf_take(&b);
}

/* A single-node plan: the cache's claim, a Deployment of its replicas and
 * their Service, into docs from *n. */
static void
kubernetes_add_deployment(cJSON **docs, size_t *n, const struct launch *L,
    const char *cname)
{
	cJSON *spec, *sel, *tmpl, *ml, *cmd, *tm, *tl;
	cJSON *d = workload(L, "apps/v1", "Deployment", &spec);

	sel = cJSON_AddObjectToObject(spec, "selector");
	ml = cJSON_AddObjectToObject(sel, "matchLabels");
	cJSON_AddStringToObject(ml, "app", L->name);
	tmpl = cJSON_AddObjectToObject(spec, "template");
	tm = cJSON_AddObjectToObject(tmpl, "metadata");
	tl = cJSON_AddObjectToObject(tm, "labels");
	cJSON_AddStringToObject(tl, "app", L->name);
	cmd = cJSON_CreateArray();
	cJSON_AddItemToArray(cmd, cJSON_CreateString("vllm"));
	cJSON_AddItemToArray(cmd, cJSON_CreateString("serve"));
	cJSON_AddItemToObject(tmpl, "spec",
	    pod_spec(container(L, "vllm", cmd, words_array(L, 2), true,
			 L->pl->instance_gpus),
		cname, L->local));
	docs[(*n)++] = claim(L, cname, L->pl->replicas > 1);
	docs[(*n)++] = d;
	docs[(*n)++] = service(L, L->name, L->name, NULL);
}

/* The leader's (leader) or a worker's pod template of a LeaderWorkerSet. */
static cJSON *
kubernetes_new_lws_template(const struct launch *L, const char *cname,
    bool leader)
{
	cJSON *t = cJSON_CreateObject(), *tm, *tl, *cmd;
	char *s;

	tm = cJSON_AddObjectToObject(t, "metadata");
	tl = cJSON_AddObjectToObject(tm, "labels");
	cJSON_AddStringToObject(tl, "app", L->name);
	cJSON_AddStringToObject(tl, "role", leader ? "leader" : "worker");
	cmd = cJSON_CreateArray();
	cJSON_AddItemToArray(cmd, cJSON_CreateString("sh"));
	cJSON_AddItemToArray(cmd, cJSON_CreateString("-c"));
	s = lws_script(L, leader);
	cJSON_AddItemToArray(cmd, cJSON_CreateString(s));
	free(s);
	cJSON_AddItemToObject(t, "spec",
	    pod_spec(container(L, leader ? "vllm-leader" : "vllm-worker", cmd,
			 NULL, leader, L->pl->gpus_per_node),
		cname, L->local));
	return t;
}

/* A plan over nodes: the cache's claim, a LeaderWorkerSet of one group
 * per replica and the Service of its leaders, into docs from *n. */
static void
kubernetes_add_lws(cJSON **docs, size_t *n, const struct launch *L,
    const char *cname)
{
	cJSON *spec, *lwt, *sel;
	cJSON *d = workload(L, "leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet",
	    &spec);

	lwt = cJSON_AddObjectToObject(spec, "leaderWorkerTemplate");
	cJSON_AddNumberToObject(lwt, "size", L->pl->nodes_per_instance);
	cJSON_AddStringToObject(lwt, "restartPolicy",
	    "RecreateGroupOnPodRestart");
	cJSON_AddItemToObject(lwt, "leaderTemplate",
	    kubernetes_new_lws_template(L, cname, true));
	cJSON_AddItemToObject(lwt, "workerTemplate",
	    kubernetes_new_lws_template(L, cname, false));
	docs[(*n)++] = claim(L, cname, true);
	docs[(*n)++] = d;
	sel = cJSON_CreateObject();
	cJSON_AddStringToObject(sel, "role", "leader");
	docs[(*n)++] = service(L, L->name, L->name, sel);
}

/* The comment above the manifests: what they run, the token's Secret,
 * LeaderWorkerSet's controller, a local model's folder on every node. */
static void
kubernetes_format_head(const struct launch *L, char *head, size_t len)
{
	const struct placement *pl = L->pl;
	char where[384];

	launch_format_where(L, where, sizeof where);
	snprintf(head, len,
	    "Kubernetes manifests for vLLM %s on %s "
	    "(planned by headroom %s): %d replica%s of %d GPU%s%s.\n"
	    "The Hugging Face token comes from the Secret hf-token (key "
	    "token): "
	    "kubectl create secret generic hf-token --from-literal=token=...%s",
	    L->version, where, PACKAGE_VERSION, pl->replicas,
	    pl->replicas == 1 ? "" : "s", pl->instance_gpus,
	    pl->instance_gpus == 1 ? "" : "s",
	    pl->nodes_per_instance > 1
		? ", each a LeaderWorkerSet group over nodes"
		: "",
	    pl->nodes_per_instance > 1
		? "\nLeaderWorkerSet needs its controller "
		  "(sigs.k8s.io/lws) installed in the cluster."
		: "");
	if (L->local[0] != '\0')
		snprintf(head + strlen(head), len - strlen(head),
		    "\nThe model is a local folder: each pod mounts it from "
		    "its node (hostPath), so it must be at that path on every "
		    "node.");
}

char *
export_kubernetes(const struct report_in *r, char *err, size_t errlen)
{
	struct launch L;
	cJSON *docs[4];
	const cJSON *cdocs[4];
	char head[768 + PLAN_MSG_LEN], cname[96], *out;
	size_t n = 0, i;

	if (launch_init(&L, r, err, errlen) != 0)
		return NULL;
	if (launch_refuse_empty(&L, err, errlen) != 0)
		return NULL;
	snprintf(cname, sizeof cname, "%s-hf-cache", L.name);
	if (L.pl->nodes_per_instance == 1)
		kubernetes_add_deployment(docs, &n, &L, cname);
	else
		kubernetes_add_lws(docs, &n, &L, cname);
	kubernetes_format_head(&L, head, sizeof head);
	env_head(&L, head, sizeof head);
	for (i = 0; i < n; i++)
		cdocs[i] = docs[i];
	out = yamldoc_emit(cdocs, n, head, err, errlen);
	for (i = 0; i < n; i++)
		cJSON_Delete(docs[i]);
	launch_done(&L);
	return out;
}
