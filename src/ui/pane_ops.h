/*
 * pane_ops.h - the interface every pane implements, as tig's view_ops:
 * its name, the results and input groups it shows (its repaint masks),
 * and its draw function.  pane.h has the table and what the panes share.
 *
 * A pane repaints after a key when a result it declares in on_change
 * changed value (recalc_update()'s mask) or an input group it declares in
 * on_input was edited; everything else it shows is view state, and the
 * action that changes it marks the pane dirty itself.
 */
#ifndef HEADROOM_UI_PANE_OPS_H
#define HEADROOM_UI_PANE_OPS_H

#include "core/recalc.h"
#include "layout.h"

struct app;

/* An input group's bit in on_input. */
#define PANE_IN(group) (1u << (group))
#define PANE_IN_ALL ((1u << RECALC_IN_COUNT) - 1)

struct pane_ops {
	const char *name; /* "gpu", for messages and tests */
	unsigned on_change; /* RECALC_CHG() bits of the results it draws */
	unsigned on_input; /* PANE_IN() bits of the input groups it shows */
	/* draws inside r only, from the calc's results and its view state */
	void (*draw)(struct app *, const struct rect *r);
};

extern const struct pane_ops pane_title_ops, pane_gpu_ops, pane_model_ops,
    pane_ckpt_ops, pane_flags_ops, pane_bar_ops, pane_conc_ops,
    pane_verdict_ops, pane_cmd_ops, pane_status_ops;

#endif
