/*
 * strbuf.c - growing strings and the shared JSON printer.
 */
#include "strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"
#include "io/textesc.h"

void
strbuf_vappend(char **s, size_t *n, size_t *cap, const char *fmt, va_list ap)
{
	for (;;) {
		size_t room = *cap - *n;
		va_list cp;
		int need;

		va_copy(cp, ap);
		need = units_vsnprintf(*s ? *s + *n : NULL, room, fmt, cp);
		va_end(cp);
		if (need < 0)
			return;
		if ((size_t)need < room) {
			*n += (size_t)need;
			return;
		}
		*cap = (*cap + (size_t)need + 1) * 2;
		*s = realloc(*s, *cap);
		if (*s == NULL)
			abort();
	}
}

void
strbuf_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vappend(&b->s, &b->n, &b->cap, fmt, ap);
	va_end(ap);
}

char *
strbuf_take(struct strbuf *b)
{
	char *s;

	if (b->s == NULL)
		strbuf_printf(b, "%s", "");
	s = b->s;
	memset(b, 0, sizeof *b);
	return s;
}

char *
strbuf_json(const cJSON *root)
{
	char *s = cJSON_Print(root);
	struct strbuf t = { 0 };
	size_t k = 0, n;
	int bol = 1;

	if (s == NULL)
		abort();
	n = strlen(s);
	/*
	 * cJSON indents with tabs and writes ":\t"; strings never hold a raw
	 * tab (cJSON escapes it), so both can be rewritten safely.  cJSON
	 * copies other bytes as they are: those that are not UTF-8 become
	 * U+FFFD and the controls cJSON leaves raw (DEL, C1, U+2028, U+2029,
	 * the bidirectional overrides, textesc.h) \u escapes, so the report
	 * is valid UTF-8 and shows nothing a terminal acts on.  Such bytes
	 * occur only inside strings: everything else cJSON writes is ASCII.
	 */
	while (k < n) {
		size_t len;
		long cp = textesc_decode(s + k, n - k, &len);

		if (s[k] == '\t') {
			strbuf_printf(&t, "%s", bol ? "  " : " ");
		} else if (cp < 0) {
			strbuf_printf(&t, "\\ufffd");
		} else if (cp >= 0x7f && textesc_is_control(cp)) {
			strbuf_printf(&t, "\\u%04x", (unsigned)cp);
		} else {
			strbuf_printf(&t, "%.*s", (int)len, s + k);
			bol = s[k] == '\n';
		}
		k += len;
	}
	strbuf_printf(&t, "\n");
	cJSON_free(s);
	return strbuf_take(&t);
}

double
strbuf_gib2(int64_t b)
{
	return units_gib2(b);
}

cJSON *
strbuf_num_or_null(double v, int have)
{
	return have ? cJSON_CreateNumber(v) : cJSON_CreateNull();
}
