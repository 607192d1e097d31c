/* check_bundle.c: bundles, as the model reads them (model/bundle.c) and
 * the engine places them (engine/bundle.c), against crm_simulate.
 *
 * tests/data/bundle/NAME.xml are small CIBs; NAME.scores and NAME.summary
 * are what crm_simulate 2.1.5 printed for them (regen.sh there).  The
 * refused-*.xml use what the engine does not model yet: it must say so
 * (status 3), never guess.
 */
#include <check.h>
#include <glib.h>
#include <string.h>

#include "cib/document.h"
#include "engine/engine.h"
#include "explain/command.h"
#include "explain/explain.h"
#include "explain/session.h"
#include "model/model.h"
#include "testlib.h"

/* ---- the model -------------------------------------------------------- */

static const CsBundle *bundle_of(const CsTestCase *test, const char *id)
{
    const CsResource *rsc = cs_model_resource(test->model, id);

    ck_assert_ptr_nonnull(rsc);
    ck_assert_int_eq(rsc->kind, CS_RSC_BUNDLE);
    ck_assert_ptr_nonnull(rsc->bundle);
    return rsc->bundle;
}

/* A bundle's settings as written, and Pacemaker's defaults where none is:
 * replicas-per-host 1, control-port 3121, add-host true. */
START_TEST(test_settings_read)
{
    CsTestCase test;
    const CsBundle *bundle;

    cs_test_case_solve_ok(&test, "bundle", "network-storage");
    bundle = bundle_of(&test, "web");
    ck_assert_str_eq(bundle->runtime, "docker");
    ck_assert_str_eq(bundle->image, "img:1");
    ck_assert_int_eq(bundle->replicas, 2);
    ck_assert_int_eq(bundle->replicas_per_host, 1);
    ck_assert_int_eq(bundle->promoted_max, 0);
    ck_assert_str_eq(bundle->ip_range_start, "10.0.0.10");
    ck_assert_str_eq(bundle->host_interface, "eth0");
    ck_assert_str_eq(bundle->host_netmask, "24");
    ck_assert_int_eq(bundle->control_port, 3125);
    ck_assert(bundle->add_host);
    ck_assert_uint_eq(bundle->ports->len, 2);
    ck_assert_str_eq(((CsBundlePort *)g_ptr_array_index(bundle->ports, 1))->range, "8000-8010");
    ck_assert_int_eq(bundle->n_storage, 1);
    cs_test_case_clear(&test);
}
END_TEST

/* Pacemaker Explained 2.1, "Bundles": without replicas, a bundle runs
 * promoted-max replicas. */
START_TEST(test_replicas_default_to_promoted_max)
{
    CsTestCase test;
    const CsBundle *bundle;

    cs_test_case_solve_ok(&test, "bundle", "promoted-max-replicas");
    bundle = bundle_of(&test, "web");
    ck_assert_str_eq(bundle->runtime, "podman");
    ck_assert_int_eq(bundle->promoted_max, 2);
    ck_assert_int_eq(bundle->replicas, 2);
    cs_test_case_clear(&test);
}
END_TEST

/* Pacemaker Explained 2.1, "Bundles" and "Guest Nodes": each replica of
 * a bundle with a resource inside is a guest node; when a node_state
 * names one, the model makes them all, in replica order, and reads their
 * status: web-0 and web-1 are up (their containers and connections
 * run), the history of app on web-0 says it runs there. */
START_TEST(test_guest_nodes_read_from_status)
{
    CsTestCase test;
    const CsNode *first, *second;
    const CsRscState *state;

    cs_test_case_solve_ok(&test, "bundle", "guest-state-history");
    first = cs_model_node(test.model, "web-0");
    second = cs_model_node(test.model, "web-1");
    ck_assert_ptr_nonnull(first);
    ck_assert_ptr_nonnull(second);
    ck_assert(first->bundle_guest);
    ck_assert_int_eq(first->type, CS_NODE_GUEST);
    ck_assert_int_eq(second->index, first->index + 1);
    ck_assert(first->online);
    ck_assert(second->online);
    ck_assert_str_eq(g_hash_table_lookup(first->attrs, "#kind"), "container");
    state = cs_model_rsc_state(test.model, cs_model_resource(test.model, "app")->index,
                               first->index);
    ck_assert_ptr_nonnull(state);
    ck_assert_int_eq(state->role, CS_ROLE_STARTED);
    cs_test_case_clear(&test);
}
END_TEST

/* Without a node_state naming one, the model makes no guest node: the
 * engine's view adds them after the model's nodes.  A guest node whose
 * container and connection never ran is down. */
START_TEST(test_guest_nodes_not_made_unnamed)
{
    CsTestCase test;

    cs_test_case_solve_ok(&test, "bundle", "inner-history-control-port");
    ck_assert_ptr_null(cs_model_node(test.model, "web-0"));
    cs_test_case_clear(&test);
    cs_test_case_solve_ok(&test, "bundle", "guest-state-not-up");
    ck_assert_ptr_nonnull(cs_model_node(test.model, "web-1"));
    ck_assert(!cs_model_node(test.model, "web-0")->online);
    cs_test_case_clear(&test);
}
END_TEST

static char *address(const char *start, int n)
{
    CsBundle bundle = {.ip_range_start = (char *)start};

    return cs_bundle_replica_address(&bundle, n);
}

/* Addresses count up in the last number from 1 to 254, then carry into
 * the third (crm_simulate: 10.0.0.252 + 3 is 10.0.1.1). */
START_TEST(test_replica_addresses)
{
    g_autofree char *first = address("10.0.0.252", 0);
    g_autofree char *second = address("10.0.0.252", 2);
    g_autofree char *carried = address("10.0.0.252", 3);
    g_autofree char *far = address("192.168.1.10", 300);
    g_autofree char *ipv6 = address("fd00::1", 1);
    g_autofree char *overflow = address("10.0.255.250", 10);
    g_autofree char *edge = address("10.0.0.255", 1);

    ck_assert_str_eq(first, "10.0.0.252");
    ck_assert_str_eq(second, "10.0.0.254");
    ck_assert_str_eq(carried, "10.0.1.1");
    ck_assert_str_eq(far, "192.168.2.56");
    ck_assert_ptr_null(ipv6);
    ck_assert_ptr_null(overflow);
    ck_assert_ptr_null(edge);
}
END_TEST

/* The parameters of replica 1's container and address, as crm_simulate
 * 2.1.5 put them in its transition graph for history-settings-docker's
 * bundle (read from the graph of a fresh start of it). */
START_TEST(test_implicit_parameters)
{
    CsTestCase test;
    const CsBundle *bundle;
    g_autoptr(GHashTable) params = NULL;

    cs_test_case_solve_ok(&test, "bundle", "history-settings-docker");
    bundle = bundle_of(&test, "web");
    params = cs_bundle_container_params(bundle, "web", 1, FALSE);
    ck_assert_ptr_nonnull(params);
    ck_assert_str_eq(g_hash_table_lookup(params, "run_opts"),
                     " --restart=no -e PCMK_stderr=1 --net=bridge -e PCMK_remote_port=3125"
                     " -v /r/web-1:/t:rw,z -p 80:8080 ");
    ck_assert_str_eq(g_hash_table_lookup(params, "mount_points"), "/r/web-1");
    ck_assert_str_eq(g_hash_table_lookup(params, "image"), "img:1");
    ck_assert_ptr_null(g_hash_table_lookup(params, "run_cmd"));
    ck_assert_uint_eq(g_hash_table_size(params), 7);
    g_hash_table_unref(params);
    params = cs_bundle_address_params(bundle, 1);
    ck_assert_ptr_null(params);
    cs_test_case_clear(&test);

    cs_test_case_solve_ok(&test, "bundle", "history-settings-podman");
    params = cs_bundle_address_params(bundle_of(&test, "web"), 2);
    ck_assert_str_eq(g_hash_table_lookup(params, "ip"), "192.168.2.1");
    ck_assert_str_eq(g_hash_table_lookup(params, "cidr_netmask"), "32");
    ck_assert_str_eq(g_hash_table_lookup(params, "nic"), "eth1");
    cs_test_case_clear(&test);
}
END_TEST

/* ---- the engine, against crm_simulate ---------------------------------- */

static const char *const answered[] = {
    "replicas-address",              /* one replica per node, address with it */
    "location-per-host",             /* a location on the bundle reaches every
                                 implicit resource; replicas-per-host 2 */
    "podman",                        /* NAME-podman-N, no network */
    "standby",                       /* a standby node takes no replica */
    "opt-in",                        /* symmetric-cluster=false */
    "replicas-over-nodes",           /* a replica with no node left stays stopped */
    "rule-ban",                      /* a -INFINITY rule on the bundle */
    "priority",                      /* the bundle placed before a primitive */
    "network-storage",               /* ports, storage and a clone beside it */
    "address-carry",                 /* addresses carried into the third number */
    "promoted-max-replicas",         /* replicas from promoted-max */
    "target-stopped",                /* the bundle's target-role reaches its
                                 implicit resources */
    "target-promoted",               /* target-role=Promoted, a location */
    "unmanaged-stopped",             /* is-managed=false, nothing runs */
    "maintenance-mode",              /* the cluster in maintenance */
    "fencing",                       /* a node fenced takes no replica */
    "with-bundle-mandatory",         /* a primitive with the bundle at INFINITY:
                                 placed where a container runs, its
                                 preferences taken by the containers, and
                                 the bundle printed twice */
    "with-bundle-placed-first",      /* the bundle before its dependent */
    "with-bundle-finite",            /* each container's node takes the score */
    "with-bundle-against",           /* -INFINITY: never beside a container */
    "with-bundle-chain",             /* b with a with the bundle */
    "with-bundle-sticky",            /* the dependent runs already, sticky */
    "bundle-with-mandatory",         /* the bundle with a primitive at INFINITY:
                                 every container goes where it runs */
    "bundle-with-finite",            /* fewer replicas than nodes: the
                                 containers take the colocation */
    "bundle-with-finite-every-node", /* a replica per node: they do not */
    "bundle-with-against",           /* -INFINITY: never beside it */
    "bundle-between",                /* a with the bundle with b */
    "order-blocks-containers",       /* a cannot start: the bundle's containers
                                   wait for it, its addresses do not, and
                                   what follows the bundle waits for its
                                   running */
    "order-after-stopped-bundle",    /* the bundle stopped: its dependent
                                      in order cannot start */
    "order-optional",                /* an optional order blocks nothing */
    "order-bundle-notify",           /* notify=true on the bundle: what follows
                                        it waits for its start, not its
                                        running */
    "order-and-colocation",          /* orders and colocation together */
    "order-no-quorum",               /* no quorum: the bundle's starts blocked,
                                 and a requiring nothing waits for it */
    "order-no-quorum-then",          /* the bundle requiring nothing waits */
    "ticket-not-granted",            /* every implicit resource banned, and the
                                 primitive colocated with the bundle */
    "ticket-standby",                /* the same for a ticket in standby */
    "ticket-granted",                /* nothing changes */
    "ticket-and-order",              /* what follows the bundle waits */
    "probed-stopped",                /* probes found the replicas stopped */
    "left-out-no-network",           /* a resource inside, no <network>: the
                                 bundle is left out, the rest placed */
    "left-out-podman",               /* the same with podman, 2 per host */
    "left-out-located",              /* locations of a left-out bundle's
                                        resource: ignored */
    "left-out-empty-network",        /* an empty <network>: no control-port
                                        nor ip-range-start, left out too */
    "left-out-history",              /* containers it would have ran: they
                                        are orphans, stopped */
    /* A resource inside and a network: guest nodes NAME-N, connections
     * NAME-N, instances CHILD:N of NAME-clone, from a fresh start. */
    "inner-podman",                /* podman, control-port only */
    "inner-docker",                /* docker, control-port only */
    "inner-docker-ip",             /* docker, ip-range-start, 3 nodes */
    "inner-over-nodes",            /* 3 replicas on 2 nodes: the third
                                      blocked with its container */
    "inner-per-host",              /* 2 per host, ip-range-start, a
                                      location on the bundle */
    "inner-control-port-per-host", /* 2 per host without ip-range-start:
                                      the containers one per host */
    "inner-location-ban",          /* the bundle banned from a node */
    "inner-location-mandatory",    /* the bundle at INFINITY on a node */
    "inner-location-rule",         /* a rule on the bundle: it passes on
                                      the guest nodes too, which the
                                      containers cannot take */
    "inner-location-exclusive-node", /* resource-discovery=exclusive on
                                        the bundle: its containers only */
    "inner-rule-exclusive",        /* ... by a rule: no connection nor
                                      instance is banned by it */
    "inner-rule-exclusive-beside", /* ... with a location on a node */
    "inner-rule-kind-container",   /* a rule on #kind: a primitive may
                                      run on a guest node */
    "inner-rule-uname-unset",      /* a guest node no node_state names
                                      has no #uname */
    "inner-rule-or-guest",         /* an "or" rule starts from a guest
                                      node's weight, -INFINITY */
    "inner-rule-or-guest-ran",     /* ... also once the replicas ran */
    "inner-stale-remote-node",     /* a remote node whose connection is
                                      gone: no bundle connection there */
    "inner-location-guest",        /* a location of the bundle on one of
                                      its guest nodes: its containers list
                                      it, and cannot run there */
    "inner-order-blocked",         /* no container can be placed: the
                                      connections and instances wait,
                                      blocked, and what follows the bundle
                                      "due to unrunnable web running" */
    "inner-probed",                /* probes found everything stopped */
    "inner-clone-after",           /* a clone read after the bundle: its
                                      clone-max counts the guest nodes */
    "inner-clone-before",          /* read before: it does not */
    "inner-stop-all",              /* stop-all-resources: nothing starts */
    "inner-standby",               /* a node in standby runs no replica */
    "inner-node-offline",          /* a node cleanly down, fencing on */
    "inner-colocation-with",       /* a primitive with the bundle at 100 */
    "inner-colocation-mandatory",  /* ... at INFINITY */
    "inner-colocation-against",    /* ... at -INFINITY */
    "inner-order-then",            /* the bundle, then a primitive */
    "inner-order-first",           /* a primitive, then the bundle */
    "inner-two-bundles",           /* two bundles: each clone lists its
                                      own guest nodes only */
    "inner-target-stopped",        /* target-role Stopped on the bundle */
    "inner-inside-stopped",        /* ... on the resource inside */
    "inner-remote-nodes",          /* Pacemaker Remote nodes running
                                      resources: each container takes its
                                      connection's -INFINITY there as
                                      -10000 (tests/bench's generator) */
    "inner-remote-nodes-idle",     /* idle remote nodes: the third
                                      container runs on one, its
                                      connection where that node's runs */
    /* Replicas that ran: their digests compared with the parameters the
     * implicit resources take from the bundle. */
    "history-running",             /* both run as configured: nothing to do */
    "history-definition-change",   /* a digest that does not match: restart */
    "history-replica-gone",        /* a probe of a replica no longer there */
    "history-host-offline",        /* its host went away: started elsewhere */
    "history-host-fenced",         /* its host unclean: fenced, the
                                      replica moves */
    "history-host-standby",        /* its host in standby: moved */
    "history-fewer-replicas",      /* replicas 2 -> 1: the second stopped */
    "history-more-replicas",       /* 2 -> 3: every container's options
                                     name the hosts, so they restart */
    "history-sticky",              /* stickiness beats a location */
    "history-location-moves",      /* without it, the replica moves */
    "history-failed-start",        /* a failed start, fail count INFINITY */
    "history-address-fail-count",  /* an address past migration-threshold
                                     takes its container along */
    "history-settings-docker",     /* ports, storage per replica, network,
                                     control-port, options */
    "history-settings-podman",     /* host-interface, addresses carried, 2 per host */
    "history-per-host-spread",     /* two on one node, 2 per host: one
                                      moves to the node that has none */
    "history-migration-threshold", /* a failed monitor at threshold 1: the
                                      replica recovered elsewhere */
    "history-run-command",         /* run-command with no resource inside */
    "history-container-on-remote", /* the container on a remote node, its
                                      connection on a cluster node: addr is
                                      the container's node, nothing restarts */
    "history-network-host",        /* network host, no ip-range-start: no
                                      port mapped, the recorded digest (from
                                      the corpus) matches, nothing restarts */
    /* ... and with a resource inside, not run yet on the guest nodes */
    "inner-history-connected",            /* containers and connections up: the
                                         instances start on the guests */
    "inner-history-host-offline",         /* a replica's host gone: it starts
                                         again elsewhere */
    "inner-history-host-fenced",          /* its host unclean, fenced: the
                                             replica moves, its guest node
                                             fenced with it */
    "inner-history-host-fenced-failed",   /* ... its container failed there */
    "inner-node-fenced",                  /* a fresh start beside a node
                                             being fenced */
    "inner-history-host-standby",         /* in standby: the replica moves */
    "inner-history-more-replicas",        /* a replica more: the containers'
                                         options change, connections restart */
    "inner-history-container-failed",     /* a failed container: its guest node
                                         fenced, the container recovered */
    "inner-history-control-port",         /* no ip-range-start: a connection's
                                         address is its host's name */
    "inner-history-control-port-standby", /* ... its host in standby */
    "inner-history-connection-changed",   /* a connection's digest differs:
                                             it restarts */
    "inner-history-container-changed",    /* a container's: it restarts, and
                                             the connection starts after */
    "inner-history-fewer-replicas",       /* replicas 2 -> 1: the second
                                             replica's connection, container and
                                             address stopped as orphans */
    "inner-history-connection-influence", /* gen_bundle seed 33: a failed
                                             container takes its sticky
                                             connection's preference (+1), a
                                             container running well does not */
    /* <node type="remote"> entries naming a replica's guest node: listed
     * by what is read before the bundle and by the bundle's resources
     * made before that replica's connection */
    "guest-entry-first",         /* web-0, with a node attribute */
    "guest-entry-every-replica", /* one per replica, a primitive before */
    "guest-entry-read-after",    /* web-1, a primitive and a clone before
                                     (four instances: the entry counts) */
    "guest-entry-address",       /* with ip-range-start: the addresses */
    "guest-entry-second-bundle", /* db-1 of a bundle read after web */
    "guest-entry-clone-after",   /* a clone read after the bundle */
    "guest-entry-promotable",    /* promoted-max */
    "guest-entry-standby",       /* standby=on in the entry, no node_state:
                                    app:0 still starts on web-0 */
    "guest-entry-maintenance",   /* maintenance=true there: the same */
    "guest-entry-per-host",      /* replicas-per-host=2 */
    "guest-entry-fencing",       /* fencing on: no startup fencing */
    /* entries no replica takes, beside a bundle: a bundle's connections
     * avoid them (a top-level connection would not) */
    "guest-entry-stale-replica", /* web-7 of a bundle of 3 */
    "guest-entry-stale-beside",  /* any other name */
    /* a guest node g1 (remote-node of vm1) beside a bundle */
    "guests-beside-read-first",  /* vm1 read before the bundle */
    "guests-beside-read-after",  /* ... after it, a primitive preferring g1 */
    "guests-beside-entry",       /* ... with a <node> entry for g1 */
    "guests-beside-clone-first", /* a clone counting g1 in its clone-max */
    "guests-beside-clone-after", /* ... read after the bundle and vm1 */
    "guests-beside-running",     /* vm1 and g1 running, a resource on g1 */
    /* the <node_state> of a replica's guest node (gen_bundle seeds
     * 1000000-1000999, their guest states) */
    "guest-state-not-up",               /* an empty one, its replica not up */
    "guest-state-history",              /* the resource inside running */
    "guest-state-sticky",               /* an instance active on its guest
                                           node: stickiness 1 there (501) */
    "guest-state-container-restart",    /* seed 1000202: a container that
                                           restarts restarts its instance, due
                                           to its start (not the clone's stop) */
    "guest-state-host-left",            /* seed 1000486: the connection's host
                                           left: the guest is fenced, the
                                           instance and container recovered */
    "guest-state-connection-never-ran", /* seed 1000114: the resource inside
                                           active on a guest whose connection
                                           never ran (read with fencing on) */
    "guest-state-unique-orphan",        /* seed 1000047: replicas-per-host 2,
                                           a history named app (no :N) is an
                                           orphan, stopped */
    "guest-state-ip-range-orphan",      /* ... with ip-range-start: so too */
    "guest-state-control-port-failed-start", /* seed 1000624: replicas-per-host
                                           2 but a control-port alone (one
                                           container a host): the clone is
                                           anonymous, app on web-1 is app:1,
                                           its failed start recovered */
    "guest-state-failed-start",         /* seed 1000188: replicas moving, an
                                           instance that failed to start, a
                                           unique one's orphan */
    "guest-state-clone-before",         /* a clone read before the bundle:
                                           its clone-max counts no guest node
                                           (found by gfence) */
    "guest-state-clone-after",          /* ... after it: three more */
    "guest-op-stop",                    /* a stop that completed: the
                                           instance is stopped, started again */
    "guest-op-notify",                  /* a notification after the start:
                                           nothing changes */
    "guest-op-monitor-failed",          /* a recurring monitor found it not
                                           running (rc 7): recovered */
    "guest-op-monitor-failed-earlier",  /* ... before its last start: it
                                           runs, nothing to do */
    "guest-op-notify-pending",          /* a notification still pending:
                                           skipped, nothing changes */
    "guest-op-notify-failed",           /* ... one that failed: so too */
    "guest-op-notify-timeout",          /* ... one that timed out: so too */
    "guest-state-monitor-failed",       /* a recurring monitor failed (rc 1):
                                           recovered (refused before) */
    /* A recurring monitor of the resource inside that failed (gfail):
     * on-fail restart or demote, as the model read the history */
    "guest-failed-monitor-error",       /* rc 1: recovered in place */
    "guest-failed-monitor-exec-error",  /* status 4, rc 189: so too */
    "guest-failed-monitor-timeout",     /* status 2 (timed out): so too */
    "guest-failed-monitor-restart",     /* on-fail=restart on the monitor */
    "guest-failed-monitor-start-block", /* on-fail=block on the start only:
                                           the monitor's default applies */
    "guest-failed-monitor-demote-unpromotable", /* on-fail=demote, not
                                           promotable: read as restart */
    "guest-failed-container-failed",    /* ... and its container failed: the
                                           guest is fenced, all recovered */
    "guest-failed-connection-failed",   /* ... its connection failed: so too */
    "guest-failed-host-fenced",         /* ... its host fenced: all move */
    "guest-failed-promoted-demote",     /* the promoted monitor failed,
                                           on-fail=demote: Re-promote */
    "guest-failed-promoted-demote-moves", /* ... the other instance has the
                                           higher score: demoted, the other
                                           promoted */
    "guest-failed-promoted-default",    /* ... default on-fail: recovered,
                                           promoted again */
    "guest-failed-promoted-exec-error", /* status 4, rc 189, on-fail=block on
                                           the promote only: recovered
                                           (corpus nested-remote-recovery) */
    "guest-failed-promoted-exec-error-demote", /* ... with on-fail=demote:
                                           Re-promote */
    "guest-failed-promoted-fail-count", /* ... its fail count below
                                           migration-threshold 3 */
    "guest-failed-promoted-superseded", /* the failure older than a success
                                           of the same monitor: nothing */
    "guest-failed-promoted-superseded-block", /* ... on-fail=block: cleared
                                           too, nothing */
    "guest-failed-unpromoted-demote-elsewhere", /* the unpromoted monitor
                                           failed, on-fail=demote only on
                                           the promoted one: recovered */
    "guest-failed-promoted-and-unpromoted", /* both failed: one re-promoted,
                                           the other recovered */
    /* No quorum, the guest nodes all a bundle's (gfail): what runs stops
     * (no-quorum-policy=stop) or stays (freeze), nothing starts */
    "guest-no-quorum-stop",             /* both replicas stop */
    "guest-no-quorum-fresh",            /* nothing ran: all starts blocked */
    "guest-no-quorum-one-running",      /* one stops, the other blocked */
    "guest-no-quorum-freeze",           /* freeze: both stay */
    "guest-no-quorum-freeze-fresh",     /* ... nothing ran: blocked */
    "guest-no-quorum-freeze-one-running", /* ... one stays, one blocked */
    "guest-no-quorum-host-lost",        /* a replica's host left: it cannot
                                           be fenced, nor its guest node;
                                           what ran there blocked */
    "guest-no-quorum-host-lost-third-node", /* ... a third node up: so too */
    "guest-no-quorum-freeze-host-lost", /* ... under freeze */
    "guest-no-quorum-no-device-host-lost", /* ... no fencing device: all
                                           unmanaged, nothing */
    "guest-no-quorum-with-remote",      /* beside remote node rem1: its
                                           connection blocked as any
                                           resource (was refused) */
    "guest-no-quorum-demote",           /* no-quorum-policy=demote: as
                                           stop here (was refused) */
    "guest-state-fail-count",           /* a fail count of the resource
                                           inside, below the threshold:
                                           nothing to do */
    "guest-fail-count-monitor-failed",  /* ... with the monitor failure it
                                           counts: recovered there */
    "guest-fail-count-below-threshold", /* ... migration-threshold 2, one
                                           failure: recovered there too */
    "guest-fail-count-threshold",       /* ... two failures: the inner clone
                                           banned from web-0, app:0 stops */
    "guest-fail-count-threshold-running", /* ... it ran again since: it
                                           stops all the same */
    "unique-orphan-stops",              /* the resource inside under its
                                           own name on a guest node, its
                                           clone globally unique: an
                                           orphan, stopped */
    "former-connection-node-location",  /* a former replica's connection
                                           still running, a location naming
                                           one node: it stops, no score
                                           lists its node */
    "inner-fail-count-guest-over",      /* three failures on web-1: app:1
                                           stops */
    "inner-fail-count-host-below",      /* a fail count of app on node1,
                                           a cluster node: nothing */
    "inner-fail-count-host-at",         /* ... at the threshold: the inner
                                           clone banned from node1, the
                                           container stays there */
    "inner-fail-count-cluster-at",      /* ... on node3, which runs no
                                           replica: scores only */
    "inner-fail-count-cluster-infinity", /* ... INFINITY, default
                                           threshold */
    "remote-shutdown-beside-bundle",    /* a remote node shutting down: its
                                           connection banned everywhere,
                                           guest nodes too, and stopped */
    "remote-shutdown-clone",            /* ... with a clone instance there:
                                           it moves */
    "remote-shutdown-clone-max-one",    /* ... clone-max 1 and an instance
                                           on another remote node: that one
                                           stops */
    "host-network-control-port",        /* network="host", no address: the
                                           control port is not published
                                           (the container's digest) */
    "host-network-port-mapping",        /* ... nor any port mapping */
    "shutdown-replica-moves",           /* its node shutting down: the
                                           replica moves, its instance
                                           restarts */
    "shutdown-replica-moves-other-blocked", /* ... the second replica has
                                           no node left, blocked */
    "shutdown-replica-stops",           /* ... both replicas ran: the one
                                           on the node shutting down stops */
    "unclean-host-no-fencing",          /* a replica's node lost, fencing
                                           disabled: it is down, the
                                           replica cannot move (blocked) */
    "unclean-host-no-device",           /* ... fencing enabled, no device:
                                           all unmanaged, no guest fenced */
    "guest-fence-host-lost-off",        /* a replica's node lost, node3 in
                                           standby: its container has no
                                           start, its guest is powered off */
    "guest-fence-host-lost-banned",     /* ... the bundle banned from node3
                                           instead: the same */
    "guest-fence-poweroff-restarts",    /* stonith-action=poweroff, the
                                           container moves: the guest is
                                           rebooted all the same */
    "guest-fence-poweroff-stays-stopped", /* ... it stays stopped: off */
    "guest-fence-container-failed-banned", /* a failed container at its
                                           threshold, node3 in standby: no
                                           start, off */
    "guest-host-lost-container-stopped", /* a replica's connection active
                                           on a lost node, its container
                                           probed stopped everywhere: the
                                           node is fenced, the guest only
                                           down (seed 1320291) */
    "guest-host-lost-container-unseen", /* ... the container never seen:
                                           the same */
    "unclean-online-fenced",            /* a node in the membership whose
                                           controller is gone: fenced, its
                                           replica stops, no guest fenced */
    "unclean-online-no-device",         /* ... without a fencing device:
                                           nothing */
    "pending-node-fresh",               /* a node joining (pending): no
                                           replica there, blocked */
    "pending-node-replica-ran",         /* ... its container active there:
                                           left, the replica blocked */
    "pending-node-fencing",             /* ... fencing enabled: stops
                                           blocked */
    "inner-history-connection-failed",    /* a connection's monitor failed
                                             (status 4): on-fail
                                             restart-container, the container
                                             restarts, the connection recovers */
    "inner-history-connection-timeout",   /* ... timed out (status 2) */
    "inner-history-connection-threshold", /* ... at migration-threshold 1: the
                                             connection moves, its container
                                             restarts in place */
    /* Placement strategies: the containers carry the utilization of the
     * resource inside, its instances none. */
    "strategy-inner-utilization",      /* a node too small for it skipped */
    "strategy-inner-balanced",         /* ... under balanced */
    "strategy-minimal",                /* no resource inside, minimal */
    "strategy-history-more-replicas",  /* replicas that ran, one more */
    "strategy-inner-history-capacity", /* a replica that ran moves off a
                                          node too small for it */
    "strategy-inner-history-compete",  /* a primitive of higher priority
                                          takes the room: a replica stops,
                                          its instance blocked */
    "strategy-inner-no-utilization",   /* a strategy, no utilization */
    /* Replicas that ran, the bundle unmanaged or in maintenance */
    "unmanaged-history-running",            /* left as they are */
    "unmanaged-history-definition-change",  /* a digest that does not
                                               match: no restart */
    "unmanaged-history-started",            /* (refused-history-unmanaged
                                               before, a file no test read) */
    "maintenance-history-fewer-replicas",   /* the replica no longer
                                               configured, an orphan, stops */
    "maintenance-history-more-replicas",    /* options changed: no restart */
    /* A bundle with a resource inside, unmanaged or in maintenance: its
     * replicas are left as they are, the stopped ones only probed */
    "unmanaged-inner-running",              /* replica 0 and its instance
                                               running, replica 1 never ran */
    "maintenance-inner-running",            /* ... maintenance=true */
    "unmanaged-inner-guest-maintenance",    /* ... the guest node in
                                               maintenance too */
    "unmanaged-inner-container-only",       /* a container running, its
                                               connection never ran: 0 on
                                               the container's node */
    "unmanaged-inner-container-only-managed-inside", /* ... the resource
                                               inside managed: it waits for
                                               nothing */
    "unmanaged-inner-fresh",                /* nothing ran: probes only */
    "inner-unmanaged-running",              /* only the resource inside
                                               unmanaged */
    "inner-unmanaged-standby-stops",        /* ... every node in standby:
                                               the replica stops, its
                                               instance is left */
    "inner-unmanaged-standby-fresh",        /* ... nothing ran: no
                                               connection placed, the
                                               instance waits for nothing */
    /* A replica's guest node in maintenance in the status
     * (node_in_maintenance), the bundle managed: nothing changes */
    "guest-maintenance-stale",              /* the instance restarts for a
                                               changed definition */
    "guest-maintenance-moves",              /* ... moves with its container */
    "guest-maintenance-starts",             /* ... starts there */
    "guest-maintenance-inner-stopped",      /* ... stops (target-role) */
    /* maintenance-mode: histories read as an unmanaged bundle's */
    "maintenance-mode-history-running",     /* replicas running, nothing
                                               inside: left */
    "maintenance-mode-inner-running",       /* ... a resource inside, its
                                               instance running: left */
    /* a fence device providing unfencing, guest nodes never unfenced
     * (Pacemaker Explained 2.1, "Unfencing"): a start there, or a probe of
     * what may run there, unfences the guest ("Fence (on) web-0
     * (resource: web-docker-0)") */
    "unfence-guest-bundle-new",     /* replicas starting: by app's starts,
                                       no probe while the container is down */
    "unfence-guest-bundle-running", /* app running on both: restarted after
                                       the unfencing (required stonith) */
    "unfence-guest-bundle-probe",   /* app unknown on web-1: by its probe
                                       (the bundle's address is not probed) */
    "unfence-guest-vm-new",         /* g1 of vm1 starting: by onguest's start
                                       (no fence device probed on g1) */
    "unfence-guest-vm-probe",       /* g1 running, onguest unknown there */
    "unfence-guest-vm-running",     /* onguest running there: restarted */
    "unfence-guest-bundle-moving",  /* web-1's container moves: app:1
                                       restarted for that, not stonith */
    "unfence-guest-bundle-requires", /* no device provides it, a clone
                                        (read after the bundle) requires
                                        it: the same */
    "unfence-guest-vm-clone",       /* a clone's instance started on g1 */
    "unfence-guest-vm-unclean",     /* vm1 stopped under onguest: g1 fenced
                                       (reboot), then unfenced */
    "unfence-guest-vm-moving",      /* vm1 banned where it runs: moves */
    "unfence-guest-vm-standby",     /* g1 in standby: onguest leaves, no
                                       unfencing */
    "unfence-guest-vm-beside-node", /* n2 never unfenced too: unfenced first
                                       (node order), by the fence probe */
    /* replicas whose connection no node can take: the instance stays on
     * its guest node, its start blocked */
    "inner-stranded",               /* every node standby or offline: app:0
                                       and dbapp:0 wait "(blocked)" */
    "stranded-colocated-shutdown",  /* the bundle with one whose container
                                       stops: rabbitmq:0 stops "due to
                                       colocation with haproxy-bundle-docker-0" */
    "stranded-colocated-standby",   /* the same, the node in standby */
    "stranded-colocated-primary-stopped", /* the primary stopped by its
                                             target-role: the connection
                                             is blocked by the colocation
                                             first, the instance by it */
    "stranded-definition-change",   /* app's digest changed: checked on the
                                       guest node before it goes down */
    "instance-order-second-print",  /* gen_bundle.py seed 1540025: the bundle
                                       printed again after its clone sorted
                                       app's instances (0, 2, 1) */
    /* a connection requires quorum by default (gen_bundle seed 1340174):
     * its changed definition keeps its reason where the bundle's
     * requires=nothing loses it */
    "connection-requires-quorum",   /* no-quorum-policy=ignore: "due to
                                       resource definition change" */
    "connection-requires-nothing",  /* requires=nothing on the bundle */
    "connection-requires-defaults-nothing", /* ... in rsc_defaults */
    /* no ip-range-start: the connection's address is its container's
     * host once assigned (gen_bundle seed 1340502); under
     * no-quorum-policy=freeze a changed one leaves it stopped */
    "connection-address-moving-freeze",  /* recorded with the node the
                                            container leaves: stopped */
    "connection-address-moving-matched", /* with the node it goes to: moves */
    "connection-address-stopping",  /* the container stops: its current node */
    "connection-address-unplaced",  /* no container: "#uname", not the
                                       connection's node */
    "connection-address-unplaced-uname", /* "#uname" recorded: unchanged */
    "connection-address-unplaced-freeze", /* seed 1340502 shrunk */
    /* a failed connection monitor, migration-threshold=1: a changed
     * digest clears the fail count in time only with ip-range-start */
    "connection-failure-host-name",         /* no ip-range-start: banned */
    "connection-failure-host-name-changed", /* ... its digest changed too */
    "connection-failure-address",           /* ip-range-start: banned */
    "connection-failure-address-changed",   /* ... digest changed: cleared,
                                               recovered in place */
};

/* The names crm_simulate gives the implicit resources, and where the
 * engine puts them: the address on its container's node. */
START_TEST(test_implicit_names)
{
    CsTestCase test;
    const CsModel *view;
    const CsResource *container, *ip;

    cs_test_case_solve_ok(&test, "bundle", "location-per-host");
    view = cs_solution_model(test.solution);
    container = cs_model_resource(view, "web-docker-2");
    ip = cs_model_resource(view, "web-ip-10.0.0.12");
    ck_assert_ptr_nonnull(container);
    ck_assert_ptr_nonnull(ip);
    ck_assert_str_eq(ip->type, "IPaddr2");
    ck_assert_str_eq(container->type, "docker");
    ck_assert_int_eq(cs_solution_assigned_node(test.solution, container->index),
                     cs_solution_assigned_node(test.solution, ip->index));
    cs_test_case_clear(&test);
}
END_TEST

/* A resource inside with a network: replica 1 is the guest node web-1,
 * reached by the connection web-1 on its container's node, and the
 * instance app:1 of web-clone runs there. */
START_TEST(test_guest_replicas)
{
    CsTestCase test;
    const CsModel *view;
    const CsResource *container, *connection, *instance, *clone;
    const CsNode *guest;
    int host;

    cs_test_case_solve_ok(&test, "bundle", "inner-docker-ip");
    view = cs_solution_model(test.solution);
    container = cs_model_resource(view, "web-docker-1");
    connection = cs_model_resource(view, "web-1");
    instance = cs_model_resource(view, "app:1");
    clone = cs_model_resource(view, "web-clone");
    guest = cs_model_node(view, "web-1");
    ck_assert_ptr_nonnull(container);
    ck_assert_ptr_nonnull(connection);
    ck_assert_ptr_nonnull(instance);
    ck_assert_ptr_nonnull(clone);
    ck_assert_ptr_nonnull(guest);
    ck_assert_int_eq(guest->type, CS_NODE_GUEST);
    ck_assert_int_eq(clone->kind, CS_RSC_CLONE);
    ck_assert_int_eq(instance->parent, clone->index);
    ck_assert(connection->is_remote_connection);
    ck_assert_str_eq(connection->type, "remote");
    ck_assert_int_eq(connection->remote_node, guest->index);
    host = cs_solution_assigned_node(test.solution, container->index);
    ck_assert_int_ge(host, 0);
    ck_assert_int_eq(cs_solution_assigned_node(test.solution, connection->index), host);
    ck_assert_int_eq(cs_solution_assigned_node(test.solution, instance->index), guest->index);
    cs_test_case_clear(&test);
}
END_TEST

/* A <node type="remote"> entry naming replica 1's guest node is that
 * guest node: at the entry's place among the nodes, with its node
 * attributes, reached by the connection web-1. */
START_TEST(test_guest_entry_claimed)
{
    CsTestCase test;
    const CsModel *view;
    const CsNode *guest;
    const CsResource *connection;

    cs_test_case_solve_ok(&test, "bundle", "guest-entry-read-after");
    view = cs_solution_model(test.solution);
    guest = cs_model_node(view, "web-1");
    connection = cs_model_resource(view, "web-1");
    ck_assert_ptr_nonnull(guest);
    ck_assert_ptr_nonnull(connection);
    ck_assert_int_eq(guest->index, 3);
    ck_assert_int_eq(guest->type, CS_NODE_GUEST);
    ck_assert_int_eq(connection->remote_node, guest->index);
    ck_assert_str_eq(g_hash_table_lookup(guest->attrs, "rabbit-last"), "node1");
    ck_assert_str_eq(g_hash_table_lookup(guest->attrs, "#kind"), "container");
    /* the model's own node is left as the entry made it */
    ck_assert_int_eq(cs_model_node(test.model, "web-1")->type, CS_NODE_REMOTE);
    ck_assert_str_eq(g_hash_table_lookup(cs_model_node(test.model, "web-1")->attrs, "#kind"),
                     "remote");
    cs_test_case_clear(&test);
}
END_TEST

/* A ticket of the bundle never granted bans each instance of the
 * resource inside from every node; on its replica's guest node the
 * bundle then sets INFINITY, as crm_simulate prints it
 * (tests/fuzz/cases/oracle-bundle-ticket-not-granted).  The score is set,
 * not added to: its one contribution is the bundle's, and every printed
 * score is still the sum of its contributions (doc/DESIGN.md
 * "Provenance"). */
START_TEST(test_ticket_instance_score_set)
{
    CsTestCase test;
    g_autofree char *path =
        g_strdup_printf("%s/../fuzz/cases/oracle-bundle-ticket-not-granted.xml", CS_TESTDATA);
    const CsModel *view;
    const CsContribution *parts;
    int instance, guest, host, n = 0;

    ck_assert(cs_test_case_solve_file(&test, path, "2023-01-01T00:00:00Z"));
    view = cs_solution_model(test.solution);
    instance = cs_model_resource(view, "httpd:0")->index;
    guest = cs_model_node(view, "web-0")->index;
    host = cs_model_node(view, "node1")->index;
    ck_assert_int_eq(cs_solution_score(test.solution, instance, guest), CS_INFINITY);
    parts = cs_solution_contributions(test.solution, instance, guest, &n);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(parts[0].kind, CS_CONTRIB_CLONE);
    ck_assert_int_eq(cs_solution_score(test.solution, instance, host), -CS_INFINITY);
    for (guint rsc = 0; rsc < view->resources->len; rsc++)
        for (guint node = 0; node < view->nodes->len; node++) {
            CsScore sum = 0;

            if (!cs_solution_scored(test.solution, (int)rsc, (int)node))
                continue;
            parts = cs_solution_contributions(test.solution, (int)rsc, (int)node, &n);
            for (int i = 0; i < n; i++)
                sum = cs_score_add(sum, parts[i].value);
            ck_assert_int_eq(sum, cs_solution_score(test.solution, (int)rsc, (int)node));
        }
    cs_test_case_clear(&test);
}
END_TEST

static const CsTestRefusal refused[] = {
    {"refused-inner-former-guest-state", "a <node_state> naming one of its guest nodes"},
    {"refused-former-connection-disabled", "orphaned Pacemaker Remote connection web-4"},
    {"refused-former-connection-rule", "orphaned Pacemaker Remote connection web-4"},
    {"refused-unmanaged-unique-orphan", "app with no instance number active on its guest node"},
    {"refused-unmanaged-beside-guest", "an unmanaged bundle with a resource inside beside remote or guest node g1"},
    {"refused-unmanaged-guest-entry", "an unmanaged bundle with a resource inside beside remote or guest node web-2"},
    {"refused-unmanaged-guest-up-beside-other", "other resources beside its guest node web-0 up"},
    {"refused-guest-failed-monitor-stop", "a recurring monitor that failed, with on-fail stop"},
    {"refused-guest-failed-monitor-ignore",
     "a recurring monitor that failed, with on-fail ignore"},
    {"refused-guest-failed-monitor-block", "a recurring monitor that failed, with on-fail block"},
    {"refused-guest-failed-standby-kept",
     "a recurring monitor that failed, with on-fail standby"},
    {"refused-guest-state-standby", "guest node web-0 in standby"},
    {"refused-guest-state-other-resource", "the history of other on its guest node web-0"},
    {"refused-inner-former-probed", "orphaned Pacemaker Remote connection web-2"},
    {"refused-inner-former-fencing", "orphaned Pacemaker Remote connection web-4"},
    {"refused-inner-guest-location", "a location (l1) on a node not in the configuration"},
    {"refused-inner-dependent", "naming the resource inside"},
    {"refused-inner-ticket", "tickets limited to a role, naming the resource inside"},
    {"refused-ticket-fence-lost", "no ticket lost under loss-policy=fence"},
    {"refused-ticket-fail-count", "beside a fail count of that resource"},
    /* the oracle moves (or stops) the container of an instance a ticket
     * froze, the engine blocks it */
    {"refused-inner-ticket-freeze-moved", "a ticket not granted with loss-policy=freeze"},
    {"refused-inner-ticket-freeze-beside-stop", "a ticket not granted with loss-policy=freeze"},
    {"refused-inner-rule-unnamed-coloc",
     "a colocation with a resource placed on one of several nodes with no name"},
    {"refused-left-out-colocation",
     "colocations, orders and tickets with a bundle that has a resource inside but no network"},
    {"refused-left-out-history", "the history of the resource inside a bundle that has no network"},
    /* refused first for the guest nodes no node_state names, which have no
     * #uname (a colocation with its container placed among them) */
    {"refused-container-on-guest", "several nodes with no name (#uname)"},
    {"refused-unmanaged-history-failed",
     "an operation monitor with status 0 and result 7 is not modelled yet with the bundle "
     "unmanaged or in maintenance"},
    {"refused-unmanaged-history-host-down",
     "its resource web-ip-10.0.0.10 active on node node1, which is down, is not modelled yet"},
    /* a replica's container on a cluster node in maintenance: crm_simulate
     * starts its connection elsewhere */
    {"refused-inner-node-maintenance", "or a node in maintenance"},
    {"refused-rkt", "rkt containers"},
    {"refused-colocation", "colocations with bundles (c1)"},
    {"refused-colocation-requires", "requiring what the bundle requires"},
    {"refused-colocation-requires-dependent", "requiring what the bundle requires"},
    {"refused-ipv6", "ip-range-start fd00::1"},
    {"refused-order-promote", "orders with bundles (ord1)"},
    /* a guest node never unfenced with no history, resource-discovery */
    {"refused-unfence-guest-discovery", "the probes that unfence a node never unfenced"},
};

/* The oracle's answers for shapes not modelled yet (pending-*.xml, with
 * their NAME.scores and NAME.summary from regen.sh).  Until the engine
 * models them it must refuse them, saying what; once it answers, it must
 * answer exactly. */
static const struct {
    const char *name;
    const char *says;
} pending[] = {
    {"pending-inner-promotable", "makes it promotable (promoted-max)"},
    /* a <node> entry of web-0 beside exclusive locations of the bundle on
     * two nodes of three: the entry at -INFINITY on the containers that
     * list it, the third container blocked (w-bcoloc answers discovery) */
    {"pending-guest-entry-discovery", "a location (bl) with a resource-discovery"},
};

START_TEST(test_pending_refused_or_exact)
{
    CsTestCase test;

    cs_test_case_solve(&test, "bundle", pending[_i].name);
    if (test.solution == NULL) {
        ck_assert(g_error_matches(test.error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED));
        ck_assert_msg(strstr(test.error->message, pending[_i].says) != NULL, "%s: %s",
                      pending[_i].name, test.error->message);
    } else {
        cs_test_assert_as_oracle(&test, "bundle", pending[_i].name);
    }
    cs_test_case_clear(&test);
}
END_TEST

/* ---- what moved, told of the bundle as of a clone ----------------------- */

/* The replicas are the bundle's: an edit that moves them says so by the
 * bundle's name and nodes (node2 held two of three replicas). */
START_TEST(test_edit_says_what_moved)
{
    g_autofree char *path = g_strdup_printf("%s/bundle/location-per-host.xml", CS_TESTDATA);
    CsSession *session = cs_test_session_open(path, "2023-01-01 00:00:00");
    g_autofree char *on = NULL, *off = NULL;

    on = cs_test_run_ok(session, "standby node2 on");
    off = cs_test_run_ok(session, "standby node2 off");
    ck_assert_msg(strstr(on, "web: no longer starts on node2") != NULL, "%s", on);
    ck_assert_msg(strstr(off, "web: starts on node2") != NULL, "%s", off);
    cs_session_free(session);
}
END_TEST

/* What explain says of rsc in the solved test (it must explain it). */
static char *explained(const CsTestCase *test, const char *rsc)
{
    g_autoptr(GError) error = NULL;
    GString *out = g_string_new(NULL);

    ck_assert_msg(cs_solution_explain(test->solution, rsc, NULL, out, &error), "%s: %s", rsc,
                  error != NULL ? error->message : "");
    return g_string_free(out, FALSE);
}

static void assert_says(const char *text, const char *piece)
{
    ck_assert_msg(strstr(text, piece) != NULL, "no '%s' in: %s", piece, text);
}

/* explain: the bundle counts its replicas placed and lists each
 * replica's resources with its node (4 replicas, 3 nodes). */
START_TEST(test_explain_counts_replicas)
{
    CsTestCase test;

    cs_test_case_solve_ok(&test, "bundle", "replicas-over-nodes");
    g_autofree char *web = explained(&test, "web");
    assert_says(web, "web: bundle, 3 of 4 replicas placed");
    assert_says(web, "    web-docker-3: stopped\n");
    assert_says(web, "    web-ip-10.0.0.10: node1\n");
    cs_test_case_clear(&test);
}
END_TEST

/* explain: a bundle Pacemaker leaves out, and the resource inside it,
 * say so instead of showing scores no one computes; the primitive beside
 * them is explained as ever. */
START_TEST(test_explain_left_out)
{
    CsTestCase test;

    cs_test_case_solve_ok(&test, "bundle", "left-out-no-network");
    g_autofree char *httpd = explained(&test, "httpd");
    assert_says(httpd, "httpd: never placed: bundle web has a resource inside but no <network>");
    g_autofree char *web = explained(&test, "web");
    ck_assert_msg(g_str_has_prefix(web, "web: never placed"), "%s", web);
    g_autofree char *other = explained(&test, "other");
    assert_says(other, "node2: 50  <- assigned");
    cs_test_case_clear(&test);
}
END_TEST

/* explain: a replica's guest node is listed for the resource inside
 * only, and an instance only on its own replica's guest node; each says
 * so rather than blaming an opt-in cluster. */
START_TEST(test_explain_guest_nodes)
{
    CsTestCase test;

    cs_test_case_solve_ok(&test, "bundle", "inner-docker-ip");
    g_autofree char *web = explained(&test, "web");
    assert_says(web, "  web-1: not allowed (a guest node of bundle web: only the "
                     "resource inside it runs there)\n");
    assert_says(web, "    web-1: node2\n    app:0 (in web-clone): web-0\n");
    g_autofree char *app = explained(&test, "app:1");
    assert_says(app, "  node2: not allowed (an instance inside bundle web runs "
                     "only on its replica's guest node)\n");
    assert_says(app, "  web-1: INFINITY  <- assigned");
    cs_test_case_clear(&test);
}
END_TEST

static Suite *bundle_suite(void)
{
    Suite *suite = suite_create("bundle");
    TCase *model = tcase_create("model");
    TCase *engine = tcase_create("engine");

    tcase_add_test(model, test_settings_read);
    tcase_add_test(model, test_replicas_default_to_promoted_max);
    tcase_add_test(model, test_replica_addresses);
    tcase_add_test(model, test_implicit_parameters);
    cs_test_add_oracle_table(engine, "bundle", answered, (int)G_N_ELEMENTS(answered));
    tcase_add_test(model, test_guest_nodes_read_from_status);
    tcase_add_test(model, test_guest_nodes_not_made_unnamed);
    tcase_add_test(engine, test_implicit_names);
    tcase_add_test(engine, test_guest_replicas);
    tcase_add_test(engine, test_guest_entry_claimed);
    tcase_add_test(engine, test_ticket_instance_score_set);
    cs_test_add_refusal_table(engine, "bundle", refused, (int)G_N_ELEMENTS(refused));
    tcase_add_loop_test(engine, test_pending_refused_or_exact, 0, (int)G_N_ELEMENTS(pending));
    tcase_add_test(engine, test_edit_says_what_moved);
    tcase_add_test(engine, test_explain_counts_replicas);
    tcase_add_test(engine, test_explain_left_out);
    tcase_add_test(engine, test_explain_guest_nodes);
    suite_add_tcase(suite, model);
    suite_add_tcase(suite, engine);
    return suite;
}

int main(void)
{
    return cs_test_run(bundle_suite());
}
