/* check_session.c: the session's re-solve after an edit.
 *
 * An edit that changes only <constraints> rebuilds the model from the one
 * before it (cs_model_rebuild_constraints); every other change rebuilds it
 * from scratch.  Either way the result must be exactly what loading the
 * edited document afresh gives: these tests edit many CIBs (the bundled
 * demos and the test data) in every way, then compare the session's
 * scores, transition, warnings and features with a model and solution
 * built from scratch, after the edit and again after its undo.
 */
#include "explain/session.h"

#include <check.h>
#include <string.h>

#define SOURCES_DATA CS_SRCDATADIR
#define TEST_DATA CS_TESTDATA

static const char *const folders[] = {
    SOURCES_DATA, TEST_DATA "/cases", TEST_DATA "/clone", TEST_DATA "/promotable",
    TEST_DATA "/transition", TEST_DATA "/model", TEST_DATA "/session",
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

/* Everything the engine answers for a model, as text: the failure, or
 * the scores and the transition; then the model's warnings and features. */
static char *describe(const CsModel *model, const CsSolution *solution,
                      const GError *failure)
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
        for (guint i = 0; i < model->warnings->len; i++)
            g_string_append_printf(out, "warning %s\n",
                                   (const char *)g_ptr_array_index(model->warnings, i));
        for (guint i = 0; i < model->tickets->len; i++) {
            const CsTicket *ticket = g_ptr_array_index(model->tickets, i);
            g_string_append_printf(out, "ticket %s %d %d\n", ticket->id,
                                   ticket->granted, ticket->standby);
        }
    }
    return g_string_free(out, FALSE);
}

/* The id index kept step by step equals one made afresh. */
static void assert_index_as_from_scratch(CsDocument *document, const char *what)
{
    g_autoptr(GHashTable) kept = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init(&iter, document->ids);
    while (g_hash_table_iter_next(&iter, &key, &value))
        g_hash_table_insert(kept, g_strdup(key), value);
    cs_document_reindex(document);
    ck_assert_msg(g_hash_table_size(kept) == g_hash_table_size(document->ids),
                  "%s: %s: %u ids kept, %u in the document", document->path, what,
                  g_hash_table_size(kept), g_hash_table_size(document->ids));
    g_hash_table_iter_init(&iter, document->ids);
    while (g_hash_table_iter_next(&iter, &key, &value))
        ck_assert_msg(g_hash_table_lookup(kept, key) == value, "%s: %s: id %s",
                      document->path, what, (const char *)key);
}

/* The session's answer equals a from-scratch build of its document. */
static void assert_as_from_scratch(CsSession *session, const char *what)
{
    assert_index_as_from_scratch(session->document, what);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsModel) model = cs_model_build(session->document,
                                              cs_session_time(session), &error);
    g_autoptr(CsSolution) solution = model != NULL ? cs_solve(model, &error) : NULL;
    g_autofree char *expected = describe(model, solution, error);
    g_autofree char *got = describe(session->model, session->solution, session->failure);

    ck_assert_msg(strcmp(expected, got) == 0, "%s: %s: incremental result differs",
                  session->document->path, what);
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

#define NEED(x) do { if ((x) == NULL) return FALSE; } while (0)

static gboolean edit_ban(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc); NEED(first_node(session));
    return cs_edit_ban(session->log, rsc->id, first_node(session), NULL, error);
}

static gboolean edit_ban_lifetime(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc); NEED(first_node(session));
    return cs_edit_ban(session->log, rsc->id, first_node(session), "2030-01-01", error);
}

static gboolean edit_prefer(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 1);
    NEED(rsc); NEED(first_node(session));
    return cs_edit_prefer(session->log, rsc->id, first_node(session), NULL, error);
}

static gboolean edit_location(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc); NEED(first_node(session));
    return cs_edit_location_add(session->log, "trial-location", rsc->id,
                                first_node(session), "-INFINITY", error);
}

static gboolean edit_colocation(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0), *with = first_primitive(session, 1);
    NEED(rsc); NEED(with);
    return cs_edit_colocation_add(session->log, "trial-colocation", rsc->id, with->id,
                                  "-INFINITY", error);
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

/* Not constraints: these take the full rebuild. */
static gboolean edit_stickiness(CsSession *session, GError **error)
{
    const CsResource *rsc = first_primitive(session, 0);
    NEED(rsc);
    return cs_edit_stickiness(session->log, rsc->id, "50", error);
}

static gboolean edit_standby(CsSession *session, GError **error)
{
    NEED(first_node(session));
    return cs_edit_standby(session->log, first_node(session), TRUE, error);
}

static const struct {
    const char *name;
    CsTrialEdit edit;
    gboolean constraints_only;
} trials[] = {
    { "ban", edit_ban, TRUE },
    { "ban with lifetime", edit_ban_lifetime, TRUE },
    { "prefer", edit_prefer, TRUE },
    { "location add", edit_location, TRUE },
    { "colocation add", edit_colocation, TRUE },
    { "location remove", edit_remove_location, TRUE },
    { "colocation remove", edit_remove_colocation, TRUE },
    { "constraint score", edit_score, TRUE },
    { "stickiness", edit_stickiness, FALSE },
    { "standby", edit_standby, FALSE },
};

/* One edit on one CIB: refresh after it and after its undo, comparing
 * each time.  Returns whether the edit applied. */
static gboolean try_edit(CsSession *session, guint trial)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *what = NULL;

    if (!trials[trial].edit(session, &error))
        return FALSE;
    ck_assert_uint_eq(cs_edit_log_take_changes(session->log),
                      trials[trial].constraints_only ? CS_EDIT_CHANGED_CONSTRAINTS
                                                     : CS_EDIT_CHANGED_OTHER);
    /* the changes were taken above: say them again for the refresh */
    if (!trials[trial].constraints_only)
        session->rebuild_all = TRUE;
    else
        ck_assert(cs_edit_undo(session->log) && cs_edit_redo(session->log));
    const CsModel *before = session->model;
    cs_session_refresh(session);
    if (trials[trial].constraints_only && before != NULL && session->model != NULL)
        ck_assert_msg(session->model->shared != NULL
                      && session->model->resources == before->resources,
                      "%s: %s did not reuse the model", session->document->path,
                      trials[trial].name);
    what = g_strdup_printf("after %s", trials[trial].name);
    assert_as_from_scratch(session, what);
    ck_assert(cs_edit_undo(session->log));
    cs_session_refresh(session);
    g_free(what);
    what = g_strdup_printf("after undoing %s", trials[trial].name);
    assert_as_from_scratch(session, what);
    return TRUE;
}

START_TEST(test_every_edit_as_from_scratch)
{
    g_autoptr(GPtrArray) paths = all_cibs();
    guint applied[G_N_ELEMENTS(trials)] = { 0 };

    ck_assert_uint_gt(paths->len, 40);
    for (guint i = 0; i < paths->len; i++) {
        const char *path = g_ptr_array_index(paths, i);
        g_autoptr(GError) error = NULL;
        g_autoptr(CsSession) session = cs_session_open_partial(path, "2024-06-01 12:00:00",
                                                               &error);
        ck_assert_msg(session != NULL, "%s: %s", path, error != NULL ? error->message : "");
        for (guint trial = 0; trial < G_N_ELEMENTS(trials); trial++)
            applied[trial] += try_edit(session, trial);
    }
    /* every kind of edit was tried on several CIBs */
    for (guint trial = 0; trial < G_N_ELEMENTS(trials); trial++)
        ck_assert_msg(applied[trial] >= 5, "%s applied to %u CIBs only",
                      trials[trial].name, applied[trial]);
}
END_TEST

/* Edits that cross sections, undone and redone in a row, between two
 * refreshes: only a change confined to <constraints> takes the short way. */
START_TEST(test_changes_reach)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsSession) session = cs_session_open(SOURCES_DATA "/demo.xml",
                                                   "2024-06-01 12:00:00", &error);
    ck_assert_msg(session != NULL, "%s", error != NULL ? error->message : "");
    const CsResource *rsc = first_primitive(session, 0);
    const char *node = first_node(session);
    ck_assert(rsc != NULL && node != NULL);

    ck_assert_uint_eq(cs_edit_log_take_changes(session->log), 0);
    ck_assert(cs_edit_ban(session->log, rsc->id, node, NULL, &error));
    ck_assert(cs_edit_stickiness(session->log, rsc->id, "7", &error));
    ck_assert_uint_eq(cs_edit_log_take_changes(session->log),
                      CS_EDIT_CHANGED_CONSTRAINTS | CS_EDIT_CHANGED_OTHER);
    ck_assert(cs_edit_undo(session->log));
    ck_assert_uint_eq(cs_edit_log_take_changes(session->log), CS_EDIT_CHANGED_OTHER);
    cs_session_refresh(session);
    assert_as_from_scratch(session, "ban and stickiness, stickiness undone");
    /* a clock change with a constraint edit: rebuilt from scratch */
    CsTime later = cs_session_time(session);
    later.seconds += 365 * 24 * 3600;
    ck_assert(cs_edit_set_time(session->log, later, &error));
    ck_assert(cs_edit_undo(session->log));   /* the clock change */
    ck_assert(cs_edit_undo(session->log));   /* the ban */
    ck_assert(cs_edit_redo(session->log));
    ck_assert(cs_edit_redo(session->log));
    cs_session_refresh(session);
    ck_assert_int_eq(session->model->now.seconds, later.seconds);
    ck_assert_ptr_null(session->model->shared);
    assert_as_from_scratch(session, "ban and a new clock");
}
END_TEST

static Suite *session_suite(void)
{
    Suite *suite = suite_create("session");
    TCase *refresh = tcase_create("refresh");

    tcase_set_timeout(refresh, 300);
    tcase_add_test(refresh, test_every_edit_as_from_scratch);
    tcase_add_test(refresh, test_changes_reach);
    suite_add_tcase(suite, refresh);
    return suite;
}

int main(void)
{
    SRunner *runner = srunner_create(session_suite());
    srunner_run_all(runner, CK_NORMAL);
    int failed = srunner_ntests_failed(runner);
    srunner_free(runner);
    return failed == 0 ? 0 : 1;
}
