/*
 * fixes.c - candidate changes, each re-planned.  Invariant: every fix
 * listed was computed by plan_compute() on its own changed input; nothing
 * here guesses an effect.
 */
#include "fixes.h"

#include <stdio.h>
#include <string.h>

#include "multimodal.h"
#include "units.h"
#include "vllm_version.h"

struct cand_list {
	const struct catalogue *c;
	const struct plan_input *base_in;
	const struct plan *base;
	struct fix *out;
	size_t n, max;
	int base_starts;
};

const char *
fix_kind_name(enum fix_kind k)
{
	switch (k) {
	case FIX_SAME_HARDWARE: return "same hardware";
	case FIX_SHORTER_CONTEXT: return "shorter context";
	case FIX_MORE_HARDWARE: return "more hardware";
	}
	return "?";
}

const char *
fix_kind_id(enum fix_kind k)
{
	switch (k) {
	case FIX_SAME_HARDWARE: return "same-hardware";
	case FIX_SHORTER_CONTEXT: return "shorter-context";
	case FIX_MORE_HARDWARE: return "more-hardware";
	}
	return "?";
}

/* Cards a plan occupies: those given, or one replica's TP x PP x DP. */
static int64_t
cards_of(const struct plan_input *in, const struct plan *p)
{
	int64_t need = (int64_t)p->world * p->dp;

	return in->gpus > need ? in->gpus : need;
}

static enum fix_kind
kind_of(const struct cand_list *l, const struct plan_input *in,
    const struct plan *p)
{
	const struct plan_input *b = l->base_in;

	if (in->gpu != b->gpu || in->mig != b->mig ||
	    in->gpu_total_gib != b->gpu_total_gib ||
	    cards_of(in, p) > cards_of(b, l->base))
		return FIX_MORE_HARDWARE;
	if (p->max_model_len < l->base->max_model_len)
		return FIX_SHORTER_CONTEXT;
	return FIX_SAME_HARDWARE;
}

static void
add(struct cand_list *l, const struct plan_input *in, const char *flags,
    const char *summary)
{
	struct plan p;
	struct fix *f;
	size_t i;

	if (l->n >= l->max)
		return;
	for (i = 0; i < l->n; i++)
		if (strcmp(l->out[i].flags, flags) == 0)
			return;
	/* never a context the model does not have (vLLM refuses it anyway) */
	if (in->max_model_len > 0 && in->model != NULL &&
	    in->model->derived_max_len > 0 &&
	    in->max_model_len > in->model->derived_max_len)
		return;
	plan_compute(l->c, in, &p);
	/* a change that gets a plan stopped before the KV cache sizing past
	 * it, only to stop there, is offered with the context vLLM estimates
	 * for it (its "estimated maximum model length", rounded down), or
	 * 32k where that holds no whole request (state layers) */
	if (p.phase == PHASE_KV_CACHE && !l->base_starts &&
	    l->base->phase != PHASE_KV_CACHE && p.estimated_max_model_len > 0 &&
	    in->max_model_len == l->base_in->max_model_len &&
	    strstr(flags, "--max-model-len") == NULL) {
		int64_t lens[2] = { p.estimated_max_model_len, 32768 };
		size_t k, had = l->n;

		if (lens[0] > 1024)
			lens[0] = lens[0] / 1024 * 1024;
		for (k = 0; k < 2 && l->n == had && lens[k] <= lens[0]; k++) {
			struct plan_input ctx = *in;
			char both[sizeof l->out[0].flags];

			ctx.max_model_len = lens[k];
			snprintf(both, sizeof both, "%s --max-model-len %lld",
			    flags, (long long)lens[k]);
			add(l, &ctx, both, summary);
		}
		return;
	}
	/* a fix makes the plan start and carry at least one request */
	if (p.phase != PHASE_NONE || p.total_concurrency < 1)
		return;
	if (l->base_starts) {
		/* for a plan that starts, list only what carries more */
		if (in->tokens_per_request > 0 ||
			    p.max_model_len == l->base->max_model_len
			? p.total_concurrency <= l->base->total_concurrency
			: p.kv_tokens * p.replicas <=
			    l->base->kv_tokens * l->base->replicas)
			return;
	}
	f = &l->out[l->n++];
	memset(f, 0, sizeof *f);
	snprintf(f->flags, sizeof f->flags, "%s", flags);
	snprintf(f->summary, sizeof f->summary, "%s", summary);
	f->input = *in;
	f->kind = kind_of(l, in, &p);
	f->starts = p.phase == PHASE_NONE;
	f->no_kv_cache = p.no_kv_cache;
	f->phase = p.phase;
	f->max_concurrency = p.max_concurrency;
	f->concurrency_at_tpr = p.concurrency_at_tpr;
	f->total_concurrency = p.total_concurrency;
	f->total_kv_tokens =
	    p.phase == PHASE_NONE ? p.kv_tokens * p.replicas : 0;
	f->max_model_len = p.max_model_len;
}

static int
better(const struct fix *a, const struct fix *b, int by_requests)
{
	if (a->kind != b->kind)
		return a->kind < b->kind;
	/* of two shorter contexts, the one that keeps more of the user's */
	if (a->kind == FIX_SHORTER_CONTEXT &&
	    a->max_model_len != b->max_model_len)
		return a->max_model_len > b->max_model_len;
	if (a->starts != b->starts)
		return a->starts;
	if (by_requests && a->total_concurrency != b->total_concurrency)
		return a->total_concurrency > b->total_concurrency;
	if (a->total_kv_tokens != b->total_kv_tokens)
		return a->total_kv_tokens > b->total_kv_tokens;
	return a->max_concurrency > b->max_concurrency;
}

static int
is16(enum ckpt_format f)
{
	return f == FMT_BF16 || f == FMT_FP16 || f == FMT_FP32;
}

static void
try_format(struct cand_list *l, const struct plan_input *base,
    enum ckpt_format f, const char *why)
{
	struct plan_input in = *base;
	const struct model *m = base->model;
	char flags[160];
	int k = -1, mi;

	mi = m ? catalogue_find_model(l->c, m->id) : -1;
	if (mi >= 0)
		k = catalogue_model_ckpt(l->c, mi, f);
	in.weight_bytes = 0;
	if (k >= 0) {
		in.ckpt = k;
		in.format = f;
		snprintf(flags, sizeof flags, "--model %s", l->c->ckpts[k].id);
	} else if (f == FMT_FP8) {
		/* nobody published one: vLLM quantizes the 16-bit weights itself */
		in.quantization_fp8 = true;
		snprintf(flags, sizeof flags, "--quantization fp8");
		why = "vLLM quantizes the 16-bit weights to FP8 while loading.";
	} else {
		/* a format nobody published cannot be served: no fix to offer */
		return;
	}
	add(l, &in, flags, why);
}

/* The MIG and context fixes: whole cards for TP, and the context lengths
 * that fit (the model's own, vLLM's estimate, 32k, auto). */
static void
fixes_try_context(struct cand_list *l)
{
	const struct plan_input *base = l->base_in;
	const struct plan *p = l->base;
	struct plan_input in;
	char flags[160];

	if (p->phase == PHASE_CONFIG && base->mig >= 0 && p->world > 1) {
		in = *base;
		in.mig = -1;
		add(l, &in, "--mig none",
		    "Use whole cards: NCCL tensor parallelism "
		    "does not work across MIG slices.");
	}
	/* context length: the model's own maximum when more was asked */
	if (base->model != NULL && base->model->derived_max_len > 0 &&
	    base->max_model_len > base->model->derived_max_len) {
		in = *base;
		in.max_model_len = base->model->derived_max_len;
		snprintf(flags, sizeof flags, "--max-model-len %lld",
		    (long long)in.max_model_len);
		add(l, &in, flags,
		    "The longest context the model was trained for "
		    "(its max_position_embeddings).");
	}
	if (p->estimated_max_model_len > 0) {
		int64_t len = p->estimated_max_model_len;

		if (len > 1024)
			len = len / 1024 * 1024;
		in = *base;
		in.max_model_len = len;
		snprintf(flags, sizeof flags, "--max-model-len %lld",
		    (long long)len);
		add(l, &in, flags,
		    "Declare the context that fits (vLLM's estimated "
		    "maximum, rounded down); longer prompts get an error.");
	}
	if (p->max_model_len > 32768) {
		in = *base;
		in.max_model_len = 32768;
		add(l, &in, "--max-model-len 32768", "Declare a 32k context.");
	}
	if (p->max_model_len > 8192 &&
	    (p->phase == PHASE_KV_CACHE || p->phase == PHASE_NONE)) {
		in = *base;
		in.max_model_len = -1;
		add(l, &in, "--max-model-len auto",
		    "Let vLLM pick the longest "
		    "context that fits (one request at full length).");
	}
}

/* The ways past a configuration check that names one: the last release
 * that served an architecture vLLM retired, and the text model alone
 * where the profile run of a multimodal tower is not modelled (the
 * limits walk_check_mm_profile() in plan.c asks for). */
/* in's --limit-mm-per-prompt, the modalities it sets, as a flag */
static void
limits_flag(const struct plan_input *in, char *buf, size_t len)
{
	const struct {
		const char *name;
		int limit;
	} lim[] = { { "image", in->limit_mm_images },
		{ "video", in->limit_mm_videos },
		{ "audio", in->limit_mm_audios },
		{ "vision_chunk", in->limit_mm_chunks } };
	size_t i, n;
	int k = 0;

	n = (size_t)snprintf(buf, len, "--limit-mm-per-prompt '{");
	for (i = 0; i < sizeof lim / sizeof lim[0] && n < len; i++)
		if (lim[i].limit >= 0)
			n += (size_t)snprintf(buf + n, len - n, "%s\"%s\":%d",
			    k++ ? "," : "", lim[i].name, lim[i].limit);
	if (n < len)
		snprintf(buf + n, len - n, "}'");
}

static void add_tp(struct cand_list *l, int tp);

/* --language-model-only (or --no-...) before the release that has it
 * (plan.c refuses it there, as vLLM's argument parser does): the flag
 * dropped and, for --language-model-only, every modality the model takes
 * limited to 0, which MultiModalConfig.get_limit_per_prompt() reads the
 * flag as from 0.16.0; what the towers then do is that release's rule */
static void
fixes_try_lm_only(struct cand_list *l)
{
	const struct plan_input *base = l->base_in;
	const struct model *m = base->model;
	struct multimodal_budget zero;
	struct plan_input in;
	char flags[160], sum[200];
	int ver = l->base->version;
	bool vision, audio;

	if (base->language_model_only == 0 ||
	    ver >= VLLM_SINCE_LANGUAGE_MODEL_ONLY)
		return;
	in = *base;
	in.language_model_only = 0;
	if (base->language_model_only < 0 || !m->multimodal) {
		add(l, &in,
		    base->language_model_only < 0
			? "(drop --no-language-model-only)"
			: "(drop --language-model-only)",
		    "vLLM reads no such flag before 0.16.0; the plan is the "
		    "same without it.");
		return;
	}
	in.limit_mm_images = in.limit_mm_videos = 0;
	if (m->audio_params > 0)
		in.limit_mm_audios = 0;
	if (m->mm_rule == MODEL_MM_CHUNKS)
		in.limit_mm_chunks = 0;
	limits_flag(&in, flags, sizeof flags);
	snprintf(flags + strlen(flags), sizeof flags - strlen(flags),
	    " (not --language-model-only)");
	memset(&zero, 0, sizeof zero);
	zero.text_only = true;
	vision =
	    m->vision_params > 0 && !multimodal_tower_skipped(m, &zero, ver);
	audio = m->audio_params > 0 && !multimodal_audio_skipped(m, &zero, ver);
	snprintf(sum, sizeof sum,
	    "Text only, as --language-model-only from vLLM 0.16.0%s%s%s.",
	    vision || audio ? "; this release still builds the " : "",
	    vision      ? (audio ? "vision and audio towers" : "vision tower")
		: audio ? "audio tower"
			: "",
	    vision && audio       ? " (their weights counted)"
		: vision || audio ? " (its weights counted)"
				  : "");
	add(l, &in, flags, sum);
}

/* attention heads the tensor parallelism does not divide
 * (ModelConfig.verify_with_parallel_config): the nearest sizes that divide
 * them, the largest below first, then the smallest above up to 8 (no MIG
 * slice, as fixes_try_parallel); add() drops a repeat */
static void
fixes_try_head_divisors(struct cand_list *l)
{
	const struct plan_input *base = l->base_in;
	const struct model *m = base->model;
	int tp;

	if (!(base->mig < 0 && m->heads > 0 && l->base->tp > 1 &&
		m->heads % l->base->tp != 0))
		return;
	for (tp = l->base->tp - 1; tp > 1 && m->heads % tp != 0; tp--)
		;
	add_tp(l, tp);
	/* and the largest power of two below, where that is another size
	 * (20 heads at TP 8: 5, then 4) */
	while (tp > 1 && ((tp & (tp - 1)) != 0 || m->heads % tp != 0))
		tp--;
	add_tp(l, tp);
	for (tp = l->base->tp + 1; tp <= 8 && m->heads % tp != 0; tp++)
		;
	if (tp <= 8)
		add_tp(l, tp);
}

/* a release newer than the last that serves the architecture: that one */
static void
fixes_try_last_release(struct cand_list *l)
{
	const struct plan_input *base = l->base_in;
	const struct model *m = base->model;
	struct plan_input in;
	char flags[160];

	if (!(m->last_release > 0 && l->base->version > m->last_release))
		return;
	in = *base;
	in.version = m->last_release;
	snprintf(flags, sizeof flags, "--vllm-version %d.%d.%d",
	    m->last_release / 10000, m->last_release / 100 % 100,
	    m->last_release % 100);
	add(l, &in, flags,
	    "The last vLLM release that serves this architecture.");
}

/* a GTE config naming NewModel, a class vLLM's registry lacks: the override
 * vLLM's supported-models list gives (plan.c) */
static void
fixes_try_gte_class(struct cand_list *l)
{
	const struct plan_input *base = l->base_in;
	const struct model *m = base->model;
	struct plan_input in;

	if (!(m->architecture != NULL &&
		strcmp(m->architecture, "NewModel") == 0 &&
		base->hf_architecture == NULL))
		return;
	in = *base;
	in.hf_architecture = "GteNewModel";
	add(l, &in, "--hf-overrides '{\"architectures\": [\"GteNewModel\"]}'",
	    "GTE as vLLM serves it: the GteNewModel class of its registry.");
}

/* the multimodal limits at 0 that let the plan through: the towers vLLM
 * then neither profiles nor builds */
static void
fixes_try_mm_limits(struct cand_list *l)
{
	const struct plan_input *base = l->base_in;
	const struct model *m = base->model;
	struct plan_input in;
	char flags[160];

	if (m->mm_conv_encoder &&
	    (base->limit_mm_images != 0 || base->limit_mm_audios != 0)) {
		in = *base;
		in.limit_mm_images = 0;
		in.limit_mm_audios = 0;
		add(l, &in, "--limit-mm-per-prompt '{\"image\":0,\"audio\":0}'",
		    "Text only: vLLM builds neither tower.");
	}
	/* an audio tower whose clips the profile run would encode: at an
	 * audio limit of 0 vLLM neither profiles nor builds it */
	if (m->audio_params > 0 && base->limit_mm_audios != 0) {
		in = *base;
		in.limit_mm_audios = 0;
		limits_flag(&in, flags, sizeof flags);
		add(l, &in, flags,
		    m->audio_skip_since > 0
			? "No audio: vLLM does not build the audio tower."
			: "No audio: the profile run skips the audio tower "
			  "(its weights still load).");
	}
	if (m->multimodal && m->mm_rule == MODEL_MM_UNMODELLED &&
	    ((base->limit_mm_images != 0 && multimodal_takes_images(m)) ||
		base->limit_mm_videos != 0)) {
		struct multimodal_budget zero;
		bool images = multimodal_takes_images(m);

		memset(&zero, 0, sizeof zero);
		zero.text_only = true;
		in = *base;
		if (images)
			in.limit_mm_images = 0;
		in.limit_mm_videos = 0;
		add(l, &in,
		    images ? "--limit-mm-per-prompt '{\"image\":0,\"video\":0}'"
			   : "--limit-mm-per-prompt '{\"video\":0}'",
		    multimodal_tower_skipped(m, &zero, base->version)
			? "Text only: no profile run of the vision tower, "
			  "which vLLM then does not build."
			: "No images or videos: the profile run skips the "
			  "vision tower (its weights still load).");
	}
	/* images sized, videos not (InternVL with a video-capable text
	 * model, GLM-4.1V / 4.5V / 4.6V): without videos it plans */
	if (m->multimodal && m->mm_rule == MODEL_MM_FIXED &&
	    m->mm_video_tokens < 0 && base->limit_mm_videos != 0) {
		in = *base;
		in.limit_mm_videos = 0;
		limits_flag(&in, flags, sizeof flags);
		add(l, &in, flags,
		    "No videos: the profile run encodes the largest images "
		    "instead.");
	}
	if (m->multimodal && m->mm_rule == MODEL_MM_CHUNKS &&
	    base->limit_mm_chunks != 0) {
		in = *base;
		in.limit_mm_chunks = 0;
		add(l, &in, "--limit-mm-per-prompt '{\"vision_chunk\":0}'",
		    "Text only: no profile run of the vision tower, which "
		    "vLLM then does not build.");
	}
}

static void
fixes_try_config(struct cand_list *l)
{
	if (l->base->phase != PHASE_CONFIG || l->base_in->model == NULL)
		return;
	fixes_try_lm_only(l);
	fixes_try_head_divisors(l);
	fixes_try_last_release(l);
	fixes_try_gte_class(l);
	fixes_try_mm_limits(l);
}

/* KV precision: FP8, and NVFP4 on a card (g, may be NULL) that has FP4. */
static void
fixes_try_kv_dtype(struct cand_list *l, const struct gpu *g)
{
	const struct plan *p = l->base;
	struct plan_input in;

	if (!kv_dtype_is_fp8(p->kv_dtype) && p->kv_dtype != KV_NVFP4) {
		in = *l->base_in;
		in.kv_dtype = KV_FP8;
		add(l, &in, "--kv-cache-dtype fp8",
		    "Halve the KV cache per token; "
		    "check quality on long inputs.");
	}
	if (g && g->fp4 && p->kv_dtype != KV_NVFP4) {
		in = *l->base_in;
		in.kv_dtype = KV_NVFP4;
		add(l, &in, "--kv-cache-dtype nvfp4",
		    "4-bit KV cache on Blackwell "
		    "(vLLM 0.32 or later).");
	}
}

/* The memory budget: more of the card, or less of it when the plan stops
 * at free memory, warm-up or graphs; other processes stopped.  Not more on
 * a unified-memory card: vLLM compares util x total with the free memory
 * the host reports (request_memory, vllm/v1/worker/utils.py), and on a
 * GB10 that is already below the 0.92 default's ask (data/gpus.yaml). */
static void
fixes_try_budget(struct cand_list *l, const struct gpu *g)
{
	const struct plan_input *base = l->base_in;
	const struct plan *p = l->base;
	struct plan_input in;
	char flags[160];

	if (p->util < 0.95 && !(g != NULL && g->unified) &&
	    p->phase != PHASE_FREE_MEMORY && p->phase != PHASE_SAMPLER_WARMUP &&
	    p->phase != PHASE_CUDA_GRAPHS) {
		in = *base;
		in.util = 0.95;
		add(l, &in, "--gpu-memory-utilization 0.95",
		    "Give vLLM more of "
		    "the card; less headroom for allocations outside its "
		    "budget.");
	}
	if (p->phase == PHASE_FREE_MEMORY || p->phase == PHASE_SAMPLER_WARMUP ||
	    p->phase == PHASE_CUDA_GRAPHS) {
		double u = p->util;

		if (p->phase == PHASE_FREE_MEMORY && p->total > 0)
			u = (double)(p->free - 64 * MIB) / (double)p->total;
		else
			u = p->util - 0.05;
		u = (int)(u * 100) / 100.0;
		if (u > 0.05) {
			in = *base;
			in.util = u;
			units_snprintf(flags, sizeof flags,
			    "--gpu-memory-utilization %.2f", u);
			add(l, &in, flags,
			    p->phase == PHASE_FREE_MEMORY
				? "Ask only for what is free on the card."
				: "Leave more memory outside vLLM's budget for "
				  "warm-up and graphs.");
		}
	}
	if (p->phase == PHASE_FREE_MEMORY && base->other_usage_gib > 0) {
		in = *base;
		in.other_usage_gib = 0;
		add(l, &in, "(stop the other processes)",
		    "Free the memory other "
		    "processes hold on the card.");
	}
}

/* The scheduler and CUDA graphs: fewer sequences, a smaller batch, eager
 * mode, fewer capture sizes. */
static void
fixes_try_scheduler(struct cand_list *l)
{
	const struct plan_input *base = l->base_in;
	const struct plan *p = l->base;
	struct plan_input in;

	if (p->max_num_seqs > 256) {
		in = *base;
		in.max_num_seqs = 256;
		add(l, &in, "--max-num-seqs 256",
		    "Smaller sampler warm-up and "
		    "fewer CUDA graphs.");
	}
	if (p->max_num_batched_tokens > 2048) {
		in = *base;
		in.max_num_batched_tokens = 2048;
		if (in.max_num_seqs > 2048 ||
		    (in.max_num_seqs == 0 && p->max_num_seqs > 2048))
			in.max_num_seqs = 2048;
		add(l, &in, "--max-num-batched-tokens 2048",
		    "Lower the activation "
		    "peak of the profile run; slower prefill.");
	}
	if (!p->enforce_eager && p->n_capture_sizes > 0) {
		in = *base;
		in.enforce_eager = true;
		add(l, &in, "--enforce-eager",
		    "No CUDA graphs: frees their memory, "
		    "slower decode. Use to diagnose.");
		in = *base;
		in.n_capture_sizes = 5;
		in.capture_sizes[0] = 1;
		in.capture_sizes[1] = 2;
		in.capture_sizes[2] = 4;
		in.capture_sizes[3] = 8;
		in.capture_sizes[4] = 16;
		add(l, &in, "--cudagraph-capture-sizes 1 2 4 8 16",
		    "Capture fewer "
		    "graphs; large batches run without graphs.");
	}
}

/* The plan at tensor parallelism tp, as a fix. */
static void
add_tp(struct cand_list *l, int tp)
{
	const struct plan *p = l->base;
	struct plan_input in = *l->base_in;
	char flags[160], sum[200];

	in.tp = tp;
	/* the cards given are raised with the TP: the flags say so, or added
	 * to the command they plan a refusal */
	if (in.gpus > 0 && in.gpus < in.tp * p->pp * p->dp) {
		in.gpus = in.tp * p->pp * p->dp;
		snprintf(flags, sizeof flags,
		    "--tensor-parallel-size %d --gpus %d", in.tp, in.gpus);
	} else {
		snprintf(flags, sizeof flags, "--tensor-parallel-size %d",
		    in.tp);
	}
	snprintf(sum, sizeof sum, "Shard the weights over %d cards.", in.tp);
	add(l, &in, flags, sum);
}

/* Twice the tensor parallelism, when the heads divide and no MIG slice;
 * four or eight times when twice does not fix the plan. */
static void
fixes_try_parallel(struct cand_list *l)
{
	const struct plan_input *base = l->base_in;
	const struct plan *p = l->base;
	size_t had = l->n;
	int tp;

	if (base->mig >= 0 || base->model == NULL)
		return;
	for (tp = p->tp * 2; tp <= 8 && l->n == had; tp *= 2) {
		if (base->model->heads % tp != 0)
			break;
		add_tp(l, tp);
	}
}

/* Whether vLLM runs FP8 or NVFP4 weights on the card (g): natively, or
 * through the weight-only Marlin kernels from compute capability 8.0
 * (doc/vllm-versions.md, "Formats a card cannot run natively"). */
static bool
fixes_runs_format(const struct gpu *g, bool native)
{
	return native || g->compute_capability >= 8.0;
}

/* Smaller checkpoint formats the card (g, may be NULL) can run. */
static void
fixes_try_checkpoint(struct cand_list *l, const struct gpu *g)
{
	const struct plan_input *base = l->base_in;
	const struct plan *p = l->base;

	if (is16(p->format)) {
		if (g == NULL || fixes_runs_format(g, g->fp8))
			try_format(l, base, FMT_FP8,
			    g == NULL || g->fp8
				? "An FP8 checkpoint halves the weights."
				: "An FP8 checkpoint halves the weights "
				  "(weight-only Marlin on this card).");
		if (g && g->fp4)
			try_format(l, base, FMT_NVFP4,
			    "An NVFP4 checkpoint quarters the weights.");
		try_format(l, base, FMT_AWQ,
		    "A 4-bit AWQ checkpoint; check quality.");
	} else if (p->format == FMT_FP8 || p->format == FMT_FP8_BLOCK ||
	    p->format == FMT_FP8_CHANNEL) {
		if (g && g->fp4)
			try_format(l, base, FMT_NVFP4,
			    "An NVFP4 checkpoint halves FP8 weights.");
	}
}

/* A bigger MIG slice (or the whole card), then the next larger card of
 * the catalogue when the plan does not start. */
static void
fixes_try_hardware(struct cand_list *l, const struct gpu *g)
{
	const struct catalogue *c = l->c;
	const struct plan_input *base = l->base_in;
	const struct plan *p = l->base;
	struct plan_input in;
	char flags[160], sum[200];
	size_t i;

	if (g && base->mig >= 0) {
		double cur = g->mig[base->mig].total_gib;
		int bestm = -1;

		for (i = 0; i < g->n_mig; i++)
			if (g->mig[i].total_gib > cur &&
			    (bestm < 0 ||
				g->mig[i].total_gib < g->mig[bestm].total_gib))
				bestm = (int)i;
		in = *base;
		if (bestm >= 0) {
			in.mig = bestm;
			snprintf(flags, sizeof flags, "--mig %s",
			    g->mig[bestm].name);
			add(l, &in, flags, "The next larger MIG slice.");
		} else {
			in.mig = -1;
			add(l, &in, "--mig none", "The whole card.");
		}
	}
	if (g && base->gpu_total_gib <= 0 && p->phase != PHASE_NONE) {
		int bestg = -1;

		for (i = 0; i < c->n_gpus; i++) {
			if (c->gpus[i].cuda_total_gib <=
			    g->cuda_total_gib + 0.5)
				continue;
			if (bestg < 0 ||
			    c->gpus[i].cuda_total_gib <
				c->gpus[bestg].cuda_total_gib)
				bestg = (int)i;
		}
		if (bestg >= 0) {
			in = *base;
			in.gpu = bestg;
			in.mig = -1;
			snprintf(flags, sizeof flags, "--gpu %s%s",
			    c->gpus[bestg].id,
			    base->mig >= 0 ? " --mig none" : "");
			snprintf(sum, sizeof sum,
			    "A card with more memory (%s).",
			    c->gpus[bestg].name);
			add(l, &in, flags, sum);
		}
	}
}

/* Ranks the n fixes of out by better(): insertion sort, stable. */
static void
fixes_rank(struct fix *out, size_t n, int by_requests)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		struct fix tmp = out[i];

		for (j = i; j > 0 && better(&tmp, &out[j - 1], by_requests);
		     j--)
			out[j] = out[j - 1];
		out[j] = tmp;
	}
}

size_t
fixes_compute(const struct catalogue *c, const struct plan_input *base,
    const struct plan *p, struct fix *out, size_t max)
{
	struct cand_list l = { c, base, p, out, 0, max,
		p->phase == PHASE_NONE };
	const struct gpu *g = base->gpu >= 0 && (size_t)base->gpu < c->n_gpus
	    ? &c->gpus[base->gpu]
	    : NULL;

	/* the order is the order of listing before ranking: add() keeps the
	 * first of two equal flag lines and stops at max */
	fixes_try_config(&l);
	fixes_try_context(&l);
	fixes_try_kv_dtype(&l, g);
	fixes_try_budget(&l, g);
	fixes_try_scheduler(&l);
	fixes_try_parallel(&l);
	fixes_try_checkpoint(&l, g);
	fixes_try_hardware(&l, g);
	fixes_rank(out, l.n, base->tokens_per_request > 0);
	return l.n;
}
