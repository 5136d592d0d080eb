/*
 * yamldoc.c - block YAML documents from cJSON trees (see yamldoc.h).
 */
#include "yamldoc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "core/units.h"
#include "io/strbuf.h"
#include "io/textesc.h"
#include "io/yamlout.h"

static int
write_cb(void *data, unsigned char *buf, size_t size)
{
	struct strbuf *b = data;

	strbuf_printf(b, "%.*s", (int)size, (const char *)buf);
	return 1;
}

/* A string YAML 1.1 and 1.2 readers both take back as that string, unquoted. */
static bool
plain_ok(const char *s)
{
	static const char *const words[] = { "y", "n", "yes", "no", "on", "off",
		"true", "false", "null", "~", NULL };
	size_t i;

	if (s[0] == '\0' ||
	    !(isalpha((unsigned char)s[0]) || s[0] == '/' || s[0] == '_' ||
		s[0] == '.'))
		return false;
	for (i = 0; s[i] != '\0'; i++)
		if (!(isalnum((unsigned char)s[i]) || strchr("_./+@%-", s[i])))
			return false;
	for (i = 0; words[i] != NULL; i++)
		if (strcasecmp(s, words[i]) == 0)
			return false;
	return true;
}

static int
scalar(yaml_emitter_t *em, const char *text, bool quoted)
{
	yaml_event_t ev;

	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)text,
	    (int)strlen(text), !quoted, quoted,
	    quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_PLAIN_SCALAR_STYLE);
	return yaml_emitter_emit(em, &ev);
}

static int
node(yaml_emitter_t *em, const cJSON *v)
{
	yaml_event_t ev;
	const cJSON *c;
	char num[64];

	if (cJSON_IsObject(v)) {
		yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
		    YAML_BLOCK_MAPPING_STYLE);
		if (!yaml_emitter_emit(em, &ev))
			return 0;
		cJSON_ArrayForEach(c, v)
			if (!scalar(em, c->string, !plain_ok(c->string)) ||
			    !node(em, c))
				return 0;
		yaml_mapping_end_event_initialize(&ev);
		return yaml_emitter_emit(em, &ev);
	}
	if (cJSON_IsArray(v)) {
		yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
		    cJSON_GetArraySize(v) == 0 ? YAML_FLOW_SEQUENCE_STYLE
					       : YAML_BLOCK_SEQUENCE_STYLE);
		if (!yaml_emitter_emit(em, &ev))
			return 0;
		cJSON_ArrayForEach(c, v)
			if (!node(em, c))
				return 0;
		yaml_sequence_end_event_initialize(&ev);
		return yaml_emitter_emit(em, &ev);
	}
	if (cJSON_IsString(v))
		return scalar(em, v->valuestring, !plain_ok(v->valuestring));
	if (cJSON_IsBool(v))
		return scalar(em, cJSON_IsTrue(v) ? "true" : "false", false);
	if (cJSON_IsNumber(v)) {
		units_snprintf(num, sizeof num, "%.15g", v->valuedouble);
		return scalar(em, num, false);
	}
	return scalar(em, "null", false);
}

/* Whether every string in the tree is valid UTF-8 (the emitter needs it). */
static bool
tree_utf8(const cJSON *v)
{
	const cJSON *c;

	if (v->string != NULL && !yamlout_utf8_valid(v->string))
		return false;
	if (cJSON_IsString(v) && !yamlout_utf8_valid(v->valuestring))
		return false;
	cJSON_ArrayForEach(c, v)
		if (!tree_utf8(c))
			return false;
	return true;
}

char *
yamldoc_emit(const cJSON *const *docs, size_t n, const char *head, char *err,
    size_t errlen)
{
	struct strbuf out = { 0 }, body = { 0 };
	yaml_emitter_t em;
	yaml_event_t ev;
	const char *p, *nl;
	size_t i;
	int ok;

	for (i = 0; i < n; i++)
		if (!tree_utf8(docs[i])) {
			snprintf(err, errlen,
			    "a value is not valid UTF-8, which YAML "
			    "cannot hold");
			return NULL;
		}
	for (p = head; p != NULL && *p != '\0';
	     p = nl ? nl + 1 : p + strlen(p)) {
		char line[1024];

		nl = strchr(p, '\n');
		snprintf(line, sizeof line, "%.*s",
		    nl ? (int)(nl - p) : (int)strlen(p), p);
		strbuf_printf(&out, "# ");
		textesc_append(&out, line);
		strbuf_printf(&out, "\n");
	}
	yaml_emitter_initialize(&em);
	yaml_emitter_set_output(&em, write_cb, &body);
	yaml_emitter_set_unicode(&em, 0);
	yaml_emitter_set_width(&em, -1);
	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	ok = yaml_emitter_emit(&em, &ev);
	for (i = 0; ok && i < n; i++) {
		yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0);
		ok = yaml_emitter_emit(&em, &ev) && node(&em, docs[i]);
		if (ok) {
			yaml_document_end_event_initialize(&ev, 1);
			ok = yaml_emitter_emit(&em, &ev);
		}
	}
	if (ok) {
		yaml_stream_end_event_initialize(&ev);
		ok = yaml_emitter_emit(&em, &ev) && yaml_emitter_flush(&em);
	}
	if (!ok)
		snprintf(err, errlen, "YAML: %s",
		    em.problem ? em.problem : "emitter error");
	yaml_emitter_delete(&em);
	if (!ok) {
		free(strbuf_take(&out));
		free(strbuf_take(&body));
		return NULL;
	}
	{
		char *b = strbuf_take(&body);

		strbuf_printf(&out, "%s", b);
		free(b);
	}
	return strbuf_take(&out);
}
