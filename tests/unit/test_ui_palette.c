/*
 * test_ui_palette.c - every theme stays readable on 8-, 16- and
 * 256-colour terminals.  The planner is started on virtual terminals of
 * real terminfo entries (screen and xterm have 8 colours, xterm-16color
 * 16, xterm-256color 256); then no role and no cell on the screen may draw
 * its text in its background's colour, or black on the terminal's own
 * background.  On 8 and 16 colours the terminal's background may be dark
 * or light, so white text on it fails too.  A second set of checks reads
 * the shipped palette sections without the repair theme_apply() does, so
 * a theme file that forgets a role fails here rather than being patched.
 */
#include <criterion/criterion.h>
#include <curses.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "io/textfile.h"
#include "ui/app.h"
#include "ui/theme.h"

static void
setup(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	unsetenv("NO_COLOR");
	unsetenv("HEADROOM_THEMES_DIR");
}

TestSuite(palette, .init = setup);

static const struct {
	const char *term;
	int colours;
} terms[] = {
	{ "screen", 8 },
	{ "xterm", 8 },
	{ "xterm-16color", 16 },
	{ "xterm-256color", 256 },
};

static bool
is_white(int c)
{
	return c == COLOR_WHITE || c == COLOR_WHITE + 8 || c == 231 || c == 255;
}

static bool
is_black(int c)
{
	return c == COLOR_BLACK || c == 16;
}

/*
 * Why fg on bg is unreadable, or NULL.  light: the theme is written for a
 * light background (256 colours); colours <= 16 must suit both.
 */
static const char *
unreadable(int fg, int bg, int colours, bool light)
{
	bool both = colours <= 16;

	if (fg >= 0 && fg == bg)
		return "text in its background's colour";
	if (bg < 0) {
		if (is_black(fg) && (both || !light))
			return "black on the terminal's background";
		if (is_white(fg) && (both || light))
			return "white on the terminal's background";
	} else if (fg < 0 && both && (is_black(bg) || is_white(bg))) {
		return "the terminal's text colour on black or white";
	}
	return NULL;
}

static struct app *
start(const char *term, const char *theme)
{
	struct ui_options opt = { 0, 0, theme, NULL };
	struct plan_input in;
	struct app *a;

	setenv("TERM", term, 1);
	test_input(&in, "rtx-pro-6000-server",
	    "meta-llama/Llama-3.3-70B-Instruct",
	    "nvidia/Llama-3.3-70B-Instruct-FP8");
	in.kv_dtype = KV_FP8;
	in.max_model_len = 32768;
	a = app_headless_new((struct catalogue *)test_catalogue(), &in, &opt,
	    24, 80);
	cr_assert_not_null(a, "no virtual terminal for TERM=%s", term);
	return a;
}

static void
check_cells(struct app *a, const char *what, int colours, bool light)
{
	static char screen[1 << 16];
	const char *line = screen;
	int y;

	app_headless_dump(a, screen, sizeof screen);
	for (y = 0; y < 24 && line != NULL; y++) {
		const char *nl = strchr(line, '\n');
		int n = nl ? (int)(nl - line) : (int)strlen(line), x;

		for (x = 0; x < 80 && x < n; x++) {
			short fg, bg;
			const char *why;

			if (line[x] == ' ')
				continue;
			app_headless_cell_colours(a, y, x, &fg, &bg);
			why = unreadable(fg, bg, colours, light);
			cr_assert_null(why,
			    "%s: row %d column %d (%d on %d): %s\n%s", what, y,
			    x, fg, bg, why, screen);
		}
		line = nl ? nl + 1 : NULL;
	}
}

static void
check_theme(const char *theme, bool light)
{
	size_t i;

	for (i = 0; i < sizeof terms / sizeof terms[0]; i++) {
		struct app *a = start(terms[i].term, theme);
		char what[128];
		int r, n = 0;

		for (r = 0; r < ROLE_COUNT; r++) {
			short fg, bg;
			const char *why;

			n = app_headless_role_colours(a, r, &fg, &bg);
			why = unreadable(fg, bg, terms[i].colours, light);
			cr_assert_null(why,
			    "theme %s, TERM=%s: role %s (%d on %d): %s", theme,
			    terms[i].term, theme_role_name(r), fg, bg, why);
		}
		cr_assert_eq(n, terms[i].colours,
		    "TERM=%s gives %d colours, not %d "
		    "(is ncurses-term installed?)",
		    terms[i].term, n, terms[i].colours);
		snprintf(what, sizeof what, "theme %s, TERM=%s", theme,
		    terms[i].term);
		check_cells(a, what, terms[i].colours, light);
		/* the flags pane focused, the help overlay: other roles on screen */
		cr_assert_eq(app_headless_keys(a, "4"), 0);
		check_cells(a, what, terms[i].colours, light);
		cr_assert_eq(app_headless_keys(a, "?"), 0);
		check_cells(a, what, terms[i].colours, light);
		app_headless_free(&a);
	}
}

Test(palette, the_default_theme_on_every_palette)
{
	check_theme("default", false);
}

Test(palette, the_light_theme_on_every_palette)
{
	check_theme("light", true);
}

Test(palette, the_monochrome_theme_uses_no_colour)
{
	size_t i;

	for (i = 0; i < sizeof terms / sizeof terms[0]; i++) {
		struct app *a = start(terms[i].term, "mono");
		short fg, bg;

		cr_assert_eq(app_headless_role_colours(a, ROLE_BAR_KV, &fg,
				 &bg),
		    0);
		app_headless_free(&a);
	}
}

/* The 8 colours' black and white are what the old reduction drew. */
Test(palette, a_theme_without_small_palettes_is_repaired)
{
	static const char text[] = "name: plain\n"
				   "roles:\n"
				   "  default: { fg: default, bg: default }\n"
				   "  separator: { fg: 240 }\n"
				   "  bar.kv: { fg: 114 }\n"
				   "  value: { fg: 231 }\n"
				   "  status: { fg: 236, bg: 234 }\n";
	struct theme t;
	struct theme_style st[ROLE_COUNT];
	char err[256];
	int r;

	cr_assert_eq(theme_parse(text, sizeof text - 1, "plain.yaml", &t, err,
			 sizeof err),
	    0, "%s", err);
	theme_palette(&t, 8, false, st);
	cr_assert_not_null(unreadable(st[ROLE_SEPARATOR].fg,
			       st[ROLE_SEPARATOR].bg, 8, false),
	    "240 comes down to black on 8 colours: the case repaired below");
	for (r = 0; r < ROLE_COUNT; r++) {
		theme_palette(&t, 8, true, st);
		cr_assert_null(unreadable(st[r].fg, st[r].bg, 8, false),
		    "8: %s", theme_role_name(r));
		theme_palette(&t, 16, true, st);
		cr_assert_null(unreadable(st[r].fg, st[r].bg, 16, false),
		    "16: %s", theme_role_name(r));
	}
	theme_palette(&t, 256, true, st);
	cr_assert_eq(st[ROLE_SEPARATOR].fg, 240, "256 colours are left alone");
}

static char *
read_theme(const char *name, size_t *len)
{
	const char *top = getenv("TOP_SRCDIR");
	char path[1024], err[256];
	char *text;

	snprintf(path, sizeof path, "%s/themes/%s.yaml", top ? top : ".", name);
	text = textfile_read(path, len, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	return text;
}

Test(palette, shipped_themes_list_their_small_palettes)
{
	static const char *names[] = { "default", "light" };
	static const int sizes[] = { 8, 16 };
	size_t i, j;

	for (i = 0; i < 2; i++) {
		struct theme t;
		struct theme_style st[ROLE_COUNT];
		char err[512];
		size_t len;
		char *text = read_theme(names[i], &len);
		int r;

		cr_assert_eq(theme_parse(text, len, names[i], &t, err,
				 sizeof err),
		    0, "%s", err);
		for (j = 0; j < 2; j++) {
			theme_palette(&t, sizes[j], false, st);
			for (r = 0; r < ROLE_COUNT; r++) {
				const char *why = unreadable(st[r].fg, st[r].bg,
				    sizes[j], false);

				cr_assert_null(why,
				    "themes/%s.yaml palette-%d: %s (%d on "
				    "%d): %s",
				    names[i], sizes[j], theme_role_name(r),
				    st[r].fg, st[r].bg, why);
			}
			/* the segments of the bar stay apart */
			cr_assert_neq(st[ROLE_BAR_KV].fg,
			    st[ROLE_BAR_WEIGHTS].fg);
			cr_assert_neq(st[ROLE_BAR_KV].fg,
			    st[ROLE_BAR_OUTSIDE].fg);
			cr_assert_neq(st[ROLE_BAR_WEIGHTS].fg,
			    st[ROLE_BAR_ACTIVATION].fg);
		}
		free(text);
	}
}

Test(palette, palette_sections_are_checked_like_roles)
{
	static const char text[] =
	    "roles:\n  default: {}\npalette-8:\n  bar.nope: { fg: 1 }\n";
	struct theme t;
	char err[256];

	cr_assert_eq(theme_parse(text, sizeof text - 1, "p.yaml", &t, err,
			 sizeof err),
	    -1);
	cr_assert(strstr(err, "p.yaml:4:") != NULL && strstr(err, "bar.nope"),
	    "%s", err);
}
