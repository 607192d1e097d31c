/* output.c: names from a CIB written safely to a terminal (output.h). */
#include <string.h>
#include <unistd.h>

#include "explain/output.h"

CsOutputMode cs_output_mode(FILE *stream, CsOutputMode otherwise)
{
    return isatty(fileno(stream)) ? CS_OUTPUT_TERMINAL : otherwise;
}

static gboolean is_ascii_control(guchar byte)
{
    return (byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7f;
}

/* Printable, and drawn as itself: format characters (bidi overrides,
 * zero-width joiners), combining marks and line or paragraph separators
 * would reorder or overdraw their neighbours. */
static gboolean shows_as_itself(gunichar ch)
{
    return g_unichar_isprint(ch) && !g_unichar_iszerowidth(ch)
           && g_unichar_type(ch) != G_UNICODE_LINE_SEPARATOR
           && g_unichar_type(ch) != G_UNICODE_PARAGRAPH_SEPARATOR;
}

/* The bytes at text[*at] (up to end) escaped for a terminal; *at moves
 * past them. */
static void escape_terminal_char(GString *out, const char *text, gsize *at, gsize end)
{
    guchar byte = (guchar)text[*at];

    if (byte < 0x80) {
        if (is_ascii_control(byte))
            g_string_append_printf(out, "\\x%02x", byte);
        else
            g_string_append_c(out, (char)byte);
        (*at)++;
        return;
    }
    gunichar ch = g_utf8_get_char_validated(text + *at, (gssize)(end - *at));
    if (ch == (gunichar)-1 || ch == (gunichar)-2) {
        g_string_append_printf(out, "\\x%02x", byte);   /* not UTF-8 */
        (*at)++;
        return;
    }
    gsize size = (gsize)(g_utf8_next_char(text + *at) - (text + *at));
    if (shows_as_itself(ch))
        g_string_append_len(out, text + *at, (gssize)size);
    else
        g_string_append_printf(out, "\\u{%04x}", ch);
    *at += size;
}

char *cs_output_escape(const char *text, gsize length, CsOutputMode mode)
{
    GString *out = g_string_sized_new(length + 16);

    for (gsize at = 0; at < length;) {
        guchar byte = (guchar)text[at];
        if (mode == CS_OUTPUT_TERMINAL) {
            escape_terminal_char(out, text, &at, length);
        } else if (mode == CS_OUTPUT_CONTROLS && is_ascii_control(byte)) {
            g_string_append_printf(out, "\\x%02x", byte);
            at++;
        } else {
            g_string_append_c(out, (char)byte);
            at++;
        }
    }
    return g_string_free(out, FALSE);
}

void cs_output_write(FILE *stream, const char *text, gsize length, CsOutputMode mode)
{
    if (mode == CS_OUTPUT_RAW) {
        fwrite(text, 1, length, stream);
        return;
    }
    g_autofree char *escaped = cs_output_escape(text, length, mode);
    fputs(escaped, stream);
}
