/*
 * catalogue.h - the facts headroom plans with: cards and their MIG slices,
 * model architectures, published checkpoints and the estimate coefficients.
 *
 * A struct catalogue owns every string and array below it; entries refer to
 * each other by index, never by pointer into another array, so a catalogue
 * can be extended (user files) by appending.  Loading lives in src/io/; this
 * module only holds the types and pure look-ups.
 */
#ifndef HEADROOM_CATALOGUE_H
#define HEADROOM_CATALOGUE_H

#include <stddef.h>
#include <stdint.h>

/* Weight formats of a checkpoint, as vLLM lays them out in memory. */
enum ckpt_format {
	FMT_BF16,
	FMT_FP16,
	FMT_FP32,
	FMT_FP8, /* per-tensor scales (ModelOpt, fp8.py) */
	FMT_FP8_CHANNEL, /* compressed-tensors per-channel */
	FMT_FP8_BLOCK, /* 128x128 block scales (DeepSeek, Qwen FP8) */
	FMT_INT8, /* w8a8 per-channel */
	FMT_AWQ, /* int4 group 128 */
	FMT_GPTQ, /* int4 group 128 */
	FMT_NVFP4,
	FMT_MXFP4, /* gpt-oss experts */
	FMT_COUNT
};

/* KV-cache element types (--kv-cache-dtype). */
enum kv_dtype {
	KV_AUTO,
	KV_BFLOAT16,
	KV_FLOAT16,
	KV_FP8,
	KV_FP8_E4M3,
	KV_FP8_E5M2,
	KV_FP8_INC,
	KV_FP8_DS_MLA,
	KV_FP8_PER_TOKEN_HEAD,
	KV_INT8_PER_TOKEN_HEAD,
	KV_NVFP4,
	KV_COUNT
};

struct mig_profile {
	char *name; /* "1g.24gb" */
	int max_count; /* instances of this profile per card */
	double total_gib; /* memory a process on the slice sees */
	int sm_count;
	char *source;
};

struct gpu {
	char *id, *name, *family, *source, *status;
	double memory_gb; /* marketing capacity */
	int64_t nvidia_smi_mib; /* what the driver shows */
	double cuda_total_gib; /* what CUDA reports: vLLM's total */
	char *cuda_total_source;
	double bandwidth_gbs;
	double compute_capability;
	int fp8, fp4; /* native tensor-core support */
	int unified; /* CPU and GPU share one memory pool (GB10):
					   vLLM's free figure is the host's */
	double unified_host_gib; /* on unified memory: what the host gains
				    during load and profile, which vLLM
				    counts as non-torch (an estimate) */
	double nvlink_gbs, pcie_gbs;
	double bf16_tflops; /* 0 when unknown */
	double tdp_w;
	double price_per_hour; /* USD, 0 when no dated source */
	char *price_date, *price_source;
	struct mig_profile *mig;
	size_t n_mig;
};

enum layer_attn {
	LAYER_FULL,
	LAYER_SLIDING,
	LAYER_CHUNKED
};

/* What mixes tokens in a decoder layer, as vLLM builds the layer. */
enum layer_mixer {
	MIXER_ATTENTION, /* softmax attention (or MLA), kind in layer_kind */
	MIXER_NONE, /* no token mixing: no cache (DeciLM no_op) */
	MIXER_SHARED, /* reads another layer's KV: no cache of its own */
	MIXER_MAMBA1,
	MIXER_MAMBA2,
	MIXER_SHORT_CONV, /* LFM2 convolution */
	MIXER_GDN, /* gated delta net (Qwen3-Next, Qwen3.5) */
	MIXER_KDA, /* Kimi delta attention (Kimi Linear): GDN's state */
	MIXER_LIGHTNING, /* MiniMax lightning (linear) attention */
	MIXER_PLAMO2, /* PLaMo 2 Mamba: Mamba2's state, its own projections */
	MIXER_COUNT
};

/* MLP of a decoder layer. */
enum layer_ffn {
	FFN_DENSE,
	FFN_MOE,
	FFN_NONE
};

/*
 * One decoder layer when the model is not uniform.  Zero sizes mean "the
 * model's": kv_heads, head_dim, v_head_dim, heads fall back to struct
 * model, ffn_intermediate to its intermediate.
 */
struct layer_desc {
	unsigned char mixer; /* enum layer_mixer */
	unsigned char ffn; /* enum layer_ffn */
	unsigned char k_eq_v; /* Gemma 4 global layers: no v_proj, V = K */
	unsigned char linear_mixer; /* DeciLM replace_with_linear attention */
	unsigned char linear_ffn; /* DeciLM replace_with_linear FFN */
	unsigned char
	    index_shared; /* GLM-5.2 indexer_types shared: no indexer cache */
	unsigned char
	    parallel_attn; /* attention beside the state mixer: 1 its own
					   (Falcon-H1), 2 a shared block's (Zamba2) */
	unsigned char compress_ratio; /* DeepSeek-V4 compress_ratios[i] */
	int heads, kv_heads, head_dim, v_head_dim;
	int ffn_intermediate;
};

/*
 * DeepSeek-V4 (DeepseekV4ForCausalLM): what its config.json adds to the
 * standard fields (core/weights_dsv4.h, core/kv_dsv4.h); layers = 0 when
 * the model is not one.  The per-layer compress_ratios are in ld.
 */
struct dsv4_arch {
	int layers; /* decoder layers laid out (num_hidden_layers) */
	int mtp_ratio; /* compress_ratios' entry of the MTP layer (0) */
	int o_groups, o_lora, hc_mult, hash_layers;
	int fp4_experts; /* expert_dtype fp4 */
	int64_t rope_positions; /* original_max_position_embeddings x factor */
};

/* quant_skip: the ignore list names the MTP layers (ModelOpt "mtp*") */
#define MODEL_SKIP_MTP 128u
/* quant_skip: every gated delta net's in_proj_ba (in_proj_b + in_proj_a)
 * kept 16-bit (AutoRound extra_config) */
#define MODEL_SKIP_GDN_BA 256u

/* Recurrent-state layers (Mamba, GDN, short conv) of a hybrid model. */
struct state_arch {
	int mamba_heads, mamba_head_dim, n_groups, d_state, d_conv;
	int mamba_intermediate; /* heads x head_dim, or expand x hidden */
	int chunk_size; /* Mamba2 SSD chunk */
	int ssm_dtype_bytes; /* temporal state; 0 = model dtype */
	int conv_dtype_bytes; /* conv state; 0 = model dtype */
	int lin_k_heads, lin_v_heads, lin_k_dim, lin_v_dim, lin_conv;
	int conv_l_cache; /* short conv kernel (LFM2 conv_L_cache) */
	int prefix_all; /* vLLM's class supports mamba_cache_mode all */
	int dt_rank; /* Mamba1 time_step_rank (x_proj, dt_proj) */
	int mamba_bias; /* Mamba use_bias: in_proj and out_proj biases */
	int conv_bias; /* Mamba use_conv_bias */
	int ssm_hook; /* a config hook sets the SSM dtype: STATE_SSM_HOOK_* */
};

/*
 * NemotronHForCausalLMConfig (vllm/model_executor/models/config.py) sets
 * an auto --mamba-ssm-cache-dtype from the config: ssm_dtype_bytes when the
 * config names one, else the release's default (plan.c).
 */
#define STATE_SSM_HOOK_NONE 0
#define STATE_SSM_HOOK_NEMOTRON_H 1

/*
 * struct model's mm_rule: how vLLM's dummy inputs of a multimodal class are
 * sized for the profile run (core/multimodal.c).  BY_TYPE: the rule of its
 * model_type (the Qwen2-VL family, Gemma 3, Kimi-VL, Pixtral / Mistral 3);
 * FIXED: every image the mm_tokens_per_item tokens of its encoder's grid
 * (LLaVA with a CLIP or SigLIP tower); UNMODELLED: headroom does not size
 * them, so the plan stops while an image or video modality is on.
 */
#define MODEL_MM_BY_TYPE 0
#define MODEL_MM_FIXED 1
#define MODEL_MM_UNMODELLED 2
/* Kimi-K2.5: one vision_chunk modality (a 3000 x 3000 image or a chunk of
 * frames) sized by the checkpoint's own processor; no image or video limit
 * turns it off, only "vision_chunk":0, with which vLLM runs text-only and
 * does not build the tower */
#define MODEL_MM_CHUNKS 3
/* struct model's mm_audio_tokens for a class whose dummy audio clip is
 * max_model_len tokens long (Voxtral's get_max_audio_tokens) */
#define MODEL_AUDIO_TOKENS_MAX_LEN (-1)

/*
 * A language model as vLLM sees it after reading config.json (text part of
 * multimodal models).  Zero means "not present" for optional fields.
 */
enum {
	MODEL_BIAS_O = 1, /* attention output (row parallel, whole per rank) */
	MODEL_BIAS_MLP = 2, /* up (column parallel) and down (row parallel) */
	MODEL_BIAS_NORM = 4, /* LayerNorm: weight and bias */
	MODEL_BIAS_HEAD = 8, /* lm_head bias, vocab rows split by TP */
	MODEL_NORM_ONE = 16, /* one norm per layer (parallel attention, MLP) */
	MODEL_EMBED_NORM = 32, /* a norm after the embedding (BLOOM) */
	MODEL_NORM_FOUR = 64, /* four norms per layer: after attention and MLP
				too (glm4.py's post_self_attn_layernorm and
				post_mlp_layernorm) */
	MODEL_NORM_NONE = 128, /* norms without weights (OLMo's LayerNorm with
				elementwise_affine=False) */
	MODEL_BIAS_DOWN = 256 /* down_proj's bias alone, no gate_up bias
				(telechat2.py) */
};

/* The pooling mode of a sentence-transformers Pooling module: the first
 * pooling_mode_* key its config.json sets true (vLLM's get_pooling_config,
 * vllm/transformers_utils/config.py). */
/* Encoder-only families, as vLLM builds their embeddings (bert.py,
 * roberta.py, bert_with_rope.py, modernbert.py). */
enum model_encoder {
	MODEL_ENC_NONE,
	MODEL_ENC_BERT, /* positions and token types as VocabParallelEmbedding */
	MODEL_ENC_ROBERTA, /* positions and token types as nn.Embedding */
	MODEL_ENC_ROPE, /* NomicBERT, GTE: rotary, no position table */
	MODEL_ENC_MODERNBERT, /* rotary, pre-norm, GeGLU Wi as nn.Linear */
};

enum model_st_pooling {
	MODEL_ST_NONE,
	MODEL_ST_LAST, /* pooling_mode_lasttoken */
	MODEL_ST_MEAN, /* pooling_mode_mean_tokens */
	MODEL_ST_CLS, /* pooling_mode_cls_token */
	MODEL_ST_OTHER, /* a mode headroom does not read (max, weighted) */
};

struct model {
	char *id, *name, *family, *architecture, *model_type, *source;
	char **aliases;
	size_t n_aliases;
	int dtype_bytes; /* of torch_dtype: 2 (bf16/fp16) or 4 */
	int dtype_is_fp16;
	int layers, hidden, heads, kv_heads, head_dim, v_head_dim;
	int intermediate, vocab;
	int64_t max_position; /* max_position_embeddings (min over keys) */
	int64_t derived_max_len; /* after RoPE scaling, vLLM's derived length */
	char *derived_key; /* config key the length came from */
	int tie_embeddings;
	int qkv_bias;
	/* linear and norm biases vLLM builds (MODEL_BIAS_*), standard layers */
	int bias_mask;
	/* rows of a learned absolute position table (GPT-2 wpe), or 0 */
	int abs_positions;
	int sliding_window;
	int n_sliding, n_chunked; /* layers of each kind; the rest are full */
	int chunk_size;
	unsigned char
	    *layer_kind; /* enum layer_attn per layer, or NULL = all full */
	struct layer_desc *ld; /* per layer, or NULL = every layer standard */
	int n_state_layers; /* Mamba / GDN / conv layers */
	int n_nokv_layers; /* layers without a cache of their own */
	struct state_arch st;
	struct dsv4_arch dsv4;
	/* DeepSeek-V3.2 / GLM-5 sparse attention: the indexer's K cache */
	int index_head_dim, index_n_heads, index_topk;
	int mtp_layers; /* next-token layers loaded only for drafting */
	int mtp_shared_head; /* Qwen3.5: MTP layers use the model's embedding
					   and lm_head; each is a full-attention layer */
	int draft_vocab; /* EAGLE-3 head: draft_vocab_size (0 = vocab) */
	int target_hidden; /* EAGLE-3 head: target_hidden_size (0 = hidden) */
	/* a speculators-format drafter (speculators_model_type): its method
	 * ("eagle3", "eagle", ...; NULL = not one) and the speculative_tokens
	 * of its default proposal method (0 = none) */
	char *speculators_method;
	int speculators_tokens;
	int eagle_no_aux; /* eagle_config.use_aux_hidden_state false:
					   an EAGLE-3 head without fc */
	int interleaved_swa; /* MiMo-V2 / Gemma 4: SWA layers have own sizes */
	int attn_output_gate; /* q_proj also yields a gate (Qwen3-Next) */
	int attn_head_gate; /* g_proj: one output gate per head (Step-3.5) */
	int ffn_ungated; /* relu2 MLP: up and down only (Nemotron-H) */
	int moe_latent; /* LatentMoE: experts work at this width */
	int moe_with_dense; /* a dense MLP beside the experts (Gemma 4) */
	int ple_hidden, ple_vocab; /* Gemma per-layer input embeddings */
	/* Gemma 3n (gemma3n.py, gemma3n_mm.py) */
	int laurel_rank; /* LAuReL low-rank residual per layer (0 = none) */
	int altup_inputs; /* AltUp streams (0 = none) */
	int ple_proj_split; /* per_layer_model_projection split by TP */
	int ple_buffer; /* per-layer inputs buffer of mnbt rows at load */
	int mm_conv_encoder; /* towers' profile run not modelled: planned only
				with image and audio limited to 0 */
	int mm_audio_tokens; /* tokens one audio clip becomes
				(MODEL_AUDIO_TOKENS_MAX_LEN: max_model_len) */
	/* an audio tower beside the text model (Gemma 4's E models): its
	 * parameters with its embedder, whole on every rank; built unless
	 * the audio limit is 0 from release audio_skip_since (0: built
	 * whatever the limit, no release that leaves it out established) */
	double audio_params;
	int audio_skip_since;
	/* the encoder of that tower where its profile run is sized
	 * (Qwen2-Audio; 0 = not sized, the plan refused with audio on):
	 * width, MLP width, encoder positions one dummy clip runs at, its
	 * linears split by TP (vLLM's own layers) or whole (transformers'),
	 * and a positions^2 attention mask per clip in the model dtype */
	int audio_enc_hidden, audio_enc_ffn, audio_enc_positions;
	int audio_enc_split, audio_enc_mask;
	/* Zamba2: transformer blocks shared by the hybrid layers */
	int shared_blocks; /* num_mem_blocks (0 = none) */
	int shared_attn_hidden; /* attention_hidden_size (2 x hidden) */
	int adapter_rank; /* per-hybrid-layer LoRA adapters */
	int shared_attn_adapter; /* q/k/v adapters too */
	/* quantization details beyond the format */
	int quant_group; /* int4 / int8 group size (0: the format's own) */
	int quant_zero_points; /* asymmetric int4: zero points stored */
	int quant_g_idx; /* act-order int4: g_idx stored */
	unsigned quant_skip; /* parts the checkpoint's ignore list keeps 16-bit:
					   1 attention, 2 mixers, 4 dense MLP, 8 experts,
					   16 shared experts, MODEL_SKIP_MTP the MTP
					   layers */
	/* mixed-precision checkpoints: 1 + the format of each part (same order),
	 * 0 = the checkpoint's format; and of lm_head (0 = 16 bit) */
	unsigned char part_fmt[5];
	unsigned char lm_head_fmt;
	/* a plan rests on this: why headroom assumes (NULL = verified family) */
	char *assumption;
	/* headroom does not model this model: the refusal (NULL = modelled) */
	char *refusal;
	/* the vLLM releases that serve the architecture (0 = no bound):
	 * last_release is the one vLLM's _PREVIOUSLY_SUPPORTED_MODELS names */
	int first_release, last_release;
	int first_v0; /* before first_release: V0 only (0: unknown to vLLM) */
	int no_pp; /* the class lacks SupportsPP */
	/* a sentence-transformers pooling module (modules.json): vLLM's
	 * --runner auto then resolves to pooling, and the mode it names
	 * decides chunked prefill (enum model_st_pooling; 0 = none) */
	int st_pooling;
	/* the classifier's labels: config.json's num_labels, else the size of
	 * its id2label (transformers' PretrainedConfig); 0 = neither given,
	 * which transformers and so vLLM's as_seq_cls_model take as 2 */
	int num_labels;
	/* a model folder's weight files: 1 they hold lm_head.weight, -1 they
	 * do not (an embedding checkpoint saved from the bare *Model), 0 not
	 * read */
	int files_lm_head;
	/* MiniMax-Text-01: float32 lm_head, router and RoPE cache; the RoPE
	 * rows min(max_position, max_model_len) */
	int lm_head_fp32, router_fp32, rope_fp32, rope_upto_len;
	/* MLA */
	int mla, kv_lora_rank, q_lora_rank, qk_rope_head_dim, qk_nope_head_dim;
	/* MLA's projections (mla 0) before an ordinary attention cache of
	 * heads KV heads of qk_nope + qk_rope (head_dim), V (v_head_dim)
	 * padded to it: MiniCPM3 (minicpm3.py) */
	int mla_mha;
	/* MoE: n_experts == 0 means dense */
	int n_experts, experts_per_tok, moe_intermediate;
	int n_expert_group; /* n_group: grouped top-k routing (DeepSeek) */
	int n_shared_experts, shared_intermediate;
	int first_dense_layers, moe_layer_step;
	int dense_intermediate; /* MLP size of non-MoE layers of a MoE model */
	int rotary_dim;
	int64_t rope_cache_len; /* rows of the RoPE cos/sin cache */
	/* a second get_rope() cache beside the first, its width (Gemma 4's
	 * and Gemma 3's full-attention layers; 0 = none) and rows (0 = those
	 * of the first) */
	int rope2_dim;
	int64_t rope2_len;
	/* multimodal */
	int multimodal;
	double vision_params; /* parameters of the vision tower + projector */
	double vision_repl_params; /* of those, whole on every TP rank */
	int mm_tokens_per_item; /* max tokens one image becomes */
	int mm_tiles; /* Llama 4: tiles of the largest image the encoder
			 runs, each (image_size / patch)^2 + 1 patches
			 (0: one grid of vision_image_size) */
	int vision_hidden, vision_layers; /* the vision tower (ViT) */
	int vision_intermediate; /* its MLP width */
	int vision_deepstack; /* deepstack levels the tower's output carries
				 beside the merger's (Qwen3-VL), 0 = none */
	int vision_patch, vision_merge; /* patch edge (pixels), spatial merge */
	int vision_image_size; /* fixed or largest input edge, 0 = dynamic */
	int mm_rule; /* how its dummy images are sized: MODEL_MM_* */
	int mm_video_tokens; /* MODEL_MM_FIXED: tokens one video becomes;
				-1: videos taken but not sized (refused) */
	int mm_video_patches; /* and the encoder patches it runs, 0 = none */
	/* MODEL_MM_FIXED: an earlier sizing of the largest image, in force
	 * before vLLM release mm_old_until (VLLM_VER; 0 = none): its edge
	 * and tokens (GLM-4.1V / 4.5V / 4.6V before #34483) */
	int mm_old_until, mm_old_image_size, mm_old_tokens;
	/* encoder-decoder (Whisper): the audio encoder, and a cross-attention
	 * layer beside the self-attention of every decoder layer */
	int enc_layers, enc_heads, enc_intermediate; /* 0 = decoder-only */
	int enc_positions; /* max_source_positions: encoder tokens per request */
	int enc_mel_bins; /* num_mel_bins: the first convolution's inputs */
	/* encoder-only (pooling) models: ENCODER_ONLY attention, no KV cache
	 * (enum model_encoder; MODEL_ENC_NONE for every other model) */
	int encoder_only;
	int type_vocab; /* token-type embedding rows (type_vocab_size) */
	int enc_labels; /* classifier outputs (num_labels); 0: no classifier */
	int enc_linear_bias; /* the layers' linears carry biases */
	int enc_up_nobias; /* but not the MLP's gate_up_proj (GteNewModel) */
	int enc_norm_bias; /* the LayerNorms carry biases */
	int enc_rope_tables; /* RoPE caches (ModernBERT: global and local) */
	int enc_head_bias; /* ModernBERT's pooler dense: classifier_bias */
	/* native format of the published weights */
	enum ckpt_format native_format;
	enum kv_dtype native_kv; /* KV_AUTO unless the checkpoint sets one */
	/* native_kv is a compressed-tensors kv_cache_scheme's fp8, which
	 * --kv-cache-dtype auto follows only from 0.15.0 (#30141) */
	int native_kv_ct;
	double params_b; /* published total, billions (0 = unknown) */
	char *default_checkpoint;
};

struct checkpoint {
	char *id, *model_id, *producer, *source, *status;
	enum ckpt_format format;
	double loaded_gib; /* vLLM "Model loading took" at TP 1, 0 = unknown */
	int64_t size_bytes; /* safetensors total, 0 = unknown */
	enum kv_dtype kv; /* set by the checkpoint, KV_AUTO otherwise */
	int model_index; /* into catalogue.models, -1 = unresolved */
	/* the checkpoint's own config.json as read (a quantized export whose
	 * quantization_config differs from its model's), owned; plans of this
	 * checkpoint use it in place of the model.  NULL = the model's */
	struct model *arch;
};

/*
 * Estimate coefficients for the terms vLLM measures at startup.  A set
 * applies from its version on, until the next set's version.
 */
struct coeff_set {
	int from_version; /* VLLM_VER() of the first release */
	double sampler_bytes_per_logit; /* torch peak of the sampler warm-up,
					   on the release's default top-k/top-p
					   path */
	/* the same on a path the release does not take by default
	 * (VLLM_USE_FLASHINFER_SAMPLER, FlashInfer not installed); 0 = not
	 * measured, and a plan that asks for it is refused */
	double
	    sampler_native_bytes_per_logit; /* PyTorch / Triton top-k/top-p */
	double sampler_flashinfer_bytes_per_logit; /* FlashInfer's kernel */
	double
	    forward_bytes_per_token_hidden; /* dense forward, per token per hidden unit */
	double
	    forward_bytes_per_token_inter; /* per token per intermediate unit (per rank) */
	double
	    moe_bytes_per_token_expert_inter; /* MoE workspace, per token per top-k x moe_inter */
	double activation_base_gib;
	double non_torch_tp1_gib;
	double
	    non_torch_tp_gib; /* TP > 1: custom all-reduce and NCCL buffers */
	double cg_base_gib; /* CUDA graphs at the default 51 sizes */
	double cg_per_layer_gib;
	double cg_moe_factor;
	double cg_mamba_moe_factor; /* cg_moe_factor of models with Mamba
				       (Mamba1, Mamba2, PLaMo 2) mixers */
	double cg_mamba_piece_weight; /* a Mamba mixer's piece of the graph,
					 in decoder layers of the fit */
	double cg_tp_exponent; /* per-layer part scales as tp^-x */
	double non_torch_pp_gib; /* TP 1 with pipeline stages */
	double cuda_context_gib; /* held before vLLM's snapshot */
	double cuda_context_tp_gib; /* the same with a TP group (NCCL set up
				       before the snapshot) */
	double cuda_context_tp_moe_gib; /* a MoE model with a TP group */
	double cuda_context_pp_gib; /* pipeline stages without TP */
	double cuda_context_pcie_gib; /* any group on cards without NVLink */
	double
	    sampler_warmup_fraction; /* of the sampler peak, needed after capture */
	double mxfp4_moe_warmup_bytes_per_logit; /* more after capture, MXFP4
						    MoE on Hopper (estimate) */
	double
	    encoder_bytes_per_token; /* multimodal profile, per encoder token */
	char *source;
};

/*
 * The measured error of the available-KV estimate of one model family
 * (data/estimates.yaml, estimate_errors:): the largest |error| make
 * fidelity measured on the family's real startups, in % of the card, and
 * on how many startups.  A close call (core/closecall.h) is a verdict whose
 * margin lies within it.
 */
struct kv_error {
	char *family; /* a closecall.h family key, or "any": every family */
	double kv_error_pct; /* of the card's total */
	int cases; /* startups measured */
	char *source;
};

/*
 * Coefficients of the speed estimates (data/speed.yaml): how much of a
 * card's quoted bandwidth and compute a vLLM decode or prefill step
 * achieves.  Assumptions, each with its source; loaded = 0 when the
 * catalogue has none, and then no speed is estimated.
 */
struct speed_coeffs {
	int loaded;
	double
	    decode_bandwidth_efficiency; /* achieved / quoted memory bandwidth */
	double
	    prefill_compute_efficiency; /* achieved / quoted dense tensor FLOPS */
	double link_efficiency; /* achieved / quoted one-direction link rate */
	double allreduce_latency_nvlink_us; /* fixed cost of one all-reduce */
	double allreduce_latency_pcie_us;
	double allreduces_per_layer; /* tensor-parallel all-reduces per layer */
	double fp8_compute_factor; /* FP8 tensor rate / BF16 rate */
	double fp4_compute_factor; /* FP4 tensor rate / BF16 rate */
	char source[512];
};

/* A server of several cards of one kind (data/nodes.yaml). */
struct node {
	char *id, *name, *gpu_id, *inter_node, *source, *status;
	int gpu; /* index into catalogue.gpus, -1 = unresolved */
	int gpus_per_node;
	int nvlink_domain; /* cards sharing NVLink; 0 = PCIe only */
	double intra_gbs; /* per card, one way, inside the domain */
	double inter_gbs; /* per card, one way, between nodes; 0 = none */
	double price_per_hour; /* USD for the whole node, 0 = no dated source */
	char *price_date, *price_source;
};

/*
 * The currency human-facing prices are shown in (io/price.h): the catalogue
 * holds USD; a rate the user gives (--currency CODE=RATE[@DATE]) converts
 * them for display.  code "" = USD as catalogued.
 */
struct price_currency {
	char code[4]; /* three upper-case letters, "" = none */
	double rate; /* units of code per USD, > 0 */
	char date[11]; /* YYYY-MM-DD of the rate, "" = undated */
};

struct catalogue {
	struct gpu *gpus;
	size_t n_gpus;
	struct node *nodes;
	size_t n_nodes;
	struct model *models;
	size_t n_models;
	struct checkpoint *ckpts;
	size_t n_ckpts;
	struct coeff_set *coeffs;
	size_t n_coeffs;
	char *coeff_source;
	struct kv_error *kv_errors;
	size_t n_kv_errors;
	struct speed_coeffs speed;
	struct price_currency
	    currency; /* shown prices (--currency), set by main */
};

/* Look-ups return an index or -1.  Model ids match the id or an alias, case-insensitively. */
int catalogue_find_gpu(const struct catalogue *, const char *id);
int catalogue_find_model(const struct catalogue *, const char *id);
int catalogue_find_ckpt(const struct catalogue *, const char *id);
int catalogue_find_mig(const struct gpu *, const char *profile);
int catalogue_find_node(const struct catalogue *, const char *id);
/* Frees what a node owns (the loader replaces entries with it). */
void catalogue_node_done(struct node *);
/* The checkpoint of a model in a format, preferring exact sizes; -1 if none published. */
int catalogue_model_ckpt(const struct catalogue *, int model, enum ckpt_format);
/* Coefficients in force for a version (the newest set not after it). */
const struct coeff_set *catalogue_coeffs(const struct catalogue *, int version);

/*
 * Closest ids for an unknown one: fills out[] with up to n indexes ranked by
 * edit distance (and substring match); returns how many.  kind: 'g' gpus,
 * 'm' models (ids and aliases), 'c' checkpoints.
 */
size_t catalogue_suggest(const struct catalogue *, char kind, const char *id,
    int *out, size_t n);

const char *ckpt_format_name(enum ckpt_format);
int ckpt_format_parse(const char *, enum ckpt_format *);
/* Bytes per quantized linear parameter, with scale overhead (reference §6). */
double ckpt_format_bytes_per_param(enum ckpt_format, int in_features,
    int out_features);

/* "none", "last", "mean", "cls", "other"; parse returns 0 or -1. */
const char *model_st_pooling_name(int);
int model_st_pooling_parse(const char *, int *);

/*
 * A bare-model class (a decoder saved without its head, as AutoModel saves
 * it) and the decoder class vLLM builds for it.  vLLM's registry
 * (vllm/model_executor/models/registry.py _EMBEDDING_MODELS) maps
 * LlamaModel and MistralModel onto LlamaForCausalLM, Qwen2Model onto
 * Qwen2ForCausalLM and Gemma2Model onto Gemma2ForCausalLM (registered: a
 * generative class, so --runner auto stays generate without a
 * sentence-transformers pooling config); Qwen3Model is in no table of the
 * registry and reaches Qwen3ForCausalLM through _normalize_arch and the
 * "Model" suffix of _SUFFIX_TO_DEFAULTS (vllm/config/model.py), which makes
 * --runner auto the pooling runner.  NULL when arch is none of them.
 */
struct model_bare_class {
	const char *bare, *decoder;
	int registered;
};
const struct model_bare_class *model_bare_class_find(const char *arch);

/*
 * A decoder's sequence-classification class (a reranker or classifier saved
 * by transformers' AutoModelForSequenceClassification) and the causal class
 * vLLM converts with as_seq_cls_model (vllm/model_executor/models/
 * adapters.py): the registry's _normalize_arch swaps the class's
 * "ForSequenceClassification" suffix of _SUFFIX_TO_DEFAULTS (pooling,
 * classify) for a generate suffix it has a class for.  Only the decoders
 * headroom reads and plans on the pooling runner are listed; NULL when arch
 * is none of them (JinaVL's and the encoders' own heads included).
 */
const char *model_seq_cls_decoder(const char *arch);

/*
 * A reward model class vLLM builds with a score MLP of its own on a
 * decoder (vllm/model_executor/models/qwen2_rm.py: Qwen2ForRewardModel,
 * Qwen2Model and score = ColumnParallelLinear(hidden, hidden), ReLU,
 * RowParallelLinear(hidden, num_labels), both with biases; the class sets
 * num_labels: Qwen2ForRewardModel 1 with ALL pooling,
 * Qwen2ForProcessRewardModel 2 with STEP pooling) and the causal class
 * whose layers it holds.  NULL when arch is none of them.
 */
const char *model_reward_class_decoder(const char *arch, int *num_labels);
/* The class pools STEP tokens (its pooler reads whole prompts). */
int model_reward_class_steps(const char *arch);

const char *kv_dtype_name(enum kv_dtype);
int kv_dtype_parse(const char *, enum kv_dtype *);
/* Element bytes of a cache dtype; model_bytes is used for auto. nvfp4 -> 0 (special page). */
int kv_dtype_bytes(enum kv_dtype, int model_bytes);
int kv_dtype_is_fp8(enum kv_dtype);

/*
 * Deep copies: dst (uninitialised) gets copies of every string and array
 * of src it then owns, freed by the matching *_done(); NULL stays NULL.
 */
void gpu_copy(struct gpu *dst, const struct gpu *src);
void model_copy(struct model *dst, const struct model *src);
void checkpoint_copy(struct checkpoint *dst, const struct checkpoint *src);
void catalogue_node_copy(struct node *dst, const struct node *src);

/* Frees everything the catalogue owns and zeroes it. */
void catalogue_done(struct catalogue *);
void model_done(struct model *);
void gpu_done(struct gpu *);
void checkpoint_done(struct checkpoint *);

#endif
