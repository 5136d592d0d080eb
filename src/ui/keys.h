/*
 * keys.h - key names, shared by the action table, the help overlay, key
 * scripts (tests, benchmark) and the documentation: "q", "<Enter>",
 * "<S-Left>", "<C-l>", "<PgUp>", "<F1>", "<lt>" for '<', "<Space>".
 * Codes are curses key codes (characters below 256, KEY_* above).
 */
#ifndef HEADROOM_UI_KEYS_H
#define HEADROOM_UI_KEYS_H

#include <stddef.h>

#define KEYS_ESC	27
#define KEYS_ENTER	'\n'

/*
 * Reads one key name at *s and advances *s past it.  Returns the code, or
 * -1 at the end of the string or for an unknown <name>.
 */
int keys_parse_one(const char **s);
/* Parses a whole script into codes[]; returns how many, or -1 on a bad name. */
int keys_parse(const char *script, int *codes, size_t max);
/* The name of a code ("<Enter>", "q"), written into buf; returns buf. */
char *keys_name(int code, char *buf, size_t len);
/* Folds the codes terminals send for one key (CR, KEY_ENTER -> '\n'; DEL, ^H -> KEY_BACKSPACE). */
int keys_normalize(int code);

#endif
