/*
 * vllmlog.h - the figures of a vLLM startup log.
 *
 * Reads the lines vLLM prints while it starts, in the wordings of the V1
 * engine (0.10 and later) and of the older V0 worker:
 *   "version 0.19.0" (the banner), "LLM engine (v0.10.1.1)"
 *   "non-default args: {...}" (a Python dict)
 *   "Model loading took X GiB" / "Loading model weights took X GB"
 *   "worker init memory snapshot: ... total_memory=X GiB ..."
 *   "Memory profiling takes ... Total non KV cache memory: ...; torch peak
 *    memory increase: ...; non-torch forward increase memory: ...;
 *    weights memory: ..." (DEBUG)
 *   "Estimated CUDA graph memory: X GiB total"
 *   "Available KV cache memory: X GiB"
 *   "GPU KV cache size: N tokens", "# GPU blocks: N" (V0)
 *   "Maximum concurrency for L tokens per request: Xx"
 *   "Graph capturing finished in N secs, took X GiB"
 *   "the current vLLM instance can use total_gpu_memory (X) x
 *    gpu_memory_utilization (Y) = Z" and "model weights take ...;
 *    non_torch_memory takes ...; PyTorch activation peak memory takes ...;
 *    the rest of the memory reserved for KV Cache is ..." (V0)
 * Lines may carry any prefix (process, level, time, colour codes).  With
 * several ranks the first rank's figure is kept, except the activation
 * and non-torch increases, where the largest (the binding rank) is kept.
 */
#ifndef HEADROOM_VLLMLOG_H
#define HEADROOM_VLLMLOG_H

#include <stddef.h>
#include <stdint.h>

enum {
	VLOG_VERSION = 1 << 0,
	VLOG_ARGS = 1 << 1,
	VLOG_WEIGHTS = 1 << 2,
	VLOG_TOTAL = 1 << 3,
	VLOG_PROFILE = 1 << 4, /* the DEBUG profiling line (V1) */
	VLOG_CG_EST = 1 << 5,
	VLOG_KV = 1 << 6,
	VLOG_TOKENS = 1 << 7,
	VLOG_CONC = 1 << 8,
	VLOG_CG_TOOK = 1 << 9,
	VLOG_V0_BUDGET = 1 << 10,
	VLOG_V0_PROFILE = 1 << 11,
	VLOG_BLOCKS = 1 << 12,
	VLOG_ERROR = 1 << 13,
};

struct vllm_log {
	unsigned have; /* VLOG_* lines found */
	int version; /* VLLM_VER() of the banner */
	char *args; /* the non-default args, as printed (malloc'd) */
	double weights; /* GiB: Model loading took */
	double total, free_mem; /* GiB: worker init snapshot */
	double non_kv, torch_peak, non_torch, prof_weights; /* GiB: profiling */
	double cg_estimate, cg_took; /* GiB */
	double available_kv; /* GiB */
	int64_t kv_tokens, gpu_blocks;
	int64_t conc_len;
	double conc_x;
	double v0_total, v0_util, v0_budget; /* V0 budget line */
	int ranks; /* "Model loading took" lines */
	int lines;
	char error[320]; /* the first ERROR line, without its prefix */
};

/*
 * Reads a log (len bytes of text).  Returns 0, or -1 with a message when
 * no line of a vLLM startup was found at all.
 */
int vllmlog_parse(const char *text, size_t len, struct vllm_log *, char *err,
    size_t errlen);
void vllmlog_done(struct vllm_log *);

/*
 * What a log lacks to calibrate from, as a sentence ("the log ends before
 * vLLM sized the KV cache: no 'Available KV cache memory' line"), or ""
 * when the measured terms are all there.  Writes into buf.
 */
const char *vllmlog_missing(const struct vllm_log *, char *buf, size_t len);

#endif
