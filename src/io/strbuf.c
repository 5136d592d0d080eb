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

void
strbuf_putc(struct strbuf *b, char c)
{
	if (b->n + 2 > b->cap) {
		b->cap = b->cap ? b->cap * 2 : 64;
		b->s = realloc(b->s, b->cap);
		if (b->s == NULL)
			abort();
	}
	b->s[b->n++] = c;
	b->s[b->n] = '\0';
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
