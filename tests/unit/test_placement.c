/*
 * test_placement.c - ranks on nodes (src/core/placement.c): vLLM's rank
 * order (TP fastest, then PP, then DP), instances kept inside a node when
 * they fit, what vLLM refuses and what the layout costs.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "core/placement.h"

static struct node
node(int per, int domain)
{
	struct node n;

	memset(&n, 0, sizeof n);
	n.id = "test-node";
	n.name = "test node";
	n.inter_node = "network";
	n.gpus_per_node = per;
	n.nvlink_domain = domain;
	return n;
}

static struct placement p;

Test(placement, tp16_on_one_8_gpu_node_is_vllms_world_size_refusal)
{
	struct node n = node(8, 8);

	placement_compute(&n, 1, 16, 1, 1, 0, 0, &p);
	cr_assert(p.refused);
	/* vllm/config/parallel.py: the mp executor checks the node's devices */
	cr_assert(strstr(p.message, "World size (16) is larger than the number of "
	    "available GPUs (8) in this node") != NULL, "%s", p.message);
	cr_assert_eq(p.replicas, 0);
	/* with more cards than one node but too few over all: Ray's words */
	placement_compute(&n, 2, 8, 3, 1, 0, 0, &p);
	cr_assert(p.refused);
	cr_assert(strstr(p.message, "exceeds the total number of available GPUs") != NULL);
}

Test(placement, tp16_over_two_nodes_crosses_the_network)
{
	struct node n = node(8, 8);
	int i;

	placement_compute(&n, 2, 16, 1, 1, 0, 0, &p);
	cr_assert_not(p.refused);
	cr_assert_eq(p.replicas, 1);
	cr_assert_eq(p.nodes_per_instance, 2);
	cr_assert(p.tp_crosses_nodes);
	cr_assert(strstr(p.notes[0], "spans nodes") != NULL, "%s", p.notes[0]);
	/* ranks 0..15 in order over node 0 then node 1 */
	for (i = 0; i < 16; i++) {
		cr_assert_eq(p.slots[i].node, i / 8);
		cr_assert_eq(p.slots[i].tp_rank, i);
	}
}

Test(placement, tp4_over_pcie_and_beyond_an_nvlink_pair)
{
	struct node pcie = node(8, 0), pairs = node(8, 2), hgx = node(8, 8);

	placement_compute(&pcie, 1, 4, 1, 1, 0, 0, &p);
	cr_assert(p.tp_over_pcie);
	cr_assert_eq(p.replicas, 2, "two TP-4 instances on 8 cards");
	placement_compute(&pairs, 1, 4, 1, 1, 0, 0, &p);
	cr_assert(p.tp_beyond_nvlink);
	cr_assert_not(p.tp_over_pcie);
	placement_compute(&hgx, 1, 4, 1, 1, 0, 0, &p);
	cr_assert_not(p.tp_beyond_nvlink);
	cr_assert_not(p.tp_over_pcie);
	cr_assert_eq(p.n_notes, 0, "%s", p.notes[0]);
}

Test(placement, pp2_over_two_nodes_keeps_tp_inside_each)
{
	struct node n = node(8, 8);
	int i;

	placement_compute(&n, 2, 8, 2, 1, 0, 0, &p);
	cr_assert_not(p.refused);
	cr_assert_not(p.tp_crosses_nodes);
	cr_assert(p.pp_crosses_nodes);
	for (i = 0; i < 16; i++) {
		cr_assert_eq(p.slots[i].pp_stage, i / 8, "stage %d on node %d", i / 8,
		    p.slots[i].node);
		cr_assert_eq(p.slots[i].node, i / 8);
		cr_assert_eq(p.slots[i].tp_rank, i % 8);
	}
}

Test(placement, dp8_over_two_nodes)
{
	struct node n = node(8, 8);

	placement_compute(&n, 2, 2, 1, 8, 0, 0, &p);
	cr_assert_not(p.refused);
	cr_assert(p.dp_crosses_nodes);
	cr_assert_not(p.pp_crosses_nodes);
	/* rank = dp * (tp * pp) + tp: DP rank 4 starts node 1 */
	cr_assert_eq(p.slots[8].node, 1);
	cr_assert_eq(p.slots[8].dp_rank, 4);
	cr_assert_eq(p.slots[8].tp_rank, 0);
	cr_assert_eq(p.slots[15].dp_rank, 7);
}

Test(placement, replicas_are_packed_inside_nodes)
{
	struct node n = node(8, 8);

	/* TP 3 instances: two per 8-card node, never across a node */
	placement_compute(&n, 2, 3, 1, 1, 0, 0, &p);
	cr_assert_eq(p.replicas, 4);
	cr_assert_eq(p.slots[6].replica, -1, "cards 6 and 7 stay idle");
	cr_assert_eq(p.slots[8].replica, 2);
	cr_assert_eq(p.slots[8].node, 1);
	/* fewer wanted than fit */
	placement_compute(&n, 2, 2, 1, 1, 3, 0, &p);
	cr_assert_eq(p.replicas, 3);
	cr_assert_eq(p.slots[6].replica, -1);
}

Test(placement, mig_slices_are_never_joined)
{
	struct node n = node(8, 0);

	placement_compute(&n, 1, 1, 1, 1, 0, 4, &p);
	cr_assert_eq(p.replicas, 32, "4 x 1g.24gb on each of 8 cards");
	cr_assert_eq(p.slots[5].gpu, 1);
	cr_assert_eq(p.slots[5].slice, 1);
	cr_assert(strstr(p.notes[0], "never joined") != NULL);
}
