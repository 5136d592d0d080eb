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

struct cli;

/*
 * Places the plan on the cli's nodes into pl and returns pl, or NULL when
 * no --node was given.  A placement vLLM refuses turns a starting plan
 * into a refusal at the config phase with vLLM's message.
 */
const struct placement *deploy_place(const struct catalogue *, const struct cli *,
    struct plan *p, struct placement *pl);

/* The placement as the JSON report's "placement" (null without nodes). */
cJSON *deploy_json(const struct node *, const struct placement *);
/* The placement as lines of the text report (nothing without nodes). */
void deploy_text(struct strbuf *, const struct node *, const struct placement *);

#endif
