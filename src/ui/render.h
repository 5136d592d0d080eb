/*
 * render.h - one frame of the planner: the panes whose bits are set in
 * app.dirty (all of them after a resize or app.full), the open overlay
 * over them, then the status row, and one doupdate().
 */
#ifndef HEADROOM_UI_RENDER_H
#define HEADROOM_UI_RENDER_H

struct app;

/*
 * Paints what is dirty and clears app.dirty and app.full; app.painted
 * says what was repainted.  Also called in the middle of a long step (a
 * Hub fetch) to show its progress.
 */
void render_frame(struct app *);

#endif
