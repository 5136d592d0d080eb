/*
 * overlay_details.c - the verdict in full (i): where vLLM stops and its
 * whole message, the warning and the assumption, then every fix with its
 * flags and effect.  Up/Down, PgUp/PgDn and Home scroll; it has no
 * state.
 */
#include "overlay.h"

#include <stdio.h>

#include "app_state.h"
#include "core/spec.h"
#include "core/units.h"
#include "draw.h"

/* The drafter of --speculative-config: its weights, its KV layers and
 * what its figures rest on, as the report's weight line gives them. */
static void
details_drafter(struct app *a, const struct plan *p, struct overlay_lines *L,
    int w)
{
	const struct plan_input *in = recalc_input(a->calc);
	char s[600], g[32], t[32];

	if (p->draft_weights <= 0)
		return;
	snprintf(s, sizeof s,
	    "Drafter: %s, %s GiB of the weights per GPU; %d more attention "
	    "layer%s in the KV cache (%s bytes per token per GPU in all)",
	    spec_draft_label(in->draft, &in->spec),
	    units_format_gib(p->draft_weights, g, sizeof g), p->draft_layers,
	    p->draft_layers == 1 ? "" : "s",
	    units_format_commas(p->bytes_per_token, t, sizeof t));
	overlay_lines_wrapped(L, ROLE_HELP, 0, w, s);
	if (p->spec_assumption != NULL) {
		snprintf(s, sizeof s, "Assumption: %s", p->spec_assumption);
		overlay_lines_wrapped(L, ROLE_WARNING, 0, w, s);
	}
}

/* DeepSeek-V4's cache, as the report's KV line gives it. */
static void
details_dsv4(const struct plan *p, struct overlay_lines *L, int w)
{
	char s[400], b[32], c[32], g[32];

	if (!p->kv.is_dsv4)
		return;
	snprintf(s, sizeof s,
	    "KV cache: DeepSeek-V4's %d groups, %s bytes a block (counted as "
	    "%s), %s blocks a request; shared workspace %s GiB in the torch "
	    "peak (%s; estimate)",
	    p->n_groups, units_format_commas(p->page_bytes, b, sizeof b),
	    kv_dsv4_pool_change(p->kv.dsv4.pool),
	    units_format_commas(p->blocks_per_request, c, sizeof c),
	    units_format_gib(p->dsv4_workspace, g, sizeof g),
	    p->dsv4_workspace > p->gather_workspace ? "the indexer's key gather"
						    : "the prefill gather");
	overlay_lines_wrapped(L, ROLE_HELP, 0, w, s);
}

static void
details_draw(struct app *a, struct overlay *o)
{
	const struct plan *p = recalc_plan(a->calc);
	const struct fix *f;
	struct overlay_lines L;
	size_t nf, i;
	struct rect box;
	char head[256];
	int w;

	overlay_frame(a, &box,
	    "Verdict in full (Esc or i closes; Up/Down, PgUp/PgDn, Home "
	    "scroll)");
	if (box.w > 100) {
		box.x += (box.w - 100) / 2;
		box.w = 100;
	}
	w = box.w - 4;
	overlay_lines_init(&L, 256);
	if (p->phase == PHASE_NONE)
		snprintf(head, sizeof head, "%s vLLM starts.", a->g->ok);
	else
		snprintf(head, sizeof head,
		    "%s vLLM stops at the %s (%s):", a->g->fail,
		    plan_phase_title(p->phase), plan_phase_name(p->phase));
	overlay_lines_wrapped(&L,
	    p->phase == PHASE_NONE ? ROLE_VERDICT_OK : ROLE_VERDICT_FAIL, 0, w,
	    head);
	overlay_lines_wrapped(&L, ROLE_HELP, 0, w, p->message);
	overlay_lines_wrapped(&L, ROLE_WARNING, 0, w, p->warning);
	overlay_lines_wrapped(&L, ROLE_WARNING, 0, w, p->env_note);
	if (p->assumption != NULL) {
		char as[600];

		snprintf(as, sizeof as, "Assumption: %s", p->assumption);
		overlay_lines_wrapped(&L, ROLE_WARNING, 0, w, as);
	}
	if (p->card_assumption[0] != '\0') {
		char as[PLAN_MSG_LEN + 16];

		snprintf(as, sizeof as, "Assumption: %s", p->card_assumption);
		overlay_lines_wrapped(&L, ROLE_WARNING, 0, w, as);
	}
	if (p->pooling) {
		char pl[400];

		snprintf(pl, sizeof pl,
		    "Pooling runner (--convert %s): lm_head dropped%s; the "
		    "profile and the warm-up run the pooler over the "
		    "forward's hidden states, not the sampler; CUDA graphs "
		    "PIECEWISE only.",
		    plan_pool_task_name(p->pool_task),
		    p->pool_task == PLAN_POOL_CLASSIFY
			? ", a float32 score head in its place"
			: "");
		overlay_lines_wrapped(&L, ROLE_HELP, 0, w, pl);
	}
	details_drafter(a, p, &L, w);
	details_dsv4(p, &L, w);
	f = recalc_fixes(a->calc, &nf);
	overlay_lines_wrapped(&L, ROLE_HELP, 0, w, " ");
	overlay_lines_wrapped(&L, ROLE_HELP_TITLE, 0, w,
	    nf > 0 ? "Fixes, best first" : "No fix found");
	for (i = 0; i < nf; i++) {
		char s[sizeof f[i].summary + 32];

		snprintf(s, sizeof s, "%s: %s", fix_kind_name(f[i].kind),
		    f[i].summary);
		overlay_lines_wrapped(&L, ROLE_HELP_KEY, 0, w, f[i].flags);
		overlay_lines_wrapped(&L, ROLE_HELP, 2, w, s);
	}
	overlay_lines_draw(a, &box, box.y + 2, &L, &o->top);
	overlay_lines_done(&L);
}

const struct overlay_ops overlay_details_ops = {
	.name = "details",
	.toggle = { ACT_HELP, ACT_DETAILS },
	.scroll =
	    OVERLAY_SCROLL_LINES | OVERLAY_SCROLL_PAGES | OVERLAY_SCROLL_HOME,
	.draw = details_draw,
};
