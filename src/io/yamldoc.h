/*
 * yamldoc.h - cJSON trees as a stream of block-style YAML documents, on
 * libyaml's emitter: the cluster files headroom writes (Kubernetes
 * manifests, compose files).  Strings are plain only when YAML can read
 * them back as nothing but that string, otherwise double-quoted with
 * libyaml's escapes, so a value never becomes a number, a boolean, a key
 * or a second line.
 */
#ifndef HEADROOM_YAMLDOC_H
#define HEADROOM_YAMLDOC_H

#include <stddef.h>

#include <cjson/cJSON.h>

/*
 * The documents, each started with "---", after the comment lines of head
 * (one "# " line per line of head, controls escaped; head may be NULL).
 * The caller frees the text; NULL with the reason in err (text that is not
 * UTF-8).
 */
char *yamldoc_emit(const cJSON *const *docs, size_t n, const char *head,
    char *err, size_t errlen);

#endif
