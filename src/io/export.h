/*
 * export.h - a plan in the forms people run or send on: the `vllm serve`
 * command, a vLLM --config file, a `docker run` line, the JSON report and
 * a quote sheet for a customer (doc/formats.md).
 *
 * Every writer starts from serve_command_format(), the one place that
 * decides which flags differ from vLLM's defaults, so the command, the
 * config file and the docker line always carry the same flags.  Each
 * returns a malloc'd NUL-terminated string ending in a newline.
 */
#ifndef HEADROOM_EXPORT_H
#define HEADROOM_EXPORT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "io/report.h"

/* What the plan costs to rent: cards (or the cards holding its slices) x price. */
struct export_cost {
	int cards; /* whole cards the plan occupies */
	int slices; /* MIG slices used; 0 on whole cards */
	int slices_per_card; /* of this profile */
	double card_per_hour; /* USD per card-hour; 0 = no dated price */
	double per_hour; /* cards x card_per_hour */
	double
	    per_user_hour; /* per_hour / users at the request length; 0 = none */
	const char *date, *source; /* of the price (catalogue strings) */
};

void export_cost(const struct catalogue *, const struct plan_input *,
    const struct plan *, struct export_cost *);

/*
 * The plan's vLLM flags as a config mapping, in command order: model (when
 * with_model), then each flag.  NULL with a reason in err when a value
 * cannot be held by a YAML file (bytes that are not UTF-8, a short flag
 * without a long name).
 */
cJSON *export_config_map(const struct report_in *, int with_model, char *err,
    size_t errlen);

/*
 * Each NULL with a reason in err when the plan cannot be written in that
 * form: a value that holds a terminal control (ESC, CR, C0 and C1 controls,
 * DEL, bidirectional overrides) for the shell forms (command, docker),
 * bytes that are not UTF-8 for YAML.  Shell words are single-quoted (a
 * newline or U+2028 inside reads back as itself); YAML strings are quoted
 * and escaped by libyaml, all but ASCII as escapes; text in comments, in
 * Markdown and in the quote's launch line is escaped (textesc.h).
 */
char *export_command(const struct report_in *, char *err, size_t errlen);
/* The vllm serve line alone, whole whatever its length, not checked for controls. */
char *export_command_line(const struct report_in *, char *err, size_t errlen);
char *export_config(const struct report_in *, char *err, size_t errlen);
char *export_docker(const struct report_in *, char *err, size_t errlen);
char *export_quote(const struct report_in *, char *err, size_t errlen);

/* The port the command serves on: its --port, else vLLM's 8000. */
long export_port(const struct plan_input *);

/* The quote's card line ("2 x NVIDIA H200 NVL") and checkpoint text, plain. */
void export_card_text(const struct report_in *, char *buf, size_t len);
void export_checkpoint_text(const struct report_in *, char *buf, size_t len);

#endif
