/* terminal.c: curses set-up and tear-down, and the signals around them.
 *
 * The terminal must come back sane whatever happens: q, SIGINT, SIGTERM,
 * SIGHUP (only noted here; the main loop then quits, so endwin() runs in
 * normal context), and fatal signals (handled with async-signal-safe
 * calls only: a reset sequence computed in advance and the termios saved
 * before curses started).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <curses.h>
#include "draw.h"
#include "terminal.h"
#include "base/safe_text.h"

static volatile sig_atomic_t pending_signal;
static gboolean curses_active;
static struct termios saved_termios;
static gboolean termios_saved;
static char reset_sequence[512];
static size_t reset_length;

static const int quit_signals[] = { SIGINT, SIGTERM, SIGHUP };
static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };

static void on_quit_signal(int signal_number)
{
    pending_signal = signal_number;
}

/* endwin() is not async-signal-safe: write the reset sequence prepared
 * at start-up and put the saved termios back, then die of the signal. */
static void on_fatal_signal(int signal_number)
{
    if (reset_length > 0) {
        ssize_t written = write(STDOUT_FILENO, reset_sequence, reset_length);
        (void)written;
    }
    if (termios_saved)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static void append_capability(const char *name)
{
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1)
        return;
    size_t length = strlen(value);
    if (reset_length + length >= sizeof reset_sequence)
        return;
    memcpy(reset_sequence + reset_length, value, length);
    reset_length += length;
}

static void prepare_reset_sequence(void)
{
    reset_length = 0;
    append_capability("sgr0");
    append_capability("cnorm");
    append_capability("rmkx");
    append_capability("rmcup");
}

static void install_handlers(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    /* No SA_RESTART: a signal interrupts getch() so the loop sees it. */
    action.sa_handler = on_quit_signal;
    for (size_t i = 0; i < G_N_ELEMENTS(quit_signals); i++)
        sigaction(quit_signals[i], &action, NULL);
    action.sa_handler = on_fatal_signal;
    for (size_t i = 0; i < G_N_ELEMENTS(fatal_signals); i++)
        sigaction(fatal_signals[i], &action, NULL);
}

static void restore_handlers(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(quit_signals); i++)
        signal(quit_signals[i], SIG_DFL);
    for (size_t i = 0; i < G_N_ELEMENTS(fatal_signals); i++)
        signal(fatal_signals[i], SIG_DFL);
}

void cs_terminal_stop(void)
{
    if (!curses_active)
        return;
    curses_active = FALSE;
    endwin();
    restore_handlers();
}

/* Any exit() while curses is up (a library giving up) still restores. */
static void terminal_stop_at_exit(void)
{
    cs_terminal_stop();
}

gboolean cs_terminal_locale_is_utf8(void)
{
    return cs_safe_locale_is_utf8();
}

gboolean cs_terminal_start(void)
{
    static gboolean exit_hook_installed;
    const char *term = getenv("TERM");
    if (term == NULL || term[0] == '\0') {
        fprintf(stderr, "cibscope: TERM is not set, so the console cannot drive this terminal\n");
        return FALSE;
    }
    pending_signal = 0;
    termios_saved = tcgetattr(STDIN_FILENO, &saved_termios) == 0;
    /* Our handlers go in first: ncurses then leaves SIGINT and SIGTERM
     * alone and keeps its own SIGWINCH handler (which gives KEY_RESIZE). */
    install_handlers();
    SCREEN *screen = newterm(NULL, stdout, stdin);
    if (screen == NULL) {
        restore_handlers();
        fprintf(stderr, "cibscope: cannot use the terminal type '%s'\n", term);
        return FALSE;
    }
    set_term(screen);
    curses_active = TRUE;
    if (!exit_hook_installed) {
        atexit(terminal_stop_at_exit);
        exit_hook_installed = TRUE;
    }
    prepare_reset_sequence();
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    /* Wake up now and then even without keys, so a signal that did not
     * interrupt the read is still seen promptly. */
    timeout(CS_KEY_WAIT_MS);
    const char *no_color = getenv("NO_COLOR");
    cs_draw_init(no_color == NULL || no_color[0] == '\0');
    return TRUE;
}

int cs_terminal_pending_signal(void)
{
    return pending_signal;
}
