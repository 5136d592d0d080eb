/*
 * fuzz_hfconfig.c - a model folder's config.json, read as `headroom
 * --model DIR` reads it (model_dir_read, hfconfig_read), then planned on
 * a card and exported.
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
		snprintf(dir, sizeof dir, "%s/model", fuzz_dir());
		mkdir(dir, 0700);
	}
	fuzz_write("model/config.json", data, size);
	fuzz_run_argv(5, argv);
	return 0;
}
