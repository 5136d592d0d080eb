/*
 * update.c - the update step: a key becomes an action (action.h); the
 * focused pane takes the actions of its context (pane_ops.h), an open
 * overlay every key (overlay.h), the rest are the planner's own (focus,
 * slider, undo, files, the views).  An action edits the plan input through
 * app_state_apply() (undoable) or changes a view state; after the key the
 * core recomputes and the panes' repaint masks say which panes repaint.
 * The prompt handles typed values and pastes.
 */
#include "update.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "action.h"
#include "import.h"
#include "overlay_calibrate.h"
#include "overlay_compare.h"
#include "overlay.h"
#include "overlay_deploy.h"
#include "core/units.h"
#include "io/export.h"
#include "io/quote_html.h"
#include "io/strbuf.h"
#include "io/textfile.h"
#include "keys.h"
#include "pane.h"

#define DEFAULT_EXPORT "vllm-serve.sh"
#define DEFAULT_QUOTE "quote.html"

void
update_relayout(struct app *a)
{
	getmaxyx(stdscr, a->rows, a->cols);
	layout_compute(a->rows, a->cols, &a->lay);
	a->full = true;
}

/* ---- edits ---- */

static int64_t
slider_step(int64_t max_len)
{
	int64_t s = 16;

	while (s * 2 <= max_len / 64)
		s *= 2;
	return s;
}

static void
slider_move(struct app *a, enum action act)
{
	const struct plan *p = recalc_plan(a->calc);
	struct plan_input in = *recalc_input(a->calc);
	int64_t cur = p->tokens_per_request > 0 ? p->tokens_per_request
						: p->max_model_len,
		len = p->max_model_len, step = slider_step(len), v;

	if (len <= 0) {
		app_state_set_status(a, ROLE_STATUS_ERROR,
		    "no plan yet: choose a card and a model");
		return;
	}
	switch (act) {
	case ACT_SLIDER_DEC:
		v = cur > len    ? len
		    : cur % step ? cur - cur % step
				 : cur - step;
		break;
	case ACT_SLIDER_INC: v = cur - cur % step + step; break;
	case ACT_SLIDER_HALVE: v = cur > len ? len : cur / 2; break;
	case ACT_SLIDER_DOUBLE: v = cur * 2; break;
	default: v = 0; break;
	}
	if (v < 1)
		v = 1;
	/* at or past max-model-len the slider follows max-model-len */
	in.tokens_per_request = v >= len ? 0 : v;
	app_state_apply(a, &in, TAG_SLIDER);
}

/* ---- the command line: file and clipboard ---- */

/* The launch lines into a file, one per replica (--export command without its comment). */
static int
write_command(struct app *a, const char *path, char *err, size_t errlen)
{
	int n, rc;
	char *cmd = app_state_launch_text(a, &n);
	struct strbuf s = { 0 };

	if (cmd == NULL || cmd[0] == '\0') {
		free(cmd);
		snprintf(err, errlen, "no command line yet");
		return -1;
	}
	strbuf_printf(&s, "%s\n", cmd);
	free(cmd);
	cmd = strbuf_take(&s);
	rc = textfile_write_atomic(path, cmd, strlen(cmd), err, errlen);
	free(cmd);
	return rc;
}

/*
 * The quote sheet of the plan on screen: HTML, or Markdown when the name
 * ends in .md; written through a temporary file and a rename.
 */
static int
write_quote(struct app *a, const char *path, char *err, size_t errlen)
{
	struct report_in r = { 0 };
	size_t n = strlen(path), nf;
	char *text;
	int rc;

	if (recalc_command(a->calc)[0] == '\0') {
		snprintf(err, errlen, "no plan yet: choose a card and a model");
		return -1;
	}
	r.cat = a->cat;
	r.in = recalc_input(a->calc);
	r.plan = recalc_plan(a->calc);
	r.fixes = recalc_fixes(a->calc, &nf);
	r.n_fixes = nf;
	r.explicit_all = recalc_explicit_all(a->calc);
	if (n > 3 && strcmp(path + n - 3, ".md") == 0)
		text = export_quote(&r, err, errlen);
	else
		text = quote_html(&r, err, errlen);
	if (text == NULL)
		return -1;
	rc = textfile_write_atomic(path, text, strlen(text), err, errlen);
	free(text);
	return rc;
}

static void
copy_command(struct app *a)
{
	int lines;
	char *cmd = app_state_launch_text(a, &lines);
	size_t n;

	if (cmd == NULL || cmd[0] == '\0') {
		free(cmd);
		app_state_set_status(a, ROLE_STATUS_ERROR,
		    "no command line yet");
		return;
	}
	n = (strlen(cmd) + 2) / 3 * 4;
	free(cmd);
	a->osc52_pending =
	    true; /* app_run() sends it; a headless planner does not */
	app_state_set_status(a, ROLE_STATUS_OK,
	    "copied the %s to the clipboard "
	    "(OSC 52, %zu bytes; the terminal must allow it)",
	    lines > 1 ? "launch lines" : "command line", n);
}

/* ---- the prompt ---- */

static void
prompt_close(struct app *a)
{
	a->prompt.kind = PROMPT_NONE;
	a->dirty |= PANE_BIT(PANE_STATUS);
}

/* The flag prompt: the typed value into the flag, one undoable edit.
 * Returns 0, or -1 with err set. */
static int
prompt_accept_flag(struct app *a, char *err, size_t errlen)
{
	struct plan_input in = *recalc_input(a->calc);

	if (flags_parse(a->prompt.flag, a->prompt.text, &in,
		recalc_plan(a->calc), err, errlen) != 0)
		return -1;
	if (a->prompt.flag == FLAG_SPECULATIVE &&
	    import_drafter(a, &in, err, errlen) != 0)
		return -1;
	app_state_apply(a, &in, TAG_NONE);
	return 0;
}

/* The tokens prompt: a count (8192, 8k) or max (0), one undoable edit.
 * Returns 0, or -1 with err set. */
static int
prompt_accept_tokens(struct app *a, char *err, size_t errlen)
{
	struct plan_input in = *recalc_input(a->calc);
	int64_t v;

	if (strcmp(a->prompt.text, "max") == 0 ||
	    strcmp(a->prompt.text, "0") == 0) {
		in.tokens_per_request = 0;
	} else if (units_parse_human_int(a->prompt.text, &v) != 0 || v < 1 ||
	    v > PLAN_TPR_MAX) {
		snprintf(err, errlen,
		    "a number of tokens from 1 to %d such as 8192 or 8k, or "
		    "max",
		    PLAN_TPR_MAX);
		return -1;
	} else {
		in.tokens_per_request = v;
	}
	app_state_apply(a, &in, TAG_NONE);
	return 0;
}

/* A file prompt: write() the thing named what to the typed path and say
 * so.  Returns 0, or -1 with err set. */
static int
prompt_accept_file(struct app *a,
    int (*write)(struct app *, const char *, char *, size_t), const char *what,
    char *err, size_t errlen)
{
	if (a->prompt.text[0] == '\0') {
		snprintf(err, errlen, "type a file name");
		return -1;
	}
	if (app_state_may_write(a, a->prompt.text, err, errlen) != 0 ||
	    write(a, a->prompt.text, err, errlen) != 0)
		return -1;
	app_state_wrote(a, a->prompt.text);
	app_state_set_status(a, ROLE_STATUS_OK, "wrote the %s to %s", what,
	    a->prompt.text);
	return 0;
}

/*
 * Enter in the prompt: each kind takes its text (0: done, the prompt
 * closes; -1: refused, it stays open with the reason; the command prompt
 * may ask for a continuation line).
 */
static void
prompt_accept(struct app *a)
{
	char err[256];
	int rc = -1;

	err[0] = '\0';
	switch (a->prompt.kind) {
	case PROMPT_FLAG: rc = prompt_accept_flag(a, err, sizeof err); break;
	case PROMPT_TOKENS:
		rc = prompt_accept_tokens(a, err, sizeof err);
		break;
	case PROMPT_SEARCH:
		prompt_close(a);
		pane_prompt(a, PANE_MODEL, PANE_PROMPT_ACCEPTED);
		return;
	case PROMPT_GPU_SEARCH:
		prompt_close(a);
		pane_prompt(a, PANE_GPU, PANE_PROMPT_ACCEPTED);
		return;
	case PROMPT_QUOTE:
		rc = prompt_accept_file(a, write_quote, "quote sheet", err,
		    sizeof err);
		break;
	case PROMPT_WRITE:
		rc = prompt_accept_file(a, write_command, "command line", err,
		    sizeof err);
		break;
	case PROMPT_COMPARE:
		rc = overlay_compare_accept(a, err, sizeof err);
		break;
	case PROMPT_CALIBRATE:
		rc = overlay_calibrate_accept(a, err, sizeof err);
		break;
	case PROMPT_COMMAND:
	case PROMPT_OPEN:
	case PROMPT_SAVE:
		rc = import_prompt_accept(a, err, sizeof err);
		if (rc == 1) {
			a->dirty |= PANE_BIT(PANE_STATUS);
			return; /* a continuation line */
		}
		break;
	case PROMPT_DEPLOY_EXPORT:
		rc = overlay_deploy_prompt_accept(a, err, sizeof err);
		break;
	case PROMPT_NONE: return;
	}
	if (rc == 0) {
		prompt_close(a);
		return;
	}
	/* refused: the prompt stays open with the reason */
	snprintf(a->prompt.error, sizeof a->prompt.error, "%s", err);
	a->dirty |= PANE_BIT(PANE_STATUS);
}

/* After the prompt's text changed: the refusal goes; the search filters again. */
static void
prompt_edited(struct app *a)
{
	struct prompt *pr = &a->prompt;

	pr->error[0] = '\0';
	a->dirty |= PANE_BIT(PANE_STATUS);
	if (pr->kind == PROMPT_SEARCH)
		pane_prompt(a, PANE_MODEL, PANE_PROMPT_EDITED);
	else if (pr->kind == PROMPT_GPU_SEARCH)
		pane_prompt(a, PANE_GPU, PANE_PROMPT_EDITED);
}

static void
prompt_key(struct app *a, int c)
{
	struct prompt *pr = &a->prompt;
	bool edited = false, fresh = pr->fresh;

	pr->fresh = false; /* whatever the key, the text is the user's now */
	switch (c) {
	case KEYS_ESC:
		if (pr->kind == PROMPT_SEARCH)
			pane_prompt(a, PANE_MODEL, PANE_PROMPT_CANCELLED);
		if (pr->kind == PROMPT_GPU_SEARCH)
			pane_prompt(a, PANE_GPU, PANE_PROMPT_CANCELLED);
		prompt_close(a);
		return;
	case KEYS_ENTER: prompt_accept(a); return;
	case KEY_BACKSPACE:
		while (pr->len > 0) {
			unsigned char b = (unsigned char)pr->text[--pr->len];

			pr->text[pr->len] = '\0';
			if ((b & 0xc0) != 0x80)
				break;
		}
		edited = true;
		break;
	case 21: /* ^U */
		pr->len = 0;
		pr->text[0] = '\0';
		edited = true;
		break;
	default:
		if (c >= 32 && c < 256 && c != 127 && fresh) {
			/* typing over the value shown replaces it, as over a selection */
			pr->len = 0;
			pr->text[0] = '\0';
		}
		if (c >= 32 && c < 256 && c != 127 &&
		    pr->len + 1 < sizeof pr->text) {
			pr->text[pr->len++] = (char)c;
			pr->text[pr->len] = '\0';
			edited = true;
		}
		break;
	}
	if (edited)
		prompt_edited(a);
}

bool
update_interrupt(struct app *a)
{
	if (a->prompt.kind == PROMPT_NONE)
		return false;
	prompt_key(a, KEYS_ESC);
	app_state_set_status(a, ROLE_STATUS,
	    "cancelled (Ctrl-C in a prompt cancels it; "
	    "q quits)");
	return true;
}

void
update_unknown_key(struct app *a, const char *seq)
{
	char shown[64];
	const char *term = getenv("TERM");
	size_t i, n = 0;

	for (i = 0; seq[i] != '\0' && n + 5 < sizeof shown; i++) {
		unsigned char b = (unsigned char)seq[i];

		n += (size_t)snprintf(shown + n, sizeof shown - n,
		    b > 32 && b < 127 ? "%c" : "\\x%02x", b);
	}
	shown[n] = '\0';
	if (a->prompt.kind != PROMPT_NONE)
		return; /* the prompt keeps the line; the key is ignored all the same */
	app_state_set_status(a, ROLE_STATUS,
	    "ignored the key ESC %s (not a key of "
	    "TERM=%s)",
	    shown, term != NULL && *term != '\0' ? term : "unset");
}

/* ---- bracketed paste ---- */

/*
 * A code between the paste markers: a byte, or the sequence curses took
 * for a key.  True when it completes an end marker that came byte by byte.
 */
static bool
paste_key(struct app *a, int c)
{
	char b, *seq;

	if (c >= 0 && c < 256) {
		b = (char)c;
		paste_add(&a->paste, &b, 1);
		return c == '~' && paste_ends_raw(&a->paste);
	}
	seq = keybound(c, 0);
	if (seq != NULL) {
		paste_add(&a->paste, seq, strlen(seq));
		free(seq);
	}
	return false;
}

/*
 * A paste while a prompt is open: one line goes into the text as if
 * typed; so do several lines into the command prompt, joined into one.
 * Several lines anywhere else, or a startup log, are no value for the
 * prompt: it closes and the paste is taken as outside one.
 */
static void
prompt_paste(struct app *a)
{
	struct prompt *pr = &a->prompt;
	const struct paste *p = &a->paste;
	char line[sizeof pr->text];
	size_t n;

	if (paste_count_lines(p->text, p->len) > 1 &&
	    (pr->kind != PROMPT_COMMAND ||
		paste_classify(p->text, p->len) == PASTE_LOG)) {
		prompt_close(a);
		import_paste(a, p->text, p->len, p->cut);
		return;
	}
	if (pr->fresh) { /* a paste over the value shown replaces it, as typing does */
		pr->fresh = false;
		pr->len = 0;
		pr->text[0] = '\0';
	}
	if (p->cut ||
	    paste_join_lines(p->text, p->len, line,
		sizeof pr->text - pr->len) != 0) {
		snprintf(pr->error, sizeof pr->error,
		    "the paste does not fit the "
		    "prompt (%zu bytes at most)%s",
		    sizeof pr->text - 1,
		    pr->kind == PROMPT_COMMAND
			? "; Esc, then paste it outside a "
			  "prompt"
			: "");
		a->dirty |= PANE_BIT(PANE_STATUS);
		return;
	}
	n = strlen(line);
	memcpy(pr->text + pr->len, line, n + 1);
	pr->len += n;
	prompt_edited(a);
}

/* The end marker: the paste as one event. */
static void
paste_take(struct app *a)
{
	struct paste *p = &a->paste;

	paste_end(p);
	if (p->len == 0 && !p->cut)
		return;
	if (a->prompt.kind != PROMPT_NONE)
		prompt_paste(a);
	else
		import_paste(a, p->text, p->len, p->cut);
}

/* ---- actions ---- */

static const enum pane_id focus_order[] = {
	PANE_GPU,
	PANE_MODEL,
	PANE_CKPT,
	PANE_FLAGS,
	PANE_VERDICT,
	PANE_CMD,
};
#define N_FOCUS ((int)(sizeof focus_order / sizeof focus_order[0]))

static void
set_focus(struct app *a, enum pane_id p)
{
	if (a->focus == p)
		return;
	a->dirty |= PANE_BIT(a->focus) | PANE_BIT(p) | PANE_BIT(PANE_STATUS);
	a->focus = p;
}

static void
cycle_focus(struct app *a, int dir)
{
	int i;

	for (i = 0; i < N_FOCUS; i++)
		if (focus_order[i] == a->focus)
			break;
	i = (i + dir + N_FOCUS) % N_FOCUS;
	set_focus(a, focus_order[i]);
}

/* The actions that open an overlay. */
static const enum overlay_id opens[ACT_COUNT] = {
	[ACT_HELP] = OVERLAY_HELP,
	[ACT_DETAILS] = OVERLAY_DETAILS,
	[ACT_FIT_VIEW] = OVERLAY_FIT,
	[ACT_SHARE_VIEW] = OVERLAY_SHARE,
	[ACT_UPGRADE_VIEW] = OVERLAY_UPGRADE,
	[ACT_DEPLOY_VIEW] = OVERLAY_DEPLOY,
};

/* Edits that repeated share one undo entry: a run of slider, flag or card steps. */
static bool
keeps_run(enum action act)
{
	switch (act) {
	case ACT_SLIDER_DEC:
	case ACT_SLIDER_INC:
	case ACT_SLIDER_HALVE:
	case ACT_SLIDER_DOUBLE:
	case ACT_FLAG_INC:
	case ACT_FLAG_DEC:
	case ACT_FLAG_BIG_INC:
	case ACT_FLAG_BIG_DEC:
	case ACT_CARDS_INC:
	case ACT_CARDS_DEC: return true;
	default: return false;
	}
}

/* Undo: the last edit's input back, or a status saying there is none. */
static void
update_undo_edit(struct app *a)
{
	struct plan_input in;

	if (!undo_pop(a->undo, &in)) {
		app_state_set_status(a, ROLE_STATUS, "nothing to undo");
		return;
	}
	recalc_set_input(a->calc, &in);
	app_state_set_status(a, ROLE_STATUS_OK, "undone (%d more)",
	    undo_count(a->undo));
}

/* The tokens prompt, opened on the plan's tokens per request. */
static void
update_ask_tokens(struct app *a)
{
	const struct plan *p = recalc_plan(a->calc);
	char buf[128];

	snprintf(buf, sizeof buf, "%lld", (long long)p->tokens_per_request);
	app_state_open_prompt(a, PROMPT_TOKENS, "tokens per request (or max)",
	    buf);
}

/* Requests at the full context (tokens per request 0), one undoable edit. */
static void
update_use_full_context(struct app *a)
{
	struct plan_input in = *recalc_input(a->calc);

	in.tokens_per_request = 0;
	app_state_apply(a, &in, TAG_NONE);
}

/* The command line with every flag, or only those that differ from
 * vLLM's defaults. */
static void
update_toggle_explicit(struct app *a)
{
	recalc_set_explicit_all(a->calc, !recalc_explicit_all(a->calc));
	app_state_set_status(a, ROLE_STATUS, "command line: %s",
	    recalc_explicit_all(a->calc)
		? "every flag"
		: "flags that differ from vLLM's defaults");
}

/* The actions that move the focus to one pane. */
static const struct {
	enum action act;
	enum pane_id pane;
} focus_actions[] = {
	{ ACT_FOCUS_GPU, PANE_GPU },
	{ ACT_FOCUS_MODEL, PANE_MODEL },
	{ ACT_FOCUS_CKPT, PANE_CKPT },
	{ ACT_FOCUS_FLAGS, PANE_FLAGS },
	{ ACT_FOCUS_VERDICT, PANE_VERDICT },
	{ ACT_FOCUS_CMD, PANE_CMD },
};

/* Moves the focus when act is one of focus_actions[]; returns whether. */
static bool
update_take_focus_action(struct app *a, enum action act)
{
	size_t i;

	for (i = 0; i < sizeof focus_actions / sizeof focus_actions[0]; i++)
		if (focus_actions[i].act == act) {
			set_focus(a, focus_actions[i].pane);
			return true;
		}
	return false;
}

/*
 * An action: the focused pane takes the actions of its context (and the
 * cursor moves); an overlay opens; the rest are the planner's.  The
 * panes' own actions (choose, step a flag, ...) do nothing elsewhere.
 */
static void
do_action(struct app *a, enum action act)
{
	if (act == ACT_NONE || act >= ACT_COUNT)
		return;
	if (!keeps_run(act))
		undo_break(a->undo);
	if (pane_act(a, a->focus, act))
		return;
	if (opens[act] != OVERLAY_NONE) {
		overlay_open(a, opens[act]);
		return;
	}
	if (update_take_focus_action(a, act))
		return;
	switch (act) {
	case ACT_QUIT: a->quit = true; break;
	case ACT_UNDO: update_undo_edit(a); break;
	case ACT_NEXT_PANE: cycle_focus(a, 1); break;
	case ACT_PREV_PANE: cycle_focus(a, -1); break;
	case ACT_SLIDER_DEC:
	case ACT_SLIDER_INC:
	case ACT_SLIDER_HALVE:
	case ACT_SLIDER_DOUBLE: slider_move(a, act); break;
	case ACT_SLIDER_TYPE: update_ask_tokens(a); break;
	case ACT_SLIDER_FULL: update_use_full_context(a); break;
	case ACT_SEARCH:
		set_focus(a, PANE_MODEL);
		pane_act(a, PANE_MODEL, ACT_SEARCH);
		break;
	case ACT_APPLY_FIX: pane_act(a, PANE_VERDICT, ACT_APPLY_FIX); break;
	case ACT_WRITE:
		app_state_open_prompt(a, PROMPT_WRITE,
		    "write the command line to", DEFAULT_EXPORT);
		break;
	case ACT_COPY: copy_command(a); break;
	case ACT_WRITE_QUOTE:
		app_state_open_prompt(a, PROMPT_QUOTE,
		    "write the quote sheet to", DEFAULT_QUOTE);
		break;
	case ACT_EXPLICIT: update_toggle_explicit(a); break;
	case ACT_REDRAW:
		clearok(curscr, TRUE);
		a->full = true;
		break;
	case ACT_PASTE_COMMAND:
	case ACT_OPEN_FILE:
	case ACT_SAVE_SCENARIO: import_action(a, act); break;
	case ACT_COMPARE: overlay_compare_ask(a); break;
	case ACT_CALIBRATE: overlay_calibrate_ask(a); break;
	default:
		break; /* the cursor keys, a pane's own action, the paste markers */
	}
}

/* A key while an overlay is open; Enter on a view's answer plans it, undoably. */
static void
take_overlay_key(struct app *a, int c)
{
	struct plan_input in;

	if (overlay_key(a, c, &in)) {
		app_state_apply(a, &in, TAG_NONE);
		app_state_set_status(a, ROLE_STATUS_OK,
		    "the planner now shows that plan "
		    "(u undoes)");
	}
	a->dirty |= PANE_BIT(PANE_STATUS);
}

static void
take_key(struct app *a, int c)
{
	struct plan_input before = *recalc_input(a->calc);
	unsigned chg, groups;

	c = keys_normalize(c);
	if (c == KEY_RESIZE) {
		update_relayout(a);
		return;
	}
	if (c == KEYS_PASTE_END && !a->paste.active)
		return; /* a stray end marker */
	if (a->status[0] != '\0') {
		a->status[0] = '\0';
		a->dirty |= PANE_BIT(PANE_STATUS);
	}
	if (a->lay.too_small) {
		if (c == KEYS_PASTE_END)
			paste_end(&a->paste); /* nothing to show it on */
		else if (c == 'q')
			a->quit = true;
		return;
	}
	if (c == KEYS_PASTE_END)
		paste_take(a);
	else if (a->prompt.kind != PROMPT_NONE)
		prompt_key(a, c);
	else if (a->overlay != OVERLAY_NONE)
		take_overlay_key(a, c);
	else
		do_action(a, action_for_key(a->focus, c));
	chg = recalc_update(a->calc);
	groups = recalc_input_diff(&before, recalc_input(a->calc));
	a->dirty |= pane_repaint_mask(chg, groups);
	pane_follow_all(a, chg, groups);
	a->dirty |= PANE_BIT(PANE_STATUS);
}

void
update_key(struct app *a, int c)
{
	/* a paste's bytes are collected, not taken as keys (nor repainted for) */
	if (a->paste.active && c != KEYS_PASTE_END && c != KEY_RESIZE) {
		if (!paste_key(a, c))
			return;
		c = KEYS_PASTE_END;
	}
	if (c == KEYS_PASTE_BEGIN) {
		paste_begin(&a->paste);
		return;
	}
	take_key(a, c);
}
