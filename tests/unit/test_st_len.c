/*
 * test_st_len.c - the sentence-transformers length: a folder's
 * sentence_bert_config.json (or one of the six other names vLLM's
 * get_sentence_transformer_tokenizer_config tries, in its order) gives
 * max_seq_length as the derived max_model_len when the file also has
 * do_lower_case (_get_and_verify_max_len, vllm/config/model.py), and a
 * longer --max-model-len is refused in vLLM's words under the config's key.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/plan.h"
#include "core/vllm_version.h"
#include "io/model_dir.h"
#include "helpers.h"

/* BAAI/bge-m3's sizes with its 8194 positions (XLMRobertaModel) */
#define BGE_M3_CONFIG                                                          \
	"{\"architectures\":[\"XLMRobertaModel\"],\"model_type\":"             \
	"\"xlm-roberta\",\"hidden_size\":1024,\"num_hidden_layers\":24,"       \
	"\"num_attention_heads\":16,\"intermediate_size\":4096,"               \
	"\"vocab_size\":250002,\"max_position_embeddings\":8194,"              \
	"\"type_vocab_size\":1,\"torch_dtype\":\"float32\"}"

/* nomic-embed-text-v1.5's shape: 2048 positions, 2048 trained */
#define NOMIC_CONFIG                                                           \
	"{\"architectures\":[\"NomicBertModel\"],\"model_type\":"              \
	"\"nomic_bert\",\"n_embd\":768,\"n_layer\":12,\"n_head\":12,"          \
	"\"n_inner\":3072,\"vocab_size\":30528,\"n_positions\":2048,"          \
	"\"max_trained_positions\":2048,\"activation_function\":\"swiglu\","   \
	"\"qkv_proj_bias\":false,\"mlp_fc1_bias\":false,"                      \
	"\"mlp_fc2_bias\":false,\"rotary_emb_fraction\":1.0,"                  \
	"\"layer_norm_epsilon\":1e-12,\"type_vocab_size\":2}"

static void
put(const char *dir, const char *name, const char *text)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, name);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

/* Reads dir; returns model_dir_read's result with the error in err. */
static int
read_dir(const char *dir, struct model *m, char *err, size_t len)
{
	int64_t wb;

	memset(m, 0, sizeof *m);
	return model_dir_read(dir, m, &wb, err, len);
}

/* The derived length of a folder holding config and, under name, st. */
static int64_t
derived_with(const char *config, const char *name, const char *st)
{
	char dir[512], err[1024];
	struct model m;
	int64_t l;

	test_tmpdir_new(dir, sizeof dir, "stlen");
	put(dir, "config.json", config);
	if (name != NULL)
		put(dir, name, st);
	cr_assert_eq(read_dir(dir, &m, err, sizeof err), 0, "%s", err);
	l = m.derived_max_len;
	model_done(&m);
	test_tmpdir_remove(dir);
	return l;
}

Test(st_len, bge_m3_korean_fixture_is_512)
{
	struct model m;

	/* vLLM issue #25865: max_position_embeddings 8194, served at 512 */
	test_config_load("encoder/bge-m3-korean-st", &m);
	cr_assert_eq(m.derived_max_len, 512);
	cr_assert_str_eq(m.derived_key, "max_position_embeddings");
	model_done(&m);
	/* the same config.json without the file keeps its own length */
	test_config_load("encoder/bge-m3-korean", &m);
	cr_assert_eq(m.derived_max_len, 8194);
	model_done(&m);
}

Test(st_len, the_rule_as_vllm_reads_it)
{
	const char *both =
	    "{\"max_seq_length\": 1024, \"do_lower_case\": true}";

	cr_assert_eq(derived_with(BGE_M3_CONFIG, NULL, NULL), 8194);
	cr_assert_eq(derived_with(BGE_M3_CONFIG, "sentence_bert_config.json",
			 both),
	    1024);
	/* any of the seven names */
	cr_assert_eq(derived_with(BGE_M3_CONFIG,
			 "sentence_xlm-roberta_config.json", both),
	    1024);
	/* longer than the positions: vLLM takes it all the same */
	cr_assert_eq(derived_with(BGE_M3_CONFIG, "sentence_bert_config.json",
			 "{\"max_seq_length\": 9000, \"do_lower_case\": 0}"),
	    9000);
	/* without do_lower_case the file is not used */
	cr_assert_eq(derived_with(BGE_M3_CONFIG, "sentence_bert_config.json",
			 "{\"max_seq_length\": 512}"),
	    8194);
	/* without max_seq_length neither */
	cr_assert_eq(derived_with(BGE_M3_CONFIG, "sentence_bert_config.json",
			 "{\"do_lower_case\": false}"),
	    8194);
	/* an empty object is passed over */
	cr_assert_eq(derived_with(BGE_M3_CONFIG, "sentence_bert_config.json",
			 "{}"),
	    8194);
}

Test(st_len, first_non_empty_file_wins)
{
	char dir[512], err[1024];
	struct model m;

	test_tmpdir_new(dir, sizeof dir, "stlen");
	put(dir, "config.json", BGE_M3_CONFIG);
	put(dir, "sentence_bert_config.json", "{}");
	put(dir, "sentence_roberta_config.json",
	    "{\"max_seq_length\": 256, \"do_lower_case\": false}");
	put(dir, "sentence_xlnet_config.json",
	    "{\"max_seq_length\": 128, \"do_lower_case\": false}");
	cr_assert_eq(read_dir(dir, &m, err, sizeof err), 0, "%s", err);
	cr_assert_eq(m.derived_max_len, 256);
	model_done(&m);
	/* a first non-empty file without the pair stops the search */
	put(dir, "sentence_bert_config.json", "{\"max_seq_length\": 64}");
	cr_assert_eq(read_dir(dir, &m, err, sizeof err), 0, "%s", err);
	cr_assert_eq(m.derived_max_len, 8194);
	model_done(&m);
	test_tmpdir_remove(dir);
}

Test(st_len, nomic_default_stays_at_trained_positions)
{
	/* NomicBertModelConfig: min(max_model_len, max_trained_positions) */
	cr_assert_eq(derived_with(NOMIC_CONFIG, "sentence_bert_config.json",
			 "{\"max_seq_length\": 8192, \"do_lower_case\": "
			 "false}"),
	    2048);
	/* nomic-embed-text-v2-moe's 512 from sentence_bert_config.json */
	cr_assert_eq(derived_with(NOMIC_CONFIG, "sentence_bert_config.json",
			 "{\"max_seq_length\": 512, \"do_lower_case\": false}"),
	    512);
}

Test(st_len, bad_files_are_named)
{
	static const char *const bad[] = { "\"512\"", "0", "-3", "512.5",
		"null", "1e30" };
	char dir[512], err[1024], text[256];
	struct model m;
	size_t i;

	test_tmpdir_new(dir, sizeof dir, "stlen");
	put(dir, "config.json", BGE_M3_CONFIG);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text,
		    "{\n  \"do_lower_case\": false,\n  \"max_seq_length\": "
		    "%s\n}\n",
		    bad[i]);
		put(dir, "sentence_bert_config.json", text);
		cr_assert_eq(read_dir(dir, &m, err, sizeof err), -1, "%s",
		    bad[i]);
		cr_assert(strstr(err,
			      "sentence_bert_config.json:3: "
			      "max_seq_length must be") != NULL,
		    "%s", err);
	}
	put(dir, "sentence_bert_config.json", "{\"max_seq_length\": 512,,}");
	cr_assert_eq(read_dir(dir, &m, err, sizeof err), -1);
	cr_assert(strstr(err, "sentence_bert_config.json") != NULL, "%s", err);
	/* and a good file after it reads again */
	put(dir, "sentence_bert_config.json",
	    "{\"max_seq_length\": 512, \"do_lower_case\": false}");
	cr_assert_eq(read_dir(dir, &m, err, sizeof err), 0, "%s", err);
	cr_assert_eq(m.derived_max_len, 512);
	model_done(&m);
	test_tmpdir_remove(dir);
}

/* The plan of the fixture on an L4 at 0.11.0 with --max-model-len len. */
static void
plan_len(const struct model *m, int64_t len, struct plan *p)
{
	struct plan_input in;

	test_input(&in, "l4", "meta-llama/Llama-3.1-8B-Instruct", NULL);
	in.model = m;
	in.ckpt = -1;
	in.version = VLLM_VER(0, 11, 0);
	in.max_model_len = len;
	plan_compute(test_catalogue(), &in, p);
}

Test(st_len, longer_max_model_len_refused_in_vllms_words)
{
	struct model m;
	struct plan p;

	test_config_load("encoder/bge-m3-korean-st", &m);
	plan_len(&m, 0, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	cr_assert_eq(p.max_model_len, 512);
	plan_len(&m, 512, &p);
	cr_assert_eq(p.phase, PHASE_NONE, "%s", p.message);
	plan_len(&m, 8192, &p);
	cr_assert_eq(p.phase, PHASE_CONFIG);
	cr_assert(strstr(p.message,
		      "User-specified max_model_len (8192) is greater than "
		      "the derived max_model_len (max_position_embeddings=512 "
		      "or model_max_length=None in model's config.json).") !=
		NULL,
	    "%s", p.message);
	model_done(&m);
}
