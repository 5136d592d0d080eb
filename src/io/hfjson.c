/*
 * hfjson.c - Python-flavoured JSON.  Invariant: the rewritten text has the
 * same line breaks as the input; string contents are never touched.
 */
#include "hfjson.h"

#include <stdlib.h>
#include <string.h>

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

cJSON *
hfjson_parse(const char *text, size_t len, int *err_line)
{
	/* "NaN" (3) grows to "null" (4): at most 4/3 of the input */
	size_t cap = len + len / 3 + 8, i, o = 0, values = 1;
	char *buf;
	int in_str = 0;
	cJSON *root;

	/* every value but the first follows a ',', '[', '{' or ':' */
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
			if (++values > HFJSON_MAX_VALUES) {
				if (err_line != NULL)
					*err_line = -1;
				return NULL;
			}
		}
	}
	in_str = 0;
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
	root = cJSON_ParseWithLength(buf, o);
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
