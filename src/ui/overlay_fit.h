/*
 * overlay_fit.h - the planner's answer views, drawn over the panes like
 * the help: which cards carry N users (F, the fit finder), several
 * instances on this card and the MIG alternative (S), this plan under
 * another vLLM release (U); and the speed note of the concurrency pane.
 *
 * The view state lives in struct answers_view, owned by struct app
 * (app.answers, created on first use, freed with the app).  Figures come
 * from the core (fit_find, share_compute, upgrade_compare, speed_estimate);
 * a view recomputes only when one of its own keys changes its question.
 */
#ifndef HEADROOM_UI_ANSWERS_VIEW_H
#define HEADROOM_UI_ANSWERS_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "core/fit.h"
#include "core/share.h"
#include "core/upgrade.h"
#include "io/sizing_opts.h"

struct app;

struct answers_view {
	/* fit finder */
	int64_t	 users, tokens;
	bool	 fix_ckpt, fix_kv;
	int	 cards[FIT_MAX_CARD_IDS];	/* --cards; n_cards 0 = all */
	size_t	 n_cards;
	int	 max_cards;			/* --max-cards; 0 = default */
	int	 rank;				/* enum fit_rank */
	int64_t	 max_model_len;			/* the plan's, kept (grown to the tokens); 0 = from the tokens */
	struct fit_row rows[FIT_MAX_ROWS];
	size_t	 n_rows;
	struct fit_result res;
	double	 fit_ms;
	int	 cursor, top;
	/* instances on one card */
	struct share_instance inst[SHARE_MAX];
	size_t	 n_inst;
	int	 inst_cursor;
	struct share_result share;
	/* upgrade */
	int	 to_version;
	struct upgrade_result upgrade;
	int	 scroll;
};

/* Frees the view state of an app (app.answers) and NULLs it. */
void answers_view_free(struct answers_view **);

/* Opens one of the answer overlays (OVERLAY_FIT, _SHARE, _UPGRADE), computing it. */
void answers_view_open(struct app *, int overlay);

/*
 * Opens the view the command line asked for (--need, --instance,
 * --compare-version), with its numbers; does nothing for none.
 */
void answers_view_start(struct app *, const struct sizing_opts *);

/* True for the overlays this module draws. */
bool answers_view_owns(int overlay);

/*
 * Handles a key while one of its overlays is open.  Returns true when the
 * planner should take *apply as its new input (Enter on a fit row, on an
 * instance, or on the other release); the caller does it with undo.
 */
bool answers_view_key(struct app *, int code, struct plan_input *apply);

/* Draws the open overlay over the whole screen but the status row. */
void answers_view_draw(struct app *);

/*
 * The speed of the planner's plan, short ("~33 tok/s each") for the
 * slider line and long for a row of its own; "" when it is unknown.
 */
void answers_view_speed(struct app *, char *brief, size_t blen, char *full,
    size_t flen);

#endif
