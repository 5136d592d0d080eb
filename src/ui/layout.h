/*
 * layout.h - where each pane goes for a terminal size.  Pure arithmetic
 * (no curses), so it is tested over every size.
 *
 *   +--------+-----------+-------------+   title row from 30 rows up
 *   | GPU    | Model     | Flags       |
 *   |        +-----------+             |   each pane's first row is its
 *   |        | Checkpoint|             |   header
 *   +--------+-----------+-------------+
 *   | Memory per GPU: bar and legend   |
 *   +----------------------------------+
 *   | Concurrency                      |   side by side from 140 columns
 *   +----------------------------------+
 *   | Verdict                          |
 *   +----------------------------------+
 *   | vllm serve ...                   |
 *   | status / prompt                  |
 *
 * Invariants: panes lie inside the screen, never overlap, and every pane
 * has at least one row and column unless the screen is too small, in which
 * case too_small is set and no pane is placed.
 */
#ifndef HEADROOM_UI_LAYOUT_H
#define HEADROOM_UI_LAYOUT_H

#include <stdbool.h>

#define LAYOUT_MIN_ROWS 24
#define LAYOUT_MIN_COLS 80

enum pane_id {
	PANE_TITLE,
	PANE_GPU,
	PANE_MODEL,
	PANE_CKPT,
	PANE_FLAGS,
	PANE_BAR,
	PANE_CONC,
	PANE_VERDICT,
	PANE_CMD,
	PANE_STATUS,
	PANE_COUNT
};

struct rect {
	int y, x, h, w;
};

struct layout {
	int rows, cols;
	bool too_small;
	bool side_by_side; /* concurrency and verdict share rows */
	int legend_rows;
	struct rect
	    pane[PANE_COUNT]; /* h == 0: not shown (the title when short) */
	int sep_x[3]; /* columns of the vertical separators, -1 = none */
	int sep_y[3], sep_h[3];
};

void layout_compute(int rows, int cols, struct layout *);
bool rect_contains(const struct rect *, int y, int x);

#endif
