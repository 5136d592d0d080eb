/*
 * deploy.c - plans on nodes (see deploy.h).
 */
#include "deploy.h"

#include <stdio.h>
#include <string.h>

#include "io/price.h"

int
deploy_instances(const struct plan *p)
{
	int dp = p->dp > 0 ? p->dp : 1, n = p->replicas / dp;

	return n > 0 ? n : 1;
}

const struct placement *
deploy_place(const struct catalogue *c, const struct plan_input *in, int node,
    int nodes, struct plan *p, struct placement *pl)
{
	const struct node *nd;
	int slices = 0;

	if (node < 0 || (size_t)node >= c->n_nodes)
		return NULL;
	nd = &c->nodes[node];
	if (in->mig >= 0 && in->gpu >= 0)
		slices = c->gpus[in->gpu].mig[in->mig].max_count;
	placement_compute(nd, nodes, p->tp, p->pp, p->dp,
	    slices > 0 ? p->replicas : deploy_instances(p), slices, pl);
	placement_assign_experts(pl, in->model ? in->model->n_experts : 0,
	    p->expert_parallel, p->experts_round_robin);
	/* vLLM checks the world size when it parses its arguments, before any
	 * other check headroom models (vllm/config/parallel.py) */
	if (pl->refused) {
		p->phase = PHASE_CONFIG;
		snprintf(p->message, sizeof p->message, "%s", pl->message);
	}
	return pl;
}

void
deploy_place_host(const struct catalogue *c, const struct plan_input *in,
    const struct plan *p, struct node *host, struct placement *pl)
{
	const struct gpu *g = in->gpu >= 0 && (size_t)in->gpu < c->n_gpus
	    ? &c->gpus[in->gpu]
	    : NULL;
	int inst = p->tp * p->pp * p->dp, reps = deploy_instances(p),
	    slices = 0;

	memset(host, 0, sizeof *host);
	host->id = "host";
	host->name = "one host";
	host->gpu = in->gpu;
	if (in->mig >= 0 && g != NULL) {
		reps = p->replicas > 0 ? p->replicas : 1;
		slices = g->mig[in->mig].max_count;
		host->gpus_per_node = (reps + slices - 1) / slices;
	} else {
		host->gpus_per_node = inst * reps;
	}
	if (host->gpus_per_node < 1)
		host->gpus_per_node = 1;
	host->nvlink_domain =
	    g != NULL && g->nvlink_gbs > 0 ? host->gpus_per_node : 0;
	placement_compute(host, 1, p->tp, p->pp, p->dp, reps, slices, pl);
	placement_assign_experts(pl, in->model ? in->model->n_experts : 0,
	    p->expert_parallel, p->experts_round_robin);
}

void
deploy_tp_link(const struct node *nd, int tp, const char **link, double *gbs)
{
	if (tp > nd->gpus_per_node && nd->nvlink_domain < tp) {
		*link = "network";
		*gbs = nd->inter_gbs;
	} else if (nd->nvlink_domain >= tp && nd->nvlink_domain > 0) {
		*link = "NVLink";
		*gbs = nd->intra_gbs;
	} else {
		*link = "PCIe";
		*gbs = nd->nvlink_domain == 0 ? nd->intra_gbs : 64;
	}
}

/* A busy card's routed experts: its MoE rank, the first and how many. */
static void
add_experts_json(cJSON *g, const struct placement *pl,
    const struct placement_slot *s)
{
	cJSON *e = cJSON_AddObjectToObject(g, "experts");

	cJSON_AddNumberToObject(e, "ep_rank", s->ep_rank);
	cJSON_AddNumberToObject(e, "first", s->expert_first);
	cJSON_AddNumberToObject(e, "count", s->expert_count);
	cJSON_AddNumberToObject(e, "stride", s->expert_stride);
	cJSON_AddNumberToObject(e, "split", pl->ep ? 1 : pl->tp * pl->dp);
}

cJSON *
deploy_json(const struct node *nd, const struct placement *pl)
{
	cJSON *o, *arr, *nodes;
	int i, n;

	if (nd == NULL || pl == NULL)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "node", nd->id);
	cJSON_AddStringToObject(o, "name", nd->name);
	cJSON_AddNumberToObject(o, "nodes", pl->nodes);
	cJSON_AddNumberToObject(o, "gpus_per_node", pl->gpus_per_node);
	cJSON_AddNumberToObject(o, "nvlink_domain", nd->nvlink_domain);
	cJSON_AddNumberToObject(o, "instance_gpus", pl->instance_gpus);
	cJSON_AddNumberToObject(o, "nodes_per_instance",
	    pl->nodes_per_instance);
	cJSON_AddNumberToObject(o, "replicas", pl->replicas);
	cJSON_AddBoolToObject(o, "expert_parallel", pl->ep);
	cJSON_AddBoolToObject(o, "refused", pl->refused);
	if (pl->refused)
		cJSON_AddStringToObject(o, "message", pl->message);
	else
		cJSON_AddNullToObject(o, "message");
	arr = cJSON_AddArrayToObject(o, "notes");
	for (i = 0; i < pl->n_notes; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(pl->notes[i]));
	if (nd->price_per_hour > 0)
		cJSON_AddNumberToObject(o, "price_per_hour_usd",
		    nd->price_per_hour * pl->nodes);
	else
		cJSON_AddNullToObject(o, "price_per_hour_usd");
	nodes = cJSON_AddArrayToObject(o, "layout");
	for (n = 0; n < pl->nodes; n++) {
		cJSON *node = cJSON_CreateObject(), *gpus = cJSON_CreateArray();

		cJSON_AddNumberToObject(node, "node", n);
		for (i = 0; i < pl->n_slots; i++) {
			const struct placement_slot *s = &pl->slots[i];
			cJSON *g;

			if (s->node != n)
				continue;
			g = cJSON_CreateObject();
			cJSON_AddNumberToObject(g, "gpu", s->gpu);
			if (s->slice >= 0)
				cJSON_AddNumberToObject(g, "mig_slice",
				    s->slice);
			if (s->replica < 0) {
				cJSON_AddNullToObject(g, "replica");
			} else {
				cJSON_AddNumberToObject(g, "replica",
				    s->replica);
				cJSON_AddNumberToObject(g, "dp_rank",
				    s->dp_rank);
				cJSON_AddNumberToObject(g, "pp_stage",
				    s->pp_stage);
				cJSON_AddNumberToObject(g, "tp_rank",
				    s->tp_rank);
				if (pl->n_experts > 0)
					add_experts_json(g, pl, s);
			}
			cJSON_AddItemToArray(gpus, g);
		}
		cJSON_AddItemToObject(node, "gpus", gpus);
		cJSON_AddItemToArray(nodes, node);
	}
	return o;
}

/* one card or slice of a node: idle, or its replica with its ranks and
 * experts */
static void
deploy_text_slot(struct strbuf *b, const struct placement *pl,
    const struct placement_slot *s)
{
	if (s->replica < 0)
		strbuf_printf(b, " %d%s=idle", s->gpu,
		    s->slice >= 0 ? "." : "");
	else if (s->slice >= 0)
		strbuf_printf(b, " %d.%d=r%d", s->gpu, s->slice, s->replica);
	else
		strbuf_printf(b, " %d=r%d", s->gpu, s->replica);
	if (s->replica < 0 || s->slice >= 0)
		return;
	if (pl->tp > 1 || pl->pp > 1 || pl->dp > 1)
		strbuf_printf(b, "(dp%d pp%d tp%d%s", s->dp_rank, s->pp_stage,
		    s->tp_rank, pl->ep ? "" : ")");
	if (pl->round_robin)
		strbuf_printf(b, " experts %d, %d ... %d)", s->expert_first,
		    s->expert_first + s->expert_stride,
		    s->expert_first + (s->expert_count - 1) * s->expert_stride);
	else if (pl->ep)
		strbuf_printf(b, " experts %d-%d)", s->expert_first,
		    s->expert_first + s->expert_count - 1);
}

/* how the routed experts are spread, when they are */
static void
deploy_text_experts(struct strbuf *b, const struct placement *pl)
{
	if (pl->ep)
		strbuf_printf(b,
		    "  experts: %d routed experts whole over the %d ranks "
		    "of each stage (expert parallel, %s placement); attention "
		    "split by TP %d on every DP rank\n",
		    pl->n_experts, pl->tp * pl->dp,
		    pl->round_robin ? "round_robin" : "linear", pl->tp);
	else if (pl->n_experts > 0 && pl->tp * pl->dp > 1 &&
	    pl->slices_per_gpu == 0)
		strbuf_printf(b,
		    "  experts: all %d routed experts on every card, each "
		    "split over the %d ranks of TP %d x DP %d\n",
		    pl->n_experts, pl->tp * pl->dp, pl->tp, pl->dp);
}

/* the nodes' price, in the currency shown */
static void
deploy_text_price(struct strbuf *b, const struct node *nd,
    const struct placement *pl, const struct price_currency *cur)
{
	char pr[64], note[200];

	if (nd->price_per_hour <= 0)
		return;
	strbuf_printf(b, "  price: %s per hour for %d node%s (%s, %s)\n",
	    price_format(cur, nd->price_per_hour * pl->nodes, 2, pr, sizeof pr),
	    pl->nodes, pl->nodes == 1 ? "" : "s",
	    nd->price_source ? nd->price_source : "",
	    nd->price_date ? nd->price_date : "");
	if (price_converted(cur))
		strbuf_printf(b, "  note: %s\n",
		    price_note(cur, note, sizeof note));
}

void
deploy_text(struct strbuf *b, const struct node *nd, const struct placement *pl,
    const struct price_currency *cur)
{
	int i, n;

	if (nd == NULL || pl == NULL)
		return;
	strbuf_printf(b,
	    "\nDeployment: %d x %s (%s), %d card%s each; %d "
	    "replica%s of %d card%s\n",
	    pl->nodes, nd->id, nd->name, pl->gpus_per_node,
	    pl->gpus_per_node == 1 ? "" : "s", pl->replicas,
	    pl->replicas == 1 ? "" : "s", pl->instance_gpus,
	    pl->instance_gpus == 1 ? "" : "s");
	for (n = 0; n < pl->nodes && n < 16; n++) {
		strbuf_printf(b, "  node %d:", n);
		for (i = 0; i < pl->n_slots; i++)
			if (pl->slots[i].node == n)
				deploy_text_slot(b, pl, &pl->slots[i]);
		strbuf_printf(b, "\n");
	}
	if (pl->nodes > 16)
		strbuf_printf(b, "  ... %d more nodes laid out alike\n",
		    pl->nodes - 16);
	deploy_text_experts(b, pl);
	for (i = 0; i < pl->n_notes; i++)
		strbuf_printf(b, "  note: %s\n", pl->notes[i]);
	deploy_text_price(b, nd, pl, cur);
}
