/*
 * quote_html.h - the quote sheet as one self-contained HTML page: the
 * proposal, the memory per card as a stacked bar and the options (the
 * plan and its fixes) compared as bars, both inline SVG; the limits and
 * the launch lines.  No script, no file or address outside the page; a
 * print style sheet for paper and PDF.  Every text from the plan, the
 * catalogue or the user is HTML-escaped (controls shown as \xHH).  The
 * figures a test reads carry ids: users, price-per-hour, total-gib,
 * weights-gib, kv-cache-gib, kv-tokens.
 */
#ifndef HEADROOM_IO_QUOTE_HTML_H
#define HEADROOM_IO_QUOTE_HTML_H

#include <stddef.h>

#include "io/report.h"

/* The page, malloc'd; NULL with the reason in err. */
char *quote_html(const struct report_in *, char *err, size_t errlen);

#endif
