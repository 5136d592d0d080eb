/*
 * yamlout.c - YAML text for exported files (see yamlout.h).
 */
#include "yamlout.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/units.h"
#include "io/strbuf.h"

void
yamlout_printf(struct yamlout *y, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vappend(&y->s, &y->n, &y->cap, fmt, ap);
	va_end(ap);
}

bool
yamlout_utf8_valid(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p != '\0') {
		unsigned long cp;
		int n, i;

		if (*p < 0x80) {
			p++;
			continue;
		}
		if ((*p & 0xe0) == 0xc0) {
			n = 1;
			cp = *p & 0x1f;
		} else if ((*p & 0xf0) == 0xe0) {
			n = 2;
			cp = *p & 0x0f;
		} else if ((*p & 0xf8) == 0xf0) {
			n = 3;
			cp = *p & 0x07;
		} else {
			return false;
		}
		for (i = 1; i <= n; i++) {
			if ((p[i] & 0xc0) != 0x80)
				return false;
			cp = (cp << 6) | (p[i] & 0x3f);
		}
		if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) ||
		    (n == 3 && cp < 0x10000) || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		p += n + 1;
	}
	return true;
}

static bool
plain_ok(const char *s)
{
	static const char *const words[] = {
		"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~",
		".inf", ".nan", "-.inf",
	};
	const char *p;
	char *end;
	size_t i;

	if (*s == '\0')
		return false;
	for (p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("_./+@%-", *p)))
			return false;
	if (strchr("-.:%@", s[0]) != NULL || s[strlen(s) - 1] == ':' ||
	    strstr(s, ": ") != NULL)
		return false;
	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcasecmp(s, words[i]) == 0)
			return false;
	units_strtod(s, &end);
	if (*end == '\0')
		return false;
	/* 0x1f, 0o17, 1_000, 12:30 read as numbers in some YAML versions */
	if (s[0] >= '0' && s[0] <= '9')
		return false;
	return true;
}

void
yamlout_string(struct yamlout *y, const char *s)
{
	const unsigned char *p;

	if (plain_ok(s)) {
		yamlout_printf(y, "%s", s);
		return;
	}
	yamlout_printf(y, "\"");
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			yamlout_printf(y, "\\%c", *p);
		else if (*p == '\n')
			yamlout_printf(y, "\\n");
		else if (*p == '\t')
			yamlout_printf(y, "\\t");
		else if (*p < 0x20 || *p == 0x7f)
			yamlout_printf(y, "\\x%02x", *p);
		else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			/* C1 controls, NEL (U+0085) included */
			yamlout_printf(y, "\\x%02x", p[1]);
			p++;
		} else if (*p == 0xe2 && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9)) {
			yamlout_printf(y, p[2] == 0xa8 ? "\\L" : "\\P");
			p += 2;
		} else if (*p == 0xef && p[1] == 0xbb && p[2] == 0xbf) {
			yamlout_printf(y, "\\uFEFF");
			p += 2;
		} else
			yamlout_printf(y, "%c", *p);
	}
	yamlout_printf(y, "\"");
}

void
yamlout_number(struct yamlout *y, double v)
{
	char buf[64];

	if (isfinite(v) && v == floor(v) && fabs(v) < 9007199254740992.0)
		snprintf(buf, sizeof buf, "%lld", (long long)v);
	else if (!isfinite(v))
		snprintf(buf, sizeof buf, isnan(v) ? ".nan" : v > 0 ? ".inf" : "-.inf");
	else
		units_format_pyfloat(v, buf, sizeof buf);
	yamlout_printf(y, "%s", buf);
}

void
yamlout_flow(struct yamlout *y, const cJSON *v)
{
	const cJSON *c;
	int first = 1;

	if (cJSON_IsObject(v)) {
		yamlout_printf(y, "{");
		cJSON_ArrayForEach(c, v) {
			if (c->string != NULL && c->string[0] == '@')
				continue;
			yamlout_printf(y, "%s", first ? "" : ", ");
			yamlout_string(y, c->string);
			yamlout_printf(y, ": ");
			yamlout_flow(y, c);
			first = 0;
		}
		yamlout_printf(y, "}");
	} else if (cJSON_IsArray(v)) {
		yamlout_printf(y, "[");
		cJSON_ArrayForEach(c, v) {
			yamlout_printf(y, "%s", first ? "" : ", ");
			yamlout_flow(y, c);
			first = 0;
		}
		yamlout_printf(y, "]");
	} else if (cJSON_IsString(v)) {
		yamlout_string(y, v->valuestring);
	} else if (cJSON_IsNumber(v)) {
		yamlout_number(y, v->valuedouble);
	} else if (cJSON_IsBool(v)) {
		yamlout_printf(y, cJSON_IsTrue(v) ? "true" : "false");
	} else {
		yamlout_printf(y, "null");
	}
}
