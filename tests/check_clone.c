/* check_clone.c: clone instances and tickets against crm_simulate.
 *
 * tests/data/clone/NAME.xml are small CIBs; NAME.scores and NAME.summary
 * are what crm_simulate 2.1.5 printed for them (-sSQ sorted, and -S's
 * Transition Summary).
 */
#include <check.h>
#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "cib/document.h"
#include "engine/engine.h"
#include "model/model.h"
#include "testlib.h"

typedef CsTestCase Solved;

/* tests/data/clone/NAME, which must solve. */
static void solve_case(const char *name, Solved *solved)
{
    cs_test_case_solve_ok(solved, "clone", name);
}

/* crm_simulate's NAME.SUFFIX (scores or summary) for it. */
static char *expected(const char *name, const char *suffix)
{
    return cs_test_expected("clone", name, suffix);
}

/* A revoked ticket bans both of its resources everywhere (loss-policy
 * stop, given or by default) and stops the active one. */
START_TEST(test_ticket_revoked)
{
    Solved solved;

    solve_case("ticket-revoked", &solved);
    cs_test_assert_as_oracle(&solved, "clone", "ticket-revoked");
    cs_test_case_clear(&solved);
}
END_TEST

/* An anonymous clone: the instance running on node1 is numbered :0,
 * the clone's scores and every instance's are printed before placement,
 * clone-max=2 leaves a third node without one, and a dependent follows
 * the instances (colocation and order with the clone). */
START_TEST(test_anonymous_clone)
{
    Solved solved;
    g_autofree char *want_scores = expected("anon-sticky", "scores");
    g_autofree char *want_summary = expected("anon-sticky", "summary");
    g_autofree char *got_scores = NULL, *got_summary = NULL;
    g_autoptr(GPtrArray) want = NULL;
    g_autoptr(GPtrArray) got = NULL;

    solve_case("anon-sticky", &solved);
    got_scores = cs_test_scores_text(&solved);
    got_summary = cs_test_transition_text(&solved);
    want = cs_test_sorted_lines(want_scores, FALSE);
    got = cs_test_sorted_lines(got_scores, FALSE);
    for (guint i = 0; i < want->len; i++) {
        const char *line = g_ptr_array_index(want, i);

        if (!g_str_has_prefix(line, "pcmk__clone_allocate") && strstr(line, " db ") == NULL)
            continue;
        ck_assert_msg(cs_test_lines_contain(got, line), "missing: %s", line);
    }
    cs_test_assert_same_lines(want_summary, got_summary, TRUE);
    ck_assert_int_eq(
        cs_solution_assigned_node(
            solved.solution, cs_model_resource(cs_solution_model(solved.solution), "db")->index),
        0);
    cs_test_case_clear(&solved);
}
END_TEST

/* A cloned group: instance numbers follow the members' histories and a
 * banned node gets no instance. */
START_TEST(test_cloned_group)
{
    Solved solved;
    g_autofree char *want_summary = expected("cloned-group", "summary");
    g_autofree char *got_summary = NULL;

    solve_case("cloned-group", &solved);
    got_summary = cs_test_transition_text(&solved);
    cs_test_assert_same_lines(want_summary, got_summary, TRUE);
    cs_test_case_clear(&solved);
}
END_TEST

/* Oracle-made cases, one per behaviour: scores and summary both match.
 * group-instance-colocation: each member of a group instance is
 * colocated with the previous member of the same instance.
 * new-instance-no-restart: an instance starting on another node does not
 * restart a resource ordered after the clone (the clone's start counts
 * per node of the "then" action).
 * interleave-pairs: an interleaved clone ordered after and colocated
 * with another is paired instance by instance, node by node.
 * fail-limit-anonymous: an anonymous instance reaching migration-threshold
 * bans the whole clone from its node (every instance -INFINITY there).
 * failed-anonymous-recover: a failed instance is recovered in place,
 * assigned after the instances that did not fail.
 * blocked-instance-colocation: an instance blocked by on-fail=block hosts
 * no INFINITY dependent, which moves.
 * standby-instance: on-fail=standby stops every instance on the node.
 * stopped-migration-*: a failed migrate_to, then a stop on the source:
 * the resource stays active (role Stopped) on the target, restarted there
 * (Pacemaker's unpack_migrate_to_failure()).
 * rollback-printed: an active instance tried on its node, which prefers
 * another, is rolled back; both attempts' scores are printed.
 * rollback-group: a group instance's rollback leaves it assigned (both
 * instances end on one node, as Pacemaker 2.1.5 does).
 * promotable-failed-*: a failed unpromoted or promoted instance is
 * recovered in its role; past migration-threshold the promoted role moves
 * to the other instance.
 * fence-instance: on-fail=fence fences the node "web:0 failed there".
 * failed-unique-recover: only the failed instance of a globally-unique
 * clone is recovered (failure is per instance).
 * negative-clone-score: a clone (and a cloned group) with a score below
 * zero but above -INFINITY on a node: no instance may go there, the
 * instance's score there is -INFINITY (found by tests/oracle-diff).
 * group-later-member-counts: a group instance whose first member stays
 * stopped while its second (unmanaged) stays on node1 still takes node1's
 * place: the next instance is banned there (found by tests/oracle-diff).
 * unmanaged-opt-in-shutdown: in an opt-in cluster, an instance left on a
 * node in maintenance that is shutting down scores -INFINITY there, not
 * its INFINITY pin (the node enters its scores at -INFINITY).
 * group-partly-unmanaged, group-member-blocked: a group instance with an
 * unmanaged (is-managed=false, or blocked by on-fail=block) member active
 * beside a managed one counts its node twice, so it is placed after the
 * other instances (found by tests/oracle-diff).
 * anonymous-node-max-active, group-node-max-anonymous,
 * promotable-group-node-max: an anonymous clone (of a primitive, of a
 * group, promotable) holds one instance per node whatever its
 * clone-node-max says.
 * unique-two-on-node-role-colocation: two unpromoted instances on one
 * node; a dependent colocated with that role takes the node score of the
 * one placed last (found by tests/oracle-diff).
 * forced-anonymous-*: a globally-unique clone of class lsb is anonymous,
 * one instance a node, no more instances than nodes (offline ones
 * counted); numbered histories map as an anonymous clone's do.
 * anonymous-on-fail-stop: an instance's monitor failed with on-fail=stop:
 * the clone is banned everywhere, its instances' clone scores printed
 * unbanned, every instance stopped; promotable-on-fail-stop: the same
 * for a promotable clone, its promoted instance stopped too.
 * unique-on-fail-stop: on-fail=stop on a globally-unique instance bans
 * that instance alone, everywhere: another instance takes its node.
 * unique-group-node-max, promotable-unique-group-node-max: a
 * globally-unique cloned group with clone-node-max 2 puts two instances
 * on one node. */
START_TEST(test_oracle_cases)
{
    static const char *const cases[] = {"group-instance-colocation",
                                        "new-instance-no-restart",
                                        "interleave-pairs",
                                        "fail-limit-anonymous",
                                        "failed-anonymous-recover",
                                        "blocked-instance-colocation",
                                        "standby-instance",
                                        "stopped-migration-default",
                                        "stopped-migration-balanced",
                                        "rollback-printed",
                                        "rollback-group",
                                        "promotable-failed-unpromoted",
                                        "promotable-failed-promoted",
                                        "promotable-failed-threshold",
                                        "fence-instance",
                                        "failed-unique-recover",
                                        "negative-clone-score",
                                        "group-later-member-counts",
                                        "unmanaged-opt-in-shutdown",
                                        "group-partly-unmanaged",
                                        "group-member-blocked",
                                        "anonymous-node-max-active",
                                        "group-node-max-anonymous",
                                        "promotable-group-node-max",
                                        "unique-two-on-node-role-colocation",
                                        "forced-anonymous-node-max",
                                        "forced-anonymous-offline-node",
                                        "forced-anonymous-numbered-history",
                                        "anonymous-on-fail-stop",
                                        "promotable-on-fail-stop",
                                        "unique-on-fail-stop",
                                        "unique-group-node-max",
                                        "promotable-unique-group-node-max",
                                        "notify-collective-orders"};

    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        Solved solved;

        solve_case(cases[i], &solved);
        cs_test_assert_as_oracle(&solved, "clone", cases[i]);
        cs_test_case_clear(&solved);
    }
}
END_TEST

/* Shapes crm_simulate 2.1.5 answers otherwise than the engine would
 * (checked with the oracle): refused by name, never guessed.  A
 * colocation with a clone's child, a location on a cloned group's member,
 * a promotable clone of class lsb. */
START_TEST(test_clone_shapes_refused)
{
    static const struct {
        const char *name, *message;
    } cases[] = {
        {"refused-coloc-with-child", "constraint c1 names a, inside a clone"},
        {"refused-location-on-member", "constraint l1 names b, inside a clone"},
        /* crm_simulate drops a promotable clone of class lsb */
        {"refused-promotable-lsb", "resource p: a promotable clone of class lsb"},
    };

    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autoptr(GError) error = NULL;
        g_autofree char *path = g_strdup_printf("%s/clone/%s.xml", CS_TESTDATA, cases[i].name);
        CsTime now = {0};
        CsDocument *document = cs_document_load(path, &error);
        CsModel *model;

        ck_assert(cs_time_parse("2023-01-01T00:00:00Z", &now, NULL));
        ck_assert_msg(document != NULL, "%s", path);
        model = cs_model_build(document, now, &error);
        ck_assert_msg(model != NULL, "%s", path);
        ck_assert_msg(cs_solve(model, &error) == NULL, "%s was answered", path);
        ck_assert(g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED));
        ck_assert_msg(strstr(error->message, cases[i].message) != NULL, "%s: %s", path,
                      error->message);
        cs_model_free(model);
        cs_document_free(document);
    }
}
END_TEST

/* Every printed score is the sum of its contributions (provenance). */
START_TEST(test_clone_provenance)
{
    static const char *const cases[] = {"anon-sticky", "cloned-group", "ticket-revoked",
                                        "fail-limit-anonymous"};

    for (guint c = 0; c < G_N_ELEMENTS(cases); c++) {
        Solved solved;
        const CsModel *model;

        solve_case(cases[c], &solved);
        model = cs_solution_model(solved.solution);
        for (guint rsc = 0; rsc < model->resources->len; rsc++) {
            for (guint node = 0; node < model->nodes->len; node++) {
                const CsContribution *list;
                CsScore sum = 0;
                int n;

                if (!cs_solution_scored(solved.solution, (int)rsc, (int)node))
                    continue;
                list = cs_solution_contributions(solved.solution, (int)rsc, (int)node, &n);
                for (int k = 0; k < n; k++)
                    sum = cs_score_add(sum, list[k].value);
                ck_assert_int_eq(sum, cs_solution_score(solved.solution, (int)rsc, (int)node));
            }
        }
        cs_test_case_clear(&solved);
    }
}
END_TEST

/* A probe of an anonymous clone on a node beyond clone-max makes an
 * orphan instance, numbered after the others, kept for the orderings its
 * pseudo-actions take part in but shown nowhere, its members with it;
 * the instances the configuration asks for are not hidden. */
START_TEST(test_inactive_orphan_hidden)
{
    Solved solved;
    const CsModel *view;
    const CsResource *orphan, *member, *instance;

    cs_test_case_solve_ok(&solved, "transition", "unfence-cloned-group-member-reason");
    view = cs_solution_model(solved.solution);
    orphan = cs_model_resource(view, "cgr-g:3");
    member = cs_model_resource(view, "cgr-g-m-3:3");
    instance = cs_model_resource(view, "cgr-g:2");
    ck_assert_ptr_nonnull(orphan);
    ck_assert_ptr_nonnull(member);
    ck_assert_ptr_nonnull(instance);
    ck_assert(cs_solution_is_orphan(solved.solution, orphan->index));
    ck_assert(cs_solution_is_hidden_orphan(solved.solution, orphan->index));
    ck_assert(cs_solution_is_hidden_orphan(solved.solution, member->index));
    ck_assert_int_lt(cs_solution_assigned_node(solved.solution, orphan->index), 0);
    ck_assert(!cs_solution_is_orphan(solved.solution, instance->index));
    ck_assert(!cs_solution_is_hidden_orphan(solved.solution, instance->index));
    ck_assert_ptr_null(cs_model_resource(view, "cgr-g:4"));
    cs_test_case_clear(&solved);
}
END_TEST

static Suite *clone_suite(void)
{
    Suite *suite = suite_create("clone");
    TCase *tcase = tcase_create("core");

    tcase_add_test(tcase, test_ticket_revoked);
    tcase_add_test(tcase, test_anonymous_clone);
    tcase_add_test(tcase, test_cloned_group);
    tcase_add_test(tcase, test_clone_provenance);
    tcase_add_test(tcase, test_oracle_cases);
    tcase_add_test(tcase, test_clone_shapes_refused);
    tcase_add_test(tcase, test_inactive_orphan_hidden);
    suite_add_tcase(suite, tcase);
    return suite;
}

int main(void)
{
    return cs_test_run(clone_suite());
}
