/* check_session.c: the session's re-solve after an edit.
 *
 * An edit that stays inside <constraints>, a resource's meta attributes,
 * <nodes> or the transient attributes rebuilds the model from the one
 * before it, reading only what the change reaches (cs_model_rebuild);
 * every other change rebuilds it from scratch.  Either way the result must be exactly what loading the
 * edited document afresh gives: these tests edit many CIBs (the bundled
 * demos and the test data) in every way, then compare the session's
 * scores, transition, warnings and features with a model and solution
 * built from scratch, after the edit and again after its undo.
 */
#include "explain/session.h"
#include "explain/smallest.h"
#include "explain/trial.h"
#include "model/rules.h"

#include <check.h>
#include <string.h>
#include "testlib.h"

#define SOURCES_DATA CS_SRCDATADIR
#define TEST_DATA CS_TESTDATA

static const char *const folders[] = {
    SOURCES_DATA,
    TEST_DATA "/cases",
    TEST_DATA "/clone",
    TEST_DATA "/promotable",
    TEST_DATA "/transition",
    TEST_DATA "/model",
    TEST_DATA "/session",
};

/* Every .xml of the folders above, sorted. */
static GPtrArray *all_cibs(void)
{
    GPtrArray *paths = g_ptr_array_new_with_free_func(g_free);

    for (guint i = 0; i < G_N_ELEMENTS(folders); i++) {
        g_autoptr(GDir) dir = g_dir_open(folders[i], 0, NULL);
        const char *name;
        ck_assert_msg(dir != NULL, "%s: cannot open", folders[i]);
        while ((name = g_dir_read_name(dir)) != NULL)
            if (g_str_has_suffix(name, ".xml"))
                g_ptr_array_add(paths, g_build_filename(folders[i], name, NULL));
    }
    g_ptr_array_sort(paths, (GCompareFunc)g_strcmp0);
    return paths;
}

static gint compare_strings(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A hash table's pairs, sorted, on one line. */
static void describe_table(GString *out, const char *what, GHashTable *table)
{
    g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func(g_free);
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init(&iter, table);
    while (g_hash_table_iter_next(&iter, &key, &value))
        g_ptr_array_add(pairs, g_strdup_printf("%s=%s", (const char *)key, (const char *)value));
    g_ptr_array_sort(pairs, compare_strings);
    g_string_append_printf(out, "  %s", what);
    for (guint i = 0; i < pairs->len; i++)
        g_string_append_printf(out, " %s", (const char *)g_ptr_array_index(pairs, i));
    g_string_append_c(out, '\n');
}

static void describe_nodes(GString *out, const CsModel *model)
{
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        g_string_append_printf(out,
                               "node %d %s %s type %d online %d unclean %d pending %d "
                               "shutdown %d standby %d/%d maintenance %d dc %d state %d "
                               "unseen %d weight %d remote %d\n",
                               node->index, node->id, node->uname, node->type, node->online,
                               node->unclean, node->pending, node->shutdown, node->standby,
                               node->standby_onfail, node->maintenance, node->is_dc,
                               node->has_state, node->unseen, node->weight, node->remote_rsc);
        describe_table(out, "attrs", node->attrs);
        describe_table(out, "utilization", node->utilization);
    }
}

static void describe_resources(GString *out, const CsModel *model)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        ck_assert_ptr_eq(cs_model_resource(model, rsc->id), rsc);
        g_string_append_printf(
            out,
            "rsc %d %s kind %d parent %d children %u stickiness "
            "%d/%d threshold %d timeout %" G_GINT64_FORMAT " managed %d "
            "maintenance %d role %d priority %d multiple %s migrate %d "
            "critical %d requires %s promotable %d clone %d/%d/%d/%d "
            "unique %d interleave %d ordered %d notify %d ops %u\n",
            rsc->index, rsc->id, rsc->kind, rsc->parent, rsc->children->len, rsc->stickiness,
            rsc->stickiness_set, rsc->migration_threshold, rsc->failure_timeout_s, rsc->managed,
            rsc->maintenance, rsc->target_role, rsc->priority, rsc->multiple_active,
            rsc->allow_migrate, rsc->critical, rsc->requires, rsc->promotable, rsc->clone_max,
            rsc->clone_node_max, rsc->promoted_max, rsc->promoted_node_max, rsc->globally_unique,
            rsc->interleave, rsc->ordered, rsc->notify, rsc->ops->len);
        describe_table(out, "meta", rsc->meta);
        describe_table(out, "params", rsc->params);
        /* what a later rsc_defaults edit relies on, in any order */
        g_autoptr(GPtrArray) inherited = g_ptr_array_new();
        for (gsize j = 0; rsc->meta_inherited != NULL && rsc->meta_inherited[j] != NULL; j++)
            if (!g_ptr_array_find_with_equal_func(inherited, rsc->meta_inherited[j], g_str_equal,
                                                  NULL))
                g_ptr_array_add(inherited, rsc->meta_inherited[j]);
        g_ptr_array_sort(inherited, compare_strings);
        g_string_append(out, "  inherited");
        for (guint j = 0; j < inherited->len; j++)
            g_string_append_printf(out, " %s", (const char *)g_ptr_array_index(inherited, j));
        g_string_append_c(out, '\n');
    }
}

static void describe_status(GString *out, const CsModel *model)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        g_string_append_printf(out,
                               "state %s %d on %d role %d failed %d blocked %d "
                               "next %d ops %u\n",
                               state->rsc_id, state->rsc, state->node, state->role, state->failed,
                               state->blocked, state->next_role, state->history->len);
    }
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *count = g_ptr_array_index(model->fail_counts, i);
        g_string_append_printf(
            out, "failcount %s %d on %d %s %u: %d at %" G_GINT64_FORMAT " (sum %d)\n",
            count->rsc_id, count->rsc, count->node,
            count->operation != NULL ? count->operation : "-", count->interval_ms, count->count,
            count->last_failure, cs_model_fail_count(model, count->rsc, count->node));
    }
    for (guint i = 0; i < model->status_bans->len; i++) {
        const CsStatusBan *ban = g_ptr_array_index(model->status_bans, i);
        g_string_append_printf(out, "ban %d %d %s\n", ban->rsc, ban->node, ban->reason);
    }
    g_string_append_printf(out, "recheck %" G_GINT64_FORMAT "\n", model->recheck_by);
}

static const char *text_or_dash(const char *text)
{
    return text != NULL ? text : "-";
}

/* Every constraint entry, field by field: entries a rebuild took over
 * from the model before must be what reading them again gives. */
static void describe_constraints(GString *out, const CsModel *model)
{
    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *loc = g_ptr_array_index(model->locations, i);
        g_string_append_printf(out,
                               "location %s rsc %d role %d node %s score %d rules %u "
                               "discovery %d line %ld",
                               loc->id, loc->rsc, loc->role, text_or_dash(loc->node), loc->score,
                               loc->rules->len, loc->discovery, xmlGetLineNo(loc->xml));
        for (guint r = 0; r < loc->rules->len; r++)
            g_string_append_printf(out, " %ld",
                                   xmlGetLineNo(cs_rule_xml(g_ptr_array_index(loc->rules, r))));
        for (char **match = loc->submatches; match != NULL && *match != NULL; match++)
            g_string_append_printf(out, " %%%s", *match);
        g_string_append_c(out, '\n');
    }
    for (guint i = 0; i < model->colocations->len; i++) {
        const CsColocation *col = g_ptr_array_index(model->colocations, i);
        g_string_append_printf(out,
                               "colocation %s %d with %d score %d roles %d/%d attr %s "
                               "influence %d set %s\n",
                               col->id, col->rsc, col->with_rsc, col->score, col->rsc_role,
                               col->with_role, text_or_dash(col->node_attribute), col->influence,
                               text_or_dash(col->set_id));
    }
    for (guint i = 0; i < model->orders->len; i++) {
        const CsOrder *ord = g_ptr_array_index(model->orders, i);
        g_string_append_printf(out,
                               "order %s %d %s then %d %s kind %d symmetrical %d "
                               "group %d inverse %d set %s\n",
                               ord->id, ord->first, ord->first_action, ord->then, ord->then_action,
                               ord->kind, ord->symmetrical, ord->require_all_group, ord->inverse,
                               text_or_dash(ord->set_id));
    }
    for (guint i = 0; i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *ticket = g_ptr_array_index(model->ticket_constraints, i);
        g_string_append_printf(out, "rsc_ticket %s %d %s %s role %d\n", ticket->id, ticket->rsc,
                               ticket->ticket, ticket->loss_policy, ticket->rsc_role);
    }
}

/* Everything the engine answers for a model, as text: the failure, or
 * the scores and the transition; then what the model says that the
 * engine and the console read: warnings, features, tickets, nodes,
 * resources, the status section. */
static char *describe(const CsModel *model, const CsSolution *solution, const GError *failure)
{
    GString *out = g_string_new(NULL);

    if (failure != NULL)
        g_string_append_printf(out, "failed: %s\n", failure->message);
    if (solution != NULL) {
        cs_solution_print_scores(solution, out);
        cs_solution_print_transition(solution, out);
    }
    if (model != NULL) {
        g_string_append_printf(out, "features %#x\n", model->features);
        describe_table(out, "rsc_defaults", model->rsc_defaults);
        g_string_append_printf(out, "rsc_defaults followed %d\n",
                               model->rsc_defaults_names != NULL);
        for (guint i = 0; i < model->warnings->len; i++)
            g_string_append_printf(out, "warning %s\n",
                                   (const char *)g_ptr_array_index(model->warnings, i));
        for (guint i = 0; i < model->tickets->len; i++) {
            const CsTicket *ticket = g_ptr_array_index(model->tickets, i);
            g_string_append_printf(out, "ticket %s %d %d\n", ticket->id, ticket->granted,
                                   ticket->standby);
        }
        g_string_append_printf(out, "constraints %u %u %u %u\n", model->locations->len,
                               model->colocations->len, model->orders->len,
                               model->ticket_constraints->len);
        describe_constraints(out, model);
        describe_nodes(out, model);
        describe_resources(out, model);
        describe_status(out, model);
    }
    return g_string_free(out, FALSE);
}

/* The id index kept step by step equals one made afresh. */
static void assert_index_as_from_scratch(CsDocument *document, const char *what)
{
    g_autoptr(GHashTable) kept = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GHashTableIter iter;
    gpointer key, value;

    g_autoptr(GHashTable) twice = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);

    g_hash_table_iter_init(&iter, document->ids);
    while (g_hash_table_iter_next(&iter, &key, &value))
        g_hash_table_insert(kept, g_strdup(key), value);
    /* and the ids held twice, with as many other holders */
    g_hash_table_iter_init(&iter, document->duplicated);
    while (g_hash_table_iter_next(&iter, &key, &value))
        g_hash_table_insert(twice, g_strdup(key), GUINT_TO_POINTER(((GPtrArray *)value)->len));
    cs_document_reindex(document);
    ck_assert_msg(g_hash_table_size(twice) == g_hash_table_size(document->duplicated),
                  "%s: %s: %u ids held twice kept, %u in the document", document->path, what,
                  g_hash_table_size(twice), g_hash_table_size(document->duplicated));
    g_hash_table_iter_init(&iter, document->duplicated);
    while (g_hash_table_iter_next(&iter, &key, &value))
        ck_assert_msg(GPOINTER_TO_UINT(g_hash_table_lookup(twice, key))
                          == ((GPtrArray *)value)->len,
                      "%s: %s: id %s held twice", document->path, what, (const char *)key);
    ck_assert_msg(g_hash_table_size(kept) == g_hash_table_size(document->ids),
                  "%s: %s: %u ids kept, %u in the document", document->path, what,
                  g_hash_table_size(kept), g_hash_table_size(document->ids));
    g_hash_table_iter_init(&iter, document->ids);
    while (g_hash_table_iter_next(&iter, &key, &value))
        ck_assert_msg(g_hash_table_lookup(kept, key) == value,
                      "%s: %s: id %s: held by <%s> line %ld, not the one kept", document->path,
                      what, (const char *)key, (const char *)((xmlNode *)value)->name,
                      xmlGetLineNo(value));
}

/* The session's answer equals a from-scratch build of its document. */
static void assert_as_from_scratch(CsSession *session, const char *what)
{
    assert_index_as_from_scratch(session->document, what);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsModel) model = cs_model_build(session->document, cs_session_time(session), &error);
    g_autoptr(CsSolution) solution = model != NULL ? cs_solve(model, &error) : NULL;
    g_autofree char *expected = describe(model, solution, error);
    g_autofree char *got = describe(session->model, session->solution, session->failure);

    if (strcmp(expected, got) == 0)
        return;
    /* the first line that differs, to say what */
    g_auto(GStrv) want = g_strsplit(expected, "\n", -1);
    g_auto(GStrv) have = g_strsplit(got, "\n", -1);
    guint line = 0;
    while (want[line] != NULL && have[line] != NULL && strcmp(want[line], have[line]) == 0)
        line++;
    ck_abort_msg("%s: %s: incremental result differs at line %u: expected '%s', got '%s'",
                 session->document->path, what, line, want[line] != NULL ? want[line] : "(end)",
                 have[line] != NULL ? have[line] : "(end)");
}

typedef gboolean (*CsTrialEdit)(CsSession *session, GError **error);

static const CsResource *first_primitive(const CsSession *session, int skip)
{
    const CsModel *model = session->model;

    for (guint i = 0; model != NULL && i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->kind == CS_RSC_PRIMITIVE && rsc->parent < 0 && skip-- == 0)
            return rsc;
    }
    return NULL;
}

static const char *first_node(const CsSession *session)
{
    const CsModel *model = session->model;

    if (model == NULL || model->nodes->len == 0)
        return NULL;
    return ((const CsNode *)g_ptr_array_index(model->nodes, 0))->uname;
}

static const char *constraint_id(const CsSession *session, const char *element)
{
    xmlNode *constraints = cs_document_section(session->document, "constraints");

    for (xmlNode *node = constraints != NULL ? constraints->children : NULL; node != NULL;
         node = node->next) {
        if (node->type == XML_ELEMENT_NODE && xmlStrEqual(node->name, BAD_CAST element)
            && xmlHasProp(node, BAD_CAST "score") && xmlHasProp(node, BAD_CAST "id"))
            return (const char *)xmlHasProp(node, BAD_CAST "id")->children->content;
    }
    return NULL;
}

#define NEED(x)                                                                                    \
    do {                                                                                           \
        if ((x) == NULL)                                                                           \
            return FALSE;                                                                          \
    } while (0)

static gboolean edit_ban(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc);
    NEED(first_node(session));
    return cs_edit_ban(session->log, rsc->id, first_node(session), NULL, error);
}

static gboolean edit_ban_lifetime(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc);
    NEED(first_node(session));
    return cs_edit_ban(session->log, rsc->id, first_node(session), "2030-01-01", error);
}

static gboolean edit_prefer(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 1);
    NEED(rsc);
    NEED(first_node(session));
    return cs_edit_prefer(session->log, rsc->id, first_node(session), NULL, error);
}

static gboolean edit_location(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc);
    NEED(first_node(session));
    return cs_edit_location_add(session->log, "trial-location", rsc->id, first_node(session),
                                "-INFINITY", error);
}

static gboolean edit_colocation(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0), *with = first_primitive(session, 1);
    NEED(rsc);
    NEED(with);
    return cs_edit_colocation_add(session->log, "trial-colocation", rsc->id, with->id, "-INFINITY",
                                  error);
}

static gboolean edit_remove_location(CsSession *session, GError **error)
{
    const char *id = constraint_id(session, "rsc_location");
    NEED(id);
    return cs_edit_constraint_remove(session->log, id, error);
}

static gboolean edit_remove_colocation(CsSession *session, GError **error)
{
    const char *id = constraint_id(session, "rsc_colocation");
    NEED(id);
    return cs_edit_constraint_remove(session->log, id, error);
}

static gboolean edit_score(CsSession *session, GError **error)
{
    const char *id = constraint_id(session, "rsc_colocation");
    if (id == NULL)
        id = constraint_id(session, "rsc_location");
    NEED(id);
    return cs_edit_constraint_score(session->log, id, "-7", error);
}

static const CsResource *first_of_kind(const CsSession *session, CsRscKind kind)
{
    const CsModel *model = session->model;

    for (guint i = 0; model != NULL && i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->kind == kind && rsc->parent < 0)
            return rsc;
    }
    return NULL;
}

static gboolean edit_stickiness(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc);
    return cs_edit_stickiness(session->log, rsc->id, "50", error);
}

/* Group and clone meta attributes reach their children. */
static gboolean edit_group_stickiness(CsSession *session, GError **error)
{
    const CsResource *rsc = first_of_kind(session, CS_RSC_GROUP);
    NEED(rsc);
    return cs_edit_stickiness(session->log, rsc->id, "-20", error);
}

static gboolean edit_clone_stickiness(CsSession *session, GError **error)
{
    const CsResource *rsc = first_of_kind(session, CS_RSC_CLONE);
    NEED(rsc);
    return cs_edit_stickiness(session->log, rsc->id, "INFINITY", error);
}

/* A member of a group: the group is not read again. */
static gboolean edit_member_stickiness(CsSession *session, GError **error)
{
    const CsResource *group = first_of_kind(session, CS_RSC_GROUP);
    NEED(group);
    if (group->children->len == 0)
        return FALSE;
    const CsResource *member =
        g_ptr_array_index(session->model->resources, g_array_index(group->children, int, 0));
    return cs_edit_stickiness(session->log, member->id, "70", error);
}

static gboolean edit_default_stickiness(CsSession *session, GError **error)
{
    return cs_edit_stickiness(session->log, NULL, "15", error);
}

static gboolean edit_default_stickiness_unset(CsSession *session, GError **error)
{
    xmlNode *defaults = cs_document_section(session->document, "rsc_defaults");
    NEED(defaults);
    return cs_edit_stickiness(session->log, NULL, NULL, error);
}

static gboolean edit_standby(CsSession *session, GError **error)
{
    NEED(first_node(session));
    return cs_edit_standby(session->log, first_node(session), TRUE, error);
}

static gboolean edit_node_add(CsSession *session, GError **error)
{
    return cs_edit_node_add(session->log, "cs-session-node", error);
}

static gboolean edit_node_remove(CsSession *session, GError **error)
{
    NEED(first_node(session));
    return cs_edit_node_remove(session->log, first_node(session), error);
}

/* ---- the resource tree (cs_model_rebuild's restructuring) ---------------- */

/* The first top-level group with at least `members` members. */
static const CsResource *first_group(const CsSession *session, guint members)
{
    const CsModel *model = session->model;

    for (guint i = 0; model != NULL && i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->kind == CS_RSC_GROUP && rsc->parent < 0 && rsc->children->len >= members)
            return rsc;
    }
    return NULL;
}

static const char *first_member(const CsSession *session, const CsResource *group)
{
    return ((const CsResource *)g_ptr_array_index(
                session->model->resources, (guint)g_array_index(group->children, int, 0)))
        ->id;
}

/* Whether a tag names id (an edit of <tags> rebuilds everything). */
static gboolean tagged(const CsSession *session, const char *id)
{
    xmlNode *tags = cs_document_section(session->document, "tags");

    for (xmlNode *tag = tags != NULL ? tags->children : NULL; tag != NULL; tag = tag->next)
        for (xmlNode *ref = tag->children; ref != NULL; ref = ref->next)
            if (ref->type == XML_ELEMENT_NODE && xmlStrEqual(ref->name, BAD_CAST "obj_ref")
                && xmlHasProp(ref, BAD_CAST "id") != NULL
                && strcmp((const char *)xmlHasProp(ref, BAD_CAST "id")->children->content, id)
                       == 0)
                return TRUE;
    return FALSE;
}

static gboolean edit_group_new(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc);
    return cs_edit_group_add(session->log, "cs-session-group", rsc->id, error);
}

/* the last top-level primitive into the first group: what lies between
 * moves up by one */
static gboolean edit_group_join(CsSession *session, GError **error)
{
    const CsResource *group = first_group(session, 1);
    NEED(group);
    const CsResource *rsc = NULL;
    for (int skip = 0; first_primitive(session, skip) != NULL; skip++)
        rsc = first_primitive(session, skip);
    NEED(rsc);
    return cs_edit_group_add(session->log, group->id, rsc->id, error);
}

static gboolean edit_group_leave(CsSession *session, GError **error)
{
    const CsResource *group = first_group(session, 2);
    NEED(group);
    return cs_edit_group_remove(session->log, group->id, first_member(session, group), NULL,
                                error);
}

/* the group's only member leaves: the group goes, and its constraints */
static gboolean edit_group_empty(CsSession *session, GError **error)
{
    const CsResource *group = first_group(session, 1);
    NEED(group);
    if (group->children->len != 1 || tagged(session, group->id)
        || tagged(session, first_member(session, group)))
        return FALSE;
    return cs_edit_group_remove(session->log, group->id, first_member(session, group), NULL,
                                error);
}

/* clone retargets the tags naming the resource: one no tag names */
static gboolean edit_clone(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    for (int skip = 1; rsc != NULL && tagged(session, rsc->id); skip++)
        rsc = first_primitive(session, skip);
    NEED(rsc);
    return cs_edit_clone(session->log, rsc->id, FALSE, NULL, error);
}

static gboolean edit_resource_new(CsSession *session, GError **error)
{
    return cs_edit_resource_add(session->log, "cs-session-rsc", "ocf", "pacemaker", "Dummy",
                                NULL, NULL, error);
}

/* resource remove takes the resource out of the tags too: one no tag
 * names */
static gboolean edit_resource_gone(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    for (int skip = 1; rsc != NULL && tagged(session, rsc->id); skip++)
        rsc = first_primitive(session, skip);
    NEED(rsc);
    return cs_edit_resource_remove(session->log, rsc->id, NULL, error);
}

static gboolean edit_maintenance(CsSession *session, GError **error)
{
    NEED(first_node(session));
    return cs_edit_maintenance(session->log, first_node(session), TRUE, error);
}

/* An attribute location rules may test. */
static gboolean edit_node_attribute(CsSession *session, GError **error)
{
    NEED(first_node(session));
    return cs_edit_node_attribute(session->log, first_node(session), "tier", "web", error);
}

static gboolean edit_fail_count(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc);
    NEED(first_node(session));
    return cs_edit_fail_count_set(session->log, rsc->id, first_node(session), "monitor_10000",
                                  "INFINITY", 1717243100, error);
}

static gboolean edit_fail_count_clear(CsSession *session, GError **error)
{
    const CsModel *model = session->model;
    NEED(model);
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *count = g_ptr_array_index(model->fail_counts, i);
        const CsNode *node = g_ptr_array_index(model->nodes, count->node);
        if (count->rsc >= 0)
            return cs_edit_fail_count_clear(session->log, count->rsc_id, node->uname, error);
    }
    return FALSE;
}

/* A fresh fail count for an operation a history of a resource with a
 * failure-timeout shows failing (or else its newest operation): reading
 * the histories depends on it (an expired failure counts again while a
 * fail count for it has not expired), so they must be read again. */
static gboolean edit_fail_count_timeout(CsSession *session, GError **error)
{
    const CsModel *model = session->model;
    NEED(model);
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        if (state->rsc < 0 || state->history->len == 0
            || ((const CsResource *)g_ptr_array_index(model->resources, state->rsc))
                       ->failure_timeout_s
                   <= 0)
            continue;
        const CsOpRecord *record = g_ptr_array_index(state->history, state->history->len - 1);
        for (guint j = 0; j < state->history->len; j++) {
            const CsOpRecord *op = g_ptr_array_index(state->history, j);
            if (op->rc_code != 0 && op->rc_code != 7)
                record = op;
        }
        const CsNode *node = g_ptr_array_index(model->nodes, state->node);
        g_autofree char *operation =
            g_strdup_printf("%s_%u", record->operation, record->interval_ms);
        return cs_edit_fail_count_set(session->log, state->rsc_id, node->uname, operation, "1",
                                      cs_session_time(session).seconds - 1, error);
    }
    return FALSE;
}

/* The first rule inside <section>'s element named `inside` (NULL: any). */
static const char *rule_in(const CsSession *session, const char *section, const char *inside)
{
    xmlNode *top = cs_document_section(session->document, section);
    xmlNode *node = top != NULL ? top->children : NULL;

    while (node != NULL) {
        if (node->type == XML_ELEMENT_NODE && xmlStrEqual(node->name, BAD_CAST "rule")
            && xmlHasProp(node, BAD_CAST "id")
            && (inside == NULL || xmlStrEqual(node->parent->name, BAD_CAST inside)))
            return (const char *)xmlHasProp(node, BAD_CAST "id")->children->content;
        if (node->children != NULL) {
            node = node->children;
            continue;
        }
        while (node != NULL && node->next == NULL && node->parent != top)
            node = node->parent;
        node = node != NULL ? node->next : NULL;
    }
    return NULL;
}

/* A rule choosing a resource's meta attributes (is-managed, a failure
 * timeout: what the status section reads too). */
static gboolean edit_meta_rule(CsSession *session, GError **error)
{
    const char *id = rule_in(session, "resources", "meta_attributes");
    NEED(id);
    return cs_edit_rule_enable(session->log, id, FALSE, error);
}

static gboolean edit_node_rule(CsSession *session, GError **error)
{
    const char *id = rule_in(session, "nodes", NULL);
    NEED(id);
    return cs_edit_rule_enable(session->log, id, FALSE, error);
}

static gboolean edit_clock(CsSession *session, GError **error)
{
    CsTime later = cs_session_time(session);
    later.seconds += 400 * 24 * 3600;
    return cs_edit_set_time(session->log, later, error);
}

static gboolean edit_op_default(CsSession *session, GError **error)
{
    return cs_edit_option(session->log, CS_EDIT_OP_DEFAULTS, "timeout", "45s", error);
}

static gboolean edit_op_default_enabled(CsSession *session, GError **error)
{
    return cs_edit_option(session->log, CS_EDIT_OP_DEFAULTS, "enabled", "false", error);
}

/* `edit ID` as if the editor had made the first from of the element's
 * text to. */
static gboolean edit_xml(CsSession *session, const char *id, const char *from, const char *to,
                         GError **error)
{
    NEED(id);
    /* the id may name a node too (a remote node's connection) */
    xmlNode *element = cs_document_lookup_id(session->document, id);
    NEED(element);
    if (strcmp((const char *)element->name, "node") == 0)
        return FALSE;
    g_autofree char *text = cs_edit_element_text(session->document, id);
    const char *at = text != NULL ? strstr(text, from) : NULL;
    NEED(at);
    g_autofree char *edited =
        g_strdup_printf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return cs_edit_replace_element(session->log, id, edited, error);
}

static gboolean edit_xml_primitive(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc);
    g_autofree char *from = g_strdup_printf("id=\"%s\"", rsc->id);
    g_autofree char *to = g_strdup_printf("id=\"%s\" description=\"trial\"", rsc->id);
    return edit_xml(session, rsc->id, from, to, error);
}

static gboolean edit_xml_operation(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc);
    return edit_xml(session, rsc->id, "interval=\"", "interval=\"1", error);
}

/* attributes in another order (the id last): the element is replaced */
static gboolean edit_xml_reordered(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc);
    xmlNode *element = cs_document_lookup_id(session->document, rsc->id);
    if (element == NULL || strcmp((const char *)element->name, "primitive") != 0)
        return FALSE;
    g_autofree char *text = cs_edit_element_text(session->document, rsc->id);
    g_autofree char *id = g_strdup_printf(" id=\"%s\"", rsc->id);
    const char *at = text != NULL ? strstr(text, id) : NULL;
    NEED(at);
    g_autoptr(GString) edited = g_string_new(text);
    g_string_erase(edited, at - text, (gssize)strlen(id));
    gsize end = strcspn(edited->str, ">");
    g_string_insert(edited, (gssize)(end - (end > 0 && edited->str[end - 1] == '/')), id);
    return cs_edit_replace_element(session->log, rsc->id, edited->str, error);
}

static gboolean edit_xml_group(CsSession *session, GError **error)
{
    const CsResource *group = first_of_kind(session, CS_RSC_GROUP);
    NEED(group);
    g_autofree char *from = g_strdup_printf("id=\"%s\"", group->id);
    g_autofree char *to = g_strdup_printf("id=\"%s\" description=\"trial\"", group->id);
    return edit_xml(session, group->id, from, to, error);
}

static gboolean edit_xml_constraint(CsSession *session, GError **error)
{
    const char *id = constraint_id(session, "rsc_colocation");
    NEED(id);
    g_autofree char *from = g_strdup_printf("id=\"%s\"", id);
    g_autofree char *to = g_strdup_printf("id=\"%s\" rsc-role=\"Started\"", id);
    return edit_xml(session, id, from, to, error);
}

enum {
    C = CS_EDIT_CHANGED_CONSTRAINTS,
    O = CS_EDIT_CHANGED_OTHER,
    N = CS_EDIT_CHANGED_NODES,
    S = CS_EDIT_CHANGED_STATUS,
    M = CS_EDIT_CHANGED_RESOURCE_META,
    D = CS_EDIT_CHANGED_RSC_DEFAULTS,
    NS = CS_EDIT_CHANGED_NODE_STATES,
    T = CS_EDIT_CHANGED_RESOURCE_TREE,
    P = CS_EDIT_CHANGED_OP_DEFAULTS,
};

static const struct {
    const char *name;
    CsTrialEdit edit;
    guint changes;    /* where the edit must reach: exactly */
    guint or_changes; /* or else this (0: nothing else) */
    int min_applied;  /* on that many CIBs at least */
} trials[] = {
    {"ban", edit_ban, C, 0, 5},
    {"ban with lifetime", edit_ban_lifetime, C, 0, 5},
    {"prefer", edit_prefer, C, 0, 5},
    {"location add", edit_location, C, 0, 5},
    {"colocation add", edit_colocation, C, 0, 5},
    {"location remove", edit_remove_location, C, 0, 5},
    {"colocation remove", edit_remove_colocation, C, 0, 5},
    {"constraint score", edit_score, C, 0, 5},
    {"stickiness", edit_stickiness, M, 0, 5},
    {"group stickiness", edit_group_stickiness, M, 0, 5},
    {"clone stickiness", edit_clone_stickiness, M, 0, 5},
    {"group member stickiness", edit_member_stickiness, M, 0, 5},
    {"default stickiness", edit_default_stickiness, D, 0, 5},
    /* only where a set holds resource-stickiness: else no change */
    {"default stickiness unset", edit_default_stickiness_unset, D, 0, 1},
    {"standby", edit_standby, N, N | S, 5},
    {"maintenance", edit_maintenance, N, N | S, 5},
    {"node attribute", edit_node_attribute, N, N | S, 5},
    /* a node without a node_state gets one: that is more than transient */
    {"fail count", edit_fail_count, S, NS, 5},
    {"fail count clear", edit_fail_count_clear, S, 0, 3},
    {"fail count with failure-timeout", edit_fail_count_timeout, S, 0, 3},
    {"meta rule", edit_meta_rule, M, 0, 1},
    {"node rule", edit_node_rule, N, 0, 1},
    {"clock", edit_clock, 0, 0, 5},
    /* a node removed without a node_state: <nodes> alone */
    {"node add", edit_node_add, N | NS, 0, 5},
    {"node remove", edit_node_remove, N | NS, N, 5},
    {"group add (new group)", edit_group_new, T, 0, 5},
    {"group add (existing group)", edit_group_join, T, 0, 5},
    {"group remove", edit_group_leave, T, 0, 5},
    /* constraints naming the group go with it */
    {"group remove (last member)", edit_group_empty, T, T | C, 1},
    /* constraints naming the resource name its clone */
    {"clone", edit_clone, T, T | C, 5},
    {"resource add", edit_resource_new, T, 0, 5},
    {"resource remove", edit_resource_gone, T, T | C, 5},
    {"op-default", edit_op_default, P, 0, 5},
    {"op-default enabled", edit_op_default_enabled, P, 0, 5},
    {"edit primitive", edit_xml_primitive, M, 0, 5},
    {"edit primitive operation", edit_xml_operation, M, 0, 3},
    {"edit primitive reordered", edit_xml_reordered, T, 0, 5},
    {"edit group", edit_xml_group, M, 0, 3},
    {"edit colocation", edit_xml_constraint, C, 0, 3},
};

/* How many node edits took the previous model's histories over instead
 * of reading them again, and how many rebuilds took constraints over
 * from the model before: the comparisons below must cover those paths. */
static guint histories_shared;
/* How many transient attribute edits, fail counts set [0] or cleared
 * [1], took the histories over and read only the fail counts again. */
static guint fail_counts_reread[2];
static guint constraints_reused;
/* How many clock edits kept the whole model, only "now" new. */
static guint clocks_kept;
/* How many rsc_defaults edits derived the resources' meta again. */
static guint defaults_followed;
/* How many edits of the resource tree were followed, and how many of
 * them took the histories over, renumbered (the first state's history
 * is the very array the model before read). */
static guint trees_followed;
static guint histories_renumbered;

/* One edit on one CIB: refresh after it and after its undo, comparing
 * each time.  Returns whether the edit applied. */
static guint swapped_back;

/* Undo right after an edit, then redo, swap the states back and forth
 * (cs_session_refresh): each as a from-scratch build would give. */
static void undo_redo_swapped(CsSession *session, const char *name)
{
    if (session->model == NULL || session->solution == NULL || session->previous_model == NULL
        || session->previous_solution == NULL)
        return;
    const CsModel *before = session->previous_model, *after = session->model;
    g_autofree char *undone = g_strdup_printf("after undoing %s (swapped)", name);
    g_autofree char *redone = g_strdup_printf("after redoing %s (swapped)", name);
    guint swaps = session->swaps;

    ck_assert(cs_edit_undo(session->log));
    ck_assert(cs_session_refresh(session));
    ck_assert_uint_eq(session->swaps, swaps + 1);
    ck_assert(session->model == before && session->previous_model == after);
    assert_as_from_scratch(session, undone);
    ck_assert(cs_edit_redo(session->log));
    ck_assert(cs_session_refresh(session));
    ck_assert_uint_eq(session->swaps, swaps + 2);
    ck_assert(session->model == after && session->previous_model == before);
    assert_as_from_scratch(session, redone);
    swapped_back++;
}

static gboolean try_edit(CsSession *session, guint trial)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *what = NULL;

    if (!trials[trial].edit(session, &error))
        return FALSE;
    guint changes = cs_edit_log_take_changes(session->log);
    ck_assert_msg(changes == trials[trial].changes
                      || (trials[trial].or_changes != 0 && changes == trials[trial].or_changes),
                  "%s: %s reached %#x", session->document->path, trials[trial].name, changes);
    /* the changes were taken above: say them again for the refresh */
    ck_assert(cs_edit_undo(session->log) && cs_edit_redo(session->log));
    const CsModel *before = session->model;
    const CsResource *kept = before != NULL && before->resources->len > 0
                                 ? g_ptr_array_index(before->resources, 0)
                                 : NULL;
    cs_session_refresh(session);
    if (changes == C && before != NULL && session->model != NULL)
        ck_assert_msg(session->model->config_part == before->config_part
                          && session->model->status_part == before->status_part
                          && g_ptr_array_index(session->model->resources, 0) == kept,
                      "%s: %s did not reuse the model", session->document->path,
                      trials[trial].name);
    /* taken over means shared: the very arrays and indexes of the model
     * before, which must then still be alive */
    if (session->model != NULL && session->model->histories_shared) {
        ck_assert(before != NULL && session->previous_model == before);
        ck_assert_ptr_eq(session->model->rsc_states, before->rsc_states);
        ck_assert_ptr_eq(session->model->state_index, before->state_index);
        /* fail counts: shared with their index, or both this model's own
         * (a fail count edit reads them again) */
        ck_assert((session->model->fail_counts == before->fail_counts)
                  == (session->model->fail_count_index == before->fail_count_index));
        histories_shared++;
        if (changes == S && session->model->fail_counts != before->fail_counts)
            fail_counts_reread[trials[trial].edit == edit_fail_count_clear]++;
    }
    if (session->model != NULL && session->model->constraints_reused > 0)
        constraints_reused++;
    if (changes == D && before != NULL && session->model != NULL
        && session->model->config_part == before->config_part) {
        ck_assert(session->model->rsc_defaults != before->rsc_defaults);
        defaults_followed++;
    }
    if (changes == 0 && before != NULL && session->model != NULL
        && session->model->config_part == before->config_part) {
        ck_assert(session->model->status_part == before->status_part);
        ck_assert(session->model->resources->len == 0
                  || g_ptr_array_index(session->model->resources, 0) == kept);
        ck_assert_int_ne(session->model->now.seconds, before->now.seconds);
        clocks_kept++;
    }
    if ((changes & T) != 0 && before != NULL && session->model != NULL
        && session->model->config_part == before->config_part) {
        trees_followed++;
        if (session->model->rsc_states->len > 0 && before->rsc_states->len > 0
            && ((CsRscState *)g_ptr_array_index(session->model->rsc_states, 0))->history
                   == ((CsRscState *)g_ptr_array_index(before->rsc_states, 0))->history)
            histories_renumbered++;
    }
    what = g_strdup_printf("after %s", trials[trial].name);
    assert_as_from_scratch(session, what);
    undo_redo_swapped(session, trials[trial].name);
    /* and the undo built again from the edited model */
    cs_session_forget_previous(session);
    ck_assert(cs_edit_undo(session->log));
    guint swaps = session->swaps;
    cs_session_refresh(session);
    ck_assert_uint_eq(session->swaps, swaps);
    g_free(what);
    what = g_strdup_printf("after undoing %s", trials[trial].name);
    assert_as_from_scratch(session, what);
    return TRUE;
}

START_TEST(test_every_edit_as_from_scratch)
{
    g_autoptr(GPtrArray) paths = all_cibs();
    guint applied[G_N_ELEMENTS(trials)] = {0};

    ck_assert_uint_gt(paths->len, 40);
    for (guint i = 0; i < paths->len; i++) {
        const char *path = g_ptr_array_index(paths, i);
        g_autoptr(GError) error = NULL;
        g_autoptr(CsSession) session = cs_session_open_partial(path, "2024-06-01 12:00:00", &error);
        ck_assert_msg(session != NULL, "%s: %s", path, error != NULL ? error->message : "");
        for (guint trial = 0; trial < G_N_ELEMENTS(trials); trial++)
            applied[trial] += try_edit(session, trial);
    }
    /* every kind of edit was tried on several CIBs */
    for (guint trial = 0; trial < G_N_ELEMENTS(trials); trial++)
        ck_assert_msg(applied[trial] >= (guint)trials[trial].min_applied,
                      "%s applied to %u CIBs only", trials[trial].name, applied[trial]);
    /* standby, maintenance and node attribute edits took the histories
     * over on many of them */
    ck_assert_uint_ge(histories_shared, 20);
    /* fail count set and clear edits took them over too, with fail
     * counts of their own */
    ck_assert_uint_ge(fail_counts_reread[0], 150);
    ck_assert_uint_ge(fail_counts_reread[1], 12);
    /* and constraint, meta and node edits took constraints over */
    ck_assert_uint_ge(constraints_reused, 1000);
    /* most CIBs read no date and have no failure timeout: a new clock
     * kept their model */
    ck_assert_uint_ge(clocks_kept, 40);
    /* rsc_defaults edits derived the meta again on most CIBs */
    ck_assert_uint_ge(defaults_followed, 30);
    /* edits of the resource tree were followed on most CIBs, and group
     * edits took the histories over */
    ck_assert_uint_ge(trees_followed, 100);
    ck_assert_uint_ge(histories_renumbered, 50);
    /* undo and redo swapped the states back on almost every edit */
    ck_assert_uint_ge(swapped_back, 3000);
}
END_TEST

/* Edits that cross sections, undone and redone in a row, between two
 * refreshes: only a change confined to <constraints> takes the short way. */
START_TEST(test_changes_reach)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session =
        cs_session_open(SOURCES_DATA "/demo.xml", "2024-06-01 12:00:00", &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    const CsResource *rsc = first_primitive(session, 0);
    const char *node = first_node(session);
    ck_assert(rsc != NULL && node != NULL);

    ck_assert_uint_eq(cs_edit_log_take_changes(session->log), 0);
    ck_assert(cs_edit_ban(session->log, rsc->id, node, NULL, &error));
    ck_assert(cs_edit_stickiness(session->log, rsc->id, "7", &error));
    ck_assert_uint_eq(cs_edit_log_take_changes(session->log),
                      CS_EDIT_CHANGED_CONSTRAINTS | CS_EDIT_CHANGED_RESOURCE_META);
    ck_assert(cs_edit_undo(session->log));
    ck_assert_uint_eq(cs_edit_log_take_changes(session->log), CS_EDIT_CHANGED_RESOURCE_META);
    cs_session_refresh(session);
    assert_as_from_scratch(session, "ban and stickiness, stickiness undone");
    /* a clock change with a constraint edit: rebuilt from scratch */
    CsTime later = cs_session_time(session);
    later.seconds += 365 * 24 * 3600;
    ck_assert(cs_edit_set_time(session->log, later, &error));
    ck_assert(cs_edit_undo(session->log)); /* the clock change */
    ck_assert(cs_edit_undo(session->log)); /* the ban */
    ck_assert(cs_edit_redo(session->log));
    ck_assert(cs_edit_redo(session->log));
    cs_session_refresh(session);
    ck_assert_int_eq(session->model->now.seconds, later.seconds);
    ck_assert_ptr_ne(session->model->config_part, session->previous_model->config_part);
    assert_as_from_scratch(session, "ban and a new clock");
}
END_TEST

/* Which parts a refresh read again: the partial rebuilds are taken, and
 * share exactly what they should. */
typedef struct {
    gboolean config, status, resource; /* shared with the model before */
} CsShared;

static CsShared refresh_sharing(CsSession *session, const char *rsc_id)
{
    const CsModel *before = session->model;
    const CsResource *rsc = cs_model_resource(before, rsc_id);
    CsShared shared;

    ck_assert(cs_session_refresh(session));
    shared.config = session->model->config_part == before->config_part;
    shared.status = session->model->status_part == before->status_part;
    shared.resource = cs_model_resource(session->model, rsc_id) == rsc;
    assert_as_from_scratch(session, rsc_id);
    return shared;
}

START_TEST(test_partial_rebuilds)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session =
        cs_session_open(TEST_DATA "/session/meta-rules.xml", "2024-06-01 12:00:00", &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    CsShared shared;

    /* stickiness: one resource read again, the status section kept */
    ck_assert(cs_edit_stickiness(session->log, "held", "40", &error));
    shared = refresh_sharing(session, "held");
    ck_assert(shared.config && shared.status && !shared.resource);
    ck_assert_int_eq(cs_model_resource(session->model, "held")->stickiness, 40);
    shared = refresh_sharing(session, "pair");
    ck_assert(shared.config && shared.status && shared.resource);
    /* a group's meta attributes: the group and its members */
    ck_assert(cs_edit_stickiness(session->log, "pair", "5", &error));
    shared = refresh_sharing(session, "pair-b");
    ck_assert(shared.config && shared.status && !shared.resource);
    ck_assert_int_eq(cs_model_resource(session->model, "pair-b")->stickiness, 5);
    /* is-managed and failure-timeout change: the status section again */
    ck_assert(cs_model_resource(session->model, "held")->managed == FALSE);
    ck_assert_int_eq(cs_model_fail_count(session->model, 0, 0), 0);
    ck_assert(cs_edit_rule_enable(session->log, "held-meta-rule", FALSE, &error));
    shared = refresh_sharing(session, "pair");
    ck_assert(shared.config && !shared.status && shared.resource);
    ck_assert(cs_model_resource(session->model, "held")->managed);
    ck_assert_int_eq(cs_model_fail_count(session->model, 0, 0), 2);
    /* node attributes: nodes and status again, resources kept */
    ck_assert(cs_edit_standby(session->log, "bravo", TRUE, &error));
    shared = refresh_sharing(session, "held");
    ck_assert(shared.config && !shared.status && shared.resource);
    ck_assert(cs_model_node(session->model, "bravo")->standby);
    /* transient attributes likewise */
    ck_assert(cs_edit_fail_count_clear(session->log, "held", "alpha", &error));
    shared = refresh_sharing(session, "held");
    ck_assert(shared.config && !shared.status && shared.resource);
    ck_assert_int_eq(cs_model_fail_count(session->model, 0, 0), 0);
    /* rsc_defaults: each resource's meta derived again where the
     * section reaches it, the options and the status section kept */
    ck_assert(cs_edit_stickiness(session->log, NULL, "3", &error));
    shared = refresh_sharing(session, "spread");
    ck_assert(shared.config && shared.status && !shared.resource);
    ck_assert_int_eq(cs_model_resource(session->model, "spread")->stickiness, 3);
    /* and all of it undone, step by step */
    while (cs_edit_undo(session->log)) {
        ck_assert(cs_session_refresh(session));
        assert_as_from_scratch(session, "undo");
    }
}
END_TEST

/* rsc_defaults sets chosen by rules, for resources of some agents
 * (rsc_expression) and until a date: switching those rules on and off
 * changes is-managed (the status section again), critical (the
 * constraints again) and what resources set themselves stays theirs. */
START_TEST(test_defaults_rules)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session =
        cs_session_open(TEST_DATA "/session/defaults-rules.xml", "2024-06-01 12:00:00", &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    const CsModel *model = session->model;
    const struct CsModelPart *config = model->config_part; /* model is retired later */
    CsShared shared;

    ck_assert(!cs_model_resource(model, "held")->managed);
    ck_assert(cs_model_resource(model, "own")->managed);
    ck_assert(cs_model_resource(model, "pair-b")->managed);
    ck_assert_int_eq(cs_model_resource(model, "pair-a")->migration_threshold, 2);
    ck_assert_int_eq(cs_model_resource(model, "own")->migration_threshold, 7);
    ck_assert_int_eq(cs_model_resource(model, "spread")->priority, 4);
    /* the clone's own set beats rsc_defaults for what it holds */
    ck_assert_int_eq(cs_model_resource(model, "spread-a")->priority, 4);
    ck_assert_int_eq(cs_model_resource(model, "pair-a")->priority, 1);
    ck_assert(!cs_model_resource(model, "pair")->critical);
    /* the Dummy defaults off: is-managed changes, the status again */
    ck_assert(cs_edit_rule_enable(session->log, "dummies-rule", FALSE, &error));
    shared = refresh_sharing(session, "pair-b");
    ck_assert(shared.config && !shared.status && shared.resource);
    ck_assert(cs_model_resource(session->model, "held")->managed);
    ck_assert_int_eq(cs_model_resource(session->model, "pair-a")->migration_threshold, CS_INFINITY);
    /* the dated set off: critical and failure-timeout change */
    ck_assert(cs_edit_rule_enable(session->log, "until-2030-rule", FALSE, &error));
    shared = refresh_sharing(session, "own");
    ck_assert(shared.config && !shared.resource);
    ck_assert(cs_model_resource(session->model, "pair")->critical);
    /* a default stickiness beside the rule-chosen sets */
    ck_assert(cs_edit_stickiness(session->log, NULL, "11", &error));
    shared = refresh_sharing(session, "held");
    ck_assert(shared.config && shared.status && !shared.resource);
    ck_assert_int_eq(cs_model_resource(session->model, "spread-a")->stickiness, 11);
    ck_assert(cs_edit_stickiness(session->log, NULL, NULL, &error));
    shared = refresh_sharing(session, "held");
    ck_assert(shared.config && !shared.resource);
    ck_assert_int_eq(cs_model_resource(session->model, "spread-a")->stickiness, 1);
    while (cs_edit_undo(session->log)) {
        ck_assert(cs_session_refresh(session));
        assert_as_from_scratch(session, "undo");
        ck_assert(session->model->config_part == config);
    }
    ck_assert(!cs_model_resource(session->model, "held")->managed);
}
END_TEST

/* An edit of <rsc_defaults> that changes only names whose fields depend
 * on their value alone (resource-stickiness, priority,
 * migration-threshold, failure-timeout) reads just those fields again:
 * the resources that inherit the default follow, a clone instance falls
 * back to 1, and what a resource or its group sets stays. */
START_TEST(test_defaults_fields_alone)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session = cs_session_open(TEST_DATA "/session/defaults-stickiness.xml",
                                                   "2024-06-01 12:00:00", &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    CsShared shared;

    ck_assert_int_eq(cs_model_resource(session->model, "plain")->stickiness, 5);
    ck_assert_int_eq(cs_model_resource(session->model, "spread-a")->stickiness, 5);
    ck_assert_int_eq(cs_model_resource(session->model, "pair-a")->stickiness, 30);
    ck_assert(cs_edit_stickiness(session->log, NULL, "100", &error));
    shared = refresh_sharing(session, "plain");
    ck_assert(shared.config && shared.status && !shared.resource);
    const CsModel *model = session->model;
    ck_assert_int_eq(cs_model_resource(model, "plain")->stickiness, 100);
    ck_assert(cs_model_resource(model, "plain")->stickiness_set);
    ck_assert_int_eq(cs_model_resource(model, "duo-a")->stickiness, 100);
    ck_assert_int_eq(cs_model_resource(model, "spread-a")->stickiness, 100);
    ck_assert_int_eq(cs_model_resource(model, "own")->stickiness, 40);
    /* the group's own value beats rsc_defaults for its members */
    ck_assert_int_eq(cs_model_resource(model, "pair")->stickiness, 30);
    ck_assert_int_eq(cs_model_resource(model, "pair-a")->stickiness, 30);
    ck_assert_int_eq(cs_model_resource(model, "pair-b")->stickiness, 30);
    /* the fields no name of the edit reaches are as they were */
    ck_assert_int_eq(cs_model_resource(model, "plain")->priority, 3);
    ck_assert_int_eq(cs_model_resource(model, "plain")->migration_threshold, 4);
    ck_assert_int_eq(cs_model_resource(model, "plain")->failure_timeout_s, 60);
    ck_assert_str_eq(cs_model_resource(model, "plain")->requires, "quorum");
    ck_assert_str_eq(cs_model_resource(model, "plain")->multiple_active, "stop_start");
    /* no default: a clone instance has 1, a primitive 0 and unset */
    ck_assert(cs_edit_stickiness(session->log, NULL, NULL, &error));
    shared = refresh_sharing(session, "plain");
    ck_assert(shared.config && !shared.resource);
    model = session->model;
    ck_assert_int_eq(cs_model_resource(model, "plain")->stickiness, 0);
    ck_assert(!cs_model_resource(model, "plain")->stickiness_set);
    ck_assert_int_eq(cs_model_resource(model, "spread-a")->stickiness, 1);
    ck_assert(!cs_model_resource(model, "spread-a")->stickiness_set);
    ck_assert_int_eq(cs_model_resource(model, "own")->stickiness, 40);
    ck_assert_int_eq(cs_model_resource(model, "pair-a")->stickiness, 30);
    /* the dated set off: priority, migration-threshold and
     * failure-timeout back to their defaults, own values kept */
    ck_assert(cs_edit_rule_enable(session->log, "until-2030-rule", FALSE, &error));
    shared = refresh_sharing(session, "plain");
    ck_assert(shared.config && !shared.resource);
    model = session->model;
    ck_assert_int_eq(cs_model_resource(model, "plain")->priority, 0);
    ck_assert_int_eq(cs_model_resource(model, "plain")->migration_threshold, CS_INFINITY);
    ck_assert_int_eq(cs_model_resource(model, "plain")->failure_timeout_s, 0);
    ck_assert_int_eq(cs_model_resource(model, "own")->priority, 2);
    ck_assert_int_eq(cs_model_resource(model, "spread-a")->stickiness, 1);
    while (cs_edit_undo(session->log)) {
        ck_assert(cs_session_refresh(session));
        assert_as_from_scratch(session, "undo");
    }
    ck_assert_int_eq(cs_model_resource(session->model, "plain")->stickiness, 5);
    ck_assert_int_eq(cs_model_resource(session->model, "plain")->priority, 3);
}
END_TEST

/* A refresh: how many constraint elements were taken over, checked
 * against a from-scratch build. */
static guint refresh_reused(CsSession *session, const char *what)
{
    ck_assert(cs_session_refresh(session));
    assert_as_from_scratch(session, what);
    return session->model->constraints_reused;
}

/* The constraint elements an edit did not touch are taken over, except
 * those numbered after one that changed (require-all="false" groups are
 * numbered through the whole section). */
START_TEST(test_constraints_taken_over)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session =
        cs_session_open(TEST_DATA "/session/order-groups.xml", "2024-06-01 12:00:00", &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    ck_assert_uint_eq(session->model->constraint_units->len, 3);
    ck_assert_uint_eq(session->model->constraints_reused, 0);

    /* a new ban: the three others taken over */
    ck_assert(cs_edit_ban(session->log, "two", "alpha", NULL, &error));
    ck_assert_uint_eq(refresh_reused(session, "ban"), 3);
    ck_assert_uint_eq(session->model->constraint_units->len, 4);
    cs_session_forget_previous(session); /* undo builds again */
    ck_assert(cs_edit_undo(session->log));
    ck_assert_uint_eq(refresh_reused(session, "ban undone"), 3);
    /* the first order gone: the second's groups are numbered anew */
    ck_assert(cs_edit_constraint_remove(session->log, "any-first", &error));
    ck_assert_uint_eq(refresh_reused(session, "first order removed"), 1);
    cs_session_forget_previous(session);
    ck_assert(cs_edit_undo(session->log));
    ck_assert_uint_eq(refresh_reused(session, "first order back"), 1);
    /* a score changed inside a constraint: that one read again */
    ck_assert(cs_edit_constraint_score(session->log, "one-likes-alpha", "-5", &error));
    ck_assert_uint_eq(refresh_reused(session, "score"), 2);
    /* a stickiness edit touches no constraint */
    ck_assert(cs_edit_stickiness(session->log, "three", "9", &error));
    ck_assert_uint_eq(refresh_reused(session, "stickiness"), 3);
    /* a new clock, and nothing here reads it: every one taken over */
    CsTime later = cs_session_time(session);
    later.seconds += 3600;
    ck_assert(cs_edit_set_time(session->log, later, &error));
    ck_assert_uint_eq(refresh_reused(session, "clock"), 3);
}
END_TEST

/* A clock edit on path, a year later, then undone: what the refresh
 * shared with the model before (all three parts, or none). */
static gboolean clock_kept_model(const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session = cs_session_open(path, "2024-06-01 12:00:00", &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    ck_assert_uint_gt(session->model->resources->len, 0);
    const CsResource *first = g_ptr_array_index(session->model->resources, 0);
    g_autofree char *rsc_id = g_strdup(first->id);
    CsTime later = cs_session_time(session);

    later.seconds += 366 * 24 * 3600;
    ck_assert(cs_edit_set_time(session->log, later, &error));
    CsShared shared = refresh_sharing(session, rsc_id);
    ck_assert_int_eq(session->model->now.seconds, later.seconds);
    ck_assert(shared.config == shared.status && shared.status == shared.resource);
    ck_assert(cs_edit_undo(session->log));
    CsShared undone = refresh_sharing(session, rsc_id);
    ck_assert(undone.config == shared.config && undone.status == shared.status);
    return shared.config;
}

/* A new clock keeps the model when nothing it read depends on the clock;
 * a date rule (in an nvset, a constraint lifetime) or a failure timeout
 * read the document again. */
START_TEST(test_clock_edits)
{
    ck_assert(clock_kept_model(TEST_DATA "/session/order-groups.xml"));
    ck_assert(clock_kept_model(SOURCES_DATA "/demo-small.xml"));
    ck_assert(!clock_kept_model(SOURCES_DATA "/demo.xml"));
    ck_assert(!clock_kept_model(TEST_DATA "/cases/rule-date-expression.xml"));
    ck_assert(!clock_kept_model(TEST_DATA "/cases/rule-date-spec.xml"));
    ck_assert(!clock_kept_model(TEST_DATA "/transition/failure-timeout-expired.xml"));
    ck_assert(!clock_kept_model(TEST_DATA "/transition/failure-timeout-active.xml"));
    ck_assert(!clock_kept_model(TEST_DATA "/session/meta-rules.xml"));
}
END_TEST

/* Sets the clock to seconds, refreshes and compares with a from-scratch
 * build; whether the refresh kept the model before. */
static gboolean clock_to(CsSession *session, gint64 seconds, const char *what)
{
    g_autoptr(GError) error = NULL;
    const CsModel *before = session->model;
    CsTime now = cs_session_time(session);

    now.seconds = seconds;
    ck_assert(cs_edit_set_time(session->log, now, &error));
    ck_assert(cs_session_refresh(session));
    assert_as_from_scratch(session, what);
    return session->model->config_part == before->config_part;
}

/* Clock edits that change what the model read: a meta attribute rule
 * that ends (the resource becomes managed, its failure timeout goes) and
 * a failure timeout that expires a fail count. */
START_TEST(test_clock_crosses)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) rules =
        cs_session_open(TEST_DATA "/session/meta-rules.xml", "2024-06-01 12:00:00", &error);
    ck_assert_msg(rules != NULL, "%s", error != NULL ? error->message : "");
    const CsResource *held = cs_model_resource(rules->model, "held");
    ck_assert(held != NULL && !held->managed && held->failure_timeout_s == 60);
    ck_assert(!clock_to(rules, 1924992000 + 3600, "past the meta rule's end")); /* 2031 */
    held = cs_model_resource(rules->model, "held");
    ck_assert(held != NULL && held->managed && held->failure_timeout_s == 0);

    g_autoptr(CsSession) failed = cs_session_open(
        TEST_DATA "/transition/failure-timeout-active.xml", "2024-06-01 12:00:00", &error);
    ck_assert_msg(failed != NULL, "%s", error != NULL ? error->message : "");
    ck_assert(!clock_to(failed, 1600000000 + 30, "failure not expired"));
    ck_assert_int_eq(cs_model_fail_count(failed->model, 0, 0), 1);
    ck_assert(!clock_to(failed, 1600000000 + 120, "failure expired"));
    ck_assert_int_eq(cs_model_fail_count(failed->model, 0, 0), 0);
}
END_TEST

/* A ban that ends (a rule with a date expression): the clock past its end
 * lifts it, so a clock edit reads the constraints again. */
START_TEST(test_clock_ends_ban)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session =
        cs_session_open(TEST_DATA "/session/order-groups.xml", "2024-06-01 12:00:00", &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    ck_assert(cs_edit_ban(session->log, "two", "alpha", "2024-06-02 00:00:00", &error));
    ck_assert(cs_session_refresh(session));
    assert_as_from_scratch(session, "ban until tomorrow");
    const CsModel *before = session->model;
    CsTime later = cs_session_time(session);
    later.seconds += 2 * 24 * 3600;
    ck_assert(cs_edit_set_time(session->log, later, &error));
    ck_assert(cs_session_refresh(session));
    ck_assert_ptr_ne(session->model->config_part, before->config_part);
    assert_as_from_scratch(session, "the ban's end passed");
}
END_TEST

static gboolean ban_two(CsSession *session, gpointer data, GError **error)
{
    return cs_edit_ban(session->log, "two", data, NULL, error);
}

/* A trial is solved while in place; taken back, the log is as before it
 * (nothing to redo) and the answer is the one from before. */
START_TEST(test_trial_taken_back)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session =
        cs_session_open(TEST_DATA "/session/order-groups.xml", "2024-06-01 12:00:00", &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    int two = cs_model_resource(session->model, "two")->index;
    int before = cs_solution_assigned_node(session->solution, two);
    ck_assert_int_ge(before, 0);
    const char *node = ((const CsNode *)g_ptr_array_index(session->model->nodes, before))->uname;
    CsSessionTrial trial = {0};
    ck_assert(cs_session_try(session, &trial, ban_two, (gpointer)node, &error));
    ck_assert(trial.active);
    ck_assert_int_ne(cs_solution_assigned_node(session->solution, two), before);
    ck_assert(cs_session_take_back(session, &trial));
    ck_assert(!cs_session_take_back(session, &trial));
    ck_assert_uint_eq(cs_edit_log_undo_depth(session->log), 0);
    ck_assert_uint_eq(cs_edit_log_redo_depth(session->log), 0);
    ck_assert(!cs_session_dirty(session));
    ck_assert_int_eq(cs_solution_assigned_node(session->solution, two), before);
    assert_as_from_scratch(session, "a trial taken back");
}
END_TEST

/* The smallest change is verified on a scratch copy: the session asked
 * about is left as it was, and every change found really moves it. */
START_TEST(test_smallest_leaves_session)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session =
        cs_session_open(TEST_DATA "/cases/failcount-threshold.xml", NULL, &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    const CsResource *rsc1 = cs_model_resource(session->model, "rsc1");
    const CsNode *node1 = cs_model_node(session->model, "node1");
    CsSmallestGoal goal = {rsc1->index, cs_solution_assigned_node(session->solution, rsc1->index),
                           node1->index};
    ck_assert_int_ne(goal.from, goal.onto);
    g_autoptr(GPtrArray) found = cs_smallest_changes(session, &goal);
    ck_assert_uint_ge(found->len, 1);
    const CsSmallestChange *first = g_ptr_array_index(found, 0);
    ck_assert_str_eq(first->text, "clear the fail count of monitor_10000 on node1");
    ck_assert_str_eq(first->command, "failcount clear rsc1 node1");
    ck_assert_str_eq(first->after, "node1");
    ck_assert_uint_eq(cs_edit_log_undo_depth(session->log), 0);
    ck_assert(!cs_session_dirty(session));
}
END_TEST

static Suite *session_suite(void)
{
    Suite *suite = suite_create("session");
    TCase *refresh = tcase_create("refresh");

    tcase_set_timeout(refresh, 300);
    tcase_add_test(refresh, test_every_edit_as_from_scratch);
    tcase_add_test(refresh, test_changes_reach);
    tcase_add_test(refresh, test_partial_rebuilds);
    tcase_add_test(refresh, test_defaults_rules);
    tcase_add_test(refresh, test_defaults_fields_alone);
    tcase_add_test(refresh, test_constraints_taken_over);
    tcase_add_test(refresh, test_clock_edits);
    tcase_add_test(refresh, test_clock_ends_ban);
    tcase_add_test(refresh, test_clock_crosses);
    tcase_add_test(refresh, test_trial_taken_back);
    tcase_add_test(refresh, test_smallest_leaves_session);
    suite_add_tcase(suite, refresh);
    return suite;
}

int main(void)
{
    return cs_test_run(session_suite());
}
