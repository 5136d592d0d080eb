/*
 * overlay_deploy.c - the deployment view (D), drawn over the panes: the
 * nodes x cards of the deployment and what runs on each card (replica,
 * data-parallel rank, pipeline stage, tensor-parallel rank), the notes,
 * vLLM's refusal when there is one, and the price; the server and the
 * number of nodes picked inside it; and the cluster exports (ray,
 * multinode, compose, kubernetes) written from it.
 *
 *   D  What runs where: a grid of the deployment's nodes (rows) by cards
 *      (columns), each card with its replica and its ranks, as vLLM lays
 *      them out (TP fastest, then PP, then DP); the notes, vLLM's refusal
 *      and the price above it.  Left/Right pick the server of the
 *      catalogue (or one host with the plan's cards), +/- the number of
 *      nodes; both change the planner's input (card, cards, TP link) as
 *      --node and --nodes do, undoable.  r, m, c, k write the Ray,
 *      multi-node, compose and Kubernetes files through a prompt.
 *
 * The placement is computed (placement_compute(), deploy_place_host())
 * when the view opens and when one of its keys changes the server or the
 * node count, and kept in the state; lines are built from it, nothing here
 * computes a figure while drawing.
 */
#include "overlay_deploy.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app_state.h"
#include "core/placement.h"
#include "draw.h"
#include "io/cli.h"
#include "io/deploy.h"
#include "io/export.h"
#include "io/export_format.h"
#include "io/model_find.h"
#include "io/price.h"
#include "io/textfile.h"
#include "keys.h"
#include "overlay.h"

#define MAX_LINES 400
#define LABEL_W 8 /* "node 12 " */
#define CELL_W 8 /* a card's column, its gap included */
#define MAX_NODES 64

struct deploy_view {
	int node; /* index into catalogue.nodes; -1 = one host */
	int nodes; /* how many of them (1 for the host) */
	struct node host; /* the one host, when node < 0 */
	struct placement pl;
	enum export_format pending; /* what the open prompt writes */
};

static int preset_node = -1, preset_nodes = 1;

void
overlay_deploy_preset(int node, int nodes)
{
	preset_node = node;
	preset_nodes = nodes > 0 ? nodes : 1;
}

/* The first time the view opens: the server the command line gave. */
static void
deploy_init(struct app *a, struct overlay *o)
{
	struct deploy_view *v = o->state;

	v->node = preset_node >= 0 && (size_t)preset_node < a->cat->n_nodes
	    ? preset_node
	    : -1;
	v->nodes = v->node >= 0 ? preset_nodes : 1;
	preset_node = -1;
	preset_nodes = 1;
}

static struct deploy_view *
view(struct app *a)
{
	return overlay_state(a, OVERLAY_DEPLOY);
}

/* ---- placing ---- */

static const struct node *
chosen_node(struct app *a)
{
	struct deploy_view *v = view(a);

	return v->node >= 0 ? &a->cat->nodes[v->node] : &v->host;
}

/* Slices per card of the input's MIG profile, 0 on whole cards. */
static int
mig_slices(const struct app *a, const struct plan_input *in)
{
	if (in->mig >= 0 && in->gpu >= 0 && (size_t)in->gpu < a->cat->n_gpus)
		return a->cat->gpus[in->gpu].mig[in->mig].max_count;
	return 0;
}

/* The planner's plan on the chosen server, as deploy_place() does it. */
static void
place(struct app *a, struct overlay *o)
{
	struct deploy_view *v = view(a);
	const struct plan_input *in = recalc_input(a->calc);
	const struct plan *p = recalc_plan(a->calc);

	if (v->node >= 0) {
		placement_compute(&a->cat->nodes[v->node], v->nodes, p->tp,
		    p->pp, p->dp,
		    mig_slices(a, in) > 0 ? p->replicas : deploy_instances(p),
		    mig_slices(a, in), &v->pl);
		placement_assign_experts(&v->pl,
		    in->model ? in->model->n_experts : 0, p->expert_parallel,
		    p->experts_round_robin);
	} else
		deploy_place_host(a->cat, in, p, &v->host, &v->pl);
	o->top = 0;
}

/* The planner's input on nodes x the chosen server, as --node --nodes set it. */
static void
retarget(struct app *a, struct overlay *o)
{
	struct deploy_view *v = view(a);
	struct plan_input in = *recalc_input(a->calc);

	if (v->node >= 0) {
		const struct node *nd = &a->cat->nodes[v->node];
		int slices;

		if (in.gpu != nd->gpu) {
			in.gpu = nd->gpu;
			in.mig = -1;
			in.gpu_total_gib = 0;
		}
		slices = mig_slices(a, &in);
		in.gpus =
		    v->nodes * nd->gpus_per_node * (slices > 0 ? slices : 1);
		in.node_gpus = slices > 0 ? 0 : nd->gpus_per_node;
		deploy_tp_link(nd, in.tp, &in.tp_link, &in.tp_link_gbs);
	} else {
		in.tp_link = NULL;
		in.tp_link_gbs = 0;
		in.node_gpus = 0;
	}
	app_state_set_input(a, &in);
	recalc_update(a->calc);
	place(a, o);
}

static void
deploy_open(struct app *a, struct overlay *o)
{
	struct deploy_view *v = o->state;
	const struct plan_input *in = recalc_input(a->calc);

	/* a card chosen since in the GPU list is no longer the server's */
	if (v->node >= 0 && a->cat->nodes[v->node].gpu != in->gpu) {
		app_state_set_status(a, ROLE_STATUS,
		    "the plan's card is not %s's: "
		    "one host shown (%s %s picks a server)",
		    a->cat->nodes[v->node].id, a->g->left, a->g->right);
		v->node = -1;
		v->nodes = 1;
	}
	place(a, o);
}

/* Servers whose card is in the catalogue: the next one after (or before) i. */
static int
step_node(const struct app *a, int i, int dir)
{
	int n = (int)a->cat->n_nodes, k;

	for (k = 0; k <= n; k++) {
		i += dir;
		if (i < -1)
			i = n - 1;
		if (i >= n)
			i = -1;
		if (i < 0 || a->cat->nodes[i].gpu >= 0)
			return i;
	}
	return -1;
}

static int
max_nodes(const struct app *a)
{
	const struct deploy_view *v = a->overlays[OVERLAY_DEPLOY].state;
	const struct node *nd = &a->cat->nodes[v->node];
	int slices = mig_slices(a, recalc_input(a->calc)), per, m;

	per = nd->gpus_per_node * (slices > 0 ? slices : 1);
	m = per > 0 ? PLACEMENT_MAX_SLOTS / per : 1;
	return m < MAX_NODES ? (m > 0 ? m : 1) : MAX_NODES;
}

static const char *
default_path(enum export_format f)
{
	switch (f) {
	case EXPORT_RAY: return "ray-cluster.sh";
	case EXPORT_MULTINODE: return "vllm-nodes.sh";
	case EXPORT_COMPOSE: return "compose.yaml";
	case EXPORT_KUBERNETES: return "vllm-kubernetes.yaml";
	default: return "headroom-export";
	}
}

static void
ask_export(struct app *a, enum export_format f)
{
	char label[64];

	view(a)->pending = f;
	snprintf(label, sizeof label, "write the %s files to",
	    export_format_name(f));
	app_state_open_prompt(a, PROMPT_DEPLOY_EXPORT, label, default_path(f));
}

static enum overlay_key
deploy_key(struct app *a, struct overlay *o, int c, enum action act,
    struct plan_input *apply)
{
	struct deploy_view *v = o->state;

	(void)apply;
	switch (c) {
	case '+':
	case '=':
	case '-':
		if (v->node < 0) {
			app_state_set_status(a, ROLE_STATUS_ERROR,
			    "one host: pick a server "
			    "first (%s %s)",
			    a->g->left, a->g->right);
			return OVERLAY_KEY_TAKEN;
		}
		if (c == '-' ? v->nodes <= 1 : v->nodes >= max_nodes(a)) {
			app_state_set_status(a, ROLE_STATUS_ERROR, "%s",
			    c == '-' ? "one node at least"
				     : "no more nodes in this view");
			return OVERLAY_KEY_TAKEN;
		}
		v->nodes += c == '-' ? -1 : 1;
		retarget(a, o);
		return OVERLAY_KEY_TAKEN;
	case 'r': ask_export(a, EXPORT_RAY); return OVERLAY_KEY_TAKEN;
	case 'm': ask_export(a, EXPORT_MULTINODE); return OVERLAY_KEY_TAKEN;
	case 'c': ask_export(a, EXPORT_COMPOSE); return OVERLAY_KEY_TAKEN;
	case 'k': ask_export(a, EXPORT_KUBERNETES); return OVERLAY_KEY_TAKEN;
	default: break;
	}
	if (act == ACT_SLIDER_DEC || act == ACT_SLIDER_INC) {
		v->node = step_node(a, v->node, act == ACT_SLIDER_INC ? 1 : -1);
		if (v->node >= 0 && v->nodes > max_nodes(a))
			v->nodes = max_nodes(a);
		if (v->node < 0)
			v->nodes = 1;
		retarget(a, o);
		return OVERLAY_KEY_TAKEN;
	}
	return OVERLAY_KEY_IGNORED; /* Up/Down, PgUp/PgDn (half a screen), Home scroll */
}

int
overlay_deploy_prompt_accept(struct app *a, char *err, size_t errlen)
{
	struct deploy_view *v = view(a);
	const struct plan_input *in = recalc_input(a->calc);
	const char *path = a->prompt.text;
	struct report_in rin;
	char *text;
	int rc;

	if (path[0] == '\0') {
		snprintf(err, errlen, "type a file name");
		return -1;
	}
	if (app_state_may_write(a, path, err, errlen) != 0)
		return -1;
	memset(&rin, 0, sizeof rin);
	rin.cat = a->cat;
	rin.in = in;
	rin.plan = recalc_plan(a->calc);
	rin.fixes = recalc_fixes(a->calc, &rin.n_fixes);
	rin.model_source = model_find_input_source(a->cat, in);
	rin.explicit_all = recalc_explicit_all(a->calc);
	if (v->node >= 0) {
		rin.node = &a->cat->nodes[v->node];
		rin.placement = &v->pl;
	}
	text = export_render(v->pending, &rin, err, errlen);
	if (text == NULL)
		return -1;
	rc = textfile_write_atomic(path, text, strlen(text), err, errlen);
	free(text);
	if (rc != 0)
		return -1;
	app_state_wrote(a, path);
	app_state_set_status(a, ROLE_STATUS_OK, "wrote the %s files to %s",
	    export_format_name(v->pending), path);
	return 0;
}

/* ---- drawing ---- */

/* A long text wrapped to w columns, the first line after prefix. */
static void
add_wrapped(struct overlay_lines *L, enum role role, int w, const char *prefix,
    const char *s)
{
	const char *starts[16];
	int lens[16], n, i, pw = (int)strlen(prefix);

	n = draw_wrap_lines(s, w - pw > 20 ? w - pw : 20, starts, lens, 16);
	for (i = 0; i < n; i++)
		overlay_lines_add(L, role, 0, "%s%.*s", i == 0 ? prefix : "",
		    lens[i], starts[i]);
}

/* What a whole card holds: its replica ("r0", "idle") and its ranks ("p1 t7"). */
static void
card_cell(const struct placement *pl, const struct placement_slot *s, char *top,
    char *bottom, size_t len)
{
	bottom[0] = '\0';
	if (s->replica < 0) {
		snprintf(top, len, "idle");
		return;
	}
	snprintf(top, len, "r%d", s->replica);
	if (pl->dp > 1)
		snprintf(bottom, len, "d%d p%d t%d", s->dp_rank, s->pp_stage,
		    s->tp_rank);
	else if (pl->pp > 1)
		snprintf(bottom, len, "p%d t%d", s->pp_stage, s->tp_rank);
	else if (pl->tp > 1)
		snprintf(bottom, len, "t%d", s->tp_rank);
}

/* A MIG card: the replicas of its slices ("r0-r6") and how many are busy. */
static void
slice_cell(const struct placement *pl, int node, int gpu, char *top,
    char *bottom, size_t len)
{
	int i, lo = -1, hi = -1, busy = 0, all = 0;

	for (i = 0; i < pl->n_slots; i++) {
		const struct placement_slot *s = &pl->slots[i];

		if (s->node != node || s->gpu != gpu)
			continue;
		all++;
		if (s->replica < 0)
			continue;
		busy++;
		if (lo < 0 || s->replica < lo)
			lo = s->replica;
		if (s->replica > hi)
			hi = s->replica;
	}
	if (busy == 0)
		snprintf(top, len, "idle");
	else if (lo == hi)
		snprintf(top, len, "r%d", lo);
	else
		snprintf(top, len, "r%d-%d", lo, hi);
	snprintf(bottom, len, "%d/%d sl", busy, all);
}

static const struct placement_slot *
slot_at(const struct placement *pl, int node, int gpu)
{
	int i;

	for (i = 0; i < pl->n_slots; i++)
		if (pl->slots[i].node == node && pl->slots[i].gpu == gpu)
			return &pl->slots[i];
	return NULL;
}

/* The grid: per node a label, then its cards in rows of cpr columns, two lines each. */
static void
add_grid(struct overlay_lines *L, const struct placement *pl, int w)
{
	int cpr = (w - LABEL_W) / CELL_W, n, g0, g;
	char top[OVERLAY_LINE_LEN], bot[OVERLAY_LINE_LEN],
	    exp[OVERLAY_LINE_LEN];
	char t[48], b[48], e[48];

	if (cpr < 1)
		cpr = 1;
	for (n = 0; n < pl->nodes; n++) {
		for (g0 = 0; g0 < pl->gpus_per_node; g0 += cpr) {
			size_t ot, ob, oe;

			ot = (size_t)snprintf(top, sizeof top, "%-*s", LABEL_W,
			    "");
			ob = (size_t)snprintf(bot, sizeof bot, "%-*s", LABEL_W,
			    "");
			oe = (size_t)snprintf(exp, sizeof exp, "%-*s", LABEL_W,
			    "");
			if (g0 == 0)
				ot = (size_t)snprintf(top, sizeof top,
				    "node %-*d", LABEL_W - 5, n);
			/* the card numbers, then what each holds */
			for (g = g0; g < pl->gpus_per_node && g < g0 + cpr;
			     g++) {
				char num[16];

				snprintf(num, sizeof num, "gpu%d", g);
				if (ot < sizeof top)
					ot += (size_t)snprintf(top + ot,
					    sizeof top - ot, "%-*.*s", CELL_W,
					    CELL_W - 1, num);
			}
			overlay_lines_add(L, ROLE_HELP_KEY, 0, "%s", top);
			ot = (size_t)snprintf(top, sizeof top, "%-*s", LABEL_W,
			    "");
			for (g = g0; g < pl->gpus_per_node && g < g0 + cpr;
			     g++) {
				const struct placement_slot *s =
				    slot_at(pl, n, g);

				t[0] = b[0] = e[0] = '\0';
				if (s != NULL && pl->ep && s->replica >= 0)
					snprintf(e, sizeof e,
					    pl->round_robin ? "%d,%d.."
							    : "%d-%d",
					    s->expert_first,
					    pl->round_robin ? s->expert_first +
						    s->expert_stride
							    : s->expert_first +
						    s->expert_count - 1);
				if (s != NULL && pl->slices_per_gpu > 0)
					slice_cell(pl, n, g, t, b, sizeof t);
				else if (s != NULL)
					card_cell(pl, s, t, b, sizeof t);
				if (ot < sizeof top)
					ot += (size_t)snprintf(top + ot,
					    sizeof top - ot, "%-*.*s", CELL_W,
					    CELL_W - 1, t);
				if (ob < sizeof bot)
					ob += (size_t)snprintf(bot + ob,
					    sizeof bot - ob, "%-*.*s", CELL_W,
					    CELL_W - 1, b);
				if (oe < sizeof exp)
					oe += (size_t)snprintf(exp + oe,
					    sizeof exp - oe, "%-*.*s", CELL_W,
					    CELL_W - 1, e);
			}
			overlay_lines_add(L, ROLE_HELP, 0, "%s", top);
			if (pl->tp > 1 || pl->pp > 1 || pl->dp > 1 ||
			    pl->slices_per_gpu > 0)
				overlay_lines_add(L, ROLE_HELP, 0, "%s", bot);
			if (pl->ep)
				overlay_lines_add(L, ROLE_HELP, 0, "%s", exp);
		}
	}
}

/* The title row and the keys row, w columns from column 2. */
static void
deploy_draw_title(struct app *a, int w)
{
	char t[600];

	snprintf(t, sizeof t,
	    "Deployment: what runs where (D or Esc closes, %s%s "
	    "scroll)",
	    a->g->more_up, a->g->more_down);
	draw_text(&a->theme, ROLE_HELP_TITLE, 0, 2, w, t, a->g->ellipsis);
	snprintf(t, sizeof t,
	    "%s%s server  +/- nodes  write: r ray  m multinode  "
	    "c compose  k kubernetes",
	    a->g->left, a->g->right);
	draw_text(&a->theme, ROLE_KEY, 1, 2, w, t, a->g->ellipsis);
}

/* The hardware: the server (or the plan's one host) and its links, the
 * instance's layout and replicas, the server's price. */
static void
deploy_add_hardware(struct overlay_lines *L, struct app *a,
    const struct deploy_view *v, const struct node *nd, const struct gpu *g,
    int w)
{
	const struct placement *pl = &v->pl;
	char t[600];

	if (v->node >= 0)
		snprintf(t, sizeof t, "%d %s %s (%s): %d %s %s each", pl->nodes,
		    a->g->times, nd->id, nd->name, nd->gpus_per_node,
		    a->g->times, g ? g->id : "?");
	else
		snprintf(t, sizeof t,
		    "One host with the plan's cards: %d %s %s%s",
		    pl->gpus_per_node, a->g->times, g ? g->id : "custom card",
		    g && g->nvlink_gbs > 0 ? ", NVLink" : "");
	add_wrapped(L, ROLE_HELP_TITLE, w, "", t);
	if (v->node >= 0 && nd->nvlink_domain > 0)
		overlay_lines_add(L, ROLE_HELP, 0,
		    "NVLink domain %d card%s; %.0f GB/s per card inside it, "
		    "%.0f GB/s between nodes (one way)",
		    nd->nvlink_domain, nd->nvlink_domain == 1 ? "" : "s",
		    nd->intra_gbs, nd->inter_gbs);
	else if (v->node >= 0)
		overlay_lines_add(L, ROLE_HELP, 0,
		    "No NVLink: PCIe between the cards, %.0f GB/s per card; "
		    "%.0f GB/s between nodes (one way)",
		    nd->intra_gbs, nd->inter_gbs);
	snprintf(t, sizeof t, " over %d nodes", pl->nodes_per_instance);
	if (pl->slices_per_gpu > 0)
		overlay_lines_add(L, ROLE_HELP, 0,
		    "One instance per MIG slice, %d slices per card; "
		    "%d replica%s",
		    pl->slices_per_gpu, pl->replicas,
		    pl->replicas == 1 ? "" : "s");
	else
		overlay_lines_add(L, ROLE_HELP, 0,
		    "One instance: TP %d %s PP %d %s DP %d = %d card%s%s; "
		    "%d replica%s",
		    pl->tp, a->g->times, pl->pp, a->g->times, pl->dp,
		    pl->instance_gpus, pl->instance_gpus == 1 ? "" : "s",
		    pl->nodes_per_instance > 1 ? t : "", pl->replicas,
		    pl->replicas == 1 ? "" : "s");
	if (v->node >= 0 && nd->price_per_hour > 0) {
		const struct price_currency *cur = &a->cat->currency;
		char p1[48], p2[48], note[200];

		snprintf(t, sizeof t,
		    "%s per hour for %d node%s (%s each; %s, %s)",
		    price_format(cur, nd->price_per_hour * pl->nodes, 2, p1,
			sizeof p1),
		    pl->nodes, pl->nodes == 1 ? "" : "s",
		    price_format(cur, nd->price_per_hour, 2, p2, sizeof p2),
		    nd->price_source ? nd->price_source : "",
		    nd->price_date ? nd->price_date : "");
		add_wrapped(L, ROLE_HELP, w, "Price: ", t);
		if (price_converted(cur))
			add_wrapped(L, ROLE_MUTED, w, "",
			    price_note(cur, note, sizeof note));
	} else if (v->node >= 0)
		overlay_lines_add(L, ROLE_MUTED, 0,
		    "Price: no dated price for this server");
}

/* Whether vLLM starts the placement pl of plan p, its notes, where the
 * experts sit, and the legend of the grid. */
static void
deploy_add_verdict(struct overlay_lines *L, struct app *a,
    const struct placement *pl, const struct plan *p, int w)
{
	char t[600];
	int i;

	if (pl->refused)
		add_wrapped(L, ROLE_VERDICT_FAIL, w,
		    "vLLM refuses: ", pl->message);
	else if (p->phase != PHASE_NONE)
		add_wrapped(L, ROLE_VERDICT_FAIL, w,
		    "The plan does not start: ", p->message);
	else
		overlay_lines_add(L, ROLE_VERDICT_OK, 0,
		    "vLLM starts this placement");
	for (i = 0; i < pl->n_notes; i++)
		add_wrapped(L, ROLE_WARNING, w, "note: ", pl->notes[i]);
	if (pl->ep) {
		snprintf(t, sizeof t,
		    "%d routed experts whole over the %d ranks of "
		    "TP %d %s DP %d (expert parallel); attention split by TP "
		    "on every "
		    "DP rank",
		    pl->n_experts, pl->tp * pl->dp, pl->tp, a->g->times,
		    pl->dp);
		add_wrapped(L, ROLE_HELP, w, "Experts: ", t);
	} else if (pl->n_experts > 0 && pl->tp * pl->dp > 1 &&
	    pl->slices_per_gpu == 0) {
		snprintf(t, sizeof t,
		    "all %d routed experts on every card, each split "
		    "over the %d ranks of TP %s DP",
		    pl->n_experts, pl->tp * pl->dp, a->g->times);
		add_wrapped(L, ROLE_HELP, w, "Experts: ", t);
	}
	overlay_lines_add(L, ROLE_MUTED, 0,
	    "r replica, d data-parallel rank, "
	    "p pipeline stage, t tensor-parallel rank");
	if (pl->ep)
		overlay_lines_add(L, ROLE_MUTED, 0,
		    "under each card: the routed "
		    "experts it holds");
}

/* The lines of L under the two title rows of b from o->top (clamped),
 * w columns wide, with the marks of more above or below. */
static void
deploy_draw_lines(struct app *a, struct overlay *o,
    const struct overlay_lines *L, const struct rect *b, int w)
{
	int rows = b->h - 2, k;

	if (o->top > L->n - rows)
		o->top = L->n - rows > 0 ? L->n - rows : 0;
	for (k = 0; k < rows && o->top + k < L->n; k++)
		draw_text(&a->theme, L->l[o->top + k].role, 2 + k, 2, w,
		    L->l[o->top + k].s, a->g->ellipsis);
	/* more above or below */
	if (o->top > 0)
		draw_text(&a->theme, ROLE_KEY, 2, b->w - 2, 1, a->g->more_up,
		    "");
	if (o->top + rows < L->n)
		draw_text(&a->theme, ROLE_KEY, 1 + rows, b->w - 2, 1,
		    a->g->more_down, "");
}

static void
deploy_draw(struct app *a, struct overlay *o)
{
	struct deploy_view *v = o->state;
	const struct placement *pl = &v->pl;
	const struct node *nd = chosen_node(a);
	const struct plan *p = recalc_plan(a->calc);
	const struct gpu *g = nd->gpu >= 0 && (size_t)nd->gpu < a->cat->n_gpus
	    ? &a->cat->gpus[nd->gpu]
	    : NULL;
	struct overlay_lines lines, *L = &lines;
	struct rect b;
	int w;

	overlay_lines_init(L, MAX_LINES);
	b.y = 0;
	b.x = 0;
	b.w = a->cols;
	b.h = a->rows - 1;
	w = b.w - 4;
	draw_clear(&a->theme, ROLE_HELP, &b);
	deploy_draw_title(a, w);
	deploy_add_hardware(L, a, v, nd, g, w);
	deploy_add_verdict(L, a, pl, p, w);
	add_grid(L, pl, w);
	deploy_draw_lines(a, o, L, &b, w);
	overlay_lines_done(L);
}

const struct overlay_ops overlay_deploy_ops = {
	.name = "deploy",
	.toggle = { ACT_DEPLOY_VIEW, ACT_NONE },
	.scroll =
	    OVERLAY_SCROLL_LINES | OVERLAY_SCROLL_PAGES | OVERLAY_SCROLL_HOME,
	.page = 0,
	.state_size = sizeof(struct deploy_view),
	.init = deploy_init,
	.open = deploy_open,
	.draw = deploy_draw,
	.key = deploy_key,
};
