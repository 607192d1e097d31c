/* bundle_colocation.c: colocations with bundles, beyond a primitive of
 * its own on the other side (engine/bundle.c answers those).
 *
 * Pacemaker Explained 2.1, "Bundles": a bundle may be colocated with
 * other resources as a whole; its replicas' containers stand for it.
 * What Pacemaker 2.1.5 does with each shape, checked with the oracle:
 *
 * - a bundle (with or without a resource inside) as the dependent of a
 *   clone, promotable or not, a role of it or none: each container takes
 *   the colocation as a primitive colocated with that clone would
 *   (engine/clone.c), the bundle interleaving with nothing;
 * - a bundle with a resource inside as the dependent of a primitive, as
 *   bundle.c answers one without;
 * - a clone of a primitive or a bundle as the dependent of a bundle: each
 *   instance or container is paired with one replica (below);
 * - a group as the dependent of a bundle: its members follow the
 *   bundle's containers as they follow any primary;
 * - a primitive or a group as the dependent of a role of a bundle: at
 *   INFINITY only the nodes of replicas whose instance takes that role
 *   count (none without a resource inside); at a finite score the role
 *   of a container, Started, never matches Promoted or Unpromoted, so
 *   the colocation changes nothing; a clone or a bundle likewise below
 *   INFINITY;
 * - a role of a promotable bundle as the dependent of a primitive or a
 *   clone: it weighs on promotion only, and with no history nothing is
 *   promoted.
 *
 * Every shape was checked from a fresh start (probes that found things
 * stopped aside), and with replicas that ran (containers, addresses and
 * connections; a promotable bundle that ran is refused by
 * bundle_promote.c, the history of the resource inside on its guest
 * nodes by bundle.c): running containers are paired and ordered as
 * fresh ones (checked with the oracle).
 *
 * Not modelled, so refused by bundle.c: a clone or a bundle with a role
 * of a bundle at INFINITY, a role of the bundle as the dependent of a
 * bundle or when it is not promotable, a clone of a group with a
 * bundle, a node attribute other than the node's name, colocations the
 * two ways between a bundle and one resource, and sides requiring
 * different things (see bundle.c).
 */
#include <string.h>

#include "engine/bundle_colocation.h"
#include "engine/bundle_promote.h"
#include "engine/clone_internal.h"

static const CsResource *rsc_of(const CsModel *model, int rsc)
{
    return g_ptr_array_index(model->resources, rsc);
}

/* Whether rsc and everything under it require what requires says (a
 * side needing less may start where the other cannot, which the engine
 * does not follow: bundle.c). */
static gboolean requires_alike(const CsModel *model, int rsc, const char *requires)
{
    const CsResource *info = rsc_of(model, rsc);

    if (info->kind == CS_RSC_PRIMITIVE)
        return g_strcmp0(info->requires, requires) == 0;
    for (guint i = 0; i < info->children->len; i++)
        if (!requires_alike(model, g_array_index(info->children, int, i), requires))
            return FALSE;
    return TRUE;
}

static gboolean by_node_name(const CsColocation *coloc)
{
    return coloc->node_attribute == NULL || strcmp(coloc->node_attribute, "#uname") == 0;
}

/* The bundle as the dependent: a clone, a primitive or a bundle of its
 * own; a role of the bundle only when it is promotable and the primary
 * no bundle; a role of the primary when it is a clone, or a bundle below
 * INFINITY (with_bundle() on the other side). */
static gboolean bundle_as_dependent(const CsModel *model, const CsColocation *coloc, int bundle)
{
    const CsResource *primary = rsc_of(model, coloc->with_rsc);

    if (primary->parent >= 0)
        return FALSE;
    if (coloc->rsc_role != CS_ROLE_UNKNOWN
        && (rsc_of(model, bundle)->bundle->promoted_max == 0 || primary->kind == CS_RSC_BUNDLE))
        return FALSE;
    if (primary->kind == CS_RSC_BUNDLE)
        return coloc->with_role == CS_ROLE_UNKNOWN || coloc->score < CS_INFINITY;
    if (primary->kind == CS_RSC_PRIMITIVE)
        return coloc->with_role == CS_ROLE_UNKNOWN;
    return primary->kind == CS_RSC_CLONE;
}

static gboolean clones_primitive(const CsModel *model, const CsResource *clone)
{
    return clone->children->len > 0
           && rsc_of(model, g_array_index(clone->children, int, 0))->kind == CS_RSC_PRIMITIVE;
}

/* The bundle as the primary: a primitive or a group of its own, a role
 * of the bundle or none; a clone of a primitive or a bundle, a role of
 * the bundle only below INFINITY (checked with the oracle: at INFINITY
 * with the promoted role Pacemaker starts the instances the engine
 * blocks, and a promotable clone prints its promotion score on no
 * node). */
static gboolean with_bundle(const CsModel *model, const CsColocation *coloc)
{
    const CsResource *dependent = rsc_of(model, coloc->rsc);

    if (dependent->parent >= 0 || coloc->rsc_role != CS_ROLE_UNKNOWN)
        return FALSE;
    if (dependent->kind == CS_RSC_GROUP || dependent->kind == CS_RSC_PRIMITIVE)
        return TRUE;
    if (dependent->kind == CS_RSC_CLONE && !clones_primitive(model, dependent))
        return FALSE;
    return coloc->with_role == CS_ROLE_UNKNOWN || coloc->score < CS_INFINITY;
}

gboolean cs_bundle_colocation_modelled(const CsModel *model, const CsColocation *coloc, int bundle)
{
    int other = coloc->rsc == bundle ? coloc->with_rsc : coloc->rsc;

    if (other == bundle || !by_node_name(coloc)
        || !requires_alike(model, other, rsc_of(model, bundle)->requires))
        return FALSE;
    if (coloc->rsc == bundle)
        return bundle_as_dependent(model, coloc, bundle);
    return with_bundle(model, coloc);
}

/* Checked with the oracle: a bundle colocated with a resource that is
 * colocated with it in turn is placed otherwise than the engine does. */
gboolean cs_bundle_colocations_supported(const CsModel *model, int bundle, GError **error)
{
    for (guint i = 0; i < model->colocations->len; i++) {
        const CsColocation *coloc = g_ptr_array_index(model->colocations, i);

        if (coloc->rsc != bundle)
            continue;
        for (guint k = 0; k < model->colocations->len; k++) {
            const CsColocation *back = g_ptr_array_index(model->colocations, k);

            if (back->with_rsc == bundle && back->rsc == coloc->with_rsc)
                return cs_engine_refuse(error,
                                        "bundle %s: colocations both ways between a "
                                        "bundle and one resource (%s, %s) are not "
                                        "modelled yet",
                                        rsc_of(model, bundle)->id, coloc->id, back->id);
        }
    }
    return TRUE;
}

/* Pacemaker Explained 2.1, "Bundles" and "Promotable clones": a
 * colocation with a role of the bundle counts at INFINITY only the
 * replicas whose instance takes that role; a container has no role of
 * its own beyond Started. */
gboolean cs_bundle_replica_counts(const CsSolution *solution, const CsColoc *coloc, int instance)
{
    if (coloc->primary_role < CS_ROLE_PROMOTED)
        return TRUE;
    return instance >= 0 && solution->work[instance].next_role >= CS_ROLE_PROMOTED;
}

/* ---- a clone or a bundle with a bundle: paired with one replica -------
 *
 * Checked with the oracle: when the colocation's dependent is a clone or
 * a bundle, each of its instances (a clone's instance, a bundle's
 * container) is paired with one replica of the primary bundle, the one
 * whose container runs on the instance's node, or else on the first of
 * the instance's allowed nodes (best score first, then fewer resources
 * assigned, then name) that has one; the colocation then applies as
 * between two primitives, the instance with that container.  With no
 * such replica, a colocation at INFINITY leaves the instance stopped. */

/* The container of one of bundle's replicas on node, or -1. */
static int container_on(const CsSolution *solution, int bundle, int node)
{
    const CsResource *info = rsc_of(solution->model, bundle);

    for (guint i = 0; i < info->children->len; i++) {
        int child = g_array_index(info->children, int, i);

        if (cs_bundle_is_container(solution, child) && solution->work[child].assigned == node
            && !cs_ticket_blocked(solution, child))
            return child;
    }
    return -1;
}

static int compatible_container(const CsSolution *solution, int dependent, int bundle)
{
    const CsRscWork *work = &solution->work[dependent];
    g_autoptr(GArray) nodes = NULL;

    if (!work->provisional && work->assigned >= 0)
        return container_on(solution, bundle, work->assigned);
    nodes = cs_clone_sorted_nodes(solution, work->table);
    for (guint i = 0; i < nodes->len; i++) {
        int found = container_on(solution, bundle, g_array_index(nodes, int, i));

        if (found >= 0)
            return found;
    }
    return -1;
}

gboolean cs_bundle_apply_paired(CsSolution *solution, int dependent, int bundle,
                                const CsColoc *coloc)
{
    CsRscKind kind = rsc_of(solution->model, coloc->dependent)->kind;
    int container;

    if (kind != CS_RSC_CLONE && kind != CS_RSC_BUNDLE)
        return FALSE;
    container = compatible_container(solution, dependent, bundle);
    if (container >= 0) {
        cs_apply_coloc_score(solution, dependent, container, coloc);
    } else if (coloc->score >= CS_INFINITY) {
        for (int node = 0; node < solution->n_nodes; node++)
            cs_table_add(solution->work[dependent].table, node,
                         &(CsContribution){.kind = CS_CONTRIB_COLOCATION,
                                           .source = coloc->id,
                                           .other_rsc = bundle,
                                           .value = -CS_INFINITY});
        cs_assign_nowhere(solution, dependent);
    }
    return TRUE;
}

/* ---- orders ------------------------------------------------------------
 *
 * Pacemaker Explained 2.1, "Bundles" and "Ordering Constraints": an order
 * with a bundle orders its pseudo-actions (its start and running, its
 * stop and stopped), which gate its containers, as a clone's gate its
 * instances (engine/propagate.c).  Checked with the oracle for a
 * primitive, a clone, a promotable clone, a group and a bundle (with or
 * without a resource inside) on the other side, either way, mandatory or
 * optional, symmetrical or not, starts, stops and promotions, with the
 * first side able to start or not.  A promotable bundle's promote and
 * demote are pseudo-actions of its own, runnable when an instance of its
 * resource inside promotes or demotes (engine/actions.c, propagate.c:
 * "due to unrunnable NAME promoted"; checked from a fresh start, where
 * none is promoted).  Not modelled: serialized orders, resource sets. */

static gboolean known_action(const char *action)
{
    return action != NULL
           && (strcmp(action, "start") == 0 || strcmp(action, "stop") == 0
               || strcmp(action, "promote") == 0 || strcmp(action, "demote") == 0);
}


gboolean cs_bundle_order_modelled(const CsModel *model, const CsOrder *order, int bundle)
{
    int other = order->first == bundle ? order->then : order->first;
    const char *own = order->first == bundle ? order->first_action : order->then_action;
    const char *theirs = order->first == bundle ? order->then_action : order->first_action;

    return other != bundle && rsc_of(model, other)->parent < 0
           && order->set_id == NULL && order->require_all_group < 0
           && order->kind != CS_ORDER_SERIALIZE && known_action(own)
           && known_action(theirs);
}
