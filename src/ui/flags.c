/*
 * flags.c - one table row per flag, and the edits behind +/-, PgUp/PgDn,
 * space, typed values and reset.  Steps start from the value in force
 * (the plan's resolved value), so the first + on an unset flag moves away
 * from vLLM's default rather than from zero.  The multimodal counts step
 * along 0, 1, 2, 4 ... 512 and vLLM's 999; max_pixels doubles and halves.
 */
#include "flags.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/mm.h"
#include "core/units.h"
#include "core/vllm_version.h"

struct flag_row {
	const char	*label, *name, *help;
	enum calc_input	 group;
	bool		 toggle;
};

static const struct flag_row rows[FLAG_COUNT] = {
	[FLAG_UTIL] = { "util", "--gpu-memory-utilization",
	    "share of the card's memory vLLM may use", CALC_IN_BUDGET, false },
	[FLAG_MAX_MODEL_LEN] = { "max-model-len", "--max-model-len",
	    "longest request (prompt + output); space: auto", CALC_IN_KV, true },
	[FLAG_KV_DTYPE] = { "kv-dtype", "--kv-cache-dtype",
	    "element type of the KV cache", CALC_IN_KV, true },
	[FLAG_MAX_NUM_SEQS] = { "max-num-seqs", "--max-num-seqs",
	    "most requests in one batch", CALC_IN_SCHED, false },
	[FLAG_MAX_BATCHED] = { "max-batched", "--max-num-batched-tokens",
	    "most tokens in one scheduler step", CALC_IN_SCHED, false },
	[FLAG_TP] = { "tensor-par", "--tensor-parallel-size",
	    "cards one replica's layers are split across", CALC_IN_PARALLEL, false },
	[FLAG_PP] = { "pipeline-par", "--pipeline-parallel-size",
	    "pipeline stages of one replica", CALC_IN_PARALLEL, false },
	[FLAG_DP] = { "data-par", "--data-parallel-size",
	    "replicas served by one vLLM", CALC_IN_PARALLEL, false },
	[FLAG_EAGER] = { "enforce-eager", "--enforce-eager",
	    "no CUDA graphs: less memory, slower decode", CALC_IN_GRAPHS, true },
	[FLAG_CAPTURE] = { "max-capture", "--max-cudagraph-capture-size",
	    "largest batch captured as a CUDA graph (or type a list: 1,2,4,8)",
	    CALC_IN_GRAPHS, false },
	[FLAG_BLOCK_SIZE] = { "block-size", "--block-size",
	    "tokens per KV-cache block", CALC_IN_KV, true },
	[FLAG_KV_BYTES] = { "kv-bytes", "--kv-cache-memory-bytes",
	    "fixed KV-cache size instead of the utilization budget (20G)",
	    CALC_IN_BUDGET, false },
	[FLAG_MM_IMAGES] = { "mm-images", "--limit-mm-per-prompt.image",
	    "images one prompt may carry; 0 turns images and their encoder "
	    "budget off", CALC_IN_MODEL, true },
	[FLAG_MM_VIDEOS] = { "mm-videos", "--limit-mm-per-prompt.video",
	    "videos one prompt may carry; 0 turns video off", CALC_IN_MODEL,
	    true },
	[FLAG_MM_MAX_PIXELS] = { "max-pixels",
	    "--mm-processor-kwargs.max_pixels", "largest image the processor keeps, in pixels (or type 1280x720)",
	    CALC_IN_MODEL, false },
	[FLAG_OTHER] = { "other-usage", "--other-usage",
	    "GiB other processes hold on each card (planner option)",
	    CALC_IN_BUDGET, false },
	[FLAG_VERSION] = { "vllm-version", "--vllm-version",
	    "the vLLM release to plan for (planner option)", CALC_IN_VERSION, false },
	[FLAG_OVERHEAD] = { "overhead", "--overhead",
	    "estimate vLLM's profile run, or the sizing rule (planner option)",
	    CALC_IN_VERSION, true },
};

static const int block_sizes[] = { 1, 8, 16, 32, 64, 128, 256 };
/* steps of a per-prompt limit; the last is vLLM's default */
static const int mm_limits[] = { 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512,
	MM_DEFAULT_LIMIT };

/* max_pixels as --mm-processor-kwargs takes it: one 28 x 28 token and up */
#define MM_MIN_PIXELS	784
#define MM_MAX_PIXELS	1000000000

static bool
row_applies(enum flag_id f, enum mm_kind k)
{
	switch (f) {
	case FLAG_MM_IMAGES:
		return k != MM_NONE;
	case FLAG_MM_VIDEOS:
	case FLAG_MM_MAX_PIXELS:
		return k == MM_DYNAMIC;
	default:
		return f < FLAG_COUNT;
	}
}

size_t
flags_rows(const struct plan_input *in, enum flag_id *out, size_t max)
{
	enum mm_kind k = mm_kind_of(in->model);
	size_t n = 0;
	int f;

	for (f = 0; f < FLAG_COUNT; f++) {
		if (!row_applies((enum flag_id)f, k))
			continue;
		if (n < max)
			out[n] = (enum flag_id)f;
		n++;
	}
	return n;
}

enum flag_id
flags_at(const struct plan_input *in, int row)
{
	enum flag_id ids[FLAG_COUNT];
	size_t n = flags_rows(in, ids, FLAG_COUNT);

	return row >= 0 && (size_t)row < n ? ids[row] : FLAG_COUNT;
}

/* The limit given (-1 = unset). */
static int
mm_given(enum flag_id f, const struct plan_input *in)
{
	return f == FLAG_MM_IMAGES ? in->limit_mm_images : in->limit_mm_videos;
}

/* A plan's limit, or vLLM's default when the plan stopped before the budget. */
static int
mm_planned(enum flag_id f, const struct plan *p)
{
	if (p->mm.kind == MM_NONE)
		return MM_DEFAULT_LIMIT;
	return f == FLAG_MM_IMAGES ? p->mm.limit_image : p->mm.limit_video;
}

/* A limit in force: the plan's, or the input's when the plan stopped first. */
static int
mm_limit(enum flag_id f, const struct plan_input *in, const struct plan *p)
{
	if (p->mm.kind == MM_NONE && mm_given(f, in) >= 0)
		return mm_given(f, in);
	return mm_planned(f, p);
}

static int64_t
mm_pixels(const struct plan_input *in, const struct plan *p)
{
	if (p->mm.kind != MM_NONE)
		return p->mm.max_pixels;
	return in->mm_max_pixels;
}

const char *
flags_label(enum flag_id f)
{
	return f < FLAG_COUNT ? rows[f].label : "?";
}

const char *
flags_name(enum flag_id f)
{
	return f < FLAG_COUNT ? rows[f].name : "?";
}

const char *
flags_help(enum flag_id f)
{
	return f < FLAG_COUNT ? rows[f].help : "";
}

enum calc_input
flags_group(enum flag_id f)
{
	return f < FLAG_COUNT ? rows[f].group : CALC_IN_COUNT;
}

bool
flags_is_toggle(enum flag_id f)
{
	return f < FLAG_COUNT && rows[f].toggle;
}

static void
commas(int64_t v, char *buf, size_t len)
{
	if (v <= 0)
		snprintf(buf, len, "-");
	else
		units_format_commas(v, buf, len);
}

static void
gib(int64_t bytes, char *buf, size_t len)
{
	char t[32];

	snprintf(buf, len, "%s GiB", units_format_gib(bytes, t, sizeof t));
}

void
flags_view(enum flag_id f, const struct plan_input *in, const struct plan *p,
    const struct plan *d, struct flag_view *v)
{
	char t[32];

	memset(v, 0, sizeof *v);
	switch (f) {
	case FLAG_UTIL:
		units_format_pyfloat(p->util, v->value, sizeof v->value);
		units_format_pyfloat(d->util, v->deflt, sizeof v->deflt);
		v->set = in->util > 0;
		v->differs = p->util != d->util;
		break;
	case FLAG_MAX_MODEL_LEN:
		commas(p->max_model_len, t, sizeof t);
		if (in->max_model_len == -1)
			snprintf(v->value, sizeof v->value, "auto=%s", t);
		else
			snprintf(v->value, sizeof v->value, "%s", t);
		commas(d->max_model_len, v->deflt, sizeof v->deflt);
		v->set = in->max_model_len != 0;
		v->differs = in->max_model_len == -1 ||
		    p->max_model_len != d->max_model_len;
		break;
	case FLAG_KV_DTYPE:
		snprintf(v->value, sizeof v->value, "%s", kv_dtype_name(p->kv_dtype));
		snprintf(v->deflt, sizeof v->deflt, "%s", kv_dtype_name(d->kv_dtype));
		v->set = in->kv_dtype != KV_AUTO;
		v->differs = p->kv_dtype != d->kv_dtype;
		break;
	case FLAG_MAX_NUM_SEQS:
		commas(p->max_num_seqs, v->value, sizeof v->value);
		commas(d->max_num_seqs, v->deflt, sizeof v->deflt);
		v->set = in->max_num_seqs > 0;
		v->differs = p->max_num_seqs != d->max_num_seqs;
		break;
	case FLAG_MAX_BATCHED:
		commas(p->max_num_batched_tokens, v->value, sizeof v->value);
		commas(d->max_num_batched_tokens, v->deflt, sizeof v->deflt);
		v->set = in->max_num_batched_tokens > 0;
		v->differs = p->max_num_batched_tokens != d->max_num_batched_tokens;
		break;
	case FLAG_TP:
	case FLAG_PP:
	case FLAG_DP: {
		int x = f == FLAG_TP ? p->tp : f == FLAG_PP ? p->pp : p->dp;
		int y = f == FLAG_TP ? in->tp : f == FLAG_PP ? in->pp : in->dp;

		snprintf(v->value, sizeof v->value, "%d", x);
		snprintf(v->deflt, sizeof v->deflt, "1");
		v->set = y > 0;
		v->differs = x != 1;
		break;
	}
	case FLAG_EAGER:
		snprintf(v->value, sizeof v->value, "%s", in->enforce_eager ? "on" : "off");
		snprintf(v->deflt, sizeof v->deflt, "off");
		v->set = v->differs = in->enforce_eager;
		break;
	case FLAG_CAPTURE:
		if (in->enforce_eager || p->n_capture_sizes == 0)
			snprintf(v->value, sizeof v->value, "none");
		else if (in->n_capture_sizes >= 0)
			snprintf(v->value, sizeof v->value, "%d (%d sizes)",
			    p->max_capture_size, p->n_capture_sizes);
		else
			commas(p->max_capture_size, v->value, sizeof v->value);
		commas(d->max_capture_size, v->deflt, sizeof v->deflt);
		v->set = in->max_capture_size > 0 || in->n_capture_sizes >= 0;
		v->differs = p->max_capture_size != d->max_capture_size ||
		    p->n_capture_sizes != d->n_capture_sizes;
		break;
	case FLAG_BLOCK_SIZE:
		snprintf(v->value, sizeof v->value, "%d", p->block_size);
		snprintf(v->deflt, sizeof v->deflt, "%d", d->block_size);
		v->set = in->block_size > 0;
		v->differs = p->block_size != d->block_size;
		break;
	case FLAG_KV_BYTES:
		if (in->kv_cache_memory_bytes > 0)
			gib(in->kv_cache_memory_bytes, v->value, sizeof v->value);
		else
			snprintf(v->value, sizeof v->value, "none");
		snprintf(v->deflt, sizeof v->deflt, "none");
		v->set = v->differs = in->kv_cache_memory_bytes > 0;
		break;
	case FLAG_MM_IMAGES:
	case FLAG_MM_VIDEOS: {
		int x = mm_limit(f, in, p), y = mm_planned(f, d);

		snprintf(v->value, sizeof v->value, "%d", x);
		snprintf(v->deflt, sizeof v->deflt, "%d", y);
		v->set = mm_given(f, in) >= 0;
		v->differs = x != y;
		break;
	}
	case FLAG_MM_MAX_PIXELS: {
		int64_t x = mm_pixels(in, p);

		commas(x, v->value, sizeof v->value);
		commas(d->mm.max_pixels, v->deflt, sizeof v->deflt);
		v->set = in->mm_max_pixels > 0;
		v->differs = x != d->mm.max_pixels;
		break;
	}
	case FLAG_OTHER:
		snprintf(v->value, sizeof v->value, "%g GiB", in->other_usage_gib);
		snprintf(v->deflt, sizeof v->deflt, "0 GiB");
		v->set = v->differs = in->other_usage_gib > 0;
		break;
	case FLAG_VERSION:
		vllm_version_format(p->version, v->value, sizeof v->value);
		vllm_version_format(VLLM_VER_NEWEST, v->deflt, sizeof v->deflt);
		v->set = in->version > 0;
		v->differs = p->version != VLLM_VER_NEWEST;
		break;
	case FLAG_OVERHEAD:
		snprintf(v->value, sizeof v->value, "%s",
		    in->overhead == OVERHEAD_RULE ? "rule" : "estimate");
		snprintf(v->deflt, sizeof v->deflt, "estimate");
		v->set = v->differs = in->overhead == OVERHEAD_RULE;
		break;
	case FLAG_COUNT:
		break;
	}
}

static int64_t
clamp64(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void
set_mm_limit(enum flag_id f, struct plan_input *in, int v)
{
	if (f == FLAG_MM_IMAGES)
		in->limit_mm_images = v;
	else
		in->limit_mm_videos = v;
}

/* Doubling steps for counts: x2 or /2, x8 or /8 when big. */
static int64_t
scale_step(int64_t cur, int dir, bool big, int64_t lo, int64_t hi)
{
	int64_t f = big ? 8 : 2;

	if (cur < lo)
		cur = lo;
	return clamp64(dir > 0 ? cur * f : cur / f, lo, hi);
}

/* The next power of two (or the model's longest length) above or below cur. */
static int64_t
len_step(int64_t cur, int64_t top, int dir, bool big)
{
	int steps = big ? 2 : 1, i;
	int64_t v = cur;

	for (i = 0; i < steps; i++) {
		int64_t x = 256;

		if (dir > 0) {
			while (x <= v)
				x *= 2;
			if (top > 0 && x > top)
				x = top > v ? top : v;
		} else {
			if (top > 0 && v > top)
				x = top;
			else {
				int64_t below = 256;

				while (below * 2 < v)
					below *= 2;
				x = below < v ? below : 256;
			}
		}
		v = x;
	}
	return v;
}

static int
index_of(const int *list, int n, int v)
{
	int i;

	for (i = 0; i < n; i++)
		if (list[i] >= v)
			return i;
	return n - 1;
}

static int
version_index(int version)
{
	unsigned i;

	for (i = 0; i < vllm_n_known_versions; i++)
		if (vllm_known_versions[i] >= version)
			return (int)i;
	return (int)vllm_n_known_versions - 1;
}

bool
flags_step(enum flag_id f, struct plan_input *in, const struct plan *p,
    int dir, bool big)
{
	struct plan_input before = *in;

	switch (f) {
	case FLAG_UTIL: {
		double cur = p->util > 0 ? p->util : 0.9;
		double u = round(cur * 100 + dir * (big ? 5 : 1)) / 100;

		if (u < 0.05)
			u = 0.05;
		if (u > 1.0)
			u = 1.0;
		in->util = u;
		break;
	}
	case FLAG_MAX_MODEL_LEN: {
		int64_t top = in->model && in->model->derived_max_len > 0 ?
		    in->model->derived_max_len : 0;
		int64_t cur = p->max_model_len > 0 ? p->max_model_len : 2048;

		in->max_model_len = len_step(cur, top, dir, big);
		break;
	}
	case FLAG_KV_DTYPE: {
		int k = (int)in->kv_dtype + (dir > 0 ? 1 : -1);

		if (k >= 0 && k < KV_COUNT)
			in->kv_dtype = (enum kv_dtype)k;
		break;
	}
	case FLAG_MAX_NUM_SEQS:
		in->max_num_seqs = (int)scale_step(p->max_num_seqs, dir, big, 1, 65536);
		break;
	case FLAG_MAX_BATCHED:
		in->max_num_batched_tokens = (int)scale_step(p->max_num_batched_tokens,
		    dir, big, 16, 1 << 22);
		break;
	case FLAG_TP:
		in->tp = (int)scale_step(p->tp, dir, big, 1, 64);
		break;
	case FLAG_PP:
		in->pp = (int)clamp64(p->pp + dir * (big ? 4 : 1), 1, 64);
		break;
	case FLAG_DP:
		in->dp = (int)clamp64(p->dp + dir * (big ? 4 : 1), 1, 256);
		break;
	case FLAG_EAGER:
		in->enforce_eager = dir > 0;
		break;
	case FLAG_CAPTURE:
		in->max_capture_size = (int)scale_step(p->max_capture_size > 0 ?
		    p->max_capture_size : 1, dir, big, 1, 8192);
		in->n_capture_sizes = -1;
		break;
	case FLAG_BLOCK_SIZE: {
		int n = (int)(sizeof block_sizes / sizeof block_sizes[0]);
		int i = index_of(block_sizes, n, p->block_size) + (dir > 0 ? 1 : -1) *
		    (big ? 2 : 1);

		in->block_size = block_sizes[i < 0 ? 0 : i >= n ? n - 1 : i];
		break;
	}
	case FLAG_KV_BYTES: {
		int64_t step = (big ? 8 : 1) * GIB;
		int64_t v = in->kv_cache_memory_bytes;

		v = dir > 0 ? (v / GIB) * GIB + step : v - step;
		in->kv_cache_memory_bytes = v > 0 ? v : 0;
		break;
	}
	case FLAG_MM_IMAGES:
	case FLAG_MM_VIDEOS: {
		int n = (int)(sizeof mm_limits / sizeof mm_limits[0]);
		int cur = mm_limit(f, in, p), i, k = big ? 2 : 1, v = cur;

		if (dir > 0) {
			for (i = 0; i < n && k > 0; i++)
				if (mm_limits[i] > v) {
					v = mm_limits[i];
					k--;
				}
		} else {
			for (i = n - 1; i >= 0 && k > 0; i--)
				if (mm_limits[i] < v) {
					v = mm_limits[i];
					k--;
				}
		}
		if (v != cur)
			set_mm_limit(f, in, v);
		break;
	}
	case FLAG_MM_MAX_PIXELS: {
		int64_t cur = mm_pixels(in, p), v;

		if (cur < MM_MIN_PIXELS)
			cur = MM_MIN_PIXELS;
		v = clamp64(dir > 0 ? cur * (big ? 8 : 2) : cur / (big ? 8 : 2),
		    MM_MIN_PIXELS, MM_MAX_PIXELS);
		if (v != cur)
			in->mm_max_pixels = v;
		break;
	}
	case FLAG_OTHER: {
		double v = in->other_usage_gib + dir * (big ? 4.0 : 0.5);

		in->other_usage_gib = v > 0 ? round(v * 2) / 2 : 0;
		break;
	}
	case FLAG_VERSION: {
		int i = version_index(p->version) + dir * (big ? 5 : 1);

		if (i < 0)
			i = 0;
		if (i >= (int)vllm_n_known_versions)
			i = (int)vllm_n_known_versions - 1;
		in->version = vllm_known_versions[i];
		break;
	}
	case FLAG_OVERHEAD:
		in->overhead = dir > 0 ? OVERHEAD_RULE : OVERHEAD_ESTIMATE;
		break;
	case FLAG_COUNT:
		break;
	}
	return calc_input_diff(&before, in) != 0;
}

bool
flags_toggle(enum flag_id f, struct plan_input *in, const struct plan *p)
{
	struct plan_input before = *in;

	switch (f) {
	case FLAG_EAGER:
		in->enforce_eager = !in->enforce_eager;
		break;
	case FLAG_OVERHEAD:
		in->overhead = in->overhead == OVERHEAD_RULE ? OVERHEAD_ESTIMATE :
		    OVERHEAD_RULE;
		break;
	case FLAG_MAX_MODEL_LEN:
		in->max_model_len = in->max_model_len == -1 ? 0 : -1;
		break;
	case FLAG_KV_DTYPE:
		in->kv_dtype = (enum kv_dtype)(((int)in->kv_dtype + 1) % KV_COUNT);
		break;
	case FLAG_BLOCK_SIZE: {
		int n = (int)(sizeof block_sizes / sizeof block_sizes[0]);
		int i = index_of(block_sizes, n, p->block_size);

		in->block_size = block_sizes[(i + 1) % n];
		break;
	}
	case FLAG_MM_IMAGES:
	case FLAG_MM_VIDEOS:
		/* a modality off, or back on at vLLM's default */
		set_mm_limit(f, in, mm_limit(f, in, p) > 0 ? 0 : -1);
		break;
	default:
		return flags_step(f, in, p, 1, false);
	}
	return calc_input_diff(&before, in) != 0;
}

bool
flags_reset(enum flag_id f, struct plan_input *in)
{
	struct plan_input before = *in;

	switch (f) {
	case FLAG_UTIL: in->util = 0; break;
	case FLAG_MAX_MODEL_LEN: in->max_model_len = 0; break;
	case FLAG_KV_DTYPE: in->kv_dtype = KV_AUTO; break;
	case FLAG_MAX_NUM_SEQS: in->max_num_seqs = 0; break;
	case FLAG_MAX_BATCHED: in->max_num_batched_tokens = 0; break;
	case FLAG_TP: in->tp = 0; break;
	case FLAG_PP: in->pp = 0; break;
	case FLAG_DP: in->dp = 0; break;
	case FLAG_EAGER: in->enforce_eager = false; break;
	case FLAG_CAPTURE:
		in->max_capture_size = 0;
		in->n_capture_sizes = -1;
		break;
	case FLAG_BLOCK_SIZE: in->block_size = 0; break;
	case FLAG_KV_BYTES: in->kv_cache_memory_bytes = 0; break;
	case FLAG_MM_IMAGES:
		/* the size hint belongs to the image entry and goes with it */
		in->limit_mm_images = -1;
		in->mm_image_width = in->mm_image_height = 0;
		break;
	case FLAG_MM_VIDEOS: in->limit_mm_videos = -1; break;
	case FLAG_MM_MAX_PIXELS: in->mm_max_pixels = 0; break;
	case FLAG_OTHER: in->other_usage_gib = 0; break;
	case FLAG_VERSION: in->version = 0; break;
	case FLAG_OVERHEAD: in->overhead = OVERHEAD_ESTIMATE; break;
	case FLAG_COUNT: break;
	}
	return calc_input_diff(&before, in) != 0;
}

/* Positive integer in vLLM's human form (32k, 1M); 0 and -1 on error. */
static int
parse_count(const char *s, int64_t lo, int64_t hi, int64_t *out, const char *what,
    char *err, size_t errlen)
{
	int64_t v;

	if (units_parse_human_int(s, &v) != 0) {
		snprintf(err, errlen, "'%s' is not a whole number (%s; 32k = 32000, "
		    "32K = 32768)", s, what);
		return -1;
	}
	if (v < lo || v > hi) {
		snprintf(err, errlen, "%s must be between %lld and %lld", what,
		    (long long)lo, (long long)hi);
		return -1;
	}
	*out = v;
	return 0;
}

static int
parse_bool(const char *s, bool *out)
{
	static const char *yes[] = { "on", "true", "yes", "1" };
	static const char *no[] = { "off", "false", "no", "0" };
	size_t i;

	for (i = 0; i < 4; i++) {
		if (strcasecmp(s, yes[i]) == 0) {
			*out = true;
			return 0;
		}
		if (strcasecmp(s, no[i]) == 0) {
			*out = false;
			return 0;
		}
	}
	return -1;
}

static int
parse_capture(const char *s, struct plan_input *x, char *err, size_t errlen)
{
	const char *q = s;
	int n = 0;

	if (strchr(s, ',') == NULL) {
		int64_t v;

		if (strcasecmp(s, "none") == 0) {
			x->n_capture_sizes = 0;
			return 0;
		}
		if (parse_count(s, 1, 8192, &v, "the largest captured batch",
		    err, errlen) != 0)
			return -1;
		x->max_capture_size = (int)v;
		x->n_capture_sizes = -1;
		return 0;
	}
	while (*q != '\0') {
		char num[32];
		size_t len = strcspn(q, ",");
		int64_t v;

		if (len == 0 || len >= sizeof num || n >= PLAN_MAX_CAPTURE) {
			snprintf(err, errlen, "a list of batch sizes, such as 1,2,4,8 "
			    "(at most %d)", PLAN_MAX_CAPTURE);
			return -1;
		}
		memcpy(num, q, len);
		num[len] = '\0';
		if (parse_count(num, 1, 8192, &v, "each capture size", err, errlen) != 0)
			return -1;
		x->capture_sizes[n++] = (int)v;
		q += len;
		if (*q == ',')
			q++;
	}
	x->n_capture_sizes = n;
	return 0;
}

/* Pixels as a count (1003520, 1m) or WIDTHxHEIGHT (1280x720). */
static int
parse_pixels(const char *s, int64_t *out, char *err, size_t errlen)
{
	const char *x = strpbrk(s, "xX*");
	int64_t v, w, h;

	if (x != NULL) {
		char a[32];
		size_t n = (size_t)(x - s);

		if (n == 0 || n >= sizeof a)
			goto bad;
		memcpy(a, s, n);
		a[n] = '\0';
		if (units_parse_human_int(a, &w) != 0 ||
		    units_parse_human_int(x + 1, &h) != 0 || w < 1 || h < 1 ||
		    w > MM_MAX_PIXELS || h > MM_MAX_PIXELS)
			goto bad;
		v = w * h;
	} else if (units_parse_human_int(s, &v) != 0) {
		goto bad;
	}
	if (v < MM_MIN_PIXELS || v > MM_MAX_PIXELS) {
		snprintf(err, errlen, "max_pixels must be from %d (one 28 x 28 "
		    "token) to %d", MM_MIN_PIXELS, MM_MAX_PIXELS);
		return -1;
	}
	*out = v;
	return 0;
bad:
	snprintf(err, errlen, "'%s' is not a number of pixels (1003520, 1m, or "
	    "WIDTHxHEIGHT such as 1280x720)", s);
	return -1;
}

int
flags_parse(enum flag_id f, const char *text, struct plan_input *in,
    const struct plan *p, char *err, size_t errlen)
{
	struct plan_input x = *in;
	char s[128];
	size_t n;
	int64_t v;

	(void)p;
	while (*text == ' ')
		text++;
	snprintf(s, sizeof s, "%s", text);
	n = strlen(s);
	while (n > 0 && s[n - 1] == ' ')
		s[--n] = '\0';
	if (n == 0) {
		snprintf(err, errlen, "type a value, or press Esc");
		return -1;
	}
	switch (f) {
	case FLAG_UTIL: {
		double u;
		bool pct = s[n - 1] == '%';

		if (pct)
			s[n - 1] = '\0';
		if (units_parse_double(s, &u) != 0) {
			snprintf(err, errlen, "'%s' is not a number (a fraction such "
			    "as 0.9, or 90%%)", text);
			return -1;
		}
		if (pct)
			u /= 100;
		if (!(u > 0 && u <= 1)) {
			snprintf(err, errlen, "must be above 0 and at most 1 (a share "
			    "of the card's memory)");
			return -1;
		}
		x.util = u;
		break;
	}
	case FLAG_MAX_MODEL_LEN:
		if (strcasecmp(s, "auto") == 0 || strcmp(s, "-1") == 0) {
			x.max_model_len = -1;
			break;
		}
		if (parse_count(s, 1, (int64_t)1 << 31, &v, "the length in tokens "
		    "(or auto)", err, errlen) != 0)
			return -1;
		x.max_model_len = v;
		break;
	case FLAG_KV_DTYPE: {
		enum kv_dtype k;

		if (kv_dtype_parse(s, &k) != 0) {
			int i;
			size_t o;

			o = (size_t)snprintf(err, errlen, "unknown KV dtype; one of");
			for (i = 0; i < KV_COUNT && o < errlen; i++)
				o += (size_t)snprintf(err + o, errlen - o, " %s",
				    kv_dtype_name((enum kv_dtype)i));
			return -1;
		}
		x.kv_dtype = k;
		break;
	}
	case FLAG_MAX_NUM_SEQS:
		if (parse_count(s, 1, 1 << 20, &v, "max-num-seqs", err, errlen) != 0)
			return -1;
		x.max_num_seqs = (int)v;
		break;
	case FLAG_MAX_BATCHED:
		if (parse_count(s, 1, 1 << 24, &v, "max-num-batched-tokens", err,
		    errlen) != 0)
			return -1;
		x.max_num_batched_tokens = (int)v;
		break;
	case FLAG_TP:
	case FLAG_PP:
	case FLAG_DP:
		if (parse_count(s, 1, 1024, &v, "the size", err, errlen) != 0)
			return -1;
		if (f == FLAG_TP)
			x.tp = (int)v;
		else if (f == FLAG_PP)
			x.pp = (int)v;
		else
			x.dp = (int)v;
		break;
	case FLAG_EAGER: {
		bool b;

		if (parse_bool(s, &b) != 0) {
			snprintf(err, errlen, "on or off");
			return -1;
		}
		x.enforce_eager = b;
		break;
	}
	case FLAG_CAPTURE:
		if (parse_capture(s, &x, err, errlen) != 0)
			return -1;
		break;
	case FLAG_BLOCK_SIZE: {
		size_t i;

		if (parse_count(s, 1, 256, &v, "the block size", err, errlen) != 0)
			return -1;
		for (i = 0; i < sizeof block_sizes / sizeof block_sizes[0]; i++)
			if (block_sizes[i] == v)
				break;
		if (i == sizeof block_sizes / sizeof block_sizes[0]) {
			snprintf(err, errlen, "vLLM takes block sizes 1, 8, 16, 32, 64, "
			    "128 or 256");
			return -1;
		}
		x.block_size = (int)v;
		break;
	}
	case FLAG_KV_BYTES:
		if (strcasecmp(s, "none") == 0 || strcmp(s, "0") == 0) {
			x.kv_cache_memory_bytes = 0;
			break;
		}
		if (parse_count(s, 1, (int64_t)1 << 50, &v, "the KV-cache bytes "
		    "(20G = 20 GiB)", err, errlen) != 0)
			return -1;
		x.kv_cache_memory_bytes = v;
		break;
	case FLAG_MM_IMAGES:
	case FLAG_MM_VIDEOS:
		if (parse_count(s, 0, 10000, &v, f == FLAG_MM_IMAGES ?
		    "images per prompt (0 turns images off)" :
		    "videos per prompt (0 turns video off)", err, errlen) != 0)
			return -1;
		set_mm_limit(f, &x, (int)v);
		break;
	case FLAG_MM_MAX_PIXELS:
		if (parse_pixels(s, &v, err, errlen) != 0)
			return -1;
		x.mm_max_pixels = v;
		break;
	case FLAG_OTHER: {
		double g;

		if (n > 3 && strcasecmp(s + n - 3, "GiB") == 0)
			s[n - 3] = '\0';
		if (units_parse_double(s, &g) != 0 || g < 0 || g > 1e6) {
			snprintf(err, errlen, "GiB that other processes hold, such as "
			    "1.5");
			return -1;
		}
		x.other_usage_gib = g;
		break;
	}
	case FLAG_VERSION: {
		int ver;
		char a[16], b[16];

		if (vllm_version_parse(s, &ver) != 0 || ver < VLLM_VER_OLDEST ||
		    ver > VLLM_VER_NEWEST) {
			snprintf(err, errlen, "a vLLM release from %s to %s",
			    vllm_version_format(VLLM_VER_OLDEST, a, sizeof a),
			    vllm_version_format(VLLM_VER_NEWEST, b, sizeof b));
			return -1;
		}
		x.version = ver;
		break;
	}
	case FLAG_OVERHEAD:
		if (strcasecmp(s, "estimate") == 0)
			x.overhead = OVERHEAD_ESTIMATE;
		else if (strcasecmp(s, "rule") == 0)
			x.overhead = OVERHEAD_RULE;
		else {
			snprintf(err, errlen, "estimate or rule");
			return -1;
		}
		break;
	case FLAG_COUNT:
		return -1;
	}
	*in = x;
	return 0;
}

void
flags_edit_text(enum flag_id f, const struct plan_input *in, const struct plan *p,
    char *buf, size_t len)
{
	switch (f) {
	case FLAG_UTIL:
		units_format_pyfloat(p->util, buf, len);
		return;
	case FLAG_MAX_MODEL_LEN:
		if (in->max_model_len == -1)
			snprintf(buf, len, "auto");
		else
			snprintf(buf, len, "%lld", (long long)p->max_model_len);
		return;
	case FLAG_KV_DTYPE:
		snprintf(buf, len, "%s", kv_dtype_name(p->kv_dtype));
		return;
	case FLAG_MAX_NUM_SEQS:
		snprintf(buf, len, "%d", p->max_num_seqs);
		return;
	case FLAG_MAX_BATCHED:
		snprintf(buf, len, "%d", p->max_num_batched_tokens);
		return;
	case FLAG_TP:
		snprintf(buf, len, "%d", p->tp);
		return;
	case FLAG_PP:
		snprintf(buf, len, "%d", p->pp);
		return;
	case FLAG_DP:
		snprintf(buf, len, "%d", p->dp);
		return;
	case FLAG_EAGER:
		snprintf(buf, len, "%s", in->enforce_eager ? "on" : "off");
		return;
	case FLAG_CAPTURE:
		snprintf(buf, len, "%d", p->max_capture_size);
		return;
	case FLAG_BLOCK_SIZE:
		snprintf(buf, len, "%d", p->block_size);
		return;
	case FLAG_KV_BYTES:
		if (in->kv_cache_memory_bytes > 0 && in->kv_cache_memory_bytes % GIB == 0)
			snprintf(buf, len, "%lldG",
			    (long long)(in->kv_cache_memory_bytes / GIB));
		else
			snprintf(buf, len, "%lld", (long long)in->kv_cache_memory_bytes);
		return;
	case FLAG_MM_IMAGES:
	case FLAG_MM_VIDEOS:
		snprintf(buf, len, "%d", mm_limit(f, in, p));
		return;
	case FLAG_MM_MAX_PIXELS:
		snprintf(buf, len, "%lld", (long long)mm_pixels(in, p));
		return;
	case FLAG_OTHER:
		snprintf(buf, len, "%g", in->other_usage_gib);
		return;
	case FLAG_VERSION:
		vllm_version_format(p->version, buf, len);
		return;
	case FLAG_OVERHEAD:
		snprintf(buf, len, "%s", in->overhead == OVERHEAD_RULE ? "rule" :
		    "estimate");
		return;
	case FLAG_COUNT:
		break;
	}
	if (len > 0)
		buf[0] = '\0';
}
