/*
 * base64.h - base64 (RFC 4648, the standard alphabet with '=' padding),
 * as the OSC 52 clipboard sequence carries it.
 */
#ifndef HEADROOM_IO_BASE64_H
#define HEADROOM_IO_BASE64_H

#include <stddef.h>

/*
 * Writes the base64 of the n bytes at in into out (cap bytes, always
 * NUL-terminated; the encoding is cut at a four-character group when it
 * does not fit).  Returns the length written.  (n + 2) / 3 * 4 + 1 bytes
 * hold any input.
 */
size_t base64_encode(const unsigned char *in, size_t n, char *out, size_t cap);

#endif
