/*
 * deploy_view.h - the planner's deployment view (D), drawn over the panes
 * like the answer views: the nodes x cards of the deployment and what runs
 * on each card (replica, data-parallel rank, pipeline stage, tensor-
 * parallel rank), the notes, vLLM's refusal when there is one, and the
 * price; the server and the number of nodes picked inside it; and the
 * cluster exports (ray, multinode, compose, kubernetes) written from it.
 *
 * The state lives in struct deploy_view, owned by struct app (app.deploy,
 * created on first use, freed with the app).  The placement is computed
 * (placement_compute(), deploy_place_host()) when the view opens and when
 * one of its keys changes the server or the node count; the draw only
 * lays out what was placed.
 */
#ifndef HEADROOM_UI_DEPLOY_VIEW_H
#define HEADROOM_UI_DEPLOY_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "core/placement.h"
#include "io/export.h"

struct app;

struct deploy_view {
	int	 node;		/* index into catalogue.nodes; -1 = one host */
	int	 nodes;		/* how many of them (1 for the host) */
	struct node host;	/* the one host, when node < 0 */
	struct placement pl;
	enum export_format pending;	/* what the open prompt writes */
	int	 scroll;
};

/*
 * The server and node count the command line gave (--node, --nodes),
 * handed over before the planner starts; the next deployment view opened
 * starts from them (node -1: one host).
 */
void deploy_view_preset(int node, int nodes);

void deploy_view_free(struct deploy_view **);

/* Opens the view (OVERLAY_DEPLOY), placing the planner's plan. */
void deploy_view_open(struct app *);
bool deploy_view_owns(int overlay);
/* A key while the view is open. */
void deploy_view_key(struct app *, int code);
void deploy_view_draw(struct app *);

/*
 * Enter on the export prompt (PROMPT_DEPLOY_EXPORT): writes the pending
 * format to the typed path (temp file + rename).  0 when written, -1 with
 * the reason in err (the prompt stays open).
 */
int deploy_view_prompt_accept(struct app *, char *err, size_t errlen);

#endif
