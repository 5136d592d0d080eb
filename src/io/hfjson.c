/*
 * hfjson.c - Python-flavoured JSON.  Invariant: the rewritten text has the
 * same line breaks as the input; string contents are never touched.
 */
#include "hfjson.h"

#include <stdlib.h>
#include <string.h>

/* One member of an object: its key, its place and the item itself. */
struct member {
	const char *key;
	size_t at;
	cJSON *item;
};

static int
member_cmp(const void *a, const void *b)
{
	const struct member *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c != 0)
		return c;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* Keeps the last of the members of obj that share a key, as a Python dict
 * does when json.loads assigns each key in turn; sorting the keys keeps a
 * hostile object of many keys at n log n. */
static void
object_keep_last(cJSON *obj)
{
	struct member *mb;
	size_t n = 0, i;
	cJSON *e;

	for (e = obj->child; e != NULL; e = e->next)
		n++;
	if (n < 2)
		return;
	mb = malloc(n * sizeof *mb);
	if (mb == NULL)
		abort();
	for (i = 0, e = obj->child; e != NULL; e = e->next, i++)
		mb[i] = (struct member){ e->string ? e->string : "", i, e };
	qsort(mb, n, sizeof *mb, member_cmp);
	for (i = 0; i + 1 < n; i++)
		if (strcmp(mb[i].key, mb[i + 1].key) == 0)
			cJSON_Delete(
			    cJSON_DetachItemViaPointer(obj, mb[i].item));
	free(mb);
}

/* object_keep_last() in every object of the tree (cJSON bounds the depth
 * at CJSON_NESTING_LIMIT). */
static void
tree_keep_last(cJSON *node)
{
	cJSON *e;

	if (cJSON_IsObject(node))
		object_keep_last(node);
	for (e = node->child; e != NULL; e = e->next)
		tree_keep_last(e);
}

static int
is_word(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= '0' && c <= '9') || c == '_';
}

/* Does the bare token tok start at text[i] (and end there)? */
static int
token_at(const char *text, size_t len, size_t i, const char *tok)
{
	size_t n = strlen(tok);

	if (i + n > len || memcmp(text + i, tok, n) != 0)
		return 0;
	if (i > 0 && is_word(text[i - 1]))
		return 0;
	return i + n == len || !is_word(text[i + n]);
}

/* Whether text holds more than HFJSON_MAX_VALUES values: every value but
 * the first follows a ',', '[', '{' or ':' outside strings. */
static int
text_too_many_values(const char *text, size_t len)
{
	size_t i, values = 1;
	int in_str = 0;

	for (i = 0; i < len; i++) {
		char c = text[i];

		if (in_str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_str = 0;
		} else if (c == '"') {
			in_str = 1;
		} else if (c == ',' || c == '[' || c == '{' || c == ':') {
			if (++values > HFJSON_MAX_VALUES)
				return 1;
		}
	}
	return 0;
}

cJSON *
hfjson_parse(const char *text, size_t len, int *err_line)
{
	/* "NaN" (3) grows to "null" (4): at most 4/3 of the input */
	size_t cap = len + len / 3 + 8, i, o = 0;
	char *buf;
	int in_str = 0;
	cJSON *root;

	if (text_too_many_values(text, len)) {
		if (err_line != NULL)
			*err_line = -1;
		return NULL;
	}
	buf = malloc(cap);
	if (buf == NULL)
		abort();
	for (i = 0; i < len; i++) {
		char c = text[i];

		if (in_str) {
			buf[o++] = c;
			if (c == '\\' && i + 1 < len)
				buf[o++] = text[++i];
			else if (c == '"')
				in_str = 0;
			continue;
		}
		if (c == '"') {
			in_str = 1;
			buf[o++] = c;
		} else if (token_at(text, len, i, "Infinity")) {
			memcpy(buf + o, "1e999", 5);
			o += 5;
			i += strlen("Infinity") - 1;
		} else if (token_at(text, len, i, "NaN")) {
			memcpy(buf + o, "null", 4);
			o += 4;
			i += 2;
		} else {
			buf[o++] = c;
		}
	}
	buf[o] = '\0';
	/* Python's json.loads refuses a leading byte-order mark (transformers
	 * reads config.json as UTF-8 text, not utf-8-sig); cJSON would skip
	 * it */
	if (o >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0) {
		free(buf);
		if (err_line != NULL)
			*err_line = 1;
		return NULL;
	}
	root = cJSON_ParseWithLength(buf, o);
	if (root != NULL)
		tree_keep_last(root);
	if (root == NULL && err_line != NULL) {
		const char *at = cJSON_GetErrorPtr(), *p;
		int line = 1;

		for (p = buf; at && p < at && p < buf + o; p++)
			if (*p == '\n')
				line++;
		*err_line = line;
	}
	free(buf);
	return root;
}
