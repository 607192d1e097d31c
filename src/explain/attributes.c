/* attributes.c: a resource's meta attributes and a node's attributes,
 * each with its effective value and source (attributes.h).
 */
#include <string.h>
#include <libxml/tree.h>

#include "explain/attributes.h"
#include "base/xml.h"
#include "cib/edit.h"

typedef struct CsMetaDefault {
    const char *name;
    const char *value; /* NULL: depends, said in note */
    const char *note;
    gboolean clone_only;
} CsMetaDefault;

/* Pacemaker Explained 2.1, "Resource Meta-Attributes" and "Clone
 * Options": the defaults of the attributes that change scheduling. */
static const CsMetaDefault meta_defaults[] = {
    {"priority", "0", NULL, FALSE},
    {"critical", "true", NULL, FALSE},
    {"target-role", "Started", NULL, FALSE},
    {"is-managed", "true", NULL, FALSE},
    {"maintenance", "false", NULL, FALSE},
    {"resource-stickiness", NULL, "1 for clone instances, else 0", FALSE},
    {"requires", NULL, "fencing, or quorum when fencing is off or for stonith devices", FALSE},
    {"migration-threshold", "INFINITY", NULL, FALSE},
    {"failure-timeout", "0", NULL, FALSE},
    {"multiple-active", "stop_start", NULL, FALSE},
    {"allow-migrate", "false", NULL, FALSE},
    {"allow-unhealthy-nodes", "false", NULL, FALSE},
    {"clone-max", NULL, "the number of nodes", TRUE},
    {"clone-node-max", "1", NULL, TRUE},
    {"globally-unique", "false", NULL, TRUE},
    {"interleave", "false", NULL, TRUE},
    {"notify", "false", NULL, TRUE},
    {"ordered", "false", NULL, TRUE},
    {"promotable", "false", NULL, TRUE},
    {"promoted-max", "1", NULL, TRUE},
    {"promoted-node-max", "1", NULL, TRUE},
};

/* Names Pacemaker reads for guests and bundles ("Resource
 * Meta-Attributes"), which change no placement here. */
static const char *const meta_other_names[] = {
    "container-attribute-target", "remote-node", "remote-port", "remote-addr",
    "remote-connect-timeout",
};

GPtrArray *cs_attributes_meta_names(void)
{
    GPtrArray *names = g_ptr_array_new();
    for (gsize i = 0; i < G_N_ELEMENTS(meta_defaults); i++)
        g_ptr_array_add(names, (gpointer)meta_defaults[i].name);
    for (gsize i = 0; i < G_N_ELEMENTS(meta_other_names); i++)
        g_ptr_array_add(names, (gpointer)meta_other_names[i]);
    return names;
}

void cs_attr_free(CsAttr *attr)
{
    if (attr == NULL)
        return;
    g_free(attr->name);
    g_free(attr->value);
    g_free(attr->source_text);
    g_free(attr);
}

static CsAttr *attr_new(const char *name, char *value, CsAttrSource source, char *source_text,
                        gboolean ruled)
{
    CsAttr *attr = g_new0(CsAttr, 1);
    attr->name = g_strdup(name);
    attr->value = value;
    attr->source = source;
    attr->source_text = source_text;
    attr->ruled = ruled;
    return attr;
}

static char *attr_prop(const xmlNode *node, const char *name)
{
    xmlChar *value = xmlGetNoNsProp(node, (const xmlChar *)name);
    char *copy = value != NULL ? g_strdup((const char *)value) : NULL;
    xmlFree(value);
    return copy;
}

static gboolean set_has_rule(const xmlNode *set)
{
    for (xmlNode *child = set->children; child != NULL; child = child->next)
        if (cs_xml_is(child, "rule"))
            return TRUE;
    return FALSE;
}

/* ---- a resource's meta attributes ---------------------------------------- */

/* The value of name in the rule-less meta_attributes of owner (*set_id
 * gets the set's id); NULL when not set there.  *ruled tells whether a
 * rule-selected set names it. */
static char *meta_in(const xmlNode *owner, const char *name, char **set_id, gboolean *ruled)
{
    for (xmlNode *set = owner != NULL ? owner->children : NULL; set != NULL; set = set->next) {
        if (!cs_xml_is(set, "meta_attributes"))
            continue;
        gboolean has_rule = set_has_rule(set);
        for (xmlNode *pair = set->children; pair != NULL; pair = pair->next) {
            if (!cs_xml_is(pair, "nvpair"))
                continue;
            g_autofree char *pair_name = attr_prop(pair, "name");
            if (g_strcmp0(pair_name, name) != 0)
                continue;
            if (has_rule) {
                *ruled = TRUE;
                continue;
            }
            char *value = attr_prop(pair, "value");
            char *id = attr_prop(set, "id");
            *set_id = id != NULL ? id : g_strdup("");
            return value != NULL ? value : g_strdup("");
        }
    }
    return NULL;
}

static gboolean is_resource_node(const xmlNode *node)
{
    return cs_xml_is(node, "primitive") || cs_xml_is(node, "group") || cs_xml_is(node, "clone")
           || cs_xml_is(node, "master") || cs_xml_is(node, "bundle");
}

/* name's value found nearest first: the resource's own meta, an
 * ancestor's (Pacemaker passes a group's or clone's meta attributes
 * down), rsc_defaults, the default; NULL when none gives one. */
static CsAttr *meta_attr(const CsDocument *document, const xmlNode *resource, const char *name,
                         const CsMetaDefault *fallback)
{
    gboolean ruled = FALSE;
    for (const xmlNode *owner = resource; is_resource_node(owner); owner = owner->parent) {
        g_autofree char *set_id = NULL;
        char *value = meta_in(owner, name, &set_id, &ruled);
        if (value == NULL)
            continue;
        g_autofree char *owner_id = attr_prop(owner, "id");
        if (owner == resource)
            return attr_new(name, value, CS_ATTR_OWN, g_strdup_printf("own meta (%s)", set_id),
                            ruled);
        return attr_new(name, value, CS_ATTR_INHERITED,
                        g_strdup_printf("from %s (%s)", owner_id, set_id), ruled);
    }
    xmlNode *defaults = cs_document_section(document, "rsc_defaults");
    if (defaults != NULL) {
        g_autofree char *set_id = NULL;
        char *value = meta_in(defaults, name, &set_id, &ruled);
        if (value != NULL)
            return attr_new(name, value, CS_ATTR_RSC_DEFAULTS,
                            g_strdup_printf("rsc_defaults (%s)", set_id), ruled);
    }
    if (fallback == NULL)
        return NULL;
    return attr_new(name, g_strdup(fallback->value != NULL ? fallback->value : "-"),
                    CS_ATTR_DEFAULT,
                    g_strdup_printf("default%s%s", fallback->note != NULL ? ": " : "",
                                    fallback->note != NULL ? fallback->note : ""),
                    ruled);
}

/* Adds the names in owner's meta_attributes sets that neither the table
 * nor names has yet, so that nothing set goes unshown. */
static void meta_names_of(const xmlNode *owner, GPtrArray *names)
{
    for (xmlNode *set = owner->children; set != NULL; set = set->next) {
        if (!cs_xml_is(set, "meta_attributes"))
            continue;
        for (xmlNode *pair = set->children; pair != NULL; pair = pair->next) {
            g_autofree char *name = cs_xml_is(pair, "nvpair") ? attr_prop(pair, "name") : NULL;
            gboolean known = name == NULL;
            for (gsize i = 0; !known && i < G_N_ELEMENTS(meta_defaults); i++)
                known = strcmp(meta_defaults[i].name, name) == 0;
            for (guint i = 0; !known && i < names->len; i++)
                known = strcmp(g_ptr_array_index(names, i), name) == 0;
            if (!known)
                g_ptr_array_add(names, g_steal_pointer(&name));
        }
    }
}

GPtrArray *cs_attributes_meta(const CsDocument *document, const char *rsc, GError **error)
{
    xmlNode *resource = cs_edit_find_resource(document, rsc);
    if (resource == NULL) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NOT_FOUND, "no resource '%s'", rsc);
        return NULL;
    }
    gboolean clone = cs_xml_is(resource, "clone") || cs_xml_is(resource, "master");
    GPtrArray *attrs = g_ptr_array_new_with_free_func((GDestroyNotify)cs_attr_free);
    for (gsize i = 0; i < G_N_ELEMENTS(meta_defaults); i++) {
        if (meta_defaults[i].clone_only && !clone)
            continue;
        CsAttr *attr = meta_attr(document, resource, meta_defaults[i].name, &meta_defaults[i]);
        if (attr != NULL)
            g_ptr_array_add(attrs, attr);
    }
    g_autoptr(GPtrArray) extra = g_ptr_array_new_with_free_func(g_free);
    for (const xmlNode *owner = resource; is_resource_node(owner); owner = owner->parent)
        meta_names_of(owner, extra);
    xmlNode *defaults = cs_document_section(document, "rsc_defaults");
    if (defaults != NULL)
        meta_names_of(defaults, extra);
    for (guint i = 0; i < extra->len; i++) {
        CsAttr *attr = meta_attr(document, resource, g_ptr_array_index(extra, i), NULL);
        if (attr != NULL)
            g_ptr_array_add(attrs, attr);
    }
    return attrs;
}

/* ---- a node's attributes ------------------------------------------------- */

/* Every nvpair of owner's sets called set_name, as attrs of source. */
static void node_sets(const xmlNode *owner, const char *set_name, CsAttrSource source,
                      const char *word, GPtrArray *attrs)
{
    for (xmlNode *set = owner != NULL ? owner->children : NULL; set != NULL; set = set->next) {
        if (!cs_xml_is(set, set_name))
            continue;
        g_autofree char *set_id = attr_prop(set, "id");
        gboolean ruled = set_has_rule(set);
        for (xmlNode *pair = set->children; pair != NULL; pair = pair->next) {
            g_autofree char *name = cs_xml_is(pair, "nvpair") ? attr_prop(pair, "name") : NULL;
            if (name == NULL)
                continue;
            char *value = attr_prop(pair, "value");
            g_ptr_array_add(
                attrs,
                attr_new(name, value != NULL ? value : g_strdup(""), source,
                         g_strdup_printf("%s (%s)", word, set_id != NULL ? set_id : "?"), ruled));
        }
    }
}

/* The node's node_state's transient_attributes, or NULL. */
static xmlNode *node_transient(const CsDocument *document, const xmlNode *node)
{
    g_autofree char *id = attr_prop(node, "id");
    xmlNode *status = cs_document_section(document, "status");
    for (xmlNode *state = status != NULL ? status->children : NULL; state != NULL;
         state = state->next) {
        g_autofree char *state_id = cs_xml_is(state, "node_state") ? attr_prop(state, "id") : NULL;
        if (state_id == NULL || g_strcmp0(state_id, id) != 0)
            continue;
        for (xmlNode *child = state->children; child != NULL; child = child->next)
            if (cs_xml_is(child, "transient_attributes"))
                return child;
    }
    return NULL;
}

GPtrArray *cs_attributes_node(const CsDocument *document, const char *name, GError **error)
{
    xmlNode *node = cs_edit_find_node(document, name);
    if (node == NULL) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NOT_FOUND, "no node '%s'", name);
        return NULL;
    }
    GPtrArray *attrs = g_ptr_array_new_with_free_func((GDestroyNotify)cs_attr_free);
    node_sets(node, "instance_attributes", CS_ATTR_NODE, "node attribute", attrs);
    node_sets(node_transient(document, node), "instance_attributes", CS_ATTR_TRANSIENT, "transient",
              attrs);
    node_sets(node, "utilization", CS_ATTR_UTILIZATION, "utilization", attrs);
    return attrs;
}
