/*
 * flags.h - the vLLM flags and planner options the Flags pane edits.
 *
 * For each flag: its labels, the value in force (from the plan: defaults
 * resolved), vLLM's default (from the plan with every flag unset), steps
 * for +/- and PgUp/PgDn, a parser for typed values that refuses bad ones
 * with the reason, and a reset.  Edits go to a struct plan_input copy;
 * flags_group() says which calc input group an edit touches.  Pure: no
 * curses, no I/O.
 *
 * The multimodal flags (--limit-mm-per-prompt per modality,
 * --mm-processor-kwargs max_pixels) are rows only for a model that takes
 * them: flags_rows() lists the rows of an input, and the pane's cursor is
 * a row, not a flag id (flags_at()).
 */
#ifndef HEADROOM_UI_FLAGS_H
#define HEADROOM_UI_FLAGS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/recalc.h"
#include "core/plan.h"

enum flag_id {
	FLAG_UTIL,
	FLAG_MAX_MODEL_LEN,
	FLAG_KV_DTYPE,
	FLAG_MAX_NUM_SEQS,
	FLAG_MAX_BATCHED,
	FLAG_TP,
	FLAG_PP,
	FLAG_DP,
	FLAG_EAGER,
	FLAG_CAPTURE,
	FLAG_BLOCK_SIZE,
	FLAG_KV_BYTES,
	FLAG_MM_IMAGES, /* --limit-mm-per-prompt image: vision models */
	FLAG_MM_VIDEOS, /* ... video: the Qwen2-VL family */
	FLAG_MM_MAX_PIXELS, /* --mm-processor-kwargs max_pixels: Qwen2-VL */
	FLAG_MM_AUDIOS, /* ... audio: a model with an audio tower */
	FLAG_LM_ONLY, /* --language-model-only: every multimodal model */
	FLAG_OTHER,
	FLAG_VERSION,
	FLAG_OVERHEAD,
	FLAG_SPECULATIVE, /* --speculative-config: its JSON, typed whole */
	FLAG_COUNT
};

struct flag_view {
	char value[40]; /* in force */
	char deflt[40]; /* vLLM's default for this card, model and version */
	bool set; /* given explicitly */
	bool differs; /* in force != default */
};

const char *flags_label(enum flag_id); /* short: "max-model-len" */
const char *flags_name(
    enum flag_id); /* "--max-model-len", or a planner option */
const char *flags_help(enum flag_id);
enum recalc_input flags_group(enum flag_id);
bool flags_is_toggle(enum flag_id); /* space flips it */

/*
 * The rows the Flags pane lists for an input, in enum order: every flag,
 * except the multimodal ones for a model they do not apply to (images for
 * any vision model; videos and max_pixels for the Qwen2-VL family only; none
 * for a text-only model).  Writes up to max ids into out (out may be NULL
 * with max 0); returns how many rows there are.
 */
size_t flags_rows(const struct plan_input *, enum flag_id *out, size_t max);
/* The flag on row `row` of flags_rows(); FLAG_COUNT past the last. */
enum flag_id flags_at(const struct plan_input *, int row);

void flags_view(enum flag_id, const struct plan_input *, const struct plan *p,
    const struct plan *defaults, struct flag_view *);

/*
 * Steps a flag up (dir > 0) or down from the value in force; big for
 * PgUp/PgDn.  Returns true when the input changed (false at a limit).
 */
bool flags_step(enum flag_id, struct plan_input *, const struct plan *p,
    int dir, bool big);
/* Space: flips a boolean or moves to the next choice. */
bool flags_toggle(enum flag_id, struct plan_input *, const struct plan *p);
/* Back to unset (vLLM's default). Returns true when the input changed. */
bool flags_reset(enum flag_id, struct plan_input *);
/*
 * Parses a typed value.  Returns 0 and updates in, or -1 with the reason
 * in err and in untouched.
 */
int flags_parse(enum flag_id, const char *text, struct plan_input *in,
    const struct plan *p, char *err, size_t errlen);
/*
 * --speculative-config is read as the command line reads it: the JSON by
 * flags_parse() (in->draft then NULL: the caller resolves a drafter by
 * cli_resolve_drafter(), which reads files), reset by d, edited whole.
 */
/* The current value as text to edit ("0.92", "32768", "auto"). */
void flags_edit_text(enum flag_id, const struct plan_input *,
    const struct plan *, char *buf, size_t len);

#endif
