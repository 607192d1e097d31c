/* check_transition.c: the Transition Summary against crm_simulate's.
 *
 * tests/data/transition/NAME.xml are small hand-made CIBs, each
 * exercising one action kind or reason (Start, Stop, Move, Recover,
 * Restart, Migrate, Reload, Fence, Promote, Demote, blocked, no quorum,
 * multiply active...); NAME.summary is what `crm_simulate -x NAME.xml -S`
 * (Pacemaker 2.1.5) printed for them.  The summary must be the same
 * text: line order and column widths included, since operators diff the
 * two.
 */
#include <check.h>
#include <stdio.h>
#include <glib.h>
#include <string.h>

#include "cib/document.h"
#include "engine/engine.h"
#include "engine/engine_internal.h"
#include "model/model.h"
#include "testlib.h"

typedef CsTestCase Solved;

/* Loads and solves tests/data/transition/NAME.xml at NAME.time or a
 * fixed "now" (testlib.h).
 * FALSE with *error set when the model or the engine refuses the CIB. */
static gboolean try_solve_case(const char *name, Solved *solved, GError **error)
{
    cs_test_case_solve(solved, "transition", name);
    if (solved->solution != NULL)
        return TRUE;
    g_propagate_error(error, g_steal_pointer(&solved->error));
    return FALSE;
}

static Solved solve_case(const char *name)
{
    Solved solved;

    cs_test_case_solve_ok(&solved, "transition", name);
    return solved;
}

static gint compare_lines(gconstpointer a, gconstpointer b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The Transition Summary section as printed: from its heading to the
 * first empty line (or the "Executing" section), byte for byte. */
static char *summary_section(const char *text)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    GString *out = g_string_new(NULL);
    gboolean on = FALSE;

    for (int i = 0; lines[i] != NULL; i++) {
        if (g_str_has_prefix(lines[i], "Transition Summary"))
            on = TRUE;
        else if (on && (lines[i][0] == '\0' || g_str_has_prefix(lines[i], "Executing")))
            break;
        if (on)
            g_string_append_printf(out, "%s\n", lines[i]);
    }
    return g_string_free(out, FALSE);
}

/* Every tests/data/transition/NAME.xml (sorted), each with its
 * NAME.summary from crm_simulate 2.1.5.  Subfolders such as known-wrong/
 * (cases where the engine still disagrees with the oracle) are not read. */
static GPtrArray *cases;

static GPtrArray *list_cases(void)
{
    g_autofree char *folder = g_strdup_printf("%s/transition", CS_TESTDATA);
    g_autoptr(GError) error = NULL;
    GDir *dir = g_dir_open(folder, 0, &error);
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    const char *entry;

    if (dir == NULL) {
        fprintf(stderr, "%s: %s\n", folder, error->message);
        return names;
    }
    while ((entry = g_dir_read_name(dir)) != NULL) {
        if (g_str_has_suffix(entry, ".xml"))
            g_ptr_array_add(names, g_strndup(entry, strlen(entry) - 4));
    }
    g_dir_close(dir);
    g_ptr_array_sort(names, compare_lines);
    return names;
}

/* A case passes when the engine prints exactly crm_simulate's summary, or
 * when it refuses the CIB as not modelled yet (exit 3 in the CLI): a
 * refusal is honest, a different summary is not. */
START_TEST(test_summary_matches_oracle)
{
    const char *name = g_ptr_array_index(cases, _i);
    g_autofree char *expected_path = g_strdup_printf("%s/transition/%s.summary", CS_TESTDATA, name);
    g_autofree char *expected_text = NULL;
    g_autofree char *expected = NULL, *actual = NULL;
    g_autoptr(GString) out = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    Solved solved;

    ck_assert_msg(g_file_get_contents(expected_path, &expected_text, NULL, NULL), "%s",
                  expected_path);
    if (!try_solve_case(name, &solved, &error)) {
        ck_assert_msg(g_error_matches(error, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED)
                          || g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED),
                      "%s: %s", name, error ? error->message : "?");
        cs_test_case_clear(&solved);
        return;
    }
    cs_solution_print_transition(solved.solution, out);
    expected = summary_section(expected_text);
    actual = summary_section(out->str);
    ck_assert_msg(strcmp(actual, expected) == 0, "%s:\nexpected:\n%sactual:\n%s", name, expected,
                  actual);
    /* the text kept with the solution is the same, worked out once */
    const char *kept = cs_solution_transition_text(solved.solution);
    ck_assert_str_eq(kept, out->str);
    ck_assert_ptr_eq(cs_solution_transition_text(solved.solution), kept);
    cs_test_case_clear(&solved);
}
END_TEST

/* One line of crm_simulate's Transition Summary, read field by field
 * (not through the engine's printer): "* KIND RSC ( DETAILS )" with
 * "due to REASON", "(blocked)" or "blocked" after it, or
 * "* Fence (ACTION) NODE 'REASON'". */
typedef struct OracleLine {
    char *kind, *rsc, *details, *reason, *fence_action;
    gboolean blocked;
} OracleLine;

static void oracle_line_free(gpointer data)
{
    OracleLine *line = data;

    g_free(line->kind);
    g_free(line->rsc);
    g_free(line->details);
    g_free(line->reason);
    g_free(line->fence_action);
    g_free(line);
}

/* A guest node is named with the resource holding it, "g1 (resource:
 * vm1)": the node is the name before it. */
static OracleLine *parse_fence_line(const char *text)
{
    OracleLine *line = g_new0(OracleLine, 1);
    const char *close = strchr(text, ')');
    const char *node = close + 2;
    const char *quote = strchr(node, '\'');

    line->kind = g_strdup("Fence");
    line->fence_action =
        g_strndup(text + strlen("Fence ("), (gsize)(close - text - strlen("Fence (")));
    const char *guest = g_strstr_len(node, quote - node, " (resource: ");

    line->rsc = g_strndup(node, (gsize)((guest != NULL ? guest + 1 : quote) - 1 - node));
    line->reason = g_strndup(quote + 1, strlen(quote + 1) - 1);
    return line;
}

static OracleLine *parse_oracle_line(const char *text)
{
    OracleLine *line;
    const char *open, *close, *tail, *kind_end;

    if (g_str_has_prefix(text, "Fence ("))
        return parse_fence_line(text);
    line = g_new0(OracleLine, 1);
    open = strstr(text, " ( ");
    close = strstr(open, " )");
    /* the kind is one word; the id (which may hold blanks) follows it,
     * padded on both sides */
    kind_end = strchr(text, ' ');
    line->kind = g_strndup(text, (gsize)(kind_end - text));
    line->rsc = g_strstrip(g_strndup(kind_end, (gsize)(open - kind_end)));
    line->details = g_strstrip(g_strndup(open + 3, (gsize)(close - open - 3)));
    tail = close + 2;
    while (*tail == ' ')
        tail++;
    line->blocked = g_str_has_suffix(tail, "blocked") || g_str_has_suffix(tail, "(blocked)");
    if (g_str_has_prefix(tail, "due to ")) {
        gsize len = strlen(tail + strlen("due to "));

        if (g_str_has_suffix(tail, " (blocked)"))
            len -= strlen(" (blocked)");
        line->reason = g_strndup(tail + strlen("due to "), len);
    }
    return line;
}

/* The "* ..." lines of the Transition Summary section of text. */
static GPtrArray *oracle_lines(const char *text)
{
    g_autofree char *section = summary_section(text);
    g_auto(GStrv) lines = g_strsplit(section, "\n", -1);
    GPtrArray *out = g_ptr_array_new_with_free_func(oracle_line_free);

    for (int i = 0; lines[i] != NULL; i++) {
        const char *line = lines[i];

        while (*line == ' ')
            line++;
        if (g_str_has_prefix(line, "* "))
            g_ptr_array_add(out, parse_oracle_line(line + 2));
    }
    return out;
}

static const char *node_uname(const CsModel *model, int node)
{
    return node < 0 ? NULL : ((CsNode *)g_ptr_array_index(model->nodes, node))->uname;
}

/* The planned action agrees with the oracle's line: kind, resource (or
 * fenced node and fence action), reason, blocked, and the nodes the
 * details name, in order (from, then to when it differs). */
static void assert_planned_is_line(const char *name, guint i, const CsModel *model,
                                   const CsPlannedAction *planned, const OracleLine *line)
{
    g_autofree char *reason = cs_escape_text(planned->reason);

    ck_assert_msg(strcmp(cs_action_kind_name(planned->kind), line->kind) == 0,
                  "%s line %u: kind %s, oracle %s", name, i, cs_action_kind_name(planned->kind),
                  line->kind);
    ck_assert_msg(g_strcmp0(reason, line->reason) == 0, "%s line %u: reason %s, oracle %s", name, i,
                  reason ? reason : "(none)", line->reason ? line->reason : "(none)");
    if (planned->kind == CS_ACTION_FENCE) {
        ck_assert_str_eq(planned->fence_action, line->fence_action);
        ck_assert_str_eq(node_uname(model, planned->from_node), line->rsc);
        return;
    }
    g_autofree char *id =
        cs_escape_text(((CsResource *)g_ptr_array_index(model->resources, planned->rsc))->id);
    const char *from = node_uname(model, planned->from_node);
    const char *to = node_uname(model, planned->to_node);
    const char *found = line->details;

    ck_assert_msg(strcmp(id, line->rsc) == 0,
                  "%s line %u: resource %s, "
                  "oracle %s",
                  name, i, id, line->rsc);
    ck_assert_msg(planned->blocked == line->blocked, "%s line %u: blocked %d", name, i,
                  planned->blocked);
    ck_assert_msg(from != NULL || to != NULL, "%s line %u: no node", name, i);
    if (from != NULL) {
        found = strstr(found, from);
        ck_assert_msg(found != NULL, "%s line %u: from %s not in ( %s )", name, i, from,
                      line->details);
        found += strlen(from);
    }
    if (to != NULL && planned->to_node != planned->from_node)
        ck_assert_msg(strstr(found, to) != NULL,
                      "%s line %u: to %s not in "
                      "( %s )",
                      name, i, to, line->details);
}

/* The C API the console's Transition view and the Matrix marks are built
 * from (cs_solution_actions()) gives, field by field, the oracle's list:
 * the same actions in the same order, not only a printer that happens to
 * write the same text. */
START_TEST(test_action_list_matches_oracle)
{
    const char *name = g_ptr_array_index(cases, _i);
    g_autofree char *expected_path = g_strdup_printf("%s/transition/%s.summary", CS_TESTDATA, name);
    g_autofree char *expected_text = NULL;
    g_autoptr(GPtrArray) lines = NULL;
    g_autoptr(GPtrArray) actions = NULL;
    g_autoptr(GError) error = NULL;
    const CsModel *model;
    Solved solved;

    ck_assert(g_file_get_contents(expected_path, &expected_text, NULL, NULL));
    if (!try_solve_case(name, &solved, &error)) {
        cs_test_case_clear(&solved);
        return; /* refused: test_summary_matches_oracle checks how */
    }
    lines = oracle_lines(expected_text);
    actions = cs_solution_actions(solved.solution);
    model = cs_solution_model(solved.solution);
    ck_assert_msg(actions->len == lines->len, "%s: %u actions, oracle %u", name, actions->len,
                  lines->len);
    for (guint i = 0; i < actions->len; i++)
        assert_planned_is_line(name, i, model, g_ptr_array_index(actions, i),
                               g_ptr_array_index(lines, i));
    cs_test_case_clear(&solved);
}
END_TEST

static const CsPlannedAction *find_planned(const GPtrArray *actions, const CsModel *model,
                                           const char *rsc)
{
    for (guint i = 0; i < actions->len; i++) {
        const CsPlannedAction *planned = g_ptr_array_index(actions, i);

        if (planned->rsc >= 0
            && strcmp(((CsResource *)g_ptr_array_index(model->resources, planned->rsc))->id, rsc)
                   == 0)
            return planned;
    }
    return NULL;
}

START_TEST(test_action_api)
{
    Solved solved = solve_case("ordering");
    g_autoptr(GPtrArray) actions = cs_solution_actions(solved.solution);
    const CsPlannedAction *rsc1 = find_planned(actions, solved.model, "rsc1");
    const CsPlannedAction *rsc2 = find_planned(actions, solved.model, "rsc2");
    const CsPlannedAction *rsc4 = find_planned(actions, solved.model, "rsc4");
    int node1 = cs_model_node(solved.model, "node1")->index;

    ck_assert_int_eq(actions->len, 3);
    ck_assert_ptr_nonnull(rsc1);
    ck_assert_int_eq(rsc1->kind, CS_ACTION_RECOVER);
    ck_assert_int_eq(rsc1->from_node, node1);
    ck_assert_ptr_null(rsc1->reason);
    ck_assert_int_eq(rsc2->kind, CS_ACTION_RESTART);
    ck_assert_str_eq(rsc2->reason, "required rsc1 start");
    ck_assert_int_eq(rsc4->kind, CS_ACTION_STOP);
    ck_assert_int_eq(rsc4->to_node, -1);
    ck_assert_str_eq(rsc4->reason, "unrunnable rsc3 start");
    ck_assert(!rsc4->blocked);
    ck_assert_str_eq(cs_action_kind_name(CS_ACTION_MIGRATE), "Migrate");
    cs_test_case_clear(&solved);
}
END_TEST

START_TEST(test_fence_and_blocked)
{
    Solved fencing = solve_case("fencing");
    Solved noquorum = solve_case("noquorum");
    g_autoptr(GPtrArray) fenced = cs_solution_actions(fencing.solution);
    g_autoptr(GPtrArray) blocked = cs_solution_actions(noquorum.solution);
    const CsPlannedAction *fence = g_ptr_array_index(fenced, 0);
    const CsPlannedAction *start = find_planned(blocked, noquorum.model, "fencer");

    ck_assert_int_eq(fence->kind, CS_ACTION_FENCE);
    ck_assert_str_eq(fence->fence_action, "reboot");
    ck_assert_str_eq(fence->reason, "peer is no longer part of the cluster");
    ck_assert_int_eq(start->kind, CS_ACTION_START);
    ck_assert(start->blocked);
    ck_assert_str_eq(start->reason, "no quorum");
    cs_test_case_clear(&fencing);
    cs_test_case_clear(&noquorum);
}
END_TEST

/* Unfencing (Pacemaker Explained 2.1, "Unfencing") is answered, not
 * refused, for cluster nodes: test_summary_matches_oracle compares these
 * cases' summaries with crm_simulate's, and here each must be solved and
 * unfence ("on") the node crm_simulate does, for its reason. */
START_TEST(test_unfencing_answered)
{
    static const struct {
        const char *name, *node, *reason;
    } unfencing[] = {
        {"unfence-attribute", "node2", "required by fence1 monitor"},
        {"unfence-agent-changed", "node1", "Device definition changed"},
        {"unfence-params-changed", "node1", "Device parameters changed"},
        {"unfence-restart-reason", "node2", "required by rscB start"},
        {"unfence-maintenance-mode", "node3", "required by rscA monitor"},
        {"unfence-clone-offline", "node2", "required by cp:1 monitor"},
        {"unfence-late-with-reboot", "node1", "required by fence1 start"},
        {"unfence-start", "node1", "required by fence1 start"},
        {"unfence-probe-order", "node3", "required by fence1 monitor"},
        {"unfence-cloned-group-probe", "node2", "required by cgr-g-m-2:1 monitor"},
        {"unfence-migration-source", "node4", "required by cln-2-p:0 monitor"},
        {"unfence-clone-restart-reason", "node3", "required by fence monitor"},
        {"unfence-orphan-instance-probe", "node3", "required by fence monitor"},
        {"unfence-recurring-start", "node2", "required by cgr-g-m-2:0 start"},
        {"unfence-maintenance-probes", "node1", "required by rsc monitor"},
        {"unfence-maintenance-node", "node1", "required by cln-2-p:0 start"},
        /* a guest node: its container running, rscA probed there */
        {"unfence-guest-probe", "guest1", "required by rscA monitor"},
    };

    for (guint i = 0; i < G_N_ELEMENTS(unfencing); i++) {
        Solved solved = solve_case(unfencing[i].name);
        g_autoptr(GPtrArray) actions = cs_solution_actions(solved.solution);
        const CsModel *model = cs_solution_model(solved.solution);
        gboolean found = FALSE;

        for (guint j = 0; j < actions->len; j++) {
            const CsPlannedAction *action = g_ptr_array_index(actions, j);
            const CsNode *node;

            if (action->kind != CS_ACTION_FENCE || strcmp(action->fence_action, "on") != 0)
                continue;
            node = g_ptr_array_index(model->nodes, action->from_node);
            if (strcmp(node->uname, unfencing[i].node) == 0) {
                ck_assert_str_eq(action->reason, unfencing[i].reason);
                found = TRUE;
            }
        }
        ck_assert_msg(found, "%s: no unfencing of %s", unfencing[i].name, unfencing[i].node);
        cs_test_case_clear(&solved);
    }
}
END_TEST

/* A cluster node already unfenced, or whose #digests-all the scheduler
 * does not compare, is not unfenced; a restart the unfencing requires
 * names it ("required stonith"). */
START_TEST(test_unfencing_effects)
{
    Solved unchanged = solve_case("unfence-digests-cluster-node");
    Solved restart = solve_case("unfence-restart-reason");
    g_autoptr(GPtrArray) none = cs_solution_actions(unchanged.solution);
    g_autoptr(GPtrArray) restarted = cs_solution_actions(restart.solution);
    const CsPlannedAction *rsc_b = find_planned(restarted, restart.model, "rscB");

    for (guint i = 0; i < none->len; i++)
        ck_assert_int_ne(((const CsPlannedAction *)g_ptr_array_index(none, i))->kind,
                         CS_ACTION_FENCE);
    ck_assert_ptr_nonnull(rsc_b);
    ck_assert_int_eq(rsc_b->kind, CS_ACTION_RESTART);
    ck_assert_str_eq(rsc_b->reason, "required stonith");
    cs_test_case_clear(&unchanged);
    cs_test_case_clear(&restart);
}
END_TEST

/* Remote nodes never unfenced are unfenced by crm_simulate after probes
 * with rules of their own: refused, naming the node (guest nodes are
 * answered: fencing.c, tests/data/bundle/unfence-guest-*). */
START_TEST(test_unfencing_remote_refused)
{
    static const char *const names[] = {"unfence-remote-refused"};
    static const char *const nodes[] = {"node remote1"};

    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autoptr(GError) error = NULL;
        Solved solved;

        ck_assert(!try_solve_case(names[i], &solved, &error));
        ck_assert(g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED));
        ck_assert_msg(strstr(error->message, nodes[i]) != NULL
                          && strstr(error->message, "unfencing") != NULL,
                      "%s", error->message);
        cs_test_case_clear(&solved);
    }
}
END_TEST

/* Digests recorded by real clusters for ocf:pacemaker:Dummy without
 * parameters: the start (no timeout hashed) and a 10s monitor with the
 * default 20s timeout. */
START_TEST(test_digests)
{
    Solved solved = solve_case("ordering");
    const CsResource *rsc1 = cs_model_resource(solved.model, "rsc1");
    const CsResource *changed;
    g_autofree char *start = cs_digest_all(rsc1, "start", 0);
    g_autofree char *monitor = cs_digest_all(rsc1, "monitor", 10000);
    g_autofree char *restart = cs_digest_restart(rsc1, "start", 0, " state ");
    g_autofree char *with_param = NULL;
    Solved definition = solve_case("definition");

    ck_assert_str_eq(start, "f2317cad3d54cec5d7d7aa7d0bf35cf8");
    ck_assert_str_eq(monitor, "4811cef7f7f94e3a35a70be7916cb2fd");
    ck_assert_str_eq(restart, "f2317cad3d54cec5d7d7aa7d0bf35cf8");
    changed = cs_model_resource(definition.model, "changed");
    with_param = cs_digest_all(changed, "start", 0);
    ck_assert_str_ne(with_param, "f2317cad3d54cec5d7d7aa7d0bf35cf8");
    cs_test_case_clear(&solved);
    cs_test_case_clear(&definition);
}
END_TEST

/* A memo shared by every record (and kept for a second pass, when each
 * digest is already known) answers as a fresh computation does: records
 * whose definitions changed (restart, reload) and records that match. */
START_TEST(test_digest_memo)
{
    static const char *const digest_cases[] = {
        "definition",          "reload", "restart-definition", "monitor-digest-change",
        "reload-group-member",
    };
    g_autoptr(CsDigestMemo) memo = cs_digest_memo_new();
    int seen[CS_DIGEST_UNKNOWN + 1] = {0};

    for (guint c = 0; c < G_N_ELEMENTS(digest_cases); c++) {
        Solved solved = solve_case(digest_cases[c]);
        const CsModel *model = solved.model;

        /* None until read (the console reads them before a transition);
         * until then each transition compares afresh, as checked below. */
        ck_assert_ptr_null(model->digest_verdicts);
        cs_model_read_digests(solved.model);

        for (int pass = 0; pass < 2; pass++)
            for (guint i = 0; i < model->rsc_states->len; i++) {
                const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
                const CsResource *rsc;

                if (state->rsc < 0 || state->history == NULL)
                    continue;
                rsc = g_ptr_array_index(model->resources, state->rsc);
                for (guint j = 0; j < state->history->len; j++) {
                    const CsOpRecord *record = g_ptr_array_index(state->history, j);
                    CsDigestResult fresh, memoized;

                    if (record->operation == NULL)
                        continue;
                    fresh = cs_digest_compare(rsc, record);
                    memoized = cs_digest_compare_memo(rsc, record, memo);
                    ck_assert_msg(fresh == memoized, "%s: %s", digest_cases[c], record->id);
                    /* The verdict the model read with the histories. */
                    ck_assert_msg(cs_digest_verdict(model, rsc, record, memo) == fresh, "%s: %s",
                                  digest_cases[c], record->id);
                    if (state->role >= CS_ROLE_STARTED && rsc->kind == CS_RSC_PRIMITIVE
                        && cs_digest_record_checked(record))
                        ck_assert_ptr_nonnull(g_hash_table_lookup(model->digest_verdicts, record));
                    seen[fresh]++;
                }
            }
        cs_test_case_clear(&solved);
    }
    ck_assert_int_gt(seen[CS_DIGEST_MATCH], 0);
    ck_assert_int_gt(seen[CS_DIGEST_ALL] + seen[CS_DIGEST_RESTART], 0);
}
END_TEST

/* Orders on promote and demote actions are answered from the action
 * graph, not refused: a blocked promotion names the action it waits for,
 * and demotion comes before a promoted instance's stop. */
START_TEST(test_promotion_orders)
{
    Solved blocked = solve_case("order-start-then-promote-blocked");
    Solved between = solve_case("order-promote-then-promote");
    Solved stopping = solve_case("order-demote-before-stop");
    g_autoptr(GPtrArray) blocked_plan = cs_solution_actions(blocked.solution);
    g_autoptr(GPtrArray) between_plan = cs_solution_actions(between.solution);
    g_autoptr(GPtrArray) stopping_plan = cs_solution_actions(stopping.solution);
    /* instances live in the solution's (expanded) model */
    const CsModel *blocked_model = cs_solution_model(blocked.solution);
    const CsModel *between_model = cs_solution_model(between.solution);
    const CsModel *stopping_model = cs_solution_model(stopping.solution);
    const CsPlannedAction *promote = find_planned(blocked_plan, blocked_model, "st:1");
    const CsPlannedAction *second = find_planned(between_plan, between_model, "st2:1");
    const CsPlannedAction *stop = find_planned(stopping_plan, stopping_model, "st:0");
    const CsPlannedAction *app = find_planned(stopping_plan, stopping_model, "app");

    ck_assert_ptr_nonnull(promote);
    ck_assert_int_eq(promote->kind, CS_ACTION_PROMOTE);
    ck_assert(promote->blocked);
    ck_assert_str_eq(promote->reason, "unrunnable app start");
    ck_assert_ptr_nonnull(second);
    ck_assert_int_eq(second->kind, CS_ACTION_PROMOTE);
    ck_assert(second->blocked);
    ck_assert_str_eq(second->reason, "unrunnable ms1 promoted");
    ck_assert_ptr_nonnull(stop);
    ck_assert_int_eq(stop->kind, CS_ACTION_STOP);
    ck_assert_int_eq(stop->from_role, CS_ROLE_PROMOTED);
    /* the order on the demotion restarts what follows it */
    ck_assert_ptr_nonnull(app);
    ck_assert_int_eq(app->kind, CS_ACTION_RESTART);
    cs_test_case_clear(&blocked);
    cs_test_case_clear(&between);
    cs_test_case_clear(&stopping);
}
END_TEST

/* Two operations with one id in a history: which one crm_simulate takes
 * for the latest depends on how its sort leaves them, so the engine
 * refuses rather than guess. */
START_TEST(test_duplicate_op_id_refused)
{
    static const char *const names[] = {
        "duplicate-op-id",
        "duplicate-op-id-start-stop",
    };

    for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autoptr(GError) error = NULL;
        Solved solved;

        ck_assert(!try_solve_case(names[i], &solved, &error));
        ck_assert(g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED));
        ck_assert_msg(strstr(error->message, "same id") != NULL, "%s", error->message);
        cs_test_case_clear(&solved);
    }
}
END_TEST

/* The transition kept with the solution (cs_solution_transition) holds
 * the same actions as cs_solution_actions(), each found again under its
 * own resource index, in summary order, and prints the same text. */
START_TEST(test_kept_transition_by_rsc)
{
    const char *name = g_ptr_array_index(cases, _i);
    g_autoptr(GError) error = NULL;
    Solved solved;

    if (!try_solve_case(name, &solved, &error)) {
        cs_test_case_clear(&solved);
        return;
    }
    g_autoptr(GPtrArray) fresh = cs_solution_actions(solved.solution);
    g_autoptr(GString) printed = g_string_new(NULL);
    cs_solution_print_transition(solved.solution, printed);
    const CsTransition *kept = cs_solution_transition(solved.solution);
    const CsModel *engine = cs_solution_model(solved.solution);
    guint by_rsc = 0, fenced = 0;

    ck_assert_ptr_eq(cs_solution_transition(solved.solution), kept);
    ck_assert_uint_eq(cs_transition_length(kept), fresh->len);
    for (guint i = 0; i < fresh->len; i++) {
        const CsPlannedAction *want = g_ptr_array_index(fresh, i);
        const CsPlannedAction *got = cs_transition_action(kept, i);
        ck_assert_int_eq(got->kind, want->kind);
        ck_assert_int_eq(got->rsc, want->rsc);
        ck_assert_int_eq(got->to_node, want->to_node);
        fenced += got->rsc < 0;
    }
    for (guint rsc = 0; rsc < engine->resources->len; rsc++) {
        guint n = 0;
        const CsPlannedAction *const *own = cs_transition_actions_of(kept, (int)rsc, &n);
        for (guint i = 0; i < n; i++)
            ck_assert_int_eq(own[i]->rsc, (int)rsc);
        for (guint i = 1; i < n; i++)
            ck_assert_ptr_ne(own[i - 1], own[i]);
        by_rsc += n;
    }
    ck_assert_uint_eq(by_rsc + fenced, fresh->len);
    ck_assert_str_eq(cs_solution_transition_text(solved.solution), printed->str);
    cs_test_case_clear(&solved);
}
END_TEST

/* Instances and group members have their own actions; a clone or a
 * group names none itself; an instance copies its configured child. */
START_TEST(test_transition_instances_and_members)
{
    Solved clone = solve_case("clone-max-move");
    const CsModel *engine = cs_solution_model(clone.solution);
    const CsTransition *kept = cs_solution_transition(clone.solution);
    const CsResource *instance = cs_model_resource(engine, "inst:0");
    guint n = 0;

    ck_assert_ptr_nonnull(instance);
    const CsPlannedAction *const *own = cs_transition_actions_of(kept, instance->index, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_int_eq(own[0]->kind, CS_ACTION_MOVE);
    ck_assert_int_eq(cs_solution_configured_rsc(clone.solution, instance->index),
                     cs_model_resource(clone.model, "inst")->index);
    ck_assert_ptr_null(cs_transition_actions_of(kept, instance->parent, &n));
    ck_assert_uint_eq(n, 0);
    ck_assert_ptr_null(cs_transition_actions_of(kept, -1, &n));
    ck_assert_ptr_null(cs_transition_actions_of(kept, (int)engine->resources->len, &n));
    cs_test_case_clear(&clone);

    Solved group = solve_case("move-group");
    kept = cs_solution_transition(group.solution);
    for (guint rsc = 0; rsc < group.model->resources->len; rsc++) {
        const CsResource *info = g_ptr_array_index(group.model->resources, rsc);
        cs_transition_actions_of(kept, (int)rsc, &n);
        ck_assert_uint_eq(n, info->kind == CS_RSC_GROUP ? 0 : 1);
    }
    cs_test_case_clear(&group);
}
END_TEST

/* The folder listing found the hand-made cases (a missing or renamed
 * folder must not make the summary test vacuous). */
START_TEST(test_cases_found)
{
    gboolean has_ordering = FALSE;

    ck_assert_uint_ge(cases->len, 50);
    for (guint i = 0; i < cases->len; i++)
        has_ordering |= strcmp(g_ptr_array_index(cases, i), "ordering") == 0;
    ck_assert(has_ordering);
}
END_TEST

static Suite *transition_suite(void)
{
    Suite *suite = suite_create("transition");
    TCase *tc = tcase_create("core");

    cases = list_cases();
    tcase_add_loop_test(tc, test_summary_matches_oracle, 0, (int)cases->len);
    tcase_add_loop_test(tc, test_action_list_matches_oracle, 0, (int)cases->len);
    tcase_add_loop_test(tc, test_kept_transition_by_rsc, 0, (int)cases->len);
    tcase_add_test(tc, test_transition_instances_and_members);
    tcase_add_test(tc, test_cases_found);
    tcase_add_test(tc, test_duplicate_op_id_refused);
    tcase_add_test(tc, test_action_api);
    tcase_add_test(tc, test_fence_and_blocked);
    tcase_add_test(tc, test_unfencing_answered);
    tcase_add_test(tc, test_unfencing_effects);
    tcase_add_test(tc, test_unfencing_remote_refused);
    tcase_add_test(tc, test_promotion_orders);
    tcase_add_test(tc, test_digests);
    tcase_add_test(tc, test_digest_memo);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(transition_suite());
}
