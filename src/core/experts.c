/*
 * experts.c - the MoE split of a rank (see experts.h).
 */
#include "experts.h"

#include <stddef.h>

int
experts_local(int n_experts, int ep_size, int r, int *first)
{
	int base, rem;

	if (ep_size < 1)
		ep_size = 1;
	base = n_experts / ep_size;
	rem = n_experts % ep_size;
	if (first)
		*first = r * base + (r < rem ? r : rem);
	return base + (r < rem ? 1 : 0);
}

void
experts_split_for(int n_experts, int tp, int dp, bool ep, int ep_rank,
    struct experts_split *s)
{
	if (tp < 1)
		tp = 1;
	if (dp < 1)
		dp = 1;
	s->global = n_experts > 0 ? n_experts : 0;
	if (n_experts <= 0) {
		s->ep = false;
		s->group = tp;
		s->moe_tp = tp;
		s->experts = 0;
		return;
	}
	s->group = tp * dp;
	s->ep = ep && s->group > 1;
	if (!s->ep) {
		s->moe_tp = s->group;
		s->experts = n_experts;
		return;
	}
	s->moe_tp = 1;
	s->experts = experts_local(n_experts, s->group, ep_rank, NULL);
}
