/*
 * yamltree.c - libyaml events to a cJSON tree with positions.
 * Invariant: the returned tree holds no aliases (they are refused) and
 * each mapping's "@pos" lists exactly the keys the mapping holds.
 */
#include "yamltree.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "io/textfile.h"
#include "core/units.h"

#define MAX_DEPTH 64
/* Work and memory: a headroom file holds far fewer values, and keys are
 * checked for duplicates one mapping at a time. */
#define MAX_NODES 1000000
#define MAX_KEYS 4096

static cJSON *
scalar_value(const yaml_event_t *ev)
{
	const char *v = (const char *)ev->data.scalar.value;
	size_t n = ev->data.scalar.length;
	char *end;
	double d;

	if (ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return cJSON_CreateString(v);
	if (n == 0 || strcmp(v, "~") == 0 || strcmp(v, "null") == 0 ||
	    strcmp(v, "Null") == 0 || strcmp(v, "NULL") == 0)
		return cJSON_CreateNull();
	if (strcmp(v, "true") == 0 || strcmp(v, "True") == 0 ||
	    strcmp(v, "TRUE") == 0)
		return cJSON_CreateTrue();
	if (strcmp(v, "false") == 0 || strcmp(v, "False") == 0 ||
	    strcmp(v, "FALSE") == 0)
		return cJSON_CreateFalse();
	/* YAML's core schema spells infinity .inf (a config.json's Infinity) */
	if (strcmp(v, ".inf") == 0 || strcmp(v, "+.inf") == 0 ||
	    strcmp(v, ".Inf") == 0 || strcmp(v, ".INF") == 0)
		return cJSON_CreateNumber(HUGE_VAL);
	if (strcmp(v, "-.inf") == 0 || strcmp(v, "-.Inf") == 0 ||
	    strcmp(v, "-.INF") == 0)
		return cJSON_CreateNumber(-HUGE_VAL);
	if (isdigit((unsigned char)v[0]) ||
	    ((v[0] == '-' || v[0] == '+' || v[0] == '.') && n > 1 &&
		(isdigit((unsigned char)v[1]) || v[1] == '.'))) {
		errno = 0;
		d = units_strtod(v, &end);
		if (errno == 0 && *end == '\0' && strchr(v, '_') == NULL)
			return cJSON_CreateNumber(d);
	}
	return cJSON_CreateString(v);
}

/* A position is one number, line * 10000 + column: one node per key. */
static void
set_pos(cJSON *pos, const char *key, const yaml_mark_t *m)
{
	double col = m->column + 1 < 9999 ? (double)m->column + 1 : 9999;

	cJSON_AddItemToObject(pos, key,
	    cJSON_CreateNumber((double)(m->line + 1) * 10000 + col));
}

/*
 * One parse: the open containers (stack[0..depth)), for each open mapping
 * the key waiting for its value (keys[], NULL when none) with its position
 * and the keys it holds so far; the finished top-level value (root); and
 * the first error (ok 0, err written).
 */
struct yamltree_state {
	cJSON *stack[MAX_DEPTH];
	char *keys[MAX_DEPTH];
	yaml_mark_t keymarks[MAX_DEPTH];
	int nkeys[MAX_DEPTH];
	int depth;
	size_t nodes;
	cJSON *root;
	int ok;
	char *err;
	size_t errlen;
};

/* Writes "LINE:COLUMN: message" for position m and marks the parse failed. */
static void __attribute__((format(printf, 3, 4)))
yamltree_fail(struct yamltree_state *st, const yaml_mark_t *m, const char *fmt,
    ...)
{
	va_list ap;
	int n;

	st->ok = 0;
	n = snprintf(st->err, st->errlen, "%zu:%zu: ", m->line + 1,
	    m->column + 1);
	if (n < 0 || (size_t)n >= st->errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(st->err + n, st->errlen - (size_t)n, fmt, ap);
	va_end(ap);
}

/* true when the value being read sits where its mapping expects a key */
static int
yamltree_wants_key(const struct yamltree_state *st)
{
	return st->depth > 0 && cJSON_IsObject(st->stack[st->depth - 1]) &&
	    st->keys[st->depth - 1] == NULL;
}

/* Counts a value against MAX_NODES; 0 (and the error) past it. */
static int
yamltree_count_node(struct yamltree_state *st, const yaml_event_t *ev)
{
	if ((ev->type == YAML_SCALAR_EVENT ||
		ev->type == YAML_SEQUENCE_START_EVENT ||
		ev->type == YAML_MAPPING_START_EVENT) &&
	    ++st->nodes > MAX_NODES) {
		yamltree_fail(st, &ev->start_mark,
		    "more than %d values: too large for a headroom file",
		    MAX_NODES);
		return 0;
	}
	return 1;
}

/* A scalar in a key's place becomes the key its mapping waits a value for. */
static void
yamltree_take_key(struct yamltree_state *st, const yaml_event_t *ev)
{
	int d = st->depth - 1;

	if (ev->data.scalar.value[0] == '@') {
		yamltree_fail(st, &ev->start_mark,
		    "keys may not start with '@'");
		return;
	}
	if (++st->nkeys[d] > MAX_KEYS) {
		yamltree_fail(st, &ev->start_mark,
		    "more than %d keys in one mapping", MAX_KEYS);
		return;
	}
	st->keys[d] = strdup((const char *)ev->data.scalar.value);
	st->keymarks[d] = ev->start_mark;
}

/* Opens a sequence or a mapping (with its "@pos") on the stack. */
static void
yamltree_open_container(struct yamltree_state *st, const yaml_event_t *ev)
{
	cJSON *node;

	if (st->depth >= MAX_DEPTH - 1) {
		yamltree_fail(st, &ev->start_mark, "nesting deeper than %d",
		    MAX_DEPTH);
		return;
	}
	if (yamltree_wants_key(st)) {
		yamltree_fail(st, &ev->start_mark,
		    "a mapping key must be a plain value");
		return;
	}
	if (ev->type == YAML_SEQUENCE_START_EVENT) {
		node = cJSON_CreateArray();
	} else {
		cJSON *pos = cJSON_CreateObject();

		node = cJSON_CreateObject();
		cJSON_AddItemToObject(node, "@pos", pos);
		set_pos(pos, "@", &ev->start_mark);
	}
	st->nkeys[st->depth] = 0;
	st->stack[st->depth++] = node;
}

/*
 * Puts a finished value into the open container (the top-level value when
 * none is open); a mapping takes it under its waiting key, refusing a key
 * it holds already.
 */
static void
yamltree_attach(struct yamltree_state *st, cJSON *node)
{
	int d = st->depth - 1;
	cJSON *parent;

	if (node == NULL)
		return;
	if (st->depth == 0) {
		st->root = node;
		return;
	}
	parent = st->stack[d];
	if (cJSON_IsArray(parent)) {
		cJSON_AddItemToArray(parent, node);
		return;
	}
	if (cJSON_GetObjectItemCaseSensitive(parent, st->keys[d])) {
		yamltree_fail(st, &st->keymarks[d], "duplicate key '%s'",
		    st->keys[d]);
		cJSON_Delete(node);
	} else {
		cJSON_AddItemToObject(parent, st->keys[d], node);
		set_pos(cJSON_GetObjectItemCaseSensitive(parent, "@pos"),
		    st->keys[d], &st->keymarks[d]);
	}
	free(st->keys[d]);
	st->keys[d] = NULL;
}

/* Closes the innermost container and attaches it to its parent. */
static void
yamltree_close_container(struct yamltree_state *st)
{
	cJSON *node;

	if (st->depth == 0)
		return;
	node = st->stack[--st->depth];
	free(st->keys[st->depth]);
	st->keys[st->depth] = NULL;
	if (st->depth == 0)
		st->root = node;
	else
		yamltree_attach(st, node);
}

/* Takes one event; returns 1 at the end of the stream. */
static int
yamltree_on_event(struct yamltree_state *st, const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_STREAM_END_EVENT: return 1;
	case YAML_DOCUMENT_START_EVENT:
		if (st->root != NULL)
			yamltree_fail(st, &ev->start_mark,
			    "only one YAML document is allowed");
		break;
	case YAML_ALIAS_EVENT:
		yamltree_fail(st, &ev->start_mark, "aliases are not supported");
		break;
	case YAML_SCALAR_EVENT:
		if (yamltree_wants_key(st))
			yamltree_take_key(st, ev);
		else
			yamltree_attach(st, scalar_value(ev));
		break;
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT: yamltree_open_container(st, ev); break;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT: yamltree_close_container(st); break;
	default: break;
	}
	return 0;
}

/* Frees what a failed parse holds: open containers are not attached yet. */
static void
yamltree_discard(struct yamltree_state *st)
{
	int i;

	if (st->depth > 0)
		while (st->depth > 0)
			cJSON_Delete(st->stack[--st->depth]);
	else if (st->root != NULL)
		cJSON_Delete(st->root);
	for (i = 0; i < MAX_DEPTH; i++)
		free(st->keys[i]);
}

cJSON *
yamltree_parse(const char *text, size_t len, char *err, size_t errlen)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	struct yamltree_state st;
	int done = 0;

	memset(&st, 0, sizeof st);
	st.ok = 1;
	st.err = err;
	st.errlen = errlen;
	if (!yaml_parser_initialize(&parser)) {
		snprintf(err, errlen, "0:0: cannot initialise the YAML parser");
		return NULL;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	while (!done && st.ok) {
		if (!yaml_parser_parse(&parser, &ev)) {
			yamltree_fail(&st, &parser.problem_mark, "%s%s%s",
			    parser.problem ? parser.problem : "syntax error",
			    parser.context ? " " : "",
			    parser.context ? parser.context : "");
			break;
		}
		if (yamltree_count_node(&st, &ev))
			done = yamltree_on_event(&st, &ev);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	if (!st.ok) {
		yamltree_discard(&st);
		return NULL;
	}
	if (st.root == NULL)
		st.root = cJSON_CreateObject();
	return st.root;
}

cJSON *
yamltree_load(const char *path, char *err, size_t errlen)
{
	char perr[512];
	size_t len;
	char *text = textfile_read(path, &len, err, errlen);
	cJSON *root;

	if (text == NULL)
		return NULL;
	root = yamltree_parse(text, len, perr, sizeof perr);
	free(text);
	if (root == NULL)
		snprintf(err, errlen, "%s:%s", textfile_name(path), perr);
	return root;
}

void
yamltree_pos(const cJSON *obj, const char *key, int *line, int *col)
{
	const cJSON *pos =
	    obj ? cJSON_GetObjectItemCaseSensitive(obj, "@pos") : NULL;
	const cJSON *p =
	    pos ? cJSON_GetObjectItemCaseSensitive(pos, key ? key : "@") : NULL;

	*line = 0;
	*col = 0;
	if (p == NULL && key != NULL && pos != NULL)
		p = cJSON_GetObjectItemCaseSensitive(pos, "@");
	if (cJSON_IsNumber(p)) {
		*line = (int)(p->valuedouble / 10000);
		*col = (int)(p->valuedouble - *line * 10000.0);
	}
}
