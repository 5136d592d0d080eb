/*
 * pane.h - the panes of the planner and what they share.
 *
 * A pane is a set of operations (pane_ops.h), one file each (pane_gpu.c
 * ...).  It draws only from the calc's results and its view state (struct
 * app, app_state.h), inside its rectangle, and computes no figure of its
 * own.
 */
#ifndef HEADROOM_UI_PANE_H
#define HEADROOM_UI_PANE_H

#include <stdbool.h>
#include <stdio.h>

#include "app_state.h"
#include "core/recalc.h"
#include "layout.h"
#include "lists.h"
#include "pane_ops.h"

/* A scrolled list: the cursor row and the first row shown. */
struct list_view {
	int cursor, top;
};

/* The operations of a pane (pane_*.c). */
const struct pane_ops *pane_ops_of(enum pane_id);
/*
 * The panes to repaint after a key: those whose on_change meets chg
 * (recalc_update()'s mask) or whose on_input meets groups (the input
 * groups the key edited, as PANE_IN() bits).
 */
unsigned pane_repaint_mask(unsigned chg, unsigned groups);
/* Gives every pane its state (zeroed) and runs the panes' init(). */
void pane_init_all(struct app *);
/* Frees the panes' states. */
void pane_done_all(struct app *);
/* Draws a pane in r. */
void pane_draw(struct app *, enum pane_id, const struct rect *r);
/* Offers an action to a pane (the focused one, or the one a global action
 * names); true when it took it. */
bool pane_act(struct app *, enum pane_id, enum action);
/* The focused pane's hint for the status row; false when it has none. */
bool pane_hint(struct app *, char *buf, size_t len);
/* Lets every pane follow a key's edit (pane_ops.follow). */
void pane_follow_all(struct app *, unsigned chg, unsigned groups);
/* Tells a pane what happened to its search prompt. */
void pane_prompt(struct app *, enum pane_id, enum pane_prompt);
/*
 * Up, Down, PgUp, PgDn (rows at a time), Home, End on a list of n rows:
 * the row the cursor goes to, kept inside [0, n), in *target; false for
 * another action.
 */
bool pane_list_move(struct list_view *, int n, int rows, enum action,
    int *target);
/* The same applied to a list pane's cursor (the pane and status repaint);
 * true when act was a move. */
bool pane_list_action(struct app *, enum pane_id, struct list_view *, int n,
    enum action);
/* The "terminal too small" screen, instead of every pane. */
void pane_too_small_draw(struct app *);

/* Shared by the panes (pane.c). */
void pane_header(struct app *, const struct rect *, enum pane_id,
    const char *title, const char *right);
/* Rows of a list pane under its header. */
int pane_list_rows(const struct rect *);
/* Keeps a cursor inside [0, n) and the rows shown around it. */
void pane_view_fit(struct list_view *, int n, int rows);
/* The first row shown when a list of `rows` rows opens at its cursor: a
 * third of the rows above the cursor, not only the ones after it. */
void pane_view_open(struct list_view *, int rows);
/* The card or slice name of an input ("rtx-pro-6000-server 2g.48gb"). */
void pane_card_name(const struct app *, const struct plan_input *, char *buf,
    size_t len);
/* The hardware the plan uses: "2 × rtx-pro-6000-server, TP 2", "4 × h200-nvl 1g.18gb, 4 replicas". */
void pane_plan_hardware(const struct app *, char *buf, size_t len);
/* Short name of a checkpoint choice ("nvidia/...-FP8", "online FP8"). */
void pane_choice_name(const struct app *, const struct recalc_choice *,
    char *buf, size_t len);

#endif
