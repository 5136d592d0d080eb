/*
 * glyphs.c - the two glyph tables.  Keep them parallel: a field added to
 * one is added to the other, one column wide in both.
 */
#include "glyphs.h"

#include <langinfo.h>
#include <string.h>
#include <strings.h>

const struct glyphs glyphs_utf8 = {
	.utf8 = true,
	.vline = "\u2502",
	.cursor = "\u25b8",
	.chosen = "\u25cf",
	.ok = "\u2713",
	.fail = "\u2717",
	.budget = "\u25bc",
	.capacity = "\u2503",
	.left = "\u25c0",
	.right = "\u25b6",
	.block = "\u2588",
	.over = "\u2592",
	.request = "\u25a0",
	.request_free = "\u00b7",
	.ellipsis = "\u2026",
	.differs = "\u25cf",
	.branch = "\u2514",
	.more_up = "\u25b2",
	.more_down = "\u25bc",
	.arrow = "\u2192",
	.times = "\u00d7",
	/* shades do not survive every font: plain letters-like marks instead */
	.seg_mono = { "#", "=", "+", "*", "%", ".", "*", "-", "@" },
};

const struct glyphs glyphs_ascii = {
	.utf8 = false,
	.vline = "|",
	.cursor = ">",
	.chosen = "*",
	.ok = "+",
	.fail = "x",
	.budget = "v",
	.capacity = "|",
	.left = "<",
	.right = ">",
	.block = "#",
	.over = "!",
	.request = "o",
	.request_free = ".",
	.ellipsis = "~",
	.differs = "*",
	.branch = "`",
	.more_up = "^",
	.more_down = "v",
	.arrow = ">",
	.times = "x",
	.seg_mono = { "#", "=", "+", "*", "%", ".", "*", "-", "@" },
};

const struct glyphs *
glyphs_pick(bool ascii)
{
	const char *cs;

	if (ascii)
		return &glyphs_ascii;
	cs = nl_langinfo(CODESET);
	if (cs != NULL &&
	    (strcasecmp(cs, "UTF-8") == 0 || strcasecmp(cs, "utf8") == 0))
		return &glyphs_utf8;
	return &glyphs_ascii;
}
