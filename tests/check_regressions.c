/* check_regressions.c: hostile input through the whole pipeline.
 *
 *   regressions  every file under tests/fuzz/regressions (inputs a fuzzer
 *                once crashed on, and hand-made hostile documents) goes
 *                load -> model -> solve -> explain -> print and must end in
 *                success or a refusal with a message, never a crash or hang;
 *   cycles       colocation and ordering cycles (A with B with A; A then B
 *                then A) terminate, with the scores crm_simulate gives;
 *                so do the oracle-* cases, causes tests/oracle-diff found;
 *   limits       ids, nodes, resources and constraints past the limits of
 *                model/limits.h are refused with a message naming them;
 *   names        ids with quotes, spaces, shell syntax, unicode, C1
 *                terminal controls and thousands of characters are solved
 *                and round-trip through save byte for byte.
 * Expected values in tests/fuzz/cases were made by
 * ../shared/oracle/crm-simulate-adapter (crm_simulate 2.1.5).
 */
#include <check.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "cib/document.h"
#include "cib/schema.h"
#include "model/model.h"
#include "model/limits.h"
#include "engine/engine.h"
#include "tests/fuzz/pipeline.h"
#include "testlib.h"

#define CASES_DIR CS_REGRESSIONS "/../cases"

#define CS_TEST_NOW ((gint64)1399422480) /* 2014-05-07 00:28:00Z */

/* ---- helpers ----------------------------------------------------------- */

/* g_ptr_array_sort passes pointers to the elements. */
static gint compare_strings(gconstpointer left, gconstpointer right)
{
    return g_strcmp0(*(const char *const *)left, *(const char *const *)right);
}

static GPtrArray *list_files(const char *dir, const char *suffix)
{
    GPtrArray *files = g_ptr_array_new_with_free_func(g_free);
    g_autoptr(GDir) handle = g_dir_open(dir, 0, NULL);
    const char *name;

    while (handle != NULL && (name = g_dir_read_name(handle)) != NULL) {
        if (name[0] != '.' && (suffix == NULL || g_str_has_suffix(name, suffix)))
            g_ptr_array_add(files, g_build_filename(dir, name, NULL));
    }
    g_ptr_array_sort(files, compare_strings);
    return files;
}

static GBytes *read_file(const char *path)
{
    char *contents = NULL;
    gsize length = 0;
    g_autoptr(GError) error = NULL;

    if (!g_file_get_contents(path, &contents, &length, &error))
        ck_abort_msg("cannot read %s: %s", path, error->message);
    return g_bytes_new_take(contents, length);
}

static void run_file(const char *path, CsPipelineRun *run)
{
    g_autoptr(GBytes) bytes = read_file(path);
    gsize size = 0;
    const char *data = g_bytes_get_data(bytes, &size);

    cs_pipeline_run(data != NULL ? data : "", size, run);
}

/* Lines of text, blank ones dropped, sorted: score files are compared as
 * the conformance runner compares them. */
static char *sorted_lines(const char *text)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    g_autoptr(GPtrArray) kept = g_ptr_array_new();

    for (char **line = lines; *line != NULL; line++)
        if (**line != '\0')
            g_ptr_array_add(kept, *line);
    g_ptr_array_sort(kept, compare_strings);
    g_ptr_array_add(kept, NULL);
    return g_strjoinv("\n", (char **)kept->pdata);
}

/* The " * Start a ( node )" lines of a Transition Summary, with runs of
 * spaces squeezed (crm_simulate pads its columns, cibscope need not). */
static char *summary_actions(const char *text)
{
    const char *start = strstr(text, "Transition Summary:");
    GString *out = g_string_new(NULL);

    if (start == NULL)
        return g_string_free(out, FALSE);
    g_auto(GStrv) lines = g_strsplit(start, "\n", -1);
    for (char **line = lines + 1; *line != NULL && **line != '\0'; line++) {
        gboolean space = FALSE;
        for (const char *c = *line; *c != '\0'; c++) {
            if (*c == ' ' && space)
                continue;
            space = *c == ' ';
            g_string_append_c(out, *c);
        }
        g_string_append_c(out, '\n');
    }
    return g_string_free(out, FALSE);
}

static CsModel *build_model(const CsDocument *document, GError **error)
{
    CsTime now = {CS_TEST_NOW, 0};
    return cs_model_build(document, now, error);
}

/* ---- regressions ------------------------------------------------------- */

static GPtrArray *regression_files;

START_TEST(test_regression_input)
{
    const char *path = g_ptr_array_index(regression_files, _i);
    CsPipelineRun run;

    run_file(path, &run);
    if (run.result == CS_PIPELINE_REFUSED) {
        ck_assert_msg(run.message != NULL && run.message[0] != '\0',
                      "%s: refused at %s without a message", path, run.stage);
        ck_assert_msg(strcmp(run.message, "(no message)") != 0,
                      "%s: refused at %s without a message", path, run.stage);
    } else {
        ck_assert_int_eq(run.result, CS_PIPELINE_SOLVED);
        ck_assert_str_eq(run.stage, "print");
        ck_assert_msg(run.output->len > 0, "%s: solved but printed nothing", path);
        ck_assert_msg(run.provenance_mismatches == 0,
                      "%s: %u scores differ from the sum of their contributions", path,
                      run.provenance_mismatches);
    }
    cs_pipeline_run_clear(&run);
}
END_TEST

/* The regressions directory is never empty: it holds hand-made hostile
 * documents besides what the fuzzers found. */
START_TEST(test_regressions_present)
{
    ck_assert_uint_ge(regression_files->len, 5);
}
END_TEST

/* What each hand-made hostile document must come to. */
static const struct {
    const char *name;
    const char *stage;   /* where it stops: "load", "model" or "print" */
    const char *message; /* part of the refusal's message, or NULL */
    /* without Pacemaker's schema files (cib/schema.h), when it differs */
    const char *plain_stage, *plain_message;
} hostile_outcomes[] = {
    {"hand-deep-nesting.xml", "load", "nested more than 256 levels", NULL, NULL},
    {"hand-entity-expansion.xml", "load", NULL, NULL, NULL},
    {"hand-empty.xml", "load", "empty document", NULL, NULL},
    {"hand-garbage.bin", "load", "not an XML document", NULL, NULL},
    {"hand-truncated.xml.gz", "load", "truncated gzip", NULL, NULL},
    {"hand-not-cib.xml.bz2", "load", "not <cib>", NULL, NULL},
    {"hand-nul-bytes.xml", "load", NULL, NULL, NULL},
    {"hand-utf16.xml", "print", NULL, NULL, NULL},
    {"hand-idref-loops.xml", "print", NULL, NULL, NULL},
    {"hand-huge-numbers.xml", "print", NULL, NULL, NULL},
    {"hand-long-cycles.xml", "print", NULL, NULL, NULL},
    {"hand-dense-sets.xml", "print", NULL, NULL, NULL},
    {"hand-bad-structure.xml", "print", NULL, NULL, NULL},
    /* crm_simulate refuses it: an IDREF naming no element fails the
     * schema (cib/schema.c, at load) */
    {"hand-unknown-reference.xml", "load",
     "<rule>: not valid for the schema pacemaker-3.7 names (crm_simulate refuses it):"
     " IDREF attribute id-ref references an unknown ID \"nosuch\"",
     "model", "id-ref=\"nosuch\" names no element"},
    {"hand-unknown-set-member.xml", "load",
     "<resource_ref id=\"ghost\">: not valid for the schema pacemaker-3.7 names"
     " (crm_simulate refuses it): IDREF attribute id references an unknown ID \"ghost\"",
     "model", "<resource_ref> id=\"ghost\" names no element"},
    {"hand-huge-clone.xml", "model", "resources and clone instances: more than", NULL, NULL},
};

START_TEST(test_hostile_outcome)
{
    g_autofree char *path =
        g_build_filename(CS_REGRESSIONS, "pipeline", hostile_outcomes[_i].name, NULL);
    CsPipelineRun run;
    const char *stage = hostile_outcomes[_i].stage;
    const char *message = hostile_outcomes[_i].message;

    if (hostile_outcomes[_i].plain_stage != NULL && !cs_schema_files_installed()) {
        stage = hostile_outcomes[_i].plain_stage;
        message = hostile_outcomes[_i].plain_message;
    }
    run_file(path, &run);
    ck_assert_msg(g_strcmp0(run.stage, stage) == 0, "%s stopped at %s (%s), not at %s",
                  hostile_outcomes[_i].name, run.stage, run.message ? run.message : "solved",
                  stage);
    if (message != NULL)
        ck_assert_msg(strstr(run.message, message) != NULL, "%s: '%s' lacks '%s'",
                      hostile_outcomes[_i].name, run.message, message);
    cs_pipeline_run_clear(&run);
}
END_TEST

/* ---- cycles ------------------------------------------------------------ */

/* Fails with the first line where got and want part, not the whole
 * texts: check's messages have a size limit that a long score list
 * passes, and then a failure reads "Message string too long". */
static void assert_same_lines(const char *path, const char *what, const char *got,
                              const char *want)
{
    g_auto(GStrv) got_lines = g_strsplit(got, "\n", -1);
    g_auto(GStrv) want_lines = g_strsplit(want, "\n", -1);
    guint i = 0;

    while (got_lines[i] != NULL && want_lines[i] != NULL
           && strcmp(got_lines[i], want_lines[i]) == 0)
        i++;
    ck_assert_msg(got_lines[i] == NULL && want_lines[i] == NULL,
                  "%s: %s differ at line %u: got '%.200s', want '%.200s'", path, what, i + 1,
                  got_lines[i] != NULL ? got_lines[i] : "(end)",
                  want_lines[i] != NULL ? want_lines[i] : "(end)");
}

static GPtrArray *cycle_files;

START_TEST(test_cycle_terminates)
{
    const char *path = g_ptr_array_index(cycle_files, _i);
    g_autofree char *stem = g_strndup(path, strlen(path) - strlen(".xml"));
    g_autofree char *scores_path = g_strconcat(stem, ".scores", NULL);
    g_autofree char *summary_path = g_strconcat(stem, ".summary", NULL);
    g_autoptr(GBytes) scores = read_file(scores_path);
    g_autoptr(GBytes) summary = read_file(summary_path);
    g_autoptr(CsDocument) document = NULL;
    g_autoptr(CsModel) model = NULL;
    g_autoptr(CsSolution) solution = NULL;
    g_autoptr(GError) error = NULL;

    document = cs_document_load(path, &error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "");
    model = build_model(document, &error);
    ck_assert_msg(model != NULL, "%s", error ? error->message : "");
    /* The test's timeout is the assertion that solve terminates. */
    solution = cs_solve(model, &error);
    ck_assert_msg(solution != NULL, "%s", error ? error->message : "");

    g_autoptr(GString) out = g_string_new(NULL);
    cs_solution_print_scores(solution, out);
    g_autofree char *got_scores = sorted_lines(out->str);
    g_autofree char *want_scores = sorted_lines(g_bytes_get_data(scores, NULL));
    assert_same_lines(path, "scores", got_scores, want_scores);

    g_string_truncate(out, 0);
    cs_solution_print_transition(solution, out);
    g_autofree char *got_actions = summary_actions(out->str);
    g_autofree char *want_actions = summary_actions(g_bytes_get_data(summary, NULL));
    assert_same_lines(path, "actions", got_actions, want_actions);
}
END_TEST

/* A with B with A: the pair is placed together, on the node the pair
 * prefers (crm_simulate: both on node2, where b's 100 outweighs a's 50). */
START_TEST(test_colocation_pair_together)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document =
        cs_document_load(CASES_DIR "/cycle-colocation-pair.xml", &error);
    ck_assert_ptr_nonnull(document);
    g_autoptr(CsModel) model = build_model(document, &error);
    ck_assert_ptr_nonnull(model);
    g_autoptr(CsSolution) solution = cs_solve(model, &error);
    ck_assert_ptr_nonnull(solution);

    int a = cs_model_resource(model, "a")->index;
    int b = cs_model_resource(model, "b")->index;
    int node2 = cs_model_node(model, "node2")->index;
    ck_assert_int_eq(cs_solution_assigned_node(solution, a), node2);
    ck_assert_int_eq(cs_solution_assigned_node(solution, b), node2);
}
END_TEST

/* A CIB with no nodes: a location rule has nowhere to score, nothing is
 * placed (crm_simulate 2.1.5 prints no score and no action for
 * crash-no-nodes-location-rule.xml, a fuzz finding: memset on NULL). */
START_TEST(test_no_nodes)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document =
        cs_document_load(CS_REGRESSIONS "/pipeline/crash-no-nodes-location-rule.xml", &error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "");
    g_autoptr(CsModel) model = build_model(document, &error);
    ck_assert_msg(model != NULL, "%s", error ? error->message : "");
    ck_assert_uint_eq(model->nodes->len, 0);
    g_autoptr(CsSolution) solution = cs_solve(model, &error);
    ck_assert_msg(solution != NULL, "%s", error ? error->message : "");

    int web = cs_model_resource(model, "web")->index;
    ck_assert_int_lt(cs_solution_assigned_node(solution, web), 0);
    g_autoptr(GString) out = g_string_new(NULL);
    cs_solution_print_scores(solution, out);
    g_autofree char *scores = sorted_lines(out->str);
    ck_assert_str_eq(scores, "");
    g_string_truncate(out, 0);
    cs_solution_print_transition(solution, out);
    g_autofree char *actions = summary_actions(out->str);
    ck_assert_str_eq(actions, "");
}
END_TEST

/* Constructs tests/oracle-diff found answered wrongly and now refused:
 * each is refused as unsupported (exit status 3), naming the construct. */
static const struct {
    const char *file;
    const char *message;
} oracle_refusals[] = {
    /* crm_simulate leaves the promotable instance whose start failed long
     * ago (failure-timeout=10m) in an unknown role on node1, numbered, and
     * promotes another instance there (oracle-diff gen.py seed 1550124) */
    /* crm_simulate unfences node1 for the probe of cln-p after its
     * expired failed start (oracle-diff gen.py seed 1555170) */
    {"refuse-unfence-expired-failure-probe.xml",
     "cln-p: unfencing decided by the probe after a failure failure-timeout "
     "expired is not modelled yet"},
    /* crm_simulate does not expand template T listed in tag G (oracle-diff
     * gen.py seed 1554220: B takes the location, A does not) */
    {"refuse-tag-lists-template.xml",
     "constraint L: tag G listing template T is not modelled yet"},
    /* crm_simulate orders the orphan cln-p, which cannot start, before cgr
     * (oracle-diff gen.py seed 1555263) */
    {"refuse-template-order-unique-orphan.xml",
     "order ord-tmpl-dummy: template tmpl-dummy, a resource of a globally-unique clone "
     "made from it having a history under its bare id (an orphan), is not modelled yet"},
    /* crm_simulate leaves the members of a promotable cloned group's
     * instance that has no instance of the primary on its node -INFINITY
     * everywhere, yet neither starts nor stops them, under an interleaved
     * mandatory colocation limited to a role (session 30, small CIBs) */
    {"refuse-role-coloc-cloned-group-interleaved.xml",
     "colocation col: this colocation limited to a role is not modelled yet"},
    {"refuse-expired-promotable-failure.xml",
     "cgr-g-m: a promotable clone instance whose last operation is a failure "
     "failure-timeout expired is not modelled yet"},
    /* crm_simulate fences node2, the target of rsc's partial migrate_to,
     * for the lost ticket as well as node1 (oracle-diff seed 1210734) */
    {"refuse-ticket-fence-partial-migration-target.xml",
     "ticket constraint set: loss-policy=fence beside rsc, active on a migration's "
     "other node too, is not modelled yet"},
    /* crm_simulate scores d1 INFINITY on web-1, the node of an orphaned
     * connection that never ran, through a location naming it; the model
     * had dropped that location (gen_bundle.py seed 1173309) */
    {"refuse-orphan-connection-location-names-node.xml",
     "orphaned Pacemaker Remote connection web-1 (its node comes back from the status "
     "section) is not modelled yet: a score would list its node"},
    /* crm_simulate recovers web:0 (node1 -> node2): its failed monitor
     * is recorded as web_monitor_10000, so the default on-fail applies,
     * not the configured on-fail=block; cibscope kept it blocked */
    {"refuse-unique-block-foreign-key.xml",
     "web:0: a failure recorded under another resource's operation key is not modelled yet"},
    /* the same with on-fail=stop on an unclean node: crm_simulate
     * leaves web:0 unbanned (51 on node1); the on-fail=stop ban the
     * engine gives a unique instance would ban it everywhere */
    {"refuse-unique-stop-foreign-key-unclean.xml",
     "web:0: a failure recorded under another resource's operation key is not modelled yet"},
    /* crm_simulate fences rem2 "stop is unrunnable": d1 failed there, the
     * node in maintenance, its connection down (gen_remote.py seed
     * 1171505); cibscope fenced nothing */
    {"refuse-remote-maintenance-failed-connection-down.xml",
     "Pacemaker Remote node rem2: a failed resource there, in maintenance, while its "
     "connection is down is not modelled yet"},
    /* no quorum, no-quorum-policy=freeze: rem2's connection failed its
     * monitor; crm_simulate does not fence rem2, cibscope fenced it
     * "remote connection is unrecoverable" (gen_remote.py seed 1313041) */
    {"refuse-remote-quorum-fencing.xml",
     "Pacemaker Remote node rem2: fencing it in a cluster without quorum is not modelled yet"},
    /* no quorum: rem2's connection runs on the lost n3; crm_simulate stops
     * d3 there "due to unrunnable rem2 start", cibscope said "due to no
     * quorum" (gen_remote.py seed 1313081) */
    {"refuse-remote-quorum-connection-host-lost.xml",
     "Pacemaker Remote node rem2: its connection's host lost in a cluster without quorum "
     "is not modelled yet"},
    /* no quorum: rem2's connection failed to start, d2 active there;
     * crm_simulate fences rem2 "stop is unrunnable", cibscope fenced
     * nothing (gen_remote.py seed 1313147) */
    {"refuse-remote-quorum-failed-connection-active.xml",
     "Pacemaker Remote node rem2: fencing it in a cluster without quorum is not modelled yet"},
    /* no quorum: rem9 has no connection, d2 active there; crm_simulate
     * fences nothing, cibscope fenced rem9 "d2 is thought to be active
     * there" (gen_remote.py seed 1313616) */
    /* no quorum: c:3 active on rem2, whose connection is down and cannot
     * start; crm_simulate blocks its stop, cibscope stopped it
     * (gen_remote.py seed 1313814) */
    {"refuse-remote-quorum-connection-down-active.xml",
     "Pacemaker Remote node rem2: resources active there while its connection is down, in a "
     "cluster without quorum is not modelled yet"},
    {"refuse-remote-quorum-entry-without-connection.xml",
     "Pacemaker Remote node rem9: an entry without its connection, resources active there, "
     "in a cluster without quorum is not modelled yet"},
    /* crm_simulate fences nothing for the lost ticketA here (no quorum,
     * no-quorum-policy=suicide falling back to stop); cibscope fenced */
    {"refuse-ticket-fence-without-quorum.xml",
     "ticket constraint tkt-rsc: loss-policy=fence in a cluster without quorum "
     "is not modelled yet"},
    /* a template a cloned resource is made from, in a colocation set:
     * crm_simulate drops the whole colocation (template-rsc-sets-1 with
     * rsc2 cloned), beyond the template's members */
    {"refuse-template-clone-colocation-set.xml",
     "constraint CL: a resource set naming a template that a resource inside "
     "a clone is made from is not modelled yet"},
    /* crm_simulate restarts cln-p:0 after the required stop of rsc's
     * dangling migration source (order from rsc's stop); cibscope did not */
    {"refuse-dangling-migration-stop-order.xml",
     "rsc: order ord-rsc-cln on the stop of a resource whose last migration "
     "left its source unstopped (a dangling migration) is not modelled yet"},
    /* crm_simulate leaves rsc, failed by its migrate_to, on its source
     * without quorum; cibscope stopped it */
    {"refuse-failed-migrate-to-without-quorum.xml",
     "rsc: a failed migrate_to in a cluster without quorum is not modelled yet"},
    /* a colocation set naming both grp and its members: crm_simulate's
     * instance scores differ by a point from cibscope's (seed 620389) */
    {"refuse-colocation-set-group-member.xml",
     "colocation col-set: resource sets naming both the group grp and its member grp-m-2 "
     "are not modelled yet"},
    /* node1 (cpu 8) ties node3 (cpu 4, mem 1000) on capacity and wins by
     * name, node3 beats node4 (mem 1000), node4 beats node1 as rsc's
     * current node: crm_simulate keeps rsc on node4, cibscope moved it to
     * node3 (oracle-diff seed 802103) */
    {"refuse-balanced-capacity-circle.xml",
     "rsc: under placement-strategy=balanced, equally scored nodes whose capacities "
     "compare in a circle (which one Pacemaker picks depends on its hash-table order) "
     "are not modelled yet"},
    /* d's history on n3 (lost, in maintenance, requires=quorum) is an
     * orphan instance, unmanaged: crm_simulate still starts d:1 on n2,
     * cibscope counted the orphan against clone-max (the edit test,
     * maintenance on clone-requires-quorum-recovery) */
    {"refuse-orphan-instance-maintenance.xml",
     "d: an orphaned clone instance left unmanaged (maintenance, is-managed=false) on a lost "
     "node is not modelled yet"},
    /* rsc1 leaves remote1 while remote1's connection stops: crm_simulate
     * moves it "due to unrunnable remote1 stop", cibscope migrated it
     * (the edit test, target-role=Stopped on migration-behind-migrating-
     * remote) */
    {"refuse-remote-migrate-away-connection-stops.xml",
     "Pacemaker Remote node remote1: a resource that may migrate moving away while its "
     "connection stops is not modelled yet"},
    /* remote1's connection inside a group: crm_simulate links no node to
     * it (remote1 offline, web stopped; remote1 scores 0 on itself, then
     * an assertion), cibscope linked it (the edit test, a group or clone
     * of a connection on remote-recovery) */
    {"refuse-remote-connection-in-group.xml",
     "remote1: a Pacemaker Remote connection inside a group is not modelled yet"},
    /* remote1's connection, no longer configured, only probed on node1:
     * crm_simulate brings remote1 back and fences it for web, cibscope
     * started web on node1 (the edit test, resource remove of a
     * connection on remote-recover) */
    {"refuse-orphan-connection-probed-only.xml",
     "orphaned Pacemaker Remote connection remote1 (its node comes back from the status "
     "section) is not modelled yet: fencing is enabled (crm_simulate fences its node)"},
    /* web-0's connection, no longer configured, only probed, fencing
     * enabled: crm_simulate fences web-0 'node is unclean' (gen_bundle
     * seed 1203047) */
    {"refuse-orphan-connection-fencing.xml",
     "orphaned Pacemaker Remote connection web-0 (its node comes back from the status "
     "section) is not modelled yet: fencing is enabled (crm_simulate fences its node)"},
    /* the same, no node entry, stonith disabled: a location naming web-0
     * and a disabled resource list web-0 in crm_simulate's scores (50,
     * -INFINITY), where the engine has no node of that name */
    {"refuse-orphan-connection-scored-node.xml",
     "orphaned Pacemaker Remote connection web-0 (its node comes back from the status "
     "section) is not modelled yet: a score would list its node"},
    /* the same with node-health-strategy progressive, node-health-base
     * 10: crm_simulate lists web-0 at 10 for every resource */
    {"refuse-orphan-connection-health.xml",
     "orphaned Pacemaker Remote connection web-0 (its node comes back from the status "
     "section) is not modelled yet: a score would list its node"},
    /* web-0's connection, no longer configured, started on node2, web-0
     * also a node entry (gen_bundle --guests seed 1203139): crm_simulate
     * brings web-0 up */
    {"refuse-orphan-connection-active.xml",
     "orphaned Pacemaker Remote connection web-0 (its node comes back from the status "
     "section) is not modelled yet: it is active and its node has a node entry or a "
     "node_state"},
    /* the same with no node entry, its start failed (rc 1) */
    {"refuse-orphan-connection-failed.xml",
     "orphaned Pacemaker Remote connection web-0 (its node comes back from the status "
     "section) is not modelled yet: it failed or is pending"},
    /* sle12-kvm's failed migrate_to from castor to kimball, from before
     * it was cloned: crm_simulate keeps instance :0 on castor (stickiness
     * 1 there), cibscope gave it none (the edit test, clone sle12-kvm on
     * not-reschedule-unneeded-monitor) */
    {"refuse-clone-failed-migrate-to.xml",
     "sle12-kvm: a failed migrate_to of a clone instance is not modelled yet"},
    /* d3 and d4, fillers of guest g1's container vmg1, active on rem1
     * whose connection ran on n2, lost, and an order d4 then rem1:
     * crm_simulate stops vmg1 "due to unrunnable rem1 start (blocked)",
     * cibscope moved it (gen_remote.py seed 2801206) */
    /* rsc active on node1 and on node2, still joining (pending), failed
     * there: crm_simulate "Stop rsc (node1) blocked", cibscope nothing
     * (gen.py seed 1270103 with a node made pending) */
    {"refuse-active-on-pending-node.xml",
     "rsc: active on node node2, which is still joining (pending), is not modelled yet"},
    {"refuse-guest-filler-remote-host-down.xml",
     "d3: a filler of a guest's container active on a remote node whose connection, "
     "ordered, has its host down is not modelled yet"},
    /* tests/data/transition/unfence-guest-probe made asymmetric:
     * crm_simulate unfences guest1 'required by rscA start', the engine
     * said 'required by rscA monitor' */
    {"refuse-unfence-guest-asymmetric.xml",
     "node guest1: unfencing of a guest node in an asymmetric cluster is not modelled yet"},
    /* rsc-2 active on node1 and node4, a migrate_to from node4 to node2
     * (nothing known there), assigned to node4: crm_simulate prints
     * "Migrate rsc-2 ( node1 -> node4 )" and executes nothing for it; the
     * engine said Move (a variant of gen.py seed 1802954) */
    {"refuse-unexpected-unknown-migration.xml",
     "rsc-2: a multiply active resource with multiple-active=stop_unexpected and a "
     "migration to a node where nothing is known, staying on a node it is active on, "
     "is not modelled yet"},
    /* gen.py seed 1888425: a unique clone's instance beyond clone-max
     * (cln-p:4) failed its monitor, the clone's primitive is-managed=false;
     * crm_simulate stops it "due to node availability" (Pacemaker reads
     * the history as a resource no longer configured), the engine kept it
     * (it read the history with the primitive's meta attributes) */
    {"refuse-unique-orphan-failed.xml",
     "cln-p:4: a failure in the history of a clone instance Pacemaker takes for a "
     "resource no longer configured (beyond clone-max of a globally-unique clone) is "
     "not modelled yet"},
    /* crm_simulate reads app, recorded without its instance number in a
     * bundle of replicas-per-host 3 (a globally-unique clone), as a
     * resource no longer configured, managed, and fences guest web-1,
     * down with its host, for it; the engine read the status with the
     * configured, unmanaged app (rb seed 1682705) */
    {"refuse-bundle-unique-orphan-unmanaged-guest-down.xml",
     "app: a history Pacemaker reads as a resource no longer configured (no instance of "
     "a globally-unique clone takes it), active on a node that is down while the "
     "configured resource is unmanaged, is not modelled yet"},
    /* crm_simulate stops d3 "due to required d2 stop": its probe on rem2,
     * which cannot run while rem2's connection cannot start without
     * quorum, walks d2's stop sooner (rb seed 1674654) */
    {"refuse-remote-probe-group-no-quorum.xml",
     "Pacemaker Remote node rem2: the probe of d3 there, which cannot run while the "
     "connection's start cannot (no quorum), ordered before its group's stops, is not "
     "modelled yet"},
    /* crm_simulate stops g1 "due to unrunnable vmg1 stop" here and "due to
     * no quorum" in seed 1685225: which of the connection's orderings
     * takes its migrating away first (rb seed 1690079) */
    {"refuse-guest-migratable-no-quorum.xml",
     "guest node g1: its connection, which may migrate (remote-allow-migrate), in a "
     "cluster without quorum is not modelled yet"},
    /* crm_simulate recovers vmg1, whose filler failed on rem1 (its
     * connection's start failed), by a stop on rem1 that cannot run:
     * "Stop vmg1 (n2) due to resource definition change (blocked)"
     * (rb seeds 1695532 and 1695567) */
    {"refuse-remote-failed-filler-start-failed.xml",
     "Pacemaker Remote node rem1: a failed filler of a guest's container there, while "
     "its connection failed, is not modelled yet"},
    {"refuse-remote-failed-filler-start-failed-2.xml",
     "Pacemaker Remote node rem2: a failed filler of a guest's container there, while "
     "its connection failed, is not modelled yet"},
};

START_TEST(test_oracle_refusal)
{
    g_autofree char *path = g_build_filename(CASES_DIR, oracle_refusals[_i].file, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = cs_document_load(path, &error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "");
    g_autoptr(CsModel) model = build_model(document, &error);
    ck_assert_msg(model != NULL, "%s", error ? error->message : "");
    g_autoptr(CsSolution) solution = cs_solve(model, &error);

    ck_assert_ptr_null(solution);
    ck_assert(g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED));
    ck_assert_str_eq(error->message, oracle_refusals[_i].message);
}
END_TEST

/* ---- limits ------------------------------------------------------------ */

static const char cib_head[] =
    "<cib epoch=\"1\" admin_epoch=\"0\" num_updates=\"0\" validate-with=\"none\">"
    "<configuration><crm_config/><nodes>";

/* A CIB with the given nodes, primitives and location constraints; the
 * first primitive's id is first_id when not NULL. */
static char *make_cib(int nodes, int resources, int constraints, const char *first_id)
{
    GString *cib = g_string_new(cib_head);

    for (int i = 0; i < nodes; i++)
        g_string_append_printf(cib, "<node id=\"%d\" uname=\"node%d\"/>", i + 1, i + 1);
    g_string_append(cib, "</nodes><resources>");
    for (int i = 0; i < resources; i++) {
        if (i == 0 && first_id != NULL)
            g_string_append_printf(cib, "<primitive id=\"%s\"", first_id);
        else
            g_string_append_printf(cib, "<primitive id=\"r%d\"", i);
        g_string_append(cib, " class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/>");
    }
    g_string_append(cib, "</resources><constraints>");
    for (int i = 0; i < constraints; i++) {
        int rsc = i % MAX(resources, 1);
        g_autofree char *rsc_id =
            rsc == 0 && first_id != NULL ? g_strdup(first_id) : g_strdup_printf("r%d", rsc);

        g_string_append_printf(cib,
                               "<rsc_location id=\"l%d\" rsc=\"%s\" node=\"node1\""
                               " score=\"%d\"/>",
                               i, rsc_id, i);
    }
    g_string_append(cib, "</constraints></configuration><status/></cib>");
    return g_string_free(cib, FALSE);
}

/* Builds the model of cib; returns the refusal's message or NULL. */
static char *model_refusal(const char *cib)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document =
        cs_document_load_memory(cib, strlen(cib), "limits.xml", &error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "");
    g_autoptr(CsModel) model = build_model(document, &error);
    if (model != NULL)
        return NULL;
    ck_assert(g_error_matches(error, CS_MODEL_ERROR, CS_MODEL_ERROR_INVALID));
    return g_strdup(error->message);
}

START_TEST(test_limit_id_length)
{
    g_autofree char *longest = g_strnfill(CS_MODEL_MAX_ID_BYTES, 'x');
    g_autofree char *too_long = g_strnfill(CS_MODEL_MAX_ID_BYTES + 1, 'x');
    g_autofree char *fits = make_cib(2, 2, 1, longest);
    g_autofree char *refused = make_cib(2, 2, 1, too_long);

    g_autofree char *fits_message = model_refusal(fits);
    ck_assert_msg(fits_message == NULL, "%s", fits_message);
    g_autofree char *message = model_refusal(refused);
    ck_assert_ptr_nonnull(message);
    /* "limits.xml:1: <primitive> has an id longer than 4096 bytes, ..." */
    ck_assert_msg(g_str_has_prefix(message, "limits.xml:1: <primitive> has an id longer"), "%s",
                  message);
    ck_assert_ptr_nonnull(strstr(message, "4096"));
}
END_TEST

START_TEST(test_limit_uname_length)
{
    g_autofree char *long_uname = g_strnfill(CS_MODEL_MAX_ID_BYTES + 10, 'n');
    g_autofree char *cib =
        g_strdup_printf("%s<node id=\"1\" uname=\"%s\"/></nodes><resources/><constraints/>"
                        "</configuration></cib>",
                        cib_head, long_uname);
    g_autofree char *message = model_refusal(cib);
    ck_assert_ptr_nonnull(message);
    ck_assert_msg(strstr(message, "<node> has an uname longer") != NULL, "%s", message);
}
END_TEST

/* The real limits are far too large to build in a unit test: lower them,
 * check the boundary, restore them. */
START_TEST(test_limit_counts)
{
    CsModelLimits lowered = cs_model_get_limits();
    lowered.nodes = 3;
    lowered.resources = 5;
    lowered.constraints = 4;
    CsModelLimits saved = cs_model_set_limits(lowered);
    ck_assert_uint_eq(saved.nodes, CS_MODEL_MAX_NODES);
    ck_assert_uint_eq(saved.resources, CS_MODEL_MAX_RESOURCES);
    ck_assert_uint_eq(saved.constraints, CS_MODEL_MAX_CONSTRAINTS);

    g_autofree char *at_limit = make_cib(3, 5, 4, NULL);
    g_autofree char *ok = model_refusal(at_limit);
    ck_assert_msg(ok == NULL, "%s", ok);

    g_autofree char *nodes = make_cib(4, 5, 4, NULL);
    g_autofree char *nodes_message = model_refusal(nodes);
    ck_assert_str_eq(nodes_message, "limits.xml: 4 nodes: more than the 3 cibscope accepts");

    g_autofree char *resources = make_cib(3, 6, 4, NULL);
    g_autofree char *resources_message = model_refusal(resources);
    ck_assert_str_eq(resources_message,
                     "limits.xml: 6 resources: more than the 5 cibscope accepts");

    g_autofree char *constraints = make_cib(3, 5, 5, NULL);
    g_autofree char *constraints_message = model_refusal(constraints);
    ck_assert_str_eq(constraints_message, "limits.xml: 5 constraints and set members:"
                                          " more than the 4 cibscope accepts");
    cs_model_set_limits(saved);
}
END_TEST

/* Set members count: a set of many resources is as costly as as many
 * constraints. */
START_TEST(test_limit_set_members)
{
    CsModelLimits lowered = cs_model_get_limits();
    lowered.constraints = 3;
    CsModelLimits saved = cs_model_set_limits(lowered);
    g_autofree char *cib =
        g_strdup_printf("%s<node id=\"1\" uname=\"node1\"/></nodes><resources>"
                        "<primitive id=\"a\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/>"
                        "<primitive id=\"b\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/>"
                        "<primitive id=\"c\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/>"
                        "</resources><constraints><rsc_order id=\"o\"><resource_set id=\"s\">"
                        "<resource_ref id=\"a\"/><resource_ref id=\"b\"/><resource_ref id=\"c\"/>"
                        "</resource_set></rsc_order></constraints></configuration></cib>",
                        cib_head);
    g_autofree char *message = model_refusal(cib);
    cs_model_set_limits(saved);
    ck_assert_ptr_nonnull(message);
    ck_assert_ptr_nonnull(strstr(message, "4 constraints and set members"));
}
END_TEST

/* A clone of a two-primitive group on one node: %s = cib_head, %d = clone-max. */
#define CLONE_CIB_FORMAT                                                                           \
    "%s<node id=\"1\" uname=\"node1\"/></nodes><resources><clone id=\"c\">"                        \
    "<meta_attributes id=\"m\"><nvpair id=\"n\" name=\"clone-max\" value=\"%d\"/>"                 \
    "</meta_attributes><group id=\"g\">"                                                           \
    "<primitive id=\"a\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/>"                    \
    "<primitive id=\"b\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/>"                    \
    "</group></clone></resources><constraints/></configuration></cib>"

/* Clone instances are resources too: clone-max=N of a group of two
 * primitives makes 2N of them. */
START_TEST(test_limit_clone_instances)
{
    CsModelLimits lowered = cs_model_get_limits();
    lowered.resources = 20;
    CsModelLimits saved = cs_model_set_limits(lowered);
    /* c, g, a, b and 2 x 8 more instances: 20 */
    g_autofree char *fits = g_strdup_printf(CLONE_CIB_FORMAT, cib_head, 9);
    g_autofree char *too_many = g_strdup_printf(CLONE_CIB_FORMAT, cib_head, 10);
    g_autofree char *fits_message = model_refusal(fits);
    g_autofree char *message = model_refusal(too_many);
    cs_model_set_limits(saved);
    ck_assert_msg(fits_message == NULL, "%s", fits_message);
    ck_assert_str_eq(message, "limits.xml: 22 resources and clone instances: more than"
                              " the 20 cibscope accepts");
}
END_TEST

START_TEST(test_limit_cells)
{
    CsModelLimits lowered = cs_model_get_limits();
    lowered.cells = 12;
    CsModelLimits saved = cs_model_set_limits(lowered);
    g_autofree char *fits = make_cib(3, 4, 0, NULL);
    g_autofree char *too_many = make_cib(3, 5, 0, NULL);
    g_autofree char *fits_message = model_refusal(fits);
    g_autofree char *message = model_refusal(too_many);
    cs_model_set_limits(saved);
    ck_assert_msg(fits_message == NULL, "%s", fits_message);
    ck_assert_str_eq(message, "limits.xml: 3 nodes x 5 resources and clone instances:"
                              " more than the 12 scores cibscope computes");
}
END_TEST

/* libxml2's nesting limit (256 without XML_PARSE_HUGE) refuses a deeply
 * nested document at load, with a message, before any recursion of ours. */
START_TEST(test_limit_nesting)
{
    GString *cib = g_string_new("<cib><configuration><crm_config/><nodes/><resources>");
    for (int i = 0; i < 5000; i++)
        g_string_append(cib, "<group id=\"g\">");
    for (int i = 0; i < 5000; i++)
        g_string_append(cib, "</group>");
    g_string_append(cib, "</resources><constraints/></configuration></cib>");
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document =
        cs_document_load_memory(cib->str, cib->len, "deep.xml", &error);
    g_string_free(cib, TRUE);
    ck_assert_ptr_null(document);
    ck_assert(g_error_matches(error, CS_DOCUMENT_ERROR, CS_DOCUMENT_ERROR_PARSE));
    ck_assert_msg(g_str_has_prefix(error->message, "deep.xml:1: "), "%s", error->message);
}
END_TEST

/* ---- hostile names ----------------------------------------------------- */

#define HOSTILE CASES_DIR "/hostile-names.xml"

/* Saved unchanged: the file is in the form libxml2 writes (UTF-8 as is,
 * &quot; &lt; &amp; &#10; &#9; escaped), so every byte comes back. */
START_TEST(test_hostile_round_trip)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = g_dir_make_tmp("cs-hostile-XXXXXX", &error);
    ck_assert_ptr_nonnull(dir);
    g_autofree char *copy = g_build_filename(dir, "hostile.xml", NULL);
    g_autofree char *backup = g_strconcat(copy, ".bak", NULL);
    g_autoptr(GBytes) original = read_file(HOSTILE);

    g_autoptr(CsDocument) document = cs_document_load(HOSTILE, &error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "");
    ck_assert_msg(cs_document_save(document, copy, &error), "%s", error ? error->message : "");
    g_autoptr(GBytes) saved = read_file(copy);
    ck_assert_msg(g_bytes_equal(original, saved), "saving changed hostile-names.xml");
    g_unlink(copy);
    g_unlink(backup);
    g_rmdir(dir);
}
END_TEST

START_TEST(test_hostile_ids_kept)
{
    static const char *const ids[] = {
        "q\"uote's",
        "my web server",
        "$(reboot)`id`;rm -rf ~",
        "datenbank-\u00fc\u00e9-\u6570\u636e\u5e93-\U0001F5C4",
        "evil\u202egnp.exe",
        "csi\302\23331mred",
        "new\nline\ttab",
        "<b>&amp;",
    };
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = cs_document_load(HOSTILE, &error);
    ck_assert_ptr_nonnull(document);
    g_autoptr(CsModel) model = build_model(document, &error);
    ck_assert_msg(model != NULL, "%s", error ? error->message : "");
    for (gsize i = 0; i < G_N_ELEMENTS(ids); i++)
        ck_assert_msg(cs_model_resource(model, ids[i]) != NULL, "id %zu lost", i);
    g_autofree char *x = g_strnfill(2998, 'x');
    g_autofree char *long_id = g_strdup_printf("r%sz", x);
    ck_assert_ptr_nonnull(cs_model_resource(model, long_id));
    ck_assert_ptr_nonnull(cs_model_node(model, "node\302\2332m"));
}
END_TEST

/* crm_simulate: q"uote's scores 50 on "node one é" (loc "1"); the
 * 3000-character id scores 70 on the node named with a CSI. */
START_TEST(test_hostile_solved)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) document = cs_document_load(HOSTILE, &error);
    ck_assert_ptr_nonnull(document);
    g_autoptr(CsModel) model = build_model(document, &error);
    ck_assert_ptr_nonnull(model);
    g_autoptr(CsSolution) solution = cs_solve(model, &error);
    ck_assert_msg(solution != NULL, "%s", error ? error->message : "");

    int quote = cs_model_resource(model, "q\"uote's")->index;
    int node_one = cs_model_node(model, "node one \u00e9")->index;
    int node_csi = cs_model_node(model, "node\302\2332m")->index;
    ck_assert_int_eq(cs_solution_score(solution, quote, node_one), 50);
    ck_assert_int_eq(cs_solution_score(solution, quote, node_csi), 0);
    g_autofree char *x = g_strnfill(2998, 'x');
    g_autofree char *long_id = g_strdup_printf("r%sz", x);
    int longest = cs_model_resource(model, long_id)->index;
    ck_assert_int_eq(cs_solution_score(solution, longest, node_csi), 70);
    int shell = cs_model_resource(model, "$(reboot)`id`;rm -rf ~")->index;
    ck_assert_int_eq(cs_solution_score(solution, shell, node_csi), -CS_INFINITY);
}
END_TEST

/* ---- suite ------------------------------------------------------------- */

static Suite *regressions_suite(void)
{
    Suite *suite = suite_create("regressions");

    TCase *replay = tcase_create("regressions");
    tcase_set_timeout(replay, 60);
    tcase_add_test(replay, test_regressions_present);
    tcase_add_loop_test(replay, test_regression_input, 0, (int)regression_files->len);
    tcase_add_loop_test(replay, test_hostile_outcome, 0, (int)G_N_ELEMENTS(hostile_outcomes));
    suite_add_tcase(suite, replay);

    TCase *cycles = tcase_create("cycles");
    tcase_set_timeout(cycles, 20);
    tcase_add_loop_test(cycles, test_cycle_terminates, 0, (int)cycle_files->len);
    tcase_add_test(cycles, test_colocation_pair_together);
    tcase_add_test(cycles, test_no_nodes);
    tcase_add_loop_test(cycles, test_oracle_refusal, 0, (int)G_N_ELEMENTS(oracle_refusals));
    suite_add_tcase(suite, cycles);

    TCase *limits = tcase_create("limits");
    tcase_set_timeout(limits, 30);
    tcase_add_test(limits, test_limit_id_length);
    tcase_add_test(limits, test_limit_uname_length);
    tcase_add_test(limits, test_limit_counts);
    tcase_add_test(limits, test_limit_set_members);
    tcase_add_test(limits, test_limit_nesting);
    tcase_add_test(limits, test_limit_clone_instances);
    tcase_add_test(limits, test_limit_cells);
    suite_add_tcase(suite, limits);

    TCase *names = tcase_create("names");
    tcase_set_timeout(names, 30);
    tcase_add_test(names, test_hostile_round_trip);
    tcase_add_test(names, test_hostile_ids_kept);
    tcase_add_test(names, test_hostile_solved);
    suite_add_tcase(suite, names);
    return suite;
}

int main(void)
{
    /* Documents the document fuzzer crashed on are CIBs too: replay both. */
    regression_files = list_files(CS_REGRESSIONS "/pipeline", NULL);
    g_autoptr(GPtrArray) documents = list_files(CS_REGRESSIONS "/document", NULL);
    for (guint i = 0; i < documents->len; i++)
        g_ptr_array_add(regression_files, g_strdup(g_ptr_array_index(documents, i)));
    cycle_files = list_files(CASES_DIR, ".xml");
    /* only the cycle-* and oracle-* cases have oracle outputs to compare
     * (oracle-*: causes tests/oracle-diff found) */
    for (guint i = cycle_files->len; i-- > 0;) {
        const char *name = g_ptr_array_index(cycle_files, i);
        if (strstr(name, "/cycle-") == NULL && strstr(name, "/oracle-") == NULL)
            g_ptr_array_remove_index(cycle_files, i);
    }
    int status = cs_test_run(regressions_suite());
    g_ptr_array_unref(regression_files);
    g_ptr_array_unref(cycle_files);
    return status;
}
