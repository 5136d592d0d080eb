/*
 * strbuf.c - growing strings and the shared JSON printer.
 */
#include "strbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"

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
	char *s = cJSON_Print(root), *t;
	size_t k, w = 0;
	int bol = 1;

	if (s == NULL)
		abort();
	t = malloc(2 * strlen(s) + 2);
	if (t == NULL)
		abort();
	/* cJSON indents with tabs and writes ":\t"; strings never hold a raw
	 * tab (cJSON escapes it), so both can be rewritten safely. */
	for (k = 0; s[k] != '\0'; k++) {
		if (s[k] == '\t' && bol) {
			t[w++] = ' ';
			t[w++] = ' ';
			continue;
		}
		bol = s[k] == '\n';
		t[w++] = s[k] == '\t' ? ' ' : s[k];
	}
	t[w++] = '\n';
	t[w] = '\0';
	cJSON_free(s);
	return t;
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
