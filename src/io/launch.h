/*
 * launch.h - the commands that launch a plan.
 *
 * One `vllm serve` line, unless the plan's replicas are separate servers:
 * replicas that come from the cards available (--gpus N with a plan that
 * fits fewer) or from MIG slices (one vLLM instance per slice).  Then
 * there is one line per replica, each pinned to its own devices with
 * CUDA_VISIBLE_DEVICES (cards 0,1 then 2,3 ...; the user's own list split
 * the same way when it names enough devices; a MIG slice's UUID
 * placeholder 'MIG-<uuid-N>', from nvidia-smi -L) and listening on its
 * own --port (8000, 8001 ..., or up from the --port the plan carries).
 * With --data-parallel-size vLLM starts the replicas itself: one line.
 */
#ifndef HEADROOM_IO_LAUNCH_H
#define HEADROOM_IO_LAUNCH_H

#include <stddef.h>

#include "core/catalogue.h"
#include "core/plan.h"

#define LAUNCH_BASE_PORT 8000

/* How many launch lines the plan takes (>= 1). */
int launch_count(const struct plan_input *, const struct plan *);

/*
 * The launch lines, a NULL-terminated array of malloc'd commands (a value
 * may hold a line break, so they are not joined here); all as
 * cli_format_command()'s explicit_all.  *n (when not NULL) gets how many.
 * Free with launch_free().
 */
char **launch_lines(const struct catalogue *, const struct plan_input *,
    const struct plan *, int all, int *n);
/* The lines joined with '\n' (no newline after the last), malloc'd. */
char *launch_join(char *const *lines);
void launch_free(char **lines);

/*
 * The shell comment that goes before the launch lines of a command file:
 * how to run one line per replica, or a MIG slice's UUID; "" for one
 * plain command.  Lines end in '\n'.
 */
void launch_comment(const struct plan_input *, int n, char *buf, size_t len);

#endif
