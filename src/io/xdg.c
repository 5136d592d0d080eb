/*
 * xdg.c - XDG Base Directory lookups (see xdg.h).
 */
#include "xdg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *var, *fallback;
} bases[] = {
	[XDG_BASE_CONFIG] = { "XDG_CONFIG_HOME", "/.config" },
	[XDG_BASE_DATA] = { "XDG_DATA_HOME", "/.local/share" },
	[XDG_BASE_STATE] = { "XDG_STATE_HOME", "/.local/state" },
	[XDG_BASE_CACHE] = { "XDG_CACHE_HOME", "/.cache" },
};

static const char *
fit(char *buf, size_t len, int n)
{
	return n > 0 && (size_t)n < len ? buf : NULL;
}

const char *
xdg_user_dir(enum xdg_base base, const char *sub, char *buf, size_t len)
{
	const char *v = getenv(bases[base].var), *home = getenv("HOME");

	if (sub == NULL)
		sub = "";
	if (v != NULL && v[0] == '/')
		return fit(buf, len,
		    snprintf(buf, len, "%s/headroom%s", v, sub));
	if (home != NULL && home[0] == '/')
		return fit(buf, len,
		    snprintf(buf, len, "%s%s/headroom%s", home,
			bases[base].fallback, sub));
	return NULL;
}

const char *
xdg_site_dir(size_t i, const char *sub, char *buf, size_t len)
{
	const char *dirs = getenv("XDG_CONFIG_DIRS"), *p, *end;
	size_t k = 0;

	if (dirs == NULL || dirs[0] == '\0')
		dirs = "/etc/xdg";
	if (sub == NULL)
		sub = "";
	for (p = dirs; *p != '\0'; p = *end ? end + 1 : end) {
		end = strchr(p, ':');
		if (end == NULL)
			end = p + strlen(p);
		if (*p != '/' || end == p)
			continue; /* relative or empty entries are ignored */
		if (k++ == i)
			return fit(buf, len,
			    snprintf(buf, len, "%.*s/headroom%s",
				(int)(end - p), p, sub));
	}
	return NULL;
}
