/*
 * pane_status.c - the status row: the prompt while one is open (its
 * label, the text with the cursor at its end, the reason a value was
 * refused; a reason too long to sit beside the text takes its place
 * until the next key), else the last message, else a hint for the
 * item under the focused pane's cursor.
 */
#include "pane.h"

#include <stdio.h>
#include <string.h>

#include "action.h"
#include "draw.h"

/* A refusal too long to sit beside the text (80 columns): the label and
 * the refusal, where it can be read; the next key edits the text and
 * brings it back. */
static void
pane_status_draw_refusal(struct app *a, const struct rect *r)
{
	char lab[sizeof a->prompt.label + 4];
	int used, cx;

	draw_pad(&a->theme, ROLE_PROMPT, r->y, r->x, r->w);
	snprintf(lab, sizeof lab, "%s: ", a->prompt.label);
	used =
	    draw_text(&a->theme, ROLE_PROMPT, r->y, r->x, r->w - 1, lab, NULL);
	cx = r->x + used;
	if (used + 4 < r->w)
		cx += draw_text(&a->theme, ROLE_PROMPT_ERROR, r->y, cx,
		    r->w - used - 1, a->prompt.error, a->g->ellipsis);
	move(r->y, cx < r->x + r->w ? cx : r->x + r->w - 1);
}

/* The end of t that fits avail columns (tw: its width, updated): a long
 * pasted command shows its end, where the cursor is. */
static const char *
pane_status_tail(const char *t, int *tw, int avail)
{
	while (avail > 4 && *tw > avail - 1 && *t != '\0') {
		char one[8];
		int k = 1;

		while ((t[k] & 0xc0) == 0x80 && k < 6)
			k++;
		snprintf(one, sizeof one, "%.*s", k, t);
		*tw -= draw_width(one);
		t += k;
	}
	return t;
}

/* the open prompt: its label, the text with the cursor at its end, and
 * the reason a value was refused */
static void
pane_status_draw_prompt(struct app *a, const struct rect *r)
{
	char line[sizeof a->prompt.text + sizeof a->prompt.label + 16];
	const char *t = a->prompt.text;
	int cx, used, tw = draw_width(t);
	int avail = r->w - 2 - draw_width(a->prompt.label) - 2;

	/* a refusal keeps room for itself, the text at least half */
	if (a->prompt.error[0] != '\0') {
		int ew = draw_width(a->prompt.error) + 2, keep = tw + 1;

		if (ew > avail - (keep < 12 ? keep : 12)) {
			pane_status_draw_refusal(a, r);
			return;
		}
		if (keep > avail / 2)
			keep = avail / 2;
		if (avail - ew > keep)
			keep = avail - ew;
		avail = keep;
	}

	draw_pad(&a->theme, ROLE_PROMPT, r->y, r->x, r->w);
	t = pane_status_tail(t, &tw, avail);
	snprintf(line, sizeof line, "%s: %s%s", a->prompt.label,
	    t != a->prompt.text ? a->g->ellipsis : "", t);
	used =
	    draw_text(&a->theme, ROLE_PROMPT, r->y, r->x, r->w - 1, line, NULL);
	/* the value given, shown as selected: typing replaces it */
	if (a->prompt.fresh && used < r->w) {
		int tx = used - draw_width(t);

		draw_text(&a->theme, ROLE_SELECTION, r->y, r->x + tx,
		    r->w - 1 - tx, t, NULL);
	}
	cx = r->x + used;
	if (a->prompt.error[0] != '\0' && used + 4 < r->w)
		draw_text(&a->theme, ROLE_PROMPT_ERROR, r->y, cx + 2,
		    r->w - used - 2, a->prompt.error, a->g->ellipsis);
	move(r->y, cx < r->x + r->w ? cx : r->x + r->w - 1);
}

static void
pane_status_draw(struct app *a, void *state, const struct rect *r)
{
	char hint[512], help[32];

	(void)state;

	if (a->prompt.kind != PROMPT_NONE) {
		pane_status_draw_prompt(a, r);
		return;
	}
	draw_pad(&a->theme, a->status[0] ? a->status_role : ROLE_STATUS, r->y,
	    r->x, r->w);
	snprintf(help, sizeof help, "? help ");
	if (a->status[0] != '\0') {
		draw_text(&a->theme, a->status_role, r->y, r->x + 1, r->w - 2,
		    a->status, a->g->ellipsis);
		return;
	}
	if (!pane_hint(a, hint, sizeof hint))
		snprintf(hint, sizeof hint,
		    "Tab: next pane  Left/Right: tokens per "
		    "request");
	draw_text(&a->theme, ROLE_STATUS, r->y, r->x + 1, r->w - 10, hint,
	    a->g->ellipsis);
	draw_text_right(&a->theme, ROLE_STATUS, r->y, r->x, r->w, help);
}

/* repainted after every key */
const struct pane_ops pane_status_ops = {
	.name = "status",
	.on_change = 0,
	.on_input = 0,
	.draw = pane_status_draw,
};
