/*
 * textfile.h - whole-file reads and atomic writes.
 *
 * textfile_write_atomic() writes to a temporary file in the same folder,
 * flushes it and renames it over the target, so the previous content is
 * never lost to a partial write.
 */
#ifndef HEADROOM_TEXTFILE_H
#define HEADROOM_TEXTFILE_H

#include <stddef.h>

/* Reads a file (at most 64 MiB); NULL with "path: reason" in err. NUL-terminated. */
char *textfile_read(const char *path, size_t *len, char *err, size_t errlen);
/* 0 on success; -1 with "path: reason" in err, the old file untouched. */
int textfile_write_atomic(const char *path, const char *data, size_t len,
    char *err, size_t errlen);

#endif
