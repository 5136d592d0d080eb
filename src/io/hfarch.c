/*
 * hfarch.c - per-family config reading.  Invariant: after hfarch_read()
 * either m->refusal is set, or every layer of m is described the way vLLM
 * builds it (m->ld set whenever a layer differs from the standard decoder
 * layer), or m->assumption says what the plan rests on.
 */
#include "hfarch.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/vllm_version.h"
#include "core/weights.h"
#include "core/xalloc.h"

enum family {
	FAM_STANDARD, /* checked against real startups */
	FAM_QWEN_NEXT, /* Qwen3-Next, Qwen3.5, Qwen3.6: GDN + attention */
	FAM_NEMOTRON_H, /* Nemotron-H, Nemotron 3: hybrid_override_pattern */
	FAM_GRANITE_H, /* Granite 4.0-H: layer_types mamba / attention */
	FAM_LFM2, /* LFM2: layer_types conv / full_attention */
	FAM_DECILM, /* Llama-Nemotron NAS: block_configs */
	FAM_GEMMA4, /* global_head_dim, num_global_key_value_heads */
	FAM_GEMMA3N, /* Gemma 3n: AltUp, LAuReL, per-layer inputs, KV sharing */
	FAM_MIMO_V2, /* hybrid_layer_pattern, swa_* sizes */
	FAM_DSA, /* DeepSeek-V3.2, GLM-5: MLA + indexer */
	FAM_LLAMA4, /* chunked local attention */
	FAM_MAMBA, /* Mamba, Falcon-Mamba: Mamba1 layers only */
	FAM_MAMBA2, /* Mamba2 (Codestral Mamba): Mamba2 layers only */
	FAM_BAMBA, /* Bamba: attn_layer_indices, Mamba2 elsewhere */
	FAM_JAMBA, /* Jamba: Mamba1 + attention + MoE by period */
	FAM_FALCON_H1, /* Falcon-H1: attention and Mamba2 in every layer */
	FAM_ZAMBA2, /* Zamba2: Mamba2 layers, shared attention blocks */
	FAM_KIMI_LINEAR, /* Kimi Linear: KDA layers and MLA */
	FAM_MINIMAX, /* MiniMax-Text-01 / M1: lightning attention */
	FAM_PLAMO2, /* PLaMo 2: Mamba every other layer by mamba_step */
	FAM_STEP3P5, /* Step-3.5: attention_other_setting, moe_layers_enum */
	FAM_WHISPER, /* Whisper: audio encoder, decoder with cross-attention */
	FAM_DSV4, /* DeepSeek-V4: compress_ratios, hyper-connections */
	FAM_ENCODER, /* encoder-only pooling models: no KV cache */
	FAM_UNKNOWN
};

static const struct {
	const char *arch;
	enum family fam;
} families[] = {
	{ "LlamaForCausalLM", FAM_STANDARD },
	{ "MistralForCausalLM", FAM_STANDARD },
	{ "Qwen2ForCausalLM", FAM_STANDARD },
	{ "Qwen3ForCausalLM", FAM_STANDARD },
	{ "Qwen2MoeForCausalLM", FAM_STANDARD },
	{ "Qwen3MoeForCausalLM", FAM_STANDARD },
	{ "GemmaForCausalLM", FAM_STANDARD },
	{ "Gemma2ForCausalLM", FAM_STANDARD },
	{ "Gemma3ForCausalLM", FAM_STANDARD },
	{ "Gemma3ForConditionalGeneration", FAM_STANDARD },
	{ "GptOssForCausalLM", FAM_STANDARD },
	{ "DeepseekV2ForCausalLM", FAM_STANDARD },
	{ "DeepseekV3ForCausalLM", FAM_STANDARD },
	{ "Phi3ForCausalLM", FAM_STANDARD },
	{ "PhiForCausalLM", FAM_STANDARD },
	{ "GraniteForCausalLM", FAM_STANDARD },
	{ "Qwen2VLForConditionalGeneration", FAM_STANDARD },
	{ "Qwen2_5_VLForConditionalGeneration", FAM_STANDARD },
	{ "Qwen2AudioForConditionalGeneration", FAM_STANDARD },
	{ "VoxtralForConditionalGeneration", FAM_STANDARD },
	{ "Mistral3ForConditionalGeneration", FAM_STANDARD },
	{ "MixtralForCausalLM", FAM_STANDARD },
	{ "KimiVLForConditionalGeneration", FAM_STANDARD },
	{ "LlavaNextForConditionalGeneration", FAM_STANDARD },
	{ "KimiK25ForConditionalGeneration", FAM_STANDARD },
	{ "Llama4ForConditionalGeneration", FAM_LLAMA4 },
	{ "Llama4ForCausalLM", FAM_LLAMA4 },
	{ "Qwen3NextForCausalLM", FAM_QWEN_NEXT },
	{ "Qwen3_5ForConditionalGeneration", FAM_QWEN_NEXT },
	{ "Qwen3_5MoeForConditionalGeneration", FAM_QWEN_NEXT },
	{ "Qwen3_5ForCausalLM", FAM_QWEN_NEXT },
	{ "Qwen3_5MoeForCausalLM", FAM_QWEN_NEXT },
	{ "NemotronHForCausalLM", FAM_NEMOTRON_H },
	{ "GraniteMoeHybridForCausalLM", FAM_GRANITE_H },
	{ "Lfm2ForCausalLM", FAM_LFM2 },
	{ "Lfm2MoeForCausalLM", FAM_LFM2 },
	{ "DeciLMForCausalLM", FAM_DECILM },
	{ "Gemma4ForConditionalGeneration", FAM_GEMMA4 },
	{ "Gemma4ForCausalLM", FAM_GEMMA4 },
	{ "Gemma3nForConditionalGeneration", FAM_GEMMA3N },
	{ "Gemma3nForCausalLM", FAM_GEMMA3N },
	{ "MiMoV2FlashForCausalLM", FAM_MIMO_V2 },
	/* mimo_v2.py: MiMoV2ForCausalLM(MiMoV2FlashForCausalLM), the same
	 * modules with a fused qkv_proj in the checkpoint (an earlier tree
	 * named it MiMoV2ProForCausalLM) */
	{ "MiMoV2ForCausalLM", FAM_MIMO_V2 },
	{ "DeepseekV32ForCausalLM", FAM_DSA },
	{ "DeepseekV4ForCausalLM", FAM_DSV4 },
	{ "GlmMoeDsaForCausalLM", FAM_DSA },
	{ "MambaForCausalLM", FAM_MAMBA },
	{ "FalconMambaForCausalLM", FAM_MAMBA },
	{ "Mamba2ForCausalLM", FAM_MAMBA2 },
	{ "BambaForCausalLM", FAM_BAMBA },
	{ "JambaForCausalLM", FAM_JAMBA },
	{ "FalconH1ForCausalLM", FAM_FALCON_H1 },
	{ "Zamba2ForCausalLM", FAM_ZAMBA2 },
	{ "KimiLinearForCausalLM", FAM_KIMI_LINEAR },
	{ "MiniMaxText01ForCausalLM", FAM_MINIMAX },
	{ "MiniMaxM1ForCausalLM", FAM_MINIMAX },
	{ "MiniMaxForCausalLM", FAM_MINIMAX },
	{ "Plamo2ForCausalLM", FAM_PLAMO2 },
	{ "Step3p5ForCausalLM", FAM_STEP3P5 },
	{ "WhisperForConditionalGeneration", FAM_WHISPER },
	/* encoder-only (pooling) classes headroom models (read_encoder) */
	{ "BertModel", FAM_ENCODER },
	{ "BertForSequenceClassification", FAM_ENCODER },
	{ "RobertaModel", FAM_ENCODER },
	{ "RobertaForSequenceClassification", FAM_ENCODER },
	{ "XLMRobertaModel", FAM_ENCODER },
	{ "XLMRobertaForSequenceClassification", FAM_ENCODER },
	{ "NomicBertModel", FAM_ENCODER },
	{ "GteModel", FAM_ENCODER },
	{ "GteNewModel", FAM_ENCODER },
	{ "NewModel", FAM_ENCODER },
	{ "ModernBertModel", FAM_ENCODER },
	{ "ModernBertForSequenceClassification", FAM_ENCODER },
};

/*
 * Encoder-only attention keeps no KV cache in the V1 engine: the model
 * runner's get_kv_cache_spec() skips ENCODER_ONLY layers, and with no spec
 * EngineCore._initialize_kv_caches() skips determine_available_memory()
 * (vllm/v1/worker/gpu_model_runner.py, vllm/v1/engine/core.py).
 */
#define ENCODER_ONLY                                                           \
	"encoder-only (pooling) model whose head or layout headroom does not " \
	"read (it models BertModel, RobertaModel, XLMRobertaModel, "           \
	"ModernBertModel and their *ForSequenceClassification, "               \
	"NomicBertModel, GteModel and GteNewModel)"

/* Architectures whose caches or weights headroom does not model. */
const struct hfarch_refusal hfarch_refused[] = {
	/* last: the release vLLM's _PREVIOUSLY_SUPPORTED_MODELS names (removal
	 * pull requests in doc/architectures.md); later releases refuse with
	 * vLLM's own words */
	{ "Phi4FlashForCausalLM",
	    "Phi-4-flash (SambaY) ran on vLLM's V0 engine "
	    "only; headroom models the V1 engine",
	    VLLM_VER(0, 10, 2) },
	{ "MllamaForConditionalGeneration",
	    "Llama 3.2 Vision cross-attention "
	    "layers are not modelled",
	    VLLM_VER(0, 10, 2) },
	/* vllm/model_executor/models/registry.py _PREVIOUSLY_SUPPORTED_MODELS:
	 * the encoder-decoder models but Whisper left with V0 (#24907) */
	{ "BartModel",
	    "BART ran on vLLM's V0 engine only; headroom models the V1 engine",
	    VLLM_VER(0, 10, 2) },
	{ "BartForConditionalGeneration",
	    "BART ran on vLLM's V0 engine only; headroom models the V1 engine",
	    VLLM_VER(0, 10, 2) },
	{ "MBartForConditionalGeneration",
	    "mBART ran on vLLM's V0 engine only; headroom models the V1 engine",
	    VLLM_VER(0, 10, 2) },
	{ "DonutForConditionalGeneration",
	    "Donut ran on vLLM's V0 engine only; headroom models the V1 engine",
	    VLLM_VER(0, 10, 2) },
	{ "Florence2ForConditionalGeneration",
	    "Florence-2 ran on vLLM's V0 engine only; headroom models the V1 "
	    "engine",
	    VLLM_VER(0, 10, 2) },
	/* vLLM's encoder-only (pooling) architectures headroom does not
	 * read (registry.py _EMBEDDING_MODELS and _CROSS_ENCODER_MODELS; those
	 * it reads are FAM_ENCODER above), and their model_type */
	{ "BertSpladeSparseEmbeddingModel", ENCODER_ONLY, 0 },
	{ "BertForTokenClassification", ENCODER_ONLY, 0 },
	{ "RobertaForMaskedLM", ENCODER_ONLY, 0 },
	{ "ModernBertForTokenClassification", ENCODER_ONLY, 0 },
	{ "GteNewForSequenceClassification", ENCODER_ONLY, 0 },
	{ "NewForSequenceClassification", ENCODER_ONLY, 0 },
	{ "LlamaBidirectionalModel", ENCODER_ONLY, 0 },
	{ "LlamaBidirectionalForSequenceClassification", ENCODER_ONLY, 0 },
	{ "bert", ENCODER_ONLY, 0 },
	{ "roberta", ENCODER_ONLY, 0 },
	{ "xlm-roberta", ENCODER_ONLY, 0 },
	{ "modernbert", ENCODER_ONLY, 0 },
	{ "nomic_bert", ENCODER_ONLY, 0 },
	/* registry classes whose config carries memory headroom does not
	 * read (doc/architectures.md, "How each registry class is handled";
	 * the model files of vllm/model_executor/models/) */
	{ "OPTForCausalLM",
	    "OPT's ffn_dim, word_embed_proj_dim projections and learned "
	    "positions (opt.py) are not modelled",
	    0 },
	{ "MPTForCausalLM",
	    "MPT's expansion_ratio and attn_config (kv_n_heads) "
	    "(mpt.py) are not modelled",
	    0 },
	{ "MptForCausalLM",
	    "MPT's expansion_ratio and attn_config (kv_n_heads) "
	    "(mpt.py) are not modelled",
	    0 },
	{ "DbrxForCausalLM",
	    "DBRX's sizes in ffn_config and attn_config (dbrx.py) are not "
	    "modelled",
	    0 },
	{ "ArcticForCausalLM",
	    "Arctic's dense residual MLP beside the experts (arctic.py) is "
	    "not modelled",
	    0 },
	{ "LongcatFlashForCausalLM",
	    "LongCat-Flash's two attention blocks per layer and "
	    "zero-computation experts (longcat_flash.py) are not modelled",
	    0 },
	{ "OuroForCausalLM",
	    "Ouro's looped layers (total_ut_steps, a KV cache per loop; "
	    "ouro.py) are not modelled",
	    0 },
	{ "InternLM2VEForCausalLM",
	    "InternLM2-VE's vision-expert FFNs (internlm2_ve.py) are not "
	    "modelled",
	    0 },
	{ "Step3TextForCausalLM",
	    "Step-3's multi-matrix factorization attention (share_q_dim; "
	    "step3_text.py) is not modelled",
	    0 },
	{ "Step3VLForConditionalGeneration",
	    "Step-3's multi-matrix factorization attention (share_q_dim; "
	    "step3_text.py) and vision tower are not modelled",
	    0 },
	{ "MolmoForCausalLM",
	    "Molmo's vision backbone, sized in molmo.py rather than "
	    "config.json, is not modelled",
	    0 },
	{ "BailingMoeV2_5ForCausalLM",
	    "Ling 2.5's linear-attention layers (layer_group_size) beside its "
	    "MLA layers (bailing_moe_linear.py) are not modelled",
	    0 },
	{ "AfmoeForCausalLM",
	    "AFMoE's gated attention and its dense first layers "
	    "(num_dense_layers; afmoe.py) are not modelled",
	    0 },
	/* classes of the newer registry (doc/architectures.md, "How each
	 * registry class is handled") whose model file builds what the
	 * standard fields miss */
	{ "Cohere2MoeForCausalLM",
	    "Cohere2-MoE's dense prefix of prefix_dense_intermediate_size "
	    "(mlp_layer_types), its parallel attention and MLP block and its "
	    "sliding window of sliding_window + 1 tokens (cohere2_moe.py) are "
	    "not modelled",
	    0 },
	{ "LagunaForCausalLM",
	    "Laguna's gated attention output (gating: g_proj), attention sinks "
	    "and per-layer-type RoPE (laguna.py) are not modelled",
	    0 },
	{ "SarvamMLAForCausalLM",
	    "Sarvam-MLA's MoE layout (first_k_dense_replace 1 when absent, MoE "
	    "every moe_layer_freq layers counted from it, one shared expert "
	    "when num_shared_experts is absent; sarvam.py) is not modelled",
	    0 },
	{ "HYV3ForCausalLM",
	    "HY V3's experts of expert_hidden_dim, shared MLP of "
	    "expert_hidden_dim x num_shared_experts and float32 router "
	    "(hy_v3.py) are not modelled",
	    0 },
	{ "ExaoneMoEForCausalLM",
	    "K-EXAONE's per-layer sliding windows (sliding_windows), dense and "
	    "sparse layers by mlp_layer_types and MTP layers of their own "
	    "types (exaone_moe.py) are not modelled",
	    0 },
	{ "ExaoneMoeForCausalLM",
	    "K-EXAONE's per-layer sliding windows (sliding_windows), dense and "
	    "sparse layers by mlp_layer_types and MTP layers of their own "
	    "types (exaone_moe.py) are not modelled",
	    0 },
	{ "IQuestLoopCoderForCausalLM",
	    "IQuest-Coder-Loop's looped decoder (every layer run loop_num "
	    "times with a gate projection per layer; iquest_loopcoder.py) is "
	    "not modelled",
	    0 },
	{ "LongcatFlashNgramForCausalLM",
	    "LongCat-Flash's two attention blocks per layer, zero-computation "
	    "experts and n-gram embeddings (longcat_flash_ngram.py) are not "
	    "modelled",
	    0 },
	{ "OlmoHybridForCausalLM",
	    "OLMo Hybrid's gated delta net layers beside its attention layers "
	    "(olmo_hybrid.py, IsHybrid) are not modelled",
	    0 },
	{ "NemotronHPuzzleForCausalLM",
	    "Nemotron-H Puzzle's heterogeneous per-layer configs "
	    "(nemotron_h.py, #32549) are not modelled",
	    0 },
	{ "MiniMaxM3SparseForCausalLM",
	    "MiniMax M3's sparse attention keeps an indexer cache beside the "
	    "KV "
	    "(vllm/models/minimax_m3), which is not modelled",
	    0 },
	{ "HrmTextForCausalLM",
	    "HRM-Text's two stacks run in nested loops (H_cycles, L_cycles), "
	    "each recurrence step with a KV cache of its own, and its gated "
	    "attention (hrm_text.py) are not modelled",
	    0 },
	{ "MuseGlimmerForCausalLM",
	    "MuseGlimmer's per-head attention output gate, its NoPE full and "
	    "RoPE sliding layers and its vision encoder (muse_glimmer.py) are "
	    "not modelled",
	    0 },
	{ "Step1ForCausalLM",
	    "Step1's ALiBi attention (no rotary cache), its KV heads "
	    "(num_attention_groups, else num_key_value_heads, else 1) and head "
	    "size hidden_size / "
	    "num_attention_heads (step1.py) are not modelled",
	    0 },
	{ "BailingMoeV3ForCausalLM",
	    "Ling V3's Kimi Delta Attention layers beside its MLA layers "
	    "(layer_group_size; bailing_moe_v3.py) are not modelled",
	    0 },
	{ "InklingForCausalLM",
	    "Inkling's short convolutions after the attention and FFN "
	    "branches, "
	    "a conv state per layer (vllm/models/inkling), are not modelled",
	    0 },
	{ "Rnj1ForCausalLM",
	    "RNJ-1's chunked attention with a one-chunk lookback (chunk of "
	    "sliding_window tokens, chunk_lookback 1; rnj1.py) is not modelled",
	    0 },
	{ "Param2MoEForCausalLM",
	    "Param2MoE's shared experts (moe_shared_expert_intermediate_size "
	    "their total width, one when num_shared_experts is absent) and its "
	    "first_k_dense_replace of 1 when absent (param2moe.py) are not "
	    "modelled",
	    0 },
	/* the first Phi-1.5 / Phi-2 config.json (model_type phi-msft, the
	 * repository's own configuration_phi.py: n_embd, rotary_dim): vLLM's
	 * phi.py reads transformers' PhiConfig (partial_rotary_factor,
	 * layer_norm_eps), which that class does not have */
	{ "phi-msft",
	    "the first Phi-1.5 / Phi-2 config (model_type phi-msft: n_embd, "
	    "rotary_dim) is not the transformers PhiConfig vLLM's phi.py "
	    "reads (partial_rotary_factor); the checkpoints' current "
	    "config.json is",
	    0 },
	{ "Blip2ForConditionalGeneration",
	    "BLIP-2's Q-Former (qformer_config) is not modelled", 0 },
	{ "Ovis",
	    "Ovis's visual tokenizer (visual_tokenizer_config) is not "
	    "modelled",
	    0 },
	{ "Ovis2_5",
	    "Ovis's visual tokenizer (vit_config, visual vocabulary) is not "
	    "modelled",
	    0 },
	{ "Phi3VForCausalLM",
	    "Phi-3-vision's image encoder (img_processor, embd_layer) is not "
	    "modelled",
	    0 },
	{ "UltravoxModel", "the audio encoder (audio_config) is not modelled",
	    0 },
	{ "Qwen2_5OmniModel",
	    "vLLM serves its thinker alone (qwen2_5_omni_thinker.py), a "
	    "Qwen2 text model from thinker_config.text_config beside "
	    "transformers' Qwen2_5OmniAudioEncoder and a Qwen2.5-VL "
	    "vision tower, each built unless its limit is 0; headroom "
	    "reads no thinker_config and does not count the audio "
	    "encoder",
	    0 },
	{ "Qwen2_5OmniForConditionalGeneration",
	    "vLLM serves its thinker alone (qwen2_5_omni_thinker.py), a "
	    "Qwen2 text model from thinker_config.text_config beside "
	    "transformers' Qwen2_5OmniAudioEncoder and a Qwen2.5-VL "
	    "vision tower, each built unless its limit is 0; headroom "
	    "reads no thinker_config and does not count the audio "
	    "encoder",
	    0 },
	{ "Qwen3OmniMoeForConditionalGeneration",
	    "vLLM serves its thinker alone (qwen3_omni_moe_thinker.py), "
	    "a Qwen3-MoE text model from thinker_config.text_config "
	    "beside the Qwen3OmniMoeAudioEncoder, a Qwen3-VL-style "
	    "vision tower and deepstack buffers of "
	    "max_num_batched_tokens rows, towers left out at limits of "
	    "0 in recent files (release not established); headroom "
	    "reads no thinker_config and does not count the audio "
	    "encoder",
	    0 },
	{ "MiniCPMO", "the audio encoder (audio_config) is not modelled", 0 },
	{ "Phi4MMForCausalLM",
	    "phi4mm.py builds a Llama-style text model (LlamaModel) "
	    "beside the image encoder and the conformer audio embedding "
	    "(AudioEmbedding), and skips the checkpoint's vision and "
	    "speech LoRA weights, which load only as LoRA adapters "
	    "(--enable-lora); headroom counts neither encoder nor adapter",
	    0 },
	{ "MoonshotKimiaForCausalLM",
	    "Kimi-Audio's audio towers are not modelled", 0 },
	{ "MiDashengLMModel",
	    "the audio encoder (audio_encoder_config) is not "
	    "modelled",
	    0 },
	{ "GraniteSpeechForConditionalGeneration",
	    "the speech encoder (encoder_config) is not modelled", 0 },
	{ "AudioFlamingo3ForConditionalGeneration",
	    "the audio encoder (audio_config) is not modelled", 0 },
	{ "GlmAsrForConditionalGeneration",
	    "the audio encoder (audio_config) is not modelled", 0 },
};
const size_t hfarch_n_refused =
    sizeof hfarch_refused / sizeof hfarch_refused[0];

/*
 * Fields that change memory in ways only some families use.  A config
 * that carries one its family does not read is refused, naming the field.
 */
static const char *const memory_fields[] = { "hybrid_override_pattern",
	"layers_block_type", "block_configs", "hybrid_layer_pattern",
	"linear_num_key_heads", "linear_num_value_heads", "mamba_num_heads",
	"mamba_n_heads", "mamba_d_state", "ssm_state_size", "index_topk",
	"index_head_dim", "num_kv_shared_layers", "global_head_dim",
	"num_global_key_value_heads", "swa_num_key_value_heads", "swa_head_dim",
	"cross_attention_layers", "attn_type_list", "full_attn_idxs",
	"compress_ratios", "conv_L_cache", "mtp_hybrid_override_pattern",
	"indexer_types", "linear_attn_config",
	/* MiniMax M3's sparse attention keeps an indexer cache beside the
	 * KV ("MiniMax M3 indexer: selected MSA ... indexer_kv_dtype=bf16") */
	"sparse_attention_config",
	/* per-layer windows (exaone_moe.py), an expert width other than
	 * moe_intermediate_size (hy_v3.py), zero-computation experts
	 * (longcat_flash.py), looped layers (iquest_loopcoder.py, ouro.py),
	 * a dense prefix of its own width (cohere2_moe.py), recurrence steps
	 * with a KV cache each (hrm_text.py) */
	"sliding_windows", "expert_hidden_dim", "zero_expert_num", "loop_num",
	"total_ut_steps", "prefix_dense_intermediate_size", "H_cycles",
	"L_cycles",
	/* openpangu.py (@0084eaf): static sink tokens in the KV cache
	 * (param_sink_number), sliding windows on the swa_layers only
	 * (sliding_window_list), MoME attention with a conv state (use_mome),
	 * sparse attention on dsa_layers, and the sink attention's head sizes
	 * (qk_nope_dim + qk_rope_dim, v_channels); a dense MLP beside the
	 * experts (residual_moe, Grok 2's configs) */
	"param_sink_number", "swa_layers", "sliding_window_list", "use_mome",
	"dsa_layers", "qk_nope_dim", "v_channels", "residual_moe",
	/* gemma4.py Gemma4DecoderLayer: KV-shared layers' MLP twice as wide */
	"use_double_wide_mlp", NULL };

/* memory_fields[] whose 0 or false changes nothing */
static const char *const neutral_when_off[] = { "num_kv_shared_layers",
	"param_sink_number", "zero_expert_num", "use_mome", "residual_moe",
	"use_double_wide_mlp", NULL };

/* The fields each family reads (beyond the standard ones). */
static const char *const family_fields[][12] = {
	[FAM_STANDARD] = { NULL },
	[FAM_QWEN_NEXT] = { "linear_num_key_heads", "linear_num_value_heads",
	    NULL },
	[FAM_NEMOTRON_H] = { "hybrid_override_pattern", "mamba_num_heads",
	    "ssm_state_size", "mtp_hybrid_override_pattern",
	    "layers_block_type", NULL },
	[FAM_GRANITE_H] = { "mamba_n_heads", "mamba_d_state",
	    "layers_block_type", NULL },
	[FAM_LFM2] = { "conv_L_cache", "full_attn_idxs", NULL },
	[FAM_DECILM] = { "block_configs", NULL },
	[FAM_GEMMA4] = { "global_head_dim", "num_global_key_value_heads",
	    "num_kv_shared_layers", "use_double_wide_mlp", NULL },
	[FAM_GEMMA3N] = { "num_kv_shared_layers", NULL },
	[FAM_MIMO_V2] = { "hybrid_layer_pattern", "swa_num_key_value_heads",
	    "swa_head_dim", NULL },
	[FAM_DSA] = { "index_topk", "index_head_dim", "indexer_types", NULL },
	[FAM_LLAMA4] = { NULL },
	[FAM_MAMBA] = { NULL },
	[FAM_MAMBA2] = { NULL },
	[FAM_BAMBA] = { "mamba_n_heads", "mamba_d_state", "layers_block_type",
	    NULL },
	[FAM_JAMBA] = { "mamba_d_state", NULL },
	[FAM_FALCON_H1] = { "mamba_n_heads", "mamba_d_state", NULL },
	[FAM_ZAMBA2] = { "mamba_d_state", "layers_block_type", NULL },
	[FAM_KIMI_LINEAR] = { "linear_attn_config", NULL },
	[FAM_MINIMAX] = { "attn_type_list", NULL },
	[FAM_PLAMO2] = { "mamba_d_state", "mamba_num_heads", NULL },
	[FAM_STEP3P5] = { NULL },
	[FAM_WHISPER] = { NULL },
	[FAM_DSV4] = { "compress_ratios", "index_topk", "index_head_dim",
	    NULL },
	[FAM_UNKNOWN] = { NULL },
};

/*
 * Classes vLLM builds as standard attention, but with another MLP or KV
 * rule than the Llama layer (the file in vllm/model_executor/models/):
 * ungated, a two-matrix MLP (up and down, no gate); mq, Falcon's and
 * GPTBigCode's multi_query (default true): one KV head, unless Falcon's
 * new_decoder_architecture gives num_kv_heads; half, QWen's MLP of
 * intermediate_size / 2 per branch.
 */
static const struct {
	const char *arch;
	unsigned char ungated, mq, half;
} std_variants[] = {
	{ "PhiForCausalLM", 1, 0, 0 }, /* phi.py PhiMLP: fc1, fc2 */
	{ "Starcoder2ForCausalLM", 1, 0, 0 }, /* Starcoder2MLP: c_fc, c_proj */
	{ "NemotronForCausalLM", 1, 0, 0 }, /* NemotronMLP: up, down (relu2) */
	{ "ArceeForCausalLM", 1, 0, 0 }, /* ArceeMLP: up, down (relu2) */
	{ "ApertusForCausalLM", 1, 0, 0 }, /* ApertusMLP: up, down (xIELU) */
	{ "GPTNeoXForCausalLM", 1, 0, 0 }, /* dense_h_to_4h, dense_4h_to_h */
	{ "GPTJForCausalLM", 1, 0, 0 }, /* GPTJMLP: fc_in, fc_out */
	{ "GPT2LMHeadModel", 1, 0, 0 }, /* GPT2MLP: c_fc, c_proj */
	{ "GPTBigCodeForCausalLM", 1, 1, 0 }, /* GPTBigMLP; multi_query */
	{ "FalconForCausalLM", 1, 1, 0 }, /* FalconMLP; falcon.py KV heads */
	{ "RWForCausalLM", 1, 1, 0 },
	{ "BloomForCausalLM", 1, 0, 0 }, /* BloomMLP: dense_h_to_4h */
	{ "PersimmonForCausalLM", 1, 0, 0 }, /* PersimmonMLP: dense_h_to_4h */
	{ "FuyuForCausalLM", 1, 0, 0 }, /* fuyu.py: Persimmon's layers */
	{ "Jais2ForCausalLM", 1, 0, 0 }, /* Jais2MLP: up_proj, down_proj */
	{ "QWenLMHeadModel", 0, 0, 1 }, /* qwen.py QWenMLP(intermediate // 2) */
};

/*
 * Biases and learned positions of the classes above, as their vLLM model
 * files build them (vllm/model_executor/models/, commit 01768942): qkv, a
 * bias on the fused QKV projection; mask, MODEL_BIAS_* of the others; key,
 * the config switch of all the linear biases (NULL = always built, else
 * its default def); pos, the key of the nn.Embedding position table.
 * Every norm of these classes is a LayerNorm with a bias.
 */
static const struct {
	const char *arch, *key, *pos;
	unsigned char qkv, mask, def;
} std_biases[] = {
	/* gpt2.py: c_attn, c_proj, c_fc bias=True; ln_1, ln_2 nn.LayerNorm;
	 * wpe nn.Embedding(max_position_embeddings) */
	{ "GPT2LMHeadModel", NULL, "n_positions", 1,
	    MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_BIAS_NORM, 1 },
	/* gpt_bigcode.py: the same layout, multi_query c_attn */
	{ "GPTBigCodeForCausalLM", NULL, "n_positions", 1,
	    MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_BIAS_NORM, 1 },
	/* gpt_neox.py: query_key_value, dense, dense_h_to_4h, dense_4h_to_h
	 * bias=True; two nn.LayerNorm */
	{ "GPTNeoXForCausalLM", NULL, NULL, 1,
	    MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_BIAS_NORM, 1 },
	/* bloom.py: every linear bias=True, nn.LayerNorm, one more after the
	 * embedding (word_embeddings_layernorm); ALiBi, no position table */
	{ "BloomForCausalLM", NULL, NULL, 1,
	    MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_BIAS_NORM | MODEL_EMBED_NORM,
	    1 },
	/* gptj.py: qkv_proj, out_proj bias=False; fc_in, fc_out bias=True;
	 * ln_1 only; lm_head bias=True */
	{ "GPTJForCausalLM", NULL, NULL, 0,
	    MODEL_BIAS_MLP | MODEL_BIAS_NORM | MODEL_NORM_ONE | MODEL_BIAS_HEAD,
	    1 },
	/* falcon.py: bias=config.bias on every linear; one input_layernorm
	 * under parallel_attn unless num_ln_in_parallel_attn is 2 (the default
	 * of new_decoder_architecture), see apply_std_biases() */
	{ "FalconForCausalLM", "bias", NULL, 1,
	    MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_BIAS_NORM, 0 },
	{ "RWForCausalLM", "bias", NULL, 1,
	    MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_BIAS_NORM, 0 },
	/* starcoder2.py: bias=config.use_bias; nn.LayerNorm always */
	{ "Starcoder2ForCausalLM", "use_bias", NULL, 1,
	    MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_BIAS_NORM, 1 },
	/* phi.py: qkv_proj, dense, fc1, fc2 bias=True; one input_layernorm;
	 * lm_head bias=True */
	{ "PhiForCausalLM", NULL, NULL, 1,
	    MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_BIAS_NORM | MODEL_NORM_ONE |
		MODEL_BIAS_HEAD,
	    1 },
};

static const cJSON *
item(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return v != NULL && !cJSON_IsNull(v) ? v : NULL;
}

struct src {
	const cJSON *text, *root;
};

static const cJSON *
get(const struct src *s, const char *k)
{
	const cJSON *v = item(s->text, k);

	if (v == NULL && s->text != s->root)
		v = item(s->root, k);
	return v;
}

/* d as an int; INT_MIN (what x86's conversion gives) for a value beyond
 * int's range or NaN, whose conversion C leaves undefined. */
static int
int_of(double d)
{
	return d >= INT_MIN && d <= INT_MAX ? (int)d : INT_MIN;
}

static int
num(const struct src *s, const char *k, int def)
{
	const cJSON *v = get(s, k);

	return cJSON_IsNumber(v) && isfinite(v->valuedouble)
	    ? int_of(v->valuedouble)
	    : def;
}

static const char *
str(const struct src *s, const char *k)
{
	const cJSON *v = get(s, k);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int
boolean(const struct src *s, const char *k, int def)
{
	const cJSON *v = get(s, k);

	return cJSON_IsBool(v) ? cJSON_IsTrue(v) : def;
}

/* torch dtype string -> bytes, 0 when not given or "auto". */
static int
dtype_bytes(const char *t)
{
	if (t == NULL || strcmp(t, "auto") == 0)
		return 0;
	if (strstr(t, "float32") || strcmp(t, "float") == 0)
		return 4;
	if (strstr(t, "16") || strcmp(t, "half") == 0)
		return 2;
	return -1;
}

/* The class vLLM builds for arch: a bare model's decoder
 * (model_bare_class_find()), the causal class a sequence-classification
 * class converts (model_seq_cls_decoder()), the decoder a reward model
 * class holds (model_reward_class_decoder()), arch itself otherwise. */
static const char *
built_class(const char *arch)
{
	const struct model_bare_class *b = model_bare_class_find(arch);

	int nl;

	if (model_seq_cls_decoder(arch) != NULL)
		return model_seq_cls_decoder(arch);
	if (model_reward_class_decoder(arch, &nl) != NULL)
		return model_reward_class_decoder(arch, &nl);
	return b != NULL ? b->decoder : arch;
}

static enum family family_of(const char *arch, const char *mt);

int
hfarch_attention_free(const char *arch)
{
	enum family f = family_of(arch, NULL);

	return f == FAM_MAMBA || f == FAM_MAMBA2;
}

int
hfarch_is_refused(const char *arch, const char *mt, const char **why)
{
	size_t i;

	/* the encoder-only classes read_encoder() models, whatever the
	 * model_type rows below refuse */
	if (arch && family_of(arch, NULL) == FAM_ENCODER)
		return 0;
	for (i = 0; i < hfarch_n_refused; i++)
		if ((arch && strcmp(arch, hfarch_refused[i].what) == 0) ||
		    (mt && strcmp(mt, hfarch_refused[i].what) == 0)) {
			*why = hfarch_refused[i].why;
			return 1;
		}
	return 0;
}

/*
 * Architectures headroom reads that vLLM's registry has since dropped, with
 * the last release serving each (vllm/model_executor/models/registry.py
 * _PREVIOUSLY_SUPPORTED_MODELS, a stored copy listing up to OuroForCausalLM
 * "0.26.0"); a later release refuses them in vLLM's words (plan.c).  Those
 * the refusal table above names, and the families below, are not repeated.
 */
static const struct {
	const char *arch;
	int last;
} removed[] = {
	{ "Phi3SmallForCausalLM", VLLM_VER(0, 9, 2) },
	{ "MotifForCausalLM", VLLM_VER(0, 10, 2) },
	{ "Phi4MultimodalForCausalLM", VLLM_VER(0, 12, 0) },
	{ "JAISLMHeadModel", VLLM_VER(0, 22, 0) },
	{ "QWenLMHeadModel", VLLM_VER(0, 23, 0) },
	{ "QwenVLForConditionalGeneration", VLLM_VER(0, 23, 0) },
	{ "InternLMForCausalLM", VLLM_VER(0, 23, 0) },
	{ "XverseForCausalLM", VLLM_VER(0, 23, 0) },
	{ "Dots1ForCausalLM", VLLM_VER(0, 23, 0) },
	{ "MiniMaxVL01ForConditionalGeneration", VLLM_VER(0, 23, 0) },
	{ "BaiChuanForCausalLM", VLLM_VER(0, 23, 0) },
	{ "BaichuanForCausalLM", VLLM_VER(0, 23, 0) },
	{ "Tarsier2ForConditionalGeneration", VLLM_VER(0, 23, 0) },
	{ "AquilaModel", VLLM_VER(0, 24, 0) },
	{ "AquilaForCausalLM", VLLM_VER(0, 24, 0) },
	{ "Grok1ModelForCausalLM", VLLM_VER(0, 24, 0) },
	{ "Grok1ForCausalLM", VLLM_VER(0, 24, 0) },
	{ "TarsierForConditionalGeneration", VLLM_VER(0, 24, 0) },
	{ "MantisForConditionalGeneration", VLLM_VER(0, 24, 0) },
	{ "MusicFlamingoForConditionalGeneration", VLLM_VER(0, 24, 0) },
	{ "AyaVisionForConditionalGeneration", VLLM_VER(0, 24, 0) },
	{ "TeleChatForCausalLM", VLLM_VER(0, 25, 0) },
	{ "PersimmonForCausalLM", VLLM_VER(0, 25, 0) },
	{ "FuyuForCausalLM", VLLM_VER(0, 25, 0) },
	/* renamed, not removed: Ernie4_5ForCausalLM since #21735 (2025-07-28;
	 * a stored 0.10.0 registry.py still names the old class) */
	{ "Ernie4_5_ForCausalLM", VLLM_VER(0, 10, 0) },
};

int
hfarch_last_release(const char *arch)
{
	size_t i;

	for (i = 0; arch != NULL && i < sizeof removed / sizeof removed[0]; i++)
		if (strcmp(arch, removed[i].arch) == 0)
			return removed[i].last;
	for (i = 0; i < hfarch_n_refused; i++)
		if (arch && strcmp(arch, hfarch_refused[i].what) == 0)
			return hfarch_refused[i].last;
	if (family_of(arch, NULL) == FAM_BAMBA)
		return VLLM_VER(0, 23, 0); /* #45990 removed bamba.py */
	if (family_of(arch, NULL) == FAM_MINIMAX)
		return VLLM_VER(0, 23,
		    0); /* #45993 removed minimax_text_01.py */
	if (family_of(arch, NULL) == FAM_PLAMO2)
		return VLLM_VER(0, 26, 0);
	return 0;
}

static void __attribute__((format(printf, 2, 3)))
refuse(struct model *m, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (m->refusal != NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	m->refusal = xstrdup(buf);
}

/* The name a refusal gives m: its class, else its model_type, else
 * "config". */
static const char *
model_who(const struct model *m)
{
	const char *arch = m->architecture, *mt = m->model_type;

	return arch && *arch ? arch : mt && *mt ? mt : "config";
}

/*
 * m refused for a config field that changes memory in a way headroom does
 * not model for its class; why, when not NULL, is what the field is, said
 * in parentheses after its name.
 */
static void
refuse_field(struct model *m, const char *who, const char *field,
    const char *why)
{
	refuse(m,
	    "%s: config field '%s'%s%s%s changes vLLM's memory in a way "
	    "headroom does not model for this architecture.",
	    who, field, why ? " (" : "", why ? why : "", why ? ")" : "");
}

static void
layers_alloc(struct model *m)
{
	int i;

	if (m->ld != NULL)
		return;
	m->ld = calloc((size_t)(m->layers > 0 ? m->layers : 1), sizeof *m->ld);
	if (m->ld == NULL)
		abort();
	for (i = 0; i < m->layers; i++)
		m->ld[i].ffn = m->n_experts > 0 ? FFN_MOE : FFN_DENSE;
}

static void
kinds_alloc(struct model *m)
{
	if (m->layer_kind != NULL)
		return;
	m->layer_kind = calloc((size_t)(m->layers > 0 ? m->layers : 1), 1);
	if (m->layer_kind == NULL)
		abort();
}

static void
count_layers(struct model *m)
{
	int i;

	m->n_state_layers = m->n_nokv_layers = 0;
	m->n_sliding = m->n_chunked = 0;
	for (i = 0; i < m->layers; i++) {
		int mx = m->ld ? m->ld[i].mixer : MIXER_ATTENTION;

		if (mx == MIXER_MAMBA1 || mx == MIXER_MAMBA2 ||
		    mx == MIXER_GDN || mx == MIXER_SHORT_CONV ||
		    mx == MIXER_KDA || mx == MIXER_LIGHTNING ||
		    mx == MIXER_PLAMO2)
			m->n_state_layers++;
		else if (mx != MIXER_ATTENTION)
			m->n_nokv_layers++;
		else if (m->layer_kind && m->layer_kind[i] == LAYER_SLIDING)
			m->n_sliding++;
		else if (m->layer_kind && m->layer_kind[i] == LAYER_CHUNKED)
			m->n_chunked++;
	}
}

static const char *const attention_words[] = { "full_attention", "attention",
	"global", "sliding_attention", "sliding", "chunked_attention", NULL };

/* Is every layer_types word one an attention-only family uses? */
static int
check_layer_words(const struct src *s, struct model *m)
{
	const cJSON *lt = get(s, "layer_types"), *e;
	int i = 0, k, ok;

	cJSON_ArrayForEach(e, lt) {
		const char *t = cJSON_IsString(e) ? e->valuestring : "";

		for (ok = 0, k = 0; attention_words[k]; k++)
			ok |= strcmp(t, attention_words[k]) == 0;
		if (!ok) {
			refuse(m,
			    "%s: layer_types[%d] is '%s', a layer kind "
			    "headroom "
			    "does not model for this architecture.",
			    m->architecture && *m->architecture
				? m->architecture
				: "config",
			    i, t);
			return 0;
		}
		i++;
	}
	return 1;
}

/* The list lt (under key) with known words; -1 and *bad for a malformed
 * list. */
static int
read_layer_list(const cJSON *lt, const char *key, struct model *m, char *err,
    size_t errlen, const char **bad)
{
	int i;

	if (!cJSON_IsArray(lt) || cJSON_GetArraySize(lt) != m->layers) {
		*bad = key;
		snprintf(err, errlen,
		    "config: %s has %d entries but "
		    "num_hidden_layers is %d",
		    key, cJSON_GetArraySize(lt), m->layers);
		return -1;
	}
	layers_alloc(m);
	kinds_alloc(m);
	for (i = 0; i < m->layers; i++) {
		const cJSON *e = cJSON_GetArrayItem(lt, i);
		const char *t = cJSON_IsString(e) ? e->valuestring : "";

		m->layer_kind[i] = LAYER_FULL;
		m->ld[i].mixer = MIXER_ATTENTION;
		if (strcmp(t, "full_attention") == 0 ||
		    strcmp(t, "attention") == 0 || strcmp(t, "global") == 0)
			continue;
		if (strcmp(t, "sliding_attention") == 0 ||
		    strcmp(t, "sliding") == 0) {
			if (m->sliding_window > 0)
				m->layer_kind[i] = LAYER_SLIDING;
		} else if (strcmp(t, "chunked_attention") == 0) {
			m->layer_kind[i] = LAYER_CHUNKED;
		} else if (strcmp(t, "linear_attention") == 0) {
			m->ld[i].mixer = MIXER_GDN;
		} else if (strcmp(t, "mamba") == 0) {
			m->ld[i].mixer = MIXER_MAMBA2;
		} else if (strcmp(t, "conv") == 0) {
			m->ld[i].mixer = MIXER_SHORT_CONV;
		} else {
			refuse(m,
			    "%s: layer_types[%d] is '%s', a layer kind "
			    "headroom "
			    "does not model.",
			    m->architecture && *m->architecture
				? m->architecture
				: "config",
			    i, t);
			return 0;
		}
	}
	return 0;
}

/* layer_types, when the config has it (read_layer_list) */
static int
read_layer_types(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *lt = get(s, "layer_types");

	return lt == NULL
	    ? 0
	    : read_layer_list(lt, "layer_types", m, err, errlen, bad);
}

/* Qwen3-Next / Qwen3.5 / Qwen3.6 (qwen3_next.py, qwen3_5.py) */
static int
read_qwen_next(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	int i, interval = num(s, "full_attention_interval", 4);
	const char *ssm = str(s, "mamba_ssm_dtype");

	if (get(s, "layer_types") != NULL) {
		if (read_layer_types(s, m, err, errlen, bad) != 0)
			return -1;
	} else {
		layers_alloc(m);
		for (i = 0; i < m->layers; i++)
			m->ld[i].mixer = (i + 1) % (interval > 0 ? interval : 4)
			    ? MIXER_GDN
			    : MIXER_ATTENTION;
	}
	m->st.lin_k_heads = num(s, "linear_num_key_heads", 0);
	m->st.lin_v_heads = num(s, "linear_num_value_heads", 0);
	m->st.lin_k_dim = num(s, "linear_key_head_dim", 0);
	m->st.lin_v_dim = num(s, "linear_value_head_dim", 0);
	m->st.lin_conv = num(s, "linear_conv_kernel_dim", 4);
	if (m->st.lin_k_heads <= 0 || m->st.lin_v_heads <= 0 ||
	    m->st.lin_k_dim <= 0 || m->st.lin_v_dim <= 0) {
		*bad = "linear_num_key_heads";
		snprintf(err, errlen,
		    "config: the linear-attention sizes "
		    "(linear_num_key_heads, linear_num_value_heads, "
		    "linear_key_head_dim, linear_value_head_dim) must be "
		    "positive");
		return -1;
	}
	m->st.ssm_dtype_bytes = dtype_bytes(ssm);
	if (m->st.ssm_dtype_bytes < 0) {
		*bad = "mamba_ssm_dtype";
		snprintf(err, errlen,
		    "config: mamba_ssm_dtype '%s' is not a dtype "
		    "headroom knows",
		    ssm);
		return -1;
	}
	m->attn_output_gate = boolean(s, "attn_output_gate", 1);
	m->mtp_layers = num(s, "mtp_num_hidden_layers", 0);
	m->mtp_shared_head = !boolean(s, "mtp_use_dedicated_embeddings", 0);
	/* mlp_only_layers: dense MLP instead of MoE */
	{
		const cJSON *mo = get(s, "mlp_only_layers");
		const cJSON *e;

		cJSON_ArrayForEach(e, mo)
			if (cJSON_IsNumber(e) && e->valueint >= 0 &&
			    e->valueint < m->layers)
				m->ld[e->valueint].ffn = FFN_DENSE;
	}
	return 0;
}

/*
 * layers_block_type as transformers' NemotronHConfig reads it (models/
 * nemotron_h/configuration_nemotron_h.py): the list wins over
 * hybrid_override_pattern, and the model (nemotron_h.py) reads it back as
 * that pattern, mamba M, moe E, attention *, mlp - (vLLM's MLP layer).
 * The pattern is written into buf (n + 1 bytes); -1 on a word it lacks.
 */
static int
nemotron_h_pattern(const cJSON *lb, char *buf, int n, char *err, size_t errlen,
    const char **bad)
{
	static const struct {
		const char *word;
		char c;
	} words[] = { { "mamba", 'M' }, { "moe", 'E' }, { "attention", '*' },
		{ "mlp", '-' } };
	const cJSON *e;
	int i = 0;
	size_t k;

	cJSON_ArrayForEach(e, lb) {
		for (k = 0; k < sizeof words / sizeof words[0]; k++)
			if (cJSON_IsString(e) &&
			    strcmp(e->valuestring, words[k].word) == 0)
				break;
		if (k == sizeof words / sizeof words[0] || i >= n) {
			*bad = "layers_block_type";
			if (i >= n)
				snprintf(err, errlen,
				    "config: layers_block_type must have "
				    "one word per layer (%d)",
				    n);
			else
				snprintf(err, errlen,
				    "config: layers_block_type[%d] is not "
				    "one of mamba, moe, attention, mlp",
				    i);
			return -1;
		}
		buf[i++] = words[k].c;
	}
	buf[i] = '\0';
	return 0;
}

/* The config keys of a Mamba2 mixer's sizes in one family, and the defaults
 * of the two that have one in some families. */
struct mamba2_keys {
	const char *heads, *head_dim, *groups, *state, *conv, *chunk;
	int head_dim_def, state_def;
};

static const struct mamba2_keys NEMOTRON_H_KEYS = { "mamba_num_heads",
	"mamba_head_dim", "n_groups", "ssm_state_size", "conv_kernel",
	"chunk_size", 0, 0 };
static const struct mamba2_keys MAMBA2_KEYS = { "num_heads", "head_dim",
	"n_groups", "state_size", "conv_kernel", "chunk_size", 64, 128 };
/* Bamba, Falcon-H1, Granite 4.0-H */
static const struct mamba2_keys MAMBA_PREFIXED_KEYS = { "mamba_n_heads",
	"mamba_d_head", "mamba_n_groups", "mamba_d_state", "mamba_d_conv",
	"mamba_chunk_size", 0, 0 };

/* Reads the heads, head size, groups, state size, conv kernel (default 4)
 * and chunk size (default 256) of a Mamba2 mixer under the keys k names. */
static void
read_mamba2_sizes(const struct src *s, struct model *m,
    const struct mamba2_keys *k)
{
	m->st.mamba_heads = num(s, k->heads, 0);
	m->st.mamba_head_dim = num(s, k->head_dim, k->head_dim_def);
	m->st.n_groups = num(s, k->groups, 1);
	m->st.d_state = num(s, k->state, k->state_def);
	m->st.d_conv = num(s, k->conv, 4);
	m->st.chunk_size = num(s, k->chunk, 256);
}

/* -1 with the heads key as *bad unless heads, head size and state size are
 * positive */
static int
check_mamba2_sizes(const struct model *m, const struct mamba2_keys *k,
    char *err, size_t errlen, const char **bad)
{
	if (m->st.mamba_heads > 0 && m->st.mamba_head_dim > 0 &&
	    m->st.d_state > 0)
		return 0;
	*bad = k->heads;
	snprintf(err, errlen, "config: %s, %s and %s must be positive",
	    k->heads, k->head_dim, k->state);
	return -1;
}

/*
 * Nemotron-H's layers from hybrid_override_pattern (or layers_block_type):
 * M Mamba2, * attention, - a dense MLP, E the experts, one per layer.
 */
static int
nemotron_h_layers(const struct src *s, struct model *m, char *err,
    size_t errlen, const char **bad)
{
	const char *pat = str(s, "hybrid_override_pattern");
	const cJSON *lb = get(s, "layers_block_type");
	char *words = NULL;
	int i, n;

	if (cJSON_IsArray(lb)) {
		words = xmalloc((size_t)m->layers + 1);
		if (nemotron_h_pattern(lb, words, m->layers, err, errlen,
			bad) != 0) {
			free(words);
			return -1;
		}
		pat = words;
	}
	if (pat == NULL || (n = (int)strlen(pat)) != m->layers) {
		free(words);
		*bad = "hybrid_override_pattern";
		snprintf(err, errlen,
		    "config: hybrid_override_pattern must have one "
		    "character per layer (%d)",
		    m->layers);
		return -1;
	}
	layers_alloc(m);
	for (i = 0; i < n; i++) {
		struct layer_desc *d = &m->ld[i];

		d->ffn = FFN_NONE;
		switch (pat[i]) {
		case 'M': d->mixer = MIXER_MAMBA2; break;
		case '*': d->mixer = MIXER_ATTENTION; break;
		case '-':
			d->mixer = MIXER_NONE;
			d->ffn = FFN_DENSE;
			break;
		case 'E':
			d->mixer = MIXER_NONE;
			d->ffn = FFN_MOE;
			break;
		default:
			*bad = "hybrid_override_pattern";
			snprintf(err, errlen,
			    "config: hybrid_override_pattern[%d] is "
			    "'%c'; headroom knows M, *, - and E",
			    i, pat[i]);
			free(words);
			return -1;
		}
	}
	free(words);
	return 0;
}

/* Nemotron-H, Nemotron 3 (nemotron_h.py): one character per layer */
static int
read_nemotron_h(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const char *ssm = str(s, "mamba_ssm_cache_dtype");

	if (nemotron_h_layers(s, m, err, errlen, bad) != 0)
		return -1;
	read_mamba2_sizes(s, m, &NEMOTRON_H_KEYS);
	m->st.mamba_intermediate = m->st.mamba_heads * m->st.mamba_head_dim;
	if (check_mamba2_sizes(m, &NEMOTRON_H_KEYS, err, errlen, bad) != 0)
		return -1;
	/* NemotronHForCausalLMConfig: the config's dtype, else the release's
	 * default (plan.c) */
	m->st.ssm_hook = STATE_SSM_HOOK_NEMOTRON_H;
	m->st.ssm_dtype_bytes = ssm ? dtype_bytes(ssm) : 0;
	if (ssm && m->st.ssm_dtype_bytes <= 0) {
		*bad = "mamba_ssm_cache_dtype";
		snprintf(err, errlen,
		    "config: mamba_ssm_cache_dtype '%s' is not a "
		    "dtype headroom knows",
		    ssm ? ssm : "");
		return -1;
	}
	/* NemotronHForCausalLM implements SupportsMambaPrefixCaching */
	m->st.prefix_all = 1;
	m->ffn_ungated = 1; /* relu2: up and down only */
	if (num(s, "attention_head_dim", 0) > 0)
		m->head_dim = num(s, "attention_head_dim", 0);
	if (m->n_experts > 0) {
		m->shared_intermediate =
		    num(s, "moe_shared_expert_intermediate_size", 0);
		m->n_shared_experts = m->shared_intermediate > 0
		    ? num(s, "n_shared_experts", 1)
		    : 0;
		m->moe_latent = num(s, "moe_latent_size", 0);
		m->first_dense_layers = 0;
		m->moe_layer_step = 1;
	}
	m->mtp_layers = num(s, "num_nextn_predict_layers", 0);
	return 0;
}

/*
 * Granite 4.0 and 4.0-H (granitemoehybrid.py, transformers'
 * GraniteMoeHybridConfig): the experts, when num_local_experts (default 8)
 * is above 0, and the shared MLP of shared_intermediate_size (default 1024)
 * in every layer; a model without experts (Granite 4.0 Micro, 4.0-H Micro)
 * has the shared MLP as its only FFN, intermediate_size unread.
 */
static void
granite_h_ffn(const struct src *s, struct model *m)
{
	int experts = num(s, "num_local_experts", 8),
	    shared = num(s, "shared_intermediate_size", 1024);

	m->n_shared_experts = 0;
	m->shared_intermediate = 0;
	if (experts <= 0) {
		m->n_experts = 0;
		m->experts_per_tok = 0;
		m->moe_intermediate = 0;
		m->intermediate = shared;
		return;
	}
	m->n_experts = experts;
	m->experts_per_tok = num(s, "num_experts_per_tok", 2);
	m->moe_intermediate = m->intermediate;
	m->first_dense_layers = 0;
	m->moe_layer_step = 1;
	if (shared > 0) {
		m->shared_intermediate = shared;
		m->n_shared_experts = 1;
	}
}

/*
 * Granite 4.0-H's layers: layer_types, or layers_block_type, which
 * GraniteMoeHybridConfig's attribute_map stores as layer_types; vLLM
 * indexes config.layer_types, so a config with neither does not load.
 */
static int
granite_h_layers(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const char *key = "layer_types";
	const cJSON *lt = get(s, key);
	int i;

	if (lt == NULL) {
		key = "layers_block_type";
		lt = get(s, key);
	}
	if (lt == NULL) {
		*bad = "layer_types";
		snprintf(err, errlen,
		    "config: GraniteMoeHybridForCausalLM needs layer_types "
		    "(vLLM reads config.layer_types for every layer)");
		return -1;
	}
	for (i = 0; i < cJSON_GetArraySize(lt); i++) {
		const cJSON *e = cJSON_GetArrayItem(lt, i);

		if (!cJSON_IsString(e) ||
		    (strcmp(e->valuestring, "mamba") != 0 &&
			strcmp(e->valuestring, "attention") != 0)) {
			*bad = key;
			snprintf(err, errlen,
			    "config: %s[%d]: layer_types must be a list "
			    "strings in  [`mamba` `attention`]",
			    key, i);
			return -1;
		}
	}
	return read_layer_list(lt, key, m, err, errlen, bad);
}

/* Granite 4.0-H (granitemoehybrid.py) */
static int
read_granite_h(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	int i, heads = num(s, "mamba_n_heads", 128);
	const char *pos;

	granite_h_ffn(s, m);
	if (granite_h_layers(s, m, err, errlen, bad) != 0)
		return -1;
	/* GraniteMoeHybridAttention: head_dim = hidden_size / heads, and a
	 * rotary embedding only for position_embedding_type "rope" (the
	 * config's default is None; 4.0-H checkpoints say "nope") */
	if (m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	pos = str(s, "position_embedding_type");
	m->rotary_dim =
	    pos != NULL && strcmp(pos, "rope") == 0 ? m->head_dim : 0;
	read_mamba2_sizes(s, m, &MAMBA_PREFIXED_KEYS);
	m->st.mamba_intermediate = num(s, "mamba_expand", 2) * m->hidden;
	/* the config's defaults: 128 heads, state 256, head size "auto" */
	m->st.mamba_heads = heads;
	m->st.d_state = num(s, "mamba_d_state", 256);
	if (!cJSON_IsNumber(get(s, "mamba_d_head")) && heads > 0)
		m->st.mamba_head_dim = m->st.mamba_intermediate / heads;
	if (check_mamba2_sizes(m, &MAMBA_PREFIXED_KEYS, err, errlen, bad) != 0)
		return -1;
	m->st.prefix_all = 1;
	/* no experts and no shared MLP: the layers skip their FFN */
	for (i = 0; i < m->layers && m->n_experts == 0 && m->intermediate <= 0;
	     i++)
		m->ld[i].ffn = FFN_NONE;
	for (i = 0; i < m->layers && m->ld[i].mixer == MIXER_ATTENTION; i++)
		;
	if (m->assumption != NULL)
		return 0;
	/* ModelConfig.is_hybrid: attention in every layer is not a hybrid */
	m->assumption = xstrdup(i == m->layers
		? "Granite 4.0 (attention in every layer): no real vLLM "
		  "startup checked yet"
		: "Granite 4.0-H: block size, state padding, KV tokens and "
		  "concurrency match real vLLM startups (4.0-H Small, 0.11.1; "
		  "4.0-H 1B, 0.19.0; prefix caching off), the activation and "
		  "CUDA-graph estimates are fitted on attention models and "
		  "not measured for it; Mamba prefix caching taken as mode "
		  "'all' like Nemotron-H");
	return 0;
}

/*
 * LFM2's layers from full_attn_idxs, the form of the first LFM2 configs
 * (no layer_types): transformers' Lfm2Config writes layer_types from it,
 * "full_attention" at the listed indices and "conv" elsewhere, and vLLM's
 * lfm2.py reads that list.  -1 with err and *bad for an index outside the
 * layers.
 */
static int
read_lfm2_attn_idxs(const cJSON *ix, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *e;
	int i;

	layers_alloc(m);
	kinds_alloc(m);
	for (i = 0; i < m->layers; i++) {
		m->layer_kind[i] = LAYER_FULL;
		m->ld[i].mixer = MIXER_SHORT_CONV;
	}
	i = 0;
	cJSON_ArrayForEach(e, ix) {
		int k = cJSON_IsNumber(e) ? int_of(e->valuedouble) : -1;

		if (k < 0 || k >= m->layers) {
			*bad = "full_attn_idxs";
			snprintf(err, errlen,
			    "config: full_attn_idxs[%d] is not a layer index "
			    "from 0 to %d",
			    i, m->layers - 1);
			return -1;
		}
		m->ld[k].mixer = MIXER_ATTENTION;
		i++;
	}
	return 0;
}

/*
 * LFM2 (lfm2.py): conv layers and full attention.  LFM2-MoE (lfm2_moe.py)
 * lays out the same layers; its first num_dense_layers (default 2,
 * vllm/transformers_utils/configs/lfm2_moe.py) hold Lfm2MoeMlp of
 * intermediate_size, the others num_experts experts of
 * moe_intermediate_size behind a replicated gate.
 */
static int
read_lfm2(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	int ff = num(s, "block_ff_dim", m->intermediate),
	    mult = num(s, "block_multiple_of", 256), i;
	const cJSON *fm = get(s, "block_ffn_dim_multiplier"),
		    *ix = get(s, "full_attn_idxs");

	if (get(s, "layer_types") == NULL && cJSON_IsArray(ix)) {
		if (read_lfm2_attn_idxs(ix, m, err, errlen, bad) != 0)
			return -1;
	} else if (read_layer_types(s, m, err, errlen, bad) != 0)
		return -1;
	m->st.conv_l_cache = num(s, "conv_L_cache", 3);
	if (m->architecture != NULL &&
	    strcmp(m->architecture, "Lfm2MoeForCausalLM") == 0) {
		m->first_dense_layers = num(s, "num_dense_layers", 2);
		if (m->first_dense_layers < 0 ||
		    m->first_dense_layers > m->layers) {
			*bad = "num_dense_layers";
			snprintf(err, errlen,
			    "config: num_dense_layers must be from 0 to "
			    "num_hidden_layers (%d)",
			    m->layers);
			return -1;
		}
		for (i = 0; m->ld != NULL && i < m->first_dense_layers; i++)
			m->ld[i].ffn = FFN_DENSE;
		return 0;
	}
	/* Lfm2MLP: 2/3 of block_ff_dim, times the multiplier, to a multiple */
	if (boolean(s, "block_auto_adjust_ff_dim", 0)) {
		ff = 2 * ff / 3;
		if (cJSON_IsNumber(fm))
			ff = int_of(fm->valuedouble * ff);
		if (mult > 0)
			ff = mult * ((ff + mult - 1) / mult);
	}
	m->intermediate = ff;
	return 0;
}

static int
find_multiple(int n, int k)
{
	return n % k == 0 ? n : n + k - n % k;
}

/*
 * Block i's attention a into d: none, a linear replacement, or attention
 * with num_attention_heads / n_heads_in_group KV heads (no window, no sink
 * tokens).  -1 with err and *bad set.
 */
static int
decilm_attention(const cJSON *a, const struct model *m, struct layer_desc *d,
    int i, char *err, size_t errlen, const char **bad)
{
	const cJSON *g = item(a, "n_heads_in_group");

	if (cJSON_IsTrue(item(a, "no_op"))) {
		d->mixer = MIXER_NONE;
		return 0;
	}
	if (cJSON_IsTrue(item(a, "replace_with_linear"))) {
		d->mixer = MIXER_NONE;
		d->linear_mixer = 1;
		return 0;
	}
	if (!cJSON_IsNumber(g) || g->valueint <= 0 ||
	    m->heads % g->valueint != 0) {
		*bad = "block_configs";
		snprintf(err, errlen,
		    "config: block_configs[%d].attention."
		    "n_heads_in_group must divide "
		    "num_attention_heads",
		    i);
		return -1;
	}
	if (item(a, "window_length") != NULL ||
	    item(a, "num_sink_tokens") != NULL) {
		*bad = "block_configs";
		snprintf(err, errlen,
		    "config: block_configs[%d].attention "
		    "has a window or sink tokens; headroom "
		    "does not model "
		    "them",
		    i);
		return -1;
	}
	d->mixer = MIXER_ATTENTION;
	d->kv_heads = m->heads / g->valueint;
	return 0;
}

/*
 * Block i's FFN f into d: none, a linear replacement, or a dense MLP whose
 * width ffn_mult gives.  -1 with err and *bad set.
 */
static int
decilm_ffn(const cJSON *f, const struct model *m, struct layer_desc *d, int i,
    char *err, size_t errlen, const char **bad)
{
	const cJSON *mult = item(f, "ffn_mult");

	if (cJSON_IsTrue(item(f, "no_op"))) {
		d->ffn = FFN_NONE;
		return 0;
	}
	if (cJSON_IsTrue(item(f, "replace_with_linear"))) {
		d->ffn = FFN_NONE;
		d->linear_ffn = 1;
		return 0;
	}
	if (!cJSON_IsNumber(mult) || mult->valuedouble <= 0) {
		*bad = "block_configs";
		snprintf(err, errlen,
		    "config: block_configs[%d].ffn.ffn_mult "
		    "must be a positive number",
		    i);
		return -1;
	}
	/* _ffn_mult_to_intermediate_size() */
	d->ffn = FFN_DENSE;
	d->ffn_intermediate =
	    find_multiple((int)(2 * mult->valuedouble * m->hidden / 3), 256);
	return 0;
}

/* DeciLM / Llama-Nemotron NAS (nemotron_nas.py): a config per block */
static int
read_decilm(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *bc = get(s, "block_configs"), *b;
	int i = 0;

	if (!cJSON_IsArray(bc) || cJSON_GetArraySize(bc) != m->layers) {
		*bad = "block_configs";
		snprintf(err, errlen,
		    "config: block_configs must have one entry per "
		    "layer (%d)",
		    m->layers);
		return -1;
	}
	layers_alloc(m);
	cJSON_ArrayForEach(b, bc) {
		struct layer_desc *d = &m->ld[i];

		if (decilm_attention(item(b, "attention"), m, d, i, err, errlen,
			bad) != 0 ||
		    decilm_ffn(item(b, "ffn"), m, d, i, err, errlen, bad) != 0)
			return -1;
		i++;
	}
	/* the standard reader fell back to num_attention_heads for null */
	m->kv_heads = m->heads / 8;
	for (i = 0; i < m->layers; i++)
		if (m->ld[i].mixer == MIXER_ATTENTION) {
			m->kv_heads = m->ld[i].kv_heads;
			break;
		}
	return 0;
}

/* Gemma4Processor's default audio_seq_length (transformers
 * models/gemma4/processing_gemma4.py): the tokens of the longest clip */
#define GEMMA4_AUDIO_TOKENS 750

/* ac's number k, or def where it is absent or not a number. */
static double
number_or(const cJSON *ac, const char *k, double def)
{
	const cJSON *v = item(ac, k);

	return cJSON_IsNumber(v) ? v->valuedouble : def;
}

/*
 * Gemma 4's audio tower as transformers' Gemma4AudioModel builds it
 * (models/gemma4/modeling_gemma4.py; gemma4_mm.py loads it through
 * AutoModel.from_config and replaces its linears by replicated ones):
 * two 3x3 sub-sample convolutions without bias, each with a LayerNorm's
 * weight, the input projection from (channels[0] / 4) x channels[1] to h;
 * num_hidden_layers Conformer blocks of two feed-forward halves (h -> 4h
 * -> h and two norms each), attention's q, k, v, post and relative_k_proj
 * (5 h^2) with per_dim_scale (h / heads), the light convolution's
 * linear_start (2 h^2), linear_end (h^2), depthwise kernel (k h) and two
 * norms, and three more norms: 24 h^2 + k h + 9 h + h / heads a block;
 * output_proj (h -> output_proj_dims, with bias); and Gemma4Multimodal-
 * Embedder's embedding_projection (output_proj_dims -> the text width,
 * its norm weightless).  The clipped linears' four scalar buffers and the
 * position table (under 3 KB) are not counted.
 */
static double
gemma4_audio_params(const cJSON *ac, double text)
{
	const cJSON *ch = item(ac, "subsampling_conv_channels");
	double h = number_or(ac, "hidden_size", 1024);
	double layers = number_or(ac, "num_hidden_layers", 12);
	double heads = number_or(ac, "num_attention_heads", 8);
	double k = number_or(ac, "conv_kernel_size", 5);
	double out = number_or(ac, "output_proj_dims", 1536);
	double c0 = 128, c1 = 32;

	if (cJSON_IsArray(ch) && cJSON_GetArraySize(ch) == 2 &&
	    cJSON_IsNumber(cJSON_GetArrayItem(ch, 0)) &&
	    cJSON_IsNumber(cJSON_GetArrayItem(ch, 1))) {
		c0 = cJSON_GetArrayItem(ch, 0)->valuedouble;
		c1 = cJSON_GetArrayItem(ch, 1)->valuedouble;
	}
	if (h <= 0 || layers <= 0 || heads <= 0 || out <= 0)
		return 0;
	return c0 * 9 + c0 + c1 * c0 * 9 + c1 + floor(c0 / 4) * c1 * h +
	    layers * (24 * h * h + k * h + 9 * h + h / heads) + h * out + out +
	    out * text;
}

/*
 * The cache width of Gemma 4's full-attention RoPE: gemma4.py calls
 * get_rope() with the layer type's rope_parameters entry (the whole
 * rope_parameters in the legacy form); a "proportional" one is
 * Gemma4RotaryEmbedding, which hands its base class rotary_dim = head_size
 * whatever partial_rotary_factor (gemma4_rope.py), any other is
 * head_size x partial_rotary_factor wide.
 */
static int
gemma4_full_rope_dim(const struct src *s, int head)
{
	const cJSON *rp = get(s, "rope_parameters"), *o, *ty, *f;

	if (!cJSON_IsObject(rp))
		return head;
	o = cJSON_GetObjectItemCaseSensitive(rp, "full_attention");
	if (!cJSON_IsObject(o))
		o = rp;
	ty = cJSON_GetObjectItemCaseSensitive(o, "rope_type");
	if (cJSON_IsString(ty) && strcmp(ty->valuestring, "proportional") == 0)
		return head;
	f = cJSON_GetObjectItemCaseSensitive(o, "partial_rotary_factor");
	if (cJSON_IsNumber(f) && f->valuedouble > 0 && f->valuedouble <= 1)
		return (int)(head * f->valuedouble);
	return head;
}

/* Gemma 4's layers (gemma4.py): the full layers with their own head size and
 * KV heads, the last num_kv_shared_layers reading an earlier layer's KV, and
 * the full layers' second rope cache */
static int
gemma4_read_layers(const struct src *s, struct model *m, char *err,
    size_t errlen, const char **bad)
{
	int ghd = num(s, "global_head_dim", m->head_dim);
	int gkv = num(s, "num_global_key_value_heads", m->kv_heads);
	int shared = num(s, "num_kv_shared_layers", 0), i;
	int k_eq_v = boolean(s, "attention_k_eq_v", 0), full = 0;
	int double_wide = boolean(s, "use_double_wide_mlp", 0);

	if (shared < 0 || shared >= m->layers) {
		*bad = "num_kv_shared_layers";
		snprintf(err, errlen,
		    "config: num_kv_shared_layers must be in [0, %d)",
		    m->layers);
		return -1;
	}
	for (i = 0; i < m->layers; i++) {
		struct layer_desc *d = &m->ld[i];

		if (m->layer_kind == NULL || m->layer_kind[i] == LAYER_FULL) {
			d->head_dim = ghd;
			d->v_head_dim = ghd;
			d->kv_heads = gkv;
			d->k_eq_v = (unsigned char)k_eq_v;
			full++;
		}
		/* the last num_kv_shared_layers read an earlier layer's KV;
		 * with use_double_wide_mlp their MLP is twice as wide
		 * (Gemma4DecoderLayer: is_kv_shared_layer needs shared > 0) */
		if (i >= m->layers - shared && shared > 0) {
			d->mixer = MIXER_SHARED;
			if (double_wide)
				d->ffn_intermediate = 2 * m->intermediate;
		}
		if (m->n_experts > 0)
			d->ffn = FFN_MOE;
	}
	/* the sliding layers' get_rope() is rotary_dim wide; the full layers,
	 * with their own rope_parameters, get a second cache of the same
	 * max_position_embeddings rows */
	if (full > 0 && full < m->layers && m->rotary_dim > 0)
		m->rope2_dim = gemma4_full_rope_dim(s, ghd);
	return 0;
}

/* Gemma 4's audio tower (gemma4_mm.py): the per-layer inputs buffer and,
 * for a config with audio_config, the tower's parameters and its clips */
static int
gemma4_read_audio(const struct src *s, struct model *m, char *err,
    size_t errlen, const char **bad)
{
	const cJSON *ac = item(s->root, "audio_config");

	m->ple_buffer = m->ple_hidden > 0;
	if (!cJSON_IsObject(ac))
		return 0;
	m->audio_params = gemma4_audio_params(ac, m->hidden);
	if (m->audio_params <= 0) {
		*bad = "audio_config";
		snprintf(err, errlen,
		    "config: audio_config has no positive "
		    "hidden_size and num_hidden_layers");
		return -1;
	}
	m->audio_skip_since = VLLM_VER_OLDEST;
	/* Gemma4Processor's audio_seq_length (750), the
	 * largest clip get_mm_max_tokens_per_item gives */
	m->mm_audio_tokens = GEMMA4_AUDIO_TOKENS;
	return 0;
}

/* Gemma 4 (gemma4.py): global layers with their own head size and KV heads */
static int
read_gemma4(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	if (read_layer_types(s, m, err, errlen, bad) != 0)
		return -1;
	layers_alloc(m);
	if (gemma4_read_layers(s, m, err, errlen, bad) != 0)
		return -1;
	if (m->n_experts > 0) {
		/* enable_moe_block: a dense MLP beside the experts in every layer */
		m->dense_intermediate = m->intermediate;
		m->moe_with_dense = boolean(s, "enable_moe_block", 1);
		m->experts_per_tok =
		    num(s, "top_k_experts", m->experts_per_tok);
	}
	m->ple_hidden = num(s, "hidden_size_per_layer_input", 0);
	m->ple_vocab = num(s, "vocab_size_per_layer_input", m->vocab);
	m->interleaved_swa = 1;
	/* gemma4_mm.py (Gemma4ForConditionalGeneration.__init__): the
	 * per-layer inputs buffer, max_num_batched_tokens x layers x
	 * hidden_size_per_layer_input zeros in the model dtype, allocated
	 * with the model; and for a config with audio_config (E2B, E4B) the
	 * audio tower and its embedder, inside _mark_tower_model(vllm_config,
	 * "audio"): not built at an audio limit of 0, in every release that
	 * serves the class (gemma4_mm.py came after the towers moved into
	 * those context managers, doc/estimates.md) */
	if (strcmp(m->architecture, "Gemma4ForConditionalGeneration") == 0)
		return gemma4_read_audio(s, m, err, errlen, bad);
	return 0;
}

/*
 * A Gemma3nMultimodalEmbedder (gemma3n_mm.py): vocab_size hard-token rows
 * of the tower's width, two norms of it, the projection to the text width
 * and a weightless norm.
 */
static double
gemma3n_embedder_params(const struct src *s, const char *tower, double width,
    double text)
{
	const cJSON *c = item(s->root, tower);
	double v = number_or(c, "vocab_size", 128);

	width = number_or(c, "hidden_size", width);
	return v * width + 2 * width + width * text;
}

/*
 * Gemma 3n's audio tower (transformers' Gemma3nAudioEncoder, built whole by
 * gemma3n_mm.py's AutoModel.from_config): the sub-sample convolutions and
 * their input projection, then conf_num_hidden_layers Conformer blocks of
 * q, k, v, the relative-position projection and the output (5 h^2), two
 * feed-forward halves (h -> 4h -> h each, 16 h^2), the light convolution's
 * linear_start (2 h^2), linear_end (h^2) and depthwise kernel, nine norms
 * and the per-head scale.
 */
static double
gemma3n_audio_params(const cJSON *ac)
{
	const cJSON *ch = item(ac, "sscp_conv_channel_size");
	double h = number_or(ac, "hidden_size", 0);
	double layers = number_or(ac, "conf_num_hidden_layers", 0);
	double k = number_or(ac, "conf_conv_kernel_size", 5);
	double heads = number_or(ac, "conf_num_attention_heads", 8);
	double feat = number_or(ac, "input_feat_size", 128);
	double c0 = 128, c1 = 32;

	if (cJSON_IsArray(ch) && cJSON_GetArraySize(ch) == 2 &&
	    cJSON_IsNumber(cJSON_GetArrayItem(ch, 0)) &&
	    cJSON_IsNumber(cJSON_GetArrayItem(ch, 1))) {
		c0 = cJSON_GetArrayItem(ch, 0)->valuedouble;
		c1 = cJSON_GetArrayItem(ch, 1)->valuedouble;
	}
	if (h <= 0 || layers <= 0 || heads <= 0)
		return 0;
	/* 3x3 kernels, stride 2 in frequency twice: feat / 4 bins remain */
	return c0 * 9 + c0 + c1 * c0 * 9 + c1 + h * c1 * (feat / 4) +
	    layers * (24 * h * h + k * h + 9 * h + h / heads);
}

/* MobileNetV5's parameters as KerasHub publishes them (keras-team/keras-hub
 * keras_hub/src/models/mobilenetv5/mobilenetv5_presets.py @b93373a, preset
 * mobilenetv5_300m_enc_gemma3n); vision_config only names the network */
#define GEMMA3N_VISION_PARAMS 294284096.0

/* intermediate_size as a list, one size per layer (Gemma3nTextConfig,
 * MatFormer): into m->ld; a number was read with the standard fields. */
static int
gemma3n_intermediate(const struct src *s, struct model *m, char *err,
    size_t errlen, const char **bad)
{
	const cJSON *is = get(s, "intermediate_size"), *e;
	int i = 0;

	if (!cJSON_IsArray(is))
		return 0;
	if (cJSON_GetArraySize(is) != m->layers) {
		*bad = "intermediate_size";
		snprintf(err, errlen,
		    "config: intermediate_size has %d entries but "
		    "num_hidden_layers is %d",
		    cJSON_GetArraySize(is), m->layers);
		return -1;
	}
	cJSON_ArrayForEach(e, is) {
		if (!cJSON_IsNumber(e) || e->valuedouble < 1 ||
		    e->valuedouble > (1 << 26)) {
			*bad = "intermediate_size";
			snprintf(err, errlen,
			    "config: intermediate_size[%d] is not a whole "
			    "number from 1 to %d",
			    i, 1 << 26);
			return -1;
		}
		m->ld[i++].ffn_intermediate = (int)e->valuedouble;
	}
	m->intermediate = m->ld[0].ffn_intermediate;
	return 0;
}

/* What vLLM's Gemma 3n classes refuse themselves; 1 when m is refused. */
static int
gemma3n_vllm_refusal(const struct src *s, struct model *m)
{
	const char *act = str(s, "hidden_activation");

	/* Gemma3nMLP raises ValueError for another activation */
	if (act != NULL && strcmp(act, "gelu_pytorch_tanh") != 0) {
		refuse(m,
		    "Gemma3 uses `gelu_pytorch_tanh` as the hidden activation "
		    "function. Please set `hidden_act` and `hidden_activation` "
		    "to `gelu_pytorch_tanh`.");
		return 1;
	}
	/* Gemma3nDecoderLayer: assert config.altup_correct_scale */
	if (!boolean(s, "altup_correct_scale", 1)) {
		refuse(m,
		    "%s: altup_correct_scale is false; vLLM's "
		    "Gemma3nDecoderLayer asserts it is true.",
		    m->architecture);
		return 1;
	}
	return 0;
}

/*
 * The multimodal class (gemma3n_mm.py): TOKENS_PER_IMAGE 256 and
 * TOKENS_PER_AUDIO 188, fixed there; a buffer of max_num_batched_tokens rows
 * of per-layer inputs allocated with the model; the towers, planned only
 * when vLLM builds neither, named with their sizes in the assumption.
 */
static void
gemma3n_multimodal(const struct src *s, struct model *m)
{
	double audio = gemma3n_audio_params(item(s->root, "audio_config"));
	double towers = GEMMA3N_VISION_PARAMS + audio +
	    gemma3n_embedder_params(s, "vision_config", 2048, m->hidden) +
	    gemma3n_embedder_params(s, "audio_config", 1536, m->hidden);
	char buf[640];

	m->mm_tokens_per_item = 256;
	m->mm_audio_tokens = 188;
	m->mm_conv_encoder = 1;
	m->ple_buffer = 1;
	m->multimodal = 1;
	m->vision_params = 0;
	snprintf(buf, sizeof buf,
	    "Gemma 3n, text only: KV cache and weights follow vLLM's "
	    "gemma3n.py and gemma3n_mm.py, without the vision and audio "
	    "towers, which vLLM skips when --limit-mm-per-prompt sets every "
	    "modality of a tower to 0 (a release that builds them anyway "
	    "loads %.3fB parameters more: MobileNetV5 %.3fB as KerasHub "
	    "publishes it, the audio tower %.3fB from audio_config, their "
	    "embedders); the activation-peak and graph estimates are fitted "
	    "on models without AltUp's four streams and the per-layer "
	    "inputs, and no real Gemma 3n startup has been measured against "
	    "them. Calibrate from a real startup (--calibrate LOG "
	    "--save-calibration) before quoting",
	    towers / 1e9, GEMMA3N_VISION_PARAMS / 1e9, audio / 1e9);
	free(m->assumption);
	m->assumption = xstrdup(buf);
}

/*
 * Gemma 3n (gemma3n.py; gemma3n_mm.py for the multimodal class): every
 * layer is attention of one size, sliding (layer_types, else transformers'
 * default: full where (i + 1) % 5 == 0) or full; the last
 * num_kv_shared_layers read the KV of an earlier layer
 * (kv_sharing_target_layer_name) and hold no cache.  AltUp, LAuReL and the
 * per-layer inputs add weights only.  Absent fields take transformers'
 * Gemma3nTextConfig defaults, as vLLM reads them through it.
 */
static int
read_gemma3n(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	int shared = num(s, "num_kv_shared_layers", 15), i;

	if (read_layer_types(s, m, err, errlen, bad) != 0)
		return -1;
	layers_alloc(m);
	if (shared < 0 || shared >= m->layers) {
		*bad = "num_kv_shared_layers";
		snprintf(err, errlen,
		    "config: num_kv_shared_layers must be in [0, %d)",
		    m->layers);
		return -1;
	}
	if (gemma3n_intermediate(s, m, err, errlen, bad) != 0)
		return -1;
	for (i = 0; i < m->layers; i++)
		m->ld[i].mixer =
		    i >= m->layers - shared ? MIXER_SHARED : MIXER_ATTENTION;
	if (gemma3n_vllm_refusal(s, m))
		return 0;
	m->ple_hidden = num(s, "hidden_size_per_layer_input", 256);
	m->ple_vocab = num(s, "vocab_size_per_layer_input", 262144);
	m->laurel_rank = num(s, "laurel_rank", 64);
	m->altup_inputs = num(s, "altup_num_inputs", 4);
	m->ple_proj_split = 1; /* ColumnParallelLinear(gather_output) */
	m->no_pp = 1; /* neither class implements SupportsPP */
	if (m->ple_hidden <= 0 || m->ple_vocab <= 0 || m->laurel_rank <= 0 ||
	    m->altup_inputs < 1) {
		*bad = "hidden_size_per_layer_input";
		snprintf(err, errlen,
		    "config: hidden_size_per_layer_input, "
		    "vocab_size_per_layer_input, laurel_rank and "
		    "altup_num_inputs must be positive");
		return -1;
	}
	if (m->architecture != NULL &&
	    strcmp(m->architecture, "Gemma3nForConditionalGeneration") == 0) {
		gemma3n_multimodal(s, m);
		return 0;
	}
	free(m->assumption);
	m->assumption =
	    xstrdup("Gemma 3n: KV cache and weights follow vLLM's gemma3n.py; "
		    "the activation-peak and graph estimates are fitted on "
		    "models without AltUp's four streams and the per-layer "
		    "inputs, and no real Gemma 3n startup has been measured "
		    "against them. Calibrate from a real startup (--calibrate "
		    "LOG --save-calibration) before quoting");
	return 0;
}

/* MiMo-V2-Flash (mimo_v2_flash.py): hybrid_layer_pattern 1 = sliding window */
static int
read_mimo_v2(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *hp = get(s, "hybrid_layer_pattern"),
		    *mf = get(s, "moe_layer_freq");
	int i, w = num(s, "sliding_window", num(s, "sliding_window_size", 0));
	int skv = num(s, "swa_num_key_value_heads", m->kv_heads);
	int shd = num(s, "swa_head_dim", m->head_dim);
	int svd =
	    num(s, "swa_v_head_dim", m->v_head_dim > 0 ? m->v_head_dim : shd);
	int sh = num(s, "swa_num_attention_heads", m->heads);

	if (!cJSON_IsArray(hp) || cJSON_GetArraySize(hp) != m->layers) {
		*bad = "hybrid_layer_pattern";
		snprintf(err, errlen,
		    "config: hybrid_layer_pattern must have one "
		    "entry per layer (%d)",
		    m->layers);
		return -1;
	}
	if (w <= 0) {
		*bad = "sliding_window";
		snprintf(err, errlen,
		    "config: sliding_window must be positive");
		return -1;
	}
	m->sliding_window = w;
	layers_alloc(m);
	kinds_alloc(m);
	for (i = 0; i < m->layers; i++) {
		const cJSON *e = cJSON_GetArrayItem(hp, i),
			    *f = cJSON_GetArrayItem(mf, i);
		struct layer_desc *d = &m->ld[i];

		d->mixer = MIXER_ATTENTION;
		m->layer_kind[i] = LAYER_FULL;
		if (cJSON_IsNumber(e) && e->valueint == 1) {
			m->layer_kind[i] = LAYER_SLIDING;
			d->kv_heads = skv;
			d->head_dim = shd;
			d->v_head_dim = svd;
			d->heads = sh;
		}
		if (cJSON_IsArray(mf))
			d->ffn = cJSON_IsNumber(f) && f->valueint == 1
			    ? FFN_MOE
			    : FFN_DENSE;
	}
	/* moe_layer_freq is a list here, not the step the standard reader takes */
	m->moe_layer_step = 1;
	m->first_dense_layers = 0;
	if (m->n_experts > 0)
		m->dense_intermediate = m->intermediate;
	/* attention_chunk_size in this config is not chunked attention, but vLLM
	 * still reads it as ModelConfig.attention_chunk_size (the HMA rule) */
	m->interleaved_swa = 1;
	m->mtp_layers = num(s, "num_nextn_predict_layers", 0);
	return 0;
}

/* DeepSeek-V3.2 and GLM-5 (deepseek_v2.py with the indexer) */
static int
read_dsa(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	if (!m->mla) {
		*bad = "kv_lora_rank";
		snprintf(err, errlen,
		    "config: sparse attention (index_topk) without "
		    "MLA (kv_lora_rank)");
		return -1;
	}
	m->index_head_dim = num(s, "index_head_dim", 128);
	m->index_n_heads = num(s, "index_n_heads", 64);
	m->index_topk = num(s, "index_topk", 0);
	if (m->index_topk <= 0 || m->index_head_dim <= 0) {
		*bad = "index_topk";
		snprintf(err, errlen,
		    "config: index_topk and index_head_dim must be "
		    "positive");
		return -1;
	}
	/* GLM-5.2: layers whose indexer is "shared" reuse an earlier one's */
	{
		const cJSON *it = get(s, "indexer_types"), *e;
		int i = 0;

		if (it == NULL)
			return 0;
		if (!cJSON_IsArray(it) || cJSON_GetArraySize(it) != m->layers) {
			*bad = "indexer_types";
			snprintf(err, errlen,
			    "config: indexer_types must have one entry "
			    "per layer (%d)",
			    m->layers);
			return -1;
		}
		layers_alloc(m);
		cJSON_ArrayForEach(e, it) {
			const char *t = cJSON_IsString(e) ? e->valuestring : "";

			if (strcmp(t, "shared") == 0) {
				m->ld[i].index_shared = 1;
			} else if (strcmp(t, "full") != 0) {
				refuse(m,
				    "%s: indexer_types[%d] is '%s', an indexer "
				    "kind "
				    "headroom does not model.",
				    m->architecture, i, t);
				return 0;
			}
			i++;
		}
	}
	return 0;
}

/*
 * The fields of the DeepSeek-V4 configs headroom has read (Flash, Pro and
 * their NVIDIA and SGLang exports): a later checkpoint's field that may
 * change the caches or weights is refused rather than left unread.
 */
static const char *const dsv4_fields[] = { "architectures", "attention_bias",
	"attention_dropout", "bos_token_id", "compress_ratios",
	"compress_rope_theta", "eos_token_id", "expert_dtype", "hc_eps",
	"hc_mult", "hc_sinkhorn_iters", "head_dim", "hidden_act", "hidden_size",
	"index_head_dim", "index_n_heads", "index_topk", "initializer_range",
	"max_position_embeddings", "model_type", "moe_intermediate_size",
	"n_routed_experts", "n_shared_experts", "norm_topk_prob",
	"num_attention_heads", "num_experts_per_tok", "num_hash_layers",
	"num_hidden_layers", "num_key_value_heads", "num_nextn_predict_layers",
	"o_groups", "o_lora_rank", "q_lora_rank", "qk_rope_head_dim",
	"quantization_config", "rms_norm_eps", "rope_scaling", "rope_theta",
	"routed_scaling_factor", "scoring_func", "sliding_window",
	"swiglu_limit", "tie_word_embeddings", "topk_method", "torch_dtype",
	"dtype", "transformers_version", "use_cache", "vocab_size", "auto_map",
	"pad_token_id", NULL };

static const char *
dsv4_unknown_field(const cJSON *root)
{
	const cJSON *e;

	cJSON_ArrayForEach(e, root) {
		int i;

		if (e->string == NULL || e->string[0] == '_')
			continue;
		for (i = 0; dsv4_fields[i] != NULL; i++)
			if (strcmp(e->string, dsv4_fields[i]) == 0)
				break;
		if (dsv4_fields[i] == NULL)
			return e->string;
	}
	return NULL;
}

/*
 * DeepSeek-V4's compress_ratios, one entry per decoder layer and one per
 * MTP layer, into ld[i].compress_ratio and dsv4.mtp_ratio: 1 and m refused
 * for a ratio vLLM rejects, -1 with err and *bad for a list of another
 * length.
 */
static int
read_dsv4_ratios(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *cr = get(s, "compress_ratios"), *e;
	int n, i = 0;

	n = cJSON_IsArray(cr) ? cJSON_GetArraySize(cr) : -1;
	if (n != m->layers && n != m->layers + m->mtp_layers) {
		*bad = "compress_ratios";
		snprintf(err, errlen,
		    "config: compress_ratios must have one entry per layer "
		    "(%d, or %d with the MTP layers)",
		    m->layers, m->layers + m->mtp_layers);
		return -1;
	}
	layers_alloc(m);
	cJSON_ArrayForEach(e, cr) {
		int r = cJSON_IsNumber(e) ? int_of(e->valuedouble) : -1;

		if (r != 0 && r != 1 && r != 4 && r != 128) {
			/* sparse_swa.py _layer_type_for */
			refuse(m,
			    "Unsupported DeepseekV4 compress_ratio=%d; "
			    "expected 1, 4, or 128.",
			    r);
			return 1;
		}
		if (i < m->layers)
			m->ld[i].compress_ratio = (unsigned char)r;
		else if (i == m->layers)
			m->dsv4.mtp_ratio = r;
		i++;
	}
	return 0;
}

/*
 * DeepSeek-V4 (vllm/models/deepseek_v4/, deepseek_v4.py @023da1f): one
 * compress_ratios entry per decoder layer and one per MTP layer, the
 * grouped output projection, the hyper-connections, the hash-routed first
 * layers and the experts' format (expert_dtype).  The caches and weights
 * are core/kv_dsv4.c and core/weights_dsv4.c; the plan takes them from
 * m->dsv4 and ld[i].compress_ratio.
 */
static int
read_dsv4(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const char *ed = str(s, "expert_dtype"), *unk;
	int r;

	if ((unk = dsv4_unknown_field(s->root)) != NULL) {
		refuse(m,
		    "%s: config field '%s' is not in the DeepSeek-V4 configs "
		    "headroom has read (Flash, Pro and their exports); "
		    "headroom refuses rather than plan with it unread.",
		    m->architecture, unk);
		return 0;
	}
	r = read_dsv4_ratios(s, m, err, errlen, bad);
	if (r != 0)
		return r < 0 ? -1 : 0;
	m->dsv4.layers = m->layers;
	m->dsv4.o_groups = num(s, "o_groups", 0);
	m->dsv4.o_lora = num(s, "o_lora_rank", 0);
	m->dsv4.hc_mult = num(s, "hc_mult", 0);
	m->dsv4.hash_layers = num(s, "num_hash_layers", 0);
	m->dsv4.fp4_experts = ed != NULL && strcmp(ed, "fp4") == 0;
	if (ed != NULL && !m->dsv4.fp4_experts && strcmp(ed, "fp8") != 0) {
		refuse(m,
		    "%s: expert_dtype '%s'; headroom models DeepSeek-V4's "
		    "fp4 and fp8 experts.",
		    m->architecture, ed);
		return 0;
	}
	m->index_head_dim = num(s, "index_head_dim", 128);
	m->index_n_heads = num(s, "index_n_heads", 64);
	m->index_topk = num(s, "index_topk", 0);
	m->q_lora_rank = num(s, "q_lora_rank", 0);
	m->qk_rope_head_dim = num(s, "qk_rope_head_dim", 64);
	m->dsv4.rope_positions = m->rope_cache_len;
	if (m->dsv4.o_groups <= 0 || m->dsv4.o_lora <= 0 ||
	    m->dsv4.hc_mult <= 0 || m->index_topk <= 0 || m->q_lora_rank <= 0) {
		*bad = m->dsv4.o_groups <= 0 ? "o_groups"
		    : m->dsv4.o_lora <= 0    ? "o_lora_rank"
		    : m->dsv4.hc_mult <= 0   ? "hc_mult"
		    : m->index_topk <= 0     ? "index_topk"
					     : "q_lora_rank";
		snprintf(err, errlen, "config: %s must be positive", *bad);
		return -1;
	}
	/* the blog post of 2026-04-24 and vllm-gaudi #1722: 0.20.0 */
	m->first_release = VLLM_VER(0, 20, 0);
	if (m->assumption == NULL)
		m->assumption = xstrdup(
		    "DeepSeek-V4: KV cache as vLLM groups it; weights per rank "
		    "derived from the modules vLLM builds, checked against one "
		    "load (74.82 GiB, 74.85 logged, 0.22.1, TP 2 with EP); "
		    "the profile run's forward read from its modules, "
		    "non-torch and graphs from other models (estimates): for "
		    "vLLM issue #44376 (2 x GH200 of 95.0 GiB, TP 2 with EP) "
		    "they leave 8.89 GiB for the cache where vLLM had 5.44. "
		    "Calibrate from a real startup (--calibrate LOG "
		    "--save-calibration) before quoting");
	return 0;
}

/* Llama 4 (llama4.py): layers with RoPE use chunked local attention */
static void
read_llama4(const struct src *s, struct model *m)
{
	const cJSON *nr = get(s, "no_rope_layers");
	int i, interval = num(s, "nope_layer_interval", 4);

	if (m->chunk_size <= 0 || m->layer_kind != NULL)
		return;
	kinds_alloc(m);
	for (i = 0; i < m->layers; i++) {
		const cJSON *e = cJSON_GetArrayItem(nr, i);
		int rope =
		    cJSON_IsArray(nr) && cJSON_GetArraySize(nr) == m->layers
		    ? cJSON_IsNumber(e) && e->valueint != 0
		    : (i + 1) % (interval > 0 ? interval : 4) != 0;

		m->layer_kind[i] = rope ? LAYER_CHUNKED : LAYER_FULL;
	}
}

/* every layer a recurrent mixer and nothing else (attention-free) */
static void
state_only_layers(struct model *m, int mixer)
{
	int i;

	layers_alloc(m);
	for (i = 0; i < m->layers; i++) {
		m->ld[i].mixer = (unsigned char)mixer;
		m->ld[i].ffn = FFN_NONE;
	}
	m->heads = m->kv_heads = m->head_dim = 0;
	m->rotary_dim = 0;
	m->n_experts = 0;
	m->st.prefix_all = 1; /* SupportsMambaPrefixCaching */
	if (m->assumption == NULL)
		m->assumption = xstrdup(
		    "attention-free Mamba model: state pages, blocks and "
		    "tokens follow vLLM's rules (mamba_block_size = "
		    "max_model_len without prefix caching, mode 'all' with "
		    "it) and match three real startups (mamba-2.8b-hf, "
		    "Mamba-Codestral-7B, vLLM 0.11.0; weights within 0.07 "
		    "GiB); the activation and CUDA-graph estimates are fitted "
		    "on attention models (Codestral's graphs within 0.05 GiB "
		    "of what vLLM took)");
}

/* Mamba, Falcon-Mamba (mamba.py, layers/mamba/mamba_mixer.py) */
static int
read_mamba(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *r = get(s, "time_step_rank");

	m->st.mamba_intermediate =
	    num(s, "intermediate_size", num(s, "expand", 2) * m->hidden);
	m->st.d_state = num(s, "state_size", 16);
	m->st.d_conv = num(s, "conv_kernel", 4);
	/* transformers' MambaConfig: "auto" is ceil(hidden / 16) */
	m->st.dt_rank =
	    cJSON_IsNumber(r) ? int_of(r->valuedouble) : (m->hidden + 15) / 16;
	m->st.mamba_bias = boolean(s, "use_bias", 0);
	m->st.conv_bias = boolean(s, "use_conv_bias", 1);
	if (m->st.mamba_intermediate <= 0 || m->st.d_state <= 0 ||
	    m->st.d_conv <= 1 || m->st.dt_rank <= 0) {
		*bad = "intermediate_size";
		snprintf(err, errlen,
		    "config: intermediate_size, state_size, "
		    "time_step_rank must be positive and conv_kernel above 1");
		return -1;
	}
	state_only_layers(m, MIXER_MAMBA1);
	m->first_release = VLLM_VER(0, 10, 1); /* Mamba1 on V1: #21249 */
	m->first_v0 = 1;
	return 0;
}

/* Mamba2 (mamba2.py, layers/mamba/mamba_mixer2.py) */
static int
read_mamba2(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	read_mamba2_sizes(s, m, &MAMBA2_KEYS);
	/* get_mamba_state_shape_from_config: expand x hidden */
	m->st.mamba_intermediate = num(s, "expand", 2) * m->hidden;
	m->st.conv_bias = boolean(s, "use_conv_bias", 1);
	if (m->st.mamba_heads <= 0 || m->st.mamba_head_dim <= 0 ||
	    m->st.d_state <= 0 || m->st.n_groups <= 0 || m->st.d_conv <= 1) {
		*bad = "num_heads";
		snprintf(err, errlen,
		    "config: num_heads, head_dim, n_groups and "
		    "state_size must be positive and conv_kernel above 1");
		return -1;
	}
	state_only_layers(m, MIXER_MAMBA2);
	m->no_pp = 1; /* Mamba2ForCausalLM does not implement SupportsPP */
	return 0;
}

/* The mamba_* fields of Mamba2 hybrids (Bamba, Falcon-H1, Granite 4.0-H). */
static int
read_mamba2_fields(const struct src *s, struct model *m, int intermediate,
    char *err, size_t errlen, const char **bad)
{
	read_mamba2_sizes(s, m, &MAMBA_PREFIXED_KEYS);
	m->st.mamba_intermediate = intermediate;
	if (m->st.mamba_heads <= 0 || m->st.mamba_head_dim <= 0 ||
	    m->st.d_state <= 0 || m->st.n_groups <= 0 || intermediate <= 0) {
		*bad = "mamba_n_heads";
		snprintf(err, errlen,
		    "config: mamba_n_heads, mamba_d_head, "
		    "mamba_n_groups, mamba_d_state and the Mamba width must be "
		    "positive");
		return -1;
	}
	m->st.prefix_all = 1; /* SupportsMambaPrefixCaching */
	return 0;
}

static void
hybrid_assumption(struct model *m, const char *family)
{
	char buf[400];

	if (m->assumption != NULL)
		return;
	snprintf(buf, sizeof buf,
	    "%s: no real vLLM startup checked yet; state "
	    "pages, block alignment and groups follow vLLM's rules (prefix "
	    "caching in mode '%s'%s), the activation and CUDA-graph estimates "
	    "are fitted on attention models",
	    family, m->st.prefix_all ? "all" : "align",
	    m->st.prefix_all ? ", SupportsMambaPrefixCaching"
			     : ": no SupportsMambaPrefixCaching");
	m->assumption = xstrdup(buf);
}

/* Bamba (bamba.py): attention at attn_layer_indices, Mamba2 elsewhere */
static int
read_bamba(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *ai = get(s, "attn_layer_indices"), *e;
	int i;

	if (get(s, "layers_block_type") != NULL && ai == NULL) {
		const cJSON *lb = get(s, "layers_block_type");

		if (!cJSON_IsArray(lb) || cJSON_GetArraySize(lb) != m->layers) {
			*bad = "layers_block_type";
			snprintf(err, errlen,
			    "config: layers_block_type must have one "
			    "entry per layer (%d)",
			    m->layers);
			return -1;
		}
	}
	layers_alloc(m);
	for (i = 0; i < m->layers; i++)
		m->ld[i].mixer = MIXER_MAMBA2;
	if (ai != NULL) {
		if (!cJSON_IsArray(ai)) {
			*bad = "attn_layer_indices";
			snprintf(err, errlen,
			    "config: attn_layer_indices must be a list "
			    "of layer numbers");
			return -1;
		}
		cJSON_ArrayForEach(e, ai) {
			if (!cJSON_IsNumber(e) || e->valuedouble < 0 ||
			    e->valuedouble >= m->layers) {
				*bad = "attn_layer_indices";
				snprintf(err, errlen,
				    "config: attn_layer_indices holds a "
				    "number outside 0..%d",
				    m->layers - 1);
				return -1;
			}
			m->ld[e->valueint].mixer = MIXER_ATTENTION;
		}
	} else {
		const cJSON *lb = get(s, "layers_block_type");

		for (i = 0; i < m->layers; i++) {
			e = cJSON_GetArrayItem(lb, i);
			if (cJSON_IsString(e) &&
			    strcmp(e->valuestring, "attention") == 0)
				m->ld[i].mixer = MIXER_ATTENTION;
		}
	}
	if (read_mamba2_fields(s, m, num(s, "mamba_expand", 2) * m->hidden, err,
		errlen, bad) != 0)
		return -1;
	/* BambaAttentionDecoderLayer: head_dim = hidden / heads; RoPE over
	 * attn_rotary_emb dimensions when the config gives them */
	m->head_dim = m->heads > 0 ? m->hidden / m->heads : m->head_dim;
	if (num(s, "attn_rotary_emb", 0) > 0 &&
	    get(s, "partial_rotary_factor") == NULL)
		m->rotary_dim = num(s, "attn_rotary_emb", 0);
	if (m->assumption == NULL)
		m->assumption = xstrdup(
		    "Bamba: state pages, block alignment and groups follow "
		    "vLLM's rules and match a real startup (Bamba-9B-v1, vLLM "
		    "0.11.0: block 528, 1 padding layer, 184,800 tokens, "
		    "91.81x; weights 0.03 GiB under, activation 0.11 and "
		    "non-torch 0.09 GiB over, graphs 0.67 GiB for 102 where "
		    "vLLM took 0.68); the activation and non-torch estimates "
		    "are fitted on attention models");
	hybrid_assumption(m, "Bamba");
	m->last_release = VLLM_VER(0, 23, 0); /* #45990 */
	return 0;
}

/* Jamba (jamba.py): attention every attn_layer_period layers, Mamba1 else;
 * experts every expert_layer_period layers */
static int
read_jamba(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	int ap = num(s, "attn_layer_period", 8),
	    ao = num(s, "attn_layer_offset", 4);
	int ep = num(s, "expert_layer_period", 2),
	    eo = num(s, "expert_layer_offset", 1);
	const cJSON *r = get(s, "mamba_dt_rank");
	int i;

	if (ap <= 0 || ao < 0 || ao >= ap || ep <= 0 || eo < 0 || eo >= ep) {
		*bad = "attn_layer_period";
		snprintf(err, errlen,
		    "config: attn_layer_period / expert_layer_period "
		    "must be positive and their offsets below them");
		return -1;
	}
	layers_alloc(m);
	for (i = 0; i < m->layers; i++) {
		m->ld[i].mixer = i % ap == ao ? MIXER_ATTENTION : MIXER_MAMBA1;
		m->ld[i].ffn =
		    m->n_experts > 1 && i % ep == eo ? FFN_MOE : FFN_DENSE;
	}
	m->st.d_state = num(s, "mamba_d_state", 16);
	m->st.d_conv = num(s, "mamba_d_conv", 4);
	m->st.mamba_intermediate = num(s, "mamba_expand", 2) * m->hidden;
	m->st.dt_rank =
	    cJSON_IsNumber(r) ? int_of(r->valuedouble) : (m->hidden + 15) / 16;
	m->st.conv_bias = boolean(s, "mamba_conv_bias", 1);
	m->st.mamba_bias = boolean(s, "mamba_proj_bias", 0);
	/* get_mamba_chunk_size(): no chunk key, Mamba1's default 2048 */
	m->st.chunk_size =
	    num(s, "mamba_chunk_size", num(s, "chunk_size", 2048));
	if (m->st.d_state <= 0 || m->st.d_conv <= 1 ||
	    m->st.mamba_intermediate <= 0 || m->st.dt_rank <= 0) {
		*bad = "mamba_d_state";
		snprintf(err, errlen,
		    "config: mamba_d_state, mamba_expand and "
		    "mamba_dt_rank must be positive and mamba_d_conv above 1");
		return -1;
	}
	m->st.prefix_all = 1;
	/* JambaAttentionDecoderLayer: no rotary embedding, head_dim = h / heads */
	m->rotary_dim = 0;
	m->head_dim = m->heads > 0 ? m->hidden / m->heads : m->head_dim;
	m->dense_intermediate = m->intermediate;
	hybrid_assumption(m, "Jamba");
	m->first_release = VLLM_VER(0, 10, 1); /* Mamba1 on V1: #21249 */
	m->first_v0 = 1;
	return 0;
}

/* Falcon-H1 (falcon_h1.py): every layer runs attention and Mamba2 side by
 * side; each registers its own cache spec */
static int
read_falcon_h1(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	int dssm = num(s, "mamba_d_ssm", 0), i;

	if (dssm <= 0)
		dssm = num(s, "mamba_expand", 2) * m->hidden;
	layers_alloc(m);
	for (i = 0; i < m->layers; i++) {
		m->ld[i].mixer = MIXER_MAMBA2;
		m->ld[i].parallel_attn = 1;
	}
	if (read_mamba2_fields(s, m, dssm, err, errlen, bad) != 0)
		return -1;
	hybrid_assumption(m, "Falcon-H1");
	return 0;
}

/*
 * Zamba2 (zamba2.py): a Mamba2 mixer in every layer; each "hybrid" layer
 * also runs one of num_mem_blocks shared transformer blocks, whose
 * Attention object is the hybrid layer's own (one KV cache each, MHA over
 * attention_head_dim).  Defaults are transformers' Zamba2Config.
 */
static int
read_zamba2(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *lb = get(s, "layers_block_type"), *e;
	int i = 0, ah = num(s, "attention_hidden_size", 2 * m->hidden);
	int ahd, heads = m->heads, expand = num(s, "mamba_expand", 2);

	if (!cJSON_IsArray(lb) || cJSON_GetArraySize(lb) != m->layers) {
		*bad = "layers_block_type";
		snprintf(err, errlen,
		    "config: layers_block_type must list 'mamba' or "
		    "'hybrid' for each of the %d layers",
		    m->layers);
		return -1;
	}
	ahd = num(s, "attention_head_dim", heads > 0 ? ah / heads : 0);
	if (heads <= 0 || ahd <= 0 || ahd * heads != ah) {
		*bad = "attention_head_dim";
		snprintf(err, errlen,
		    "config: attention_head_dim x "
		    "num_attention_heads must equal attention_hidden_size (%d)",
		    ah);
		return -1;
	}
	layers_alloc(m);
	cJSON_ArrayForEach(e, lb) {
		struct layer_desc *d = &m->ld[i++];

		d->mixer = MIXER_MAMBA2;
		d->ffn = FFN_NONE;
		if (cJSON_IsString(e) &&
		    strcmp(e->valuestring, "hybrid") == 0) {
			d->parallel_attn = 2;
			d->kv_heads = heads; /* Attention(num_kv_heads=None) */
			d->head_dim = ahd;
		}
	}
	/* ModelConfig.get_head_size() is attention_head_dim for zamba2 */
	m->head_dim = ahd;
	m->rotary_dim = boolean(s, "use_mem_rope", 0) ? ahd : 0;
	m->shared_blocks = num(s, "num_mem_blocks", 1);
	m->shared_attn_hidden = ah;
	m->adapter_rank = num(s, "adapter_rank", 128);
	m->shared_attn_adapter = boolean(s, "use_shared_attention_adapter", 0);
	m->tie_embeddings = 1; /* lm_head.tie_weights() unconditionally */
	m->st.mamba_head_dim = num(s, "mamba_headdim", 64);
	if (m->st.mamba_head_dim <= 0 || expand <= 0) {
		*bad = "mamba_headdim";
		snprintf(err, errlen,
		    "config: mamba_headdim and mamba_expand must be "
		    "positive");
		return -1;
	}
	m->st.mamba_heads =
	    num(s, "n_mamba_heads", expand * m->hidden / m->st.mamba_head_dim);
	m->st.n_groups = num(s, "mamba_ngroups", 1);
	m->st.d_state = num(s, "mamba_d_state", 64);
	m->st.d_conv = num(s, "mamba_d_conv", 4);
	m->st.chunk_size = num(s, "chunk_size", 256);
	m->st.mamba_intermediate = expand * m->hidden;
	m->st.conv_bias = boolean(s, "use_conv_bias", 1);
	if (m->st.mamba_heads <= 0 || m->st.n_groups <= 0 ||
	    m->st.d_state <= 0) {
		*bad = "n_mamba_heads";
		snprintf(err, errlen,
		    "config: n_mamba_heads, mamba_ngroups and "
		    "mamba_d_state must be positive");
		return -1;
	}
	m->st.prefix_all = 1;
	m->no_pp = 1; /* Zamba2ForCausalLM does not implement SupportsPP */
	hybrid_assumption(m, "Zamba2");
	return 0;
}

/*
 * Kimi Linear (kimi_linear.py, layers/kda.py): KDA on the layers
 * linear_attn_config.kda_layers names (1-based, KimiLinearConfig
 * is_kda_layer), MLA without RoPE on the others; experts from
 * first_k_dense_replace on.
 */
static int
read_kimi_linear(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *la = get(s, "linear_attn_config"), *kl, *e;
	int i, freq = num(s, "moe_layer_freq", 1),
	       shared = num(s, "num_shared_experts", 0);

	kl = cJSON_GetObjectItemCaseSensitive(la, "kda_layers");
	if (!cJSON_IsObject(la) || !cJSON_IsArray(kl)) {
		*bad = "linear_attn_config";
		snprintf(err, errlen,
		    "config: linear_attn_config.kda_layers must list "
		    "the KDA layers");
		return -1;
	}
	if (!m->mla) {
		*bad = "kv_lora_rank";
		snprintf(err, errlen,
		    "config: Kimi Linear's attention layers are MLA "
		    "(kv_lora_rank)");
		return -1;
	}
	if (freq != 1) {
		refuse(m,
		    "%s: moe_layer_freq %d (experts on every %d-th layer) is "
		    "not modelled.",
		    m->architecture, freq, freq);
		return 0;
	}
	layers_alloc(m);
	cJSON_ArrayForEach(e, kl) {
		if (!cJSON_IsNumber(e) || e->valuedouble < 1 ||
		    e->valuedouble > m->layers) {
			*bad = "linear_attn_config";
			snprintf(err, errlen,
			    "config: linear_attn_config.kda_layers holds "
			    "a layer outside 1..%d",
			    m->layers);
			return -1;
		}
		m->ld[e->valueint - 1].mixer = MIXER_KDA;
	}
	e = cJSON_GetObjectItemCaseSensitive(la, "num_heads");
	m->st.lin_k_heads = m->st.lin_v_heads =
	    cJSON_IsNumber(e) ? e->valueint : 0;
	e = cJSON_GetObjectItemCaseSensitive(la, "head_dim");
	m->st.lin_k_dim = m->st.lin_v_dim = cJSON_IsNumber(e) ? e->valueint : 0;
	e = cJSON_GetObjectItemCaseSensitive(la, "short_conv_kernel_size");
	m->st.lin_conv = cJSON_IsNumber(e) ? e->valueint : 4;
	if (m->st.lin_v_heads <= 0 || m->st.lin_v_dim <= 0 ||
	    m->st.lin_conv <= 1) {
		*bad = "linear_attn_config";
		snprintf(err, errlen,
		    "config: linear_attn_config.num_heads and "
		    "head_dim must be positive and short_conv_kernel_size "
		    "above 1");
		return -1;
	}
	m->st.ssm_dtype_bytes = 4; /* kda_state_dtype: recurrent in float32 */
	if (boolean(s, "mla_use_nope", 0))
		m->rotary_dim = 0; /* KimiMLAAttention: rotary_emb None */
	m->experts_per_tok =
	    num(s, "num_experts_per_token", m->experts_per_tok);
	if (m->n_experts > 0) {
		m->first_dense_layers = num(s, "first_k_dense_replace", 0);
		m->moe_layer_step = 1;
		m->dense_intermediate = m->intermediate;
		/* KimiMoE: shared experts of moe_intermediate x num_shared_experts */
		m->n_shared_experts = shared;
		m->shared_intermediate = shared > 0 ? m->moe_intermediate : 0;
		for (i = 0; i < m->layers; i++)
			m->ld[i].ffn =
			    i >= m->first_dense_layers ? FFN_MOE : FFN_DENSE;
	}
	/* vllm-project/recipes #108 (2025-10-31) still needed a nightly after
	 * 0.11.0: the first release with kimi_linear.py is 0.11.1 */
	m->first_release = VLLM_VER(0, 11, 1);
	hybrid_assumption(m, "Kimi Linear");
	return 0;
}

/*
 * MiniMax-Text-01 / MiniMax-M1 (minimax_text_01.py, served up to 0.23.0):
 * attn_type_list 0 = lightning (linear) attention, 1 = softmax attention
 * (or layer_types linear_attention / full_attention); experts in every
 * layer; lm_head, router gate and RoPE cache in float32, the RoPE over
 * min(max_position_embeddings, max_model_len) rows.
 */
static int
read_minimax(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *at = get(s, "attn_type_list"), *lt = get(s, "layer_types"),
		    *e;
	int i = 0, shared = num(s, "shared_intermediate_size", 0);

	layers_alloc(m);
	if (cJSON_IsArray(at) && cJSON_GetArraySize(at) == m->layers) {
		cJSON_ArrayForEach(e, at)
			m->ld[i++].mixer = cJSON_IsNumber(e) && e->valueint == 0
			    ? MIXER_LIGHTNING
			    : MIXER_ATTENTION;
	} else if (cJSON_IsArray(lt) && cJSON_GetArraySize(lt) == m->layers) {
		cJSON_ArrayForEach(e, lt) {
			const char *t = cJSON_IsString(e) ? e->valuestring : "";

			if (strcmp(t, "linear_attention") != 0 &&
			    strcmp(t, "full_attention") != 0) {
				refuse(m,
				    "%s: layer_types[%d] is '%s', a layer kind "
				    "headroom does not model.",
				    m->architecture, i, t);
				return 0;
			}
			m->ld[i++].mixer = strcmp(t, "linear_attention") == 0
			    ? MIXER_LIGHTNING
			    : MIXER_ATTENTION;
		}
	} else if (at != NULL || lt != NULL) {
		*bad = at != NULL ? "attn_type_list" : "layer_types";
		snprintf(err, errlen,
		    "config: %s must have one entry per layer (%d)", *bad,
		    m->layers);
		return -1;
	}
	if (m->n_experts > 0)
		for (i = 0; i < m->layers; i++)
			m->ld[i].ffn = FFN_MOE;
	if (shared > 0) {
		m->shared_intermediate = shared;
		m->n_shared_experts = 1;
	}
	m->rotary_dim = num(s, "rotary_dim", m->head_dim);
	m->lm_head_fp32 = m->router_fp32 = m->rope_fp32 = m->rope_upto_len = 1;
	m->last_release = VLLM_VER(0, 23, 0); /* #45993 */
	hybrid_assumption(m, "MiniMax-Text-01/M1");
	return 0;
}

/*
 * PLaMo 2 (plamo2.py, served up to 0.26.0): Mamba where is_mamba(i) --
 * i % mamba_step != mamba_step / 2 -- attention elsewhere (hidden_size_per_
 * head, GQA), a dense MLP in every layer; the Mamba state is
 * mamba2_state_shape with n_groups 0; the RoPE over min(max_position_
 * embeddings, max_model_len) rows.
 */
static int
read_plamo2(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	int step = num(s, "mamba_step", 2), i;

	if (step <= 1) {
		*bad = "mamba_step";
		snprintf(err, errlen, "config: mamba_step must be above 1");
		return -1;
	}
	layers_alloc(m);
	for (i = 0; i < m->layers; i++) {
		int mamba = m->layers <= step / 2 ? i != m->layers - 1
						  : i % step != step / 2;

		m->ld[i].mixer = mamba ? MIXER_PLAMO2 : MIXER_ATTENTION;
	}
	m->st.mamba_heads = num(s, "mamba_num_heads", 0);
	m->st.mamba_head_dim = m->head_dim; /* hidden_size_per_head */
	m->st.n_groups = 0;
	m->st.d_state = num(s, "mamba_d_state", 64);
	m->st.d_conv = num(s, "mamba_d_conv", 4);
	m->st.chunk_size = num(s, "mamba_chunk_size", 256);
	m->st.mamba_intermediate = m->st.mamba_heads * m->head_dim;
	if (m->st.mamba_heads <= 0 || m->st.d_state <= 0 || m->st.d_conv <= 1) {
		*bad = "mamba_num_heads";
		snprintf(err, errlen,
		    "config: mamba_num_heads and mamba_d_state must "
		    "be positive and mamba_d_conv above 1");
		return -1;
	}
	m->rope_upto_len = 1;
	/* #23956 (2025-08-29): still V0-only; V1 from the release that
	 * dropped V0 */
	m->first_release = VLLM_VER(0, 11, 0);
	m->first_v0 = 1;
	m->last_release = VLLM_VER(0, 26, 0);
	hybrid_assumption(m, "PLaMo 2");
	return 0;
}

/* A whole number of object o, or def. */
static int
obj_num(const cJSON *o, const char *k, int def)
{
	const cJSON *v = item(o, k);

	return cJSON_IsNumber(v) ? v->valueint : def;
}

/*
 * Step-3.5's moe_layers_enum ("3,4,...,44"): the MoE layers, one run up to
 * the last layer; without it layers 1 to the last (step3p5.py).  0 and
 * *first set, or -1 for a list of another shape.
 */
static int
step3p5_moe_layers(const struct src *s, const struct model *m, int *first)
{
	const cJSON *e = get(s, "moe_layers_enum");
	const char *p;
	int want, n;

	*first = 1;
	if (e == NULL)
		return 0;
	if (!cJSON_IsString(e))
		return -1;
	p = e->valuestring;
	for (want = -1;; want++) {
		char *end;
		long v = strtol(p, &end, 10);

		if (end == p || v < 0 || v >= m->layers)
			return -1;
		if (want < 0)
			want = *first = (int)v;
		else if (v != want)
			return -1;
		for (p = end; *p == ' '; p++)
			;
		if (*p == '\0')
			break;
		if (*p++ != ',')
			return -1;
	}
	n = want + 1;
	return n == m->layers ? 0 : -1;
}

/*
 * Step-3.5 (step3p5.py Step3p5DecoderLayer, Step3p5Attention): layer_types
 * sliding / full (the list also names the MTP layers past
 * num_hidden_layers; without it the even layers slide), the layers of
 * attention_other_setting's attention_type with its own heads, KV heads
 * and head size, a per-head output gate (g_proj), the MoE layers of
 * moe_layers_enum with one shared expert (share_expert_dim) and a float32
 * router, the others dense (intermediate_size).
 */
static int
read_step3p5(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *lt = get(s, "layer_types"),
		    *os = get(s, "attention_other_setting");
	const char *impl = str(s, "att_impl_type"), *other = NULL;
	int i, first;

	if (impl != NULL && strcmp(impl, "GQA") != 0) {
		refuse(m, "%s: Unsupported attention implementation: %s",
		    m->architecture, impl);
		return 0;
	}
	if (step3p5_moe_layers(s, m, &first) != 0) {
		*bad = "moe_layers_enum";
		snprintf(err, errlen,
		    "config: moe_layers_enum must list the MoE layers as one "
		    "run up to the last layer (%d)",
		    m->layers - 1);
		return -1;
	}
	if (cJSON_IsObject(os) && cJSON_IsArray(lt)) {
		const cJSON *t =
		    cJSON_GetObjectItemCaseSensitive(os, "attention_type");

		other = cJSON_IsString(t) ? t->valuestring : NULL;
	}
	layers_alloc(m);
	kinds_alloc(m);
	for (i = 0; i < m->layers; i++) {
		const cJSON *e = cJSON_GetArrayItem(lt, i);
		const char *t = cJSON_IsString(e) ? e->valuestring : "";
		struct layer_desc *d = &m->ld[i];
		int sliding = cJSON_IsArray(lt)
		    ? strcmp(t, "sliding_attention") == 0
		    : i % 2 == 0;

		d->mixer = MIXER_ATTENTION;
		m->layer_kind[i] = sliding && m->sliding_window > 0
		    ? LAYER_SLIDING
		    : LAYER_FULL;
		if (other != NULL && strcmp(t, other) == 0) {
			d->heads = obj_num(os, "num_attention_heads", m->heads);
			d->kv_heads =
			    obj_num(os, "num_attention_groups", m->kv_heads);
			d->head_dim = obj_num(os, "head_dim", m->head_dim);
			if (d->heads <= 0 || d->kv_heads <= 0 ||
			    d->head_dim <= 0 || d->heads % d->kv_heads != 0) {
				*bad = "attention_other_setting";
				snprintf(err, errlen,
				    "config: attention_other_setting needs "
				    "positive num_attention_heads, a multiple "
				    "of num_attention_groups, and head_dim");
				return -1;
			}
		}
		d->ffn = m->n_experts > 0 && i >= first ? FFN_MOE : FFN_DENSE;
	}
	m->experts_per_tok = num(s, "moe_top_k", m->experts_per_tok);
	m->first_dense_layers = first;
	m->moe_layer_step = 1;
	m->dense_intermediate = m->intermediate;
	m->shared_intermediate = num(s, "share_expert_dim", 0);
	m->n_shared_experts = m->shared_intermediate > 0 ? 1 : 0;
	m->router_fp32 = m->n_experts > 0; /* FP32ReplicatedLinear gate */
	m->attn_head_gate = boolean(s, "use_head_wise_attn_gate", 0);
	/* #33523 (merged 2026-02-02); StepFun's own image patches it into
	 * v0.15.1 (step3.5_vllm_v0.15.1.patch), so 0.16.0 is the first */
	m->first_release = VLLM_VER(0, 16, 0);
	m->interleaved_swa = 1;
	m->mtp_layers = num(s, "num_nextn_predict_layers", 0);
	if (m->assumption == NULL)
		m->assumption = xstrdup(
		    "Step-3.5: layers, groups and weights follow step3p5.py "
		    "(vLLM), but no real vLLM startup of the family has been "
		    "checked yet; the full layers' second RoPE cache (partial "
		    "rotary) is not counted");
	return 0;
}

/* A Whisper size: the config's, else transformers' WhisperConfig default
 * (what vLLM reads); 0 when given but not a positive whole number. */
static int
whisper_size(const struct src *s, const char *k, int def)
{
	const cJSON *v = get(s, k);

	if (v == NULL)
		return def;
	return cJSON_IsNumber(v) && v->valuedouble >= 1 &&
		v->valuedouble <= 1 << 20 &&
		v->valuedouble == (int)v->valuedouble
	    ? (int)v->valuedouble
	    : 0;
}

/*
 * Whisper (vllm/model_executor/models/whisper.py; the V1 engine from 0.10.2,
 * #21088): decoder_layers decoder layers, each a self-attention
 * (FullAttentionSpec) and a cross-attention over the encoder's states
 * (CrossAttentionSpec), both of decoder_attention_heads heads of
 * d_model / heads and as many KV heads; an audio encoder of encoder_layers
 * layers over max_source_positions positions from num_mel_bins mel bins;
 * learned and sinusoidal positions (no RoPE); proj_out tied to
 * embed_tokens; no SupportsPP.  config.json's num_hidden_layers is the
 * encoder's.
 */
static int
read_whisper(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	static const char *const keys[] = { "d_model", "decoder_layers",
		"decoder_attention_heads", "decoder_ffn_dim", "encoder_layers",
		"encoder_attention_heads", "encoder_ffn_dim",
		"max_source_positions", "num_mel_bins" };
	/* transformers' WhisperConfig defaults, in the order of keys[] */
	static const int defs[] = { 384, 4, 6, 1536, 4, 6, 1536, 1500, 80 };
	int v[9];
	size_t i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		v[i] = whisper_size(s, keys[i], defs[i]);
		if (v[i] <= 0) {
			*bad = keys[i];
			snprintf(err, errlen,
			    "config: %s must be a positive whole number",
			    keys[i]);
			return -1;
		}
	}
	if (v[0] % v[2] != 0 || v[0] % v[5] != 0) {
		*bad = v[0] % v[2] != 0 ? keys[2] : keys[5];
		snprintf(err, errlen,
		    "config: d_model (%d) is not a multiple of %s", v[0], *bad);
		return -1;
	}
	if (m->layer_kind != NULL || m->n_experts > 0) {
		refuse(m,
		    "%s: sliding-window or expert layers in a Whisper "
		    "config are not modelled.",
		    m->architecture);
		return 0;
	}
	m->hidden = v[0];
	m->layers = v[1];
	m->heads = m->kv_heads = v[2];
	m->head_dim = v[0] / v[2];
	m->v_head_dim = 0;
	m->intermediate = v[3];
	m->enc_layers = v[4];
	m->enc_heads = v[5];
	m->enc_intermediate = v[6];
	m->enc_positions = v[7];
	m->enc_mel_bins = v[8];
	m->tie_embeddings = 1;
	m->rotary_dim = 0;
	m->rope_cache_len = 0;
	m->multimodal = 1;
	m->no_pp = 1;
	m->first_release = VLLM_VER(0, 10, 2);
	m->first_v0 = 1;
	free(m->assumption);
	m->assumption = xstrdup(
	    "encoder-decoder (Whisper): weights, the self- and "
	    "cross-attention groups and blocks follow vLLM's rules, checked "
	    "against real 0.15.1, 0.17.0 (TP 4) and 0.21+ startups "
	    "(tests/calibration/newer-logs.json), where the cross-attention "
	    "keeps max_num_batched_tokens tokens per request; the "
	    "activation-peak and graph estimates "
	    "are fitted on decoder-only models and the audio encoder's peak "
	    "is derived from its shapes. Calibrate from a real startup "
	    "(--calibrate LOG --save-calibration) before quoting");
	return 0;
}

/* The classifier's outputs of a *ForSequenceClassification config:
 * transformers' num_labels, len(id2label) when that is given, else 2. */
static int
encoder_labels(const struct src *s)
{
	const cJSON *id2 = get(s, "id2label");

	if (cJSON_IsObject(id2) && cJSON_GetArraySize(id2) > 0)
		return cJSON_GetArraySize(id2);
	return num(s, "num_labels", 2);
}

/* A rope_theta of ModernBERT's transformers 5 rope_parameters entry. */
static double
modernbert_theta(const struct src *s, const char *layer_type, double def)
{
	const cJSON *rp = get(s, "rope_parameters"), *o, *t;

	o = cJSON_IsObject(rp)
	    ? cJSON_GetObjectItemCaseSensitive(rp, layer_type)
	    : NULL;
	t = cJSON_IsObject(o)
	    ? cJSON_GetObjectItemCaseSensitive(o, "rope_theta")
	    : NULL;
	return cJSON_IsNumber(t) ? t->valuedouble : def;
}

static double
num_or(const struct src *s, const char *k, double def)
{
	const cJSON *v = get(s, k);

	return cJSON_IsNumber(v) && isfinite(v->valuedouble) ? v->valuedouble
							     : def;
}

/* NomicBertModelConfig.verify_and_update_config (vllm/model_executor/models/
 * config.py): its asserts, the MLP from activation_function, one bias flag
 * for every linear, the RoPE over max_trained_positions rows, and
 * max_model_len cut to them. */
static void
read_nomic(const struct src *s, struct model *m)
{
	const char *act = str(s, "activation_function");
	int bias = boolean(s, "qkv_proj_bias", 1);
	int trained = num(s, "max_trained_positions", 2048);
	double frac = num_or(s, "rotary_emb_fraction", 1.0);

	if (act != NULL && strcmp(act, "swiglu") != 0 &&
	    strcmp(act, "gelu") != 0) {
		refuse(m,
		    "%s: activation_function '%s' (vLLM's NomicBertModelConfig "
		    "asserts swiglu or gelu).",
		    m->architecture, act);
		return;
	}
	if (boolean(s, "mlp_fc1_bias", 1) != bias ||
	    boolean(s, "mlp_fc2_bias", 1) != bias ||
	    get(s, "rotary_emb_scale_base") != NULL ||
	    boolean(s, "rotary_emb_interleaved", 0)) {
		refuse(m,
		    "%s: mixed linear biases, rotary_emb_scale_base or "
		    "interleaved rotary embeddings fail vLLM's "
		    "NomicBertModelConfig asserts (vllm/model_executor/models/"
		    "config.py).",
		    m->architecture);
		return;
	}
	if (num(s, "num_experts", 0) > 0 &&
	    num(s, "moe_every_n_layers", 0) > 0) {
		refuse(m,
		    "%s: NomicMoE layers (num_experts, moe_every_n_layers) are "
		    "not modelled.",
		    m->architecture);
		return;
	}
	m->encoder_only = MODEL_ENC_ROPE;
	m->ffn_ungated = act == NULL || strcmp(act, "swiglu") != 0;
	m->enc_linear_bias = bias;
	m->enc_norm_bias = 1;
	m->type_vocab = num(s, "type_vocab_size", 2);
	if (trained <= 0)
		trained = 2048;
	m->rotary_dim = (int)(m->head_dim * frac);
	m->rope_cache_len = trained;
	m->enc_rope_tables = 1;
	if (m->derived_max_len > trained)
		m->derived_max_len = trained;
	free(m->derived_key);
	m->derived_key = xstrdup("max_position_embeddings");
}

/* The RoPE scaling type of a GTE config (rope_scaling, else transformers
 * 5's rope_parameters): "default" when it names none, NULL when the field
 * is not an object. */
static const char *
gte_rope_type(const struct src *s)
{
	const cJSON *rs = get(s, "rope_scaling"), *t;

	if (!cJSON_IsObject(rs))
		rs = get(s, "rope_parameters");
	if (!cJSON_IsObject(rs))
		return NULL;
	t = cJSON_GetObjectItemCaseSensitive(rs, "rope_type");
	if (!cJSON_IsString(t))
		t = cJSON_GetObjectItemCaseSensitive(rs, "type");
	return cJSON_IsString(t) ? t->valuestring : "default";
}

/*
 * GTE v1.5 / mGTE (GteNewModel, NewConfig) and Snowflake's GteModel
 * (SnowflakeGteNewModel, GteConfig), bert_with_rope.py: GteNewModelConfig
 * and SnowflakeGteNewModelConfig (vllm/model_executor/models/config.py)
 * assert hidden_act gelu and serve it as geglu, so every layer holds
 * BertWithRopeGatedMLP, whose gate_up_proj GteNewModel strips of its bias;
 * qkv_proj, out_proj and down_proj carry one under the config's bias (True
 * when absent).  One get_rope() of rotary_kwargs: head_size hidden / heads,
 * rotary_emb_dim (else the head) columns and max_position_embeddings rows
 * whatever the NTK factor (NTKScalingRotaryEmbedding rescales the base, not
 * the cache), in the model dtype.  Token types as VocabParallelEmbedding
 * when type_vocab_size > 0, a size the configs always give and headroom
 * does not guess.
 */
static void
read_gte(const struct src *s, struct model *m)
{
	const char *act = str(s, "hidden_act");
	const char *pe = str(s, "position_embedding_type");
	const char *rt = gte_rope_type(s);
	const cJSON *tv = get(s, "type_vocab_size");

	if (act == NULL || strcmp(act, "gelu") != 0) {
		refuse(m,
		    "%s: hidden_act '%s' (vLLM's %s asserts gelu, which it "
		    "serves as geglu; vllm/model_executor/models/config.py).",
		    m->architecture, act ? act : "(none)",
		    strcmp(m->architecture, "GteModel") == 0
			? "SnowflakeGteNewModelConfig"
			: "GteNewModelConfig");
		return;
	}
	if (pe != NULL && strcmp(pe, "rope") != 0 &&
	    strcmp(pe, "rotary") != 0) {
		refuse(m,
		    "Only 'rotary'('rope') position_embedding_type is "
		    "supported");
		return;
	}
	if (rt != NULL && strcmp(rt, "default") != 0 &&
	    strcmp(rt, "ntk") != 0) {
		refuse(m,
		    "%s: rope_scaling type '%s' (headroom models a GTE RoPE "
		    "cache without scaling or with NTK scaling only).",
		    m->architecture, rt);
		return;
	}
	if (!cJSON_IsNumber(tv)) {
		refuse(m,
		    "%s: type_vocab_size is not given (the token-type table "
		    "vLLM builds when it is above 0), so headroom does not "
		    "size the embeddings.",
		    m->architecture);
		return;
	}
	if (tv->valuedouble < 0 || tv->valuedouble > INT_MAX ||
	    tv->valuedouble != floor(tv->valuedouble)) {
		/* cJSON prints the number as the file gives it, in the C
		 * locale's form */
		char *v = cJSON_PrintUnformatted(tv);

		refuse(m,
		    "%s: type_vocab_size %s is invalid (a whole count of "
		    "token types, 0 or more), so headroom does not size the "
		    "embeddings.",
		    m->architecture, v ? v : "?");
		cJSON_free(v);
		return;
	}
	m->encoder_only = MODEL_ENC_ROPE;
	m->ffn_ungated = 0;
	m->enc_linear_bias = boolean(s, "bias", 1);
	m->enc_up_nobias = 1;
	m->enc_norm_bias = 1;
	m->type_vocab = (int)tv->valuedouble;
	m->rotary_dim = num(s, "rotary_emb_dim", m->head_dim);
	if (m->rotary_dim <= 0 || m->rotary_dim > m->head_dim)
		m->rotary_dim = m->head_dim;
	m->rope_cache_len = m->max_position;
	m->enc_rope_tables = 1;
}

/* ModernBERT (modernbert.py): biases by attention_bias / mlp_bias, norms by
 * norm_bias; one get_rope() per distinct rope_theta of the layers, global
 * every global_attn_every_n_layers (transformers 4) or by layer_types
 * (transformers 5), each of max_position_embeddings rows. */
static void
read_modernbert(const struct src *s, struct model *m)
{
	int every = num(s, "global_attn_every_n_layers", 3);
	int ab = boolean(s, "attention_bias", 0),
	    mb = boolean(s, "mlp_bias", 0);
	double g, l;
	int local = 0, i;
	const cJSON *lt = get(s, "layer_types");

	if (ab != mb) {
		refuse(m,
		    "%s: attention_bias and mlp_bias that differ are not "
		    "modelled.",
		    m->architecture);
		return;
	}
	m->encoder_only = MODEL_ENC_MODERNBERT;
	m->ffn_ungated = 0;
	m->enc_linear_bias = ab;
	m->enc_norm_bias = boolean(s, "norm_bias", 0);
	g = num_or(s, "global_rope_theta",
	    modernbert_theta(s, "full_attention", 160000.0));
	l = get(s, "local_rope_theta") != NULL
	    ? num_or(s, "local_rope_theta", g)
	    : modernbert_theta(s, "sliding_attention", g);
	if (cJSON_IsArray(lt)) {
		for (i = 0; i < cJSON_GetArraySize(lt); i++) {
			const cJSON *e = cJSON_GetArrayItem(lt, i);

			local |= cJSON_IsString(e) &&
			    strcmp(e->valuestring, "sliding_attention") == 0;
		}
	} else {
		local = every > 1 && m->layers > 1;
	}
	m->enc_rope_tables = local && l != g ? 2 : 1;
	m->rotary_dim = m->head_dim;
	m->rope_cache_len = m->max_position;
}

/* a BERT or RoBERTa encoder (bert.py, roberta.py): absolute position
 * embeddings only, ungated feed-forward, biases everywhere */
static void
read_bert(const struct src *s, struct model *m, bool roberta, bool seq)
{
	const char *a = m->architecture, *pe;

	pe = str(s, "position_embedding_type");
	if (pe != NULL && strcmp(pe, "absolute") != 0) {
		/* RobertaEmbeddingModel builds JinaRobertaModel for
		 * "rotary"; BertEmbedding raises on anything else */
		if (roberta && strcmp(pe, "rotary") == 0)
			refuse(m,
			    "%s with position_embedding_type rotary: "
			    "vLLM builds JinaRobertaModel for it, "
			    "which "
			    "headroom does not model.",
			    a);
		else
			refuse(m,
			    "Only 'absolute' position_embedding_type "
			    "is supported");
		return;
	}
	m->encoder_only = roberta ? MODEL_ENC_ROBERTA : MODEL_ENC_BERT;
	m->ffn_ungated = 1;
	m->enc_linear_bias = 1;
	m->enc_norm_bias = 1;
	m->type_vocab = num(s, "type_vocab_size", 2);
	m->rotary_dim = 0;
	m->rope_cache_len = 0;
	if (seq)
		m->enc_labels = encoder_labels(s);
	if (m->max_position <= 0)
		m->max_position = 512;
}

/* _resolve_auto_dtype (vllm/config/model.py): a float32 (or unnamed)
 * checkpoint of a pooling model runs in float16 ("Downcasting torch.float32
 * to torch.float16.") */
static void
encoder_downcast_dtype(const struct src *s, struct model *m)
{
	const char *dt;

	dt = str(s, "torch_dtype") ? str(s, "torch_dtype") : str(s, "dtype");
	if (m->native_format == FMT_BF16 &&
	    (dt == NULL || strcmp(dt, "float32") == 0 ||
		strcmp(dt, "float") == 0)) {
		m->native_format = FMT_FP16;
		m->dtype_is_fp16 = 1;
		m->dtype_bytes = 2;
	}
}

/* what the plan of an encoder-only model assumes, for its report */
static void
encoder_set_assumption(struct model *m)
{
	free(m->assumption);
	m->assumption = xstrdup(
	    "encoder-only (pooling) model: vLLM keeps no KV cache for its "
	    "ENCODER_ONLY attention and, with no KV cache spec, runs no memory "
	    "profile (EngineCore._initialize_kv_caches), so it prints no KV "
	    "cache size and no concurrency and reserves nothing for the "
	    "forward of max_num_batched_tokens tokens; the weights follow "
	    "vLLM's model file, the CUDA graphs captured after loading are an "
	    "estimate fitted on decoder-only models");
}

/*
 * Encoder-only classes (FAM_ENCODER): bert.py's BertEmbeddingModel and
 * BertForSequenceClassification, roberta.py's RobertaEmbeddingModel (also
 * XLMRobertaModel) and RobertaForSequenceClassification (also XLM-R's),
 * bert_with_rope.py's NomicBertModel, GteNewModel and SnowflakeGteNewModel
 * (GteModel; NewModel, the checkpoints' own name, is read as GteNewModel
 * and planned under vLLM's --hf-overrides, plan.c), modernbert.py's
 * ModernBertModel.  Their attention is ENCODER_ONLY: get_kv_cache_spec() gives no spec for
 * it, so the plan has no KV cache (plan.c).  No SupportsPP.
 */
static int
read_encoder(const struct src *s, struct model *m)
{
	const char *a = m->architecture;
	bool roberta = strstr(a, "Roberta") != NULL;
	bool seq = strstr(a, "ForSequenceClassification") != NULL;

	free(m->layer_kind);
	m->layer_kind = NULL;
	m->n_sliding = m->n_chunked = 0;
	m->sliding_window = 0;
	m->kv_heads = m->heads;
	m->tie_embeddings = 0;
	m->qkv_bias = 0;
	m->no_pp = 1;
	m->first_v0 = 1;
	/* #21270 (July 2025): encoder-only attention without a KV cache in
	 * V1; the classifiers carried SupportsV0Only until V0 left (0.11.0) */
	m->first_release = seq ? VLLM_VER(0, 11, 0) : VLLM_VER(0, 10, 1);
	if (strcmp(a, "NomicBertModel") == 0) {
		read_nomic(s, m);
	} else if (strcmp(a, "GteModel") == 0 ||
	    strcmp(a, "GteNewModel") == 0 || strcmp(a, "NewModel") == 0) {
		read_gte(s, m);
	} else if (strncmp(a, "ModernBert", 10) == 0) {
		read_modernbert(s, m);
		if (seq) {
			m->enc_labels = encoder_labels(s);
			m->enc_head_bias = boolean(s, "classifier_bias", 0);
		}
	} else {
		read_bert(s, m, roberta, seq);
	}
	if (m->refusal != NULL)
		return 0;
	encoder_downcast_dtype(s, m);
	encoder_set_assumption(m);
	return 0;
}

static enum family
family_of(const char *arch, const char *mt)
{
	size_t i;

	arch = built_class(arch);
	for (i = 0; i < sizeof families / sizeof families[0]; i++)
		if (arch && strcmp(arch, families[i].arch) == 0)
			return families[i].fam;
	if (mt &&
	    (strcmp(mt, "qwen3_next") == 0 || strncmp(mt, "qwen3_5", 7) == 0))
		return FAM_QWEN_NEXT;
	if (mt && strcmp(mt, "nemotron_h") == 0)
		return FAM_NEMOTRON_H;
	return FAM_UNKNOWN;
}

static int
family_reads(enum family f, const char *field)
{
	int i;

	for (i = 0; family_fields[f][i] != NULL; i++)
		if (strcmp(family_fields[f][i], field) == 0)
			return 1;
	return 0;
}

/* Whether field k of s is 0 or false and neutral_when_off[] names it. */
static int
neutral_off(const struct src *s, const char *k)
{
	const cJSON *v = get(s, k);
	int i;

	for (i = 0; neutral_when_off[i] != NULL; i++)
		if (strcmp(neutral_when_off[i], k) == 0)
			return cJSON_IsFalse(v) ||
			    (cJSON_IsNumber(v) && v->valuedouble == 0);
	return 0;
}

/*
 * Whether root gives a field that changes memory which family f does not
 * read (some are harmless at their neutral value); if so m is refused.
 */
static int
refuse_unread_field(const struct src *s, struct model *m, enum family f)
{
	const char *arch = m->architecture;
	int i;

	for (i = 0; memory_fields[i] != NULL; i++) {
		if (get(s, memory_fields[i]) == NULL ||
		    family_reads(f, memory_fields[i]))
			continue;
		if (neutral_off(s, memory_fields[i]))
			continue;
		if (strcmp(memory_fields[i], "global_head_dim") == 0 &&
		    num(s, "global_head_dim", m->head_dim) == m->head_dim)
			continue;
		/* vllm/model_executor/models/minimax_m2.py (main @01d9958): every
		 * MiniMaxM2DecoderLayer is full attention; the class never reads
		 * attn_type_list (MiniMax-Text-01's field, all 1 in M2.x configs) */
		if (strcmp(memory_fields[i], "attn_type_list") == 0 &&
		    arch != NULL && strcmp(arch, "MiniMaxM2ForCausalLM") == 0)
			continue;
		refuse_field(m, model_who(m), memory_fields[i], NULL);
		return 1;
	}
	/* openpangu.py's Embedded attention: a window per layer, cycled */
	if (cJSON_IsArray(get(s, "interleaved_sliding_window"))) {
		refuse_field(m, model_who(m), "interleaved_sliding_window",
		    "a window per layer");
		return 1;
	}
	return 0;
}

/*
 * A per-layer list of numbers under k whose entries are all one value:
 * 1 and *v set; 0 for a field that is no list; -1 for a list of another
 * shape (entries that differ, or not one per layer).
 */
static int
uniform_list(const struct src *s, const struct model *m, const char *k, int *v)
{
	const cJSON *l = get(s, k), *e;

	if (!cJSON_IsArray(l))
		return 0;
	if (cJSON_GetArraySize(l) != m->layers)
		return -1;
	*v = -1;
	cJSON_ArrayForEach(e, l) {
		if (!cJSON_IsNumber(e) || (*v >= 0 && e->valueint != *v))
			return -1;
		*v = e->valueint;
	}
	return 1;
}

/*
 * Hunyuan's MoE (hunyuan_v1.py HunYuanSparseMoeBlock): moe_topk,
 * moe_intermediate_size and num_shared_expert may be per-layer lists; with
 * use_mixed_mlp_moe a shared MLP of intermediate_size x num_shared_expert.
 * Lists whose entries differ are refused (1).
 */
static int
read_hunyuan_moe(const struct src *s, struct model *m)
{
	static const char *const keys[] = { "moe_topk", "moe_intermediate_size",
		"num_shared_expert" };
	int v[3], i;

	for (i = 0; i < 3; i++) {
		int r = uniform_list(s, m, keys[i], &v[i]);

		if (r < 0) {
			refuse_field(m, m->architecture, keys[i],
			    "different per layer");
			return 1;
		}
		if (r == 0)
			v[i] = num(s, keys[i], -1);
	}
	if (v[0] > 0)
		m->experts_per_tok = v[0];
	if (v[1] > 0)
		m->moe_intermediate = v[1];
	if (boolean(s, "use_mixed_mlp_moe", 0) && v[2] > 0) {
		m->n_shared_experts = 1;
		m->shared_intermediate = m->intermediate * v[2];
	}
	return 0;
}

/*
 * The MoE fields an unchecked class may name its own way: ERNIE 4.5's
 * moe_layer_start_index / moe_layer_interval / moe_k (ernie45_moe.py:
 * MoE where layer >= start, (layer + 1) % interval == 0 and layer <= end),
 * and the shared experts of moe_intermediate_size as num_shared_experts
 * (Ling, bailing_moe.py) or moe_num_shared_experts (ERNIE, Aria).  1 and
 * m refused for an end index before the last layer.
 */
static int
read_unknown_moe(const struct src *s, struct model *m)
{
	const char *arch = m->architecture;
	int end = num(s, "moe_layer_end_index", m->layers - 1);
	int shared;

	if (m->n_experts <= 0)
		return 0;
	if (arch != NULL && strcmp(arch, "HunYuanMoEV1ForCausalLM") == 0)
		return read_hunyuan_moe(s, m);
	if (get(s, "moe_layer_start_index") != NULL)
		m->first_dense_layers = num(s, "moe_layer_start_index", 0);
	if (get(s, "moe_layer_interval") != NULL)
		m->moe_layer_step = num(s, "moe_layer_interval", 1);
	m->experts_per_tok = num(s, "moe_k", m->experts_per_tok);
	if (end != m->layers - 1) {
		refuse_field(m, arch && *arch ? arch : "config",
		    "moe_layer_end_index", "dense layers after the MoE ones");
		return 1;
	}
	shared =
	    num(s, "num_shared_experts", num(s, "moe_num_shared_experts", 0));
	if (m->n_shared_experts == 0 && m->shared_intermediate == 0 &&
	    shared > 0) {
		m->n_shared_experts = shared;
		/* bailing_moe.py: moe_shared_expert_intermediate_size if given */
		m->shared_intermediate = num(s,
		    "moe_shared_expert_intermediate_size", m->moe_intermediate);
	}
	/* GraniteMoeShared (granitemoeshared.py): one shared MLP of
	 * shared_intermediate_size */
	if (m->shared_intermediate == 0 &&
	    num(s, "shared_intermediate_size", 0) > 0) {
		m->shared_intermediate = num(s, "shared_intermediate_size", 0);
		m->n_shared_experts = 1;
	}
	return 0;
}

/*
 * The unchecked multimodal classes of vLLM's registry (registry.py
 * _MULTIMODAL_MODELS, doc/architectures.md) whose vision tower headroom
 * sizes from vision_config: a config of one without it is refused, its
 * tower (QWen-VL's "visual", MiniCPM-V 2.0's fixed SigLIP) unsized.
 */
static const char *const vision_classes[] = { "AriaForConditionalGeneration",
	"AyaVisionForConditionalGeneration", "BagelForConditionalGeneration",
	"BeeForConditionalGeneration", "Cohere2VisionForConditionalGeneration",
	"DeepseekVLV2ForCausalLM", "DeepseekOCRForCausalLM",
	"DotsOCRForCausalLM", "Ernie4_5_VLMoeForConditionalGeneration",
	"GLM4VForCausalLM", "Glm4vForConditionalGeneration",
	"Glm4vMoeForConditionalGeneration", "H2OVLChatModel",
	"HunYuanVLForConditionalGeneration", "InternVLChatModel",
	"NemotronH_Nano_VL_V2", "OpenCUAForConditionalGeneration",
	"InternS1ForConditionalGeneration", "InternVLForConditionalGeneration",
	"Idefics3ForConditionalGeneration", "IsaacForConditionalGeneration",
	"SmolVLMForConditionalGeneration", "KeyeForConditionalGeneration",
	"KeyeVL1_5ForConditionalGeneration", "RForConditionalGeneration",
	"LightOnOCRForConditionalGeneration", "Llama_Nemotron_Nano_VL",
	"LlavaForConditionalGeneration",
	"LlavaNextVideoForConditionalGeneration",
	"LlavaOnevisionForConditionalGeneration",
	"MantisForConditionalGeneration", "MiniMaxVL01ForConditionalGeneration",
	"MiniCPMV", "NVLM_D", "PaddleOCRVLForConditionalGeneration",
	"PaliGemmaForConditionalGeneration", "PixtralForConditionalGeneration",
	"QwenVLForConditionalGeneration", "Qwen3VLForConditionalGeneration",
	"Qwen3VLMoeForConditionalGeneration", "SkyworkR1VChatModel",
	"TarsierForConditionalGeneration", "Tarsier2ForConditionalGeneration",
	/* HyperCLOVA X SEED Vision, in the text-generation registry */
	"HCXVisionForCausalLM", "HCXVisionV2ForCausalLM", NULL };

static int
is_vision_class(const char *arch)
{
	int i;

	for (i = 0; arch != NULL && vision_classes[i] != NULL; i++)
		if (strcmp(arch, vision_classes[i]) == 0)
			return 1;
	return 0;
}

/*
 * The multimodal classes whose dummy images (and videos) headroom sizes
 * from the rule of their model_type (core/multimodal.c): the Qwen2-VL
 * family's smart resize (qwen2_vl.py, qwen2_5_vl.py, qwen3_vl.py,
 * qwen3_vl_moe.py, qwen3_5.py), Gemma 3's fixed 256 tokens (gemma3_mm.py),
 * Kimi-VL's padded image (kimi_vl.py), Pixtral's rows of patches and
 * break tokens (pixtral.py, mistral3.py) and Llama 4's 17 tiles
 * (mllama4.py, hfconfig.c).  LlavaForConditionalGeneration
 * is one with a Pixtral tower (llava.py PixtralHFProcessingInfo), FIXED
 * with a CLIP or SigLIP one, as is LlavaNextForConditionalGeneration
 * (hfconfig.c).
 */
static const char *const mm_profiled_classes[] = {
	"Qwen2VLForConditionalGeneration", "Qwen2_5_VLForConditionalGeneration",
	"Qwen3VLForConditionalGeneration", "Qwen3VLMoeForConditionalGeneration",
	"Qwen3_5ForConditionalGeneration", "Qwen3_5MoeForConditionalGeneration",
	"Gemma3ForConditionalGeneration", "KimiVLForConditionalGeneration",
	"Mistral3ForConditionalGeneration", "PixtralForConditionalGeneration",
	"Llama4ForConditionalGeneration", NULL
};

/*
 * Kimi-K2.5 plans only with "vision_chunk" at 0 (plan.c): the text model,
 * without the MoonViT tower and projector kimi_k25.py then leaves unbuilt
 * (_mark_tower_model); earlier revisions of kimi_k25.py built them
 * whatever the limits, which the assumption sizes.
 */
static void
kimi_k25_assumption(struct model *m)
{
	char buf[480];

	if (m->assumption != NULL)
		return;
	snprintf(buf, sizeof buf,
	    "Kimi-K2.5, text only (--limit-mm-per-prompt "
	    "'{\"vision_chunk\":0}'): weights without the MoonViT tower "
	    "and projector, which kimi_k25.py builds under "
	    "_mark_tower_model and vLLM skips when vision_chunk is 0; a "
	    "release whose kimi_k25.py builds them unconditionally loads "
	    "%.3fB parameters more (%.2f GiB in bfloat16; %.3fB of them "
	    "whole on every tensor-parallel rank)",
	    m->vision_params / 1e9, m->vision_params * 2 / 1073741824.0,
	    m->vision_repl_params / 1e9);
	m->assumption = xstrdup(buf);
}

/*
 * m->mm_rule for a model with a vision tower: MODEL_MM_UNMODELLED unless
 * its class is one of mm_profiled_classes[] or hfconfig.c fixed its
 * tokens.  Gemma 3n (its own refusal, mm_conv_encoder) and Whisper (an
 * audio encoder, multimodal.c) are left as they are.
 */
static void
mark_mm_rule(const struct src *s, struct model *m)
{
	const cJSON *vt = item(item(s->root, "vision_config"), "model_type");
	const char *arch = m->architecture;
	int i;

	if (!m->multimodal || m->mm_conv_encoder || m->enc_layers > 0 ||
	    m->mm_rule == MODEL_MM_FIXED)
		return;
	for (i = 0; arch != NULL && mm_profiled_classes[i] != NULL; i++)
		if (strcmp(arch, mm_profiled_classes[i]) == 0)
			return;
	if (arch != NULL &&
	    strcmp(arch, "KimiK25ForConditionalGeneration") == 0) {
		m->mm_rule = MODEL_MM_CHUNKS;
		kimi_k25_assumption(m);
		return;
	}
	if (arch != NULL &&
	    strcmp(arch, "LlavaForConditionalGeneration") == 0 &&
	    cJSON_IsString(vt) && strcmp(vt->valuestring, "pixtral") == 0)
		return;
	m->mm_rule = MODEL_MM_UNMODELLED;
}

/* model_types whose sliding_window_pattern hfconfig.c lays out itself */
static int
pattern_read(const char *mt)
{
	return mt != NULL &&
	    (strcmp(mt, "cohere2") == 0 || strcmp(mt, "gemma2") == 0 ||
		strncmp(mt, "gemma3", 6) == 0);
}

/*
 * EXAONE 4's sliding_window_pattern, for a config without layer_types:
 * a whole number n (full attention where (i + 1) % n is 0, sliding
 * elsewhere; 4 when an exaone4 config leaves the key out) or letters
 * ("LLLG": repeated over the layers, L sliding, G full), as transformers'
 * Exaone4Config makes the layer_types exaone4.py reads.  1 and
 * m->layer_kind set, or 0.
 */
static int
exaone_pattern(const struct src *s, struct model *m)
{
	const cJSON *v = get(s, "sliding_window_pattern");
	const char *p = str(s, "sliding_window_pattern");
	const char *mt = m->model_type ? m->model_type : "";
	size_t n, k;
	int i, every;

	if (strncmp(mt, "exaone", 6) != 0)
		return 0;
	/* transformers' Exaone4Config (models/exaone4/
	 * configuration_exaone4.py): with no layer_types, layer i slides
	 * unless (i + 1) % sliding_window_pattern is 0, the pattern 4 when
	 * the config leaves it out; vLLM's exaone4.py reads those
	 * layer_types */
	if (v == NULL && strcmp(mt, "exaone4") == 0)
		every = 4;
	else if (cJSON_IsNumber(v) && v->valuedouble >= 1 &&
	    v->valuedouble <= m->layers &&
	    v->valuedouble == floor(v->valuedouble))
		every = (int)v->valuedouble;
	else
		every = 0;
	if (every > 0) {
		kinds_alloc(m);
		for (i = 0; i < m->layers; i++)
			m->layer_kind[i] =
			    (i + 1) % every ? LAYER_SLIDING : LAYER_FULL;
		return 1;
	}
	if (p == NULL)
		return 0;
	n = strlen(p);
	for (k = 0; k < n; k++)
		if (p[k] != 'L' && p[k] != 'G')
			return 0;
	if (n == 0)
		return 0;
	kinds_alloc(m);
	for (i = 0; i < m->layers; i++)
		m->layer_kind[i] =
		    p[(size_t)i % n] == 'L' ? LAYER_SLIDING : LAYER_FULL;
	return 1;
}

/*
 * ChatGLM2/3 and GLM-4's text model as chatglm.py builds it (vLLM @028aedf,
 * GLMAttention, GLMMLP, GLMBlock): head size hidden / heads (kv_channels
 * unread); KV heads multi_query_group_num only under multi_query_attention;
 * a bias on query_key_value with add_qkv_bias or add_bias_linear, and on
 * dense and both MLP linears with add_bias_linear; LayerNorm (weight and
 * bias) unless rmsnorm; RoPE on half the head over seq_length positions.
 * ChatGLMForCausalLM raises for a config with a vision_config.
 */
static void
fix_chatglm(const struct src *s, struct model *m)
{
	if (item(s->root, "vision_config") != NULL) {
		refuse(m,
		    "The configuration of this model indicates that it "
		    "supports vision inputs, but you instantiated the "
		    "text-only version of this model. Please use the vision "
		    "model by setting `--hf-overrides '{\"architectures\": "
		    "[\"GLM4VForCausalLM\"]}'`");
		return;
	}
	if (m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	if (!boolean(s, "multi_query_attention", 0))
		m->kv_heads = m->heads;
	m->qkv_bias =
	    boolean(s, "add_bias_linear", 0) || boolean(s, "add_qkv_bias", 0);
	m->bias_mask = 0;
	if (boolean(s, "add_bias_linear", 0))
		m->bias_mask |= MODEL_BIAS_O | MODEL_BIAS_MLP;
	if (!boolean(s, "rmsnorm", 1))
		m->bias_mask |= MODEL_BIAS_NORM;
	m->rotary_dim = m->head_dim / 2;
	m->rope_cache_len = num(s, "seq_length", 2048);
}

/* olmo2.py and internlm2.py: head size hidden / heads, whatever head_dim
 * says; no linear biases (internlm2.py ignores the config's "bias") */
static void
fix_head_from_hidden(const struct src *s, struct model *m)
{
	(void)s;
	if (m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	m->qkv_bias = 0;
	m->rotary_dim = m->head_dim;
}

/*
 * commandr.py (CohereForCausalLM, and Cohere2ForCausalLM, which vLLM's
 * registry serves with the same class): head size hidden / heads; one
 * LayerNorm of weight only a layer (attention and MLP in parallel); the
 * logits from embed_tokens, so no lm_head whatever tie_word_embeddings
 * says; one get_rope() cache over model_max_length, else
 * max_position_embeddings, built in every layer whether it applies it or
 * not (Cohere2's full layers do not).  Cohere2's sliding layers are laid
 * out by hfconfig.c (layer_types, else sliding_window_pattern).
 */
static void
fix_cohere(const struct src *s, struct model *m)
{
	if (m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	m->rotary_dim = m->head_dim;
	m->bias_mask |= MODEL_NORM_ONE;
	m->tie_embeddings = 1;
	m->rope_cache_len =
	    num(s, "model_max_length", num(s, "max_position_embeddings", 8192));
}

/* mimo.py: MiMoForCausalLM builds Qwen2Model, whose qkv_proj has a bias
 * always; the MTP layers (mtp_layers.*) are skipped without a draft */
static void
fix_mimo(const struct src *s, struct model *m)
{
	(void)s;
	m->qkv_bias = 1;
}

/*
 * glm4_moe.py (GLM-4.5, 4.6, 4.7; vLLM @002d607): RoPE on
 * partial_rotary_factor of the head, 0.5 when the config leaves it out
 * (rope_parameters.setdefault); the router an nn.Linear in float32, whole
 * on every rank (its float32 e_score_correction_bias, one number an
 * expert, is not counted); experts from first_k_dense_replace on, shared
 * experts of moe_intermediate_size x n_shared_experts, the MTP layers
 * skipped without a draft.
 */
static void
fix_glm4_moe(const struct src *s, struct model *m)
{
	const cJSON *f = get(s, "partial_rotary_factor");

	if (!cJSON_IsNumber(f))
		m->rotary_dim = m->head_dim / 2;
	m->router_fp32 = m->n_experts > 0;
}

/* glm4_moe_lite.py (GLM-4.7-Flash; vLLM @055e47c): DeepSeek-V2's MLA
 * attention (deepseek_v2.py, as DeepseekV2ForCausalLM is read) with
 * glm4_moe.py's Glm4MoE, whose router is a float32 nn.Linear */
static void
fix_glm4_moe_lite(const struct src *s, struct model *m)
{
	(void)s;
	m->router_fp32 = m->n_experts > 0;
}

/*
 * minimax_m2.py (MiniMax-M2, M2.1, M2.5, M2.7; vLLM main @01d9958): every
 * layer full attention (attn_type_list unread) with RoPE on rotary_dim of
 * the head unless rope_parameters names a partial_rotary_factor; experts
 * of intermediate_size, no dense or shared MLP; the router a
 * ReplicatedLinear in float32 (its float32 e_score_correction_bias is not
 * counted, nor the TP-split q_norm and k_norm); the MTP modules skipped
 * without a draft.
 */
static void
fix_minimax_m2(const struct src *s, struct model *m)
{
	const cJSON *rp = get(s, "rope_parameters");
	int rd = num(s, "rotary_dim", 0);

	if (!cJSON_IsNumber(item(rp, "partial_rotary_factor")) && rd > 0 &&
	    rd <= m->head_dim)
		m->rotary_dim = rd;
	m->router_fp32 = m->n_experts > 0;
}

/* gpt2.py, gpt_bigcode.py: learned positions (wpe), no rotary embedding
 * and so no cos/sin cache */
static void
fix_no_rope(const struct src *s, struct model *m)
{
	(void)s;
	m->rotary_dim = 0;
}

/* gptj.py: get_rope(head_size, rotary_dim=config.rotary_dim, ...), the
 * whole head when the config gives none */
static void
fix_gptj(const struct src *s, struct model *m)
{
	int rd = num(s, "rotary_dim", 0);

	if (rd > 0 && rd <= m->head_dim)
		m->rotary_dim = rd;
}

/* falcon.py: ALiBi under alibi (falcon-rw), so no rotary cache; RoPE on
 * the whole head otherwise */
static void
fix_falcon(const struct src *s, struct model *m)
{
	if (boolean(s, "alibi", 0))
		m->rotary_dim = 0;
}

/* stablelm.py (StableLM 2, StableLM-3B-4E1T; vLLM @0531c22): head size
 * hidden / heads; RoPE on rope_pct, else partial_rotary_factor, of the
 * head; a qkv_proj bias under use_qkv_bias; nn.LayerNorm (weight and
 * bias) around attention and MLP and at the end */
static void
fix_stablelm(const struct src *s, struct model *m)
{
	const cJSON *pct = get(s, "rope_pct");

	if (m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	if (cJSON_IsNumber(pct) && pct->valuedouble > 0 &&
	    pct->valuedouble <= 1)
		m->rotary_dim = (int)(m->head_dim * pct->valuedouble);
	m->qkv_bias = boolean(s, "use_qkv_bias", 0);
	m->bias_mask |= MODEL_BIAS_NORM;
}

/* orion.py (vLLM @0531c22): head size hidden / heads, no linear biases,
 * nn.LayerNorm (weight and bias) around attention and MLP and at the end */
static void
fix_orion(const struct src *s, struct model *m)
{
	fix_head_from_hidden(s, m);
	m->bias_mask |= MODEL_BIAS_NORM;
}

/*
 * The words vLLM's MLPs raise for an activation they do not take: 1 (m
 * refused) when the config's key names one that is not in ok (NULL-ended);
 * supported is what the message says they take ("silu is").
 */
static int
refuse_activation(const struct src *s, struct model *m, const char *key,
    const char *const ok[], const char *supported)
{
	const char *act = str(s, key);
	size_t i;

	if (act == NULL)
		return 0;
	for (i = 0; ok[i] != NULL; i++)
		if (strcmp(act, ok[i]) == 0)
			return 0;
	refuse(m, "%s: Unsupported activation: %s. Only %s supported for now.",
	    model_who(m), act, supported);
	return 1;
}

/* refuse_activation() of the MLPs that take silu only (SiluAndMul), the
 * activation read from key */
static int
refuse_not_silu(const struct src *s, struct model *m, const char *key)
{
	static const char *const silu[] = { "silu", NULL };

	return refuse_activation(s, m, key, silu, "silu is");
}

/* The linear biases of exaone.py, exaone4.py and hunyuan_v1.py: qkv_proj's
 * and o_proj's (out_proj's) under attention_bias or bias, the gated MLP's
 * under mlp_bias. */
static void
fix_attention_mlp_bias(const struct src *s, struct model *m)
{
	m->qkv_bias = boolean(s, "attention_bias", 0) || boolean(s, "bias", 0);
	m->bias_mask &= ~(MODEL_BIAS_O | MODEL_BIAS_MLP);
	if (m->qkv_bias)
		m->bias_mask |= MODEL_BIAS_O;
	if (boolean(s, "mlp_bias", 0))
		m->bias_mask |= MODEL_BIAS_MLP;
}

/*
 * exaone4.py (EXAONE 4.0; vLLM @00620f9): head_dim from the config, else
 * hidden / heads; a qkv_proj and o_proj bias under attention_bias or bias,
 * MLP biases under mlp_bias; post-LN, two RMSNorms a layer as the standard
 * layer counts them (q_norm and k_norm of head_dim are not counted, as no
 * family counts QK norms); one get_rope() cache over
 * max_position_embeddings whether a layer applies it or not; only silu.
 */
static void
fix_exaone4(const struct src *s, struct model *m)
{
	if (refuse_not_silu(s, m, "hidden_act"))
		return;
	fix_attention_mlp_bias(s, m);
}

/*
 * hunyuan_v1.py (HunYuanDenseV1ForCausalLM, HunYuanMoEV1ForCausalLM; vLLM
 * @00f8d44): head size head_dim, else attention_head_dim, else hidden /
 * heads; a qkv_proj and o_proj bias under attention_bias or bias; the
 * dense MLP's biases under mlp_bias (the MoE block's shared_mlp and
 * experts have none); the lm_head tied under tie_word_embeddings; one
 * get_rope() cache of the whole head over max_position_embeddings
 * (query_layernorm and key_layernorm of use_qk_norm, head_dim each, are
 * not counted, as no family counts QK norms); only silu (HunYuanMLP).
 * use_cla is refused before (read_unknown), the MoE lists read by
 * read_hunyuan_moe(): HunYuanSparseMoeBlock in every layer when
 * num_experts > 1, its gate a 16-bit ReplicatedLinear (quant_config None),
 * experts and shared_mlp without bias; num_experts given as a list is
 * refused (the gate and FusedMoE take it as one number).
 */
static void
fix_hunyuan(const struct src *s, struct model *m)
{
	if (cJSON_IsArray(get(s, "num_experts"))) {
		refuse_field(m, model_who(m), "num_experts",
		    "a list; hunyuan_v1.py sizes its gate and experts by one "
		    "number");
		return;
	}
	if (refuse_not_silu(s, m, "hidden_act"))
		return;
	if (get(s, "head_dim") == NULL && num(s, "attention_head_dim", 0) > 0)
		m->head_dim = num(s, "attention_head_dim", 0);
	m->rotary_dim = m->head_dim;
	fix_attention_mlp_bias(s, m);
	if (m->n_experts > 0)
		m->bias_mask &= ~MODEL_BIAS_MLP;
}

/*
 * baichuan.py (BaiChuanForCausalLM, BaichuanForCausalLM; vLLM @6b06599):
 * W_pack a QKVParallelLinear of as many KV heads as heads, head size
 * hidden / heads, no linear bias, two RMSNorms a layer, only silu
 * (BaiChuanMLP); RoPE on the whole head over max_position_embeddings
 * (8192 when the config leaves it out), except BaichuanForCausalLM with a
 * hidden_size other than 4096 (Baichuan 13B, Baichuan2 13B): ALIBI, no
 * rotary cache; the lm_head its own unless tie_word_embeddings.
 */
static void
fix_baichuan(const struct src *s, struct model *m)
{
	if (refuse_not_silu(s, m, "hidden_act"))
		return;
	if (m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	m->kv_heads = m->heads;
	m->qkv_bias = 0;
	m->rotary_dim = m->head_dim;
	m->rope_cache_len = num(s, "max_position_embeddings", 8192);
	if (strcmp(m->architecture, "BaichuanForCausalLM") == 0 &&
	    m->hidden != 4096)
		m->rotary_dim = 0;
}

/*
 * DeepSeek v1 (DeepseekForCausalLM) as deepseek_v2.py builds it (main
 * @002d607, DeepseekAttention, "Normal MHA implementation used by Deepseek
 * v1"): head size hidden / heads, num_key_value_heads KV heads, no linear
 * bias whatever attention_bias says, RoPE on the whole head over
 * max_position_embeddings; DeepseekV2MoE's experts from
 * first_k_dense_replace on every moe_layer_freq-th layer, shared experts
 * of moe_intermediate_size x n_shared_experts, the gate 16-bit; only silu.
 * rswa_window (RSWAAttention) is not modelled.
 */
static void
fix_deepseek_v1(const struct src *s, struct model *m)
{
	if (get(s, "rswa_window") != NULL) {
		refuse_field(m, model_who(m), "rswa_window",
		    "RSWAAttention's window");
		return;
	}
	if (refuse_not_silu(s, m, "hidden_act"))
		return;
	fix_head_from_hidden(s, m);
}

/*
 * starcoder2.py: head size hidden / heads, RoPE on the whole head over
 * max_position_embeddings; the use_bias biases, LayerNorms and two-matrix
 * MLP of std_biases[] and std_variants[]; the model-level sliding_window
 * on every layer (Attention takes cache_config.sliding_window when the
 * layer names none), as hfconfig.c reads a window without layer_types;
 * the lm_head tied under tie_word_embeddings (Starcoder2Config: true).
 */
static void
fix_starcoder2(const struct src *s, struct model *m)
{
	(void)s;
	if (m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	m->rotary_dim = m->head_dim;
}

/*
 * llama.py's LlamaDecoderLayer (InternLM3ForCausalLM is LlamaForCausalLM in
 * vLLM's registry): qkv_proj's bias under attention_bias or bias, unless
 * the config names qkv_bias, which then decides it; o_proj's under
 * attention_bias or bias; LlamaMLP's under mlp_bias; head_dim from the
 * config, else hidden / heads, as the standard fields read it.
 */
static void
fix_llama_biases(const struct src *s, struct model *m)
{
	int bias = boolean(s, "attention_bias", 0) || boolean(s, "bias", 0);

	m->qkv_bias =
	    get(s, "qkv_bias") != NULL ? boolean(s, "qkv_bias", 0) : bias;
	if (bias)
		m->bias_mask |= MODEL_BIAS_O;
	if (boolean(s, "mlp_bias", 0))
		m->bias_mask |= MODEL_BIAS_MLP;
}

/*
 * glm.py (GlmForCausalLM, GLM-4 as transformers >= 4.46 writes it; vLLM
 * @466716c, after the fix of issue #16904): LlamaForCausalLM with
 * partial_rotary_factor set to 0.5 whatever the config says, so RoPE on
 * half the head, and o_proj's bias dropped (o_proj.bias = None); the
 * rest LlamaDecoderLayer's (fix_llama_biases(): a qkv_proj bias under
 * attention_bias or bias).
 */
static void
fix_glm(const struct src *s, struct model *m)
{
	fix_llama_biases(s, m);
	m->bias_mask &= ~MODEL_BIAS_O;
	m->rotary_dim = m->head_dim / 2;
}

/*
 * glm4.py (Glm4ForCausalLM, GLM-4-0414 and GLM-Z1; vLLM @055e47c): head_dim
 * from the config, else hidden / heads; a qkv_proj bias under
 * attention_bias only, none on o_proj or the LlamaMLP; four RMSNorms a
 * layer (input, post_self_attn, post_attention, post_mlp); RoPE on
 * partial_rotary_factor of the head, 0.5 when the config gives none (the
 * file's setdefault on rope_parameters), over max_position_embeddings;
 * the lm_head tied under tie_word_embeddings; the MTP layers
 * (num_nextn_predict_layers) dropped by its weights mapper; only silu.
 */
static void
fix_glm4(const struct src *s, struct model *m)
{
	const cJSON *rp = get(s, "rope_parameters");
	const cJSON *pf = item(rp, "partial_rotary_factor");

	if (refuse_not_silu(s, m, "hidden_act"))
		return;
	m->qkv_bias = boolean(s, "attention_bias", 0);
	m->bias_mask &= ~(MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_NORM_ONE);
	m->bias_mask |= MODEL_NORM_FOUR;
	if (cJSON_IsNumber(get(s, "partial_rotary_factor")))
		return;
	if (cJSON_IsNumber(pf) && pf->valuedouble > 0 && pf->valuedouble <= 1)
		m->rotary_dim = (int)(m->head_dim * pf->valuedouble);
	else
		m->rotary_dim = m->head_dim / 2;
}

/*
 * minicpm.py (MiniCPMForCausalLM; the mirror 1CatAI/1Cat-vLLM @92a785c of
 * vLLM's file): head size hidden / heads whatever head_dim says, no linear
 * bias, RoPE on the whole head over max_position_embeddings (8192 when
 * left out); under num_experts a MiniCPMMoE of num_experts experts of
 * intermediate_size and a 16-bit ReplicatedLinear gate, else
 * MiniCPMMLP, which takes silu or fatrelu only; the lm_head tied under
 * tie_word_embeddings.  scale_emb, scale_depth and dim_model_base change
 * no memory.
 */
static void
fix_minicpm(const struct src *s, struct model *m)
{
	static const char *const act[] = { "silu", "fatrelu", NULL };

	if (m->n_experts == 0 &&
	    refuse_activation(s, m, "hidden_act", act, "silu and fatrelu are"))
		return;
	fix_head_from_hidden(s, m);
	m->bias_mask &= ~(MODEL_BIAS_O | MODEL_BIAS_MLP);
	if (get(s, "max_position_embeddings") == NULL)
		m->rope_cache_len = 8192;
}

/* A size of a MiniCPM3 config: k's number, def when the config leaves it
 * out; -1 (m refused naming k) when it is not a positive size. */
static int
minicpm3_size(const struct src *s, struct model *m, const char *k, int def)
{
	int v = num(s, k, def);

	if (v > 0 && v <= 65536)
		return v;
	refuse_field(m, model_who(m), k, "not a positive size");
	return -1;
}

/*
 * minicpm3.py (MiniCPM3ForCausalLM, a MiniCPMForCausalLM; vLLM @009ccee):
 * MiniCPM3Attention builds MLA's projections (q_a_proj, replicated, and
 * q_a_layernorm under q_lora_rank, else q_proj; kv_a_proj_with_mqa,
 * replicated, kv_a_layernorm, kv_b_proj, o_proj) but attends with the
 * ordinary Attention over num_heads / TP KV heads of qk_nope_head_dim +
 * qk_rope_head_dim, V padded to that size: no latent cache, whatever
 * num_key_value_heads says.  RoPE on qk_rope_head_dim.  MiniCPM3Config
 * (configuration_minicpm.py of openbmb/MiniCPM3-4B @6fcf8b4) fills what
 * the config leaves out: qk_nope_head_dim 64, qk_rope_head_dim 32,
 * kv_lora_rank 256, q_lora_rank 768 (null: q_proj), v_head_dim
 * qk_nope_head_dim.  The MLP, norms and lm_head as fix_minicpm.
 */
static void
fix_minicpm3(const struct src *s, struct model *m)
{
	int nope, rope, v;

	fix_minicpm(s, m);
	if (m->refusal != NULL)
		return;
	nope = minicpm3_size(s, m, "qk_nope_head_dim", 64);
	rope = minicpm3_size(s, m, "qk_rope_head_dim", 32);
	m->kv_lora_rank = minicpm3_size(s, m, "kv_lora_rank", 256);
	v = minicpm3_size(s, m, "v_head_dim", nope);
	if (m->refusal != NULL)
		return;
	if (v > nope + rope) {
		refuse_field(m, model_who(m), "v_head_dim",
		    "larger than qk_nope_head_dim + qk_rope_head_dim, the "
		    "head the values are padded to");
		return;
	}
	m->q_lora_rank = num(s, "q_lora_rank",
	    cJSON_GetObjectItemCaseSensitive(s->text, "q_lora_rank") == NULL &&
		    cJSON_GetObjectItemCaseSensitive(s->root, "q_lora_rank") ==
			NULL
		? 768
		: 0);
	m->qk_nope_head_dim = nope;
	m->qk_rope_head_dim = rope;
	m->v_head_dim = v;
	m->mla = 0;
	m->mla_mha = 1;
	m->kv_heads = m->heads;
	m->head_dim = nope + rope;
	m->rotary_dim = rope;
}

/*
 * exaone.py (ExaoneForCausalLM, EXAONE 3.0 / 3.5 / Deep; vLLM @a853eff):
 * head_dim from the config, else hidden / heads; a qkv_proj and out_proj
 * bias under attention_bias or bias, the gated MLP's under mlp_bias; two
 * RMSNorms a layer (ln_1, ln_2); RoPE on the whole head over
 * max_position_embeddings; the lm_head tied under tie_word_embeddings;
 * num_layers read as num_hidden_layers (vLLM's ExaoneConfig); the
 * activation from activation_function, only silu (ExaoneGatedMLP).
 */
static void
fix_exaone(const struct src *s, struct model *m)
{
	if (refuse_not_silu(s, m, "activation_function"))
		return;
	fix_attention_mlp_bias(s, m);
	m->rotary_dim = m->head_dim;
	if (get(s, "max_position_embeddings") == NULL)
		m->rope_cache_len = 8192;
}

/*
 * telechat2.py (TeleChat2ForCausalLM, and TeleChatForCausalLM, which
 * vLLM's registry serves with the same class; vLLM @0c4bb0e): LlamaModel
 * over the config's attribute map (n_layer, n_head, ffn_hidden_size, as
 * the standard fields read them) with hidden_act set to silu whatever the
 * config says, so no activation is refused; num_key_value_heads, which
 * must be given (refused otherwise); a head of head_dim, else hidden / heads; the o_proj and down_proj
 * biases of class_layouts[]; LlamaAttention's RoPE over
 * max_position_embeddings, 8192 when the config leaves it out (seq_length
 * is not read there); the lm_head tied under tie_word_embeddings.
 */
static void
fix_telechat2(const struct src *s, struct model *m)
{
	/* vLLM's Telechat2Config (vllm/transformers_utils/configs/
	 * telechat2.py) pops num_key_value_heads with a default of None,
	 * which LlamaAttention compares with the TP size */
	if (!cJSON_IsNumber(get(s, "num_key_value_heads"))) {
		refuse_field(m, model_who(m), "num_key_value_heads",
		    "left out: vLLM's Telechat2Config sets it to None, which "
		    "LlamaAttention cannot size");
		return;
	}
	m->qkv_bias = 0;
	m->rotary_dim = m->head_dim;
	if (get(s, "max_position_embeddings") == NULL)
		m->rope_cache_len = 8192;
}

/*
 * grok1.py (Grok1ModelForCausalLM, Grok1ForCausalLM: GrokForCausalLM, vLLM
 * @048a32c; served up to 0.24.0): head size hidden / heads, no linear
 * bias, four RMSNorms a layer (pre_attn, post_attn, pre_moe, post_moe),
 * RoPE on the whole head over max_position_embeddings; every layer a
 * Grok1MoE of num_experts experts of moe_intermediate_size, else
 * intermediate_size, with a 16-bit ReplicatedLinear gate; the lm_head
 * tied under tie_word_embeddings.  residual_moe (Grok 2's dense MLP
 * beside the experts) is refused before (memory_fields[]).
 */
static void
fix_grok1(const struct src *s, struct model *m)
{
	fix_head_from_hidden(s, m);
	m->bias_mask &= ~(MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_NORM_ONE);
	m->bias_mask |= MODEL_NORM_FOUR;
}

/*
 * ernie45.py (Ernie4_5ForCausalLM, ERNIE 4.5 dense): LlamaForCausalLM
 * with o_proj's bias dropped and RoPE on the whole head (not neox style,
 * which changes no memory).  llama.py reads attention_bias or bias, not
 * ERNIE's use_bias, so a true use_bias names biases vLLM builds no
 * parameter for: refused.
 */
static void
fix_ernie45(const struct src *s, struct model *m)
{
	if (boolean(s, "use_bias", 0)) {
		refuse_field(m, model_who(m), "use_bias",
		    "biases llama.py, which serves Ernie4_5ForCausalLM, does "
		    "not build: it reads attention_bias or bias");
		return;
	}
	fix_llama_biases(s, m);
	m->bias_mask &= ~MODEL_BIAS_O;
	m->rotary_dim = m->head_dim;
}

/*
 * granitemoe.py (GraniteMoeForCausalLM; vLLM @045e200): head size hidden /
 * heads, qkv_proj and o_proj without bias, RoPE on the whole head over
 * max_position_embeddings; every layer a GraniteMoeMoE of
 * num_local_experts experts of intermediate_size and a 16-bit
 * ReplicatedLinear gate, no dense or shared MLP; the multipliers change no
 * memory.  An attention_bias the file does not build is refused.
 */
static void
fix_granitemoe(const struct src *s, struct model *m)
{
	if (boolean(s, "attention_bias", 0)) {
		refuse_field(m, model_who(m), "attention_bias",
		    "a bias granitemoe.py does not build");
		return;
	}
	fix_head_from_hidden(s, m);
}

/*
 * ernie45_moe.py (Ernie4_5_MoeForCausalLM; vLLM @0028a75): head_dim from the
 * config, else hidden / heads; a qkv_proj bias under use_bias, none on
 * o_proj; RoPE on the whole head over max_position_embeddings, 131072 when
 * the config leaves it out; the dense MLP's biases under use_bias, the
 * shared experts' (moe_intermediate_size x moe_num_shared_experts) none;
 * the experts where (layer + 1) % moe_layer_interval is 0 from
 * moe_layer_start_index on (read_unknown_moe()), a 16-bit gate (its
 * e_score_correction_bias, one number an expert, not counted); only silu.
 */
static void
fix_ernie45_moe(const struct src *s, struct model *m)
{
	if (refuse_not_silu(s, m, "hidden_act"))
		return;
	if (get(s, "head_dim") == NULL && m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	m->rotary_dim = m->head_dim;
	m->qkv_bias = boolean(s, "use_bias", 0);
	m->bias_mask &= ~MODEL_BIAS_O;
	if (m->qkv_bias)
		m->bias_mask |= MODEL_BIAS_MLP;
	if (get(s, "max_position_embeddings") == NULL)
		m->rope_cache_len = 131072;
}

/*
 * dots1.py (Dots1ForCausalLM, dots.llm1; vLLM @00bd149): head_dim from the
 * config, else hidden / heads; a qkv_proj bias under attention_bias, none on
 * o_proj (q_norm and k_norm of head_dim not counted, as no family counts
 * QK norms); RoPE on the whole head over max_position_embeddings; experts
 * from first_k_dense_replace on, shared experts of moe_intermediate_size x
 * n_shared_experts, a 16-bit gate (an e_score_correction_bias under
 * noaux_tc not counted); the lm_head a ParallelLMHead of its own whatever
 * tie_word_embeddings says; only silu.
 */
static void
fix_dots1(const struct src *s, struct model *m)
{
	if (refuse_not_silu(s, m, "hidden_act"))
		return;
	if (get(s, "head_dim") == NULL && m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	m->rotary_dim = m->head_dim;
	m->qkv_bias = boolean(s, "attention_bias", 0);
	m->bias_mask &= ~MODEL_BIAS_O;
	m->tie_embeddings = 0;
}

/*
 * apertus.py (ApertusForCausalLM; vLLM @e85b9bd): LlamaDecoderLayer's bias
 * rule (fix_llama_biases()), head_dim from the config, else hidden / heads,
 * RoPE on partial_rotary_factor of the head over max_position_embeddings,
 * the two-matrix ApertusMLP of std_variants[] (up_proj, down_proj) with
 * XIELU, whose four scalars a layer are not counted, nor q_norm and k_norm
 * of head_dim (as no family counts QK norms); an activation other than
 * xielu refused in ApertusMLP's words.
 */
static void
fix_apertus(const struct src *s, struct model *m)
{
	static const char *const xielu[] = { "xielu", NULL };

	if (refuse_activation(s, m, "hidden_act", xielu, "xIELU is"))
		return;
	fix_llama_biases(s, m);
}

/* 1 when the RoPE object o names a scaling (a rope_type or type other than
 * default, or a factor). */
static int
rope_is_scaled(const cJSON *o)
{
	const cJSON *t = item(o, "rope_type");

	if (!cJSON_IsString(t))
		t = item(o, "type");
	if (cJSON_IsString(t))
		return strcmp(t->valuestring, "default") != 0;
	return cJSON_IsNumber(item(o, "factor"));
}

/*
 * OLMo 3 (Olmo3ForCausalLM): olmo2.py serves it up to the releases that
 * give it olmo3.py (@1ea15e9), which builds the same layers: OLMo 2's head
 * of hidden / heads and no linear bias (fix_head_from_hidden()), the
 * sliding window on the layer_types entries "sliding_attention"
 * (hfconfig.c), and the rope scaling on the full-attention layers only
 * ("Rope scaling is only applied on full attention layers"): a scaled
 * config has two get_rope() caches, the full layers' (rope_cache_len,
 * yarn's original_max_position_embeddings x factor rows) and the sliding
 * layers' unscaled one of max_position_embeddings rows.  A rope_parameters
 * split by layer type (transformers 5) is refused: which entry sizes the
 * derived length is not read.
 */
static void
fix_olmo3(const struct src *s, struct model *m)
{
	const cJSON *rs = get(s, "rope_scaling");

	if (rs == NULL)
		rs = get(s, "rope_parameters");
	if (cJSON_IsObject(item(rs, "full_attention")) ||
	    cJSON_IsObject(item(rs, "sliding_attention"))) {
		refuse_field(m, model_who(m), "rope_parameters",
		    "a RoPE entry per layer type");
		return;
	}
	fix_head_from_hidden(s, m);
	if (!cJSON_IsObject(rs) || !rope_is_scaled(rs) || m->n_sliding == 0 ||
	    m->max_position <= 0)
		return;
	if (m->n_sliding >= m->layers) {
		m->rope_cache_len = m->max_position;
		return;
	}
	m->rope2_dim = m->rotary_dim;
	m->rope2_len = m->max_position;
}

/* The length and RoPE rows of a config that leaves max_position_embeddings
 * out: DEF, its config class's default (vLLM reads the class's attribute),
 * where no other length key gave one. */
static void
default_max_position(const struct src *s, struct model *m, int64_t def)
{
	if (get(s, "max_position_embeddings") != NULL ||
	    (m->derived_key != NULL && strcmp(m->derived_key, "default") != 0))
		return;
	m->max_position = def;
	m->derived_max_len = def;
	m->rope_cache_len = def;
}

/*
 * olmo.py (OlmoForCausalLM, OLMo 1; vLLM @4ae0583): head size hidden /
 * heads and as many KV heads as heads whatever num_key_value_heads says
 * (QKVParallelLinear without a KV head count); qkv_proj and o_proj biases
 * under attention_bias, none in the MLP; RoPE on the whole head over
 * max_position_embeddings; every LayerNorm elementwise_affine=False, so
 * no norm weights at all; the lm_head tied under tie_word_embeddings.
 * clip_qkv changes no memory.
 */
static void
fix_olmo(const struct src *s, struct model *m)
{
	fix_head_from_hidden(s, m);
	m->kv_heads = m->heads;
	m->qkv_bias = boolean(s, "attention_bias", 0);
	m->bias_mask &= ~(MODEL_BIAS_O | MODEL_BIAS_MLP);
	if (m->qkv_bias)
		m->bias_mask |= MODEL_BIAS_O;
	m->bias_mask |= MODEL_NORM_NONE;
}

/*
 * qwen.py (QWenLMHeadModel, Qwen 1; vLLM @002800f, served up to 0.23.0): head size hidden /
 * heads and as many KV heads as heads (c_attn a QKVParallelLinear with a
 * bias, whatever kv_channels says), c_proj without bias, QWenMLP of
 * intermediate_size / 2 (std_variants[]) without bias, only silu; RoPE on
 * the whole head over max_position_embeddings; the lm_head tied under
 * tie_word_embeddings.  use_dynamic_ntk and use_logn_attn change no
 * memory.
 */
static void
fix_qwen(const struct src *s, struct model *m)
{
	if (refuse_not_silu(s, m, "hidden_act"))
		return;
	fix_head_from_hidden(s, m);
	m->kv_heads = m->heads;
	m->qkv_bias = 1;
	m->bias_mask &= ~(MODEL_BIAS_O | MODEL_BIAS_MLP);
}

/*
 * bloom.py (BloomForCausalLM): head size hidden / n_head, as many KV heads
 * as heads, ALiBi (alibi_slopes, no rotary embedding and so no cos/sin
 * cache), a BloomMLP of 4 x hidden whatever n_inner says; the biases,
 * LayerNorms and word_embeddings_layernorm of std_biases[], the lm_head
 * tied under tie_word_embeddings.
 */
static void
fix_bloom(const struct src *s, struct model *m)
{
	(void)s;
	if (m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	m->kv_heads = m->heads;
	m->intermediate = 4 * m->hidden;
	m->rotary_dim = 0;
}

/*
 * phimoe.py (PhiMoEForCausalLM, Phi-3.5-MoE; vLLM @0152400): head_dim from
 * the config, else hidden / heads; qkv_proj and o_proj with a bias always;
 * every layer a PhiMoE of num_local_experts experts of intermediate_size
 * (no bias) with a 16-bit ReplicatedLinear gate; nn.LayerNorm (weight and
 * bias) around attention and MLP and at the end; the lm_head a
 * ParallelLMHead of its own with a bias, whatever tie_word_embeddings
 * says.
 */
static void
fix_phimoe(const struct src *s, struct model *m)
{
	(void)s;
	m->qkv_bias = 1;
	m->bias_mask &= ~MODEL_BIAS_MLP;
	m->bias_mask |= MODEL_BIAS_O | MODEL_BIAS_NORM | MODEL_BIAS_HEAD;
	m->tie_embeddings = 0;
}

/*
 * persimmon.py (PersimmonForCausalLM; vLLM @00c9e10, served up to 0.25.0):
 * head size hidden / heads and as many KV heads as heads, query_key_value
 * and dense with a bias, RoPE on partial_rotary_factor of the head (0.5,
 * PersimmonConfig's default, when left out); PersimmonMLP's two matrices
 * (std_variants[]) with biases; nn.LayerNorm (weight and bias) around
 * attention and MLP and at the end (q_layernorm and k_layernorm of head
 * size not counted, as no family counts QK norms); the lm_head a
 * ParallelLMHead of its own without bias.
 */
static void
fix_persimmon(const struct src *s, struct model *m)
{
	const cJSON *f = get(s, "partial_rotary_factor");
	double pf = cJSON_IsNumber(f) ? f->valuedouble : 0.5;

	fix_head_from_hidden(s, m);
	m->kv_heads = m->heads;
	m->qkv_bias = 1;
	m->bias_mask |= MODEL_BIAS_O | MODEL_BIAS_MLP | MODEL_BIAS_NORM;
	if (pf > 0 && pf <= 1)
		m->rotary_dim = (int)(pf * m->head_dim);
	m->tie_embeddings = 0;
}

/*
 * nemotron.py (NemotronForCausalLM, Nemotron-4 and Minitron; vLLM
 * @ccf9c9b) with vLLM's NemotronConfig (transformers_utils/configs/
 * nemotron.py): head_dim from the config, else kv_channels, else hidden /
 * heads; RoPE on partial_rotary_factor of the head, rope_percent or
 * rope_percentage first when given, 0.5 when none is; qkv_proj and o_proj
 * with a bias under attention_bias or bias, NemotronMLP's up_proj and
 * down_proj (std_variants[]) under mlp_bias; NemotronLayerNorm1P, an
 * nn.LayerNorm with weight and bias, twice a layer and at the end; the
 * lm_head tied under tie_word_embeddings (False when left out); RoPE over
 * max_position_embeddings, 4096 when left out.
 */
static void
fix_nemotron(const struct src *s, struct model *m)
{
	static const char *const keys[] = { "rope_percent", "rope_percentage",
		"partial_rotary_factor" };
	int bias = boolean(s, "attention_bias", 0) || boolean(s, "bias", 0);
	double pf = 0.5;
	size_t i;

	if (get(s, "head_dim") == NULL && num(s, "kv_channels", 0) > 0)
		m->head_dim = num(s, "kv_channels", 0);
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		const cJSON *f = get(s, keys[i]);

		if (cJSON_IsNumber(f) && f->valuedouble > 0 &&
		    f->valuedouble <= 1) {
			pf = f->valuedouble;
			break;
		}
	}
	m->rotary_dim = (int)(pf * m->head_dim);
	m->qkv_bias = bias;
	m->bias_mask &= ~(MODEL_BIAS_O | MODEL_BIAS_MLP);
	m->bias_mask |= MODEL_BIAS_NORM | (bias ? MODEL_BIAS_O : 0) |
	    (boolean(s, "mlp_bias", 0) ? MODEL_BIAS_MLP : 0);
	default_max_position(s, m, 4096);
}

/*
 * jais2.py (Jais2ForCausalLM, Jais 2; vLLM @055e47c) with transformers'
 * Jais2Config (models/jais2/configuration_jais2.py): head_dim from the
 * config, which Jais2Config fills with hidden / heads; qkv_proj and o_proj
 * with a bias under attention_bias or bias, Jais2MLP's up_proj and
 * down_proj (std_variants[], ReLU^2 whatever hidden_act says) under
 * mlp_bias, both True when left out (Jais2Config's defaults); nn.LayerNorm
 * with weight and bias twice a layer and at the end; RoPE on the whole
 * head over max_position_embeddings, 8192 when left out; the lm_head tied
 * under tie_word_embeddings.  interleaved_sliding_window is refused before
 * (read_unknown()).
 */
static void
fix_jais2(const struct src *s, struct model *m)
{
	int bias = boolean(s, "attention_bias", 1) || boolean(s, "bias", 0);

	m->qkv_bias = bias;
	m->bias_mask &= ~(MODEL_BIAS_O | MODEL_BIAS_MLP);
	m->bias_mask |= MODEL_BIAS_NORM | (bias ? MODEL_BIAS_O : 0) |
	    (boolean(s, "mlp_bias", 1) ? MODEL_BIAS_MLP : 0);
	m->rotary_dim = m->head_dim;
	default_max_position(s, m, 8192);
}

/*
 * olmoe.py (OlmoeForCausalLM, OLMoE; vLLM @048a32c): head size hidden /
 * heads, qkv_proj and o_proj without bias whatever attention_bias says,
 * RoPE on the whole head over max_position_embeddings (4096 when the
 * config leaves it out); every layer an OlmoeMoE of num_experts experts of
 * intermediate_size with a 16-bit ReplicatedLinear gate, no dense or
 * shared MLP; the full-width q_norm and k_norm not counted, as OLMo 2's;
 * the lm_head a ParallelLMHead of its own whatever tie_word_embeddings
 * says.  hidden_act is not read (FusedMoE's SiLU).
 */
static void
fix_olmoe(const struct src *s, struct model *m)
{
	fix_head_from_hidden(s, m);
	m->bias_mask &= ~(MODEL_BIAS_O | MODEL_BIAS_MLP);
	m->tie_embeddings = 0;
	default_max_position(s, m, 4096);
}

/*
 * seed_oss.py (SeedOssForCausalLM, Seed-OSS; vLLM @055e47c): head_dim from
 * the config, 128 when it leaves it out (transformers' SeedOssConfig; a
 * null head_dim is hidden / heads); a qkv_proj bias always, none on o_proj
 * or the MLP whatever attention_bias, attention_out_bias and mlp_bias
 * say; RoPE on the whole head over max_position_embeddings (524288, the
 * SeedOssConfig default, when left out); the lm_head tied under
 * tie_word_embeddings; only silu (SeedOssMLP raises otherwise).  A window
 * on fewer layers than all (max_window_layers below num_hidden_layers)
 * trips SeedOssModel's assertion.
 */
static void
fix_seed_oss(const struct src *s, struct model *m)
{
	const cJSON *hd = cJSON_GetObjectItemCaseSensitive(s->text, "head_dim");
	int mwl = num(s, "max_window_layers", m->layers);

	if (refuse_not_silu(s, m, "hidden_act"))
		return;
	if (m->sliding_window > 0 && mwl != m->layers) {
		refuse(m,
		    "%s: Sliding window for some but all layers is not "
		    "supported. This model uses sliding window but "
		    "`max_window_layers` = %d is less than "
		    "`num_hidden_layers` = %d.",
		    model_who(m), mwl, m->layers);
		return;
	}
	if (hd == NULL)
		m->head_dim = 128;
	else if (cJSON_IsNull(hd) && m->heads > 0)
		m->head_dim = m->hidden / m->heads;
	m->rotary_dim = m->head_dim;
	m->qkv_bias = 1;
	m->bias_mask &= ~(MODEL_BIAS_O | MODEL_BIAS_MLP);
	default_max_position(s, m, 524288);
}

/*
 * Classes whose vLLM model file builds the standard decoder layer from the
 * fields headroom reads, with the class's own rule in fix (NULL: none),
 * each worked by hand against a real config.json of it
 * (tests/unit/test_arch_registry.c, registry::read_class_*;
 * doc/architectures.md): planned without the standard-attention
 * assumption, the field refusals of read_unknown() applying as before.
 */
static const struct {
	const char *arch;
	void (*fix)(const struct src *, struct model *);
} read_classes[] = {
	{ "Olmo2ForCausalLM", fix_head_from_hidden },
	{ "InternLM2ForCausalLM", fix_head_from_hidden },
	{ "ChatGLMModel", fix_chatglm },
	{ "ChatGLMForConditionalGeneration", fix_chatglm },
	{ "CohereForCausalLM", fix_cohere },
	{ "Cohere2ForCausalLM", fix_cohere },
	{ "MiMoForCausalLM", fix_mimo },
	{ "Glm4MoeForCausalLM", fix_glm4_moe },
	{ "MiniMaxM2ForCausalLM", fix_minimax_m2 },
	{ "Glm4MoeLiteForCausalLM", fix_glm4_moe_lite },
	/* the two-matrix MLPs, biases and position tables of std_variants[]
	 * and std_biases[] (gpt2.py, gpt_bigcode.py, gptj.py, gpt_neox.py) */
	{ "GPT2LMHeadModel", fix_no_rope },
	{ "GPTBigCodeForCausalLM", fix_no_rope },
	{ "GPTJForCausalLM", fix_gptj },
	{ "GPTNeoXForCausalLM", NULL },
	/* falcon.py: multi_query, bias, parallel_attn and its norms as
	 * std_variants[] and std_biases[] give them */
	{ "FalconForCausalLM", fix_falcon },
	{ "RWForCausalLM", fix_falcon },
	{ "StableLmForCausalLM", fix_stablelm },
	{ "StableLMEpochForCausalLM", fix_stablelm },
	{ "OrionForCausalLM", fix_orion },
	{ "Exaone4ForCausalLM", fix_exaone4 },
	{ "HunYuanDenseV1ForCausalLM", fix_hunyuan },
	{ "BaiChuanForCausalLM", fix_baichuan },
	{ "BaichuanForCausalLM", fix_baichuan },
	{ "DeepseekForCausalLM", fix_deepseek_v1 },
	{ "Starcoder2ForCausalLM", fix_starcoder2 },
	{ "InternLM3ForCausalLM", fix_llama_biases },
	{ "GraniteMoeForCausalLM", fix_granitemoe },
	{ "Ernie4_5_MoeForCausalLM", fix_ernie45_moe },
	{ "Dots1ForCausalLM", fix_dots1 },
	{ "ApertusForCausalLM", fix_apertus },
	{ "GlmForCausalLM", fix_glm },
	{ "Ernie4_5ForCausalLM", fix_ernie45 },
	/* the same ernie45.py class under its name before #21735 */
	{ "Ernie4_5_ForCausalLM", fix_ernie45 },
	{ "Glm4ForCausalLM", fix_glm4 },
	{ "MiniCPMForCausalLM", fix_minicpm },
	{ "MiniCPM3ForCausalLM", fix_minicpm3 },
	{ "ExaoneForCausalLM", fix_exaone },
	{ "Grok1ModelForCausalLM", fix_grok1 },
	{ "Grok1ForCausalLM", fix_grok1 },
	{ "Olmo3ForCausalLM", fix_olmo3 },
	{ "OlmoeForCausalLM", fix_olmoe },
	{ "OlmoForCausalLM", fix_olmo },
	/* LlamaForCausalLM in vLLM's registry (llama.py, "Support
	 * internlm/internlm-7b with bias") */
	{ "InternLMForCausalLM", fix_llama_biases },
	/* the same: #10814 (2024-12, before 0.6.5) deleted xverse.py and its
	 * split-only KV heads; every release headroom models replicates them
	 * below the TP size as LlamaAttention does */
	{ "XverseForCausalLM", fix_llama_biases },
	{ "QWenLMHeadModel", fix_qwen },
	{ "BloomForCausalLM", fix_bloom },
	{ "PhiMoEForCausalLM", fix_phimoe },
	{ "PersimmonForCausalLM", fix_persimmon },
	/* DeepSeek-V3's MLA and MoE as DeepseekV3ForCausalLM reads them:
	 * mistral_large_3.py subclasses it and only renames the weights;
	 * AXK1.py builds DeepseekV2's MLA (AXK1MLAAttention), its MoE (a
	 * 16-bit ReplicatedLinear gate, n_shared_experts shared experts of
	 * moe_intermediate_size, experts where layer >= first_k_dense_replace
	 * and layer % moe_layer_freq == 0) and a post_mlp_layernorm on the
	 * MoE layers, not counted (hidden_size a layer) */
	{ "MistralLarge3ForCausalLM", NULL },
	{ "AXK1ForCausalLM", NULL },
	{ "SeedOssForCausalLM", fix_seed_oss },
	{ "NemotronForCausalLM", fix_nemotron },
	/* LlamaForCausalLM in vLLM's registry ("For decapoda-research/
	 * llama-*"): llama.py's LlamaDecoderLayer */
	{ "LLaMAForCausalLM", fix_llama_biases },
	{ "Jais2ForCausalLM", fix_jais2 },
	/* LlamaForCausalLM in vLLM's registry: LlamaDecoderLayer, the
	 * sliding layers of layer_types (llama.py's LlamaAttention) */
	{ "CwmForCausalLM", fix_llama_biases },
	{ "HunYuanMoEV1ForCausalLM", fix_hunyuan },
	/* telechat2.py's TeleChat2ForCausalLM, which vLLM's registry also
	 * builds for TeleChatForCausalLM (served up to 0.25.0) */
	{ "TeleChatForCausalLM", fix_telechat2 },
	{ "TeleChat2ForCausalLM", fix_telechat2 },
	/* mistral.py's MistralForCausalLM in vLLM's registry, the text model
	 * Mistral3ForConditionalGeneration builds for model_type ministral3:
	 * LlamaForCausalLM's layers (llama_4_scaling changes no memory) */
	{ "Ministral3ForCausalLM", fix_llama_biases },
	/* flex_olmo.py: OlmoeForCausalLM with FlexOlmoDecoderLayer (OLMo 2's
	 * post-attention and post-feedforward RMSNorms, the same OlmoeAttention
	 * and q_norm / k_norm, FusedMoE experts with a 16-bit gate) */
	{ "FlexOlmoForCausalLM", fix_olmoe },
};

/* m read as its class of read_classes[] builds it: 1 when it is one. */
static int
read_class_fix(const struct src *s, struct model *m)
{
	size_t i;

	for (i = 0; i < sizeof read_classes / sizeof read_classes[0]; i++) {
		if (m->architecture == NULL ||
		    strcmp(m->architecture, read_classes[i].arch) != 0)
			continue;
		if (read_classes[i].fix != NULL)
			read_classes[i].fix(s, m);
		return 1;
	}
	return 0;
}

/*
 * Classes whose vLLM model file builds multi-head latent attention (one
 * latent KV head of kv_lora_rank + qk_rope_head_dim) from kv_lora_rank:
 * deepseek_v2.py's attention (glm4_moe_lite.py, mistral_large_3.py,
 * AXK1.py, deepseek_vl2.py, deepseek_ocr.py and the MTP drafter on it),
 * openpangu.py's OpenPanguMLAAttention, Pixtral over a Mistral-format MLA
 * text model.  Another class of the standard path that carries the field
 * is refused naming it: MiniCPM3 (minicpm3.py) reads the same fields into
 * an ordinary cache 27 times the latent one.
 */
static const char *const mla_classes[] = { "Glm4MoeLiteForCausalLM",
	"MistralLarge3ForCausalLM", "AXK1ForCausalLM",
	"PanguUltraMoEForCausalLM", "PanguEmbeddedForCausalLM",
	"PanguProMoEV2ForCausalLM", "DeepseekVLV2ForCausalLM",
	"DeepseekOCRForCausalLM", "PixtralForConditionalGeneration",
	"DeepSeekMTPModel" };

/*
 * openpangu.py's OpenPanguDecoderLayer (vLLM @0084eaf) builds
 * OpenPanguMLAAttention only when the config has all of qk_nope_head_dim,
 * qk_rope_head_dim, v_head_dim and kv_lora_rank (hasattr: openPangu's
 * remote PanguUltraMoEConfig gives no defaults), else an ordinary
 * attention over the KV heads: m, read as MLA from kv_lora_rank, refused
 * (1) naming the size its Pangu config leaves out.
 */
static int
refuse_pangu_partial_mla(const struct src *s, struct model *m)
{
	static const char *const classes[] = { "PanguEmbeddedForCausalLM",
		"PanguProMoEV2ForCausalLM", "PanguUltraMoEForCausalLM" };
	static const char *const sizes[] = { "qk_nope_head_dim",
		"qk_rope_head_dim", "v_head_dim" };
	char why[160];
	size_t i, j;

	if (!m->mla || m->architecture == NULL)
		return 0;
	for (i = 0; i < sizeof classes / sizeof classes[0]; i++) {
		if (strcmp(m->architecture, classes[i]) != 0)
			continue;
		for (j = 0; j < sizeof sizes / sizeof sizes[0]; j++) {
			if (get(s, sizes[j]) != NULL)
				continue;
			snprintf(why, sizeof why,
			    "without %s, openpangu.py builds no latent "
			    "attention but an ordinary one over the KV heads",
			    sizes[j]);
			refuse_field(m, model_who(m), "kv_lora_rank", why);
			return 1;
		}
	}
	return 0;
}

/* m refused (1) when it was read as MLA and its class does not build it. */
static int
refuse_unbuilt_mla(struct model *m)
{
	const char *arch = m->architecture ? built_class(m->architecture) : "";
	size_t i;

	if (!m->mla)
		return 0;
	for (i = 0; i < sizeof mla_classes / sizeof mla_classes[0]; i++)
		if (strcmp(arch, mla_classes[i]) == 0)
			return 0;
	refuse_field(m, model_who(m), "kv_lora_rank",
	    "multi-head latent attention, which headroom does not know "
	    "vLLM's model file of this class to build");
	return 1;
}

/*
 * An architecture no family names: priced from its standard fields, said
 * so; refused where its config carries what the standard fields miss.
 */
static void
read_unknown(const struct src *s, struct model *m)
{
	/* towers a config may describe that the standard fields do not */
	static const struct {
		const char *field, *what;
	} towers[] = {
		{ "vq_config", "an image tokenizer in the weights" },
		{ "audio_config", "an audio encoder" },
	};
	const char *arch = m->architecture, *mt = m->model_type;
	const char *who = model_who(m);
	char buf[400];
	size_t i;
	int fixed;

	snprintf(buf, sizeof buf,
	    "architecture %s (model_type %s) is not one "
	    "headroom has checked against vLLM; it is priced as "
	    "standard "
	    "attention from its standard fields",
	    arch && *arch ? arch : "(none)", mt && *mt ? mt : "(none)");
	free(m->assumption);
	m->assumption = xstrdup(buf);
	/* a sliding-window pattern headroom derives only for Gemma 2/3 and
	 * Cohere2 (hfconfig.c) and EXAONE 4's letters would otherwise slide
	 * every layer */
	if (m->sliding_window > 0 && get(s, "layer_types") == NULL &&
	    !pattern_read(mt) && !exaone_pattern(s, m) &&
	    get(s, "sliding_window_pattern") != NULL) {
		refuse_field(m, who, "sliding_window_pattern", NULL);
		return;
	}
	/* a window under the name only Cohere2's first configs give it
	 * (hfconfig.c reads it there): openpangu.py's Embedded attention
	 * slides every layer by it */
	if (m->sliding_window == 0 &&
	    get(s, "interleaved_sliding_window") != NULL) {
		refuse_field(m, who, "interleaved_sliding_window",
		    "a sliding window headroom does not read for this class");
		return;
	}
	/* Hunyuan's cross-layer attention: layers reading an earlier one's
	 * KV (hunyuan_v1.py, use_cla with cla_share_factor) */
	if (boolean(s, "use_cla", 0)) {
		refuse_field(m, who, "use_cla", "cross-layer KV sharing");
		return;
	}
	for (i = 0; i < sizeof towers / sizeof towers[0]; i++) {
		if (get(s, towers[i].field) != NULL) {
			refuse_field(m, who, towers[i].field, towers[i].what);
			return;
		}
	}
	if (is_vision_class(arch) && !m->multimodal) {
		refuse(m,
		    "%s: its vision tower is not described by a vision_config "
		    "headroom reads; headroom does not model it.",
		    who);
		return;
	}
	if (read_unknown_moe(s, m))
		return;
	check_layer_words(s, m);
	fixed = m->refusal == NULL && read_class_fix(s, m);
	if (m->refusal != NULL || refuse_unbuilt_mla(m) ||
	    refuse_pangu_partial_mla(s, m))
		return;
	if (fixed) {
		free(m->assumption);
		m->assumption = NULL;
	}
}

/*
 * Classes whose lm_head is always a ParallelLMHead of its own, whatever
 * tie_word_embeddings says or leaves out: vLLM's DeepseekV2ForCausalLM
 * (vllm/model_executor/models/deepseek_v2.py, main @002d607) and its
 * subclasses DeepseekForCausalLM, DeepseekV3ForCausalLM (DeepSeek-V3/R1,
 * Kimi K2), GlmMoeDsaForCausalLM and MistralLarge3ForCausalLM
 * (mistral_large_3.py); AXK1ForCausalLM's ParallelLMHead (AXK1.py).
 */
static const char *const own_lm_head[] = { "DeepseekV2ForCausalLM",
	"DeepseekForCausalLM", "DeepseekV3ForCausalLM", "GlmMoeDsaForCausalLM",
	"MistralLarge3ForCausalLM", "AXK1ForCausalLM" };

/* m's lm_head untied when its class never ties it (own_lm_head[]). */
static void
untie_own_lm_head(struct model *m)
{
	size_t i;

	for (i = 0; i < sizeof own_lm_head / sizeof own_lm_head[0]; i++)
		if (m->architecture != NULL &&
		    strcmp(built_class(m->architecture), own_lm_head[i]) == 0)
			m->tie_embeddings = 0;
}

/* The MLP and KV-head rules of std_variants[] for m's class. */
static void
apply_std_variant(const struct src *s, struct model *m)
{
	size_t i;

	for (i = 0; i < sizeof std_variants / sizeof std_variants[0]; i++) {
		if (m->architecture == NULL ||
		    strcmp(built_class(m->architecture),
			std_variants[i].arch) != 0)
			continue;
		if (std_variants[i].ungated)
			m->ffn_ungated = 1;
		if (std_variants[i].half)
			m->intermediate /= 2;
		if (std_variants[i].mq &&
		    !boolean(s, "new_decoder_architecture", 0))
			m->kv_heads =
			    boolean(s, "multi_query", 1) ? 1 : m->heads;
		return;
	}
}

/*
 * Layer layouts of classes the tables above do not describe, as their vLLM
 * model files build them, whatever their family: or-ed into bias_mask.
 * gemma2.py Gemma2DecoderLayer (@025adfb) and gemma3.py Gemma3DecoderLayer
 * build four GemmaRMSNorms a layer (input_layernorm,
 * post_attention_layernorm, pre_feedforward_layernorm,
 * post_feedforward_layernorm); telechat2.py (@0c4bb0e; TeleChat and
 * TeleChat 2) builds LlamaModel
 * with bias and mlp_bias, then drops qkv_proj's and gate_up_proj's bias:
 * o_proj and down_proj keep theirs.
 */
static const struct {
	const char *arch;
	int set;
} class_layouts[] = {
	{ "Gemma2ForCausalLM", MODEL_NORM_FOUR },
	{ "Gemma3ForCausalLM", MODEL_NORM_FOUR },
	{ "Gemma3ForConditionalGeneration", MODEL_NORM_FOUR },
	{ "TeleChatForCausalLM", MODEL_BIAS_O | MODEL_BIAS_DOWN },
	{ "TeleChat2ForCausalLM", MODEL_BIAS_O | MODEL_BIAS_DOWN },
};

/* The layout of class_layouts[] for m's class. */
static void
apply_class_layout(struct model *m)
{
	size_t i;

	for (i = 0; i < sizeof class_layouts / sizeof class_layouts[0]; i++)
		if (m->architecture != NULL &&
		    strcmp(built_class(m->architecture),
			class_layouts[i].arch) == 0) {
			m->bias_mask |= class_layouts[i].set;
			return;
		}
}

/* The biases and position table of std_biases[] for m's class. */
static void
apply_std_biases(const struct src *s, struct model *m)
{
	size_t i;

	for (i = 0; i < sizeof std_biases / sizeof std_biases[0]; i++) {
		if (m->architecture == NULL ||
		    strcmp(built_class(m->architecture), std_biases[i].arch) !=
			0)
			continue;
		m->bias_mask = std_biases[i].mask;
		if (std_biases[i].key != NULL &&
		    strcmp(std_biases[i].key, "bias") == 0 &&
		    boolean(s, "parallel_attn", 1) &&
		    num(s, "num_ln_in_parallel_attn",
			boolean(s, "new_decoder_architecture", 0) ? 2 : 1) != 2)
			m->bias_mask |= MODEL_NORM_ONE;
		if (std_biases[i].key != NULL &&
		    !boolean(s, std_biases[i].key, std_biases[i].def)) {
			m->bias_mask &= MODEL_BIAS_NORM | MODEL_NORM_ONE;
			return;
		}
		if (std_biases[i].qkv)
			m->qkv_bias = 1;
		if (std_biases[i].pos != NULL)
			m->abs_positions = num(s, std_biases[i].pos,
			    num(s, "max_position_embeddings", 0));
		return;
	}
}

/*
 * mlp_layer_types, "dense" or "sparse" per layer (GLM-5's configs as
 * transformers 5 writes them, cohere2_moe.py, exaone_moe.py): without
 * first_k_dense_replace its dense prefix is the dense layer count; the
 * list must then say, layer by layer, what the MoE layout headroom read
 * says (weights_is_moe_layer()), else m is refused naming the field (1).
 */
static int
check_mlp_layer_types(const struct src *s, struct model *m)
{
	const cJSON *lt = get(s, "mlp_layer_types");
	int i, n, prefix = 0;

	if (lt == NULL)
		return 0;
	n = cJSON_IsArray(lt) ? cJSON_GetArraySize(lt) : -1;
	for (i = 0; i < n; i++) {
		const cJSON *e = cJSON_GetArrayItem(lt, i);

		if (!cJSON_IsString(e) || strcmp(e->valuestring, "dense") != 0)
			break;
		prefix++;
	}
	if (n >= m->layers && m->n_experts > 0 &&
	    get(s, "first_k_dense_replace") == NULL)
		m->first_dense_layers = prefix;
	for (i = 0; n >= m->layers && i < m->layers; i++) {
		const cJSON *e = cJSON_GetArrayItem(lt, i);
		const char *w = cJSON_IsString(e) ? e->valuestring : "";
		int moe = m->ld != NULL && !m->mla ? m->ld[i].ffn == FFN_MOE
						   : weights_is_moe_layer(m, i);

		if ((strcmp(w, "sparse") != 0 && strcmp(w, "dense") != 0) ||
		    (strcmp(w, "sparse") == 0) != moe)
			break;
	}
	if (n >= m->layers && i == m->layers)
		return 0;
	refuse_field(m, model_who(m), "mlp_layer_types",
	    "dense and sparse layers other than the MoE layout headroom reads");
	return 1;
}

/*
 * moe_layer_freq above 1 as a number: vLLM's deepseek_v2.py and the
 * classes built on it (glm4_moe_lite.py, AXK1.py) put experts where
 * layer >= first_k_dense_replace and layer % moe_layer_freq == 0, where
 * headroom's step (weights_is_moe_layer()) counts (layer + 1) % step, as
 * qwen2_moe.py's decoder_sparse_step and llama4.py's interleave step do.
 * m refused naming the field (1); 1 and the other step keys plan.
 */
static int
refuse_moe_layer_freq(const struct src *s, struct model *m)
{
	const cJSON *v = get(s, "moe_layer_freq");

	if (m->n_experts <= 0 || !cJSON_IsNumber(v) || v->valuedouble <= 1 ||
	    get(s, "interleave_moe_layer_step") != NULL)
		return 0;
	refuse_field(m, model_who(m), "moe_layer_freq",
	    "experts where layer % moe_layer_freq == 0, not the step headroom "
	    "counts");
	return 1;
}

/* The layout family f's reader gives m.  -1 with err and *bad set. */
static int
read_family(const struct src *s, struct model *m, enum family f, char *err,
    size_t errlen, const char **bad)
{
	switch (f) {
	case FAM_QWEN_NEXT: return read_qwen_next(s, m, err, errlen, bad);
	case FAM_NEMOTRON_H: return read_nemotron_h(s, m, err, errlen, bad);
	case FAM_GRANITE_H: return read_granite_h(s, m, err, errlen, bad);
	case FAM_LFM2: return read_lfm2(s, m, err, errlen, bad);
	case FAM_DECILM: return read_decilm(s, m, err, errlen, bad);
	case FAM_GEMMA4: return read_gemma4(s, m, err, errlen, bad);
	case FAM_GEMMA3N: return read_gemma3n(s, m, err, errlen, bad);
	case FAM_MIMO_V2: return read_mimo_v2(s, m, err, errlen, bad);
	case FAM_DSA: return read_dsa(s, m, err, errlen, bad);
	case FAM_MAMBA: return read_mamba(s, m, err, errlen, bad);
	case FAM_MAMBA2: return read_mamba2(s, m, err, errlen, bad);
	case FAM_BAMBA: return read_bamba(s, m, err, errlen, bad);
	case FAM_JAMBA: return read_jamba(s, m, err, errlen, bad);
	case FAM_FALCON_H1: return read_falcon_h1(s, m, err, errlen, bad);
	case FAM_ZAMBA2: return read_zamba2(s, m, err, errlen, bad);
	case FAM_KIMI_LINEAR: return read_kimi_linear(s, m, err, errlen, bad);
	case FAM_MINIMAX: return read_minimax(s, m, err, errlen, bad);
	case FAM_PLAMO2: return read_plamo2(s, m, err, errlen, bad);
	case FAM_STEP3P5: return read_step3p5(s, m, err, errlen, bad);
	case FAM_WHISPER: return read_whisper(s, m, err, errlen, bad);
	case FAM_DSV4: return read_dsv4(s, m, err, errlen, bad);
	case FAM_ENCODER: return read_encoder(s, m);
	case FAM_LLAMA4:
		check_layer_words(s, m);
		read_llama4(s, m);
		return 0;
	case FAM_STANDARD: check_layer_words(s, m); return 0;
	case FAM_UNKNOWN: read_unknown(s, m); return 0;
	}
	return 0;
}

/*
 * State layers: their KV rules are vLLM's, the profile-run terms are not
 * (the activation and graph coefficients come from attention-only
 * models).  Gated delta net models are measured against real startups
 * (make fidelity, doc/estimates.md); the other state families are not.
 * Said in m->assumption unless it says something already.
 */
static void
note_state_estimate(struct model *m)
{
	if (m->n_state_layers <= 0 || m->assumption != NULL)
		return;
	if (m->st.lin_v_heads > 0)
		m->assumption = xstrdup(
		    "hybrid state layers (gated delta net): KV "
		    "cache and state follow vLLM's rules; the activation-peak, "
		    "encoder and graph estimates are fitted on attention-only "
		    "models and, against four real Qwen3.6 startups (vLLM "
		    "0.20-0.22), left 0.4-1.0 % of the card more or less for "
		    "the "
		    "activation peak and non-torch memory than vLLM kept "
		    "(attention-only models: 0.3 % on average). Calibrate from "
		    "a "
		    "real startup (--calibrate LOG --save-calibration) before "
		    "quoting");
	else if (m->st.conv_l_cache > 0)
		m->assumption = xstrdup(
		    "hybrid state layers (short convolution): "
		    "KV cache and state follow vLLM's rules; the "
		    "activation-peak "
		    "and graph estimates are fitted on attention-only models "
		    "and "
		    "one real startup of the family has been measured "
		    "(LFM2.5-1.2B, "
		    "vLLM 0.26.0: activation + non-torch 0.07 GiB over, 0.4 % "
		    "of "
		    "the card). Calibrate from a real startup (--calibrate LOG "
		    "--save-calibration) before quoting");
	else
		m->assumption = xstrdup(
		    "hybrid state layers (Mamba2, Mamba): KV cache and state "
		    "follow vLLM's rules; the activation-peak and graph "
		    "estimates are fitted on attention-only models; the graph "
		    "estimate, counted by mixer pieces (a Mamba2 piece as half "
		    "a decoder layer), gives 0.17 and 0.55 GiB where two real "
		    "Mamba2-hybrid startups (Nemotron-Cascade-2, vLLM 0.19.1 "
		    "and 0.20.1) printed 0.19 and 0.48 GiB; no activation peak "
		    "of the family has been measured. "
		    "Calibrate from a real startup (--calibrate LOG "
		    "--save-calibration) before quoting");
}

/*
 * Qwen2-Audio (qwen2_audio.py @cd1e845): transformers' Qwen2AudioEncoder,
 * built whole on every rank, and the projector to the text width:
 * conv1 (num_mel_bins -> d, kernel 3, bias), conv2 (d -> d, kernel 3,
 * bias), the max_source_positions x d position table, encoder_layers
 * Whisper encoder layers (q, v, out with bias, k without: 4 d^2 + 3 d;
 * two LayerNorms 4 d; fc1 and fc2 with biases: 2 d ffn + ffn + d), the
 * final LayerNorm; Qwen2AudioMultiModalProjector's linear d -> text with
 * bias.  get_mm_max_tokens_per_item: (max_source_positions - 2) // 2 + 1
 * tokens a clip (750), a 30-second clip of 3000 mel frames.
 */
static int
read_qwen2_audio(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *ac = item(s->root, "audio_config");
	double d = number_or(ac, "d_model", 1280);
	double layers = number_or(ac, "encoder_layers", 32);
	double ffn = number_or(ac, "encoder_ffn_dim", 5120);
	double mel = number_or(ac, "num_mel_bins", 128);
	double pos = number_or(ac, "max_source_positions", 1500);
	char buf[640];

	if (d < 1 || layers < 1 || ffn < 1 || mel < 1 || pos < 2) {
		*bad = "audio_config";
		snprintf(err, errlen,
		    "config: audio_config needs positive d_model, "
		    "encoder_layers, encoder_ffn_dim, num_mel_bins and a "
		    "max_source_positions of 2 or more");
		return -1;
	}
	m->audio_params = mel * d * 3 + d + d * d * 3 + d + pos * d +
	    layers * (4 * d * d + 3 * d + 4 * d + 2 * d * ffn + ffn + d) +
	    2 * d + d * m->hidden + m->hidden;
	m->audio_skip_since = 0;
	m->mm_audio_tokens = (int)((pos - 2) / 2) + 1;
	/* the profile run's clips: 2 x max_source_positions mel frames
	 * (transformers' encoder accepts no other length), pos positions
	 * through layers of nn.Linear (whole on every rank), and the
	 * (clips, 1, pos, pos) mask _process_audio_input builds */
	m->audio_enc_hidden = (int)d;
	m->audio_enc_ffn = (int)ffn;
	m->audio_enc_positions = (int)pos;
	m->audio_enc_split = 0;
	m->audio_enc_mask = 1;
	snprintf(buf, sizeof buf,
	    "Qwen2-Audio: planned as its Qwen2 text model with the audio "
	    "tower's %.3fB parameters loaded whole on every rank, as "
	    "qwen2_audio.py builds it; a release that leaves the tower out "
	    "at an audio limit of 0 (its _mark_tower_model, not "
	    "established for this class) loads %.2f GiB less in 16 bits. "
	    "The audio encoder's peak in the profile run is derived from "
	    "its shapes; no Qwen2-Audio startup has been measured",
	    m->audio_params / 1e9, m->audio_params * 2 / 1073741824.0);
	free(m->assumption);
	m->assumption = xstrdup(buf);
	return 0;
}

/*
 * Voxtral (voxtral.py @00955cf): vLLM builds the class from the tree its
 * params.json conversion gives (vllm/transformers_utils/configs/mistral.py
 * _remap_mistral_audio_args), whose audio_config carries downsample_factor;
 * the Hugging Face config.json's VoxtralEncoderConfig has none, and
 * VoxtralForConditionalGeneration.__init__ reads it, so such a config is
 * refused with params.json named.  The tower: VoxtralEncoderModel's
 * WhisperEncoder (whisper.py): conv1 (num_mel_bins -> d, kernel 3, bias),
 * conv2 (d -> d, kernel 3, bias), the max_source_positions x d position
 * table (created in float32 under init_in_fp32: counted here at the model's
 * dtype, doc/architectures.md), encoder_layers layers (qkv_proj with biases,
 * k's a zero one _create_fake_bias_for_k_proj fills: 3 d^2 + 3 d; out_proj
 * with bias; two LayerNorms 4 d; fc1 and fc2 with biases), the final
 * LayerNorm; AudioLanguageAdapter's w_in (d x downsample_factor -> text)
 * and w_out (text -> text), no biases.  Both inside _mark_tower_model(
 * vllm_config, "audio") in the file read, the release that moved them
 * there not established: counted at every limit.  With audio on, the
 * profile run's dummy clip is max_model_len tokens long
 * (get_max_audio_tokens), the encoder running downsample_factor times as
 * many positions in chunks of max_source_positions.
 */
static int
read_voxtral(const struct src *s, struct model *m, char *err, size_t errlen,
    const char **bad)
{
	const cJSON *ac = item(s->root, "audio_config");
	double d = number_or(ac, "d_model", 0);
	double layers = number_or(ac, "encoder_layers", 0);
	double ffn = number_or(ac, "encoder_ffn_dim", 0);
	double mel = number_or(ac, "num_mel_bins", 0);
	double pos = number_or(ac, "max_source_positions", 1500);
	double heads = number_or(ac, "encoder_attention_heads", 0);
	double hd =
	    number_or(ac, "encoder_head_dim", heads > 0 ? d / heads : 0);
	double ds = number_or(ac, "downsample_factor", 0);
	double h = m->hidden;
	char buf[640];

	if (ac == NULL || item(ac, "downsample_factor") == NULL) {
		refuse(m,
		    "VoxtralForConditionalGeneration: config field "
		    "'audio_config.downsample_factor' is missing: vLLM builds "
		    "Voxtral (voxtral.py, which reads it) from the tree its "
		    "params.json conversion gives "
		    "(vllm/transformers_utils/configs/mistral.py), not from "
		    "the Hugging Face config.json. Plan the repo's "
		    "params.json (--config-format mistral).");
		return 0;
	}
	if (d < 1 || layers < 1 || ffn < 1 || mel < 1 || pos < 1 || heads < 1 ||
	    ds < 1) {
		*bad = "audio_config";
		snprintf(err, errlen,
		    "config: audio_config needs positive d_model, "
		    "encoder_layers, encoder_ffn_dim, num_mel_bins, "
		    "encoder_attention_heads, max_source_positions and "
		    "downsample_factor");
		return -1;
	}
	if (heads * hd != d) {
		refuse_field(m, "VoxtralForConditionalGeneration",
		    "audio_config.encoder_head_dim",
		    "attention heads whose width is not d_model");
		return 0;
	}
	m->audio_params = mel * d * 3 + d + d * d * 3 + d + pos * d +
	    layers *
		(3 * d * d + 3 * d + d * d + d + 4 * d + 2 * d * ffn + ffn +
		    d) +
	    2 * d + d * ds * h + h * h;
	m->audio_skip_since = 0;
	m->mm_audio_tokens = MODEL_AUDIO_TOKENS_MAX_LEN;
	snprintf(buf, sizeof buf,
	    "Voxtral: planned as its Mistral text model with the audio "
	    "tower's %.3fB parameters (Whisper encoder and adapter) loaded "
	    "whole on every rank; voxtral.py builds them inside "
	    "_mark_tower_model, but the release from which an audio limit of "
	    "0 leaves them out is not established: such a release loads "
	    "%.2f GiB less in 16 bits",
	    m->audio_params / 1e9, m->audio_params * 2 / 1073741824.0);
	free(m->assumption);
	m->assumption = xstrdup(buf);
	return 0;
}

int
hfarch_read(const cJSON *root, const cJSON *text, struct model *m, char *err,
    size_t errlen, const char **bad)
{
	struct src s = { text, root };
	const char *arch = m->architecture, *mt = m->model_type, *why;
	enum family f;

	if (arch != NULL && family_of(arch, NULL) == FAM_ENCODER)
		return read_encoder(&s, m);
	if (hfarch_is_refused(arch, mt, &why)) {
		refuse(m,
		    "%s: %s. headroom refuses rather than price it as standard "
		    "attention.",
		    arch && *arch ? arch : mt, why);
		return 0;
	}
	f = family_of(arch, mt);
	if (f != FAM_WHISPER && boolean(&s, "is_encoder_decoder", 0)) {
		refuse(m,
		    "%s: an encoder-decoder model (is_encoder_decoder) other "
		    "than Whisper; vLLM's V1 engine serves Whisper alone and "
		    "headroom does not model other cross-attention caches.",
		    arch && *arch ? arch : mt);
		return 0;
	}
	if (refuse_unread_field(&s, m, f))
		return 0;
	if (read_family(&s, m, f, err, errlen, bad) != 0)
		return -1;
	if (m->refusal == NULL && check_mlp_layer_types(&s, m))
		return 0;
	if (m->refusal == NULL && (f == FAM_STANDARD || f == FAM_UNKNOWN) &&
	    refuse_moe_layer_freq(&s, m))
		return 0;
	if (f == FAM_STANDARD || f == FAM_UNKNOWN)
		apply_std_variant(&s, m);
	apply_std_biases(&s, m);
	apply_class_layout(m);
	untie_own_lm_head(m);
	if (m->mtp_layers <= 0)
		m->mtp_layers = num(&s, "num_nextn_predict_layers", 0);
	count_layers(m);
	mark_mm_rule(&s, m);
	if (m->refusal == NULL && arch != NULL &&
	    strcmp(arch, "Qwen2AudioForConditionalGeneration") == 0 &&
	    read_qwen2_audio(&s, m, err, errlen, bad) != 0)
		return -1;
	if (m->refusal == NULL && arch != NULL &&
	    strcmp(arch, "VoxtralForConditionalGeneration") == 0 &&
	    read_voxtral(&s, m, err, errlen, bad) != 0)
		return -1;
	/* a chunked layer's window is attention_chunk_size (llama4.py); a
	 * layer_types list naming chunked layers without it sizes nothing */
	if (m->refusal == NULL && m->n_chunked > 0 && m->chunk_size <= 0)
		refuse(m,
		    "%s: layer_types names chunked_attention layers but the "
		    "config gives no attention_chunk_size; headroom does not "
		    "model them.",
		    model_who(m));
	note_state_estimate(m);
	if (m->layer_kind != NULL && m->n_sliding == 0 && m->n_chunked == 0) {
		free(m->layer_kind);
		m->layer_kind = NULL;
	}
	return 0;
}
