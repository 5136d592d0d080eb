/*
 * catalogue_load.h - YAML catalogue files into a struct catalogue.
 *
 * A file may hold any of the top-level keys gpus, models, checkpoints and
 * estimates.  Entries whose id is already known replace the earlier entry,
 * so user files in $XDG_CONFIG_HOME/headroom/ extend or override the
 * built-in catalogue.  A broken entry is skipped and reported as
 * "file:line:column: what is wrong"; the rest of the file still loads.
 */
#ifndef HEADROOM_CATALOGUE_LOAD_H
#define HEADROOM_CATALOGUE_LOAD_H

#include <stddef.h>

#include "core/catalogue.h"
#include "io/builtin_data.h"

/* Receives each problem found while loading, already formatted. */
typedef void (*catalogue_diag_fn)(void *ctx, const char *message);

/*
 * Loads YAML text into c.  name is used in messages.  Returns the number
 * of problems reported through diag (0 = clean).
 */
int catalogue_load_text(struct catalogue *c, const char *text, size_t len,
    const char *name, catalogue_diag_fn diag, void *ctx);
/* Reads and loads a file; a missing or unreadable file is one problem. */
int catalogue_load_file(struct catalogue *c, const char *path,
    catalogue_diag_fn diag, void *ctx);
/*
 * Adds deep copies of src's entries to c, as loading a file of them would:
 * an entry replaces c's entry of the same id.  src stays the caller's;
 * checkpoints and nodes are linked again by catalogue_link().
 */
void catalogue_load_copy(struct catalogue *c, const struct catalogue *src);
/*
 * Loads the catalogue compiled into the binary: the YAML files of data/,
 * checked and turned into constant tables at build time
 * (src/gen/catalogue_gen.c), so it has no problem to report: it returns 0
 * and never calls diag.  Inline
 * so that the generator, which links this module, needs no tables.
 */
static inline int
catalogue_load_builtin(struct catalogue *c, catalogue_diag_fn diag, void *ctx)
{
	(void)diag;
	(void)ctx;
	catalogue_load_copy(c, &builtin_catalogue);
	return 0;
}
/*
 * Loads the site and user layers: every *.yaml (but settings.yaml) in each
 * $XDG_CONFIG_DIRS/headroom (the first listed wins), then in
 * $XDG_CONFIG_HOME/headroom (or ~/.config/headroom), which wins over all.
 */
int catalogue_load_user(struct catalogue *c, catalogue_diag_fn diag, void *ctx);
/* Resolves checkpoint -> model links; call after the last load. */
int catalogue_link(struct catalogue *c, catalogue_diag_fn diag, void *ctx);

#endif
