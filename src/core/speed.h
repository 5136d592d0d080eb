/*
 * speed.h - how fast a plan serves each user: an estimate, from the
 * card's quoted bandwidth and compute and the coefficients of
 * data/speed.yaml (struct speed_coeffs, all assumptions).
 *
 * Decode is bound by memory bandwidth.  One decode step of a pipeline
 * stage, with b requests in the batch, takes
 *
 *   memory    = (weights read + b x KV of one request at T/2) / (BW x eff)
 *   compute   = 2 x active params of the rank x b / (rate x eff)
 *   allreduce = allreduces_per_layer x layers x (latency
 *               + 2 (tp-1)/tp x b x hidden x 2 B / (link x link_eff))
 *   step      = max(memory, compute) + allreduce
 *
 * where T is the request length (a request is on average half way
 * through it), weights read is the rank's weights without the vision
 * tower (MoE: the experts the batch's tokens touch, 1 - (1 - k/E)^b of
 * them), and link is one direction of NVLink or, without it, PCIe.  With
 * pipeline stages the users are split into pp micro-batches of b = c/pp
 * and a token passes every stage: each user gets a token every pp x
 * step.  Prefill of a T-token prompt takes
 *
 *   (2 x active params x T + 2 x layers x T^2 x heads x head_dim)
 *       / (tp x rate x eff)
 *
 * at the card's dense BF16 rate times 2 for FP8 and 4 for FP4 weights the
 * card runs natively (assumed).  A MIG slice gets its share of the card's
 * bandwidth (by memory) and compute (by SMs).  Pure arithmetic.
 */
#ifndef HEADROOM_SPEED_H
#define HEADROOM_SPEED_H

#include <stdbool.h>
#include <stdint.h>

#include "catalogue.h"
#include "plan.h"

struct speed_point {
	int64_t users; /* requests decoding at once, one replica */
	double step_ms; /* interval between two tokens of one user */
	double memory_ms, compute_ms, allreduce_ms; /* of one stage step */
	bool compute_bound;
	double tokens_per_s_user;
	double tokens_per_s_replica;
	double tokens_per_s_total; /* over all replicas */
};

struct speed_estimate {
	bool known; /* false: why says what is missing */
	char why[160];
	double bandwidth_gbs; /* of the card or slice, quoted */
	double efficiency; /* decode bandwidth efficiency */
	double weights_read; /* bytes per rank and step (dense part) */
	double expert_bytes; /* MoE: expert bytes per rank (all experts) */
	double expert_fraction_per_token; /* k / E */
	double kv_per_request; /* bytes per rank, one request at T/2 */
	int64_t request_tokens; /* T */
	int tp, pp, replicas, layers_per_stage;
	const char *link; /* "NVLink", "PCIe" or NULL (TP 1) */
	double link_gbs; /* one direction, as quoted */
	double allreduce_latency_us;
	double active_params; /* per token, whole model */
	bool prefill_known;
	double tflops; /* dense rate used, one GPU or slice */
	const char *rate_note; /* "BF16", "FP8 = 2 x BF16 (assumed)" */
	double prefill_s; /* a prompt of T tokens */
	struct speed_point single; /* one user */
	struct speed_point load; /* at the users asked for */
	const struct speed_coeffs *c;
	const struct model *model;
	int hidden;
};

/*
 * Estimates the speed of plan p (of input in) with users requests per
 * replica decoding at once (0 = the plan's concurrency at the request
 * length, at least 1).  Unknown when the catalogue has no speed
 * coefficients, the card no bandwidth, or the plan does not start.
 */
void speed_estimate(const struct catalogue *, const struct plan_input *in,
    const struct plan *p, int64_t users, struct speed_estimate *out);

/* The step at another concurrency (users per replica) of the same estimate. */
void speed_at(const struct speed_estimate *, int64_t users,
    struct speed_point *out);

#endif
