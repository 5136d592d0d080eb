/*
 * price.c - prices in the user's currency (see price.h).  Numbers are read
 * and written in the C locale whatever the user's.
 */
#include "price.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/units.h"

static bool
is_digits(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* A calendar day written YYYY-MM-DD. */
static bool
valid_date(const char *d)
{
	static const int days[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31,
		30, 31 };
	int y, m, day;

	if (strlen(d) != 10 || d[4] != '-' || d[7] != '-' || !is_digits(d, 4) ||
	    !is_digits(d + 5, 2) || !is_digits(d + 8, 2))
		return false;
	y = (d[0] - '0') * 1000 + (d[1] - '0') * 100 + (d[2] - '0') * 10 +
	    (d[3] - '0');
	m = (d[5] - '0') * 10 + (d[6] - '0');
	day = (d[8] - '0') * 10 + (d[9] - '0');
	if (y < 1900 || m < 1 || m > 12 || day < 1 || day > days[m - 1])
		return false;
	if (m == 2 && day == 29 &&
	    !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return false;
	return true;
}

int
price_currency_parse(const char *v, struct price_currency *c, char *err,
    size_t errlen)
{
	const char *eq = strchr(v, '='), *at;
	char *end;
	double rate;
	int i;

	if (eq == NULL) {
		snprintf(err, errlen,
		    "'%s' is not CODE=RATE[@YYYY-MM-DD] (e.g. "
		    "EUR=0.86@2026-11-30: units of CODE per US dollar)",
		    v);
		return -1;
	}
	for (i = 0; i < 3; i++)
		if (v[i] < 'A' || v[i] > 'Z')
			break;
	if (i != 3 || eq != v + 3) {
		snprintf(err, errlen,
		    "'%.*s' is not a currency code (three upper-case "
		    "letters, e.g. EUR)",
		    (int)(eq - v), v);
		return -1;
	}
	at = strchr(eq + 1, '@');
	rate = units_strtod(eq + 1, &end);
	if (end == eq + 1 || (at != NULL ? end != at : *end != '\0') ||
	    !isfinite(rate) || rate <= 0 || rate > 1e9 ||
	    (eq[1] < '0' || eq[1] > '9')) {
		snprintf(err, errlen,
		    "'%.*s' is not a positive rate in %.3s per US "
		    "dollar (digits with '.' as the decimal point, e.g. 0.86)",
		    at != NULL ? (int)(at - eq - 1) : (int)strlen(eq + 1),
		    eq + 1, v);
		return -1;
	}
	if (at != NULL && !valid_date(at + 1)) {
		snprintf(err, errlen,
		    "'%s' is not the rate's date as YYYY-MM-DD "
		    "(e.g. 2026-11-30)",
		    at + 1);
		return -1;
	}
	if (strncmp(v, "USD", 3) == 0) {
		/* the catalogue's own: USD=1 undoes a default from the settings */
		if (rate != 1) {
			snprintf(err, errlen,
			    "USD is the catalogue's own currency "
			    "(only USD=1 is accepted: prices as catalogued)");
			return -1;
		}
		memset(c, 0, sizeof *c);
		return 0;
	}
	memcpy(c->code, v, 3);
	c->code[3] = '\0';
	c->rate = rate;
	snprintf(c->date, sizeof c->date, "%s", at != NULL ? at + 1 : "");
	return 0;
}

bool
price_converted(const struct price_currency *c)
{
	return c != NULL && c->code[0] != '\0' && c->rate > 0;
}

double
price_amount(const struct price_currency *c, double usd)
{
	return price_converted(c) ? usd * c->rate : usd;
}

const char *
price_unit(const struct price_currency *c)
{
	return price_converted(c) ? c->code : "$";
}

const char *
price_format(const struct price_currency *c, double usd, int decimals,
    char *buf, size_t len)
{
	if (price_converted(c))
		units_snprintf(buf, len, "%s %.*f", c->code, decimals,
		    usd * c->rate);
	else
		units_snprintf(buf, len, "$%.*f", decimals, usd);
	return buf;
}

const char *
price_note(const struct price_currency *c, char *buf, size_t len)
{
	if (!price_converted(c)) {
		if (len > 0)
			buf[0] = '\0';
		return buf;
	}
	units_snprintf(buf, len,
	    "prices converted from USD at %.10g %s per USD "
	    "(rate given by the user%s%s)",
	    c->rate, c->code, c->date[0] ? ", " : "", c->date);
	return buf;
}

cJSON *
price_currency_json(const struct price_currency *c)
{
	cJSON *o;

	if (!price_converted(c))
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "code", c->code);
	cJSON_AddNumberToObject(o, "rate_per_usd", c->rate);
	if (c->date[0])
		cJSON_AddStringToObject(o, "date", c->date);
	else
		cJSON_AddNullToObject(o, "date");
	cJSON_AddStringToObject(o, "source", "user");
	return o;
}
