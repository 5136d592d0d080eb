/*
 * undo.h - the planner's undo history: the plan inputs before each edit,
 * newest last, at most UNDO_MAX (the oldest go first).  Edits with the
 * same tag in a row (the slider held down, one flag stepped again and
 * again) share one entry, so that u takes back the whole run.
 */
#ifndef HEADROOM_UI_UNDO_H
#define HEADROOM_UI_UNDO_H

#include <stdbool.h>

#include "core/plan.h"

#define UNDO_MAX 256

/* Tags of edits: TAG_NONE never joins the edit before it. */
#define TAG_NONE 0
#define TAG_SLIDER 1
#define TAG_CARDS 2
#define TAG_FLAG 100 /* + flag id */

struct undo;

struct undo *undo_new(void);
void undo_free(struct undo **);

/*
 * Records before, the input an edit with tag is about to replace, unless
 * the last edit had the same tag (other than TAG_NONE).
 */
void undo_push(struct undo *, const struct plan_input *before, int tag);
/* Ends a run of edits with one tag: the next edit gets an entry of its own. */
void undo_break(struct undo *);
/* Takes the newest entry into *out; false when there is none. */
bool undo_pop(struct undo *, struct plan_input *out);
/* How many entries there are. */
int undo_count(const struct undo *);

#endif
