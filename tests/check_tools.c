/* check_tools.c: pending edits as crm_resource, pcs and crmsh commands
 * (explain/tools.h). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "explain/command.h"
#include "explain/tools.h"
#include "testlib.h"

#define DEMO_SMALL CS_SRCDATADIR "/demo-small.xml"
#define DEMO_TIME "2024-06-01 12:00:00"

static CsSession *open_demo(void)
{
    return cs_test_session_open(DEMO_SMALL, DEMO_TIME);
}

/* What `pending` prints after the edits of text. */
static char *pending_after(CsSession *session, const char *text)
{
    g_free(cs_test_run_ok(session, text));
    GString *pending = g_string_new(NULL);
    cs_tools_pending(session, pending);
    return g_string_free(pending, FALSE);
}

static void assert_has(const char *text, const char *line)
{
    g_autofree char *indented = g_strdup_printf("\n      %s\n", line);
    ck_assert_msg(strstr(text, indented) != NULL, "no '%s' in:\n%s", line, text);
}

START_TEST(test_shell_words)
{
    g_autofree char *plain = cs_tools_shell_word("web-server:0");
    g_autofree char *blank = cs_tools_shell_word("r 1");
    g_autofree char *quote = cs_tools_shell_word("it's");
    g_autofree char *empty = cs_tools_shell_word("");
    g_autofree char *dollar = cs_tools_shell_word("$(reboot)");
    g_autofree char *hash = cs_tools_shell_word("#x");
    g_autofree char *inner_hash = cs_tools_shell_word("fail-count-db#start_0");

    ck_assert_str_eq(plain, "web-server:0");
    ck_assert_str_eq(blank, "'r 1'");
    ck_assert_str_eq(quote, "'it'\\''s'");
    ck_assert_str_eq(empty, "''");
    ck_assert_str_eq(dollar, "'$(reboot)'");
    ck_assert_str_eq(hash, "'#x'");
    ck_assert_str_eq(inner_hash, "fail-count-db#start_0");
}
END_TEST

START_TEST(test_nothing_pending)
{
    g_autoptr(CsSession) session = open_demo();
    g_autofree char *none = pending_after(session, "where web");
    g_autofree char *undone = pending_after(session, "ban web alpha; undo");

    ck_assert_str_eq(none, "no pending edits\n");
    ck_assert_str_eq(undone, "no pending edits\n");
}
END_TEST

START_TEST(test_ban_prefer_clear)
{
    g_autoptr(CsSession) session = open_demo();
    g_autofree char *text =
        pending_after(session, "ban web alpha; prefer db bravo PT1H30M; clear report");

    ck_assert_msg(g_str_has_prefix(text, "3 pending changes (since the CIB was loaded)"), "%s",
                  text);
    assert_has(text, "crm_resource --ban --resource web --node alpha");
    assert_has(text, "pcs resource ban web alpha");
    assert_has(text, "crm resource ban web alpha");
    assert_has(text, "crm_resource --move --resource db --node bravo --lifetime PT1H30M");
    assert_has(text, "pcs resource move-with-constraint db bravo lifetime=PT1H30M");
    assert_has(text, "crm resource move db bravo PT1H30M");
    assert_has(text, "crm_resource --clear --resource report --node alpha");
    assert_has(text, "pcs resource clear report alpha");
    assert_has(text, "crm configure delete cli-ban-report-on-alpha");
}
END_TEST

START_TEST(test_attributes_quoted)
{
    g_autoptr(CsSession) session = open_demo();
    g_autofree char *text = pending_after(session, "stickiness web 100; stickiness default 5; "
                                                   "standby bravo on; attr alpha rack \"r 1'x\"");

    /* web is a group: --force keeps crm_resource from writing it into
     * members that set it too (the edit wrote the group's alone). */
    assert_has(text, "crm_resource --resource web --meta --set-parameter resource-stickiness "
                     "--parameter-value 100 --force");
    assert_has(text, "pcs resource meta web resource-stickiness=100");
    assert_has(text, "crm resource meta web set resource-stickiness 100");
    assert_has(text, "crm_attribute --type rsc_defaults --name resource-stickiness --update 5");
    assert_has(text, "pcs resource defaults update resource-stickiness=5");
    assert_has(text, "crm configure rsc_defaults resource-stickiness=5");
    assert_has(text, "crm_attribute --node bravo --name standby --update on");
    assert_has(text, "pcs node standby bravo");
    assert_has(text, "crm node standby bravo");
    assert_has(text, "crm_attribute --node alpha --name rack --update 'r 1'\\''x'");
    assert_has(text, "pcs node attribute alpha 'rack=r 1'\\''x'");
    assert_has(text, "crm node attribute alpha set rack 'r 1'\\''x'");
}
END_TEST

START_TEST(test_fail_counts_and_constraints)
{
    g_autoptr(CsSession) session = open_demo();
    g_autofree char *text = pending_after(session, "failcount clear app-worker; "
                                                   "location add loc1 db alpha -50; "
                                                   "colocation add col1 report db INFINITY; "
                                                   "constraint remove colocation-web-db--1000; "
                                                   "constraint score location-app-worker-bravo 70");

    assert_has(text, "crm_resource --cleanup --resource app-worker --node bravo");
    assert_has(text, "pcs resource cleanup app-worker node=bravo");
    assert_has(text, "crm resource cleanup app-worker bravo");
    /* the last-failure removal is done by the same cleanup */
    assert_has(text, "(the commands above do this too)");
    assert_has(text, "pcs constraint location add loc1 db alpha -50");
    assert_has(text, "crm configure location loc1 db -50: alpha");
    assert_has(text, "pcs constraint colocation add report with db INFINITY id=col1");
    assert_has(text, "crm configure colocation col1 INFINITY: report db");
    assert_has(text, "pcs constraint delete colocation-web-db--1000");
    assert_has(text, "crm configure delete colocation-web-db--1000");
    /* no tool but cibadmin changes a constraint's score */
    ck_assert_msg(strstr(text, "cibadmin --modify --scope constraints --xml-text "
                               "'<rsc_location id=\"location-app-worker-bravo\"")
                      != NULL,
                  "%s", text);
    assert_has(text, "# pcs: no command for this change; use cibadmin above");
}
END_TEST

START_TEST(test_pending_leaves_the_session_as_it_was)
{
    g_autoptr(CsSession) session = open_demo();
    g_autofree char *first = pending_after(session, "ban web alpha; stickiness web 7");
    guint depth = cs_edit_log_undo_depth(session->log);
    g_autofree char *again = pending_after(session, "where web");
    g_autoptr(GString) out = g_string_new(NULL);

    ck_assert_str_eq(first, again);
    ck_assert_uint_eq(cs_edit_log_undo_depth(session->log), depth);
    ck_assert(cs_command_run_text(session, "undo; undo", out, NULL));
    g_autoptr(GString) after = g_string_new(NULL);
    cs_tools_pending(session, after);
    ck_assert_str_eq(after->str, "no pending edits\n");
}
END_TEST

static Suite *tools_suite(void)
{
    Suite *suite = suite_create("tools");
    TCase *tc = tcase_create("tools");
    tcase_add_test(tc, test_shell_words);
    tcase_add_test(tc, test_nothing_pending);
    tcase_add_test(tc, test_ban_prefer_clear);
    tcase_add_test(tc, test_attributes_quoted);
    tcase_add_test(tc, test_fail_counts_and_constraints);
    tcase_add_test(tc, test_pending_leaves_the_session_as_it_was);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(tools_suite());
}
