/* edit_resources.c: resources and nodes added and removed, groups and
 * clones made and unmade.
 *
 * Removing a resource follows `crm configure delete`: constraints that
 * name it go with it, and its references in resource sets are taken out
 * ("Pacemaker Explained 2.1", "Resource Sets": a set must hold at least
 * one resource_ref).
 */
#include "cib/edit_build.h"

#include <string.h>

static gboolean cs_split_pair(const char *word, char **name, const char **value)
{
    const char *equals = strchr(word, '=');

    if (equals == NULL || equals == word)
        return FALSE;
    *name = g_strndup(word, (gsize)(equals - word));
    *value = equals + 1;
    return TRUE;
}

/* A set of NAME=VALUE pairs added to a new element (not yet linked). */
static gboolean cs_add_pairs(CsBuild *build, xmlNode *owner, const char *set_name, char **pairs,
                             GError **error)
{
    if (pairs == NULL || pairs[0] == NULL)
        return TRUE;
    g_autofree char *owner_id = cs_attribute(owner, "id");
    g_autofree char *set_base = g_strdup_printf("%s-%s", owner_id, set_name);
    g_autofree char *set_id = cs_unique_id(build, set_base);
    xmlNode *set = xmlNewChild(owner, NULL, BAD_CAST set_name, NULL);
    cs_set(set, "id", set_id);
    for (char **pair = pairs; *pair != NULL; pair++) {
        g_autofree char *name = NULL;
        const char *value = NULL;
        if (!cs_split_pair(*pair, &name, &value))
            return cs_invalid(error, "'%s' is not NAME=VALUE", *pair);
        g_autofree char *base = g_strdup_printf("%s-%s", set_id, name);
        g_autofree char *id = cs_unique_id(build, base);
        xmlNode *nvpair = xmlNewChild(set, NULL, BAD_CAST "nvpair", NULL);
        cs_set(nvpair, "id", id);
        cs_set(nvpair, "name", name);
        cs_set(nvpair, "value", value);
    }
    return TRUE;
}

static gboolean cs_check_new_id(CsEditLog *log, const char *id, GError **error)
{
    if (!cs_edit_valid_id(id))
        return cs_invalid(error, "'%s' is not a valid id", id != NULL ? id : "");
    if (cs_document_lookup_id(cs_edit_log_document(log), id) != NULL) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_EXISTS, "id '%s' already exists", id);
        return FALSE;
    }
    return TRUE;
}

gboolean cs_edit_resource_add(CsEditLog *log, const char *id, const char *class_name,
                              const char *provider, const char *type, char **meta, char **params,
                              GError **error)
{
    static const char *const classes[] = {"ocf",     "lsb",     "heartbeat", "stonith", "service",
                                          "systemd", "upstart", "nagios",    NULL};
    gboolean known = FALSE;

    if (!cs_check_new_id(log, id, error))
        return FALSE;
    for (const char *const *c = classes; *c != NULL; c++)
        known = known || strcmp(*c, class_name) == 0;
    if (!known)
        return cs_invalid(error,
                          "'%s' is not a resource class (ocf, lsb, stonith, systemd, "
                          "service, ...)",
                          class_name);
    if ((strcmp(class_name, "ocf") == 0) != (provider != NULL))
        return cs_invalid(error, "class %s %s a provider (CLASS:PROVIDER:TYPE)", class_name,
                          provider != NULL ? "takes no" : "needs");
    if (type == NULL || *type == '\0')
        return cs_invalid(error, "no resource type given");
    g_autofree char *description =
        g_strdup_printf("resource add %s %s%s%s:%s", id, class_name, provider != NULL ? ":" : "",
                        provider != NULL ? provider : "", type);
    CsBuild build;

    cs_build_begin(&build, log, description);
    xmlNode *primitive = cs_new_element(&build, "primitive");
    cs_set(primitive, "id", id);
    cs_set(primitive, "class", class_name);
    if (provider != NULL)
        cs_set(primitive, "provider", provider);
    cs_set(primitive, "type", type);
    g_free(cs_unique_id(&build, id)); /* reserve it for the sets' ids */
    if (!cs_add_pairs(&build, primitive, "instance_attributes", params, error)
        || !cs_add_pairs(&build, primitive, "meta_attributes", meta, error)) {
        xmlFreeNode(primitive);
        return cs_build_fail(&build);
    }
    xmlNode *resources = cs_build_section(&build, "resources");
    cs_build_insert(&build, resources, NULL, primitive);
    cs_indent_new(primitive);
    return cs_build_commit(&build, error);
}

/* ---- removal and the constraints it touches ------------------------------ */

static void cs_collect_ids(const xmlNode *resource, GHashTable *ids)
{
    g_hash_table_add(ids, cs_attribute(resource, "id"));
    for (xmlNode *child = resource->children; child != NULL; child = child->next)
        if (cs_is_resource_element(child))
            cs_collect_ids(child, ids);
}

static gboolean cs_names_any(const xmlNode *constraint, GHashTable *ids)
{
    static const char *const attributes[] = {"rsc", "with-rsc", "first", "then"};

    for (gsize i = 0; i < G_N_ELEMENTS(attributes); i++) {
        g_autofree char *value = cs_attribute(constraint, attributes[i]);
        if (value != NULL && g_hash_table_contains(ids, value))
            return TRUE;
    }
    return FALSE;
}

/* Takes the removed resources out of the constraint's sets; TRUE when no
 * set is left (the constraint must go). */
static gboolean cs_fix_sets(CsBuild *build, xmlNode *constraint, GHashTable *ids,
                            guint *refs_removed)
{
    guint sets_left = 0, sets_seen = 0;

    for (xmlNode *set = constraint->children; set != NULL;) {
        xmlNode *next_set = set->next;
        if (!cs_is_element(set, "resource_set")) {
            set = next_set;
            continue;
        }
        sets_seen++;
        guint refs_left = 0;
        for (xmlNode *ref = set->children; ref != NULL;) {
            xmlNode *next = ref->next;
            g_autofree char *id =
                cs_is_element(ref, "resource_ref") ? cs_attribute(ref, "id") : NULL;
            if (id != NULL && g_hash_table_contains(ids, id)) {
                cs_build_remove(build, ref);
                (*refs_removed)++;
            } else if (id != NULL) {
                refs_left++;
            }
            ref = next;
        }
        if (refs_left == 0)
            cs_build_remove(build, set);
        else
            sets_left++;
        set = next_set;
    }
    return sets_seen > 0 && sets_left == 0;
}

/* Takes the removed resources out of the tags; a tag left empty goes
 * too, and joins ids (constraints naming it go then). */
static void cs_fix_tags(CsBuild *build, GHashTable *ids, GString *report)
{
    xmlNode *tags = cs_document_section(cs_edit_log_document(build->log), "tags");

    for (xmlNode *tag = tags != NULL ? tags->children : NULL; tag != NULL;) {
        xmlNode *next_tag = tag->next;
        guint left = 0, removed = 0;
        for (xmlNode *ref = cs_is_element(tag, "tag") ? tag->children : NULL; ref != NULL;) {
            xmlNode *next = ref->next;
            g_autofree char *id = cs_is_element(ref, "obj_ref") ? cs_attribute(ref, "id") : NULL;
            if (id != NULL && g_hash_table_contains(ids, id)) {
                cs_build_remove(build, ref);
                removed++;
            } else if (id != NULL) {
                left++;
            }
            ref = next;
        }
        g_autofree char *tag_id = cs_attribute(tag, "id");
        if (removed > 0 && left == 0) {
            cs_build_remove(build, tag);
            g_hash_table_add(ids, g_strdup(tag_id));
            if (report != NULL)
                g_string_append_printf(report, "removed tag %s, left empty\n", tag_id);
        } else if (removed > 0 && report != NULL) {
            g_string_append_printf(report, "removed %u reference%s from tag %s\n", removed,
                                   removed == 1 ? "" : "s", tag_id);
        }
        tag = next_tag;
    }
}

/* Every element under node with an id, by id. */
static void cs_index_subtree(xmlNode *node, GHashTable *by_id)
{
    for (; node != NULL; node = node->next) {
        if (node->type != XML_ELEMENT_NODE)
            continue;
        char *id = cs_attribute(node, "id");
        if (id != NULL && !g_hash_table_contains(by_id, id))
            g_hash_table_insert(by_id, id, node);
        else
            g_free(id);
        cs_index_subtree(node->children, by_id);
    }
}

/* An element outside doomed that refers (id-ref) to one inside it would
 * be left naming nothing, which Pacemaker's schema refuses: the first
 * such reference becomes a copy of what it refers to (the same id, free
 * once doomed goes), and the others then refer to that copy. */
static void cs_keep_referenced(CsBuild *build, xmlNode *node, xmlNode *doomed, GHashTable *inside,
                               GString *report)
{
    for (; node != NULL; node = node->next) {
        if (node->type != XML_ELEMENT_NODE || node == doomed)
            continue;
        g_autofree char *ref = cs_attribute(node, "id-ref");
        xmlNode *target = ref != NULL ? g_hash_table_lookup(inside, ref) : NULL;
        if (target != NULL) {
            xmlNode *copy = xmlDocCopyNode(target, node->doc, 1);
            g_hash_table_remove(inside, ref);
            cs_build_insert(build, node->parent, node, copy);
            cs_build_remove(build, node);
            if (report != NULL)
                g_string_append_printf(report,
                                       "kept %s (used by id-ref elsewhere) in place "
                                       "of a reference to it\n",
                                       ref);
            continue;
        }
        cs_keep_referenced(build, node->children, doomed, inside, report);
    }
}

/* Removes or fixes every constraint naming one of ids. */
static void cs_fix_constraints(CsBuild *build, GHashTable *ids, GString *report)
{
    cs_fix_tags(build, ids, report);
    xmlNode *constraints = cs_document_section(cs_edit_log_document(build->log), "constraints");

    for (xmlNode *constraint = constraints != NULL ? constraints->children : NULL;
         constraint != NULL;) {
        xmlNode *next = constraint->next;
        g_autofree char *id =
            constraint->type == XML_ELEMENT_NODE ? cs_attribute(constraint, "id") : NULL;
        guint refs = 0;
        if (id == NULL) {
            constraint = next;
            continue;
        }
        if (cs_names_any(constraint, ids) || cs_fix_sets(build, constraint, ids, &refs)) {
            cs_build_remove(build, constraint);
            if (report != NULL)
                g_string_append_printf(report, "removed constraint %s\n", id);
        } else if (refs > 0 && report != NULL) {
            g_string_append_printf(report,
                                   "removed %u reference%s from the sets of "
                                   "constraint %s\n",
                                   refs, refs == 1 ? "" : "s", id);
        }
        constraint = next;
    }
}

static gboolean cs_has_child_resource(const xmlNode *resource)
{
    return cs_first_child_resource(resource) != NULL;
}

/* Removes element and, going up, every group or clone it leaves empty;
 * their ids join ids. */
static void cs_remove_upwards(CsBuild *build, xmlNode *element, GHashTable *ids)
{
    xmlNode *parent = element->parent;

    cs_collect_ids(element, ids);
    cs_build_remove(build, element);
    if (cs_is_resource_element(parent) && !cs_has_child_resource(parent))
        cs_remove_upwards(build, parent, ids);
}

gboolean cs_edit_resource_remove(CsEditLog *log, const char *id, GString *report, GError **error)
{
    xmlNode *resource = cs_edit_find_resource(cs_edit_log_document(log), id);

    if (resource == NULL)
        return cs_not_found(error, "resource", id);
    g_autofree char *description = g_strdup_printf("resource remove %s", id);
    g_autoptr(GHashTable) ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    CsBuild build;

    cs_build_begin(&build, log, description);
    g_autoptr(GHashTable) inside = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    g_hash_table_insert(inside, cs_attribute(resource, "id"), resource);
    cs_index_subtree(resource->children, inside);
    cs_keep_referenced(&build, xmlDocGetRootElement(cs_edit_log_document(log)->xml)->children,
                       resource, inside, report);
    cs_remove_upwards(&build, resource, ids);
    cs_fix_constraints(&build, ids, report);
    return cs_build_commit(&build, error);
}

/* ---- groups and clones ------------------------------------------------------ */

static gboolean cs_in_clone(const xmlNode *node)
{
    for (const xmlNode *up = node->parent; up != NULL; up = up->parent)
        if (cs_is_element(up, "clone") || cs_is_element(up, "master")
            || cs_is_element(up, "bundle"))
            return TRUE;
    return FALSE;
}

static xmlNode *cs_first_child_element(const xmlNode *parent)
{
    for (xmlNode *child = parent->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE)
            return child;
    return NULL;
}

/* The next element sibling (where to put something "after" node). */
static xmlNode *cs_next_element(const xmlNode *node)
{
    for (xmlNode *next = node->next; next != NULL; next = next->next)
        if (next->type == XML_ELEMENT_NODE)
            return next;
    return NULL;
}

gboolean cs_edit_group_add(CsEditLog *log, const char *group, const char *rsc, GError **error)
{
    CsDocument *document = cs_edit_log_document(log);
    xmlNode *primitive = cs_edit_find_resource(document, rsc);
    xmlNode *target = cs_edit_find_resource(document, group);

    if (primitive == NULL)
        return cs_not_found(error, "resource", rsc);
    if (!cs_is_element(primitive, "primitive"))
        return cs_invalid(error, "%s is not a primitive: only primitives go into groups", rsc);
    if (cs_in_clone(primitive))
        return cs_invalid(error, "%s is inside a clone", rsc);
    if (target != NULL && !cs_is_element(target, "group"))
        return cs_invalid(error, "%s is not a group", group);
    if (target == NULL && !cs_check_new_id(log, group, error))
        return FALSE;
    if (target != NULL && primitive->parent == target)
        return cs_invalid(error, "%s is already in %s", rsc, group);
    xmlNode *old_group = cs_is_element(primitive->parent, "group") ? primitive->parent : NULL;
    if (old_group != NULL && cs_first_child_resource(old_group) == primitive
        && cs_next_element(primitive) == NULL)
        return cs_invalid(error,
                          "%s is the last member of its group: remove that group "
                          "first",
                          rsc);
    g_autofree char *description = g_strdup_printf("group add %s %s", group, rsc);
    CsBuild build;

    cs_build_begin(&build, log, description);
    if (target == NULL) {
        target = cs_new_element(&build, "group");
        cs_set(target, "id", group);
        cs_build_insert(&build, primitive->parent, primitive, target);
    }
    cs_build_remove(&build, primitive);
    cs_build_insert(&build, target, NULL, primitive);
    return cs_build_commit(&build, error);
}

gboolean cs_edit_group_remove(CsEditLog *log, const char *group, const char *rsc, GString *report,
                              GError **error)
{
    CsDocument *document = cs_edit_log_document(log);
    xmlNode *target = cs_edit_find_resource(document, group);
    xmlNode *primitive = cs_edit_find_resource(document, rsc);

    if (target == NULL || !cs_is_element(target, "group"))
        return cs_not_found(error, "group", group);
    if (primitive == NULL || primitive->parent != target)
        return cs_invalid(error, "%s is not a member of %s", rsc, group);
    g_autofree char *description = g_strdup_printf("group remove %s %s", group, rsc);
    CsBuild build;

    cs_build_begin(&build, log, description);
    xmlNode *after = cs_next_element(target);
    cs_build_remove(&build, primitive);
    cs_build_insert(&build, target->parent, after, primitive);
    if (!cs_has_child_resource(target)) {
        g_autoptr(GHashTable) ids = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
        cs_remove_upwards(&build, target, ids);
        cs_fix_constraints(&build, ids, report);
        if (report != NULL)
            g_string_append_printf(report, "removed group %s, left empty\n", group);
    }
    return cs_build_commit(&build, error);
}

/* Constraints naming from (by rsc, with-rsc, first, then or in a set)
 * name to instead. */
/* The tags holding from (an obj_ref) hold to instead: constraints that
 * name a tag reach the clone then. */
static void cs_retarget_tags(CsBuild *build, const char *from, const char *to, GString *report)
{
    xmlNode *tags = cs_document_section(cs_edit_log_document(build->log), "tags");

    for (xmlNode *tag = tags != NULL ? tags->children : NULL; tag != NULL; tag = tag->next)
        for (xmlNode *ref = cs_is_element(tag, "tag") ? tag->children : NULL; ref != NULL;
             ref = ref->next)
            if (cs_is_element(ref, "obj_ref") && cs_attribute_is(ref, "id", from)) {
                cs_build_attribute(build, ref, "id", to);
                g_autofree char *id = cs_attribute(tag, "id");
                if (report != NULL)
                    g_string_append_printf(report, "tag %s now holds %s\n", id, to);
            }
}

static void cs_retarget_constraints(CsBuild *build, const char *from, const char *to,
                                    GString *report)
{
    static const char *const attributes[] = {"rsc", "with-rsc", "first", "then"};
    xmlNode *constraints = cs_document_section(cs_edit_log_document(build->log), "constraints");

    for (xmlNode *constraint = constraints != NULL ? constraints->children : NULL;
         constraint != NULL; constraint = constraint->next) {
        if (constraint->type != XML_ELEMENT_NODE)
            continue;
        guint changed = 0;
        for (gsize i = 0; i < G_N_ELEMENTS(attributes); i++)
            if (cs_attribute_is(constraint, attributes[i], from)) {
                cs_build_attribute(build, constraint, attributes[i], to);
                changed++;
            }
        for (xmlNode *set = constraint->children; set != NULL; set = set->next)
            for (xmlNode *ref = cs_is_element(set, "resource_set") ? set->children : NULL;
                 ref != NULL; ref = ref->next)
                if (cs_is_element(ref, "resource_ref") && cs_attribute_is(ref, "id", from)) {
                    cs_build_attribute(build, ref, "id", to);
                    changed++;
                }
        g_autofree char *id = cs_attribute(constraint, "id");
        if (changed > 0 && report != NULL)
            g_string_append_printf(report, "constraint %s now names %s\n", id, to);
    }
    cs_retarget_tags(build, from, to, report);
}

/* Only OCF agents have promote and demote actions ("Pacemaker Explained
 * 2.1", "Promotable clones"): Pacemaker drops a promotable clone of any
 * other class. */
static gboolean cs_all_ocf(const xmlNode *resource)
{
    if (cs_is_element(resource, "primitive"))
        return cs_attribute_is(resource, "class", "ocf");
    for (xmlNode *child = resource->children; child != NULL; child = child->next)
        if (cs_is_resource_element(child) && !cs_all_ocf(child))
            return FALSE;
    return TRUE;
}

gboolean cs_edit_clone(CsEditLog *log, const char *rsc, gboolean promotable, GString *report,
                       GError **error)
{
    xmlNode *resource = cs_edit_find_resource(cs_edit_log_document(log), rsc);

    if (resource == NULL)
        return cs_not_found(error, "resource", rsc);
    if (!cs_is_element(resource, "primitive") && !cs_is_element(resource, "group"))
        return cs_invalid(error, "only a primitive or a group can be cloned");
    if (cs_in_clone(resource) || cs_is_element(resource->parent, "group"))
        return cs_invalid(error, "%s is inside a %s", rsc,
                          cs_in_clone(resource) ? "clone" : "group");
    if (promotable && !cs_all_ocf(resource))
        return cs_invalid(error,
                          "%s is not an ocf resource: Pacemaker refuses to promote "
                          "other classes",
                          rsc);
    g_autofree char *clone_base = g_strdup_printf("%s-clone", rsc);
    g_autofree char *description =
        g_strdup_printf("clone %s%s", rsc, promotable ? " promotable" : "");
    CsBuild build;

    cs_build_begin(&build, log, description);
    g_autofree char *clone_id = cs_unique_id(&build, clone_base);
    xmlNode *clone = cs_new_element(&build, "clone");
    cs_set(clone, "id", clone_id);
    if (promotable) {
        char *pairs[] = {(char *)"promotable=true", NULL};
        cs_add_pairs(&build, clone, "meta_attributes", pairs, error);
    }
    xmlNode *parent = resource->parent;
    xmlNode *after = cs_next_element(resource);
    cs_build_remove(&build, resource);
    cs_build_insert(&build, parent, after, clone);
    cs_indent_new(clone); /* before the resource moves in: its insides are not new */
    cs_build_insert(&build, clone, cs_first_child_element(clone), resource);
    cs_retarget_constraints(&build, rsc, clone_id, report);
    return cs_build_commit(&build, error);
}

/* ---- nodes ---------------------------------------------------------------------- */

gboolean cs_edit_node_add(CsEditLog *log, const char *name, GError **error)
{
    CsDocument *document = cs_edit_log_document(log);

    if (cs_known_node(document, name)) {
        g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_EXISTS, "node '%s' already exists", name);
        return FALSE;
    }
    if (!cs_check_new_id(log, name, error))
        return FALSE;
    if (cs_document_section(document, "status") == NULL)
        return cs_invalid(error, "the CIB has no status section");
    g_autofree char *description = g_strdup_printf("node add %s", name);
    CsBuild build;

    cs_build_begin(&build, log, description);
    xmlNode *node = cs_new_element(&build, "node");
    cs_set(node, "id", name);
    cs_set(node, "uname", name);
    cs_build_insert(&build, cs_build_section(&build, "nodes"), NULL, node);
    /* crm_simulate --node-up's node_state: an online member. */
    xmlNode *state = cs_new_element(&build, "node_state");
    cs_set(state, "id", name);
    cs_set(state, "uname", name);
    cs_set(state, "in_ccm", "true");
    cs_set(state, "crmd", "online");
    cs_set(state, "join", "member");
    cs_set(state, "expected", "member");
    cs_set(state, "crm-debug-origin", "cibscope");
    xmlNode *status = cs_document_section(document, "status");
    xmlNode *tickets = cs_child_named(status, "tickets");
    cs_build_insert(&build, status, tickets, state);
    return cs_build_commit(&build, error);
}

gboolean cs_edit_node_remove(CsEditLog *log, const char *name, GError **error)
{
    CsDocument *document = cs_edit_log_document(log);
    xmlNode *node = cs_edit_find_node(document, name);

    if (node == NULL)
        return cs_not_found(error, "node", name);
    g_autofree char *description = g_strdup_printf("node remove %s", name);
    xmlNode *state = cs_find_node_state(document, node);
    CsBuild build;

    cs_build_begin(&build, log, description);
    cs_build_remove(&build, node);
    if (state != NULL)
        cs_build_remove(&build, state);
    return cs_build_commit(&build, error);
}
