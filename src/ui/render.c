/*
 * render.c - one frame (see render.h).  Nothing here decides what
 * changed: the update step has set app.dirty; a frame only paints.
 */
#include "render.h"

#include "app_state.h"
#include "draw.h"
#include "overlay.h"
#include "pane.h"

static void
draw_separators(struct app *a)
{
	int i, j;

	for (i = 0; i < 3; i++) {
		if (a->lay.sep_x[i] < 0)
			continue;
		for (j = 0; j < a->lay.sep_h[i]; j++)
			draw_text(&a->theme, ROLE_SEPARATOR,
			    a->lay.sep_y[i] + j, a->lay.sep_x[i], 1,
			    a->g->vline, NULL);
	}
}

void
render_frame(struct app *a)
{
	int p;

	if (a->full) {
		erase();
		a->dirty = PANE_ALL;
	}
	a->painted = 0;
	if (a->lay.too_small) {
		if (a->dirty != 0)
			pane_too_small_draw(a);
		a->painted = a->dirty;
		a->dirty = 0;
		a->full = false;
		curs_set(0);
		wnoutrefresh(stdscr);
		doupdate();
		return;
	}
	for (p = 0; p < PANE_COUNT; p++) {
		if (!(a->dirty & PANE_BIT(p)) || a->lay.pane[p].h <= 0 ||
		    p == PANE_STATUS)
			continue;
		pane_draw(a, (enum pane_id)p, &a->lay.pane[p]);
		a->painted |= PANE_BIT(p);
	}
	if (a->full)
		draw_separators(a);
	if (a->overlay != OVERLAY_NONE)
		overlay_draw(a);
	/* the status row last: it leaves the cursor in the prompt */
	if (a->dirty & PANE_BIT(PANE_STATUS)) {
		pane_draw(a, PANE_STATUS, &a->lay.pane[PANE_STATUS]);
		a->painted |= PANE_BIT(PANE_STATUS);
	}
	curs_set(a->prompt.kind != PROMPT_NONE ? 1 : 0);
	a->dirty = 0;
	a->full = false;
	wnoutrefresh(stdscr);
	doupdate();
}
