/*
 * vllmargs.c - vLLM arguments from a pasted command, a --config file and
 * a logged "non-default args" dictionary (see vllmargs.h).
 *
 * Invariant: every group added covers whole words of args->words, and
 * groups appear in the order vLLM would apply them.
 */
#include "vllmargs.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/units.h"
#include "core/vllm_version.h"
#include "io/strbuf.h"
#include "io/textfile.h"
#include "io/yamltree.h"

#define PY_MAX_DEPTH 32

void
vllmargs_done(struct vllm_args *a)
{
	shellwords_done(&a->words);
	shellwords_done(&a->env);
	free(a->group);
	memset(a, 0, sizeof *a);
}

static void
group_begin(struct vllm_args *a, int line, int col)
{
	if (a->n_group == a->cap_group) {
		a->cap_group = a->cap_group ? a->cap_group * 2 : 16;
		a->group = realloc(a->group, a->cap_group * sizeof *a->group);
		if (a->group == NULL)
			abort();
	}
	a->group[a->n_group].first = a->words.n;
	a->group[a->n_group].n = 0;
	a->group[a->n_group].line = line;
	a->group[a->n_group].col = col;
	a->n_group++;
}

static void
group_word(struct vllm_args *a, const char *w)
{
	shellwords_add(&a->words, w, (size_t)-1);
	if (a->n_group > 0)
		a->group[a->n_group - 1].n++;
}

/* Python's str() of a number: an int when it is one, else repr(float). */
static void
number_text(double v, char *buf, size_t len)
{
	if (isfinite(v) && v == floor(v) && fabs(v) < 9007199254740992.0)
		snprintf(buf, len, "%lld", (long long)v);
	else if (isnan(v))
		snprintf(buf, len, "nan");
	else if (isinf(v))
		snprintf(buf, len, v > 0 ? "inf" : "-inf");
	else
		units_format_pyfloat(v, buf, len);
}

/* A deep copy of a yamltree node without its "@pos" members. */
static cJSON *
strip_pos(const cJSON *v)
{
	cJSON *out, *c;

	if (cJSON_IsObject(v)) {
		out = cJSON_CreateObject();
		cJSON_ArrayForEach(c, v)
			if (c->string == NULL || c->string[0] != '@')
				cJSON_AddItemToObject(out, c->string,
				    strip_pos(c));
		return out;
	}
	if (cJSON_IsArray(v)) {
		out = cJSON_CreateArray();
		cJSON_ArrayForEach(c, v)
			cJSON_AddItemToArray(out, strip_pos(c));
		return out;
	}
	return cJSON_Duplicate(v, 0);
}

/* str(value) as vLLM's config loader would pass it; containers as JSON. */
static char *
value_text(const cJSON *v)
{
	char num[64];

	if (cJSON_IsString(v))
		return strdup(v->valuestring);
	if (cJSON_IsNumber(v)) {
		number_text(v->valuedouble, num, sizeof num);
		return strdup(num);
	}
	if (cJSON_IsTrue(v))
		return strdup("True");
	if (cJSON_IsFalse(v))
		return strdup("False");
	if (cJSON_IsObject(v) || cJSON_IsArray(v)) {
		cJSON *clean = strip_pos(v);
		char *s = cJSON_PrintUnformatted(clean), *d;

		cJSON_Delete(clean);
		d = strdup(s ? s : "{}");
		cJSON_free(s);
		return d;
	}
	return strdup("None");
}

/*
 * One mapping entry as words.  false_negates: False means --no-key (a
 * logged dictionary) rather than nothing (a config file).
 */
static void
add_entry(struct vllm_args *a, const char *key, const cJSON *v, int line,
    int col, bool false_negates)
{
	char flag[300];
	const cJSON *it;
	char *t;

	snprintf(flag, sizeof flag, "--%s", key);
	if (cJSON_IsBool(v)) {
		if (cJSON_IsTrue(v)) {
			group_begin(a, line, col);
			group_word(a, flag);
		} else if (false_negates) {
			snprintf(flag, sizeof flag, "--no-%s", key);
			group_begin(a, line, col);
			group_word(a, flag);
		}
		return;
	}
	if (cJSON_IsArray(v)) {
		if (cJSON_GetArraySize(v) == 0)
			return;
		group_begin(a, line, col);
		group_word(a, flag);
		cJSON_ArrayForEach(it, v) {
			t = value_text(it);
			group_word(a, t);
			free(t);
		}
		return;
	}
	group_begin(a, line, col);
	group_word(a, flag);
	t = value_text(v);
	group_word(a, t);
	free(t);
}

int
vllmargs_from_mapping(const cJSON *map, const char *path, struct vllm_args *a,
    char *err, size_t errlen)
{
	const cJSON *c;
	int line, col;

	if (!cJSON_IsObject(map)) {
		yamltree_pos(map, NULL, &line, &col);
		snprintf(err, errlen,
		    "%s:%d:%d: expected a mapping of vLLM option "
		    "names to values (e.g. max-model-len: 8192)",
		    path, line, col);
		return -1;
	}
	cJSON_ArrayForEach(c, map) {
		const char *k = c->string;
		size_t i;

		if (k[0] == '@')
			continue;
		yamltree_pos(map, k, &line, &col);
		if (k[0] == '-' || k[0] == '\0') {
			snprintf(err, errlen,
			    "%s:%d:%d: '%s': keys are long option "
			    "names without dashes (tensor-parallel-size: 2, "
			    "not "
			    "--tensor-parallel-size or -tp)",
			    path, line, col, k);
			return -1;
		}
		for (i = 0; k[i] != '\0'; i++)
			if (!(isalnum((unsigned char)k[i]) || k[i] == '-' ||
				k[i] == '_' || k[i] == '.')) {
				char ex[64];

				shellwords_excerpt(k, 40, ex, sizeof ex);
				snprintf(err, errlen,
				    "%s:%d:%d: '%s' is not an option "
				    "name (letters, digits, '-' and '_')",
				    path, line, col, ex);
				return -1;
			}
		if (strcmp(k, "config") == 0) {
			snprintf(err, errlen,
			    "%s:%d:%d: a config file cannot name "
			    "another one (config:)",
			    path, line, col);
			return -1;
		}
		/* False is --no-KEY, as load_config_file() writes it since
		 * vLLM #51573 (doc/vllm-versions.md) */
		add_entry(a, k, c, line, col, true);
	}
	return 0;
}

int
vllmargs_from_config(const char *path, struct vllm_args *a, char *err,
    size_t errlen)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	const char *ext = dot ? dot + 1 : path;
	cJSON *root;
	int rc;

	memset(a, 0, sizeof *a);
	/* vLLM: file_path.split(".")[-1] must be yaml or yml */
	if (dot != NULL && slash != NULL && dot < slash)
		ext = slash + 1;
	if (!textfile_is_stdio(path) && strcmp(ext, "yaml") != 0 &&
	    strcmp(ext, "yml") != 0) {
		char ex[80];

		shellwords_excerpt(ext, 40, ex, sizeof ex);
		snprintf(err, errlen,
		    "--config %s: Config file must be of a yaml/yml "
		    "type. %s supplied",
		    path, ex);
		return -1;
	}
	root = yamltree_load(path, err, errlen);
	if (root == NULL)
		return -1;
	if (!cJSON_IsObject(root) || cJSON_GetArraySize(root) <= 1) {
		cJSON_Delete(root);
		snprintf(err, errlen,
		    "%s:1:1: expected a mapping of vLLM option "
		    "names to values (e.g. max-model-len: 8192)",
		    textfile_name(path));
		return -1;
	}
	rc = vllmargs_from_mapping(root, path, a, err, errlen);
	cJSON_Delete(root);
	return rc;
}

/* ---- a pasted command ---- */

static const char *
base_name(const char *w)
{
	const char *s = strrchr(w, '/');

	return s ? s + 1 : w;
}

static bool
is_assignment(const char *w)
{
	size_t i;

	if (!(isalpha((unsigned char)w[0]) || w[0] == '_'))
		return false;
	for (i = 1; isalnum((unsigned char)w[i]) || w[i] == '_'; i++)
		;
	return w[i] == '=';
}

static bool
value_is_mig(const char *v)
{
	const char *d;

	if (strstr(v, "MIG-") != NULL)
		return true;
	/* docker --gpus '"device=0:1"': GPU 0, MIG device 1 */
	d = strstr(v, "device=");
	if (d == NULL)
		return false;
	for (d += 7; *d != '\0' && *d != '"'; d++)
		if (*d == ':')
			return true;
	return false;
}

/*
 * A VAR=value word that is kept: a variable may stand only as the whole
 * value ("HF_TOKEN=$HF_TOKEN", as vLLM's docker instructions write it),
 * and is kept as written; anything else with a variable is refused with
 * the splitter's message.  A literal value that reads like a variable is
 * refused too, since every writer writes "$NAME" back as one.
 */
static int
check_env(const char *w, char **refusal, char *err, size_t errlen)
{
	const char *eq = strchr(w, '=');
	char ex[120];

	if (eq != NULL && shellwords_is_variable(eq + 1)) {
		if (*refusal != NULL) {
			free(*refusal); /* accepted where it stands */
			*refusal = NULL;
			return 0;
		}
		shellwords_excerpt(w, 60, ex, sizeof ex);
		snprintf(err, errlen,
		    "'%s': a literal value that reads like a shell "
		    "variable; write \"%.*s$VAR\" to pass the variable, or the "
		    "value "
		    "itself",
		    ex, (int)(eq - w + 1), w);
		return -1;
	}
	if (*refusal != NULL) {
		snprintf(err, errlen, "%s", *refusal);
		return -1;
	}
	return 0;
}

static void
keep_env(struct vllm_args *a, const char *w)
{
	/* headroom's own placeholder for a slice: a pin, not a setting */
	if (strcmp(w, "CUDA_VISIBLE_DEVICES=MIG-<uuid>") == 0) {
		a->mig = true;
		return;
	}
	shellwords_add(&a->env, w, (size_t)-1);
	if ((strncmp(w, "CUDA_VISIBLE_DEVICES=", 21) == 0 ||
		strncmp(w, "NVIDIA_VISIBLE_DEVICES=", 23) == 0) &&
	    value_is_mig(w))
		a->mig = true;
}

/* The image word of a docker command: the last path part is vllm-openai[:TAG]. */
static bool
is_vllm_image(const char *w)
{
	const char *b = base_name(w);

	if (strncmp(b, "vllm-openai", 11) != 0)
		return false;
	return b[11] == '\0' || b[11] == ':' || b[11] == '@';
}

static size_t
skip_docker(struct vllm_args *a, char **w, char **vars, size_t n, size_t i,
    char *err, size_t errlen)
{
	for (; i < n; i++) {
		const char *o = w[i];

		if (is_vllm_image(o)) {
			const char *tag = strchr(base_name(o), ':');

			if (tag != NULL &&
			    vllm_version_parse(tag + 1, &a->version) != 0) {
				a->version = 0;
				snprintf(a->note, sizeof a->note,
				    "the image tag '%s' is "
				    "not a release number: give --vllm-version",
				    tag + 1);
			}
			return i + 1;
		}
		if (strcmp(o, "--gpus") == 0 && i + 1 < n) {
			a->mig |= value_is_mig(w[++i]);
		} else if (strncmp(o, "--gpus=", 7) == 0) {
			a->mig |= value_is_mig(o + 7);
		} else if ((strcmp(o, "-e") == 0 || strcmp(o, "--env") == 0) &&
		    i + 1 < n) {
			if (is_assignment(w[i + 1])) {
				if (check_env(w[i + 1], &vars[i + 1], err,
					errlen) != 0)
					return 0;
				keep_env(a, w[i + 1]);
			}
			i++;
		} else if (strncmp(o, "--env=", 6) == 0 &&
		    is_assignment(o + 6)) {
			if (check_env(o + 6, &vars[i], err, errlen) != 0)
				return 0;
			keep_env(a, o + 6);
		} else if (vars[i] != NULL && o[0] == '-' &&
		    strchr(o, '=') != NULL && strncmp(o, "--gpus=", 7) != 0) {
			free(vars[i]); /* --volume=$HOME/...: not read either */
			vars[i] = NULL;
		} else if (i + 1 < n && vars[i + 1] != NULL && o[0] == '-') {
			/* other docker options (volumes, ports, names) do not change
			 * the plan: a variable in their value is not read */
			free(vars[i + 1]);
			vars[i + 1] = NULL;
		}
	}
	snprintf(err, errlen,
	    "a docker command without a vllm/vllm-openai image");
	return 0;
}

static size_t
skip_python(char **w, size_t n, size_t i, char *err, size_t errlen)
{
	static const char *const modules[] = {
		"vllm.entrypoints.openai.api_server",
		"vllm.entrypoints.api_server",
	};
	const char *mod = NULL;
	size_t k;

	for (; i < n; i++) {
		if (strcmp(w[i], "-m") == 0 && i + 1 < n) {
			mod = w[++i];
			break;
		}
		if (strncmp(w[i], "-m", 2) == 0 && w[i][2] != '\0') {
			mod = w[i] + 2;
			break;
		}
		if (w[i][0] != '-')
			break;
		if ((strcmp(w[i], "-X") == 0 || strcmp(w[i], "-W") == 0) &&
		    i + 1 < n)
			i++;
	}
	if (mod != NULL) {
		for (k = 0; k < sizeof modules / sizeof modules[0]; k++)
			if (strcmp(mod, modules[k]) == 0)
				return i + 1;
		if (strcmp(mod, "vllm.entrypoints.cli.main") == 0 &&
		    i + 1 < n && strcmp(w[i + 1], "serve") == 0)
			return i + 2;
	}
	{
		char ex[120];

		shellwords_excerpt(mod ? mod
			: i < n        ? w[i]
				       : "",
		    60, ex, sizeof ex);
		snprintf(err, errlen,
		    "python runs '%s', not vLLM's server (python3 -m "
		    "vllm.entrypoints.openai.api_server --model MODEL ...)",
		    ex);
	}
	return 0;
}

/*
 * Steps over a copied prompt, then VAR=value words (kept as the command's
 * environment), env(1), sudo, exec and friends; *i is the launcher's word.
 */
static int
vllmargs_skip_prefix(struct vllm_args *a, struct shellwords *sw, size_t *i,
    char *err, size_t errlen)
{
	char **w = sw->w;
	size_t n = sw->n;

	if (*i < n && (strcmp(w[*i], "$") == 0 || strcmp(w[*i], "%") == 0))
		(*i)++;
	for (;;) {
		while (*i < n && is_assignment(w[*i])) {
			if (check_env(w[*i], &sw->vars[*i], err, errlen) != 0)
				return -1;
			keep_env(a, w[(*i)++]);
		}
		if (*i < n &&
		    (strcmp(base_name(w[*i]), "env") == 0 ||
			strcmp(w[*i], "exec") == 0 ||
			strcmp(w[*i], "nohup") == 0 ||
			strcmp(w[*i], "sudo") == 0 ||
			strcmp(w[*i], "time") == 0)) {
			(*i)++;
			while (*i < n && w[*i][0] == '-')
				(*i)++;
			continue;
		}
		return 0;
	}
}

/* 'vllm serve': the first vLLM argument, 0 (and err) for another verb. */
static size_t
vllmargs_start_vllm(struct vllm_args *a, char **w, size_t n, size_t i,
    char *err, size_t errlen)
{
	if (i + 1 >= n || strcmp(w[i + 1], "serve") != 0) {
		char ex[80];

		shellwords_excerpt(i + 1 < n ? w[i + 1] : "", 40, ex,
		    sizeof ex);
		snprintf(err, errlen,
		    "headroom plans 'vllm serve'; this is 'vllm %s'", ex);
		return 0;
	}
	snprintf(a->launcher, sizeof a->launcher, "vllm serve");
	return i + 2;
}

/* python -m one of vLLM's servers: the first vLLM argument, or 0. */
static size_t
vllmargs_start_python(struct vllm_args *a, char **w, size_t n, size_t i,
    char *err, size_t errlen)
{
	size_t start = skip_python(w, n, i + 1, err, errlen);

	if (start == 0)
		return 0;
	snprintf(a->launcher, sizeof a->launcher, "python -m %s",
	    strstr(w[start - 1], "openai")
		? "vllm.entrypoints.openai.api_server"
		: w[start - 1]);
	return start;
}

/* docker (or podman) [container] run ... IMAGE [vllm serve]: the first
 * vLLM argument, or 0. */
static size_t
vllmargs_start_docker(struct vllm_args *a, struct shellwords *sw, size_t i,
    char *err, size_t errlen)
{
	char **w = sw->w;
	size_t n = sw->n, j = i + 1, start;

	if (j < n && strcmp(w[j], "container") == 0)
		j++;
	if (j >= n || strcmp(w[j], "run") != 0) {
		snprintf(err, errlen,
		    "a docker command that is not 'docker run'");
		return 0;
	}
	start = skip_docker(a, w, sw->vars, n, j + 1, err, errlen);
	if (start == 0)
		return 0;
	/* an image started with its entrypoint spelled out */
	if (start + 1 < n && strcmp(base_name(w[start]), "vllm") == 0 &&
	    strcmp(w[start + 1], "serve") == 0)
		start += 2;
	snprintf(a->launcher, sizeof a->launcher, "docker run");
	return start;
}

/* The launcher at word i: where vLLM's arguments start, or 0 (and err). */
static size_t
vllmargs_find_start(struct vllm_args *a, struct shellwords *sw, size_t i,
    char *err, size_t errlen)
{
	const char *cmd = base_name(sw->w[i]);
	char ex[80];

	if (strcmp(cmd, "vllm") == 0)
		return vllmargs_start_vllm(a, sw->w, sw->n, i, err, errlen);
	if (strncmp(cmd, "python", 6) == 0)
		return vllmargs_start_python(a, sw->w, sw->n, i, err, errlen);
	if (strcmp(cmd, "docker") == 0 || strcmp(cmd, "podman") == 0)
		return vllmargs_start_docker(a, sw, i, err, errlen);
	shellwords_excerpt(sw->w[i], 40, ex, sizeof ex);
	snprintf(err, errlen,
	    "not a vLLM command: it starts with '%s' "
	    "(expected 'vllm serve MODEL ...', 'python3 -m "
	    "vllm.entrypoints.openai.api_server --model MODEL ...' or "
	    "'docker run ... vllm/vllm-openai:TAG MODEL ...')",
	    ex);
	return 0;
}

/* The refusal of the first variable still unread in sw into err; 1 if any. */
static int
vllmargs_say_variable(const struct shellwords *sw, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < sw->n; i++)
		if (sw->vars[i] != NULL) {
			snprintf(err, errlen, "%s", sw->vars[i]);
			return 1;
		}
	return 0;
}

int
vllmargs_from_command(const char *text, struct vllm_args *a, char *err,
    size_t errlen)
{
	struct shellwords sw;
	size_t i = 0, start;

	memset(a, 0, sizeof *a);
	if (shellwords_split_vars(text, &sw, err, errlen) != 0)
		return -1;
	if (vllmargs_skip_prefix(a, &sw, &i, err, errlen) != 0)
		goto fail;
	if (i >= sw.n) {
		snprintf(err, errlen,
		    "no command: paste a line such as 'vllm serve "
		    "MODEL --max-model-len 8192'");
		vllmargs_done(a);
		shellwords_done(&sw);
		return -1;
	}
	start = vllmargs_find_start(a, &sw, i, err, errlen);
	/* a variable anywhere else (the launcher, the vLLM arguments) */
	if (start == 0 || vllmargs_say_variable(&sw, err, errlen))
		goto fail;
	for (i = start; i < sw.n; i++)
		shellwords_add(&a->words, sw.w[i], (size_t)-1);
	shellwords_done(&sw);
	return 0;
fail:
	/* a variable the text holds is the first thing to say */
	vllmargs_say_variable(&sw, err, errlen);
	vllmargs_done(a);
	shellwords_done(&sw);
	return -1;
}

/* ---- Python literals (the logged non-default args) ---- */

struct py {
	const char *p;
	char *err;
	size_t errlen;
	int depth;
};

static void
py_ws(struct py *s)
{
	while (isspace((unsigned char)*s->p))
		s->p++;
}

static int
py_fail(struct py *s, const char *what)
{
	char ex[80];

	shellwords_excerpt(s->p, 30, ex, sizeof ex);
	snprintf(s->err, s->errlen, "%s at '%s'", what, ex);
	return -1;
}

static void
sb_utf8(struct strbuf *b, unsigned long cp)
{
	if (cp < 0x80) {
		strbuf_putc(b, (char)cp);
	} else if (cp < 0x800) {
		strbuf_putc(b, (char)(0xc0 | (cp >> 6)));
		strbuf_putc(b, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		strbuf_putc(b, (char)(0xe0 | (cp >> 12)));
		strbuf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
		strbuf_putc(b, (char)(0x80 | (cp & 0x3f)));
	} else {
		strbuf_putc(b, (char)(0xf0 | (cp >> 18)));
		strbuf_putc(b, (char)(0x80 | ((cp >> 12) & 0x3f)));
		strbuf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
		strbuf_putc(b, (char)(0x80 | (cp & 0x3f)));
	}
}

/* A string literal; s->p never moves past the text's NUL, and an unclosed
 * string is reported at its opening quote. */
static cJSON *
py_string(struct py *s)
{
	const char *start = s->p;
	char q = *s->p++;
	struct strbuf b = { 0 };
	cJSON *v;

	for (;;) {
		char c = *s->p;

		if (c == '\0' || c == '\n') {
			free(b.s);
			s->p = start;
			py_fail(s, "unterminated string");
			return NULL;
		}
		s->p++;
		if (c == q)
			break;
		if (c != '\\') {
			strbuf_putc(&b, c);
			continue;
		}
		c = *s->p;
		if (c != '\0')
			s->p++;
		switch (c) {
		case 'n': strbuf_putc(&b, '\n'); break;
		case 't': strbuf_putc(&b, '\t'); break;
		case 'r': strbuf_putc(&b, '\r'); break;
		case '0': strbuf_putc(&b, '\0'); break;
		case 'x':
		case 'u':
		case 'U': {
			int digits = c == 'x' ? 2 : c == 'u' ? 4 : 8, k;
			unsigned long cp = 0;

			for (k = 0;
			     k < digits && isxdigit((unsigned char)*s->p);
			     k++, s->p++)
				cp = cp * 16 +
				    (unsigned long)(isdigit(
							(unsigned char)*s->p)
					    ? *s->p - '0'
					    : (tolower((unsigned char)*s->p) -
						  'a' + 10));
			if (cp > 0x10ffff)
				cp = 0xfffd;
			sb_utf8(&b, cp);
			break;
		}
		case '\0':
			free(b.s);
			s->p = start;
			py_fail(s, "unterminated string");
			return NULL;
		default: strbuf_putc(&b, c); break;
		}
	}
	v = cJSON_CreateString(b.s ? b.s : "");
	free(b.s);
	return v;
}

/* Skips an object repr such as <Enum.X: 1> or Foo(a=1); returns it as raw text. */
static cJSON *
py_object(struct py *s)
{
	const char *start = s->p;
	char open = 0, close = 0;
	int depth = 0;
	char *t;
	cJSON *v;

	while (isalnum((unsigned char)*s->p) || *s->p == '_' || *s->p == '.')
		s->p++;
	if (*s->p == '<' || *s->p == '(') {
		open = *s->p;
		close = open == '<' ? '>' : ')';
	}
	if (open) {
		for (; *s->p != '\0'; s->p++) {
			if (*s->p == open)
				depth++;
			else if (*s->p == close && --depth == 0) {
				s->p++;
				break;
			}
		}
	}
	if (s->p == start) {
		py_fail(s, "unexpected text");
		return NULL;
	}
	t = strndup(start, (size_t)(s->p - start));
	if (t == NULL)
		abort();
	v = cJSON_CreateRaw(t);
	free(t);
	return v;
}

static cJSON *py_value(struct py *s);

static cJSON *
py_container(struct py *s)
{
	char open = *s->p, close = open == '{' ? '}' : open == '[' ? ']' : ')';
	cJSON *out = open == '{' ? cJSON_CreateObject() : cJSON_CreateArray();

	if (++s->depth > PY_MAX_DEPTH) {
		cJSON_Delete(out);
		py_fail(s, "nesting too deep");
		return NULL;
	}
	s->p++;
	for (;;) {
		cJSON *k = NULL, *v;

		py_ws(s);
		if (*s->p == close) {
			s->p++;
			break;
		}
		if (open == '{') {
			k = py_value(s);
			if (k == NULL)
				goto bad;
			py_ws(s);
			if (*s->p != ':') {
				cJSON_Delete(k);
				py_fail(s, "expected ':'");
				goto bad;
			}
			s->p++;
		}
		v = py_value(s);
		if (v == NULL) {
			cJSON_Delete(k);
			goto bad;
		}
		if (open == '{') {
			char num[64];
			const char *name =
			    cJSON_IsString(k) ? k->valuestring : num;

			if (cJSON_IsNumber(k))
				number_text(k->valuedouble, num, sizeof num);
			else if (!cJSON_IsString(k))
				snprintf(num, sizeof num, "?");
			cJSON_DeleteItemFromObjectCaseSensitive(out, name);
			cJSON_AddItemToObject(out, name, v);
			cJSON_Delete(k);
		} else {
			cJSON_AddItemToArray(out, v);
		}
		py_ws(s);
		if (*s->p == ',') {
			s->p++;
			continue;
		}
		if (*s->p == close) {
			s->p++;
			break;
		}
		py_fail(s,
		    *s->p ? "expected ',' or a closing bracket"
			  : "the dictionary is cut short");
		goto bad;
	}
	s->depth--;
	return out;
bad:
	cJSON_Delete(out);
	return NULL;
}

static cJSON *
py_value(struct py *s)
{
	char *end;
	double d;

	py_ws(s);
	switch (*s->p) {
	case '{':
	case '[':
	case '(': return py_container(s);
	case '\'':
	case '"': return py_string(s);
	case '\0': py_fail(s, "the dictionary is cut short"); return NULL;
	}
	if ((s->p[0] == 'b' || s->p[0] == 'r') &&
	    (s->p[1] == '\'' || s->p[1] == '"')) {
		s->p++;
		return py_string(s);
	}
	if (isdigit((unsigned char)*s->p) ||
	    ((*s->p == '-' || *s->p == '+') &&
		(isdigit((unsigned char)s->p[1]) || s->p[1] == '.')) ||
	    (*s->p == '.' && isdigit((unsigned char)s->p[1]))) {
		d = units_strtod(s->p, &end);
		if (end == s->p) {
			py_fail(s, "bad number");
			return NULL;
		}
		s->p = end;
		return cJSON_CreateNumber(d);
	}
	if (strncmp(s->p, "True", 4) == 0 && !isalnum((unsigned char)s->p[4])) {
		s->p += 4;
		return cJSON_CreateTrue();
	}
	if (strncmp(s->p, "False", 5) == 0 &&
	    !isalnum((unsigned char)s->p[5])) {
		s->p += 5;
		return cJSON_CreateFalse();
	}
	if (strncmp(s->p, "None", 4) == 0 && !isalnum((unsigned char)s->p[4])) {
		s->p += 4;
		return cJSON_CreateNull();
	}
	return py_object(s);
}

cJSON *
vllmargs_parse_pyliteral(const char *text, const char **end, char *err,
    size_t errlen)
{
	struct py s = { text, err, errlen, 0 };
	cJSON *v = py_value(&s);

	if (end)
		*end = s.p;
	return v;
}

int
vllmargs_from_pydict(const char *repr, struct vllm_args *a, char *err,
    size_t errlen)
{
	const cJSON *c, *tag, *model;
	cJSON *d;
	size_t skipped = 0, o = 0;

	memset(a, 0, sizeof *a);
	d = vllmargs_parse_pyliteral(repr, NULL, err, errlen);
	if (d == NULL)
		return -1;
	if (!cJSON_IsObject(d)) {
		cJSON_Delete(d);
		snprintf(err, errlen,
		    "the non-default args are not a dictionary");
		return -1;
	}
	tag = cJSON_GetObjectItemCaseSensitive(d, "model_tag");
	model = cJSON_GetObjectItemCaseSensitive(d, "model");
	if (cJSON_IsString(tag)) {
		group_begin(a, 0, 0);
		group_word(a, tag->valuestring);
	} else if (cJSON_IsString(model)) {
		group_begin(a, 0, 0);
		group_word(a, model->valuestring);
	}
	cJSON_ArrayForEach(c, d) {
		const char *k = c->string;

		if (strcmp(k, "model_tag") == 0 || strcmp(k, "model") == 0 ||
		    cJSON_IsNull(c))
			continue;
		if (cJSON_IsRaw(c) ||
		    strspn(k,
			"abcdefghijklmnopqrstuvwxyz"
			"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") !=
			strlen(k)) {
			if (o + 2 < sizeof a->note)
				o += (size_t)snprintf(a->note + o,
				    sizeof a->note - o, "%s%s",
				    skipped++ ? ", "
					      : "skipped (printed as Python "
						"objects): ",
				    k);
			continue;
		}
		add_entry(a, k, c, 0, 0, true);
	}
	cJSON_Delete(d);
	return 0;
}
