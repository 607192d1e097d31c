/* document.c: loading a CIB into a libxml2 document.
 *
 * The bytes come from a file, standard input or memory; gzip and bzip2 are
 * recognised by their magic numbers (pe-input-N.bz2 files keep their name
 * when recompressed, and cib.xml may be anything), decompressed in chunks
 * so that the size limit stops a decompression bomb after at most one
 * chunk past the limit.  libxml2 then parses with network access off, no
 * entity substitution, no DTD loading and whitespace kept: the tree is the
 * source of truth and must serialize back to the bytes it came from.
 */
#include "cib/document.h"
#include "cib/schema.h"

#include <bzlib.h>
#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <limits.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* G_DEFINE_QUARK stringifies its first argument: keep it unspaced. */
/* clang-format off */
G_DEFINE_QUARK(cs-document-error-quark, cs_document_error)
/* clang-format on */

#define CS_CHUNK_BYTES ((gsize)64 * 1024)
#define CS_KIB ((gsize)1024)
#define CS_MIB (CS_KIB * 1024)

/* libxml2 2.12 made the structured error callback take a const pointer. */
#if LIBXML_VERSION >= 21200
typedef const xmlError CsXmlError;
#else
typedef xmlError CsXmlError;
#endif

static gsize cs_max_bytes = CS_DOCUMENT_MAX_BYTES;

gsize cs_document_set_max_bytes(gsize max_bytes)
{
    gsize previous = cs_max_bytes;

    /* Buffers are GByteArrays, whose length is a guint; stay well inside. */
    cs_max_bytes = MIN(max_bytes, (gsize)INT_MAX);
    return previous;
}

/* ---- errors ------------------------------------------------------------ */

static char *cs_describe_size(gsize bytes)
{
    if (bytes >= CS_MIB && bytes % CS_MIB == 0)
        return g_strdup_printf("%" G_GSIZE_FORMAT " MiB", bytes / CS_MIB);
    if (bytes >= CS_KIB && bytes % CS_KIB == 0)
        return g_strdup_printf("%" G_GSIZE_FORMAT " KiB", bytes / CS_KIB);
    return g_strdup_printf("%" G_GSIZE_FORMAT " bytes", bytes);
}

static void cs_set_too_large(GError **error, const char *name)
{
    g_autofree char *limit = cs_describe_size(cs_max_bytes);

    g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_TOO_LARGE, "%s: larger than %s", name,
                limit);
}

/* ---- reading raw bytes ------------------------------------------------- */

/* Reads fd to the end, refusing more than the size limit: the raw bytes
 * of a compressed document are bounded by it too. */
static GByteArray *cs_read_fd(int fd, const char *name, GError **error)
{
    struct stat info;
    gsize expected = 0;
    gsize used = 0;

    /* A regular file's size spares the buffer its doublings; a pipe has
     * none and grows as it goes. */
    if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0)
        expected = MIN((gsize)info.st_size, cs_max_bytes) + CS_CHUNK_BYTES;
    g_autoptr(GByteArray) buffer = g_byte_array_sized_new((guint)expected);

    for (;;) {
        g_byte_array_set_size(buffer, (guint)(used + CS_CHUNK_BYTES));
        ssize_t got = read(fd, buffer->data + used, CS_CHUNK_BYTES);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int saved = errno;
            g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_READ, "%s: %s", name,
                        g_strerror(saved));
            return NULL;
        }
        if (got == 0)
            break;
        used += (gsize)got;
        if (used > cs_max_bytes) {
            cs_set_too_large(error, name);
            return NULL;
        }
    }
    g_byte_array_set_size(buffer, (guint)used);
    return g_steal_pointer(&buffer);
}

/* ---- decompression ----------------------------------------------------- */

static CsCompression cs_detect_compression(const char *data, gsize length)
{
    if (length >= 2 && (guint8)data[0] == 0x1f && (guint8)data[1] == 0x8b)
        return CS_COMPRESSION_GZIP;
    if (length >= 3 && memcmp(data, "BZh", 3) == 0)
        return CS_COMPRESSION_BZIP2;
    return CS_COMPRESSION_NONE;
}

static void cs_set_compression_error(GError **error, const char *name, const char *problem,
                                     const char *format)
{
    g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_COMPRESSION, "%s: %s %s data", name,
                problem, format);
}

/* Makes room for one more chunk of output after the used bytes. */
static guint8 *cs_output_room(GByteArray *output, gsize used)
{
    g_byte_array_set_size(output, (guint)(used + CS_CHUNK_BYTES));
    return output->data + used;
}

/* What follows a finished gzip or bzip2 stream: nothing, another stream
 * (gzip and pbzip2 both write concatenated streams), or garbage. */
static gboolean cs_another_stream(const char *rest, gsize rest_length, CsCompression compression)
{
    return cs_detect_compression(rest, rest_length) == compression;
}

static GByteArray *cs_gunzip(const char *data, gsize length, const char *name, GError **error)
{
    g_autoptr(GZlibDecompressor) decompressor =
        g_zlib_decompressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP);
    g_autoptr(GByteArray) output = g_byte_array_new();
    gsize consumed = 0, used = 0;

    for (;;) {
        g_autoptr(GError) local = NULL;
        gsize bytes_read = 0, bytes_written = 0;
        guint8 *room = cs_output_room(output, used);
        GConverterResult result = g_converter_convert(
            G_CONVERTER(decompressor), data + consumed, length - consumed, room, CS_CHUNK_BYTES,
            G_CONVERTER_INPUT_AT_END, &bytes_read, &bytes_written, &local);

        consumed += bytes_read;
        used += bytes_written;
        if (used > cs_max_bytes) {
            cs_set_too_large(error, name);
            return NULL;
        }
        if (result == G_CONVERTER_ERROR) {
            gboolean truncated = g_error_matches(local, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT);
            cs_set_compression_error(error, name, truncated ? "truncated" : "corrupt", "gzip");
            return NULL;
        }
        if (result == G_CONVERTER_FINISHED) {
            if (consumed == length)
                break;
            if (!cs_another_stream(data + consumed, length - consumed, CS_COMPRESSION_GZIP)) {
                cs_set_compression_error(error, name, "garbage after", "gzip");
                return NULL;
            }
            g_converter_reset(G_CONVERTER(decompressor));
        } else if (bytes_read == 0 && bytes_written == 0) {
            cs_set_compression_error(error, name, "truncated", "gzip");
            return NULL;
        }
    }
    g_byte_array_set_size(output, (guint)used);
    return g_steal_pointer(&output);
}

/* One BZ2_bzDecompress step; returns its status and advances the counts. */
static int cs_bunzip2_step(bz_stream *stream, const char *data, gsize length, gsize *consumed,
                           GByteArray *output, gsize *used)
{
    gsize input = MIN(length - *consumed, (gsize)UINT_MAX);

    stream->next_in = (char *)data + *consumed;
    stream->avail_in = (unsigned int)input;
    stream->next_out = (char *)cs_output_room(output, *used);
    stream->avail_out = (unsigned int)CS_CHUNK_BYTES;
    int status = BZ2_bzDecompress(stream);
    *consumed += input - stream->avail_in;
    *used += CS_CHUNK_BYTES - stream->avail_out;
    return status;
}

static GByteArray *cs_bunzip2(const char *data, gsize length, const char *name, GError **error)
{
    g_autoptr(GByteArray) output = g_byte_array_new();
    gsize consumed = 0, used = 0;
    bz_stream stream;
    const char *problem = NULL;

    memset(&stream, 0, sizeof stream);
    if (BZ2_bzDecompressInit(&stream, 0, 0) != BZ_OK) {
        cs_set_compression_error(error, name, "cannot decompress", "bzip2");
        return NULL;
    }
    while (problem == NULL) {
        gsize before_in = consumed, before_out = used;
        int status = cs_bunzip2_step(&stream, data, length, &consumed, output, &used);
        if (used > cs_max_bytes)
            break;
        if (status == BZ_STREAM_END) {
            if (consumed == length)
                break;
            if (!cs_another_stream(data + consumed, length - consumed, CS_COMPRESSION_BZIP2))
                problem = "garbage after";
            BZ2_bzDecompressEnd(&stream);
            memset(&stream, 0, sizeof stream);
            if (problem == NULL && BZ2_bzDecompressInit(&stream, 0, 0) != BZ_OK)
                problem = "cannot decompress";
        } else if (status != BZ_OK) {
            problem = status == BZ_MEM_ERROR ? "out of memory for" : "corrupt";
        } else if (consumed == before_in && used == before_out) {
            problem = "truncated";
        }
    }
    BZ2_bzDecompressEnd(&stream);
    if (used > cs_max_bytes) {
        cs_set_too_large(error, name);
        return NULL;
    }
    if (problem != NULL) {
        cs_set_compression_error(error, name, problem, "bzip2");
        return NULL;
    }
    g_byte_array_set_size(output, (guint)used);
    return g_steal_pointer(&output);
}

/* ---- parsing ----------------------------------------------------------- */

/* The first error libxml2 reports is the one that names the real problem;
 * later ones are often consequences of it.  A fatal error is preferred to
 * a recoverable one (a namespace error) reported before it. */
typedef struct {
    int line;
    char *message;
    gboolean fatal;
} CsFirstError;

/* One line, no control characters (a garbage document can put raw bytes
 * into libxml2's messages), and libxml2's advice to use XML_PARSE_HUGE
 * replaced by what the limit means to the user. */
static char *cs_clean_message(const CsXmlError *error)
{
    const char *text = error->message != NULL ? error->message : "parse error";

    if (g_str_has_prefix(text, "Excessive depth in document"))
        return g_strdup_printf("elements nested more than %u levels deep", xmlParserMaxDepth);
    char *message = g_strstrip(g_strdup(text));
    for (char *cursor = message; *cursor != '\0'; cursor++) {
        if ((guchar)*cursor < 0x20 || *cursor == 0x7f)
            *cursor = ' ';
    }
    return message;
}

static void cs_capture_error(void *user_data, CsXmlError *error)
{
    xmlParserCtxt *context = user_data;
    CsFirstError *first = context->_private;
    gboolean fatal = error->level == XML_ERR_FATAL;

    if (error->level < XML_ERR_ERROR)
        return;
    if (first->message != NULL && (first->fatal || !fatal))
        return;
    g_free(first->message);
    first->message = cs_clean_message(error);
    first->line = error->line;
    first->fatal = fatal;
}

/* XML_PARSE_NONET: never fetch anything.  No XML_PARSE_NOENT (entities
 * stay references), no XML_PARSE_DTDLOAD/DTDATTR (no external subset), no
 * XML_PARSE_NOBLANKS (whitespace is part of the bytes we preserve), no
 * XML_PARSE_HUGE (libxml2's depth and size limits stay on).  BIG_LINES only
 * lets xmlGetLineNo report lines past 65535 for error messages.  COMPACT
 * stores short text (most attribute values) inside its node instead of a
 * separate allocation: a tenth fewer instructions to parse, and the tree
 * reads and serializes the same. */
#define CS_PARSE_OPTIONS (XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_COMPACT)

/* libxml2 2.9 will not look more than 10 MB into an in-memory buffer
 * without XML_PARSE_HUGE ("Huge input lookup"), and a CIB of 64 nodes and
 * 10,000 resources is larger than that.  Handing it the same bytes through
 * a read callback lets the parser drop what it has consumed, so that limit
 * never bites, while the depth and name-length limits stay on. */
typedef struct {
    const char *next;
    gsize left;
} CsReader;

static int cs_read_chunk(void *context, char *buffer, int length)
{
    CsReader *reader = context;
    gsize count = MIN(reader->left, (gsize)length);

    memcpy(buffer, reader->next, count);
    reader->next += count;
    reader->left -= count;
    return (int)count;
}

static xmlDoc *cs_parse(const char *text, gsize length, const char *name, GError **error)
{
    CsFirstError first = {0, NULL, FALSE};
    xmlParserCtxt *context = xmlNewParserCtxt();

    if (context == NULL) {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_PARSE, "%s: out of memory", name);
        return NULL;
    }
    context->_private = &first;
    context->sax->serror = cs_capture_error;
    CsReader reader = {text, length};
    xmlDoc *xml =
        xmlCtxtReadIO(context, cs_read_chunk, NULL, &reader, name, NULL, CS_PARSE_OPTIONS);
    xmlFreeParserCtxt(context);
    if (xml == NULL) {
        if (first.message != NULL)
            g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_PARSE, "%s:%d: %s", name,
                        first.line, first.message);
        else
            g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_PARSE,
                        "%s: not a well-formed XML document", name);
    }
    g_free(first.message);
    return xml;
}

/* Whether the text starts with an XML declaration (after a UTF-8 byte
 * order mark): xmlDoc cannot tell, it sets version "1.0" either way. */
static gboolean cs_has_declaration(const char *text, gsize length)
{
    if (length >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
        text += 3;
        length -= 3;
    }
    return length >= 6 && memcmp(text, "<?xml", 5) == 0 && g_ascii_isspace(text[5]);
}

/* Binary garbage would otherwise be reported by libxml2 as "Document is
 * empty" or as an encoding problem; say plainly what it is instead.  A
 * UTF-16 byte order mark is left for libxml2 to judge. */
static gboolean cs_check_start(const char *text, gsize length, const char *name, GError **error)
{
    gsize at = 0;

    if (length >= 2 && ((guint8)text[0] == 0xff || (guint8)text[0] == 0xfe)
        && ((guint8)text[1] ^ (guint8)text[0]) == 0x01)
        return TRUE;
    if (length >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
        at = 3;
    while (at < length && g_ascii_isspace(text[at]))
        at++;
    if (at == length) {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_PARSE, "%s: empty document", name);
        return FALSE;
    }
    if (text[at] != '<') {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_PARSE,
                    "%s: not an XML document (nor gzip or bzip2 data)", name);
        return FALSE;
    }
    return TRUE;
}

/* ---- the id index and sections ----------------------------------------- */

/* The value of node's own id attribute without copying it when it is
 * plain text (it nearly always is); *copy is set when a copy had to be
 * made (entity references in the value) and must be freed. */
static const xmlChar *cs_element_id(xmlNode *node, xmlChar **copy)
{
    *copy = NULL;
    for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next) {
        if (attr->ns != NULL || !xmlStrEqual(attr->name, BAD_CAST "id"))
            continue;
        xmlNode *text = attr->children;
        if (text != NULL && text->type == XML_TEXT_NODE && text->next == NULL)
            return text->content;
        *copy = xmlNodeGetContent((xmlNode *)attr);
        return *copy;
    }
    return NULL;
}

/* Another element holding key, an id some element before it holds. */
static void cs_index_other_add(CsDocument *document, gpointer key, xmlNode *element)
{
    GPtrArray *others = g_hash_table_lookup(document->duplicated, key);

    if (others == NULL) {
        others = g_ptr_array_new();
        g_hash_table_insert(document->duplicated, key, others);
    }
    g_ptr_array_add(others, element);
}

/* Reindexing runs after every edit: the keys are copied into one string
 * chunk, emptied and refilled each time, rather than allocated one by one.
 * (Interning them in the document's xmlDict was tried: libxml2 2.9 caps
 * that table's size, and lookups slow down badly past some 100,000 ids.) */
static void cs_index_elements(CsDocument *document, xmlNode *node)
{
    for (; node != NULL; node = node->next) {
        if (node->type != XML_ELEMENT_NODE)
            continue;
        xmlChar *copy;
        const char *id = (const char *)cs_element_id(node, &copy);
        if (id != NULL && id[0] != '\0') {
            gpointer key;
            if (!g_hash_table_lookup_extended(document->ids, id, &key, NULL))
                g_hash_table_insert(document->ids, g_string_chunk_insert(document->id_strings, id),
                                    node);
            else
                cs_index_other_add(document, key, node);
        }
        xmlFree(copy);
        if (node->children != NULL)
            cs_index_elements(document, node->children);
    }
}

void cs_document_reindex(CsDocument *document)
{
    if (document->ids != NULL)
        g_hash_table_remove_all(document->ids);
    else
        document->ids = g_hash_table_new(g_str_hash, g_str_equal);
    if (document->duplicated != NULL)
        g_hash_table_remove_all(document->duplicated);
    else
        document->duplicated =
            g_hash_table_new_full(g_str_hash, g_str_equal, NULL, (GDestroyNotify)g_ptr_array_unref);
    if (document->id_strings != NULL)
        g_string_chunk_clear(document->id_strings);
    else
        document->id_strings = g_string_chunk_new(64 * 1024);
    cs_index_elements(document, xmlDocGetRootElement(document->xml));
}

/* ---- keeping the index after an edit ------------------------------------
 * doc/DESIGN.md "Performance": an edit and its re-solve within one frame, and
 * walking a large document to index it again costs a fifth of that.  So
 * the index follows an edit step by step: a subtree linked adds its ids,
 * one unlinked takes them away, an id attribute replaced swaps its key.
 * Ids held twice are common (<node id="1"> and <node_state id="1">, a
 * primitive and its <lrm_resource>): the first in document order keeps
 * the key, and the others are kept beside it (duplicated), so that when
 * the holder goes the first of them in document order holds it next (a
 * node removed: its node_state; a primitive: its first history). */

/* Whether a comes before b in document order (both in one tree). */
static gboolean cs_before(const xmlNode *a, const xmlNode *b)
{
    int depth_a = 0, depth_b = 0;

    for (const xmlNode *up = a; up->parent != NULL; up = up->parent)
        depth_a++;
    for (const xmlNode *up = b; up->parent != NULL; up = up->parent)
        depth_b++;
    gboolean a_higher = depth_a <= depth_b;
    for (; depth_a > depth_b; depth_a--)
        a = a->parent;
    for (; depth_b > depth_a; depth_b--)
        b = b->parent;
    if (a == b)
        return a_higher; /* an ancestor comes first */
    while (a->parent != b->parent) {
        a = a->parent;
        b = b->parent;
    }
    for (const xmlNode *next = a->next; next != NULL; next = next->next)
        if (next == b)
            return TRUE;
    return FALSE;
}

/* Adds element's id, unless an element before it holds that id. */
static void cs_index_add(CsDocument *document, xmlNode *element, const char *id)
{
    gpointer key, holder;

    if (id == NULL || id[0] == '\0')
        return;
    if (!g_hash_table_lookup_extended(document->ids, id, &key, &holder)) {
        g_hash_table_insert(document->ids, g_string_chunk_insert(document->id_strings, id),
                            element);
        return;
    }
    if (holder == element)
        return;
    GPtrArray *others = g_hash_table_lookup(document->duplicated, key);
    if (others != NULL && g_ptr_array_find(others, element, NULL))
        return;
    if (cs_before(element, holder)) {
        g_hash_table_insert(document->ids, key, element);
        cs_index_other_add(document, key, holder);
    } else {
        cs_index_other_add(document, key, element);
    }
}

/* Whether element is in the document (not in a subtree taken out). */
static gboolean cs_in_document(const xmlNode *element)
{
    while (element->parent != NULL)
        element = element->parent;
    return element->type == XML_DOCUMENT_NODE;
}

/* The other holders of key, element taken out of them, and those out of
 * the document (a later step of the same edit takes their ids out; one
 * that links them back puts them in again); NULL when none is left, and
 * key is no longer held twice. */
static GPtrArray *cs_index_prune(CsDocument *document, gpointer key, const xmlNode *element)
{
    GPtrArray *others = g_hash_table_lookup(document->duplicated, key);

    for (guint i = 0; others != NULL && i < others->len;) {
        const xmlNode *other = g_ptr_array_index(others, i);
        if (other == element || !cs_in_document(other))
            g_ptr_array_remove_index_fast(others, i);
        else
            i++;
    }
    if (others != NULL && others->len == 0) {
        g_hash_table_remove(document->duplicated, key);
        return NULL;
    }
    return others;
}

/* The first in document order of the other holders of key (element, the
 * holder, going), taken out of them; NULL when none is left. */
static xmlNode *cs_index_next_holder(CsDocument *document, gpointer key, xmlNode *element)
{
    GPtrArray *others = cs_index_prune(document, key, element);
    xmlNode *first = NULL;

    for (guint i = 0; others != NULL && i < others->len; i++) {
        xmlNode *other = g_ptr_array_index(others, i);
        if (first == NULL || cs_before(other, first))
            first = other;
    }
    if (first != NULL) {
        g_ptr_array_remove_fast(others, first);
        if (others->len == 0)
            g_hash_table_remove(document->duplicated, key);
    }
    return first;
}

/* Takes element's id out; the next element holding it, if any, holds
 * it then.  TRUE: the index follows every removal now. */
static gboolean cs_index_remove(CsDocument *document, xmlNode *element, const char *id)
{
    gpointer key, holder;

    if (id == NULL || !g_hash_table_lookup_extended(document->ids, id, &key, &holder))
        return TRUE;
    if (holder != element) {
        cs_index_prune(document, key, element); /* element is no other now */
        return TRUE;
    }
    xmlNode *next = cs_index_next_holder(document, key, element);
    if (next != NULL)
        g_hash_table_insert(document->ids, key, next);
    else
        g_hash_table_remove(document->ids, id);
    return TRUE;
}

static gboolean cs_index_subtree(CsDocument *document, xmlNode *element, gboolean add)
{
    gboolean ok = TRUE;

    if (element->type != XML_ELEMENT_NODE)
        return TRUE;
    xmlChar *copy;
    const char *id = (const char *)cs_element_id(element, &copy);
    if (add)
        cs_index_add(document, element, id);
    else
        ok = cs_index_remove(document, element, id);
    xmlFree(copy);
    for (xmlNode *child = element->children; ok && child != NULL; child = child->next)
        ok = cs_index_subtree(document, child, add);
    return ok;
}

static const char *cs_attribute_id(const xmlAttr *attr, xmlChar **copy)
{
    *copy = NULL;
    if (attr == NULL || attr->ns != NULL || !xmlStrEqual(attr->name, BAD_CAST "id"))
        return NULL;
    *copy = xmlNodeGetContent((const xmlNode *)attr);
    return (const char *)*copy;
}

gboolean cs_document_index_update(CsDocument *document, CsIndexChange change, xmlNode *node,
                                  xmlAttr *outgoing, xmlAttr *incoming)
{
    if (document->ids == NULL)
        return FALSE;
    if (change == CS_INDEX_LINKED)
        return cs_index_subtree(document, node, TRUE);
    if (change == CS_INDEX_UNLINKED)
        return cs_index_subtree(document, node, FALSE);
    xmlChar *old_copy, *new_copy;
    const char *old_id = cs_attribute_id(outgoing, &old_copy);
    const char *new_id = cs_attribute_id(incoming, &new_copy);
    gboolean ok = cs_index_remove(document, node, old_id);
    if (ok)
        cs_index_add(document, node, new_id);
    xmlFree(old_copy);
    xmlFree(new_copy);
    return ok;
}

xmlNode *cs_document_lookup_id(const CsDocument *document, const char *id)
{
    if (document == NULL || document->ids == NULL || id == NULL)
        return NULL;
    return g_hash_table_lookup(document->ids, id);
}

static xmlNode *cs_child_element(xmlNode *parent, const char *name)
{
    if (parent == NULL)
        return NULL;
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (child->type == XML_ELEMENT_NODE && xmlStrEqual(child->name, BAD_CAST name))
            return child;
    }
    return NULL;
}

xmlNode *cs_document_section(const CsDocument *document, const char *section)
{
    if (document == NULL || section == NULL)
        return NULL;
    xmlNode *root = xmlDocGetRootElement(document->xml);
    if (strcmp(section, "status") == 0)
        return cs_child_element(root, "status");
    return cs_child_element(cs_child_element(root, "configuration"), section);
}

/* ---- loading ----------------------------------------------------------- */

static GByteArray *cs_decompress(const char *data, gsize length, CsCompression compression,
                                 const char *name, GError **error)
{
    if (compression == CS_COMPRESSION_GZIP)
        return cs_gunzip(data, length, name, error);
    return cs_bunzip2(data, length, name, error);
}

static gboolean cs_check_root(xmlDoc *xml, const char *name, GError **error)
{
    xmlNode *root = xmlDocGetRootElement(xml);

    if (root == NULL) {
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_NOT_CIB, "%s: no root element",
                    name);
        return FALSE;
    }
    if (!xmlStrEqual(root->name, BAD_CAST "cib")) {
        g_autofree char *shown = g_strescape((const char *)root->name, NULL);
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_NOT_CIB,
                    "%s: root element is <%s>, not <cib>", name, shown);
        return FALSE;
    }
    return TRUE;
}

CsDocument *cs_document_load_memory(const char *data, gsize length, const char *name,
                                    GError **error)
{
    g_autoptr(GByteArray) plain = NULL;
    g_return_val_if_fail(data != NULL || length == 0, NULL);
    CsCompression compression = cs_detect_compression(data, length);

    if (name == NULL)
        name = "<memory>";
    if (length > cs_max_bytes) {
        cs_set_too_large(error, name);
        return NULL;
    }
    if (compression != CS_COMPRESSION_NONE) {
        plain = cs_decompress(data, length, compression, name, error);
        if (plain == NULL)
            return NULL;
        data = (const char *)plain->data;
        length = plain->len;
    }
    if (!cs_check_start(data, length, name, error))
        return NULL;
    xmlDoc *xml = cs_parse(data, length, name, error);
    if (xml == NULL)
        return NULL;
    if (!cs_check_root(xml, name, error) || !cs_schema_validate(xml, name, error)) {
        xmlFreeDoc(xml);
        return NULL;
    }
    CsDocument *document = g_new0(CsDocument, 1);
    document->xml = xml;
    document->path = g_strdup(name);
    document->compression = compression;
    /* A declared encoding can only come from a declaration (UTF-16 text
     * included, which cs_has_declaration does not read). */
    document->declaration = cs_has_declaration(data, length) || xml->encoding != NULL;
    cs_document_reindex(document);
    return document;
}

/* A regular file is mapped rather than read: no copy, and no multi-MiB
 * buffer handed back to malloc, which would raise glibc's dynamic mmap
 * threshold so that later large buffers (the printed scores) stay in the
 * heap and the peak memory grows by as much.  NULL with *error unset when
 * the file cannot be mapped: it is then read. */
static CsDocument *cs_load_mapped(int fd, const char *path, gboolean *mapped, GError **error)
{
    struct stat info;

    *mapped = FALSE;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0)
        return NULL;
    if ((gsize)info.st_size > cs_max_bytes) {
        *mapped = TRUE;
        cs_set_too_large(error, path);
        return NULL;
    }
    void *data = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (data == MAP_FAILED)
        return NULL;
    *mapped = TRUE;
    CsDocument *document = cs_document_load_memory(data, (gsize)info.st_size, path, error);
    munmap(data, (size_t)info.st_size);
    return document;
}

static CsDocument *cs_load_file(const char *path, GError **error)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    gboolean mapped;

    if (fd < 0) {
        int saved = errno;
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_READ, "%s: %s", path,
                    g_strerror(saved));
        return NULL;
    }
    CsDocument *document = cs_load_mapped(fd, path, &mapped, error);
    if (!mapped) {
        g_autoptr(GByteArray) raw = cs_read_fd(fd, path, error);
        if (raw != NULL)
            document = cs_document_load_memory((const char *)raw->data, raw->len, path, error);
    }
    close(fd);
    return document;
}

CsDocument *cs_document_load(const char *path, GError **error)
{
    g_return_val_if_fail(path != NULL, NULL);
    if (strcmp(path, "-") != 0)
        return cs_load_file(path, error);

    g_autoptr(GByteArray) raw = cs_read_fd(STDIN_FILENO, "<stdin>", error);
    if (raw == NULL)
        return NULL;
    CsDocument *document =
        cs_document_load_memory((const char *)raw->data, raw->len, "<stdin>", error);
    if (document != NULL) {
        g_free(document->path);
        document->path = g_strdup(path);
    }
    return document;
}

CsDocument *cs_document_copy(const CsDocument *document)
{
    CsDocument *copy = g_new0(CsDocument, 1);
    copy->xml = xmlCopyDoc(document->xml, 1);
    copy->path = g_strdup(document->path);
    copy->compression = document->compression;
    copy->declaration = document->declaration;
    cs_document_reindex(copy);
    return copy;
}

void cs_document_free(CsDocument *document)
{
    if (document == NULL)
        return;
    /* The index goes before the tree: freeing its large arrays after the
     * tree's many small blocks would make glibc consolidate them all. */
    if (document->ids != NULL)
        g_hash_table_unref(document->ids);
    if (document->duplicated != NULL)
        g_hash_table_unref(document->duplicated);
    if (document->id_strings != NULL)
        g_string_chunk_free(document->id_strings);
    xmlFreeDoc(document->xml);
    g_free(document->path);
    g_free(document);
}
