/* safe_text.c: the one escaper between a CIB's text and a terminal
 * (safe_text.h). */
#include <langinfo.h>

#include "base/safe_text.h"

static gboolean is_ascii_control(guchar byte)
{
    return byte < 0x20 || byte == 0x7f;
}

static void escape_byte(GString *out, guchar byte)
{
    switch (byte) {
    case '\033': g_string_append(out, "\\e"); break;
    case '\n': g_string_append(out, "\\n"); break;
    case '\r': g_string_append(out, "\\r"); break;
    case '\t': g_string_append(out, "\\t"); break;
    default: g_string_append_printf(out, "\\x%02X", byte); break;
    }
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

/* One ASCII byte: itself when printable (or line structure kept). */
static void append_ascii(GString *out, guchar byte, CsSafeFlags flags)
{
    gboolean line_structure = (flags & CS_SAFE_KEEP_LINES) && (byte == '\n' || byte == '\t');

    if (line_structure || !is_ascii_control(byte))
        g_string_append_c(out, (char)byte);
    else
        escape_byte(out, byte);
}

/* The character at text[*at] (a byte above 0x7F starts it), escaped
 * unless a UTF-8 terminal shows it as itself; *at moves past it. */
static void append_non_ascii(GString *out, const char *text, gsize *at, gsize end,
                             CsSafeFlags flags)
{
    gunichar ch = g_utf8_get_char_validated(text + *at, (gssize)(end - *at));

    if (ch == (gunichar)-1 || ch == (gunichar)-2) {
        escape_byte(out, (guchar)text[*at]); /* not UTF-8 */
        (*at)++;
        return;
    }
    gsize size = (gsize)(g_utf8_next_char(text + *at) - (text + *at));
    if (!(flags & CS_SAFE_UTF8)) {
        for (gsize i = 0; i < size; i++)
            escape_byte(out, (guchar)text[*at + i]);
    } else if (shows_as_itself(ch)) {
        g_string_append_len(out, text + *at, (gssize)size);
    } else {
        g_string_append_printf(out, "\\u{%04X}", ch);
    }
    *at += size;
}

void cs_safe_text_append(GString *out, const char *text, gsize length, CsSafeFlags flags)
{
    for (gsize at = 0; at < length;) {
        guchar byte = (guchar)text[at];
        if (flags & CS_SAFE_CONTROLS_ONLY) {
            append_ascii(out, byte, flags | CS_SAFE_KEEP_LINES);
            at++;
        } else if (byte == '\\') {
            g_string_append(out, "\\\\");
            at++;
        } else if (byte < 0x80) {
            append_ascii(out, byte, flags);
            at++;
        } else {
            append_non_ascii(out, text, &at, length, flags);
        }
    }
}

gboolean cs_safe_locale_is_utf8(void)
{
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL
           && (g_ascii_strcasecmp(codeset, "UTF-8") == 0
               || g_ascii_strcasecmp(codeset, "utf8") == 0);
}
