/* solve.c: the solve driver, top of the engine.
 *
 * cs_solve() runs Pacemaker's scheduling steps in order on a model:
 * refuse what is not modelled yet (unsupported.c), make the engine's own
 * view with clone instances (expand.c), node criteria and assignment
 * (assign.c and below), then check what only a solve can show.  Covers
 * primitives, groups, clones and promotable clones (Pacemaker Explained
 * 2.1, "Resource Types", "Resource Constraints", "Clones"); anything else
 * the CIB uses makes cs_solve() fail with CS_ENGINE_ERROR_UNSUPPORTED
 * naming it, so that no guess is ever printed as an answer.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_internal.h"
#include "engine/unsupported.h"

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

    if (model == NULL || !cs_engine_check_supported(model, error)) {
        cs_arena_free(solution->arena);
        g_free(solution);
        return NULL;
    }
    /* Clone instances and ticket-fenced nodes: the engine's own view. */
    expansion = cs_expansion_new(model, &cs_bundle_expander, &local);
    if (local != NULL) {
        g_propagate_error(error, local);
        cs_arena_free(solution->arena);
        g_free(solution);
        return NULL;
    }
    solution->expansion = expansion;
    if (expansion != NULL)
        model = cs_expansion_model(expansion);
    if (expansion != NULL
        && (!cs_clones_check_supported(model, error)
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
    solution->placers = &cs_placers;
    solution->capacity_circle_rsc = -1;
    cs_apply_node_criteria(solution, error);
    cs_capacity_init(solution);
    cs_assign_all(solution);
    if (solution->merges_left <= 0 || solution->merge_items_left <= 0) {
        g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                    "colocations too dense to follow (more than %" G_GINT64_FORMAT
                    " score merges or %" G_GINT64_FORMAT " contributions carried,"
                    " as with large non-sequential colocation sets) are not "
                    "modelled yet",
                    CS_MERGE_BUDGET, CS_MERGE_ITEM_BUDGET);
        cs_solution_free(solution);
        return NULL;
    }
    if (solution->capacity_circle_rsc >= 0) {
        const CsResource *rsc = g_ptr_array_index(model->resources, solution->capacity_circle_rsc);

        cs_engine_refuse(error,
                         "%s: under placement-strategy=balanced, equally scored nodes whose "
                         "capacities compare in a circle (which one Pacemaker picks depends on "
                         "its hash-table order) are not modelled yet",
                         rsc->id);
        cs_solution_free(solution);
        return NULL;
    }
    if (!cs_dangling_moves_supported(solution, error)
        || !cs_stopped_migration_moves_supported(solution, error)
        || !cs_unexpected_unknown_migration_supported(solution, error)
        || !cs_remote_check_supported(solution, error)
        || !cs_bundle_check_placed(solution, error)
        || !cs_promote_check_role_pairs(solution, error)) {
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
        if (work->bundle_printed != NULL)
            g_ptr_array_unref(work->bundle_printed);
        if (work->rolled_back)
            g_ptr_array_free(work->rolled_back, TRUE);
        if (work->rolled_back_group)
            g_ptr_array_free(work->rolled_back_group, TRUE);
        g_free(work->discover_exclusive);
        g_free(work->criteria_allowed);
        cs_coloc_list_free(work->this_with);
        cs_coloc_list_free(work->with_this);
    }
    g_free(solution->work);
    g_ptr_array_free(solution->colocs, TRUE);
    g_free(solution->num_assigned);
    g_free(solution->node_available);
    g_free(solution->remote_unchecked);
    g_free(solution->remote_checked);
    g_free(solution->name_rank);
    g_free(solution->uname_class);
    g_free(solution->sorted_nodes);
    g_free(solution->location_scores);
    g_free(solution->location_listed);
    g_free(solution->transition_text);
    if (solution->print_log != NULL)
        g_array_free(solution->print_log, TRUE);
    cs_transition_free(solution->transition);
    if (solution->assign_order)
        g_array_free(solution->assign_order, TRUE);
    cs_capacity_free(solution);
    cs_clones_free(solution);
    cs_expansion_free(solution->expansion);
    /* Last: the tables above came from it. */
    cs_arena_free(solution->arena);
    g_free(solution);
}
