/*
 * spec.h - speculative decoding (--speculative-config) as vLLM sizes it.
 *
 * What a method puts on the GPU (vllm/config/speculative.py,
 * vllm/v1/spec_decode/): "ngram" and "suffix" draft on the CPU and add
 * no weights or KV cache; every method raises the decode query length to
 * 1 + num_speculative_tokens, which widens the CUDA-graph capture range
 * (max size min(max_num_seqs x (1 + k) x 2, 512)) and the FULL decode
 * graphs (sizes from 1 + k to max_num_seqs x (1 + k),
 * vllm/v1/cudagraph_dispatcher.py).  The MTP family loads the model's
 * num_nextn_predict_layers next-token layers (weights.h:
 * weights_mtp_bytes) whose attention joins the KV-cache groups; it is
 * planned for models of standard layers and refused for the others.
 * EAGLE-1 and EAGLE-3 heads of Llama layout and whole draft models of
 * standard full-attention layers are planned from the drafter's config
 * (plan_input.draft): their weights (weights.h: weights_draft_bytes) and
 * their attention layers, which join the KV-cache groups with their own
 * KV heads and head size.  Other methods (medusa, mlp_speculator, dflash,
 * ...) and other drafters are refused by name.  Pure.
 */
#ifndef HEADROOM_SPEC_H
#define HEADROOM_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "catalogue.h"

/* --speculative-config methods, as vLLM names them (spec.h). */
enum spec_method {
	SPEC_NONE,
	SPEC_NGRAM, /* "ngram": drafts from the prompt, no GPU memory */
	SPEC_SUFFIX, /* "suffix": suffix-tree drafts on the CPU */
	SPEC_MTP, /* "mtp" and the per-family *_mtp names */
	SPEC_EAGLE, /* "eagle": an EAGLE-1 head (llama_eagle.py) */
	SPEC_EAGLE3, /* "eagle3": an EAGLE-3 head (llama_eagle3.py) */
	SPEC_DRAFT_MODEL, /* "draft_model": a whole smaller model */
	SPEC_OTHER /* medusa, mlp_speculator, dflash, ...: refused */
};

struct plan_spec {
	enum spec_method method;
	int num_tokens; /* num_speculative_tokens */
	int draft_tp; /* draft_tensor_parallel_size, 0 = not given */
	char name[40]; /* the method as given */
	char model[200]; /* the draft model as given, "" = none */
	char unmodelled[40]; /* a key that moves memory, not modelled */
	/* the other keys as given, a JSON object ("" = none): vLLM reads
	 * them (prompt_lookup_max ...), headroom writes them back unread */
	char kept[240];
	bool method_inferred; /* no "method": vLLM's guess from the model */
};

/* The method for a vLLM method name ("ngram", "eagle3", "deepseek_mtp" ...). */
enum spec_method spec_method_parse(const char *name);

/*
 * num_speculative_tokens in force: as given, or for MTP without one the
 * model's num_nextn_predict_layers (vLLM's default); 0 without drafting.
 */
int spec_tokens(const struct model *, const struct plan_spec *);

/* Tokens one decode step of a request carries: 1 + spec_tokens(). */
int spec_decode_query_len(const struct model *, const struct plan_spec *);

/* Why headroom refuses this speculative config; "" when it plans it. */
void spec_check(const struct model *, const struct plan_spec *, char *msg,
    size_t len);

/* True for the methods that load a drafter from its own config. */
int spec_has_drafter(const struct plan_spec *);

/*
 * Why headroom refuses the drafter d (NULL: its config was not read) of
 * method eagle, eagle3 or draft_model next to target m at TP tp, PP pp in
 * release version; "" when it plans it, or for other methods.
 */
void spec_check_drafter(const struct model *m, const struct model *d,
    const struct plan_spec *, int tp, int pp, int version, char *msg,
    size_t len);

/*
 * The head vLLM builds for drafter d: the method, but SPEC_EAGLE3 for an
 * "eagle" method whose drafter is an EAGLE-3 head by its architecture
 * (Eagle3...) or speculators type, which vLLM keeps by name.
 */
enum spec_method spec_draft_head(const struct model *d,
    const struct plan_spec *);

/*
 * Decoder layers vLLM builds for drafter d in release version: its
 * num_hidden_layers, but one for an EAGLE-3 head before multi-layer heads
 * (VLLM_SINCE_EAGLE3_LAYERS, #26164: llama_eagle3.py built one "midlayer").
 */
int spec_draft_layers(const struct model *d, const struct plan_spec *,
    int version);

/* What the drafter's figures rest on (a constant), NULL without one. */
const char *spec_assumption(const struct plan_spec *);

/* "EAGLE-3 draft head" and the like, for the weight line of a report: the
 * head vLLM builds for drafter d (spec_draft_head; d may be NULL). */
const char *spec_draft_label(const struct model *d, const struct plan_spec *);

#endif
