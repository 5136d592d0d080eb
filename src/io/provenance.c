/*
 * provenance.c - report pieces for imports and calibration (see
 * provenance.h).
 */
#include "provenance.h"

#include "io/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/shellwords.h"

const char *
provenance_basis(const struct plan *p, unsigned term)
{
	return p->calibrated & term ? "calibrated" : "estimate";
}

const char *
provenance_basis_pair(const struct plan *p)
{
	unsigned both = PLAN_CAL_ACTIVATION | PLAN_CAL_NON_TORCH;

	if ((p->calibrated & both) == both)
		return "calibrated";
	if (p->calibrated & PLAN_CAL_ACTIVATION)
		return "activation calibrated, non-torch estimated";
	if (p->calibrated & PLAN_CAL_NON_TORCH)
		return "activation estimated, non-torch calibrated";
	return "estimates";
}

/* Calls fn for each group: a word starting with '-' and the words after it
 * that do not, but for a modelled --hf-overrides. */
static void
groups(const struct plan_input *in, void (*fn)(void *, const char *), void *ctx)
{
	char g[1024], ex[600];
	size_t i = 0;

	while (i < in->n_extra_flags) {
		size_t o = 0;

		/* an --hf-overrides whose every key headroom read is modelled;
		 * kept only to be written as given (cli.c sets not_modelled
		 * to it otherwise) */
		if (strncmp(in->extra_flags[i], "--hf-overrides=", 15) == 0 &&
		    (in->not_modelled == NULL ||
			strcmp(in->not_modelled, in->extra_flags[i]) != 0)) {
			i++;
			continue;
		}
		g[0] = '\0';
		do {
			shellwords_excerpt(in->extra_flags[i], 200, ex,
			    sizeof ex);
			o += (size_t)snprintf(g + o,
			    o < sizeof g ? sizeof g - o : 0, "%s%s",
			    o ? " " : "", ex);
			i++;
		} while (i < in->n_extra_flags &&
		    in->extra_flags[i][0] != '-' && o < sizeof g);
		fn(ctx, g);
	}
}

struct joiner {
	char *buf;
	size_t len, o;
};

static void
join_one(void *ctx, const char *g)
{
	struct joiner *j = ctx;

	if (j->o < j->len)
		j->o += (size_t)snprintf(j->buf + j->o, j->len - j->o, "%s%s",
		    j->o ? ", " : "", g);
}

void
provenance_not_modelled(const struct plan_input *in, char *buf, size_t len)
{
	struct joiner j = { buf, len, 0 };

	if (len > 0)
		buf[0] = '\0';
	groups(in, join_one, &j);
}

static void
add_one(void *ctx, const char *g)
{
	cJSON_AddItemToArray(ctx, cJSON_CreateString(g));
}

cJSON *
provenance_not_modelled_json(const struct plan_input *in)
{
	cJSON *arr = cJSON_CreateArray();

	groups(in, add_one, arr);
	return arr;
}

void
provenance_calibrated_json(const struct plan *p, cJSON *arr)
{
	if (p->calibrated & PLAN_CAL_WEIGHTS)
		cJSON_AddItemToArray(arr, cJSON_CreateString("weights"));
	if (p->calibrated & PLAN_CAL_ACTIVATION)
		cJSON_AddItemToArray(arr, cJSON_CreateString("activation"));
	if (p->calibrated & PLAN_CAL_NON_TORCH)
		cJSON_AddItemToArray(arr, cJSON_CreateString("non_torch"));
	if (p->calibrated & PLAN_CAL_CUDA_GRAPHS)
		cJSON_AddItemToArray(arr, cJSON_CreateString("cuda_graphs"));
}
