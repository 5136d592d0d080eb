/*
 * strbuf.h - a growing, NUL-terminated string the report writers print
 * into, and the JSON printer they share.
 *
 * struct strbuf owns its buffer until strbuf_take() hands it over; the
 * buffer is always NUL-terminated once anything was appended.
 */
#ifndef HEADROOM_STRBUF_H
#define HEADROOM_STRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

struct strbuf {
	char *s;
	size_t n, cap;
};

/* Appends printf output to the buffer (s, n, cap), growing it; aborts when out of memory. */
void strbuf_vappend(char **s, size_t *n, size_t *cap, const char *fmt,
    va_list ap);
void strbuf_printf(struct strbuf *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Appends one byte (a NUL too: n counts it), growing the buffer. */
void strbuf_putc(struct strbuf *b, char c);
/* The string (never NULL, "" when empty); the caller frees it; b is emptied. */
char *strbuf_take(struct strbuf *b);

/* GiB of bytes rounded to 2 decimals, for JSON numbers. */
double strbuf_gib2(int64_t bytes);
/* A number, or null when have is 0. */
cJSON *strbuf_num_or_null(double v, int have);

#endif
