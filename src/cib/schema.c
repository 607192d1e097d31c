/* schema.c: schema validity as crm_simulate has it (see schema.h).
 *
 * What crm_simulate 2.1.5 was seen to do (tests/check_document.c holds
 * each case): validate-with="none" or no validate-with at all is taken as
 * it is; a name no schema file has (pacemaker-9.9) is refused; otherwise
 * the CIB must be valid for the schema it names or, as the upgrade to the
 * newest schema tries them, for a later stable one; pacemaker-next is
 * checked against itself only.  Pacemaker's schema lets <status> hold
 * anything, so it is left out of the check: most of a large CIB's bytes
 * are there, and validating them would only cost time.
 */
#include "cib/schema.h"
#include "cib/document.h"

#include <libxml/relaxng.h>
#include <libxml/globals.h>
#include <libxml/valid.h>
#include <libxml/xmlerror.h>
#include <stdlib.h>
#include <string.h>

/* libxml2 2.12 made the structured error callback take a const pointer. */
#if LIBXML_VERSION >= 21200
typedef const xmlError CsSchemaError;
#else
typedef xmlError CsSchemaError;
#endif

static GMutex schema_lock;
static char *schema_dir_override;
/* name -> xmlRelaxNGPtr, parsed once per process; never freed (a handful
 * of schemas, reachable until exit). */
static GHashTable *schema_cache;

void cs_schema_set_dir(const char *dir)
{
    g_mutex_lock(&schema_lock);
    g_free(schema_dir_override);
    schema_dir_override = g_strdup(dir);
    if (schema_cache != NULL)
        g_hash_table_remove_all(schema_cache);
    g_mutex_unlock(&schema_lock);
}

static const char *schema_dir(void)
{
    const char *env = g_getenv("CIBSCOPE_SCHEMA_DIR");

    if (schema_dir_override != NULL)
        return schema_dir_override;
    return env != NULL && env[0] != '\0' ? env : CS_SCHEMA_DIR;
}

/* ---- which schemas there are ------------------------------------------ */

/* "pacemaker-3.7" -> 3 and 7; FALSE for any other name (pacemaker-next). */
static gboolean schema_version(const char *name, guint *major, guint *minor)
{
    char *end;

    if (!g_str_has_prefix(name, "pacemaker-") || !g_ascii_isdigit(name[strlen("pacemaker-")]))
        return FALSE;
    *major = (guint)g_ascii_strtoull(name + strlen("pacemaker-"), &end, 10);
    if (*end != '.' || !g_ascii_isdigit(end[1]))
        return FALSE;
    *minor = (guint)g_ascii_strtoull(end + 1, &end, 10);
    return *end == '\0';
}

static gint compare_versions(gconstpointer a, gconstpointer b)
{
    guint major_a = 0, minor_a = 0, major_b = 0, minor_b = 0;

    schema_version(*(char *const *)a, &major_a, &minor_a);
    schema_version(*(char *const *)b, &major_b, &minor_b);
    if (major_a != major_b)
        return major_a < major_b ? -1 : 1;
    return minor_a < minor_b ? -1 : minor_a > minor_b ? 1 : 0;
}

/* The stable schemas installed (pacemaker-X.Y.rng), oldest first. */
static GPtrArray *stable_schemas(const char *dir)
{
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GDir) handle = g_dir_open(dir, 0, NULL);
    const char *file;
    guint major, minor;

    while (handle != NULL && (file = g_dir_read_name(handle)) != NULL) {
        if (!g_str_has_suffix(file, ".rng"))
            continue;
        g_autofree char *name = g_strndup(file, strlen(file) - strlen(".rng"));
        if (schema_version(name, &major, &minor))
            g_ptr_array_add(names, g_steal_pointer(&name));
    }
    g_ptr_array_sort(names, compare_versions);
    return names;
}

/* Called with schema_lock held; NULL when the file is absent or broken. */
static xmlRelaxNGPtr schema_load(const char *dir, const char *name)
{
    gpointer cached;

    if (schema_cache == NULL)
        schema_cache = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    if (g_hash_table_lookup_extended(schema_cache, name, NULL, &cached))
        return cached;
    g_autofree char *file = g_strconcat(name, ".rng", NULL);
    g_autofree char *path = g_build_filename(dir, file, NULL);
    xmlRelaxNGPtr schema = NULL;
    if (g_file_test(path, G_FILE_TEST_IS_REGULAR)) {
        xmlRelaxNGParserCtxtPtr parser = xmlRelaxNGNewParserCtxt(path);
        xmlRelaxNGSetParserStructuredErrors(parser, NULL, NULL);
        schema = xmlRelaxNGParse(parser);
        xmlRelaxNGFreeParserCtxt(parser);
    }
    g_hash_table_insert(schema_cache, g_strdup(name), schema);
    return schema;
}

/* ---- messages ---------------------------------------------------------- */

/* An attribute's value in glib's memory (NULL when absent). */
static char *attribute(const xmlNode *node, const char *attribute_name)
{
    xmlChar *value = xmlGetProp(node, BAD_CAST attribute_name);
    char *copy = g_strdup((const char *)value);

    xmlFree(value);
    return copy;
}

/* "<primitive id="web">" (or "<nodes>"), for a message. */
static char *describe_element(const xmlNode *node)
{
    if (node == NULL || node->type != XML_ELEMENT_NODE)
        return g_strdup("the document");
    g_autofree char *id = attribute(node, "id");
    if (id == NULL)
        return g_strdup_printf("<%s>", (const char *)node->name);
    g_autofree char *shown = g_strescape(id, NULL);
    return g_strdup_printf("<%s id=\"%s\">", (const char *)node->name, shown);
}

static void set_invalid(GError **error, const char *name, const xmlNode *node, long line,
                        const char *reason)
{
    g_autofree char *element = describe_element(node);

    if (line <= 0 && node != NULL)
        line = xmlGetLineNo(node);
    if (line > 0)
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_INVALID, "%s:%ld: %s: %s", name,
                    line, element, reason);
    else
        g_set_error(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_INVALID, "%s: %s: %s", name,
                    element, reason);
}

/* ---- RelaxNG ----------------------------------------------------------- */

static gboolean unique_ids(xmlDoc *xml, const char *name, GError **error);

typedef struct {
    char *message; /* the first error: later ones follow from it */
    xmlNode *node;
    int line;
} FirstProblem;

static void capture_problem(void *data, CsSchemaError *error)
{
    FirstProblem *first = data;

    if (first->message != NULL || error == NULL)
        return;
    first->message = g_strstrip(g_strdup(error->message != NULL ? error->message : "not valid"));
    for (char *c = first->message; *c != '\0'; c++)
        if ((guchar)*c < 0x20)
            *c = ' ';
    first->node = error->node;
    first->line = error->line;
}

static xmlNode *status_section(xmlNode *root)
{
    for (xmlNode *child = root->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE && xmlStrEqual(child->name, BAD_CAST "status"))
            return child;
    return NULL;
}

/* Valid for schema? The status section is taken out while it runs and put
 * back where it was. */
static gboolean relaxng_valid(xmlRelaxNGPtr schema, xmlDoc *xml, FirstProblem *first)
{
    xmlNode *root = xmlDocGetRootElement(xml);
    xmlNode *status = status_section(root);
    xmlNode *after = status != NULL ? status->next : NULL;
    xmlRelaxNGValidCtxtPtr context = xmlRelaxNGNewValidCtxt(schema);
    int result;

    /* An id-ref naming no id is reported outside the validation
     * context's handler (libxml2 checks references after the walk): the
     * thread's own handler takes it for the while. */
    xmlStructuredErrorFunc saved_handler = xmlStructuredError;
    void *saved_context = xmlStructuredErrorContext;

    if (status != NULL)
        xmlUnlinkNode(status);
    xmlRelaxNGSetValidStructuredErrors(context, capture_problem, first);
    xmlSetStructuredErrorFunc(first, capture_problem);
    result = xmlRelaxNGValidateDoc(context, xml);
    xmlSetStructuredErrorFunc(saved_context, saved_handler);
    xmlRelaxNGFreeValidCtxt(context);
    /* Checking xsd:ID values filled the document's own id table, which
     * nothing here reads (document.c keeps its index) and which made
     * freeing a large document three times as slow: drop it. */
    if (xml->ids != NULL) {
        xmlFreeIDTable(xml->ids);
        xml->ids = NULL;
    }
    if (xml->refs != NULL) {
        xmlFreeRefTable(xml->refs);
        xml->refs = NULL;
    }
    if (status != NULL && after != NULL)
        xmlAddPrevSibling(after, status);
    else if (status != NULL)
        xmlAddChild(root, status);
    return result == 0;
}

static void problem_clear(FirstProblem *first)
{
    g_clear_pointer(&first->message, g_free);
    first->node = NULL;
    first->line = 0;
}

/* The last stable schema of each major version after wanted's own
 * (pacemaker-1.2 -> 1.3, 2.10, 3.9), from the sorted list. */
static void add_later_schemas(GPtrArray *later, const char *wanted, const GPtrArray *stable)
{
    for (guint i = 0; i < stable->len; i++) {
        const char *name = stable->pdata[i];
        const char *next = i + 1 < stable->len ? stable->pdata[i + 1] : NULL;
        guint major = 0, minor = 0, next_major = 0;

        if (compare_versions(&wanted, &name) >= 0)
            continue;
        schema_version(name, &major, &minor);
        if (next != NULL)
            schema_version(next, &next_major, &minor);
        if (next == NULL || next_major != major)
            g_ptr_array_add(later, g_strdup(name));
    }
}

/* Pacemaker's upgrade tries the schema named, then each later stable one;
 * the CIB is taken when one of them validates it.  cibscope tries the
 * last schema of each major version (the ones within a major only add to
 * each other): an invalid CIB is checked a few times, not thirty. */
static gboolean validate_relaxng(xmlDoc *xml, const char *dir, const char *wanted, const char *name,
                                 GError **error)
{
    FirstProblem first = {NULL, NULL, 0};
    g_autoptr(GPtrArray) later = g_ptr_array_new_with_free_func(g_free);
    gboolean valid = FALSE;

    g_ptr_array_add(later, g_strdup(wanted));
    if (g_strcmp0(wanted, "pacemaker-next") != 0) {
        g_autoptr(GPtrArray) stable = stable_schemas(dir);
        add_later_schemas(later, wanted, stable);
    }
    g_mutex_lock(&schema_lock);
    for (guint i = 0; i < later->len && !valid; i++) {
        xmlRelaxNGPtr schema = schema_load(dir, later->pdata[i]);
        FirstProblem attempt = {NULL, NULL, 0};

        if (schema == NULL)
            continue;
        if (i == 0) {
            valid = relaxng_valid(schema, xml, &first);
            continue;
        }
        /* A later schema sees a fresh copy: a validation leaves marks on
         * the attributes it took for ids. */
        xmlDoc *copy = xmlCopyDoc(xml, 1);
        valid = relaxng_valid(schema, copy, &attempt);
        xmlFreeDoc(copy);
        problem_clear(&attempt);
    }
    g_mutex_unlock(&schema_lock);
    /* libxml2 reports a duplicate id as the content model failing
     * ("Expecting an element rule"): name the id instead. */
    if (!valid && !unique_ids(xml, name, error)) {
        problem_clear(&first);
        return FALSE;
    }
    if (!valid) {
        g_autofree char *reason =
            g_strdup_printf("not valid for the schema %s names (crm_simulate refuses it): %s",
                            wanted, first.message != NULL ? first.message : "schema not readable");
        set_invalid(error, name, first.node, first.line, reason);
    }
    problem_clear(&first);
    return valid;
}

/* ---- without the schema files ----------------------------------------- */

/* Elements whose id Pacemaker's schema types as an XML ID, which must be
 * unique: every element of the configuration but these, whose id is free
 * text (node, acl_target) or names another element (resource_ref,
 * obj_ref, an ACL's role). */
static gboolean id_is_free_text(const xmlNode *node)
{
    static const char *const names[] = {
        "node", "acl_target", "resource_ref", "obj_ref", "role",
    };

    for (guint i = 0; i < G_N_ELEMENTS(names); i++)
        if (xmlStrEqual(node->name, BAD_CAST names[i]))
            return TRUE;
    return FALSE;
}

static gboolean check_unique_ids(xmlNode *node, GHashTable *seen, const char *name, GError **error)
{
    for (; node != NULL; node = node->next) {
        if (node->type != XML_ELEMENT_NODE)
            continue;
        g_autofree char *id = attribute(node, "id");
        if (id != NULL && !id_is_free_text(node)) {
            xmlNode *first = g_hash_table_lookup(seen, id);
            if (first != NULL) {
                g_autofree char *other = describe_element(first);
                g_autofree char *reason =
                    g_strdup_printf("id is already used by %s at line %ld (crm_simulate refuses "
                                    "duplicate ids)",
                                    other, xmlGetLineNo(first));
                set_invalid(error, name, node, 0, reason);
                return FALSE;
            }
            g_hash_table_insert(seen, g_steal_pointer(&id), node);
        }
        if (!check_unique_ids(node->children, seen, name, error))
            return FALSE;
    }
    return TRUE;
}

static xmlNode *configuration_section(xmlNode *root)
{
    for (xmlNode *child = root->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE && xmlStrEqual(child->name, BAD_CAST "configuration"))
            return child;
    return NULL;
}

static gboolean unique_ids(xmlDoc *xml, const char *name, GError **error)
{
    xmlNode *configuration = configuration_section(xmlDocGetRootElement(xml));
    g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);

    return configuration == NULL || check_unique_ids(configuration->children, seen, name, error);
}

/* What Pacemaker's schema (3.x) asks of the elements the engine reads:
 * attributes each needs ("a|b": one of them) and the values an
 * enumerated attribute may take. */
typedef struct {
    const char *element;
    const char *required; /* space-separated; NULL: none */
} Required;

static const Required required_attributes[] = {
    {"primitive", "id class|template type|template"},
    {"group", "id"},
    {"clone", "id"},
    {"master", "id"},
    {"bundle", "id"},
    {"template", "id class type"},
    {"node", "id uname"},
    {"rsc_location", "id rsc|rsc-pattern|$resource_set"},
    {"rsc_colocation", "id rsc|$resource_set with-rsc|$resource_set"},
    {"rsc_order", "id first|$resource_set then|$resource_set"},
    {"rsc_ticket", "id ticket rsc|$resource_set"},
    {"resource_set", "id|id-ref"},
    {"resource_ref", "id"},
    {"nvpair", "id|id-ref name|id-ref"},
    {"op", "id name interval"},
    {"rule", "id|id-ref"},
    {"expression", "id attribute operation"},
    {"date_expression", "id operation"},
};

typedef struct {
    const char *element; /* NULL: any element */
    const char *attribute;
    const char *values; /* space-separated */
} Enumerated;

#define CS_ROLES "Stopped Started Promoted Unpromoted Master Slave"
#define CS_ACTIONS "start promote demote stop"
#define CS_BOOLEANS "true false yes no on off 1 0 TRUE FALSE True False"

static const Enumerated enumerated_attributes[] = {
    {"expression", "operation", "lt gt lte gte eq ne defined not_defined"},
    {"expression", "type", "string integer number version"},
    {"expression", "value-source", "literal param meta"},
    {"rule", "boolean-op", "and or"},
    {"date_expression", "operation", "in_range date_spec gt lt"},
    {"rsc_order", "kind", "Optional Mandatory Serialize"},
    {"rsc_order", "first-action", CS_ACTIONS},
    {"rsc_order", "then-action", CS_ACTIONS},
    {"resource_set", "action", CS_ACTIONS},
    {"rsc_ticket", "loss-policy", "stop demote fence freeze"},
    {"op", "on-fail", "ignore block stop restart standby fence restart-container demote"},
    {NULL, "role", CS_ROLES},
    {NULL, "rsc-role", CS_ROLES},
    {NULL, "with-rsc-role", CS_ROLES},
    {NULL, "sequential", CS_BOOLEANS},
    {NULL, "require-all", CS_BOOLEANS},
    {NULL, "ordered", CS_BOOLEANS},
    {NULL, "symmetrical", CS_BOOLEANS},
};

static gboolean in_words(const char *value, const char *words)
{
    g_auto(GStrv) list = g_strsplit(words, " ", -1);

    return g_strv_contains((const char *const *)list, value);
}

static gboolean has_child(const xmlNode *node, const char *name)
{
    for (const xmlNode *child = node->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE && xmlStrEqual(child->name, BAD_CAST name))
            return TRUE;
    return FALSE;
}

/* One "a|b|$child" alternative list: is any of them there? */
static gboolean any_present(const xmlNode *node, const char *alternatives)
{
    g_auto(GStrv) list = g_strsplit(alternatives, "|", -1);

    for (char **item = list; *item != NULL; item++) {
        if ((*item)[0] == '$' ? has_child(node, *item + 1)
                              : xmlHasProp(node, BAD_CAST * item) != NULL)
            return TRUE;
    }
    return FALSE;
}

static gboolean check_required(const xmlNode *node, const char *name, GError **error)
{
    for (guint i = 0; i < G_N_ELEMENTS(required_attributes); i++) {
        if (!xmlStrEqual(node->name, BAD_CAST required_attributes[i].element))
            continue;
        g_auto(GStrv) needs = g_strsplit(required_attributes[i].required, " ", -1);
        for (char **need = needs; *need != NULL; need++) {
            if (any_present(node, *need))
                continue;
            g_autofree char *shown = g_strdelimit(g_strdup(*need), "$", '<');
            g_autofree char *reason =
                g_strdup_printf("lacks the attribute %s that Pacemaker's schema requires", shown);
            set_invalid(error, name, node, 0, reason);
            return FALSE;
        }
    }
    return TRUE;
}

static gboolean check_enumerated(const xmlNode *node, const char *name, GError **error)
{
    for (guint i = 0; i < G_N_ELEMENTS(enumerated_attributes); i++) {
        const Enumerated *rule = &enumerated_attributes[i];

        if (rule->element != NULL && !xmlStrEqual(node->name, BAD_CAST rule->element))
            continue;
        g_autofree char *value = attribute(node, rule->attribute);
        if (value == NULL || in_words(value, rule->values))
            continue;
        g_autofree char *shown = g_strescape(value, NULL);
        g_autofree char *reason =
            g_strdup_printf("%s=\"%s\" is not one of the values Pacemaker's schema allows (%s)",
                            rule->attribute, shown, rule->values);
        set_invalid(error, name, node, 0, reason);
        return FALSE;
    }
    return TRUE;
}

static gboolean check_elements(const xmlNode *node, const char *name, GError **error)
{
    for (; node != NULL; node = node->next) {
        if (node->type != XML_ELEMENT_NODE)
            continue;
        if (!check_required(node, name, error) || !check_enumerated(node, name, error)
            || !check_elements(node->children, name, error))
            return FALSE;
    }
    return TRUE;
}

static gboolean validate_builtin(xmlDoc *xml, const char *name, GError **error)
{
    xmlNode *configuration = configuration_section(xmlDocGetRootElement(xml));

    if (configuration == NULL)
        return TRUE;
    return unique_ids(xml, name, error) && check_elements(configuration->children, name, error);
}

/* ---- the entry point --------------------------------------------------- */

static gboolean schemas_installed(const char *dir)
{
    g_autoptr(GPtrArray) stable = stable_schemas(dir);

    return stable->len > 0;
}

gboolean cs_schema_files_installed(void)
{
    g_mutex_lock(&schema_lock);
    g_autofree char *dir = g_strdup(schema_dir());
    g_mutex_unlock(&schema_lock);
    return schemas_installed(dir);
}

gboolean cs_schema_validate(xmlDoc *xml, const char *name, GError **error)
{
    xmlNode *root = xmlDocGetRootElement(xml);
    g_autofree char *wanted = attribute(root, "validate-with");
    g_autofree char *dir = NULL;

    /* crm_simulate: "Schema validation of configuration is disabled". */
    if (wanted == NULL || strcmp(wanted, "none") == 0)
        return TRUE;
    g_mutex_lock(&schema_lock);
    dir = g_strdup(schema_dir());
    g_mutex_unlock(&schema_lock);
    if (!schemas_installed(dir))
        return validate_builtin(xml, name, error);
    g_autofree char *file = g_strconcat(wanted, ".rng", NULL);
    g_autofree char *path = g_build_filename(dir, file, NULL);
    if (!g_file_test(path, G_FILE_TEST_IS_REGULAR)) {
        g_autofree char *shown = g_strescape(wanted, NULL);
        g_autofree char *reason =
            g_strdup_printf("validate-with=\"%s\" names no schema Pacemaker 2.1.5 knows "
                            "(crm_simulate refuses it)",
                            shown);
        set_invalid(error, name, root, 0, reason);
        return FALSE;
    }
    return validate_relaxng(xml, dir, wanted, name, error);
}
