/*
 * lists.h - the rows of the GPU and model lists, as data.  Cards are
 * grouped by family (in catalogue order of first appearance) under a
 * heading row; each card's MIG slices follow it.  Models are filtered by
 * a search text.  Pure: no curses.
 */
#ifndef HEADROOM_UI_LISTS_H
#define HEADROOM_UI_LISTS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/catalogue.h"

enum gpu_row_kind {
	ROW_FAMILY,
	ROW_GPU,
	ROW_MIG
};

struct gpu_row {
	enum gpu_row_kind kind;
	int gpu; /* index into catalogue.gpus */
	int mig; /* index into gpu.mig for ROW_MIG, else -1 */
	const char *family; /* for ROW_FAMILY */
};

/* Fills out[] (when not NULL) with up to max rows; returns the number of rows there are. */
size_t lists_gpu_rows(const struct catalogue *, struct gpu_row *out,
    size_t max);
/*
 * The rows of all[] that match query, into out[] (room for n): a slice
 * when every word of the query is in its card's id, name or family or in
 * the slice's name; a card when it or one of its slices matches; a
 * family heading when one of its cards is kept.  Case-insensitive; an
 * empty query keeps every row.  Returns how many rows out[] holds.
 */
bool lists_gpu_row_matches(const struct catalogue *, const struct gpu_row *,
    const char *query);
size_t lists_gpu_filter(const struct catalogue *, const struct gpu_row *all,
    size_t n, const char *query, struct gpu_row *out);
/* The row of a card or slice, or -1. */
int lists_gpu_find(const struct gpu_row *, size_t n, int gpu, int mig);
/* The next selectable row from row in direction dir (skipping headings); row itself if none. */
int lists_gpu_move(const struct gpu_row *, size_t n, int row, int dir);

/*
 * Models matching query (case-insensitive substring of id, name, family
 * or an alias; every model for an empty query).  Returns how many match;
 * writes up to max indexes into out.
 */
size_t lists_models(const struct catalogue *, const char *query, int *out,
    size_t max);
bool lists_model_matches(const struct model *, const char *query);

#endif
