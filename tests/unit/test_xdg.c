/*
 * test_xdg.c - XDG base directories: absolute values only, defaults under
 * $HOME, $XDG_CONFIG_DIRS in order; the settings file beneath the command
 * line.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/cli.h"
#include "io/settings.h"
#include "io/xdg.h"

static void
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

Test(xdg, absolute_values_are_used_relative_ones_ignored)
{
	char b[512];

	setenv("HOME", "/home/u", 1);
	setenv("XDG_CONFIG_HOME", "/x/conf", 1);
	cr_assert_str_eq(xdg_user_dir(XDG_BASE_CONFIG, "/themes", b, sizeof b),
	    "/x/conf/headroom/themes");
	setenv("XDG_CONFIG_HOME", "relative/conf", 1);
	cr_assert_str_eq(xdg_user_dir(XDG_BASE_CONFIG, "", b, sizeof b),
	    "/home/u/.config/headroom");
	unsetenv("XDG_DATA_HOME");
	cr_assert_str_eq(xdg_user_dir(XDG_BASE_DATA, "/calibration", b,
			     sizeof b),
	    "/home/u/.local/share/headroom/calibration");
	setenv("XDG_DATA_HOME", "", 1);
	cr_assert_str_eq(xdg_user_dir(XDG_BASE_DATA, "", b, sizeof b),
	    "/home/u/.local/share/headroom");
	setenv("HOME", "not/absolute", 1);
	cr_assert_null(xdg_user_dir(XDG_BASE_DATA, "", b, sizeof b));
	cr_assert_null(xdg_user_dir(XDG_BASE_CONFIG, "", b, 8),
	    "too small a buffer");
}

Test(xdg, site_folders_in_order_skipping_relative_entries)
{
	char b[512];

	setenv("XDG_CONFIG_DIRS", "/site/a:rel/b::/site/c", 1);
	cr_assert_str_eq(xdg_site_dir(0, "", b, sizeof b), "/site/a/headroom");
	cr_assert_str_eq(xdg_site_dir(1, "/themes", b, sizeof b),
	    "/site/c/headroom/themes");
	cr_assert_null(xdg_site_dir(2, "", b, sizeof b));
	unsetenv("XDG_CONFIG_DIRS");
	cr_assert_str_eq(xdg_site_dir(0, "", b, sizeof b), "/etc/xdg/headroom");
	cr_assert_null(xdg_site_dir(1, "", b, sizeof b));
}

Test(settings, defaults_lie_beneath_the_command_line)
{
	char dir[] = "/tmp/headroom-settings.XXXXXX", path[600], err[512];
	char *argv[] = { "headroom", "--gpu", "l40s" };
	char *none[] = { "headroom" };
	struct settings s;
	struct cli c;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/settings.yaml", dir);
	write_file(path,
	    "gpu: h200-nvl\nvllm-version: 0.19.0\n"
	    "tokens-per-request: 8192\nno-color: true\nascii: false\n");
	cr_assert_eq(settings_load(&s, path, err, sizeof err), 0, "%s", err);
	cr_assert_eq(s.argc, 8,
	    "--gpu X --vllm-version X --tokens-per-request X --no-color");
	cr_assert_eq(cli_parse_layered(s.argc, s.words, 3, argv, &c, err,
			 sizeof err),
	    0, "%s", err);
	cr_assert_str_eq(c.gpu_id, "l40s", "the command line wins");
	cr_assert_eq(c.imp.in.tokens_per_request, 8192);
	cr_assert(c.no_color);
	cli_done(&c);
	cr_assert_eq(cli_parse_layered(s.argc, s.words, 1, none, &c, err,
			 sizeof err),
	    0);
	cr_assert_str_eq(c.gpu_id, "h200-nvl");
	cli_done(&c);
	settings_done(&s);

	write_file(path, "gpu: h200-nvl\ncolour: dark\n");
	cr_assert_eq(settings_load(&s, path, err, sizeof err), -1);
	cr_assert(strstr(err, "settings.yaml:2:1: colour: not a setting") !=
		NULL,
	    "%s", err);
	settings_done(&s);
	write_file(path, "gpu: [a, b]\n");
	cr_assert_eq(settings_load(&s, path, err, sizeof err), -1);
	cr_assert(strstr(err, ":1:1: gpu: expected a single value") != NULL,
	    "%s", err);
	settings_done(&s);
	unlink(path);
	cr_assert_eq(settings_load(&s, path, err, sizeof err), -1,
	    "a named file must exist");
	settings_done(&s);
	rmdir(dir);
}
