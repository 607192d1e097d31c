/* cause.c: the cause chain of each Transition Summary line (cause.h).
 *
 * Pacemaker Explained 2.1 names what moves a resource: "Scores" and
 * "Deciding Which Nodes a Resource Can Run On" (locations, rules,
 * stickiness, fail counts against migration-threshold, standby and the
 * other node attributes), "Specifying the Order in which Resources
 * Should Start/Stop" (a mandatory order makes its "then" action wait on,
 * and fall with, its "first" action), "Placing Resources Relative to
 * other Resources" (a dependent follows its colocation's primary),
 * "Utilization and Placement Strategy", "Clone Options" (clone-max,
 * clone-node-max, promoted-max), "Tickets" (rsc_ticket and its
 * loss-policy), "Date Expressions" and "Resource Meta-Attributes"
 * (target-role, is-managed).  Each is told here by the CIB object that
 * carries it and its value.
 */
#include "explain/cause.h"
#include "explain/words.h"
#include "explain/remote_node.h"

#include <string.h>
#include <libxml/tree.h>
#include "cib/document.h"
#include "base/iso8601.h"
#include "model/digest.h"
#include "base/score.h"

#define CAUSE_DEPTH 4 /* chains followed further are cut short */

typedef struct Cause {
    CsSolution *solution;
    const CsModel *model;
    const CsSolution *before; /* NULL without a CIB before */
    const CsModel *before_model;
    GHashTable *visited; /* resource indices already told */
    GHashTable *where;   /* while telling every node at once:
                                      contribution key -> "node1, node2" */
    GString *out;
} Cause;

static void cause_of_action(Cause *cause, const CsPlannedAction *action, const char *indent,
                            int depth);

/* ---- names -------------------------------------------------------------- */

static const CsResource *cause_rsc(const CsModel *model, int rsc)
{
    if (rsc < 0 || (guint)rsc >= model->resources->len)
        return NULL;
    return g_ptr_array_index(model->resources, rsc);
}

static const CsNode *cause_node(const CsModel *model, int node)
{
    if (node < 0 || (guint)node >= model->nodes->len)
        return NULL;
    return g_ptr_array_index(model->nodes, node);
}

static const char *cause_rsc_id(const CsModel *model, int rsc)
{
    const CsResource *info = cause_rsc(model, rsc);
    return info != NULL ? info->id : "?";
}

static const char *cause_uname(const CsModel *model, int node)
{
    const CsNode *info = cause_node(model, node);
    return info != NULL ? info->uname : "?";
}

static void cause_line(Cause *cause, const char *indent, const char *format, ...)
    G_GNUC_PRINTF(3, 4);

static void cause_line(Cause *cause, const char *indent, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_string_append(cause->out, indent);
    g_string_append_vprintf(cause->out, format, args);
    g_string_append_c(cause->out, '\n');
    va_end(args);
}

static char *cause_deeper(const char *indent)
{
    return g_strconcat(indent, "  ", NULL);
}

/* Whether rsc is ancestor or ancestor's member, instance or itself. */
static gboolean cause_within(const CsModel *model, int rsc, int ancestor)
{
    for (const CsResource *info = cause_rsc(model, rsc); info != NULL;
         info = cause_rsc(model, info->parent))
        if (info->index == ancestor)
            return TRUE;
    return FALSE;
}

/* "Move web (node1 -> node2)" */
static void cause_action_text(const CsModel *model, const CsPlannedAction *action, GString *out)
{
    g_string_append_printf(out, "%s %s", cs_action_kind_name(action->kind),
                           action->rsc >= 0 ? cause_rsc_id(model, action->rsc)
                                            : cause_uname(model, action->from_node));
    if (action->rsc < 0)
        return;
    if (action->from_node >= 0 && action->to_node >= 0 && action->from_node != action->to_node)
        g_string_append_printf(out, " (%s -> %s)", cause_uname(model, action->from_node),
                               cause_uname(model, action->to_node));
    else if (action->from_node >= 0 || action->to_node >= 0)
        g_string_append_printf(
            out, " (%s)",
            cause_uname(model, action->from_node >= 0 ? action->from_node : action->to_node));
}

static char *cause_time_text(gint64 seconds)
{
    CsTime time = {.seconds = seconds, .offset = 0};
    return cs_time_format(time);
}

/* ---- the CIB before -------------------------------------------------------- */

static int cause_before_rsc(const Cause *cause, int rsc)
{
    if (cause->before == NULL)
        return -1;
    const CsResource *info =
        cs_model_resource(cause->before_model, cause_rsc_id(cause->model, rsc));
    return info != NULL ? info->index : -1;
}

static int cause_before_node(const Cause *cause, int node)
{
    if (cause->before == NULL)
        return -1;
    const CsNode *info = cs_model_node(cause->before_model, cause_uname(cause->model, node));
    return info != NULL ? info->index : -1;
}

/* A contribution's identity in either model: kind, source, other id. */
static char *cause_key(const CsModel *model, const CsContribution *why)
{
    return g_strdup_printf("%d|%s|%s", why->kind, why->source ? why->source : "",
                           why->other_rsc >= 0 ? cause_rsc_id(model, why->other_rsc) : "");
}

/* key -> summed score of rsc's contributions on node (NULL side: empty). */
static GHashTable *cause_table(const CsSolution *solution, int rsc, int node)
{
    GHashTable *table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    int n = 0;
    const CsContribution *list = solution != NULL && rsc >= 0 && node >= 0
                                     ? cs_solution_contributions(solution, rsc, node, &n)
                                     : NULL;
    for (int i = 0; i < n; i++) {
        char *key = cause_key(cs_solution_model(solution), &list[i]);
        CsScore *sum = g_hash_table_lookup(table, key);
        if (sum != NULL) {
            *sum = cs_score_add(*sum, list[i].value);
            g_free(key);
            continue;
        }
        sum = g_new(CsScore, 1);
        *sum = list[i].value;
        g_hash_table_insert(table, key, sum);
    }
    return table;
}

/* The #health-* attributes of node (Pacemaker Explained, "Tracking Node
 * Health"), sorted. */
static void cause_health(Cause *cause, int node, const char *indent)
{
    const CsNode *info = cause_node(cause->model, node);
    if (info == NULL || info->attrs == NULL)
        return;
    g_autoptr(GList) names = g_hash_table_get_keys(info->attrs);
    names = g_list_sort(names, (GCompareFunc)strcmp);
    for (GList *each = names; each != NULL; each = each->next)
        if (g_str_has_prefix(each->data, "#health"))
            cause_line(cause, indent, "node attribute %s=%s on %s", (const char *)each->data,
                       (const char *)g_hash_table_lookup(info->attrs, each->data), info->uname);
}

static GHashTable *cause_key_set(void)
{
    return g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
}

/* ---- describing one contribution --------------------------------------- */

static void cause_contribution(Cause *cause, int rsc, int node, const CsContribution *why,
                               const char *change, const char *indent, int depth);
static int cause_node_contributions(Cause *cause, int rsc, int node, int sign,
                                    GHashTable *told_keys, const char *indent, int depth);

static const char *cause_attr(xmlNode *element, const char *name)
{
    return (const char *)xmlGetProp(element, (const xmlChar *)name);
}

/* xmlGetProp's copies are freed by the caller; here through this. */
static void cause_free_attr(const char *value)
{
    xmlFree((xmlChar *)value);
}

static gboolean cause_element_is(const xmlNode *element, const char *name)
{
    return element->type == XML_ELEMENT_NODE && strcmp((const char *)element->name, name) == 0;
}

/* The nvpair setting meta attribute name directly in element's
 * meta_attributes, or NULL. */
static xmlNode *cause_meta_nvpair(xmlNode *element, const char *name)
{
    for (xmlNode *set = element != NULL ? element->children : NULL; set != NULL; set = set->next) {
        if (!cause_element_is(set, "meta_attributes"))
            continue;
        for (xmlNode *nvpair = set->children; nvpair != NULL; nvpair = nvpair->next) {
            if (!cause_element_is(nvpair, "nvpair"))
                continue;
            xmlChar *own = xmlGetProp(nvpair, (const xmlChar *)"name");
            gboolean match = own != NULL && strcmp((const char *)own, name) == 0;
            xmlFree(own);
            if (match)
                return nvpair;
        }
    }
    return NULL;
}

/* Where meta attribute name of rsc comes from (Pacemaker Explained,
 * "Resource Meta-Attributes": own, a parent's, or rsc_defaults):
 * " (nvpair ID of web)", " (nvpair ID in rsc_defaults)", or "". */
static char *cause_meta_source(const Cause *cause, int rsc, const char *name)
{
    xmlNode *nvpair = NULL;
    const char *owner = NULL;
    for (const CsResource *each = cause_rsc(cause->model, rsc); each != NULL && nvpair == NULL;
         each = cause_rsc(cause->model, each->parent)) {
        nvpair = cause_meta_nvpair(each->xml, name);
        owner = each->id;
    }
    if (nvpair == NULL) {
        nvpair =
            cause_meta_nvpair(cs_document_section(cause->model->document, "rsc_defaults"), name);
        owner = NULL;
    }
    xmlChar *id = nvpair != NULL ? xmlGetProp(nvpair, (const xmlChar *)"id") : NULL;
    char *text = id == NULL ? g_strdup("")
                 : owner != NULL
                     ? g_strdup_printf(" (nvpair %s of %s)", (const char *)id, owner)
                     : g_strdup_printf(" (nvpair %s in rsc_defaults)", (const char *)id);
    xmlFree(id);
    return text;
}

/* A date_spec's fields, "hours=9-17 weekdays=1-5", which repeat. */
static void cause_date_spec(Cause *cause, xmlNode *expression, const char *indent)
{
    for (xmlNode *child = expression->children; child != NULL; child = child->next) {
        if (!cause_element_is(child, "date_spec") && !cause_element_is(child, "duration"))
            continue;
        g_autoptr(GString) fields = g_string_new(NULL);
        for (xmlAttr *attr = child->properties; attr != NULL; attr = attr->next) {
            if (strcmp((const char *)attr->name, "id") == 0)
                continue;
            xmlChar *value = xmlNodeListGetString(child->doc, attr->children, 1);
            g_string_append_printf(fields, " %s=%s", (const char *)attr->name,
                                   value ? (const char *)value : "");
            xmlFree(value);
        }
        cause_line(cause, indent, "  %s:%s", (const char *)child->name, fields->str);
    }
}

/* Whether a date_expression's boundary lies between the two clocks: the
 * expression turned then (Pacemaker Explained, "Date Expressions"). */
static void cause_date_expression(Cause *cause, xmlNode *expression, const char *indent)
{
    g_autofree char *now = cause_time_text(cause->model->now.seconds);
    const char *id = cause_attr(expression, "id");
    const char *operation = cause_attr(expression, "operation");
    const char *bounds[2] = {cause_attr(expression, "start"), cause_attr(expression, "end")};
    const char *names[2] = {"start", "end"};
    g_autoptr(GString) line = g_string_new(NULL);
    g_string_append_printf(line, "date_expression %s (operation %s", id ? id : "?",
                           operation ? operation : "in_range");
    for (int i = 0; i < 2; i++)
        if (bounds[i] != NULL)
            g_string_append_printf(line, ", %s %s", names[i], bounds[i]);
    g_string_append_printf(line, "); now is %s", now);
    for (int i = 0; i < 2; i++) {
        CsTime bound;
        if (bounds[i] == NULL || !cs_time_parse(bounds[i], &bound, NULL) || cause->before == NULL)
            continue;
        gint64 was = cause->before_model->now.seconds, is = cause->model->now.seconds;
        if ((was < bound.seconds && bound.seconds <= is)
            || (is < bound.seconds && bound.seconds <= was)) {
            /* Reaching a start makes the expression true, an end false
             * (the other way when the clock went back). */
            gboolean forward = was < is;
            gboolean becomes_true = (i == 0) == forward;
            g_string_append_printf(line, ", became %s at %s (its %s)",
                                   becomes_true ? "true" : "false", bounds[i], names[i]);
        }
    }
    cause_line(cause, indent, "%s", line->str);
    cause_date_spec(cause, expression, indent);
    for (int i = 0; i < 2; i++)
        cause_free_attr(bounds[i]);
    cause_free_attr(id);
    cause_free_attr(operation);
}

/* The id of the nvpair that sets node attribute name of node: in the
 * node's configuration or its transient attributes; NULL when none. */
static xmlNode *cause_find_nvpair(xmlNode *element, const char *name)
{
    for (xmlNode *child = element != NULL ? element->children : NULL; child != NULL;
         child = child->next) {
        if (child->type != XML_ELEMENT_NODE)
            continue;
        if (cause_element_is(child, "nvpair")) {
            xmlChar *own = xmlGetProp(child, (const xmlChar *)"name");
            gboolean match = own != NULL && strcmp((const char *)own, name) == 0;
            xmlFree(own);
            if (match)
                return child;
        } else if (!cause_element_is(child, "lrm")) {
            xmlNode *found = cause_find_nvpair(child, name);
            if (found != NULL)
                return found;
        }
    }
    return NULL;
}

/* " (nvpair ID)" for node attribute name of node, or "". */
static char *cause_nvpair_text(const CsNode *node, const char *name)
{
    xmlNode *nvpair = cause_find_nvpair(node->state_xml, name);
    if (nvpair == NULL)
        nvpair = cause_find_nvpair(node->xml, name);
    xmlChar *id = nvpair != NULL ? xmlGetProp(nvpair, (const xmlChar *)"id") : NULL;
    char *text = id != NULL ? g_strdup_printf(" (nvpair %s)", (const char *)id) : g_strdup("");
    xmlFree(id);
    return text;
}

/* "expression pingdep-expr: connected lt 1; node3 has connected=0" */
static void cause_expression(Cause *cause, xmlNode *expression, int node, const char *indent)
{
    const char *id = cause_attr(expression, "id");
    const char *attribute = cause_attr(expression, "attribute");
    const char *operation = cause_attr(expression, "operation");
    const char *value = cause_attr(expression, "value");
    const CsNode *info = cause_node(cause->model, node);
    const char *has = info != NULL && attribute != NULL && info->attrs != NULL
                          ? g_hash_table_lookup(info->attrs, attribute)
                          : NULL;
    if (attribute != NULL && attribute[0] == '#')
        has = NULL;
    cause_line(cause, indent, "expression %s: %s %s%s%s", id ? id : "?",
               attribute ? attribute : "?", operation ? operation : "?", value ? " " : "",
               value ? value : "");
    if (info != NULL && has != NULL) {
        g_autofree char *nvpair = cause_nvpair_text(info, attribute);
        cause_line(cause, indent, "  node attribute %s=%s on %s%s", attribute, has, info->uname,
                   nvpair);
    }
    cause_free_attr(id);
    cause_free_attr(attribute);
    cause_free_attr(operation);
    cause_free_attr(value);
}

/* The expressions of every rule under element (a location or its
 * lifetime), each told with what it reads. */
static void cause_rules(Cause *cause, xmlNode *element, int node, const char *indent)
{
    for (xmlNode *child = element->children; child != NULL; child = child->next) {
        if (cause_element_is(child, "rule") || cause_element_is(child, "lifetime")) {
            const char *id = cause_attr(child, "id");
            const char *score = cause_attr(child, "score");
            if (cause_element_is(child, "rule"))
                cause_line(cause, indent, "rule %s%s%s", id ? id : "?", score ? " score " : "",
                           score ? score : "");
            else
                cause_line(cause, indent, "lifetime %s: the constraint applies only while it holds",
                           id ? id : "?");
            cause_free_attr(id);
            cause_free_attr(score);
            g_autofree char *deeper = cause_deeper(indent);
            cause_rules(cause, child, node, deeper);
        } else if (cause_element_is(child, "date_expression")) {
            cause_date_expression(cause, child, indent);
        } else if (cause_element_is(child, "expression")) {
            cause_expression(cause, child, node, indent);
        }
    }
}

/* A location constraint, found in the CIB after (or before, when it is
 * gone), with its rules and lifetime. */
static void cause_location(Cause *cause, const char *id, int node, const char *indent)
{
    xmlNode *element = cs_document_lookup_id(cause->model->document, id);
    if (element == NULL && cause->before != NULL)
        element = cs_document_lookup_id(cause->before_model->document, id);
    if (element == NULL)
        return;
    const char *pattern = cause_attr(element, "rsc-pattern");
    if (pattern != NULL)
        cause_line(cause, indent, "rsc-pattern %s", pattern);
    cause_free_attr(pattern);
    cause_rules(cause, element, node, indent);
}

static const char *cause_ticket_state(const CsModel *model, const char *ticket_id)
{
    for (guint i = 0; i < model->tickets->len; i++) {
        const CsTicket *ticket = g_ptr_array_index(model->tickets, i);
        if (strcmp(ticket->id, ticket_id) != 0)
            continue;
        if (!ticket->granted)
            return "revoked (granted=false)";
        return ticket->standby ? "in standby" : "granted";
    }
    return "never granted";
}

/* The rsc_ticket constraints that reach rsc (Pacemaker Explained,
 * "Tickets"). */
static void cause_ticket(Cause *cause, int rsc, const char *indent)
{
    for (guint i = 0; i < cause->model->ticket_constraints->len; i++) {
        const CsTicketConstraint *constraint =
            g_ptr_array_index(cause->model->ticket_constraints, i);
        if (!cause_within(cause->model, rsc, constraint->rsc))
            continue;
        const char *is = cause_ticket_state(cause->model, constraint->ticket);
        const char *was = cause->before != NULL
                              ? cause_ticket_state(cause->before_model, constraint->ticket)
                              : NULL;
        g_autoptr(GString) line = g_string_new(NULL);
        g_string_append_printf(line, "rsc_ticket %s: ticket %s ", constraint->id,
                               constraint->ticket);
        if (was != NULL && strcmp(was, is) != 0)
            g_string_append_printf(line, "went from %s to %s", was, is);
        else
            g_string_append_printf(line, "is %s", is);
        g_string_append_printf(line, ", loss-policy %s",
                               constraint->loss_policy ? constraint->loss_policy : "stop");
        cause_line(cause, indent, "%s", line->str);
    }
}

/* Fail counts of rsc on node against migration-threshold (Pacemaker
 * Explained, "Failure Response"). */
static void cause_fail_counts(Cause *cause, int rsc, int node, const char *indent)
{
    const CsResource *info = cause_rsc(cause->model, rsc);
    for (guint i = 0; i < cause->model->fail_counts->len; i++) {
        const CsFailCount *count = g_ptr_array_index(cause->model->fail_counts, i);
        if (count->node != node || (count->rsc != rsc && g_strcmp0(count->rsc_id, info->id) != 0))
            continue;
        g_autoptr(GString) line = g_string_new(NULL);
        g_string_append_printf(line, "%s: fail count %d of %s", info->id, count->count,
                               count->operation ? count->operation : "every operation");
        if (count->operation != NULL && count->interval_ms > 0)
            g_string_append_printf(line, " (interval %ums)", count->interval_ms);
        g_autofree char *set = cause_meta_source(cause, rsc, "migration-threshold");
        g_string_append_printf(line, " on %s against migration-threshold %d%s",
                               cause_uname(cause->model, node), info->migration_threshold, set);
        if (count->last_failure > 0) {
            g_autofree char *last = cause_time_text(count->last_failure);
            g_string_append_printf(line, ", last failure %s", last);
            if (info->failure_timeout_s > 0) {
                gint64 when = count->last_failure + info->failure_timeout_s;
                g_autofree char *expiry = cause_time_text(when);
                g_string_append_printf(line, ", %s %s (failure-timeout %" G_GINT64_FORMAT "s)",
                                       when <= cause->model->now.seconds ? "expired at" : "expires",
                                       expiry, info->failure_timeout_s);
            } else {
                g_string_append(line, ", never expires (no failure-timeout)");
            }
        }
        cause_line(cause, indent, "%s", line->str);
    }
}

static gint64 cause_utilization_value(GHashTable *table, const char *name)
{
    const char *text = table != NULL ? g_hash_table_lookup(table, name) : NULL;
    return text != NULL ? g_ascii_strtoll(text, NULL, 10) : 0;
}

/* What the resources assigned to node (rsc aside) hold of name, and who
 * holds it, appended to line. */
static gint64 cause_held(Cause *cause, int rsc, int node, const char *name, GString *holders)
{
    gint64 held = 0;
    for (guint i = 0; i < cause->model->resources->len; i++) {
        const CsResource *other = g_ptr_array_index(cause->model->resources, i);
        if ((int)i == rsc || other->kind != CS_RSC_PRIMITIVE
            || cs_solution_assigned_node(cause->solution, (int)i) != node)
            continue;
        gint64 value = cause_utilization_value(other->utilization, name);
        if (value <= 0)
            continue;
        held += value;
        g_string_append_printf(holders, "%s%s %" G_GINT64_FORMAT, holders->len ? ", " : "",
                               other->id, value);
    }
    return held;
}

/* Pacemaker Explained, "Utilization and Placement Strategy": what rsc
 * needs, what each node has free, and which resources hold the rest. */
static void cause_utilization(Cause *cause, int rsc, const char *indent)
{
    const CsResource *info = cause_rsc(cause->model, rsc);
    if (info == NULL || info->utilization == NULL || g_hash_table_size(info->utilization) == 0)
        return;
    GHashTableIter iter;
    gpointer name, value;
    g_hash_table_iter_init(&iter, info->utilization);
    while (g_hash_table_iter_next(&iter, &name, &value)) {
        cause_line(cause, indent, "%s needs %s %s (utilization, placement-strategy)", info->id,
                   (const char *)name, (const char *)value);
        for (guint n = 0; n < cause->model->nodes->len; n++) {
            const CsNode *node = g_ptr_array_index(cause->model->nodes, n);
            g_autoptr(GString) holders = g_string_new(NULL);
            gint64 capacity = cause_utilization_value(node->utilization, name);
            gint64 held = cause_held(cause, rsc, (int)n, name, holders);
            cause_line(cause, indent,
                       "  %s has %" G_GINT64_FORMAT " of %" G_GINT64_FORMAT " %s free%s%s%s",
                       node->uname, capacity - held, capacity, (const char *)name,
                       holders->len ? " (held by " : "", holders->str, holders->len ? ")" : "");
        }
    }
}

/* "cl-rsc:2" -> 2, or -1 */
static int cause_instance_number(const char *id)
{
    const char *colon = strrchr(id, ':');
    return colon != NULL && g_ascii_isdigit(colon[1]) ? atoi(colon + 1) : -1;
}

/* Pacemaker Explained, "Clone Options": an instance beyond clone-max, a
 * node full at clone-node-max, the promoted-max. */
static void cause_clone_limit(Cause *cause, int rsc, const char *indent)
{
    const CsResource *info = cause_rsc(cause->model, rsc);
    const CsResource *clone = info;
    while (clone != NULL && clone->kind != CS_RSC_CLONE)
        clone = cause_rsc(cause->model, clone->parent);
    if (clone == NULL || info == clone)
        return;
    int number = cause_instance_number(info->id);
    const CsResource *was =
        cause->before != NULL ? cs_model_resource(cause->before_model, clone->id) : NULL;
    g_autoptr(GString) line = g_string_new(NULL);
    g_string_append_printf(line, "clone %s: clone-max %d", clone->id, clone->clone_max);
    if (was != NULL && was->clone_max != clone->clone_max)
        g_string_append_printf(line, " (was %d)", was->clone_max);
    g_string_append_printf(line, ", clone-node-max %d", clone->clone_node_max);
    if (was != NULL && was->clone_node_max != clone->clone_node_max)
        g_string_append_printf(line, " (was %d)", was->clone_node_max);
    if (clone->promotable) {
        g_string_append_printf(line, ", promoted-max %d", clone->promoted_max);
        if (was != NULL && was->promoted_max != clone->promoted_max)
            g_string_append_printf(line, " (was %d)", was->promoted_max);
    }
    static const char *const limits[] = {"clone-max", "clone-node-max", "promoted-max"};
    for (gsize i = 0; i < G_N_ELEMENTS(limits); i++) {
        xmlNode *nvpair = cause_meta_nvpair(clone->xml, limits[i]);
        xmlChar *id = nvpair != NULL ? xmlGetProp(nvpair, (const xmlChar *)"id") : NULL;
        if (id != NULL)
            g_string_append_printf(line, "; %s set by nvpair %s", limits[i], (const char *)id);
        xmlFree(id);
    }
    if (number >= clone->clone_max)
        g_string_append_printf(line, ": instance %s is beyond clone-max", info->id);
    cause_line(cause, indent, "%s", line->str);
}

/* Why the transition fences node, as its Fence line says. */
static const char *cause_fence_reason(Cause *cause, int node)
{
    const CsTransition *transition = cs_solution_transition(cause->solution);
    for (guint i = 0; i < cs_transition_length(transition); i++) {
        const CsPlannedAction *action = cs_transition_action(transition, i);
        if (action->rsc < 0 && action->from_node == node && action->reason != NULL)
            return action->reason;
    }
    return "no fencing is planned yet";
}

/* What a node event does to every resource on it (Pacemaker Explained,
 * "Node Attributes" and "Fencing"). */
static gboolean cause_node_event(Cause *cause, int node, const char *indent)
{
    const CsNode *info = cause_node(cause->model, node);
    if (info == NULL)
        return FALSE;
    const CsNode *was =
        cause->before != NULL ? cs_model_node(cause->before_model, info->uname) : NULL;
    const char *event = NULL;
    if (info->unclean) {
        cause_line(cause, indent, "node %s %sis unclean: it will be fenced (%s)", info->uname,
                   !info->online ? "left the cluster (offline) and " : "",
                   cause_fence_reason(cause, node));
        return TRUE;
    } else if (!info->online)
        event = was != NULL && was->online ? "left the cluster (offline)" : "is offline";
    else if (info->standby && !info->standby_onfail) {
        g_autofree char *nvpair = cause_nvpair_text(info, "standby");
        cause_line(cause, indent, "node %s is in standby: standby=on%s", info->uname, nvpair);
        return TRUE;
    } else if (info->standby)
        event = "is in standby (on-fail=standby)";
    else if (info->maintenance)
        event = "is in maintenance (maintenance=on)";
    else if (info->shutdown)
        event = "is shutting down";
    if (event == NULL)
        return FALSE;
    cause_line(cause, indent, "node %s %s", info->uname, event);
    return TRUE;
}

static const char *cause_change_text(CsScore value, char *buf)
{
    return cs_score_format(value, buf);
}

/* A resource whose history holds a failure it cannot get past
 * (Pacemaker Explained, "Failure Response": on-fail=block leaves it as
 * it is), told by the failed operation. */
static void cause_failed_state(Cause *cause, int rsc, const char *indent)
{
    for (guint i = 0; i < cause->model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(cause->model->rsc_states, i);
        if (state->rsc != rsc || (!state->failed && !state->blocked))
            continue;
        const CsOpRecord *failure = state->last_failure;
        cause_line(cause, indent, "%s on %s: %s failed%s%s", cause_rsc_id(cause->model, rsc),
                   cause_uname(cause->model, state->node),
                   failure != NULL ? failure->operation : "an operation",
                   state->on_fail_applied != NULL ? ", on-fail=" : "",
                   state->on_fail_applied != NULL ? state->on_fail_applied : "");
        if (state->blocked)
            cause_line(cause, indent,
                       "%s is blocked: nothing is done to it until the failure is "
                       "cleaned up",
                       cause_rsc_id(cause->model, rsc));
    }
}

/* A colocation's primary and why it goes where it goes: the next link. */
static void cause_primary(Cause *cause, int other, const char *indent, int depth)
{
    if (other < 0 || depth >= CAUSE_DEPTH
        || g_hash_table_contains(cause->visited, GINT_TO_POINTER(other)))
        return;
    const CsTransition *transition = cs_solution_transition(cause->solution);
    const CsResource *info = cause_rsc(cause->model, other);
    int first = other;
    if (info != NULL && info->kind == CS_RSC_GROUP && info->children->len > 0)
        first = g_array_index(info->children, int, 0);
    guint n = 0;
    const CsPlannedAction *const *actions = cs_transition_actions_of(transition, first, &n);
    if (n == 0) {
        int node = cs_solution_assigned_node(cause->solution, other);
        cause_line(cause, indent, "%s stays %s%s", cause_rsc_id(cause->model, other),
                   node >= 0 ? "on " : "stopped", node >= 0 ? cause_uname(cause->model, node) : "");
        g_autofree char *deeper = cause_deeper(indent);
        cause_failed_state(cause, first, deeper);
        return;
    }
    GHashTable *where = cause->where;
    cause->where = NULL; /* another resource's nodes */
    cause_of_action(cause, actions[0], indent, depth + 1);
    cause->where = where;
}

/* Pacemaker Explained, "Placing Resources Relative to other Resources":
 * the dependent takes its primary's placement; then why the primary goes
 * where it goes. */
static void cause_colocation(Cause *cause, const CsResource *info, const CsContribution *why,
                             const char *source, const char *where, const char *change,
                             const char *indent, int depth)
{
    const CsColocation *constraint = NULL;
    for (guint i = 0; i < cause->model->colocations->len && constraint == NULL; i++) {
        const CsColocation *each = g_ptr_array_index(cause->model->colocations, i);
        if (g_strcmp0(each->id, source) == 0)
            constraint = each;
    }
    const char *other = cause_rsc_id(cause->model, why->other_rsc);
    char value[CS_SCORE_BUFSIZE], score[CS_SCORE_BUFSIZE];
    cs_score_format(why->value, value);
    if (constraint != NULL)
        cause_line(cause, indent, "colocation %s (%s with %s, score %s): %s on %s%s", source,
                   info->id, other, cs_score_format(constraint->score, score), value, where,
                   change);
    else
        cause_line(cause, indent, "placed with %s (%s): %s on %s%s", other, source, value, where,
                   change);
    g_autofree char *deeper = cause_deeper(indent);
    cause_primary(cause, why->other_rsc, deeper, depth);
}

/* Another resource's own scores counted into this one's (a colocation's
 * dependent weighs in on its primary, group members on each other), and
 * what changed in them on node. */
static void cause_colocated(Cause *cause, int node, const CsContribution *why, const char *source,
                            const char *where, const char *change, const char *indent, int depth)
{
    char value[CS_SCORE_BUFSIZE];
    cs_score_format(why->value, value);
    gboolean group = strcmp(source, "group members run together") == 0;
    cause_line(cause, indent, "%s's own scores on %s count here (%s, factor %g): %s%s",
               cause_rsc_id(cause->model, why->other_rsc), where,
               group ? "a member of the same group" : source, why->factor, value, change);
    if (depth >= CAUSE_DEPTH || why->other_rsc < 0
        || g_hash_table_contains(cause->visited, GINT_TO_POINTER(why->other_rsc)))
        return;
    g_autoptr(GHashTable) told = cause_key_set();
    g_autofree char *deeper = cause_deeper(indent);
    GHashTable *where_names = cause->where;
    cause->where = NULL; /* another resource's nodes */
    g_hash_table_add(cause->visited, GINT_TO_POINTER(why->other_rsc));
    cause_node_contributions(cause, why->other_rsc, node, -1, told, deeper, depth + 1);
    g_hash_table_remove(cause->visited, GINT_TO_POINTER(why->other_rsc));
    cause->where = where_names;
}

static void cause_contribution(Cause *cause, int rsc, int node, const CsContribution *why,
                               const char *change, const char *indent, int depth)
{
    char value[CS_SCORE_BUFSIZE];
    const char *score = cause_change_text(why->value, value);
    g_autofree char *key = cause_key(cause->model, why);
    const char *where = cause->where != NULL && g_hash_table_contains(cause->where, key)
                            ? g_hash_table_lookup(cause->where, key)
                            : cause_uname(cause->model, node);
    g_autofree char *shown = cs_cause_source_text(cause->model, rsc, why);
    const char *source = shown;
    const CsResource *info = cause_rsc(cause->model, rsc);
    g_autofree char *deeper = cause_deeper(indent);
    switch (why->kind) {
    case CS_CONTRIB_LOCATION:
    case CS_CONTRIB_RULE:
        cause_line(cause, indent, "location %s: %s on %s%s", source, score, where, change);
        cause_location(cause, source, node, deeper);
        break;
    case CS_CONTRIB_STATUS_BAN:
        cause_line(cause, indent, "the status section bans %s from %s (%s)%s", info->id, where,
                   source, change);
        break;
    case CS_CONTRIB_STICKINESS: {
        g_autofree char *set = cause_meta_source(cause, rsc, "resource-stickiness");
        cause_line(cause, indent, "resource-stickiness %s%s of %s on %s, where it runs%s", score,
                   set, info->id, where, change);
        break;
    }
    case CS_CONTRIB_FAIL_LIMIT:
        cause_line(cause, indent, "fail count reached migration-threshold on %s: %s%s", where,
                   score, change);
        cause_fail_counts(cause, rsc, node, deeper);
        break;
    case CS_CONTRIB_TICKET:
        cause_line(cause, indent, "ticket: %s on %s%s", score, where, change);
        cause_ticket(cause, rsc, deeper);
        break;
    case CS_CONTRIB_UTILIZATION:
        cause_line(cause, indent, "not enough capacity on %s%s", where, change);
        break;
    case CS_CONTRIB_CLONE:
        cause_line(cause, indent, "clone limit on %s (%s): %s%s", where, source, score, change);
        cause_clone_limit(cause, rsc, deeper);
        break;
    case CS_CONTRIB_TARGET_ROLE: {
        /* The meta attribute is inherited: name the resource that sets it. */
        const CsResource *owner = info;
        for (const CsResource *up = cause_rsc(cause->model, info->parent); up != NULL;
             up = cause_rsc(cause->model, up->parent))
            if (up->target_role == info->target_role)
                owner = up;
        g_autofree char *set = cause_meta_source(cause, rsc, "target-role");
        cause_line(cause, indent, "target-role=%s of %s%s%s",
                   cs_role_name(info->target_role != CS_ROLE_UNKNOWN ? info->target_role
                                                                     : CS_ROLE_STOPPED),
                   owner->id, set, change);
        break;
    }
    case CS_CONTRIB_UNMANAGED:
        cause_line(cause, indent,
                   "%s is not managed (is-managed=false or maintenance): kept "
                   "where it is%s",
                   info->id, change);
        break;
    case CS_CONTRIB_COLOCATION:
        cause_colocation(cause, info, why, source, where, change, indent, depth);
        break;
    case CS_CONTRIB_COLOCATED:
        cause_colocated(cause, node, why, source, where, change, indent, depth);
        break;
    case CS_CONTRIB_HEALTH:
        cause_line(cause, indent, "node health of %s (node-health-strategy=%s): %s%s", where,
                   cs_words_health_strategy(cause->model->options.node_health_strategy), score,
                   change);
        cause_health(cause, node, deeper);
        break;
    case CS_CONTRIB_NODE_WEIGHT:
        cause_line(cause, indent, "node %s's score: %s%s", where, score, change);
        break;
    case CS_CONTRIB_PROMOTION:
        cause_line(cause, indent, "promotion score %s (%s) on %s%s", source, score, where, change);
        break;
    default:
        cause_line(cause, indent, "%s %s: %s on %s%s", cs_contribution_kind_name(why->kind), source,
                   score, where, change);
        break;
    }
}

/* ---- the contributions that decide one node ------------------------------ */

/* The contributions to rsc's score on node that changed since the CIB
 * before (new, other value), then those gone; without it, those of
 * the given sign.  Returns how many were told. */
static int cause_node_contributions(Cause *cause, int rsc, int node, int sign,
                                    GHashTable *told_keys, const char *indent, int depth)
{
    int n = 0, told = 0;
    const CsContribution *list = cs_solution_contributions(cause->solution, rsc, node, &n);
    g_autoptr(GHashTable) was = cause->before != NULL
                                    ? cause_table(cause->before, cause_before_rsc(cause, rsc),
                                                  cause_before_node(cause, node))
                                    : NULL;
    g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (int i = 0; i < n; i++) {
        const CsContribution *why = &list[i];
        char *key = cause_key(cause->model, why);
        if (!g_hash_table_add(seen, key) || g_hash_table_contains(told_keys, key))
            continue;
        const CsScore *old = was != NULL ? g_hash_table_lookup(was, key) : NULL;
        char buf[CS_SCORE_BUFSIZE];
        g_autofree char *change = NULL;
        if (was != NULL) {
            if (old != NULL && *old == why->value)
                continue;
            change = old == NULL ? g_strdup(" (new)")
                                 : g_strdup_printf(" (was %s)", cs_score_format(*old, buf));
        } else if (why->kind == CS_CONTRIB_DEFAULT || why->value == 0
                   || (sign < 0) != (why->value < 0)) {
            continue;
        }
        g_hash_table_add(told_keys, g_strdup(key));
        cause_contribution(cause, rsc, node, why, change ? change : "", indent, depth);
        told++;
    }
    if (was == NULL)
        return told;
    GHashTableIter iter;
    gpointer key, value;
    g_hash_table_iter_init(&iter, was);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        if (g_hash_table_contains(seen, key) || !g_hash_table_add(told_keys, g_strdup(key)))
            continue;
        g_auto(GStrv) parts = g_strsplit(key, "|", 3);
        CsContribution gone = {.kind = (CsContributionKind)atoi(parts[0]),
                               .source = parts[1],
                               .other_rsc = -1,
                               .value = *(CsScore *)value};
        const CsResource *other = parts[2][0] ? cs_model_resource(cause->model, parts[2]) : NULL;
        gone.other_rsc = other != NULL ? other->index : -1;
        cause_contribution(cause, rsc, node, &gone, " (gone: no longer applies)", indent, depth);
        told++;
    }
    return told;
}

/* What pushes rsc off node (sign -1) or draws it there (+1) as it is,
 * whatever changed. */
static int cause_as_it_is(Cause *cause, int rsc, int node, int sign, GHashTable *told_keys,
                          const char *indent, int depth)
{
    const CsSolution *before = cause->before;
    cause->before = NULL;
    int told = cause_node_contributions(cause, rsc, node, sign, told_keys, indent, depth);
    cause->before = before;
    return told;
}

/* "VERB NODE (its score there: SCORE)": the line that opens a node's
 * part of the cause. */
static void cause_node_heading(Cause *cause, const char *verb, int rsc, int node,
                               const char *indent)
{
    char score[CS_SCORE_BUFSIZE];
    cs_score_format(cs_solution_score(cause->solution, rsc, node), score);
    cause_line(cause, indent, "%s %s (its score there: %s)", verb, cause_uname(cause->model, node),
               score);
}

/* The node rsc leaves: a node event, else what changed there. */
static void cause_leaves(Cause *cause, int rsc, int node, const char *indent, int depth)
{
    cause_node_heading(cause, "leaves", rsc, node, indent);
    g_autofree char *deeper = cause_deeper(indent);
    if (cause_node_event(cause, node, deeper))
        return;
    g_autoptr(GHashTable) told = cause_key_set();
    if (cause_node_contributions(cause, rsc, node, -1, told, deeper, depth) == 0
        && (cause->before == NULL
            || cause_as_it_is(cause, rsc, node, -1, told, deeper, depth) == 0))
        cause_line(cause, deeper, "nothing keeps it off %s: another node scores higher",
                   cause_uname(cause->model, node));
}

/* The node rsc goes to, and what changed there. */
static void cause_reaches(Cause *cause, int rsc, int node, const char *indent, int depth)
{
    cause_node_heading(cause, "goes to", rsc, node, indent);
    g_autofree char *deeper = cause_deeper(indent);
    g_autoptr(GHashTable) told = cause_key_set();
    if (cause_node_contributions(cause, rsc, node, 1, told, deeper, depth) == 0
        && (cause->before == NULL || cause_as_it_is(cause, rsc, node, 1, told, deeper, depth) == 0))
        /* Pacemaker Explained, "Which node is preferred" and
         * "Utilization and Placement Strategy". */
        cause_line(cause, deeper, "it scores highest of the nodes left; among equal scores %s",
                   cause->model->options.placement_strategy == CS_PLACEMENT_DEFAULT
                       ? "the node with fewer resources assigned is chosen"
                       : "placement-strategy weighs free capacity, then fewer resources assigned");
}

/* key -> the nodes where rsc has a contribution of that key, by name. */
static GHashTable *cause_where_table(const Cause *cause, int rsc)
{
    GHashTable *where = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    for (guint node = 0; node < cause->model->nodes->len; node++) {
        int n = 0;
        const CsContribution *list =
            cs_solution_scored(cause->solution, rsc, (int)node)
                ? cs_solution_contributions(cause->solution, rsc, (int)node, &n)
                : NULL;
        for (int i = 0; i < n; i++) {
            char *key = cause_key(cause->model, &list[i]);
            const char *names = g_hash_table_lookup(where, key);
            const char *uname = cause_uname(cause->model, (int)node);
            if (names == NULL) {
                g_hash_table_insert(where, key, g_strdup(uname));
                continue;
            }
            if (!g_str_has_suffix(names, uname))
                g_hash_table_insert(where, g_strdup(key), g_strdup_printf("%s, %s", names, uname));
            g_free(key);
        }
    }
    return where;
}

/* rsc runs nowhere: per node what keeps it off, each cause told once. */
static void cause_nowhere(Cause *cause, int rsc, const char *indent, int depth)
{
    g_autoptr(GHashTable) where = cause_where_table(cause, rsc);
    GHashTable *outer = cause->where;
    cause->where = where;
    gsize start = cause->out->len;
    cause_line(cause, indent, "can run on no node:");
    g_autofree char *deeper = cause_deeper(indent);
    g_autoptr(GHashTable) told = cause_key_set();
    int count = 0;
    for (guint node = 0; node < cause->model->nodes->len; node++)
        if (cs_solution_scored(cause->solution, rsc, (int)node))
            count += cause_node_contributions(cause, rsc, (int)node, -1, told, deeper, depth);
    for (guint node = 0; count == 0 && node < cause->model->nodes->len; node++)
        if (cs_solution_scored(cause->solution, rsc, (int)node))
            count += cause_as_it_is(cause, rsc, (int)node, -1, told, deeper, depth);
    if (count == 0)
        g_string_truncate(cause->out, start);
    cause->where = outer;
}

/* ---- promotion ------------------------------------------------------------ */

/* The other instances of clone that stop or demote in this transition:
 * an instance leaving a node (its health, standby) makes room for a
 * promotion elsewhere. */
static void cause_other_instances(Cause *cause, const CsResource *clone, int rsc,
                                  const char *indent, int depth)
{
    const CsTransition *transition = cs_solution_transition(cause->solution);
    for (guint i = 0; i < clone->children->len && depth < CAUSE_DEPTH; i++) {
        int instance = g_array_index(clone->children, int, i);
        guint n = 0;
        const CsPlannedAction *const *actions = cs_transition_actions_of(transition, instance, &n);
        for (guint j = 0; j < n; j++)
            if (instance != rsc && actions[j]->kind == CS_ACTION_STOP)
                cause_of_action(cause, actions[j], indent, depth + 1);
    }
}

/* key -> score of instance's promotion score, its priorities expanded. */
static GHashTable *cause_promotion_table(const CsSolution *solution, int instance)
{
    GHashTable *table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    int n = 0, node = -1;
    CsScore score;
    if (solution == NULL || instance < 0
        || !cs_solution_promotion_score(solution, instance, &node, &score))
        return table;
    const CsContribution *list = cs_solution_promotion_contributions(solution, instance, &n);
    for (int i = 0; i < n; i++) {
        int m = 0;
        const CsContribution *inner =
            list[i].kind == CS_CONTRIB_PROMOTION && list[i].other_rsc >= 0
                ? cs_solution_promotion_priority(solution, list[i].other_rsc, &m)
                : NULL;
        for (int j = 0; j < (m > 0 ? m : 1); j++) {
            const CsContribution *why = m > 0 ? &inner[j] : &list[i];
            g_autofree char *source =
                cs_cause_source_text(cs_solution_model(solution), instance, why);
            char *key = g_strdup_printf("%s|%s", cs_contribution_kind_name(why->kind), source);
            CsScore *value = g_new(CsScore, 1);
            *value = why->value;
            g_hash_table_replace(table, key, value);
        }
    }
    return table;
}

/* Pacemaker Explained, "Promotable clones": the instance with the
 * highest promotion score is promoted, up to promoted-max.  Each
 * instance's score, and what changed in it. */
static void cause_promotion(Cause *cause, int rsc, const char *indent, int depth)
{
    const CsResource *info = cause_rsc(cause->model, rsc);
    const CsResource *clone = info != NULL ? cause_rsc(cause->model, info->parent) : NULL;
    while (clone != NULL && clone->kind != CS_RSC_CLONE)
        clone = cause_rsc(cause->model, clone->parent);
    if (clone == NULL)
        return;
    const CsResource *clone_was =
        cause->before != NULL ? cs_model_resource(cause->before_model, clone->id) : NULL;
    g_autofree char *was_max = clone_was != NULL && clone_was->promoted_max != clone->promoted_max
                                   ? g_strdup_printf(", was %d", clone_was->promoted_max)
                                   : g_strdup("");
    cause_line(cause, indent,
               "the highest promotion scores are promoted (promoted-max %d%s of %s):",
               clone->promoted_max, was_max, clone->id);
    cause_ticket(cause, rsc, indent);
    g_autofree char *deeper = cause_deeper(indent);
    for (guint i = 0; i < clone->children->len; i++) {
        int instance = g_array_index(clone->children, int, i);
        int node = -1;
        CsScore score;
        char buf[CS_SCORE_BUFSIZE], old[CS_SCORE_BUFSIZE];
        if (!cs_solution_promotion_score(cause->solution, instance, &node, &score) || node < 0)
            continue;
        cause_line(cause, deeper, "%s on %s: promotion score %s",
                   cause_rsc_id(cause->model, instance), cause_uname(cause->model, node),
                   cs_score_format(score, buf));
        g_autoptr(GHashTable) is = cause_promotion_table(cause->solution, instance);
        g_autoptr(GHashTable) was =
            cause_promotion_table(cause->before, cause_before_rsc(cause, instance));
        GHashTableIter iter;
        gpointer key, value;
        g_hash_table_iter_init(&iter, is);
        while (g_hash_table_iter_next(&iter, &key, &value)) {
            const CsScore *before = g_hash_table_lookup(was, key);
            if (cause->before != NULL && before != NULL && *before == *(CsScore *)value)
                continue;
            g_auto(GStrv) parts = g_strsplit(key, "|", 2);
            gboolean attribute =
                g_str_has_prefix(parts[1], "master-") || g_str_has_prefix(parts[1], "promotion-");
            cause_line(cause, deeper, "  %s %s: %s%s%s%s", attribute ? "node attribute" : parts[0],
                       parts[1], cs_score_format(*(CsScore *)value, buf),
                       before != NULL          ? " (was "
                       : cause->before != NULL ? " (new"
                                               : "",
                       before != NULL ? cs_score_format(*before, old) : "",
                       cause->before != NULL ? ")" : "");
        }
    }
    cause_other_instances(cause, clone, rsc, deeper, depth);
}

/* ---- orders ---------------------------------------------------------------- */

static const char *cause_order_kind(CsOrderKind kind)
{
    return kind == CS_ORDER_MANDATORY  ? "Mandatory"
           : kind == CS_ORDER_OPTIONAL ? "Optional"
                                       : "Serialize";
}

/* The reason "unrunnable app1 start" or "required app1 stop": the order
 * constraints from app1 to the action's resource, and why app1's action
 * is as it is, followed upstream. */
static gboolean cause_order(Cause *cause, const CsPlannedAction *action, const char *indent,
                            int depth)
{
    if (action->reason == NULL)
        return FALSE;
    g_auto(GStrv) words = g_strsplit(action->reason, " ", 3);
    if (g_strv_length(words) < 3
        || (strcmp(words[0], "unrunnable") != 0 && strcmp(words[0], "required") != 0))
        return FALSE;
    const CsResource *upstream = cs_model_resource(cause->model, words[1]);
    if (upstream == NULL)
        return FALSE;
    int told = 0;
    for (guint i = 0; i < cause->model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(cause->model->orders, i);
        if (!cause_within(cause->model, upstream->index, order->first)
            || !cause_within(cause->model, action->rsc, order->then))
            continue;
        cause_line(cause, indent, "order %s (%s %s then %s %s, %s%s): %s waits on %s %s (%s)",
                   order->id, cause_rsc_id(cause->model, order->first),
                   order->first_action ? order->first_action : "start",
                   cause_rsc_id(cause->model, order->then),
                   order->then_action ? order->then_action : "start", cause_order_kind(order->kind),
                   order->symmetrical ? ", symmetrical" : "",
                   cause_rsc_id(cause->model, action->rsc), upstream->id, words[2],
                   strcmp(words[0], "unrunnable") == 0 ? "it cannot run" : "it is required");
        told++;
    }
    if (told == 0)
        cause_line(cause, indent, "waits on %s %s (%s):", upstream->id, words[2], words[0]);
    g_autofree char *deeper = cause_deeper(indent);
    cause_primary(cause, upstream->index, deeper, depth);
    return TRUE;
}

static gboolean state_agent_changed(const Cause *cause, int rsc)
{
    for (guint i = 0; i < cause->model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(cause->model->rsc_states, i);
        if (state->rsc == rsc && state->agent_changed)
            return TRUE;
    }
    return FALSE;
}

/* ---- quorum, definitions -------------------------------------------------- */

/* Pacemaker Explained, "Cluster Options": without quorum the partition
 * does what no-quorum-policy says. */
static gboolean cause_quorum(Cause *cause, const CsPlannedAction *action, const char *indent)
{
    static const char *const policies[] = {"stop", "ignore", "freeze", "suicide", "demote"};
    if (action->reason == NULL || strstr(action->reason, "quorum") == NULL)
        return FALSE;
    CsNoQuorumPolicy policy = cause->model->options.no_quorum_policy;
    cause_line(cause, indent, "the partition has no quorum (have-quorum=%s), no-quorum-policy=%s",
               cause->model->options.have_quorum ? "1" : "0",
               (guint)policy < G_N_ELEMENTS(policies) ? policies[policy] : "?");
    return TRUE;
}

/* Pacemaker Explained 2.1, "Unfencing": a resource requiring unfencing
 * starts on a node only once the node is unfenced, so a restart "due to
 * required stonith" follows the node's unfencing: on a remote node, the
 * one a device providing unfencing changed since (its #digests-all). */
static gboolean cause_unfencing(Cause *cause, const CsPlannedAction *action, const char *indent)
{
    int node = action->from_node >= 0 ? action->from_node : action->to_node;
    const CsNode *info = node >= 0 ? g_ptr_array_index(cause->model->nodes, node) : NULL;
    const CsResource *device =
        info != NULL ? cs_unfencing_device_changed(cause->model, info) : NULL;

    if (g_strcmp0(action->reason, "required stonith") != 0 || device == NULL)
        return FALSE;
    cause_line(cause, indent,
               "%s is unfenced again first: the parameters of %s (provides=unfencing) "
               "changed since it was unfenced (#digests-all)",
               info->uname, device->id);
    return TRUE;
}

/* Pacemaker Explained, "Reloading Agents": an operation whose recorded
 * parameter digest no longer matches the resource's definition makes it
 * restart (or reload).  TRUE when one was told. */
static gboolean cause_definition(Cause *cause, int rsc, const char *indent)
{
    const CsResource *info = cause_rsc(cause->model, rsc);
    gboolean told = FALSE;
    for (guint i = 0; info != NULL && i < cause->model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(cause->model->rsc_states, i);
        if (state->rsc != rsc || state->history == NULL)
            continue;
        for (guint j = 0; j < state->history->len; j++) {
            const CsOpRecord *record = g_ptr_array_index(state->history, j);
            if (!cs_digest_record_checked(record))
                continue;
            CsDigestResult result = cs_digest_compare(info, record);
            if (result != CS_DIGEST_ALL && result != CS_DIGEST_RESTART)
                continue;
            cause_line(cause, indent,
                       "%s on %s: the parameters of %s (%s) changed since it ran "
                       "(its recorded digest differs)",
                       info->id, cause_uname(cause->model, state->node), record->operation,
                       record->id);
            told = TRUE;
        }
    }
    if (state_agent_changed(cause, rsc)) {
        cause_line(cause, indent, "%s: its agent (class, provider or type) changed", info->id);
        told = TRUE;
    }
    return told;
}

/* Pacemaker Explained, "Resource Meta-Attributes" (multiple-active): a
 * primitive found active on more than one node is stopped everywhere and
 * started again on one. */
static void cause_multiply_active(Cause *cause, int rsc, const char *indent)
{
    g_autoptr(GString) nodes = g_string_new(NULL);
    int count = 0;
    for (guint i = 0; i < cause->model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(cause->model->rsc_states, i);
        if (state->rsc != rsc || state->role < CS_ROLE_STARTED)
            continue;
        g_string_append_printf(nodes, "%s%s", count++ ? ", " : "",
                               cause_uname(cause->model, state->node));
    }
    const CsResource *info = cause_rsc(cause->model, rsc);
    if (count > 1 && info != NULL)
        cause_line(cause, indent, "%s is active on %d nodes (%s): multiple-active=%s", info->id,
                   count, nodes->str, info->multiple_active ? info->multiple_active : "stop_start");
}

/* The last operation of state's history whose result was an error (not
 * "not running" or "promoted", which a probe or a monitor expects), or
 * NULL. */
static const CsOpRecord *failed_record(const CsRscState *state)
{
    const CsOpRecord *found = NULL;
    for (guint i = 0; state->history != NULL && i < state->history->len; i++) {
        const CsOpRecord *record = g_ptr_array_index(state->history, i);
        if (record->rc_code != 0 && record->rc_code != 7 && record->rc_code != 8)
            found = record;
    }
    return found;
}

/* How a resource inside a container is named: a guest node's
 * connection, or a filler with its container meta-attribute. */
static char *cause_inside(const CsModel *model, const CsResource *inside, int container)
{
    if (inside->is_remote_connection)
        return g_strdup_printf("%s (the connection to the guest node in %s):", inside->id,
                               cause_rsc_id(model, container));
    return g_strdup_printf("%s runs inside %s (container=%s) and", inside->id,
                           cause_rsc_id(model, container), cause_rsc_id(model, container));
}

/* Pacemaker Explained 2.1, "Resource Operations" (on-fail): a resource
 * with the container meta-attribute, or a guest node's connection,
 * recovers from a failure with on-fail=restart-container, so its
 * container on that node stops and starts again with every resource in
 * it.  Each failed filler or connection of rsc on the node it restarts
 * on. */
static void cause_filler_failure(Cause *cause, int rsc, const char *indent)
{
    for (guint i = 0; i < cause->model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(cause->model->rsc_states, i);
        const CsResource *filler = state->rsc >= 0 ? cause_rsc(cause->model, state->rsc) : NULL;
        if (filler == NULL || filler->container != rsc
            || g_strcmp0(state->on_fail_applied, "restart-container") != 0)
            continue;
        const CsOpRecord *failure =
            state->last_failure != NULL ? state->last_failure : failed_record(state);
        g_autofree char *record =
            failure != NULL ? g_strdup_printf(" (%s)", failure->id) : g_strdup("");
        g_autofree char *inside = cause_inside(cause->model, filler, rsc);
        cause_line(cause, indent,
                   "%s its %s failed on %s%s: "
                   "on-fail=restart-container restarts the container with all it holds",
                   inside, failure != NULL ? failure->operation : "operation",
                   cause_uname(cause->model, state->node), record);
    }
}

/* An action the summary gives no reason for: the orders and the
 * container that put rsc after another resource's action in this
 * transition, each followed upstream. */
static void cause_upstream(Cause *cause, int rsc, const char *indent, int depth)
{
    const CsTransition *transition = cs_solution_transition(cause->solution);
    g_autofree char *deeper = cause_deeper(indent);
    for (guint i = 0; i < cause->model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(cause->model->orders, i);
        guint n = 0;
        if (!cause_within(cause->model, rsc, order->then)
            || cause_within(cause->model, rsc, order->first))
            continue;
        cs_transition_actions_of(transition, order->first, &n);
        const CsResource *first = cause_rsc(cause->model, order->first);
        if (n == 0 && (first == NULL || first->children->len == 0))
            continue;
        cause_line(cause, indent, "order %s (%s %s then %s %s, %s)", order->id,
                   cause_rsc_id(cause->model, order->first),
                   order->first_action ? order->first_action : "start",
                   cause_rsc_id(cause->model, order->then),
                   order->then_action ? order->then_action : "start",
                   cause_order_kind(order->kind));
        cause_primary(cause, order->first, deeper, depth);
    }
    for (guint i = 0; i < cause->model->resources->len; i++) {
        const CsResource *filler = g_ptr_array_index(cause->model->resources, i);
        if (filler->container != rsc)
            continue;
        gsize start = cause->out->len;
        cause_line(cause, indent, "%s runs inside it:", filler->id);
        gsize told = cause->out->len;
        cause_failed_state(cause, filler->index, deeper);
        if (cause->out->len == told)
            g_string_truncate(cause->out, start);
    }
    const CsResource *info = cause_rsc(cause->model, rsc);
    if (info != NULL && info->container >= 0) {
        cause_line(cause, indent, "%s runs inside its container %s", info->id,
                   cause_rsc_id(cause->model, info->container));
        cause_primary(cause, info->container, deeper, depth);
    }
}

/* ---- one action ------------------------------------------------------------ */

static gboolean cause_places(CsActionKind kind)
{
    return kind == CS_ACTION_START || kind == CS_ACTION_MOVE || kind == CS_ACTION_MIGRATE
           || kind == CS_ACTION_STOP || kind == CS_ACTION_RECOVER;
}

/* Where the CIB before ran rsc (by name in this model), or -1. */
static int cause_ran_before(const Cause *cause, int rsc)
{
    int was = cause_before_rsc(cause, rsc);
    if (was < 0)
        return -1;
    int node = cs_solution_current_node(cause->before, was);
    const CsNode *info =
        node >= 0 ? cs_model_node(cause->model, cause_uname(cause->before_model, node)) : NULL;
    return info != NULL ? info->index : -1;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a guest node is fenced
 * by recovering (or, "off", stopping) its container; a remote node is
 * fenced when its connection cannot be recovered.  What the container or
 * the connection does, followed upstream. */
static void cause_remote_fence(Cause *cause, int node, const char *indent, int depth)
{
    CsRemoteNode remote;
    if (!cs_remote_node_read(cause->solution, node, &remote))
        return;
    int link = remote.container >= 0 ? remote.container : remote.connection;
    if (link < 0)
        return;
    cause_line(cause, indent, "%s %s is fenced through its %s %s", cs_remote_kind_name(remote.kind),
               cause_uname(cause->model, node), remote.container >= 0 ? "container" : "connection",
               cause_rsc_id(cause->model, link));
    g_autofree char *deeper = cause_deeper(indent);
    cause_primary(cause, link, deeper, depth);
}

static void cause_fence(Cause *cause, const CsPlannedAction *action, const char *indent, int depth)
{
    if (!cause_node_event(cause, action->from_node, indent))
        cause_line(cause, indent, "node %s is fenced (%s): %s",
                   cause_uname(cause->model, action->from_node),
                   action->fence_action ? action->fence_action : "reboot",
                   action->reason ? action->reason : "it is unclean");
    cause_remote_fence(cause, action->from_node, indent, depth);
}

static gboolean cause_node_unavailable(const Cause *cause, int node)
{
    const CsNode *info = cause_node(cause->model, node);
    return info != NULL
           && (info->unclean || !info->online || info->standby || info->maintenance
               || info->shutdown);
}

static void cause_placement(Cause *cause, const CsPlannedAction *action, const char *indent,
                            int depth)
{
    int rsc = action->rsc;
    int from = action->from_node >= 0 ? action->from_node : cause_ran_before(cause, rsc);
    int to = action->to_node;
    gboolean stops = to < 0 && action->kind == CS_ACTION_STOP;
    if (from >= 0 && from != to && (!stops || cause_node_unavailable(cause, from)))
        cause_leaves(cause, rsc, from, indent, depth);
    else if (stops)
        cause_nowhere(cause, rsc, indent, depth);
    if (to >= 0 && to != from)
        cause_reaches(cause, rsc, to, indent, depth);
    if (from == to && from >= 0)
        cause_line(cause, indent, "stays on %s", cause_uname(cause->model, from));
    if (stops && (from < 0 || !cause_node_unavailable(cause, from)))
        cause_clone_limit(cause, rsc, indent);
    if (cause->model->options.placement_strategy != CS_PLACEMENT_DEFAULT)
        cause_utilization(cause, rsc, indent);
}

static gboolean cause_told(const Cause *cause, int rsc)
{
    return g_hash_table_contains(cause->visited, GINT_TO_POINTER(rsc));
}

/* Pacemaker Explained 2.1, "Pacemaker Remote" and "Bundles": what runs on
 * a remote or guest node lives as long as the node's connection, and a
 * guest node's connection as long as its container and the container's
 * host.  When they act in this transition, the chain in one sentence
 * (explain/remote_node.h), then each link's own cause. */
static void cause_remote_chain(Cause *cause, const CsPlannedAction *action, const char *indent,
                               int depth)
{
    g_autofree char *sentence = cs_remote_chain_sentence(cause->solution, action);
    if (sentence == NULL)
        return;
    CsRemoteNode remote;
    cs_remote_chain_read(cause->solution, action, &remote);
    gboolean container_told = remote.container < 0 || cause_told(cause, remote.container);
    gboolean connection_told = action->rsc == remote.connection || remote.connection < 0
                               || cause_told(cause, remote.connection);
    if (depth > 0 && container_told && connection_told)
        return; /* a link of a chain told above */
    cause_line(cause, indent, "%s", sentence);
    g_autofree char *deeper = cause_deeper(indent);
    cause_primary(cause, remote.container, deeper, depth);
    if (action->rsc != remote.connection)
        cause_primary(cause, remote.connection, deeper, depth);
}

static void cause_of_action(Cause *cause, const CsPlannedAction *action, const char *indent,
                            int depth)
{
    g_autoptr(GString) text = g_string_new(NULL);
    cause_action_text(cause->model, action, text);
    if (depth > 0)
        cause_line(cause, indent, "%s%s", text->str, action->blocked ? " (blocked)" : "");
    g_autofree char *deeper = depth > 0 ? cause_deeper(indent) : g_strdup(indent);
    if (action->rsc < 0) {
        cause_fence(cause, action, deeper, depth);
        return;
    }
    if (g_hash_table_contains(cause->visited, GINT_TO_POINTER(action->rsc))) {
        cause_line(cause, deeper, "(told above)");
        return;
    }
    g_hash_table_add(cause->visited, GINT_TO_POINTER(action->rsc));
    gsize start = cause->out->len;
    if (cause_order(cause, action, deeper, depth) || cause_quorum(cause, action, deeper)
        || cause_unfencing(cause, action, deeper))
        return;
    if (action->kind == CS_ACTION_PROMOTE || action->kind == CS_ACTION_DEMOTE)
        cause_promotion(cause, action->rsc, deeper, depth);
    else if (action->kind == CS_ACTION_RESTART || action->kind == CS_ACTION_RELOAD
             || action->kind == CS_ACTION_REPROMOTE) {
        cause_definition(cause, action->rsc, deeper);
        cause_filler_failure(cause, action->rsc, deeper);
        cause_multiply_active(cause, action->rsc, deeper);
        cause_failed_state(cause, action->rsc, deeper);
        if (cause->out->len == start)
            cause_upstream(cause, action->rsc, deeper, depth);
    } else if (cause_places(action->kind)) {
        if (action->kind == CS_ACTION_RECOVER)
            cause_failed_state(cause, action->rsc, deeper);
        cause_placement(cause, action, deeper, depth);
    }
    if (cause->out->len == start)
        cause_line(cause, deeper, "%s",
                   action->reason != NULL
                       ? action->reason
                       : "the scheduler records no cause beyond the action itself");
    cause_remote_chain(cause, action, deeper, depth);
}

/* ---- sources without internal names ------------------------------------- */

static char *cause_ticket_sources(const CsModel *model, int rsc)
{
    g_autoptr(GString) text = g_string_new(NULL);
    for (guint i = 0; i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *constraint = g_ptr_array_index(model->ticket_constraints, i);
        if (cause_within(model, rsc, constraint->rsc))
            g_string_append_printf(text, "%srsc_ticket %s (ticket %s)", text->len ? ", " : "",
                                   constraint->id, constraint->ticket);
    }
    if (text->len == 0)
        g_string_append(text, "rsc_ticket");
    return g_string_free(g_steal_pointer(&text), FALSE);
}

char *cs_cause_source_text(const CsModel *model, int rsc, const CsContribution *why)
{
    static const struct {
        const char *internal, *shown;
    } names[] = {
        {"__limit_utilization__", "not enough capacity (placement-strategy)"},
        {"__orphan_do_not_run__", "no longer configured"},
        {"group:internal_colocation", "group members run together"},
        {"clone:limit_reached", "clone-max reached"},
    };
    const char *source = why->source != NULL ? why->source : "";
    if (why->kind == CS_CONTRIB_TICKET || g_str_has_suffix(source, "ticket__"))
        return cause_ticket_sources(model, rsc);
    for (gsize i = 0; i < G_N_ELEMENTS(names); i++)
        if (strcmp(source, names[i].internal) == 0)
            return g_strdup(names[i].shown);
    if (g_str_has_prefix(source, "__") && g_str_has_suffix(source, "__") && strlen(source) > 4) {
        char *shown = g_strndup(source + 2, strlen(source) - 4);
        g_strdelimit(shown, "_", ' ');
        return shown;
    }
    return g_strdup(source);
}

/* ---- entry points ------------------------------------------------------------ */

static void cause_init(Cause *cause, CsSolution *after, const CsSolution *before, GString *out)
{
    cause->solution = after;
    cause->model = cs_solution_model(after);
    cause->before = before;
    cause->before_model = before != NULL ? cs_solution_model(before) : NULL;
    cause->visited = g_hash_table_new(g_direct_hash, g_direct_equal);
    cause->where = NULL;
    cause->out = out;
}

void cs_cause_action(CsSolution *after, const CsSolution *before, const CsPlannedAction *action,
                     const char *indent, GString *out)
{
    Cause cause;
    cause_init(&cause, after, before, out);
    cause_of_action(&cause, action, indent, 0);
    g_hash_table_unref(cause.visited);
}

static void cause_heading(CsSolution *solution, const CsPlannedAction *action, const char *prefix,
                          GString *out)
{
    g_string_append(out, prefix);
    cause_action_text(cs_solution_model(solution), action, out);
    g_string_append(out, action->blocked ? " (blocked):\n" : ":\n");
}

void cs_cause_transition(CsSolution *after, const CsSolution *before, GString *out)
{
    const CsTransition *transition = cs_solution_transition(after);
    g_string_append(out, "Causes:\n");
    if (cs_transition_length(transition) == 0)
        g_string_append(out, "  nothing to do\n");
    for (guint i = 0; i < cs_transition_length(transition); i++) {
        const CsPlannedAction *action = cs_transition_action(transition, i);
        cause_heading(after, action, "  ", out);
        cs_cause_action(after, before, action, "    ", out);
    }
}

static void cause_resource_actions(CsSolution *solution, int rsc, GString *out)
{
    const CsResource *info = cause_rsc(cs_solution_model(solution), rsc);
    if (info == NULL)
        return;
    guint n = 0;
    const CsPlannedAction *const *actions =
        cs_transition_actions_of(cs_solution_transition(solution), rsc, &n);
    for (guint i = 0; i < n; i++) {
        cause_heading(solution, actions[i], "  cause of ", out);
        cs_cause_action(solution, NULL, actions[i], "    ", out);
    }
    for (guint i = 0; i < info->children->len; i++)
        cause_resource_actions(solution, g_array_index(info->children, int, i), out);
}

void cs_cause_resource(CsSolution *solution, int rsc, GString *out)
{
    cs_remote_explain(solution, rsc, out);
    cause_resource_actions(solution, rsc, out);
}
