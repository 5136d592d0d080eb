/*
 * fidelity.c - plans every real vLLM startup of the calibration set whose
 * inputs headroom can express, and prints, per case and in summary, the
 * error of each term against what vLLM printed.
 *
 * Two passes per case: "full" (every term estimated, as a user would plan)
 * and "kv-exact" (the logged available KV memory fed back in, which checks
 * the exact KV arithmetic: blocks, tokens and concurrency).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/plan.h"
#include "core/spec.h"
#include "core/units.h"
#include "core/vllm_env.h"
#include "core/closecall.h"
#include "core/vllm_version.h"
#include "io/catalogue_load.h"
#include "io/model_dir.h"
#include "io/textfile.h"

struct stat_acc {
	double sum_abs, max_abs, sum_sq;
	int n;
};

static void
acc(struct stat_acc *s, double e)
{
	s->sum_abs += fabs(e);
	s->sum_sq += e * e;
	if (fabs(e) > s->max_abs)
		s->max_abs = fabs(e);
	s->n++;
}

static double
num(const cJSON *o, const char *k, int *ok)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	*ok = cJSON_IsNumber(v);
	return *ok ? v->valuedouble : 0;
}

static const char *
str(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

/*
 * The graph counts of the log's "Profiling CUDA graph memory: PIECEWISE=N
 * (largest=L), FULL=M (largest=L)" line (0.19 on; either part may be
 * missing when that mode captures nothing): 1 when the line is there.
 */
static int
log_graphs(const cJSON *c, int *pw, int *full)
{
	const cJSON *lines =
	    cJSON_GetObjectItemCaseSensitive(c, "key_log_lines");
	const cJSON *l;

	*pw = *full = 0;
	cJSON_ArrayForEach(l, lines) {
		const char *s = cJSON_IsString(l) ? l->valuestring : NULL;
		const char *a, *b;

		if (s == NULL ||
		    (a = strstr(s, "Profiling CUDA graph memory: ")) == NULL)
			continue;
		a += strlen("Profiling CUDA graph memory: ");
		if ((b = strstr(a, "PIECEWISE=")) != NULL)
			*pw = atoi(b + strlen("PIECEWISE="));
		if ((b = strstr(a, "FULL=")) != NULL)
			*full = atoi(b + strlen("FULL="));
		return 1;
	}
	return 0;
}

/*
 * A failure is a memory failure when its logged error speaks of memory (an
 * out-of-memory error, vLLM's KV-cache and free-memory refusals).  Other
 * failures (a driver error in a kernel autotuner, a GPU hang, a crash whose
 * traceback is not on record) say nothing of whether the memory fitted:
 * their verdicts are counted apart, not as agreements or misses.
 */
static int
memory_failure(const char *error)
{
	static const char *const words[] = { "memory", "OOM", "out of memory" };
	size_t i;

	if (error == NULL)
		return 0;
	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strstr(error, words[i]) != NULL)
			return 1;
	return 0;
}

static void
diag(void *ctx, const char *m)
{
	(void)ctx;
	fprintf(stderr, "fidelity: %s\n", m);
}

/*
 * Models outside the catalogue whose real config.json is kept in
 * tests/fixtures/configs/ (sources in SOURCES.md there): the cases of
 * these models are planned from the config, as `--model DIR` would.
 */
static const struct {
	const char *id; /* the case's model_id starts with this */
	const char *dir;
	int text_only; /* the run loaded the language model only */
} fixture_models[] = {
	{ "nvidia/Qwen3.6-35B-A3B-NVFP4", "qwen3.5/Qwen3.6-35B-A3B-NVFP4", 0 },
	{ "RedHatAI/Qwen3.6-35B-A3B-NVFP4",
	    "qwen3.5/Qwen3.6-35B-A3B-NVFP4-RedHatAI", 0 },
	{ "qwen3.6-35b-a3b-nvfp4", "qwen3.5/Qwen3.6-35B-A3B-NVFP4", 0 },
	{ "nvidia/Qwen3.6-27B-NVFP4", "qwen3.5/Qwen3.6-27B-NVFP4", 0 },
	{ "sakamakismile/Qwen3.6-27B-Text-NVFP4-MTP",
	    "qwen3.5/Qwen3.6-27B-Text-NVFP4-MTP", 1 },
	{ "GLM-5.2-NVFP4", "dsa/GLM-5.2-NVFP4", 0 },
	/* a post-training of Nemotron 3 Nano 30B-A3B: its layout (the case
	 * checks the block size only) */
	{ "chankhavu/Nemotron-Cascade-2-30B-A3B",
	    "nemotron-h/Nemotron-3-Nano-30B-A3B-BF16", 0 },
	/* a row that names the model by its sizes only (hidden 896, 24
	 * layers, 14 heads, 2 KV heads): Qwen2-0.5B-Instruct has them */
	{ "Qwen2.5-0.5B class", "qwen2/Qwen2-0.5B-Instruct", 0 },
	/* LFM2.5-1.2B keeps LFM2-1.2B's architecture (16 layers, 10 conv
	 * and 6 attention, vocab 65,536, 1.17B parameters: its model card) */
	{ "LiquidAI/LFM2.5-1.2B-Instruct", "lfm2/LFM2-1.2B", 0 },
	{ "Qwen/Qwen3.5-9B", "qwen3.5/Qwen3.5-9B", 0 },
	{ "MiniMax-M3", "minimax/MiniMax-M3", 0 },
	/* the fields of its config.json a public test quotes (SOURCE) */
	{ "ibm-granite/granite-4.0-h-1b", "granite-4.0-h/granite-4.0-h-1b", 0 },
	/* the fields of its config.json a public test quotes (SOURCE) */
	{ "ibm-granite/granite-4.0-h-350m", "granite-4.0-h/granite-4.0-h-350m",
	    0 },
	/* its config.json as a public README quotes it (SOURCES.md) */
	{ "state-spaces/mamba-2.8b-hf", "mamba/mamba-2.8b-hf", 0 },
};
#define N_FIXTURES (sizeof fixture_models / sizeof fixture_models[0])
static struct model fixture_loaded[N_FIXTURES];
static int fixture_state[N_FIXTURES]; /* 0 not tried, 1 loaded, -1 failed */
static char top_srcdir[1024] = ".";

static const struct model *
fixture_model(const char *id)
{
	size_t i;

	for (i = 0; id != NULL && i < N_FIXTURES; i++) {
		char path[1200], err[512];
		int64_t wb;

		if (strncmp(id, fixture_models[i].id,
			strlen(fixture_models[i].id)) != 0)
			continue;
		if (fixture_state[i] == 0) {
			snprintf(path, sizeof path,
			    "%s/tests/fixtures/configs/%s", top_srcdir,
			    fixture_models[i].dir);
			fixture_state[i] =
			    model_dir_read(path, &fixture_loaded[i], &wb, err,
				sizeof err) == 0
			    ? 1
			    : -1;
			if (fixture_state[i] < 0)
				fprintf(stderr, "fidelity: %s\n", err);
			else if (fixture_models[i].text_only) {
				fixture_loaded[i].multimodal = 0;
				fixture_loaded[i].vision_params = 0;
			}
		}
		return fixture_state[i] > 0 ? &fixture_loaded[i] : NULL;
	}
	return NULL;
}

/* The family a case is summarised under (core/closecall.h). */
static const char *
family_of(const struct model *m)
{
	return closecall_family_title(closecall_family_key(m));
}

/*
 * What a case's log lines print of the hybrid layout: "Setting attention
 * block size to N tokens" (block, 0 if absent) and "Padding mamba page
 * size by X%" (pad, -1 if absent).
 */
static void
log_layout(const cJSON *c, int *block, double *pad)
{
	const cJSON *lines =
	    cJSON_GetObjectItemCaseSensitive(c, "key_log_lines");
	const cJSON *l;
	const char *s;

	*block = 0;
	*pad = -1;
	cJSON_ArrayForEach(l, lines) {
		if (!cJSON_IsString(l))
			continue;
		s = strstr(l->valuestring, "Setting attention block size to ");
		if (s)
			*block = atoi(s + 32);
		s = strstr(l->valuestring, "Padding mamba page size by ");
		if (s)
			*pad = strtod(s + 27, NULL);
	}
}

/*
 * The drafter of a case whose speculative config names one: the config
 * the row's "draft_config_fixture" names (under tests/fixtures/configs),
 * read as --speculative-config reads a folder.  Returns -1 with the reason
 * when the row has none: a drafter headroom has not read is not sized.
 */
static int
case_drafter(const cJSON *c, struct plan_input *in, const char **why)
{
	static struct model d;
	static int have;
	const char *rel = str(c, "draft_config_fixture");
	const char *top = getenv("TOP_SRCDIR");
	char path[1024], err[256];
	int64_t wb;

	if (rel == NULL) {
		*why = "the drafter's config.json is not in the set";
		return -1;
	}
	if (have)
		model_done(&d);
	memset(&d, 0, sizeof d);
	have = 0;
	snprintf(path, sizeof path, "%s/tests/fixtures/configs/%s",
	    top ? top : ".", rel);
	if (model_dir_read(path, &d, &wb, err, sizeof err) != 0) {
		*why = "the drafter's fixture does not read";
		return -1;
	}
	have = 1;
	snprintf(in->spec.model, sizeof in->spec.model, "%s", rel);
	in->draft = &d;
	return 0;
}

/* Whether a plan fed the logged KV memory gives the logged token count:
 * the log rounds KV GiB to 2 decimals, so within that rounding. */
static int
kv_within_rounding(const struct plan *px, double tok)
{
	return fabs((double)px->kv_tokens - tok) <= 0.005 * GIB /
		(double)(px->bytes_per_token > 0 ? px->bytes_per_token : 1) +
	    px->block_size * 2;
}

/* The same for the concurrency the log prints to 2 decimals, of a KV
 * memory it prints to 2 decimals (kv GiB). */
static int
conc_within_rounding(double plan, double log, double kv)
{
	return fabs(plan - log) <= 0.005 + (kv > 0 ? log * 0.005 / kv : 0);
}

/* The GiB figure before " GiB KV cache is needed" in a refusal message. */
static double
needed_gib(const char *msg)
{
	const char *e = strstr(msg, " GiB KV cache is needed"), *b;

	if (e == NULL)
		return NAN;
	for (b = e; b > msg && (isdigit((unsigned char)b[-1]) || b[-1] == '.');
	     b--)
		;
	return b < e ? strtod(b, NULL) : NAN;
}

/*
 * A case vLLM refused at the KV sizing whose log prints the memory one
 * request needs and the estimated maximum length: the plan fed the
 * logged available KV memory must refuse at the same phase with the same
 * two figures.
 */
static void
refusal_kv_exact(const struct catalogue *cat, const cJSON *c,
    const struct plan_input *in, double kv, int *agree_n, int *n)
{
	const cJSON *oth =
	    cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(c,
						 "reported"),
		"other");
	const char *id = str(c, "id");
	struct plan_input ix = *in;
	struct plan px;
	double need, lmax, pneed;
	int okn, okm, agree;

	lmax = num(oth, "estimated_max_model_len", &okm);
	need = num(oth, "kv_needed_for_one_request_gib", &okn);
	if (!okn)
		need = num(oth, "kv_cache_needed_gib", &okn);
	if (!okm || !okn)
		return;
	ix.kv_cache_memory_bytes = units_bytes(kv);
	plan_compute(cat, &ix, &px);
	pneed = px.phase == PHASE_KV_CACHE ? needed_gib(px.message) : NAN;
	/* the log rounds the available GiB to 2 decimals: the length
	 * agrees within what 0.005 GiB holds, and a block either way */
	agree = px.phase == PHASE_KV_CACHE && fabs(pneed - need) < 0.006 &&
	    fabs((double)px.estimated_max_model_len - lmax) <=
		(double)px.max_model_len * 0.005 / need + 2 * px.block_size;
	printf("  %-56.56s refusal kv-exact: log needs %.2f GiB, max length "
	       "%.0f; plan %s %.2f GiB, %lld%s\n",
	    id ? id : "", need, lmax,
	    px.phase == PHASE_KV_CACHE ? "needs" : "starts or stops elsewhere,",
	    pneed, (long long)px.estimated_max_model_len,
	    agree ? "" : "  MISMATCH");
	(*n)++;
	*agree_n += agree;
}

/* Whether one of a case's log lines holds needle (vLLM's non-default args). */
static int
log_has(const cJSON *c, const char *needle)
{
	const cJSON *lines =
	    cJSON_GetObjectItemCaseSensitive(c, "key_log_lines");
	const cJSON *l;

	cJSON_ArrayForEach(l, lines) {
		if (cJSON_IsString(l) && strstr(l->valuestring, needle))
			return 1;
	}
	return 0;
}

/* The number after needle in a case's log lines (vLLM's non-default args),
 * or 0. */
static int
log_int(const cJSON *c, const char *needle)
{
	const cJSON *lines =
	    cJSON_GetObjectItemCaseSensitive(c, "key_log_lines");
	const cJSON *l;
	const char *s;

	cJSON_ArrayForEach(l, lines) {
		if (cJSON_IsString(l) &&
		    (s = strstr(l->valuestring, needle)) != NULL)
			return atoi(s + strlen(needle));
	}
	return 0;
}

/*
 * vLLM's releases from 0.21.0 with the dates of their tags, as the release
 * pages give them (a release list of 2026-09-03 from 0.22.0; 0.21.0's
 * release page, published 2026-05-14 23:15 UTC, as a news digest of
 * 2026-05-15 quotes it; doc/estimates.md, "Which release carries which
 * rule").  A case that names no version but carries
 * the date of its source (source.date) is planned at the last release
 * tagged on or before that date; 0 when the date is before the table.
 */
static int
release_on(const char *date)
{
	static const struct {
		const char *date;
		int version;
	} rel[] = {
		{ "2026-05-14", VLLM_VER(0, 21, 0) },
		{ "2026-05-29", VLLM_VER(0, 22, 0) },
		{ "2026-06-05", VLLM_VER(0, 22, 1) },
		{ "2026-06-15", VLLM_VER(0, 23, 0) },
		{ "2026-06-29", VLLM_VER(0, 24, 0) },
		{ "2026-07-11", VLLM_VER(0, 25, 0) },
		{ "2026-07-14", VLLM_VER(0, 25, 1) },
		{ "2026-07-27", VLLM_VER(0, 26, 0) },
		{ "2026-08-10", VLLM_VER(0, 27, 0) },
	};
	int v = 0;
	size_t k;

	if (date == NULL || strlen(date) != 10)
		return 0;
	for (k = 0; k < sizeof rel / sizeof rel[0]; k++)
		if (strcmp(rel[k].date, date) <= 0)
			v = rel[k].version;
	return v;
}

/*
 * The summary vLLM prints from 0.26.1 on ("Actual usage is X GiB for
 * consumed memory (weights + non-torch), Y GiB for peak activation, and
 * Z GiB for CUDAGraph memory", gpu_worker.py): the collector keeps X as
 * other.consumed_memory_weights_plus_non_torch_gib and Y as the torch
 * peak.  Y is determine_available_memory()'s peak_activation_memory, the
 * profile run's transient peak plus the CUDA-graph estimate taken from
 * the budget (transient_peak_headroom + cudagraph_memory_estimate_applied;
 * every such row has KV = requested - X - Y), so the plan's activation is
 * compared with its graph estimate added where the plan reserves one, the
 * log's own estimate when it prints one; and X less the logged weights is
 * the non-torch memory.  Rows in the older forms are left as they are.
 */
static void
consumed_form(const cJSON *rep, const struct plan *p, double w, double *act_est,
    double *n, int *okn)
{
	int okc, oke;
	double consumed = num(cJSON_GetObjectItemCaseSensitive(rep, "other"),
		   "consumed_memory_weights_plus_non_torch_gib", &okc),
	       est = num(rep, "cuda_graph_estimated_gib", &oke);

	if (!okc)
		return;
	if (p->cg_in_budget)
		*act_est += oke ? est : units_gib(p->cuda_graphs);
	if (!*okn && w >= 0) {
		*n = consumed - w;
		*okn = 1;
	}
}

/*
 * With pipeline stages every stage's worker logs its own figures: the stage
 * of the first key line holding label followed by value (within tol), read
 * from its "Worker_PP<n>" prefix; -1 when no line says.
 */
static int
log_stage(const cJSON *c, const char *label, double value, double tol)
{
	const cJSON *lines =
	    cJSON_GetObjectItemCaseSensitive(c, "key_log_lines");
	const cJSON *l;

	cJSON_ArrayForEach(l, lines) {
		const char *s = cJSON_IsString(l) ? l->valuestring : NULL;
		const char *a, *wk;

		if (s == NULL || (a = strstr(s, label)) == NULL ||
		    fabs(strtod(a + strlen(label), NULL) - value) > tol ||
		    (wk = strstr(s, "Worker_PP")) == NULL)
			continue;
		return atoi(wk + strlen("Worker_PP"));
	}
	return -1;
}

/*
 * The plan's figures for the stage whose worker printed the logged ones:
 * the available KV memory (its own line, else the "Total non KV cache
 * memory" that leaves it) and with it weights, non-torch and graphs; the
 * activation of the stage that printed the logged torch peak (*act).  The
 * binding stage's (the plan's) when the log names none.
 */
static void
logged_stage(const cJSON *c, const cJSON *rep, const struct plan *p,
    struct plan *pl, double *act)
{
	int okkv, oka, okr, ks, as;
	double kv = num(rep, "available_kv_cache_gib", &okkv),
	       a = num(rep, "torch_peak_increase_gib", &oka),
	       req = num(rep, "requested_memory_gib", &okr);

	*pl = *p;
	*act = units_gib(p->activation);
	if (p->n_stages <= 1)
		return;
	ks = okkv ? log_stage(c, "Available KV cache memory: ", kv, 0.006) : -1;
	if (ks < 0 && okkv && okr)
		ks = log_stage(c, "Total non KV cache memory: ", req - kv,
		    0.011);
	if (ks >= 0 && ks < p->n_stages) {
		const struct plan_stage *ps = &p->stages[ks];

		pl->weights = ps->weights;
		pl->activation = ps->activation;
		pl->non_torch = ps->non_torch;
		pl->cuda_graphs = ps->cuda_graphs;
		pl->available_kv = ps->available_kv;
	}
	as = oka ? log_stage(c, "torch peak memory increase: ", a, 0.006) : -1;
	if (as >= 0 && as < p->n_stages)
		*act = units_gib(p->stages[as].activation);
}

/*
 * Builds the input of a case; returns 0, or -1 with the reason it is
 * skipped.  The card's total is the one the log prints, else the one its
 * CUDA-graph advisory implies (*advisory_total, 0 when not used: what the
 * run itself shows beats the catalogue's figure of another machine), else
 * the catalogue card's.  A case whose card total is unknown but whose log
 * prints the hybrid block size, or the KV memory and the tokens, is
 * planned on a nominal card for those lines alone (*layout_only).  *dated
 * is the source's date when the release was taken from it.
 */
/* Adds one VAR=value word (static storage) to a case's environment. */
static void
case_env_add(struct plan_input *in, char *word)
{
	static char *env[4];

	if (in->n_env >= sizeof env / sizeof env[0])
		return;
	env[in->n_env++] = word;
	in->env = env;
}

static int
case_input(const struct catalogue *cat, const cJSON *c, struct plan_input *in,
    const char **why, int *layout_only, double *advisory_total,
    const char **dated)
{
	const cJSON *gpu = cJSON_GetObjectItemCaseSensitive(c, "gpu");
	const char *gname = str(gpu, "model"), *mid = str(c, "model_id");
	const char *prec = str(c, "checkpoint_precision"),
		   *ver = str(c, "vllm_version");
	const char *kv = str(c, "kv_cache_dtype"),
		   *flags = str(c, "other_flags");
	const char *arch = str(c, "arch_ref"), *quant = str(c, "quantization");
	/* the catalogue checkpoint a log that names none was found to load
	 * (the row's notes say how) */
	const char *ckref = str(c, "checkpoint_ref");
	char idbuf[256];
	double v;
	int ok, mi, ki, card_inferred = 0;

	plan_input_init(in);
	*dated = NULL;
	if (ver == NULL || vllm_version_parse(ver, &in->version) != 0) {
		const char *date =
		    str(cJSON_GetObjectItemCaseSensitive(c, "source"), "date");

		/* llm-d-benchmark runs without a printed version were v0.11 */
		in->version = VLLM_VER(0, 11, 0);
		if (ver == NULL && date != NULL && str(c, "vllm_build")) {
			/* a development build: the last release before the
			 * date is not the code it ran */
			*why = "names no vLLM version, and its build is a "
			       "development build between releases";
			return -1;
		} else if (ver == NULL && release_on(date) > 0) {
			in->version = release_on(date);
			*dated = date;
		} else if (ver == NULL && date != NULL) {
			*why = "names no vLLM version, and its source's date "
			       "is before the releases dated here (0.21.0 on)";
			return -1;
		}
	}
	static const struct {
		const char *pattern, *id;
	} cards[] = {
		{ "GH200", "gh200" }, /* before "H200", which it contains */
		{ "H100", "h100-sxm" },
		{ "A100 80GB", "a100-80gb-sxm" },
		{ "A100 40GB", "a100-40gb" },
		{ "RTX PRO 6000", "rtx-pro-6000-server" },
		{ "RTX 5090", "rtx-5090" },
		{ "RTX 4090", "rtx-4090" },
		{ "RTX 3090 Ti", "" },
		{ "RTX 3090", "rtx-3090" },
		{ "RTX 3060", "rtx-3060" },
		{ "GB200", "gb200" },
		{ "B200", "b200" },
		{ "B300", "b300" },
		{ "H200", "h200-nvl" },
		{ "L40S", "l40s" },
		{ "GB10", "gb10" },
	};
	size_t k;

	in->gpu = -1;
	/* the first pattern found names the card (an id "" for one the
	 * catalogue does not hold: an RTX 3090 Ti is not a 3090) */
	for (k = 0; gname && k < sizeof cards / sizeof cards[0]; k++)
		if (strstr(gname, cards[k].pattern)) {
			in->gpu = catalogue_find_gpu(cat, cards[k].id);
			break;
		}
	/*
	 * A card the log does not name but its source narrows to one kind
	 * (card_ref, with card_ref_source): its compute capability decides
	 * vLLM's kernels and attention backend; its total stays the one the
	 * log implies, as for an unnamed card
	 */
	if (in->gpu < 0 && str(c, "card_ref") != NULL) {
		in->gpu = catalogue_find_gpu(cat, str(c, "card_ref"));
		card_inferred = in->gpu >= 0;
	}
	v = num(gpu, "total_memory_gib_reported", &ok);
	if (ok)
		in->gpu_total_gib = v;
	*advisory_total = 0;
	if (!ok) {
		/* no total printed: the one vLLM's graph advisory implies */
		const cJSON *der =
		    cJSON_GetObjectItemCaseSensitive(c, "derived");

		const cJSON *rng = cJSON_GetObjectItemCaseSensitive(der,
		    "implied_total_memory_gib_range");
		double ct =
		    in->gpu >= 0 ? cat->gpus[in->gpu].cuda_total_gib : 0;

		v = num(der, "implied_total_memory_gib_from_advisory", &ok);
		/*
		 * A catalogue card whose total lies inside the range the
		 * advisory's four decimals allow keeps its sourced total: the
		 * implied one is the cruder figure (a 0.0016 fraction spans
		 * 112 to 126 GiB)
		 */
		if (ok && ct > 0 && !card_inferred &&
		    cJSON_GetArraySize(rng) == 2 &&
		    cJSON_IsNumber(cJSON_GetArrayItem(rng, 0)) &&
		    cJSON_IsNumber(cJSON_GetArrayItem(rng, 1)) &&
		    ct >= cJSON_GetArrayItem(rng, 0)->valuedouble &&
		    ct <= cJSON_GetArrayItem(rng, 1)->valuedouble)
			ok = 0;
		if (ok) {
			in->gpu_total_gib = v;
			*advisory_total = v;
		}
	}
	*layout_only = 0;
	if (in->gpu < 0 && in->gpu_total_gib <= 0) {
		const cJSON *rep =
		    cJSON_GetObjectItemCaseSensitive(c, "reported");
		int lb, okk, okt, okw, oku;
		double lp, lkv = num(rep, "available_kv_cache_gib", &okk),
			   ltok = num(rep, "kv_cache_tokens", &okt),
			   lw = num(rep, "model_loading_gib", &okw),
			   lu = num(c, "gpu_memory_utilization", &oku);

		log_layout(c, &lb, &lp);
		*why = "card not in the catalogue and no total printed";
		if (lb <= 0 && !(okk && lkv > 0 && okt && ltok > 0))
			return -1;
		/*
		 * Neither the block size nor the KV arithmetic from the logged
		 * KV memory depends on the card's memory, but vLLM's default
		 * max_num_batched_tokens does (70 GiB and up, arg_utils.py),
		 * and the encoder-decoder's cross-attention keeps that many
		 * tokens a request: the nominal card is the least that holds
		 * the logged weights and KV memory inside the budget.
		 */
		in->gpu_total_gib = 1024;
		if (okk && lkv > 0)
			in->gpu_total_gib =
			    ceil(100.0 * ((okw ? lw : 0) + lkv) /
				(oku && lu > 0 ? lu : 0.9)) /
			    100.0;
		*layout_only = 1;
	}
	snprintf(idbuf, sizeof idbuf, "%s", mid ? mid : "");
	if (strchr(idbuf, ' '))
		*strchr(idbuf, ' ') = '\0';
	ki = catalogue_find_ckpt(cat, ckref ? ckref : idbuf);
	mi = ki >= 0 ? cat->ckpts[ki].model_index
		     : catalogue_find_model(cat, idbuf);
	/* a quantized export named after its base model: the format the
	 * precision names, not the base model's own checkpoint */
	if (ki >= 0 && prec && strstr(prec, "w4a16") &&
	    cat->ckpts[ki].format != FMT_GPTQ &&
	    cat->ckpts[ki].format != FMT_AWQ)
		ki = -1;
	if (mi < 0 && arch && strstr(idbuf, "vision") == NULL &&
	    strstr(idbuf, "-VL") == NULL)
		mi = catalogue_find_model(cat, arch);
	if (mi < 0) {
		/* a published variant of a catalogue model: drop known suffixes */
		static const struct {
			const char *suffix;
			enum ckpt_format f;
		} sfx[] = {
			{ "-FP8", FMT_FP8_BLOCK },
			{ "-AWQ", FMT_AWQ },
			{ "-Instruct-2507", FMT_COUNT },
			{ "-2507", FMT_COUNT },
		};
		enum ckpt_format f = FMT_COUNT;
		size_t k2;
		int again = 1;

		while (mi < 0 && again) {
			again = 0;
			for (k2 = 0; k2 < sizeof sfx / sizeof sfx[0]; k2++) {
				size_t n = strlen(idbuf),
				       m = strlen(sfx[k2].suffix);

				if (n > m &&
				    strcmp(idbuf + n - m, sfx[k2].suffix) ==
					0) {
					idbuf[n - m] = '\0';
					if (sfx[k2].f != FMT_COUNT)
						f = sfx[k2].f;
					again = 1;
				}
			}
			mi = catalogue_find_model(cat, idbuf);
		}
		if (mi >= 0 && f != FMT_COUNT) {
			in->format = f;
			ki = catalogue_model_ckpt(cat, mi, f);
		}
	}
	if (mi < 0) {
		const struct model *fx = fixture_model(mid);

		if (fx == NULL) {
			*why = "model not in the catalogue";
			return -1;
		}
		in->model = fx;
		in->ckpt = -1;
		ki = -2;
	} else {
		in->model = &cat->models[mi];
		in->ckpt = ki;
	}
	if (in->model->refusal != NULL) {
		/* nothing to compare: the plan stops at the configuration */
		*why = "headroom refuses the architecture";
		return -1;
	}
	if (quant && strncmp(quant, "online_", 7) == 0 &&
	    strncmp(quant, "online_fp8", 10) != 0) {
		/* weights headroom does not size; the KV arithmetic from the
		 * logged KV memory does not depend on them */
		*why = "an online quantization headroom does not model (the "
		       "weights)";
		*layout_only = 1;
	}
	if (in->format != FMT_COUNT && ki < 0)
		ki = -2; /* a derived checkpoint of that format */
	if (prec && strstr(prec, "--quantization fp8"))
		in->quantization_fp8 = true;
	/* a float32 checkpoint the log shows downcast runs in 16 bits, as
	 * vLLM's auto dtype gives it (no --dtype float32) */
	if (prec && strstr(prec, "float32") && !strstr(prec, "downcast"))
		in->dtype_override = FMT_FP32;
	if (ki == -2) {
		ki = -1;
	} else if (ki < 0 && mi >= 0) {
		if (prec && strstr(prec, "w4a16"))
			in->format = FMT_GPTQ;
		else if (prec && strncmp(prec, "awq", 3) == 0)
			in->format = FMT_AWQ;
		else if (prec && strstr(prec, "w8a8"))
			in->format = FMT_INT8;
		else if (prec && strstr(prec, "FP8-dynamic"))
			in->format = FMT_FP8_CHANNEL;
		else
			in->ckpt = catalogue_model_ckpt(cat, mi,
			    in->model->native_format);
	}
	v = num(c, "tensor_parallel_size", &ok);
	in->tp = ok ? (int)v : 1;
	v = num(c, "pipeline_parallel_size", &ok);
	in->pp = ok ? (int)v : 1;
	v = num(c, "data_parallel_size", &ok);
	in->dp = ok ? (int)v : 1;
	v = num(c, "gpu_memory_utilization", &ok);
	if (ok)
		in->util = v;
	v = num(c, "max_model_len", &ok);
	if (ok)
		in->max_model_len = (int64_t)v;
	/* a startup run with VLLM_ALLOW_LONG_MAX_MODEL_LEN=1 takes a length
	 * above the config's with vLLM's warning (src/core/vllm_env.c) */
	if (flags && strstr(flags, "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1")) {
		static char allow[] = "VLLM_ALLOW_LONG_MAX_MODEL_LEN=1";

		case_env_add(in, allow);
	}
	/* capped at the config's length, unless the config names none (vLLM
	 * then takes the given length as it is) or the variable allows it */
	if (in->max_model_len > in->model->derived_max_len &&
	    vllm_env_get(in->env, in->n_env, "VLLM_ALLOW_LONG_MAX_MODEL_LEN") ==
		NULL &&
	    !(in->model->derived_key != NULL &&
		strcmp(in->model->derived_key, "default") == 0))
		in->max_model_len = in->model->derived_max_len;
	v = num(c, "max_num_seqs", &ok);
	if (ok)
		in->max_num_seqs = (int)v;
	v = num(c, "max_num_batched_tokens", &ok);
	if (ok)
		in->max_num_batched_tokens = (int)v;
	/* the LLM class's default on cards of 70 GiB or more, A100 aside
	 * (EngineArgs.get_batch_defaults in vllm/engine/arg_utils.py:
	 * UsageContext.LLM_CLASS 16384, the API server 8192) */
	if (!ok && flags && strstr(flags, "usage context LLM_CLASS") &&
	    in->gpu >= 0 && cat->gpus[in->gpu].cuda_total_gib >= 70 &&
	    strstr(cat->gpus[in->gpu].name, "A100") == NULL)
		in->max_num_batched_tokens = 16384;
	/*
	 * AsyncEngineArgs used directly: a usage context get_batch_defaults has
	 * no entry for, so SchedulerConfig's fallbacks (128 sequences, 2048
	 * batched tokens; reference §1.1)
	 */
	if (flags && strncmp(flags, "AsyncEngineArgs(", 16) == 0 &&
	    in->max_num_seqs <= 0)
		in->max_num_seqs = 128;
	/* the largest capture size as vLLM's non-default args give it */
	if (log_int(c, "'max_cudagraph_capture_size': ") > 0)
		in->max_capture_size =
		    log_int(c, "'max_cudagraph_capture_size': ");
	v = num(c, "block_size", &ok);
	if (ok)
		in->block_size = (int)v;
	if (flags && strstr(flags, "--block-size=128"))
		in->block_size = 128;
	if ((flags && strstr(flags, "--enable-prefix-caching")) ||
	    log_has(c, "'enable_prefix_caching': True"))
		in->prefix_caching = 1;
	if (flags && strstr(flags, "speculative_config={'method': '")) {
		const char *mth =
		    strstr(flags, "speculative_config={'method': '") + 31;
		const char *nt = strstr(flags, "'num_speculative_tokens': ");
		size_t l = strcspn(mth, "'");

		if (l >= sizeof in->spec.name)
			l = sizeof in->spec.name - 1;
		memcpy(in->spec.name, mth, l);
		in->spec.name[l] = '\0';
		in->spec.method = spec_method_parse(in->spec.name);
		if (nt)
			in->spec.num_tokens = atoi(nt + 26);
		if (spec_has_drafter(&in->spec) &&
		    case_drafter(c, in, why) != 0)
			return -1;
	}
	/* the pooling runner, as the flags or vLLM's non-default args give it */
	if ((flags && strstr(flags, "--runner pooling")) ||
	    log_has(c, "'runner': 'pooling'"))
		in->runner = PLAN_RUNNER_POOLING;
	/* the flag as vllm serve takes it, or the LLM class's keyword */
	if (flags &&
	    (strstr(flags, "--enable-expert-parallel") ||
		strstr(flags, "enable_expert_parallel=True")))
		in->expert_parallel = 1;
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "enforce_eager")))
		in->enforce_eager = true;
	/* an install without FlashInfer takes the PyTorch-native top-k/top-p
	 * path, as VLLM_USE_FLASHINFER_SAMPLER=0 does (topk_topp_sampler.py) */
	if (log_has(c,
		"Falling back to the PyTorch-native implementation of "
		"top-p & top-k sampling")) {
		static char native[] = "VLLM_USE_FLASHINFER_SAMPLER=0";

		case_env_add(in, native);
	}
	if (kv && strcmp(kv, "auto") != 0 &&
	    kv_dtype_parse(kv, &in->kv_dtype) != 0) {
		*why = "kv dtype";
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	const char *path =
	    argc > 1 ? argv[1] : "tests/calibration/vllm-logs.json";
	int argi;
	struct catalogue cat;
	struct stat_acc e_kv = { 0 }, e_kvpct = { 0 }, e_tok = { 0 },
			e_conc = { 0 };
	struct stat_acc e_w = { 0 }, e_a = { 0 }, e_n = { 0 }, e_cg = { 0 };
	struct stat_acc x_tok = { 0 }, x_conc = { 0 }, e_rem = { 0 };
	struct stat_acc e_free = { 0 };
	int verdict_ok = 0, verdict_n = 0, skipped = 0, planned = 0,
	    exact_tok = 0, layout_ok = 0, layout_n = 0, kvonly_ok = 0,
	    kvonly_n = 0, nonmem_n = 0, warm_n = 0, graphs_ok = 0, graphs_n = 0,
	    refusal_ok = 0, refusal_n = 0, cc_n = 0, cc_miss = 0;
	double warm_min = 0, warm_log_min = 0;
	const char *warm_min_id = "", *warm_log_id = "";
	int warm_log_n = 0;
	char nonmem_ids[1024] = "";
	struct {
		const char *name;
		struct stat_acc kvpct, xtok, xconc, rem, hkv, hrem;
		int n, exact, held;
	} fam[16];
	int n_fam = 0, fi;
	char err[512];
	size_t len;
	char *text;
	cJSON *root, *c;

	memset(fam, 0, sizeof fam);
	memset(&cat, 0, sizeof cat);
	/* the source tree: the first file's path less tests/calibration/... */
	if (argc > 1 && strstr(argv[1], "tests/calibration/") != NULL) {
		size_t l =
		    (size_t)(strstr(argv[1], "tests/calibration/") - argv[1]);

		if (l == 0) {
			snprintf(top_srcdir, sizeof top_srcdir, ".");
		} else {
			if (l >= sizeof top_srcdir)
				l = sizeof top_srcdir - 1;
			memcpy(top_srcdir, argv[1], l);
			top_srcdir[l] = '\0';
		}
	}
	catalogue_load_builtin(&cat, diag, NULL);
	catalogue_link(&cat, diag, NULL);
	/* every file named is an array of cases; they are planned as one set */
	root = cJSON_CreateArray();
	for (argi = argc > 1 ? 1 : 0; argi < (argc > 1 ? argc : 1); argi++) {
		cJSON *part;

		if (argc > 1)
			path = argv[argi];
		text = textfile_read(path, &len, err, sizeof err);
		if (text == NULL) {
			fprintf(stderr, "fidelity: %s\n", err);
			return 2;
		}
		part = cJSON_ParseWithLength(text, len);
		free(text);
		if (!cJSON_IsArray(part)) {
			fprintf(stderr, "fidelity: %s: not a JSON array\n",
			    path);
			return 2;
		}
		/* the coefficients were fitted on vllm-logs.json (data/estimates.yaml):
		 * every other file's cases are held out */
		while (cJSON_GetArraySize(part) > 0) {
			cJSON *it = cJSON_DetachItemFromArray(part, 0);
			size_t pl = strlen(path);

			if (cJSON_IsObject(it))
				cJSON_AddBoolToObject(it, "_held_out",
				    !(pl >= 14 &&
					strcmp(path + pl - 14,
					    "vllm-logs.json") == 0));
			cJSON_AddItemToArray(root, it);
		}
		cJSON_Delete(part);
	}
	printf("%-58s %7s %7s %7s %7s | %8s %8s %7s | %9s %9s | %6s %6s | %s\n",
	    "case", "W", "act", "nt", "cg", "KV log", "KV est", "err%",
	    "tokens", "tok est", "conc", "est", "verdict");
	cJSON_ArrayForEach(c, root) {
		const cJSON *rep =
		    cJSON_GetObjectItemCaseSensitive(c, "reported");
		const cJSON *mc =
		    cJSON_GetObjectItemCaseSensitive(rep, "max_concurrency");
		const char *id = str(c, "id"), *outcome = str(c, "outcome");
		const char *phase = str(c, "failure_phase"), *why = NULL;
		struct plan_input in;
		struct plan p, px, pl;
		double kv, w, a, n, cg, tok, conc, total, act_est;
		int okkv, okw, oka, okn, okcg, oktok, okconc, v_ok, ok, nonmem,
		    lpw, lfull, okf, okg, have_rem = 0, held, layout_only,
					  lblock;
		double rem_log = 0, rem_est = 0, lpad, adv_total;
		const char *dated;

		if (case_input(&cat, c, &in, &why, &layout_only, &adv_total,
			&dated) != 0) {
			printf("%-58.58s skipped: %s\n", id, why);
			skipped++;
			continue;
		}
		if (adv_total > 0)
			printf("  %-56.56s card total %.2f GiB, as the log's "
			       "CUDA-graph advisory implies "
			       "(--gpu-total-gib)\n",
			    id, adv_total);
		if (dated)
			printf("  %-56.56s names no vLLM version: planned at "
			       "%d.%d.%d, the last release before its source's "
			       "date (%s)\n",
			    id, in.version / 10000, in.version / 100 % 100,
			    in.version % 100, dated);
		else if (str(c, "vllm_version") == NULL)
			printf("  %-56.56s names no vLLM version and no date: "
			       "planned at %d.%d.%d\n",
			    id, in.version / 10000, in.version / 100 % 100,
			    in.version % 100);
		plan_compute(&cat, &in, &p);
		/* the hybrid layout the log prints against the plan's */
		log_layout(c, &lblock, &lpad);
		if (lblock > 0) {
			double st = p.kv.state_layers > 0
			    ? (double)p.kv.state_bytes / p.kv.state_layers
			    : 0;
			double ppad =
			    st > 0 ? 100.0 * ((double)p.kv.page - st) / st : -1;
			int agree = p.kv.attn_block_size == lblock &&
			    (lpad < 0 || fabs(ppad - lpad) < 0.006);

			layout_n++;
			layout_ok += agree;
			printf("  %-56.56s hybrid block: log %d tokens", id,
			    lblock);
			if (lpad >= 0)
				printf(" (state padded %+.2f %%)", lpad);
			printf(", plan %d (state padded %+.2f %%)%s\n",
			    p.kv.attn_block_size, ppad,
			    agree ? "" : "  MISMATCH");
		}
		if (layout_only) {
			/* the KV arithmetic needs no card: the logged memory in */
			double lkv = num(rep, "available_kv_cache_gib", &okkv);
			double ltok = num(rep, "kv_cache_tokens", &oktok);
			double lconc = num(mc, "x", &okconc);

			if (okkv && lkv > 0 && oktok && ltok > 0) {
				struct plan_input ix = in;

				ix.kv_cache_memory_bytes = units_bytes(lkv);
				plan_compute(&cat, &ix, &px);
				int agree = kv_within_rounding(&px, ltok) &&
				    (!okconc ||
					conc_within_rounding(px.max_concurrency,
					    lconc, lkv));

				printf("  %-56.56s kv-exact: log %.0f tokens "
				       "%.2fx, plan %lld tokens %.2fx%s\n",
				    id, ltok, okconc ? lconc : NAN,
				    (long long)px.kv_tokens, px.max_concurrency,
				    agree ? "" : "  MISMATCH");
				kvonly_n++;
				kvonly_ok += agree;
			}
			printf("%-58.58s %s only: %s\n", id,
			    lblock > 0 ? "layout" : "kv-exact", why);
			skipped++;
			continue;
		}
		planned++;
		for (fi = 0; fi < n_fam; fi++)
			if (strcmp(fam[fi].name, family_of(in.model)) == 0)
				break;
		if (fi == n_fam && n_fam < 16)
			fam[n_fam++].name = family_of(in.model);
		held = cJSON_IsTrue(
		    cJSON_GetObjectItemCaseSensitive(c, "_held_out"));
		if (fi < 16) {
			fam[fi].n++;
			fam[fi].held += held;
		}
		kv = num(rep, "available_kv_cache_gib", &okkv);
		w = num(rep, "model_loading_gib", &okw);
		a = num(rep, "torch_peak_increase_gib", &oka);
		n = num(rep, "non_torch_gib", &okn);
		cg = num(rep, "cuda_graph_gib", &okcg);
		logged_stage(c, rep, &p, &pl, &act_est);
		consumed_form(rep, &p, okw ? w : -1, &act_est, &n, &okn);
		tok = num(rep, "kv_cache_tokens", &oktok);
		conc = num(mc, "x", &okconc);
		total = units_gib(p.total);
		if (okw)
			acc(&e_w, units_gib(pl.weights) - w);
		if (oka)
			acc(&e_a, act_est - a);
		if (okn)
			acc(&e_n, units_gib(pl.non_torch) - n);
		if (okcg && cg > 0 && !in.enforce_eager)
			acc(&e_cg, units_gib(pl.cuda_graphs) - cg);
		if (okkv) {
			acc(&e_kv, units_gib(pl.available_kv) - kv);
			acc(&e_kvpct,
			    100.0 * (units_gib(pl.available_kv) - kv) / total);
			if (fi < 16)
				acc(&fam[fi].kvpct,
				    100.0 * (units_gib(pl.available_kv) - kv) /
					total);
			if (fi < 16 && held)
				acc(&fam[fi].hkv,
				    100.0 * (units_gib(pl.available_kv) - kv) /
					total);
		}
		/*
		 * The remainder: what vLLM kept inside the budget besides the
		 * weights, the KV cache and the graph estimate (activation peak
		 * and non-torch memory), from the logged weights and KV memory
		 * and the planned budget; compared with headroom's activation +
		 * non-torch estimate, it isolates the profile-run estimates from
		 * the weights.
		 */
		if (okw && okkv && !in.kv_cache_memory_bytes &&
		    p.phase != PHASE_CONFIG) {
			double cgi = 0, cge;

			if (p.cg_in_budget) {
				cge = num(rep, "cuda_graph_estimated_gib", &ok);
				cgi = ok ? cge : units_gib(pl.cuda_graphs);
			}
			rem_log = units_gib(p.requested) - w - kv - cgi;
			rem_est =
			    units_gib(pl.activation) + units_gib(pl.non_torch);
			acc(&e_rem, 100.0 * (rem_est - rem_log) / total);
			if (fi < 16)
				acc(&fam[fi].rem,
				    100.0 * (rem_est - rem_log) / total);
			if (fi < 16 && held)
				acc(&fam[fi].hrem,
				    100.0 * (rem_est - rem_log) / total);
			have_rem = 1;
		}
		if (oktok && tok > 0)
			acc(&e_tok, 100.0 * ((double)p.kv_tokens - tok) / tok);
		if (okconc && conc > 0)
			acc(&e_conc, 100.0 * (p.max_concurrency - conc) / conc);
		/* a refusal at the KV sizing: the logged KV memory fed back in
		 * gives the memory one request needs and the estimated
		 * maximum length vLLM's message prints */
		if (okkv && kv > 0)
			refusal_kv_exact(&cat, c, &in, kv, &refusal_ok,
			    &refusal_n);
		/* kv-exact pass: the logged KV memory fed back in */
		if (okkv && kv > 0 && oktok && tok > 0) {
			struct plan_input ix = in;

			ix.kv_cache_memory_bytes = units_bytes(kv);
			plan_compute(&cat, &ix, &px);
			acc(&x_tok, 100.0 * ((double)px.kv_tokens - tok) / tok);
			if (okconc && conc > 0)
				acc(&x_conc,
				    100.0 * (px.max_concurrency - conc) / conc);
			if (fi < 16) {
				acc(&fam[fi].xtok,
				    100.0 * ((double)px.kv_tokens - tok) / tok);
				if (okconc && conc > 0)
					acc(&fam[fi].xconc,
					    100.0 *
						(px.max_concurrency - conc) /
						conc);
			}
			if (kv_within_rounding(&px, tok)) {
				exact_tok++;
				if (fi < 16)
					fam[fi].exact++;
			} else
				printf("  kv-exact outside rounding: %s: %lld "
				       "vs %.0f tokens\n",
				    id, (long long)px.kv_tokens, tok);
		}
		nonmem = outcome && strcmp(outcome, "ok") != 0 &&
		    !memory_failure(str(c, "error_message"));
		v_ok = (outcome && strcmp(outcome, "ok") == 0) ==
		    (p.phase == PHASE_NONE);
		if (v_ok && phase && p.phase != PHASE_NONE) {
			const char *ph = plan_phase_name(p.phase);

			v_ok = (strstr(phase, "sampler") &&
				   strcmp(ph, "sampler-warmup") == 0) ||
			    (strstr(phase, "weight") &&
				strcmp(ph, "weights") == 0) ||
			    (strstr(phase, "kv_cache") &&
				strcmp(ph, "kv-cache") == 0) ||
			    (strstr(phase, "free_memory") &&
				strcmp(ph, "free-memory") == 0) ||
			    (strstr(phase, "cuda_graph") &&
				strcmp(ph, "cuda-graphs") == 0);
		}
		if (nonmem) {
			size_t l = strlen(nonmem_ids);

			nonmem_n++;
			snprintf(nonmem_ids + l, sizeof nonmem_ids - l, "%s%s",
			    l > 0 ? ", " : "", id);
		} else {
			verdict_n++;
			verdict_ok += v_ok;
			cc_n += p.close_call;
			cc_miss += p.close_call && !v_ok;
		}
		printf("%-58.58s %+7.2f %+7.2f %+7.2f %+7.2f | %8.2f %8.2f "
		       "%+6.1f%% | "
		       "%9.0f %9lld | %6.2f %6.2f | %s%s\n",
		    id, okw ? units_gib(pl.weights) - w : NAN,
		    oka ? act_est - a : NAN,
		    okn ? units_gib(pl.non_torch) - n : NAN,
		    okcg ? units_gib(pl.cuda_graphs) - cg : NAN,
		    okkv ? kv : NAN, units_gib(pl.available_kv),
		    okkv ? 100.0 * (units_gib(pl.available_kv) - kv) / total
			 : NAN,
		    oktok ? tok : NAN, (long long)p.kv_tokens,
		    okconc ? conc : NAN, p.max_concurrency,
		    nonmem     ? "not a memory failure: "
			: v_ok ? "ok"
			       : "MISMATCH ",
		    nonmem ? (p.phase == PHASE_NONE
				     ? "vLLM failed, headroom predicts a start"
				     : plan_phase_name(p.phase))
			: v_ok
			? ""
			: (p.phase == PHASE_NONE ? "(predicted start)"
						 : plan_phase_name(p.phase)));
		if (p.close_call)
			printf("  %-56.56s close call: margin %+.2f GiB within "
			       "the family's %.2f GiB (%s)\n",
			    id, units_gib(p.close_call_margin),
			    units_gib(p.close_call_error),
			    p.close_call_any ? "every family's figure"
					     : p.close_call_family);
		/* free at startup: the card less the CUDA context and, with a
		 * group, its NCCL buffers (outside the budget) */
		{
			double lf = num(rep, "free_memory_at_startup_gib", &ok);

			if (ok && lf > 0 && p.free > 0)
				acc(&e_free, units_gib(p.free) - lf);
		}
		/* the graphs vLLM counted before capturing them */
		if (log_graphs(c, &lpw, &lfull)) {
			int agree = lpw == p.n_piecewise_graphs &&
			    lfull == p.n_full_graphs;

			graphs_n++;
			graphs_ok += agree;
			if (!agree)
				printf("  %-56.56s graphs: log PIECEWISE=%d "
				       "FULL=%d, plan PIECEWISE=%d FULL=%d  "
				       "MISMATCH\n",
				    id, lpw, lfull, p.n_piecewise_graphs,
				    p.n_full_graphs);
		}
		/* the sampler warm-up after graph capture: every real start
		 * should keep a margin (estimates; doc/estimates.md) */
		if (p.warmup_need > 0) {
			double margin =
			    units_gib(p.warmup_left) - units_gib(p.warmup_need);
			double lf =
				   num(rep, "free_memory_at_startup_gib", &okf),
			       lg =
				   num(rep, "cuda_graph_pool_actual_gib", &okg);
			char logged[96] = "";

			/* what the log's own figures leave after capture:
			 * free at startup less weights, non-torch, KV and the
			 * graph pool vLLM measured */
			if (okf && okw && okn && okkv && okg) {
				double ll = lf - w - n - kv - lg;

				snprintf(logged, sizeof logged,
				    "; the log's figures leave %.2f (margin "
				    "%+.2f)",
				    ll, ll - units_gib(p.warmup_need));
				if (outcome && strcmp(outcome, "ok") == 0 &&
				    (warm_log_n == 0 ||
					ll - units_gib(p.warmup_need) <
					    warm_log_min)) {
					warm_log_min =
					    ll - units_gib(p.warmup_need);
					warm_log_id = id;
				}
				warm_log_n +=
				    outcome && strcmp(outcome, "ok") == 0;
			}
			printf("  %-56.56s warm-up after capture: left %.2f "
			       "GiB, needs %.2f GiB (margin %+.2f)%s\n",
			    id, units_gib(p.warmup_left),
			    units_gib(p.warmup_need), margin, logged);
			if (outcome && strcmp(outcome, "ok") == 0 &&
			    (warm_n == 0 || margin < warm_min)) {
				warm_min = margin;
				warm_min_id = id;
			}
			warm_n += outcome && strcmp(outcome, "ok") == 0;
		}
		if (have_rem)
			printf("  %-56.56s remainder (activation + non-torch): "
			       "log %.2f GiB, "
			       "estimate %.2f GiB (%+.2f %% of the card)%s\n",
			    id, rem_log, rem_est,
			    100.0 * (rem_est - rem_log) / total,
			    held ? ", held out" : "");
	}
	printf("\nSummary over %d planned cases (%d skipped):\n", planned,
	    skipped);
	printf("  weights error           mean |e| %.3f GiB, max %.3f GiB "
	       "(n=%d)\n",
	    e_w.n ? e_w.sum_abs / e_w.n : 0, e_w.max_abs, e_w.n);
	printf("  activation error        mean |e| %.3f GiB, max %.3f GiB "
	       "(n=%d)\n",
	    e_a.n ? e_a.sum_abs / e_a.n : 0, e_a.max_abs, e_a.n);
	printf("  non-torch error         mean |e| %.3f GiB, max %.3f GiB "
	       "(n=%d)\n",
	    e_n.n ? e_n.sum_abs / e_n.n : 0, e_n.max_abs, e_n.n);
	printf("  CUDA graph error        mean |e| %.3f GiB, max %.3f GiB "
	       "(n=%d)\n",
	    e_cg.n ? e_cg.sum_abs / e_cg.n : 0, e_cg.max_abs, e_cg.n);
	printf("  available KV error      mean |e| %.3f GiB, max %.3f GiB "
	       "(n=%d)\n",
	    e_kv.n ? e_kv.sum_abs / e_kv.n : 0, e_kv.max_abs, e_kv.n);
	printf("  available KV error      mean |e| %.2f %% of card, max %.2f "
	       "%%\n",
	    e_kvpct.n ? e_kvpct.sum_abs / e_kvpct.n : 0, e_kvpct.max_abs);
	printf("  KV tokens error         mean |e| %.2f %%, max %.2f %% "
	       "(n=%d)\n",
	    e_tok.n ? e_tok.sum_abs / e_tok.n : 0, e_tok.max_abs, e_tok.n);
	printf("  max concurrency error   mean |e| %.2f %%, max %.2f %% "
	       "(n=%d)\n",
	    e_conc.n ? e_conc.sum_abs / e_conc.n : 0, e_conc.max_abs, e_conc.n);
	printf("  kv-exact pass: tokens   mean |e| %.3f %%, max %.3f %%; %d of "
	       "%d within "
	       "the log's rounding\n",
	    x_tok.n ? x_tok.sum_abs / x_tok.n : 0, x_tok.max_abs, exact_tok,
	    x_tok.n);
	printf("  kv-exact pass: concurrency max |e| %.3f %% (n=%d)\n",
	    x_conc.max_abs, x_conc.n);
	printf("  remainder (act + nt)    mean |e| %.2f %% of card, max %.2f "
	       "%% (n=%d)\n",
	    e_rem.n ? e_rem.sum_abs / e_rem.n : 0, e_rem.max_abs, e_rem.n);
	printf("  verdict (starts / phase) %d of %d agree\n", verdict_ok,
	    verdict_n);
	printf("  close calls             %d of %d verdicts marked (margin "
	       "within the family's measured KV error); %d of the %d that "
	       "disagree\n",
	    cc_n, verdict_n, cc_miss, verdict_n - verdict_ok);
	printf("  free at startup error   mean |e| %.3f GiB, max %.3f GiB "
	       "(n=%d)\n",
	    e_free.n ? e_free.sum_abs / e_free.n : 0, e_free.max_abs, e_free.n);
	printf("  CUDA graph counts       %d of %d agree with the log's "
	       "\"Profiling CUDA graph memory: PIECEWISE=N, FULL=M\"\n",
	    graphs_ok, graphs_n);
	printf("  warm-up after capture   smallest margin of a real start "
	       "%+.2f GiB (%s; n=%d); on the log's own figures %+.2f GiB "
	       "(%s; n=%d)\n",
	    warm_min, warm_min_id, warm_n, warm_log_min, warm_log_id,
	    warm_log_n);
	printf("  not memory failures     %d counted apart (the run failed for "
	       "a "
	       "reason other than memory, or its cause is not on record): "
	       "%s\n",
	    nonmem_n, nonmem_n > 0 ? nonmem_ids : "none");
	printf("  hybrid block size       %d of %d agree with the log's "
	       "\"Setting attention block size\" (and state padding)\n",
	    layout_ok, layout_n);
	printf("  KV refusals fed the logged KV memory: %d of %d give the "
	       "memory one request needs and the estimated maximum length "
	       "vLLM printed\n",
	    refusal_ok, refusal_n);
	printf("  skipped cases checked on the logged KV memory alone (card "
	       "total unknown): %d of %d tokens and concurrency within the "
	       "log's rounding\n",
	    kvonly_ok, kvonly_n);
	printf("\nPer family (available KV error in %% of the card, estimated "
	       "terms; "
	       "kv-exact: the logged KV memory fed back in):\n");
	printf("  %-40s %5s %10s %10s %18s %12s %16s\n", "family", "cases",
	    "KV mean|e|", "KV max|e|", "kv-exact tokens", "conc max|e|",
	    "remainder max|e|");
	for (fi = 0; fi < n_fam; fi++)
		printf("  %-40s %5d %9.2f%% %9.2f%% %8.3f%% (%d/%d) %11.3f%% "
		       "%9.2f%% (n=%d)\n",
		    fam[fi].name, fam[fi].n,
		    fam[fi].kvpct.n ? fam[fi].kvpct.sum_abs / fam[fi].kvpct.n
				    : 0,
		    fam[fi].kvpct.max_abs, fam[fi].xtok.max_abs, fam[fi].exact,
		    fam[fi].xtok.n, fam[fi].xconc.max_abs, fam[fi].rem.max_abs,
		    fam[fi].rem.n);
	/* the close-call figures of data/estimates.yaml against these */
	{
		int same = 0, stale = 0;

		for (size_t k = 0; k < cat.n_kv_errors; k++) {
			const struct kv_error *e = &cat.kv_errors[k];
			const char *t = closecall_family_title(e->family);
			double mx = e_kvpct.max_abs;
			int n = e_kvpct.n;

			for (fi = 0; fi < n_fam; fi++)
				if (strcmp(fam[fi].name, t) == 0)
					break;
			if (strcmp(e->family, "any") != 0) {
				if (fi == n_fam)
					continue;
				mx = fam[fi].kvpct.max_abs;
				n = fam[fi].n;
			}
			if (fabs(mx - e->kv_error_pct) < 0.005 &&
			    n == e->cases) {
				same++;
				continue;
			}
			stale++;
			printf("  estimate_errors %s: data %.2f %% over %d, "
			       "measured %.2f %% over %d\n",
			    e->family, e->kv_error_pct, e->cases, mx, n);
		}
		printf("  estimate_errors (data/estimates.yaml, close calls): "
		       "%d as measured, %d to refresh\n",
		    same, stale);
	}
	printf(
	    "\nHeld out (cases not in the set the coefficients were fitted on, "
	    "%% of the card):\n");
	printf("  %-40s %5s %10s %10s %15s %15s\n", "family", "held",
	    "KV mean|e|", "KV max|e|", "remainder mean", "remainder max");
	for (fi = 0; fi < n_fam; fi++)
		if (fam[fi].held > 0)
			printf("  %-40s %5d %9.2f%% %9.2f%% %14.2f%% %14.2f%% "
			       "(n=%d)\n",
			    fam[fi].name, fam[fi].held,
			    fam[fi].hkv.n ? fam[fi].hkv.sum_abs / fam[fi].hkv.n
					  : 0,
			    fam[fi].hkv.max_abs,
			    fam[fi].hrem.n
				? fam[fi].hrem.sum_abs / fam[fi].hrem.n
				: 0,
			    fam[fi].hrem.max_abs, fam[fi].hrem.n);
	cJSON_Delete(root);
	catalogue_done(&cat);
	return 0;
}
