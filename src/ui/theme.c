/*
 * theme.c - theme files: parsing (via yamltree, for positions), role
 * inheritance, file look-up, and colour reduction for the terminal.
 * The built-in copies of themes/default.yaml and themes/mono.yaml below
 * let headroom run when nothing is installed; a unit test checks that
 * they are byte for byte the files in themes/.
 */
#include "theme.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "core/units.h"
#include "io/builtin_data.h"
#include "io/textfile.h"
#include "io/xdg.h"
#include "io/yamltree.h"

#ifndef HEADROOM_THEMEDIR
#define HEADROOM_THEMEDIR ""
#endif

static const char *const role_names[ROLE_COUNT] = {
#define X(id, name) [ROLE_##id] = name,
	THEME_ROLES(X)
#undef X
};

static const struct {
	const char *name;
	int index;
} colour_names[] = {
	{ "black", 0 },
	{ "red", 1 },
	{ "green", 2 },
	{ "yellow", 3 },
	{ "blue", 4 },
	{ "magenta", 5 },
	{ "cyan", 6 },
	{ "white", 7 },
	{ "bright-black", 8 },
	{ "gray", 8 },
	{ "grey", 8 },
	{ "bright-red", 9 },
	{ "bright-green", 10 },
	{ "bright-yellow", 11 },
	{ "bright-blue", 12 },
	{ "bright-magenta", 13 },
	{ "bright-cyan", 14 },
	{ "bright-white", 15 },
};

static const struct {
	const char *name;
	unsigned bit;
} attr_names[] = {
	{ "bold", THEME_BOLD },
	{ "dim", THEME_DIM },
	{ "reverse", THEME_REVERSE },
	{ "underline", THEME_UNDERLINE },
	{ "italic", THEME_ITALIC },
	{ "standout", THEME_STANDOUT },
};

const char *
theme_role_name(enum role r)
{
	return (int)r >= 0 && r < ROLE_COUNT ? role_names[r] : "?";
}

int
theme_role_find(const char *name)
{
	int i;

	for (i = 0; i < ROLE_COUNT; i++)
		if (strcmp(role_names[i], name) == 0)
			return i;
	return -1;
}

const char *
theme_builtin(const char *name)
{
	char file[128];
	size_t i;

	snprintf(file, sizeof file, "themes/%s.yaml", name);
	for (i = 0; i < builtin_themes_n; i++)
		if (strcmp(builtin_themes[i].name, file) == 0)
			return builtin_themes[i].text;
	return NULL;
}

/* ---- parsing ---- */

struct parse_ctx {
	const char *fname;
	char *err;
	size_t errlen;
};

static int __attribute__((format(printf, 4, 5))) fail_at(struct parse_ctx *x,
    const cJSON *obj, const char *key, const char *fmt, ...)
{
	char what[256];
	va_list ap;
	int line = 0, col = 0;

	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	yamltree_pos(obj, key, &line, &col);
	snprintf(x->err, x->errlen, "%s:%d:%d: %s", x->fname, line, col, what);
	return -1;
}

static int
parse_colour(struct parse_ctx *x, const cJSON *owner, const char *key,
    const cJSON *v, int *out)
{
	size_t i;

	if (cJSON_IsNull(v)) {
		*out = THEME_DEFAULT_COLOR;
		return 0;
	}
	if (cJSON_IsNumber(v)) {
		int64_t n;
		char why[160];

		if (units_checked_int(v->valuedouble, 0, 255, &n, why,
			sizeof why) != 0)
			return fail_at(x, owner, key,
			    "%s: a palette index is a whole "
			    "number from 0 to 255: %s",
			    key, why);
		*out = (int)n;
		return 0;
	}
	if (!cJSON_IsString(v))
		return fail_at(x, owner, key,
		    "%s: expected a colour (a name, 0-255 "
		    "or \"#rrggbb\")",
		    key);
	if (strcmp(v->valuestring, "default") == 0) {
		*out = THEME_DEFAULT_COLOR;
		return 0;
	}
	if (v->valuestring[0] == '#') {
		unsigned rgb = 0;

		if (strlen(v->valuestring) != 7)
			return fail_at(x, owner, key, "%s: '%s' is not #rrggbb",
			    key, v->valuestring);
		for (i = 1; i < 7; i++) {
			int c = tolower((unsigned char)v->valuestring[i]);

			if (!isxdigit(c))
				return fail_at(x, owner, key,
				    "%s: '%s' is not #rrggbb", key,
				    v->valuestring);
			rgb = rgb * 16 +
			    (unsigned)(isdigit(c) ? c - '0' : c - 'a' + 10);
		}
		*out = THEME_RGB | (int)rgb;
		return 0;
	}
	for (i = 0; i < sizeof colour_names / sizeof colour_names[0]; i++)
		if (strcasecmp(v->valuestring, colour_names[i].name) == 0) {
			*out = colour_names[i].index;
			return 0;
		}
	return fail_at(x, owner, key,
	    "%s: unknown colour '%s' (use a name such as "
	    "red or bright-blue, 0-255, or \"#rrggbb\")",
	    key, v->valuestring);
}

static int
parse_attr_name(struct parse_ctx *x, const cJSON *owner, const char *s,
    unsigned *out)
{
	size_t i;

	for (i = 0; i < sizeof attr_names / sizeof attr_names[0]; i++)
		if (strcmp(s, attr_names[i].name) == 0) {
			*out |= attr_names[i].bit;
			return 0;
		}
	return fail_at(x, owner, "attrs",
	    "unknown attribute '%s' (bold, dim, "
	    "reverse, underline, italic, standout)",
	    s);
}

static int
parse_role(struct parse_ctx *x, const cJSON *spec, struct theme_style *st)
{
	const cJSON *it;

	st->fg = st->bg = THEME_DEFAULT_COLOR;
	st->attrs = 0;
	if (cJSON_IsNull(spec))
		return 0;
	if (!cJSON_IsObject(spec))
		return fail_at(x, spec, NULL,
		    "a role is a mapping of fg, bg and attrs");
	cJSON_ArrayForEach(it, spec) {
		if (it->string == NULL || it->string[0] == '@')
			continue;
		if (strcmp(it->string, "fg") == 0) {
			if (parse_colour(x, spec, "fg", it, &st->fg) != 0)
				return -1;
		} else if (strcmp(it->string, "bg") == 0) {
			if (parse_colour(x, spec, "bg", it, &st->bg) != 0)
				return -1;
		} else if (strcmp(it->string, "attrs") == 0) {
			const cJSON *a;

			if (cJSON_IsString(it)) {
				if (parse_attr_name(x, spec, it->valuestring,
					&st->attrs))
					return -1;
				continue;
			}
			if (!cJSON_IsArray(it))
				return fail_at(x, spec, "attrs",
				    "attrs is a list, such "
				    "as [bold, underline]");
			cJSON_ArrayForEach(a, it) {
				if (!cJSON_IsString(a))
					return fail_at(x, spec, "attrs",
					    "attrs holds "
					    "names such as bold");
				if (parse_attr_name(x, spec, a->valuestring,
					&st->attrs))
					return -1;
			}
		} else {
			return fail_at(x, spec, it->string,
			    "unknown key '%s' (fg, bg, "
			    "attrs)",
			    it->string);
		}
	}
	return 0;
}

/* A mapping of role names to styles (roles, palette-8, palette-16). */
static int
parse_roles(struct parse_ctx *x, const cJSON *root, const cJSON *it,
    struct theme_style *style, bool *given)
{
	const cJSON *role;

	if (!cJSON_IsObject(it))
		return fail_at(x, root, it->string,
		    "%s is a mapping of role names "
		    "to styles",
		    it->string);
	cJSON_ArrayForEach(role, it) {
		int id;

		if (role->string == NULL || role->string[0] == '@')
			continue;
		id = theme_role_find(role->string);
		if (id < 0)
			return fail_at(x, it, role->string, "unknown role '%s'",
			    role->string);
		if (parse_role(x, role, &style[id]) != 0)
			return -1;
		given[id] = true;
	}
	return 0;
}

/* Roles the file left out take the nearest given ancestor's style. */
static void
inherit(struct theme *t)
{
	int r;

	for (r = 0; r < ROLE_COUNT; r++) {
		char name[64];
		char *dot;
		int p = -1;

		if (t->given[r])
			continue;
		snprintf(name, sizeof name, "%s", role_names[r]);
		while ((dot = strrchr(name, '.')) != NULL) {
			*dot = '\0';
			p = theme_role_find(name);
			if (p >= 0 && t->given[p])
				break;
			p = -1;
		}
		if (p < 0)
			p = ROLE_DEFAULT;
		t->style[r] = t->style[p]; /* a given ancestor, or default */
	}
}

/* needs: the colours the theme wants (a count, or truecolor) */
static int
parse_needs(struct parse_ctx *x, const cJSON *root, const cJSON *it,
    struct theme *t)
{
	int64_t n;
	char why[160];

	if (cJSON_IsNumber(it)) {
		if (units_checked_int(it->valuedouble, 2, 16777216, &n, why,
			sizeof why) != 0)
			return fail_at(x, root, "needs", "needs: %s", why);
		t->needs = (int)n;
		return 0;
	}
	if (cJSON_IsString(it) && strcmp(it->valuestring, "truecolor") == 0) {
		t->needs = 16777216;
		return 0;
	}
	return fail_at(x, root, "needs",
	    "needs is 2, 8, 16, 256 or "
	    "truecolor");
}

/* One top-level key of a theme file into t. */
static int
parse_key(struct parse_ctx *x, const cJSON *root, const cJSON *it,
    struct theme *t)
{
	int p;

	if (strcmp(it->string, "name") == 0) {
		if (!cJSON_IsString(it))
			return fail_at(x, root, "name", "name is a string");
		snprintf(t->name, sizeof t->name, "%s", it->valuestring);
		return 0;
	}
	if (strcmp(it->string, "needs") == 0)
		return parse_needs(x, root, it, t);
	if (strcmp(it->string, "roles") == 0)
		return parse_roles(x, root, it, t->style, t->given);
	if (strcmp(it->string, "palette-8") == 0 ||
	    strcmp(it->string, "palette-16") == 0) {
		p = strcmp(it->string, "palette-8") == 0 ? THEME_PALETTE_8
							 : THEME_PALETTE_16;
		return parse_roles(x, root, it, t->pal[p], t->pal_given[p]);
	}
	if (strcmp(it->string, "description") == 0)
		return 0;
	return fail_at(x, root, it->string,
	    "unknown key '%s' (name, "
	    "needs, roles, palette-8, palette-16)",
	    it->string);
}

int
theme_parse(const char *text, size_t len, const char *fname, struct theme *t,
    char *err, size_t errlen)
{
	struct parse_ctx x = { fname, err, errlen };
	char perr[256];
	cJSON *root, *it;
	int r, rc = 0;

	memset(t, 0, sizeof *t);
	for (r = 0; r < ROLE_COUNT; r++)
		t->style[r].fg = t->style[r].bg = THEME_DEFAULT_COLOR;
	t->needs = 256;
	root = yamltree_parse(text, len, perr, sizeof perr);
	if (root == NULL) {
		snprintf(err, errlen, "%s:%s", fname, perr);
		return -1;
	}
	if (!cJSON_IsObject(root)) {
		rc = fail_at(&x, root, NULL,
		    "a theme is a mapping with name, needs "
		    "and roles");
		goto out;
	}
	cJSON_ArrayForEach(it, root) {
		if (it->string == NULL || it->string[0] == '@')
			continue;
		if (parse_key(&x, root, it, t) != 0) {
			rc = -1;
			goto out;
		}
	}
	inherit(t);
out:
	cJSON_Delete(root);
	return rc;
}

/* ---- finding and loading ---- */

bool
theme_colour_wanted(const struct ui_options *opt)
{
	const char *nc = getenv("NO_COLOR");

	if (opt != NULL && opt->no_color)
		return false;
	return nc == NULL || *nc == '\0';
}

static bool
is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool
find_in(const char *dir, const char *sub, const char *name, char *out,
    size_t len)
{
	int n;

	if (dir == NULL || *dir == '\0')
		return false;
	n = snprintf(out, len, "%s%s/%s.yaml", dir, sub, name);
	return n > 0 && (size_t)n < len && is_file(out);
}

/* The path of NAME.yaml along the search order; false when none exists. */
static bool
theme_find(const struct ui_options *opt, const char *name, char *out,
    size_t len)
{
	char buf[1024];
	size_t i;

	if (find_in(getenv("HEADROOM_THEMES_DIR"), "", name, out, len))
		return true;
	if (opt != NULL && find_in(opt->themes_dir, "", name, out, len))
		return true;
	if (xdg_user_dir(XDG_BASE_CONFIG, "/themes", buf, sizeof buf) != NULL &&
	    find_in(buf, "", name, out, len))
		return true;
	for (i = 0; xdg_site_dir(i, "/themes", buf, sizeof buf) != NULL; i++)
		if (find_in(buf, "", name, out, len))
			return true;
	return find_in(HEADROOM_THEMEDIR, "", name, out, len);
}

static void
load_builtin(const char *name, struct theme *t)
{
	const char *text = theme_builtin(name);
	char err[256];

	if (text == NULL)
		text = theme_builtin("default");
	if (theme_parse(text, strlen(text), name, t, err, sizeof err) != 0)
		abort(); /* the built-in themes are tested */
}

int
theme_load(const struct ui_options *opt, bool colour, struct theme *t,
    char *msg, size_t msglen)
{
	const char *name =
	    opt != NULL && opt->theme != NULL && *opt->theme != '\0'
	    ? opt->theme
	    : "default";
	char path[1024], err[512];
	char *text;
	size_t len;
	bool is_path;

	if (msglen > 0)
		msg[0] = '\0';
	if (!colour)
		name = "mono";
	is_path = strchr(name, '/') != NULL ||
	    (strlen(name) > 5 && strcmp(name + strlen(name) - 5, ".yaml") == 0);
	if (is_path)
		snprintf(path, sizeof path, "%s", name);
	else if (!theme_find(opt, name, path, sizeof path)) {
		if (theme_builtin(name) != NULL) {
			load_builtin(name, t);
			return 0;
		}
		load_builtin("default", t);
		snprintf(msg, msglen,
		    "theme '%s' not found (looked for %s.yaml in "
		    "$HEADROOM_THEMES_DIR, $XDG_CONFIG_HOME/headroom/themes "
		    "and the "
		    "installed themes); using the built-in default",
		    name, name);
		return -1;
	}
	text = textfile_read(path, &len, err, sizeof err);
	if (text == NULL) {
		load_builtin(colour ? "default" : "mono", t);
		snprintf(msg, msglen, "%s; using the built-in theme", err);
		return -1;
	}
	if (theme_parse(text, len, path, t, err, sizeof err) != 0) {
		free(text);
		load_builtin(colour ? "default" : "mono", t);
		snprintf(msg, msglen, "%s; using the built-in theme", err);
		return -1;
	}
	free(text);
	return 0;
}

/* ---- colours on the terminal ---- */

static const unsigned char ansi16[16][3] = {
	{ 0, 0, 0 },
	{ 205, 0, 0 },
	{ 0, 205, 0 },
	{ 205, 205, 0 },
	{ 0, 0, 238 },
	{ 205, 0, 205 },
	{ 0, 205, 205 },
	{ 229, 229, 229 },
	{ 127, 127, 127 },
	{ 255, 0, 0 },
	{ 0, 255, 0 },
	{ 255, 255, 0 },
	{ 92, 92, 255 },
	{ 255, 0, 255 },
	{ 0, 255, 255 },
	{ 255, 255, 255 },
};

static const int cube[6] = { 0, 95, 135, 175, 215, 255 };

void
theme_256_rgb(int idx, int *r, int *g, int *b)
{
	if (idx < 0 || idx > 255)
		idx = 0;
	if (idx < 16) {
		*r = ansi16[idx][0];
		*g = ansi16[idx][1];
		*b = ansi16[idx][2];
	} else if (idx < 232) {
		idx -= 16;
		*r = cube[idx / 36];
		*g = cube[(idx / 6) % 6];
		*b = cube[idx % 6];
	} else {
		*r = *g = *b = 8 + 10 * (idx - 232);
	}
}

static int
dist2(int r1, int g1, int b1, int r2, int g2, int b2)
{
	return (r1 - r2) * (r1 - r2) + (g1 - g2) * (g1 - g2) +
	    (b1 - b2) * (b1 - b2);
}

static int
nearest_level(int v)
{
	int i, best = 0;

	for (i = 1; i < 6; i++)
		if (abs(cube[i] - v) < abs(cube[best] - v))
			best = i;
	return best;
}

int
theme_rgb_to_256(int r, int g, int b)
{
	int ri = nearest_level(r), gi = nearest_level(g), bi = nearest_level(b);
	int c = 16 + 36 * ri + 6 * gi + bi, avg = (r + g + b) / 3;
	int gray = (avg - 8 + 5) / 10, gv;

	if (gray < 0)
		gray = 0;
	if (gray > 23)
		gray = 23;
	gv = 8 + 10 * gray;
	if (dist2(gv, gv, gv, r, g, b) <
	    dist2(cube[ri], cube[gi], cube[bi], r, g, b))
		return 232 + gray;
	return c;
}

int
theme_256_to_16(int idx)
{
	int r, g, b, i, best = 0, bd = -1;

	if (idx < 16)
		return idx;
	theme_256_rgb(idx, &r, &g, &b);
	for (i = 0; i < 16; i++) {
		int d =
		    dist2(r, g, b, ansi16[i][0], ansi16[i][1], ansi16[i][2]);

		if (bd < 0 || d < bd) {
			bd = d;
			best = i;
		}
	}
	return best;
}

int
theme_reduce(int c, int n)
{
	if (c == THEME_DEFAULT_COLOR)
		return c;
	if (c & THEME_RGB)
		c = theme_rgb_to_256((c >> 16) & 0xff, (c >> 8) & 0xff,
		    c & 0xff);
	if (n >= 256)
		return c;
	c = theme_256_to_16(c);
	if (n >= 16)
		return c;
	return c & 7;
}

static attr_t
curses_attrs(unsigned a)
{
	attr_t r = A_NORMAL;

	if (a & THEME_BOLD)
		r |= A_BOLD;
	if (a & THEME_DIM)
		r |= A_DIM;
	if (a & THEME_REVERSE)
		r |= A_REVERSE;
	if (a & THEME_UNDERLINE)
		r |= A_UNDERLINE;
	if (a & THEME_ITALIC)
		r |= A_ITALIC;
	if (a & THEME_STANDOUT)
		r |= A_STANDOUT;
	return r;
}

/* The nearest role above r ("bar.kv" -> "bar"), else the default role. */
static int
role_parent(int r)
{
	char name[64];
	char *dot;

	snprintf(name, sizeof name, "%s", role_names[r]);
	while ((dot = strrchr(name, '.')) != NULL) {
		int p;

		*dot = '\0';
		p = theme_role_find(name);
		if (p >= 0)
			return p;
	}
	return ROLE_DEFAULT;
}

static bool
is_white(int c)
{
	return c == COLOR_WHITE || c == COLOR_WHITE + 8;
}

/*
 * Readable on a dark and on a light background: no black or white text
 * on the terminal's own background, no text in its background's colour.
 */
static void
repair_style(struct theme_style *st)
{
	if (st->bg == THEME_DEFAULT_COLOR) {
		if (st->fg == COLOR_BLACK || is_white(st->fg))
			st->fg = THEME_DEFAULT_COLOR;
		return;
	}
	if (st->fg == st->bg ||
	    (st->fg == THEME_DEFAULT_COLOR && st->bg == COLOR_BLACK))
		st->fg = st->bg == COLOR_BLACK || st->bg == COLOR_BLUE ||
			st->bg == COLOR_RED || st->bg == COLOR_MAGENTA
		    ? COLOR_WHITE
		    : COLOR_BLACK;
}

void
theme_palette(const struct theme *t, int n, bool repair,
    struct theme_style out[ROLE_COUNT])
{
	int p = n >= 256 ? -1 : n >= 16 ? THEME_PALETTE_16 : THEME_PALETTE_8;
	bool listed[ROLE_COUNT];
	int r;

	n = n >= 256 ? 256 : n >= 16 ? 16 : 8;
	for (r = 0; r < ROLE_COUNT; r++) { /* parents come first */
		if (p >= 0 && t->pal_given[p][r]) {
			out[r] = t->pal[p][r];
			listed[r] = true;
		} else if (t->given[r] || r == ROLE_DEFAULT) {
			out[r] = t->style[r];
			listed[r] = false;
		} else {
			int up = role_parent(r);

			out[r] = out[up]; /* already brought down */
			listed[r] = listed[up];
			continue;
		}
		out[r].fg = theme_reduce(out[r].fg, n);
		out[r].bg = theme_reduce(out[r].bg, n);
		if (repair && !listed[r] && n < 256)
			repair_style(&out[r]);
	}
}

void
theme_apply(struct theme *t, bool colour)
{
	int r;
	bool any_colour = false;

	for (r = 0; r < ROLE_COUNT; r++)
		if (t->style[r].fg != THEME_DEFAULT_COLOR ||
		    t->style[r].bg != THEME_DEFAULT_COLOR)
			any_colour = true;
	if (colour && any_colour && has_colors() && start_color() != ERR &&
	    COLOR_PAIRS > ROLE_COUNT) {
		struct theme_style st[ROLE_COUNT];

		use_default_colors();
		theme_palette(t, COLORS, true, st);
		for (r = 0; r < ROLE_COUNT; r++) {
			init_pair((short)(r + 1), (short)st[r].fg,
			    (short)st[r].bg);
			t->attr[r] =
			    COLOR_PAIR(r + 1) | curses_attrs(st[r].attrs);
		}
		t->mono = false;
		return;
	}
	for (r = 0; r < ROLE_COUNT; r++)
		t->attr[r] = curses_attrs(t->style[r].attrs);
	t->mono = true;
}
