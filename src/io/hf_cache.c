/*
 * hf_cache.c - the Hugging Face hub cache (layout in hf_cache.h).
 * Invariant: every path built here comes from a validated repo id,
 * revision, file name or etag, so nothing escapes the cache folder.
 */
#include "hf_cache.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "core/xalloc.h"
#include "io/textfile.h"

static const char *
env(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? v : NULL;
}

/* $HOME, or -1 when it is unset */
static int
home_dir(char *buf, size_t len)
{
	const char *h = env("HOME");

	if (h == NULL)
		return -1;
	snprintf(buf, len, "%s", h);
	return 0;
}

/* ${var:-$(parent)/leaf}: -1 when var is unset and parent has no answer */
static int
dir_from_env(const char *var, int (*parent)(char *, size_t), const char *leaf,
    char *buf, size_t len)
{
	const char *v = env(var);
	char up[4096];

	if (v != NULL) {
		snprintf(buf, len, "%s", v);
		return 0;
	}
	if (parent(up, sizeof up) != 0)
		return -1;
	return snprintf(buf, len, "%s/%s", up, leaf) < 0 ? -1 : 0;
}

/* ${XDG_CACHE_HOME:-$HOME/.cache} */
static int
user_cache(char *buf, size_t len)
{
	return dir_from_env("XDG_CACHE_HOME", home_dir, ".cache", buf, len);
}

int
hf_home(char *buf, size_t len)
{
	return dir_from_env("HF_HOME", user_cache, "huggingface", buf, len);
}

int
hf_cache_root(char *buf, size_t len)
{
	return dir_from_env("HF_HUB_CACHE", hf_home, "hub", buf, len);
}

static bool
name_char(int c)
{
	return isalnum(c) || c == '.' || c == '_' || c == '-';
}

bool
hf_repo_id_valid(const char *id)
{
	const char *p, *slash = NULL;

	if (id == NULL || *id == '\0' || strlen(id) > 200 || strstr(id, "..") ||
	    strstr(id, "--"))
		return false;
	for (p = id; *p; p++) {
		if (*p == '/') {
			if (slash != NULL || p == id || p[1] == '\0')
				return false;
			slash = p;
		} else if (!name_char((unsigned char)*p)) {
			return false;
		}
	}
	return id[0] != '.' && id[0] != '-' &&
	    (slash == NULL || (slash[1] != '.' && slash[1] != '-'));
}

bool
hf_revision_valid(const char *rev)
{
	const char *p;

	if (rev == NULL || *rev == '\0' || strlen(rev) > 200 || *rev == '/' ||
	    strstr(rev, "..") || strstr(rev, "//") ||
	    rev[strlen(rev) - 1] == '/')
		return false;
	for (p = rev; *p; p++)
		if (!name_char((unsigned char)*p) && *p != '/')
			return false;
	return true;
}

bool
hf_is_commit(const char *rev)
{
	size_t i;

	for (i = 0; i < 40; i++)
		if (!isxdigit((unsigned char)rev[i]) ||
		    isupper((unsigned char)rev[i]))
			return false;
	return rev[40] == '\0';
}

static bool
file_name_valid(const char *name)
{
	return name != NULL && *name != '\0' && *name != '/' &&
	    strstr(name, "..") == NULL && strchr(name, '\\') == NULL;
}

static void
repo_dir(const char *root, const char *repo, char *buf, size_t len)
{
	size_t o = (size_t)snprintf(buf, len, "%s/models--", root);
	const char *p;

	for (p = repo; *p && o + 3 < len; p++) {
		if (*p == '/') {
			buf[o++] = '-';
			buf[o++] = '-';
		} else {
			buf[o++] = *p;
		}
	}
	buf[o < len ? o : len - 1] = '\0';
}

/* mkdir -p of the folder that holds path (path itself not created). */
static int
make_parents(const char *path, char *err, size_t errlen)
{
	char d[4200];
	char *p;

	snprintf(d, sizeof d, "%s", path);
	for (p = d + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(d, 0755) != 0 && errno != EEXIST) {
			snprintf(err, errlen, "%s: %s", d, strerror(errno));
			return -1;
		}
		*p = '/';
	}
	return 0;
}

int
hf_cache_snapshot(const char *root, const char *repo, const char *rev,
    char *dir, size_t dirlen, char *commit, char *err, size_t errlen)
{
	char base[4096], path[4400], e2[256];
	struct stat sb;
	char *text;

	if (rev == NULL)
		rev = "main";
	if (!hf_repo_id_valid(repo) || !hf_revision_valid(rev)) {
		snprintf(err, errlen,
		    "'%s' at '%s' is not a Hub repo id and revision", repo,
		    rev);
		return -1;
	}
	repo_dir(root, repo, base, sizeof base);
	if (stat(base, &sb) != 0) {
		snprintf(err, errlen,
		    "%s is not in the Hugging Face cache (%s)", repo, root);
		return 1;
	}
	snprintf(path, sizeof path, "%s/refs/%s", base, rev);
	text = textfile_read(path, NULL, e2, sizeof e2);
	if (text != NULL) {
		size_t n = strcspn(text, " \t\r\n");

		text[n] = '\0';
		if (!hf_is_commit(text)) {
			snprintf(err, errlen, "%s: not a commit hash", path);
			free(text);
			return -1;
		}
		memcpy(commit, text, 41);
		free(text);
	} else if (hf_is_commit(rev)) {
		memcpy(commit, rev, 41);
	} else {
		snprintf(err, errlen,
		    "%s: the cache has no revision '%s' (no %s)", repo, rev,
		    path);
		return 1;
	}
	snprintf(dir, dirlen, "%s/snapshots/%s", base, commit);
	if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		snprintf(err, errlen,
		    "%s: revision '%s' (commit %s) has no snapshot "
		    "in the cache (no %s)",
		    repo, rev, commit, dir);
		return 1;
	}
	return 0;
}

static int
store_ref(const char *base, const char *rev, const char *commit, char *err,
    size_t errlen)
{
	char path[4400];

	if (rev == NULL || hf_is_commit(rev))
		return 0;
	snprintf(path, sizeof path, "%s/refs/%s", base, rev);
	if (make_parents(path, err, errlen) != 0)
		return -1;
	return textfile_write_atomic(path, commit, 40, err, errlen);
}

int
hf_cache_store(const char *root, const char *repo, const char *rev,
    const char *commit, const char *name, const char *etag, const void *data,
    size_t len, char *err, size_t errlen)
{
	char base[4096], blob[4400], link[4400], tmp[4500], target[4400];
	const char *p;
	size_t o = 0;
	struct stat sb;

	if (!hf_repo_id_valid(repo) || !hf_is_commit(commit) ||
	    !file_name_valid(name) || etag == NULL || *etag == '\0' ||
	    strlen(etag) > 128) {
		snprintf(err, errlen,
		    "cannot store %s of %s in the cache: bad name", name, repo);
		return -1;
	}
	for (p = etag; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '-') {
			snprintf(err, errlen,
			    "cannot store %s of %s: etag '%s' is not "
			    "a plain name",
			    name, repo, etag);
			return -1;
		}
	repo_dir(root, repo, base, sizeof base);
	snprintf(blob, sizeof blob, "%s/blobs/%s", base, etag);
	if (make_parents(blob, err, errlen) != 0)
		return -1;
	if (stat(blob, &sb) != 0 || (size_t)sb.st_size != len)
		if (textfile_write_atomic(blob, data, len, err, errlen) != 0)
			return -1;
	snprintf(link, sizeof link, "%s/snapshots/%s/%s", base, commit, name);
	if (make_parents(link, err, errlen) != 0)
		return -1;
	/* ../../ per level below snapshots/COMMIT/, then blobs/ETAG */
	o = (size_t)snprintf(target, sizeof target, "../../");
	for (p = name; *p; p++)
		if (*p == '/' && o + 4 < sizeof target)
			o += (size_t)snprintf(target + o, sizeof target - o,
			    "../");
	snprintf(target + o, sizeof target - o, "blobs/%s", etag);
	snprintf(tmp, sizeof tmp, "%s.tmp.%ld", link, (long)getpid());
	unlink(tmp);
	if (symlink(target, tmp) != 0 || rename(tmp, link) != 0) {
		snprintf(err, errlen, "%s: %s", link, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return store_ref(base, rev, commit, err, errlen);
}

int
hf_cache_store_missing(const char *root, const char *repo, const char *rev,
    const char *commit, const char *name, char *err, size_t errlen)
{
	char base[4096], path[4400];

	if (!hf_repo_id_valid(repo) || !hf_is_commit(commit) ||
	    !file_name_valid(name)) {
		snprintf(err, errlen, "cannot record %s of %s: bad name", name,
		    repo);
		return -1;
	}
	repo_dir(root, repo, base, sizeof base);
	snprintf(path, sizeof path, "%s/.no_exist/%s/%s", base, commit, name);
	if (make_parents(path, err, errlen) != 0 ||
	    textfile_write_atomic(path, "", 0, err, errlen) != 0)
		return -1;
	return store_ref(base, rev, commit, err, errlen);
}

bool
hf_cache_known_missing(const char *root, const char *repo, const char *commit,
    const char *name)
{
	char base[4096], path[4400];
	struct stat sb;

	if (!hf_repo_id_valid(repo) || !hf_is_commit(commit) ||
	    !file_name_valid(name))
		return false;
	repo_dir(root, repo, base, sizeof base);
	snprintf(path, sizeof path, "%s/.no_exist/%s/%s", base, commit, name);
	return stat(path, &sb) == 0;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t
hf_cache_list(const char *root, const char *needle, char ***ids)
{
	DIR *d = opendir(root);
	struct dirent *de;
	size_t n = 0, cap = 0;

	*ids = NULL;
	if (d == NULL)
		return 0;
	while ((de = readdir(d)) != NULL) {
		char id[256], *sep;

		if (strncmp(de->d_name, "models--", 8) != 0 ||
		    strlen(de->d_name) > 200)
			continue;
		snprintf(id, sizeof id, "%s", de->d_name + 8);
		sep = strstr(id, "--");
		if (sep != NULL) {
			*sep = '/';
			memmove(sep + 1, sep + 2, strlen(sep + 2) + 1);
		}
		if (!hf_repo_id_valid(id))
			continue;
		if (needle != NULL && *needle != '\0' &&
		    strcasestr(id, needle) == NULL)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			*ids = realloc(*ids, cap * sizeof **ids);
			if (*ids == NULL)
				abort();
		}
		(*ids)[n++] = xstrdup(id);
	}
	closedir(d);
	if (n > 1)
		qsort(*ids, n, sizeof **ids, cmp_str);
	return n;
}

static int
weights_path(const char *repo, const char *commit, char *buf, size_t len)
{
	char c[4096], r[300];

	if (!hf_repo_id_valid(repo) || !hf_is_commit(commit) ||
	    user_cache(c, sizeof c) != 0)
		return -1;
	repo_dir("", repo, r, sizeof r);
	snprintf(buf, len, "%s/headroom/hub%s/%s.json", c, r, commit);
	return 0;
}

int64_t
hf_cache_weights_get(const char *repo, const char *commit)
{
	char path[4500], e2[256];
	char *text;
	cJSON *j;
	const cJSON *t;
	int64_t b = -1;

	if (weights_path(repo, commit, path, sizeof path) != 0)
		return -1;
	text = textfile_read(path, NULL, e2, sizeof e2);
	if (text == NULL)
		return -1;
	j = cJSON_Parse(text);
	free(text);
	t = cJSON_GetObjectItemCaseSensitive(j, "safetensors_bytes");
	/* below 2^63: a larger number has no int64_t (its conversion is
	 * undefined) and reads as no record */
	if (cJSON_IsNumber(t) && t->valuedouble >= 0 &&
	    t->valuedouble < 9223372036854775808.0)
		b = (int64_t)t->valuedouble;
	cJSON_Delete(j);
	return b;
}

int
hf_cache_weights_put(const char *repo, const char *commit, int64_t bytes,
    char *err, size_t errlen)
{
	char path[4500], text[256];
	int n;

	if (weights_path(repo, commit, path, sizeof path) != 0) {
		snprintf(err, errlen, "no cache folder for %s", repo);
		return -1;
	}
	if (make_parents(path, err, errlen) != 0)
		return -1;
	n = snprintf(text, sizeof text, "{\"safetensors_bytes\": %lld}\n",
	    (long long)bytes);
	return textfile_write_atomic(path, text, (size_t)n, err, errlen);
}
