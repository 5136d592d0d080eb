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
#include "pane_ops.h"

/* The operations of a pane (pane_*.c). */
const struct pane_ops *pane_ops_of(enum pane_id);
/*
 * The panes to repaint after a key: those whose on_change meets chg
 * (recalc_update()'s mask) or whose on_input meets groups (the input
 * groups the key edited, as PANE_IN() bits).
 */
unsigned pane_repaint_mask(unsigned chg, unsigned groups);
/* The "terminal too small" screen, instead of every pane. */
void pane_too_small_draw(struct app *);

/* Shared by the panes (pane.c). */
void pane_header(struct app *, const struct rect *, enum pane_id, const char *title,
    const char *right);
/* Rows of a list pane under its header. */
int pane_list_rows(const struct rect *);
/* Keeps a cursor inside [0, n) and the rows shown around it. */
void pane_view_fit(struct list_view *, int n, int rows);
/* The text of the status line's hint for the focused item. */
void pane_hint(struct app *, char *buf, size_t len);
/* The card or slice name of an input ("rtx-pro-6000-server 2g.48gb"). */
void pane_card_name(const struct app *, const struct plan_input *, char *buf,
    size_t len);
/* The hardware the plan uses: "2 × rtx-pro-6000-server, TP 2", "4 × h200-nvl 1g.18gb, 4 replicas". */
void pane_plan_hardware(const struct app *, char *buf, size_t len);
/* Short name of a checkpoint choice ("nvidia/...-FP8", "online FP8"). */
void pane_choice_name(const struct app *, const struct recalc_choice *, char *buf,
    size_t len);

#endif
