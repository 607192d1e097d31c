/* check_engine.c: the placement engine against crm_simulate's answers.
 *
 * tests/data/engine/NAME.xml are small CIBs, one per constraint kind;
 * NAME.scores is what crm_simulate 2.1.5 -sSQ printed for them (sorted).
 * The provenance test solves every corpus CIB the engine answers and
 * checks that each printed score is the INFINITY-arithmetic sum of its
 * recorded contributions.
 */
#include <check.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cib/document.h"
#include "engine/engine.h"
#include "engine/engine_internal.h"
#include "model/model.h"
#include "testlib.h"

static CsTime fixed_now(void)
{
    CsTime now = {0};

    ck_assert(cs_time_parse("2023-01-01T00:00:00Z", &now, NULL));
    return now;
}

/* Solves path; NULL (with *unsupported set) if the engine declines it. */
static CsSolution *solve_file(const char *path, CsModel **model_out, CsDocument **document_out,
                              gboolean *unsupported)
{
    g_autoptr(GError) error = NULL;
    CsDocument *document = cs_document_load(path, &error);
    CsModel *model;
    CsSolution *solution;

    *unsupported = FALSE;
    ck_assert_msg(document != NULL, "%s: %s", path, error ? error->message : "?");
    model = cs_model_build(document, fixed_now(), &error);
    if (model == NULL) {
        *unsupported = g_error_matches(error, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED);
        cs_document_free(document);
        return NULL;
    }
    solution = cs_solve(model, &error);
    if (solution == NULL) {
        *unsupported = g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED);
        cs_model_free(model);
        cs_document_free(document);
        return NULL;
    }
    *model_out = model;
    *document_out = document;
    return solution;
}

static char *scores_of(const char *path)
{
    CsModel *model = NULL;
    CsDocument *document = NULL;
    gboolean unsupported;
    CsSolution *solution = solve_file(path, &model, &document, &unsupported);
    GString *out = g_string_new(NULL);

    ck_assert_msg(solution != NULL, "%s not solved", path);
    cs_solution_print_scores(solution, out);
    cs_solution_free(solution);
    cs_model_free(model);
    cs_document_free(document);
    return g_string_free(out, FALSE);
}

static const char *const unit_cases[] = {
    "colocation-standby",
    "tie-current-node",
    "target-role-stopped",
    "opt-in",
    "group",
    "colocation-chain",
    "fail-limit",
    /* unmanaged pins, multiple-active (stop_only, block) */
    "unmanaged",
    "multiple-active",
    /* placement-strategy utilization, balanced, minimal; group sums */
    "utilization-capacity",
    "utilization-balanced",
    "utilization-minimal",
    "utilization-group",
    /* colocations: stopped primary, group colocations by priority,
     * fillers with their container */
    "coloc-stopped-primary",
    "group-coloc-priority",
    "container-filler",
    /* status: shutdown locks, on-fail=ignore and migration-threshold */
    "shutdown-lock",
    "on-fail-ignore",
    /* ids with a newline and a tab, printed as crm_simulate escapes them */
    "escaped-ids",
    /* a fail count about to be cleared (parameters changed) does not ban */
    "fail-count-cleared",
    /* ... even when only private parameters changed (op-secure-digest
     * matches) */
    "fail-count-cleared-private",
    /* balanced ties resolved as GLib's merge sort does; a group's merge
     * counts its last member's dependents twice */
    "balanced-order",
    "group-merge-last-member",
    /* only one fail-count form counts, by the CIB's crm_feature_set */
    "failcount-form-current-legacy",
    "failcount-form-current-per-op",
    "failcount-form-old-legacy",
    "failcount-form-old-per-op",
    /* an active orphan (history of a resource no longer configured) is
     * never printed, stopped (balanced) or, unmanaged, counted where it
     * runs (minimal) */
    "orphan-balanced",
    "orphan-unmanaged-minimal",
    /* a globally-unique clone's history beyond clone-max, and the
     * instance 0 made for clone-max 0: neither printed */
    "orphan-unique-beyond-max",
    "orphan-unique-max-zero",
    /* a clone instance tried on its current node, which lacks capacity,
     * and rolled back: the capacity comes back, and both attempts' lines
     * are printed, each where its attempt was made */
    "clone-rollback-capacity",
    /* a boolean-op="or" location rule starts from the node's own weight:
     * -INFINITY offline or shutting down, else <node score> (and-rules
     * start from 0); found by tests/oracle-diff */
    "rule-or-node-weight",
    /* a rule's role="Unpromoted" or "Slave" applies to every role */
    "rule-role-unpromoted",
    /* an optional colocation with a promotable clone visits the
     * instances in promotion order: the stopped instance (promotion score
     * 0) before the unpromoted one (-1), its cost undone for leaving no
     * node; after a promoted one (101), its cost kept; found by
     * tests/oracle-diff */
    "promotable-coloc-stopped-instance",
    "promotable-coloc-promoted-first",
    /* an anonymous clone puts at most one instance on a node, whatever
     * its clone-node-max; found by tests/oracle-diff */
    "anonymous-node-max",
    /* an optional colocation with a clone visits the instances in the
     * order the clone's assignment sorted them: the stopped instance's
     * cost, applied last, is kept (first, it would be undone for leaving
     * no node); found by tests/oracle-diff */
    "clone-coloc-instance-order",
    /* a clone instance takes its clone's colocations in priority order
     * (the clone cln-3 before the primitive rsc, unless rsc has the
     * higher priority): the optional -100 with cln-3 applied first is
     * kept, applied after the -INFINITY with rsc it is undone for
     * leaving no node; found by tests/oracle-diff */
    "clone-inherit-coloc-order",
    "clone-inherit-coloc-priority",
    /* Pacemaker Remote: fencing devices and connections get -INFINITY on
     * remote nodes; the connections are assigned first (rem1 keeps n1,
     * so the fencing device listed before it goes to n2); a stopped or
     * moving connection for a remote node running d1 */
    "remote-connection-first",
    "remote-connection-stopped",
    "remote-connection-moves",
    /* an unseen remote node whose connection starts comes up, unfenced,
     * and takes d1; a remote node in standby gives d1 back */
    "remote-coming-online",
    "remote-standby",
    /* d1's history on rem1, whose connection was down, is not compared
     * with its definition (no restart for the changed digest) */
    "remote-online-definition",
    /* a remote node in maintenance keeps d1, unmanaged */
    "remote-maintenance",
    /* an unmanaged connection keeps its score on the remote node (no
     * internal constraint for unmanaged resources); its remote node is
     * in maintenance */
    "remote-unmanaged-connection",
    /* guest nodes (src/engine/guest.c): the connection follows its
     * container, which is placed first and avoids remote and guest nodes
     * (vm1 to n2, then g1 takes d1 and d2); a container moving restarts
     * what runs on its guest; a filler of the container runs on the guest
     * node, every other node -INFINITY */
    "guest-start",
    "guest-container-moves",
    "guest-filler-pinned",
    /* in an opt-in cluster a guest's connection starts allowed on every
     * node at the node's weight (n1's 7 also reaches vm1 through the
     * colocation); the explicit rem1, with no location, stays stopped */
    "guest-asymmetric",
    /* d3, allowed only on g1 whose container stops, is still assigned
     * there: of the nodes all unavailable or -INFINITY, g1 comes first
     * by name, and a guest node is accepted as coming up */
    "guest-down-start-blocked",
    /* vm1 and g1 ran on n1, which left unclean: g1 needs fencing too,
     * vm1 is recovered on n2 (src/model/status.c) */
    "guest-host-fenced",
    /* a failed container fences its guest (a pseudo action), recovers
     * what ran there, and restarts the connection */
    "guest-container-failed",
    /* a remote node whose connection ran on a lost node and cannot move
     * (banned elsewhere) is fenced when resources run there or its
     * history is empty, not when only probes are recorded; one never
     * seen is fenced when its connection does not start */
    "remote-fenced-unrecoverable",
    "remote-fenced-unknown-state",
    "remote-lost-nothing-active",
    "remote-fenced-unseen",
    /* a failed connection fences its remote node, which runs nothing
     * this transition (d1 moves to n3) while the connection recovers */
    "remote-connection-failed",
    /* a remote node down in the status with d1 active there, whose
     * connection cannot start, is fenced naming d1 */
    "remote-fenced-active-there",
    /* a fenced remote node's clone instance stops there (the clone is
     * full elsewhere) */
    "remote-fenced-clone-instance",
    /* remote and guest nodes known only from their connections have no
     * #uname and compare equal by it: d1 (with d2) takes 100 from the
     * guest g2 (#kind container) on rem1 too (gen_remote.py seed 110021,
     * shrunk) */
    "remote-unnamed-guest-and-remote",
    /* rem2, down, still matches rem1 by its missing #uname: d2 keeps 0
     * there, not -INFINITY (seed 35107, shrunk) */
    "remote-unnamed-primary-down",
    /* a <node> entry names rem1: rem2 alone has no #uname */
    "remote-unnamed-one-named",
    /* fencing enabled with no device: the connection still avoids its
     * remote node (-INFINITY); a resource-discovery=exclusive location on
     * a group member alone bans nothing (gen_remote.py seed 142325) */
    "remote-no-device-member-exclusive",
    /* the order crm_simulate prints in: the colocation's primary before
     * its dependent, a group's tables before its members' own, a clone's
     * and its instances' before theirs, then the promotion lines; nodes
     * node1, node2, Node3, node10 (digits as numbers, no case) */
    "print-order",
};

START_TEST(test_unit_case)
{
    const char *name = unit_cases[_i];
    g_autofree char *xml = g_strdup_printf("%s/engine/%s.xml", CS_TESTDATA, name);
    g_autofree char *expected_path = g_strdup_printf("%s/engine/%s.scores", CS_TESTDATA, name);
    g_autofree char *expected = NULL;
    g_autofree char *actual = scores_of(xml);

    ck_assert(g_file_get_contents(expected_path, &expected, NULL, NULL));
    ck_assert_str_eq(actual, expected);
}
END_TEST

START_TEST(test_group_assignment)
{
    g_autofree char *xml = g_strdup_printf("%s/engine/group.xml", CS_TESTDATA);
    CsModel *model = NULL;
    CsDocument *document = NULL;
    gboolean unsupported;
    CsSolution *solution = solve_file(xml, &model, &document, &unsupported);
    const CsResource *member = cs_model_resource(model, "gc");
    const CsNode *n2 = cs_model_node(model, "n2");

    ck_assert_ptr_nonnull(solution);
    /* gb and gc are active on n2 with stickiness 7: the group stays. */
    ck_assert_int_eq(cs_solution_assigned_node(solution, member->index), n2->index);
    ck_assert_int_eq(cs_solution_score(solution, member->index, n2->index), 7);
    cs_solution_free(solution);
    cs_model_free(model);
    cs_document_free(document);
}
END_TEST

/* Node the named resource is assigned to, by name ("" when stopped). */
static const char *assigned_name(const CsSolution *solution, const CsModel *model, const char *rsc)
{
    int node = cs_solution_assigned_node(solution, cs_model_resource(model, rsc)->index);

    return node < 0 ? "" : ((const CsNode *)g_ptr_array_index(model->nodes, node))->uname;
}

START_TEST(test_capacity_decides_node)
{
    g_autofree char *xml = g_strdup_printf("%s/engine/utilization-capacity.xml", CS_TESTDATA);
    CsModel *model = NULL;
    CsDocument *document = NULL;
    gboolean unsupported;
    CsSolution *solution = solve_file(xml, &model, &document, &unsupported);

    ck_assert_ptr_nonnull(solution);
    /* big prefers n1 (cpu 1) but needs cpu 2: n2 takes it, and then has
     * nothing left for small, which prefers n2. */
    ck_assert_str_eq(assigned_name(solution, model, "big"), "n2");
    ck_assert_str_eq(assigned_name(solution, model, "small"), "n1");
    ck_assert_str_eq(assigned_name(solution, model, "dep"), "n2");
    cs_solution_free(solution);
    cs_model_free(model);
    cs_document_free(document);
}
END_TEST

START_TEST(test_unmanaged_provenance)
{
    g_autofree char *xml = g_strdup_printf("%s/engine/unmanaged.xml", CS_TESTDATA);
    CsModel *model = NULL;
    CsDocument *document = NULL;
    gboolean unsupported;
    CsSolution *solution = solve_file(xml, &model, &document, &unsupported);
    const CsContribution *list;
    gboolean pinned = FALSE;
    int n;

    ck_assert_ptr_nonnull(solution);
    /* u2 runs on n2, a node in maintenance: unmanaged, pinned there. */
    list = cs_solution_contributions(solution, cs_model_resource(model, "u2")->index,
                                     cs_model_node(model, "n2")->index, &n);
    for (int i = 0; i < n; i++)
        pinned = pinned || (list[i].kind == CS_CONTRIB_UNMANAGED && list[i].value == CS_INFINITY);
    ck_assert(pinned);
    ck_assert_str_eq(assigned_name(solution, model, "u2"), "n2");
    /* d1 prefers u2's node, but a node in maintenance takes nothing new;
     * n1 already has u1 and u3. */
    ck_assert_str_eq(assigned_name(solution, model, "d1"), "n3");
    cs_solution_free(solution);
    cs_model_free(model);
    cs_document_free(document);
}
END_TEST

/* An active orphan is a resource of the solution's own model, not of
 * the document's: stopped when managed, else kept where it runs, where
 * it counts against the node (Pacemaker's process_orphan_resource()). */
START_TEST(test_orphan_assignment)
{
    static const struct {
        const char *name, *orphan_node, *rsc1_node;
    } cases[] = {
        {"orphan-balanced", "", "node2"},
        {"orphan-unmanaged-minimal", "node1", "node1"},
    };

    for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
        g_autofree char *xml = g_strdup_printf("%s/engine/%s.xml", CS_TESTDATA, cases[i].name);
        CsModel *model = NULL;
        CsDocument *document = NULL;
        gboolean unsupported;
        CsSolution *solution = solve_file(xml, &model, &document, &unsupported);
        const CsModel *view;

        ck_assert_ptr_nonnull(solution);
        view = cs_solution_model(solution);
        ck_assert_ptr_null(cs_model_resource(model, "old"));
        ck_assert_ptr_nonnull(cs_model_resource(view, "old"));
        ck_assert_str_eq(assigned_name(solution, view, "old"), cases[i].orphan_node);
        ck_assert_str_eq(assigned_name(solution, view, "rsc1"), cases[i].rsc1_node);
        cs_solution_free(solution);
        cs_model_free(model);
        cs_document_free(document);
    }
}
END_TEST

static void check_provenance(const CsSolution *solution, const char *path)
{
    const CsModel *model = cs_solution_model(solution);

    for (guint rsc = 0; rsc < model->resources->len; rsc++) {
        for (guint node = 0; node < model->nodes->len; node++) {
            const CsContribution *list;
            CsScore sum = 0;
            int n;

            if (!cs_solution_scored(solution, (int)rsc, (int)node))
                continue;
            list = cs_solution_contributions(solution, (int)rsc, (int)node, &n);
            for (int i = 0; i < n; i++)
                sum = cs_score_add(sum, list[i].value);
            ck_assert_msg(sum == cs_solution_score(solution, (int)rsc, (int)node),
                          "%s: provenance of rsc %u on node %u sums to %d, "
                          "score is %d",
                          path, rsc, node, sum, cs_solution_score(solution, (int)rsc, (int)node));
        }
    }
}

static CsScore sum_of(const CsContribution *list, int n)
{
    CsScore sum = 0;

    for (int i = 0; i < n; i++)
        sum = cs_score_add(sum, list[i].value);
    return sum;
}

/* Every "RSC promotion score on NODE: S" line printed for a resource is
 * the engine's promotion score of it, and that is the sum of its
 * recorded contributions; an instance's priority inside it is the sum of
 * its own. */
static int check_promotion_provenance(const CsSolution *solution, const char *path)
{
    const CsModel *model = cs_solution_model(solution);
    g_autoptr(GString) printed = g_string_new(NULL);
    g_auto(GStrv) lines = NULL;
    int checked = 0;

    cs_solution_print_scores(solution, printed);
    lines = g_strsplit(printed->str, "\n", -1);
    for (int i = 0; lines[i] != NULL; i++) {
        char *marker = strstr(lines[i], " promotion score on ");
        g_autofree char *id = NULL;
        const CsResource *rsc;
        const CsContribution *list;
        char buf[CS_SCORE_BUFSIZE];
        CsScore score;
        int node, n;

        if (marker == NULL)
            continue;
        id = g_strndup(lines[i], (gsize)(marker - lines[i]));
        rsc = cs_model_resource(model, id);
        if (rsc == NULL) /* an orphan Pacemaker alone made */
            continue;
        ck_assert_msg(cs_solution_promotion_score(solution, rsc->index, &node, &score),
                      "%s: %s has no promotion score", path, lines[i]);
        ck_assert_msg(g_str_has_suffix(lines[i], cs_score_format(score, buf)),
                      "%s: %s, engine says %s", path, lines[i], buf);
        list = cs_solution_promotion_contributions(solution, rsc->index, &n);
        ck_assert_msg(sum_of(list, n) == score, "%s: provenance of %s sums to %d", path, lines[i],
                      sum_of(list, n));
        for (int k = 0; k < n; k++) {
            const CsContribution *inner;
            int m;

            if (list[k].kind != CS_CONTRIB_PROMOTION || list[k].other_rsc < 0
                || list[k].value >= CS_INFINITY)
                continue;
            inner = cs_solution_promotion_priority(solution, list[k].other_rsc, &m);
            ck_assert_msg(sum_of(inner, m) == list[k].value,
                          "%s: %s: priority of rsc %d sums to %d, not %d", path, lines[i],
                          list[k].other_rsc, sum_of(inner, m), list[k].value);
        }
        checked++;
    }
    return checked;
}

START_TEST(test_corpus_provenance)
{
    const char *shared = getenv("SHARED_DIR");
    g_autofree char *dir = NULL;
    g_autoptr(GDir) listing = NULL;
    const char *name;
    int solved = 0, promotion_lines = 0;

    if (shared == NULL || *shared == '\0') {
        printf("check_engine: SHARED_DIR unset, corpus provenance skipped\n");
        return;
    }
    dir = g_build_filename(shared, "corpus", "pacemaker-2.1.5", "xml", NULL);
    listing = g_dir_open(dir, 0, NULL);
    if (listing == NULL) {
        printf("check_engine: no corpus under %s, skipped\n", dir);
        return;
    }
    while ((name = g_dir_read_name(listing)) != NULL) {
        g_autofree char *path = g_build_filename(dir, name, NULL);
        CsModel *model = NULL;
        CsDocument *document = NULL;
        gboolean unsupported;
        CsSolution *solution;
        g_autoptr(GError) error = NULL;
        CsDocument *probe = cs_document_load(path, &error);

        if (probe == NULL)
            continue;
        cs_document_free(probe);
        solution = solve_file(path, &model, &document, &unsupported);
        if (solution == NULL)
            continue;
        check_provenance(solution, path);
        promotion_lines += check_promotion_provenance(solution, path);
        solved++;
        cs_solution_free(solution);
        cs_model_free(model);
        cs_document_free(document);
    }
    ck_assert_int_gt(solved, 0);
    printf("check_engine: %d promotion score lines checked\n", promotion_lines);
    ck_assert_int_gt(promotion_lines, 0);
}
END_TEST

/* fs finished migrating to n2 (migrate_to and migrate_from done, n1 never
 * stopped) and now prefers n3: crm_simulate moves it (stop, start), as
 * the engine does (tests/data/transition/dangling-move), but with an
 * order naming fs the reasons it gives are not modelled: refused, naming
 * fs.  The same history staying on n2 is answered (tests/data/transition/
 * dangling-stay). */
START_TEST(test_dangling_migration_move_refused)
{
    g_autofree char *path = g_strdup_printf("%s/engine/dangling-move-ordered.xml", CS_TESTDATA);
    g_autoptr(GError) error = NULL;
    CsDocument *document = cs_document_load(path, &error);
    CsModel *model;
    CsSolution *solution;

    ck_assert_msg(document != NULL, "%s", path);
    model = cs_model_build(document, fixed_now(), &error);
    ck_assert_msg(model != NULL, "%s", path);
    solution = cs_solve(model, &error);
    ck_assert(solution == NULL);
    ck_assert(g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED));
    ck_assert_msg(strstr(error->message, "fs: moving") != NULL, "%s", error->message);
    cs_model_free(model);
    cs_document_free(document);
}
END_TEST

/* vm stopped on node1 after its migrate_to to node2 failed, so it is
 * still active on node2, and now prefers node1.  With allow-migrate it
 * migrates back (tests/fuzz/cases/oracle-stopped-migration-away); without
 * it crm_simulate 2.1.5 stops on an assertion before it has printed the
 * transition: refused, naming vm.  The same CIB where vm stays on node2
 * (stickiness above its preference) is answered. */
static CsSolution *solve_variant(const char *path, int stickiness, CsModel **model_out,
                                 CsDocument **document_out, GError **error)
{
    g_autofree char *text = NULL;
    g_autofree char *sticky = g_strdup_printf("name=\"resource-stickiness\" value=\"%d\"", stickiness);
    g_auto(GStrv) pieces = NULL;
    g_autofree char *xml = NULL;

    ck_assert(g_file_get_contents(path, &text, NULL, NULL));
    pieces = g_strsplit(text, "name=\"resource-stickiness\" value=\"0\"", -1);
    ck_assert_int_eq(g_strv_length(pieces), 2);
    xml = g_strjoinv(sticky, pieces);
    *document_out = cs_document_load_memory(xml, strlen(xml), path, error);
    ck_assert_msg(*document_out != NULL, "%s", path);
    *model_out = cs_model_build(*document_out, fixed_now(), error);
    ck_assert_msg(*model_out != NULL, "%s", path);
    return cs_solve(*model_out, error);
}

START_TEST(test_stopped_migration_move_refused)
{
    g_autofree char *path = g_strdup_printf("%s/engine/stopped-migration-move-no-migrate.xml", CS_TESTDATA);
    g_autoptr(GError) error = NULL;
    CsDocument *document;
    CsModel *model;
    CsSolution *solution = solve_variant(path, 0, &model, &document, &error);

    ck_assert(solution == NULL);
    ck_assert(g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED));
    ck_assert_msg(strstr(error->message, "vm: a failed migration") != NULL, "%s", error->message);
    cs_model_free(model);
    cs_document_free(document);
    g_clear_error(&error);
    solution = solve_variant(path, 20, &model, &document, &error);
    ck_assert_msg(solution != NULL, "%s", error != NULL ? error->message : "");
    cs_solution_free(solution);
    cs_model_free(model);
    cs_document_free(document);
}
END_TEST

/* A CIB of n_nodes nodes and n_rsc Dummy primitives, with a promotable
 * clone when asked: enough score lines to be streamed in pieces. */
static char *many_resources_cib(int n_nodes, int n_rsc, gboolean promotable)
{
    GString *xml = g_string_new("<cib crm_feature_set=\"3.16.1\" validate-with=\"pacemaker-3.9\""
                                " epoch=\"1\" num_updates=\"0\" admin_epoch=\"0\">"
                                "<configuration><crm_config/><nodes>");

    for (int i = 0; i < n_nodes; i++)
        g_string_append_printf(xml, "<node id=\"%d\" uname=\"node%02d\"/>", i + 1, i);
    g_string_append(xml, "</nodes><resources>");
    for (int i = 0; i < n_rsc; i++)
        g_string_append_printf(xml,
                               "<primitive id=\"rsc%03d\" class=\"ocf\""
                               " provider=\"pacemaker\" type=\"Dummy\"/>",
                               i);
    if (promotable)
        g_string_append(xml, "<clone id=\"ms\"><meta_attributes id=\"ms-meta\">"
                             "<nvpair id=\"ms-p\" name=\"promotable\" value=\"true\"/>"
                             "</meta_attributes><primitive id=\"st\" class=\"ocf\""
                             " provider=\"pacemaker\" type=\"Stateful\"/></clone>");
    g_string_append(xml, "</resources><constraints/></configuration><status/></cib>");
    return g_string_free(xml, FALSE);
}

typedef struct Flushed {
    GString *text;
    int calls;
} Flushed;

static void collect_flush(GString *out, gpointer data)
{
    Flushed *flushed = data;

    g_string_append_len(flushed->text, out->str, (gssize)out->len);
    flushed->calls++;
}

/* Streamed scores are the printed ones, in pieces: promotion lines are
 * printed where crm_simulate prints them, so they never hold back a
 * flush. */
static void check_streamed(gboolean promotable)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *xml = many_resources_cib(16, 400, promotable);
    CsDocument *document = cs_document_load_memory(xml, strlen(xml), "many", &error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "?");
    CsModel *model = cs_model_build(document, fixed_now(), &error);
    ck_assert_msg(model != NULL, "%s", error ? error->message : "?");
    CsSolution *solution = cs_solve(model, &error);
    ck_assert_msg(solution != NULL, "%s", error ? error->message : "?");
    g_autoptr(GString) printed = g_string_new("head\n");
    g_autoptr(GString) rest = g_string_new("head\n");
    Flushed flushed = {g_string_new(NULL), 0};

    cs_solution_print_scores(solution, printed);
    cs_solution_stream_scores(solution, rest, collect_flush, &flushed);
    g_string_append_len(flushed.text, rest->str, (gssize)rest->len);
    ck_assert_uint_gt(printed->len, 256 * 1024);
    ck_assert_str_eq(flushed.text->str, printed->str);
    ck_assert_int_ge(flushed.calls, 1);
    if (promotable)
        ck_assert_ptr_nonnull(strstr(printed->str, "promotion score on"));
    g_string_free(flushed.text, TRUE);
    cs_solution_free(solution);
    cs_model_free(model);
    cs_document_free(document);
}

START_TEST(test_stream_scores)
{
    check_streamed(FALSE);
    check_streamed(TRUE);
}
END_TEST

/* ---- score tables (table.c) ------------------------------------------ */

static void add(CsTable *table, int node, CsScore value)
{
    cs_table_add(table, node,
                 &(CsContribution){
                     .kind = CS_CONTRIB_LOCATION, .source = "t", .other_rsc = -1, .value = value});
}

/* The contributions of node, as values, "v1,v2,..." */
static char *values(const CsTable *table, int node)
{
    GString *out = g_string_new(NULL);
    int n = 0;
    const CsContribution *list = cs_table_contributions(table, node, &n);

    for (int i = 0; i < n; i++)
        g_string_append_printf(out, "%s%d", i > 0 ? "," : "", list[i].value);
    return g_string_free(out, FALSE);
}

/* A table whose nodes' contributions each form one run stays compact
 * (readable as is); one that interleaves them does not, and its copy
 * puts them back in order. */
START_TEST(test_table_compact_and_copy)
{
    CsArena *arena = cs_arena_new();
    CsArena *outer = cs_arena_use(arena);
    CsTable *runs = cs_table_new(3, TRUE);
    CsTable *mixed = cs_table_new(3, TRUE);

    add(runs, 2, 5);
    add(runs, 2, 7);
    add(runs, 0, -CS_INFINITY);
    ck_assert(runs->compact);
    g_autofree char *runs2 = values(runs, 2);
    ck_assert_str_eq(runs2, "5,7");
    ck_assert_int_eq(runs->score[2], 12);
    ck_assert_int_eq(runs->score[0], -CS_INFINITY);
    ck_assert(!runs->allowed[1]);
    add(mixed, 1, 1);
    add(mixed, 0, 2);
    add(mixed, 1, 3);
    ck_assert(!mixed->compact);
    CsTable *copy = cs_table_copy(mixed);
    ck_assert(copy->compact);
    g_autofree char *copy1 = values(copy, 1);
    g_autofree char *copy0 = values(copy, 0);
    ck_assert_str_eq(copy1, "1,3");
    ck_assert_str_eq(copy0, "2");
    ck_assert_int_eq(copy->score[1], 4);
    cs_arena_use(outer);
    cs_arena_free(arena);
}
END_TEST

/* A printed snapshot shares its table until the table changes; then it
 * keeps what was printed.  A scattered table, or one frozen before, is
 * copied instead. */
START_TEST(test_table_freeze)
{
    CsArena *arena = cs_arena_new();
    CsArena *outer = cs_arena_use(arena);
    CsTable *table = cs_table_new(2, TRUE);

    add(table, 0, 10);
    CsTable *printed = cs_table_freeze(table);
    ck_assert_ptr_eq(printed, table);
    ck_assert_ptr_eq(cs_table_snapshot(printed), table);
    add(table, 0, 5);
    add(table, 1, -3);
    const CsTable *kept = cs_table_snapshot(printed);
    ck_assert_ptr_ne(kept, table);
    ck_assert_int_eq(kept->score[0], 10);
    ck_assert(!kept->allowed[1]);
    g_autofree char *kept0 = values(kept, 0);
    ck_assert_str_eq(kept0, "10");
    ck_assert_int_eq(table->score[0], 15);
    ck_assert_int_eq(table->score[1], -3);
    /* Frozen already: the second snapshot is a copy of the table now. */
    CsTable *again = cs_table_freeze(table);
    ck_assert_ptr_ne(again, table);
    ck_assert_int_eq(cs_table_snapshot(again)->score[0], 15);
    CsTable *mixed = cs_table_new(2, TRUE);
    add(mixed, 0, 1);
    add(mixed, 1, 1);
    add(mixed, 0, 1);
    ck_assert_ptr_ne(cs_table_freeze(mixed), mixed);
    cs_arena_use(outer);
    cs_arena_free(arena);
}
END_TEST

static Suite *engine_suite(void)
{
    Suite *suite = suite_create("engine");
    TCase *unit = tcase_create("unit");
    TCase *corpus = tcase_create("corpus");

    tcase_add_loop_test(unit, test_unit_case, 0, G_N_ELEMENTS(unit_cases));
    tcase_add_test(unit, test_group_assignment);
    tcase_add_test(unit, test_capacity_decides_node);
    tcase_add_test(unit, test_unmanaged_provenance);
    tcase_add_test(unit, test_orphan_assignment);
    tcase_add_test(unit, test_dangling_migration_move_refused);
    tcase_add_test(unit, test_stopped_migration_move_refused);
    tcase_add_test(unit, test_stream_scores);
    tcase_add_test(unit, test_table_compact_and_copy);
    tcase_add_test(unit, test_table_freeze);
    suite_add_tcase(suite, unit);
    tcase_set_timeout(corpus, 120);
    tcase_add_test(corpus, test_corpus_provenance);
    suite_add_tcase(suite, corpus);
    return suite;
}

int main(void)
{
    return cs_test_run(engine_suite());
}
