/*
 * model_search.c - cache listing and Hub reads for the planner's model
 * pane (model_search.h).  Invariant: a model handed out is never freed
 * before the app, and each id is read once per planner run.
 */
#include "model_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "io/hf_cache.h"
#include "io/hf_hub.h"
#include "io/model_find.h"
#include "app_state.h"
#include "keys.h"
#include "render.h"

struct loaded {
	struct model *m;
	int64_t wb;
};

struct model_search {
	char **ids; /* the last listing */
	size_t n_ids;
	struct loaded *loaded;
	size_t n_loaded;
};

static struct model_search *
state(struct app *a)
{
	if (a->msearch == NULL) {
		a->msearch = calloc(1, sizeof *a->msearch);
		if (a->msearch == NULL)
			abort();
	}
	return a->msearch;
}

static void
drop_ids(struct model_search *s)
{
	size_t i;

	for (i = 0; i < s->n_ids; i++)
		free(s->ids[i]);
	free(s->ids);
	s->ids = NULL;
	s->n_ids = 0;
}

size_t
model_search_cached(struct app *a, const char *q, const char *skip)
{
	struct model_search *s = state(a);
	char root[4096], **all;
	size_t n, i;

	drop_ids(s);
	if (hf_cache_root(root, sizeof root) != 0)
		return 0;
	n = hf_cache_list(root, q, &all);
	for (i = 0; i < n; i++) {
		if ((skip != NULL && strcmp(all[i], skip) == 0) ||
		    catalogue_find_model(a->cat, all[i]) >= 0 ||
		    catalogue_find_ckpt(a->cat, all[i]) >= 0) {
			free(all[i]);
			continue;
		}
		all[s->n_ids++] = all[i];
	}
	s->ids = all;
	if (s->n_ids == 0) {
		free(all);
		s->ids = NULL;
	}
	return s->n_ids;
}

const char *
model_search_id(const struct app *a, size_t k)
{
	return a->msearch != NULL && k < a->msearch->n_ids ? a->msearch->ids[k]
							   : "";
}

const char *
model_search_mark(const struct model *m)
{
	const char *s = model_find_source(m);

	return strcmp(s, "directory") == 0 ? "local" : s;
}

/*
 * The fetch's progress on the status line, painted at once; Esc or Ctrl-C
 * typed meanwhile cancels it (other keys wait for the planner).
 */
static int
progress(void *ctx, const char *line)
{
	struct app *a = ctx;
	int c, delay;

	if (line == NULL)
		return 0;
	if (strncmp(line, "headroom: ", 10) == 0)
		line += 10;
	app_state_set_status(a, ROLE_STATUS_OK, "%s (Esc: cancel)", line);
	render_frame(a);
	delay = wgetdelay(stdscr);
	wtimeout(stdscr, 0);
	c = wgetch(stdscr);
	wtimeout(stdscr, delay);
	if (c == KEYS_ESC || c == 3)
		return 1;
	if (c != ERR)
		ungetch(c);
	return 0;
}

int
model_search_load(struct app *a, const char *id, bool hub,
    const struct model **out, int64_t *wb, char *err, size_t errlen)
{
	struct model_search *s = state(a);
	struct model_found f;
	struct model *m;
	struct loaded *l;
	size_t i;
	int rc;

	for (i = 0; i < s->n_loaded; i++)
		if (strcmp(s->loaded[i].m->id, id) == 0) {
			*out = s->loaded[i].m;
			*wb = s->loaded[i].wb;
			return 0;
		}
	m = calloc(1, sizeof *m);
	if (m == NULL)
		abort();
	if (!hub && !hf_hub_offline()) {
		/* a cached id: the cache only, whatever the network */
		char root[4096], dir[4200], commit[41];

		if (hf_cache_root(root, sizeof root) != 0 ||
		    hf_cache_snapshot(root, id, NULL, dir, sizeof dir, commit,
			err, errlen) != 0) {
			free(m);
			return -1;
		}
	}
	if (hub && !hf_hub_offline()) {
		app_state_set_status(a, ROLE_STATUS_OK,
		    "looking for %s in the Hugging Face "
		    "cache, then on the Hub ...",
		    id);
		render_frame(a);
	}
	rc = model_find(id, NULL, m, wb, &f, err, errlen);
	if (rc != 0) {
		if (rc > 0 && err[0] == '\0')
			snprintf(err, errlen, "%s: not found", id);
		free(m);
		return -1;
	}
	l = realloc(s->loaded, (s->n_loaded + 1) * sizeof *s->loaded);
	if (l == NULL)
		abort();
	s->loaded = l;
	s->loaded[s->n_loaded].m = m;
	s->loaded[s->n_loaded].wb = *wb;
	s->n_loaded++;
	*out = m;
	return 0;
}

void
model_search_attach(struct app *a)
{
	hf_hub_set_progress(progress, a);
}

void
model_search_free(struct model_search **sp)
{
	struct model_search *s = *sp;
	size_t i;

	if (s == NULL)
		return;
	drop_ids(s);
	for (i = 0; i < s->n_loaded; i++) {
		model_done(s->loaded[i].m);
		free(s->loaded[i].m);
	}
	free(s->loaded);
	free(s);
	*sp = NULL;
}
