/*
 * vllm_flags.c - the flag table and the one parser, stepper and writer
 * per value kind (see vllm_flags.h).  The rows are in the order the
 * command writer lists them.  Ranges are what vLLM's argument parser and
 * config classes accept (vllm/engine/arg_utils.py and vllm/config/; see
 * doc/vllm-versions.md); steps are the planner's.
 */
#include "vllm_flags.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "units.h"
#include "vllm_version.h"

#define IN_OFF(f) offsetof(struct plan_input, f)
#define PLAN_OFF(f) ((int)offsetof(struct plan, f))

/* vllm/config/cache.py CacheDType: the values headroom sizes.  Newer ones
 * (turboquant_*, int4_per_token_head, nvfp4_4over6, nvfp4_ds_mla) are
 * kept as given and the plan says it does not model them. */
static const struct vllm_flag_choice kv_dtypes[] = { { "auto", KV_AUTO, 0, 0 },
	{ "bfloat16", KV_BFLOAT16, VLLM_SINCE_KV_BF16_MLA, 0 },
	{ "float16", KV_FLOAT16, 0, 0 }, { "fp8", KV_FP8, 0, 0 },
	{ "fp8_e4m3", KV_FP8_E4M3, 0, 0 }, { "fp8_e5m2", KV_FP8_E5M2, 0, 0 },
	{ "fp8_inc", KV_FP8_INC, 0, 0 },
	{ "fp8_ds_mla", KV_FP8_DS_MLA, VLLM_SINCE_KV_BF16_MLA, 0 },
	{ "fp8_per_token_head", KV_FP8_PER_TOKEN_HEAD, 0, 0 },
	{ "int8_per_token_head", KV_INT8_PER_TOKEN_HEAD, 0, 0 },
	{ "nvfp4", KV_NVFP4, VLLM_SINCE_KV_NVFP4, 0 },
	{ "bf16", KV_BFLOAT16, 0, 2 }, { "fp16", KV_FLOAT16, 0, 2 },
	{ "half", KV_FLOAT16, 0, 2 }, { NULL, 0, 0, 0 } };

static const struct vllm_flag_choice perf_modes[] = {
	{ "balanced", PLAN_PERF_BALANCED, VLLM_SINCE_PERF_MODE, 0 },
	{ "interactivity", PLAN_PERF_INTERACTIVITY, VLLM_SINCE_PERF_MODE, 0 },
	{ "throughput", PLAN_PERF_THROUGHPUT, VLLM_SINCE_PERF_MODE, 0 },
	{ NULL, 0, 0, 0 }
};

static const struct vllm_flag_choice dtypes[] = { { "auto", FMT_COUNT, 0, 0 },
	{ "half", FMT_FP16, 0, 1 }, { "float16", FMT_FP16, 0, 0 },
	{ "bfloat16", FMT_BF16, 0, 0 }, { "float", FMT_FP32, 0, 1 },
	{ "float32", FMT_FP32, 0, 0 }, { NULL, 0, 0, 0 } };

/* vllm/config/lora.py: MaxLoRARanks and LoRADType */
static const struct vllm_flag_choice lora_ranks[] = { { "1", 1, 0, 0 },
	{ "8", 8, 0, 0 }, { "16", 16, 0, 0 }, { "32", 32, 0, 0 },
	{ "64", 64, 0, 0 }, { "128", 128, 0, 0 }, { "256", 256, 0, 0 },
	{ "320", 320, 0, 0 }, { "512", 512, 0, 0 }, { NULL, 0, 0, 0 } };

static const struct vllm_flag_choice lora_dtypes[] = { { "auto", 0, 0, 0 },
	{ "float16", 1, 0, 0 }, { "bfloat16", 2, 0, 0 }, { NULL, 0, 0, 0 } };

/* LoRAExtraVocabSize (vllm/config/lora.py of the 0.10/0.11 line); the
 * argument itself is gone from 0.12.0 (lora_check) */
static const struct vllm_flag_choice lora_extra_vocabs[] = {
	{ "256", 256, 0, 0 }, { "512", 512, 0, 0 }, { NULL, 0, 0, 0 }
};

/* vllm/config/cache.py: KVOffloadingBackend */
static const struct vllm_flag_choice kv_offload_backends[] = {
	{ "native", 0, 0, 0 }, { "lmcache", 1, 0, 0 }, { NULL, 0, 0, 0 }
};

/* --quantization: only fp8 on a 16-bit checkpoint is modelled here; other
 * methods are read from the checkpoint, so the words are kept as given. */
static const struct vllm_flag_choice quantizations[] = { { "fp8", 1, 0, 0 },
	{ NULL, 0, 0, 0 } };

/* vllm/config/parallel.py All2AllBackend: the one whose buffers vLLM's
 * profile run measures; other names are kept and the plan stops */
static const struct vllm_flag_choice all2all_backends[] = {
	{ "allgather_reducescatter", 0, 0, 0 }, { NULL, 0, 0, 0 }
};

/* vllm/config/cache.py MambaDType: auto, float32 in every release headroom
 * knows; float16 and bfloat16 added later (doc/vllm-versions.md) */
static const struct vllm_flag_choice mamba_dtypes[] = {
	{ "auto", PLAN_MAMBA_AUTO, 0, 0 },
	{ "float32", PLAN_MAMBA_FLOAT32, 0, 0 },
	{ "float16", PLAN_MAMBA_FLOAT16, VLLM_SINCE_MAMBA_FLOAT16, 0 },
	{ "bfloat16", PLAN_MAMBA_BFLOAT16, VLLM_SINCE_MAMBA_BFLOAT16, 0 },
	{ NULL, 0, 0, 0 }
};

/* vllm/config/cache.py MambaCacheMode; any value stops the plan */
static const struct vllm_flag_choice mamba_cache_modes[] = { { "none", 0, 0,
								 0 },
	{ "align", 1, 0, 0 }, { "all", 2, 0, 0 }, { NULL, 0, 0, 0 } };

/* vllm/config/multimodal.py MMEncoderTPMode: weights (the default) plans
 * on, data (the encoder replicated on every TP rank) stops the plan */
static const struct vllm_flag_choice mm_encoder_tp_modes[] = {
	{ "weights", 0, 0, 0 }, { "data", 1, 0, 0 }, { NULL, 0, 0, 0 }
};

/* vllm/config/model.py RunnerOption and ConvertOption (both since 0.10.1,
 * which replaced --task; headroom's releases all have them) */
static const struct vllm_flag_choice runners[] = { { "auto", PLAN_RUNNER_AUTO,
						       0, 0 },
	{ "generate", PLAN_RUNNER_GENERATE, 0, 0 },
	{ "pooling", PLAN_RUNNER_POOLING, 0, 0 },
	{ "draft", PLAN_RUNNER_DRAFT, 0, 0 }, { NULL, 0, 0, 0 } };
static const struct vllm_flag_choice converts[] = { { "auto", PLAN_CONVERT_AUTO,
							0, 0 },
	{ "none", PLAN_CONVERT_NONE, 0, 0 },
	{ "embed", PLAN_CONVERT_EMBED, 0, 0 },
	{ "classify", PLAN_CONVERT_CLASSIFY, 0, 0 },
	{ "reward", PLAN_CONVERT_REWARD, 0, 0 },
	{ "mm_encoder_only", PLAN_CONVERT_MM_ENCODER_ONLY, 0, 0 },
	{ NULL, 0, 0, 0 } };

/* vllm/config/model.py TaskOption (0.10.x to 0.12.x; plan.c resolves it
 * into a runner and adapter) */
static const struct vllm_flag_choice tasks[] = { { "auto", PLAN_TASK_AUTO, 0,
						     0 },
	{ "generate", PLAN_TASK_GENERATE, 0, 0 },
	{ "embedding", PLAN_TASK_EMBEDDING, 0, 0 },
	{ "embed", PLAN_TASK_EMBED, 0, 0 },
	{ "classify", PLAN_TASK_CLASSIFY, 0, 0 },
	{ "score", PLAN_TASK_SCORE, 0, 0 },
	{ "reward", PLAN_TASK_REWARD, 0, 0 },
	{ "transcription", PLAN_TASK_TRANSCRIPTION, 0, 0 },
	{ "draft", PLAN_TASK_DRAFT, 0, 0 }, { NULL, 0, 0, 0 } };

/* no choice of its own: every value is kept and stops the plan */
static const struct vllm_flag_choice any_value[] = { { NULL, 0, 0, 0 } };

/* vllm/config/parallel.py ExpertPlacementStrategy */
static const struct vllm_flag_choice expert_placements[] = {
	{ "linear", 0, 0, 0 }, { "round_robin", 1, 0, 0 }, { NULL, 0, 0, 0 }
};

const struct vllm_flag vllm_flags[VF_COUNT] = {
	[VF_TP] = { "tensor-parallel-size", "--tensor-parallel-size", "tp",
	    "tensor-par", "cards one replica's layers are split across",
	    VFK_INT, VFS_INT, IN_OFF(tp), PLAN_OFF(tp), 0, 1, 1024, false, NULL,
	    NULL, RECALC_IN_PARALLEL, VFW_DIFF | VFW_ALL | VFW_RESOLVED, 1,
	    VFSTEP_SCALE, 0, 0, 1, 64, true },
	[VF_PP] = { "pipeline-parallel-size", "--pipeline-parallel-size", "pp",
	    "pipeline-par", "pipeline stages of one replica", VFK_INT, VFS_INT,
	    IN_OFF(pp), PLAN_OFF(pp), 0, 1, 1024, false, NULL, NULL,
	    RECALC_IN_PARALLEL, VFW_DIFF | VFW_ALL | VFW_RESOLVED, 1,
	    VFSTEP_ADD, 1, 4, 1, 64, true },
	[VF_DP] = { "data-parallel-size", "--data-parallel-size", "dp",
	    "data-par", "replicas served by one vLLM", VFK_INT, VFS_INT,
	    IN_OFF(dp), PLAN_OFF(dp), 0, 1, 1024, false, NULL, NULL,
	    RECALC_IN_PARALLEL, VFW_DIFF | VFW_ALL | VFW_RESOLVED, 1,
	    VFSTEP_ADD, 1, 4, 1, 256, true },
	[VF_UTIL] = { "gpu-memory-utilization", "--gpu-memory-utilization",
	    NULL, "util", "share of the card's memory vLLM may use", VFK_FLOAT,
	    VFS_DOUBLE, IN_OFF(util), PLAN_OFF(util), 0, 0, 1, true, NULL, NULL,
	    RECALC_IN_BUDGET, VFW_SET | VFW_DIFF | VFW_ALL | VFW_RESOLVED, 0.9,
	    VFSTEP_ADD, 0.01, 0.05, 0.01, 1, true },
	[VF_MAX_MODEL_LEN] = { "max-model-len", "--max-model-len", NULL,
	    "max-model-len", "longest request (prompt + output); space: auto",
	    VFK_INT, VFS_I64, IN_OFF(max_model_len), PLAN_OFF(max_model_len), 0,
	    1, 2147483648.0, false, "auto", NULL, RECALC_IN_KV,
	    VFW_SET | VFW_ALL | VFW_RESOLVED, 0, VFSTEP_LENGTH, 0, 0, 256, 0,
	    true },
	[VF_KV_DTYPE] = { "kv-cache-dtype", "--kv-cache-dtype", NULL,
	    "kv-dtype", "element type of the KV cache", VFK_ENUM, VFS_ENUM,
	    IN_OFF(kv_dtype), PLAN_OFF(kv_dtype), KV_AUTO, 0, 0, false, NULL,
	    kv_dtypes, RECALC_IN_KV, VFW_SET | VFW_ALL, KV_AUTO, VFSTEP_CHOICE,
	    1, 1, 0, 0, true, true, true },
	[VF_KV_BYTES] = { "kv-cache-memory-bytes", "--kv-cache-memory-bytes",
	    NULL, "kv-bytes",
	    "fixed KV-cache size instead of the utilization budget (20G)",
	    VFK_INT, VFS_I64, IN_OFF(kv_cache_memory_bytes), -1, 0, 0,
	    1125899906842624.0, false, NULL, NULL, RECALC_IN_BUDGET, VFW_SET, 0,
	    VFSTEP_ADD, (double)GIB, 8.0 * (double)GIB, 0, 1125899906842624.0,
	    true },
	[VF_MAX_NUM_SEQS] = { "max-num-seqs", "--max-num-seqs", NULL,
	    "max-num-seqs", "most requests in one batch", VFK_INT, VFS_INT,
	    IN_OFF(max_num_seqs), PLAN_OFF(max_num_seqs), 0, 1, 1 << 20, false,
	    NULL, NULL, RECALC_IN_SCHED, VFW_SET | VFW_ALL | VFW_RESOLVED, 0,
	    VFSTEP_SCALE, 0, 0, 1, 65536, true },
	[VF_MAX_BATCHED] = { "max-num-batched-tokens",
	    "--max-num-batched-tokens", NULL, "max-batched",
	    "most tokens in one scheduler step", VFK_INT, VFS_INT,
	    IN_OFF(max_num_batched_tokens), PLAN_OFF(max_num_batched_tokens), 0,
	    1, 1 << 24, false, NULL, NULL, RECALC_IN_SCHED,
	    VFW_SET | VFW_ALL | VFW_RESOLVED, 0, VFSTEP_SCALE, 0, 0, 16,
	    1 << 22, true },
	[VF_BLOCK_SIZE] = { "block-size", "--block-size", NULL, "block-size",
	    "tokens per KV-cache block", VFK_INT, VFS_INT, IN_OFF(block_size),
	    PLAN_OFF(block_size), 0, 1, 1 << 20, false, NULL, NULL,
	    RECALC_IN_KV, VFW_SET | VFW_ALL | VFW_RESOLVED, 0, VFSTEP_BLOCKS, 1,
	    2, 0, 0, true },
	[VF_EAGER] = { "enforce-eager", "--enforce-eager", NULL,
	    "enforce-eager", "no CUDA graphs: less memory, slower decode",
	    VFK_BOOL, VFS_BOOL, IN_OFF(enforce_eager), -1, 0, 0, 1, false, NULL,
	    NULL, RECALC_IN_GRAPHS, VFW_SET, 0, VFSTEP_TOGGLE, 0, 0, 0, 1,
	    true },
	[VF_CAPTURE_SIZES] = { "cudagraph-capture-sizes",
	    "--cudagraph-capture-sizes", NULL, "capture-sizes",
	    "batch sizes captured as CUDA graphs", VFK_LIST, VFS_CAPTURE,
	    IN_OFF(capture_sizes), -1, -1, 1, 1 << 20, false, NULL, NULL,
	    RECALC_IN_GRAPHS, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0, true },
	[VF_MAX_CAPTURE] = { "max-cudagraph-capture-size",
	    "--max-cudagraph-capture-size", NULL, "max-capture",
	    "largest batch captured as a CUDA graph (or type a list: 1,2,4,8)",
	    VFK_INT, VFS_INT, IN_OFF(max_capture_size),
	    PLAN_OFF(max_capture_size), 0, 1, 1 << 20, false, NULL, NULL,
	    RECALC_IN_GRAPHS, VFW_SET, 0, VFSTEP_SCALE, 0, 0, 1, 8192, true },
	[VF_QUANTIZATION] = { "quantization", "--quantization", "q",
	    "quantization", "fp8: quantize 16-bit weights online", VFK_ENUM,
	    VFS_BOOL, IN_OFF(quantization_fp8), -1, 0, 0, 0, false, NULL,
	    quantizations, RECALC_IN_MODEL, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0,
	    true, true },
	[VF_DTYPE] = { "dtype", "--dtype", NULL, "dtype",
	    "data type of the weights", VFK_ENUM, VFS_ENUM,
	    IN_OFF(dtype_override), -1, FMT_COUNT, 0, 0, false, NULL, dtypes,
	    RECALC_IN_MODEL, VFW_SET, FMT_COUNT, VFSTEP_NONE, 0, 0, 0, 0,
	    true },
	[VF_LIMIT_MM] = { "limit-mm-per-prompt", "--limit-mm-per-prompt", NULL,
	    "mm-limits", "items of each modality one prompt may carry",
	    VFK_JSON, VFS_NONE, IN_OFF(limit_mm_images), -1, -1, 0, 0, false,
	    NULL, NULL, RECALC_IN_MODEL, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0,
	    true },
	[VF_MM_KWARGS] = { "mm-processor-kwargs", "--mm-processor-kwargs", NULL,
	    "mm-kwargs", "multimodal processor settings (max_pixels)", VFK_JSON,
	    VFS_NONE, IN_OFF(mm_max_pixels), -1, 0, 0, 0, false, NULL, NULL,
	    RECALC_IN_MODEL, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0, true },
	/* multimodal_config.language_model_only (vllm/config/multimodal.py,
	 * from 0.16.0, #34120): every modality's limit read as 0, as
	 * --limit-mm-per-prompt with each at 0 (multimodal.h) */
	[VF_LANGUAGE_MODEL_ONLY] = { "language-model-only",
	    "--language-model-only", NULL, "lm-only",
	    "every multimodal limit 0: no encoder profile run, and the "
	    "towers vLLM then leaves out are not loaded",
	    VFK_BOOL, VFS_TRI, IN_OFF(language_model_only), -1, 0, 0, 1, false,
	    NULL, NULL, RECALC_IN_MODEL, VFW_SET, 0, VFSTEP_TOGGLE, 0, 0, 0, 1,
	    true },
	[VF_PREFIX_CACHING] = { "enable-prefix-caching",
	    "--enable-prefix-caching", NULL, "prefix-caching",
	    "reuse KV blocks of shared prefixes (state blocks of hybrid "
	    "models)",
	    VFK_BOOL, VFS_TRI, IN_OFF(prefix_caching), -1, 0, 0, 1, false, NULL,
	    NULL, RECALC_IN_KV, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0, true },
	[VF_DISABLE_HMA] = { "disable-hybrid-kv-cache-manager",
	    "--disable-hybrid-kv-cache-manager", NULL, "no-hybrid-kv",
	    "one KV group: sliding and chunked layers keep every token",
	    VFK_BOOL, VFS_TRI, IN_OFF(disable_hybrid_kv_manager), -1, 0, 0, 1,
	    false, NULL, NULL, RECALC_IN_KV, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0,
	    0, true },
	/* MambaStateDtypeCalculator (vllm/model_executor/layers/mamba/
	 * mamba_utils.py): the conv state (and the one state of linear
	 * attention and short conv) in mamba_cache_dtype, the SSM state of
	 * Mamba, Mamba2 and GDN layers in mamba_ssm_cache_dtype (kv.c) */
	[VF_MAMBA_CACHE_DTYPE] = { "mamba-cache-dtype", "--mamba-cache-dtype",
	    NULL, "mamba-dtype",
	    "element type of the Mamba / linear-attention conv "
	    "state (auto: the model's)",
	    VFK_ENUM, VFS_ENUM, IN_OFF(mamba_cache_dtype), -1, PLAN_MAMBA_AUTO,
	    0, 0, false, NULL, mamba_dtypes, RECALC_IN_KV, VFW_SET,
	    PLAN_MAMBA_AUTO, VFSTEP_NONE, 0, 0, 0, 0, true },
	[VF_MAMBA_SSM_CACHE_DTYPE] = { "mamba-ssm-cache-dtype",
	    "--mamba-ssm-cache-dtype", NULL, "ssm-dtype",
	    "element type of the "
	    "Mamba / GDN temporal state (auto: the model's config, else the "
	    "conv "
	    "state's)",
	    VFK_ENUM, VFS_ENUM, IN_OFF(mamba_ssm_cache_dtype), -1,
	    PLAN_MAMBA_AUTO, 0, 0, false, NULL, mamba_dtypes, RECALC_IN_KV,
	    VFW_SET, PLAN_MAMBA_AUTO, VFSTEP_NONE, 0, 0, 0, 0, true },
	/* cache_config.mamba_block_size: the tokens of one state block, and with
	 * it the attention block of a hybrid model; not modelled */
	[VF_MAMBA_BLOCK_SIZE] = { "mamba-block-size", "--mamba-block-size",
	    NULL, "mamba-block",
	    "tokens per Mamba state block (not modelled: the plan "
	    "stops)",
	    VFK_INT, VFS_NONE, 0, -1, 0, 1, 1 << 20, false, NULL, NULL,
	    RECALC_IN_KV, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false, true },
	/* cache_config.mamba_cache_mode: state blocks kept per request (none,
	 * align, all); headroom derives it from prefix caching, an explicit
	 * mode is not modelled */
	[VF_MAMBA_CACHE_MODE] = { "mamba-cache-mode", "--mamba-cache-mode",
	    NULL, "mamba-mode",
	    "Mamba state blocks kept for prefix caching (not "
	    "modelled: the plan stops)",
	    VFK_ENUM, VFS_NONE, 0, -1, 0, 0, 0, false, NULL, mamba_cache_modes,
	    RECALC_IN_KV, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false, true },
	[VF_ENABLE_LORA] = { "enable-lora", "--enable-lora", NULL, "lora",
	    "LoRA adapter slots: stacked buffers and a second set of graphs",
	    VFK_BOOL, VFS_BOOL, IN_OFF(lora.enabled), -1, 0, 0, 1, false, NULL,
	    NULL, RECALC_IN_EXTRAS, VFW_SET, 0, VFSTEP_TOGGLE, 0, 0, 0, 1,
	    true },
	[VF_MAX_LORAS] = { "max-loras", "--max-loras", NULL, "max-loras",
	    "LoRA adapters in one batch (slots on the GPU)", VFK_INT, VFS_INT,
	    IN_OFF(lora.max_loras), -1, 0, 1, 4096, false, NULL, NULL,
	    RECALC_IN_EXTRAS, VFW_SET, 1, VFSTEP_SCALE, 0, 0, 1, 256, true },
	[VF_MAX_LORA_RANK] = { "max-lora-rank", "--max-lora-rank", NULL,
	    "lora-rank", "largest LoRA rank a slot holds", VFK_ENUM, VFS_INT,
	    IN_OFF(lora.max_rank), -1, 0, 0, 0, false, NULL, lora_ranks,
	    RECALC_IN_EXTRAS, VFW_SET, 16, VFSTEP_CHOICE, 1, 2, 0, 0, true },
	[VF_MAX_CPU_LORAS] = { "max-cpu-loras", "--max-cpu-loras", NULL,
	    "cpu-loras",
	    "LoRA adapters cached in CPU memory (at least max-loras)", VFK_INT,
	    VFS_INT, IN_OFF(lora.max_cpu_loras), -1, 0, 1, 65536, false, NULL,
	    NULL, RECALC_IN_EXTRAS, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0, true },
	[VF_LORA_DTYPE] = { "lora-dtype", "--lora-dtype", NULL, "lora-dtype",
	    "element type of the LoRA slots", VFK_ENUM, VFS_ENUM,
	    IN_OFF(lora.dtype), -1, 0, 0, 0, false, NULL, lora_dtypes,
	    RECALC_IN_EXTRAS, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0, true },
	[VF_FULLY_SHARDED_LORAS] = { "fully-sharded-loras",
	    "--fully-sharded-loras", NULL, "sharded-loras",
	    "split the LoRA slots across tensor-parallel ranks", VFK_BOOL,
	    VFS_BOOL, IN_OFF(lora.fully_sharded), -1, 0, 0, 1, false, NULL,
	    NULL, RECALC_IN_EXTRAS, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 1, true },
	[VF_LORA_EXTRA_VOCAB] = { "lora-extra-vocab-size",
	    "--lora-extra-vocab-size", NULL, "lora-vocab",
	    "tokens a LoRA adapter may add (vLLM 0.11 and earlier)", VFK_ENUM,
	    VFS_INT, IN_OFF(lora.extra_vocab), -1, 0, 0, 0, false, NULL,
	    lora_extra_vocabs, RECALC_IN_EXTRAS, VFW_SET, 256, VFSTEP_NONE, 0,
	    0, 0, 0, true },
	[VF_ENABLE_LORA_BIAS] = { "enable-lora-bias", "--enable-lora-bias",
	    NULL, "lora-bias",
	    "a bias a LoRA output row (vLLM 0.11.0 and earlier)", VFK_BOOL,
	    VFS_TRI, IN_OFF(lora.bias), -1, 0, 0, 1, false, NULL, NULL,
	    RECALC_IN_EXTRAS, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0, true },
	[VF_SPECULATIVE_CONFIG] = { "speculative-config",
	    "--speculative-config", "sc", "speculative",
	    "speculative decoding (JSON: method, model, "
	    "num_speculative_tokens)",
	    VFK_JSON, VFS_NONE, IN_OFF(spec), -1, 0, 0, 0, false, NULL, NULL,
	    RECALC_IN_EXTRAS, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0, true },
	[VF_CPU_OFFLOAD_GB] = { "cpu-offload-gb", "--cpu-offload-gb", NULL,
	    "cpu-offload", "GiB of weights per GPU kept in CPU memory",
	    VFK_FLOAT, VFS_DOUBLE, IN_OFF(cpu_offload_gib), -1, 0, 0, 65536,
	    false, NULL, NULL, RECALC_IN_EXTRAS, VFW_SET, 0, VFSTEP_NONE, 0, 0,
	    0, 0, true },
	[VF_KV_OFFLOADING_SIZE] = { "kv-offloading-size",
	    "--kv-offloading-size", NULL, "kv-offload",
	    "GiB of CPU memory for offloaded KV blocks", VFK_FLOAT, VFS_DOUBLE,
	    IN_OFF(kv_offloading_gib), -1, 0, 0, 65536, false, NULL, NULL,
	    RECALC_IN_EXTRAS, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0, true },
	[VF_KV_OFFLOADING_BACKEND] = { "kv-offloading-backend",
	    "--kv-offloading-backend", NULL, "kv-offload-by",
	    "where offloaded KV blocks go", VFK_ENUM, VFS_ENUM,
	    IN_OFF(kv_offloading_backend), -1, 0, 0, 0, false, NULL,
	    kv_offload_backends, RECALC_IN_EXTRAS, VFW_SET, 0, VFSTEP_NONE, 0,
	    0, 0, 0, true },
	[VF_OPT_LEVEL] = { "optimization-level", "--optimization-level", "O",
	    "opt-level",
	    "-O0 no CUDA graphs, -O1 piecewise, -O2/-O3 full and "
	    "piecewise",
	    VFK_INT, VFS_INT, IN_OFF(optimization_level), -1, -1, 0, 3, false,
	    NULL, NULL, RECALC_IN_GRAPHS, VFW_SET | VFW_JOINED, 2, VFSTEP_ADD,
	    1, 1, 0, 3, true },
	[VF_COMPILATION_CONFIG] = { "compilation-config",
	    "--compilation-config", "cc", "compilation",
	    "torch.compile and CUDA graphs (cudagraph_mode, "
	    "capture sizes)",
	    VFK_JSON, VFS_NONE, IN_OFF(cudagraph_mode), -1, 0, 0, 0, false,
	    NULL, NULL, RECALC_IN_GRAPHS, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0,
	    true },
	[VF_PERFORMANCE_MODE] = { "performance-mode", "--performance-mode",
	    NULL, "perf-mode",
	    "throughput doubles the default batch limits; "
	    "interactivity captures every batch size up to 32",
	    VFK_ENUM, VFS_ENUM, IN_OFF(performance_mode), -1, PLAN_PERF_UNSET,
	    0, 0, false, NULL, perf_modes, RECALC_IN_SCHED, VFW_SET,
	    PLAN_PERF_UNSET, VFSTEP_CHOICE, 1, 1, 0, 0, true },
	/* vllm/config/vllm.py max_concurrent_batches: from 0.26.0 sliding and
	 * chunked-local layers hold the batches in flight (vLLM #47728) */
	[VF_ASYNC_SCHEDULING] = { "async-scheduling", "--async-scheduling",
	    NULL, "async-sched",
	    "schedule the next step during the forward pass; from 0.26.0 "
	    "sliding-window layers keep both batches in flight",
	    VFK_BOOL, VFS_TRI, IN_OFF(async_scheduling), -1, 0, 0, 1, false,
	    NULL, NULL, RECALC_IN_SCHED, VFW_SET, 0, VFSTEP_NONE, 0, 0, 0, 0,
	    true },
	/* vllm/model_executor/layers/fused_moe/config.py FusedMoEParallelConfig:
	 * whole experts per rank over the TP x DP ranks (experts.h) */
	[VF_EXPERT_PARALLEL] = { "enable-expert-parallel",
	    "--enable-expert-parallel", "ep", "expert-par",
	    "MoE experts whole on each of the TP x DP ranks "
	    "instead of split inside every expert",
	    VFK_BOOL, VFS_TRI, IN_OFF(expert_parallel), -1, 0, 0, 1, false,
	    NULL, NULL, RECALC_IN_PARALLEL, VFW_SET, 0, VFSTEP_TOGGLE, 0, 0, 0,
	    1, true },
	/* vllm/config/parallel.py all2all_backend (default
	 * allgather_reducescatter): the others allocate their own dispatch
	 * buffers (DeepEP, pplx, NIXL, FlashInfer), which headroom does not
	 * model, so the plan stops */
	[VF_ALL2ALL_BACKEND] = { "all2all-backend", "--all2all-backend", NULL,
	    "all2all",
	    "expert-parallel token exchange (only "
	    "allgather_reducescatter is modelled)",
	    VFK_ENUM, VFS_ENUM, IN_OFF(all2all_backend), -1, 0, 0, 0, false,
	    NULL, all2all_backends, RECALC_IN_PARALLEL, VFW_SET, 0, VFSTEP_NONE,
	    0, 0, 0, 0, true, true, true },
	/* EPLB (vllm/distributed/eplb/): redundant experts, load statistics
	 * and the buffers of each rearrangement, not modelled */
	[VF_ENABLE_EPLB] = { "enable-eplb", "--enable-eplb", NULL, "eplb",
	    "expert-parallel load balancer (not modelled: the plan stops)",
	    VFK_BOOL, VFS_NONE, 0, -1, 0, 0, 1, false, NULL, NULL,
	    RECALC_IN_STYLE, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false,
	    true },
	/* vllm/config/parallel.py expert_placement_strategy; round_robin only
	 * where determine_expert_placement_strategy() keeps it (experts.h) */
	[VF_EXPERT_PLACEMENT] = { "expert-placement-strategy",
	    "--expert-placement-strategy", NULL, "expert-place",
	    "which experts "
	    "each EP rank holds: a block (linear) or every EP-th (round_robin)",
	    VFK_ENUM, VFS_ENUM, IN_OFF(expert_placement), -1, 0, 0, 0, false,
	    NULL, expert_placements, RECALC_IN_PARALLEL, VFW_SET, 0,
	    VFSTEP_CHOICE, 1, 1, 0, 0, true },
	/* context parallelism (vllm/config/parallel.py): the KV cache split
	 * over ranks and, for prefill, the MoE group widened; not modelled */
	[VF_PCP] = { "prefill-context-parallel-size",
	    "--prefill-context-parallel-size", "pcp", "prefill-cp",
	    "prefill context parallel ranks (more than 1 is "
	    "not modelled: the plan stops)",
	    VFK_INT, VFS_INT, IN_OFF(pcp), -1, 0, 1, 1024, false, NULL, NULL,
	    RECALC_IN_PARALLEL, VFW_SET, 1, VFSTEP_NONE, 0, 0, 0, 0, true },
	[VF_DCP] = { "decode-context-parallel-size",
	    "--decode-context-parallel-size", "dcp", "decode-cp",
	    "decode context parallel ranks (more than 1 is not "
	    "modelled: the plan stops)",
	    VFK_INT, VFS_INT, IN_OFF(dcp), -1, 0, 1, 1024, false, NULL, NULL,
	    RECALC_IN_PARALLEL, VFW_SET, 1, VFSTEP_NONE, 0, 0, 0, 0, true },
	/* cache_config.num_gpu_blocks_override: the KV cache's block count
	 * instead of the one the budget gives */
	[VF_NUM_GPU_BLOCKS_OVERRIDE] = { "num-gpu-blocks-override",
	    "--num-gpu-blocks-override", NULL, "gpu-blocks",
	    "fixed count of KV "
	    "blocks (not modelled: the plan stops)",
	    VFK_INT, VFS_NONE, 0, -1, 0, 1, 1099511627776.0, false, NULL, NULL,
	    RECALC_IN_KV, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false, true },
	/* cache_config.kv_sharing_fast_prefill: a second attention metadata
	 * and the prefill path of KV-sharing layers (Gemma 3n) */
	[VF_KV_SHARING_FAST_PREFILL] = { "kv-sharing-fast-prefill",
	    "--kv-sharing-fast-prefill", NULL, "kv-share-prefill",
	    "skip prefill "
	    "of KV-sharing layers (not modelled: the plan stops)",
	    VFK_BOOL, VFS_NONE, 0, -1, 0, 0, 1, false, NULL, NULL, RECALC_IN_KV,
	    0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false, true },
	/* parallel_config.enable_dbo: dual-batch overlap, micro-batches with
	 * their own CUDA graphs and buffers */
	[VF_ENABLE_DBO] = { "enable-dbo", "--enable-dbo", NULL, "dbo",
	    "dual-batch overlap (not modelled: the plan stops)", VFK_BOOL,
	    VFS_NONE, 0, -1, 0, 0, 1, false, NULL, NULL, RECALC_IN_GRAPHS, 0, 0,
	    VFSTEP_NONE, 0, 0, 0, 0, false, false, true },
	/* multimodal_config.mm_encoder_tp_mode data: the vision encoder's
	 * weights whole on every TP rank */
	[VF_MM_ENCODER_TP_MODE] = { "mm-encoder-tp-mode",
	    "--mm-encoder-tp-mode", NULL, "mm-encoder-tp",
	    "weights: the encoder split over TP; data: "
	    "whole on each rank (not modelled: the plan stops)",
	    VFK_ENUM, VFS_NONE, 0, -1, 0, 0, 0, false, NULL,
	    mm_encoder_tp_modes, RECALC_IN_MODEL, 0, 0, VFSTEP_NONE, 0, 0, 0, 0,
	    false, false, true, true },
	/* multimodal_config.skip_mm_profiling: the profile run leaves out the
	 * encoder, so its activations are not in the budget */
	[VF_SKIP_MM_PROFILING] = { "skip-mm-profiling", "--skip-mm-profiling",
	    NULL, "skip-mm-profile",
	    "profile without the multimodal encoder (not "
	    "modelled: the plan stops)",
	    VFK_BOOL, VFS_NONE, 0, -1, 0, 0, 1, false, NULL, NULL,
	    RECALC_IN_MODEL, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false,
	    true },
	/* model_config.hf_overrides: changes to the config vLLM builds the
	 * model from; src/io/hf_overrides.c reads the class it names and a
	 * classifier's labels, and any other key stops the plan there */
	[VF_HF_OVERRIDES] = { "hf-overrides", "--hf-overrides", NULL,
	    "hf-overrides",
	    "changes to the model's config: architectures (a causal model "
	    "as its sequence classifier) and the score head's labels; "
	    "other keys are not modelled (the plan stops)",
	    VFK_JSON, VFS_NONE, 0, -1, 0, 0, 0, false, NULL, NULL,
	    RECALC_IN_MODEL, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, true, false,
	    false },
	/* model_config.runner / convert: the pooling runner profiles a
	 * pooler run instead of the sampler's warm-up and captures PIECEWISE
	 * graphs only (plan.c, walk_pooling_checks); the draft runner and the
	 * mm_encoder_only adapter stop the plan there */
	[VF_RUNNER] = { "runner", "--runner", NULL, "runner",
	    "pooling serves an embedding model: no sampler, a pooler run, "
	    "PIECEWISE graphs (draft is not modelled)",
	    VFK_ENUM, VFS_ENUM, IN_OFF(runner), -1, PLAN_RUNNER_UNSET, 0, 0,
	    false, NULL, runners, RECALC_IN_MODEL, VFW_SET, PLAN_RUNNER_UNSET,
	    VFSTEP_CHOICE, 1, 1, 0, 0, true },
	[VF_CONVERT] = { "convert", "--convert", NULL, "convert",
	    "embed, classify, reward: a causal model as an embedding model, "
	    "a classifier (a score head) or a reward model "
	    "(mm_encoder_only is not modelled)",
	    VFK_ENUM, VFS_ENUM, IN_OFF(convert), -1, PLAN_CONVERT_UNSET, 0, 0,
	    false, NULL, converts, RECALC_IN_MODEL, VFW_SET, PLAN_CONVERT_UNSET,
	    VFSTEP_CHOICE, 1, 1, 0, 0, true },
	/* kv_transfer_config: a KV connector (NIXL, LMCache, P2P NCCL) with
	 * its own buffers */
	[VF_KV_TRANSFER_CONFIG] = { "kv-transfer-config",
	    "--kv-transfer-config", NULL, "kv-transfer",
	    "KV connector for disaggregated serving (not "
	    "modelled: the plan stops)",
	    VFK_JSON, VFS_NONE, 0, -1, 0, 0, 0, false, NULL, NULL,
	    RECALC_IN_EXTRAS, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false,
	    true },
	/* cache_config.attn_group_size: layers per KV-cache group of a hybrid
	 * model instead of vLLM's heuristic (padding layers, capacity) */
	[VF_ATTN_GROUP_SIZE] = { "attn-group-size", "--attn-group-size", NULL,
	    "attn-group",
	    "layers per KV-cache group (not modelled: the plan "
	    "stops)",
	    VFK_INT, VFS_NONE, 0, -1, 0, 1, 1024, false, NULL, NULL,
	    RECALC_IN_KV, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false, true },
	/* cache_config.use_replayssm: a ring of recent SSM inputs beside each
	 * Mamba2 state (replayssm_buffer_len rows) */
	[VF_USE_REPLAYSSM] = { "use-replayssm", "--use-replayssm", NULL,
	    "replayssm",
	    "ReplaySSM decode: SSM input history in the state (not "
	    "modelled: the plan stops)",
	    VFK_BOOL, VFS_NONE, 0, -1, 0, 0, 1, false, NULL, NULL, RECALC_IN_KV,
	    0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false, true },
	/* cache_config.kv_cache_dtype_skip_layers: layers (indices or
	 * attention types) left out of KV-cache quantization, their pages
	 * 16-bit (skip_page_size_padded) */
	[VF_KV_SKIP_LAYERS] = { "kv-cache-dtype-skip-layers",
	    "--kv-cache-dtype-skip-layers", NULL, "kv-skip-layers",
	    "layers kept "
	    "out of KV quantization (not modelled: the plan stops)",
	    VFK_ENUM, VFS_NONE, 0, -1, 0, 0, 0, false, NULL, any_value,
	    RECALC_IN_KV, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, true, true },
	/* model_config.disable_sliding_window: sliding-window layers keep every
	 * token (and max_model_len is capped to the window) */
	[VF_DISABLE_SLIDING_WINDOW] = { "disable-sliding-window",
	    "--disable-sliding-window", NULL, "no-sliding",
	    "full attention in "
	    "sliding-window layers (not modelled: the plan stops)",
	    VFK_BOOL, VFS_NONE, 0, -1, 0, 0, 1, false, NULL, NULL, RECALC_IN_KV,
	    0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false, true },
	/* scheduler_config.enable_chunked_prefill: on by default; off, the
	 * batch budget grows to the longest prompt (max_model_len), and with it
	 * the profile run's activations */
	[VF_CHUNKED_PREFILL] = { "enable-chunked-prefill",
	    "--enable-chunked-prefill", NULL, "chunked-prefill",
	    "prefills in "
	    "chunks (vLLM's default; --no-... is not modelled: the plan stops)",
	    VFK_BOOL, VFS_NONE, 0, -1, 0, 0, 1, false, NULL, NULL,
	    RECALC_IN_SCHED, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false, true,
	    true },
	/* lora_config.target_modules: only the named modules get LoRA slots
	 * (LoRAModelManager._match_target_modules); headroom counts every
	 * module of the language model */
	[VF_LORA_TARGET_MODULES] = { "lora-target-modules",
	    "--lora-target-modules", NULL, "lora-targets",
	    "modules that get LoRA slots (not modelled: the plan stops)",
	    VFK_ENUM, VFS_NONE, 0, -1, 0, 0, 0, false, NULL, any_value,
	    RECALC_IN_EXTRAS, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, true,
	    true },
	/* lora_config.specialize_active_lora: graphs for 1, 2, 4, ...,
	 * max_loras + 1 active adapters (vllm/lora/utils.py
	 * get_captured_lora_counts) instead of max_loras + 1 alone */
	[VF_SPECIALIZE_ACTIVE_LORA] = { "specialize-active-lora",
	    "--specialize-active-lora", NULL, "lora-graphs",
	    "graphs per count of active LoRA adapters (not modelled: the plan "
	    "stops)",
	    VFK_BOOL, VFS_NONE, 0, -1, 0, 0, 1, false, NULL, NULL,
	    RECALC_IN_GRAPHS, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false,
	    true },
	/* lora_config.enable_tower_connector_lora: slots on the vision tower
	 * and connector too, with a punica wrapper sized by the encoder budget
	 * (LoRAModelManager._maybe_init_mm) */
	[VF_TOWER_CONNECTOR_LORA] = { "enable-tower-connector-lora",
	    "--enable-tower-connector-lora", NULL, "tower-lora",
	    "LoRA on the vision tower and connector (not modelled: the plan "
	    "stops)",
	    VFK_BOOL, VFS_NONE, 0, -1, 0, 0, 1, false, NULL, NULL,
	    RECALC_IN_EXTRAS, 0, 0, VFSTEP_NONE, 0, 0, 0, 0, false, false,
	    true },
	/* model_config.task, replaced by --runner and --convert (#21470,
	 * 0.10.1) and gone from 0.13.0: plan.c sets the runner and adapter
	 * ModelConfig sets from it, and refuses it from 0.13.0 as vLLM's
	 * argument parser does */
	[VF_TASK] = { "task", "--task", NULL, "task",
	    "the runner and adapter by task (vLLM 0.12 and earlier; "
	    "--runner and --convert replace it)",
	    VFK_ENUM, VFS_ENUM, IN_OFF(task), -1, PLAN_TASK_UNSET, 0, 0, false,
	    NULL, tasks, RECALC_IN_MODEL, VFW_SET, PLAN_TASK_UNSET, VFSTEP_NONE,
	    0, 0, 0, 0, true },
};

enum vllm_flag_id
vllm_flag_id_of(const struct vllm_flag *f)
{
	return f != NULL ? (enum vllm_flag_id)(f - vllm_flags) : VF_COUNT;
}

static void
normalise(const char *in, char *out, size_t len)
{
	size_t i;

	for (i = 0; in[i] && in[i] != '=' && i + 1 < len; i++)
		out[i] = in[i] == '_' ? '-' : in[i];
	out[i] = '\0';
}

const struct vllm_flag *
vllm_flag_find(const char *name, int *ambiguous)
{
	const struct vllm_flag *hit = NULL;
	char n[128];
	size_t i, len;

	*ambiguous = 0;
	while (*name == '-')
		name++;
	normalise(name, n, sizeof n);
	len = strlen(n);
	if (len == 0)
		return NULL;
	for (i = 0; i < VF_COUNT; i++)
		if (strcmp(vllm_flags[i].name, n) == 0)
			return &vllm_flags[i];
	for (i = 0; i < VF_COUNT; i++) {
		if (strncmp(vllm_flags[i].name, n, len) != 0)
			continue;
		if (hit != NULL) {
			*ambiguous = 1;
			return NULL;
		}
		hit = &vllm_flags[i];
	}
	return hit;
}

const struct vllm_flag *
vllm_flag_by_short(const char *shortf)
{
	size_t i;

	for (i = 0; i < VF_COUNT; i++)
		if (vllm_flags[i].shortf &&
		    strcmp(vllm_flags[i].shortf, shortf) == 0)
			return &vllm_flags[i];
	return NULL;
}

static void *
field(const struct vllm_flag *f, struct plan_input *in)
{
	return (char *)in + f->in_off;
}

static const void *
cfield(const struct vllm_flag *f, const struct plan_input *in)
{
	return (const char *)in + f->in_off;
}

void
vllm_flag_store(const struct vllm_flag *f, struct plan_input *in, double v)
{
	void *p = field(f, in);

	switch (f->store) {
	case VFS_INT: *(int *)p = (int)v; break;
	case VFS_I64: *(int64_t *)p = (int64_t)v; break;
	case VFS_DOUBLE: *(double *)p = v; break;
	case VFS_BOOL: *(bool *)p = v != 0; break;
	case VFS_ENUM: *(int *)p = (int)v; break;
	case VFS_TRI: *(int *)p = v > 0 ? 1 : v < 0 ? -1 : 0; break;
	case VFS_NONE:
	case VFS_CAPTURE: break;
	}
}

static double
load(const struct vllm_flag *f, const void *p)
{
	switch (f->store) {
	case VFS_INT: return *(const int *)p;
	case VFS_I64: return (double)*(const int64_t *)p;
	case VFS_DOUBLE: return *(const double *)p;
	case VFS_BOOL: return *(const bool *)p;
	case VFS_ENUM: return *(const int *)p;
	case VFS_TRI: return *(const int *)p;
	case VFS_NONE:
	case VFS_CAPTURE: break;
	}
	return 0;
}

double
vllm_flag_value(const struct vllm_flag *f, const struct plan_input *in,
    const struct plan *p)
{
	/* struct plan holds the value in force in the input field's type */
	if (f->plan_off >= 0 && p != NULL)
		return load(f, (const char *)p + f->plan_off);
	return load(f, cfield(f, in));
}

bool
vllm_flag_is_set(const struct vllm_flag *f, const struct plan_input *in)
{
	if (f->store == VFS_CAPTURE)
		return in->n_capture_sizes >= 0;
	if (f->store == VFS_NONE)
		return false;
	return load(f, cfield(f, in)) != (double)f->unset;
}

void
vllm_flag_reset(const struct vllm_flag *f, struct plan_input *in)
{
	if (f->store == VFS_CAPTURE) {
		memset(in->capture_sizes, 0, sizeof in->capture_sizes);
		in->n_capture_sizes = -1;
		return;
	}
	vllm_flag_store(f, in, (double)f->unset);
}

void
vllm_flag_list_begin(const struct vllm_flag *f, struct plan_input *in)
{
	if (f->store == VFS_CAPTURE)
		in->n_capture_sizes = 0;
}

static bool
choice_valid(const struct vllm_flag_choice *c, int version)
{
	return c->since == 0 || version == 0 || version >= c->since;
}

char *
vllm_flag_choices(const struct vllm_flag *f, int version, char *buf, size_t len)
{
	const struct vllm_flag_choice *c;
	size_t o = 0;

	if (len > 0)
		buf[0] = '\0';
	for (c = f->choices; c != NULL && c->name != NULL; c++) {
		if (c->alias == 2 || !choice_valid(c, version))
			continue;
		if (o < len)
			o += (size_t)snprintf(buf + o, len - o, "%s%s",
			    o ? ", " : "", c->name);
	}
	return buf;
}

/* The name a value is written as: its first choice that is no alias. */
static const char *
choice_name(const struct vllm_flag *f, int v)
{
	const struct vllm_flag_choice *c;

	for (c = f->choices; c != NULL && c->name != NULL; c++)
		if (c->value == v && c->alias == 0)
			return c->name;
	return NULL;
}

char *
vllm_flag_format(const struct vllm_flag *f, double v, char *buf, size_t len)
{
	const char *name;

	if (f->auto_word != NULL && v == -1) {
		snprintf(buf, len, "%s", f->auto_word);
		return buf;
	}
	switch (f->kind) {
	case VFK_FLOAT: return units_format_pyfloat(v, buf, len);
	case VFK_ENUM:
		if (f->store == VFS_INT)
			break;
		name = choice_name(f, (int)v);
		snprintf(buf, len, "%s", name ? name : "?");
		return buf;
	case VFK_BOOL:
		snprintf(buf, len, "%s", v != 0 ? "true" : "false");
		return buf;
	default: break;
	}
	snprintf(buf, len, "%lld", (long long)v);
	return buf;
}

static int
parse_bool_word(const char *s, bool *out)
{
	static const char *const yes[] = { "true", "on", "yes", "1" };
	static const char *const no[] = { "false", "off", "no", "0" };
	size_t i;

	for (i = 0; i < 4; i++) {
		if (strcasecmp(s, yes[i]) == 0) {
			*out = true;
			return 0;
		}
		if (strcasecmp(s, no[i]) == 0) {
			*out = false;
			return 0;
		}
	}
	return -1;
}

static void
range_text(const struct vllm_flag *f, char *buf, size_t len)
{
	if (f->kind == VFK_FLOAT && f->lo_open)
		snprintf(buf, len, "above %g and at most %g", f->lo, f->hi);
	else if (f->kind == VFK_FLOAT)
		snprintf(buf, len, "from %g to %g", f->lo, f->hi);
	else
		snprintf(buf, len, "from %.0f to %.0f", f->lo, f->hi);
}

static bool
in_range(const struct vllm_flag *f, double v)
{
	if (f->lo_open ? !(v > f->lo) : !(v >= f->lo))
		return false;
	return v <= f->hi;
}

static int
parse_number(const struct vllm_flag *f, const char *s, double *out, char *err,
    size_t errlen)
{
	char r[96];

	if (f->kind == VFK_FLOAT) {
		if (units_parse_double(s, out) == 0 && in_range(f, *out))
			return 0;
		range_text(f, r, sizeof r);
		snprintf(err, errlen, "--%s: '%s' is not a number %s", f->name,
		    s, r);
		return -1;
	} else {
		int64_t n;

		if (units_parse_human_int(s, &n) == 0 &&
		    in_range(f, (double)n)) {
			*out = (double)n;
			return 0;
		}
		range_text(f, r, sizeof r);
		snprintf(err, errlen,
		    "--%s: '%s' is not a whole number %s%s "
		    "(suffixes k, m, g and K, M, G are accepted)",
		    f->name, s, r, f->auto_word ? ", or auto" : "");
		return -1;
	}
}

int
vllm_flag_parse(const struct vllm_flag *f, const char *text, bool negated,
    int version, struct plan_input *in, char *err, size_t errlen)
{
	const struct vllm_flag_choice *c;
	double v;
	bool b;

	if (f->kind == VFK_BOOL) {
		b = !negated;
		if (text != NULL) {
			if (negated || parse_bool_word(text, &b) != 0) {
				snprintf(err, errlen,
				    "--%s: '%s' is not true or false", f->name,
				    text);
				return -1;
			}
		}
		if (f->store == VFS_NONE)
			return VFP_KEEP;
		vllm_flag_store(f, in, f->store == VFS_TRI ? (b ? 1 : -1) : b);
		return VFP_SET;
	}
	if (text == NULL) {
		snprintf(err, errlen, "--%s expects a value", f->name);
		return -1;
	}
	if (f->kind == VFK_JSON)
		return VFP_KEEP;
	if (f->auto_word != NULL &&
	    (strcasecmp(text, f->auto_word) == 0 || strcmp(text, "-1") == 0)) {
		vllm_flag_store(f, in, -1);
		return VFP_SET;
	}
	switch (f->kind) {
	case VFK_ENUM: {
		char list[400];

		for (c = f->choices; c->name != NULL; c++)
			if (strcmp(c->name, text) == 0) {
				if (f->store == VFS_NONE)
					return VFP_KEEP;
				vllm_flag_store(f, in, c->value);
				return VFP_SET;
			}
		if (f->open)
			return VFP_KEEP;
		snprintf(err, errlen,
		    "--%s: invalid choice '%s' (choose from %s)", f->name, text,
		    vllm_flag_choices(f, version, list, sizeof list));
		return -1;
	}
	case VFK_LIST:
		if (parse_number(f, text, &v, err, errlen) != 0)
			return -1;
		if (in->n_capture_sizes < 0)
			in->n_capture_sizes = 0;
		if (in->n_capture_sizes < PLAN_MAX_CAPTURE)
			in->capture_sizes[in->n_capture_sizes++] = (int)v;
		return VFP_SET;
	default:
		if (parse_number(f, text, &v, err, errlen) != 0)
			return -1;
		if (f->store == VFS_NONE)
			return VFP_KEEP;
		vllm_flag_store(f, in, v);
		return VFP_SET;
	}
}

bool
vllm_flag_refuses(const struct vllm_flag *f, const char *text, bool negated)
{
	bool b = !negated;

	if (!f->memory)
		return false;
	if (f->kind == VFK_BOOL) {
		if (text != NULL && parse_bool_word(text, &b) != 0)
			return true;
		return f->keep_first ? !b : b;
	}
	if (f->kind == VFK_ENUM && f->keep_first && f->choices != NULL &&
	    text != NULL) {
		const struct vllm_flag_choice *c;

		/* the first choice, or another of its value, is vLLM's default */
		for (c = f->choices; c->name != NULL; c++)
			if (strcmp(text, c->name) == 0 &&
			    c->value == f->choices[0].value)
				return false;
	}
	return true;
}

static double
clampd(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* The next power of two (or the model's longest length) above or below cur. */
static double
length_step(double cur, double top, int dir, bool big)
{
	int steps = big ? 2 : 1, i;
	double v = cur;

	for (i = 0; i < steps; i++) {
		double x = 256;

		if (dir > 0) {
			while (x <= v)
				x *= 2;
			if (top > 0 && x > top)
				x = top > v ? top : v;
		} else if (top > 0 && v > top) {
			x = top;
		} else {
			double below = 256;

			while (below * 2 < v)
				below *= 2;
			x = below < v ? below : 256;
		}
		v = x;
	}
	return v;
}

/* Index of the first listed choice at or above v (the last when none). */
static int
choice_index(const struct vllm_flag *f, int version, double v, int *n)
{
	const struct vllm_flag_choice *c;
	int i = 0, at = -1;

	for (c = f->choices; c->name != NULL; c++) {
		if (c->alias != 0 || !choice_valid(c, version))
			continue;
		if (at < 0 && f->store != VFS_ENUM && c->value >= v)
			at = i;
		if (at < 0 && f->store == VFS_ENUM && c->value == (int)v)
			at = i;
		i++;
	}
	*n = i;
	return at < 0 ? (f->store == VFS_ENUM ? 0 : i - 1) : at;
}

static int
choice_at(const struct vllm_flag *f, int version, int k)
{
	const struct vllm_flag_choice *c;
	int i = 0;

	for (c = f->choices; c->name != NULL; c++) {
		if (c->alias != 0 || !choice_valid(c, version))
			continue;
		if (i++ == k)
			return c->value;
	}
	return 0;
}

/* The block sizes the planner steps through in a release; their count. */
static int
block_steps(int version, int *out)
{
	unsigned i;
	int n = 0;

	for (i = 0; i < vllm_n_block_choices; i++)
		if (vllm_block_choices[i] != 256 ||
		    vllm_block_size_ok(version, 256))
			out[n++] = vllm_block_choices[i];
	return n;
}

/* Index of the first block size at or above v (the last when none). */
static int
block_index(const int *list, int n, double v)
{
	int i;

	for (i = 0; i < n; i++)
		if (list[i] >= v)
			return i;
	return n - 1;
}

double
vllm_flag_step_value(const struct vllm_flag *f, double cur, int dir, bool big,
    int version, int64_t top)
{
	int blocks[16], n, i;
	double v;

	switch (f->step) {
	case VFSTEP_ADD: {
		double k = big ? f->step_big : f->step_small;

		v = cur + dir * k;
		/* whole steps, as the value is shown (0.93, not 0.9300000001) */
		v = round(v / f->step_small) / (1.0 / f->step_small);
		return clampd(v, f->step_lo, f->step_hi);
	}
	case VFSTEP_SCALE:
		v = cur < f->step_lo ? f->step_lo : cur;
		v = dir > 0 ? v * (big ? 8 : 2) : floor(v / (big ? 8 : 2));
		return clampd(v, f->step_lo, f->step_hi);
	case VFSTEP_CHOICE:
		i = choice_index(f, version, cur, &n);
		i += (dir > 0 ? 1 : -1) *
		    (int)(big ? f->step_big : f->step_small);
		if (n == 0)
			return cur;
		return choice_at(f, version, i < 0 ? 0 : i >= n ? n - 1 : i);
	case VFSTEP_TOGGLE: return dir > 0;
	case VFSTEP_LENGTH: return length_step(cur, (double)top, dir, big);
	case VFSTEP_BLOCKS:
		n = block_steps(version, blocks);
		i = block_index(blocks, n, cur) +
		    (dir > 0 ? 1 : -1) *
			(int)(big ? f->step_big : f->step_small);
		return blocks[i < 0 ? 0 : i >= n ? n - 1 : i];
	case VFSTEP_NONE: break;
	}
	return cur;
}

unsigned
vllm_flags_diff(const struct plan_input *a, const struct plan_input *b)
{
	unsigned m = 0;
	size_t i;

	for (i = 0; i < VF_COUNT; i++) {
		const struct vllm_flag *f = &vllm_flags[i];

		if (f->store == VFS_CAPTURE) {
			int n = a->n_capture_sizes;

			if (n != b->n_capture_sizes ||
			    (n > 0 &&
				memcmp(a->capture_sizes, b->capture_sizes,
				    (size_t)(n < PLAN_MAX_CAPTURE
					    ? n
					    : PLAN_MAX_CAPTURE) *
					sizeof a->capture_sizes[0]) != 0))
				m |= 1u << f->group;
		} else if (f->store != VFS_NONE &&
		    load(f, cfield(f, a)) != load(f, cfield(f, b))) {
			m |= 1u << f->group;
		}
	}
	/* what the compilation-config row and open values leave */
	if (a->cudagraph_mode != b->cudagraph_mode)
		m |= 1u << vllm_flags[VF_COMPILATION_CONFIG].group;
	if (a->compilation_extra != b->compilation_extra)
		m |= 1u << RECALC_IN_STYLE;
	/* what --hf-overrides names */
	if (a->hf_num_labels != b->hf_num_labels ||
	    (a->hf_architecture == NULL) != (b->hf_architecture == NULL) ||
	    (a->hf_architecture != NULL &&
		strcmp(a->hf_architecture, b->hf_architecture) != 0))
		m |= 1u << RECALC_IN_MODEL;
	/* the same words kept by two readers are the same input */
	if ((a->not_modelled == NULL) != (b->not_modelled == NULL) ||
	    (a->not_modelled != NULL &&
		strcmp(a->not_modelled, b->not_modelled) != 0))
		m |= 1u << RECALC_IN_MODEL;
	return m;
}

void
vllm_flags_copy_given(struct plan_input *dst, const struct plan_input *src)
{
	size_t i;

	for (i = 0; i < VF_COUNT; i++) {
		const struct vllm_flag *f = &vllm_flags[i];

		if (f->store == VFS_CAPTURE && src->n_capture_sizes >= 0) {
			memcpy(dst->capture_sizes, src->capture_sizes,
			    sizeof dst->capture_sizes);
			dst->n_capture_sizes = src->n_capture_sizes;
		} else if (f->store != VFS_NONE && f->store != VFS_CAPTURE &&
		    vllm_flag_is_set(f, src)) {
			vllm_flag_store(f, dst, load(f, cfield(f, src)));
		}
	}
}

void
vllm_flags_reset_all(struct plan_input *in)
{
	size_t i;

	for (i = 0; i < VF_COUNT; i++)
		vllm_flag_reset(&vllm_flags[i], in);
	in->cudagraph_mode = PLAN_CG_UNSET;
	in->compilation_extra = NULL;
	in->not_modelled = NULL;
	in->hf_architecture = NULL;
	in->hf_num_labels = -1;
}

static double
release_default(const struct vllm_flag *f, int version)
{
	struct vllm_traits t;

	if (vllm_flag_id_of(f) == VF_UTIL) {
		vllm_traits_get(version > 0 ? version : VLLM_VER_NEWEST, &t);
		return t.default_util;
	}
	return f->dflt;
}

void
vllm_flags_write(const struct plan_input *in, const struct plan *p, bool all,
    vllm_flag_word_fn word, vllm_flag_json_fn json, void *ctx)
{
	char v[64], dash[80];
	size_t i;
	int k;

	for (i = 0; i < VF_COUNT; i++) {
		const struct vllm_flag *f = &vllm_flags[i];
		bool set = vllm_flag_is_set(f, in), on;
		double x;

		if (f->kind == VFK_JSON) {
			if (json != NULL)
				json(ctx, (enum vllm_flag_id)i, in);
			continue;
		}
		if (f->store == VFS_NONE)
			continue;
		snprintf(dash, sizeof dash, "--%s", f->name);
		if (f->store == VFS_CAPTURE) {
			/* no graphs are captured under --enforce-eager */
			if (!set || in->enforce_eager)
				continue;
			word(ctx, dash);
			for (k = 0; k < in->n_capture_sizes; k++) {
				snprintf(v, sizeof v, "%d",
				    in->capture_sizes[k]);
				word(ctx, v);
			}
			continue;
		}
		x = (f->write & VFW_RESOLVED) ? vllm_flag_value(f, in, p)
					      : load(f, cfield(f, in));
		/* vLLM aligns a hybrid model's attention block to its state page
		 * itself (HybridAttentionMambaModelConfig): the flag keeps the
		 * size given, and --explicit leaves the choice to vLLM */
		if (vllm_flag_id_of(f) == VF_BLOCK_SIZE && p->state_bytes > 0) {
			if (!set)
				continue;
			x = load(f, cfield(f, in));
		}
		/* a plan refused before it resolved the setting (a model headroom
		 * does not model) holds no value: the input's, or nothing */
		if ((f->write & VFW_RESOLVED) && f->kind == VFK_INT &&
		    x < f->lo) {
			if (!set)
				continue;
			x = load(f, cfield(f, in));
		}
		on = ((f->write & VFW_SET) && set) ||
		    ((f->write & VFW_ALL) && all) ||
		    ((f->write & VFW_DIFF) &&
			x != release_default(f, p->version));
		if (!on)
			continue;
		if (f->kind == VFK_BOOL) {
			if (x < 0)
				snprintf(dash, sizeof dash, "--no-%s", f->name);
			if (x != 0)
				word(ctx, dash);
			continue;
		}
		if (f->auto_word != NULL && load(f, cfield(f, in)) == -1)
			x = -1;
		vllm_flag_format(f, x, v, sizeof v);
		if (f->write & VFW_JOINED) {
			/* -O3: the one spelling every release reads */
			snprintf(dash, sizeof dash, "-%s%s", f->shortf, v);
			word(ctx, dash);
			continue;
		}
		word(ctx, dash);
		word(ctx, v);
	}
}

double
vllm_flag_cycle(const struct vllm_flag *f, double cur, int version)
{
	int n, i;

	if (f->kind == VFK_BOOL)
		return cur == 0;
	if (f->step == VFSTEP_BLOCKS) {
		int blocks[16], nb = block_steps(version, blocks);

		return blocks[(block_index(blocks, nb, cur) + 1) % nb];
	}
	if (f->choices == NULL)
		return cur;
	i = choice_index(f, version, cur, &n);
	return n > 0 ? choice_at(f, version, (i + 1) % n) : cur;
}
