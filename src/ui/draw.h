/*
 * draw.h - drawing primitives on the current curses screen, clipped to a
 * width and measured in terminal columns (wcwidth), never in bytes.  Text
 * is UTF-8; each call sets the role's attributes from the theme.
 */
#ifndef HEADROOM_UI_DRAW_H
#define HEADROOM_UI_DRAW_H

#include <stddef.h>

#include "layout.h"
#include "theme.h"

/* Columns a UTF-8 string takes (invalid bytes count as one column). */
int draw_width(const char *s);
/*
 * Draws s at (y, x) in at most w columns; when it does not fit, the last
 * column shows ellipsis (may be NULL for a hard cut).  Returns columns used.
 */
int draw_text(const struct theme *, enum role, int y, int x, int w,
    const char *s, const char *ellipsis);
/* Same, right-aligned in the w columns ending at x + w. */
int draw_text_right(const struct theme *, enum role, int y, int x, int w,
    const char *s);
/* Fills n cells from (y, x) with one glyph. */
void draw_repeat(const struct theme *, enum role, int y, int x, int n,
    const char *glyph);
/* Blanks a rectangle in a role's background. */
void draw_clear(const struct theme *, enum role, const struct rect *);
/* Blanks the rest of row y from x to x + w in a role. */
void draw_pad(const struct theme *, enum role, int y, int x, int w);
/*
 * Word-wraps s into the lines of a rectangle from row y; returns the rows
 * used.  max_rows limits the rows; the last one ends in ellipsis when the
 * text goes on.
 */
int draw_wrapped(const struct theme *, enum role, int y, int x, int w,
    int max_rows, const char *s, const char *ellipsis);
/* Number of rows word-wrapping s in w columns takes. */
int draw_wrap_rows(const char *s, int w);
/*
 * Word-wraps s in w columns without drawing: the start and byte length of
 * each line go to starts[] and lens[] (up to max lines); returns the count.
 */
int draw_wrap_lines(const char *s, int w, const char **starts, int *lens,
    int max);

#endif
