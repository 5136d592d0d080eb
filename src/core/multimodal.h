/*
 * multimodal.h - vLLM's multimodal encoder budget and what its profile run
 * reserves for it (reference §2.4).
 *
 * At startup vLLM takes, for each enabled modality (limit > 0), the most
 * tokens one item can become: an image of the largest size the processor
 * allows, a video of as many such frames as the sequence holds.  The
 * modality with the most tokens per item is profiled:
 *
 *   encoder_budget   = max(max_num_batched_tokens, max_tok_per_item)
 *   items_per_prompt = max(1, min(limit, max_model_len // max_tok_per_item))
 *   items_per_batch  = max(1, min(encoder_budget // max_tok_per_item,
 *                                 max_num_seqs x items_per_prompt))
 *
 * and items_per_batch items of the maximum feature size run through the
 * vision encoder during the profile run.  Their activation peak (an
 * estimate: for the Qwen2-VL family a fitted coefficient x ViT tokens x
 * vision width; for towers without a startup to fit on, the hidden state
 * and MLP intermediate of every ViT token in 16 bits, twice) and the embeddings
 * kept in the encoder cache count in the torch peak, so they come out of
 * the KV cache.  Pure arithmetic, no allocation.
 *
 * A class whose dummy inputs headroom does not size (struct model's
 * mm_rule MODEL_MM_UNMODELLED) gives kind MULTIMODAL_UNMODELLED: with its
 * image and video limits at 0 it is text_only, else unmodelled and
 * nothing is computed (the plan stops, plan.c).
 *
 * An encoder-decoder model (Whisper) profiles audio: every item is padded
 * to the encoder's max_source_positions tokens, and the budget is
 * min(max(max_num_encoder_input_tokens, item), max(encoder_cache_size,
 * item)), both max_num_batched_tokens by default (vLLM 0.15.1 prints
 * "a budget of 2048 tokens, and profiled with 1 audio items" at 2048);
 * vLLM turns chunked prefill off for these models, so the requests one
 * batch holds are max_num_batched_tokens // item
 * (vllm/multimodal/encoder_budget.py, MultiModalBudget).  The encoder's
 * peak is derived from its shapes (estimate): the hidden state and MLP
 * intermediate of every encoder token in 16 bits, twice, and the first
 * convolution's output of two frames per token.
 */
#ifndef HEADROOM_MULTIMODAL_H
#define HEADROOM_MULTIMODAL_H

#include <stdbool.h>
#include <stdint.h>

#include "catalogue.h"

/* How a model turns an image into tokens. */
enum multimodal_kind {
	MULTIMODAL_NONE, /* text-only model */
	MULTIMODAL_DYNAMIC, /* Qwen2-VL family: any size up to max_pixels, video */
	MULTIMODAL_FIXED, /* Gemma 3: every image becomes the same tokens */
	MULTIMODAL_TILED, /* Pixtral: up to image_size, one break token per row */
	MULTIMODAL_AUDIO, /* Whisper: one padded audio item, the encoder's length */
	MULTIMODAL_AUDIO_TOWER, /* audio alone beside a text model
				   (Qwen2-Audio, Voxtral) */
	MULTIMODAL_UNMODELLED /* a tower whose dummy inputs are not sized */
};

#define MULTIMODAL_DEFAULT_LIMIT 999 /* vLLM's limit for an unset modality */
#define MULTIMODAL_QWEN_MAX_FRAMES 600 /* qwen2_vl.py _MAX_FRAMES_PER_VIDEO */
/* Qwen3-VL video processor: size longest_edge, pixels of all frames */
#define MULTIMODAL_QWEN3_VIDEO_MAX_PIXELS 25165824

struct multimodal_budget {
	enum multimodal_kind kind;
	bool active; /* some modality is enabled and profiled */
	bool text_only; /* a multimodal model with every modality at 0 */
	bool unmodelled; /* MULTIMODAL_UNMODELLED with an image or video
			    limit above 0: the profile is not modelled */
	bool size_hint; /* max_pixels or width/height were given */
	int limit_image, limit_video; /* in force */
	int video_asked; /* the video limit as given, -1 vLLM's default (999),
			    whether the model takes videos or not */
	int limit_audio; /* in force (0 where the model takes no audio) */
	bool takes_audio; /* the model has an audio tower (audio_params) */
	int64_t max_pixels; /* Qwen2-VL family: in force */
	int64_t tokens_per_image; /* largest image profiled, 0 = off */
	int64_t tokens_per_video; /* largest video profiled, 0 = off or none */
	int64_t video_frames;
	const char *modality; /* "image", "video" or NULL */
	int64_t max_tok_per_item;
	int64_t encoder_budget;
	int64_t items_per_prompt, items_per_batch;
	int64_t profiled_tokens; /* items_per_batch x max_tok_per_item */
	int64_t encoder_patches; /* vision-encoder tokens of those items */
	int64_t encoder_activation; /* bytes per rank (estimate) */
	int64_t encoder_cache; /* bytes of embeddings held during the run */
	int64_t tower_not_built; /* bytes a first-stage rank does not load:
				    multimodal_tower_skipped() (plan.c) */
	int64_t audio_not_built; /* the same of the audio tower:
				    multimodal_audio_skipped() */
};

/* The image-to-token rule of a model. */
enum multimodal_kind multimodal_kind_of(const struct model *);

/* The multimodal flags of a plan input (plan.h) the budget reads. */
struct multimodal_request {
	int limit_images,
	    limit_videos; /* --limit-mm-per-prompt, -1 = default */
	int64_t max_pixels; /* --mm-processor-kwargs, 0 = checkpoint's */
	int image_width, image_height; /* size hints, 0 = none */
	int limit_chunks; /* "vision_chunk" (Kimi-K2.5), -1 = default */
	int limit_audios; /* "audio", -1 = default */
	int version; /* vLLM release (VLLM_VER) whose rule sizes the
			dummy items, 0 = the newest */
};

/*
 * Computes the budget for a model and the multimodal flags rq at the
 * scheduler settings given.
 * encoder_bytes_per_token is the estimate coefficient (bytes per ViT
 * token per unit of vision width, data/estimates.yaml).  A text-only
 * model gives kind MULTIMODAL_NONE and zeros.
 */
void multimodal_budget_compute(const struct model *,
    const struct multimodal_request *rq, int64_t max_model_len,
    int max_num_seqs, int max_num_batched_tokens,
    double encoder_bytes_per_token, int tp, int dtype_bytes,
    struct multimodal_budget *out);

/*
 * Whether vLLM release version builds no vision tower for m at the limits
 * b holds (b from multimodal_budget_compute): the classes whose model
 * file creates neither tower nor projector when every modality of the
 * tower is limited to 0, from the release that made it so
 * (doc/estimates.md, "Towers vLLM does not build").  False for every
 * other class, release or limit: the tower is counted in the weights.
 */
/*
 * Whether m's class takes images: false for a class whose one vision
 * modality is video (LLaVA-NeXT-Video, llava_next_video.py
 * get_supported_mm_limits {"video": 1}), whose image limit vLLM does not
 * read.
 */
bool multimodal_takes_images(const struct model *m);

bool multimodal_tower_skipped(const struct model *m,
    const struct multimodal_budget *b, int version);

/*
 * Whether vLLM release version builds no audio tower for m (struct
 * model's audio_params) at the budget's audio limit: a limit of 0 from
 * m->audio_skip_since.  False for a model without one or without that
 * release (audio_skip_since 0).
 */
bool multimodal_audio_skipped(const struct model *m,
    const struct multimodal_budget *b, int version);

/*
 * The audio tower's bytes a rank loads at these limits (0 where vLLM does
 * not build it), dtype_bytes a parameter.
 */
double multimodal_audio_bytes(const struct model *m,
    const struct multimodal_budget *b, int version, int dtype_bytes);

#endif
