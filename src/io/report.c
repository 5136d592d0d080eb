/*
 * report.c - report writers.  Invariant: every figure printed comes from
 * struct plan or struct fix; nothing is recomputed here.
 */
#include "report.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "config.h"
#include "core/spec.h"
#include "core/units.h"
#include "core/vllm_version.h"
#include "io/model_find.h"
#include "io/serve_command.h"
#include "io/sizing_report.h"
#include "io/provenance.h"
#include "io/deploy.h"
#include "io/price.h"
#include "io/strbuf.h"
#include "io/textesc.h"

#define CMD_FIRST 4096 /* the first buffer for a command */
#define CMD_LIMIT (4u << 20) /* the longest command written */

/*
 * The finished text, with any control a name from a file or a command
 * brought in (ESC, C1, a bare CR ...) escaped: the report goes to a
 * terminal.  Its own line breaks stay.
 */
static char *
shown_safe(struct strbuf *o)
{
	struct strbuf e = { 0 };
	char *t = strbuf_take(o);

	textesc_append_lines(&e, t);
	free(t);
	return strbuf_take(&e);
}

char *
report_command_line(const struct report_in *r, const struct plan_input *in,
    int *cut)
{
	size_t cap = CMD_FIRST;

	for (;;) {
		char *cmd = malloc(cap);
		size_t n;

		if (cmd == NULL)
			abort();
		/* the writers cut at the end of their buffer, leaving it within a
		 * few bytes of full: a line well short of the end is whole */
		n = serve_command_format(r->cat, in, r->plan, r->explicit_all,
		    cmd, cap);
		if (n + 64 < cap || cap >= CMD_LIMIT) {
			if (cut != NULL)
				*cut = n + 64 >= cap;
			return cmd;
		}
		free(cmd);
		cap *= 4;
	}
}

static const char *
gib(int64_t b, char *buf)
{
	return units_format_gib(b, buf, 32);
}

static const struct gpu *
card(const struct report_in *r)
{
	int g = r->in->gpu;

	return g >= 0 && (size_t)g < r->cat->n_gpus ? &r->cat->gpus[g] : NULL;
}

static const char *
card_name(const struct report_in *r, char *buf, size_t len)
{
	const struct gpu *g = card(r);

	if (g == NULL)
		snprintf(buf, len, "custom card (%.2f GiB)",
		    r->in->gpu_total_gib);
	else if (r->in->mig >= 0)
		snprintf(buf, len, "%s, MIG %s", g->name,
		    g->mig[r->in->mig].name);
	else
		snprintf(buf, len, "%s", g->name);
	return buf;
}

static const char *
est(const struct plan *p)
{
	return p->kv_memory_fixed ? "" : " (estimate)";
}

/* A plan stopped at the configuration check has no memory figure to show. */
static const char report_no_figures[] =
    "No memory figures: vLLM stops at the configuration check, before it "
    "loads the model or sizes anything.";

/* The title line, where the model came from, and the sizing rule's caveat. */
static void
report_text_header(struct strbuf *o, const struct report_in *r)
{
	const struct plan *p = r->plan;
	char a[32], b[32], name[256], v[32];

	card_name(r, name, sizeof name);
	vllm_version_format(p->version, v, sizeof v);
	/* a folder's path or a user's card name: one line whatever it holds */
	strbuf_printf(o, "headroom %s: vLLM %s on ", PACKAGE_VERSION, v);
	textesc_append(o, name);
	strbuf_printf(o, " x%d, ", p->world * p->dp);
	textesc_append(o, r->in->model ? r->in->model->id : "?");
	strbuf_printf(o, " (%s)\n", ckpt_format_name(p->format));
	if (model_find_where(r->cat, r->in->model) != NULL) {
		strbuf_printf(o, "Model from outside the catalogue (%s): ",
		    r->model_source ? r->model_source : "directory");
		textesc_append(o, model_find_where(r->cat, r->in->model));
		strbuf_printf(o, "\n");
	}
	if (r->in->overhead == OVERHEAD_RULE) {
		strbuf_printf(o,
		    "Mode: sizing rule (cache = 0.9 x driver memory - 3 GiB - "
		    "weights), not vLLM's profile.\n");
		/* the rule's total is not the card's CUDA figure: say why they differ */
		if (p->total != plan_card_total(r->cat, r->in))
			strbuf_printf(o,
			    "The rule starts from the driver's figure "
			    "(nvidia-smi), "
			    "%s GiB; CUDA, and vLLM's profile, see %s GiB of "
			    "the card.\n",
			    gib(p->total, a),
			    gib(plan_card_total(r->cat, r->in), b));
	}
}

/* The weights line and what it holds: experts, LoRA slots, draft, offload. */
static void
report_text_weights(struct strbuf *o, const struct report_in *r)
{
	const struct plan *p = r->plan;
	char a[32];

	strbuf_printf(o, "  Model loading took %s GiB memory%s\n",
	    gib(p->weights, a),
	    p->weights_exact ? "" : " (derived from the architecture)");
	if (p->expert_parallel)
		strbuf_printf(o,
		    "    MoE: %d of %d routed experts whole on this GPU "
		    "(expert parallel over TP %d x DP %d = %d ranks); "
		    "attention split "
		    "by TP %d\n",
		    p->experts_per_rank, r->in->model->n_experts, p->tp, p->dp,
		    p->ep_size, p->tp);
	else if (p->moe_tp > 1 && p->dp > 1)
		strbuf_printf(o,
		    "    MoE: every routed expert split over TP %d x DP %d "
		    "= %d ranks (vLLM flattens TP across DP in the MoE "
		    "layers); "
		    "attention split by TP %d\n",
		    p->tp, p->dp, p->moe_tp, p->tp);
	if (p->lora_bytes > 0)
		strbuf_printf(o,
		    "    of which LoRA slots (--max-loras x --max-lora-rank): "
		    "%s GiB\n",
		    gib(p->lora_bytes, a));
	if (p->draft_weights > 0)
		strbuf_printf(o,
		    "    of which %s: %s GiB "
		    "(%d more attention layer%s in the KV cache)\n",
		    spec_draft_label(r->in->draft, &r->in->spec),
		    gib(p->draft_weights, a), p->draft_layers,
		    p->draft_layers == 1 ? "" : "s");
	if (p->offloaded > 0)
		strbuf_printf(o,
		    "    after --cpu-offload-gb moved %s GiB to CPU memory "
		    "(vLLM moves whole tensors: up to one tensor more)\n",
		    gib(p->offloaded, a));
}

/* A model without a KV cache: no profile run, the graphs captured after
 * loading (vllm/v1/engine/core.py _initialize_kv_caches). */
static void
report_text_no_kv_profile(struct strbuf *o, const struct plan *p)
{
	char a[32];

	strbuf_printf(o,
	    "  No memory profile: no layer keeps a KV cache (encoder-only "
	    "attention), so vLLM runs no profile and logs no torch peak, "
	    "non-torch or KV-cache line\n"
	    "  Pooling runner: the model's own pooler, CUDA graphs PIECEWISE "
	    "only\n");
	if (p->n_capture_sizes > 0)
		strbuf_printf(o,
		    "  Graph capturing after loading: %s GiB (estimate; %d "
		    "capture sizes up to %d)\n",
		    gib(p->cuda_graphs, a), p->n_capture_sizes,
		    p->max_capture_size);
	else
		strbuf_printf(o,
		    "  CUDA graphs: none (--enforce-eager or no "
		    "capture sizes)\n");
}

/* The profile's terms (activation, non-torch, CUDA graphs), or the rule's
 * reserve. */
static void
report_text_profile(struct strbuf *o, const struct report_in *r)
{
	const struct plan *p = r->plan;
	char a[32], b[32];

	if (r->in->overhead != OVERHEAD_ESTIMATE) {
		strbuf_printf(o, "  Reserve per card: %s GiB (rule)\n",
		    gib(p->activation, a));
		return;
	}
	if (p->no_kv_cache) {
		report_text_no_kv_profile(o, p);
		return;
	}
	strbuf_printf(o,
	    "  torch peak memory increase: %s GiB; non-torch forward "
	    "increase memory: %s GiB (%s)\n",
	    gib(p->activation, a), gib(p->non_torch, b),
	    provenance_basis_pair(p));
	if (p->indexer_workspace > 0 && !(p->calibrated & PLAN_CAL_ACTIVATION))
		strbuf_printf(o,
		    "    of which the sparse indexer's prefill workspace: %s "
		    "GiB "
		    "(40 x max_model_len entries of %d bytes, reserved in the "
		    "profile run and kept)\n",
		    gib(p->indexer_workspace, a),
		    (int)((p->indexer_workspace - (1 << 20)) /
			(40 * (int64_t)p->max_model_len)));
	if (p->draft_activation > 0 && !(p->calibrated & PLAN_CAL_ACTIVATION))
		strbuf_printf(o,
		    "    the drafter's phase of the profile run: %s GiB (its "
		    "forward with the target's hidden states held; the peak "
		    "above is the larger phase, estimate)\n",
		    gib(p->draft_activation, a));
	if (p->pooling)
		strbuf_printf(o,
		    "  Pooling runner (--convert %s%s): no sampler; the "
		    "profile runs the pooler over the forward's hidden states, "
		    "lm_head is dropped%s, CUDA graphs are PIECEWISE only\n",
		    plan_pool_task_name(p->pool_task),
		    r->in->runner == PLAN_RUNNER_POOLING ? ""
			: r->in->task != PLAN_TASK_UNSET
			? "; the runner and adapter --task sets"
			: p->pool_task == PLAN_POOL_CLASSIFY
			? "; --runner auto, as the class's name makes it"
			: "; --runner auto, as the model's sentence-"
			  "transformers pooling config makes it",
		    p->pool_task == PLAN_POOL_CLASSIFY
			? " and a float32 score head takes its place"
			: "");
	if (p->n_capture_sizes > 0)
		strbuf_printf(o,
		    "  Estimated CUDA graph memory: %s GiB total (%s; "
		    "%s "
		    "vLLM's budget, %d capture sizes up to %d)\n",
		    gib(p->cuda_graphs, a),
		    provenance_basis(p, PLAN_CAL_CUDA_GRAPHS),
		    p->cg_in_budget ? "inside" : "outside", p->n_capture_sizes,
		    p->max_capture_size);
	if (p->n_capture_sizes > 0 && p->cg_host_repeats > 0)
		strbuf_printf(o,
		    "    on unified memory vLLM measures it by the drop in "
		    "CUDA's free memory, which the host's own use moves: what "
		    "the host takes during each mode's second capture counts "
		    "%d times in vLLM's figure (0.05 GiB there is %.2f GiB "
		    "less for the KV cache), and no estimate bounds it\n",
		    p->cg_host_repeats, 0.05 * p->cg_host_repeats);
	if (p->n_capture_sizes <= 0)
		strbuf_printf(o,
		    "  CUDA graphs: none (--enforce-eager or no "
		    "capture sizes)\n");
}

/* Whether a layout has sliding-window or chunked-local groups, the ones
 * that reserve for the batches in flight. */
static bool
kv_holds_window(const struct kv_layout *l)
{
	int i;

	if (l->is_dsv4)
		return true;
	for (i = 0; i < l->n_types; i++)
		if (l->type[i].kind == KV_KIND_SLIDING ||
		    l->type[i].kind == KV_KIND_CHUNKED)
			return true;
	return false;
}

/* DeepSeek-V4's cache line: one block over every group's tensors. */
static void
report_text_dsv4_kv(struct strbuf *o, const struct plan *p)
{
	char b[32], c[32];

	strbuf_printf(o,
	    "\nKV cache: %s, block size %d, DeepSeek-V4's %d groups "
	    "(%d layer specs), %s bytes a block (counted as %s), %lld "
	    "blocks, %s a request",
	    kv_dtype_name(p->kv_dtype), p->block_size, p->n_groups,
	    p->kv.dsv4.n_specs, units_format_commas(p->page_bytes, b, sizeof b),
	    kv_dsv4_pool_change(p->kv.dsv4.pool), (long long)p->num_blocks,
	    units_format_commas(p->blocks_per_request, c, sizeof c));
	if (p->dsv4_workspace > 0)
		strbuf_printf(o,
		    "; shared workspace %.2f GiB in the torch peak (%s; "
		    "estimate)",
		    (double)p->dsv4_workspace / (1024.0 * 1024 * 1024),
		    p->dsv4_workspace > p->gather_workspace
			? "the indexer's key gather"
			: "the prefill gather");
}

/*
 * With pipeline stages every stage's worker logs its own available KV
 * memory; the line above is the stage with the fewest blocks, whose count
 * every stage keeps.
 */
static void
report_text_stages(struct strbuf *o, const struct plan *p)
{
	char a[32];
	int s;

	if (p->n_stages <= 1 || p->kv_memory_fixed)
		return;
	strbuf_printf(o, "    per stage, as each stage's worker logs it:");
	for (s = 0; s < p->n_stages; s++)
		strbuf_printf(o, "%s PP%d %s", s ? "," : "", s,
		    gib(p->stages[s].available_kv, a));
	strbuf_printf(o, " GiB; every stage keeps PP%d's %lld blocks\n",
	    p->best_stage, (long long)p->num_blocks);
}

/* No KV lines where vLLM prints none; the requests one forward takes. */
static void
report_text_no_kv_cache(struct strbuf *o, const struct plan *p)
{
	char d[32], t[32];

	strbuf_printf(o,
	    "  KV cache: none (vLLM prints no \"Available KV cache memory\", "
	    "\"GPU KV cache size\" or \"Maximum concurrency\" line for this "
	    "model)\n");
	units_format_commas(p->tokens_per_request, d, sizeof d);
	units_format_commas(p->max_num_batched_tokens, t, sizeof t);
	strbuf_printf(o,
	    "Requests of %s tokens in one forward step: %lld per replica x %d "
	    "replica%s = %lld (whole prompts within max_num_batched_tokens "
	    "%s and max_num_seqs %d; no cache holds them between steps)\n",
	    d, (long long)p->concurrency_at_tpr, p->replicas,
	    p->replicas == 1 ? "" : "s", (long long)p->total_concurrency, t,
	    p->max_num_seqs);
}

/* vLLM's three KV lines, then the cache's layout and the requests it holds. */
static void
report_text_cache(struct strbuf *o, const struct plan *p)
{
	char a[32], b[32], c[32], d[32];
	int64_t kvb;

	if (p->no_kv_cache) {
		report_text_no_kv_cache(o, p);
		return;
	}
	if (plan_kv_figure(p, &kvb)) {
		strbuf_printf(o, "  Available KV cache memory: %s GiB%s\n",
		    gib(kvb, a), est(p));
		report_text_stages(o, p);
	} else
		strbuf_printf(o,
		    "  Available KV cache memory: none (vLLM stops before it, "
		    "at the %s)\n",
		    plan_phase_title(p->phase));
	strbuf_printf(o, "  GPU KV cache size: %s tokens\n",
	    units_format_commas(p->kv_tokens, b, sizeof b));
	units_format_commas(p->max_model_len, c, sizeof c);
	strbuf_printf(o,
	    "  Maximum concurrency for %s tokens per request: %.2fx\n", c,
	    p->max_concurrency);
	if (p->kv.is_dsv4)
		report_text_dsv4_kv(o, p);
	else
		strbuf_printf(o,
		    "\nKV cache: %s, block size %d, %lld bytes per token per "
		    "GPU, %lld blocks",
		    kv_dtype_name(p->kv_dtype), p->block_size,
		    (long long)p->bytes_per_token, (long long)p->num_blocks);
	if (p->state_bytes > 0)
		strbuf_printf(o,
		    ", %lld bytes of recurrent state per request per GPU",
		    (long long)p->state_bytes);
	if (p->n_groups > 1 && !p->kv.is_dsv4)
		strbuf_printf(o, ", %d groups of %d layers (%d padding)",
		    p->n_groups, p->group_size, p->padding_layers);
	if (p->in_flight_batches > 1 && kv_holds_window(&p->kv))
		strbuf_printf(o,
		    "; sliding groups hold %d batches in flight (vLLM #47728)",
		    p->in_flight_batches);
	strbuf_printf(o, "\n");
	units_format_commas(p->tokens_per_request, d, sizeof d);
	strbuf_printf(o,
	    "Requests of %s tokens resident at once: %lld per replica x %d "
	    "replica%s = %lld\n",
	    d, (long long)p->concurrency_at_tpr, p->replicas,
	    p->replicas == 1 ? "" : "s", (long long)p->total_concurrency);
}

/* One "Assumption:" line, if the plan made that assumption (NULL: none). */
static void
report_text_assumption(struct strbuf *o, const char *assumption)
{
	if (assumption == NULL)
		return;
	strbuf_printf(o, "Assumption: ");
	textesc_append(o, assumption);
	strbuf_printf(o, "\n");
}

/* The notes and assumptions, speed and multimodal lines, what lies outside
 * vLLM's budget, and the deployment. */
static void
report_text_notes(struct strbuf *o, const struct report_in *r)
{
	const struct plan *p = r->plan;
	char e[32], more[1024];

	if (p->warning[0])
		strbuf_printf(o, "Note: %s\n", p->warning);
	if (p->env_note[0]) {
		strbuf_printf(o, "Environment: ");
		textesc_append(o, p->env_note);
		strbuf_printf(o, "\n");
	}
	report_text_assumption(o, p->assumption);
	report_text_assumption(o, p->spec_assumption);
	report_text_assumption(o,
	    p->card_assumption[0] ? p->card_assumption : NULL);
	sizing_report_speed_text(r->cat, r->in, p, "", more, sizeof more);
	strbuf_printf(o, "%s", more);
	sizing_report_mm_text(p, "", more, sizeof more);
	strbuf_printf(o, "%s", more);
	strbuf_printf(o, "Outside vLLM's budget: %s GiB\n",
	    gib(p->outside_budget, e));
	if (p->warmup_need > 0) {
		char n[32];

		strbuf_printf(o,
		    "After graph capture: %s GiB left; the sampler warm-up "
		    "needs %s GiB (estimates)\n",
		    gib(p->warmup_left, e), gib(p->warmup_need, n));
	}
	deploy_text(o, r->node, r->placement, &r->cat->currency);
}

/*
 * A start on unified memory: the KV memory the plan keeps over one request
 * of the maximum length, and how much the host would have to take during
 * each mode's second graph capture, counted cg_host_repeats times in vLLM's
 * estimate, to use it up.
 */
static void
report_text_host_margin(struct strbuf *o, const struct plan *p)
{
	int64_t margin = p->available_kv - p->needed_one_request;
	char a[32], n[32];

	if (p->cg_host_repeats <= 0 || p->needed_one_request <= 0 ||
	    p->max_model_len_auto || margin <= 0)
		return;
	strbuf_printf(o,
	    "  On unified memory: the %s GiB it keeps over what one request "
	    "of %s tokens needs is what %.3f GiB taken by the host during "
	    "each mode's second graph capture (%d counted) would use up\n",
	    gib(margin, a), units_format_commas(p->max_model_len, n, sizeof n),
	    (double)margin / GIB / p->cg_host_repeats, p->cg_host_repeats);
}

/* Whether vLLM starts, then up to eight fixes or changes, best first. */
static void
report_text_verdict(struct strbuf *o, const struct report_in *r)
{
	const struct plan *p = r->plan;
	char cc[PLAN_MSG_LEN];
	size_t i;

	if (p->phase == PHASE_NONE) {
		strbuf_printf(o, "\nVerdict: vLLM starts.\n");
		report_text_host_margin(o, p);
	} else {
		strbuf_printf(o,
		    "\nVerdict: vLLM stops at the %s (phase %s).\n",
		    plan_phase_title(p->phase), plan_phase_name(p->phase));
		strbuf_printf(o, "  %s\n", p->message);
	}
	plan_close_call_text(p, cc, sizeof cc);
	if (cc[0])
		strbuf_printf(o, "  %s\n", cc);
	if (r->n_fixes == 0)
		return;
	strbuf_printf(o, "\n%s\n",
	    p->phase == PHASE_NONE ? "Changes that carry more:"
				   : "Fixes, best first:");
	for (i = 0; i < r->n_fixes && i < 8; i++) {
		const struct fix *f = &r->fixes[i];

		if (f->starts && f->no_kv_cache)
			strbuf_printf(o,
			    "  %-42s %s: starts; %lld request%s in one forward "
			    "step. %s\n",
			    f->flags, fix_kind_name(f->kind),
			    (long long)f->total_concurrency,
			    f->total_concurrency == 1 ? "" : "s", f->summary);
		else if (f->starts)
			strbuf_printf(o,
			    "  %-42s %s: starts; %.2fx at max length, "
			    "%lld request%s at the slider. %s\n",
			    f->flags, fix_kind_name(f->kind),
			    f->max_concurrency, (long long)f->total_concurrency,
			    f->total_concurrency == 1 ? "" : "s", f->summary);
		else
			strbuf_printf(o, "  %-42s %s: still stops (%s). %s\n",
			    f->flags, fix_kind_name(f->kind),
			    plan_phase_name(f->phase), f->summary);
	}
}

/*
 * A quantized format planned from the architecture with no checkpoint of
 * it (serve_command_derived()): the note every report carries, into buf;
 * false (buf empty) otherwise.  FP8 from 16-bit weights is what vLLM's
 * online FP8 (-q fp8, in the command) loads; AWQ and the others it cannot
 * make from them, so the command does not serve the plan as it stands.
 */
static bool
report_derived_note(const struct report_in *r, char *buf, size_t len)
{
	const struct plan_input *in = r->in;
	const struct model *m = in->model;

	buf[0] = '\0';
	if (!serve_command_derived(in))
		return false;
	if (in->format == FMT_FP8 &&
	    (m->native_format == FMT_BF16 || m->native_format == FMT_FP16))
		snprintf(buf, len,
		    "%s planned from the architecture, with no published "
		    "checkpoint of it; the command has vLLM quantize the "
		    "model's own %s weights online (--quantization fp8)",
		    ckpt_format_name(in->format),
		    ckpt_format_name(m->native_format));
	else
		snprintf(buf, len,
		    "%s planned from the architecture, with no published "
		    "checkpoint of it; the command serves the model's own %s "
		    "weights: give the %s checkpoint's id (--checkpoint or "
		    "--model) to serve this plan",
		    ckpt_format_name(in->format),
		    ckpt_format_name(m->native_format),
		    ckpt_format_name(in->format));
	return true;
}

static void
report_text_derived_checkpoint(struct strbuf *o, const struct report_in *r)
{
	char note[512];

	if (report_derived_note(r, note, sizeof note))
		strbuf_printf(o, "Checkpoint: %s.\n", note);
}

/* The serve command, the flags kept unmodelled, and which figures are
 * estimates. */
static void
report_text_command(struct strbuf *o, const struct report_in *r)
{
	const struct plan *p = r->plan;
	char *cmd, nm[2048];

	cmd = report_command_line(r, r->in, NULL);
	strbuf_printf(o, "\nCommand:\n  ");
	textesc_append(o, cmd);
	strbuf_printf(o, "\n");
	free(cmd);
	provenance_not_modelled(r->in, nm, sizeof nm);
	if (nm[0] != '\0')
		strbuf_printf(o,
		    "Not modelled (kept in the command as given): %s\n", nm);
	report_text_derived_checkpoint(o, r);
	if (r->in->overhead == OVERHEAD_ESTIMATE && p->calibrated != 0)
		strbuf_printf(o,
		    "\nCalibrated from a real startup: the terms marked so; "
		    "the "
		    "other profile terms are estimates "
		    "(data/estimates.yaml).\n");
	else if (r->in->overhead == OVERHEAD_ESTIMATE && p->no_kv_cache)
		strbuf_printf(o,
		    "\nThe CUDA-graph figure is an estimate "
		    "(data/estimates.yaml); weights%s follow vLLM's model "
		    "file.\n",
		    p->weights_exact ? " (published size)" : "");
	else if (r->in->overhead == OVERHEAD_ESTIMATE)
		strbuf_printf(o,
		    "\nActivation, non-torch and CUDA-graph figures are "
		    "estimates "
		    "(data/estimates.yaml); weights%s and KV figures follow "
		    "vLLM's "
		    "arithmetic.\n",
		    p->weights_exact ? " (published size)" : "");
}

char *
report_text(const struct report_in *r)
{
	const struct plan *p = r->plan;
	struct strbuf o = { 0 };
	char a[32], b[32], c[32];

	report_text_header(&o, r);
	if (p->phase == PHASE_CONFIG) {
		/* vLLM logs no memory line before this check: neither do we. */
		strbuf_printf(&o, "\n%s\n", report_no_figures);
		report_text_verdict(&o, r);
		report_text_command(&o, r);
		return shown_safe(&o);
	}
	strbuf_printf(&o, "\nPer GPU, as vLLM would log it:\n");
	strbuf_printf(&o,
	    "  Total memory %s GiB; other processes %s GiB; requested %s GiB "
	    "(gpu_memory_utilization %.4g)\n",
	    gib(p->total, a), gib(p->other, b), gib(p->requested, c), p->util);
	report_text_weights(&o, r);
	report_text_profile(&o, r);
	report_text_cache(&o, p);
	report_text_notes(&o, r);
	report_text_verdict(&o, r);
	report_text_command(&o, r);
	return shown_safe(&o);
}

/* "gpu": the card (null id for a custom one), its MIG slice, count, price. */
static void
report_json_gpu(cJSON *root, const struct report_in *r)
{
	const struct plan *p = r->plan;
	const struct gpu *g = card(r);
	cJSON *o = cJSON_AddObjectToObject(root, "gpu");

	if (g) {
		cJSON_AddStringToObject(o, "id", g->id);
		cJSON_AddStringToObject(o, "name", g->name);
	} else {
		cJSON_AddNullToObject(o, "id");
		cJSON_AddStringToObject(o, "name", "custom");
	}
	if (g && r->in->mig >= 0)
		cJSON_AddStringToObject(o, "mig", g->mig[r->in->mig].name);
	else
		cJSON_AddNullToObject(o, "mig");
	cJSON_AddNumberToObject(o, "count", p->replicas * p->world);
	cJSON_AddNumberToObject(o, "total_gib", strbuf_gib2(p->total));
	if (g && g->price_per_hour > 0 && r->in->mig < 0)
		cJSON_AddNumberToObject(o, "price_per_hour_usd",
		    g->price_per_hour);
	else
		cJSON_AddNullToObject(o, "price_per_hour_usd");
}

/* "model": id, checkpoint, and where it came from. */
static void
report_json_model(cJSON *root, const struct report_in *r)
{
	cJSON *o = cJSON_AddObjectToObject(root, "model");

	cJSON_AddStringToObject(o, "id", r->in->model ? r->in->model->id : "");
	cJSON_AddStringToObject(o, "checkpoint",
	    ckpt_format_name(r->plan->format));
	if (r->in->ckpt >= 0)
		cJSON_AddStringToObject(o, "checkpoint_id",
		    r->cat->ckpts[r->in->ckpt].id);
	else
		cJSON_AddNullToObject(o, "checkpoint_id");
	cJSON_AddStringToObject(o, "source",
	    r->model_source ? r->model_source : "catalogue");
	if (model_find_where(r->cat, r->in->model) != NULL)
		cJSON_AddStringToObject(o, "origin",
		    model_find_where(r->cat, r->in->model));
	else
		cJSON_AddNullToObject(o, "origin");
	if (r->in->revision != NULL)
		cJSON_AddStringToObject(o, "revision", r->in->revision);
	else
		cJSON_AddNullToObject(o, "revision");
}

/* "settings": the vLLM settings the plan was made with. */
static void
report_json_settings(cJSON *root, const struct report_in *r)
{
	const struct plan *p = r->plan;
	cJSON *o = cJSON_AddObjectToObject(root, "settings");

	cJSON_AddNumberToObject(o, "tensor_parallel_size", p->tp);
	cJSON_AddNumberToObject(o, "pipeline_parallel_size", p->pp);
	cJSON_AddNumberToObject(o, "data_parallel_size", p->dp);
	cJSON_AddNumberToObject(o, "gpu_memory_utilization", p->util);
	cJSON_AddNumberToObject(o, "max_model_len", (double)p->max_model_len);
	cJSON_AddStringToObject(o, "kv_cache_dtype",
	    kv_dtype_name(p->kv_dtype));
	cJSON_AddNumberToObject(o, "max_num_seqs", p->max_num_seqs);
	cJSON_AddNumberToObject(o, "max_num_batched_tokens",
	    p->max_num_batched_tokens);
	cJSON_AddNumberToObject(o, "block_size", p->block_size);
	cJSON_AddBoolToObject(o, "enforce_eager", p->enforce_eager);
	cJSON_AddNumberToObject(o, "tokens_per_request",
	    (double)p->tokens_per_request);
	cJSON_AddStringToObject(o, "overhead",
	    r->in->overhead == OVERHEAD_RULE ? "rule" : "estimate");
	cJSON_AddNumberToObject(o, "cuda_graph_capture_sizes",
	    p->n_capture_sizes);
	/* the pooling runner: a pooler run where the sampler warms up */
	cJSON_AddStringToObject(o, "runner",
	    p->pooling ? "pooling" : "generate");
	if (p->pooling)
		cJSON_AddStringToObject(o, "pooling_task",
		    plan_pool_task_name(p->pool_task));
	else
		cJSON_AddNullToObject(o, "pooling_task");
	cJSON_AddBoolToObject(o, "sampler", !p->pooling);
	/* its top-k/top-p path (VLLM_USE_FLASHINFER_SAMPLER) */
	if (p->pooling)
		cJSON_AddNullToObject(o, "sampler_path");
	else
		cJSON_AddStringToObject(o, "sampler_path",
		    p->sampler_flashinfer ? "flashinfer" : "native");
	if (r->in->kv_cache_memory_bytes > 0)
		cJSON_AddNumberToObject(o, "kv_cache_memory_bytes",
		    (double)r->in->kv_cache_memory_bytes);
	else
		cJSON_AddNullToObject(o, "kv_cache_memory_bytes");
}

/* The names of the memory terms that are estimates, not measured or exact. */
static void
report_json_estimated(cJSON *arr, const struct report_in *r)
{
	const struct plan *p = r->plan;

	if (r->in->overhead == OVERHEAD_ESTIMATE && p->no_kv_cache) {
		/* no profile: the graphs are the one estimated term */
		cJSON_AddItemToArray(arr, cJSON_CreateString("cuda_graphs"));
	} else if (r->in->overhead == OVERHEAD_ESTIMATE) {
		if (!(p->calibrated & PLAN_CAL_ACTIVATION))
			cJSON_AddItemToArray(arr,
			    cJSON_CreateString("activation"));
		if (!(p->calibrated & PLAN_CAL_NON_TORCH))
			cJSON_AddItemToArray(arr,
			    cJSON_CreateString("non_torch"));
		if (!(p->calibrated & PLAN_CAL_CUDA_GRAPHS))
			cJSON_AddItemToArray(arr,
			    cJSON_CreateString("cuda_graphs"));
		if (!p->kv_memory_fixed)
			cJSON_AddItemToArray(arr,
			    cJSON_CreateString("kv_cache"));
	}
	if (!p->weights_exact)
		cJSON_AddItemToArray(arr, cJSON_CreateString("weights"));
}

/*
 * "stages": with pipeline stages, each stage's rank as its worker logs it
 * (the figures above are the stage with the fewest KV blocks, "binding");
 * null without pipeline stages.
 */
static void
report_json_stages(cJSON *o, const struct plan *p, bool have_kv)
{
	cJSON *a, *e;
	int s;

	if (p->n_stages <= 1) {
		cJSON_AddNullToObject(o, "stages");
		return;
	}
	a = cJSON_AddArrayToObject(o, "stages");
	for (s = 0; s < p->n_stages; s++) {
		const struct plan_stage *ps = &p->stages[s];

		e = cJSON_CreateObject();
		cJSON_AddNumberToObject(e, "stage", s);
		cJSON_AddNumberToObject(e, "layers", ps->layers);
		cJSON_AddNumberToObject(e, "weights", strbuf_gib2(ps->weights));
		cJSON_AddNumberToObject(e, "activation",
		    strbuf_gib2(ps->activation));
		cJSON_AddNumberToObject(e, "non_torch",
		    strbuf_gib2(ps->non_torch));
		cJSON_AddNumberToObject(e, "cuda_graphs",
		    strbuf_gib2(ps->cuda_graphs));
		cJSON_AddItemToObject(e, "kv_cache",
		    strbuf_num_or_null(strbuf_gib2(ps->available_kv),
			have_kv && !p->kv_memory_fixed));
		cJSON_AddBoolToObject(e, "binding", s == p->best_stage);
		cJSON_AddItemToArray(a, e);
	}
}

/* "memory_gib": the per-GPU terms, which are estimates, which calibrated. */
static void
report_json_memory(cJSON *root, const struct report_in *r)
{
	const struct plan *p = r->plan;
	cJSON *o = cJSON_AddObjectToObject(root, "memory_gib");
	int64_t kvb;
	bool have_kv;

	cJSON_AddNumberToObject(o, "total", strbuf_gib2(p->total));
	cJSON_AddNumberToObject(o, "other_usage", strbuf_gib2(p->other));
	cJSON_AddNumberToObject(o, "requested", strbuf_gib2(p->requested));
	cJSON_AddNumberToObject(o, "weights", strbuf_gib2(p->weights));
	cJSON_AddNumberToObject(o, "lora_gib", strbuf_gib2(p->lora_bytes));
	cJSON_AddNumberToObject(o, "cpu_offloaded_gib",
	    strbuf_gib2(p->offloaded));
	cJSON_AddNumberToObject(o, "draft_gib", strbuf_gib2(p->draft_weights));
	cJSON_AddNumberToObject(o, "draft_activation_gib",
	    strbuf_gib2(p->draft_activation));
	cJSON_AddNumberToObject(o, "draft_cuda_graphs_gib",
	    strbuf_gib2(p->draft_graphs));
	cJSON_AddNumberToObject(o, "activation", strbuf_gib2(p->activation));
	cJSON_AddNumberToObject(o, "non_torch", strbuf_gib2(p->non_torch));
	/* the part of it a unified-memory card's host takes (an estimate) */
	cJSON_AddNumberToObject(o, "unified_host_gib",
	    strbuf_gib2(p->unified_host));
	cJSON_AddNumberToObject(o, "cuda_graphs", strbuf_gib2(p->cuda_graphs));
	cJSON_AddBoolToObject(o, "cuda_graphs_in_budget", p->cg_in_budget);
	/* on unified memory: how many times vLLM's graph estimate counts what
	 * the host takes during a mode's second capture (0 elsewhere) */
	cJSON_AddNumberToObject(o, "cuda_graphs_host_repeats",
	    p->cg_host_repeats);
	have_kv = plan_kv_figure(p, &kvb);
	cJSON_AddItemToObject(o, "kv_cache",
	    strbuf_num_or_null(strbuf_gib2(kvb), have_kv));
	cJSON_AddNumberToObject(o, "outside_budget",
	    strbuf_gib2(p->outside_budget));
	/* the sampler warm-up after graph capture (estimates); null when the
	 * plan stops before it or the rank runs no sampler */
	cJSON_AddItemToObject(o, "warmup_left",
	    strbuf_num_or_null(strbuf_gib2(p->warmup_left),
		p->warmup_need > 0));
	cJSON_AddItemToObject(o, "warmup_needs",
	    strbuf_num_or_null(strbuf_gib2(p->warmup_need),
		p->warmup_need > 0));
	report_json_estimated(cJSON_AddArrayToObject(o, "estimated"), r);
	provenance_calibrated_json(p, cJSON_AddArrayToObject(o, "calibrated"));
	report_json_stages(o, p, have_kv);
}

/* "kv": the cache's size in bytes, blocks, tokens and requests. */
static void
report_json_kv(cJSON *root, const struct plan *p)
{
	cJSON *o = cJSON_AddObjectToObject(root, "kv");

	cJSON_AddBoolToObject(o, "cache_kept", !p->no_kv_cache);
	if (p->no_kv_cache) {
		/* vLLM computes and prints none of these */
		static const char *const none[] = { "bytes_per_token",
			"page_bytes", "num_blocks", "tokens", "max_concurrency",
			"groups", "needed_for_one_request_gib" };
		size_t i;

		for (i = 0; i < sizeof none / sizeof none[0]; i++)
			cJSON_AddNullToObject(o, none[i]);
		cJSON_AddNumberToObject(o, "concurrency_at_tokens_per_request",
		    (double)p->concurrency_at_tpr);
		return;
	}
	cJSON_AddNumberToObject(o, "bytes_per_token",
	    (double)p->bytes_per_token);
	cJSON_AddNumberToObject(o, "page_bytes", (double)p->page_bytes);
	cJSON_AddNumberToObject(o, "num_blocks", (double)p->num_blocks);
	cJSON_AddNumberToObject(o, "tokens", (double)p->kv_tokens);
	cJSON_AddNumberToObject(o, "max_concurrency",
	    units_round2(p->max_concurrency));
	cJSON_AddNumberToObject(o, "concurrency_at_tokens_per_request",
	    (double)p->concurrency_at_tpr);
	cJSON_AddNumberToObject(o, "groups", p->n_groups);
	cJSON_AddNumberToObject(o, "in_flight_batches", p->in_flight_batches);
	cJSON_AddNumberToObject(o, "needed_for_one_request_gib",
	    strbuf_gib2(p->needed_one_request));
	if (p->kv.is_dsv4) {
		cJSON_AddStringToObject(o, "layout", "deepseek_v4");
		cJSON_AddStringToObject(o, "block_rule",
		    kv_dsv4_pool_name(p->kv.dsv4.pool));
		cJSON_AddNumberToObject(o, "blocks_per_request",
		    (double)p->blocks_per_request);
		cJSON_AddNumberToObject(o, "gather_workspace_gib",
		    strbuf_gib2(p->gather_workspace));
	}
}

/* "moe": how the routed experts lie over the GPUs; null for a dense model. */
static void
report_json_moe(cJSON *root, const struct report_in *r)
{
	const struct plan *p = r->plan;
	cJSON *o;

	if (r->in->model == NULL || r->in->model->n_experts <= 0 ||
	    p->moe_tp <= 0) {
		cJSON_AddNullToObject(root, "moe");
		return;
	}
	o = cJSON_AddObjectToObject(root, "moe");
	cJSON_AddNumberToObject(o, "routed_experts", r->in->model->n_experts);
	cJSON_AddBoolToObject(o, "expert_parallel", p->expert_parallel);
	cJSON_AddNumberToObject(o, "group_ranks", p->tp * p->dp);
	if (p->expert_parallel)
		cJSON_AddNumberToObject(o, "ep_size", p->ep_size);
	else
		cJSON_AddNullToObject(o, "ep_size");
	cJSON_AddNumberToObject(o, "experts_per_gpu", p->experts_per_rank);
	cJSON_AddNumberToObject(o, "expert_split", p->moe_tp);
}

/*
 * "close_call" of the verdict (core/closecall.h): null, or the margin at the
 * KV cache check (negative: the shortfall), the family's measured error in
 * GiB and in % of the card, the family and its startups, and the sentence.
 */
static void
report_json_close_call(cJSON *o, const struct plan *p)
{
	char cc[PLAN_MSG_LEN];
	cJSON *c;

	if (!p->close_call) {
		cJSON_AddNullToObject(o, "close_call");
		return;
	}
	c = cJSON_AddObjectToObject(o, "close_call");
	cJSON_AddNumberToObject(c, "margin_gib",
	    units_round2((double)p->close_call_margin / GIB));
	cJSON_AddNumberToObject(c, "error_gib",
	    units_round2((double)p->close_call_error / GIB));
	cJSON_AddNumberToObject(c, "error_pct_of_card",
	    units_round2(p->close_call_pct));
	cJSON_AddStringToObject(c, "family", p->close_call_family);
	cJSON_AddBoolToObject(c, "every_family", p->close_call_any);
	cJSON_AddNumberToObject(c, "cases", p->close_call_cases);
	plan_close_call_text(p, cc, sizeof cc);
	cJSON_AddStringToObject(c, "message", cc);
}

/* "verdict": the phase vLLM stops at (or none), with its message. */
static void
report_json_verdict(cJSON *root, const struct report_in *r)
{
	const struct plan *p = r->plan;
	cJSON *o = cJSON_AddObjectToObject(root, "verdict");

	sizing_report_verdict_json(o, p->phase, p->message);
	cJSON_AddItemToObject(o, "estimated_max_model_len",
	    strbuf_num_or_null((double)p->estimated_max_model_len,
		p->estimated_max_model_len > 0));
	if (p->warning[0])
		cJSON_AddStringToObject(o, "warning", p->warning);
	else
		cJSON_AddNullToObject(o, "warning");
	/* what the command's environment makes vLLM warn or headroom note */
	if (p->env_note[0])
		cJSON_AddStringToObject(o, "environment", p->env_note);
	else
		cJSON_AddNullToObject(o, "environment");
	if (r->in->overhead == OVERHEAD_RULE) {
		cJSON_AddNumberToObject(o, "rule_users", (double)p->rule_users);
	}
	report_json_close_call(o, p);
}

/* "fixes": every fix, best first, whether it starts and what it carries. */
static void
report_json_fixes(cJSON *root, const struct report_in *r)
{
	cJSON *arr = cJSON_AddArrayToObject(root, "fixes");
	size_t i;

	for (i = 0; i < r->n_fixes; i++) {
		const struct fix *f = &r->fixes[i];
		cJSON *fx = cJSON_CreateObject();

		cJSON_AddStringToObject(fx, "flags", f->flags);
		cJSON_AddStringToObject(fx, "kind", fix_kind_id(f->kind));
		cJSON_AddBoolToObject(fx, "starts", f->starts);
		if (f->starts)
			cJSON_AddNullToObject(fx, "phase");
		else
			cJSON_AddStringToObject(fx, "phase",
			    plan_phase_name(f->phase));
		/* no "Maximum concurrency" without a KV cache, as in "kv" */
		if (f->no_kv_cache)
			cJSON_AddNullToObject(fx, "max_concurrency");
		else
			cJSON_AddNumberToObject(fx, "max_concurrency",
			    units_round2(f->max_concurrency));
		cJSON_AddNumberToObject(fx,
		    "total_concurrency_at_tokens_per_request",
		    (double)f->total_concurrency);
		cJSON_AddStringToObject(fx, "summary", f->summary);
		cJSON_AddItemToArray(arr, fx);
	}
}

/* "assumptions": what the plan rests on that headroom did not verify. */
static void
report_json_assumptions(cJSON *root, const struct plan *p)
{
	cJSON *as = cJSON_AddArrayToObject(root, "assumptions");

	if (p->assumption != NULL)
		cJSON_AddItemToArray(as, cJSON_CreateString(p->assumption));
	if (p->spec_assumption != NULL)
		cJSON_AddItemToArray(as,
		    cJSON_CreateString(p->spec_assumption));
	if (p->card_assumption[0] != '\0')
		cJSON_AddItemToArray(as,
		    cJSON_CreateString(p->card_assumption));
}

char *
report_json(const struct report_in *r)
{
	const struct plan *p = r->plan;
	cJSON *root = cJSON_CreateObject();
	char v[32], v2[512], *cmd, *s;

	cJSON_AddStringToObject(root, "headroom_version", PACKAGE_VERSION);
	cJSON_AddNumberToObject(root, "schema_version", REPORT_SCHEMA_VERSION);
	cJSON_AddStringToObject(root, "vllm_version",
	    vllm_version_format(p->version, v, sizeof v));
	report_json_gpu(root, r);
	report_json_model(root, r);
	report_json_settings(root, r);
	report_json_memory(root, r);
	report_json_kv(root, p);
	report_json_moe(root, r);
	cJSON_AddNumberToObject(root, "replicas", p->replicas);
	cJSON_AddNumberToObject(root, "total_concurrency_at_tokens_per_request",
	    (double)p->total_concurrency);
	cJSON_AddItemToObject(root, "speed",
	    sizing_report_speed_json(r->cat, r->in, p));
	cJSON_AddItemToObject(root, "multimodal", sizing_report_mm_json(p));
	cJSON_AddItemToObject(root, "placement",
	    deploy_json(r->node, r->placement));
	cJSON_AddItemToObject(root, "currency",
	    price_currency_json(&r->cat->currency));
	report_json_verdict(root, r);
	report_json_fixes(root, r);
	cmd = report_command_line(r, r->in, NULL);
	cJSON_AddStringToObject(root, "vllm_command", cmd);
	free(cmd);
	if (report_derived_note(r, v2, sizeof v2))
		cJSON_AddStringToObject(root, "checkpoint_note", v2);
	else
		cJSON_AddNullToObject(root, "checkpoint_note");
	cJSON_AddItemToObject(root, "not_modelled",
	    provenance_not_modelled_json(r->in));
	report_json_assumptions(root, p);
	s = textesc_json(root);
	cJSON_Delete(root);
	return s;
}

/* The title, where the model came from, and the settings in one sentence. */
static void
report_markdown_header(struct strbuf *o, const struct report_in *r)
{
	const struct plan *p = r->plan;
	char name[256], v[32];

	card_name(r, name, sizeof name);
	vllm_version_format(p->version, v, sizeof v);
	/* a folder's path or a user's card name may hold anything */
	strbuf_printf(o, "# vLLM plan: ");
	textesc_markdown(o, r->in->model ? r->in->model->id : "?");
	strbuf_printf(o, " on ");
	textesc_markdown(o, name);
	strbuf_printf(o, "\n\n");
	if (model_find_where(r->cat, r->in->model) != NULL) {
		strbuf_printf(o, "Model from outside the catalogue (%s): ",
		    r->model_source ? r->model_source : "directory");
		textesc_markdown_code(o,
		    model_find_where(r->cat, r->in->model));
		strbuf_printf(o, "\n\n");
	}
	strbuf_printf(o,
	    "vLLM %s, %s weights, KV cache %s, TP %d, PP %d, DP %d, "
	    "max_model_len %lld.\n\n",
	    v, ckpt_format_name(p->format),
	    p->no_kv_cache ? "none" : kv_dtype_name(p->kv_dtype), p->tp, p->pp,
	    p->dp, (long long)p->max_model_len);
}

/* The per-GPU memory table, one row a term. */
static void
report_markdown_memory(struct strbuf *o, const struct plan *p)
{
	char a[32];
	int64_t kvb;

	strbuf_printf(o, "| Per GPU | GiB |\n|---|---:|\n");
	strbuf_printf(o, "| Total (as CUDA reports it) | %s |\n",
	    gib(p->total, a));
	strbuf_printf(o, "| vLLM budget (utilization %.4g) | %s |\n", p->util,
	    gib(p->requested, a));
	strbuf_printf(o, "| Weights | %s |\n", gib(p->weights, a));
	if (p->no_kv_cache) {
		strbuf_printf(o,
		    "| Memory profile | none (no KV cache to size) |\n");
		strbuf_printf(o,
		    "| CUDA graphs captured after loading (estimate) | %s |\n",
		    gib(p->cuda_graphs, a));
	} else {
		strbuf_printf(o, "| Activation peak (%s) | %s |\n",
		    provenance_basis(p, PLAN_CAL_ACTIVATION),
		    gib(p->activation, a));
		strbuf_printf(o, "| Non-torch (%s) | %s |\n",
		    provenance_basis(p, PLAN_CAL_NON_TORCH),
		    gib(p->non_torch, a));
		strbuf_printf(o, "| CUDA graphs (%s) | %s |\n",
		    provenance_basis(p, PLAN_CAL_CUDA_GRAPHS),
		    gib(p->cuda_graphs, a));
	}
	if (plan_kv_figure(p, &kvb))
		strbuf_printf(o, "| KV cache | %s |\n", gib(kvb, a));
	else if (p->no_kv_cache)
		strbuf_printf(o,
		    "| KV cache | none (the model keeps none; vLLM runs no "
		    "memory profile) |\n");
	else
		strbuf_printf(o,
		    "| KV cache | none (vLLM stops before it) |\n");
	strbuf_printf(o, "| Outside vLLM's budget | %s |\n",
	    gib(p->outside_budget, a));
	if (p->warmup_need > 0) {
		strbuf_printf(o,
		    "| Left after graph capture (estimate) | %s |\n",
		    gib(p->warmup_left, a));
		strbuf_printf(o, "| Sampler warm-up needs (estimate) | %s |\n",
		    gib(p->warmup_need, a));
	}
	strbuf_printf(o, "\n");
}

/* The bullets: KV tokens, concurrency, requests, speed and multimodal. */
static void
report_markdown_capacity(struct strbuf *o, const struct report_in *r)
{
	const struct plan *p = r->plan;
	char a[32], b[32], more[1024];

	units_format_commas(p->kv_tokens, a, sizeof a);
	units_format_commas(p->max_model_len, b, sizeof b);
	if (p->no_kv_cache)
		strbuf_printf(o,
		    "- No KV cache: vLLM prints no KV cache size and no "
		    "maximum concurrency for this model\n");
	else
		strbuf_printf(o,
		    "- GPU KV cache size: %s tokens\n- Maximum concurrency "
		    "for %s tokens per request: %.2fx\n",
		    a, b, p->max_concurrency);
	units_format_commas(p->tokens_per_request, a, sizeof a);
	strbuf_printf(o,
	    p->no_kv_cache
		? "- Requests of %s tokens in one forward step: %lld per "
		  "replica, %lld in total (%d replica%s)\n"
		: "- Requests of %s tokens at once: %lld per replica, %lld in "
		  "total (%d replica%s)\n",
	    a, (long long)p->concurrency_at_tpr,
	    (long long)p->total_concurrency, p->replicas,
	    p->replicas == 1 ? "" : "s");
	/* the list's last bullets, then a blank line: the verdict is no bullet */
	sizing_report_speed_text(r->cat, r->in, p, "- ", more, sizeof more);
	strbuf_printf(o, "%s", more);
	sizing_report_mm_text(p, "- ", more, sizeof more);
	strbuf_printf(o, "%s\n", more);
}

/* One quoted "Assumption:" paragraph, if the plan made it (NULL: none). */
static void
report_markdown_assumption(struct strbuf *o, const char *assumption)
{
	if (assumption == NULL)
		return;
	strbuf_printf(o, "> Assumption: ");
	textesc_append(o, assumption);
	strbuf_printf(o, "\n\n");
}

/* The verdict in bold, then up to eight fixes in a table. */
static void
report_markdown_verdict(struct strbuf *o, const struct report_in *r)
{
	const struct plan *p = r->plan;
	char cc[PLAN_MSG_LEN];
	size_t i;

	if (p->phase == PHASE_NONE)
		strbuf_printf(o, "**Verdict: vLLM starts.**\n\n");
	else
		strbuf_printf(o,
		    "**Verdict: vLLM stops at the %s.**\n\n> %s\n\n",
		    plan_phase_title(p->phase), p->message);
	plan_close_call_text(p, cc, sizeof cc);
	if (cc[0]) {
		textesc_append(o, cc);
		strbuf_printf(o, "\n\n");
	}
	if (r->n_fixes == 0)
		return;
	strbuf_printf(o,
	    "| Change | Kind | Starts | Max concurrency | Requests at "
	    "length |\n|---|---|---|---:|---:|\n");
	for (i = 0; i < r->n_fixes && i < 8; i++) {
		char mc[32];

		if (r->fixes[i].no_kv_cache)
			snprintf(mc, sizeof mc, "no KV cache");
		else
			units_snprintf(mc, sizeof mc, "%.2fx",
			    r->fixes[i].max_concurrency);
		strbuf_printf(o, "| `%s` | %s | %s | %s | %lld |\n",
		    r->fixes[i].flags, fix_kind_name(r->fixes[i].kind),
		    r->fixes[i].starts ? "yes" : "no", mc,
		    (long long)r->fixes[i].total_concurrency);
	}
	strbuf_printf(o, "\n");
}

/* The serve command in a fence, and the flags kept unmodelled. */
static void
report_markdown_command(struct strbuf *o, const struct report_in *r)
{
	char *cmd, nm[2048];

	cmd = report_command_line(r, r->in, NULL);
	strbuf_printf(o, "```sh\n");
	/* controls and line breaks escaped: no value can end the fence */
	textesc_append(o, cmd);
	strbuf_printf(o, "\n```\n\n");
	free(cmd);
	provenance_not_modelled(r->in, nm, sizeof nm);
	if (nm[0] != '\0') {
		strbuf_printf(o,
		    "Not modelled (kept in the command as given): ");
		textesc_markdown_code(o, nm);
		strbuf_printf(o, "\n\n");
	}
	if (report_derived_note(r, nm, sizeof nm))
		strbuf_printf(o, "Checkpoint: %s.\n\n", nm);
}

char *
report_markdown(const struct report_in *r)
{
	const struct plan *p = r->plan;
	struct strbuf o = { 0 };

	report_markdown_header(&o, r);
	if (p->phase == PHASE_CONFIG) {
		strbuf_printf(&o, "%s\n\n", report_no_figures);
		report_markdown_verdict(&o, r);
		report_markdown_command(&o, r);
		return shown_safe(&o);
	}
	report_markdown_memory(&o, p);
	report_markdown_capacity(&o, r);
	report_markdown_assumption(&o, p->assumption);
	report_markdown_assumption(&o, p->spec_assumption);
	report_markdown_assumption(&o,
	    p->card_assumption[0] ? p->card_assumption : NULL);
	if (p->env_note[0]) {
		strbuf_printf(&o, "> Environment: ");
		textesc_append(&o, p->env_note);
		strbuf_printf(&o, "\n\n");
	}
	report_markdown_verdict(&o, r);
	report_markdown_command(&o, r);
	if (p->no_kv_cache) {
		/* no profile: the graph pool is the one estimate */
		strbuf_printf(&o,
		    "CUDA-graph memory is an estimate; the weights follow "
		    "vLLM's model file, and vLLM measures no profile for a "
		    "model without a KV cache.\n");
		return shown_safe(&o);
	}
	strbuf_printf(&o,
	    "Activation, non-torch and CUDA-graph memory are %s; the other "
	    "figures follow vLLM's own arithmetic.\n",
	    p->calibrated
		? "calibrated from a real startup where marked, else estimates"
		: "estimates");
	return shown_safe(&o);
}

char *
report_render(const struct report_in *r, enum report_format f)
{
	if (f == REPORT_JSON)
		return report_json(r);
	if (f == REPORT_MARKDOWN)
		return report_markdown(r);
	return report_text(r);
}
