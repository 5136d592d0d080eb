/*
 * recalc_input.h - the input groups of the incremental core: which fields of
 * struct plan_input an edit touches.  Apart from recalc.h so that the flag
 * table (vllm_flags.h) can name a flag's group without depending on calc.
 */
#ifndef HEADROOM_RECALC_INPUT_H
#define HEADROOM_RECALC_INPUT_H

/* Input groups: the fields of struct plan_input, plus the command style. */
enum recalc_input {
	RECALC_IN_CARD, /* gpu, mig, gpu_total_gib, gpus */
	RECALC_IN_MODEL, /* model, ckpt, format, weight_bytes, quantization_fp8,
				   dtype_override, limit_mm_* and mm_* */
	RECALC_IN_PARALLEL, /* tp, pp, dp */
	RECALC_IN_BUDGET, /* util, kv_cache_memory_bytes, other_usage_gib */
	RECALC_IN_KV, /* kv_dtype, block_size, max_model_len */
	RECALC_IN_SCHED, /* max_num_seqs, max_num_batched_tokens */
	RECALC_IN_GRAPHS, /* enforce_eager, capture sizes, max_capture_size */
	RECALC_IN_VERSION, /* version, overhead mode */
	RECALC_IN_EXTRAS, /* lora, spec, cpu_offload_gib, kv_offloading_* */
	RECALC_IN_SLIDER, /* tokens_per_request */
	RECALC_IN_STYLE, /* the command line lists every flag or only changed ones */
	RECALC_IN_COUNT
};

#endif
