/*
 * filestamp.h - what a file looked like when headroom read it, so a later
 * save can tell whether someone else changed it in the meantime.
 *
 * A stamp holds the file's canonical path (editors often save by writing
 * a new file and renaming it, so the path names the file, not the inode),
 * its size, modification time and a 64-bit FNV-1a hash of its bytes.  A
 * file "changed" when it no longer exists, or its bytes no longer hash the
 * same (a touch that keeps the bytes does not count as a change).
 */
#ifndef HEADROOM_FILESTAMP_H
#define HEADROOM_FILESTAMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct filestamp {
	bool set;
	char path[4096]; /* realpath() when taken */
	int64_t size, mtime_ns;
	uint64_t hash;
};

/* FNV-1a over n bytes. */
uint64_t filestamp_hash(const void *data, size_t n);

/* Records a stamp for path whose bytes (just read) are data[0..n). */
void filestamp_take(struct filestamp *, const char *path, const void *data,
    size_t n);

/* True when path names the file the stamp was taken of (same canonical path). */
bool filestamp_same_file(const struct filestamp *, const char *path);

/*
 * True when the file at path differs from the stamp: gone, or its bytes
 * hash differently.  A stamp that is not set never matches an existing
 * file (returns true when path exists).
 */
bool filestamp_changed(const struct filestamp *, const char *path);

#endif
