/*
 * draw.c - clipped, width-aware text on curses.  Strings are decoded
 * with mbrtowc() under the locale set by the caller (setlocale()); in a
 * non-UTF-8 locale the ASCII glyph table keeps everything single-byte.
 */
#include "draw.h"

#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* Decodes the next character; returns bytes used (>= 1) and its width. */
static size_t
next_char(const char *s, wchar_t *wc, int *width)
{
	mbstate_t st;
	size_t n;

	memset(&st, 0, sizeof st);
	n = mbrtowc(wc, s, MB_CUR_MAX, &st);
	if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
		*wc = (unsigned char)*s >= 0x80 ? L'?'
						: (wchar_t)(unsigned char)*s;
		*width = 1;
		return 1;
	}
	*width = wcwidth(*wc);
	if (*width < 0)
		*width = 1;
	return n;
}

int
draw_width(const char *s)
{
	int w = 0, cw;
	wchar_t wc;

	while (*s != '\0') {
		s += next_char(s, &wc, &cw);
		w += cw;
	}
	return w;
}

static void
put_wc(wchar_t wc)
{
	wchar_t one[2] = { wc, L'\0' };

	addnwstr(one, 1);
}

int
draw_text(const struct theme *t, enum role r, int y, int x, int w,
    const char *s, const char *ellipsis)
{
	int used = 0, cw, total;
	wchar_t wc;
	const char *p = s;

	if (w <= 0 || s == NULL)
		return 0;
	total = draw_width(s);
	attrset(theme_attr(t, r));
	move(y, x);
	if (total <= w || ellipsis == NULL) {
		while (*p != '\0') {
			size_t n = next_char(p, &wc, &cw);

			if (used + cw > w)
				break;
			put_wc(wc);
			used += cw;
			p += n;
		}
		return used;
	}
	while (*p != '\0') {
		size_t n = next_char(p, &wc, &cw);

		if (used + cw > w - 1)
			break;
		put_wc(wc);
		used += cw;
		p += n;
	}
	addstr(ellipsis);
	return used + 1;
}

int
draw_text_right(const struct theme *t, enum role r, int y, int x, int w,
    const char *s)
{
	int sw = draw_width(s);

	if (sw > w)
		return draw_text(t, r, y, x, w, s, NULL);
	return draw_text(t, r, y, x + w - sw, sw, s, NULL);
}

void
draw_repeat(const struct theme *t, enum role r, int y, int x, int n,
    const char *g)
{
	int i;

	if (n <= 0)
		return;
	attrset(theme_attr(t, r));
	move(y, x);
	for (i = 0; i < n; i++)
		addstr(g);
}

void
draw_pad(const struct theme *t, enum role r, int y, int x, int w)
{
	draw_repeat(t, r, y, x, w, " ");
}

void
draw_clear(const struct theme *t, enum role r, const struct rect *rc)
{
	int i;

	for (i = 0; i < rc->h; i++)
		draw_pad(t, r, rc->y + i, rc->x, rc->w);
}

/* Length in bytes of the longest prefix of s that fits w columns, ending at a space if possible. */
static size_t
wrap_cut(const char *s, int w, size_t *skip)
{
	size_t i = 0, last_space = 0;
	int used = 0, cw;
	wchar_t wc;

	*skip = 0;
	while (s[i] != '\0') {
		size_t n = next_char(s + i, &wc, &cw);

		if (s[i] == '\n') {
			*skip = 1;
			return i;
		}
		if (used + cw > w)
			break;
		if (s[i] == ' ')
			last_space = i;
		used += cw;
		i += n;
	}
	if (s[i] == '\0')
		return i;
	if (last_space > 0) {
		*skip = 1;
		return last_space;
	}
	return i > 0 ? i : 1;
}

int
draw_wrap_rows(const char *s, int w)
{
	int rows = 0;
	size_t cut, skip;

	if (w <= 0)
		return 0;
	while (*s != '\0') {
		cut = wrap_cut(s, w, &skip);
		s += cut + skip;
		rows++;
	}
	return rows;
}

int
draw_wrap_lines(const char *s, int w, const char **starts, int *lens, int max)
{
	int n = 0;
	size_t cut, skip;

	if (w <= 0)
		return 0;
	while (*s != '\0' && n < max) {
		cut = wrap_cut(s, w, &skip);
		starts[n] = s;
		lens[n] = (int)cut;
		n++;
		s += cut + skip;
	}
	return n;
}

int
draw_wrapped(const struct theme *t, enum role r, int y, int x, int w,
    int max_rows, const char *s, const char *ellipsis)
{
	char line[1024];
	int rows = 0;
	size_t cut, skip;

	if (w <= 0)
		return 0;
	while (*s != '\0' && rows < max_rows) {
		cut = wrap_cut(s, w, &skip);
		if (cut >= sizeof line)
			cut = sizeof line - 1;
		memcpy(line, s, cut);
		line[cut] = '\0';
		s += cut + skip;
		if (rows == max_rows - 1 && *s != '\0' && ellipsis != NULL) {
			/* the last row shows that the text goes on */
			int lw = draw_width(line);

			if (lw >= w) {
				draw_text(t, r, y + rows, x, w, line, ellipsis);
			} else {
				draw_text(t, r, y + rows, x, w, line, NULL);
				draw_text(t, r, y + rows, x + lw, 1, ellipsis,
				    NULL);
			}
		} else {
			draw_text(t, r, y + rows, x, w, line, NULL);
		}
		rows++;
	}
	return rows;
}
