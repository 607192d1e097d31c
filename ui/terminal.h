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
/* Alt+key, as terminals send it (Esc, then the key at once): a code of
 * its own, so that it is never Esc followed by a command. */
#define CS_KEY_META_BASE 0x20000
#define CS_KEY_META(byte) (CS_KEY_META_BASE + (byte))
#define CS_KEY_IS_META(key) ((key) >= CS_KEY_META_BASE && (key) < CS_KEY_META_BASE + 256)
#define CS_KEY_META_BYTE(key) ((key)-CS_KEY_META_BASE)

/* The next key, waiting at most wait_ms (ERR when none came).  Known
 * sequences come as KEY_* codes; an unknown escape sequence is dropped
 * whole (ERR); Esc and a key together as CS_KEY_META(key). */
int cs_terminal_read_key(int wait_ms);
/* SIGINT, SIGTERM or SIGHUP received since the start, else 0. */
int cs_terminal_pending_signal(void);
/* The loop acted on the pending signal: forget it. */
void cs_terminal_clear_signal(void);

#endif
