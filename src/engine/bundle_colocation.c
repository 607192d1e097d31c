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
 * - a group as the dependent of a bundle: its members follow the
 *   bundle's containers as they follow any primary;
 * - a primitive as the dependent of a role of a bundle: at INFINITY only
 *   the nodes of replicas whose instance takes that role count (none
 *   without a resource inside); at a finite score the role of a
 *   container, Started, never matches Promoted or Unpromoted, so the
 *   colocation changes nothing.
 *
 * Not modelled, so refused by bundle.c: a clone or a bundle as the
 * dependent of a bundle (Pacemaker pairs each of the dependent's
 * instances with one replica, as interleaving clones pair), a role on
 * the bundle's side as a dependent, a node attribute other than the
 * node's name, colocations the two ways between a bundle and one
 * resource, and sides requiring different things (see bundle.c).
 */
#include <string.h>

#include "engine/bundle_colocation.h"

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

/* The bundle as the dependent: a clone of its own as the primary. */
static gboolean bundle_with_clone(const CsModel *model, const CsColocation *coloc)
{
    const CsResource *primary = rsc_of(model, coloc->with_rsc);

    return primary->kind == CS_RSC_CLONE && primary->parent < 0
           && coloc->rsc_role == CS_ROLE_UNKNOWN;
}

/* The bundle as the primary: a group of its own with no role, or a
 * primitive of its own with a role of the bundle. */
static gboolean with_bundle(const CsModel *model, const CsColocation *coloc)
{
    const CsResource *dependent = rsc_of(model, coloc->rsc);

    if (dependent->parent >= 0 || coloc->rsc_role != CS_ROLE_UNKNOWN)
        return FALSE;
    if (dependent->kind == CS_RSC_GROUP)
        return coloc->with_role == CS_ROLE_UNKNOWN;
    return dependent->kind == CS_RSC_PRIMITIVE;
}

gboolean cs_bundle_colocation_modelled(const CsModel *model, const CsColocation *coloc, int bundle)
{
    int other = coloc->rsc == bundle ? coloc->with_rsc : coloc->rsc;

    if (other == bundle || !by_node_name(coloc)
        || !requires_alike(model, other, rsc_of(model, bundle)->requires))
        return FALSE;
    if (coloc->rsc == bundle)
        return bundle_with_clone(model, coloc);
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

/* ---- orders ------------------------------------------------------------
 *
 * Pacemaker Explained 2.1, "Bundles" and "Ordering Constraints": an order
 * with a bundle orders its pseudo-actions (its start and running, its
 * stop and stopped), which gate its containers, as a clone's gate its
 * instances (engine/propagate.c).  Checked with the oracle for a
 * primitive, a clone, a promotable clone, a group and a bundle (with or
 * without a resource inside) on the other side, either way, mandatory or
 * optional, symmetrical or not, starts, stops and promotions, with the
 * first side able to start or not.  Not modelled: the promotion of a
 * promotable bundle in an order (Pacemaker gives the bundle promote and
 * promoted pseudo-actions of its own, "due to unrunnable NAME promoted"),
 * serialized orders, resource sets. */

static gboolean known_action(const char *action)
{
    return action != NULL
           && (strcmp(action, "start") == 0 || strcmp(action, "stop") == 0
               || strcmp(action, "promote") == 0 || strcmp(action, "demote") == 0);
}

/* The action of the bundle's side: a promotable bundle's promote or
 * demote is not modelled. */
static gboolean bundle_action_modelled(const CsResource *bundle, const char *action)
{
    if (!known_action(action))
        return FALSE;
    return bundle->bundle->promoted_max == 0
           || (strcmp(action, "promote") != 0 && strcmp(action, "demote") != 0);
}

gboolean cs_bundle_order_modelled(const CsModel *model, const CsOrder *order, int bundle)
{
    int other = order->first == bundle ? order->then : order->first;
    const CsResource *info = rsc_of(model, bundle);
    const char *own = order->first == bundle ? order->first_action : order->then_action;
    const char *theirs = order->first == bundle ? order->then_action : order->first_action;

    return other != bundle && rsc_of(model, other)->parent < 0 && order->set_id == NULL
           && order->require_all_group < 0 && order->kind != CS_ORDER_SERIALIZE
           && bundle_action_modelled(info, own) && known_action(theirs);
}
