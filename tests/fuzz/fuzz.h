/*
 * fuzz.h - what the libFuzzer harnesses of tests/fuzz/ share: the
 * built-in catalogue, a private scratch folder for parsers that read
 * files, and one walk from parsed words to every report and export, so a
 * harness reaches the code its input steers and not only the parser.
 *
 * Each harness defines LLVMFuzzerTestOneInput(); doc/fuzzing.md lists them.
 * Nothing here may keep state from one input to the next except the
 * catalogue, which no harness changes.
 */
#ifndef HEADROOM_FUZZ_H
#define HEADROOM_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "core/catalogue.h"
#include "io/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/*
 * The built-in catalogue, loaded and linked on first use.  Also makes the
 * scratch folder the current directory, HOME and XDG_CONFIG_HOME, so
 * nothing a harness does touches the user's files.
 */
const struct catalogue *fuzz_catalogue(void);

/* The scratch folder (created on first use, removed at exit). */
const char *fuzz_dir(void);

/*
 * The input as a C string in a buffer of exactly size + 1 bytes, so
 * reading past the NUL is an ASan finding.  NUL bytes inside stay (a C
 * string parser stops at the first).  Free with free().
 */
char *fuzz_cstring(const uint8_t *data, size_t size);

/* Writes the input to NAME in the scratch folder; returns the path (static). */
const char *fuzz_write(const char *name, const uint8_t *data, size_t size);

/*
 * Resolves a parsed command line against the catalogue and, when that
 * works, plans it and renders the reports and every export.  Frees
 * nothing: the caller still calls cli_done().
 */
void fuzz_plan_cli(struct cli *);

/* cli_parse() of argv (argc words), then fuzz_plan_cli(), then cli_done(). */
void fuzz_run_argv(int argc, char **argv);

#endif
