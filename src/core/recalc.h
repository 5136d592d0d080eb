/*
 * recalc.h - incremental recomputation of everything the planner shows.
 *
 * A struct recalc owns a copy of the plan input and the derived values.
 * Inputs are grouped (enum recalc_input); derived values are nodes (enum
 * recalc_node) of a dependency graph:
 *
 *   card model parallel budget kv sched graphs version      slider  style
 *     |     |     |       |     |    |     |      |            |      |
 *     +-----+-----+-------+--+--+----+-----+------+            |      |
 *                            |                                 |      |
 *     settings budget weights profile kv verdict  (plan nodes) |      |
 *                            |                                 |      |
 *                       concurrency <--------------------------+      |
 *                            |                                        |
 *        defaults   choices  fixes   command <------------------------+
 *                            |
 *                          speed
 *
 * Editing an input marks the nodes that depend on it dirty (recalc_touch);
 * recalc_update() recomputes the dirty nodes in the order above and returns
 * the mask of nodes whose value changed (RECALC_CHG(node)), which tells the
 * screen what to repaint.  A node whose value did not change does not
 * dirty its dependents (early cut-off).
 *
 * The six plan nodes share one evaluation kernel, plan_compute(): it runs
 * at most once per update, when any of them is dirty, and each dirty node
 * takes its own fields of struct plan from the result; clean nodes keep
 * theirs, so the dependency table is what keeps the result right (the
 * property test checks it against a from-scratch plan).  The concurrency
 * node never calls plan_compute(): moving the tokens-per-request slider
 * re-derives the slider fields from the cached blocks (plan_update_concurrency).
 * Fixes, the costliest node (each re-plans about fifteen times), run only
 * when the input or a plan value changed.
 *
 * Pure C: no curses, no I/O, no global state.  The command line is
 * produced by a function the caller supplies, so this module does not
 * depend on the writers in src/io.
 */
#ifndef HEADROOM_RECALC_H
#define HEADROOM_RECALC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "recalc_input.h"
#include "catalogue.h"
#include "fixes.h"
#include "plan.h"
#include "speed.h"

enum recalc_node {
	RECALC_N_SETTINGS, /* resolved flags (version, util, lengths, defaults) */
	RECALC_N_BUDGET, /* total, other, free, requested, outside_budget */
	RECALC_N_WEIGHTS, /* weights, weights_exact */
	RECALC_N_PROFILE, /* activation, non-torch, CUDA graphs */
	RECALC_N_KV, /* KV layout, blocks, tokens, max concurrency */
	RECALC_N_VERDICT, /* phase, message, estimated max length */
	RECALC_N_CONCURRENCY, /* requests at the slider, replicas, total */
	RECALC_N_DEFAULTS, /* the plan with every vLLM flag unset */
	RECALC_N_CHOICES, /* checkpoints of the model and whether they start */
	RECALC_N_FIXES,
	RECALC_N_COMMAND,
	RECALC_N_SPEED, /* speed per user at the slider (estimate) */
	RECALC_N_COUNT
};

#define RECALC_CHG(node) (1u << (node))
#define RECALC_CHG_PLAN                                                        \
	(RECALC_CHG(RECALC_N_SETTINGS) | RECALC_CHG(RECALC_N_BUDGET) |         \
	    RECALC_CHG(RECALC_N_WEIGHTS) | RECALC_CHG(RECALC_N_PROFILE) |      \
	    RECALC_CHG(RECALC_N_KV) | RECALC_CHG(RECALC_N_VERDICT))
#define RECALC_CHG_ALL ((1u << RECALC_N_COUNT) - 1)

#define RECALC_CMD_LEN 4096
#define RECALC_MAX_CHOICES 24

/* Writes the vllm serve line for a plan; returns its length (serve_command_format). */
typedef size_t (*recalc_command_fn)(const struct catalogue *,
    const struct plan_input *, const struct plan *, int explicit_all, char *buf,
    size_t len);

/* One way to run the model: a published checkpoint or a derived format. */
struct recalc_choice {
	int ckpt; /* index into catalogue.ckpts, -1 = derived */
	enum ckpt_format format; /* of the weights as loaded */
	bool quantization_fp8; /* --quantization fp8 on a 16-bit checkpoint */
	bool derived; /* no published checkpoint in this format */
	enum plan_phase phase; /* where it stops with the current flags */
	char reason[200]; /* why it does not start; "" when it does */
	double max_concurrency;
	int64_t weights;
};

struct recalc;

/*
 * Creates a calc for a catalogue (borrowed, must outlive the calc) and a
 * starting input (copied; in->model must stay valid while it is used).
 * cmd may be NULL: the command node is then an empty string.  Every node
 * starts dirty.  Returns NULL when memory runs out.
 */
struct recalc *recalc_new(const struct catalogue *, const struct plan_input *in,
    recalc_command_fn cmd);
void recalc_free(struct recalc **);

/* The current input.  Edit it only through the setters below. */
const struct plan_input *recalc_input(const struct recalc *);

/*
 * Replaces the input, touching each group whose fields differ (a copy
 * equal to the current input touches nothing).  Used for undo and fixes.
 */
void recalc_set_input(struct recalc *, const struct plan_input *);
/* Mutable input for direct edits; call recalc_touch() for each group edited. */
struct plan_input *recalc_input_edit(struct recalc *);
/* Marks the nodes that depend on an input group dirty. */
void recalc_touch(struct recalc *, enum recalc_input);

void recalc_set_tokens_per_request(struct recalc *, int64_t tokens);
void recalc_set_explicit_all(struct recalc *, bool);
bool recalc_explicit_all(const struct recalc *);

/* Recomputes dirty nodes; returns the RECALC_CHG() mask of changed values. */
unsigned recalc_update(struct recalc *);
/* True when some node is dirty (recalc_update() has work to do). */
bool recalc_dirty(const struct recalc *);

/* Results, valid after recalc_update(). */
const struct plan *recalc_plan(const struct recalc *);
const struct plan *recalc_defaults(const struct recalc *);
const struct fix *recalc_fixes(const struct recalc *, size_t *n);
/* The speed estimate at the slider's concurrency (known == 0 when none). */
const struct speed_estimate *recalc_speed(const struct recalc *);
const struct recalc_choice *recalc_choices(const struct recalc *, size_t *n);
const char *recalc_command(const struct recalc *);

/* How often a node was recomputed, and how often the plan kernel ran. */
unsigned long recalc_recomputes(const struct recalc *, enum recalc_node);
unsigned long recalc_kernel_runs(const struct recalc *);
const char *recalc_node_name(enum recalc_node);

/*
 * Pure helpers, exported for tests.  recalc_input_diff() returns the mask
 * (1u << group) of input groups whose fields differ.  plan_update_concurrency()
 * re-derives the slider fields of p (tokens_per_request, blocks_at_tpr,
 * concurrency_at_tpr, replicas, total_concurrency, rule_users, warning)
 * from its other fields, as plan_compute() does.  recalc_list_choices()
 * fills out[] with the checkpoint choices of in->model, unevaluated.
 * recalc_input_for_defaults() clears every vLLM flag of in.
 */
unsigned recalc_input_diff(const struct plan_input *,
    const struct plan_input *);
size_t recalc_list_choices(const struct catalogue *,
    const struct plan_input *in, struct recalc_choice *out, size_t max);
void recalc_apply_choice(struct plan_input *, const struct recalc_choice *);
/* Whether the input runs this choice (same checkpoint, format, online FP8). */
bool recalc_choice_matches(const struct recalc_choice *,
    const struct plan_input *);
void recalc_input_for_defaults(struct plan_input *);

#endif
