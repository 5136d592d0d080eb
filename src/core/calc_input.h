/*
 * calc_input.h - the input groups of the incremental core: which fields of
 * struct plan_input an edit touches.  Apart from calc.h so that the flag
 * table (vllm_flags.h) can name a flag's group without depending on calc.
 */
#ifndef HEADROOM_CALC_INPUT_H
#define HEADROOM_CALC_INPUT_H

/* Input groups: the fields of struct plan_input, plus the command style. */
enum calc_input {
	CALC_IN_CARD,		/* gpu, mig, gpu_total_gib, gpus */
	CALC_IN_MODEL,		/* model, ckpt, format, weight_bytes, quantization_fp8,
				   dtype_override, limit_mm_* and mm_* */
	CALC_IN_PARALLEL,	/* tp, pp, dp */
	CALC_IN_BUDGET,		/* util, kv_cache_memory_bytes, other_usage_gib */
	CALC_IN_KV,		/* kv_dtype, block_size, max_model_len */
	CALC_IN_SCHED,		/* max_num_seqs, max_num_batched_tokens */
	CALC_IN_GRAPHS,		/* enforce_eager, capture sizes, max_capture_size */
	CALC_IN_VERSION,	/* version, overhead mode */
	CALC_IN_EXTRAS,		/* lora, spec, cpu_offload_gib, kv_offloading_* */
	CALC_IN_SLIDER,		/* tokens_per_request */
	CALC_IN_STYLE,		/* the command line lists every flag or only changed ones */
	CALC_IN_COUNT
};

#endif
