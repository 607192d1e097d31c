/* terminal.c: curses set-up and tear-down, and the signals around them.
 *
 * The terminal must come back sane whatever happens: q, SIGINT, SIGTERM,
 * SIGHUP (only noted here; the main loop then quits, so endwin() runs in
 * normal context), and fatal signals (handled with async-signal-safe
 * calls only: a reset sequence computed in advance and the termios saved
 * before curses started).
 *
 * Keys: ncurses decodes what the terminfo entry lists (keypad); the
 * sequences xterm, rxvt, the Linux console, screen and tmux send for the
 * cursor and editing keys and F1-F10 are added when the entry lacks them
 * (a TERM that does not match the terminal is common: xterm-256color
 * inside tmux, PuTTY).  Any other escape sequence is read to its end and
 * dropped, so its bytes never act as keys.
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

static const int quit_signals[] = {SIGINT, SIGTERM, SIGHUP};
static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

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

/* Sequences terminals send that a terminfo entry may not list. */
static const struct {
    const char *sequence;
    int key;
} extra_keys[] = {
    {"\033[1~", KEY_HOME},  {"\033[7~", KEY_HOME},  {"\033[H", KEY_HOME},   {"\033OH", KEY_HOME},
    {"\033[4~", KEY_END},   {"\033[8~", KEY_END},   {"\033[F", KEY_END},    {"\033OF", KEY_END},
    {"\033[5~", KEY_PPAGE}, {"\033[6~", KEY_NPAGE}, {"\033[2~", KEY_IC},    {"\033[3~", KEY_DC},
    {"\033[A", KEY_UP},     {"\033[B", KEY_DOWN},   {"\033[C", KEY_RIGHT},  {"\033[D", KEY_LEFT},
    {"\033OA", KEY_UP},     {"\033OB", KEY_DOWN},   {"\033OC", KEY_RIGHT},  {"\033OD", KEY_LEFT},
    {"\033[Z", KEY_BTAB},   {"\033OP", KEY_F(1)},   {"\033OQ", KEY_F(2)},   {"\033OR", KEY_F(3)},
    {"\033OS", KEY_F(4)},   {"\033[11~", KEY_F(1)}, {"\033[12~", KEY_F(2)}, {"\033[13~", KEY_F(3)},
    {"\033[14~", KEY_F(4)}, {"\033[15~", KEY_F(5)}, {"\033[[A", KEY_F(1)},  {"\033[[B", KEY_F(2)},
    {"\033[[C", KEY_F(3)},  {"\033[[D", KEY_F(4)},  {"\033[[E", KEY_F(5)},  {"\033[17~", KEY_F(6)},
    {"\033[18~", KEY_F(7)}, {"\033[19~", KEY_F(8)}, {"\033[20~", KEY_F(9)}, {"\033[21~", KEY_F(10)},
};

static void define_extra_keys(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(extra_keys); i++)
        if (key_defined(extra_keys[i].sequence) == 0)
            define_key(extra_keys[i].sequence, extra_keys[i].key);
}

/* The next byte of a sequence already under way, or ERR when none comes
 * within the escape delay. */
static int sequence_byte(void)
{
    timeout(ESCDELAY > 0 ? ESCDELAY : 25);
    int byte = getch();
    return byte;
}

/* ESC was read and no known key starts with what follows: a CSI
 * (ESC [ parameters intermediates final) or SS3 (ESC O x) sequence is
 * read to its end and dropped; Esc and a letter or digit at once is
 * Alt+it;
 * Esc alone (or before another Esc or a decoded key) is Esc. */
static int after_escape(void)
{
    int next = sequence_byte();
    if (next == ERR)
        return 27;
    if (next == 'O') {
        (void)sequence_byte();
        return ERR;
    }
    if (next != '[') {
        /* Letters, digits and Backspace: what readline binds with
         * Meta; Esc before anything else (':' to open the prompt) is
         * taken as Esc, the key kept. */
        if ((next < 128 && g_ascii_isalnum(next)) || next == 127)
            return CS_KEY_META(next);
        ungetch(next);
        return 27;
    }
    for (int count = 0; count < 32; count++) {
        int byte = sequence_byte();
        if (byte == ERR || (byte >= 0x40 && byte <= 0x7e))
            break;
    }
    return ERR;
}

int cs_terminal_read_key(int wait_ms)
{
    timeout(wait_ms);
    int key = getch();
    if (key == 27)
        key = after_escape();
    timeout(wait_ms);
    /* The VT220 Find and Select keys sit where Home and End are, and
     * rxvt's entry names ESC[1~ and ESC[4~ so (tmux sends those for
     * Home and End). */
    if (key == KEY_FIND)
        return KEY_HOME;
    if (key == KEY_SELECT)
        return KEY_END;
    return key;
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
    define_extra_keys();
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

void cs_terminal_clear_signal(void)
{
    pending_signal = 0;
}
