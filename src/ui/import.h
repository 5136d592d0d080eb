/*
 * import.h - the planner's exchange with vLLM and files: paste a
 * `vllm serve` command or a startup log, open a scenario, a vLLM config
 * file or a startup log, save the plan as a scenario, compare it with
 * scenario files, and calibrate from a log.  update.c calls these for
 * the actions and prompts below; pane.c draws the two overlays (compare,
 * calibration).
 *
 * State lives in struct import_state, owned by the app (app.import); it also owns
 * the plan_import of every import (io/plan_import.h), because plan inputs on
 * the undo stack keep pointing into them until the planner ends.
 */
#ifndef HEADROOM_UI_EXCHANGE_UI_H
#define HEADROOM_UI_EXCHANGE_UI_H

#include <stdbool.h>
#include <stddef.h>

#include "action.h"
#include "core/plan.h"
#include "io/filestamp.h"

struct app;
struct import_state;

/* Opens the prompt of an exchange action (ACT_PASTE_COMMAND ... ACT_CALIBRATE). */
void import_action(struct app *, enum action);

/*
 * Enter on an exchange prompt.  Returns 0 when done (the prompt closes),
 * 1 to keep the prompt open without a message (a continuation line of a
 * pasted command), -1 with the reason in err (the prompt stays open).
 */
int import_prompt_accept(struct app *, char *err, size_t errlen);

/*
 * A paste outside the prompts (paste.h: text ended, len bytes; cut when
 * it was longer than PASTE_MAX).  A vLLM startup log calibrates as L does
 * (the side-by-side view opens; s there stores the profile), a vllm serve
 * command is imported as p imports it; either closes an open view first.
 * Anything else is named on the status line and changes nothing.  Errors
 * go to the status line.
 */
void import_paste(struct app *, const char *text, size_t len, bool cut);

/* True when the open overlay is an exchange one (compare, calibration). */
bool import_overlay_is_mine(const struct app *);
/* Draws it. */
void import_overlay_draw(struct app *);
/* A key while it is open. */
void import_overlay_key(struct app *, int code);

/* The legend mark of a memory-bar term: " est.", " cal." or "". */
const char *import_term_mark(const struct plan *, int seg, bool estimated);

/*
 * The scenario file the planner's input comes from (--scenario), handed
 * over by main() before app_run(): the next planner takes it, so s saves
 * back to that file.  The strings are copied.
 */
void import_preset_scenario(const char *path, const struct filestamp *);
void import_take_preset(struct app *);

/* Frees what the exchange state owns (app_free calls it). */
void import_free(struct import_state **);

#endif
