/*
 * builtin_data.h - what is compiled into the binary, so headroom runs with
 * nothing installed: the catalogue (the YAML files of data/) as constant
 * tables, written at build time into src/io/builtin_data.c by
 * src/gen/catalogue_gen.c with the loader user files go through, and the
 * themes/ files as text (src/ui/builtin_themes.c, by build-aux/embed.awk).
 */
#ifndef HEADROOM_BUILTIN_DATA_H
#define HEADROOM_BUILTIN_DATA_H

#include <stddef.h>

#include "core/catalogue.h"

/*
 * The built-in catalogue as catalogue_load_file() read it from the YAML
 * files of data/ and catalogue_link() linked it.  Constant: copy it (catalogue_load_copy())
 * rather than hand it to anything that frees or changes a catalogue.
 */
extern const struct catalogue builtin_catalogue;
/* The files it was read from, in load order ("data/gpus.yaml"). */
extern const char *const builtin_catalogue_files[];
extern const size_t builtin_catalogue_n_files;

struct builtin_file {
	const char *name; /* "themes/default.yaml" */
	const char *text;
	size_t len;
};

/* the themes/ files, for the planner (src/ui/builtin_themes.c) */
extern const struct builtin_file builtin_themes[];
extern const size_t builtin_themes_n;

#endif
