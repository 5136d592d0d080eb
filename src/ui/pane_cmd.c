/*
 * pane_cmd.c - the vllm serve line, always on screen: wrapped to the
 * pane's width and scrolled when it is longer than the pane.
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "draw.h"

/* Splits the command into lines of w columns at spaces; returns the line count. */
static int
wrap_lines(const char *s, int w, const char **starts, int *lens, int max)
{
	int n = 0;

	while (*s != '\0' && n < max) {
		int len = (int)strlen(s), cut;

		if (draw_width(s) <= w) {
			cut = len;
		} else {
			cut = w;
			while (cut > 0 && s[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = w;
		}
		starts[n] = s;
		lens[n] = cut;
		n++;
		s += cut;
		while (*s == ' ')
			s++;
	}
	return n;
}

void
pane_cmd_draw(struct app *a, const struct rect *r)
{
	const char *cmd = calc_command(a->calc);
	const char *starts[256];
	int lens[256], n, i, w = r->w - 3;
	bool focused = a->focus == PANE_CMD;
	char line[CALC_CMD_LEN];

	draw_clear(&a->theme, ROLE_DEFAULT, r);
	draw_text(&a->theme, focused ? ROLE_PANE_TITLE_FOCUS : ROLE_KEY, r->y, r->x,
	    1, "$", NULL);
	if (cmd[0] == '\0') {
		draw_text(&a->theme, ROLE_MUTED, r->y, r->x + 2, w, "(no command: "
		    "choose a card and a model)", a->g->ellipsis);
		return;
	}
	n = wrap_lines(cmd, w, starts, lens, 256);
	if (a->cmd_view.top > n - r->h)
		a->cmd_view.top = n - r->h > 0 ? n - r->h : 0;
	if (a->cmd_view.top < 0)
		a->cmd_view.top = 0;
	for (i = 0; i < r->h && a->cmd_view.top + i < n; i++) {
		int k = a->cmd_view.top + i;

		snprintf(line, sizeof line, "%.*s", lens[k], starts[k]);
		draw_text(&a->theme, ROLE_COMMAND, r->y + i, r->x + 2, w, line, NULL);
	}
	if (a->cmd_view.top > 0)
		draw_text(&a->theme, ROLE_MUTED, r->y, r->x + r->w - 1, 1,
		    a->g->more_up, NULL);
	if (a->cmd_view.top + r->h < n)
		draw_text(&a->theme, ROLE_MUTED, r->y + r->h - 1, r->x + r->w - 1, 1,
		    a->g->more_down, NULL);
}
