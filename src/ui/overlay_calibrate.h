/*
 * overlay_calibrate.h - calibrating the planner from a vLLM startup log
 * (L, a log opened with o or pasted): the log's settings become the
 * plan, with the terms it measured, and the overlay shows the log against
 * headroom's plan (s there stores the profile).  The overlay itself is
 * overlay_calibrate_ops (overlay.h).
 */
#ifndef HEADROOM_UI_OVERLAY_CALIBRATE_H
#define HEADROOM_UI_OVERLAY_CALIBRATE_H

#include <stddef.h>

struct app;

/* Opens the prompt for the log's path. */
void overlay_calibrate_ask(struct app *);
/* Enter on it: overlay_calibrate_file() with the typed path. */
int overlay_calibrate_accept(struct app *, char *err, size_t errlen);
/*
 * Calibrates from the log at path: the overlay opens and the plan takes
 * the log's settings with its measured terms (one undoable edit).
 * Returns 0, or -1 with the reason in err (nothing changed).
 */
int overlay_calibrate_file(struct app *, const char *path, char *err,
    size_t errlen);
/*
 * The same from the text of a log (len bytes): source names it in the
 * view and a stored profile (a path, or "(pasted)"); what names it on the
 * status line.
 */
int overlay_calibrate_text(struct app *, const char *text, size_t len,
    const char *source, const char *what, char *err, size_t errlen);

#endif
