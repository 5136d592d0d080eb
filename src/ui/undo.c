/*
 * undo.c - the planner's undo history (see undo.h): a fixed array of
 * inputs, shifted down when full.
 */
#include "undo.h"

#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"

struct undo {
	struct plan_input in[UNDO_MAX];
	int n;
	int last_tag;
};

struct undo *
undo_new(void)
{
	return xcalloc(1, sizeof(struct undo));
}

void
undo_free(struct undo **up)
{
	free(*up);
	*up = NULL;
}

void
undo_push(struct undo *u, const struct plan_input *before, int tag)
{
	if (tag != TAG_NONE && tag == u->last_tag)
		return;
	if (u->n == UNDO_MAX) {
		memmove(&u->in[0], &u->in[1], (UNDO_MAX - 1) * sizeof u->in[0]);
		u->n--;
	}
	u->in[u->n++] = *before;
	u->last_tag = tag;
}

void
undo_break(struct undo *u)
{
	u->last_tag = TAG_NONE;
}

bool
undo_pop(struct undo *u, struct plan_input *out)
{
	if (u->n == 0)
		return false;
	*out = u->in[--u->n];
	return true;
}

int
undo_count(const struct undo *u)
{
	return u->n;
}
