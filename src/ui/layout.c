/*
 * layout.c - pane rectangles for a terminal size (see layout.h).  The
 * fixed parts (memory bar, concurrency, verdict, command line, status)
 * take what they need; the lists at the top take the rest.
 */
#include "layout.h"

#include <string.h>

static struct rect
mk(int y, int x, int h, int w)
{
	struct rect r = { y, x, h, w };

	return r;
}

static int
min_int(int a, int b)
{
	return a < b ? a : b;
}

static int
max_int(int a, int b)
{
	return a > b ? a : b;
}

bool
rect_contains(const struct rect *r, int y, int x)
{
	return y >= r->y && y < r->y + r->h && x >= r->x && x < r->x + r->w;
}

void
layout_compute(int rows, int cols, struct layout *l)
{
	int title_h, cmd_h, bar_h, conc_h, verdict_h, top_h, extra, y;
	int gpu_w, flags_w, model_w, model_h, i;

	memset(l, 0, sizeof *l);
	l->rows = rows;
	l->cols = cols;
	for (i = 0; i < 3; i++)
		l->sep_x[i] = -1;
	if (rows < LAYOUT_MIN_ROWS || cols < LAYOUT_MIN_COLS) {
		l->too_small = true;
		return;
	}
	extra = rows - LAYOUT_MIN_ROWS;
	title_h = rows >= 30 ? 1 : 0;
	cmd_h = rows >= 40 ? 3 : 2;
	l->legend_rows = cols >= 240 ? 1 : cols >= 120 ? 2 : 3;
	bar_h = 2 + l->legend_rows;
	l->side_by_side = cols >= 140;
	verdict_h = 4 + min_int(4, extra / 4);
	conc_h = l->side_by_side ? verdict_h : 4 + (extra >= 12 ? 1 : 0);
	if (l->side_by_side)
		conc_h = verdict_h = max_int(conc_h, verdict_h);
	top_h = rows - title_h - bar_h - cmd_h - 1 -
	    (l->side_by_side ? verdict_h : conc_h + verdict_h);

	y = 0;
	if (title_h)
		l->pane[PANE_TITLE] = mk(0, 0, 1, cols);
	y += title_h;

	gpu_w = max_int(22, cols * 28 / 100);
	flags_w = max_int(32, cols * 38 / 100);
	model_w = cols - gpu_w - flags_w - 2;
	model_h = top_h / 2;
	l->pane[PANE_GPU] = mk(y, 0, top_h, gpu_w);
	l->pane[PANE_MODEL] = mk(y, gpu_w + 1, model_h, model_w);
	l->pane[PANE_CKPT] =
	    mk(y + model_h, gpu_w + 1, top_h - model_h, model_w);
	l->pane[PANE_FLAGS] = mk(y, gpu_w + model_w + 2, top_h, flags_w);
	l->sep_x[0] = gpu_w;
	l->sep_x[1] = gpu_w + model_w + 1;
	l->sep_y[0] = l->sep_y[1] = y;
	l->sep_h[0] = l->sep_h[1] = top_h;
	y += top_h;

	l->pane[PANE_BAR] = mk(y, 0, bar_h, cols);
	y += bar_h;
	if (l->side_by_side) {
		int conc_w = cols * 45 / 100;

		l->pane[PANE_CONC] = mk(y, 0, conc_h, conc_w);
		l->pane[PANE_VERDICT] =
		    mk(y, conc_w + 1, verdict_h, cols - conc_w - 1);
		l->sep_x[2] = conc_w;
		l->sep_y[2] = y;
		l->sep_h[2] = conc_h;
		y += conc_h;
	} else {
		l->pane[PANE_CONC] = mk(y, 0, conc_h, cols);
		y += conc_h;
		l->pane[PANE_VERDICT] = mk(y, 0, verdict_h, cols);
		y += verdict_h;
	}
	l->pane[PANE_CMD] = mk(y, 0, cmd_h, cols);
	y += cmd_h;
	l->pane[PANE_STATUS] = mk(y, 0, 1, cols);
}
