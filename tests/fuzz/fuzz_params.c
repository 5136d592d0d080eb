/*
 * fuzz_params.c - a Mistral model folder's params.json (no config.json),
 * read as `headroom --model DIR` reads it (model_dir_read, which turns it
 * into Hugging Face's fields with mistral_params_to_hf), then planned on a
 * card and exported.
 */
#include "fuzz.h"

#include <stdio.h>
#include <sys/stat.h>

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char dir[4200];
	char *argv[] = { "headroom", "--gpu", "h100-sxm", "--model", dir,
		NULL };

	if (dir[0] == '\0') {
		snprintf(dir, sizeof dir, "%s/mistral", fuzz_dir());
		mkdir(dir, 0700);
	}
	fuzz_write("mistral/params.json", data, size);
	fuzz_run_argv(5, argv);
	return 0;
}
