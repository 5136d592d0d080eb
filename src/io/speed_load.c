/*
 * speed_load.c - reads the speed coefficients.  Every key is required and
 * must be a number within its range, so a user file cannot silently
 * produce speeds from a half-filled set.
 */
#include "speed_load.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char *key;
	size_t off;
	double lo, hi;
} keys[] = {
#define K(k, lo, hi)                                                           \
	{                                                                      \
#k, offsetof(struct speed_coeffs, k), lo, hi                   \
	}
	K(decode_bandwidth_efficiency, 0.01, 1.0),
	K(prefill_compute_efficiency, 0.01, 1.0),
	K(link_efficiency, 0.01, 1.0),
	K(allreduce_latency_nvlink_us, 0, 10000),
	K(allreduce_latency_pcie_us, 0, 10000),
	K(allreduces_per_layer, 0, 16),
	K(fp8_compute_factor, 0.1, 16),
	K(fp4_compute_factor, 0.1, 32),
#undef K
};

int
speed_load_entry(struct speed_coeffs *s, const cJSON *e, char *err,
    size_t errlen)
{
	struct speed_coeffs t;
	const cJSON *src;
	size_t i;

	memset(&t, 0, sizeof t);
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		const cJSON *v =
		    cJSON_GetObjectItemCaseSensitive(e, keys[i].key);

		if (!cJSON_IsNumber(v)) {
			snprintf(err, errlen, "speed: %s %s", keys[i].key,
			    v == NULL ? "is missing" : "must be a number");
			return -1;
		}
		if (v->valuedouble < keys[i].lo ||
		    v->valuedouble > keys[i].hi) {
			snprintf(err, errlen,
			    "speed: %s = %g is outside %g..%g", keys[i].key,
			    v->valuedouble, keys[i].lo, keys[i].hi);
			return -1;
		}
		*(double *)((char *)&t + keys[i].off) = v->valuedouble;
	}
	src = cJSON_GetObjectItemCaseSensitive(e, "source");
	snprintf(t.source, sizeof t.source, "%s",
	    cJSON_IsString(src) ? src->valuestring : "");
	t.loaded = 1;
	*s = t;
	return 0;
}
