/*
 * vllm_flags.h - the vLLM flags headroom reads and writes: one row each.
 *
 * A row says everything about one flag of `vllm serve`: its long name and
 * short form, its value kind (an integer in vLLM's human-readable form such
 * as 32k or 1M, a float, a choice among names that depends on the release,
 * a boolean with --no-, a list, a JSON object), the range vLLM accepts, the
 * field of struct plan_input it sets and the value there that means "not
 * given", the field of struct plan that holds the value in force, the
 * input group of the incremental core it dirties, its step and help in the
 * planner, and whether headroom models it.
 *
 * Every reader goes through vllm_flag_parse() (the command line, pasted
 * commands, --config files, --instance, values typed in the planner), so a
 * value is accepted or refused with the same words on every path; every
 * writer goes through vllm_flags_write() (the command, and through it the
 * config, docker and scenario exports).  Adding a flag is one row in
 * vllm_flags.c plus the engine code that reads its field.
 *
 * JSON rows (VFK_JSON) are listed here for their name, group and help;
 * their parsers and writers live with the JSON reader in src/io and are
 * dispatched by row id, since the core reads no JSON.
 *
 * Pure: no I/O, no globals but the constant table.
 */
#ifndef HEADROOM_VLLM_FLAGS_H
#define HEADROOM_VLLM_FLAGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "recalc_input.h"
#include "plan.h"

enum vllm_flag_id {
	VF_TP,
	VF_PP,
	VF_DP,
	VF_UTIL,
	VF_MAX_MODEL_LEN,
	VF_KV_DTYPE,
	VF_KV_BYTES,
	VF_MAX_NUM_SEQS,
	VF_MAX_BATCHED,
	VF_BLOCK_SIZE,
	VF_EAGER,
	VF_CAPTURE_SIZES,
	VF_MAX_CAPTURE,
	VF_QUANTIZATION,
	VF_DTYPE,
	VF_LIMIT_MM,
	VF_MM_KWARGS,
	VF_LANGUAGE_MODEL_ONLY,
	VF_PREFIX_CACHING,
	VF_DISABLE_HMA,
	VF_MAMBA_CACHE_DTYPE,
	VF_MAMBA_SSM_CACHE_DTYPE,
	VF_MAMBA_BLOCK_SIZE,
	VF_MAMBA_CACHE_MODE,
	/* what else vLLM puts on the GPU (lora.h, spec.h) */
	VF_ENABLE_LORA,
	VF_MAX_LORAS,
	VF_MAX_LORA_RANK,
	VF_MAX_CPU_LORAS,
	VF_LORA_DTYPE,
	VF_FULLY_SHARDED_LORAS,
	VF_LORA_EXTRA_VOCAB,
	VF_ENABLE_LORA_BIAS,
	VF_SPECULATIVE_CONFIG,
	VF_CPU_OFFLOAD_GB,
	VF_KV_OFFLOADING_SIZE,
	VF_KV_OFFLOADING_BACKEND,
	VF_OPT_LEVEL,
	VF_COMPILATION_CONFIG,
	VF_PERFORMANCE_MODE,
	VF_ASYNC_SCHEDULING,
	VF_EXPERT_PARALLEL,
	VF_ALL2ALL_BACKEND,
	VF_ENABLE_EPLB,
	VF_EXPERT_PLACEMENT,
	VF_PCP,
	VF_DCP,
	/* flags that move memory in ways headroom does not model: a value
	 * stops the plan at the configuration check, naming the flag */
	VF_NUM_GPU_BLOCKS_OVERRIDE,
	VF_KV_SHARING_FAST_PREFILL,
	VF_ENABLE_DBO,
	VF_MM_ENCODER_TP_MODE,
	VF_SKIP_MM_PROFILING,
	VF_HF_OVERRIDES,
	VF_RUNNER,
	VF_CONVERT,
	VF_KV_TRANSFER_CONFIG,
	VF_ATTN_GROUP_SIZE,
	VF_USE_REPLAYSSM,
	VF_KV_SKIP_LAYERS,
	VF_DISABLE_SLIDING_WINDOW,
	VF_CHUNKED_PREFILL,
	VF_LORA_TARGET_MODULES,
	VF_SPECIALIZE_ACTIVE_LORA,
	VF_TOWER_CONNECTOR_LORA,
	VF_TASK,
	VF_COUNT
};

enum vllm_flag_kind {
	VFK_INT, /* vLLM's human-readable integer: 32k, 1M, 20G */
	VFK_FLOAT,
	VFK_ENUM, /* one of the row's choices (per release) */
	VFK_BOOL, /* --flag / --no-flag */
	VFK_LIST, /* one or more integers */
	VFK_JSON /* a JSON object (parsed in src/io) */
};

/* How the field of struct plan_input holds the value. */
enum vllm_flag_store {
	VFS_NONE, /* not modelled: the words are kept as given */
	VFS_INT,
	VFS_I64,
	VFS_DOUBLE,
	VFS_BOOL,
	VFS_ENUM, /* an enum (int-sized) */
	VFS_TRI, /* int: 1 --flag, -1 --no-flag, 0 not given */
	VFS_CAPTURE /* capture_sizes[] and n_capture_sizes */
};

/* How the planner steps a value with +/- (big: PgUp/PgDn). */
enum vllm_flag_step {
	VFSTEP_NONE,
	VFSTEP_ADD, /* +/- small or big, clamped to the step range */
	VFSTEP_SCALE, /* x2 or /2, x8 or /8 when big, clamped */
	VFSTEP_CHOICE, /* the next or previous choice */
	VFSTEP_TOGGLE, /* on with +, off with - */
	VFSTEP_LENGTH, /* powers of two up to the model's longest length */
	VFSTEP_BLOCKS /* the release's block-size choices (vllm_version.h) */
};

/* Writer policy bits: when vllm_flags_write() writes a row. */
#define VFW_SET (1u << 0) /* the input gives it */
#define VFW_DIFF (1u << 1) /* the value in force is not vLLM's default */
#define VFW_ALL (1u << 2) /* --explicit lists it */
#define VFW_RESOLVED (1u << 3) /* write the plan's value, not the input's */
#define VFW_JOINED (1u << 4) /* as one word with its short form: -O3 */

struct vllm_flag_choice {
	const char *name;
	int value; /* the enum stored in the field */
	int since; /* first release with it; 0 = always */
	int alias; /* 1: accepted, listed, not written; 2: accepted only */
};

struct vllm_flag {
	const char *name; /* long name without "--": "max-num-seqs" */
	const char *opt; /* the same with "--" */
	const char *shortf; /* short form without "-": "tp", or NULL */
	const char *label; /* the planner's short label */
	const char *help; /* the planner's one-line help */
	enum vllm_flag_kind kind;
	enum vllm_flag_store store;
	size_t in_off; /* field of struct plan_input */
	int plan_off; /* field of struct plan in force; -1 none */
	int64_t unset; /* the field's "not given" value */
	double lo, hi; /* accepted range (INT, FLOAT, LIST items) */
	bool lo_open; /* lo itself is refused */
	const char *auto_word; /* a word meaning -1 ("auto"), or NULL */
	const struct vllm_flag_choice
	    *choices; /* ENUM: ends with a NULL name */
	enum recalc_input group;
	unsigned write; /* VFW_* */
	double dflt; /* vLLM's default when it is a constant */
	enum vllm_flag_step step;
	double step_small, step_big, step_lo, step_hi;
	bool modelled; /* headroom computes what it changes */
	bool open; /* ENUM: other names are kept, not refused */
	bool memory; /* open: an unknown name moves memory, so the
					   plan stops at the configuration check;
					   not stored (VFS_NONE): any value does,
					   but vLLM's default: false (BOOL) or,
					   with keep_first, true (BOOL) and the
					   first choice (ENUM) */
	bool keep_first;
};

extern const struct vllm_flag vllm_flags[VF_COUNT];

/*
 * The row a command-line word names: "--max-num-seqs", "--max_num_seqs",
 * a unique prefix ("--max-num-s"), or a short form ("-tp").  name is the
 * part before any '='.  Returns the row, or NULL (*ambiguous set when the
 * prefix names several rows).
 */
const struct vllm_flag *vllm_flag_find(const char *name, int *ambiguous);
const struct vllm_flag *vllm_flag_by_short(const char *shortf);
enum vllm_flag_id vllm_flag_id_of(const struct vllm_flag *);

/* vllm_flag_parse() results besides -1 (refused, err says why). */
#define VFP_SET 0 /* stored in the input */
#define VFP_KEEP 1 /* valid, not modelled: keep the words as given */

/*
 * Parses text as row f's value for release `version` (0 = newest) into in.
 * The one validator of every path: a value out of range or not of the
 * kind is refused with "--NAME: 'TEXT' ..." in err.  A BOOL row takes
 * text NULL for "--flag" and "false"/"true" (and on/off, yes/no, 0/1);
 * negated is true for "--no-flag".  LIST rows take one item per call
 * after vllm_flag_list_begin().  JSON rows return VFP_KEEP untouched.
 */
int vllm_flag_parse(const struct vllm_flag *f, const char *text, bool negated,
    int version, struct plan_input *in, char *err, size_t errlen);
/* Clears a LIST row before its items are parsed. */
void vllm_flag_list_begin(const struct vllm_flag *f, struct plan_input *in);

/*
 * True when a valid value of row f (text as for vllm_flag_parse()) moves
 * memory in a way headroom does not model: the plan must stop naming it.
 */
bool vllm_flag_refuses(const struct vllm_flag *f, const char *text,
    bool negated);

/* Sets row f of in back to "not given". */
void vllm_flag_reset(const struct vllm_flag *f, struct plan_input *in);
/* True when row f is given in in. */
bool vllm_flag_is_set(const struct vllm_flag *f, const struct plan_input *in);
/* The value of row f in force (from p), or in the input when plan_off < 0. */
double vllm_flag_value(const struct vllm_flag *f, const struct plan_input *in,
    const struct plan *p);
/* Stores a number into row f of in (INT, FLOAT, ENUM, BOOL rows). */
void vllm_flag_store(const struct vllm_flag *f, struct plan_input *in,
    double v);
/* Text of a value of row f: "0.9", "8192", "fp8", "auto". */
char *vllm_flag_format(const struct vllm_flag *f, double v, char *buf,
    size_t len);

/*
 * The value one step from cur (dir > 0 up); big for PgUp/PgDn.  Returns cur
 * at a limit.  VFSTEP_LENGTH rows take the model's longest length in top.
 */
double vllm_flag_step_value(const struct vllm_flag *f, double cur, int dir,
    bool big, int version, int64_t top);

/* Space in the planner: a boolean flipped, or the next choice (wrapping). */
double vllm_flag_cycle(const struct vllm_flag *f, double cur, int version);

/* The groups whose flag fields differ between a and b (1u << RECALC_IN_*). */
unsigned vllm_flags_diff(const struct plan_input *a,
    const struct plan_input *b);
/* Copies into dst every flag src gives (the rows with a field of their own). */
void vllm_flags_copy_given(struct plan_input *dst,
    const struct plan_input *src);
/* Every flag of in back to "not given". */
void vllm_flags_reset_all(struct plan_input *in);

/*
 * Choices of an ENUM row valid in a release, separated by ", ", into buf
 * (aliases left out).  Returns buf.
 */
char *vllm_flag_choices(const struct vllm_flag *f, int version, char *buf,
    size_t len);

/* One word of a written command (the caller quotes it). */
typedef void (*vllm_flag_word_fn)(void *ctx, const char *word);
/* A JSON row's words, written by the caller's JSON writer. */
typedef void (*vllm_flag_json_fn)(void *ctx, enum vllm_flag_id,
    const struct plan_input *);

/*
 * Writes the flags of a plan as `vllm serve` words, in table order: each
 * row its policy selects (all: --explicit), "--name" then its value(s).
 * JSON rows go to json (may be NULL).  Not-modelled words are the caller's.
 */
void vllm_flags_write(const struct plan_input *in, const struct plan *p,
    bool all, vllm_flag_word_fn word, vllm_flag_json_fn json, void *ctx);

#endif
