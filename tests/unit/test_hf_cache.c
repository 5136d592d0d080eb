/*
 * test_hf_cache.c - the Hugging Face cache as huggingface_hub lays it out:
 * a fake cache tree (refs, snapshots, blobs, symlinks) built per test, the
 * root's environment order, every resolution rule, the writes, Mistral
 * params.json folders and the catalogue-first order of --model.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/cli.h"
#include "io/hf_cache.h"
#include "io/mistral_params.h"
#include "io/model_dir.h"
#include "io/model_find.h"
#include "helpers.h"
#include "io/serve_command.h"

#define C1 "0123456789abcdef0123456789abcdef01234567"
#define C2 "89abcdef0123456789abcdef0123456789abcdef"

static char top[512];

static const char *
fixture(const char *rel)
{
	static char path[1024];

	snprintf(path, sizeof path, "%s/tests/fixtures/%s",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".", rel);
	return path;
}

static void
mkdirs(const char *path)
{
	char d[1024], *p;

	snprintf(d, sizeof d, "%s", path);
	for (p = d + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(d, 0755);
			*p = '/';
		}
	mkdir(d, 0755);
}

static void
put(const char *rel, const void *data, size_t n)
{
	char path[1024], dir[1024], *slash;
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", top, rel);
	snprintf(dir, sizeof dir, "%s", path);
	slash = strrchr(dir, '/');
	*slash = '\0';
	mkdirs(dir);
	f = fopen(path, "wb");
	cr_assert_not_null(f, "%s", path);
	fwrite(data, 1, n, f);
	fclose(f);
}

static void
put_str(const char *rel, const char *s)
{
	put(rel, s, strlen(s));
}

static void
link_to(const char *target, const char *rel)
{
	char path[1024];

	snprintf(path, sizeof path, "%s/%s", top, rel);
	cr_assert_eq(symlink(target, path), 0, "%s", path);
}

static char *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *b = malloc(1 << 20);

	cr_assert_not_null(f, "%s", path);
	*n = fread(b, 1, 1 << 20, f);
	fclose(f);
	return b;
}

/* A fresh folder; the cache root is TOP/hub through HF_HUB_CACHE. */
static void
setup(void)
{
	snprintf(top, sizeof top, "/tmp/headroom-hfc-XXXXXX");
	cr_assert_not_null(mkdtemp(top));
	unsetenv("HF_HOME");
	unsetenv("XDG_CACHE_HOME");
	unsetenv("HF_HUB_OFFLINE");
	{
		char v[600];

		snprintf(v, sizeof v, "%s/hub", top);
		setenv("HF_HUB_CACHE", v, 1);
		snprintf(v, sizeof v, "%s/xdg", top);
		setenv("XDG_CACHE_HOME", v, 1);
	}
	/* never the network in these tests */
	setenv("HF_HUB_OFFLINE", "1", 1);
}

static void
teardown(void)
{
	char cmd[700];

	snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
	cr_assert_eq(system(cmd), 0);
}

/* The Qwen 0.5B repo in the cache: config and safetensors as blob symlinks. */
static void
cache_qwen(void)
{
	size_t n;
	char *b =
	    slurp(fixture("hub/Qwen/Qwen2.5-0.5B-Instruct/config.json"), &n);
	const char *r = "hub/models--Qwen--Qwen2.5-0.5B-Instruct";
	char p[512];

	snprintf(p, sizeof p, "%s/blobs/cfgblob", r);
	put(p, b, n);
	free(b);
	b = slurp(fixture("hub/Qwen/Qwen2.5-0.5B-Instruct/model.safetensors"),
	    &n);
	snprintf(p, sizeof p, "%s/blobs/stblob", r);
	put(p, b, n);
	free(b);
	snprintf(p, sizeof p, "%s/refs/main", r);
	put_str(p, C1 "\n");
	snprintf(p, sizeof p, "%s/refs/v1.0", r);
	put_str(p, C2);
	snprintf(p, sizeof p, "%s/snapshots/" C1 "/x", r);
	put_str(p, "");
	snprintf(p, sizeof p, "%s/snapshots/" C1 "/config.json", r);
	link_to("../../blobs/cfgblob", p);
	snprintf(p, sizeof p, "%s/snapshots/" C1 "/model.safetensors", r);
	link_to("../../blobs/stblob", p);
	/* v1.0: config only, no weights */
	snprintf(p, sizeof p, "%s/snapshots/" C2 "/x", r);
	put_str(p, "");
	snprintf(p, sizeof p, "%s/snapshots/" C2 "/config.json", r);
	link_to("../../blobs/cfgblob", p);
}

TestSuite(hf_cache, .init = setup, .fini = teardown);

Test(hf_cache, root_follows_huggingface_hub_order)
{
	char b[1024];

	setenv("HF_HUB_CACHE", "/a/hubcache", 1);
	setenv("HF_HOME", "/b/hfhome", 1);
	setenv("XDG_CACHE_HOME", "/c/xdg", 1);
	setenv("HOME", "/d/home", 1);
	cr_assert_eq(hf_cache_root(b, sizeof b), 0);
	cr_assert_str_eq(b, "/a/hubcache");
	unsetenv("HF_HUB_CACHE");
	hf_cache_root(b, sizeof b);
	cr_assert_str_eq(b, "/b/hfhome/hub");
	unsetenv("HF_HOME");
	hf_cache_root(b, sizeof b);
	cr_assert_str_eq(b, "/c/xdg/huggingface/hub");
	setenv("XDG_CACHE_HOME", "", 1); /* empty counts as unset */
	hf_cache_root(b, sizeof b);
	cr_assert_str_eq(b, "/d/home/.cache/huggingface/hub");
}

Test(hf_cache, repo_ids_and_revisions)
{
	cr_assert(hf_repo_id_valid("Qwen/Qwen2.5-0.5B-Instruct"));
	cr_assert(hf_repo_id_valid("gpt2"));
	cr_assert_not(hf_repo_id_valid("a/b/c"));
	cr_assert_not(hf_repo_id_valid("../etc"));
	cr_assert_not(hf_repo_id_valid("a--b/c"));
	cr_assert_not(hf_repo_id_valid("org/"));
	cr_assert_not(hf_repo_id_valid("org/na me"));
	cr_assert(hf_revision_valid("refs/pr/1"));
	cr_assert_not(hf_revision_valid("../../x"));
	cr_assert_not(hf_revision_valid("/abs"));
	cr_assert(hf_is_commit(C1));
	cr_assert_not(hf_is_commit("0123456789ABCDEF0123456789abcdef01234567"));
	cr_assert_not(hf_is_commit("main"));
}

Test(hf_cache, refs_revision_and_commit_resolve_to_snapshots)
{
	char root[600], dir[1024], commit[41], err[512];

	cache_qwen();
	hf_cache_root(root, sizeof root);
	/* main by default, through refs/main (a trailing newline is fine) */
	cr_assert_eq(hf_cache_snapshot(root, "Qwen/Qwen2.5-0.5B-Instruct", NULL,
			 dir, sizeof dir, commit, err, sizeof err),
	    0, "%s", err);
	cr_assert_str_eq(commit, C1);
	cr_assert(
	    strstr(dir, "models--Qwen--Qwen2.5-0.5B-Instruct/snapshots/" C1) !=
	    NULL);
	/* a tag */
	cr_assert_eq(hf_cache_snapshot(root, "Qwen/Qwen2.5-0.5B-Instruct",
			 "v1.0", dir, sizeof dir, commit, err, sizeof err),
	    0, "%s", err);
	cr_assert_str_eq(commit, C2);
	/* a commit hash without a ref */
	cr_assert_eq(hf_cache_snapshot(root, "Qwen/Qwen2.5-0.5B-Instruct", C2,
			 dir, sizeof dir, commit, err, sizeof err),
	    0, "%s", err);
	/* an unknown branch, a commit without a snapshot, an unknown repo */
	cr_assert_eq(hf_cache_snapshot(root, "Qwen/Qwen2.5-0.5B-Instruct",
			 "dev", dir, sizeof dir, commit, err, sizeof err),
	    1);
	cr_assert(strstr(err, "no revision 'dev'") != NULL, "%s", err);
	cr_assert_eq(hf_cache_snapshot(root, "Qwen/Qwen2.5-0.5B-Instruct",
			 "ffffffffffffffffffffffffffffffffffffffff", dir,
			 sizeof dir, commit, err, sizeof err),
	    1);
	cr_assert_eq(hf_cache_snapshot(root, "nobody/Nothing", NULL, dir,
			 sizeof dir, commit, err, sizeof err),
	    1);
	cr_assert(strstr(err, "not in the Hugging Face cache") != NULL, "%s",
	    err);
	/* a ref that is not a commit is an error, not a miss */
	put_str("hub/models--Qwen--Qwen2.5-0.5B-Instruct/refs/bad", "oops");
	cr_assert_eq(hf_cache_snapshot(root, "Qwen/Qwen2.5-0.5B-Instruct",
			 "bad", dir, sizeof dir, commit, err, sizeof err),
	    -1);
	/* a nested ref (a pull request) */
	put_str("hub/models--Qwen--Qwen2.5-0.5B-Instruct/refs/refs/pr/1", C2);
	cr_assert_eq(hf_cache_snapshot(root, "Qwen/Qwen2.5-0.5B-Instruct",
			 "refs/pr/1", dir, sizeof dir, commit, err, sizeof err),
	    0, "%s", err);
	cr_assert_str_eq(commit, C2);
}

Test(hf_cache, model_find_reads_through_blob_symlinks)
{
	struct model m;
	struct model_found f;
	int64_t wb;
	char err[1024];

	cache_qwen();
	cr_assert_eq(model_find("Qwen/Qwen2.5-0.5B-Instruct", NULL, &m, &wb, &f,
			 err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(f.origin, MODEL_FROM_CACHE);
	cr_assert_str_eq(f.commit, C1);
	/* named by the repo, not by the snapshot path */
	cr_assert_str_eq(m.id, "Qwen/Qwen2.5-0.5B-Instruct");
	cr_assert_eq(m.layers, 24);
	cr_assert_eq(m.kv_heads, 2);
	/* the safetensors header read through the symlink: the published bytes */
	cr_assert_eq(wb, 988065536LL);
	model_done(&m);
	/* the tag's snapshot has no weights: the size is left to the planner */
	cr_assert_eq(model_find("Qwen/Qwen2.5-0.5B-Instruct", "v1.0", &m, &wb,
			 &f, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(wb, 0);
	model_done(&m);
	/* ... unless headroom recorded the headers it read from the Hub */
	cr_assert_eq(hf_cache_weights_put("Qwen/Qwen2.5-0.5B-Instruct", C2,
			 12345, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(model_find("Qwen/Qwen2.5-0.5B-Instruct", "v1.0", &m, &wb,
			 &f, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(wb, 12345);
	model_done(&m);
	/* a record beyond int64_t's range is no record */
	{
		char rec[1024];
		FILE *fp;

		snprintf(rec, sizeof rec,
		    "%s/headroom/hub/models--Qwen--Qwen2.5-0.5B-Instruct/"
		    "%s.json",
		    getenv("XDG_CACHE_HOME"), C2);
		fp = fopen(rec, "w");
		cr_assert_not_null(fp, "%s", rec);
		fputs("{\"safetensors_bytes\":1e30}\n", fp);
		fclose(fp);
		cr_assert_eq(hf_cache_weights_get("Qwen/Qwen2.5-0.5B-Instruct",
				 C2),
		    -1);
	}
}

Test(hf_cache, offline_miss_says_where_it_looked)
{
	struct model m;
	struct model_found f;
	int64_t wb;
	char err[1024];

	cache_qwen();
	cr_assert_eq(model_find("Qwen/Qwen2.5-7B", NULL, &m, &wb, &f, err,
			 sizeof err),
	    1);
	cr_assert(strstr(err, "not in the Hugging Face cache") != NULL, "%s",
	    err);
	cr_assert(strstr(err, "HF_HUB_OFFLINE") != NULL, "%s", err);
	cr_assert_eq(model_find("Qwen/Qwen2.5-0.5B-Instruct", "dev", &m, &wb,
			 &f, err, sizeof err),
	    1);
	cr_assert_eq(model_find("Qwen/Qwen2.5-0.5B-Instruct", "../x", &m, &wb,
			 &f, err, sizeof err),
	    -1);
	cr_assert(strstr(err, "--revision") != NULL, "%s", err);
	/* a broken blob link is an error naming the file */
	unlink("/nonexistent");
	{
		char p[1024];

		snprintf(p, sizeof p,
		    "%s/hub/models--Qwen--Qwen2.5-0.5B-Instruct/blobs/stblob",
		    top);
		cr_assert_eq(unlink(p), 0);
	}
	cr_assert_eq(model_find("Qwen/Qwen2.5-0.5B-Instruct", NULL, &m, &wb, &f,
			 err, sizeof err),
	    -1);
	cr_assert(strstr(err, "model.safetensors") != NULL, "%s", err);
}

Test(hf_cache, store_writes_blobs_symlinks_and_refs)
{
	char root[600], dir[1024], commit[41], err[512], link[2000],
	    target[256];
	ssize_t n;
	struct stat sb;

	hf_cache_root(root, sizeof root);
	cr_assert_eq(hf_cache_store(root, "org/Model", "main", C1,
			 "config.json", "abc123", "{}", 2, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(hf_cache_store(root, "org/Model", "main", C1, "sub/x.json",
			 "def", "[]", 2, err, sizeof err),
	    0, "%s", err);
	/* again: idempotent */
	cr_assert_eq(hf_cache_store(root, "org/Model", "main", C1,
			 "config.json", "abc123", "{}", 2, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(hf_cache_store_missing(root, "org/Model", "main", C1,
			 "hf_quant_config.json", err, sizeof err),
	    0, "%s", err);
	cr_assert(hf_cache_known_missing(root, "org/Model", C1,
	    "hf_quant_config.json"));
	cr_assert_not(
	    hf_cache_known_missing(root, "org/Model", C1, "params.json"));
	snprintf(link, sizeof link,
	    "%s/models--org--Model/snapshots/" C1 "/config.json", root);
	n = readlink(link, target, sizeof target - 1);
	cr_assert_gt(n, 0);
	target[n] = '\0';
	cr_assert_str_eq(target, "../../blobs/abc123");
	snprintf(link, sizeof link,
	    "%s/models--org--Model/snapshots/" C1 "/sub/x.json", root);
	n = readlink(link, target, sizeof target - 1);
	target[n > 0 ? n : 0] = '\0';
	cr_assert_str_eq(target, "../../../blobs/def");
	cr_assert_eq(stat(link, &sb), 0); /* the link resolves */
	cr_assert_eq(hf_cache_snapshot(root, "org/Model", "main", dir,
			 sizeof dir, commit, err, sizeof err),
	    0, "%s", err);
	cr_assert_str_eq(commit, C1);
	/* no temporary file is left behind */
	snprintf(link, sizeof link,
	    "ls -a '%s/models--org--Model/blobs' "
	    "'%s/models--org--Model/refs' | grep -c '[.]tmp[.]' >/dev/null",
	    root, root);
	cr_assert_neq(system(link), 0);
	/* names that would leave the cache are refused */
	cr_assert_eq(hf_cache_store(root, "org/Model", "main", C1, "../x", "e",
			 "", 0, err, sizeof err),
	    -1);
	cr_assert_eq(hf_cache_store(root, "org/Model", "main", C1, "c.json",
			 "../e", "", 0, err, sizeof err),
	    -1);
}

Test(hf_cache, list_finds_cached_models)
{
	char root[600], **ids;
	size_t n, i;

	cache_qwen();
	put_str("hub/models--gpt2/refs/main", C1);
	put_str("hub/datasets--x--y/refs/main", C1);
	hf_cache_root(root, sizeof root);
	n = hf_cache_list(root, "", &ids);
	cr_assert_eq(n, 2);
	cr_assert_str_eq(ids[0], "Qwen/Qwen2.5-0.5B-Instruct");
	cr_assert_str_eq(ids[1], "gpt2");
	for (i = 0; i < n; i++)
		free(ids[i]);
	free(ids);
	n = hf_cache_list(root, "qwen2.5", &ids);
	cr_assert_eq(n, 1);
	free(ids[0]);
	free(ids);
}

Test(hf_cache, cli_plans_a_cached_model_and_exports_the_repo_id)
{
	const struct catalogue *c = test_catalogue();
	struct cli cli;
	char err[1024], cmd[4096];
	char *argv[] = { "headroom", "--model", "Qwen/Qwen2.5-0.5B-Instruct",
		"--revision", "v1.0", NULL };
	struct plan p;

	cache_qwen();
	cr_assert_eq(cli_parse(5, argv, &cli, err, sizeof err), 0, "%s", err);
	cr_assert_eq(cli_resolve(c, &cli, err, sizeof err), 0, "%s", err);
	cr_assert_str_eq(cli.imp.model_source, "cache");
	cr_assert(strstr(model_find_where(c, cli.imp.in.model),
		      "snapshots/" C2) != NULL,
	    "%s", model_find_where(c, cli.imp.in.model));
	plan_compute(c, &cli.imp.in, &p);
	serve_command_format(c, &cli.imp.in, &p, 0, cmd, sizeof cmd);
	cr_assert(strncmp(cmd,
		      "vllm serve Qwen/Qwen2.5-0.5B-Instruct --revision v1.0",
		      53) == 0,
	    "%s", cmd);
	cr_assert(strstr(cmd, "snapshots") == NULL, "%s", cmd);
	cli_done(&cli);
}

Test(hf_cache, catalogue_comes_before_the_cache)
{
	const struct catalogue *c = test_catalogue();
	struct cli cli;
	char err[1024];
	char *argv[] = { "headroom", "--model",
		"meta-llama/Llama-3.1-8B-Instruct", NULL };

	/* a cached copy of a catalogue model is not what is planned */
	put_str("hub/models--meta-llama--Llama-3.1-8B-Instruct/refs/main", C1);
	put_str("hub/models--meta-llama--Llama-3.1-8B-Instruct/snapshots/" C1
		"/config.json",
	    "{}");
	cr_assert_eq(cli_parse(3, argv, &cli, err, sizeof err), 0, "%s", err);
	cr_assert_eq(cli_resolve(c, &cli, err, sizeof err), 0, "%s", err);
	cr_assert_str_eq(cli.imp.model_source, "catalogue");
	cli_done(&cli);
}

Test(hf_cache, unknown_everywhere_is_unknown_model)
{
	const struct catalogue *c = test_catalogue();
	struct cli cli;
	char err[1024];
	char *argv[] = { "headroom", "--model", "nobody/Nothing-1B", NULL };

	cr_assert_eq(cli_parse(3, argv, &cli, err, sizeof err), 0, "%s", err);
	cr_assert_eq(cli_resolve(c, &cli, err, sizeof err), -1);
	cr_assert(strstr(err, "unknown model 'nobody/Nothing-1B'") != NULL,
	    "%s", err);
	cr_assert(strstr(err, "HF_HUB_OFFLINE") != NULL, "%s", err);
	cli_done(&cli);
}

/* ---- Mistral-native folders ---- */

Test(mistral, params_json_folder_reads_as_vllm_does)
{
	struct model m;
	int64_t wb;
	char err[512];

	cr_assert_eq(model_dir_read(fixture("hub/mistralai/Mistral-7B-v0.3"),
			 &m, &wb, err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(m.hidden, 4096);
	cr_assert_eq(m.layers, 32);
	cr_assert_eq(m.heads, 32);
	cr_assert_eq(m.kv_heads, 8);
	cr_assert_eq(m.head_dim, 128);
	cr_assert_eq(m.intermediate, 14336);
	cr_assert_eq(m.vocab, 32768);
	/* vLLM's default when params.json has no max_position_embeddings */
	cr_assert_eq(m.derived_max_len, 128000);
	cr_assert_eq(m.tie_embeddings, 0);
	cr_assert_str_eq(m.architecture, "MistralForCausalLM");
	/* consolidated.safetensors only */
	cr_assert_eq(wb, 14496047104LL);
	cr_assert(strstr(m.source, "params.json") != NULL);
	model_done(&m);
}

static cJSON *
conv(const char *json, char *err, size_t n, const char **bad)
{
	cJSON *p = cJSON_Parse(json), *h;

	cr_assert_not_null(p);
	h = mistral_params_to_hf(p, err, n, bad);
	cJSON_Delete(p);
	return h;
}

/* Counts no int holds, or more layers than a layout has, neither convert
 * out of range nor lay out billions of layers (a fuzzing finding) */
Test(mistral, huge_counts_and_windows_stay_in_range)
{
	char err[256];
	const char *bad;
	cJSON *h;

	h = conv("{\"dim\":64,\"n_layers\":5.5e53,\"n_heads\":4,"
		 "\"hidden_dim\":128,\"vocab_size\":10,\"norm_eps\":1e-5,"
		 "\"sliding_window\":1024}",
	    err, sizeof err, &bad);
	cr_assert_not_null(h, "%s", err);
	cr_assert_null(cJSON_GetObjectItem(h, "layer_types"));
	cJSON_Delete(h);
	h = conv("{\"dim\":64,\"n_layers\":2000000000,\"n_heads\":4,"
		 "\"hidden_dim\":128,\"vocab_size\":10,\"norm_eps\":1e-5,"
		 "\"sliding_window\":1024}",
	    err, sizeof err, &bad);
	cr_assert_not_null(h, "%s", err);
	cr_assert_null(cJSON_GetObjectItem(h, "layer_types"));
	cJSON_Delete(h);
	h = conv("{\"dim\":64,\"n_layers\":4,\"n_heads\":4,"
		 "\"hidden_dim\":128,\"vocab_size\":10,\"norm_eps\":1e-5,"
		 "\"sliding_window\":[null,1e300]}",
	    err, sizeof err, &bad);
	cr_assert_null(h);
	cr_assert_str_eq(bad, "sliding_window");
}

Test(mistral, field_map_sliding_window_quantization_and_refusals)
{
	char err[256];
	const char *bad;
	cJSON *h;
	const cJSON *lt, *qc;

	h = conv("{\"dim\":64,\"n_layers\":4,\"n_heads\":4,\"n_kv_heads\":2,"
		 "\"hidden_dim\":128,\"vocab_size\":10,\"norm_eps\":1e-5,"
		 "\"max_position_embeddings\":4096,\"sliding_window\":[null,"
		 "1024],"
		 "\"quantization\":{\"qformat_weight\":\"fp8_e4m3\",\"qscheme_"
		 "act\":\"TENSOR\"}}",
	    err, sizeof err, &bad);
	cr_assert_not_null(h, "%s", err);
	cr_assert_eq(cJSON_GetObjectItem(h, "hidden_size")->valueint, 64);
	cr_assert_eq(cJSON_GetObjectItem(h, "num_key_value_heads")->valueint,
	    2);
	cr_assert_eq(cJSON_GetObjectItem(h, "intermediate_size")->valueint,
	    128);
	cr_assert_eq(cJSON_GetObjectItem(h, "max_position_embeddings")
			 ->valueint,
	    4096);
	cr_assert_eq(cJSON_GetObjectItem(h, "sliding_window")->valueint, 1024);
	lt = cJSON_GetObjectItem(h, "layer_types");
	cr_assert_eq(cJSON_GetArraySize(lt), 4);
	cr_assert_str_eq(cJSON_GetArrayItem(lt, 0)->valuestring,
	    "full_attention");
	cr_assert_str_eq(cJSON_GetArrayItem(lt, 3)->valuestring,
	    "sliding_attention");
	qc = cJSON_GetObjectItem(h, "quantization_config");
	cr_assert_str_eq(cJSON_GetObjectItem(qc, "quant_method")->valuestring,
	    "fp8");
	cr_assert_str_eq(cJSON_GetObjectItem(qc, "activation_scheme")
			     ->valuestring,
	    "static");
	cJSON_Delete(h);
	/* yarn becomes rope_parameters */
	h = conv("{\"dim\":64,\"n_layers\":1,\"n_heads\":4,\"vocab_size\":10,"
		 "\"rope_theta\":1e6,\"yarn\":{\"factor\":4,\"original_max_"
		 "position_embeddings\":"
		 "4096,\"beta\":32,\"alpha\":1}}",
	    err, sizeof err, &bad);
	cr_assert_not_null(h, "%s", err);
	qc = cJSON_GetObjectItem(h, "rope_parameters");
	cr_assert_str_eq(cJSON_GetObjectItem(qc, "rope_type")->valuestring,
	    "yarn");
	cr_assert_eq(cJSON_GetObjectItem(qc, "beta_fast")->valueint, 32);
	cJSON_Delete(h);
	/* what headroom does not model is refused, naming the key */
	cr_assert_null(conv("{\"dim\":64,\"moe\":{\"num_experts\":8}}", err,
	    sizeof err, &bad));
	cr_assert_str_eq(bad, "moe");
	cr_assert_null(
	    conv("{\"dim\":64,\"quantization\":{\"qformat_weight\":\"int4\"}}",
		err, sizeof err, &bad));
	cr_assert_str_eq(bad, "quantization");
	cr_assert_str_eq(mistral_params_key("num_hidden_layers"), "n_layers");
}

Test(hf_cache, a_folder_comes_before_the_cache)
{
	struct model m;
	struct model_found f;
	int64_t wb;
	char err[1024], cwd[1024];
	size_t n;
	char *b = slurp(fixture("local-llama8b/config.json"), &n);

	/* the cache has Qwen/Qwen2.5-0.5B-Instruct; so does a folder of that name */
	cache_qwen();
	put("Qwen/Qwen2.5-0.5B-Instruct/config.json", b, n);
	free(b);
	cr_assert_not_null(getcwd(cwd, sizeof cwd));
	cr_assert_eq(chdir(top), 0);
	cr_assert_eq(model_find("Qwen/Qwen2.5-0.5B-Instruct", NULL, &m, &wb, &f,
			 err, sizeof err),
	    0, "%s", err);
	cr_assert_eq(chdir(cwd), 0);
	cr_assert_eq(f.origin, MODEL_FROM_FOLDER);
	cr_assert_eq(m.layers,
	    32); /* the folder's Llama, not the cached Qwen */
	cr_assert_str_eq(model_find_source(&m), "directory");
	model_done(&m);
}
