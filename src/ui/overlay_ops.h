/*
 * overlay_ops.h - the interface every overlay implements (overlay.h says
 * how they are opened, closed and scrolled): its operations, its private
 * state and its scroll position, as tig's view_ops.  app_state.h holds one
 * struct overlay per overlay.
 */
#ifndef HEADROOM_UI_OVERLAY_OPS_H
#define HEADROOM_UI_OVERLAY_OPS_H

#include <stdbool.h>
#include <stddef.h>

#include "action.h"
#include "core/plan.h"
#include "io/sizing_opts.h"

struct app;

enum overlay_id {
	OVERLAY_NONE,
	OVERLAY_HELP,
	OVERLAY_DETAILS,
	OVERLAY_COMPARE,
	OVERLAY_CALIBRATE,
	OVERLAY_FIT,
	OVERLAY_SHARE,
	OVERLAY_UPGRADE,
	OVERLAY_DEPLOY,
	OVERLAY_COUNT
};

/* What an overlay's key() did with a key. */
enum overlay_key {
	OVERLAY_KEY_IGNORED, /* not its key: the shared scroll handling may take it */
	OVERLAY_KEY_TAKEN, /* done; the overlay stays open */
	OVERLAY_KEY_CLOSE, /* done; the overlay closes */
	OVERLAY_KEY_APPLY /* the overlay closes and the planner takes *apply (undoable) */
};

/* The scroll keys the shared handling takes for an overlay. */
#define OVERLAY_SCROLL_LINES 0x1u /* Up, Down: one row */
#define OVERLAY_SCROLL_PAGES 0x2u /* PgUp, PgDn: page rows */
#define OVERLAY_SCROLL_SIDE 0x4u /* Left, Right: eight columns */
#define OVERLAY_SCROLL_HOME 0x8u /* Home: the top; End: max_top() */

/* An overlay's place in the planner: its operations, state and scroll. */
struct overlay {
	const struct overlay_ops *ops;
	void *state; /* ops->state_size bytes, NULL until first use */
	int top; /* first row shown (the draw may clamp it) */
	int left; /* first column shown, with OVERLAY_SCROLL_SIDE */
};

struct overlay_ops {
	const char *name; /* "fit", for messages and tests */
	enum action
	    toggle[2]; /* besides Esc and q, the actions that close it */
	unsigned scroll; /* OVERLAY_SCROLL_* */
	int page; /* rows per PgUp/PgDn; 0 = half the screen */
	size_t state_size; /* 0: no state */
	/* once, when the state is allocated; may be NULL */
	void (*init)(struct app *, struct overlay *);
	/* each time it opens (top and left are 0 again): computes; may be NULL */
	void (*open)(struct app *, struct overlay *);
	/* opens it when the command line asks for it (--need ...); may be NULL */
	bool (
	    *start)(struct app *, struct overlay *, const struct sizing_opts *);
	/* draws over the whole screen but the status row */
	void (*draw)(struct app *, struct overlay *);
	/* a key (with the action it has everywhere); may be NULL */
	enum overlay_key (*key)(struct app *, struct overlay *, int code,
	    enum action, struct plan_input *apply);
	/* the last top Down may reach; NULL: the draw clamps it */
	int (*max_top)(struct app *, struct overlay *);
	/* frees what the state owns (not the state); may be NULL */
	void (*done)(struct overlay *);
};

extern const struct overlay_ops overlay_help_ops, overlay_details_ops,
    overlay_compare_ops, overlay_calibrate_ops, overlay_fit_ops,
    overlay_share_ops, overlay_upgrade_ops, overlay_deploy_ops;

#endif
