/* words.c: a cell's deciding terms in plain words, the Pacemaker term in
 * brackets (words.h). */
#include <string.h>
#include "explain/words.h"

/* Pacemaker Explained 2.1, "Node Attributes" (standby, maintenance) and
 * "Fencing": a node out of the membership, about to be fenced or
 * shutting down runs nothing, whatever the scores say. */
const char *cs_words_node_unavailable(const CsNode *node)
{
    if (node == NULL)
        return "removed from the configuration";
    if (node->unclean)
        return "unclean (to be fenced)";
    if (!node->online)
        return "offline";
    if (node->standby)
        return "in standby";
    if (node->maintenance)
        return "in maintenance";
    if (node->shutdown)
        return "shutting down";
    return NULL;
}

const char *cs_words_node_term(const CsNode *node)
{
    if (node == NULL)
        return "no <node> entry";
    if (node->unclean)
        return "unclean";
    if (!node->online)
        return "offline";
    if (node->standby && node->standby_onfail)
        return "standby, on-fail=standby";
    if (node->standby)
        return "node attribute standby=on";
    if (node->maintenance)
        return "node attribute maintenance=on";
    if (node->shutdown)
        return "shutdown attribute";
    return NULL;
}

char *cs_words_node_state(const CsNode *node)
{
    const char *why = cs_words_node_unavailable(node);
    if (why == NULL)
        return NULL;
    return g_strdup_printf("%s cannot run resources: %s [%s]",
                           node != NULL ? node->uname : "the node", why, cs_words_node_term(node));
}

/* The node-health-strategy values of Pacemaker Explained 2.1, "Tracking
 * Node Health", as the cluster option spells them. */
const char *cs_words_health_strategy(CsHealthStrategy strategy)
{
    switch (strategy) {
    case CS_HEALTH_MIGRATE_ON_RED: return "migrate-on-red";
    case CS_HEALTH_ONLY_GREEN: return "only-green";
    case CS_HEALTH_PROGRESSIVE: return "progressive";
    case CS_HEALTH_CUSTOM: return "custom";
    default: return "none";
    }
}

/* How bad a #health value is: red 3, yellow 2, green 1, a number 0. */
static int health_rank(const char *value)
{
    static const char *const colours[] = {"green", "yellow", "red"};
    for (gsize i = 0; value != NULL && i < G_N_ELEMENTS(colours); i++)
        if (g_ascii_strcasecmp(value, colours[i]) == 0)
            return (int)i + 1;
    return 0;
}

/* The node's #health-* attributes, sorted, as "#health-disk=red, ...",
 * and the worst colour among them (NULL when none is a colour). */
static char *health_attributes(const CsNode *node, const char **worst)
{
    static const char *const colours[] = {NULL, "green", "yellow", "red"};
    g_autoptr(GString) out = g_string_new(NULL);
    g_autoptr(GList) names = node->attrs != NULL ? g_hash_table_get_keys(node->attrs) : NULL;
    names = g_list_sort(names, (GCompareFunc)strcmp);
    int rank = 0;
    for (GList *each = names; each != NULL; each = each->next) {
        if (!g_str_has_prefix(each->data, "#health"))
            continue;
        const char *value = g_hash_table_lookup(node->attrs, each->data);
        rank = MAX(rank, health_rank(value));
        g_string_append_printf(out, "%s%s=%s", out->len > 0 ? ", " : "", (const char *)each->data,
                               value != NULL ? value : "");
    }
    *worst = colours[rank];
    return out->len > 0 ? g_strdup(out->str) : NULL;
}

/* Pacemaker Explained 2.1, "Tracking Node Health": with a strategy other
 * than none, the node's health attributes add one score to every
 * resource there (-INFINITY keeps all away) unless the resource sets
 * allow-unhealthy-nodes. */
char *cs_words_node_health(const CsModel *model, const CsNode *node, const CsContribution *recorded)
{
    if (model == NULL || node == NULL || model->options.node_health_strategy == CS_HEALTH_NONE)
        return NULL;
    const char *worst = NULL;
    g_autofree char *attributes = health_attributes(node, &worst);
    if (attributes == NULL || (recorded == NULL && (worst == NULL || strcmp(worst, "green") == 0)))
        return NULL;
    g_autoptr(GString) out = g_string_new("node health ");
    g_string_append(out, worst != NULL ? worst : "by score");
    g_string_append_printf(out, " (node-health-strategy=%s): ",
                           cs_words_health_strategy(model->options.node_health_strategy));
    char buf[CS_SCORE_BUFSIZE];
    if (recorded == NULL)
        g_string_append(
            out, "no effect on this resource (it allows unhealthy nodes, or its health adds 0)");
    else if (recorded->value <= -CS_INFINITY)
        g_string_append(out, "-INFINITY on every resource here, so none may run");
    else
        g_string_append_printf(out, "%s on every resource here",
                               cs_score_format(recorded->value, buf));
    g_string_append_printf(out, " [node attribute %s]", attributes);
    return g_string_free(g_steal_pointer(&out), FALSE);
}

void cs_words_append_node_states(const CsModel *model, const char *node, GString *out)
{
    gboolean heading = FALSE;
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *info = g_ptr_array_index(model->nodes, i);
        const char *why = cs_words_node_unavailable(info);
        if (why == NULL
            || (node != NULL && strcmp(node, info->uname) != 0 && strcmp(node, info->id) != 0))
            continue;
        if (!heading)
            g_string_append(out, "Nodes that run nothing:\n");
        heading = TRUE;
        g_string_append_printf(out, "  %s: %s [%s]\n", info->uname, why, cs_words_node_term(info));
    }
}

/* The reasons clone.c gives for an instance's limits, in plain words. */
static const char *clone_words(const char *source)
{
    static const struct {
        const char *source, *words;
    } table[] = {
        {"clone instance cannot run here", "no instance may run here: the node is unavailable or "
                                           "the clone may not run here [clone instance limit]"},
        {"clone score", "the clone's own score here [clone score]"},
        {"clone score below zero",
         "negative clone score here: no instance may run [clone score < 0]"},
        {"clone-node-max reached",
         "this node already runs as many instances as allowed [clone-node-max]"},
    };
    for (gsize i = 0; source != NULL && i < G_N_ELEMENTS(table); i++)
        if (strcmp(source, table[i].source) == 0)
            return table[i].words;
    return NULL;
}

static void append_source(GString *out, const char *source)
{
    if (source != NULL)
        g_string_append_printf(out, " %s", source);
}

/* Pacemaker Explained 2.1, "Resource Constraints" and "Resource
 * Meta-Attributes": each kind of term a score is made of. */
char *cs_words_contribution(const CsContribution *why, const char *other)
{
    GString *out = g_string_new(NULL);
    const char *clone = NULL;
    switch (why->kind) {
    case CS_CONTRIB_DEFAULT:
        g_string_append(out, "every node starts at 0 [symmetric-cluster]");
        break;
    case CS_CONTRIB_NODE_WEIGHT: g_string_append(out, "the node's own score [node score]"); break;
    case CS_CONTRIB_HEALTH:
        g_string_append(out, "node health");
        append_source(out, why->source);
        g_string_append(out, " [node-health-strategy]");
        break;
    case CS_CONTRIB_LOCATION:
        g_string_append(out, "location constraint");
        append_source(out, why->source);
        g_string_append(out, " [rsc_location]");
        break;
    case CS_CONTRIB_RULE:
        g_string_append(out, "location rule");
        append_source(out, why->source);
        g_string_append(out, " [rsc_location rule]");
        break;
    case CS_CONTRIB_STATUS_BAN:
        g_string_append(out, "banned by what the status section records");
        append_source(out, why->source);
        g_string_append(out, " [status]");
        break;
    case CS_CONTRIB_STICKINESS:
        g_string_append(out, "prefers to stay where it runs [resource-stickiness]");
        break;
    case CS_CONTRIB_FAIL_LIMIT:
        g_string_append_printf(
            out, "failed here too often: %d failures, %d allowed [migration-threshold]", why->count,
            why->threshold);
        break;
    case CS_CONTRIB_DISCOVERY:
        g_string_append(out, "only probed on other nodes");
        append_source(out, why->source);
        g_string_append(out, " [resource-discovery=exclusive]");
        break;
    case CS_CONTRIB_COLOCATION:
        /* Pacemaker Explained 2.1, "Groups": each member is placed with the
         * member before it, as by a mandatory colocation. */
        if (why->source != NULL && g_str_has_prefix(why->source, "group:")) {
            g_string_append_printf(out,
                                   "goes where %s, the member before it in its group, goes "
                                   "[group colocation]",
                                   other != NULL ? other : "the previous member");
            break;
        }
        g_string_append_printf(out, "placed with %s by", other != NULL ? other : "its primary");
        append_source(out, why->source);
        g_string_append(out, " [colocation]");
        break;
    case CS_CONTRIB_COLOCATED:
        g_string_append_printf(out, "%s's scores here times %g, by",
                               other != NULL ? other : "another's", why->factor);
        append_source(out, why->source);
        g_string_append(out, " [colocation influence]");
        break;
    case CS_CONTRIB_TARGET_ROLE:
        g_string_append(out, "asked to stay stopped [target-role=Stopped]");
        break;
    case CS_CONTRIB_UNMANAGED:
        g_string_append(out, "not managed: kept where it is active [is-managed=false]");
        break;
    case CS_CONTRIB_UTILIZATION:
        g_string_append(out, "the node lacks capacity");
        append_source(out, why->source);
        g_string_append(out, " [utilization, placement-strategy]");
        break;
    case CS_CONTRIB_TICKET:
        g_string_append(out, "its ticket is not granted");
        append_source(out, why->source);
        g_string_append(out, " [rsc_ticket]");
        break;
    case CS_CONTRIB_CLONE:
        clone = clone_words(why->source);
        if (clone != NULL)
            g_string_append(out, clone);
        else {
            g_string_append(out, "a limit of the clone's instances:");
            append_source(out, why->source);
            g_string_append(out, " [clone]");
        }
        break;
    case CS_CONTRIB_PROMOTION:
        /* Pacemaker Explained 2.1, "Promotable clones": the agent's
         * preference is the master-RSC node attribute it sets; an
         * instance's own priority is itemised under its line. */
        if (other != NULL)
            g_string_append_printf(
                out, "%s's own promotion priority, itemised below [promotion score]", other);
        else {
            g_string_append(out, "the agent's preference to be promoted here, node attribute");
            append_source(out, why->source);
            g_string_append(out, " [promotion score]");
        }
        break;
    }
    return g_string_free(out, FALSE);
}

static char *count_text(int count)
{
    return count >= CS_INFINITY ? g_strdup("INFINITY") : g_strdup_printf("%d", count);
}

const CsContribution *cs_words_recorded_ban(const CsSolution *solution, int rsc, int node)
{
    if (solution == NULL || rsc < 0 || node < 0)
        return NULL;
    const CsModel *model = cs_solution_model(solution);
    for (int each = rsc; each >= 0;
         each = ((const CsResource *)g_ptr_array_index(model->resources, each))->parent) {
        int n = 0;
        const CsContribution *list = cs_solution_contributions(solution, each, node, &n);
        for (int i = 0; i < n; i++)
            if (list[i].kind == CS_CONTRIB_FAIL_LIMIT)
                return &list[i];
    }
    return NULL;
}

/* Pacemaker Explained 2.1, "Handling Resource Failure": at migration-threshold
 * failures on a node the resource is banned from it; 0 never bans.  The
 * ban itself is the one the engine recorded. */
char *cs_words_fail_count(const CsSolution *solution, const CsModel *model, int rsc, int node)
{
    int total = cs_model_fail_count(model, rsc, node);
    if (total <= 0)
        return NULL;
    const CsResource *resource = g_ptr_array_index(model->resources, rsc);
    const CsNode *info = g_ptr_array_index(model->nodes, node);
    int threshold = resource->migration_threshold;
    g_autofree char *total_text = count_text(total);
    if (threshold <= 0)
        return g_strdup_printf(
            "%s %s here, never banned for them [fail-count, migration-threshold=0]", total_text,
            total == 1 ? "failure" : "failures");
    g_autofree char *threshold_text = count_text(threshold);
    const CsContribution *ban = cs_words_recorded_ban(solution, rsc, node);
    if (ban != NULL) {
        g_autofree char *count = count_text(ban->count);
        g_autofree char *limit = count_text(ban->threshold);
        return g_strdup_printf(
            "%s failures of %s allowed: banned from %s [fail-count, migration-threshold]", count,
            limit, info->uname);
    }
    if (total >= threshold)
        return g_strdup_printf("%s failures of %s allowed: reached, but no ban applies here "
                               "[fail-count, migration-threshold]",
                               total_text, threshold_text);
    if (threshold >= CS_INFINITY)
        return g_strdup_printf("%s failures here, under the limit: only a fatal failure bans %s "
                               "[fail-count, migration-threshold=INFINITY]",
                               total_text, info->uname);
    int left = threshold - total;
    return g_strdup_printf("%s %s of %s allowed: %d more %s %s [fail-count, migration-threshold]",
                           total_text, total == 1 ? "failure" : "failures", threshold_text, left,
                           left == 1 ? "bans" : "ban", info->uname);
}

/* The Fail counts view's Consequence column, for one recorded fail
 * count (Pacemaker Explained 2.1, "Handling Resource Failure": the
 * count is summed over the resource's operations on the node, and
 * failure-timeout lets it expire). */
char *cs_words_fail_consequence(const CsSolution *solution, const CsModel *model,
                                const CsFailCount *fail, CsFailTone *tone)
{
    *tone = CS_FAIL_TONE_PLAIN;
    if (fail->rsc < 0)
        return g_strdup("orphan: the resource is no longer configured");
    const CsResource *resource = g_ptr_array_index(model->resources, fail->rsc);
    const char *node = fail->node >= 0
                           ? ((const CsNode *)g_ptr_array_index(model->nodes, fail->node))->uname
                           : "its node";
    int total = cs_model_fail_count(model, fail->rsc, fail->node);
    int threshold = resource->migration_threshold;
    g_autofree char *total_text = count_text(total);
    g_autofree char *threshold_text = count_text(threshold);
    if (threshold <= 0)
        return g_strdup_printf("%s failures: migration-threshold is 0, never banned", total_text);
    if (total == 0 && fail->count > 0) {
        *tone = CS_FAIL_TONE_FADED;
        return g_strdup("expired (failure-timeout): no longer counts");
    }
    const CsContribution *ban = cs_words_recorded_ban(solution, fail->rsc, fail->node);
    if (ban != NULL) {
        g_autofree char *count = count_text(ban->count);
        g_autofree char *limit = count_text(ban->threshold);
        *tone = CS_FAIL_TONE_BANNED;
        return g_strdup_printf("%s of %s: banned from %s", count, limit, node);
    }
    if (total >= threshold) {
        *tone = CS_FAIL_TONE_FADED;
        return g_strdup_printf("%s of %s: reached, but the engine applies no ban", total_text,
                               threshold_text);
    }
    if (threshold >= CS_INFINITY)
        return g_strdup_printf("%s of INFINITY: banned from %s only at INFINITY (a fatal failure)",
                               total_text, node);
    int left = threshold - total;
    *tone = left == 1 ? CS_FAIL_TONE_NEAR : CS_FAIL_TONE_PLAIN;
    if (left == 1)
        return g_strdup_printf("%s of %s: one more failure bans %s", total_text, threshold_text,
                               node);
    return g_strdup_printf("%s of %s: %d more failures ban %s", total_text, threshold_text, left,
                           node);
}

static char *property(const xmlNode *node, const char *name)
{
    xmlChar *value = xmlGetProp(node, (const xmlChar *)name);
    char *copy = value != NULL ? g_strdup((const char *)value) : NULL;
    xmlFree(value);
    return copy;
}

/* A date expression of an "and" rule that is out of force at now: "ended
 * at END" (lt: a move's lifetime, as crm_resource --lifetime writes it)
 * or "starts at START" (gt); NULL when none of them says so. */
static char *date_out_of_force(const CsRule *rule, CsTime now)
{
    const xmlNode *xml = cs_rule_xml(rule);
    if (xml == NULL || cs_rule_is_or(rule))
        return NULL;
    for (const xmlNode *child = xml->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE
            || strcmp((const char *)child->name, "date_expression") != 0)
            continue;
        g_autofree char *operation = property(child, "operation");
        gboolean ends = operation != NULL && strcmp(operation, "lt") == 0;
        gboolean starts = operation != NULL && strcmp(operation, "gt") == 0;
        g_autofree char *text = ends     ? property(child, "end")
                                : starts ? property(child, "start")
                                         : NULL;
        CsTime when;
        if (text == NULL || !cs_time_parse(text, &when, NULL))
            continue;
        if (ends && now.seconds >= when.seconds)
            return g_strdup_printf(
                "expired: its date condition ended at %s [date_expression lt, lifetime]", text);
        if (starts && now.seconds <= when.seconds)
            return g_strdup_printf(
                "not yet in force: its date condition starts after %s [date_expression gt]", text);
    }
    return NULL;
}

/* Pacemaker Explained 2.1, "Rules": a location rule adds its score only on
 * the nodes where it passes; a date expression makes it pass only for a
 * time (crm_resource --move --lifetime writes one). */
char *cs_words_rule_inactive(const CsModel *model, const CsLocation *location, const CsRule *rule,
                             const CsNode *node)
{
    CsRuleContext context = {0};
    context.node_attrs = node->attrs;
    context.now = model->now;
    context.submatches = location->submatches;
    if (cs_rule_evaluate(rule, &context))
        return NULL;
    char *dated = date_out_of_force(rule, model->now);
    if (dated != NULL)
        return dated;
    return g_strdup_printf("does not apply on %s: its conditions are false there [rule]",
                           node->uname);
}
