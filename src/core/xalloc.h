/*
 * xalloc.h - allocation that never returns NULL: out of memory aborts,
 * so callers need no error path for it.
 */
#ifndef HEADROOM_XALLOC_H
#define HEADROOM_XALLOC_H

#include <stddef.h>

/* A copy of s ("" for NULL); the caller frees it. */
char *xstrdup(const char *s);

#endif
