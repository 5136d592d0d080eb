/*
 * xalloc.h - allocation that never returns NULL: out of memory aborts,
 * so callers need no error path for it.
 */
#ifndef HEADROOM_XALLOC_H
#define HEADROOM_XALLOC_H

#include <stddef.h>

/* A copy of s ("" for NULL); the caller frees it. */
char *xstrdup(const char *s);
/* malloc(n) (at least one byte); never NULL. */
void *xmalloc(size_t n);
/* calloc(n, size); never NULL; aborts when n * size overflows. */
void *xcalloc(size_t n, size_t size);
/* realloc(p, n) (at least one byte); never NULL. */
void *xrealloc(void *p, size_t n);

#endif
