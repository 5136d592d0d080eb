/*
 * vllmlog.c - startup figures from a vLLM log (see vllmlog.h).
 *
 * Line by line: each known phrase is searched anywhere in the line and
 * the number after it read with strtod (commas removed first where vLLM
 * prints them).  No regular expressions, no allocation per line.
 */
#include "vllmlog.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/vllm_version.h"
#include "core/units.h"

#define LINE_MAX_LEN 16384

void
vllmlog_done(struct vllm_log *l)
{
	free(l->args);
	memset(l, 0, sizeof *l);
}

/* The number right after phrase in line (blanks and '(' skipped); 0 if none. */
static int
number_after(const char *line, const char *phrase, double *out)
{
	const char *p = strstr(line, phrase);
	char digits[64];
	size_t n = 0;

	if (p == NULL)
		return 0;
	p += strlen(phrase);
	while (*p == ' ' || *p == '(')
		p++;
	while ((isdigit((unsigned char)*p) || *p == '.' || *p == ',' ||
		   *p == '-' || *p == 'e' || *p == '+') &&
	    n + 1 < sizeof digits) {
		if (*p != ',')
			digits[n++] = *p;
		p++;
	}
	digits[n] = '\0';
	if (n == 0 || !(isdigit((unsigned char)digits[0]) || digits[0] == '-'))
		return 0;
	*out = units_strtod(digits, NULL);
	/* no startup prints a figure this large: a garbled line, not a figure */
	return fabs(*out) < 1e15;
}

static void
take_version(struct vllm_log *l, const char *line)
{
	const char *p;
	int v;

	if (l->have & VLOG_VERSION)
		return;
	p = strstr(line, "LLM engine (v");
	if (p != NULL)
		p += 13;
	else if ((p = strstr(line, "version ")) != NULL &&
	    (strstr(line, "vLLM") || strstr(line, "\xe2\x96\x88") ||
		strstr(line, "\xe2\x96\x84") || strstr(line, "entrypoints")))
		p += 8;
	else
		return;
	if (vllm_version_parse(p, &v) == 0 && isdigit((unsigned char)*p)) {
		l->version = v;
		l->have |= VLOG_VERSION;
	}
}

static void
take_max(double *slot, double v, int first)
{
	if (first || v > *slot)
		*slot = v;
}

/* The first figure of a kind wins: v into *slot unless flag is had already. */
static void
vllmlog_take_first(struct vllm_log *l, unsigned flag, double *slot, double v)
{
	if (!(l->have & flag))
		*slot = v;
	l->have |= flag;
}

/*
 * The line readers: each looks for one kind of line and returns 1 when
 * line is one (its figures taken), 0 to let the next one look.
 */
static int
vllmlog_take_args(struct vllm_log *l, const char *line)
{
	const char *p;

	if ((l->have & VLOG_ARGS) ||
	    (p = strstr(line, "non-default args: {")) == NULL)
		return 0;
	l->args = strdup(p + 18);
	if (l->args == NULL)
		abort();
	l->have |= VLOG_ARGS;
	return 1;
}

static int
vllmlog_take_weights(struct vllm_log *l, const char *line)
{
	double v;

	if (!number_after(line, "Model loading took", &v) &&
	    !number_after(line, "Loading model weights took", &v))
		return 0;
	vllmlog_take_first(l, VLOG_WEIGHTS, &l->weights, v);
	l->ranks++;
	return 1;
}

static int
vllmlog_take_snapshot(struct vllm_log *l, const char *line)
{
	double v, w;

	if (!strstr(line, "memory snapshot") ||
	    !number_after(line, "total_memory=", &v))
		return 0;
	if (!(l->have & VLOG_TOTAL)) {
		l->total = v;
		if (number_after(line, "free_memory=", &w))
			l->free_mem = w;
	}
	l->have |= VLOG_TOTAL;
	return 1;
}

/* the profile run's line: the largest figures over the ranks */
static int
vllmlog_take_profile(struct vllm_log *l, const char *line)
{
	double v, w;
	int first;

	if (!number_after(line, "Total non KV cache memory:", &v))
		return 0;
	first = !(l->have & VLOG_PROFILE);
	take_max(&l->non_kv, v, first);
	if (number_after(line, "torch peak memory increase:", &w))
		take_max(&l->torch_peak, w, first);
	if (number_after(line, "non-torch forward increase memory:", &w))
		take_max(&l->non_torch, w, first);
	if (number_after(line, "weights memory:", &w) && first)
		l->prof_weights = w;
	l->have |= VLOG_PROFILE;
	return 1;
}

static int
vllmlog_take_cg_estimate(struct vllm_log *l, const char *line)
{
	double v;

	if (!number_after(line, "Estimated CUDA graph memory:", &v))
		return 0;
	vllmlog_take_first(l, VLOG_CG_EST, &l->cg_estimate, v);
	return 1;
}

static int
vllmlog_take_kv(struct vllm_log *l, const char *line)
{
	double v;

	if (!number_after(line, "Available KV cache memory:", &v))
		return 0;
	vllmlog_take_first(l, VLOG_KV, &l->available_kv, v);
	return 1;
}

static int
vllmlog_take_tokens(struct vllm_log *l, const char *line)
{
	double v;

	if (!number_after(line, "GPU KV cache size:", &v))
		return 0;
	l->kv_tokens = (int64_t)v;
	l->have |= VLOG_TOKENS;
	return 1;
}

static int
vllmlog_take_blocks(struct vllm_log *l, const char *line)
{
	double v;

	if (!number_after(line, "# GPU blocks:", &v) &&
	    !number_after(line, "# cuda blocks:", &v))
		return 0;
	l->gpu_blocks = (int64_t)v;
	l->have |= VLOG_BLOCKS;
	return 1;
}

static int
vllmlog_take_concurrency(struct vllm_log *l, const char *line)
{
	const char *p = strstr(line, "Maximum concurrency for ");
	double v, w;

	if (p == NULL || !number_after(p, "Maximum concurrency for", &v) ||
	    !number_after(p, "tokens per request:", &w))
		return 0;
	l->conc_len = (int64_t)v;
	l->conc_x = w;
	l->have |= VLOG_CONC;
	return 1;
}

static int
vllmlog_take_cg_took(struct vllm_log *l, const char *line)
{
	double v;

	if (!strstr(line, "Graph capturing finished") ||
	    !number_after(line, "took", &v))
		return 0;
	vllmlog_take_first(l, VLOG_CG_TOOK, &l->cg_took, v);
	return 1;
}

/* the V0 engine's budget line */
static int
vllmlog_take_v0_budget(struct vllm_log *l, const char *line)
{
	const char *p;
	double v, w;

	if (!number_after(line, "can use total_gpu_memory", &v))
		return 0;
	l->v0_total = v;
	if (number_after(line, "gpu_memory_utilization", &w))
		l->v0_util = w;
	if ((p = strrchr(line, '=')) != NULL && number_after(p, "=", &w))
		l->v0_budget = w;
	l->have |= VLOG_V0_BUDGET;
	return 1;
}

/* the V0 engine's profile line */
static int
vllmlog_take_v0_profile(struct vllm_log *l, const char *line)
{
	double v, w;

	if (!number_after(line, "model weights take", &v))
		return 0;
	vllmlog_take_first(l, VLOG_WEIGHTS, &l->weights, v);
	if (number_after(line, "non_torch_memory takes", &w))
		l->non_torch = w;
	if (number_after(line, "activation peak memory takes", &w))
		l->torch_peak = w;
	if (number_after(line, "reserved for KV Cache is", &w)) {
		l->available_kv = w;
		l->have |= VLOG_KV;
	}
	l->have |= VLOG_V0_PROFILE;
	return 1;
}

/* the first error line, from the message on */
static int
vllmlog_take_error(struct vllm_log *l, const char *line)
{
	const char *p, *q;

	if ((l->have & VLOG_ERROR) || (p = strstr(line, "ERROR")) == NULL ||
	    !(strstr(line, "Error") || strstr(line, "error")))
		return 0;
	q = strstr(p, "] ");
	snprintf(l->error, sizeof l->error, "%s", q ? q + 2 : p);
	l->have |= VLOG_ERROR;
	return 1;
}

/* in order: the first that takes a line ends its reading */
static int (*const vllmlog_takers[])(struct vllm_log *, const char *) = {
	vllmlog_take_args,
	vllmlog_take_weights,
	vllmlog_take_snapshot,
	vllmlog_take_profile,
	vllmlog_take_cg_estimate,
	vllmlog_take_kv,
	vllmlog_take_tokens,
	vllmlog_take_blocks,
	vllmlog_take_concurrency,
	vllmlog_take_cg_took,
	vllmlog_take_v0_budget,
	vllmlog_take_v0_profile,
	vllmlog_take_error,
};

static void
parse_line(struct vllm_log *l, const char *line)
{
	size_t i;

	take_version(l, line);
	for (i = 0; i < sizeof vllmlog_takers / sizeof vllmlog_takers[0]; i++)
		if (vllmlog_takers[i](l, line))
			return;
}

int
vllmlog_parse(const char *text, size_t len, struct vllm_log *l, char *err,
    size_t errlen)
{
	char *line = malloc(LINE_MAX_LEN);
	size_t i = 0;

	memset(l, 0, sizeof *l);
	if (line == NULL)
		abort();
	while (i < len) {
		size_t n = 0;

		/* one line; colour codes (ESC [ ... m) dropped; CR ends a line too */
		while (i < len && text[i] != '\n' && text[i] != '\r') {
			if (text[i] == '\033' && i + 1 < len &&
			    text[i + 1] == '[') {
				i += 2;
				while (
				    i < len && !isalpha((unsigned char)text[i]))
					i++;
				i++;
				continue;
			}
			if (n + 1 < LINE_MAX_LEN && text[i] != '\0')
				line[n++] = text[i];
			i++;
		}
		line[n] = '\0';
		i++;
		l->lines++;
		parse_line(l, line);
	}
	free(line);
	if ((l->have & ~(unsigned)VLOG_ERROR) == 0) {
		snprintf(err, errlen,
		    "no vLLM startup line found (looked for the "
		    "version banner, 'non-default args', 'Model loading took', "
		    "'Available KV cache memory', 'GPU KV cache size'): is "
		    "this a "
		    "vLLM log?");
		vllmlog_done(l);
		return -1;
	}
	return 0;
}

const char *
vllmlog_missing(const struct vllm_log *l, char *buf, size_t len)
{
	buf[0] = '\0';
	if (!(l->have & VLOG_WEIGHTS))
		snprintf(buf, len,
		    "the log ends before the weights were loaded (no "
		    "'Model loading took' line): it is cut short, or vLLM "
		    "stopped "
		    "earlier%s%s",
		    l->error[0] ? ": " : "", l->error);
	else if (!(l->have & VLOG_KV))
		snprintf(buf, len,
		    "the log ends before vLLM sized the KV cache (no "
		    "'Available KV cache memory' line): it is cut short, or "
		    "vLLM "
		    "stopped in the profile run%s%s",
		    l->error[0] ? ": " : "", l->error);
	else if (!(l->have & (VLOG_PROFILE | VLOG_V0_PROFILE)))
		snprintf(buf, len,
		    "no 'Memory profiling takes ... torch peak memory "
		    "increase' line (vLLM prints it at DEBUG level: "
		    "VLLM_LOGGING_LEVEL=DEBUG): activation and non-torch "
		    "memory are "
		    "not measured one by one");
	return buf;
}
