/*
 * fuzz_command.c - a pasted `vllm serve` (or docker run) command line:
 * split into words (shellwords_split), read as vLLM's arguments
 * (vllmargs_from_command), and imported as `headroom --from-command TEXT`
 * does, then planned and exported.
 */
#include "fuzz.h"

#include <stdlib.h>

#include "io/shellwords.h"
#include "io/vllmargs.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstring(data, size);
	char *argv[] = { "headroom", "--from-command", text, NULL };
	struct shellwords w = { 0 };
	struct vllm_args va = { 0 };
	char err[1024];

	if (shellwords_split(text, &w, err, sizeof err) == 0)
		shellwords_done(&w);
	if (vllmargs_from_command(text, &va, err, sizeof err) == 0)
		vllmargs_done(&va);
	fuzz_run_argv(3, argv);
	free(text);
	return 0;
}
