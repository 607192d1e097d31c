/* check_smallest.c: the smallest change (explain/smallest.h) offers a
 * colocation's score, a ticket to grant or activate, and capacity to
 * free or add, each only once a solve shows it works.  Every change
 * checked here is also checked against the oracle: the CIB with the
 * change made (tests/data/cases/smallest-*-EDIT.xml, written by
 * `cibscope FILE --exec 'COMMAND; save ...'`) has crm_simulate's own
 * Transition Summary beside it, which must place the resource where the
 * search said and equal what the engine answers after the command. */
#include <string.h>

#include "explain/command.h"
#include "explain/session.h"
#include "explain/smallest.h"
#include "testlib.h"

/* One expected change: on CASE, the search for RSC (put on NODE, or
 * kept off it when it is planned there) offers COMMAND, which lands the
 * resource on AFTER; EDITED is the case with COMMAND made. */
typedef struct Expected {
    const char *name, *rsc, *node, *command, *text, *after, *edited;
} Expected;

static const Expected expected_changes[] = {
    /* a positive colocation drags a onto b's node: 29 lets it go */
    {"smallest-colocation", "a", "node1", "constraint score col-a-b 29",
     "set colocation col-a-b score to 29 (now 50)", "node2", "smallest-colocation-score-a"},
    /* a negative one keeps c off b's node: -39 lets it come */
    {"smallest-colocation", "c", "node1", "constraint score col-c-b -39",
     "set colocation col-c-b score to -39 (now -50)", "node1", "smallest-colocation-score-c"},
    {"smallest-ticket", "t", "node1", "ticket ticketT grant",
     "grant ticket ticketT (rsc_ticket tk-t: not granted)", "node1", "smallest-ticket-grant"},
    {"smallest-ticket", "s", "node1", "ticket ticketS activate",
     "activate ticket ticketS (rsc_ticket tk-s: in standby)", "node1", "smallest-ticket-activate"},
    /* big holds 3 of node1's 4 cpu; small needs 2 */
    {"smallest-capacity", "small", "node1", "ban big node1",
     "free 1 of capacity cpu on node1: ban big from node1 (held by big 3)", "node1",
     "smallest-capacity-ban"},
    {"smallest-capacity", "small", "node1", "utilization node1 cpu 5",
     "raise capacity cpu on node1 to 5 (1 short; held by big 3)", "node1",
     "smallest-capacity-raise"},
};

static CsSession *open_case(const char *name)
{
    g_autofree char *path = g_strdup_printf("%s/cases/%s.xml", CS_TESTDATA, name);

    return cs_test_session_open(path, NULL);
}

static GPtrArray *search(const CsSession *session, const Expected *want)
{
    const CsResource *rsc = cs_model_resource(session->model, want->rsc);
    const CsNode *node = cs_model_node(session->model, want->node);
    ck_assert_ptr_nonnull(rsc);
    ck_assert_ptr_nonnull(node);
    int from = cs_solution_assigned_node(session->solution, rsc->index);
    CsSmallestGoal goal = {rsc->index, from, from == (int)node->index ? -1 : (int)node->index};
    return cs_smallest_changes(session, &goal);
}

static const CsSmallestChange *find_change(const GPtrArray *found, const char *command)
{
    for (guint i = 0; i < found->len; i++) {
        const CsSmallestChange *change = g_ptr_array_index(found, i);
        if (strcmp(change->command, command) == 0)
            return change;
    }
    return NULL;
}

/* The Transition Summary section of crm_simulate's whole output. */
static char *summary_section(const char *output)
{
    const char *start = strstr(output, "Transition Summary:");
    ck_assert_ptr_nonnull(start);
    const char *end = strstr(start, "\n\n");
    return end != NULL ? g_strndup(start, (gsize)(end - start)) : g_strdup(start);
}

/* The command made on the original case: the engine's transition then
 * is crm_simulate's for the edited CIB, which places the resource where
 * the search said. */
static void assert_oracle_agrees(const Expected *want)
{
    g_autoptr(CsSession) session = open_case(want->name);
    g_auto(GStrv) words = g_strsplit(want->command, " ", -1);
    g_autoptr(GString) out = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    ck_assert_msg(cs_command_run(session, words, out, &error), "%s",
                  error != NULL ? error->message : "");
    g_autofree char *oracle_output = cs_test_expected("cases", want->edited, "summary");
    g_autofree char *oracle = summary_section(oracle_output);
    CsTestCase edited = {session->document, session->model, session->solution, NULL};
    g_autofree char *engine = cs_test_transition_text(&edited);
    cs_test_assert_same_lines(oracle, engine, TRUE);
    /* Where the oracle starts or keeps it: a Start or Move line to the
     * node, or no line at all when it already runs there. */
    g_autofree char *start = g_strdup_printf("* Start %s ( %s )", want->rsc, want->after);
    g_autofree char *move_suffix = g_strdup_printf("-> %s )", want->after);
    gboolean placed = cs_test_has_line(oracle, start);
    g_auto(GStrv) lines = g_strsplit(oracle, "\n", -1);
    for (char **line = lines; *line != NULL; line++) {
        g_autofree char *trimmed = g_strstrip(g_strdup(*line));
        if (g_str_has_prefix(trimmed, "* Move") && strstr(trimmed, want->rsc) != NULL
            && g_str_has_suffix(trimmed, move_suffix))
            placed = TRUE;
    }
    ck_assert_msg(placed, "%s: crm_simulate does not put %s on %s:\n%s", want->edited, want->rsc,
                  want->after, oracle);
}

START_TEST(test_candidate_found_and_verified)
{
    const Expected *want = &expected_changes[_i];
    g_autoptr(CsSession) session = open_case(want->name);
    g_autoptr(GPtrArray) found = search(session, want);
    const CsSmallestChange *change = find_change(found, want->command);
    ck_assert_msg(change != NULL, "%s %s %s: no '%s' among %u changes", want->name, want->rsc,
                  want->node, want->command, found->len);
    ck_assert_str_eq(change->text, want->text);
    ck_assert_str_eq(change->after, want->after);
    /* The search left the session as it was. */
    ck_assert_uint_eq(cs_edit_log_undo_depth(session->log), 0);
    assert_oracle_agrees(want);
}
END_TEST

/* Nothing is offered that a solve did not confirm: with the ticket
 * granted already, no ticket candidate; with capacity to spare, no
 * capacity candidate. */
START_TEST(test_no_candidate_without_cause)
{
    g_autoptr(CsSession) granted = open_case("smallest-ticket-grant");
    const Expected keep_t_off = {"smallest-ticket-grant", "t", "node1", NULL, NULL, NULL, NULL};
    g_autoptr(GPtrArray) off = search(granted, &keep_t_off);
    for (guint i = 0; i < off->len; i++) {
        const CsSmallestChange *change = g_ptr_array_index(off, i);
        ck_assert_msg(!g_str_has_prefix(change->command, "ticket"), "%s", change->command);
    }
    g_autoptr(CsSession) roomy = open_case("smallest-capacity-raise");
    const Expected small_on_node2 = {
        "smallest-capacity-raise", "small", "node2", NULL, NULL, NULL, NULL};
    g_autoptr(GPtrArray) found = search(roomy, &small_on_node2);
    for (guint i = 0; i < found->len; i++) {
        const CsSmallestChange *change = g_ptr_array_index(found, i);
        ck_assert_msg(strstr(change->text, "capacity cpu on node1") == NULL, "%s", change->text);
    }
}
END_TEST

static Suite *smallest_suite(void)
{
    Suite *suite = suite_create("smallest");
    TCase *tc = tcase_create("candidates");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_candidate_found_and_verified, 0, G_N_ELEMENTS(expected_changes));
    tcase_add_test(tc, test_no_candidate_without_cause);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(smallest_suite());
}
