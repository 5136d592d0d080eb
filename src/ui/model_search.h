/*
 * model_search.h - models from outside the catalogue in the planner: the
 * Hugging Face cache's repo ids the model search lists after the
 * catalogue, and the models read from the cache or the Hub when chosen.
 * A model read here stays owned here until the planner ends, so plan
 * inputs and the undo stack may point at it.
 */
#ifndef HEADROOM_UI_MODEL_SEARCH_H
#define HEADROOM_UI_MODEL_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/catalogue.h"

struct app;
struct model_search;

/*
 * Lists the cached repo ids that contain q (case-insensitive), leaving out
 * catalogue ids and the id skip; returns the count.  The ids stay valid
 * until the next call.
 */
size_t model_search_cached(struct app *, const char *q, const char *skip);
/* The k-th id of the last listing. */
const char *model_search_id(const struct app *, size_t k);

/*
 * Reads id (a cached repo id, or with hub also the Hub when online) and
 * returns the model and its weight bytes; a model already read is returned
 * again.  The status line shows the fetch while it runs.  Returns 0, or -1
 * with the reason in err.
 */
int model_search_load(struct app *, const char *id, bool hub,
    const struct model **m, int64_t *weight_bytes, char *err, size_t errlen);

/* "cache", "hub" or "local": the pane's mark for a model not in the catalogue. */
const char *model_search_mark(const struct model *m);

/* Sends the Hub's progress lines to the app's status line. */
void model_search_attach(struct app *);

void model_search_free(struct model_search **);

#endif
