/*
 * closeout.h - standard output checked at exit: a report or an export
 * that could not be written in full (a full disk, a closed pipe reader,
 * /dev/full) is an error with a message and exit status 2, never a
 * silent success.
 */
#ifndef HEADROOM_CLOSEOUT_H
#define HEADROOM_CLOSEOUT_H

/* For atexit(): flushes and closes stdout; on failure says so on stderr and exits 2. */
void closeout_stdout(void);

#endif
