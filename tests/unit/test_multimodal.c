/*
 * test_multimodal.c - the multimodal encoder budget: vLLM's formulas (reference
 * §2.4), the Qwen2-VL tokens per image (max_pixels / 28^2), videos of as
 * many frames as the sequence holds, and limits that change what is
 * profiled and so what is left for the KV cache.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "core/multimodal.h"
#include "core/vllm_version.h"
#include "helpers.h"

static void
vl(struct plan_input *in)
{
	test_input(in, "h100-sxm", "Qwen/Qwen2.5-VL-7B-Instruct", NULL);
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

/* The reference's three lines, checked against any computed budget. */
static void
check_formulas(const struct plan *p)
{
	const struct multimodal_budget *b = &p->mm;
	int64_t limit;

	if (!b->active)
		return;
	limit =
	    strcmp(b->modality, "video") == 0 ? b->limit_video : b->limit_image;
	cr_assert_eq(b->encoder_budget,
	    max64(p->max_num_batched_tokens, b->max_tok_per_item));
	cr_assert_eq(b->items_per_prompt,
	    max64(1, min64(limit, p->max_model_len / b->max_tok_per_item)));
	cr_assert_eq(b->items_per_batch,
	    max64(1,
		min64(b->encoder_budget / b->max_tok_per_item,
		    (int64_t)p->max_num_seqs * b->items_per_prompt)));
}

Test(mm, qwen_defaults_profile_a_long_video)
{
	struct plan_input in;
	struct plan p;

	vl(&in);
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.mm.kind, MULTIMODAL_DYNAMIC);
	/* the checkpoint's max_pixels 12845056 = 16384 x 28 x 28 */
	cr_assert_eq(p.mm.max_pixels, 12845056);
	cr_assert_eq(p.mm.tokens_per_image, 16384);
	/* a video fills the 128,000-token sequence after one image: 6 frame pairs */
	cr_assert_eq(p.mm.video_frames, 12);
	cr_assert_eq(p.mm.tokens_per_video, 6 * 16384);
	cr_assert_str_eq(p.mm.modality, "video");
	cr_assert_eq(p.mm.encoder_budget, 98304);
	cr_assert_eq(p.mm.items_per_batch, 1);
	cr_assert_eq(p.mm.encoder_patches, 98304 * 4);
	cr_assert_gt(p.mm.encoder_activation, 0);
	cr_assert_geq(p.activation, p.mm.encoder_activation);
	check_formulas(&p);
}

Test(mm, limits_change_the_profiled_budget)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan all, img, text, two;

	vl(&in);
	plan_compute(c, &in, &all);
	/* video off frees its memory: images of 16,384 tokens are profiled */
	in.limit_mm_videos = 0;
	plan_compute(c, &in, &img);
	cr_assert_str_eq(img.mm.modality, "image");
	cr_assert_eq(img.mm.encoder_budget, 16384);
	cr_assert_lt(img.activation, all.activation);
	cr_assert_gt(img.available_kv, all.available_kv);
	cr_assert_gt(img.kv_tokens, all.kv_tokens);
	check_formulas(&img);
	/* {"image":0,"video":0}: text only, no encoder in the profile */
	in.limit_mm_images = 0;
	plan_compute(c, &in, &text);
	cr_assert(text.mm.text_only);
	cr_assert(!text.mm.active);
	cr_assert_eq(text.mm.encoder_activation, 0);
	cr_assert_lt(text.activation, img.activation);
	cr_assert_gt(text.available_kv, img.available_kv);
	/* smaller images (max_pixels 1280 x 28 x 28), two per prompt */
	in.limit_mm_images = 2;
	in.mm_max_pixels = 1280 * 28 * 28;
	plan_compute(c, &in, &two);
	cr_assert_eq(two.mm.tokens_per_image, 1280);
	cr_assert_eq(two.mm.encoder_budget, 8192,
	    "max(max_num_batched_tokens, 1280)");
	cr_assert_eq(two.mm.items_per_prompt, 2);
	cr_assert_eq(two.mm.items_per_batch, 6, "8192 // 1280");
	cr_assert(two.mm.size_hint);
	check_formulas(&two);
	cr_assert_gt(two.available_kv, img.available_kv);
}

Test(mm, other_families)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	/* Gemma 3: 256 tokens per image, 4096 SigLIP patches, no video */
	test_input(&in, "h100-sxm", "google/gemma-3-27b-it", NULL);
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.mm.kind, MULTIMODAL_FIXED);
	cr_assert_eq(p.mm.tokens_per_image, 256);
	cr_assert_eq(p.mm.tokens_per_video, 0);
	cr_assert_eq(p.mm.encoder_budget, p.max_num_batched_tokens);
	cr_assert_eq(p.mm.items_per_batch, p.max_num_batched_tokens / 256);
	cr_assert_eq(p.mm.encoder_patches, p.mm.items_per_batch * 4096);
	check_formulas(&p);
	/* Pixtral (Mistral Small 3.1): 55 rows of 55 tokens and a break */
	test_input(&in, "h100-sxm",
	    "mistralai/Mistral-Small-3.1-24B-Instruct-2503", NULL);
	in.max_model_len = 16384;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.mm.kind, MULTIMODAL_TILED);
	cr_assert_eq(p.mm.tokens_per_image, 55 * 56);
	check_formulas(&p);
	/* a text model has none of it */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.mm.kind, MULTIMODAL_NONE);
	cr_assert(!p.mm.active);
}

/*
 * Mistral3ForConditionalGeneration at {"image":0}: from v0.10.1 (#22299)
 * mistral3.py creates neither vision_tower nor multi_modal_projector, so
 * the weights lose the tower's 440,401,920 parameters (the catalogue's
 * count), 880,803,840 bytes in bf16 on one rank, and the KV cache gains
 * them; v0.10.0 and a limit of 1 build it.  LLaVA-NeXT (granite-vision)
 * is not on the list: its tower stays counted at limits of 0.
 */
Test(mm, mistral3_tower_not_built_at_limit_0)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan on, off, old, qon, qoff;
	const int64_t tower = 440401920LL * 2;

	test_input(&in, "h100-sxm",
	    "mistralai/Mistral-Small-3.1-24B-Instruct-2503", NULL);
	in.max_model_len = 16384;
	in.version = VLLM_VER(0, 10, 1);
	in.limit_mm_images = 1;
	plan_compute(c, &in, &on);
	cr_assert_eq(on.phase, PHASE_NONE, "%s", on.message);
	cr_assert(!on.weights_exact, "the hand figure assumes no exact scale");
	in.limit_mm_images = 0;
	plan_compute(c, &in, &off);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	cr_assert(off.mm.text_only);
	cr_assert(llabs(on.weights - off.weights - tower) <= 2, "%lld - %lld",
	    (long long)on.weights, (long long)off.weights);
	cr_assert_gt(off.available_kv, on.available_kv);
	cr_assert_gt(off.kv_tokens, on.kv_tokens);
	/* v0.10.0 builds the tower whatever the limit */
	in.version = VLLM_VER(0, 10, 0);
	plan_compute(c, &in, &old);
	cr_assert_eq(old.phase, PHASE_NONE, "%s", old.message);
	cr_assert_eq(old.weights, on.weights);
	/* Devstral Small 2 is the same class, at the newest release */
	test_input(&in, "h100-sxm",
	    "mistralai/Devstral-Small-2-24B-Instruct-2512", NULL);
	in.max_model_len = 16384;
	in.limit_mm_images = 1;
	plan_compute(c, &in, &on);
	in.limit_mm_images = 0;
	plan_compute(c, &in, &off);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	/* its checkpoint may scale the weights to its files: within 2 % */
	cr_assert(llabs(on.weights - off.weights - tower) < tower / 50,
	    "%lld - %lld", (long long)on.weights, (long long)off.weights);
	/* a class not on the list for the release keeps its tower:
	 * LLaVA-NeXT before v0.15.0 (vlm::llava_next_tower_not_built_from_0_15_0) */
	test_input(&in, "h100-sxm", "ibm-granite/granite-vision-3.3-2b", NULL);
	in.max_model_len = 16384;
	in.version = VLLM_VER(0, 14, 1);
	in.limit_mm_images = in.limit_mm_videos = 0;
	plan_compute(c, &in, &qoff);
	in.limit_mm_images = in.limit_mm_videos = 1;
	plan_compute(c, &in, &qon);
	cr_assert_eq(qoff.weights, qon.weights);
}

/*
 * Llama4ForConditionalGeneration, the other class #22299 (v0.10.1) serves
 * text-only at {"image":0}: Llama-4-Scout's tower of 871,932,416
 * parameters, 1,106,688 of them whole on every rank, is at TP 4
 * 870,825,728 / 4 + 1,106,688 = 218,813,120 parameters a rank,
 * 437,626,240 bytes in bf16, that the first stage no longer loads.
 */
Test(mm, llama4_tower_not_built_at_limit_0)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan on, off, old;
	const int64_t tower = 218813120LL * 2;

	test_input(&in, "h100-sxm", "meta-llama/Llama-4-Scout-17B-16E-Instruct",
	    NULL);
	in.max_model_len = 8192;
	in.tp = 4;
	in.version = VLLM_VER(0, 19, 0);
	in.limit_mm_images = 1;
	plan_compute(c, &in, &on);
	cr_assert_eq(on.phase, PHASE_NONE, "%s", on.message);
	cr_assert(!on.weights_exact, "the hand figure assumes no exact scale");
	in.limit_mm_images = 0;
	plan_compute(c, &in, &off);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	cr_assert(llabs(on.weights - off.weights - tower) <= 2, "%lld - %lld",
	    (long long)on.weights, (long long)off.weights);
	cr_assert_gt(off.kv_tokens, on.kv_tokens);
	in.version = VLLM_VER(0, 10, 0);
	plan_compute(c, &in, &old);
	in.limit_mm_images = 1;
	plan_compute(c, &in, &on);
	cr_assert_eq(old.weights, on.weights, "0.10.0 builds the tower");
}

/*
 * Qwen3-VL's text-only mode (#26000, v0.11.0): `visual` is left out only
 * when image and video are both 0.  Qwen3-VL-8B's tower, 576,388,336
 * parameters in the catalogue (vlm::qwen3vl_tower_by_hand), is
 * 1,152,776,672 bytes in bf16 on one GPU, and its three deepstack buffers
 * go with it: 3 x 8192 x 4096 x 2 = 201,326,592 bytes at the H100's 8,192
 * batched tokens (vlm::qwen3vl_deepstack_buffers_with_the_tower);
 * v0.10.2, or videos left at vLLM's default, build it.
 */
Test(mm, qwen3vl_tower_not_built_with_images_and_videos_0)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan off, img, old;
	const int64_t tower = 576388336LL * 2 + 201326592LL;

	test_input(&in, "h100-sxm", "Qwen/Qwen3-VL-8B-Instruct", NULL);
	in.max_model_len = 8192;
	in.version = VLLM_VER(0, 11, 0);
	in.limit_mm_images = 0;
	plan_compute(c, &in, &img); /* videos still on */
	cr_assert_eq(img.phase, PHASE_NONE, "%s", img.message);
	cr_assert(!img.weights_exact, "the hand figure assumes no exact scale");
	in.limit_mm_videos = 0;
	plan_compute(c, &in, &off);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	cr_assert(llabs(img.weights - off.weights - tower) <= 2, "%lld - %lld",
	    (long long)img.weights, (long long)off.weights);
	cr_assert(llabs(off.mm.tower_not_built - tower) <= 2, "%lld",
	    (long long)off.mm.tower_not_built);
	in.version = VLLM_VER(0, 10, 2);
	plan_compute(c, &in, &old);
	cr_assert_eq(old.phase, PHASE_NONE, "%s", old.message);
	cr_assert(llabs(old.weights - off.weights - tower) <= 2,
	    "0.10.2 builds it: %lld", (long long)old.weights);
}

/*
 * Gemma 3 builds its SigLIP tower inside _mark_tower_model(vllm_config,
 * "image") from v0.15.0 (#32641): at {"image":0} the 423,060,336 tower
 * parameters, 846,120,672 bytes in bf16 on one GPU, are not loaded (the
 * catalogue's logged load scales them, within 2 %); v0.14.1 loads them.
 */
Test(mm, gemma3_tower_not_built_from_0_15_0)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan on, off, old;
	const int64_t tower = 423060336LL * 2;

	test_input(&in, "h100-sxm", "google/gemma-3-27b-it", NULL);
	in.max_model_len = 8192;
	in.version = VLLM_VER(0, 15, 0);
	in.limit_mm_images = 1;
	plan_compute(c, &in, &on);
	cr_assert_eq(on.phase, PHASE_NONE, "%s", on.message);
	in.limit_mm_images = 0;
	plan_compute(c, &in, &off);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	cr_assert(llabs(on.weights - off.weights - tower) < tower / 50,
	    "%lld - %lld", (long long)on.weights, (long long)off.weights);
	cr_assert(
	    llabs(off.mm.tower_not_built - (on.weights - off.weights)) <= 2);
	in.version = VLLM_VER(0, 14, 1);
	plan_compute(c, &in, &old);
	cr_assert_eq(old.phase, PHASE_NONE, "%s", old.message);
	cr_assert_eq(old.mm.tower_not_built, 0);
	in.limit_mm_images = 1;
	plan_compute(c, &in, &on);
	cr_assert_eq(old.weights, on.weights, "0.14.1 builds the tower");
}

/*
 * --language-model-only (vllm/config/multimodal.py, #34120, first in
 * v0.16.0): MultiModalConfig.get_limit_per_prompt() answers 0 for every
 * modality, so the plan is the one of --limit-mm-per-prompt
 * '{"image":0,"video":0}', whatever limits are given beside it: Qwen3-VL-8B
 * on one H100 without its 576,388,336-parameter tower and deepstack buffers
 * (1,152,776,672 + 201,326,592 bytes in bf16 less than with images on) and
 * without the encoder's profile run.  v0.15.1 has no such flag: argparse refuses it, and its --no- form.
 */
Test(mm, language_model_only_is_every_limit_0)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan lmo, zero, on, old;
	const int64_t tower = 576388336LL * 2 + 201326592LL;

	test_input(&in, "h100-sxm", "Qwen/Qwen3-VL-8B-Instruct", NULL);
	in.max_model_len = 8192;
	in.version = VLLM_VER(0, 16, 0);
	plan_compute(c, &in, &on);
	cr_assert_eq(on.phase, PHASE_NONE, "%s", on.message);
	cr_assert(on.mm.active);
	in.limit_mm_images = in.limit_mm_videos = 0;
	plan_compute(c, &in, &zero);
	cr_assert_eq(zero.phase, PHASE_NONE, "%s", zero.message);
	/* the flag over limits left on, or over an explicit image limit */
	in.limit_mm_images = 4;
	in.limit_mm_videos = -1;
	in.language_model_only = 1;
	plan_compute(c, &in, &lmo);
	cr_assert_eq(lmo.phase, PHASE_NONE, "%s", lmo.message);
	cr_assert(lmo.mm.text_only);
	cr_assert(!lmo.mm.active);
	cr_assert_eq(lmo.weights, zero.weights);
	cr_assert_eq(lmo.available_kv, zero.available_kv);
	cr_assert_eq(lmo.kv_tokens, zero.kv_tokens);
	cr_assert_eq(lmo.mm.tower_not_built, zero.mm.tower_not_built);
	cr_assert(llabs(on.weights - lmo.weights - tower) <= 2, "%lld - %lld",
	    (long long)on.weights, (long long)lmo.weights);
	/* the input keeps what it was given */
	cr_assert_eq(in.limit_mm_images, 4);
	/* releases before the flag */
	in.version = VLLM_VER(0, 15, 1);
	plan_compute(c, &in, &old);
	cr_assert_eq(old.phase, PHASE_CONFIG);
	cr_assert_not_null(strstr(old.message,
			       "--language-model-only needs vLLM 0.16.0"),
	    "%s", old.message);
	in.language_model_only = -1;
	plan_compute(c, &in, &old);
	cr_assert_eq(old.phase, PHASE_CONFIG, "--no-language-model-only");
	/* --no-language-model-only on 0.16.0 leaves the limits as given */
	in.version = VLLM_VER(0, 16, 0);
	in.limit_mm_images = -1;
	plan_compute(c, &in, &old);
	cr_assert_eq(old.phase, PHASE_NONE, "%s", old.message);
	cr_assert_eq(old.weights, on.weights);
	cr_assert_eq(old.kv_tokens, on.kv_tokens);
}

/*
 * Qwen2.5-VL (qwen2_5_vl.py) builds `visual` only when the image or the
 * video limit is above 0, from v0.10.1 (#22299).  Qwen2.5-VL-7B's tower
 * (vision_config: depth 32, hidden h = 1280, intermediate 3420, patch 14,
 * temporal 2, out 3584) as Qwen2_5_VisionTransformer builds it: per block
 * qkv 3h^2 + 3h, proj h^2 + h, gate_up_proj 2 x 3420h + 2 x 3420,
 * down_proj 3420h + h, two RMSNorms 2h: 19,702,200, x 32 = 630,470,400;
 * the patch embedding 3 x 2 x 14^2 x h = 1,505,280 (no bias); the merger
 * ln_q h, mlp.0 5120^2 + 5120, mlp.2 5120 x 3584 + 3584 = 44,574,464:
 * 676,550,144 parameters (676,034,560 of weights and 515,584 of biases
 * and norms), 1,353,100,288 bytes in bf16 on one GPU.  Both limits at 0
 * leave them out; an image limit of 0 alone, or v0.10.0, keeps them.
 */
Test(mm, qwen25vl_tower_not_built_from_0_10_1)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan on, img, off, old;
	const int64_t tower = 676550144LL * 2;

	test_input(&in, "h100-sxm", "Qwen/Qwen2.5-VL-7B-Instruct", NULL);
	in.max_model_len = 8192;
	in.version = VLLM_VER(0, 10, 1);
	plan_compute(c, &in, &on);
	cr_assert_eq(on.phase, PHASE_NONE, "%s", on.message);
	cr_assert(!on.weights_exact, "the hand figure assumes no exact scale");
	in.limit_mm_images = 0;
	plan_compute(c, &in, &img);
	cr_assert_eq(img.weights, on.weights, "videos still use the tower");
	cr_assert_eq(img.mm.tower_not_built, 0);
	in.limit_mm_videos = 0;
	plan_compute(c, &in, &off);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	cr_assert(llabs(on.weights - off.weights - tower) <= 2, "%lld - %lld",
	    (long long)on.weights, (long long)off.weights);
	cr_assert(llabs(off.mm.tower_not_built - tower) <= 2, "%lld",
	    (long long)off.mm.tower_not_built);
	cr_assert_gt(off.kv_tokens, on.kv_tokens);
	in.version = VLLM_VER(0, 10, 0);
	plan_compute(c, &in, &old);
	cr_assert_eq(old.phase, PHASE_NONE, "%s", old.message);
	cr_assert_eq(old.weights, on.weights, "0.10.0 builds the tower");
	cr_assert_eq(old.mm.tower_not_built, 0);
}

/*
 * Gemma 4 (gemma4_mm.py @01bae21) builds vision_tower and embed_vision in
 * _mark_tower_model(vllm_config, {"image", "video"}): with both limits at
 * 0 they are not loaded, in every release that serves the class.
 * headroom counts gemma-4-31B-it's tower as transformers'
 * Gemma4VisionModel builds it (vlm::gemma4_tower_by_hand_whole_on_every_
 * rank): 575,743,536 parameters, 1,151,487,072 bytes in bf16 on one GPU,
 * which the catalogue's logged load scales (within 2 %).  An image limit of 0 with
 * videos at vLLM's default keeps the tower, as the 0.26.0 B300 startup of
 * tests/calibration/newer-logs.json shows: "Model loading took 58.99 GiB"
 * at '{"image":0,"audio":0}', as much as a 0.23.0 startup with 4 images.
 */
Test(mm, gemma4_tower_not_built_with_images_and_videos_0)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan on, img, off;
	const int64_t tower = 575743536LL * 2;

	test_input(&in, "b200", "google/gemma-4-31B-it", NULL);
	in.max_model_len = 16384;
	in.version = VLLM_VER(0, 26, 0);
	in.async_scheduling = 1;
	plan_compute(c, &in, &on);
	cr_assert_eq(on.phase, PHASE_NONE, "%s", on.message);
	in.limit_mm_images = 0;
	plan_compute(c, &in, &img);
	cr_assert_eq(img.phase, PHASE_NONE, "%s", img.message);
	cr_assert_eq(img.weights, on.weights, "videos still use the tower");
	in.limit_mm_videos = 0;
	plan_compute(c, &in, &off);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	cr_assert(llabs(on.weights - off.weights - tower) < tower / 50,
	    "%lld - %lld", (long long)on.weights, (long long)off.weights);
	cr_assert(
	    llabs(off.mm.tower_not_built - (on.weights - off.weights)) <= 2);
	in.version = VLLM_VER(0, 19, 0);
	plan_compute(c, &in, &off);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	cr_assert_gt(off.mm.tower_not_built, 0);
}

/*
 * Kimi-VL (kimi_vl.py) builds its MoonViT tower and projector in
 * _mark_tower_model(vllm_config, "image"), image being its one modality:
 * from v0.16.0 an image limit of 0 leaves them out.  headroom's count,
 * 447,545,840 parameters of which 36,265,856 every rank holds whole
 * (doc/architectures.md, "Kimi-VL"), is at TP 2 (447,545,840 -
 * 36,265,856) / 2 + 36,265,856 = 241,905,848 parameters a rank,
 * 483,811,696 bytes in bf16 (the logged load may scale them, within 2 %);
 * v0.15.1 builds them.
 */
Test(mm, kimi_vl_tower_not_built_from_0_16_0)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan on, off, old;
	const int64_t rank = 241905848LL * 2;

	test_input(&in, "h100-sxm", "moonshotai/Kimi-VL-A3B-Instruct", NULL);
	in.max_model_len = 8192;
	in.tp = 2;
	in.version = VLLM_VER(0, 16, 0);
	plan_compute(c, &in, &on);
	cr_assert_eq(on.phase, PHASE_NONE, "%s", on.message);
	in.limit_mm_images = 0;
	plan_compute(c, &in, &off);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	cr_assert(llabs(on.weights - off.weights - rank) < rank / 50,
	    "%lld - %lld", (long long)on.weights, (long long)off.weights);
	cr_assert(
	    llabs(off.mm.tower_not_built - (on.weights - off.weights)) <= 2);
	in.version = VLLM_VER(0, 15, 1);
	plan_compute(c, &in, &old);
	cr_assert_eq(old.phase, PHASE_NONE, "%s", old.message);
	cr_assert_eq(old.mm.tower_not_built, 0);
	in.limit_mm_images = 1;
	plan_compute(c, &in, &on);
	cr_assert_eq(old.weights, on.weights, "0.15.1 builds the tower");
}
