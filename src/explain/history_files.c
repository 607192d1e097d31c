/* history_files.c: the scheduler inputs of a directory, by number
 * (history_files.h). */
#include <string.h>

#include "cib/document.h"
#include "explain/history_files.h"

void cs_history_file_free(CsHistoryFile *file)
{
    if (file == NULL)
        return;
    g_free(file->path);
    g_free(file->name);
    g_free(file->series);
    g_free(file);
}

/* "pe-input-12.bz2" -> series "pe-input", 12; FALSE for other names. */
static gboolean history_parse_name(const char *name, char **series, guint64 *number)
{
    static const char *prefixes[] = {"pe-input-", "pe-warn-", "pe-error-"};
    for (size_t i = 0; i < G_N_ELEMENTS(prefixes); i++) {
        if (!g_str_has_prefix(name, prefixes[i]))
            continue;
        const char *digits = name + strlen(prefixes[i]);
        char *end = NULL;
        if (!g_ascii_isdigit(*digits))
            return FALSE;
        *number = g_ascii_strtoull(digits, &end, 10);
        if (*end != '\0' && strcmp(end, ".bz2") != 0)
            return FALSE;
        *series = g_strndup(prefixes[i], strlen(prefixes[i]) - 1);
        return TRUE;
    }
    return FALSE;
}

gboolean cs_history_name(const char *name, char **series, guint64 *number)
{
    return history_parse_name(name, series, number);
}

static int history_compare(gconstpointer a, gconstpointer b)
{
    const CsHistoryFile *one = *(const CsHistoryFile *const *)a;
    const CsHistoryFile *other = *(const CsHistoryFile *const *)b;
    if (one->number != other->number)
        return one->number < other->number ? -1 : 1;
    return strcmp(one->series, other->series);
}

GPtrArray *cs_history_list(const char *dir, GError **error)
{
    g_autoptr(GError) open_error = NULL;
    g_autoptr(GDir) handle = g_dir_open(dir, 0, &open_error);
    if (handle == NULL) {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_READ, "%s: %s", dir,
                    open_error->message);
        return NULL;
    }
    GPtrArray *files = g_ptr_array_new_with_free_func((GDestroyNotify)cs_history_file_free);
    const char *name;
    while ((name = g_dir_read_name(handle)) != NULL) {
        CsHistoryFile file = {0};
        if (!history_parse_name(name, &file.series, &file.number))
            continue;
        CsHistoryFile *entry = g_new(CsHistoryFile, 1);
        *entry = file;
        entry->name = g_strdup(name);
        entry->path = g_build_filename(dir, name, NULL);
        g_ptr_array_add(files, entry);
    }
    if (files->len == 0) {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_READ,
                    "%s: no pe-input-N, pe-warn-N or pe-error-N files", dir);
        g_ptr_array_unref(files);
        return NULL;
    }
    g_ptr_array_sort(files, history_compare);
    return files;
}
