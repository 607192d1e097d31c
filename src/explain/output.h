/* output.h: writing text that holds names from a CIB to a stream.
 *
 * A CIB may come from anybody, and its ids reach every line cibscope
 * prints.  On a terminal, control bytes (ESC), C1 controls (U+0080..U+009F,
 * the 8-bit CSI U+009B among them), bidi overrides (U+202E) and other
 * characters that do not print as themselves would drive or reorder the
 * display; they are shown as \xNN and \u{NNNN} instead, as the console
 * shows them (DESIGN.md, "Reliability and security").  Into a pipe or a
 * file the one-shot commands write bytes as crm_simulate prints them, so
 * the two can be diffed.
 */
#ifndef CS_OUTPUT_H
#define CS_OUTPUT_H

#include <stdio.h>
#include <glib.h>

typedef enum {
    CS_OUTPUT_RAW,        /* every byte as it is */
    CS_OUTPUT_CONTROLS,   /* ASCII control bytes but newline and tab escaped */
    CS_OUTPUT_TERMINAL,   /* also every character that does not print as itself */
} CsOutputMode;

/* CS_OUTPUT_TERMINAL when stream is a terminal, else otherwise. */
CsOutputMode cs_output_mode(FILE *stream, CsOutputMode otherwise);

/* text (length bytes, not necessarily NUL-terminated) escaped for mode. */
void cs_output_write(FILE *stream, const char *text, gsize length, CsOutputMode mode);

/* The same into a string (newly allocated), for tests. */
char *cs_output_escape(const char *text, gsize length, CsOutputMode mode);

#endif
