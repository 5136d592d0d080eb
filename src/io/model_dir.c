/*
 * model_dir.c - local model folders.  Invariant: only headers are read
 * from .safetensors files (8-byte length, then at most 100 MiB of JSON).
 */
#include "model_dir.h"

#include <dirent.h>
#include <stdbool.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "core/units.h"
#include "io/hfconfig.h"
#include "io/hfjson.h"
#include "io/mistral_params.h"
#include "io/shellwords.h"
#include "io/textfile.h"

#define MAX_HEADER (100u << 20)
#define MAX_CONFIG (16u << 20) /* config.json, params.json: real ones are KiB */
#define MAX_SEQ_LEN ((int64_t)1 << 34) /* tokens, as hfconfig.c bounds them */
#define MAX_BYTES                                                              \
	((int64_t)1 << 50) /* 1 PiB: more weights than any model has */

/* 1-based line of the first occurrence of "key" in text, or 0. */
static int
line_of_key(const char *text, const char *key)
{
	char pat[160];
	const char *p;
	int line = 1;

	if (key == NULL)
		return 0;
	snprintf(pat, sizeof pat, "\"%s\"", key);
	p = strstr(text, pat);
	if (p == NULL)
		return 0;
	for (; text < p; text++)
		if (*text == '\n')
			line++;
	return line;
}

/*
 * The JSON header of the .safetensors file at path (8-byte little-endian
 * length, then the JSON); NULL with err set when it cannot be read or
 * parsed.  The caller deletes it.
 */
static cJSON *
safetensors_header(const char *path, char *err, size_t errlen)
{
	unsigned char lenb[8];
	uint64_t hlen = 0;
	char *hdr;
	cJSON *root;
	FILE *f = fopen(path, "rb");
	int i, line = 0;

	if (f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	if (fread(lenb, 1, 8, f) != 8) {
		snprintf(err, errlen, "%s: too short for a safetensors header",
		    path);
		fclose(f);
		return NULL;
	}
	for (i = 7; i >= 0; i--)
		hlen = hlen << 8 | lenb[i];
	if (hlen == 0 || hlen > MAX_HEADER) {
		snprintf(err, errlen, "%s: header length %llu is not plausible",
		    path, (unsigned long long)hlen);
		fclose(f);
		return NULL;
	}
	hdr = malloc(hlen + 1);
	if (hdr == NULL)
		abort();
	if (fread(hdr, 1, hlen, f) != hlen) {
		snprintf(err, errlen, "%s: header is cut short", path);
		free(hdr);
		fclose(f);
		return NULL;
	}
	fclose(f);
	hdr[hlen] = '\0';
	root = hfjson_parse(hdr, (size_t)hlen, &line);
	free(hdr);
	if (root == NULL && line < 0) {
		snprintf(err, errlen,
		    "%s: header holds more than %d JSON values", path,
		    HFJSON_MAX_VALUES);
		return NULL;
	}
	if (!cJSON_IsObject(root)) {
		snprintf(err, errlen, "%s: header is not a JSON object", path);
		cJSON_Delete(root);
		return NULL;
	}
	return root;
}

/* Bytes of tensor t from its data_offsets [begin, end]; -1 with err set. */
static int64_t
tensor_bytes(const char *path, const cJSON *t, char *err, size_t errlen)
{
	const cJSON *off = cJSON_GetObjectItemCaseSensitive(t, "data_offsets");
	const cJSON *b = cJSON_GetArrayItem(off, 0),
		    *e = cJSON_GetArrayItem(off, 1);
	int64_t begin, end;
	char why[160], name[96];

	shellwords_excerpt(t->string, 60, name, sizeof name);
	if (!cJSON_IsArray(off) || cJSON_GetArraySize(off) != 2 ||
	    !cJSON_IsNumber(b) || !cJSON_IsNumber(e)) {
		snprintf(err, errlen,
		    "%s: tensor '%s': data_offsets missing or not "
		    "two numbers",
		    path, name);
		return -1;
	}
	if (units_checked_int(b->valuedouble, 0, MAX_BYTES, &begin, why,
		sizeof why) != 0 ||
	    units_checked_int(e->valuedouble, 0, MAX_BYTES, &end, why,
		sizeof why) != 0) {
		snprintf(err, errlen, "%s: tensor '%s': data_offsets: %s", path,
		    name, why);
		return -1;
	}
	if (end < begin) {
		snprintf(err, errlen,
		    "%s: tensor '%s': data_offsets [%lld, %lld]: "
		    "the end is before the start",
		    path, name, (long long)begin, (long long)end);
		return -1;
	}
	return end - begin;
}

int64_t
model_dir_safetensors_bytes(const char *path, char *err, size_t errlen)
{
	cJSON *root = safetensors_header(path, err, errlen), *t;
	int64_t total = 0;

	if (root == NULL)
		return -1;
	cJSON_ArrayForEach(t, root) {
		int64_t b;

		if (strcmp(t->string, "__metadata__") == 0)
			continue;
		b = tensor_bytes(path, t, err, errlen);
		if (b < 0) {
			cJSON_Delete(root);
			return -1;
		}
		total += b;
		if (total > MAX_BYTES) {
			snprintf(err, errlen,
			    "%s: the tensors add up to more than %lld bytes",
			    path, (long long)MAX_BYTES);
			cJSON_Delete(root);
			return -1;
		}
	}
	cJSON_Delete(root);
	return total;
}

/* Parses path's JSON; NULL with "path:line: not valid JSON" in err. */
static cJSON *
parse_json(const char *path, const char *text, size_t len, char *err,
    size_t errlen)
{
	int line = 0;
	cJSON *j;

	if (len > MAX_CONFIG) {
		snprintf(err, errlen,
		    "%s: %zu bytes: too large for a model's config "
		    "(%u MiB at most)",
		    path, len, MAX_CONFIG >> 20);
		return NULL;
	}
	j = hfjson_parse(text, len, &line);
	if (j == NULL && len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		snprintf(err, errlen,
		    "%s:1: not valid JSON: it starts with a UTF-8 "
		    "byte-order mark, which Python's json.loads "
		    "(transformers, vLLM) refuses; save the file as UTF-8 "
		    "without one",
		    path);
	else if (j == NULL && line < 0)
		snprintf(err, errlen,
		    "%s: more than %d JSON values: too large for a "
		    "model's config",
		    path, HFJSON_MAX_VALUES);
	else if (j == NULL)
		snprintf(err, errlen, "%s:%d: not valid JSON", path, line);
	return j;
}

static bool
is_consolidated(const char *name)
{
	return strncmp(name, "consolidated", 12) == 0;
}

/*
 * Tensor bytes of the folder's .safetensors files: vLLM's Mistral format
 * loads consolidated*.safetensors only; the Hugging Face format skips them
 * when other shards exist (repos that ship both layouts).
 */
static int
safetensors_total(const char *dir, bool mistral, int64_t *total, char *err,
    size_t errlen)
{
	char path[4200];
	DIR *d;
	struct dirent *de;
	int64_t sum[2] = { 0, 0 };
	int have[2] = { 0, 0 };

	*total = 0;
	d = opendir(dir);
	if (d == NULL)
		return 0;
	while ((de = readdir(d)) != NULL) {
		size_t l = strlen(de->d_name);
		int64_t b;
		int k = is_consolidated(de->d_name);

		if (l < 12 || strcmp(de->d_name + l - 12, ".safetensors") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		b = model_dir_safetensors_bytes(path, err, errlen);
		if (b < 0) {
			closedir(d);
			return -1;
		}
		sum[k] += b;
		have[k] = 1;
	}
	closedir(d);
	*total = mistral ? sum[1] : have[0] ? sum[0] : sum[1];
	return 0;
}

/*
 * The folder's config in path: config.json, else a Mistral-native
 * params.json (vLLM's auto format), then true.
 */
static bool
config_locate(const char *dir, char *path, size_t size)
{
	char pp[4200];
	struct stat sb;

	snprintf(path, size, "%s/config.json", dir);
	if (stat(path, &sb) == 0)
		return false;
	snprintf(pp, sizeof pp, "%s/params.json", dir);
	if (stat(pp, &sb) != 0)
		return false;
	snprintf(path, size, "%s", pp);
	return true;
}

/* 1-based line of key among the root object's own keys in text, or 0:
 * params.json's text model is its root, and a nested key of the same name
 * (the audio encoder's n_layers) is another field. */
static int
line_of_root_key(const char *text, const char *key)
{
	size_t kl = key ? strlen(key) : 0;
	const char *p = text;
	int depth = 0, line = 1;

	if (key == NULL)
		return 0;
	for (; *p != '\0'; p++) {
		if (*p == '\n')
			line++;
		else if (*p == '{' || *p == '[')
			depth++;
		else if (*p == '}' || *p == ']')
			depth--;
		else if (*p == '"') {
			const char *q = p + 1, *r;

			while (*q != '\0' && *q != '"') {
				if (*q == '\\' && q[1] != '\0')
					q++;
				q++;
			}
			if (*q == '\0')
				return 0;
			for (r = q + 1; *r == ' ' || *r == '\t' || *r == '\r' ||
			     *r == '\n';
			     r++)
				;
			if (depth == 1 && *r == ':' &&
			    (size_t)(q - p - 1) == kl &&
			    strncmp(p + 1, key, kl) == 0)
				return line;
			p = q;
		}
	}
	return 0;
}

/* "path:line: msg" at key's line in text, or "path: msg"; in params.json
 * (mistral) among the root's keys only. */
static void
say_at_key(char *err, size_t errlen, const char *path, const char *text,
    const char *key, const char *msg, bool mistral)
{
	int line =
	    mistral ? line_of_root_key(text, key) : line_of_key(text, key);

	if (line > 0)
		snprintf(err, errlen, "%s:%d: %s", path, line, msg);
	else
		snprintf(err, errlen, "%s: %s", path, msg);
}

/*
 * The config at path (its text in *text, the caller's to free), parsed and,
 * from params.json, turned into Hugging Face's fields.  NULL with err set.
 */
static cJSON *
config_load(const char *path, bool mistral, char **text, char *err,
    size_t errlen)
{
	char e2[512];
	const char *bad = NULL;
	size_t len;
	cJSON *cfg, *hf;

	*text = textfile_read(path, &len, err, errlen);
	if (*text == NULL)
		return NULL;
	cfg = parse_json(path, *text, len, err, errlen);
	if (cfg == NULL || !mistral)
		return cfg;
	hf = mistral_params_to_hf(cfg, e2, sizeof e2, &bad);
	cJSON_Delete(cfg);
	if (hf == NULL)
		say_at_key(err, errlen, path, *text, bad, e2, true);
	return hf;
}

/*
 * A ModelOpt quantization_config without the KV algorithm takes the one
 * hf_quant_config.json names (vLLM reads that file too).
 */
static void
quant_add_kv_algo(cJSON *cfg, const char *dir)
{
	cJSON *qc =
	    cJSON_GetObjectItemCaseSensitive(cfg, "quantization_config");
	const cJSON *qm = cJSON_GetObjectItemCaseSensitive(qc, "quant_method");
	char qp[4200], e2[512], *qt;
	cJSON *hq;
	const cJSON *sec, *kva;

	if (!cJSON_IsString(qm) || strcmp(qm->valuestring, "modelopt") != 0 ||
	    cJSON_GetObjectItemCaseSensitive(qc, "kv_cache_quant_algo") != NULL)
		return;
	snprintf(qp, sizeof qp, "%s/hf_quant_config.json", dir);
	qt = textfile_read(qp, NULL, e2, sizeof e2);
	hq = qt ? cJSON_Parse(qt) : NULL;
	sec = cJSON_GetObjectItemCaseSensitive(hq, "quantization");
	kva = cJSON_GetObjectItemCaseSensitive(sec ? sec : hq,
	    "kv_cache_quant_algo");
	if (cJSON_IsString(kva))
		cJSON_AddStringToObject(qc, "kv_cache_quant_algo",
		    kva->valuestring);
	cJSON_Delete(hq);
	free(qt);
}

/* ModelOpt keeps its quantization in a file of its own: cfg takes it. */
static void
quant_add_file(cJSON *cfg, const char *dir)
{
	char qp[4200], e2[512], *qt;
	cJSON *q;

	if (cJSON_GetObjectItemCaseSensitive(cfg, "quantization_config") !=
	    NULL)
		return;
	snprintf(qp, sizeof qp, "%s/hf_quant_config.json", dir);
	qt = textfile_read(qp, NULL, e2, sizeof e2);
	if (qt == NULL)
		return;
	q = cJSON_Parse(qt);
	free(qt);
	if (cJSON_IsObject(q)) {
		if (!cJSON_GetObjectItemCaseSensitive(q, "quant_method"))
			cJSON_AddStringToObject(q, "quant_method", "modelopt");
		cJSON_AddItemToObject(cfg, "quantization_config", q);
	} else {
		cJSON_Delete(q);
	}
}

/*
 * The folder's sentence-transformers Pooling module, as vLLM's
 * get_pooling_config (vllm/transformers_utils/config.py) reads it:
 * modules.json names the module of type sentence_transformers.models.
 * Pooling, whose config.json's first member set true is the mode.  A
 * modules.json without one leaves MODEL_ST_NONE; a mode headroom does not
 * read (max, weighted mean, none set) is MODEL_ST_OTHER.
 */
static int
st_pooling_of(const char *dir)
{
	static const struct {
		const char *key;
		int mode;
	} modes[] = {
		{ "pooling_mode_lasttoken", MODEL_ST_LAST },
		{ "pooling_mode_mean_tokens", MODEL_ST_MEAN },
		{ "pooling_mode_cls_token", MODEL_ST_CLS },
	};
	char p[4200], e2[512], *t;
	cJSON *mods, *cfg;
	const cJSON *it, *ty, *pa, *first = NULL, *list;
	const char *rel = NULL;
	int mode = MODEL_ST_NONE;
	size_t i;

	snprintf(p, sizeof p, "%s/modules.json", dir);
	t = textfile_read(p, NULL, e2, sizeof e2);
	mods = t ? cJSON_Parse(t) : NULL;
	free(t);
	list = cJSON_IsArray(mods) ? mods : NULL;
	cJSON_ArrayForEach(it, list) {
		ty = cJSON_GetObjectItemCaseSensitive(it, "type");
		pa = cJSON_GetObjectItemCaseSensitive(it, "path");
		if (cJSON_IsString(ty) && cJSON_IsString(pa) &&
		    strcmp(ty->valuestring,
			"sentence_transformers.models.Pooling") == 0) {
			rel = pa->valuestring;
			break;
		}
	}
	/* a Pooling module whose mode is not read (a folder outside the
	 * model's, no config, no pooling_mode_* set) is still one */
	if (rel != NULL)
		mode = MODEL_ST_OTHER;
	if (rel != NULL && *rel != '\0' && *rel != '/' &&
	    strstr(rel, "..") == NULL) {
		snprintf(p, sizeof p, "%s/%s/config.json", dir, rel);
		t = textfile_read(p, NULL, e2, sizeof e2);
		cfg = t ? cJSON_Parse(t) : NULL;
		free(t);
		list = cJSON_IsObject(cfg) ? cfg : NULL;
		cJSON_ArrayForEach(it, list) {
			if (cJSON_IsTrue(it)) {
				first = it;
				break;
			}
		}
		for (i = 0; first != NULL && i < sizeof modes / sizeof modes[0];
		     i++)
			if (strcmp(first->string, modes[i].key) == 0)
				mode = modes[i].mode;
		cJSON_Delete(cfg);
	}
	cJSON_Delete(mods);
	return mode;
}

/*
 * Whether the folder's weights hold lm_head.weight: the index's weight_map,
 * else model.safetensors' header (1 yes, -1 no, 0 neither readable).
 */
static int
lm_head_in_files(const char *dir, bool mistral)
{
	char p[4200], e2[512], *t;
	cJSON *j;
	const cJSON *map;
	int r = 0;

	if (mistral)
		return 0;
	snprintf(p, sizeof p, "%s/model.safetensors.index.json", dir);
	t = textfile_read(p, NULL, e2, sizeof e2);
	if (t != NULL) {
		j = cJSON_Parse(t);
		free(t);
		map = cJSON_GetObjectItemCaseSensitive(j, "weight_map");
		if (cJSON_IsObject(map))
			r = cJSON_GetObjectItemCaseSensitive(map,
				"lm_head.weight") != NULL
			    ? 1
			    : -1;
		cJSON_Delete(j);
		return r;
	}
	snprintf(p, sizeof p, "%s/model.safetensors", dir);
	j = safetensors_header(p, e2, sizeof e2);
	if (cJSON_IsObject(j))
		r = cJSON_GetObjectItemCaseSensitive(j, "lm_head.weight") !=
			NULL
		    ? 1
		    : -1;
	cJSON_Delete(j);
	return r;
}

/* The folder names the model; path (its config) is its source. */
static void
model_take_dir(struct model *m, const char *dir, const char *path)
{
	free(m->id);
	m->id = strdup(dir);
	free(m->name);
	m->name = strdup(dir);
	free(m->family);
	m->family = strdup("Local");
	free(m->source);
	m->source = strdup(path);
}

/*
 * metadata.total_size of the index at path (its text, len bytes) into
 * *weight_bytes; -1 with err set.
 */
static int
index_total_size(const char *path, const char *text, size_t len,
    int64_t *weight_bytes, char *err, size_t errlen)
{
	int line = 0;
	cJSON *idx = hfjson_parse(text, len, &line);
	const cJSON *md = cJSON_GetObjectItemCaseSensitive(idx, "metadata");
	const cJSON *ts = cJSON_GetObjectItemCaseSensitive(md, "total_size");
	char why[160];
	int r = -1;

	if (idx == NULL) {
		if (line < 0)
			snprintf(err, errlen, "%s: more than %d JSON values",
			    path, HFJSON_MAX_VALUES);
		else
			snprintf(err, errlen, "%s:%d: not valid JSON", path,
			    line);
		return -1;
	}
	if (!cJSON_IsNumber(ts) || ts->valuedouble <= 0)
		snprintf(err, errlen,
		    "%s: metadata.total_size is missing or not "
		    "a positive number",
		    path);
	else if (units_checked_int(ts->valuedouble, 1, MAX_BYTES, weight_bytes,
		     why, sizeof why) != 0)
		snprintf(err, errlen, "%s: metadata.total_size: %s", path, why);
	else
		r = 0;
	cJSON_Delete(idx);
	return r;
}

/*
 * Exact weight bytes: the index's total_size, else the sum of the
 * .safetensors headers (a Mistral folder: those only).
 */
static int
read_weight_bytes(const char *dir, bool mistral, int64_t *weight_bytes,
    char *err, size_t errlen)
{
	char path[4200], e2[512];
	char *text;
	size_t len;
	int r;

	snprintf(path, sizeof path, "%s/model.safetensors.index.json", dir);
	text = mistral ? NULL : textfile_read(path, &len, e2, sizeof e2);
	if (text == NULL)
		return safetensors_total(dir, mistral, weight_bytes, err,
		    errlen);
	r = index_total_size(path, text, len, weight_bytes, err, errlen);
	free(text);
	return r;
}

/*
 * The sentence-transformers length, as vLLM's get_sentence_transformer_
 * tokenizer_config (vllm/transformers_utils/config.py) finds it: the first
 * of its seven file names present in the folder that holds a non-empty
 * object, kept only when it has both max_seq_length and do_lower_case;
 * _get_and_verify_max_len (vllm/config/model.py; vllm/config.py of the 0.10
 * releases) then takes max_seq_length as the derived length in place of the
 * config's, under the config's key name.  NomicBertModelConfig still cuts
 * the default to max_trained_positions afterwards (read_nomic in
 * hfarch.c).  0 when applied or absent; -1 with err naming the file, line
 * and field when the file cannot be read or the length is not a positive
 * whole number.
 */
static int
st_max_len_apply(const char *dir, struct model *m, char *err, size_t errlen)
{
	static const char *const names[] = { "sentence_bert_config.json",
		"sentence_roberta_config.json",
		"sentence_distilbert_config.json",
		"sentence_camembert_config.json", "sentence_albert_config.json",
		"sentence_xlm-roberta_config.json",
		"sentence_xlnet_config.json", NULL };
	char path[4200], msg[512];
	struct stat st;
	char *text = NULL;
	cJSON *d = NULL;
	const cJSON *v;
	size_t len;
	int i, r = 0;

	for (i = 0; names[i]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (stat(path, &st) != 0)
			continue;
		text = textfile_read(path, &len, err, errlen);
		if (text == NULL)
			return -1;
		d = parse_json(path, text, len, err, errlen);
		if (d == NULL) {
			free(text);
			return -1;
		}
		if (cJSON_IsObject(d) && d->child != NULL)
			break;
		cJSON_Delete(d);
		d = NULL;
		free(text);
		text = NULL;
	}
	if (d == NULL)
		return 0;
	v = cJSON_GetObjectItemCaseSensitive(d, "max_seq_length");
	if (v != NULL &&
	    cJSON_GetObjectItemCaseSensitive(d, "do_lower_case") != NULL) {
		if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) ||
		    v->valuedouble < 1 ||
		    v->valuedouble > (double)MAX_SEQ_LEN ||
		    v->valuedouble != floor(v->valuedouble)) {
			snprintf(msg, sizeof msg,
			    "max_seq_length must be a whole number of tokens "
			    "from 1 to %lld",
			    (long long)MAX_SEQ_LEN);
			say_at_key(err, errlen, path, text, "max_seq_length",
			    msg, false);
			r = -1;
		} else {
			int64_t l = (int64_t)v->valuedouble;

			if (m->architecture != NULL &&
			    strcmp(m->architecture, "NomicBertModel") == 0 &&
			    m->rope_cache_len > 0 && l > m->rope_cache_len)
				l = m->rope_cache_len;
			m->derived_max_len = l;
		}
	}
	cJSON_Delete(d);
	free(text);
	return r;
}

int
model_dir_read(const char *dir, struct model *m, int64_t *weight_bytes,
    char *err, size_t errlen)
{
	char path[4200], e2[512];
	const char *bad = NULL;
	char *text;
	cJSON *cfg;
	bool mistral;

	*weight_bytes = 0;
	mistral = config_locate(dir, path, sizeof path);
	cfg = config_load(path, mistral, &text, err, errlen);
	if (cfg == NULL) {
		free(text);
		return -1;
	}
	if (!mistral) {
		quant_add_kv_algo(cfg, dir);
		quant_add_file(cfg, dir);
	}
	if (hfconfig_read(cfg, m, e2, sizeof e2, &bad) != 0) {
		/* a renamed Mistral key is found, and named, under its
		 * params.json name */
		const char *pk = mistral ? mistral_params_key(bad) : bad;

		if (pk != NULL && bad != NULL && strcmp(pk, bad) != 0) {
			size_t o = strlen(e2);

			snprintf(e2 + o, sizeof e2 - o, " (params.json's %s)",
			    pk);
		}
		say_at_key(err, errlen, path, text, pk, e2, mistral);
		cJSON_Delete(cfg);
		free(text);
		return -1;
	}
	cJSON_Delete(cfg);
	free(text);
	model_take_dir(m, dir, path);
	if (st_max_len_apply(dir, m, err, errlen) != 0) {
		model_done(m);
		return -1;
	}
	m->st_pooling = st_pooling_of(dir);
	m->files_lm_head = lm_head_in_files(dir, mistral);
	if (read_weight_bytes(dir, mistral, weight_bytes, err, errlen) != 0) {
		model_done(m);
		return -1;
	}
	return 0;
}
