/*
 * xalloc.c - allocation wrappers (see xalloc.h).
 */
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

char *
xstrdup(const char *s)
{
	char *d = strdup(s ? s : "");

	if (d == NULL)
		abort();
	return d;
}
