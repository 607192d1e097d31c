/* check_next.c: what happens next (explain/next.h), told from the
 * transition's actions: where, the Matrix's marks and Action column,
 * what an edit moved.  On data/demo.xml and on every hand-made case of
 * tests/data/transition (their summaries are crm_simulate's), and the
 * checks of next_checks.c shown to fail on a contradicting summary. */
#include "explain/command.h"
#include "explain/next.h"
#include "next_checks.h"

#include <check.h>
#include <string.h>
#include "testlib.h"

#define DEMO CS_SRCDATADIR "/demo.xml"
#define DEMO_TIME "2024-06-01 12:00:00"
#define TRANSITION CS_TESTDATA "/transition"

static GPtrArray *engine_summary(CsSolution *solution)
{
    g_autoptr(GString) text = g_string_new(NULL);
    cs_solution_print_transition(solution, text);
    return summary_parse(text->str);
}

/* ---- demo.xml: clones told by instance and role -------------------------- */

START_TEST(test_demo_clones_stay)
{
    g_autoptr(CsSession) session = cs_test_session_open(DEMO, DEMO_TIME);
    g_autofree char *ping = cs_test_run_ok(session, "where ping-clone");
    ck_assert_msg(
        g_str_has_prefix(ping, "ping-clone: running on alpha, bravo, delta, echo; stays\n"), "%s",
        ping);
    g_autofree char *db = cs_test_run_ok(session, "where db-clone");
    ck_assert_str_eq(db, "db-clone: promoted on delta, unpromoted on echo; stays\n"
                         "  db:0: promoted on delta, stays (score 209)\n"
                         "  db:1: unpromoted on echo, stays (score 104)\n");
    g_autofree char *instance = cs_test_run_ok(session, "where db:1");
    ck_assert_str_eq(instance, "db:1: unpromoted on echo, stays (score 104)\n");
    /* The configured child is told as its clone. */
    g_autofree char *child = cs_test_run_ok(session, "where db");
    ck_assert(g_str_has_prefix(child, "db: configured in clone db-clone, placed as its instances\n"
                                      "db-clone: promoted on delta"));
}
END_TEST

START_TEST(test_demo_marks_and_labels)
{
    g_autoptr(CsSession) session = cs_test_session_open(DEMO, DEMO_TIME);
    const CsTransition *transition = cs_solution_transition(session->solution);
    const CsModel *engine = cs_solution_model(session->solution);
    int web = cs_model_resource(engine, "web")->index;
    int vip = cs_model_resource(engine, "web-vip")->index;
    int ping = cs_model_resource(engine, "ping-clone")->index;
    int alpha = cs_model_node(engine, "alpha")->index,
        bravo = cs_model_node(engine, "bravo")->index;
    ck_assert_int_eq(cs_next_mark(session->solution, transition, web, alpha), CS_NEXT_MARK_LEAVES);
    ck_assert_int_eq(cs_next_mark(session->solution, transition, web, bravo), CS_NEXT_MARK_ARRIVES);
    ck_assert_int_eq(cs_next_mark(session->solution, transition, ping, alpha), CS_NEXT_MARK_STAYS);
    /* Before the actions are read, only what runs now is marked. */
    ck_assert_int_eq(cs_next_mark(session->solution, NULL, vip, bravo), CS_NEXT_MARK_NONE);
    ck_assert_int_eq(cs_next_mark(session->solution, NULL, vip, alpha), CS_NEXT_MARK_STAYS);
    CsNextLabel label;
    ck_assert(!cs_next_label(transition, engine, web, FALSE, &label));
    ck_assert(cs_next_label(transition, engine, web, TRUE, &label));
    ck_assert_str_eq(label.text, "Move");
    ck_assert_int_eq(label.count, 3);
    ck_assert(!cs_next_label(transition, engine, ping, TRUE, &label));
    ck_assert_int_eq(cs_next_node(session->solution, transition, vip), bravo);
    g_autoptr(GString) line = g_string_new(NULL);
    cs_next_line(session->solution, vip, line);
    ck_assert_str_eq(line->str, "on alpha, will move to bravo (score 100)\n");
    g_string_truncate(line, 0);
    cs_next_line(session->solution, web, line);
    ck_assert_str_eq(line->str, "on alpha; will move to bravo\n");
}
END_TEST

/* Issue 16 item 13: a change of plan is not a move. */
START_TEST(test_change_of_plan_is_not_a_move)
{
    g_autoptr(CsSession) session = cs_test_session_open(DEMO, DEMO_TIME);
    g_autofree char *out = cs_test_run_ok(session, "ban web-fs bravo");
    ck_assert_str_eq(
        out, "ban web-fs from bravo\n  web: planned for delta instead of bravo (runs on alpha)\n");
    g_autofree char *undo = cs_test_run_ok(session, "undo");
    ck_assert_str_eq(undo, "undo: ban web-fs from bravo\n"
                           "  web: planned for bravo instead of delta (runs on alpha)\n");
}
END_TEST

/* ---- blocked and required actions (crm_simulate's summaries) ------------ */

START_TEST(test_blocked_start_stays_stopped)
{
    g_autoptr(CsSession) session =
        cs_test_session_open(TRANSITION "/blocked-unmanaged-stopped.xml", NULL);
    g_autofree char *where = cs_test_run_ok(session, "where after");
    ck_assert_str_eq(where, "after: stopped, stays stopped; start on node2 blocked "
                            "(due to unrunnable rsc1 start)\n");
    const CsModel *engine = cs_solution_model(session->solution);
    int after = cs_model_resource(engine, "after")->index;
    int node2 = cs_model_node(engine, "node2")->index;
    const CsTransition *transition = cs_solution_transition(session->solution);
    ck_assert_int_eq(cs_next_mark(session->solution, transition, after, node2),
                     CS_NEXT_MARK_BLOCKED);
    ck_assert_int_eq(cs_next_node(session->solution, transition, after), -1);
}
END_TEST

START_TEST(test_required_stop_stops)
{
    g_autoptr(CsSession) session = cs_test_session_open(TRANSITION "/blocked-on-fail.xml", NULL);
    g_autofree char *where = cs_test_run_ok(session, "where after");
    ck_assert_str_eq(where, "after: on node1, will stop (due to unrunnable rsc1 start)\n");
}
END_TEST

/* Every hand-made case: where, marks and labels against the oracle's
 * summary, then a standby of the first node, what it moved against the
 * engine's summaries before and after. */
static void check_case(const char *name)
{
    g_autofree char *xml = g_strdup_printf("%s/%s.xml", TRANSITION, name);
    g_autofree char *summary_path = g_strdup_printf("%s/%s.summary", TRANSITION, name);
    g_autofree char *time_path = g_strdup_printf("%s/%s.time", TRANSITION, name);
    g_autofree char *summary = NULL, *time_text = NULL;
    ck_assert(g_file_get_contents(summary_path, &summary, NULL, NULL));
    if (g_file_get_contents(time_path, &time_text, NULL, NULL))
        g_strstrip(time_text);
    g_autoptr(CsSession) session = cs_session_open(xml, time_text, NULL);
    if (session == NULL)
        return; /* refused (not modelled yet): nothing is said */
    g_autoptr(GPtrArray) oracle = summary_parse(summary);
    g_autofree char *statements = check_statements(session->solution, oracle);
    ck_assert_msg(statements == NULL, "%s:\n%s", name, statements);
    g_autoptr(GPtrArray) before = engine_summary(session->solution);
    const CsNode *first = g_ptr_array_index(session->model->nodes, 0);
    g_autofree char *quoted = g_shell_quote(first->uname);
    g_autofree char *edit = g_strdup_printf("standby %s on", quoted);
    g_autoptr(GString) printed = g_string_new(NULL);
    if (!cs_command_run_text(session, edit, printed, NULL) || session->solution == NULL)
        return;
    g_autoptr(GPtrArray) after = engine_summary(session->solution);
    g_autofree char *changes = check_changes(printed->str, session->model, before, after);
    ck_assert_msg(changes == NULL, "%s, %s:\n%s%s", name, edit, printed->str, changes);
}

START_TEST(test_transition_cases)
{
    g_autoptr(GDir) dir = g_dir_open(TRANSITION, 0, NULL);
    const char *entry;
    guint checked = 0;
    ck_assert_ptr_nonnull(dir);
    while ((entry = g_dir_read_name(dir)) != NULL) {
        if (!g_str_has_suffix(entry, ".summary"))
            continue;
        g_autofree char *name = g_strndup(entry, strlen(entry) - strlen(".summary"));
        check_case(name);
        checked++;
    }
    ck_assert_uint_gt(checked, 100);
}
END_TEST

/* ---- the checks can fail --------------------------------------------------- */

START_TEST(test_checks_fail_on_contradiction)
{
    g_autoptr(CsSession) session = cs_test_session_open(DEMO, DEMO_TIME);
    /* demo.xml's transition moves web's members; nothing stops ping:0. */
    g_autoptr(GPtrArray) forged = summary_parse(
        "Transition Summary:\n"
        "  * Stop       ping:0         (                       alpha )\n"
        "  * Start      report         (                       alpha )  due to x (blocked)\n");
    g_autofree char *statements = check_statements(session->solution, forged);
    ck_assert_ptr_nonnull(statements);
    ck_assert_ptr_nonnull(
        strstr(statements, "Stop ping:0: where says \"ping:0: on alpha, stays (score 100)\""));
    ck_assert_ptr_nonnull(strstr(statements, "the Matrix marks stays on alpha, not leaves"));
    ck_assert_ptr_nonnull(strstr(statements, "Start report (blocked): where says"));
    /* The real summary's moves, left out, show as unexplained. */
    ck_assert_ptr_nonnull(strstr(statements, "web-vip: no action, but where says"));

    /* report (a top-level primitive) runs on bravo; a summary that moves
     * it must be said as a move, and a move said must be in it. */
    g_autoptr(GPtrArray) none = summary_parse("Transition Summary:\n");
    g_autoptr(GPtrArray) moved = summary_parse("Transition Summary:\n"
                                               "  * Move       report     ( bravo -> alpha )\n");
    g_autofree char *as_move =
        check_changes("ban report bravo\n  report: bravo -> delta\n", session->model, none, moved);
    ck_assert_ptr_nonnull(as_move);
    ck_assert_ptr_nonnull(strstr(as_move, "report: \"bravo -> delta\", but no action moves it so"));
    g_autofree char *silent = check_changes("ban report bravo\n", session->model, none, moved);
    ck_assert_ptr_nonnull(silent);
    ck_assert_ptr_nonnull(strstr(
        silent, "the transition now has Move bravo -> alpha, but the edit says \"nothing\""));
    g_autofree char *plan =
        check_changes("ban report bravo\n  report: stays on bravo (was planned for alpha)\n",
                      session->model, moved, moved);
    ck_assert_ptr_nonnull(plan);
    g_autofree char *right =
        check_changes("ban report bravo\n  report: bravo -> alpha\n", session->model, none, moved);
    ck_assert_ptr_null(right);
}
END_TEST

START_TEST(test_summary_parse)
{
    g_autoptr(GPtrArray) lines =
        summary_parse("Transition Summary:\n"
                      "  * Fence (reboot) node3 'peer is no longer part of the cluster'\n"
                      "  * Promote    db:1           ( Unpromoted -> Promoted echo )\n"
                      "  * Start      app2     ( node1 )  due to unrunnable app1 start (blocked)\n"
                      "  * Move       web fs   ( a -> b )\n"
                      "\n  * Stop x ( y )\n");
    ck_assert_uint_eq(lines->len, 3);
    const SummaryLine *promote = g_ptr_array_index(lines, 0);
    ck_assert_str_eq(promote->id, "db:1");
    ck_assert_str_eq(promote->from, "echo");
    ck_assert_str_eq(promote->to, "echo");
    const SummaryLine *start = g_ptr_array_index(lines, 1);
    ck_assert(start->blocked);
    ck_assert_str_eq(start->reason, "unrunnable app1 start");
    ck_assert_ptr_null(start->from);
    const SummaryLine *move = g_ptr_array_index(lines, 2);
    ck_assert_str_eq(move->id, "web fs");
    ck_assert_str_eq(move->from, "a");
    ck_assert_str_eq(move->to, "b");
}
END_TEST

static Suite *next_suite(void)
{
    Suite *suite = suite_create("next");
    TCase *demo = tcase_create("demo");
    tcase_add_test(demo, test_demo_clones_stay);
    tcase_add_test(demo, test_demo_marks_and_labels);
    tcase_add_test(demo, test_change_of_plan_is_not_a_move);
    suite_add_tcase(suite, demo);
    TCase *cases = tcase_create("cases");
    tcase_set_timeout(cases, 300);
    tcase_add_test(cases, test_blocked_start_stays_stopped);
    tcase_add_test(cases, test_required_stop_stops);
    tcase_add_test(cases, test_transition_cases);
    suite_add_tcase(suite, cases);
    TCase *checks = tcase_create("checks");
    tcase_add_test(checks, test_summary_parse);
    tcase_add_test(checks, test_checks_fail_on_contradiction);
    suite_add_tcase(suite, checks);
    return suite;
}

int main(void)
{
    return cs_test_run(next_suite());
}
