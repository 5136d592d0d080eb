/*
 * app.h - the interactive planner.
 *
 * app_run() takes over the terminal until the user quits and restores it
 * on every way out (q, SIGINT, SIGTERM, SIGHUP, exit()), bracketed paste
 * mode included.  The headless
 * functions run the same code on a virtual terminal (newterm() writing to
 * /dev/null): the render tests and the benchmark use them.
 */
#ifndef HEADROOM_UI_APP_H
#define HEADROOM_UI_APP_H

#include <stddef.h>

#include "core/catalogue.h"
#include "core/plan.h"
#include "io/sizing_opts.h"
#include "options.h"

/* Runs the planner until the user quits; returns the exit status (0). in is the starting input. */
int app_run(struct catalogue *cat, struct plan_input *in,
    const struct ui_options *opt);
/* The same, opening first the view --need, --instance or --compare-version asks for. */
int app_run_sizing(struct catalogue *cat, struct plan_input *in,
    const struct ui_options *opt, const struct sizing_opts *sizing);

/*
 * Replays a key script (key names as in src/ui/keys.h, e.g. "jj<Right>f")
 * on a rows x cols virtual terminal and measures each keystroke from the
 * key to the finished frame.  Writes the median and 99th percentile in
 * microseconds and the time to the first frame in milliseconds.  Returns
 * 0, or -1 for a bad script or a terminal that cannot be created.
 */
int app_bench_keys(struct catalogue *cat, struct plan_input *in, int rows,
    int cols, const char *keys, double *median_us, double *p99_us,
    double *first_frame_ms);

/* ---- headless use (tests) ---- */

struct app;

/* A planner on a rows x cols virtual terminal (TERM xterm-256color if unset). NULL on failure. */
struct app *app_headless_new(struct catalogue *cat, const struct plan_input *in,
    const struct ui_options *opt, int rows, int cols);
/*
 * Feeds a key script; returns 0, or -1 for a bad key name.  "<Resize>"
 * applies app_headless_resize's size; "<Paste>" and "<PasteEnd>" are a
 * bracketed paste's markers.
 */
int app_headless_keys(struct app *, const char *keys);
/*
 * Feeds raw bytes as a terminal would send them (escape sequences, a
 * bracketed paste's markers) through curses' own key decoding and the
 * planner's input path, then draws the frame.  Returns 0, or -1 when the
 * input pipe fails.
 */
int app_headless_bytes(struct app *, const char *bytes, size_t n);
/*
 * Ctrl-C as the planner takes it: returns 1 when a prompt was open (now
 * cancelled; the planner goes on), 0 when the planner would end.
 */
int app_headless_interrupt(struct app *);
/* Resizes the virtual terminal, as a SIGWINCH would. */
void app_headless_resize(struct app *, int rows, int cols);
/*
 * Writes the screen as text, one line per row with trailing blanks
 * removed, into buf; returns the length (truncated to len - 1).
 */
size_t app_headless_dump(struct app *, char *buf, size_t len);
/* The attributes (A_BOLD, A_REVERSE, colour pair ...) at a cell. */
unsigned long app_headless_attr(struct app *, int y, int x);
/*
 * The colours drawn at a cell: foreground and background as curses
 * colour numbers (-1 = the terminal's own); returns the terminal's number
 * of colours (COLORS), or 0 when no colour is in use (both then -1).
 */
int app_headless_cell_colours(struct app *, int y, int x, short *fg, short *bg);
/* The same for a theme role (enum role in src/ui/theme.h). */
int app_headless_role_colours(struct app *, int role, short *fg, short *bg);
/* The input the planner holds now (after the keys). */
const struct plan_input *app_headless_input(struct app *);
/* Status line text (last message). */
const char *app_headless_status(struct app *);
/* Panes drawn by the last frame, as a mask of 1 << enum pane_id. */
unsigned app_headless_painted(struct app *);
void app_headless_free(struct app **);

#endif
