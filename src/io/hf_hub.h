/*
 * hf_hub.h - the small files of a Hugging Face Hub repo, fetched over
 * HTTP(S) with libcurl into the cache (hf_cache.h) so the next run needs no
 * network: config.json, hf_quant_config.json, model.safetensors.index.json,
 * params.json; without an index, each safetensors header by HTTP range
 * requests (8 bytes, then the header).  Weights are never downloaded: every
 * body has a size cap and a transfer past it is cut.
 *
 * Environment, as huggingface_hub reads it: HF_ENDPOINT (default
 * https://huggingface.co), HF_TOKEN, else the file HF_TOKEN_PATH, else
 * $HF_HOME/token; HF_HUB_OFFLINE=1 (no network at all);
 * HF_HUB_DOWNLOAD_TIMEOUT and HF_HUB_ETAG_TIMEOUT (seconds, default 10);
 * proxies from http_proxy, https_proxy, no_proxy (libcurl).
 */
#ifndef HEADROOM_HF_HUB_H
#define HEADROOM_HF_HUB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True when HF_HUB_OFFLINE is 1, ON, YES or TRUE (any case). */
bool hf_hub_offline(void);

/* The endpoint: HF_ENDPOINT without a trailing '/', else https://huggingface.co. */
const char *hf_hub_endpoint(char *buf, size_t len);

/*
 * Progress: called with a one-line message when a fetch has taken longer
 * than half a second, then as it goes, and with NULL when it ends.  A
 * non-zero return cancels the fetch (it fails with "cancelled").
 */
typedef int (*hf_hub_progress_fn)(void *ctx, const char *line);
void hf_hub_set_progress(hf_hub_progress_fn fn, void *ctx);

/*
 * Fetches repo at rev (NULL: "main") into the cache at root.  Returns 0
 * with the snapshot folder in dir and the commit in commit (41 bytes);
 * -1 with a message in err: 401/403 (a gated or private repo: how to get
 * access), 404 (no such repo, revision or file), no network, time-out, a
 * truncated header.  *missing is set when the repo or revision does not
 * exist (404), so the caller can say "unknown model".
 */
int hf_hub_fetch(const char *root, const char *repo, const char *rev, char *dir,
    size_t dirlen, char *commit, bool *missing, char *err, size_t errlen);

/*
 * The tensor bytes of repo at commit from its safetensors headers (range
 * requests), recorded for the next run; for a cached snapshot that has the
 * config but no weights.  Returns the bytes (0: no safetensors), or -1
 * with err.
 */
int64_t hf_hub_weights(const char *repo, const char *commit, bool mistral,
    char *err, size_t errlen);

#endif
