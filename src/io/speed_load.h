/*
 * speed_load.h - the speed: section of a catalogue file (data/speed.yaml)
 * into struct speed_coeffs.  Called by the catalogue loader for each entry
 * of the section; the last entry loaded wins.
 */
#ifndef HEADROOM_SPEED_LOAD_H
#define HEADROOM_SPEED_LOAD_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "core/catalogue.h"

/*
 * Reads one entry (a mapping) into s.  Returns 0, or -1 with the missing
 * or bad key named in err; s is left unchanged on error.
 */
int speed_load_entry(struct speed_coeffs *s, const cJSON *entry, char *err,
    size_t errlen);

#endif
