/*
 * lists.c - list rows for the GPU and model panes.
 */
#include "lists.h"

#include <ctype.h>
#include <string.h>

size_t
lists_gpu_rows(const struct catalogue *c, struct gpu_row *out, size_t max)
{
	size_t n = 0, i, j, k;

	for (i = 0; i < c->n_gpus; i++) {
		const char *fam = c->gpus[i].family ? c->gpus[i].family : "";
		bool seen = false;

		for (k = 0; k < i && !seen; k++)
			seen =
			    strcmp(c->gpus[k].family ? c->gpus[k].family : "",
				fam) == 0;
		if (seen)
			continue;
		if (out && n < max)
			out[n] =
			    (struct gpu_row){ ROW_FAMILY, (int)i, -1, fam };
		n++;
		for (k = i; k < c->n_gpus; k++) {
			if (strcmp(c->gpus[k].family ? c->gpus[k].family : "",
				fam) != 0)
				continue;
			if (out && n < max)
				out[n] = (struct gpu_row){ ROW_GPU, (int)k, -1,
					fam };
			n++;
			for (j = 0; j < c->gpus[k].n_mig; j++) {
				if (out && n < max)
					out[n] = (struct gpu_row){ ROW_MIG,
						(int)k, (int)j, fam };
				n++;
			}
		}
	}
	return n;
}

int
lists_gpu_find(const struct gpu_row *r, size_t n, int gpu, int mig)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (r[i].kind != ROW_FAMILY && r[i].gpu == gpu &&
		    r[i].mig == (mig >= 0 ? mig : -1))
			return (int)i;
	return -1;
}

int
lists_gpu_move(const struct gpu_row *r, size_t n, int row, int dir)
{
	int i = row + dir;

	while (i >= 0 && i < (int)n) {
		if (r[i].kind != ROW_FAMILY)
			return i;
		i += dir > 0 ? 1 : -1;
	}
	return row;
}

static bool
contains(const char *hay, const char *needle)
{
	size_t n = strlen(needle), i, j;

	if (hay == NULL)
		return false;
	if (n == 0)
		return true;
	for (i = 0; hay[i] != '\0'; i++) {
		for (j = 0; j < n && hay[i + j] != '\0'; j++)
			if (tolower((unsigned char)hay[i + j]) !=
			    tolower((unsigned char)needle[j]))
				break;
		if (j == n)
			return true;
	}
	return false;
}

/* Every space-separated word of q is in one of the texts. */
static bool
words_in(const char *q, const char *const *texts, size_t nt)
{
	char w[64];

	while (*q != '\0') {
		size_t n = 0, i;
		bool found = false;

		while (*q == ' ')
			q++;
		while (*q != '\0' && *q != ' ' && n + 1 < sizeof w)
			w[n++] = *q++;
		while (*q != '\0' && *q != ' ')
			q++; /* a word longer than w: its start is enough */
		w[n] = '\0';
		if (n == 0)
			continue;
		for (i = 0; i < nt && !found; i++)
			found = contains(texts[i], w);
		if (!found)
			return false;
	}
	return true;
}

bool
lists_gpu_row_matches(const struct catalogue *c, const struct gpu_row *r,
    const char *q)
{
	const struct gpu *g = &c->gpus[r->gpu];
	const char *t[4] = { g->id, g->name, g->family,
		r->kind == ROW_MIG ? g->mig[r->mig].name : NULL };

	return words_in(q, t, 4);
}

size_t
lists_gpu_filter(const struct catalogue *c, const struct gpu_row *all, size_t n,
    const char *q, struct gpu_row *out)
{
	size_t i, j, k = 0, fam = 0;
	bool fam_kept = true;

	for (i = 0; i < n; i++) {
		bool keep = false;

		if (q == NULL || *q == '\0') {
			out[k++] = all[i];
			continue;
		}
		if (all[i].kind == ROW_FAMILY) {
			fam = i;
			fam_kept = false;
			continue;
		}
		if (all[i].kind == ROW_GPU) {
			keep = lists_gpu_row_matches(c, &all[i], q);
			for (j = i + 1;
			     j < n && all[j].kind == ROW_MIG && !keep; j++)
				keep = lists_gpu_row_matches(c, &all[j], q);
		} else {
			keep = lists_gpu_row_matches(c, &all[i], q);
		}
		if (!keep)
			continue;
		if (!fam_kept) {
			out[k++] = all[fam];
			fam_kept = true;
		}
		out[k++] = all[i];
	}
	return k;
}

bool
lists_model_matches(const struct model *m, const char *q)
{
	size_t i;

	if (q == NULL || *q == '\0')
		return true;
	if (contains(m->id, q) || contains(m->name, q) ||
	    contains(m->family, q))
		return true;
	for (i = 0; i < m->n_aliases; i++)
		if (contains(m->aliases[i], q))
			return true;
	return false;
}

size_t
lists_models(const struct catalogue *c, const char *q, int *out, size_t max)
{
	size_t n = 0, i;

	for (i = 0; i < c->n_models; i++) {
		if (!lists_model_matches(&c->models[i], q))
			continue;
		if (out && n < max)
			out[n] = (int)i;
		n++;
	}
	return n;
}
