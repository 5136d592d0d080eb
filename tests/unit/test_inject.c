/*
 * test_inject.c - no value can add a key, a word, a line or a table cell
 * to an export.  Each hostile string goes in as an environment value and
 * as the value of a flag headroom keeps without modelling; every export
 * is parsed back (libyaml through yamltree, cJSON, the project's shell
 * splitter) and must hold the same keys, words and lines as the export of
 * a plain value, with the hostile value read back byte for byte.  Forms
 * that cannot carry a character (a terminal control in a shell line) must
 * refuse with a message that shows it escaped.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "core/plan.h"
#include "helpers.h"
#include "io/export.h"
#include "io/export_format.h"
#include "io/report.h"
#include "io/scenario.h"
#include "io/shellwords.h"
#include "io/strbuf.h"
#include "io/textesc.h"
#include "io/yamlout.h"
#include "io/yamltree.h"

static const char *const hostile[] = {
	"x\ntrust-remote-code: true",
	"x\r\ntrust-remote-code: true",
	"x\rtrust-remote-code: true",
	"x\xe2\x80\xa8trust-remote-code: true",
	"x\xe2\x80\xa9trust-remote-code: true",
	"x\xc2\x85trust-remote-code: true",
	"\x1b]52;c;aGk=\x07",
	"\x1b[2J\x1b[H",
	"a\x01"
	"b\x7f"
	"c",
	"\xc2\x9b"
	"31m",
	"x\xe2\x80\xae"
	"gpj.exe",
	"\xef\xbb\xbf"
	"bom",
	"# comment",
	"- item",
	"k: v",
	"'",
	"\"",
	"\\",
	"{a: 1}",
	"&anchor",
	"*alias",
	"!tag",
	"|",
	">",
	"%YAML 1.1",
	"---",
	"...",
	"true",
	"null",
	"~",
	"0x10",
	"1e3",
	"$(id)",
	"`id`",
	"; rm -rf /",
	"| cat",
	"a b",
	"\t",
	" lead",
	"trail ",
	"caf\xc3\xa9",
	"x\n\ny",
	"```",
	"x\n```\n# h",
	"<script>",
	"[link](http://x)",
	"*b* _i_",
};
#define N_HOSTILE (sizeof hostile / sizeof hostile[0])

struct subject {
	struct plan_input in;
	struct plan p;
	struct report_in r;
	char *extra[2], *env[1], envbuf[512];
};

/* A flag value that starts with '-' reads as a flag, in vLLM too: the YAML
 * forms get a plain one there and the hostile value in the environment. */
static void
subject_make(struct subject *s, const char *v, bool flag_dash)
{
	memset(s, 0, sizeof *s);
	test_input(&s->in, "h200-nvl", "Qwen/Qwen3-8B", NULL);
	snprintf(s->envbuf, sizeof s->envbuf, "HX_A=%s", v);
	s->env[0] = s->envbuf;
	s->in.env = s->env;
	s->in.n_env = 1;
	s->extra[0] = "--served-model-name";
	s->extra[1] = (char *)(v[0] == '-' && !flag_dash ? "dash" : v);
	s->in.extra_flags = s->extra;
	s->in.n_extra_flags = 2;
	plan_compute(test_catalogue(), &s->in, &s->p);
	s->r.cat = test_catalogue();
	s->r.in = &s->in;
	s->r.plan = &s->p;
}

/* A terminal acts on it (a line break or tab a shell holds quoted is fine). */
static bool
shell_unsafe(const char *v)
{
	size_t n = strlen(v), i = 0;

	while (i < n) {
		size_t len;
		long cp = textesc_decode(v + i, n - i, &len);

		if (cp >= 0 && cp != '\n' && cp != '\t' && cp != 0x2028 &&
		    cp != 0x2029 && textesc_is_control(cp))
			return true;
		i += len;
	}
	return false;
}

/* No control reaches the text but the newlines that end its lines. */
static void
assert_no_controls(const char *text, const char *what)
{
	const char *p = text, *bad;

	while ((bad = textesc_find(p)) != NULL) {
		cr_assert_eq(*bad, '\n', "%s: a control at byte %zu:\n%s", what,
		    (size_t)(bad - text), text);
		p = bad + 1;
	}
}

static size_t
count_lines(const char *t)
{
	size_t n = 0;

	for (; *t; t++)
		n += *t == '\n';
	return n;
}

/* The keys of a mapping, '@pos' left out, as one string "a,b,c". */
static void
keys_of(const cJSON *map, char *buf, size_t len)
{
	const cJSON *c;

	buf[0] = '\0';
	cJSON_ArrayForEach(c, map) {
		if (c->string == NULL || c->string[0] == '@')
			continue;
		strncat(buf, c->string, len - strlen(buf) - 1);
		strncat(buf, ",", len - strlen(buf) - 1);
	}
}

/* A value the config writer keeps as a string (it types numbers and JSON). */
static bool
kept_as_string(const char *v)
{
	return v[0] != '-' && v[0] != '{' && v[0] != '[' &&
	    strspn(v, "0123456789.-") != strlen(v);
}

Test(inject, config_file)
{
	struct subject base, s;
	char err[1024], kb[1024], k[1024], *out;
	cJSON *t;
	size_t i;

	subject_make(&base, "plain", false);
	out = export_config(&base.r, err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	t = yamltree_parse(out, strlen(out), err, sizeof err);
	cr_assert_not_null(t, "%s\n%s", err, out);
	keys_of(t, kb, sizeof kb);
	cr_assert_str_eq(kb, "model,served-model-name,");
	cJSON_Delete(t);
	free(out);
	for (i = 0; i < N_HOSTILE; i++) {
		const cJSON *v;

		subject_make(&s, hostile[i], false);
		out = export_config(&s.r, err, sizeof err);
		cr_assert_not_null(out, "%zu: %s", i, err);
		assert_no_controls(out, "config");
		cr_assert_eq(count_lines(out), 5, "%zu: lines:\n%s", i, out);
		t = yamltree_parse(out, strlen(out), err, sizeof err);
		cr_assert_not_null(t, "%zu: %s\n%s", i, err, out);
		keys_of(t, k, sizeof k);
		cr_assert_str_eq(k, kb, "%zu: keys %s\n%s", i, k, out);
		v = cJSON_GetObjectItemCaseSensitive(t, "served-model-name");
		if (kept_as_string(hostile[i])) {
			cr_assert(cJSON_IsString(v), "%zu:\n%s", i, out);
			cr_assert_str_eq(v->valuestring, hostile[i], "%zu:\n%s",
			    i, out);
		}
		cJSON_Delete(t);
		free(out);
	}
}

Test(inject, scenario_file)
{
	struct subject base, s;
	char err[1024], kb[1024], k[1024], *out;
	cJSON *t;
	size_t i;

	subject_make(&base, "plain", false);
	out = scenario_write(&base.r, "plain", err, sizeof err);
	cr_assert_not_null(out, "%s", err);
	t = yamltree_parse(out, strlen(out), err, sizeof err);
	cr_assert_not_null(t, "%s\n%s", err, out);
	keys_of(t, kb, sizeof kb);
	cr_assert(strstr(kb, "name,") && strstr(kb, "env,") &&
		strstr(kb, "figures,"),
	    "%s", kb);
	cJSON_Delete(t);
	free(out);
	for (i = 0; i < N_HOSTILE; i++) {
		const cJSON *env, *vl;

		subject_make(&s, hostile[i], false);
		out = scenario_write(&s.r, hostile[i], err, sizeof err);
		cr_assert_not_null(out, "%zu: %s", i, err);
		assert_no_controls(out, "scenario");
		t = yamltree_parse(out, strlen(out), err, sizeof err);
		cr_assert_not_null(t, "%zu: %s\n%s", i, err, out);
		keys_of(t, k, sizeof k);
		cr_assert_str_eq(k, kb, "%zu: keys %s\n%s", i, k, out);
		cr_assert_str_eq(cJSON_GetObjectItem(t, "name")->valuestring,
		    hostile[i], "%zu:\n%s", i, out);
		env = cJSON_GetObjectItem(t, "env");
		cr_assert_eq(cJSON_GetArraySize(env), 1);
		cr_assert_str_eq(cJSON_GetArrayItem(env, 0)->valuestring,
		    s.envbuf);
		vl = cJSON_GetObjectItem(cJSON_GetObjectItem(t, "vllm"),
		    "served-model-name");
		if (kept_as_string(hostile[i]))
			cr_assert_str_eq(vl->valuestring, hostile[i],
			    "%zu:\n%s", i, out);
		cJSON_Delete(t);
		free(out);
	}
}

/* The words of a shell export, or a refusal that shows the value escaped. */
static void
shell_form(enum export_format f, const char *v, struct shellwords *w,
    bool *refused)
{
	struct subject s;
	char err[1024], *out;

	subject_make(&s, v, true);
	out = export_render(f, &s.r, err, sizeof err);
	*refused = out == NULL;
	if (out == NULL) {
		cr_assert(shell_unsafe(v), "%s refused %s: %s",
		    export_format_name(f), v, err);
		assert_no_controls(err, "the message");
		cr_assert(strstr(err, "control character") != NULL, "%s", err);
		return;
	}
	cr_assert(!shell_unsafe(v), "%s carried a control:\n%s",
	    export_format_name(f), out);
	cr_assert_eq(shellwords_split(out, w, err, sizeof err), 0, "%s\n%s",
	    err, out);
	free(out);
}

static void
shell_check(enum export_format f)
{
	struct shellwords base = { 0 }, w = { 0 };
	bool refused;
	size_t i, k;

	shell_form(f, "plain", &base, &refused);
	cr_assert(!refused);
	for (i = 0; i < N_HOSTILE; i++) {
		char env[512];

		shell_form(f, hostile[i], &w, &refused);
		if (refused)
			continue;
		cr_assert_eq(w.n, base.n, "%zu: %zu words, not %zu", i, w.n,
		    base.n);
		snprintf(env, sizeof env, "HX_A=%s", hostile[i]);
		for (k = 0; k < w.n; k++) {
			if (strcmp(base.w[k], "HX_A=plain") == 0)
				cr_assert_str_eq(w.w[k], env, "%zu", i);
			else if (strcmp(base.w[k], "plain") == 0)
				cr_assert_str_eq(w.w[k], hostile[i], "%zu", i);
			else
				cr_assert_str_eq(w.w[k], base.w[k],
				    "%zu: word %zu", i, k);
		}
		shellwords_done(&w);
	}
	shellwords_done(&base);
}

Test(inject, command)
{
	shell_check(EXPORT_COMMAND);
}
Test(inject, docker)
{
	shell_check(EXPORT_DOCKER);
}

Test(inject, json_report)
{
	struct subject base, s;
	char kb[4096], k[4096];
	char *out;
	cJSON *t;
	size_t i;

	subject_make(&base, "plain", true);
	out = report_json(&base.r);
	t = cJSON_Parse(out);
	cr_assert_not_null(t);
	keys_of(t, kb, sizeof kb);
	cJSON_Delete(t);
	free(out);
	for (i = 0; i < N_HOSTILE; i++) {
		const cJSON *cmd;

		subject_make(&s, hostile[i], true);
		out = report_json(&s.r);
		assert_no_controls(out, "json");
		t = cJSON_Parse(out);
		cr_assert_not_null(t, "%zu:\n%s", i, out);
		keys_of(t, k, sizeof k);
		cr_assert_str_eq(k, kb, "%zu", i);
		cmd = cJSON_GetObjectItem(t, "vllm_command");
		cr_assert(cJSON_IsString(cmd));
		cr_assert(strstr(cmd->valuestring, hostile[i]) != NULL ||
			strchr(hostile[i], '\'') != NULL,
		    "%zu: %s", i, cmd->valuestring);
		cJSON_Delete(t);
		free(out);
	}
	/* bytes that are not UTF-8 come out as U+FFFD, the report stays UTF-8 */
	subject_make(&s, "\xff\xfe\xc3", true);
	out = report_json(&s.r);
	cr_assert(yamlout_utf8_valid(out));
	cr_assert_not_null(strstr(out, "\\ufffd\\ufffd\\ufffd"), "%s", out);
	free(out);
}

/* The cells of a Markdown table line: '|' not escaped by a backslash. */
static int
cells(const char *line, size_t n)
{
	size_t i;
	int c = 0;

	for (i = 0; i < n; i++) {
		if (line[i] == '\\' && i + 1 < n) {
			i++;
			continue;
		}
		c += line[i] == '|';
	}
	return c;
}

/* The structure of a quote sheet: its headings, fences and table rows with
 * their cell counts, one line each (the bullets may wrap differently). */
static void
shape(const char *t, struct strbuf *out)
{
	while (*t) {
		size_t n = strcspn(t, "\n");

		if (t[0] == '#')
			strbuf_printf(out, "%.*s\n", (int)(n < 3 ? n : 3), t);
		else if (t[0] == '`')
			strbuf_printf(out, "%s\n",
			    strspn(t, "`") == n ? "fence" : "fence sh");
		else if (t[0] == '|')
			strbuf_printf(out, "row of %d\n", cells(t, n));
		t += n + (t[n] != '\0');
	}
}

static void
assert_same_shape(const char *base, const char *out, size_t i)
{
	struct strbuf a = { 0 }, b = { 0 };

	shape(base, &a);
	shape(out, &b);
	cr_assert_str_eq(b.s, a.s, "%zu:\n%s", i, out);
	free(a.s);
	free(b.s);
}

Test(inject, quote_sheet)
{
	struct subject base, s;
	char err[1024], *b, *out;
	size_t i;

	subject_make(&base, "plain", true);
	b = export_quote(&base.r, err, sizeof err);
	cr_assert_not_null(b, "%s", err);
	for (i = 0; i < N_HOSTILE; i++) {
		subject_make(&s, hostile[i], true);
		out = export_quote(&s.r, err, sizeof err);
		cr_assert_not_null(out, "%zu: %s", i, err);
		assert_no_controls(out, "quote");
		assert_same_shape(b, out, i);
		free(out);
	}
	free(b);
}

/* An export is never cut: a 200 KiB value comes back whole in each form. */
Test(inject, long_values_are_not_cut)
{
	static const enum export_format forms[] = { EXPORT_COMMAND,
		EXPORT_CONFIG, EXPORT_DOCKER, EXPORT_JSON, EXPORT_QUOTE };
	size_t n = 200 << 10, i;
	char *v = malloc(n + 1), err[512];
	struct subject s;

	cr_assert_not_null(v);
	for (i = 0; i < n; i++)
		v[i] = (char)('a' + i % 26);
	v[n - 1] = 'Z';
	v[n] = '\0';
	subject_make(&s, v, true);
	for (i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		char *out = export_render(forms[i], &s.r, err, sizeof err);

		cr_assert_not_null(out, "%s: %s", export_format_name(forms[i]),
		    err);
		cr_assert_gt(strlen(out), n, "%s",
		    export_format_name(forms[i]));
		/* the value twice (environment and flag), each to its last byte */
		cr_assert_not_null(strstr(out, v), "%s",
		    export_format_name(forms[i]));
		free(out);
	}
	free(v);
}
