/*
 * textfile.c - file reading and atomic replacement.
 */
#include "textfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FILE (64u << 20)

char *
textfile_read(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, r;

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		if (n + 65536 + 1 > cap) {
			cap = cap ? cap * 2 : 65536 * 2;
			if (cap > MAX_FILE + 65536 + 1)
				cap = MAX_FILE + 65536 + 1;
			buf = realloc(buf, cap);
			if (buf == NULL)
				abort();
		}
		r = fread(buf + n, 1, cap - n - 1, f);
		n += r;
		if (r == 0)
			break;
		if (n > MAX_FILE) {
			snprintf(err, errlen, "%s: larger than 64 MiB", path);
			free(buf);
			fclose(f);
			return NULL;
		}
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

int
textfile_write_atomic(const char *path, const char *data, size_t len,
    char *err, size_t errlen)
{
	char tmp[4200];
	size_t off = 0;
	int fd;

	snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path);
	fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create a temporary file: %s", path,
		    strerror(errno));
		return -1;
	}
	while (off < len) {
		ssize_t w = write(fd, data + off, len - off);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			close(fd);
			unlink(tmp);
			return -1;
		}
		off += (size_t)w;
	}
	fchmod(fd, 0644);
	if (fsync(fd) != 0 || close(fd) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	if (rename(tmp, path) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}
