/* report_tarball.c: `cibscope history` on a crm_report tarball.
 *
 * crm_report gathers what each node of a cluster holds into one archive
 * (REPORT/NODE/...), the scheduler inputs among it.  Each node numbers
 * its own series, and the DC moves from node to node, so the numbers of
 * several nodes do not interleave: the inputs are ordered by the
 * execution-date the scheduler stamped on each (then by name), and an
 * input found under several nodes (the same CIB at the same moment) is
 * listed once.  The archive is unpacked by tar, spawned with an argv,
 * into a temporary directory removed afterwards.
 */
#include <string.h>
#include <glib/gstdio.h>

#include "explain/history_files.h"
#include "model/model.h"

gboolean cs_history_is_tarball(const char *path)
{
    static const char *const suffixes[] = {".tar.bz2", ".tar.gz", ".tbz2", ".tgz"};
    if (!g_file_test(path, G_FILE_TEST_IS_REGULAR))
        return FALSE;
    for (gsize i = 0; i < G_N_ELEMENTS(suffixes); i++)
        if (g_str_has_suffix(path, suffixes[i]))
            return TRUE;
    return FALSE;
}

/* tar -xf ARCHIVE -C DIR (tar recognises the compression itself). */
static char *tarball_unpack(const char *tarball, GError **error)
{
    g_autoptr(GError) local = NULL;
    char *dir = g_dir_make_tmp("cibscope-report-XXXXXX", &local);
    if (dir == NULL) {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_READ, "%s: %s", tarball,
                    local->message);
        return NULL;
    }
    char *argv[] = {(char *)"tar", (char *)"-xf", (char *)tarball, (char *)"-C", dir, NULL};
    g_autofree char *err = NULL;
    int status = -1;
    if (!g_spawn_sync(NULL, argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                      NULL, NULL, &err, &status, &local)
        || !g_spawn_check_wait_status(status, NULL)) {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_READ,
                    "%s: tar cannot unpack it: %s", tarball,
                    local != NULL ? local->message
                    : err != NULL ? g_strstrip(err)
                                  : "?");
        cs_history_tarball_remove(dir);
        g_free(dir);
        return NULL;
    }
    return dir;
}

void cs_history_tarball_remove(const char *dir)
{
    g_autoptr(GDir) handle = g_dir_open(dir, 0, NULL);
    const char *name;
    while (handle != NULL && (name = g_dir_read_name(handle)) != NULL) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        if (g_file_test(path, G_FILE_TEST_IS_DIR) && !g_file_test(path, G_FILE_TEST_IS_SYMLINK))
            cs_history_tarball_remove(path);
        else
            g_unlink(path);
    }
    g_rmdir(dir);
}

typedef struct TarballInput {
    CsHistoryFile *file;
    gint64 when; /* execution-date, 0 when none */
    char *key;   /* what makes two inputs the same one */
} TarballInput;

static void tarball_input_free(TarballInput *input)
{
    cs_history_file_free(input->file);
    g_free(input->key);
    g_free(input);
}

/* The same input under two nodes: the same execution-date, version and
 * contents. */
static char *tarball_key(const CsDocument *document, gint64 when)
{
    xmlChar *text = NULL;
    int length = 0;
    xmlDocDumpMemory(document->xml, &text, &length);
    g_autofree char *digest =
        g_compute_checksum_for_data(G_CHECKSUM_SHA256, text, (gsize)MAX(length, 0));
    xmlFree(text);
    return g_strdup_printf("%" G_GINT64_FORMAT "/%s", when, digest);
}

static void tarball_walk(const char *root, const char *dir, GPtrArray *inputs)
{
    g_autoptr(GDir) handle = g_dir_open(dir, 0, NULL);
    const char *name;
    while (handle != NULL && (name = g_dir_read_name(handle)) != NULL) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        if (g_file_test(path, G_FILE_TEST_IS_DIR)) {
            if (!g_file_test(path, G_FILE_TEST_IS_SYMLINK))
                tarball_walk(root, path, inputs);
            continue;
        }
        CsHistoryFile file = {0};
        if (!cs_history_name(name, &file.series, &file.number))
            continue;
        g_autoptr(CsDocument) document = cs_document_load(path, NULL);
        TarballInput *input = g_new0(TarballInput, 1);
        input->file = g_new(CsHistoryFile, 1);
        *input->file = file;
        input->file->path = g_strdup(path);
        /* Named by where it was in the report: "node1/pengine/pe-input-3.bz2". */
        input->file->name = g_strdup(path + strlen(root) + 1);
        CsTime date;
        if (document != NULL && cs_model_execution_date(document, &date))
            input->when = date.seconds;
        input->key = document != NULL ? tarball_key(document, input->when) : g_strdup(path);
        g_ptr_array_add(inputs, input);
    }
}

static int tarball_compare(gconstpointer a, gconstpointer b)
{
    const TarballInput *one = *(const TarballInput *const *)a;
    const TarballInput *other = *(const TarballInput *const *)b;
    if (one->when != other->when)
        return one->when < other->when ? -1 : 1;
    return strcmp(one->file->name, other->file->name);
}

GPtrArray *cs_history_tarball_list(const char *tarball, char **dir, GError **error)
{
    *dir = tarball_unpack(tarball, error);
    if (*dir == NULL)
        return NULL;
    g_autoptr(GPtrArray) inputs =
        g_ptr_array_new_with_free_func((GDestroyNotify)tarball_input_free);
    tarball_walk(*dir, *dir, inputs);
    g_ptr_array_sort(inputs, tarball_compare);
    GPtrArray *files = g_ptr_array_new_with_free_func((GDestroyNotify)cs_history_file_free);
    g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash, g_str_equal);
    for (guint i = 0; i < inputs->len; i++) {
        TarballInput *input = g_ptr_array_index(inputs, i);
        if (!g_hash_table_add(seen, input->key))
            continue;
        g_ptr_array_add(files, g_steal_pointer(&input->file));
    }
    if (files->len == 0) {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_READ,
                    "%s: no pe-input-N, pe-warn-N or pe-error-N files in the report", tarball);
        g_ptr_array_unref(files);
        cs_history_tarball_remove(*dir);
        g_clear_pointer(dir, g_free);
        return NULL;
    }
    return files;
}
