/*
 * idindex.c - open addressing on FNV-1a of the lower-cased id (idindex.h).
 */
#include "idindex.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static uint64_t
hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++) {
		h ^= (unsigned char)tolower((unsigned char)*s);
		h *= 1099511628211ull;
	}
	return h;
}

/* The slot of id, or the empty slot where it would go. */
static size_t
slot(const struct idindex *x, const char *id)
{
	size_t i = (size_t)hash(id) & (x->cap - 1);

	while (x->key[i] != NULL && strcasecmp(x->key[i], id) != 0)
		i = (i + 1) & (x->cap - 1);
	return i;
}

static void
grow(struct idindex *x)
{
	struct idindex bigger = { 0 };
	size_t i;

	bigger.cap = x->cap ? x->cap * 2 : 64;
	bigger.key = calloc(bigger.cap, sizeof *bigger.key);
	bigger.value = calloc(bigger.cap, sizeof *bigger.value);
	if (bigger.key == NULL || bigger.value == NULL)
		abort();
	for (i = 0; i < x->cap; i++)
		if (x->key[i] != NULL) {
			size_t j = slot(&bigger, x->key[i]);

			bigger.key[j] = x->key[i];
			bigger.value[j] = x->value[i];
		}
	bigger.n = x->n;
	idindex_done(x);
	*x = bigger;
}

void
idindex_put(struct idindex *x, const char *id, int value)
{
	size_t i;

	if ((x->n + 1) * 2 > x->cap)
		grow(x);
	i = slot(x, id);
	if (x->key[i] == NULL)
		x->n++;
	x->key[i] = id;
	x->value[i] = value;
}

int
idindex_get(const struct idindex *x, const char *id)
{
	size_t i;

	if (x->cap == 0)
		return -1;
	i = slot(x, id);
	return x->key[i] != NULL ? x->value[i] : -1;
}

void
idindex_done(struct idindex *x)
{
	free(x->key);
	free(x->value);
	memset(x, 0, sizeof *x);
}
