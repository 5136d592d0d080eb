/*
 * price.h - prices as people read them: the catalogue's USD figures,
 * converted at the rate the user gave (--currency CODE=RATE[@DATE], the
 * settings key "currency") for every human-facing writer.  Machine fields
 * (JSON "..._usd") stay in USD; price_currency_json() names the rate.
 *
 * Every text, Markdown and screen writer formats a price through
 * price_format() (or price_amount() and price_unit() for table columns)
 * and says how it was converted once with price_note().
 */
#ifndef HEADROOM_PRICE_H
#define HEADROOM_PRICE_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/catalogue.h"

/*
 * Parses "CODE=RATE" or "CODE=RATE@YYYY-MM-DD" (CODE three upper-case
 * letters, RATE a positive number with '.' as the decimal point, the date
 * a calendar day).  0, or -1 with the reason in err (for the caller to put
 * after "--currency: " or "FILE:LINE:COL: currency: "); c is unchanged then.
 */
int price_currency_parse(const char *v, struct price_currency *c, char *err,
    size_t errlen);

/* True when prices are converted (a code is set). */
bool price_converted(const struct price_currency *c);
/* usd in the shown currency (usd itself when none is set). */
double price_amount(const struct price_currency *c, double usd);
/* The column unit: "$" in USD, else the code ("EUR"), as in "EUR/h". */
const char *price_unit(const struct price_currency *c);
/* "$2.70" or "EUR 2.32": usd converted, with decimals places; returns buf. */
const char *price_format(const struct price_currency *c, double usd,
    int decimals, char *buf, size_t len);
/*
 * "prices converted from USD at 0.86 EUR per USD (rate given by the user,
 * 2026-11-30)", or "" when none is set; returns buf.
 */
const char *price_note(const struct price_currency *c, char *buf, size_t len);
/* {"code","rate_per_usd","date"(or null),"source":"user"}, or JSON null. */
cJSON *price_currency_json(const struct price_currency *c);

#endif
