/*
 * test_ui_layout.c - pane rectangles over every terminal size: inside the
 * screen, no overlaps, none empty, and "too small" below 80x24.
 */
#include <criterion/criterion.h>

#include "ui/layout.h"

static bool
overlap(const struct rect *a, const struct rect *b)
{
	return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h &&
	    b->y < a->y + a->h;
}

Test(layout, every_size_from_80x24_to_300x100)
{
	int rows, cols, p, q;

	for (rows = LAYOUT_MIN_ROWS; rows <= 100; rows++)
		for (cols = LAYOUT_MIN_COLS; cols <= 300; cols++) {
			struct layout l;
			int area = 0;

			layout_compute(rows, cols, &l);
			cr_assert(!l.too_small, "%dx%d", cols, rows);
			for (p = 0; p < PANE_COUNT; p++) {
				const struct rect *r = &l.pane[p];

				if (p == PANE_TITLE && r->h == 0)
					continue;
				cr_assert_gt(r->h, 0, "pane %d at %dx%d", p,
				    cols, rows);
				cr_assert_gt(r->w, 0, "pane %d at %dx%d", p,
				    cols, rows);
				cr_assert_geq(r->x, 0);
				cr_assert_geq(r->y, 0);
				cr_assert_leq(r->x + r->w, cols,
				    "pane %d at %dx%d", p, cols, rows);
				cr_assert_leq(r->y + r->h, rows,
				    "pane %d at %dx%d", p, cols, rows);
				area += r->w * r->h;
				for (q = p + 1; q < PANE_COUNT; q++)
					cr_assert(!overlap(r, &l.pane[q]),
					    "panes %d and %d overlap at %dx%d",
					    p, q, cols, rows);
			}
			/* panes and separators cover the whole screen */
			for (p = 0; p < 3; p++)
				if (l.sep_x[p] >= 0)
					area += l.sep_h[p];
			cr_assert_eq(area, rows * cols,
			    "%dx%d: %d cells covered", cols, rows, area);
		}
}

Test(layout, the_reference_size_has_room_for_each_part)
{
	struct layout l;

	layout_compute(24, 80, &l);
	cr_assert_eq(l.pane[PANE_TITLE].h, 0, "no title row at 24 rows");
	cr_assert_geq(l.pane[PANE_GPU].h, 8);
	cr_assert_eq(l.pane[PANE_BAR].h, 5, "header, bar, three legend rows");
	cr_assert_geq(l.pane[PANE_VERDICT].h, 4);
	cr_assert_eq(l.pane[PANE_STATUS].y, 23);
	cr_assert(!l.side_by_side);
	layout_compute(50, 200, &l);
	cr_assert(l.side_by_side);
	cr_assert_eq(l.pane[PANE_TITLE].h, 1);
	cr_assert_eq(l.pane[PANE_CONC].y, l.pane[PANE_VERDICT].y);
}

Test(layout, too_small_below_the_minimum)
{
	struct layout l;
	int rows, cols;

	for (rows = 1; rows < 40; rows++)
		for (cols = 1; cols < 120; cols++) {
			layout_compute(rows, cols, &l);
			cr_assert_eq(l.too_small, rows < 24 || cols < 80,
			    "%dx%d", cols, rows);
		}
}
