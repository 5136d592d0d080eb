/*
 * plan_import.c - a plan input with what it owns (see plan_import.h).
 */
#include "plan_import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xalloc.h"

void
plan_import_init(struct plan_import *imp)
{
	memset(imp, 0, sizeof *imp);
	plan_input_init(&imp->in);
}

void
plan_import_done(struct plan_import *imp)
{
	size_t i;

	for (i = 0; i < imp->n_extra; i++)
		free(imp->extra[i]);
	for (i = 0; i < imp->n_owned; i++)
		free(imp->owned[i]);
	free(imp->owned);
	if (imp->have_local)
		model_done(&imp->local);
	if (imp->have_draft)
		model_done(&imp->draft);
	free(imp->local_dir);
	plan_import_init(imp);
}

struct plan_import *
plan_import_new(void)
{
	struct plan_import *imp = xmalloc(sizeof *imp);

	plan_import_init(imp);
	return imp;
}

void
plan_import_free(struct plan_import **p)
{
	if (*p == NULL)
		return;
	plan_import_done(*p);
	free(*p);
	*p = NULL;
}

void
plan_import_move(struct plan_import *dst, struct plan_import *src)
{
	*dst = *src;
	if (src->in.model == &src->local)
		dst->in.model = &dst->local;
	if (src->in.draft == &src->draft)
		dst->in.draft = &dst->draft;
	if (src->in.extra_flags == src->extra)
		dst->in.extra_flags = dst->extra;
	if (src->in.env == src->env)
		dst->in.env = dst->env;
	plan_import_init(src);
}

void
plan_import_bind(struct plan_import *imp)
{
	imp->in.extra_flags = imp->extra;
	imp->in.n_extra_flags = imp->n_extra;
	imp->in.env = imp->env;
	imp->in.n_env = imp->n_env;
}

void
plan_import_own(struct plan_import *imp, char *s)
{
	if (imp->n_owned == imp->cap_owned) {
		imp->cap_owned = imp->cap_owned ? imp->cap_owned * 2 : 32;
		imp->owned =
		    xrealloc(imp->owned, imp->cap_owned * sizeof *imp->owned);
	}
	imp->owned[imp->n_owned++] = s;
}

char *
plan_import_keep(struct plan_import *imp, const char *s)
{
	char *d = xstrdup(s);

	plan_import_own(imp, d);
	return d;
}

int
plan_import_add_extra(struct plan_import *imp, const char *word, char *err,
    size_t errlen)
{
	if (imp->n_extra >= PLAN_IMPORT_MAX_EXTRA) {
		snprintf(err, errlen,
		    "too many flags headroom does not model (more "
		    "than %d)",
		    PLAN_IMPORT_MAX_EXTRA);
		return -1;
	}
	imp->extra[imp->n_extra++] = xstrdup(word);
	return 0;
}
