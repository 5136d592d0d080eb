/*
 * vllm_env.c - the table of vLLM's environment variables (vllm_env.h) and
 * the checks every plan runs over a command's VAR=value words.
 *
 * Each row's why names what vLLM does with the variable (vllm/envs.py and
 * the module that reads it) and, for ignored rows, why no value changes
 * what the startup puts on the GPU.  Refused rows stop the plan: headroom
 * does not print figures for a kernel, workspace or layout it did not
 * model.
 */
#include "vllm_env.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const struct vllm_env vllm_envs[] = {
	/* ---- modelled (src/core/plan.c) ---- */
	{ "VLLM_ALLOW_LONG_MAX_MODEL_LEN", VEK_TRUE, VEE_MODELLED, NULL,
	    "a --max-model-len above the model's derived maximum is taken "
	    "with vLLM's warning instead of its refusal "
	    "(_get_and_verify_max_len, vllm/config/model.py)",
	    0 },
	{ "VLLM_USE_FLASHINFER_SAMPLER", VEK_INT, VEE_MODELLED, NULL,
	    "the profile's top-k/top-p path, FlashInfer's kernel or "
	    "PyTorch-native (vllm/v1/sample/ops/topk_topp_sampler.py)",
	    0 },
	{ "VLLM_USE_V2_MODEL_RUNNER", VEK_INT, VEE_MODELLED, NULL,
	    "=0 keeps the V1 model runner where the release would take the "
	    "V2 one (CUDA graphs then as V1 counts them); =1 where the "
	    "release would not is refused (vllm/config/vllm.py)",
	    0 },
	{ "VLLM_ATTENTION_BACKEND", VEK_TEXT, VEE_MODELLED, NULL,
	    "names the attention backend as --attention-backend does, where "
	    "the release reads it: the selector up to 0.12.x "
	    "(vllm/attention/selector.py), AttentionConfig with vLLM's "
	    "deprecation warning in 0.13.x and 0.14.x (#26315); from 0.15.0 "
	    "vLLM no longer reads it (#32812) and the plan is refused",
	    0 },
	/* ---- refused unless neutral: memory headroom does not model ---- */
	{ "VLLM_USE_V1", VEK_INT, VEE_REFUSED, "1",
	    "=0 selects the V0 engine (0.10.x), whose profile headroom does "
	    "not model",
	    0 },
	{ "VLLM_ENABLE_V1_MULTIPROCESSING", VEK_INT, VEE_REFUSED, "1",
	    "=0 runs the engine core in the API process, whose CUDA context "
	    "and allocations then count in the profile's non-torch memory",
	    0 },
	{ "VLLM_USE_DEEP_GEMM", VEK_INT, VEE_REFUSED, NULL,
	    "switches FP8 block-scaled GEMMs and MoE to DeepGEMM, whose "
	    "weight layout (UE8M0 scales on Blackwell) and workspaces differ; "
	    "its default changed between releases",
	    VES_FP8 },
	{ "VLLM_USE_DEEP_GEMM_E8M0", VEK_INT, VEE_REFUSED, NULL,
	    "the scales DeepGEMM requantizes the weights to", VES_FP8 },
	{ "VLLM_MOE_USE_DEEP_GEMM", VEK_INT, VEE_REFUSED, NULL,
	    "DeepGEMM for the MoE layers only", VES_FP8 },
	{ "VLLM_USE_FLASHINFER_MOE_*", VEK_INT, VEE_REFUSED, NULL,
	    "FlashInfer's fused MoE (FP4, FP8, FP16, MXFP4 variants), which "
	    "shuffles the expert weights and has its own workspaces",
	    VES_MOE },
	{ "VLLM_FLASHINFER_MOE_BACKEND", VEK_TEXT, VEE_REFUSED, NULL,
	    "FlashInfer's MoE kernel family (throughput or latency), "
	    "different weight layouts and workspaces",
	    VES_MOE },
	{ "VLLM_MXFP4_USE_MARLIN", VEK_INT, VEE_REFUSED, NULL,
	    "MXFP4 experts run by Marlin, which repacks the weights",
	    VES_MXFP4 },
	{ "VLLM_MARLIN_*", VEK_TEXT, VEE_REFUSED, NULL,
	    "Marlin's kernel settings (atomic add, input dtype), its "
	    "workspace",
	    VES_QUANT },
	{ "VLLM_USE_TRTLLM_*", VEK_INT, VEE_REFUSED, NULL,
	    "TensorRT-LLM attention or MoE kernels on Blackwell, whose "
	    "workspaces and CUDA-graph support differ",
	    0 },
	{ "VLLM_NVFP4_GEMM_BACKEND", VEK_TEXT, VEE_REFUSED, NULL,
	    "the NVFP4 GEMM kernel and its weight layout", VES_NVFP4 },
	{ "VLLM_USE_NVFP4_CT_EMULATIONS", VEK_INT, VEE_REFUSED, NULL,
	    "NVFP4 emulated by dequantizing, transient 16-bit weights",
	    VES_NVFP4 },
	{ "VLLM_USE_TRITON_AWQ", VEK_INT, VEE_REFUSED, NULL,
	    "AWQ by Triton instead of Marlin, another weight layout", VES_AWQ },
	{ "VLLM_FLASH_ATTN_VERSION", VEK_INT, VEE_REFUSED, NULL,
	    "FlashAttention 2 or 3, different metadata and graph support", 0 },
	{ "VLLM_MLA_DISABLE", VEK_INT, VEE_REFUSED, "0",
	    "=1 serves an MLA model with full attention heads, another KV "
	    "layout",
	    VES_MLA },
	{ "VLLM_FUSED_MOE_CHUNK_SIZE", VEK_INT, VEE_REFUSED, NULL,
	    "the tokens a fused-MoE chunk holds, the activation peak of MoE "
	    "models",
	    VES_MOE },
	{ "VLLM_ENABLE_FUSED_MOE_ACTIVATION_CHUNKING", VEK_INT, VEE_REFUSED,
	    NULL, "whether fused MoE chunks its activations", VES_MOE },
	{ "VLLM_MOE_DP_CHUNK_SIZE", VEK_INT, VEE_REFUSED, NULL,
	    "the data-parallel MoE dispatch buffers", VES_MOE },
	{ "VLLM_MAX_TOKENS_PER_EXPERT_FP4_MOE", VEK_INT, VEE_REFUSED, NULL,
	    "the FP4 MoE's per-expert buffers", VES_MOE },
	{ "VLLM_ALL2ALL_BACKEND", VEK_TEXT, VEE_REFUSED, NULL,
	    "the expert-parallel all-to-all and its buffers; give it as "
	    "--all2all-backend",
	    VES_MOE },
	{ "VLLM_ALLREDUCE_USE_SYMM_MEM", VEK_INT, VEE_REFUSED, NULL,
	    "symmetric-memory all-reduce buffers on every rank", 0 },
	{ "VLLM_USE_NCCL_SYMM_MEM", VEK_INT, VEE_REFUSED, NULL,
	    "NCCL symmetric-memory buffers on every rank", 0 },
	{ "VLLM_PP_LAYER_PARTITION", VEK_TEXT, VEE_REFUSED, NULL,
	    "the layers of each pipeline stage, which headroom splits as "
	    "vLLM does by default",
	    0 },
	{ "VLLM_DP_SIZE", VEK_INT, VEE_REFUSED, "1",
	    "the data-parallel size; give it as --data-parallel-size", 0 },
	{ "VLLM_RAY_PER_WORKER_GPUS", VEK_TEXT, VEE_REFUSED, NULL,
	    "a fraction of a card per Ray worker, several workers on one "
	    "card",
	    0 },
	{ "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS", VEK_INT, VEE_REFUSED,
	    NULL,
	    "whether the CUDA-graph estimate is subtracted inside the budget, "
	    "which headroom takes from the release",
	    0 },
	{ "VLLM_USE_BREAKABLE_CUDAGRAPH", VEK_INT, VEE_REFUSED, NULL,
	    "breakable CUDA graphs, captured without torch.compile", 0 },
	{ "VLLM_DISABLED_KERNELS", VEK_TEXT, VEE_REFUSED, NULL,
	    "quantized-weight kernels left out, another kernel's layout",
	    VES_QUANT },
	{ "VLLM_USE_CUDNN_PREFILL", VEK_INT, VEE_REFUSED, NULL,
	    "cuDNN prefill attention and its workspace", 0 },
	{ "VLLM_COMPUTE_NANS_IN_LOGITS", VEK_INT, VEE_REFUSED, NULL,
	    "a NaN check over the logits, a buffer of the sampler", 0 },
	{ "VLLM_ROCM_*", VEK_TEXT, VEE_REFUSED, NULL,
	    "ROCm kernels; headroom plans CUDA cards", 0 },
	/* ---- ignored: no value changes the startup's memory ---- */
	{ "VLLM_FLOAT32_MATMUL_PRECISION", VEK_TEXT, VEE_IGNORED, NULL,
	    "torch.set_float32_matmul_precision (TF32 or not): the same "
	    "tensors",
	    0 },
	{ "VLLM_SLEEP_WHEN_IDLE", VEK_INT, VEE_IGNORED, NULL,
	    "the idle engine core sleeps instead of polling: CPU only", 0 },
	{ "VLLM_KV_CACHE_LAYOUT", VEK_TEXT, VEE_IGNORED, NULL,
	    "the order of the KV cache's dimensions (NHD or HND): the same "
	    "bytes per block",
	    0 },
	{ "VLLM_WORKER_MULTIPROC_METHOD", VEK_TEXT, VEE_IGNORED, NULL,
	    "fork or spawn for the workers", 0 },
	{ "VLLM_LOGGING_LEVEL", VEK_TEXT, VEE_IGNORED, NULL,
	    "the log level (DEBUG prints the memory split)", 0 },
	{ "VLLM_CONFIGURE_LOGGING", VEK_INT, VEE_IGNORED, NULL, "logging", 0 },
	{ "VLLM_LOGGING_PREFIX", VEK_TEXT, VEE_IGNORED, NULL, "logging", 0 },
	{ "VLLM_LOGGING_CONFIG_PATH", VEK_TEXT, VEE_IGNORED, NULL, "logging",
	    0 },
	{ "VLLM_HOST_IP", VEK_TEXT, VEE_IGNORED, NULL, "networking", 0 },
	{ "VLLM_PORT", VEK_INT, VEE_IGNORED, NULL, "the first internal port",
	    0 },
	{ "VLLM_LOOPBACK_IP", VEK_TEXT, VEE_IGNORED, NULL, "networking", 0 },
	{ "VLLM_API_KEY", VEK_TEXT, VEE_IGNORED, NULL, "the API server's key",
	    0 },
	{ "VLLM_RPC_TIMEOUT", VEK_INT, VEE_IGNORED, NULL, "a timeout", 0 },
	{ "VLLM_ENGINE_ITERATION_TIMEOUT_S", VEK_INT, VEE_IGNORED, NULL,
	    "a timeout", 0 },
	{ "VLLM_EXECUTE_MODEL_TIMEOUT_SECONDS", VEK_INT, VEE_IGNORED, NULL,
	    "a timeout", 0 },
	{ "VLLM_HTTP_TIMEOUT_KEEP_ALIVE", VEK_INT, VEE_IGNORED, NULL,
	    "a timeout", 0 },
	{ "VLLM_IMAGE_FETCH_TIMEOUT", VEK_INT, VEE_IGNORED, NULL, "a timeout",
	    0 },
	{ "VLLM_VIDEO_FETCH_TIMEOUT", VEK_INT, VEE_IGNORED, NULL, "a timeout",
	    0 },
	{ "VLLM_AUDIO_FETCH_TIMEOUT", VEK_INT, VEE_IGNORED, NULL, "a timeout",
	    0 },
	{ "VLLM_CACHE_ROOT", VEK_TEXT, VEE_IGNORED, NULL,
	    "where caches go on disk", 0 },
	{ "VLLM_CONFIG_ROOT", VEK_TEXT, VEE_IGNORED, NULL,
	    "where configuration files are read", 0 },
	{ "VLLM_ASSETS_CACHE", VEK_TEXT, VEE_IGNORED, NULL, "a folder on disk",
	    0 },
	{ "VLLM_XLA_CACHE_PATH", VEK_TEXT, VEE_IGNORED, NULL,
	    "TPU compile cache on disk", 0 },
	{ "VLLM_DISABLE_COMPILE_CACHE", VEK_INT, VEE_IGNORED, NULL,
	    "torch.compile's cache on disk", 0 },
	{ "VLLM_USE_STANDALONE_COMPILE", VEK_TEXT, VEE_IGNORED, NULL,
	    "how Inductor compiles: the same graphs", 0 },
	{ "VLLM_USE_MODELSCOPE", VEK_TEXT, VEE_IGNORED, NULL,
	    "downloads from ModelScope: the same checkpoint", 0 },
	{ "VLLM_NO_USAGE_STATS", VEK_TEXT, VEE_IGNORED, NULL,
	    "usage statistics", 0 },
	{ "VLLM_DO_NOT_TRACK", VEK_TEXT, VEE_IGNORED, NULL, "usage statistics",
	    0 },
	{ "VLLM_USAGE_SOURCE", VEK_TEXT, VEE_IGNORED, NULL, "usage statistics",
	    0 },
	{ "VLLM_SERVER_DEV_MODE", VEK_TEXT, VEE_IGNORED, NULL,
	    "development endpoints of the API server", 0 },
	{ "VLLM_ALLOW_RUNTIME_LORA_UPDATING", VEK_TEXT, VEE_IGNORED, NULL,
	    "adapters loaded after startup, into the slots --max-loras "
	    "sizes",
	    0 },
	{ "VLLM_KEEP_ALIVE_ON_ENGINE_DEATH", VEK_TEXT, VEE_IGNORED, NULL,
	    "the API server after an engine failure", 0 },
	{ "VLLM_ALLOW_INSECURE_SERIALIZATION", VEK_TEXT, VEE_IGNORED, NULL,
	    "message serialization", 0 },
	{ "VLLM_DEBUG_LOG_API_SERVER_RESPONSE", VEK_TEXT, VEE_IGNORED, NULL,
	    "logging", 0 },
	{ "VLLM_TOOL_PARSE_REGEX_TIMEOUT_SECONDS", VEK_INT, VEE_IGNORED, NULL,
	    "a timeout", 0 },
	{ "VLLM_MM_INPUT_CACHE_GIB", VEK_INT, VEE_IGNORED, NULL,
	    "the multimodal processor's cache, in CPU memory", 0 },
	{ "VLLM_XGRAMMAR_CACHE_MB", VEK_INT, VEE_IGNORED, NULL,
	    "structured output's grammar cache, in CPU memory", 0 },
	{ "VLLM_MQ_MAX_CHUNK_BYTES_MB", VEK_INT, VEE_IGNORED, NULL,
	    "the shared-memory message queue, in CPU memory", 0 },
	{ "VLLM_CPU_*", VEK_TEXT, VEE_IGNORED, NULL,
	    "the CPU backend's settings; a CUDA plan does not read them", 0 },
	{ "VLLM_TPU_*", VEK_TEXT, VEE_IGNORED, NULL,
	    "the TPU backend's settings; a CUDA plan does not read them", 0 },
	{ "VLLM_NIXL_*", VEK_TEXT, VEE_IGNORED, NULL,
	    "NIXL's side channel (networking); a KV transfer itself is "
	    "--kv-transfer-config",
	    0 },
	{ "VLLM_DP_RANK", VEK_INT, VEE_IGNORED, NULL,
	    "which data-parallel rank this process is: each rank plans "
	    "alike",
	    0 },
	{ "VLLM_DP_RANK_LOCAL", VEK_INT, VEE_IGNORED, NULL,
	    "which data-parallel rank this process is", 0 },
	{ "VLLM_DP_MASTER_IP", VEK_TEXT, VEE_IGNORED, NULL, "networking", 0 },
	{ "VLLM_DP_MASTER_PORT", VEK_INT, VEE_IGNORED, NULL, "networking", 0 },
	{ "VLLM_RAY_BUNDLE_INDICES", VEK_TEXT, VEE_IGNORED, NULL,
	    "which Ray bundles the workers take", 0 },
	{ "VLLM_NCCL_SO_PATH", VEK_TEXT, VEE_IGNORED, NULL,
	    "which NCCL library is loaded", 0 },
	{ "VLLM_CUDART_SO_PATH", VEK_TEXT, VEE_IGNORED, NULL,
	    "which CUDA runtime library is loaded", 0 },
	{ "VLLM_TARGET_DEVICE", VEK_TEXT, VEE_IGNORED, NULL,
	    "read when vLLM is built", 0 },
	{ "VLLM_USE_PRECOMPILED", VEK_TEXT, VEE_IGNORED, NULL,
	    "read when vLLM is built", 0 },
	{ "VLLM_TORCH_PROFILER_DIR", VEK_TEXT, VEE_IGNORED, NULL,
	    "the profiler runs only when a request starts it", 0 },
	/* PyTorch's caching allocator: expandable segments map the same
	 * allocations into one growing segment; vLLM's profile reads torch's
	 * allocated peak and the memory outside torch's reservations, and the
	 * startups of tests/calibration/newer-logs.json run with
	 * expandable_segments:True (the wsl-v0200-* and dgxspark-* cases) */
	{ "PYTORCH_CUDA_ALLOC_CONF", VEK_ALLOC_CONF, VEE_REFUSED,
	    "expandable_segments",
	    "PyTorch's caching allocator settings; expandable_segments "
	    "changes no figure vLLM prints (startups ran with it), other "
	    "keys are not modelled",
	    0 },
};
const size_t vllm_n_envs = sizeof vllm_envs / sizeof vllm_envs[0];

/* The length of the name of word (up to '=' or its end). */
static size_t
name_len(const char *word)
{
	const char *eq = strchr(word, '=');

	return eq ? (size_t)(eq - word) : strlen(word);
}

const struct vllm_env *
vllm_env_find(const char *word)
{
	const struct vllm_env *best = NULL;
	size_t n = name_len(word), i, bestlen = 0;

	for (i = 0; i < vllm_n_envs; i++) {
		const char *r = vllm_envs[i].name;
		size_t l = strlen(r);

		if (l > 0 && r[l - 1] == '*') {
			if (n >= l - 1 && strncmp(word, r, l - 1) == 0 &&
			    l - 1 > bestlen) {
				best = &vllm_envs[i];
				bestlen = l - 1;
			}
		} else if (l == n && strncmp(word, r, n) == 0) {
			return &vllm_envs[i];
		}
	}
	return best;
}

const char *
vllm_env_get(char *const *env, size_t n, const char *name)
{
	const char *v = NULL;
	size_t l = strlen(name), i;

	for (i = 0; i < n; i++)
		if (env[i] != NULL && strncmp(env[i], name, l) == 0 &&
		    env[i][l] == '=')
			v = env[i] + l + 1;
	return v;
}

/* Python's str.strip() whitespace, the ASCII part. */
static bool
py_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	    c == '\f';
}

int
vllm_env_int(const char *value, long *out)
{
	const char *s = value, *e;
	char digits[32];
	size_t k = 0;
	bool sign = false;

	while (py_space(*s))
		s++;
	e = s + strlen(s);
	while (e > s && py_space(e[-1]))
		e--;
	if (s < e && (*s == '+' || *s == '-'))
		digits[k++] = *s++, sign = true;
	/* digits, single underscores between them (int("1_0") is 10) */
	if (s == e || !isdigit((unsigned char)*s))
		return -1;
	for (; s < e; s++) {
		if (*s == '_' && s + 1 < e && isdigit((unsigned char)s[1]) &&
		    isdigit((unsigned char)s[-1]))
			continue;
		if (!isdigit((unsigned char)*s) || k + 1 >= sizeof digits)
			return -1;
		digits[k++] = *s;
	}
	digits[k] = '\0';
	(void)sign;
	errno = 0;
	*out = strtol(digits, NULL, 10);
	return errno == 0 ? 0 : -1;
}

bool
vllm_env_true(const char *value)
{
	const char *s = value, *e;
	size_t n;

	while (py_space(*s))
		s++;
	e = s + strlen(s);
	while (e > s && py_space(e[-1]))
		e--;
	n = (size_t)(e - s);
	return (n == 1 && *s == '1') ||
	    (n == 4 && strncasecmp(s, "true", 4) == 0);
}

/*
 * PYTORCH_CUDA_ALLOC_CONF: true when every key:value item is
 * expandable_segments:True or :False (the only key that changes nothing
 * vLLM prints); *bad names the first other item.
 */
static bool
alloc_conf_neutral(const char *v, const char **bad, size_t *badlen)
{
	static const char key[] = "expandable_segments:";

	while (*v != '\0') {
		size_t l = strcspn(v, ",");

		if (!((l == sizeof key - 1 + 4 &&
			  strncmp(v, key, sizeof key - 1) == 0 &&
			  strncmp(v + sizeof key - 1, "True", 4) == 0) ||
			(l == sizeof key - 1 + 5 &&
			    strncmp(v, key, sizeof key - 1) == 0 &&
			    strncmp(v + sizeof key - 1, "False", 5) == 0)) &&
		    l > 0) {
			*bad = v;
			*badlen = l;
			return false;
		}
		v += l;
		if (*v == ',')
			v++;
	}
	return true;
}

/* True when value of row r is its neutral value, as vLLM reads it. */
static bool
is_keep(const struct vllm_env *r, const char *value)
{
	long a, b;

	if (r->keep == NULL)
		return false;
	if (r->kind == VEK_INT)
		return vllm_env_int(value, &a) == 0 &&
		    vllm_env_int(r->keep, &b) == 0 && a == b;
	if (r->kind == VEK_TRUE)
		return vllm_env_true(value) == vllm_env_true(r->keep);
	return strcmp(value, r->keep) == 0;
}

/* One assignment on a plan of scope bits: 0 accepted, -1 refused (err
 * written). */
static int
check_one(const char *word, unsigned scope, char *err, size_t errlen)
{
	const struct vllm_env *r = vllm_env_find(word);
	const char *eq = strchr(word, '='), *v = eq ? eq + 1 : "", *bad;
	int nl = (int)name_len(word);
	size_t badlen;
	long n;

	if (r == NULL)
		return 0;
	if (r->kind == VEK_INT && vllm_env_int(v, &n) != 0) {
		snprintf(err, errlen,
		    "%.*s=%s: vLLM reads it as an integer (vllm/envs.py) and "
		    "stops on any other value.",
		    nl, word, v);
		return -1;
	}
	if (r->effect != VEE_REFUSED || (r->scope != 0 && !(r->scope & scope)))
		return 0;
	if (r->kind == VEK_ALLOC_CONF) {
		if (alloc_conf_neutral(v, &bad, &badlen))
			return 0;
		snprintf(err, errlen,
		    "%.*s=%s: %.*s is not modelled (%s); plan without it.", nl,
		    word, v, (int)badlen, bad, r->why);
		return -1;
	}
	if (is_keep(r, v))
		return 0;
	snprintf(err, errlen,
	    "%.*s=%s: %s (vllm/envs.py); headroom does not model what it "
	    "changes on the GPU: plan without the variable%s%s.",
	    nl, word, v, r->why, r->keep ? " or with " : "",
	    r->keep ? r->keep : "");
	return -1;
}

int
vllm_env_check(char *const *env, size_t n, unsigned scope, char *err,
    size_t errlen, char *note, size_t notelen)
{
	size_t i, used = 0;
	int unknown = 0;

	if (notelen > 0)
		note[0] = '\0';
	for (i = 0; i < n; i++) {
		const char *w = env[i];
		size_t j, l;
		int dup = 0;

		if (w == NULL)
			continue;
		if (check_one(w, scope, err, errlen) != 0)
			return -1;
		if (strncmp(w, "VLLM_", 5) != 0 || vllm_env_find(w) != NULL)
			continue;
		l = name_len(w);
		for (j = 0; j < i; j++)
			dup |= env[j] != NULL && name_len(env[j]) == l &&
			    strncmp(env[j], w, l) == 0;
		if (dup)
			continue;
		unknown++;
		/* the name's letters, digits and underscores only: a note
		 * is written into every output as text */
		for (j = 0; j < l && used + 3 < notelen; j++) {
			char c = w[j];

			note[used++] =
			    isalnum((unsigned char)c) || c == '_' ? c : '?';
		}
		if (used + 3 < notelen) {
			note[used++] = ',';
			note[used++] = ' ';
		}
		note[used] = '\0';
	}
	if (unknown > 0 && used >= 2) {
		used -= 2;
		snprintf(note + used, notelen - used,
		    ": not in headroom's table of vllm/envs.py, kept as "
		    "given; if %s memory, the figures do not show it.",
		    unknown > 1 ? "they change" : "it changes");
	}
	return unknown;
}
