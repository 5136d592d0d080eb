/*
 * plan.h - one vLLM startup, predicted.
 *
 * struct plan_input holds what the user chose (card, model, checkpoint,
 * vLLM flags, planner options); unset flags are 0 / -1 as documented per
 * field and resolve to vLLM's defaults for the chosen version.  plan_compute()
 * walks vLLM's V1 startup per rank (budget and free-memory check, weights,
 * profile run, CUDA graphs, KV cache sizing, concurrency) and fills a
 * struct plan.  It allocates nothing and performs no I/O, so it can run on
 * every keystroke and across the whole catalogue.
 *
 * Invariant: every byte figure in struct plan is per rank (per GPU), the
 * rank with the fewest KV blocks when pipeline stages differ.
 */
#ifndef HEADROOM_PLAN_H
#define HEADROOM_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "catalogue.h"
#include "kv.h"
#include "lora.h"
#include "multimodal.h"
#include "spec.h"
#include "vllm_version.h"

#define PLAN_MAX_CAPTURE 128
#define PLAN_MSG_LEN 1024
/* the longest tokens per request every reader takes (flag, scenario,
 * planner) */
#define PLAN_TPR_MAX 100000000

enum overhead_mode {
	OVERHEAD_ESTIMATE,
	OVERHEAD_RULE
};

/* --compilation-config cudagraph_mode (vllm/config/compilation.py). */
enum plan_cg_mode {
	PLAN_CG_UNSET, /* the level's default */
	PLAN_CG_NONE,
	PLAN_CG_PIECEWISE,
	PLAN_CG_FULL,
	PLAN_CG_FULL_DECODE_ONLY,
	PLAN_CG_FULL_AND_PIECEWISE,
};

/* --performance-mode (vllm/config/vllm.py). */
enum plan_perf_mode {
	PLAN_PERF_UNSET, /* balanced */
	PLAN_PERF_BALANCED,
	PLAN_PERF_INTERACTIVITY, /* capture sizes 1..32 in steps of 1 */
	PLAN_PERF_THROUGHPUT, /* default batch limits doubled */
};

/* --runner (vllm/config/model.py RunnerOption). */
enum plan_runner {
	PLAN_RUNNER_UNSET, /* auto */
	PLAN_RUNNER_AUTO,
	PLAN_RUNNER_GENERATE,
	PLAN_RUNNER_POOLING, /* a pooler instead of the sampler */
	PLAN_RUNNER_DRAFT,
};

/* --convert (vllm/config/model.py ConvertOption). */
enum plan_convert {
	PLAN_CONVERT_UNSET, /* auto */
	PLAN_CONVERT_AUTO,
	PLAN_CONVERT_NONE,
	PLAN_CONVERT_EMBED,
	PLAN_CONVERT_CLASSIFY,
	PLAN_CONVERT_REWARD,
	PLAN_CONVERT_MM_ENCODER_ONLY,
};

/* --task (vllm/config/model.py TaskOption, vLLM up to 0.12.x): the
 * runner and adapter ModelConfig sets from it (plan.c). */
enum plan_task {
	PLAN_TASK_UNSET,
	PLAN_TASK_AUTO,
	PLAN_TASK_GENERATE,
	PLAN_TASK_EMBEDDING,
	PLAN_TASK_EMBED,
	PLAN_TASK_CLASSIFY,
	PLAN_TASK_SCORE,
	PLAN_TASK_REWARD,
	PLAN_TASK_TRANSCRIPTION,
	PLAN_TASK_DRAFT,
};

/* The pooling adapter a plan on the pooling runner prices
 * (vllm/model_executor/models/adapters.py). */
enum plan_pool_task {
	PLAN_POOL_NONE, /* the generate runner */
	PLAN_POOL_EMBED, /* as_embedding_model: the hidden states, normalized */
	PLAN_POOL_CLASSIFY, /* as_seq_cls_model: a float32 score head */
	PLAN_POOL_REWARD, /* as_reward_model: each token's hidden state */
	PLAN_POOL_REWARD_MLP, /* a reward class's own score MLP (qwen2_rm.py) */
};
/* "embed", "classify", "reward" (--convert's words); NULL for none. */
const char *plan_pool_task_name(int task);

/* --mamba-cache-dtype, --mamba-ssm-cache-dtype (vllm/config/cache.py
 * MambaDType); auto: the conv state in the model dtype, the SSM state as
 * the conv state unless the model's config hook sets it. */
enum plan_mamba_dtype {
	PLAN_MAMBA_AUTO,
	PLAN_MAMBA_FLOAT32,
	PLAN_MAMBA_FLOAT16,
	PLAN_MAMBA_BFLOAT16,
};

/* The startup phase at which vLLM stops.  PHASE_NONE: it starts. */
enum plan_phase {
	PHASE_NONE,
	PHASE_CONFIG,
	PHASE_FREE_MEMORY,
	PHASE_WEIGHTS,
	PHASE_KV_CACHE,
	PHASE_CUDA_GRAPHS,
	PHASE_SAMPLER_WARMUP,
};

/*
 * Terms a real vLLM startup measured (a calibration profile, written by
 * `headroom --calibrate LOG --save-calibration`).  plan_compute() uses
 * each term present in `terms` instead of its estimate, but only while
 * the input still names what it was measured with: the same card or
 * slice, model, weight format, vLLM version, TP and PP, and (for the
 * activation peak) the same max_num_batched_tokens.  CUDA-graph memory
 * is used only when graphs are captured.
 */
#define PLAN_CAL_WEIGHTS (1u << 0)
#define PLAN_CAL_ACTIVATION (1u << 1)
#define PLAN_CAL_NON_TORCH (1u << 2)
#define PLAN_CAL_CUDA_GRAPHS (1u << 3)

struct plan_calibration {
	unsigned terms; /* PLAN_CAL_* present; 0 = no profile */
	int64_t weights, activation, non_torch,
	    cuda_graphs; /* bytes per rank */
	int gpu, mig, version, tp, pp;
	int max_num_batched_tokens; /* resolved, when measured */
	const struct model *model;
	enum ckpt_format format;
};

struct plan_input {
	/* the card: a catalogue entry, optionally one MIG slice of it */
	int gpu; /* index into catalogue.gpus, -1 = custom */
	int mig; /* index into gpu.mig, -1 = whole card */
	double gpu_total_gib; /* > 0 overrides the card's CUDA total */
	int gpus; /* cards available, 0 = tp * pp * dp */
	/* the model */
	const struct model
	    *model; /* catalogue or local; never NULL to compute */
	int ckpt; /* index into catalogue.ckpts, -1 = derived */
	enum ckpt_format format; /* weight format when ckpt == -1 */
	int64_t weight_bytes; /* > 0: exact weight bytes at TP 1 (local dir) */
	/* vLLM flags; 0 = unset unless said otherwise */
	int version; /* VLLM_VER(); 0 = newest known */
	int tp, pp, dp;
	double util; /* --gpu-memory-utilization */
	int64_t max_model_len; /* -1 = auto */
	enum kv_dtype kv_dtype;
	int64_t kv_cache_memory_bytes;
	int max_num_seqs;
	int max_num_batched_tokens;
	int block_size;
	bool enforce_eager;
	int capture_sizes[PLAN_MAX_CAPTURE];
	int n_capture_sizes; /* -1 = unset; 0 = an explicit empty list */
	int max_capture_size;
	int optimization_level; /* -O N, --optimization-level; -1 = unset */
	int cudagraph_mode; /* enum plan_cg_mode */
	int performance_mode; /* enum plan_perf_mode */
	int runner; /* enum plan_runner */
	int convert; /* enum plan_convert */
	int task; /* enum plan_task; as given, plan_compute() resolves it */
	/* --hf-overrides, where it names what headroom models: the class
	 * vLLM builds (architectures[0]; NULL = the config's) and the score
	 * head's rows (num_labels, or classifier_from_token with its method;
	 * -1 = the config's) */
	const char *hf_architecture;
	int hf_num_labels;
	const char *not_modelled; /* "--kv-cache-dtype=x": a value that moves
					   memory in a way headroom does not
					   model (phase config); NULL = none */
	bool quantization_fp8; /* --quantization fp8 on a 16-bit checkpoint */
	enum ckpt_format
	    dtype_override; /* --dtype float32 etc.; FMT_COUNT = auto */
	int limit_mm_images; /* -1 = vLLM default (999) */
	int limit_mm_videos; /* -1 = vLLM default (999) */
	int limit_mm_audios; /* -1 = vLLM default (999) */
	int limit_mm_chunks; /* "vision_chunk" (Kimi-K2.5), -1 = default */
	int language_model_only; /* --language-model-only 1 (every limit
				    above read as 0), --no-... -1, 0 not given */
	int64_t
	    mm_max_pixels; /* --mm-processor-kwargs max_pixels, 0 = checkpoint's */
	int mm_image_width,
	    mm_image_height; /* size hints in --limit-mm-per-prompt, 0 = none */
	/* KV-cache manager choices; 0 = vLLM's default for the version */
	int prefix_caching; /* --enable-prefix-caching 1, --no-... -1 */
	int disable_hybrid_kv_manager; /* --disable-hybrid-kv-cache-manager 1, --no-... -1 */
	int mamba_cache_dtype; /* --mamba-cache-dtype: enum plan_mamba_dtype */
	int mamba_ssm_cache_dtype; /* --mamba-ssm-cache-dtype: enum plan_mamba_dtype */
	int num_speculative_tokens; /* drafting: state conv rows and spec blocks */
	int draft_attention_layers; /* draft layers with attention of the model's spec */
	struct plan_lora lora; /* --enable-lora ... */
	struct plan_spec spec; /* --speculative-config */
	const struct model *draft; /* its drafter's config (EAGLE head or
					   draft model), NULL = not read */
	double cpu_offload_gib; /* --cpu-offload-gb, per GPU */
	double kv_offloading_gib; /* --kv-offloading-size (CPU), 0 = off */
	int kv_offloading_backend; /* 0 native, 1 lmcache */
	int expert_parallel; /* --enable-expert-parallel 1, --no-... -1 */
	int async_scheduling; /* --async-scheduling 1, --no-... -1, 0 vLLM's
				 default */
	int all2all_backend; /* --all2all-backend: 0 allgather_reducescatter */
	int expert_placement; /* --expert-placement-strategy: 0 linear,
					   1 round_robin */
	int pcp, dcp; /* context parallel sizes; 0, 1: none */
	/* planner options */
	int64_t
	    tokens_per_request; /* 0 = max_model_len; at most PLAN_TPR_MAX */
	double other_usage_gib;
	/* the tensor-parallel link of a deployment on nodes (--node): its name
	 * and one-way rate per card; NULL = the card's own NVLink or PCIe.
	 * Read by the speed estimate only. */
	const char *tp_link;
	double tp_link_gbs;
	int node_gpus; /* cards per node on --node (gpus is then
					   the nodes' cards); 0 = one host */
	enum overhead_mode overhead;
	/* carried into exports only, never read by plan_compute() (env
	 * apart, below); what
	 * `vllm serve` is given as the model follows from model and ckpt
	 * (serve_command_model()), never from a copy that could go stale */
	const char *revision; /* --revision of a Hub model, NULL = none */
	char *const *extra_flags; /* flags headroom does not model */
	size_t n_extra_flags;
	const char
	    *compilation_extra; /* --compilation-config keys not modelled,
					   as a JSON object's members */
	char *const *env; /* VAR=value written before the command; of them
			     plan_compute() checks each against vllm_env.c's
			     table and reads the modelled ones */
	size_t n_env;
	/* terms measured by a real startup (a calibration profile) */
	struct plan_calibration cal;
};

#define PLAN_MAX_STAGES 16

/* One pipeline stage's rank, as that stage's worker logs it. */
struct plan_stage {
	int layers;
	int64_t weights, activation, non_torch, cuda_graphs;
	int64_t available_kv; /* "Available KV cache memory" of its worker */
	int64_t num_blocks; /* what its memory holds; vLLM keeps the least */
};

struct plan {
	/* resolved settings */
	int version;
	int tp, pp, dp, world;
	/* MoE split (experts.h): EP in force, its size (TP x DP), routed
	 * experts on the reported rank (rank 0: the most), the split inside
	 * each expert; 0 for dense models */
	bool expert_parallel;
	bool experts_round_robin; /* round_robin kept (experts.h) */
	int ep_size, experts_per_rank, moe_tp;
	double util;
	int64_t max_model_len; /* after auto-fit when asked */
	bool max_model_len_auto;
	enum kv_dtype kv_dtype; /* as resolved (auto -> model's) */
	int kv_bytes; /* element bytes (0 for nvfp4) */
	int max_num_seqs, max_num_batched_tokens, block_size;
	bool enforce_eager;
	int n_capture_sizes, max_capture_size;
	/* the graphs of each mode, as "Profiling CUDA graph memory:
	 * PIECEWISE=%d (largest=%d), FULL=%d" counts them */
	int n_piecewise_graphs, n_full_graphs;
	enum ckpt_format format;
	bool v2_runner;
	/* VllmConfig.max_concurrent_batches as the sliding and chunked groups
	 * count it (0.26.0 on; 1 before, 0 when not established) */
	int in_flight_batches;
	bool pooling; /* the pooling runner: a converted embedding model, its
			 pooler run instead of the sampler's warm-up */
	int pool_task; /* enum plan_pool_task */
	int num_labels; /* PLAN_POOL_CLASSIFY: the score head's rows */
	bool pool_step; /* STEP pooling: whole prompts, no chunked prefill */
	int64_t score_head; /* its bytes on each rank (float32) */
	bool no_kv_cache; /* no layer keeps a KV cache (encoder-only): vLLM
			     runs no memory profile and prints no KV figure */
	int64_t tokens_per_request;
	/* memory, bytes per rank */
	int64_t total, other, free, requested;
	int64_t weights, activation, non_torch, cuda_graphs;
	int64_t unified_host; /* in non_torch: what the host gains during load
				 and profile on a unified-memory card (an
				 estimate, data/gpus.yaml), 0 elsewhere */
	int64_t available_kv; /* "Available KV cache memory" (may be < 0) */
	int64_t kv_cache; /* bytes the KV tensors take: blocks x block bytes */
	int64_t outside_budget; /* total - requested - other */
	bool cg_in_budget;
	/* on a unified-memory card, the graphs whose capture vLLM's estimate
	 * counts by the drop in CUDA's free memory of each mode's second
	 * capture (its count less one, per mode): what the host takes or
	 * frees during that capture enters the figure this many times; 0 on
	 * other cards and when the graphs are not inside the budget */
	int cg_host_repeats;
	bool weights_exact; /* from published or measured sizes */
	bool kv_memory_fixed; /* --kv-cache-memory-bytes path */
	int64_t lora_bytes; /* LoRA slots, counted in the weights */
	int64_t offloaded; /* weights moved to the CPU (--cpu-offload-gb) */
	int64_t draft_weights; /* speculative-decoding layers, in the weights */
	int64_t gather_workspace; /* DeepSeek-V4's prefill gather workspace */
	int64_t indexer_workspace; /* DeepSeek-V3.2 / GLM-5: the sparse
				      indexer's K-gather workspace, in the
				      torch peak (0 for other models) */
	int64_t dsv4_workspace; /* its shared workspace in the torch peak: the
				   larger of that and the indexer's key gather
				   (estimate) */
	int draft_layers; /* their attention layers, in the KV groups */
	int64_t draft_activation; /* the drafter's phase of the profile run
				     (estimate; 0 without a drafter) */
	int64_t draft_graphs; /* its share of the graph pool (estimate) */
	/* the sampler warm-up after graph capture (estimates; 0 when the walk
	 * stops before it or the stage has no sampler): what is left on the
	 * card then, and what the warm-up needs */
	int64_t warmup_left, warmup_need;
	/* KV layout */
	int64_t page_bytes; /* one block of one layer */
	int group_size, n_groups, n_full_groups, padding_layers;
	int layers_per_rank;
	int64_t bytes_per_token; /* all layers of this rank, one token */
	int64_t num_blocks;
	int64_t blocks_per_request; /* at max_model_len */
	double max_concurrency; /* "Maximum concurrency ...: %.2fx" */
	int64_t kv_tokens; /* "GPU KV cache size: N tokens" */
	int64_t needed_one_request; /* KV bytes for one max-length request */
	struct kv_layout kv; /* the layout of the reported rank */
	int64_t state_bytes; /* one request's recurrent state on the rank */
	enum mamba_mode mamba_mode;
	bool hybrid_kv_manager; /* the hybrid KV cache manager is on */
	const char
	    *assumption; /* what the plan rests on (the model's), or NULL */
	const char
	    *spec_assumption; /* what a drafter's figures rest on, or NULL */
	char card_assumption[PLAN_MSG_LEN]; /* what a unified-memory card's
					       figures rest on, or "" */
	/* every pipeline stage, the first min(pp, PLAN_MAX_STAGES); the
	 * per-rank figures above are those of stages[best_stage] */
	int n_stages, best_stage;
	struct plan_stage stages[PLAN_MAX_STAGES];
	bool sampler_flashinfer; /* the profile's top-k/top-p is FlashInfer's
				    kernel (the release's default, or
				    VLLM_USE_FLASHINFER_SAMPLER); false:
				    PyTorch-native */
	/* concurrency at the slider */
	int64_t blocks_at_tpr;
	int64_t concurrency_at_tpr; /* whole requests, capped by max_num_seqs */
	int replicas;
	int64_t total_concurrency;
	/* verdict */
	enum plan_phase phase;
	int64_t estimated_max_model_len; /* 0 when vLLM prints none */
	char message[PLAN_MSG_LEN]; /* vLLM's words, or headroom's for config */
	char warning[256]; /* a non-fatal note */
	/* what the command's environment makes vLLM warn or headroom note:
	 * VLLM_ALLOW_LONG_MAX_MODEL_LEN's warning, VLLM_* variables no row
	 * of vllm_env.c knows; "" none */
	char env_note[PLAN_MSG_LEN];
	/* multimodal models: the encoder budget vLLM profiles (multimodal.h) */
	struct multimodal_budget mm;
	/* rule-of-thumb mode: the seeds' users-per-card figure */
	int64_t rule_cache;
	int64_t rule_users;
	/* PLAN_CAL_* terms taken from in->cal instead of estimated */
	unsigned calibrated;
	/* a close call (core/closecall.h): the margin of the verdict at the
	 * KV cache check is within the error measured for the model's family;
	 * it never changes the verdict */
	bool close_call;
	int64_t close_call_margin; /* available_kv - needed_one_request */
	int64_t close_call_error; /* the family's error on this card, bytes */
	double close_call_pct; /* that error, % of the card */
	int close_call_cases; /* startups it was measured on */
	const char *close_call_family; /* the model's family (its title) */
	bool close_call_any; /* the error is every family's: the model's own
				was measured on too few startups */
};

/* Fills an input with "everything unset": newest version, whole card, auto. */
void plan_input_init(struct plan_input *);

/*
 * Computes a plan.  The catalogue supplies the card and the coefficients.
 * Never fails: impossible inputs become a plan with phase PHASE_CONFIG and
 * a message saying why.  Cost: a few hundred nanoseconds, no allocation.
 */
void plan_compute(const struct catalogue *, const struct plan_input *,
    struct plan *);

/*
 * Re-derives the fields that depend only on the request length and the
 * card count (tokens_per_request, blocks_at_tpr, concurrency_at_tpr,
 * replicas, total_concurrency, the length warning) from a plan computed
 * for the same input otherwise.  plan_compute() ends with it; the planner
 * calls it alone when only the slider or --gpus moved.
 */
void plan_update_concurrency(const struct plan_input *, struct plan *);

/* Memory the card (or slice) reports, bytes, for an input. */
int64_t plan_card_total(const struct catalogue *, const struct plan_input *);
/* The card's driver-reported memory (nvidia-smi) in GiB, for the rule. */
double plan_card_driver_gib(const struct catalogue *,
    const struct plan_input *);

/*
 * The KV cache figure every output shows (bar legend, reports, JSON, quote,
 * compare, fit rows): vLLM's "Available KV cache memory" of the binding rank,
 * in bytes.  False when vLLM stops before it computes one (config, free
 * memory, weights): there is no figure to show.  Negative when vLLM refuses
 * at the KV cache for want of memory, as vLLM logs it then.
 */
bool plan_kv_figure(const struct plan *, int64_t *bytes);

/* The sentence every output shows for a close call (core/closecall.h),
 * into buf; buf is "" for a plan that is not one. */
void plan_close_call_text(const struct plan *, char *buf, size_t len);

const char *plan_phase_name(enum plan_phase); /* "kv-cache", or NULL for none */
const char *plan_phase_title(enum plan_phase); /* "KV cache sizing" */

#endif
