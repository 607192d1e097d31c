/* nodes.c: the nodes of the configuration, and the Pacemaker Remote and
 * guest nodes that resources create.
 *
 * Pacemaker Explained 2.1, "Cluster Nodes" (node attributes; the built-in
 * ones in "Rules"), and "Pacemaker Remote": an ocf:pacemaker:remote
 * primitive makes a remote node named after it; a primitive with the meta
 * attribute remote-node makes a guest node, and so does each replica of a
 * bundle with a resource inside ("Bundles"; made here only when the
 * status section names one of them, model/bundle.c).  What the status section says
 * of nodes (online, unclean, transient attributes) is read in status.c.
 */
#include <string.h>

#include "model/model_internal.h"

CsNode *cs_model_add_node(CsModel *model, const char *id, const char *uname, CsNodeType type,
                          xmlNode *xml)
{
    CsNode *node = g_new0(CsNode, 1);

    node->index = (int)model->nodes->len;
    node->id = g_strdup(id);
    node->uname = g_strdup(uname != NULL ? uname : id);
    node->type = type;
    node->attrs = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    node->utilization = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    node->xml = xml;
    node->remote_rsc = -1;
    node->rsc_discovery_enabled = TRUE;
    /* #kind: a cluster node, or remote (guest nodes become "container"
     * once their connection is linked to its container). */
    g_hash_table_insert(
        node->attrs, g_strdup("#kind"),
        g_strdup(type == CS_NODE_REMOTE || type == CS_NODE_GUEST ? "remote" : "cluster"));
    if (g_hash_table_contains(model->node_by_uname, node->uname)) {
        cs_model_warn(model, "more than one node entry has name '%s'", node->uname);
    } else {
        g_hash_table_insert(model->node_by_uname, node->uname, node);
    }
    if (!g_hash_table_contains(model->node_by_id, node->id)) {
        g_hash_table_insert(model->node_by_id, node->id, node);
    }
    g_ptr_array_add(model->nodes, node);
    if (type == CS_NODE_REMOTE) {
        model->features |= CS_FEATURE_REMOTE_NODE;
    }
    return node;
}

/* Pacemaker's add_node_attrs(): the built-ins are (re)written each time a
 * block of attributes is read, then the sets, then #site-name defaults to
 * the site-name attribute or the cluster name. */
void cs_node_add_attrs(CsModel *model, CsNode *node, xmlNode *sets_parent, gboolean overwrite)
{
    CsRuleContext context;
    const char *cluster_name = model->options.cluster_name;

    g_hash_table_replace(node->attrs, g_strdup("#uname"), g_strdup(node->uname));
    g_hash_table_replace(node->attrs, g_strdup("#id"), g_strdup(node->id));
    node->is_dc =
        model->options.dc_uuid != NULL && g_ascii_strcasecmp(node->id, model->options.dc_uuid) == 0;
    g_hash_table_replace(node->attrs, g_strdup("#is_dc"), g_strdup(node->is_dc ? "true" : "false"));
    if (cluster_name != NULL) {
        g_hash_table_replace(node->attrs, g_strdup("#cluster-name"), g_strdup(cluster_name));
    }

    cs_model_rule_context_init(model, &context);
    if (overwrite) {
        /* Transient attributes replace configured ones: read them into a
         * fresh table and copy over. */
        g_autoptr(GHashTable) fresh =
            g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
        cs_nvsets_unpack(model->document, sets_parent, "instance_attributes", &context, NULL,
                         fresh);
        GHashTableIter iter;
        gpointer name, value;
        g_hash_table_iter_init(&iter, fresh);
        while (g_hash_table_iter_next(&iter, &name, &value)) {
            g_hash_table_iter_steal(&iter); /* moved, not copied */
            g_hash_table_replace(node->attrs, name, value);
        }
    } else {
        cs_nvsets_unpack(model->document, sets_parent, "instance_attributes", &context, NULL,
                         node->attrs);
    }

    if (!g_hash_table_contains(node->attrs, "#site-name")) {
        const char *site = g_hash_table_lookup(node->attrs, "site-name");
        if (site == NULL) {
            site = cluster_name;
        }
        if (site != NULL) {
            g_hash_table_insert(node->attrs, g_strdup("#site-name"), g_strdup(site));
        }
    }
}

static CsNodeType cs_node_type_parse(CsModel *model, const char *type, const char *uname)
{
    if (type == NULL || g_ascii_strcasecmp(type, "member") == 0) {
        return CS_NODE_MEMBER;
    }
    if (g_ascii_strcasecmp(type, "remote") == 0) {
        return CS_NODE_REMOTE;
    }
    if (g_ascii_strcasecmp(type, "ping") != 0) {
        cs_model_warn(model, "node %s has unrecognized type '%s', assuming 'ping'",
                      uname != NULL ? uname : "without name", type);
    }
    return CS_NODE_PING;
}

/* Startup fencing (Pacemaker Explained 2.1, "Cluster Options", startup-fencing): with fencing
 * enabled, a node is unclean until the status section has seen it. */
void cs_node_startup_fencing(CsModel *model, CsNode *node)
{
    gboolean startup_fencing = TRUE;
    const char *value = g_hash_table_lookup(model->options.values, "startup-fencing");

    if (value != NULL) {
        startup_fencing = cs_text_is_true(value);
    }
    node->unclean = model->options.stonith_enabled && startup_fencing;
    node->unseen = TRUE;
}

static void cs_nodes_unpack_configured(CsModel *model)
{
    xmlNode *section = cs_document_section(model->document, "nodes");
    CsRuleContext context;

    cs_model_rule_context_init(model, &context);
    for (xmlNode *xml = cs_xml_first_element(section); xml != NULL;
         xml = cs_xml_next_element(xml)) {
        if (!cs_xml_is(xml, "node")) {
            continue;
        }
        const char *id = cs_xml_attr(xml, "id");
        const char *uname = cs_xml_attr(xml, "uname");
        if (id == NULL) {
            cs_model_warn(model, "ignoring <node> entry in configuration without id");
            continue;
        }
        CsNodeType type = cs_node_type_parse(model, cs_xml_attr(xml, "type"), uname);
        CsNode *node = cs_model_add_node(model, id, uname, type, xml);
        cs_score_parse(cs_xml_attr(xml, "score"), &node->weight);
        /* A remote node entry without a connection resource is left over
         * from a removed connection: no startup fencing for it (decided
         * again when connections are linked). */
        if (type != CS_NODE_REMOTE) {
            cs_node_startup_fencing(model, node);
        } else {
            node->unseen = TRUE;
        }
        cs_node_add_attrs(model, node, xml, FALSE);
        cs_nvsets_unpack(model->document, xml, "utilization", &context, NULL, node->utilization);
        if (g_hash_table_size(node->utilization) > 0) {
            model->features |= CS_FEATURE_UTILIZATION;
        }
    }
}

/* ocf:pacemaker:remote, as Pacemaker's xml_contains_remote_node(). */
gboolean cs_xml_is_remote_connection(const xmlNode *xml)
{
    const char *rsc_class = cs_xml_attr(xml, "class");
    const char *provider = cs_xml_attr(xml, "provider");
    const char *type = cs_xml_attr(xml, "type");

    return rsc_class != NULL && provider != NULL && type != NULL
           && g_ascii_strcasecmp(rsc_class, "ocf") == 0
           && g_ascii_strcasecmp(provider, "pacemaker") == 0
           && g_ascii_strcasecmp(type, "remote") == 0;
}

/* The remote-node meta attribute of a primitive, read raw (no rules, no
 * id-ref) as Pacemaker's expand_remote_rsc_meta() does. */
const char *cs_xml_guest_node_name(const xmlNode *primitive)
{
    const char *name = NULL;

    if (!cs_xml_is(primitive, "primitive")) {
        return NULL;
    }
    for (xmlNode *set = cs_xml_first_element(primitive); set != NULL;
         set = cs_xml_next_element(set)) {
        if (!cs_xml_is(set, "meta_attributes")) {
            continue;
        }
        for (xmlNode *pair = cs_xml_first_element(set); pair != NULL;
             pair = cs_xml_next_element(pair)) {
            const char *pair_name = cs_xml_attr(pair, "name");
            if (pair_name != NULL && g_ascii_strcasecmp(pair_name, "remote-node") == 0) {
                name = cs_xml_attr(pair, "value");
            }
        }
    }
    return name;
}

static void cs_nodes_add_from_resource(CsModel *model, const char *name, CsNodeType type)
{
    if (name == NULL || cs_model_node(model, name) != NULL) {
        return;
    }
    cs_model_add_node(model, name, name, type, NULL);
    if (type == CS_NODE_GUEST) {
        model->features |= CS_FEATURE_GUEST_NODE;
    }
}

/* Pacemaker's unpack_remote_nodes(): top-level remote primitives, and
 * guest primitives at top level or inside a group. */
static void cs_nodes_unpack_remote(CsModel *model)
{
    xmlNode *section = cs_document_section(model->document, "resources");

    for (xmlNode *xml = cs_xml_first_element(section); xml != NULL;
         xml = cs_xml_next_element(xml)) {
        if (cs_xml_is_remote_connection(xml)) {
            cs_nodes_add_from_resource(model, cs_xml_attr(xml, "id"), CS_NODE_REMOTE);
        } else if (cs_xml_is(xml, "primitive")) {
            cs_nodes_add_from_resource(model, cs_xml_guest_node_name(xml), CS_NODE_GUEST);
        } else if (cs_xml_is(xml, "group")) {
            for (xmlNode *member = cs_xml_first_element(xml); member != NULL;
                 member = cs_xml_next_element(member)) {
                cs_nodes_add_from_resource(model, cs_xml_guest_node_name(member), CS_NODE_GUEST);
            }
        } else if (cs_xml_is(xml, "bundle")) {
            cs_bundle_add_guest_nodes(model, xml);
        }
    }
}

void cs_model_unpack_nodes(CsModel *model, gboolean with_resources)
{
    cs_nodes_unpack_configured(model);
    if (with_resources) {
        cs_nodes_unpack_remote(model);
    }
}
