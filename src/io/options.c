/*
 * options.c - the table of headroom's own options and the look-up over it
 * and vLLM's flag table (see options.h).
 */
#include "options.h"

#include <string.h>

static const struct options_entry opts[] = {
	{ "report", OPTIONS_REPORT, 1, 0 },
	{ "gpu", OPTIONS_GPU, 1, 0 },
	{ "mig", OPTIONS_MIG, 1, 0 },
	{ "gpus", OPTIONS_GPUS, 1, 0 },
	{ "node", OPTIONS_NODE, 1, 0 },
	{ "nodes", OPTIONS_NODES, 1, 0 },
	{ "gpu-total-gib", OPTIONS_GPU_TOTAL, 1, 0 },
	{ "model", OPTIONS_MODEL, 1, 1 },
	{ "revision", OPTIONS_REVISION, 1, 1 },
	{ "checkpoint", OPTIONS_CHECKPOINT, 1, 0 },
	{ "tokens-per-request", OPTIONS_TPR, 1, 0 },
	{ "other-usage", OPTIONS_OTHER, 1, 0 },
	{ "vllm-version", OPTIONS_VERSION_V, 1, 0 },
	{ "overhead", OPTIONS_OVERHEAD, 1, 0 },
	{ "list", OPTIONS_LIST, 1, 0 },
	{ "no-color", OPTIONS_NO_COLOR, 0, 0 },
	{ "ascii", OPTIONS_ASCII, 0, 0 },
	{ "theme", OPTIONS_THEME, 1, 0 },
	{ "help", OPTIONS_HELP, 0, 0 },
	{ "version", OPTIONS_VERSION, 0, 0 },
	{ "explicit", OPTIONS_EXPLICIT, 0, 0 },
	{ "currency", OPTIONS_CURRENCY, 1, 0 },
	{ "from-command", OPTIONS_FROM_COMMAND, 1, 0 },
	{ "export", OPTIONS_EXPORT, 1, 0 },
	{ "output", OPTIONS_OUTPUT, 1, 0 },
	{ "scenario", OPTIONS_SCENARIO, 1, 0 },
	{ "save-scenario", OPTIONS_SAVE_SCENARIO, 1, 0 },
	{ "check", OPTIONS_CHECK, 1, 0 },
	{ "compare", OPTIONS_COMPARE, 1, 0 },
	{ "calibrate", OPTIONS_CALIBRATE, 1, 0 },
	{ "save-calibration", OPTIONS_SAVE_CALIBRATION, 0, 0 },
	{ "force", OPTIONS_FORCE, 0, 0 },
	{ "need", OPTIONS_NEED, 1, 0 },
	{ "cards", OPTIONS_CARDS, 1, 0 },
	{ "max-cards", OPTIONS_MAX_CARDS, 1, 0 },
	{ "rank", OPTIONS_RANK, 1, 0 },
	{ "format", OPTIONS_FORMAT, 1, 0 },
	{ "instance", OPTIONS_INSTANCE, 1, 0 },
	{ "compare-version", OPTIONS_COMPARE_VERSION, 1, 0 },
	{ "config", OPTIONS_CONFIG, 1, 1 },
};
#define N_OPTS (sizeof opts / sizeof opts[0])

void
options_normalise(const char *in, char *out, size_t len)
{
	size_t i;

	for (i = 0; in[i] && i + 1 < len; i++)
		out[i] = in[i] == '_' ? '-' : in[i];
	out[i] = '\0';
}

int
options_hit_takes(struct options_hit h)
{
	if (h.o != NULL)
		return h.o->takes;
	return h.f->kind == VFK_BOOL ? 0 : h.f->kind == VFK_LIST ? 2 : 1;
}

const char *
options_hit_name(struct options_hit h)
{
	return h.o != NULL ? h.o->name : h.f->name;
}

/* Exact name, else the unique prefix over both tables (argparse allow_abbrev). */
struct options_hit
options_find(const char *name, int *ambiguous)
{
	struct options_hit h = { NULL, NULL }, none = { NULL, NULL };
	size_t i, n = strlen(name), hits = 0;

	*ambiguous = 0;
	for (i = 0; i < N_OPTS; i++)
		if (strcmp(opts[i].name, name) == 0) {
			h.o = &opts[i];
			return h;
		}
	for (i = 0; i < VF_COUNT; i++)
		if (strcmp(vllm_flags[i].name, name) == 0) {
			h.f = &vllm_flags[i];
			return h;
		}
	for (i = 0; i < N_OPTS; i++)
		if (strncmp(opts[i].name, name, n) == 0) {
			h.o = &opts[i];
			hits++;
		}
	for (i = 0; i < VF_COUNT; i++)
		if (strncmp(vllm_flags[i].name, name, n) == 0) {
			h.f = &vllm_flags[i];
			hits++;
		}
	if (hits > 1)
		*ambiguous = 1;
	return hits == 1 ? h : none;
}

static struct options_hit
options_of_word(const char *word)
{
	struct options_hit none = { NULL, NULL };
	char n[128], *eq;
	int ambiguous;

	if (strncmp(word, "--", 2) != 0 || word[2] == '\0')
		return none;
	options_normalise(word + 2, n, sizeof n);
	if ((eq = strchr(n, '=')) != NULL)
		*eq = '\0';
	return options_find(n, &ambiguous);
}

int
options_word_is(const char *word, const char *name)
{
	struct options_hit h = options_of_word(word);

	return (h.o != NULL || h.f != NULL) &&
	    strcmp(options_hit_name(h), name) == 0;
}

int
options_takes(const char *word, const char **name)
{
	struct options_hit h = options_of_word(word);

	if (h.o == NULL && h.f == NULL)
		return -1;
	if (name != NULL)
		*name = options_hit_name(h);
	return options_hit_takes(h);
}

const char *
options_at(size_t i, int *takes)
{
	struct options_hit h = { NULL, NULL };

	if (i < N_OPTS)
		h.o = &opts[i];
	else if (i - N_OPTS < VF_COUNT)
		h.f = &vllm_flags[i - N_OPTS];
	else
		return NULL;
	if (takes != NULL)
		*takes = options_hit_takes(h);
	return options_hit_name(h);
}
