/* engine.c: the solve, read access, score printing and explanations.
 *
 * Covers primitives and groups (Pacemaker Explained ch. 5, 6, 10.1);
 * anything else the CIB uses that this engine does not model makes
 * cs_solve() fail with CS_ENGINE_ERROR_UNSUPPORTED naming it, so that no
 * guess is ever printed as an answer.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_internal.h"
#include "engine/promote_internal.h"

G_DEFINE_QUARK(cs-engine-error-quark, cs_engine_error)

static const struct {
    guint feature;
    const char *name;
} unsupported_features[] = {
    { CS_FEATURE_BUNDLE, "bundles" },
    { CS_FEATURE_REMOTE_NODE, "Pacemaker Remote nodes" },
    { CS_FEATURE_GUEST_NODE, "guest nodes" },
};

gboolean cs_startup_probes_disabled(const CsModel *model)
{
    static const char *const words[] = { "no", "false", "off", "n", "0" };
    const char *value = g_hash_table_lookup(model->options.values,
                                            "enable-startup-probes");

    if (model->options.maintenance_mode)
        return TRUE;   /* nothing is probed in maintenance mode */
    for (guint i = 0; value != NULL && i < G_N_ELEMENTS(words); i++)
        if (g_ascii_strcasecmp(value, words[i]) == 0)
            return TRUE;
    return FALSE;
}

/* Whether a resource inside clone (at any depth) is active somewhere. */
static gboolean clone_active(const CsModel *model, int clone)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsResource *rsc;

        if (state->rsc < 0 || state->role < CS_ROLE_STARTED)
            continue;
        for (rsc = g_ptr_array_index(model->resources, state->rsc);
             rsc->parent >= 0;
             rsc = g_ptr_array_index(model->resources, rsc->parent))
            if (rsc->parent == clone)
                return TRUE;
    }
    return FALSE;
}

/* actions.c blocks starts awaiting a probe on a node still joining
 * (pending).  Not followed yet: a clone active nowhere (the probes then
 * gate the whole clone's start, and its instances' reasons name another
 * instance's probe), and resource-discovery given by rules or
 * resource-discovery=exclusive, which decide which probes exist. */
static gboolean pending_probes_supported(const CsModel *model, GError **error)
{
    gboolean any_pending = FALSE;

    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);

        if (node->online && node->pending && !node->unclean)
            any_pending = TRUE;
    }
    if (!any_pending || cs_startup_probes_disabled(model))
        return TRUE;
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);

        /* unmanaged clones are not started, so nothing waits for probes */
        if (rsc->kind == CS_RSC_CLONE && rsc->managed
            && !clone_active(model, (int)i)) {
            g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                        "clone %s, active nowhere, with a pending (joining) "
                        "node to probe is not modelled yet", rsc->id);
            return FALSE;
        }
    }
    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (location->discovery == CS_DISCOVERY_EXCLUSIVE
            || (location->discovery == CS_DISCOVERY_NEVER
                && location->node == NULL)) {
            g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                        "resource-discovery rules with a pending (joining) "
                        "node are not modelled yet");
            return FALSE;
        }
    }
    return TRUE;
}

/* A resource whose migration finished (migrate_to and migrate_from
 * succeeded) but whose source was never stopped has a "dangling"
 * migration: Pacemaker stops the source as well, and a resource that
 * may migrate (not failed) and moves on from there is then moved (stop,
 * start), not migrated (checked with crm_simulate).  actions.c does not model the
 * source's stop yet, so such a move is refused. */
static gboolean rsc_failed(const CsModel *model, int rsc)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && state->failed && !state->failure_ignored)
            return TRUE;
    }
    return FALSE;
}

static gboolean dangling_moves_supported(const CsSolution *solution,
                                         GError **error)
{
    const CsModel *model = solution->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsRscWork *work;
        const CsResource *rsc;

        if (state->rsc < 0 || !state->dangling_migration)
            continue;
        rsc = g_ptr_array_index(model->resources, state->rsc);
        work = &solution->work[state->rsc];
        /* A failed resource is recovered, never migrated: modelled. */
        if (rsc->allow_migrate && work->assigned >= 0
            && work->current >= 0 && work->assigned != work->current
            && !rsc_failed(model, state->rsc)) {
            g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                        "%s: moving a resource whose last migration left "
                        "its source unstopped (a dangling migration) is not "
                        "modelled yet", rsc->id);
            return FALSE;
        }
    }
    return TRUE;
}

/* actions.c recovers a failed filler's container (on-fail=restart-container,
 * the default for a resource with a container meta attribute) only when
 * that container is a primitive. */
static gboolean container_restarts_supported(const CsModel *model,
                                             GError **error)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsResource *rsc, *container;

        if (state->rsc < 0 || state->on_fail_applied == NULL
            || strcmp(state->on_fail_applied, "restart-container") != 0)
            continue;
        rsc = g_ptr_array_index(model->resources, state->rsc);
        if (rsc->container < 0 || rsc->is_remote_connection)
            continue;
        container = g_ptr_array_index(model->resources, rsc->container);
        if (container->kind != CS_RSC_PRIMITIVE) {
            g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                        "restarting a container that is not a primitive "
                        "(%s, for on-fail=restart-container) is not "
                        "modelled yet", container->id);
            return FALSE;
        }
    }
    return TRUE;
}

/* A failed resource that is not managed, first in a mandatory ordering:
 * Pacemaker keeps (or even moves) what is ordered after it in ways the
 * action graph does not follow yet. */
static gboolean unmanaged_failed_first_supported(const CsModel *model,
                                                 GError **error)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsResource *rsc;

        if (state->rsc < 0 || !state->failed)
            continue;
        rsc = g_ptr_array_index(model->resources, state->rsc);
        if (rsc->managed)
            continue;
        for (guint j = 0; j < model->orders->len; j++) {
            const CsOrder *order = g_ptr_array_index(model->orders, j);

            if (order->kind == CS_ORDER_OPTIONAL)
                continue;
            /* rsc itself, or a group or clone it is in, comes first */
            for (int up = state->rsc; up >= 0;
                 up = ((const CsResource *)g_ptr_array_index(
                           model->resources, up))->parent) {
                if (up == order->first) {
                    g_set_error(error, CS_ENGINE_ERROR,
                                CS_ENGINE_ERROR_UNSUPPORTED,
                                "a failed unmanaged resource (%s) first in "
                                "an ordering (%s) is not modelled yet",
                                rsc->id, order->id);
                    return FALSE;
                }
            }
        }
    }
    return TRUE;
}

/* Two <lrm_rsc_op> with the same id in one resource history (never
 * written by a cluster; hand-edited CIBs): Pacemaker 2.1.5's
 * pe__is_newer_op() calls them equal whatever their call-ids, so which
 * of them counts as the latest depends on where its sort puts them
 * (checked with crm_simulate: of a start and a later stop both named
 * rsc1_last_0, the start counts).  The engine orders by call-id only. */
/* The id two operations of history share, or NULL.  Histories are short
 * (a probe, a start, a monitor): compared pairwise below 16 operations,
 * since every re-solve asks it of every resource on every node. */
static const char *duplicate_op_id(const GPtrArray *history)
{
    g_autoptr(GHashTable) seen = NULL;

    if (history->len >= 16)
        seen = g_hash_table_new(g_str_hash, g_str_equal);
    for (guint j = 0; j < history->len; j++) {
        const CsOpRecord *record = g_ptr_array_index(history, j);

        if (record->id == NULL)
            continue;
        if (seen != NULL) {
            if (!g_hash_table_add(seen, record->id))
                return record->id;
            continue;
        }
        for (guint k = 0; k < j; k++) {
            const CsOpRecord *earlier = g_ptr_array_index(history, k);

            if (earlier->id != NULL && strcmp(earlier->id, record->id) == 0)
                return record->id;
        }
    }
    return NULL;
}

static gboolean op_ids_unique(const CsModel *model, GError **error)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const char *duplicate;

        if (state->history == NULL || state->history->len < 2)
            continue;
        duplicate = duplicate_op_id(state->history);
        if (duplicate != NULL) {
            g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                        "history of %s on %s: two operations with the same id "
                        "(%s) are not modelled",
                        state->rsc_id,
                        ((const CsNode *)g_ptr_array_index(model->nodes, state->node))->uname,
                        duplicate);
            return FALSE;
        }
    }
    return TRUE;
}

/* crm_simulate schedules no fencing for a lost ticket with
 * loss-policy=fence when the cluster lacks quorum (found by
 * tests/oracle-diff; the rule behind it is not known to the engine). */
static gboolean ticket_fence_without_quorum_supported(const CsModel *model,
                                                      GError **error)
{
    if (model->options.have_quorum
        || model->options.no_quorum_policy == CS_NO_QUORUM_IGNORE)
        return TRUE;
    for (guint i = 0; model->ticket_constraints != NULL
                      && i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *constraint =
            g_ptr_array_index(model->ticket_constraints, i);

        if (g_strcmp0(constraint->loss_policy, "fence") == 0) {
            g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                        "ticket constraint %s: loss-policy=fence in a cluster "
                        "without quorum is not modelled yet", constraint->id);
            return FALSE;
        }
    }
    return TRUE;
}

static gboolean check_supported(const CsModel *model, GError **error)
{
    if (!pending_probes_supported(model, error)
        || !container_restarts_supported(model, error)
        || !unmanaged_failed_first_supported(model, error)
        || !op_ids_unique(model, error)
        || !cs_unfencing_check_supported(model, error)
        || !ticket_fence_without_quorum_supported(model, error))
        return FALSE;
    for (guint i = 0; i < G_N_ELEMENTS(unsupported_features); i++) {
        if (model->features & unsupported_features[i].feature) {
            g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                        "%s are not modelled yet",
                        unsupported_features[i].name);
            return FALSE;
        }
    }
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);

        if (rsc->kind == CS_RSC_BUNDLE) {
            g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                        "resource %s: only primitives and groups are modelled",
                        rsc->id);
            return FALSE;
        }
    }
    return TRUE;
}

/* Pacemaker leaves every resource unmanaged when fencing is enabled but
 * no fencing device is configured. */
static gboolean no_fence_device(const CsModel *model)
{
    if (!model->options.stonith_enabled)
        return FALSE;
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);

        if (rsc->rsc_class != NULL && strcmp(rsc->rsc_class, "stonith") == 0)
            return FALSE;
    }
    return TRUE;
}

static CsSolution *solve(CsSolution *solution, const CsModel *model, GError **error);

void cs_solution_prepare_resolves(const CsSolution *solution, int solves)
{
    if (solution != NULL)
        cs_arena_prefault(cs_arena_block_count(solution->arena) * solves);
}

/* The tables of the solve come from the solution's arena (table.c). */
CsSolution *cs_solve(const CsModel *model, GError **error)
{
    CsSolution *solution = g_new0(CsSolution, 1);

    solution->arena = cs_arena_new();
    CsArena *outer = cs_arena_use(solution->arena);
    CsSolution *solved = solve(solution, model, error);
    cs_arena_use(outer);
    return solved;
}

/* Takes solution (empty but for its arena): it or NULL. */
static CsSolution *solve(CsSolution *solution, const CsModel *model, GError **error)
{
    CsExpansion *expansion;
    GError *local = NULL;

    if (model == NULL || !check_supported(model, error)) {
        cs_arena_free(solution->arena);
        g_free(solution);
        return NULL;
    }
    /* Clone instances and ticket-fenced nodes: the engine's own view. */
    expansion = cs_expansion_new(model, &local);
    if (local != NULL) {
        g_propagate_error(error, local);
        cs_arena_free(solution->arena);
        g_free(solution);
        return NULL;
    }
    solution->expansion = expansion;
    if (expansion != NULL)
        model = cs_expansion_model(expansion);
    if (expansion != NULL && (!cs_clones_check_supported(model, error)
                              || !cs_promote_check_supported(model, error))) {
        cs_expansion_free(expansion);
        cs_arena_free(solution->arena);
        g_free(solution);
        return NULL;
    }
    solution->model = model;
    solution->n_rsc = (int)model->resources->len;
    solution->n_nodes = (int)model->nodes->len;
    solution->work = g_new0(CsRscWork, solution->n_rsc);
    solution->colocs = g_ptr_array_new_with_free_func(g_free);
    solution->num_assigned = g_new0(int, solution->n_nodes);
    cs_nodes_init(solution);
    solution->stonith_unmanage = no_fence_device(model);
    solution->merges_left = CS_MERGE_BUDGET;
    solution->merge_items_left = CS_MERGE_ITEM_BUDGET;
    cs_clones_init(solution);
    cs_apply_node_criteria(solution, error);
    cs_capacity_init(solution);
    cs_assign_all(solution);
    if (solution->merges_left <= 0 || solution->merge_items_left <= 0) {
        g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                    "colocations too dense to follow (more than %" G_GINT64_FORMAT
                    " score merges or %" G_GINT64_FORMAT " contributions carried,"
                    " as with large non-sequential colocation sets) are not "
                    "modelled yet", CS_MERGE_BUDGET, CS_MERGE_ITEM_BUDGET);
        cs_solution_free(solution);
        return NULL;
    }
    if (!dangling_moves_supported(solution, error)) {
        cs_solution_free(solution);
        return NULL;
    }
    return solution;
}

void cs_solution_free(CsSolution *solution)
{
    if (solution == NULL)
        return;
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        CsRscWork *work = &solution->work[rsc];

        cs_table_free(work->table);
        cs_table_free(work->printed);
        cs_table_free(work->group_printed);
        cs_table_free(work->clone_printed);
        if (work->rolled_back)
            g_ptr_array_free(work->rolled_back, TRUE);
        if (work->rolled_back_group)
            g_ptr_array_free(work->rolled_back_group, TRUE);
        g_free(work->discover_exclusive);
        cs_coloc_list_free(work->this_with);
        cs_coloc_list_free(work->with_this);
    }
    g_free(solution->work);
    g_ptr_array_free(solution->colocs, TRUE);
    g_free(solution->num_assigned);
    g_free(solution->node_available);
    g_free(solution->name_rank);
    g_free(solution->uname_class);
    g_free(solution->sorted_nodes);
    g_free(solution->location_scores);
    g_free(solution->location_listed);
    g_free(solution->transition_text);
    if (solution->print_log != NULL)
        g_array_free(solution->print_log, TRUE);
    if (solution->assign_order)
        g_array_free(solution->assign_order, TRUE);
    cs_capacity_free(solution);
    cs_clones_free(solution);
    cs_expansion_free(solution->expansion);
    /* Last: the tables above came from it. */
    cs_arena_free(solution->arena);
    g_free(solution);
}

const CsModel *cs_solution_model(const CsSolution *solution)
{
    return solution->model;
}

static const CsTable *printed_table(const CsSolution *solution, int rsc)
{
    return cs_table_snapshot(solution->work[rsc].printed);
}

CsScore cs_solution_score(const CsSolution *solution, int rsc, int node)
{
    const CsTable *table = printed_table(solution, rsc);

    if (table == NULL || !table->allowed[node])
        return -CS_INFINITY;
    return table->score[node];
}

gboolean cs_solution_scored(const CsSolution *solution, int rsc, int node)
{
    const CsTable *table = printed_table(solution, rsc);

    return table != NULL && table->allowed[node];
}

int cs_solution_assigned_node(const CsSolution *solution, int rsc)
{
    return solution->work[rsc].assigned;
}

int cs_solution_current_node(const CsSolution *solution, int rsc)
{
    return solution->work[rsc].current;
}

CsRole cs_solution_current_role(const CsSolution *solution, int rsc)
{
    CsRole role = solution->work[rsc].role;

    return role == CS_ROLE_UNKNOWN ? CS_ROLE_STOPPED : role;
}

CsRole cs_solution_next_role(const CsSolution *solution, int rsc)
{
    const CsRscWork *work = &solution->work[rsc];

    if (work->assigned < 0)
        return CS_ROLE_STOPPED;
    return work->next_role == CS_ROLE_UNKNOWN ? CS_ROLE_STARTED
                                              : work->next_role;
}

const CsContribution *cs_solution_contributions(const CsSolution *solution,
                                                int rsc, int node, int *n_out)
{
    const CsTable *table = printed_table(solution, rsc);

    *n_out = 0;
    if (table == NULL || !table->allowed[node])
        return NULL;
    return cs_table_contributions(table, node, n_out);
}

/* ---- printing --------------------------------------------------------- */

/* Pacemaker prints a table's nodes by uname, runs of digits compared as
 * numbers (node2 before node10; with equal values, fewer digits first),
 * other characters without case. */
static int compare_natural(const char *a, const char *b)
{
    while (*a != '\0' && *b != '\0') {
        if (g_ascii_isdigit(*a) && g_ascii_isdigit(*b)) {
            char *end_a, *end_b;
            guint64 va = g_ascii_strtoull(a, &end_a, 10);
            guint64 vb = g_ascii_strtoull(b, &end_b, 10);

            if (va != vb)
                return va < vb ? -1 : 1;
            if (end_a - a != end_b - b)
                return end_a - a < end_b - b ? -1 : 1;
            a = end_a;
            b = end_b;
            continue;
        }
        int ca = g_ascii_tolower(*a++), cb = g_ascii_tolower(*b++);
        if (ca != cb)
            return ca < cb ? -1 : 1;
    }
    return *a == '\0' ? (*b == '\0' ? 0 : -1) : 1;
}

static gint compare_unames_natural(gconstpointer a, gconstpointer b,
                                   gpointer data)
{
    const CsModel *model = data;
    const CsNode *node1 = g_ptr_array_index(model->nodes, *(const int *)a);
    const CsNode *node2 = g_ptr_array_index(model->nodes, *(const int *)b);
    int order = compare_natural(node1->uname, node2->uname);

    /* equal names keep the order of the CIB */
    return order != 0 ? order : *(const int *)a - *(const int *)b;
}

static int *sorted_indices(int n, GCompareDataFunc compare, const CsModel *model)
{
    int *order = g_new(int, n + 1);

    for (int i = 0; i < n; i++)
        order[i] = i;
    g_qsort_with_data(order, n, sizeof(int), compare, (gpointer)model);
    return order;
}

/* The score as crm_simulate prints it, written without printf at cursor
 * (room for CS_SCORE_BUFSIZE bytes); returns the end. */
static char *write_score(char *cursor, CsScore score)
{
    char digits[16];
    int n = 0;
    unsigned int magnitude;

    if (score >= CS_INFINITY || score <= -CS_INFINITY) {
        const char *text = score > 0 ? "INFINITY" : "-INFINITY";
        size_t length = strlen(text);
        memcpy(cursor, text, length);
        return cursor + length;
    }
    if (score < 0)
        *cursor++ = '-';
    magnitude = score < 0 ? -(unsigned int)score : (unsigned int)score;
    do {
        digits[n++] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude > 0);
    while (n > 0)
        *cursor++ = digits[--n];
    return cursor;
}

gboolean cs_text_needs_escape(const char *text)
{
    return text != NULL && strpbrk(text, "\n\r\t") != NULL;
}

char *cs_escape_text(const char *text)
{
    GString *escaped;

    if (text == NULL)
        return NULL;
    escaped = g_string_sized_new(strlen(text) + 8);
    for (const char *c = text; *c != '\0'; c++) {
        if (*c == '\n')
            g_string_append(escaped, "\\n");
        else if (*c == '\r')
            g_string_append(escaped, "\\r");
        else if (*c == '\t')
            g_string_append(escaped, "    ");
        else
            g_string_append_c(escaped, *c);
    }
    return g_string_free(escaped, FALSE);
}

/* A table is tens of thousands of lines on a large cluster: room for all
 * of them is made once and the lines are copied in, instead of growing
 * the string piece by piece. */
static void print_table(const CsSolution *solution, const char *prefix,
                        int rsc, const CsTable *table, const int *node_order,
                        GString *out)
{
    const CsResource *info = g_ptr_array_index(solution->model->resources, rsc);
    g_autofree char *head = NULL;
    size_t head_len, room = 0;

    table = cs_table_snapshot(table);

    /* Pacemaker never prints the scores of an orphan clone instance (one
     * made for a history beyond clone-max): it is only stopped. */
    if (table == NULL || cs_rsc_is_orphan(solution, rsc))
        return;
    g_autofree char *id = cs_escape_text(info->id);

    head = g_strconcat(prefix, ": ", id, " allocation score on ", NULL);
    head_len = strlen(head);
    for (int node = 0; node < table->n_nodes; node++) {
        const CsNode *node_info = g_ptr_array_index(solution->model->nodes, node);
        /* an escaped name is at most four times as long */
        if (table->allowed[node])
            room += head_len + 4 * strlen(node_info->uname) + 2
                    + CS_SCORE_BUFSIZE + 1;
    }
    gsize start = out->len;
    g_string_set_size(out, start + room);
    char *cursor = out->str + start;
    for (int i = 0; i < table->n_nodes; i++) {
        int node = node_order[i];
        const CsNode *node_info;

        if (!table->allowed[node])
            continue;
        node_info = g_ptr_array_index(solution->model->nodes, node);
        g_autofree char *escaped = cs_text_needs_escape(node_info->uname)
                                   ? cs_escape_text(node_info->uname) : NULL;
        const char *uname = escaped != NULL ? escaped : node_info->uname;
        size_t uname_len = strlen(uname);
        memcpy(cursor, head, head_len);
        cursor += head_len;
        memcpy(cursor, uname, uname_len);
        cursor += uname_len;
        *cursor++ = ':';
        *cursor++ = ' ';
        cursor = write_score(cursor, table->score[node]);
        *cursor++ = '\n';
    }
    g_string_truncate(out, (gsize)(cursor - out->str));
}

void cs_print_log(CsSolution *solution, CsPrintKind kind, int index)
{
    CsPrintEvent event = { index, kind };

    if (solution->print_log == NULL)
        solution->print_log = g_array_new(FALSE, FALSE, sizeof(CsPrintEvent));
    g_array_append_val(solution->print_log, event);
}

/* Where score lines go: with a flush, out is handed over once it holds
 * this much. */
#define CS_SCORES_FLUSH_BYTES ((gsize)256 * 1024)

typedef struct ScoreSink {
    GString *out;
    CsFlushFunc flush;         /* NULL: everything stays in out */
    gpointer data;
} ScoreSink;

static void maybe_flush(ScoreSink *sink)
{
    if (sink->flush == NULL || sink->out->len < CS_SCORES_FLUSH_BYTES)
        return;
    sink->flush(sink->out, sink->data);
    g_string_truncate(sink->out, 0);
}

static const char *const print_prefix[] = {
    [CS_PRINT_CLONE] = "pcmk__clone_allocate",
    [CS_PRINT_GROUP] = "pcmk__group_assign",
    [CS_PRINT_PRIMITIVE] = "pcmk__primitive_assign",
};

/* The tables one resource printed under kind, oldest first: those of
 * assignments rolled back (clone.c), then the one that stands. */
static const CsTable *printed_nth(const CsSolution *solution, int rsc,
                                  CsPrintKind kind, int nth)
{
    const CsRscWork *work = &solution->work[rsc];
    gboolean group_kind = kind == CS_PRINT_GROUP;
    const CsResource *info = g_ptr_array_index(solution->model->resources, rsc);
    gboolean is_group = info->kind == CS_RSC_GROUP;
    const GPtrArray *rolled = NULL;
    const CsTable *standing = work->clone_printed;

    if (kind != CS_PRINT_CLONE) {
        gboolean own = !group_kind || is_group;
        rolled = own ? work->rolled_back : work->rolled_back_group;
        standing = own ? work->printed : work->group_printed;
    }
    if (rolled != NULL && nth < (int)rolled->len)
        return g_ptr_array_index(rolled, nth);
    nth -= rolled != NULL ? (int)rolled->len : 0;
    return nth == 0 ? standing : NULL;
}

static void print_promotion_line(const GPtrArray *lines, int line,
                                 GString *out)
{
    if (line < 0 || line >= (int)lines->len)
        return;
    g_autofree char *escaped = cs_escape_text(g_ptr_array_index(lines, line));
    g_string_append(out, escaped);
    g_string_append_c(out, '\n');
}

/* crm_simulate -sSQ prints each table as the scheduler reaches it (see
 * cs_print_log), its nodes in Pacemaker's natural uname order, and ends
 * with an empty line. */
void cs_solution_stream_scores(const CsSolution *solution, GString *out,
                               CsFlushFunc flush, gpointer data)
{
    ScoreSink sink = { out, flush, data };
    g_autofree int *node_order = sorted_indices(solution->n_nodes,
                                                compare_unames_natural,
                                                solution->model);
    g_autofree int *seen = g_new0(int, 3 * (gsize)solution->n_rsc + 1);
    const GArray *log = solution->print_log;
    g_autoptr(GPtrArray) promotion = g_ptr_array_new_with_free_func(g_free);

    cs_promote_print_scores(solution, promotion);
    for (guint i = 0; log != NULL && i < log->len; i++) {
        const CsPrintEvent *event = &g_array_index(log, CsPrintEvent, i);

        if (event->kind == CS_PRINT_PROMOTION) {
            print_promotion_line(promotion, event->index, out);
            continue;
        }
        int nth = seen[3 * event->index + (int)event->kind]++;
        print_table(solution, print_prefix[event->kind], event->index,
                    printed_nth(solution, event->index, event->kind, nth),
                    node_order, out);
        maybe_flush(&sink);
    }
    g_string_append_c(out, '\n');
}

void cs_solution_print_scores(const CsSolution *solution, GString *out)
{
    cs_solution_stream_scores(solution, out, NULL, NULL);
}

/* ---- explanations ----------------------------------------------------- */

const char *cs_contribution_kind_name(CsContributionKind kind)
{
    static const char *const names[] = {
        [CS_CONTRIB_DEFAULT] = "default",
        [CS_CONTRIB_NODE_WEIGHT] = "node weight",
        [CS_CONTRIB_HEALTH] = "node health",
        [CS_CONTRIB_LOCATION] = "location",
        [CS_CONTRIB_RULE] = "location rule",
        [CS_CONTRIB_STATUS_BAN] = "ban from status",
        [CS_CONTRIB_STICKINESS] = "stickiness",
        [CS_CONTRIB_FAIL_LIMIT] = "fail limit",
        [CS_CONTRIB_DISCOVERY] = "exclusive discovery",
        [CS_CONTRIB_COLOCATION] = "colocation",
        [CS_CONTRIB_COLOCATED] = "colocated scores",
        [CS_CONTRIB_TARGET_ROLE] = "target-role",
        [CS_CONTRIB_UNMANAGED] = "unmanaged",
        [CS_CONTRIB_UTILIZATION] = "utilization",
        [CS_CONTRIB_TICKET] = "ticket",
        [CS_CONTRIB_CLONE] = "clone instance",
        [CS_CONTRIB_PROMOTION] = "promotion",
    };

    return (guint)kind < G_N_ELEMENTS(names) ? names[kind] : "?";
}

static void explain_contribution(const CsSolution *solution,
                                 const CsContribution *why, GString *out)
{
    char buf[CS_SCORE_BUFSIZE];

    g_string_append_printf(out, "      %-10s %s", cs_score_format(why->value, buf),
                           cs_contribution_kind_name(why->kind));
    if (why->source != NULL)
        g_string_append_printf(out, " %s", why->source);
    if (why->other_rsc >= 0) {
        const CsResource *other = g_ptr_array_index(solution->model->resources,
                                                    why->other_rsc);

        g_string_append_printf(out, " (%s", other->id);
        if (why->kind == CS_CONTRIB_COLOCATED)
            g_string_append_printf(out, " x %g", why->factor);
        g_string_append(out, ")");
    }
    if (why->kind == CS_CONTRIB_FAIL_LIMIT)
        g_string_append_printf(out, " (fail count %d >= threshold %d)",
                               why->count, why->threshold);
    g_string_append_c(out, '\n');
}

static void explain_node(const CsSolution *solution, int rsc, int node,
                         GString *out)
{
    const CsNode *info = g_ptr_array_index(solution->model->nodes, node);
    const CsContribution *list;
    char buf[CS_SCORE_BUFSIZE];
    int n;

    if (!cs_solution_scored(solution, rsc, node)) {
        g_string_append_printf(out, "  %s: not allowed (opt-in cluster, no "
                               "location for it)\n", info->uname);
        return;
    }
    g_string_append_printf(out, "  %s: %s%s%s\n", info->uname,
                           cs_score_format(cs_solution_score(solution, rsc, node),
                                           buf),
                           node == solution->work[rsc].assigned ? "  <- assigned" : "",
                           cs_engine_node_available(solution, node)
                               ? "" : "  (node cannot run resources)");
    list = cs_solution_contributions(solution, rsc, node, &n);
    if (n == 0)
        g_string_append(out, "      0          default\n");
    for (int i = 0; i < n; i++)
        explain_contribution(solution, &list[i], out);
}

static const char *node_name(const CsSolution *solution, int node)
{
    return node >= 0 ? ((const CsNode *)g_ptr_array_index(
                            solution->model->nodes, node))->uname
                     : "none";
}

static const char *rsc_name(const CsSolution *solution, int rsc)
{
    return ((const CsResource *)g_ptr_array_index(solution->model->resources,
                                                  rsc))->id;
}

/* An instance's promotion priority, indented under its line. */
static void explain_priority(const CsSolution *solution, int rsc,
                             GString *out)
{
    const CsContribution *list;
    int n;

    list = cs_solution_promotion_priority(solution, rsc, &n);
    for (int i = 0; i < n; i++) {
        g_string_append(out, "    ");
        explain_contribution(solution, &list[i], out);
    }
}

/* Pacemaker Explained 10.3: the promotion score decides which instances
 * of a promotable clone are promoted, highest first. */
static void explain_promotion(const CsSolution *solution, int rsc,
                              GString *out)
{
    const CsContribution *list;
    char buf[CS_SCORE_BUFSIZE];
    CsScore score;
    int node, n;

    if (!cs_solution_promotion_score(solution, rsc, &node, &score))
        return;
    g_string_append_printf(out, "  promotion score on %s: %s  -> %s\n",
                           node_name(solution, node),
                           cs_score_format(score, buf),
                           cs_role_name(cs_solution_next_role(solution, rsc)));
    list = cs_solution_promotion_contributions(solution, rsc, &n);
    for (int i = 0; i < n; i++)
        if (list[i].kind == CS_CONTRIB_PROMOTION && list[i].other_rsc >= 0) {
            g_string_append(out, "      (the clone's score on the node with "
                            "the promotion priorities of its instances "
                            "there)\n");
            break;
        }
    if (n == 0)
        g_string_append_printf(out, "      %-10s %s\n", "0",
                               node < 0 ? "not placed: no promotion"
                                        : "default");
    for (int i = 0; i < n; i++) {
        explain_contribution(solution, &list[i], out);
        if (list[i].kind == CS_CONTRIB_PROMOTION && list[i].other_rsc >= 0)
            explain_priority(solution, list[i].other_rsc, out);
    }
}

/* A clone: where each instance will run, in which role. */
static void explain_instances(const CsSolution *solution,
                              const CsResource *clone, GString *out)
{
    g_string_append(out, "  instances:\n");
    for (guint i = 0; i < clone->children->len; i++) {
        int each = g_array_index(clone->children, int, i);
        int node = cs_solution_assigned_node(solution, each);
        CsScore score;
        int promoted_on;
        char buf[CS_SCORE_BUFSIZE];

        g_string_append_printf(out, "    %s: %s%s", rsc_name(solution, each),
                               node >= 0 ? node_name(solution, node)
                                         : "stopped",
                               cs_rsc_is_orphan(solution, each)
                               ? " (orphan: beyond clone-max)" : "");
        if (clone->promotable && node >= 0)
            g_string_append_printf(out, " (%s)", cs_role_name(
                                       cs_solution_next_role(solution, each)));
        if (cs_solution_promotion_score(solution, each, &promoted_on, &score))
            g_string_append_printf(out, ", promotion score %s",
                                   cs_score_format(score, buf));
        g_string_append_c(out, '\n');
    }
}

/* The transition's lines for rsc.  The assignment alone can mislead: a
 * resource assigned where it runs still stops when an order leaves its
 * start unrunnable (Pacemaker Explained 5.3, "Specifying the Order..."),
 * and crm_simulate says so only in the Transition Summary. */
static void explain_next_actions(const CsSolution *solution, int rsc,
                                 GString *out)
{
    g_autoptr(GPtrArray) actions = cs_solution_actions(solution);

    for (guint i = 0; i < actions->len; i++) {
        const CsPlannedAction *item = g_ptr_array_index(actions, i);

        if (item->rsc != rsc)
            continue;
        g_string_append_printf(out, "  next: %s", cs_action_kind_name(item->kind));
        if (item->from_node >= 0)
            g_string_append_printf(out, " from %s", node_name(solution, item->from_node));
        if (item->to_node >= 0 && item->to_node != item->from_node)
            g_string_append_printf(out, " to %s", node_name(solution, item->to_node));
        if (item->reason != NULL)
            g_string_append_printf(out, " due to %s", item->reason);
        g_string_append(out, item->blocked ? " (blocked)\n" : "\n");
    }
}

gboolean cs_solution_explain(const CsSolution *solution, const char *rsc,
                             const char *node, GString *out, GError **error)
{
    const CsResource *info = cs_model_resource(solution->model, rsc);
    const CsNode *node_info = NULL;
    int assigned;

    if (info == NULL) {
        g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                    "no resource named %s", rsc);
        return FALSE;
    }
    if (node != NULL && (node_info = cs_model_node(solution->model, node)) == NULL) {
        g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                    "no node named %s", node);
        return FALSE;
    }
    /* A clone's configured child is only copied by its instances. */
    if (cs_rsc_is_template(solution, info->index)) {
        const CsResource *clone = info;

        while (clone->parent >= 0 && clone->kind != CS_RSC_CLONE)
            clone = g_ptr_array_index(solution->model->resources,
                                      clone->parent);
        g_string_append_printf(out, "%s: configured in clone %s, placed "
                               "as its instances (%s:0, %s:1, ...)\n",
                               info->id, clone->id, info->id, info->id);
        if (clone->kind == CS_RSC_CLONE)
            explain_instances(solution, clone, out);
        return TRUE;
    }
    assigned = solution->work[info->index].assigned;
    if (info->kind == CS_RSC_CLONE) {
        int placed = 0, promoted = 0, configured = 0;

        for (guint i = 0; i < info->children->len; i++) {
            int each = g_array_index(info->children, int, i);

            /* Orphans (histories beyond clone-max) only stop. */
            configured += !cs_rsc_is_orphan(solution, each);
            placed += cs_solution_assigned_node(solution, each) >= 0;
            promoted += cs_solution_next_role(solution, each)
                        == CS_ROLE_PROMOTED;
        }
        g_string_append_printf(out, "%s: clone, %d of %d instances placed",
                               info->id, placed, configured);
        if (info->promotable)
            g_string_append_printf(out, ", %d promoted", promoted);
        g_string_append(out, " (its own allocation scores below)\n");
    } else {
        g_string_append_printf(out, "%s: %s\n", info->id,
                               assigned >= 0
                               ? ((const CsNode *)g_ptr_array_index(
                                      solution->model->nodes, assigned))->uname
                               : "stopped (no node with a non-negative score "
                                 "can run it)");
    }
    for (int each = 0; each < solution->n_nodes; each++) {
        if (node_info == NULL || node_info->index == each)
            explain_node(solution, info->index, each, out);
    }
    explain_promotion(solution, info->index, out);
    if (info->kind == CS_RSC_CLONE)
        explain_instances(solution, info, out);
    else
        explain_next_actions(solution, info->index, out);
    return TRUE;
}
