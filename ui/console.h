/* console.h: the full-screen ncurses console (cibscope FILE).
 *
 * The console only reads what the engine computed: it never places,
 * scores or orders anything itself.
 */
#ifndef CS_CONSOLE_H
#define CS_CONSOLE_H

#include <glib.h>

/* Opens the console on the CIB at path ("-" is refused: the terminal is
 * the keyboard).  time_text is the --time value or NULL for the wall
 * clock.  Returns the process exit status: 0 after q, 1 for bad usage or
 * no usable terminal, 2 for an unreadable or invalid CIB, 128+N after
 * signal N. */
int cs_console_run(const char *path, const char *time_text);

/* cibscope with no FILE when no cluster answers: the console on the demo
 * CIB at path, the status bar naming why (no_cluster, the read's error). */
int cs_console_run_demo(const char *path, const char *time_text, const char *no_cluster);

/* cibscope --live (and cibscope with no FILE when cs_live_available()):
 * the CIB read through cibadmin --query (CIB_file=PATH honoured), polled
 * every interval_ms (0: CS_LIVE_DEFAULT_INTERVAL_MS, 2 s) and re-solved
 * when its epoch, num_updates or DC change; C commits the edits.  Exit
 * status as cs_console_run; 2 when the CIB cannot be read. */
int cs_console_run_live(guint interval_ms, const char *time_text);

/* cibscope --history DIR: the console on the last CIB of DIR's
 * pe-input-N series, the History view open on the whole series.  2 when
 * DIR cannot be read or holds no scheduler inputs. */
int cs_console_run_history(const char *dir, const char *time_text);

/* The view the next console opens on (a CS_VIEW_* index: 0 Matrix ..
 * 5 History); others are ignored. */
void cs_console_set_start_view(int view);

/* The ? overlay's keys as text, one "KEYS<TAB>TEXT" line each under
 * "== heading" lines: cibscope --help-keys, which the man page's drift
 * test reads. */
void cs_help_keys_write(GString *out);

#endif
