/*
 * pane.h - the planner's state (struct app) and the panes that draw it.
 *
 * Model / view / update: the model is the calc (src/core/recalc.h) holding
 * the plan input and everything derived from it; the update step is
 * app.c mapping keys to actions that edit the input or the view state
 * below; the view is one draw function per pane.  A pane draws only from
 * the calc's results and this view state, inside its rectangle, and
 * computes no figure of its own.  app.c repaints a pane only when its bit
 * is set in app.dirty (from the calc's change mask or a view change).
 */
#ifndef HEADROOM_UI_PANE_H
#define HEADROOM_UI_PANE_H

#include <stdbool.h>
#include <stdio.h>

#include <curses.h>

#include "core/recalc.h"
#include "app.h"
#include "flags.h"
#include "glyphs.h"
#include "layout.h"
#include "lists.h"
#include "paste.h"
#include "theme.h"

#define PANE_BIT(p)	(1u << (p))
#define PANE_ALL	((1u << PANE_COUNT) - 1)
#define UNDO_MAX	256

enum prompt_kind {
	PROMPT_NONE,
	PROMPT_FLAG,		/* a typed flag value */
	PROMPT_TOKENS,		/* tokens per request */
	PROMPT_SEARCH,		/* model search, filters as you type */
	PROMPT_GPU_SEARCH,	/* card search, filters as you type */
	PROMPT_WRITE,		/* file to write the command line to */
	PROMPT_QUOTE,		/* file to write the quote sheet to */
	/* exchange (import.c) */
	PROMPT_COMMAND,		/* a pasted vllm serve command */
	PROMPT_OPEN,		/* a scenario, vLLM config or log to open */
	PROMPT_SAVE,		/* the scenario file to save */
	PROMPT_COMPARE,		/* scenario files to compare with */
	PROMPT_CALIBRATE,	/* a vLLM startup log */
	PROMPT_DEPLOY_EXPORT	/* a cluster file from the deployment view */
};

struct prompt {
	enum prompt_kind kind;
	enum flag_id	 flag;
	char		 label[64];
	char		 text[4096];	/* a pasted command can be long */
	size_t		 len;
	char		 error[256];	/* why the typed value was refused */
	bool		 fresh;		/* text given, not typed: a typed character replaces it */
};

/* A scrolled list: the cursor row and the first row shown. */
struct list_view {
	int	 cursor, top;
};

enum overlay { OVERLAY_NONE, OVERLAY_HELP, OVERLAY_DETAILS, OVERLAY_COMPARE,
	OVERLAY_CALIBRATE, OVERLAY_FIT, OVERLAY_SHARE, OVERLAY_UPGRADE,
	OVERLAY_DEPLOY };

struct import_state;	/* import.c */
struct answers_view;	/* overlay_fit.c: fit finder, shared card, upgrade */
struct deploy_view;	/* pane_deploy.c: nodes x cards */

struct app {
	struct catalogue *cat;
	struct recalc	*calc;
	struct ui_options opt;
	struct theme	 theme;
	bool		 colour;
	const struct glyphs *g;
	struct layout	 lay;

	/* the terminal */
	SCREEN		*screen;
	FILE		*term_out, *term_in;	/* headless: /dev/null; a pipe */
	int		 feed_fd;	/* headless: app_headless_bytes() writes here */
	bool		 headless;
	bool		 paste_mode;	/* bracketed paste asked of the terminal */
	int		 rows, cols;

	/* view state */
	enum pane_id	 focus;
	struct gpu_row	*gpu_rows;	/* the rows shown: all_gpu_rows filtered by gpu_search */
	size_t		 n_gpu_rows;
	struct gpu_row	*all_gpu_rows;
	size_t		 n_all_gpu_rows;
	char		 gpu_search[64];
	int		*models;	/* filtered catalogue indexes; -1 = a local model,
					 * -2 - k = the k-th cached id (model_search.h) */
	size_t		 n_models;
	char		 search[64];
	struct list_view gpu_view, model_view, ckpt_view, flag_view, fix_view,
			 cmd_view;
	enum overlay	 overlay;
	int		 overlay_top;
	struct prompt	 prompt;
	struct paste	 paste;		/* a paste coming in */
	char		 status[512];
	enum role	 status_role;

	/* undo: inputs before each change; edits with the same tag in a row share one entry */
	struct plan_input undo[UNDO_MAX];
	int		 n_undo;
	int		 last_tag;

	/* repaint */
	unsigned	 dirty;		/* PANE_BIT()s to repaint */
	bool		 full;		/* clear the screen and repaint all */
	unsigned	 painted;	/* what the last frame repainted */
	bool		 quit;
	bool		 osc52_pending;	/* copy the command once the frame is out */
	struct import_state *import;	/* paste, open, save, compare, calibrate */
	struct answers_view *answers;	/* F, S and U views, NULL until opened */
	struct deploy_view *deploy;	/* D view, NULL until opened */
	struct model_search *msearch;	/* cached ids, models read from the cache or Hub */
};

/* Paints what is dirty now, in the middle of a long step (a Hub fetch). */
void app_paint_now(struct app *);

/* Panes (pane_*.c): each draws inside its rectangle only. */
void pane_title_draw(struct app *, const struct rect *);
void pane_gpu_draw(struct app *, const struct rect *);
void pane_model_draw(struct app *, const struct rect *);
void pane_ckpt_draw(struct app *, const struct rect *);
void pane_flags_draw(struct app *, const struct rect *);
void pane_bar_draw(struct app *, const struct rect *);
void pane_conc_draw(struct app *, const struct rect *);
void pane_verdict_draw(struct app *, const struct rect *);
void pane_cmd_draw(struct app *, const struct rect *);
void pane_status_draw(struct app *, const struct rect *);
void pane_overlay_draw(struct app *);
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
/* The rows the help overlay has, for scrolling. */
int pane_help_lines(void);
/* The card or slice name of an input ("rtx-pro-6000-server 2g.48gb"). */
void pane_card_name(const struct app *, const struct plan_input *, char *buf,
    size_t len);
/* The hardware the plan uses: "2 × rtx-pro-6000-server, TP 2", "4 × h200-nvl 1g.18gb, 4 replicas". */
void pane_plan_hardware(const struct app *, char *buf, size_t len);
/* Short name of a checkpoint choice ("nvidia/...-FP8", "online FP8"). */
void pane_choice_name(const struct app *, const struct recalc_choice *, char *buf,
    size_t len);

#endif
