/*
 * xtest.h - fixtures of the exchange tests: paths in the source tree, a
 * scratch folder per test, golden files, and a command line parsed and
 * resolved against the built-in catalogue.
 */
#ifndef HEADROOM_TEST_XTEST_H
#define HEADROOM_TEST_XTEST_H

#include <stddef.h>

#include "io/cli.h"
#include "io/report.h"

/* "$TOP_SRCDIR/rel" (TOP_SRCDIR defaults to "."); a static buffer per call slot 0..3. */
const char *xt_src(const char *rel, int slot);
/* A fresh scratch folder (removed at exit); returns "dir/name" in a static buffer slot. */
const char *xt_tmp(const char *name, int slot);
/* Writes text to path (asserts). */
void xt_write(const char *path, const char *text);
/* Reads a file (asserts); malloc'd. */
char *xt_read(const char *path);
/*
 * Compares text with tests/golden/NAME.txt after replacing the package
 * version with @VERSION@; HEADROOM_UPDATE_GOLDEN=1 rewrites the file.
 */
void xt_golden(const char *name, const char *text);
/* Parses argv (NULL-terminated, without argv[0]) and resolves it; asserts success. */
void xt_cli(struct cli *, const char *const *args);
/* Same, but returns the parse/resolve status with the message in err. */
int xt_cli_try(struct cli *, const char *const *args, char *err, size_t errlen);
/* Fills a report input for a resolved cli and its plan (no fixes). */
void xt_report_in(struct report_in *, const struct cli *, const struct plan *);

#endif
