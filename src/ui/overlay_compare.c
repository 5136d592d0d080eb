/*
 * overlay_compare.c - the plan beside scenario files (c): the prompt takes
 * file names and patterns (the example scenarios first), the overlay
 * shows compare_text() rendered once, scrolled with the arrows.
 */
#include "overlay_compare.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app_state.h"
#include "overlay.h"
#include "core/xalloc.h"
#include "io/cli.h"
#include "io/compare.h"
#include "io/model_find.h"
#include "io/shellwords.h"

#define COMPARE_PATH 4096

#ifndef HEADROOM_THEMEDIR
#define HEADROOM_THEMEDIR ""
#endif

struct compare_view {
	char list[COMPARE_PATH]; /* the last compare list */
	char *text; /* what the overlay shows */
};

/*
 * The example scenarios for the compare prompt: the current folder's
 * data/scenarios, or the installed ones (next to the installed themes).
 */
static void
compare_init(struct app *a, struct overlay *o)
{
	struct compare_view *v = o->state;
	const char *themes = HEADROOM_THEMEDIR;
	const char *slash = strrchr(themes, '/');
	struct stat sb;

	(void)a;
	if (stat("data/scenarios", &sb) == 0 && S_ISDIR(sb.st_mode))
		snprintf(v->list, sizeof v->list, "data/scenarios/*.yaml");
	else if (slash != NULL)
		snprintf(v->list, sizeof v->list, "%.*s/scenarios/*.yaml",
		    (int)(slash - themes), themes);
	else
		snprintf(v->list, sizeof v->list, "data/scenarios/*.yaml");
}

static void
compare_done(struct overlay *o)
{
	struct compare_view *v = o->state;

	free(v->text);
	v->text = NULL;
}

void
overlay_compare_ask(struct app *a)
{
	struct compare_view *v = overlay_state(a, OVERLAY_COMPARE);

	app_state_open_prompt(a, PROMPT_COMPARE, "compare with scenario files",
	    v->list);
}

int
overlay_compare_accept(struct app *a, char *err, size_t errlen)
{
	struct compare_view *v = overlay_state(a, OVERLAY_COMPARE);
	struct shellwords sw;
	struct compare_set set;
	struct compare_col cols[CLI_MAX_COMPARE + 1];
	const char *paths[CLI_MAX_COMPARE];
	char *store[CLI_MAX_COMPARE];
	size_t i, n = 0, ncol;
	glob_t g;
	int rc;

	if (shellwords_split(a->prompt.text, &sw, err, errlen) != 0)
		return -1;
	for (i = 0; i < sw.n && n < CLI_MAX_COMPARE; i++) {
		size_t k;

		memset(&g, 0, sizeof g);
		if (glob(sw.w[i], GLOB_NOCHECK, NULL, &g) != 0) {
			globfree(&g);
			continue;
		}
		for (k = 0; k < g.gl_pathc && n < CLI_MAX_COMPARE; k++) {
			store[n] = xstrdup(g.gl_pathv[k]);
			paths[n] = store[n];
			n++;
		}
		globfree(&g);
	}
	shellwords_done(&sw);
	if (n == 0) {
		snprintf(err, errlen, "name one or more scenario files");
		return -1;
	}
	rc = compare_set_load(&set, a->cat, paths, n, err, errlen);
	for (i = 0; i < n; i++)
		free(store[i]);
	if (rc != 0)
		return -1;
	cols[0].label = "this plan";
	cols[0].file = NULL;
	cols[0].in = recalc_input(a->calc);
	cols[0].plan = recalc_plan(a->calc);
	cols[0].model_source = model_find_input_source(a->cat, cols[0].in);
	ncol = compare_set_cols(&set, cols, 1, CLI_MAX_COMPARE + 1);
	snprintf(v->list, sizeof v->list, "%s", a->prompt.text);
	free(v->text);
	v->text = compare_text(a->cat, cols, ncol, 24);
	compare_set_done(&set);
	overlay_open(a, OVERLAY_COMPARE);
	return 0;
}

static void
compare_draw(struct app *a, struct overlay *o)
{
	struct compare_view *v = o->state;

	overlay_text_draw(a, o, "Compare (Esc or c closes; arrows scroll)",
	    v->text);
}

const struct overlay_ops overlay_compare_ops = {
	.name = "compare",
	.toggle = { ACT_COMPARE, ACT_NONE },
	.scroll = OVERLAY_SCROLL_LINES | OVERLAY_SCROLL_SIDE,
	.state_size = sizeof(struct compare_view),
	.init = compare_init,
	.draw = compare_draw,
	.done = compare_done,
};
