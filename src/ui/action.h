/*
 * action.h - every command of the planner, its keys and its help text.
 *
 * ACTIONS() is the key table: the help overlay and doc/keys-and-themes.md
 * are generated from it, so the documented keys are the real ones.  A key
 * is looked up in the focused pane's contexts first, then everywhere.
 */
#ifndef HEADROOM_UI_ACTION_H
#define HEADROOM_UI_ACTION_H

#include <stddef.h>

#include "layout.h"

enum action_ctx {
	CTX_GLOBAL, /* everywhere */
	CTX_PICK, /* the GPU, model and checkpoint lists */
	CTX_GPU,
	CTX_FLAGS,
	CTX_VERDICT,
	CTX_COUNT
};

/* X(id, context, keys separated by spaces, help) */
#define ACTIONS(X)                                                             \
	X(QUIT, CTX_GLOBAL, "q", "quit")                                       \
	X(HELP, CTX_GLOBAL, "? <F1>", "show or hide this help")                \
	X(UNDO, CTX_GLOBAL, "u", "undo the last change")                       \
	X(NEXT_PANE, CTX_GLOBAL, "<Tab>", "focus the next pane")               \
	X(PREV_PANE, CTX_GLOBAL, "<S-Tab>", "focus the previous pane")         \
	X(FOCUS_GPU, CTX_GLOBAL, "1", "focus the GPU list")                    \
	X(FOCUS_MODEL, CTX_GLOBAL, "2", "focus the model list")                \
	X(FOCUS_CKPT, CTX_GLOBAL, "3", "focus the checkpoint list")            \
	X(FOCUS_FLAGS, CTX_GLOBAL, "4", "focus the flags")                     \
	X(FOCUS_VERDICT, CTX_GLOBAL, "5", "focus the verdict and its fixes")   \
	X(FOCUS_CMD, CTX_GLOBAL, "6", "focus the command line")                \
	X(UP, CTX_GLOBAL, "<Up> k", "move up")                                 \
	X(DOWN, CTX_GLOBAL, "<Down> j", "move down")                           \
	X(PAGE_UP, CTX_GLOBAL, "<PgUp>", "page up")                            \
	X(PAGE_DOWN, CTX_GLOBAL, "<PgDn>", "page down")                        \
	X(FIRST, CTX_GLOBAL, "<Home>", "first line")                           \
	X(LAST, CTX_GLOBAL, "<End>", "last line")                              \
	X(SLIDER_DEC, CTX_GLOBAL, "<Left>", "fewer tokens per request")        \
	X(SLIDER_INC, CTX_GLOBAL, "<Right>", "more tokens per request")        \
	X(SLIDER_HALVE, CTX_GLOBAL, "<S-Left> [",                              \
	    "halve the tokens per request")                                    \
	X(SLIDER_DOUBLE, CTX_GLOBAL, "<S-Right> ]",                            \
	    "double the tokens per request")                                   \
	X(SLIDER_TYPE, CTX_GLOBAL, "t", "type the tokens per request")         \
	X(SLIDER_FULL, CTX_GLOBAL, "T", "requests as long as max-model-len")   \
	X(SEARCH, CTX_GLOBAL, "/", "search the models")                        \
	X(APPLY_FIX, CTX_GLOBAL, "f", "apply the selected fix")                \
	X(DETAILS, CTX_GLOBAL, "i", "vLLM's whole message and every fix")      \
	X(WRITE, CTX_GLOBAL, "w", "write the command line to a file")          \
	X(COPY, CTX_GLOBAL, "y", "copy the command line (OSC 52)")             \
	X(WRITE_QUOTE, CTX_GLOBAL, "Q",                                        \
	    "write a quote sheet (HTML; Markdown for .md)")                    \
	X(EXPLICIT, CTX_GLOBAL, "x",                                           \
	    "command line: every flag or changed ones")                        \
	X(REDRAW, CTX_GLOBAL, "<C-l>", "redraw the screen")                    \
	X(PASTE_COMMAND, CTX_GLOBAL, "p",                                      \
	    "paste or type a vllm serve command")                              \
	X(PASTE, CTX_GLOBAL, "<Paste>", "paste a command or a startup log")    \
	X(OPEN_FILE, CTX_GLOBAL, "o",                                          \
	    "open a scenario, vLLM config file or log")                        \
	X(SAVE_SCENARIO, CTX_GLOBAL, "s", "save the plan as a scenario file")  \
	X(COMPARE, CTX_GLOBAL, "c", "compare the plan with scenario files")    \
	X(CALIBRATE, CTX_GLOBAL, "L", "calibrate from a vLLM startup log")     \
	X(FIT_VIEW, CTX_GLOBAL, "F",                                           \
	    "plans that carry N users on any card (fit finder)")               \
	X(SHARE_VIEW, CTX_GLOBAL, "S",                                         \
	    "several instances on this card, or MIG slices")                   \
	X(UPGRADE_VIEW, CTX_GLOBAL, "U",                                       \
	    "this plan under another vLLM release")                            \
	X(DEPLOY_VIEW, CTX_GLOBAL, "D",                                        \
	    "deployment: nodes x cards, what runs where; cluster files")       \
	X(CHOOSE, CTX_PICK, "<Enter> <Space>",                                 \
	    "use the card, model or checkpoint")                               \
	X(GPU_SEARCH, CTX_GPU, "/",                                            \
	    "search the cards (words of id, name, family, slice)")             \
	X(CARDS_INC, CTX_GPU, "+ =", "one card more (replicas)")               \
	X(CARDS_DEC, CTX_GPU, "-", "one card fewer")                           \
	X(FLAG_INC, CTX_FLAGS, "+ =", "step the flag up")                      \
	X(FLAG_DEC, CTX_FLAGS, "-", "step the flag down")                      \
	X(FLAG_BIG_INC, CTX_FLAGS, "<PgUp>", "larger step up")                 \
	X(FLAG_BIG_DEC, CTX_FLAGS, "<PgDn>", "larger step down")               \
	X(FLAG_TYPE, CTX_FLAGS, "<Enter>", "type a value")                     \
	X(FLAG_TOGGLE, CTX_FLAGS, "<Space>",                                   \
	    "switch on/off, or the next choice")                               \
	X(FLAG_RESET, CTX_FLAGS, "d <BS>", "back to vLLM's default")           \
	X(FIX_CHOOSE, CTX_VERDICT, "<Enter>", "apply the fix under the cursor")

enum action {
	ACT_NONE,
#define X(id, ctx, keys, help) ACT_##id,
	ACTIONS(X)
#undef X
	ACT_COUNT
};

struct action_info {
	const char *name; /* "SLIDER_INC" */
	enum action_ctx ctx;
	const char *keys; /* key names, space separated */
	const char *help;
};

const struct action_info *action_info(enum action);
/* The action a key triggers with a pane focused; ACT_NONE if none. */
enum action action_for_key(enum pane_id focus, int code);
/* The contexts that apply when a pane is focused, most specific first. */
size_t action_contexts(enum pane_id focus, enum action_ctx *out, size_t max);
const char *action_ctx_title(enum action_ctx);
/* The first key of an action, as a name ("f", "<Enter>"). */
const char *action_key(enum action, char *buf, size_t len);

#endif
