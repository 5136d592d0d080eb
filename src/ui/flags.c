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

#include "core/multimodal.h"
#include "core/overhead.h"
#include "core/units.h"
#include "core/vllm_flags.h"
#include "core/spec.h"
#include "core/vllm_version.h"
#include "io/shellwords.h"
#include "io/spec_config.h"

/* A row: a vLLM flag of the table (vf), or a planner option (own labels). */
struct flag_row {
	enum vllm_flag_id vf; /* VF_COUNT: not a vLLM flag row */
	const char *label, *name, *help;
	enum recalc_input group;
	bool toggle;
};

static const struct flag_row rows[FLAG_COUNT] = {
	[FLAG_UTIL] = { VF_UTIL, NULL, NULL, NULL, 0, false },
	[FLAG_MAX_MODEL_LEN] = { VF_MAX_MODEL_LEN, NULL, NULL, NULL, 0, true },
	[FLAG_KV_DTYPE] = { VF_KV_DTYPE, NULL, NULL, NULL, 0, true },
	[FLAG_MAX_NUM_SEQS] = { VF_MAX_NUM_SEQS, NULL, NULL, NULL, 0, false },
	[FLAG_MAX_BATCHED] = { VF_MAX_BATCHED, NULL, NULL, NULL, 0, false },
	[FLAG_TP] = { VF_TP, NULL, NULL, NULL, 0, false },
	[FLAG_PP] = { VF_PP, NULL, NULL, NULL, 0, false },
	[FLAG_DP] = { VF_DP, NULL, NULL, NULL, 0, false },
	[FLAG_EAGER] = { VF_EAGER, NULL, NULL, NULL, 0, true },
	[FLAG_CAPTURE] = { VF_MAX_CAPTURE, NULL, NULL, NULL, 0, false },
	[FLAG_BLOCK_SIZE] = { VF_BLOCK_SIZE, NULL, NULL, NULL, 0, true },
	[FLAG_KV_BYTES] = { VF_KV_BYTES, NULL, NULL, NULL, 0, false },
	[FLAG_MM_IMAGES] = { VF_COUNT, "mm-images",
	    "--limit-mm-per-prompt.image",
	    "images one prompt may carry; 0 turns images and their encoder "
	    "budget off",
	    RECALC_IN_MODEL, true },
	[FLAG_MM_VIDEOS] = { VF_COUNT, "mm-videos",
	    "--limit-mm-per-prompt.video",
	    "videos one prompt may carry; 0 turns video off", RECALC_IN_MODEL,
	    true },
	[FLAG_MM_AUDIOS] = { VF_COUNT, "mm-audios",
	    "--limit-mm-per-prompt.audio",
	    "audio clips one prompt may carry; 0 turns audio off and vLLM "
	    "does not build the audio tower",
	    RECALC_IN_MODEL, true },
	[FLAG_MM_MAX_PIXELS] = { VF_COUNT, "max-pixels",
	    "--mm-processor-kwargs.max_pixels",
	    "largest image the processor keeps, in pixels (or type 1280x720)",
	    RECALC_IN_MODEL, false },
	[FLAG_LM_ONLY] = { VF_LANGUAGE_MODEL_ONLY, NULL, NULL, NULL, 0, true },
	[FLAG_OTHER] = { VF_COUNT, "other-usage", "--other-usage",
	    "GiB other processes hold on each card (planner option)",
	    RECALC_IN_BUDGET, false },
	[FLAG_VERSION] = { VF_COUNT, "vllm-version", "--vllm-version",
	    "the vLLM release to plan for (planner option)", RECALC_IN_VERSION,
	    false },
	[FLAG_OVERHEAD] = { VF_COUNT, "overhead", "--overhead",
	    "estimate vLLM's profile run, or the sizing rule (planner option)",
	    RECALC_IN_VERSION, true },
	[FLAG_SPECULATIVE] = { VF_SPECULATIVE_CONFIG, NULL, NULL, NULL, 0,
	    false },
};

/* The table row behind a pane row, or NULL for a planner option. */
static const struct vllm_flag *
vf(enum flag_id f)
{
	return f < FLAG_COUNT && rows[f].vf < VF_COUNT ? &vllm_flags[rows[f].vf]
						       : NULL;
}

/* steps of a per-prompt limit; the last is vLLM's default */
static const int mm_limits[] = { 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512,
	MULTIMODAL_DEFAULT_LIMIT };

/* max_pixels as --mm-processor-kwargs takes it: one 28 x 28 token and up */
#define MM_MIN_PIXELS 784
#define MM_MAX_PIXELS 1000000000

static bool
row_applies(enum flag_id f, const struct model *m)
{
	enum multimodal_kind k = multimodal_kind_of(m);

	switch (f) {
	case FLAG_MM_IMAGES: /* Whisper's audio has no image limit */
		return k != MULTIMODAL_NONE && k != MULTIMODAL_AUDIO &&
		    k != MULTIMODAL_AUDIO_TOWER;
	case FLAG_MM_VIDEOS: /* a class not modelled may take videos; Gemma
			      * 4's are sized, InternVL's refused */
		return k == MULTIMODAL_DYNAMIC || k == MULTIMODAL_UNMODELLED ||
		    (k == MULTIMODAL_FIXED && m->mm_video_tokens != 0);
	case FLAG_MM_AUDIOS: /* Gemma 4 E2B/E4B, Qwen2-Audio */
		return m != NULL && m->audio_params > 0;
	case FLAG_MM_MAX_PIXELS: return k == MULTIMODAL_DYNAMIC;
	case FLAG_LM_ONLY: return k != MULTIMODAL_NONE;
	default: return f < FLAG_COUNT;
	}
}

size_t
flags_rows(const struct plan_input *in, enum flag_id *out, size_t max)
{
	size_t n = 0;
	int f;

	for (f = 0; f < FLAG_COUNT; f++) {
		if (!row_applies((enum flag_id)f, in->model))
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
	return f == FLAG_MM_IMAGES ? in->limit_mm_images
	    : f == FLAG_MM_AUDIOS  ? in->limit_mm_audios
				   : in->limit_mm_videos;
}

/* A plan's limit, or vLLM's default when the plan stopped before the budget. */
static int
mm_planned(enum flag_id f, const struct plan *p)
{
	if (p->mm.kind == MULTIMODAL_NONE)
		return MULTIMODAL_DEFAULT_LIMIT;
	return f == FLAG_MM_IMAGES ? p->mm.limit_image
	    : f == FLAG_MM_AUDIOS  ? p->mm.limit_audio
				   : p->mm.limit_video;
}

/* A limit in force: the plan's, or the input's when the plan stopped first. */
static int
mm_limit(enum flag_id f, const struct plan_input *in, const struct plan *p)
{
	if (p->mm.kind == MULTIMODAL_NONE && mm_given(f, in) >= 0)
		return mm_given(f, in);
	return mm_planned(f, p);
}

static int64_t
mm_pixels(const struct plan_input *in, const struct plan *p)
{
	if (p->mm.kind != MULTIMODAL_NONE)
		return p->mm.max_pixels;
	return in->mm_max_pixels;
}

const char *
flags_label(enum flag_id f)
{
	if (vf(f) != NULL)
		return vf(f)->label;
	return f < FLAG_COUNT ? rows[f].label : "?";
}

const char *
flags_name(enum flag_id f)
{
	if (vf(f) != NULL)
		return vf(f)->opt;
	return f < FLAG_COUNT ? rows[f].name : "?";
}

const char *
flags_help(enum flag_id f)
{
	if (vf(f) != NULL)
		return vf(f)->help;
	return f < FLAG_COUNT ? rows[f].help : "";
}

enum recalc_input
flags_group(enum flag_id f)
{
	if (vf(f) != NULL)
		return vf(f)->group;
	return f < FLAG_COUNT ? rows[f].group : RECALC_IN_COUNT;
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

/* Rows the table shows alone: a value in force, a default, no extras. */
static bool
plain(enum flag_id f)
{
	const struct vllm_flag *r = vf(f);

	return r != NULL && r->plan_off >= 0 && r->auto_word == NULL &&
	    f != FLAG_CAPTURE;
}

/* A value as the pane shows it: counts with commas, others as written. */
static void
shown(const struct vllm_flag *r, double x, char *buf, size_t len)
{
	if (r->kind == VFK_INT)
		commas((int64_t)x, buf, len);
	else
		vllm_flag_format(r, x, buf, len);
}

/* --max-model-len: the length in force, "auto=" when vLLM picks it. */
static void
flags_view_context(const struct plan_input *in, const struct plan *p,
    const struct plan *d, struct flag_view *v)
{
	char t[32];

	commas(p->max_model_len, t, sizeof t);
	if (in->max_model_len == -1)
		snprintf(v->value, sizeof v->value, "auto=%s", t);
	else
		snprintf(v->value, sizeof v->value, "%s", t);
	commas(d->max_model_len, v->deflt, sizeof v->deflt);
	v->set = in->max_model_len != 0;
	v->differs =
	    in->max_model_len == -1 || p->max_model_len != d->max_model_len;
}

/* The largest CUDA-graph capture size, against the default vLLM derives
 * from the other flags of this plan. */
static void
flags_view_capture(const struct plan_input *in, const struct plan *p,
    const struct plan *d, struct flag_view *v)
{
	/*
	 * vLLM derives the default from the other flags: the largest
	 * size is min(2 x max_num_seqs, 512), capped by
	 * max_num_batched_tokens (vllm/config/vllm.py,
	 * VllmConfig._set_cudagraph_sizes),
	 * so --max-num-seqs 64 alone leaves it at its default of 128.
	 */
	struct vllm_traits tr;
	int sizes[PLAN_MAX_CAPTURE], n;

	vllm_traits_get(p->version, &tr);
	n = overhead_capture_sizes(p->max_num_seqs, p->max_num_batched_tokens,
	    0, tr.max_capture_cap,
	    in->performance_mode == PLAN_PERF_INTERACTIVITY, sizes,
	    PLAN_MAX_CAPTURE);
	int dmax;

	dmax = n > 0 ? sizes[n - 1] : d->max_capture_size;

	if (in->enforce_eager || p->n_capture_sizes == 0)
		snprintf(v->value, sizeof v->value, "none");
	else if (in->n_capture_sizes >= 0)
		snprintf(v->value, sizeof v->value, "%d (%d sizes)",
		    p->max_capture_size, p->n_capture_sizes);
	else
		commas(p->max_capture_size, v->value, sizeof v->value);
	commas(dmax, v->deflt, sizeof v->deflt);
	v->set = in->max_capture_size > 0 || in->n_capture_sizes >= 0;
	v->differs = !in->enforce_eager &&
	    (p->max_capture_size != dmax || p->n_capture_sizes != n);
}

/* The multimodal rows: items per prompt (f) or the largest image. */
static void
flags_view_mm(enum flag_id f, const struct plan_input *in, const struct plan *p,
    const struct plan *d, struct flag_view *v)
{
	if (f == FLAG_MM_MAX_PIXELS) {
		int64_t x = mm_pixels(in, p);

		commas(x, v->value, sizeof v->value);
		commas(d->mm.max_pixels, v->deflt, sizeof v->deflt);
		v->set = in->mm_max_pixels > 0;
		v->differs = x != d->mm.max_pixels;
	} else {
		int x = mm_limit(f, in, p), y = mm_planned(f, d);

		snprintf(v->value, sizeof v->value, "%d", x);
		snprintf(v->deflt, sizeof v->deflt, "%d", y);
		v->set = mm_given(f, in) >= 0;
		v->differs = x != y;
	}
}

void
flags_view(enum flag_id f, const struct plan_input *in, const struct plan *p,
    const struct plan *d, struct flag_view *v)
{
	const struct vllm_flag *r = vf(f);

	memset(v, 0, sizeof *v);
	if (plain(f)) {
		double x = vllm_flag_value(r, in, p),
		       y = vllm_flag_value(r, in, d);

		shown(r, x, v->value, sizeof v->value);
		shown(r, y, v->deflt, sizeof v->deflt);
		v->set = vllm_flag_is_set(r, in);
		v->differs = x != y;
		return;
	}
	switch (f) {
	case FLAG_MAX_MODEL_LEN: flags_view_context(in, p, d, v); break;
	case FLAG_EAGER:
		snprintf(v->value, sizeof v->value, "%s",
		    in->enforce_eager ? "on" : "off");
		snprintf(v->deflt, sizeof v->deflt, "off");
		v->set = v->differs = in->enforce_eager;
		break;
	case FLAG_LM_ONLY:
		snprintf(v->value, sizeof v->value, "%s",
		    in->language_model_only > 0 ? "on" : "off");
		snprintf(v->deflt, sizeof v->deflt, "off");
		v->set = in->language_model_only != 0;
		v->differs = in->language_model_only > 0;
		break;
	case FLAG_CAPTURE: flags_view_capture(in, p, d, v); break;
	case FLAG_KV_BYTES:
		if (in->kv_cache_memory_bytes > 0)
			gib(in->kv_cache_memory_bytes, v->value,
			    sizeof v->value);
		else
			snprintf(v->value, sizeof v->value, "none");
		snprintf(v->deflt, sizeof v->deflt, "none");
		v->set = v->differs = in->kv_cache_memory_bytes > 0;
		break;
	case FLAG_MM_IMAGES:
	case FLAG_MM_VIDEOS:
	case FLAG_MM_AUDIOS:
	case FLAG_MM_MAX_PIXELS: flags_view_mm(f, in, p, d, v); break;
	case FLAG_OTHER:
		snprintf(v->value, sizeof v->value, "%g GiB",
		    in->other_usage_gib);
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
	case FLAG_SPECULATIVE:
		if (in->spec.method == SPEC_NONE)
			snprintf(v->value, sizeof v->value, "off");
		else if (in->spec.num_tokens > 0)
			snprintf(v->value, sizeof v->value, "%.24s k=%d",
			    in->spec.name, in->spec.num_tokens);
		else
			snprintf(v->value, sizeof v->value, "%s",
			    in->spec.name);
		snprintf(v->deflt, sizeof v->deflt, "off");
		v->set = v->differs = in->spec.method != SPEC_NONE;
		break;
	default: break;
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
	else if (f == FLAG_MM_AUDIOS)
		in->limit_mm_audios = v;
	else
		in->limit_mm_videos = v;
}

/* Where a table row's step or cycle starts: the value in force, or the
 * input's choice for an enum (auto stays auto rather than the model's). */
static double
step_from(const struct vllm_flag *r, const struct plan_input *in,
    const struct plan *p)
{
	double cur;

	if (r->store == VFS_ENUM)
		return vllm_flag_value(r, in, NULL);
	cur = vllm_flag_value(r, in, p);
	if (r->step == VFSTEP_LENGTH && cur <= 0)
		cur = 2048;
	return cur;
}

bool
flags_step(enum flag_id f, struct plan_input *in, const struct plan *p, int dir,
    bool big)
{
	struct plan_input before = *in;
	const struct vllm_flag *r = vf(f);

	if (r != NULL && f != FLAG_CAPTURE) {
		int64_t top = in->model && in->model->derived_max_len > 0
		    ? in->model->derived_max_len
		    : 0;

		vllm_flag_store(r, in,
		    vllm_flag_step_value(r, step_from(r, in, p), dir, big,
			p->version, top));
		return recalc_input_diff(&before, in) != 0;
	}
	switch (f) {
	case FLAG_CAPTURE:
		in->max_capture_size = (int)vllm_flag_step_value(r,
		    p->max_capture_size > 0 ? p->max_capture_size : 1, dir, big,
		    p->version, 0);
		in->n_capture_sizes = -1;
		break;
	case FLAG_MM_IMAGES:
	case FLAG_MM_VIDEOS:
	case FLAG_MM_AUDIOS: {
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
		int i = vllm_version_index(p->version) + dir * (big ? 5 : 1);

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
	default: break;
	}
	return recalc_input_diff(&before, in) != 0;
}

bool
flags_toggle(enum flag_id f, struct plan_input *in, const struct plan *p)
{
	struct plan_input before = *in;
	const struct vllm_flag *r = vf(f);

	switch (f) {
	case FLAG_LM_ONLY:
		vllm_flag_store(r, in, in->language_model_only > 0 ? 0 : 1);
		break;
	case FLAG_EAGER:
	case FLAG_KV_DTYPE:
	case FLAG_BLOCK_SIZE:
		vllm_flag_store(r, in,
		    vllm_flag_cycle(r, step_from(r, in, p), p->version));
		break;
	case FLAG_OVERHEAD:
		in->overhead = in->overhead == OVERHEAD_RULE ? OVERHEAD_ESTIMATE
							     : OVERHEAD_RULE;
		break;
	case FLAG_MAX_MODEL_LEN:
		in->max_model_len = in->max_model_len == -1 ? 0 : -1;
		break;
	case FLAG_MM_IMAGES:
	case FLAG_MM_VIDEOS:
	case FLAG_MM_AUDIOS:
		/* a modality off, or back on at vLLM's default */
		set_mm_limit(f, in, mm_limit(f, in, p) > 0 ? 0 : -1);
		break;
	default: return flags_step(f, in, p, 1, false);
	}
	return recalc_input_diff(&before, in) != 0;
}

bool
flags_reset(enum flag_id f, struct plan_input *in)
{
	struct plan_input before = *in;

	if (f == FLAG_CAPTURE) {
		vllm_flag_reset(&vllm_flags[VF_CAPTURE_SIZES], in);
		vllm_flag_reset(&vllm_flags[VF_MAX_CAPTURE], in);
	} else if (vf(f) != NULL) {
		vllm_flag_reset(vf(f), in);
	}
	switch (f) {
	case FLAG_MM_IMAGES:
		/* the size hint belongs to the image entry and goes with it */
		in->limit_mm_images = -1;
		in->mm_image_width = in->mm_image_height = 0;
		break;
	case FLAG_MM_VIDEOS: in->limit_mm_videos = -1; break;
	case FLAG_MM_AUDIOS: in->limit_mm_audios = -1; break;
	case FLAG_MM_MAX_PIXELS: in->mm_max_pixels = 0; break;
	case FLAG_OTHER: in->other_usage_gib = 0; break;
	case FLAG_VERSION: in->version = 0; break;
	case FLAG_OVERHEAD: in->overhead = OVERHEAD_ESTIMATE; break;
	case FLAG_SPECULATIVE:
		memset(&in->spec, 0, sizeof in->spec);
		in->draft = NULL;
		break;
	default: break;
	}
	return recalc_input_diff(&before, in) != 0;
}

/* Positive integer in vLLM's human form (32k, 1M); 0 and -1 on error. */
static int
parse_count(const char *s, int64_t lo, int64_t hi, int64_t *out,
    const char *what, char *err, size_t errlen)
{
	int64_t v;

	if (units_parse_human_int(s, &v) != 0) {
		snprintf(err, errlen,
		    "'%s' is not a whole number (%s; 32k = 32000, "
		    "32K = 32768)",
		    s, what);
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

/* One size (the largest captured), a list such as 1,2,4,8, or none. */
static int
parse_capture(const char *s, struct plan_input *x, int version, char *err,
    size_t errlen)
{
	const struct vllm_flag *list = &vllm_flags[VF_CAPTURE_SIZES];
	const char *q = s;

	if (strchr(s, ',') == NULL) {
		if (strcasecmp(s, "none") == 0) {
			vllm_flag_list_begin(list, x);
			return 0;
		}
		if (vllm_flag_parse(&vllm_flags[VF_MAX_CAPTURE], s, false,
			version, x, err, errlen) != VFP_SET)
			return -1;
		vllm_flag_reset(list, x);
		return 0;
	}
	vllm_flag_list_begin(list, x);
	while (*q != '\0') {
		char num[32];
		size_t len = strcspn(q, ",");

		if (len == 0 || len >= sizeof num ||
		    x->n_capture_sizes >= PLAN_MAX_CAPTURE) {
			snprintf(err, errlen,
			    "a list of batch sizes, such as 1,2,4,8 "
			    "(at most %d)",
			    PLAN_MAX_CAPTURE);
			return -1;
		}
		memcpy(num, q, len);
		num[len] = '\0';
		if (vllm_flag_parse(list, num, false, version, x, err,
			errlen) != VFP_SET)
			return -1;
		q += len;
		if (*q == ',')
			q++;
	}
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
		snprintf(err, errlen,
		    "max_pixels must be from %d (one 28 x 28 "
		    "token) to %d",
		    MM_MIN_PIXELS, MM_MAX_PIXELS);
		return -1;
	}
	*out = v;
	return 0;
bad:
	snprintf(err, errlen,
	    "'%s' is not a number of pixels (1003520, 1m, or "
	    "WIDTHxHEIGHT such as 1280x720)",
	    s);
	return -1;
}

/* The prompt shows the flag: the words after its name follow it. */
static void
drop_echo(char *err, const struct vllm_flag *r)
{
	size_t n = strlen(r->opt);

	if (strncmp(err, r->opt, n) == 0 && strncmp(err + n, ": ", 2) == 0)
		memmove(err, err + n + 2, strlen(err + n + 2) + 1);
}

/*
 * Reads text into the value of the table's row f (as vLLM reads it, with
 * a typed percentage of --gpu-memory-utilization and "none" for
 * --kv-cache-memory-bytes) into *x.  s is the trimmed text, n its length;
 * it may rewrite s.  Returns 0, or -1 with err set.
 */
static int
flags_parse_vllm(enum flag_id f, char *s, size_t slen, size_t n,
    struct plan_input *x, const struct plan *p, char *err, size_t errlen)
{
	if (f == FLAG_UTIL && s[n - 1] == '%') {
		double u;

		/* 90% is typed for 0.9; the table's validator then judges it */
		s[n - 1] = '\0';
		if (units_parse_double(s, &u) == 0)
			units_format_pyfloat(u / 100, s, slen);
		else
			s[n - 1] = '%';
	}
	if (f == FLAG_SPECULATIVE) {
		/* the command line's reader; a drafter is resolved by the
		 * caller (it reads files) */
		if (spec_config_parse(&x->spec, s, err, errlen) != 0) {
			drop_echo(err, vf(f));
			return -1;
		}
		x->draft = NULL;
	} else if (f == FLAG_KV_BYTES &&
	    (strcasecmp(s, "none") == 0 || strcmp(s, "0") == 0)) {
		vllm_flag_reset(vf(f), x);
	} else if (f == FLAG_CAPTURE) {
		if (parse_capture(s, x, p->version, err, errlen) != 0)
			return -1;
	} else if (vf(f) != NULL) {
		int rc = vllm_flag_parse(vf(f), s, false, p->version, x, err,
		    errlen);
		char list[400];

		if (rc == VFP_KEEP) {
			/* a value the command line keeps as given: the planner
			 * edits only what it plans */
			snprintf(err, errlen,
			    "'%s' is not a value headroom plans "
			    "(choose from %s)",
			    s,
			    vllm_flag_choices(vf(f), p->version, list,
				sizeof list));
			return -1;
		}
		if (rc != VFP_SET) {
			drop_echo(err, vf(f));
			return -1;
		}
	}
	return 0;
}

/*
 * Reads s (trimmed, n bytes; it may cut a "GiB" off) into the rows
 * outside the table's plain values: multimodal limits, other processes'
 * memory, the release, the overhead model.  Returns 0, or -1 with err set.
 */
static int
flags_parse_own(enum flag_id f, char *s, size_t n, struct plan_input *x,
    char *err, size_t errlen)
{
	int64_t v;

	switch (f) {
	case FLAG_MM_IMAGES:
	case FLAG_MM_VIDEOS:
	case FLAG_MM_AUDIOS:
		if (parse_count(s, 0, 10000, &v,
			f == FLAG_MM_IMAGES
			    ? "images per prompt (0 turns images off)"
			    : f == FLAG_MM_AUDIOS
			    ? "audio clips per prompt (0 turns audio off)"
			    : "videos per prompt (0 turns video off)",
			err, errlen) != 0)
			return -1;
		set_mm_limit(f, x, (int)v);
		break;
	case FLAG_MM_MAX_PIXELS:
		if (parse_pixels(s, &v, err, errlen) != 0)
			return -1;
		x->mm_max_pixels = v;
		break;
	case FLAG_OTHER: {
		double g;

		if (n > 3 && strcasecmp(s + n - 3, "GiB") == 0)
			s[n - 3] = '\0';
		if (units_parse_double(s, &g) != 0 || g < 0 || g > 1e6) {
			snprintf(err, errlen,
			    "GiB that other processes hold, such as "
			    "1.5");
			return -1;
		}
		x->other_usage_gib = g;
		break;
	}
	case FLAG_VERSION: {
		int ver;

		if (vllm_version_parse_known(s, &ver, err, errlen) != 0)
			return -1;
		x->version = ver;
		break;
	}
	case FLAG_OVERHEAD:
		if (strcasecmp(s, "estimate") == 0)
			x->overhead = OVERHEAD_ESTIMATE;
		else if (strcasecmp(s, "rule") == 0)
			x->overhead = OVERHEAD_RULE;
		else {
			snprintf(err, errlen, "estimate or rule");
			return -1;
		}
		break;
	case FLAG_COUNT: return -1;
	default: break;
	}
	return 0;
}

int
flags_parse(enum flag_id f, const char *text, struct plan_input *in,
    const struct plan *p, char *err, size_t errlen)
{
	struct plan_input x = *in;
	char s[1024];
	size_t n;

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
	if (flags_parse_vllm(f, s, sizeof s, n, &x, p, err, errlen) != 0 ||
	    flags_parse_own(f, s, n, &x, err, errlen) != 0)
		return -1;
	*in = x;
	return 0;
}

void
flags_edit_text(enum flag_id f, const struct plan_input *in,
    const struct plan *p, char *buf, size_t len)
{
	if (plain(f)) {
		vllm_flag_format(vf(f), vllm_flag_value(vf(f), in, p), buf,
		    len);
		return;
	}
	switch (f) {
	case FLAG_MAX_MODEL_LEN:
		if (in->max_model_len == -1)
			snprintf(buf, len, "auto");
		else
			snprintf(buf, len, "%lld", (long long)p->max_model_len);
		return;
	case FLAG_EAGER:
		snprintf(buf, len, "%s", in->enforce_eager ? "on" : "off");
		return;
	case FLAG_LM_ONLY:
		snprintf(buf, len, "%s",
		    in->language_model_only > 0 ? "on" : "off");
		return;
	case FLAG_CAPTURE:
		snprintf(buf, len, "%d", p->max_capture_size);
		return;
	case FLAG_KV_BYTES:
		if (in->kv_cache_memory_bytes > 0 &&
		    in->kv_cache_memory_bytes % GIB == 0)
			snprintf(buf, len, "%lldG",
			    (long long)(in->kv_cache_memory_bytes / GIB));
		else
			snprintf(buf, len, "%lld",
			    (long long)in->kv_cache_memory_bytes);
		return;
	case FLAG_MM_IMAGES:
	case FLAG_MM_VIDEOS:
	case FLAG_MM_AUDIOS:
		/* under --language-model-only every limit in force is 0, but
		 * the input keeps the one the user set (vLLM's default when
		 * unset), which is what an edit changes */
		if (in->language_model_only > 0)
			snprintf(buf, len, "%d",
			    mm_given(f, in) >= 0 ? mm_given(f, in)
						 : MULTIMODAL_DEFAULT_LIMIT);
		else
			snprintf(buf, len, "%d", mm_limit(f, in, p));
		return;
	case FLAG_MM_MAX_PIXELS:
		snprintf(buf, len, "%lld", (long long)mm_pixels(in, p));
		return;
	case FLAG_OTHER: snprintf(buf, len, "%g", in->other_usage_gib); return;
	case FLAG_VERSION: vllm_version_format(p->version, buf, len); return;
	case FLAG_OVERHEAD:
		snprintf(buf, len, "%s",
		    in->overhead == OVERHEAD_RULE ? "rule" : "estimate");
		return;
	case FLAG_SPECULATIVE: {
		/* the JSON the command line carries: its word after the flag */
		char t[1100];
		struct shellwords w = { 0 };
		char e[64];

		t[0] = '\0';
		if (len > 0)
			buf[0] = '\0';
		spec_config_format(&in->spec, t, sizeof t);
		if (shellwords_split(t, &w, e, sizeof e) == 0) {
			if (w.n == 2)
				snprintf(buf, len, "%s", w.w[1]);
			shellwords_done(&w);
		}
		return;
	}
	default: break;
	}
	if (len > 0)
		buf[0] = '\0';
}
