/*
 * filestamp.c - file identity and content hashes (see filestamp.h).
 */
#include "filestamp.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "io/textfile.h"

uint64_t
filestamp_hash(const void *data, size_t n)
{
	const unsigned char *p = data;
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

void
filestamp_take(struct filestamp *st, const char *path, const void *data,
    size_t n)
{
	struct stat sb;

	memset(st, 0, sizeof *st);
	st->set = true;
	st->size = (int64_t)n;
	st->hash = filestamp_hash(data, n);
	if (realpath(path, st->path) == NULL)
		snprintf(st->path, sizeof st->path, "%s", path);
	if (stat(path, &sb) == 0) {
		st->mtime_ns = (int64_t)sb.st_mtim.tv_sec * 1000000000 +
		    sb.st_mtim.tv_nsec;
	}
}

bool
filestamp_same_file(const struct filestamp *st, const char *path)
{
	char real[4096];

	if (!st->set || realpath(path, real) == NULL)
		return false;
	return strcmp(real, st->path) == 0;
}

bool
filestamp_changed(const struct filestamp *st, const char *path)
{
	struct stat sb;
	char err[256];
	size_t n;
	char *text;
	bool changed;

	if (stat(path, &sb) != 0)
		return st->set;
	if (!st->set)
		return true;
	if ((int64_t)sb.st_size != st->size)
		return true;
	text = textfile_read(path, &n, err, sizeof err);
	if (text == NULL)
		return true;
	changed = filestamp_hash(text, n) != st->hash;
	free(text);
	return changed;
}
