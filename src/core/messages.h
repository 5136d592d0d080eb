/*
 * messages.h - vLLM's own error texts, in the wording of a given release.
 * Each writer fills buf (always NUL-terminated) and returns it.
 */
#ifndef HEADROOM_MESSAGES_H
#define HEADROOM_MESSAGES_H

#include <stddef.h>
#include <stdint.h>

#include "vllm_version.h"

char *msg_free_memory(const struct vllm_traits *, int64_t free_b,
    int64_t total_b, double util, int64_t requested_b, char *buf, size_t len);
char *msg_no_kv_memory(const struct vllm_traits *, char *buf, size_t len);
char *msg_kv_too_small(const struct vllm_traits *, int64_t max_model_len,
    int64_t needed_b, int64_t avail_b, int64_t estimated, char *buf,
    size_t len);
char *msg_autofit_failed(char *buf, size_t len);
char *msg_weights_oom(const struct vllm_traits *, int64_t weights_b,
    int64_t free_b, char *buf, size_t len);
char *msg_sampler_oom(int num_reqs, char *buf, size_t len);
char *msg_graph_oom(int64_t need_b, int64_t free_b, char *buf, size_t len);
char *msg_max_len_too_long(int64_t user_len, const char *key, int64_t derived,
    char *buf, size_t len);
/* The same length taken with VLLM_ALLOW_LONG_MAX_MODEL_LEN: vLLM's warning. */
char *msg_max_len_allowed(int64_t user_len, const char *key, int64_t derived,
    char *buf, size_t len);
char *msg_heads_not_divisible(int heads, int tp, char *buf, size_t len);
char *msg_util_range(double util, char *buf, size_t len);
char *msg_batched_lt_seqs(int mnbt, int mns, char *buf, size_t len);

#endif
