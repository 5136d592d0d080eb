/*
 * catalogue_list.c - `--list` in text and JSON (see catalogue_list.h).
 * The text columns and the JSON fields come from the same rows.
 */
#include "catalogue_list.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/units.h"
#include "io/price.h"
#include "io/strbuf.h"
#include "io/textesc.h"

const char *const catalogue_list_kinds[] = { "gpus", "mig", "models",
	"checkpoints", "nodes", NULL };

static cJSON *
num_or_null(double v)
{
	return v > 0 ? cJSON_CreateNumber(v) : cJSON_CreateNull();
}

static double
ckpt_gib(const struct checkpoint *k)
{
	if (k->loaded_gib > 0)
		return k->loaded_gib;
	return k->size_bytes > 0 ? units_gib(k->size_bytes) : 0;
}

/* "$/h", or "EUR/h" with a currency set (price.h) */
static const char *
unit_per_hour(const struct catalogue *c, char *buf, size_t len)
{
	snprintf(buf, len, "%s/h", price_unit(&c->currency));
	return buf;
}

static void
list_gpus(const struct catalogue *c, struct strbuf *b, cJSON *arr)
{
	size_t i, j;
	char a[32], u[16];

	if (b)
		strbuf_printf(b, "%-22s %-10s %9s %8s  %s\n", "ID", "FAMILY",
		    "CUDA GiB", unit_per_hour(c, u, sizeof u), "NAME");
	for (i = 0; i < c->n_gpus; i++) {
		const struct gpu *g = &c->gpus[i];

		if (b) {
			if (g->price_per_hour > 0)
				snprintf(a, sizeof a, "%.2f",
				    price_amount(&c->currency,
					g->price_per_hour));
			else
				snprintf(a, sizeof a, "-");
			strbuf_printf(b, "%-22s %-10s %9.2f %8s  %s\n", g->id,
			    g->family, g->cuda_total_gib, a, g->name);
		} else {
			cJSON *o = cJSON_CreateObject(),
			      *m = cJSON_CreateArray();

			cJSON_AddStringToObject(o, "id", g->id);
			cJSON_AddStringToObject(o, "name", g->name);
			cJSON_AddStringToObject(o, "family", g->family);
			cJSON_AddNumberToObject(o, "total_gib",
			    g->cuda_total_gib);
			cJSON_AddItemToObject(o, "price_per_hour",
			    num_or_null(g->price_per_hour));
			for (j = 0; j < g->n_mig; j++)
				cJSON_AddItemToArray(m,
				    cJSON_CreateString(g->mig[j].name));
			cJSON_AddItemToObject(o, "mig", m);
			cJSON_AddItemToArray(arr, o);
		}
	}
}

static void
list_mig(const struct catalogue *c, struct strbuf *b, cJSON *arr)
{
	size_t i, j;

	if (b)
		strbuf_printf(b, "%-22s %-10s %6s %9s\n", "GPU", "PROFILE",
		    "COUNT", "CUDA GiB");
	for (i = 0; i < c->n_gpus; i++)
		for (j = 0; j < c->gpus[i].n_mig; j++) {
			const struct mig_profile *p = &c->gpus[i].mig[j];

			if (b) {
				strbuf_printf(b, "%-22s %-10s %6d %9.2f\n",
				    c->gpus[i].id, p->name, p->max_count,
				    p->total_gib);
			} else {
				cJSON *o = cJSON_CreateObject();

				cJSON_AddStringToObject(o, "gpu",
				    c->gpus[i].id);
				cJSON_AddStringToObject(o, "profile", p->name);
				cJSON_AddNumberToObject(o, "count",
				    p->max_count);
				cJSON_AddNumberToObject(o, "total_gib",
				    p->total_gib);
				cJSON_AddItemToArray(arr, o);
			}
		}
}

static void
list_models(const struct catalogue *c, struct strbuf *b, cJSON *arr)
{
	size_t i;

	if (b)
		strbuf_printf(b, "%-48s %-10s %7s %7s  %s\n", "ID", "FAMILY",
		    "LAYERS", "MAXLEN", "WEIGHTS");
	for (i = 0; i < c->n_models; i++) {
		const struct model *m = &c->models[i];

		if (b) {
			strbuf_printf(b, "%-48s %-10s %7d %7lld  %s\n", m->id,
			    m->family, m->layers, (long long)m->derived_max_len,
			    ckpt_format_name(m->native_format));
		} else {
			cJSON *o = cJSON_CreateObject();

			cJSON_AddStringToObject(o, "id", m->id);
			cJSON_AddStringToObject(o, "family", m->family);
			cJSON_AddNumberToObject(o, "layers", m->layers);
			cJSON_AddNumberToObject(o, "max_model_len",
			    (double)m->derived_max_len);
			cJSON_AddStringToObject(o, "format",
			    ckpt_format_name(m->native_format));
			cJSON_AddItemToArray(arr, o);
		}
	}
}

static void
list_checkpoints(const struct catalogue *c, struct strbuf *b, cJSON *arr)
{
	size_t i;
	char a[32];

	if (b)
		strbuf_printf(b, "%-56s %-11s %9s  %s\n", "ID", "FORMAT", "GiB",
		    "MODEL");
	for (i = 0; i < c->n_ckpts; i++) {
		const struct checkpoint *k = &c->ckpts[i];
		double gib = ckpt_gib(k);

		if (b) {
			if (gib > 0)
				snprintf(a, sizeof a, "%.2f", gib);
			else
				snprintf(a, sizeof a, "-");
			strbuf_printf(b, "%-56s %-11s %9s  %s\n", k->id,
			    ckpt_format_name(k->format), a, k->model_id);
		} else {
			cJSON *o = cJSON_CreateObject();

			cJSON_AddStringToObject(o, "id", k->id);
			cJSON_AddStringToObject(o, "format",
			    ckpt_format_name(k->format));
			cJSON_AddItemToObject(o, "gib",
			    num_or_null(gib > 0
				    ? strbuf_gib2((int64_t)(gib * 1073741824.0))
				    : 0));
			cJSON_AddStringToObject(o, "model", k->model_id);
			cJSON_AddItemToArray(arr, o);
		}
	}
}

static void
list_nodes(const struct catalogue *c, struct strbuf *b, cJSON *arr)
{
	size_t i;
	char a[32], u[16];

	if (b)
		strbuf_printf(b, "%-22s %-20s %5s %7s %8s  %s\n", "ID", "GPU",
		    "CARDS", "NVLINK", unit_per_hour(c, u, sizeof u), "NAME");
	for (i = 0; i < c->n_nodes; i++) {
		const struct node *n = &c->nodes[i];

		if (b) {
			char d[16];

			if (n->price_per_hour > 0)
				snprintf(a, sizeof a, "%.2f",
				    price_amount(&c->currency,
					n->price_per_hour));
			else
				snprintf(a, sizeof a, "-");
			if (n->nvlink_domain > 0)
				snprintf(d, sizeof d, "%d", n->nvlink_domain);
			else
				snprintf(d, sizeof d, "none");
			strbuf_printf(b, "%-22s %-20s %5d %7s %8s  %s\n", n->id,
			    n->gpu_id, n->gpus_per_node, d, a, n->name);
		} else {
			cJSON *o = cJSON_CreateObject();

			cJSON_AddStringToObject(o, "id", n->id);
			cJSON_AddStringToObject(o, "name", n->name);
			cJSON_AddStringToObject(o, "gpu", n->gpu_id);
			cJSON_AddNumberToObject(o, "gpus_per_node",
			    n->gpus_per_node);
			cJSON_AddNumberToObject(o, "nvlink_domain",
			    n->nvlink_domain);
			cJSON_AddItemToObject(o, "price_per_hour",
			    num_or_null(n->price_per_hour));
			cJSON_AddItemToArray(arr, o);
		}
	}
}

char *
catalogue_list(const struct catalogue *c, const char *what, bool json)
{
	struct strbuf b = { 0 };
	cJSON *arr = json ? cJSON_CreateArray() : NULL;
	struct strbuf *tb = json ? NULL : &b;
	char *out;

	if (strcmp(what, "gpus") == 0)
		list_gpus(c, tb, arr);
	else if (strcmp(what, "mig") == 0)
		list_mig(c, tb, arr);
	else if (strcmp(what, "models") == 0)
		list_models(c, tb, arr);
	else if (strcmp(what, "nodes") == 0)
		list_nodes(c, tb, arr);
	else
		list_checkpoints(c, tb, arr);
	if (!json && price_converted(&c->currency) &&
	    (strcmp(what, "gpus") == 0 || strcmp(what, "nodes") == 0)) {
		char note[200];

		strbuf_printf(&b, "\n%s\n",
		    price_note(&c->currency, note, sizeof note));
	}
	if (!json)
		return strbuf_take(&b);
	out = textesc_json(arr);
	cJSON_Delete(arr);
	return out;
}
