/*
 * test_arch_audio.c - models with an audio tower beside the text model:
 * Gemma 4's E2B (gemma4.py, gemma4_mm.py) from its config
 * (tests/fixtures/configs/gemma4/gemma-4-E2B-it, put together as SOURCES.md
 * there says): the audio tower's parameters, the KV-shared layers' double
 * MLP, the tower left out at an audio limit of 0, the profile run's
 * modality and the refusal where audio clips would be profiled.  Each
 * expected figure is worked out by hand in the comment beside it.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fixes.h"
#include "core/plan.h"
#include "core/weights.h"
#include "helpers.h"
#include "io/mistral_params.h"

#define E2B "gemma4/gemma-4-E2B-it"

/*
 * E2B's audio tower (transformers' Gemma4AudioModel, h 1024, 12 blocks,
 * 8 heads, kernel 5, channels [128, 32], output_proj_dims 1536):
 *   sub-sample: 128 x 9 + 128 + 32 x 128 x 9 + 32 = 38,176; input
 *     projection (128 / 4) x 32 x 1024 = 1,048,576: 1,086,752
 *   a block: 24 x 1024^2 = 25,165,824 + 5 x 1024 + 9 x 1024 + 1024 / 8
 *     = 25,180,288; x 12 = 302,163,456
 *   output_proj: 1024 x 1536 + 1536 = 1,574,400
 *   embed_audio's projection to the text width: 1536 x 1536 = 2,359,296
 * 307,183,904 parameters.  gemma4_mm.py: 750 tokens a clip (Gemma4Processor's
 * audio_seq_length); the tower skipped at audio 0 in every release.
 * use_double_wide_mlp: the 20 KV-shared layers (15-34) have 2 x 6144.
 */
Test(audio, gemma4_e2b_tower_and_double_wide_mlp)
{
	struct model m;
	int i;

	test_config_load(E2B, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_float_eq(m.audio_params, 307183904.0, 0.5, "%.0f",
	    m.audio_params);
	cr_assert_eq(m.mm_audio_tokens, 750);
	cr_assert_eq(m.audio_skip_since, VLLM_VER_OLDEST);
	cr_assert_eq(m.layers, 35);
	for (i = 0; i < 35; i++) {
		if (i >= 15) {
			cr_assert_eq(m.ld[i].mixer, MIXER_SHARED, "layer %d",
			    i);
			cr_assert_eq(m.ld[i].ffn_intermediate, 12288,
			    "layer %d", i);
		} else {
			cr_assert_neq(m.ld[i].mixer, MIXER_SHARED, "layer %d",
			    i);
			cr_assert_neq(m.ld[i].ffn_intermediate, 12288,
			    "layer %d", i);
		}
	}
	model_done(&m);
}

/* The fixture's text with use_double_wide_mlp set to value. */
static char *
e2b_json(const char *value)
{
	char path[512], *s, *at;
	const char *top = getenv("TOP_SRCDIR");
	const char *key = "\"use_double_wide_mlp\": true";
	FILE *f;
	long n;

	snprintf(path, sizeof path, "%s/tests/fixtures/configs/%s/config.json",
	    top ? top : ".", E2B);
	f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	s = calloc(1, (size_t)n + 16);
	cr_assert_not_null(s);
	cr_assert_eq(fread(s, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	at = strstr(s, key);
	cr_assert_not_null(at);
	memmove(at + strlen("\"use_double_wide_mlp\": ") + strlen(value),
	    at + strlen(key), strlen(at + strlen(key)) + 1);
	memcpy(at + strlen("\"use_double_wide_mlp\": "), value, strlen(value));
	return s;
}

/*
 * The double MLP of the 20 KV-shared layers: gate, up and down of
 * 1536 x 6144 more each, 3 x 1536 x 6144 x 20 = 566,231,040 parameters.
 */
Test(audio, gemma4_double_wide_mlp_parameters)
{
	struct model wide, narrow;
	char *a = e2b_json("true"), *b = e2b_json("false");

	test_config_parse(a, &wide);
	test_config_parse(b, &narrow);
	cr_assert_float_eq((weights_param_count(&wide) -
			       weights_param_count(&narrow)) *
		1e9,
	    566231040.0, 1.0, "%.0f",
	    (weights_param_count(&wide) - weights_param_count(&narrow)) * 1e9);
	model_done(&wide);
	model_done(&narrow);
	free(a);
	free(b);
}

static void
e2b_input(struct plan_input *in, struct model *m)
{
	test_input(in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in->model = m;
	in->ckpt = -1;
	in->format = FMT_COUNT;
}

/*
 * Default limits: image 280, audio 750 and video 32 x (70 + 8) = 2,496
 * tokens an item; profile_run encodes the largest, videos (8192 // 2496 =
 * 3 of them), and the audio tower is built: 307,183,904 x 2 = 614,367,808
 * bytes more than at {"audio":0}, where _mark_tower_model leaves it out.
 */
Test(audio, gemma4_e2b_plans_with_audio_on)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan on, off;
	struct model m;

	test_config_load(E2B, &m);
	e2b_input(&in, &m);
	plan_compute(c, &in, &on);
	cr_assert_eq(on.phase, PHASE_NONE, "%s", on.message);
	cr_assert_str_eq(on.mm.modality, "video");
	cr_assert_eq(on.mm.max_tok_per_item, 2496);
	cr_assert_eq(on.mm.items_per_batch, 3);
	cr_assert_eq(on.mm.audio_not_built, 0);
	in.limit_mm_audios = 0;
	plan_compute(c, &in, &off);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	cr_assert_eq(on.weights - off.weights, 614367808LL, "%lld",
	    (long long)(on.weights - off.weights));
	cr_assert_eq(off.mm.audio_not_built, 614367808LL);
	/* the profile run is the same videos either way */
	cr_assert_eq(off.mm.profiled_tokens, on.mm.profiled_tokens);
	cr_assert_gt(off.kv_tokens, on.kv_tokens);
	model_done(&m);
}

/*
 * Without videos audio clips (750 tokens) outweigh images (280) and
 * profile_run would encode them through the Conformer tower, whose peak is
 * not modelled: refused with the way past, which plans as the audio-off
 * plan with videos at 0 (images then profiled, 280 tokens).
 */
Test(audio, gemma4_e2b_audio_profile_refused)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct fix fx[16];
	size_t i, n;
	struct model m;
	int found = 0;

	test_config_load(E2B, &m);
	e2b_input(&in, &m);
	in.limit_mm_videos = 0;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_not_null(strstr(p.message, "750 tokens an item"), "%s",
	    p.message);
	cr_assert_not_null(strstr(p.message, "\"audio\":0"), "%s", p.message);
	n = fixes_compute(c, &in, &p, fx, 16);
	for (i = 0; i < n; i++)
		if (strcmp(fx[i].flags,
			"--limit-mm-per-prompt '{\"video\":0,\"audio\":0}'") ==
		    0) {
			found = 1;
			cr_assert_eq(fx[i].phase, PHASE_NONE);
		}
	cr_assert(found, "no audio fix among %zu", n);
	in.limit_mm_audios = 0;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_str_eq(p.mm.modality, "image");
	cr_assert_eq(p.mm.max_tok_per_item, 280);
	/* images off too: audio alone is still the profiled modality */
	in.limit_mm_audios = 1;
	in.limit_mm_images = 0;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	model_done(&m);
}

#define Q2A "qwen2-audio/Qwen2-Audio-7B"

/*
 * Qwen2-Audio-7B: the text model from Qwen2Config's defaults (hidden 4096,
 * 32 layers, 32 heads and KV heads of 128, untied, no window) with the
 * config's intermediate 11008 and vocabulary 156,032: KV 2 x 32 x 128 x 2 B
 * x 32 = 524,288 B a token.  Parameters: a layer 4 x 4096^2 + 3 x 4096 x
 * 11008 = 202,375,168 with the qkv biases 3 x 4096 and two norms 2 x 4096:
 * 202,395,648, x 32 = 6,476,660,736; embed_tokens and lm_head 2 x 156,032 x
 * 4096 = 1,278,214,144; the final norm 4096: 7,754,878,976 text parameters.
 * The audio tower (Qwen2AudioEncoder, d 1280, 32 layers, ffn 5120, 128 mel
 * bins, 1500 positions): conv1 128 x 1280 x 3 + 1280 = 492,800; conv2
 * 1280^2 x 3 + 1280 = 4,916,480; positions 1500 x 1280 = 1,920,000; a layer
 * 4 x 1280^2 + 3 x 1280 + 4 x 1280 + 2 x 1280 x 5120 + 5120 + 1280 =
 * 19,676,160, x 32 = 629,637,120; the final norm 2,560; the projector
 * 1280 x 4096 + 4096 = 5,246,976: 642,215,936.  8,397,094,912 in all.
 * A clip: (1500 - 2) // 2 + 1 = 750 tokens.
 */
Test(audio, qwen2_audio_7b_read)
{
	struct model m;

	test_config_load(Q2A, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.hidden, 4096);
	cr_assert_eq(m.layers, 32);
	cr_assert_eq(m.kv_heads, 32);
	cr_assert_eq(m.tie_embeddings, 0);
	cr_assert_eq(m.sliding_window, 0);
	cr_assert_float_eq(m.audio_params, 642215936.0, 0.5, "%.0f",
	    m.audio_params);
	cr_assert_float_eq(weights_param_count(&m), 8.397094912, 1e-9, "%.9f",
	    weights_param_count(&m));
	cr_assert_eq(m.mm_audio_tokens, 750);
	cr_assert_eq(m.audio_skip_since, 0);
	cr_assert_not_null(m.assumption);
	cr_assert_not_null(strstr(m.assumption, "0.642B"), "%s", m.assumption);
	model_done(&m);
}

/*
 * Audio on (the default): profile_run encodes the dummy 30-second clips
 * (qwen2_audio.py: chunk_length x sampling_rate samples, 3000 mel frames,
 * 1500 encoder positions, 750 tokens after the pooling), as many as
 * MultiModalBudget takes.  At max_model_len 8192 and 8192 batched tokens:
 *   items a prompt  max(1, min(999, 8192 // 750)) = 10
 *   items a batch   max(1, min(8192 // 750, 256 x 10)) = 10
 *   tokens          10 x 750 = 7,500; positions 10 x 1500 = 15,000
 *   peak a position 4 x (1280 + 5120) + 4 x 1280 (conv1's two frames)
 *                   + 1500 x 2 (the (clips, 1, 1500, 1500) bf16 mask)
 *                   = 25,600 + 5,120 + 3,000 = 33,720 B
 *   encoder peak    15,000 x 33,720 = 505,800,000 B
 *   outputs         7,500 x 4096 x 2 = 61,440,000 B
 * The text model's own peak is larger, so the torch peak grows by the
 * outputs alone.  The tower's linears are transformers' nn.Linear, whole
 * on every rank: at TP 2 the encoder peak stays the same.  At 2048
 * batched tokens: 2 clips, 3,000 positions, 101,160,000 B.  At audio 0
 * the text model plans with the tower still in the weights (no release
 * that leaves it out established): 642,215,936 x 2 = 1,284,431,872
 * bytes more than the same model without one.
 */
Test(audio, qwen2_audio_7b_planned_with_audio)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p, off, bare;
	struct model m;

	test_config_load(Q2A, &m);
	e2b_input(&in, &m);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.max_model_len, 8192);
	cr_assert_eq(p.max_num_batched_tokens, 8192);
	cr_assert(p.mm.active);
	cr_assert_str_eq(p.mm.modality, "audio");
	cr_assert_eq(p.mm.max_tok_per_item, 750);
	cr_assert_eq(p.mm.encoder_budget, 8192);
	cr_assert_eq(p.mm.items_per_prompt, 10);
	cr_assert_eq(p.mm.items_per_batch, 10);
	cr_assert_eq(p.mm.profiled_tokens, 7500);
	cr_assert_eq(p.mm.encoder_patches, 15000);
	cr_assert_eq(p.mm.encoder_activation, 505800000LL, "%lld",
	    (long long)p.mm.encoder_activation);
	cr_assert_eq(p.mm.encoder_cache, 61440000LL);
	in.limit_mm_audios = 0;
	plan_compute(c, &in, &off);
	cr_assert_eq(off.phase, PHASE_NONE, "%s", off.message);
	cr_assert(off.mm.text_only);
	cr_assert(off.activation > 505800000LL);
	cr_assert_eq(p.activation - off.activation, 61440000LL, "%lld",
	    (long long)(p.activation - off.activation));
	cr_assert_eq(off.bytes_per_token, 524288);
	cr_assert_eq(off.mm.audio_not_built, 0);
	m.audio_params = 0;
	plan_compute(c, &in, &bare);
	cr_assert_eq(bare.phase, PHASE_NONE, "%s", bare.message);
	cr_assert_eq(off.weights - bare.weights, 1284431872LL, "%lld",
	    (long long)(off.weights - bare.weights));
	model_done(&m);

	test_config_load(Q2A, &m);
	e2b_input(&in, &m);
	in.tp = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.mm.encoder_activation, 505800000LL, "%lld",
	    (long long)p.mm.encoder_activation);
	in.tp = 1;
	in.max_num_batched_tokens = 2048;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.mm.items_per_batch, 2);
	cr_assert_eq(p.mm.encoder_activation, 101160000LL, "%lld",
	    (long long)p.mm.encoder_activation);
	model_done(&m);
}

/* The catalogue's google/gemma-4-E2B-it is the fixture's config: the same
 * plan, audio tower and all (614,367,808 bytes more than at audio 0). */
Test(audio, gemma4_e2b_in_the_catalogue)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan cat, dir;
	struct model m;

	test_input(&in, "h100-sxm", "google/gemma-4-E2B-it", NULL);
	plan_compute(c, &in, &cat);
	cr_assert_eq(cat.phase, PHASE_NONE, "%s", cat.message);
	test_config_load(E2B, &m);
	e2b_input(&in, &m);
	plan_compute(c, &in, &dir);
	cr_assert_eq(cat.weights, dir.weights, "%lld vs %lld",
	    (long long)cat.weights, (long long)dir.weights);
	cr_assert_eq(cat.kv_tokens, dir.kv_tokens);
	test_input(&in, "h100-sxm", "google/gemma-4-E2B-it", NULL);
	in.limit_mm_audios = 0;
	plan_compute(c, &in, &dir);
	cr_assert_eq(cat.weights - dir.weights, 614367808LL);
	model_done(&m);
}

/*
 * E4B (tests/fixtures/configs/gemma4/gemma-4-E4B-it): the same audio tower
 * with embed_audio to 2560, 304,824,608 + 1536 x 2560 = 308,756,768
 * parameters; no double-wide MLP; 24 layers keep a cache, full where
 * (i + 1) % 6 == 0 (5, 11, 17, 23), the last 18 share: KV a token 20 x 2 x
 * 2 x 256 x 2 + 4 x 2 x 2 x 512 x 2 = 40,960 + 16,384 = 57,344 B; the
 * catalogue's google/gemma-4-E4B-it plans as the fixture.
 */
Test(audio, gemma4_e4b_tower_and_cache)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan cat, dir;
	struct model m;
	int i;

	test_config_load("gemma4/gemma-4-E4B-it", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_float_eq(m.audio_params, 308756768.0, 0.5, "%.0f",
	    m.audio_params);
	for (i = 0; i < 42; i++)
		cr_assert_neq(m.ld[i].ffn_intermediate, 20480, "layer %d", i);
	e2b_input(&in, &m);
	plan_compute(c, &in, &dir);
	cr_assert_eq(dir.phase, PHASE_NONE, "%s", dir.message);
	cr_assert_eq(dir.bytes_per_token, 57344);
	test_input(&in, "h100-sxm", "google/gemma-4-E4B-it", NULL);
	plan_compute(c, &in, &cat);
	cr_assert_eq(cat.phase, PHASE_NONE, "%s", cat.message);
	cr_assert_eq(cat.weights, dir.weights);
	cr_assert_eq(cat.kv_tokens, dir.kv_tokens);
	model_done(&m);
}

#define VOXTRAL "voxtral/Voxtral-Mini-3B-2507"

/*
 * Voxtral Mini's params.json (tests/fixtures/configs/voxtral, SOURCES.md)
 * as vLLM's _remap_mistral_audio_args turns it into a tree: the text model
 * MistralForCausalLM (hidden 3072, 30 layers, 32 heads and 8 KV heads of
 * 128, hidden 8192, vocabulary 131072, untied): a layer 3072 x 4096 x 2 +
 * 3072 x 1024 x 2 + 3 x 3072 x 8192 = 106,954,752 and two norms 6,144:
 * 106,960,896, x 30 = 3,208,826,880; embed_tokens and lm_head 2 x 131,072 x
 * 3072 = 805,306,368; the final norm 3072: 4,014,136,320.  KV 2 x 8 x 128 x
 * 2 B x 30 = 122,880 B a token.  The tower (VoxtralEncoderModel's
 * WhisperEncoder, d 1280, 32 layers, ffn 5120, 20 heads of 64, 128 mel
 * bins, 1500 positions): conv1 128 x 1280 x 3 + 1280 = 492,800; conv2 1280^2
 * x 3 + 1280 = 4,916,480; positions 1500 x 1280 = 1,920,000; a layer: qkv
 * 3 x 1280^2 + 3 x 1280 = 4,919,040, out 1280^2 + 1280 = 1,639,680, two
 * LayerNorms 5,120, fc1 1280 x 5120 + 5120 = 6,558,720, fc2 5120 x 1280 +
 * 1280 = 6,554,880: 19,677,440, x 32 = 629,678,080; the final LayerNorm
 * 2,560; AudioLanguageAdapter w_in 5120 x 3072 = 15,728,640 and w_out
 * 3072^2 = 9,437,184: 662,175,744.  4,676,312,064 in all (the Voxtral
 * paper's "Voxtral Mini (~4.7B)").  max_model_len min(128000, max_seq_len
 * 32768) = 32768, what vLLM printed for the repo (PR #21077).
 */
Test(audio, voxtral_mini_read_from_params_json)
{
	struct model m;

	test_config_load(VOXTRAL, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_str_eq(m.architecture, "VoxtralForConditionalGeneration");
	cr_assert_eq(m.hidden, 3072);
	cr_assert_eq(m.layers, 30);
	cr_assert_eq(m.kv_heads, 8);
	cr_assert_eq(m.head_dim, 128);
	cr_assert_eq(m.tie_embeddings, 0);
	cr_assert_eq(m.derived_max_len, 32768);
	cr_assert_float_eq(m.audio_params, 662175744.0, 0.5, "%.0f",
	    m.audio_params);
	cr_assert_float_eq(weights_param_count(&m), 4.676312064, 1e-9, "%.9f",
	    weights_param_count(&m));
	cr_assert_eq(m.mm_audio_tokens, MODEL_AUDIO_TOKENS_MAX_LEN);
	cr_assert_eq(m.audio_skip_since, 0);
	cr_assert_not_null(m.assumption);
	cr_assert_not_null(strstr(m.assumption, "0.662B"), "%s", m.assumption);
	model_done(&m);
}

/*
 * Audio on (the default): the dummy clip is max_model_len tokens
 * (get_max_audio_tokens), not modelled: refused, the fix {"audio":0}.  At
 * audio 0 the text model plans, 122,880 B a token, the tower in the
 * weights: 662,175,744 x 2 = 1,324,351,488 bytes more than without it.
 */
Test(audio, voxtral_mini_planned_at_audio_0)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p, bare;
	struct model m;
	struct fix fx[16];
	size_t i, n;
	int found = 0;

	test_config_load(VOXTRAL, &m);
	e2b_input(&in, &m);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_not_null(strstr(p.message, "max_model_len tokens each"), "%s",
	    p.message);
	/* what is missing: the tokenizer's frame_rate and chunk_length_s,
	 * which set the clip's padding and so its encoder chunks */
	cr_assert_not_null(strstr(p.message,
			       "frame_rate and chunk_length_s "
			       "are the tokenizer's (tekken.json)"),
	    "%s", p.message);
	n = fixes_compute(c, &in, &p, fx, 16);
	for (i = 0; i < n; i++)
		if (strcmp(fx[i].flags,
			"--limit-mm-per-prompt '{\"audio\":0}'") == 0) {
			found = 1;
			cr_assert_eq(fx[i].phase, PHASE_NONE);
		}
	cr_assert(found, "no audio fix among %zu", n);
	in.limit_mm_audios = 0;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.bytes_per_token, 122880);
	cr_assert_eq(p.max_model_len, 32768);
	m.audio_params = 0;
	plan_compute(c, &in, &bare);
	cr_assert_eq(bare.phase, PHASE_NONE, "%s", bare.message);
	cr_assert_eq(p.weights - bare.weights, 1324351488LL, "%lld",
	    (long long)(p.weights - bare.weights));
	model_done(&m);
}

/*
 * The Hugging Face config.json of the repo (VoxtralEncoderConfig, no
 * downsample_factor): voxtral.py reads config.audio_config.downsample_factor,
 * which only the params.json conversion sets: refused, params.json named.
 * A causal encoder (Voxtral Realtime) is refused at the conversion.
 */
Test(audio, voxtral_hf_config_and_realtime_refused)
{
	struct model m;
	char err[512];
	const char *bad = NULL;
	cJSON *p;

	test_config_parse(
	    "{\"architectures\":[\"VoxtralForConditionalGeneration\"],"
	    "\"model_type\":\"voxtral\",\"audio_config\":{\"hidden_size\":"
	    "1280,\"num_hidden_layers\":32,\"intermediate_size\":5120,"
	    "\"num_attention_heads\":20,\"num_mel_bins\":128,"
	    "\"max_source_positions\":1500,\"model_type\":\"voxtral_encoder\"},"
	    "\"text_config\":{\"model_type\":\"llama\",\"hidden_size\":3072,"
	    "\"num_hidden_layers\":30,\"num_attention_heads\":32,"
	    "\"num_key_value_heads\":8,\"head_dim\":128,\"intermediate_size\":"
	    "8192,\"vocab_size\":131072,\"max_position_embeddings\":131072}}",
	    &m);
	cr_assert_not_null(m.refusal);
	cr_assert_not_null(strstr(m.refusal, "audio_config.downsample_factor"),
	    "%s", m.refusal);
	cr_assert_not_null(strstr(m.refusal, "params.json"), "%s", m.refusal);
	model_done(&m);
	p = cJSON_Parse(
	    "{\"dim\":3072,\"n_layers\":26,\"head_dim\":128,\"hidden_dim\":"
	    "9216,\"n_heads\":32,\"n_kv_heads\":8,\"vocab_size\":131072,"
	    "\"multimodal\":{\"whisper_model_args\":{\"encoder_args\":{"
	    "\"audio_encoding_args\":{\"num_mel_bins\":128},\"dim\":1280,"
	    "\"n_layers\":32,\"head_dim\":64,\"hidden_dim\":5120,\"n_heads\":"
	    "32,\"causal\":true},\"downsample_args\":{\"downsample_factor\":4}"
	    "}}}");
	cr_assert_null(mistral_params_to_hf(p, err, sizeof err, &bad));
	cr_assert_not_null(strstr(err, "Voxtral Realtime"), "%s", err);
	cr_assert_str_eq(bad,
	    "multimodal.whisper_model_args.encoder_args.causal");
	cJSON_Delete(p);
}

/* The catalogue's mistralai/Voxtral-Mini-3B-2507 is the fixture's tree: the
 * same plan at audio 0 (weights with the tower, KV, 32,768 tokens), and
 * the same refusal with audio on. */
Test(audio, voxtral_mini_in_the_catalogue)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan cat, dir;
	struct model m;

	test_input(&in, "l40s", "mistralai/Voxtral-Mini-3B-2507", NULL);
	plan_compute(c, &in, &cat);
	cr_assert_eq(cat.phase, PHASE_CONFIG);
	in.limit_mm_audios = 0;
	plan_compute(c, &in, &cat);
	cr_assert_eq(cat.phase, PHASE_NONE, "%s", cat.message);
	test_config_load(VOXTRAL, &m);
	test_input(&in, "l40s", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.format = FMT_COUNT;
	in.limit_mm_audios = 0;
	plan_compute(c, &in, &dir);
	cr_assert_eq(dir.phase, PHASE_NONE, "%s", dir.message);
	cr_assert_eq(cat.weights, dir.weights, "%lld vs %lld",
	    (long long)cat.weights, (long long)dir.weights);
	cr_assert_eq(cat.kv_tokens, dir.kv_tokens);
	cr_assert_eq(cat.bytes_per_token, 122880);
	cr_assert_eq(cat.max_model_len, 32768);
	model_done(&m);
}

/*
 * The Omni models: vLLM serves the thinker alone (qwen2_5_omni_thinker.py,
 * qwen3_omni_moe_thinker.py), its text model under thinker_config; headroom
 * reads none of it, and the refusal says what the class builds.  Phi-4-
 * multimodal's adapters and encoders, likewise.
 */
Test(audio, omni_thinkers_refused_naming_what_vllm_builds)
{
	static const struct {
		const char *arch, *mt, *text;
	} rows[] = {
		{ "Qwen3OmniMoeForConditionalGeneration", "qwen3_omni_moe",
		    "Qwen3-MoE text model from thinker_config.text_config" },
		{ "Qwen2_5OmniForConditionalGeneration", "qwen2_5_omni",
		    "Qwen2 text model from thinker_config.text_config" },
		{ "Qwen2_5OmniModel", "qwen2_5_omni",
		    "Qwen2 text model from thinker_config.text_config" },
		/* phi4mm.py: load_weights skips every "lora" weight */
		{ "Phi4MMForCausalLM", "phi4mm",
		    "skips the checkpoint's vision and speech LoRA weights" },
	};
	char json[256];
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct model m;

		snprintf(json, sizeof json,
		    "{\"architectures\":[\"%s\"],\"model_type\":\"%s\","
		    "\"thinker_config\":{}}",
		    rows[i].arch, rows[i].mt);
		test_config_parse(json, &m);
		cr_assert_not_null(m.refusal, "%s", rows[i].arch);
		cr_assert_not_null(strstr(m.refusal, rows[i].text), "%s",
		    m.refusal);
		cr_assert_not_null(strstr(m.refusal, rows[i].arch), "%s",
		    m.refusal);
		model_done(&m);
	}
}
