/*
 * keys.c - key names <-> curses codes.  The table is the single list of
 * special keys the planner knows; the help overlay prints these names.
 */
#include "keys.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

static const struct {
	const char *name;
	int code;
} names[] = {
	{ "Enter", KEYS_ENTER },
	{ "Esc", KEYS_ESC },
	{ "Tab", '\t' },
	{ "S-Tab", KEY_BTAB },
	{ "BS", KEY_BACKSPACE },
	{ "Space", ' ' },
	{ "Up", KEY_UP },
	{ "Down", KEY_DOWN },
	{ "Left", KEY_LEFT },
	{ "Right", KEY_RIGHT },
	{ "S-Left", KEY_SLEFT },
	{ "S-Right", KEY_SRIGHT },
	{ "PgUp", KEY_PPAGE },
	{ "PgDn", KEY_NPAGE },
	{ "Home", KEY_HOME },
	{ "End", KEY_END },
	{ "Del", KEY_DC },
	{ "Resize", KEY_RESIZE },
	{ "Paste", KEYS_PASTE_BEGIN },
	{ "PasteEnd", KEYS_PASTE_END },
	{ "lt", '<' },
};

int
keys_normalize(int code)
{
	switch (code) {
	case '\r':
	case KEY_ENTER: return KEYS_ENTER;
	case 127:
	case 8: return KEY_BACKSPACE;
	default: return code;
	}
}

int
keys_parse_one(const char **sp)
{
	const char *s = *sp, *end;
	char name[16];
	size_t n, i;

	if (*s == '\0')
		return -1;
	if (*s != '<' || (end = strchr(s, '>')) == NULL || end == s + 1) {
		*sp = s + 1;
		return (unsigned char)*s;
	}
	n = (size_t)(end - s - 1);
	if (n >= sizeof name)
		return -1;
	memcpy(name, s + 1, n);
	name[n] = '\0';
	*sp = end + 1;
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(name, names[i].name) == 0)
			return names[i].code;
	if (n == 3 && name[0] == 'C' && name[1] == '-' && name[2] >= 'a' &&
	    name[2] <= 'z')
		return name[2] - 'a' + 1;
	if (name[0] == 'F' && n >= 2 && n <= 3) {
		int f = 0;

		for (i = 1; i < n; i++) {
			if (name[i] < '0' || name[i] > '9')
				return -1;
			f = f * 10 + name[i] - '0';
		}
		if (f >= 1 && f <= 12)
			return KEY_F(f);
	}
	return -1;
}

int
keys_parse(const char *script, int *codes, size_t max)
{
	const char *s = script;
	size_t n = 0;
	int c;

	while (*s != '\0') {
		c = keys_parse_one(&s);
		if (c < 0)
			return -1;
		if (n < max)
			codes[n] = c;
		n++;
	}
	return n > max ? (int)max : (int)n;
}

char *
keys_name(int code, char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].code == code) {
			snprintf(buf, len, "<%s>", names[i].name);
			return buf;
		}
	if (code >= KEY_F(1) && code <= KEY_F(12))
		snprintf(buf, len, "<F%d>", code - KEY_F(0));
	else if (code >= 1 && code <= 26)
		snprintf(buf, len, "<C-%c>", 'a' + code - 1);
	else if (code > 32 && code < 127)
		snprintf(buf, len, "%c", code);
	else
		snprintf(buf, len, "<%d>", code);
	return buf;
}
