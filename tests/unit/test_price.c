/*
 * test_price.c - prices in the user's currency (io/price.c): the rate as
 * given, refusals, USD x rate to the cent, the note, any LC_NUMERIC.
 */
#include <criterion/criterion.h>
#include <locale.h>
#include <string.h>

#include "io/price.h"

Test(price, parses_code_rate_and_date)
{
	struct price_currency c;
	char err[256];

	memset(&c, 0, sizeof c);
	cr_assert_eq(price_currency_parse("EUR=0.86@2026-11-30", &c, err,
			 sizeof err),
	    0);
	cr_assert_str_eq(c.code, "EUR");
	cr_assert_float_eq(c.rate, 0.86, 1e-12);
	cr_assert_str_eq(c.date, "2026-11-30");
	cr_assert_eq(price_currency_parse("JPY=156", &c, err, sizeof err), 0);
	cr_assert_str_eq(c.code, "JPY");
	cr_assert_str_eq(c.date, "");
	cr_assert(price_converted(&c));
	cr_assert_eq(price_currency_parse("USD=1", &c, err, sizeof err), 0);
	cr_assert(!price_converted(&c));
}

Test(price, refuses_bad_values_and_keeps_the_old)
{
	static const char *bad[] = { "EUR", "eur=0.86", "EURO=1", "EU=1",
		"EUR=", "EUR=0", "EUR=-0.5", "EUR=0,86", "EUR=x", "EUR=.5",
		"EUR=nan", "EUR=inf", "EUR=0.86@2026-13-01",
		"EUR=0.86@2025-02-29", "EUR=0.86@26-11-30", "EUR=0.86@",
		"USD=0.9", "EUR=1e99", NULL };
	struct price_currency c;
	char err[256];
	int i;

	for (i = 0; bad[i] != NULL; i++) {
		memset(&c, 0, sizeof c);
		memcpy(c.code, "GBP", 4);
		c.rate = 0.79;
		err[0] = '\0';
		cr_assert_eq(price_currency_parse(bad[i], &c, err, sizeof err),
		    -1, "%s accepted", bad[i]);
		cr_assert(err[0] != '\0', "%s: no reason", bad[i]);
		cr_assert_str_eq(c.code, "GBP", "%s changed the currency",
		    bad[i]);
	}
	cr_assert_eq(price_currency_parse("EUR=1@2024-02-29", &c, err,
			 sizeof err),
	    0);
}

Test(price, formats_usd_times_rate)
{
	struct price_currency c = { "EUR", 0.86, "2026-11-30" }, none;
	char b[64];

	memset(&none, 0, sizeof none);
	cr_assert_str_eq(price_format(&none, 6.35, 2, b, sizeof b), "$6.35");
	cr_assert_str_eq(price_format(NULL, 6.35, 2, b, sizeof b), "$6.35");
	cr_assert_str_eq(price_format(&c, 6.35, 2, b, sizeof b), "EUR 5.46");
	cr_assert_str_eq(price_format(&c, 0.9071, 4, b, sizeof b),
	    "EUR 0.7801");
	cr_assert_float_eq(price_amount(&c, 10), 8.6, 1e-12);
	cr_assert_str_eq(price_unit(&c), "EUR");
	cr_assert_str_eq(price_unit(&none), "$");
	cr_assert_eq(strlen(price_note(&c, b, sizeof b)),
	    sizeof b - 1); /* cut, not overrun */
}

Test(price, note_and_json)
{
	struct price_currency c = { "CHF", 0.8, "" };
	char b[200];
	cJSON *j;

	cr_assert_str_eq(price_note(&c, b, sizeof b),
	    "prices converted from USD at "
	    "0.8 CHF per USD (rate given by the user)");
	j = price_currency_json(&c);
	cr_assert_str_eq(cJSON_GetObjectItem(j, "code")->valuestring, "CHF");
	cr_assert(cJSON_IsNull(cJSON_GetObjectItem(j, "date")));
	cJSON_Delete(j);
	memset(&c, 0, sizeof c);
	cr_assert_str_eq(price_note(&c, b, sizeof b), "");
	j = price_currency_json(&c);
	cr_assert(cJSON_IsNull(j));
	cJSON_Delete(j);
}

/* whatever LC_NUMERIC says, the rate is read and printed with a '.' */
Test(price, any_numeric_locale)
{
	static const char *cands[] = { "de_DE.UTF-8", "de_DE.utf8",
		"fr_FR.UTF-8", NULL };
	struct price_currency c;
	char err[256], b[64];
	int i;

	for (i = 0; cands[i] != NULL; i++)
		if (setlocale(LC_NUMERIC, cands[i]) != NULL)
			break;
	if (cands[i] == NULL)
		cr_skip_test("no comma-decimal locale installed");
	cr_assert_eq(price_currency_parse("EUR=0.86", &c, err, sizeof err), 0);
	cr_assert_float_eq(c.rate, 0.86, 1e-12);
	cr_assert_str_eq(price_format(&c, 6.35, 2, b, sizeof b), "EUR 5.46");
	setlocale(LC_NUMERIC, "C");
}
