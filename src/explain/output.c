/* output.c: names from a CIB written safely to a stream (output.h). */
#include <unistd.h>

#include "base/safe_text.h"
#include "explain/output.h"

CsOutputMode cs_output_mode(FILE *stream, CsOutputMode otherwise)
{
    if (!isatty(fileno(stream)))
        return otherwise;
    return cs_safe_locale_is_utf8() ? CS_OUTPUT_TERMINAL : CS_OUTPUT_TERMINAL_ASCII;
}

static CsSafeFlags safe_flags(CsOutputMode mode)
{
    switch (mode) {
    case CS_OUTPUT_TERMINAL: return CS_SAFE_UTF8 | CS_SAFE_KEEP_LINES;
    case CS_OUTPUT_TERMINAL_ASCII: return CS_SAFE_KEEP_LINES;
    default: return CS_SAFE_CONTROLS_ONLY;
    }
}

char *cs_output_escape(const char *text, gsize length, CsOutputMode mode)
{
    GString *out = g_string_sized_new(length + 16);

    if (mode == CS_OUTPUT_RAW)
        g_string_append_len(out, text, (gssize)length);
    else
        cs_safe_text_append(out, text, length, safe_flags(mode));
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
