/*
 * experts.h - how vLLM splits the MoE layers of a model over its ranks:
 * tensor parallel inside every expert, or expert parallel (whole experts
 * per rank), and which experts each rank holds.
 *
 * Source: vllm/model_executor/layers/fused_moe/config.py,
 * FusedMoEParallelConfig.make() (vLLM 0.11 to 0.20): the MoE layers run on
 * the TP x DP (x PCP) ranks of a pipeline stage, flattened into one group.
 * Without --enable-expert-parallel every expert is split over that whole
 * group (intermediate size / (TP x DP)); with it the group is the EP group
 * (EP size = TP x DP), no expert is split, and
 * vllm/model_executor/layers/fused_moe/layer.py determine_expert_map()
 * gives rank r base = E / EP experts plus one when r < E % EP, placed
 * linearly: the first is r * base + min(r, E % EP).  Attention and the
 * shared experts keep the attention TP split (replicated per DP rank).
 *
 * Pure arithmetic; the caller owns every struct.
 */
#ifndef HEADROOM_EXPERTS_H
#define HEADROOM_EXPERTS_H

#include <stdbool.h>

/* The split of the routed experts seen by one rank. */
struct experts_split {
	bool ep; /* expert parallel in force (EP size > 1) */
	int group; /* ranks the MoE layers span: TP x DP */
	int moe_tp; /* the split inside each expert: group, or 1 with EP */
	int experts; /* routed experts this rank holds */
	int global; /* experts of the model (+ redundant ones) */
};

/*
 * The split of rank ep_rank (0 .. tp x dp - 1) for a model with n_experts
 * routed experts; ep: --enable-expert-parallel.  Dense models (n_experts
 * 0) get moe_tp = tp and experts = 0.  Rank 0 holds the most experts.
 */
void experts_split_for(int n_experts, int tp, int dp, bool ep, int ep_rank,
    struct experts_split *s);

/*
 * determine_expert_map()'s linear placement: the number of experts of
 * rank r of ep_size, and the first of them in *first.
 */
int experts_local(int n_experts, int ep_size, int r, int *first);

#endif
