/*
 * report.h - the plan as text (a short vLLM startup log, the verdict and
 * the ranked fixes), as JSON (the contract in doc/headroom.1 and the
 * design) or as Markdown.  Writers format into a growing string; callers
 * print it.
 */
#ifndef HEADROOM_REPORT_H
#define HEADROOM_REPORT_H

#include <stddef.h>

#include "core/fixes.h"
#include "core/plan.h"
#include "io/report_format.h"

struct report_in {
	const struct catalogue *cat;
	const struct plan_input *in;
	const struct plan *plan;
	const struct fix *fixes;
	size_t n_fixes;
	const char *
	    model_source; /* "catalogue", "directory", "cache", "hub", "derived" */
	int explicit_all;
	/* on nodes (--node): the server and where the ranks land, else NULL */
	const struct node *node;
	const struct placement *placement;
};

/*
 * The vllm serve line for in (serve_command_format()), whole, malloc'd; *cut
 * (when not NULL) is set when it passed 4 MiB and was cut there.
 */
char *report_command_line(const struct report_in *, const struct plan_input *in,
    int *cut);

/* Each returns a malloc'd NUL-terminated string. */
char *report_text(const struct report_in *);
/*
 * The version of the JSON report's layout (doc/report.schema.json): raised
 * when a field is renamed, removed or changes meaning; new fields alone
 * keep it.
 */
#define REPORT_SCHEMA_VERSION 1

char *report_json(const struct report_in *);
char *report_markdown(const struct report_in *);

/* The plan in format f: JSON, Markdown, else text (report_text()). */
char *report_render(const struct report_in *, enum report_format f);

#endif
