/*
 * xdg.h - where headroom's files live, by the XDG Base Directory rules:
 * $XDG_CONFIG_HOME (catalogue additions, themes, settings), $XDG_DATA_HOME
 * (calibration profiles), $XDG_CONFIG_DIRS (a site's shared catalogue).
 * As the specification says, a relative value is ignored: the default
 * under $HOME is used instead.
 */
#ifndef HEADROOM_XDG_H
#define HEADROOM_XDG_H

#include <stddef.h>

enum xdg_base {
	XDG_BASE_CONFIG,
	XDG_BASE_DATA,
	XDG_BASE_STATE,
	XDG_BASE_CACHE
};

/*
 * Writes "<base>/headroom<sub>" into buf (sub "" or starting with '/'):
 * base is $XDG_<KIND>_HOME when absolute, else its default under $HOME
 * (~/.config, ~/.local/share, ~/.local/state, ~/.cache).  NULL when
 * neither gives an absolute folder or buf is too small.
 */
const char *xdg_user_dir(enum xdg_base, const char *sub, char *buf, size_t len);

/*
 * The i-th site folder "<dir>/headroom<sub>" of $XDG_CONFIG_DIRS (absolute
 * entries only, default /etc/xdg), most important first.  NULL past the
 * last one.
 */
const char *xdg_site_dir(size_t i, const char *sub, char *buf, size_t len);

#endif
