/* save.c: writing a CIB document back, atomically.
 *
 * The document is serialized exactly as libxml2 holds it (no reformatting,
 * no declaration added to a file that had none, so untouched parts keep
 * their bytes), compressed the way it was loaded, written to a temporary
 * file beside the target, fsync'd, and renamed over the target.  The file
 * replaced is kept as PATH.bak.  Until the rename nothing visible changes,
 * so a failure at any step leaves the old file as it was.
 *
 * The version on <cib> follows Pacemaker's rule for a CIB that changed
 * (Pacemaker Explained 2.1, "CIB Properties"): a change to the
 * configuration gives epoch + 1 and num_updates 0; a change to the status
 * section only gives num_updates + 1; admin_epoch is the administrator's
 * and is left alone.  "Changed" is judged against the file the document
 * was loaded from, as it is on disk now, so saving twice, or saving a
 * copy and then the original, counts the change once.  So a saved CIB is
 * newer than the one it came from, and cibadmin --replace accepts it.
 */
#include "cib/document.h"

#include <bzlib.h>
#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <limits.h>
#include <libxml/xmlsave.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CS_CHUNK_BYTES ((gsize)64 * 1024)

static gboolean cs_set_write_error(GError **error, const char *path, const char *step,
                                   int saved_errno)
{
    g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_WRITE, "%s: %s: %s", path, step,
                g_strerror(saved_errno));
    return FALSE;
}

/* ---- serializing and compressing -------------------------------------- */

static int cs_collect_output(void *context, const char *buffer, int length)
{
    g_byte_array_append(context, (const guint8 *)buffer, (guint)length);
    return length;
}

static GByteArray *cs_serialize(const CsDocument *document, const char *path, GError **error)
{
    GByteArray *output = g_byte_array_new();
    int options = document->declaration ? 0 : XML_SAVE_NO_DECL;
    /* A document without a declared encoding was read as UTF-8: write it
     * so, or libxml2 falls back to ASCII and turns every non-ASCII
     * character into a character reference. */
    const char *encoding =
        document->xml->encoding != NULL ? (const char *)document->xml->encoding : "UTF-8";
    xmlSaveCtxt *save = xmlSaveToIO(cs_collect_output, NULL, output, encoding, options);

    if (save == NULL || xmlSaveDoc(save, document->xml) < 0 || xmlSaveClose(save) < 0) {
        g_byte_array_unref(output);
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_WRITE,
                    "%s: cannot serialize the document", path);
        return NULL;
    }
    return output;
}

static GByteArray *cs_gzip(const GByteArray *plain, const char *path, GError **error)
{
    g_autoptr(GZlibCompressor) compressor =
        g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
    g_autoptr(GByteArray) output = g_byte_array_new();
    gsize consumed = 0, used = 0;
    GConverterResult result = G_CONVERTER_CONVERTED;

    while (result != G_CONVERTER_FINISHED) {
        g_autoptr(GError) local = NULL;
        gsize bytes_read = 0, bytes_written = 0;
        g_byte_array_set_size(output, (guint)(used + CS_CHUNK_BYTES));
        result = g_converter_convert(G_CONVERTER(compressor), plain->data + consumed,
                                     plain->len - consumed, output->data + used, CS_CHUNK_BYTES,
                                     G_CONVERTER_INPUT_AT_END, &bytes_read, &bytes_written, &local);
        if (result == G_CONVERTER_ERROR) {
            g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_WRITE, "%s: gzip: %s", path,
                        local->message);
            return NULL;
        }
        consumed += bytes_read;
        used += bytes_written;
    }
    g_byte_array_set_size(output, (guint)used);
    return g_steal_pointer(&output);
}

static GByteArray *cs_bzip2(const GByteArray *plain, const char *path, GError **error)
{
    g_autoptr(GByteArray) output = g_byte_array_new();
    gsize used = 0;
    bz_stream stream;
    int status = BZ_RUN_OK;

    memset(&stream, 0, sizeof stream);
    if (BZ2_bzCompressInit(&stream, 9, 0, 0) != BZ_OK) {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_WRITE,
                    "%s: bzip2: cannot start compressing", path);
        return NULL;
    }
    stream.next_in = (char *)plain->data;
    stream.avail_in = plain->len;
    while (status == BZ_RUN_OK || status == BZ_FINISH_OK) {
        g_byte_array_set_size(output, (guint)(used + CS_CHUNK_BYTES));
        stream.next_out = (char *)output->data + used;
        stream.avail_out = (unsigned int)CS_CHUNK_BYTES;
        status = BZ2_bzCompress(&stream, BZ_FINISH);
        used += CS_CHUNK_BYTES - stream.avail_out;
    }
    BZ2_bzCompressEnd(&stream);
    if (status != BZ_STREAM_END) {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_WRITE,
                    "%s: bzip2: compression failed (%d)", path, status);
        return NULL;
    }
    g_byte_array_set_size(output, (guint)used);
    return g_steal_pointer(&output);
}

static GByteArray *cs_encode(const CsDocument *document, const char *path, GError **error)
{
    g_autoptr(GByteArray) plain = cs_serialize(document, path, error);

    if (plain == NULL)
        return NULL;
    switch (document->compression) {
    case CS_COMPRESSION_GZIP: return cs_gzip(plain, path, error);
    case CS_COMPRESSION_BZIP2: return cs_bzip2(plain, path, error);
    case CS_COMPRESSION_NONE: break;
    }
    return g_steal_pointer(&plain);
}

/* ---- the version attributes -------------------------------------------- */

static xmlNode *cs_top_child(xmlNode *root, const char *name)
{
    for (xmlNode *child = root != NULL ? root->children : NULL; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE && xmlStrcmp(child->name, (const xmlChar *)name) == 0)
            return child;
    return NULL;
}

/* The subtree's bytes as libxml2 writes them ("" when absent). */
static GByteArray *cs_subtree_bytes(xmlDoc *xml, xmlNode *node)
{
    GByteArray *bytes = g_byte_array_new();
    if (node == NULL)
        return bytes;
    xmlBuffer *buffer = xmlBufferCreate();
    if (buffer != NULL && xmlNodeDump(buffer, xml, node, 0, 0) >= 0)
        g_byte_array_append(bytes, xmlBufferContent(buffer), (guint)xmlBufferLength(buffer));
    if (buffer != NULL)
        xmlBufferFree(buffer);
    return bytes;
}

static gboolean cs_same_section(const CsDocument *document, const CsDocument *base,
                                const char *name)
{
    g_autoptr(GByteArray) mine =
        cs_subtree_bytes(document->xml, cs_top_child(xmlDocGetRootElement(document->xml), name));
    g_autoptr(GByteArray) theirs =
        cs_subtree_bytes(base->xml, cs_top_child(xmlDocGetRootElement(base->xml), name));
    /* An empty GByteArray has no data: memcmp must not see its NULL. */
    return mine->len == theirs->len
           && (mine->len == 0 || memcmp(mine->data, theirs->data, mine->len) == 0);
}

static gint64 cs_version_number(xmlNode *root, const char *name)
{
    xmlChar *value = root != NULL ? xmlGetProp(root, (const xmlChar *)name) : NULL;
    gint64 number = value != NULL ? g_ascii_strtoll((const char *)value, NULL, 10) : 0;
    xmlFree(value);
    return MAX(number, 0);
}

static void cs_set_version_number(xmlNode *root, const char *name, gint64 number)
{
    char text[32];
    g_snprintf(text, sizeof text, "%" G_GINT64_FORMAT, number);
    xmlSetProp(root, (const xmlChar *)name, (const xmlChar *)text);
}

CsVersionChange cs_document_bump_version(CsDocument *document)
{
    xmlNode *root = xmlDocGetRootElement(document->xml);
    if (root == NULL || document->path == NULL || strcmp(document->path, "-") == 0)
        return CS_VERSION_KEPT;
    g_autoptr(GError) ignored = NULL;
    g_autoptr(CsDocument) base = cs_document_load(document->path, &ignored);
    if (base == NULL)
        return CS_VERSION_KEPT;
    xmlNode *base_root = xmlDocGetRootElement(base->xml);
    if (!cs_same_section(document, base, "configuration")) {
        gint64 epoch =
            MAX(cs_version_number(base_root, "epoch") + 1, cs_version_number(root, "epoch"));
        cs_set_version_number(root, "epoch", epoch);
        cs_set_version_number(root, "num_updates", 0);
        return CS_VERSION_CONFIGURATION;
    }
    if (!cs_same_section(document, base, "status")) {
        gint64 updates = MAX(cs_version_number(base_root, "num_updates") + 1,
                             cs_version_number(root, "num_updates"));
        cs_set_version_number(
            root, "epoch",
            MAX(cs_version_number(base_root, "epoch"), cs_version_number(root, "epoch")));
        cs_set_version_number(root, "num_updates", updates);
        return CS_VERSION_STATUS;
    }
    return CS_VERSION_KEPT;
}

/* ---- writing ----------------------------------------------------------- */

static gboolean cs_write_all(int fd, const guint8 *data, gsize length)
{
    while (length > 0) {
        ssize_t done = write(fd, data, MIN(length, (gsize)SSIZE_MAX));
        if (done < 0 && errno == EINTR)
            continue;
        if (done < 0)
            return FALSE;
        data += done;
        length -= (gsize)done;
    }
    return TRUE;
}

/* The temporary file gets the old file's mode and, when we may, its owner:
 * Pacemaker's own cib.xml is hacluster:haclient 0600 and must stay so. */
static gboolean cs_copy_attributes(int fd, const struct stat *old)
{
    gboolean copied = fchmod(fd, old->st_mode & 07777) == 0;

    /* Only root may give a file away; anyone else keeps it as their own. */
    copied = fchown(fd, old->st_uid, old->st_gid) == 0 && copied;
    return copied;
}

static gboolean cs_write_temporary(const char *path, int fd, const GByteArray *bytes,
                                   GError **error)
{
    if (!cs_write_all(fd, bytes->data, bytes->len))
        return cs_set_write_error(error, path, "write", errno);
    if (fsync(fd) != 0)
        return cs_set_write_error(error, path, "fsync", errno);
    return TRUE;
}

/* Keep the old file as PATH.bak.  A hard link keeps it without copying and
 * without a moment where PATH is missing; a copy is the fallback on file
 * systems without links. */
static gboolean cs_keep_backup(const char *path, GError **error)
{
    g_autofree char *backup = g_strconcat(path, ".bak", NULL);
    g_autofree char *contents = NULL;
    gsize length = 0;
    g_autoptr(GError) local = NULL;

    if (unlink(backup) != 0 && errno != ENOENT)
        return cs_set_write_error(error, backup, "cannot replace backup", errno);
    if (link(path, backup) == 0)
        return TRUE;
    if (!g_file_get_contents(path, &contents, &length, &local)
        || !g_file_set_contents(backup, contents, (gssize)length, &local)) {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_WRITE,
                    "%s: cannot keep a backup: %s", path, local->message);
        return FALSE;
    }
    return TRUE;
}

/* The rename is only durable once the directory entry is on disk. */
static void cs_sync_directory(const char *path)
{
    g_autofree char *directory = g_path_get_dirname(path);
    int fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

    if (fd < 0)
        return;
    (void)fsync(fd);
    close(fd);
}

/* Saving through a symbolic link replaces the file it points to, not the
 * link. */
static char *cs_resolve_target(const char *path)
{
    struct stat info;
    char *resolved;

    if (lstat(path, &info) == 0 && S_ISLNK(info.st_mode)
        && (resolved = realpath(path, NULL)) != NULL) {
        char *copy = g_strdup(resolved);
        free(resolved);
        return copy;
    }
    return g_strdup(path);
}

static gboolean cs_replace_file(const char *path, const GByteArray *bytes, GError **error)
{
    g_autofree char *target = cs_resolve_target(path);
    g_autofree char *directory = g_path_get_dirname(target);
    g_autofree char *base = g_path_get_basename(target);
    g_autofree char *temporary = g_strdup_printf("%s/.%s.XXXXXX", directory, base);
    struct stat old;
    gboolean existed = stat(target, &old) == 0;

    int fd = g_mkstemp_full(temporary, O_WRONLY | O_CLOEXEC, 0666);
    if (fd < 0)
        return cs_set_write_error(error, path, "cannot create a temporary file", errno);
    if (existed)
        cs_copy_attributes(fd, &old);
    gboolean written = cs_write_temporary(path, fd, bytes, error);
    if (close(fd) != 0 && written)
        written = cs_set_write_error(error, path, "close", errno);
    if (written && existed)
        written = cs_keep_backup(target, error);
    if (written && rename(temporary, target) != 0)
        written = cs_set_write_error(error, path, "rename", errno);
    if (!written) {
        unlink(temporary);
        return FALSE;
    }
    cs_sync_directory(target);
    return TRUE;
}

gboolean cs_document_save(CsDocument *document, const char *path, GError **error)
{
    if (path == NULL)
        path = document->path;
    cs_document_bump_version(document);
    g_autoptr(GByteArray) bytes = cs_encode(document, path, error);
    if (bytes == NULL)
        return FALSE;
    if (strcmp(path, "-") == 0) {
        if (!cs_write_all(STDOUT_FILENO, bytes->data, bytes->len))
            return cs_set_write_error(error, "<stdout>", "write", errno);
        return TRUE;
    }
    return cs_replace_file(path, bytes, error);
}
