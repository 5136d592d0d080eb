/*
 * pane_model.c - the model list: the catalogue's models filtered by the
 * search as it is typed, then the models of the Hugging Face cache; a
 * model from outside the catalogue is marked with where it comes from.
 * Enter plans the model; a Hub id nowhere in the lists is read from the
 * cache or the Hub (model_search.h).
 */
#include "pane.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"
#include "draw.h"
#include "io/hf_cache.h"
#include "model_search.h"

struct model_pane {
	/* filtered catalogue indexes; -1 = a local model, -2 - k = the k-th
	 * cached id (model_search.h) */
	int *models;
	size_t n_models;
	char search[64];
	struct list_view view;
};

static void
pane_model_draw(struct app *a, void *state, const struct rect *r)
{
	struct model_pane *mp = state;
	const struct plan_input *in = recalc_input(a->calc);
	int rows = pane_list_rows(r), i;
	char right[80];
	bool focused = a->focus == PANE_MODEL;

	draw_clear(&a->theme, ROLE_DEFAULT, r);
	if (mp->search[0] != '\0')
		snprintf(right, sizeof right, "/%s %zu", mp->search,
		    mp->n_models);
	else
		snprintf(right, sizeof right, "%zu", mp->n_models);
	pane_header(a, r, PANE_MODEL, "2 Model", right);
	pane_view_fit(&mp->view, (int)mp->n_models, rows);
	if (mp->n_models == 0 && rows > 0)
		draw_text(&a->theme, ROLE_MUTED, r->y + 1, r->x + 1, r->w - 1,
		    "no model matches", a->g->ellipsis);
	for (i = 0; i < rows && mp->view.top + i < (int)mp->n_models; i++) {
		int idx = mp->view.top + i, y = r->y + 1 + i;
		int mi = mp->models[idx];
		const struct model *m =
		    mi >= 0 ? &a->cat->models[mi] : in->model;
		const char *name;
		bool cur = idx == mp->view.cursor,
		     chosen = mi > -2 && m == in->model;
		enum role role = cur
		    ? (focused ? ROLE_SELECTION : ROLE_SELECTION_INACTIVE)
		    : ROLE_DEFAULT;
		char text[200];

		if (m == NULL && mi > -2)
			continue;
		if (cur)
			draw_pad(&a->theme, role, y, r->x, r->w);
		draw_text(&a->theme, chosen ? ROLE_CHOSEN : role, y, r->x, 1,
		    chosen ? a->g->chosen : " ", NULL);
		/* outside the catalogue: marked with where it comes from */
		if (mi <= -2)
			snprintf(text, sizeof text, " (cache) %s",
			    model_search_id(a, (size_t)(-2 - mi)));
		else if (mi == -1)
			snprintf(text, sizeof text, " (%s) %s",
			    model_search_mark(m), m->id);
		else
			snprintf(text, sizeof text, " %s",
			    (name = m->name) && *name ? name : m->id);
		draw_text(&a->theme, role, y, r->x + 1, r->w - 1, text,
		    a->g->ellipsis);
	}
}

static bool
model_is_local(const struct app *a, const struct model *m)
{
	return m != NULL &&
	    (a->cat->models == NULL || m < a->cat->models ||
		m >= a->cat->models + a->cat->n_models);
}

/* The rows: the local model, the catalogue's matches, the cache's. */
static void
model_pane_filter(struct app *a, struct model_pane *mp)
{
	const struct model *cur = recalc_input(a->calc)->model;
	size_t n = 0, k, nc;

	/* after the catalogue, the Hugging Face cache's other models */
	nc = model_search_cached(a, mp->search,
	    model_is_local(a, cur) ? cur->id : NULL);
	mp->models = xrealloc(mp->models,
	    (a->cat->n_models + 2 + nc) * sizeof *mp->models);
	if (model_is_local(a, cur) && lists_model_matches(cur, mp->search))
		mp->models[n++] = -1;
	n += lists_models(a->cat, mp->search, mp->models + n, a->cat->n_models);
	for (k = 0; k < nc; k++)
		mp->models[n++] = -2 - (int)k;
	mp->n_models = n;
	app_state_repaint(a, PANE_BIT(PANE_MODEL));
}

/* The row of a model (0 when it is filtered out). */
static int
model_row(const struct app *a, const struct model_pane *mp,
    const struct model *m)
{
	size_t i;

	for (i = 0; i < mp->n_models; i++) {
		int mi = mp->models[i];

		if ((mi == -1 && model_is_local(a, m)) ||
		    (mi >= 0 && &a->cat->models[mi] == m))
			return (int)i;
	}
	return 0;
}

/* Every model, the cursor on the planned one, a third down the pane. */
static void
model_pane_init(struct app *a, void *state)
{
	struct model_pane *mp = state;
	int rows = pane_list_rows(&a->lay.pane[PANE_MODEL]);

	model_pane_filter(a, mp);
	mp->view.cursor = model_row(a, mp, recalc_input(a->calc)->model);
	pane_view_open(&mp->view, rows);
}

static void
model_pane_done(void *state)
{
	struct model_pane *mp = state;

	free(mp->models);
}

/* Plans a model from outside the catalogue: the cache, or (hub) the Hub too. */
static void
choose_outside(struct app *a, const char *id, bool hub)
{
	struct plan_input in = *recalc_input(a->calc);
	const struct model *m;
	int64_t wb;
	char err[1024], idc[256];

	snprintf(idc, sizeof idc, "%s", id);
	if (model_search_load(a, idc, hub, &m, &wb, err, sizeof err) != 0) {
		app_state_set_status(a, ROLE_STATUS_ERROR, "%s", err);
		return;
	}
	if (m == in.model)
		return;
	in.model = m;
	in.weight_bytes = wb;
	in.quantization_fp8 = false;
	in.format = FMT_COUNT;
	in.ckpt = -1;
	in.revision = NULL;
	app_state_apply(a, &in, TAG_NONE);
	app_state_set_status(a, ROLE_STATUS_OK,
	    "model: %s (not in the catalogue; from %s)", m->id,
	    m->source ? m->source : model_search_mark(m));
}

/* Enter: the model under the cursor, with its default checkpoint. */
static void
choose(struct app *a, struct model_pane *mp)
{
	struct plan_input in = *recalc_input(a->calc);
	const struct model *m;
	enum ckpt_format f;
	int mi, k;

	if (mp->n_models == 0)
		return;
	mi = mp->models[mp->view.cursor];
	if (mi == -1)
		return; /* the local model is already the one in use */
	if (mi <= -2) {
		choose_outside(a, model_search_id(a, (size_t)(-2 - mi)), false);
		return;
	}
	m = &a->cat->models[mi];
	if (m == in.model)
		return;
	in.model = m;
	in.weight_bytes = 0;
	in.quantization_fp8 = false;
	in.format = FMT_COUNT;
	in.revision = NULL; /* a --revision was the Hub model's */
	k = -1;
	if (m->default_checkpoint &&
	    ckpt_format_parse(m->default_checkpoint, &f) == 0)
		k = catalogue_model_ckpt(a->cat, mi, f);
	if (k < 0)
		k = catalogue_model_ckpt(a->cat, mi, m->native_format);
	in.ckpt = k;
	app_state_apply(a, &in, TAG_NONE);
	app_state_set_status(a, ROLE_STATUS_OK, "model: %s", m->id);
}

static bool
model_action(struct app *a, void *state, enum action act)
{
	struct model_pane *mp = state;

	switch (act) {
	case ACT_CHOOSE: choose(a, mp); return true;
	case ACT_SEARCH:
		app_state_open_prompt(a, PROMPT_SEARCH, "search models",
		    mp->search);
		return true;
	default:
		return pane_list_action(a, PANE_MODEL, &mp->view,
		    (int)mp->n_models, act);
	}
}

static bool
model_hint(struct app *a, void *state, char *buf, size_t len)
{
	struct model_pane *mp = state;
	const struct plan_input *in = recalc_input(a->calc);
	int mi = mp->n_models > 0 && mp->view.cursor < (int)mp->n_models
	    ? mp->models[mp->view.cursor]
	    : 0;
	char k1[16];

	/* outside the catalogue: where the model comes from */
	if (mi <= -2)
		snprintf(buf, len,
		    "%s: in the Hugging Face cache, not in the "
		    "catalogue. Enter: plan it from there; %s: search",
		    model_search_id(a, (size_t)(-2 - mi)),
		    action_key(ACT_SEARCH, k1, sizeof k1));
	else if (mi == -1 && in->model != NULL)
		snprintf(buf, len,
		    "%s: not in the catalogue, read from %s; %s: "
		    "search (a Hub id not listed: Enter)",
		    in->model->id,
		    in->model->source ? in->model->source : "a folder",
		    action_key(ACT_SEARCH, k1, sizeof k1));
	else
		snprintf(buf, len,
		    "Enter: use this model; %s: search (a Hub id "
		    "not listed: Enter)",
		    action_key(ACT_SEARCH, k1, sizeof k1));
	return true;
}

/* Another model planned: the list shows it (a local one among the rows). */
static void
model_follow(struct app *a, void *state, unsigned chg, unsigned groups)
{
	struct model_pane *mp = state;

	(void)chg;
	if (!(groups & PANE_IN(RECALC_IN_MODEL)))
		return;
	model_pane_filter(a, mp);
	mp->view.cursor = model_row(a, mp, recalc_input(a->calc)->model);
}

/* The search filters as it is typed; Enter plans the one match, or a Hub id. */
static void
model_prompt(struct app *a, void *state, enum pane_prompt ev)
{
	struct model_pane *mp = state;
	char id[sizeof mp->search];

	switch (ev) {
	case PANE_PROMPT_EDITED:
		snprintf(mp->search, sizeof mp->search, "%.*s",
		    (int)sizeof mp->search - 1, a->prompt.text);
		model_pane_filter(a, mp);
		mp->view.cursor = 0;
		mp->view.top = 0;
		return;
	case PANE_PROMPT_CANCELLED:
		mp->search[0] = '\0';
		model_pane_filter(a, mp);
		mp->view.cursor =
		    model_row(a, mp, recalc_input(a->calc)->model);
		return;
	case PANE_PROMPT_ACCEPTED: break;
	}
	snprintf(id, sizeof id, "%s", mp->search);
	if (mp->n_models == 1) {
		choose(a, mp);
	} else if (mp->n_models == 0 && hf_repo_id_valid(id)) {
		/* an id nowhere in the lists: the cache, then the Hub */
		mp->search[0] = '\0';
		choose_outside(a, id, true);
		model_pane_filter(a, mp);
		mp->view.cursor =
		    model_row(a, mp, recalc_input(a->calc)->model);
	} else if (mp->n_models == 0) {
		/* nothing matches: the whole list again, not an empty pane */
		app_state_set_status(a, ROLE_STATUS_ERROR,
		    "no model matches '%s' (a Hub id is ORG/NAME)", id);
		mp->search[0] = '\0';
		model_pane_filter(a, mp);
		mp->view.cursor =
		    model_row(a, mp, recalc_input(a->calc)->model);
	}
}

/* the model in use is marked */
const struct pane_ops pane_model_ops = {
	.name = "model",
	.on_change = 0,
	.on_input = PANE_IN(RECALC_IN_MODEL),
	.state_size = sizeof(struct model_pane),
	.init = model_pane_init,
	.draw = pane_model_draw,
	.action = model_action,
	.hint = model_hint,
	.follow = model_follow,
	.prompt = model_prompt,
	.done = model_pane_done,
};
