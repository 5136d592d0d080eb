/*
 * textfile.h - whole-file reads and atomic writes.
 *
 * The path "-" names standard input for reads and standard output for
 * writes, as Unix tools do.  Standard input is read once and kept, so
 * several readers of "-" in one run see the same text.
 *
 * textfile_write_atomic() writes to a temporary file in the target's
 * folder (through a symbolic link, in the folder of the file it points
 * to), flushes it and renames it over the target, so the previous content
 * is never lost to a partial write.  A replaced file keeps its permission
 * bits; a new one gets 0666 less the umask.  Targets that exist and are
 * not regular files (devices, FIFOs, folders) are refused.
 */
#ifndef HEADROOM_TEXTFILE_H
#define HEADROOM_TEXTFILE_H

#include <stdbool.h>
#include <stddef.h>

/* Reads a regular file or "-" (at most 64 MiB); NULL with "path: reason" in err.
 * NUL-terminated.  FIFOs, devices and folders are refused without reading. */
char *textfile_read(const char *path, size_t *len, char *err, size_t errlen);
/* 0 on success; -1 with "path: reason" in err, the old file untouched.
 * "-" writes to standard output and reports a failed write. */
int textfile_write_atomic(const char *path, const char *data, size_t len,
    char *err, size_t errlen);
/* How messages name path: "standard input" for "-", else path itself. */
const char *textfile_name(const char *path);
/* True for "-". */
bool textfile_is_stdio(const char *path);

#endif
