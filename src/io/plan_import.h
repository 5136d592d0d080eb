/*
 * plan_import.h - a plan input with everything it points to: what the
 * command line, a pasted `vllm serve` command, a vLLM --config file or a
 * scenario resolved to.
 *
 * Invariant: every pointer of in is NULL, a catalogue entry, or storage
 * this struct owns: the flags headroom does not model (extra), the
 * VAR=value assignments (env), a model from outside the catalogue
 * (local) and a drafter from outside it (draft), and every other
 * imported string (owned).  So a copy of in
 * stays valid for as long as its plan_import lives, wherever the struct
 * that parsed it has gone; the planner keeps its imports, heap-allocated
 * with plan_import_new(), for as long as its undo steps may return to
 * them.  A plan_import points to itself: move it with plan_import_move(),
 * never by assignment.
 */
#ifndef HEADROOM_PLAN_IMPORT_H
#define HEADROOM_PLAN_IMPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "core/catalogue.h"
#include "core/plan.h"
#include "io/filestamp.h"

#define PLAN_IMPORT_MAX_EXTRA 64
#define PLAN_IMPORT_MAX_ENV 16

struct plan_import {
	struct plan_input in;
	char *extra[PLAN_IMPORT_MAX_EXTRA]; /* not-modelled flags, as given */
	size_t n_extra;
	char *env[PLAN_IMPORT_MAX_ENV]; /* VAR=value before a pasted command */
	size_t n_env;
	struct model local; /* --model DIR */
	bool have_local;
	struct model draft; /* --speculative-config's drafter */
	bool have_draft;
	char *local_dir;
	/* "catalogue", "directory", "cache", "hub" or "derived" */
	char model_source[16];
	bool mig_pinned; /* the command pins a MIG slice */
	char note[256]; /* what an import could not use */
	struct filestamp scenario_stamp; /* the --scenario file as loaded */
	char **owned; /* imported words the fields point into */
	size_t n_owned, cap_owned;
};

/* An empty import: in as plan_input_init() leaves it, nothing owned. */
void plan_import_init(struct plan_import *);
/* Frees what the import owns and leaves it as plan_import_init() does. */
void plan_import_done(struct plan_import *);

/* A heap-allocated empty import, and its end (*p becomes NULL). */
struct plan_import *plan_import_new(void);
void plan_import_free(struct plan_import **p);

/*
 * Moves everything src holds into dst (empty or done), pointers of in
 * included, and leaves src empty; dst's in is then the one to copy.
 */
void plan_import_move(struct plan_import *dst, struct plan_import *src);

/* Points in at the flags and assignments held (after adding to them). */
void plan_import_bind(struct plan_import *);

/* Keeps a copy of s alive as long as the import; returns the copy. */
char *plan_import_keep(struct plan_import *, const char *s);
/* Takes s (malloc'd) into the import's keeping. */
void plan_import_own(struct plan_import *, char *s);

/*
 * Keeps a flag headroom does not model (a copy of word).  Returns 0, or -1
 * with a message in err when PLAN_IMPORT_MAX_EXTRA are held already.
 */
int plan_import_add_extra(struct plan_import *, const char *word, char *err,
    size_t errlen);

#endif
