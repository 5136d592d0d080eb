/*
 * test_placement.c - ranks on nodes (src/core/placement.c): vLLM's rank
 * order (TP fastest, then PP, then DP), instances kept inside a node when
 * they fit, what vLLM refuses and what the layout costs; expert
 * parallelism (src/core/experts.c): which rank holds which experts, and
 * the weights, KV and refusals of MoE plans on 8 x H200, worked by hand.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "core/experts.h"
#include "core/placement.h"
#include "core/plan.h"
#include "core/weights.h"
#include "helpers.h"

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
	cr_assert(strstr(p.message,
		      "World size (16) is larger than the number of "
		      "available GPUs (8) in this node") != NULL,
	    "%s", p.message);
	cr_assert_eq(p.replicas, 0);
	/* with more cards than one node but too few over all: Ray's words */
	placement_compute(&n, 2, 8, 3, 1, 0, 0, &p);
	cr_assert(p.refused);
	cr_assert(strstr(p.message,
		      "exceeds the total number of available GPUs") != NULL);
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
		cr_assert_eq(p.slots[i].pp_stage, i / 8, "stage %d on node %d",
		    i / 8, p.slots[i].node);
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

Test(placement, experts_split_as_determine_expert_map)
{
	int first, i, sum = 0;
	static const int want_n[4] = { 3, 3, 2, 2 },
			 want_first[4] = { 0, 3, 6, 8 };

	/* 10 experts over 4 ranks: base 2, the first 10 % 4 = 2 ranks one more */
	for (i = 0; i < 4; i++) {
		cr_assert_eq(experts_local(10, 4, i, &first), want_n[i],
		    "rank %d", i);
		cr_assert_eq(first, want_first[i], "rank %d", i);
		sum += want_n[i];
	}
	cr_assert_eq(sum, 10);
	/* DeepSeek-V3's 256 over EP 8: 32 each, rank 5 from 160 */
	cr_assert_eq(experts_local(256, 8, 5, &first), 32);
	cr_assert_eq(first, 160);
}

Test(placement, ep_split_over_tp_x_dp_and_without_ep_every_expert_cut)
{
	struct experts_split es;

	experts_split_for(128, 1, 8, true, 0, &es);
	cr_assert(es.ep);
	cr_assert_eq(es.group, 8);
	cr_assert_eq(es.moe_tp, 1, "no expert is cut under EP");
	cr_assert_eq(es.experts, 16);
	/* FusedMoEParallelConfig.make: without EP, TP is flattened across DP */
	experts_split_for(128, 1, 8, false, 0, &es);
	cr_assert(!es.ep);
	cr_assert_eq(es.moe_tp, 8);
	cr_assert_eq(es.experts, 128);
	/* EP on one rank is no EP (dp x tp > 1 is vLLM's condition) */
	experts_split_for(128, 1, 1, true, 0, &es);
	cr_assert(!es.ep);
	/* dense models keep the TP split */
	experts_split_for(0, 4, 2, true, 0, &es);
	cr_assert(!es.ep);
	cr_assert_eq(es.moe_tp, 4);
}

Test(placement, every_card_of_an_ep_instance_names_its_experts)
{
	struct node n = node(8, 8);
	int i;

	placement_compute(&n, 1, 1, 1, 8, 0, 0, &p);
	placement_assign_experts(&p, 256, true, false);
	cr_assert(p.ep);
	for (i = 0; i < 8; i++) {
		cr_assert_eq(p.slots[i].ep_rank, i);
		cr_assert_eq(p.slots[i].expert_first, 32 * i);
		cr_assert_eq(p.slots[i].expert_count, 32);
	}
	/* TP 2 x DP 4: the EP rank is dp_rank x tp + tp_rank */
	placement_compute(&n, 1, 2, 1, 4, 0, 0, &p);
	placement_assign_experts(&p, 128, true, false);
	cr_assert_eq(p.slots[5].dp_rank, 2);
	cr_assert_eq(p.slots[5].tp_rank, 1);
	cr_assert_eq(p.slots[5].ep_rank, 5);
	cr_assert_eq(p.slots[5].expert_first, 80);
	/* without EP every card holds all of them, each cut in 8 */
	placement_assign_experts(&p, 128, false, false);
	cr_assert(!p.ep);
	cr_assert_eq(p.slots[5].expert_count, 128);
}

/* The plan of model on 8 x H200 with TP tp, DP dp, EP on or off. */
static void
h200_plan(const char *model, const char *ckpt, int tp, int dp, bool ep,
    struct plan *pl)
{
	struct plan_input in;

	test_input(&in, "h200-sxm", model, ckpt);
	in.tp = tp;
	in.dp = dp;
	in.expert_parallel = ep ? 1 : 0;
	plan_compute(test_catalogue(), &in, pl);
}

Test(placement, qwen3_235b_tp8_against_dp8_ep_by_hand)
{
	const struct catalogue *c = test_catalogue();
	const struct model *m =
	    &c->models[catalogue_find_model(c, "Qwen/Qwen3-235B-A22B")];
	struct experts_split es;
	struct weights_breakdown w;
	struct plan a, b;

	/*
	 * H 4096, 64 heads, 4 KV heads of 128, 94 layers, all MoE: 128
	 * experts of 3 x 4096 x 1536 in BF16.  Experts: 3 x 4096 x 1536 x
	 * 128 x 94 x 2 B = 454,192,791,552 B, an eighth per rank both ways
	 * (TP 8 cuts each, EP 8 gives 16 whole): 56,774,098,944 B.
	 * Attention at TP 8: q and o 4096 x 64 x 128 / 8 each, k and v one
	 * KV head each (4 < 8: replicated) = 9,437,184 x 94 x 2 B =
	 * 1,774,190,592 B; at TP 1 (each DP rank whole): 71,303,168 x 94 x
	 * 2 B = 13,404,995,584 B.
	 */
	experts_split_for(m->n_experts, 8, 1, false, 0, &es);
	weights_rank_split(m, FMT_BF16, 2, 8, 1, 0, &es, &w);
	cr_assert_float_eq(w.linear, 58548289536.0, 1.0, "%.0f", w.linear);
	experts_split_for(m->n_experts, 1, 8, true, 0, &es);
	weights_rank_split(m, FMT_BF16, 2, 1, 1, 0, &es, &w);
	cr_assert_float_eq(w.linear, 70179094528.0, 1.0, "%.0f", w.linear);

	h200_plan("Qwen/Qwen3-235B-A22B", "bf16", 8, 1, false, &a);
	h200_plan("Qwen/Qwen3-235B-A22B", "bf16", 1, 8, true, &b);
	cr_assert_eq(a.phase, PHASE_NONE, "%s", a.message);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	cr_assert(b.expert_parallel);
	cr_assert_eq(b.ep_size, 8);
	cr_assert_eq(b.experts_per_rank, 16);
	/* KV per rank: 94 x 2 x heads x 128 x 2 B; one head at TP 8, four on
	 * each DP rank */
	cr_assert_eq(a.bytes_per_token, 48128);
	cr_assert_eq(b.bytes_per_token, 192512);
	/* the difference in weights: the attention (11,630,804,992 B), the
	 * embedding and head not cut in 8 (151,936 x 4096 x 2 B x 2 x 7/8 =
	 * 2,178,154,496 B) and the expert map (4 x 128 x 94 = 48,128 B):
	 * 13,809,007,616 B, scaled to the published files */
	cr_assert_float_eq((double)(b.weights - a.weights) / 13809007616.0, 1.0,
	    0.02, "%lld", (long long)(b.weights - a.weights));
}

Test(placement, deepseek_v3_ep_holds_an_eighth_of_the_experts)
{
	const struct catalogue *c = test_catalogue();
	const struct model *m =
	    &c->models[catalogue_find_model(c, "deepseek-ai/DeepSeek-V3")];
	struct experts_split es;
	struct weights_breakdown whole, ep, cut;
	struct plan a, b;

	/* 58 MoE layers (3 dense first) of 256 experts 3 x 7168 x 2048: on an
	 * EP 8 rank 224 experts fewer than on one card, 224 x 44,040,192 x 58
	 * x 2 B = 1,144,340,348,928 B in BF16; FusedMoE's int32 map adds
	 * 4 x 256 x 58 = 59,392 B */
	weights_rank(m, FMT_BF16, 2, 1, 1, 0, &whole);
	experts_split_for(m->n_experts, 1, 8, true, 0, &es);
	weights_rank_split(m, FMT_BF16, 2, 1, 1, 0, &es, &ep);
	cr_assert_float_eq(whole.linear - ep.linear, 1144340348928.0, 1.0);
	cr_assert_float_eq(ep.other - whole.other, 59392.0, 0.5);
	/* without EP the same bytes, each expert cut over TP x DP = 8 */
	experts_split_for(m->n_experts, 1, 8, false, 0, &es);
	weights_rank_split(m, FMT_BF16, 2, 1, 1, 0, &es, &cut);
	cr_assert_float_eq(cut.linear, ep.linear, 1.0);

	h200_plan("deepseek-ai/DeepSeek-V3", NULL, 8, 1, false, &a);
	h200_plan("deepseek-ai/DeepSeek-V3", NULL, 1, 8, true, &b);
	cr_assert_eq(a.phase, PHASE_NONE, "%s", a.message);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	cr_assert_eq(b.experts_per_rank, 32);
	/* MLA: one latent per token whatever the TP, 61 x 576 x 2 B */
	cr_assert_eq(a.bytes_per_token, 70272);
	cr_assert_eq(b.bytes_per_token, 70272);
	/* the whole attention on each DP rank costs weights, so fewer blocks */
	cr_assert_gt(b.weights, a.weights);
	cr_assert_lt(b.num_blocks, a.num_blocks);
}

Test(placement, gpt_oss_120b_ep_pads_whole_experts)
{
	const struct catalogue *c = test_catalogue();
	const struct model *m =
	    &c->models[catalogue_find_model(c, "openai/gpt-oss-120b")];
	struct experts_split es;
	struct plan cut, ep;

	/*
	 * Marlin (H200, vLLM 0.32): I' = up(I, 128), H' = up(2880, 256) = 3072.
	 * Per expert, uint8 [2I', H'/2] + e8m0 [2I', H'/32] + bf16 bias, w2
	 * alike.  Cut in 8 (I = 360 -> 384): 128 experts x 36 layers pad
	 * 1,054,605,312 B; whole (I = 2880 -> 2944): 16 experts pad
	 * 688,472,064 B.
	 */
	experts_split_for(m->n_experts, 1, 8, false, 0, &es);
	cr_assert_eq(weights_mxfp4_padding_split(m, MXFP4_MARLIN, &es, 0, 36),
	    1054605312);
	experts_split_for(m->n_experts, 1, 8, true, 0, &es);
	cr_assert_eq(weights_mxfp4_padding_split(m, MXFP4_MARLIN, &es, 0, 36),
	    688472064);
	h200_plan("openai/gpt-oss-120b", NULL, 1, 8, false, &cut);
	h200_plan("openai/gpt-oss-120b", NULL, 1, 8, true, &ep);
	cr_assert_eq(ep.phase, PHASE_NONE, "%s", ep.message);
	/* the same expert bytes either way: the difference is the padding and
	 * the expert map (4 x 128 x 36 = 18,432 B) */
	cr_assert_float_eq((double)(ep.weights - cut.weights),
	    688472064.0 - 1054605312.0 + 18432.0, 4096.0, "%lld",
	    (long long)(ep.weights - cut.weights));
}

Test(placement, ep_refusals_name_what_is_not_modelled)
{
	struct plan pl;
	struct plan_input in;

	h200_plan("Qwen/Qwen3-235B-A22B", "bf16", 2, 4, true, &pl);
	cr_assert_eq(pl.phase, PHASE_CONFIG);
	cr_assert(strstr(pl.message, "sequence-parallel") != NULL, "%s",
	    pl.message);
	test_input(&in, "h200-sxm", "Qwen/Qwen3-235B-A22B", "bf16");
	in.dp = 8;
	in.expert_parallel = 1;
	in.lora.enabled = true;
	plan_compute(test_catalogue(), &in, &pl);
	cr_assert_eq(pl.phase, PHASE_CONFIG);
	cr_assert(strstr(pl.message, "--enable-lora") != NULL, "%s",
	    pl.message);
	/* vLLM's assertion (FusedMoEWithLoRA) */
	cr_assert(strstr(pl.message,
		      "EP support for Fused MoE LoRA is not implemented "
		      "yet.") != NULL,
	    "%s", pl.message);
	/* a dense model ignores the flag, as vLLM does */
	h200_plan("Qwen/Qwen2.5-7B-Instruct", NULL, 1, 8, true, &pl);
	cr_assert(!pl.expert_parallel);
	cr_assert_eq(pl.phase, PHASE_NONE, "%s", pl.message);
}

Test(placement, dgx_spark_says_its_unified_memory_is_not_exact)
{
	struct plan_input in;
	struct plan pl;

	test_input(&in, "gb10", "Qwen/Qwen3-30B-A3B", NULL);
	plan_compute(test_catalogue(), &in, &pl);
	/* CUDA's total on GB10 is the shared pool: 121.69 GiB, of which the
	 * 0.92 default asks 111.95 GiB */
	cr_assert_float_eq(test_gib(pl.total), 121.69, 0.005);
	cr_assert_float_eq(test_gib(pl.requested), 111.95, 0.01);
	cr_assert(pl.card_assumption[0] != '\0');
	cr_assert(strstr(pl.card_assumption, "unified memory") != NULL);
	/* a discrete card says nothing of the kind */
	test_input(&in, "h200-sxm", "Qwen/Qwen3-30B-A3B", NULL);
	plan_compute(test_catalogue(), &in, &pl);
	cr_assert_str_empty(pl.card_assumption);
}

Test(placement, tp_over_two_one_card_nodes_crosses_the_network_not_pcie)
{
	struct node n = node(1, 0);

	placement_compute(&n, 2, 2, 1, 1, 0, 0, &p);
	cr_assert(p.tp_crosses_nodes);
	cr_assert(!p.tp_over_pcie);
}

Test(placement, the_plan_on_nodes_refuses_in_vllms_words)
{
	struct plan_input in;
	struct plan pl;

	/* --node hgx-h100-8: 8 cards of a node, TP 16 */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.3-70B-Instruct", NULL);
	in.gpus = 8;
	in.node_gpus = 8;
	in.tp = 16;
	plan_compute(test_catalogue(), &in, &pl);
	cr_assert_eq(pl.phase, PHASE_CONFIG);
	cr_assert(strncmp(pl.message,
		      "World size (16) is larger than the number "
		      "of available GPUs (8) in this node.",
		      60) == 0,
	    "%s", pl.message);
	cr_assert_null(strstr(pl.message, "needs 16 GPUs"));
	/* two nodes, TP 8 x DP 4 = 32 cards: Ray's placement-group words */
	in.gpus = 16;
	in.tp = 8;
	in.dp = 4;
	plan_compute(test_catalogue(), &in, &pl);
	cr_assert_eq(pl.phase, PHASE_CONFIG);
	cr_assert(strstr(pl.message,
		      "exceeds the total number of available GPUs "
		      "in the placement group") != NULL,
	    "%s", pl.message);
	/* without --node headroom's own words stay */
	in.node_gpus = 0;
	plan_compute(test_catalogue(), &in, &pl);
	cr_assert(strstr(pl.message, "needs 32 GPUs") != NULL, "%s",
	    pl.message);
}

Test(placement, round_robin_where_vllm_keeps_it)
{
	struct node n = node(8, 8);
	struct plan_input in;
	struct plan pl;

	/* DeepSeek-V3 (n_group 8) on EP 8 over TP 8: rank 3 holds 3, 11, ... */
	test_input(&in, "h200-sxm", "deepseek-ai/DeepSeek-V3", NULL);
	in.tp = 8;
	in.expert_parallel = 1;
	in.expert_placement = 1;
	plan_compute(test_catalogue(), &in, &pl);
	cr_assert(pl.experts_round_robin);
	placement_compute(&n, 1, 8, 1, 1, 0, 0, &p);
	placement_assign_experts(&p, 256, true, pl.experts_round_robin);
	cr_assert_eq(p.slots[3].expert_first, 3);
	cr_assert_eq(p.slots[3].expert_stride, 8);
	cr_assert_eq(p.slots[3].expert_count, 32);
	/* with DP the allgather_reducescatter kernels fall back to linear */
	in.tp = 1;
	in.dp = 8;
	plan_compute(test_catalogue(), &in, &pl);
	cr_assert(!pl.experts_round_robin);
	/* and models without expert groups never take it (Qwen3) */
	test_input(&in, "h200-sxm", "Qwen/Qwen3-235B-A22B", "bf16");
	in.tp = 8;
	in.expert_parallel = 1;
	in.expert_placement = 1;
	plan_compute(test_catalogue(), &in, &pl);
	cr_assert(!pl.experts_round_robin);
}

Test(placement, context_parallelism_is_refused_by_name)
{
	struct plan_input in;
	struct plan pl;

	test_input(&in, "h200-sxm", "deepseek-ai/DeepSeek-V3", NULL);
	in.tp = 8;
	in.dcp = 8;
	plan_compute(test_catalogue(), &in, &pl);
	cr_assert_eq(pl.phase, PHASE_CONFIG);
	cr_assert(strstr(pl.message, "--decode-context-parallel-size 8") !=
		NULL,
	    "%s", pl.message);
	in.dcp = 1;
	plan_compute(test_catalogue(), &in, &pl);
	cr_assert_eq(pl.phase, PHASE_NONE, "%s", pl.message);
}
