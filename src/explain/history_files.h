/* history_files.h: the scheduler inputs a history steps through
 * (pe-input-N.bz2, pe-warn-N, pe-error-N), listed from a directory
 * (history_files.c) or from a crm_report tarball (report_tarball.c).
 * history.c reads them; nothing here reads history.c.
 */
#ifndef CS_HISTORY_FILES_H
#define CS_HISTORY_FILES_H

#include <glib.h>

typedef struct CsHistoryFile {
    char *path;
    char *name;   /* "pe-input-12.bz2" */
    char *series; /* "pe-input", "pe-warn" or "pe-error" */
    guint64 number;
} CsHistoryFile;

void cs_history_file_free(CsHistoryFile *file);

/* The scheduler inputs in dir, by number (then series).  NULL and *error
 * (a CS_DOCUMENT_ERROR_READ) when dir cannot be read or holds none. */
GPtrArray *cs_history_list(const char *dir, GError **error);

/* "pe-input-12.bz2" -> series "pe-input" (newly allocated), 12; FALSE
 * for any other name. */
gboolean cs_history_name(const char *name, char **series, guint64 *number);

/* crm_report tarballs (report_tarball.c): a regular file ending .tar.bz2,
 * .tar.gz, .tbz2 or .tgz. */
gboolean cs_history_is_tarball(const char *path);
/* Unpacks tarball into a new temporary *dir and lists every node's
 * scheduler inputs in it, by execution-date, each input found under
 * several nodes once; names are paths in the report
 * ("node1/pengine/pe-input-3.bz2").  NULL with *error (and nothing left
 * behind) when it cannot be unpacked or holds none. */
GPtrArray *cs_history_tarball_list(const char *tarball, char **dir, GError **error);
/* Removes such a directory and everything in it. */
void cs_history_tarball_remove(const char *dir);

#endif
