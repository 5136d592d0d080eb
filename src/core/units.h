/*
 * units.h - quantities as vLLM writes and reads them.
 *
 * GiB is 2^30 bytes everywhere.  units_format_gib() reproduces vLLM's
 * format_gib(): Python's str(round(b / 2**30, 2)), i.e. "%.2f" with trailing
 * zeros dropped but one digit kept after the point ("72.85", "14.0").
 * units_parse_human_int() reads vLLM's human-readable integers ("32k",
 * "20G" = 20 * 2^30, "20g" = 20 * 10^9, "25.6k" = 25600).
 * Pure functions: no allocation, no I/O.
 *
 * Machine formats (YAML, JSON, flags, exports, logs) write "0.92", never
 * "0,92", whatever the user's locale: every number they read goes through
 * units_strtod() and every number they print through units_snprintf() (or a
 * writer built on it), both in the C locale.  The caller's locale is left as
 * it was (uselocale() is per thread and restored).
 */
#ifndef HEADROOM_UNITS_H
#define HEADROOM_UNITS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#define GIB ((int64_t)1 << 30)
#define MIB ((int64_t)1 << 20)

/* Writes vLLM's format_gib() of bytes into buf; returns buf. */
char *units_format_gib(int64_t bytes, char *buf, size_t len);
/* Same, of a value already in GiB (Python str(round(x, 2))). */
char *units_format_gib_value(double gib, char *buf, size_t len);
/* Python str(float) for short decimal settings such as 0.92 -> "0.92", 1 -> "1.0". */
char *units_format_pyfloat(double v, char *buf, size_t len);
/* Integer with a comma every three digits, as Python's f"{n:,}". */
char *units_format_commas(int64_t n, char *buf, size_t len);
/*
 * Bytes in GiB rounded once, as units_format_gib() prints them: the double
 * the text "15.73" reads as.  Every output that writes a GiB figure as a
 * number (JSON, scenario figures) uses this, so it is the printed value.
 */
double units_gib2(int64_t bytes);
/* "s" unless n is 1 or -1: "%lld request%s". */
const char *units_plural(int64_t n);
/* "an" where n is said with a vowel first (8, 11, 18, 80-89, 8,192, 11,000 ...), else "a". */
const char *units_article(int64_t n);
/* v rounded to 2 decimals as "%.2f" prints it (vLLM's "%.2fx"): the double that text reads as. */
double units_round2(double v);
/* Bytes in GiB as a double. */
double units_gib(int64_t bytes);
/* GiB to bytes, rounded to the nearest byte. */
int64_t units_bytes(double gib);

/*
 * Parses a vLLM human-readable integer.  Accepts plain integers, a decimal
 * with a decimal suffix (k, m, g, t = powers of 1000, lower case) or a whole
 * number with a binary suffix (K, M, G, T = powers of 1024).  Returns 0 and
 * stores the value, or -1 when the text is not of that form.
 */
int units_parse_human_int(const char *s, int64_t *out);
/* strtod() in the C locale: '.' is the decimal point, ',' ends the number. */
double units_strtod(const char *s, char **end);
/* snprintf()/vsnprintf() in the C locale. */
int units_snprintf(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int units_vsnprintf(char *buf, size_t len, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));
/* Strict decimal double: the whole string must be a number. 0 ok, -1 bad. */
int units_parse_double(const char *s, double *out);
/*
 * The one checked conversion of a number read from a file to an integer:
 * 0 with v in *out when v is a whole number in [lo, hi]; otherwise -1 with
 * the reason in why ("4294967328 is out of range (1..100000)", "32.5 is
 * not a whole number", "inf is out of range (...)"), for the caller to put
 * after "FILE: FIELD: ".  NaN and infinities are out of range.
 */
int units_checked_int(double v, int64_t lo, int64_t hi, int64_t *out, char *why,
    size_t whylen);
/* The same for a real number: 0 when lo <= v <= hi (and finite). */
int units_checked_real(double v, double lo, double hi, char *why,
    size_t whylen);

#endif
