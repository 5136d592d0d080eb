/*
 * fuzz_vllmconfig.c - a `vllm serve --config FILE.yaml` file, read as
 * `headroom --config FILE.yaml` reads it, then planned and exported.
 */
#include "fuzz.h"

#include "io/vllmargs.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[] = { "headroom", "--config", NULL, NULL };

	argv[2] = (char *)fuzz_write("config.yaml", data, size);
	fuzz_run_argv(3, argv);
	return 0;
}
