/*
 * multimodal_flags.c - vLLM's multimodal flags (see multimodal_flags.h).
 * Values are checked here so that the core only ever sees numbers in
 * range.
 */
#include "multimodal_flags.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "io/shellwords.h"

static int
count_of(const cJSON *v, int *count, int *w, int *h)
{
	const cJSON *c;

	if (cJSON_IsNumber(v)) {
		*count = v->valueint;
		return v->valuedouble >= 0 &&
			v->valuedouble == (double)v->valueint
		    ? 0
		    : -1;
	}
	if (!cJSON_IsObject(v))
		return -1;
	c = cJSON_GetObjectItemCaseSensitive(v, "count");
	*count = cJSON_IsNumber(c) ? c->valueint : 1;
	if (*count < 0)
		return -1;
	c = cJSON_GetObjectItemCaseSensitive(v, "width");
	if (cJSON_IsNumber(c) && w)
		*w = c->valueint;
	c = cJSON_GetObjectItemCaseSensitive(v, "height");
	if (cJSON_IsNumber(c) && h)
		*h = c->valueint;
	return 0;
}

int
multimodal_flags_read_limits(struct plan_input *in, const char *json, char *err,
    size_t errlen)
{
	cJSON *root = cJSON_Parse(json), *it;
	int rc = 0;

	if (!cJSON_IsObject(root)) {
		snprintf(err, errlen,
		    "--limit-mm-per-prompt: '%s' is not a JSON object "
		    "such as '{\"image\":2,\"video\":0}'",
		    json);
		cJSON_Delete(root);
		return -1;
	}
	in->limit_mm_images = in->limit_mm_videos = in->limit_mm_audios = -1;
	in->limit_mm_chunks = -1;
	in->mm_image_width = in->mm_image_height = 0;
	cJSON_ArrayForEach(it, root) {
		int count = 0, w = 0, h = 0;

		if (count_of(it, &count, &w, &h) != 0 || count > 10000) {
			snprintf(err, errlen,
			    "--limit-mm-per-prompt: \"%s\" must be a "
			    "count from 0 or {\"count\": N, ...}",
			    it->string);
			rc = -1;
			break;
		}
		if (strcmp(it->string, "image") == 0) {
			in->limit_mm_images = count;
			in->mm_image_width = w;
			in->mm_image_height = h;
		} else if (strcmp(it->string, "video") == 0) {
			in->limit_mm_videos = count;
		} else if (strcmp(it->string, "audio") == 0) {
			in->limit_mm_audios = count;
		} else if (strcmp(it->string, "vision_chunk") == 0) {
			/* Kimi-K2.5's one modality (kimi_k25.py) */
			in->limit_mm_chunks = count;
		} else {
			snprintf(err, errlen,
			    "--limit-mm-per-prompt: unknown modality "
			    "\"%s\" (image, video, audio, vision_chunk)",
			    it->string);
			rc = -1;
			break;
		}
	}
	cJSON_Delete(root);
	return rc;
}

int
multimodal_flags_read_kwargs(struct plan_input *in, const char *json, char *err,
    size_t errlen)
{
	cJSON *root = cJSON_Parse(json);
	const cJSON *mp;

	if (!cJSON_IsObject(root)) {
		snprintf(err, errlen,
		    "--mm-processor-kwargs: '%s' is not a JSON "
		    "object such as '{\"max_pixels\": 1003520}'",
		    json);
		cJSON_Delete(root);
		return -1;
	}
	mp = cJSON_GetObjectItemCaseSensitive(root, "max_pixels");
	if (mp != NULL &&
	    (!cJSON_IsNumber(mp) || mp->valuedouble < 784 ||
		mp->valuedouble > 1e9)) {
		snprintf(err, errlen,
		    "--mm-processor-kwargs: max_pixels must be a "
		    "number of pixels from 784 (one 28 x 28 token)");
		cJSON_Delete(root);
		return -1;
	}
	in->mm_max_pixels = mp ? (int64_t)mp->valuedouble : 0;
	cJSON_Delete(root);
	return 0;
}

void
multimodal_flags_format(const struct plan_input *in, char *buf, size_t len)
{
	char j[160], *p = j;
	size_t o;
	int n = 0;

	if (in->limit_mm_images >= 0 || in->limit_mm_videos >= 0 ||
	    in->limit_mm_audios >= 0 || in->limit_mm_chunks >= 0) {
		p += snprintf(p, sizeof j - (size_t)(p - j), "{");
		if (in->limit_mm_images >= 0 && in->mm_image_width > 0 &&
		    in->mm_image_height > 0)
			p += snprintf(p, sizeof j - (size_t)(p - j),
			    "\"image\":{\"count\":%d,"
			    "\"width\":%d,\"height\":%d}",
			    in->limit_mm_images, in->mm_image_width,
			    in->mm_image_height),
			    n++;
		else if (in->limit_mm_images >= 0)
			p += snprintf(p, sizeof j - (size_t)(p - j),
			    "\"image\":%d", in->limit_mm_images),
			    n++;
		if (in->limit_mm_videos >= 0)
			p += snprintf(p, sizeof j - (size_t)(p - j),
			    "%s\"video\":%d", n++ ? "," : "",
			    in->limit_mm_videos);
		if (in->limit_mm_audios >= 0)
			p += snprintf(p, sizeof j - (size_t)(p - j),
			    "%s\"audio\":%d", n++ ? "," : "",
			    in->limit_mm_audios);
		if (in->limit_mm_chunks >= 0)
			p += snprintf(p, sizeof j - (size_t)(p - j),
			    "%s\"vision_chunk\":%d", n++ ? "," : "",
			    in->limit_mm_chunks);
		snprintf(p, sizeof j - (size_t)(p - j), "}");
		o = strlen(buf);
		snprintf(buf + o, len > o ? len - o : 0,
		    " --limit-mm-per-prompt ");
		shellwords_quote(j, buf, len);
	}
	if (in->mm_max_pixels > 0) {
		snprintf(j, sizeof j, "{\"max_pixels\":%lld}",
		    (long long)in->mm_max_pixels);
		o = strlen(buf);
		snprintf(buf + o, len > o ? len - o : 0,
		    " --mm-processor-kwargs ");
		shellwords_quote(j, buf, len);
	}
}
