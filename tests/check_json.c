/* check_json.c: --json (explain/json.h) on the demo CIBs: valid JSON
 * (glib's parser is not used by the program: json-glib is not a
 * dependency, so the checks read fields back by hand). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "explain/json.h"
#include "explain/remote_node.h"
#include "explain/session.h"
#include "testlib.h"

#define DEMO_SMALL CS_SRCDATADIR "/demo-small.xml"
#define DEMO CS_SRCDATADIR "/demo.xml"
#define DEMO_TIME "2024-06-01 12:00:00"

static CsSession *open_cib(const char *path)
{
    return cs_test_session_open(path, DEMO_TIME);
}

static void assert_has(const char *json, const char *piece)
{
    ck_assert_msg(strstr(json, piece) != NULL, "no %s in %s", piece, json);
}

START_TEST(test_strings_escaped)
{
    g_autoptr(GString) out = g_string_new(NULL);
    cs_json_string(out, "a\"b\\c\nd\te\033[31m");

    ck_assert_str_eq(out->str, "\"a\\\"b\\\\c\\nd\\te\\u001b[31m\"");
}
END_TEST

START_TEST(test_scores_numbers_and_infinity)
{
    g_autoptr(CsSession) session = open_cib(DEMO_SMALL);
    g_autoptr(GString) out = g_string_new(NULL);
    cs_json_scores(session->document, session->solution, out);

    assert_has(out->str, "\"pacemaker\":\"2.1.5\",\"infinity\":1000000,\"command\":\"scores\"");
    assert_has(out->str,
               "{\"resource\":\"web\",\"node\":\"alpha\",\"kind\":\"allocation\","
               "\"function\":\"pcmk__group_assign\",\"score\":100,\"score_text\":\"100\","
               "\"contributions\":[{\"kind\":\"location rule\",\"source\":\"location-web-tier\","
               "\"value\":100,\"value_text\":\"100\"}]}");
    assert_has(out->str, "{\"resource\":\"report\",\"node\":\"alpha\",\"kind\":\"allocation\","
                         "\"function\":\"pcmk__primitive_assign\",\"score\":-1000000,"
                         "\"score_text\":\"-INFINITY\"");
}
END_TEST

START_TEST(test_promotion_scores)
{
    g_autoptr(CsSession) session = open_cib(DEMO);
    g_autoptr(GString) out = g_string_new(NULL);
    cs_json_scores(session->document, session->solution, out);

    assert_has(out->str, "{\"resource\":\"db:0\",\"node\":\"delta\",\"kind\":\"promotion\","
                         "\"function\":null,\"score\":258,\"score_text\":\"258\"");
    assert_has(out->str, "\"other_resource\":\"app-worker\",\"factor\":-0.0005");
}
END_TEST

START_TEST(test_transition_actions)
{
    g_autoptr(CsSession) session = open_cib(DEMO_SMALL);
    g_autoptr(GString) out = g_string_new(NULL);
    const char *summary =
        "Transition Summary:\n"
        "  * Move       report     ( alpha -> bravo )\n"
        "  * Stop       db         (          bravo )  due to node availability\n";
    cs_json_transition(session->document, summary, out);
    g_autoptr(GString) none = g_string_new(NULL);
    cs_json_transition(session->document, "Transition Summary:\n", none);

    assert_has(out->str,
               "{\"action\":\"Move\",\"resource\":\"report\",\"detail\":\"alpha -> bravo\","
               "\"from\":\"alpha\",\"to\":\"bravo\",\"reason\":null,"
               "\"line\":\"  * Move       report     ( alpha -> bravo )\"}");
    assert_has(out->str,
               "{\"action\":\"Stop\",\"resource\":\"db\",\"detail\":\"bravo\",\"from\":null,"
               "\"to\":null,\"reason\":\"node availability\"");
    assert_has(none->str, "\"actions\":[\n\n]}");
}
END_TEST

START_TEST(test_explain_nodes)
{
    g_autoptr(CsSession) session = open_cib(DEMO_SMALL);
    g_autoptr(GString) out = g_string_new(NULL);
    g_autoptr(GString) one = g_string_new(NULL);
    GError *error = NULL;

    ck_assert(cs_json_explain(session->document, session->solution, "report", NULL, out, NULL));
    ck_assert(cs_json_explain(session->document, session->solution, "report", "bravo", one, NULL));
    ck_assert(!cs_json_explain(session->document, session->solution, "nope", NULL, out, &error));
    assert_has(out->str,
               "\"resource\":\"report\",\"assigned_node\":\"bravo\",\"current_node\":\"alpha\"");
    assert_has(out->str,
               "{\"node\":\"alpha\",\"score\":-1000000,\"score_text\":\"-INFINITY\","
               "\"assigned\":false,\"current\":true,\"contributions\":[{\"kind\":\"location\","
               "\"source\":\"cli-ban-report-on-alpha\",\"value\":-1000000");
    ck_assert(strstr(one->str, "\"node\":\"alpha\"") == NULL);
    assert_has(one->str, "{\"node\":\"bravo\",\"score\":0");
    ck_assert_str_eq(error->message, "no resource 'nope'");
    g_error_free(error);
}
END_TEST

/* tests/data/transition/guest-host-fenced.xml: vm1 holds guest node g1,
 * its host n1 left; crm_simulate recovers vm1 on n2 and moves g1 with
 * it.  The chain of vm1 in JSON is the text explain's, link for link;
 * report in demo-small.xml is in none. */
START_TEST(test_explain_remote_chain)
{
    g_autoptr(CsSession) session = open_cib(CS_TESTDATA "/transition/guest-host-fenced.xml");
    g_autoptr(CsSession) plain = open_cib(DEMO_SMALL);
    g_autoptr(GString) out = g_string_new(NULL);
    g_autoptr(GString) text = g_string_new(NULL);
    g_autoptr(GString) none = g_string_new(NULL);

    ck_assert(cs_json_explain(session->document, session->solution, "vm1", NULL, out, NULL));
    cs_remote_explain(session->solution, cs_model_resource(session->model, "vm1")->index, text);
    assert_has(text->str, "  container of guest node g1: guest node (remote-node of vm1)\n");
    assert_has(text->str, "    container vm1 (ocf:pacemaker:Dummy): n1 -> n2 (Recover)\n");
    assert_has(text->str, "    connection g1 (ocf:pacemaker:remote): n1 -> n2 (Move)\n");
    assert_has(out->str, "\"remote_chain\":{\"place\":\"container\",\"node\":\"g1\","
                         "\"node_kind\":\"guest node\",\"kind_text\":\"guest node (remote-node "
                         "of vm1)\",\"bundle\":null,\"replica\":null,");
    assert_has(out->str,
               "\"container\":{\"resource\":\"vm1\",\"agent\":\"ocf:pacemaker:Dummy\","
               "\"now\":\"n1\",\"next\":\"n2\",\"action\":\"Recover\",\"blocked\":false}");
    assert_has(out->str, "\"connection\":{\"resource\":\"g1\",\"agent\":\"ocf:pacemaker:remote\","
                         "\"now\":\"n1\",\"next\":\"n2\",\"action\":\"Move\",\"blocked\":false}");
    assert_has(out->str,
               "\"fence_reason\":\"guest is unclean\",\"resources\":[{\"resource\":"
               "\"d1\",\"change\":\"stays\"},{\"resource\":\"d2\",\"change\":\"arrives\"}]}");
    ck_assert(cs_json_explain(plain->document, plain->solution, "report", NULL, none, NULL));
    assert_has(none->str, "\"remote_chain\":null,");
}
END_TEST

static Suite *json_suite(void)
{
    Suite *suite = suite_create("json");
    TCase *tc = tcase_create("json");
    tcase_add_test(tc, test_strings_escaped);
    tcase_add_test(tc, test_scores_numbers_and_infinity);
    tcase_add_test(tc, test_promotion_scores);
    tcase_add_test(tc, test_transition_actions);
    tcase_add_test(tc, test_explain_nodes);
    tcase_add_test(tc, test_explain_remote_chain);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(json_suite());
}
