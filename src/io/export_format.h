/*
 * export_format.h - the forms a plan is exported in (--export NAME): their
 * names and the one writer for each, export.h's and export_cluster.h's.
 */
#ifndef HEADROOM_EXPORT_FORMAT_H
#define HEADROOM_EXPORT_FORMAT_H

#include <stddef.h>

#include "io/report.h"

enum export_format {
	EXPORT_COMMAND, /* vllm serve ... (one line, shell-quoted) */
	EXPORT_CONFIG, /* vLLM --config YAML */
	EXPORT_DOCKER, /* docker run ... vllm/vllm-openai:vX.Y.Z ... */
	EXPORT_JSON, /* the JSON report */
	EXPORT_QUOTE, /* Markdown quote sheet */
	EXPORT_RAY, /* Ray head and worker commands (export_cluster.h) */
	EXPORT_MULTINODE, /* vLLM's multi-node data parallel; replicas per node */
	EXPORT_COMPOSE, /* docker compose, one service per replica */
	EXPORT_KUBERNETES, /* Deployment + Service, or a LeaderWorkerSet */
	EXPORT_COUNT
};

/* "command", "config", "docker", "json", "quote" (also "markdown", "yaml"). */
int export_format_parse(const char *, enum export_format *);
const char *export_format_name(enum export_format);

/* The plan in form f, or NULL with the reason in err (export.h). */
char *export_render(enum export_format, const struct report_in *, char *err,
    size_t errlen);

#endif
