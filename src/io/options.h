/*
 * options.h - every option headroom's command line takes: its own (the
 * table in options.c, one row each) and vLLM's (the rows of
 * core/vllm_flags.c), found as vLLM's argparse finds them: '-' or '_' in
 * names, --name=value, and unique prefixes (allow_abbrev).
 */
#ifndef HEADROOM_OPTIONS_H
#define HEADROOM_OPTIONS_H

#include <stddef.h>

#include "core/vllm_flags.h"

enum options_id {
	OPTIONS_REPORT,
	OPTIONS_GPU,
	OPTIONS_MIG,
	OPTIONS_GPUS,
	OPTIONS_NODE,
	OPTIONS_NODES,
	OPTIONS_GPU_TOTAL,
	OPTIONS_MODEL,
	OPTIONS_CHECKPOINT,
	OPTIONS_TPR,
	OPTIONS_OTHER,
	OPTIONS_VERSION_V,
	OPTIONS_OVERHEAD,
	OPTIONS_LIST,
	OPTIONS_NO_COLOR,
	OPTIONS_ASCII,
	OPTIONS_THEME,
	OPTIONS_HELP,
	OPTIONS_VERSION,
	OPTIONS_EXPLICIT,
	OPTIONS_CURRENCY,
	/* exchange (cli_import.c) */
	OPTIONS_FROM_COMMAND,
	OPTIONS_EXPORT,
	OPTIONS_OUTPUT,
	OPTIONS_SCENARIO,
	OPTIONS_SAVE_SCENARIO,
	OPTIONS_CHECK,
	OPTIONS_COMPARE,
	OPTIONS_CALIBRATE,
	OPTIONS_SAVE_CALIBRATION,
	OPTIONS_FORCE,
	/* answers (sizing_cli.c) */
	OPTIONS_NEED,
	OPTIONS_CARDS,
	OPTIONS_MAX_CARDS,
	OPTIONS_INSTANCE,
	OPTIONS_COMPARE_VERSION,
	OPTIONS_RANK,
	OPTIONS_FORMAT, /* the quote's: --format html|markdown */
	OPTIONS_REVISION, /* models outside the catalogue (model_find.c) */
	/* vLLM's --config file (the other vLLM flags are rows of vllm_flags.c) */
	OPTIONS_CONFIG,
};

struct options_entry {
	const char *name;
	enum options_id id;
	int takes; /* 0 flag, 1 value, 2 list */
	int vllm;
};

/* An option: one of headroom's (o) or a vLLM flag (f); both NULL = none. */
struct options_hit {
	const struct options_entry *o;
	const struct vllm_flag *f;
};

/* What the option takes: 0 nothing, 1 a value, 2 a list of values. */
int options_hit_takes(struct options_hit);
/* Its long name, without "--". */
const char *options_hit_name(struct options_hit);

/* Copies a name with every '_' made '-'. */
void options_normalise(const char *in, char *out, size_t len);

/*
 * The option a normalised name (without "--") names: exactly, else as the
 * unique prefix of one; *ambiguous is set when it starts several.
 */
struct options_hit options_find(const char *name, int *ambiguous);

/* The i-th long option accepted (name without "--", takes: 0 flag, 1 value, 2 list); NULL past the last. */
const char *options_at(size_t i, int *takes);
/* True when a command-line word ("--conf=x.yaml") names option name ("config"). */
int options_word_is(const char *word, const char *name);
/* What option a word names: -1 none, else 0 flag, 1 value, 2 list (*name = its long name). */
int options_takes(const char *word, const char **name);

#endif
