/* check_remote_node.c: explain/remote_node.h on small CIBs whose
 * Transition Summaries are crm_simulate's (NAME.summary beside each):
 * a guest node whose container's host left (guest-host-fenced), a
 * remote node whose connection moves (remote-connection-moves), one
 * with reconnect_interval (remote-reconnect-recent) and a bundle with a
 * resource inside (bundle/inner-clone-after).  The facts are read from
 * each CIB and its oracle summary, never from the engine's own output. */
#include <check.h>
#include <string.h>
#include <glib.h>

#include "engine/engine.h"
#include "explain/cause.h"
#include "explain/remote_node.h"
#include "model/model.h"
#include "testlib.h"

static int node_index(const CsTestCase *test, const char *uname)
{
    const CsNode *node = cs_model_node(cs_solution_model(test->solution), uname);
    ck_assert_msg(node != NULL, "no node %s", uname);
    return node->index;
}

static int rsc_index(const CsTestCase *test, const char *id)
{
    const CsResource *rsc = cs_model_resource(cs_solution_model(test->solution), id);
    ck_assert_msg(rsc != NULL, "no resource %s", id);
    return rsc->index;
}

/* The value of the fact named name, or NULL. */
static const char *fact(GPtrArray *facts, const char *name)
{
    for (guint i = 0; facts != NULL && i < facts->len; i++) {
        const CsNodeFact *each = g_ptr_array_index(facts, i);
        if (strcmp(each->name, name) == 0)
            return each->value;
    }
    return NULL;
}

/* text (within out, shown whole on failure) contains part. */
static void assert_has(const char *text, const char *out, const char *part)
{
    ck_assert_msg(text != NULL && strstr(text, part) != NULL, "no '%s' in:\n%s", part, out);
}

START_TEST(test_kinds)
{
    CsTestCase test;
    cs_test_case_solve_ok(&test, "transition", "guest-host-fenced");
    const CsModel *model = cs_solution_model(test.solution);
    ck_assert_int_eq(cs_remote_node_kind(model, node_index(&test, "n1")), CS_NODE_KIND_CLUSTER);
    ck_assert_int_eq(cs_remote_node_kind(model, node_index(&test, "g1")), CS_NODE_KIND_GUEST);
    cs_test_case_clear(&test);
    cs_test_case_solve_ok(&test, "transition", "remote-connection-moves");
    model = cs_solution_model(test.solution);
    ck_assert_int_eq(cs_remote_node_kind(model, node_index(&test, "rem1")), CS_NODE_KIND_REMOTE);
    cs_test_case_clear(&test);
    cs_test_case_solve_ok(&test, "bundle", "inner-clone-after");
    model = cs_solution_model(test.solution);
    ck_assert_int_eq(cs_remote_node_kind(model, node_index(&test, "web-1")), CS_NODE_KIND_REPLICA);
    ck_assert_int_eq(cs_remote_node_kind(model, node_index(&test, "node2")), CS_NODE_KIND_CLUSTER);
    cs_test_case_clear(&test);
}
END_TEST

/* vm1 holds g1 (remote-node="g1"); crm_simulate recovers vm1 and moves
 * g1 from n1 to n2, fences g1 ('guest is unclean'), and d1 runs on g1. */
START_TEST(test_guest_read)
{
    CsTestCase test;
    cs_test_case_solve_ok(&test, "transition", "guest-host-fenced");
    CsRemoteNode remote;
    ck_assert(!cs_remote_node_read(test.solution, node_index(&test, "n2"), &remote));
    ck_assert(cs_remote_node_read(test.solution, node_index(&test, "g1"), &remote));
    ck_assert_int_eq(remote.container, rsc_index(&test, "vm1"));
    ck_assert_int_eq(remote.connection, rsc_index(&test, "g1"));
    ck_assert_int_eq(remote.host_now, node_index(&test, "n1"));
    ck_assert_int_eq(remote.host_next, node_index(&test, "n2"));
    ck_assert_int_eq(remote.connection_now, node_index(&test, "n1"));
    ck_assert_int_eq(remote.connection_next, node_index(&test, "n2"));
    ck_assert_str_eq(remote.fence_reason, "guest is unclean");
    ck_assert_int_eq(remote.bundle, -1);
    g_autoptr(GArray) on_it = cs_remote_node_resources(test.solution, remote.node);
    ck_assert_uint_eq(on_it->len, 2);
    ck_assert_int_eq(g_array_index(on_it, int, 0), rsc_index(&test, "d1"));
    ck_assert_int_eq(g_array_index(on_it, int, 1), rsc_index(&test, "d2"));
    cs_test_case_clear(&test);
}
END_TEST

START_TEST(test_guest_facts)
{
    CsTestCase test;
    cs_test_case_solve_ok(&test, "transition", "guest-host-fenced");
    ck_assert_ptr_null(cs_remote_node_facts(test.solution, node_index(&test, "n1")));
    g_autoptr(GPtrArray) facts = cs_remote_node_facts(test.solution, node_index(&test, "g1"));
    ck_assert_str_eq(fact(facts, "kind"), "guest node (remote-node of vm1)");
    ck_assert_str_eq(fact(facts, "container"), "vm1 (ocf:pacemaker:Dummy)");
    ck_assert_str_eq(fact(facts, "container host"), "n1 -> n2");
    ck_assert_str_eq(fact(facts, "connection runs on"), "n1 -> n2");
    ck_assert_str_eq(fact(facts, "resources on it"), "d1, d2 (arrives)");
    ck_assert_ptr_nonnull(strstr(fact(facts, "state"), "guest is unclean"));
    cs_test_case_clear(&test);
}
END_TEST

/* rem1's connection migrates n1 -> n2; reconnect_interval="60s" on
 * another CIB's rem1. */
START_TEST(test_remote_facts)
{
    CsTestCase test;
    cs_test_case_solve_ok(&test, "transition", "remote-connection-moves");
    g_autoptr(GPtrArray) facts = cs_remote_node_facts(test.solution, node_index(&test, "rem1"));
    ck_assert_str_eq(fact(facts, "kind"), "Pacemaker Remote node (ocf:pacemaker:remote)");
    ck_assert_str_eq(fact(facts, "connection"), "rem1 (ocf:pacemaker:remote)");
    ck_assert_str_eq(fact(facts, "connection runs on"), "n1 -> n2");
    ck_assert_ptr_null(fact(facts, "container"));
    ck_assert_str_eq(fact(facts, "resources on it"), "d1");
    cs_test_case_clear(&test);
    cs_test_case_solve_ok(&test, "transition", "remote-reconnect-recent");
    g_autoptr(GPtrArray) again = cs_remote_node_facts(test.solution, node_index(&test, "rem1"));
    ck_assert_str_eq(fact(again, "reconnect_interval"), "60s");
    cs_test_case_clear(&test);
}
END_TEST

/* Bundle web, 2 podman replicas with app inside: replica 1 is
 * web-podman-1, connection web-1, guest node web-1, app:1 on it. */
START_TEST(test_replica)
{
    CsTestCase test;
    cs_test_case_solve_ok(&test, "bundle", "inner-clone-after");
    CsRemoteNode remote;
    ck_assert(cs_remote_node_read(test.solution, node_index(&test, "web-1"), &remote));
    ck_assert_int_eq(remote.kind, CS_NODE_KIND_REPLICA);
    ck_assert_int_eq(remote.bundle, rsc_index(&test, "web"));
    ck_assert_int_eq(remote.replica, 1);
    ck_assert_int_eq(remote.container, rsc_index(&test, "web-podman-1"));
    ck_assert_int_eq(remote.connection, rsc_index(&test, "web-1"));
    g_autoptr(GPtrArray) facts = cs_remote_node_facts(test.solution, remote.node);
    ck_assert_str_eq(fact(facts, "kind"), "guest node of bundle web, replica 1");
    ck_assert_str_eq(fact(facts, "resources on it"), "app:1 (arrives)");
    cs_test_case_clear(&test);
}
END_TEST

/* The chain's sentence for d1's Recover on g1: its container recovers
 * because its host n1 left, and g1 is fenced. */
START_TEST(test_chain_sentence)
{
    CsTestCase test;
    cs_test_case_solve_ok(&test, "transition", "guest-host-fenced");
    guint n = 0;
    const CsPlannedAction *const *actions =
        cs_transition_actions_of(cs_solution_transition(test.solution), rsc_index(&test, "d1"), &n);
    ck_assert_uint_eq(n, 1);
    g_autofree char *sentence = cs_remote_chain_sentence(test.solution, actions[0]);
    ck_assert_str_eq(sentence,
                     "d1 recovers: its guest node g1's container vm1 recovers (n1 -> n2) because "
                     "node n1 left the cluster (unclean); its guest node g1 is fenced ('guest is "
                     "unclean')");
    /* vm1 is the container itself: no chain of its own. */
    actions = cs_transition_actions_of(cs_solution_transition(test.solution),
                                       rsc_index(&test, "vm1"), &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_ptr_null(cs_remote_chain_sentence(test.solution, actions[0]));
    cs_test_case_clear(&test);
}
END_TEST

/* guest-host-fenced's causes: explain's of rsc, or with rsc NULL the
 * Causes of why/history (newly allocated). */
static char *guest_causes(const char *rsc)
{
    CsTestCase test;
    cs_test_case_solve_ok(&test, "transition", "guest-host-fenced");
    GString *out = g_string_new(NULL);
    if (rsc != NULL)
        cs_cause_resource(test.solution, rsc_index(&test, rsc), out);
    else
        cs_cause_transition(test.solution, NULL, out);
    cs_test_case_clear(&test);
    return g_string_free(out, FALSE);
}

/* explain's cause of d1 follows the chain down to the host's departure. */
START_TEST(test_cause_follows_chain)
{
    g_autofree char *text = guest_causes("d1");
    assert_has(text, text, "  on guest node g1: guest node (remote-node of vm1)\n");
    assert_has(text, text, "container vm1 (ocf:pacemaker:Dummy): n1 -> n2 (Recover)");
    assert_has(text, text, "Recover vm1 (n1 -> n2)");
    assert_has(text, text, "node n1 left the cluster (offline) and is unclean");
}
END_TEST

/* The Causes of why/history: the guest node's fencing goes through its
 * container, and the connection's move names its container. */
START_TEST(test_transition_causes)
{
    g_autofree char *text = guest_causes(NULL);
    assert_has(strstr(text, "  Fence g1:\n"), text,
               "    guest node g1 is fenced through its container vm1\n"
               "      Recover vm1 (n1 -> n2)\n");
    assert_has(text, text,
               "g1 moves: its container vm1 recovers (n1 -> n2) because node n1 "
               "left the cluster (unclean)");
}
END_TEST

/* remote-reconnect-recent: crm_simulate stops rem1's connection and
 * fences rem1 ('remote connection is unrecoverable'); the fencing's
 * cause follows the connection. */
START_TEST(test_remote_fence_cause)
{
    CsTestCase test;
    cs_test_case_solve_ok(&test, "transition", "remote-reconnect-recent");
    g_autoptr(GString) out = g_string_new(NULL);
    cs_cause_transition(test.solution, NULL, out);
    assert_has(strstr(out->str, "  Fence rem1:\n"), out->str,
               "    remote node rem1 is fenced through its connection rem1\n"
               "      Stop rem1 (n1)\n");
    cs_test_case_clear(&test);
}
END_TEST

/* Replica 1 of bundle web: its container then its connection, then
 * app:1; a cluster resource's bundle has no replica 2. */
START_TEST(test_replica_parts)
{
    CsTestCase test;
    cs_test_case_solve_ok(&test, "bundle", "inner-clone-after");
    g_autoptr(GArray) parts = cs_bundle_replica_parts(test.solution, rsc_index(&test, "web"), 1);
    ck_assert_uint_eq(parts->len, 3);
    ck_assert_int_eq(g_array_index(parts, int, 0), rsc_index(&test, "web-podman-1"));
    ck_assert_int_eq(g_array_index(parts, int, 1), rsc_index(&test, "web-1"));
    ck_assert_int_eq(g_array_index(parts, int, 2), rsc_index(&test, "app:1"));
    g_autoptr(GArray) none = cs_bundle_replica_parts(test.solution, rsc_index(&test, "web"), 2);
    ck_assert_uint_eq(none->len, 0);
    g_autoptr(GArray) clone = cs_bundle_replica_parts(test.solution, rsc_index(&test, "cl"), 0);
    ck_assert_uint_eq(clone->len, 0);
    cs_test_case_clear(&test);
}
END_TEST

static Suite *remote_node_suite(void)
{
    Suite *suite = suite_create("remote_node");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_kinds);
    tcase_add_test(tc, test_guest_read);
    tcase_add_test(tc, test_guest_facts);
    tcase_add_test(tc, test_remote_facts);
    tcase_add_test(tc, test_replica);
    tcase_add_test(tc, test_chain_sentence);
    tcase_add_test(tc, test_cause_follows_chain);
    tcase_add_test(tc, test_transition_causes);
    tcase_add_test(tc, test_remote_fence_cause);
    tcase_add_test(tc, test_replica_parts);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(remote_node_suite());
}
