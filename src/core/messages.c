/*
 * messages.c - vLLM's messages, word for word, per wording period
 * (reference §2.1, §2.2, §2.4, §5.2; vLLM config validation).
 */
#include "messages.h"

#include <stdio.h>

#include "units.h"

#define CONSERVING_URL                                                         \
	"https://docs.vllm.ai/en/latest/configuration/conserving_memory/"

char *
msg_free_memory(const struct vllm_traits *t, int64_t free_b, int64_t total_b,
    double util, int64_t requested_b, char *buf, size_t len)
{
	char f[32], tot[32], u[32], r[32];

	units_format_gib(free_b, f, sizeof f);
	units_format_gib(total_b, tot, sizeof tot);
	units_format_pyfloat(util, u, sizeof u);
	units_format_gib(requested_b, r, sizeof r);
	snprintf(buf, len,
	    "Free memory on device%s (%s/%s GiB) on startup is "
	    "less than desired GPU memory utilization (%s, %s GiB). Decrease "
	    "GPU "
	    "memory utilization or reduce GPU memory used by other processes.",
	    t->device_in_free_msg ? " cuda:0" : "", f, tot, u, r);
	return buf;
}

char *
msg_no_kv_memory(const struct vllm_traits *t, char *buf, size_t len)
{
	switch (t->kv_msg) {
	case KV_MSG_CURRENT:
		snprintf(buf, len,
		    "No available memory for the cache blocks. Try "
		    "increasing `gpu_memory_utilization` when initializing the "
		    "engine (this flag also controls CPU memory reservation on "
		    "the "
		    "CPU backend, despite its name). See %s for more details.",
		    CONSERVING_URL);
		break;
	case KV_MSG_URL:
		snprintf(buf, len,
		    "No available memory for the cache blocks. Try "
		    "increasing `gpu_memory_utilization` when initializing the "
		    "engine. See %s for more details.",
		    CONSERVING_URL);
		break;
	case KV_MSG_OLD:
		snprintf(buf, len,
		    "No available memory for the cache blocks. Try "
		    "increasing `gpu_memory_utilization` when initializing the "
		    "engine.");
		break;
	}
	return buf;
}

char *
msg_kv_too_small(const struct vllm_traits *t, int64_t L, int64_t needed_b,
    int64_t avail_b, int64_t est, char *buf, size_t len)
{
	char need[32], av[32], e[128] = "";

	if (t->kv_msg == KV_MSG_OLD) {
		units_snprintf(need, sizeof need, "%.2f", units_gib(needed_b));
		units_snprintf(av, sizeof av, "%.2f", units_gib(avail_b));
		if (est > 0)
			snprintf(e, sizeof e,
			    "Based on the available memory, the "
			    "estimated maximum model length is %lld.",
			    (long long)est);
		snprintf(buf, len,
		    "To serve at least one request with the models's "
		    "max seq len (%lld), (%s GiB KV cache is needed, which is "
		    "larger "
		    "than the available KV cache memory (%s GiB). %s Try "
		    "increasing "
		    "`gpu_memory_utilization` or decreasing `max_model_len` "
		    "when "
		    "initializing the engine.",
		    (long long)L, need, av, e);
		return buf;
	}
	units_format_gib(needed_b, need, sizeof need);
	units_format_gib(avail_b, av, sizeof av);
	if (est > 0)
		snprintf(e, sizeof e,
		    "Based on the available memory, the estimated "
		    "maximum model length is %lld. ",
		    (long long)est);
	if (t->kv_msg == KV_MSG_CURRENT)
		snprintf(buf, len,
		    "To serve at least one request with the model's "
		    "max seq len (%lld), (%s GiB KV cache is needed, which is "
		    "larger "
		    "than the available KV cache memory (%s GiB). %sTry "
		    "increasing "
		    "`gpu_memory_utilization` (which also controls CPU memory "
		    "on the "
		    "CPU backend) or decreasing `max_model_len` when "
		    "initializing the "
		    "engine. See %s for more details.",
		    (long long)L, need, av, e, CONSERVING_URL);
	else
		snprintf(buf, len,
		    "To serve at least one request with the models's "
		    "max seq len (%lld), (%s GiB KV cache is needed, which is "
		    "larger "
		    "than the available KV cache memory (%s GiB). %sTry "
		    "increasing "
		    "`gpu_memory_utilization` or decreasing `max_model_len` "
		    "when "
		    "initializing the engine. See %s for more details.",
		    (long long)L, need, av, e, CONSERVING_URL);
	return buf;
}

char *
msg_autofit_failed(char *buf, size_t len)
{
	snprintf(buf, len,
	    "Cannot auto-fit max_model_len: not enough GPU memory "
	    "available to serve even a single token. Try increasing "
	    "`gpu_memory_utilization`.");
	return buf;
}

char *
msg_weights_oom(const struct vllm_traits *t, int64_t w, int64_t f, char *buf,
    size_t len)
{
	char wb[32], fb[32];

	(void)t;
	units_format_gib(w, wb, sizeof wb);
	units_format_gib(f, fb, sizeof fb);
	snprintf(buf, len,
	    "Failed to load model - not enough GPU memory. Try "
	    "lowering --gpu-memory-utilization to free memory for weights, "
	    "increasing --tensor-parallel-size, or using --quantization. See "
	    "%s "
	    "for more tips. (original error: CUDA out of memory: the weights "
	    "need "
	    "%s GiB per GPU, %s GiB is free)",
	    CONSERVING_URL, wb, fb);
	return buf;
}

char *
msg_sampler_oom(int num_reqs, char *buf, size_t len)
{
	snprintf(buf, len,
	    "CUDA out of memory occurred when warming up sampler "
	    "with %d dummy requests. Please try lowering `max_num_seqs` or "
	    "`gpu_memory_utilization` when initializing the engine.",
	    num_reqs);
	return buf;
}

char *
msg_graph_oom(int64_t need, int64_t f, char *buf, size_t len)
{
	char nb[32], fb[32];

	units_format_gib(need, nb, sizeof nb);
	units_format_gib(f, fb, sizeof fb);
	snprintf(buf, len,
	    "torch.OutOfMemoryError: CUDA out of memory during "
	    "CUDA graph capture (capture_model): about %s GiB of graphs, %s "
	    "GiB "
	    "left outside the KV cache.",
	    nb, fb);
	return buf;
}

char *
msg_max_len_too_long(int64_t user, const char *key, int64_t derived, char *buf,
    size_t len)
{
	snprintf(buf, len,
	    "User-specified max_model_len (%lld) is greater than "
	    "the derived max_model_len (%s=%lld or model_max_length=None in "
	    "model's config.json). To allow overriding this maximum, set the "
	    "env "
	    "var VLLM_ALLOW_LONG_MAX_MODEL_LEN=1. "
	    "VLLM_ALLOW_LONG_MAX_MODEL_LEN "
	    "must be used with extreme caution. If the model uses relative "
	    "position encoding (RoPE), positions exceeding "
	    "derived_max_model_len "
	    "lead to nan. If the model uses absolute position encoding, "
	    "positions "
	    "exceeding derived_max_model_len will cause a CUDA array "
	    "out-of-bounds error.",
	    (long long)user, key, (long long)derived);
	return buf;
}

/* The warning vLLM logs instead (logger.warning_once("%s %s", msg,
 * warning) in _get_and_verify_max_len, vllm/config/model.py). */
char *
msg_max_len_allowed(int64_t user, const char *key, int64_t derived, char *buf,
    size_t len)
{
	snprintf(buf, len,
	    "User-specified max_model_len (%lld) is greater than "
	    "the derived max_model_len (%s=%lld or model_max_length=None in "
	    "model's config.json). VLLM_ALLOW_LONG_MAX_MODEL_LEN must be used "
	    "with extreme caution. If the model uses relative position "
	    "encoding (RoPE), positions exceeding derived_max_model_len lead "
	    "to nan. If the model uses absolute position encoding, positions "
	    "exceeding derived_max_model_len will cause a CUDA array "
	    "out-of-bounds error.",
	    (long long)user, key, (long long)derived);
	return buf;
}

char *
msg_heads_not_divisible(int heads, int tp, char *buf, size_t len)
{
	snprintf(buf, len,
	    "Total number of attention heads (%d) must be "
	    "divisible by tensor parallel size (%d).",
	    heads, tp);
	return buf;
}

char *
msg_util_range(double util, char *buf, size_t len)
{
	char u[32];

	units_format_pyfloat(util, u, sizeof u);
	if (util > 1)
		snprintf(buf, len,
		    "1 validation error for CacheConfig\n"
		    "gpu_memory_utilization\n  Input should be less than or "
		    "equal "
		    "to 1 [type=less_than_equal, input_value=%s, "
		    "input_type=float]",
		    u);
	else
		snprintf(buf, len,
		    "1 validation error for CacheConfig\n"
		    "gpu_memory_utilization\n  Input should be greater than 0 "
		    "[type=greater_than, input_value=%s, input_type=float]",
		    u);
	return buf;
}

char *
msg_batched_lt_seqs(int mnbt, int mns, char *buf, size_t len)
{
	snprintf(buf, len,
	    "max_num_batched_tokens (%d) must be greater than or "
	    "equal to max_num_seqs (%d).",
	    mnbt, mns);
	return buf;
}
