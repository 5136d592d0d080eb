/*
 * settings.c - the user's defaults file (see settings.h).
 */
#include "settings.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/units.h"
#include "core/xalloc.h"
#include "io/price.h"
#include "io/xdg.h"
#include "io/yamltree.h"

/* options whose value is a word; the flags (no value) follow */
const char *const settings_keys[] = { "gpu", "mig", "gpus", "vllm-version",
	"theme", "tokens-per-request", "overhead", "other-usage", "no-color",
	"ascii", "explicit", "currency", NULL };
static const char *const flag_keys[] = { "no-color", "ascii", "explicit",
	NULL };

static bool
in_list(const char *const *list, const char *k)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, k) == 0)
			return true;
	return false;
}

/* A number as the command line spells it: digits and a '.', whatever the locale. */
static void
format_number(double d, char *buf, size_t len)
{
	if (d == (double)(long long)d)
		units_snprintf(buf, len, "%lld", (long long)d);
	else
		units_snprintf(buf, len, "%.15g", d);
}

static void
add_word(struct settings *s, const char *w, int line)
{
	s->words[s->argc] = xstrdup(w);
	s->line[s->argc] = line;
	s->argc++;
}

void
settings_done(struct settings *s)
{
	int i;

	for (i = 0; i < s->argc; i++)
		free(s->words[i]);
	s->argc = 0;
}

static int
fail(char *err, size_t errlen, const struct settings *s, const cJSON *root,
    const char *key, const char *what)
{
	int line, col;

	yamltree_pos(root, key, &line, &col);
	snprintf(err, errlen, "%s:%d:%d: %s: %s", s->path, line, col, key,
	    what);
	return -1;
}

static int
take(struct settings *s, const cJSON *root, const cJSON *v, char *err,
    size_t errlen)
{
	const char *k = v->string;
	char word[160], num[64];
	int line, col;

	if (!in_list(settings_keys, k))
		return fail(err, errlen, s, root, k,
		    "not a setting (settings are "
		    "gpu, mig, gpus, vllm-version, theme, tokens-per-request, "
		    "overhead, other-usage, no-color, ascii, explicit, "
		    "currency)");
	if (s->argc + 2 > SETTINGS_MAX_WORDS)
		return fail(err, errlen, s, root, k, "too many settings");
	yamltree_pos(root, k, &line, &col);
	snprintf(word, sizeof word, "--%s", k);
	if (in_list(flag_keys, k)) {
		if (!cJSON_IsBool(v))
			return fail(err, errlen, s, root, k,
			    "expected true or false");
		if (cJSON_IsTrue(v))
			add_word(s, word, line);
		return 0;
	}
	if (strcmp(k, "currency") == 0) {
		struct price_currency c;
		char why[200];

		if (!cJSON_IsString(v))
			return fail(err, errlen, s, root, k,
			    "expected CODE=RATE or "
			    "CODE=RATE@YYYY-MM-DD in quotes (e.g. "
			    "\"EUR=0.86@2026-11-30\")");
		if (price_currency_parse(v->valuestring, &c, why, sizeof why) !=
		    0)
			return fail(err, errlen, s, root, k, why);
	}
	if (cJSON_IsString(v)) {
		add_word(s, word, line);
		add_word(s, v->valuestring, line);
	} else if (cJSON_IsNumber(v)) {
		format_number(v->valuedouble, num, sizeof num);
		add_word(s, word, line);
		add_word(s, num, line);
	} else {
		return fail(err, errlen, s, root, k, "expected a single value");
	}
	return 0;
}

int
settings_load(struct settings *s, const char *path, char *err, size_t errlen)
{
	struct stat st;
	cJSON *root, *v;

	memset(s, 0, sizeof *s);
	add_word(s, "settings", 0);
	if (path != NULL)
		snprintf(s->path, sizeof s->path, "%s", path);
	else if (xdg_user_dir(XDG_BASE_CONFIG, "/settings.yaml", s->path,
		     sizeof s->path) == NULL)
		return 0;
	if (path == NULL && stat(s->path, &st) != 0 && errno == ENOENT) {
		s->path[0] = '\0';
		return 0;
	}
	root = yamltree_load(s->path, err, errlen);
	if (root == NULL)
		return -1;
	if (cJSON_IsNull(root) ||
	    (cJSON_IsObject(root) && cJSON_GetArraySize(root) <= 1)) {
		cJSON_Delete(root);
		return 0; /* an empty file sets nothing */
	}
	if (!cJSON_IsObject(root)) {
		cJSON_Delete(root);
		snprintf(err, errlen,
		    "%s:1:1: expected a mapping of settings "
		    "(e.g. gpu: h200-nvl)",
		    s->path);
		return -1;
	}
	cJSON_ArrayForEach(v, root) {
		if (v->string[0] == '@')
			continue;
		if (take(s, root, v, err, errlen) != 0) {
			cJSON_Delete(root);
			settings_done(s);
			add_word(s, "settings", 0);
			return -1;
		}
	}
	cJSON_Delete(root);
	return 0;
}
