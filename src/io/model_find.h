/*
 * model_find.h - a model named by something other than a catalogue id:
 * a local folder, else a Hub repo id found in the Hugging Face cache, else
 * the same id fetched from the Hub (when online).  The catalogue comes
 * first and is looked up by the caller (cli.c); doc/models.md documents the
 * whole order.
 */
#ifndef HEADROOM_MODEL_FIND_H
#define HEADROOM_MODEL_FIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/catalogue.h"
#include "core/plan.h"

enum model_origin {
	MODEL_FROM_FOLDER,
	MODEL_FROM_CACHE,
	MODEL_FROM_HUB
};

struct model_found {
	enum model_origin origin;
	char where[4200]; /* the folder, the cache snapshot, or the Hub URL */
	char commit[41]; /* cache and Hub: the commit planned ("" otherwise) */
};

/*
 * Reads the model id names at revision rev (NULL: "main"; ignored for a
 * folder) into *m (free with model_done()).  *weight_bytes: the exact
 * tensor bytes, 0 when unknown.  Returns 0; 1 when id is nowhere (err says
 * where it looked); -1 when it was found but cannot be planned (a bad
 * config, a gated repo, no network ...), with the reason in err.
 */
int model_find(const char *id, const char *rev, struct model *m,
    int64_t *weight_bytes, struct model_found *found, char *err, size_t errlen);

/* "cache" or "hub" for a model model_find() read from there, else "directory". */
const char *model_find_source(const struct model *m);

/* The report's name of an origin: "directory", "cache" or "hub". */
const char *model_origin_name(enum model_origin);

/* True when m is not one of the catalogue's models (a --model DIR). */
bool model_find_is_local(const struct catalogue *, const struct model *m);
/* "directory", "derived" or "catalogue", from the plan input alone. */
const char *model_find_input_source(const struct catalogue *,
    const struct plan_input *);
/* Where a model from outside the catalogue came from (its source), or NULL. */
const char *model_find_where(const struct catalogue *, const struct model *m);

#endif
