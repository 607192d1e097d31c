/* history.c: why resources moved between two CIBs, and across a series of
 * scheduler inputs.
 *
 * The scheduler writes its input to pe-input-N.bz2 (pe-warn-N, pe-error-N
 * when the run warned or failed) each time it runs (Pacemaker Explained,
 * "Cluster Options": pe-input-series-max and friends).  Consecutive inputs
 * differ by what happened in between: a constraint added, a failure, a
 * node leaving, time passing.  For each step this file lists those
 * differences, solves both CIBs, and ties every start, stop and move to
 * the score contributions that changed on the nodes involved.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cib/live.h"
#include "engine/engine.h"
#include "explain/history.h"
#include "explain/words.h"
#include "explain/cause.h"
#include "explain/next.h"
#include "explain/output.h"
#include "model/model.h"

enum { WHY_OK = 0, WHY_USAGE = 1, WHY_INPUT = 2, WHY_UNSUPPORTED = 3 };

/* ---- one side of a comparison ----------------------------------------- */

typedef struct WhySide {
    const CsDocument *document;
    CsTime now;
    CsModel *model;       /* NULL when it could not be built */
    CsSolution *solution; /* NULL when it could not be solved */
    char *problem;        /* why not, or NULL */
    int status;
} WhySide;

static void why_side_build(WhySide *side, const CsDocument *document, const CsTime *now)
{
    memset(side, 0, sizeof *side);
    side->document = document;
    if (now != NULL)
        side->now = *now;
    else if (!cs_model_execution_date(document, &side->now))
        side->now = cs_time_now();
    g_autoptr(GError) error = NULL;
    side->model = cs_model_build(document, side->now, &error);
    if (side->model != NULL)
        side->solution = cs_solve(side->model, &error);
    if (side->solution != NULL)
        return;
    gboolean unsupported = g_error_matches(error, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED)
                           || g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED);
    side->status = unsupported ? WHY_UNSUPPORTED : WHY_INPUT;
    /* Unsupported-feature messages already say "not modelled yet". */
    side->problem =
        unsupported ? g_strdup(error->message) : g_strdup_printf("unusable: %s", error->message);
}

static void why_side_clear(WhySide *side)
{
    g_clear_pointer(&side->solution, cs_solution_free);
    g_clear_pointer(&side->model, cs_model_free);
    g_clear_pointer(&side->problem, g_free);
}

/* ---- what changed in the documents ------------------------------------ */

/* ---- change lines that name the setting (issue 17) ----------------------- */

static char *why_prop(const xmlNode *node, const char *name)
{
    xmlChar *value = xmlGetProp(node, (const xmlChar *)name);
    char *copy = value != NULL ? g_strdup((const char *)value) : NULL;
    xmlFree(value);
    return copy;
}

static gboolean why_is_resource(const char *tag)
{
    static const char *const tags[] = {"primitive", "group", "clone", "master", "bundle"};
    for (gsize i = 0; i < G_N_ELEMENTS(tags); i++)
        if (strcmp(tag, tags[i]) == 0)
            return TRUE;
    return FALSE;
}

/* Whose setting an nvpair at node is: the resource it belongs to, else
 * rsc_defaults / op_defaults, else "cluster option"; NULL when none of
 * those (a rule's or an operation's attributes). */
static char *why_setting_owner(const xmlNode *node)
{
    for (const xmlNode *up = node; up != NULL && up->type == XML_ELEMENT_NODE; up = up->parent) {
        const char *tag = (const char *)up->name;
        if (strcmp(tag, "op") == 0 || strcmp(tag, "operations") == 0 || strcmp(tag, "rule") == 0)
            return NULL;
        if (why_is_resource(tag))
            return why_prop(up, "id");
        if (strcmp(tag, "rsc_defaults") == 0 || strcmp(tag, "op_defaults") == 0)
            return g_strdup(tag);
        if (strcmp(tag, "crm_config") == 0)
            return g_strdup("cluster option");
    }
    return NULL;
}

/* The nvpairs at or below node, by name (the first of a name wins). */
static void why_collect_settings(const xmlNode *node, GHashTable *into)
{
    if (node == NULL || node->type != XML_ELEMENT_NODE)
        return;
    if (strcmp((const char *)node->name, "nvpair") == 0) {
        char *name = why_prop(node, "name");
        if (name != NULL && !g_hash_table_contains(into, name))
            g_hash_table_insert(into, name, why_prop(node, "value"));
        else
            g_free(name);
        return;
    }
    for (const xmlNode *child = node->children; child != NULL; child = child->next)
        why_collect_settings(child, into);
}

/* An element of a document by tag and id (NULL when it has none). */
static xmlNode *why_find(const CsDocument *document, const char *tag, const char *id)
{
    if (id == NULL)
        return NULL;
    GPtrArray *stack = g_ptr_array_new();
    g_ptr_array_add(stack, xmlDocGetRootElement(document->xml));
    xmlNode *found = NULL;
    while (stack->len > 0 && found == NULL) {
        xmlNode *node = g_ptr_array_steal_index(stack, stack->len - 1);
        for (xmlNode *child = node ? node->children : NULL; child != NULL; child = child->next) {
            if (child->type != XML_ELEMENT_NODE)
                continue;
            if (strcmp((const char *)child->name, tag) == 0) {
                g_autofree char *child_id = why_prop(child, "id");
                if (g_strcmp0(child_id, id) == 0) {
                    found = child;
                    break;
                }
            }
            g_ptr_array_add(stack, child);
        }
    }
    g_ptr_array_free(stack, TRUE);
    return found;
}

/* "web: resource-stickiness=100 (new)", "rsc_defaults:
 * resource-stickiness 100 -> 200", "web: target-role=Stopped removed",
 * one per setting that differs between was and is (either may be NULL). */
static guint why_setting_lines(const char *owner, const xmlNode *was, const xmlNode *is,
                               GString *out)
{
    g_autoptr(GHashTable) before = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    g_autoptr(GHashTable) after = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    why_collect_settings(was, before);
    why_collect_settings(is, after);
    g_autoptr(GList) names =
        g_list_sort(g_list_concat(g_hash_table_get_keys(after), g_hash_table_get_keys(before)),
                    (GCompareFunc)strcmp);
    guint lines = 0;
    const char *last = NULL;
    for (GList *item = names; item != NULL; item = item->next) {
        const char *name = item->data;
        if (last != NULL && strcmp(last, name) == 0)
            continue;
        last = name;
        gboolean had = g_hash_table_contains(before, name),
                 has = g_hash_table_contains(after, name);
        const char *old_value = g_hash_table_lookup(before, name),
                   *new_value = g_hash_table_lookup(after, name);
        if (had && has && g_strcmp0(old_value, new_value) == 0)
            continue;
        if (!had)
            g_string_append_printf(out, "  %s: %s=%s (new)\n", owner, name,
                                   new_value ? new_value : "");
        else if (!has)
            g_string_append_printf(out, "  %s: %s=%s removed\n", owner, name,
                                   old_value ? old_value : "");
        else
            g_string_append_printf(out, "  %s: %s %s -> %s\n", owner, name,
                                   old_value ? old_value : "", new_value ? new_value : "");
        lines++;
    }
    return lines;
}

/* A change of settings (an nvpair, or a set or section of them) told by
 * setting; FALSE for anything else (a constraint: its summary says it). */
static gboolean why_settings_change(const WhySide *before, const WhySide *after,
                                    const CsLiveOp *change, GString *out)
{
    xmlNode *was = why_find(before->document, change->tag, change->id);
    xmlNode *is = change->kind == CS_LIVE_OP_DELETE
                      ? NULL
                      : why_find(after->document, change->tag, change->id);
    /* A section created whole (rsc_defaults) has no id: it is the one. */
    if (is == NULL && change->id == NULL && change->kind != CS_LIVE_OP_DELETE)
        is = cs_document_section(after->document, change->tag);
    const xmlNode *where = is != NULL ? is : was;
    if (where == NULL)
        return FALSE;
    g_autoptr(GHashTable) settings = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    why_collect_settings(where, settings);
    if (g_hash_table_size(settings) == 0)
        return FALSE;
    g_autofree char *owner = why_setting_owner(where);
    if (owner == NULL)
        return FALSE;
    why_setting_lines(owner, was, is, out);
    return TRUE;
}

/* The configuration's changes; nodes are told from the model (why_nodes),
 * status attributes as fail counts. */
static void why_configuration(const WhySide *before, const WhySide *after, GString *out)
{
    g_autoptr(GPtrArray) changes = cs_live_plan(before->document, after->document);
    for (guint i = 0; i < changes->len; i++) {
        const CsLiveOp *change = g_ptr_array_index(changes, i);
        gboolean nodes_told = before->model != NULL && after->model != NULL;
        if (strcmp(change->section, "status") == 0
            || (nodes_told && strcmp(change->section, "nodes") == 0))
            continue;
        if (!why_settings_change(before, after, change, out))
            g_string_append_printf(out, "  %s\n", change->summary);
    }
}

/* Built-ins (#uname) and fail counts are told elsewhere, and so are
 * standby and maintenance, as the node's state they give. */
static gboolean why_attribute_shown(const char *name)
{
    return name[0] != '#' && !g_str_has_prefix(name, "fail-count-")
           && !g_str_has_prefix(name, "last-failure-") && strcmp(name, "standby") != 0
           && strcmp(name, "maintenance") != 0;
}

static void why_node_attributes(const CsNode *was, const CsNode *is, GString *out)
{
    GHashTableIter iter;
    gpointer key, value;
    g_hash_table_iter_init(&iter, is->attrs);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        const char *old_value = g_hash_table_lookup(was->attrs, key);
        if (!why_attribute_shown(key) || g_strcmp0(old_value, value) == 0)
            continue;
        if (old_value == NULL)
            g_string_append_printf(out, "  %s: %s=%s (new)\n", is->uname, (const char *)key,
                                   (const char *)value);
        else
            g_string_append_printf(out, "  %s: %s %s -> %s\n", is->uname, (const char *)key,
                                   old_value, (const char *)value);
    }
    g_hash_table_iter_init(&iter, was->attrs);
    while (g_hash_table_iter_next(&iter, &key, &value))
        if (why_attribute_shown(key) && !g_hash_table_contains(is->attrs, key))
            g_string_append_printf(out, "  %s: %s=%s removed\n", is->uname, (const char *)key,
                                   (const char *)value);
}

static void why_nodes(const CsModel *before, const CsModel *after, GString *out)
{
    for (guint i = 0; i < after->nodes->len; i++) {
        const CsNode *is = g_ptr_array_index(after->nodes, i);
        const CsNode *was = cs_model_node(before, is->uname);
        if (was == NULL) {
            g_string_append_printf(out, "  %s: joined the configuration (%s)\n", is->uname,
                                   is->online ? "online" : "offline");
            continue;
        }
        if (was->online != is->online)
            g_string_append_printf(out, "  %s: %s\n", is->uname,
                                   is->online ? "came back (online)" : "left (offline)");
        if (was->unclean != is->unclean && is->unclean)
            g_string_append_printf(out, "  %s: unclean (to be fenced)\n", is->uname);
        if (was->standby != is->standby)
            g_string_append_printf(out, "  %s: standby %s\n", is->uname,
                                   is->standby ? "on" : "off");
        if (was->maintenance != is->maintenance)
            g_string_append_printf(out, "  %s: maintenance %s\n", is->uname,
                                   is->maintenance ? "on" : "off");
        why_node_attributes(was, is, out);
    }
    for (guint i = 0; i < before->nodes->len; i++) {
        const CsNode *was = g_ptr_array_index(before->nodes, i);
        if (cs_model_node(after, was->uname) == NULL)
            g_string_append_printf(out, "  %s: removed from the configuration\n", was->uname);
    }
}

static const char *why_node_name(const CsModel *model, int node)
{
    if (node < 0 || (guint)node >= model->nodes->len)
        return "?";
    return ((const CsNode *)g_ptr_array_index(model->nodes, node))->uname;
}

static char *why_fail_label(const CsModel *model, const CsFailCount *count)
{
    if (count->operation == NULL)
        return g_strdup_printf("%s on %s", count->rsc_id, why_node_name(model, count->node));
    return g_strdup_printf("%s on %s (%s, interval %ums)", count->rsc_id,
                           why_node_name(model, count->node), count->operation, count->interval_ms);
}

static GHashTable *why_fail_table(const CsModel *model)
{
    GHashTable *table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *count = g_ptr_array_index(model->fail_counts, i);
        g_hash_table_replace(table, why_fail_label(model, count), (gpointer)count);
    }
    return table;
}

static void why_count_text(int count, char *buf)
{
    if (count >= CS_INFINITY)
        strcpy(buf, "INFINITY");
    else
        g_snprintf(buf, CS_SCORE_BUFSIZE, "%d", count);
}

/* Fail counts as the status section holds them (Pacemaker Explained,
 * "Failure Response": fail-count-RSC#OP_INTERVAL node attributes). */
static void why_fail_counts(const CsModel *before, const CsModel *after, GString *out)
{
    g_autoptr(GHashTable) was = why_fail_table(before);
    g_autoptr(GHashTable) is = why_fail_table(after);
    char old_text[CS_SCORE_BUFSIZE], new_text[CS_SCORE_BUFSIZE];
    for (guint i = 0; i < after->fail_counts->len; i++) {
        const CsFailCount *count = g_ptr_array_index(after->fail_counts, i);
        g_autofree char *label = why_fail_label(after, count);
        const CsFailCount *old = g_hash_table_lookup(was, label);
        int old_count = old ? old->count : 0;
        if (old_count == count->count)
            continue;
        why_count_text(old_count, old_text);
        why_count_text(count->count, new_text);
        g_string_append_printf(out, "  fail count %s %s: %s -> %s\n", label,
                               count->count > old_count ? "increased" : "decreased", old_text,
                               new_text);
    }
    for (guint i = 0; i < before->fail_counts->len; i++) {
        const CsFailCount *count = g_ptr_array_index(before->fail_counts, i);
        g_autofree char *label = why_fail_label(before, count);
        if (g_hash_table_lookup(is, label) == NULL && count->count != 0) {
            why_count_text(count->count, old_text);
            g_string_append_printf(out, "  fail count %s cleared (was %s)\n", label, old_text);
        }
    }
}

/* Resources whose last result turned into a failure. */
static void why_failures(const CsModel *before, const CsModel *after, GString *out)
{
    for (guint i = 0; i < after->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(after->rsc_states, i);
        if (!state->failed)
            continue;
        const CsNode *node = g_ptr_array_index(after->nodes, state->node);
        const CsNode *old_node = cs_model_node(before, node->uname);
        const CsResource *old_rsc =
            state->rsc >= 0 ? cs_model_resource(before, state->rsc_id) : NULL;
        const CsRscState *old = old_node && old_rsc
                                    ? cs_model_rsc_state(before, old_rsc->index, old_node->index)
                                    : NULL;
        if (old != NULL && old->failed)
            continue;
        const CsOpRecord *failure = state->last_failure;
        g_string_append_printf(out, "  %s failed on %s%s%s%s\n", state->rsc_id, node->uname,
                               failure ? " (" : "", failure ? failure->operation_key : "",
                               failure ? ")" : "");
    }
}

static char *why_duration(gint64 seconds)
{
    gint64 days = seconds / 86400, hours = seconds / 3600 % 24;
    gint64 minutes = seconds / 60 % 60, rest = seconds % 60;
    if (days > 0)
        return g_strdup_printf("%" G_GINT64_FORMAT "d %02" G_GINT64_FORMAT "h %02" G_GINT64_FORMAT
                               "m",
                               days, hours, minutes);
    if (hours > 0)
        return g_strdup_printf("%" G_GINT64_FORMAT "h %02" G_GINT64_FORMAT "m %02" G_GINT64_FORMAT
                               "s",
                               hours, minutes, rest);
    if (minutes > 0)
        return g_strdup_printf("%" G_GINT64_FORMAT "m %02" G_GINT64_FORMAT "s", minutes, rest);
    return g_strdup_printf("%" G_GINT64_FORMAT "s", rest);
}

/* Time matters through date rules and failure-timeout (Pacemaker
 * Explained 2.1, "Date Expressions", "Failure Response"): the model knows the
 * next moment either changes an answer. */
static void why_time(const WhySide *before, const WhySide *after, GString *out)
{
    gint64 passed = after->now.seconds - before->now.seconds;
    if (passed == 0)
        return;
    g_autofree char *span = why_duration(passed < 0 ? -passed : passed);
    g_string_append_printf(out, "  time %s: %s\n", passed > 0 ? "passed" : "went back", span);
    gint64 boundary = before->model ? before->model->recheck_by : 0;
    if (passed > 0 && boundary > before->now.seconds && boundary <= after->now.seconds) {
        CsTime at = {boundary, 0};
        g_autofree char *when = cs_time_format(at);
        g_string_append_printf(out, "  a date rule or failure-timeout changed its answer at %s\n",
                               when);
    }
}

/* A ticket's state (Pacemaker Explained, "Tickets"): granted, revoked,
 * standby; "never granted" when the status section does not hold it. */
static const char *why_ticket_state(const CsModel *model, const char *id)
{
    for (guint i = 0; i < model->tickets->len; i++) {
        const CsTicket *ticket = g_ptr_array_index(model->tickets, i);
        if (strcmp(ticket->id, id) == 0)
            return !ticket->granted ? "revoked" : ticket->standby ? "standby" : "granted";
    }
    return "never granted";
}

/* "ticket ticketA: granted -> revoked" for each ticket whose state
 * changed, of either CIB. */
static void why_tickets(const CsModel *before, const CsModel *after, GString *out)
{
    const CsModel *models[2] = {after, before};
    g_autoptr(GHashTable) told = g_hash_table_new(g_str_hash, g_str_equal);
    for (int side = 0; side < 2; side++) {
        for (guint i = 0; i < models[side]->tickets->len; i++) {
            const CsTicket *ticket = g_ptr_array_index(models[side]->tickets, i);
            if (!g_hash_table_add(told, ticket->id))
                continue;
            const char *was = why_ticket_state(before, ticket->id);
            const char *is = why_ticket_state(after, ticket->id);
            if (strcmp(was, is) != 0)
                g_string_append_printf(out, "  ticket %s: %s -> %s\n", ticket->id, was, is);
        }
    }
}

static void why_changes(const WhySide *before, const WhySide *after, GString *out)
{
    gsize start = out->len;
    g_string_append(out, "Changes:\n");
    gsize empty = out->len;
    why_configuration(before, after, out);
    if (before->model != NULL && after->model != NULL) {
        why_nodes(before->model, after->model, out);
        why_fail_counts(before->model, after->model, out);
        why_failures(before->model, after->model, out);
        why_tickets(before->model, after->model, out);
    }
    why_time(before, after, out);
    if (out->len == empty)
        g_string_truncate(out, start);
}

/* ---- what moved, and which contributions made it ---------------------- */

/* A contribution's identity across the two solutions: its kind, its
 * source and the other resource involved (by id, since indices differ). */
static char *why_contribution_key(const CsModel *model, int rsc, const CsContribution *why)
{
    const char *other =
        why->other_rsc >= 0
            ? ((const CsResource *)g_ptr_array_index(model->resources, why->other_rsc))->id
            : "";
    /* The engine's internal names (a ticket's ban, a clone's limit) are
     * told by the CIB objects behind them (explain/cause.h). */
    g_autofree char *source = cs_cause_source_text(model, rsc, why);
    return g_strdup_printf("%s %s%s%s%s", cs_contribution_kind_name(why->kind), source,
                           *other ? " (" : "", other, *other ? ")" : "");
}

/* Adds why to table (key -> owned CsScore sum), summing contributions of
 * the same identity. */
static void why_table_add(GHashTable *table, const CsSolution *solution, int rsc,
                          const CsContribution *why)
{
    char *key = why_contribution_key(cs_solution_model(solution), rsc, why);
    CsScore *sum = g_hash_table_lookup(table, key);
    if (sum != NULL) {
        *sum = cs_score_add(*sum, why->value);
        g_free(key);
        return;
    }
    sum = g_new(CsScore, 1);
    *sum = why->value;
    g_hash_table_insert(table, key, sum);
}

static GHashTable *why_contribution_table(const CsSolution *solution, int rsc, int node)
{
    GHashTable *table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    int n = 0;
    const CsContribution *list =
        rsc >= 0 && node >= 0 ? cs_solution_contributions(solution, rsc, node, &n) : NULL;
    for (int i = 0; i < n; i++)
        why_table_add(table, solution, rsc, &list[i]);
    return table;
}

static void why_score_text(const CsSolution *solution, int rsc, int node, char *buf)
{
    if (rsc < 0 || node < 0 || !cs_solution_scored(solution, rsc, node))
        strcpy(buf, "-");
    else
        cs_score_format(cs_solution_score(solution, rsc, node), buf);
}

static void why_table_differences(GHashTable *was, GHashTable *is, GString *out);

/* The contributions to rsc's score on one node that differ between the
 * two solutions: added, gone, or of another value. */
static void why_node_contributions(const WhySide *before, const WhySide *after, const char *rsc_id,
                                   const char *uname, GString *out)
{
    const CsResource *rsc_was = cs_model_resource(before->model, rsc_id);
    const CsResource *rsc_is = cs_model_resource(after->model, rsc_id);
    const CsNode *node_was = cs_model_node(before->model, uname);
    const CsNode *node_is = cs_model_node(after->model, uname);
    int r0 = rsc_was ? rsc_was->index : -1, n0 = node_was ? node_was->index : -1;
    int r1 = rsc_is ? rsc_is->index : -1, n1 = node_is ? node_is->index : -1;
    char was_text[CS_SCORE_BUFSIZE], is_text[CS_SCORE_BUFSIZE];
    why_score_text(before->solution, r0, n0, was_text);
    why_score_text(after->solution, r1, n1, is_text);
    g_string_append_printf(out, "    on %s: score %s -> %s\n", uname, was_text, is_text);
    GHashTable *was = why_contribution_table(before->solution, r0, n0);
    GHashTable *is = why_contribution_table(after->solution, r1, n1);
    why_table_differences(was, is, out);
    g_hash_table_unref(was);
    g_hash_table_unref(is);
}

/* The contributions of is that are new or of another value than in was,
 * then those of was that are gone. */
static void why_table_differences(GHashTable *was, GHashTable *is, GString *out)
{
    char was_text[CS_SCORE_BUFSIZE], is_text[CS_SCORE_BUFSIZE];
    GHashTableIter iter;
    gpointer key, value;
    g_hash_table_iter_init(&iter, is);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        const CsScore *old = g_hash_table_lookup(was, key);
        if (old != NULL && *old == *(CsScore *)value)
            continue;
        cs_score_format(*(CsScore *)value, is_text);
        if (old == NULL) {
            g_string_append_printf(out, "      + %s: %s (new)\n", (const char *)key, is_text);
        } else {
            cs_score_format(*old, was_text);
            g_string_append_printf(out, "      ~ %s: %s -> %s\n", (const char *)key, was_text,
                                   is_text);
        }
    }
    g_hash_table_iter_init(&iter, was);
    while (g_hash_table_iter_next(&iter, &key, &value)) {
        if (g_hash_table_contains(is, key))
            continue;
        cs_score_format(*(CsScore *)value, was_text);
        g_string_append_printf(out, "      - %s: %s (gone)\n", (const char *)key, was_text);
    }
}

/* Where side's transition leaves rsc (explain/next.h: from its actions,
 * not the assignment), or NULL. */
static const char *why_planned(const WhySide *side, const char *rsc_id)
{
    const CsResource *rsc = cs_model_resource(side->model, rsc_id);
    if (rsc == NULL)
        return NULL;
    int node = cs_next_node(side->solution, cs_solution_transition(side->solution), rsc->index);
    return node >= 0 ? why_node_name(side->model, node) : NULL;
}

/* The line edits print for rsc (explain/next.h), indented: "web: alpha
 * -> bravo" for a move, "web: planned for ... instead of ..." for a
 * change of plan.  FALSE when it has none. */
static gboolean why_change_line(const WhySide *before, const WhySide *after, const CsResource *rsc,
                                GString *out)
{
    g_autoptr(GString) line = g_string_new(NULL);
    if (!cs_next_change_line(before->model, before->solution, after->model, after->solution,
                             rsc->index, line))
        return FALSE;
    g_string_append_printf(out, "  %s", line->str);
    return TRUE;
}

/* A move the previous input had already planned (its transition had not
 * run yet): nothing between the two CIBs caused it. */
static void why_planned_move(const WhySide *after, const CsResource *rsc, const char *is,
                             GString *out)
{
    int current = cs_solution_current_node(after->solution, rsc->index);
    if (current < 0 || is == NULL || rsc->parent >= 0)
        return;
    const char *from = why_node_name(after->model, current);
    if (strcmp(from, is) != 0)
        g_string_append_printf(out, "  %s: %s -> %s, as already planned before this step\n",
                               rsc->id, from, is);
}

/* Why a node can run no resource now (explain/words.h), or NULL when it
 * can. */
static const char *why_node_unavailable(const CsModel *model, const char *uname)
{
    return cs_words_node_unavailable(cs_model_node(model, uname));
}

/* A resource left uname: when that node can no longer run anything, that
 * is the reason, whatever the scores say. */
static void why_node_left(const WhySide *after, const char *uname, GString *out)
{
    const char *reason = why_node_unavailable(after->model, uname);
    if (reason != NULL)
        g_string_append_printf(out, "      node %s can run no resources: %s\n", uname, reason);
}

/* A group goes where its members can all run (Pacemaker Explained,
 * "Groups"): the member whose action decided it, with its cause. */
static void why_group_members(const WhySide *before, const WhySide *after, const CsResource *group,
                              GString *out)
{
    if (group->kind != CS_RSC_GROUP)
        return;
    const CsTransition *transition = cs_solution_transition(after->solution);
    for (guint i = 0; i < group->children->len; i++) {
        int member = g_array_index(group->children, int, i);
        guint n = 0;
        const CsPlannedAction *const *actions = cs_transition_actions_of(transition, member, &n);
        if (n == 0)
            continue;
        g_string_append_printf(
            out, "      decided by its members; %s:\n",
            ((const CsResource *)g_ptr_array_index(after->model->resources, member))->id);
        cs_cause_action(after->solution, before->solution, actions[0], "        ", out);
        return;
    }
}

/* Whether rsc's score on node (an index of after's model) is the same in
 * both CIBs: what moved it is then not in its scores there (utilization,
 * an order). */
static gboolean why_score_kept(const WhySide *before, const WhySide *after, const CsResource *rsc,
                               int node)
{
    const CsModel *model = cs_solution_model(after->solution);
    if (node < 0 || (guint)node >= model->nodes->len)
        return FALSE;
    const char *uname = ((const CsNode *)g_ptr_array_index(model->nodes, node))->uname;
    const CsResource *was = cs_model_resource(before->model, rsc->id);
    const CsNode *node_was = cs_model_node(before->model, uname);
    const CsResource *is = cs_model_resource(after->model, rsc->id);
    const CsNode *node_is = cs_model_node(after->model, uname);
    if (was == NULL || node_was == NULL || is == NULL || node_is == NULL)
        return FALSE;
    return cs_solution_score(before->solution, was->index, node_was->index)
           == cs_solution_score(after->solution, is->index, node_is->index);
}

/* A resource stopped or restarted by another one's action (an order,
 * Pacemaker Explained "Specifying the Order in which Resources Should
 * Start/Stop"): its scores did not change, the chain upstream did. */
static void why_order_cause(const WhySide *before, const WhySide *after, const CsResource *rsc,
                            GString *out)
{
    const CsModel *model = cs_solution_model(after->solution);
    const CsResource *engine_rsc = cs_model_resource(model, rsc->id);
    if (engine_rsc == NULL || engine_rsc->kind != CS_RSC_PRIMITIVE)
        return;
    guint n = 0;
    const CsPlannedAction *const *actions =
        cs_transition_actions_of(cs_solution_transition(after->solution), engine_rsc->index, &n);
    for (guint i = 0; i < n; i++) {
        const char *reason = actions[i]->reason;
        if ((reason != NULL
             && (g_str_has_prefix(reason, "required ") || g_str_has_prefix(reason, "unrunnable ")))
            || why_score_kept(before, after, rsc, actions[i]->from_node))
            cs_cause_action(after->solution, before->solution, actions[i], "      ", out);
    }
}

/* Pacemaker Explained, "Utilization and Placement Strategy": with a
 * strategy other than default, nodes of equal score are chosen by their
 * free capacity, not only by how many resources they hold. */
static const char *why_equal_scores(const CsModel *model)
{
    return model->options.placement_strategy == CS_PLACEMENT_DEFAULT
               ? "      (equal scores: the node with fewer resources assigned is chosen)\n"
               : "      (equal scores: placement-strategy chooses by free capacity, then by fewer "
                 "resources assigned)\n";
}

static void why_resource(const WhySide *before, const WhySide *after, const CsResource *rsc,
                         GString *out)
{
    if (cs_next_in_clone(after->model, rsc))
        return;
    gboolean existed = cs_model_resource(before->model, rsc->id) != NULL;
    const char *was = existed ? why_planned(before, rsc->id) : NULL;
    const char *is = why_planned(after, rsc->id);
    if (!existed)
        g_string_append_printf(out, "  %s: new resource, %s%s\n", rsc->id,
                               is ? "placed on " : "stays stopped", is ? is : "");
    else if (!why_change_line(before, after, rsc, out)) {
        why_planned_move(after, rsc, is, out);
        return;
    }
    if (existed && g_strcmp0(was, is) == 0)
        return;
    if (was != NULL) {
        why_node_contributions(before, after, rsc->id, was, out);
        why_node_left(after, was, out);
    }
    if (is != NULL)
        why_node_contributions(before, after, rsc->id, is, out);
    if (was != NULL && is != NULL) {
        const CsNode *from = cs_model_node(after->model, was);
        const CsNode *to = cs_model_node(after->model, is);
        if (from && to
            && cs_solution_score(after->solution, rsc->index, from->index)
                   == cs_solution_score(after->solution, rsc->index, to->index))
            /* Pacemaker Explained 2.1, "Which node is preferred": among equal
             * scores the node with fewer resources assigned wins. */
            g_string_append(out, why_equal_scores(after->model));
    }
    if (existed) {
        why_group_members(before, after, rsc, out);
        why_order_cause(before, after, rsc, out);
    }
}

/* ---- clones: instances are numbered anew in each CIB, so a clone is
 * compared by the nodes its instances go to and the nodes where one is
 * promoted (Pacemaker Explained 2.1, "Clones" and "Promotable clones"). */

/* The nodes side's instances of clone_id are assigned to (promoted only:
 * those where the instance will be Promoted), sorted by name; NULL when
 * the clone is not in that CIB. */
/* g_ptr_array_sort hands its function pointers to the elements. */
static gint why_compare_unames(gconstpointer a, gconstpointer b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static GPtrArray *why_clone_nodes(const WhySide *side, const char *clone_id, gboolean promoted)
{
    const CsModel *model = cs_solution_model(side->solution);
    const CsResource *clone = cs_model_resource(model, clone_id);
    if (clone == NULL || clone->kind != CS_RSC_CLONE)
        return NULL;
    GPtrArray *unames = g_ptr_array_new();
    const CsTransition *transition = cs_solution_transition(side->solution);
    for (guint i = 0; i < clone->children->len; i++) {
        int instance = g_array_index(clone->children, int, i);
        int node = cs_next_node(side->solution, transition, instance);
        if (node < 0)
            continue;
        if (promoted && cs_next_role(side->solution, transition, instance) != CS_ROLE_PROMOTED)
            continue;
        g_ptr_array_add(unames, (gpointer)why_node_name(model, node));
    }
    g_ptr_array_sort(unames, why_compare_unames);
    return unames;
}

static gboolean why_listed(const GPtrArray *unames, const char *uname)
{
    for (guint i = 0; i < unames->len; i++)
        if (strcmp(g_ptr_array_index(unames, i), uname) == 0)
            return TRUE;
    return FALSE;
}

/* The unames of from missing from to (each once), in from's order. */
static GPtrArray *why_missing(const GPtrArray *from, const GPtrArray *to)
{
    GPtrArray *missing = g_ptr_array_new();
    for (guint i = 0; i < from->len; i++) {
        const char *uname = g_ptr_array_index(from, i);
        if (!why_listed(to, uname) && !why_listed(missing, uname))
            g_ptr_array_add(missing, (gpointer)uname);
    }
    return missing;
}

static void why_join(GString *out, const GPtrArray *unames)
{
    for (guint i = 0; i < unames->len; i++)
        g_string_append_printf(out, "%s%s", i ? ", " : "",
                               (const char *)g_ptr_array_index(unames, i));
}

/* The instance of clone_id side assigns to uname (the promoted one when
 * promoted), or -1. */
static int why_clone_instance(const WhySide *side, const char *clone_id, const char *uname,
                              gboolean promoted)
{
    const CsModel *model = cs_solution_model(side->solution);
    const CsResource *clone = cs_model_resource(model, clone_id);
    const CsNode *node = cs_model_node(model, uname);
    if (clone == NULL || clone->kind != CS_RSC_CLONE || node == NULL)
        return -1;
    const CsTransition *transition = cs_solution_transition(side->solution);
    for (guint i = 0; i < clone->children->len; i++) {
        int instance = g_array_index(clone->children, int, i);
        if (cs_next_node(side->solution, transition, instance) == node->index
            && (!promoted
                || cs_next_role(side->solution, transition, instance) == CS_ROLE_PROMOTED))
            return instance;
    }
    return -1;
}

/* The promotion score of the instance each side promotes or keeps on
 * uname, and the contributions to it that differ. */
static void why_promotion_contributions(const WhySide *before, const WhySide *after,
                                        const char *clone_id, const char *uname, GString *out)
{
    const WhySide *sides[2] = {before, after};
    GHashTable *tables[2];
    char texts[2][CS_SCORE_BUFSIZE];
    for (int i = 0; i < 2; i++) {
        int instance = why_clone_instance(sides[i], clone_id, uname, FALSE);
        int node = -1, n = 0;
        CsScore score = 0;
        strcpy(texts[i], "-");
        tables[i] = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
        if (instance < 0
            || !cs_solution_promotion_score(sides[i]->solution, instance, &node, &score))
            continue;
        cs_score_format(score, texts[i]);
        const CsContribution *list =
            cs_solution_promotion_contributions(sides[i]->solution, instance, &n);
        for (int j = 0; j < n; j++) {
            /* An instance's promotion priority is told by what makes it
             * up (the promotion attribute, role=Promoted locations):
             * those are what changed, and they keep their names while
             * the instances' numbers do not. */
            int m = 0;
            const CsContribution *inner =
                list[j].kind == CS_CONTRIB_PROMOTION && list[j].other_rsc >= 0
                    ? cs_solution_promotion_priority(sides[i]->solution, list[j].other_rsc, &m)
                    : NULL;
            if (m == 0)
                why_table_add(tables[i], sides[i]->solution, instance, &list[j]);
            for (int k = 0; k < m; k++)
                why_table_add(tables[i], sides[i]->solution, instance, &inner[k]);
        }
    }
    g_string_append_printf(out, "    promotion on %s: score %s -> %s\n", uname, texts[0], texts[1]);
    why_table_differences(tables[0], tables[1], out);
    g_hash_table_unref(tables[0]);
    g_hash_table_unref(tables[1]);
}

static void why_clone_contributions(const WhySide *before, const WhySide *after,
                                    const CsResource *clone, const GPtrArray *left,
                                    const GPtrArray *joined, const GPtrArray *demoted,
                                    const GPtrArray *promoted, GString *out);

/* The cause of each action of clone's instances (explain/cause.h):
 * clone-max, clone-node-max, promoted-max and promotion scores say what
 * the clone's allocation scores cannot. */
static void why_clone_instances(const WhySide *before, const WhySide *after,
                                const CsResource *clone, GString *out)
{
    const CsTransition *transition = cs_solution_transition(after->solution);
    const CsModel *model = cs_solution_model(after->solution);
    const CsResource *engine_clone = cs_model_resource(model, clone->id);
    for (guint i = 0; engine_clone != NULL && i < engine_clone->children->len; i++) {
        int instance = g_array_index(engine_clone->children, int, i);
        guint n = 0;
        const CsPlannedAction *const *actions = cs_transition_actions_of(transition, instance, &n);
        for (guint j = 0; j < n; j++) {
            g_string_append_printf(
                out, "      %s %s:\n", cs_action_kind_name(actions[j]->kind),
                ((const CsResource *)g_ptr_array_index(model->resources, instance))->id);
            cs_cause_action(after->solution, before->solution, actions[j], "        ", out);
        }
    }
}

/* "ping-clone: stops on echo; starts on alpha" and, for a promotable
 * clone, where the promoted instances go; then, per node involved, the
 * clone's allocation score or the instance's promotion score, and the
 * contributions that made the difference. */
static void why_clone(const WhySide *before, const WhySide *after, const CsResource *clone,
                      GString *out)
{
    g_autoptr(GPtrArray) was = why_clone_nodes(before, clone->id, FALSE);
    g_autoptr(GPtrArray) is = why_clone_nodes(after, clone->id, FALSE);
    if (is == NULL)
        return;
    if (was == NULL) {
        g_string_append_printf(out, "  %s: new clone, %s", clone->id,
                               is->len ? "placed on " : "stays stopped");
        why_join(out, is);
        g_string_append_c(out, '\n');
        return;
    }
    g_autoptr(GPtrArray) left = why_missing(was, is);
    g_autoptr(GPtrArray) joined = why_missing(is, was);
    g_autoptr(GPtrArray) promoted_was = why_clone_nodes(before, clone->id, TRUE);
    g_autoptr(GPtrArray) promoted_is = why_clone_nodes(after, clone->id, TRUE);
    g_autoptr(GPtrArray) demoted = why_missing(promoted_was, promoted_is);
    g_autoptr(GPtrArray) promoted = why_missing(promoted_is, promoted_was);
    if (left->len + joined->len + demoted->len + promoted->len == 0)
        return;
    if (why_change_line(before, after, clone, out)) {
        why_clone_contributions(before, after, clone, left, joined, demoted, promoted, out);
        why_clone_instances(before, after, clone, out);
        return;
    }
    g_string_append_printf(out, "  %s:", clone->id);
    const char *separator = "";
    if (left->len > 0) {
        g_string_append(out, " stops on ");
        why_join(out, left);
        separator = ";";
    }
    if (joined->len > 0) {
        g_string_append_printf(out, "%s starts on ", separator);
        why_join(out, joined);
        separator = ";";
    }
    if (demoted->len > 0) {
        g_string_append_printf(out, "%s no longer promoted on ", separator);
        why_join(out, demoted);
        separator = ";";
    }
    if (promoted->len > 0) {
        g_string_append_printf(out, "%s promoted on ", separator);
        why_join(out, promoted);
    }
    g_string_append_c(out, '\n');
    why_clone_contributions(before, after, clone, left, joined, demoted, promoted, out);
    why_clone_instances(before, after, clone, out);
}

/* Per node a clone left, joined, or promotes or demotes on: its
 * allocation or promotion score and the contributions that changed. */
static void why_clone_contributions(const WhySide *before, const WhySide *after,
                                    const CsResource *clone, const GPtrArray *left,
                                    const GPtrArray *joined, const GPtrArray *demoted,
                                    const GPtrArray *promoted, GString *out)
{
    for (guint i = 0; i < left->len; i++) {
        why_node_contributions(before, after, clone->id, g_ptr_array_index(left, i), out);
        why_node_left(after, g_ptr_array_index(left, i), out);
    }
    for (guint i = 0; i < joined->len; i++)
        why_node_contributions(before, after, clone->id, g_ptr_array_index(joined, i), out);
    for (guint i = 0; i < demoted->len; i++)
        why_promotion_contributions(before, after, clone->id, g_ptr_array_index(demoted, i), out);
    for (guint i = 0; i < promoted->len; i++)
        why_promotion_contributions(before, after, clone->id, g_ptr_array_index(promoted, i), out);
}

static void why_placement(const WhySide *before, const WhySide *after, GString *out)
{
    g_string_append(out, "Placement:\n");
    gsize empty = out->len;
    const CsModel *model = after->model;
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->kind == CS_RSC_CLONE && rsc->parent < 0)
            why_clone(before, after, rsc, out);
        else
            why_resource(before, after, rsc, out);
    }
    for (guint i = 0; i < before->model->resources->len; i++) {
        const CsResource *gone = g_ptr_array_index(before->model->resources, i);
        if (cs_model_resource(model, gone->id) == NULL)
            g_string_append_printf(out, "  %s: removed from the configuration\n", gone->id);
    }
    if (out->len == empty)
        g_string_append(out, "  nothing starts, stops or moves\n");
}

static void why_transition(const WhySide *after, GString *out)
{
    g_autoptr(GString) summary = g_string_new(NULL);
    cs_solution_print_transition(after->solution, summary);
    g_auto(GStrv) lines = g_strsplit(summary->str, "\n", -1);
    g_string_append(out, "Transition:\n");
    gboolean any = FALSE;
    for (char **line = lines; *line != NULL; line++) {
        const char *text = g_strstrip(*line);
        if (*text == '\0' || strcmp(text, "Transition Summary:") == 0)
            continue;
        g_string_append_printf(out, "  %s\n", text);
        any = TRUE;
    }
    if (!any)
        g_string_append(out, "  nothing to do\n");
}

/* Two inputs of one directory (a history step) are named by their file
 * names alone: the directory is the same and would crowd an 80-column
 * screen. */
static void why_names(const CsDocument *before, const CsDocument *after, char **was, char **is)
{
    g_autofree char *dir_was = g_path_get_dirname(before->path);
    g_autofree char *dir_is = g_path_get_dirname(after->path);
    gboolean same = strcmp(dir_was, dir_is) == 0;
    *was = same ? g_path_get_basename(before->path) : g_strdup(before->path);
    *is = same ? g_path_get_basename(after->path) : g_strdup(after->path);
}

static void why_header(const WhySide *before, const WhySide *after, GString *out)
{
    g_autofree char *was_name = NULL, *is_name = NULL;
    why_names(before->document, after->document, &was_name, &is_name);
    CsLiveVersion was, is;
    cs_live_version_read(before->document, &was);
    cs_live_version_read(after->document, &is);
    g_autofree char *was_epoch = cs_live_version_format(&was);
    g_autofree char *is_epoch = cs_live_version_format(&is);
    g_autofree char *was_time = cs_time_format(before->now);
    g_autofree char *is_time = cs_time_format(after->now);
    g_string_append_printf(out, "From %s (epoch %s, %s)\n  to %s (epoch %s, %s)\n", was_name,
                           was_epoch, was_time, is_name, is_epoch, is_time);
    cs_live_version_clear(&was);
    cs_live_version_clear(&is);
}

int cs_why_report(const CsDocument *before, const CsDocument *after, const CsTime *now,
                  GString *out)
{
    WhySide sides[2];
    why_side_build(&sides[0], before, now);
    why_side_build(&sides[1], after, now);
    why_header(&sides[0], &sides[1], out);
    why_changes(&sides[0], &sides[1], out);
    int status = MAX(sides[0].status, sides[1].status);
    for (int i = 0; i < 2; i++)
        if (sides[i].problem != NULL)
            g_string_append_printf(out, "%s: %s\n", sides[i].document->path, sides[i].problem);
    if (status == WHY_OK) {
        why_placement(&sides[0], &sides[1], out);
        why_transition(&sides[1], out);
        cs_cause_transition(sides[1].solution, sides[0].solution, out);
    }
    why_side_clear(&sides[0]);
    why_side_clear(&sides[1]);
    return status;
}

/* ---- the history of a directory --------------------------------------- */

/* The first input has nothing before it: its own transition only. */
static int history_first_step(const CsDocument *document, const CsTime *now, GString *out)
{
    WhySide side;
    why_side_build(&side, document, now);
    g_autofree char *when = cs_time_format(side.now);
    g_string_append_printf(out, "(first input, %s)\n", when);
    if (side.problem != NULL)
        g_string_append_printf(out, "%s: %s\n", document->path, side.problem);
    else
        why_transition(&side, out);
    int status = side.status;
    why_side_clear(&side);
    return status;
}

int cs_history_step(const CsDocument *previous, const CsDocument *document, const CsTime *now,
                    GString *out)
{
    return previous == NULL ? history_first_step(document, now, out)
                            : cs_why_report(previous, document, now, out);
}

static int history_report_files(const GPtrArray *files, const CsTime *now, GString *out);

int cs_history_report(const char *dir, const CsTime *now, GString *out, GError **error)
{
    g_autofree char *unpacked = NULL;
    g_autoptr(GPtrArray) files = cs_history_is_tarball(dir)
                                     ? cs_history_tarball_list(dir, &unpacked, error)
                                     : cs_history_list(dir, error);
    if (files == NULL)
        return -1;
    int worst = history_report_files(files, now, out);
    if (unpacked != NULL)
        cs_history_tarball_remove(unpacked);
    return worst;
}

static int history_report_files(const GPtrArray *files, const CsTime *now, GString *out)
{
    int worst = WHY_OK;
    CsDocument *previous = NULL;
    for (guint i = 0; i < files->len; i++) {
        const CsHistoryFile *file = g_ptr_array_index(files, i);
        g_string_append_printf(out, "%s== %s ==\n", i ? "\n" : "", file->name);
        g_autoptr(GError) load_error = NULL;
        CsDocument *document = cs_document_load(file->path, &load_error);
        int status;
        if (document == NULL) {
            g_string_append_printf(out, "unreadable: %s\n", load_error->message);
            status = WHY_INPUT;
        } else if (previous == NULL) {
            status = history_first_step(document, now, out);
        } else {
            status = cs_why_report(previous, document, now, out);
        }
        worst = MAX(worst, status);
        /* An unreadable input leaves the previous one as the base. */
        if (document != NULL) {
            g_clear_pointer(&previous, cs_document_free);
            previous = document;
        }
    }
    g_clear_pointer(&previous, cs_document_free);
    return worst;
}

/* ---- command line ----------------------------------------------------- */

static gboolean history_time(const char *time_text, CsTime *now, gboolean *given)
{
    *given = time_text != NULL;
    if (time_text == NULL)
        return TRUE;
    g_autoptr(GError) error = NULL;
    if (cs_time_parse(time_text, now, &error))
        return TRUE;
    fprintf(stderr, "cibscope: --time '%s': %s\n", time_text, error->message);
    return FALSE;
}

static int history_print(GString *out, int status)
{
    /* Names from the CIBs: escaped as --exec escapes them (output.h). */
    cs_output_write(stdout, out->str, out->len, cs_output_mode(stdout, CS_OUTPUT_CONTROLS));
    if (fflush(stdout) != 0)
        return WHY_INPUT;
    if (status == WHY_UNSUPPORTED)
        fprintf(stderr, "cibscope: not modelled yet: some steps could not be solved (see above)\n");
    return status;
}

int cs_history_run(const char *dir, const char *time_text)
{
    CsTime now;
    gboolean given;
    if (!history_time(time_text, &now, &given))
        return WHY_USAGE;
    g_autoptr(GString) out = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    int status = cs_history_report(dir, given ? &now : NULL, out, &error);
    if (status < 0) {
        fprintf(stderr, "cibscope: %s\n", error->message);
        return WHY_INPUT;
    }
    return history_print(out, status);
}

int cs_why_run(const char *before_path, const char *after_path, const char *time_text)
{
    CsTime now;
    gboolean given;
    if (!history_time(time_text, &now, &given))
        return WHY_USAGE;
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) before = cs_document_load(before_path, &error);
    if (before == NULL) {
        fprintf(stderr, "cibscope: %s\n", error->message);
        return WHY_INPUT;
    }
    g_autoptr(CsDocument) after = cs_document_load(after_path, &error);
    if (after == NULL) {
        fprintf(stderr, "cibscope: %s\n", error->message);
        return WHY_INPUT;
    }
    g_autoptr(GString) out = g_string_new(NULL);
    int status = cs_why_report(before, after, given ? &now : NULL, out);
    return history_print(out, status);
}
