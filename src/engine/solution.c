/* solution.c: read access to a solution (engine.h): scores, placements,
 * roles and the contributions each score was made of, by index. */
#include "engine/engine_internal.h"

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
    return work->next_role == CS_ROLE_UNKNOWN ? CS_ROLE_STARTED : work->next_role;
}

const CsContribution *cs_solution_contributions(const CsSolution *solution, int rsc, int node,
                                                int *n_out)
{
    const CsTable *table = printed_table(solution, rsc);

    *n_out = 0;
    if (table == NULL || !table->allowed[node])
        return NULL;
    return cs_table_contributions(table, node, n_out);
}

gboolean cs_solution_is_template(const CsSolution *solution, int rsc)
{
    return cs_rsc_is_template(solution, rsc);
}

int cs_solution_left_out_bundle(const CsSolution *solution, int rsc)
{
    const CsResource *info = g_ptr_array_index(solution->model->resources, rsc);

    if (cs_bundle_is_dropped(solution->model, rsc))
        return rsc;
    if (info->parent >= 0 && cs_bundle_is_dropped(solution->model, info->parent))
        return info->parent;
    return -1;
}

gboolean cs_solution_is_orphan(const CsSolution *solution, int rsc)
{
    return cs_rsc_is_orphan(solution, rsc);
}

gboolean cs_solution_node_available(const CsSolution *solution, int node)
{
    return cs_engine_node_available(solution, node);
}
