/* error.h: setting a GError from a printf-style message, in one place
 * for every layer (the edits' "invalid", the command language's
 * "failed").
 */
#ifndef CS_BASE_ERROR_H
#define CS_BASE_ERROR_H

#include <glib.h>

/* Sets *error (when error is not NULL) to domain and code with the
 * message format makes; returns FALSE, so that a check can end with
 * `return cs_error_fail(...)`. */
gboolean cs_error_fail(GError **error, GQuark domain, int code, const char *format, ...)
    G_GNUC_PRINTF(4, 5);

#endif
