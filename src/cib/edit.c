/* edit.c: the object-level edits of the CIB document that the command
 * language offers (bans and prefers, node attributes, fail
 * counts, constraints, rules) and the small document helpers every edit
 * file shares.  Each edit is one CsBuild transaction (edit_build.h),
 * recorded in the undo log of edit_log.c; more edits live in edit_meta.c,
 * edit_constraints.c, edit_resources.c and edit_xml.c.
 */
#include "cib/edit.h"
#include "cib/edit_build.h"
#include "base/xml.h"

#include <stdarg.h>
#include <string.h>

/* ---- small document helpers ------------------------------------------- */

gboolean cs_is_element(const xmlNode *node, const char *name)
{
    return cs_xml_is(node, name);
}

xmlNode *cs_child_named(const xmlNode *parent, const char *name)
{
    for (xmlNode *child = parent->children; child != NULL; child = child->next)
        if (cs_is_element(child, name))
            return child;
    return NULL;
}

gboolean cs_attribute_is(const xmlNode *element, const char *name, const char *value)
{
    xmlChar *current = xmlGetNoNsProp(element, BAD_CAST name);
    gboolean same = current != NULL && strcmp((const char *)current, value) == 0;

    xmlFree(current);
    return same;
}

gboolean cs_is_resource_element(const xmlNode *node)
{
    static const char *const kinds[] = {"primitive", "group", "clone", "master", "bundle"};
    for (gsize i = 0; i < G_N_ELEMENTS(kinds); i++)
        if (cs_is_element(node, kinds[i]))
            return TRUE;
    return FALSE;
}

typedef gboolean (*CsElementTest)(const xmlNode *node);

/* The element with this id below parent that passes is_wanted, looking
 * only into the elements that pass may_hold (depth first, document
 * order). */
static xmlNode *cs_find_id_under(xmlNode *parent, const char *id, CsElementTest is_wanted,
                                 CsElementTest may_hold)
{
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (!may_hold(child))
            continue;
        if (is_wanted(child) && cs_attribute_is(child, "id", id))
            return child;
        xmlNode *found = cs_find_id_under(child, id, is_wanted, may_hold);
        if (found != NULL)
            return found;
    }
    return NULL;
}

xmlNode *cs_edit_find_resource(const CsDocument *document, const char *id)
{
    xmlNode *resources = cs_document_section(document, "resources");

    return resources != NULL && id != NULL
               ? cs_find_id_under(resources, id, cs_is_resource_element, cs_is_resource_element)
               : NULL;
}

xmlNode *cs_edit_find_node(const CsDocument *document, const char *name)
{
    xmlNode *nodes = cs_document_section(document, "nodes");

    if (nodes == NULL || name == NULL)
        return NULL;
    for (xmlNode *node = nodes->children; node != NULL; node = node->next)
        if (cs_is_element(node, "node") && cs_attribute_is(node, "uname", name))
            return node;
    for (xmlNode *node = nodes->children; node != NULL; node = node->next)
        if (cs_is_element(node, "node") && cs_attribute_is(node, "id", name))
            return node;
    return NULL;
}

static gboolean cs_is_any_element(const xmlNode *node)
{
    return node->type == XML_ELEMENT_NODE;
}

static gboolean cs_is_rule(const xmlNode *node)
{
    return cs_is_element(node, "rule");
}

xmlNode *cs_edit_find_rule(const CsDocument *document, const char *id)
{
    xmlNode *root = xmlDocGetRootElement(document->xml);
    xmlNode *configuration = root != NULL ? cs_child_named(root, "configuration") : NULL;

    return configuration != NULL && id != NULL
               ? cs_find_id_under(configuration, id, cs_is_rule, cs_is_any_element)
               : NULL;
}

/* The <node_state> of a configured node (by id, else uname), or NULL. */
xmlNode *cs_find_node_state(const CsDocument *document, const xmlNode *node)
{
    xmlNode *status = cs_document_section(document, "status");
    g_autofree char *id = cs_attribute(node, "id");
    g_autofree char *uname = cs_attribute(node, "uname");

    if (status == NULL)
        return NULL;
    for (xmlNode *state = status->children; state != NULL; state = state->next)
        if (cs_is_element(state, "node_state") && id != NULL && cs_attribute_is(state, "id", id))
            return state;
    for (xmlNode *state = status->children; state != NULL; state = state->next)
        if (cs_is_element(state, "node_state") && uname != NULL
            && cs_attribute_is(state, "uname", uname))
            return state;
    return NULL;
}

gboolean cs_edit_valid_score(const char *text)
{
    if (text == NULL)
        return FALSE;
    const char *digits = text + (text[0] == '+' || text[0] == '-');
    if (g_ascii_strcasecmp(digits, "INFINITY") == 0)
        return TRUE;
    if (*digits == '\0' || strlen(digits) > 9)
        return FALSE;
    for (const char *c = digits; *c != '\0'; c++)
        if (!g_ascii_isdigit(*c))
            return FALSE;
    return TRUE;
}

gboolean cs_not_found(GError **error, const char *what, const char *id)
{
    g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NOT_FOUND, "no %s '%s'", what,
                id != NULL ? id : "");
    return FALSE;
}

/* The resource below parent whose meta attribute remote-node names name
 * (it holds that guest node), or NULL. */
static xmlNode *guest_holder(xmlNode *parent, const char *name)
{
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (cs_is_element(child, "meta_attributes"))
            for (xmlNode *pair = child->children; pair != NULL; pair = pair->next)
                if (cs_is_element(pair, "nvpair") && cs_attribute_is(pair, "name", "remote-node")
                    && cs_attribute_is(pair, "value", name))
                    return parent;
        xmlNode *found = cs_is_resource_element(child) ? guest_holder(child, name) : NULL;
        if (found != NULL)
            return found;
    }
    return NULL;
}

/* Pacemaker Explained 2.1, "Bundles": a bundle with a resource inside
 * has a guest node per replica, BUNDLE-N for N below its replicas
 * (replicas, else promoted-max, formerly masters, else 1).  The bundle element naming name
 * so, or NULL. */
static xmlNode *replica_bundle(xmlNode *parent, const char *name)
{
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (!cs_is_element(child, "bundle")) {
            xmlNode *found = cs_is_resource_element(child) ? replica_bundle(child, name) : NULL;
            if (found != NULL)
                return found;
            continue;
        }
        g_autofree char *id = cs_attribute(child, "id");
        gsize length = id != NULL ? strlen(id) : 0;
        if (id == NULL || cs_child_named(child, "primitive") == NULL
            || strncmp(name, id, length) != 0 || name[length] != '-')
            continue;
        guint64 number = 0;
        if (!g_ascii_string_to_unsigned(name + length + 1, 10, 0, G_MAXINT, &number, NULL))
            continue;
        for (xmlNode *runtime = child->children; runtime != NULL; runtime = runtime->next) {
            if (!cs_is_element(runtime, "docker") && !cs_is_element(runtime, "podman")
                && !cs_is_element(runtime, "rkt"))
                continue;
            g_autofree char *replicas = cs_attribute(runtime, "replicas");
            g_autofree char *promoted = cs_attribute(runtime, "promoted-max");
            g_autofree char *masters = cs_attribute(runtime, "masters");
            const char *count = replicas != NULL ? replicas : promoted != NULL ? promoted : masters;
            if (number < (count != NULL ? g_ascii_strtoull(count, NULL, 10) : 1))
                return child;
        }
    }
    return NULL;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a remote node is named by
 * its connection resource (ocf:pacemaker:remote), a guest node by the
 * remote-node meta attribute of the resource holding it; either runs
 * without a <node> entry.  What makes name one ("the connection resource
 * rem1"), newly allocated, or NULL.  A bundle's replicas are guest
 * nodes too. */
static char *remote_node_source(const CsDocument *document, const char *name)
{
    xmlNode *connection = cs_edit_find_resource(document, name);
    if (connection != NULL && cs_is_element(connection, "primitive")
        && cs_attribute_is(connection, "class", "ocf")
        && cs_attribute_is(connection, "provider", "pacemaker")
        && cs_attribute_is(connection, "type", "remote"))
        return g_strdup_printf("a remote node, known only from its connection resource %s", name);
    xmlNode *resources = cs_document_section(document, "resources");
    xmlNode *holder = resources != NULL ? guest_holder(resources, name) : NULL;
    g_autofree char *id = holder != NULL ? cs_attribute(holder, "id") : NULL;
    if (id != NULL)
        return g_strdup_printf("a guest node, known only from the remote-node meta attribute of %s",
                               id);
    xmlNode *bundle = resources != NULL ? replica_bundle(resources, name) : NULL;
    g_autofree char *bundle_id = bundle != NULL ? cs_attribute(bundle, "id") : NULL;
    return bundle_id != NULL ? g_strdup_printf("a guest node of bundle %s, known only from its "
                                               "replicas",
                                               bundle_id)
                             : NULL;
}

gboolean cs_node_not_found(const CsDocument *document, const char *node, GError **error)
{
    g_autofree char *source = node != NULL ? remote_node_source(document, node) : NULL;
    if (source == NULL)
        return cs_not_found(error, "node", node);
    g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NOT_FOUND,
                "%s is %s: it has no <node> entry in the configuration, which this edit "
                "needs (add one first, with id and uname %s)",
                node, source, node);
    return FALSE;
}

/* <configuration>'s child section, created (empty, last) when missing. */
xmlNode *cs_build_section(CsBuild *build, const char *name)
{
    xmlNode *section = cs_document_section(cs_edit_log_document(build->log), name);

    if (section != NULL)
        return section;
    xmlNode *root = xmlDocGetRootElement(cs_edit_log_document(build->log)->xml);
    xmlNode *configuration = cs_child_named(root, "configuration");
    section = cs_new_element(build, name);
    cs_build_insert(build, configuration, NULL, section);
    return section;
}

/* ---- nvpair sets ------------------------------------------------------ */

/* The first set of this element name directly under parent that has no
 * rule (a rule-selected set is not where a tool writes), or NULL. */
xmlNode *cs_plain_set(const xmlNode *parent, const char *set_name)
{
    for (xmlNode *set = parent->children; set != NULL; set = set->next)
        if (cs_is_element(set, set_name) && cs_child_named(set, "rule") == NULL)
            return set;
    return NULL;
}

xmlNode *cs_find_nvpair(const xmlNode *set, const char *name)
{
    for (xmlNode *pair = set->children; pair != NULL; pair = pair->next)
        if (cs_is_element(pair, "nvpair") && cs_attribute_is(pair, "name", name))
            return pair;
    return NULL;
}

/* The set under parent, created with id set_id (made unique) when
 * missing, before the element `before` (NULL: last). */
xmlNode *cs_build_set(CsBuild *build, xmlNode *parent, const char *set_name, const char *set_id,
                      xmlNode *before)
{
    xmlNode *set = cs_plain_set(parent, set_name);

    if (set != NULL)
        return set;
    g_autofree char *id = cs_unique_id(build, set_id);
    set = cs_new_element(build, set_name);
    cs_set(set, "id", id);
    cs_build_insert(build, parent, before, set);
    return set;
}

/* Sets name=value in set, updating the nvpair there or adding one with
 * the id Pacemaker's tools give: SETID-NAME. */
void cs_build_nvpair(CsBuild *build, xmlNode *set, const char *name, const char *value)
{
    xmlNode *pair = cs_find_nvpair(set, name);

    if (pair != NULL) {
        cs_build_attribute(build, pair, "value", value);
        return;
    }
    g_autofree char *set_id = cs_attribute(set, "id");
    g_autofree char *base = g_strdup_printf("%s-%s", set_id != NULL ? set_id : "nvpair", name);
    g_autofree char *id = cs_unique_id(build, base);
    cs_build_check_id(build, set, id);
    pair = cs_new_element(build, "nvpair");
    cs_set(pair, "id", id);
    cs_set(pair, "name", name);
    cs_set(pair, "value", value);
    cs_build_insert(build, set, NULL, pair);
}

/* Removes every nvpair with this name from every set of set_name under
 * parent that has no rule.  Returns how many. */
guint cs_build_unset(CsBuild *build, xmlNode *parent, const char *set_name, const char *name)
{
    guint removed = 0;

    for (xmlNode *set = parent->children; set != NULL; set = set->next) {
        if (!cs_is_element(set, set_name) || cs_child_named(set, "rule") != NULL)
            continue;
        xmlNode *pair;
        while ((pair = cs_find_nvpair(set, name)) != NULL) {
            cs_build_remove(build, pair);
            removed++;
        }
    }
    return removed;
}

/* Where a new meta_attributes goes in a resource: before its first child
 * resource (a group's or clone's members come after its attributes). */
xmlNode *cs_first_child_resource(const xmlNode *resource)
{
    for (xmlNode *child = resource->children; child != NULL; child = child->next)
        if (cs_is_resource_element(child))
            return child;
    return NULL;
}

/* ---- ban, prefer, clear ----------------------------------------------- */

/* A node name is accepted if the configuration or the status knows it:
 * crm_resource refuses a node the cluster has never heard of. */
gboolean cs_known_node(const CsDocument *document, const char *name)
{
    if (cs_edit_find_node(document, name) != NULL)
        return TRUE;
    xmlNode *status = cs_document_section(document, "status");
    for (xmlNode *state = status != NULL ? status->children : NULL; state != NULL;
         state = state->next)
        if (cs_is_element(state, "node_state") && cs_attribute_is(state, "uname", name))
            return TRUE;
    return FALSE;
}

xmlNode *cs_constraint(const CsDocument *document, const char *id)
{
    xmlNode *constraints = cs_document_section(document, "constraints");

    if (constraints == NULL)
        return NULL;
    for (xmlNode *child = constraints->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE && cs_attribute_is(child, "id", id))
            return child;
    return NULL;
}

typedef struct CsCliLocation {
    const char *id; /* cli-ban-RSC-on-NODE / cli-prefer-RSC */
    const char *rule_id, *expr_id, *lifetime_id;
    const char *score;
} CsCliLocation;

/* The constraint crm_resource writes: node+score, or with a lifetime a
 * rule "#uname eq NODE and date lt END". */
static xmlNode *cs_cli_location(CsBuild *build, const CsCliLocation *spec, const char *rsc,
                                const char *node, const char *lifetime_end)
{
    xmlNode *location = cs_new_element(build, "rsc_location");

    cs_set(location, "id", spec->id);
    cs_set(location, "rsc", rsc);
    cs_set(location, "role", "Started");
    if (lifetime_end == NULL) {
        cs_set(location, "node", node);
        cs_set(location, "score", spec->score);
        return location;
    }
    xmlNode *rule = xmlNewChild(location, NULL, BAD_CAST "rule", NULL);
    cs_set(rule, "id", spec->rule_id);
    cs_set(rule, "score", spec->score);
    cs_set(rule, "boolean-op", "and");
    xmlNode *expression = xmlNewChild(rule, NULL, BAD_CAST "expression", NULL);
    cs_set(expression, "id", spec->expr_id);
    cs_set(expression, "attribute", "#uname");
    cs_set(expression, "operation", "eq");
    cs_set(expression, "value", node);
    cs_set(expression, "type", "string");
    xmlNode *date = xmlNewChild(rule, NULL, BAD_CAST "date_expression", NULL);
    cs_set(date, "id", spec->lifetime_id);
    cs_set(date, "operation", "lt");
    cs_set(date, "end", lifetime_end);
    return location;
}

/* crm_resource's names for the parts: PREFIX-RSC-on-NODE-SUFFIX for a
 * ban, PREFIX-SUFFIX-RSC for a preference. */
static char *cs_part_id(CsBuild *build, gboolean ban, const char *rsc, const char *node,
                        const char *suffix)
{
    g_autofree char *base = ban ? g_strdup_printf("cli-ban-%s-on-%s-%s", rsc, node, suffix)
                                : g_strdup_printf("cli-prefer-%s-%s", suffix, rsc);
    return cs_unique_id(build, base);
}

/* The constraint's own id is Pacemaker's fixed one and replaces an
 * existing constraint of that id in place (a second --ban of the same
 * pair updates the first, as cibadmin --modify does); the ids of its
 * parts are made unique. */
static gboolean cs_cli_constraint(CsEditLog *log, gboolean ban, const char *rsc, const char *node,
                                  const char *lifetime_end, GError **error)
{
    if (cs_edit_find_resource(cs_edit_log_document(log), rsc) == NULL)
        return cs_not_found(error, "resource", rsc);
    if (!cs_known_node(cs_edit_log_document(log), node))
        return cs_not_found(error, "node", node);
    g_autofree char *raw_id = ban ? g_strdup_printf("cli-ban-%s-on-%s", rsc, node)
                                  : g_strdup_printf("cli-prefer-%s", rsc);
    g_autofree char *id = cs_edit_sanitize_id(raw_id);
    g_autofree char *description = g_strdup_printf(
        "%s %s %s %s%s%s", ban ? "ban" : "prefer", rsc, ban ? "from" : "on", node,
        lifetime_end != NULL ? " until " : "", lifetime_end != NULL ? lifetime_end : "");
    CsBuild build;

    cs_build_begin(&build, log, description);
    xmlNode *constraints = cs_build_section(&build, "constraints");
    xmlNode *existing = cs_constraint(cs_edit_log_document(log), id);
    xmlNode *next = existing != NULL ? existing->next : NULL;
    if (existing != NULL)
        cs_build_unlink(&build, existing);
    if (cs_id_taken(&build, id)) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_EXISTS,
                    "id '%s' is taken by an element that is not a constraint", id);
        return cs_build_fail(&build);
    }
    cs_edit_log_reserve(log, id);
    g_autofree char *rule_id = NULL, *expr_id = NULL, *lifetime_id = NULL;
    if (lifetime_end != NULL) {
        rule_id = cs_part_id(&build, ban, rsc, node, "rule");
        expr_id = cs_part_id(&build, ban, rsc, node, "expr");
        lifetime_id = cs_part_id(&build, ban, rsc, node, ban ? "lifetime" : "lifetime-end");
    }
    CsCliLocation spec = {id, rule_id, expr_id, lifetime_id, ban ? "-INFINITY" : "INFINITY"};
    xmlNode *location = cs_cli_location(&build, &spec, rsc, node, lifetime_end);
    if (existing != NULL)
        cs_build_link(&build, constraints, next, location);
    else
        cs_build_insert(&build, constraints, NULL, location);
    cs_indent_new(location);
    return cs_build_commit(&build, error);
}

gboolean cs_edit_ban(CsEditLog *log, const char *rsc, const char *node, const char *lifetime_end,
                     GError **error)
{
    return cs_cli_constraint(log, TRUE, rsc, node, lifetime_end, error);
}

gboolean cs_edit_prefer(CsEditLog *log, const char *rsc, const char *node, const char *lifetime_end,
                        GError **error)
{
    return cs_cli_constraint(log, FALSE, rsc, node, lifetime_end, error);
}

/* crm_resource --clear removes cli-ban-RSC-on-* and cli-prefer-RSC
 * (whatever their form); matched on rsc= and the id prefix, so a ban
 * whose id was sanitized is found too. */
static gboolean cs_is_cli_constraint_of(const xmlNode *constraint, const char *rsc)
{
    g_autofree char *id = cs_attribute(constraint, "id");

    if (!cs_is_element(constraint, "rsc_location") || id == NULL
        || !cs_attribute_is(constraint, "rsc", rsc))
        return FALSE;
    return g_str_has_prefix(id, "cli-ban-") || g_str_has_prefix(id, "cli-prefer-");
}

gboolean cs_edit_clear(CsEditLog *log, const char *rsc, guint *removed, GError **error)
{
    if (cs_edit_find_resource(cs_edit_log_document(log), rsc) == NULL)
        return cs_not_found(error, "resource", rsc);
    g_autofree char *description = g_strdup_printf("clear %s", rsc);
    xmlNode *constraints = cs_document_section(cs_edit_log_document(log), "constraints");
    CsBuild build;
    guint count = 0;

    cs_build_begin(&build, log, description);
    for (xmlNode *child = constraints != NULL ? constraints->children : NULL; child != NULL;) {
        xmlNode *next = child->next;
        if (cs_is_cli_constraint_of(child, rsc)) {
            cs_build_remove(&build, child);
            count++;
        }
        child = next;
    }
    if (removed != NULL)
        *removed = count;
    if (count == 0) {
        cs_build_abort(&build);
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE,
                    "%s has no cli-ban or cli-prefer constraints", rsc);
        return FALSE;
    }
    return cs_build_commit(&build, error);
}

/* ---- node attributes --------------------------------------------------- */

/* The node's transient attribute sets (status section), for deletion. */
static guint cs_build_unset_transient(CsBuild *build, xmlNode *node, const char *name)
{
    xmlNode *state = cs_find_node_state(cs_edit_log_document(build->log), node);
    xmlNode *transient = state != NULL ? cs_child_named(state, "transient_attributes") : NULL;

    return transient != NULL ? cs_build_unset(build, transient, "instance_attributes", name) : 0;
}

/* crm_attribute names the set nodes-NODEID and the nvpair
 * nodes-NODEID-NAME. */
static gboolean cs_node_attribute(CsEditLog *log, const char *description, const char *node,
                                  const char *name, const char *value, GError **error)
{
    xmlNode *element = cs_edit_find_node(cs_edit_log_document(log), node);
    CsBuild build;

    if (element == NULL)
        return cs_node_not_found(cs_edit_log_document(log), node, error);
    if (name == NULL || *name == '\0')
        return cs_invalid(error, "a node attribute needs a name");
    cs_build_begin(&build, log, description);
    if (value != NULL) {
        g_autofree char *node_id = cs_attribute(element, "id");
        g_autofree char *set_id = g_strdup_printf("nodes-%s", node_id != NULL ? node_id : node);
        xmlNode *set = cs_build_set(&build, element, "instance_attributes", set_id, NULL);
        cs_build_nvpair(&build, set, name, value);
    } else if (cs_build_unset(&build, element, "instance_attributes", name)
                   + cs_build_unset_transient(&build, element, name)
               == 0) {
        cs_build_abort(&build);
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE, "node %s has no attribute %s",
                    node, name);
        return FALSE;
    }
    return cs_build_commit(&build, error);
}

gboolean cs_edit_node_attribute(CsEditLog *log, const char *node, const char *name,
                                const char *value, GError **error)
{
    g_autofree char *description = value != NULL
                                       ? g_strdup_printf("attribute %s=%s on %s", name, value, node)
                                       : g_strdup_printf("delete attribute %s on %s", name, node);

    return cs_node_attribute(log, description, node, name, value, error);
}

gboolean cs_edit_node_transient(CsEditLog *log, const char *node, const char *name,
                                const char *value, GError **error)
{
    xmlNode *element = cs_edit_find_node(cs_edit_log_document(log), node);
    if (element == NULL)
        return cs_node_not_found(cs_edit_log_document(log), node, error);
    if (name == NULL || *name == '\0' || value == NULL)
        return cs_invalid(error, "a transient attribute needs a name and a value");
    xmlNode *state = cs_find_node_state(cs_edit_log_document(log), element);
    if (state == NULL)
        return cs_invalid(error, "node %s has no status (node_state) entry", node);
    g_autofree char *node_id = cs_attribute(element, "id");
    g_autofree char *description =
        g_strdup_printf("transient attribute %s=%s on %s", name, value, node);
    CsBuild build;

    cs_build_begin(&build, log, description);
    xmlNode *set = cs_build_transient_set(&build, state, node_id != NULL ? node_id : node);
    cs_build_nvpair(&build, set, name, value);
    return cs_build_commit(&build, error);
}

/* Pacemaker Explained 2.1, "Node attributes": standby and maintenance are
 * booleans read from node attributes; crm_standby writes "on", and
 * removing the attribute is what --delete does. */
static gboolean cs_node_flag(CsEditLog *log, const char *flag, const char *node, gboolean on,
                             GError **error)
{
    g_autofree char *description = g_strdup_printf("%s %s %s", flag, node, on ? "on" : "off");
    g_autoptr(GError) local = NULL;

    if (cs_node_attribute(log, description, node, flag, on ? "on" : NULL, &local))
        return TRUE;
    if (g_error_matches(local, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE))
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE, "node %s is already %s %s", node,
                    on ? "in" : "out of", flag);
    else
        g_propagate_error(error, g_steal_pointer(&local));
    return FALSE;
}

gboolean cs_edit_standby(CsEditLog *log, const char *node, gboolean on, GError **error)
{
    return cs_node_flag(log, "standby", node, on, error);
}

gboolean cs_edit_maintenance(CsEditLog *log, const char *node, gboolean on, GError **error)
{
    return cs_node_flag(log, "maintenance", node, on, error);
}

/* ---- fail counts -------------------------------------------------------- */

static gboolean cs_valid_operation_key(const char *operation)
{
    const char *underscore = operation != NULL ? strrchr(operation, '_') : NULL;

    if (underscore == NULL || underscore == operation || underscore[1] == '\0')
        return FALSE;
    for (const char *c = underscore + 1; *c != '\0'; c++)
        if (!g_ascii_isdigit(*c))
            return FALSE;
    return TRUE;
}

static gboolean cs_valid_count(const char *count)
{
    return cs_edit_valid_score(count) && count[0] != '-';
}

/* attrd keeps transient attributes in
 * <node_state><transient_attributes id=NODEID><instance_attributes
 * id=status-NODEID>, its nvpairs named status-NODEID-NAME (sanitized). */
xmlNode *cs_build_transient_set(CsBuild *build, xmlNode *state, const char *node_id)
{
    xmlNode *transient = cs_child_named(state, "transient_attributes");

    if (transient == NULL) {
        g_autofree char *id = cs_unique_id(build, node_id);
        transient = cs_new_element(build, "transient_attributes");
        cs_set(transient, "id", id);
        cs_build_insert(build, state, NULL, transient);
    }
    g_autofree char *set_id = g_strdup_printf("status-%s", node_id);
    return cs_build_set(build, transient, "instance_attributes", set_id, NULL);
}

gboolean cs_edit_fail_count_set(CsEditLog *log, const char *rsc, const char *node,
                                const char *operation, const char *count, gint64 last_failure,
                                GError **error)
{
    if (cs_edit_find_resource(cs_edit_log_document(log), rsc) == NULL)
        return cs_not_found(error, "resource", rsc);
    xmlNode *element = cs_edit_find_node(cs_edit_log_document(log), node);
    if (element == NULL)
        return cs_node_not_found(cs_edit_log_document(log), node, error);
    xmlNode *state = cs_find_node_state(cs_edit_log_document(log), element);
    if (state == NULL)
        return cs_invalid(error, "node %s has no status (node_state) entry", node);
    if (!cs_valid_operation_key(operation))
        return cs_invalid(error, "'%s' is not an operation such as monitor_10000", operation);
    if (!cs_valid_count(count))
        return cs_invalid(error, "'%s' is not a fail count (0, 1, ... or INFINITY)", count);

    g_autofree char *node_id = cs_attribute(element, "id");
    g_autofree char *count_name = g_strdup_printf("fail-count-%s#%s", rsc, operation);
    g_autofree char *last_name = g_strdup_printf("last-failure-%s#%s", rsc, operation);
    g_autofree char *description =
        g_strdup_printf("fail count of %s %s on %s: %s", rsc, operation, node, count);
    CsBuild build;

    cs_build_begin(&build, log, description);
    if (strcmp(count, "0") == 0) {
        xmlNode *transient = cs_child_named(state, "transient_attributes");
        if (transient != NULL) {
            cs_build_unset(&build, transient, "instance_attributes", count_name);
            cs_build_unset(&build, transient, "instance_attributes", last_name);
        }
        return cs_build_commit(&build, error);
    }
    g_autofree char *when = g_strdup_printf("%" G_GINT64_FORMAT, last_failure);
    xmlNode *set = cs_build_transient_set(&build, state, node_id != NULL ? node_id : node);
    cs_build_nvpair(&build, set, count_name, count);
    cs_build_nvpair(&build, set, last_name, when);
    return cs_build_commit(&build, error);
}

/* fail-count-RSC, fail-count-RSC#OP_INTERVAL and the same for
 * last-failure: the names Pacemaker 2.1.5 reads a resource's failures
 * from. */
static gboolean cs_is_failure_attribute(const char *name, const char *rsc)
{
    static const char *const prefixes[] = {"fail-count-", "last-failure-"};

    for (gsize i = 0; i < G_N_ELEMENTS(prefixes); i++) {
        if (!g_str_has_prefix(name, prefixes[i]))
            continue;
        const char *rest = name + strlen(prefixes[i]);
        if (g_str_has_prefix(rest, rsc) && (rest[strlen(rsc)] == '\0' || rest[strlen(rsc)] == '#'))
            return TRUE;
    }
    return FALSE;
}

static guint cs_clear_failures_in(CsBuild *build, xmlNode *state, const char *rsc)
{
    xmlNode *transient = cs_child_named(state, "transient_attributes");
    guint removed = 0;

    for (xmlNode *set = transient != NULL ? transient->children : NULL; set != NULL;
         set = set->next) {
        if (!cs_is_element(set, "instance_attributes"))
            continue;
        for (xmlNode *pair = set->children; pair != NULL;) {
            xmlNode *next = pair->next;
            g_autofree char *name =
                cs_is_element(pair, "nvpair") ? cs_attribute(pair, "name") : NULL;
            if (name != NULL && cs_is_failure_attribute(name, rsc)) {
                cs_build_remove(build, pair);
                removed++;
            }
            pair = next;
        }
    }
    return removed;
}

gboolean cs_edit_fail_count_clear(CsEditLog *log, const char *rsc, const char *node, GError **error)
{
    xmlNode *element = NULL;

    if (node != NULL && (element = cs_edit_find_node(cs_edit_log_document(log), node)) == NULL)
        return cs_node_not_found(cs_edit_log_document(log), node, error);
    g_autofree char *description = node != NULL
                                       ? g_strdup_printf("clear fail counts of %s on %s", rsc, node)
                                       : g_strdup_printf("clear fail counts of %s", rsc);
    xmlNode *status = cs_document_section(cs_edit_log_document(log), "status");
    xmlNode *only = element != NULL ? cs_find_node_state(cs_edit_log_document(log), element) : NULL;
    CsBuild build;
    guint removed = 0;

    cs_build_begin(&build, log, description);
    for (xmlNode *state = status != NULL ? status->children : NULL; state != NULL;
         state = state->next)
        if (cs_is_element(state, "node_state") && (element == NULL || state == only))
            removed += cs_clear_failures_in(&build, state, rsc);
    if (removed > 0)
        return cs_build_commit(&build, error);
    cs_build_abort(&build);
    if (cs_edit_find_resource(cs_edit_log_document(log), rsc) == NULL)
        return cs_not_found(error, "resource", rsc);
    g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE, "%s has no fail counts%s%s", rsc,
                node != NULL ? " on " : "", node != NULL ? node : "");
    return FALSE;
}

/* ---- constraints ------------------------------------------------------- */

gboolean cs_check_new_constraint(CsEditLog *log, const char *id, const char *score, GError **error)
{
    if (!cs_edit_valid_id(id))
        return cs_invalid(error,
                          "'%s' is not a valid id (letters, digits, '.', '-' "
                          "and '_', not starting with a digit, '-' or '.')",
                          id != NULL ? id : "");
    xmlNode *holder = cs_document_lookup_id(cs_edit_log_document(log), id);
    if (holder != NULL) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_EXISTS, "id '%s' already exists", id);
        return FALSE;
    }
    if (!cs_edit_valid_score(score))
        return cs_invalid(error, "'%s' is not a score (an integer or INFINITY)", score);
    return TRUE;
}

gboolean cs_need_resource(CsEditLog *log, const char *rsc, GError **error)
{
    if (cs_edit_find_resource(cs_edit_log_document(log), rsc) == NULL)
        return cs_not_found(error, "resource", rsc);
    return TRUE;
}

xmlNode *cs_new_constraint(CsEditLog *log, const char *tag, const char *id)
{
    xmlNode *constraint = xmlNewDocNode(cs_edit_log_document(log)->xml, NULL, BAD_CAST tag, NULL);
    cs_set(constraint, "id", id);
    return constraint;
}

gboolean cs_add_constraint(CsEditLog *log, const char *description, xmlNode *constraint,
                           GError **error)
{
    CsBuild build;

    cs_build_begin(&build, log, description);
    xmlNode *constraints = cs_build_section(&build, "constraints");
    cs_build_insert(&build, constraints, NULL, constraint);
    return cs_build_commit(&build, error);
}

/* A new constraint of tag placing rsc by other (NODE, or WITH-RSC) with
 * score: the simple form of rsc_location and rsc_colocation. */
static xmlNode *cs_new_scored_constraint(CsEditLog *log, const char *tag, const char *id,
                                         const char *rsc, const char *other_name, const char *other,
                                         const char *score)
{
    xmlNode *constraint = cs_new_constraint(log, tag, id);

    cs_set(constraint, "rsc", rsc);
    cs_set(constraint, other_name, other);
    cs_set(constraint, "score", score);
    return constraint;
}

gboolean cs_edit_location_add(CsEditLog *log, const char *id, const char *rsc, const char *node,
                              const char *score, GError **error)
{
    if (!cs_check_new_constraint(log, id, score, error) || !cs_need_resource(log, rsc, error))
        return FALSE;
    if (!cs_known_node(cs_edit_log_document(log), node))
        return cs_not_found(error, "node", node);
    xmlNode *location = cs_new_scored_constraint(log, "rsc_location", id, rsc, "node", node, score);
    g_autofree char *description =
        g_strdup_printf("location %s: %s on %s %s", id, rsc, node, score);
    return cs_add_constraint(log, description, location, error);
}

gboolean cs_edit_colocation_add(CsEditLog *log, const char *id, const char *rsc,
                                const char *with_rsc, const char *score, GError **error)
{
    if (!cs_check_new_constraint(log, id, score, error) || !cs_need_resource(log, rsc, error)
        || !cs_need_resource(log, with_rsc, error))
        return FALSE;
    if (strcmp(rsc, with_rsc) == 0)
        return cs_invalid(error, "%s cannot be colocated with itself", rsc);
    xmlNode *colocation =
        cs_new_scored_constraint(log, "rsc_colocation", id, rsc, "with-rsc", with_rsc, score);
    g_autofree char *description =
        g_strdup_printf("colocation %s: %s with %s %s", id, rsc, with_rsc, score);
    return cs_add_constraint(log, description, colocation, error);
}

gboolean cs_edit_constraint_remove(CsEditLog *log, const char *id, GError **error)
{
    xmlNode *constraint = cs_constraint(cs_edit_log_document(log), id);
    CsBuild build;

    if (constraint == NULL)
        return cs_not_found(error, "constraint", id);
    g_autofree char *description = g_strdup_printf("remove constraint %s", id);
    cs_build_begin(&build, log, description);
    cs_build_remove(&build, constraint);
    return cs_build_commit(&build, error);
}

gboolean cs_edit_constraint_score(CsEditLog *log, const char *id, const char *score, GError **error)
{
    xmlNode *constraint = cs_constraint(cs_edit_log_document(log), id);
    CsBuild build;

    if (constraint == NULL)
        return cs_not_found(error, "constraint", id);
    if (!cs_edit_valid_score(score))
        return cs_invalid(error, "'%s' is not a score (an integer or INFINITY)", score);
    if (xmlHasProp(constraint, BAD_CAST "score") == NULL)
        return cs_invalid(error,
                          "constraint '%s' has no score of its own "
                          "(its rules or sets carry it)",
                          id);
    g_autofree char *description = g_strdup_printf("constraint %s score %s", id, score);
    cs_build_begin(&build, log, description);
    cs_build_attribute(&build, constraint, "score", score);
    return cs_build_commit(&build, error);
}

/* ---- enabling and disabling rules -------------------------------------- */

static gboolean cs_is_never_expression(const xmlNode *node)
{
    return cs_is_element(node, "date_expression") && cs_attribute_is(node, "operation", "lt")
           && cs_attribute_is(node, "end", CS_EDIT_NEVER);
}

static xmlNode *cs_never_expression(const xmlNode *rule)
{
    for (xmlNode *child = rule->children; child != NULL; child = child->next)
        if (cs_is_never_expression(child))
            return child;
    return NULL;
}

gboolean cs_edit_rule_disabled(const xmlNode *rule)
{
    return rule != NULL && cs_never_expression(rule) != NULL;
}

/* An "or" rule would still pass with a false condition added: its
 * conditions move into a nested "or" rule (each on its own line, two
 * spaces deeper) and the outer rule becomes "and". */
static void cs_build_nest_or(CsBuild *build, xmlNode *rule, const char *rule_id)
{
    g_autofree char *nested_id_base = g_strdup_printf("%s-or", rule_id);
    g_autofree char *nested_id = cs_unique_id(build, nested_id_base);
    const char *indent = cs_indent_of(rule);
    g_autofree char *inner = indent != NULL ? g_strconcat("\n", indent, "    ", NULL) : NULL;
    g_autofree char *closing = indent != NULL ? g_strconcat("\n", indent, "  ", NULL) : NULL;
    xmlNode *nested = cs_new_element(build, "rule");

    cs_set(nested, "id", nested_id);
    /* The schema (rule-3.x.rng) wants a score on every rule; only the
     * outer rule's counts for a location. */
    cs_set(nested, "score", "0");
    cs_set(nested, "boolean-op", "or");
    for (xmlNode *child = rule->children; child != NULL;) {
        xmlNode *next = child->next;
        if (child->type == XML_ELEMENT_NODE) {
            cs_build_remove(build, child);
            if (inner != NULL)
                cs_build_link(build, nested, NULL, cs_text(build, inner));
            cs_build_link(build, nested, NULL, child);
        }
        child = next;
    }
    if (closing != NULL && nested->children != NULL)
        cs_build_link(build, nested, NULL, cs_text(build, closing));
    cs_build_attribute(build, rule, "boolean-op", "and");
    cs_build_insert(build, rule, NULL, nested);
}

/* The reverse of cs_build_nest_or, when the rule has that shape. */
static void cs_build_unnest_or(CsBuild *build, xmlNode *rule, const char *rule_id)
{
    xmlNode *nested = cs_last_element(rule);
    g_autofree char *nested_id = nested != NULL ? cs_attribute(nested, "id") : NULL;
    g_autofree char *prefix = g_strdup_printf("%s-or", rule_id);

    if (!cs_attribute_is(rule, "boolean-op", "and") || !cs_is_element(nested, "rule")
        || nested_id == NULL || !g_str_has_prefix(nested_id, prefix)
        || !cs_attribute_is(nested, "boolean-op", "or"))
        return;
    for (xmlNode *child = rule->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE && child != nested)
            return;
    for (xmlNode *child = nested->children; child != NULL;) {
        xmlNode *next = child->next;
        if (child->type == XML_ELEMENT_NODE) {
            cs_build_remove(build, child);
            cs_build_insert(build, rule, nested, child);
        }
        child = next;
    }
    cs_build_remove(build, nested);
    cs_build_attribute(build, rule, "boolean-op", "or");
}

gboolean cs_edit_rule_enable(CsEditLog *log, const char *id, gboolean enable, GError **error)
{
    xmlNode *rule = cs_edit_find_rule(cs_edit_log_document(log), id);
    CsBuild build;

    if (rule == NULL)
        return cs_not_found(error, "rule", id);
    xmlNode *never = cs_never_expression(rule);
    if ((never != NULL) != enable) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE, "rule %s is already %s", id,
                    enable ? "enabled" : "disabled");
        return FALSE;
    }
    g_autofree char *description = g_strdup_printf("%s rule %s", enable ? "enable" : "disable", id);
    cs_build_begin(&build, log, description);
    if (enable) {
        cs_build_remove(&build, never);
        cs_build_unnest_or(&build, rule, id);
        return cs_build_commit(&build, error);
    }
    if (cs_attribute_is(rule, "boolean-op", "or"))
        cs_build_nest_or(&build, rule, id);
    g_autofree char *never_base = g_strdup_printf("%s-disabled", id);
    g_autofree char *never_id = cs_unique_id(&build, never_base);
    never = cs_new_element(&build, "date_expression");
    cs_set(never, "id", never_id);
    cs_set(never, "operation", "lt");
    cs_set(never, "end", CS_EDIT_NEVER);
    cs_build_insert(&build, rule, NULL, never);
    return cs_build_commit(&build, error);
}

/* ---- rule internals (added by the console helper) --------------------- */

static gboolean cs_is_rule_part(const xmlNode *node)
{
    static const char *const names[] = {"rule", "expression", "date_expression", "date_spec",
                                        "duration"};
    for (gsize i = 0; node != NULL && i < G_N_ELEMENTS(names); i++)
        if (cs_is_element(node, names[i]))
            return TRUE;
    return FALSE;
}

gboolean cs_edit_rule_attribute(CsEditLog *log, const char *id, const char *name, const char *value,
                                GError **error)
{
    xmlNode *element = cs_document_lookup_id(cs_edit_log_document(log), id);
    CsBuild build;

    if (!cs_is_rule_part(element))
        return cs_not_found(error, "rule or expression", id);
    if (strcmp(name, "id") == 0 || !cs_edit_valid_id(name))
        return cs_invalid(error, "'%s' is not an attribute that can be set", name);
    gboolean is_rule = cs_is_element(element, "rule");
    if (is_rule && strcmp(name, "score") == 0 && value != NULL && !cs_edit_valid_score(value))
        return cs_invalid(error, "'%s' is not a score (an integer or INFINITY)", value);
    if (is_rule && strcmp(name, "boolean-op") == 0 && value != NULL && strcmp(value, "and") != 0
        && strcmp(value, "or") != 0)
        return cs_invalid(error, "boolean-op is 'and' or 'or', not '%s'", value);
    g_autofree char *description = value != NULL ? g_strdup_printf("%s %s=%s", id, name, value)
                                                 : g_strdup_printf("%s %s removed", id, name);
    cs_build_begin(&build, log, description);
    if (is_rule && value != NULL && strcmp(name, "score") == 0)
        cs_build_attribute(&build, element, "score-attribute", NULL);
    if (is_rule && value != NULL && strcmp(name, "score-attribute") == 0)
        cs_build_attribute(&build, element, "score", NULL);
    cs_build_attribute(&build, element, name, value);
    return cs_build_commit(&build, error);
}

/* ---- becoming another document (live mode follows the cluster) -------- */

/* The element children of a and b pair up in order: same names, same
 * ids.  Then each pair is compared in turn, else the children are
 * replaced as a whole. */
static gboolean cs_become_same_shape(const xmlNode *a, const xmlNode *b)
{
    const xmlNode *x = a->children, *y = b->children;
    for (;;) {
        while (x != NULL && x->type != XML_ELEMENT_NODE)
            x = x->next;
        while (y != NULL && y->type != XML_ELEMENT_NODE)
            y = y->next;
        if (x == NULL || y == NULL)
            return x == y;
        xmlChar *x_id = xmlGetProp(x, BAD_CAST "id");
        xmlChar *y_id = xmlGetProp(y, BAD_CAST "id");
        gboolean same = xmlStrEqual(x->name, y->name)
                        && (x_id == NULL ? y_id == NULL : y_id != NULL && xmlStrEqual(x_id, y_id));
        xmlFree(x_id);
        xmlFree(y_id);
        if (!same)
            return FALSE;
        x = x->next;
        y = y->next;
    }
}

static void cs_become_attributes(CsBuild *build, xmlNode *element, const xmlNode *target)
{
    for (xmlAttr *attr = element->properties, *next; attr != NULL; attr = next) {
        next = attr->next;
        if (xmlHasProp(target, attr->name) == NULL) {
            g_autofree char *name = g_strdup((const char *)attr->name);
            cs_build_attribute(build, element, name, NULL);
        }
    }
    for (xmlAttr *attr = target->properties; attr != NULL; attr = attr->next) {
        xmlChar *value = xmlNodeGetContent((xmlNode *)attr);
        cs_build_attribute(build, element, (const char *)attr->name,
                           value != NULL ? (const char *)value : "");
        xmlFree(value);
    }
}

static void cs_become_element(CsBuild *build, xmlNode *element, const xmlNode *target)
{
    /* A node's resource history: no edit changes it, and both sides are
     * built on the same CIB (edit.h); it is most of a large status. */
    if (strcmp((const char *)element->name, "lrm") == 0)
        return;
    cs_become_attributes(build, element, target);
    if (cs_become_same_shape(element, target)) {
        xmlNode *x = element->children;
        const xmlNode *y = target->children;
        for (;; x = x->next, y = y->next) {
            while (x != NULL && x->type != XML_ELEMENT_NODE)
                x = x->next;
            while (y != NULL && y->type != XML_ELEMENT_NODE)
                y = y->next;
            if (x == NULL || y == NULL)
                return;
            cs_become_element(build, x, y);
        }
    }
    for (xmlNode *child = element->children, *next; child != NULL; child = next) {
        next = child->next;
        cs_build_unlink(build, child);
    }
    for (const xmlNode *child = target->children; child != NULL; child = child->next)
        cs_build_link(build, element, NULL, xmlDocCopyNode((xmlNode *)child, element->doc, 1));
}

gboolean cs_edit_become(CsEditLog *log, const char *description, const xmlNode *target,
                        GError **error)
{
    xmlNode *root = xmlDocGetRootElement(cs_edit_log_document(log)->xml);
    if (root == NULL || target == NULL || !xmlStrEqual(root->name, target->name)) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_INVALID,
                    "%s: not a document of the same kind", description);
        return FALSE;
    }
    CsBuild build;
    cs_build_begin(&build, log, description);
    cs_become_element(&build, root, target);
    return cs_build_commit(&build, error);
}
