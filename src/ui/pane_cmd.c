/*
 * pane_cmd.c - the vllm serve line, always on screen: wrapped to the
 * pane's width and scrolled when it is longer than the pane.  A plan
 * whose replicas are separate servers shows one launch line per replica
 * (io/launch.h), each starting with its own "$".
 */
#include "pane.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "io/launch.h"

struct cmd_pane {
	int top; /* the first row shown; the draw clamps it */
};

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

static void
pane_cmd_draw(struct app *a, void *state, const struct rect *r)
{
	struct cmd_pane *cp = state;
	char **cmd = app_state_launch_lines(a, NULL);
	const char *starts[256];
	int lens[256], n = 0, i, w = r->w - 3;
	bool first[256];
	bool focused = a->focus == PANE_CMD;
	char line[RECALC_CMD_LEN];

	draw_clear(&a->theme, ROLE_DEFAULT, r);
	if (cmd == NULL || cmd[0] == NULL || cmd[0][0] == '\0') {
		draw_text(&a->theme, focused ? ROLE_PANE_TITLE_FOCUS : ROLE_KEY,
		    r->y, r->x, 1, "$", NULL);
		draw_text(&a->theme, ROLE_MUTED, r->y, r->x + 2, w,
		    "(no command: "
		    "choose a card and a model)",
		    a->g->ellipsis);
		launch_free(cmd);
		return;
	}
	/* each launch line wrapped on its own, its first row marked with "$" */
	for (i = 0; cmd[i] != NULL && n < 256; i++) {
		int k = n;

		n += wrap_lines(cmd[i], w, starts + n, lens + n, 256 - n);
		for (; k < n; k++)
			first[k] = starts[k] == cmd[i];
	}
	if (cp->top > n - r->h)
		cp->top = n - r->h > 0 ? n - r->h : 0;
	if (cp->top < 0)
		cp->top = 0;
	for (i = 0; i < r->h && cp->top + i < n; i++) {
		int k = cp->top + i;

		if (first[k])
			draw_text(&a->theme,
			    focused ? ROLE_PANE_TITLE_FOCUS : ROLE_KEY,
			    r->y + i, r->x, 1, "$", NULL);
		snprintf(line, sizeof line, "%.*s", lens[k], starts[k]);
		draw_text(&a->theme, ROLE_COMMAND, r->y + i, r->x + 2, w, line,
		    NULL);
	}
	launch_free(cmd);
	if (cp->top > 0)
		draw_text(&a->theme, ROLE_MUTED, r->y, r->x + r->w - 1, 1,
		    a->g->more_up, NULL);
	if (cp->top + r->h < n)
		draw_text(&a->theme, ROLE_MUTED, r->y + r->h - 1,
		    r->x + r->w - 1, 1, a->g->more_down, NULL);
}

/* Up, Down, PgUp, PgDn, Home, End scroll the command line a row at a time. */
static bool
cmd_action(struct app *a, void *state, enum action act)
{
	struct cmd_pane *cp = state;

	switch (act) {
	case ACT_UP:
	case ACT_PAGE_UP: cp->top--; break;
	case ACT_FIRST: cp->top = 0; break;
	case ACT_DOWN:
	case ACT_PAGE_DOWN:
	case ACT_LAST: cp->top++; break;
	default: return false;
	}
	if (cp->top < 0)
		cp->top = 0;
	app_state_repaint(a, PANE_BIT(PANE_CMD));
	return true;
}

static bool
cmd_hint(struct app *a, void *state, char *buf, size_t len)
{
	(void)state;
	snprintf(buf, len, "w: write to a file  y: copy (OSC 52)  x: %s",
	    recalc_explicit_all(a->calc) ? "only changed flags" : "every flag");
	return true;
}

/* the card count sets the launch lines */
const struct pane_ops pane_cmd_ops = {
	.name = "cmd",
	.on_change = RECALC_CHG(RECALC_N_COMMAND),
	.on_input = PANE_IN(RECALC_IN_CARD),
	.state_size = sizeof(struct cmd_pane),
	.draw = pane_cmd_draw,
	.action = cmd_action,
	.hint = cmd_hint,
};
