/* check_document.c: loading and saving CIB documents. */
#include "cib/document.h"
#include "cib/schema.h"

#include <bzlib.h>
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include "testlib.h"

#define BAD_DIR CS_TESTDATA "/bad"
#define CORPUS_SUBDIR "corpus/pacemaker-2.1.5/xml"
#define SMALL_CIB "<cib epoch=\"1\">\n  <configuration/>\n  <status/>\n</cib>\n"

/* ---- helpers ----------------------------------------------------------- */

/* The shared corpus, or NULL (with the reason printed) when it is absent.
 * test is __func__, which check's START_TEST suffixes with "_fn". */
static char *corpus_dir(const char *function)
{
    const char *shared = g_getenv("SHARED_DIR");
    g_autofree char *test = g_strdup(function);

    if (g_str_has_suffix(test, "_fn"))
        test[strlen(test) - 3] = '\0';

    if (shared == NULL || *shared == '\0') {
        printf("%s: skipped, SHARED_DIR is not set\n", test);
        return NULL;
    }
    char *dir = g_build_filename(shared, CORPUS_SUBDIR, NULL);
    if (!g_file_test(dir, G_FILE_TEST_IS_DIR)) {
        printf("%s: skipped, %s is missing\n", test, dir);
        g_free(dir);
        return NULL;
    }
    return dir;
}

static char *simple1_path(const char *test)
{
    g_autofree char *dir = corpus_dir(test);

    return dir != NULL ? g_build_filename(dir, "simple1.xml", NULL) : NULL;
}

#define SIMPLE1_OR_SKIP(variable)                                                                  \
    g_autofree char *variable = simple1_path(__func__);                                            \
    if (variable == NULL)                                                                          \
    return

static GBytes *read_bytes(const char *path)
{
    char *contents = NULL;
    gsize length = 0;
    g_autoptr(GError) error = NULL;

    ck_assert_msg(g_file_get_contents(path, &contents, &length, &error), "%s",
                  error != NULL ? error->message : path);
    return g_bytes_new_take(contents, length);
}

static void write_bytes(const char *path, const void *data, gsize length)
{
    g_autoptr(GError) error = NULL;

    ck_assert_msg(g_file_set_contents(path, data, (gssize)length, &error), "%s",
                  error != NULL ? error->message : path);
}

static GBytes *gzip_bytes(const void *data, gsize length)
{
    g_autoptr(GZlibCompressor) compressor = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);
    gsize room = length + length / 2 + 1024, read_bytes_count = 0, written = 0;
    guint8 *output = g_malloc(room);
    g_autoptr(GError) error = NULL;

    GConverterResult result =
        g_converter_convert(G_CONVERTER(compressor), data, length, output, room,
                            G_CONVERTER_INPUT_AT_END, &read_bytes_count, &written, &error);
    ck_assert_int_eq(result, G_CONVERTER_FINISHED);
    ck_assert_uint_eq(read_bytes_count, length);
    return g_bytes_new_take(output, written);
}

static GBytes *bzip2_bytes(const void *data, gsize length)
{
    unsigned int room = (unsigned int)(length + length / 100 + 1024);
    char *output = g_malloc(room);

    ck_assert_int_eq(
        BZ2_bzBuffToBuffCompress(output, &room, (char *)data, (unsigned int)length, 9, 0, 0),
        BZ_OK);
    return g_bytes_new_take(output, room);
}

static char *make_temp_dir(void)
{
    g_autoptr(GError) error = NULL;
    char *dir = g_dir_make_tmp("check_document-XXXXXX", &error);

    ck_assert_msg(dir != NULL, "%s", error != NULL ? error->message : "");
    return dir;
}

static const char *root_attribute(const CsDocument *document, const char *name)
{
    static char value[256];
    xmlChar *found = xmlGetProp(xmlDocGetRootElement(document->xml), BAD_CAST name);

    ck_assert_ptr_nonnull(found);
    g_strlcpy(value, (const char *)found, sizeof value);
    xmlFree(found);
    return value;
}

static const char *node_name(const xmlNode *node)
{
    ck_assert_ptr_nonnull(node);
    return (const char *)node->name;
}

/* What every load of simple1.xml, however stored, must give. */
static void assert_simple1(const CsDocument *document)
{
    ck_assert_str_eq(node_name(xmlDocGetRootElement(document->xml)), "cib");
    ck_assert_str_eq(root_attribute(document, "epoch"), "1");
    ck_assert_str_eq(root_attribute(document, "admin_epoch"), "0");
    ck_assert_str_eq(root_attribute(document, "num_updates"), "1");
    ck_assert_str_eq(root_attribute(document, "validate-with"), "pacemaker-3.0");
    ck_assert_uint_eq(g_hash_table_size(document->ids), 7);
    ck_assert_str_eq(node_name(cs_document_lookup_id(document, "rsc1")), "primitive");
    ck_assert_str_eq(node_name(cs_document_lookup_id(document, "opt-no-stonith")), "nvpair");
    /* node_state id="node1" in status comes after node id="node1". */
    ck_assert_str_eq(node_name(cs_document_lookup_id(document, "node1")), "node");
    ck_assert_ptr_null(cs_document_lookup_id(document, "rsc2"));
    ck_assert_str_eq(node_name(cs_document_section(document, "crm_config")), "crm_config");
    ck_assert_str_eq(node_name(cs_document_section(document, "resources")), "resources");
    ck_assert_str_eq(node_name(cs_document_section(document, "nodes")), "nodes");
    ck_assert_str_eq(node_name(cs_document_section(document, "constraints")), "constraints");
    ck_assert_str_eq(node_name(cs_document_section(document, "status")), "status");
    ck_assert_ptr_null(cs_document_section(document, "rsc_defaults"));
    ck_assert_ptr_null(cs_document_section(document, "tags"));
}

static void assert_load_fails(const char *path, CsDocumentError code, const char *expected)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = cs_document_load(path, &error);

    ck_assert_ptr_null(document);
    ck_assert_ptr_nonnull(error);
    ck_assert_msg(error->domain == CS_DOCUMENT_ERROR, "domain of %s", path);
    ck_assert_str_eq(error->message, expected);
    ck_assert_int_eq(error->code, code);
    ck_assert_ptr_null(strchr(error->message, '\n'));
}

static CsDocument *load_ok(const char *path)
{
    g_autoptr(GError) error = NULL;
    CsDocument *document = cs_document_load(path, &error);

    ck_assert_msg(document != NULL, "%s", error != NULL ? error->message : path);
    return document;
}

static CsDocument *load_memory_ok(const char *text)
{
    g_autoptr(GError) error = NULL;
    CsDocument *document = cs_document_load_memory(text, strlen(text), "mem.xml", &error);

    ck_assert_msg(document != NULL, "%s", error != NULL ? error->message : "");
    return document;
}

/* ---- successful loads ------------------------------------------------- */

START_TEST(test_load_plain)
{
    SIMPLE1_OR_SKIP(path);
    g_autoptr(CsDocument) document = load_ok(path);

    assert_simple1(document);
    ck_assert_int_eq(document->compression, CS_COMPRESSION_NONE);
    ck_assert_str_eq(document->path, path);
    ck_assert(!document->declaration);
}
END_TEST

static void check_compressed_copy(gboolean use_bzip2)
{
    SIMPLE1_OR_SKIP(source);
    g_autofree char *dir = make_temp_dir();
    /* The name says nothing about the content: detection is by magic. */
    g_autofree char *copy = g_build_filename(dir, "cib.xml", NULL);
    g_autoptr(GBytes) plain = read_bytes(source);
    gsize length = 0;
    const void *data = g_bytes_get_data(plain, &length);
    g_autoptr(GBytes) packed = use_bzip2 ? bzip2_bytes(data, length) : gzip_bytes(data, length);
    gsize packed_length = 0;
    const void *packed_data = g_bytes_get_data(packed, &packed_length);

    write_bytes(copy, packed_data, packed_length);
    g_autoptr(CsDocument) document = load_ok(copy);
    assert_simple1(document);
    ck_assert_int_eq(document->compression, use_bzip2 ? CS_COMPRESSION_BZIP2 : CS_COMPRESSION_GZIP);
    unlink(copy);
    rmdir(dir);
}

START_TEST(test_load_gzip)
{
    check_compressed_copy(FALSE);
}
END_TEST

START_TEST(test_load_bzip2)
{
    check_compressed_copy(TRUE);
}
END_TEST

/* Two gzip members (or bzip2 streams) one after the other are one file to
 * gunzip and bunzip2, and to us. */
START_TEST(test_load_concatenated_streams)
{
    const char *head = "<cib epoch=\"3\">\n  <configuration/>\n";
    const char *tail = "  <status/>\n</cib>\n";

    for (int use_bzip2 = 0; use_bzip2 <= 1; use_bzip2++) {
        g_autoptr(GBytes) first =
            use_bzip2 ? bzip2_bytes(head, strlen(head)) : gzip_bytes(head, strlen(head));
        g_autoptr(GBytes) second =
            use_bzip2 ? bzip2_bytes(tail, strlen(tail)) : gzip_bytes(tail, strlen(tail));
        g_autoptr(GByteArray) both = g_byte_array_new();
        gsize length = 0;
        const guint8 *data = g_bytes_get_data(first, &length);
        g_byte_array_append(both, data, (guint)length);
        data = g_bytes_get_data(second, &length);
        g_byte_array_append(both, data, (guint)length);

        g_autoptr(GError) error = NULL;
        g_autoptr(CsDocument) document =
            cs_document_load_memory((const char *)both->data, both->len, "two.xml", &error);
        ck_assert_msg(document != NULL, "%s", error != NULL ? error->message : "");
        ck_assert_str_eq(root_attribute(document, "epoch"), "3");
        ck_assert_ptr_nonnull(cs_document_section(document, "status"));
    }
}
END_TEST

START_TEST(test_load_stdin)
{
    SIMPLE1_OR_SKIP(path);
    int fd = open(path, O_RDONLY);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(dup2(fd, STDIN_FILENO), STDIN_FILENO);
    close(fd);
    g_autoptr(CsDocument) document = load_ok("-");
    assert_simple1(document);
    ck_assert_str_eq(document->path, "-");
}
END_TEST

START_TEST(test_stdin_error_names_stdin)
{
    int fd = open(BAD_DIR "/mismatch.xml", O_RDONLY);

    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(dup2(fd, STDIN_FILENO), STDIN_FILENO);
    close(fd);
    assert_load_fails("-", CS_DOCUMENT_ERROR_PARSE,
                      "<stdin>:3: Opening and ending tag mismatch: a line 2 and b");
}
END_TEST

START_TEST(test_first_id_wins)
{
    g_autoptr(CsDocument) document =
        load_memory_ok("<cib><configuration><resources>"
                       "<primitive id=\"dup\" type=\"first\"/>"
                       "<group id=\"g\"><primitive id=\"dup\" type=\"second\"/></group>"
                       "<primitive id=\"\"/>"
                       "</resources></configuration></cib>");
    xmlNode *found = cs_document_lookup_id(document, "dup");
    xmlChar *type = xmlGetProp(found, BAD_CAST "type");

    ck_assert_str_eq((const char *)type, "first");
    xmlFree(type);
    ck_assert_uint_eq(g_hash_table_size(document->ids), 2);
    ck_assert_ptr_null(cs_document_lookup_id(document, ""));
    ck_assert_ptr_null(cs_document_lookup_id(document, NULL));
    ck_assert_str_eq(document->path, "mem.xml");
}
END_TEST

START_TEST(test_reindex_after_edit)
{
    g_autoptr(CsDocument) document =
        load_memory_ok("<cib><configuration><resources>"
                       "<primitive id=\"a\"/></resources></configuration></cib>");
    xmlNode *resources = cs_document_section(document, "resources");
    xmlNode *added = xmlNewChild(resources, NULL, BAD_CAST "primitive", NULL);

    xmlNewProp(added, BAD_CAST "id", BAD_CAST "b");
    ck_assert_ptr_null(cs_document_lookup_id(document, "b"));
    cs_document_reindex(document);
    ck_assert_ptr_eq(cs_document_lookup_id(document, "b"), added);
    ck_assert_ptr_nonnull(cs_document_lookup_id(document, "a"));
}
END_TEST

/* The index follows links, unlinks and id changes without a walk; an id
 * held twice keeps its first holder in document order. */
START_TEST(test_index_follows_changes)
{
    g_autoptr(CsDocument) document =
        load_memory_ok("<cib><configuration><nodes><node id=\"1\" uname=\"alpha\"/></nodes>"
                       "<resources><primitive id=\"a\"/><primitive id=\"c\"/></resources>"
                       "</configuration><status><node_state id=\"1\"/>"
                       "<node_state id=\"2\"/></status></cib>");
    xmlNode *resources = cs_document_section(document, "resources");
    xmlNode *node = cs_document_lookup_id(document, "1");
    xmlNode *second_state = cs_document_lookup_id(document, "2");

    ck_assert_str_eq((const char *)node->name, "node");
    /* a new element: its id is added */
    xmlNode *added = xmlNewChild(resources, NULL, BAD_CAST "primitive", NULL);
    xmlNewProp(added, BAD_CAST "id", BAD_CAST "b");
    ck_assert(cs_document_index_update(document, CS_INDEX_LINKED, added, NULL, NULL));
    ck_assert_ptr_eq(cs_document_lookup_id(document, "b"), added);
    /* "2" given to an element before its holder: the new one holds it */
    xmlNode *rename = cs_document_lookup_id(document, "c");
    xmlAttr *old_id = xmlHasProp(rename, BAD_CAST "id");
    xmlUnlinkNode((xmlNode *)old_id);
    xmlAttr *new_id = xmlNewProp(rename, BAD_CAST "id", BAD_CAST "2");
    ck_assert(cs_document_index_update(document, CS_INDEX_ATTRIBUTE, rename, old_id, new_id));
    ck_assert_ptr_null(cs_document_lookup_id(document, "c"));
    ck_assert_ptr_eq(cs_document_lookup_id(document, "2"), rename);
    xmlFreeProp(old_id);
    /* an element after the holder: the holder stays */
    xmlNode *status = cs_document_section(document, "status");
    xmlNode *late = xmlNewChild(status, NULL, BAD_CAST "node_state", NULL);
    xmlNewProp(late, BAD_CAST "id", BAD_CAST "a");
    ck_assert(cs_document_index_update(document, CS_INDEX_LINKED, late, NULL, NULL));
    ck_assert_str_eq((const char *)cs_document_lookup_id(document, "a")->name, "primitive");
    /* an element without a twin goes: its id goes */
    xmlUnlinkNode(added);
    ck_assert(cs_document_index_update(document, CS_INDEX_UNLINKED, added, NULL, NULL));
    ck_assert_ptr_null(cs_document_lookup_id(document, "b"));
    xmlFreeNode(added);
    /* the holder of an id held twice goes: the next holds it, and the
     * id is held once now */
    xmlUnlinkNode(node);
    ck_assert(cs_document_index_update(document, CS_INDEX_UNLINKED, node, NULL, NULL));
    ck_assert_str_eq((const char *)cs_document_lookup_id(document, "1")->name, "node_state");
    ck_assert(!g_hash_table_contains(document->duplicated, "1"));
    ck_assert(g_hash_table_contains(document->duplicated, "a"));
    /* the other holder of "a" goes: "a" is held once */
    xmlUnlinkNode(late);
    ck_assert(cs_document_index_update(document, CS_INDEX_UNLINKED, late, NULL, NULL));
    ck_assert(!g_hash_table_contains(document->duplicated, "a"));
    ck_assert_str_eq((const char *)cs_document_lookup_id(document, "a")->name, "primitive");
    xmlFreeNode(late);
    cs_document_reindex(document);
    ck_assert_str_eq((const char *)cs_document_lookup_id(document, "1")->name, "node_state");
    ck_assert_ptr_eq(cs_document_lookup_id(document, "2"), rename);
    ck_assert_ptr_ne(cs_document_lookup_id(document, "2"), second_state);
    xmlFreeNode(node);
}
END_TEST

/* An id held three times: when its holder goes, the first of the others
 * in document order holds it, without a walk. */
START_TEST(test_index_next_holder_in_order)
{
    g_autoptr(CsDocument) document =
        load_memory_ok("<cib><configuration><nodes><node id=\"x\"/></nodes>"
                       "<resources><primitive id=\"x\"/></resources>"
                       "</configuration><status><node_state id=\"x\"/></status></cib>");
    xmlNode *node = cs_document_lookup_id(document, "x");

    ck_assert_str_eq((const char *)node->name, "node");
    xmlUnlinkNode(node);
    ck_assert(cs_document_index_update(document, CS_INDEX_UNLINKED, node, NULL, NULL));
    ck_assert_str_eq((const char *)cs_document_lookup_id(document, "x")->name, "primitive");
    ck_assert(g_hash_table_contains(document->duplicated, "x"));
    /* linked back: the node holds it again, before the other two */
    xmlAddChild(cs_document_section(document, "nodes"), node);
    ck_assert(cs_document_index_update(document, CS_INDEX_LINKED, node, NULL, NULL));
    ck_assert_ptr_eq(cs_document_lookup_id(document, "x"), node);
    ck_assert_uint_eq(((GPtrArray *)g_hash_table_lookup(document->duplicated, "x"))->len, 2);
}
END_TEST

START_TEST(test_all_sections)
{
    static const char *const sections[] = {
        "crm_config", "rsc_defaults", "op_defaults", "nodes",
        "resources",  "constraints",  "tags",        "status",
    };
    g_autoptr(CsDocument) document =
        load_memory_ok("<cib><configuration><crm_config/><rsc_defaults/><op_defaults/>"
                       "<nodes/><resources/><constraints/><tags/></configuration>"
                       "<status/></cib>");

    for (gsize i = 0; i < G_N_ELEMENTS(sections); i++)
        ck_assert_str_eq(node_name(cs_document_section(document, sections[i])), sections[i]);
    ck_assert_ptr_null(cs_document_section(document, "configuration"));
    ck_assert_ptr_null(cs_document_section(document, "alerts"));
}
END_TEST

/* Whitespace is kept (no XML_PARSE_NOBLANKS): the text nodes between
 * elements are still there. */
START_TEST(test_whitespace_kept)
{
    g_autoptr(CsDocument) document = load_memory_ok("<cib>\n  <configuration/>\n</cib>\n");
    xmlNode *first = xmlDocGetRootElement(document->xml)->children;

    ck_assert_ptr_nonnull(first);
    ck_assert_int_eq(first->type, XML_TEXT_NODE);
    ck_assert_str_eq((const char *)first->content, "\n  ");
}
END_TEST

/* ---- error paths ------------------------------------------------------- */

typedef struct {
    const char *file;
    CsDocumentError code;
    const char *message; /* after "PATH" */
} BadFile;

static const BadFile bad_files[] = {
    {"mismatch.xml", CS_DOCUMENT_ERROR_PARSE,
     ":3: Opening and ending tag mismatch: a line 2 and b"},
    {"unclosed.xml", CS_DOCUMENT_ERROR_PARSE, ":15: Couldn't find end of Start Tag r line 15"},
    {"not-cib.xml", CS_DOCUMENT_ERROR_NOT_CIB, ": root element is <foo>, not <cib>"},
    {"empty.xml", CS_DOCUMENT_ERROR_PARSE, ": empty document"},
    {"garbage.bin", CS_DOCUMENT_ERROR_PARSE, ": not an XML document (nor gzip or bzip2 data)"},
    {"bad-utf8.xml", CS_DOCUMENT_ERROR_PARSE,
     ":4: Input is not proper UTF-8, indicate encoding ! Bytes: 0xFF 0xFE 0x22 0x2F"},
    {"truncated.xml.bz2", CS_DOCUMENT_ERROR_COMPRESSION, ": truncated bzip2 data"},
    {"corrupt.xml.bz2", CS_DOCUMENT_ERROR_COMPRESSION, ": corrupt bzip2 data"},
    {"truncated.xml.gz", CS_DOCUMENT_ERROR_COMPRESSION, ": truncated gzip data"},
    {"corrupt.xml.gz", CS_DOCUMENT_ERROR_COMPRESSION, ": corrupt gzip data"},
    {"does-not-exist.xml", CS_DOCUMENT_ERROR_READ, ": No such file or directory"},
    {"", CS_DOCUMENT_ERROR_READ, ": Is a directory"},
};

START_TEST(test_bad_file)
{
    const BadFile *bad = &bad_files[_i];
    g_autofree char *path =
        *bad->file != '\0' ? g_build_filename(BAD_DIR, bad->file, NULL) : g_strdup(BAD_DIR);
    g_autofree char *expected = g_strconcat(path, bad->message, NULL);

    assert_load_fails(path, bad->code, expected);
}
END_TEST

START_TEST(test_unreadable_file)
{
    g_autofree char *dir = make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "secret.xml", NULL);

    write_bytes(path, "<cib/>", 6);
    ck_assert_int_eq(chmod(path, 0), 0);
    if (geteuid() == 0) {
        /* root reads it anyway; the message would be untestable. */
        printf("test_unreadable_file: skipped, running as root\n");
    } else {
        g_autofree char *expected = g_strconcat(path, ": Permission denied", NULL);
        assert_load_fails(path, CS_DOCUMENT_ERROR_READ, expected);
    }
    unlink(path);
    rmdir(dir);
}
END_TEST

/* The external entity must not be read (no XML_PARSE_NOENT) and nothing
 * fetched (XML_PARSE_NONET, no DTD loading): the load succeeds and the
 * marker in secret.txt never enters the document. */
START_TEST(test_external_entity_not_loaded)
{
    g_autoptr(CsDocument) document = load_ok(BAD_DIR "/external-entity.xml");
    xmlChar *dump = NULL;
    int size = 0;

    ck_assert_str_eq(root_attribute(document, "epoch"), "7");
    ck_assert(document->declaration);
    xmlDocDumpMemory(document->xml, &dump, &size);
    ck_assert_ptr_nonnull(dump);
    ck_assert_ptr_null(strstr((const char *)dump, "SECRET-MARKER"));
    ck_assert_ptr_nonnull(strstr((const char *)dump, "&secret;"));
    xmlFree(dump);
}
END_TEST

START_TEST(test_entity_expansion_refused)
{
    g_autofree char *expected =
        g_strconcat(BAD_DIR "/entity-expansion.xml", ":1: Detected an entity reference loop", NULL);

    assert_load_fails(BAD_DIR "/entity-expansion.xml", CS_DOCUMENT_ERROR_PARSE, expected);
}
END_TEST

static char *nested_document(int depth)
{
    GString *text = g_string_new("<cib>\n");

    for (int i = 0; i < depth; i++)
        g_string_append(text, "<a>");
    for (int i = 0; i < depth; i++)
        g_string_append(text, "</a>");
    g_string_append(text, "\n</cib>\n");
    return g_string_free(text, FALSE);
}

START_TEST(test_deep_nesting)
{
    g_autofree char *shallow = nested_document(200);
    g_autofree char *deep = nested_document(100000);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) fine = load_memory_ok(shallow);

    ck_assert_ptr_nonnull(fine);
    g_autoptr(CsDocument) refused = cs_document_load_memory(deep, strlen(deep), "deep.xml", &error);
    ck_assert_ptr_null(refused);
    ck_assert_int_eq(error->code, CS_DOCUMENT_ERROR_PARSE);
    ck_assert_str_eq(error->message, "deep.xml:2: elements nested more than 256 levels deep");
}
END_TEST

/* A small compressed file that expands past the limit fails as too large
 * (and does so while decompressing: the output never exceeds the limit by
 * more than one chunk). */
static GBytes *big_document(gsize size)
{
    GString *text = g_string_sized_new(size + 64);

    g_string_append(text, "<cib>");
    while (text->len < size)
        g_string_append_c(text, ' ');
    g_string_append(text, "</cib>");
    gsize length = text->len;
    return g_bytes_new_take(g_string_free(text, FALSE), length);
}

START_TEST(test_decompression_bomb)
{
    g_autoptr(GBytes) plain = big_document(8 * 1024 * 1024);
    gsize length = 0;
    const char *data = g_bytes_get_data(plain, &length);
    g_autoptr(GBytes) gz = gzip_bytes(data, length);
    g_autoptr(GBytes) bz = bzip2_bytes(data, length);
    GBytes *packed[] = {gz, bz, plain};
    g_autofree char *dir = make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "bomb.xml", NULL);
    g_autofree char *expected = g_strconcat(path, ": larger than 1 MiB", NULL);

    ck_assert_uint_lt(g_bytes_get_size(gz), 64 * 1024);
    ck_assert_uint_lt(g_bytes_get_size(bz), 64 * 1024);
    for (gsize i = 0; i < G_N_ELEMENTS(packed); i++) {
        gsize size = 0;
        const void *bytes = g_bytes_get_data(packed[i], &size);
        write_bytes(path, bytes, size);
        /* Under the default limit it is a valid CIB... */
        g_autoptr(CsDocument) document = load_ok(path);
        ck_assert_ptr_nonnull(document);
        /* ...and over a lowered one it is refused. */
        gsize previous = cs_document_set_max_bytes(1024 * 1024);
        ck_assert_uint_eq(previous, CS_DOCUMENT_MAX_BYTES);
        assert_load_fails(path, CS_DOCUMENT_ERROR_TOO_LARGE, expected);
        cs_document_set_max_bytes(previous);
    }
    unlink(path);
    rmdir(dir);
}
END_TEST

/* libxml2 2.9 refuses to parse more than 10 MB from one memory buffer
 * without XML_PARSE_HUGE; a large cluster's CIB is bigger than that. */
START_TEST(test_load_over_10_mb)
{
    GString *text = g_string_new("<cib epoch=\"4\">\n  <configuration>\n");
    gsize count = 0;

    while (text->len < 12 * 1024 * 1024) {
        g_string_append_printf(text, "    <tag id=\"t%" G_GSIZE_FORMAT "\"/>\n", count);
        count++;
    }
    g_string_append(text, "  </configuration>\n</cib>\n");
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document =
        cs_document_load_memory(text->str, text->len, "big.xml", &error);
    g_string_free(text, TRUE);
    ck_assert_msg(document != NULL, "%s", error != NULL ? error->message : "");
    ck_assert_uint_eq(g_hash_table_size(document->ids), count);
    ck_assert_str_eq(node_name(cs_document_lookup_id(document, "t0")), "tag");
}
END_TEST

START_TEST(test_max_bytes_message)
{
    g_autoptr(GError) error = NULL;
    const char *text = "<cib>    </cib>";

    cs_document_set_max_bytes(10);
    ck_assert_ptr_null(cs_document_load_memory(text, strlen(text), "x.xml", &error));
    ck_assert_str_eq(error->message, "x.xml: larger than 10 bytes");
    ck_assert_int_eq(error->code, CS_DOCUMENT_ERROR_TOO_LARGE);
    cs_document_set_max_bytes(CS_DOCUMENT_MAX_BYTES);
    g_clear_error(&error);
    ck_assert_ptr_null(cs_document_load_memory("<foo/>", 6, NULL, &error));
    ck_assert_str_eq(error->message, "<memory>: root element is <foo>, not <cib>");
}
END_TEST

/* ---- the corpus ------------------------------------------------------- */

START_TEST(test_corpus_loads)
{
    g_autofree char *corpus = corpus_dir(__func__);
    if (corpus == NULL)
        return;
    g_autoptr(GDir) dir = g_dir_open(corpus, 0, NULL);
    ck_assert_ptr_nonnull(dir);
    int loaded = 0;
    for (const char *name; (name = g_dir_read_name(dir)) != NULL;) {
        if (!g_str_has_suffix(name, ".xml"))
            continue;
        g_autofree char *path = g_build_filename(corpus, name, NULL);
        g_autoptr(CsDocument) document = load_ok(path);
        ck_assert_ptr_nonnull(cs_document_section(document, "resources"));
        loaded++;
    }
    ck_assert_int_gt(loaded, 500);
}
END_TEST

/* ---- saving ------------------------------------------------------------ */

static gboolean bytes_equal_file(GBytes *expected, const char *path)
{
    g_autoptr(GBytes) actual = read_bytes(path);
    return g_bytes_equal(expected, actual);
}

static int count_entries(const char *path)
{
    DIR *dir = opendir(path);
    int count = 0;

    ck_assert_ptr_nonnull(dir);
    for (struct dirent *entry; (entry = readdir(dir)) != NULL;)
        count += entry->d_name[0] != '.' || entry->d_name[1] != '\0' ? 1 : 0;
    closedir(dir);
    return count - 1; /* ".." */
}

static void set_root_attribute(CsDocument *document, const char *name, const char *value)
{
    xmlSetProp(xmlDocGetRootElement(document->xml), BAD_CAST name, BAD_CAST value);
}

START_TEST(test_save_round_trip)
{
    SIMPLE1_OR_SKIP(source);
    g_autofree char *dir = make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "cib.xml", NULL);
    g_autofree char *backup = g_strconcat(path, ".bak", NULL);
    g_autoptr(GBytes) original = read_bytes(source);
    g_autoptr(GError) error = NULL;

    write_bytes(path, g_bytes_get_data(original, NULL), g_bytes_get_size(original));
    g_autoptr(CsDocument) document = load_ok(path);
    /* Unedited, the bytes come back exactly (no declaration added). */
    ck_assert_msg(cs_document_save(document, NULL, &error), "%s",
                  error != NULL ? error->message : "");
    ck_assert(bytes_equal_file(original, path));
    ck_assert(bytes_equal_file(original, backup));

    set_root_attribute(document, "epoch", "2");
    ck_assert(cs_document_save(document, path, &error));
    ck_assert(bytes_equal_file(original, backup));
    g_autoptr(CsDocument) reloaded = load_ok(path);
    ck_assert_str_eq(root_attribute(reloaded, "epoch"), "2");
    ck_assert_int_eq(reloaded->compression, CS_COMPRESSION_NONE);
    /* cib.xml, cib.xml.bak and no temporary file left behind. */
    ck_assert_int_eq(count_entries(dir), 2);

    set_root_attribute(document, "epoch", "3");
    ck_assert(cs_document_save(document, path, &error));
    g_autoptr(CsDocument) previous = load_ok(backup);
    ck_assert_str_eq(root_attribute(previous, "epoch"), "2");
    unlink(path);
    unlink(backup);
    rmdir(dir);
}
END_TEST

static gint64 root_number(const CsDocument *document, const char *name)
{
    const char *value = root_attribute(document, name);
    return value != NULL ? g_ascii_strtoll(value, NULL, 10) : 0;
}

/* Pacemaker Explained 2.1, "CIB Properties": a configuration change is
 * epoch + 1 with num_updates 0, a status change num_updates + 1, and no
 * change leaves both; each judged against the file on disk. */
START_TEST(test_save_version_rules)
{
    SIMPLE1_OR_SKIP(source);
    g_autofree char *dir = make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "cib.xml", NULL);
    g_autofree char *copy = g_build_filename(dir, "copy.xml", NULL);
    g_autofree char *backup = g_strconcat(path, ".bak", NULL);
    g_autoptr(GBytes) original = read_bytes(source);
    g_autoptr(GError) error = NULL;

    write_bytes(path, g_bytes_get_data(original, NULL), g_bytes_get_size(original));
    g_autoptr(CsDocument) document = load_ok(path);
    set_root_attribute(document, "epoch", "41");
    set_root_attribute(document, "num_updates", "7");
    ck_assert(cs_document_save(document, NULL, &error));
    ck_assert_int_eq(cs_document_bump_version(document), CS_VERSION_KEPT);

    xmlSetProp(cs_document_lookup_id(document, "rsc1"), BAD_CAST "description", BAD_CAST "x");
    /* A copy first, then the file itself: the change counts once. */
    ck_assert(cs_document_save(document, copy, &error));
    ck_assert(cs_document_save(document, NULL, &error));
    g_autoptr(CsDocument) configured = load_ok(path);
    ck_assert_int_eq(root_number(configured, "epoch"), 42);
    ck_assert_int_eq(root_number(configured, "num_updates"), 0);
    g_autoptr(CsDocument) copied = load_ok(copy);
    ck_assert_int_eq(root_number(copied, "epoch"), 42);

    xmlNode *status = cs_document_section(document, "status");
    ck_assert_ptr_nonnull(status);
    xmlNewChild(status, NULL, BAD_CAST "node_state", NULL);
    ck_assert_int_eq(cs_document_bump_version(document), CS_VERSION_STATUS);
    ck_assert(cs_document_save(document, NULL, &error));
    g_autoptr(CsDocument) updated = load_ok(path);
    ck_assert_int_eq(root_number(updated, "epoch"), 42);
    ck_assert_int_eq(root_number(updated, "num_updates"), 1);
    unlink(path);
    unlink(copy);
    unlink(backup);
    rmdir(dir);
}
END_TEST

static void check_save_compressed(CsCompression compression, const char *magic)
{
    SIMPLE1_OR_SKIP(source);
    g_autofree char *dir = make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "pe-input-1", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = load_ok(source);

    document->compression = compression;
    set_root_attribute(document, "epoch", "42");
    ck_assert_msg(cs_document_save(document, path, &error), "%s",
                  error != NULL ? error->message : "");
    g_autoptr(GBytes) written = read_bytes(path);
    ck_assert_uint_gt(g_bytes_get_size(written), strlen(magic));
    ck_assert_int_eq(memcmp(g_bytes_get_data(written, NULL), magic, strlen(magic)), 0);
    g_autoptr(CsDocument) reloaded = load_ok(path);
    ck_assert_int_eq(reloaded->compression, compression);
    ck_assert_str_eq(root_attribute(reloaded, "epoch"), "42");
    ck_assert_str_eq(node_name(cs_document_lookup_id(reloaded, "rsc1")), "primitive");
    unlink(path);
    rmdir(dir);
}

START_TEST(test_save_gzip)
{
    check_save_compressed(CS_COMPRESSION_GZIP, "\x1f\x8b");
}
END_TEST

START_TEST(test_save_bzip2)
{
    check_save_compressed(CS_COMPRESSION_BZIP2, "BZh");
}
END_TEST

START_TEST(test_save_keeps_declaration)
{
    const char *text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cib epoch=\"1\"/>\n";
    g_autofree char *dir = make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "cib.xml", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) expected = g_bytes_new_static(text, strlen(text));

    write_bytes(path, text, strlen(text));
    g_autoptr(CsDocument) document = load_ok(path);
    ck_assert(document->declaration);
    ck_assert(cs_document_save(document, NULL, &error));
    ck_assert(bytes_equal_file(expected, path));
    unlink(path);
    g_autofree char *backup = g_strconcat(path, ".bak", NULL);
    unlink(backup);
    rmdir(dir);
}
END_TEST

START_TEST(test_save_keeps_mode_and_symlink)
{
    g_autofree char *dir = make_temp_dir();
    g_autofree char *target = g_build_filename(dir, "real.xml", NULL);
    g_autofree char *link_path = g_build_filename(dir, "cib.xml", NULL);
    g_autofree char *backup = g_strconcat(target, ".bak", NULL);
    g_autoptr(GError) error = NULL;
    struct stat info;

    write_bytes(target, "<cib epoch=\"1\"/>\n", 17);
    ck_assert_int_eq(chmod(target, 0600), 0);
    ck_assert_int_eq(symlink("real.xml", link_path), 0);
    g_autoptr(CsDocument) document = load_ok(link_path);
    set_root_attribute(document, "epoch", "5");
    ck_assert(cs_document_save(document, NULL, &error));

    ck_assert_int_eq(lstat(link_path, &info), 0);
    ck_assert(S_ISLNK(info.st_mode));
    ck_assert_int_eq(stat(target, &info), 0);
    ck_assert_int_eq(info.st_mode & 07777, 0600);
    g_autoptr(CsDocument) reloaded = load_ok(target);
    ck_assert_str_eq(root_attribute(reloaded, "epoch"), "5");
    g_autoptr(CsDocument) previous = load_ok(backup);
    ck_assert_str_eq(root_attribute(previous, "epoch"), "1");
    unlink(link_path);
    unlink(target);
    unlink(backup);
    rmdir(dir);
}
END_TEST

START_TEST(test_save_missing_directory)
{
    g_autofree char *dir = make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "no-such-dir", "cib.xml", NULL);
    g_autofree char *expected =
        g_strconcat(path, ": cannot create a temporary file: No such file or directory", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = load_memory_ok(SMALL_CIB);

    ck_assert(!cs_document_save(document, path, &error));
    ck_assert_int_eq(error->code, CS_DOCUMENT_ERROR_WRITE);
    ck_assert_str_eq(error->message, expected);
    ck_assert_int_eq(count_entries(dir), 0);
    rmdir(dir);
}
END_TEST

/* A directory that cannot take a new file: read-only for an ordinary user;
 * for root (who ignores permissions) a path through a regular file. */
START_TEST(test_save_unwritable_directory)
{
    g_autofree char *dir = make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "cib.xml", NULL);
    g_autofree char *through_file = g_build_filename(path, "cib.xml", NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = load_memory_ok(SMALL_CIB);
    g_autoptr(GBytes) original = g_bytes_new_static(SMALL_CIB, strlen(SMALL_CIB));

    write_bytes(path, g_bytes_get_data(original, NULL), g_bytes_get_size(original));
    ck_assert(!cs_document_save(document, through_file, &error));
    ck_assert_int_eq(error->code, CS_DOCUMENT_ERROR_WRITE);
    ck_assert(g_str_has_suffix(error->message, ": Not a directory"));
    g_clear_error(&error);

    set_root_attribute(document, "epoch", "99");
    ck_assert_int_eq(chmod(dir, 0555), 0);
    if (geteuid() == 0) {
        printf("test_save_unwritable_directory: read-only part skipped, running as root\n");
    } else {
        ck_assert(!cs_document_save(document, path, &error));
        ck_assert(g_str_has_suffix(error->message, ": Permission denied"));
        ck_assert(bytes_equal_file(original, path));
    }
    ck_assert_int_eq(chmod(dir, 0755), 0);
    ck_assert_int_eq(count_entries(dir), 1);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* A write that fails half-way (the file size limit stands in for a full
 * disk, and works for root too) leaves the old file, makes no backup and
 * leaves no temporary file. */
START_TEST(test_save_failed_write_keeps_old_file)
{
    g_autofree char *dir = make_temp_dir();
    g_autofree char *path = g_build_filename(dir, "cib.xml", NULL);
    g_autoptr(GBytes) big = big_document(256 * 1024);
    g_autoptr(GError) error = NULL;
    const char *small = "<cib epoch=\"1\"/>\n";
    g_autoptr(GBytes) original = g_bytes_new_static(small, strlen(small));
    struct rlimit limit = {64 * 1024, 64 * 1024}, previous;

    write_bytes(path, g_bytes_get_data(big, NULL), g_bytes_get_size(big));
    g_autoptr(CsDocument) document = load_ok(path);
    write_bytes(path, small, strlen(small));
    signal(SIGXFSZ, SIG_IGN);
    ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &previous), 0);
    limit.rlim_max = previous.rlim_max;
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &limit), 0);
    gboolean saved = cs_document_save(document, path, &error);
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &previous), 0);
    signal(SIGXFSZ, SIG_DFL);

    ck_assert(!saved);
    ck_assert_int_eq(error->code, CS_DOCUMENT_ERROR_WRITE);
    g_autofree char *expected = g_strconcat(path, ": write: ", g_strerror(EFBIG), NULL);
    ck_assert_str_eq(error->message, expected);
    ck_assert(bytes_equal_file(original, path));
    ck_assert_int_eq(count_entries(dir), 1);
    unlink(path);
    rmdir(dir);
}
END_TEST

/* ---- schema validity (cib/schema.h) ------------------------------------ */

/* A small CIB; VW, EXTRA, NODE1, LOC, SCORE, ROLE, CONSTRAINT and STATUS
 * are replaced per case. */
static const char schema_template[] =
    "<cib epoch=\"1\" admin_epoch=\"0\" num_updates=\"0\"VW>\n"
    "<configuration>\n"
    "<crm_config><cluster_property_set id=\"opts\"><nvpair id=\"opts-stonith\""
    " name=\"stonith-enabled\" value=\"false\"/></cluster_property_set></crm_config>\n"
    "<nodes><node id=\"NODE1\" uname=\"node1\"/><node id=\"2\" uname=\"node2\"/></nodes>\n"
    "<resources>\n"
    "<primitive id=\"web\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"EXTRA/>\n"
    "<primitive id=\"db\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/>\n"
    "</resources>\n"
    "<constraints>CONSTRAINT\n"
    "<rsc_location id=\"LOC\" rsc=\"web\" node=\"node1\" score=\"SCORE\"ROLE/>\n"
    "</constraints>\n"
    "</configuration>\n"
    "STATUS\n"
    "</cib>\n";

typedef struct {
    const char *label;
    const char *validate_with; /* NULL: no attribute */
    const char *extra, *node1, *loc, *score, *role, *constraint, *status;
    const char *refusal; /* part of the message, NULL: loads */
} SchemaCase;

static char *schema_cib(const SchemaCase *c)
{
    g_autofree char *vw = c->validate_with != NULL
                              ? g_strdup_printf(" validate-with=\"%s\"", c->validate_with)
                              : g_strdup("");
    const char *keys[] = {"VW", "EXTRA", "NODE1", "LOC", "SCORE", "ROLE", "CONSTRAINT", "STATUS"};
    const char *values[] = {vw,
                            c->extra ? c->extra : "",
                            c->node1 ? c->node1 : "1",
                            c->loc ? c->loc : "loc",
                            c->score ? c->score : "100",
                            c->role ? c->role : "",
                            c->constraint ? c->constraint : "",
                            c->status ? c->status : "<status/>"};
    char *text = g_strdup(schema_template);

    for (guint i = 0; i < G_N_ELEMENTS(keys); i++) {
        g_auto(GStrv) parts = g_strsplit(text, keys[i], -1);
        g_free(text);
        text = g_strjoinv(values[i], parts);
    }
    return text;
}

static void check_schema_case(const SchemaCase *c)
{
    g_autofree char *text = schema_cib(c);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document =
        cs_document_load_memory(text, strlen(text), "case.xml", &error);

    if (c->refusal == NULL) {
        ck_assert_msg(document != NULL, "%s: %s", c->label, error != NULL ? error->message : "");
        return;
    }
    ck_assert_msg(document == NULL, "%s: loaded", c->label);
    ck_assert_msg(g_error_matches(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_INVALID), "%s: %s",
                  c->label, error->message);
    ck_assert_msg(strstr(error->message, c->refusal) != NULL, "%s: '%s' lacks '%s'", c->label,
                  error->message, c->refusal);
}

/* Each as crm_simulate 2.1.5 has it (-sSQ: exit 78 for a refusal). */
static const SchemaCase relaxng_cases[] = {
    {"valid", "pacemaker-3.7", .refusal = NULL},
    {"unknown attribute", "pacemaker-3.7", .extra = " bogus=\"1\"",
     .refusal = "case.xml:6: <primitive id=\"web\">: not valid for the schema "
                "pacemaker-3.7 names (crm_simulate refuses it): Invalid attribute "
                "bogus for element primitive"},
    {"duplicate id", "pacemaker-3.7", .loc = "db",
     .refusal = "case.xml:10: <rsc_location id=\"db\">: id is already used by "
                "<primitive id=\"db\"> at line 7"},
    {"bad score", "pacemaker-3.7", .score = "abc",
     .refusal = "Type integer doesn't allow value 'abc'"},
    {"bad kind", "pacemaker-3.7",
     .constraint = "<rsc_order id=\"o1\" first=\"web\" then=\"db\" kind=\"Sometimes\"/>",
     .refusal = "<rsc_order id=\"o1\">"},
    {"none", "none", .extra = " bogus=\"1\"", .loc = "db", .refusal = NULL},
    {"no validate-with", NULL, .extra = " bogus=\"1\"", .refusal = NULL},
    {"next", "pacemaker-next", .extra = " bogus=\"1\"",
     .refusal = "the schema pacemaker-next names"},
    {"unknown schema", "pacemaker-9.9",
     .refusal = "case.xml:1: <cib>: validate-with=\"pacemaker-9.9\" names no schema"},
    /* valid only for a later schema: Pacemaker's upgrade takes it */
    {"upgraded", "pacemaker-1.2", .role = " role=\"Promoted\"", .refusal = NULL},
    {"node id like a resource id", "pacemaker-3.7", .node1 = "web", .refusal = NULL},
    {"status holds anything", "pacemaker-3.7",
     .status = "<status><anything goes=\"1\"><x id=\"web\"/></anything></status>", .refusal = NULL},
};

START_TEST(test_schema_relaxng)
{
    if (!cs_schema_files_installed()) {
        fprintf(stderr, "no Pacemaker schema files: RelaxNG not checked\n");
        return;
    }
    check_schema_case(&relaxng_cases[_i]);
}
END_TEST

/* Without the schema files: the checks the engine relies on. */
static const SchemaCase builtin_cases[] = {
    {"valid", "pacemaker-3.7", .refusal = NULL},
    {"duplicate id", "pacemaker-3.7", .loc = "db",
     .refusal = "case.xml:10: <rsc_location id=\"db\">: id is already used by "
                "<primitive id=\"db\"> at line 7 (crm_simulate refuses duplicate ids)"},
    {"missing rsc", "pacemaker-3.7",
     .constraint = "<rsc_location id=\"l2\" node=\"node1\" score=\"1\"/>",
     .refusal = "case.xml:9: <rsc_location id=\"l2\">: lacks the attribute "
                "rsc|rsc-pattern|<resource_set"},
    {"bad kind", "pacemaker-3.7",
     .constraint = "<rsc_order id=\"o1\" first=\"web\" then=\"db\" kind=\"Sometimes\"/>",
     .refusal = "case.xml:9: <rsc_order id=\"o1\">: kind=\"Sometimes\" is not one of"},
    {"bad role", "pacemaker-3.7", .role = " role=\"Leader\"",
     .refusal = "role=\"Leader\" is not one of"},
    {"none", "none", .loc = "db", .refusal = NULL},
    {"node id like a resource id", "pacemaker-3.7", .node1 = "web", .refusal = NULL},
};

START_TEST(test_schema_builtin)
{
    cs_schema_set_dir("/nonexistent/cibscope-schemas");
    check_schema_case(&builtin_cases[_i]);
    cs_schema_set_dir(NULL);
}
END_TEST

/* Validation takes <status> out and puts it back: the bytes round-trip. */
START_TEST(test_schema_keeps_status_in_place)
{
    SchemaCase c = {"in place", "pacemaker-3.7",
                    .status = "<status><node_state id=\"1\"/></status>"};
    g_autofree char *text = schema_cib(&c);
    g_autoptr(CsDocument) document = load_memory_ok(text);
    xmlChar *dumped = NULL;
    int size = 0;

    xmlDocDumpMemory(document->xml, &dumped, &size);
    ck_assert_ptr_nonnull(strstr((char *)dumped, "</configuration>\n<status><node_state"));
    ck_assert_ptr_nonnull(strstr((char *)dumped, "</status>\n</cib>"));
    xmlFree(dumped);
}
END_TEST

static Suite *document_suite(void)
{
    Suite *suite = suite_create("document");
    TCase *load = tcase_create("load");
    TCase *errors = tcase_create("errors");
    TCase *corpus = tcase_create("corpus");
    TCase *save = tcase_create("save");

    tcase_add_test(load, test_load_plain);
    tcase_add_test(load, test_load_gzip);
    tcase_add_test(load, test_load_bzip2);
    tcase_add_test(load, test_load_concatenated_streams);
    tcase_add_test(load, test_load_stdin);
    tcase_add_test(load, test_first_id_wins);
    tcase_add_test(load, test_reindex_after_edit);
    tcase_add_test(load, test_index_next_holder_in_order);
    tcase_add_test(load, test_index_follows_changes);
    tcase_add_test(load, test_all_sections);
    tcase_add_test(load, test_whitespace_kept);
    tcase_add_test(load, test_load_over_10_mb);
    tcase_set_timeout(load, 30);
    suite_add_tcase(suite, load);

    tcase_add_loop_test(errors, test_bad_file, 0, G_N_ELEMENTS(bad_files));
    tcase_add_test(errors, test_stdin_error_names_stdin);
    tcase_add_test(errors, test_unreadable_file);
    tcase_add_test(errors, test_external_entity_not_loaded);
    tcase_add_test(errors, test_entity_expansion_refused);
    tcase_add_test(errors, test_deep_nesting);
    tcase_add_test(errors, test_decompression_bomb);
    tcase_add_test(errors, test_max_bytes_message);
    tcase_set_timeout(errors, 30);
    suite_add_tcase(suite, errors);

    TCase *schema = tcase_create("schema");
    tcase_add_loop_test(schema, test_schema_relaxng, 0, G_N_ELEMENTS(relaxng_cases));
    tcase_add_loop_test(schema, test_schema_builtin, 0, G_N_ELEMENTS(builtin_cases));
    tcase_add_test(schema, test_schema_keeps_status_in_place);
    tcase_set_timeout(schema, 30);
    suite_add_tcase(suite, schema);

    tcase_add_test(corpus, test_corpus_loads);
    tcase_set_timeout(corpus, 60);
    suite_add_tcase(suite, corpus);

    tcase_add_test(save, test_save_round_trip);
    tcase_add_test(save, test_save_version_rules);
    tcase_add_test(save, test_save_gzip);
    tcase_add_test(save, test_save_bzip2);
    tcase_add_test(save, test_save_keeps_declaration);
    tcase_add_test(save, test_save_keeps_mode_and_symlink);
    tcase_add_test(save, test_save_missing_directory);
    tcase_add_test(save, test_save_unwritable_directory);
    tcase_add_test(save, test_save_failed_write_keeps_old_file);
    suite_add_tcase(suite, save);
    return suite;
}

int main(void)
{
    return cs_test_run(document_suite());
}
