/*
 * lora.c - LoRA slot buffers, from the shapes of vLLM's LoRA wrappers.
 *
 * Per linear (vllm/lora/layers/base_linear.py, create_lora_weights):
 *   column-parallel (qkv_proj 3 slices, gate_up_proj 2 slices):
 *     A = slices x [max_loras, r_a, in],  B = [max_loras, out_rank, r]
 *     r_a = r, or r / tp with --fully-sharded-loras
 *   row-parallel (o_proj, down_proj):
 *     A = [max_loras, r, in_rank],  B = [max_loras, out, r]
 *     (out / tp with --fully-sharded-loras)
 *   replicated (the MoE router gate): A = [max_loras, r, in], B = [max_loras, out, r]
 * Per fused MoE block (vllm/lora/layers/fused_moe.py):
 *   w13 A = 2 x [max_loras, E, r_a, H],  w13 B = 2 x [max_loras, E, I_rank, r]
 *   w2  A = [max_loras, E, r, I_rank],   w2  B = [max_loras, E, H', r]
 * Phi-3's checkpoint fuses qkv_proj and gate_up_proj, so its class maps each
 * to itself (vllm/model_executor/models/phi3.py packed_modules_mapping) and
 * vLLM wraps them with one slice each (QKVParallelLinearWithLoRA,
 * ColumnParallelLinearWithLoRA): A = [max_loras, r_a, in] once.
 * Embedding and lm_head slots: lora_vocab_bytes() (lora.h).
 */
#include "lora.h"

#include <stdio.h>
#include <string.h>

#include "vllm_version.h"
#include "weights.h"

void
lora_resolve(const struct plan_lora *in, struct plan_lora *out)
{
	*out = *in;
	if (out->max_loras <= 0)
		out->max_loras = 1;
	if (out->max_rank <= 0)
		out->max_rank = 16;
	if (out->max_cpu_loras <= 0)
		out->max_cpu_loras = out->max_loras;
}

int
lora_rank_valid(int r)
{
	static const int ok[] = { 1, 8, 16, 32, 64, 128, 256, 320, 512 };
	size_t i;

	for (i = 0; i < sizeof ok / sizeof ok[0]; i++)
		if (r == ok[i])
			return 1;
	return 0;
}

/* Elements of one slot of a column-parallel linear with `slices` outputs. */
static double
column(double in, double out_rank, int slices, double r, double r_a)
{
	return slices * r_a * in + out_rank * r;
}

/* Elements of one slot of a row-parallel linear. */
static double
row(double in_rank, double out, double r)
{
	return r * in_rank + out * r;
}

/* With --enable-lora-bias a linear's B rows (out) gain one bias each
 * (base_linear.py of the 0.10/0.11.0 line: lora_bias_stacked
 * [max_loras, 1, lora_b_out_size] a slice, when bias_enabled). */
static double
bias(const struct plan_lora *l, double out)
{
	return l->bias > 0 ? out : 0;
}

/* A class whose checkpoint fuses q/k/v and gate/up: one LoRA slice each. */
static bool
fused_slices(const struct model *m)
{
	return m->architecture != NULL &&
	    strcmp(m->architecture, "Phi3ForCausalLM") == 0;
}

int64_t
lora_stack_bytes(const struct model *m, const struct plan_lora *l, int tp,
    int first, int n, int model_dtype_bytes)
{
	double h = m->hidden, hd = m->head_dim, heads = m->heads;
	double r = l->max_rank, r_a, kvh_rank, out_row, elems = 0;
	int bytes = l->dtype > 0 ? 2 : model_dtype_bytes;
	int qkv_slices = fused_slices(m) ? 1 : 3;
	int gate_up_slices = fused_slices(m) ? 1 : 2;
	int i;

	if (!l->enabled || n <= 0)
		return 0;
	if (tp < 1)
		tp = 1;
	r_a = l->fully_sharded ? r / tp : r;
	out_row = l->fully_sharded ? h / tp : h;
	kvh_rank = m->kv_heads / tp < 1 ? 1 : (double)m->kv_heads / tp;
	for (i = first; i < first + n; i++) {
		/* attention: qkv_proj (3 slices) and o_proj */
		elems += column(h, (heads / tp + 2 * kvh_rank) * hd, qkv_slices,
			     r, r_a) +
		    bias(l, (heads / tp + 2 * kvh_rank) * hd);
		elems += row(heads * hd / tp, out_row, r) + bias(l, out_row);
		if (weights_is_moe_layer(m, i)) {
			double e = m->n_experts,
			       inter = m->moe_intermediate / (double)tp;

			elems += e *
			    (2 * r_a * h + 2 * inter * r + r * inter +
				out_row * r);
			elems += r * h + e * r; /* router gate (replicated) */
			if (m->shared_intermediate > 0) {
				double si = (double)m->shared_intermediate *
				    (m->n_shared_experts > 0
					    ? m->n_shared_experts
					    : 1) /
				    tp;

				elems += column(h, 2 * si, 2, r, r_a) +
				    row(si, out_row, r);
			}
		} else {
			double inter =
			    (m->n_experts > 0 && m->dense_intermediate > 0
				    ? m->dense_intermediate
				    : m->intermediate) /
			    (double)tp;

			elems += column(h, 2 * inter, gate_up_slices, r, r_a) +
			    row(inter, out_row, r) +
			    bias(l, 2 * inter + out_row);
		}
	}
	return (int64_t)(elems * l->max_loras * bytes);
}

bool
lora_wraps_vocab(const struct model *m)
{
	/* Mistral 3's and Llama 4's language models are vLLM's Llama class
	 * (init_vllm_registered_model on text_config; Llama4ForCausalLM
	 * subclasses LlamaForCausalLM), whose attribute get_supported_lora_modules
	 * finds on the submodule */
	static const char *const classes[] = { "LlamaForCausalLM",
		"MistralForCausalLM", "Phi3ForCausalLM", "MixtralForCausalLM",
		"Mistral3ForConditionalGeneration",
		"Llama4ForConditionalGeneration", "GraniteForCausalLM",
		"GraniteMoeForCausalLM", "GraniteMoeSharedForCausalLM",
		"GraniteMoeHybridForCausalLM" };
	size_t i;

	if (m->architecture == NULL)
		return false;
	for (i = 0; i < sizeof classes / sizeof classes[0]; i++)
		if (strcmp(m->architecture, classes[i]) == 0)
			return true;
	return false;
}

static int64_t
round_up(int64_t x, int64_t to)
{
	return (x + to - 1) / to * to;
}

/* The padding of embed_tokens' rows with LoRA before 0.12.0: GraniteModel
 * (granite.py) builds it with padding_size lora_vocab_padding_size (256);
 * LlamaModel, GraniteMoeModel and the rest keep the default 64. */
static int64_t
lora_embed_padding(const struct model *m)
{
	return m->architecture != NULL &&
		strcmp(m->architecture, "GraniteForCausalLM") == 0
	    ? 256
	    : 64;
}

int64_t
lora_vocab_bytes(const struct model *m, const struct plan_lora *l, int tp,
    bool first_stage, bool last_stage, int version, int model_dtype_bytes)
{
	/* lora_extra_vocab_size (256 or 512, LoRAExtraVocabSize) and
	 * lora_vocab_padding_size (256), until PRs #28382 / #28545 (November
	 * 2025) removed them */
	int64_t extra = version >= VLLM_SINCE_LORA_NO_EXTRA_VOCAB ? 0
	    : l->extra_vocab > 0 ? l->extra_vocab
				 : 256;
	int64_t v = m->vocab, h = m->hidden, r = l->max_rank;
	int64_t slots = l->max_loras, lora_elems = 0, model_elems = 0;
	int bytes = l->dtype > 0 ? 2 : model_dtype_bytes;

	if (!l->enabled || !lora_wraps_vocab(m) || v <= 0)
		return 0;
	if (tp < 1)
		tp = 1;
	if (first_stage) {
		/* VocabParallelEmbeddingWithLoRA.create_lora_weights */
		lora_elems += slots * ((v + extra) * r + h * r);
		model_elems += slots * extra * h; /* embeddings_tensors */
		/* the base embedding's added rows (lora_vocab), and its own
		 * rows padded further where the class pads them to 256 */
		model_elems += slots * extra / tp * h;
		if (extra > 0)
			model_elems += (round_up(v, lora_embed_padding(m)) -
					   round_up(v, 64)) /
			    tp * h;
	}
	if (last_stage) {
		/* LogitsProcessorWithLoRA.create_lora_weights */
		int64_t rows = extra > 0 ? round_up(v + extra, 256) : v;

		lora_elems += slots * (r * h + rows * r);
		model_elems += slots * extra * h; /* embeddings_tensors */
		/* ParallelLMHead(vocab + 256, padding_size 256), untied */
		if (extra > 0 && !m->tie_embeddings)
			model_elems +=
			    (round_up(v, 256) + extra - round_up(v, 64)) / tp *
			    h;
	}
	return lora_elems * bytes + model_elems * model_dtype_bytes;
}

void
lora_check(const struct model *m, const struct plan_lora *l, int tp,
    int version, char *msg, size_t len)
{
	msg[0] = '\0';
	/* EngineArgs lost the field with it (#28545): argparse stops on the
	 * word whether LoRA is on or not */
	if (l->extra_vocab > 0 && version >= VLLM_SINCE_LORA_NO_EXTRA_VOCAB) {
		snprintf(msg, len,
		    "unrecognized arguments: --lora-extra-vocab-size %d "
		    "(vLLM 0.12.0 removed LoRA's added vocabulary, PRs "
		    "#28382 and #28545; use --vllm-version 0.11.2 or earlier, "
		    "or leave the flag out)",
		    l->extra_vocab);
		return;
	}
	if (l->bias != 0 && version >= VLLM_SINCE_LORA_NO_BIAS) {
		snprintf(msg, len,
		    "unrecognized arguments: %s (vLLM 0.11.1 removed LoRA "
		    "bias, PR #25807; use --vllm-version 0.11.0 or earlier, "
		    "or leave the flag out)",
		    l->bias > 0 ? "--enable-lora-bias"
				: "--no-enable-lora-bias");
		return;
	}
	if (!l->enabled)
		return;
	if (!lora_rank_valid(l->max_rank))
		snprintf(msg, len,
		    "--max-lora-rank: invalid choice '%d' (choose from "
		    "1, 8, 16, 32, 64, 128, 256, 320, 512)",
		    l->max_rank);
	else if (l->max_cpu_loras < l->max_loras)
		snprintf(msg, len,
		    "max_cpu_loras (%d) must be >= max_loras (%d)",
		    l->max_cpu_loras, l->max_loras);
	else if (l->fully_sharded && tp > 1 && l->max_rank % tp != 0)
		snprintf(msg, len,
		    "%d is not divisible by %d (--fully-sharded-loras "
		    "splits --max-lora-rank across the tensor-parallel ranks)",
		    l->max_rank, tp);
	else if (m->mla || m->mla_mha)
		snprintf(msg, len,
		    "--enable-lora on %s: LoRA on multi-head latent "
		    "attention layers is not modelled by headroom; plan "
		    "without "
		    "LoRA and add its buffers by hand.",
		    m->id);
	else if (m->n_experts > 0 && version < VLLM_VER(0, 11, 1))
		snprintf(msg, len,
		    "--enable-lora on %s: LoRA for fused MoE layers "
		    "came with vLLM 0.11.1 (PR #21229); headroom does not "
		    "model "
		    "what earlier releases do with the experts.",
		    m->id);
	else if (m->ld != NULL || m->n_state_layers > 0 || m->n_nokv_layers > 0)
		snprintf(msg, len,
		    "--enable-lora on %s: LoRA on layers other than "
		    "standard attention and MLP (state, per-block or shared "
		    "layers) "
		    "is not modelled by headroom; plan without LoRA.",
		    m->id);
}

int64_t
lora_activation_bytes(const struct model *m, const struct plan_lora *l, int tp,
    int max_num_batched_tokens, int model_dtype_bytes)
{
	int64_t mk, w13, w2;
	int bytes = l->dtype > 0 ? 2 : model_dtype_bytes;

	if (!l->enabled || m->n_experts <= 0 || max_num_batched_tokens <= 0)
		return 0;
	if (tp < 1)
		tp = 1;
	mk = (int64_t)max_num_batched_tokens * m->experts_per_tok;
	w13 = 2 * mk * ((int64_t)l->max_rank + m->moe_intermediate / tp);
	w2 = mk * ((int64_t)l->max_rank + m->hidden);
	return (w13 > w2 ? w13 : w2) * bytes;
}

int
lora_graph_cases(const struct plan_lora *l, int version)
{
	/* cudagraph_specialize_lora (default on): cases [0, max_loras + 1];
	 * off: [max_loras + 1] alone; before #25914 (reviewed until
	 * 2025-10-15, after the 0.11.0 release) one key per size */
	return l->enabled && !l->unspecialized && version >= VLLM_VER(0, 11, 1)
	    ? 2
	    : 1;
}
