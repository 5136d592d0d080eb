/*
 * test_kv.c - KV-cache pages, groups, blocks and concurrency against the
 * worked examples of vLLM's own arithmetic (reference §4.4, §7) and the
 * per-token figures of the seeds.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "core/kv.h"
#include "helpers.h"

static const struct model *
model(const char *id)
{
	const struct catalogue *c = test_catalogue();
	int i = catalogue_find_model(c, id);

	cr_assert_geq(i, 0, "model %s missing", id);
	return &c->models[i];
}

Test(kv, per_token_bytes_of_the_seeds)
{
	/* 128 KiB Llama 3.1 8B, 256 KiB Qwen3 32B, 320 KiB Llama 3.x 70B (16 bit) */
	const struct model *m8 = model("meta-llama/Llama-3.1-8B-Instruct");
	const struct model *q32 = model("Qwen/Qwen3-32B");
	const struct model *l70 = model("meta-llama/Llama-3.3-70B-Instruct");

	cr_assert_eq(kv_page_bytes(m8, KV_AUTO, 2, 1, 16) * m8->layers / 16,
	    128 * 1024);
	cr_assert_eq(kv_page_bytes(q32, KV_AUTO, 2, 1, 16) * q32->layers / 16,
	    256 * 1024);
	cr_assert_eq(kv_page_bytes(l70, KV_AUTO, 2, 1, 16) * l70->layers / 16,
	    320 * 1024);
	/* FP8 halves it; TP 2 halves the heads per rank */
	cr_assert_eq(kv_page_bytes(l70, KV_FP8, 2, 1, 16) * l70->layers / 16,
	    160 * 1024);
	cr_assert_eq(kv_page_bytes(l70, KV_AUTO, 2, 2, 16) * l70->layers / 16,
	    160 * 1024);
	/* 8 KV heads over TP 16: replicated, one head per rank */
	cr_assert_eq(kv_page_bytes(l70, KV_AUTO, 2, 16, 16),
	    kv_page_bytes(l70, KV_AUTO, 2, 8, 16));
}

Test(kv, worked_example_a_dense_llama_8b)
{
	const struct model *m = model("meta-llama/Llama-3.1-8B-Instruct");
	struct kv_layout l;
	int64_t blocks, bpr, tokens;
	double conc;

	kv_layout_init(&l, kv_page_bytes(m, KV_AUTO, 2, 1, 16), 16, 32, 0, 0,
	    8192);
	cr_assert_eq(l.page, 65536);
	blocks = kv_num_blocks(&l, 59876998069LL);
	cr_assert_eq(blocks, 28551);
	bpr = kv_blocks_per_request(&l, 131072);
	cr_assert_eq(bpr, 8192);
	conc = (double)blocks / bpr;
	tokens = (int64_t)(conc * 131072);
	cr_assert_eq(tokens, 456816);
	cr_assert_eq(kv_needed_bytes(&l, 131072), (int64_t)16 << 30);
	/* estimated max length L* = bs x floor(avail / (layers x page)) */
	cr_assert_eq(kv_estimate_max_len(&l, 59876998069LL, 1 << 30),
	    16 * 28551);
}

Test(kv, worked_example_b_gpt_oss_120b_hybrid)
{
	const struct model *m = model("openai/gpt-oss-120b");
	struct kv_layout l;
	int64_t blocks, bpr;
	double conc;

	cr_assert_eq(m->n_sliding, 18);
	cr_assert_eq(m->sliding_window, 128);
	kv_layout_init(&l, kv_page_bytes(m, KV_BFLOAT16, 2, 1, 16), 16, 18, 18,
	    m->sliding_window, 8192);
	cr_assert_eq(l.page, 32768);
	cr_assert_eq(l.group_size, 18);
	cr_assert_eq(l.n_full_groups + l.n_swa_groups, 2);
	blocks = kv_num_blocks(&l, (int64_t)10 << 30);
	cr_assert_eq(blocks, 18204);
	bpr = kv_blocks_per_request(&l, 131072);
	cr_assert_eq(bpr, 8713);
	conc = (double)blocks / bpr;
	cr_assert_eq((int64_t)(conc * 131072), 273847);
}

Test(kv, gemma3_27b_groups_and_padding)
{
	const struct model *m = model("google/gemma-3-27b-it");
	struct kv_layout l;

	cr_assert_eq(m->layers, 62);
	cr_assert_eq(m->n_sliding, 52);
	kv_layout_init(&l, kv_page_bytes(m, KV_AUTO, 2, 1, 16), 16, 10, 52,
	    1024, 8192);
	cr_assert_eq(l.group_size, 10);
	cr_assert_eq(l.n_full_groups, 1);
	cr_assert_eq(l.n_swa_groups, 6);
	cr_assert_eq(l.padding_layers, 8);
	/* cdiv(L,bs) + 6 x (cdiv(min(1023 + mnbt, L), bs) + 1) */
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 8192 + 6 * (576 + 1));
}

Test(kv, mla_latent_is_not_sharded)
{
	const struct model *m = model("deepseek-ai/DeepSeek-V3");

	cr_assert(m->mla);
	/* 61 layers x 576 x 2 B = 70,272 B per token, on every rank */
	cr_assert_eq(kv_page_bytes(m, KV_AUTO, 2, 1, 64) / 64 * m->layers,
	    70272);
	cr_assert_eq(kv_page_bytes(m, KV_AUTO, 2, 8, 64),
	    kv_page_bytes(m, KV_AUTO, 2, 1, 64));
}

Test(kv, nvfp4_and_per_token_head_pages)
{
	const struct model *m = model("meta-llama/Llama-3.1-8B-Instruct");

	/* 128 -> 64 + 8 bytes per head dim: 0.5625 B per element */
	cr_assert_eq(kv_page_bytes(m, KV_NVFP4, 2, 1, 16), 16 * 8 * (72 + 72));
	cr_assert_eq(kv_page_bytes(m, KV_FP8_PER_TOKEN_HEAD, 2, 1, 16),
	    16 * 8 * 256 + 2 * 16 * 8 * 4);
}

Test(kv, no_memory_means_no_blocks)
{
	struct kv_layout l;

	kv_layout_init(&l, 65536, 16, 32, 0, 0, 8192);
	cr_assert_eq(kv_num_blocks(&l, 0), 0);
	cr_assert_eq(kv_num_blocks(&l, -5), 0);
	cr_assert_eq(kv_estimate_max_len(&l, 1000, 131072), 0);
}

Test(kv, in_flight_batches_widen_sliding_and_chunked_groups)
{
	/* Gemma 3 27B: 6 sliding groups of window 1024 beside one full one.
	 * Two batches of 8192 in flight (0.26.0, vLLM #47728): a sliding
	 * group holds cdiv(min(1023 + 16384, 131072), 16) + 1 = 1,089 blocks
	 * instead of 577. */
	const struct model *m = model("google/gemma-3-27b-it");
	struct kv_params p;
	struct kv_layout l;
	char err[KV_ERR_LEN];

	test_kv_params(&p, 1, KV_AUTO, MAMBA_MODE_NONE);
	test_kv_layout(m, &p, &l);
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 8192 + 6 * 577);
	p.in_flight_batches = 2;
	test_kv_layout(m, &p, &l);
	cr_assert_eq(l.in_flight_tokens, 16384);
	cr_assert_eq(kv_blocks_per_request(&l, 131072), 8192 + 6 * 1089);
	/* not established: refused, naming the cause */
	p.in_flight_batches = -1;
	cr_assert_eq(kv_layout_build(m, &p, 0, m->layers, &l, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "max_concurrent_batches") != NULL, "%s", err);
	/* a dense model has no such layer and keeps its layout */
	test_kv_layout(model("meta-llama/Llama-3.1-8B-Instruct"), &p, &l);
}
