/*
 * glyphs.h - the characters the planner draws with, in two parallel
 * tables: UTF-8 and plain ASCII.  Every glyph is one terminal column.
 * The memory bar uses one solid block per segment when colours tell the
 * segments apart, and a distinct character per segment otherwise.
 */
#ifndef HEADROOM_UI_GLYPHS_H
#define HEADROOM_UI_GLYPHS_H

#include <stdbool.h>

#include "core/segments.h"

struct glyphs {
	bool utf8;
	const char *vline; /* column separator */
	const char *cursor; /* the line under the cursor */
	const char *chosen; /* the card / model / checkpoint in use */
	const char *ok, *fail;
	const char *budget; /* where vLLM's budget ends, above the bar */
	const char *capacity; /* where the card ends when the bar overflows */
	const char *left, *right; /* slider arrows */
	const char *block; /* a bar cell in colour */
	const char *over; /* a bar cell past the card's capacity */
	const char *request, *request_free;
	const char *ellipsis;
	const char *differs; /* a flag away from vLLM's default */
	const char *branch; /* a MIG slice under its card */
	const char *more_up, *more_down;
	const char *arrow; /* "becomes" in fix lines */
	const char *times;
	const char *seg_mono[SEG_COUNT]; /* bar cells without colour */
};

extern const struct glyphs glyphs_utf8;
extern const struct glyphs glyphs_ascii;

/*
 * The table to use: ASCII when asked or when the locale's codeset is not
 * UTF-8 (nl_langinfo(CODESET) after setlocale()).
 */
const struct glyphs *glyphs_pick(bool ascii);

#endif
