/* output.h: writing text that holds names from a CIB to a stream.
 *
 * A CIB may come from anybody, and its ids reach every line cibscope
 * prints.  On a terminal, whatever would drive or reorder the display is
 * escaped exactly as the console shows it: both go through the one
 * escaper, base/safe_text.h, which lists the escapes.  Into a pipe or a
 * file the one-shot commands write bytes as crm_simulate prints them, so
 * the two can be diffed.
 */
#ifndef CS_OUTPUT_H
#define CS_OUTPUT_H

#include <stdio.h>
#include <glib.h>

typedef enum {
    CS_OUTPUT_RAW,            /* every byte as it is */
    CS_OUTPUT_CONTROLS,       /* ASCII control bytes but newline and tab escaped */
    CS_OUTPUT_TERMINAL,       /* a UTF-8 terminal: also every character that
                               * does not print as itself */
    CS_OUTPUT_TERMINAL_ASCII, /* a terminal of another codeset: also every
                               * byte above 0x7F */
} CsOutputMode;

/* The terminal mode that fits the locale's codeset when stream is a
 * terminal, else otherwise. */
CsOutputMode cs_output_mode(FILE *stream, CsOutputMode otherwise);

/* text (length bytes, not necessarily NUL-terminated) escaped for mode. */
void cs_output_write(FILE *stream, const char *text, gsize length, CsOutputMode mode);

/* The same into a string (newly allocated), for tests. */
char *cs_output_escape(const char *text, gsize length, CsOutputMode mode);

#endif
