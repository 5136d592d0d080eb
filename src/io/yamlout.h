/*
 * yamlout.h - a small YAML writer for the files headroom exports (vLLM
 * config files, scenarios, calibration profiles).
 *
 * Strings are written plain only when they are unmistakably strings
 * (letters, digits and "_./+@%~" inside, not a YAML keyword or number);
 * everything else is double-quoted with escapes, including the YAML line
 * breaks U+0085, U+2028 and U+2029 and every control character, so any
 * valid UTF-8 value reads back byte for byte.  YAML cannot hold other
 * bytes: callers check yamlout_utf8_valid() first.
 */
#ifndef HEADROOM_YAMLOUT_H
#define HEADROOM_YAMLOUT_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

struct yamlout {
	char	*s;		/* NUL-terminated, malloc'd; the caller frees it */
	size_t	 n, cap;
};

void yamlout_printf(struct yamlout *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A scalar string, quoted when needed. */
void yamlout_string(struct yamlout *, const char *s);
/* A number as Python prints it: 8192, 0.92. */
void yamlout_number(struct yamlout *, double v);
/* A value in flow style ({"a": 1}, [1, 2]); strings as yamlout_string. */
void yamlout_flow(struct yamlout *, const cJSON *v);
/* True when s is valid UTF-8 (no overlong forms, no surrogates). */
bool yamlout_utf8_valid(const char *s);

#endif
