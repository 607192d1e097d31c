/* live_tools.c: each planned operation as the command Pacemaker's
 * operators use for it (live.h, CsLiveOp.commands).
 *
 * cibscope's setting edits write what crm_resource, crm_attribute and
 * crm_ticket write, with the ids they choose (doc/commands.md, "Settings,
 * constraints, resources and nodes"), so that committing them through
 * those tools gives the cluster the very document the edits made.  A
 * tool is chosen only when it makes exactly the op's change:
 *   - one nvpair created, its value changed or deleted, or a set created
 *     that holds nothing but nvpairs;
 *   - in a resource's meta_attributes, instance_attributes or utilization
 *     (crm_resource), a node's instance_attributes or utilization, a
 *     cluster_property_set, rsc_defaults or op_defaults (crm_attribute);
 *   - a ticket_state whose granted or standby changed (crm_ticket).
 * The set and nvpair ids are passed whenever they are not those the tool
 * would take by itself, so the tool writes where the edit wrote.  The
 * rest (a set chosen by a rule, a renamed nvpair, a set removed whole,
 * constraints, resources, edited elements) stays with object-level
 * cibadmin.
 */
#include <stdarg.h>
#include <string.h>
#include <libxml/tree.h>

#include "base/xml.h"
#include "cib/live_tools.h"

static gboolean tool_is_resource(const xmlNode *node)
{
    return cs_xml_is(node, "primitive") || cs_xml_is(node, "group") || cs_xml_is(node, "clone")
           || cs_xml_is(node, "master") || cs_xml_is(node, "bundle");
}

static gboolean tool_is_clone(const xmlNode *node)
{
    return cs_xml_is(node, "clone") || cs_xml_is(node, "master");
}

static gboolean tool_is_container(const xmlNode *node)
{
    return tool_is_clone(node) || cs_xml_is(node, "group") || cs_xml_is(node, "bundle");
}

/* ---- argv building ------------------------------------------------------ */

static GPtrArray *tool_argv_new(const char *program)
{
    GPtrArray *argv = g_ptr_array_new();
    g_ptr_array_add(argv, cs_live_tool_path(program));
    return argv;
}

static void tool_words(GPtrArray *argv, const char *first, ...) G_GNUC_NULL_TERMINATED;
static void tool_words(GPtrArray *argv, const char *first, ...)
{
    va_list args;
    va_start(args, first);
    for (const char *word = first; word != NULL; word = va_arg(args, const char *))
        g_ptr_array_add(argv, g_strdup(word));
    va_end(args);
}

static void tool_add_command(GPtrArray *commands, GPtrArray *argv)
{
    g_ptr_array_add(argv, NULL);
    g_ptr_array_add(commands, g_ptr_array_free(argv, FALSE));
}

/* ---- where a set of nvpairs belongs ------------------------------------- */

typedef enum {
    TOOL_NONE,
    TOOL_RESOURCE, /* crm_resource --resource ID */
    TOOL_NODE,     /* crm_attribute --node UNAME */
    TOOL_OPTIONS,  /* crm_attribute --type crm_config|rsc_defaults|op_defaults */
} ToolOwnerKind;

typedef struct ToolSet {
    ToolOwnerKind kind;
    const xmlNode *owner; /* the resource, <node>, or section */
    const xmlNode *set;
    const char *type;  /* crm_attribute --type */
    char *default_set; /* the set id the tool makes by itself */
} ToolSet;

static void tool_set_clear(ToolSet *set)
{
    g_free(set->default_set);
}

/* A set the tools search: an id and nothing but nvpairs (no rule, no
 * score: those are chosen by rules, which the tools do not weigh). */
static gboolean tool_plain_set(const xmlNode *set)
{
    for (const xmlAttr *attr = set->properties; attr != NULL; attr = attr->next)
        if (strcmp((const char *)attr->name, "id") != 0)
            return FALSE;
    for (const xmlNode *child = set->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE && !cs_xml_is(child, "nvpair"))
            return FALSE;
    return cs_xml_attr(set, "id") != NULL;
}

/* Which tool writes set, and the set id it would make (Pacemaker
 * Explained 2.1, "Resource Meta-Attributes", "Utilization and Placement
 * Strategy", "Node Attributes", "Cluster Options"). */
static gboolean tool_set_of(const xmlNode *set, ToolSet *out)
{
    memset(out, 0, sizeof *out);
    const xmlNode *owner = set != NULL ? set->parent : NULL;
    if (owner == NULL || !tool_plain_set(set))
        return FALSE;
    const char *owner_id = cs_xml_attr(owner, "id");
    gboolean meta = cs_xml_is(set, "meta_attributes");
    gboolean utilization = cs_xml_is(set, "utilization");
    gboolean instance = cs_xml_is(set, "instance_attributes");
    out->owner = owner;
    out->set = set;
    if (tool_is_resource(owner) && owner_id != NULL && (meta || utilization || instance)) {
        out->kind = TOOL_RESOURCE;
        out->default_set = g_strdup_printf("%s-%s", owner_id, (const char *)set->name);
    } else if (cs_xml_is(owner, "node") && cs_xml_is(owner->parent, "nodes") && owner_id != NULL
               && cs_xml_attr(owner, "uname") != NULL && (utilization || instance)) {
        out->kind = TOOL_NODE;
        out->default_set = utilization ? g_strdup_printf("nodes-%s-utilization", owner_id)
                                       : g_strdup_printf("nodes-%s", owner_id);
    } else if (cs_xml_is(owner, "crm_config") && cs_xml_is(set, "cluster_property_set")) {
        out->kind = TOOL_OPTIONS;
        out->type = "crm_config";
        out->default_set = g_strdup("cib-bootstrap-options");
    } else if ((cs_xml_is(owner, "rsc_defaults") || cs_xml_is(owner, "op_defaults")) && meta) {
        out->kind = TOOL_OPTIONS;
        out->type = (const char *)owner->name;
        out->default_set = g_strdup_printf("%s-options", out->type);
    }
    return out->kind != TOOL_NONE;
}

/* How many nvpairs called name the owner's sets of this kind hold: the
 * tools find an nvpair by name, and need its ids when two match. */
static int tool_count_named(const ToolSet *set, const char *name)
{
    int count = 0;
    for (const xmlNode *other = set->owner->children; other != NULL; other = other->next) {
        if (other->type != XML_ELEMENT_NODE || !xmlStrEqual(other->name, set->set->name))
            continue;
        for (const xmlNode *pair = other->children; pair != NULL; pair = pair->next)
            count += cs_xml_is(pair, "nvpair") && g_strcmp0(cs_xml_attr(pair, "name"), name) == 0;
    }
    return count;
}

/* crm_attribute 2.1.5 maps a node to its id even for rsc_defaults and
 * op_defaults, where no node matters: the local node on a cluster, and
 * on a CIB_file, where the host is no node of the CIB, it fails ("Could
 * not map name=HOST to a UUID").  There it is given the CIB's first node;
 * crm_config is exempt from the mapping. */
static void tool_any_node(GPtrArray *argv, const xmlNode *section)
{
    if (g_getenv("CIB_file") == NULL || cs_xml_is(section, "crm_config"))
        return;
    const xmlNode *nodes = NULL;
    for (const xmlNode *child = section->parent ? section->parent->children : NULL;
         child != NULL && nodes == NULL; child = child->next)
        if (cs_xml_is(child, "nodes"))
            nodes = child;
    for (const xmlNode *node = nodes ? nodes->children : NULL; node != NULL; node = node->next) {
        if (cs_xml_is(node, "node") && cs_xml_attr(node, "uname") != NULL) {
            tool_words(argv, "--node", cs_xml_attr(node, "uname"), NULL);
            return;
        }
    }
}

/* The command that sets (value non-NULL) or deletes one nvpair.  The
 * tools find an nvpair by name in any set of its owner: its set and id
 * are passed when it is new and not where the tool would put it, or when
 * its name alone does not find it. */
static GPtrArray *tool_nvpair_argv(const ToolSet *set, const xmlNode *nvpair, const char *value,
                                   gboolean creating)
{
    const char *name = cs_xml_attr(nvpair, "name");
    const char *set_id = cs_xml_attr(set->set, "id");
    const char *id = cs_xml_attr(nvpair, "id");
    g_autofree char *default_id = g_strdup_printf("%s-%s", set_id, name);
    gboolean ambiguous = tool_count_named(set, name) > 1;
    gboolean other_set = creating && strcmp(set_id, set->default_set) != 0;
    gboolean other_id = creating && g_strcmp0(id, default_id) != 0;
    GPtrArray *argv;
    if (set->kind == TOOL_RESOURCE) {
        gboolean meta = cs_xml_is(set->set, "meta_attributes");
        argv = tool_argv_new("crm_resource");
        tool_words(argv, "--resource", cs_xml_attr(set->owner, "id"), NULL);
        if (meta || cs_xml_is(set->set, "utilization"))
            tool_words(argv, meta ? "--meta" : "--utilization", NULL);
        if (value != NULL)
            tool_words(argv, "--set-parameter", name, "--parameter-value", value, NULL);
        else
            tool_words(argv, "--delete-parameter", name, NULL);
        if (other_set || ambiguous)
            tool_words(argv, "--set-name", set_id, NULL);
        if (other_id || ambiguous)
            tool_words(argv, "--nvpair", id, NULL);
        /* Without --force crm_resource moves a meta attribute between a
         * clone and its child ("Performing update of NAME on CLONE, the
         * parent of RSC") and writes it into the members of a group or
         * clone that hold it too; the edit already chose the one
         * resource that holds it. */
        if (meta && (tool_is_container(set->owner) || tool_is_clone(set->owner->parent)))
            tool_words(argv, "--force", NULL);
        return argv;
    }
    argv = tool_argv_new("crm_attribute");
    if (set->kind == TOOL_NODE) {
        tool_words(argv, "--node", cs_xml_attr(set->owner, "uname"), NULL);
        if (cs_xml_is(set->set, "utilization"))
            tool_words(argv, "--utilization", NULL);
    } else {
        tool_words(argv, "--type", set->type, NULL);
        tool_any_node(argv, set->owner);
    }
    tool_words(argv, "--name", name, NULL);
    if (value != NULL)
        tool_words(argv, "--update", value, NULL);
    else
        tool_words(argv, "--delete", NULL);
    if (other_set || ambiguous)
        tool_words(argv, "--set-name", set_id, NULL);
    if (other_id || ambiguous)
        tool_words(argv, "--id", id, NULL);
    return argv;
}

static gboolean tool_whole_nvpair(const xmlNode *nvpair)
{
    return cs_xml_attr(nvpair, "id") != NULL && cs_xml_attr(nvpair, "name") != NULL
           && cs_xml_attr(nvpair, "value") != NULL;
}

/* Only the value of an nvpair changed. */
static gboolean tool_value_only(const xmlNode *before, const xmlNode *after)
{
    static const char *kept[] = {"id", "name"};
    for (gsize i = 0; i < G_N_ELEMENTS(kept); i++)
        if (g_strcmp0(cs_xml_attr(before, kept[i]), cs_xml_attr(after, kept[i])) != 0)
            return FALSE;
    for (const xmlAttr *attr = after->properties; attr != NULL; attr = attr->next)
        if (cs_xml_attr(before, (const char *)attr->name) == NULL)
            return FALSE;
    for (const xmlAttr *attr = before->properties; attr != NULL; attr = attr->next)
        if (cs_xml_attr(after, (const char *)attr->name) == NULL)
            return FALSE;
    return TRUE;
}

/* An nvpair op, or a plain set created whole: one command per nvpair. */
static GPtrArray *tool_nvpair_commands(const CsLiveOp *op, const xmlNode *node,
                                       const xmlNode *before)
{
    gboolean is_set = !cs_xml_is(node, "nvpair");
    if (op->kind == CS_LIVE_OP_REPLACE || (is_set && op->kind != CS_LIVE_OP_CREATE))
        return NULL;
    ToolSet set;
    if (!tool_set_of(is_set ? node : node->parent, &set))
        return NULL;
    GPtrArray *commands = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    for (const xmlNode *pair = is_set ? node->children : node; pair != NULL;
         pair = is_set ? pair->next : NULL) {
        if (pair->type != XML_ELEMENT_NODE)
            continue;
        gboolean usable = tool_whole_nvpair(pair)
                          && (op->kind != CS_LIVE_OP_MODIFY || tool_value_only(before, pair));
        if (!usable) {
            g_clear_pointer(&commands, g_ptr_array_unref);
            break;
        }
        const char *value = op->kind == CS_LIVE_OP_DELETE ? NULL : cs_xml_attr(pair, "value");
        tool_add_command(commands,
                         tool_nvpair_argv(&set, pair, value, op->kind == CS_LIVE_OP_CREATE));
    }
    tool_set_clear(&set);
    if (commands != NULL && commands->len == 0)
        g_clear_pointer(&commands, g_ptr_array_unref);
    return commands;
}

/* ---- tickets ------------------------------------------------------------ */

/* The crm_ticket words for one attribute of a ticket_state turning to
 * value, or NULL when crm_ticket does not set it.  crm_ticket refuses to
 * grant or revoke by hand without --force (a ticket manager such as booth
 * normally does it); standby and activate need none. */
static const char *const *tool_ticket_words(const char *name, const char *value)
{
    static const char *const grant[] = {"--grant", "--force", NULL};
    static const char *const revoke[] = {"--revoke", "--force", NULL};
    static const char *const standby[] = {"--standby", NULL};
    static const char *const activate[] = {"--activate", NULL};
    gboolean on = g_strcmp0(value, "true") == 0;
    gboolean off = g_strcmp0(value, "false") == 0;
    if (strcmp(name, "granted") == 0 && (on || off))
        return on ? grant : revoke;
    if (strcmp(name, "standby") == 0 && (on || off))
        return on ? standby : activate;
    return NULL;
}

static void tool_ticket_command(GPtrArray *commands, const char *ticket, const char *const *words)
{
    GPtrArray *argv = tool_argv_new("crm_ticket");
    tool_words(argv, "--ticket", ticket, NULL);
    for (const char *const *word = words; *word != NULL; word++)
        g_ptr_array_add(argv, g_strdup(*word));
    tool_add_command(commands, argv);
}

/* A ticket_state created or changed: grant or revoke first, then standby
 * or activate.  last-granted is crm_ticket's own record of a grant. */
static GPtrArray *tool_ticket_commands(const CsLiveOp *op, const xmlNode *node,
                                       const xmlNode *before)
{
    const char *ticket = cs_xml_attr(node, "id");
    if (op->kind == CS_LIVE_OP_DELETE || op->kind == CS_LIVE_OP_REPLACE || ticket == NULL
        || !cs_xml_is(node->parent, "tickets"))
        return NULL;
    for (const xmlAttr *attr = node->properties; attr != NULL; attr = attr->next) {
        const char *name = (const char *)attr->name;
        gboolean changed =
            before == NULL || g_strcmp0(cs_xml_attr(before, name), cs_xml_attr(node, name)) != 0;
        if (changed && strcmp(name, "id") != 0 && strcmp(name, "last-granted") != 0
            && tool_ticket_words(name, cs_xml_attr(node, name)) == NULL)
            return NULL;
    }
    if (before != NULL)
        for (const xmlAttr *attr = before->properties; attr != NULL; attr = attr->next)
            if (cs_xml_attr(node, (const char *)attr->name) == NULL)
                return NULL;
    GPtrArray *commands = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    static const char *order[] = {"granted", "standby"};
    for (gsize i = 0; i < G_N_ELEMENTS(order); i++) {
        const char *value = cs_xml_attr(node, order[i]);
        if (value == NULL
            || (before != NULL && g_strcmp0(cs_xml_attr(before, order[i]), value) == 0))
            continue;
        tool_ticket_command(commands, ticket, tool_ticket_words(order[i], value));
    }
    if (commands->len == 0)
        g_clear_pointer(&commands, g_ptr_array_unref);
    return commands;
}

/* A defaults section the CIB lacked, created with its sets: the tool
 * makes the section with the first value it sets. */
static GPtrArray *tool_section_commands(const CsLiveOp *op, const xmlNode *section)
{
    if (op->kind != CS_LIVE_OP_CREATE)
        return NULL;
    GPtrArray *commands = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    for (const xmlNode *set = section->children; set != NULL; set = set->next) {
        if (set->type != XML_ELEMENT_NODE)
            continue;
        g_autoptr(GPtrArray) of_set = tool_nvpair_commands(op, set, NULL);
        if (of_set == NULL) {
            g_ptr_array_unref(commands);
            return NULL;
        }
        for (guint i = 0; i < of_set->len; i++)
            g_ptr_array_add(commands, g_steal_pointer(&g_ptr_array_index(of_set, i)));
    }
    if (commands->len == 0)
        g_clear_pointer(&commands, g_ptr_array_unref);
    return commands;
}

void cs_live_op_use_tool(CsLiveOp *op, const xmlNode *node, const xmlNode *before)
{
    GPtrArray *commands = NULL;
    if (cs_xml_is(node, "rsc_defaults") || cs_xml_is(node, "op_defaults")
        || cs_xml_is(node, "crm_config"))
        commands = tool_section_commands(op, node);
    else if (cs_xml_is(node, "ticket_state"))
        commands = tool_ticket_commands(op, node, before);
    else if (cs_xml_is(node, "nvpair") || cs_xml_is(node, "meta_attributes")
             || cs_xml_is(node, "instance_attributes") || cs_xml_is(node, "utilization")
             || cs_xml_is(node, "cluster_property_set"))
        commands = tool_nvpair_commands(op, node, before);
    if (commands == NULL)
        return;
    if (op->commands != NULL)
        g_ptr_array_unref(op->commands);
    op->commands = commands;
}
