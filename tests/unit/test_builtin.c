/*
 * test_builtin.c - the catalogue compiled at build time
 * (src/gen/catalogue_gen.c) equals what the YAML loader reads from the
 * YAML files of data/, record by record and byte by byte, both as the
 * constant tables and as catalogue_load_builtin() copies them; every data
 * file is compiled in.
 *
 * The comparison does not use the generator's field descriptors: every
 * byte of each struct is compared but the pointers, whose strings and
 * arrays are compared by content, so a member the generator does not
 * write (or writes wrongly) fails here.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/builtin_data.h"
#include "io/catalogue_load.h"

/* the offsets of a struct's pointer members */
#define OFFS(...) ((const size_t[]){ __VA_ARGS__ })
#define OFF(t, m) offsetof(t, m)

static void
diag(void *ctx, const char *msg)
{
	(*(int *)ctx)++;
	fprintf(stderr, "catalogue: %s\n", msg);
}

static const char *
top(void)
{
	return getenv("TOP_SRCDIR") ? getenv("TOP_SRCDIR") : ".";
}

/* The catalogue as the loader reads the files the tables came from. */
static void
load_yaml(struct catalogue *c)
{
	char path[1024];
	size_t i;
	int problems = 0;

	memset(c, 0, sizeof *c);
	for (i = 0; i < builtin_catalogue_n_files; i++) {
		snprintf(path, sizeof path, "%s/%s", top(),
		    builtin_catalogue_files[i]);
		catalogue_load_file(c, path, diag, &problems);
	}
	catalogue_link(c, diag, &problems);
	cr_assert_eq(problems, 0, "the YAML files of data/ have %d problems",
	    problems);
}

static void
same_str(const char *a, const char *b, const char *what, const char *id)
{
	if (a == NULL || b == NULL)
		cr_assert(a == b, "%s '%s': NULL in one, \"%s\" in the other",
		    what, id, a ? a : b);
	else
		cr_assert_str_eq(a, b, "%s '%s': \"%s\" != \"%s\"", what, id, a,
		    b);
}

/*
 * The first byte of the size bytes at a and b that differs, leaving out
 * the pointers at the offsets offs (the caller compares what they point
 * to); size if none does.
 */
static size_t
first_diff(const void *a, const void *b, size_t size, const size_t *offs,
    size_t n)
{
	unsigned char *x = malloc(size), *y = malloc(size);
	size_t i;

	cr_assert(x != NULL && y != NULL);
	memcpy(x, a, size);
	memcpy(y, b, size);
	for (i = 0; i < n; i++) {
		memset(x + offs[i], 0, sizeof(void *));
		memset(y + offs[i], 0, sizeof(void *));
	}
	for (i = 0; i < size && x[i] == y[i]; i++)
		;
	free(x);
	free(y);
	return i;
}

static void
same_bytes(const void *a, const void *b, size_t size, const size_t *offs,
    size_t n, const char *what, const char *id)
{
	size_t i = first_diff(a, b, size, offs, n);

	cr_assert_eq(i, size,
	    "%s '%s': byte %zu of %zu differs (a member the "
	    "tables do not hold as the loader does?)",
	    what, id, i, size);
}

static void
same_gpu(const struct gpu *a, const struct gpu *b)
{
	size_t i;

	same_str(a->id, b->id, "gpu", a->id);
	same_str(a->name, b->name, "gpu name", a->id);
	same_str(a->family, b->family, "gpu family", a->id);
	same_str(a->source, b->source, "gpu source", a->id);
	same_str(a->status, b->status, "gpu status", a->id);
	same_str(a->cuda_total_source, b->cuda_total_source,
	    "gpu cuda_total_source", a->id);
	same_str(a->price_date, b->price_date, "gpu price_date", a->id);
	same_str(a->price_source, b->price_source, "gpu price_source", a->id);
	cr_assert_eq(a->mig == NULL, b->mig == NULL, "gpu '%s': mig", a->id);
	same_bytes(a, b, sizeof *a,
	    OFFS(OFF(struct gpu, id), OFF(struct gpu, name),
		OFF(struct gpu, family), OFF(struct gpu, source),
		OFF(struct gpu, status), OFF(struct gpu, cuda_total_source),
		OFF(struct gpu, price_date), OFF(struct gpu, price_source),
		OFF(struct gpu, mig)),
	    9, "gpu", a->id);
	for (i = 0; i < a->n_mig; i++) {
		same_str(a->mig[i].name, b->mig[i].name, "gpu mig", a->id);
		same_str(a->mig[i].source, b->mig[i].source, "gpu mig source",
		    a->id);
		same_bytes(&a->mig[i], &b->mig[i], sizeof a->mig[i],
		    OFFS(OFF(struct mig_profile, name),
			OFF(struct mig_profile, source)),
		    2, "gpu mig", a->id);
	}
}

static void
same_model(const struct model *a, const struct model *b)
{
	size_t nl = a->layers > 0 ? (size_t)a->layers : 0, i;

	same_str(a->id, b->id, "model", a->id);
	same_str(a->name, b->name, "model name", a->id);
	same_str(a->family, b->family, "model family", a->id);
	same_str(a->architecture, b->architecture, "model architecture", a->id);
	same_str(a->model_type, b->model_type, "model model_type", a->id);
	same_str(a->source, b->source, "model source", a->id);
	same_str(a->derived_key, b->derived_key, "model derived_key", a->id);
	same_str(a->assumption, b->assumption, "model assumption", a->id);
	same_str(a->refusal, b->refusal, "model refusal", a->id);
	same_str(a->default_checkpoint, b->default_checkpoint,
	    "model default_checkpoint", a->id);
	cr_assert_eq(a->aliases == NULL, b->aliases == NULL,
	    "model '%s': aliases", a->id);
	cr_assert_eq(a->layer_kind == NULL, b->layer_kind == NULL,
	    "model '%s': layer_kind", a->id);
	cr_assert_eq(a->ld == NULL, b->ld == NULL, "model '%s': ld", a->id);
	same_bytes(a, b, sizeof *a,
	    OFFS(OFF(struct model, id), OFF(struct model, name),
		OFF(struct model, family), OFF(struct model, architecture),
		OFF(struct model, model_type), OFF(struct model, source),
		OFF(struct model, aliases), OFF(struct model, derived_key),
		OFF(struct model, layer_kind), OFF(struct model, ld),
		OFF(struct model, assumption), OFF(struct model, refusal),
		OFF(struct model, default_checkpoint)),
	    13, "model", a->id);
	for (i = 0; i < a->n_aliases; i++)
		same_str(a->aliases[i], b->aliases[i], "model alias", a->id);
	if (a->layer_kind != NULL)
		cr_assert_eq(memcmp(a->layer_kind, b->layer_kind, nl), 0,
		    "model '%s': layer_kind differs", a->id);
	for (i = 0; a->ld != NULL && i < nl; i++)
		same_bytes(&a->ld[i], &b->ld[i], sizeof a->ld[i], NULL, 0,
		    "model layer", a->id);
}

static void
same_ckpt(const struct checkpoint *a, const struct checkpoint *b)
{
	same_str(a->id, b->id, "checkpoint", a->id);
	same_str(a->model_id, b->model_id, "checkpoint model", a->id);
	same_str(a->producer, b->producer, "checkpoint producer", a->id);
	same_str(a->source, b->source, "checkpoint source", a->id);
	same_str(a->status, b->status, "checkpoint status", a->id);
	cr_assert_eq(a->arch == NULL, b->arch == NULL,
	    "checkpoint '%s': config", a->id);
	same_bytes(a, b, sizeof *a,
	    OFFS(OFF(struct checkpoint, id), OFF(struct checkpoint, model_id),
		OFF(struct checkpoint, producer),
		OFF(struct checkpoint, source), OFF(struct checkpoint, status),
		OFF(struct checkpoint, arch)),
	    6, "checkpoint", a->id);
	if (a->arch != NULL)
		same_model(a->arch, b->arch);
}

static void
same_node(const struct node *a, const struct node *b)
{
	same_str(a->id, b->id, "node", a->id);
	same_str(a->name, b->name, "node name", a->id);
	same_str(a->gpu_id, b->gpu_id, "node gpu", a->id);
	same_str(a->inter_node, b->inter_node, "node inter_node", a->id);
	same_str(a->source, b->source, "node source", a->id);
	same_str(a->status, b->status, "node status", a->id);
	same_str(a->price_date, b->price_date, "node price_date", a->id);
	same_str(a->price_source, b->price_source, "node price_source", a->id);
	same_bytes(a, b, sizeof *a,
	    OFFS(OFF(struct node, id), OFF(struct node, name),
		OFF(struct node, gpu_id), OFF(struct node, inter_node),
		OFF(struct node, source), OFF(struct node, status),
		OFF(struct node, price_date), OFF(struct node, price_source)),
	    8, "node", a->id);
}

static void
same_catalogue(const struct catalogue *a, const struct catalogue *b)
{
	size_t i;

	cr_assert_eq(a->n_gpus, b->n_gpus);
	cr_assert_eq(a->n_models, b->n_models);
	cr_assert_eq(a->n_ckpts, b->n_ckpts);
	cr_assert_eq(a->n_coeffs, b->n_coeffs);
	cr_assert_eq(a->n_nodes, b->n_nodes);
	for (i = 0; i < a->n_gpus; i++)
		same_gpu(&a->gpus[i], &b->gpus[i]);
	for (i = 0; i < a->n_models; i++)
		same_model(&a->models[i], &b->models[i]);
	for (i = 0; i < a->n_ckpts; i++)
		same_ckpt(&a->ckpts[i], &b->ckpts[i]);
	for (i = 0; i < a->n_coeffs; i++) {
		same_str(a->coeffs[i].source, b->coeffs[i].source, "estimates",
		    "source");
		same_bytes(&a->coeffs[i], &b->coeffs[i], sizeof a->coeffs[i],
		    OFFS(OFF(struct coeff_set, source)), 1, "estimates", "set");
	}
	for (i = 0; i < a->n_nodes; i++)
		same_node(&a->nodes[i], &b->nodes[i]);
	same_str(a->coeff_source, b->coeff_source, "catalogue", "coeff_source");
	same_bytes(&a->speed, &b->speed, sizeof a->speed, NULL, 0, "speed",
	    "set");
	same_bytes(&a->currency, &b->currency, sizeof a->currency, NULL, 0,
	    "currency", "");
}

Test(builtin, tables_equal_what_the_loader_reads)
{
	struct catalogue y;

	load_yaml(&y);
	cr_assert_gt(y.n_gpus, 0);
	cr_assert_gt(y.n_models, 0);
	cr_assert_gt(y.n_ckpts, 0);
	cr_assert_gt(y.n_coeffs, 0);
	cr_assert(y.speed.loaded);
	same_catalogue(&y, &builtin_catalogue);
	catalogue_done(&y);
}

Test(builtin, loaded_copy_equals_what_the_loader_reads)
{
	struct catalogue y, b;
	int problems = 0;

	load_yaml(&y);
	memset(&b, 0, sizeof b);
	cr_assert_eq(catalogue_load_builtin(&b, diag, &problems), 0);
	catalogue_link(&b, diag, &problems);
	cr_assert_eq(problems, 0);
	same_catalogue(&y, &b);
	/* a copy: the catalogue owns what it frees */
	cr_assert_neq(b.gpus, builtin_catalogue.gpus);
	cr_assert_neq(b.models[0].id, builtin_catalogue.models[0].id);
	catalogue_done(&b);
	catalogue_done(&y);
}

Test(builtin, copied_again_replaces_every_entry)
{
	struct catalogue y, b;

	load_yaml(&y);
	memset(&b, 0, sizeof b);
	catalogue_load_builtin(&b, NULL, NULL);
	/* each entry of the second copy replaces the first's of its id */
	catalogue_load_copy(&b, &builtin_catalogue);
	cr_assert_eq(catalogue_link(&b, NULL, NULL), 0);
	same_catalogue(&y, &b);
	catalogue_done(&b);
	catalogue_done(&y);
}

Test(builtin, the_comparison_sees_any_member)
{
	const struct model *a = &builtin_catalogue.models[0];
	struct model m = *a;
	size_t d;

	/* a member no comparison above names, changed: the byte compare finds it */
	m.vision_layers++;
	d = first_diff(a, &m, sizeof m, NULL, 0);
	cr_assert(d >= offsetof(struct model, vision_layers) &&
	    d < offsetof(struct model, vision_layers) + sizeof m.vision_layers);
	m = *a;
	cr_assert_eq(first_diff(a, &m, sizeof m, NULL, 0), sizeof m);
	/* a pointer left out of the offsets differs between two copies */
	{
		struct catalogue b;

		memset(&b, 0, sizeof b);
		catalogue_load_builtin(&b, NULL, NULL);
		cr_assert_lt(first_diff(a, &b.models[0], sizeof m, NULL, 0),
		    sizeof m);
		catalogue_done(&b);
	}
}

Test(builtin, every_data_file_is_compiled_in)
{
	char dir[1024];
	struct dirent *de;
	DIR *d;
	size_t i, seen = 0;

	snprintf(dir, sizeof dir, "%s/data", top());
	d = opendir(dir);
	cr_assert_not_null(d, "%s", dir);
	while ((de = readdir(d)) != NULL) {
		size_t l = strlen(de->d_name);
		char name[300];
		int found = 0;

		if (l < 6 || strcmp(de->d_name + l - 5, ".yaml") != 0)
			continue;
		snprintf(name, sizeof name, "data/%s", de->d_name);
		for (i = 0; i < builtin_catalogue_n_files; i++)
			found |= strcmp(builtin_catalogue_files[i], name) == 0;
		cr_expect(found,
		    "%s is not compiled in (DATA_FILES in Makefile.am)", name);
		seen++;
	}
	closedir(d);
	cr_assert_eq(seen, builtin_catalogue_n_files);
}
