/*
 * overhead.c - the estimated startup terms.  Shapes follow what vLLM runs
 * (reference §2.4-2.5): the sampler warm-up over min(max_num_seqs,
 * max_num_batched_tokens) requests x vocab logits, one dense forward of
 * max_num_batched_tokens tokens, MoE workspaces, and a graph pool that
 * grows with the layers captured and the number of graphs.  A drafter
 * (EAGLE head, draft model, MTP layers) runs its own forward right after
 * the target's, holding the target's outputs; the larger of the two
 * phases counts, and its layers join the PIECEWISE graphs (estimates,
 * doc/estimates.md).
 */
#include "overhead.h"

#include <math.h>

#include "units.h"

#define DEFAULT_GRAPHS 102.0 /* 51 PIECEWISE + 51 FULL at max_num_seqs 1024 */
/* vllm/envs.py VLLM_FUSED_MOE_CHUNK_SIZE: fused_experts() works on at most
 * this many tokens at a time (VLLM_ENABLE_FUSED_MOE_ACTIVATION_CHUNKING 1) */
#define FUSED_MOE_CHUNK 16384.0

int
overhead_capture_sizes(int mns, int mnbt, int max_capture, int cap, bool fine,
    int *sizes, int max)
{
	int m, n = 0, s, has_mnbt = 0;

	m = max_capture > 0 ? max_capture : (mns * 2 < cap ? mns * 2 : cap);
	if (m > mnbt)
		m = mnbt;
	if (fine) {
		/* interactivity: every size up to 32, then the usual steps */
		for (s = 1; s <= (m < 32 ? m : 32) && n < max; s++)
			sizes[n++] = s;
	} else {
		for (s = 1; s <= 4; s *= 2)
			if (s <= m && n < max)
				sizes[n++] = s;
	}
	for (s = fine ? 40 : 8; s < (m + 1 < 256 ? m + 1 : 256); s += 8)
		if (n < max)
			sizes[n++] = s;
	for (s = 256; s < m + 1; s += 16)
		if (n < max)
			sizes[n++] = s;
	for (s = 0; s < n; s++)
		if (sizes[s] == mnbt)
			has_mnbt = 1;
	if (mnbt <= m && !has_mnbt && n < max)
		sizes[n++] = mnbt;
	return n;
}

/* The language model's forward over one batch, per rank, in bytes. */
static double
overhead_forward(const struct overhead_in *in, double inter_rank)
{
	const struct coeff_set *c = in->c;

	return in->max_num_batched_tokens *
	    (c->forward_bytes_per_token_hidden * in->model->hidden +
		c->forward_bytes_per_token_inter * inter_rank) *
	    (in->dtype_bytes > 2 ? in->dtype_bytes / 2.0 : 1.0);
}

/* The fused-MoE workspace of one chunk of tokens, per rank, in bytes. */
static double
overhead_moe(const struct overhead_in *in, double moe_tp)
{
	const struct model *m = in->model;
	double moe_tokens = in->max_num_batched_tokens;

	/* with DP the MoE layers see every DP rank's batch (the all-gather of
	 * allgather_reducescatter, or of the TP x DP group without EP), in
	 * chunks of FUSED_MOE_CHUNK tokens */
	if (in->moe_gather > 1) {
		moe_tokens *= in->moe_gather;
		if (moe_tokens > FUSED_MOE_CHUNK)
			moe_tokens = FUSED_MOE_CHUNK;
	}
	if (m->n_experts > 0 && in->format != FMT_MXFP4 &&
	    m->native_format != FMT_MXFP4)
		return in->c->moe_bytes_per_token_expert_inter * moe_tokens *
		    m->experts_per_tok * m->moe_intermediate / moe_tp;
	return 0;
}

/* The drafter's phase of the profile run, in bytes (0 without one). */
static double
overhead_draft(const struct overhead_in *in, double tp, double inter_rank)
{
	const struct coeff_set *c = in->c;

	if (in->draft_hidden <= 0)
		return 0;
	/* the target's outputs stay alive through the drafter's run
	 * (EagleProposer.dummy_run after the target in _dummy_run) */
	return (double)in->max_num_batched_tokens *
	    ((double)in->draft_held * in->model->hidden * in->dtype_bytes +
		(c->forward_bytes_per_token_hidden * in->draft_hidden +
		    c->forward_bytes_per_token_inter *
			(in->draft_inter > 0 ? (double)in->draft_inter / tp
					     : inter_rank)) *
		    (in->dtype_bytes > 2 ? in->dtype_bytes / 2.0 : 1.0));
}

static bool
is_mamba_mixer(int mixer)
{
	return mixer == MIXER_MAMBA1 || mixer == MIXER_MAMBA2 ||
	    mixer == MIXER_PLAMO2;
}

/* Does a layer of m run a Mamba mixer (Mamba1, Mamba2, PLaMo 2)? */
static bool
overhead_has_mamba(const struct model *m)
{
	int i;

	for (i = 0; m->ld != NULL && i < m->layers; i++)
		if (is_mamba_mixer(m->ld[i].mixer))
			return true;
	return false;
}

/* The target's CUDA graphs, in GiB (0 without capture sizes). */
static double
overhead_graphs(const struct overhead_in *in, double tp)
{
	const struct coeff_set *c = in->c;
	double cg;

	if (in->n_graphs <= 0)
		return 0;
	cg = c->cg_base_gib +
	    c->cg_per_layer_gib *
		((in->graph_layers > 0 ? in->graph_layers
				       : in->layers_on_rank) -
		    in->mamba_pieces * (1.0 - c->cg_mamba_piece_weight)) *
		pow(tp, -c->cg_tp_exponent);
	if (in->model->n_experts > 0)
		cg *= overhead_has_mamba(in->model) ? c->cg_mamba_moe_factor
						    : c->cg_moe_factor;
	cg *= in->n_graphs / DEFAULT_GRAPHS;
	return cg;
}

int
overhead_graph_layers(const struct model *m, int first, int n)
{
	int i, ops = 0;

	if (m->n_state_layers <= 0 || m->ld == NULL)
		return n;
	for (i = first; i < first + n && i < m->layers; i++) {
		const struct layer_desc *d = &m->ld[i];

		if (d->mixer == MIXER_NONE)
			continue;
		ops += 1 + (d->parallel_attn != 0);
	}
	return ops;
}

/* The drafter's layers in the PIECEWISE graphs, in GiB. */
static double
overhead_draft_graphs(const struct overhead_in *in, double tp)
{
	const struct coeff_set *c = in->c;
	double dcg;

	if (in->draft_graphs <= 0 || in->draft_layers <= 0)
		return 0;
	dcg = c->cg_per_layer_gib * in->draft_layers *
	    pow(tp, -c->cg_tp_exponent) * in->draft_graphs / DEFAULT_GRAPHS;
	if (in->draft_moe)
		dcg *= c->cg_moe_factor;
	return dcg;
}

void
overhead_estimate(const struct overhead_in *in, struct overhead_out *out)
{
	const struct model *m = in->model;
	const struct coeff_set *c = in->c;
	double reqs, sampler = 0, forward, moe, act, nt, draft, dcg, pool;
	double tp = in->tp > 0 ? in->tp : 1;
	double inter_rank, moe_tp = in->moe_tp > 0 ? in->moe_tp : tp;

	reqs = in->max_num_seqs < in->max_num_batched_tokens
	    ? in->max_num_seqs
	    : in->max_num_batched_tokens;
	if (in->last_stage)
		sampler = (in->sampler_bytes_per_logit > 0
				  ? in->sampler_bytes_per_logit
				  : c->sampler_bytes_per_logit) *
		    reqs * m->vocab;
	inter_rank = (m->n_experts > 0 && m->dense_intermediate > 0
			     ? m->dense_intermediate
			     : m->intermediate) /
	    tp;
	if (m->n_experts > 0 && m->intermediate <= 0)
		inter_rank =
		    m->moe_intermediate * (double)m->experts_per_tok / tp;
	forward = overhead_forward(in, inter_rank);
	moe = overhead_moe(in, moe_tp);
	draft = overhead_draft(in, tp, inter_rank);
	out->draft_activation = (int64_t)draft;
	if (draft > forward)
		forward = draft;
	/* the pooler runs after the forward has freed its own activations:
	 * the larger of the two (its hidden states are whole on every TP
	 * rank, so it can be the larger at a wide TP) */
	pool = (double)in->pooler_bytes_per_token_hidden *
	    in->max_num_batched_tokens * m->hidden;
	if (pool > forward)
		forward = pool;
	act = (sampler > forward ? sampler : forward) + moe +
	    c->activation_base_gib * GIB;
	/* the encoder runs first and frees its activations; its outputs stay
	 * in the encoder cache through the language-model forward */
	if (in->mm_encoder_bytes > act)
		act = (double)in->mm_encoder_bytes;
	act += (double)in->mm_cache_bytes;

	/* the collective buffers of a TP group, or of the MoE layers' group */
	if (in->tp > 1 || (m->n_experts > 0 && in->moe_gather > 1))
		nt = c->non_torch_tp_gib;
	else if (in->pp > 1)
		nt = c->non_torch_pp_gib;
	else
		nt = c->non_torch_tp1_gib;

	dcg = overhead_draft_graphs(in, tp);
	out->draft_graphs = units_bytes(dcg);
	out->activation = (int64_t)act;
	out->sampler = (int64_t)sampler;
	out->non_torch = units_bytes(nt);
	out->cuda_graphs = units_bytes(overhead_graphs(in, tp) + dcg);
	/* NCCL and the custom all-reduce buffers of a group are set up before
	 * vLLM's snapshot: outside the budget, like the CUDA context */
	out->cuda_context = units_bytes(in->tp * in->pp > 1 && in->pcie_only
		? c->cuda_context_pcie_gib
		: in->tp > 1 ? (m->n_experts > 0 ? c->cuda_context_tp_moe_gib
						 : c->cuda_context_tp_gib)
		: in->pp > 1 ? c->cuda_context_pp_gib
			     : c->cuda_context_gib);
}

int
overhead_mamba_pieces(const struct model *m, int first, int n)
{
	int i, pieces = 0;

	for (i = first; m->ld != NULL && i < first + n && i < m->layers; i++)
		pieces += is_mamba_mixer(m->ld[i].mixer);
	return pieces;
}
