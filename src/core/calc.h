/*
 * calc.h - incremental recomputation of everything the planner shows.
 *
 * A struct calc owns a copy of the plan input and the derived values.
 * Inputs are grouped (enum calc_input); derived values are nodes (enum
 * calc_node) of a dependency graph:
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
 * Editing an input marks the nodes that depend on it dirty (calc_touch);
 * calc_update() recomputes the dirty nodes in the order above and returns
 * the mask of nodes whose value changed (CALC_CHG(node)), which tells the
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
#ifndef HEADROOM_CALC_H
#define HEADROOM_CALC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "calc_input.h"
#include "catalogue.h"
#include "fixes.h"
#include "plan.h"
#include "speed.h"

enum calc_node {
	CALC_N_SETTINGS,	/* resolved flags (version, util, lengths, defaults) */
	CALC_N_BUDGET,		/* total, other, free, requested, outside_budget */
	CALC_N_WEIGHTS,		/* weights, weights_exact */
	CALC_N_PROFILE,		/* activation, non-torch, CUDA graphs */
	CALC_N_KV,		/* KV layout, blocks, tokens, max concurrency */
	CALC_N_VERDICT,		/* phase, message, estimated max length */
	CALC_N_CONCURRENCY,	/* requests at the slider, replicas, total */
	CALC_N_DEFAULTS,	/* the plan with every vLLM flag unset */
	CALC_N_CHOICES,		/* checkpoints of the model and whether they start */
	CALC_N_FIXES,
	CALC_N_COMMAND,
	CALC_N_SPEED,		/* speed per user at the slider (estimate) */
	CALC_N_COUNT
};

#define CALC_CHG(node)	(1u << (node))
#define CALC_CHG_PLAN	(CALC_CHG(CALC_N_SETTINGS) | CALC_CHG(CALC_N_BUDGET) | \
	CALC_CHG(CALC_N_WEIGHTS) | CALC_CHG(CALC_N_PROFILE) | CALC_CHG(CALC_N_KV) | \
	CALC_CHG(CALC_N_VERDICT))
#define CALC_CHG_ALL	((1u << CALC_N_COUNT) - 1)

#define CALC_CMD_LEN	4096
#define CALC_MAX_CHOICES 24

/* Writes the vllm serve line for a plan; returns its length (cli_format_command). */
typedef size_t (*calc_command_fn)(const struct catalogue *,
    const struct plan_input *, const struct plan *, int explicit_all,
    char *buf, size_t len);

/* One way to run the model: a published checkpoint or a derived format. */
struct calc_choice {
	int	 ckpt;			/* index into catalogue.ckpts, -1 = derived */
	enum ckpt_format format;	/* of the weights as loaded */
	bool	 quantization_fp8;	/* --quantization fp8 on a 16-bit checkpoint */
	bool	 derived;		/* no published checkpoint in this format */
	enum plan_phase phase;		/* where it stops with the current flags */
	char	 reason[200];		/* why it does not start; "" when it does */
	double	 max_concurrency;
	int64_t	 weights;
};

struct calc;

/*
 * Creates a calc for a catalogue (borrowed, must outlive the calc) and a
 * starting input (copied; in->model must stay valid while it is used).
 * cmd may be NULL: the command node is then an empty string.  Every node
 * starts dirty.  Returns NULL when memory runs out.
 */
struct calc *calc_new(const struct catalogue *, const struct plan_input *in,
    calc_command_fn cmd);
void calc_free(struct calc **);

/* The current input.  Edit it only through the setters below. */
const struct plan_input *calc_input(const struct calc *);

/*
 * Replaces the input, touching each group whose fields differ (a copy
 * equal to the current input touches nothing).  Used for undo and fixes.
 */
void calc_set_input(struct calc *, const struct plan_input *);
/* Mutable input for direct edits; call calc_touch() for each group edited. */
struct plan_input *calc_input_edit(struct calc *);
/* Marks the nodes that depend on an input group dirty. */
void calc_touch(struct calc *, enum calc_input);

void calc_set_card(struct calc *, int gpu, int mig);
void calc_set_model(struct calc *, const struct model *, int ckpt);
void calc_set_choice(struct calc *, const struct calc_choice *);
void calc_set_tokens_per_request(struct calc *, int64_t tokens);
void calc_set_explicit_all(struct calc *, bool);
bool calc_explicit_all(const struct calc *);

/* Recomputes dirty nodes; returns the CALC_CHG() mask of changed values. */
unsigned calc_update(struct calc *);
/* True when some node is dirty (calc_update() has work to do). */
bool calc_dirty(const struct calc *);

/* Results, valid after calc_update(). */
const struct plan *calc_plan(const struct calc *);
const struct plan *calc_defaults(const struct calc *);
const struct fix *calc_fixes(const struct calc *, size_t *n);
/* The speed estimate at the slider's concurrency (known == 0 when none). */
const struct speed_estimate *calc_speed(const struct calc *);
const struct calc_choice *calc_choices(const struct calc *, size_t *n);
const char *calc_command(const struct calc *);

/* How often a node was recomputed, and how often the plan kernel ran. */
unsigned long calc_recomputes(const struct calc *, enum calc_node);
unsigned long calc_kernel_runs(const struct calc *);
const char *calc_node_name(enum calc_node);

/*
 * Pure helpers, exported for tests.  calc_input_diff() returns the mask
 * (1u << group) of input groups whose fields differ.  plan_update_concurrency()
 * re-derives the slider fields of p (tokens_per_request, blocks_at_tpr,
 * concurrency_at_tpr, replicas, total_concurrency, rule_users, warning)
 * from its other fields, as plan_compute() does.  calc_list_choices()
 * fills out[] with the checkpoint choices of in->model, unevaluated.
 * calc_input_for_defaults() clears every vLLM flag of in.
 */
unsigned calc_input_diff(const struct plan_input *, const struct plan_input *);
size_t calc_list_choices(const struct catalogue *, const struct plan_input *in,
    struct calc_choice *out, size_t max);
void calc_apply_choice(struct plan_input *, const struct calc_choice *);
/* Whether the input runs this choice (same checkpoint, format, online FP8). */
bool calc_choice_matches(const struct calc_choice *, const struct plan_input *);
void calc_input_for_defaults(struct plan_input *);

#endif
