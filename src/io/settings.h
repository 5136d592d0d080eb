/*
 * settings.h - the user's defaults file, $XDG_CONFIG_HOME/headroom/
 * settings.yaml (doc/formats.md): the card, vLLM release, theme, tokens
 * per request and the like that headroom starts from when neither the
 * command line nor a scenario says otherwise.
 *
 * A setting is a headroom option without its dashes ("gpu: h200-nvl"),
 * turned into the words "--gpu h200-nvl" that cli_parse_layered() applies
 * beneath everything else; only the options listed in settings_keys are
 * allowed.  struct settings owns the words.
 */
#ifndef HEADROOM_SETTINGS_H
#define HEADROOM_SETTINGS_H

#include <stddef.h>

#define SETTINGS_MAX_WORDS 32

struct settings {
	char path[4096]; /* the file read, "" when none */
	int argc; /* words[0] is a placeholder, as argv[0] */
	char *words[SETTINGS_MAX_WORDS + 1];
	int line[SETTINGS_MAX_WORDS + 1]; /* where each word was set */
};

/* The keys a settings file may hold, NULL-terminated. */
extern const char *const settings_keys[];

/*
 * Reads path, or the user's settings.yaml when path is NULL (no file is no
 * error).  0, or -1 with "file:line:col: what" in err; s is usable (empty)
 * either way and must be released with settings_done().
 */
int settings_load(struct settings *s, const char *path, char *err,
    size_t errlen);
void settings_done(struct settings *s);

#endif
