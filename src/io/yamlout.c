/*
 * yamlout.c - YAML text for exported files on libyaml's emitter (see
 * yamlout.h).
 */
#include "yamlout.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/units.h"
#include "io/textesc.h"

static int
write_out(void *data, unsigned char *buf, size_t size)
{
	struct yamlout *y = data;

	strbuf_printf(&y->out, "%.*s", (int)size, (const char *)buf);
	return 1;
}

static void
fail(struct yamlout *y, const char *what)
{
	if (y->err[0] == '\0')
		snprintf(y->err, sizeof y->err, "%s", what);
}

/* Emits ev, or keeps the emitter's complaint as the first error. */
static void
emit(struct yamlout *y, yaml_event_t *ev, int made)
{
	if (!made) {
		fail(y,
		    "a value is not valid UTF-8, which a YAML file cannot "
		    "hold");
		return;
	}
	if (y->err[0] != '\0') {
		yaml_event_delete(ev);
		return;
	}
	if (!yaml_emitter_emit(&y->em, ev))
		fail(y,
		    y->em.problem ? y->em.problem : "the YAML emitter failed");
}

void
yamlout_init(struct yamlout *y)
{
	memset(y, 0, sizeof *y);
	if (!yaml_emitter_initialize(&y->em))
		abort();
	yaml_emitter_set_output(&y->em, write_out, y);
	yaml_emitter_set_encoding(&y->em, YAML_UTF8_ENCODING);
	/* ASCII out: everything else escaped, nothing a terminal or editor acts on */
	yaml_emitter_set_unicode(&y->em, 0);
	yaml_emitter_set_indent(&y->em, 2);
	yaml_emitter_set_width(&y->em, -1);
	yaml_emitter_set_break(&y->em, YAML_LN_BREAK);
}

void
yamlout_init_file(struct yamlout *y, const char *comment1, const char *comment2,
    const char *key, int format)
{
	yamlout_init(y);
	yamlout_comment(y, "%s", comment1);
	yamlout_comment(y, "%s", comment2);
	yamlout_key(y, key);
	yamlout_number(y, format);
}

void
yamlout_done(struct yamlout *y)
{
	yaml_emitter_delete(&y->em);
	free(y->out.s);
	memset(y, 0, sizeof *y);
}

/* The stream, the document and its top mapping, at the first node. */
static void
start(struct yamlout *y)
{
	yaml_event_t ev;

	if (y->state != 0)
		return;
	y->state = 1;
	emit(y, &ev,
	    yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
	emit(y, &ev,
	    yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1));
	emit(y, &ev,
	    yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
		YAML_BLOCK_MAPPING_STYLE));
}

void
yamlout_comment(struct yamlout *y, const char *fmt, ...)
{
	struct strbuf t = { 0 };
	va_list ap;

	va_start(ap, fmt);
	strbuf_vappend(&t.s, &t.n, &t.cap, fmt, ap);
	va_end(ap);
	if (y->state == 1) {
		if (y->depth != 0)
			fail(y, "a comment inside a collection");
		/* between two entries: the emitter starts the next key on a new line */
		if (!yaml_emitter_flush(&y->em))
			fail(y, "the YAML emitter failed");
		strbuf_printf(&y->out, "\n");
	}
	strbuf_printf(&y->out, "# ");
	textesc_append(&y->out, t.s ? t.s : "");
	if (y->state == 0)
		strbuf_printf(&y->out, "\n");
	free(t.s);
}

/* True when s, written plain, reads back as this string under YAML 1.1 and 1.2. */
static bool
plain_ok(const char *s)
{
	static const char *const words[] = {
		"true",
		"false",
		"null",
		"yes",
		"no",
		"on",
		"off",
		"y",
		"n",
		"~",
		".inf",
		".nan",
		"-.inf",
		"+.inf",
		"nan",
		"inf",
	};
	const char *p;
	char *end;
	size_t i;

	if (*s == '\0')
		return false;
	for (p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			(*p >= '0' && *p <= '9') || strchr("_./+@%-", *p)))
			return false;
	if (strchr("-.:%@+", s[0]) != NULL || s[strlen(s) - 1] == ':')
		return false;
	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcasecmp(s, words[i]) == 0)
			return false;
	units_strtod(s, &end);
	if (*end == '\0')
		return false;
	/* 0x1f, 0o17, 1_000, 12:30 read as numbers in some YAML versions */
	if (s[0] >= '0' && s[0] <= '9')
		return false;
	return true;
}

static void
scalar(struct yamlout *y, const char *s, bool plain, bool quoted_ok)
{
	yaml_event_t ev;
	yaml_scalar_style_t style =
	    plain ? YAML_PLAIN_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE;

	/* breaks and controls: escaped on one line, not folded over several */
	if (!plain && textesc_find(s) != NULL)
		style = YAML_DOUBLE_QUOTED_SCALAR_STYLE;
	start(y);
	emit(y, &ev,
	    yaml_scalar_event_initialize(&ev, NULL, NULL,
		(yaml_char_t *)(uintptr_t)s, (int)strlen(s), plain, quoted_ok,
		style));
}

void
yamlout_key(struct yamlout *y, const char *key)
{
	yamlout_string(y, key);
}

void
yamlout_string(struct yamlout *y, const char *s)
{
	/* not plain: the emitter quotes it, single or double as it must */
	scalar(y, s, plain_ok(s), true);
}

void
yamlout_number(struct yamlout *y, double v)
{
	char buf[64];

	if (isfinite(v) && v == floor(v) && fabs(v) < 9007199254740992.0)
		snprintf(buf, sizeof buf, "%lld", (long long)v);
	else if (!isfinite(v))
		snprintf(buf, sizeof buf,
		    isnan(v)    ? ".nan"
			: v > 0 ? ".inf"
				: "-.inf");
	else
		units_format_pyfloat(v, buf, sizeof buf);
	scalar(y, buf, true, false);
}

void
yamlout_fixed(struct yamlout *y, double v, int decimals)
{
	char buf[64];

	units_snprintf(buf, sizeof buf, "%.*f", decimals, v);
	scalar(y, buf, true, false);
}

void
yamlout_bool(struct yamlout *y, bool v)
{
	scalar(y, v ? "true" : "false", true, false);
}

static void
collection(struct yamlout *y, bool map, yaml_mapping_style_t mstyle,
    yaml_sequence_style_t sstyle)
{
	yaml_event_t ev;

	start(y);
	if (map)
		emit(y, &ev,
		    yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
			mstyle));
	else
		emit(y, &ev,
		    yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
			sstyle));
}

static void
collection_end(struct yamlout *y, bool map)
{
	yaml_event_t ev;

	if (map)
		emit(y, &ev, yaml_mapping_end_event_initialize(&ev));
	else
		emit(y, &ev, yaml_sequence_end_event_initialize(&ev));
}

void
yamlout_flow(struct yamlout *y, const cJSON *v)
{
	const cJSON *c;

	if (cJSON_IsObject(v)) {
		collection(y, true, YAML_FLOW_MAPPING_STYLE, 0);
		cJSON_ArrayForEach(c, v) {
			if (c->string != NULL && c->string[0] == '@')
				continue;
			yamlout_string(y, c->string ? c->string : "");
			yamlout_flow(y, c);
		}
		collection_end(y, true);
	} else if (cJSON_IsArray(v)) {
		collection(y, false, 0, YAML_FLOW_SEQUENCE_STYLE);
		cJSON_ArrayForEach(c, v)
			yamlout_flow(y, c);
		collection_end(y, false);
	} else if (cJSON_IsString(v)) {
		yamlout_string(y, v->valuestring);
	} else if (cJSON_IsNumber(v)) {
		yamlout_number(y, v->valuedouble);
	} else if (cJSON_IsBool(v)) {
		yamlout_bool(y, cJSON_IsTrue(v));
	} else {
		scalar(y, "null", true, false);
	}
}

void
yamlout_map_begin(struct yamlout *y)
{
	collection(y, true, YAML_BLOCK_MAPPING_STYLE, 0);
	if (y->depth >= YAMLOUT_DEPTH)
		fail(y, "collections nested too deep");
	else
		y->is_map[y->depth++] = true;
}

void
yamlout_seq_begin(struct yamlout *y)
{
	collection(y, false, 0, YAML_BLOCK_SEQUENCE_STYLE);
	if (y->depth >= YAMLOUT_DEPTH)
		fail(y, "collections nested too deep");
	else
		y->is_map[y->depth++] = false;
}

void
yamlout_end(struct yamlout *y)
{
	if (y->depth <= 0) {
		fail(y, "no collection to end");
		return;
	}
	y->depth--;
	collection_end(y, y->is_map[y->depth]);
}

char *
yamlout_finish(struct yamlout *y, char *err, size_t errlen)
{
	yaml_event_t ev;
	char *s;

	start(y);
	if (y->depth != 0)
		fail(y, "a collection left open");
	emit(y, &ev, yaml_mapping_end_event_initialize(&ev));
	emit(y, &ev, yaml_document_end_event_initialize(&ev, 1));
	emit(y, &ev, yaml_stream_end_event_initialize(&ev));
	if (y->err[0] == '\0' && !yaml_emitter_flush(&y->em))
		fail(y, "the YAML emitter failed");
	y->state = 2;
	if (y->err[0] != '\0') {
		snprintf(err, errlen, "%s", y->err);
		yamlout_done(y);
		return NULL;
	}
	s = strbuf_take(&y->out);
	yamlout_done(y);
	return s;
}

bool
yamlout_utf8_valid(const char *s)
{
	size_t n = strlen(s), i = 0;

	while (i < n) {
		size_t len;

		if (textesc_decode(s + i, n - i, &len) < 0)
			return false;
		i += len;
	}
	return true;
}
