/* check_promote.c: promotable clones against crm_simulate.
 *
 * tests/data/promotable/NAME.xml are small CIBs (a two-instance promotable
 * clone over three nodes); NAME.scores and NAME.summary are what
 * crm_simulate 2.1.5 printed for them (-sSQ, and -S's Transition
 * Summary), made with ../shared/oracle/crm-simulate-adapter.
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

/* Loads and solves tests/data/promotable/NAME.xml; the solution is NULL
 * (error set) when the engine refuses it. */
static void solve_case(const char *name, Solved *solved)
{
    cs_test_case_solve(solved, "promotable", name);
}

/* Solves NAME and checks that the engine refuses it (status 3), with a
 * message holding fragment. */
static void check_refused(const char *name, const char *fragment)
{
    Solved solved;

    solve_case(name, &solved);
    ck_assert_msg(solved.solution == NULL, "%s: answered, not refused", name);
    ck_assert(g_error_matches(solved.error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED));
    ck_assert_msg(strstr(solved.error->message, fragment) != NULL, "%s",
                  solved.error->message);
    cs_test_case_clear(&solved);
}

/* crm_simulate's NAME.SUFFIX (scores or summary) for it. */
static char *expected(const char *name, const char *suffix)
{
    return cs_test_expected("promotable", name, suffix);
}

/* Solves NAME and compares both outputs with crm_simulate's; returns the
 * engine's scores and summary for further checks. */
static void check_case(const char *name, Solved *solved, char **scores, char **summary)
{
    g_autofree char *want_scores = expected(name, "scores");
    g_autofree char *want_summary = expected(name, "summary");
    GString *out;

    solve_case(name, solved);
    ck_assert_msg(solved->solution != NULL, "%s: %s", name,
                  solved->error ? solved->error->message : "?");
    out = g_string_new(NULL);
    cs_solution_print_scores(solved->solution, out);
    *scores = g_string_free(out, FALSE);
    out = g_string_new(NULL);
    cs_solution_print_transition(solved->solution, out);
    *summary = g_string_free(out, FALSE);
    cs_test_assert_same_lines(want_scores, *scores, TRUE);
    cs_test_assert_same_lines(want_summary, *summary, TRUE);
}

static int rsc_index(const Solved *solved, const char *id)
{
    const CsResource *info = cs_model_resource(cs_solution_model(solved->solution), id);

    ck_assert_msg(info != NULL, "%s", id);
    return info->index;
}

static int node_index(const Solved *solved, const char *uname)
{
    const CsNode *node = cs_model_node(cs_solution_model(solved->solution), uname);

    ck_assert_msg(node != NULL, "%s", uname);
    return node->index;
}

/* master-db (5 on node1, 10 on node2) joins each instance's node score
 * and picks node2's instance for promotion; the contribution says so. */
START_TEST(test_attribute_promotes)
{
    Solved solved;
    g_autofree char *scores = NULL, *summary = NULL;
    const CsContribution *list;
    int db1, node2, n;
    gboolean found = FALSE;

    check_case("attr-promote", &solved, &scores, &summary);
    ck_assert(cs_test_has_line(scores, "db:1 promotion score on node2: 10"));
    ck_assert(cs_test_has_line(scores, "db:2 promotion score on none: 0"));
    ck_assert(cs_test_has_line(summary, "* Promote db:1 ( Unpromoted -> Promoted node2 )"));
    db1 = rsc_index(&solved, "db:1");
    node2 = node_index(&solved, "node2");
    list = cs_solution_contributions(solved.solution, db1, node2, &n);
    for (int i = 0; i < n; i++)
        if (list[i].kind == CS_CONTRIB_PROMOTION && list[i].value == 10)
            found = TRUE;
    ck_assert_msg(found, "no promotion contribution for db:1 on node2");
    cs_test_case_clear(&solved);
}
END_TEST

/* The same failure in a globally-unique clone whose history names the
 * operation st_monitor_10000 under st:0: Pacemaker then applies the
 * default on-fail (it recovers), the engine refuses rather than guess. */
START_TEST(test_on_fail_demote_foreign_key_refused)
{
    check_refused("on-fail-demote-foreign-key", "operation key");
}
END_TEST

/* A demote failed with on-fail=block: the instance is left unmanaged and
 * promoted, its sort index INFINITY, and it holds the one promoted slot:
 * nothing is promoted elsewhere. */
START_TEST(test_blocked_promoted_stays)
{
    Solved solved;
    g_autofree char *scores = NULL, *summary = NULL;

    check_case("demote-fail-block", &solved, &scores, &summary);
    ck_assert(cs_test_has_line(scores, "st:0 promotion score on node1: INFINITY"));
    ck_assert(cs_test_has_line(scores, "st:1 promotion score on node2: 5"));
    ck_assert(strstr(summary, "Promote") == NULL);
    cs_test_case_clear(&solved);
}
END_TEST

/* A blocked promoted instance with a resource that must follow the
 * promoted role: refused, not guessed. */
START_TEST(test_blocked_promoted_dependent_refused)
{
    check_refused("blocked-promoted-dependent", "blocked");
}
END_TEST

/* As above, with web a group ordered after the promotion and node1
 * shutting down: Pacemaker has taken node1 out of contention
 * (-INFINITY), and the unmanaged promoted instance left there passes that
 * score on, so web's members are banned from node1 too (corpus
 * unmanaged-promoted) and nothing starts. */
START_TEST(test_unmanaged_promoted_on_shutdown_node)
{
    Solved solved;
    g_autofree char *scores = NULL, *summary = NULL;

    check_case("unmanaged-shutdown-dependent", &solved, &scores, &summary);
    ck_assert(cs_test_has_line(scores, "st:0 promotion score on node1: INFINITY"));
    ck_assert(cs_test_has_line(scores, "pcmk__primitive_assign: ip allocation "
                                       "score on node1: -INFINITY"));
    ck_assert(cs_test_has_line(scores, "pcmk__primitive_assign: httpd allocation "
                                       "score on node1: -INFINITY"));
    ck_assert(strstr(summary, "Start") == NULL);
    cs_test_case_clear(&solved);
}
END_TEST

/* node1 in maintenance: its promoted instance is unmanaged, keeps the
 * promotion, and web may not start there (nor anywhere else). */
START_TEST(test_maintenance_node_dependent)
{
    Solved solved;
    g_autofree char *scores = NULL, *summary = NULL;

    check_case("maintenance-node-dependent", &solved, &scores, &summary);
    ck_assert(cs_test_has_line(scores, "st:0 promotion score on node1: INFINITY"));
    ck_assert(cs_test_has_line(scores, "pcmk__primitive_assign: web allocation "
                                       "score on node1: 0"));
    ck_assert(strstr(summary, "web") == NULL);
    cs_test_case_clear(&solved);
}
END_TEST

/* ---- promotable clones of groups (g = a, b; Stateful members) ------- */

/* A cloned group's promotion score is the sum of its members' master-a
 * and master-b (20 + 3 on node2, 5 + 10 on node1): g:1 is promoted,
 * both its members with it; the probe-only third node gives one orphan
 * group instance line, not one per member. */
START_TEST(test_group_sums_members)
{
    Solved solved;
    g_autofree char *scores = NULL, *summary = NULL;
    const CsContribution *list;
    int n;
    gboolean found = FALSE;

    check_case("group-attr-sum", &solved, &scores, &summary);
    ck_assert(cs_test_has_line(scores, "g:1 promotion score on node2: 23"));
    ck_assert(cs_test_has_line(scores, "g:0 promotion score on node1: 15"));
    ck_assert(cs_test_has_line(scores, "g:2 promotion score on none: 0"));
    ck_assert(cs_test_has_line(summary, "* Promote a:1 ( Unpromoted -> Promoted node2 )"));
    ck_assert(cs_test_has_line(summary, "* Promote b:1 ( Unpromoted -> Promoted node2 )"));
    list = cs_solution_promotion_priority(solved.solution, rsc_index(&solved, "g:1"), &n);
    for (int i = 0; i < n; i++)
        if (list[i].value == 23 && list[i].source != NULL
            && strstr(list[i].source, "master-a") != NULL
            && strstr(list[i].source, "master-b") != NULL)
            found = TRUE;
    ck_assert_msg(found, "g:1's priority does not name both attributes");
    cs_test_case_clear(&solved);
}
END_TEST

/* b's own priority is -5: no instance of the group can be promoted,
 * whatever its promotion score (23 on node2). */
START_TEST(test_group_member_priority_blocks)
{
    Solved solved;
    g_autofree char *scores = NULL, *summary = NULL;
    g_autoptr(GPtrArray) actions = NULL;

    check_case("group-member-priority", &solved, &scores, &summary);
    ck_assert(cs_test_has_line(scores, "g:1 promotion score on node2: 23"));
    actions = cs_test_sorted_lines(summary, TRUE);
    ck_assert_uint_eq(actions->len, 0);
    ck_assert_int_eq(cs_solution_next_role(solved.solution, rsc_index(&solved, "a:1")),
                     CS_ROLE_UNPROMOTED);
    cs_test_case_clear(&solved);
}
END_TEST

/* A location naming d, inside a promotable clone, whose only history is
 * on an offline node without fencing (unread): refused, naming it. */
START_TEST(test_child_named_unread_history_refused)
{
    check_refused("child-named-unread-history", "constraint k:");
}
END_TEST

/* A location naming the cloned group (rsc="g"): no history names the
 * group, so Pacemaker finds no such resource and ignores the location
 * (crm_simulate: no instance scores 100 on node3). */
START_TEST(test_group_named_ignored)
{
    Solved solved;
    g_autofree char *scores = NULL, *summary = NULL;

    check_case("group-named-ignored", &solved, &scores, &summary);
    ck_assert(cs_test_has_line(scores, "pcmk__clone_allocate: ms allocation score on node3: 0"));
    ck_assert(cs_test_has_line(scores, "pcmk__group_assign: g:0 allocation score on node3: 0"));
    cs_test_case_clear(&solved);
}
END_TEST

/* web with the cloned group's promoted role (INFINITY): web takes the
 * score of the promoted group instance's first member on its node (a:1's
 * 2 on node2, not the group's sum), every other node is banned. */
START_TEST(test_group_role_primary)
{
    Solved solved;
    g_autofree char *scores = NULL, *summary = NULL;

    check_case("group-web-with-promoted", &solved, &scores, &summary);
    ck_assert(cs_test_has_line(scores, "pcmk__primitive_assign: web allocation score on node2: 2"));
    ck_assert(cs_test_has_line(scores,
                               "pcmk__primitive_assign: web allocation score on node1: -INFINITY"));
    ck_assert_msg(strstr(summary, "web") != NULL && strstr(summary, "node2") != NULL, "%s",
                  summary);
    cs_test_case_clear(&solved);
}
END_TEST

/* ---- cases checked by their lines alone ---------------------------------- */

/* Where a line is looked for: the allocation scores or the summary. */
typedef enum { IN_SCORES, IN_SUMMARY } LinePlace;

/* One line that must (present) or must not stand in a case's output. */
typedef struct LineCheck {
    LinePlace place;
    gboolean present;
    const char *line; /* NULL ends a case's list */
} LineCheck;

/* A case of tests/data/promotable: crm_simulate's answer, and the lines
 * that show the rule it is for. */
typedef struct OracleCase {
    const char *name;
    LineCheck checks[4];
} OracleCase;

static const OracleCase oracle_cases[] = {
    /* A role=Promoted location rule (100 on node2) outweighs the promoted
     * instance's place: demote on node1, promote on node2. */
    {"location-move",
     {{IN_SCORES, TRUE, "db:1 promotion score on node2: 105"},
      {IN_SUMMARY, TRUE, "* Demote db:0 ( Promoted -> Unpromoted node1 )"},
      {IN_SUMMARY, TRUE, "* Promote db:1 ( Unpromoted -> Promoted node2 )"}}},
    /* A ticket the promoted role needs is not granted: no instance may be
     * promoted, the promoted one is demoted (loss-policy demote by default
     * for rsc-role=Promoted). */
    {"ticket-demote",
     {{IN_SCORES, TRUE, "db:0 promotion score on node1: -INFINITY"},
      {IN_SUMMARY, TRUE, "* Demote db:0 ( Promoted -> Unpromoted node1 )"}}},
    /* Nothing runs yet: the instance placed on node3 (master-db 20) starts
     * and is promoted in the same transition. */
    {"start-promote",
     {{IN_SUMMARY, TRUE, "* Promote db:0 ( Stopped -> Promoted node3 )"},
      {IN_SUMMARY, TRUE, "* Start db:1 ( node2 )"}}},
    /* web with the promoted role (INFINITY): web goes where db:1 is
     * promoted and takes that instance's own node score (11), every other
     * node is banned. */
    {"role-colocation",
     {{IN_SCORES, TRUE, "pcmk__primitive_assign: web allocation score on node2: 11"},
      {IN_SCORES, TRUE, "pcmk__primitive_assign: web allocation score on node1: -INFINITY"},
      {IN_SUMMARY, TRUE, "* Start web ( node2 )"}}},
    /* db-clone's promoted role with the clone web-clone (50, not
     * interleaved): answered since session 30, as crm_simulate gives it:
     * each instance gains the 50 where web-clone's instances will run
     * (5 + 50 on node1, 10 + 50 on node2). */
    {"role-clone-optional",
     {{IN_SCORES, TRUE, "db:1 promotion score on node2: 60"},
      {IN_SCORES, TRUE, "db:0 promotion score on node1: 55"},
      {IN_SUMMARY, TRUE, "* Promote db:1 ( Unpromoted -> Promoted node2 )"}}},
    /* db-clone's promoted role with web (100), web prefers node1: the
     * instance on node1 gains 100 in priority and 1 from web's node scores,
     * so it is promoted instead of node2's. */
    {"promoted-with-web",
     {{IN_SCORES, TRUE, "db:0 promotion score on node1: 106"},
      {IN_SUMMARY, TRUE, "* Promote db:0 ( Unpromoted -> Promoted node1 )"}}},
    /* An unpromoted-role colocation subtracts its score from the priority
     * (5 - 30 on node1). */
    {"unpromoted-anti",
     {{IN_SCORES, TRUE, "db:0 promotion score on node1: -25"},
      {IN_SUMMARY, TRUE, "* Promote db:1 ( Unpromoted -> Promoted node2 )"}}},
    /* Asymmetric cluster, web placed nowhere by any location, web with the
     * promoted role mandatory: the promoted instance's node enters web's
     * table at -INFINITY (Pacemaker's node_list_exclude()), so web stays
     * stopped. */
    {"coloc-asymmetric",
     {{IN_SCORES, TRUE, "pcmk__primitive_assign: web allocation score on node2: -INFINITY"},
      {IN_SUMMARY, FALSE, "* Start web ( node2 )"}}},
    /* Group g (web, ip) with the promoted role: ip is pinned to node1
     * (INFINITY), web banned there.  The clone takes g's preferences only
     * where no step makes a node negative: node1 keeps the INFINITY ip's
     * chain brought, where keeping the negative only at the end of the
     * merge gave 0. */
    {"dependent-banned",
     {{IN_SCORES, TRUE, "pcmk__clone_allocate: ms allocation score on node1: INFINITY"},
      {IN_SUMMARY, TRUE, "* Start web ( node2 )"}}},
    /* web with ms's promoted role and with the plain clone cl: promotable
     * clones come first among web's primaries, so when cl is placed web
     * already carries the promoted instance's node score (11 on node2). */
    {"promotable-first",
     {{IN_SCORES, TRUE, "pcmk__clone_allocate: cl allocation score on node2: 11"}}},
    /* Both instances active on node1 and node2; node3 only probed, by a
     * history no instance took (Pacemaker's orphan): node3 counts as probed
     * and master-db there (7) applies to every instance. */
    {"hidden-probe",
     {{IN_SCORES, TRUE, "pcmk__clone_allocate: db:1 allocation score on node3: 7"},
      {IN_SUMMARY, TRUE, "* Move db:0 ( node1 -> node3 Unpromoted )"}}},
    /* node2 lists a probe under db:0 before the db:1 history that runs
     * there; both go to the instance active on node2, which is active there
     * although its first history shows it stopped, so master-db:0 (40) does
     * not apply to db:0 on node2. */
    {"second-history",
     {{IN_SCORES, TRUE, "pcmk__clone_allocate: db:0 allocation score on node2: 0"}}},
    /* A promoted-role monitor failed with on-fail=demote, and a role=Promoted
     * rule bans promotion where a fail count is set: the instance is demoted
     * where it is (not stopped) and node2's instance is promoted. */
    {"on-fail-demote",
     {{IN_SCORES, TRUE, "st:0 promotion score on node1: -INFINITY"},
      {IN_SUMMARY, TRUE, "* Demote st:0 ( Promoted -> Unpromoted node1 )"},
      {IN_SUMMARY, TRUE, "* Promote st:1 ( Unpromoted -> Promoted node2 )"}}},
    /* An unmanaged promotable clone (is-managed=false): its promoted instance
     * stays promoted (INFINITY) and web, which must follow the promoted role,
     * gets node1's own score (0), not the INFINITY that pins the instance. */
    {"unmanaged-dependent",
     {{IN_SCORES, TRUE, "st:0 promotion score on node1: INFINITY"},
      {IN_SCORES, TRUE, "pcmk__primitive_assign: web allocation score on node1: 0"},
      {IN_SUMMARY, TRUE, "* Start web ( node1 )"}}},
    /* No quorum, no-quorum-policy=demote: the promoted instance is demoted
     * (its promotion score still printed as chosen), nothing stopped may
     * start: not the third instance, not web. */
    {"no-quorum-demote",
     {{IN_SCORES, TRUE, "st:0 promotion score on node1: 10"},
      {IN_SUMMARY, TRUE, "* Demote st:0 ( Promoted -> Unpromoted node1 )"},
      {IN_SUMMARY, TRUE, "* Start web ( node1 ) due to no quorum (blocked)"}}},
    /* A promote pending on node1 counts as promoted; a role=Promoted
     * location moves the promotion to node2. */
    {"pending-promote-moves",
     {{IN_SCORES, TRUE, "st:1 promotion score on node2: 105"},
      {IN_SUMMARY, TRUE, "* Demote st:0 ( Promoted -> Unpromoted node1 )"},
      {IN_SUMMARY, TRUE, "* Promote st:1 ( Unpromoted -> Promoted node2 )"}}},
    /* INFINITY + -INFINITY of two members is 0, not -INFINITY: Pacemaker
     * adds members' scores as plain integers. */
    {"group-infinity-sum",
     {{IN_SCORES, TRUE, "g:0 promotion score on node1: 0"},
      {IN_SUMMARY, TRUE, "* Promote b:1 ( Unpromoted -> Promoted node2 )"}}},
    /* b has never run: it starts with g:0, and on node2 it starts and is
     * promoted with a:1, which is promoted where it runs. */
    {"group-member-stopped",
     {{IN_SUMMARY, TRUE, "* Start b:0 ( node1 )"},
      {IN_SUMMARY, TRUE, "* Promote b:1 ( Stopped -> Promoted node2 )"},
      {IN_SUMMARY, TRUE, "* Demote a:0 ( Promoted -> Unpromoted node1 )"}}},
    /* The promoted group is banned from node1: its members move to node3
     * as unpromoted (demoted, stopped, started there) and g:1 is promoted. */
    {"group-move-unpromoted",
     {{IN_SUMMARY, TRUE, "* Move a:0 ( Promoted node1 -> Unpromoted node3 )"},
      {IN_SUMMARY, TRUE, "* Move b:0 ( Promoted node1 -> Unpromoted node3 )"}}},
    /* b:0's promoted monitor failed: it is recovered as unpromoted (its
     * start scheduled again on node1), the promotion goes to g:1. */
    {"group-recover-promoted",
     {{IN_SUMMARY, TRUE, "* Recover b:0 ( Promoted -> Unpromoted node1 )"},
      {IN_SUMMARY, TRUE, "* Promote a:1 ( Unpromoted -> Promoted node2 )"}}},
    /* master-a/master-b (100 each) on node3, where the group was only
     * probed: the probes went to an orphan instance, which still makes the
     * attributes count there (200 in each instance's clone score). */
    {"group-probed-node",
     {{IN_SCORES, TRUE, "pcmk__clone_allocate: g:1 allocation score on node3: 200"}}},
    /* The same with a primitive: master-a 100 on the probed node3 takes the
     * promoted instance there. */
    {"probed-node",
     {{IN_SCORES, TRUE, "a:0 promotion score on node3: 100"},
      {IN_SUMMARY, TRUE, "* Move a:0 ( node1 -> node3 Promoted )"}}},
    /* The clone's promoted role with web (INFINITY), web preferring node1
     * (50): web's scores join the clone's for promotion, g:0 keeps it
     * (15 + 50); no member's priority is touched. */
    {"group-promoted-with-web",
     {{IN_SCORES, TRUE, "g:0 promotion score on node1: 65"},
      {IN_SUMMARY, TRUE, "* Start web ( node1 )"}}},
    /* Probes on two nodes beyond clone-max: the first makes an orphan
     * instance, the second takes it, so one orphan line (a:2), not two. */
    {"probed-two-nodes",
     {{IN_SCORES, TRUE, "a:2 promotion score on none: 0"},
      {IN_SCORES, FALSE, "a:3 promotion score on none: 0"}}},
    /* A cloned group whose unmanaged member stays on a node shutting down
     * while its first member starts elsewhere is on no single node: its
     * promotion score prints on none, 0, as crm_simulate's (oracle-diff
     * seed 402241). */
    {"group-unmanaged-member-location", {{IN_SCORES, TRUE, "cgr-g:0 promotion score on none: 0"}}},
    /* The same split instance takes no colocation score into its promotion
     * sum: an optional colocation of an unmanaged resource with the clone
     * leaves it at 0 on none (oracle-diff seed 420718). */
    {"group-split-coloc-priority", {{IN_SCORES, TRUE, "cgr-g:1 promotion score on none: 0"}}},
    /* In maintenance mode a promoted cloned group stays first in line
     * (INFINITY) though its clone is banned from the node: a group's next
     * role is its first member's (oracle-diff seed 801541). */
    {"group-unmanaged-promoted-maintenance",
     {{IN_SCORES, TRUE, "cgr-g:0 promotion score on node1: INFINITY"}}},
    /* Two active instances tied for promotion (both given node1, 298):
     * the lower instance number wins (oracle-diff seed 801835). */
    {"group-tied-promotion-instance-number",
     {{IN_SUMMARY, TRUE, "* Promote cgr-g-m:0 ( Unpromoted -> Promoted node1 )"},
      {IN_SUMMARY, TRUE, "* Move cgr-g-m:1 ( node2 -> node1 Unpromoted )"}}},
    /* Two unpromoted instances tied on promotion score, one moving to
     * its promoted node: the clone's own scores, taken while it is still
     * merging, tell them apart by nothing, so the lower number wins
     * (oracle-diff seed 1010629). */
    {"tied-promotion-moving-instance",
     {{IN_SUMMARY, TRUE, "* Move cln-p:0 ( Unpromoted node1 -> Promoted node3 )"},
      {IN_SUMMARY, FALSE, "* Promote cln-p:1 ( Unpromoted -> Promoted node2 )"}}},
};

START_TEST(test_as_oracle)
{
    const OracleCase *want = &oracle_cases[_i];
    Solved solved;
    g_autofree char *scores = NULL, *summary = NULL;

    check_case(want->name, &solved, &scores, &summary);
    for (const LineCheck *check = want->checks; check->line != NULL; check++) {
        const char *text = check->place == IN_SCORES ? scores : summary;
        ck_assert_msg(cs_test_has_line(text, check->line) == check->present, "%s: %s %s",
                      want->name, check->present ? "no" : "unwanted", check->line);
    }
    cs_test_case_clear(&solved);
}
END_TEST

static Suite *promote_suite(void)
{
    Suite *suite = suite_create("promote");
    TCase *tcase = tcase_create("core");

    tcase_add_test(tcase, test_attribute_promotes);
    tcase_add_test(tcase, test_on_fail_demote_foreign_key_refused);
    tcase_add_test(tcase, test_blocked_promoted_stays);
    tcase_add_test(tcase, test_blocked_promoted_dependent_refused);
    tcase_add_test(tcase, test_unmanaged_promoted_on_shutdown_node);
    tcase_add_test(tcase, test_maintenance_node_dependent);
    tcase_add_test(tcase, test_group_sums_members);
    tcase_add_test(tcase, test_group_member_priority_blocks);
    tcase_add_test(tcase, test_group_named_ignored);
    tcase_add_test(tcase, test_child_named_unread_history_refused);
    tcase_add_test(tcase, test_group_role_primary);
    tcase_add_loop_test(tcase, test_as_oracle, 0, G_N_ELEMENTS(oracle_cases));
    suite_add_tcase(suite, tcase);
    return suite;
}

int main(void)
{
    return cs_test_run(promote_suite());
}
