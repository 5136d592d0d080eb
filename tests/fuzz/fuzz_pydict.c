/*
 * fuzz_pydict.c - the "non-default args: {...}" dictionary of a startup
 * log (a Python literal): vllmargs_parse_pyliteral() and
 * vllmargs_from_pydict(), then the words parsed as `vllm serve` flags.
 */
#include "fuzz.h"

#include <stdlib.h>

#include <cjson/cJSON.h>

#include "io/cli.h"
#include "io/vllmargs.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstring(data, size);
	struct vllm_args va = { 0 };
	const char *end;
	char err[1024];
	struct cli cli;
	cJSON *v;

	fuzz_catalogue();
	v = vllmargs_parse_pyliteral(text, &end, err, sizeof err);
	cJSON_Delete(v);
	if (vllmargs_from_pydict(text, &va, err, sizeof err) == 0) {
		char *argv[] = { "headroom", NULL };

		if (cli_parse(1, argv, &cli, err, sizeof err) == 0 &&
		    cli_import_args(&cli, &va, NULL, 1, err, sizeof err) == 0)
			fuzz_plan_cli(&cli);
		cli_done(&cli);
	}
	vllmargs_done(&va);
	free(text);
	return 0;
}
