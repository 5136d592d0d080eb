/*
 * speed.c - the speed estimate (formulas in speed.h and doc/answers.md).
 * Everything here is an estimate built on the assumptions of
 * data/speed.yaml; nothing is measured.
 */
#include "speed.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "multimodal.h"
#include "weights.h"

static int
moe_layers(const struct model *m)
{
	int step = m->moe_layer_step > 0 ? m->moe_layer_step : 1, i, n = 0;

	if (m->n_experts <= 0)
		return 0;
	for (i = m->first_dense_layers; i < m->layers; i++)
		if ((i + 1) % step == 0)
			n++;
	return n;
}

/* Parameters of the routed experts (gate, up, down per expert). */
static double
expert_params(const struct model *m)
{
	return (double)moe_layers(m) * m->n_experts * 3.0 * m->hidden *
	    (m->moe_intermediate > 0 ? m->moe_intermediate : m->intermediate);
}

/* Dense-rate multiplier for the weight format on this card (assumed). */
static double
rate_factor(const struct speed_coeffs *c, const struct gpu *g,
    enum ckpt_format f, const char **note)
{
	switch (f) {
	case FMT_FP8:
	case FMT_FP8_CHANNEL:
	case FMT_FP8_BLOCK:
		if (g->fp8) {
			*note = "FP8 = fp8_compute_factor x BF16 (assumed)";
			return c->fp8_compute_factor;
		}
		break;
	case FMT_INT8:
		*note = "INT8 = fp8_compute_factor x BF16 (assumed)";
		return c->fp8_compute_factor;
	case FMT_NVFP4:
	case FMT_MXFP4:
		if (g->fp4) {
			*note = "FP4 = fp4_compute_factor x BF16 (assumed)";
			return c->fp4_compute_factor;
		}
		break;
	default: break;
	}
	*note = "BF16 (weights dequantized to 16 bit)";
	if (f == FMT_BF16 || f == FMT_FP16 || f == FMT_FP32)
		*note = "BF16";
	return 1.0;
}

void
speed_at(const struct speed_estimate *e, int64_t users, struct speed_point *pt)
{
	const struct speed_coeffs *c = e->c;
	double b, w, mem, comp = 0, ar = 0, step;
	int pp = e->pp > 0 ? e->pp : 1, tp = e->tp > 0 ? e->tp : 1;

	memset(pt, 0, sizeof *pt);
	if (users < 1)
		users = 1;
	pt->users = users;
	if (!e->known)
		return;
	/* pipeline: pp micro-batches, each a stage step of b requests */
	b = ceil((double)users / pp);
	w = e->weights_read;
	if (e->expert_bytes > 0)
		w += e->expert_bytes *
		    (1.0 - pow(1.0 - e->expert_fraction_per_token, b));
	mem = (w + b * e->kv_per_request) /
	    (e->bandwidth_gbs * 1e9 * e->efficiency);
	if (e->tflops > 0)
		comp = 2.0 * e->active_params / ((double)tp * pp) * b /
		    (e->tflops * 1e12 * c->prefill_compute_efficiency);
	if (tp > 1 && e->link_gbs > 0)
		ar = c->allreduces_per_layer * e->layers_per_stage *
		    (e->allreduce_latency_us * 1e-6 +
			2.0 * (tp - 1) / tp * b * e->hidden * 2.0 /
			    (e->link_gbs * 1e9 * c->link_efficiency));
	step = (mem > comp ? mem : comp) + ar;
	pt->memory_ms = mem * 1e3;
	pt->compute_ms = comp * 1e3;
	pt->allreduce_ms = ar * 1e3;
	pt->compute_bound = comp > mem;
	pt->step_ms = pp * step * 1e3;
	pt->tokens_per_s_user = 1.0 / (pp * step);
	pt->tokens_per_s_replica = pt->tokens_per_s_user * users;
	pt->tokens_per_s_total =
	    pt->tokens_per_s_replica * (e->replicas > 0 ? e->replicas : 1);
}

/*
 * The card the plan runs on, or NULL with e->why set when no estimate can
 * be made (no coefficients, a custom card, no bandwidth, no start).
 */
static const struct gpu *
speed_find_gpu(const struct catalogue *cat, const struct plan_input *in,
    const struct plan *p, struct speed_estimate *e)
{
	const struct gpu *g;

	if (!cat->speed.loaded) {
		snprintf(e->why, sizeof e->why,
		    "no speed coefficients loaded "
		    "(data/speed.yaml)");
		return NULL;
	}
	if (in->model == NULL || in->gpu < 0 ||
	    (size_t)in->gpu >= cat->n_gpus) {
		snprintf(e->why, sizeof e->why,
		    "no bandwidth known for a custom card");
		return NULL;
	}
	if (in->model->enc_layers > 0) {
		/* the step model reads every weight per decode step; an
		 * encoder-decoder model's encoder runs once per request */
		snprintf(e->why, sizeof e->why,
		    "an encoder-decoder model's steps are not modelled");
		return NULL;
	}
	if (in->model->dsv4.layers > 0) {
		/* the step model reads a KV cache of bytes per token; DeepSeek-V4
		 * reads its compressed caches sparsely (top-k) and its window */
		snprintf(e->why, sizeof e->why,
		    "DeepSeek-V4's sparse compressed attention is not in the "
		    "step model");
		return NULL;
	}
	g = &cat->gpus[in->gpu];
	if (g->bandwidth_gbs <= 0) {
		snprintf(e->why, sizeof e->why,
		    "the catalogue has no memory "
		    "bandwidth for %s",
		    g->id);
		return NULL;
	}
	if (p->phase != PHASE_NONE) {
		snprintf(e->why, sizeof e->why,
		    "vLLM does not start with this plan");
		return NULL;
	}
	return g;
}

/* A MIG slice's share of the card's memory system and of its SMs (1 and
 * 1 for the whole card). */
static void
speed_slice_shares(const struct gpu *g, int mig, double *mem_share,
    double *sm_share)
{
	int full_sm = 0;
	size_t i;

	*mem_share = *sm_share = 1.0;
	for (i = 0; i < g->n_mig; i++)
		if (g->mig[i].sm_count > full_sm)
			full_sm = g->mig[i].sm_count;
	if (mig >= 0 && (size_t)mig < g->n_mig) {
		const struct mig_profile *mp = &g->mig[mig];

		if (g->cuda_total_gib > 0)
			*mem_share = mp->total_gib / g->cuda_total_gib;
		if (full_sm > 0 && mp->sm_count > 0)
			*sm_share = (double)mp->sm_count / full_sm;
	}
	if (*mem_share > 1)
		*mem_share = 1;
}

/* Weights read per step: the rank's weights without the vision tower,
 * split into dense and expert bytes; and the parameters active per token. */
static void
speed_set_weights_read(const struct model *m, const struct plan *p,
    struct speed_estimate *e)
{
	double total_params, experts, vision = 0;

	total_params = weights_param_count(m) * 1e9;
	experts = expert_params(m);
	/* p->weights holds no tower vLLM does not build */
	if (m->vision_params > 0 && p->pp == 1 &&
	    !multimodal_tower_skipped(m, &p->mm, p->version))
		vision = weights_vision_rank_params(m, p->tp) * 2.0;
	/* an audio tower the plan loads is not read per step either */
	if (p->pp == 1)
		vision += multimodal_audio_bytes(m, &p->mm, p->version, 2);
	e->weights_read = (double)p->weights - vision;
	if (e->weights_read < 0)
		e->weights_read = 0;
	if (experts > 0 && total_params > 0 && m->experts_per_tok > 0) {
		double share = experts / total_params;

		if (p->dp > 1 || p->expert_parallel) {
			/* the rank's own share: its experts (an EP share, or all
			 * cut over TP x DP) against its attention split by TP only */
			struct experts_split es;
			struct weights_breakdown wr;

			experts_split_for(m->n_experts, p->tp, p->dp,
			    p->expert_parallel, 0, &es);
			weights_rank_split(m, FMT_BF16, 1, p->tp, p->pp, 0, &es,
			    &wr);
			if (wr.total > 0)
				share = experts * es.experts / m->n_experts /
				    es.moe_tp / wr.total;
		}

		if (share > 1)
			share = 1;
		e->expert_bytes = e->weights_read * share;
		e->weights_read -= e->expert_bytes;
		e->expert_fraction_per_token =
		    (double)m->experts_per_tok / m->n_experts;
	}
	e->active_params = total_params -
	    (m->vision_params > 0 ? m->vision_params : 0) -
	    (m->audio_params > 0 ? m->audio_params : 0) -
	    (experts > 0 && m->n_experts > 0 ? experts *
			(1.0 - (double)m->experts_per_tok / m->n_experts)
					     : 0);
	if (e->active_params < 0)
		e->active_params = 0;
}

/* KV read per request: the context averages T/2; sliding layers cap it. */
static void
speed_set_kv_read(const struct model *m, const struct plan *p,
    struct speed_estimate *e)
{
	double avg, frac_swa = 0;
	int64_t T;

	T = p->tokens_per_request > 0 ? p->tokens_per_request
				      : p->max_model_len;
	e->request_tokens = T;
	avg = T / 2.0;
	if (m->layers > 0 && m->n_sliding > 0)
		frac_swa = (double)m->n_sliding / m->layers;
	e->kv_per_request = (double)p->bytes_per_token *
	    ((1 - frac_swa) * avg +
		frac_swa *
		    (m->sliding_window > 0 && m->sliding_window < avg
			    ? m->sliding_window
			    : avg));
}

/* The link the tensor-parallel group's all-reduce crosses. */
static void
speed_set_link(const struct speed_coeffs *c, const struct gpu *g,
    const struct plan_input *in, const struct plan *p, struct speed_estimate *e)
{
	if (p->tp <= 1)
		return;
	if (in->tp_link != NULL && in->tp_link_gbs > 0) {
		/* placed on nodes: the link the TP group really crosses */
		e->link = in->tp_link;
		e->link_gbs = in->tp_link_gbs;
		e->allreduce_latency_us = strcmp(in->tp_link, "NVLink") == 0
		    ? c->allreduce_latency_nvlink_us
		    : c->allreduce_latency_pcie_us;
	} else if (g->nvlink_gbs > 0) {
		e->link = "NVLink";
		e->link_gbs = g->nvlink_gbs / 2.0;
		e->allreduce_latency_us = c->allreduce_latency_nvlink_us;
	} else {
		e->link = "PCIe";
		e->link_gbs = (g->pcie_gbs > 0 ? g->pcie_gbs : 64) / 2.0;
		e->allreduce_latency_us = c->allreduce_latency_pcie_us;
	}
}

/* Compute: the card's rate for the format on its SM share, and the
 * prefill time of one request of e->request_tokens (needs
 * speed_set_weights_read() and speed_set_kv_read() first). */
static void
speed_set_prefill(const struct speed_coeffs *c, const struct gpu *g,
    const struct model *m, const struct plan *p, double sm_share,
    struct speed_estimate *e)
{
	double f, heads = m->heads, layers_full, layers_swa, attn_flops, hd;
	int64_t T = e->request_tokens;

	e->rate_note = "";
	if (g->bf16_tflops <= 0)
		return;
	f = rate_factor(c, g, p->format, &e->rate_note);
	e->tflops = g->bf16_tflops * sm_share * f;
	e->prefill_known = true;
	hd = m->mla ? m->qk_nope_head_dim + m->qk_rope_head_dim : m->head_dim;
	layers_swa = m->n_sliding;
	layers_full = m->layers - layers_swa;
	attn_flops = 2.0 * heads * hd *
	    ((double)T * T * layers_full +
		(double)T *
		    (m->sliding_window > 0 && m->sliding_window < T
			    ? m->sliding_window
			    : T) *
		    layers_swa);
	e->prefill_s = (2.0 * e->active_params * T + attn_flops) /
	    ((p->tp > 0 ? p->tp : 1) * e->tflops * 1e12 *
		c->prefill_compute_efficiency);
}

void
speed_estimate(const struct catalogue *cat, const struct plan_input *in,
    const struct plan *p, int64_t users, struct speed_estimate *e)
{
	const struct model *m = in->model;
	const struct gpu *g;
	const struct speed_coeffs *c = &cat->speed;
	double mem_share, sm_share;

	memset(e, 0, sizeof *e);
	e->c = c;
	e->model = m;
	if (p->no_kv_cache) {
		snprintf(e->why, sizeof e->why,
		    "an encoder-only model decodes no tokens: one forward a "
		    "request");
		return;
	}
	g = speed_find_gpu(cat, in, p, e);
	if (g == NULL)
		return;
	speed_slice_shares(g, in->mig, &mem_share, &sm_share);
	e->known = true;
	e->bandwidth_gbs = g->bandwidth_gbs * mem_share;
	e->efficiency = c->decode_bandwidth_efficiency;
	e->tp = p->tp;
	e->pp = p->pp;
	e->replicas = p->replicas > 0 ? p->replicas : 1;
	e->hidden = m->hidden;
	e->layers_per_stage = p->layers_per_rank > 0
	    ? p->layers_per_rank
	    : m->layers / (p->pp > 0 ? p->pp : 1);
	speed_set_weights_read(m, p, e);
	speed_set_kv_read(m, p, e);
	speed_set_link(c, g, in, p, e);
	speed_set_prefill(c, g, m, p, sm_share, e);
	if (users <= 0)
		users = p->concurrency_at_tpr > 0 ? p->concurrency_at_tpr : 1;
	speed_at(e, 1, &e->single);
	speed_at(e, users, &e->load);
}
