/*
 * launch.c - one launch line per replica (see launch.h).  Each line is
 * cli_format_command() of a copy of the input whose environment pins the
 * replica's devices and whose extra flags end with the replica's --port;
 * the plan's own CUDA_VISIBLE_DEVICES and --port are replaced, never
 * repeated.
 */
#include "launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"
#include "io/report.h"
#include "io/strbuf.h"

#define CVD "CUDA_VISIBLE_DEVICES="

int
launch_count(const struct plan_input *in, const struct plan *p)
{
	if (p->replicas <= 1 || p->phase == PHASE_CONFIG)
		return 1;
	/* vLLM's own data parallelism starts the replicas from one command */
	if (in->mig < 0 && p->dp > 1)
		return 1;
	return p->replicas;
}

/* The user's CUDA_VISIBLE_DEVICES value, or NULL. */
static const char *
user_devices(const struct plan_input *in)
{
	size_t i;

	for (i = 0; i < in->n_env; i++)
		if (strncmp(in->env[i], CVD, strlen(CVD)) == 0)
			return in->env[i] + strlen(CVD);
	return NULL;
}

/* The k-th comma-separated entry of list into buf; false when there is none. */
static bool
list_entry(const char *list, int k, char *buf, size_t len)
{
	const char *s = list;

	while (k > 0 && s != NULL) {
		s = strchr(s, ',');
		if (s != NULL)
			s++;
		k--;
	}
	if (s == NULL || *s == '\0' || *s == ',')
		return false;
	snprintf(buf, len, "%.*s", (int)strcspn(s, ","), s);
	return true;
}

/*
 * The devices of replica r of n (world devices each) as a
 * CUDA_VISIBLE_DEVICES value: from the user's list when it names all
 * n x world devices, else counted from 0.
 */
static void
replica_devices(const struct plan_input *in, int r, int n, int world, char *buf,
    size_t len)
{
	const char *list = user_devices(in);
	char one[64];
	size_t o = 0;
	int d;
	bool from_list = list != NULL && in->mig < 0 &&
	    list_entry(list, n * world - 1, one, sizeof one);

	buf[0] = '\0';
	if (in->mig >= 0) {
		snprintf(buf, len, "MIG-<uuid-%d>", r + 1);
		return;
	}
	for (d = 0; d < world && o + 1 < len; d++) {
		if (from_list)
			list_entry(list, r * world + d, one, sizeof one);
		else
			snprintf(one, sizeof one, "%d", r * world + d);
		o += (size_t)snprintf(buf + o, len - o, "%s%s", d ? "," : "", one);
	}
}

/* The port the plan asks for with --port N or --port=N among its extra flags. */
static long
user_port(const struct plan_input *in)
{
	size_t i;

	for (i = 0; i < in->n_extra_flags; i++) {
		const char *f = in->extra_flags[i];

		if (strcmp(f, "--port") == 0 && i + 1 < in->n_extra_flags)
			return strtol(in->extra_flags[i + 1], NULL, 10);
		if (strncmp(f, "--port=", 7) == 0)
			return strtol(f + 7, NULL, 10);
	}
	return 0;
}

void
launch_comment(const struct plan_input *in, int n, char *buf, size_t len)
{
	if (in->mig >= 0 && n > 1)
		snprintf(buf, len, "# One vLLM instance per MIG slice, %d slices: put each "
		    "slice's UUID\n# (nvidia-smi -L) in its line's CUDA_VISIBLE_DEVICES; "
		    "each listens on its own --port.\n", n);
	else if (in->mig >= 0)
		snprintf(buf, len, "# One vLLM instance per MIG slice: put the slice's "
		    "UUID (nvidia-smi -L) in\n# CUDA_VISIBLE_DEVICES.\n");
	else if (n > 1)
		snprintf(buf, len, "# %d replicas, each its own vLLM server: start every "
		    "line, each on its own\n# cards (CUDA_VISIBLE_DEVICES) and --port.\n",
		    n);
	else if (len > 0)
		buf[0] = '\0';
}

char **
launch_lines(const struct catalogue *c, const struct plan_input *in,
    const struct plan *p, int all, int *np)
{
	struct report_in r = { .cat = c, .in = in, .plan = p, .explicit_all = all };
	int n = launch_count(in, p), world = p->world > 0 ? p->world : 1, i;
	long port = user_port(in);
	const char **env, **extra;
	char dev[256], portbuf[32];
	char *envs = NULL, **out = calloc((size_t)n + 1, sizeof *out);
	size_t ne = 0, nx = 0, k;

	if (out == NULL)
		abort();
	if (np != NULL)
		*np = n;
	if (n <= 1) {
		out[0] = report_command_line(&r, in, NULL);
		return out;
	}
	if (port <= 0 || port > 65535 - n)
		port = LAUNCH_BASE_PORT;
	env = calloc(in->n_env + 1, sizeof *env);
	extra = calloc(in->n_extra_flags + 3, sizeof *extra);
	envs = malloc(sizeof CVD + sizeof dev);
	if (env == NULL || extra == NULL || envs == NULL)
		abort();
	/* the plan's own pinning and port give way to each replica's */
	for (k = 0; k < in->n_env; k++)
		if (strncmp(in->env[k], CVD, strlen(CVD)) != 0)
			env[ne++] = in->env[k];
	for (k = 0; k < in->n_extra_flags; k++) {
		if (strcmp(in->extra_flags[k], "--port") == 0) {
			k++;
			continue;
		}
		if (strncmp(in->extra_flags[k], "--port=", 7) == 0)
			continue;
		extra[nx++] = in->extra_flags[k];
	}
	for (i = 0; i < n; i++) {
		struct plan_input ri = *in;

		replica_devices(in, i, n, world, dev, sizeof dev);
		snprintf(envs, sizeof CVD + sizeof dev, "%s%s", CVD, dev);
		env[ne] = envs;
		snprintf(portbuf, sizeof portbuf, "%ld", port + i);
		extra[nx] = "--port";
		extra[nx + 1] = portbuf;
		ri.env = (char *const *)env;
		ri.n_env = ne + 1;
		ri.extra_flags = (char *const *)extra;
		ri.n_extra_flags = nx + 2;
		out[i] = report_command_line(&r, &ri, NULL);
	}
	free(env);
	free(extra);
	free(envs);
	return out;
}

char *
launch_join(char *const *lines)
{
	struct strbuf s = { 0 };
	size_t i;

	for (i = 0; lines != NULL && lines[i] != NULL; i++)
		strbuf_printf(&s, "%s%s", i ? "\n" : "", lines[i]);
	if (s.s == NULL) {
		char *e = strdup("");

		if (e == NULL)
			abort();
		return e;
	}
	return strbuf_take(&s);
}

void
launch_free(char **lines)
{
	size_t i;

	for (i = 0; lines != NULL && lines[i] != NULL; i++)
		free(lines[i]);
	free(lines);
}
