/*
 * export_format.c - export format names and the writer of each (see
 * export_format.h).
 */
#include "export_format.h"

#include <stdio.h>
#include <string.h>

#include "io/export.h"
#include "io/export_cluster.h"

static const char *const format_names[EXPORT_COUNT] = {
	"command",
	"config",
	"docker",
	"json",
	"quote",
	"ray",
	"multinode",
	"compose",
	"kubernetes",
};

int
export_format_parse(const char *s, enum export_format *out)
{
	int i;

	for (i = 0; i < EXPORT_COUNT; i++)
		if (strcmp(s, format_names[i]) == 0) {
			*out = (enum export_format)i;
			return 0;
		}
	if (strcmp(s, "yaml") == 0) {
		*out = EXPORT_CONFIG;
		return 0;
	}
	if (strcmp(s, "markdown") == 0 || strcmp(s, "md") == 0) {
		*out = EXPORT_QUOTE;
		return 0;
	}
	return -1;
}

const char *
export_format_name(enum export_format f)
{
	return f < EXPORT_COUNT ? format_names[f] : "?";
}

char *
export_render(enum export_format f, const struct report_in *r, char *err,
    size_t errlen)
{
	switch (f) {
	case EXPORT_COMMAND: return export_command(r, err, errlen);
	case EXPORT_CONFIG: return export_config(r, err, errlen);
	case EXPORT_DOCKER: return export_docker(r, err, errlen);
	case EXPORT_JSON: return report_json(r);
	case EXPORT_QUOTE: return export_quote(r, err, errlen);
	case EXPORT_RAY: return export_ray(r, err, errlen);
	case EXPORT_MULTINODE: return export_multinode(r, err, errlen);
	case EXPORT_COMPOSE: return export_compose(r, err, errlen);
	case EXPORT_KUBERNETES: return export_kubernetes(r, err, errlen);
	case EXPORT_COUNT: break;
	}
	snprintf(err, errlen, "unknown export format");
	return NULL;
}
