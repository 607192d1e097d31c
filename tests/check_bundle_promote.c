/* check_bundle_promote.c: bundles whose resource inside is promotable
 * (engine/bundle_promote.c) and bundles in colocations with clones,
 * groups and roles (engine/bundle_colocation.c), against crm_simulate.
 *
 * tests/data/bundle/promote-NAME.xml and coloc-NAME.xml are small CIBs;
 * NAME.scores and NAME.summary beside them are what crm_simulate 2.1.5
 * printed for them (regen.sh there).  refused-promote-*.xml and
 * refused-coloc-*.xml use what the engine does not model yet: it must say
 * so (status 3), never guess.
 */
#include <check.h>
#include <glib.h>
#include <string.h>

#include "engine/bundle_promote.h"
#include "engine/engine.h"
#include "model/model.h"
#include "testlib.h"

static const char *const answered[] = {
    "promote-fresh",               /* 3 replicas, promoted-max 2: no
                                      promotion score yet, none promoted */
    "promote-container-ran",       /* a container that ran (another
                                      digest): restarted, all start */
    "promote-ran-unpromoted",      /* two replicas ran unpromoted, master-app
                                      10 and 5 on their guest nodes: the
                                      first promoted */
    /* replicas recorded promoted (bundle.c reads the history) */
    "promote-replica-promoted",    /* promoted, highest score: stays */
    "promote-ran-probe-promoted",  /* a probe found it promoted (rc 8) */
    "promote-ran-swap",            /* the other has the higher score: one
                                      demoted, the other promoted */
    "promote-ran-no-score",        /* no score left: demoted */
    "promote-ran-both-promoted",   /* two promoted, promoted-max 1 */
    "promote-ran-max2",            /* promoted-max 2: the other promoted */
    "promote-inner-fail-count-guest", /* ... an INFINITY fail count of
                                      app on web-0: the promoted instance
                                      there stops, the other promoted */
    "promote-attribute-target-host", /* container-attribute-target=host: the
                                        scores of the containers' hosts */
    "promote-unrunnable-guest",    /* the promoted one's container cannot
                                      run: the next one promoted */
    "promote-ran-clone-before",    /* a clone listed before the bundle: its
                                      clone-max does not count the guests */
    "promote-ran-clone-after",     /* ... after it: it counts them */
    "promote-container-unplaced",  /* a container placed nowhere, the bundle
                                      ordered before a primitive: its
                                      instance starts blocked, unpromoted */
    "promote-max-only",            /* replicas taken from promoted-max */
    "promote-per-host",            /* replicas-per-host 2, a location */
    "promote-podman-control-port", /* podman, a control-port only, a ban */
    "promote-inner-meta",          /* promoted-max on the resource inside:
                                      the bundle's counts */
    "promote-with-primitive",      /* a primitive with the bundle */
    "promote-order-then",          /* the bundle, then a primitive */
    "promote-target-promoted",     /* target-role Promoted: no limit */
    "promote-order-first",         /* the bundle's promotion, then a
                                      primitive: none promoted, "due to
                                      unrunnable web promoted" */
    "promote-order-first-optional", /* ... optional: it starts */
    "promote-order-first-asymmetric", /* ... not symmetrical */
    "promote-order-demote-first",  /* its demotion first: nothing to wait for */
    "promote-order-then-promote",  /* a primitive, then the promotion */
    "promote-order-clone-notify",  /* then a clone with notify=true, and a
                                      bundle after it: "due to unrunnable
                                      cl notified" */
    "promote-location-guest",      /* a location of the promoted role on
                                      a replica's guest node: its
                                      instance's promotion score */
    "promote-location-guests",     /* ... on two: the higher promoted */
    "promote-location-infinity",   /* ... at INFINITY and -INFINITY */
    "promote-location-node",       /* ... on a cluster node: no guest
                                      node there, nothing changes */
    /* one replica promoted by such a location */
    "promote-location-with-promoted",        /* a primitive with the promoted
                                                role at INFINITY: beside it,
                                                not blocked */
    "promote-location-group-with-promoted",  /* ... a group */
    "promote-location-with-promoted-finite", /* ... at 200 */
    "promote-location-clone-with-promoted",  /* a clone at 100 */
    "promote-location-promoted-with-primitive", /* the promoted role with a
                                                   primitive */
    "promote-location-order-first",          /* the promotion, then a
                                                primitive: it starts */
    /* colocations (bundle_colocation.c) */
    "coloc-with-promoted-mandatory",           /* a primitive with the promoted
                                           bundle at INFINITY: none promoted,
                                           it cannot run */
    "coloc-with-promoted-finite",              /* ... at 100: no change */
    "coloc-with-unpromoted-mandatory",         /* with the unpromoted role at
                                           INFINITY: where a container runs */
    "coloc-bundle-with-clone",                 /* the bundle with a clone at INFINITY */
    "coloc-bundle-with-clone-against",         /* ... at -100 */
    "coloc-bundle-with-promoted-clone",        /* with a promotable clone's promoted
                                           role, none promoted */
    "coloc-inner-with-clone",                  /* a resource inside, with a clone at
                                           100, a replica per node */
    "coloc-inner-with-promoted-clone",         /* the same with a promotable clone */
    "coloc-clone-and-bundle",                  /* the bundle with a clone and with
                                             a bundle, at 100 */
    "coloc-clone-and-promotable-clone",        /* with a clone and a promotable
                                             clone */
    "coloc-inner-with-clone-beside-primitive", /* a primitive read between
                                                  them: the bundle does not
                                                  place the clone first */
    "coloc-group-with-bundle",                 /* a group with the bundle at INFINITY */
    "coloc-group-with-promotable",             /* a group with a promotable bundle */
    /* a clone or a bundle with a bundle: each instance paired with one
     * replica */
    "coloc-clone-with-bundle",               /* at INFINITY: an instance per
                                              replica's node, the third none */
    "coloc-clone-with-bundle-one-replica",   /* one replica, three instances */
    "coloc-promotable-clone-with-bundle",    /* a promotable clone with a
                                              promotable bundle at 100 */
    /* replicas that ran (containers, addresses, connections) */
    "coloc-ran-bundle-with-bundle",          /* a bundle with a running one */
    "coloc-ran-bundle-with-bundle-reverse",  /* the running one with it */
    "coloc-ran-with-bundle-located",         /* ... the other preferring node3 */
    "coloc-ran-clone-with-bundle",           /* a clone with a running bundle */
    "coloc-ran-inner-bundle-with-bundle",    /* a bundle with a resource inside
                                                with one whose connections ran */
    "coloc-ran-inner-with-clone",            /* the running one with a clone
                                                banned from a node it ran on */
    "order-ran-stopping-then-primitive",     /* target-role Stopped: what
                                                follows waits "due to
                                                unrunnable web running" */
    "order-ran-stopping-then-bundle",        /* ... a bundle follows */
    "order-ran-stopping-then-clone",         /* ... a clone, colocated too */
    "order-ran-inner-then-bundle",           /* connections that ran, then a
                                                bundle */
    "order-bundle-then-ran-inner",           /* ... the other way */
    "order-blocked-then-ran-inner",          /* a primitive that cannot run,
                                                then the running bundle */
    "coloc-ran-inner-with-one-replica",      /* with a bundle of one replica
                                                at INFINITY: the other
                                                container unplaced */
    "coloc-ran-inner-with-primitive",        /* ... with a primitive */
    "order-ran-inner-stopping-then-primitive", /* target-role Stopped, then a
                                                  primitive */
    "order-ran-inner-stopping-then-clone",   /* ... then a clone */
    "order-ran-inner-stopping-asymmetric",   /* ... then a bundle, not
                                                symmetrical */
    "coloc-clone-with-inner-against",        /* a clone against a bundle with a
                                              resource inside, at -100 */
    "coloc-bundle-with-bundle",              /* a bundle with a bundle at
                                              INFINITY: the primary printed
                                              once per container */
    "coloc-bundle-with-bundle-three",        /* ... three containers */
    "coloc-bundle-with-bundle-against",      /* at -INFINITY: each container
                                              avoids one replica only */
    "coloc-inner-bundle-with-promotable",    /* both with a resource inside */
    "coloc-bundle-with-bundle-beside-group", /* the primary placed while the
                                                dependent's containers are:
                                                each counts its own */
    /* the bundle placed before the primitive it is colocated with */
    "coloc-bundle-read-first-every-node", /* a replica per node, the bundle
                                              read first, orders too */
    "coloc-inner-with-primitive",         /* a resource inside, 100, a
                                              replica per node */
    "coloc-promotable-with-primitive",    /* promotable, 100 */
    "coloc-promotable-against-primitive", /* promotable, -100, the primitive
                                              read first */
    /* orders (bundle_colocation.c) */
    "order-bundle-then-clone",                    /* the bundle, then a clone */
    "order-clone-then-promotable",                /* a clone, then a promotable
                                                   bundle */
    "order-bundle-then-bundle-optional",          /* a bundle, then one with a
                                                   resource inside, optional */
    "order-bundle-then-inner-bundle",             /* the same, both with one,
                                                   mandatory */
    "order-promoted-clone-then-bundle",           /* a promotable clone's
                                                   promotion, then the bundle:
                                                   none promoted, blocked */
    "order-group-stops-then-bundle",              /* stops: the group's, then
                                                   the bundle's */
    "order-blocked-clone-then-bundle",            /* a clone that cannot start,
                                                   then the bundle: blocked */
    "order-blocked-bundle-then-promotable-clone", /* the reverse, a
                                                     promotable clone */
    "order-bundle-then-promotable-asymmetric",    /* symmetrical=false */
    "order-primitive-promote-then-bundle",        /* a primitive's "promote",
                                                   then the bundle */
    "order-inner-promote-then",                   /* "promote" of a bundle that
                                                   is not promotable, then a
                                                   primitive: blocked */
};

/* The clone around the resource inside is NAME-master, promotable, as
 * many promoted at most as the bundle's promoted-max says, one per guest
 * node; with no promotion score, every instance stays unpromoted. */
START_TEST(test_inner_clone_promotable)
{
    CsTestCase test;
    const CsModel *view;
    const CsResource *clone, *instance;

    cs_test_case_solve_ok(&test, "bundle", "promote-fresh");
    view = cs_solution_model(test.solution);
    ck_assert_ptr_null(cs_model_resource(view, "web-clone"));
    clone = cs_model_resource(view, "web-master");
    ck_assert_ptr_nonnull(clone);
    ck_assert(clone->promotable);
    ck_assert_int_eq(clone->promoted_max, 2);
    ck_assert_int_eq(clone->promoted_node_max, 1);
    instance = cs_model_resource(view, "app:2");
    ck_assert_ptr_nonnull(instance);
    ck_assert_int_eq(instance->parent, clone->index);
    ck_assert_int_eq(cs_solution_assigned_node(test.solution, instance->index),
                     cs_model_node(view, "web-2")->index);
    cs_test_case_clear(&test);
}
END_TEST

static const CsTestRefusal refused[] = {
    {"refused-promote-target-unpromoted", "target-role Unpromoted on a promotable bundle"},
    {"refused-promote-inner-unpromoted", "target-role Unpromoted on a promotable bundle"},
    /* a replica recorded promoted beside a remote node that is down */
    {"refused-promote-remote-down",
     "bundle web: a promotable bundle with a replica recorded promoted or demoted, "
     "beside a remote node offline and clean with a connection"},
    {"refused-coloc-clone-with-bundle", "colocations with bundles (c1)"},
    {"refused-coloc-clone-with-promoted", "colocations with bundles (c1)"},
    {"refused-coloc-both-ways", "colocations both ways between a bundle and one resource"},
};

/* A replica recorded promoted: a container that ran and replicas that
 * ran unpromoted do not count; a promote in the resource inside's
 * history does. */
START_TEST(test_was_promoted)
{
    CsTestCase ran, unpromoted, promoted;
    const CsResource *web;

    cs_test_case_solve_ok(&ran, "bundle", "promote-container-ran");
    cs_test_case_solve_ok(&unpromoted, "bundle", "promote-ran-unpromoted");
    cs_test_case_solve_ok(&promoted, "bundle", "promote-replica-promoted");
    web = cs_model_resource(ran.model, "web");
    ck_assert(!cs_bundle_was_promoted(ran.model, web, cs_model_resource(ran.model, "app")->index));
    web = cs_model_resource(unpromoted.model, "web");
    ck_assert(!cs_bundle_was_promoted(unpromoted.model, web,
                                      cs_model_resource(unpromoted.model, "app")->index));
    ck_assert_ptr_nonnull(promoted.model);
    web = cs_model_resource(promoted.model, "web");
    ck_assert(cs_bundle_was_promoted(promoted.model, web,
                                     cs_model_resource(promoted.model, "app")->index));
    cs_test_case_clear(&ran);
    cs_test_case_clear(&unpromoted);
    cs_test_case_clear(&promoted);
}
END_TEST

static Suite *bundle_promote_suite(void)
{
    Suite *suite = suite_create("bundle_promote");
    TCase *engine = tcase_create("engine");

    cs_test_add_oracle_table(engine, "bundle", answered, (int)G_N_ELEMENTS(answered));
    tcase_add_test(engine, test_inner_clone_promotable);
    cs_test_add_refusal_table(engine, "bundle", refused, (int)G_N_ELEMENTS(refused));
    tcase_add_test(engine, test_was_promoted);
    suite_add_tcase(suite, engine);
    return suite;
}

int main(void)
{
    return cs_test_run(bundle_promote_suite());
}
