/*
 * quote_html.c - the HTML quote sheet (see quote_html.h).  The page is
 * written in one pass into a strbuf: fixed markup as literals, every other
 * text through esc(), which also shows controls and bytes that are not
 * UTF-8 as \xHH, so no value can open a tag, an attribute or an entity.
 * The bars are SVG rectangles whose widths are the plan's figures scaled
 * to the drawing; their colours are fixed here, and kept on paper.
 */
#include "quote_html.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "core/segments.h"
#include "core/units.h"
#include "core/vllm_version.h"
#include "io/export.h"
#include "io/launch.h"
#include "io/strbuf.h"
#include "io/textesc.h"

#define BAR_W 720 /* SVG units */
#define OPT_MAX 7 /* the plan and its first fixes that start */

static const char *const seg_fill[SEG_COUNT] = {
	[SEG_WEIGHTS] = "#3b78c4",
	[SEG_ACTIVATION] = "#9467bd",
	[SEG_NON_TORCH] = "#c49a3b",
	[SEG_GRAPHS_IN] = "#e07b39",
	[SEG_KV] = "#3a9a5b",
	[SEG_SLACK] = "#a7d3b4",
	[SEG_GRAPHS_OUT] = "#e07b39",
	[SEG_OUTSIDE] = "#b9bec6",
	[SEG_OTHER] = "#a33d3d",
};

/*
 * Text for HTML, inside elements or double-quoted attributes; a line
 * break stays one unless flat, where it shows as \n (a launch line).
 */
static void
esc_text(struct strbuf *b, const char *s, bool flat)
{
	size_t n = s != NULL ? strlen(s) : 0, i = 0;

	while (i < n) {
		size_t len = 1;
		long cp = textesc_decode(s + i, n - i, &len);

		if (cp < 0) {
			strbuf_printf(b, "\\x%02X", (unsigned char)s[i]);
			len = 1;
		} else if (cp == '&') {
			strbuf_printf(b, "&amp;");
		} else if (cp == '<') {
			strbuf_printf(b, "&lt;");
		} else if (cp == '>') {
			strbuf_printf(b, "&gt;");
		} else if (cp == '"') {
			strbuf_printf(b, "&quot;");
		} else if (cp == '\'') {
			strbuf_printf(b, "&#39;");
		} else if (cp == '\n') {
			strbuf_printf(b, flat ? "\\n" : "\n");
		} else if (textesc_is_control(cp)) {
			strbuf_printf(b, cp < 0x100 ? "\\x%02lX" : "\\u%04lX",
			    cp);
		} else {
			strbuf_printf(b, "%.*s", (int)len, s + i);
		}
		i += len;
	}
}

static void
esc(struct strbuf *b, const char *s)
{
	esc_text(b, s, false);
}

/* A table row: a label and an escaped value, with an id when given. */
static void
row(struct strbuf *b, const char *label, const char *id, const char *value)
{
	strbuf_printf(b, "<tr><th>");
	esc(b, label);
	strbuf_printf(b, "</th><td%s%s%s>", id ? " id=\"" : "", id ? id : "",
	    id ? "\"" : "");
	esc(b, value);
	strbuf_printf(b, "</td></tr>\n");
}

static const char style[] =
    "<style>\n"
    "*{-webkit-print-color-adjust:exact;print-color-adjust:exact;box-sizing:"
    "border-box}\n"
    "body{font-family:\"DejaVu Sans\",Arial,Helvetica,sans-serif;color:#1d2329;"
    "max-width:800px;margin:24px auto;padding:0 "
    "16px;line-height:1.4;font-size:14px}\n"
    "h1{font-size:22px;margin:0 0 4px}h2{font-size:16px;margin:22px 0 8px;"
    "border-bottom:1px solid #d4d8dd;padding-bottom:3px}\n"
    ".sub{color:#5b6570;margin:0 0 14px}\n"
    "table{border-collapse:collapse;width:100%}th,td{text-align:left;"
    "padding:4px 8px;border-bottom:1px solid #e6e9ec;vertical-align:top}\n"
    "th{width:32%;font-weight:600;color:#3c4651}td.n,th.n{text-align:right}\n"
    ".verdict-ok{color:#1f7a3d;font-weight:700}.verdict-fail{color:#a32020;"
    "font-weight:700}\n"
    ".legend{list-style:none;padding:0;margin:6px 0 "
    "0;display:flex;flex-wrap:wrap;"
    "gap:4px 14px}.legend li{white-space:nowrap}figure{margin:0 0 10px}\n"
    ".sw{display:inline-block;width:11px;height:11px;margin-right:5px;"
    "vertical-align:-1px;border:1px solid #0003}\n"
    "pre{background:#f3f5f7;border:1px solid "
    "#dde1e5;padding:8px;white-space:pre-wrap;"
    "overflow-wrap:anywhere;font-size:12px}\n"
    "svg{display:block;width:100%;height:auto}svg text{font-family:inherit}\n"
    ".msg{background:#fbeaea;border-left:3px solid #a32020;padding:6px 10px}\n"
    "@page{size:A4;margin:14mm}\n"
    "@media print{body{margin:0;max-width:none;font-size:11pt}"
    "section,figure,table,pre{break-inside:avoid}h2{break-after:avoid}}\n"
    "</style>\n";

/* The memory per card: one stacked bar, the budget's end marked, a legend. */
static void
memory_svg(struct strbuf *b, const struct plan *p)
{
	struct seg_bar bar;
	double scale, x = 0;
	char v[32];
	int s;

	segments_memory(p, &bar);
	scale = bar.sum > bar.total ? bar.sum : bar.total;
	if (scale <= 0)
		scale = 1;
	strbuf_printf(b,
	    "<figure id=\"memory-bar\" style=\"margin:0\">\n"
	    "<svg viewBox=\"0 0 %d 48\" role=\"img\" aria-label=\"memory per "
	    "card\">\n",
	    BAR_W);
	strbuf_printf(b,
	    "<rect x=\"0\" y=\"12\" width=\"%d\" height=\"28\" "
	    "fill=\"#ffffff\" stroke=\"#8a939c\"/>\n",
	    BAR_W);
	for (s = 0; s < SEG_COUNT; s++) {
		double w = bar.value[s] / scale * BAR_W;

		if (bar.value[s] <= 0)
			continue;
		strbuf_printf(b, "<rect class=\"seg\" data-seg=\"");
		esc(b, segments_role_name((enum seg_role)s));
		strbuf_printf(b,
		    "\" x=\"%.2f\" y=\"12\" width=\"%.2f\" height=\"28\" "
		    "fill=\"%s\"><title>",
		    x, w, seg_fill[s]);
		esc(b, segments_role_name((enum seg_role)s));
		strbuf_printf(b, " %s GiB</title></rect>\n",
		    units_format_gib((int64_t)bar.value[s], v, sizeof v));
		x += w;
	}
	if (bar.total > 0 && bar.sum > bar.total)
		strbuf_printf(b,
		    "<line x1=\"%.2f\" y1=\"4\" x2=\"%.2f\" y2=\"44\" "
		    "stroke=\"#a32020\" stroke-width=\"2\"/>\n",
		    bar.total / scale * BAR_W, bar.total / scale * BAR_W);
	if (bar.budget_end > 0) {
		double bx = bar.budget_end / scale * BAR_W;

		strbuf_printf(b,
		    "<line x1=\"%.2f\" y1=\"6\" x2=\"%.2f\" y2=\"42\" "
		    "stroke=\"#1d2329\" stroke-width=\"1.5\" "
		    "stroke-dasharray=\"3 2\"/>\n"
		    "<text x=\"%.2f\" y=\"9\" font-size=\"9\" "
		    "text-anchor=\"end\" "
		    "fill=\"#1d2329\">vLLM's budget</text>\n",
		    bx, bx, bx - 2);
	}
	strbuf_printf(b, "</svg>\n<ul class=\"legend\">\n");
	for (s = 0; s < SEG_COUNT; s++) {
		if (bar.value[s] <= 0)
			continue;
		strbuf_printf(b,
		    "<li><span class=\"sw\" style=\"background:%s\"></span>",
		    seg_fill[s]);
		esc(b, segments_role_name((enum seg_role)s));
		strbuf_printf(b, " %s GiB%s</li>\n",
		    units_format_gib((int64_t)bar.value[s], v, sizeof v),
		    bar.estimated[s] ? " (estimate)" : "");
	}
	strbuf_printf(b, "</ul>\n</figure>\n");
}

struct option_row {
	char label[200];
	int64_t users;
	double per_hour;
};

/* The plan and the fixes that start, compared: users as bars, price beside. */
static void
options_svg(struct strbuf *b, const struct report_in *r)
{
	struct option_row o[OPT_MAX];
	struct export_cost k;
	int64_t most = 1;
	size_t n = 0, i;
	int h;

	export_cost(r->cat, r->in, r->plan, &k);
	snprintf(o[0].label, sizeof o[0].label, "this plan");
	o[0].users =
	    r->plan->phase == PHASE_NONE ? r->plan->total_concurrency : 0;
	o[0].per_hour = k.per_hour;
	n = 1;
	for (i = 0; i < r->n_fixes && n < OPT_MAX; i++) {
		const struct fix *f = &r->fixes[i];
		struct plan fp;

		if (!f->starts)
			continue;
		plan_compute(r->cat, &f->input, &fp);
		export_cost(r->cat, &f->input, &fp, &k);
		/* a long change is cut: the label column ends where the bars start */
		snprintf(o[n].label, sizeof o[n].label, "%.46s%s", f->flags,
		    strlen(f->flags) > 46 ? "..." : "");
		o[n].users = f->total_concurrency;
		o[n].per_hour = k.per_hour;
		n++;
	}
	for (i = 0; i < n; i++)
		if (o[i].users > most)
			most = o[i].users;
	h = (int)n * 26 + 8;
	strbuf_printf(b,
	    "<figure id=\"options\" style=\"margin:0\">\n<svg viewBox=\"0 0 "
	    "%d %d\" role=\"img\" aria-label=\"options compared\">\n",
	    BAR_W, h);
	for (i = 0; i < n; i++) {
		int y = (int)i * 26 + 4;
		double w = (double)o[i].users / (double)most * 270;
		char u[32], price[48];

		units_format_commas(o[i].users, u, sizeof u);
		if (o[i].per_hour > 0)
			snprintf(price, sizeof price, ", $%.2f/h",
			    o[i].per_hour);
		else
			price[0] = '\0';
		strbuf_printf(b,
		    "<text x=\"0\" y=\"%d\" font-size=\"11\" fill=\"#1d2329\">",
		    y + 15);
		esc(b, o[i].label);
		strbuf_printf(b,
		    "</text>\n<rect class=\"option\" x=\"300\" y=\"%d\" "
		    "width=\"%.2f\" height=\"18\" fill=\"%s\"/>\n<text "
		    "x=\"%.2f\" y=\"%d\" "
		    "font-size=\"11\" fill=\"#1d2329\">%s user%s%s</text>\n",
		    y, w, i == 0 ? "#3b78c4" : "#7fa7d9", 304 + w, y + 13, u,
		    units_plural(o[i].users), price);
	}
	strbuf_printf(b, "</svg>\n</figure>\n");
}

/* <head> and the title lines; name is the model's, card the hardware's */
static void
quote_html_put_head(struct strbuf *b, const char *name, const char *card,
    const char *v)
{
	strbuf_printf(b,
	    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"generator\" "
	    "content=\"headroom %s\">\n"
	    "<title>Quote: ",
	    PACKAGE_VERSION);
	esc(b, name);
	strbuf_printf(b, " on ");
	esc(b, card);
	strbuf_printf(b, "</title>\n%s</head>\n<body>\n<h1>", style);
	esc(b, name);
	strbuf_printf(b, " on ");
	esc(b, card);
	strbuf_printf(b,
	    "</h1>\n<p class=\"sub\">Prepared with headroom %s for vLLM ",
	    PACKAGE_VERSION);
	esc(b, v);
	strbuf_printf(b,
	    ". Memory figures are per card (per MIG slice on a slice).</p>\n");
}

/* the price row: per hour and per user-hour, or that there is none */
static void
quote_html_put_price(struct strbuf *b, const struct export_cost *k)
{
	if (k->per_hour <= 0) {
		row(b, "Price", NULL, "no dated price in the catalogue");
		return;
	}
	strbuf_printf(b,
	    "<tr><th>Price</th><td>$<span id=\"price-per-hour\">%.2f"
	    "</span> per hour",
	    k->per_hour);
	if (k->per_user_hour > 0)
		strbuf_printf(b, ", $%.4f per user-hour", k->per_user_hour);
	strbuf_printf(b, "</td></tr>\n");
}

/* a close call (core/closecall.h) under the verdict */
static void
quote_html_put_close_call(struct strbuf *b, const struct plan *p)
{
	char cc[PLAN_MSG_LEN];

	plan_close_call_text(p, cc, sizeof cc);
	if (cc[0] == '\0')
		return;
	strbuf_printf(b, "<p class=\"msg\" id=\"close-call\">");
	esc(b, cc);
	strbuf_printf(b, "</p>\n");
}

/* the verdict row, and vLLM's message under the table when it stops */
static void
quote_html_put_verdict(struct strbuf *b, const struct plan *p)
{
	if (p->phase == PHASE_NONE)
		strbuf_printf(b,
		    "<tr><th>Verdict</th><td class=\"verdict-ok\" "
		    "id=\"verdict\">vLLM starts.</td></tr>\n");
	else {
		strbuf_printf(b,
		    "<tr><th>Verdict</th><td class=\"verdict-fail\" "
		    "id=\"verdict\">vLLM stops at the ");
		esc(b, plan_phase_title(p->phase));
		strbuf_printf(b, ".</td></tr>\n");
	}
	strbuf_printf(b, "</table>\n");
	if (p->phase != PHASE_NONE && p->message[0] != '\0') {
		strbuf_printf(b, "<p class=\"msg\">");
		esc(b, p->message);
		strbuf_printf(b, "</p>\n");
	}
	quote_html_put_close_call(b, p);
}

/* the proposal: hardware, model, KV cache, users, price, verdict; users
 * is the request length as printed */
static void
quote_html_put_proposal(struct strbuf *b, const struct report_in *r,
    const struct export_cost *k, const char *card, const char *ck,
    const char *users)
{
	const struct plan *p = r->plan;
	const struct model *m = r->in->model;
	char line[512], t[64];

	strbuf_printf(b,
	    "<section id=\"proposal\">\n<h2>Proposal</h2>\n<table>\n");
	row(b, "Hardware", "hardware", card);
	row(b, "Model", NULL, m ? m->id : "?");
	row(b, "Checkpoint", NULL, ck);
	snprintf(line, sizeof line, "%s, block size %d, max_model_len %s",
	    kv_dtype_name(p->kv_dtype), p->block_size,
	    units_format_commas(p->max_model_len, t, sizeof t));
	row(b, "KV cache", NULL, line);
	strbuf_printf(b,
	    "<tr><th>Concurrent users</th><td><strong id=\"users\">%lld"
	    "</strong> requests of ",
	    p->phase == PHASE_NONE ? (long long)p->total_concurrency : 0LL);
	esc(b, users);
	strbuf_printf(b, " tokens at once</td></tr>\n");
	quote_html_put_price(b, k);
	quote_html_put_verdict(b, p);
	strbuf_printf(b, "</section>\n");
}

/* memory per card: the bar, then total, weights, KV cache and tokens */
static void
quote_html_put_memory(struct strbuf *b, const struct plan *p)
{
	char t[64];
	int64_t kvb;

	strbuf_printf(b, "<section id=\"memory\">\n<h2>Memory per card</h2>\n");
	memory_svg(b, p);
	strbuf_printf(b,
	    "<table>\n<tr><th>Card memory, as CUDA reports it</th>"
	    "<td class=\"n\"><span id=\"total-gib\">%s</span> GiB</td></tr>\n",
	    units_format_gib(p->total, t, sizeof t));
	strbuf_printf(b,
	    "<tr><th>Weights</th><td class=\"n\"><span id=\"weights-gib\">"
	    "%s</span> GiB</td></tr>\n",
	    units_format_gib(p->weights, t, sizeof t));
	if (plan_kv_figure(p, &kvb))
		strbuf_printf(b,
		    "<tr><th>KV cache</th><td class=\"n\"><span "
		    "id=\"kv-cache-gib\">%s</span> GiB</td></tr>\n",
		    units_format_gib(kvb, t, sizeof t));
	strbuf_printf(b,
	    "<tr><th>GPU KV cache size</th><td class=\"n\"><span "
	    "id=\"kv-tokens\">%s</span> "
	    "tokens</td></tr>\n</table>\n</section>\n",
	    units_format_commas(p->kv_tokens, t, sizeof t));
}

/* one list item: prefix, then text escaped (nothing when text is NULL) */
static void
quote_html_put_item(struct strbuf *b, const char *prefix, const char *text)
{
	if (text == NULL)
		return;
	strbuf_printf(b, "<li>%s", prefix);
	esc(b, text);
	strbuf_printf(b, "</li>\n");
}

/* limits and assumptions: estimates, release, assumptions, price, warning */
static void
quote_html_put_limits(struct strbuf *b, const struct plan *p,
    const struct export_cost *k, const char *v)
{
	strbuf_printf(b,
	    "<section id=\"limits\">\n<h2>Limits and assumptions</h2>\n<ul>\n"
	    "<li>Activation peak, non-torch and CUDA-graph memory are "
	    "estimates; "
	    "weights and KV figures follow vLLM's own "
	    "arithmetic.</li>\n<li>Planned for "
	    "vLLM ");
	esc(b, v);
	strbuf_printf(b, "; other releases size memory differently.</li>\n");
	quote_html_put_item(b,
	    "Assumption: ", p->card_assumption[0] ? p->card_assumption : NULL);
	quote_html_put_item(b, "Assumption: ", p->assumption);
	if (k->card_per_hour > 0) {
		strbuf_printf(b, "<li>Price: ");
		esc(b, k->source ? k->source : "catalogue");
		strbuf_printf(b, ", dated ");
		esc(b, k->date ? k->date : "?");
		strbuf_printf(b,
		    ". Host, storage and network are not included.</li>\n");
	}
	if (p->warning[0] != '\0')
		quote_html_put_item(b, "", p->warning);
	if (p->env_note[0] != '\0')
		quote_html_put_item(b, "Environment: ", p->env_note);
	strbuf_printf(b, "</ul>\n</section>\n");
}

/* the launch lines, one a replica */
static void
quote_html_put_launch(struct strbuf *b, const struct plan_input *in,
    char **lines, int n)
{
	int i;

	strbuf_printf(b, "<section id=\"launch\">\n<h2>Launch</h2>\n");
	if (n > 1)
		strbuf_printf(b,
		    "<p>%d replicas, each its own vLLM server on its own %s "
		    "and port: start every line.</p>\n",
		    n, in->mig >= 0 ? "MIG slice" : "cards");
	strbuf_printf(b, "<pre id=\"launch-lines\">");
	for (i = 0; lines[i] != NULL; i++) {
		esc_text(b, lines[i], true);
		strbuf_printf(b, "\n");
	}
	strbuf_printf(b, "</pre>\n</section>\n</body>\n</html>\n");
}

char *
quote_html(const struct report_in *r, char *err, size_t errlen)
{
	struct strbuf b = { 0 };
	const struct plan *p = r->plan;
	const struct model *m = r->in->model;
	struct export_cost k;
	char card[256], ck[512], v[32], users[64];
	char **lines;
	int n;

	lines = launch_lines_placed(r, r->placement, &n);
	if (lines == NULL) {
		snprintf(err, errlen, "no launch line");
		return NULL;
	}
	export_cost(r->cat, r->in, p, &k);
	export_card_text(r, card, sizeof card);
	export_checkpoint_text(r, ck, sizeof ck);
	vllm_version_format(p->version, v, sizeof v);
	units_format_commas(p->tokens_per_request, users, sizeof users);

	quote_html_put_head(&b, m ? (m->name ? m->name : m->id) : "?", card, v);
	quote_html_put_proposal(&b, r, &k, card, ck, users);
	quote_html_put_memory(&b, p);
	strbuf_printf(&b,
	    "<section id=\"compare\">\n<h2>Options compared</h2>\n"
	    "<p class=\"sub\">Users: requests of %s tokens resident at once, "
	    "over all "
	    "replicas; each option planned in full.</p>\n",
	    users);
	options_svg(&b, r);
	strbuf_printf(&b, "</section>\n");
	quote_html_put_limits(&b, p, &k, v);
	quote_html_put_launch(&b, r->in, lines, n);
	launch_free(lines);
	return strbuf_take(&b);
}
