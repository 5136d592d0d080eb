/*
 * yamlout.h - the YAML writer of the files headroom exports (vLLM config
 * files, scenarios, calibration profiles), on libyaml's emitter.
 *
 * A document is one block mapping; its keys and values are given in turn
 * (yamlout_key() then a value).  The emitter picks the quoting and does the
 * escaping; strings are written plain only when they are unmistakably
 * strings (letters, digits and "_./+@%-" inside, not a YAML 1.1 keyword or
 * number), otherwise quoted, so every valid UTF-8 value reads back byte for
 * byte, line breaks (U+0085, U+2028, U+2029 too) and controls included.
 * Lines are never folded.
 *
 * Comments are headroom's own lines: yamlout_comment() writes one whole
 * line, with any control in its text (a newline above all) escaped by
 * textesc, so user text in a comment can never end it.  A comment goes
 * before the first key or between two top-level entries.
 *
 * The first error (invalid UTF-8, a misuse) is kept; yamlout_finish()
 * reports it.
 */
#ifndef HEADROOM_YAMLOUT_H
#define HEADROOM_YAMLOUT_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>
#include <yaml.h>

#include "io/strbuf.h"

#define YAMLOUT_DEPTH 8 /* block collections inside the top mapping */

struct yamlout {
	yaml_emitter_t em;
	struct strbuf out; /* what the emitter wrote, comments between */
	int state; /* 0 nothing yet, 1 in the document, 2 done */
	int depth; /* block collections open inside the top mapping */
	bool is_map[YAMLOUT_DEPTH];
	char err[160]; /* the first error */
};

void yamlout_init(struct yamlout *);
/* yamlout_init(), then a file of headroom's own: two comment lines and its
 * first entry, "key: format". */
void yamlout_init_file(struct yamlout *, const char *comment1,
    const char *comment2, const char *key, int format);
/* Frees what is left (after yamlout_finish() or instead of it). */
void yamlout_done(struct yamlout *);
/* One comment line "# TEXT", its controls escaped. */
void yamlout_comment(struct yamlout *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void yamlout_key(struct yamlout *, const char *key);
/* A string scalar, quoted when a plain one would read back as anything else. */
void yamlout_string(struct yamlout *, const char *s);
/* A number as Python prints it: 8192, 0.92. */
void yamlout_number(struct yamlout *, double v);
/* A number with a fixed count of decimals (58.11). */
void yamlout_fixed(struct yamlout *, double v, int decimals);
void yamlout_bool(struct yamlout *, bool v);
/* A value; objects and arrays in flow style ({a: 1}, [1, 2]). */
void yamlout_flow(struct yamlout *, const cJSON *v);
/* Block collections as values of the top mapping. */
void yamlout_map_begin(struct yamlout *);
void yamlout_seq_begin(struct yamlout *);
void yamlout_end(struct yamlout *);
/*
 * Ends the document and hands over its text (the caller frees it), or
 * returns NULL with the first error in err.
 */
char *yamlout_finish(struct yamlout *, char *err, size_t errlen);
/* True when s is valid UTF-8 (no overlong forms, no surrogates). */
bool yamlout_utf8_valid(const char *s);

#endif
