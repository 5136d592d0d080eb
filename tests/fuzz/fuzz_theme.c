/*
 * fuzz_theme.c - a theme file (themes/default.yaml documents the format)
 * through theme_parse(), then each role's style read back.
 */
#include "fuzz.h"

#include "ui/theme.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct theme t;
	char err[512];
	int r;
	volatile long sum = 0;

	if (theme_parse((const char *)data, size, "fuzz.yaml", &t, err,
		sizeof err) != 0)
		return 0;
	for (r = 0; r < ROLE_COUNT; r++)
		sum += t.style[r].fg + t.style[r].bg + (long)t.style[r].attrs;
	(void)sum;
	return 0;
}
