/*
 * placement.c - ranks on nodes (see placement.h).
 */
#include "placement.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "experts.h"

static void __attribute__((format(printf, 2, 3)))
note(struct placement *p, const char *fmt, ...)
{
	va_list ap;

	if (p->n_notes >= PLACEMENT_MAX_NOTES)
		return;
	va_start(ap, fmt);
	vsnprintf(p->notes[p->n_notes++], sizeof p->notes[0], fmt, ap);
	va_end(ap);
}

/* The first card of instance i: packed inside nodes when one fits in a node. */
static int
instance_start(const struct placement *p, int i)
{
	int per_node;

	if (p->instance_gpus <= p->gpus_per_node) {
		per_node = p->gpus_per_node / p->instance_gpus;
		return (i / per_node) * p->gpus_per_node +
		    (i % per_node) * p->instance_gpus;
	}
	return i * p->nodes_per_instance * p->gpus_per_node;
}

static int
instances_that_fit(const struct placement *p)
{
	if (p->instance_gpus <= p->gpus_per_node)
		return p->nodes * (p->gpus_per_node / p->instance_gpus);
	return p->nodes / p->nodes_per_instance;
}

static void
place_mig(struct placement *p, int wanted)
{
	int cards = p->nodes * p->gpus_per_node, i;

	p->replicas = cards * p->slices_per_gpu;
	if (wanted > 0 && wanted < p->replicas)
		p->replicas = wanted;
	for (i = 0; i < cards * p->slices_per_gpu && i < PLACEMENT_MAX_SLOTS;
	     i++) {
		struct placement_slot *s = &p->slots[p->n_slots++];
		int card = i / p->slices_per_gpu;

		s->node = card / p->gpus_per_node;
		s->gpu = card % p->gpus_per_node;
		s->slice = i % p->slices_per_gpu;
		s->replica = i < p->replicas ? i : -1;
		s->dp_rank = s->pp_stage = s->tp_rank = 0;
	}
	note(p,
	    "MIG: one instance per slice; slices are never joined (NCCL "
	    "does not run across MIG instances)");
}

bool
placement_refusal(int gpus_per_node, int cards, int tp, int pp, int dp,
    char *msg, size_t len)
{
	int per = gpus_per_node > 0 ? gpus_per_node : 1, nodes;

	tp = tp > 0 ? tp : 1;
	pp = pp > 0 ? pp : 1;
	dp = dp > 0 ? dp : 1;
	nodes = (cards + per - 1) / per;
	msg[0] = '\0';
	if (tp * pp * dp <= cards)
		return false;
	if (nodes <= 1 && tp * pp > per)
		/* vllm/config/parallel.py, the mp executor's check */
		snprintf(msg, len,
		    "World size (%d) is larger than the number of "
		    "available GPUs (%d) in this node. If this is intentional "
		    "and "
		    "you are using:\n- ray, set "
		    "'--distributed-executor-backend "
		    "ray'.\n- multiprocessing, set '--nnodes' appropriately.",
		    tp * pp, per);
	else
		/* vllm/v1/executor/ray_utils.py, initialize_ray_cluster() */
		snprintf(msg, len,
		    "The number of required GPUs exceeds the total "
		    "number of available GPUs in the placement group.");
	return true;
}

/* The cards of the nodes (up to PLACEMENT_MAX_SLOTS), then which rank of
 * which replica each holds. */
static void
placement_fill_slots(struct placement *p, int cards)
{
	int i, r, k;

	for (i = 0; i < cards && i < PLACEMENT_MAX_SLOTS; i++) {
		struct placement_slot *s = &p->slots[p->n_slots++];

		s->node = i / p->gpus_per_node;
		s->gpu = i % p->gpus_per_node;
		s->slice = -1;
		s->replica = -1;
	}
	for (r = 0; r < p->replicas; r++) {
		int first = instance_start(p, r);

		for (k = 0; k < p->instance_gpus; k++) {
			struct placement_slot *s;

			if (first + k >= p->n_slots)
				break;
			s = &p->slots[first + k];
			s->replica = r;
			s->tp_rank = k % p->tp;
			s->pp_stage = (k / p->tp) % p->pp;
			s->dp_rank = k / (p->tp * p->pp);
		}
	}
}

/* What the layout costs on nodes nd, worst first: the links each group
 * crosses, each with its note; and the replicas wanted that do not fit. */
static void
placement_note_costs(const struct node *nd, int wanted, struct placement *p)
{
	int domain = nd->nvlink_domain;

	if (p->tp > 1) {
		/* a TP group starts at a multiple of tp inside its instance */
		p->tp_crosses_nodes =
		    p->tp > p->gpus_per_node || p->gpus_per_node % p->tp != 0;
		/* one card per node: no link inside the node to speak of */
		p->tp_over_pcie = domain == 0 && p->gpus_per_node > 1;
		p->tp_beyond_nvlink = domain > 0 && p->tp > domain;
	}
	p->pp_crosses_nodes = p->tp * p->pp > p->gpus_per_node;
	p->dp_crosses_nodes =
	    p->instance_gpus > p->gpus_per_node && !p->pp_crosses_nodes;
	if (p->tp_crosses_nodes && !(domain >= p->tp))
		note(p,
		    "tensor parallel %d spans nodes of %d cards: every layer's "
		    "all-reduce crosses the network (%s); keep TP inside a "
		    "node and "
		    "put pipeline stages across nodes",
		    p->tp, p->gpus_per_node,
		    nd->inter_node ? nd->inter_node : "between nodes");
	else if (p->tp_crosses_nodes)
		note(p,
		    "tensor parallel %d spans trays of %d cards inside one "
		    "NVLink "
		    "domain of %d",
		    p->tp, p->gpus_per_node, domain);
	if (p->tp_over_pcie)
		note(p,
		    "tensor parallel %d over PCIe only (no NVLink on %s): the "
		    "all-reduce of every layer goes through PCIe; vLLM's "
		    "custom "
		    "all-reduce is off without P2P",
		    p->tp, nd->name);
	else if (p->tp_beyond_nvlink && !p->tp_crosses_nodes)
		note(p,
		    "tensor parallel %d is larger than the NVLink domain of %d "
		    "cards: part of every all-reduce goes over PCIe",
		    p->tp, domain);
	if (p->pp_crosses_nodes)
		note(p,
		    "one instance (TP %d x PP %d) spans %d nodes: launch it "
		    "with "
		    "Ray (--export ray)",
		    p->tp, p->pp, p->nodes_per_instance);
	if (p->dp_crosses_nodes)
		note(p,
		    "data parallel %d over %d nodes: vLLM's multi-node data "
		    "parallel (--export multinode)",
		    p->dp, p->nodes_per_instance);
	if (!p->refused && wanted > p->replicas)
		note(p, "%d replicas wanted, %d fit on %d node%s", wanted,
		    p->replicas, p->nodes, p->nodes == 1 ? "" : "s");
}

void
placement_compute(const struct node *nd, int nodes, int tp, int pp, int dp,
    int wanted, int mig_slices, struct placement *p)
{
	int cards;

	memset(p, 0, sizeof *p);
	p->nodes = nodes > 0 ? nodes : 1;
	p->gpus_per_node = nd->gpus_per_node > 0 ? nd->gpus_per_node : 1;
	p->tp = tp > 0 ? tp : 1;
	p->pp = pp > 0 ? pp : 1;
	p->dp = dp > 0 ? dp : 1;
	p->slices_per_gpu = mig_slices > 0 ? mig_slices : 0;
	p->instance_gpus = p->tp * p->pp * p->dp;
	cards = p->nodes * p->gpus_per_node;
	if (p->slices_per_gpu > 0) {
		p->nodes_per_instance = 1;
		place_mig(p, wanted);
		return;
	}
	p->nodes_per_instance =
	    (p->instance_gpus + p->gpus_per_node - 1) / p->gpus_per_node;
	p->refused = placement_refusal(p->gpus_per_node, cards, p->tp, p->pp,
	    p->dp, p->message, sizeof p->message);
	p->replicas = p->refused ? 0 : instances_that_fit(p);
	if (wanted > 0 && wanted < p->replicas)
		p->replicas = wanted;
	placement_fill_slots(p, cards);
	placement_note_costs(nd, wanted, p);
}

void
placement_assign_experts(struct placement *p, int n_experts, bool ep,
    bool round_robin)
{
	int i, group = p->tp * p->dp;

	p->n_experts = n_experts > 0 ? n_experts : 0;
	p->ep = p->n_experts > 0 && ep && group > 1 && p->slices_per_gpu == 0;
	p->round_robin = p->ep && round_robin;
	for (i = 0; i < p->n_slots; i++) {
		struct placement_slot *s = &p->slots[i];

		s->ep_rank = s->expert_first = s->expert_count = 0;
		s->expert_stride = 1;
		if (s->replica < 0 || p->n_experts == 0)
			continue;
		s->ep_rank = s->dp_rank * p->tp + s->tp_rank;
		if (p->ep)
			s->expert_count = experts_local(p->n_experts, group,
			    s->ep_rank, &s->expert_first);
		else
			s->expert_count = p->n_experts;
		if (p->round_robin) {
			/* torch.arange(ep_rank, E, ep_size): as many as linear */
			s->expert_first = s->ep_rank;
			s->expert_stride = group;
		}
	}
}
