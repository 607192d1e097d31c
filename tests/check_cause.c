/* check_cause.c: the cause chains of explain/cause.h, as a property over
 * every incident pair of tests/data/incidents (make-pairs.py wrote them;
 * crm_simulate settled their shared before.xml and agrees with the engine on each
 * "after"): `why BEFORE AFTER` gives every Transition Summary line of
 * AFTER a cause that names the CIB object that changed and its value
 * (NAME.expect), and never an internal name. */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include "cib/document.h"
#include "explain/cause.h"
#include "explain/command.h"
#include "explain/session.h"
#include "explain/history.h"
#include "model/model.h"
#include "testlib.h"

static char *incidents_dir(void)
{
    return g_build_filename(CS_TESTDATA, "incidents", NULL);
}

static CsDocument *load_pair_side(const char *name, const char *side)
{
    g_autofree char *dir = incidents_dir();
    /* Every pair shares the one settled CIB before. */
    g_autofree char *file = strcmp(side, "before") == 0 ? g_strdup("before.xml")
                                                        : g_strdup_printf("%s-%s.xml", name, side);
    g_autofree char *path = g_build_filename(dir, file, NULL);
    g_autoptr(GError) error = NULL;
    CsDocument *document = cs_document_load(path, &error);
    ck_assert_msg(document != NULL, "%s: %s", path, error ? error->message : "");
    return document;
}

/* The Transition lines and the Causes blocks of a why report. */
typedef struct Report {
    GPtrArray *transition; /* char*: "* Move web ( node1 -> node2 )" */
    GPtrArray *headings;   /* char*: "Move web (node1 -> node2):" */
    GPtrArray *blocks;     /* char*: the chain under each heading */
} Report;

static void report_read(const char *text, Report *report)
{
    report->transition = g_ptr_array_new_with_free_func(g_free);
    report->headings = g_ptr_array_new_with_free_func(g_free);
    report->blocks = g_ptr_array_new_with_free_func(g_free);
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    const char *section = "";
    GString *block = NULL;
    for (char **line = lines; *line != NULL; line++) {
        if ((*line)[0] != ' ' && (*line)[0] != '\0') {
            section = *line;
            continue;
        }
        if (strcmp(section, "Transition:") == 0 && g_str_has_prefix(*line, "  * "))
            g_ptr_array_add(report->transition, g_strdup(*line + 2));
        if (strcmp(section, "Causes:") != 0)
            continue;
        if (g_str_has_prefix(*line, "  ") && (*line)[2] != ' ') {
            if (block != NULL)
                g_ptr_array_add(report->blocks, g_string_free(block, FALSE));
            g_ptr_array_add(report->headings, g_strdup(*line + 2));
            block = g_string_new(NULL);
        } else if (block != NULL) {
            g_string_append_printf(block, "%s\n", *line);
        }
    }
    if (block != NULL)
        g_ptr_array_add(report->blocks, g_string_free(block, FALSE));
}

static void report_clear(Report *report)
{
    g_ptr_array_unref(report->transition);
    g_ptr_array_unref(report->headings);
    g_ptr_array_unref(report->blocks);
}

/* "Move web (node1 -> node2):" -> "web" */
static char *heading_rsc(const char *heading)
{
    g_auto(GStrv) words = g_strsplit(heading, " ", 3);
    ck_assert(words[0] != NULL && words[1] != NULL);
    return g_strdup(words[1]);
}

static gboolean same_rsc(const char *heading, const char *rsc)
{
    g_autofree char *own = heading_rsc(heading);
    return strcmp(own, rsc) == 0;
}

static void check_pair(const char *name)
{
    g_autoptr(CsDocument) before = load_pair_side(name, "before");
    g_autoptr(CsDocument) after = load_pair_side(name, "after");
    g_autoptr(GString) out = g_string_new(NULL);
    ck_assert_int_eq(cs_why_report(before, after, NULL, out), 0);
    Report report;
    report_read(out->str, &report);
    ck_assert_msg(report.transition->len > 0, "%s: nothing happens\n%s", name, out->str);
    ck_assert_msg(report.headings->len == report.transition->len,
                  "%s: %u transition lines, %u causes\n%s", name, report.transition->len,
                  report.headings->len, out->str);
    g_autofree char *dir = incidents_dir();
    g_autofree char *file = g_strdup_printf("%s.expect", name);
    g_autofree char *path = g_build_filename(dir, file, NULL);
    g_autofree char *expect = NULL;
    ck_assert(g_file_get_contents(path, &expect, NULL, NULL));
    g_auto(GStrv) words = g_strsplit(g_strstrip(expect), "\n", -1);
    for (guint i = 0; i < report.headings->len; i++) {
        const char *heading = g_ptr_array_index(report.headings, i);
        const char *block = g_ptr_array_index(report.blocks, i);
        ck_assert_msg(*block != '\0', "%s: %s has no cause", name, heading);
        ck_assert_msg(strstr(block, "__") == NULL, "%s: internal name in\n%s", name, block);
        for (char **word = words; *word != NULL; word++) {
            const char *colon = strstr(*word, ": ");
            g_autofree char *rsc = colon ? g_strndup(*word, (gsize)(colon - *word)) : NULL;
            const char *needed = colon ? colon + 2 : *word;
            if (rsc != NULL && !same_rsc(heading, rsc))
                continue;
            ck_assert_msg(strstr(block, needed) != NULL, "%s: the cause of %s lacks \"%s\":\n%s",
                          name, heading, needed, block);
        }
    }
    report_clear(&report);
}

static const char *const pairs[] = {
    "ban",         "failcount",       "standby",   "stickiness",     "colocation",
    "node-rule",   "date-rule",       "lifetime",  "node-lost",      "node-fenced",
    "utilization", "group-member",    "clone-max", "promotion",      "order",
    "target-role", "ticket",          "pattern",   "ticket-standby", "order-chain",
    "health",      "failure-expired",
};

START_TEST(test_cause_names_the_change)
{
    check_pair(pairs[_i]);
}
END_TEST

/* Every pair in the directory is in the list above (none forgotten). */
START_TEST(test_cause_every_pair_listed)
{
    g_autofree char *path = incidents_dir();
    g_autoptr(GDir) dir = g_dir_open(path, 0, NULL);
    ck_assert(dir != NULL);
    const char *entry;
    guint count = 0;
    while ((entry = g_dir_read_name(dir)) != NULL) {
        if (!g_str_has_suffix(entry, ".expect"))
            continue;
        g_autofree char *name = g_strndup(entry, strlen(entry) - strlen(".expect"));
        gboolean listed = FALSE;
        for (gsize i = 0; i < G_N_ELEMENTS(pairs); i++)
            listed = listed || strcmp(pairs[i], name) == 0;
        ck_assert_msg(listed, "%s is not checked", name);
        count++;
    }
    ck_assert_uint_eq(count, G_N_ELEMENTS(pairs));
}
END_TEST

/* Without a CIB before (explain): the cause of a ticket stop still names
 * the rsc_ticket, the ticket's state and the loss-policy. */
START_TEST(test_cause_resource_alone)
{
    g_autoptr(CsDocument) document = load_pair_side("ticket", "after");
    CsTime now;
    ck_assert(cs_model_execution_date(document, &now));
    g_autoptr(GError) error = NULL;
    g_autoptr(CsModel) model = cs_model_build(document, now, &error);
    ck_assert(model != NULL);
    g_autoptr(CsSolution) solution = cs_solve(model, &error);
    ck_assert(solution != NULL);
    const CsResource *rsc = cs_model_resource(cs_solution_model(solution), "tkr");
    g_autoptr(GString) out = g_string_new(NULL);
    cs_cause_resource(solution, rsc->index, out);
    ck_assert_msg(strstr(out->str, "cause of Stop tkr (") != NULL, "%s", out->str);
    ck_assert_msg(strstr(out->str, "rsc_ticket tk-tkr: ticket ticketA is revoked (granted=false), "
                                   "loss-policy stop")
                      != NULL,
                  "%s", out->str);
    ck_assert(strstr(out->str, "__") == NULL);
}
END_TEST

/* The console's prompt: `explain app2` ends with the cause of app2's
 * stop, the order and the ban upstream. */
START_TEST(test_cause_prompt_explain)
{
    g_autofree char *dir = incidents_dir();
    g_autofree char *path = g_build_filename(dir, "order-after.xml", NULL);
    g_autoptr(GError) error = NULL;
    CsSession *session = cs_session_open(path, NULL, &error);
    ck_assert_msg(session != NULL, "%s", error ? error->message : "");
    g_autoptr(GString) out = g_string_new(NULL);
    ck_assert(cs_command_run_text(session, "explain app2", out, &error));
    ck_assert_msg(strstr(out->str, "cause of Stop app2 (node2):\n    order o-app1-app2 (app1 start "
                                   "then app2 start, Mandatory")
                      != NULL,
                  "%s", out->str);
    ck_assert_msg(strstr(out->str, "location ban-app1: -INFINITY on node1, node2, node3") != NULL,
                  "%s", out->str);
    cs_session_free(session);
}
END_TEST

/* Every action of every CIB under tests/data/DIR (no CIB before, as
 * explain tells it): a cause, and none of the engine's internal names. */
static void check_directory(const char *name)
{
    g_autofree char *path = g_build_filename(CS_TESTDATA, name, NULL);
    g_autoptr(GDir) dir = g_dir_open(path, 0, NULL);
    ck_assert(dir != NULL);
    const char *entry;
    guint actions = 0;
    while ((entry = g_dir_read_name(dir)) != NULL) {
        if (!g_str_has_suffix(entry, ".xml"))
            continue;
        g_autofree char *file = g_build_filename(path, entry, NULL);
        g_autoptr(CsDocument) document = cs_document_load(file, NULL);
        CsTime now;
        if (document == NULL || !cs_model_resolve_now(document, NULL, &now, NULL))
            continue;
        g_autoptr(CsModel) model = cs_model_build(document, now, NULL);
        g_autoptr(CsSolution) solution = model != NULL ? cs_solve(model, NULL) : NULL;
        if (solution == NULL)
            continue;
        const CsTransition *transition = cs_solution_transition(solution);
        for (guint i = 0; i < cs_transition_length(transition); i++) {
            g_autoptr(GString) out = g_string_new(NULL);
            cs_cause_action(solution, NULL, cs_transition_action(transition, i), "  ", out);
            ck_assert_msg(out->len > 0, "%s: action %u has no cause", entry, i);
            ck_assert_msg(strstr(out->str, "__") == NULL
                              && strstr(out->str, "internal_colocation") == NULL
                              && strstr(out->str, "limit_reached") == NULL,
                          "%s: internal name in\n%s", entry, out->str);
            actions++;
        }
    }
    ck_assert_uint_gt(actions, 0);
}

START_TEST(test_cause_transition_data)
{
    check_directory("transition");
    check_directory("clone");
    check_directory("promotable");
}
END_TEST

/* The corpus CIB NAME.xml and crm_simulate's NAME.summary beside it, or
 * NULL when SHARED_DIR is unset (then the test says it skipped). */
static char *corpus_file(const char *folder, const char *name, const char *suffix)
{
    const char *shared = getenv("SHARED_DIR");
    if (shared == NULL || *shared == '\0')
        return NULL;
    return g_strdup_printf("%s/corpus/pacemaker-2.1.5/%s/%s.%s", shared, folder, name, suffix);
}

/* Every Restart line of the corpus CIBs the engine answers gets a cause
 * beyond the action itself (a changed definition, a restarted
 * dependency, a filler's failure, ...), never "no cause" nor the bare
 * reason the summary already prints. */
START_TEST(test_cause_every_restart)
{
    g_autofree char *dir_path = corpus_file("xml", "x", "xml");
    if (dir_path == NULL) {
        printf("skipped: SHARED_DIR is not set\n");
        return;
    }
    g_autofree char *xml_dir = g_path_get_dirname(dir_path);
    g_autoptr(GDir) dir = g_dir_open(xml_dir, 0, NULL);
    ck_assert(dir != NULL);
    const char *entry;
    guint restarts = 0;
    while ((entry = g_dir_read_name(dir)) != NULL) {
        g_autofree char *name = g_strndup(entry, strlen(entry) - 4);
        g_autofree char *summary_path = corpus_file("summary", name, "summary");
        g_autofree char *summary = NULL;
        if (!g_str_has_suffix(entry, ".xml")
            || !g_file_get_contents(summary_path, &summary, NULL, NULL)
            || strstr(summary, "* Restart") == NULL)
            continue;
        g_autofree char *file = g_build_filename(xml_dir, entry, NULL);
        g_autoptr(CsDocument) document = cs_document_load(file, NULL);
        CsTime now;
        if (document == NULL || !cs_model_resolve_now(document, NULL, &now, NULL))
            continue;
        g_autoptr(CsModel) model = cs_model_build(document, now, NULL);
        g_autoptr(CsSolution) solution = model != NULL ? cs_solve(model, NULL) : NULL;
        if (solution == NULL)
            continue;
        const CsTransition *transition = cs_solution_transition(solution);
        for (guint i = 0; i < cs_transition_length(transition); i++) {
            const CsPlannedAction *action = cs_transition_action(transition, i);
            if (action->kind != CS_ACTION_RESTART)
                continue;
            g_autoptr(GString) out = g_string_new(NULL);
            cs_cause_action(solution, NULL, action, "  ", out);
            ck_assert_msg(strstr(out->str, "records no cause") == NULL, "%s: %s", entry, out->str);
            /* One line that is the summary's own reason tells nothing new. */
            gboolean one_line = strchr(out->str, '\n') == strrchr(out->str, '\n');
            ck_assert_msg(!one_line || action->reason == NULL
                              || strstr(out->str, action->reason) == NULL,
                          "%s: only the summary's reason: %s", entry, out->str);
            restarts++;
        }
    }
    ck_assert_uint_gt(restarts, 40);
}
END_TEST

/* The cause of corpus CIB NAME's resource RSC, into out; FALSE (and the
 * test says it skipped) when SHARED_DIR is unset. */
static gboolean corpus_cause(const char *name, const char *rsc, GString *out)
{
    g_autofree char *path = corpus_file("xml", name, "xml");
    if (path == NULL) {
        printf("skipped: SHARED_DIR is not set\n");
        return FALSE;
    }
    g_autoptr(CsDocument) document = cs_document_load(path, NULL);
    CsTime now;
    ck_assert(document != NULL && cs_model_resolve_now(document, NULL, &now, NULL));
    g_autoptr(CsModel) model = cs_model_build(document, now, NULL);
    g_autoptr(CsSolution) solution = cs_solve(model, NULL);
    ck_assert(solution != NULL);
    const CsResource *resource = cs_model_resource(cs_solution_model(solution), rsc);
    ck_assert_ptr_nonnull(resource);
    cs_cause_resource(solution, resource->index, out);
    return TRUE;
}

/* container-3: crm_simulate restarts container1 because rsc1, which
 * runs inside it, failed its stop (on-fail=restart-container). */
START_TEST(test_cause_container_restart)
{
    g_autoptr(GString) out = g_string_new(NULL);
    if (!corpus_cause("container-3", "container1", out))
        return;
    g_autofree char *summary_path = corpus_file("summary", "container-3", "summary");
    g_autofree char *summary = NULL;
    ck_assert(g_file_get_contents(summary_path, &summary, NULL, NULL));
    ck_assert_msg(strstr(summary, "* Restart    container1     ( node1 )\n") != NULL, "%s",
                  summary);
    ck_assert_msg(strstr(out->str,
                         "cause of Restart container1 (node1):\n    rsc1 runs inside container1 "
                         "(container=container1) and its stop failed on node1 "
                         "(rsc1_last_failure_0): on-fail=restart-container")
                      != NULL,
                  "%s", out->str);
}
END_TEST

/* A guest node's connection takes on-fail=restart-container by default:
 * its failed monitor restarts the container (oracle: Restart vm1 and
 * Restart web-docker-0), and the cause names the connection's failure. */
static const struct {
    const char *folder, *name, *container, *says;
} connection_restarts[] = {
    {"transition", "guest-connection-monitor-failed", "vm1",
     "g1 (the connection to the guest node in vm1): its monitor failed on n1 "
     "(g1_last_failure_0): on-fail=restart-container"},
    {"bundle", "inner-history-connection-failed", "web-docker-0",
     "web-0 (the connection to the guest node in web-docker-0): its monitor failed on node1 "
     "(web-0_monitor_30000): on-fail=restart-container"},
};

START_TEST(test_cause_connection_restarts_container)
{
    CsTestCase test;

    cs_test_case_solve_ok(&test, connection_restarts[_i].folder, connection_restarts[_i].name);
    const CsResource *container =
        cs_model_resource(cs_solution_model(test.solution), connection_restarts[_i].container);
    ck_assert_ptr_nonnull(container);
    g_autoptr(GString) out = g_string_new(NULL);
    cs_cause_resource(test.solution, container->index, out);
    ck_assert_msg(strstr(out->str, connection_restarts[_i].says) != NULL, "%s", out->str);
    cs_test_case_clear(&test);
}
END_TEST

/* A remote node whose unfencing device changed since it was unfenced
 * (#digests-all) is unfenced again: the oracle restarts trig:0 there
 * "due to required stonith", and the cause names the device. */
START_TEST(test_cause_remote_unfencing_device_changed)
{
    CsTestCase test;

    cs_test_case_solve_ok(&test, "transition", "remote-unfence-digest-changed");
    const CsResource *trig = cs_model_resource(cs_solution_model(test.solution), "trig:0");
    ck_assert_ptr_nonnull(trig);
    g_autoptr(GString) out = g_string_new(NULL);
    cs_cause_resource(test.solution, trig->index, out);
    ck_assert_msg(strstr(out->str, "cause of Restart trig:0 (rem1):\n    rem1 is unfenced again "
                                   "first: the parameters of fence (provides=unfencing) changed")
                      != NULL,
                  "%s", out->str);
    cs_test_case_clear(&test);
}
END_TEST

/* monitor-onfail-stop: A's monitor failed with on-fail=stop, and A has
 * no target-role.  The cause names the failure, never a target-role. */
START_TEST(test_cause_on_fail_stop_is_no_target_role)
{
    g_autoptr(GString) out = g_string_new(NULL);
    if (!corpus_cause("monitor-onfail-stop", "A", out))
        return;
    ck_assert_msg(strstr(out->str, "(stopped after its failure)") != NULL, "%s", out->str);
    ck_assert_msg(strstr(out->str, "target-role") == NULL, "%s", out->str);
}
END_TEST

static Suite *cause_suite(void)
{
    Suite *suite = suite_create("cause");
    TCase *pairs_case = tcase_create("pairs");
    tcase_set_timeout(pairs_case, 120);
    tcase_add_loop_test(pairs_case, test_cause_names_the_change, 0, G_N_ELEMENTS(pairs));
    tcase_add_test(pairs_case, test_cause_every_pair_listed);
    tcase_add_test(pairs_case, test_cause_resource_alone);
    tcase_add_test(pairs_case, test_cause_transition_data);
    tcase_add_test(pairs_case, test_cause_prompt_explain);
    tcase_add_test(pairs_case, test_cause_every_restart);
    tcase_add_test(pairs_case, test_cause_container_restart);
    tcase_add_loop_test(pairs_case, test_cause_connection_restarts_container, 0,
                        G_N_ELEMENTS(connection_restarts));
    tcase_add_test(pairs_case, test_cause_remote_unfencing_device_changed);
    tcase_add_test(pairs_case, test_cause_on_fail_stop_is_no_target_role);
    suite_add_tcase(suite, pairs_case);
    return suite;
}

int main(void)
{
    return cs_test_run(cause_suite());
}
