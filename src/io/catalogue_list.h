/*
 * catalogue_list.h - the catalogue as `headroom --list WHAT` prints it:
 * aligned text columns for people, or a JSON array for scripts and shell
 * completion.  WHAT is one of catalogue_list_kinds.
 */
#ifndef HEADROOM_CATALOGUE_LIST_H
#define HEADROOM_CATALOGUE_LIST_H

#include <stdbool.h>

#include "core/catalogue.h"

/* "gpus", "mig", "models", "checkpoints", NULL-terminated. */
extern const char *const catalogue_list_kinds[];

/* The listing as text (json false) or as a JSON array; the caller frees it. */
char *catalogue_list(const struct catalogue *, const char *what, bool json);

#endif
