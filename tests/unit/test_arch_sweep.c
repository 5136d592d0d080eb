/*
 * test_arch_sweep.c - real config.json files of many families, none of
 * them written for headroom (tests/fixtures/configs/sweep/, each folder with
 * a SOURCE file): every one reads and lays out its KV cache at TP 1, 2 and
 * 4 (or is refused), and expected.tsv there holds, per row, the KV bytes
 * per token per rank and the published parameter total worked out by hand,
 * with its source.  The rules the fixes follow are cited in
 * doc/architectures.md ("Class defaults of a nested text_config; the sweep
 * of real configs").
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "core/kv.h"
#include "core/plan.h"
#include "core/vllm_version.h"
#include "core/weights.h"
#include "io/hfconfig.h"
#include "io/model_dir.h"
#include "io/textfile.h"
#include "helpers.h"

static const char *
top(void)
{
	return getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".";
}

static void
load(const char *dir, struct model *m)
{
	char path[1024], err[512];
	int64_t wb;

	snprintf(path, sizeof path, "%s/tests/fixtures/configs/sweep/%s", top(),
	    dir);
	cr_assert_eq(model_dir_read(path, m, &wb, err, sizeof err), 0, "%s: %s",
	    dir, err);
}

/* vLLM's defaults for a current release: block 16, mnbt 8192, HMA on; the
 * KV dtype the checkpoint sets, else the model's */
static int
layout_at(const struct model *m, int tp, struct kv_layout *l, char *err,
    size_t errlen)
{
	struct kv_params p;

	memset(&p, 0, sizeof p);
	p.tp = tp;
	p.kv = m->native_kv;
	p.model_bytes = 2;
	p.block_size = 16;
	p.kernel_alignment = 16;
	p.mnbt = 8192;
	p.hma = true;
	p.mamba_mode = MAMBA_MODE_ALIGN;
	return kv_layout_build(m, &p, 0, m->layers, l, err, errlen);
}

static void
parse(const char *json, struct model *m)
{
	test_config_parse(json, m);
}

/* Every folder reads; one not refused lays out at TP 1, 2 and 4 where its
 * heads divide, or fails with vLLM's words, never with an empty message. */
Test(sweep, every_fixture_reads_and_lays_out)
{
	char path[1024];
	struct dirent *e;
	DIR *d;
	int n = 0;

	snprintf(path, sizeof path, "%s/tests/fixtures/configs/sweep", top());
	d = opendir(path);
	cr_assert_not_null(d, "%s", path);
	while ((e = readdir(d)) != NULL) {
		struct model m;
		int tp;

		if (e->d_name[0] == '.' || strchr(e->d_name, '-') == NULL ||
		    strstr(e->d_name, ".tsv") != NULL)
			continue;
		load(e->d_name, &m);
		n++;
		for (tp = 1; tp <= 4 && m.refusal == NULL; tp *= 2) {
			struct kv_layout l;
			char err[KV_ERR_LEN] = "";

			if (m.heads % tp != 0)
				continue;
			if (layout_at(&m, tp, &l, err, sizeof err) != 0)
				cr_assert(err[0] != '\0', "%s TP %d", e->d_name,
				    tp);
			else
				cr_assert(l.bytes_per_token > 0 ||
					l.attention_free,
				    "%s TP %d", e->d_name, tp);
		}
		model_done(&m);
	}
	closedir(d);
	cr_assert_geq(n, 40, "%d sweep fixtures", n);
}

/* expected.tsv: dir, tp, KV bytes per token per rank, published total
 * (billions, 0 = not checked), tolerance in percent, source. */
Test(sweep, expected_table)
{
	char path[1024], line[2048];
	FILE *f;
	int rows = 0;

	snprintf(path, sizeof path,
	    "%s/tests/fixtures/configs/sweep/expected.tsv", top());
	f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	while (fgets(line, sizeof line, f) != NULL) {
		char dir[256], err[KV_ERR_LEN] = "";
		long long bpt;
		double pub, tol, b;
		int tp;
		struct model m;
		struct kv_layout l;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		cr_assert_eq(sscanf(line, "%255[^\t]\t%d\t%lld\t%lf\t%lf", dir,
				 &tp, &bpt, &pub, &tol),
		    5, "expected.tsv: %s", line);
		cr_assert(strchr(line, '\t') != NULL &&
			strlen(strrchr(line, '\t')) > 2,
		    "expected.tsv: %s has no source", dir);
		load(dir, &m);
		cr_assert_null(m.refusal, "%s: %s", dir, m.refusal);
		cr_assert_eq(layout_at(&m, tp, &l, err, sizeof err), 0,
		    "%s: %s", dir, err);
		cr_expect_eq(l.bytes_per_token, bpt,
		    "%s TP %d: %lld bytes per token, by hand %lld", dir, tp,
		    (long long)l.bytes_per_token, bpt);
		if (pub > 0) {
			b = weights_param_count(&m);
			cr_expect(fabs(b - pub) <= pub * tol / 100,
			    "%s: %.9gB against the published %.9gB", dir, b,
			    pub);
		}
		model_done(&m);
		rows++;
	}
	fclose(f);
	cr_assert_geq(rows, 40);
}

/*
 * GPT-J-6B: two linears of 4096 x 16384 per layer (gptj.py GPTJMLP
 * fc_in, fc_out, with biases), not three, no bias on qkv_proj and
 * out_proj, one LayerNorm per layer, a biased lm_head: 28 x (8192 + 4 x
 * 4096^2 + 2 x 4096 x 16384 + 16384 + 4096) + 2 x 50432 x 4096 (padded,
 * untied) + 8192 + 50432 = 6,051,144,960; a gated MLP would make it 7.93B.
 */
Test(sweep, two_linear_mlp_of_gpt_j)
{
	struct model m;
	double b;

	load("EleutherAI--gpt-j-6b", &m);
	cr_assert_eq(m.ffn_ungated, 1);
	b = weights_param_count(&m);
	cr_assert(fabs(b * 1e9 - 6051144960.0) < 1, "%.0f", b * 1e9);
	model_done(&m);
}

/*
 * The linear biases follow Falcon's "bias" switch (falcon.py bias=
 * config.bias): falcon-7b's shape with bias true adds, per layer, the
 * query_key_value bias (4544 + 2 x 64), dense's 4544, dense_h_to_4h's
 * 18176 and dense_4h_to_h's 4544: 32 x 31,936 = 1,021,952 parameters.
 * num_ln_in_parallel_attn 2 (ln_attn and ln_mlp, each w+b, in place of
 * input_layernorm) adds 32 x 2 x 4544.
 */
Test(sweep, falcon_bias_switch)
{
	static const char *const fmt =
	    "{\"architectures\":[\"FalconForCausalLM\"],\"model_type\":"
	    "\"falcon\",\"hidden_size\":4544,\"num_attention_heads\":71,"
	    "\"num_hidden_layers\":32,\"vocab_size\":65024,"
	    "\"multi_query\":true,\"parallel_attn\":true,\"bias\":%s,"
	    "\"new_decoder_architecture\":false,%s"
	    "\"torch_dtype\":\"bfloat16\"}";
	char json[1024];
	struct model m;
	double off, on, two;

	snprintf(json, sizeof json, fmt, "false", "");
	parse(json, &m);
	off = weights_param_count(&m) * 1e9;
	model_done(&m);
	cr_assert(fabs(off - 6921720704.0) < 1, "%.0f", off);
	snprintf(json, sizeof json, fmt, "true", "");
	parse(json, &m);
	on = weights_param_count(&m) * 1e9;
	model_done(&m);
	cr_assert(fabs(on - off - 1021952.0) < 1, "%.0f", on - off);
	snprintf(json, sizeof json, fmt, "false",
	    "\"num_ln_in_parallel_attn\":2,");
	parse(json, &m);
	two = weights_param_count(&m) * 1e9;
	model_done(&m);
	cr_assert(fabs(two - off - 32.0 * 2 * 4544) < 1, "%.0f", two - off);
}

/*
 * Phi-2's shape (the data/models.yaml entry): phi.py builds qkv_proj,
 * dense, fc1 and fc2 with biases, one input_layernorm w+b per layer,
 * final_layernorm w+b and a biased lm_head: 32 x 78,671,360 + 2 x 51200 x
 * 2560 + 51200 + 5120 = 2,779,683,840.
 */
Test(sweep, phi2_biases)
{
	struct model m;
	double b;

	parse("{\"architectures\":[\"PhiForCausalLM\"],\"model_type\":"
	      "\"phi\",\"torch_dtype\":\"float16\",\"num_hidden_layers\":32,"
	      "\"hidden_size\":2560,\"num_attention_heads\":32,"
	      "\"num_key_value_heads\":32,\"intermediate_size\":10240,"
	      "\"vocab_size\":51200,\"max_position_embeddings\":2048,"
	      "\"partial_rotary_factor\":0.4,\"tie_word_embeddings\":false}",
	    &m);
	b = weights_param_count(&m) * 1e9;
	cr_assert(fabs(b - 2779683840.0) < 1, "%.0f", b);
	model_done(&m);
}

/*
 * bigscience/bloom-560m's shape: bloom.py builds every linear with a bias,
 * two LayerNorms per layer, word_embeddings_layernorm and ln_f, all w+b,
 * tied: 250880 x 1024 + 24 x 12,596,224 + 2 x 2048 = 559,214,592.
 */
Test(sweep, bloom_biases_and_embedding_norm)
{
	struct model m;
	double b;

	parse("{\"architectures\":[\"BloomForCausalLM\"],\"model_type\":"
	      "\"bloom\",\"torch_dtype\":\"float16\",\"n_layer\":24,"
	      "\"hidden_size\":1024,\"n_head\":16,\"vocab_size\":250880}",
	    &m);
	b = weights_param_count(&m) * 1e9;
	cr_assert(fabs(b - 559214592.0) < 1, "%.0f", b);
	model_done(&m);
}

/*
 * GPT-2's learned positions (gpt2.py wpe = nn.Embedding(
 * max_position_embeddings, hidden)) are whole on every rank: doubling
 * n_positions of gpt2-medium adds 1024 x 1024 parameters at TP 1 and the
 * same bytes on each rank at TP 4.
 */
Test(sweep, gpt2_position_table)
{
	static const char *const fmt =
	    "{\"architectures\":[\"GPT2LMHeadModel\"],\"model_type\":"
	    "\"gpt2\",\"n_embd\":1024,\"n_head\":16,\"n_layer\":24,"
	    "\"n_positions\":%d,\"vocab_size\":50257,"
	    "\"torch_dtype\":\"float16\"}";
	char json[1024];
	struct model m;
	struct weights_breakdown a, b;

	snprintf(json, sizeof json, fmt, 1024);
	parse(json, &m);
	cr_assert_eq(m.abs_positions, 1024);
	weights_rank(&m, FMT_FP16, 2, 4, 1, 0, &a);
	model_done(&m);
	snprintf(json, sizeof json, fmt, 2048);
	parse(json, &m);
	weights_rank(&m, FMT_FP16, 2, 4, 1, 0, &b);
	model_done(&m);
	cr_assert(fabs(b.embed - a.embed - 1024.0 * 1024 * 2) < 1, "%.0f",
	    b.embed - a.embed);
}

/* Llama's MLP keeps its gate: the table names only two-linear classes. */
Test(sweep, gated_mlp_of_llama_kept)
{
	struct model m;

	load("meta-llama--Meta-Llama-3.1-8B", &m);
	cr_assert_eq(m.ffn_ungated, 0);
	model_done(&m);
}

/*
 * SantaCoder (GPTBigCodeForCausalLM, multi_query true): one KV head
 * (gpt_bigcode.py GPTBigCodeAttention), replicated on every rank:
 * 2 x 1 x 128 x 2 B x 24 layers = 12,288 bytes per token at TP 1 and 4,
 * where the 16 query heads would make it 196,608.
 */
Test(sweep, multi_query_gpt_bigcode_one_kv_head)
{
	struct model m;
	struct kv_layout l;
	char err[KV_ERR_LEN];

	load("bigcode--gpt_bigcode-santacoder", &m);
	cr_assert_eq(m.kv_heads, 1);
	cr_assert_eq(layout_at(&m, 4, &l, err, sizeof err), 0, "%s", err);
	cr_assert_eq(l.bytes_per_token, 12288);
	model_done(&m);
}

/*
 * Falcon-7B's published sizes (tiiuae/falcon-7b: 4544 hidden, 71 heads,
 * 32 layers, multi_query, no new_decoder_architecture): one KV head
 * (falcon.py FalconAttention), 2 x 64 x 2 B x 32 = 8192 bytes per token;
 * new_decoder_architecture reads num_kv_heads instead (Falcon-40B: 8).
 * Two linears of 4544 x 18176 per layer, embeddings tied: 6.92B.
 */
Test(sweep, multi_query_falcon)
{
	static const char *const f7b =
	    "{\"architectures\":[\"FalconForCausalLM\"],\"model_type\":"
	    "\"falcon\",\"hidden_size\":4544,\"num_attention_heads\":71,"
	    "\"num_hidden_layers\":32,\"multi_query\":true,"
	    "\"new_decoder_architecture\":false,\"vocab_size\":65024,"
	    "\"torch_dtype\":\"bfloat16\"}";
	static const char *const f40b =
	    "{\"architectures\":[\"FalconForCausalLM\"],\"model_type\":"
	    "\"falcon\",\"hidden_size\":8192,\"num_attention_heads\":128,"
	    "\"num_kv_heads\":8,\"num_hidden_layers\":60,\"multi_query\":true,"
	    "\"new_decoder_architecture\":true,\"vocab_size\":65024,"
	    "\"torch_dtype\":\"bfloat16\"}";
	struct model m;
	struct kv_layout l;
	char err[KV_ERR_LEN];
	double b;

	parse(f7b, &m);
	cr_assert_eq(m.kv_heads, 1);
	cr_assert_eq(layout_at(&m, 1, &l, err, sizeof err), 0, "%s", err);
	cr_assert_eq(l.bytes_per_token, 8192);
	b = weights_param_count(&m);
	cr_assert(fabs(b - 6.92) < 0.01, "%.4fB", b);
	model_done(&m);
	parse(f40b, &m);
	cr_assert_eq(m.kv_heads, 8);
	model_done(&m);
}

/*
 * llava-hf/llava-1.5-7b-hf: its text_config gives model_type llama and no
 * sizes, so transformers (and vLLM) build LlamaConfig's defaults: 32
 * layers, 4096 hidden, 32 heads and KV heads, 11008 intermediate; the
 * vocabulary 32064 and length 4096 it does give.  Before, headroom stopped
 * at "missing or invalid num_hidden_layers".
 */
Test(sweep, llava_text_config_takes_llama_defaults)
{
	struct model m;

	load("llava-hf--llava-1.5-7b-hf", &m);
	cr_assert_eq(m.layers, 32);
	cr_assert_eq(m.hidden, 4096);
	cr_assert_eq(m.heads, 32);
	cr_assert_eq(m.kv_heads, 32);
	cr_assert_eq(m.intermediate, 11008);
	cr_assert_eq(m.vocab, 32064);
	cr_assert_eq(m.derived_max_len, 4096);
	model_done(&m);
}

/* A Mistral text_config without sliding_window takes MistralConfig's 4096
 * (every layer sliding); an explicit null keeps full attention. */
Test(sweep, mistral_text_config_sliding_default)
{
	static const char *const absent =
	    "{\"architectures\":[\"LlavaNextForConditionalGeneration\"],"
	    "\"model_type\":\"llava_next\",\"text_config\":{\"model_type\":"
	    "\"mistral\",\"vocab_size\":32064,\"torch_dtype\":\"bfloat16\"}}";
	static const char *const null =
	    "{\"architectures\":[\"LlavaNextForConditionalGeneration\"],"
	    "\"model_type\":\"llava_next\",\"text_config\":{\"model_type\":"
	    "\"mistral\",\"sliding_window\":null,\"vocab_size\":32064,"
	    "\"torch_dtype\":\"bfloat16\"}}";
	struct model m;

	parse(absent, &m);
	cr_assert_eq(m.kv_heads, 8);
	cr_assert_eq(m.sliding_window, 4096);
	cr_assert_eq(m.n_sliding, 32);
	model_done(&m);
	parse(null, &m);
	cr_assert_eq(m.sliding_window, 0);
	cr_assert_eq(m.n_sliding, 0);
	model_done(&m);
}

/* A root config keeps naming its sizes: no class default fills a gap. */
Test(sweep, root_config_without_layers_still_refused)
{
	static const char *const json =
	    "{\"architectures\":[\"LlamaForCausalLM\"],\"model_type\":"
	    "\"llama\",\"hidden_size\":4096,\"num_attention_heads\":32,"
	    "\"vocab_size\":32000}";
	cJSON *root = cJSON_Parse(json);
	struct model m;
	char err[512];
	const char *bad;

	cr_assert_eq(hfconfig_read(root, &m, err, sizeof err, &bad), -1);
	cr_assert_str_eq(bad, "num_hidden_layers");
	cJSON_Delete(root);
}

/*
 * Qwen3-235B-A22B-FP8's modules_to_not_convert names every layer's
 * input_layernorm, post_attention_layernorm and mlp.gate, and lm_head: no
 * attention projection.  "post_attention_layernorm" once counted as the
 * attention named in every layer, so the attention was priced 16-bit:
 * 226.46 GiB.  By hand, 235.09B parameters, of which the embedding and
 * lm_head (2 x 151,936 x 4096), the routers (94 x 128 x 4096) and the
 * norms stay 16-bit and the rest is FP8 with one float32 scale per 128 x
 * 128 block: 220.2 GiB.
 */
Test(sweep, norms_of_an_ignore_list_leave_the_attention_quantized)
{
	struct model m;
	struct weights_breakdown w;

	load("Qwen--Qwen3-235B-A22B-FP8", &m);
	cr_assert_eq(m.native_format, FMT_FP8_BLOCK);
	cr_assert_eq(m.quant_skip & 1u, 0u);
	cr_assert_null(m.assumption, "%s", m.assumption);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	cr_assert(fabs(w.total / (1024.0 * 1024 * 1024) - 220.2) < 0.1,
	    "%.2f GiB", w.total / (1024.0 * 1024 * 1024));
	model_done(&m);
	/* GLM-5.1-FP8 names its q_a/kv_a layernorms, the indexer's k_norm
	 * and weights_proj in every layer: still no attention projection */
	load("zai-org--GLM-5.1-FP8", &m);
	cr_assert_eq(m.quant_skip & 1u, 0u);
	model_done(&m);
}

/*
 * DeepSeek-V2-Lite's config.json as kept here names no tie_word_embeddings
 * (PretrainedConfig's default is tied), but vLLM's DeepseekV2ForCausalLM
 * always builds an lm_head of its own: 27 layers of MLA (q_proj 2048 x 16
 * x 192, kv_a 2048 x 576, kv_b 512 x 16 x 256, o 2048 x 2048), one dense
 * MLP (3 x 2048 x 10944), 26 MoE layers (64 + 2 shared experts of 3 x 2048
 * x 1408, router 64 x 2048) and 2 x 102,400 x 2048 embeddings: 15.71B, the
 * model card's 15.7B; tied it was 15.50B.
 */
Test(sweep, deepseek_lm_head_never_tied)
{
	struct model m;
	double b;

	load("deepseek-ai--DeepSeek-V2-Lite", &m);
	cr_assert_eq(m.tie_embeddings, 0);
	b = weights_param_count(&m);
	cr_assert(fabs(b - 15.706) < 0.01, "%.4fB", b);
	model_done(&m);
}

/*
 * Cohere2 (Command R7B, Command A) without layer_types: transformers'
 * Cohere2Config makes every sliding_window_pattern-th layer full (default
 * 4), the others sliding; the layout of CohereForAI/c4ai-command-r7b-12-2024
 * (32 layers, window 4096, pattern 4) has 24 sliding and 8 full layers,
 * where every layer sliding was read before.
 */
Test(sweep, cohere2_sliding_window_pattern)
{
	static const char *const json =
	    "{\"architectures\":[\"Cohere2ForCausalLM\"],\"model_type\":"
	    "\"cohere2\",\"hidden_size\":4096,\"num_attention_heads\":32,"
	    "\"num_key_value_heads\":8,\"num_hidden_layers\":32,"
	    "\"intermediate_size\":14336,\"vocab_size\":256000,"
	    "\"sliding_window\":4096,\"sliding_window_pattern\":4,"
	    "\"torch_dtype\":\"bfloat16\"}";
	struct model m;

	parse(json, &m);
	cr_assert_eq(m.n_sliding, 24);
	cr_assert_not_null(m.layer_kind);
	cr_assert_eq(m.layer_kind[0], LAYER_SLIDING);
	cr_assert_eq(m.layer_kind[3], LAYER_FULL);
	cr_assert_eq(m.layer_kind[31], LAYER_FULL);
	model_done(&m);
}

/*
 * llava-hf/llava-1.5-7b-hf: vLLM builds its CLIP ViT-L/14-336 tower up to
 * vision_feature_layer -2, 23 of its 24 layers (llava.py
 * init_vision_tower_for_llava), each 4 x 1024^2 attention and fc1/fc2 of
 * 1024 x 4096: 289.4M; 578 class and position embeddings and the 14 x 14
 * patch convolution 1.2M; the projector 1024 x 4096 + 4096 x 4096 21.0M:
 * 311.6M.  With the Llama-2-7B text model (32 x (4 x 4096^2 + 3 x 4096 x
 * 11008) + 2 x 32,064 x 4096 = 6.739B): 7.05B, the Hub's 7.06B; a gated
 * MLP over all 24 layers and a 4h merger made it 7.18B.
 */
Test(sweep, llava_clip_tower_as_vllm_builds_it)
{
	struct model m;
	double b;

	load("llava-hf--llava-1.5-7b-hf", &m);
	cr_assert(fabs(m.vision_params / 1e9 - 0.3116) < 0.001, "%.4fB",
	    m.vision_params / 1e9);
	b = weights_param_count(&m);
	cr_assert(fabs(b - 7.06) < 0.02, "%.4fB", b);
	model_done(&m);
}

/*
 * A bitsandbytes checkpoint (the quantization_config transformers writes
 * for a 4-bit NF4 save, as unsloth's *-bnb-4bit repositories carry it):
 * vLLM serves it, headroom does not model its weights, so the model is
 * refused at the configuration phase, not rejected as a bad file; the
 * sizes are read all the same.
 */
Test(sweep, bitsandbytes_refused_not_rejected)
{
	static const char *const json =
	    "{\"architectures\":[\"LlamaForCausalLM\"],\"model_type\":"
	    "\"llama\",\"hidden_size\":4096,\"num_attention_heads\":32,"
	    "\"num_key_value_heads\":8,\"num_hidden_layers\":32,"
	    "\"intermediate_size\":14336,\"vocab_size\":128256,"
	    "\"torch_dtype\":\"bfloat16\",\"quantization_config\":{"
	    "\"_load_in_4bit\":true,\"bnb_4bit_quant_type\":\"nf4\","
	    "\"bnb_4bit_use_double_quant\":true,\"load_in_4bit\":true,"
	    "\"quant_method\":\"bitsandbytes\"}}";
	struct model m;

	parse(json, &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal, "bitsandbytes") != NULL, "%s", m.refusal);
	cr_assert_eq(m.layers, 32);
	model_done(&m);
}

/*
 * A config.json whose quantization_config is what ModelOpt writes (the
 * hf_quant_config.json of nvidia/Llama-3.1-70B-Instruct-FP8: producer
 * modelopt, quantization.quant_algo FP8, kv_cache_quant_algo FP8) and no
 * quant_method: vLLM names the method modelopt from quant_algo, so the
 * plan is FP8 weights and an FP8 KV cache (2 x 4 x 128 x 1 B x 80 =
 * 81,920 bytes per token at TP 2), where headroom stopped at "unknown
 * method ''"; an algorithm vLLM does not know refuses in its words.
 */
Test(sweep, modelopt_config_without_quant_method)
{
	static const char *const fmt =
	    "{\"architectures\":[\"LlamaForCausalLM\"],\"model_type\":"
	    "\"llama\",\"hidden_size\":8192,\"num_attention_heads\":64,"
	    "\"num_key_value_heads\":8,\"num_hidden_layers\":80,"
	    "\"intermediate_size\":28672,\"vocab_size\":128256,"
	    "\"torch_dtype\":\"bfloat16\",\"quantization_config\":{"
	    "\"producer\":{\"name\":\"modelopt\",\"version\":\"0.23.0\"},"
	    "\"quantization\":{\"quant_algo\":\"%s\",\"kv_cache_quant_algo\":"
	    "\"FP8\",\"exclude_modules\":[\"lm_head\"]}}}";
	char json[1024];
	struct model m;
	struct kv_layout l;
	char err[KV_ERR_LEN];

	snprintf(json, sizeof json, fmt, "FP8");
	parse(json, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.native_format, FMT_FP8);
	cr_assert_eq(m.native_kv, KV_FP8);
	cr_assert_eq(layout_at(&m, 2, &l, err, sizeof err), 0, "%s", err);
	cr_assert_eq(l.bytes_per_token, 81920);
	model_done(&m);
	snprintf(json, sizeof json, fmt, "W4A8_AWQ");
	parse(json, &m);
	cr_assert_not_null(m.refusal);
	cr_assert_str_eq(m.refusal, "Unknown ModelOpt quant algo: W4A8_AWQ");
	model_done(&m);
}

/*
 * ModelOpt 0.31's config.json form (aiconfigurator's
 * Qwen3-32B-FP8-Static-PerTensor, commit 095f58a51): quant_algo and a
 * string kv_cache_scheme at the top of quantization_config, no
 * quant_method, no "quantization".  vLLM's ModelOpt detection reads only
 * quantization.quant_algo or quant_method "modelopt", so it finds no
 * method: a refusal at the config phase naming the field, where headroom
 * stopped at "unknown method ''".  With quant_method modelopt it plans.
 */
Test(sweep, modelopt_top_level_quant_algo)
{
	static const char *const fmt =
	    "{\"architectures\":[\"Qwen3ForCausalLM\"],\"model_type\":"
	    "\"qwen3\",\"hidden_size\":5120,\"num_attention_heads\":64,"
	    "\"num_key_value_heads\":8,\"head_dim\":128,"
	    "\"num_hidden_layers\":64,\"intermediate_size\":25600,"
	    "\"vocab_size\":151936,\"torch_dtype\":\"bfloat16\","
	    "\"quantization_config\":{%s\"config_groups\":{\"group_0\":{"
	    "\"input_activations\":{\"dynamic\":false,\"num_bits\":8,"
	    "\"type\":\"float\"},\"weights\":{\"dynamic\":false,"
	    "\"num_bits\":8,\"type\":\"float\"}}},\"ignore\":[\"lm_head\"],"
	    "\"quant_algo\":\"FP8\",\"kv_cache_scheme\":\"FP8\","
	    "\"producer\":{\"name\":\"modelopt\",\"version\":\"0.31.0\"}}}";
	char json[2048];
	struct model m;

	snprintf(json, sizeof json, fmt, "");
	parse(json, &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal, "quantization_config.quant_algo 'FP8'"),
	    "%s", m.refusal);
	model_done(&m);
	snprintf(json, sizeof json, fmt, "\"quant_method\":\"modelopt\",");
	parse(json, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.native_format, FMT_FP8);
	model_done(&m);
}

/*
 * OpenGVLab/InternVL3-1B-Pretrained, as its printed module tree shows it:
 * InternViT of 24 layers (qkv 1024 x 3072 and proj 1024 x 1024, fc1/fc2 of
 * 1024 x 4096: 12.58M each, 302.0M), 1025 class and position embeddings
 * and the 14 x 14 patch convolution (1.65M), mlp1's Linear(4096, 896) and
 * Linear(896, 896) (4.47M): 308.1M; the Qwen2 0.5B language model with its
 * own lm_head (24 x (1.84M + 3 x 896 x 4864) + 2 x 151,674 x 896 =
 * 629.6M): 0.938B.  The generic count (a 4h -> 4h merger) made it 0.952B.
 */
Test(sweep, internvl_tower_and_projector)
{
	struct model m;
	double b;

	load("OpenGVLab--InternVL3-1B-Pretrained", &m);
	cr_assert(fabs(m.vision_params / 1e9 - 0.3081) < 0.001, "%.4fB",
	    m.vision_params / 1e9);
	b = weights_param_count(&m);
	cr_assert(fabs(b - 0.938) < 0.003, "%.4fB", b);
	model_done(&m);
}

/*
 * google/gemma-3-12b-it's text_config names neither vocab_size nor head_dim
 * (transformers writes it as its difference from Gemma3TextConfig, whose
 * defaults are vocab 262,208 and head_dim 256): headroom stopped at
 * "missing or invalid vocab_size" (exit 2), and 3840 / 16 = 240 would have
 * priced 368,640 bytes per token, where vLLM's 256 gives 2 x 8 x 256 x 2 B
 * x 48 = 393,216.
 */
Test(sweep, gemma3_text_config_takes_class_defaults)
{
	struct model m;
	struct kv_layout l;
	char err[KV_ERR_LEN];

	load("google--gemma-3-12b-it", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.vocab, 262208);
	cr_assert_eq(m.head_dim, 256);
	cr_assert_eq(m.derived_max_len, 131072);
	cr_assert_eq(m.sliding_window, 1024);
	cr_assert_eq(m.n_sliding, 40);
	cr_assert_eq(layout_at(&m, 1, &l, err, sizeof err), 0, "%s", err);
	cr_assert_eq(l.bytes_per_token, 393216);
	model_done(&m);
}

/*
 * Gemma 3's SigLIP tower as vLLM builds it (gemma3_mm.py, siglip.py): 27
 * blocks of qkv/out_proj with biases, two LayerNorms and a two-linear GELU
 * MLP of 1152 x 4304 (15,239,504 each), the 14 x 14 patch convolution and
 * 4096 positions (5,397,120), post_layernorm, and the projector's 1152 x
 * 3840 weight and RMSNorm: 421,290,864.  The generic count (a gated MLP
 * and a 4h merger) made it 583,870,464 and the model 12.35B against the
 * published 12,187,325,040.
 */
Test(sweep, gemma3_siglip_tower_and_projector)
{
	struct model m;

	load("google--gemma-3-12b-it", &m);
	cr_assert(fabs(m.vision_params - 421290864.0) < 1, "%.0f",
	    m.vision_params);
	cr_assert(m.vision_repl_params > 0 &&
		m.vision_repl_params < m.vision_params,
	    "%.0f", m.vision_repl_params);
	model_done(&m);
}

/*
 * An llm-compressor W8A16 export (int8 weights in groups of 32, symmetric,
 * compressed-tensors pack-quantized) of Qwen3-VL-30B-A3B-Instruct: vLLM
 * loads it with CompressedTensorsWNA16 (compressed_tensors_wNa16.py:
 * weight_packed int32, 32 / num_bits values each; weight_scale in the model
 * dtype per group), 1 + 2 / 32 bytes per parameter, not W8A8's per-channel
 * float32 scale.  Its 29,896,998,912 linear parameters (48 layers of
 * attention 18,874,368 and 128 experts of 3 x 2048 x 768) take
 * 31,765,561,344 bytes; the model 31.83 GiB, where 30.15 GiB was priced.
 */
Test(sweep, int8_weights_in_groups_carry_their_scales)
{
	struct model m;
	struct weights_breakdown p, w;

	load("JartX--Qwen3-VL-30B-A3B-Instruct-AWQ-W8A16", &m);
	cr_assert_eq(m.native_format, FMT_INT8);
	cr_assert_eq(m.quant_group, 32);
	cr_assert_eq(m.quant_zero_points, 0);
	weights_rank(&m, FMT_BF16, 1, 1, 1, 0, &p);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	cr_assert(fabs(p.linear - 29896998912.0) < 1, "%.0f", p.linear);
	cr_assert(fabs(w.linear - 31765561344.0) < 1, "%.0f", w.linear);
	cr_assert(fabs(w.total / (1024.0 * 1024 * 1024) - 31.83) < 0.005,
	    "%.3f GiB", w.total / (1024.0 * 1024 * 1024));
	model_done(&m);
}

/*
 * GPTQ at 8 bits with groups of 128 (gptq_marlin.py: qweight int32-packed,
 * scales in the model dtype per group, qzeros int32-packed per group,
 * g_idx int32 per input row): 1 + 2 / 128 + 1 / 128 + 4 / intermediate
 * bytes per parameter; without group_size (or -1) the per-channel count
 * stays.
 */
Test(sweep, gptq_8bit_groups)
{
	static const char *const fmt =
	    "{\"architectures\":[\"LlamaForCausalLM\"],\"model_type\":"
	    "\"llama\",\"hidden_size\":4096,\"num_attention_heads\":32,"
	    "\"num_key_value_heads\":8,\"num_hidden_layers\":32,"
	    "\"intermediate_size\":14336,\"vocab_size\":128256,"
	    "\"torch_dtype\":\"float16\",\"quantization_config\":{"
	    "\"quant_method\":\"gptq\",\"bits\":8,\"group_size\":%d,"
	    "\"desc_act\":false,\"sym\":true}}";
	char json[1024];
	struct model m;
	struct weights_breakdown p, w;

	snprintf(json, sizeof json, fmt, 128);
	parse(json, &m);
	cr_assert_eq(m.native_format, FMT_INT8);
	cr_assert_eq(m.quant_group, 128);
	weights_rank(&m, FMT_BF16, 1, 1, 1, 0, &p);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	cr_assert(fabs(w.linear / p.linear -
		      (1 + 2.0 / 128 + 1.0 / 128 + 4.0 / 14336)) < 1e-9,
	    "%.9f", w.linear / p.linear);
	model_done(&m);
	snprintf(json, sizeof json, fmt, -1);
	parse(json, &m);
	cr_assert_eq(m.quant_group, 0);
	weights_rank(&m, FMT_BF16, 1, 1, 1, 0, &p);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	cr_assert(fabs(w.linear / p.linear - (1 + 4.0 / 4096)) < 1e-9, "%.9f",
	    w.linear / p.linear);
	model_done(&m);
}

/*
 * Phi-3-medium-4k-instruct has 10 KV heads: QKVParallelLinear replicates
 * them below the TP size and divides them above it (divide() asserts "10
 * is not divisible by 4"), so TP 4 and 8 stop where TP 2 plans with 5 KV
 * heads a rank (2 x 5 x 128 x 2 B x 40 = 102,400 bytes per token).  Before,
 * TP 4 planned 2 heads a rank.
 */
Test(sweep, kv_heads_that_do_not_split_over_tp)
{
	const struct catalogue *c = test_catalogue();
	struct plan_input in;
	struct plan p;
	struct model m;
	int tp;

	test_config_load("sweep/microsoft--Phi-3-medium-4k-instruct", &m);
	test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = &m;
	in.tp = 2;
	plan_compute(c, &in, &p);
	cr_assert_neq(p.phase, PHASE_CONFIG, "%s", p.message);
	for (tp = 4; tp <= 8; tp *= 2) {
		char want[64];

		in.tp = tp;
		plan_compute(c, &in, &p);
		snprintf(want, sizeof want, "10 is not divisible by %d", tp);
		cr_assert_eq(p.phase, PHASE_CONFIG, "TP %d", tp);
		cr_assert(strstr(p.message, want) != NULL, "%s", p.message);
	}
	model_done(&m);
}

/*
 * Architectures vLLM's registry has dropped (_PREVIOUSLY_SUPPORTED_MODELS):
 * Qwen-1 (QWenLMHeadModel), InternLM and Baichuan until 0.23.0, Phi-3-small
 * until 0.9.2.  A later release stops at the configuration check in vLLM's
 * words (config-sweep.sh plans them as their last release).
 */
Test(sweep, architectures_vllm_has_dropped)
{
	static const struct {
		const char *dir;
		int last;
	} t[] = {
		{ "sweep/Qwen--Qwen-1_8B", VLLM_VER(0, 23, 0) },
		{ "sweep/internlm--internlm-chat-7b", VLLM_VER(0, 23, 0) },
		{ "sweep/baichuan-inc--Baichuan2-7B-Chat", VLLM_VER(0, 23, 0) },
		{ "sweep/microsoft--Phi-3-small-8k-instruct",
		    VLLM_VER(0, 9, 2) },
	};
	const struct catalogue *c = test_catalogue();
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct plan_input in;
		struct plan p;
		struct model m;

		test_config_load(t[i].dir, &m);
		cr_assert_eq(m.last_release, t[i].last, "%s", t[i].dir);
		cr_assert_null(m.refusal, "%s", m.refusal);
		test_input(&in, "h100-sxm", "meta-llama/Llama-3.1-8B-Instruct",
		    NULL);
		in.model = &m;
		in.version = VLLM_VER(0, 24, 0);
		plan_compute(c, &in, &p);
		cr_assert_eq(p.phase, PHASE_CONFIG, "%s", t[i].dir);
		cr_assert(strstr(p.message, "is not supported anymore") != NULL,
		    "%s", p.message);
		model_done(&m);
	}
}

/*
 * Qwen/Qwen3-32B-AWQ as transformers 5.7 prints its config (dtype, not
 * torch_dtype; rope_parameters, layer_types): AWQ int4 in groups of 128
 * with zero points, 0.5 + 2.5 / 128 bytes a parameter.  The tensors a
 * public report of the checkpoint lists (qweight, qzeros, bfloat16 scales,
 * the two bfloat16 embeddings, the norms) add up to 19,325,298,688 bytes,
 * the report's 18.00 GiB: headroom's weights without the RoPE cache come to
 * 19,325,265,920, the per-head q_norm and k_norm (64 x 2 x 128 x 2 B =
 * 32,768) apart.
 */
Test(sweep, awq_checkpoint_against_its_tensors)
{
	struct model m;
	struct weights_breakdown w;
	double b;

	load("Qwen--Qwen3-32B-AWQ", &m);
	cr_assert_eq(m.native_format, FMT_AWQ);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	b = w.total - weights_rope_bytes(&m, 2);
	cr_assert(fabs(b - 19325298688.0) <= 32768, "%.0f", b);
	model_done(&m);
}

/* Qwen3-32B-AWQ's config.json with its quantization_config's key set to
 * the JSON value v: hfconfig_read()'s result into m, its message in err. */
static int
awq_with(const char *key, const char *v, struct model *m, char *err,
    size_t errlen)
{
	char path[1024];
	const char *bad = NULL;
	char *text;
	cJSON *cfg, *qc;
	int r;

	snprintf(path, sizeof path,
	    "%s/tests/fixtures/configs/sweep/Qwen--Qwen3-32B-AWQ/config.json",
	    top());
	text = textfile_read(path, NULL, err, errlen);
	cr_assert_not_null(text, "%s", err);
	cfg = cJSON_Parse(text);
	free(text);
	qc = cJSON_GetObjectItemCaseSensitive(cfg, "quantization_config");
	cr_assert_not_null(qc);
	cJSON_DeleteItemFromObjectCaseSensitive(qc, key);
	if (v != NULL)
		cJSON_AddItemToObject(qc, key, cJSON_Parse(v));
	r = hfconfig_read(cfg, m, err, errlen, &bad);
	cJSON_Delete(cfg);
	return r;
}

/*
 * AWQConfig.from_config (vllm/model_executor/layers/quantization/awq.py):
 * bits must be 4, and the group size is the checkpoint's.  Qwen3-32B's
 * 64 layers hold 487,587,840 quantized parameters each (q 5120 x 8192, k
 * and v 5120 x 1024, o 8192 x 5120, gate, up and down 5120 x 25600):
 * 31,205,621,760 in all, and groups of 64 give each a 16-bit scale and a
 * 4-bit zero point per 64 where 128 gave them per 128, 2.5 / 128 bytes a
 * parameter more: 609,484,800 bytes.  All were priced at 128 before, and
 * 8-bit AWQ, which vLLM refuses, as 4-bit.
 */
Test(sweep, awq_group_size_and_bits_as_vllm_reads_them)
{
	struct model m128, m64, m;
	struct weights_breakdown w128, w64;
	char err[512];

	cr_assert_eq(awq_with("group_size", "128", &m128, err, sizeof err), 0,
	    "%s", err);
	cr_assert_eq(awq_with("group_size", "64", &m64, err, sizeof err), 0,
	    "%s", err);
	weights_rank(&m128, m128.native_format, 2, 1, 1, 0, &w128);
	weights_rank(&m64, m64.native_format, 2, 1, 1, 0, &w64);
	cr_assert(fabs(w64.total - w128.total - 609484800.0) < 4096, "%.0f",
	    w64.total - w128.total);
	model_done(&m128);
	model_done(&m64);
	cr_assert_eq(awq_with("bits", "8", &m, err, sizeof err), 0, "%s", err);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "only 4-bit weight quantization is "
		      "supported for AWQ, but got 8 bits") != NULL,
	    "%s", m.refusal);
	model_done(&m);
	cr_assert_eq(awq_with("group_size", "0", &m, err, sizeof err), 0, "%s",
	    err);
	cr_assert(m.refusal != NULL &&
	    strstr(m.refusal, "quantization_config.group_size 0") != NULL);
	model_done(&m);
	cr_assert_eq(awq_with("zero_point", NULL, &m, err, sizeof err), 0, "%s",
	    err);
	cr_assert(
	    m.refusal != NULL && strstr(m.refusal, "['zero_point']") != NULL);
	model_done(&m);
}

/*
 * GLM-4.5V's tower as glm4_1v.py builds it: 24 blocks of qkv 1536 x 4608,
 * proj 1536^2 and a gated MLP of out_hidden_size 4096 (the config's
 * intermediate_size 10944 is the merger's), two RMSNorms (28,314,624
 * each); the Conv3d patch embedding (1,807,872), 576 positions (884,736),
 * two norms, the 2 x 2 downsample Conv2d to 4096 (25,169,920) and the
 * merger's proj, LayerNorm and gated MLP of 10944 (151,265,280):
 * 858,681,856, the vision tensors of the checkpoint; the model 107.71B
 * against its 107,710,933,120, where the generic count made it 108.35B.
 */
Test(sweep, glm4v_tower_and_merger)
{
	struct model m;
	double b;

	load("zai-org--GLM-4.5V", &m);
	cr_assert(fabs(m.vision_params - 858681856.0) < 1, "%.0f",
	    m.vision_params);
	b = weights_param_count(&m);
	cr_assert(fabs(b * 1e9 - 107710933120.0) < 1e5, "%.0f", b * 1e9);
	model_done(&m);
}

/*
 * The first microsoft/phi-2 and phi-1_5 config.json (model_type phi-msft,
 * the repository's own configuration_phi.py: n_embd, n_head, rotary_dim)
 * is not the transformers PhiConfig that vLLM's phi.py reads
 * (partial_rotary_factor): refused by its model_type, where it was planned
 * as a Phi from its sizes.
 */
Test(sweep, legacy_phi_msft_config_refused)
{
	struct model m;

	load("microsoft--phi-2", &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal, "phi-msft") != NULL, "%s", m.refusal);
	model_done(&m);
	load("microsoft--phi-1_5", &m);
	cr_assert_not_null(m.refusal);
	model_done(&m);
}

/*
 * LGAI-EXAONE/EXAONE-4.0-32B's config.json as TensorRT-LLM's test quotes
 * it: sliding_window 4096, sliding_window_pattern the number 4 and no
 * layer_types.  transformers' Exaone4Config makes layer i sliding unless
 * (i + 1) % 4 is 0 (the pattern 4 when the key is absent), and vLLM's
 * exaone4.py reads those layer_types: 48 sliding and 16 full layers, the
 * last one full.  The number was refused, a config without the key slid
 * every layer (2,005,063 tokens on two H100s where the 16 full layers
 * leave 853,672).
 */
Test(sweep, exaone4_numeric_and_default_window_pattern)
{
	char json[4096];
	struct model m;
	char *p;

	load("LGAI-EXAONE--EXAONE-4.0-32B", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.layers, 64);
	cr_assert_eq(m.sliding_window, 4096);
	cr_assert_eq(m.n_sliding, 48);
	cr_assert_eq(m.layer_kind[0], LAYER_SLIDING);
	cr_assert_eq(m.layer_kind[2], LAYER_SLIDING);
	cr_assert_eq(m.layer_kind[3], LAYER_FULL);
	cr_assert_eq(m.layer_kind[62], LAYER_SLIDING);
	cr_assert_eq(m.layer_kind[63], LAYER_FULL);
	model_done(&m);

	/* the key left out: Exaone4Config's default of 4 */
	snprintf(json, sizeof json,
	    "{\"architectures\":[\"Exaone4ForCausalLM\"],\"model_type\":"
	    "\"exaone4\",\"hidden_size\":5120,\"num_attention_heads\":40,"
	    "\"num_key_value_heads\":8,\"head_dim\":128,"
	    "\"num_hidden_layers\":64,\"intermediate_size\":27392,"
	    "\"vocab_size\":102400,\"max_position_embeddings\":131072,"
	    "\"sliding_window\":4096,\"torch_dtype\":\"bfloat16\"}");
	parse(json, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.n_sliding, 48);
	cr_assert_eq(m.layer_kind[63], LAYER_FULL);
	model_done(&m);

	/* a pattern of 0 (Python's modulo by zero) or a fraction: refused */
	p = strstr(json, "\"sliding_window\":4096");
	memcpy(p, "\"sliding_window_pattern\":0,\"sliding_window\":4096}",
	    strlen("\"sliding_window_pattern\":0,\"sliding_window\":4096}") +
		1);
	parse(json, &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal, "sliding_window_pattern") != NULL, "%s",
	    m.refusal);
	model_done(&m);
}

/*
 * Qwen3.5-27B-GPTQ-Int4: GPTQ's dynamic map leaves every module matching
 * "-:.*attn.*" unquantized, the gated delta nets' linear_attn as well as
 * the full attention's self_attn (gptq_utils.py get_dynamic_override), so
 * only the MLPs are 4-bit.  A public start of the same map on Qwen3.6-27B
 * (the same sizes) logged 27.51 GiB on an RTX 5090; with the map ignored
 * headroom planned 17.51.  A key overriding the scheme, one splitting a
 * module group and one POSIX cannot read are refused by name.
 */
Test(sweep, gptq_dynamic_keeps_what_it_excludes_16_bit)
{
	static const char *const refused[][2] = {
		{ "{\"+:.*mlp.*\":{\"bits\":8}}", "its own bits" },
		{ "{\"-:.*o_proj\":{}}", "only some of layer 3's attention" },
		{ "{\"-:(?!.*mlp).*\":{}}", "not a regular expression" },
	};
	char path[1024], err[512];
	struct model m;
	struct weights_breakdown w;
	cJSON *root, *qc;
	char *text;
	size_t i;

	load("Qwen--Qwen3.5-27B-GPTQ-Int4", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.native_format, FMT_GPTQ);
	cr_assert_eq(m.quant_skip & 3u, 3u, "attention and GDN 16-bit: %u",
	    m.quant_skip);
	cr_assert_eq(m.quant_skip & 4u, 0u, "the MLPs stay 4-bit");
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	cr_assert(fabs(w.total / (1024.0 * 1024 * 1024) - 27.5) < 0.1,
	    "%.2f GiB", w.total / (1024.0 * 1024 * 1024));
	model_done(&m);

	snprintf(path, sizeof path,
	    "%s/tests/fixtures/configs/sweep/"
	    "Qwen--Qwen3.5-27B-GPTQ-Int4/config.json",
	    top());
	text = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	for (i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		char *json;

		root = cJSON_Parse(text);
		cr_assert_not_null(root);
		qc = cJSON_GetObjectItemCaseSensitive(root,
		    "quantization_config");
		cJSON_ReplaceItemInObjectCaseSensitive(qc, "dynamic",
		    cJSON_Parse(refused[i][0]));
		json = cJSON_PrintUnformatted(root);
		cJSON_Delete(root);
		parse(json, &m);
		cJSON_free(json);
		cr_assert_not_null(m.refusal, "%s", refused[i][0]);
		cr_assert(strstr(m.refusal, "quantization_config.dynamic") &&
			strstr(m.refusal, refused[i][1]),
		    "%s", m.refusal);
		model_done(&m);
	}
	free(text);
}

/* Qwen3.5-27B-GPTQ-Int4's config with its dynamic map replaced by map. */
static void
qwen35_gptq_dynamic(const char *map, struct model *m)
{
	char path[1024], err[512];
	cJSON *root, *qc;
	char *text, *json;

	snprintf(path, sizeof path,
	    "%s/tests/fixtures/configs/sweep/"
	    "Qwen--Qwen3.5-27B-GPTQ-Int4/config.json",
	    top());
	text = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	root = cJSON_Parse(text);
	cr_assert_not_null(root);
	qc = cJSON_GetObjectItemCaseSensitive(root, "quantization_config");
	cr_assert(cJSON_ReplaceItemInObjectCaseSensitive(qc, "dynamic",
		      cJSON_Parse(map)),
	    "%s", map);
	json = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	free(text);
	parse(json, m);
	cJSON_free(json);
}

/*
 * get_dynamic_override() matches a key against vLLM's own module prefix,
 * not the checkpoint's name (gptq_utils.py; GPTQMarlinConfig maps
 * modules_in_block_to_quantize through hf_to_vllm_mapper but not dynamic).
 * Qwen3_5ForConditionalGeneration builds its text model as language_model
 * (qwen3_5.py, prefix maybe_prefix(prefix, "language_model")), so its full
 * attention is language_model.model.layers.3.self_attn.qkv_proj and a key
 * anchored on the checkpoint's model.layers.N matches nothing: the 16
 * full-attention layers stay 4-bit.  The same key on vLLM's path keeps
 * them 16-bit.  Python's \d and (?:...) are read (the example of
 * gptq_marlin.py's GPTQMarlinConfig comment: "+:.*\.(?:1[0-5])\..*"
 * with bits 8 gives layers 10-15 their own scheme: refused by name).
 */
Test(sweep, gptq_dynamic_matches_vllm_module_paths)
{
	struct model m;

	qwen35_gptq_dynamic(
	    "{\"-:model\\\\.layers\\\\.\\\\d+\\\\.self_attn\\\\..*\":{}}", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 1u, 0u, "no layer's attention matched: %u",
	    m.quant_skip);
	model_done(&m);

	qwen35_gptq_dynamic("{\"-:language_model\\\\.model\\\\.layers\\\\."
			    "\\\\d+"
			    "\\\\.self_attn\\\\..*\":{}}",
	    &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 1u, 1u, "every attention 16-bit: %u",
	    m.quant_skip);
	cr_assert_eq(m.quant_skip & 6u, 0u, "GDN and MLP stay 4-bit: %u",
	    m.quant_skip);
	model_done(&m);

	/* (?:...) a plain group, \d a digit: every layer's MLP */
	qwen35_gptq_dynamic("{\"-:.*\\\\.(?:\\\\d+)\\\\.mlp\\\\..*\":{}}", &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 7u, 4u, "MLP 16-bit alone: %u",
	    m.quant_skip);
	model_done(&m);

	qwen35_gptq_dynamic("{\"+:.*\\\\.(?:1[0-5])\\\\..*\":{\"bits\":8}}",
	    &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "key '+:.*\\.(?:1[0-5])\\..*' gives layer 10's") != NULL,
	    "%s", m.refusal);
	model_done(&m);
}

/*
 * A class headroom has no module paths for (OLMo 2, olmo2.py) with a key
 * anchored on one root: vLLM's classes put the layers under model.layers,
 * language_model.model.layers or backbone.layers, and the key decides the
 * attention one way under the first and another under the second, so the
 * config is refused naming both paths.  A key that matches whatever the
 * root (".*self_attn.*") plans: every attention 16-bit.
 */
Test(sweep, gptq_dynamic_unknown_class_anchored_key_refused)
{
	static const char *const olmo2 =
	    "{\"architectures\": [\"Olmo2ForCausalLM\"], \"model_type\": "
	    "\"olmo2\", \"hidden_size\": 2048, \"intermediate_size\": 8192, "
	    "\"num_hidden_layers\": 16, \"num_attention_heads\": 16, "
	    "\"num_key_value_heads\": 16, \"vocab_size\": 100352, "
	    "\"max_position_embeddings\": 4096, \"rms_norm_eps\": 1e-06, "
	    "\"torch_dtype\": \"bfloat16\", \"hidden_act\": \"silu\", "
	    "\"quantization_config\": {\"quant_method\": \"gptq\", \"bits\": "
	    "4, "
	    "\"group_size\": 128, \"sym\": true, \"desc_act\": false, "
	    "\"dynamic\": %s}}";
	char json[2048];
	struct model m;

	snprintf(json, sizeof json, olmo2,
	    "{\"-:model\\\\.layers\\\\..*\\\\.self_attn\\\\..*\":{}}");
	parse(json, &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "'model.layers.0.self_attn.qkv_proj' and another as "
		      "'language_model.model.layers.0.self_attn.qkv_proj'") !=
		NULL,
	    "%s", m.refusal);
	cr_assert(strstr(m.refusal, "Olmo2ForCausalLM") != NULL, "%s",
	    m.refusal);
	model_done(&m);

	snprintf(json, sizeof json, olmo2, "{\"-:.*self_attn.*\":{}}");
	parse(json, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip & 5u, 1u, "%u", m.quant_skip);
	model_done(&m);
}

/*
 * Qwen/Qwen1.5-MoE-A2.7B-Chat-GPTQ-Int4's config.json (as a public model
 * notes repository copies it, its experts' entries elided there and
 * trimmed to expert 0 here) with modules_in_block_to_quantize as list.
 */
#define QWEN15_MOE_GPTQ                                                        \
	"{\"architectures\": [\"Qwen2MoeForCausalLM\"], "                      \
	"\"decoder_sparse_step\": "                                            \
	"1, \"hidden_act\": \"silu\", \"hidden_size\": 2048, "                 \
	"\"intermediate_size\": 5632, \"max_position_embeddings\": 32768, "    \
	"\"max_window_layers\": 21, \"model_type\": \"qwen2_moe\", "           \
	"\"moe_intermediate_size\": 1408, \"norm_topk_prob\": false, "         \
	"\"num_attention_heads\": 16, \"num_experts\": 60, "                   \
	"\"num_experts_per_tok\": 4, \"num_hidden_layers\": 24, "              \
	"\"num_key_value_heads\": 16, \"quantization_config\": {\"bits\": 4, " \
	"\"desc_act\": false, \"group_size\": 128, "                           \
	"\"modules_in_block_to_quantize\": %s, \"quant_method\": \"gptq\", "   \
	"\"sym\": true}, \"rms_norm_eps\": 1e-06, \"rope_theta\": 1000000.0, " \
	"\"shared_expert_intermediate_size\": 5632, \"sliding_window\": "      \
	"32768, \"tie_word_embeddings\": false, \"torch_dtype\": "             \
	"\"float16\", "                                                        \
	"\"use_sliding_window\": false, \"vocab_size\": 151936}"

/*
 * modules_in_block_to_quantize (gptq_utils.py is_layer_gptq_quantized):
 * a linear whose checkpoint shards no entry is a substring of is built
 * unquantized.  Qwen1.5-MoE's own list names attention, the shared expert
 * and the experts: every part 4-bit, as without a list.  Without the
 * shared expert's entries it is 16-bit in every layer; with k_proj alone
 * of qkv_proj vLLM raises its own ValueError; an entry naming a layer by
 * its path is refused (GPTQMarlinConfig maps such entries through the
 * class's hf_to_vllm_mapper, which headroom does not follow).
 */
Test(sweep, gptq_modules_in_block_to_quantize)
{
	static const char *const full =
	    "[[\"self_attn.k_proj\", \"self_attn.v_proj\", "
	    "\"self_attn.q_proj\"], [\"self_attn.o_proj\"], "
	    "[\"mlp.shared_expert.up_proj\", \"mlp.shared_expert.gate_proj\"], "
	    "[\"mlp.shared_expert.down_proj\"], [\"mlp.experts.0.up_proj\", "
	    "\"mlp.experts.0.gate_proj\"], [\"mlp.experts.0.down_proj\"]]";
	static const char *const no_shared =
	    "[[\"self_attn.k_proj\", \"self_attn.v_proj\", "
	    "\"self_attn.q_proj\"], [\"self_attn.o_proj\"], "
	    "[\"mlp.experts.0.up_proj\", \"mlp.experts.0.gate_proj\"], "
	    "[\"mlp.experts.0.down_proj\"]]";
	char json[4096];
	struct model m, plain;
	struct weights_breakdown w, wp;

	snprintf(json, sizeof json, QWEN15_MOE_GPTQ, full);
	parse(json, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.native_format, FMT_GPTQ);
	cr_assert_eq(m.quant_skip, 0u, "%u", m.quant_skip);
	snprintf(json, sizeof json, QWEN15_MOE_GPTQ, "null");
	parse(json, &plain);
	cr_assert_null(plain.refusal, "%s", plain.refusal);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	weights_rank(&plain, plain.native_format, 2, 1, 1, 0, &wp);
	cr_assert_eq(w.total, wp.total);
	model_done(&m);

	snprintf(json, sizeof json, QWEN15_MOE_GPTQ, no_shared);
	parse(json, &m);
	cr_assert_null(m.refusal, "%s", m.refusal);
	cr_assert_eq(m.quant_skip, 16u, "shared expert 16-bit: %u",
	    m.quant_skip);
	weights_rank(&m, m.native_format, 2, 1, 1, 0, &w);
	cr_assert(w.total > wp.total, "%.0f vs %.0f", w.total, wp.total);
	model_done(&m);
	model_done(&plain);

	snprintf(json, sizeof json, QWEN15_MOE_GPTQ,
	    "[\"self_attn.k_proj\", \"self_attn.o_proj\"]");
	parse(json, &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "Detected some but not all shards of "
		      "model.layers.0.self_attn.qkv_proj are quantized.") !=
		NULL,
	    "%s", m.refusal);
	model_done(&m);

	snprintf(json, sizeof json, QWEN15_MOE_GPTQ,
	    "[\"model.layers.0.self_attn.q_proj\"]");
	parse(json, &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "quantization_config.modules_in_block_to_quantize on "
		      "Qwen2MoeForCausalLM") != NULL,
	    "%s", m.refusal);
	model_done(&m);

	/* a string, not a list: refused naming the field (it was read as
	 * absent, every linear priced as quantized) */
	snprintf(json, sizeof json, QWEN15_MOE_GPTQ, "\"self_attn.q_proj\"");
	parse(json, &m);
	cr_assert_not_null(m.refusal);
	cr_assert(strstr(m.refusal,
		      "quantization_config.modules_in_block_to_quantize "
		      "is not a list") != NULL,
	    "%s", m.refusal);
	model_done(&m);
}

/*
 * Methods vLLM serves that headroom does not price: Meta-Llama-3.1-405B's
 * config.json (sweep/meta-llama--Meta-Llama-3.1-405B) with the
 * quantization_config of Meta's FP8 release as a public test quotes it
 * (quant_method fbgemm_fp8, activation_scale_ub 1200.0), and mxfp8 as
 * MiniMax's MXFP8 upload names it, are refused at the configuration phase
 * naming the method, where they were rejected as a bad file ("unknown
 * method") with exit 2; a name vLLM does not know is still rejected.
 */
Test(sweep, served_quant_methods_refused_not_rejected)
{
	static const char *const blocks[][2] = {
		{ "{\"quant_method\":\"fbgemm_fp8\","
		  "\"activation_scale_ub\":1200.0}",
		    "'fbgemm_fp8'" },
		{ "{\"quant_method\":\"mxfp8\",\"activation_scheme\":"
		  "\"dynamic\","
		  "\"weight_block_size\":[1,32]}",
		    "'mxfp8'" },
	};
	char path[1024], err[512];
	const char *bad = NULL;
	struct model m;
	char *text, *json;
	cJSON *root;
	size_t i;

	snprintf(path, sizeof path,
	    "%s/tests/fixtures/configs/sweep/"
	    "meta-llama--Meta-Llama-3.1-405B/config.json",
	    top());
	text = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	for (i = 0; i < sizeof blocks / sizeof blocks[0] + 1; i++) {
		root = cJSON_Parse(text);
		cr_assert_not_null(root);
		cJSON_AddItemToObject(root, "quantization_config",
		    cJSON_Parse(i < 2 ? blocks[i][0]
				      : "{\"quant_method\":\"lookahead_q9\"}"));
		json = cJSON_PrintUnformatted(root);
		cJSON_Delete(root);
		if (i < 2) {
			parse(json, &m);
			cr_assert_not_null(m.refusal, "%s", blocks[i][1]);
			cr_assert(strstr(m.refusal, blocks[i][1]) &&
				strstr(m.refusal, "vLLM serves it"),
			    "%s", m.refusal);
			cr_assert_eq(m.layers, 126);
			model_done(&m);
		} else {
			cr_assert_neq(test_config_try(json, &m, err, sizeof err,
					  &bad),
			    0);
			cr_assert(strstr(err, "unknown method 'lookahead_q9'"),
			    "%s", err);
		}
		cJSON_free(json);
	}
	free(text);
}

/* sweep/dir's config.json without the keys of drop[] (NULL-ended):
 * hfconfig_read()'s result into m */
static void
load_without(const char *dir, const char *const *drop, struct model *m)
{
	char path[1024], err[512];
	const char *bad = NULL;
	char *text;
	cJSON *cfg;

	snprintf(path, sizeof path,
	    "%s/tests/fixtures/configs/sweep/%s/config.json", top(), dir);
	text = textfile_read(path, NULL, err, sizeof err);
	cr_assert_not_null(text, "%s", err);
	cfg = cJSON_Parse(text);
	free(text);
	cr_assert_not_null(cfg);
	for (; *drop != NULL; drop++)
		cJSON_DeleteItemFromObjectCaseSensitive(cfg, *drop);
	cr_assert_eq(hfconfig_read(cfg, m, err, sizeof err, &bad), 0, "%s",
	    err);
	cJSON_Delete(cfg);
}

/* m and full read alike: MLA sizes, KV bytes a token, parameters */
static void
same_mla(const struct model *m, const struct model *full, int64_t bpt)
{
	struct kv_layout l;
	char err[256];

	cr_assert_null(m->refusal, "%s", m->refusal);
	cr_assert_eq(m->mla, 1);
	cr_assert_eq(m->kv_heads, 1);
	cr_assert_eq(m->kv_lora_rank, full->kv_lora_rank);
	cr_assert_eq(m->q_lora_rank, full->q_lora_rank);
	cr_assert_eq(m->qk_rope_head_dim, full->qk_rope_head_dim);
	cr_assert_eq(m->qk_nope_head_dim, full->qk_nope_head_dim);
	cr_assert_eq(m->v_head_dim, full->v_head_dim);
	cr_assert_eq(m->head_dim, 512 + 64);
	cr_assert_eq(layout_at(m, 1, &l, err, sizeof err), 0, "%s", err);
	cr_assert_eq(l.bytes_per_token, bpt, "%lld",
	    (long long)l.bytes_per_token);
	cr_assert(
	    fabs(weights_param_count(m) - weights_param_count(full)) < 1e-6);
}

/*
 * MLA's sizes a DeepSeek-family config.json leaves out are its config
 * class's: DeepseekV3Config (transformers models/deepseek_v3; vLLM's copy
 * for deepseek_v32 and kimi_k2) and DeepseekV2Config (transformers
 * models/deepseek_v2, the checkpoints' remote configuration_deepseek.py)
 * default kv_lora_rank 512, q_lora_rank 1536, qk_rope_head_dim 64,
 * qk_nope_head_dim 128, v_head_dim 128, the values DeepSeek-V3 and
 * Kimi-K2 give, so the two configs without the five keys read as they do
 * with them: 61 layers of one latent head of 512 + 64, 61 x 576 x 2 B =
 * 70,272 B a token.  Without kv_lora_rank both were read as standard
 * attention, 128 (Kimi-K2: 64) KV heads of 7168 / 128 = 56 (112): 61 x 2
 * x 128 x 56 x 2 B = 1,748,992 B a token, 25 times the latent cache; and
 * without q_lora_rank alone as a q_proj of 7168 x 128 x 192 where vLLM
 * builds q_a_proj 7168 x 1536, q_a_layernorm and q_b_proj 1536 x 128 x
 * 192.  DeepSeek-V2-Lite's "q_lora_rank": null is None (q_proj): 27 x 576
 * x 2 B = 31,104 B a token; the key left out is DeepseekV2Config's 1536,
 * 27 x (2048 x 1536 + 1536 + 1536 x 16 x 192 - 2048 x 16 x 192) =
 * 42,508,800 parameters more.
 */
Test(sweep, deepseek_mla_sizes_left_out_are_the_config_class)
{
	static const char *const five[] = { "kv_lora_rank", "q_lora_rank",
		"qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim", NULL };
	static const char *const q_only[] = { "q_lora_rank", NULL };
	static const char *const dirs[] = { "deepseek-ai--DeepSeek-V3",
		"moonshotai--Kimi-K2-Instruct" };
	struct model full, m;
	struct kv_layout l;
	char err[256];
	size_t i;

	for (i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		load(dirs[i], &full);
		cr_assert_eq(full.q_lora_rank, 1536, "%s", dirs[i]);
		load_without(dirs[i], five, &m);
		same_mla(&m, &full, 70272);
		model_done(&m);
		load_without(dirs[i], q_only, &m);
		same_mla(&m, &full, 70272);
		model_done(&m);
		model_done(&full);
	}
	load("deepseek-ai--DeepSeek-V2-Lite", &full);
	cr_assert_eq(full.q_lora_rank, 0);
	load_without("deepseek-ai--DeepSeek-V2-Lite", five, &m);
	cr_assert_eq(m.q_lora_rank, 1536);
	cr_assert_eq(m.kv_lora_rank, 512);
	cr_assert(fabs(weights_param_count(&m) - weights_param_count(&full) -
		      0.0425088) < 1e-9,
	    "%.7f", weights_param_count(&m) - weights_param_count(&full));
	model_done(&m);
	cr_assert_eq(layout_at(&full, 1, &l, err, sizeof err), 0, "%s", err);
	cr_assert_eq(l.bytes_per_token, 31104, "%lld",
	    (long long)l.bytes_per_token);
	model_done(&full);
}
