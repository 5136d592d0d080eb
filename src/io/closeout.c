/*
 * closeout.c - checking standard output at exit (see closeout.h).
 */
#include "closeout.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void
closeout_stdout(void)
{
	int failed, e = 0;

	errno = 0;
	failed = fflush(stdout) != 0;
	if (failed)
		e = errno;
	failed |= ferror(stdout) != 0;
	if (fclose(stdout) != 0 && !failed) {
		/* stdout closed before headroom ran: nothing was lost */
		if (errno != EBADF) {
			failed = 1;
			e = errno;
		}
	}
	if (!failed)
		return;
	if (e != 0)
		fprintf(stderr,
		    "headroom: write error on standard output: %s\n",
		    strerror(e));
	else
		fprintf(stderr, "headroom: write error on standard output\n");
	fflush(stderr);
	_exit(2);
}
