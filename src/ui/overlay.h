/*
 * overlay.h - the views drawn over the panes (help, details, compare,
 * calibration, fit finder, shared card, upgrade, deployment), each a set
 * of operations (struct overlay_ops) with a private state, as a pane is.
 *
 * One overlay is open at a time (app.overlay).  The shared code here opens
 * and closes them, frees their state with the planner, and takes their
 * keys: Esc, q and the overlay's own toggle keys close it; the overlay's
 * key() sees every other key first; what it leaves, the shared scroll
 * handling takes (Up/Down, PgUp/PgDn, Left/Right, Home, as the overlay's
 * scroll flags allow).  Every overlay covers the screen but the status
 * row, so it draws itself whole on every frame and the panes under it are
 * repainted when it closes.
 *
 * The state of an overlay is allocated zeroed on first use (open, or
 * overlay_state()) and lives until the planner ends: reopening a view
 * finds its last question.  Drawing computes no figure; key() and open()
 * ask the core and keep the answer in the state.
 */
#ifndef HEADROOM_UI_OVERLAY_H
#define HEADROOM_UI_OVERLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "layout.h"
#include "overlay_ops.h"
#include "theme.h"

struct app;

/* The operations of an overlay (NULL for OVERLAY_NONE). */
const struct overlay_ops *overlay_ops_of(enum overlay_id);

/* Sets up app.overlays (nothing is allocated yet). */
void overlay_init_all(struct app *);
/* Frees every overlay's state. */
void overlay_done_all(struct app *);

/* The state of an overlay, allocated (and init()) on first use. */
void *overlay_state(struct app *, enum overlay_id);

/* Opens an overlay, closing the one open: top 0, open(), a full repaint. */
void overlay_open(struct app *, enum overlay_id);
/* Closes the open overlay, if any (the panes repaint). */
void overlay_close(struct app *);
/* Opens the overlay the command line asked for (--need, --instance, --compare-version). */
void overlay_start(struct app *, const struct sizing_opts *);

/*
 * A key while an overlay is open.  Returns true when the planner should
 * take *apply as its new input (the overlay has closed).
 */
bool overlay_key(struct app *, int code, struct plan_input *apply);
/* Draws the open overlay. */
void overlay_draw(struct app *);

/* ---- shared by the overlays' draw functions ---- */

/* Clears the whole screen but the status row and writes the title on row 0. */
void overlay_frame(struct app *, struct rect *box, const char *title);

/*
 * A text rendered once (compare, calibration): its first line in the key
 * role, scrolled by the overlay's top and left.
 */
void overlay_text_draw(struct app *, struct overlay *, const char *title,
    const char *text);

#define OVERLAY_LINE_LEN 300

/* Lines of a long view (text, role, indent), drawn scrolled. */
struct overlay_lines {
	struct overlay_line {
		char s[OVERLAY_LINE_LEN];
		enum role role;
		int indent;
	} * l;
	int n, max;
};

/* An empty list of at most max lines (overlay_lines_done() frees it). */
void overlay_lines_init(struct overlay_lines *, int max);
void overlay_lines_done(struct overlay_lines *);
/* Adds a line (dropped when the list is full). */
void overlay_lines_add(struct overlay_lines *, enum role, int indent,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Adds a long text word-wrapped to w columns (at least 20), indented. */
void overlay_lines_wrapped(struct overlay_lines *, enum role, int indent, int w,
    const char *s);
/*
 * Draws the lines from row y0 to the bottom of box, from column box.x + 2,
 * starting at *top, which is first clamped so that the last page is full.
 */
void overlay_lines_draw(struct app *, const struct rect *box, int y0,
    const struct overlay_lines *, int *top);

#endif
