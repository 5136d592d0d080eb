/*
 * sizing_report.c - writers of the answers (see sizing_report.h).
 * Text is for a terminal (columns that line up at 80+ characters), JSON
 * follows the plan report's conventions (GiB per GPU, null for what a plan
 * does not have), Markdown is a table per answer.
 */
#include "sizing_report.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "core/units.h"
#include "core/vllm_version.h"
#include "io/model_find.h"
#include "io/price.h"
#include "io/serve_command.h"
#include "io/strbuf.h"
#include "io/textesc.h"

/* Prints and frees a report tree. */
static char *
json_done(cJSON *root)
{
	char *s = textesc_json(root);

	cJSON_Delete(root);
	return s;
}

static double
r2(double v)
{
	return units_round2(v);
}

static const char *
gib(int64_t b, char *buf)
{
	return units_format_gib(b, buf, 32);
}

static const char *
commas(int64_t n, char *buf)
{
	return units_format_commas(n, buf, 32);
}

static const char *
card_label(const struct catalogue *c, int gpu, int mig, char *buf, size_t len)
{
	if (gpu < 0 || (size_t)gpu >= c->n_gpus)
		snprintf(buf, len, "custom card");
	else if (mig >= 0)
		snprintf(buf, len, "%s %s", c->gpus[gpu].id,
		    c->gpus[gpu].mig[mig].name);
	else
		snprintf(buf, len, "%s", c->gpus[gpu].id);
	return buf;
}

static const char *
ckpt_label(const struct catalogue *c, const struct plan_input *in,
    enum ckpt_format f, char *buf, size_t len)
{
	if (in->quantization_fp8)
		snprintf(buf, len, "online fp8");
	else if (in->ckpt >= 0 && (size_t)in->ckpt < c->n_ckpts)
		snprintf(buf, len, "%s", c->ckpts[in->ckpt].id);
	else if (model_find_is_local(c,
		     in->model)) /* its own files: not derived */
		snprintf(buf, len, "%s (%s)", in->model->id,
		    ckpt_format_name(f));
	else
		snprintf(buf, len, "%s (derived)", ckpt_format_name(f));
	return buf;
}

/* ---- speed ---- */

/* True when the MoE layers exchange tokens over TP x DP, which the speed
 * estimate leaves out (experts.h). */
static bool
speed_omits_moe_exchange(const struct plan_input *in, const struct plan *p)
{
	return in->model != NULL && in->model->n_experts > 0 && p->dp > 1;
}

void
sizing_report_speed_text(const struct catalogue *c, const struct plan_input *in,
    const struct plan *p, const char *ind, char *buf, size_t len)
{
	struct speed_estimate e;
	char a[32], b[32];
	size_t o;

	buf[0] = '\0';
	speed_estimate(c, in, p, 0, &e);
	if (!e.known) {
		snprintf(buf, len, "%sSpeed: not estimated (%s).\n", ind,
		    e.why);
		return;
	}
	o = (size_t)snprintf(buf, len,
	    "%sSpeed (estimate): %.1f tokens/s per user "
	    "with %s users decoding (%.1f ms per token, %s bound), %s tokens/s "
	    "in "
	    "all; one user alone: %.1f tokens/s.\n",
	    ind, e.load.tokens_per_s_user, commas(e.load.users, a),
	    e.load.step_ms, e.load.compute_bound ? "compute" : "bandwidth",
	    commas((int64_t)llround(e.load.tokens_per_s_total), b),
	    e.single.tokens_per_s_user);
	if (o < len && e.prefill_known)
		o += (size_t)snprintf(buf + o, len - o,
		    "%sPrefill of %s %s-token prompt: "
		    "%.2f s (estimate, %s).\n",
		    ind, units_article(e.request_tokens),
		    commas(e.request_tokens, a), e.prefill_s, e.rate_note);
	else if (o < len)
		o += (size_t)snprintf(buf + o, len - o,
		    "%sPrefill: not estimated (the "
		    "catalogue has no compute rate for this card).\n",
		    ind);
	if (o < len && e.link)
		o += (size_t)snprintf(buf + o, len - o,
		    "%sTensor-parallel all-reduce "
		    "over %s (assumed): %.2f ms of each step.\n",
		    ind, e.link, e.load.allreduce_ms);
	/* the MoE layers gather every DP rank's tokens (experts.h) */
	if (o < len && speed_omits_moe_exchange(in, p))
		snprintf(buf + o, len - o,
		    "%sNot counted: the MoE layers' token "
		    "exchange over the %d ranks of TP x DP (all-gather and "
		    "reduce-scatter of every layer).\n",
		    ind, p->tp * p->dp);
}

void
sizing_report_verdict_json(cJSON *o, enum plan_phase phase, const char *message)
{
	cJSON_AddBoolToObject(o, "starts", phase == PHASE_NONE);
	if (phase == PHASE_NONE) {
		cJSON_AddNullToObject(o, "phase");
		cJSON_AddNullToObject(o, "message");
	} else {
		cJSON_AddStringToObject(o, "phase", plan_phase_name(phase));
		cJSON_AddStringToObject(o, "message", message);
	}
}

static cJSON *
speed_point_json(const struct speed_point *pt)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "users", (double)pt->users);
	cJSON_AddNumberToObject(o, "time_per_output_token_ms", r2(pt->step_ms));
	cJSON_AddNumberToObject(o, "tokens_per_second_per_user",
	    r2(pt->tokens_per_s_user));
	cJSON_AddNumberToObject(o, "tokens_per_second_total",
	    r2(pt->tokens_per_s_total));
	cJSON_AddNumberToObject(o, "memory_ms", r2(pt->memory_ms));
	cJSON_AddNumberToObject(o, "compute_ms", r2(pt->compute_ms));
	cJSON_AddNumberToObject(o, "allreduce_ms", r2(pt->allreduce_ms));
	cJSON_AddStringToObject(o, "bound",
	    pt->compute_bound ? "compute" : "bandwidth");
	return o;
}

static cJSON *
speed_json(const struct catalogue *c, const struct speed_estimate *e,
    const struct plan_input *in, const struct plan *p)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddBoolToObject(o, "estimate", 1);
	cJSON_AddBoolToObject(o, "known", e->known);
	if (!e->known) {
		cJSON_AddStringToObject(o, "why_unknown", e->why);
		return o;
	}
	cJSON_AddNullToObject(o, "why_unknown");
	cJSON_AddNumberToObject(o, "tokens_per_request",
	    (double)e->request_tokens);
	cJSON_AddItemToObject(o, "at_load", speed_point_json(&e->load));
	cJSON_AddItemToObject(o, "single_user", speed_point_json(&e->single));
	cJSON_AddNumberToObject(o, "users", (double)e->load.users);
	cJSON_AddNumberToObject(o, "time_per_output_token_ms",
	    r2(e->load.step_ms));
	cJSON_AddNumberToObject(o, "tokens_per_second_per_user",
	    r2(e->load.tokens_per_s_user));
	cJSON_AddNumberToObject(o, "tokens_per_second_total",
	    r2(e->load.tokens_per_s_total));
	cJSON_AddItemToObject(o, "prefill_seconds",
	    strbuf_num_or_null(r2(e->prefill_s), e->prefill_known));
	cJSON_AddNumberToObject(o, "bandwidth_gbs", r2(e->bandwidth_gbs));
	cJSON_AddNumberToObject(o, "bandwidth_efficiency", e->efficiency);
	cJSON_AddNumberToObject(o, "weights_read_gib",
	    r2(e->weights_read / 1073741824.0));
	cJSON_AddNumberToObject(o, "kv_read_per_request_gib",
	    r2(e->kv_per_request / 1073741824.0));
	if (e->link)
		cJSON_AddStringToObject(o, "link", e->link);
	else
		cJSON_AddNullToObject(o, "link");
	cJSON_AddItemToObject(o, "compute_tflops",
	    strbuf_num_or_null(r2(e->tflops), e->tflops > 0));
	if (e->rate_note && *e->rate_note)
		cJSON_AddStringToObject(o, "compute_rate", e->rate_note);
	else
		cJSON_AddNullToObject(o, "compute_rate");
	if (speed_omits_moe_exchange(in, p)) {
		char nc[160];

		snprintf(nc, sizeof nc,
		    "the MoE layers' token exchange over the "
		    "%d ranks of TP x DP (all-gather and reduce-scatter of "
		    "every "
		    "layer)",
		    p->tp * p->dp);
		cJSON_AddStringToObject(o, "not_counted", nc);
	} else
		cJSON_AddNullToObject(o, "not_counted");
	cJSON_AddStringToObject(o, "assumptions", c->speed.source);
	return o;
}

cJSON *
sizing_report_speed_json(const struct catalogue *c, const struct plan_input *in,
    const struct plan *p)
{
	struct speed_estimate e;

	speed_estimate(c, in, p, 0, &e);
	return speed_json(c, &e, in, p);
}

/* ---- multimodal ---- */

/* The line of a plan with every modality off (limit 0): the towers vLLM
 * then does not build. */
static void
mm_text_write_off(const struct multimodal_budget *m, const char *ind, char *buf,
    size_t len)
{
	char d[32], f[32];
	int vision = m->tower_not_built > 0, audio = m->audio_not_built > 0;
	size_t o;

	o = (size_t)snprintf(buf, len,
	    "%sMultimodal: every modality is off (limit 0): no encoder "
	    "profiling, the model runs text-only",
	    ind);
	if (o < len && (vision || audio))
		o += (size_t)snprintf(buf + o, len - o,
		    "; vLLM does not build its %s tower (%s GiB a GPU not "
		    "loaded)",
		    vision ? "vision" : "audio",
		    gib(vision ? m->tower_not_built : m->audio_not_built, d));
	if (o < len && vision && audio)
		o += (size_t)snprintf(buf + o, len - o,
		    " nor its audio tower (%s GiB)",
		    gib(m->audio_not_built, f));
	if (o < len)
		snprintf(buf + o, len - o, ".\n");
}

/* The encoder cache's budget and the multimodal limits of a plan with a
 * modality on. */
static void
mm_text_write_budget(const struct multimodal_budget *m, const char *ind,
    char *buf, size_t len)
{
	char a[32], b[32], d[32], f[32], aud[16];
	size_t o = 0;
	/* a model with an audio tower (Gemma 4 E2B/E4B, Qwen2-Audio) also
	 * names its audio limit, 0 included */
	bool takes_audio = m->takes_audio;

	snprintf(aud, sizeof aud, "%d", m->limit_audio);
	o += (size_t)snprintf(buf + o, len - o,
	    "%sEncoder cache will be initialized "
	    "with a budget of %lld tokens, and profiled with %lld %s items of "
	    "the "
	    "maximum feature size (%s tokens each).\n",
	    ind, (long long)m->encoder_budget, (long long)m->items_per_batch,
	    m->modality, commas(m->max_tok_per_item, a));
	if (o < len && m->kind == MULTIMODAL_AUDIO) {
		snprintf(buf + o, len - o,
		    "%sAudio: every item padded to the encoder's %s tokens, "
		    "one per prompt; encoder peak %s GiB + outputs %s GiB in "
		    "the torch peak (estimate).\n",
		    ind, commas(m->max_tok_per_item, a),
		    gib(m->encoder_activation, d), gib(m->encoder_cache, f));
		return;
	}
	if (o < len && m->kind == MULTIMODAL_AUDIO_TOWER) {
		snprintf(buf + o, len - o,
		    "%sAudio: the dummy clip is %s tokens, %s encoder "
		    "positions a clip, limit audio %d; encoder peak %s GiB + "
		    "outputs %s GiB in the torch peak (estimate).\n",
		    ind, commas(m->max_tok_per_item, a),
		    commas(m->items_per_batch > 0
			    ? m->encoder_patches / m->items_per_batch
			    : 0,
			b),
		    m->limit_audio, gib(m->encoder_activation, d),
		    gib(m->encoder_cache, f));
		return;
	}
	if (o < len)
		o += (size_t)snprintf(buf + o, len - o,
		    "%sMultimodal: %s tokens per "
		    "image%s%s, limits image %d, video %d%s%s; encoder peak %s "
		    "GiB + outputs "
		    "%s GiB in the torch peak (estimate).\n",
		    ind, commas(m->tokens_per_image, a),
		    m->tokens_per_video > 0 ? ", video " : "",
		    m->tokens_per_video > 0 ? commas(m->tokens_per_video, b)
					    : "",
		    m->limit_image, m->limit_video,
		    takes_audio ? ", audio " : "", takes_audio ? aud : "",
		    gib(m->encoder_activation, d), gib(m->encoder_cache, f));
	if (o < len && m->size_hint)
		snprintf(buf + o, len - o,
		    "%sNote: size hints only affect activation "
		    "memory profiling; larger images or videos sent at runtime "
		    "can still "
		    "run short of memory.\n",
		    ind);
}

void
sizing_report_mm_text(const struct plan *p, const char *ind, char *buf,
    size_t len)
{
	const struct multimodal_budget *m = &p->mm;

	buf[0] = '\0';
	if (m->kind == MULTIMODAL_NONE)
		return;
	if (m->text_only)
		mm_text_write_off(m, ind, buf, len);
	else
		mm_text_write_budget(m, ind, buf, len);
}

cJSON *
sizing_report_mm_json(const struct plan *p)
{
	const struct multimodal_budget *m = &p->mm;
	cJSON *o;

	if (m->kind == MULTIMODAL_NONE)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddBoolToObject(o, "profiled", m->active);
	cJSON_AddBoolToObject(o, "text_only", m->text_only);
	cJSON_AddNumberToObject(o, "limit_image", m->limit_image);
	cJSON_AddNumberToObject(o, "limit_video", m->limit_video);
	/* null where the model takes no audio */
	cJSON_AddItemToObject(o, "limit_audio",
	    m->takes_audio ? cJSON_CreateNumber(m->limit_audio)
			   : cJSON_CreateNull());
	cJSON_AddItemToObject(o, "max_pixels",
	    strbuf_num_or_null((double)m->max_pixels, m->max_pixels > 0));
	cJSON_AddNumberToObject(o, "tokens_per_image",
	    (double)m->tokens_per_image);
	cJSON_AddNumberToObject(o, "tokens_per_video",
	    (double)m->tokens_per_video);
	if (m->modality)
		cJSON_AddStringToObject(o, "profiled_modality", m->modality);
	else
		cJSON_AddNullToObject(o, "profiled_modality");
	cJSON_AddNumberToObject(o, "encoder_budget", (double)m->encoder_budget);
	cJSON_AddNumberToObject(o, "items_per_prompt",
	    (double)m->items_per_prompt);
	cJSON_AddNumberToObject(o, "items_per_batch",
	    (double)m->items_per_batch);
	cJSON_AddNumberToObject(o, "profiled_tokens",
	    (double)m->profiled_tokens);
	cJSON_AddNumberToObject(o, "encoder_activation_gib",
	    strbuf_gib2(m->encoder_activation));
	cJSON_AddNumberToObject(o, "encoder_cache_gib",
	    strbuf_gib2(m->encoder_cache));
	cJSON_AddBoolToObject(o, "size_hints_given", m->size_hint);
	cJSON_AddNumberToObject(o, "vision_tower_not_built_gib",
	    strbuf_gib2(m->tower_not_built));
	cJSON_AddNumberToObject(o, "audio_tower_not_built_gib",
	    strbuf_gib2(m->audio_not_built));
	return o;
}

/* ---- the fit finder ---- */

/* text as lines of at most width columns, each after indent spaces; words kept whole */
static void
put_wrapped(struct strbuf *s, int indent, int width, const char *text)
{
	int room = width - indent;

	while (*text != '\0') {
		int n = (int)strlen(text), cut = n;

		if (n > room) {
			for (cut = room; cut > 0 && text[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = room;
		}
		strbuf_printf(s, "%*s%.*s\n", indent, "", cut, text);
		text += cut;
		while (*text == ' ')
			text++;
	}
}

/* A row's hardware: "2 x rtx-pro-6000-server, TP 2", "4 x b200 1g.23gb slices"; times is "x" or "×". */
static void
sizing_report_fit_hardware(const struct catalogue *c, const struct fit_row *r,
    const char *times, char *buf, size_t len)
{
	char card[96];
	size_t o;

	card_label(c, r->gpu, r->mig, card, sizeof card);
	if (r->mig >= 0)
		o = (size_t)snprintf(buf, len, "%d %s %s slice%s", r->slices,
		    times, card, units_plural(r->slices));
	else
		o = (size_t)snprintf(buf, len, "%d %s %s", r->cards, times,
		    card);
	if (o < len && r->tp > 1)
		o += (size_t)snprintf(buf + o, len - o, ", TP %d", r->tp);
	if (o < len && r->pp > 1)
		o += (size_t)snprintf(buf + o, len - o, ", PP %d", r->pp);
	if (o < len && r->replicas > 1 && r->mig < 0)
		snprintf(buf + o, len - o, ", %d replicas", r->replicas);
}

void
sizing_report_fit_way(const struct catalogue *c, int ckpt, enum ckpt_format f,
    bool online_fp8, char *buf, size_t len)
{
	struct plan_input in;

	memset(&in, 0, sizeof in);
	in.ckpt = ckpt;
	in.quantization_fp8 = online_fp8;
	ckpt_label(c, &in, f, buf, len);
}

void
sizing_report_fit_alts(const struct catalogue *c, const struct fit_row *r,
    char *buf, size_t len)
{
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = 0; i < r->n_alts && o < len; i++) {
		const struct fit_alt *x = &r->alt[i];
		char way[160], n[32];

		sizing_report_fit_way(c, x->ckpt, x->format,
		    x->quantization_fp8, way, sizeof way);
		if (x->kv != r->kv)
			o += (size_t)snprintf(buf + o, len - o,
			    "%s%s (KV %s, %s)", i ? ", " : "also ", way,
			    kv_dtype_name(x->kv), commas(x->total, n));
		else
			o += (size_t)snprintf(buf + o, len - o, "%s%s (%s)",
			    i ? ", " : "also ", way, commas(x->total, n));
	}
	if (o < len && r->n_alts_found > r->n_alts)
		snprintf(buf + o, len - o, " and %zu more",
		    r->n_alts_found - r->n_alts);
}

/* A fit row's plan, its speed at its replicas' share of the users, and its
 * serve line. */
static void
row_plan(const struct catalogue *c, const struct fit_query *q,
    const struct fit_row *r, struct plan *p, struct speed_estimate *e,
    char *cmd, size_t len)
{
	plan_compute(c, &r->in, p);
	serve_command_format(c, &r->in, p, 0, cmd, len);
	speed_estimate(c, &r->in, p,
	    (q->users + r->replicas - 1) / (r->replicas > 0 ? r->replicas : 1),
	    e);
}

static void
row_why(const struct fit_query *q, const struct fit_row *r,
    const struct speed_estimate *e, char *buf, size_t len)
{
	char a[32], b[32], d[32], k[32];
	size_t o;

	if (r->mig >= 0)
		o = (size_t)snprintf(buf, len, "%d slice%s x %s = ", r->slices,
		    r->slices == 1 ? "" : "s", commas(r->per_replica, a));
	else if (r->replicas > 1)
		o = (size_t)snprintf(buf, len,
		    "%d replicas x %s = ", r->replicas,
		    commas(r->per_replica, a));
	else
		o = 0, buf[0] = '\0';
	if (q->model != NULL && q->model->encoder_only != MODEL_ENC_NONE) {
		/* no KV cache: the prompts one forward step takes */
		o += (size_t)snprintf(buf + o, o < len ? len - o : 0,
		    "%s request%s in one forward step (%lld needed, "
		    "%+.0f%%); weights %s GiB, no KV cache (encoder-only)",
		    commas(r->total, b), units_plural(r->total),
		    (long long)q->users, r->headroom * 100.0,
		    gib(r->weights, d));
		return;
	}
	o += (size_t)snprintf(buf + o, o < len ? len - o : 0,
	    "%s request%s at once "
	    "(%lld needed, %+.0f%%); weights %s GiB, KV cache %s GiB per GPU "
	    "(%s "
	    "tokens)",
	    commas(r->total, b), units_plural(r->total), (long long)q->users,
	    r->headroom * 100.0, gib(r->weights, d), gib(r->kv_cache, k),
	    commas(r->kv_tokens, a));
	if (o < len && e->known)
		o += (size_t)snprintf(buf + o, len - o,
		    "; ~%.0f tokens/s per user at "
		    "full load",
		    e->load.tokens_per_s_user);
}

/* One row of the fit finder as JSON: its plan, speed, command, alternatives. */
/* A row's close_call: null, or its start's margin and the family's
 * measured error (core/closecall.h). */
static void
fit_row_json_close_call(cJSON *x, const struct plan *p)
{
	cJSON *cc;

	if (!p->close_call) {
		cJSON_AddNullToObject(x, "close_call");
		return;
	}
	cc = cJSON_AddObjectToObject(x, "close_call");
	cJSON_AddNumberToObject(cc, "margin_gib",
	    strbuf_gib2(p->close_call_margin));
	cJSON_AddNumberToObject(cc, "error_gib",
	    strbuf_gib2(p->close_call_error));
}

static cJSON *
fit_row_json(const struct catalogue *c, const struct fit_query *q,
    const struct fit_row *r, size_t rank)
{
	cJSON *x = cJSON_CreateObject();
	char cmd[4096];
	struct plan p;
	struct speed_estimate e;

	row_plan(c, q, r, &p, &e, cmd, sizeof cmd);
	cJSON_AddNumberToObject(x, "rank", (double)rank);
	cJSON_AddStringToObject(x, "gpu", c->gpus[r->gpu].id);
	if (r->mig >= 0)
		cJSON_AddStringToObject(x, "mig",
		    c->gpus[r->gpu].mig[r->mig].name);
	else
		cJSON_AddNullToObject(x, "mig");
	cJSON_AddNumberToObject(x, "cards", r->cards);
	cJSON_AddItemToObject(x, "slices",
	    strbuf_num_or_null(r->slices, r->mig >= 0));
	cJSON_AddNumberToObject(x, "tensor_parallel_size", r->tp);
	cJSON_AddNumberToObject(x, "pipeline_parallel_size", r->pp);
	cJSON_AddNumberToObject(x, "replicas", r->replicas);
	cJSON_AddStringToObject(x, "checkpoint", ckpt_format_name(r->format));
	if (r->in.ckpt >= 0 && !r->in.quantization_fp8)
		cJSON_AddStringToObject(x, "checkpoint_id",
		    c->ckpts[r->in.ckpt].id);
	else
		cJSON_AddNullToObject(x, "checkpoint_id");
	cJSON_AddBoolToObject(x, "online_fp8", r->in.quantization_fp8);
	cJSON_AddBoolToObject(x, "derived", r->derived);
	cJSON_AddStringToObject(x, "kv_cache_dtype", kv_dtype_name(r->kv));
	cJSON_AddNumberToObject(x, "requests_per_replica",
	    (double)r->per_replica);
	cJSON_AddNumberToObject(x, "requests_total", (double)r->total);
	cJSON_AddNumberToObject(x, "headroom", r2(r->headroom));
	cJSON_AddItemToObject(x, "price_per_hour_usd",
	    strbuf_num_or_null(r2(r->price_per_hour), r->price_per_hour > 0));
	cJSON_AddItemToObject(x, "price_per_user_hour_usd",
	    strbuf_num_or_null(round(r->price_per_user * 1e4) / 1e4,
		r->price_per_user > 0));
	cJSON_AddNumberToObject(x, "weights_gib", strbuf_gib2(r->weights));
	cJSON_AddNumberToObject(x, "kv_cache_gib", strbuf_gib2(r->kv_cache));
	cJSON_AddNumberToObject(x, "kv_tokens", (double)r->kv_tokens);
	fit_row_json_close_call(x, &p);
	cJSON_AddItemToObject(x, "speed", speed_json(c, &e, &r->in, &p));
	cJSON_AddStringToObject(x, "vllm_command", cmd);
	{
		cJSON *alts = cJSON_AddArrayToObject(x, "alternatives");
		size_t k;

		for (k = 0; k < r->n_alts; k++) {
			const struct fit_alt *al = &r->alt[k];
			cJSON *y = cJSON_CreateObject();

			cJSON_AddStringToObject(y, "checkpoint",
			    ckpt_format_name(al->format));
			if (al->ckpt >= 0 && !al->quantization_fp8)
				cJSON_AddStringToObject(y, "checkpoint_id",
				    c->ckpts[al->ckpt].id);
			else
				cJSON_AddNullToObject(y, "checkpoint_id");
			cJSON_AddBoolToObject(y, "online_fp8",
			    al->quantization_fp8);
			cJSON_AddStringToObject(y, "kv_cache_dtype",
			    kv_dtype_name(al->kv));
			cJSON_AddNumberToObject(y, "requests_total",
			    (double)al->total);
			cJSON_AddItemToArray(alts, y);
		}
		cJSON_AddNumberToObject(x, "alternatives_found",
		    (double)r->n_alts_found);
	}
	return x;
}

/* The fit finder's rows as JSON: every row, its command, its speed. */
static char *
fit_json(const struct sizing_report_fit_view *v, const char *ver)
{
	const struct catalogue *c = v->cat;
	const struct fit_query *q = v->q;
	size_t i;
	cJSON *root = cJSON_CreateObject(), *o, *arr;

	cJSON_AddStringToObject(root, "headroom_version", PACKAGE_VERSION);
	cJSON_AddStringToObject(root, "vllm_version", ver);
	o = cJSON_AddObjectToObject(root, "query");
	cJSON_AddStringToObject(o, "model", q->model ? q->model->id : "");
	cJSON_AddNumberToObject(o, "users", (double)q->users);
	cJSON_AddNumberToObject(o, "tokens_per_request", (double)q->tokens);
	cJSON_AddNumberToObject(o, "max_model_len",
	    (double)v->res->max_model_len);
	cJSON_AddStringToObject(o, "overhead",
	    q->overhead == OVERHEAD_RULE ? "rule" : "estimate");
	if (q->fixed_choice)
		cJSON_AddStringToObject(o, "checkpoint",
		    q->quantization_fp8 ? "online fp8"
			: q->ckpt >= 0  ? c->ckpts[q->ckpt].id
				       : ckpt_format_name(q->format != FMT_COUNT
						 ? q->format
						 : q->model->native_format));
	else
		cJSON_AddNullToObject(o, "checkpoint");
	if (q->fixed_kv)
		cJSON_AddStringToObject(o, "kv_cache_dtype",
		    kv_dtype_name(q->kv));
	else
		cJSON_AddNullToObject(o, "kv_cache_dtype");
	arr = cJSON_AddArrayToObject(o, "cards");
	for (i = 0; i < q->n_cards; i++)
		cJSON_AddItemToArray(arr,
		    cJSON_CreateString(c->gpus[q->cards[i]].id));
	cJSON_AddNumberToObject(o, "max_cards",
	    q->max_cards > 0 ? q->max_cards : FIT_DEFAULT_MAX_CARDS);
	cJSON_AddStringToObject(o, "rank", fit_rank_name(q->rank));
	cJSON_AddNumberToObject(root, "plans_computed",
	    (double)v->res->n_planned);
	cJSON_AddNumberToObject(root, "plans_found", (double)v->res->n_found);
	cJSON_AddNumberToObject(root, "hardware_options",
	    (double)v->res->n_options);
	cJSON_AddItemToObject(root, "currency",
	    price_currency_json(&c->currency));
	if (v->n == 0)
		cJSON_AddStringToObject(root, "error", v->res->error);
	else
		cJSON_AddNullToObject(root, "error");
	arr = cJSON_AddArrayToObject(root, "rows");
	for (i = 0; i < v->n; i++)
		cJSON_AddItemToArray(arr,
		    fit_row_json(c, q, &v->rows[i], i + 1));
	return json_done(root);
}

/* One row of the fit finder as text (its lines), or as a Markdown table row. */
static void
fit_row_text(struct strbuf *s, const struct catalogue *c,
    const struct fit_query *q, const struct fit_row *r, size_t rank, int md)
{
	char price[32], ppu[32], sp[32], hw[160], alts[1024];
	char cmd[4096], ck[160], a[32], why[512];
	struct plan p;
	struct speed_estimate e;

	row_plan(c, q, r, &p, &e, cmd, sizeof cmd);
	sizing_report_fit_hardware(c, r, "x", hw, sizeof hw);
	ckpt_label(c, &r->in, r->format, ck, sizeof ck);
	sizing_report_fit_alts(c, r, alts, sizeof alts);
	snprintf(price, sizeof price, r->price_per_hour > 0 ? "%.2f" : "-",
	    price_amount(&c->currency, r->price_per_hour));
	snprintf(ppu, sizeof ppu, r->price_per_user > 0 ? "%.4f" : "-",
	    price_amount(&c->currency, r->price_per_user));
	snprintf(sp, sizeof sp, e.known ? "~%.0f" : "-",
	    e.load.tokens_per_s_user);
	if (md) {
		strbuf_printf(s,
		    "| %zu | %s | %s | %s | %s | %s | %s, KV %s | %s |\n", rank,
		    hw, commas(r->total, a), price, ppu, sp, ck,
		    kv_dtype_name(r->kv), alts[0] ? alts + 5 : "-");
		return;
	}
	if (strlen(hw) > 34)
		memcpy(hw + 31, "...", 4);
	strbuf_printf(s, "%3zu  %-34s %6s %7s %9s %10s\n", rank, hw,
	    commas(r->total, a), price, ppu, sp);
	{
		char line[1400];

		snprintf(line, sizeof line, "%s, KV %s%s%s", ck,
		    kv_dtype_name(r->kv), alts[0] ? "; " : "", alts);
		put_wrapped(s, 5, 80, line);
	}
	row_why(q, r, &e, why, sizeof why);
	put_wrapped(s, 5, 80, why);
	if (p.close_call) {
		/* the row's start rests on a margin within the family's error */
		snprintf(why, sizeof why,
		    "close call: %.2f GiB over what one request of the length "
		    "needs, within the %.2f GiB headroom's estimate has missed "
		    "by on startups of %s (doc/estimates.md)",
		    (double)p.close_call_margin / GIB,
		    (double)p.close_call_error / GIB,
		    p.close_call_any ? "any family" : p.close_call_family);
		put_wrapped(s, 5, 80, why);
	}
	if (r->mig >= 0)
		strbuf_printf(s, "     run one per slice: %s\n", cmd);
	else
		strbuf_printf(s, "     %s\n", cmd);
}

/* The fit finder's first rows as text, or as Markdown (md). */
static char *
fit_text(const struct sizing_report_fit_view *v, const char *ver, int md)
{
	const struct catalogue *c = v->cat;
	const struct fit_query *q = v->q;
	char a[32], b[32];
	size_t i, show = v->text_rows > 0 ? v->text_rows : 15;
	struct strbuf s = { 0 };

	if (md)
		strbuf_printf(&s, "# Plans for %lld users of %s\n\n",
		    (long long)q->users, q->model->id);
	else
		strbuf_printf(&s,
		    "headroom %s: plans for %lld request%s of %s tokens at "
		    "once, "
		    "%s (vLLM %s%s)\n",
		    PACKAGE_VERSION, (long long)q->users,
		    units_plural(q->users), commas(q->tokens, a), q->model->id,
		    ver, q->overhead == OVERHEAD_RULE ? ", sizing rule" : "");
	strbuf_printf(&s,
	    "max_model_len %s; %zu plans computed, %zu carry the load "
	    "on %zu hardware option%s%s; ranked by %s (--rank price, "
	    "price-per-user, "
	    "cards or headroom).\n\n",
	    commas(v->res->max_model_len, b), v->res->n_planned,
	    v->res->n_found, v->res->n_options,
	    units_plural((int64_t)v->res->n_options),
	    v->res->n_options > v->n ? ", the best kept" : "",
	    q->rank == FIT_RANK_PRICE                ? "price per hour"
		: q->rank == FIT_RANK_PRICE_PER_USER ? "price per user-hour"
		: q->rank == FIT_RANK_CARDS          ? "cards, then price"
						     : "headroom, then price");
	if (v->n == 0) {
		strbuf_printf(&s, "%sNo plan: %s.\n", md ? "**" : "",
		    v->res->error);
		if (md)
			strbuf_printf(&s, "**\n");
		return strbuf_take(&s);
	}
	{
		const char *u = price_unit(&c->currency);
		char ph[16], pu[24], note[200];

		snprintf(ph, sizeof ph, "%s/h", u);
		snprintf(pu, sizeof pu, "%s/user-h", u);
		if (price_converted(&c->currency))
			strbuf_printf(&s, "%s.\n\n",
			    price_note(&c->currency, note, sizeof note));
		if (md)
			strbuf_printf(&s,
			    "| # | Hardware | Users | %s | %s | tokens/s "
			    "per user (est.) | Checkpoint, KV | Alternatives "
			    "|\n|---:|"
			    "---|---:|---:|---:|---:|---|---|\n",
			    ph, pu);
		else
			strbuf_printf(&s, "%3s  %-34s %6s %7s %9s %10s\n", "#",
			    "hardware", "users", ph, pu, "tok/s/user");
	}
	for (i = 0; i < v->n && i < show; i++)
		fit_row_text(&s, c, q, &v->rows[i], i + 1, md);
	if (v->n > show)
		strbuf_printf(&s,
		    "%s... %zu more (--report json lists every row)\n",
		    md ? "\n" : "", v->n - show);
	strbuf_printf(&s,
	    "\n%sFigures per GPU; requests are whole requests resident at "
	    "once (block-rounded, capped by max-num-seqs); speeds are "
	    "estimates "
	    "(doc/answers.md).\n",
	    md ? "" : "");
	return strbuf_take(&s);
}

char *
sizing_report_fit(const struct sizing_report_fit_view *v,
    enum report_format fmt)
{
	const struct fit_query *q = v->q;
	char ver[16];

	vllm_version_format(q->version > 0 ? q->version : VLLM_VER_NEWEST, ver,
	    sizeof ver);
	if (fmt == REPORT_JSON)
		return fit_json(v, ver);
	return fit_text(v, ver, fmt == REPORT_MARKDOWN);
}

/* ---- instances on one card ---- */

static void
member_command(const struct catalogue *c, const struct share_query *q, size_t i,
    const struct plan *p, char *cmd, size_t len)
{
	static char *const env[] = { "CUDA_VISIBLE_DEVICES=0" };
	struct plan_input in = q->inst[i].in;
	size_t o;

	in.gpu = q->gpu;
	in.gpu_total_gib = q->gpu_total_gib;
	in.mig = -1;
	in.gpus = 0;
	if (q->version > 0)
		in.version = q->version;
	in.util = p->util; /* always explicit: the point of sharing */
	in.env = env;
	in.n_env = 1;
	in.other_usage_gib = 0;
	serve_command_format(c, &in, p, 0, cmd, len);
	o = strlen(cmd);
	if (i > 0)
		snprintf(cmd + o, len > o ? len - o : 0, " --port %zu",
		    8000 + i);
}

static void
map_line(struct strbuf *s, const struct share_result *r)
{
	const int W = 60;
	double scale = r->total > 0 ? (double)W / r->total : 0;
	char line[128];
	int pos = 0, k;
	size_t i;

	/* other usage '#', each instance its number, contexts '+', free '.' */
	for (k = 0; k < (int)llround(r->other * scale) && pos < W; k++)
		line[pos++] = '#';
	for (i = 0; i < r->n; i++) {
		int w = (int)llround((r->m[i].held - r->m[i].context) * scale);
		int cw = (int)llround(r->m[i].context * scale);

		for (k = 0; k < w && pos < W + 20; k++)
			line[pos++] = (char)('1' + i);
		for (k = 0; k < (cw > 0 ? cw : 1) && pos < W + 20; k++)
			line[pos++] = '+';
	}
	while (pos < W)
		line[pos++] = '.';
	line[pos] = '\0';
	strbuf_printf(s, "  [%s]%s\n", line,
	    pos > W ? "  <- over the card" : "");
	strbuf_printf(s,
	    "   1..%zu: each instance's budget, +: its CUDA context, #: other "
	    "processes, .: free\n",
	    r->n);
}

/* the table of instances: budget, context, holds, KV, requests, starts */
static void
share_text_table(struct strbuf *s, const struct sizing_report_share_view *v,
    const struct share_result *r, int md)
{
	const struct catalogue *c = v->cat;
	const struct share_query *q = v->q;
	char a[32], b[32], d[32], e2[32], ck[160];
	size_t i;

	if (md)
		strbuf_printf(s,
		    "| # | Model | util | Budget GiB | Context GiB | Holds GiB "
		    "| KV "
		    "GiB | Requests | Starts "
		    "|\n|---|---|---:|---:|---:|---:|---:|---:|---|\n");
	else
		strbuf_printf(s, "  %-3s %-34s %5s %8s %8s %8s %8s %8s  %s\n",
		    "#", "model", "util", "budget", "context", "holds", "KV",
		    "requests", "starts");
	for (i = 0; i < r->n; i++) {
		const struct share_member *m = &r->m[i];
		char u[16];

		ckpt_label(c, &q->inst[i].in, m->alone.format, ck, sizeof ck);
		snprintf(u, sizeof u, "%.2f%s", m->util,
		    q->inst[i].util_explicit ? "" : "*");
		strbuf_printf(s,
		    md ? "| %s | %s | %s | %s | %s | %s | %s | %lld | %s |\n"
		       : "  %-3s %-34.34s %5s %8s %8s %8s %8s %8lld  %s\n",
		    q->inst[i].label, ck, u, gib(m->requested, a),
		    gib(m->context, b), gib(m->held, d),
		    gib(m->started.available_kv, e2),
		    (long long)m->started.concurrency_at_tpr,
		    m->started.phase == PHASE_NONE
			? "yes"
			: plan_phase_name(m->started.phase));
	}
}

/* the sums, and a note for each instance left at vLLM's default fraction */
static void
share_text_sums(struct strbuf *s, const struct share_query *q,
    const struct share_result *r, const char *ver, int md)
{
	char a[32], b[32], d[32];
	size_t i;

	strbuf_printf(s,
	    "%sFractions sum to %.2f; budgets + contexts + other = %s of %s "
	    "GiB "
	    "(%s GiB left).\n",
	    md ? "\n" : "  ", r->sum_util, gib(r->sum_held + r->other, a),
	    gib(r->total, b), gib(r->left, d));
	for (i = 0; i < r->n; i++)
		if (!q->inst[i].util_explicit)
			strbuf_printf(s,
			    "%sInstance %s sets no --gpu-memory-utilization: "
			    "it takes "
			    "vLLM %s's default %.2f of the whole card (* "
			    "above). Set it "
			    "explicitly.\n",
			    md ? "- " : "  ", q->inst[i].label, ver,
			    r->m[i].util);
}

/* the refusal, or the startup orders that work */
static void
share_text_order(struct strbuf *s, const struct share_query *q,
    const struct share_result *r, int md)
{
	size_t i;

	if (r->reason[0]) {
		strbuf_printf(s, "%s%s%s\n",
		    md ? "\n**" : "  Refused: ", r->reason, md ? "**" : "");
		return;
	}
	if (!r->all_start)
		return;
	if (r->n_orders_ok == r->n_orders) {
		strbuf_printf(s,
		    "%sStartup order: any order works (%zu of %zu).\n",
		    md ? "\n" : "  ", r->n_orders_ok, r->n_orders);
		return;
	}
	strbuf_printf(s,
	    "%sStartup order: %zu of %zu orders work; start them as ",
	    md ? "\n" : "  ", r->n_orders_ok, r->n_orders);
	for (i = 0; i < r->n; i++)
		strbuf_printf(s, "%s%s", i ? ", then " : "",
		    q->inst[r->order[i]].label);
	strbuf_printf(s, "%s.\n", r->given_order_ok ? " (as listed)" : "");
}

/* restarts while the others run, then one vllm serve line an instance */
static void
share_text_commands(struct strbuf *s, const struct sizing_report_share_view *v,
    const struct share_result *r, int md)
{
	const struct share_query *q = v->q;
	char cmd[4096];
	size_t i;

	strbuf_printf(s,
	    "%sRestart one while the others run (vLLM counts their memory as "
	    "used):",
	    md ? "\n" : "  ");
	for (i = 0; i < r->n; i++)
		strbuf_printf(s, " %s %s%s", q->inst[i].label,
		    r->m[i].restart_ok ? "ok" : "FAILS",
		    i + 1 < r->n ? "," : ".\n");
	if (md)
		strbuf_printf(s, "\n```sh\n");
	else
		strbuf_printf(s,
		    "  Commands (one per instance, each with its own "
		    "fraction):\n");
	for (i = 0; i < r->n; i++) {
		member_command(v->cat, q, i, &r->m[i].alone, cmd, sizeof cmd);
		strbuf_printf(s, "%s%s\n", md ? "" : "    ", cmd);
	}
	if (md)
		strbuf_printf(s, "```\n");
}

static void
share_text(struct strbuf *s, const struct sizing_report_share_view *v,
    const struct share_result *r, int version, int md)
{
	char a[32], b[32], ver[16];

	vllm_version_format(version, ver, sizeof ver);
	strbuf_printf(s,
	    "%sUnder vLLM %s: card %s GiB, other processes %s GiB.%s\n",
	    md ? "## " : "", ver, gib(r->total, a), gib(r->other, b),
	    md ? "\n" : "");
	share_text_table(s, v, r, md);
	if (!md)
		map_line(s, r);
	share_text_sums(s, v->q, r, ver, md);
	share_text_order(s, v->q, r, md);
	share_text_commands(s, v, r, md);
}

static void
mig_text(struct strbuf *s, const struct sizing_report_share_view *v, int md)
{
	const struct share_result *r = v->r;
	const struct catalogue *c = v->cat;
	const struct gpu *g = v->q->gpu >= 0 ? &c->gpus[v->q->gpu] : NULL;
	char ck[160];
	size_t i;

	strbuf_printf(s,
	    "\n%sMIG instead (each instance alone on a slice, nothing "
	    "shared):%s\n",
	    md ? "## " : "", md ? "\n" : "");
	if (g == NULL || g->n_mig == 0) {
		strbuf_printf(s, "  %s\n",
		    r->mig_note[0] ? r->mig_note : "this card has no MIG");
		return;
	}
	for (i = 0; i < r->n; i++) {
		const struct share_member *m = &r->m[i];

		ckpt_label(c, &v->q->inst[i].in, m->alone.format, ck,
		    sizeof ck);
		if (m->mig >= 0)
			strbuf_printf(s,
			    "%s%s %s: smallest slice %s (%.2f GiB), %lld "
			    "request%s\n",
			    md ? "- " : "  ", v->q->inst[i].label, ck,
			    g->mig[m->mig].name, g->mig[m->mig].total_gib,
			    (long long)m->on_mig.concurrency_at_tpr,
			    units_plural(m->on_mig.concurrency_at_tpr));
		else
			strbuf_printf(s, "%s%s %s: starts on no slice of %s\n",
			    md ? "- " : "  ", v->q->inst[i].label, ck, g->id);
	}
	strbuf_printf(s, "%s%s: %s.\n", md ? "\n" : "  ", r->mig_note,
	    r->mig_fits           ? "the slices fit one card"
		: r->mig_possible ? "the slices do NOT fit one card"
				  : "not every instance fits a slice");
	strbuf_printf(s, "%sLayouts of %s:", md ? "" : "  ", g->id);
	for (i = 0; i < g->n_mig; i++)
		strbuf_printf(s, " %dx %s%s", g->mig[i].max_count,
		    g->mig[i].name, i + 1 < g->n_mig ? "," : "");
	strbuf_printf(s, " (NCCL does not span slices: TP 1 per slice).\n");
}

/* one instance: its figures, verdict, MIG slice and vllm serve line */
static cJSON *
share_json_member(const struct sizing_report_share_view *v,
    const struct share_result *r, size_t i)
{
	const struct catalogue *c = v->cat;
	const struct share_query *q = v->q;
	const struct gpu *g = q->gpu >= 0 ? &c->gpus[q->gpu] : NULL;
	const struct share_member *m = &r->m[i];
	cJSON *x = cJSON_CreateObject();
	char cmd[4096];

	cJSON_AddStringToObject(x, "name", q->inst[i].label);
	cJSON_AddStringToObject(x, "model",
	    m->alone.phase == PHASE_CONFIG && q->inst[i].in.model == NULL
		? ""
		: q->inst[i].in.model->id);
	cJSON_AddStringToObject(x, "checkpoint",
	    ckpt_format_name(m->alone.format));
	cJSON_AddNumberToObject(x, "gpu_memory_utilization", m->util);
	cJSON_AddBoolToObject(x, "utilization_explicit",
	    q->inst[i].util_explicit);
	cJSON_AddNumberToObject(x, "requested_gib", strbuf_gib2(m->requested));
	cJSON_AddNumberToObject(x, "context_gib", strbuf_gib2(m->context));
	cJSON_AddNumberToObject(x, "holds_gib", strbuf_gib2(m->held));
	cJSON_AddNumberToObject(x, "kv_cache_gib",
	    strbuf_gib2(m->started.available_kv));
	cJSON_AddNumberToObject(x, "requests",
	    (double)m->started.concurrency_at_tpr);
	sizing_report_verdict_json(x, m->started.phase, m->started.message);
	cJSON_AddBoolToObject(x, "restart_while_others_run", m->restart_ok);
	if (g && m->mig >= 0 && (size_t)m->mig < g->n_mig) {
		cJSON_AddStringToObject(x, "mig_slice", g->mig[m->mig].name);
		cJSON_AddNumberToObject(x, "mig_requests",
		    (double)m->on_mig.concurrency_at_tpr);
	} else {
		cJSON_AddNullToObject(x, "mig_slice");
		cJSON_AddNullToObject(x, "mig_requests");
	}
	member_command(c, q, i, &m->alone, cmd, sizeof cmd);
	cJSON_AddStringToObject(x, "vllm_command", cmd);
	return x;
}

/* the card's sums, whether the instances fit and start, and in which order */
static void
share_json_sums(cJSON *o, const struct share_query *q,
    const struct share_result *r)
{
	cJSON *arr;
	size_t i;

	cJSON_AddNumberToObject(o, "total_gib", strbuf_gib2(r->total));
	cJSON_AddNumberToObject(o, "other_usage_gib", strbuf_gib2(r->other));
	cJSON_AddNumberToObject(o, "sum_utilization", r2(r->sum_util));
	cJSON_AddNumberToObject(o, "sum_requested_gib",
	    strbuf_gib2(r->sum_requested));
	cJSON_AddNumberToObject(o, "sum_context_gib",
	    strbuf_gib2(r->sum_context));
	cJSON_AddNumberToObject(o, "left_gib", strbuf_gib2(r->left));
	cJSON_AddBoolToObject(o, "fractions_over_one", r->over_one);
	cJSON_AddBoolToObject(o, "fits", r->fits);
	cJSON_AddBoolToObject(o, "all_start", r->all_start);
	cJSON_AddBoolToObject(o, "listed_order_works", r->given_order_ok);
	cJSON_AddNumberToObject(o, "orders", (double)r->n_orders);
	cJSON_AddNumberToObject(o, "orders_that_work", (double)r->n_orders_ok);
	arr = cJSON_AddArrayToObject(o, "start_order");
	for (i = 0; r->all_start && i < r->n; i++)
		cJSON_AddItemToArray(arr,
		    cJSON_CreateString(q->inst[r->order[i]].label));
}

static cJSON *
share_json(const struct sizing_report_share_view *v,
    const struct share_result *r, int version)
{
	cJSON *o = cJSON_CreateObject(), *arr, *x;
	char ver[16];
	size_t i;

	cJSON_AddStringToObject(o, "vllm_version",
	    vllm_version_format(version, ver, sizeof ver));
	share_json_sums(o, v->q, r);
	if (r->reason[0])
		cJSON_AddStringToObject(o, "reason", r->reason);
	else
		cJSON_AddNullToObject(o, "reason");
	arr = cJSON_AddArrayToObject(o, "instances");
	for (i = 0; i < r->n; i++)
		cJSON_AddItemToArray(arr, share_json_member(v, r, i));
	x = cJSON_AddObjectToObject(o, "mig");
	cJSON_AddBoolToObject(x, "every_instance_fits_a_slice",
	    r->mig_possible);
	cJSON_AddBoolToObject(x, "fits_one_card", r->mig_fits);
	cJSON_AddStringToObject(x, "layout", r->mig_note);
	return o;
}

char *
sizing_report_share(const struct sizing_report_share_view *v,
    enum report_format fmt)
{
	const struct catalogue *c = v->cat;
	int from = v->q->version > 0 ? v->q->version : VLLM_VER_NEWEST;
	char card[96];

	if (fmt == REPORT_JSON) {
		cJSON *root = cJSON_CreateObject();

		cJSON_AddStringToObject(root, "headroom_version",
		    PACKAGE_VERSION);
		cJSON_AddStringToObject(root, "gpu",
		    card_label(c, v->q->gpu, -1, card, sizeof card));
		cJSON_AddItemToObject(root, "shared_card",
		    share_json(v, v->r, from));
		if (v->r_to)
			cJSON_AddItemToObject(root, "after_upgrade",
			    share_json(v, v->r_to, v->to_version));
		else
			cJSON_AddNullToObject(root, "after_upgrade");
		return json_done(root);
	}
	{
		struct strbuf s = { 0 };
		int md = fmt == REPORT_MARKDOWN;

		card_label(c, v->q->gpu, -1, card, sizeof card);
		if (md)
			strbuf_printf(&s, "# %zu vLLM instances on one %s\n\n",
			    v->r->n, card);
		else
			strbuf_printf(&s,
			    "headroom %s: %zu vLLM instances on one %s\n\n",
			    PACKAGE_VERSION, v->r->n, card);
		share_text(&s, v, v->r, from, md);
		if (v->r_to) {
			char va[16], vb[16];
			bool ok_a = v->r->all_start && !v->r->over_one;
			bool ok_b = v->r_to->all_start && !v->r_to->over_one;

			vllm_version_format(from, va, sizeof va);
			vllm_version_format(v->to_version, vb, sizeof vb);
			strbuf_printf(&s, "\n");
			share_text(&s, v, v->r_to, v->to_version, md);
			strbuf_printf(&s, "\n%sUpgrade %s -> %s: %s%s\n",
			    md ? "**" : "", va, vb,
			    ok_a && !ok_b
				? "the instances start side by side under the "
				  "older release but NOT after the upgrade."
				: ok_a && ok_b
				? "they start side by side under both."
				: !ok_a && ok_b
				? "they start only after the upgrade."
				: "they do not start side by side under "
				  "either.",
			    md ? "**" : "");
		}
		mig_text(&s, v, md);
		strbuf_printf(&s,
		    "\n%sEach budget is ceil(total x util) of the whole card; "
		    "an "
		    "instance's free-memory check counts the instances already "
		    "running "
		    "as other usage. Activation, non-torch and graph figures "
		    "are "
		    "estimates.\n",
		    md ? "" : "");
		return strbuf_take(&s);
	}
}

/* ---- upgrade ---- */

static cJSON *
changes_json(const struct upgrade_change *ch, size_t n)
{
	cJSON *arr = cJSON_CreateArray();
	size_t i;

	for (i = 0; i < n; i++) {
		cJSON *x = cJSON_CreateObject();

		cJSON_AddStringToObject(x, "what", ch[i].what);
		cJSON_AddStringToObject(x, "from", ch[i].from);
		cJSON_AddStringToObject(x, "to", ch[i].to);
		if (ch[i].effect[0])
			cJSON_AddStringToObject(x, "effect", ch[i].effect);
		else
			cJSON_AddNullToObject(x, "effect");
		cJSON_AddBoolToObject(x, "affects_this_plan", ch[i].affects);
		cJSON_AddItemToArray(arr, x);
	}
	return arr;
}

static cJSON *
side_json(const struct catalogue *c, const struct plan_input *in, int version,
    const struct plan *p)
{
	cJSON *o = cJSON_CreateObject();
	struct plan_input vi = *in;
	char ver[16], cmd[4096];

	vi.version = version;
	cJSON_AddStringToObject(o, "vllm_version",
	    vllm_version_format(version, ver, sizeof ver));
	sizing_report_verdict_json(o, p->phase, p->message);
	cJSON_AddNumberToObject(o, "gpu_memory_utilization", p->util);
	cJSON_AddNumberToObject(o, "requested_gib", strbuf_gib2(p->requested));
	cJSON_AddNumberToObject(o, "cuda_graphs_gib",
	    strbuf_gib2(p->cuda_graphs));
	cJSON_AddBoolToObject(o, "cuda_graphs_in_budget", p->cg_in_budget);
	cJSON_AddBoolToObject(o, "v2_runner", p->v2_runner);
	cJSON_AddNumberToObject(o, "kv_cache_gib",
	    strbuf_gib2(p->available_kv));
	cJSON_AddNumberToObject(o, "kv_tokens", (double)p->kv_tokens);
	cJSON_AddNumberToObject(o, "max_concurrency", r2(p->max_concurrency));
	cJSON_AddNumberToObject(o, "total_concurrency_at_tokens_per_request",
	    (double)p->total_concurrency);
	serve_command_format(c, &vi, p, 0, cmd, sizeof cmd);
	cJSON_AddStringToObject(o, "vllm_command", cmd);
	return o;
}

/* The upgrade check as JSON: both sides, the changes and the figures. */
static char *
upgrade_json(const struct sizing_report_upgrade_view *v, const char *va,
    const char *vb, const char *card)
{
	const struct upgrade_result *u = v->u;
	const struct catalogue *c = v->cat;
	cJSON *root = cJSON_CreateObject();

	cJSON_AddStringToObject(root, "headroom_version", PACKAGE_VERSION);
	cJSON_AddStringToObject(root, "from", va);
	cJSON_AddStringToObject(root, "to", vb);
	cJSON_AddStringToObject(root, "gpu", card);
	cJSON_AddStringToObject(root, "model",
	    v->in->model ? v->in->model->id : "");
	cJSON_AddBoolToObject(root, "starts_before", u->starts_a);
	cJSON_AddBoolToObject(root, "starts_after", u->starts_b);
	cJSON_AddBoolToObject(root, "breaks", u->breaks);
	cJSON_AddStringToObject(root, "verdict", u->verdict);
	if (u->advice[0])
		cJSON_AddStringToObject(root, "advice", u->advice);
	else
		cJSON_AddNullToObject(root, "advice");
	cJSON_AddItemToObject(root, "changes",
	    changes_json(u->changes, u->n_changes));
	cJSON_AddItemToObject(root, "figures",
	    changes_json(u->figures, u->n_figures));
	cJSON_AddItemToObject(root, "before",
	    side_json(c, v->in, u->from, &u->a));
	cJSON_AddItemToObject(root, "after", side_json(c, v->in, u->to, &u->b));
	return json_done(root);
}

/* The upgrade check as text, or as Markdown (md). */
static char *
upgrade_text(const struct sizing_report_upgrade_view *v, const char *va,
    const char *vb, const char *card, int md)
{
	const struct upgrade_result *u = v->u;
	const struct catalogue *c = v->cat;
	size_t i;
	struct strbuf s = { 0 };
	char cmd[4096];
	struct plan_input vi = *v->in;

	if (md)
		strbuf_printf(&s,
		    "# Upgrade check: vLLM %s -> %s\n\n%s on %s.\n\n**%s**\n\n",
		    va, vb, v->in->model ? v->in->model->id : "?", card,
		    u->verdict);
	else
		strbuf_printf(&s,
		    "headroom %s: upgrade check, vLLM %s -> %s, %s on %s\n\n"
		    "Verdict: %s\n",
		    PACKAGE_VERSION, va, vb,
		    v->in->model ? v->in->model->id : "?", card, u->verdict);
	if (u->advice[0])
		strbuf_printf(&s, "%s%s\n", md ? "> " : "Advice: ", u->advice);
	strbuf_printf(&s,
	    "\n%s%zu release difference%s this plan depends on:%s\n",
	    md ? "## " : "", u->n_changes, u->n_changes == 1 ? "" : "s",
	    md ? "\n\n| Behaviour | " : "");
	if (md)
		strbuf_printf(&s,
		    "%s | %s | Effect on this plan |\n|---|---|---|---|\n", va,
		    vb);
	for (i = 0; i < u->n_changes; i++) {
		const struct upgrade_change *ch = &u->changes[i];

		if (md)
			strbuf_printf(&s, "| %s | %s | %s | %s |\n", ch->what,
			    ch->from, ch->to, ch->effect[0] ? ch->effect : "-");
		else
			strbuf_printf(&s, "  %-36s %s -> %s\n%s%s%s", ch->what,
			    ch->from, ch->to, ch->effect[0] ? "      " : "",
			    ch->effect, ch->effect[0] ? "\n" : "");
	}
	strbuf_printf(&s, "\n%sFigures that move:%s\n", md ? "## " : "",
	    md ? "\n\n| Figure | Before | After | Change |\n|---|---:|---:|---|"
	       : "");
	for (i = 0; i < u->n_figures; i++) {
		const struct upgrade_change *ch = &u->figures[i];

		if (md)
			strbuf_printf(&s, "| %s | %s | %s | %s |\n", ch->what,
			    ch->from, ch->to, ch->effect);
		else
			strbuf_printf(&s, "  %-36s %14s -> %-14s %s\n",
			    ch->what, ch->from, ch->to, ch->effect);
	}
	if (u->n_figures == 0)
		strbuf_printf(&s, "  none\n");
	if (u->a.phase != PHASE_NONE)
		strbuf_printf(&s, "\n%s%s: %s\n", md ? "> " : "Message under ",
		    va, u->a.message);
	if (u->b.phase != PHASE_NONE)
		strbuf_printf(&s, "%s%s%s: %s\n",
		    u->a.phase != PHASE_NONE ? "" : "\n",
		    md ? "> " : "Message under ", vb, u->b.message);
	vi.version = u->to;
	if (u->keep_util > 0)
		vi.util = u->keep_util;
	{
		struct plan p;

		plan_compute(c, &vi, &p);
		serve_command_format(c, &vi, &p, 0, cmd, sizeof cmd);
	}
	strbuf_printf(&s, "\n%sCommand for %s%s:%s\n%s%s\n%s", md ? "" : "", vb,
	    u->keep_util > 0 ? " (with the advice)" : "", md ? "\n\n```sh" : "",
	    md ? "" : "  ", cmd, md ? "```\n" : "");
	return strbuf_take(&s);
}

char *
sizing_report_upgrade(const struct sizing_report_upgrade_view *v,
    enum report_format fmt)
{
	char va[16], vb[16], card[96];

	vllm_version_format(v->u->from, va, sizeof va);
	vllm_version_format(v->u->to, vb, sizeof vb);
	card_label(v->cat, v->in->gpu, v->in->mig, card, sizeof card);
	if (fmt == REPORT_JSON)
		return upgrade_json(v, va, vb, card);
	return upgrade_text(v, va, vb, card, fmt == REPORT_MARKDOWN);
}
