/*
 * options.h - how the planner looks, as the command line asks
 * (--no-color, --ascii, --theme, the themes folder).
 */
#ifndef HEADROOM_UI_OPTIONS_H
#define HEADROOM_UI_OPTIONS_H

struct ui_options {
	int no_color; /* monochrome attributes, as with NO_COLOR */
	int ascii; /* ASCII glyphs even in a UTF-8 locale */
	const char *theme; /* name or path; NULL = default */
	const char
	    *themes_dir; /* extra folder to look for NAME.yaml; may be NULL */
};

#endif
