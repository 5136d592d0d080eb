/*
 * deploy.h - a plan on a deployment of nodes (--node ID --nodes N): the
 * placement of its ranks and replicas, folded into the plan's verdict
 * when vLLM would refuse it, and written into the reports.
 */
#ifndef HEADROOM_DEPLOY_H
#define HEADROOM_DEPLOY_H

#include <cjson/cJSON.h>

#include "core/placement.h"
#include "core/plan.h"
#include "io/strbuf.h"

/*
 * The vLLM instances the plan's cards hold: its replicas over its DP size
 * (plan.replicas counts every DP rank, an engine with its own KV cache),
 * at least 1.
 */
int deploy_instances(const struct plan *p);

/*
 * Places the plan of input in on nodes servers of the catalogue's node
 * (--node, --nodes; node -1 = none given) into pl and returns pl, or NULL
 * when no --node was given.  A placement vLLM refuses turns a starting plan
 * into a refusal at the config phase with vLLM's message.
 */
const struct placement *deploy_place(const struct catalogue *,
    const struct plan_input *in, int node, int nodes, struct plan *p,
    struct placement *pl);

/*
 * No --node: one host holding the cards the plan uses (its replicas, or the
 * cards its MIG slices take), NVLink among them when the card has it.
 * Fills host (its strings are literals) and pl.
 */
void deploy_place_host(const struct catalogue *, const struct plan_input *,
    const struct plan *p, struct node *host, struct placement *pl);

/*
 * The link a TP group of tp cards crosses on nodes of nd: NVLink inside
 * the domain, else PCIe inside a node, else the network between nodes.
 */
void deploy_tp_link(const struct node *nd, int tp, const char **link,
    double *gbs);

/* The placement as the JSON report's "placement" (null without nodes). */
cJSON *deploy_json(const struct node *, const struct placement *);
/* The placement as lines of the text report (nothing without nodes), its
 * price in cur (price.h; NULL = USD). */
void deploy_text(struct strbuf *, const struct node *, const struct placement *,
    const struct price_currency *cur);

#endif
