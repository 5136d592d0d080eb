/*
 * hf_hub.c - the Hub over libcurl (hf_hub.h).
 * Invariants: redirects are followed here, one hop at a time, and the
 * token goes only to the endpoint's own scheme, host and port (as
 * huggingface_hub does), never to a CDN; no body is kept past its cap, so
 * a weight file is never downloaded; what is fetched lands in the cache
 * through temporary files and renames.
 */
#include "hf_hub.h"

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <curl/curl.h>

#include "config.h"
#include "core/units.h"
#include "io/filestamp.h"
#include "io/hf_cache.h"
#include "io/model_dir.h"
#include "io/textfile.h"

#define MAX_JSON (32u << 20) /* config, index, API answer */
#define MAX_HEADER (100u << 20) /* a safetensors header (model_dir.c) */
#define MAX_HOPS 10
#define PROGRESS_AFTER 0.5 /* seconds before the progress line shows */

struct resp {
	long status;
	char *body;
	size_t len, cap;
	bool cut; /* the cap was reached */
	char commit[64], etag[160], error_code[64], error_msg[256];
};

struct fetch {
	const char *repo, *endpoint;
	char token[512];
	char origin[512]; /* scheme://host:port of the endpoint */
	long timeout_ms, connect_ms;
	double t0;
	const char *what; /* the file being fetched, for progress */
	bool shown, cancelled;
};

static hf_hub_progress_fn progress_fn;
static void *progress_ctx;
static bool progress_set;

void
hf_hub_set_progress(hf_hub_progress_fn fn, void *ctx)
{
	progress_fn = fn;
	progress_ctx = ctx;
	progress_set = true;
}

static int
stderr_progress(void *ctx, const char *line)
{
	static int width;

	(void)ctx;
	if (line == NULL) {
		fprintf(stderr, "\r%*s\r", width, "");
		width = 0;
	} else {
		int n = fprintf(stderr, "\r%s", line) - 1;

		if (n < width)
			fprintf(stderr, "%*s", width - n, "");
		if (n > width)
			width = n;
	}
	fflush(stderr);
	return 0;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char *
env(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' ? v : NULL;
}

bool
hf_hub_offline(void)
{
	const char *v = env("HF_HUB_OFFLINE");

	return v != NULL &&
	    (strcmp(v, "1") == 0 || strcasecmp(v, "on") == 0 ||
		strcasecmp(v, "yes") == 0 || strcasecmp(v, "true") == 0);
}

const char *
hf_hub_endpoint(char *buf, size_t len)
{
	const char *e = env("HF_ENDPOINT");
	size_t n;

	snprintf(buf, len, "%s", e ? e : "https://huggingface.co");
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '/')
		buf[--n] = '\0';
	return buf;
}

static long
seconds_ms(const char *name, long def)
{
	const char *v = env(name);
	char *end;
	double d;

	if (v == NULL)
		return def;
	d = units_strtod(v, &end);
	return *end == '\0' && d > 0 && d < 86400 ? (long)(d * 1000) : def;
}

/* HF_TOKEN, else the token file (HF_TOKEN_PATH, else $HF_HOME/token). */
static void
read_token(char *buf, size_t len)
{
	const char *t = env("HF_TOKEN");
	char path[4200], e2[256];
	char *text;
	size_t n;

	buf[0] = '\0';
	if (t != NULL) {
		snprintf(buf, len, "%s", t);
	} else {
		const char *p = env("HF_TOKEN_PATH");

		if (p != NULL)
			snprintf(path, sizeof path, "%s", p);
		else if (hf_home(path, sizeof path - 8) == 0)
			strcat(path, "/token");
		else
			return;
		text = textfile_read(path, NULL, e2, sizeof e2);
		if (text == NULL)
			return;
		snprintf(buf, len, "%s", text);
		free(text);
	}
	/* whitespace around it (a newline at the end of the file) is not part of it */
	n = strlen(buf);
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	n = strspn(buf, " \t\r\n");
	memmove(buf, buf + n, strlen(buf + n) + 1);
	if (strpbrk(buf, "\r\n") != NULL) /* never a header injection */
		buf[0] = '\0';
}

/* scheme://host:port of url, lowercased; "" when it does not parse. */
static void
url_origin(const char *url, char *buf, size_t len)
{
	CURLU *u = curl_url();
	char *scheme = NULL, *host = NULL, *port = NULL;
	char *p;

	buf[0] = '\0';
	if (u == NULL)
		return;
	if (curl_url_set(u, CURLUPART_URL, url, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_HOST, &host, 0) == CURLUE_OK &&
	    curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT) ==
		CURLUE_OK)
		snprintf(buf, len, "%s://%s:%s", scheme, host, port);
	curl_free(scheme);
	curl_free(host);
	curl_free(port);
	curl_url_cleanup(u);
	for (p = buf; *p; p++)
		*p = (char)tolower((unsigned char)*p);
}

/* Appends s percent-encoded (unreserved characters kept; '/' kept when keep_slash). */
static void
put_encoded(char *buf, size_t len, const char *s, bool keep_slash)
{
	size_t o = strlen(buf);

	for (; *s && o + 4 < len; s++) {
		unsigned char c = (unsigned char)*s;

		if (isalnum(c) || c == '-' || c == '_' || c == '.' ||
		    c == '~' || (keep_slash && c == '/'))
			buf[o++] = (char)c;
		else
			o += (size_t)snprintf(buf + o, len - o, "%%%02X", c);
	}
	buf[o] = '\0';
}

static size_t
on_body(char *data, size_t size, size_t n, void *ctx)
{
	struct resp *r = ctx;
	size_t add = size * n, room = r->cap - r->len;

	if (add > room) {
		add = room;
		r->cut = true;
	}
	if (add > 0) {
		char *b = realloc(r->body, r->len + add + 1);

		if (b == NULL)
			abort();
		r->body = b;
		memcpy(r->body + r->len, data, add);
		r->len += add;
		r->body[r->len] = '\0';
	}
	return r->cut ? 0 : size * n;
}

/* Copies a header's value (trimmed, quotes and W/ dropped for etags). */
static void
header_value(const char *line, size_t n, size_t skip, char *out, size_t len,
    bool etag)
{
	const char *v = line + skip, *end = line + n;

	while (v < end && isspace((unsigned char)*v))
		v++;
	while (end > v && isspace((unsigned char)end[-1]))
		end--;
	if (etag) {
		if (end - v >= 2 && strncmp(v, "W/", 2) == 0)
			v += 2;
		if (end - v >= 2 && *v == '"' && end[-1] == '"') {
			v++;
			end--;
		}
	}
	snprintf(out, len, "%.*s", (int)(end - v), v);
}

/* The response headers read, each into its field of struct resp. */
static const struct {
	const char *key; /* lower case, with its ':' */
	size_t off, size;
	bool first; /* only while the field is empty */
	bool quoted; /* an ETag: its quotes dropped */
} resp_headers[] = {
	/* values from the first response of a redirect chain win (the Hub's own) */
	{ "x-repo-commit:", offsetof(struct resp, commit),
	    sizeof((struct resp *)0)->commit, true, false },
	{ "x-linked-etag:", offsetof(struct resp, etag),
	    sizeof((struct resp *)0)->etag, false, true },
	{ "etag:", offsetof(struct resp, etag), sizeof((struct resp *)0)->etag,
	    true, true },
	{ "x-error-code:", offsetof(struct resp, error_code),
	    sizeof((struct resp *)0)->error_code, false, false },
	{ "x-error-message:", offsetof(struct resp, error_msg),
	    sizeof((struct resp *)0)->error_msg, false, false },
};

static size_t
on_header(char *line, size_t size, size_t n, void *ctx)
{
	struct resp *r = ctx;
	size_t len = size * n, i, k;

	for (i = 0; i < sizeof resp_headers / sizeof resp_headers[0]; i++) {
		char *field = (char *)r + resp_headers[i].off;

		k = strlen(resp_headers[i].key);
		if (len <= k || strncasecmp(line, resp_headers[i].key, k) != 0)
			continue;
		if (!resp_headers[i].first || field[0] == '\0')
			header_value(line, len, k, field, resp_headers[i].size,
			    resp_headers[i].quoted);
		break;
	}
	return len;
}

static int
on_progress(void *ctx, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
    curl_off_t ulnow)
{
	struct fetch *f = ctx;
	hf_hub_progress_fn fn = progress_set ? progress_fn
	    : isatty(STDERR_FILENO)          ? stderr_progress
					     : NULL;
	char line[300];

	(void)dltotal;
	(void)ultotal;
	(void)ulnow;
	if (fn == NULL || now() - f->t0 < PROGRESS_AFTER)
		return 0;
	snprintf(line, sizeof line,
	    "headroom: fetching %s %s from %s ... %lld KiB", f->repo, f->what,
	    f->endpoint, (long long)(dlnow / 1024));
	f->shown = true;
	if (fn(progress_set ? progress_ctx : NULL, line) != 0) {
		f->cancelled = true;
		return 1; /* libcurl ends the transfer */
	}
	return 0;
}

/*
 * GET url (bytes [from, to] when to >= 0) into r, following redirects by
 * hand.  Returns the curl code; r->status is the last HTTP status.
 */
static CURLcode
http_get(struct fetch *f, const char *url0, long long from, long long to,
    size_t cap, struct resp *r)
{
	char url[4200], origin[512], hdr[700];
	CURLcode rc = CURLE_OK;
	int hop;

	memset(r, 0, sizeof *r);
	r->cap = cap;
	snprintf(url, sizeof url, "%s", url0);
	for (hop = 0; hop <= MAX_HOPS; hop++) {
		CURL *c = curl_easy_init();
		struct curl_slist *h = NULL;
		char *loc = NULL;

		if (c == NULL)
			return CURLE_FAILED_INIT;
		free(r->body);
		r->body = NULL;
		r->len = 0;
		r->cut = false;
		url_origin(url, origin, sizeof origin);
		if (f->token[0] != '\0' && origin[0] != '\0' &&
		    strcmp(origin, f->origin) == 0) {
			snprintf(hdr, sizeof hdr, "Authorization: Bearer %s",
			    f->token);
			h = curl_slist_append(h, hdr);
		}
		if (to >= 0) {
			snprintf(hdr, sizeof hdr, "Range: bytes=%lld-%lld",
			    from, to);
			h = curl_slist_append(h, hdr);
		}
		curl_easy_setopt(c, CURLOPT_URL, url);
		curl_easy_setopt(c, CURLOPT_HTTPHEADER, h);
		curl_easy_setopt(c, CURLOPT_USERAGENT,
		    "headroom/" PACKAGE_VERSION);
		curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
		curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
		curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, f->connect_ms);
		curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, f->timeout_ms);
		curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
		curl_easy_setopt(c, CURLOPT_WRITEDATA, r);
		curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
		curl_easy_setopt(c, CURLOPT_HEADERDATA, r);
		curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
		curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, on_progress);
		curl_easy_setopt(c, CURLOPT_XFERINFODATA, f);
#if LIBCURL_VERSION_NUM >= 0x075500
		curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
#endif
		rc = curl_easy_perform(c);
		curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &r->status);
		if (rc == CURLE_WRITE_ERROR && r->cut)
			rc = CURLE_OK; /* our cap, not the network */
		if (rc == CURLE_OK && r->status >= 300 && r->status < 400 &&
		    curl_easy_getinfo(c, CURLINFO_REDIRECT_URL, &loc) ==
			CURLE_OK &&
		    loc) {
			snprintf(url, sizeof url, "%s", loc);
			curl_slist_free_all(h);
			curl_easy_cleanup(c);
			continue;
		}
		curl_slist_free_all(h);
		curl_easy_cleanup(c);
		return rc;
	}
	r->status = 0;
	return CURLE_TOO_MANY_REDIRECTS;
}

static void
resp_done(struct resp *r)
{
	free(r->body);
	r->body = NULL;
}

/* Turns a failed answer into a message; *missing when the repo/revision is not there. */
static void
explain(const struct fetch *f, CURLcode rc, const struct resp *r,
    const char *url, const char *rev, bool *missing, char *err, size_t errlen)
{
	if (rc == CURLE_ABORTED_BY_CALLBACK && f->cancelled) {
		snprintf(err, errlen, "fetching %s from %s: cancelled", f->repo,
		    f->endpoint);
	} else if (rc == CURLE_OPERATION_TIMEDOUT) {
		snprintf(err, errlen,
		    "%s: no answer within %.1f s (HF_HUB_DOWNLOAD_TIMEOUT "
		    "sets the time-out; HF_HUB_OFFLINE=1 plans from the cache "
		    "only)",
		    url, (double)f->timeout_ms / 1000);
	} else if (rc == CURLE_COULDNT_RESOLVE_HOST ||
	    rc == CURLE_COULDNT_CONNECT || rc == CURLE_COULDNT_RESOLVE_PROXY) {
		snprintf(err, errlen,
		    "cannot reach %s (%s): no network? HF_HUB_OFFLINE=1 "
		    "plans from the Hugging Face cache only",
		    f->endpoint, curl_easy_strerror(rc));
	} else if (rc == CURLE_TOO_MANY_REDIRECTS) {
		snprintf(err, errlen, "%s: more than %d redirects", url,
		    MAX_HOPS);
	} else if (rc != CURLE_OK) {
		snprintf(err, errlen, "%s: %s", url, curl_easy_strerror(rc));
	} else if (strcmp(r->error_code, "GatedRepo") == 0 ||
	    r->status == 403 ||
	    (r->status == 401 && strcmp(r->error_code, "RepoNotFound") != 0 &&
		f->token[0] == '\0')) {
		snprintf(err, errlen,
		    "%s is gated or private (HTTP %ld%s%s): accept its "
		    "licence or ask for access on %s/%s, then set HF_TOKEN (or "
		    "the token "
		    "file, HF_TOKEN_PATH) to a token of that account%s",
		    f->repo, r->status, r->error_msg[0] ? ": " : "",
		    r->error_msg, f->endpoint, f->repo,
		    f->token[0] ? "; the token given was refused" : "");
	} else if (r->status == 401 ||
	    strcmp(r->error_code, "RepoNotFound") == 0) {
		*missing = true;
		snprintf(err, errlen,
		    "no repo %s on %s (or it is private: set HF_TOKEN)",
		    f->repo, f->endpoint);
	} else if (strcmp(r->error_code, "RevisionNotFound") == 0) {
		*missing = true;
		snprintf(err, errlen, "%s has no revision '%s' on %s", f->repo,
		    rev, f->endpoint);
	} else if (r->status == 404) {
		*missing = true;
		snprintf(err, errlen,
		    "%s: not found (no such repo, revision or file; "
		    "HTTP 404)",
		    url);
	} else {
		snprintf(err, errlen, "%s: HTTP %ld%s%s", url, r->status,
		    r->error_msg[0] ? ": " : "", r->error_msg);
	}
}

static void
resolve_url(const struct fetch *f, const char *rev, const char *file, char *buf,
    size_t len)
{
	snprintf(buf, len, "%s/%s/resolve/", f->endpoint, f->repo);
	put_encoded(buf, len, rev, false);
	strncat(buf, "/", len - strlen(buf) - 1);
	put_encoded(buf, len, file, true);
}

/* A blob name for a file the server gave no etag for: FNV-1a of its bytes. */
static void
etag_or_hash(const struct resp *r, char *buf, size_t len)
{
	const char *p;

	for (p = r->etag; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '-')
			break;
	if (r->etag[0] != '\0' && *p == '\0')
		snprintf(buf, len, "%s", r->etag);
	else
		snprintf(buf, len, "fnv1a-%016llx",
		    (unsigned long long)filestamp_hash(r->body, r->len));
}

static bool
sibling(const cJSON *sibs, const char *name)
{
	const cJSON *s;

	cJSON_ArrayForEach(s, sibs) {
		const cJSON *n =
		    cJSON_GetObjectItemCaseSensitive(s, "rfilename");

		if (cJSON_IsString(n) && strcmp(n->valuestring, name) == 0)
			return true;
	}
	return false;
}

/* The first range request: the header's length from the file's first
 * eight bytes (little-endian); -1 with err when not plausible. */
static int
remote_header_length(struct fetch *f, const char *url, const char *commit,
    uint64_t *hlen, char *err, size_t errlen)
{
	struct resp r;
	CURLcode rc;
	bool missing = false;
	int i;

	rc = http_get(f, url, 0, 7, 8, &r);
	if (rc != CURLE_OK || (r.status != 206 && r.status != 200)) {
		explain(f, rc, &r, url, commit, &missing, err, errlen);
		resp_done(&r);
		return -1;
	}
	if (r.len < 8) {
		snprintf(err, errlen, "%s: too short for a safetensors header",
		    url);
		resp_done(&r);
		return -1;
	}
	*hlen = 0;
	for (i = 7; i >= 0; i--)
		*hlen = *hlen << 8 | (unsigned char)r.body[i];
	resp_done(&r);
	if (*hlen == 0 || *hlen > MAX_HEADER) {
		snprintf(err, errlen, "%s: header length %llu is not plausible",
		    url, (unsigned long long)*hlen);
		return -1;
	}
	return 0;
}

/* The second range request: the hlen bytes of the header into r (the
 * caller's to free on success); -1 with err. */
static int
remote_header_body(struct fetch *f, const char *url, const char *commit,
    uint64_t hlen, struct resp *r, char *err, size_t errlen)
{
	CURLcode rc;
	bool missing = false;

	rc = http_get(f, url, 8, 8 + (long long)hlen - 1, (size_t)hlen, r);
	if (rc != CURLE_OK || (r->status != 206 && r->status != 200)) {
		explain(f, rc, r, url, commit, &missing, err, errlen);
		resp_done(r);
		return -1;
	}
	if (r->status == 200) {
		/* a server that ignores Range sends the file from byte 0 */
		snprintf(err, errlen,
		    "%s: the server ignored the range request", url);
		resp_done(r);
		return -1;
	}
	if (r->len != hlen) {
		snprintf(err, errlen,
		    "%s: header is cut short (%zu of %llu bytes)", url, r->len,
		    (unsigned long long)hlen);
		resp_done(r);
		return -1;
	}
	return 0;
}

/* Tensor bytes of a header of hlen bytes: the one header parser
 * (model_dir.c) reads it from a small file. */
static int64_t
remote_header_bytes(const char *url, uint64_t hlen, const char *body, size_t n,
    char *err, size_t errlen)
{
	char tmp[8], path[] = "/tmp/headroom-st-XXXXXX";
	int i, fd;
	int64_t b;
	FILE *out;

	fd = mkstemp(path);
	out = fd >= 0 ? fdopen(fd, "wb") : NULL;
	if (out == NULL) {
		snprintf(err, errlen, "cannot create a temporary file");
		return -1;
	}
	for (i = 0; i < 8; i++)
		tmp[i] = (char)(hlen >> (8 * i) & 0xff);
	fwrite(tmp, 1, 8, out);
	fwrite(body, 1, n, out);
	if (fclose(out) != 0) {
		unlink(path);
		snprintf(err, errlen, "cannot write a temporary file");
		return -1;
	}
	b = model_dir_safetensors_bytes(path, err, errlen);
	unlink(path);
	if (b < 0) {
		char e2[600];

		snprintf(e2, sizeof e2, "%s", err);
		snprintf(err, errlen, "%s: %s", url,
		    strchr(e2, ':') ? strchr(e2, ':') + 2 : e2);
	}
	return b;
}

/* Tensor bytes of one remote .safetensors file from two range requests. */
static int64_t
remote_header(struct fetch *f, const char *commit, const char *file, char *err,
    size_t errlen)
{
	char url[4200];
	struct resp r;
	uint64_t hlen;
	int64_t b;

	resolve_url(f, commit, file, url, sizeof url);
	f->what = file;
	if (remote_header_length(f, url, commit, &hlen, err, errlen) != 0 ||
	    remote_header_body(f, url, commit, hlen, &r, err, errlen) != 0)
		return -1;
	b = remote_header_bytes(url, hlen, r.body, r.len, err, errlen);
	resp_done(&r);
	return b;
}

/* Fetches one small file into the cache; 1 when it does not exist. */
static int
fetch_file(struct fetch *f, const char *root, const char *rev,
    const char *commit, const char *file, bool *missing, char *err,
    size_t errlen)
{
	char url[4200], blob[200];
	struct resp r;
	CURLcode rc;
	int ret = 0;

	resolve_url(f, commit, file, url, sizeof url);
	f->what = file;
	rc = http_get(f, url, 0, -1, MAX_JSON, &r);
	if (rc == CURLE_OK && r.status == 404 &&
	    strcmp(r.error_code, "EntryNotFound") == 0) {
		resp_done(&r);
		hf_cache_store_missing(root, f->repo, rev, commit, file, err,
		    errlen);
		return 1;
	}
	if (rc != CURLE_OK || r.status != 200) {
		explain(f, rc, &r, url, rev, missing, err, errlen);
		resp_done(&r);
		return -1;
	}
	if (r.cut) {
		snprintf(err, errlen,
		    "%s: larger than %u MiB, not a config file", url,
		    MAX_JSON >> 20);
		resp_done(&r);
		return -1;
	}
	etag_or_hash(&r, blob, sizeof blob);
	if (hf_cache_store(root, f->repo, rev, commit, file, blob,
		r.body ? r.body : "", r.len, err, errlen) != 0) {
		size_t n = strlen(err);

		snprintf(err + n, errlen - n,
		    " (the Hugging Face cache %s must be "
		    "writable; HF_HUB_CACHE names another)",
		    root);
		ret = -1;
	}
	resp_done(&r);
	return ret;
}

/* Sets up a fetch of repo; -1 with err when offline or the id is not one. */
static int
fetch_init(struct fetch *f, const char *repo, const char *rev, char *endpoint,
    size_t eplen, char *err, size_t errlen)
{
	static bool curl_ready;

	if (hf_hub_offline()) {
		snprintf(err, errlen, "HF_HUB_OFFLINE is set: not fetching %s",
		    repo);
		return -1;
	}
	if (!hf_repo_id_valid(repo) || !hf_revision_valid(rev)) {
		snprintf(err, errlen,
		    "'%s' at '%s' is not a Hub repo id and revision", repo,
		    rev);
		return -1;
	}
	if (!curl_ready) {
		curl_global_init(CURL_GLOBAL_DEFAULT);
		curl_ready = true;
	}
	memset(f, 0, sizeof *f);
	f->repo = repo;
	f->endpoint = hf_hub_endpoint(endpoint, eplen);
	read_token(f->token, sizeof f->token);
	url_origin(f->endpoint, f->origin, sizeof f->origin);
	f->timeout_ms = seconds_ms("HF_HUB_DOWNLOAD_TIMEOUT", 10000);
	f->connect_ms = seconds_ms("HF_HUB_ETAG_TIMEOUT", 10000);
	f->t0 = now();
	return 0;
}

static void
fetch_done(struct fetch *f)
{
	if (f->shown && (progress_set ? progress_fn != NULL : true))
		(progress_set ? progress_fn : stderr_progress)(progress_ctx,
		    NULL);
	f->shown = false;
}

/* The API's answer for rev: the commit (41 bytes) and the siblings. */
static cJSON *
api_revision(struct fetch *f, const char *rev, char *commit, const cJSON **sibs,
    bool *missing, char *err, size_t errlen)
{
	char url[4200];
	struct resp r;
	CURLcode rc;
	cJSON *api;
	const cJSON *sha;

	f->what = "file list";
	snprintf(url, sizeof url, "%s/api/models/%s/revision/", f->endpoint,
	    f->repo);
	put_encoded(url, sizeof url, rev, false);
	rc = http_get(f, url, 0, -1, MAX_JSON, &r);
	if (rc != CURLE_OK || r.status != 200) {
		explain(f, rc, &r, url, rev, missing, err, errlen);
		resp_done(&r);
		return NULL;
	}
	api = r.body && !r.cut ? cJSON_Parse(r.body) : NULL;
	resp_done(&r);
	sha = cJSON_GetObjectItemCaseSensitive(api, "sha");
	*sibs = cJSON_GetObjectItemCaseSensitive(api, "siblings");
	if (!cJSON_IsString(sha) || !hf_is_commit(sha->valuestring) ||
	    !cJSON_IsArray(*sibs)) {
		snprintf(err, errlen,
		    "%s: not the Hub's answer (no commit sha and "
		    "siblings)",
		    url);
		cJSON_Delete(api);
		return NULL;
	}
	snprintf(commit, 41, "%s", sha->valuestring);
	return api;
}

static bool
is_top_safetensors(const cJSON *n)
{
	size_t l = cJSON_IsString(n) ? strlen(n->valuestring) : 0;

	return l > 12 && strcmp(n->valuestring + l - 12, ".safetensors") == 0 &&
	    strchr(n->valuestring, '/') == NULL;
}

/*
 * The tensor bytes of the files vLLM would load, from their headers, and
 * headroom's record of them.  Mistral's format loads consolidated*.safetensors
 * only; the Hugging Face format skips them when other shards exist.
 */
static int
headers_total(struct fetch *f, const char *commit, const cJSON *sibs,
    bool mistral, int64_t *total, char *err, size_t errlen)
{
	const cJSON *s;
	bool any_plain = false;

	*total = 0;
	cJSON_ArrayForEach(s, sibs) {
		const cJSON *n =
		    cJSON_GetObjectItemCaseSensitive(s, "rfilename");

		if (is_top_safetensors(n) &&
		    strncmp(n->valuestring, "consolidated", 12) != 0)
			any_plain = true;
	}
	cJSON_ArrayForEach(s, sibs) {
		const cJSON *n =
		    cJSON_GetObjectItemCaseSensitive(s, "rfilename");
		bool cons;
		int64_t b;

		if (!is_top_safetensors(n))
			continue;
		cons = strncmp(n->valuestring, "consolidated", 12) == 0;
		if (mistral ? !cons : (cons && any_plain))
			continue;
		b = remote_header(f, commit, n->valuestring, err, errlen);
		if (b < 0)
			return -1;
		*total += b;
	}
	/* recorded even when 0, so a repo without safetensors is not asked again */
	if (hf_cache_weights_put(f->repo, commit, *total, err, errlen) != 0)
		return -1;
	return 0;
}

int
hf_hub_fetch(const char *root, const char *repo, const char *rev, char *dir,
    size_t dirlen, char *commit, bool *missing, char *err, size_t errlen)
{
	/* modules.json and the usual Pooling module folder: a sentence-
	 * transformers model vLLM serves on the pooling runner (model_dir.c) */
	static const char *const optional[] = { "hf_quant_config.json",
		"model.safetensors.index.json", "params.json", "modules.json",
		"1_Pooling/config.json",
		/* vLLM's get_sentence_transformer_tokenizer_config names */
		"sentence_bert_config.json", "sentence_roberta_config.json",
		"sentence_distilbert_config.json",
		"sentence_camembert_config.json", "sentence_albert_config.json",
		"sentence_xlm-roberta_config.json",
		"sentence_xlnet_config.json", NULL };
	struct fetch f;
	char endpoint[1024], c2[41];
	cJSON *api = NULL;
	const cJSON *sibs;
	const char *cfg;
	bool mistral;
	int64_t total = 0;
	int i, ret = -1;

	*missing = false;
	if (rev == NULL)
		rev = "main";
	if (fetch_init(&f, repo, rev, endpoint, sizeof endpoint, err, errlen) !=
	    0) {
		*missing = !hf_hub_offline();
		return -1;
	}
	/* the commit and the file list; every file then comes from that commit */
	api = api_revision(&f, rev, commit, &sibs, missing, err, errlen);
	if (api == NULL)
		goto out;
	mistral = !sibling(sibs, "config.json");
	cfg = mistral ? "params.json" : "config.json";
	if (mistral && !sibling(sibs, "params.json")) {
		snprintf(err, errlen,
		    "%s at %s has neither config.json nor params.json: "
		    "not a model headroom can read",
		    repo, rev);
		goto out;
	}
	if (fetch_file(&f, root, rev, commit, cfg, missing, err, errlen) != 0)
		goto out;
	for (i = 0; optional[i]; i++) {
		if (strcmp(optional[i], cfg) == 0)
			continue;
		if (!sibling(sibs, optional[i])) {
			hf_cache_store_missing(root, repo, rev, commit,
			    optional[i], err, errlen);
			continue;
		}
		if (fetch_file(&f, root, rev, commit, optional[i], missing, err,
			errlen) < 0)
			goto out;
	}
	/* without an index: the safetensors headers the model loader would read */
	if ((mistral || !sibling(sibs, "model.safetensors.index.json")) &&
	    headers_total(&f, commit, sibs, mistral, &total, err, errlen) != 0)
		goto out;
	if (hf_cache_snapshot(root, repo, commit, dir, dirlen, c2, err,
		errlen) != 0)
		goto out;
	ret = 0;
out:
	fetch_done(&f);
	cJSON_Delete(api);
	return ret;
}

int64_t
hf_hub_weights(const char *repo, const char *commit, bool mistral, char *err,
    size_t errlen)
{
	struct fetch f;
	char endpoint[1024], c2[41];
	cJSON *api;
	const cJSON *sibs;
	bool missing = false;
	int64_t total = -1;

	if (fetch_init(&f, repo, commit, endpoint, sizeof endpoint, err,
		errlen) != 0)
		return -1;
	api = api_revision(&f, commit, c2, &sibs, &missing, err, errlen);
	if (api != NULL &&
	    headers_total(&f, commit, sibs, mistral, &total, err, errlen) != 0)
		total = -1;
	fetch_done(&f);
	cJSON_Delete(api);
	return total;
}
