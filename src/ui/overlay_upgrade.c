/*
 * overlay_upgrade.c - this plan under another vLLM release (U):
 * Left/Right pick it; every behaviour and figure that changes, and
 * whether it still starts; Enter switches the planner to it.
 * --compare-version opens it.
 *
 * upgrade_compare() runs when the release changes; the draw lays out the
 * answer kept in the state.
 */
#include "overlay.h"

#include <stdio.h>

#include "app_state.h"
#include "core/upgrade.h"
#include "core/vllm_version.h"
#include "draw.h"
#include "keys.h"

#define MAX_LINES 200

struct upgrade_view {
	int to_version;
	struct upgrade_result upgrade;
};

static void
upgrade_run(struct app *a, struct upgrade_view *v)
{
	upgrade_compare(a->cat, recalc_input(a->calc),
	    recalc_input(a->calc)->version, v->to_version, &v->upgrade);
}

static void
upgrade_open(struct app *a, struct overlay *o)
{
	struct upgrade_view *v = o->state;
	const struct plan_input *in = recalc_input(a->calc);

	if (v->to_version <= 0) {
		int cur = in->version > 0 ? in->version : VLLM_VER_NEWEST;
		int i = vllm_version_index(cur);

		v->to_version = i + 1 < (int)vllm_n_known_versions
		    ? vllm_known_versions[i + 1]
		    : i > 0 ? vllm_known_versions[i - 1]
			    : cur;
	}
	upgrade_run(a, v);
}

/* --compare-version V */
static bool
upgrade_start(struct app *a, struct overlay *o, const struct sizing_opts *opts)
{
	struct upgrade_view *v = o->state;

	if (opts->n_instances > 0 || opts->need > 0 ||
	    opts->compare_version <= 0)
		return false;
	v->to_version = opts->compare_version;
	overlay_open(a, OVERLAY_UPGRADE);
	return true;
}

static enum overlay_key
upgrade_key(struct app *a, struct overlay *o, int c, enum action act,
    struct plan_input *apply)
{
	struct upgrade_view *v = o->state;
	int i = vllm_version_index(v->to_version);

	if (c == KEYS_ENTER) {
		*apply = *recalc_input(a->calc);
		apply->version = v->to_version;
		return OVERLAY_KEY_APPLY;
	}
	switch (act) {
	case ACT_SLIDER_INC:
		if (i + 1 < (int)vllm_n_known_versions)
			v->to_version = vllm_known_versions[i + 1];
		upgrade_run(a, v);
		return OVERLAY_KEY_TAKEN;
	case ACT_SLIDER_DEC:
		if (i > 0)
			v->to_version = vllm_known_versions[i - 1];
		upgrade_run(a, v);
		return OVERLAY_KEY_TAKEN;
	default: return OVERLAY_KEY_IGNORED; /* Up/Down, PgUp/PgDn scroll */
	}
}

static void
upgrade_draw(struct app *a, struct overlay *o)
{
	struct upgrade_view *v = o->state;
	const struct upgrade_result *u = &v->upgrade;
	struct overlay_lines L;
	struct rect b;
	char va[16], vb[16], t[300];
	size_t i;

	overlay_lines_init(&L, MAX_LINES);
	vllm_version_format(u->from, va, sizeof va);
	vllm_version_format(u->to, vb, sizeof vb);
	snprintf(t, sizeof t,
	    "This plan under vLLM %s and %s (U or Esc closes; %s %s "
	    "picks the release; Enter switches to it)",
	    va, vb, a->g->left, a->g->right);
	overlay_frame(a, &b, t);
	overlay_lines_wrapped(&L,
	    u->breaks || !u->starts_b ? ROLE_VERDICT_FAIL : ROLE_VERDICT_OK, 0,
	    b.w - 4, u->verdict);
	if (u->advice[0])
		overlay_lines_wrapped(&L, ROLE_WARNING, 0, b.w - 4, u->advice);
	overlay_lines_add(&L, ROLE_HELP_TITLE, 0,
	    "%zu release difference%s this plan depends on", u->n_changes,
	    u->n_changes == 1 ? "" : "s");
	for (i = 0; i < u->n_changes; i++) {
		snprintf(t, sizeof t, "%s: %s %s %s", u->changes[i].what,
		    u->changes[i].from, a->g->arrow, u->changes[i].to);
		overlay_lines_wrapped(&L, ROLE_HELP_KEY, 0, b.w - 4, t);
		if (u->changes[i].effect[0])
			overlay_lines_wrapped(&L, ROLE_HELP, 2, b.w - 4,
			    u->changes[i].effect);
	}
	overlay_lines_add(&L, ROLE_HELP_TITLE, 0, "figures that move");
	for (i = 0; i < u->n_figures; i++)
		overlay_lines_add(&L, ROLE_HELP, 0, "%-34s %14s %s %-14s %s",
		    u->figures[i].what, u->figures[i].from, a->g->arrow,
		    u->figures[i].to, u->figures[i].effect);
	if (u->n_figures == 0)
		overlay_lines_add(&L, ROLE_HELP, 0, "none");
	overlay_lines_draw(a, &b, 2, &L, &o->top);
	overlay_lines_done(&L);
}

const struct overlay_ops overlay_upgrade_ops = {
	.name = "upgrade",
	.toggle = { ACT_UPGRADE_VIEW, ACT_NONE },
	.scroll = OVERLAY_SCROLL_LINES | OVERLAY_SCROLL_PAGES,
	.page = 5,
	.state_size = sizeof(struct upgrade_view),
	.open = upgrade_open,
	.start = upgrade_start,
	.draw = upgrade_draw,
	.key = upgrade_key,
};
