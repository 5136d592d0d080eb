/*
 * overhead.h - estimates of what vLLM measures during its profile run:
 * the torch activation peak, the non-torch increase and the CUDA-graph
 * pool.  They cannot be derived from source; the coefficients come from
 * data/estimates.yaml (fitted on real startups, each with its source) and
 * every figure computed here is reported as an estimate.
 */
#ifndef HEADROOM_OVERHEAD_H
#define HEADROOM_OVERHEAD_H

#include <stdbool.h>
#include <stdint.h>

#include "catalogue.h"

struct overhead_in {
	const struct model *model;
	const struct coeff_set *c;
	int tp, pp;
	bool
	    pcie_only; /* a card without NVLink (the catalogue's nvlink_gbs 0) */
	int moe_tp; /* the split inside each expert (experts.h); 0: tp */
	int moe_gather; /* DP ranks whose tokens every MoE layer
				   gathers (all-gather over TP x DP); 0, 1: none */
	int last_stage; /* runs the sampler */
	int layers_on_rank;
	/* the pieces a PIECEWISE graph is split into on this rank: layers'
	 * ops of vLLM's splitting list (overhead_graph_layers()); 0 =
	 * layers_on_rank */
	int graph_layers;
	int mamba_pieces; /* of those, Mamba mixers' (overhead_mamba_pieces()) */
	int max_num_seqs, max_num_batched_tokens;
	/* the sampler's peak per logit on its top-k/top-p path; 0: the
	 * set's default (c->sampler_bytes_per_logit) */
	double sampler_bytes_per_logit;
	int n_graphs; /* CUDA graphs captured (0 when eager) */
	int dtype_bytes;
	int64_t
	    mm_encoder_bytes; /* vision-encoder peak of the profile (multimodal.h) */
	int64_t mm_cache_bytes; /* encoder outputs held during the forward */
	enum ckpt_format format;
	/* The drafter of --speculative-config (0 without one): its dummy run
	 * follows the target's forward in the same _dummy_run, while the
	 * target's outputs (draft_held hidden vectors per token) are alive */
	int draft_hidden, draft_held, draft_layers;
	int64_t draft_inter; /* its MLP intermediate before the TP split;
			      0: the target's (MTP layers) */
	int draft_graphs; /* graphs captured with the drafter (PIECEWISE) */
	bool draft_moe; /* its layer holds experts (MTP of a MoE model) */
	/* the pooler's working set after the forward on the pooling
	 * runner's last stage, bytes per batched token and hidden unit (the
	 * hidden states and their float32 copies; 0: no pooler there) */
	int pooler_bytes_per_token_hidden;
};

struct overhead_out {
	int64_t activation; /* torch peak increase */
	int64_t sampler; /* its sampler part, needed again after capture */
	int64_t draft_activation; /* the drafter's phase of the profile run */
	int64_t draft_graphs; /* the drafter's share of the graph pool */
	int64_t non_torch;
	int64_t cuda_graphs;
	int64_t cuda_context;
};

void overhead_estimate(const struct overhead_in *, struct overhead_out *);

/*
 * The ops of vLLM's piecewise splitting list (vllm/config/compilation.py
 * CompilationConfig._attention_ops: unified attention and MLA, the
 * mamba_mixer2, mamba_mixer, short_conv, linear_attention,
 * plamo2_mamba_mixer, gdn and kda mixers) in layers [first, first + n) of
 * a model with state layers: one per mixer, two where attention runs
 * beside a state mixer (Falcon-H1, Zamba2's hybrid layers), none in a
 * layer of MLP or experts alone (Nemotron-H's '-' and 'E').  Returns n
 * for a model without state layers, whose graph terms were fitted per
 * decoder layer.
 */
int overhead_graph_layers(const struct model *m, int first, int n);

/* Of overhead_graph_layers(), the pieces of Mamba mixers (Mamba1, Mamba2,
 * PLaMo 2) in layers [first, first + n); 0 for other models. */
int overhead_mamba_pieces(const struct model *m, int first, int n);

/*
 * vLLM's default CUDA-graph capture sizes: writes them to sizes[] (up to
 * max entries) and returns the count.  max_capture = 0 derives the maximum
 * as min(max_num_seqs x 2, cap) (cap: 512 in every release).  fine: the
 * interactivity performance mode, every size up to 32.
 */
int overhead_capture_sizes(int max_num_seqs, int max_num_batched_tokens,
    int max_capture, int cap, bool fine, int *sizes, int max);

#endif
