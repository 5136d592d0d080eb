/*
 * vllm_version.h - what changes between vLLM releases that a plan depends on.
 *
 * A version is an int VLLM_VER(major, minor, patch).  Each trait names the
 * upstream change it follows (PR number, date) so the table can be checked
 * against vLLM's history; boundaries map a PR to the first release that
 * carried it (see doc/vllm-versions.md for the evidence behind each one).
 */
#ifndef HEADROOM_VLLM_VERSION_H
#define HEADROOM_VLLM_VERSION_H

#define VLLM_VER(a, b, c) ((a)*10000 + (b)*100 + (c))
#define VLLM_VER_NEWEST VLLM_VER(0, 32, 0)
#define VLLM_VER_OLDEST VLLM_VER(0, 10, 0)

/*
 * First releases of flag values, shared by the release traits and the flag
 * table (vllm_flags.c) so each boundary is written once.  Evidence per
 * boundary in doc/vllm-versions.md.
 */
#define VLLM_SINCE_KV_BF16_MLA VLLM_VER(0, 11, 1) /* bfloat16, fp8_ds_mla */
#define VLLM_SINCE_KV_NVFP4 VLLM_VER(0, 32, 0)
#define VLLM_SINCE_BLOCK_256 VLLM_VER(0, 11, 1)
#define VLLM_SINCE_BLOCK_ANY VLLM_VER(0, 26, 0) /* block_size: int, gt=0 */
#define VLLM_SINCE_CUDAGRAPH_MODE VLLM_VER(0, 10, 2) /* CUDAGraphMode, #20059 */
#define VLLM_SINCE_OPT_LEVELS VLLM_VER(0, 12, 0) /* -O0..3 presets, #26847 */
#define VLLM_SINCE_PERF_MODE VLLM_VER(0, 17, 0) /* --performance-mode, #34936 */
#define VLLM_SINCE_LANGUAGE_MODEL_ONLY                                         \
	VLLM_VER(0, 16, 0) /* --language-model-only, #34120 */
#define VLLM_SINCE_LORA_NO_EXTRA_VOCAB                                         \
	VLLM_VER(0, 12, 0) /* --lora-extra-vocab-size gone, #28382, #28545 */
#define VLLM_SINCE_NO_TASK                                                     \
	VLLM_VER(0, 13, 0) /* --task gone, deprecated by #21470 (0.10.1) */
#define VLLM_SINCE_LORA_NO_BIAS                                                \
	VLLM_VER(0, 11, 1) /* --enable-lora-bias gone, #25807 */
#define VLLM_SINCE_SPEC_DRAFT_MODEL                                            \
	VLLM_VER(0, 15, 0) /* method draft_model in V1, #24322 */
#define VLLM_SINCE_EAGLE3_LAYERS                                               \
	VLLM_VER(0, 11, 1) /* EAGLE-3 heads of several layers, #26164 */
#define VLLM_UNTIL_EAGLE3_TARGETS                                              \
	VLLM_VER(0, 16,                                                        \
	    0) /* last release checked against the EAGLE-3 target list */
#define VLLM_SINCE_SPEC_GRAPH_ALIGN                                            \
	VLLM_VER(0, 12, 0) /* capture sizes in steps of 1 + k, #28315 */
#define VLLM_SINCE_MAMBA_FLOAT16                                               \
	VLLM_VER(0, 13, 0) /* MambaDType float16, #29978 */
#define VLLM_SINCE_MAMBA_BFLOAT16                                              \
	VLLM_VER(0, 22, 0) /* MambaDType bfloat16, #41680 */
#define VLLM_SINCE_MAMBA_PREFIX_ALL                                            \
	VLLM_VER(0, 11, 1) /* mamba_cache_mode all, #25752 */
#define VLLM_SINCE_MAMBA_PREFIX_ALIGN                                          \
	VLLM_VER(0, 15, 0) /* mamba_cache_mode align, #30877 */
#define VLLM_SINCE_NEMOTRON_SSM_HOOK                                           \
	VLLM_VER(0, 13,                                                        \
	    0) /* NemotronH's auto SSM dtype from its config, #29978 */
#define VLLM_SINCE_NEMOTRON_SSM_FP32                                           \
	VLLM_VER(0, 20, 0) /* its default float16 -> float32, #39032 */
/* the V2 model runner by default for pooling models, #48290 (merged
 * 2026-07-10); 0.25.0 (tagged 2026-07-11) and 0.25.1 may or may not carry
 * it: VLLM_UNSURE_V2_POOLING up to the release before */
#define VLLM_SINCE_V2_POOLING VLLM_VER(0, 26, 0)
#define VLLM_UNSURE_V2_POOLING VLLM_VER(0, 25, 0)
#define VLLM_SINCE_ENCDEC_CHECKED                                              \
	VLLM_VER(0, 15, 1) /* Whisper's cross-attention length checked */

/* The message wording families of the KV-cache errors. */
enum kv_msg_style {
	KV_MSG_OLD, /* <= 2025-12: no URL, "%.2f" GiB, "models's" */
	KV_MSG_URL, /* 2026-01 .. 2026-05-14: URL, format_gib, "models's" */
	KV_MSG_CURRENT /* #42479: "model's", CPU-backend wording */
};

struct vllm_traits {
	int version;
	double default_util; /* 0.9, 0.92 since #38284 (v0.20.0) */
	int cg_in_budget; /* CUDA-graph estimate subtracted (v0.20.0) */
	int requested_ceil; /* ceil(total x util), #29493 */
	int format_gib; /* messages use format_gib, #31865 */
	int tokens_from_concurrency; /* "GPU KV cache size" = int(conc x L), #41069 */
	int auto_max_model_len; /* --max-model-len auto/-1, #29431 */
	int device_in_free_msg; /* "on device cuda:0", #30868 */
	int loading_msg_memory; /* "GiB memory and" (#28178) */
	int v2_runner_qwen3; /* V2 runner default for dense Qwen3, #39337 */
	int v2_runner_dense; /* V2 runner default for dense models (0.25) */
	int v2_runner_quant; /* quantized checkpoints too, #44446 (0.24) */
	int v2_runner_cg; /* the V2 runner reserves graph memory, #53306 */
	int kv_nvfp4; /* --kv-cache-dtype nvfp4 on SM12x/SM10x (0.32) */
	int kv_bf16_mla; /* --kv-cache-dtype bfloat16, fp8_ds_mla */
	int block_256; /* --block-size 256 among the choices */
	int block_any; /* any positive --block-size */
	int cudagraph_mode; /* --compilation-config cudagraph_mode */
	int opt_levels; /* -O0..3 are presets (before: compile levels) */
	int perf_mode; /* --performance-mode */
	/* scheduler defaults (arg_utils.py get_batch_defaults, OpenAI server):
	 * cards with at least big_card_gib that are not A100s take the big
	 * figures */
	double big_card_gib;
	const char
	    *small_card; /* a name that keeps the small figures ("a100") */
	int seqs_big, seqs_small;
	int batched_big, batched_small;
	int max_capture_cap; /* default largest capture size: min(2 x seqs, cap) */
	int gptoss_capture_1024; /* gpt-oss raises the largest capture size to
				    1024 when none is set (0.19.0 first known) */
	int flashinfer_spec_piecewise; /* FlashInfer without TRT-LLM: drafts
					  keep PIECEWISE graphs only (0.20.0
					  first known) */
	/* VLLM_ATTENTION_BACKEND: 2 read with vLLM's deprecation warning
	 * (0.13.x, 0.14.x), 1 read (the selector, up to 0.12.x), 0 not read
	 * (from 0.15.0) */
	int env_attention_backend;
	/* default --block-size of the attention backend: MLA takes 64 (128
	 * with CUTLASS MLA on SM100), other attention 16 */
	int block_default, block_mla, block_mla_sm100;
	int hma_chunked_local; /* chunked-local layers keep the hybrid manager */
	int swa_in_flight; /* sliding and chunked-local layers reserve the
			      batches in flight, #47728 (0.26.0) */
	int mamba_prefix_caching; /* prefix caching on by default for
				     attention-free Mamba models (not hybrids) */
	int sparse_mla_flashinfer; /* SM100: FlashInfer sparse MLA keeps plain fp8 */
	int kv_ct_scheme_auto; /* --kv-cache-dtype auto follows a
				  compressed-tensors kv_cache_scheme (fp8),
				  #30141 (0.15.0); before, the model dtype */
	int dsa_indexer_workspace; /* DeepSeek-V3.2 / GLM-5: the sparse indexer
				      reserves its prefill K-gather workspace
				      in the profile run (0.22.0 first known) */
	int flashinfer_sampler; /* V1's top-k/top-p runs FlashInfer's kernel
				   unless VLLM_USE_FLASHINFER_SAMPLER=0 (when
				   FlashInfer is installed); 0: only with =1 */
	int flashinfer_sampler_extra; /* the release's wheel installs FlashInfer
					 only as the vllm[flashinfer] extra,
					 so the default path is the install's */
	enum kv_msg_style kv_msg;
};

/* Parses "0.19.0", "0.19", "v0.19.1"; returns 0 and the version, or -1. */
int vllm_version_parse(const char *s, int *out);
/*
 * Parses a release headroom models (VLLM_VER_OLDEST to VLLM_VER_NEWEST):
 * 0 and the version, or -1 with "'TEXT' is not a release headroom models
 * (0.10.0 to 0.32.0)" in err.  The one place the range is written out.
 */
int vllm_version_parse_known(const char *s, int *out, char *err,
    unsigned long errlen);
/* "0.10.0 to 0.32.0". */
char *vllm_version_range(char *buf, unsigned long len);
/* Writes "0.19.0". */
char *vllm_version_format(int v, char *buf, unsigned long len);
/* Traits of a version (any version; older than the oldest known clamps). */
void vllm_traits_get(int version, struct vllm_traits *out);
/*
 * --block-size: the choices of the releases before any positive size
 * (VLLM_SINCE_BLOCK_ANY), 256 among them from VLLM_SINCE_BLOCK_256; the
 * planner steps through them in every release.
 */
extern const int vllm_block_choices[];
extern const unsigned vllm_n_block_choices;
/* True when release version (0 = newest) takes --block-size b. */
int vllm_block_size_ok(int version, int b);
/* The choices a release lists, "1, 8, ..., 256", into buf; returns buf. */
char *vllm_block_choices_text(int version, char *buf, unsigned long len);
/* Known release numbers, newest last, for listings and checks. */
extern const int vllm_known_versions[];
extern const unsigned vllm_n_known_versions;
/* The index in vllm_known_versions of the first release at or after
 * version, the newest's when none is. */
int vllm_version_index(int version);

#endif
