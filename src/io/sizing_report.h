/*
 * sizing_report.h - the answers as text, JSON and Markdown: the fit
 * finder's ranked plans, a card shared by several instances (with its
 * memory map, startup orders, commands and the MIG alternative), the
 * upgrade check, and the speed estimate that the plan report shows beside
 * its concurrency.  Writers return a malloc'd string; callers print it.
 * Figures come from the core modules (fit, share, upgrade, speed); the
 * writers only re-plan a row to print its command.
 */
#ifndef HEADROOM_SIZING_REPORT_H
#define HEADROOM_SIZING_REPORT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/fit.h"
#include "core/share.h"
#include "core/speed.h"
#include "core/upgrade.h"
#include "io/report_format.h"

struct sizing_report_fit_view {
	const struct catalogue *cat;
	const struct fit_query *q;
	const struct fit_row *rows;
	size_t n;
	const struct fit_result *res;
	size_t text_rows; /* rows the text and Markdown show */
};

struct sizing_report_share_view {
	const struct catalogue *cat;
	const struct share_query *q;
	const struct share_result *r; /* under q->version */
	const struct share_result *r_to; /* under to_version, or NULL */
	int to_version;
};

struct sizing_report_upgrade_view {
	const struct catalogue *cat;
	const struct plan_input *in;
	const struct upgrade_result *u;
};

char *sizing_report_fit(const struct sizing_report_fit_view *,
    enum report_format);
/* A way to run the model: a checkpoint id, "online fp8" or "nvfp4 (derived)". */
void sizing_report_fit_way(const struct catalogue *, int ckpt, enum ckpt_format,
    bool online_fp8, char *buf, size_t len);
/* A row's alternatives: "also RedHatAI/... (KV fp8, 76), online fp8 (KV fp8, 77)"; "" when none. */
void sizing_report_fit_alts(const struct catalogue *, const struct fit_row *,
    char *buf, size_t len);
char *sizing_report_share(const struct sizing_report_share_view *,
    enum report_format);
char *sizing_report_upgrade(const struct sizing_report_upgrade_view *,
    enum report_format);

/*
 * The speed of a plan, for the plan report: one or two lines of text
 * ("Speed (estimate): ...") written to buf, and the JSON object "speed"
 * (never NULL; {"known": false, ...} when it cannot be estimated).
 */
void sizing_report_speed_text(const struct catalogue *,
    const struct plan_input *, const struct plan *, const char *indent,
    char *buf, size_t len);
cJSON *sizing_report_speed_json(const struct catalogue *,
    const struct plan_input *, const struct plan *);

/* The multimodal budget of a plan as text lines ("" for text models). */
void sizing_report_mm_text(const struct plan *, const char *indent, char *buf,
    size_t len);
cJSON *sizing_report_mm_json(const struct plan *);

/* Adds "starts", "phase" and "message" to o: true with two nulls when phase
 * is PHASE_NONE, else false with the phase's name and message. */
void sizing_report_verdict_json(cJSON *o, enum plan_phase phase,
    const char *message);

#endif
