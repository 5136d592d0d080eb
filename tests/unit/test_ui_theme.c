/*
 * test_ui_theme.c - theme files: the shipped ones load, the built-in
 * copies match them, broken files are reported with file:line:col and
 * fall back, roles inherit, NO_COLOR means monochrome, and colours come
 * down to the terminal's palette.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/textfile.h"
#include "ui/theme.h"

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

Test(theme, shipped_themes_parse_and_define_the_main_roles)
{
	static const char *names[] = { "default", "light", "mono" };
	size_t i, len;

	for (i = 0; i < 3; i++) {
		struct theme t;
		char err[512];
		char *text = read_theme(names[i], &len);

		cr_assert_eq(theme_parse(text, len, names[i], &t, err,
				 sizeof err),
		    0, "%s", err);
		cr_assert_str_eq(t.name, names[i]);
		cr_assert(t.given[ROLE_SELECTION], "%s sets selection",
		    names[i]);
		cr_assert(t.given[ROLE_PANE_TITLE_FOCUS], "%s", names[i]);
		cr_assert(t.given[ROLE_BAR_OVER], "%s", names[i]);
		free(text);
	}
}

Test(theme, built_in_copies_are_the_files)
{
	static const char *names[] = { "default", "mono", "light" };
	size_t i, len;

	for (i = 0; i < 3; i++) {
		char *text = read_theme(names[i], &len);

		cr_assert_not_null(theme_builtin(names[i]));
		cr_assert_str_eq(theme_builtin(names[i]), text,
		    "the binary embeds an old copy of themes/%s.yaml",
		    names[i]);
		free(text);
	}
	cr_assert_null(theme_builtin("no-such-theme"));
}

Test(theme, roles_inherit_from_their_parent)
{
	static const char text[] = "name: t\n"
				   "roles:\n"
				   "  default: { fg: 7 }\n"
				   "  bar: { fg: red, attrs: [bold] }\n"
				   "  bar.kv: { fg: \"#00ff00\" }\n";
	struct theme t;
	char err[256];

	cr_assert_eq(theme_parse(text, sizeof text - 1, "t.yaml", &t, err,
			 sizeof err),
	    0, "%s", err);
	cr_assert_eq(t.style[ROLE_BAR_WEIGHTS].fg, 1,
	    "bar.weights takes bar's red");
	cr_assert_eq(t.style[ROLE_BAR_WEIGHTS].attrs, THEME_BOLD);
	cr_assert_eq(t.style[ROLE_BAR_KV].fg, THEME_RGB | 0x00ff00);
	cr_assert_eq(t.style[ROLE_BAR_KV].attrs, 0,
	    "a given role does not inherit");
	cr_assert_eq(t.style[ROLE_STATUS_ERROR].fg, 7,
	    "status.error -> default");
	cr_assert(!t.given[ROLE_STATUS_ERROR]);
}

static void
expect_error(const char *text, const char *where, const char *what)
{
	struct theme t;
	char err[512];

	cr_assert_eq(theme_parse(text, strlen(text), "bad.yaml", &t, err,
			 sizeof err),
	    -1, "accepted: %s", text);
	cr_assert(strncmp(err, where, strlen(where)) == 0,
	    "'%s' does not start with "
	    "'%s'",
	    err, where);
	cr_assert(strstr(err, what) != NULL, "'%s' lacks '%s'", err, what);
}

Test(theme, broken_files_name_file_line_and_column)
{
	expect_error("roles:\n  bar.kv: { fg: purplish }\n",
	    "bad.yaml:2:", "purplish");
	expect_error("roles:\n  default: {}\n  bar.nope: { fg: 1 }\n",
	    "bad.yaml:3:", "unknown role 'bar.nope'");
	expect_error("roles:\n  title: { fg: 300 }\n",
	    "bad.yaml:2:", "0 to 255");
	expect_error("roles:\n  title: { attrs: [blinky] }\n",
	    "bad.yaml:2:", "blinky");
	expect_error("roles:\n  title: { fg: \"#12345\" }\n",
	    "bad.yaml:2:", "#rrggbb");
	expect_error("roles: [\n", "bad.yaml:", "");
	expect_error("colours: 1\n", "bad.yaml:1:", "unknown key 'colours'");
	/* numbers out of range are errors, not casts */
	expect_error("needs: 1e30\n",
	    "bad.yaml:1:", "needs: 1e+30 is out of range (2..16777216)");
	expect_error("needs: -8\n", "bad.yaml:1:", "-8 is out of range");
	expect_error("needs: 8.5\n",
	    "bad.yaml:1:", "8.5 is not a whole number");
	expect_error("roles:\n  title: { fg: 1e30 }\n",
	    "bad.yaml:2:", "1e+30 is out of range");
	expect_error("roles:\n  title: { fg: 12.5 }\n",
	    "bad.yaml:2:", "12.5 is not a whole number");
}

Test(theme, a_broken_theme_falls_back_with_a_message)
{
	char dir[] = "/tmp/headroom-theme-XXXXXX", path[256], msg[512];
	struct ui_options opt = { 0, 0, "broken", NULL };
	struct theme t;
	FILE *f;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/broken.yaml", dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs("name: broken\nroles:\n  title: { fg: 1, bg: nope }\n", f);
	fclose(f);
	opt.themes_dir = dir;
	unsetenv("HEADROOM_THEMES_DIR");
	cr_assert_eq(theme_load(&opt, true, &t, msg, sizeof msg), -1);
	cr_assert(strstr(msg, "broken.yaml:3:") != NULL, "%s", msg);
	cr_assert(strstr(msg, "built-in") != NULL, "%s", msg);
	cr_assert_str_eq(t.name, "default");
	opt.theme = "missing-theme";
	cr_assert_eq(theme_load(&opt, true, &t, msg, sizeof msg), -1);
	cr_assert(strstr(msg, "not found") != NULL, "%s", msg);
	/* HEADROOM_THEMES_DIR is looked at first */
	opt.theme = "broken";
	opt.themes_dir = NULL;
	setenv("HEADROOM_THEMES_DIR", dir, 1);
	cr_assert_eq(theme_load(&opt, true, &t, msg, sizeof msg), -1);
	cr_assert(strstr(msg, dir) != NULL, "%s", msg);
	remove(path);
	rmdir(dir);
}

Test(theme, no_color_means_the_monochrome_theme)
{
	struct ui_options opt = { 0, 0, NULL, NULL };
	struct theme t;
	char msg[256];

	unsetenv("NO_COLOR");
	cr_assert(theme_colour_wanted(&opt));
	setenv("NO_COLOR", "", 1);
	cr_assert(theme_colour_wanted(&opt),
	    "an empty NO_COLOR does not count");
	setenv("NO_COLOR", "1", 1);
	cr_assert(!theme_colour_wanted(&opt));
	unsetenv("NO_COLOR");
	opt.no_color = 1;
	cr_assert(!theme_colour_wanted(&opt));
	cr_assert_eq(theme_load(&opt, false, &t, msg, sizeof msg), 0, "%s",
	    msg);
	cr_assert_str_eq(t.name, "mono");
	cr_assert_eq(t.style[ROLE_SELECTION].fg, THEME_DEFAULT_COLOR);
	cr_assert_eq(t.style[ROLE_SELECTION].attrs, THEME_REVERSE);
}

Test(theme, colours_come_down_to_the_palette)
{
	int r, g, b;

	cr_assert_eq(theme_rgb_to_256(255, 0, 0), 196);
	cr_assert_eq(theme_rgb_to_256(0, 0, 0), 16);
	cr_assert_eq(theme_rgb_to_256(128, 128, 128), 244, "grey ramp");
	theme_256_rgb(196, &r, &g, &b);
	cr_assert(r == 255 && g == 0 && b == 0);
	cr_assert_eq(theme_256_to_16(196), 9, "bright red");
	cr_assert_eq(theme_256_to_16(5), 5);
	cr_assert_eq(theme_reduce(THEME_RGB | 0xff0000, 256), 196);
	cr_assert_eq(theme_reduce(THEME_RGB | 0xff0000, 16), 9);
	cr_assert_eq(theme_reduce(THEME_RGB | 0xff0000, 8), 1);
	cr_assert_eq(theme_reduce(THEME_DEFAULT_COLOR, 8), THEME_DEFAULT_COLOR);
	cr_assert_eq(theme_reduce(114, 256), 114);
}
