/*
 * test_arch_gemma3n.c - Gemma 3n (gemma3n.py, gemma3n_mm.py) from the
 * E2B and E4B configs (tests/fixtures/configs/gemma3n/, how they were put
 * together in SOURCES.md there): which layers hold KV, the groups and pages
 * vLLM's allocator builds, the weights of a rank and the towers' refusal.
 * Each expected figure is worked out by hand in the comment beside it.
 *
 * E2B: 30 layers, hidden 2048, 8 heads, 2 KV heads of 256, window 512,
 * full attention where (i + 1) % 5 == 0, the last 10 layers read the KV of
 * layer 19 (full) or 18 (sliding).  E4B: 35 layers, the last 15 shared, so
 * its first 20 layers are E2B's: both keep 16 sliding and 4 full caches.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/kv.h"
#include "core/plan.h"
#include "core/weights.h"
#include "io/hfconfig.h"
#include "io/model_dir.h"
#include "helpers.h"

/* A fixture of tests/fixtures/configs/gemma3n. */
static void
load(const char *rel, struct model *m)
{
	char r[256];

	snprintf(r, sizeof r, "gemma3n/%s", rel);
	test_config_load(r, m);
}

/* vLLM's defaults of a current release, with max_num_batched_tokens mnbt */
static void
params(struct kv_params *p, int tp, enum kv_dtype kv, int mnbt)
{
	test_kv_params(p, tp, kv, MAMBA_MODE_NONE);
	p->mnbt = mnbt;
}

/* Layers 0-19 hold their own cache, 20-29 share (layer_types as given). */
Test(gemma3n, e2b_layers_holding_kv)
{
	struct model m;
	int i;

	load("gemma-3n-E2B-it", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_str_eq(m.architecture, "Gemma3nForConditionalGeneration");
	cr_assert_eq(m.layers, 30);
	cr_assert_eq(m.n_nokv_layers, 10);
	/* sliding among the 20 that keep KV: 20 - 4 full (4, 9, 14, 19) */
	cr_assert_eq(m.n_sliding, 16);
	cr_assert_eq(m.sliding_window, 512);
	for (i = 0; i < 30; i++) {
		cr_assert_eq(m.ld[i].mixer,
		    i >= 20 ? MIXER_SHARED : MIXER_ATTENTION, "layer %d", i);
		cr_assert_eq(m.layer_kind[i],
		    (i + 1) % 5 == 0 ? LAYER_FULL : LAYER_SLIDING, "layer %d",
		    i);
		cr_assert_eq(m.ld[i].ffn_intermediate, 8192);
	}
	cr_assert_eq(m.intermediate, 8192);
	cr_assert_eq(m.ple_hidden, 256);
	cr_assert_eq(m.ple_vocab, 262144);
	cr_assert_eq(m.laurel_rank, 64);
	cr_assert_eq(m.altup_inputs, 4);
	cr_assert_eq(m.no_pp, 1);
	/* gemma3n_mm.py: TOKENS_PER_IMAGE 256, TOKENS_PER_AUDIO 188 */
	cr_assert_eq(m.mm_tokens_per_item, 256);
	cr_assert_eq(m.mm_audio_tokens, 188);
	cr_assert_not_null(
	    strstr(m.assumption, "without the vision and audio"));
	model_done(&m);
}

/*
 * The allocator's view at each TP, bf16 and fp8.  Page of one layer = 16
 * tokens x 2 (K, V) x KV heads on the rank x 256 x bytes.  16 sliding and 4
 * full layers of one page: group size min(16, 4) = 4 (16 is not below
 * 4 x 1.25), 4 sliding groups + 1 full.
 *  TP 1 bf16: 2 heads -> 32,768 B; 20 x 2 x 2 x 256 x 2 = 40,960 B a token.
 *  TP 2: 1 head -> 16,384 B, 20,480 B a token.
 *  TP 4, TP 8: 2 KV heads < TP, replicated: still 1 a rank -> 16,384 B.
 *  fp8 halves each: TP 1 16,384 B (20,480 a token), TP 2-8 8,192 B.
 * 40 GiB at TP 1 bf16: 42,949,672,960 // (32,768 x 4) = 327,680 blocks.
 * A 32,768-token request, mnbt 8192: cdiv(32768, 16) = 2048 full blocks +
 * 4 groups x (cdiv(511 + 8192, 16) = 544, + 1) = 2180 -> 4228 blocks;
 * 327,680 / 4228 = 77.50x.
 */
Test(gemma3n, e2b_groups_and_pages_tp_and_kv_dtype)
{
	static const struct {
		int tp;
		enum kv_dtype kv;
		int64_t page, per_token;
	} cases[] = {
		{ 1, KV_AUTO, 32768, 40960 },
		{ 2, KV_AUTO, 16384, 20480 },
		{ 4, KV_AUTO, 16384, 20480 },
		{ 8, KV_AUTO, 16384, 20480 },
		{ 1, KV_FP8, 16384, 20480 },
		{ 2, KV_FP8, 8192, 10240 },
		{ 4, KV_FP8, 8192, 10240 },
		{ 8, KV_FP8, 8192, 10240 },
	};
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	size_t i;

	load("gemma-3n-E2B-it", &m);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		params(&p, cases[i].tp, cases[i].kv, 8192);
		test_kv_layout(&m, &p, &l);
		cr_assert_eq(l.layers, 20, "case %zu", i);
		cr_assert_eq(l.page, cases[i].page, "case %zu: page %lld", i,
		    (long long)l.page);
		cr_assert_eq(l.bytes_per_token, cases[i].per_token, "case %zu",
		    i);
		cr_assert_eq(l.group_size, 4, "case %zu", i);
		cr_assert_eq(l.n_groups, 5, "case %zu", i);
		cr_assert_eq(l.n_full_groups, 1, "case %zu", i);
		cr_assert_eq(l.padding_layers, 0, "case %zu", i);
	}
	params(&p, 1, KV_AUTO, 8192);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(kv_num_blocks(&l, (int64_t)40 << 30), 327680);
	cr_assert_eq(kv_blocks_per_request(&l, 32768), 2048 + 4 * 545);
	model_done(&m);
}

/* E4B: 35 layers, 15 shared -> the same 20 caches, so E2B's pages. */
Test(gemma3n, e4b_shares_its_last_15_layers)
{
	struct model m;
	struct kv_params p;
	struct kv_layout l;
	int i;

	load("gemma-3n-E4B-it", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.layers, 35);
	cr_assert_eq(m.n_nokv_layers, 15);
	cr_assert_eq(m.n_sliding, 16);
	for (i = 0; i < 35; i++) {
		cr_assert_eq(m.ld[i].mixer,
		    i >= 20 ? MIXER_SHARED : MIXER_ATTENTION, "layer %d", i);
		cr_assert_eq(m.ld[i].ffn_intermediate, 16384);
	}
	params(&p, 1, KV_AUTO, 2048);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.layers, 20);
	cr_assert_eq(l.page, 32768);
	cr_assert_eq(l.n_groups, 5);
	/* mnbt 2048: 2048 + 4 x (cdiv(511 + 2048, 16) = 160, + 1) = 2692 */
	cr_assert_eq(kv_blocks_per_request(&l, 32768), 2048 + 4 * 161);
	params(&p, 2, KV_FP8, 2048);
	test_kv_layout(&m, &p, &l);
	cr_assert_eq(l.page, 8192);
	model_done(&m);
}

/*
 * E2B's weights on a rank, counted from gemma3n.py's modules (bf16).
 * A layer at TP 1: q 2048 x 2048 + k, v 2 x 2048 x 512 + o 2048 x 2048 =
 * 10,485,760; MLP 3 x 2048 x 8192 = 50,331,648; LAuReL 2 x 2048 x 64 =
 * 262,144; per-layer input gate and projection 2 x 2048 x 256 = 1,048,576;
 * AltUp 4 x 4 + 4 x 16 + 2048 x 4 + its router norm 2048 = 10,320; six
 * norms of 2048 and q, k norms of 256 = 12,800 -> 62,151,248 x 2 B, plus the
 * float32 correct_output_scale 2048 x 4 B: 124,310,688 B; x 30 =
 * 3,729,320,640.  Once: embed_tokens 262,400 x 2048 = 537,395,200, the
 * per-layer embedding 262,144 x (30 x 256) = 2,013,265,920, its projection
 * 2048 x 7680 = 15,728,640 and norm 256, AltUp's six 2048 x 2048
 * projections 25,165,824, the final norm 2048: 2,591,557,888 x 2 B =
 * 5,183,115,776.  The RoPE cache 32,768 x 256 x 2 B = 16,777,216.  Total
 * 8,929,213,632 B.
 * TP 2: a layer q, o 2 x 2048 x 1024 + k, v one KV head 2 x 2048 x 256 =
 * 5,242,880, MLP 25,165,824, LAuReL 131,072, the replicated 1,048,576 +
 * 10,320 + 12,800 -> 31,611,472 x 2 + 8192 = 63,231,136; x 30 =
 * 1,896,934,080.  Once: 268,697,600 + 1,006,632,960 + 7,864,320 + 256 +
 * 12,582,912 + 2048 = 1,295,780,096 x 2 = 2,591,560,192; with the RoPE
 * cache 4,505,271,488 B.
 * Parameters: 62,153,296 x 30 + 2,591,557,888 = 4,456,156,768, the 4.46B
 * text parameters a public ExecuTorch export of E2B-it lists
 * (maceip/gemma3n-executorch README.md).
 */
Test(gemma3n, e2b_weights_of_a_rank)
{
	struct model m;
	struct weights_breakdown w;

	load("gemma-3n-E2B-it", &m);
	weights_rank(&m, FMT_BF16, 2, 1, 1, 0, &w);
	cr_assert_float_eq(w.total, 8929213632.0, 0.5, "%.0f", w.total);
	weights_rank(&m, FMT_BF16, 2, 2, 1, 0, &w);
	cr_assert_float_eq(w.total, 4505271488.0, 0.5, "%.0f", w.total);
	cr_assert_float_eq(weights_param_count(&m), 4.456156768, 1e-9, "%.9f",
	    weights_param_count(&m));
	/* the per-layer inputs buffer: 8192 x 30 x 256 x 2 B */
	cr_assert_float_eq(weights_ple_buffer_bytes(&m, 8192, 2), 125829120.0,
	    0.5);
	model_done(&m);
}

/*
 * E4B: a layer as E2B's with an MLP of 3 x 2048 x 16384 = 100,663,296:
 * 112,484,944 parameters (the float32 scale counted once), x 35 =
 * 3,936,973,040; once: 537,395,200 + 262,144 x 8960 = 2,348,810,240 +
 * 2048 x 8960 = 18,350,080 + 256 + 25,165,824 + 2048 = 2,929,723,648.
 * 6,866,696,688 parameters in all.
 */
Test(gemma3n, e4b_parameters)
{
	struct model m;

	load("gemma-3n-E4B-it", &m);
	cr_assert_float_eq(weights_param_count(&m), 6.866696688, 1e-9, "%.9f",
	    weights_param_count(&m));
	model_done(&m);
}

/* The towers' profile run is refused, text only is planned. */
Test(gemma3n, towers_refused_text_only_planned)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h100-sxm", "google/gemma-3n-E2B-it", NULL);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_not_null(strstr(p.message, "MobileNetV5"), "%s", p.message);
	cr_assert_not_null(strstr(p.message, "256 tokens an item"), "%s",
	    p.message);
	in.limit_mm_images = 0;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_not_null(strstr(p.message, "Conformer audio tower (188"),
	    "%s", p.message);
	in.limit_mm_audios = 0;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.mm.active, false);
	/* H100: mnbt 8192; weights as e2b_weights_of_a_rank + the buffer */
	cr_assert_eq(p.max_num_batched_tokens, 8192);
	cr_assert_eq(p.weights, 8929213632LL + 125829120LL, "%lld",
	    (long long)p.weights);
	cr_assert_eq(p.bytes_per_token, 40960);
	/* neither class implements SupportsPP */
	in.pp = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_not_null(strstr(p.message, "SupportsPP"), "%s", p.message);
}

static int
read_json(const char *json, struct model *m, char *err, size_t len,
    const char **bad)
{
	return test_config_try(json, m, err, len, bad);
}

#define TEXT_HEAD                                                              \
	"{\"architectures\":[\"Gemma3nForCausalLM\"],"                         \
	"\"model_type\":\"gemma3n_text\",\"hidden_size\":2048,"                \
	"\"num_hidden_layers\":10,\"num_attention_heads\":8,"                  \
	"\"num_key_value_heads\":2,\"head_dim\":256,\"vocab_size\":262400,"    \
	"\"sliding_window\":512,\"max_position_embeddings\":32768,"

/*
 * Gemma3nForCausalLM (the text class of gemma3n.py): no towers, no
 * buffer; without layer_types transformers' default (full where
 * (i + 1) % 5 == 0) and without num_kv_shared_layers its default 15, here
 * given as 4: layers 6-9 share, 0-5 keep 5 sliding and 1 full cache.
 */
Test(gemma3n, causal_lm_text_config)
{
	struct model m;
	const char *bad;
	char err[512];

	cr_assert_eq(read_json(TEXT_HEAD "\"intermediate_size\":8192,"
					 "\"num_kv_shared_layers\":4}",
			 &m, err, sizeof err, &bad),
	    0, "%s", err);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.n_nokv_layers, 4);
	cr_assert_eq(m.n_sliding, 5);
	cr_assert_eq(m.layer_kind[4], LAYER_FULL);
	cr_assert_eq(m.layer_kind[9], LAYER_FULL);
	cr_assert_eq(m.ple_buffer, 0);
	cr_assert_eq(m.mm_conv_encoder, 0);
	cr_assert_eq(weights_ple_buffer_bytes(&m, 8192, 2), 0);
	cr_assert_not_null(strstr(m.assumption, "Gemma 3n: KV cache"));
	model_done(&m);
}

/* What vLLM refuses, in its words, and a malformed list, named. */
Test(gemma3n, bad_fields)
{
	struct model m;
	const char *bad;
	char err[512];

	cr_assert_eq(read_json(TEXT_HEAD "\"num_kv_shared_layers\":4,"
					 "\"intermediate_size\":[8192,8192]}",
			 &m, err, sizeof err, &bad),
	    -1);
	cr_assert_str_eq(bad, "intermediate_size");
	cr_assert_not_null(strstr(err, "2 entries but num_hidden_layers is 10"),
	    "%s", err);
	cr_assert_eq(read_json(TEXT_HEAD "\"num_kv_shared_layers\":4,"
					 "\"hidden_activation\":\"silu\"}",
			 &m, err, sizeof err, &bad),
	    0, "%s", err);
	cr_assert_not_null(m.refusal);
	cr_assert_not_null(strstr(m.refusal, "`gelu_pytorch_tanh`"), "%s",
	    m.refusal);
	model_done(&m);
	cr_assert_eq(read_json(TEXT_HEAD "\"num_kv_shared_layers\":4,"
					 "\"altup_correct_scale\":false}",
			 &m, err, sizeof err, &bad),
	    0, "%s", err);
	cr_assert_not_null(m.refusal);
	cr_assert_not_null(strstr(m.refusal, "altup_correct_scale"), "%s",
	    m.refusal);
	model_done(&m);
	cr_assert_eq(read_json(TEXT_HEAD "\"num_kv_shared_layers\":10}", &m,
			 err, sizeof err, &bad),
	    -1);
	cr_assert_str_eq(bad, "num_kv_shared_layers");
}

/*
 * A logged "Model loading took" already holds the per-layer inputs buffer:
 * with one on the checkpoint the plan takes the figure as it is.  The
 * built-in entry has none; the test sets 8.43 GiB (the E2B load derived
 * above, buffer included) and puts the catalogue back.
 */
Test(gemma3n, logged_load_holds_the_buffer)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct checkpoint *ck;
	double was;

	test_input(&in, "h100-sxm", "google/gemma-3n-E2B-it", NULL);
	in.limit_mm_images = in.limit_mm_audios = 0;
	cr_assert(in.ckpt >= 0);
	ck = (struct checkpoint *)&c->ckpts[in.ckpt];
	was = ck->loaded_gib;
	ck->loaded_gib = 8.43;
	plan_compute(c, &in, &p);
	ck->loaded_gib = was;
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	/* 8.43 x 2^30 = 9,051,643,576 B, without the 125,829,120 again */
	cr_assert(p.weights > 9051643000LL && p.weights < 9051644000LL, "%lld",
	    (long long)p.weights);
}
