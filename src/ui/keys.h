/*
 * keys.h - key names, shared by the action table, the help overlay, key
 * scripts (tests, benchmark) and the documentation: "q", "<Enter>",
 * "<S-Left>", "<C-l>", "<PgUp>", "<F1>", "<lt>" for '<', "<Space>".
 * Codes are curses key codes (characters below 256, KEY_* above).
 */
#ifndef HEADROOM_UI_KEYS_H
#define HEADROOM_UI_KEYS_H

#include <stddef.h>

#define KEYS_ESC 27
#define KEYS_ENTER '\n'
/*
 * A bracketed paste's markers, ESC [ 2 0 0 ~ and ESC [ 2 0 1 ~: the
 * planner binds them to these codes (define_key(), app.c), above every
 * code curses hands out for the terminal's own keys.  Scripts name them
 * "<Paste>" and "<PasteEnd>".
 */
#define KEYS_PASTE_BEGIN 0x7000
#define KEYS_PASTE_END 0x7001
#define KEYS_PASTE_BEGIN_SEQ "\033[200~"
#define KEYS_PASTE_END_SEQ "\033[201~"

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
