/* edit_xml.c: an element replaced by XML the operator wrote (the `edit`
 * command: `crm configure edit` and `pcs cluster edit` do the same).
 *
 * The new text is parsed on its own (no network, no external entities),
 * must be one well-formed element whose ids are unique in the document,
 * and, where Pacemaker's schema files are installed, must leave the
 * document valid against the schema its validate-with names.  It then
 * replaces the element in one step, or nothing changes.
 */
#include "cib/edit_build.h"

#include <libxml/parser.h>
#include <libxml/relaxng.h>
#include <string.h>

#ifndef CS_PACEMAKER_SCHEMA_DIR
#define CS_PACEMAKER_SCHEMA_DIR "/usr/share/pacemaker"
#endif

char *cs_edit_element_text(const CsDocument *document, const char *id)
{
    xmlNode *element = cs_document_lookup_id(document, id);

    if (element == NULL || element->parent == NULL || element->parent->type == XML_DOCUMENT_NODE)
        return NULL;
    xmlBuffer *buffer = xmlBufferCreate();
    xmlNodeDump(buffer, document->xml, element, 0, 0);
    char *text = g_strdup_printf("%s\n", (const char *)xmlBufferContent(buffer));
    xmlBufferFree(buffer);
    return text;
}

/* ---- parsing ------------------------------------------------------------- */

static xmlDoc *cs_parse_fragment(const char *text, GError **error)
{
    xmlParserCtxt *context = xmlNewParserCtxt();
    int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
    xmlDoc *parsed = xmlCtxtReadMemory(context, text, (int)strlen(text), "edit", NULL, options);

    if (parsed == NULL || xmlDocGetRootElement(parsed) == NULL) {
        const xmlError *last = xmlCtxtGetLastError(context);
        g_autofree char *message =
            g_strdup(last != NULL && last->message != NULL ? last->message : "no element");
        g_strstrip(message);
        cs_invalid(error, "not well-formed XML: line %d: %s", last != NULL ? last->line : 0,
                   message);
        xmlFreeDoc(parsed);
        parsed = NULL;
    }
    xmlFreeParserCtxt(context);
    return parsed;
}

/* ---- ids ----------------------------------------------------------------------- */

/* Elements whose id names another element rather than itself. */
static gboolean cs_id_is_reference(const xmlNode *node)
{
    return cs_is_element(node, "resource_ref")
           || (cs_is_element(node, "role") && node->parent != NULL
               && (cs_is_element(node->parent, "acl_target")
                   || cs_is_element(node->parent, "acl_user")));
}

static gboolean cs_inside(const xmlNode *node, const xmlNode *ancestor)
{
    for (; node != NULL; node = node->parent)
        if (node == ancestor)
            return TRUE;
    return FALSE;
}

/* Every id in the new subtree is used once there, and by nothing in the
 * document outside the element it replaces. */
static gboolean cs_check_ids(const CsDocument *document, const xmlNode *old, xmlNode *node,
                             GHashTable *seen, GError **error)
{
    for (; node != NULL; node = node->next) {
        if (node->type != XML_ELEMENT_NODE)
            continue;
        g_autofree char *id = cs_id_is_reference(node) ? NULL : cs_attribute(node, "id");
        if (id != NULL) {
            if (g_hash_table_contains(seen, id))
                return cs_invalid(error, "id '%s' is used twice in the edited XML", id);
            xmlNode *holder = cs_document_lookup_id(document, id);
            if (holder != NULL && !cs_inside(holder, old))
                return cs_invalid(error,
                                  "id '%s' is already used by a <%s> elsewhere in "
                                  "the CIB",
                                  id, (const char *)holder->name);
            g_hash_table_add(seen, g_steal_pointer(&id));
        }
        if (!cs_check_ids(document, old, node->children, seen, error))
            return FALSE;
    }
    return TRUE;
}

/* ---- the schema --------------------------------------------------------------- */

static void cs_collect_schema_error(void *data, const char *format, ...) G_GNUC_PRINTF(2, 3);
static void cs_collect_schema_error(void *data, const char *format, ...)
{
    GString *messages = data;
    va_list args;

    if (messages->len > 400)
        return;
    va_start(args, format);
    g_string_append_vprintf(messages, format, args);
    va_end(args);
}

/* The schema validate-with names, parsed once per file; NULL when it is
 * not installed (or not a name of the form pacemaker-X.Y). */
static xmlRelaxNG *cs_schema_for(const CsDocument *document)
{
    static GHashTable *schemas; /* path -> xmlRelaxNG* (never freed) */
    xmlNode *root = xmlDocGetRootElement(document->xml);
    g_autofree char *name = root != NULL ? cs_attribute(root, "validate-with") : NULL;

    if (name == NULL || !g_str_has_prefix(name, "pacemaker-") || strchr(name, '/') != NULL)
        return NULL;
    g_autofree char *file = g_strdup_printf("%s.rng", name);
    g_autofree char *path = g_build_filename(CS_PACEMAKER_SCHEMA_DIR, file, NULL);
    if (schemas == NULL)
        schemas = g_hash_table_new(g_str_hash, g_str_equal);
    if (g_hash_table_contains(schemas, path))
        return g_hash_table_lookup(schemas, path);
    xmlRelaxNG *schema = NULL;
    if (g_file_test(path, G_FILE_TEST_IS_REGULAR)) {
        xmlRelaxNGParserCtxt *context = xmlRelaxNGNewParserCtxt(path);
        xmlRelaxNGSetParserErrors(context, NULL, NULL, NULL);
        schema = xmlRelaxNGParse(context);
        xmlRelaxNGFreeParserCtxt(context);
    }
    g_hash_table_insert(schemas, g_strdup(path), schema);
    return schema;
}

/* What is validated: <cib> with its configuration, and its status only
 * when asked (the schema makes status optional, and it is most of a big
 * CIB).  A copy, also because validation records the ids it meets in
 * the document's own ID table, which the next validation would find. */
static xmlDoc *cs_validation_copy(const CsDocument *document, gboolean with_status)
{
    xmlNode *root = xmlDocGetRootElement(document->xml);
    xmlDoc *copy = xmlNewDoc(BAD_CAST "1.0");
    xmlNode *copy_root = xmlDocCopyNode(root, copy, 2);

    xmlDocSetRootElement(copy, copy_root);
    for (xmlNode *child = root->children; child != NULL; child = child->next)
        if (cs_is_element(child, "configuration")
            || (with_status && cs_is_element(child, "status")))
            xmlAddChild(copy_root, xmlDocCopyNode(child, copy, 1));
    return copy;
}

/* TRUE when the document is valid, or no schema is at hand; otherwise
 * the validator's messages are in *messages. */
static gboolean cs_schema_valid(const CsDocument *document, gboolean with_status, GString *messages)
{
    xmlRelaxNG *schema = cs_schema_for(document);

    if (schema == NULL)
        return TRUE;
    xmlDoc *copy = cs_validation_copy(document, with_status);
    xmlRelaxNGValidCtxt *context = xmlRelaxNGNewValidCtxt(schema);
    xmlRelaxNGSetValidErrors(context, cs_collect_schema_error, cs_collect_schema_error, messages);
    int result = xmlRelaxNGValidateDoc(context, copy);
    xmlRelaxNGFreeValidCtxt(context);
    xmlFreeDoc(copy);
    return result == 0;
}

/* ---- the schema around one edit -------------------------------------------
 * doc/DESIGN.md "Performance": validating the whole configuration of a
 * large CIB takes several frames.  In Pacemaker's schema <resources> and
 * <constraints> hold any number of their elements, each valid or not on
 * its own but for the ids it names (IDREF).  So a copy with, of those two
 * sections, only the element holding the edit is validated first, a
 * reference to an id the copy left out but the document has being no
 * fault.  When that copy is valid, so is the document if it was before
 * (what was left out is as it was, and the edit took away no id it could
 * name); if the document was not valid before, the edit is let through
 * anyway (cs_replace).  Otherwise the whole document is validated. */

static gboolean cs_linked(const xmlNode *node)
{
    while (node != NULL && node->type != XML_DOCUMENT_NODE)
        node = node->parent;
    return node != NULL;
}

/* Whether element or what it holds has an id that is not in kept. */
static gboolean cs_drops_id(const xmlNode *element, GHashTable *kept)
{
    g_autofree char *id = cs_id_is_reference(element) ? NULL : cs_attribute(element, "id");

    if (id != NULL && !g_hash_table_contains(kept, id))
        return TRUE;
    for (const xmlNode *child = element->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE && cs_drops_id(child, kept))
            return TRUE;
    return FALSE;
}

/* A copy of section; of <resources> and <constraints>, only the elements
 * the edit reached (holding edited, or inside it). */
static xmlNode *cs_copy_section(xmlNode *section, xmlDoc *copy, const xmlNode *edited)
{
    if (!cs_is_element(section, "resources") && !cs_is_element(section, "constraints"))
        return xmlDocCopyNode(section, copy, 1);
    xmlNode *kept = xmlDocCopyNode(section, copy, 2);
    for (xmlNode *child = section->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE
            && (cs_inside(edited, child) || cs_inside(child, edited)))
            xmlAddChild(kept, xmlDocCopyNode(child, copy, 1));
    return kept;
}

/* <cib> and its configuration, pruned around edited. */
static xmlDoc *cs_pruned_copy(const CsDocument *document, const xmlNode *edited)
{
    xmlNode *root = xmlDocGetRootElement(document->xml);
    xmlDoc *copy = xmlNewDoc(BAD_CAST "1.0");
    xmlNode *copy_root = xmlDocCopyNode(root, copy, 2);

    xmlDocSetRootElement(copy, copy_root);
    for (xmlNode *child = root->children; child != NULL; child = child->next) {
        if (!cs_is_element(child, "configuration"))
            continue;
        xmlNode *configuration = xmlDocCopyNode(child, copy, 2);
        xmlAddChild(copy_root, configuration);
        for (xmlNode *section = child->children; section != NULL; section = section->next)
            if (section->type == XML_ELEMENT_NODE)
                xmlAddChild(configuration, cs_copy_section(section, copy, edited));
    }
    return copy;
}

typedef struct {
    const CsDocument *document;
    guint left_out; /* references to ids the copy left out */
    gboolean other; /* a fault that is not one of those */
} CsPrunedCheck;

/* Whether message is libxml2's for an IDREF whose id the pruned copy
 * left out: an element of the document has it (the index may still name
 * one the edit took out). */
static gboolean cs_left_out_reference(const CsPrunedCheck *check, const char *message)
{
    static const char before[] = "references an unknown ID \"";
    const char *at = strstr(message, before);

    if (!g_str_has_prefix(message, "IDREF attribute ") || at == NULL)
        return FALSE;
    at += strlen(before);
    const char *end = strchr(at, '"');
    if (end == NULL)
        return FALSE;
    g_autofree char *id = g_strndup(at, (gsize)(end - at));
    xmlNode *holder = cs_document_lookup_id(check->document, id);
    return holder != NULL && !cs_id_is_reference(holder) && cs_linked(holder);
}

static void cs_note_pruned_fault(void *data, const char *format, ...) G_GNUC_PRINTF(2, 3);
static void cs_note_pruned_fault(void *data, const char *format, ...)
{
    CsPrunedCheck *check = data;
    va_list args;

    if (check->other)
        return;
    va_start(args, format);
    g_autofree char *message = g_strdup_vprintf(format, args);
    va_end(args);
    if (cs_left_out_reference(check, message))
        check->left_out++;
    else
        check->other = TRUE;
}

/* TRUE when the copy pruned around edited (the element as edited, which
 * took away no id) is valid; FALSE also when this cannot tell. */
static gboolean cs_schema_valid_around(const CsDocument *document, const xmlNode *edited)
{
    xmlRelaxNG *schema = cs_schema_for(document);

    if (schema == NULL)
        return FALSE;
    xmlDoc *copy = cs_pruned_copy(document, edited);
    CsPrunedCheck check = {document, 0, FALSE};
    xmlRelaxNGValidCtxt *context = xmlRelaxNGNewValidCtxt(schema);
    xmlRelaxNGSetValidErrors(context, cs_note_pruned_fault, cs_note_pruned_fault, &check);
    int result = xmlRelaxNGValidateDoc(context, copy);
    xmlRelaxNGFreeValidCtxt(context);
    xmlFreeDoc(copy);
    return result == 0 || (check.left_out > 0 && !check.other);
}

static gboolean cs_in_status(const xmlNode *node)
{
    for (; node != NULL; node = node->parent)
        if (cs_is_element(node, "status"))
            return TRUE;
    return FALSE;
}

/* ---- the edit in place ---------------------------------------------------
 * The edited element is made the new one in place where that gives the
 * very same document (the attributes both have in the same order, as
 * many children of the same kinds): changed attributes are swapped where
 * they are, new ones put where the text has them, and only the children
 * whose shape changed are replaced.  The model is then read again only as far
 * as those parts reach (cib/edit.h: a resource's own attributes, sets or
 * operations, one constraint), not as for a new resource tree. */

static gboolean cs_plain_element(const xmlNode *node)
{
    if (node->type != XML_ELEMENT_NODE || node->ns != NULL || node->nsDef != NULL)
        return FALSE;
    for (const xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
        if (attr->ns != NULL)
            return FALSE;
    return TRUE;
}

/* The first attribute of list, from attr on, that element has too. */
static const xmlAttr *cs_next_shared(const xmlAttr *attr, const xmlNode *element)
{
    while (attr != NULL && xmlHasProp(element, attr->name) == NULL)
        attr = attr->next;
    return attr;
}

/* Whether the attributes both have are in the same order in both: then
 * old's can be made new's where they are (cs_morph). */
static gboolean cs_attributes_in_order(const xmlNode *old, const xmlNode *new)
{
    const xmlAttr *a = cs_next_shared(old->properties, new);
    const xmlAttr *b = cs_next_shared(new->properties, old);

    for (; a != NULL && b != NULL;
         a = cs_next_shared(a->next, new), b = cs_next_shared(b->next, old))
        if (!xmlStrEqual(a->name, b->name))
            return FALSE;
    return a == NULL && b == NULL;
}

static guint cs_child_count(const xmlNode *node)
{
    guint count = 0;

    for (const xmlNode *child = node->children; child != NULL; child = child->next)
        count++;
    return count;
}

/* Whether old can become new in place. */
static gboolean cs_same_shape(const xmlNode *old, const xmlNode *new)
{
    if (!cs_plain_element(old) || !cs_plain_element(new) || !xmlStrEqual(old->name, new->name)
        || !cs_attributes_in_order(old, new) || cs_child_count(old) != cs_child_count(new))
        return FALSE;
    for (const xmlNode *a = old->children, *b = new->children; a != NULL; a = a->next, b = b->next)
        if (a->type != b->type)
            return FALSE;
    return TRUE;
}

/* Whether two nodes that are not elements are the same. */
static gboolean cs_same_leaf(const xmlNode *old, const xmlNode *new)
{
    return (old->type == XML_TEXT_NODE || old->type == XML_COMMENT_NODE
            || old->type == XML_CDATA_SECTION_NODE)
           && xmlStrEqual(old->content, new->content);
}

/* old becomes new (cs_same_shape); the children of new that replace
 * old's are moved out of new. */
static void cs_morph(CsBuild *build, xmlNode *old, xmlNode *new)
{
    g_autoptr(GPtrArray) gone = g_ptr_array_new_with_free_func(xmlFree);

    for (const xmlAttr *attr = old->properties; attr != NULL; attr = attr->next)
        if (xmlHasProp(new, attr->name) == NULL)
            g_ptr_array_add(gone, xmlStrdup(attr->name));
    for (guint i = 0; i < gone->len; i++)
        cs_build_attribute(build, old, g_ptr_array_index(gone, i), NULL);
    /* each of new's where it is, or before the next one old has too */
    for (const xmlAttr *attr = new->properties; attr != NULL; attr = attr->next) {
        xmlChar *value = xmlNodeGetContent((const xmlNode *)attr);
        const xmlAttr *next = cs_next_shared(attr->next, old);
        cs_build_attribute_before(build, old, (const char *)attr->name,
                                  value != NULL ? (const char *)value : "",
                                  next != NULL ? xmlHasProp(old, next->name) : NULL);
        xmlFree(value);
    }
    xmlNode *a = old->children, *b = new->children;
    while (a != NULL) {
        xmlNode *a_next = a->next, *b_next = b->next;
        if (a->type == XML_ELEMENT_NODE && cs_same_shape(a, b)) {
            cs_morph(build, a, b);
        } else if (a->type == XML_ELEMENT_NODE || !cs_same_leaf(a, b)) {
            xmlUnlinkNode(b);
            cs_build_unlink(build, a);
            cs_build_link(build, old, a_next, b);
        }
        a = a_next;
        b = b_next;
    }
}

/* The edit's steps: old made incoming in place, or replaced by it.  The
 * element the document holds then; *spent is incoming when it is left
 * out of the document (the caller frees it). */
static xmlNode *cs_build_edit(CsBuild *build, xmlNode *old, xmlNode *incoming, xmlNode **spent)
{
    if (cs_same_shape(old, incoming)) {
        cs_morph(build, old, incoming);
        *spent = incoming;
        return old;
    }
    xmlNode *parent = old->parent, *next = old->next;
    cs_build_unlink(build, old);
    cs_build_link(build, parent, next, incoming);
    *spent = NULL;
    return incoming;
}

/* ---- the edit ---------------------------------------------------------------- */

static gboolean cs_same_text(const char *a, const char *b)
{
    g_autofree char *left = g_strstrip(g_strdup(a));
    g_autofree char *right = g_strstrip(g_strdup(b));

    return strcmp(left, right) == 0;
}

/* The replacement; with check_schema, refused when it would make a
 * valid CIB invalid. */
static gboolean cs_replace(CsEditLog *log, const char *id, const char *text, gboolean check_schema,
                           GError **error)
{
    CsDocument *document = cs_edit_log_document(log);
    xmlNode *old = cs_document_lookup_id(document, id);
    g_autofree char *current = cs_edit_element_text(document, id);

    if (current == NULL)
        return cs_not_found(error, "element with id", id);
    if (cs_same_text(current, text)) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE, "%s is unchanged", id);
        return FALSE;
    }
    xmlDoc *parsed = cs_parse_fragment(text, error);
    if (parsed == NULL)
        return FALSE;
    g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    gboolean ids_ok = cs_check_ids(document, old, xmlDocGetRootElement(parsed), seen, error);
    xmlNode *incoming =
        ids_ok ? xmlDocCopyNode(xmlDocGetRootElement(parsed), document->xml, 1) : NULL;
    xmlFreeDoc(parsed);
    if (incoming == NULL)
        return ids_ok ? cs_invalid(error, "cannot copy the edited element") : FALSE;
    g_autofree char *description = g_strdup_printf("edit %s", id);
    g_autoptr(GString) after = g_string_new(NULL);
    g_autoptr(GString) before = g_string_new(NULL);
    gboolean with_status = cs_in_status(old);
    /* the pruned check cannot see a reference to an id the edit takes away */
    gboolean around = !with_status && !cs_drops_id(old, seen);
    CsBuild build;
    xmlNode *spent = NULL;

    cs_build_begin(&build, log, description);
    xmlNode *edited = cs_build_edit(&build, old, incoming, &spent);
    if (!check_schema || (around && cs_schema_valid_around(document, edited))
        || cs_schema_valid(document, with_status, after)) {
        gboolean done = cs_build_commit(&build, error);
        xmlFreeNode(spent);
        return done;
    }
    cs_build_abort(&build);
    xmlFreeNode(spent);
    /* A CIB that did not validate before is not held to the schema now. */
    if (!cs_schema_valid(document, with_status, before))
        return cs_replace(log, id, text, FALSE, error);
    g_strstrip(after->str);
    return cs_invalid(error, "the CIB would not validate against its schema: %s", after->str);
}

gboolean cs_edit_replace_element(CsEditLog *log, const char *id, const char *text, GError **error)
{
    return cs_replace(log, id, text, TRUE, error);
}
