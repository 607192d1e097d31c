/* safe_text.h: the one escaper between a CIB's text and a terminal.
 *
 * A CIB may come from anybody, and its ids reach the console's cells and
 * every line the CLI prints.  Control bytes (ESC starts an escape
 * sequence), C1 controls (U+0080..U+009F, the 8-bit CSI U+009B among
 * them), bidi overrides (U+202E), zero-width and combining characters
 * and line separators would drive, reorder or overdraw the display, so
 * they never reach a terminal as themselves.  Every output that can reach
 * a terminal (ui/draw.c's cs_escape, explain/output.c) escapes through
 * here, so a name looks the same in the console and in the CLI
 * (doc/DESIGN.md, "Reliability and security"):
 *
 *   ESC -> \e   newline -> \n   CR -> \r   tab -> \t   backslash -> \\
 *   other ASCII controls and DEL, invalid UTF-8, and every non-ASCII byte
 *   when the terminal is not UTF-8 -> \xNN
 *   a valid character that does not print as itself -> \u{NNNN}
 *
 * (hexadecimal digits in upper case).
 */
#ifndef CS_BASE_SAFE_TEXT_H
#define CS_BASE_SAFE_TEXT_H

#include <glib.h>

typedef enum {
    /* The terminal's codeset is UTF-8: a character that prints as itself
     * stays; without it every byte above 0x7F is escaped. */
    CS_SAFE_UTF8 = 1 << 0,
    /* The text is whole lines of output: newline and tab pass. */
    CS_SAFE_KEEP_LINES = 1 << 1,
    /* Only ASCII control bytes are escaped (text for a pipe or a file,
     * kept byte for byte as crm_simulate prints it otherwise). */
    CS_SAFE_CONTROLS_ONLY = 1 << 2,
} CsSafeFlags;

/* text (length bytes; a NUL inside is a byte like any other) escaped
 * onto out. */
void cs_safe_text_append(GString *out, const char *text, gsize length, CsSafeFlags flags);

/* The locale's codeset (after setlocale) is UTF-8. */
gboolean cs_safe_locale_is_utf8(void);

#endif
