/*
 * fuzz_paste.c - text pasted into the planner (src/ui/paste.c): collected
 * in reads of varying size as curses delivers them, ended, classified
 * (log, command or other), counted, joined into one prompt line and
 * excerpted for a message.  The first byte of the input picks the size
 * of the reads; the rest is the pasted text.
 */
#include "fuzz.h"

#include <string.h>

#include "ui/paste.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct paste p;
	char line[512], ex[96];
	static char big[1 << 16];
	size_t step, off;

	if (size == 0)
		return 0;
	step = (size_t)data[0] % 64 + 1;
	data++;
	size--;
	memset(&p, 0, sizeof p);
	paste_begin(&p);
	for (off = 0; off < size; off += step) {
		size_t n = size - off < step ? size - off : step;

		paste_add(&p, (const char *)data + off, n);
		if (paste_ends_raw(&p))
			break;
	}
	paste_end(&p);
	paste_classify(p.text, p.len);
	paste_count_lines(p.text, p.len);
	paste_join_lines(p.text, p.len, line, sizeof line);
	paste_join_lines(p.text, p.len, big, sizeof big);
	paste_excerpt(p.text, p.len, 40, ex, sizeof ex);
	paste_excerpt(p.text, p.len, sizeof ex, ex, sizeof ex);
	paste_done(&p);
	return 0;
}
