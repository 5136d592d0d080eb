/*
 * hf_cache.h - the Hugging Face hub cache on disk, laid out as
 * huggingface_hub lays it out, so vLLM and headroom share one cache:
 *
 *   ROOT/models--ORG--NAME/refs/REVISION         the commit a branch or tag is at
 *   ROOT/models--ORG--NAME/snapshots/COMMIT/FILE  a symlink to ../../blobs/ETAG
 *   ROOT/models--ORG--NAME/blobs/ETAG             the file's bytes
 *   ROOT/models--ORG--NAME/.no_exist/COMMIT/FILE  FILE is known not to exist
 *
 * ROOT is HF_HUB_CACHE, else HF_HOME/hub, else $XDG_CACHE_HOME/huggingface/hub,
 * else ~/.cache/huggingface/hub.  Writes go through a temporary file and a
 * rename, so a reader never sees half a file.  Headroom's own record of
 * the safetensors header sizes it read over the network lives apart, in
 * ${XDG_CACHE_HOME:-~/.cache}/headroom/hub/, never as a partial weight file
 * in the shared cache.
 */
#ifndef HEADROOM_HF_CACHE_H
#define HEADROOM_HF_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The cache root along the order above; 0, or -1 when no HOME is set. */
int hf_cache_root(char *buf, size_t len);

/* The Hugging Face folder (HF_HOME, else $XDG_CACHE_HOME/huggingface, else ~/.cache/huggingface). */
int hf_home(char *buf, size_t len);

/* True for NAME or ORG/NAME made of letters, digits, '.', '_', '-' (no "..", no "--"). */
bool hf_repo_id_valid(const char *id);

/* True for a branch, tag or commit name safe in a path (no "..", no leading '/'). */
bool hf_revision_valid(const char *rev);

/* True for 40 lowercase hex digits. */
bool hf_is_commit(const char *rev);

/*
 * The snapshot folder of repo at rev (NULL means "main"): the commit from
 * refs/REV, or REV itself when it is a commit hash.  Returns 0 with the
 * folder in dir and the commit in commit (41 bytes), 1 when the cache has no
 * such snapshot (err says what is missing), -1 on an unreadable entry.
 */
int hf_cache_snapshot(const char *root, const char *repo, const char *rev,
    char *dir, size_t dirlen, char *commit, char *err, size_t errlen);

/*
 * Stores one file of repo at commit: blobs/ETAG (etag: letters, digits and
 * '-' only), the snapshot symlink to it, and refs/REV when rev is a branch
 * or tag.  Returns 0, or -1 with "path: reason" in err.
 */
int hf_cache_store(const char *root, const char *repo, const char *rev,
    const char *commit, const char *name, const char *etag, const void *data,
    size_t len, char *err, size_t errlen);

/* Records that repo has no file name at commit (.no_exist), and refs/REV. */
int hf_cache_store_missing(const char *root, const char *repo, const char *rev,
    const char *commit, const char *name, char *err, size_t errlen);

/* True when the cache knows repo has no file name at commit. */
bool hf_cache_known_missing(const char *root, const char *repo,
    const char *commit, const char *name);

/*
 * Repo ids of the models in the cache whose id contains needle (case-
 * insensitive; "" lists all), sorted.  *ids is allocated (free each and
 * the array); returns the count.
 */
size_t hf_cache_list(const char *root, const char *needle, char ***ids);

/*
 * Headroom's record of the tensor bytes of repo at commit, read from the
 * safetensors headers over the network: the total, or -1 when none.
 */
int64_t hf_cache_weights_get(const char *repo, const char *commit);
/* Saves that record (atomically); 0, or -1 with err. */
int hf_cache_weights_put(const char *repo, const char *commit, int64_t bytes,
    char *err, size_t errlen);

#endif
