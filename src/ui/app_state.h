/*
 * app_state.h - the planner's state (struct app) and the three edits any
 * part of the planner may make: the plan input (undoable), the status
 * line, and the prompt.
 *
 * Model / view / update: the model is the calc (src/core/recalc.h) holding
 * the plan input and everything derived from it; the update step
 * (update.c) maps keys to actions that edit the input, the view state of
 * the panes, or an overlay's state; the view is one set of operations per
 * pane (pane.h) and per overlay (overlay.h).  A pane draws only from the
 * calc's results and its view state, inside its rectangle, and computes
 * no figure of its own.  A frame (render.c) repaints a pane only when its
 * bit is set in app.dirty: from the repaint masks the panes declare for
 * the calc's changes and the input's groups, or from a view change.
 */
#ifndef HEADROOM_UI_APP_STATE_H
#define HEADROOM_UI_APP_STATE_H

#include <stdbool.h>
#include <stdio.h>

#include <curses.h>

#include "core/recalc.h"
#include "flags.h"
#include "glyphs.h"
#include "layout.h"
#include "options.h"
#include "overlay_ops.h"
#include "pane_ops.h"
#include "paste.h"
#include "theme.h"
#include "undo.h"

#define PANE_BIT(p) (1u << (p))
#define PANE_ALL ((1u << PANE_COUNT) - 1)

enum prompt_kind {
	PROMPT_NONE,
	PROMPT_FLAG, /* a typed flag value */
	PROMPT_TOKENS, /* tokens per request */
	PROMPT_SEARCH, /* model search, filters as you type */
	PROMPT_GPU_SEARCH, /* card search, filters as you type */
	PROMPT_WRITE, /* file to write the command line to */
	PROMPT_QUOTE, /* file to write the quote sheet to */
	PROMPT_COMMAND, /* a pasted vllm serve command (import.c) */
	PROMPT_OPEN, /* a scenario, vLLM config or log to open (import.c) */
	PROMPT_SAVE, /* the scenario file to save (import.c) */
	PROMPT_COMPARE, /* scenario files to compare with (overlay_compare.c) */
	PROMPT_CALIBRATE, /* a vLLM startup log (overlay_calibrate.c) */
	PROMPT_DEPLOY_EXPORT /* a cluster file from the deployment view */
};

struct prompt {
	enum prompt_kind kind;
	enum flag_id flag;
	char label[64];
	char text[4096]; /* a pasted command can be long */
	size_t len;
	char error[256]; /* why the typed value was refused */
	bool fresh; /* text given, not typed: a typed character replaces it */
	char armed[1024]; /* a file refused as existing: Enter again on it
			     replaces it */
};

struct app_terminal; /* app.c */
struct import_state; /* import.c */
struct model_search; /* model_search.c */

struct app {
	struct catalogue *cat;
	struct recalc *calc;
	struct ui_options opt;
	struct theme theme;
	bool colour;
	const struct glyphs *g;
	struct layout lay;

	/* the terminal (app.c) and its size */
	struct app_terminal *term;
	int rows, cols;

	/* view state */
	enum pane_id focus;
	struct pane panes[PANE_COUNT]; /* their operations and view state */
	enum overlay_id overlay; /* the one open, OVERLAY_NONE */
	struct overlay overlays[OVERLAY_COUNT];
	struct prompt prompt;
	char wrote[1024]; /* the file w, Q or D last wrote: written again
			     without asking */
	struct paste paste; /* a paste coming in */
	char status[512];
	enum role status_role;

	struct undo *undo; /* the inputs before each edit (undo.h) */

	/* repaint */
	unsigned dirty; /* PANE_BIT()s to repaint */
	bool full; /* clear the screen and repaint all */
	unsigned painted; /* what the last frame repainted */
	bool quit;
	bool osc52_pending; /* copy the command once the frame is out */
	struct import_state *import; /* paste, open, save */
	struct model_search *msearch; /* ids and models from the cache, Hub */
};

/*
 * Makes in the plan input, as one undoable edit; with a tag other than
 * TAG_NONE, edits with the same tag in a row share one undo entry.  No
 * change, no entry.  The calc recomputes at recalc_update().
 */
void app_state_apply(struct app *, const struct plan_input *in, int tag);
/* The same as an edit of its own (imports, scenarios, the views' Enter). */
void app_state_set_input(struct app *, const struct plan_input *);
/* Shows a message on the status line in a theme role. */
void app_state_set_status(struct app *, enum role, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Marks panes (PANE_BIT()s) to repaint in the next frame: a view changed. */
void app_state_repaint(struct app *, unsigned panes);
/* Opens the status-line prompt of a kind with a label and starting text. */
/*
 * Before w, Q or the deployment view writes path: 0 when it may, that is
 * when no file is there, when it is the file the planner wrote last, or
 * when Enter is pressed again on the same path after a refusal; else -1
 * with err ("the file exists; Enter again replaces it"), the prompt armed.
 */
int app_state_may_write(struct app *, const char *path, char *err,
    size_t errlen);

/* After a file prompt wrote path: the next write there asks nothing. */
void app_state_wrote(struct app *, const char *path);

void app_state_open_prompt(struct app *, enum prompt_kind, const char *label,
    const char *text);
/* Opens PROMPT_FLAG for a flag of the Flags pane with the value to edit. */
void app_state_open_flag_prompt(struct app *, enum flag_id, const char *label,
    const char *text);

/* The plan's launch lines (io/launch.h; launch_free()), NULL without a command. */
char **app_state_launch_lines(struct app *, int *n);
/* The same joined with '\n', malloc'd; NULL without a command. */
char *app_state_launch_text(struct app *, int *n);

#endif
