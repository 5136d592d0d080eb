/*
 * compare.h - plans side by side: per-card memory, concurrency, users,
 * cards used and price (doc/formats.md, "Compare").
 *
 * A column is a plan with its input and a label.  compare_set_load()
 * reads scenario files into columns (each owns the plan_import its input
 * points into); the planner adds the plan on screen as a column of its
 * own.  The writers only format: every figure comes from struct plan or
 * export_cost().
 */
#ifndef HEADROOM_COMPARE_H
#define HEADROOM_COMPARE_H

#include <stddef.h>

#include "core/plan.h"
#include "io/plan_import.h"

struct compare_col {
	const char *label;
	const char *file; /* NULL for the plan on screen */
	const struct plan_input *in;
	const struct plan *plan;
	const char *model_source;
};

struct compare_item {
	char *label, *path;
	struct plan_import *imp;
	struct plan plan;
};

struct compare_set {
	struct compare_item *items;
	size_t n;
};

/*
 * Loads and plans each scenario file.  Returns 0, or -1 with
 * "FILE:LINE:COL: what" for the first file that cannot be used (the set
 * then holds nothing).
 */
int compare_set_load(struct compare_set *, const struct catalogue *,
    const char *const *paths, size_t n, char *err, size_t errlen);
void compare_set_done(struct compare_set *);
/* Appends the set's columns to out[*n..max); returns the new count. */
size_t compare_set_cols(const struct compare_set *, struct compare_col *out,
    size_t n, size_t max);

/* A text table, one column per plan; max_width caps a column (0 = 30). */
char *compare_text(const struct catalogue *, const struct compare_col *,
    size_t n, int max_width);
char *compare_markdown(const struct catalogue *, const struct compare_col *,
    size_t n);
/* A JSON array: each plan's JSON report plus "scenario" and "cost". */
char *compare_json(const struct catalogue *, const struct compare_col *,
    size_t n);

#endif
