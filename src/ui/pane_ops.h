/*
 * pane_ops.h - the interface every pane implements, as tig's view_ops:
 * its name, the results and input groups it shows (its repaint masks),
 * its private view state (a cursor, a filtered list), and what it does:
 * draw, take the actions of its context while focused, say a hint for the
 * status row, follow an edit of the input, serve its search prompt.
 * pane.h has the table and what the panes share.
 *
 * A pane repaints after a key when a result it declares in on_change
 * changed value (recalc_update()'s mask) or an input group it declares in
 * on_input was edited; everything else it shows is its view state, and
 * the action that changes it marks the pane dirty itself.  An action that
 * changes the plan edits the input (app_state_apply()); the core then
 * recomputes and the masks say what repaints.
 */
#ifndef HEADROOM_UI_PANE_OPS_H
#define HEADROOM_UI_PANE_OPS_H

#include <stdbool.h>
#include <stddef.h>

#include "action.h"
#include "core/recalc.h"
#include "layout.h"

struct app;

/* An input group's bit in on_input. */
#define PANE_IN(group) (1u << (group))
#define PANE_IN_ALL ((1u << RECALC_IN_COUNT) - 1)

/* What happened to a pane's search prompt (PROMPT_SEARCH, PROMPT_GPU_SEARCH). */
enum pane_prompt {
	PANE_PROMPT_EDITED, /* the text changed: filter again */
	PANE_PROMPT_ACCEPTED, /* Enter: the prompt has closed */
	PANE_PROMPT_CANCELLED /* Esc: the prompt closes */
};

struct pane_ops {
	const char *name; /* "gpu", for messages and tests */
	unsigned on_change; /* RECALC_CHG() bits of the results it draws */
	unsigned on_input; /* PANE_IN() bits of the input groups it shows */
	size_t state_size; /* its view state; 0 for none */
	/* once, after the first recalculation and layout; may be NULL */
	void (*init)(struct app *, void *state);
	/* draws inside r only, from the calc's results and its view state */
	void (*draw)(struct app *, void *state, const struct rect *r);
	/* an action while it has the focus: true when taken; may be NULL */
	bool (*action)(struct app *, void *state, enum action);
	/* the status row's hint for the item under its cursor: false for the
	 * planner's general one; may be NULL */
	bool (*hint)(struct app *, void *state, char *buf, size_t len);
	/* after a key: chg as recalc_update() returned it, groups the input
	 * groups edited (PANE_IN() bits); may be NULL */
	void (
	    *follow)(struct app *, void *state, unsigned chg, unsigned groups);
	/* its search prompt (the text is app.prompt.text); may be NULL */
	void (*prompt)(struct app *, void *state, enum pane_prompt);
	/* frees what the state owns (not the state); may be NULL */
	void (*done)(void *state);
};

/* A pane's place in the planner: its operations and its state. */
struct pane {
	const struct pane_ops *ops;
	void *state; /* ops->state_size bytes, zeroed, NULL for none */
};

extern const struct pane_ops pane_title_ops, pane_gpu_ops, pane_model_ops,
    pane_ckpt_ops, pane_flags_ops, pane_bar_ops, pane_conc_ops,
    pane_verdict_ops, pane_cmd_ops, pane_status_ops;

#endif
