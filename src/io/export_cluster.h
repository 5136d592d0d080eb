/*
 * export_cluster.h - a plan as the files a cluster runs: Ray head and
 * worker commands, vLLM's own multi-node data-parallel commands (one per
 * node, with one line per replica), a compose file with one service per
 * replica, Kubernetes manifests (a Deployment and Service, or a
 * LeaderWorkerSet when an instance spans nodes).
 *
 * Every one starts from the same vllm serve words as the command export,
 * so all carry the same vLLM flags; where the ranks go comes from the
 * placement (--node, --nodes), or from one host with the cards --gpus
 * names.  Each returns a malloc'd text, or NULL with the reason in err.
 */
#ifndef HEADROOM_EXPORT_CLUSTER_H
#define HEADROOM_EXPORT_CLUSTER_H

#include <stddef.h>

#include "io/report.h"

char *export_ray(const struct report_in *, char *err, size_t errlen);
char *export_multinode(const struct report_in *, char *err, size_t errlen);
char *export_compose(const struct report_in *, char *err, size_t errlen);
char *export_kubernetes(const struct report_in *, char *err, size_t errlen);

#endif
