/*
 * idindex.h - ids (case-insensitive) to array positions, for loading and
 * linking catalogues of any size in linear time.
 *
 * The index borrows its keys: each must stay valid (and unchanged) while
 * it is in the index; idindex_put() of the same id replaces the borrowed
 * key too, so an entry that is overridden can free its old id.
 */
#ifndef HEADROOM_IDINDEX_H
#define HEADROOM_IDINDEX_H

#include <stddef.h>

struct idindex {
	const char **key;
	int *value;
	size_t cap, n; /* cap: a power of two, or 0 */
};

/* Maps id to value (a later put of the same id wins). */
void idindex_put(struct idindex *, const char *id, int value);
/* The value of id, or -1. */
int idindex_get(const struct idindex *, const char *id);
void idindex_done(struct idindex *);

#endif
