/*
 * vllm_version.c - the release table.  The boundaries below follow the
 * upstream history summarised in doc/vllm-versions.md.
 */
#include "vllm_version.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

const int vllm_known_versions[] = {
	VLLM_VER(0, 10, 0),
	VLLM_VER(0, 10, 1),
	VLLM_VER(0, 10, 2),
	VLLM_VER(0, 11, 0),
	VLLM_VER(0, 11, 1),
	VLLM_VER(0, 11, 2),
	VLLM_VER(0, 12, 0),
	VLLM_VER(0, 13, 0),
	VLLM_VER(0, 14, 0),
	VLLM_VER(0, 15, 0),
	VLLM_VER(0, 16, 0),
	VLLM_VER(0, 17, 0),
	VLLM_VER(0, 18, 0),
	VLLM_VER(0, 19, 0),
	VLLM_VER(0, 20, 0),
	VLLM_VER(0, 21, 0),
	VLLM_VER(0, 22, 0),
	VLLM_VER(0, 23, 0),
	VLLM_VER(0, 24, 0),
	VLLM_VER(0, 25, 0),
	VLLM_VER(0, 26, 0),
	VLLM_VER(0, 27, 0),
	VLLM_VER(0, 28, 0),
	VLLM_VER(0, 29, 0),
	VLLM_VER(0, 30, 0),
	VLLM_VER(0, 31, 0),
	VLLM_VER(0, 32, 0),
};
const unsigned vllm_n_known_versions =
    sizeof vllm_known_versions / sizeof vllm_known_versions[0];

int
vllm_version_index(int version)
{
	unsigned i;

	for (i = 0; i < vllm_n_known_versions; i++)
		if (vllm_known_versions[i] >= version)
			return (int)i;
	return (int)vllm_n_known_versions - 1;
}

int
vllm_version_parse(const char *s, int *out)
{
	int a = 0, b = 0, c = 0, n = 0;
	char tail;

	if (s == NULL)
		return -1;
	if (*s == 'v' || *s == 'V')
		s++;
	n = sscanf(s, "%d.%d.%d%c", &a, &b, &c, &tail);
	if (n == 4 && (tail < '0' || tail > '9'))
		n = 3; /* 0.10.1.1, 0.9.2rc1, 0.11.0+cu128, "0.15.0 (note)" */
	if (n < 2 || n > 3 || a < 0 || b < 0 || c < 0 || a > 99 || b > 99 ||
	    c > 99)
		return -1;
	*out = VLLM_VER(a, b, c);
	return 0;
}

char *
vllm_version_format(int v, char *buf, unsigned long len)
{
	snprintf(buf, len, "%d.%d.%d", v / 10000, v / 100 % 100, v % 100);
	return buf;
}

const int vllm_block_choices[] = { 1, 8, 16, 32, 64, 128, 256 };
const unsigned vllm_n_block_choices =
    sizeof vllm_block_choices / sizeof vllm_block_choices[0];

int
vllm_block_size_ok(int version, int b)
{
	unsigned i;

	if (version <= 0)
		version = VLLM_VER_NEWEST;
	if (b <= 0)
		return 0;
	if (version >= VLLM_SINCE_BLOCK_ANY)
		return 1;
	for (i = 0; i < vllm_n_block_choices; i++)
		if (vllm_block_choices[i] == b)
			return b != 256 || version >= VLLM_SINCE_BLOCK_256;
	return 0;
}

char *
vllm_block_choices_text(int version, char *buf, unsigned long len)
{
	unsigned i;
	size_t o = 0;

	if (len > 0)
		buf[0] = '\0';
	for (i = 0; i < vllm_n_block_choices && o < len; i++)
		if (vllm_block_size_ok(version > 0 &&
				version < VLLM_SINCE_BLOCK_ANY
			    ? version
			    : VLLM_SINCE_BLOCK_ANY - 1,
			vllm_block_choices[i]))
			o += (size_t)snprintf(buf + o, len - o, "%s%d",
			    o ? ", " : "", vllm_block_choices[i]);
	return buf;
}

char *
vllm_version_range(char *buf, unsigned long len)
{
	char a[16], b[16];

	snprintf(buf, len, "%s to %s",
	    vllm_version_format(VLLM_VER_OLDEST, a, sizeof a),
	    vllm_version_format(VLLM_VER_NEWEST, b, sizeof b));
	return buf;
}

/*
 * A release as people write one: 2 to 4 dot-separated numbers (0.10.1.1 is
 * a post release), then nothing or a tag (rc1, .post1, .dev0, +cu128).
 * 0.19.0.0.0.0.0.1 is no release: it is refused, not read as 0.19.0.
 */
static int
version_text_ok(const char *s)
{
	int parts = 0;

	if (*s == 'v' || *s == 'V')
		s++;
	for (;;) {
		if (!isdigit((unsigned char)*s))
			return 0;
		while (isdigit((unsigned char)*s))
			s++;
		parts++;
		if (*s != '.' || !isdigit((unsigned char)s[1]))
			break;
		s++;
	}
	if (parts < 2 || parts > 4)
		return 0;
	if (*s == '.')
		s++; /* .post1, .dev0, .rc1 */
	return *s == '\0' ? s[-1] != '.'
	    : *s == '+'   ? s[1] != '\0'
	    : isalpha((unsigned char)*s) && isalpha((unsigned char)s[1])
	    ? strncmp(s, "post", 4) == 0 || strncmp(s, "dev", 3) == 0 ||
		strncmp(s, "rc", 2) == 0
	    : (*s == 'a' || *s == 'b') && isdigit((unsigned char)s[1]);
}

int
vllm_version_parse_known(const char *s, int *out, char *err,
    unsigned long errlen)
{
	char r[40];
	int v;

	if (!version_text_ok(s) || vllm_version_parse(s, &v) != 0 ||
	    v < VLLM_VER_OLDEST || v > VLLM_VER_NEWEST) {
		snprintf(err, errlen,
		    "'%s' is not a release headroom models (%s)", s,
		    vllm_version_range(r, sizeof r));
		return -1;
	}
	*out = v;
	return 0;
}

/* The defaults a startup begins from: the memory share, the scheduler's
 * limits by card, the context length. */
static void
vllm_traits_set_defaults(int v, struct vllm_traits *t)
{
	/* #38284 (2026-04-21): util 0.9 -> 0.92 and CUDA-graph profiling on.
	 * Its log line says "default since v0.21.0", but 0.20.0 startups
	 * (2026-05-01) already print it: 0.20.0 carried the change. */
	t->default_util = v >= VLLM_VER(0, 20, 0) ? 0.92 : 0.9;
	t->cg_in_budget = v >= VLLM_VER(0, 20, 0);
	t->auto_max_model_len =
	    v >= VLLM_VER(0, 14, 0); /* #29431, 2025-12-24 */
	/* the same figures in every release headroom models, 0.10.0 to the
	 * newest: 70 GiB and not "a100" -> 1024 / 8192, else 256 / 2048 (#17885
	 * added the A100 exception); no branch for B200 or other Blackwell
	 * cards in vLLM's source (doc/vllm-versions.md) */
	t->big_card_gib = 70;
	t->small_card = "a100";
	t->seqs_big = 1024;
	t->seqs_small = 256;
	t->batched_big = 8192;
	t->batched_small = 2048;
	t->max_capture_cap = 512;
	/* Prefix caching by default for attention-free Mamba models, which
	 * ModelConfig.is_hybrid does not count as hybrids; hybrids keep it off
	 * unless asked for (EngineArgs._set_default_args, vllm/engine/
	 * arg_utils.py: "Disable prefix caching default for hybrid models since
	 * the feature is still experimental": every hybrid startup of the
	 * calibration set with it on passed --enable-prefix-caching, and the
	 * 0.20.1 Nemotron-Cascade-2 startup without it prints
	 * enable_prefix_caching=False and a 4176-token block, mode none).  No
	 * attention-free startup has been checked; 0.20.0 is kept as the first
	 * release, as before. */
	t->mamba_prefix_caching = v >= VLLM_VER(0, 20, 0);
	/* TopKTopPSampler (vllm/v1/sample/ops/topk_topp_sampler.py): in 0.10.x
	 * an unset VLLM_USE_FLASHINFER_SAMPLER means FlashInfer's kernel
	 * when it imports; #26859 (merged 2025-10-15) made it opt-in: 0.11.0
	 * is taken as native (its wheel did not install FlashInfer, #26443;
	 * the 0.11 coefficients are a native fit); #40376 (merged 2026-04-20,
	 * the day before #38284 of 0.20.0) made it the default again, 0.20.0
	 * taken as its first release */
	t->flashinfer_sampler =
	    v < VLLM_VER(0, 11, 0) || v >= VLLM_VER(0, 20, 0);
	/* #21959 (merged 2025-07-30, after 0.10.0's tag) moved
	 * flashinfer-python to the vllm[flashinfer] extra; #26443 (2025-10-08)
	 * made it a CUDA dependency again, after 0.10.2.  So a pip install of
	 * 0.10.1 or 0.10.2 has no FlashInfer and sorts in PyTorch, where the
	 * vllm/vllm-openai image builds it in */
	t->flashinfer_sampler_extra =
	    v >= VLLM_VER(0, 10, 1) && v < VLLM_VER(0, 11, 0);
}

/* How the release words and rounds its startup lines. */
static void
vllm_traits_set_messages(int v, struct vllm_traits *t)
{
	t->requested_ceil = v >= VLLM_VER(0, 14, 0); /* #29493, 2026-01-07 */
	t->format_gib = v >= VLLM_VER(0, 14, 0); /* #31865, 2026-01-08 */
	/* #41069 (merged on main 2026-04-28, after the 0.20.0 branch; its
	 * title is the num_gpu_blocks_override check, but the copies of
	 * kv_cache_utils.py with its override code are the ones whose
	 * _report_kv_cache_config prints int(max_concurrency x max_model_len),
	 * doc/vllm-versions.md).  The builds of main numbered past 0.20.0
	 * carry it: 0.20.1rc1.dev91 (2026-05-01, Nemotron-Cascade-2,
	 * 1,206,303 = int(311 / 66 x 256,000) where the old num_blocks // 5
	 * groups x 4176 gives 258,912); 0.20.0 prints the old count, 0.21.0
	 * the new (issue #43308).  The 0.20.1 / 0.20.2 patch releases are not
	 * established and are taken with the builds of their number. */
	t->tokens_from_concurrency = v >= VLLM_VER(0, 20, 1);
	t->device_in_free_msg =
	    v >= VLLM_VER(0, 13, 0); /* #30868, 2025-12-17 */
	t->loading_msg_memory =
	    v >= VLLM_VER(0, 11, 1); /* #28178, 2025-11-09 */
	if (v >= VLLM_VER(0, 22, 0))
		t->kv_msg = KV_MSG_CURRENT; /* #42479, 2026-05-15 */
	else if (v >= VLLM_VER(0, 14, 0))
		t->kv_msg = KV_MSG_URL;
	else
		t->kv_msg = KV_MSG_OLD;
}

/* The model runner and its CUDA graphs: the modes, the sizes, the V2
 * runner's reach. */
static void
vllm_traits_set_graphs(int v, struct vllm_traits *t)
{
	t->v2_runner_qwen3 = v >= VLLM_VER(0, 22, 0); /* #39337, 2026-05-14 */
	t->v2_runner_dense = v >= VLLM_VER(0, 25, 0); /* vLLM issue #49224 */
	/* #44446 ("Migration to support quantized model by default [5/N]",
	 * merged 2026-06-18, before the 0.24.0 tag) drops the is_quantized
	 * test from _is_default_v2_model_runner_model() (vllm/config/vllm.py):
	 * a quantized checkpoint of any method then follows the dense rule */
	t->v2_runner_quant = v >= VLLM_VER(0, 24, 0);
	t->v2_runner_cg = v >= VLLM_VER(0, 28, 0); /* #53306, 2026-08-21 */
	t->cudagraph_mode = v >= VLLM_SINCE_CUDAGRAPH_MODE;
	t->opt_levels = v >= VLLM_SINCE_OPT_LEVELS;
	t->perf_mode = v >= VLLM_SINCE_PERF_MODE;
	/* GptOssForCausalLMConfig.verify_and_update_config
	 * (vllm/model_executor/models/config.py): max_cudagraph_capture_size =
	 * 1024 when neither cudagraph_capture_sizes nor
	 * max_cudagraph_capture_size is set, "Overriding max cuda graph capture
	 * size to 1024 for performance."  Evidence: the three 0.19.0 gpt-oss-20b
	 * startups print it and "PIECEWISE=83 (largest=1024), FULL=83".  Older
	 * releases carried other forms (a size list in 0.10.x, 992 in a
	 * 0.11.1rc2 build): 0.19.0 is the first release known to have this one. */
	t->gptoss_capture_1024 = v >= VLLM_VER(0, 19, 0);
	/* FlashInferMetadataBuilder.get_cudagraph_support
	 * (vllm/v1/attention/backends/flashinfer.py): UNIFORM_BATCH only when
	 * every attention layer can take TRT-LLM attention (SM100), else
	 * UNIFORM_SINGLE_TOKEN_DECODE, and with drafts vLLM then sets
	 * FULL_AND_PIECEWISE to PIECEWISE ("CUDAGraphMode.FULL_AND_PIECEWISE is
	 * not supported with spec-decode for attention backend
	 * FlashInferBackend ...; setting cudagraph_mode=PIECEWISE",
	 * vllm/config/compilation.py).  Evidence: MTP startups with an fp8 KV
	 * cache on an RTX 5090-class card (0.20.0, "PIECEWISE=5 (largest=16)")
	 * and on GB10 (0.22.1rc1, 0.23.1rc1 with the warning); 0.20.0 is the
	 * first release known, and vLLM PR #41127 (FlashInfer FULL graphs with
	 * drafts, open 2026-04-28) had not changed it by 0.25 (a GB10 log). */
	t->flashinfer_spec_piecewise = v >= VLLM_VER(0, 20, 0);
	/* VLLM_ATTENTION_BACKEND: read by get_env_variable_attn_backend()
	 * (vllm/attention/selector.py) until #26315 (merged 2025-12-05,
	 * after the 0.12.0 release) moved the backend into AttentionConfig
	 * and --attention-backend, reading the variable with a deprecation
	 * warning (printed by 0.14.1); #32812 (merged 2026-01-22, after
	 * 0.14.0) removed it, and 0.26.0 has no trace of the name (vLLM
	 * issue #50292) */
	t->env_attention_backend = v < VLLM_VER(0, 13, 0) ? 1
	    : v < VLLM_VER(0, 15, 0)                      ? 2
							  : 0;
}

/* The KV cache: its dtypes, block sizes and layouts by attention kind. */
static void
vllm_traits_set_kv(int v, struct vllm_traits *t)
{
	t->kv_nvfp4 = v >= VLLM_SINCE_KV_NVFP4;
	t->kv_bf16_mla = v >= VLLM_SINCE_KV_BF16_MLA;
	t->block_256 = v >= VLLM_SINCE_BLOCK_256;
	t->block_any = v >= VLLM_SINCE_BLOCK_ANY;
	t->block_default = 16;
	t->block_mla = 64;
	t->block_mla_sm100 = 128;
	/* #21761 (v0.10.1) turned the hybrid manager off for chunked local
	 * attention unless VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE;
	 * #29627 made that variable default to 1.  Evidence: the 0.19.0
	 * Llama-4-Scout startup (91,495 blocks = groups of 12 layers).  The
	 * release between is not established: 0.19.0 is the first known. */
	t->hma_chunked_local = v >= VLLM_VER(0, 19, 0);
	/* SlidingWindowSpec / ChunkedLocalAttentionSpec
	 * max_admission_blocks_per_request: min(window - 1 (chunk) +
	 * VllmConfig.max_in_flight_tokens, max_model_len), where
	 * max_in_flight_tokens = max_concurrent_batches x max_num_batched_tokens
	 * (vllm/config/vllm.py), since vLLM #47728 ("Free out-of-window blocks
	 * on the processed-token basis under async scheduling").  Evidence:
	 * vLLM issue #49878 (the Gemma 4 KV jump from 0.25.1 to 0.26) and the
	 * 0.26.0 Gemma 4 31B B300 startup (5,637 blocks a request: 5 sliding
	 * groups x 1,025 + 512); the 0.23.0 startup of the same model keeps
	 * the one-batch rule. */
	t->swa_in_flight = v >= VLLM_VER(0, 26, 0);
	/* DeepSeek-V3.2 / GLM-5 with fp8 KV on Blackwell: the FLASHINFER_MLA_SPARSE
	 * backend stores 576 fp8 bytes per token, not fp8_ds_mla's 656.
	 * Evidence: the 0.26.0 GLM-5.2 GB200 startup (47,700 B per token =
	 * 78 x 576 + 21 indexers x 132); first known release. */
	t->sparse_mla_flashinfer = v >= VLLM_VER(0, 26, 0);
	/* sparse_attn_indexer's dummy run reserves [40 x max_model_len, 132]
	 * bytes in the shared workspace (get_max_prefill_buffer_size,
	 * vllm/v1/attention/backends/mla/indexer.py; PR #27532 moved the
	 * indexer to the workspace manager, 2025-11).  Read for 0.22.0 (the
	 * DeepSeek-V4 code shares it) and checked against the 0.26.0 GLM-5.2
	 * GB200 startup; earlier releases were not read. */
	t->dsa_indexer_workspace = v >= VLLM_VER(0, 22, 0);
	/* The Attention layer sets kv_cache_dtype (and cache_config.
	 * cache_dtype) to "fp8" when the quantization config has a
	 * kv_cache_scheme ("llm-compressor mdls need to set cache_dtype to
	 * \"fp8\" manually"), then takes kv_cache_torch_dtype from it, which
	 * the layer's KV spec prices: vLLM #30141 (opened 2025-12-05, merged
	 * 2026-01-22, listed in the v0.15.0 release notes of 2026-01-29).
	 * Before it (vllm/attention/layer.py @004a5da and the 0.10-0.11 trees)
	 * kv_cache_dtype is cache_config.cache_dtype, "auto", the model dtype
	 * (kv_cache_dtype_str_to_dtype).  0.14.0 was tagged 2026-01-20, and
	 * 0.14.1 (2026-01-24) is a patch release of security and memory-leak
	 * fixes. */
	t->kv_ct_scheme_auto = v >= VLLM_VER(0, 15, 0);
}

void
vllm_traits_get(int v, struct vllm_traits *t)
{
	t->version = v;
	vllm_traits_set_defaults(v, t);
	vllm_traits_set_messages(v, t);
	vllm_traits_set_graphs(v, t);
	vllm_traits_set_kv(v, t);
}
