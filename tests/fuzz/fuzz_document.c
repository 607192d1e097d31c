/* fuzz_document.c: libFuzzer target for the document loader.
 *
 * Input: the bytes of a file as cibscope would read it (plain XML, gzip or
 * bzip2, detected by content).  Properties checked beyond "no crash, no
 * leak, no sanitizer report":
 *   - a refusal always comes with a GError in CS_DOCUMENT_ERROR and a
 *     message that names the input;
 *   - an accepted document has a <cib> root, and every indexed id leads
 *     back to an element that carries it;
 *   - an accepted document, written out as save writes it, loads again
 *     (what we accept we can also save and reopen).
 */
#include <string.h>
#include <glib.h>
#include <libxml/tree.h>
#include <libxml/xmlsave.h>

#include "cib/document.h"
#include "tests/fuzz/fuzz.h"

#define CS_FUZZ_NAME "fuzz-input"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    cs_fuzz_setup();
    return 0;
}

static void cs_check_refusal(const GError *error)
{
    if (error == NULL || error->domain != CS_DOCUMENT_ERROR
        || strstr(error->message, CS_FUZZ_NAME) == NULL)
        g_error("a refused document gave no proper error: %s",
                error != NULL ? error->message : "(none)");
}

static void cs_check_ids(const CsDocument *document)
{
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init(&iter, document->ids);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        xmlNode *node = value;
        xmlChar *id = xmlGetProp(node, (const xmlChar *)"id");
        if (id == NULL || strcmp((const char *)id, key) != 0)
            g_error("id index entry '%s' does not match its element", (const char *)key);
        xmlFree(id);
        if (cs_document_lookup_id(document, key) != node)
            g_error("lookup of '%s' does not return the indexed element", (const char *)key);
    }
}

static int cs_collect(void *context, const char *buffer, int length)
{
    g_byte_array_append(context, (const guint8 *)buffer, (guint)length);
    return length;
}

/* Serializes with the options save.c uses and loads the result again. */
static void cs_check_reload(const CsDocument *document)
{
    g_autoptr(GByteArray) bytes = g_byte_array_new();
    int options = document->declaration ? 0 : XML_SAVE_NO_DECL;
    xmlSaveCtxt *save =
        xmlSaveToIO(cs_collect, NULL, bytes, (const char *)document->xml->encoding, options);
    if (save == NULL)
        return; /* an encoding libxml2 cannot write: save reports it */
    long written = xmlSaveDoc(save, document->xml);
    if (xmlSaveClose(save) < 0 || written < 0)
        return;
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) again =
        cs_document_load_memory((const char *)bytes->data, bytes->len, CS_FUZZ_NAME, &error);
    if (again == NULL)
        g_error("a loaded document does not load again once saved: %s", error->message);
    if (g_hash_table_size(again->ids) != g_hash_table_size(document->ids))
        g_error("saving changed the number of ids");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document =
        cs_document_load_memory((const char *)data, size, CS_FUZZ_NAME, &error);
    if (document == NULL) {
        cs_check_refusal(error);
        return 0;
    }
    xmlNode *root = xmlDocGetRootElement(document->xml);
    if (root == NULL || strcmp((const char *)root->name, "cib") != 0)
        g_error("a document without a <cib> root was accepted");
    cs_check_ids(document);
    static const char *const sections[] = {"crm_config",  "nodes",  "resources",
                                           "constraints", "status", "rsc_defaults"};
    for (size_t i = 0; i < G_N_ELEMENTS(sections); i++)
        (void)cs_document_section(document, sections[i]);
    cs_check_reload(document);
    return 0;
}
