/*
 * vllmargs.h - vLLM's arguments from the three places people keep them:
 * a pasted command line, a `vllm serve --config FILE.yaml` file, and the
 * "non-default args: {...}" dictionary vLLM prints at startup.
 *
 * Each source becomes the same thing: the words `vllm serve` would see
 * after its subcommand ([MODEL] --flag value ...), grouped per flag with
 * the file position the group came from, so a caller can parse them with
 * the command-line parser and still report file:line:column.  Nothing
 * here knows which flags headroom models; nothing is executed.
 */
#ifndef HEADROOM_VLLMARGS_H
#define HEADROOM_VLLMARGS_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "shellwords.h"

/* One flag with its values: words[first .. first + n), from line:col (0 = none). */
struct vllm_arg_group {
	size_t first, n;
	int line, col;
};

struct vllm_args {
	struct shellwords words; /* [MODEL] --flag [value]... */
	struct vllm_arg_group *group; /* flag groups, in order */
	size_t n_group, cap_group;
	/* what a pasted command said besides the arguments */
	struct shellwords env; /* VAR=value assignments in front of it */
	bool mig; /* it pins a MIG slice (MIG-<uuid>, device=N:M) */
	char launcher[64]; /* "vllm serve", "python -m ...", "docker run" */
	int version; /* VLLM_VER() of a docker image tag; 0 = none */
	char note[256]; /* worth telling the user; "" when nothing */
};

/*
 * A pasted command: leading VAR=value assignments (and env), then
 * `vllm serve`, `python[3] -m vllm.entrypoints.openai.api_server`, or
 * `docker run ... vllm/vllm-openai:TAG`, then the model and flags.  The
 * text is split by shellwords_split(), which refuses anything a shell
 * would have to run or expand.  Returns 0, or -1 with the reason in err.
 */
int vllmargs_from_command(const char *text, struct vllm_args *, char *err,
    size_t errlen);

/*
 * `--config FILE` as vLLM reads it: only .yaml/.yml ("Config file must be
 * of a yaml/yml type. {ext} supplied"), a flat mapping of long option
 * names without dashes; scalar -> --key value, true -> --key, false ->
 * nothing, list -> --key v1 v2 (empty: nothing), mapping -> --key JSON.
 * `model:` becomes --model.  Errors read "FILE:LINE:COL: what".  args is
 * zeroed first.
 */
int vllmargs_from_config(const char *path, struct vllm_args *, char *err,
    size_t errlen);

/*
 * The same conversion for a mapping already parsed by yamltree (the
 * `vllm:` section of a scenario), appended to args (zeroed or in use).
 * path names the file in messages.
 */
int vllmargs_from_mapping(const cJSON *map, const char *path,
    struct vllm_args *, char *err, size_t errlen);

/*
 * vLLM's "non-default args: {...}" (a Python dict repr): 'model_tag'
 * becomes the positional model, True -> --key, False -> --no-key, None
 * is skipped, lists and dicts as in a config file.  Values Python prints
 * as objects (<Enum.X: 1>, Foo(...)) are skipped and named in note.
 */
int vllmargs_from_pydict(const char *repr, struct vllm_args *, char *err,
    size_t errlen);

/*
 * Parses a Python literal (dict, list, tuple, str, int, float, True,
 * False, None) into cJSON; objects it cannot read become null.  *end is
 * set past the literal.  NULL with a message on a syntax error.
 */
cJSON *vllmargs_parse_pyliteral(const char *s, const char **end, char *err,
    size_t errlen);

void vllmargs_done(struct vllm_args *);

#endif
