/*
 * test_yaml.c - catalogue files: positions in errors, broken entries
 * skipped while the rest loads, user files overriding built-in ones.
 */
#include <criterion/criterion.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/units.h"
#include "io/catalogue_load.h"
#include "io/yamlout.h"
#include "io/yamltree.h"
#include "helpers.h"

struct msgs {
	char text[8][512];
	int n;
};

static void
collect(void *ctx, const char *m)
{
	struct msgs *x = ctx;

	if (x->n < 8)
		snprintf(x->text[x->n++], 512, "%s", m);
}

Test(yaml, tree_keeps_positions_and_types)
{
	const char *t = "a: 1\nb:\n  c: \"2\"\n  d: [x, true, null, 2.5]\n";
	char err[256];
	cJSON *r = yamltree_parse(t, strlen(t), err, sizeof err);
	const cJSON *b;
	int line, col;

	cr_assert_not_null(r, "%s", err);
	cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(r, "a")));
	b = cJSON_GetObjectItem(r, "b");
	cr_assert(cJSON_IsString(cJSON_GetObjectItem(b, "c")));
	yamltree_pos(b, "d", &line, &col);
	cr_assert_eq(line, 4);
	cr_assert_eq(col, 3);
	cr_assert(
	    cJSON_IsTrue(cJSON_GetArrayItem(cJSON_GetObjectItem(b, "d"), 1)));
	cJSON_Delete(r);
}

Test(yaml, syntax_errors_name_line_and_column)
{
	struct catalogue c;
	struct msgs m = { 0 };
	char path[512];

	memset(&c, 0, sizeof c);
	snprintf(path, sizeof path, "%s/tests/fixtures/bad-syntax.yaml",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".");
	cr_assert_eq(catalogue_load_file(&c, path, collect, &m), 1);
	cr_assert(strstr(m.text[0], "bad-syntax.yaml:") != NULL, "%s",
	    m.text[0]);
	cr_assert(strstr(m.text[0], ":4:") != NULL ||
		strstr(m.text[0], ":3:") != NULL,
	    "%s", m.text[0]);
	catalogue_done(&c);
}

Test(yaml, duplicate_keys_and_aliases_refused)
{
	char err[256];

	cr_assert_null(yamltree_parse("a: 1\na: 2\n", 10, err, sizeof err));
	cr_assert(strstr(err, "duplicate key 'a'") != NULL, "%s", err);
	cr_assert_null(yamltree_parse("a: &x 1\nb: *x\n", 14, err, sizeof err));
	cr_assert(strstr(err, "alias") != NULL, "%s", err);
}

Test(yaml, broken_entries_reported_rest_loads)
{
	struct catalogue c;
	struct msgs m = { 0 };
	char path[512];
	int i;

	memset(&c, 0, sizeof c);
	snprintf(path, sizeof path, "%s/tests/fixtures/bad-catalogue.yaml",
	    getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".");
	cr_assert_eq(catalogue_load_file(&c, path, collect, &m), 3);
	cr_assert_eq(c.n_gpus, 1);
	cr_assert_str_eq(c.gpus[0].id, "my-card");
	/* broken-card: line 7, the entry's mapping */
	cr_assert(strstr(m.text[0], "bad-catalogue.yaml:7:") != NULL, "%s",
	    m.text[0]);
	cr_assert(strstr(m.text[0], "cuda_total_gib") != NULL);
	cr_assert(strstr(m.text[1], ":10:") != NULL, "%s", m.text[1]);
	for (i = 0; i < m.n; i++)
		if (strstr(m.text[i], "num_attention_heads"))
			break;
	cr_assert_lt(i, m.n, "model error should name num_attention_heads");
	catalogue_done(&c);
}

Test(yaml, user_file_overrides_builtin)
{
	struct catalogue c;
	const char *t =
	    "gpus:\n  - id: h100-sxm\n    name: Mine\n    cuda_total_gib: 70\n";
	int before, i;

	memset(&c, 0, sizeof c);
	catalogue_load_builtin(&c, NULL, NULL);
	before = (int)c.n_gpus;
	cr_assert_eq(catalogue_load_text(&c, t, strlen(t), "user.yaml", NULL,
			 NULL),
	    0);
	cr_assert_eq((int)c.n_gpus, before);
	i = catalogue_find_gpu(&c, "h100-sxm");
	cr_assert_float_eq(c.gpus[i].cuda_total_gib, 70.0, 1e-9);
	catalogue_done(&c);
}

/*
 * unified_host_gib, the host memory a unified-memory card's startup counts
 * as non-torch: read where the card is unified and the figure has its
 * source; refused with the card, the field and the line otherwise, and
 * the card not loaded (planned with no host term it would show more KV
 * cache than the card has).
 */
Test(yaml, unified_host_needs_unified_memory_and_a_source)
{
	struct catalogue c;
	struct msgs m = { 0 };
	const char *t = "gpus:\n"
			"  - id: uma-a\n    cuda_total_gib: 100\n"
			"    unified_memory: true\n    unified_host_gib: 1.5\n"
			"    unified_host_source: \"a log\"\n"
			"  - id: uma-b\n    cuda_total_gib: 100\n"
			"    unified_memory: true\n    unified_host_gib: 1.5\n"
			"  - id: dgpu\n    cuda_total_gib: 100\n"
			"    unified_host_gib: 1.5\n"
			"    unified_host_source: \"a log\"\n"
			"  - id: uma-c\n    cuda_total_gib: 100\n"
			"    unified_memory: true\n    unified_host_gib: 80\n"
			"    unified_host_source: \"a log\"\n";

	memset(&c, 0, sizeof c);
	cr_assert_eq(catalogue_load_text(&c, t, strlen(t), "u.yaml", collect,
			 &m),
	    3);
	cr_assert_eq(c.n_gpus, 1);
	cr_assert_float_eq(c.gpus[catalogue_find_gpu(&c, "uma-a")]
			       .unified_host_gib,
	    1.5, 1e-9);
	cr_assert_lt(catalogue_find_gpu(&c, "uma-b"), 0);
	cr_assert_lt(catalogue_find_gpu(&c, "dgpu"), 0);
	cr_assert_lt(catalogue_find_gpu(&c, "uma-c"), 0);
	cr_assert(strstr(m.text[0], "u.yaml:10:") &&
		strstr(m.text[0], "'uma-b'") &&
		strstr(m.text[0], "unified_host_source"),
	    "%s", m.text[0]);
	cr_assert(strstr(m.text[1], "'dgpu'") &&
		strstr(m.text[1], "unified_memory: true"),
	    "%s", m.text[1]);
	cr_assert(strstr(m.text[2], "'uma-c'") && strstr(m.text[2], "[0, 64)"),
	    "%s", m.text[2]);
	catalogue_done(&c);
}

/*
 * An entry given again replaces the earlier one in place, for every kind,
 * also when the id differs in case.  The id index borrows each entry's id,
 * so the replaced entry's id must leave the index before it is freed (the
 * sanitizer and valgrind runs see a use after free otherwise).
 */
Test(yaml, entries_given_twice_replace_in_place)
{
	static const char t[] =
	    "gpus:\n"
	    "  - {id: mine, name: First, cuda_total_gib: 70, memory_gb: 80}\n"
	    "  - {id: MINE, name: Second, cuda_total_gib: 60, memory_gb: 80}\n"
	    "models:\n"
	    "  - id: me/model\n"
	    "    name: First\n"
	    "    config: {architectures: [LlamaForCausalLM], "
	    "num_hidden_layers: 2,\n"
	    "      hidden_size: 64, num_attention_heads: 4, "
	    "num_key_value_heads: 4,\n"
	    "      intermediate_size: 128, vocab_size: 1000,\n"
	    "      max_position_embeddings: 4096, torch_dtype: bfloat16}\n"
	    "  - id: Me/Model\n"
	    "    name: Second\n"
	    "    config: {architectures: [LlamaForCausalLM], "
	    "num_hidden_layers: 4,\n"
	    "      hidden_size: 64, num_attention_heads: 4, "
	    "num_key_value_heads: 4,\n"
	    "      intermediate_size: 128, vocab_size: 1000,\n"
	    "      max_position_embeddings: 4096, torch_dtype: bfloat16}\n"
	    "checkpoints:\n"
	    "  - {id: me/ckpt, model: me/model, format: bf16, producer: "
	    "First}\n"
	    "  - {id: ME/CKPT, model: me/model, format: fp8, producer: "
	    "Second}\n";
	struct catalogue c;
	int g, m, k;

	memset(&c, 0, sizeof c);
	cr_assert_eq(catalogue_load_text(&c, t, strlen(t), "user.yaml", NULL,
			 NULL),
	    0);
	cr_assert_eq(c.n_gpus, 1);
	cr_assert_eq(c.n_models, 1);
	cr_assert_eq(c.n_ckpts, 1);
	/* again over itself: each entry replaced once more */
	cr_assert_eq(catalogue_load_text(&c, t, strlen(t), "user.yaml", NULL,
			 NULL),
	    0);
	/* one problem: this file has no estimates */
	cr_assert_eq(catalogue_link(&c, NULL, NULL), 1);
	g = catalogue_find_gpu(&c, "mine");
	m = catalogue_find_model(&c, "me/model");
	k = catalogue_find_ckpt(&c, "me/ckpt");
	cr_assert(g >= 0 && m >= 0 && k >= 0);
	cr_assert_str_eq(c.gpus[g].name, "Second");
	cr_assert_float_eq(c.gpus[g].cuda_total_gib, 60.0, 1e-9);
	cr_assert_str_eq(c.models[m].name, "Second");
	cr_assert_eq(c.models[m].layers, 4);
	cr_assert_eq(c.ckpts[k].format, FMT_FP8);
	cr_assert_eq(c.ckpts[k].model_index, m);
	catalogue_done(&c);
}

Test(yaml, builtin_catalogue_has_what_the_planner_needs)
{
	const struct catalogue *c = test_catalogue();
	static const char *const gpus[] = { "rtx-pro-6000-ws",
		"rtx-pro-6000-maxq", "rtx-pro-6000-server", "h200-nvl",
		"h200-sxm", "h100-sxm", "h100-pcie", "h100-nvl",
		"a100-80gb-sxm", "a100-40gb", "l40s", "l4", "a10g", "rtx-4090",
		"rtx-5090", "b200" };
	static const char *const models[] = {
		"meta-llama/Llama-3.1-8B-Instruct",
		"meta-llama/Llama-3.1-70B-Instruct",
		"meta-llama/Llama-3.1-405B-Instruct",
		"meta-llama/Llama-3.3-70B-Instruct", "Qwen/Qwen3-8B",
		"Qwen/Qwen3-14B", "Qwen/Qwen3-32B", "Qwen/Qwen3-30B-A3B",
		"Qwen/Qwen3-235B-A22B", "Qwen/Qwen2.5-7B-Instruct",
		"Qwen/Qwen2.5-72B-Instruct", "Qwen/Qwen2.5-VL-7B-Instruct",
		"google/gemma-3-12b-it", "google/gemma-3-27b-it",
		"openai/gpt-oss-20b", "openai/gpt-oss-120b",
		"deepseek-ai/DeepSeek-V3", "deepseek-ai/DeepSeek-R1",
		"microsoft/phi-4"
	};
	const struct gpu *g;
	size_t i;

	for (i = 0; i < sizeof gpus / sizeof gpus[0]; i++)
		cr_assert_geq(catalogue_find_gpu(c, gpus[i]), 0, "%s missing",
		    gpus[i]);
	for (i = 0; i < sizeof models / sizeof models[0]; i++)
		cr_assert_geq(catalogue_find_model(c, models[i]), 0,
		    "%s missing", models[i]);
	g = &c->gpus[catalogue_find_gpu(c, "rtx-pro-6000-server")];
	cr_assert_geq(catalogue_find_mig(g, "1g.24gb"), 0);
	cr_assert_eq(g->mig[catalogue_find_mig(g, "1g.24gb")].max_count, 4);
	cr_assert_eq(g->mig[catalogue_find_mig(g, "2g.48gb")].max_count, 2);
	cr_assert_eq(g->mig[catalogue_find_mig(g, "4g.96gb")].max_count, 1);
	cr_assert_eq(g->nvidia_smi_mib, 97887);
	g = &c->gpus[catalogue_find_gpu(c, "h200-nvl")];
	cr_assert_eq(g->nvidia_smi_mib, 143771);
	cr_assert_geq(catalogue_find_mig(g, "1g.18gb"), 0);
	cr_assert_geq(catalogue_find_mig(g, "7g.141gb"), 0);
	for (i = 0; i < c->n_gpus; i++)
		cr_assert(c->gpus[i].source[0] != '\0', "%s has no source",
		    c->gpus[i].id);
	for (i = 0; i < c->n_models; i++)
		cr_assert(c->models[i].source[0] != '\0', "%s has no source",
		    c->models[i].id);
}

/*
 * The B300 entry (vLLM 0.26.0's Gemma 4 31B startup of
 * tests/calibration/newer-logs.json ran on one): no torch figure was found,
 * so its CUDA total is the nvidia-smi figure less the H100 SXM gap, rule 2
 * of data/gpus.yaml, and it lies inside the 264.9-278.2 GiB that startup's
 * CUDA-graph advisory allows.
 */
Test(yaml, b300_total_from_its_nvidia_smi_figure)
{
	const struct catalogue *c = test_catalogue();
	int i = catalogue_find_gpu(c, "b300");
	const struct gpu *g;

	cr_assert_geq(i, 0, "b300 missing");
	g = &c->gpus[i];
	cr_assert_eq(g->nvidia_smi_mib, 275040);
	cr_assert_float_eq(g->cuda_total_gib,
	    round((275040 / 1024.0 - 0.46) * 100) / 100, 1e-9);
	cr_assert(g->cuda_total_gib > 264.9 && g->cuda_total_gib < 278.2);
	cr_assert_float_eq(g->compute_capability, 10.3, 1e-9);
	cr_assert(g->fp4 && g->fp8 && g->nvlink_gbs > 0);
	cr_assert(strstr(g->cuda_total_source, "rule 2") != NULL);
}

/* yamlout (libyaml's emitter) writes what yamltree reads back: quoting
 * where a plain scalar would read as another type or break the line. */
Test(yaml, emit_round_trips)
{
	static const char *const v[] = { "y: z", "true", "8192", "- a", "#x",
		"a\nb", "x\xe2\x80\xa8y", "\x1b[31m", "caf\xc3\xa9", "", " ",
		"'\"\\" };
	struct yamlout y;
	char err[256], key[16], *out;
	cJSON *r, *b, *arr;
	size_t i;

	yamlout_init(&y);
	yamlout_comment(&y, "a comment\nwith: a break");
	yamlout_key(&y, "a");
	yamlout_number(&y, 1);
	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		snprintf(key, sizeof key, "k%zu", i);
		yamlout_key(&y, key);
		yamlout_string(&y, v[i]);
	}
	yamlout_comment(&y, "between");
	yamlout_key(&y, "b");
	yamlout_map_begin(&y);
	yamlout_key(&y, "c");
	yamlout_seq_begin(&y);
	yamlout_string(&y, "x");
	yamlout_bool(&y, false);
	yamlout_end(&y);
	yamlout_end(&y);
	out = yamlout_finish(&y, err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	r = yamltree_parse(out, strlen(out), err, sizeof err);
	cr_assert_not_null(r, "%s\n%s", err, out);
	cr_assert_eq(cJSON_GetObjectItem(r, "a")->valuedouble, 1);
	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		const cJSON *s;

		snprintf(key, sizeof key, "k%zu", i);
		s = cJSON_GetObjectItem(r, key);
		cr_assert(cJSON_IsString(s), "%s\n%s", key, out);
		cr_assert_str_eq(s->valuestring, v[i], "%s\n%s", key, out);
	}
	b = cJSON_GetObjectItem(r, "b");
	arr = cJSON_GetObjectItem(b, "c");
	cr_assert_eq(cJSON_GetArraySize(arr), 2);
	cr_assert(cJSON_IsFalse(cJSON_GetArrayItem(arr, 1)));
	cr_assert_null(cJSON_GetObjectItem(r, "with"),
	    "the comment stayed a comment");
	cr_assert_not_null(strstr(out, "# a comment\\nwith: a break\n"), "%s",
	    out);
	free(out);
	cJSON_Delete(r);
	/* invalid UTF-8 is an error, not a broken file */
	yamlout_init(&y);
	yamlout_key(&y, "a");
	yamlout_string(&y, "\xff");
	cr_assert_null(yamlout_finish(&y, err, sizeof err));
	cr_assert(strstr(err, "UTF-8") != NULL, "%s", err);
}

/*
 * Numbers in the C locale whatever the caller's locale: with LC_ALL set to
 * a comma-decimal locale (tests/screen/locale.sh runs this binary with one
 * generated by localedef), the parsers and printers still read and write
 * "0.85".  Skipped when the machine has no such locale.
 */
static int
comma_locale(void)
{
	static const char *const names[] = { "de_DE.UTF-8", "de_DE.utf8",
		"fr_FR.UTF-8", "fr_FR.utf8" };
	size_t i;
	char b[16];

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (setlocale(LC_ALL, names[i]) != NULL) {
			snprintf(b, sizeof b, "%.2f", 0.5);
			if (strcmp(b, "0,50") == 0)
				return 1;
		}
	setlocale(LC_ALL, "C");
	return 0;
}

Test(locale, numbers_read_and_written_in_c_locale)
{
	struct catalogue c;
	const char *t = "gpus:\n  - id: comma-card\n    name: Mine\n    "
			"cuda_total_gib: 79.25\n";
	char b[32];
	double d = 0;
	char *end;
	int i, problems = 0;

	if (!comma_locale())
		cr_skip_test("no comma-decimal locale on this machine");
	cr_assert_eq(units_parse_double("0.85", &d), 0);
	cr_assert_float_eq(d, 0.85, 1e-12);
	cr_assert_neq(units_parse_double("0,85", &d), 0,
	    "'0,85' is not a machine number");
	cr_assert_float_eq(units_strtod("1.5,2", &end), 1.5, 1e-12);
	cr_assert_str_eq(end, ",2");
	cr_assert_str_eq(units_format_gib_value(15.725, b, sizeof b), "15.72");
	cr_assert_str_eq(units_format_pyfloat(0.92, b, sizeof b), "0.92");
	units_snprintf(b, sizeof b, "%.3f", 2.5);
	cr_assert_str_eq(b, "2.500");
	memset(&c, 0, sizeof c);
	catalogue_load_builtin(&c, NULL, &problems);
	cr_assert_eq(problems, 0,
	    "the built-in catalogue is refused under a comma locale");
	cr_assert_eq(catalogue_load_text(&c, t, strlen(t), "user.yaml", NULL,
			 NULL),
	    0);
	i = catalogue_find_gpu(&c, "comma-card");
	cr_assert_geq(i, 0);
	cr_assert_float_eq(c.gpus[i].cuda_total_gib, 79.25, 1e-9);
	catalogue_done(&c);
	setlocale(LC_ALL, "C");
}
