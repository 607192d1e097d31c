/* console.h: the full-screen ncurses console (cibscope FILE).
 *
 * The console only reads what the engine computed: it never places,
 * scores or orders anything itself.
 */
#ifndef CS_CONSOLE_H
#define CS_CONSOLE_H

/* Opens the console on the CIB at path ("-" is refused: the terminal is
 * the keyboard).  time_text is the --time value or NULL for the wall
 * clock.  Returns the process exit status: 0 after q, 1 for bad usage or
 * no usable terminal, 2 for an unreadable or invalid CIB, 128+N after
 * signal N. */
int cs_console_run(const char *path, const char *time_text);

#endif
