/*
 * test_features.c - what else vLLM puts on the GPU: LoRA slot buffers and
 * their second set of CUDA graphs, --cpu-offload-gb, KV offloading, and
 * speculative decoding (n-gram sizes, refusals by method).  Every figure
 * is worked out by hand from vLLM's shapes in the comment above it.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "core/lora.h"
#include "core/plan.h"
#include "core/spec.h"
#include "core/units.h"
#include "core/vllm_flags.h"
#include "core/weights.h"
#include "io/model_dir.h"
#include "helpers.h"

static void
lora_on(struct plan_input *in, int loras, int rank)
{
	in->lora.enabled = true;
	in->lora.max_loras = loras;
	in->lora.max_rank = rank;
}

Test(lora, llama8b_rank16_one_slot_by_hand)
{
	/* Llama-3.1-8B: H 4096, 32 heads, 8 KV heads, head 128, I 14336, 32 layers.
	 * qkv_proj (3 slices): A 3x16x4096 = 196,608, B (4096+1024+1024)x16 = 98,304
	 * o_proj:   A 16x4096 = 65,536,      B 4096x16 = 65,536
	 * gate_up:  A 2x16x4096 = 131,072,   B 2x14336x16 = 458,752
	 * down:     A 16x14336 = 229,376,    B 4096x16 = 65,536
	 * = 1,310,720 per layer x 32 layers x 2 bytes = 83,886,080 (80 MiB). */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan_lora l;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	lora_on(&in, 0, 0);
	lora_resolve(&in.lora, &l);
	cr_assert_eq(l.max_loras, 1);
	cr_assert_eq(l.max_rank, 16);
	cr_assert_eq(l.max_cpu_loras, 1);
	cr_assert_eq(lora_stack_bytes(in.model, &l, 1, 0, 32, 2), 83886080);
	(void)c;
}

Test(lora, llama8b_tp2_rank64_four_slots_and_fully_sharded)
{
	/* TP 2, r 64, 4 slots, per layer:
	 * qkv A 3x64x4096 = 786,432, B (2048+512+512)x64 = 196,608
	 * o   A 64x2048 = 131,072,   B 4096x64 = 262,144
	 * gate_up A 2x64x4096 = 524,288, B 2x7168x64 = 917,504
	 * down A 64x7168 = 458,752,  B 4096x64 = 262,144
	 * = 3,538,944 x 32 x 4 slots x 2 B = 905,969,664.
	 * --fully-sharded-loras: column A rank 32, row B rows 2048:
	 * qkv 393,216 + 196,608; o 131,072 + 131,072; gate_up 262,144 + 917,504;
	 * down 458,752 + 131,072 = 2,621,440 x 32 x 1 slot x 2 B = 167,772,160. */
	struct plan_input in;
	struct plan_lora l;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	lora_on(&in, 4, 64);
	lora_resolve(&in.lora, &l);
	cr_assert_eq(lora_stack_bytes(in.model, &l, 2, 0, 32, 2), 905969664LL);
	in.lora.max_loras = 1;
	in.lora.fully_sharded = true;
	lora_resolve(&in.lora, &l);
	cr_assert_eq(lora_stack_bytes(in.model, &l, 2, 0, 32, 2), 167772160LL);
	/* a pipeline stage holds only its layers */
	cr_assert_eq(lora_stack_bytes(in.model, &l, 2, 16, 16, 2),
	    167772160LL / 2);
}

Test(lora, moe_experts_get_stacked_slots)
{
	/* Qwen3-30B-A3B: H 2048, 32 heads, 4 KV heads, head 128, 128 experts of
	 * 768, 48 MoE layers, r 16, TP 1 (vllm/lora/layers/fused_moe.py):
	 * attention: qkv 3x16x2048 + (4096+512+512)x16 = 180,224; o 16x4096 +
	 * 2048x16 = 98,304; experts 128 x (w13 A 2x16x2048 + w13 B 2x768x16 +
	 * w2 A 16x768 + w2 B 2048x16) = 128 x 135,168 = 17,301,504; router gate
	 * 16x2048 + 128x16 = 34,816; per layer 17,614,848 x 48 x 2 B. */
	struct plan_input in;
	struct plan_lora l;

	test_input(&in, "h100-sxm", "Qwen/Qwen3-30B-A3B", NULL);
	lora_on(&in, 1, 16);
	lora_resolve(&in.lora, &l);
	cr_assert_eq(lora_stack_bytes(in.model, &l, 1, 0, 48, 2), 1691025408LL);
}

Test(lora, slots_count_in_the_weights_and_graphs_double)
{
	/* the buffers load with the model (PR #14469: in "Model loading took");
	 * cudagraph_specialize_lora captures every size with and without LoRA */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.max_model_len = 8192;
	plan_compute(c, &in, &a);
	lora_on(&in, 1, 16);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	/* the linears' 83,886,080 and embed_tokens' + lm_head's 8,470,528
	 * (lora/vocab_slots_llama8b_by_hand) */
	cr_assert_eq(b.lora_bytes, 83886080 + 8470528);
	cr_assert_eq(b.weights - a.weights, 83886080 + 8470528);
	cr_assert_eq(b.n_capture_sizes, a.n_capture_sizes);
	cr_assert(b.cuda_graphs > a.cuda_graphs * 19 / 10 &&
		b.cuda_graphs < a.cuda_graphs * 21 / 10,
	    "graphs %lld vs %lld", (long long)b.cuda_graphs,
	    (long long)a.cuda_graphs);
	cr_assert_eq(a.available_kv - b.available_kv,
	    (b.weights - a.weights) + (b.cuda_graphs - a.cuda_graphs));
}

Test(lora, vocab_slots_llama8b_by_hand)
{
	/* LlamaForCausalLM declares embedding_modules, so embed_tokens and
	 * lm_head get slots.  Llama-3.1-8B: vocab 128,256, H 4,096, untied.
	 * From 0.12.0, r 64, one slot:
	 *   embedding A 128,256x64 = 8,208,384, B 4,096x64 = 262,144
	 *   lm_head   A 64x4,096 = 262,144,     B 128,256x64 = 8,208,384
	 *   = 16,941,056 x 2 B = 33,882,112 (whole on every TP rank).
	 * 0.11.1 (lora_extra_vocab_size 256, padding 256):
	 *   embedding A 128,512x64 = 8,224,768 + B 262,144
	 *   lm_head   A 262,144 + B up(128,512, 256) = 128,512 rows x64
	 *   = 16,973,824 x 2 B = 33,947,648
	 *   + embeddings tensors 2 x 256x4,096, base embedding rows 256x4,096,
	 *     lm_head up(128,256,256) + 256 - up(128,256,64) = 256 rows x4,096
	 *   = 4,194,304 x 2 B = 8,388,608; total 42,336,256. */
	struct plan_input in;
	struct plan_lora l;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	lora_on(&in, 1, 64);
	lora_resolve(&in.lora, &l);
	cr_assert(lora_wraps_vocab(in.model));
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 1, true, true,
			 VLLM_VER(0, 12, 0), 2),
	    33882112);
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 2, true, true,
			 VLLM_VER_NEWEST, 2),
	    33882112);
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 1, true, true,
			 VLLM_VER(0, 11, 1), 2),
	    42336256);
	/* pipeline stages: the embedding on the first, lm_head on the last */
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 1, true, false,
			 VLLM_VER_NEWEST, 2),
	    16941056);
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 1, false, false,
			 VLLM_VER_NEWEST, 2),
	    0);
	/* four slots: four times the stacks */
	in.lora.max_loras = 4;
	lora_resolve(&in.lora, &l);
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 1, true, true,
			 VLLM_VER_NEWEST, 2),
	    4 * 33882112LL);
	/* Mistral 3's language model is the Llama class */
	test_input(&in, "h100-sxm",
	    "mistralai/Mistral-Small-3.1-24B-Instruct-2503", NULL);
	cr_assert(lora_wraps_vocab(in.model));
	/* Qwen3ForCausalLM declares no embedding modules */
	test_input(&in, "h100-sxm", "Qwen/Qwen3-8B", NULL);
	lora_on(&in, 1, 64);
	lora_resolve(&in.lora, &l);
	cr_assert(!lora_wraps_vocab(in.model));
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 1, true, true,
			 VLLM_VER_NEWEST, 2),
	    0);
}

Test(lora, vocab_slots_granite8b_by_hand)
{
	/* GraniteForCausalLM declares embedding_modules as Llama does
	 * (vllm/model_executor/models/granite.py), so embed_tokens and lm_head
	 * get slots.  Granite 3.1 8B: vocab 49,155, H 4,096, lm_head tied.
	 * From 0.12.0, r 64, one slot:
	 *   embedding A 49,155x64 = 3,145,920, B 4,096x64 = 262,144
	 *   lm_head   A 64x4,096 = 262,144,    B 49,155x64 = 3,145,920
	 *   = 6,816,128 x 2 B = 13,632,256.
	 * 0.11.1 (lora_extra_vocab_size 256, padding 256):
	 *   embedding A 49,411x64 = 3,162,304 + B 262,144
	 *   lm_head   A 262,144 + B up(49,411, 256) = 49,664 rows x64 =
	 *   3,178,496; together 6,865,088 x 2 B = 13,730,176
	 *   + embeddings tensors 2 x 256x4,096, base embedding rows 256x4,096,
	 *     and GraniteModel's embed_tokens padded to 256 with LoRA:
	 *     up(49,155, 256) - up(49,155, 64) = 49,408 - 49,216 = 192 rows
	 *     x4,096 (tied: lm_head shares it) = 3,932,160 x 2 B = 7,864,320;
	 *   total 21,594,496.  Llama's embedding keeps padding 64: the same
	 *   model as LlamaForCausalLM takes 192 x 4,096 x 2 B less. */
	struct plan_input in;
	struct plan_lora l;
	struct model llama;

	test_input(&in, "h100-sxm", "ibm-granite/granite-3.1-8b-instruct",
	    NULL);
	lora_on(&in, 1, 64);
	lora_resolve(&in.lora, &l);
	cr_assert(lora_wraps_vocab(in.model));
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 1, true, true,
			 VLLM_VER(0, 12, 0), 2),
	    13632256);
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 1, true, true,
			 VLLM_VER(0, 11, 1), 2),
	    21594496);
	llama = *in.model;
	llama.architecture = "LlamaForCausalLM";
	cr_assert_eq(lora_vocab_bytes(&llama, &l, 1, true, true,
			 VLLM_VER(0, 11, 1), 2),
	    21594496 - 192 * 4096 * 2);
}

Test(lora, phi3_fused_projections_take_one_slice)
{
	/* Phi3ForCausalLM maps qkv_proj and gate_up_proj to themselves
	 * (phi3.py packed_modules_mapping): one A slice each.  phi-4: H 5,120,
	 * 40 heads, 10 KV heads, head 128, I 17,920, 40 layers, r 16:
	 *   qkv     A 16x5,120 = 81,920,  B 7,680x16 = 122,880
	 *   o       A 16x5,120 = 81,920,  B 5,120x16 = 81,920
	 *   gate_up A 16x5,120 = 81,920,  B 35,840x16 = 573,440
	 *   down    A 16x17,920 = 286,720, B 5,120x16 = 81,920
	 *   = 1,392,640 x 40 x 2 B = 111,411,200.
	 * Its class is Llama's: embed_tokens and lm_head (vocab 100,352):
	 *   2 x (100,352x16 + 5,120x16) = 3,375,104 x 2 B = 6,750,208. */
	struct plan_input in;
	struct plan_lora l;

	test_input(&in, "h100-sxm", "microsoft/phi-4", NULL);
	lora_on(&in, 1, 16);
	lora_resolve(&in.lora, &l);
	cr_assert_eq(lora_stack_bytes(in.model, &l, 1, 0, 40, 2), 111411200);
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 1, true, true,
			 VLLM_VER_NEWEST, 2),
	    6750208);
}

Test(lora, v2_runner_takes_lora_where_it_is_the_default)
{
	/* _get_v2_model_runner_unsupported_features() never listed LoRA: vLLM's
	 * CI served Qwen3 + LoRA on the V2 runner after #39337 (issue #42999),
	 * #43160 (2026-05-19, before 0.22.0's tag) fixed its PIECEWISE capture
	 * and #43084, which would have sent LoRA to V1, was closed.  So a LoRA
	 * plan takes the runner the model would: dense Qwen3 from 0.22.0,
	 * other dense models from 0.25.0, and its graphs stay outside the
	 * budget until #53306 (0.28.0), as without LoRA: from 0.25.0 to 0.27.1
	 * the KV memory falls by the slots alone, from 0.28.0 by the slots and
	 * the graphs. */
	static const struct {
		const char *model;
		int version, v2;
	} cases[] = {
		{ "Qwen/Qwen3-8B", VLLM_VER(0, 21, 0), 0 },
		{ "Qwen/Qwen3-8B", VLLM_VER(0, 22, 0), 1 },
		{ "meta-llama/Llama-3.1-8B-Instruct", VLLM_VER(0, 24, 0), 0 },
		{ "meta-llama/Llama-3.1-8B-Instruct", VLLM_VER(0, 25, 0), 1 },
		{ "meta-llama/Llama-3.1-8B-Instruct", VLLM_VER(0, 27, 1), 1 },
		{ "meta-llama/Llama-3.1-8B-Instruct", VLLM_VER(0, 28, 0), 1 },
	};
	const struct catalogue *c = test_catalogue();
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct plan_input in;
		struct plan a, b;
		int64_t fall;

		test_input(&in, "h100-sxm", cases[i].model, NULL);
		in.version = cases[i].version;
		in.max_model_len = 8192;
		plan_compute(c, &in, &a);
		lora_on(&in, 1, 64);
		plan_compute(c, &in, &b);
		cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
		cr_assert_eq(b.v2_runner, cases[i].v2, "case %d", (int)i);
		cr_assert_eq(b.v2_runner, a.v2_runner, "case %d", (int)i);
		fall = a.available_kv - b.available_kv;
		if (b.cg_in_budget)
			cr_assert_eq(fall,
			    (b.weights - a.weights) +
				(b.cuda_graphs - a.cuda_graphs),
			    "case %d", (int)i);
		else
			cr_assert_eq(fall, b.weights - a.weights, "case %d",
			    (int)i);
		cr_assert_eq(b.cg_in_budget,
		    !(cases[i].v2 && cases[i].version < VLLM_VER(0, 28, 0)),
		    "case %d", (int)i);
	}
}

Test(lora, second_graph_set_from_0_11_1)
{
	/* PR #25914 (after 0.11.0) added the no-LoRA case of every size */
	struct plan_lora l = { .enabled = true };

	cr_assert_eq(lora_graph_cases(&l, VLLM_VER(0, 11, 0)), 1);
	cr_assert_eq(lora_graph_cases(&l, VLLM_VER(0, 11, 1)), 2);
	cr_assert_eq(lora_graph_cases(&l, VLLM_VER_NEWEST), 2);
	l.unspecialized = true;
	cr_assert_eq(lora_graph_cases(&l, VLLM_VER_NEWEST), 1);
	l.enabled = false;
	l.unspecialized = false;
	cr_assert_eq(lora_graph_cases(&l, VLLM_VER_NEWEST), 1);
}

Test(lora, vllm_refusals)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	lora_on(&in, 4, 16);
	in.lora.max_cpu_loras = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_str_eq(p.message,
	    "max_cpu_loras (2) must be >= max_loras (4)");

	/* divide(max_lora_rank, tp) with --fully-sharded-loras */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	lora_on(&in, 1, 1);
	in.lora.fully_sharded = true;
	in.tp = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "1 is not divisible by 2") != NULL, "%s",
	    p.message);

	/* not modelled: LoRA on MLA attention */
	test_input(&in, "h100-sxm", "deepseek-ai/DeepSeek-V3", NULL);
	in.tp = 8;
	lora_on(&in, 1, 16);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "multi-head latent attention") != NULL,
	    "%s", p.message);
	cr_assert(lora_rank_valid(64) && lora_rank_valid(320) &&
	    !lora_rank_valid(24));

	/* MoE experts got LoRA buffers in 0.11.1 (PR #21229) */
	test_input(&in, "h100-sxm", "Qwen/Qwen3-30B-A3B", NULL);
	lora_on(&in, 1, 16);
	in.version = VLLM_VER(0, 11, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "0.11.1") != NULL, "%s", p.message);
	in.version = VLLM_VER(0, 11, 1);
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);

	/* not modelled: LoRA (and MTP) on state layers (a hybrid's Mamba/GDN) */
	{
		struct model mm;
		struct plan_lora l;
		struct plan_spec sp;
		char msg[PLAN_MSG_LEN];

		test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct",
		    NULL);
		mm = *in.model;
		mm.n_state_layers = 4;
		mm.mtp_layers = 1;
		memset(&l, 0, sizeof l);
		l.enabled = true;
		lora_resolve(&l, &l);
		lora_check(&mm, &l, 1, 0, msg, sizeof msg);
		cr_assert(strstr(msg, "layers other than standard attention") !=
			NULL,
		    "%s", msg);
		memset(&sp, 0, sizeof sp);
		snprintf(sp.name, sizeof sp.name, "mtp");
		sp.method = SPEC_MTP;
		spec_check(&mm, &sp, msg, sizeof msg);
		cr_assert(strstr(msg, "does not size them yet") != NULL, "%s",
		    msg);
	}
}

Test(offload, cpu_offload_moves_weights_to_kv)
{
	/* --cpu-offload-gb 4: 4 GiB of parameters live in pinned CPU memory;
	 * the measured weights drop by it and the KV cache gains it */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.max_model_len = 8192;
	plan_compute(c, &in, &a);
	in.cpu_offload_gib = 4;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	cr_assert_eq(b.offloaded, 4 * GIB);
	cr_assert_eq(a.weights - b.weights, 4 * GIB);
	cr_assert_eq(b.available_kv - a.available_kv, 4 * GIB);
	/* more than the model: everything but nothing more */
	in.cpu_offload_gib = 100;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.weights, 0);
	cr_assert_eq(b.offloaded, a.weights);
}

Test(offload, kv_offloading_native_keeps_gpu_figures)
{
	/* --kv-offloading-size: the OffloadingConnector's buffer is CPU memory */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	plan_compute(c, &in, &a);
	in.kv_offloading_gib = 20;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	cr_assert_eq(b.available_kv, a.available_kv);
	cr_assert_eq(b.num_blocks, a.num_blocks);
	in.kv_offloading_backend = 1;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_CONFIG);
	cr_assert(strstr(b.message, "lmcache") != NULL, "%s", b.message);
	/* sliding-window layers: the hybrid manager may go off, not modelled */
	test_input(&in, "h100-sxm", "openai/gpt-oss-20b", NULL);
	in.kv_offloading_gib = 20;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_CONFIG);
	cr_assert(strstr(b.message,
		      "--kv-offloading-size on openai/gpt-oss-20b") != NULL,
	    "%s", b.message);
}

static void
spec_set(struct plan_input *in, const char *method, int k)
{
	snprintf(in->spec.name, sizeof in->spec.name, "%s", method);
	in->spec.method = spec_method_parse(method);
	in->spec.num_tokens = k;
}

/* in: model m on gpu at version, fp8 KV cache, prefix caching, MTP with k
 * drafts, and the given length, sequences and batched tokens */
static void
mtp_fp8_input(struct plan_input *in, struct model *m, const char *gpu,
    int version, int64_t len, int seqs, int batched, int k)
{
	test_input(in, gpu, "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in->model = m;
	in->ckpt = -1;
	in->version = version;
	in->kv_dtype = KV_FP8;
	in->prefix_caching = 1;
	in->max_model_len = len;
	in->max_num_seqs = seqs;
	in->max_num_batched_tokens = batched;
	spec_set(in, "mtp", k);
}

Test(spec, ngram_widens_the_graph_range)
{
	/* max_num_seqs 8, max_num_batched_tokens 2048, no drafts: M = min(8x2, 512)
	 * = 16 -> sizes 1 2 4 8 16 (5).  ngram k = 3: decode query 4, M = min(8 x 4
	 * x 2, 512) = 64 -> 1 2 4 8 16 24 32 40 48 56 64, rounded up to multiples
	 * of 4 with FULL decode graphs (adjust_cudagraph_sizes_for_spec_decode):
	 * 4 8 16 24 32 40 48 56 64 (9); FULL decode graphs only for sizes 4..32
	 * (vllm/v1/cudagraph_dispatcher.py): 5.  Before 0.12.0, and with
	 * piecewise graphs only, the sizes stay as generated: 11. */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.max_num_seqs = 8;
	in.max_num_batched_tokens = 2048;
	plan_compute(c, &in, &a);
	cr_assert_eq(a.n_capture_sizes, 5);
	cr_assert_eq(a.max_capture_size, 16);
	spec_set(&in, "ngram", 3);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	cr_assert_eq(b.n_capture_sizes, 9);
	cr_assert_eq(b.max_capture_size, 64);
	/* no draft weights, no KV layers */
	cr_assert_eq(b.weights, a.weights);
	cr_assert_eq(b.page_bytes, a.page_bytes);
	cr_assert_eq(b.layers_per_rank, a.layers_per_rank);
	/* graphs: 5 + 4 FULL before, 9 + 5 FULL after (linear estimate) */
	cr_assert(b.cuda_graphs * 9 > a.cuda_graphs * 14 - 9 &&
	    b.cuda_graphs * 9 < a.cuda_graphs * 14 + 9);
	/* k = 2: queries of 3, M = 48: 1 2 4 8 16 24 32 40 48 round up to
	 * 3 3 6 9 18 24 33 42 48: 3 6 9 18 24 33 42 48 (8) */
	spec_set(&in, "ngram", 2);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.n_capture_sizes, 8);
	cr_assert_eq(b.max_capture_size, 48);
	/* 0.11.0: sizes as generated */
	spec_set(&in, "ngram", 3);
	in.version = VLLM_VER(0, 11, 0);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.n_capture_sizes, 11);
	/* piecewise graphs only: no rounding */
	in.version = 0;
	in.cudagraph_mode = PLAN_CG_PIECEWISE;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.n_capture_sizes, 11);
	cr_assert_eq(spec_decode_query_len(in.model, &in.spec), 4);
}

Test(spec, draft_methods_are_refused_by_name)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	const char *m[] = { "medusa", "mlp_speculator", "dflash",
		"some_new_method" };
	size_t i;

	for (i = 0; i < sizeof m / sizeof m[0]; i++) {
		char want[64];

		test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct",
		    NULL);
		spec_set(&in, m[i], 3);
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG, "%s", m[i]);
		snprintf(want, sizeof want, "method '%s'", m[i]);
		cr_assert(strstr(p.message, want) != NULL, "%s", p.message);
	}
	/* MTP on a model without next-token layers */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	spec_set(&in, "mtp", 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "no num_nextn_predict_layers") != NULL,
	    "%s", p.message);
	cr_assert_eq(spec_method_parse("qwen3_next_mtp"), SPEC_MTP);
	cr_assert_eq(spec_method_parse("[ngram]"), SPEC_NGRAM);
	cr_assert_eq(spec_method_parse(""), SPEC_NONE);
	/* ngram without a token count is refused too */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	spec_set(&in, "ngram", 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
}

Test(mxfp4, expert_padding_per_backend_by_hand)
{
	/* gpt-oss-120b: H = I = 2880, 128 experts, 36 MoE layers, TP 1.
	 * Unpadded expert: w13 2x2880 x (1440 + 90) + bias 2x2880x2, w2 2880 x
	 * (1440 + 90) + bias 2880x2 = 13,236,480 bytes.
	 * Marlin (I' 2944, H' 3072): 5888 x 1632 + 11,776 + 3072 x 1564 + 6,144
	 * = 14,431,744 -> +1,195,264 x 128 x 36 = 5,507,776,512.
	 * Hopper Triton layout (I' 2880, contraction 3072): 5760 x 1632 + 11,520
	 * + 2880 x 1632 + 5,760 = 14,117,760 -> +881,280 x 4608 = 4,060,938,240.
	 * SM100 FlashInfer (3072 both): 15,058,944 -> +1,822,464 x 4608. */
	struct plan_input in;

	test_input(&in, "h100-sxm", "openai/gpt-oss-120b", NULL);
	cr_assert_eq(weights_mxfp4_padding(in.model, MXFP4_MARLIN, 1, 0, 36),
	    5507776512LL);
	cr_assert_eq(weights_mxfp4_padding(in.model, MXFP4_TRITON_HOPPER, 1, 0,
			 36),
	    4060938240LL);
	cr_assert_eq(weights_mxfp4_padding(in.model, MXFP4_FLASHINFER, 1, 0,
			 36),
	    1822464LL * 4608);
	/* 2880 is a multiple of 64: the plain Triton layout pads nothing */
	cr_assert_eq(weights_mxfp4_padding(in.model, MXFP4_TRITON, 1, 0, 36),
	    0);
	/* gpt-oss-20b TP 2 on Marlin: I 1440 -> 1536: w13 3072 x 1632 + 6,144,
	 * w2 3072 x 816 + 6,144 = 7,532,544 vs 6,621,120 -> +911,424 x 32 x 24 */
	test_input(&in, "h100-sxm", "openai/gpt-oss-20b", NULL);
	cr_assert_eq(weights_mxfp4_padding(in.model, MXFP4_MARLIN, 2, 0, 24),
	    699973632LL);
	/* not MXFP4: nothing */
	test_input(&in, "h100-sxm", "Qwen/Qwen3-30B-A3B", NULL);
	cr_assert_eq(weights_mxfp4_padding(in.model, MXFP4_MARLIN, 1, 0, 48),
	    0);
}

Test(mxfp4, hopper_startups_load_what_vllm_logged)
{
	/* "Model loading took 65.9651 GiB" (vLLM 0.10.1, H100, Marlin; issue
	 * #23278), "64.38 GiB" (0.14.1, H100, "Using Triton backend"; #33155),
	 * gpt-oss-20b "13.64" (0.19.0 H100) and "7.01" at TP 2 (llm-d logs) */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h100-sxm", "openai/gpt-oss-120b", NULL);
	in.version = VLLM_VER(0, 10, 1);
	plan_compute(c, &in, &p);
	cr_assert(fabs(test_gib(p.weights) - 65.9651) < 0.2, "%.3f",
	    test_gib(p.weights));
	in.version = VLLM_VER(0, 14, 1);
	plan_compute(c, &in, &p);
	cr_assert(fabs(test_gib(p.weights) - 64.38) < 0.2, "%.3f",
	    test_gib(p.weights));
	test_input(&in, "h100-sxm", "openai/gpt-oss-20b", NULL);
	in.version = VLLM_VER(0, 19, 0);
	plan_compute(c, &in, &p);
	cr_assert(fabs(test_gib(p.weights) - 13.64) < 0.1, "%.3f",
	    test_gib(p.weights));
	in.tp = 2;
	plan_compute(c, &in, &p);
	cr_assert(fabs(test_gib(p.weights) - 7.01) < 0.1, "%.3f",
	    test_gib(p.weights));
	/* LoRA takes the Marlin kernel on any card (get_mxfp4_backend_with_lora) */
	test_input(&in, "h100-sxm", "openai/gpt-oss-120b", NULL);
	in.version = VLLM_VER(0, 14, 1);
	in.lora.enabled = true;
	plan_compute(c, &in, &p);
	cr_assert(test_gib(p.weights - p.lora_bytes) > 65.7, "%.3f",
	    test_gib(p.weights - p.lora_bytes));
}

Test(spec, deepseek_mtp_layer_in_weights_and_kv)
{
	/* DeepSeek-V3, num_nextn_predict_layers 1, TP 8, FP8 block weights.
	 * KV: MLA, 576 values x 2 bytes per layer and token on every rank; the
	 * MTP layer's attention joins the one group: 61 -> 62 layers,
	 * 70,272 -> 71,424 bytes per token, page 64 x 576 x 2 = 73,728.
	 * Weights (deepseek_mtp.py): the routed experts of one MoE layer,
	 * 256 x 3 x 7168 x 2048 / 8 = 1,409,286,144 parameters at 1 + 4/16384
	 * bytes = 1,409,630,208; eh_proj 2 x 7168 x 7168 x 2 = 205,520,896;
	 * its embedding and shared head, 2 x 16,160 x 7168 x 2 = 463,339,520;
	 * = 2,078,490,624 before attention, shared expert and norms. */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;

	test_input(&in, "h200-sxm", "deepseek-ai/DeepSeek-V3", NULL);
	in.tp = 8;
	in.max_model_len = 32768;
	plan_compute(c, &in, &a);
	spec_set(&in, "deepseek_mtp", 0);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	cr_assert_eq(spec_tokens(in.model, &in.spec),
	    1); /* vLLM's default: the layers */
	cr_assert_eq(a.bytes_per_token, 70272);
	cr_assert_eq(b.bytes_per_token, 71424);
	cr_assert_eq(b.page_bytes, 73728);
	cr_assert_eq(b.draft_layers, 1);
	cr_assert(b.draft_weights > 2078490624LL &&
		b.draft_weights < 2078490624LL + 150 * MIB,
	    "%lld", (long long)b.draft_weights);
	cr_assert_eq(b.weights - a.weights, b.draft_weights);
	/* a cache dtype of the drafter's own is not modelled */
	snprintf(in.spec.unmodelled, sizeof in.spec.unmodelled,
	    "kv_cache_dtype");
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_CONFIG);
	cr_assert(strstr(b.message, "\"kv_cache_dtype\"") != NULL, "%s",
	    b.message);
	in.spec.unmodelled[0] = '\0';
	/* pipeline stages: the layers sit on the last one, not modelled */
	in.tp = 4;
	in.pp = 2;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_CONFIG);
}

Test(catalogue, kimi_k2_and_minimax_m2_5_kv_by_hand)
{
	/* Kimi-K2 (DeepseekV3ForCausalLM): MLA, one 576-value latent per layer
	 * and token on every rank: 61 x 576 x 2 = 70,272 bytes at TP 1 and 8,
	 * 61 x 576 x 1 with an fp8 cache; block 64 on Hopper.
	 * MiniMax-M2.5: 62 full-attention layers, 8 KV heads of 128:
	 * 62 x 2 x 8 x 128 x 2 = 253,952 bytes per token at TP 1, 31,744 at
	 * TP 8 (one KV head per rank). */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;

	test_input(&in, "h200-sxm", "moonshotai/Kimi-K2-Instruct", NULL);
	in.tp = 8;
	in.max_model_len = 8192;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.bytes_per_token, 70272);
	cr_assert_eq(p.block_size, 64);
	cr_assert_eq(p.format, FMT_FP8_BLOCK);
	in.kv_dtype = KV_FP8;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.bytes_per_token, 61 * 576);

	test_input(&in, "h200-sxm", "MiniMaxAI/MiniMax-M2.5", NULL);
	in.max_model_len = 8192;
	in.tp = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.bytes_per_token, 253952);
	in.tp = 8;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.bytes_per_token, 31744);
	cr_assert_eq(p.format, FMT_FP8_BLOCK);
}

Test(lora, moe_buffers_in_the_profile_forward)
{
	/* Qwen3-30B-A3B, 8192 batched tokens, top 8, r 16, TP 1, bf16
	 * (fused_moe_lora_op.py): gate_up 2 x 8192 x 8 x (16 + 768) = 102,760,448
	 * elements, down 8192 x 8 x (16 + 2048) = 135,266,304: the larger x 2 B
	 * = 270,532,608 bytes on top of the activation. Dense models: none. */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;
	struct plan_lora l;

	test_input(&in, "h100-sxm", "Qwen/Qwen3-30B-A3B", NULL);
	in.max_model_len = 8192;
	memset(&l, 0, sizeof l);
	l.enabled = true;
	lora_resolve(&l, &l);
	cr_assert_eq(lora_activation_bytes(in.model, &l, 1, 8192, 2),
	    270532608LL);
	plan_compute(c, &in, &a);
	in.lora = l;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.activation - a.activation, 270532608LL);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	cr_assert_eq(lora_activation_bytes(in.model, &l, 1, 8192, 2), 0);
}

static void
drafter_set(struct plan_input *in, const char *method, const char *model,
    const struct model *d, int k)
{
	spec_set(in, method, k);
	snprintf(in->spec.model, sizeof in->spec.model, "%s", model);
	in->draft = d;
}

Test(spec, gemma4_eagle_capture_sizes_of_a_real_startup)
{
	/* tests/calibration/newer-logs.json,
	 * wsl-v0192rc1-gemma-4-26b-a4b-it-nvfp4-eagle3head-32gbclass-tp1-98304:
	 * vLLM 0.19.2rc1, gemma-4-26B-A4B with an EAGLE-3 head, k 3,
	 * max_num_seqs 2, 8,192 batched tokens, FULL_AND_PIECEWISE, logs
	 * "cudagraph_capture_sizes': [1, 2, 4, 8, 16]" and "Profiling CUDA
	 * graph memory: PIECEWISE=3 (largest=16), FULL=2 (largest=8)": M =
	 * min(2 x 4 x 2, 512) = 16; 1 2 4 8 16 rounded up to multiples of 4:
	 * 4 8 16 (3); FULL decode sizes 4..8: 4 8 (2).  The sizes do not
	 * depend on the drafter, whose config was not seen: ngram with the
	 * same k gives them, on any card that holds the weights. */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct plan_input e;
	struct plan q;

	test_input(&in, "h100-sxm", "google/gemma-4-26B-A4B", NULL);
	in.version = VLLM_VER(0, 19, 2);
	in.max_num_seqs = 2;
	in.max_num_batched_tokens = 8192;
	in.max_model_len = 98304;
	spec_set(&in, "ngram", 3);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.n_capture_sizes, 3);
	cr_assert_eq(p.max_capture_size, 16);
	/* 3 PIECEWISE + 2 FULL: the FULL_DECODE_ONLY plan captures the 2 */
	e = in;
	e.cudagraph_mode = PLAN_CG_FULL_DECODE_ONLY;
	plan_compute(c, &e, &q);
	cr_assert_eq(q.phase, PHASE_NONE, "%s", q.message);
	cr_assert(q.cuda_graphs * 5 > p.cuda_graphs * 2 - 5 &&
		q.cuda_graphs * 5 < p.cuda_graphs * 2 + 5,
	    "%lld %lld", (long long)q.cuda_graphs, (long long)p.cuda_graphs);
}

Test(spec, qwen36_27b_mtp_kv_of_a_real_startup)
{
	/* tests/calibration/newer-logs.json,
	 * dgxspark-v0231rc1-qwen3.6-27b-nvfp4-mtp2-gb10-tp1-262144: vLLM
	 * 0.23.1rc1 on a GB10, nvidia/Qwen3.6-27B-NVFP4 (the fixture is its
	 * config.json), --kv-cache-dtype fp8, --enable-prefix-caching,
	 * max_model_len 262144, method mtp with k 2: "Setting attention block
	 * size to 1600 tokens", "Add 3 padding layers", "Available KV cache
	 * memory: 48.6 GiB", "GPU KV cache size: 1,394,129 tokens", "Maximum
	 * concurrency for 262,144 tokens per request: 5.32x".  By hand: the
	 * MTP layer's attention joins the 16 full-attention layers: 17 of
	 * 2 x 4 KV heads x 256 x 1 B = 2048 B per token each, 34,816 in all;
	 * 48 GDN layers in groups of 17: 3 groups, 3 padding layers.  A block
	 * is 17 tensors x 1600 x 2048 B = 55,705,600 B; 48.595-48.605 GiB hold
	 * 936 of them.  A request: cdiv(262144, 1600) = 164 attention blocks
	 * and, in the 'align' mode of prefix caching, 2 + 2 (one per draft
	 * token) state blocks in each of the 3 GDN groups: 176; 936 / 176 =
	 * 5.318 -> 5.32x, x 262144 = 1,394,129 tokens.  Without the MTP layer
	 * the groups and the state blocks differ (16 + 48: 4 groups of 16,
	 * no padding; 2 + 0 state blocks). */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct model m;
	const double ends[2] = { 48.595, 48.605 - 1e-9 };
	int i;

	memset(&m, 0, sizeof m);
	test_config_load("qwen3.5/Qwen3.6-27B-NVFP4", &m);
	cr_assert_eq(m.mtp_layers, 1);
	mtp_fp8_input(&in, &m, "gb10", VLLM_VER(0, 23, 1), 262144, 8, 65536, 2);
	for (i = 0; i < 2; i++) {
		in.kv_cache_memory_bytes = (int64_t)(ends[i] * (1 << 30));
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
		cr_assert_eq(p.kv.attn_block_size, 1600);
		cr_assert_eq(p.bytes_per_token, 34816);
		cr_assert_eq(p.kv.group_size, 17);
		cr_assert_eq(p.kv.padding_layers, 3);
		cr_assert_eq(p.draft_layers, 1);
		cr_assert_eq(p.kv_tokens, 1394129, "%lld",
		    (long long)p.kv_tokens);
		cr_assert(round(p.max_concurrency * 100) == 532, "%.4f",
		    p.max_concurrency);
	}
	memset(&in.spec, 0, sizeof in.spec);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.kv.group_size, 16);
	cr_assert_eq(p.kv.padding_layers, 0);
	cr_assert_eq(p.draft_layers, 0);
	model_done(&m);
}

Test(spec, drafter_forward_and_graphs_by_hand)
{
	/* Llama-3.1-8B with its EAGLE-3 head on an H100, max_num_seqs 8,
	 * max_num_batched_tokens 8192, k 3.  EagleProposer.dummy_run follows
	 * the target's forward in _dummy_run, which still holds its hidden
	 * states and the three auxiliary ones (4 x 4096 x 2 B per token).  The
	 * target's forward: 8192 x (2.0 x 4096 + 8.5 x 14336) = 1,065,353,216;
	 * the head's (H 4096, I 14336): the same plus 8192 x 32,768 =
	 * 268,435,456 held, 1,333,788,672.  The sampler (8 x 128,256 logits
	 * x 38.9 B, 39.9 MB) is smaller.  ngram with k 3 has the same capture
	 * sizes (9 PIECEWISE, 5 FULL) and no drafter; the head's one layer
	 * joins the 9 PIECEWISE graphs: 0.0167 GiB x 1 x 9 / 102 =
	 * 1,582,190 bytes.  FULL_DECODE_ONLY captures no PIECEWISE graph, so
	 * the head adds none. */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;
	struct model d;
	int64_t g;

	memset(&d, 0, sizeof d);
	test_config_load("eagle/EAGLE3-LLaMA3.1-Instruct-8B", &d);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.max_num_seqs = 8;
	in.max_num_batched_tokens = 8192;
	spec_set(&in, "ngram", 3);
	plan_compute(c, &in, &a);
	cr_assert_eq(a.phase, PHASE_NONE, "%s", a.message);
	drafter_set(&in, "eagle3", "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B", &d,
	    3);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	cr_assert_eq(a.n_capture_sizes, 9);
	cr_assert_eq(b.n_capture_sizes, 9);
	cr_assert_eq(b.activation - a.activation, 268435456LL, "%lld",
	    (long long)(b.activation - a.activation));
	g = b.cuda_graphs - a.cuda_graphs;
	cr_assert(g >= 1582189 && g <= 1582191, "%lld", (long long)g);
	in.cudagraph_mode = PLAN_CG_FULL_DECODE_ONLY;
	spec_set(&in, "ngram", 3);
	in.draft = NULL;
	plan_compute(c, &in, &a);
	drafter_set(&in, "eagle3", "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B", &d,
	    3);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.cuda_graphs, a.cuda_graphs);
	model_done(&d);
}

Test(spec, drafter_graphs_one_set_with_lora)
{
	/* The plan of spec::drafter_forward_and_graphs_by_hand with
	 * --enable-lora (one slot, rank 16).  From 0.11.1 the target captures
	 * its PIECEWISE sizes with and without adapters (twice the graphs,
	 * _get_lora_cases), but _dummy_run runs the drafter without graphs
	 * when adapters are active and cudagraph_specialize_lora is on
	 * (gpu_model_runner.py, vLLM #28318, issue #28334): on the newest
	 * release the head's one layer joins 9 graphs, 0.0167 GiB x 1 x 9 /
	 * 102 = 1,582,190 bytes, as without LoRA, not 18.  With
	 * cudagraph_specialize_lora false there is one case, captured with the
	 * adapters active; before 0.11.1 one case: the drafter's share is
	 * the plan's without LoRA in every case. */
	static const int versions[] = { VLLM_VER(0, 11, 0), VLLM_VER(0, 11, 1),
		VLLM_VER_NEWEST };
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;
	struct model d;
	size_t i;
	int u;

	memset(&d, 0, sizeof d);
	test_config_load("eagle/EAGLE3-LLaMA3.1-Instruct-8B", &d);
	for (i = 0; i < sizeof versions / sizeof versions[0]; i++)
		for (u = 0; u < 2; u++) {
			test_input(&in, "h100-sxm",
			    "meta-llama/Llama-3.1-8B-Instruct", NULL);
			in.version = versions[i];
			in.max_num_seqs = 8;
			in.max_num_batched_tokens = 8192;
			drafter_set(&in, "eagle3",
			    "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B", &d, 3);
			plan_compute(c, &in, &a);
			cr_assert_eq(a.phase, PHASE_NONE, "%s", a.message);
			lora_on(&in, 1, 16);
			in.lora.unspecialized = u;
			plan_compute(c, &in, &b);
			cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
			cr_assert_eq(b.n_piecewise_graphs,
			    a.n_piecewise_graphs * (i > 0 && !u ? 2 : 1),
			    "%d/%d: %d vs %d", (int)i, u, b.n_piecewise_graphs,
			    a.n_piecewise_graphs);
			cr_assert_eq(b.draft_graphs, a.draft_graphs,
			    "%d/%d: %lld vs %lld", (int)i, u,
			    (long long)b.draft_graphs,
			    (long long)a.draft_graphs);
		}
	cr_assert(a.draft_graphs >= 1582189 && a.draft_graphs <= 1582191,
	    "%lld", (long long)a.draft_graphs);
	model_done(&d);
}

Test(spec, eagle3_head_weights_and_kv_by_hand)
{
	/* EAGLE-3 head for Llama-3.1-8B (llama_eagle3.py), H 4096, 32 heads,
	 * 8 KV heads of 128, I 14336, one layer, draft_vocab_size 32000, TP 1:
	 * layer: q 16,777,216 + k, v 8,388,608 + o 16,777,216; its qkv_proj
	 * reads [embeds, hidden] (2H): + 4096 x (4096 + 2048) = 25,165,824;
	 * MLP 3 x 4096 x 14336 = 176,160,768; = 243,269,632 params x 2 B
	 * = 486,539,264.  input, post-attention, hidden and final norms
	 * 4 x 4096 x 2 = 32,768.  fc [3 x 4096 -> 4096] 100,663,296.  lm_head
	 * 32,000 x 4096 x 2 = 262,144,000.  d2t 32,000 x 8 = 256,000.  Its
	 * RoPE (2048 positions x 128, not the target's) 524,288.  The
	 * embedding is the target's.  Sum 850,159,616.
	 * KV: the head's layer joins the one group: 33 x 2 x 8 x 128 x 2
	 * = 135,168 bytes per token.
	 * TP 2: attention 20,971,520 + 12,582,912, MLP 88,080,384 -> x 2 B
	 * 243,269,632; lm_head 16,000 rows 131,072,000; fc, norms, d2t, RoPE
	 * replicated: 475,817,984.  KV 33 x 2 x 4 x 128 x 2 = 67,584. */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;
	struct model d;

	memset(&d, 0, sizeof d);
	test_config_load("eagle/EAGLE3-LLaMA3.1-Instruct-8B", &d);
	cr_assert_eq(d.draft_vocab, 32000);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	plan_compute(c, &in, &a);
	drafter_set(&in, "eagle3", "yuhuili/EAGLE3-LLaMA3.1-Instruct-8B", &d,
	    3);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	cr_assert_eq(b.draft_weights, 850159616LL, "%lld",
	    (long long)b.draft_weights);
	cr_assert_eq(b.weights - a.weights, b.draft_weights);
	cr_assert_eq(b.draft_layers, 1);
	cr_assert_eq(a.bytes_per_token, 131072);
	cr_assert_eq(b.bytes_per_token, 135168);
	cr_assert_eq(b.n_groups, 1);
	cr_assert_eq(b.page_bytes, a.page_bytes);
	cr_assert(b.spec_assumption != NULL);
	/* decode queries of 1 + 3 tokens: M = min(1024 x 4 x 2, 512) = 512 */
	cr_assert_eq(b.max_capture_size, 512);
	in.tp = 2;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	cr_assert_eq(b.draft_weights, 475817984LL, "%lld",
	    (long long)b.draft_weights);
	cr_assert_eq(b.bytes_per_token, 67584);
	/* EAGLE-1 layout of the same shapes (llama_eagle.py): the layer
	 * without the wider qkv, one norm less (input_layernorm is Identity),
	 * no final norm, fc [2H -> H], lm_head and embedding the target's:
	 * 218,103,808 x 2 + 8,192 + 67,108,864 + 524,288 = 503,848,960 */
	cr_assert_eq((int64_t)weights_draft_bytes(&d, in.model, WEIGHTS_EAGLE,
			 1, 2, 1, 1),
	    503848960LL);
	/* two layers (PR #26164, from 0.11.1): the second reads H, with its own
	 * hidden_norm: + 218,103,808 x 2 + 3 x 4096 x 2 = 436,232,192; before
	 * 0.11.1 vLLM built one layer whatever num_hidden_layers said */
	d.layers = 2;
	cr_assert_eq((int64_t)weights_draft_bytes(&d, in.model, WEIGHTS_EAGLE3,
			 2, 2, 1, 1),
	    850159616LL + 436232192LL);
	/* eagle_config.use_aux_hidden_state false: no fc (100,663,296 less) */
	d.eagle_no_aux = 1;
	cr_assert_eq((int64_t)weights_draft_bytes(&d, in.model, WEIGHTS_EAGLE3,
			 2, 2, 1, 1),
	    850159616LL + 436232192LL - 100663296LL);
	d.eagle_no_aux = 0;
	cr_assert_eq(spec_draft_layers(&d, &in.spec, VLLM_VER(0, 11, 0)), 1);
	cr_assert_eq(spec_draft_layers(&d, &in.spec, VLLM_VER(0, 11, 1)), 2);
	d.layers = 1;
	/* PP 2 would keep its own embedding; vLLM puts the drafter on the
	 * last stage: not modelled */
	in.tp = 1;
	in.pp = 2;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_CONFIG);
	cr_assert(strstr(b.message, "pipeline parallelism") != NULL, "%s",
	    b.message);
	model_done(&d);
}

Test(spec, draft_model_joins_the_group_with_its_own_page)
{
	/* Llama-3.2-1B as the draft of Llama-3.1-8B: 16 layers of 8 KV heads
	 * of 64 (2 x 8 x 64 x 2 = 2,048 bytes per token and layer) beside the
	 * target's 32 of 4,096: every layer full attention, pages differ, so
	 * one UniformTypeKVCacheSpecs group: 131,072 + 32,768 = 163,840 bytes
	 * per token.  Weights: the whole 1B model (its own embedding, tied
	 * head, its own RoPE of 64 rotary dims). */
	const struct catalogue *c = test_catalogue();
	struct plan_input in, d1;
	struct plan a, b;
	struct weights_breakdown w;

	test_input(&d1, "h100-sxm", "meta-llama/Llama-3.2-1B", NULL);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	plan_compute(c, &in, &a);
	drafter_set(&in, "draft_model", "meta-llama/Llama-3.2-1B", d1.model, 4);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	cr_assert_eq(b.bytes_per_token, 163840);
	cr_assert_eq(b.n_groups, 1);
	cr_assert_eq(b.draft_layers, 16);
	weights_rank(d1.model, d1.model->native_format, 2, 1, 1, 0, &w);
	cr_assert_eq(b.draft_weights, (int64_t)w.total);
	cr_assert(test_gib(b.draft_weights) > 2.2 &&
		test_gib(b.draft_weights) < 2.4,
	    "%.3f", test_gib(b.draft_weights));
	/* draft_model came to the V1 engine with #24322; 0.13.0 refuses it */
	in.version = VLLM_VER(0, 13, 0);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_CONFIG);
	cr_assert(strstr(b.message,
		      "Speculative decoding with draft model is not "
		      "supported yet") != NULL,
	    "%s", b.message);
	/* a draft TP other than the target's */
	in.version = 0;
	in.spec.draft_tp = 1;
	in.tp = 2;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_CONFIG);
	cr_assert(strstr(b.message, "draft_tensor_parallel_size 1") != NULL,
	    "%s", b.message);
}

Test(spec, drafter_refusals_in_vllms_words)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct model d;

	memset(&d, 0, sizeof d);
	test_config_load("eagle/EAGLE3-LLaMA3.1-Instruct-8B", &d);
	/* _verify_and_get_draft_tp: 1 or the target's TP */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	drafter_set(&in, "eagle3", "x", &d, 3);
	in.tp = 4;
	in.spec.draft_tp = 2;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_str_eq(p.message,
	    "speculative_draft_tensor_parallel_size=2 cannot "
	    "be other value than 1 or target model tensor_parallel_size");
	/* 1 is taken (and, in V1, runs at the target's TP: issue #31345) */
	in.spec.draft_tp = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	/* no num_speculative_tokens */
	drafter_set(&in, "eagle3", "x", &d, 0);
	in.tp = 1;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "num_speculative_tokens must be provided") != NULL,
	    "%s", p.message);
	/* EAGLE-3 targets vLLM takes (the list is checked up to 0.16.0) */
	test_input(&in, "h100-sxm", "google/gemma-3-27b-it", NULL);
	drafter_set(&in, "eagle3", "x", &d, 3);
	in.version = VLLM_VER(0, 16, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "Eagle3 is only supported for ['llama', 'qwen', "
		      "'minicpm', 'gpt_oss'] models.") != NULL,
	    "%s", p.message);
	/* a drafter whose config was not read, a key that moves memory */
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	drafter_set(&in, "eagle", "somewhere/else", NULL, 3);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "'somewhere/else' was not read") != NULL,
	    "%s", p.message);
	drafter_set(&in, "eagle3", "x", &d, 3);
	snprintf(in.spec.unmodelled, sizeof in.spec.unmodelled,
	    "kv_cache_dtype");
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message, "\"kv_cache_dtype\"") != NULL, "%s",
	    p.message);
	/* a drafter beside an MLA target (Kimi-K2 EAGLE-3 heads) */
	test_input(&in, "h200-sxm", "deepseek-ai/DeepSeek-V3", NULL);
	drafter_set(&in, "eagle3", "x", &d, 3);
	in.tp = 8;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "multi-head latent attention is not modelled") != NULL,
	    "%s", p.message);
	/* an MLA drafter (DeepSeek's own EAGLE layout) is not sized */
	test_input(&in, "h200-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	{
		struct plan_input ds;

		test_input(&ds, "h200-sxm", "deepseek-ai/DeepSeek-V3", NULL);
		drafter_set(&in, "draft_model", "deepseek-ai/DeepSeek-V3",
		    ds.model, 3);
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG);
		cr_assert(strstr(p.message, "does not size this one yet") !=
			NULL,
		    "%s", p.message);
	}
	model_done(&d);
}

Test(spec, speculators_format_head_reads_as_the_plain_one)
{
	/* The same EAGLE-3 head in the speculators layout (transformer_layer_config
	 * holds the layer; draft_vocab_size and speculators_config at the top),
	 * written here from the fixture's fields: vLLM's SpeculatorsConfig
	 * reads it as the plain head, so the bytes are the fixture's
	 * 850,159,616 and speculative_tokens gives num_speculative_tokens. */
	static const char cfg[] =
	    "{\"architectures\": [\"Eagle3Speculator\"],"
	    " \"speculators_model_type\": \"eagle3\", \"draft_vocab_size\": "
	    "32000,"
	    " \"target_hidden_size\": null, \"norm_before_residual\": true,"
	    " \"speculators_config\": {\"algorithm\": \"eagle3\","
	    "  \"default_proposal_method\": \"greedy\", \"proposal_methods\": ["
	    "  {\"proposal_type\": \"greedy\", \"speculative_tokens\": 3}],"
	    "  \"verifier\": {\"name_or_path\": "
	    "\"meta-llama/Llama-3.1-8B-Instruct\"}},"
	    " \"transformer_layer_config\": {\"model_type\": \"llama\","
	    "  \"hidden_size\": 4096, \"intermediate_size\": 14336,"
	    "  \"max_position_embeddings\": 2048, \"num_attention_heads\": 32,"
	    "  \"num_key_value_heads\": 8, \"num_hidden_layers\": 1,"
	    "  \"rms_norm_eps\": 1e-05, \"vocab_size\": 128256,"
	    "  \"torch_dtype\": \"bfloat16\"}}";
	const struct catalogue *c = test_catalogue();
	char dir[] = "/tmp/headroom-specXXXXXX", path[64], err[256];
	struct plan_input in;
	struct model d;
	struct plan p, q;
	int64_t wb;
	FILE *f;

	cr_assert(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/config.json", dir);
	f = fopen(path, "w");
	cr_assert(f != NULL);
	fputs(cfg, f);
	fclose(f);
	memset(&d, 0, sizeof d);
	cr_assert_eq(model_dir_read(dir, &d, &wb, err, sizeof err), 0, "%s",
	    err);
	remove(path);
	rmdir(dir);
	cr_assert_str_eq(d.speculators_method, "eagle3");
	cr_assert_eq(d.speculators_tokens, 3);
	cr_assert_eq(d.layers, 1);
	cr_assert_eq(d.draft_vocab, 32000);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	drafter_set(&in, "eagle3", "RedHatAI/x-speculator.eagle3", &d, 3);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.draft_weights, 850159616LL, "%lld",
	    (long long)p.draft_weights);
	cr_assert_eq(p.bytes_per_token, 135168);
	/* method "eagle" with this head, as a real 0.19.2rc1 startup gave it
	 * (RedHatAI/gemma-4-26B-A4B-it-speculator.eagle3, "Resolved
	 * architecture: Eagle3LlamaForCausalLM"): EAGLEConfig keeps a name
	 * already starting with Eagle, so vLLM builds the EAGLE-3 head, same
	 * bytes; the target returns no auxiliary hidden states (only for
	 * method "eagle3"), so the head's phase of the profile run holds the
	 * target's hidden states alone: 3 x 8192 x 4096 x 2 = 201,326,592
	 * bytes less than with "eagle3" (max_num_seqs 8, the sampler small) */
	in.max_num_seqs = 8;
	in.max_num_batched_tokens = 8192;
	plan_compute(c, &in, &p);
	drafter_set(&in, "eagle", "RedHatAI/x-speculator.eagle3", &d, 3);
	plan_compute(c, &in, &q);
	cr_assert_eq(q.phase, PHASE_NONE, "%s", q.message);
	cr_assert_eq(q.draft_weights, 850159616LL, "%lld",
	    (long long)q.draft_weights);
	cr_assert_eq(q.draft_layers, 1);
	cr_assert_str_eq(spec_draft_label(&d, &in.spec), "EAGLE-3 draft head");
	cr_assert_eq(p.activation - q.activation, 201326592LL, "%lld",
	    (long long)(p.activation - q.activation));
	model_done(&d);
}

Test(spec, drafting_layers_in_one_group_or_vllms_assertion)
{
	/* gpt-oss-20b: 12 sliding and 12 full layers of 8 KV heads of 64.  A
	 * drafter of that spec (the fixture's head with 8 x 64 heads, for the
	 * arithmetic) joins the full bucket.  2 layers: 12 sliding vs 14 full,
	 * 14 < 1.5 x 12 so groups of 14: one full group, the drafter in it.
	 * 6 layers: 18 >= 18, groups of 12: the full bucket splits in two,
	 * layers[i::2], and the drafter's layers land in both -- vLLM's
	 * validate_same_kv_cache_group() asserts. */
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct model d;

	memset(&d, 0, sizeof d);
	test_config_load("eagle/EAGLE3-LLaMA3.1-Instruct-8B", &d);
	d.kv_heads = 8;
	d.head_dim = 64;
	d.layers = 2;
	test_input(&in, "h100-sxm", "openai/gpt-oss-20b", NULL);
	drafter_set(&in, "eagle3", "x", &d, 3);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.n_groups, 2);
	cr_assert_eq(p.group_size, 14);
	d.layers = 6;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert_str_eq(p.message,
	    "All drafting layers should belong to the same "
	    "kv cache group");
	d.layers = 1;
	model_done(&d);
}

Test(spec, flashinfer_drafts_capture_piecewise_graphs_only)
{
	/* tests/calibration/newer-logs.json,
	 * dgxspark-v0231rc1-qwen3.6-27b-nvfp4-mtp2-gb10-tp1-262144 (vLLM
	 * 0.23.1rc1, GB10, fp8 KV cache, MTP k 2, max_num_seqs 8): "CUDAGraphMode.
	 * FULL_AND_PIECEWISE is not supported with spec-decode for
	 * FlashInferBackend; setting cudagraph_mode=PIECEWISE", then "Profiling
	 * CUDA graph memory: PIECEWISE=9 (largest=48)".  Without FULL graphs the
	 * sizes are not rounded to multiples of 3: M = min(8 x 3 x 2, 512) = 48,
	 * 1 2 4 8 16 24 32 40 48. */
	static char *const fi[] = { "--attention-backend", "FLASHINFER" };
	static char *const triton[] = { "--attention-backend=TRITON_ATTN" };
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct model m;

	memset(&m, 0, sizeof m);
	test_config_load("qwen3.5/Qwen3.6-27B-NVFP4", &m);
	mtp_fp8_input(&in, &m, "gb10", VLLM_VER(0, 23, 1), 262144, 8, 65536, 2);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.n_piecewise_graphs, 9);
	cr_assert_eq(p.n_full_graphs, 0);
	cr_assert_eq(p.max_capture_size, 48);
	/* FULL_DECODE_ONLY has nothing left to capture */
	in.cudagraph_mode = PLAN_CG_FULL_DECODE_ONLY;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.n_piecewise_graphs + p.n_full_graphs, 0);
	cr_assert_eq(p.cuda_graphs, 0);
	in.cudagraph_mode = PLAN_CG_UNSET;
	/* another backend named: the FULL decode graphs stay */
	in.extra_flags = triton;
	in.n_extra_flags = 1;
	plan_compute(c, &in, &p);
	cr_assert(p.n_full_graphs > 0);
	/* FlashInfer named with a 16-bit cache: PIECEWISE only (auto would be
	 * the checkpoint's fp8 here) */
	in.extra_flags = fi;
	in.n_extra_flags = 2;
	in.kv_dtype = KV_BFLOAT16;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.n_full_graphs, 0);
	cr_assert_eq(p.n_piecewise_graphs, 9);
	/* a 16-bit cache, backend not named: not known to be FlashInfer */
	in.extra_flags = NULL;
	in.n_extra_flags = 0;
	plan_compute(c, &in, &p);
	cr_assert(p.n_full_graphs > 0);
	/* no drafts: FULL decode graphs with FlashInfer too */
	in.kv_dtype = KV_FP8;
	memset(&in.spec, 0, sizeof in.spec);
	plan_compute(c, &in, &p);
	cr_assert(p.n_full_graphs > 0);
	/* SM100 runs TRT-LLM attention, whose FULL graphs take drafts */
	spec_set(&in, "mtp", 2);
	test_input(&in, "b200", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.version = VLLM_VER(0, 23, 1);
	in.kv_dtype = KV_FP8;
	in.max_model_len = 32768;
	in.max_num_seqs = 8;
	spec_set(&in, "mtp", 2);
	plan_compute(c, &in, &p);
	cr_assert(p.n_full_graphs > 0);
	/* before 0.20.0 the downgrade is not established */
	test_input(&in, "gb10", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.ckpt = -1;
	in.version = VLLM_VER(0, 19, 0);
	in.kv_dtype = KV_FP8;
	in.max_model_len = 32768;
	in.max_num_seqs = 8;
	spec_set(&in, "mtp", 2);
	plan_compute(c, &in, &p);
	cr_assert(p.n_full_graphs > 0);
	model_done(&m);
}

/*
 * tests/calibration/newer-logs.json,
 * wsl-v0200-qwen3.6-27b-text-nvfp4-mtp-blackwell-tp1-131072: vLLM 0.20.0 on
 * a 32 GB Blackwell card under WSL (SM 12.0; total 31.03 GiB by the
 * graph advisory), Qwen3.6-27B NVFP4 with qwen3_5_mtp k 3, --kv-cache-dtype
 * fp8, max_num_seqs 2, 16,384 batched tokens: "Profiling CUDA graph memory:
 * PIECEWISE=5 (largest=16)", no FULL graph.  The gated delta net layers'
 * builder takes drafts in FULL graphs (GDNAttentionMetadataBuilder,
 * UNIFORM_BATCH, vllm/v1/attention/backends/gdn_attn.py); the attention
 * layers' FlashInfer without TRT-LLM does not (UNIFORM_SINGLE_TOKEN_DECODE),
 * so vLLM sets PIECEWISE: M = min(2 x 4 x 2, 512) = 16, sizes 1 2 4 8 16
 * (5), none rounded to the draft length.  On an H100 FlashAttention 3 takes
 * the fp8 cache and FULL_AND_PIECEWISE stays: 4 8 16 (3) and the FULL
 * decode sizes 4 8 (2), what the plan printed when the card was unknown.
 */
Test(spec, qwen36_mtp_graphs_of_a_blackwell_wsl_startup)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct model m;

	memset(&m, 0, sizeof m);
	test_config_load("qwen3.5/Qwen3.6-27B-NVFP4", &m);
	mtp_fp8_input(&in, &m, "rtx-5090", VLLM_VER(0, 20, 0), 131072, 2, 16384,
	    3);
	in.gpu_total_gib = 31.03;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.n_piecewise_graphs, 5);
	cr_assert_eq(p.n_full_graphs, 0);
	cr_assert_eq(p.max_capture_size, 16);
	mtp_fp8_input(&in, &m, "h100-sxm", VLLM_VER(0, 20, 0), 131072, 2, 16384,
	    3);
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	cr_assert_eq(p.n_piecewise_graphs, 3);
	cr_assert_eq(p.n_full_graphs, 2);
	model_done(&m);
}

Test(lora, extra_vocab_512_by_hand)
{
	/* --lora-extra-vocab-size 512 (LoRAExtraVocabSize = Literal[256, 512],
	 * vllm/config/lora.py of the 0.10/0.11 line), Llama-3.1-8B, vocab
	 * 128,256, H 4,096, untied, r 64, at 0.11.0:
	 *   embedding A (128,256 + 512) x 64 = 8,241,152, B 4,096x64 = 262,144
	 *   lm_head   A 64x4,096 = 262,144, B up(128,768, 256) = 128,768 rows
	 *             x 64 = 8,241,152
	 *   = 17,006,592 x 2 B = 34,013,184
	 *   + embeddings tensors 2 x 512x4,096, the base embedding's 512 x 1
	 *     added rows x4,096, lm_head up(128,256, 256) + 512 - up(128,256,
	 *     64) = 512 rows x4,096: 8,388,608 x 2 B = 16,777,216
	 *   = 50,790,400 (256: 42,336,256, lora/vocab_slots_llama8b_by_hand).
	 * Four slots at TP 2: the stacks and the embeddings tensors four times
	 * (whole on every rank), the embedding's rows 4 x 512 / 2 = 1,024 and
	 * lm_head's 512 / 2 = 256 a rank:
	 *   4 x 34,013,184 + (4 x 2 x 2,097,152 + 1,024 x 4,096 + 256 x 4,096)
	 *   x 2 B = 136,052,736 + 44,040,192 = 180,092,928. */
	const struct catalogue *c = test_catalogue();
	const struct vllm_flag *f = &vllm_flags[VF_LORA_EXTRA_VOCAB];
	struct plan_input in;
	struct plan_lora l;
	struct plan a, b;
	char err[256];

	test_input(&in, "rtx-4090", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.version = VLLM_VER(0, 11, 0);
	in.max_model_len = 8192;
	lora_on(&in, 1, 64);
	cr_assert_eq(vllm_flag_parse(f, "512", false, in.version, &in, err,
			 sizeof err),
	    VFP_SET, "%s", err);
	cr_assert_eq(in.lora.extra_vocab, 512);
	lora_resolve(&in.lora, &l);
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 1, true, true, in.version,
			 2),
	    50790400);
	in.lora.max_loras = 4;
	lora_resolve(&in.lora, &l);
	cr_assert_eq(lora_vocab_bytes(in.model, &l, 2, true, true, in.version,
			 2),
	    180092928LL);
	/* the plan loads the difference from the default 256 */
	in.lora.max_loras = 1;
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	in.lora.extra_vocab = 0;
	plan_compute(c, &in, &a);
	cr_assert_eq(b.weights - a.weights, 50790400 - 42336256);
	cr_assert_eq(b.lora_bytes - a.lora_bytes, 50790400 - 42336256);
	/* vLLM's choices only */
	cr_assert_eq(vllm_flag_parse(f, "0", false, in.version, &in, err,
			 sizeof err),
	    -1);
	cr_assert_str_eq(err,
	    "--lora-extra-vocab-size: invalid choice '0' (choose from 256, "
	    "512)");
	/* from 0.12.0 vLLM has no such argument, LoRA on or off */
	in.lora.extra_vocab = 256;
	in.lora.enabled = false;
	in.version = VLLM_VER(0, 12, 0);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_CONFIG);
	cr_assert(strstr(b.message,
		      "unrecognized arguments: --lora-extra-vocab-size 256") ==
		b.message,
	    "%s", b.message);
	in.version = VLLM_VER(0, 11, 2);
	plan_compute(c, &in, &b);
	cr_assert_eq(b.phase, PHASE_NONE, "%s", b.message);
	cr_assert_eq(b.lora_bytes, 0);
}

/* Available KV memory a plan of Llama-3.1-8B-Instruct on one RTX 4090
 * (utilization 0.9, 8,192 tokens) loses to --enable-lora at rank 64 with
 * `loras` slots, for a release. */
static int64_t
rtx4090_lora_fall(int version, int loras, int64_t *slots)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan a, b;

	test_input(&in, "rtx-4090", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.version = version;
	in.util = 0.9;
	in.max_model_len = 8192;
	plan_compute(c, &in, &a);
	cr_assert_eq(a.phase, PHASE_NONE, "%s", a.message);
	lora_on(&in, loras, 64);
	in.lora.max_cpu_loras = loras;
	plan_compute(c, &in, &b);
	*slots = b.lora_bytes;
	return a.available_kv - b.available_kv;
}

Test(lora, what_a_fall_of_4_8_gib_on_an_rtx4090_takes)
{
	/* A fall of the available KV memory from 10.7 to 5.9 GiB at
	 * --max-lora-rank 64 on an RTX 4090 was reported without its log.
	 * Llama-3.1-8B at r 64, one slot: the linears 4 x 1,310,720 elements
	 * a layer (lora/llama8b_rank16_one_slot_by_hand at r 16) x 32 layers
	 * x 2 B = 335,544,320; embed_tokens and lm_head 42,336,256 before
	 * 0.12.0, 33,882,112 from it (lora/vocab_slots_llama8b_by_hand).  The
	 * dummy adapters of the profile run are built on the CPU
	 * (create_dummy_lora(..., "cpu")) and the punica metadata is a few
	 * integers a token, so nothing else of LoRA's is on the GPU. */
	const int64_t gib48 = (int64_t)(4.8 * 1073741824.0);
	int64_t slots, fall, one;

	/* 0.10.0: graphs outside the budget, one set: the slots alone */
	fall = rtx4090_lora_fall(VLLM_VER(0, 10, 0), 1, &slots);
	cr_assert_eq(slots, 335544320 + 42336256);
	cr_assert_eq(fall, slots);
	/* ... so 4.8 GiB takes 14 slots (13: 4.57 GiB) */
	cr_assert_lt(rtx4090_lora_fall(VLLM_VER(0, 10, 0), 13, &slots), gib48);
	/* every slot but lm_head's 256 added rows (2,097,152 B, once) */
	cr_assert_eq(slots, 13 * (335544320LL + 40239104) + 2097152);
	cr_assert_gt(rtx4090_lora_fall(VLLM_VER(0, 10, 0), 14, &slots), gib48);
	/* 0.32.0: the slots and the second graph set, inside the budget */
	one = rtx4090_lora_fall(VLLM_VER_NEWEST, 1, &slots);
	cr_assert_eq(slots, 335544320 + 33882112);
	cr_assert_gt(one - slots, 0);
	/* the graph term does not grow with the slots: 11 slots fall
	 * 4.55 GiB, 12 fall 4.90 */
	fall = rtx4090_lora_fall(VLLM_VER_NEWEST, 12, &slots);
	cr_assert_eq(slots, 12 * (335544320LL + 33882112));
	cr_assert_eq(fall - slots, one - (335544320 + 33882112));
	cr_assert_gt(fall, gib48);
	cr_assert_lt(rtx4090_lora_fall(VLLM_VER_NEWEST, 11, &slots), gib48);
	/* one slot of a fused-MoE model is another matter: Qwen3-30B-A3B's
	 * experts at r 64 are 4 x 1,691,025,408 B (lora/
	 * moe_experts_get_stacked_slots at r 16) */
	{
		struct plan_input in;
		struct plan_lora l;

		test_input(&in, "h100-sxm", "Qwen/Qwen3-30B-A3B", NULL);
		lora_on(&in, 1, 64);
		lora_resolve(&in.lora, &l);
		cr_assert_eq(lora_stack_bytes(in.model, &l, 1, 0, 48, 2),
		    4 * 1691025408LL);
	}
}

Test(lora, bias_rows_by_hand_up_to_0_11_0)
{
	/* --enable-lora-bias (bias_enabled, vllm/lora/layers/base_linear.py
	 * of the 0.10/0.11.0 line): lora_bias_stacked [max_loras, 1, B rows]
	 * a slice.  Llama-3.1-8B, one slot, a layer at TP 1: qkv 4,096 + 1,024
	 * + 1,024, o 4,096, gate_up 2 x 14,336, down 4,096 = 43,008 x 32
	 * layers x 2 B = 2,752,512 more than without.  TP 2: 2,048 + 512 + 512,
	 * 4,096, 2 x 7,168, 4,096 = 25,600 x 32 x 2 B = 1,638,400; with
	 * --fully-sharded-loras the row-parallel B rows are 2,048: 21,504 x 32
	 * x 2 B = 1,376,256.  Gone from 0.11.1 (PR #25807). */
	const struct catalogue *c = test_catalogue();
	const struct vllm_flag *f = &vllm_flags[VF_ENABLE_LORA_BIAS];
	struct plan_input in;
	struct plan_lora l;
	struct plan p;
	int64_t plain;
	char err[256];

	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.version = VLLM_VER(0, 11, 0);
	lora_on(&in, 1, 64);
	lora_resolve(&in.lora, &l);
	plain = lora_stack_bytes(in.model, &l, 1, 0, 32, 2);
	cr_assert_eq(plain, 335544320);
	cr_assert_eq(vllm_flag_parse(f, NULL, false, in.version, &in, err,
			 sizeof err),
	    VFP_SET, "%s", err);
	cr_assert_eq(in.lora.bias, 1);
	lora_resolve(&in.lora, &l);
	cr_assert_eq(lora_stack_bytes(in.model, &l, 1, 0, 32, 2) - plain,
	    2752512);
	plain = lora_stack_bytes(in.model, &l, 2, 0, 32, 2);
	in.lora.bias = 0;
	lora_resolve(&in.lora, &l);
	cr_assert_eq(plain - lora_stack_bytes(in.model, &l, 2, 0, 32, 2),
	    1638400);
	in.lora.fully_sharded = true;
	lora_resolve(&in.lora, &l);
	plain = lora_stack_bytes(in.model, &l, 2, 0, 32, 2);
	in.lora.bias = 1;
	lora_resolve(&in.lora, &l);
	cr_assert_eq(lora_stack_bytes(in.model, &l, 2, 0, 32, 2) - plain,
	    1376256);
	/* the plan loads it at 0.11.0 */
	in.lora.fully_sharded = false;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.lora_bytes, 335544320 + 2752512 + 42336256);
	/* from 0.11.1 vLLM has neither --enable-lora-bias nor its --no- form */
	in.version = VLLM_VER(0, 11, 1);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "unrecognized arguments: --enable-lora-bias") ==
		p.message,
	    "%s", p.message);
	cr_assert_eq(vllm_flag_parse(f, NULL, true, in.version, &in, err,
			 sizeof err),
	    VFP_SET, "%s", err);
	cr_assert_eq(in.lora.bias, -1);
	in.lora.enabled = false;
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "unrecognized arguments: --no-enable-lora-bias") ==
		p.message,
	    "%s", p.message);
	/* --no-enable-lora-bias at 0.11.0: no bias rows */
	in.lora.enabled = true;
	in.version = VLLM_VER(0, 11, 0);
	plan_compute(c, &in, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.lora_bytes, 335544320 + 42336256);
}
