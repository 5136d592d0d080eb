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
#include "io/report.h"

struct placement;

#define LAUNCH_BASE_PORT 8000

/* How many launch lines the plan takes (>= 1). */
int launch_count(const struct plan_input *, const struct plan *);

/*
 * The launch lines, a NULL-terminated array of malloc'd commands (a value
 * may hold a line break, so they are not joined here); all as
 * serve_command_format()'s explicit_all.  *n (when not NULL) gets how many.
 * Free with launch_free().
 */
char **launch_lines(const struct catalogue *, const struct plan_input *,
    const struct plan *, int all, int *n);
/*
 * The same with the devices of each replica from pl (node-local card
 * numbers, MIG slices as 'MIG-<uuid of GPU g slice s>'), as vLLM's ranks
 * land on --node's servers; pl NULL: counted from 0 as launch_lines().
 */
char **launch_lines_placed(const struct report_in *, const struct placement *pl,
    int *n);

/*
 * One replica's launch line, the one builder of every per-replica command
 * (--export command, the planner, the quote, --export multinode): the
 * plan's command with CUDA_VISIBLE_DEVICES=devices (NULL: none) in place of
 * the plan's own and --port port in place of the plan's own, each value
 * quoted for the shell; malloc'd.
 */
char *launch_replica_line(const struct report_in *, const char *devices,
    long port);

/* The cards of replica r on pl as a CUDA_VISIBLE_DEVICES value, its node in
 * *node (-1 when it holds none). */
void launch_placed_devices(const struct placement *pl, int r, char *buf,
    size_t len, int *node);

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
