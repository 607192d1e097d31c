/* check_words.c: the plain wording of what decides a cell (node state,
 * fail counts against migration-threshold, rules out of force, each kind
 * of score term), on a small CIB read by the model. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "explain/words.h"
#include "testlib.h"

/* n1 in standby; web failed once on n2 (threshold 3); a location whose
 * date rule ended in 2020 and one that asks for an attribute n2 lacks. */
static const char cib[] =
    "<cib crm_feature_set=\"3.16.1\" epoch=\"1\" num_updates=\"0\" admin_epoch=\"0\" "
    "validate-with=\"pacemaker-3.7\">\n"
    "<configuration><crm_config><cluster_property_set id=\"o\">"
    "<nvpair id=\"o-s\" name=\"stonith-enabled\" "
    "value=\"false\"/></cluster_property_set></crm_config>\n"
    "<nodes><node id=\"1\" uname=\"n1\"><instance_attributes id=\"n1-a\">"
    "<nvpair id=\"n1-s\" name=\"standby\" value=\"on\"/></instance_attributes></node>"
    "<node id=\"2\" uname=\"n2\"/></nodes>\n"
    "<resources><primitive id=\"web\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">"
    "<meta_attributes id=\"web-m\"><nvpair id=\"web-t\" name=\"migration-threshold\" value=\"3\"/>"
    "</meta_attributes></primitive></resources>\n"
    "<constraints><rsc_location id=\"cli-prefer-web\" rsc=\"web\">"
    "<rule id=\"cli-prefer-rule-web\" score=\"INFINITY\" boolean-op=\"and\">"
    "<expression id=\"e1\" attribute=\"#uname\" operation=\"eq\" value=\"n2\"/>"
    "<date_expression id=\"d1\" operation=\"lt\" end=\"2020-01-01 "
    "00:00:00Z\"/></rule></rsc_location>"
    "<rsc_location id=\"need-ssd\" rsc=\"web\"><rule id=\"need-ssd-rule\" score=\"50\">"
    "<expression id=\"e2\" attribute=\"ssd\" "
    "operation=\"defined\"/></rule></rsc_location></constraints>"
    "</configuration>\n"
    "<status><node_state id=\"1\" uname=\"n1\" in_ccm=\"true\" crmd=\"online\" join=\"member\" "
    "expected=\"member\"/>"
    "<node_state id=\"2\" uname=\"n2\" in_ccm=\"true\" crmd=\"online\" join=\"member\" "
    "expected=\"member\">"
    "<transient_attributes id=\"2\"><instance_attributes id=\"s2\">"
    "<nvpair id=\"f\" name=\"fail-count-web#monitor_10000\" value=\"1\"/></instance_attributes>"
    "</transient_attributes></node_state></status>\n"
    "</cib>\n";

static CsDocument *document;
static CsModel *model;

static void setup(void)
{
    g_autoptr(GError) error = NULL;
    CsTime now;
    ck_assert(cs_time_parse("2026-11-27 08:00:00Z", &now, NULL));
    document = cs_document_load_memory(cib, strlen(cib), "words.xml", &error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "");
    model = cs_model_build(document, now, &error);
    ck_assert_msg(model != NULL, "%s", error ? error->message : "");
}

static void teardown(void)
{
    cs_model_free(model);
    cs_document_free(document);
}

static const CsNode *node(const char *uname)
{
    const CsNode *found = cs_model_node(model, uname);
    ck_assert_ptr_nonnull(found);
    return found;
}

static const CsLocation *location(const char *id)
{
    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *found = g_ptr_array_index(model->locations, i);
        if (strcmp(found->id, id) == 0)
            return found;
    }
    ck_abort_msg("no location %s", id);
    return NULL;
}

START_TEST(test_node_state)
{
    g_autofree char *standby = cs_words_node_state(node("n1"));
    ck_assert_str_eq(standby, "n1 cannot run resources: in standby [node attribute standby=on]");
    ck_assert_ptr_null(cs_words_node_state(node("n2")));
    ck_assert_str_eq(cs_words_node_unavailable(NULL), "removed from the configuration");
}
END_TEST

START_TEST(test_node_states_for_the_cli)
{
    g_autoptr(GString) every = g_string_new(NULL);
    cs_words_append_node_states(model, NULL, every);
    ck_assert_str_eq(every->str,
                     "Nodes that run nothing:\n  n1: in standby [node attribute standby=on]\n");
    g_autoptr(GString) other = g_string_new(NULL);
    cs_words_append_node_states(model, "n2", other);
    ck_assert_str_eq(other->str, "");
}
END_TEST

START_TEST(test_fail_count_under_threshold)
{
    const CsResource *web = cs_model_resource(model, "web");
    g_autofree char *fails = cs_words_fail_count(NULL, model, web->index, node("n2")->index);
    ck_assert_str_eq(fails,
                     "1 failure of 3 allowed: 2 more ban n2 [fail-count, migration-threshold]");
    ck_assert_ptr_null(cs_words_fail_count(NULL, model, web->index, node("n1")->index));
}
END_TEST

START_TEST(test_rule_out_of_force)
{
    const CsLocation *prefer = location("cli-prefer-web");
    const CsLocation *ssd = location("need-ssd");
    g_autofree char *expired =
        cs_words_rule_inactive(model, prefer, g_ptr_array_index(prefer->rules, 0), node("n2"));
    ck_assert_ptr_nonnull(expired);
    ck_assert_str_eq(expired, "expired: its date condition ended at 2020-01-01 00:00:00Z "
                              "[date_expression lt, lifetime]");
    g_autofree char *false_here =
        cs_words_rule_inactive(model, ssd, g_ptr_array_index(ssd->rules, 0), node("n2"));
    ck_assert_str_eq(false_here, "does not apply on n2: its conditions are false there [rule]");
}
END_TEST

START_TEST(test_contribution_plain_words)
{
    CsContribution clone = {
        "clone instance cannot run here", CS_CONTRIB_CLONE, -1, 0, 0, 0, -CS_INFINITY};
    g_autofree char *clone_words = cs_words_contribution(&clone, NULL);
    ck_assert_msg(strstr(clone_words, "clone instance clone instance") == NULL, "%s", clone_words);
    ck_assert_msg(g_str_has_suffix(clone_words, "[clone instance limit]"), "%s", clone_words);
    CsContribution below = {"clone score below zero", CS_CONTRIB_CLONE, -1, 0, 0, 0, -CS_INFINITY};
    g_autofree char *below_words = cs_words_contribution(&below, NULL);
    ck_assert_msg(g_str_has_prefix(below_words, "negative clone score here: no instance may run"),
                  "%s", below_words);
    CsContribution colocated = {"db-with-app", CS_CONTRIB_COLOCATED, 3, -0.0005f, 0, 0, -1};
    g_autofree char *colocated_words = cs_words_contribution(&colocated, "app-worker");
    ck_assert_str_eq(
        colocated_words,
        "app-worker's scores here times -0.0005, by db-with-app [colocation influence]");
    CsContribution agent = {"master-db", CS_CONTRIB_PROMOTION, -1, 0, 0, 0, 10};
    g_autofree char *agent_words = cs_words_contribution(&agent, NULL);
    ck_assert_str_eq(agent_words,
                     "the agent's preference to be promoted here, node attribute master-db "
                     "[promotion score]");
    CsContribution fail = {NULL, CS_CONTRIB_FAIL_LIMIT, -1, 0, 3, 3, -CS_INFINITY};
    g_autofree char *fail_words = cs_words_contribution(&fail, NULL);
    ck_assert_str_eq(fail_words,
                     "failed here too often: 3 failures, 3 allowed [migration-threshold]");
}
END_TEST

/* The fixture's CIB with each (from, to) pair of texts replaced, loaded,
 * modelled and solved; the caller frees all three. */
typedef struct Variant {
    CsDocument *document;
    CsModel *model;
    CsSolution *solution;
} Variant;

static Variant variant(const char *const *pairs)
{
    g_autofree char *text = g_strdup(cib);
    for (int i = 0; pairs[i] != NULL; i += 2) {
        ck_assert_msg(strstr(text, pairs[i]) != NULL, "%s", pairs[i]);
        g_auto(GStrv) parts = g_strsplit(text, pairs[i], 2);
        g_free(text);
        text = g_strjoin(pairs[i + 1], parts[0], parts[1], NULL);
    }
    g_autoptr(GError) error = NULL;
    CsTime now;
    ck_assert(cs_time_parse("2026-11-27 08:00:00Z", &now, NULL));
    Variant out = {cs_document_load_memory(text, strlen(text), "variant.xml", &error), NULL, NULL};
    ck_assert_msg(out.document != NULL, "%s", error ? error->message : "");
    out.model = cs_model_build(out.document, now, &error);
    ck_assert_msg(out.model != NULL, "%s", error ? error->message : "");
    out.solution = cs_solve(out.model, &error);
    ck_assert_msg(out.solution != NULL, "%s", error ? error->message : "");
    return out;
}

static void variant_free(Variant *each)
{
    cs_solution_free(each->solution);
    cs_model_free(each->model);
    cs_document_free(each->document);
}

static const CsFailCount *only_fail_count(const CsModel *of)
{
    ck_assert_uint_eq(of->fail_counts->len, 1);
    return g_ptr_array_index(of->fail_counts, 0);
}

/* Under the threshold the consequence counts what is left; at it, the
 * ban is the one the engine recorded (its count and threshold). */
START_TEST(test_fail_consequence)
{
    const char *const under[] = {NULL};
    Variant one = variant(under);
    CsFailTone tone;
    g_autofree char *left =
        cs_words_fail_consequence(one.solution, one.model, only_fail_count(one.model), &tone);
    ck_assert_str_eq(left, "1 of 3: 2 more failures ban n2");
    ck_assert_int_eq(tone, CS_FAIL_TONE_PLAIN);
    variant_free(&one);

    const char *const two[] = {"monitor_10000\" value=\"1\"", "monitor_10000\" value=\"2\"", NULL};
    Variant near = variant(two);
    g_autofree char *last =
        cs_words_fail_consequence(near.solution, near.model, only_fail_count(near.model), &tone);
    ck_assert_str_eq(last, "2 of 3: one more failure bans n2");
    ck_assert_int_eq(tone, CS_FAIL_TONE_NEAR);
    variant_free(&near);

    const char *const three[] = {"monitor_10000\" value=\"1\"", "monitor_10000\" value=\"3\"",
                                 NULL};
    Variant at = variant(three);
    const CsResource *web = cs_model_resource(at.model, "web");
    int n2 = cs_model_node(at.model, "n2")->index;
    const CsContribution *ban = cs_words_recorded_ban(at.solution, web->index, n2);
    ck_assert_ptr_nonnull(ban);
    ck_assert_int_eq(ban->count, 3);
    g_autofree char *banned =
        cs_words_fail_consequence(at.solution, at.model, only_fail_count(at.model), &tone);
    ck_assert_str_eq(banned, "3 of 3: banned from n2");
    ck_assert_int_eq(tone, CS_FAIL_TONE_BANNED);
    g_autofree char *explained = cs_words_fail_count(at.solution, at.model, web->index, n2);
    ck_assert_str_eq(explained,
                     "3 failures of 3 allowed: banned from n2 [fail-count, migration-threshold]");
    /* Without the engine's answer, no ban is claimed. */
    g_autofree char *unsolved = cs_words_fail_count(NULL, at.model, web->index, n2);
    ck_assert_msg(strstr(unsolved, "no ban applies") != NULL, "%s", unsolved);
    variant_free(&at);
}
END_TEST

/* A red node under migrate-on-red, told as a node state with the value
 * the engine recorded for the resource there. */
START_TEST(test_node_health)
{
    const char *const red[] = {
        "<nvpair id=\"o-s\" name=\"stonith-enabled\" value=\"false\"/>",
        "<nvpair id=\"o-s\" name=\"stonith-enabled\" value=\"false\"/>"
        "<nvpair id=\"o-h\" name=\"node-health-strategy\" value=\"migrate-on-red\"/>",
        "<nvpair id=\"f\" ",
        "<nvpair id=\"h\" name=\"#health-disk\" value=\"red\"/><nvpair id=\"f\" ", NULL};
    Variant sick = variant(red);
    const CsResource *web = cs_model_resource(sick.model, "web");
    const CsNode *n2 = cs_model_node(sick.model, "n2");
    int count = 0;
    const CsContribution *list =
        cs_solution_contributions(sick.solution, web->index, n2->index, &count);
    const CsContribution *health = NULL;
    for (int i = 0; i < count; i++)
        if (list[i].kind == CS_CONTRIB_HEALTH)
            health = &list[i];
    ck_assert_ptr_nonnull(health);
    g_autofree char *words = cs_words_node_health(sick.model, n2, health);
    ck_assert_str_eq(words,
                     "node health red (node-health-strategy=migrate-on-red): -INFINITY on every "
                     "resource here, so none may run [node attribute #health-disk=red]");
    g_autofree char *ignored = cs_words_node_health(sick.model, n2, NULL);
    ck_assert_msg(strstr(ignored, "no effect on this resource") != NULL, "%s", ignored);
    ck_assert_ptr_null(cs_words_node_health(sick.model, cs_model_node(sick.model, "n1"), NULL));
    /* Without a strategy the cluster ignores health. */
    ck_assert_ptr_null(cs_words_node_health(model, node("n2"), NULL));
    variant_free(&sick);
}
END_TEST

static Suite *words_suite(void)
{
    Suite *suite = suite_create("words");
    TCase *tc = tcase_create("core");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_node_state);
    tcase_add_test(tc, test_node_states_for_the_cli);
    tcase_add_test(tc, test_fail_count_under_threshold);
    tcase_add_test(tc, test_rule_out_of_force);
    tcase_add_test(tc, test_contribution_plain_words);
    tcase_add_test(tc, test_fail_consequence);
    tcase_add_test(tc, test_node_health);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(words_suite());
}
