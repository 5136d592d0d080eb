/*
 * test_arch_dsv4.c - DeepSeek-V4's KV-cache layout (core/kv_dsv4.c) worked
 * by hand from vLLM's rules (doc/architectures.md, "DeepSeek-V4"): the page
 * of each spec, the groups, the bytes of one block, the blocks of one
 * request, blocks, tokens and concurrency, and the cases vLLM refuses.
 *
 * The compress_ratios are those of the real config.json files (Flash: the
 * fixture tests/fixtures/configs/dsa/DeepSeek-V4-Flash; Pro: data/models.yaml).
 * Every DeepSeek-V4 cache has one latent head (num_kv_heads=1), replicated
 * on every rank at TP 1, 2, 4 and 8 (and under DP or EP): the layout takes
 * no parallel size, and a rank's blocks, tokens and concurrency follow from
 * its available memory alone.
 */
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/kv_dsv4.h"
#include "core/messages.h"
#include "core/plan.h"
#include "core/profile_dsv4.h"
#include "core/speed.h"
#include "core/units.h"
#include "core/vllm_version.h"
#include "core/weights_dsv4.h"
#include "helpers.h"

/* Flash: 43 decoder layers, 0 0 then 4 128 ... 4; the 44th (0) is MTP. */
static int flash_ratios[44];
/* Pro: 61 decoder layers, 128 128 then 4 128 ... 128; the 62nd (0) is MTP. */
static int pro_ratios[62];

static void
fill_ratios(void)
{
	flash_ratios[0] = flash_ratios[1] = 0;
	for (int i = 2; i < 43; i++)
		flash_ratios[i] = i % 2 == 0 ? 4 : 128;
	flash_ratios[43] = 0;
	pro_ratios[0] = pro_ratios[1] = 128;
	for (int i = 2; i < 61; i++)
		pro_ratios[i] = i % 2 == 0 ? 4 : 128;
	pro_ratios[61] = 0;
}

static struct kv_dsv4_model
flash(int n_layers)
{
	struct kv_dsv4_model m = { n_layers, flash_ratios, 512, 64, 128, 128 };

	fill_ratios();
	return m;
}

static struct kv_dsv4_model
pro(int n_layers)
{
	struct kv_dsv4_model m = { n_layers, pro_ratios, 512, 64, 128, 128 };

	fill_ratios();
	return m;
}

static struct kv_dsv4_layout
build_pool(const struct kv_dsv4_model *m, int block, int mnbt,
    enum kv_dsv4_pool pool, bool fp4_indexer)
{
	struct kv_dsv4_params p = { block, mnbt, true, pool, fp4_indexer };
	struct kv_dsv4_layout l;
	char err[320] = "";

	cr_assert_eq(kv_dsv4_build(m, &p, &l, err, sizeof err), 0, "%s", err);
	return l;
}

/* Before #44454: the rule the #44376 refusal below was printed under. */
static struct kv_dsv4_layout
build_ok(const struct kv_dsv4_model *m, int block, int mnbt)
{
	struct kv_dsv4_params p = { block, mnbt, true, KV_DSV4_POOL_TUPLES,
		false };
	struct kv_dsv4_layout l;
	char err[320] = "";

	cr_assert_eq(kv_dsv4_build(m, &p, &l, err, sizeof err), 0, "%s", err);
	return l;
}

Test(arch_dsv4, flash_counts_the_specs_of_each_layer_kind)
{
	struct kv_dsv4_model m = flash(43);
	struct kv_dsv4_layout l = build_ok(&m, 256, 8192);

	/* 2 sliding-only, 21 c4a and 20 c128a layers; every layer one SWA
	 * cache; c4a: attention, state, indexer keys, indexer state;
	 * c128a: attention and state: 43 + 4 x 21 + 2 x 20 = 167 specs */
	cr_assert_eq(l.n_role[KV_DSV4_SWA], 43);
	cr_assert_eq(l.n_role[KV_DSV4_C4_ATTN], 21);
	cr_assert_eq(l.n_role[KV_DSV4_C4_INDEXER], 21);
	cr_assert_eq(l.n_role[KV_DSV4_C4_STATE], 21);
	cr_assert_eq(l.n_role[KV_DSV4_INDEXER_STATE], 21);
	cr_assert_eq(l.n_role[KV_DSV4_C128_ATTN], 20);
	cr_assert_eq(l.n_role[KV_DSV4_C128_STATE], 20);
	cr_assert_eq(l.n_specs, 167);
}

Test(arch_dsv4, pages_of_each_spec_at_block_256)
{
	struct kv_dsv4_model m = flash(43);
	struct kv_dsv4_layout l = build_ok(&m, 256, 8192);
	const struct kv_dsv4_spec *r = l.role;

	/* sliding window: 64 tokens x 584 = 37,376, padded to 65 x 576 */
	cr_assert_eq(r[KV_DSV4_SWA].block_size, 64);
	cr_assert_eq(r[KV_DSV4_SWA].window, 128);
	cr_assert_eq(r[KV_DSV4_SWA].real_page, 37376);
	cr_assert_eq(r[KV_DSV4_SWA].page, 37440);
	/* c4a: 256 // 4 = 64 entries of 584: 146 bytes per token */
	cr_assert_eq(r[KV_DSV4_C4_ATTN].real_page, 37376);
	cr_assert_eq(r[KV_DSV4_C4_ATTN].page, 37440);
	/* c128a: 2 entries = 1,168, padded to 3 x 576 */
	cr_assert_eq(r[KV_DSV4_C128_ATTN].real_page, 1168);
	cr_assert_eq(r[KV_DSV4_C128_ATTN].page, 1728);
	/* indexer keys: 64 entries of 128 fp8 + 4 scale bytes = 8,448 -> 15 x 576 */
	cr_assert_eq(r[KV_DSV4_C4_INDEXER].real_page, 8448);
	cr_assert_eq(r[KV_DSV4_C4_INDEXER].page, 8640);
	/* c4a state: 4 tokens x (2 x 2 x 512) fp32 = 32,768 -> 57 x 576 */
	cr_assert_eq(r[KV_DSV4_C4_STATE].block_size, 4);
	cr_assert_eq(r[KV_DSV4_C4_STATE].window, 8);
	cr_assert_eq(r[KV_DSV4_C4_STATE].page, 32832);
	/* c128a state: 8 tokens x (2 x 1 x 512) fp32 = 32,768, window 128 */
	cr_assert_eq(r[KV_DSV4_C128_STATE].block_size, 8);
	cr_assert_eq(r[KV_DSV4_C128_STATE].window, 128);
	cr_assert_eq(r[KV_DSV4_C128_STATE].page, 32832);
	/* indexer state: 4 x (2 x 2 x 128) fp32 = 8,192 -> 15 x 576 */
	cr_assert_eq(r[KV_DSV4_INDEXER_STATE].real_page, 8192);
	cr_assert_eq(r[KV_DSV4_INDEXER_STATE].page, 8640);
}

Test(arch_dsv4, flash_groups_tuples_and_block_bytes)
{
	struct kv_dsv4_model m = flash(43);
	struct kv_dsv4_layout l = build_ok(&m, 256, 8192);

	/*
	 * MLA group: 21 x 37,440 (c4a), 21 x 8,640 (indexer), 20 x 1,728
	 * (c128a): 62 layers, 21 tuples, one tuple 37,440 + 8,640 + 1,728 =
	 * 47,808 bytes.  Sliding buckets: (64, 128) 43 layers, (4, 8) 21 + 21,
	 * (8, 128) 20: tuples 21, 43, 21, 20; _approximate_gcd from 21 picks
	 * 22 (padding 1 + 1 + 1 + 2 = 5; 21 pads 20 + 1 = 21, 23 pads 10).
	 * SWA: cdiv(43, 22) = 2 groups of 22 and 21; (4, 8): the 32,832
	 * state pads to 37,440, the 8,640 one stays: one group of 21 + 21;
	 * (8, 128): one group of 20 (padded to 37,440).  num_layer_tuples =
	 * the longest bucket = 22: one block costs 47,808 x 22 = 1,051,776.
	 */
	cr_assert_eq(l.n_mla_pages, 3);
	cr_assert_eq(l.mla_page[0], 1728);
	cr_assert_eq(l.mla_page[1], 8640);
	cr_assert_eq(l.mla_page[2], 37440);
	cr_assert_eq(l.tuple_bytes, 47808);
	cr_assert_eq(l.n_groups, 5);
	cr_assert_eq(l.group[0].window, 0);
	cr_assert_eq(l.group[0].n_layers, 62);
	cr_assert_eq(l.group[0].tuples, 21);
	cr_assert_eq(l.group[1].block_size, 64);
	cr_assert_eq(l.group[1].n_layers, 22);
	cr_assert_eq(l.group[2].block_size, 64);
	cr_assert_eq(l.group[2].n_layers, 21);
	cr_assert_eq(l.group[3].block_size, 4);
	cr_assert_eq(l.group[3].n_layers, 42);
	cr_assert_eq(l.group[3].n_pages, 2);
	cr_assert_eq(l.group[4].block_size, 8);
	cr_assert_eq(l.group[4].n_layers, 20);
	cr_assert_eq(l.group[4].page[0], 37440);
	cr_assert_eq(l.num_layer_tuples, 22);
	cr_assert_eq(kv_dsv4_bytes_per_block(&l), 1051776);
}

Test(arch_dsv4, flash_blocks_per_request)
{
	struct kv_dsv4_model m = flash(43);
	struct kv_dsv4_layout l = build_ok(&m, 256, 8192);

	/*
	 * L = 1,048,576, mnbt 8,192: MLA cdiv(L, 256) = 4,096; each SWA group
	 * cdiv(127 + 8192, 64) + 1 = 131; c4a states cdiv(7 + 8192, 4) + 1 =
	 * 2,051; c128a states cdiv(127 + 8192, 8) + 1 = 1,041: 7,450.
	 */
	cr_assert_eq(kv_dsv4_group_pages(&l, 0, 1048576), 4096);
	cr_assert_eq(kv_dsv4_group_pages(&l, 1, 1048576), 131);
	cr_assert_eq(kv_dsv4_group_pages(&l, 3, 1048576), 2051);
	cr_assert_eq(kv_dsv4_group_pages(&l, 4, 1048576), 1041);
	cr_assert_eq(kv_dsv4_blocks_per_request(&l, 1048576), 7450);
	/* L = 8,192: 32 + 2 x 129 + 2,049 + 1,025 = 3,364 */
	cr_assert_eq(kv_dsv4_blocks_per_request(&l, 8192), 3364);
	cr_assert_eq(kv_dsv4_needed_bytes(&l, 8192), 3364LL * 1051776);
}

Test(arch_dsv4, flash_blocks_tokens_and_concurrency)
{
	struct kv_dsv4_model m = flash(43);
	struct kv_dsv4_layout l = build_ok(&m, 256, 8192);
	int64_t blocks = kv_dsv4_num_blocks(&l, 100 * GIB);
	int64_t per = kv_dsv4_blocks_per_request(&l, 1048576);
	double conc = (double)blocks / (double)per;

	/*
	 * 100 GiB = 107,374,182,400 // 1,051,776 = 102,088 blocks;
	 * concurrency at 1M = 102,088 / 7,450 = 13.70x; "GPU KV cache size"
	 * = int(13.7031 x 1,048,576) = 14,368,728 tokens.
	 */
	cr_assert_eq(blocks, 102088);
	cr_assert_eq(per, 7450);
	cr_assert_eq((int64_t)(conc * 1048576), 14368728);
	cr_assert_eq(kv_dsv4_num_blocks(&l, 0), 0);
	cr_assert_eq(kv_dsv4_num_blocks(&l, 1051775), 0);
	cr_assert_eq(kv_dsv4_num_blocks(&l, 1051776), 1);
}

Test(arch_dsv4, mnbt_enters_the_sliding_groups_only)
{
	struct kv_dsv4_model m = flash(43);
	struct kv_dsv4_layout l = build_ok(&m, 256, 2048);

	/*
	 * mnbt 2,048 at L = 1M: 4,096 + 2 x (cdiv(2175, 64) + 1 = 35) +
	 * (cdiv(2055, 4) + 1 = 515) + (cdiv(2175, 8) + 1 = 273) = 4,954
	 */
	cr_assert_eq(kv_dsv4_blocks_per_request(&l, 1048576), 4954);
	cr_assert_eq(kv_dsv4_bytes_per_block(&l), 1051776);
}

Test(arch_dsv4, the_mtp_layer_adds_one_sliding_cache)
{
	struct kv_dsv4_model m = flash(44);
	struct kv_dsv4_layout l = build_ok(&m, 256, 8192);

	/*
	 * With MTP the 44th layer (ratio 0) is one more SWA cache: tuples
	 * 21, 44, 21, 20 still give 22 (padding 1 + 0 + 1 + 2), so two SWA
	 * groups of 22 and the same 1,051,776-byte block.
	 */
	cr_assert_eq(l.n_role[KV_DSV4_SWA], 44);
	cr_assert_eq(l.group[1].n_layers, 22);
	cr_assert_eq(l.group[2].n_layers, 22);
	cr_assert_eq(kv_dsv4_bytes_per_block(&l), 1051776);
	cr_assert_eq(kv_dsv4_blocks_per_request(&l, 1048576), 7450);
}

Test(arch_dsv4, pro_groups_and_block_bytes)
{
	struct kv_dsv4_model m = pro(61);
	struct kv_dsv4_layout l = build_ok(&m, 256, 8192);

	/*
	 * Pro: 31 c128a and 30 c4a layers.  MLA group 30 + 30 + 31 = 91
	 * layers, 31 tuples; buckets 61 SWA, (4, 8) 30 + 30, (8, 128) 31:
	 * _approximate_gcd([31, 61, 30, 31], 31) = 31 (padding 0 + 1 + 1 +
	 * 0); SWA splits into 31 and 30.  Block: 47,808 x 31 = 1,482,048.
	 * Layer 0 is c128a, so its state bucket comes before the c4a one
	 * (groups in the order their first spec registers, as vLLM's dict).
	 */
	cr_assert_eq(l.group[0].n_layers, 91);
	cr_assert_eq(l.group[0].tuples, 31);
	cr_assert_eq(l.n_groups, 5);
	cr_assert_eq(l.group[1].n_layers, 31);
	cr_assert_eq(l.group[2].n_layers, 30);
	cr_assert_eq(l.group[3].block_size, 8);
	cr_assert_eq(l.group[3].n_layers, 31);
	cr_assert_eq(l.group[4].block_size, 4);
	cr_assert_eq(l.group[4].n_layers, 60);
	cr_assert_eq(l.num_layer_tuples, 31);
	cr_assert_eq(kv_dsv4_bytes_per_block(&l), 1482048);
	/* the same 7,450 blocks a request at 1M */
	cr_assert_eq(kv_dsv4_blocks_per_request(&l, 1048576), 7450);
}

Test(arch_dsv4, block_512_doubles_the_mla_pages)
{
	struct kv_dsv4_model m = flash(43);
	struct kv_dsv4_layout l = build_ok(&m, 512, 8192);

	/*
	 * 512: c4a 128 x 584 = 74,752 -> 74,880; c128a 4 x 584 = 2,336 ->
	 * 2,880; indexer 128 x 132 = 16,896 -> 17,280.  SWA and states
	 * (37,440, 32,832) pad to 74,880, the indexer state (8,640) to
	 * 17,280.  Tuple 95,040, 22 tuples: 2,090,880 a block; the MLA group
	 * needs cdiv(1M, 512) = 2,048 pages: 2,048 + 262 + 2,051 + 1,041.
	 */
	cr_assert_eq(l.tuple_bytes, 74880 + 2880 + 17280);
	cr_assert_eq(kv_dsv4_bytes_per_block(&l), 2090880);
	cr_assert_eq(kv_dsv4_blocks_per_request(&l, 1048576), 5402);
}

Test(arch_dsv4, largest_length_that_fits)
{
	struct kv_dsv4_model m = flash(43);
	struct kv_dsv4_layout l = build_ok(&m, 256, 8192);
	int64_t bpb = kv_dsv4_bytes_per_block(&l);

	/* exactly 7,450 blocks hold 1,048,576 tokens, not one more */
	cr_assert_eq(kv_dsv4_estimate_max_len(&l, 7450 * bpb, 2097152),
	    1048576);
	/* 3,363 blocks: 8,188 tokens (32 + 2 x 129 + 2,048 + 1,025); at
	 * 8,189 the c4a states need cdiv(8189, 4) + 1 = 2,049 */
	cr_assert_eq(kv_dsv4_estimate_max_len(&l, 3363 * bpb, 1048576), 8188);
	/* one token needs 1 + 2 x 2 + 2 + 2 = 9 blocks */
	cr_assert_eq(kv_dsv4_blocks_per_request(&l, 1), 9);
	cr_assert_eq(kv_dsv4_estimate_max_len(&l, 8 * bpb, 1048576), 0);
}

Test(arch_dsv4, refusals)
{
	struct kv_dsv4_model m = flash(43);
	struct kv_dsv4_params p = { 256, 8192, true, KV_DSV4_POOL_TUPLES,
		false };
	struct kv_dsv4_layout l;
	char err[320];
	int bad[3] = { 0, 2, 4 }, none[2] = { 0, 0 };

	/* sparse_swa.py _layer_type_for, vLLM's words */
	m.compress_ratios = bad;
	m.n_layers = 3;
	cr_assert_eq(kv_dsv4_build(&m, &p, &l, err, sizeof err), -1);
	cr_assert_str_eq(err,
	    "Unsupported DeepseekV4 compress_ratio=2; expected 1, 4, or 128.");
	/* no compressed layer: the grouping asserts an MLA spec */
	m.compress_ratios = none;
	m.n_layers = 2;
	cr_assert_eq(kv_dsv4_build(&m, &p, &l, err, sizeof err), -1);
	cr_assert(strstr(err, "compress_ratios") != NULL, "%s", err);
	/* block 128: the 37,440-byte SWA page exceeds every MLA page */
	m = flash(43);
	p.block_size = 128;
	cr_assert_eq(kv_dsv4_build(&m, &p, &l, err, sizeof err), -1);
	cr_assert(strstr(err, "--block-size 128") != NULL, "%s", err);
	/* a cache dtype other than fp8_ds_mla */
	p.block_size = 256;
	p.fp8_ds_mla = false;
	cr_assert_eq(kv_dsv4_build(&m, &p, &l, err, sizeof err), -1);
	cr_assert(strstr(err, "fp8_ds_mla") != NULL, "%s", err);
	/* the indexer compressor's fused kernels: 512 and 128 only */
	p.fp8_ds_mla = true;
	m.index_head_dim = 64;
	cr_assert_eq(kv_dsv4_build(&m, &p, &l, err, sizeof err), -1);
	cr_assert_str_eq(err, "Unsupported head_dim for fused quant+cache: 64");
}

/*
 * A real refusal: vLLM issue #44376, comment of 2026-06-03 (DeepSeek-V4-Flash,
 * LLM(...) on 2 x GH200 96 GB, TP 2 with expert parallelism, fp8 KV, block
 * 256, max_model_len 30000; the LLM class's default max_num_batched_tokens
 * on a card of 70 GiB or more, 16,384).  vLLM printed 6.66 GiB needed,
 * 5.44 GiB available and an estimated maximum of 13528.  At L = 30,000:
 * cdiv(30000, 256) = 118 + 2 x (cdiv(16511, 64) + 1 = 259) + (cdiv(16391, 4)
 * + 1 = 4,099) + (cdiv(16511, 8) + 1 = 2,065) = 6,800 blocks x 1,051,776 =
 * 7,152,076,800 bytes = 6.66 GiB.  At 13,528: 53 + 2 x 213 + 3,383 + 1,692 =
 * 5,554 blocks (5.4404 GiB); at 13,529 the c4a and c128a states take one
 * page more each (5,556 blocks, 5.4423 GiB).  So the estimate is 13528
 * exactly when the available memory lies in [5,554, 5,556) blocks, all of
 * which prints as 5.44 GiB:
 * the layout reproduces both figures vLLM printed.
 */
Test(arch_dsv4, reproduces_a_real_refusal_of_flash_on_two_gh200)
{
	struct kv_dsv4_model m = flash(43);
	struct kv_dsv4_layout l = build_ok(&m, 256, 16384);
	int64_t bpb = kv_dsv4_bytes_per_block(&l);
	int64_t avail = 5554 * bpb + 1;
	int64_t need = kv_dsv4_needed_bytes(&l, 30000);
	int64_t est = kv_dsv4_estimate_max_len(&l, avail, 30000);
	struct vllm_traits t;
	char msg[1024];

	cr_assert_eq(kv_dsv4_blocks_per_request(&l, 30000), 6800);
	cr_assert_eq(need, 7152076800LL);
	cr_assert_eq(kv_dsv4_blocks_per_request(&l, 13528), 5554);
	cr_assert_eq(kv_dsv4_blocks_per_request(&l, 13529), 5556);
	cr_assert_eq(est, 13528);
	/* one block less or more moves the estimate */
	cr_assert_lt(kv_dsv4_estimate_max_len(&l, 5554 * bpb - 1, 30000),
	    13528);
	cr_assert_geq(kv_dsv4_estimate_max_len(&l, 5556 * bpb, 30000), 13529);
	vllm_traits_get(VLLM_VER(0, 22, 0), &t);
	cr_assert_eq(t.kv_msg, KV_MSG_CURRENT);
	msg_kv_too_small(&t, 30000, need, avail, est, msg, sizeof msg);
	cr_assert_str_eq(msg,
	    "To serve at least one request with the model's max seq len "
	    "(30000), (6.66 GiB KV cache is needed, which is larger than the "
	    "available KV cache memory (5.44 GiB). Based on the available "
	    "memory, the estimated maximum model length is 13528. Try "
	    "increasing `gpu_memory_utilization` (which also controls CPU "
	    "memory on the CPU backend) or decreasing `max_model_len` when "
	    "initializing the engine. See "
	    "https://docs.vllm.ai/en/latest/configuration/conserving_memory/ "
	    "for more details.");
}

/* The real Flash config.json of the fixture, parsed. */
static cJSON *
flash_config(void)
{
	char path[1024], *buf;
	FILE *f;
	long n;
	cJSON *j;

	snprintf(path, sizeof path,
	    "%s/tests/fixtures/configs/dsa/DeepSeek-V4-Flash/config.json",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".");
	f = fopen(path, "rb");
	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	j = cJSON_Parse(buf);
	free(buf);
	cr_assert_not_null(j);
	return j;
}

static int
field(const cJSON *j, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, name);

	cr_assert(cJSON_IsNumber(v), "%s", name);
	return v->valueint;
}

static void
config_of(const cJSON *j, struct weights_dsv4_config *c, int *ratios)
{
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(j, "compress_ratios");
	int i = 0;
	const cJSON *e;

	c->hidden = field(j, "hidden_size");
	c->layers = field(j, "num_hidden_layers");
	c->vocab = field(j, "vocab_size");
	c->heads = field(j, "num_attention_heads");
	c->head_dim = field(j, "head_dim");
	c->q_lora = field(j, "q_lora_rank");
	c->o_groups = field(j, "o_groups");
	c->o_lora = field(j, "o_lora_rank");
	c->index_heads = field(j, "index_n_heads");
	c->index_head_dim = field(j, "index_head_dim");
	c->experts = field(j, "n_routed_experts");
	c->moe_intermediate = field(j, "moe_intermediate_size");
	c->experts_per_tok = field(j, "num_experts_per_tok");
	c->shared_experts = field(j, "n_shared_experts");
	c->hash_layers = field(j, "num_hash_layers");
	c->hc_mult = field(j, "hc_mult");
	c->index_topk = field(j, "index_topk");
	c->rope_dim = field(j, "qk_rope_head_dim");
	{
		const cJSON *rs =
		    cJSON_GetObjectItemCaseSensitive(j, "rope_scaling");

		c->rope_positions =
		    (int64_t)field(rs, "original_max_position_embeddings") *
		    field(rs, "factor");
	}
	cJSON_ArrayForEach(e, r)
		ratios[i++] = e->valueint;
	c->compress_ratios = ratios;
}

/*
 * The parameter count against the model cards' "284B total / 13B active"
 * (Flash) and "1.6T total / 49B active" (Pro), as data/models.yaml cites
 * them: the cards truncate (13.80 -> 13B, 49.78 -> 49B) and give Pro's
 * total to two figures.  Flash: 43 x 6.44e9 routed experts (256 x 3 x
 * 4096 x 2048) = 277.03e9; attention, compressors, indexers, shared
 * experts, routers and hyper-connections 6.24e9; embedding and lm_head
 * 2 x 129,280 x 4,096 = 1.06e9.
 */
Test(arch_dsv4, parameters_match_the_published_totals)
{
	cJSON *j = flash_config();
	struct weights_dsv4_config c;
	struct weights_dsv4_count n;
	int ratios[64];

	config_of(j, &c, ratios);
	weights_dsv4_count(&c, &n);
	cr_assert_eq(n.routed_experts, 43LL * 256 * 3 * 4096 * 2048);
	cr_assert_eq(n.embeddings, 2LL * 129280 * 4096);
	cr_assert_eq(n.total, 284332245847LL);
	cr_assert(n.total >= 284000000000LL && n.total < 285000000000LL);
	cr_assert_eq(n.active, 13799637847LL);
	cr_assert(n.active >= 13000000000LL && n.active < 14000000000LL);
	cJSON_Delete(j);

	/* Pro (data/models.yaml): 61 layers, 7,168 hidden, 128 heads, q_lora
	 * 1,536, 16 output groups, 384 experts of 3,072 */
	c.hidden = 7168;
	c.layers = 61;
	c.heads = 128;
	c.q_lora = 1536;
	c.o_groups = 16;
	c.experts = 384;
	c.moe_intermediate = 3072;
	fill_ratios();
	c.compress_ratios = pro_ratios;
	weights_dsv4_count(&c, &n);
	cr_assert_eq(n.routed_experts, 61LL * 384 * 3 * 7168 * 3072);
	cr_assert_eq(n.total, 1572997209443LL);
	cr_assert(n.total >= 1550000000000LL && n.total < 1650000000000LL);
	cr_assert_eq(n.active, 49779088739LL);
	cr_assert(n.active >= 49000000000LL && n.active < 50000000000LL);
}

/* The fixture's compress_ratios give the layout the tests above type in. */
Test(arch_dsv4, the_fixture_lays_out_as_flash)
{
	cJSON *j = flash_config();
	struct weights_dsv4_config c;
	struct kv_dsv4_model m = flash(43);
	struct kv_dsv4_layout l;
	int ratios[64];

	config_of(j, &c, ratios);
	cr_assert_eq(c.layers, 43);
	cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(j,
			 "compress_ratios")),
	    44);
	m.compress_ratios = ratios;
	m.sliding_window = field(j, "sliding_window");
	m.head_dim = field(j, "head_dim");
	m.rope_dim = field(j, "qk_rope_head_dim");
	m.index_head_dim = field(j, "index_head_dim");
	l = build_ok(&m, 256, 8192);
	cr_assert_eq(kv_dsv4_bytes_per_block(&l), 1051776);
	cr_assert_eq(kv_dsv4_blocks_per_request(&l, 1048576), 7450);
	cJSON_Delete(j);
}

/*
 * The prefill gather workspace: 4 x (cdiv(L, 4) + 128 + mnbt) x 512 x 2.
 * L = 1,048,576, mnbt 8,192: 4 x 270,464 x 1,024 = 1,107,820,544 bytes
 * (1.03 GiB); L = 30,000, mnbt 16,384: 4 x 24,012 x 1,024 = 98,353,152.
 * Only sliding layers: no compressed part, 4 x (128 + mnbt) x 1,024.
 */
Test(arch_dsv4, prefill_gather_workspace)
{
	struct kv_dsv4_model m = flash(43);
	int zeros[2] = { 0, 0 };

	cr_assert_eq(kv_dsv4_gather_workspace(&m, 1048576, 8192), 1107820544LL);
	cr_assert_eq(kv_dsv4_gather_workspace(&m, 30000, 16384), 98353152LL);
	m.compress_ratios = zeros;
	m.n_layers = 2;
	cr_assert_eq(kv_dsv4_gather_workspace(&m, 1048576, 8192),
	    4LL * (128 + 8192) * 1024);
}

/*
 * #44454 (2026-06-03) counts each page size by its own longest bucket:
 * Flash 37,440 x 22 + 8,640 x 21 + 1,728 x 20 = 1,039,680 bytes, 1.16%
 * below 1,051,776, the "+1.16%" tokens its description reports for Flash
 * on 4 x B200 (333,437 against 329,601).  Pro: 37,440 x 31 + 8,640 x 30 +
 * 1,728 x 31 = 1,473,408, the "baseline" block stride #48993 (2026-07-17)
 * reports for Pro with FlashMLA fp8_ds_mla.
 */
Test(arch_dsv4, bucket_pool_of_pr_44454)
{
	struct kv_dsv4_model f = flash(43), p = pro(61);
	struct kv_dsv4_layout a =
	    build_pool(&f, 256, 8192, KV_DSV4_POOL_BUCKETS, false);
	struct kv_dsv4_layout b =
	    build_pool(&p, 256, 8192, KV_DSV4_POOL_BUCKETS, false);

	cr_assert_eq(kv_dsv4_bytes_per_block(&a), 1039680);
	cr_assert_eq(kv_dsv4_bytes_per_block(&b), 1473408);
	/* the same groups and pages a request */
	cr_assert_eq(a.n_groups, 5);
	cr_assert_eq(kv_dsv4_blocks_per_request(&a, 1048576), 7450);
	/* the MXFP4 indexer cache still allocated the FP8 rows */
	b = build_pool(&p, 256, 8192, KV_DSV4_POOL_BUCKETS, true);
	cr_assert_eq(kv_dsv4_bytes_per_block(&b), 1473408);
}

/*
 * #48993 packs every group densely, without cross-group padding, and gives
 * the MXFP4 indexer 128 / 2 + 128 / 32 = 68-byte rows (64 x 68 = 4,352 ->
 * 4,608).  Pro with FlashMLA: the MLA group 30 x 37,440 + 30 x 4,608 +
 * 31 x 1,728 = 1,315,008 bytes, the stride #48993 reports (-10.75%), and
 * its blocks: 19,015 before and 21,306 after for one budget of 26.09 GiB,
 * which both hold for 21,306 x 1,315,008 + 1 bytes (26.0935 GiB).
 */
Test(arch_dsv4, dense_pool_of_pr_48993)
{
	struct kv_dsv4_model p = pro(61), f = flash(43);
	struct kv_dsv4_layout d =
	    build_pool(&p, 256, 8192, KV_DSV4_POOL_DENSE, true);
	struct kv_dsv4_layout old =
	    build_pool(&p, 256, 8192, KV_DSV4_POOL_BUCKETS, true);
	int64_t budget = 21306LL * 1315008 + 1;

	cr_assert_eq(d.role[KV_DSV4_C4_INDEXER].real_page, 4352);
	cr_assert_eq(d.role[KV_DSV4_C4_INDEXER].page, 4608);
	cr_assert_eq(kv_dsv4_bytes_per_block(&d), 1315008);
	cr_assert_eq(kv_dsv4_num_blocks(&old, budget), 19015);
	cr_assert_eq(kv_dsv4_num_blocks(&d, budget), 21306);
	/* the sliding pages keep their own size: 32,832 states, unpadded */
	cr_assert_eq(d.group[4].page[0], 32832);
	/* Flash, FP8 indexer: the MLA group 21 x 37,440 + 21 x 8,640 +
	 * 20 x 1,728 = 1,002,240 is wider than SWA (22 x 37,440 = 823,680)
	 * and the c4a states (21 x 32,832 + 21 x 8,640 = 870,912) */
	d = build_pool(&f, 256, 8192, KV_DSV4_POOL_DENSE, false);
	cr_assert_eq(kv_dsv4_bytes_per_block(&d), 1002240);
	/* MXFP4 indexer: 786,240 + 21 x 4,608 + 34,560 = 917,568 */
	d = build_pool(&f, 256, 8192, KV_DSV4_POOL_DENSE, true);
	cr_assert_eq(kv_dsv4_bytes_per_block(&d), 917568);
	cr_assert_eq(kv_dsv4_blocks_per_request(&d, 1048576), 7450);
}

/*
 * The checkpoint's bytes against vLLM's "Checkpoint size: 148.66 GiB" for
 * DeepSeek-V4-Flash (vLLM issue #40802, log of 2026-04-24, 46 shards,
 * 69,187 tensors by the loader's count).  The tensors of the layout in
 * weights_dsv4.h come to 159,609,496,648 bytes = 148.648 GiB with the MTP
 * layer (145.3 without); vLLM sums the files, whose JSON headers (about
 * 190 bytes for each of the 69,187 tensors, ~13 MB) make up the rest: the
 * figure is taken to agree within 0.02 GiB.
 */
Test(arch_dsv4, checkpoint_bytes_match_vllms_checkpoint_size)
{
	cJSON *j = flash_config();
	struct weights_dsv4_config c;
	int ratios[64];
	int64_t b;

	config_of(j, &c, ratios);
	b = weights_dsv4_checkpoint_bytes(&c, 1, 1);
	cr_assert_eq(b, 159609496648LL, "%lld", (long long)b);
	cr_assert_lt(148.66 - (double)b / GIB, 0.02);
	cr_assert_geq(148.66 - (double)b / GIB, 0.0);
	/* without MTP the layers alone are 3.3 GiB short */
	b = weights_dsv4_checkpoint_bytes(&c, 1, 0);
	cr_assert_lt((double)b / GIB, 145.31);
	cr_assert_gt((double)b / GIB, 145.29);
	cJSON_Delete(j);
}

/*
 * What a rank loads, against "Model loading took 74.85 GiB memory" (vLLM
 * issue #40821, 2026-06-09: v0.22.1 on 2 x RTX PRO 6000 Blackwell, TP 2 with
 * --enable-expert-parallel, --max-num-batched-tokens 32768, no speculative
 * decoding).  Per rank: 128 of the 256 experts of each layer (43 x 128 x 3 x
 * 4096 x 2048 x 17/32 = 68.53 GiB), the attention's split and replicated
 * linears, half the embedding and lm_head, two RoPE caches of 1,048,576 x
 * 64 float32 (0.5 GiB), the buffers of 32,768 tokens (64 MiB + 1 GiB):
 * 80,335,277,148 bytes = 74.818 GiB, 0.032 GiB under the log (the MXFP4
 * backend's repacking is not counted).  Derived with the assumptions
 * weights_dsv4.h lists, so a band of 0.1 GiB under the log is what is
 * checked.
 */
Test(arch_dsv4, rank_bytes_against_a_real_load_at_tp2_ep)
{
	cJSON *j = flash_config();
	struct weights_dsv4_config c;
	struct weights_dsv4_rank r = { 2, 2, 32768, 1 };
	int ratios[64];
	double gib;

	config_of(j, &c, ratios);
	cr_assert_eq(c.rope_positions, 1048576);
	gib = (double)weights_dsv4_rank_bytes(&c, &r) / GIB;
	cr_assert(gib > 74.75 && gib < 74.85, "%.4f", gib);
	/* without expert parallelism each rank holds half of every expert:
	 * the same bytes, the experts' rows split instead of the experts */
	r.ep_size = 0;
	cr_assert((double)weights_dsv4_rank_bytes(&c, &r) / GIB - gib < 0.001);
	/* TP 8 with EP: 32 experts a layer, an eighth of the split linears:
	 * 22,322,838,876 bytes (20.79 GiB) */
	r.tp = 8;
	r.ep_size = 8;
	gib = (double)weights_dsv4_rank_bytes(&c, &r) / GIB;
	cr_assert_eq(weights_dsv4_rank_bytes(&c, &r), 22322838876LL);
	cJSON_Delete(j);
}

/*
 * The plan (core/plan.c) with DeepSeek-V4's layout: the catalogue's Flash
 * and Pro entries on whole nodes, worked by hand from the block bytes the
 * release's rule gives (doc/architectures.md, "DeepSeek-V4"): num_blocks =
 * available // bytes a block, a request of 1,048,576 tokens at
 * max_num_batched_tokens 8,192 takes 4,096 + 2 x 131 + 2,051 + 1,041 =
 * 7,450 blocks, "GPU KV cache size" = int(num_blocks / 7,450 x 1,048,576),
 * the KV cache num_blocks x the block's bytes, and the prefill gather
 * workspace 4 x (262,144 + 128 + 8,192) x 512 x 2 = 1,107,820,544 bytes in
 * the activation peak (an estimate; the other terms are the estimates of
 * every model, so the available memory itself is not checked here).
 */
static void
plan_dsv4(struct plan *p, const char *gpu, const char *model, int version,
    int tp, int ep)
{
	struct plan_input in;

	test_input(&in, gpu, model, NULL);
	in.version = version;
	in.tp = tp;
	in.expert_parallel = ep ? 1 : 0;
	in.kv_dtype = KV_FP8;
	plan_compute(test_catalogue(), &in, p);
}

/* The pages of a 1,048,576-token request: the MLA group cdiv(L, 256) =
 * 4,096 and the four sliding groups cdiv(window - 1 + in-flight tokens,
 * block) + 1 (block 64 window 128 twice, block 4 window 8, block 8 window
 * 128).  One batch of 8,192 in flight: 131 + 131 + 2,051 + 1,041, 7,450
 * in all; from 0.26.0 two (async scheduling, vLLM #47728): 259 + 259 +
 * 4,099 + 2,065, 10,778 (the 4,099 and 2,065 pages vLLM PR #52495 quotes
 * for Flash). */
#define DSV4_PAGES_ONE_BATCH 7450
#define DSV4_PAGES_TWO_BATCHES 10778

static void
assert_blocks_by_hand_of(const struct plan *p, int64_t block_bytes, int64_t bpr)
{
	int64_t tokens;

	cr_assert_eq(p->phase, PHASE_NONE, "%s", p->message);
	cr_assert(p->kv.is_dsv4);
	cr_assert_eq(p->kv_dtype, KV_FP8_DS_MLA);
	cr_assert_eq(p->block_size, 256);
	cr_assert_eq(p->max_model_len, 1048576);
	cr_assert_eq(p->page_bytes, block_bytes);
	cr_assert_eq(p->blocks_per_request, bpr);
	cr_assert_eq(p->num_blocks, p->available_kv / block_bytes);
	cr_assert_eq(p->kv_cache, p->num_blocks * block_bytes);
	tokens = (int64_t)((double)p->num_blocks / bpr * 1048576);
	cr_assert_eq(p->kv_tokens, tokens, "%lld against %lld",
	    (long long)p->kv_tokens, (long long)tokens);
	cr_assert_eq(p->gather_workspace, 1107820544LL);
	/* the indexer's key gather, 10,485,760 entries of 132 bytes, is the
	 * larger reservation at this length */
	cr_assert_eq(p->dsv4_workspace, 10485760LL * 132);
	cr_assert_geq(p->activation, p->dsv4_workspace);
	cr_assert_eq(p->needed_one_request, bpr * block_bytes);
}

static void
assert_blocks_by_hand(const struct plan *p, int64_t block_bytes)
{
	assert_blocks_by_hand_of(p, block_bytes, DSV4_PAGES_ONE_BATCH);
}

/* Flash on 8 x H200 at TP 8: 0.22.1 counts 1,051,776 bytes a block, 0.24.0
 * 1,039,680 (#44454), 0.27.0 1,002,240 (#48993: the widest group, the
 * SWA groups' 22 x 37,440 + 22 x 7,488 + ... packed without padding). */
Test(arch_dsv4, flash_planned_on_eight_h200_at_tp8)
{
	struct plan p;

	plan_dsv4(&p, "h200-sxm", "deepseek-ai/DeepSeek-V4-Flash",
	    VLLM_VER(0, 22, 1), 8, 0);
	assert_blocks_by_hand(&p, 1051776);
	/* no decode-speed figure: the step model's KV read is not this cache */
	{
		struct plan_input in;
		struct speed_estimate se;

		test_input(&in, "h200-sxm", "deepseek-ai/DeepSeek-V4-Flash",
		    NULL);
		speed_estimate(test_catalogue(), &in, &p, 1, &se);
		cr_assert(strstr(se.why, "DeepSeek-V4") != NULL, "%s", se.why);
	}
	/* TP 8 without EP: every expert split 8 ways; the init buffers of
	 * 8,192 tokens (16 MiB + 256 MiB), the rest as at TP 8 with EP and
	 * 32,768 tokens (22,322,838,876 bytes) less 50,331,648 + 805,306,368 */
	cr_assert(llabs(p.weights - 21467200860LL) < 64LL * 1024 * 1024, "%lld",
	    (long long)p.weights);
	plan_dsv4(&p, "h200-sxm", "deepseek-ai/DeepSeek-V4-Flash",
	    VLLM_VER(0, 24, 0), 8, 0);
	assert_blocks_by_hand(&p, 1039680);
	plan_dsv4(&p, "h200-sxm", "deepseek-ai/DeepSeek-V4-Flash",
	    VLLM_VER(0, 27, 0), 8, 0);
	cr_assert_eq(p.kv.dsv4.pool, KV_DSV4_POOL_DENSE);
	assert_blocks_by_hand_of(&p, p.kv.dsv4.bytes_per_block,
	    DSV4_PAGES_TWO_BATCHES);
	/* --no-async-scheduling: one batch in flight again */
	{
		struct plan_input in;

		test_input(&in, "h200-sxm", "deepseek-ai/DeepSeek-V4-Flash",
		    NULL);
		in.version = VLLM_VER(0, 27, 0);
		in.tp = 8;
		in.kv_dtype = KV_FP8;
		in.async_scheduling = -1;
		plan_compute(test_catalogue(), &in, &p);
		assert_blocks_by_hand_of(&p, p.kv.dsv4.bytes_per_block,
		    DSV4_PAGES_ONE_BATCH);
	}
}

/* Flash on B200 at TP 4 with EP (0.25.0): 64 experts a rank, the weights
 * those weights_dsv4_rank_bytes derives for TP 4, EP 4, 8,192 tokens. */
Test(arch_dsv4, flash_planned_on_b200_at_tp4_with_ep)
{
	cJSON *j = flash_config();
	struct weights_dsv4_config c;
	struct weights_dsv4_rank r = { 4, 4, 8192, 1 };
	int ratios[64];
	struct plan p;

	config_of(j, &c, ratios);
	plan_dsv4(&p, "b200", "deepseek-ai/DeepSeek-V4-Flash",
	    VLLM_VER(0, 25, 0), 4, 1);
	assert_blocks_by_hand(&p, 1039680);
	cr_assert_eq(p.weights, weights_dsv4_rank_bytes(&c, &r));
	/* TP 8 with EP at 32,768 batched tokens: the hand-worked figure */
	{
		struct plan_input in;

		test_input(&in, "b200", "deepseek-ai/DeepSeek-V4-Flash", NULL);
		in.version = VLLM_VER(0, 25, 0);
		in.tp = 8;
		in.expert_parallel = 1;
		in.kv_dtype = KV_FP8;
		in.max_num_batched_tokens = 32768;
		plan_compute(test_catalogue(), &in, &p);
		cr_assert_eq(p.weights, 22322838876LL);
	}
	cJSON_Delete(j);
}

/* Pro (61 layers: 31 tuples) on 8 x B200 and 8 x GB200 at TP 8 with EP:
 * 1,473,408 bytes a block under #44454's rule (0.25.0). */
Test(arch_dsv4, pro_planned_on_eight_b200_and_gb200)
{
	struct plan p;

	plan_dsv4(&p, "b200", "deepseek-ai/DeepSeek-V4-Pro", VLLM_VER(0, 25, 0),
	    8, 1);
	assert_blocks_by_hand(&p, 1473408);
	cr_assert_eq(p.kv.dsv4.num_layer_tuples, 31);
	plan_dsv4(&p, "gb200", "deepseek-ai/DeepSeek-V4-Pro",
	    VLLM_VER(0, 25, 0), 8, 1);
	assert_blocks_by_hand(&p, 1473408);
	/* before #44454: 31 tuples of the MLA pages, 1,482,048 bytes */
	plan_dsv4(&p, "b200", "deepseek-ai/DeepSeek-V4-Pro", VLLM_VER(0, 22, 0),
	    8, 1);
	assert_blocks_by_hand(&p, 1482048);
}

/*
 * vLLM issue #44376 planned end to end: Flash through LLM(...) on 2 x
 * GH200, TP 2 with EP, fp8, block 256, max_model_len 30000, 16,384 batched
 * tokens, the 0.22 wording.  The available memory vLLM measured (5.44 GiB)
 * is given as --kv-cache-memory-bytes (5,554 blocks), since the estimates
 * do not reach it; the plan then stops at the KV-cache check in vLLM's
 * words, needed 6,800 x 1,051,776 bytes = 6.66 GiB, longest length 13528.
 */
Test(arch_dsv4, plans_the_refusal_of_vllm_issue_44376)
{
	static const char want[] =
	    "To serve at least one request with the model's max seq len "
	    "(30000), (6.66 GiB KV cache is needed, which is larger than the "
	    "available KV cache memory (5.44 GiB). Based on the available "
	    "memory, the estimated maximum model length is 13528. Try "
	    "increasing `gpu_memory_utilization` (which also controls CPU "
	    "memory on the CPU backend) or decreasing `max_model_len` when "
	    "initializing the engine. See "
	    "https://docs.vllm.ai/en/latest/configuration/conserving_memory/ "
	    "for more details.";
	struct plan_input in;
	struct plan p;

	test_input(&in, NULL, "deepseek-ai/DeepSeek-V4-Flash", NULL);
	in.gpu_total_gib = 94.5;
	in.version = VLLM_VER(0, 22, 0);
	in.tp = 2;
	in.expert_parallel = 1;
	in.kv_dtype = KV_FP8;
	in.block_size = 256;
	in.max_model_len = 30000;
	in.max_num_batched_tokens = 16384;
	in.util = 0.95;
	in.kv_cache_memory_bytes = 5554LL * 1051776;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.phase, PHASE_KV_CACHE, "%d %s", p.phase, p.message);
	cr_assert_str_eq(p.message, want);
	cr_assert_eq(p.blocks_per_request, 6800);
	cr_assert_eq(p.estimated_max_model_len, 13528);
	/* one block more: the same length, the same words */
	in.kv_cache_memory_bytes = 5555LL * 1051776;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_str_eq(p.message, want);
}

/*
 * The same start on the catalogue's GH200: 95.0 GiB as CUDA reports it
 * (data/gpus.yaml: the 97,280 MiB an OpenCL report prints), so vLLM's
 * budget is 0.95 x 95.0 = 90.25 GiB; the weights are the derived 74.29 GiB
 * at 16,384 batched tokens (74.818 at 32,768, less half the MTP hidden
 * buffer, 16,384 x 4 x 4096 x 2 bytes = 0.5 GiB, and the top-k indices,
 * 16,384 x 512 x 4 bytes).
 */
Test(arch_dsv4, issue_44376_on_the_catalogue_gh200)
{
	const struct catalogue *cat = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "gh200", "deepseek-ai/DeepSeek-V4-Flash", NULL);
	cr_assert_float_eq(cat->gpus[in.gpu].cuda_total_gib, 95.0, 1e-9);
	in.version = VLLM_VER(0, 22, 0);
	in.tp = 2;
	in.expert_parallel = 1;
	in.kv_dtype = KV_FP8;
	in.block_size = 256;
	in.max_model_len = 30000;
	in.max_num_batched_tokens = 16384;
	in.util = 0.95;
	plan_compute(cat, &in, &p);
	cr_assert_eq(p.total, 95LL * GIB);
	cr_assert(llabs(p.requested - (int64_t)(0.95 * 95 * GIB)) < 2 * MIB,
	    "%lld", (long long)p.requested);
	cr_assert(fabs(units_gib(p.weights) - 74.29) < 0.005, "%.4f",
	    units_gib(p.weights));
}

/*
 * The profile run's forward of Flash at TP 2 with EP, 16,384 tokens, 30,000
 * max_model_len, by hand (core/profile_dsv4.c), bytes a token:
 *   c4a attention: residual 4 x 4096 x 2 = 32,768; normed input 8,192;
 *   output padded to 64 heads 64 x 512 x 2 = 65,536; fused_wqa_wkv and its
 *   normed copy 2 x 1,536 x 2 = 6,144; q 32 x 512 x 2 = 32,768; compressor
 *   scores 2 x 2 x 512 x 4 = 8,192; indexer compressor 2 x 2 x 128 x 4 =
 *   2,048; indexer q 64 x 128 x 2 = 16,384, fp8 8,192, scales 256, weights
 *   128: 180,608, and the 512 MiB logits buffer once;
 *   MoE: residual 32,768; input, normed input, output 3 x 8,192; router
 *   256 x 4; shared gate_up and activation 3 x 1,024 x 2; the fused-MoE
 *   estimate 6.5 x 6 x 2,048 = 79,872: 144,384;
 *   workspace: the gather, 4 x (7,500 + 128 + 16,384) x 512 x 2 =
 *   98,353,152, over the indexer's 300,000 x 132 = 39,600,000.
 */
Test(arch_dsv4, profile_forward_of_flash_at_tp2)
{
	struct profile_dsv4_in in = { 0 };
	struct profile_dsv4_out out;

	in.tokens = 16384;
	in.max_model_len = 30000;
	in.hidden = 4096;
	in.hc_mult = 4;
	in.heads_rank = 32;
	in.head_dim = 512;
	in.q_lora = 1024;
	in.index_heads = 64;
	in.index_head_dim = 128;
	in.has_c4 = in.has_c128 = true;
	in.experts = 256;
	in.experts_per_tok = 6;
	in.moe_intermediate = 2048;
	in.shared_inter_rank = 1024;
	in.moe_split = 1;
	in.moe_bytes_per_token_expert_inter = 6.5;
	in.gather_workspace = 98353152;
	profile_dsv4_forward(&in, &out);
	cr_assert_eq(out.attention, 16384LL * 180608 + 536870912);
	cr_assert_eq(out.moe, 16384LL * 144384);
	cr_assert_eq(out.indexer_workspace, 39600000);
	cr_assert_eq(out.workspace, 98353152);
	cr_assert_eq(out.forward, 16384LL * 180608 + 536870912 + 98353152);
	/* at 1,048,576 tokens the indexer's gather is the larger reservation:
	 * 10,485,760 entries x 132 bytes over the 1,107,820,544 of the prefill
	 * gather at 8,192 batched tokens */
	in.tokens = 8192;
	in.max_model_len = 1048576;
	in.gather_workspace = 1107820544;
	profile_dsv4_forward(&in, &out);
	cr_assert_eq(out.workspace, 10485760LL * 132);
	/* the MXFP4 indexer cache gathers 68-byte rows */
	in.fp4_indexer = true;
	profile_dsv4_forward(&in, &out);
	cr_assert_eq(out.workspace, 1107820544);
	cr_assert_eq(out.indexer_workspace, 10485760LL * 68);
	/* without c4a layers: no indexer, no logits buffer */
	in.has_c4 = false;
	in.fp4_indexer = false;
	profile_dsv4_forward(&in, &out);
	cr_assert_eq(out.indexer_workspace, 0);
	cr_assert_eq(out.attention,
	    8192LL * (32768 + 8192 + 65536 + 6144 + 32768 + 2 * 512 * 4));
}

/* The plan takes that forward as vLLM issue #44376's torch peak: larger
 * than the sampler's warm-up (15.2 x 1,024 x 129,280 bytes at 0.22). */
Test(arch_dsv4, issue_44376_torch_peak_is_the_dsv4_forward)
{
	const struct catalogue *cat = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "gh200", "deepseek-ai/DeepSeek-V4-Flash", NULL);
	in.version = VLLM_VER(0, 22, 0);
	in.tp = 2;
	in.expert_parallel = 1;
	in.kv_dtype = KV_FP8;
	in.block_size = 256;
	in.max_model_len = 30000;
	in.max_num_batched_tokens = 16384;
	in.util = 0.95;
	plan_compute(cat, &in, &p);
	cr_assert_eq(p.gather_workspace, 98353152);
	cr_assert_eq(p.dsv4_workspace, 98353152);
	cr_assert_eq(p.activation, 16384LL * 180608 + 536870912 + 98353152,
	    "%lld", (long long)p.activation);
	cr_assert_eq(p.available_kv,
	    p.requested - p.weights - p.activation - p.non_torch -
		p.cuda_graphs);
}

/* What the plan refuses for DeepSeek-V4, and the releases it cannot place. */
Test(arch_dsv4, plan_refusals)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	plan_dsv4(&p, "h200-sxm", "deepseek-ai/DeepSeek-V4-Flash",
	    VLLM_VER(0, 23, 0), 8, 0);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "#44454") && strstr(p.message, "0.23.0"),
	    "%s", p.message);
	plan_dsv4(&p, "h200-sxm", "deepseek-ai/DeepSeek-V4-Flash",
	    VLLM_VER(0, 26, 0), 8, 0);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "#48993"), "%s", p.message);
	/* Blackwell from 0.26.0 (the FlashInfer sparse window) */
	plan_dsv4(&p, "b200", "deepseek-ai/DeepSeek-V4-Flash",
	    VLLM_VER(0, 27, 0), 8, 0);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "FlashInfer"), "%s", p.message);
	/* before 0.20.0 vLLM does not know it */
	plan_dsv4(&p, "h200-sxm", "deepseek-ai/DeepSeek-V4-Flash",
	    VLLM_VER(0, 19, 0), 8, 0);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	test_input(&in, "h200-sxm", "deepseek-ai/DeepSeek-V4-Flash", NULL);
	in.version = VLLM_VER(0, 25, 0);
	in.tp = 8;
	in.kv_dtype = KV_FP8;
	in.block_size = 64;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "--block-size 64"), "%s", p.message);
	in.block_size = 0;
	in.disable_hybrid_kv_manager = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "--disable-hybrid-kv-cache-manager"), "%s",
	    p.message);
	in.disable_hybrid_kv_manager = 0;
	in.tp = 4;
	in.pp = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "pipeline"), "%s", p.message);
	/* NVIDIA's NVFP4 export: its weights are not derived */
	test_input(&in, "b200", "nvidia/DeepSeek-V4-Flash-NVFP4", NULL);
	in.version = VLLM_VER(0, 25, 0);
	in.tp = 4;
	in.kv_dtype = KV_FP8;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "DeepSeek's own checkpoint"), "%s",
	    p.message);
}

/*
 * --attention-config's use_fp4_indexer_cache, in its JSON and dotted forms,
 * takes #48993's 68-byte MXFP4 indexer rows: Pro at TP 8 on H200 (0.27.0)
 * 1,315,008 bytes a block, the figure #48993 reports, against 1,435,968
 * with the FP8 rows; any other attention key or --attention-backend stops
 * the plan.
 */
Test(arch_dsv4, attention_config_fp4_indexer)
{
	static const char *json[] = { "--attention-config",
		"{\"use_fp4_indexer_cache\": true}" };
	static const char *dotted[] = {
		"--attention_config.use_fp4_indexer_cache=True"
	};
	static const char *off[] = { "--attention-config",
		"{\"use_fp4_indexer_cache\": false}" };
	static const char *backend[] = { "--attention-backend",
		"FLASHINFER_MLA_SPARSE" };
	static const char *other[] = {
		"--attention-config.backend=FLASHINFER"
	};
	static const char *moe[] = { "--moe-backend", "deep_gemm_mega_moe" };
	static const struct {
		const char *const *w;
		size_t n;
		int64_t block; /* 0: refused */
	} cases[] = {
		{ json, 2, 1315008 },
		{ dotted, 1, 1315008 },
		{ off, 2, 1435968 },
		{ backend, 2, 0 },
		{ other, 1, 0 },
		{ moe, 2, -1 },
	};
	struct plan_input in;
	struct plan p;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		test_input(&in, "h200-sxm", "deepseek-ai/DeepSeek-V4-Pro",
		    NULL);
		in.version = VLLM_VER(0, 27, 0);
		in.tp = 8;
		in.kv_dtype = KV_FP8;
		in.extra_flags = (char *const *)cases[i].w;
		in.n_extra_flags = cases[i].n;
		plan_compute(test_catalogue(), &in, &p);
		if (cases[i].block < 0) {
			cr_assert_eq(p.phase, PHASE_CONFIG, "case %zu", i);
			cr_assert(strstr(p.message, "--moe-backend") != NULL,
			    "%s", p.message);
			continue;
		}
		if (cases[i].block == 0) {
			cr_assert_eq(p.phase, PHASE_CONFIG, "case %zu", i);
			cr_assert(strstr(p.message, "--attention-config") !=
				NULL,
			    "%s", p.message);
			continue;
		}
		cr_assert_eq(p.page_bytes, cases[i].block, "case %zu: %lld", i,
		    (long long)p.page_bytes);
	}
	/* before #48993 the MXFP4 cache allocated the FP8 rows: the same */
	test_input(&in, "h200-sxm", "deepseek-ai/DeepSeek-V4-Pro", NULL);
	in.version = VLLM_VER(0, 25, 0);
	in.tp = 8;
	in.kv_dtype = KV_FP8;
	in.extra_flags = (char *const *)json;
	in.n_extra_flags = 2;
	plan_compute(test_catalogue(), &in, &p);
	cr_assert_eq(p.page_bytes, 1473408);
}
