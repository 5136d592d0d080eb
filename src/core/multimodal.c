/*
 * multimodal.c - the multimodal budget (see multimodal.h).  Token counts follow vLLM's
 * processing-info classes: Qwen2-VL's smart resize to multiples of
 * patch x merge pixels (max_pixels / 28^2 tokens at the largest size) and
 * its video of as many frame pairs as the sequence holds after one image;
 * Gemma 3's fixed tokens per image; Pixtral's rows x (columns + 1).
 */
#include "multimodal.h"

#include <string.h>

#include "vllm_version.h"

enum multimodal_kind
multimodal_kind_of(const struct model *m)
{
	if (m != NULL && m->enc_layers > 0)
		return MULTIMODAL_AUDIO;
	if (m != NULL && !m->multimodal && m->audio_params > 0)
		return MULTIMODAL_AUDIO_TOWER;
	if (m == NULL || !m->multimodal)
		return MULTIMODAL_NONE;
	if (m->mm_rule == MODEL_MM_UNMODELLED || m->mm_rule == MODEL_MM_CHUNKS)
		return MULTIMODAL_UNMODELLED;
	if (m->mm_rule == MODEL_MM_FIXED)
		return MULTIMODAL_FIXED;
	if (m->model_type &&
	    (strncmp(m->model_type, "qwen2_vl", 8) == 0 ||
		strncmp(m->model_type, "qwen2_5_vl", 10) == 0 ||
		strncmp(m->model_type, "qwen3_vl", 8) == 0))
		return MULTIMODAL_DYNAMIC;
	if (m->model_type && strncmp(m->model_type, "gemma3", 6) == 0)
		return MULTIMODAL_FIXED;
	/* Kimi-VL: one image size, its padded edge vision_image_size */
	if (m->model_type && strcmp(m->model_type, "kimi_vl") == 0)
		return MULTIMODAL_FIXED;
	/* Llama 4: the largest image's tiles, each a fixed grid */
	if (m->mm_tiles > 0)
		return MULTIMODAL_FIXED;
	if (m->vision_image_size > 0)
		return MULTIMODAL_TILED;
	return m->vision_merge > 1 ? MULTIMODAL_DYNAMIC : MULTIMODAL_FIXED;
}

/* Qwen3-VL and Qwen3.5 towers: a video's pixels are bounded in total. */
static int
video_total_capped(const struct model *m)
{
	return m->model_type &&
	    (strncmp(m->model_type, "qwen3_vl", 8) == 0 ||
		strncmp(m->model_type, "qwen3_5", 7) == 0);
}

static int64_t
unit_of(const struct model *m)
{
	int64_t u = (int64_t)(m->vision_patch > 0 ? m->vision_patch : 14) *
	    (m->vision_merge > 0 ? m->vision_merge : 1);

	return u > 0 ? u : 14;
}

/* Image tokens for a Qwen2-VL-family max_pixels: max_pixels / (patch x merge)^2. */
static int64_t
multimodal_tokens_for_pixels(const struct model *m, int64_t max_pixels)
{
	int64_t u = unit_of(m), t;

	t = max_pixels / (u * u);
	return t > 0 ? t : 1;
}

static int64_t
round_div(int64_t a, int64_t b)
{
	int64_t q = (a + b / 2) / b;

	return q > 0 ? q : 1;
}

static int64_t
min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

static int64_t
max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

/*
 * Qwen2-VL family: the largest image at max_pixels (or the size hint) and
 * a video of as many frame pairs as the sequence holds after one image.
 * *pi and *pv get the vision-encoder patches of each.
 */
static void
dynamic_tokens(const struct model *m, const struct multimodal_request *rq,
    int64_t max_model_len, int64_t merge2, struct multimodal_budget *b,
    int64_t *pi, int64_t *pv)
{
	int64_t w = rq->image_width, h = rq->image_height;
	int64_t u = unit_of(m);

	b->max_pixels = rq->max_pixels > 0
	    ? rq->max_pixels
	    : (int64_t)m->mm_tokens_per_item * u * u;
	b->tokens_per_image = multimodal_tokens_for_pixels(m, b->max_pixels);
	if (w > 0 && h > 0)
		b->tokens_per_image = min64(b->tokens_per_image,
		    round_div(w, u) * round_div(h, u));
	*pi = b->tokens_per_image * merge2;
	if (b->limit_video > 0) {
		/* frames of the largest image size that fit the sequence
		 * after one image (when images are on); frames are padded to
		 * pairs, each pair one image's worth of tokens */
		int64_t room = max_model_len -
		    (b->limit_image > 0 ? b->tokens_per_image : 0);
		int64_t pairs = room / b->tokens_per_image;

		if (pairs < 1)
			pairs = 1;
		if (pairs > MULTIMODAL_QWEN_MAX_FRAMES / 2)
			pairs = MULTIMODAL_QWEN_MAX_FRAMES / 2;
		b->video_frames = 2 * pairs;
		b->tokens_per_video = pairs * b->tokens_per_image;
		if (video_total_capped(m)) {
			/* Qwen3-VL's video processor bounds the pixels of
			 * all frames together (size longest_edge); each pair
			 * of frames makes one temporal patch */
			int64_t cap =
			    MULTIMODAL_QWEN3_VIDEO_MAX_PIXELS / (u * u * 2);

			if (b->tokens_per_video > cap) {
				b->tokens_per_video = cap;
				pairs = cap / b->tokens_per_image;
				b->video_frames = 2 * (pairs > 1 ? pairs : 1);
			}
		}
		*pv = b->tokens_per_video * merge2;
	}
}

/*
 * The share of a Qwen-VL tower's peak that stays whole on every TP rank
 * (qwen2_vl.py, qwen2_5_vl.py, qwen3_vl.py): a patch's float32 pixel values
 * (3 channels x temporal_patch_size 2 x patch^2, the patch embedding's
 * input, held through the call) and the block's residual and its norm in
 * 16 bits (the RowParallelLinear outputs are all-reduced to the whole
 * width), against what the heads and the MLP split: its fc1 output and the
 * activation in 16 bits (Qwen2.5-VL's gated gate_up_proj: twice the width
 * and the product).  From shapes, an estimate.
 */
static double
encoder_whole_share(const struct model *m, int vh, int vi)
{
	double p = m->vision_patch > 0 ? m->vision_patch : 14;
	bool gated =
	    m->model_type && strncmp(m->model_type, "qwen2_5_vl", 10) == 0;
	double whole = 4.0 * 3 * 2 * p * p + 2.0 * 2 * vh;
	double split = 2.0 * (gated ? 3 : 2) * vi;

	return whole / (whole + split);
}

/*
 * The vision encoder's activation peak for n patches, per rank: for the
 * Qwen2-VL family the fitted coefficient (data/estimates.yaml), fitted at
 * TP 1, of which the whole share above stays on every rank and the rest
 * is split over TP; else the hidden state and MLP intermediate of every
 * patch in 16 bits, twice.
 */
static int64_t
encoder_activation(const struct model *m, enum multimodal_kind kind, int64_t n,
    double coeff, int tp)
{
	int vh = m->vision_hidden > 0 ? m->vision_hidden : 1024;
	int vi = m->vision_intermediate > 0 ? m->vision_intermediate : 4 * vh;

	if (tp <= 0)
		tp = 1;
	if (kind == MULTIMODAL_DYNAMIC) { /* fitted on Qwen2.5-VL startups */
		double w = encoder_whole_share(m, vh, vi);

		return (int64_t)(coeff * (double)n * vh * (w + (1 - w) / tp));
	}
	/* no startup to fit on: derived from the shapes */
	return (int64_t)(4.0 * (double)n * (vh + vi) / tp);
}

/* A fixed-size image: the model's tokens per item, its patches the encoder's
 * grid (image size over patch size), or the earlier sizing a release before
 * mm_old_until makes (GLM-4.xV); a video of fixed size where the model has
 * one (Gemma 4). */
static void
fixed_tokens(const struct model *m, const struct multimodal_request *rq,
    int64_t merge2, struct multimodal_budget *b, int64_t *pi, int64_t *pv)
{
	bool old = m->mm_old_until > 0 && rq->version > 0 &&
	    rq->version < m->mm_old_until;
	int edge = old ? m->mm_old_image_size : m->vision_image_size;
	int tokens = old ? m->mm_old_tokens : m->mm_tokens_per_item;
	int64_t side =
	    edge > 0 && m->vision_patch > 0 ? edge / m->vision_patch : 0;

	b->tokens_per_image = tokens > 0 ? tokens : 256;
	*pi = side > 0 ? side * side : b->tokens_per_image * merge2;
	/* Llama 4: every tile's grid and its class token */
	if (m->mm_tiles > 0 && side > 0)
		*pi = m->mm_tiles * (side * side + 1);
	if (m->mm_video_tokens <= 0) {
		b->limit_video = 0;
		return;
	}
	if (b->limit_video > 0) {
		b->tokens_per_video = m->mm_video_tokens;
		*pv = m->mm_video_patches;
	}
}

/* A tiled image: up to n x n tiles of the encoder's unit, fewer when the
 * image size (w x h) is given, each row one token longer. */
static void
tiled_tokens(const struct model *m, int64_t w, int64_t h,
    struct multimodal_budget *b, int64_t *pi)
{
	int64_t u = unit_of(m), n = m->vision_image_size / u;
	int64_t nh = n, nw = n, mg = m->vision_merge > 0 ? m->vision_merge : 1;

	if (n < 1)
		n = nh = nw = 1;
	if (w > 0 && h > 0) {
		nh = min64(n, (h + u - 1) / u);
		nw = min64(n, (w + u - 1) / u);
	}
	b->tokens_per_image = nh * (nw + 1);
	*pi = nh * mg * nw * mg;
	b->limit_video = 0;
}

/* The encoder's profiling run: the larger modality's items as many as fit
 * the encoder budget and the sequences, their patches' activation and the
 * encoder cache of their tokens.  A token of that cache is the width the
 * tower returns: the language model's hidden size, times 1 + the deepstack
 * levels for Qwen3-VL, whose tower concatenates the merger's output and
 * every deepstack merger's (Qwen3_VisionTransformer.forward, qwen3_vl.py,
 * v0.11.0), the whole tensor on every TP rank (RowParallelLinear). */
static void
budget_profile(const struct model *m, int64_t max_model_len, int max_num_seqs,
    int mnbt, double coeff, int tp, int dtype_bytes, int64_t patches_image,
    int64_t patches_video, struct multimodal_budget *b)
{
	int64_t patches, limit;

	if (b->tokens_per_video > b->tokens_per_image) {
		b->modality = "video";
		b->max_tok_per_item = b->tokens_per_video;
		patches = patches_video;
		limit = b->limit_video;
	} else {
		b->modality = "image";
		b->max_tok_per_item = b->tokens_per_image;
		patches = patches_image;
		limit = b->limit_image;
	}
	b->encoder_budget = max64(mnbt, b->max_tok_per_item);
	b->items_per_prompt =
	    max64(1, min64(limit, max_model_len / b->max_tok_per_item));
	b->items_per_batch = max64(1,
	    min64(b->encoder_budget / b->max_tok_per_item,
		(int64_t)max_num_seqs * b->items_per_prompt));
	b->profiled_tokens = b->items_per_batch * b->max_tok_per_item;
	b->encoder_patches = b->items_per_batch * patches;
	b->encoder_activation =
	    encoder_activation(m, b->kind, b->encoder_patches, coeff, tp);
	b->encoder_cache = b->profiled_tokens * (int64_t)m->hidden *
	    (1 + (m->vision_deepstack > 0 ? m->vision_deepstack : 0)) *
	    (dtype_bytes > 0 ? dtype_bytes : 2);
}

/* Whisper's audio: one item of the encoder's length per prompt (its
 * processor's limit), as many as the budget and the batch's requests take. */
static void
audio_budget(const struct model *m, int max_num_seqs, int mnbt, int tp,
    int dtype_bytes, struct multimodal_budget *b)
{
	int64_t item = m->enc_positions, reqs;
	double per_token;

	b->active = true;
	b->modality = "audio";
	b->max_tok_per_item = item;
	b->encoder_budget = max64(mnbt, item);
	b->items_per_prompt = 1;
	reqs = min64(max_num_seqs, mnbt / item);
	b->items_per_batch = max64(1, min64(b->encoder_budget / item, reqs));
	b->profiled_tokens = b->items_per_batch * item;
	b->encoder_patches = b->profiled_tokens;
	per_token =
	    4.0 * (m->hidden + m->enc_intermediate) / (tp > 0 ? tp : 1) +
	    4.0 * m->hidden;
	b->encoder_activation =
	    (int64_t)(per_token * (double)b->profiled_tokens);
	b->encoder_cache = b->profiled_tokens * (int64_t)m->hidden *
	    (dtype_bytes > 0 ? dtype_bytes : 2);
}

/*
 * An audio tower beside a text model (Qwen2-Audio): vLLM's budget and
 * items as for images (MultiModalBudget), each item the dummy clip of
 * mm_audio_tokens tokens, which runs through audio_enc_positions encoder
 * positions.  The peak, from the shapes (estimate): per position the
 * hidden state and MLP intermediate in 16 bits, twice, split by TP only
 * where the tower's linears are, the first convolution's output of two
 * mel frames a position, and the positions^2 mask of each clip where the
 * class builds one.  The outputs: the clips' tokens at the text width.
 */
static void
audio_tower_budget(const struct model *m, int64_t max_model_len,
    int max_num_seqs, int mnbt, int tp, int dtype_bytes,
    struct multimodal_budget *b)
{
	int64_t item = m->mm_audio_tokens, pos;
	int split = m->audio_enc_split && tp > 0 ? tp : 1;
	int bytes = dtype_bytes > 0 ? dtype_bytes : 2;
	double d = m->audio_enc_hidden, per_pos;

	b->active = true;
	b->modality = "audio";
	b->max_tok_per_item = item;
	b->encoder_budget = max64(mnbt, item);
	b->items_per_prompt =
	    max64(1, min64(b->limit_audio, max_model_len / item));
	b->items_per_batch = max64(1,
	    min64(b->encoder_budget / item,
		(int64_t)max_num_seqs * b->items_per_prompt));
	b->profiled_tokens = b->items_per_batch * item;
	pos = b->items_per_batch * m->audio_enc_positions;
	b->encoder_patches = pos;
	per_pos = 4.0 * (d + m->audio_enc_ffn) / split + 4.0 * d;
	if (m->audio_enc_mask)
		per_pos += (double)m->audio_enc_positions * bytes;
	b->encoder_activation = (int64_t)(per_pos * (double)pos);
	b->encoder_cache = b->profiled_tokens * (int64_t)m->hidden * bytes;
}

void
multimodal_budget_compute(const struct model *m,
    const struct multimodal_request *rq, int64_t max_model_len,
    int max_num_seqs, int mnbt, double coeff, int tp, int dtype_bytes,
    struct multimodal_budget *b)
{
	int64_t patches_image = 0, patches_video = 0, merge2;
	int64_t w = rq->image_width, h = rq->image_height;

	memset(b, 0, sizeof *b);
	b->video_asked = rq->limit_videos;
	b->takes_audio = m->audio_params > 0;
	b->limit_audio = m->audio_params > 0
	    ? (rq->limit_audios < 0 ? MULTIMODAL_DEFAULT_LIMIT
				    : rq->limit_audios)
	    : 0;
	b->kind = multimodal_kind_of(m);
	if (b->kind == MULTIMODAL_NONE)
		return;
	if (b->kind == MULTIMODAL_AUDIO) {
		audio_budget(m, max_num_seqs, mnbt, tp, dtype_bytes, b);
		return;
	}
	if (b->kind == MULTIMODAL_AUDIO_TOWER) {
		/* a tower whose clips are not sized stops the plan
		 * (walk_check_mm_audio_tower, plan.c) */
		b->text_only = b->limit_audio <= 0;
		b->unmodelled = !b->text_only &&
		    (m->audio_enc_hidden <= 0 || m->mm_audio_tokens <= 0 ||
			m->audio_enc_positions <= 0);
		if (!b->text_only && !b->unmodelled)
			audio_tower_budget(m, max_model_len, max_num_seqs, mnbt,
			    tp, dtype_bytes, b);
		return;
	}
	b->limit_image =
	    rq->limit_images < 0 ? MULTIMODAL_DEFAULT_LIMIT : rq->limit_images;
	b->limit_video =
	    rq->limit_videos < 0 ? MULTIMODAL_DEFAULT_LIMIT : rq->limit_videos;
	if (b->kind == MULTIMODAL_UNMODELLED) {
		/* Kimi-K2.5 declares vision_chunk alone: at 0 vLLM runs
		 * text-only (supports_multimodal_inputs) */
		b->text_only = m->mm_rule == MODEL_MM_CHUNKS
		    ? rq->limit_chunks == 0
		    : (b->limit_image <= 0 || !multimodal_takes_images(m)) &&
			b->limit_video <= 0;
		b->unmodelled = !b->text_only;
		return;
	}
	b->size_hint = rq->max_pixels > 0 || (w > 0 && h > 0);
	merge2 = (int64_t)(m->vision_merge > 0 ? m->vision_merge : 1) *
	    (m->vision_merge > 0 ? m->vision_merge : 1);

	switch (b->kind) {
	case MULTIMODAL_DYNAMIC:
		dynamic_tokens(m, rq, max_model_len, merge2, b, &patches_image,
		    &patches_video);
		break;
	case MULTIMODAL_FIXED:
		fixed_tokens(m, rq, merge2, b, &patches_image, &patches_video);
		break;
	case MULTIMODAL_TILED: tiled_tokens(m, w, h, b, &patches_image); break;
	case MULTIMODAL_NONE:
	case MULTIMODAL_AUDIO:
	case MULTIMODAL_AUDIO_TOWER:
	case MULTIMODAL_UNMODELLED: break;
	}
	if (b->limit_image <= 0)
		b->tokens_per_image = patches_image = 0;

	if (b->tokens_per_image <= 0 && b->tokens_per_video <= 0) {
		b->text_only = true;
		return;
	}
	b->active = true;
	budget_profile(m, max_model_len, max_num_seqs, mnbt, coeff, tp,
	    dtype_bytes, patches_image, patches_video, b);
}

/*
 * The classes whose tower vLLM leaves out at limits of 0, each from the
 * release that first does.  Mistral3ForConditionalGeneration: mistral3.py
 * creates vision_tower and multi_modal_projector only under
 * multimodal_config.get_limit_per_prompt("image") since #22299
 * ("Implicit language-model-only mode via limit-mm-per-prompt", v0.10.1);
 * later releases do the same through _mark_tower_model(vllm_config,
 * "image") (interfaces.py), which puts a StageMissingLayer in their place.
 * Image is its only modality.  Llama4ForConditionalGeneration
 * (mllama4.py, vision_model and multi_modal_projector): the same pull
 * request, whose usage note (#22561, v0.10.1, docs/models/
 * supported_models.md) names Llama-4, Step3 and Mistral-3 as the models
 * whose multimodal modules are not loaded at {"image":0}; image only.
 * Qwen3VLForConditionalGeneration and its MoE (qwen3_vl.py, qwen3_vl_moe.py):
 * "Add text-only mode for Qwen3-VL" (#26000, in the v0.11.0 notes) leaves
 * out `visual` at image and video both 0; Qwen3.5's classes (qwen3_5.py)
 * build `visual` in _mark_tower_model(vllm_config, {"image", "video"}) in
 * every release that serves them.  Gemma3ForConditionalGeneration
 * (gemma3_mm.py): vision_tower and multi_modal_projector inside
 * _mark_tower_model(vllm_config, "image") since "[2/N] Initialize MM
 * components in context managers (E-H)" (#32641, merged in the week to
 * 2026-01-23, after v0.14.0 of 2026-01-20: v0.15.0).
 * Qwen2_5_VLForConditionalGeneration (qwen2_5_vl.py): `visual` only when
 * the image or the video limit is above 0, in the v0.10 file (beside
 * use_data_parallel, before attn_backend_override) as at @002d181, the
 * rule of #22299 (v0.10.1), whose test plan serves Qwen2.5-VL-7B; later
 * in _mark_tower_model(vllm_config, {"image", "video"}) (#32605).
 * Qwen2VLForConditionalGeneration (qwen2_vl.py): built whatever the
 * limits in the v0.10 file, in _mark_tower_model(vllm_config, {"image",
 * "video"}) after the series that followed #32605 (January 2026); the pull
 * request is not identified, so 0.15.x is planned as building it and the
 * rule starts at v0.16.0.  Glm4vForConditionalGeneration and its MoE
 * (glm4_1v.py): `visual` in _mark_tower_model(vllm_config, {"image",
 * "video"}), from the (E-H) part of that series, #32641, as Gemma 3: v0.15.0.
 * Gemma4ForConditionalGeneration (gemma4_mm.py @01bae21): vision_tower
 * and embed_vision in _mark_tower_model(vllm_config, {"image", "video"})
 * in every release that serves it (its audio tower, "audio", is refused
 * apart).  Each of these needs image and video both at 0.
 * KimiVLForConditionalGeneration (kimi_vl.py): vision_tower and
 * multi_modal_projector in _mark_tower_model(vllm_config, "image"), its
 * one modality, as main's file has it (read in a copy of it, the
 * converting pull request not identified): from v0.16.0, as Qwen2-VL.
 * InternVLChatModel (internvl.py): vision_model and mlp1 in
 * _mark_tower_model(vllm_config, {"image", "video"}) (read in a copy of
 * main's file), so the video limit must be 0 too even where the text
 * model takes no videos: get_limit_per_prompt("video") is 999 unless
 * given; from v0.16.0, as Qwen2-VL.  The video limit a tower rule reads
 * is the one given (video_asked): vLLM's, not the budget's.
 * LlavaOnevisionForConditionalGeneration (llava_onevision.py):
 * vision_tower, image_newline and multi_modal_projector in
 * _mark_tower_model(vllm_config, {"image", "video"}) (read in a copy of
 * main's file), from "[3/N] Initialize MM components in context managers
 * (I-L)" (#32650), of the series whose E-H part is Gemma 3's: v0.15.0.
 * LlavaForConditionalGeneration (llava.py, image only): vision_tower and
 * multi_modal_projector only under
 * multimodal_config.get_limit_per_prompt("image") (read @35d3c24, its
 * load_weights skipping "vision_tower." and "multi_modal_projector."),
 * later inside _mark_tower_model(vllm_config, "image"); the rule is
 * #22299's (v0.10.1), which says it does what #22224 ("Skip vision
 * component loading for llava in text-only mode", closed for it) did and
 * is co-authored by that pull request's author.  The class serves
 * mistral-community/pixtral-12b's HF form too.
 * LlavaNextForConditionalGeneration (llava_next.py): vision_tower,
 * image_newline and multi_modal_projector inside
 * _mark_tower_model(vllm_config, "image"); built whatever the limits
 * before (its load_weights skips nothing), moved by the series' I-L part
 * as LLaVA-OneVision: v0.15.0.  LlavaNextVideoForConditionalGeneration
 * (llava_next_video.py), whose one modality is video
 * (get_supported_mm_limits): vision_tower, vision_resampler and
 * multi_modal_projector inside _mark_tower_model(vllm_config, "video"),
 * the same part: v0.15.0, the image limit not read.
 * PixtralForConditionalGeneration (pixtral.py, Mistral's own format):
 * vision_encoder, pre_mm_projector_norm, patch_merger and
 * vision_language_adapter inside _mark_tower_model(vllm_config, "image")
 * (read in a copy of main's file); the release that first skipped them
 * is not established, so from v0.16.0, as Qwen2-VL.
 */
enum tower_marks {
	TOWER_IMAGE, /* _mark_tower_model(vllm_config, "image") */
	TOWER_IMAGE_VIDEO, /* {"image", "video"} */
	TOWER_VIDEO /* "video" alone (a class that takes no images) */
};

static const struct {
	const char *architecture;
	enum tower_marks marks; /* the modalities the tower is marked with */
	int since;
} tower_skips[] = {
	{ "Mistral3ForConditionalGeneration", TOWER_IMAGE, VLLM_VER(0, 10, 1) },
	{ "Llama4ForConditionalGeneration", TOWER_IMAGE, VLLM_VER(0, 10, 1) },
	{ "Qwen3VLForConditionalGeneration", TOWER_IMAGE_VIDEO,
	    VLLM_VER(0, 11, 0) },
	{ "Qwen3VLMoeForConditionalGeneration", TOWER_IMAGE_VIDEO,
	    VLLM_VER(0, 11, 0) },
	{ "Qwen3_5ForConditionalGeneration", TOWER_IMAGE_VIDEO,
	    VLLM_VER_OLDEST },
	{ "Qwen3_5MoeForConditionalGeneration", TOWER_IMAGE_VIDEO,
	    VLLM_VER_OLDEST },
	{ "Gemma3ForConditionalGeneration", TOWER_IMAGE, VLLM_VER(0, 15, 0) },
	{ "Qwen2_5_VLForConditionalGeneration", TOWER_IMAGE_VIDEO,
	    VLLM_VER(0, 10, 1) },
	{ "Qwen2VLForConditionalGeneration", TOWER_IMAGE_VIDEO,
	    VLLM_VER(0, 16, 0) },
	{ "Glm4vForConditionalGeneration", TOWER_IMAGE_VIDEO,
	    VLLM_VER(0, 15, 0) },
	{ "Glm4vMoeForConditionalGeneration", TOWER_IMAGE_VIDEO,
	    VLLM_VER(0, 15, 0) },
	{ "Gemma4ForConditionalGeneration", TOWER_IMAGE_VIDEO,
	    VLLM_VER_OLDEST },
	{ "KimiVLForConditionalGeneration", TOWER_IMAGE, VLLM_VER(0, 16, 0) },
	{ "InternVLChatModel", TOWER_IMAGE_VIDEO, VLLM_VER(0, 16, 0) },
	{ "LlavaOnevisionForConditionalGeneration", TOWER_IMAGE_VIDEO,
	    VLLM_VER(0, 15, 0) },
	{ "LlavaForConditionalGeneration", TOWER_IMAGE, VLLM_VER(0, 10, 1) },
	{ "LlavaNextForConditionalGeneration", TOWER_IMAGE,
	    VLLM_VER(0, 15, 0) },
	{ "LlavaNextVideoForConditionalGeneration", TOWER_VIDEO,
	    VLLM_VER(0, 15, 0) },
	{ "PixtralForConditionalGeneration", TOWER_IMAGE, VLLM_VER(0, 16, 0) },
};

bool
multimodal_takes_images(const struct model *m)
{
	return m->architecture == NULL ||
	    strcmp(m->architecture, "LlavaNextVideoForConditionalGeneration") !=
	    0;
}

bool
multimodal_tower_skipped(const struct model *m,
    const struct multimodal_budget *b, int version)
{
	size_t i;

	if (m->architecture == NULL || m->vision_params <= 0)
		return false;
	/* Kimi-K2.5: kimi_k25.py builds MoonViT3dPretrainedModel and its
	 * projector under _mark_tower_model(vllm_config, "vision_chunk"), its
	 * one modality, whose limit at 0 makes the budget text-only; the
	 * release that moved them there is not established (the model's
	 * assumption sizes them), so every release */
	if (m->mm_rule == MODEL_MM_CHUNKS)
		return b->text_only;
	for (i = 0; i < sizeof tower_skips / sizeof tower_skips[0]; i++) {
		if (strcmp(m->architecture, tower_skips[i].architecture) != 0)
			continue;
		if (version < tower_skips[i].since)
			return false;
		switch (tower_skips[i].marks) {
		case TOWER_IMAGE: return b->limit_image <= 0;
		case TOWER_IMAGE_VIDEO:
			return b->limit_image <= 0 && b->video_asked == 0;
		case TOWER_VIDEO: return b->video_asked == 0;
		}
	}
	return false;
}

bool
multimodal_audio_skipped(const struct model *m,
    const struct multimodal_budget *b, int version)
{
	return m->audio_params > 0 && b->limit_audio <= 0 &&
	    m->audio_skip_since > 0 && version >= m->audio_skip_since;
}

double
multimodal_audio_bytes(const struct model *m, const struct multimodal_budget *b,
    int version, int dtype_bytes)
{
	if (m->audio_params <= 0 || multimodal_audio_skipped(m, b, version))
		return 0;
	return m->audio_params * dtype_bytes;
}
