/*
 * mistral_params.c - params.json to a Hugging Face config tree, field by
 * field as vLLM's adapt_config_dict() does (vllm/transformers_utils/
 * configs/mistral.py, vLLM main of 2026-11; doc/models.md lists the map).
 * Invariant: the result is a fresh tree; every key vLLM renames is renamed,
 * every default vLLM applies is applied, nothing is guessed.
 */
#include "mistral_params.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* hfconfig.c's bound on num_hidden_layers: a larger count is no layout */
#define MISTRAL_MAX_LAYERS 100000

/* v's number when it is a whole int in [lo, hi] (converting one outside
 * int's range is undefined), else fallback. */
static int
int_in(const cJSON *v, int lo, int hi, int fallback)
{
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= lo) ||
	    !(v->valuedouble <= hi))
		return fallback;
	return (int)v->valuedouble;
}

/* Mistral key -> Hugging Face key (_remap_general_mistral_args) */
static const char *const renames[][2] = {
	{ "dim", "hidden_size" },
	{ "norm_eps", "rms_norm_eps" },
	{ "n_kv_heads", "num_key_value_heads" },
	{ "n_layers", "num_hidden_layers" },
	{ "n_heads", "num_attention_heads" },
	{ "hidden_dim", "intermediate_size" },
	{ "activation", "hidden_act" },
	{ "tied_embeddings", "tie_word_embeddings" },
};

static void
move(cJSON *c, const char *from, const char *to)
{
	cJSON *v = cJSON_DetachItemFromObjectCaseSensitive(c, from);

	if (v == NULL)
		return;
	cJSON_DeleteItemFromObjectCaseSensitive(c, to);
	cJSON_AddItemToObject(c, to, v);
}

static cJSON *
refuse(cJSON *c, const char *key, const char *what, char *err, size_t errlen,
    const char **bad_key)
{
	snprintf(err, errlen, "%s: %s", key, what);
	if (bad_key)
		*bad_key = key;
	cJSON_Delete(c);
	return NULL;
}

/* sliding_window as a list (one entry per layer of the repeating pattern) */
static int
sliding_list(cJSON *c, const cJSON *sw, int layers)
{
	int n = cJSON_GetArraySize(sw), i, window = 0;
	cJSON *types;

	if (n <= 0 || layers <= 0)
		return -1;
	for (i = 0; i < n; i++) {
		const cJSON *e = cJSON_GetArrayItem(sw, i);

		if (cJSON_IsNumber(e)) {
			int w = int_in(e, 0, INT_MAX, -1);

			if (w < 0 || (window != 0 && window != w))
				return -1; /* vLLM asserts one window size */
			window = w;
		} else if (!cJSON_IsNull(e)) {
			return -1;
		}
	}
	types = cJSON_CreateArray();
	/* vLLM repeats the pattern layers // len times */
	for (i = 0; i < layers / n * n; i++)
		cJSON_AddItemToArray(types,
		    cJSON_CreateString(
			cJSON_IsNull(cJSON_GetArrayItem(sw, i % n))
			    ? "full_attention"
			    : "sliding_attention"));
	cJSON_DeleteItemFromObjectCaseSensitive(c, "layer_types");
	cJSON_AddItemToObject(c, "layer_types", types);
	cJSON_DeleteItemFromObjectCaseSensitive(c, "sliding_window");
	if (window > 0)
		cJSON_AddNumberToObject(c, "sliding_window", window);
	else
		cJSON_AddNullToObject(c, "sliding_window");
	return 0;
}

static int
yarn(cJSON *c)
{
	cJSON *y = cJSON_DetachItemFromObjectCaseSensitive(c, "yarn");
	cJSON *rp = cJSON_CreateObject(), *v;
	static const char *const map[][2] = {
		{ "factor", "factor" },
		{ "original_max_position_embeddings",
		    "original_max_position_embeddings" },
		{ "beta", "beta_fast" },
		{ "alpha", "beta_slow" },
	};
	size_t i;

	cJSON_AddStringToObject(rp, "rope_type", "yarn");
	cJSON_AddNumberToObject(rp, "mscale_all_dim", 1);
	v = cJSON_DetachItemFromObjectCaseSensitive(c, "rope_theta");
	if (v != NULL)
		cJSON_AddItemToObject(rp, "rope_theta", v);
	for (i = 0; i < sizeof map / sizeof map[0]; i++) {
		v = cJSON_DetachItemFromObjectCaseSensitive(y, map[i][0]);
		if (v != NULL)
			cJSON_AddItemToObject(rp, map[i][1], v);
	}
	v = cJSON_DetachItemFromObjectCaseSensitive(y, "apply_scale");
	if (v != NULL && cJSON_IsFalse(v))
		cJSON_AddNumberToObject(rp, "attention_factor", 1.0);
	cJSON_Delete(v);
	i = (size_t)cJSON_GetArraySize(y);
	cJSON_Delete(y);
	cJSON_DeleteItemFromObjectCaseSensitive(c, "rope_parameters");
	cJSON_AddItemToObject(c, "rope_parameters", rp);
	return i == 0 ? 0 : -1; /* vLLM asserts nothing is left */
}

static int
quantization(cJSON *c)
{
	cJSON *q = cJSON_DetachItemFromObjectCaseSensitive(c, "quantization");
	const cJSON *w = cJSON_GetObjectItemCaseSensitive(q, "qformat_weight");
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(q, "quant_method");
	cJSON *qc;

	if (cJSON_IsString(w) && strcmp(w->valuestring, "fp8_e4m3") == 0) {
		const cJSON *a =
		    cJSON_GetObjectItemCaseSensitive(q, "qscheme_act");
		int dynamic = cJSON_IsString(a) &&
		    strcmp(a->valuestring, "NO_SCALES") == 0;

		if (a != NULL && !cJSON_IsNull(a) && !dynamic &&
		    !(cJSON_IsString(a) &&
			strcmp(a->valuestring, "TENSOR") == 0)) {
			cJSON_Delete(q);
			return -1;
		}
		qc = cJSON_CreateObject();
		cJSON_AddStringToObject(qc, "quant_method", "fp8");
		cJSON_AddStringToObject(qc, "activation_scheme",
		    dynamic ? "dynamic" : "static");
		cJSON_Delete(q);
	} else if (cJSON_IsString(m) &&
	    (strcasecmp(m->valuestring, "compressed-tensors") == 0 ||
		strcasecmp(m->valuestring, "compressed_tensors") == 0)) {
		cJSON_ReplaceItemInObjectCaseSensitive(q, "quant_method",
		    cJSON_CreateString("compressed-tensors"));
		qc = q;
	} else {
		cJSON_Delete(q);
		return -1;
	}
	cJSON_DeleteItemFromObjectCaseSensitive(c, "quantization_config");
	cJSON_AddItemToObject(c, "quantization_config", qc);
	return 0;
}

/* The Pixtral layout: the language model under text_config. */
static cJSON *
vision(cJSON *c)
{
	cJSON *vc = cJSON_DetachItemFromObjectCaseSensitive(c, "multimodal");
	cJSON *qc =
	    cJSON_DetachItemFromObjectCaseSensitive(c, "quantization_config");
	cJSON *root = cJSON_CreateObject(), *arch = cJSON_CreateArray();

	/* vLLM takes the whole "multimodal" object as vision_config */
	if (vc == NULL)
		vc = cJSON_DetachItemFromObjectCaseSensitive(c,
		    "vision_encoder");
	if (qc != NULL) /* kept on the text model too, as vLLM does */
		cJSON_AddItemToObject(c, "quantization_config",
		    cJSON_Duplicate(qc, 1));
	cJSON_AddStringToObject(root, "model_type", "pixtral");
	cJSON_AddItemToArray(arch,
	    cJSON_CreateString("PixtralForConditionalGeneration"));
	cJSON_AddItemToObject(root, "architectures", arch);
	cJSON_AddItemToObject(root, "text_config", c);
	cJSON_AddItemToObject(root, "vision_config",
	    vc ? vc : cJSON_CreateObject());
	if (qc != NULL)
		cJSON_AddItemToObject(root, "quantization_config", qc);
	return root;
}

/* The Whisper encoder fields of _remap_mistral_audio_args: params.json key
 * under encoder_args (or its audio_encoding_args) -> WhisperConfig key. */
static const struct {
	const char *from, *to;
	int encoding; /* under audio_encoding_args */
	const char *path; /* the key as an error names it */
} whisper_keys[] = {
#define WHISPER_ARGS "multimodal.whisper_model_args.encoder_args."
	{ "num_mel_bins", "num_mel_bins", 1,
	    WHISPER_ARGS "audio_encoding_args.num_mel_bins" },
	{ "dim", "d_model", 0, WHISPER_ARGS "dim" },
	{ "n_layers", "encoder_layers", 0, WHISPER_ARGS "n_layers" },
	{ "hidden_dim", "encoder_ffn_dim", 0, WHISPER_ARGS "hidden_dim" },
	{ "n_heads", "encoder_attention_heads", 0, WHISPER_ARGS "n_heads" },
	{ "head_dim", "encoder_head_dim", 0, WHISPER_ARGS "head_dim" },
#undef WHISPER_ARGS
};

/*
 * Voxtral (multimodal.whisper_model_args.encoder_args): the tree
 * _remap_mistral_audio_args builds, model_type voxtral, the text model as
 * text_config, a WhisperConfig of the encoder as audio_config with the
 * downsample factor; max_source_positions only where params.json gives a
 * number (WhisperConfig's 1500 otherwise).  A causal encoder (Voxtral
 * Realtime, VoxtralRealtimeGeneration) is refused: its encoder keeps a KV
 * cache of its own.
 */
static cJSON *
audio(cJSON *c, char *err, size_t errlen, const char **bad_key)
{
	cJSON *mm = cJSON_DetachItemFromObjectCaseSensitive(c, "multimodal");
	const cJSON *wa =
	    cJSON_GetObjectItemCaseSensitive(mm, "whisper_model_args");
	const cJSON *ea = cJSON_GetObjectItemCaseSensitive(wa, "encoder_args");
	const cJSON *enc =
	    cJSON_GetObjectItemCaseSensitive(ea, "audio_encoding_args");
	const cJSON *ds = cJSON_GetObjectItemCaseSensitive(
	    cJSON_GetObjectItemCaseSensitive(wa, "downsample_args"),
	    "downsample_factor");
	const cJSON *v;
	cJSON *root, *ac, *arch, *qc;
	size_t i;

	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(ea, "causal"))) {
		cJSON_Delete(mm);
		return refuse(c,
		    "multimodal.whisper_model_args.encoder_args.causal",
		    "a causal audio encoder (Voxtral Realtime, "
		    "VoxtralRealtimeGeneration) is not modelled",
		    err, errlen, bad_key);
	}
	if (int_in(ds, 1, 64, 0) == 0) {
		cJSON_Delete(mm);
		return refuse(c,
		    "multimodal.whisper_model_args.downsample_args."
		    "downsample_factor",
		    "needs a whole number from 1 to 64", err, errlen, bad_key);
	}
	ac = cJSON_CreateObject();
	for (i = 0; i < sizeof whisper_keys / sizeof whisper_keys[0]; i++) {
		v = cJSON_GetObjectItemCaseSensitive(whisper_keys[i].encoding
			? enc
			: ea,
		    whisper_keys[i].from);
		if (int_in(v, 1, 1 << 20, 0) == 0) {
			cJSON_Delete(ac);
			cJSON_Delete(mm);
			return refuse(c, whisper_keys[i].path,
			    "needs a positive whole number", err, errlen,
			    bad_key);
		}
		cJSON_AddNumberToObject(ac, whisper_keys[i].to, v->valuedouble);
	}
	cJSON_AddNumberToObject(ac, "downsample_factor", ds->valuedouble);
	v = cJSON_GetObjectItemCaseSensitive(ea, "max_source_positions");
	if (cJSON_IsNumber(v))
		cJSON_AddNumberToObject(ac, "max_source_positions",
		    v->valuedouble);
	cJSON_Delete(mm);
	root = cJSON_CreateObject();
	arch = cJSON_CreateArray();
	cJSON_AddStringToObject(root, "model_type", "voxtral");
	cJSON_AddItemToArray(arch,
	    cJSON_CreateString("VoxtralForConditionalGeneration"));
	cJSON_AddItemToObject(root, "architectures", arch);
	qc = cJSON_GetObjectItemCaseSensitive(c, "quantization_config");
	if (qc != NULL) /* kept on the text model too, as vLLM does */
		cJSON_AddItemToObject(root, "quantization_config",
		    cJSON_Duplicate(qc, 1));
	cJSON_AddItemToObject(root, "text_config", c);
	cJSON_AddItemToObject(root, "audio_config", ac);
	return root;
}

/* The defaults of vLLM's _remap_general_mistral_args. */
static void
mistral_params_add_defaults(cJSON *c)
{
	cJSON *v;

	if (!cJSON_GetObjectItemCaseSensitive(c, "model_type"))
		cJSON_AddStringToObject(c, "model_type", "transformer");
	if (!cJSON_GetObjectItemCaseSensitive(c, "hidden_act"))
		cJSON_AddStringToObject(c, "hidden_act", "silu");
	if (!cJSON_GetObjectItemCaseSensitive(c, "tie_word_embeddings"))
		cJSON_AddFalseToObject(c, "tie_word_embeddings");
	/* vLLM's parser: missing max_position_embeddings is 128000 */
	v = cJSON_GetObjectItemCaseSensitive(c, "max_position_embeddings");
	if (v == NULL || cJSON_IsNull(v)) {
		cJSON_DeleteItemFromObjectCaseSensitive(c,
		    "max_position_embeddings");
		cJSON_AddNumberToObject(c, "max_position_embeddings", 128000);
	}
	if (!cJSON_GetObjectItemCaseSensitive(c, "max_seq_len"))
		cJSON_AddItemToObject(c, "max_seq_len",
		    cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(c,
					"max_position_embeddings"),
			1));
}

/* sliding_window as layer_types: a list per layer, or one window for every
 * layer; -1 for a list vLLM does not accept. */
static int
mistral_params_layer_types(cJSON *c)
{
	const cJSON *sw = cJSON_GetObjectItemCaseSensitive(c, "sliding_window");
	int layers =
	    int_in(cJSON_GetObjectItemCaseSensitive(c, "num_hidden_layers"), 1,
		MISTRAL_MAX_LAYERS, 0);

	if (cJSON_IsArray(sw))
		return sliding_list(c, sw, layers);
	if (cJSON_IsNumber(sw) && sw->valuedouble > 0 &&
	    !cJSON_GetObjectItemCaseSensitive(c, "layer_types") && layers > 0) {
		cJSON *types = cJSON_CreateArray();
		int l;

		for (l = 0; l < layers; l++)
			cJSON_AddItemToArray(types,
			    cJSON_CreateString("sliding_attention"));
		cJSON_AddItemToObject(c, "layer_types", types);
	}
	return 0;
}

/* a key that holds something: not missing, null or an empty object */
static int
mistral_params_is_set(const cJSON *v)
{
	return v != NULL && !cJSON_IsNull(v) &&
	    !(cJSON_IsObject(v) && cJSON_GetArraySize(v) == 0);
}

/*
 * The layouts vLLM reads from params.json that headroom does not model
 * (the quantization mapped on the way): the reason, with its key in *key,
 * or NULL.
 */
static const char *
mistral_params_unmodelled(cJSON *c, const char **key)
{
	const cJSON *v;

	if (mistral_params_is_set(
		cJSON_GetObjectItemCaseSensitive(c, "quantization")) &&
	    quantization(c) != 0) {
		*key = "quantization";
		return "a quantization vLLM's Mistral format "
		       "does not know (fp8_e4m3 or compressed-tensors)";
	}
	if (cJSON_IsNumber(
		cJSON_GetObjectItemCaseSensitive(c, "qk_nope_head_dim"))) {
		*key = "qk_nope_head_dim";
		return "the Mistral MLA layout "
		       "(remapped to DeepSeek-V3 by vLLM) is not modelled from "
		       "params.json";
	}
	if (mistral_params_is_set(cJSON_GetObjectItemCaseSensitive(c, "moe"))) {
		*key = "moe";
		return "Mixture-of-Experts params.json (Mixtral, "
		       "Mistral Large 3) is not modelled; plan the repo's "
		       "config.json";
	}
	v = cJSON_GetObjectItemCaseSensitive(c, "model_type");
	if (cJSON_IsString(v) && strcmp(v->valuestring, "mamba") == 0) {
		*key = "model_type";
		return "Mamba params.json is not modelled";
	}
	return NULL;
}

cJSON *
mistral_params_to_hf(const cJSON *params, char *err, size_t errlen,
    const char **bad_key)
{
	cJSON *c, *arch, *v;
	const cJSON *mm;
	const char *why, *key = NULL;
	size_t i;

	if (bad_key)
		*bad_key = NULL;
	if (!cJSON_IsObject(params)) {
		snprintf(err, errlen, "params.json is not a JSON object");
		return NULL;
	}
	c = cJSON_Duplicate(params, 1);
	for (i = 0; i < sizeof renames / sizeof renames[0]; i++)
		move(c, renames[i][0], renames[i][1]);
	mistral_params_add_defaults(c);
	if (mistral_params_layer_types(c) != 0)
		return refuse(c, "sliding_window",
		    "a list vLLM does not accept "
		    "(one window size, and num_hidden_layers / "
		    "n_layers)",
		    err, errlen, bad_key);
	if ((why = mistral_params_unmodelled(c, &key)) != NULL)
		return refuse(c, key, why, err, errlen, bad_key);
	arch = cJSON_CreateArray();
	cJSON_AddItemToArray(arch, cJSON_CreateString("MistralForCausalLM"));
	cJSON_DeleteItemFromObjectCaseSensitive(c, "architectures");
	cJSON_AddItemToObject(c, "architectures", arch);
	v = cJSON_GetObjectItemCaseSensitive(c, "yarn");
	if (v != NULL && !cJSON_IsNull(v) && cJSON_GetArraySize(v) > 0 &&
	    yarn(c) != 0)
		return refuse(c, "yarn", "keys vLLM does not parse", err,
		    errlen, bad_key);
	mm = cJSON_GetObjectItemCaseSensitive(c, "multimodal");
	/* adapt_config_dict reads it with .get(): another value is no
	 * config vLLM builds a model from */
	if (mm != NULL && !cJSON_IsNull(mm) && !cJSON_IsObject(mm))
		return refuse(c, "multimodal", "not a JSON object", err, errlen,
		    bad_key);
	if (cJSON_IsObject(
		cJSON_GetObjectItemCaseSensitive(mm, "whisper_model_args")))
		return audio(c, err, errlen, bad_key);
	if (cJSON_IsObject(
		cJSON_GetObjectItemCaseSensitive(mm, "vision_encoder_args")) ||
	    cJSON_IsObject(
		cJSON_GetObjectItemCaseSensitive(c, "vision_encoder")))
		return vision(c);
	return c;
}

const char *
mistral_params_key(const char *hf_key)
{
	size_t i;

	if (hf_key == NULL)
		return NULL;
	for (i = 0; i < sizeof renames / sizeof renames[0]; i++)
		if (strcmp(renames[i][1], hf_key) == 0)
			return renames[i][0];
	return hf_key;
}
