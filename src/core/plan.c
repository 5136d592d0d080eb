/*
 * plan.c - vLLM's V1 startup, rank by rank (reference §1-§5).
 *
 * Order of the walk, which is also the order in which failures are
 * reported: configuration checks, the free-memory check of the budget,
 * weight loading, the profile run (activation, non-torch, CUDA-graph
 * estimate), KV-cache sizing and its two checks, graph capture and the
 * sampler warm-up that follow the KV allocation.  Everything is computed
 * even after a failure so the screen can still show each term.
 */
#include "plan.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "closecall.h"
#include "kv.h"
#include "lora.h"
#include "messages.h"
#include "multimodal.h"
#include "overhead.h"
#include "placement.h"
#include "profile_dsv4.h"
#include "spec.h"
#include "units.h"
#include "vllm_env.h"
#include "weights.h"
#include "weights_dsv4.h"

#define RULE_UTIL 0.9
#define RULE_RESERVE_GIB 3.0

/*
 * A unified-memory card (GB10, DGX Spark): CUDA's total is the pool the
 * OS and the CPU side share; vLLM's startup check compares the requested
 * share with the free memory it reads when the worker starts, on unified
 * memory the host's (psutil's available memory from vllm#35356, CUDA's
 * MemFree figure before, vllm#48140), which depends on what else runs and
 * on the page cache: headroom cannot know it.  The note names the card the
 * plan uses; the DGX Spark startups' figures are the GB10's alone.
 */
static void
plan_format_unified_note(const struct gpu *g, char *buf, size_t len)
{
	bool gb10 = g->id != NULL && strcmp(g->id, "gb10") == 0;
	const char *host = gb10
	    ? "adds to the non-torch estimate what the host gains during "
	      "load and profile, which vLLM counts as non-torch memory there "
	      "(an estimate from a GB10 startup)"
	    : g->unified_host_gib > 0
	    ? "adds to the non-torch estimate what the host gains during "
	      "load and profile, which vLLM counts as non-torch memory there "
	      "(the card's unified_host_gib, an estimate)"
	    : "adds nothing for what the host gains during load and profile, "
	      "which vLLM counts as non-torch memory there (the card gives no "
	      "unified_host_gib)";

	snprintf(buf, len,
	    "unified memory on %s: the card's total is "
	    "the memory the OS and every process share, and vLLM's startup "
	    "check reads what the host has free when it starts (page cache "
	    "and other programs count), which headroom cannot know; it plans "
	    "with --other-usage as all that is taken, and %s.%s",
	    g->name != NULL ? g->name : g->id, host,
	    gb10 ? " DGX Spark startups report 102 to "
		   "111 GiB free of 121.69 GiB, below the 111.95 GiB that the "
		   "0.92 default asks, so recipes give "
		   "--gpu-memory-utilization 0.85 or less; and the profile run "
		   "can take more than the budget there (vLLM issue 46307)."
		 : "");
}

void
plan_input_init(struct plan_input *in)
{
	memset(in, 0, sizeof *in);
	in->gpu = -1;
	in->mig = -1;
	in->ckpt = -1;
	in->format = FMT_COUNT;
	in->kv_dtype = KV_AUTO;
	in->n_capture_sizes = -1;
	in->optimization_level = -1;
	in->dtype_override = FMT_COUNT;
	in->limit_mm_images = -1;
	in->limit_mm_videos = -1;
	in->limit_mm_audios = -1;
	in->limit_mm_chunks = -1;
	in->overhead = OVERHEAD_ESTIMATE;
	in->hf_num_labels = -1;
}

const char *
plan_pool_task_name(int task)
{
	switch (task) {
	case PLAN_POOL_EMBED: return "embed";
	case PLAN_POOL_CLASSIFY: return "classify";
	case PLAN_POOL_REWARD:
	case PLAN_POOL_REWARD_MLP: return "reward";
	default: return NULL;
	}
}

bool
plan_kv_figure(const struct plan *p, int64_t *bytes)
{
	*bytes = 0;
	if (p->phase == PHASE_CONFIG || p->phase == PHASE_FREE_MEMORY ||
	    p->phase == PHASE_WEIGHTS || p->no_kv_cache)
		return false;
	*bytes = p->available_kv;
	return true;
}

const char *
plan_phase_name(enum plan_phase p)
{
	switch (p) {
	case PHASE_NONE: return NULL;
	case PHASE_CONFIG: return "config";
	case PHASE_FREE_MEMORY: return "free-memory";
	case PHASE_WEIGHTS: return "weights";
	case PHASE_KV_CACHE: return "kv-cache";
	case PHASE_CUDA_GRAPHS: return "cuda-graphs";
	case PHASE_SAMPLER_WARMUP: return "sampler-warmup";
	}
	return NULL;
}

const char *
plan_phase_title(enum plan_phase p)
{
	switch (p) {
	case PHASE_NONE: return "starts";
	case PHASE_CONFIG: return "configuration check";
	case PHASE_FREE_MEMORY: return "free-memory check";
	case PHASE_WEIGHTS: return "weight loading";
	case PHASE_KV_CACHE: return "KV cache sizing";
	case PHASE_CUDA_GRAPHS: return "CUDA graph capture";
	case PHASE_SAMPLER_WARMUP: return "sampler warm-up";
	}
	return "?";
}

int64_t
plan_card_total(const struct catalogue *c, const struct plan_input *in)
{
	const struct gpu *g;

	if (in->gpu_total_gib > 0)
		return units_bytes(in->gpu_total_gib);
	if (in->gpu < 0 || (size_t)in->gpu >= c->n_gpus)
		return 0;
	g = &c->gpus[in->gpu];
	if (in->mig >= 0 && (size_t)in->mig < g->n_mig)
		return units_bytes(g->mig[in->mig].total_gib);
	return units_bytes(g->cuda_total_gib);
}

double
plan_card_driver_gib(const struct catalogue *c, const struct plan_input *in)
{
	const struct gpu *g;

	if (in->gpu_total_gib > 0)
		return in->gpu_total_gib;
	if (in->gpu < 0 || (size_t)in->gpu >= c->n_gpus)
		return 0;
	g = &c->gpus[in->gpu];
	if (in->mig >= 0 && (size_t)in->mig < g->n_mig)
		return g->mig[in->mig].total_gib;
	if (g->nvidia_smi_mib > 0)
		return g->nvidia_smi_mib / 1024.0;
	return g->cuda_total_gib;
}

static void __attribute__((format(printf, 2, 3)))
config_fail(struct plan *p, const char *fmt, ...)
{
	va_list ap;

	if (p->phase != PHASE_NONE)
		return;
	p->phase = PHASE_CONFIG;
	va_start(ap, fmt);
	vsnprintf(p->message, sizeof p->message, fmt, ap);
	va_end(ap);
}

static int
is_16bit(enum ckpt_format f)
{
	return f == FMT_BF16 || f == FMT_FP16 || f == FMT_FP32;
}

static int
format_needs_fp8(enum ckpt_format f)
{
	return f == FMT_FP8 || f == FMT_FP8_CHANNEL || f == FMT_FP8_BLOCK;
}

/*
 * The MXFP4 MoE backend vLLM picks (mxfp4.py get_mxfp4_backend): LoRA and
 * cards before Hopper take the weight-only Marlin kernel, SM100 FlashInfer.
 * Hopper took Marlin in 0.10.1 (vLLM issue #23278, "Model loading took
 * 65.9651 GiB" for gpt-oss-120b) and in 0.19.0 (gpt-oss-20b 13.64 GiB in
 * the llm-d logs), the OAI Triton kernels in between (#33155, 0.14.1:
 * 64.38 GiB); the window's bounds are an assumption (doc/estimates.md).
 */
static enum mxfp4_backend
mxfp4_backend_for(double cc, int version, bool lora)
{
	if (lora || cc < 9.0)
		return MXFP4_MARLIN;
	if (cc >= 10.0 && cc < 11.0)
		return MXFP4_FLASHINFER;
	if (cc < 10.0)
		return version >= VLLM_VER(0, 11, 0) &&
			version < VLLM_VER(0, 19, 0)
		    ? MXFP4_TRITON_HOPPER
		    : MXFP4_MARLIN;
	return MXFP4_TRITON;
}

/* Per-stage figures; the plan reports the stage with the fewest blocks. */
struct stage {
	struct weights_breakdown w;
	struct overhead_out o;
	struct kv_layout kv;
	int64_t weights, available, num_blocks, lora, offloaded, draft;
	int layers;
};

/*
 * The measured terms of in->cal replace the estimates of a stage when the
 * profile was taken for this input (plan.h); p->calibrated says which.
 */
static void
calibrate_stage(const struct plan_input *in, struct plan *p, int n_graphs,
    int64_t *weights, struct overhead_out *o)
{
	const struct plan_calibration *k = &in->cal;

	if (k->terms == 0 || k->model != in->model || k->gpu != in->gpu ||
	    k->mig != in->mig || k->version != p->version || k->tp != p->tp ||
	    k->pp != p->pp || k->format != p->format)
		return;
	if (k->terms & PLAN_CAL_WEIGHTS) {
		*weights = k->weights;
		p->weights_exact = true;
		p->calibrated |= PLAN_CAL_WEIGHTS;
	}
	if ((k->terms & PLAN_CAL_ACTIVATION) &&
	    (k->max_num_batched_tokens == 0 ||
		k->max_num_batched_tokens == p->max_num_batched_tokens)) {
		o->activation = k->activation;
		p->calibrated |= PLAN_CAL_ACTIVATION;
	}
	if (k->terms & PLAN_CAL_NON_TORCH) {
		o->non_torch = k->non_torch;
		p->calibrated |= PLAN_CAL_NON_TORCH;
	}
	if ((k->terms & PLAN_CAL_CUDA_GRAPHS) && n_graphs > 0) {
		o->cuda_graphs = k->cuda_graphs;
		p->calibrated |= PLAN_CAL_CUDA_GRAPHS;
	}
}

static void
rule_plan(const struct catalogue *c, const struct plan_input *in,
    struct plan *p, const struct stage *s)
{
	double driver = plan_card_driver_gib(c, in);
	int64_t cache;

	p->util = RULE_UTIL;
	p->total = units_bytes(driver);
	p->requested = units_bytes(RULE_UTIL * driver);
	p->activation = units_bytes(RULE_RESERVE_GIB);
	p->non_torch = p->unified_host = 0;
	p->cuda_graphs = 0;
	p->cg_in_budget = true;
	p->cg_host_repeats = 0;
	cache = p->requested - p->activation - s->weights;
	p->rule_cache = cache;
	p->available_kv = cache;
	p->kv_cache = cache > 0 ? cache : 0;
	p->outside_budget = p->total - p->requested - p->other;
	p->kv_tokens = p->bytes_per_token > 0 && cache > 0
	    ? cache / p->bytes_per_token
	    : 0;
	p->max_concurrency =
	    p->max_model_len > 0 ? (double)p->kv_tokens / p->max_model_len : 0;
	p->needed_one_request = p->bytes_per_token * p->max_model_len;
	if (p->phase != PHASE_NONE)
		return;
	if (s->weights > p->requested - p->activation) {
		p->phase = PHASE_WEIGHTS;
		snprintf(p->message, sizeof p->message,
		    "By the sizing rule "
		    "(0.9 x %.1f GiB - 3 GiB) the card keeps %.1f GiB for "
		    "weights "
		    "and cache; the weights alone need %.1f GiB per card.",
		    driver, units_gib(p->requested - p->activation),
		    units_gib(s->weights));
	} else if (p->needed_one_request > cache) {
		p->phase = PHASE_KV_CACHE;
		p->estimated_max_model_len = p->kv_tokens;
		snprintf(p->message, sizeof p->message,
		    "By the sizing rule the "
		    "cache holds %.1f GiB; one request of %lld tokens needs "
		    "%.1f GiB. "
		    "Estimated maximum model length: %lld.",
		    units_gib(cache), (long long)p->max_model_len,
		    units_gib(p->needed_one_request), (long long)p->kv_tokens);
	}
}

static int64_t
blocks_for(const struct plan *p, int64_t tokens)
{
	if (p->block_size <= 0 || tokens <= 0)
		return 0;
	return kv_blocks_per_request(&p->kv, tokens);
}

/*
 * The slider fields: requests
 * of T tokens take blocks_T blocks; (num_blocks - 1) / blocks_T of them
 * fit (one block is vLLM's null block), at most max_num_seqs, none when
 * T exceeds max_model_len or the plan fails.  The rule-of-thumb mode
 * divides its cache by bytes per token instead.
 */
void
plan_update_concurrency(const struct plan_input *in, struct plan *p)
{
	int64_t tpr, avail;

	p->tokens_per_request = 0;
	p->blocks_at_tpr = 0;
	p->concurrency_at_tpr = 0;
	p->replicas = 0;
	p->total_concurrency = 0;
	p->rule_users = 0;
	memset(p->warning, 0, sizeof p->warning);
	/* the walk stopped before the scheduler: no card, model or coefficients */
	if (p->max_num_seqs <= 0)
		return;
	tpr = in->tokens_per_request > 0 ? in->tokens_per_request
					 : p->max_model_len;
	p->tokens_per_request = tpr;
	avail = in->gpus > 0 ? in->gpus : (int64_t)p->world * p->dp;
	p->replicas = p->world > 0 ? (int)(avail / p->world) : 0;
	if (p->replicas < 1)
		p->replicas = 1;
	if (in->overhead == OVERHEAD_RULE) {
		int64_t per_req = p->bytes_per_token * tpr;

		if (per_req > 0 && p->rule_cache > 0)
			p->rule_users = p->rule_cache / per_req;
		if (p->rule_users > p->max_num_seqs)
			p->rule_users = p->max_num_seqs;
		p->concurrency_at_tpr = p->rule_users;
	} else if (p->no_kv_cache) {
		/* no cache holds a request between steps: one forward takes
		 * whole prompts within max_num_batched_tokens (no chunked
		 * prefill) and max_num_seqs */
		if (tpr <= p->max_num_batched_tokens)
			p->concurrency_at_tpr = p->max_num_batched_tokens / tpr;
		if (p->concurrency_at_tpr > p->max_num_seqs)
			p->concurrency_at_tpr = p->max_num_seqs;
		if (tpr > p->max_model_len)
			snprintf(p->warning, sizeof p->warning,
			    "Requests of %lld tokens "
			    "are longer than max_model_len (%lld): vLLM "
			    "rejects them.",
			    (long long)tpr, (long long)p->max_model_len);
	} else {
		p->blocks_at_tpr = blocks_for(p, tpr);
		if (p->num_blocks > 1 && p->blocks_at_tpr > 0 &&
		    tpr <= p->max_model_len)
			p->concurrency_at_tpr =
			    (p->num_blocks - 1) / p->blocks_at_tpr;
		if (p->concurrency_at_tpr > p->max_num_seqs)
			p->concurrency_at_tpr = p->max_num_seqs;
		if (tpr > p->max_model_len)
			snprintf(p->warning, sizeof p->warning,
			    "Requests of %lld tokens "
			    "are longer than max_model_len (%lld): vLLM "
			    "rejects them.",
			    (long long)tpr, (long long)p->max_model_len);
	}
	if (p->phase != PHASE_NONE)
		p->concurrency_at_tpr = 0;
	p->total_concurrency = p->concurrency_at_tpr * p->replicas;
}

/*
 * The CUDA-graph mode in force: --compilation-config cudagraph_mode, else
 * the -O level's (vllm/config/vllm.py OPTIMIZATION_LEVEL_TO_CONFIG: O0 none,
 * O1 piecewise, O2 and O3 full and piecewise), else full and piecewise.
 */
static enum plan_cg_mode
graph_mode(const struct plan_input *in, const struct vllm_traits *t)
{
	if (in->cudagraph_mode != PLAN_CG_UNSET)
		return (enum plan_cg_mode)in->cudagraph_mode;
	if (in->optimization_level >= 0 && t->opt_levels)
		return in->optimization_level == 0 ? PLAN_CG_NONE
		    : in->optimization_level == 1  ? PLAN_CG_PIECEWISE
						   : PLAN_CG_FULL_AND_PIECEWISE;
	return PLAN_CG_FULL_AND_PIECEWISE;
}

/* MambaDType of a release: float16 from VLLM_SINCE_MAMBA_FLOAT16, bfloat16
 * from VLLM_SINCE_MAMBA_BFLOAT16 (doc/vllm-versions.md). */
static void
mamba_dtype_check(const char *flag, int d, int version, struct plan *p)
{
	static const char *const names[] = { "auto", "float32", "float16",
		"bfloat16" };
	int n = version >= VLLM_SINCE_MAMBA_BFLOAT16 ? 4
	    : version >= VLLM_SINCE_MAMBA_FLOAT16    ? 3
						     : 2;

	if (d < n || d > PLAN_MAMBA_BFLOAT16)
		return;
	config_fail(p, "argument %s: invalid choice: '%s' (choose from %s)",
	    flag, names[d],
	    n == 3 ? "'auto', 'float32', 'float16'" : "'auto', 'float32'");
}

/* Flag values the chosen release does not take, in vLLM's argparse words. */
static void
release_checks(const struct plan_input *in, const struct vllm_traits *t,
    struct plan *p)
{
	char list[80];

	if (in->block_size > 0 &&
	    !vllm_block_size_ok(t->version, in->block_size))
		config_fail(p,
		    "argument --block-size: invalid choice: %d (choose "
		    "from %s)",
		    in->block_size,
		    vllm_block_choices_text(t->version, list, sizeof list));
	if ((in->kv_dtype == KV_BFLOAT16 || in->kv_dtype == KV_FP8_DS_MLA) &&
	    !t->kv_bf16_mla)
		config_fail(p,
		    "argument --kv-cache-dtype: invalid choice: '%s' "
		    "(choose from 'auto', 'fp8', 'fp8_e4m3', 'fp8_e5m2', "
		    "'fp8_inc')",
		    kv_dtype_name(in->kv_dtype));
	mamba_dtype_check("--mamba-cache-dtype", in->mamba_cache_dtype,
	    t->version, p);
	mamba_dtype_check("--mamba-ssm-cache-dtype", in->mamba_ssm_cache_dtype,
	    t->version, p);
	if (in->cudagraph_mode != PLAN_CG_UNSET && !t->cudagraph_mode)
		config_fail(p,
		    "--compilation-config cudagraph_mode needs vLLM "
		    "0.10.2 or later.");
	if (in->optimization_level >= 0 && in->optimization_level != 3 &&
	    !t->opt_levels)
		config_fail(p,
		    "-O%d: before vLLM 0.12.0 -O is a torch.compile "
		    "level, whose CUDA graphs headroom does not model (-O3, "
		    "the "
		    "default, is).",
		    in->optimization_level);
	if (in->performance_mode != PLAN_PERF_UNSET && !t->perf_mode)
		config_fail(p,
		    "--performance-mode needs vLLM 0.17.0 or later.");
	/* --no-language-model-only as well: argparse has neither before */
	if (in->language_model_only != 0 &&
	    t->version < VLLM_SINCE_LANGUAGE_MODEL_ONLY)
		config_fail(p,
		    "--language-model-only needs vLLM %d.%d.%d or later; "
		    "before it --limit-mm-per-prompt with every modality at 0 "
		    "does the same.",
		    VLLM_SINCE_LANGUAGE_MODEL_ONLY / 10000,
		    VLLM_SINCE_LANGUAGE_MODEL_ONLY / 100 % 100,
		    VLLM_SINCE_LANGUAGE_MODEL_ONLY % 100);
}

/*
 * One walk of vLLM's startup: what every phase below reads and leaves.
 * The phases run in startup order; each fills its fields of the plan and
 * records the first failure (config_fail() and the phase checks keep the
 * first one), so later phases still compute every term.
 */
struct walk {
	const struct catalogue *c;
	const struct plan_input *in;
	struct plan *p;
	const struct model *m;
	const struct gpu *g; /* NULL: a custom card */
	const struct checkpoint *ck; /* NULL: a derived format */
	const struct coeff_set *co;
	struct vllm_traits t;
	struct plan_lora lora;
	struct kv_params kp;
	struct experts_split
	    es; /* the MoE split of rank 0 (the most experts) */
	struct stage st[PLAN_MAX_STAGES];
	struct model mc; /* the model with its RoPE rows at max_model_len */
	int sizes[PLAN_MAX_CAPTURE];
	int nstage, best, dtype_bytes, n_graphs, q, nspec;
	int n_pw_graphs; /* of n_graphs, those of the PIECEWISE pass */
	int64_t derived; /* the model's longest length */
	double scale, cc; /* exact-weights scale; compute capability */
	bool load_measured; /* the scale is a logged "Model loading took" */
	bool dsv4_fp4_indexer; /* attention_config.use_fp4_indexer_cache */
	double sampler_bpl; /* the sampler's bytes per logit on its path */
};

/* The release, its traits and coefficients, the card, the checkpoint and
 * the parallel layout the flags give. */
static void
walk_resolve_settings(struct walk *w)
{
	const struct plan_input *in = w->in;
	struct plan *p = w->p;

	p->version = in->version > 0 ? in->version : VLLM_VER_NEWEST;
	vllm_traits_get(p->version, &w->t);
	w->co = catalogue_coeffs(w->c, p->version);
	if (in->gpu >= 0 && (size_t)in->gpu < w->c->n_gpus) {
		w->g = &w->c->gpus[in->gpu];
		w->cc = w->g->compute_capability;
	}
	if (in->ckpt >= 0 && (size_t)in->ckpt < w->c->n_ckpts)
		w->ck = &w->c->ckpts[in->ckpt];
	p->total = plan_card_total(w->c, in);
	p->other = units_bytes(in->other_usage_gib);
	p->tp = in->tp > 0 ? in->tp : 1;
	p->pp = in->pp > 0 ? in->pp : 1;
	p->dp = in->dp > 0 ? in->dp : 1;
	p->world = p->tp * p->pp;
	p->util = in->util > 0 ? in->util : w->t.default_util;
	p->enforce_eager = in->enforce_eager;
}

/* Nothing to plan: no model, no coefficients, no card, an architecture
 * the release does not have, or one headroom does not model.  Sets the
 * config phase and its message and returns true. */
static bool
walk_refuse_settings(struct walk *w)
{
	struct plan *p = w->p;

	if (w->m == NULL || w->co == NULL) {
		p->phase = PHASE_CONFIG;
		snprintf(p->message, sizeof p->message, "%s",
		    w->m == NULL ? "No model specified."
				 : "No estimate coefficients loaded.");
		return true;
	}
	if (p->total <= 0) {
		p->phase = PHASE_CONFIG;
		snprintf(p->message, sizeof p->message,
		    "No card chosen: give --gpu "
		    "or --gpu-total-gib.");
		return true;
	}
	if (w->m->last_release > 0 && p->version > w->m->last_release) {
		/* vLLM's registry (_raise_for_unsupported): removed architectures */
		p->phase = PHASE_CONFIG;
		snprintf(p->message, sizeof p->message,
		    "Model architecture %s was "
		    "supported in vLLM until v%d.%d.%d, and is not supported "
		    "anymore. "
		    "Please use an older version of vLLM if you want to use "
		    "this "
		    "model architecture.",
		    w->m->architecture, w->m->last_release / 10000,
		    w->m->last_release / 100 % 100, w->m->last_release % 100);
		return true;
	}
	if (w->m->first_release > 0 && p->version < w->m->first_release) {
		p->phase = PHASE_CONFIG;
		snprintf(p->message, sizeof p->message,
		    w->m->first_v0
			? "%s: vLLM "
			  "before %d.%d.%d runs this architecture on its V0 "
			  "engine only; "
			  "headroom models the V1 engine and does not plan it."
			: "%s: vLLM "
			  "before %d.%d.%d does not know this architecture "
			  "(its registry "
			  "has no entry for it).",
		    w->m->architecture, w->m->first_release / 10000,
		    w->m->first_release / 100 % 100, w->m->first_release % 100);
		return true;
	}
	if (w->m->refusal != NULL) {
		/* an architecture or field headroom does not model: no numbers */
		p->phase = PHASE_CONFIG;
		snprintf(p->message, sizeof p->message, "%s", w->m->refusal);
		return true;
	}
	return false;
}

/* The model's and card's notes, and how the MoE experts split over the
 * ranks. */
static void
walk_set_experts(struct walk *w)
{
	const struct plan_input *in = w->in;
	struct plan *p = w->p;

	p->assumption = w->m->assumption;
	if (w->g != NULL && w->g->unified && in->mig < 0)
		plan_format_unified_note(w->g, p->card_assumption,
		    sizeof p->card_assumption);
	experts_split_for(w->m->n_experts, p->tp, p->dp,
	    in->expert_parallel > 0, 0, &w->es);
	p->expert_parallel = w->es.ep;
	/* determine_expert_placement_strategy(): round_robin needs expert
	 * groups and no redundant experts, and with DP the all2all kernels of
	 * allgather_reducescatter keep linear */
	p->experts_round_robin = w->es.ep && in->expert_placement == 1 &&
	    w->m->n_expert_group > 1 && p->dp == 1;
	p->ep_size = w->es.ep ? w->es.group : 0;
	p->experts_per_rank = w->es.experts;
	p->moe_tp = w->m->n_experts > 0 ? w->es.moe_tp : 0;
}

/* Settings the flags resolve to; false when nothing can be planned. */
static bool
walk_settings(struct walk *w)
{
	walk_resolve_settings(w);
	if (walk_refuse_settings(w))
		return false;
	walk_set_experts(w);
	return true;
}

/* The weight format as loaded, the model dtype and the KV-cache dtype. */
static void
walk_formats(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	const struct checkpoint *ck = w->ck;
	struct plan *p = w->p;

	p->format = ck                ? ck->format
	    : in->format != FMT_COUNT ? in->format
				      : m->native_format;
	if (in->quantization_fp8 && is_16bit(p->format))
		p->format = FMT_FP8;
	w->dtype_bytes = m->dtype_bytes > 0 ? m->dtype_bytes : 2;
	if (in->dtype_override == FMT_FP32)
		w->dtype_bytes = 4;
	else if (in->dtype_override == FMT_BF16 ||
	    in->dtype_override == FMT_FP16)
		w->dtype_bytes = 2;
	if (p->format == FMT_FP32)
		w->dtype_bytes = 4;
	p->kv_dtype = in->kv_dtype;
	if (p->kv_dtype == KV_AUTO) {
		enum kv_dtype k =
		    ck && ck->kv != KV_AUTO ? ck->kv : m->native_kv;
		/* a compressed-tensors kv_cache_scheme's fp8 (the checkpoint's
		 * own config, or --model DIR's) before #30141: the model dtype */
		int ct = ck && ck->kv != KV_AUTO ? ck->arch != NULL &&
			ck->arch->native_kv_ct && ck->arch->native_kv == ck->kv
						 : m->native_kv_ct;

		if (k != KV_AUTO && !(ct && !w->t.kv_ct_scheme_auto))
			p->kv_dtype = k;
	}
	/* DeepseekV32ForCausalLM.verify_and_update_config (models/config.py):
	 * sparse-attention MLA stores fp8 as the custom fp8_ds_mla layout */
	if (m->mla && m->index_topk > 0 && kv_dtype_is_fp8(p->kv_dtype) &&
	    p->kv_dtype != KV_FP8_DS_MLA &&
	    !(w->cc >= 10.0 && w->cc < 11.0 && w->t.sparse_mla_flashinfer))
		p->kv_dtype = KV_FP8_DS_MLA;
	/* DeepSeek-V4: every fp8 cache is the fp8_ds_mla layout (sparse_swa.py,
	 * the attention layer's MLAAttentionSpec) */
	if (m->dsv4.layers > 0 && kv_dtype_is_fp8(p->kv_dtype))
		p->kv_dtype = KV_FP8_DS_MLA;
	p->kv_bytes = kv_dtype_bytes(p->kv_dtype, w->dtype_bytes);
}

/* The flags themselves: the node's world size, values headroom does not
 * model, context parallelism, the utilization range, the release's
 * choices. */
/* The name of --task's value, as the flag table spells it. */
static const char *
task_name(int task)
{
	static const char *const names[] = { "", "auto", "generate",
		"embedding", "embed", "classify", "score", "reward",
		"transcription", "draft" };

	return task > 0 && task < (int)(sizeof names / sizeof names[0])
	    ? names[task]
	    : "?";
}

/* --task where plan_task_apply() does not resolve it: from 0.13.0 vLLM's
 * argument parser has no such flag (its deprecation said "will be removed
 * in v0.13.0"; "vllm: error: unrecognized arguments: --task embed" on
 * 0.13.0, vLLM #35603 and flagos-ai/vllm-plugin-FL #127), and score takes
 * the class's default pooling task, which headroom does not resolve. */
static void
walk_check_task(struct walk *w)
{
	const struct plan_input *in = w->in;

	if (in->task == PLAN_TASK_UNSET)
		return;
	if (w->p->version >= VLLM_SINCE_NO_TASK)
		config_fail(w->p,
		    "unrecognized arguments: --task %s (vLLM 0.13.0 removed "
		    "--task, deprecated since 0.10.1 by #21470; give --runner "
		    "and --convert instead, or --vllm-version 0.12.0 or "
		    "earlier)",
		    task_name(in->task));
	else if (in->task == PLAN_TASK_SCORE)
		config_fail(w->p,
		    "--task score: ModelConfig resolves it to the class's "
		    "default pooling task (classify or embed), which headroom "
		    "does not resolve, so it does not plan it; give --runner "
		    "pooling with --convert classify or embed.");
}

static void
walk_check_flags(struct walk *w)
{
	const struct plan_input *in = w->in;
	struct plan *p = w->p;
	char b[PLAN_MSG_LEN];

	/* on nodes vLLM checks the world size while parsing its arguments,
	 * before anything else: its words, as the placement gives them */
	if (in->gpus > 0 && in->node_gpus > 0 && in->mig < 0 &&
	    placement_refusal(in->node_gpus, in->gpus, p->tp, p->pp, p->dp, b,
		sizeof b))
		config_fail(p, "%s", b);
	if (in->not_modelled != NULL)
		config_fail(p,
		    "%s: headroom does not model what this value does "
		    "to memory, so it does not plan it.",
		    in->not_modelled);
	walk_check_task(w);
	if (in->pcp > 1 || in->dcp > 1)
		config_fail(p,
		    "--%s-context-parallel-size %d: headroom does not "
		    "model context parallelism (the KV cache split over "
		    "ranks), so it "
		    "does not plan it.",
		    in->pcp > 1 ? "prefill" : "decode",
		    in->pcp > 1 ? in->pcp : in->dcp);
	if (in->util > 1.0 || in->util < 0)
		config_fail(p, "%s", msg_util_range(in->util, b, sizeof b));
	release_checks(in, &w->t, p);
}

/* The attention heads over tensor parallelism, pipeline support. */
static void
walk_check_tp_pp(struct walk *w)
{
	const struct model *m = w->m;
	struct plan *p = w->p;
	char b[PLAN_MSG_LEN];

	if (m->heads % p->tp != 0)
		config_fail(p, "%s",
		    msg_heads_not_divisible(m->heads, p->tp, b, sizeof b));
	/* ModelConfig.verify_with_parallel_config: is_pp_supported_model */
	if (m->no_pp && p->pp > 1)
		config_fail(p,
		    "Pipeline parallelism is not supported for this model. "
		    "Supported models implement the `SupportsPP` interface.");
}

/* Gemma 3n's towers: the profile run encodes the largest item of a
 * modality left on (gemma3n_mm.py: 256 tokens an image, 188 a clip) */
static void
walk_check_mm_conv_encoder(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;

	if (m->mm_conv_encoder &&
	    (in->limit_mm_images != 0 || in->limit_mm_audios != 0))
		config_fail(p,
		    "%s: vLLM's profile run encodes %s through Gemma 3n's "
		    "%s (%d tokens an item); headroom does not model the "
		    "activation peak of that tower, so it does not plan it. "
		    "--limit-mm-per-prompt '{\"image\":0,\"audio\":0}' "
		    "plans the text model alone (vLLM then builds neither "
		    "tower).",
		    m->architecture ? m->architecture : m->id,
		    in->limit_mm_images != 0 ? "images" : "audio clips",
		    in->limit_mm_images != 0
			? "MobileNetV5 vision tower, a convolutional network"
			: "Conformer audio tower",
		    in->limit_mm_images != 0 ? m->mm_tokens_per_item
					     : m->mm_audio_tokens);
}

/* An audio tower (Gemma 4's E models, Voxtral): profile_run
 * encodes the modality with the most tokens an item
 * (get_modality_with_max_tokens), audio clips of mm_audio_tokens
 * once no larger video or image is on; a tower whose encoder is sized
 * (audio_enc_hidden: Qwen2-Audio) is planned (multimodal.c) */
static void
walk_check_mm_audio_tower(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;

	/* Voxtral: the dummy clip is max_model_len tokens, through the
	 * Whisper encoder at downsample_factor times as many positions */
	if (m->audio_params > 0 && in->limit_mm_audios != 0 &&
	    m->mm_audio_tokens == MODEL_AUDIO_TOKENS_MAX_LEN) {
		config_fail(p,
		    "%s: vLLM's profile run encodes dummy audio clips of "
		    "max_model_len tokens each (get_max_audio_tokens in "
		    "voxtral.py; one clip a batch unless "
		    "max_num_batched_tokens holds more): max_model_len "
		    "x sampling_rate // frame_rate samples, padded by the "
		    "Mistral tokenizer to a multiple of its chunk_length_s, "
		    "turned into mel frames on the GPU (torch.stft) and run "
		    "through the Whisper encoder at once, in chunks of 2 x "
		    "max_source_positions mel frames. frame_rate and "
		    "chunk_length_s are the tokenizer's (tekken.json), not in "
		    "params.json: headroom reads neither, so it cannot count "
		    "the chunks, and does not size the spectrogram's buffers; "
		    "it does not plan it. --limit-mm-per-prompt with "
		    "\"audio\":0 plans it without audio clips (the audio "
		    "tower's weights still counted).",
		    m->architecture ? m->architecture : m->id);
		return;
	}
	if (m->audio_params > 0 && in->limit_mm_audios != 0 &&
	    m->audio_enc_hidden <= 0 &&
	    m->mm_audio_tokens >
		(in->limit_mm_videos != 0 && m->mm_video_tokens > 0
			? m->mm_video_tokens
			: 0) &&
	    m->mm_audio_tokens >
		(in->limit_mm_images != 0 ? m->mm_tokens_per_item : 0)) {
		char why[96] = "";

		if (m->multimodal)
			snprintf(why, sizeof why,
			    " with audio on and no video,");
		config_fail(p,
		    "%s:%s vLLM's profile run encodes audio clips (%d "
		    "tokens an item, the modality with the most) through "
		    "the audio tower (audio_config); headroom does not model "
		    "that tower's activation peak, so it does not plan it. "
		    "--limit-mm-per-prompt with \"audio\":0 plans it "
		    "without audio clips%s.",
		    m->architecture ? m->architecture : m->id, why,
		    m->mm_audio_tokens,
		    m->multimodal
			? " (vLLM then does not build the audio tower); with "
			  "videos on, the profile run encodes videos instead"
			: " (the audio tower's weights still counted)");
	}
}

/* A vision tower whose dummy inputs headroom does not size: vLLM's
 * profile run encodes the class's largest images and videos
 * (BaseDummyInputsBuilder of its processing info) */
static void
walk_check_mm_vision_unmodelled(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;

	if (m->multimodal && m->mm_rule == MODEL_MM_UNMODELLED &&
	    ((in->limit_mm_images != 0 && multimodal_takes_images(m)) ||
		in->limit_mm_videos != 0)) {
		/* what that fix plans: the tower left out where the release
		 * does not build it at limits of 0 (multimodal.c) */
		struct multimodal_budget zero;

		memset(&zero, 0, sizeof zero);
		zero.text_only = true;
		config_fail(p,
		    "%s: vLLM's profile run encodes this class's largest "
		    "dummy %s through its vision tower; headroom does not "
		    "model how the class sizes them (the tokens an item and "
		    "the tower's activation peak), so it does not plan it. "
		    "--limit-mm-per-prompt '%s' plans the text model "
		    "without that run (%s).",
		    m->architecture ? m->architecture : m->id,
		    multimodal_takes_images(m) ? "images and videos" : "videos",
		    multimodal_takes_images(m) ? "{\"image\":0,\"video\":0}"
					       : "{\"video\":0}",
		    multimodal_tower_skipped(m, &zero, w->t.version)
			? "vLLM then builds no vision tower either"
			: "the tower's weights still counted");
	}
}

/* kimi_k25.py KimiK25DummyInputsBuilder: the vision_chunk modality's
 * dummy is sized by the checkpoint's media_tokens_calculator; with
 * its limit at 0 supports_multimodal_inputs() is false (registry.py)
 * and profile_run() encodes nothing */
static void
walk_check_mm_vision_chunks(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;

	if (m->multimodal && m->mm_rule == MODEL_MM_CHUNKS &&
	    in->limit_mm_chunks != 0)
		config_fail(p,
		    "%s: vLLM's profile run encodes a dummy 3000 x 3000 "
		    "image or a chunk of video frames (the class's "
		    "vision_chunk modality) through its MoonViT tower, sized "
		    "by the checkpoint's own media processor; headroom does "
		    "not model it, so it does not plan it. No image or video "
		    "limit turns it off: --limit-mm-per-prompt "
		    "'{\"vision_chunk\":0}' plans the text model alone "
		    "(vLLM then runs text-only and builds no tower).",
		    m->architecture ? m->architecture : m->id);
}

/* A class whose images are sized but whose dummy videos are not */
static void
walk_check_mm_videos_unsized(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;

	if (m->multimodal && m->mm_rule == MODEL_MM_FIXED &&
	    m->mm_video_tokens < 0 && in->limit_mm_videos != 0)
		config_fail(p,
		    "%s: vLLM's profile run encodes this class's largest "
		    "dummy videos through its vision tower; headroom does "
		    "not model how the class sizes them (its frames and "
		    "their tokens), so it does not plan it. "
		    "--limit-mm-per-prompt '{\"video\":0}' plans it with "
		    "images only.",
		    m->architecture ? m->architecture : m->id);
}

/* The multimodal profile runs headroom does not size, and the
 * --limit-mm-per-prompt values that turn them off. */
static void
walk_check_mm_profile(struct walk *w)
{
	walk_check_mm_conv_encoder(w);
	walk_check_mm_audio_tower(w);
	walk_check_mm_vision_unmodelled(w);
	walk_check_mm_vision_chunks(w);
	walk_check_mm_videos_unsized(w);
}

/* The KV heads over tensor parallelism, replicated below it, split above. */
static void
walk_check_kv_heads(struct walk *w)
{
	const struct model *m = w->m;
	struct plan *p = w->p;

	if (!m->mla && m->kv_heads > 0 && m->kv_heads < p->tp &&
	    p->tp % m->kv_heads != 0)
		config_fail(p,
		    "Tensor parallel size %d is not a multiple of the "
		    "model's %d KV heads; vLLM's attention layer asserts it.",
		    p->tp, m->kv_heads);
	/* QKVParallelLinear (layers/linear.py): below the TP size the KV
	 * heads are replicated, above it divide(total_num_kv_heads,
	 * tp_size) asserts (distributed/utils.py ensure_divisibility):
	 * Phi-3-medium's 10 KV heads at TP 4 */
	if (!m->mla && m->kv_heads > p->tp && m->kv_heads % p->tp != 0)
		config_fail(p,
		    "%d is not divisible by %d: the model's %d KV heads do "
		    "not split over tensor parallel size %d (vLLM's "
		    "QKVParallelLinear asserts it).",
		    m->kv_heads, p->tp, m->kv_heads, p->tp);
}

/* A MIG slice serves one rank alone. */
static void
walk_check_mig_world(struct walk *w)
{
	const struct plan_input *in = w->in;
	struct plan *p = w->p;

	if (in->mig >= 0 && p->world > 1)
		config_fail(p,
		    "Tensor and pipeline parallelism cannot span MIG "
		    "slices: NCCL does not support MIG (NVIDIA MIG User "
		    "Guide). Use "
		    "one slice per vLLM instance (TP 1) and run replicas with "
		    "--data-parallel-size or separate instances, or use whole "
		    "cards.");
}

/* The model over the ranks: heads, pipeline support, KV heads, MIG.  The
 * first refusal wins (config_fail()): the order below is the message's. */
static void
walk_check_model_split(struct walk *w)
{
	walk_check_tp_pp(w);
	walk_check_mm_profile(w);
	walk_check_kv_heads(w);
	walk_check_mig_world(w);
}

/* Whether the card (g) has the tensor cores of format f: FP8 weights need
 * compute capability 8.9, NVFP4 weights Blackwell. */
static bool
walk_native_format(const struct gpu *g, enum ckpt_format f)
{
	if (format_needs_fp8(f))
		return g->fp8;
	if (f == FMT_NVFP4)
		return g->fp4;
	return true;
}

/*
 * FP8 or NVFP4 weights on a card without their tensor cores: vLLM runs
 * them through the weight-only Marlin kernels (utils/marlin_utils_fp8.py,
 * marlin_utils_fp4.py; dense linears and fused MoE in every release
 * headroom models, doc/vllm-versions.md), which repack the weights in
 * place at the checkpoint's size and need compute capability 8.0
 * (is_fp8_marlin_supported, is_fp4_marlin_supported).  Below it vLLM's
 * quantization check refuses the checkpoint.  The plan notes the path.
 */
static void
walk_note_marlin(struct walk *w)
{
	const struct gpu *g = w->g;
	struct plan *p = w->p;
	bool fp4 = p->format == FMT_NVFP4;

	if (g->compute_capability > 0 && g->compute_capability < 8.0) {
		config_fail(p,
		    "The quantization method %s is not supported for the "
		    "current GPU. Minimum capability: 80. Current "
		    "capability: %.0f.",
		    fp4 ? "modelopt_fp4" : "fp8", g->compute_capability * 10);
		return;
	}
	if (p->card_assumption[0] != '\0')
		return;
	snprintf(p->card_assumption, sizeof p->card_assumption,
	    "the %s has no %s tensor cores: vLLM runs the %s weights "
	    "through weight-only Marlin kernels (\"Weight-only %s "
	    "compression will be used leveraging the Marlin kernel\"); "
	    "memory as planned, speed below native %s.",
	    g->name, fp4 ? "FP4" : "FP8", ckpt_format_name(p->format),
	    fp4 ? "FP4" : "FP8", fp4 ? "FP4" : "FP8");
}

/* The weight and KV-cache formats against the card and the model. */
static void
walk_check_formats(struct walk *w)
{
	const struct model *m = w->m;
	const struct gpu *g = w->g;
	struct plan *p = w->p;

	if (g && !walk_native_format(g, p->format))
		walk_note_marlin(w);
	if (g && p->kv_dtype == KV_NVFP4 && (!g->fp4 || !w->t.kv_nvfp4))
		config_fail(p, "--kv-cache-dtype nvfp4 %s",
		    !g->fp4 ? "needs a Blackwell card (FP4 tensor cores)."
			    : "needs vLLM 0.32.0 or later.");
	if (p->kv_dtype == KV_FP8_DS_MLA && !m->mla && m->dsv4.layers == 0)
		config_fail(p,
		    "--kv-cache-dtype fp8_ds_mla is only for MLA models "
		    "(DeepSeek); %s uses ordinary attention.",
		    m->id);
}

/* The plan's size against the GPUs, the layers and the MoE layout. */
static void
walk_check_size(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;

	if (in->gpus > 0 && in->gpus < p->world * p->dp && in->node_gpus <= 0)
		config_fail(p,
		    "The plan needs %d GPUs (TP x PP x DP) but only %d "
		    "are available (--gpus).",
		    p->world * p->dp, in->gpus);
	if (p->pp > m->layers)
		config_fail(p,
		    "Pipeline parallel size %d exceeds the model's %d "
		    "layers.",
		    p->pp, m->layers);
	/* ParallelConfig.use_sequence_parallel_moe: EP with TP > 1 and DP > 1
	 * splits each batch over the TP ranks and replicates shared experts */
	if (w->es.ep && p->tp > 1 && p->dp > 1)
		config_fail(p,
		    "--enable-expert-parallel with tensor parallel %d and "
		    "data parallel %d: vLLM then runs the MoE layers "
		    "sequence-parallel "
		    "(each TP rank a slice of the batch, shared experts "
		    "replicated), "
		    "which headroom does not model. Plan TP x 1 or 1 x DP.",
		    p->tp, p->dp);
}

/* Configuration checks, in vLLM's words where vLLM has them; the first
 * that fails gives the message. */
/*
 * --runner and --convert (vllm/config/model.py): the pooling runner on a
 * causal model converts it with as_embedding_model (models/adapters.py),
 * which drops lm_head; the model runner then profiles _dummy_pooler_run
 * instead of the sampler (vllm/v1/worker/gpu_model_runner.py profile_run)
 * and VllmConfig captures PIECEWISE graphs only ("Pooling models do not
 * support full cudagraphs").  Its attention stays causal, so its layers
 * keep their KV specs.  What headroom has not followed through the
 * pooling runner stops the plan here, naming the flag.
 */
/*
 * vllm/config/model.py _SUFFIX_TO_DEFAULTS: the class names vLLM serves on
 * the pooling runner with a classify or reward adapter, or as its own
 * embedding class (a decoder's *ForSequenceClassification converted by
 * as_seq_cls_model, *ForRewardModeling, ...).  NULL when the name ends in
 * none of them.
 */
static const char *
pooling_class_adapter(const char *arch)
{
	static const struct {
		const char *suffix, *adapter;
	} sfx[] = {
		{ "ForTextEncoding", "embed" },
		{ "EmbeddingModel", "embed" },
		{ "ForSequenceClassification", "classify" },
		{ "ForTokenClassification", "classify" },
		{ "ForAudioClassification", "classify" },
		{ "ForImageClassification", "classify" },
		{ "ForVideoClassification", "classify" },
		{ "ClassificationModel", "classify" },
		{ "ForRewardModeling", "reward" },
		{ "RewardModel", "reward" },
	};
	size_t i, n = arch ? strlen(arch) : 0, k;

	for (i = 0; i < sizeof sfx / sizeof sfx[0]; i++) {
		k = strlen(sfx[i].suffix);
		if (n > k && strcmp(arch + n - k, sfx[i].suffix) == 0)
			return sfx[i].adapter;
	}
	return NULL;
}

/*
 * A bare-model class (model_bare_class_find()) under the generate runner.
 * One the registry maps onto a generative class is built as that class
 * with its lm_head, whose weights (lm_head, the model. prefix) a checkpoint
 * saved from the bare model does not hold: AutoWeightsLoader stops
 * ("There is no module or parameter named 'embed_tokens' in
 * LlamaForCausalLM", vllm/model_executor/models/utils.py).  One in no
 * table matches no generate suffix, so vLLM falls back to its Transformers
 * backend (registry.py inspect_model_cls).  Neither is planned.
 */
static void
walk_bare_generate(struct walk *w, const struct model_bare_class *bare)
{
	if (bare == NULL)
		return;
	if (bare->registered)
		config_fail(w->p,
		    "%s under the generate runner: vLLM builds %s for this "
		    "bare-model class (registry.py _EMBEDDING_MODELS), a "
		    "generative class, so --runner auto stays generate "
		    "without a sentence-transformers pooling config "
		    "(_get_default_runner_type in vllm/config/model.py); a "
		    "checkpoint saved from the bare model holds neither its "
		    "lm_head nor its model. weight names, so vLLM stops "
		    "loading the weights (\"There is no module or parameter "
		    "named ...\"). headroom does not plan it; --runner "
		    "pooling plans vLLM's embedding adapter.",
		    bare->bare, bare->decoder);
	else
		config_fail(w->p,
		    "%s under --runner generate: the class is in no table of "
		    "vLLM's "
		    "registry and ends in no generate suffix of "
		    "_SUFFIX_TO_DEFAULTS "
		    "(vllm/config/model.py), so vLLM serves it with its "
		    "Transformers "
		    "backend, which headroom does not model; --runner auto or "
		    "pooling plans vLLM's embedding adapter on %s.",
		    bare->bare, bare->decoder);
}

/*
 * Registry classes vLLM builds as pooling models whose names end in none
 * of the pooling suffixes (registry.py @0002bff, _EMBEDDING_MODELS and
 * _CROSS_ENCODER_MODELS): --runner auto resolves them to the pooling
 * runner (_get_default_runner_type: is_pooling_model, or the "Model"
 * suffix for Gemma3TextModel, whose Gemma3Model is neither).  generative:
 * GritLM is a LlamaForCausalLM too, so --runner generate serves it; the
 * others are no text-generation class, and ModelConfig refuses
 * --runner generate on them.  NULL when arch is none of them.
 */
static const struct pooling_only {
	const char *arch, *what;
	int generative;
} * pooling_only_class(const char *arch)
{
	static const struct pooling_only classes[] = {
		{ "GritLM",
		    "GritLM's MEAN pooler that leaves the instruction "
		    "out (gritlm.py)",
		    1 },
		{ "Gemma3TextModel", "Gemma3Model under the embed adapter", 0 },
		{ "JinaVLForRanking",
		    "JinaVLForSequenceClassification's score head", 0 },
		{ "CLIPModel", "CLIPEmbeddingModel's towers", 0 },
		{ "SiglipModel", "SiglipEmbeddingModel's towers", 0 },
		{ "PrithviGeoSpatialMAE", "the Terratorch model", 0 },
		{ "Terratorch", "the Terratorch model", 0 },
	};
	size_t i;

	for (i = 0; arch != NULL && i < sizeof classes / sizeof classes[0]; i++)
		if (strcmp(arch, classes[i].arch) == 0)
			return &classes[i];
	return NULL;
}

static void
walk_pooling_only(struct walk *w)
{
	const struct pooling_only *c = pooling_only_class(w->m->architecture);

	if (c == NULL)
		return;
	if (w->in->runner != PLAN_RUNNER_GENERATE)
		config_fail(w->p,
		    "%s: vLLM builds it as a pooling model (registry.py), so "
		    "--runner auto resolves to the pooling runner; headroom "
		    "does not model %s, so it does not plan it.",
		    c->arch, c->what);
	else if (!c->generative)
		config_fail(w->p,
		    "This model does not support `--runner generate`.");
}

/* The class vLLM builds for arch: a sequence-classification class's
 * causal class, a bare model's decoder, arch itself otherwise. */
static const char *
built_decoder(const char *arch)
{
	const struct model_bare_class *b = model_bare_class_find(arch);

	if (model_seq_cls_decoder(arch) != NULL)
		return model_seq_cls_decoder(arch);
	return b != NULL ? b->decoder : arch;
}

/* The class vLLM builds the model as: --hf-overrides' architectures, else
 * the config's. */
static const char *
walk_arch(const struct walk *w)
{
	return w->in->hf_architecture != NULL ? w->in->hf_architecture
					      : w->m->architecture;
}

/*
 * --hf-overrides '{"architectures": [...]}' (ModelConfig.hf_overrides):
 * vLLM builds the named class from the same config.  headroom plans it
 * where the class is the one it read the config as, or that class's
 * sequence-classification class (a Qwen3-Reranker checkpoint of
 * Qwen3ForCausalLM served as Qwen3ForSequenceClassification).
 */
static void
walk_hf_architecture(struct walk *w)
{
	const char *want = w->in->hf_architecture, *have = w->m->architecture;

	if (want == NULL)
		return;
	if (have == NULL ||
	    strcmp(built_decoder(want), built_decoder(have)) != 0)
		config_fail(w->p,
		    "--hf-overrides architectures %s: headroom read the "
		    "model's config as %s, and the class vLLM would build "
		    "instead is not modelled, so headroom does not plan it.",
		    want, have ? have : "an unnamed class");
}

/* --hf-overrides architectures GteNewModel on a config naming NewModel
 * (vLLM's supported-models list serves GTE v1.5 and mGTE so; the
 * config is read as GteNewModel's either way, hfarch.c read_gte). */
static bool
gte_override(const struct model *m, const char *want)
{
	return want != NULL && m->architecture != NULL &&
	    strcmp(m->architecture, "NewModel") == 0 &&
	    strcmp(want, "GteNewModel") == 0;
}

/* A config naming NewModel without that override. */
static bool
gte_needs_override(const struct model *m, const char *want)
{
	return m->architecture != NULL &&
	    strcmp(m->architecture, "NewModel") == 0 && !gte_override(m, want);
}

/*
 * An encoder-only model (bert.py, roberta.py, bert_with_rope.py,
 * modernbert.py): a pooling class, no text-generation one, so --runner auto
 * resolves to pooling and --runner generate is refused by ModelConfig
 * (vllm/config/model.py); what headroom does not model on it is refused.
 */
static void
walk_encoder_checks(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;
	const char *why = NULL;

	if (in->runner == PLAN_RUNNER_GENERATE) {
		config_fail(p,
		    "This model does not support `--runner generate`.");
		return;
	}
	if (in->runner == PLAN_RUNNER_DRAFT) {
		config_fail(p,
		    "--runner draft: the draft runner serves a speculative "
		    "drafter inside another engine; headroom does not plan it "
		    "alone.");
		return;
	}
	p->pooling = true;
	if (gte_needs_override(m, in->hf_architecture)) {
		config_fail(p,
		    "NewModel (the class a GTE v1.5 or mGTE config.json "
		    "names): vLLM's registry has no such class, so vLLM would "
		    "serve it with its Transformers backend, which headroom "
		    "does not model; vLLM serves these checkpoints as "
		    "GteNewModel with --hf-overrides '{\"architectures\": "
		    "[\"GteNewModel\"]}' (and --trust-remote-code, for "
		    "their NewConfig), which headroom plans.");
		return;
	}
	if ((in->hf_architecture != NULL &&
		!gte_override(m, in->hf_architecture)) ||
	    in->hf_num_labels > 0)
		why = "--hf-overrides architectures or num_labels (another "
		      "class or head over the same config) is not modelled";
	else if (in->convert != PLAN_CONVERT_UNSET &&
	    in->convert != PLAN_CONVERT_AUTO)
		why = "an explicit --convert (an adapter over the model's own "
		      "pooler) is not modelled";
	else if (!is_16bit(p->format) && p->format != FMT_FP32)
		why = "a quantized encoder-only checkpoint is not modelled";
	else if (in->lora.enabled)
		why = "LoRA slots are not modelled";
	else if (in->spec.method != SPEC_NONE)
		why = "the pooling runner drafts no tokens";
	else if (in->max_model_len == -1)
		why = "--max-model-len auto fits the length to a KV cache, "
		      "which this model does not keep";
	else if (in->kv_cache_memory_bytes > 0)
		why = "--kv-cache-memory-bytes sizes a KV cache this model "
		      "does not keep";
	else if (p->version >= VLLM_UNSURE_V2_POOLING &&
	    p->version < VLLM_SINCE_V2_POOLING)
		why = "on vLLM 0.25.x, whether the release carries #48290 (the "
		      "V2 model runner by default for pooling models, merged "
		      "2026-07-10, the day before 0.25.0) is not established "
		      "(plan --vllm-version 0.24.0 or 0.26.0)";
	/* the class the plan builds: GteNewModel under its override */
	if (why != NULL)
		config_fail(p,
		    "%s (encoder-only): %s, so headroom does not "
		    "plan it.",
		    gte_override(m, in->hf_architecture) ? in->hf_architecture
			: m->architecture                ? m->architecture
							 : "this model",
		    why);
}

/* The runners and adapters headroom refuses whatever the model: a class
 * served with a head of its own, pooling-only classes, --runner draft,
 * --convert mm_encoder_only, a sequence classifier under another
 * adapter. */
static void
walk_refuse_runners(struct walk *w)
{
	const struct plan_input *in = w->in;
	struct plan *p = w->p;
	const char *arch = walk_arch(w), *adapter = pooling_class_adapter(arch);
	bool seq_cls = model_seq_cls_decoder(arch) != NULL;
	int nl;
	bool rm = model_reward_class_decoder(arch, &nl) != NULL;

	walk_hf_architecture(w);
	if (rm && in->runner == PLAN_RUNNER_GENERATE)
		config_fail(p,
		    "This model does not support `--runner generate`.");
	/* as_*_model return a pooling class unchanged: its own head and
	 * pooler whatever --convert says; headroom names the one it plans */
	if (rm &&
	    (in->convert == PLAN_CONVERT_EMBED ||
		in->convert == PLAN_CONVERT_CLASSIFY))
		config_fail(p,
		    "%s with --convert %s: vLLM keeps the class's own score "
		    "MLP and pooler (a pooling model is not converted); "
		    "headroom plans it with --convert auto, none or reward.",
		    arch,
		    in->convert == PLAN_CONVERT_EMBED ? "embed" : "classify");
	if (adapter != NULL && !seq_cls && !rm)
		config_fail(p,
		    "%s: vLLM serves this class on the pooling runner with "
		    "its %s head (the class name's suffix, _SUFFIX_TO_DEFAULTS "
		    "in vllm/config/model.py); headroom does not model that "
		    "head and pooler, so it does not plan it.",
		    arch, adapter);

	walk_pooling_only(w);
	if (in->runner == PLAN_RUNNER_DRAFT)
		config_fail(p,
		    "--runner draft: the draft runner serves a speculative "
		    "drafter inside another engine; headroom does not plan it "
		    "alone.");
	if (in->convert == PLAN_CONVERT_MM_ENCODER_ONLY)
		config_fail(p,
		    "--convert mm_encoder_only: headroom does not model that "
		    "adapter (the multimodal encoder alone), so it does not "
		    "plan it.");
	if (seq_cls &&
	    (in->convert == PLAN_CONVERT_EMBED ||
		in->convert == PLAN_CONVERT_REWARD))
		config_fail(p,
		    "%s with --convert %s: vLLM builds the class with its "
		    "classify head; headroom plans it with that head only "
		    "(--convert auto or classify).",
		    arch,
		    in->convert == PLAN_CONVERT_EMBED ? "embed" : "reward");
}

/* The generate runner where a pooling adapter or class was named. */
static void
walk_generate_runner(struct walk *w, bool seq_cls,
    const struct model_bare_class *bare)
{
	const struct plan_input *in = w->in;
	struct plan *p = w->p;

	if (seq_cls)
		config_fail(p,
		    "%s under --runner generate: vLLM resolves the "
		    "class to the pooling runner with its classify "
		    "head (the ForSequenceClassification suffix of "
		    "_SUFFIX_TO_DEFAULTS, vllm/config/model.py); "
		    "headroom does not plan it as a generative model.",
		    walk_arch(w));
	if (in->convert == PLAN_CONVERT_EMBED ||
	    in->convert == PLAN_CONVERT_CLASSIFY ||
	    in->convert == PLAN_CONVERT_REWARD)
		config_fail(p,
		    "--convert %s without --runner pooling: "
		    "headroom plans vLLM's pooling adapters on the "
		    "pooling runner only.",
		    in->convert == PLAN_CONVERT_EMBED          ? "embed"
			: in->convert == PLAN_CONVERT_CLASSIFY ? "classify"
							       : "reward");
	walk_bare_generate(w, bare);
}

/* The adapter of a plan on the pooling runner, and the classify head's
 * rows and bytes (as_seq_cls_model: ReplicatedLinear(hidden, num_labels,
 * bias=False) in the float32 head dtype, whole on every rank). */
static void
walk_pool_task(struct walk *w, bool seq_cls)
{
	const struct plan_input *in = w->in;
	struct plan *p = w->p;
	int nl;

	if (model_reward_class_decoder(walk_arch(w), &nl) != NULL) {
		p->pool_task = PLAN_POOL_REWARD_MLP;
		p->num_labels = nl;
		p->pool_step = model_reward_class_steps(walk_arch(w)) != 0;
		p->pool_step = model_reward_class_steps(walk_arch(w));
		/* the MLP takes the checkpoint's quant_config */
		if (p->format != FMT_BF16 && p->format != FMT_FP16 &&
		    p->format != FMT_FP32)
			config_fail(p,
			    "%s in %s: the score MLP takes the checkpoint's "
			    "quantization (qwen2_rm.py passes quant_config), "
			    "which headroom does not model, so it does not "
			    "plan it.",
			    walk_arch(w), ckpt_format_name(p->format));
		return;
	}
	p->pool_task = seq_cls || in->convert == PLAN_CONVERT_CLASSIFY
	    ? PLAN_POOL_CLASSIFY
	    : in->convert == PLAN_CONVERT_REWARD ? PLAN_POOL_REWARD
						 : PLAN_POOL_EMBED;
	if (p->pool_task != PLAN_POOL_CLASSIFY)
		return;
	p->num_labels = in->hf_num_labels > 0 ? in->hf_num_labels
	    : w->m->num_labels > 0            ? w->m->num_labels
					      : 2;
	p->score_head = (int64_t)p->num_labels * w->m->hidden * 4;
}

/* Why the pooling runner's plan of this model is not modelled, or NULL. */
static const char *
walk_explain_pooling_gap(const struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	const struct plan *p = w->p;
	const char *why = NULL;

	if (in->convert == PLAN_CONVERT_NONE &&
	    p->pool_task != PLAN_POOL_REWARD_MLP)
		why = "--convert none keeps the causal model, which has no "
		      "pooler";
	else if (m->multimodal)
		why = "the multimodal encoder's profile under the pooling "
		      "runner is not modelled";
	else if (m->enc_layers > 0)
		why = "an encoder-decoder model under the pooling runner is "
		      "not modelled";
	else if (m->n_state_layers > 0)
		why = "the recurrent state of a pooling model (its cache mode "
		      "follows the pooler) is not modelled";
	else if (in->lora.enabled)
		why = "LoRA slots under the pooling runner are not modelled";
	else if (in->spec.method != SPEC_NONE)
		why = "the pooling runner drafts no tokens";
	else if (m->st_pooling == MODEL_ST_OTHER)
		why = "a sentence-transformers pooling mode other than last "
		      "token, mean or CLS decides chunked prefill in a way "
		      "headroom has not followed";
	if (why == NULL && p->version >= VLLM_UNSURE_V2_POOLING &&
	    p->version < VLLM_SINCE_V2_POOLING)
		why = "on vLLM 0.25.x, whether the release carries #48290 (the "
		      "V2 model runner by default for pooling models, merged "
		      "2026-07-10, the day before 0.25.0) is not established "
		      "(plan --vllm-version 0.24.0 or 0.26.0)";
	return why;
}

static void
walk_pooling_checks(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;
	const char *why;
	const struct model_bare_class *bare =
	    model_bare_class_find(m->architecture);
	bool seq_cls = model_seq_cls_decoder(walk_arch(w)) != NULL;
	int nl;
	bool rm = model_reward_class_decoder(walk_arch(w), &nl) != NULL;

	if (m->encoder_only != MODEL_ENC_NONE) {
		walk_encoder_checks(w);
		return;
	}
	walk_refuse_runners(w);
	/* _get_default_runner_type(): a sentence-transformers pooling config
	 * makes --runner auto the pooling runner ("Some Sentence Transformers
	 * models use *ForCausalLM archs"), and so do a class in no table of
	 * the registry whose name ends in "Model" and a sequence-
	 * classification class (_SUFFIX_TO_DEFAULTS) */
	p->pooling = in->runner == PLAN_RUNNER_POOLING ||
	    ((in->runner == PLAN_RUNNER_UNSET ||
		 in->runner == PLAN_RUNNER_AUTO) &&
		(m->st_pooling != MODEL_ST_NONE || seq_cls || rm ||
		    (bare != NULL && !bare->registered)));
	if (!p->pooling) {
		walk_generate_runner(w, seq_cls, bare);
		return;
	}
	walk_pool_task(w, seq_cls);
	why = walk_explain_pooling_gap(w);
	if (why != NULL)
		config_fail(p,
		    "--runner pooling with %s: %s, so headroom does "
		    "not plan it.",
		    m->architecture ? m->architecture : "this model", why);
}

static void
walk_config_checks(struct walk *w)
{
	walk_check_flags(w);
	walk_pooling_checks(w);
	walk_check_model_split(w);
	walk_check_formats(w);
	walk_check_size(w);
}

/*
 * DeepSeek-V4: the block rule of the release (doc/architectures.md,
 * "DeepSeek-V4"): #44454 merged 2026-06-07, between 0.22.1 (2026-06-05, a
 * patch release) and 0.23.0 (2026-06-15); #48993 merged 2026-07-22,
 * between 0.25.1 and 0.26.0 (2026-07-27).  Which of the two releases after
 * each merge first carries it is not established: -1 for those.
 */
static int
dsv4_pool_of(int v)
{
	if (v < VLLM_VER(0, 23, 0))
		return KV_DSV4_POOL_TUPLES;
	if (v < VLLM_VER(0, 24, 0))
		return -1;
	if (v < VLLM_VER(0, 26, 0))
		return KV_DSV4_POOL_BUCKETS;
	if (v < VLLM_VER(0, 27, 0))
		return -1;
	return KV_DSV4_POOL_DENSE;
}

/*
 * The words of --attention-config (JSON or dotted members) and
 * --attention-backend among the flags headroom carries unread: true when
 * none is there but use_fp4_indexer_cache, whose value goes to *fp4.
 */
static bool
is_attention_flag(const char *f, const char **rest)
{
	static const char *const names[] = { "--attention-config",
		"--attention_config", "--attention-backend",
		"--attention_backend" };
	size_t i, n;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		n = strlen(names[i]);
		if (strncmp(f, names[i], n) == 0 &&
		    (f[n] == '\0' || f[n] == '=' || f[n] == '.')) {
			*rest = f + n;
			return i < 2;
		}
	}
	*rest = NULL;
	return false;
}

static bool
word_true(const char *v)
{
	return v != NULL &&
	    (strcmp(v, "true") == 0 || strcmp(v, "True") == 0 ||
		strcmp(v, "1") == 0);
}

static bool
dsv4_attention_words(const struct plan_input *in, bool *fp4)
{
	size_t i;

	*fp4 = false;
	for (i = 0; i < in->n_extra_flags; i++) {
		const char *f = in->extra_flags[i], *rest, *v;
		bool config = is_attention_flag(f, &rest);

		if (rest == NULL)
			continue;
		if (!config)
			return false; /* --attention-backend */
		v = *rest == '=' ? rest + 1
		    : *rest == '.'
		    ? strchr(rest, '=')
		    : (i + 1 < in->n_extra_flags ? in->extra_flags[i + 1]
						 : NULL);
		if (*rest == '.') {
			size_t kl = strcspn(rest + 1, "=");

			if (kl != strlen("use_fp4_indexer_cache") ||
			    strncmp(rest + 1, "use_fp4_indexer_cache", kl) != 0)
				return false;
			if (v == NULL && i + 1 < in->n_extra_flags)
				v = in->extra_flags[i + 1];
			else if (v != NULL)
				v++;
			*fp4 = word_true(v);
			continue;
		}
		/* a JSON object of that one key */
		if (v == NULL || strstr(v, "use_fp4_indexer_cache") == NULL ||
		    strchr(v, ':') != strrchr(v, ':') || strchr(v, ',') != NULL)
			return false;
		*fp4 = strstr(v, "true") != NULL || strstr(v, "True") != NULL;
	}
	return true;
}

/* DeepSeek-V4: what headroom plans of it, and the releases it can. */
static void
walk_dsv4_checks(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;
	int v = p->version;

	if (m->dsv4.layers <= 0)
		return;
	if (dsv4_pool_of(v) < 0)
		config_fail(p,
		    "DeepSeek-V4 on vLLM %d.%d.%d: the release after the pull "
		    "request that changed how a KV block's bytes are counted "
		    "(%s); whether %d.%d.0 carries it is not established, so "
		    "headroom does not plan it (plan %s or %s).",
		    v / 10000, v / 100 % 100, v % 100,
		    v < VLLM_VER(0, 24, 0) ? "#44454, merged 2026-06-07"
					   : "#48993, merged 2026-07-22",
		    v / 10000, v / 100 % 100,
		    v < VLLM_VER(0, 24, 0) ? "0.22.1" : "0.25.1",
		    v < VLLM_VER(0, 24, 0) ? "0.24.0" : "0.27.0");
	if (p->format != FMT_FP8_BLOCK)
		config_fail(p,
		    "DeepSeek-V4 in %s: headroom derives the weights of "
		    "DeepSeek's own checkpoint only (FP8 block-scaled linears, "
		    "fp4 or fp8 experts).",
		    ckpt_format_name(p->format));
	if (p->pp > 1)
		config_fail(p,
		    "DeepSeek-V4 with --pipeline-parallel-size %d: headroom "
		    "lays out its caches and weights for one stage.",
		    p->pp);
	if (in->disable_hybrid_kv_manager > 0)
		config_fail(p,
		    "--disable-hybrid-kv-cache-manager with DeepSeek-V4: "
		    "headroom models its caches as vLLM groups them under the "
		    "hybrid KV cache manager only.");
	if (in->spec.method != SPEC_NONE)
		config_fail(p,
		    "--speculative-config with DeepSeek-V4: the weights and "
		    "profile run of its MTP layer are not modelled by "
		    "headroom.");
	if (w->lora.enabled)
		config_fail(p,
		    "--enable-lora with DeepSeek-V4: LoRA slots are not "
		    "modelled for its layers.");
	if (in->kv_offloading_gib > 0)
		config_fail(p,
		    "--kv-offloading-size with DeepSeek-V4: headroom does not "
		    "model a KV connector on its grouped caches.");
	if (!dsv4_attention_words(in, &w->dsv4_fp4_indexer))
		config_fail(p,
		    "--attention-config or --attention-backend with "
		    "DeepSeek-V4: headroom models the default attention "
		    "backend and reads use_fp4_indexer_cache alone.");
	for (size_t i = 0; i < in->n_extra_flags; i++)
		if (strncmp(in->extra_flags[i], "--moe-backend", 13) == 0 ||
		    strncmp(in->extra_flags[i], "--moe_backend", 13) == 0) {
			/* MegaMoE, DeepGEMM and FlashInfer lay the experts out
			 * and size their workspace each their own way */
			config_fail(p,
			    "--moe-backend with DeepSeek-V4: headroom derives "
			    "the experts' bytes for the default MoE backend "
			    "only.");
			break;
		}
	if (w->cc >= 10.0 && w->cc < 11.0 && w->t.sparse_mla_flashinfer)
		config_fail(p,
		    "DeepSeek-V4 on Blackwell (SM100) from vLLM 0.26.0: the "
		    "sparse MLA backend may be FlashInfer's, whose cache "
		    "layout headroom does not model; plan 0.25.1 or another "
		    "card.");
}

/* What else vLLM puts on the GPU: LoRA, drafts, offloading. */
static void
walk_extras_checks(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;
	char b[PLAN_MSG_LEN];

	lora_resolve(&in->lora, &w->lora);
	lora_check(m, &w->lora, p->tp, p->version, b, sizeof b);
	if (b[0])
		config_fail(p, "%s", b);
	spec_check(m, &in->spec, b, sizeof b);
	if (b[0])
		config_fail(p, "%s", b);
	spec_check_drafter(m, in->draft, &in->spec, p->tp, p->pp, p->version, b,
	    sizeof b);
	if (b[0])
		config_fail(p, "%s", b);
	p->spec_assumption = spec_assumption(&in->spec);
	if (in->kv_offloading_gib > 0 && in->kv_offloading_backend == 1)
		config_fail(p,
		    "--kv-offloading-backend lmcache: LMCache's own GPU "
		    "buffers are not modelled by headroom; plan with the "
		    "native "
		    "backend or without KV offloading.");
	else if (in->kv_offloading_gib > 0 &&
	    (m->n_state_layers > 0 ||
		((m->n_sliding > 0 || m->n_chunked > 0) &&
		    in->disable_hybrid_kv_manager <= 0)))
		config_fail(p,
		    "--kv-offloading-size on %s: with a KV connector vLLM "
		    "may turn the hybrid KV cache manager off for its "
		    "sliding-window "
		    "or chunked layers (and its state layers), depending on "
		    "the release; "
		    "headroom does not model that. Plan without KV offloading.",
		    m->id);
	if (in->spec.method == SPEC_MTP && p->pp > 1)
		config_fail(p,
		    "--speculative-config: method '%s' with pipeline "
		    "parallelism is not modelled by headroom (the next-token "
		    "layers "
		    "sit on the last stage).",
		    in->spec.name);
	if (in->cpu_offload_gib < 0)
		config_fail(p, "--cpu-offload-gb must not be negative.");
	/* FusedMoEWithLoRA asserts not use_ep while the model loads
	 * (vllm/lora/layers/fused_moe.py, from the first fused-MoE LoRA) */
	if (w->es.ep && w->lora.enabled && m->n_experts > 0)
		config_fail(p,
		    "--enable-lora with --enable-expert-parallel: EP support "
		    "for Fused MoE LoRA is not implemented yet.");
}

/*
 * An encoder-decoder model (Whisper): what headroom has checked.  The
 * cross-attention's length per request is pinned on 0.15.1 only (earlier
 * V1 releases set max_num_encoder_input_tokens to the encoder's length in
 * vllm/config/vllm.py); its specs and the self-attention's form two groups
 * of the hybrid KV cache manager; the processor takes one audio item.
 */
/*
 * VLLM_USE_FLASHINFER_SAMPLER among the command's VAR=value words, the last
 * one winning: 1 when it selects FlashInfer's kernel, 0 the PyTorch-native
 * path, -1 when unset, -2 when not an integer (vllm/envs.py reads it with
 * bool(int(...))).
 */
static int
env_flashinfer_sampler(const struct plan_input *in, const char **value)
{
	const char *v =
	    vllm_env_get(in->env, in->n_env, "VLLM_USE_FLASHINFER_SAMPLER");
	long n;

	if (v == NULL)
		return -1;
	*value = v;
	return vllm_env_int(v, &n) != 0 ? -2 : n != 0;
}

/* Appends a sentence to p->env_note. */
static void
env_note_add(struct plan *p, const char *text)
{
	size_t n = strlen(p->env_note);

	snprintf(p->env_note + n, sizeof p->env_note - n, "%s%s",
	    n > 0 ? " " : "", text);
}

/* The value of --attention-backend among the flags headroom carries
 * unread, or NULL. */
static const char *
attention_backend_flag(const struct plan_input *in)
{
	size_t i;

	for (i = 0; i < in->n_extra_flags; i++) {
		const char *rest;

		if (is_attention_flag(in->extra_flags[i], &rest) ||
		    rest == NULL)
			continue;
		return *rest == '='             ? rest + 1
		    : i + 1 < in->n_extra_flags ? in->extra_flags[i + 1]
						: "";
	}
	return NULL;
}

/*
 * The backend VLLM_ATTENTION_BACKEND names where the release reads it
 * (traits env_attention_backend), else NULL.  With --attention-backend as
 * well the plan has stopped unless both name the same backend
 * (walk_env_attention()).
 */
static const char *
env_attention_backend(const struct walk *w)
{
	if (w->t.env_attention_backend == 0)
		return NULL;
	return vllm_env_get(w->in->env, w->in->n_env, "VLLM_ATTENTION_BACKEND");
}

/*
 * VLLM_ATTENTION_BACKEND as the release reads it: up to 0.12.x the
 * selector takes it (vllm/attention/selector.py), and the plan is the one
 * of --attention-backend with the same name (the backend is carried, not
 * modelled); 0.13.x and 0.14.x read it into AttentionConfig with vLLM's
 * deprecation warning, which goes into every output; from 0.15.0 vLLM no
 * longer reads it and the plan stops, as the startup would run another
 * backend than the one asked for.  The variable and the flag together
 * stop the plan unless they name the same backend in a release that has
 * both: which one vLLM takes is not established.
 */
static void
walk_env_attention(struct walk *w)
{
	static const char deprecated[] =
	    "Using VLLM_ATTENTION_BACKEND environment variable is deprecated "
	    "and will be removed in v0.14.0 or v1.0.0, whichever is soonest. "
	    "Please use --attention-config.backend command line argument or "
	    "AttentionConfig(backend=...) config field instead.";
	struct plan *p = w->p;
	const char *v = vllm_env_get(w->in->env, w->in->n_env,
		       "VLLM_ATTENTION_BACKEND"),
		   *flag = attention_backend_flag(w->in);
	int ver = p->version, mode = w->t.env_attention_backend;
	char msg[PLAN_MSG_LEN], name[64];
	size_t i;

	if (v == NULL)
		return;
	if (mode == 0) {
		config_fail(p,
		    "VLLM_ATTENTION_BACKEND=%s: vLLM %d.%d.%d no longer reads "
		    "it (#32812 removed it after 0.14.0) and starts on the "
		    "backend it selects itself; give the backend as "
		    "--attention-backend %s, or plan without the variable.",
		    v, ver / 10000, ver / 100 % 100, ver % 100, v);
		return;
	}
	if (flag != NULL && (mode == 1 || strcasecmp(flag, v) != 0)) {
		if (mode == 1)
			config_fail(p,
			    "VLLM_ATTENTION_BACKEND=%s with "
			    "--attention-backend "
			    "%s: vLLM %d.%d.%d has no --attention-backend "
			    "(#26315 added it for 0.13.0) and its selector "
			    "reads the variable; give the backend once.",
			    v, flag, ver / 10000, ver / 100 % 100, ver % 100);
		else
			config_fail(p,
			    "VLLM_ATTENTION_BACKEND=%s with "
			    "--attention-backend "
			    "%s: which of the two vLLM %d.%d.%d takes is not "
			    "established; give the backend once.",
			    v, flag, ver / 10000, ver / 100 % 100, ver % 100);
		return;
	}
	if (mode == 2)
		env_note_add(p, deprecated);
	/* the value's letters, digits and underscores only: the note is
	 * written into every output as text */
	for (i = 0; v[i] != '\0' && i + 1 < sizeof name; i++)
		name[i] =
		    isalnum((unsigned char)v[i]) || v[i] == '_' ? v[i] : '?';
	name[i] = '\0';
	snprintf(msg, sizeof msg,
	    "VLLM_ATTENTION_BACKEND=%s: not modelled, kept in the command as "
	    "given (planned as --attention-backend %s is).",
	    name, name);
	env_note_add(p, msg);
}

/*
 * The command's environment (vllm_env.h): a value vLLM would not read, or
 * one that moves memory headroom does not model, stops the plan naming the
 * variable; VLLM_* variables no row knows are named in p->env_note.
 */
static void
walk_env(struct walk *w)
{
	struct plan *p = w->p;
	const struct model *m = w->m;
	char err[PLAN_MSG_LEN];
	unsigned scope = 0;

	if (p->format == FMT_FP8 || p->format == FMT_FP8_CHANNEL ||
	    p->format == FMT_FP8_BLOCK || m->index_head_dim > 0)
		scope |= VES_FP8;
	if (m->n_experts > 0)
		scope |= VES_MOE;
	if (p->format == FMT_MXFP4)
		scope |= VES_MXFP4;
	if (p->format == FMT_NVFP4)
		scope |= VES_NVFP4;
	if (p->format == FMT_AWQ)
		scope |= VES_AWQ;
	if (m->mla)
		scope |= VES_MLA;
	if (!is_16bit(p->format))
		scope |= VES_QUANT;
	if (vllm_env_check(w->in->env, w->in->n_env, scope, err, sizeof err,
		p->env_note, sizeof p->env_note) < 0)
		config_fail(p, "%s", err);
	walk_env_attention(w);
}

/*
 * The profile's top-k/top-p path: the release's default, or the one
 * VLLM_USE_FLASHINFER_SAMPLER selects; its bytes per logit, or a refusal
 * when no startup measured that path at this release.
 */
static void
walk_sampler_path(struct walk *w)
{
	struct plan *p = w->p;
	const char *v = "";
	int e = env_flashinfer_sampler(w->in, &v);
	double bpl;

	p->sampler_flashinfer = w->t.flashinfer_sampler;
	w->sampler_bpl = w->co->sampler_bytes_per_logit;
	if (e == -2) {
		config_fail(p,
		    "VLLM_USE_FLASHINFER_SAMPLER=%s: vLLM reads it as an "
		    "integer (vllm/envs.py) and stops on any other value.",
		    v);
		return;
	}
	if (e < 0 || e == (int)p->sampler_flashinfer)
		return;
	p->sampler_flashinfer = e;
	bpl = e ? w->co->sampler_flashinfer_bytes_per_logit
		: w->co->sampler_native_bytes_per_logit;
	if (bpl > 0) {
		w->sampler_bpl = bpl;
		return;
	}
	config_fail(p,
	    "VLLM_USE_FLASHINFER_SAMPLER=%s on vLLM %d.%d.%d: the sampler's "
	    "%s top-k/top-p path is not the release's default, and headroom "
	    "does not model its profile peak there (no startup measured it); "
	    "plan without the variable.",
	    v, p->version / 10000, p->version / 100 % 100, p->version % 100,
	    e ? "FlashInfer" : "PyTorch-native");
}

/*
 * Where the release's default path is the install's (traits
 * flashinfer_sampler_extra: a pip install of 0.10.1-0.10.2 has no
 * FlashInfer unless the vllm[flashinfer] extra was asked for) and the
 * command does not name it, the plan takes FlashInfer's kernel, as the
 * vllm/vllm-openai image runs it, and says what the PyTorch sort would
 * take instead on the rank that samples.  Called after the scheduler's
 * defaults.
 */
static void
walk_sampler_install_note(struct walk *w)
{
	struct plan *p = w->p;
	const char *v = "";
	double reqs, fi, nat;
	char msg[PLAN_MSG_LEN], n1[32], n2[32];

	if (!w->t.flashinfer_sampler_extra || !p->sampler_flashinfer ||
	    p->pooling || p->phase != PHASE_NONE || w->m == NULL ||
	    env_flashinfer_sampler(w->in, &v) != -1 ||
	    w->co->sampler_native_bytes_per_logit <= 0)
		return;
	reqs = p->max_num_seqs < p->max_num_batched_tokens
	    ? p->max_num_seqs
	    : p->max_num_batched_tokens;
	fi = w->sampler_bpl * reqs * w->m->vocab;
	nat = w->co->sampler_native_bytes_per_logit * reqs * w->m->vocab;
	snprintf(msg, sizeof msg,
	    "The profile's top-k/top-p sampler is planned on FlashInfer's "
	    "kernel (%.2f GiB for %s x %s logits), as the vllm/vllm-openai "
	    "image runs vLLM %d.%d.%d; the release's wheel installs FlashInfer "
	    "only with the vllm[flashinfer] extra (#21959), and without it "
	    "vLLM sorts in PyTorch, about %.2f GiB on the rank that samples. "
	    "VLLM_USE_FLASHINFER_SAMPLER=0 plans that install.",
	    units_gib((int64_t)fi),
	    units_format_commas((int64_t)reqs, n1, sizeof n1),
	    units_format_commas(w->m->vocab, n2, sizeof n2), p->version / 10000,
	    p->version / 100 % 100, p->version % 100, units_gib((int64_t)nat));
	env_note_add(p, msg);
}

static void
walk_encdec_checks(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;

	if (m->enc_layers <= 0)
		return;
	if (p->version < VLLM_SINCE_ENCDEC_CHECKED)
		config_fail(p,
		    "%s on vLLM %d.%d.%d: headroom has checked the "
		    "encoder-decoder cache against %d.%d.%d and later only "
		    "(earlier V1 releases keep the encoder's length, not "
		    "max_num_batched_tokens, per request in cross-attention); "
		    "plan with --vllm-version %d.%d.%d or later.",
		    m->architecture, p->version / 10000, p->version / 100 % 100,
		    p->version % 100, VLLM_SINCE_ENCDEC_CHECKED / 10000,
		    VLLM_SINCE_ENCDEC_CHECKED / 100 % 100,
		    VLLM_SINCE_ENCDEC_CHECKED % 100,
		    VLLM_SINCE_ENCDEC_CHECKED / 10000,
		    VLLM_SINCE_ENCDEC_CHECKED / 100 % 100,
		    VLLM_SINCE_ENCDEC_CHECKED % 100);
	if (in->disable_hybrid_kv_manager > 0)
		config_fail(p,
		    "--disable-hybrid-kv-cache-manager with %s: its "
		    "self-attention and cross-attention caches are two kinds "
		    "of spec, which headroom does not model without the hybrid "
		    "KV cache manager.",
		    m->architecture);
	if (in->limit_mm_audios >= 0 && in->limit_mm_audios != 1)
		config_fail(p,
		    "--limit-mm-per-prompt audio %d with %s: its processor "
		    "takes one audio item per prompt; headroom plans that "
		    "only.",
		    in->limit_mm_audios, m->architecture);
	if (m->enc_heads % p->tp != 0)
		config_fail(p,
		    "Tensor parallel size %d does not divide the encoder's "
		    "%d attention heads; whisper.py asserts it.",
		    p->tp, m->enc_heads);
	/* LoRA slots, drafts and KV offloading are sized for decoder-only
	 * layouts (lora.c, spec.c, the KV connectors) */
	if (w->lora.enabled)
		config_fail(p,
		    "--enable-lora with %s: headroom does not model LoRA "
		    "slots on an encoder-decoder model.",
		    m->architecture);
	if (in->spec.method != SPEC_NONE)
		config_fail(p,
		    "--speculative-config with %s: headroom does not model "
		    "speculative decoding of an encoder-decoder model.",
		    m->architecture);
	if (in->kv_offloading_gib > 0)
		config_fail(p,
		    "--kv-offloading-size with %s: headroom does not model KV "
		    "offloading of cross-attention caches.",
		    m->architecture);
}

/*
 * A --max-model-len above the derived maximum: vLLM's refusal, or with
 * VLLM_ALLOW_LONG_MAX_MODEL_LEN ("1" or "true", vllm/envs.py) its warning,
 * and the length is taken as given (_get_and_verify_max_len in
 * vllm/config/model.py; vllm/config.py of the 0.10 releases has the same
 * branch).
 */
static void
walk_long_max_model_len(struct walk *w)
{
	const struct plan_input *in = w->in;
	struct plan *p = w->p;
	const char *key =
	    w->m->derived_key ? w->m->derived_key : "max_position_embeddings";
	const char *allow =
	    vllm_env_get(in->env, in->n_env, "VLLM_ALLOW_LONG_MAX_MODEL_LEN");
	char msg[PLAN_MSG_LEN];

	if (allow == NULL || !vllm_env_true(allow)) {
		p->phase = PHASE_CONFIG;
		msg_max_len_too_long(in->max_model_len, key, w->derived,
		    p->message, sizeof p->message);
		return;
	}
	msg_max_len_allowed(in->max_model_len, key, w->derived, msg,
	    sizeof msg);
	env_note_add(p, msg);
}

/* max_model_len (reference §1.2, §5.4). */
static void
walk_max_model_len(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;

	w->derived = m->derived_max_len > 0 ? m->derived_max_len : 2048;
	p->max_model_len = w->derived;
	if (in->max_model_len == -1) {
		p->max_model_len_auto = true;
		if (!w->t.auto_max_model_len)
			config_fail(p,
			    "--max-model-len auto (-1) needs vLLM 0.14.0 "
			    "or later.");
	} else if (in->max_model_len > 0) {
		p->max_model_len = in->max_model_len;
		/* a config with no length key takes a given length as it is
		 * (vllm/config/model.py _get_and_verify_max_len: "If
		 * max_model_len is specified, we use it."); 2048 is only the
		 * default without one */
		if (in->max_model_len > w->derived && p->phase == PHASE_NONE &&
		    !(m->derived_key != NULL &&
			strcmp(m->derived_key, "default") == 0))
			walk_long_max_model_len(w);
	} else if (in->max_model_len < -1) {
		config_fail(p, "--max-model-len must be positive, -1 or auto.");
	}
}

/* True when name contains word, ignoring case (vLLM lowercases the name). */
static bool
names(const char *name, const char *word)
{
	size_t n = strlen(word);

	for (; name != NULL && *name != '\0'; name++)
		if (strncasecmp(name, word, n) == 0)
			return true;
	return false;
}

/* A pooling plan whose pooler reads whole prompts: chunked prefill off. */
static bool
pooling_unchunked(const struct walk *w)
{
	/* encoder-only attention has no KV cache to chunk into (#21270:
	 * "Disable chunked prefill for models without KV cache") */
	return w->p->pooling &&
	    (w->m->st_pooling == MODEL_ST_MEAN ||
		w->m->st_pooling == MODEL_ST_CLS ||
		w->m->encoder_only != MODEL_ENC_NONE ||
		/* ModelConfig.is_chunked_prefill_supported: STEP too */
		w->p->pool_step);
}

/* Scheduler defaults (reference §1.1, release traits) and the block size. */
static void
walk_scheduler(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct vllm_traits *t = &w->t;
	const struct gpu *g = w->g;
	struct plan *p = w->p;
	bool big;

	/*
	 * vLLM sizes its defaults by NVML's memory total; on unified memory
	 * (GB10) NVML raises NotSupported and get_batch_defaults() falls back
	 * to a device memory of 0, the small figures (vllm#57378; a GB10
	 * startup of 0.13.0 prints max_num_batched_tokens=2048 unasked)
	 */
	big = p->total >= units_bytes(t->big_card_gib) &&
	    !(g &&
		(g->unified || names(g->name, t->small_card) ||
		    names(g->id, t->small_card)));
	p->max_num_seqs = in->max_num_seqs > 0 ? in->max_num_seqs
	    : big                              ? t->seqs_big
					       : t->seqs_small;
	p->max_num_batched_tokens = in->max_num_batched_tokens > 0
	    ? in->max_num_batched_tokens
	    : big ? t->batched_big
		  : t->batched_small;
	if (in->performance_mode == PLAN_PERF_THROUGHPUT) {
		/* arg_utils.py: the defaults doubled, before the caps below */
		if (in->max_num_seqs <= 0)
			p->max_num_seqs *= 2;
		if (in->max_num_batched_tokens <= 0)
			p->max_num_batched_tokens *= 2;
	}
	/* ModelConfig.is_chunked_prefill_supported: a causal pooling model
	 * with MEAN or CLS pooling prefills whole prompts, so the defaulted
	 * batch grows to max_model_len (arg_utils.py) */
	if (pooling_unchunked(w) && in->max_num_batched_tokens <= 0 &&
	    p->max_model_len > p->max_num_batched_tokens)
		p->max_num_batched_tokens = (int)p->max_model_len;
	if (in->max_num_batched_tokens <= 0) {
		int64_t cap = (int64_t)p->max_num_seqs * p->max_model_len;

		if (cap < p->max_num_batched_tokens)
			p->max_num_batched_tokens = (int)cap;
	}
	if (in->max_num_seqs <= 0 &&
	    p->max_num_seqs > p->max_num_batched_tokens)
		p->max_num_seqs = p->max_num_batched_tokens;
	if (pooling_unchunked(w) &&
	    p->max_num_batched_tokens < p->max_model_len)
		config_fail(p,
		    "max_num_batched_tokens (%d) is smaller than max_model_len "
		    "(%lld). This effectively limits the maximum sequence "
		    "length to max_num_batched_tokens and makes vLLM reject "
		    "longer sequences. Please increase max_num_batched_tokens "
		    "or decrease max_model_len.",
		    p->max_num_batched_tokens, (long long)p->max_model_len);
	if (p->max_num_batched_tokens < p->max_num_seqs &&
	    p->phase == PHASE_NONE) {
		p->phase = PHASE_CONFIG;
		msg_batched_lt_seqs(p->max_num_batched_tokens, p->max_num_seqs,
		    p->message, sizeof p->message);
	}
	/* the attention backend's default block */
	if (in->block_size > 0)
		p->block_size = in->block_size;
	else if (w->m->dsv4.layers > 0)
		p->block_size = 256; /* sparse_swa.py: the backend's 256 */
	else if (w->m->mla)
		p->block_size = w->cc >= 10.0 && w->cc < 11.0
		    ? t->block_mla_sm100
		    : t->block_mla;
	else
		p->block_size = t->block_default;
	walk_sampler_install_note(w); /* sized by the defaults above */
}

/*
 * CompilationConfig.adjust_cudagraph_sizes_for_spec_decode (vllm/config/
 * compilation.py): with FULL decode graphs and decode queries of q > 1
 * tokens, every size is rounded up to a multiple of q; those above the
 * largest size are dropped, the rest deduplicated and sorted; q itself
 * when none is left; the largest becomes max_cudagraph_capture_size.
 */
static void
align_sizes_for_drafts(struct plan *p, int *sizes, int q)
{
	int i, j, n = 0, max = 0, r, t;

	for (i = 0; i < p->n_capture_sizes; i++)
		if (sizes[i] > max)
			max = sizes[i];
	for (i = 0; i < p->n_capture_sizes; i++) {
		int dup = 0;

		r = (sizes[i] + q - 1) / q * q;
		if (r > max)
			continue;
		for (j = 0; j < n; j++)
			dup |= sizes[j] == r;
		if (!dup)
			sizes[n++] = r; /* n <= i: the slot was read already */
	}
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && sizes[j - 1] > sizes[j]; j--) {
			t = sizes[j];
			sizes[j] = sizes[j - 1];
			sizes[j - 1] = t;
		}
	if (n == 0 && q <= max)
		sizes[n++] = q;
	if (n == 0)
		config_fail(p,
		    "No valid cudagraph sizes after rounding to multiple "
		    "of %d (num_speculative_tokens + 1 or tp if sequence "
		    "parallelism "
		    "is enabled) please adjust num_speculative_tokens (%d) or "
		    "max_cudagraph_capture_size (%d) or "
		    "cudagraph_capture_sizes",
		    q, q - 1, max);
	p->n_capture_sizes = n;
}

/*
 * The attention backend is FlashInfer without TRT-LLM attention: named by
 * --attention-backend FLASHINFER, or chosen by vLLM's selector
 * (vllm/platforms/cuda.py) for an fp8 KV cache on a card that is neither
 * Hopper (FlashAttention 3 takes fp8 there) nor SM100 (where FlashInfer
 * comes first and runs TRT-LLM attention): FlashAttention 2 has no fp8 KV
 * cache, and FlashInfer is the next valid backend when the model has no
 * attention sinks (gpt-oss) and one head size FlashInfer takes (64, 128,
 * 256).  Any other --attention-backend or --attention-config: false (the
 * flag is carried as not modelled).  VLLM_ATTENTION_BACKEND names the
 * backend as the flag does where the release reads it.
 */
static bool
attn_flashinfer_no_trtllm(const struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	const char *v;
	size_t i;
	int l;

	for (i = 0; i < in->n_extra_flags; i++) {
		const char *rest;

		if (is_attention_flag(in->extra_flags[i], &rest))
			return false; /* --attention-config */
		if (rest == NULL)
			continue;
		v = *rest == '='                ? rest + 1
		    : i + 1 < in->n_extra_flags ? in->extra_flags[i + 1]
						: "";
		return strcasecmp(v, "FLASHINFER") == 0 &&
		    !(w->cc >= 10.0 && w->cc < 11.0);
	}
	if ((v = env_attention_backend(w)) != NULL)
		return strcasecmp(v, "FLASHINFER") == 0 &&
		    !(w->cc >= 10.0 && w->cc < 11.0);
	if (w->cc < 8.0 || (w->cc >= 9.0 && w->cc < 11.0) || m->mla)
		return false;
	if (w->p->kv_dtype != KV_FP8 && w->p->kv_dtype != KV_FP8_E4M3 &&
	    w->p->kv_dtype != KV_FP8_E5M2)
		return false;
	if (m->architecture != NULL &&
	    strcmp(m->architecture, "GptOssForCausalLM") == 0)
		return false;
	if (m->head_dim != 64 && m->head_dim != 128 && m->head_dim != 256)
		return false;
	for (l = 0; m->ld != NULL && l < m->layers; l++)
		if (m->ld[l].mixer == MIXER_ATTENTION &&
		    m->ld[l].head_dim > 0 && m->ld[l].head_dim != m->head_dim)
			return false;
	return true;
}

static bool
graph_mode_has_full(enum plan_cg_mode cg)
{
	return cg == PLAN_CG_FULL || cg == PLAN_CG_FULL_DECODE_ONLY ||
	    cg == PLAN_CG_FULL_AND_PIECEWISE;
}

/* The cudagraph mode in force after VllmConfig's overrides; sets the
 * decode query length of drafts (w->q, w->nspec) on the way. */
static enum plan_cg_mode
walk_pick_graph_mode(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	enum plan_cg_mode cg = graph_mode(in, &w->t);

	/* VllmConfig: "Encoder-decoder models do not support
	 * FULL_AND_PIECEWISE. Overriding cudagraph_mode to FULL_DECODE_ONLY." */
	if (m->enc_layers > 0 && cg == PLAN_CG_FULL_AND_PIECEWISE)
		cg = PLAN_CG_FULL_DECODE_ONLY;
	/* "Pooling models do not support full cudagraphs. Overriding
	 * cudagraph_mode to PIECEWISE." */
	if (w->p->pooling && graph_mode_has_full(cg))
		cg = PLAN_CG_PIECEWISE;

	w->q = spec_decode_query_len(m, &in->spec);
	w->nspec = in->num_speculative_tokens > 0 ? in->num_speculative_tokens
						  : w->q - 1;
	/* drafts on FlashInfer without TRT-LLM: FULL graphs only for
	 * single-token decode, so FULL and FULL_AND_PIECEWISE become
	 * PIECEWISE and FULL_DECODE_ONLY none */
	if (w->q > 1 && w->t.flashinfer_spec_piecewise &&
	    graph_mode_has_full(cg) && attn_flashinfer_no_trtllm(w))
		cg = cg == PLAN_CG_FULL_DECODE_ONLY ? PLAN_CG_NONE
						    : PLAN_CG_PIECEWISE;
	return cg;
}

/* The capture sizes (p->n_capture_sizes, w->sizes): none when eager, the
 * user's list within the batch, else vLLM's default list; aligned to the
 * draft query length where full graphs are captured. */
static void
walk_list_capture_sizes(struct walk *w, enum plan_cg_mode cg)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	const struct vllm_traits *t = &w->t;
	struct plan *p = w->p;
	int *sizes = w->sizes, i;

	if (in->enforce_eager || cg == PLAN_CG_NONE) {
		p->n_capture_sizes = 0;
	} else if (in->n_capture_sizes >= 0) {
		int n = 0, j;

		for (i = 0; i < in->n_capture_sizes && i < PLAN_MAX_CAPTURE;
		     i++) {
			int v = in->capture_sizes[i], dup = 0;

			if (v <= 0 || v > p->max_num_batched_tokens)
				continue;
			for (j = 0; j < n; j++)
				dup |= sizes[j] == v;
			if (!dup)
				sizes[n++] = v;
		}
		p->n_capture_sizes = n;
	} else {
		int max_capture = in->max_capture_size;

		if (max_capture <= 0 && t->gptoss_capture_1024 &&
		    m->architecture != NULL &&
		    strcmp(m->architecture, "GptOssForCausalLM") == 0)
			max_capture = 1024;
		p->n_capture_sizes = overhead_capture_sizes(p->max_num_seqs *
			w->q,
		    p->max_num_batched_tokens, max_capture, t->max_capture_cap,
		    in->performance_mode == PLAN_PERF_INTERACTIVITY, sizes,
		    PLAN_MAX_CAPTURE);
	}
	if (w->q > 1 && p->n_capture_sizes > 0 && graph_mode_has_full(cg) &&
	    p->version >= VLLM_SINCE_SPEC_GRAPH_ALIGN)
		align_sizes_for_drafts(p, sizes, w->q);
}

/* The graphs captured of each kind (w->n_graphs, w->n_pw_graphs and the
 * plan's counts) and the largest size. */
static void
walk_count_graphs(struct walk *w, enum plan_cg_mode cg)
{
	struct plan *p = w->p;
	int *sizes = w->sizes, i, full_graphs = 0;

	p->max_capture_size = 0;
	for (i = 0; i < p->n_capture_sizes; i++) {
		if (sizes[i] > p->max_capture_size)
			p->max_capture_size = sizes[i];
		if (sizes[i] <= p->max_num_seqs * w->q && sizes[i] >= w->q)
			full_graphs++;
	}
	/* piecewise graphs for every size, full ones for decode batches;
	 * with LoRA every size is captured with and without adapters */
	if (cg == PLAN_CG_PIECEWISE || cg == PLAN_CG_FULL)
		w->n_graphs = p->n_capture_sizes;
	else if (cg == PLAN_CG_FULL_DECODE_ONLY)
		w->n_graphs = full_graphs;
	else
		w->n_graphs = p->n_capture_sizes + full_graphs;
	w->n_graphs *= lora_graph_cases(&w->lora, p->version);
	w->n_pw_graphs =
	    cg == PLAN_CG_PIECEWISE || cg == PLAN_CG_FULL_AND_PIECEWISE
	    ? p->n_capture_sizes * lora_graph_cases(&w->lora, p->version)
	    : 0;
	p->n_piecewise_graphs = w->n_pw_graphs;
	p->n_full_graphs = w->n_graphs - w->n_pw_graphs;
}

/*
 * VLLM_USE_V2_MODEL_RUNNER (vllm/envs.py, int()): 0 keeps the V1 model
 * runner the plan takes where the release has no V2 default; 1 where the
 * release would not pick the V2 runner asks for a runner on a model or
 * feature headroom has not seen it serve, and is refused.
 */
static void
walk_env_runner(struct walk *w)
{
	struct plan *p = w->p;
	const char *v =
	    vllm_env_get(w->in->env, w->in->n_env, "VLLM_USE_V2_MODEL_RUNNER");
	long n;

	if (v == NULL || vllm_env_int(v, &n) != 0)
		return;
	if (n == 0)
		p->v2_runner = false;
	else if (!p->v2_runner)
		config_fail(p,
		    "VLLM_USE_V2_MODEL_RUNNER=%s: vLLM %d.%d.%d does not take "
		    "the V2 model runner for this model by default, and "
		    "headroom does not model that runner where vLLM does not "
		    "choose it; plan without the variable.",
		    v, p->version / 10000, p->version / 100 % 100,
		    p->version % 100);
}

/* Whether the V2 model runner serves the plan, and so whether the graphs
 * are inside vLLM's budget. */
static void
walk_pick_runner(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	const struct vllm_traits *t = &w->t;
	struct plan *p = w->p;

	/* LoRA runs on the V2 runner where it is the default (vLLM CI runs
	 * Qwen3 + LoRA on it from #39337; #43160 fixed its capture, and
	 * #43084, which would have sent LoRA back to V1, was closed);
	 * assumption: drafts are a feature the V2 runner does not take */
	/* _is_default_v2_model_runner_model(): runner_type "generate" only,
	 * pooling models too from #48290 (the same MoE and format rules);
	 * 16-bit weights only until #44446 (any quantization method after) */
	p->v2_runner = (!p->pooling || p->version >= VLLM_SINCE_V2_POOLING) &&
	    m->n_experts == 0 && (is_16bit(p->format) || t->v2_runner_quant) &&
	    in->spec.method == SPEC_NONE &&
	    ((t->v2_runner_qwen3 && m->architecture &&
		 strcmp(m->architecture, "Qwen3ForCausalLM") == 0) ||
		(t->v2_runner_dense && !m->multimodal));
	walk_env_runner(w);
	p->cg_in_budget = t->cg_in_budget && w->n_graphs > 0 &&
	    (!p->v2_runner || t->v2_runner_cg);
}

/*
 * On a unified-memory card vLLM's graph estimate is measured against the
 * host's memory: profile_cudagraph_memory() (vllm/v1/worker/
 * gpu_model_runner.py, 0.20.0 on) takes, per mode, the first capture's
 * drop in the device's free memory (torch's get_memory_info()[0], CUDA's
 * figure) plus the second capture's times the mode's graphs less one, and
 * on an integrated GPU that free figure is the host's, which other
 * processes and the page cache move.  No vLLM rule sizes that drift; the
 * plan counts how many times it enters vLLM's figure.  A MIG slice is
 * never unified.
 */
static void
walk_unified_graphs(struct walk *w)
{
	struct plan *p = w->p;

	p->cg_host_repeats = 0;
	/* --kv-cache-memory-bytes skips the memory profiling and the graph
	 * estimate with it (Worker.determine_available_memory returns the
	 * given figure after a compiling forward) */
	if (w->g == NULL || !w->g->unified || w->in->mig >= 0 ||
	    !p->cg_in_budget || w->in->kv_cache_memory_bytes > 0)
		return;
	if (p->n_piecewise_graphs > 1)
		p->cg_host_repeats += p->n_piecewise_graphs - 1;
	if (p->n_full_graphs > 1)
		p->cg_host_repeats += p->n_full_graphs - 1;
}

/* CUDA graphs (reference §2.5): the sizes captured; drafts widen decode. */
static void
walk_graphs(struct walk *w)
{
	enum plan_cg_mode cg = walk_pick_graph_mode(w);

	walk_list_capture_sizes(w, cg);
	walk_count_graphs(w, cg);
	walk_pick_runner(w);
	walk_unified_graphs(w);
}

/* Weights: exact sizes (published, measured, a folder's) scale the split. */
static void
walk_weight_scale(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	const struct checkpoint *ck = w->ck;
	struct plan *p = w->p;
	/* file sizes lack the RoPE caches vLLM allocates at load and the V
	 * slots it fills with K's weights (k_eq_v layers) */
	int64_t rope = (int64_t)weights_rope_bytes(m, w->dtype_bytes) +
	    (int64_t)weights_kv_copy_bytes(m, p->format, w->dtype_bytes, 1),
		exact = 0;
	struct weights_breakdown w1;

	/* the files also hold the MTP layers vLLM loads only for drafting */
	int64_t mtp =
	    (int64_t)weights_mtp_bytes(m, p->format, w->dtype_bytes, 1);

	w->scale = 1.0;
	w->load_measured = false;
	if (m->dsv4.layers > 0)
		return; /* core/weights_dsv4.c derives them */
	/* encoder checkpoints hold what vLLM skips (BertModel's pooler.*) or
	 * a float32 copy it downcasts: the architecture gives the bytes */
	if (m->encoder_only != MODEL_ENC_NONE)
		return;
	if (in->weight_bytes > 0 && !in->quantization_fp8)
		exact = in->weight_bytes + rope - mtp;
	else if (ck && ck->loaded_gib > 0 && ck->format == p->format &&
	    w->dtype_bytes == 2 && m->native_format != FMT_MXFP4) {
		exact =
		    units_bytes(ck->loaded_gib); /* MXFP4: per backend below */
		w->load_measured = true;
	} else if (ck && ck->size_bytes > 0 && ck->format == p->format &&
	    w->dtype_bytes == 2)
		exact = ck->size_bytes + rope - mtp;
	if (exact <= 0)
		return;
	weights_rank(m, p->format, w->dtype_bytes, 1, 1, 0, &w1);
	/* an embedding checkpoint saved from the bare model has no lm_head to
	 * load (the pooling adapter loads from *Model and *ForCausalLM
	 * checkpoints alike): the files are compared with the rest */
	if (p->pooling && in->weight_bytes > 0 && m->files_lm_head < 0)
		exact += (int64_t)w1.lm_head;
	if (w1.total > 0)
		w->scale = (double)exact / w1.total;
	p->weights_exact = true;
}

/* Element size of a MambaDType value (STR_DTYPE_TO_TORCH_DTYPE); 0 = auto. */
static int
mamba_dtype_bytes(int d)
{
	switch (d) {
	case PLAN_MAMBA_FLOAT32: return 4;
	case PLAN_MAMBA_FLOAT16:
	case PLAN_MAMBA_BFLOAT16: return 2;
	default: return 0;
	}
}

/*
 * The SSM dtype an auto --mamba-ssm-cache-dtype takes where a config hook
 * sets it (NemotronHForCausalLMConfig, models/config.py): none before
 * #29978 (the SSM state follows the conv state), then the config's
 * mamba_ssm_cache_dtype, else float16, float32 from #39032.  Bytes, or 0
 * to leave it to the model's ssm_dtype_bytes.
 */
static int
ssm_hook_bytes(const struct model *m, int version, int conv_bytes)
{
	if (m->st.ssm_hook != STATE_SSM_HOOK_NEMOTRON_H)
		return 0;
	if (version < VLLM_SINCE_NEMOTRON_SSM_HOOK)
		return conv_bytes;
	if (m->st.ssm_dtype_bytes > 0)
		return 0;
	return version >= VLLM_SINCE_NEMOTRON_SSM_FP32 ? 4 : 2;
}

/*
 * The mamba_cache_mode of a hybrid with prefix caching asked for
 * (MambaModelConfig.verify_and_update_config, models/config.py): 'all' for
 * a class with SupportsMambaPrefixCaching (#25752) and no drafting, else
 * 'align' (#30877); a release without the mode vLLM needs disables prefix
 * caching ("Hybrid or mamba-based model detected without support for
 * prefix caching: disabling."), so the state keeps one block.
 */
/*
 * An attention-free model (IsAttentionFree: Mamba, Mamba2): not a hybrid
 * for ModelConfig.is_hybrid, so V1's default of prefix caching on applies
 * to it (EngineArgs._set_default_args turns it off for hybrids only).
 */
static bool
state_only(const struct model *m)
{
	int i;

	for (i = 0; i < m->layers; i++)
		if (m->ld[i].mixer == MIXER_ATTENTION ||
		    m->ld[i].parallel_attn != 0)
			return false;
	return m->n_state_layers > 0;
}

static enum mamba_mode
hybrid_mamba_mode(const struct model *m, int version, int nspec)
{
	if (m->st.prefix_all && nspec == 0 &&
	    version >= VLLM_SINCE_MAMBA_PREFIX_ALL)
		return MAMBA_MODE_ALL;
	return version >= VLLM_SINCE_MAMBA_PREFIX_ALIGN ? MAMBA_MODE_ALIGN
							: MAMBA_MODE_NONE;
}

/* The drafter's attention layers in the KV-cache groups: MTP layers, EAGLE
 * heads and draft models. */
static void
walk_kv_draft_layers(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct kv_params *kp = &w->kp;
	struct plan *p = w->p;

	/* MTP: the next-token layers' attention joins the groups (last stage) */
	if (in->spec.method == SPEC_MTP && p->pp == 1) {
		kp->extra_full_layers += m->mtp_layers;
		p->draft_layers = m->mtp_layers;
	}
	/* EAGLE heads and draft models: their attention layers, with their
	 * own KV heads and head size, join the groups (load_model() of
	 * vllm/v1/spec_decode/eagle.py names them apart from the target's) */
	if (spec_has_drafter(&in->spec) && in->draft != NULL && p->pp == 1) {
		int n = spec_draft_layers(in->draft, &in->spec, p->version);

		kp->extra_full_layers += n;
		kp->extra_kv_heads = in->draft->kv_heads;
		kp->extra_head_dim = in->draft->head_dim;
		p->draft_layers = n;
	}
}

/* The multimodal encoder budget (§2.4) and the KV-cache manager (§3, §4). */
/*
 * VllmConfig.max_concurrent_batches (vllm/config/vllm.py), which from
 * 0.26.0 sliding and chunked groups reserve for (max_in_flight_tokens,
 * vLLM #47728): async scheduling keeps two batches in flight (pp + 1 on the
 * V2 runner), pipeline parallelism pp (the V1 runner does not overlap the
 * two).  Async scheduling is on by default but for pooling models and
 * drafts other than the EAGLE family and MTP.  1 before 0.26.0; -1 when
 * headroom cannot tell (a draft model, or the V2 runner with pp > 1, whose
 * default also depends on the executor).
 */
static int
walk_in_flight_batches(const struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct plan *p = w->p;
	int pp = p->pp > 1 ? p->pp : 1, async;
	enum spec_method sm = in->spec.method;

	if (!w->t.swa_in_flight)
		return 1;
	if (pp > 1 && !p->v2_runner)
		return pp;
	if (in->async_scheduling != 0)
		async = in->async_scheduling > 0;
	else if (p->pooling || sm == SPEC_NGRAM || sm == SPEC_SUFFIX)
		async = 0;
	else if (sm == SPEC_NONE || sm == SPEC_EAGLE || sm == SPEC_EAGLE3 ||
	    sm == SPEC_MTP)
		async = pp > 1 ? -1 : 1;
	else
		async = -1;
	if (async < 0)
		return -1;
	if (!async)
		return pp;
	return p->v2_runner ? pp + 1 : 2;
}

static void
walk_kv_params(struct walk *w)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct kv_params *kp = &w->kp;
	struct plan *p = w->p;
	double cc = w->cc;
	struct multimodal_request rq = { in->limit_mm_images,
		in->limit_mm_videos, in->mm_max_pixels, in->mm_image_width,
		in->mm_image_height, in->limit_mm_chunks, in->limit_mm_audios,
		w->t.version };

	multimodal_budget_compute(m, &rq, p->max_model_len, p->max_num_seqs,
	    p->max_num_batched_tokens, w->co->encoder_bytes_per_token, p->tp,
	    w->dtype_bytes, &p->mm);
	memset(kp, 0, sizeof *kp);
	kp->tp = p->tp;
	kp->kv = p->kv_dtype;
	kp->model_bytes = w->dtype_bytes;
	kp->block_size = p->block_size;
	/* smallest kernel block of the backend (HybridAttentionMambaModelConfig):
	 * MLA 64 (CUTLASS MLA 128 on SM100), FlashInfer on SM100 with head
	 * size 256 takes 32, other attention 16 */
	kp->kernel_alignment = m->mla ? (cc >= 10.0 && cc < 11.0 ? 128 : 64)
	    : cc >= 10.0 && cc < 11.0 && m->head_dim == 256 ? 32
							    : 16;
	kp->mnbt = p->max_num_batched_tokens;
	kp->in_flight_batches = walk_in_flight_batches(w);
	p->in_flight_batches =
	    kp->in_flight_batches > 0 ? kp->in_flight_batches : 0;
	/* CrossAttentionSpec keeps scheduler_config.max_num_encoder_input_tokens
	 * per request: max_num_batched_tokens, its default (0.15.1) */
	kp->enc_len = m->enc_layers > 0 ? p->max_num_batched_tokens : 0;
	kp->dsv4_fp4_indexer = w->dsv4_fp4_indexer;
	kp->dsv4_pool = dsv4_pool_of(p->version) < 0
	    ? KV_DSV4_POOL_TUPLES
	    : (enum kv_dsv4_pool)dsv4_pool_of(p->version);
	/* compute_mm_encoder_budget (vllm/v1/core/encoder_cache_manager.py):
	 * chunked multimodal input is off for encoder-decoder models, so one
	 * padded audio item must fit one batch */
	if (m->enc_layers > 0 && p->max_num_batched_tokens < m->enc_positions)
		config_fail(p,
		    "Chunked MM input disabled but max_tokens_per_mm_item "
		    "(%d) is larger than max_num_batched_tokens (%d). Please "
		    "increase max_num_batched_tokens.",
		    m->enc_positions, p->max_num_batched_tokens);
	p->hybrid_kv_manager = in->disable_hybrid_kv_manager <= 0;
	/* VllmConfig: attention_chunk_size in the config turns the manager off
	 * unless VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE (default 1
	 * from the release in hma_chunked_local) */
	if (in->disable_hybrid_kv_manager == 0 && m->chunk_size > 0 &&
	    !w->t.hma_chunked_local)
		p->hybrid_kv_manager = false; /* the chunked-local default */
	kp->hma = p->hybrid_kv_manager;
	p->mamba_mode = MAMBA_MODE_NONE;
	if (m->n_state_layers > 0 &&
	    (in->prefix_caching > 0 ||
		(in->prefix_caching == 0 && w->t.mamba_prefix_caching &&
		    state_only(m))))
		p->mamba_mode = hybrid_mamba_mode(m, w->t.version, w->nspec);
	kp->mamba_mode = p->mamba_mode;
	kp->num_spec = w->nspec;
	kp->conv_bytes = mamba_dtype_bytes(in->mamba_cache_dtype);
	kp->ssm_bytes = mamba_dtype_bytes(in->mamba_ssm_cache_dtype);
	if (kp->ssm_bytes == 0)
		kp->ssm_bytes = ssm_hook_bytes(m, w->t.version,
		    kp->conv_bytes > 0 ? kp->conv_bytes : kp->model_bytes);
	kp->extra_full_layers = in->draft_attention_layers;
	kp->max_model_len = p->max_model_len > 0 && p->max_model_len < INT32_MAX
	    ? (int)p->max_model_len
	    : 0;
	walk_kv_draft_layers(w);
}

/*
 * The drafter's part of the profile run (estimates, doc/estimates.md):
 * EagleProposer.dummy_run (vllm/v1/spec_decode/eagle.py) runs the head, the
 * draft model or the MTP layers right after the target's forward in
 * GPUModelRunner._dummy_run, which still holds the target's hidden states
 * (and an EAGLE-3 target's three auxiliary ones); while capturing it runs
 * with graphs only in the PIECEWISE pass.
 */
static void
walk_draft_overhead(const struct walk *w, int s, struct overhead_in *oi)
{
	const struct plan_input *in = w->in;
	const struct plan *p = w->p;

	if (in->spec.method == SPEC_MTP && s == p->pp - 1 &&
	    w->m->mtp_layers > 0) {
		oi->draft_hidden = w->m->hidden;
		oi->draft_held = 1;
		oi->draft_inter = 0;
		oi->draft_layers = w->m->mtp_layers;
		oi->draft_moe = w->m->n_experts > 0;
	} else if (spec_has_drafter(&in->spec) && in->draft != NULL &&
	    p->pp == 1) {
		oi->draft_hidden = in->draft->hidden;
		/* the target returns its auxiliary hidden states only for
		 * method "eagle3" (use_aux_hidden_state_outputs) */
		oi->draft_held =
		    in->spec.method == SPEC_EAGLE3 && !in->draft->eagle_no_aux
		    ? 4
		    : 1;
		oi->draft_inter = in->draft->intermediate;
		oi->draft_layers =
		    spec_draft_layers(in->draft, &in->spec, p->version);
	} else {
		return;
	}
	/* the drafter's dummy run keeps its PIECEWISE graphs for the no-LoRA
	 * case alone: with cudagraph_specialize_lora, _dummy_run turns its
	 * cudagraphs off when adapters are active (vLLM #28318, issue
	 * #28334), so one set whatever lora_graph_cases() gives the target */
	oi->draft_graphs =
	    w->n_pw_graphs / lora_graph_cases(&w->lora, w->p->version);
}

/* DeepSeek-V4's fields for core/weights_dsv4.c; ratios holds its layers. */
static void
dsv4_config_of(const struct model *m, int *ratios,
    struct weights_dsv4_config *c)
{
	int i;

	memset(c, 0, sizeof *c);
	for (i = 0; i < m->dsv4.layers && i < KV_DSV4_MAX_LAYERS; i++)
		ratios[i] = m->ld[i].compress_ratio;
	c->hidden = m->hidden;
	c->layers = i;
	c->vocab = m->vocab;
	c->heads = m->heads;
	c->head_dim = m->head_dim;
	c->q_lora = m->q_lora_rank;
	c->o_groups = m->dsv4.o_groups;
	c->o_lora = m->dsv4.o_lora;
	c->index_heads = m->index_n_heads;
	c->index_head_dim = m->index_head_dim;
	c->experts = m->n_experts;
	c->moe_intermediate = m->moe_intermediate;
	c->experts_per_tok = m->experts_per_tok;
	c->shared_experts = m->n_shared_experts;
	c->hash_layers = m->dsv4.hash_layers;
	c->hc_mult = m->dsv4.hc_mult;
	c->compress_ratios = ratios;
	c->index_topk = m->index_topk;
	c->rope_dim = m->qk_rope_head_dim;
	c->rope_positions = m->dsv4.rope_positions;
}

/*
 * A reward class's score MLP on one rank, in the model dtype (no
 * params_dtype, 16-bit checkpoints only): ColumnParallelLinear(hidden,
 * hidden) splits its rows and bias over TP, RowParallelLinear(hidden,
 * num_labels) its inputs, its bias whole on every rank; created in
 * __init__, so on every pipeline stage.
 */
static int64_t
reward_mlp_bytes(const struct model *m, const struct plan *p, int dtype)
{
	int64_t h = m->hidden, tp = p->tp > 0 ? p->tp : 1;

	return (int64_t)dtype *
	    (h * (h / tp) + h / tp + (h / tp) * p->num_labels + p->num_labels);
}

/* A stage's weights as loaded, before LoRA, drafters and offloading. */
static void
walk_stage_weights(struct walk *w, int s, struct stage *x)
{
	const struct model *m = w->m;
	struct plan *p = w->p;

	weights_rank_split(m, p->format, w->dtype_bytes, p->tp, p->pp, s,
	    &w->es, &x->w);
	if (m->dsv4.layers > 0) {
		/* derived with the assumptions weights_dsv4.h lists */
		int ratios[KV_DSV4_MAX_LAYERS];
		struct weights_dsv4_config dc;
		struct weights_dsv4_rank dr = { p->tp,
			w->es.ep ? w->es.group : 0, p->max_num_batched_tokens,
			m->dsv4.fp4_experts };

		dsv4_config_of(m, ratios, &dc);
		memset(&x->w, 0, sizeof x->w);
		x->w.total = (double)weights_dsv4_rank_bytes(&dc, &dr);
	}
	/* as_embedding_model: "These are not used in pooling models", lm_head
	 * deleted after construction (a tied one is the embedding still) */
	if (p->pooling) {
		x->w.total -= x->w.lm_head;
		x->w.lm_head = 0;
	}
	/* a tower vLLM does not build at these limits (multimodal.h); the
	 * exact-weights scale keeps comparing files and model with it */
	if (s == 0 && multimodal_tower_skipped(m, &p->mm, w->t.version)) {
		double tower =
		    weights_vision_rank_params(m, p->tp) * w->dtype_bytes;

		x->w.other -= tower;
		x->w.total -= tower;
		p->mm.tower_not_built = (int64_t)(tower * w->scale);
	}
	/* an audio tower at an audio limit of 0 (multimodal.h) */
	if (s == 0 && multimodal_audio_skipped(m, &p->mm, w->t.version)) {
		double audio = m->audio_params * w->dtype_bytes;

		x->w.other -= audio;
		x->w.total -= audio;
		p->mm.audio_not_built = (int64_t)(audio * w->scale);
	}
	x->weights = (int64_t)(x->w.total * w->scale);
	/* as_seq_cls_model's score head: created in _init_pooler on every
	 * rank, whole (ReplicatedLinear), in float32 whatever the files hold */
	x->weights += p->score_head;
	if (p->pool_task == PLAN_POOL_REWARD_MLP)
		x->weights += reward_mlp_bytes(m, p, w->dtype_bytes);
	/* Gemma 3n's per-layer inputs buffer, allocated with the model (a
	 * logged load size holds it already) */
	if (s == 0 && !w->load_measured)
		x->weights += (int64_t)weights_ple_buffer_bytes(m,
		    p->max_num_batched_tokens, w->dtype_bytes);
	/* DeepSeek-V3.2 / GLM-5: the indexers' top-k buffer, allocated with the
	 * model on every rank (deepseek_v2.py DeepseekV2Model.__init__) */
	if (!w->load_measured)
		x->weights += (int64_t)weights_dsa_topk_buffer_bytes(m,
		    p->max_num_batched_tokens);
	/* Qwen3-VL's deepstack buffers, allocated with the tower on every
	 * rank (qwen3_vl.py): left out with it */
	if (!w->load_measured) {
		int64_t ds = (int64_t)weights_deepstack_buffer_bytes(m,
		    p->max_num_batched_tokens, w->dtype_bytes);

		if (!multimodal_tower_skipped(m, &p->mm, w->t.version))
			x->weights += ds;
		else if (s == 0)
			p->mm.tower_not_built += ds;
	}
}

/*
 * DeepSeek-V4's torch peak: its own forward (core/profile_dsv4.c, from the
 * modules vLLM builds) in place of the dense estimate, or the sampler's
 * warm-up when that is larger; both estimates.
 */
static void
walk_dsv4_profile(struct walk *w, struct stage *x)
{
	const struct model *m = w->m;
	struct plan *p = w->p;
	struct profile_dsv4_in pi;
	struct profile_dsv4_out po;
	int i;

	memset(&pi, 0, sizeof pi);
	pi.tokens = p->max_num_batched_tokens;
	pi.max_model_len = p->max_model_len;
	pi.hidden = m->hidden;
	pi.hc_mult = m->dsv4.hc_mult;
	pi.heads_rank = m->heads / (p->tp > 0 ? p->tp : 1);
	pi.head_dim = m->head_dim;
	pi.q_lora = m->q_lora_rank;
	pi.index_heads = m->index_n_heads;
	pi.index_head_dim = m->index_head_dim;
	for (i = 0; i < m->dsv4.layers; i++) {
		pi.has_c4 |= m->ld[i].compress_ratio == 4;
		pi.has_c128 |= m->ld[i].compress_ratio == 128;
	}
	pi.fp4_indexer = w->dsv4_fp4_indexer;
	pi.experts = m->n_experts;
	pi.experts_per_tok = m->experts_per_tok;
	pi.moe_intermediate = m->moe_intermediate;
	pi.shared_inter_rank =
	    m->moe_intermediate * m->n_shared_experts / (p->tp > 0 ? p->tp : 1);
	pi.moe_split = w->es.moe_tp;
	pi.moe_bytes_per_token_expert_inter =
	    w->co->moe_bytes_per_token_expert_inter;
	pi.gather_workspace = p->gather_workspace;
	profile_dsv4_forward(&pi, &po);
	p->dsv4_workspace = po.workspace;
	x->o.activation =
	    (x->o.sampler > po.forward ? x->o.sampler : po.forward) +
	    (int64_t)(w->co->activation_base_gib * GIB);
}

/*
 * On a unified-memory card (GB10) vLLM's MemorySnapshot.measure() reads
 * the free memory of an integrated GPU from psutil's available system
 * memory (vllm/utils/mem_utils.py, from #35356; CUDA's MemFree-like free
 * figure before) and counts non-torch memory as total - free - torch's
 * reserved memory, so whatever the host gains between the worker's first
 * snapshot and the end of the profile run (the worker's CPU buffers,
 * compiler and library state) is non-torch memory there.  No vLLM rule
 * sizes it: the card's unified_host_gib, an estimate, is added.  A MIG
 * slice is never unified.
 */
static void
walk_unified_host(struct walk *w, struct stage *x)
{
	if (w->g == NULL || !w->g->unified || w->in->mig >= 0)
		return;
	w->p->unified_host = units_bytes(w->g->unified_host_gib);
	x->o.non_torch += w->p->unified_host;
}

/* A stage's profile-run terms: activation, non-torch, graphs (estimates). */
static void
walk_stage_overhead(struct walk *w, int s, struct stage *x, int first)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;
	struct overhead_in oi;

	memset(&oi, 0, sizeof oi);
	oi.model = m;
	oi.c = w->co;
	oi.tp = p->tp;
	oi.pp = p->pp;
	oi.pcie_only = w->g != NULL && w->g->nvlink_gbs <= 0;
	oi.moe_tp = w->es.moe_tp;
	oi.moe_gather = m->n_experts > 0 ? p->dp : 1;
	/* the pooler runs where the sampler would; it reads the forward's
	 * hidden states and keeps no logits */
	oi.last_stage = s == p->pp - 1 && !p->pooling;
	/* the pooler of a task with one output a token (embed's token_embed,
	 * reward's hidden states) upcasts each request's hidden states to the
	 * float32 head dtype and keeps the outputs, beside the forward's
	 * hidden states (vllm/model_executor/layers/pooler/tokwise/heads.py);
	 * classify keeps num_labels floats a token */
	if (s == p->pp - 1 && p->pooling &&
	    (p->pool_task == PLAN_POOL_EMBED ||
		p->pool_task == PLAN_POOL_REWARD))
		oi.pooler_bytes_per_token_hidden = w->dtype_bytes + 4;
	oi.layers_on_rank = x->layers;
	oi.graph_layers = overhead_graph_layers(m, first, x->layers);
	oi.mamba_pieces = overhead_mamba_pieces(m, first, x->layers);
	oi.max_num_seqs = p->max_num_seqs;
	oi.max_num_batched_tokens = p->max_num_batched_tokens;
	oi.sampler_bytes_per_logit = w->sampler_bpl;
	oi.n_graphs = w->n_graphs;
	oi.dtype_bytes = w->dtype_bytes;
	oi.format = p->format;
	if (s == 0 && p->mm.active) {
		/* the vision encoder sits on the first pipeline stage */
		oi.mm_encoder_bytes = p->mm.encoder_activation;
		oi.mm_cache_bytes = p->mm.encoder_cache;
	}
	walk_draft_overhead(w, s, &oi);
	overhead_estimate(&oi, &x->o);
	/* DeepSeek-V4's prefill gather workspace, whole (an estimate) */
	p->gather_workspace =
	    kv_gather_workspace(m, p->max_model_len, p->max_num_batched_tokens);
	/* DeepSeek-V3.2 / GLM-5: the indexer's workspace, allocated in the
	 * first layer and locked, is alive through the sampler */
	p->indexer_workspace = w->t.dsa_indexer_workspace
	    ? kv_indexer_workspace(m, p->max_model_len)
	    : 0;
	if (m->dsv4.layers > 0)
		walk_dsv4_profile(w, x);
	else
		x->o.activation += p->gather_workspace + p->indexer_workspace;
	/* LoRA's fused-MoE buffers in the profile forward (a measured
	 * activation below replaces the sum) */
	x->o.activation += lora_activation_bytes(m, &w->lora, p->tp,
	    p->max_num_batched_tokens, w->dtype_bytes);
	walk_unified_host(w, x);
	calibrate_stage(in, p, w->n_graphs, &x->weights, &x->o);
	if (p->calibrated & PLAN_CAL_NON_TORCH)
		p->unified_host = 0; /* the measured figure holds it */
}

/* What loads beside the model: LoRA slots, the drafter, MXFP4 padding, less
 * what --cpu-offload-gb moves to the CPU. */
static void
walk_stage_extra_weights(struct walk *w, int s, struct stage *x, int first)
{
	const struct plan_input *in = w->in;
	const struct model *m = w->m;
	struct plan *p = w->p;

	/* LoRA slots load with the model; --cpu-offload-gb moves weights to
	 * pinned CPU memory, per GPU (vllm/config/offload.py) */
	x->lora = lora_stack_bytes(m, &w->lora, p->tp, first, x->layers,
		      w->dtype_bytes) +
	    lora_vocab_bytes(m, &w->lora, p->tp, s == 0, s == p->pp - 1,
		p->version, w->dtype_bytes);
	x->weights += x->lora;
	x->draft = 0;
	if (in->spec.method == SPEC_MTP && s == p->pp - 1)
		x->draft = (int64_t)weights_mtp_bytes_split(m, p->format,
		    w->dtype_bytes, p->tp, &w->es);
	else if (spec_has_drafter(&in->spec) && in->draft != NULL && p->pp == 1)
		x->draft = (int64_t)weights_draft_bytes(in->draft, m,
		    spec_draft_head(in->draft, &in->spec) == SPEC_EAGLE3
			? WEIGHTS_EAGLE3
			: in->spec.method == SPEC_EAGLE ? WEIGHTS_EAGLE
							: WEIGHTS_DRAFT_MODEL,
		    spec_draft_layers(in->draft, &in->spec, p->version),
		    w->dtype_bytes, p->tp, p->pp);
	x->weights += x->draft;
	if (p->format == FMT_MXFP4 && w->g != NULL)
		x->weights += weights_mxfp4_padding_split(m,
		    mxfp4_backend_for(w->cc, p->version, w->lora.enabled),
		    &w->es, first, x->layers);
	x->offloaded = 0;
	if (in->cpu_offload_gib > 0) {
		x->offloaded = units_bytes(in->cpu_offload_gib);
		if (x->offloaded > x->weights - x->lora)
			x->offloaded = x->weights - x->lora;
		x->weights -= x->offloaded;
	}
}

/* One pipeline stage: weights, the profile run's terms, the KV layout. */
static void
walk_stage(struct walk *w, int s)
{
	struct plan *p = w->p;
	struct stage *x = &w->st[s];
	char kverr[KV_ERR_LEN];
	int first;

	walk_stage_weights(w, s, x);
	x->layers = weights_stage_layers(w->m->layers, p->pp, s, &first);
	walk_stage_overhead(w, s, x, first);
	walk_stage_extra_weights(w, s, x, first);
	if (w->m->encoder_only != MODEL_ENC_NONE) {
		memset(&x->kv, 0, sizeof x->kv); /* no KV cache spec */
	} else if (kv_layout_build(w->m, &w->kp, first, x->layers, &x->kv,
		       kverr, sizeof kverr) != 0) {
		config_fail(p, "%s", kverr);
		memset(&x->kv, 0, sizeof x->kv);
	}
}

/* The budget, each stage's KV memory, and the stage the plan reports. */
static void
walk_budget(struct walk *w)
{
	const struct plan_input *in = w->in;
	struct plan *p = w->p;
	struct stage *x;
	int s;

	p->requested = w->t.requested_ceil
	    ? (int64_t)ceil((double)p->total * p->util)
	    : (int64_t)((double)p->total * p->util);
	p->free = p->total - p->other - w->st[0].o.cuda_context;
	w->best = 0;
	for (s = 0; s < w->nstage; s++) {
		x = &w->st[s];
		if (in->kv_cache_memory_bytes > 0)
			x->available = in->kv_cache_memory_bytes;
		else
			x->available = p->requested -
			    (x->weights + x->o.activation + x->o.non_torch) -
			    (p->cg_in_budget ? x->o.cuda_graphs : 0);
		x->num_blocks = kv_num_blocks(&x->kv, x->available);
		if (s == 0 || x->num_blocks < w->st[w->best].num_blocks ||
		    (x->num_blocks == w->st[w->best].num_blocks &&
			x->available < w->st[w->best].available))
			w->best = s;
	}
	p->kv_memory_fixed = in->kv_cache_memory_bytes > 0;
	p->n_stages = w->nstage;
	p->best_stage = w->best;
	for (s = 0; s < w->nstage; s++) {
		struct plan_stage *ps = &p->stages[s];

		x = &w->st[s];
		ps->layers = x->layers;
		ps->weights = x->weights;
		ps->activation = x->o.activation;
		ps->non_torch = x->o.non_torch;
		ps->cuda_graphs = x->o.cuda_graphs;
		ps->available_kv = x->available;
		ps->num_blocks = x->num_blocks;
	}
	x = &w->st[w->best];
	p->weights = x->weights;
	p->lora_bytes = x->lora;
	p->draft_weights = x->draft;
	p->draft_activation = x->o.draft_activation;
	p->draft_graphs = x->o.draft_graphs;
	p->offloaded = x->offloaded;
	p->activation = x->o.activation;
	p->non_torch = x->o.non_torch;
	p->cuda_graphs = x->o.cuda_graphs;
	p->available_kv = x->available;
	p->layers_per_rank = x->layers;
	p->kv = x->kv;
	p->page_bytes = x->kv.page;
	p->group_size = x->kv.group_size;
	p->n_full_groups = x->kv.n_full_groups;
	p->n_groups = x->kv.n_groups;
	p->padding_layers = x->kv.padding_layers;
	p->bytes_per_token = x->kv.bytes_per_token;
	p->state_bytes = x->kv.state_bytes;
	if (x->kv.block_size > 0)
		p->block_size = x->kv.block_size;
	p->outside_budget = p->total - p->requested - p->other;
}

/* --max-model-len auto: the longest length every stage's cache holds. */
static void
walk_autofit(struct walk *w)
{
	struct plan *p = w->p;
	int64_t fit = w->derived, e;
	int s;

	if (p->max_model_len_auto) {
		for (s = 0; s < w->nstage; s++) {
			e = kv_estimate_max_len(&w->st[s].kv,
			    w->st[s].available, w->derived);
			if (e < fit)
				fit = e;
		}
		if (fit > 0)
			p->max_model_len = fit;
	}
	p->tokens_per_request = w->in->tokens_per_request > 0
	    ? w->in->tokens_per_request
	    : p->max_model_len;
}

/* The free-memory check of the budget, then weight loading. */
static void
walk_memory_checks(struct walk *w)
{
	const struct plan_input *in = w->in;
	struct plan *p = w->p;
	int64_t need = p->weights;
	int s;

	if (p->free < p->requested && p->phase == PHASE_NONE) {
		p->phase = PHASE_FREE_MEMORY;
		msg_free_memory(&w->t, p->free, p->total, p->util, p->requested,
		    p->message, sizeof p->message);
	}
	/* before #31914 online FP8 first loaded the 16-bit weights */
	if (in->quantization_fp8 && p->version < VLLM_VER(0, 16, 0)) {
		struct weights_breakdown wb;

		weights_rank_split(w->m, FMT_BF16, w->dtype_bytes, p->tp, p->pp,
		    w->best, &w->es, &wb);
		need = (int64_t)wb.total;
	}
	for (s = 0; s < w->nstage; s++)
		if (w->st[s].weights > need)
			need = w->st[s].weights;
	if (need > p->free && p->phase == PHASE_NONE) {
		p->phase = PHASE_WEIGHTS;
		msg_weights_oom(&w->t, need, p->free, p->message,
		    sizeof p->message);
	}
}

/* KV-cache sizing and its two checks on every rank; concurrency, tokens. */
static void
walk_kv_checks(struct walk *w)
{
	struct plan *p = w->p;
	const struct kv_layout *kv = &w->st[w->best].kv;
	int s;

	p->num_blocks = w->st[w->best].num_blocks;
	p->blocks_per_request = kv_blocks_per_request(kv, p->max_model_len);
	p->needed_one_request = kv_needed_bytes(kv, p->max_model_len);
	if (p->phase == PHASE_NONE && p->max_model_len_auto &&
	    p->max_model_len <= 0) {
		p->phase = PHASE_KV_CACHE;
		msg_autofit_failed(p->message, sizeof p->message);
	} else if (p->phase == PHASE_NONE) {
		for (s = 0; s < w->nstage && p->phase == PHASE_NONE; s++) {
			struct stage *x = &w->st[s];
			int64_t need =
				    kv_needed_bytes(&x->kv, p->max_model_len),
				e;

			if (x->available <= 0) {
				if (p->max_model_len_auto)
					msg_autofit_failed(p->message,
					    sizeof p->message);
				else
					msg_no_kv_memory(&w->t, p->message,
					    sizeof p->message);
				p->phase = PHASE_KV_CACHE;
			} else if (need > x->available) {
				e = kv_estimate_max_len(&x->kv, x->available,
				    p->max_model_len);
				p->estimated_max_model_len = e;
				p->phase = PHASE_KV_CACHE;
				msg_kv_too_small(&w->t, p->max_model_len, need,
				    x->available, e, p->message,
				    sizeof p->message);
			}
		}
	} else if (p->available_kv > 0 &&
	    p->needed_one_request > p->available_kv) {
		p->estimated_max_model_len =
		    kv_estimate_max_len(kv, p->available_kv, p->max_model_len);
	}
	if (p->num_blocks > 0 && p->blocks_per_request > 0)
		p->max_concurrency =
		    (double)p->num_blocks / p->blocks_per_request;
	if (w->t.tokens_from_concurrency)
		p->kv_tokens = (int64_t)(p->max_concurrency * p->max_model_len);
	else if (p->n_groups > 0)
		p->kv_tokens = p->num_blocks / p->n_groups * p->block_size;
	p->kv_cache = p->num_blocks * p->page_bytes * p->group_size;
}

/*
 * What the warm-up after graph capture needs beyond the sampler's working set
 * (estimate, doc/estimates.md): MXFP4 MoE checkpoints on Hopper, per logit of
 * the dummy requests; 0 elsewhere.
 */
static double
warmup_extra(const struct walk *w, int reqs)
{
	if (w->p->format != FMT_MXFP4 || w->m->n_experts <= 0 || w->cc < 9.0 ||
	    w->cc >= 10.0)
		return 0;
	return w->co->mxfp4_moe_warmup_bytes_per_logit * (double)reqs *
	    (double)w->m->vocab;
}

/* After the KV allocation: graph capture, then the sampler warm-up. */
static void
walk_after_kv(struct walk *w)
{
	struct plan *p = w->p;
	const struct stage *last = &w->st[w->nstage - 1];
	int64_t free_after, left;
	int reqs;

	free_after = p->total - p->other - w->st[w->best].o.cuda_context -
	    (p->weights + p->non_torch + p->kv_cache);
	if (p->phase == PHASE_NONE && !p->cg_in_budget && p->cuda_graphs > 0 &&
	    p->cuda_graphs > free_after) {
		p->phase = PHASE_CUDA_GRAPHS;
		msg_graph_oom(p->cuda_graphs, free_after, p->message,
		    sizeof p->message);
	}
	if (p->phase != PHASE_NONE || last->o.sampler <= 0)
		return;
	reqs = p->max_num_seqs < p->max_num_batched_tokens
	    ? p->max_num_seqs
	    : p->max_num_batched_tokens;
	left = free_after - p->cuda_graphs;
	p->warmup_left = left;
	p->warmup_need =
	    (int64_t)(w->co->sampler_warmup_fraction * (double)last->o.sampler +
		warmup_extra(w, reqs));
	if (left < p->warmup_need) {
		p->phase = PHASE_SAMPLER_WARMUP;
		msg_sampler_oom(reqs, p->message, sizeof p->message);
	}
}

/*
 * A model whose layers hold no KV cache (encoder-only attention): the model
 * runner's get_kv_cache_spec() gives no spec, so
 * EngineCore._initialize_kv_caches() (vllm/v1/engine/core.py) skips
 * determine_available_memory(): no profile run, no "Available KV cache
 * memory", no blocks, tokens or concurrency.  What still stops it is the
 * free-memory check of the budget and the weight loading, then the graph
 * capture in the memory left.
 */
static void
walk_no_kv(struct walk *w)
{
	struct plan *p = w->p;
	int64_t left;

	p->no_kv_cache = true;
	p->cg_in_budget = false;
	p->cg_host_repeats = 0;
	p->activation = p->non_torch = p->unified_host = 0;
	p->available_kv = p->kv_cache = p->num_blocks = 0;
	p->kv_tokens = p->bytes_per_token = p->page_bytes = 0;
	p->n_groups = p->n_full_groups = p->group_size = 0;
	p->max_concurrency = 0;
	walk_memory_checks(w);
	left = p->total - p->other - w->st[w->best].o.cuda_context - p->weights;
	if (p->phase == PHASE_NONE && p->cuda_graphs > 0 &&
	    p->cuda_graphs > left) {
		p->phase = PHASE_CUDA_GRAPHS;
		msg_graph_oom(p->cuda_graphs, left, p->message,
		    sizeof p->message);
	}
}

/*
 * --task (vLLM 0.10.x to 0.12.x): ModelConfig.__post_init__ sets the
 * runner and adapter from it, over whatever --runner and --convert say
 * (vllm/config/model.py): a generate task (generate, transcription) the
 * generate runner, a pooling task the pooling runner with
 * _task_to_convert()'s adapter (embed and embedding: embed; classify;
 * reward), auto neither, draft the draft runner.  A pooling class
 * (encoder-only, a sequence classifier, a reward model, the registry's
 * pooling-only classes) keeps its own head whatever the adapter, as the
 * as_*_model adapters return it unchanged, so its adapter is auto.
 * score is refused (walk_check_task), and so is every task from 0.13.0;
 * the input keeps the task as given for the writers.
 */
static void
plan_task_apply(const struct plan_input *in, struct plan_input *out)
{
	const struct model *m = in->model;
	const char *arch = in->hf_architecture != NULL ? in->hf_architecture
	    : m != NULL                                ? m->architecture
						       : NULL;
	int nl;
	bool pooling_class = (m != NULL && m->encoder_only != MODEL_ENC_NONE) ||
	    model_seq_cls_decoder(arch) != NULL ||
	    model_reward_class_decoder(arch, &nl) != NULL ||
	    pooling_only_class(arch) != NULL;

	*out = *in;
	out->runner = PLAN_RUNNER_AUTO;
	out->convert = PLAN_CONVERT_AUTO;
	switch (in->task) {
	case PLAN_TASK_GENERATE:
	case PLAN_TASK_TRANSCRIPTION: out->runner = PLAN_RUNNER_GENERATE; break;
	case PLAN_TASK_DRAFT: out->runner = PLAN_RUNNER_DRAFT; break;
	case PLAN_TASK_EMBEDDING:
	case PLAN_TASK_EMBED:
	case PLAN_TASK_CLASSIFY:
	case PLAN_TASK_REWARD:
		out->runner = PLAN_RUNNER_POOLING;
		if (!pooling_class)
			out->convert = in->task == PLAN_TASK_CLASSIFY
			    ? PLAN_CONVERT_CLASSIFY
			    : in->task == PLAN_TASK_REWARD ? PLAN_CONVERT_REWARD
							   : PLAN_CONVERT_EMBED;
		break;
	default: break;
	}
}

/* Whether the plan's available KV memory is headroom's estimate, decided
 * at the KV cache check: a start, or a refusal there. */
static bool
close_call_applies(const struct plan_input *in, const struct plan *p)
{
	const unsigned all =
	    PLAN_CAL_ACTIVATION | PLAN_CAL_NON_TORCH | PLAN_CAL_CUDA_GRAPHS;

	if (p->phase != PHASE_NONE && p->phase != PHASE_KV_CACHE)
		return false;
	if (in->overhead == OVERHEAD_RULE || p->kv_memory_fixed ||
	    p->no_kv_cache || p->max_model_len_auto ||
	    p->needed_one_request <= 0 || p->total <= 0)
		return false;
	/* every estimated term measured by a startup: nothing estimated */
	return (p->calibrated & all) != all;
}

/*
 * A close call (core/closecall.h): marks p from the catalogue's estimate
 * errors, for the model m as planned.  Only a start or a refusal at the KV
 * cache check whose available memory is estimated can be one; never
 * changes the phase, the message or any figure vLLM prints.
 */
static void
walk_close_call(const struct catalogue *c, const struct plan_input *in,
    const struct model *m, struct plan *p)
{
	const struct kv_error *e;
	const char *key;
	int64_t margin, err;

	p->close_call = false;
	p->close_call_margin = p->close_call_error = 0;
	p->close_call_pct = 0;
	p->close_call_cases = 0;
	p->close_call_family = NULL;
	p->close_call_any = false;
	if (m == NULL || !close_call_applies(in, p))
		return;
	key = closecall_family_key(m);
	e = closecall_error(c, key);
	if (e == NULL)
		return;
	margin = p->available_kv - p->needed_one_request;
	/* a start keeps margin >= 0; a refusal there lacks some */
	if ((p->phase == PHASE_NONE) != (margin >= 0))
		return;
	err = (int64_t)llround(e->kv_error_pct / 100.0 * (double)p->total);
	if (llabs(margin) > err)
		return;
	p->close_call = true;
	p->close_call_margin = margin;
	p->close_call_error = err;
	p->close_call_pct = e->kv_error_pct;
	p->close_call_cases = e->cases;
	p->close_call_family = closecall_family_title(key);
	p->close_call_any = strcmp(e->family, key) != 0;
}

void
plan_compute(const struct catalogue *c, const struct plan_input *in,
    struct plan *p)
{
	struct walk w;
	struct plan_input lmo, tk;
	int s;

	memset(p, 0, sizeof *p);
	memset(&w, 0, sizeof w);
	if (in->task != PLAN_TASK_UNSET) {
		plan_task_apply(in, &tk);
		in = &tk;
	}
	/* --language-model-only: MultiModalConfig.get_limit_per_prompt()
	 * answers 0 for every modality (vllm/config/multimodal.py, #34120),
	 * so the plan reads each limit as 0, whatever --limit-mm-per-prompt
	 * says; the input keeps both as given for the writers */
	if (in->language_model_only > 0) {
		lmo = *in;
		lmo.limit_mm_images = lmo.limit_mm_videos = 0;
		lmo.limit_mm_audios = lmo.limit_mm_chunks = 0;
		in = &lmo;
	}
	w.c = c;
	w.in = in;
	w.p = p;
	w.m = in->model;
	/* a quantized export with a config.json of its own is planned from it,
	 * as vLLM reads that file (the model's entry gives the rest) */
	if (in->ckpt >= 0 && (size_t)in->ckpt < c->n_ckpts &&
	    c->ckpts[in->ckpt].arch != NULL &&
	    c->ckpts[in->ckpt].model_index >= 0 &&
	    in->model == &c->models[c->ckpts[in->ckpt].model_index])
		w.m = c->ckpts[in->ckpt].arch;
	if (!walk_settings(&w))
		return;
	walk_formats(&w);
	walk_config_checks(&w);
	walk_extras_checks(&w);
	walk_env(&w);
	walk_sampler_path(&w);
	walk_encdec_checks(&w);
	walk_dsv4_checks(&w);
	walk_max_model_len(&w);
	if (w.m->rope_upto_len && p->max_model_len > 0 &&
	    p->max_model_len < w.m->rope_cache_len) {
		/* get_rope(max_position=min(max_position_embeddings,
		 * max_model_len)): MiniMax-Text-01, PLaMo 2 */
		w.mc = *w.m;
		w.mc.rope_cache_len = p->max_model_len;
		w.m = &w.mc;
	}
	walk_scheduler(&w);
	walk_graphs(&w);
	walk_weight_scale(&w);
	walk_kv_params(&w);
	w.nstage = p->pp < PLAN_MAX_STAGES ? p->pp : PLAN_MAX_STAGES;
	for (s = 0; s < w.nstage; s++)
		walk_stage(&w, s);
	walk_budget(&w);
	if (w.m->encoder_only != MODEL_ENC_NONE) {
		p->tokens_per_request = in->tokens_per_request > 0
		    ? in->tokens_per_request
		    : p->max_model_len;
		walk_no_kv(&w);
		plan_update_concurrency(in, p);
		return;
	}
	walk_autofit(&w);
	if (in->overhead == OVERHEAD_RULE) {
		rule_plan(c, in, p, &w.st[w.best]);
		plan_update_concurrency(in, p);
		return;
	}
	walk_memory_checks(&w);
	walk_kv_checks(&w);
	walk_after_kv(&w);
	plan_update_concurrency(in, p); /* at the slider, and replicas */
	walk_close_call(c, in, w.m, p);
}

void
plan_close_call_text(const struct plan *p, char *buf, size_t len)
{
	char n[32], what[96], whose[160];
	bool starts = p->phase == PHASE_NONE;

	if (len == 0)
		return;
	buf[0] = '\0';
	if (!p->close_call)
		return;
	units_format_commas(p->max_model_len, n, sizeof n);
	snprintf(what, sizeof what,
	    starts ? "keeps over what one request of %s tokens needs"
		   : "lacks for one request of %s tokens",
	    n);
	if (p->close_call_any)
		snprintf(whose, sizeof whose,
		    "any family (its own, %s, has fewer than %d measured):",
		    p->close_call_family, CLOSECALL_MIN_CASES);
	else
		snprintf(whose, sizeof whose, "its family, %s,",
		    p->close_call_family);
	snprintf(buf, len,
	    "Close call: the %.2f GiB this plan %s is within the error of "
	    "headroom's estimate of the available KV cache on real startups "
	    "of %s up to %.2f %% of the card (%.2f GiB here) over %d "
	    "startups (make fidelity). vLLM may %s; the verdict rests on the "
	    "estimates.",
	    (double)llabs(p->close_call_margin) / (double)GIB, what, whose,
	    p->close_call_pct, (double)p->close_call_error / (double)GIB,
	    p->close_call_cases,
	    starts ? "refuse at the KV cache check" : "start");
}
