/*
 * app.c - the planner's life cycle and loop: a key goes to update_key()
 * (actions, recalc_update(), the panes to repaint), then render_frame()
 * repaints those panes and ends with one doupdate().
 *
 * The terminal is restored on every way out: q, SIGINT, SIGTERM and
 * SIGHUP (their handler only sets a flag the loop checks; getch() wakes
 * up at least every 250 ms), and exit() from anywhere (an atexit hook
 * calls endwin()).  A signal that means the program is dying (SIGSEGV,
 * SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, and SIGQUIT from
 * Ctrl-\) cannot go through curses: its handler only
 * write()s the terminal's reset strings captured at start and puts back
 * the tty settings saved before newterm(), then re-raises the signal
 * with its default action, so the exit status and core dump stay what
 * they would have been.  Restoring includes switching bracketed paste off
 * again: the planner asks the terminal for it at start, so that a paste
 * comes in as one event between ESC [ 2 0 0 ~ and ESC [ 2 0 1 ~, which
 * define_key() binds to KEYS_PASTE_BEGIN and KEYS_PASTE_END.
 *
 * The same code runs headless on a newterm() screen writing to /dev/null
 * for the render tests and the benchmark; its input is a pipe, so tests
 * can feed bytes through curses' own key decoding (app_headless_bytes()).
 */
#include "app.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include <term.h>

#include "app_state.h"
#include "core/xalloc.h"
#include "import.h"
#include "io/base64.h"
#include "io/cli.h"
#include "io/hf_hub.h"
#include "keys.h"
#include "model_search.h"
#include "overlay.h"
#include "pane.h"
#include "render.h"
#include "update.h"
#include "io/serve_command.h"

#define PASTE_ON "\033[?2004h"
#define PASTE_OFF "\033[?2004l"
#define PASTE_IDLE 4 /* quiet getch() timeouts that end an open paste */

/* The terminal the planner draws on, and how it was set up. */
struct app_terminal {
	SCREEN *screen;
	FILE *term_out, *term_in; /* headless: /dev/null; a pipe */
	int feed_fd; /* headless: app_headless_bytes() writes here */
	bool headless;
	bool paste_mode; /* bracketed paste asked of the terminal */
};

static volatile sig_atomic_t app_signal;
static volatile sig_atomic_t app_stop; /* SIGTSTP: Ctrl-Z */
static SCREEN *active_screen; /* for the atexit hook */
static FILE *active_out; /* its terminal, while bracketed paste is on */
static bool atexit_done;

/* what the fatal-signal handler restores, set up before it is installed */
static const int fatal_signals[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL,
	SIGQUIT, SIGTRAP, SIGSYS };
#define N_FATAL (sizeof fatal_signals / sizeof fatal_signals[0])
static struct termios fatal_tty; /* the settings before newterm() */
static bool fatal_tty_ok;
static int fatal_in_fd = -1, fatal_out_fd = -1;
static char fatal_seq[512]; /* sgr0, cnorm, rmkx, rmcup, paste off */
static size_t fatal_len;
static char fatal_stack[64 * 1024]; /* to run on when the stack overflowed */

static void
on_signal(int sig)
{
	app_signal = sig;
}

static void
on_stop(int sig)
{
	(void)sig;
	app_stop = 1;
}

/* Only async-signal-safe calls: write(), tcsetattr(), signal(), raise(). */
static void
on_fatal(int sig)
{
	if (fatal_out_fd >= 0 && fatal_len > 0) {
		ssize_t w = write(fatal_out_fd, fatal_seq, fatal_len);

		(void)w;
	}
	if (fatal_tty_ok)
		tcsetattr(fatal_in_fd, TCSANOW, &fatal_tty);
	signal(sig, SIG_DFL);
	raise(sig); /* delivered as soon as this handler returns */
}

static void
fatal_add(const char *cap)
{
	const char *seq = cap;
	size_t n;

	if (cap[0] != '\033') {
		seq = tigetstr(cap);
		if (seq == NULL || seq == (char *)-1)
			return;
	}
	n = strlen(seq);
	if (fatal_len + n < sizeof fatal_seq) {
		memcpy(fatal_seq + fatal_len, seq, n);
		fatal_len += n;
	}
}

/* Captures what on_fatal() needs, then installs it; old[] keeps the previous
 * actions for fatal_uninstall(). */
static void
fatal_install(const struct app *a, struct sigaction old[N_FATAL])
{
	struct sigaction sa;
	stack_t ss;
	size_t i;

	fatal_len = 0;
	fatal_add("sgr0");
	fatal_add("cnorm");
	fatal_add("rmkx");
	fatal_add("rmcup");
	fatal_add(PASTE_OFF);
	fatal_out_fd = fileno(a->term->term_out);
	memset(&ss, 0, sizeof ss);
	ss.ss_sp = fatal_stack;
	ss.ss_size = sizeof fatal_stack;
	sigaltstack(&ss, NULL);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_ONSTACK;
	for (i = 0; i < N_FATAL; i++)
		sigaction(fatal_signals[i], &sa, &old[i]);
}

static void
fatal_uninstall(const struct sigaction old[N_FATAL])
{
	size_t i;

	for (i = 0; i < N_FATAL; i++)
		sigaction(fatal_signals[i], &old[i], NULL);
	fatal_out_fd = -1;
	fatal_tty_ok = false;
}

/* Asks the terminal for bracketed paste, or switches it off again. */
static void
paste_mode(struct app *a, bool on)
{
	if (a->term->headless || a->term->paste_mode == on)
		return;
	fputs(on ? PASTE_ON : PASTE_OFF, a->term->term_out);
	fflush(a->term->term_out);
	a->term->paste_mode = on;
	active_out = on ? a->term->term_out : NULL;
}

/*
 * Ctrl-Z: the terminal goes back to the shell as on exit (curses off,
 * bracketed paste off, so the shell's paste is not wrapped in markers),
 * the process stops with SIGTSTP's own action, and at fg (SIGCONT) the
 * planner takes the terminal again and redraws everything.
 */
static void
suspend(struct app *a, const struct sigaction *mine)
{
	struct sigaction dfl;

	paste_mode(a, false);
	endwin();
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGTSTP, &dfl, NULL);
	raise(SIGTSTP); /* stops here until SIGCONT */
	sigaction(SIGTSTP, mine, NULL);
	app_stop = 0;
	reset_prog_mode();
	paste_mode(a, true);
	a->full = true;
	update_relayout(a);
}

static void
restore_terminal(void)
{
	if (active_screen != NULL) {
		set_term(active_screen);
		if (!isendwin())
			endwin();
	}
	if (active_out != NULL) {
		fputs(PASTE_OFF, active_out);
		fflush(active_out);
		active_out = NULL;
	}
}

/* ---- keys ---- */

#define SEQ_WAIT_MS 10 /* for the rest of a sequence after its ESC */
#define SEQ_MAX 32

/*
 * One key from curses.  An escape sequence curses does not know (a key
 * of another terminal than TERM names, such as ESC [ 1 ~ for Home under
 * TERM=xterm) comes from curses as ESC and then its bytes; it is read to
 * its end here (CSI: parameters, intermediates, a final byte; SS3: one
 * byte) and ignored as a whole, so that no part of it is taken for a
 * key.  ESC alone, or followed by anything else, stays Esc (then that
 * key: "Escape q" typed fast closes a view, then quits).  Inside
 * a bracketed paste every byte is the paste's.  wait_ms: the getch()
 * timeout to restore.
 */
static int
read_key(struct app *a, int wait_ms)
{
	char seq[SEQ_MAX + 1];
	int c = getch(), n = 0;

	if (c != KEYS_ESC || a->paste.active)
		return c;
	timeout(SEQ_WAIT_MS);
	c = getch();
	if (c != '[' && c != 'O') {
		if (c != ERR)
			ungetch(c); /* Esc, then a key of its own */
		timeout(wait_ms);
		return KEYS_ESC;
	}
	seq[n++] = (char)c;
	if (c == '[') { /* CSI */
		do {
			c = getch();
			if (c == ERR || c < 0x20 || c > 0x7e)
				break;
			if (n < SEQ_MAX)
				seq[n++] = (char)c;
		} while (c < 0x40); /* 0x40-0x7e ends it */
	} else if (c == 'O') {
		c = getch();
		if (c != ERR && c >= 0x20 && c <= 0x7e)
			seq[n++] = (char)c;
	}
	seq[n] = '\0';
	timeout(wait_ms);
	update_unknown_key(a, seq);
	return ERR;
}

/* ---- life cycle ---- */

static void
app_free(struct app **ap)
{
	struct app *a = *ap;

	if (a == NULL)
		return;
	if (a->term->screen != NULL) {
		set_term(a->term->screen);
		if (!isendwin())
			endwin();
		if (active_screen == a->term->screen)
			active_screen = NULL;
		delscreen(a->term->screen);
	}
	paste_mode(a, false);
	if (a->term->headless) {
		if (a->term->term_out)
			fclose(a->term->term_out);
		if (a->term->term_in)
			fclose(a->term->term_in);
		if (a->term->feed_fd >= 0)
			close(a->term->feed_fd);
	}
	paste_done(&a->paste);
	recalc_free(&a->calc);
	import_free(&a->import);
	overlay_done_all(a);
	pane_done_all(a);
	undo_free(&a->undo);
	model_search_free(&a->msearch);
	hf_hub_set_progress(NULL, NULL);
	free(a->term);
	free(a);
	*ap = NULL;
}

/*
 * The curses screen into a->term: on the terminal (stdin, stdout, whose
 * settings the fatal-signal handler restores), or headless on /dev/null
 * fed through a pipe, under $TERM unless curses does not know it.
 * Returns false when it cannot; app_free() closes what was opened.
 */
static bool
app_open_screen(struct app *a, bool headless)
{
	const char *term = getenv("TERM");

	if (headless) {
		int fds[2];

		a->term->term_out = fopen("/dev/null", "w");
		if (a->term->term_out == NULL || pipe(fds) != 0)
			return false;
		a->term->feed_fd = fds[1];
		a->term->term_in = fdopen(fds[0], "r");
		if (a->term->term_in == NULL) {
			close(fds[0]);
			return false;
		}
		a->term->screen =
		    newterm(term && *term && strcmp(term, "dumb") != 0
			    ? term
			    : "xterm-256color",
			a->term->term_out, a->term->term_in);
		if (a->term->screen == NULL)
			a->term->screen = newterm("xterm-256color",
			    a->term->term_out, a->term->term_in);
	} else {
		a->term->term_out = stdout;
		a->term->term_in = stdin;
		fatal_in_fd = fileno(stdin);
		fatal_tty_ok = tcgetattr(fatal_in_fd, &fatal_tty) == 0;
		a->term->screen = newterm(NULL, stdout, stdin);
	}
	return a->term->screen != NULL;
}

/*
 * Sequences terminals send for keys that TERM's description may name
 * otherwise or not at all: tmux and screen send ESC [ 1 ~ and ESC [ 4 ~
 * for Home and End whatever TERM says (TERM=xterm-256color inside tmux
 * is common), and vt100's description has no Home, End, PgUp, PgDn,
 * Del or Shift-Tab.  Each is bound only where TERM names no key for it,
 * so a sequence TERM names keeps its meaning.
 */
static const struct {
	const char *seq;
	int key;
} alt_keys[] = {
	{ "\033[1~", KEY_HOME },
	{ "\033[4~", KEY_END },
	{ "\033[7~", KEY_HOME },
	{ "\033[8~", KEY_END },
	{ "\033[H", KEY_HOME },
	{ "\033[F", KEY_END },
	{ "\033OH", KEY_HOME },
	{ "\033OF", KEY_END },
	{ "\033[5~", KEY_PPAGE },
	{ "\033[6~", KEY_NPAGE },
	{ "\033[3~", KEY_DC },
	{ "\033[Z", KEY_BTAB },
	{ "\033[1;2D", KEY_SLEFT },
	{ "\033[1;2C", KEY_SRIGHT },
};

static void
app_define_alt_keys(void)
{
	size_t i;

	for (i = 0; i < sizeof alt_keys / sizeof alt_keys[0]; i++)
		if (key_defined(alt_keys[i].seq) == 0)
			define_key(alt_keys[i].seq, alt_keys[i].key);
}

/* The screen's modes: raw keys, the paste markers, no cursor, the theme;
 * a headless screen rows x cols. */
static void
app_setup_screen(struct app *a, bool headless, int rows, int cols)
{
	set_term(a->term->screen);
	if (!headless)
		active_screen = a->term->screen;
	if (headless)
		resize_term(rows, cols);
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	/* the paste markers: no terminal description names them as keys */
	define_key(KEYS_PASTE_BEGIN_SEQ, KEYS_PASTE_BEGIN);
	define_key(KEYS_PASTE_END_SEQ, KEYS_PASTE_END);
	app_define_alt_keys();
	set_escdelay(25);
	curs_set(0);
	theme_apply(&a->theme, a->colour);
	bkgdset(theme_attr(&a->theme, ROLE_DEFAULT) | ' ');
}

static struct app *
app_new(struct catalogue *cat, const struct plan_input *in,
    const struct ui_options *opt, bool headless, int rows, int cols)
{
	struct app *a = xcalloc(1, sizeof *a);
	char msg[512];

	a->term = xcalloc(1, sizeof *a->term);
	a->term->feed_fd = -1;
	a->cat = cat;
	overlay_init_all(a);
	a->undo = undo_new();
	if (opt != NULL)
		a->opt = *opt;
	a->term->headless = headless;
	a->calc = recalc_new(cat, in, serve_command_format);
	if (a->calc == NULL) {
		app_free(&a);
		return NULL;
	}
	/* Hub fetches report on the status line, never on the curses screen's stderr */
	model_search_attach(a);
	a->g = glyphs_pick(a->opt.ascii);
	a->colour = theme_colour_wanted(&a->opt);
	msg[0] = '\0';
	theme_load(&a->opt, a->colour, &a->theme, msg, sizeof msg);

	if (!app_open_screen(a, headless)) {
		app_free(&a);
		return NULL;
	}
	app_setup_screen(a, headless, rows, cols);

	recalc_update(a->calc);
	a->focus = PANE_GPU;
	if (msg[0] != '\0') {
		snprintf(a->status, sizeof a->status, "%s", msg);
		a->status_role = ROLE_STATUS_ERROR;
	}
	import_take_preset(a);
	update_relayout(a);
	pane_init_all(
	    a); /* the lists and their cursors, on the planned card and model */
	return a;
}

/* The copy asked for: after the frame, the launch text straight to the
 * terminal as OSC 52 (it moves no cursor). */
static void
app_send_osc52(struct app *a)
{
	char *cmd = app_state_launch_text(a, NULL), *enc;
	size_t n = cmd != NULL ? strlen(cmd) : 0;

	render_frame(a);
	enc = malloc(n / 3 * 4 + 8);
	if (cmd != NULL && enc != NULL) {
		base64_encode((const unsigned char *)cmd, n, enc,
		    n / 3 * 4 + 8);
		fprintf(a->term->term_out, "\033]52;c;%s\a", enc);
		fflush(a->term->term_out);
	}
	free(enc);
	free(cmd);
	a->osc52_pending = false;
}

int
app_run(struct catalogue *cat, struct plan_input *in,
    const struct ui_options *opt)
{
	return app_run_sizing(cat, in, opt, NULL);
}

int
app_run_sizing(struct catalogue *cat, struct plan_input *in,
    const struct ui_options *opt, const struct sizing_opts *sizing)
{
	struct sigaction sa, stop, old_int, old_term, old_hup, old_tstp,
	    old_fatal[N_FATAL];
	struct app *a;
	int status = 0, idle = 0;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: getch() returns on a signal */
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	/* before newterm(), so that curses leaves SIGTSTP to the planner */
	stop = sa;
	stop.sa_handler = on_stop;
	sigaction(SIGTSTP, &stop, &old_tstp);
	app_stop = 0;
	if (!atexit_done) {
		atexit(restore_terminal);
		atexit_done = true;
	}
	app_signal = 0;
	a = app_new(cat, in, opt, false, 0, 0);
	if (a != NULL && sizing != NULL && !a->lay.too_small)
		overlay_start(a, sizing);
	if (a == NULL) {
		restore_terminal();
		fprintf(stderr,
		    "headroom: cannot start the terminal interface\n");
		return 1;
	}
	fatal_install(a, old_fatal);
	paste_mode(a, true);
	timeout(250);
	while (!a->quit) {
		int c;

		if (app_signal == SIGINT && update_interrupt(a))
			app_signal = 0; /* Ctrl-C closed a prompt */
		if (app_signal)
			break;
		if (app_stop)
			suspend(a, &stop);

		if (a->dirty != 0 || a->full)
			render_frame(a);
		c = read_key(a, 250);
		if (c == ERR) {
			/* a terminal that never sends the end marker */
			if (a->paste.active && ++idle >= PASTE_IDLE)
				update_key(a, KEYS_PASTE_END);
			continue;
		}
		idle = 0;
		update_key(a, c);
		if (a->osc52_pending)
			app_send_osc52(a);
	}
	*in = *recalc_input(a->calc);
	app_free(&a);
	fatal_uninstall(old_fatal);
	if (app_signal)
		status = 128 + app_signal;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);
	sigaction(SIGTSTP, &old_tstp, NULL);
	return status;
}

/* ---- headless ---- */

struct app *
app_headless_new(struct catalogue *cat, const struct plan_input *in,
    const struct ui_options *opt, int rows, int cols)
{
	struct app *a = app_new(cat, in, opt, true, rows, cols);

	if (a != NULL)
		render_frame(a);
	return a;
}

int
app_headless_keys(struct app *a, const char *keys)
{
	const char *s = keys;

	set_term(a->term->screen);
	while (*s != '\0') {
		int c = keys_parse_one(&s);

		if (c < 0)
			return -1;
		update_key(a, c);
		render_frame(a);
	}
	return 0;
}

/* Hands every code curses has decoded so far to update_key(). */
static void
drain_input(struct app *a)
{
	int c;

	for (;;) {
		c = read_key(a, 0);
		if (c == ERR) {
			/* an ignored sequence, or nothing more */
			if ((c = getch()) == ERR)
				break;
			ungetch(c);
			continue;
		}
		update_key(a, c);
	}
}

int
app_headless_bytes(struct app *a, const char *bytes, size_t n)
{
	size_t off = 0;

	set_term(a->term->screen);
	timeout(0);
	while (off < n) {
		size_t k = n - off < 4096 ? n - off : 4096, e;

		/* an escape sequence stays in one write */
		if (off + k < n)
			for (e = k > 16 ? k - 16 : 1; e < k; e++)
				if (bytes[off + e] == '\033') {
					k = e;
					break;
				}
		while (k > 0) {
			ssize_t w = write(a->term->feed_fd, bytes + off, k);

			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				return -1;
			off += (size_t)w;
			k -= (size_t)w;
		}
		drain_input(a);
	}
	drain_input(a);
	render_frame(a);
	return 0;
}

void
app_headless_resize(struct app *a, int rows, int cols)
{
	set_term(a->term->screen);
	resize_term(rows, cols);
	update_key(a, KEY_RESIZE);
	render_frame(a);
}

size_t
app_headless_dump(struct app *a, char *buf, size_t len)
{
	size_t o = 0;
	int y;

	set_term(a->term->screen);
	if (len == 0)
		return 0;
	for (y = 0; y < a->rows; y++) {
		wchar_t w[1024];
		char line[4096];
		size_t n;
		int got = mvinnwstr(y, 0, w, a->cols < 1023 ? a->cols : 1023);

		if (got < 0)
			got = 0;
		w[got] = L'\0';
		n = wcstombs(line, w, sizeof line - 1);
		if (n == (size_t)-1)
			n = 0;
		line[n] = '\0';
		while (n > 0 && line[n - 1] == ' ')
			line[--n] = '\0';
		o += (size_t)snprintf(buf + o, o < len ? len - o : 0, "%s\n",
		    line);
		if (o >= len) {
			buf[len - 1] = '\0';
			return len - 1;
		}
	}
	return o;
}

unsigned long
app_headless_attr(struct app *a, int y, int x)
{
	set_term(a->term->screen);
	return (unsigned long)(mvinch(y, x) & (A_ATTRIBUTES | A_COLOR));
}

static int
pair_colours(struct app *a, short pair, short *fg, short *bg)
{
	*fg = *bg = -1;
	if (a->theme.mono || !has_colors())
		return 0;
	if (pair_content(pair, fg, bg) == ERR)
		*fg = *bg = -1;
	return COLORS;
}

int
app_headless_cell_colours(struct app *a, int y, int x, short *fg, short *bg)
{
	cchar_t cc;
	wchar_t wc[CCHARW_MAX + 1];
	attr_t at;
	short pair = 0;

	set_term(a->term->screen);
	/* mvinch() folds a wide character into the colour bits */
	if (mvin_wch(y, x, &cc) == ERR ||
	    getcchar(&cc, wc, &at, &pair, NULL) == ERR)
		pair = 0;
	return pair_colours(a, pair, fg, bg);
}

int
app_headless_role_colours(struct app *a, int role, short *fg, short *bg)
{
	set_term(a->term->screen);
	if (role < 0 || role >= ROLE_COUNT) {
		*fg = *bg = -1;
		return 0;
	}
	return pair_colours(a, (short)PAIR_NUMBER(a->theme.attr[role]), fg, bg);
}

int
app_headless_interrupt(struct app *a)
{
	int r;

	set_term(a->term->screen);
	r = update_interrupt(a);
	render_frame(a);
	return r;
}

const struct plan_input *
app_headless_input(struct app *a)
{
	return recalc_input(a->calc);
}

const char *
app_headless_status(struct app *a)
{
	return a->status;
}

unsigned
app_headless_painted(struct app *a)
{
	return a->painted;
}

void
app_headless_free(struct app **ap)
{
	app_free(ap);
}

/* ---- benchmark ---- */

static double
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int
cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return a < b ? -1 : a > b;
}

int
app_bench_keys(struct catalogue *cat, struct plan_input *in, int rows, int cols,
    const char *keys, double *median_us, double *p99_us, double *first_frame_ms)
{
	struct ui_options opt = { 0, 0, NULL, NULL };
	struct app *a;
	double t0, *times;
	int n, i, *codes;

	{
		const char *s = keys;

		for (n = 0; *s != '\0'; n++)
			if (keys_parse_one(&s) < 0)
				return -1;
	}
	codes = calloc((size_t)n + 1, sizeof *codes);
	times = calloc((size_t)n + 1, sizeof *times);
	if (codes == NULL || times == NULL) {
		free(codes);
		free(times);
		return -1;
	}
	keys_parse(keys, codes, (size_t)n);
	t0 = now_us();
	a = app_headless_new(cat, in, &opt, rows, cols);
	if (a == NULL) {
		free(codes);
		free(times);
		return -1;
	}
	*first_frame_ms = (now_us() - t0) / 1e3;
	for (i = 0; i < n; i++) {
		double t = now_us();

		update_key(a, codes[i]);
		render_frame(a);
		times[i] = now_us() - t;
	}
	qsort(times, (size_t)n, sizeof *times, cmp_double);
	*median_us = n > 0 ? times[n / 2] : 0;
	*p99_us = n > 0 ? times[(int)((n - 1) * 0.99)] : 0;
	app_free(&a);
	free(codes);
	free(times);
	return 0;
}
