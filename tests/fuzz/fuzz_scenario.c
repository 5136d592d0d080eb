/*
 * fuzz_scenario.c - a scenario file (doc/formats.md) as `headroom
 * --scenario FILE` reads it, then planned, reported and exported; also
 * what --check reads of it (scenario_peek).
 */
#include "fuzz.h"

#include <stdlib.h>

#include <cjson/cJSON.h>

#include "io/scenario.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[] = { "headroom", "--scenario", NULL, NULL };
	char err[1024], *name = NULL;
	cJSON *figures = NULL;

	argv[2] = (char *)fuzz_write("s.yaml", data, size);
	fuzz_run_argv(3, argv);
	if (scenario_peek(argv[2], &name, &figures, err, sizeof err) == 0) {
		free(name);
		cJSON_Delete(figures);
	}
	return 0;
}
