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

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		abort();
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		abort();
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);

	if (q == NULL)
		abort();
	return q;
}
