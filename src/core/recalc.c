/*
 * recalc.c - the dependency graph behind the planner's screen.
 *
 * Each node has a dirty flag, a recompute counter and a dependency entry:
 * the input groups it reads and the nodes it reads.  Node values live in
 * the calc: the plan nodes each own a disjoint set of the fields of
 * c->plan (copy_fields() names them; the KV node owns every field no other
 * node names, so a field added to struct plan is safe by default), the
 * other nodes own their own arrays.  Nodes are numbered in dependency
 * order, so one pass over the enum recomputes them correctly.
 */
#include "recalc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kv.h"
#include "vllm_flags.h"

#define IN(g) (1u << (g))
#define IN_ALL ((1u << RECALC_IN_COUNT) - 1)
#define IN_PLAN (IN_ALL & ~IN(RECALC_IN_SLIDER) & ~IN(RECALC_IN_STYLE))
#define NODE(n) (1u << (n))
#define PLAN_NODES                                                             \
	(NODE(RECALC_N_SETTINGS) | NODE(RECALC_N_BUDGET) |                     \
	    NODE(RECALC_N_WEIGHTS) | NODE(RECALC_N_PROFILE) |                  \
	    NODE(RECALC_N_KV) | NODE(RECALC_N_VERDICT))

struct recalc_dep {
	const char *name;
	unsigned inputs; /* IN() groups read */
	unsigned nodes; /* NODE()s read */
};

/*
 * The graph.  Weights and profile terms read fewer inputs than the rest
 * of the plan; with pipeline stages they read everything, because the
 * plan reports the stage with the fewest KV blocks (see node_inputs()).
 */
static const struct recalc_dep deps[RECALC_N_COUNT] = {
	[RECALC_N_SETTINGS] = { "settings", IN_PLAN, 0 },
	/* what is free at startup holds a TP or PP group's NCCL buffers */
	[RECALC_N_BUDGET] = { "budget",
	    IN(RECALC_IN_CARD) | IN(RECALC_IN_MODEL) | IN(RECALC_IN_BUDGET) |
		IN(RECALC_IN_VERSION) | IN(RECALC_IN_PARALLEL),
	    0 },
	/* the scheduler's token budget sizes Gemma 3n's per-layer inputs
	 * buffer and DeepSeek-V4's rank weights */
	[RECALC_N_WEIGHTS] = { "weights",
	    IN(RECALC_IN_CARD) | IN(RECALC_IN_MODEL) | IN(RECALC_IN_PARALLEL) |
		IN(RECALC_IN_VERSION) | IN(RECALC_IN_EXTRAS) |
		IN(RECALC_IN_SCHED),
	    0 },
	[RECALC_N_PROFILE] = { "profile", IN_PLAN & ~IN(RECALC_IN_BUDGET), 0 },
	[RECALC_N_KV] = { "kv", IN_PLAN,
	    NODE(RECALC_N_SETTINGS) | NODE(RECALC_N_BUDGET) |
		NODE(RECALC_N_WEIGHTS) | NODE(RECALC_N_PROFILE) },
	[RECALC_N_VERDICT] = { "verdict", IN_PLAN,
	    NODE(RECALC_N_SETTINGS) | NODE(RECALC_N_BUDGET) |
		NODE(RECALC_N_WEIGHTS) | NODE(RECALC_N_PROFILE) |
		NODE(RECALC_N_KV) },
	[RECALC_N_CONCURRENCY] = { "concurrency",
	    IN(RECALC_IN_SLIDER) | IN(RECALC_IN_CARD) | IN(RECALC_IN_MODEL) |
		IN(RECALC_IN_PARALLEL) | IN(RECALC_IN_VERSION),
	    NODE(RECALC_N_SETTINGS) | NODE(RECALC_N_KV) |
		NODE(RECALC_N_VERDICT) },
	[RECALC_N_DEFAULTS] = { "defaults",
	    IN(RECALC_IN_CARD) | IN(RECALC_IN_MODEL) | IN(RECALC_IN_BUDGET) |
		IN(RECALC_IN_VERSION),
	    0 },
	[RECALC_N_CHOICES] = { "choices", IN_PLAN, 0 },
	[RECALC_N_FIXES] = { "fixes", IN_PLAN | IN(RECALC_IN_SLIDER),
	    PLAN_NODES | NODE(RECALC_N_CONCURRENCY) },
	[RECALC_N_COMMAND] = { "command", IN_PLAN | IN(RECALC_IN_STYLE),
	    NODE(RECALC_N_SETTINGS) | NODE(RECALC_N_KV) |
		NODE(RECALC_N_VERDICT) },
	[RECALC_N_SPEED] = { "speed", IN_PLAN | IN(RECALC_IN_SLIDER),
	    PLAN_NODES | NODE(RECALC_N_CONCURRENCY) },
};

struct recalc {
	const struct catalogue *cat;
	recalc_command_fn cmd_fn;
	struct plan_input in;
	bool explicit_all;
	bool dirty[RECALC_N_COUNT];
	unsigned long count[RECALC_N_COUNT];
	unsigned long kernel_runs;
	struct plan plan;
	struct plan scratch; /* the kernel's output */
	struct plan defaults;
	struct fix fixes[FIX_MAX];
	struct fix fixes_old[FIX_MAX];
	size_t n_fixes;
	struct recalc_choice choices[RECALC_MAX_CHOICES];
	size_t n_choices;
	char command[RECALC_CMD_LEN];
	char command_old[RECALC_CMD_LEN];
	struct speed_estimate speed;
};

static unsigned
node_inputs(const struct recalc *c, enum recalc_node n)
{
	unsigned in = deps[n].inputs;

	if ((n == RECALC_N_WEIGHTS || n == RECALC_N_PROFILE) && c->in.pp > 1)
		in |= IN_PLAN;
	/* the scheduler group (deps) reaches the weights that hold
	 * max_num_batched_tokens rows, Gemma 3n's and DeepSeek-V4's; that
	 * budget is capped by max_num_seqs x max_model_len, and a RoPE cache
	 * built up to max_model_len (MiniMax-Text-01, PLaMo 2) follows it too,
	 * so for those models the KV group reaches them as well */
	if (n == RECALC_N_WEIGHTS && c->in.model != NULL &&
	    (c->in.model->ple_buffer || c->in.model->dsv4.layers > 0 ||
		c->in.model->vision_deepstack > 0 ||
		c->in.model->rope_upto_len))
		in |= IN(RECALC_IN_KV);
	return in;
}

/* ---- the fields each plan node owns ---- */

static void
copy_settings(struct plan *d, const struct plan *s)
{
	d->version = s->version;
	d->tp = s->tp;
	d->pp = s->pp;
	d->dp = s->dp;
	d->world = s->world;
	d->expert_parallel = s->expert_parallel;
	d->experts_round_robin = s->experts_round_robin;
	d->ep_size = s->ep_size;
	d->experts_per_rank = s->experts_per_rank;
	d->moe_tp = s->moe_tp;
	memcpy(d->card_assumption, s->card_assumption,
	    sizeof d->card_assumption);
	d->util = s->util;
	d->max_model_len = s->max_model_len;
	d->max_model_len_auto = s->max_model_len_auto;
	d->kv_dtype = s->kv_dtype;
	d->kv_bytes = s->kv_bytes;
	d->max_num_seqs = s->max_num_seqs;
	d->max_num_batched_tokens = s->max_num_batched_tokens;
	d->block_size = s->block_size;
	d->enforce_eager = s->enforce_eager;
	d->n_capture_sizes = s->n_capture_sizes;
	d->max_capture_size = s->max_capture_size;
	d->format = s->format;
	d->v2_runner = s->v2_runner;
	memcpy(d->env_note, s->env_note, sizeof d->env_note);
}

static void
copy_budget(struct plan *d, const struct plan *s)
{
	d->total = s->total;
	d->other = s->other;
	d->free = s->free;
	d->requested = s->requested;
	d->outside_budget = s->outside_budget;
}

static void
copy_weights(struct plan *d, const struct plan *s)
{
	d->weights = s->weights;
	d->weights_exact = s->weights_exact;
}

static void
copy_profile(struct plan *d, const struct plan *s)
{
	d->activation = s->activation;
	d->non_torch = s->non_torch;
	d->cuda_graphs = s->cuda_graphs;
	d->cg_in_budget = s->cg_in_budget;
	d->cg_host_repeats = s->cg_host_repeats;
}

static void
copy_verdict(struct plan *d, const struct plan *s)
{
	d->phase = s->phase;
	d->estimated_max_model_len = s->estimated_max_model_len;
	memcpy(d->message, s->message, sizeof d->message);
}

static void
copy_concurrency(struct plan *d, const struct plan *s)
{
	d->tokens_per_request = s->tokens_per_request;
	d->blocks_at_tpr = s->blocks_at_tpr;
	d->concurrency_at_tpr = s->concurrency_at_tpr;
	d->replicas = s->replicas;
	d->total_concurrency = s->total_concurrency;
	d->rule_users = s->rule_users;
	memcpy(d->warning, s->warning, sizeof d->warning);
}

static void copy_fields(enum recalc_node, struct plan *, const struct plan *);

/* KV sizing owns everything the other nodes do not. */
static void
copy_kv(struct plan *d, const struct plan *s)
{
	struct plan t = *s;
	int n;

	for (n = 0; n <= RECALC_N_CONCURRENCY; n++)
		if (n != RECALC_N_KV)
			copy_fields(n, &t, d);
	*d = t;
}

static void
copy_fields(enum recalc_node n, struct plan *d, const struct plan *s)
{
	switch (n) {
	case RECALC_N_SETTINGS: copy_settings(d, s); break;
	case RECALC_N_BUDGET: copy_budget(d, s); break;
	case RECALC_N_WEIGHTS: copy_weights(d, s); break;
	case RECALC_N_PROFILE: copy_profile(d, s); break;
	case RECALC_N_KV: copy_kv(d, s); break;
	case RECALC_N_VERDICT: copy_verdict(d, s); break;
	case RECALC_N_CONCURRENCY: copy_concurrency(d, s); break;
	default: break;
	}
}

/* Do a and b agree on the fields node n owns? */
static bool
fields_equal(enum recalc_node n, const struct plan *a, const struct plan *b)
{
	struct plan t = *a;

	copy_fields(n, &t, b);
	return memcmp(&t, a, sizeof t) == 0;
}

/* ---- pure helpers ---- */

static bool
same_card(const struct plan_input *a, const struct plan_input *b)
{
	return a->gpu == b->gpu && a->mig == b->mig &&
	    a->gpu_total_gib == b->gpu_total_gib && a->gpus == b->gpus &&
	    a->node_gpus == b->node_gpus;
}

static bool
same_model(const struct plan_input *a, const struct plan_input *b)
{
	return a->model == b->model && a->ckpt == b->ckpt &&
	    a->format == b->format && a->weight_bytes == b->weight_bytes &&
	    a->limit_mm_images == b->limit_mm_images &&
	    a->limit_mm_videos == b->limit_mm_videos &&
	    a->limit_mm_audios == b->limit_mm_audios &&
	    a->limit_mm_chunks == b->limit_mm_chunks &&
	    a->mm_max_pixels == b->mm_max_pixels &&
	    a->mm_image_width == b->mm_image_width &&
	    a->mm_image_height == b->mm_image_height;
}

static bool
same_calibration(const struct plan_calibration *a,
    const struct plan_calibration *b)
{
	if (a->terms == 0 && b->terms == 0)
		return true;
	return a->terms == b->terms && a->weights == b->weights &&
	    a->activation == b->activation && a->non_torch == b->non_torch &&
	    a->cuda_graphs == b->cuda_graphs && a->gpu == b->gpu &&
	    a->mig == b->mig && a->version == b->version && a->tp == b->tp &&
	    a->pp == b->pp &&
	    a->max_num_batched_tokens == b->max_num_batched_tokens &&
	    a->model == b->model && a->format == b->format;
}

unsigned
recalc_input_diff(const struct plan_input *a, const struct plan_input *b)
{
	/* the vLLM flags, each in its row's group (vllm_flags.c) */
	unsigned m = vllm_flags_diff(a, b);

	if (!same_card(a, b))
		m |= IN(RECALC_IN_CARD);
	if (!same_model(a, b))
		m |= IN(RECALC_IN_MODEL);
	if (a->other_usage_gib != b->other_usage_gib)
		m |= IN(RECALC_IN_BUDGET);
	if (a->version != b->version || a->overhead != b->overhead ||
	    !same_calibration(&a->cal, &b->cal))
		m |= IN(RECALC_IN_VERSION);
	if (memcmp(&a->lora, &b->lora, sizeof a->lora) != 0 ||
	    a->spec.method != b->spec.method ||
	    a->spec.num_tokens != b->spec.num_tokens ||
	    strcmp(a->spec.name, b->spec.name) != 0 ||
	    strcmp(a->spec.model, b->spec.model) != 0 ||
	    strcmp(a->spec.kept, b->spec.kept) != 0 ||
	    a->cpu_offload_gib != b->cpu_offload_gib ||
	    a->kv_offloading_gib != b->kv_offloading_gib ||
	    a->kv_offloading_backend != b->kv_offloading_backend)
		m |= IN(RECALC_IN_EXTRAS);
	if (a->tokens_per_request != b->tokens_per_request)
		m |= IN(RECALC_IN_SLIDER);
	/* words carried into the command only (an imported command) */
	if (a->revision != b->revision || a->extra_flags != b->extra_flags ||
	    a->n_extra_flags != b->n_extra_flags || a->env != b->env ||
	    a->n_env != b->n_env)
		m |= IN(RECALC_IN_STYLE);
	/* VLLM_USE_FLASHINFER_SAMPLER picks the sampler's coefficient */
	if (a->env != b->env || a->n_env != b->n_env)
		m |= IN(RECALC_IN_VERSION);
	return m;
}

void
recalc_input_for_defaults(struct plan_input *in)
{
	/* the weights as loaded belong to the model choice, not to defaults */
	bool fp8 = in->quantization_fp8;
	enum ckpt_format dtype = in->dtype_override;

	vllm_flags_reset_all(in);
	in->quantization_fp8 = fp8;
	in->dtype_override = dtype;
	in->limit_mm_images = in->limit_mm_videos = in->limit_mm_audios = -1;
	in->limit_mm_chunks = -1;
	in->mm_max_pixels = 0;
	in->mm_image_width = in->mm_image_height = 0;
	memset(&in->lora, 0, sizeof in->lora);
	memset(&in->spec, 0, sizeof in->spec);
	in->cpu_offload_gib = 0;
	in->kv_offloading_gib = 0;
	in->kv_offloading_backend = 0;
	in->tokens_per_request = 0;
}

static bool
is_16bit(enum ckpt_format f)
{
	return f == FMT_BF16 || f == FMT_FP16 || f == FMT_FP32;
}

static int
model_index(const struct catalogue *cat, const struct model *m)
{
	if (m == NULL || cat->models == NULL || m < cat->models ||
	    m >= cat->models + cat->n_models)
		return -1;
	return (int)(m - cat->models);
}

bool
recalc_choice_matches(const struct recalc_choice *ch,
    const struct plan_input *in)
{
	if (ch->ckpt != in->ckpt ||
	    ch->quantization_fp8 != in->quantization_fp8)
		return false;
	if (ch->ckpt >= 0 || ch->quantization_fp8)
		return true;
	/* no format given: the model's own weights */
	if (in->format == FMT_COUNT && in->model != NULL)
		return ch->format == in->model->native_format;
	return ch->format == in->format;
}

static size_t
add_choice(struct recalc_choice *out, size_t n, size_t max, int ckpt,
    enum ckpt_format f, bool qfp8, bool derived)
{
	if (n >= max)
		return n;
	memset(&out[n], 0, sizeof out[n]);
	out[n].ckpt = ckpt;
	out[n].format = f;
	out[n].quantization_fp8 = qfp8;
	out[n].derived = derived;
	return n + 1;
}

size_t
recalc_list_choices(const struct catalogue *cat, const struct plan_input *in,
    struct recalc_choice *out, size_t max)
{
	static const enum ckpt_format order[] = {
		FMT_FP32,
		FMT_BF16,
		FMT_FP16,
		FMT_FP8,
		FMT_FP8_CHANNEL,
		FMT_FP8_BLOCK,
		FMT_INT8,
		FMT_AWQ,
		FMT_GPTQ,
		FMT_NVFP4,
		FMT_MXFP4,
	};
	static const enum ckpt_format derivable[] = { FMT_AWQ, FMT_NVFP4 };
	const struct model *m = in->model;
	bool have[FMT_COUNT + 1] = { false };
	int mi, first16 = -1;
	size_t n = 0, i, k;

	if (m == NULL || max == 0)
		return 0;
	mi = model_index(cat, m);
	for (i = 0; i < sizeof order / sizeof order[0]; i++)
		for (k = 0; mi >= 0 && k < cat->n_ckpts; k++) {
			const struct checkpoint *ck = &cat->ckpts[k];

			if (ck->model_index != mi || ck->format != order[i])
				continue;
			n = add_choice(out, n, max, (int)k, ck->format, false,
			    false);
			have[ck->format] = true;
			if (is_16bit(ck->format) && first16 < 0)
				first16 = (int)k;
		}
	if (mi < 0) {
		/* a local model: its own weights, in the format given */
		enum ckpt_format f =
		    in->format != FMT_COUNT ? in->format : m->native_format;

		n = add_choice(out, n, max, -1, f, false, false);
		have[f] = true;
	} else if (is_16bit(m->native_format) && !have[m->native_format]) {
		n = add_choice(out, n, max, -1, m->native_format, false, true);
		have[m->native_format] = true;
	}
	if (is_16bit(m->native_format))
		n = add_choice(out, n, max, first16, FMT_FP8, true, false);
	for (i = 0; mi >= 0 && i < sizeof derivable / sizeof derivable[0]; i++)
		if (!have[derivable[i]])
			n = add_choice(out, n, max, -1, derivable[i], false,
			    true);
	/* whatever the input holds stays selectable */
	for (i = 0; i < n; i++)
		if (recalc_choice_matches(&out[i], in))
			return n;
	if (n == max)
		n--;
	memmove(&out[1], &out[0], n * sizeof out[0]);
	add_choice(out, 0, max, in->ckpt,
	    in->ckpt >= 0 && in->ckpt < (int)cat->n_ckpts
		? cat->ckpts[in->ckpt].format
		: in->format != FMT_COUNT ? in->format
					  : m->native_format,
	    in->quantization_fp8, in->ckpt < 0);
	if (in->quantization_fp8)
		out[0].format = FMT_FP8;
	return n + 1;
}

void
recalc_apply_choice(struct plan_input *in, const struct recalc_choice *ch)
{
	in->ckpt = ch->ckpt;
	in->quantization_fp8 = ch->quantization_fp8;
	if (ch->ckpt >= 0 || ch->quantization_fp8)
		in->format = FMT_COUNT;
	else
		in->format = ch->format;
}

/* ---- the calc ---- */

struct recalc *
recalc_new(const struct catalogue *cat, const struct plan_input *in,
    recalc_command_fn cmd)
{
	struct recalc *c = calloc(1, sizeof *c);
	int n;

	if (c == NULL)
		return NULL;
	c->cat = cat;
	c->cmd_fn = cmd;
	c->in = *in;
	for (n = 0; n < RECALC_N_COUNT; n++)
		c->dirty[n] = true;
	return c;
}

void
recalc_free(struct recalc **cp)
{
	if (cp == NULL || *cp == NULL)
		return;
	free(*cp);
	*cp = NULL;
}

const struct plan_input *
recalc_input(const struct recalc *c)
{
	return &c->in;
}

struct plan_input *
recalc_input_edit(struct recalc *c)
{
	return &c->in;
}

void
recalc_touch(struct recalc *c, enum recalc_input g)
{
	int n;

	if ((int)g < 0 || g >= RECALC_IN_COUNT)
		return;
	for (n = 0; n < RECALC_N_COUNT; n++)
		if (node_inputs(c, n) & IN(g))
			c->dirty[n] = true;
}

static void
touch_mask(struct recalc *c, unsigned mask)
{
	int g;

	for (g = 0; g < RECALC_IN_COUNT; g++)
		if (mask & IN(g))
			recalc_touch(c, g);
}

void
recalc_set_input(struct recalc *c, const struct plan_input *in)
{
	unsigned m = recalc_input_diff(&c->in, in);

	c->in = *in;
	touch_mask(c, m);
}

void
recalc_set_tokens_per_request(struct recalc *c, int64_t tokens)
{
	struct plan_input in = c->in;

	in.tokens_per_request = tokens > 0 ? tokens : 0;
	recalc_set_input(c, &in);
}

void
recalc_set_explicit_all(struct recalc *c, bool on)
{
	if (c->explicit_all == on)
		return;
	c->explicit_all = on;
	recalc_touch(c, RECALC_IN_STYLE);
}

bool
recalc_explicit_all(const struct recalc *c)
{
	return c->explicit_all;
}

bool
recalc_dirty(const struct recalc *c)
{
	int n;

	for (n = 0; n < RECALC_N_COUNT; n++)
		if (c->dirty[n])
			return true;
	return false;
}

static void
mark_dependents(struct recalc *c, enum recalc_node n)
{
	int d;

	for (d = n + 1; d < RECALC_N_COUNT; d++)
		if (deps[d].nodes & NODE(n))
			c->dirty[d] = true;
}

static bool
update_plan_nodes(struct recalc *c)
{
	int n;
	bool any = false;

	for (n = RECALC_N_SETTINGS; n <= RECALC_N_VERDICT; n++)
		any |= c->dirty[n];
	if (!any)
		return false;
	plan_compute(c->cat, &c->in, &c->scratch);
	c->kernel_runs++;
	for (n = RECALC_N_SETTINGS; n <= RECALC_N_VERDICT; n++) {
		if (!c->dirty[n])
			continue;
		copy_fields(n, &c->plan, &c->scratch);
		c->count[n]++;
	}
	return true;
}

static void
fill_choices(struct recalc *c)
{
	size_t i;

	memset(c->choices, 0, sizeof c->choices);
	c->n_choices =
	    recalc_list_choices(c->cat, &c->in, c->choices, RECALC_MAX_CHOICES);
	for (i = 0; i < c->n_choices; i++) {
		struct recalc_choice *ch = &c->choices[i];
		struct plan_input in = c->in;

		recalc_apply_choice(&in, ch);
		plan_compute(c->cat, &in, &c->scratch);
		ch->phase = c->scratch.phase;
		ch->max_concurrency = c->scratch.max_concurrency;
		ch->weights = c->scratch.weights;
		if (ch->phase == PHASE_CONFIG)
			snprintf(ch->reason, sizeof ch->reason, "%.*s",
			    (int)sizeof ch->reason - 1, c->scratch.message);
		else if (ch->phase != PHASE_NONE)
			snprintf(ch->reason, sizeof ch->reason,
			    "fails at %s: %.*s", plan_phase_title(ch->phase),
			    (int)sizeof ch->reason / 2, c->scratch.message);
	}
}

/*
 * The nodes after the plan, each recomputed when dirty; each returns
 * whether its value changed.
 */
static bool
update_defaults(struct recalc *c)
{
	struct plan_input din = c->in;
	struct plan old = c->defaults;

	c->dirty[RECALC_N_DEFAULTS] = false;
	c->count[RECALC_N_DEFAULTS]++;
	recalc_input_for_defaults(&din);
	plan_compute(c->cat, &din, &c->defaults);
	return memcmp(&old, &c->defaults, sizeof old) != 0;
}

static bool
update_choices(struct recalc *c)
{
	struct recalc_choice old[RECALC_MAX_CHOICES];
	size_t n_old = c->n_choices;

	memcpy(old, c->choices, sizeof old);
	c->dirty[RECALC_N_CHOICES] = false;
	c->count[RECALC_N_CHOICES]++;
	fill_choices(c);
	return n_old != c->n_choices ||
	    memcmp(old, c->choices, sizeof old) != 0;
}

static bool
update_fixes(struct recalc *c)
{
	size_t n_old = c->n_fixes;

	memcpy(c->fixes_old, c->fixes, sizeof c->fixes);
	memset(c->fixes, 0, sizeof c->fixes);
	c->dirty[RECALC_N_FIXES] = false;
	c->count[RECALC_N_FIXES]++;
	c->n_fixes = fixes_compute(c->cat, &c->in, &c->plan, c->fixes, FIX_MAX);
	if (c->n_fixes > FIX_MAX)
		c->n_fixes = FIX_MAX;
	return n_old != c->n_fixes ||
	    memcmp(c->fixes_old, c->fixes, sizeof c->fixes) != 0;
}

static bool
update_command(struct recalc *c)
{
	memcpy(c->command_old, c->command, sizeof c->command);
	c->dirty[RECALC_N_COMMAND] = false;
	c->count[RECALC_N_COMMAND]++;
	c->command[0] = '\0';
	if (c->cmd_fn != NULL)
		c->cmd_fn(c->cat, &c->in, &c->plan, c->explicit_all, c->command,
		    sizeof c->command);
	c->command[sizeof c->command - 1] = '\0';
	return strcmp(c->command_old, c->command) != 0;
}

static bool
update_speed(struct recalc *c)
{
	struct speed_estimate old = c->speed;

	c->dirty[RECALC_N_SPEED] = false;
	c->count[RECALC_N_SPEED]++;
	speed_estimate(c->cat, &c->in, &c->plan, 0, &c->speed);
	return memcmp(&old, &c->speed, sizeof old) != 0;
}

unsigned
recalc_update(struct recalc *c)
{
	unsigned changed = 0;
	struct plan before = c->plan;
	int n;

	if (update_plan_nodes(c)) {
		for (n = RECALC_N_SETTINGS; n <= RECALC_N_VERDICT; n++) {
			if (!c->dirty[n])
				continue;
			c->dirty[n] = false;
			if (!fields_equal(n, &before, &c->plan)) {
				changed |= RECALC_CHG(n);
				mark_dependents(c, n);
			}
		}
	}
	if (c->dirty[RECALC_N_CONCURRENCY]) {
		c->dirty[RECALC_N_CONCURRENCY] = false;
		c->count[RECALC_N_CONCURRENCY]++;
		plan_update_concurrency(&c->in, &c->plan);
		if (!fields_equal(RECALC_N_CONCURRENCY, &before, &c->plan)) {
			changed |= RECALC_CHG(RECALC_N_CONCURRENCY);
			mark_dependents(c, RECALC_N_CONCURRENCY);
		}
	}
	if (c->dirty[RECALC_N_DEFAULTS] && update_defaults(c))
		changed |= RECALC_CHG(RECALC_N_DEFAULTS);
	if (c->dirty[RECALC_N_CHOICES] && update_choices(c))
		changed |= RECALC_CHG(RECALC_N_CHOICES);
	if (c->dirty[RECALC_N_FIXES] && update_fixes(c))
		changed |= RECALC_CHG(RECALC_N_FIXES);
	if (c->dirty[RECALC_N_COMMAND] && update_command(c))
		changed |= RECALC_CHG(RECALC_N_COMMAND);
	if (c->dirty[RECALC_N_SPEED] && update_speed(c))
		changed |= RECALC_CHG(RECALC_N_SPEED);
	return changed;
}

const struct speed_estimate *
recalc_speed(const struct recalc *c)
{
	return &c->speed;
}

const struct plan *
recalc_plan(const struct recalc *c)
{
	return &c->plan;
}

const struct plan *
recalc_defaults(const struct recalc *c)
{
	return &c->defaults;
}

const struct fix *
recalc_fixes(const struct recalc *c, size_t *n)
{
	*n = c->n_fixes;
	return c->fixes;
}

const struct recalc_choice *
recalc_choices(const struct recalc *c, size_t *n)
{
	*n = c->n_choices;
	return c->choices;
}

const char *
recalc_command(const struct recalc *c)
{
	return c->command;
}

unsigned long
recalc_recomputes(const struct recalc *c, enum recalc_node n)
{
	if ((int)n < 0 || n >= RECALC_N_COUNT)
		return 0;
	return c->count[n];
}

unsigned long
recalc_kernel_runs(const struct recalc *c)
{
	return c->kernel_runs;
}

const char *
recalc_node_name(enum recalc_node n)
{
	if ((int)n < 0 || n >= RECALC_N_COUNT)
		return "?";
	return deps[n].name;
}
