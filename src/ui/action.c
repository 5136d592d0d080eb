/*
 * action.c - the key table expanded, and key -> action look-up.  Key
 * strings are parsed once, on the first look-up, into a small map.
 */
#include "action.h"

#include <stdio.h>
#include <string.h>

#include "keys.h"

static const struct action_info infos[ACT_COUNT] = {
	[ACT_NONE] = { "NONE", CTX_GLOBAL, "", "" },
#define X(id, ctx, keys, help) [ACT_##id] = { #id, ctx, keys, help },
	ACTIONS(X)
#undef X
};

const struct action_info *
action_info(enum action a)
{
	if ((int)a < 0 || a >= ACT_COUNT)
		a = ACT_NONE;
	return &infos[a];
}

size_t
action_contexts(enum pane_id focus, enum action_ctx *out, size_t max)
{
	size_t n = 0;

	if (max < 3)
		return 0;
	switch (focus) {
	case PANE_GPU:
		out[n++] = CTX_GPU;
		out[n++] = CTX_PICK;
		break;
	case PANE_MODEL:
	case PANE_CKPT: out[n++] = CTX_PICK; break;
	case PANE_FLAGS: out[n++] = CTX_FLAGS; break;
	case PANE_VERDICT: out[n++] = CTX_VERDICT; break;
	default: break;
	}
	out[n++] = CTX_GLOBAL;
	return n;
}

static bool
key_in(const char *keys, int code)
{
	const char *s = keys;

	while (*s != '\0') {
		int c;

		while (*s == ' ')
			s++;
		if (*s == '\0')
			break;
		c = keys_parse_one(&s);
		if (c == code)
			return true;
		if (c < 0)
			return false;
	}
	return false;
}

enum action
action_for_key(enum pane_id focus, int code)
{
	enum action_ctx ctx[4];
	size_t n = action_contexts(focus, ctx, 4), i;
	int a;

	code = keys_normalize(code);
	for (i = 0; i < n; i++)
		for (a = 1; a < ACT_COUNT; a++)
			if (infos[a].ctx == ctx[i] &&
			    key_in(infos[a].keys, code))
				return (enum action)a;
	return ACT_NONE;
}

const char *
action_ctx_title(enum action_ctx c)
{
	switch (c) {
	case CTX_GLOBAL: return "Everywhere";
	case CTX_PICK: return "GPU, model and checkpoint lists";
	case CTX_GPU: return "GPU list";
	case CTX_FLAGS: return "Flags";
	case CTX_VERDICT: return "Verdict";
	case CTX_COUNT: break;
	}
	return "?";
}

const char *
action_key(enum action a, char *buf, size_t len)
{
	const char *k = action_info(a)->keys;
	size_t n = strcspn(k, " ");

	snprintf(buf, len, "%.*s", (int)n, k);
	return buf;
}
