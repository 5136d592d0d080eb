/*
 * overlay_compare.h - the compare prompt (c) and Enter on it; the
 * overlay itself is overlay_compare_ops (overlay.h).
 */
#ifndef HEADROOM_UI_OVERLAY_COMPARE_H
#define HEADROOM_UI_OVERLAY_COMPARE_H

#include <stddef.h>

struct app;

/* Opens the prompt with the last list of files (the example scenarios at first). */
void overlay_compare_ask(struct app *);
/*
 * Enter on the prompt: loads the files (globs expanded) and opens the
 * overlay.  0 when shown, -1 with the reason in err (the prompt stays open).
 */
int overlay_compare_accept(struct app *, char *err, size_t errlen);

#endif
