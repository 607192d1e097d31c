/* error.c: setting a GError from a printf-style message (error.h). */
#include <stdarg.h>

#include "base/error.h"

gboolean cs_error_fail(GError **error, GQuark domain, int code, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    g_set_error_literal(error, domain, code, message);
    return FALSE;
}
