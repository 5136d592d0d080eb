/*
 * overlay_share.c - this card shared by several vLLM instances (S): each
 * one's budget, the memory map, the startup orders that work, restarts,
 * one command per instance, and the MIG slices instead.  Up/Down pick an
 * instance, +/- move its fraction (the flag table's step), a adds a copy
 * of the planner's plan, d drops one, Enter plans it; PgUp/PgDn scroll.
 * --instance opens it.
 *
 * share_compute() runs when a key changes the instances; the answer is
 * kept in the state and the draw lays it out.
 */
#include "overlay.h"

#include <stdio.h>
#include <string.h>

#include "app_state.h"
#include "core/share.h"
#include "core/units.h"
#include "core/vllm_flags.h"
#include "draw.h"
#include "io/serve_command.h"
#include "io/sizing_cli.h"
#include "io/cli.h"
#include "keys.h"

#define MAX_LINES 200

struct share_view {
	struct share_instance inst[SHARE_MAX];
	size_t n_inst;
	int inst_cursor;
	struct share_result share;
};

static void
share_run(struct app *a, struct share_view *v)
{
	const struct plan_input *in = recalc_input(a->calc);
	struct share_query q;

	memset(&q, 0, sizeof q);
	q.inst = v->inst;
	q.n = v->n_inst;
	q.gpu = in->gpu;
	q.gpu_total_gib = in->gpu_total_gib;
	q.other_usage_gib = in->other_usage_gib;
	q.version = in->version;
	share_compute(a->cat, &q, &v->share);
}

/* A copy of the planner's plan as an instance with a fraction of the card. */
static void
inst_from_planner(struct app *a, struct share_instance *si, double util,
    size_t k)
{
	memset(si, 0, sizeof *si);
	si->in = *recalc_input(a->calc);
	si->in.mig = -1;
	si->in.tp = si->in.pp = si->in.dp = 0;
	si->in.gpus = 0;
	si->in.env = NULL;
	si->in.n_env = 0;
	si->in.util = util;
	si->util_explicit = true;
	snprintf(si->label, sizeof si->label, "%zu", k + 1);
}

static void
share_open(struct app *a, struct overlay *o)
{
	struct share_view *v = o->state;

	if (v->n_inst == 0) {
		inst_from_planner(a, &v->inst[0], 0.45, 0);
		inst_from_planner(a, &v->inst[1], 0.45, 1);
		v->n_inst = 2;
	}
	share_run(a, v);
}

/* --instance SPEC ...: the instances the command line gave */
static bool
share_start(struct app *a, struct overlay *o, const struct sizing_opts *opts)
{
	struct share_view *v = o->state;
	char err[256], label[8];
	size_t i;

	if (opts->n_instances == 0)
		return false;
	v->n_inst = 0;
	for (i = 0; i < opts->n_instances && i < SHARE_MAX; i++) {
		snprintf(label, sizeof label, "%zu", i + 1);
		if (sizing_cli_instance(a->cat, recalc_input(a->calc),
			opts->instances[i], label, &v->inst[v->n_inst], err,
			sizeof err) == 0)
			v->n_inst++;
	}
	overlay_open(a, OVERLAY_SHARE);
	return true;
}

static enum overlay_key
share_key(struct app *a, struct overlay *o, int c, enum action act,
    struct plan_input *apply)
{
	struct share_view *v = o->state;
	struct share_instance *si = &v->inst[v->inst_cursor];
	bool again = false;

	switch (c) {
	case '+':
	case '=':
	case '-':
		if (!si->util_explicit)
			si->in.util = v->share.m[v->inst_cursor].util;
		/* the flag table's step, as in the Flags pane */
		si->in.util = vllm_flag_step_value(&vllm_flags[VF_UTIL],
		    si->in.util, c == '-' ? -1 : 1, false, si->in.version, 0);
		si->util_explicit = true;
		again = true;
		break;
	case 'a':
		if (v->n_inst < SHARE_MAX) {
			inst_from_planner(a, &v->inst[v->n_inst], 0.1,
			    v->n_inst);
			v->inst_cursor = (int)v->n_inst++;
			again = true;
		}
		break;
	case 'd':
	case KEY_BACKSPACE:
		if (v->n_inst > 1) {
			memmove(&v->inst[v->inst_cursor],
			    &v->inst[v->inst_cursor + 1],
			    (v->n_inst - (size_t)v->inst_cursor - 1) *
				sizeof v->inst[0]);
			v->n_inst--;
			if (v->inst_cursor >= (int)v->n_inst)
				v->inst_cursor = (int)v->n_inst - 1;
			again = true;
		}
		break;
	case KEYS_ENTER:
		*apply = *recalc_input(a->calc);
		apply->model = si->in.model;
		apply->ckpt = si->in.ckpt;
		apply->format = si->in.format;
		/* the vLLM flags the instance gives, then the share's budget */
		vllm_flags_copy_given(apply, &si->in);
		apply->quantization_fp8 = si->in.quantization_fp8;
		apply->util = v->share.m[v->inst_cursor].util;
		apply->mig = -1;
		return OVERLAY_KEY_APPLY;
	default: break;
	}
	switch (act) {
	case ACT_UP:
		if (v->inst_cursor > 0)
			v->inst_cursor--;
		return OVERLAY_KEY_TAKEN;
	case ACT_DOWN:
		if (v->inst_cursor + 1 < (int)v->n_inst)
			v->inst_cursor++;
		return OVERLAY_KEY_TAKEN;
	default: break;
	}
	if (again) {
		share_run(a, v);
		return OVERLAY_KEY_TAKEN;
	}
	return OVERLAY_KEY_IGNORED; /* PgUp/PgDn scroll */
}

/* The memory map of the card on row y, barw columns: other, each instance, free. */
static void
draw_map(struct app *a, const struct share_result *r, int y, int barw)
{
	static const enum role seg[] = { ROLE_BAR_WEIGHTS, ROLE_BAR_KV,
		ROLE_BAR_ACTIVATION, ROLE_BAR_GRAPHS, ROLE_BAR_NON_TORCH,
		ROLE_BAR_OUTSIDE };
	double scale = r->total > 0 ? (double)barw / r->total : 0;
	int pos = 0, k;
	size_t i;

	k = (int)(r->other * scale + 0.5);
	if (k > 0)
		draw_repeat(&a->theme, ROLE_BAR_OTHER, y, 2, k,
		    a->colour ? a->g->block : "#");
	pos += k;
	for (i = 0; i < r->n && pos < barw; i++) {
		char lab[8];

		snprintf(lab, sizeof lab, "%zu", (i + 1) % 10);
		k = (int)(r->m[i].held * scale + 0.5);
		if (pos + k > barw)
			k = barw - pos;
		draw_repeat(&a->theme, seg[i % 6], y, 2 + pos, k,
		    a->colour ? a->g->block : lab);
		if (k > 2 && a->colour)
			draw_text(&a->theme, ROLE_HELP_KEY, y, 2 + pos + k / 2,
			    1, lab, NULL);
		pos += k;
	}
	if (pos < barw)
		draw_repeat(&a->theme, ROLE_BAR_SLACK, y, 2 + pos, barw - pos,
		    ".");
}

/* The table of the instances: what each asks for, holds and carries, and
 * whether it starts; a warning for each that sets no fraction. */
static void
share_add_instances(struct app *a, struct share_view *v,
    struct overlay_lines *L)
{
	const struct share_result *r = &v->share;
	const struct catalogue *c = a->cat;
	char n1[32], n2[32], n3[32];
	size_t i;

	overlay_lines_add(L, ROLE_HEADING, 0,
	    "%-3s %-34s %6s %8s %8s %8s %8s  %s", "#", "model", "util",
	    "budget", "holds", "KV GiB", "requests", "starts");
	for (i = 0; i < r->n; i++) {
		const struct share_member *m = &r->m[i];
		const struct share_instance *si = &v->inst[i];
		const char *id = si->in.ckpt >= 0 ? c->ckpts[si->in.ckpt].id
		    : si->in.model                ? si->in.model->id
						  : "?";

		overlay_lines_add(L,
		    (int)i == v->inst_cursor ? ROLE_SELECTION : ROLE_HELP, 0,
		    "%-3s %-34.34s %5.2f%s %8s %8s %8s %8lld  %s", si->label,
		    id, m->util, si->util_explicit ? " " : "*",
		    units_format_gib(m->requested, n1, sizeof n1),
		    units_format_gib(m->held, n2, sizeof n2),
		    units_format_gib(m->started.available_kv, n3, sizeof n3),
		    (long long)m->started.concurrency_at_tpr,
		    m->started.phase == PHASE_NONE
			? "yes"
			: plan_phase_name(m->started.phase));
	}
	for (i = 0; i < r->n; i++)
		if (!v->inst[i].util_explicit)
			overlay_lines_add(L, ROLE_WARNING, 0,
			    "* instance %s sets no fraction: vLLM's "
			    "default takes that much of the whole card",
			    v->inst[i].label);
}

/* The verdict: why they do not share the card, or the orders in which
 * all start; then which of them restarts while the others run. */
static void
share_add_verdict(struct app *a, struct share_view *v, struct overlay_lines *L,
    int w)
{
	const struct share_result *r = &v->share;
	char rs[160];
	size_t i;
	int off = 0;

	if (r->reason[0]) {
		overlay_lines_wrapped(L, ROLE_VERDICT_FAIL, 0, w, r->reason);
	} else if (r->all_start) {
		char ord[128];

		for (i = 0; i < r->n && off + 8 < (int)sizeof ord; i++)
			off += snprintf(ord + off, sizeof ord - (size_t)off,
			    "%s%s", i ? " then " : "",
			    v->inst[r->order[i]].label);
		overlay_lines_add(L, ROLE_VERDICT_OK, 0,
		    "%s all start: %s (%zu of %zu startup orders "
		    "work)",
		    a->g->ok, r->n_orders_ok == r->n_orders ? "any order" : ord,
		    r->n_orders_ok, r->n_orders);
	}
	off = 0;
	for (i = 0; i < r->n && off + 20 < (int)sizeof rs; i++)
		off += snprintf(rs + off, sizeof rs - (size_t)off, " %s %s",
		    v->inst[i].label, r->m[i].restart_ok ? "ok" : "FAILS");
	overlay_lines_add(L, ROLE_HELP, 0, "restart while the others run:%s",
	    rs);
}

/* The `vllm serve` line of each instance on the plan's card, each on its
 * own port. */
static void
share_add_commands(struct app *a, struct share_view *v, struct overlay_lines *L,
    int w)
{
	const struct share_result *r = &v->share;
	const struct plan_input *in = recalc_input(a->calc);
	char cmd[RECALC_CMD_LEN];
	size_t i;

	overlay_lines_add(L, ROLE_HELP_TITLE, 0, "commands");
	for (i = 0; i < r->n; i++) {
		struct plan_input ci = v->inst[i].in;
		static char *const env[] = { "CUDA_VISIBLE_DEVICES=0" };
		size_t off;

		ci.gpu = in->gpu;
		ci.mig = -1;
		ci.util = r->m[i].util;
		ci.env = env;
		ci.n_env = 1;
		ci.version = in->version;
		serve_command_format(a->cat, &ci, &r->m[i].alone, 0, cmd,
		    sizeof cmd);
		off = strlen(cmd);
		if (i > 0)
			snprintf(cmd + off, sizeof cmd - off, " --port %zu",
			    8000 + i);
		overlay_lines_wrapped(L, ROLE_COMMAND, 2, w, cmd);
	}
}

/* The MIG alternative: the slice each instance would take, and whether
 * the slices fit one card. */
static void
share_add_mig(struct app *a, struct share_view *v, struct overlay_lines *L,
    int w)
{
	const struct share_result *r = &v->share;
	const struct plan_input *in = recalc_input(a->calc);
	const struct gpu *g = in->gpu >= 0 ? &a->cat->gpus[in->gpu] : NULL;
	char note[RECALC_CMD_LEN];
	size_t i;

	overlay_lines_add(L, ROLE_HELP_TITLE, 0, "MIG instead");
	for (i = 0; g && i < r->n; i++) {
		if (r->m[i].mig >= 0 && (size_t)r->m[i].mig < g->n_mig)
			overlay_lines_add(L, ROLE_HELP, 2,
			    "%s: %s, %lld request%s", v->inst[i].label,
			    g->mig[r->m[i].mig].name,
			    (long long)r->m[i].on_mig.concurrency_at_tpr,
			    units_plural(r->m[i].on_mig.concurrency_at_tpr));
		else
			overlay_lines_add(L, ROLE_HELP, 2,
			    "%s: no slice holds it", v->inst[i].label);
	}
	snprintf(note, sizeof note, "%s%s", r->mig_note,
	    r->mig_fits           ? ": fits one card"
		: r->mig_possible ? ": does not fit one card"
				  : "");
	overlay_lines_wrapped(L, r->mig_fits ? ROLE_VERDICT_OK : ROLE_WARNING,
	    2, w, note);
}

/* The rows under the map: the instances, whether they start, commands, MIG. */
static void
share_lines(struct app *a, struct share_view *v, struct overlay_lines *L, int w)
{
	share_add_instances(a, v, L);
	share_add_verdict(a, v, L, w);
	share_add_commands(a, v, L, w);
	share_add_mig(a, v, L, w);
}

static void
share_draw(struct app *a, struct overlay *o)
{
	struct share_view *v = o->state;
	const struct share_result *r = &v->share;
	const struct catalogue *c = a->cat;
	const struct plan_input *in = recalc_input(a->calc);
	const struct gpu *g = in->gpu >= 0 ? &c->gpus[in->gpu] : NULL;
	struct overlay_lines L;
	struct rect b;
	char n1[32], n2[32], cmd[RECALC_CMD_LEN];

	overlay_lines_init(&L, MAX_LINES);
	overlay_frame(a, &b,
	    "This card shared by several vLLM instances (S or Esc closes)");
	draw_text(&a->theme, ROLE_HELP_KEY, 1, 2, b.w - 4,
	    "Up/Down: instance  +/-: its "
	    "--gpu-memory-utilization  a: add the planner's plan  d: drop  "
	    "Enter: plan it",
	    a->g->ellipsis);
	snprintf(cmd, sizeof cmd,
	    "%s: %s GiB; fractions sum to %.2f; %s GiB left",
	    g ? g->id : "custom card",
	    units_format_gib(r->total, n1, sizeof n1), r->sum_util,
	    units_format_gib(r->left, n2, sizeof n2));
	draw_text(&a->theme,
	    r->over_one || !r->fits ? ROLE_VERDICT_FAIL : ROLE_HELP, 2, 2,
	    b.w - 4, cmd, a->g->ellipsis);
	draw_map(a, r, 3, b.w - 4);
	share_lines(a, v, &L, b.w - 4);
	overlay_lines_draw(a, &b, 5, &L, &o->top);
	overlay_lines_done(&L);
}

const struct overlay_ops overlay_share_ops = {
	.name = "share",
	.toggle = { ACT_SHARE_VIEW, ACT_NONE },
	.scroll = OVERLAY_SCROLL_PAGES,
	.page = 5,
	.state_size = sizeof(struct share_view),
	.open = share_open,
	.start = share_start,
	.draw = share_draw,
	.key = share_key,
};
