/*
 * app_state.c - the edits every part of the planner may make (see
 * app_state.h): the plan input with its undo stack, the status line and
 * the prompt.
 */
#include "app_state.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "io/launch.h"

void
app_state_apply(struct app *a, const struct plan_input *in, int tag)
{
	if (recalc_input_diff(recalc_input(a->calc), in) == 0)
		return;
	undo_push(a->undo, recalc_input(a->calc), tag);
	recalc_set_input(a->calc, in);
}

void
app_state_set_input(struct app *a, const struct plan_input *in)
{
	undo_break(a->undo);
	app_state_apply(a, in, TAG_NONE);
}

void
app_state_set_status(struct app *a, enum role role, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(a->status, sizeof a->status, fmt, ap);
	va_end(ap);
	a->status_role = role;
	a->dirty |= PANE_BIT(PANE_STATUS);
}

void
app_state_repaint(struct app *a, unsigned panes)
{
	a->dirty |= panes;
}

void
app_state_open_flag_prompt(struct app *a, enum flag_id f, const char *label,
    const char *text)
{
	app_state_open_prompt(a, PROMPT_FLAG, label, text);
	a->prompt.flag = f;
}

void
app_state_open_prompt(struct app *a, enum prompt_kind kind, const char *label,
    const char *text)
{
	memset(&a->prompt, 0, sizeof a->prompt);
	a->prompt.kind = kind;
	snprintf(a->prompt.label, sizeof a->prompt.label, "%s", label);
	snprintf(a->prompt.text, sizeof a->prompt.text, "%s", text);
	a->prompt.len = strlen(a->prompt.text);
	a->prompt.fresh = a->prompt.len > 0;
	a->dirty |= PANE_BIT(PANE_STATUS);
}

int
app_state_may_write(struct app *a, const char *path, char *err, size_t errlen)
{
	struct stat sb;

	if (stat(path, &sb) != 0 || strcmp(path, a->wrote) == 0 ||
	    strcmp(path, a->prompt.armed) == 0)
		return 0;
	snprintf(a->prompt.armed, sizeof a->prompt.armed, "%s", path);
	snprintf(err, errlen, "the file exists; Enter again replaces it");
	return -1;
}

void
app_state_wrote(struct app *a, const char *path)
{
	snprintf(a->wrote, sizeof a->wrote, "%s", path);
	a->prompt.armed[0] = '\0';
}

char **
app_state_launch_lines(struct app *a, int *n)
{
	if (recalc_command(a->calc)[0] == '\0') {
		if (n != NULL)
			*n = 0;
		return NULL;
	}
	return launch_lines(a->cat, recalc_input(a->calc), recalc_plan(a->calc),
	    recalc_explicit_all(a->calc), n);
}

char *
app_state_launch_text(struct app *a, int *n)
{
	char **l = app_state_launch_lines(a, n), *t;

	if (l == NULL)
		return NULL;
	t = launch_join(l);
	launch_free(l);
	return t;
}
