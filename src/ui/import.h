/*
 * import.h - what the planner takes from vLLM and files, and saves: paste
 * a `vllm serve` command or a startup log, open a scenario, a vLLM config
 * file or a startup log (a log calibrates, overlay_calibrate.h), and save
 * the plan as a scenario.  update.c calls these for the actions and
 * prompts below.
 *
 * State lives in struct import_state, owned by the app (app.import); it also owns
 * the plan_import of every import (io/plan_import.h), because plan inputs on
 * the undo stack keep pointing into them until the planner ends.
 */
#ifndef HEADROOM_UI_IMPORT_H
#define HEADROOM_UI_IMPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "action.h"
#include "io/filestamp.h"

struct app;
struct import_state;

/* Opens the prompt of ACT_PASTE_COMMAND, ACT_OPEN_FILE or ACT_SAVE_SCENARIO. */
void import_action(struct app *, enum action);

/*
 * Enter on PROMPT_COMMAND, PROMPT_OPEN or PROMPT_SAVE.  Returns 0 when
 * done (the prompt closes), 1 to keep the prompt open without a message
 * (a continuation line of a pasted command), -1 with the reason in err
 * (the prompt stays open).
 */
int import_prompt_accept(struct app *, char *err, size_t errlen);

/*
 * The drafter of in's --speculative-config (a catalogue id, a folder, the
 * Hugging Face cache, the Hub), resolved as the command line resolves it
 * (cli_resolve_drafter()); in->draft then points into what the state keeps
 * until the app ends, so undo steps may return to it.  No drafter named:
 * 0, nothing read.  Returns 0, or -1 with the reason in err (after the
 * flag, which the prompt shows).
 */
struct plan_input;
int import_drafter(struct app *, struct plan_input *in, char *err,
    size_t errlen);

/*
 * A paste outside the prompts (paste.h: text ended, len bytes; cut when
 * it was longer than PASTE_MAX).  A vLLM startup log calibrates as L does
 * (the side-by-side view opens; s there stores the profile), a vllm serve
 * command is imported as p imports it; either closes an open view first.
 * Anything else is named on the status line and changes nothing.  Errors
 * go to the status line.
 */
void import_paste(struct app *, const char *text, size_t len, bool cut);

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
