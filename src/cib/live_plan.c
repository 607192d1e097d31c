/* live_plan.c: the object-level operations between two CIB documents, and
 * their replay on a freshly read CIB.
 *
 * Objects are matched by element name and id, as cibadmin matches them
 * (Pacemaker Explained 2.1, "Configuration Basics": every object has a unique
 * id).  Elements without an id (<operations>, <configuration>) are matched
 * by name when they are the only one of their name among their siblings,
 * and are otherwise compared whole, as part of the nearest object above
 * them.
 */
#include <string.h>
#include <libxml/tree.h>

#include "cib/live_plan.h"
#include "cib/live_tools.h"

/* The configuration sections cibadmin --scope accepts, in the order the
 * schema lists them. */
static const char *plan_sections[] = {
    "crm_config",  "nodes",        "resources", "constraints", "fencing-topology",
    "op_defaults", "rsc_defaults", "acls",      "tags",        "alerts",
};

/* ---- small XML helpers ------------------------------------------------ */

static char *plan_prop(const xmlNode *node, const char *name)
{
    xmlChar *value = xmlGetProp(node, (const xmlChar *)name);
    if (value == NULL)
        return NULL;
    char *copy = g_strdup((const char *)value);
    xmlFree(value);
    return copy;
}

static gboolean plan_has_id(const xmlNode *node)
{
    return xmlHasProp(node, (const xmlChar *)"id") != NULL;
}

static char *plan_serialize(xmlNode *node)
{
    xmlBuffer *buffer = xmlBufferCreate();
    xmlNodeDump(buffer, node->doc, node, 0, 0);
    char *text = g_strdup((const char *)xmlBufferContent(buffer));
    xmlBufferFree(buffer);
    return text;
}

/* A copy of node (deep, or attributes only) as the root of its own
 * document, which the copy's owner frees with xmlFreeDoc(copy->doc). */
static xmlNode *plan_copy(const xmlNode *node, gboolean deep)
{
    xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
    xmlNode *copy = xmlDocCopyNode((xmlNode *)node, doc, deep ? 1 : 2);
    xmlDocSetRootElement(doc, copy);
    return copy;
}

static char *plan_serialize_shallow(const xmlNode *node)
{
    xmlNode *copy = plan_copy(node, FALSE);
    char *text = plan_serialize(copy);
    xmlFreeDoc(copy->doc);
    return text;
}

/* Text from the CIB is shown on a terminal: control characters (escape
 * sequences) become '?'. */
static char *plan_printable(char *text)
{
    for (char *c = text; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
    return text;
}

/* ---- describing objects ----------------------------------------------- */

static void plan_describe_detail(const xmlNode *node, GString *out)
{
    g_autofree char *name = plan_prop(node, "name");
    g_autofree char *value = plan_prop(node, "value");
    g_autofree char *rsc = plan_prop(node, "rsc");
    g_autofree char *where = plan_prop(node, "node");
    g_autofree char *score = plan_prop(node, "score");
    if (name != NULL)
        g_string_append_printf(out, " (%s=%s)", name, value ? value : "");
    else if (rsc != NULL && where != NULL)
        g_string_append_printf(out, " (%s on %s, score %s)", rsc, where, score ? score : "?");
}

/* "nvpair web-meta-stickiness (resource-stickiness=100)", with the node
 * named for status entries ("node bravo: nvpair ..."). */
static char *plan_describe(const xmlNode *node)
{
    GString *out = g_string_new(NULL);
    for (const xmlNode *up = node->parent; up && up->type == XML_ELEMENT_NODE; up = up->parent) {
        if (strcmp((const char *)up->name, "node_state") != 0)
            continue;
        g_autofree char *uname = plan_prop(up, "uname");
        g_autofree char *id = plan_prop(up, "id");
        g_string_append_printf(out, "node %s: ", uname ? uname : id ? id : "?");
    }
    g_autofree char *id = plan_prop(node, "id");
    g_string_append_printf(out, "%s %s", (const char *)node->name, id ? id : "(no id)");
    plan_describe_detail(node, out);
    return plan_printable(g_string_free(out, FALSE));
}

/* "value: 50 -> 100, score: (none) -> 10" */
static char *plan_describe_changes(const xmlNode *before, const xmlNode *after)
{
    GString *out = g_string_new(NULL);
    for (xmlAttr *attr = after->properties; attr; attr = attr->next) {
        const char *name = (const char *)attr->name;
        g_autofree char *old_value = plan_prop(before, name);
        g_autofree char *new_value = plan_prop(after, name);
        if (g_strcmp0(old_value, new_value) == 0)
            continue;
        g_string_append_printf(out, "%s%s: %s -> %s", out->len ? ", " : "", name,
                               old_value ? old_value : "(none)", new_value);
    }
    for (xmlAttr *attr = before->properties; attr; attr = attr->next)
        if (xmlHasProp(after, attr->name) == NULL)
            g_string_append_printf(out, "%s%s removed", out->len ? ", " : "",
                                   (const char *)attr->name);
    return plan_printable(g_string_free(out, FALSE));
}

/* ---- building operations ---------------------------------------------- */

static CsLiveOp *plan_op_new(CsLiveOpKind kind, const char *section, const xmlNode *node)
{
    CsLiveOp *op = g_new0(CsLiveOp, 1);
    op->kind = kind;
    op->section = g_strdup(section);
    op->tag = g_strdup((const char *)node->name);
    op->id = plan_prop(node, "id");
    if (kind != CS_LIVE_OP_DELETE)
        op->element = plan_copy(node, TRUE);
    return op;
}

/* Ancestors of node below section_node, outermost first, as tag/id pairs. */
static char **plan_path(const xmlNode *node, const xmlNode *section_node)
{
    GPtrArray *pairs = g_ptr_array_new();
    for (const xmlNode *up = node->parent; up && up != section_node; up = up->parent) {
        char *id = plan_prop(up, "id");
        g_ptr_array_insert(pairs, 0, id ? id : g_strdup(""));
        g_ptr_array_insert(pairs, 0, g_strdup((const char *)up->name));
    }
    g_ptr_array_add(pairs, NULL);
    return (char **)g_ptr_array_free(pairs, FALSE);
}

/* The tree cibadmin --modify merges to create node below its existing
 * ancestors: each ancestor by name and id only, then node itself. */
static char *plan_chain_fragment(const xmlNode *node, char **path)
{
    xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
    xmlNode *parent = NULL;
    for (char **pair = path; pair[0] != NULL; pair += 2) {
        xmlNode *step = xmlNewDocNode(doc, NULL, (const xmlChar *)pair[0], NULL);
        if (pair[1][0] != '\0')
            xmlSetProp(step, (const xmlChar *)"id", (const xmlChar *)pair[1]);
        if (parent == NULL)
            xmlDocSetRootElement(doc, step);
        else
            xmlAddChild(parent, step);
        parent = step;
    }
    xmlAddChild(parent, xmlDocCopyNode((xmlNode *)node, doc, 1));
    char *text = plan_serialize(xmlDocGetRootElement(doc));
    xmlFreeDoc(doc);
    return text;
}

static void plan_add_create(GPtrArray *ops, const char *section, const xmlNode *section_node,
                            const xmlNode *node)
{
    CsLiveOp *op = plan_op_new(CS_LIVE_OP_CREATE, section, node);
    op->path = plan_path(node, section_node);
    op->fragment = op->path[0] ? plan_chain_fragment(node, op->path) : plan_serialize(op->element);
    g_autofree char *what = plan_describe(node);
    op->summary = g_strdup_printf("%s added", what);
    cs_live_op_use_tool(op, node, NULL);
    g_ptr_array_add(ops, op);
}

static void plan_add_delete(GPtrArray *ops, const char *section, const xmlNode *node)
{
    CsLiveOp *op = plan_op_new(CS_LIVE_OP_DELETE, section, node);
    xmlDoc *doc = xmlNewDoc((const xmlChar *)"1.0");
    xmlNode *probe = xmlNewDocNode(doc, NULL, node->name, NULL);
    if (op->id != NULL)
        xmlSetProp(probe, (const xmlChar *)"id", (const xmlChar *)op->id);
    xmlDocSetRootElement(doc, probe);
    op->fragment = plan_serialize(probe);
    xmlFreeDoc(doc);
    g_autofree char *what = plan_describe(node);
    op->summary = g_strdup_printf("%s removed", what);
    cs_live_op_use_tool(op, node, NULL);
    g_ptr_array_add(ops, op);
}

static void plan_add_modify(GPtrArray *ops, const char *section, const xmlNode *before,
                            const xmlNode *after, gboolean whole)
{
    CsLiveOp *op = plan_op_new(whole ? CS_LIVE_OP_REPLACE : CS_LIVE_OP_MODIFY, section, after);
    op->fragment = whole ? plan_serialize(op->element) : plan_serialize_shallow(after);
    g_autofree char *what = plan_describe(after);
    g_autofree char *changes = plan_describe_changes(before, after);
    op->summary = whole && changes[0] == '\0'
                      ? g_strdup_printf("%s rewritten (its contents changed)", what)
                      : g_strdup_printf("%s changed: %s", what, changes);
    cs_live_op_use_tool(op, after, before);
    g_ptr_array_add(ops, op);
}

/* ---- comparing -------------------------------------------------------- */

static int plan_count_attributes(const xmlNode *node)
{
    int count = 0;
    for (const xmlAttr *attr = node->properties; attr; attr = attr->next)
        count++;
    return count;
}

/* The same attributes with the same values (their order is no change). */
static gboolean plan_attributes_equal(const xmlNode *a, const xmlNode *b)
{
    if (plan_count_attributes(a) != plan_count_attributes(b))
        return FALSE;
    for (const xmlAttr *attr = a->properties; attr; attr = attr->next) {
        g_autofree char *one = plan_prop(a, (const char *)attr->name);
        g_autofree char *other = plan_prop(b, (const char *)attr->name);
        if (g_strcmp0(one, other) != 0)
            return FALSE;
    }
    return TRUE;
}

/* Every attribute of before is still on after (modify cannot remove). */
static gboolean plan_attributes_kept(const xmlNode *before, const xmlNode *after)
{
    for (xmlAttr *attr = before->properties; attr; attr = attr->next)
        if (xmlHasProp(after, attr->name) == NULL)
            return FALSE;
    return TRUE;
}

static int plan_count_idless(const xmlNode *parent, const xmlChar *name)
{
    int count = 0;
    for (xmlNode *child = parent ? parent->children : NULL; child; child = child->next)
        if (child->type == XML_ELEMENT_NODE && !plan_has_id(child)
            && xmlStrEqual(child->name, name))
            count++;
    return count;
}

static xmlNode *plan_find_idless(const xmlNode *parent, const xmlChar *name)
{
    for (xmlNode *child = parent ? parent->children : NULL; child; child = child->next)
        if (child->type == XML_ELEMENT_NODE && !plan_has_id(child)
            && xmlStrEqual(child->name, name))
            return child;
    return NULL;
}

/* An id-less child is a container (matched by name) when it is the only
 * one of its name on both sides. */
static gboolean plan_is_container(const xmlNode *child, const xmlNode *before, const xmlNode *after)
{
    return plan_count_idless(before, child->name) == 1
           && plan_count_idless(after, child->name) == 1;
}

/* The id-less children that are not containers, serialized in order. */
static char *plan_loose_children(const xmlNode *node, const xmlNode *before, const xmlNode *after)
{
    GString *text = g_string_new(NULL);
    for (xmlNode *child = node->children; child; child = child->next) {
        if (child->type != XML_ELEMENT_NODE || plan_has_id(child)
            || plan_is_container(child, before, after))
            continue;
        g_autofree char *one = plan_serialize(child);
        g_string_append(text, one);
    }
    return g_string_free(text, FALSE);
}

/* "tag\x1fid", the identity cibadmin matches objects by. */
static char *plan_object_key(const xmlNode *node)
{
    g_autofree char *id = plan_prop(node, "id");
    return g_strdup_printf("%s\x1f%s", (const char *)node->name, id ? id : "");
}

/* parent's children with an id, by identity (the first of each, as a
 * search in document order finds it).  doc/DESIGN.md "Performance": the live
 * console compares the whole CIB at every change the cluster makes, and
 * a section of thousands of resources must not be searched once per
 * resource. */
static GHashTable *plan_index(const xmlNode *parent)
{
    GHashTable *index = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (xmlNode *child = parent ? parent->children : NULL; child; child = child->next) {
        if (child->type != XML_ELEMENT_NODE || !plan_has_id(child))
            continue;
        char *key = plan_object_key(child);
        if (g_hash_table_contains(index, key))
            g_free(key);
        else
            g_hash_table_insert(index, key, child);
    }
    return index;
}

static xmlNode *plan_find_object(GHashTable *index, const xmlNode *like)
{
    g_autofree char *key = plan_object_key(like);
    return g_hash_table_lookup(index, key);
}

typedef struct PlanScope {
    GPtrArray *ops;
    const char *section;
    const xmlNode *edited_section;
    const char *only_tag; /* status: transient_attributes only */
} PlanScope;

static void plan_children(const PlanScope *scope, const xmlNode *before, const xmlNode *after,
                          const char *only_tag);

static gboolean plan_wanted(const xmlNode *child, const char *only_tag)
{
    return child->type == XML_ELEMENT_NODE
           && (only_tag == NULL || strcmp((const char *)child->name, only_tag) == 0);
}

/* One object on both sides: modify its attributes, or rewrite it whole
 * when modify cannot express the change, then descend. */
static void plan_object(const PlanScope *scope, const xmlNode *before, const xmlNode *after)
{
    g_autofree char *loose_before = plan_loose_children(before, before, after);
    g_autofree char *loose_after = plan_loose_children(after, before, after);
    gboolean idless_attrs_same = TRUE;
    for (xmlNode *child = after->children; child; child = child->next)
        if (child->type == XML_ELEMENT_NODE && !plan_has_id(child)
            && plan_is_container(child, before, after))
            idless_attrs_same &=
                plan_attributes_equal(plan_find_idless(before, child->name), child);
    if (strcmp(loose_before, loose_after) != 0 || !idless_attrs_same
        || !plan_attributes_kept(before, after)) {
        plan_add_modify(scope->ops, scope->section, before, after, TRUE);
        return;
    }
    if (!plan_attributes_equal(before, after))
        plan_add_modify(scope->ops, scope->section, before, after, FALSE);
    plan_children(scope, before, after, NULL);
}

static void plan_children(const PlanScope *scope, const xmlNode *before, const xmlNode *after,
                          const char *only_tag)
{
    g_autoptr(GHashTable) before_index = plan_index(before);
    g_autoptr(GHashTable) after_index = plan_index(after);
    /* Removals first: a replacement with the same id elsewhere (a
     * resource moved into a group) must not collide with the old one. */
    for (xmlNode *child = before ? before->children : NULL; child; child = child->next)
        if (plan_wanted(child, only_tag) && plan_has_id(child)
            && plan_find_object(after_index, child) == NULL)
            plan_add_delete(scope->ops, scope->section, child);
    for (xmlNode *child = after ? after->children : NULL; child; child = child->next) {
        if (!plan_wanted(child, only_tag))
            continue;
        if (!plan_has_id(child)) {
            if (plan_is_container(child, before, after))
                plan_children(scope, plan_find_idless(before, child->name), child, NULL);
            continue;
        }
        xmlNode *old = plan_find_object(before_index, child);
        if (old == NULL)
            plan_add_create(scope->ops, scope->section, scope->edited_section, child);
        else
            plan_object(scope, old, child);
    }
}

static xmlNode *plan_configuration(const CsDocument *document)
{
    xmlNode *root = xmlDocGetRootElement(document->xml);
    for (xmlNode *child = root ? root->children : NULL; child; child = child->next)
        if (child->type == XML_ELEMENT_NODE
            && xmlStrEqual(child->name, (const xmlChar *)"configuration"))
            return child;
    return NULL;
}

static void plan_section(GPtrArray *ops, const CsDocument *base, const CsDocument *edited,
                         const char *section)
{
    xmlNode *before = cs_document_section(base, section);
    xmlNode *after = cs_document_section(edited, section);
    if (before == NULL && after == NULL)
        return;
    if (before == NULL) {
        /* A section the CIB lacks (no rsc_defaults yet) is created whole
         * below <configuration>. */
        PlanScope whole = {ops, "configuration", plan_configuration(edited), NULL};
        plan_add_create(ops, whole.section, whole.edited_section, after);
        return;
    }
    PlanScope scope = {ops, section, after, NULL};
    plan_children(&scope, before, after, NULL);
}

/* ---- fail counts through the attribute manager ------------------------- */

static xmlNode *rebase_find(xmlNode *under, const char *tag, const char *id);

static xmlNode *rebase_find_in(const xmlNode *under, const char *tag, const char *id)
{
    return rebase_find((xmlNode *)under, tag, id);
}

/* The nvpair name an op touches (from the element, else from where it
 * was in before). */
static char *attrd_name(const CsLiveOp *op, const xmlNode *state_before)
{
    if (op->element != NULL)
        return plan_prop(op->element, "name");
    xmlNode *was = op->id ? rebase_find_in(state_before, op->tag, op->id) : NULL;
    return was != NULL ? plan_prop(was, "name") : NULL;
}

/* "fail-count-web#monitor_10000" -> "web"; NULL for other names. */
static char *attrd_resource(const char *name)
{
    const char *prefixes[] = {"fail-count-", "last-failure-"};
    for (gsize i = 0; i < G_N_ELEMENTS(prefixes); i++) {
        if (!g_str_has_prefix(name, prefixes[i]))
            continue;
        const char *rsc = name + strlen(prefixes[i]);
        const char *hash = strchr(rsc, '#');
        return hash != NULL ? g_strndup(rsc, (gsize)(hash - rsc)) : g_strdup(rsc);
    }
    return NULL;
}

/* One command for op, replacing any it had (argv is copied). */
static void attrd_use(CsLiveOp *op, char **argv)
{
    if (op->commands != NULL)
        g_ptr_array_unref(op->commands);
    op->commands = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    g_ptr_array_add(op->commands, g_strdupv(argv));
}

/* attrd_updater --update for one nvpair, added to op's commands. */
static void attrd_add_update(CsLiveOp *op, const xmlNode *nvpair, const char *node)
{
    g_autofree char *name = plan_prop(nvpair, "name");
    g_autofree char *value = plan_prop(nvpair, "value");
    if (name == NULL)
        return;
    char *argv[] = {cs_live_tool_path("attrd_updater"),
                    (char *)"--name",
                    name,
                    (char *)"--node",
                    (char *)node,
                    (char *)"--update",
                    value ? value : (char *)"",
                    NULL};
    if (op->commands == NULL)
        op->commands = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    g_ptr_array_add(op->commands, g_strdupv(argv));
    g_free(argv[0]);
}

/* Every nvpair at or below node, in document order. */
static void attrd_nvpairs(const xmlNode *node, GPtrArray *nvpairs)
{
    if (xmlStrEqual(node->name, (const xmlChar *)"nvpair")) {
        g_ptr_array_add(nvpairs, (gpointer)node);
        return;
    }
    for (const xmlNode *child = node->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE)
            attrd_nvpairs(child, nvpairs);
}

/* A transient attribute created or set (the set or the whole
 * transient_attributes made with it included): one attrd_updater
 * --update per nvpair. */
static void attrd_convert_update(CsLiveOp *op, const char *node)
{
    g_autoptr(GPtrArray) nvpairs = g_ptr_array_new();
    attrd_nvpairs(op->element, nvpairs);
    if (nvpairs->len == 0)
        return;
    for (guint i = 0; i < nvpairs->len; i++)
        attrd_add_update(op, g_ptr_array_index(nvpairs, i), node);
    /* A fail count set is told as attrd records a failure. */
    g_autofree char *name = plan_prop(op->element, "name");
    g_autofree char *rsc = name != NULL ? attrd_resource(name) : NULL;
    if (rsc == NULL || g_strcmp0(op->tag, "nvpair") != 0)
        return;
    g_autofree char *value = plan_prop(op->element, "value");
    g_free(op->summary);
    op->summary = plan_printable(g_strdup_printf("node %s: %s=%s", node, name, value ? value : ""));
}

/* Pacemaker keeps transient node attributes, fail counts among them, in
 * the attribute manager (Pacemaker Explained 2.1, "Failure Counts": the
 * fail count is a node attribute the cluster maintains; "Node
 * Attributes": a transient one lives until the node reboots): a value
 * written to or deleted from the CIB alone comes back at attrd's next
 * write.  So, as crm_resource does, a fail count cleared goes through
 * crm_resource --cleanup (once per resource and node: it clears them
 * all, and the last-failure with them); any other transient attribute
 * removed through attrd_updater --delete, and every one set through
 * attrd_updater --update.  A CIB_file has no attribute manager: there
 * the CIB is all, and cibadmin writes it. */
static void attrd_convert(GPtrArray *ops, guint first, const xmlNode *state_before,
                          const char *node)
{
    if (g_getenv("CIB_file") != NULL)
        return;
    g_autoptr(GHashTable) cleaned = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = first; i < ops->len; i++) {
        CsLiveOp *op = g_ptr_array_index(ops, i);
        if (op->kind != CS_LIVE_OP_DELETE && op->element != NULL) {
            attrd_convert_update(op, node);
            continue;
        }
        if (g_strcmp0(op->tag, "nvpair") != 0)
            continue;
        g_autofree char *name = attrd_name(op, state_before);
        g_autofree char *rsc = name != NULL ? attrd_resource(name) : NULL;
        if (name == NULL)
            continue;
        if (rsc == NULL) {
            char *argv[] = {cs_live_tool_path("attrd_updater"),
                            (char *)"--name",
                            name,
                            (char *)"--node",
                            (char *)node,
                            (char *)"--delete",
                            NULL};
            attrd_use(op, argv);
            g_free(argv[0]);
            continue;
        }
        g_free(op->summary);
        op->summary = plan_printable(g_strdup_printf("node %s: %s cleared", node, name));
        op->covered = g_hash_table_contains(cleaned, rsc);
        if (!op->covered) {
            char *argv[] = {cs_live_tool_path("crm_resource"),
                            (char *)"--cleanup",
                            (char *)"--resource",
                            rsc,
                            (char *)"--node",
                            (char *)node,
                            NULL};
            attrd_use(op, argv);
            g_free(argv[0]);
            g_hash_table_add(cleaned, g_strdup(rsc));
        }
    }
}

/* Status: only the transient attributes of nodes present on both sides;
 * the resource history belongs to the cluster. */
static void plan_status(GPtrArray *ops, const CsDocument *base, const CsDocument *edited)
{
    xmlNode *before = cs_document_section(base, "status");
    xmlNode *after = cs_document_section(edited, "status");
    if (before == NULL || after == NULL)
        return;
    PlanScope scope = {ops, "status", after, "transient_attributes"};
    g_autoptr(GHashTable) before_index = plan_index(before);
    for (xmlNode *state = after->children; state; state = state->next) {
        if (state->type != XML_ELEMENT_NODE || !plan_has_id(state))
            continue;
        xmlNode *old = plan_find_object(before_index, state);
        if (old == NULL)
            continue;
        guint first = ops->len;
        plan_children(&scope, old, state, "transient_attributes");
        g_autofree char *uname = plan_prop(state, "uname");
        g_autofree char *id = plan_prop(state, "id");
        attrd_convert(ops, first, old, uname != NULL ? uname : id);
    }
}

/* Tickets: each ticket_state below <status><tickets> (Pacemaker
 * Explained 2.1, "Granting and Revoking Tickets Manually": the cluster
 * keeps a ticket's state in the status section, crm_ticket writes it).
 * A <tickets> the base lacks is created with the first one. */
static void plan_tickets(GPtrArray *ops, const CsDocument *base, const CsDocument *edited)
{
    xmlNode *before_status = cs_document_section(base, "status");
    xmlNode *after_status = cs_document_section(edited, "status");
    xmlNode *before = plan_find_idless(before_status, (const xmlChar *)"tickets");
    xmlNode *after = plan_find_idless(after_status, (const xmlChar *)"tickets");
    if (after == NULL || after_status == NULL)
        return;
    PlanScope scope = {ops, "status", after_status, "ticket_state"};
    plan_children(&scope, before, after, "ticket_state");
}

/* ---- an order the CIB accepts at every step ---------------------------- */

/* op creates an object holding one with the same tag and id as the one
 * removed by gone: the object moved (into a group, a clone). */
static gboolean plan_moves(const CsLiveOp *op, const CsLiveOp *gone)
{
    if (op->kind != CS_LIVE_OP_CREATE || op->element == NULL || gone->id == NULL)
        return FALSE;
    if (g_strcmp0(op->tag, gone->tag) == 0 && g_strcmp0(op->id, gone->id) == 0)
        return TRUE;
    return rebase_find(op->element, gone->tag, gone->id) != NULL;
}

/* A section where an object moved is written whole, in one cibadmin
 * --replace: removing the object first would leave the constraints that
 * name it pointing at nothing, which the CIB's schema refuses, and
 * creating it first would give its id twice. */
static void plan_section_whole_when_moved(GPtrArray *ops, const CsDocument *edited,
                                          const char *section)
{
    const CsLiveOp *moved = NULL;
    for (guint i = 0; i < ops->len && moved == NULL; i++) {
        const CsLiveOp *gone = g_ptr_array_index(ops, i);
        for (guint j = 0; j < ops->len && gone->kind == CS_LIVE_OP_DELETE && moved == NULL; j++)
            if (plan_moves(g_ptr_array_index(ops, j), gone))
                moved = gone;
    }
    if (moved == NULL)
        return;
    xmlNode *whole = cs_document_section(edited, section);
    CsLiveOp *op = plan_op_new(CS_LIVE_OP_REPLACE, section, whole);
    op->fragment = plan_serialize(op->element);
    op->summary =
        g_strdup_printf("%s rewritten whole (%s %s moved)", section, moved->tag, moved->id);
    plan_printable(op->summary);
    g_ptr_array_set_size(ops, 0);
    g_ptr_array_add(ops, op);
}

/* Every resource a constraint op's element names exists in base. */
static gboolean plan_names_known(const xmlNode *node, const CsDocument *base)
{
    static const char *refs[] = {"rsc", "with-rsc", "first", "then"};
    for (gsize i = 0; i < G_N_ELEMENTS(refs); i++) {
        g_autofree char *id = plan_prop(node, refs[i]);
        if (id != NULL && cs_document_lookup_id(base, id) == NULL)
            return FALSE;
    }
    if (xmlStrEqual(node->name, (const xmlChar *)"resource_ref")) {
        g_autofree char *id = plan_prop(node, "id");
        if (id != NULL && cs_document_lookup_id(base, id) == NULL)
            return FALSE;
    }
    for (xmlNode *child = node->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE && !plan_names_known(child, base))
            return FALSE;
    return TRUE;
}

/* Appends from's ops (those not taken already) to to; from is left
 * empty. */
static void plan_move_ops(GPtrArray *to, GPtrArray *from)
{
    for (guint i = 0; i < from->len; i++) {
        CsLiveOp *op = g_steal_pointer(&g_ptr_array_index(from, i));
        if (op != NULL)
            g_ptr_array_add(to, op);
    }
    g_ptr_array_set_size(from, 0);
}

GPtrArray *cs_live_plan(const CsDocument *base, const CsDocument *edited)
{
    GPtrArray *ops = g_ptr_array_new_with_free_func((GDestroyNotify)cs_live_op_free);
    for (size_t i = 0; i < G_N_ELEMENTS(plan_sections); i++)
        plan_section(ops, base, edited, plan_sections[i]);
    plan_status(ops, base, edited);
    plan_tickets(ops, base, edited);
    return ops;
}

/* Takes from ops (leaving NULL) those of section into to. */
static void plan_take_section(GPtrArray *ops, const char *section, GPtrArray *to)
{
    for (guint i = 0; i < ops->len; i++) {
        CsLiveOp *op = g_ptr_array_index(ops, i);
        if (op != NULL && strcmp(op->section, section) == 0)
            g_ptr_array_add(to, g_steal_pointer(&g_ptr_array_index(ops, i)));
    }
}

GPtrArray *cs_live_commit_plan(const CsDocument *base, const CsDocument *edited)
{
    g_autoptr(GPtrArray) diff = cs_live_plan(base, edited);
    GPtrArray *ops = g_ptr_array_new_with_free_func((GDestroyNotify)cs_live_op_free);
    g_autoptr(GPtrArray) constraints =
        g_ptr_array_new_with_free_func((GDestroyNotify)cs_live_op_free);
    g_autoptr(GPtrArray) early = g_ptr_array_new_with_free_func((GDestroyNotify)cs_live_op_free);
    /* Constraints that name only resources the base has go before the
     * resources change (a resource removed must no longer be named), the
     * others after (a resource they name must exist first). */
    plan_take_section(diff, "constraints", constraints);
    plan_section_whole_when_moved(constraints, edited, "constraints");
    for (guint i = 0; i < constraints->len; i++) {
        CsLiveOp *op = g_ptr_array_index(constraints, i);
        if (op->element == NULL || plan_names_known(op->element, base))
            g_ptr_array_add(early, g_steal_pointer(&g_ptr_array_index(constraints, i)));
    }
    for (size_t i = 0; i < G_N_ELEMENTS(plan_sections); i++) {
        const char *section = plan_sections[i];
        if (strcmp(section, "resources") == 0)
            plan_move_ops(ops, early);
        if (strcmp(section, "constraints") == 0) {
            plan_move_ops(ops, constraints);
            continue;
        }
        g_autoptr(GPtrArray) section_ops =
            g_ptr_array_new_with_free_func((GDestroyNotify)cs_live_op_free);
        plan_take_section(diff, section, section_ops);
        plan_section_whole_when_moved(section_ops, edited, section);
        plan_move_ops(ops, section_ops);
    }
    /* Sections made whole, the status: in the diff's order. */
    plan_move_ops(ops, diff);
    return ops;
}

/* ---- replaying on a fresh document ------------------------------------ */

static xmlNode *rebase_section(const CsDocument *document, const char *section)
{
    if (strcmp(section, "configuration") == 0)
        return plan_configuration(document);
    return cs_document_section(document, section);
}

static xmlNode *rebase_find(xmlNode *under, const char *tag, const char *id)
{
    for (xmlNode *child = under ? under->children : NULL; child; child = child->next) {
        if (child->type != XML_ELEMENT_NODE)
            continue;
        if (xmlStrEqual(child->name, (const xmlChar *)tag)) {
            g_autofree char *child_id = plan_prop(child, "id");
            if (g_strcmp0(child_id, id) == 0)
                return child;
        }
        xmlNode *deeper = rebase_find(child, tag, id);
        if (deeper != NULL)
            return deeper;
    }
    return NULL;
}

/* The parent path names below section_node.  A container without an id
 * (<tickets> in the status) that the fresh CIB lacks is made, as
 * cibadmin --modify makes it; an object with an id that is missing was
 * removed (NULL). */
static xmlNode *rebase_parent(xmlNode *section_node, char **path)
{
    xmlNode *here = section_node;
    for (char **pair = path; here != NULL && pair[0] != NULL; pair += 2) {
        xmlNode *next = NULL;
        for (xmlNode *child = here->children; child && next == NULL; child = child->next) {
            if (child->type != XML_ELEMENT_NODE
                || !xmlStrEqual(child->name, (const xmlChar *)pair[0]))
                continue;
            g_autofree char *id = plan_prop(child, "id");
            if (pair[1][0] == '\0' ? id == NULL : g_strcmp0(id, pair[1]) == 0)
                next = child;
        }
        if (next == NULL && pair[1][0] == '\0')
            next = xmlNewChild(here, NULL, (const xmlChar *)pair[0], NULL);
        here = next;
    }
    return here;
}

/* Returns NULL when op applied, else why it does not. */
static char *rebase_one(CsDocument *fresh, const CsLiveOp *op)
{
    xmlNode *section_node = rebase_section(fresh, op->section);
    xmlNode *target = op->id ? rebase_find(section_node, op->tag, op->id) : NULL;
    if (op->kind == CS_LIVE_OP_CREATE) {
        if (target != NULL) {
            g_autofree char *theirs = plan_serialize(target);
            g_autofree char *ours = plan_serialize(op->element);
            return strcmp(theirs, ours) == 0
                       ? NULL
                       : g_strdup("was created in the cluster's CIB meanwhile, differently");
        }
        xmlNode *parent = section_node ? rebase_parent(section_node, op->path) : NULL;
        if (parent == NULL)
            return g_strdup("what it belongs to was removed from the cluster's CIB");
        xmlAddChild(parent, xmlDocCopyNode(op->element, fresh->xml, 1));
        return NULL;
    }
    if (target == NULL)
        return g_strdup(op->kind == CS_LIVE_OP_DELETE
                            ? "was already removed from the cluster's CIB"
                            : "was removed from the cluster's CIB meanwhile");
    if (op->kind == CS_LIVE_OP_DELETE) {
        xmlUnlinkNode(target);
        xmlFreeNode(target);
    } else if (op->kind == CS_LIVE_OP_REPLACE) {
        xmlNode *copy = xmlDocCopyNode(op->element, fresh->xml, 1);
        xmlReplaceNode(target, copy);
        xmlFreeNode(target);
    } else {
        for (xmlAttr *attr = op->element->properties; attr; attr = attr->next) {
            g_autofree char *value = plan_prop(op->element, (const char *)attr->name);
            xmlSetProp(target, attr->name, (const xmlChar *)value);
        }
    }
    return NULL;
}

GPtrArray *cs_live_rebase(CsDocument *fresh, const GPtrArray *ops)
{
    GPtrArray *dropped = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < ops->len; i++) {
        const CsLiveOp *op = g_ptr_array_index(ops, i);
        g_autofree char *why = rebase_one(fresh, op);
        if (why != NULL)
            g_ptr_array_add(dropped, g_strdup_printf("%s: %s", op->summary, why));
    }
    cs_document_reindex(fresh);
    return dropped;
}

/* ---- conflicts: the cluster changed what an edit changes --------------- */

/* Any element with this id at or below node. */
static xmlNode *conflict_find_id(xmlNode *node, const char *id)
{
    for (xmlNode *child = node ? node->children : NULL; child; child = child->next) {
        if (child->type != XML_ELEMENT_NODE)
            continue;
        g_autofree char *child_id = plan_prop(child, "id");
        if (g_strcmp0(child_id, id) == 0)
            return child;
        xmlNode *deeper = conflict_find_id(child, id);
        if (deeper != NULL)
            return deeper;
    }
    return NULL;
}

static CsLiveConflict *conflict_new(CsLiveConflictKind kind, const CsLiveOp *op, char *text)
{
    CsLiveConflict *conflict = g_new0(CsLiveConflict, 1);
    conflict->kind = kind;
    conflict->tag = g_strdup(op->tag);
    conflict->id = g_strdup(op->id);
    conflict->text = plan_printable(text);
    return conflict;
}

/* What the edit wants the object to be: "yours: score 7" or "yours: removed". */
static char *conflict_yours(const CsLiveOp *op, const xmlNode *theirs)
{
    if (op->kind == CS_LIVE_OP_DELETE || op->element == NULL)
        return g_strdup("yours: removed");
    g_autofree char *changes = theirs != NULL ? plan_describe_changes(theirs, op->element) : NULL;
    if (changes != NULL && changes[0] != '\0')
        return g_strdup_printf("yours: %s", changes);
    g_autofree char *whole = plan_describe(op->element);
    return g_strdup_printf("yours: %s", whole);
}

/* One op against the outside change old_base -> fresh, or NULL. */
static CsLiveConflict *conflict_of(const CsDocument *old_base, const CsDocument *fresh,
                                   const CsLiveOp *op)
{
    if (op->id == NULL)
        return NULL;
    if (op->kind == CS_LIVE_OP_CREATE) {
        xmlNode *taken = conflict_find_id(xmlDocGetRootElement(fresh->xml), op->id);
        if (taken == NULL)
            return NULL;
        g_autofree char *theirs = plan_serialize(taken);
        g_autofree char *ours = plan_serialize(op->element);
        if (strcmp(theirs, ours) == 0)
            return NULL; /* the same object made outside: nothing to decide */
        g_autofree char *what = plan_describe(taken);
        return conflict_new(CS_LIVE_CONFLICT_ID_TAKEN, op,
                            g_strdup_printf("%s: id taken: the cluster's CIB now has %s; "
                                            "yours is a new %s",
                                            op->summary, what, op->tag));
    }
    xmlNode *was = rebase_find(rebase_section(old_base, op->section), op->tag, op->id);
    xmlNode *now = rebase_find(rebase_section(fresh, op->section), op->tag, op->id);
    if (now == NULL)
        return conflict_new(
            CS_LIVE_CONFLICT_REMOVED, op,
            g_strdup_printf("%s: removed from the cluster's CIB meanwhile", op->summary));
    if (was == NULL)
        return NULL;
    g_autofree char *before = plan_serialize(was);
    g_autofree char *after = plan_serialize(now);
    if (strcmp(before, after) == 0)
        return NULL;
    g_autofree char *changed = plan_describe_changes(was, now);
    g_autofree char *yours = conflict_yours(op, now);
    g_autofree char *what = plan_describe(now);
    return conflict_new(CS_LIVE_CONFLICT_CHANGED, op,
                        g_strdup_printf("%s: changed in the cluster meanwhile (%s); %s", what,
                                        changed[0] ? changed : "its contents", yours));
}

GPtrArray *cs_live_conflicts(const CsDocument *old_base, const CsDocument *fresh,
                             const GPtrArray *ops)
{
    GPtrArray *conflicts = g_ptr_array_new_with_free_func((GDestroyNotify)cs_live_conflict_free);
    for (guint i = 0; i < ops->len; i++) {
        CsLiveConflict *conflict = conflict_of(old_base, fresh, g_ptr_array_index(ops, i));
        if (conflict != NULL)
            g_ptr_array_add(conflicts, conflict);
    }
    return conflicts;
}

/* The object of a conflict in document, by tag and id (the id may be on
 * another kind of object as well). */
static xmlNode *conflict_object(const CsDocument *document, const CsLiveConflict *conflict)
{
    xmlNode *root = xmlDocGetRootElement(document->xml);
    return root != NULL ? rebase_find(root, conflict->tag, conflict->id) : NULL;
}

gboolean cs_live_conflict_drop(CsDocument *edited, const CsDocument *fresh,
                               const CsLiveConflict *conflict)
{
    xmlNode *ours = conflict_object(edited, conflict);
    xmlNode *theirs = conflict_object(fresh, conflict);
    if (conflict->kind == CS_LIVE_CONFLICT_ID_TAKEN) {
        /* Ours is the object the edit made: it goes (the cluster's, when
         * of the same kind, takes its place). */
        if (ours == NULL)
            return FALSE;
        if (theirs != NULL)
            xmlReplaceNode(ours, xmlDocCopyNode(theirs, edited->xml, 1));
        else
            xmlUnlinkNode(ours);
        xmlFreeNode(ours);
        return TRUE;
    }
    if (theirs == NULL)
        return FALSE; /* removed outside: nothing of the edit is left */
    xmlNode *copy = xmlDocCopyNode(theirs, edited->xml, 1);
    if (ours != NULL) {
        xmlReplaceNode(ours, copy);
        xmlFreeNode(ours);
        return TRUE;
    }
    /* Ours removed it: put the cluster's back where it was. */
    xmlNode *parent_there = theirs->parent;
    g_autofree char *parent_id = plan_prop(parent_there, "id");
    xmlNode *root = xmlDocGetRootElement(edited->xml);
    xmlNode *parent = parent_id != NULL
                          ? rebase_find(root, (const char *)parent_there->name, parent_id)
                          : cs_document_section(edited, (const char *)parent_there->name);
    if (parent == NULL) {
        xmlFreeNode(copy);
        return FALSE;
    }
    xmlAddChild(parent, copy);
    return TRUE;
}
