/*
 * overlay_deploy.h - what the deployment view (D, overlay_deploy.c) takes
 * from outside its keys: the server and node count the command line gave,
 * and Enter on its export prompt.
 */
#ifndef HEADROOM_UI_OVERLAY_DEPLOY_H
#define HEADROOM_UI_OVERLAY_DEPLOY_H

#include <stddef.h>

struct app;

/*
 * The server and node count the command line gave (--node, --nodes),
 * handed over before the planner starts; the next deployment view opened
 * starts from them (node -1: one host).
 */
void overlay_deploy_preset(int node, int nodes);

/*
 * Enter on the export prompt (PROMPT_DEPLOY_EXPORT): writes the pending
 * format to the typed path (temp file + rename).  0 when written, -1 with
 * the reason in err (the prompt stays open).
 */
int overlay_deploy_prompt_accept(struct app *, char *err, size_t errlen);

#endif
