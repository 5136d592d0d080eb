/*
 * placement.h - where vLLM's ranks land on a deployment of nodes: which
 * card of which node holds which replica, data-parallel rank, pipeline
 * stage and tensor-parallel rank, and what vLLM refuses or what slows the
 * plan down on that hardware.
 *
 * Rank order is vLLM's: tensor-parallel ranks vary fastest, then pipeline
 * stages, then data-parallel ranks (vllm/distributed/parallel_state.py, initialize_model_parallel(): ranks
 * laid out as [data parallel, pipeline, tensor], world rank =
 * dp_rank * pp * tp + pp_rank * tp + tp_rank), and a launch fills a node's
 * cards in order before the next node's.  An instance (a copy served on
 * its own: a replica) is kept inside one node whenever it fits there.
 * MIG slices are never joined: each slice holds one instance.
 *
 * Pure: the caller owns struct placement; nothing is allocated.
 */
#ifndef HEADROOM_PLACEMENT_H
#define HEADROOM_PLACEMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "catalogue.h"

#define PLACEMENT_MAX_SLOTS 1024
#define PLACEMENT_MAX_NOTES 6

/* One card (or MIG slice) of the deployment and what runs on it. */
struct placement_slot {
	int node, gpu,
	    slice; /* slice: MIG instance on the card, -1 whole card */
	int replica; /* -1: idle */
	int dp_rank, pp_stage, tp_rank;
	/* MoE (placement_assign_experts()): the rank in the TP x DP group of
	 * the MoE layers and the routed experts it holds, whole under EP */
	int ep_rank, expert_first, expert_count;
	int expert_stride; /* 1 linear; the EP size round_robin */
};

struct placement {
	int nodes, gpus_per_node, slices_per_gpu;
	int tp, pp, dp;
	int instance_gpus; /* tp * pp * dp: one instance */
	int replicas; /* instances that fit */
	int nodes_per_instance; /* > 1: the instance spans nodes */
	bool tp_crosses_nodes, tp_over_pcie, tp_beyond_nvlink, pp_crosses_nodes,
	    dp_crosses_nodes;
	int n_experts; /* routed experts of the model, 0: dense */
	bool ep; /* expert parallel: whole experts per rank */
	bool round_robin; /* experts r, r + EP, ... (else a block) */
	bool refused; /* vLLM would not start */
	char message[512]; /* vLLM's words when refused */
	char notes[PLACEMENT_MAX_NOTES][256]; /* warnings, worst first */
	int n_notes;
	struct placement_slot slots[PLACEMENT_MAX_SLOTS];
	int n_slots;
};

/*
 * Places tp x pp x dp ranks per instance, as many instances as wanted
 * (0: as many as fit), on nodes x nd->gpus_per_node cards (mig_slices > 0:
 * that many MIG slices per card, one instance each).  Always fills p;
 * p->refused says vLLM would not start, with its message.
 */
void placement_compute(const struct node *nd, int nodes, int tp, int pp, int dp,
    int wanted, int mig_slices, struct placement *p);

/*
 * vLLM's refusal, in its words, of one instance of tp x pp x dp cards on
 * cards in all, gpus_per_node to a node: the world-size check on one node,
 * else Ray's placement-group check.  Returns true and fills msg when vLLM
 * refuses; false with msg "" when it fits.
 */
bool placement_refusal(int gpus_per_node, int cards, int tp, int pp, int dp,
    char *msg, size_t len);

/*
 * The routed experts each busy card holds (experts.h): its rank in the
 * MoE layers' TP x DP group (dp_rank x tp + tp_rank, one group per
 * pipeline stage), then with ep the experts determine_expert_map() gives
 * it (a block, or with round_robin every EP-th from its rank), else all
 * of them, each split over the group.  n_experts 0: dense.
 */
void placement_assign_experts(struct placement *p, int n_experts, bool ep,
    bool round_robin);

#endif
