/* tools.c: a pending edit as crm_resource, pcs and crmsh commands
 * (tools.h).
 *
 * The commands follow what each tool writes: crm_resource --ban and
 * --move make the cli-ban-RSC-on-NODE and cli-prefer-RSC constraints
 * cibscope's ban and prefer make, crm_attribute and crm_standby the node
 * attributes and rsc_defaults, crm_resource --cleanup removes fail counts
 * (Pacemaker Explained 2.1, "Moving Resources Manually" and "Failure
 * Response"); pcs and crmsh call the same tools underneath.
 */
#include <stdarg.h>
#include <string.h>
#include <libxml/tree.h>

#include "base/xml.h"
#include "explain/tools.h"

/* ---- quoting ------------------------------------------------------------ */

static gboolean plain_shell_word(const char *word)
{
    if (*word == '\0')
        return FALSE;
    for (const char *c = word; *c != '\0'; c++)
        if (!g_ascii_isalnum(*c) && strchr("_@%+=:,./-#", *c) == NULL)
            return FALSE;
    return word[0] != '#';
}

char *cs_tools_shell_word(const char *word)
{
    if (plain_shell_word(word))
        return g_strdup(word);
    GString *quoted = g_string_new("'");
    for (const char *c = word; *c != '\0'; c++) {
        if (*c == '\'')
            g_string_append(quoted, "'\\''");
        else
            g_string_append_c(quoted, *c);
    }
    g_string_append_c(quoted, '\'');
    return g_string_free(quoted, FALSE);
}

/* Appends the command made of the words (NULL-terminated), quoted. */
static void add_command(GPtrArray *list, const char *first, ...) G_GNUC_NULL_TERMINATED;
static void add_command(GPtrArray *list, const char *first, ...)
{
    GString *line = g_string_new(NULL);
    va_list args;
    va_start(args, first);
    for (const char *word = first; word != NULL; word = va_arg(args, const char *)) {
        g_autofree char *quoted = cs_tools_shell_word(word);
        g_string_append_printf(line, "%s%s", line->len > 0 ? " " : "", quoted);
    }
    va_end(args);
    g_ptr_array_add(list, g_string_free(line, FALSE));
}

static void add_comment(GPtrArray *list, const char *text)
{
    g_ptr_array_add(list, g_strdup_printf("# %s", text));
}

void cs_tool_commands_init(CsToolCommands *commands)
{
    commands->crm = g_ptr_array_new_with_free_func(g_free);
    commands->pcs = g_ptr_array_new_with_free_func(g_free);
    commands->crmsh = g_ptr_array_new_with_free_func(g_free);
}

void cs_tool_commands_clear(CsToolCommands *commands)
{
    g_clear_pointer(&commands->crm, g_ptr_array_unref);
    g_clear_pointer(&commands->pcs, g_ptr_array_unref);
    g_clear_pointer(&commands->crmsh, g_ptr_array_unref);
}

/* ---- what an operation touches ------------------------------------------ */

/* One operation, with the object as it is in the document that holds it
 * (the edited CIB, or the base for a removal), for its ancestors. */
typedef struct CsOpFacts {
    const CsLiveOp *op;
    const CsToolContext *context;
    xmlNode *element;
    gboolean removed;
} CsOpFacts;

static gboolean is_resource(const xmlNode *node)
{
    return cs_xml_is(node, "primitive") || cs_xml_is(node, "group") || cs_xml_is(node, "clone")
           || cs_xml_is(node, "master") || cs_xml_is(node, "bundle");
}

/* The nvpairs an operation sets or removes: the nvpair itself, or those
 * of a set created or removed whole. */
static GPtrArray *nvpairs_of(xmlNode *element)
{
    GPtrArray *nvpairs = g_ptr_array_new();
    if (cs_xml_is(element, "nvpair")) {
        g_ptr_array_add(nvpairs, element);
        return nvpairs;
    }
    for (xmlNode *child = element->children; child != NULL; child = child->next)
        if (cs_xml_is(child, "nvpair"))
            g_ptr_array_add(nvpairs, child);
    return nvpairs;
}

/* The element a set of nvpairs belongs to (a resource, <node>,
 * <rsc_defaults>, <transient_attributes>): the set's parent. */
static xmlNode *nvpair_owner(const CsOpFacts *facts)
{
    xmlNode *set = cs_xml_is(facts->element, "nvpair") ? facts->element->parent : facts->element;
    return set != NULL ? set->parent : NULL;
}

static gboolean sets_nvpairs(const CsOpFacts *facts)
{
    return cs_xml_is(facts->element, "nvpair") || cs_xml_is(facts->element, "meta_attributes")
           || cs_xml_is(facts->element, "instance_attributes");
}

/* The uname of the <node> or <node_state> above node. */
static const char *node_uname(const xmlNode *node)
{
    for (; node != NULL; node = node->parent)
        if (cs_xml_is(node, "node") || cs_xml_is(node, "node_state"))
            return cs_xml_attr(node, "uname");
    return NULL;
}

/* A cli-ban / cli-prefer constraint's node: node=, or the rule's
 * "#uname eq NODE" that crm_resource --lifetime writes. */
static const char *location_node(const xmlNode *location)
{
    const char *node = cs_xml_attr(location, "node");
    if (node != NULL)
        return node;
    for (xmlNode *rule = location->children; rule != NULL; rule = rule->next) {
        if (!cs_xml_is(rule, "rule"))
            continue;
        for (xmlNode *expr = rule->children; expr != NULL; expr = expr->next)
            if (cs_xml_is(expr, "expression")
                && g_strcmp0(cs_xml_attr(expr, "attribute"), "#uname") == 0)
                return cs_xml_attr(expr, "value");
    }
    return NULL;
}

/* "PT1H", "P1DT30M": the time from now to the end of the constraint's
 * lifetime (date_expression lt end=...), as crm_resource --lifetime
 * takes it; NULL without a lifetime or when it ended already. */
static char *lifetime(const CsOpFacts *facts)
{
    for (xmlNode *rule = facts->element->children; rule != NULL; rule = rule->next) {
        if (!cs_xml_is(rule, "rule"))
            continue;
        for (xmlNode *expr = rule->children; expr != NULL; expr = expr->next) {
            const char *end = cs_xml_attr(expr, "end");
            CsTime until;
            if (!cs_xml_is(expr, "date_expression") || end == NULL
                || !cs_time_parse(end, &until, NULL))
                continue;
            gint64 left = until.seconds - facts->context->now.seconds;
            if (left <= 0)
                return NULL;
            GString *text = g_string_new("P");
            if (left >= 86400)
                g_string_append_printf(text, "%" G_GINT64_FORMAT "D", left / 86400);
            left %= 86400;
            if (left > 0)
                g_string_append_c(text, 'T');
            if (left >= 3600)
                g_string_append_printf(text, "%" G_GINT64_FORMAT "H", left / 3600);
            if (left % 3600 >= 60)
                g_string_append_printf(text, "%" G_GINT64_FORMAT "M", left % 3600 / 60);
            if (left % 60 > 0)
                g_string_append_printf(text, "%" G_GINT64_FORMAT "S", left % 60);
            return g_string_free(text, FALSE);
        }
    }
    return NULL;
}

/* ---- one translator per edit kind --------------------------------------- */

static gboolean is_cli(const CsOpFacts *facts, const char *prefix)
{
    return cs_xml_is(facts->element, "rsc_location") && g_str_has_prefix(facts->op->id, prefix)
           && cs_xml_attr(facts->element, "rsc") != NULL && location_node(facts->element) != NULL;
}

static gboolean match_ban(const CsOpFacts *facts)
{
    return !facts->removed && is_cli(facts, "cli-ban-");
}

/* The commands of a cli-ban- or cli-prefer- location: crm_resource's
 * option, then pcs's and crmsh's verbs, each given RSC, NODE and the
 * lifetime when the constraint has one. */
static void translate_cli_location(const CsOpFacts *facts, CsToolCommands *out,
                                   const char *crm_option, const char *pcs_verb,
                                   const char *crmsh_verb)
{
    const char *rsc = cs_xml_attr(facts->element, "rsc");
    const char *node = location_node(facts->element);
    g_autofree char *life = lifetime(facts);
    g_autofree char *pcs_life = life != NULL ? g_strdup_printf("lifetime=%s", life) : NULL;
    add_command(out->crm, "crm_resource", crm_option, "--resource", rsc, "--node", node,
                life != NULL ? "--lifetime" : NULL, life, NULL);
    add_command(out->pcs, "pcs", "resource", pcs_verb, rsc, node, pcs_life, NULL);
    add_command(out->crmsh, "crm", "resource", crmsh_verb, rsc, node, life, NULL);
}

/* crm_resource --ban (Pacemaker Explained 2.1, "Moving Resources
 * Manually"): cli-ban-RSC-on-NODE, -INFINITY on NODE. */
static void translate_ban(const CsOpFacts *facts, CsToolCommands *out)
{
    translate_cli_location(facts, out, "--ban", "ban", "ban");
}

static gboolean match_prefer(const CsOpFacts *facts)
{
    return !facts->removed && is_cli(facts, "cli-prefer-");
}

/* crm_resource --move: cli-prefer-RSC, INFINITY on NODE.  pcs 0.11's
 * `resource move` drops its constraint once the resource moved;
 * move-with-constraint keeps it, as the edit does. */
static void translate_prefer(const CsOpFacts *facts, CsToolCommands *out)
{
    translate_cli_location(facts, out, "--move", "move-with-constraint", "move");
}

static gboolean match_clear(const CsOpFacts *facts)
{
    return facts->removed && (is_cli(facts, "cli-ban-") || is_cli(facts, "cli-prefer-"));
}

/* crm_resource --clear with --node removes cli-ban-RSC-on-NODE and
 * cli-prefer-RSC; crmsh's clear takes no node, so it deletes by id. */
static void translate_clear(const CsOpFacts *facts, CsToolCommands *out)
{
    const char *rsc = cs_xml_attr(facts->element, "rsc");
    const char *node = location_node(facts->element);
    add_command(out->crm, "crm_resource", "--clear", "--resource", rsc, "--node", node, NULL);
    add_command(out->pcs, "pcs", "resource", "clear", rsc, node, NULL);
    add_command(out->crmsh, "crm", "configure", "delete", facts->op->id, NULL);
}

static gboolean match_meta(const CsOpFacts *facts)
{
    return sets_nvpairs(facts) && is_resource(nvpair_owner(facts))
           && (cs_xml_is(facts->element, "nvpair")
                   ? cs_xml_is(facts->element->parent, "meta_attributes")
                   : cs_xml_is(facts->element, "meta_attributes"));
}

/* A resource's meta-attribute ("Resource Meta-Attributes"). */
static void translate_meta(const CsOpFacts *facts, CsToolCommands *out)
{
    const char *rsc = cs_xml_attr(nvpair_owner(facts), "id");
    g_autoptr(GPtrArray) nvpairs = nvpairs_of(facts->element);
    for (guint i = 0; i < nvpairs->len; i++) {
        const char *name = cs_xml_attr(g_ptr_array_index(nvpairs, i), "name");
        const char *value = cs_xml_attr(g_ptr_array_index(nvpairs, i), "value");
        if (facts->removed) {
            add_command(out->crm, "crm_resource", "--resource", rsc, "--meta", "--delete-parameter",
                        name, NULL);
            g_autofree char *unset = g_strdup_printf("%s=", name);
            add_command(out->pcs, "pcs", "resource", "meta", rsc, unset, NULL);
            add_command(out->crmsh, "crm", "resource", "meta", rsc, "delete", name, NULL);
            continue;
        }
        add_command(out->crm, "crm_resource", "--resource", rsc, "--meta", "--set-parameter", name,
                    "--parameter-value", value, NULL);
        g_autofree char *pair = g_strdup_printf("%s=%s", name, value);
        add_command(out->pcs, "pcs", "resource", "meta", rsc, pair, NULL);
        add_command(out->crmsh, "crm", "resource", "meta", rsc, "set", name, value, NULL);
    }
}

static gboolean match_default(const CsOpFacts *facts)
{
    if (!sets_nvpairs(facts))
        return FALSE;
    xmlNode *owner = nvpair_owner(facts);
    return cs_xml_is(owner, "rsc_defaults") || cs_xml_is(owner, "op_defaults");
}

/* rsc_defaults / op_defaults ("Resource Defaults"). */
static void translate_default(const CsOpFacts *facts, CsToolCommands *out)
{
    gboolean op = cs_xml_is(nvpair_owner(facts), "op_defaults");
    const char *type = op ? "op_defaults" : "rsc_defaults";
    g_autoptr(GPtrArray) nvpairs = nvpairs_of(facts->element);
    for (guint i = 0; i < nvpairs->len; i++) {
        const char *name = cs_xml_attr(g_ptr_array_index(nvpairs, i), "name");
        const char *value = cs_xml_attr(g_ptr_array_index(nvpairs, i), "value");
        g_autofree char *pair = g_strdup_printf("%s=%s", name, facts->removed ? "" : value);
        if (facts->removed)
            add_command(out->crm, "crm_attribute", "--type", type, "--name", name, "--delete",
                        NULL);
        else
            add_command(out->crm, "crm_attribute", "--type", type, "--name", name, "--update",
                        value, NULL);
        add_command(out->pcs, "pcs", "resource", op ? "op" : "defaults", op ? "defaults" : "update",
                    op ? "update" : pair, op ? pair : NULL, NULL);
        if (facts->removed)
            add_comment(out->crmsh, "crmsh: no command removes a default; use crm_attribute above");
        else
            add_command(out->crmsh, "crm", "configure", type, pair, NULL);
    }
}

static gboolean match_node_attribute(const CsOpFacts *facts)
{
    return sets_nvpairs(facts) && cs_xml_is(nvpair_owner(facts), "node")
           && node_uname(facts->element);
}

/* A permanent node attribute ("Node Attributes"); standby and
 * maintenance have commands of their own in pcs and crmsh. */
static void translate_node_attribute(const CsOpFacts *facts, CsToolCommands *out)
{
    const char *node = node_uname(facts->element);
    g_autoptr(GPtrArray) nvpairs = nvpairs_of(facts->element);
    for (guint i = 0; i < nvpairs->len; i++) {
        const char *name = cs_xml_attr(g_ptr_array_index(nvpairs, i), "name");
        const char *value = cs_xml_attr(g_ptr_array_index(nvpairs, i), "value");
        gboolean on = !facts->removed && g_strcmp0(value, "on") == 0;
        if (facts->removed)
            add_command(out->crm, "crm_attribute", "--node", node, "--name", name, "--delete",
                        NULL);
        else
            add_command(out->crm, "crm_attribute", "--node", node, "--name", name, "--update",
                        value, NULL);
        if (strcmp(name, "standby") == 0 && (on || facts->removed)) {
            add_command(out->pcs, "pcs", "node", on ? "standby" : "unstandby", node, NULL);
            add_command(out->crmsh, "crm", "node", on ? "standby" : "online", node, NULL);
        } else if (strcmp(name, "maintenance") == 0 && (on || facts->removed)) {
            add_command(out->pcs, "pcs", "node", on ? "maintenance" : "unmaintenance", node, NULL);
            add_command(out->crmsh, "crm", "node", on ? "maintenance" : "ready", node, NULL);
        } else {
            g_autofree char *pair = g_strdup_printf("%s=%s", name, facts->removed ? "" : value);
            add_command(out->pcs, "pcs", "node", "attribute", node, pair, NULL);
            if (facts->removed)
                add_command(out->crmsh, "crm", "node", "attribute", node, "delete", name, NULL);
            else
                add_command(out->crmsh, "crm", "node", "attribute", node, "set", name, value, NULL);
        }
    }
}

/* Inside a node's transient_attributes (the element itself, its
 * attribute set or one nvpair of it). */
static gboolean in_transient(const xmlNode *node)
{
    for (; node != NULL; node = node->parent)
        if (cs_xml_is(node, "transient_attributes"))
            return TRUE;
    return FALSE;
}

/* The nvpairs under element (itself when it is one), in order. */
static void collect_nvpairs(xmlNode *element, GPtrArray *nvpairs)
{
    if (cs_xml_is(element, "nvpair")) {
        g_ptr_array_add(nvpairs, element);
        return;
    }
    for (xmlNode *child = element->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE)
            collect_nvpairs(child, nvpairs);
}

static gboolean match_transient(const CsOpFacts *facts)
{
    return in_transient(facts->element) && node_uname(facts->element) != NULL
           && facts->op->kind != CS_LIVE_OP_REPLACE;
}

/* "fail-count-RSC#OP" -> RSC (newly allocated), else NULL. */
static char *fail_count_resource(const char *name)
{
    const char *rest = g_str_has_prefix(name, "fail-count-")     ? name + strlen("fail-count-")
                       : g_str_has_prefix(name, "last-failure-") ? name + strlen("last-failure-")
                                                                 : NULL;
    const char *hash = rest != NULL ? strrchr(rest, '#') : NULL;
    return hash != NULL ? g_strndup(rest, (gsize)(hash - rest)) : NULL;
}

/* One transient attribute.  They live in the attribute manager:
 * removing a fail count is crm_resource --cleanup ("Failure Response");
 * anything else goes through attrd_updater. */
/* TRUE when it took attrd_updater, which pcs and crmsh do not wrap. */
static gboolean translate_one_transient(const CsOpFacts *facts, const xmlNode *nvpair,
                                        CsToolCommands *out)
{
    const char *node = node_uname(facts->element);
    const char *name = cs_xml_attr(nvpair, "name");
    const char *value = cs_xml_attr(nvpair, "value");
    g_autofree char *rsc = name != NULL ? fail_count_resource(name) : NULL;
    if (name == NULL)
        return FALSE;
    if (rsc != NULL && facts->removed) {
        g_autofree char *on_node = g_strdup_printf("node=%s", node);
        add_command(out->crm, "crm_resource", "--cleanup", "--resource", rsc, "--node", node, NULL);
        add_command(out->pcs, "pcs", "resource", "cleanup", rsc, on_node, NULL);
        add_command(out->crmsh, "crm", "resource", "cleanup", rsc, node, NULL);
        return FALSE;
    }
    if (facts->removed)
        add_command(out->crm, "attrd_updater", "--node", node, "--name", name, "--delete", NULL);
    else
        add_command(out->crm, "attrd_updater", "--node", node, "--name", name, "--update", value,
                    NULL);
    return TRUE;
}

static void translate_transient(const CsOpFacts *facts, CsToolCommands *out)
{
    g_autoptr(GPtrArray) nvpairs = g_ptr_array_new();
    collect_nvpairs(facts->element, nvpairs);
    gboolean attrd = FALSE;
    for (guint i = 0; i < nvpairs->len; i++)
        attrd |= translate_one_transient(facts, g_ptr_array_index(nvpairs, i), out);
    if (attrd) {
        add_comment(out->pcs, "pcs: no command for a transient attribute; use attrd_updater above");
        add_comment(out->crmsh,
                    "crmsh: no command for a transient attribute; use attrd_updater above");
    }
}

/* A plain constraint: its own score, no rule, no set, no role. */
static gboolean plain_constraint(const xmlNode *element, const char *first, const char *second)
{
    if (cs_xml_attr(element, first) == NULL || cs_xml_attr(element, second) == NULL
        || cs_xml_attr(element, "score") == NULL || cs_xml_attr(element, "role") != NULL
        || cs_xml_attr(element, "rsc-role") != NULL
        || cs_xml_attr(element, "with-rsc-role") != NULL)
        return FALSE;
    for (xmlNode *child = element->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE)
            return FALSE;
    return TRUE;
}

static gboolean match_location(const CsOpFacts *facts)
{
    return facts->op->kind == CS_LIVE_OP_CREATE && cs_xml_is(facts->element, "rsc_location")
           && plain_constraint(facts->element, "rsc", "node");
}

/* "Location Constraints": pcs and crmsh name the id too. */
static void translate_location(const CsOpFacts *facts, CsToolCommands *out)
{
    const char *id = facts->op->id;
    const char *rsc = cs_xml_attr(facts->element, "rsc");
    const char *node = cs_xml_attr(facts->element, "node");
    const char *score = cs_xml_attr(facts->element, "score");
    g_autofree char *crmsh_score = g_strdup_printf("%s:", score);
    add_comment(out->crm, "crm_resource makes only cli-* locations; cibadmin:");
    g_autofree char *line = cs_live_op_command_line(facts->op);
    g_ptr_array_add(out->crm, g_steal_pointer(&line));
    add_command(out->pcs, "pcs", "constraint", "location", "add", id, rsc, node, score, NULL);
    add_command(out->crmsh, "crm", "configure", "location", id, rsc, crmsh_score, node, NULL);
}

static gboolean match_colocation(const CsOpFacts *facts)
{
    return facts->op->kind == CS_LIVE_OP_CREATE && cs_xml_is(facts->element, "rsc_colocation")
           && plain_constraint(facts->element, "rsc", "with-rsc");
}

/* "Colocation Constraints": RSC placed with WITH-RSC. */
static void translate_colocation(const CsOpFacts *facts, CsToolCommands *out)
{
    const char *id = facts->op->id;
    const char *rsc = cs_xml_attr(facts->element, "rsc");
    const char *with = cs_xml_attr(facts->element, "with-rsc");
    const char *score = cs_xml_attr(facts->element, "score");
    g_autofree char *pcs_id = g_strdup_printf("id=%s", id);
    g_autofree char *crmsh_score = g_strdup_printf("%s:", score);
    add_comment(out->crm, "crm_resource makes no colocation; cibadmin:");
    g_autofree char *line = cs_live_op_command_line(facts->op);
    g_ptr_array_add(out->crm, g_steal_pointer(&line));
    add_command(out->pcs, "pcs", "constraint", "colocation", "add", rsc, "with", with, score,
                pcs_id, NULL);
    add_command(out->crmsh, "crm", "configure", "colocation", id, crmsh_score, rsc, with, NULL);
}

static gboolean match_constraint_removal(const CsOpFacts *facts)
{
    return facts->removed && g_str_has_prefix((const char *)facts->element->name, "rsc_")
           && cs_xml_is(facts->element->parent, "constraints");
}

static void translate_constraint_removal(const CsOpFacts *facts, CsToolCommands *out)
{
    g_autofree char *line = cs_live_op_command_line(facts->op);
    g_ptr_array_add(out->crm, g_steal_pointer(&line));
    add_command(out->pcs, "pcs", "constraint", "delete", facts->op->id, NULL);
    add_command(out->crmsh, "crm", "configure", "delete", facts->op->id, NULL);
}

/* The set an nvpair op touches (the nvpair's parent, or the set itself). */
static xmlNode *nvpair_set(const CsOpFacts *facts)
{
    return cs_xml_is(facts->element, "nvpair") ? facts->element->parent : facts->element;
}

/* A setting a tool of cib/live_tools.c writes, in a set of this name
 * whose owner is named owner_name (NULL: a resource). */
static gboolean tool_setting(const CsOpFacts *facts, const char *set_name, const char *owner_name)
{
    xmlNode *set = nvpair_set(facts);
    xmlNode *owner = set != NULL ? set->parent : NULL;
    return facts->op->commands != NULL && cs_xml_is(set, set_name)
           && (owner_name != NULL ? cs_xml_is(owner, owner_name) : is_resource(owner));
}

/* pcs NAME=VALUE (NAME= to unset) and crmsh set/delete, per nvpair. */
static void translate_pairs(const CsOpFacts *facts, CsToolCommands *out, const char *pcs_verb,
                            const char *pcs_noun, const char *crmsh_scope, const char *crmsh_verb,
                            const char *target)
{
    g_autoptr(GPtrArray) nvpairs = nvpairs_of(facts->element);
    for (guint i = 0; i < nvpairs->len; i++) {
        const char *name = cs_xml_attr(g_ptr_array_index(nvpairs, i), "name");
        const char *value = cs_xml_attr(g_ptr_array_index(nvpairs, i), "value");
        g_autofree char *pair = g_strdup_printf("%s=%s", name, facts->removed ? "" : value);
        add_command(out->pcs, "pcs", pcs_noun, pcs_verb, target, pair, NULL);
        if (facts->removed)
            add_command(out->crmsh, "crm", crmsh_scope, crmsh_verb, target, "delete", name, NULL);
        else
            add_command(out->crmsh, "crm", crmsh_scope, crmsh_verb, target, "set", name, value,
                        NULL);
    }
}

static gboolean match_param(const CsOpFacts *facts)
{
    return tool_setting(facts, "instance_attributes", NULL);
}

/* A resource's parameters, its instance attributes (Pacemaker Explained
 * 2.1, "Resource properties"). */
static void translate_param(const CsOpFacts *facts, CsToolCommands *out)
{
    translate_pairs(facts, out, "update", "resource", "resource", "param",
                    cs_xml_attr(nvpair_set(facts)->parent, "id"));
}

static gboolean match_utilization(const CsOpFacts *facts)
{
    return tool_setting(facts, "utilization", NULL) || tool_setting(facts, "utilization", "node");
}

/* Pacemaker Explained 2.1, "Utilization and Placement Strategy". */
static void translate_utilization(const CsOpFacts *facts, CsToolCommands *out)
{
    xmlNode *owner = nvpair_set(facts)->parent;
    gboolean node = cs_xml_is(owner, "node");
    translate_pairs(facts, out, "utilization", node ? "node" : "resource",
                    node ? "node" : "resource", "utilization",
                    node ? node_uname(owner) : cs_xml_attr(owner, "id"));
}

static gboolean match_property(const CsOpFacts *facts)
{
    return tool_setting(facts, "cluster_property_set", "crm_config");
}

/* Pacemaker Explained 2.1, "Cluster Options". */
static void translate_property(const CsOpFacts *facts, CsToolCommands *out)
{
    g_autoptr(GPtrArray) nvpairs = nvpairs_of(facts->element);
    for (guint i = 0; i < nvpairs->len; i++) {
        const char *name = cs_xml_attr(g_ptr_array_index(nvpairs, i), "name");
        const char *value = cs_xml_attr(g_ptr_array_index(nvpairs, i), "value");
        g_autofree char *pair = g_strdup_printf("%s=%s", name, value);
        if (facts->removed) {
            add_command(out->pcs, "pcs", "property", "unset", name, NULL);
            add_comment(out->crmsh, "crmsh: no command removes an option; use crm_attribute above");
        } else {
            add_command(out->pcs, "pcs", "property", "set", pair, NULL);
            add_command(out->crmsh, "crm", "configure", "property", pair, NULL);
        }
    }
}

static gboolean match_ticket(const CsOpFacts *facts)
{
    return facts->op->commands != NULL && cs_xml_is(facts->element, "ticket_state");
}

/* A ticket's state: crmsh's `site ticket` runs crm_ticket; pcs leaves
 * tickets to booth. */
static void translate_ticket(const CsOpFacts *facts, CsToolCommands *out)
{
    for (guint i = 0; i < facts->op->commands->len; i++) {
        char **argv = g_ptr_array_index(facts->op->commands, i);
        const char *verb = g_strv_length(argv) > 3 ? argv[3] + 2 : "";
        add_command(out->crmsh, "crm", "site", "ticket", verb, facts->op->id, NULL);
    }
    add_comment(out->pcs,
                "pcs: tickets are booth's (pcs booth ticket grant); use crm_ticket above");
}

/* The crm lines of an op a tool commits (cib/live_tools.c) are the very
 * commands the commit runs, by program name. */
static void use_exact_commands(const CsLiveOp *op, CsToolCommands *out)
{
    if (op->commands == NULL)
        return;
    g_ptr_array_set_size(out->crm, 0);
    for (guint i = 0; i < op->commands->len; i++) {
        char **argv = g_ptr_array_index(op->commands, i);
        g_autofree char *program = g_path_get_basename(argv[0]);
        GString *line = g_string_new(program);
        for (char **word = argv + 1; *word != NULL; word++) {
            g_autofree char *quoted = cs_tools_shell_word(*word);
            g_string_append_printf(line, " %s", quoted);
        }
        g_ptr_array_add(out->crm, g_string_free(line, FALSE));
    }
}

/* Anything else (a constraint's score or rule changed): cibadmin, which
 * every site has with Pacemaker. */
static void translate_cibadmin(const CsOpFacts *facts, CsToolCommands *out)
{
    g_autofree char *line = cs_live_op_command_line(facts->op);
    g_ptr_array_add(out->crm, g_steal_pointer(&line));
    if (facts->op->commands != NULL) {
        use_exact_commands(facts->op, out);
        add_comment(out->pcs, "pcs: no command for this change; use the command above");
        add_comment(out->crmsh, "crmsh: no command for this change; use the command above");
        return;
    }
    add_comment(out->pcs, "pcs: no command for this change; use cibadmin above");
    add_comment(out->crmsh, "crmsh: no command for this change; use cibadmin above");
}

typedef struct CsEditKind {
    const char *name;
    gboolean (*match)(const CsOpFacts *facts);
    void (*translate)(const CsOpFacts *facts, CsToolCommands *out);
} CsEditKind;

static const CsEditKind edit_kinds[] = {
    {"ban", match_ban, translate_ban},
    {"prefer", match_prefer, translate_prefer},
    {"clear", match_clear, translate_clear},
    {"meta", match_meta, translate_meta},
    {"default", match_default, translate_default},
    {"node attribute", match_node_attribute, translate_node_attribute},
    {"transient attribute", match_transient, translate_transient},
    {"location", match_location, translate_location},
    {"colocation", match_colocation, translate_colocation},
    {"remove constraint", match_constraint_removal, translate_constraint_removal},
    {"param", match_param, translate_param},
    {"utilization", match_utilization, translate_utilization},
    {"property", match_property, translate_property},
    {"ticket", match_ticket, translate_ticket},
};

const char *cs_tools_translate(const CsLiveOp *op, const CsToolContext *context,
                               CsToolCommands *out)
{
    CsOpFacts facts = {op, context, NULL, op->kind == CS_LIVE_OP_DELETE};
    const CsDocument *holder = facts.removed ? context->base : context->edited;
    facts.element = holder != NULL && op->id != NULL && *op->id != '\0'
                        ? cs_document_lookup_id(holder, op->id)
                        : NULL;
    if (facts.element != NULL && strcmp((const char *)facts.element->name, op->tag) == 0) {
        for (gsize i = 0; i < G_N_ELEMENTS(edit_kinds); i++) {
            if (edit_kinds[i].match(&facts)) {
                edit_kinds[i].translate(&facts, out);
                if (!op->covered)
                    use_exact_commands(op, out);
                return edit_kinds[i].name;
            }
        }
    }
    translate_cibadmin(&facts, out);
    return "cibadmin";
}

/* ---- listing them ------------------------------------------------------- */

static void append_new(GPtrArray *lines, GHashTable *given, GString *out)
{
    for (guint i = 0; i < lines->len; i++) {
        const char *line = g_ptr_array_index(lines, i);
        if (line[0] != '#' && g_hash_table_contains(given, line))
            continue;
        g_hash_table_add(given, g_strdup(line));
        g_string_append_printf(out, "      %s\n", line);
    }
}

void cs_tools_describe(const GPtrArray *ops, const CsToolContext *context, GString *out)
{
    g_autoptr(GHashTable) given = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; i < ops->len; i++) {
        const CsLiveOp *op = g_ptr_array_index(ops, i);
        CsToolCommands commands;
        cs_tool_commands_init(&commands);
        cs_tools_translate(op, context, &commands);
        g_string_append_printf(out, "  %s\n", op->summary);
        gsize before = out->len;
        append_new(commands.crm, given, out);
        append_new(commands.pcs, given, out);
        append_new(commands.crmsh, given, out);
        if (out->len == before)
            g_string_append(out, "      (the commands above do this too)\n");
        cs_tool_commands_clear(&commands);
    }
}

/* The document as it was loaded: every edit undone, copied, and done
 * again (undo and redo give the same bytes back, cib/edit.h, and put
 * back the very nodes the model points at). */
static CsDocument *loaded_document(CsSession *session)
{
    guint depth = cs_edit_log_undo_depth(session->log);
    for (guint i = 0; i < depth; i++)
        cs_edit_undo(session->log);
    xmlChar *text = NULL;
    int length = 0;
    xmlDocDumpMemory(session->document->xml, &text, &length);
    for (guint i = 0; i < depth; i++)
        cs_edit_redo(session->log);
    CsDocument *copy = cs_document_load_memory((const char *)text, (gsize)length, "loaded", NULL);
    xmlFree(text);
    return copy;
}

void cs_tools_pending(CsSession *session, GString *out)
{
    gboolean live = cs_session_is_live(session);
    g_autoptr(CsDocument) loaded = live ? NULL : loaded_document(session);
    CsToolContext context = {live ? session->live_base : loaded, session->document,
                             cs_session_time(session)};
    g_autoptr(GPtrArray) ops =
        live ? cs_session_live_plan(session) : cs_live_plan(context.base, context.edited);
    if (ops->len == 0) {
        g_string_append(out, "no pending edits\n");
        return;
    }
    g_string_append_printf(out, "%u pending %s (%s), with crm_resource, pcs and crmsh:\n", ops->len,
                           ops->len == 1 ? "change" : "changes",
                           live ? "not committed yet" : "since the CIB was loaded");
    cs_tools_describe(ops, &context, out);
}
