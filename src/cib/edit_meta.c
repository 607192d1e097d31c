/* edit_meta.c: settings held in nvpair sets (resource meta attributes,
 * instance attributes and utilization, cluster options, resource and
 * operation defaults, node utilization), ticket states and stickiness
 * (a resource's own or the default).
 *
 * Each edit writes what the Pacemaker 2.1.5 tool for it writes, with the
 * ids that tool gives (checked against crm_resource, crm_attribute and
 * crm_ticket run on a CIB_file copy).
 */
#include "cib/edit_build.h"

#include <string.h>

static const char *cs_set_element(CsEditSetKind kind)
{
    switch (kind) {
    case CS_EDIT_SET_META: return "meta_attributes";
    case CS_EDIT_SET_PARAM: return "instance_attributes";
    case CS_EDIT_SET_UTILIZATION: return "utilization";
    }
    return "meta_attributes";
}

static const char *cs_set_word(CsEditSetKind kind)
{
    switch (kind) {
    case CS_EDIT_SET_META: return "meta";
    case CS_EDIT_SET_PARAM: return "param";
    case CS_EDIT_SET_UTILIZATION: return "utilization";
    }
    return "meta";
}

/* The nvpair named name in the sets set_name directly under owner (any
 * of them, as crm_resource and crm_attribute search), or NULL. */
static xmlNode *cs_owned_nvpair(const xmlNode *owner, const char *set_name, const char *name)
{
    for (xmlNode *set = owner->children; set != NULL; set = set->next) {
        if (!cs_is_element(set, set_name))
            continue;
        xmlNode *pair = cs_find_nvpair(set, name);
        if (pair != NULL)
            return pair;
    }
    return NULL;
}

/* A set left with no element is written empty (<meta_attributes id="X"/>),
 * as the tools leave it: the blanks left inside go. */
static void cs_build_drop_blanks(CsBuild *build, xmlNode *set)
{
    for (xmlNode *child = set->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE)
            return;
    while (set->children != NULL && xmlIsBlankNode(set->children))
        cs_build_unlink(build, set->children);
}

/* The set with id set_id directly under owner, or a new one linked last
 * (the tools append it after whatever the owner holds). */
static xmlNode *cs_build_named_set(CsBuild *build, xmlNode *owner, const char *set_name,
                                   const char *set_id)
{
    for (xmlNode *set = owner->children; set != NULL; set = set->next)
        if (cs_is_element(set, set_name) && cs_attribute_is(set, "id", set_id))
            return set;
    g_autofree char *id = cs_unique_id(build, set_id);
    xmlNode *set = cs_new_element(build, set_name);
    cs_set(set, "id", id);
    cs_build_insert(build, owner, NULL, set);
    return set;
}

/* Sets or deletes name in owner's sets as the tools do: an existing
 * nvpair is changed (every one of that name deleted), a new one goes into
 * the set default_set_id.  FALSE when a deletion finds nothing. */
static gboolean cs_build_owned_value(CsBuild *build, xmlNode *owner, const char *set_name,
                                     const char *default_set_id, const char *name,
                                     const char *value)
{
    xmlNode *pair = cs_owned_nvpair(owner, set_name, name);

    if (value == NULL) {
        if (pair == NULL)
            return FALSE;
        while ((pair = cs_owned_nvpair(owner, set_name, name)) != NULL) {
            xmlNode *set = pair->parent;
            cs_build_remove(build, pair);
            cs_build_drop_blanks(build, set);
        }
        return TRUE;
    }
    if (pair != NULL) {
        cs_build_attribute(build, pair, "value", value);
        return TRUE;
    }
    xmlNode *set = cs_build_named_set(build, owner, set_name, default_set_id);
    cs_build_nvpair(build, set, name, value);
    return TRUE;
}

static gboolean cs_no_such_value(GError **error, const char *owner, const char *what,
                                 const char *name)
{
    g_set_error(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE, "%s has no %s %s", owner, what,
                name);
    return FALSE;
}

static gboolean cs_check_name(const char *name, GError **error)
{
    if (name == NULL || *name == '\0' || strpbrk(name, " \t\n\"'<>&") != NULL)
        return cs_invalid(error, "'%s' is not an attribute name", name != NULL ? name : "");
    return TRUE;
}

/* crm_resource resolves a meta attribute of a clone's direct child that
 * the child does not hold itself to the clone ("Performing update of
 * NAME on CLONE, the parent of RSC"). */
static xmlNode *cs_meta_target(xmlNode *resource, const char *name)
{
    xmlNode *parent = resource->parent;

    if (cs_owned_nvpair(resource, "meta_attributes", name) != NULL)
        return resource;
    if (cs_is_element(parent, "clone") || cs_is_element(parent, "master"))
        return parent;
    return resource;
}

/* crm_resource --meta on a group reaches the members that set NAME in
 * their own meta attributes (Pacemaker Explained 2.1, "Group Properties":
 * a member's own value wins over the group's, so target-role or
 * is-managed set on the group alone would not reach them).  Seen with
 * crm_resource 2.1.5 on a CIB_file copy, for any meta attribute: a new
 * value is set in each such member and in the group ("Set 'web-fs'
 * option", then "Set 'web' option"); a deletion deletes the members'
 * values only, and the group's own only when no member had one.  Not
 * for a clone: its descendants are left as they are.  The ids of the
 * members that set name, NULL when resource is no group or none does. */
static GPtrArray *cs_members_setting(xmlNode *resource, const char *name)
{
    if (!cs_is_element(resource, "group"))
        return NULL;
    GPtrArray *members = NULL;
    for (xmlNode *child = resource->children; child != NULL; child = child->next) {
        if (!cs_is_element(child, "primitive")
            || cs_owned_nvpair(child, "meta_attributes", name) == NULL)
            continue;
        if (members == NULL)
            members = g_ptr_array_new();
        g_ptr_array_add(members, child);
    }
    return members;
}

/* The members' values set or deleted (cs_members_setting); their ids
 * appended to what. */
static void cs_build_members_value(CsBuild *build, GPtrArray *members, const char *name,
                                   const char *value, GString *what)
{
    for (guint i = 0; i < members->len; i++) {
        xmlNode *member = g_ptr_array_index(members, i);
        g_autofree char *id = cs_attribute(member, "id");
        g_autofree char *set_id = g_strdup_printf("%s-meta_attributes", id);
        cs_build_owned_value(build, member, "meta_attributes", set_id, name, value);
        g_string_append_printf(what, "%s%s", i > 0 ? ", " : "", id);
    }
}

gboolean cs_edit_resource_set(CsEditLog *log, CsEditSetKind kind, const char *rsc, const char *name,
                              const char *value, char **target, GError **error)
{
    xmlNode *resource = cs_edit_find_resource(cs_edit_log_document(log), rsc);

    if (resource == NULL)
        return cs_not_found(error, "resource", rsc);
    if (!cs_check_name(name, error))
        return FALSE;
    if (kind == CS_EDIT_SET_META)
        resource = cs_meta_target(resource, name);
    g_autofree char *owner = cs_attribute(resource, "id");
    const char *set_name = cs_set_element(kind);
    g_autofree char *set_id = g_strdup_printf("%s-%s", owner, set_name);
    g_autofree char *description =
        value != NULL ? g_strdup_printf("%s %s %s=%s", cs_set_word(kind), owner, name, value)
                      : g_strdup_printf("%s %s %s deleted", cs_set_word(kind), owner, name);
    g_autoptr(GPtrArray) members =
        kind == CS_EDIT_SET_META ? cs_members_setting(resource, name) : NULL;
    CsBuild build;

    cs_build_begin(&build, log, description);
    if (members != NULL) {
        g_autoptr(GString) what = g_string_new(NULL);
        cs_build_members_value(&build, members, name, value, what);
        gboolean group_kept =
            value == NULL && cs_owned_nvpair(resource, set_name, name) != NULL;
        if (value != NULL)
            cs_build_owned_value(&build, resource, set_name, set_id, name, value);
        g_autofree char *said =
            value != NULL
                ? g_strdup_printf("%s, and on its members that set it: %s", description,
                                  what->str)
                : g_strdup_printf("%s from its members that set it: %s%s", description, what->str,
                                  group_kept ? " (the group's own kept, as crm_resource keeps it)"
                                             : "");
        cs_build_describe(&build, said);
    } else if (!cs_build_owned_value(&build, resource, set_name, set_id, name, value)) {
        cs_build_abort(&build);
        return cs_no_such_value(error, owner, cs_set_word(kind), name);
    }
    if (target != NULL)
        *target = g_strdup(owner);
    return cs_build_commit(&build, error);
}

gboolean cs_edit_node_utilization(CsEditLog *log, const char *node, const char *name,
                                  const char *value, GError **error)
{
    xmlNode *element = cs_edit_find_node(cs_edit_log_document(log), node);

    if (element == NULL)
        return cs_node_not_found(cs_edit_log_document(log), node, error);
    if (!cs_check_name(name, error))
        return FALSE;
    g_autofree char *node_id = cs_attribute(element, "id");
    g_autofree char *set_id =
        g_strdup_printf("nodes-%s-utilization", node_id != NULL ? node_id : node);
    g_autofree char *description = value != NULL
                                       ? g_strdup_printf("utilization %s %s=%s", node, name, value)
                                       : g_strdup_printf("utilization %s %s deleted", node, name);
    CsBuild build;

    cs_build_begin(&build, log, description);
    if (!cs_build_owned_value(&build, element, "utilization", set_id, name, value)) {
        cs_build_abort(&build);
        return cs_no_such_value(error, node, "utilization", name);
    }
    return cs_build_commit(&build, error);
}

/* ---- cluster options and defaults --------------------------------------- */

typedef struct CsOptionPlace {
    const char *section;     /* under <configuration> */
    const char *set_name;    /* the sets it holds */
    const char *default_set; /* the id crm_attribute gives a new set */
    const char *word;        /* in descriptions */
} CsOptionPlace;

static const CsOptionPlace *cs_option_place(CsEditOptionSection section)
{
    static const CsOptionPlace places[] = {
        [CS_EDIT_CRM_CONFIG] = {"crm_config", "cluster_property_set", "cib-bootstrap-options",
                                "property"},
        [CS_EDIT_RSC_DEFAULTS] = {"rsc_defaults", "meta_attributes", "rsc_defaults-options",
                                  "rsc-default"},
        [CS_EDIT_OP_DEFAULTS] = {"op_defaults", "meta_attributes", "op_defaults-options",
                                 "op-default"},
    };
    return &places[section];
}

/* crm_attribute finds the nvpair by name in any set of the section; one
 * inside a rule-selected set is not a plain value, so only rule-less
 * sets count here. */
static xmlNode *cs_option_nvpair(const xmlNode *section, const char *set_name, const char *name)
{
    for (xmlNode *set = section->children; set != NULL; set = set->next) {
        if (!cs_is_element(set, set_name) || cs_child_named(set, "rule") != NULL)
            continue;
        xmlNode *pair = cs_find_nvpair(set, name);
        if (pair != NULL)
            return pair;
    }
    return NULL;
}

gboolean cs_build_option(CsBuild *build, CsEditOptionSection section, const char *name,
                         const char *value)
{
    const CsOptionPlace *place = cs_option_place(section);
    xmlNode *existing = cs_document_section(cs_edit_log_document(build->log), place->section);

    if (value == NULL)
        return existing != NULL && cs_build_unset(build, existing, place->set_name, name) > 0;
    xmlNode *pair = existing != NULL ? cs_option_nvpair(existing, place->set_name, name) : NULL;
    if (pair != NULL) {
        cs_build_attribute(build, pair, "value", value);
        return TRUE;
    }
    xmlNode *target = cs_build_section(build, place->section);
    xmlNode *set = cs_build_named_set(build, target, place->set_name, place->default_set);
    cs_build_nvpair(build, set, name, value);
    return TRUE;
}

gboolean cs_edit_option(CsEditLog *log, CsEditOptionSection section, const char *name,
                        const char *value, GError **error)
{
    const CsOptionPlace *place = cs_option_place(section);

    if (!cs_check_name(name, error))
        return FALSE;
    g_autofree char *description = value != NULL
                                       ? g_strdup_printf("%s %s=%s", place->word, name, value)
                                       : g_strdup_printf("%s %s deleted", place->word, name);
    CsBuild build;

    cs_build_begin(&build, log, description);
    if (!cs_build_option(&build, section, name, value)) {
        cs_build_abort(&build);
        return cs_no_such_value(error, place->section, "option", name);
    }
    return cs_build_commit(&build, error);
}

/* ---- tickets -------------------------------------------------------------- */

/* <status><tickets>, created last in <status> when missing. */
static xmlNode *cs_build_tickets(CsBuild *build)
{
    xmlNode *status = cs_document_section(cs_edit_log_document(build->log), "status");
    xmlNode *tickets = cs_child_named(status, "tickets");

    if (tickets != NULL)
        return tickets;
    tickets = cs_new_element(build, "tickets");
    cs_build_insert(build, status, NULL, tickets);
    return tickets;
}

static xmlNode *cs_ticket_state(const xmlNode *tickets, const char *ticket)
{
    for (xmlNode *state = tickets->children; state != NULL; state = state->next)
        if (cs_is_element(state, "ticket_state") && cs_attribute_is(state, "id", ticket))
            return state;
    return NULL;
}

static const char *const cs_ticket_words[] = {
    [CS_EDIT_TICKET_GRANT] = "grant",
    [CS_EDIT_TICKET_REVOKE] = "revoke",
    [CS_EDIT_TICKET_STANDBY] = "standby",
    [CS_EDIT_TICKET_ACTIVATE] = "activate",
};

gboolean cs_edit_ticket(CsEditLog *log, const char *ticket, CsEditTicketAction action, gint64 now,
                        GError **error)
{
    if (!cs_edit_valid_id(ticket))
        return cs_invalid(error, "'%s' is not a valid ticket id", ticket != NULL ? ticket : "");
    if (cs_document_section(cs_edit_log_document(log), "status") == NULL)
        return cs_invalid(error, "the CIB has no status section to hold tickets");
    g_autofree char *description = g_strdup_printf("ticket %s %s", ticket, cs_ticket_words[action]);
    CsBuild build;

    cs_build_begin(&build, log, description);
    xmlNode *tickets = cs_build_tickets(&build);
    xmlNode *state = cs_ticket_state(tickets, ticket);
    gboolean created = state == NULL;
    if (created) {
        state = cs_new_element(&build, "ticket_state");
        cs_set(state, "id", ticket);
    }
    /* crm_ticket writes granted and last-granted on --grant, granted=false
     * on --revoke, and standby=true/false; on a new ticket_state the
     * attributes are set before it is linked (no steps of their own). */
    g_autofree char *when = g_strdup_printf("%" G_GINT64_FORMAT, now);
    const char *names[2] = {NULL, NULL}, *values[2] = {NULL, NULL};
    switch (action) {
    case CS_EDIT_TICKET_GRANT:
        names[0] = "granted", values[0] = "true";
        names[1] = "last-granted", values[1] = when;
        break;
    case CS_EDIT_TICKET_REVOKE: names[0] = "granted", values[0] = "false"; break;
    case CS_EDIT_TICKET_STANDBY: names[0] = "standby", values[0] = "true"; break;
    case CS_EDIT_TICKET_ACTIVATE: names[0] = "standby", values[0] = "false"; break;
    }
    if (action == CS_EDIT_TICKET_GRANT && !created && cs_attribute_is(state, "granted", "true"))
        names[1] = NULL; /* already granted: nothing changes */
    for (gsize i = 0; i < G_N_ELEMENTS(names) && names[i] != NULL; i++) {
        if (created)
            cs_set(state, names[i], values[i]);
        else
            cs_build_attribute(&build, state, names[i], values[i]);
    }
    if (created)
        cs_build_insert(&build, tickets, NULL, state);
    return cs_build_commit(&build, error);
}

/* ---- stickiness ------------------------------------------------------- */

static gboolean cs_stickiness_resource(CsBuild *build, const char *rsc, const char *value,
                                       GError **error)
{
    xmlNode *resource = cs_edit_find_resource(cs_edit_log_document(build->log), rsc);

    if (resource == NULL)
        return cs_not_found(error, "resource", rsc);
    if (value == NULL) {
        cs_build_unset(build, resource, "meta_attributes", "resource-stickiness");
        return TRUE;
    }
    /* crm_resource --meta names a new set RSC-meta_attributes. */
    g_autofree char *set_id = g_strdup_printf("%s-meta_attributes", rsc);
    xmlNode *set =
        cs_build_set(build, resource, "meta_attributes", set_id, cs_first_child_resource(resource));
    cs_build_nvpair(build, set, "resource-stickiness", value);
    return TRUE;
}

/* crm_attribute --type rsc_defaults: an existing nvpair is changed where
 * it is, a new one goes into the set rsc_defaults-options. */
static void cs_stickiness_default(CsBuild *build, const char *value)
{
    cs_build_option(build, CS_EDIT_RSC_DEFAULTS, "resource-stickiness", value);
}

gboolean cs_edit_stickiness(CsEditLog *log, const char *rsc, const char *value, GError **error)
{
    if (value != NULL && !cs_edit_valid_score(value))
        return cs_invalid(error, "'%s' is not a score (an integer or INFINITY)", value);
    g_autofree char *description = g_strdup_printf(
        "stickiness %s %s", rsc != NULL ? rsc : "default", value != NULL ? value : "unset");
    CsBuild build;

    cs_build_begin(&build, log, description);
    if (rsc != NULL) {
        if (!cs_stickiness_resource(&build, rsc, value, error))
            return cs_build_fail(&build);
    } else {
        cs_stickiness_default(&build, value);
    }
    return cs_build_commit(&build, error);
}
