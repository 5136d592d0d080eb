/*
 * theme.h - semantic roles -> curses attributes, from theme files.
 *
 * A theme file (themes/default.yaml documents the format) gives each role
 * a foreground, a background and attributes.  A role it leaves out takes
 * its parent's style ("bar.kv" -> "bar" -> "default").  theme_load()
 * finds a theme by name or path, and falls back to the built-in default
 * with a message naming file:line:column when the file is broken.
 * theme_apply() brings colours down to what the terminal has (#rrggbb ->
 * 256 -> 16 -> 8) and allocates one colour pair per role.  On 8- and
 * 16-colour terminals a theme's "palette-8" and "palette-16" sections give
 * the roles they list instead (the shipped themes list every role whose
 * colour would vanish); any other role is brought down from its main
 * style and repaired if it would be unreadable (a foreground equal to its
 * background, black or white on the terminal's own background, which may
 * be dark or light).  Without colour
 * (NO_COLOR, --no-color, a terminal without colours) only the attributes
 * of the monochrome theme are used.
 */
#ifndef HEADROOM_UI_THEME_H
#define HEADROOM_UI_THEME_H

#include <stdbool.h>
#include <stddef.h>

#include <curses.h>

#include "options.h"

/* X(id, name) in parent-before-child order */
#define THEME_ROLES(X)                                                         \
	X(DEFAULT, "default")                                                  \
	X(TITLE, "title")                                                      \
	X(PANE_TITLE, "pane.title")                                            \
	X(PANE_TITLE_FOCUS, "pane.title.focus")                                \
	X(SEPARATOR, "separator")                                              \
	X(HEADING, "heading")                                                  \
	X(SELECTION, "selection")                                              \
	X(SELECTION_INACTIVE, "selection.inactive")                            \
	X(CHOSEN, "chosen")                                                    \
	X(LABEL, "label")                                                      \
	X(VALUE, "value")                                                      \
	X(VALUE_CHANGED, "value.changed")                                      \
	X(VALUE_DEFAULT, "value.default")                                      \
	X(MUTED, "muted")                                                      \
	X(VERDICT_OK, "verdict.ok")                                            \
	X(VERDICT_FAIL, "verdict.fail")                                        \
	X(WARNING, "warning")                                                  \
	X(ESTIMATE, "estimate")                                                \
	X(KEY, "key")                                                          \
	X(STATUS, "status")                                                    \
	X(STATUS_ERROR, "status.error")                                        \
	X(STATUS_OK, "status.ok")                                              \
	X(PROMPT, "prompt")                                                    \
	X(PROMPT_ERROR, "prompt.error")                                        \
	X(HELP, "help")                                                        \
	X(HELP_KEY, "help.key")                                                \
	X(HELP_TITLE, "help.title")                                            \
	X(BAR, "bar")                                                          \
	X(BAR_WEIGHTS, "bar.weights")                                          \
	X(BAR_ACTIVATION, "bar.activation")                                    \
	X(BAR_NON_TORCH, "bar.non_torch")                                      \
	X(BAR_GRAPHS, "bar.graphs")                                            \
	X(BAR_KV, "bar.kv")                                                    \
	X(BAR_SLACK, "bar.slack")                                              \
	X(BAR_OUTSIDE, "bar.outside")                                          \
	X(BAR_OTHER, "bar.other")                                              \
	X(BAR_OVER, "bar.over")                                                \
	X(BAR_BUDGET, "bar.budget")                                            \
	X(SLIDER, "slider")                                                    \
	X(REQUEST, "request")                                                  \
	X(REQUEST_FREE, "request.free")                                        \
	X(COMMAND, "command")

enum role {
#define X(id, name) ROLE_##id,
	THEME_ROLES(X)
#undef X
	ROLE_COUNT
};

#define THEME_DEFAULT_COLOR (-1)
#define THEME_RGB 0x1000000 /* | 0xrrggbb */

#define THEME_BOLD 0x01u
#define THEME_DIM 0x02u
#define THEME_REVERSE 0x04u
#define THEME_UNDERLINE 0x08u
#define THEME_ITALIC 0x10u
#define THEME_STANDOUT 0x20u

struct theme_style {
	int fg, bg; /* THEME_DEFAULT_COLOR, 0-255, or THEME_RGB | rgb */
	unsigned attrs; /* THEME_BOLD ... */
};

enum theme_palette {
	THEME_PALETTE_8,
	THEME_PALETTE_16,
	THEME_PALETTES
};

struct theme {
	char name[64];
	int needs; /* colours the theme is written for: 2, 8, 16, 256, 16777216 */
	struct theme_style style[ROLE_COUNT];
	bool given[ROLE_COUNT]; /* set by the file, not inherited */
	/* "palette-8" and "palette-16": the styles for small palettes */
	struct theme_style pal[THEME_PALETTES][ROLE_COUNT];
	bool pal_given[THEME_PALETTES][ROLE_COUNT];
	bool mono; /* no colour in use: segments need characters */
	attr_t attr[ROLE_COUNT]; /* after theme_apply() */
};

const char *theme_role_name(enum role);
int theme_role_find(const char *name);

/*
 * Parses theme text.  fname is used in messages.  Returns 0, or -1 with
 * "fname:line:col: what" in err.  Roles left out inherit (see above).
 */
int theme_parse(const char *text, size_t len, const char *fname, struct theme *,
    char *err, size_t errlen);

/* The built-in copy of themes/NAME.yaml ("default" or "mono"), or NULL. */
const char *theme_builtin(const char *name);

/*
 * Loads the theme for the options: opt->theme (a name or a path to a
 * .yaml file), else "default"; "mono" whenever colour is off.  Names are
 * looked up as NAME.yaml in $HEADROOM_THEMES_DIR, opt->themes_dir,
 * $XDG_CONFIG_HOME/headroom/themes, the installed themes folder and the
 * source tree's themes/, then among the built-in themes.  Always leaves a
 * usable theme in t; returns 0, or -1 with what went wrong in msg.
 */
int theme_load(const struct ui_options *, bool colour, struct theme *t,
    char *msg, size_t msglen);

/* Whether colour is wanted: not --no-color, NO_COLOR unset or empty. */
bool theme_colour_wanted(const struct ui_options *);

/* Allocates colour pairs (when colour) and fills t->attr.  Needs curses started. */
void theme_apply(struct theme *t, bool colour);

static inline attr_t
theme_attr(const struct theme *t, enum role r)
{
	return t->attr[r];
}

/*
 * The styles theme_apply() uses on a terminal with ncolours colours (8,
 * 16 or 256; fewer than 16 counts as 8), colours already reduced.  With
 * repair, roles the palette section left out are made readable (see the
 * top of this file); the tests check the shipped sections without it.
 */
void theme_palette(const struct theme *t, int ncolours, bool repair,
    struct theme_style out[ROLE_COUNT]);

/* Colour reduction, exported for tests. */
int theme_rgb_to_256(int r, int g, int b);
int theme_256_to_16(int idx);
void theme_256_rgb(int idx, int *r, int *g, int *b);
/* A colour for a terminal with n colours (256, 16, 8); -1 stays -1. */
int theme_reduce(int colour, int ncolours);

#endif
