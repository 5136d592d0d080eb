/*
 * model_find.c - folder, then Hugging Face cache, then Hub (model_find.h).
 * Invariant: a model read from the cache or the Hub is named by its repo
 * id, never by the snapshot path, so exports say `vllm serve ORG/NAME`.
 */
#include "model_find.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/xalloc.h"
#include "io/hf_cache.h"
#include "io/hf_hub.h"
#include "io/model_dir.h"

#define FAMILY_CACHE "Hugging Face cache"
#define FAMILY_HUB "Hugging Face Hub"

const char *
model_find_source(const struct model *m)
{
	if (m != NULL && m->family != NULL &&
	    strcmp(m->family, FAMILY_CACHE) == 0)
		return "cache";
	if (m != NULL && m->family != NULL &&
	    strcmp(m->family, FAMILY_HUB) == 0)
		return "hub";
	return "directory";
}

const char *
model_origin_name(enum model_origin o)
{
	return o == MODEL_FROM_CACHE ? "cache"
	    : o == MODEL_FROM_HUB    ? "hub"
				     : "directory";
}

static bool
has_config(const char *dir)
{
	char p[4300];
	struct stat sb;

	snprintf(p, sizeof p, "%s/config.json", dir);
	if (stat(p, &sb) == 0)
		return true;
	snprintf(p, sizeof p, "%s/params.json", dir);
	return stat(p, &sb) == 0;
}

/*
 * Something on disk (or written as a path) that is not a folder: true with
 * the precise reason, rather than looking it up as a catalogue or Hub name.
 */
static bool
path_problem(const char *id, char *err, size_t errlen)
{
	struct stat sb;
	bool pathlike = id[0] == '/' || id[0] == '~' ||
	    strncmp(id, "./", 2) == 0 || strncmp(id, "../", 3) == 0;

	if (stat(id, &sb) == 0) {
		snprintf(err, errlen,
		    "'%s' is a %s, not a model folder (give the folder "
		    "that holds config.json)",
		    id,
		    S_ISREG(sb.st_mode)        ? "file"
			: S_ISFIFO(sb.st_mode) ? "FIFO"
					       : "special file");
		return true;
	}
	if (errno == ELOOP) {
		snprintf(err, errlen, "'%s': a loop of symbolic links (%s)", id,
		    strerror(errno));
		return true;
	}
	if (lstat(id, &sb) == 0 && S_ISLNK(sb.st_mode)) {
		snprintf(err, errlen, "'%s' is a symbolic link to nothing", id);
		return true;
	}
	if (pathlike) {
		snprintf(err, errlen, "'%s': %s", id, strerror(errno));
		return true;
	}
	return false;
}

/* Reads a snapshot and names the model after its repo. */
static int
read_snapshot(const char *repo, const char *snap, const char *commit,
    const char *family, struct model *m, int64_t *wb, char *err, size_t errlen)
{
	int64_t rec;

	if (model_dir_read(snap, m, wb, err, errlen) != 0)
		return -1;
	free(m->id);
	m->id = xstrdup(repo);
	free(m->name);
	m->name = xstrdup(repo);
	free(m->family);
	m->family = xstrdup(family);
	if (*wb > 0)
		return 0;
	rec = hf_cache_weights_get(repo, commit);
	if (rec >= 0) {
		*wb = rec;
		return 0;
	}
	if (!hf_hub_offline()) {
		/* a snapshot with the config only: the headers over the network,
		 * once (recorded); without them the planner derives the size */
		char e2[512];
		int64_t b = hf_hub_weights(repo, commit,
		    m->source != NULL &&
			strstr(m->source, "params.json") != NULL,
		    e2, sizeof e2);

		*wb = b > 0 ? b : 0;
	}
	return 0;
}

int
model_find(const char *id, const char *rev, struct model *m, int64_t *wb,
    struct model_found *f, char *err, size_t errlen)
{
	char root[4096], snap[4200], e2[1024];
	struct stat sb;
	bool missing = false;
	int rc;

	memset(f, 0, sizeof *f);
	memset(m, 0, sizeof *m);
	*wb = 0;
	if (id == NULL || *id == '\0') {
		snprintf(err, errlen, "no model named");
		return 1;
	}
	if (stat(id, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		f->origin = MODEL_FROM_FOLDER;
		snprintf(f->where, sizeof f->where, "%s", id);
		return model_dir_read(id, m, wb, err, errlen) == 0 ? 0 : -1;
	}
	if (path_problem(id, err, errlen))
		return -1;
	if (!hf_repo_id_valid(id)) {
		snprintf(err, errlen,
		    "'%s' is neither a folder nor a Hub repo id", id);
		return 1;
	}
	if (rev != NULL && !hf_revision_valid(rev)) {
		snprintf(err, errlen,
		    "--revision: '%s' is not a branch, tag or commit "
		    "name",
		    rev);
		return -1;
	}
	if (hf_cache_root(root, sizeof root) != 0) {
		snprintf(err, errlen,
		    "no Hugging Face cache (set HF_HUB_CACHE or HOME)");
		return 1;
	}
	rc = hf_cache_snapshot(root, id, rev, snap, sizeof snap, f->commit, e2,
	    sizeof e2);
	if (rc < 0) {
		snprintf(err, errlen, "%s", e2);
		return -1;
	}
	if (rc == 0 && has_config(snap)) {
		f->origin = MODEL_FROM_CACHE;
		snprintf(f->where, sizeof f->where, "%s", snap);
		return read_snapshot(id, snap, f->commit, FAMILY_CACHE, m, wb,
		    err, errlen);
	}
	if (hf_hub_offline()) {
		snprintf(err, errlen,
		    "%s; HF_HUB_OFFLINE keeps headroom off the Hub",
		    rc == 0 ? "its cached snapshot has no config.json" : e2);
		return 1;
	}
	if (hf_hub_fetch(root, id, rev, snap, sizeof snap, f->commit, &missing,
		err, errlen) != 0)
		return missing ? 1 : -1;
	f->origin = MODEL_FROM_HUB;
	snprintf(f->where, sizeof f->where, "%s/%s (revision %s, commit %s)",
	    hf_hub_endpoint(e2, sizeof e2), id, rev ? rev : "main", f->commit);
	if (read_snapshot(id, snap, f->commit, FAMILY_HUB, m, wb, err,
		errlen) != 0)
		return -1;
	/* the facts came from the Hub (the snapshot holds a copy now) */
	free(m->source);
	m->source = xstrdup(f->where);
	return 0;
}

bool
model_find_is_local(const struct catalogue *c, const struct model *m)
{
	size_t i;

	if (m == NULL)
		return false;
	for (i = 0; i < c->n_models; i++)
		if (m == &c->models[i])
			return false;
	return true;
}

const char *
model_find_input_source(const struct catalogue *c, const struct plan_input *in)
{
	if (model_find_is_local(c, in->model))
		return model_find_source(in->model);
	if (in->ckpt < 0 && in->model != NULL && in->format != FMT_COUNT &&
	    in->format != in->model->native_format)
		return "derived";
	return "catalogue";
}

const char *
model_find_where(const struct catalogue *c, const struct model *m)
{
	return model_find_is_local(c, m) && m->source && *m->source ? m->source
								    : NULL;
}
