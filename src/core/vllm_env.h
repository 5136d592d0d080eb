/*
 * vllm_env.h - the environment variables of vLLM headroom knows: one row
 * each.
 *
 * A row says how vLLM reads the variable (vllm/envs.py: int(), a "1"/"true"
 * test, text, PyTorch's allocator settings) and what a plan does with it:
 * modelled (the startup walk reads it), ignored (it changes neither what
 * vLLM puts on the GPU nor where it refuses; the row says why) or refused
 * (a value other than the row's neutral one moves memory in a way headroom
 * does not model, so the plan stops at the configuration check naming the
 * variable and value).  A row whose name ends in '*' covers every variable
 * of that prefix.  VLLM_* variables no row names are kept and exported as
 * given, and every output warns about them.
 *
 * The words are the VAR=value assignments of a pasted command or of a
 * scenario's env (struct plan_input env); the last assignment of a name
 * wins, as in a shell.  Exports write them as given (src/io/serve_command.c).
 *
 * Pure: no I/O, no globals but the constant table.
 */
#ifndef HEADROOM_VLLM_ENV_H
#define HEADROOM_VLLM_ENV_H

#include <stdbool.h>
#include <stddef.h>

enum vllm_env_kind {
	VEK_INT, /* int(value): anything else stops vLLM */
	VEK_TRUE, /* value.strip().lower() in ("1", "true"); else false */
	VEK_TEXT, /* read as text */
	VEK_ALLOC_CONF /* PYTORCH_CUDA_ALLOC_CONF: key:value[,key:value] */
};

enum vllm_env_effect {
	VEE_MODELLED, /* the startup walk reads it (src/core/plan.c) */
	VEE_IGNORED, /* no value changes memory or a refusal: why says so */
	VEE_REFUSED /* a value other than keep stops the plan */
};

/* What a plan has that a row's variable acts on (struct vllm_env scope). */
#define VES_FP8 (1u << 0) /* FP8 weights, or DeepSeek-V3.2's FP8 indexer */
#define VES_MOE (1u << 1) /* routed experts */
#define VES_MXFP4 (1u << 2) /* MXFP4 weights */
#define VES_NVFP4 (1u << 3) /* NVFP4 weights */
#define VES_AWQ (1u << 4) /* AWQ weights */
#define VES_MLA (1u << 5) /* multi-head latent attention */
#define VES_QUANT (1u << 6) /* any weights but 16- or 32-bit */

struct vllm_env {
	const char *name; /* "VLLM_USE_DEEP_GEMM"; "VLLM_ROCM_*": a prefix */
	enum vllm_env_kind kind;
	enum vllm_env_effect effect;
	/* REFUSED: the value that changes nothing in every release headroom
	 * plans (compared as vLLM reads it: 0 and "00" alike for VEK_INT),
	 * NULL: every value is refused */
	const char *keep;
	const char *why; /* what vLLM does with it, and the source */
	/* VES_* bits: the plans vLLM reads it for (a kernel of FP8 weights, of
	 * MoE layers); on any other plan the variable changes nothing and is
	 * accepted.  0: every plan */
	unsigned scope;
};

extern const struct vllm_env vllm_envs[];
extern const size_t vllm_n_envs;

/*
 * The row of an assignment "NAME=value" (or of a bare NAME): the exact
 * name first, else the longest prefix row.  NULL when no row covers it.
 */
const struct vllm_env *vllm_env_find(const char *word);

/*
 * The value of the last assignment of name among env[0..n), or NULL when
 * none assigns it.
 */
const char *vllm_env_get(char *const *env, size_t n, const char *name);

/* int() of a value as vllm/envs.py reads it: 0 and *out set, -1 when
 * Python's int() would raise. */
int vllm_env_int(const char *value, long *out);
/* The "1"/"true" test of VEK_TRUE rows. */
bool vllm_env_true(const char *value);

/*
 * Checks every assignment of env[0..n) for a plan with the VES_* bits of
 * scope: a value vLLM would not read, or a refused row's value where the
 * row's scope meets the plan's, writes the refusal (naming the variable and value)
 * into err and returns -1.  Otherwise returns the number of VLLM_*
 * variables no row covers and, when there are some, writes into note a
 * sentence naming them (note[0] = '\0' otherwise).
 */
int vllm_env_check(char *const *env, size_t n, unsigned scope, char *err,
    size_t errlen, char *note, size_t notelen);

#endif
