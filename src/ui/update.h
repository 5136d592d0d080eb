/*
 * update.h - the planner's update step (update.c): keys to actions,
 * actions to edits of the plan input (through the calc, with undo) or of
 * the view state, and the panes each change dirties.
 */
#ifndef HEADROOM_UI_UPDATE_H
#define HEADROOM_UI_UPDATE_H

#include <stddef.h>

#include "pane.h"

/*
 * Handles one key (a curses code), start to finish except the frame.
 * Between KEYS_PASTE_BEGIN and KEYS_PASTE_END (keys.h) the codes are a
 * paste's bytes: collected, then taken as one event at the end marker.
 */
void update_key(struct app *, int code);
/* Reads the screen size and lays the panes out again (a full repaint follows). */
void update_relayout(struct app *);
/* Replaces the plan input as one undoable edit (imports, scenarios). */
void update_set_input(struct app *, const struct plan_input *);
/* Re-filters the model list with app.search. */
void update_filter_models(struct app *);
/* The model list row of a model (0 when it is filtered out). */
/* Filters the GPU list by gpu_search; the cursor keeps its card when it can. */
void update_filter_gpus(struct app *);
int update_model_row(const struct app *, const struct model *);
/* Puts the checkpoint cursor on the choice the input runs. */
void update_cursor_to_choice(struct app *);
/* Shows a message on the status line in a theme role. */
void update_set_status(struct app *, enum role, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The plan's launch lines (io/launch.h; launch_free()), NULL without a command. */
char **update_launch_lines(struct app *, int *n);
/* The same joined with '\n', malloc'd; NULL without a command. */
char *update_launch_text(struct app *, int *n);
/* Opens the status-line prompt of a kind with a label and starting text. */
/*
 * Ctrl-C: with a prompt open it cancels the prompt (as Esc) and returns
 * true; otherwise false, and the planner ends as on SIGINT.
 */
bool update_interrupt(struct app *);
/* An escape sequence curses did not know (seq without its ESC): ignored, named on the status line. */
void update_unknown_key(struct app *, const char *seq);
void update_open_prompt(struct app *, enum prompt_kind, const char *label,
    const char *text);
/* Base64 of n bytes into out (cap bytes, NUL-terminated); returns the length. */
size_t update_base64(const unsigned char *in, size_t n, char *out, size_t cap);

#endif
