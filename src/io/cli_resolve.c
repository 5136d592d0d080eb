/*
 * cli_resolve.c - a parsed command line's ids against the catalogue (see
 * cli_resolve() in cli.h): the card or server, the MIG slice, the model
 * (a catalogue id, a folder, the Hugging Face cache, the Hub), its
 * checkpoint and a drafter, into the plan input.  Unknown ids are
 * refused with the closest known ones.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/spec.h"
#include "io/deploy.h"
#include "io/model_find.h"

static void
suggest(const struct catalogue *c, char kind, const char *id, char *out,
    size_t len)
{
	int idx[5];
	size_t n = catalogue_suggest(c, kind, id, idx, 5), i, o = 0;

	out[0] = '\0';
	for (i = 0; i < n && o + 2 < len; i++) {
		const char *s = kind == 'g' ? c->gpus[idx[i]].id
		    : kind == 'c'           ? c->ckpts[idx[i]].id
					    : c->models[idx[i]].id;

		o += (size_t)snprintf(out + o, len - o, "%s%s", i ? ", " : "",
		    s);
		if (o >= len)
			break;
	}
}

int
cli_resolve_drafter(const struct catalogue *c, struct plan_import *imp,
    char *err, size_t errlen)
{
	struct plan_input *in = &imp->in;
	const char *id = in->spec.model;
	struct model_found mf;
	int64_t wb = 0;
	char why[1024];
	int mi, ki, rc;

	if (!spec_has_drafter(&in->spec) || id[0] == '\0')
		return 0;
	if (imp->have_draft) {
		model_done(&imp->draft);
		imp->have_draft = false;
	}
	in->draft = NULL;
	mi = catalogue_find_model(c, id);
	if (mi < 0 && (ki = catalogue_find_ckpt(c, id)) >= 0)
		mi = c->ckpts[ki].model_index;
	if (mi >= 0) {
		in->draft = &c->models[mi];
		return 0;
	}
	rc = model_find(id, NULL, &imp->draft, &wb, &mf, why, sizeof why);
	if (rc != 0) {
		snprintf(err, errlen,
		    "--speculative-config: %s drafter '%s': %s",
		    rc > 0 ? "unknown" : "cannot read the", id, why);
		return -1;
	}
	imp->have_draft = true;
	in->draft = &imp->draft;
	/* a speculators-format head names its method and token count; what
	 * the command gives wins (SpeculatorsConfig, EngineArgs) */
	if (imp->draft.speculators_method != NULL && in->spec.method_inferred) {
		snprintf(in->spec.name, sizeof in->spec.name, "%s",
		    imp->draft.speculators_method);
		in->spec.method = spec_method_parse(in->spec.name);
		in->spec.method_inferred = false;
		if (!spec_has_drafter(&in->spec))
			in->draft = NULL; /* refused by name in the plan */
	}
	if (imp->draft.speculators_tokens > 0 && in->spec.num_tokens <= 0)
		in->spec.num_tokens = imp->draft.speculators_tokens;
	return 0;
}

/* --node and --nodes: the server, whose cards --gpu may not contradict. */
static int
resolve_node(const struct catalogue *c, struct cli *cli, char *err,
    size_t errlen)
{
	char near[400];

	cli->node = -1;
	if (cli->node_id == NULL && cli->nodes > 0) {
		snprintf(err, errlen,
		    "--nodes: say which server with --node ID "
		    "(--list nodes shows them)");
		return -1;
	}
	if (cli->node_id != NULL) {
		const struct node *nd;

		cli->node = catalogue_find_node(c, cli->node_id);
		if (cli->node < 0) {
			size_t i, o = 0;

			near[0] = '\0';
			for (i = 0; i < c->n_nodes && o + 2 < sizeof near; i++)
				o += (size_t)snprintf(near + o, sizeof near - o,
				    "%s%s", i ? ", " : "", c->nodes[i].id);
			snprintf(err, errlen,
			    "--node: unknown server '%s'; known: %s",
			    cli->node_id, near);
			return -1;
		}
		nd = &c->nodes[cli->node];
		if (cli->gpu_id != NULL &&
		    strcmp(cli->gpu_id, nd->gpu_id) != 0) {
			snprintf(err, errlen,
			    "--gpu %s: the node %s holds %s cards "
			    "(leave --gpu out)",
			    cli->gpu_id, nd->id, nd->gpu_id);
			return -1;
		}
		cli->gpu_id = nd->gpu_id;
		if (cli->nodes <= 0)
			cli->nodes = 1;
	}
	return 0;
}

/* The card (the default one when nothing names it) and its MIG slice. */
static int
resolve_card(const struct catalogue *c, struct cli *cli, char *err,
    size_t errlen)
{
	struct plan_input *in = &cli->imp.in;
	char near[400];

	if (cli->gpu_id == NULL && in->gpu_total_gib <= 0)
		cli->gpu_id = "rtx-pro-6000-server";
	if (cli->gpu_id != NULL) {
		in->gpu = catalogue_find_gpu(c, cli->gpu_id);
		if (in->gpu < 0) {
			suggest(c, 'g', cli->gpu_id, near, sizeof near);
			snprintf(err, errlen,
			    "--gpu: unknown card '%s'; closest: %s "
			    "(--list gpus shows all)",
			    cli->gpu_id, near);
			return -1;
		}
	}
	if (cli->mig != NULL && strcmp(cli->mig, "none") != 0) {
		const struct gpu *g = in->gpu >= 0 ? &c->gpus[in->gpu] : NULL;
		size_t i, o = 0;

		in->mig = g ? catalogue_find_mig(g, cli->mig) : -1;
		if (in->mig < 0) {
			near[0] = '\0';
			for (i = 0; g && i < g->n_mig && o + 2 < sizeof near;
			     i++)
				o += (size_t)snprintf(near + o, sizeof near - o,
				    "%s%s", i ? ", " : "", g->mig[i].name);
			snprintf(err, errlen,
			    "--mig: '%s' is not a MIG profile of %s%s%s",
			    cli->mig, g ? g->id : "a custom card",
			    near[0] ? "; it has: " : " (it has none)", near);
			return -1;
		}
	}
	return 0;
}

/* On nodes: the cards (or slices) they hold, and the link TP crosses. */
static int
resolve_deployment(const struct catalogue *c, struct cli *cli, char *err,
    size_t errlen)
{
	struct plan_input *in = &cli->imp.in;

	if (cli->node < 0)
		return 0;
	/* the deployment's cards (or slices) are the ones available */
	const struct node *nd = &c->nodes[cli->node];
	int cards = cli->nodes * nd->gpus_per_node;

	if (in->mig >= 0)
		cards *= c->gpus[in->gpu].mig[in->mig].max_count;
	if (in->gpus > cards) {
		snprintf(err, errlen, "--gpus %d: %d node%s of %s hold%s %d %s",
		    in->gpus, cli->nodes, cli->nodes == 1 ? "" : "s", nd->id,
		    cli->nodes == 1 ? "s" : "", cards,
		    in->mig >= 0 ? "slices" : "cards");
		return -1;
	}
	if (in->gpus <= 0)
		in->gpus = cards;
	if (in->mig < 0)
		in->node_gpus = nd->gpus_per_node;
	/* the link a TP group crosses: NVLink inside the domain, else PCIe
	 * inside a node, else the network between nodes */
	deploy_tp_link(nd, in->tp, &in->tp_link, &in->tp_link_gbs);
	return 0;
}

/*
 * The model: a catalogue id (or a checkpoint's), else a folder, the
 * Hugging Face cache, the Hub.  *mi and *ki get the catalogue model and
 * checkpoint, -1 when there is none.
 */
static int
resolve_model(const struct catalogue *c, struct cli *cli, int *mi, int *ki,
    char *err, size_t errlen)
{
	struct plan_input *in = &cli->imp.in;
	const char *mid = cli->model_id;
	char near[400];

	if (mid == NULL) {
		/* the default scenario: the seeds' model in NVIDIA's FP8 checkpoint */
		mid = "meta-llama/Llama-3.3-70B-Instruct";
		if (cli->checkpoint == NULL)
			cli->checkpoint = "nvidia/Llama-3.3-70B-Instruct-FP8";
	}
	/* a catalogue id, else a folder, the Hugging Face cache, the Hub */
	*mi = catalogue_find_model(c, mid);
	if (*mi < 0) {
		*ki = catalogue_find_ckpt(c, mid);
		if (*ki >= 0)
			*mi = c->ckpts[*ki].model_index;
	}
	if (*mi < 0) {
		struct model_found mf;
		int64_t wb = 0;
		char why[1024];
		int rc = model_find(mid, cli->revision, &cli->imp.local, &wb,
		    &mf, why, sizeof why);

		if (rc < 0) {
			snprintf(err, errlen, "--model: %s", why);
			return -1;
		}
		if (rc > 0) {
			suggest(c, 'm', mid, near, sizeof near);
			snprintf(err, errlen,
			    "--model: unknown model '%s' (%s); closest: %s "
			    "(--list models shows all; a folder with "
			    "config.json or a Hub "
			    "id also works)",
			    mid, why, near);
			return -1;
		}
		cli->imp.have_local = true;
		cli->imp.local_dir = strdup(mid);
		in->model = &cli->imp.local;
		in->weight_bytes = wb;
		snprintf(cli->imp.model_source, sizeof cli->imp.model_source,
		    "%s", model_origin_name(mf.origin));
	} else {
		in->model = &c->models[*mi];
		snprintf(cli->imp.model_source, sizeof cli->imp.model_source,
		    "catalogue");
	}
	return 0;
}

/* The checkpoint or weight format (--checkpoint), from the model's ki. */
static int
resolve_checkpoint(const struct catalogue *c, struct cli *cli, int mi, int ki,
    char *err, size_t errlen)
{
	struct plan_input *in = &cli->imp.in;

	if (cli->checkpoint != NULL) {
		enum ckpt_format f;
		int k = catalogue_find_ckpt(c, cli->checkpoint);

		if (k >= 0 &&
		    (cli->imp.have_local || c->ckpts[k].model_index == mi)) {
			ki = k;
		} else if (ckpt_format_parse(cli->checkpoint, &f) == 0) {
			ki = cli->imp.have_local
			    ? -1
			    : catalogue_model_ckpt(c, mi, f);
			in->format = f;
			if (cli->imp.have_local &&
			    f != in->model->native_format)
				in->weight_bytes = 0;
		} else if (k >= 0 && c->ckpts[k].model_index >= 0 &&
		    (size_t)c->ckpts[k].model_index < c->n_models) {
			/* a checkpoint of another model: name the way past */
			snprintf(err, errlen,
			    "--checkpoint: '%s' is a checkpoint of %s, not of "
			    "%s: give --model %s (or --model %s --checkpoint "
			    "%s)",
			    cli->checkpoint,
			    c->models[c->ckpts[k].model_index].id,
			    in->model->id, cli->checkpoint,
			    c->models[c->ckpts[k].model_index].id,
			    cli->checkpoint);
			return -1;
		} else {
			snprintf(err, errlen,
			    "--checkpoint: '%s' is neither a format "
			    "(bf16, fp16, fp8, fp8-channel, fp8-block, int8, "
			    "awq, gptq, "
			    "nvfp4, mxfp4) nor a checkpoint of %s (--list "
			    "checkpoints)",
			    cli->checkpoint, in->model->id);
			return -1;
		}
	} else if (ki < 0 && !cli->imp.have_local) {
		ki = catalogue_model_ckpt(c, mi, in->model->native_format);
	}
	in->ckpt = ki;
	if (ki >= 0) {
		in->format = c->ckpts[ki].format;
	} else if (!cli->imp.have_local && in->format != FMT_COUNT &&
	    in->format != in->model->native_format) {
		snprintf(cli->imp.model_source, sizeof cli->imp.model_source,
		    "derived");
	}
	return 0;
}

int
cli_resolve(const struct catalogue *c, struct cli *cli, char *err,
    size_t errlen)
{
	int mi = -1, ki = -1;

	if (resolve_node(c, cli, err, errlen) != 0 ||
	    resolve_card(c, cli, err, errlen) != 0 ||
	    resolve_deployment(c, cli, err, errlen) != 0 ||
	    resolve_model(c, cli, &mi, &ki, err, errlen) != 0 ||
	    resolve_checkpoint(c, cli, mi, ki, err, errlen) != 0)
		return -1;
	return cli_resolve_drafter(c, &cli->imp, err, errlen);
}
