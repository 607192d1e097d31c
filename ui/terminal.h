/* terminal.h: curses set-up and tear-down, and the signals around them. */
#ifndef CS_TERMINAL_H
#define CS_TERMINAL_H

#include <glib.h>

/* The locale's codeset is UTF-8 (call after setlocale). */
gboolean cs_terminal_locale_is_utf8(void);
/* Starts curses with our signal handlers; FALSE (after saying why on
 * stderr) when the terminal cannot be used. */
/* How long a read waits for a key before the loop looks at signals. */
#define CS_KEY_WAIT_MS 500

gboolean cs_terminal_start(void);
/* Ends curses and restores the signal dispositions; safe to call twice. */
void cs_terminal_stop(void);
/* The next key, waiting at most wait_ms (ERR when none came).  Known
 * sequences come as KEY_* codes; an unknown escape sequence is dropped
 * whole (ERR). */
int cs_terminal_read_key(int wait_ms);
/* SIGINT, SIGTERM or SIGHUP received since the start, else 0. */
int cs_terminal_pending_signal(void);
/* The loop acted on the pending signal: forget it. */
void cs_terminal_clear_signal(void);

#endif
