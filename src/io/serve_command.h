/*
 * serve_command.h - the `vllm serve` line of a plan: the model vLLM is
 * given, the environment assignments before it and the flags that differ
 * from vLLM's defaults, each word POSIX shell-quoted.  Every export
 * (export.h, launch.h, the cluster files) starts from this one writer.
 */
#ifndef HEADROOM_SERVE_COMMAND_H
#define HEADROOM_SERVE_COMMAND_H

#include <stddef.h>

#include "core/catalogue.h"
#include "core/plan.h"

/*
 * Writes the `vllm serve ...` line for a plan: only flags that differ from
 * vLLM's defaults for the version (all of them with explicit_all), each
 * argument POSIX shell-quoted.  Returns the length written.
 */
size_t serve_command_format(const struct catalogue *, const struct plan_input *,
    const struct plan *, int explicit_all, char *buf, size_t len);

/*
 * The model id a plan runs, from its model and checkpoint alone: the
 * checkpoint repo, the model id, or a local folder's path.
 */
const char *serve_command_model(const struct catalogue *,
    const struct plan_input *);

/*
 * Whether the plan's weight format was derived from the architecture with
 * no checkpoint of it (--checkpoint awq or fp8, without -q, on a catalogue
 * model with no such export): the serve line then names the model's own
 * 16-bit weights.  For FP8 the line carries --quantization fp8, what vLLM
 * needs to load FP8 weights from them; other formats it cannot serve.
 */
bool serve_command_derived(const struct plan_input *);
#endif
