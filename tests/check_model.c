/* check_model.c: the cluster model read from CIBs (tests/data/model and,
 * when SHARED_DIR is set, Pacemaker 2.1.5's scheduler corpus). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "model/model.h"
#include "testlib.h"

static CsDocument *test_document;
static CsModel *test_model;

static CsModel *load_model(const char *path)
{
    GError *error = NULL;
    CsTime now = {0, 0};

    test_document = cs_document_load(path, &error);
    ck_assert_msg(test_document != NULL, "%s: %s", path, error ? error->message : "?");
    if (!cs_model_execution_date(test_document, &now)) {
        now = cs_time_now();
    }
    test_model = cs_model_build(test_document, now, &error);
    ck_assert_msg(test_model != NULL, "%s: %s", path, error ? error->message : "?");
    return test_model;
}

static void unload_model(void)
{
    cs_model_free(test_model);
    cs_document_free(test_document);
    test_model = NULL;
    test_document = NULL;
}

static CsModel *load_data(const char *name)
{
    g_autofree char *path = g_build_filename(CS_TESTDATA, "model", name, NULL);

    return load_model(path);
}

/* The corpus file, or NULL (test skipped) when SHARED_DIR is unset. */
static char *corpus_path(const char *name)
{
    const char *shared = getenv("SHARED_DIR");

    if (shared == NULL || *shared == '\0') {
        printf("skipped: SHARED_DIR is not set, corpus CIB %s unavailable\n", name);
        return NULL;
    }
    return g_strdup_printf("%s/corpus/pacemaker-2.1.5/xml/%s.xml", shared, name);
}

static CsResource *rsc(const char *id)
{
    CsResource *resource = cs_model_resource(test_model, id);

    ck_assert_msg(resource != NULL, "resource %s", id);
    return resource;
}

static CsNode *node(const char *name)
{
    CsNode *found = cs_model_node(test_model, name);

    ck_assert_msg(found != NULL, "node %s", name);
    return found;
}

/* ---- tests/data/model/basic.xml --------------------------------------- */

START_TEST(test_options_bootstrap_first)
{
    CsModel *model = load_data("basic.xml");

    /* cib-bootstrap-options wins over a higher-scored set */
    ck_assert(!model->options.stonith_enabled);
    ck_assert_str_eq(model->options.cluster_name, "demo");
    ck_assert(model->options.have_quorum);
    ck_assert_str_eq(model->options.dc_uuid, "1");
    ck_assert_str_eq(g_hash_table_lookup(model->rsc_defaults, "resource-stickiness"), "5");
    unload_model();
}
END_TEST

START_TEST(test_nodes_and_attributes)
{
    load_data("basic.xml");
    ck_assert_uint_eq(test_model->nodes->len, 3);
    CsNode *node1 = node("node1");
    ck_assert_str_eq(g_hash_table_lookup(node1->attrs, "#uname"), "node1");
    ck_assert_str_eq(g_hash_table_lookup(node1->attrs, "#id"), "1");
    ck_assert_str_eq(g_hash_table_lookup(node1->attrs, "#kind"), "cluster");
    ck_assert_str_eq(g_hash_table_lookup(node1->attrs, "#is_dc"), "true");
    ck_assert_str_eq(g_hash_table_lookup(node1->attrs, "#cluster-name"), "demo");
    ck_assert_str_eq(g_hash_table_lookup(node1->attrs, "#site-name"), "demo");
    ck_assert_str_eq(g_hash_table_lookup(node1->attrs, "rack"), "a");
    ck_assert(node1->online);
    ck_assert(!node1->unclean);
    ck_assert_str_eq(g_hash_table_lookup(node("node2")->attrs, "#is_dc"), "false");
    CsNode *node3 = node("node3");
    ck_assert(!node3->online);
    ck_assert(!node3->unclean); /* fencing is disabled */
    ck_assert(node3->standby);
    unload_model();
}
END_TEST

START_TEST(test_resources_meta)
{
    load_data("basic.xml");
    ck_assert_uint_eq(test_model->resources->len, 6);
    /* score 5 beats score 1; the set whose rule fails is skipped */
    ck_assert_int_eq(rsc("web")->stickiness, 50);
    ck_assert(rsc("web")->stickiness_set);
    ck_assert_int_eq(rsc("web")->migration_threshold, 2); /* rsc_defaults */
    ck_assert_int_eq(rsc("ip")->migration_threshold, 3);  /* the group's own */
    ck_assert_int_eq(rsc("fs")->migration_threshold, 1);  /* its own */
    ck_assert_int_eq(rsc("grp")->kind, CS_RSC_GROUP);
    ck_assert_int_eq(rsc("ip")->parent, rsc("grp")->index);
    ck_assert_uint_eq(rsc("grp")->children->len, 2);
    ck_assert_int_eq(g_array_index(rsc("grp")->children, int, 1), rsc("fs")->index);
    ck_assert_int_eq(rsc("db-clone")->kind, CS_RSC_CLONE);
    ck_assert(rsc("db-clone")->promotable);
    ck_assert_int_eq(rsc("db-clone")->clone_max, 3);
    ck_assert_int_eq(rsc("db")->parent, rsc("db-clone")->index);
    ck_assert_str_eq(rsc("web")->rsc_class, "ocf");
    ck_assert_str_eq(rsc("web")->type, "apache");
    ck_assert_uint_eq(rsc("web")->ops->len, 1);
    ck_assert_uint_eq(((CsOp *)g_ptr_array_index(rsc("web")->ops, 0))->interval_ms, 10000);
    ck_assert(test_model->features & CS_FEATURE_PROMOTABLE);
    ck_assert(test_model->features & CS_FEATURE_TAGS);
    ck_assert(test_model->features & CS_FEATURE_SETS);
    unload_model();
}
END_TEST

START_TEST(test_constraints_expanded)
{
    load_data("basic.xml");
    GPtrArray *locations = test_model->locations;
    ck_assert_uint_eq(locations->len, 4);
    CsLocation *first = g_ptr_array_index(locations, 0);
    ck_assert_str_eq(first->id, "loc-web");
    ck_assert_int_eq(first->score, 200);
    ck_assert_str_eq(first->node, "node1");
    CsLocation *pattern = g_ptr_array_index(locations, 1);
    ck_assert_str_eq(pattern->id, "loc-pattern");
    ck_assert_int_eq(pattern->rsc, rsc("web")->index);
    ck_assert_str_eq(pattern->submatches[1], "w");
    ck_assert_str_eq(pattern->submatches[2], "eb");
    /* the tag expands in its own order: fs, then web */
    ck_assert_int_eq(((CsLocation *)g_ptr_array_index(locations, 2))->rsc, rsc("fs")->index);
    ck_assert_int_eq(((CsLocation *)g_ptr_array_index(locations, 3))->rsc, rsc("web")->index);

    /* a positive set: each member with the one before it */
    ck_assert_uint_eq(test_model->colocations->len, 2);
    CsColocation *pair = g_ptr_array_index(test_model->colocations, 0);
    ck_assert_int_eq(pair->rsc, rsc("grp")->index);
    ck_assert_int_eq(pair->with_rsc, rsc("web")->index);
    ck_assert_int_eq(pair->score, CS_INFINITY);
    ck_assert_str_eq(pair->node_attribute, "#uname");
    pair = g_ptr_array_index(test_model->colocations, 1);
    ck_assert_int_eq(pair->rsc, rsc("db-clone")->index);
    ck_assert_int_eq(pair->with_rsc, rsc("grp")->index);

    /* the simple order and its inverse */
    ck_assert_uint_eq(test_model->orders->len, 2);
    CsOrder *order = g_ptr_array_index(test_model->orders, 0);
    ck_assert_int_eq(order->kind, CS_ORDER_OPTIONAL);
    ck_assert_int_eq(order->first, rsc("grp")->index);
    ck_assert_str_eq(order->then_action, "start");
    order = g_ptr_array_index(test_model->orders, 1);
    ck_assert(order->inverse);
    ck_assert_int_eq(order->first, rsc("web")->index);
    ck_assert_str_eq(order->first_action, "stop");
    unload_model();
}
END_TEST

START_TEST(test_status_roles_and_fail_counts)
{
    load_data("basic.xml");
    int node1 = node("node1")->index, node2 = node("node2")->index;
    CsRscState *web = cs_model_rsc_state(test_model, rsc("web")->index, node1);
    ck_assert_ptr_nonnull(web);
    ck_assert_int_eq(web->role, CS_ROLE_STARTED);
    ck_assert(web->failed);
    ck_assert_str_eq(web->on_fail_applied, "restart");
    ck_assert_uint_eq(web->history->len, 3);
    ck_assert_str_eq(((CsOpRecord *)g_ptr_array_index(web->history, 0))->operation, "start");
    CsRscState *db1 = cs_model_rsc_state(test_model, rsc("db")->index, node1);
    ck_assert_int_eq(db1->role, CS_ROLE_PROMOTED);
    ck_assert(!db1->failed);
    CsRscState *ip = cs_model_rsc_state(test_model, rsc("ip")->index, node2);
    ck_assert_int_eq(ip->role, CS_ROLE_STOPPED);
    ck_assert_uint_eq(test_model->fail_counts->len, 1);
    CsFailCount *fail_count = g_ptr_array_index(test_model->fail_counts, 0);
    ck_assert_str_eq(fail_count->operation, "monitor");
    ck_assert_uint_eq(fail_count->interval_ms, 10000);
    ck_assert_int_eq(fail_count->last_failure, 1699999000);
    ck_assert_int_eq(cs_model_fail_count(test_model, rsc("web")->index, node1), 2);
    ck_assert_int_eq(cs_model_fail_count(test_model, rsc("web")->index, node2), 0);
    unload_model();
}
END_TEST

/* A location naming a bundle's guest node NAME-N is kept although no
 * <node> names it (the engine makes the node); tests/data/bundle/
 * promote-location-guests.xml: web has 2 replicas and a resource inside. */
START_TEST(test_location_on_guest_kept)
{
    g_autofree char *path =
        g_build_filename(CS_TESTDATA, "bundle", "promote-location-guests.xml", NULL);
    const CsLocation *first, *second;

    load_model(path);
    ck_assert_ptr_null(cs_model_node(test_model, "web-1"));
    ck_assert_uint_eq(test_model->locations->len, 2);
    first = g_ptr_array_index(test_model->locations, 0);
    second = g_ptr_array_index(test_model->locations, 1);
    ck_assert_str_eq(first->node, "web-1");
    ck_assert_int_eq(first->score, 100);
    ck_assert_int_eq(first->role, CS_ROLE_PROMOTED);
    ck_assert_str_eq(second->node, "web-0");
    ck_assert_int_eq(second->rsc, rsc("web")->index);
    unload_model();
}
END_TEST

/* The agent a history was recorded with against the configured one
 * (tests/data/transition/agent-changed-group-member.xml: m2's history
 * says ocf:pacemaker:Stateful, its configuration Dummy). */
START_TEST(test_status_agent_changed)
{
    g_autofree char *path =
        g_build_filename(CS_TESTDATA, "transition", "agent-changed-group-member.xml", NULL);
    load_model(path);
    int node1 = node("node1")->index;
    ck_assert(cs_model_rsc_state(test_model, rsc("m2")->index, node1)->agent_changed);
    ck_assert(!cs_model_rsc_state(test_model, rsc("m1")->index, node1)->agent_changed);
    ck_assert(!cs_model_rsc_state(test_model, rsc("m3")->index, node1)->agent_changed);
    unload_model();
}
END_TEST

START_TEST(test_not_a_cib)
{
    GError *error = NULL;
    const char *text = "<cib><configuration><nodes/></configuration></cib>";
    CsDocument *document = cs_document_load_memory(text, strlen(text), "tiny", &error);

    ck_assert_ptr_nonnull(document);
    CsModel *model = cs_model_build(document, cs_time_now(), &error);
    ck_assert_ptr_null(model);
    ck_assert(g_error_matches(error, CS_MODEL_ERROR, CS_MODEL_ERROR_INVALID));
    g_clear_error(&error);
    cs_document_free(document);
}
END_TEST

/* ---- the corpus -------------------------------------------------------- */

START_TEST(test_corpus_unclean_and_clone_history)
{
    g_autofree char *path = corpus_path("594");
    if (path == NULL) {
        return;
    }
    load_model(path);
    ck_assert(node("hadev3")->unclean);
    ck_assert(!node("hadev3")->online);
    ck_assert(node("hadev2")->online);
    ck_assert(node("hadev2")->shutdown);
    ck_assert_int_eq(rsc("DoFencing")->kind, CS_RSC_CLONE);
    ck_assert_int_eq(rsc("child_DoFencing")->stickiness, 1); /* clone instance default */
    CsRscState *state =
        cs_model_rsc_state(test_model, rsc("DcIPaddr")->index, node("hadev2")->index);
    ck_assert_int_eq(state->role, CS_ROLE_STARTED);
    gboolean found_instance = FALSE;
    for (guint i = 0; i < test_model->rsc_states->len; i++) {
        CsRscState *entry = g_ptr_array_index(test_model->rsc_states, i);
        if (g_strcmp0(entry->rsc_id, "child_DoFencing:2") == 0 && entry->role == CS_ROLE_STARTED) {
            ck_assert_int_eq(entry->instance, 2);
            ck_assert_int_eq(entry->rsc, rsc("child_DoFencing")->index);
            found_instance = TRUE;
        }
    }
    ck_assert(found_instance);
    unload_model();
}
END_TEST

START_TEST(test_corpus_tags_in_sets)
{
    g_autofree char *path = corpus_path("tags-location");
    if (path == NULL) {
        return;
    }
    load_model(path);
    static const char *const expected[] = {"rsc1", "rsc2", "rsc5", "rsc6", "rsc3", "rsc4"};
    ck_assert_uint_eq(test_model->locations->len, G_N_ELEMENTS(expected));
    for (gsize i = 0; i < G_N_ELEMENTS(expected); i++) {
        CsLocation *location = g_ptr_array_index(test_model->locations, i);
        ck_assert_int_eq(location->rsc, rsc(expected[i])->index);
        ck_assert_int_eq(location->score, i < 2 ? 1000 : 2000);
    }
    unload_model();
}
END_TEST

START_TEST(test_corpus_execution_date_rules)
{
    g_autofree char *path = corpus_path("nvpair-date-rules-1");
    if (path == NULL) {
        return;
    }
    load_model(path);
    /* the standby set's date rule holds at the CIB's execution date */
    ck_assert(node("rhel7-3")->standby);
    ck_assert(test_model->features & CS_FEATURE_UTILIZATION);
    unload_model();
}
END_TEST

/* The model's counts on corpus CIBs, against the elements of each file
 * (counted with an XML parser apart from cibscope): nodes, resources
 * (primitives, groups, clones; instances are not configured resources),
 * one constraint per element, except that a symmetrical order also gives
 * its inverse (Pacemaker Explained 5.3), a sequential set of N resources
 * N-1 pairs (order-sets: 4 members, 3 colocations and 3 x 2 orders), and
 * a ticket's sets one constraint per member (4). */
static const struct {
    const char *name;
    guint nodes, resources, locations, colocations, orders, tickets;
} corpus_counts[] = {
    {"simple1", 1, 1, 0, 0, 0, 0},     {"group5", 2, 6, 3, 0, 4, 0},
    {"594", 3, 6, 4, 0, 0, 0},         {"order-mandatory", 1, 4, 0, 0, 4, 0},
    {"coloc-group", 3, 5, 0, 1, 0, 0}, {"probe-0", 2, 6, 0, 0, 0, 0},
    {"order-sets", 2, 4, 8, 3, 6, 0},  {"ticket-rsc-sets-1", 2, 9, 1, 0, 0, 4},
};

START_TEST(test_corpus_counts)
{
    g_autofree char *path = corpus_path(corpus_counts[_i].name);
    if (path == NULL) {
        return;
    }
    load_model(path);
    ck_assert_uint_eq(test_model->nodes->len, corpus_counts[_i].nodes);
    ck_assert_uint_eq(test_model->resources->len, corpus_counts[_i].resources);
    ck_assert_uint_eq(test_model->locations->len, corpus_counts[_i].locations);
    ck_assert_uint_eq(test_model->colocations->len, corpus_counts[_i].colocations);
    ck_assert_uint_eq(test_model->orders->len, corpus_counts[_i].orders);
    ck_assert_uint_eq(test_model->ticket_constraints->len, corpus_counts[_i].tickets);
    unload_model();
}
END_TEST

/* Every corpus CIB builds (bundles and all) without crashing. */
START_TEST(test_corpus_all_build)
{
    const char *shared = getenv("SHARED_DIR");
    if (shared == NULL || *shared == '\0') {
        printf("skipped: SHARED_DIR is not set, corpus unavailable\n");
        return;
    }
    g_autofree char *dir_path = g_strdup_printf("%s/corpus/pacemaker-2.1.5/xml", shared);
    GDir *dir = g_dir_open(dir_path, 0, NULL);
    ck_assert_ptr_nonnull(dir);
    int built = 0;
    for (const char *name = g_dir_read_name(dir); name != NULL; name = g_dir_read_name(dir)) {
        g_autofree char *path = g_build_filename(dir_path, name, NULL);
        GError *error = NULL;
        CsDocument *document = cs_document_load(path, &error);
        ck_assert_msg(document != NULL, "%s", name);
        CsTime now = cs_time_now();
        cs_model_execution_date(document, &now);
        CsModel *model = cs_model_build(document, now, &error);
        ck_assert_msg(model != NULL, "%s: %s", name, error ? error->message : "?");
        ck_assert_uint_gt(model->nodes->len, 0);
        built++;
        cs_model_free(model);
        cs_document_free(document);
    }
    g_dir_close(dir);
    ck_assert_int_ge(built, 500);
}
END_TEST

static Suite *model_suite(void)
{
    Suite *suite = suite_create("model");
    TCase *basic = tcase_create("basic");
    TCase *corpus = tcase_create("corpus");

    tcase_add_test(basic, test_options_bootstrap_first);
    tcase_add_test(basic, test_status_agent_changed);
    tcase_add_test(basic, test_location_on_guest_kept);
    tcase_add_test(basic, test_nodes_and_attributes);
    tcase_add_test(basic, test_resources_meta);
    tcase_add_test(basic, test_constraints_expanded);
    tcase_add_test(basic, test_status_roles_and_fail_counts);
    tcase_add_test(basic, test_not_a_cib);
    tcase_set_timeout(corpus, 120);
    tcase_add_test(corpus, test_corpus_unclean_and_clone_history);
    tcase_add_test(corpus, test_corpus_tags_in_sets);
    tcase_add_test(corpus, test_corpus_execution_date_rules);
    tcase_add_test(corpus, test_corpus_all_build);
    tcase_add_loop_test(corpus, test_corpus_counts, 0, G_N_ELEMENTS(corpus_counts));
    suite_add_tcase(suite, basic);
    suite_add_tcase(suite, corpus);
    return suite;
}

int main(void)
{
    return cs_test_run(model_suite());
}
