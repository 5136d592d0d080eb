/*
 * textfile.c - file reading and atomic replacement (see textfile.h).
 * Invariant: the only state is the copy of standard input, read at most
 * once per process.
 */
#include "textfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/xalloc.h"

#define MAX_FILE (64u << 20)
/* a temporary file this much older than a save was left by a killed one */
#define STALE_TMP_SECONDS 60

static char *stdin_text;
static size_t stdin_len;

bool
textfile_is_stdio(const char *path)
{
	return path != NULL && strcmp(path, "-") == 0;
}

const char *
textfile_name(const char *path)
{
	return textfile_is_stdio(path) ? "standard input" : path;
}

/* Reads fd to its end into a new buffer; -1 with errno, or -2 when too large. */
static int
read_fd(int fd, char **out, size_t *outlen)
{
	char *buf = NULL;
	size_t n = 0, cap = 0;

	for (;;) {
		ssize_t r;

		if (n + 65536 + 1 > cap) {
			cap = cap ? cap * 2 : 65536 * 2;
			if (cap > MAX_FILE + 65536 + 1)
				cap = MAX_FILE + 65536 + 1;
			buf = xrealloc(buf, cap);
		}
		r = read(fd, buf + n, cap - n - 1);
		if (r < 0) {
			int e = errno;

			if (e == EINTR)
				continue;
			free(buf);
			errno = e;
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (n > MAX_FILE) {
			free(buf);
			return -2;
		}
	}
	buf[n] = '\0';
	*out = buf;
	*outlen = n;
	return 0;
}

static char *
read_stdin(size_t *len, char *err, size_t errlen)
{
	char *copy;

	if (stdin_text == NULL) {
		int r = read_fd(STDIN_FILENO, &stdin_text, &stdin_len);

		if (r == -2) {
			snprintf(err, errlen,
			    "standard input: larger than 64 MiB");
			return NULL;
		}
		if (r != 0) {
			snprintf(err, errlen, "standard input: %s",
			    strerror(errno));
			return NULL;
		}
	}
	copy = xmalloc(stdin_len + 1);
	memcpy(copy, stdin_text, stdin_len + 1);
	if (len)
		*len = stdin_len;
	return copy;
}

char *
textfile_read(const char *path, size_t *len, char *err, size_t errlen)
{
	struct stat st;
	char *buf;
	size_t n;
	int fd, r;

	if (textfile_is_stdio(path))
		return read_stdin(len, err, errlen);
	/* O_NONBLOCK: opening a FIFO for reading must not wait for a writer */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: %s", path,
		    S_ISDIR(st.st_mode) ? "is a folder, not a file"
					: "not a regular file (use - to read "
					  "standard input)");
		close(fd);
		return NULL;
	}
	if ((uintmax_t)st.st_size > MAX_FILE) {
		snprintf(err, errlen, "%s: larger than 64 MiB", path);
		close(fd);
		return NULL;
	}
	r = read_fd(fd, &buf, &n);
	if (r == -2)
		snprintf(err, errlen, "%s: larger than 64 MiB", path);
	else if (r != 0)
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
	close(fd);
	if (r != 0)
		return NULL;
	if (len)
		*len = n;
	return buf;
}

static int
write_all(int fd, const char *data, size_t len)
{
	size_t off = 0;

	while (off < len) {
		ssize_t w = write(fd, data + off, len - off);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		off += (size_t)w;
	}
	return 0;
}

static int
write_stdout(const char *data, size_t len, char *err, size_t errlen)
{
	fflush(stdout);
	if (write_all(STDOUT_FILENO, data, len) != 0) {
		snprintf(err, errlen, "standard output: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * The file a save really replaces: path itself, or the end of its chain
 * of symbolic links (which may not exist yet).  -1 on a loop.
 */
static int
resolve_target(const char *path, char *out, size_t len, char *err,
    size_t errlen)
{
	char cur[PATH_MAX], link[PATH_MAX];
	int hops;

	snprintf(cur, sizeof cur, "%s", path);
	for (hops = 0; hops < 40; hops++) {
		struct stat st;
		ssize_t n;

		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
			snprintf(out, len, "%s", cur);
			return 0;
		}
		n = readlink(cur, link, sizeof link - 1);
		if (n < 0) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return -1;
		}
		link[n] = '\0';
		if (link[0] == '/' || strchr(cur, '/') == NULL) {
			snprintf(cur, sizeof cur, "%s", link);
		} else {
			char dir[PATH_MAX];

			snprintf(dir, sizeof dir, "%s", cur);
			*strrchr(dir, '/') = '\0';
			if ((size_t)snprintf(cur, sizeof cur, "%s/%s", dir,
				link) >= sizeof cur) {
				snprintf(err, errlen,
				    "%s: link target too long", path);
				return -1;
			}
		}
	}
	snprintf(err, errlen, "%s: too many levels of symbolic links", path);
	return -1;
}

/* Removes temporary files of path that a killed save left behind. */
static void
clean_stale(const char *target)
{
	char dir[PATH_MAX], full[PATH_MAX + 300];
	const char *base = strrchr(target, '/');
	size_t blen;
	struct dirent *de;
	time_t now = time(NULL);
	DIR *d;

	if (base != NULL) {
		snprintf(dir, sizeof dir, "%.*s", (int)(base - target), target);
		if (dir[0] == '\0')
			snprintf(dir, sizeof dir, "/");
		base++;
	} else {
		snprintf(dir, sizeof dir, ".");
		base = target;
	}
	blen = strlen(base);
	if ((d = opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		struct stat st;

		if (strncmp(de->d_name, base, blen) != 0 ||
		    strncmp(de->d_name + blen, ".tmp.", 5) != 0 ||
		    strlen(de->d_name + blen + 5) != 6)
			continue;
		snprintf(full, sizeof full, "%s/%s", dir, de->d_name);
		if (lstat(full, &st) == 0 && S_ISREG(st.st_mode) &&
		    now - st.st_mtime > STALE_TMP_SECONDS)
			unlink(full);
	}
	closedir(d);
}

int
textfile_write_atomic(const char *path, const char *data, size_t len, char *err,
    size_t errlen)
{
	char target[PATH_MAX], tmp[PATH_MAX + 16];
	struct stat st;
	mode_t mode, mask;
	int fd;

	if (textfile_is_stdio(path))
		return write_stdout(data, len, err, errlen);
	if (resolve_target(path, target, sizeof target, err, errlen) != 0)
		return -1;
	if (stat(target, &st) == 0) {
		if (!S_ISREG(st.st_mode)) {
			snprintf(err, errlen,
			    "%s: not a regular file; headroom writes "
			    "only regular files (use - for standard output)",
			    path);
			return -1;
		}
		mode = st.st_mode & 07777;
	} else {
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	clean_stale(target);
	snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", target);
	fd = mkstemp(tmp);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create a temporary file: %s",
		    path, strerror(errno));
		return -1;
	}
	if (write_all(fd, data, len) != 0 || fchmod(fd, mode) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	if (fsync(fd) != 0 || close(fd) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	if (rename(tmp, target) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}
