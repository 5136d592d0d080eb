/*
 * update.h - the planner's update step (update.c): keys to actions,
 * actions to edits of the plan input (through the calc, with undo) or of
 * the view state, and the panes each change dirties.  Keys while an
 * overlay is open go to it (overlay.h).
 */
#ifndef HEADROOM_UI_UPDATE_H
#define HEADROOM_UI_UPDATE_H

#include <stddef.h>

#include "app_state.h"

/*
 * Handles one key (a curses code), start to finish except the frame.
 * Between KEYS_PASTE_BEGIN and KEYS_PASTE_END (keys.h) the codes are a
 * paste's bytes: collected, then taken as one event at the end marker.
 */
void update_key(struct app *, int code);
/* Reads the screen size and lays the panes out again (a full repaint follows). */
void update_relayout(struct app *);
/*
 * Ctrl-C: with a prompt open it cancels the prompt (as Esc) and returns
 * true; otherwise false, and the planner ends as on SIGINT.
 */
bool update_interrupt(struct app *);
/* An escape sequence curses did not know (seq without its ESC): ignored, named on the status line. */
void update_unknown_key(struct app *, const char *seq);

#endif
