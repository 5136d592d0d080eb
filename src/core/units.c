/*
 * units.c - formatting and parsing of quantities in vLLM's own style.
 * Invariant: output matches what vLLM's Python prints for the same value.
 */
#include "units.h"

#include <ctype.h>
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The "C" locale object.  glibc hands back one static object for it (no
 * allocation, freelocale() a no-op), so each call may ask again; NULL only
 * when the C library cannot provide it, and then the caller's locale is used.
 */
static locale_t
c_locale(void)
{
	return newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

double
units_strtod(const char *s, char **end)
{
	locale_t c = c_locale();
	double v;

	if (c == (locale_t)0)
		return strtod(s, end);
	v = strtod_l(s, end, c);
	freelocale(c);
	return v;
}

int
units_vsnprintf(char *buf, size_t len, const char *fmt, va_list ap)
{
	locale_t c = c_locale(), old = (locale_t)0;
	int n;

	if (c != (locale_t)0)
		old = uselocale(c);
	n = vsnprintf(buf, len, fmt, ap);
	if (c != (locale_t)0) {
		uselocale(old);
		freelocale(c);
	}
	return n;
}

int
units_snprintf(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = units_vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n;
}

static void
strip_zeros(char *buf)
{
	char *dot = strchr(buf, '.');
	size_t n;

	if (dot == NULL)
		return;
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '0' && &buf[n - 2] != dot)
		buf[--n] = '\0';
}

char *
units_format_gib_value(double gib, char *buf, size_t len)
{
	units_snprintf(buf, len, "%.2f", gib);
	if (strcmp(buf, "-0.00") == 0)
		snprintf(buf, len, "-0.0");
	strip_zeros(buf);
	return buf;
}

char *
units_format_gib(int64_t bytes, char *buf, size_t len)
{
	return units_format_gib_value((double)bytes / (double)GIB, buf, len);
}

char *
units_format_pyfloat(double v, char *buf, size_t len)
{
	int prec;

	/* Python's repr is the shortest text that reads back to the same double. */
	for (prec = 1; prec < 17; prec++) {
		units_snprintf(buf, len, "%.*g", prec, v);
		if (units_strtod(buf, NULL) == v)
			break;
	}
	/* repr keeps positional notation for 1e-4 <= |v| < 1e16 ("20.0", not "2e+01") */
	if (strchr(buf, 'e') != NULL && fabs(v) >= 1e-4 && fabs(v) < 1e16) {
		int decimals = prec - 1 - (int)floor(log10(fabs(v)));

		units_snprintf(buf, len, "%.*f", decimals > 0 ? decimals : 0,
		    v);
	}
	if (strchr(buf, '.') == NULL && strchr(buf, 'e') == NULL &&
	    strlen(buf) + 3 <= len)
		strcat(buf, ".0");
	return buf;
}

const char *
units_plural(int64_t n)
{
	return n == 1 || n == -1 ? "" : "s";
}

const char *
units_article(int64_t n)
{
	int64_t lead;

	if (n < 0)
		return "a"; /* "minus" */
	/* the leading group of three digits is what is said first */
	for (lead = n; lead >= 1000; lead /= 1000)
		;
	if (lead == 11 || lead == 18)
		return "an";
	while (lead >= 10)
		lead /= 10;
	return lead == 8 ? "an" : "a";
}

char *
units_format_commas(int64_t n, char *buf, size_t len)
{
	char digits[32];
	char out[48];
	int nd, i, o = 0;
	uint64_t u = n < 0 ? (uint64_t)(-(n + 1)) + 1 : (uint64_t)n;

	nd = snprintf(digits, sizeof digits, "%llu", (unsigned long long)u);
	if (n < 0)
		out[o++] = '-';
	for (i = 0; i < nd; i++) {
		if (i > 0 && (nd - i) % 3 == 0)
			out[o++] = ',';
		out[o++] = digits[i];
	}
	out[o] = '\0';
	snprintf(buf, len, "%s", out);
	return buf;
}

double
units_gib2(int64_t bytes)
{
	char b[64];

	return units_strtod(units_format_gib(bytes, b, sizeof b), NULL);
}

double
units_round2(double v)
{
	char b[64];

	if (!isfinite(v))
		return v;
	units_snprintf(b, sizeof b, "%.2f", v);
	return units_strtod(b, NULL);
}

double
units_gib(int64_t bytes)
{
	return (double)bytes / (double)GIB;
}

int64_t
units_bytes(double gib)
{
	return (int64_t)llround(gib * (double)GIB);
}

int
units_parse_double(const char *s, double *out)
{
	char *end;
	double v;

	if (s == NULL || *s == '\0' || isspace((unsigned char)*s))
		return -1;
	errno = 0;
	v = units_strtod(s, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

int
units_parse_human_int(const char *s, int64_t *out)
{
	char num[64];
	size_t n;
	char suf;
	double mult = 1, v;
	int binary = 0;

	if (s == NULL)
		return -1;
	n = strlen(s);
	if (n == 0 || n >= sizeof num)
		return -1;
	memcpy(num, s, n + 1);
	suf = num[n - 1];
	switch (suf) {
	case 'k': mult = 1e3; break;
	case 'm': mult = 1e6; break;
	case 'g': mult = 1e9; break;
	case 't': mult = 1e12; break;
	case 'K':
		mult = 1024.0;
		binary = 1;
		break;
	case 'M':
		mult = 1024.0 * 1024;
		binary = 1;
		break;
	case 'G':
		mult = 1024.0 * 1024 * 1024;
		binary = 1;
		break;
	case 'T':
		mult = 1024.0 * 1024 * 1024 * 1024;
		binary = 1;
		break;
	default: suf = 0; break;
	}
	if (suf != 0)
		num[--n] = '\0';
	if (n == 0)
		return -1;
	if (suf == 0 || binary) {
		char *end;
		long long iv;

		errno = 0;
		iv = strtoll(num, &end, 10);
		if (errno != 0 || *end != '\0' ||
		    !(isdigit((unsigned char)num[0]) || num[0] == '-'))
			return -1;
		v = (double)iv * mult;
		if (fabs(v) > 9.0e18)
			return -1;
		*out = suf == 0 ? iv : (int64_t)v;
		return 0;
	}
	if (units_parse_double(num, &v) != 0)
		return -1;
	v *= mult;
	if (fabs(v) > 9.0e18)
		return -1;
	*out = (int64_t)v;
	return 0;
}

/* v as the file wrote it, near enough: 4294967328, 1e+300, inf. */
static void
number_text(double v, char *buf, size_t len)
{
	if (isfinite(v) && fabs(v) < 1e18 && v == floor(v))
		units_snprintf(buf, len, "%.0f", v);
	else
		units_snprintf(buf, len, "%.15g", v);
}

int
units_checked_int(double v, int64_t lo, int64_t hi, int64_t *out, char *why,
    size_t whylen)
{
	char t[64];

	number_text(v, t, sizeof t);
	/* into int64_t only what fits: the cast of anything else is undefined */
	if (!isfinite(v) || v < -9223372036854775808.0 ||
	    v >= 9223372036854775808.0 || (int64_t)v < lo || (int64_t)v > hi) {
		snprintf(why, whylen, "%s is out of range (%lld..%lld)", t,
		    (long long)lo, (long long)hi);
		return -1;
	}
	if (v != floor(v)) {
		snprintf(why, whylen, "%s is not a whole number", t);
		return -1;
	}
	*out = (int64_t)v;
	return 0;
}

int
units_checked_real(double v, double lo, double hi, char *why, size_t whylen)
{
	char t[64], a[32], b[32];

	if (isfinite(v) && v >= lo && v <= hi)
		return 0;
	number_text(v, t, sizeof t);
	units_snprintf(a, sizeof a, "%g", lo);
	units_snprintf(b, sizeof b, "%g", hi);
	snprintf(why, whylen, "%s is out of range (%s..%s)", t, a, b);
	return -1;
}
