/*
 * launch.c - one launch line per replica (see launch.h).  Each line is
 * serve_command_format() of a copy of the input whose environment pins the
 * replica's devices and whose extra flags end with the replica's --port;
 * the plan's own CUDA_VISIBLE_DEVICES and --port are replaced, never
 * repeated.
 */
#include "launch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/placement.h"
#include "core/units.h"
#include "core/xalloc.h"
#include "io/report.h"
#include "io/serve_command.h"
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
		o += (size_t)snprintf(buf + o, len - o, "%s%s", d ? "," : "",
		    one);
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
		snprintf(buf, len,
		    "# One vLLM instance per MIG slice, %d slices: put each "
		    "slice's UUID\n# (nvidia-smi -L) in its line's "
		    "CUDA_VISIBLE_DEVICES; "
		    "each listens on its own --port.\n",
		    n);
	else if (in->mig >= 0)
		snprintf(buf, len,
		    "# One vLLM instance per MIG slice: put the slice's "
		    "UUID (nvidia-smi -L) in\n# CUDA_VISIBLE_DEVICES.\n");
	else if (n > 1)
		snprintf(buf, len,
		    "# %d replicas, each its own vLLM server: start every "
		    "line, each on its own\n# cards (CUDA_VISIBLE_DEVICES) and "
		    "--port.\n",
		    n);
	else if (len > 0)
		buf[0] = '\0';
}

char *
launch_replica_line(const struct report_in *r, const char *devices, long port)
{
	const struct plan_input *in = r->in;
	struct plan_input ri = *in;
	const char **env = xcalloc(in->n_env + 2, sizeof *env),
		   **extra = xcalloc(in->n_extra_flags + 3, sizeof *extra);
	char portbuf[32], *pin = NULL, *line;
	size_t ne = 0, nx = 0, k;

	/* the plan's own pinning and port give way to the replica's */
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
	if (devices != NULL) {
		pin = xmalloc(strlen(CVD) + strlen(devices) + 1);
		sprintf(pin, "%s%s", CVD, devices);
		env[ne++] = pin;
	}
	snprintf(portbuf, sizeof portbuf, "%ld", port);
	extra[nx++] = "--port";
	extra[nx++] = portbuf;
	ri.env = (char *const *)env;
	ri.n_env = ne;
	ri.extra_flags = (char *const *)extra;
	ri.n_extra_flags = nx;
	line = report_command_line(r, &ri, NULL);
	free(pin);
	free(env);
	free(extra);
	return line;
}

void
launch_placed_devices(const struct placement *pl, int r, char *buf, size_t len,
    int *node)
{
	size_t o = 0;
	int i;

	buf[0] = '\0';
	*node = -1;
	for (i = 0; i < pl->n_slots && o + 8 < len; i++) {
		const struct placement_slot *s = &pl->slots[i];

		if (s->replica != r || (*node >= 0 && s->node != *node))
			continue;
		if (*node < 0)
			*node = s->node;
		if (s->slice >= 0)
			o += (size_t)snprintf(buf + o, len - o,
			    "%sMIG-<uuid of GPU %d "
			    "slice %d>",
			    o ? "," : "", s->gpu, s->slice);
		else
			o += (size_t)snprintf(buf + o, len - o, "%s%d",
			    o ? "," : "", s->gpu);
	}
}

char **
launch_lines(const struct catalogue *c, const struct plan_input *in,
    const struct plan *p, int all, int *np)
{
	struct report_in r = { .cat = c,
		.in = in,
		.plan = p,
		.explicit_all = all };

	return launch_lines_placed(&r, NULL, np);
}

char **
launch_lines_placed(const struct report_in *r, const struct placement *pl,
    int *np)
{
	const struct plan_input *in = r->in;
	const struct plan *p = r->plan;
	int n = launch_count(in, p), world = p->world > 0 ? p->world : 1, i,
	    node;
	long port = user_port(in);
	char dev[4096], **out;

	if (pl != NULL && n > 1 && pl->replicas > 0 && pl->replicas < n)
		n = pl->replicas; /* the cards of the nodes hold fewer */
	out = xcalloc((size_t)n + 1, sizeof *out);
	if (np != NULL)
		*np = n;
	if (n <= 1) {
		out[0] = report_command_line(r, in, NULL);
		return out;
	}
	if (port <= 0 || port > 65535 - n)
		port = LAUNCH_BASE_PORT;
	for (i = 0; i < n; i++) {
		if (pl != NULL && pl->replicas > i)
			launch_placed_devices(pl, i, dev, sizeof dev, &node);
		else
			replica_devices(in, i, n, world, dev, sizeof dev);
		out[i] = launch_replica_line(r, dev, port + i);
	}
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
