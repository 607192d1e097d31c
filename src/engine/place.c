/* place.c: the one door to placing a resource of any kind.
 *
 * cs_assign() is what every kind calls to place a member or a primary;
 * it turns to the kind's own placer through solution->placers (filled
 * by assign.c, a floor above), so the kinds and this file call one way
 * (doc/DESIGN.md, "Engine floors").  Below it stand the raw steps of
 * putting one primitive on a node, or on none.
 */
#include "engine/engine_internal.h"

static const CsResource *rsc_of(const CsSolution *solution, int rsc)
{
    return g_ptr_array_index(solution->model->resources, rsc);
}
/* A primitive put on node, or stopped for node -1; the node's count and
 * capacity (placement-strategy, Pacemaker Explained 2.1, "Utilization
 * and Placement Strategy") go with it. */
void cs_assign_to(CsSolution *solution, int rsc, int node)
{
    CsRscWork *work = &solution->work[rsc];

    work->provisional = FALSE;
    work->assigned = node;
    if (node >= 0) {
        solution->num_assigned[node]++;
        cs_capacity_consume(solution, rsc, node);
    } else {
        work->next_role = CS_ROLE_STOPPED;
    }
}

/* Pacemaker's pcmk__assign_resource() to no node, forced: a primitive
 * and every member below rsc, unassigned first if need be. */
void cs_assign_nowhere(CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);
    CsRscWork *work = &solution->work[rsc];

    for (guint i = 0; i < info->children->len; i++)
        cs_assign_nowhere(solution, g_array_index(info->children, int, i));
    if (info->kind != CS_RSC_PRIMITIVE)
        return;
    if (!work->provisional && work->assigned >= 0) {
        solution->num_assigned[work->assigned]--;
        cs_capacity_release(solution, rsc, work->assigned);
    }
    cs_assign_to(solution, rsc, -1);
}

/* Pacemaker's assign method of each variant: the resource's node, or -1. */
int cs_assign(CsSolution *solution, int rsc)
{
    const CsPlacers *placers = solution->placers;

    if (rsc_of(solution, rsc)->kind == CS_RSC_CLONE)
        return placers->assign_clone(solution, rsc);
    if (rsc_of(solution, rsc)->kind == CS_RSC_GROUP)
        return placers->assign_group(solution, rsc);
    if (rsc_of(solution, rsc)->kind == CS_RSC_BUNDLE)
        return placers->assign_bundle(solution, rsc);
    return placers->assign_primitive(solution, rsc);
}

int cs_instance_location(const CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);
    int node = -1;

    if (info->kind != CS_RSC_GROUP)
        return solution->work[rsc].assigned;
    for (guint i = 0; i < info->children->len; i++) {
        int where = solution->work[g_array_index(info->children, int, i)].assigned;

        if (where < 0 || where == node)
            continue;
        if (node >= 0)
            return -1;
        node = where;
    }
    return node;
}
