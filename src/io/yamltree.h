/*
 * yamltree.h - a YAML document as a cJSON tree that remembers positions.
 *
 * Every mapping gains a member "@pos": an object whose "@" entry holds the
 * mapping's own [line, column] and whose other entries hold the position
 * of each key, so loaders can report "file:line:column: ..." for any field.
 * Plain scalars become numbers, booleans or null by YAML 1.2 core rules;
 * quoted scalars stay strings.  Iterators must skip keys starting with '@'.
 */
#ifndef HEADROOM_YAMLTREE_H
#define HEADROOM_YAMLTREE_H

#include <stddef.h>

#include <cjson/cJSON.h>

/*
 * Parses text (len bytes).  Returns the root, or NULL with "line:col: what"
 * written to err.  The caller frees the tree with cJSON_Delete().
 */
cJSON *yamltree_parse(const char *text, size_t len, char *err, size_t errlen);

/*
 * Reads and parses a YAML file.  Returns the root, or NULL with
 * "path: reason" or "path:line:col: what" in err.
 */
cJSON *yamltree_load(const char *path, char *err, size_t errlen);

/* Position of key in obj (or of obj itself when key is NULL); 0 if unknown. */
void yamltree_pos(const cJSON *obj, const char *key, int *line, int *col);

#endif
