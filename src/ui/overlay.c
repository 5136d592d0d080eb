/*
 * overlay.c - what the overlays share (see overlay.h): the table of their
 * operations, their states, opening and closing, the keys that close
 * them, the scroll keys, and the scrolled lines most of them draw.
 */
#include "overlay.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_state.h"
#include "core/xalloc.h"
#include "draw.h"
#include "keys.h"

static const struct overlay_ops *const overlay_table[OVERLAY_COUNT] = {
	[OVERLAY_HELP] = &overlay_help_ops,
	[OVERLAY_DETAILS] = &overlay_details_ops,
	[OVERLAY_COMPARE] = &overlay_compare_ops,
	[OVERLAY_CALIBRATE] = &overlay_calibrate_ops,
	[OVERLAY_FIT] = &overlay_fit_ops,
	[OVERLAY_SHARE] = &overlay_share_ops,
	[OVERLAY_UPGRADE] = &overlay_upgrade_ops,
	[OVERLAY_DEPLOY] = &overlay_deploy_ops,
};

const struct overlay_ops *
overlay_ops_of(enum overlay_id id)
{
	return id > OVERLAY_NONE && id < OVERLAY_COUNT ? overlay_table[id]
						       : NULL;
}

void
overlay_init_all(struct app *a)
{
	int i;

	for (i = 0; i < OVERLAY_COUNT; i++) {
		a->overlays[i].ops = overlay_table[i];
		a->overlays[i].state = NULL;
		a->overlays[i].top = a->overlays[i].left = 0;
	}
	a->overlay = OVERLAY_NONE;
}

void
overlay_done_all(struct app *a)
{
	int i;

	for (i = 0; i < OVERLAY_COUNT; i++) {
		struct overlay *o = &a->overlays[i];

		if (o->state != NULL && o->ops != NULL && o->ops->done != NULL)
			o->ops->done(o);
		free(o->state);
		o->state = NULL;
	}
}

void *
overlay_state(struct app *a, enum overlay_id id)
{
	struct overlay *o = &a->overlays[id];

	if (o->state == NULL && o->ops != NULL && o->ops->state_size > 0) {
		o->state = xcalloc(1, o->ops->state_size);
		if (o->ops->init != NULL)
			o->ops->init(a, o);
	}
	return o->state;
}

void
overlay_open(struct app *a, enum overlay_id id)
{
	struct overlay *o;

	if (overlay_ops_of(id) == NULL)
		return;
	o = &a->overlays[id];
	overlay_state(a, id);
	a->overlay = id;
	o->top = o->left = 0;
	a->full = true;
	if (o->ops->open != NULL)
		o->ops->open(a, o);
}

void
overlay_close(struct app *a)
{
	if (a->overlay == OVERLAY_NONE)
		return;
	a->overlay = OVERLAY_NONE;
	a->full = true;
}

void
overlay_start(struct app *a, const struct sizing_opts *opts)
{
	int i;

	if (opts == NULL)
		return;
	for (i = 1; i < OVERLAY_COUNT; i++) {
		const struct overlay_ops *ops = overlay_table[i];

		if (ops->start == NULL)
			continue;
		overlay_state(a, (enum overlay_id)i);
		if (ops->start(a, &a->overlays[i], opts))
			return;
	}
}

/* Up, Down, PgUp, PgDn, Left, Right, Home and End as the overlay's flags
 * allow; PgDn and End stop at max_top() where the overlay has one. */
static void
scroll_key(struct app *a, struct overlay *o, enum action act)
{
	unsigned s = o->ops->scroll;
	int page = o->ops->page > 0 ? o->ops->page : a->rows / 2;

	switch (act) {
	case ACT_UP:
		if ((s & OVERLAY_SCROLL_LINES) && o->top > 0)
			o->top--;
		break;
	case ACT_DOWN:
		if ((s & OVERLAY_SCROLL_LINES) &&
		    (o->ops->max_top == NULL || o->top < o->ops->max_top(a, o)))
			o->top++;
		break;
	case ACT_PAGE_UP:
		if (s & OVERLAY_SCROLL_PAGES)
			o->top = o->top > page ? o->top - page : 0;
		break;
	case ACT_PAGE_DOWN:
		if (s & OVERLAY_SCROLL_PAGES) {
			o->top += page;
			if (o->ops->max_top != NULL &&
			    o->top > o->ops->max_top(a, o))
				o->top = o->ops->max_top(a, o) > 0
				    ? o->ops->max_top(a, o)
				    : 0;
		}
		break;
	case ACT_SLIDER_DEC:
		if (s & OVERLAY_SCROLL_SIDE)
			o->left = o->left >= 8 ? o->left - 8 : 0;
		break;
	case ACT_SLIDER_INC:
		if (s & OVERLAY_SCROLL_SIDE)
			o->left += 8;
		break;
	case ACT_FIRST:
		if (s & OVERLAY_SCROLL_HOME)
			o->top = 0;
		break;
	case ACT_LAST:
		if ((s & OVERLAY_SCROLL_HOME) && o->ops->max_top != NULL &&
		    o->ops->max_top(a, o) > 0)
			o->top = o->ops->max_top(a, o);
		break;
	default: break;
	}
}

bool
overlay_key(struct app *a, int c, struct plan_input *apply)
{
	struct overlay *o;
	enum action act = action_for_key(PANE_COUNT, c);
	enum overlay_key r = OVERLAY_KEY_IGNORED;

	if (overlay_ops_of(a->overlay) == NULL)
		return false;
	o = &a->overlays[a->overlay];
	if (c == KEYS_ESC || act == ACT_QUIT ||
	    (act != ACT_NONE &&
		(act == o->ops->toggle[0] || act == o->ops->toggle[1]))) {
		overlay_close(a);
		return false;
	}
	if (o->ops->key != NULL)
		r = o->ops->key(a, o, c, act, apply);
	switch (r) {
	case OVERLAY_KEY_IGNORED: scroll_key(a, o, act); break;
	case OVERLAY_KEY_TAKEN: break;
	case OVERLAY_KEY_CLOSE: overlay_close(a); break;
	case OVERLAY_KEY_APPLY: overlay_close(a); return true;
	}
	return false;
}

void
overlay_draw(struct app *a)
{
	const struct overlay_ops *ops = overlay_ops_of(a->overlay);

	if (ops == NULL)
		return;
	overlay_state(a, a->overlay);
	ops->draw(a, &a->overlays[a->overlay]);
}

/* ---- drawing ---- */

void
overlay_frame(struct app *a, struct rect *box, const char *title)
{
	box->y = 0;
	box->x = 0;
	box->w = a->cols;
	box->h = a->rows - 1;
	draw_clear(&a->theme, ROLE_HELP, box);
	draw_text(&a->theme, ROLE_HELP_TITLE, 0, 2, box->w - 4, title,
	    a->g->ellipsis);
}

void
overlay_text_draw(struct app *a, struct overlay *o, const char *title,
    const char *text)
{
	struct rect box;
	const char *p;
	int row = 0, rows, y;

	overlay_frame(a, &box, title);
	rows = box.h - 2;
	if (o->top < 0)
		o->top = 0;
	for (p = text ? text : "", y = 2; *p != '\0' && y - 2 < rows; row++) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char line[1024];

		if (row >= o->top) {
			size_t skip = (size_t)o->left < n ? (size_t)o->left : n;

			snprintf(line, sizeof line, "%.*s", (int)(n - skip),
			    p + skip);
			draw_text(&a->theme,
			    row == 0 ? ROLE_HELP_KEY : ROLE_HELP, y, 2,
			    box.w - 4, line, a->g->ellipsis);
			y++;
		}
		p = nl ? nl + 1 : p + n;
	}
}

void
overlay_lines_init(struct overlay_lines *L, int max)
{
	L->l = xcalloc((size_t)max, sizeof *L->l);
	L->n = 0;
	L->max = max;
}

void
overlay_lines_done(struct overlay_lines *L)
{
	free(L->l);
	L->l = NULL;
	L->n = L->max = 0;
}

void
overlay_lines_add(struct overlay_lines *L, enum role role, int indent,
    const char *fmt, ...)
{
	va_list ap;

	if (L->n >= L->max)
		return;
	va_start(ap, fmt);
	vsnprintf(L->l[L->n].s, OVERLAY_LINE_LEN, fmt, ap);
	va_end(ap);
	L->l[L->n].role = role;
	L->l[L->n].indent = indent;
	L->n++;
}

void
overlay_lines_wrapped(struct overlay_lines *L, enum role role, int indent,
    int w, const char *s)
{
	const char *starts[64];
	int lens[64], n, i;

	n = draw_wrap_lines(s, w - indent > 20 ? w - indent : 20, starts, lens,
	    64);
	for (i = 0; i < n; i++)
		overlay_lines_add(L, role, indent, "%.*s", lens[i], starts[i]);
}

void
overlay_lines_draw(struct app *a, const struct rect *b, int y0,
    const struct overlay_lines *L, int *top)
{
	int rows = b->y + b->h - y0, k;

	if (*top > L->n - rows)
		*top = L->n - rows > 0 ? L->n - rows : 0;
	for (k = 0; k < rows && *top + k < L->n; k++) {
		const struct overlay_line *l = &L->l[*top + k];

		draw_text(&a->theme, l->role, y0 + k, b->x + 2 + l->indent,
		    b->w - 4 - l->indent, l->s, a->g->ellipsis);
	}
}
