/*
 * hfjson.h - JSON as Python's json module reads it.
 *
 * Hugging Face configs are written by Python, whose json reader accepts
 * the bare tokens Infinity, -Infinity and NaN (Nemotron-H and Nemotron 3
 * configs carry "time_step_limit": [0.0, Infinity]).  cJSON does not, so
 * the text is rewritten first: outside strings, Infinity becomes a number
 * cJSON reads as infinite (1e999), NaN becomes null (headroom reads NaN
 * in a field as "not given").  Line breaks are kept, so a parse error
 * still names the right line.  A key given twice in an object keeps its
 * last value, as a Python dict built by json.loads does; a leading UTF-8
 * byte-order mark is an error, as it is to json.loads.
 */
#ifndef HEADROOM_HFJSON_H
#define HEADROOM_HFJSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* The most values (objects, arrays, numbers, strings ...) a file may hold:
 * it bounds the parser's work and memory, far above any real config. */
#define HFJSON_MAX_VALUES 1000000

/*
 * Parses len bytes of text.  Returns the tree, or NULL with the 1-based
 * line of the error in *err_line (when err_line is not NULL), or -1 there
 * when the text holds more than HFJSON_MAX_VALUES values (counted before
 * anything is allocated for them).
 */
cJSON *hfjson_parse(const char *text, size_t len, int *err_line);

#endif
