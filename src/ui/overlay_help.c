/*
 * overlay_help.c - the keys overlay (? or F1): every action of the key
 * table (action.h) with its keys and help, by context, so the help shown
 * is the binding in force.  Up/Down, PgUp/PgDn, Home/End scroll; it has
 * no state.
 */
#include "overlay.h"

#include "app_state.h"
#include "draw.h"

/* The rows the help has: per context its title, its actions and a blank row. */
static int
help_lines(void)
{
	int n = 0, c, i;

	for (c = 0; c < CTX_COUNT; c++) {
		n += 2;
		for (i = 1; i < ACT_COUNT; i++)
			if ((int)action_info((enum action)i)->ctx == c)
				n++;
	}
	return n;
}

static int
help_max_top(struct app *a, struct overlay *o)
{
	(void)o;
	return help_lines() - (a->rows - 4);
}

static void
help_draw(struct app *a, struct overlay *o)
{
	struct rect box;
	int c, i, line = 0, y, rows;

	overlay_frame(a, &box,
	    "headroom keys (Esc or ? closes; Up/Down, PgUp/PgDn, Home/End "
	    "scroll)");
	rows = box.h - 2;
	y = box.y + 2;
	if (box.w > 90) {
		box.x += (box.w - 90) / 2;
		box.w = 90;
	}
	for (c = 0; c < CTX_COUNT; c++) {
		const char *title = action_ctx_title((enum action_ctx)c);

		if (line >= o->top && line - o->top < rows)
			draw_text(&a->theme, ROLE_HELP_TITLE, y + line - o->top,
			    box.x + 2, box.w - 4, title, a->g->ellipsis);
		line++;
		for (i = 1; i < ACT_COUNT; i++) {
			const struct action_info *ai =
			    action_info((enum action)i);
			int ly = y + line - o->top;

			if ((int)ai->ctx != c)
				continue;
			if (line >= o->top && line - o->top < rows) {
				draw_text(&a->theme, ROLE_HELP_KEY, ly,
				    box.x + 4, 20, ai->keys, a->g->ellipsis);
				draw_text(&a->theme, ROLE_HELP, ly, box.x + 25,
				    box.w - 27, ai->help, a->g->ellipsis);
			}
			line++;
		}
		line++;
	}
}

const struct overlay_ops overlay_help_ops = {
	.name = "help",
	.toggle = { ACT_HELP, ACT_DETAILS },
	.scroll =
	    OVERLAY_SCROLL_LINES | OVERLAY_SCROLL_PAGES | OVERLAY_SCROLL_HOME,
	.draw = help_draw,
	.max_top = help_max_top,
};
