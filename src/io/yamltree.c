/*
 * yamltree.c - libyaml events to a cJSON tree with positions.
 * Invariant: the returned tree holds no aliases (they are refused) and
 * each mapping's "@pos" lists exactly the keys the mapping holds.
 */
#include "yamltree.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
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

cJSON *
yamltree_parse(const char *text, size_t len, char *err, size_t errlen)
{
	yaml_parser_t parser;
	yaml_event_t ev;
	cJSON *stack[MAX_DEPTH];
	char *keys[MAX_DEPTH];
	yaml_mark_t keymarks[MAX_DEPTH];
	int depth = 0, done = 0, ok = 1, nkeys[MAX_DEPTH];
	size_t nodes = 0;
	cJSON *root = NULL;

	memset(keys, 0, sizeof keys);
	memset(nkeys, 0, sizeof nkeys);
	if (!yaml_parser_initialize(&parser)) {
		snprintf(err, errlen, "0:0: cannot initialise the YAML parser");
		return NULL;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	while (!done && ok) {
		cJSON *node = NULL;
		yaml_mark_t start;

		if (!yaml_parser_parse(&parser, &ev)) {
			snprintf(err, errlen, "%zu:%zu: %s%s%s",
			    parser.problem_mark.line + 1,
			    parser.problem_mark.column + 1,
			    parser.problem ? parser.problem : "syntax error",
			    parser.context ? " " : "",
			    parser.context ? parser.context : "");
			ok = 0;
			break;
		}
		start = ev.start_mark;
		if ((ev.type == YAML_SCALAR_EVENT ||
			ev.type == YAML_SEQUENCE_START_EVENT ||
			ev.type == YAML_MAPPING_START_EVENT) &&
		    ++nodes > MAX_NODES) {
			snprintf(err, errlen,
			    "%zu:%zu: more than %d values: too large for "
			    "a headroom file",
			    start.line + 1, start.column + 1, MAX_NODES);
			ok = 0;
			yaml_event_delete(&ev);
			break;
		}
		switch (ev.type) {
		case YAML_STREAM_END_EVENT: done = 1; break;
		case YAML_DOCUMENT_START_EVENT:
			if (root != NULL) {
				snprintf(err, errlen,
				    "%zu:%zu: only one YAML document is "
				    "allowed",
				    start.line + 1, start.column + 1);
				ok = 0;
			}
			break;
		case YAML_ALIAS_EVENT:
			snprintf(err, errlen,
			    "%zu:%zu: aliases are not supported",
			    start.line + 1, start.column + 1);
			ok = 0;
			break;
		case YAML_SCALAR_EVENT:
			if (depth > 0 && cJSON_IsObject(stack[depth - 1]) &&
			    keys[depth - 1] == NULL) {
				if (ev.data.scalar.value[0] == '@') {
					snprintf(err, errlen,
					    "%zu:%zu: keys may not start "
					    "with '@'",
					    start.line + 1, start.column + 1);
					ok = 0;
					break;
				}
				if (++nkeys[depth - 1] > MAX_KEYS) {
					snprintf(err, errlen,
					    "%zu:%zu: more than %d keys in one "
					    "mapping",
					    start.line + 1, start.column + 1,
					    MAX_KEYS);
					ok = 0;
					break;
				}
				keys[depth - 1] =
				    strdup((const char *)ev.data.scalar.value);
				keymarks[depth - 1] = start;
				break;
			}
			node = scalar_value(&ev);
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (depth >= MAX_DEPTH - 1) {
				snprintf(err, errlen,
				    "%zu:%zu: nesting deeper than %d",
				    start.line + 1, start.column + 1,
				    MAX_DEPTH);
				ok = 0;
				break;
			}
			if (depth > 0 && cJSON_IsObject(stack[depth - 1]) &&
			    keys[depth - 1] == NULL) {
				snprintf(err, errlen,
				    "%zu:%zu: a mapping key must be a "
				    "plain value",
				    start.line + 1, start.column + 1);
				ok = 0;
				break;
			}
			node = ev.type == YAML_SEQUENCE_START_EVENT
			    ? cJSON_CreateArray()
			    : cJSON_CreateObject();
			if (ev.type == YAML_MAPPING_START_EVENT) {
				cJSON *pos = cJSON_CreateObject();

				cJSON_AddItemToObject(node, "@pos", pos);
				set_pos(pos, "@", &start);
			}
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			if (depth > 0) {
				node = stack[--depth];
				free(keys[depth]);
				keys[depth] = NULL;
				/* attach the finished container to its parent */
				if (depth == 0) {
					root = node;
					node = NULL;
					break;
				}
				goto attach;
			}
			break;
		default: break;
		}
		if (node != NULL &&
		    (ev.type == YAML_SEQUENCE_START_EVENT ||
			ev.type == YAML_MAPPING_START_EVENT)) {
			nkeys[depth] = 0;
			stack[depth++] = node;
			node = NULL;
		}
	attach:
		if (node != NULL && ok) {
			if (depth == 0) {
				root = node;
			} else if (cJSON_IsArray(stack[depth - 1])) {
				cJSON_AddItemToArray(stack[depth - 1], node);
			} else {
				cJSON *parent = stack[depth - 1];
				cJSON *pos =
				    cJSON_GetObjectItemCaseSensitive(parent,
					"@pos");

				if (cJSON_GetObjectItemCaseSensitive(parent,
					keys[depth - 1])) {
					snprintf(err, errlen,
					    "%zu:%zu: duplicate key '%s'",
					    keymarks[depth - 1].line + 1,
					    keymarks[depth - 1].column + 1,
					    keys[depth - 1]);
					cJSON_Delete(node);
					ok = 0;
				} else {
					cJSON_AddItemToObject(parent,
					    keys[depth - 1], node);
					set_pos(pos, keys[depth - 1],
					    &keymarks[depth - 1]);
				}
				free(keys[depth - 1]);
				keys[depth - 1] = NULL;
			}
		} else if (node != NULL) {
			cJSON_Delete(node);
		}
		yaml_event_delete(&ev);
	}
	if (!ok) {
		int i;

		/* open containers are not attached to their parents yet */
		if (depth > 0)
			while (depth > 0)
				cJSON_Delete(stack[--depth]);
		else if (root != NULL)
			cJSON_Delete(root);
		for (i = 0; i < MAX_DEPTH; i++)
			free(keys[i]);
		yaml_parser_delete(&parser);
		return NULL;
	}
	yaml_parser_delete(&parser);
	if (root == NULL)
		root = cJSON_CreateObject();
	return root;
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
