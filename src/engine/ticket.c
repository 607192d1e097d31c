/* ticket.c: rsc_ticket constraints (Pacemaker Explained 2.1, "Multi-Site
 * Clusters and Tickets").
 *
 * A resource that depends on a ticket may run only while the ticket is
 * granted and not in standby.  Pacemaker 2.1.5 applies the consequences
 * when it unpacks the constraint, before any location, to each primitive
 * under the named resource: a resource not active is banned everywhere
 * ("__no_ticket__", "__ticket_standby__"); an active one loses the ticket
 * according to loss-policy: stop (banned, "__loss_of_ticket__"), demote
 * (only its promotion is banned, see promote.c), fence (banned and its
 * nodes fenced, "deadman ticket was lost"), freeze (left where it is,
 * unmanaged).  A constraint with rsc-role=Promoted bans only the promoted
 * role unless loss-policy=stop.
 */
#include <string.h>

#include "engine/engine_internal.h"

typedef enum { LOSS_STOP, LOSS_DEMOTE, LOSS_FENCE, LOSS_FREEZE } LossPolicy;

static guint constraint_count(const CsModel *model)
{
    return model->ticket_constraints != NULL ? model->ticket_constraints->len : 0;
}

/* The i-th ticket constraint, and in *ticket the ticket it names (NULL
 * when the CIB says nothing of it). */
static const CsTicketConstraint *constraint_at(const CsModel *model, guint i,
                                               const CsTicket **ticket)
{
    const CsTicketConstraint *constraint = g_ptr_array_index(model->ticket_constraints, i);

    *ticket = cs_model_find_ticket(model, constraint->ticket);
    return constraint;
}

/* loss-policy as Pacemaker reads it: fence needs fencing enabled; with
 * no policy given, a constraint on the promoted role demotes. */
static LossPolicy loss_policy(const CsModel *model, const CsTicketConstraint *constraint)
{
    g_autofree char *given =
        constraint->xml != NULL
            ? (char *)xmlGetProp(constraint->xml, (const xmlChar *)"loss-policy")
            : NULL;
    const char *policy = constraint->loss_policy;

    if (given == NULL && constraint->rsc_role == CS_ROLE_PROMOTED)
        return LOSS_DEMOTE;
    if (policy == NULL || strcmp(policy, "stop") == 0)
        return LOSS_STOP;
    if (strcmp(policy, "fence") == 0)
        return model->options.stonith_enabled ? LOSS_FENCE : LOSS_STOP;
    if (strcmp(policy, "freeze") == 0)
        return LOSS_FREEZE;
    if (strcmp(policy, "demote") == 0)
        return LOSS_DEMOTE;
    return constraint->rsc_role == CS_ROLE_PROMOTED ? LOSS_DEMOTE : LOSS_STOP;
}

static void ban_everywhere(CsSolution *solution, int rsc, const char *why)
{
    for (int node = 0; node < solution->n_nodes; node++)
        cs_table_add_simple(solution->work[rsc].table, node, CS_CONTRIB_TICKET, why, -CS_INFINITY);
}

static gboolean role_matches(const CsSolution *solution, int rsc,
                             const CsTicketConstraint *constraint)
{
    return constraint->rsc_role == CS_ROLE_UNKNOWN
           || constraint->rsc_role == solution->work[rsc].role;
}

static void fence_running_nodes(CsSolution *solution, int rsc)
{
    const CsModel *model = solution->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        CsNode *node;

        if (state->rsc != rsc || state->role < CS_ROLE_STARTED)
            continue;
        node = g_ptr_array_index(model->nodes, state->node);
        if (solution->clones->fence_reason[state->node] == NULL && !node->unclean)
            solution->clones->fence_reason[state->node] = "deadman ticket was lost";
        /* The engine's own copy of the node (expand.c). */
        node->unclean = TRUE;
        solution->node_available[state->node] = FALSE;
    }
}

static void lose_ticket(CsSolution *solution, int rsc, const CsTicketConstraint *constraint,
                        LossPolicy policy)
{
    switch (policy) {
    case LOSS_STOP: ban_everywhere(solution, rsc, "__loss_of_ticket__"); break;
    case LOSS_DEMOTE:
        if (constraint->rsc_role != CS_ROLE_PROMOTED)
            ban_everywhere(solution, rsc, "__loss_of_ticket__");
        break;
    case LOSS_FENCE:
        if (!role_matches(solution, rsc, constraint))
            return;
        ban_everywhere(solution, rsc, "__loss_of_ticket__");
        fence_running_nodes(solution, rsc);
        break;
    case LOSS_FREEZE:
        if (!role_matches(solution, rsc, constraint))
            return;
        if (!solution->clones->ticket_blocked[rsc])
            solution->clones->ticket_unmanaged[rsc] = solution->work[rsc].managed;
        solution->work[rsc].managed = FALSE;
        solution->clones->ticket_blocked[rsc] = TRUE;
        break;
    }
}

/* Whether rsc is the resource inside a bundle, a child of the clone
 * the bundle makes. */
static gboolean inner_of_bundle(const CsSolution *solution, int rsc)
{
    const CsModel *model = solution->model;
    const CsResource *info = g_ptr_array_index(model->resources, rsc);
    const CsResource *clone =
        info->parent >= 0 ? g_ptr_array_index(model->resources, info->parent) : NULL;

    return clone != NULL && clone->kind == CS_RSC_CLONE && clone->parent >= 0
           && ((const CsResource *)g_ptr_array_index(model->resources, clone->parent))->kind
                  == CS_RSC_BUNDLE;
}

/* Whether the ticket's resource is one the scheduler finds by its name.
 * The resource inside a bundle is found only through a history recorded
 * under its name (an instance renamed from it): checked with the oracle,
 * with none (a fresh start) the ticket changes nothing; with one, on any
 * replica, it reaches every instance, as a ticket of the bundle's clone
 * would (Pacemaker Explained 2.1, "Bundles" and "Ticket Constraints"). */
static gboolean named_in_cluster(const CsSolution *solution, int rsc)
{
    const CsModel *model = solution->model;
    const CsResource *info = g_ptr_array_index(model->resources, rsc);

    if (!cs_rsc_is_template(solution, rsc) || !inner_of_bundle(solution, rsc))
        return TRUE;
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (g_strcmp0(state->rsc_id, info->id) == 0)
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker applies a ticket to the primitives under the resource. */
static void apply_to(CsSolution *solution, int rsc, const CsTicketConstraint *constraint,
                     const CsTicket *ticket, LossPolicy policy)
{
    const CsResource *info = g_ptr_array_index(solution->model->resources, rsc);
    gboolean granted = ticket != NULL && ticket->granted;

    /* A ticket naming the resource inside a bundle reaches its
     * instances (engine/bundle.c). */
    if (cs_rsc_is_template(solution, rsc) && inner_of_bundle(solution, rsc))
        info = g_ptr_array_index(solution->model->resources, info->parent);
    if (info->children->len > 0) {
        for (guint i = 0; i < info->children->len; i++)
            apply_to(solution, g_array_index(info->children, int, i), constraint, ticket, policy);
        return;
    }
    if (!granted && solution->work[rsc].n_running > 0) {
        lose_ticket(solution, rsc, constraint, policy);
    } else if (!granted) {
        if (constraint->rsc_role != CS_ROLE_PROMOTED || policy == LOSS_STOP)
            ban_everywhere(solution, rsc, "__no_ticket__");
    } else if (ticket->standby) {
        if (constraint->rsc_role != CS_ROLE_PROMOTED || policy == LOSS_STOP)
            ban_everywhere(solution, rsc, "__ticket_standby__");
    }
}

void cs_tickets_apply(CsSolution *solution)
{
    const CsModel *model = solution->model;
    const CsTicket *ticket;

    for (guint i = 0; i < constraint_count(model); i++) {
        const CsTicketConstraint *constraint = constraint_at(model, i, &ticket);

        if (constraint->rsc < 0 || !named_in_cluster(solution, constraint->rsc))
            continue;
        if (ticket != NULL && ticket->granted && !ticket->standby)
            continue;
        apply_to(solution, constraint->rsc, constraint, ticket, loss_policy(model, constraint));
    }
}

/* Whether the promoted role of rsc is lost with a ticket (loss-policy
 * demote, or a constraint limited to the promoted role): its promotion
 * score becomes -INFINITY (promote.c). */
gboolean cs_ticket_denies_promotion(const CsSolution *solution, int rsc)
{
    const CsModel *model = solution->model;
    const CsTicket *ticket;

    for (guint i = 0; i < constraint_count(model); i++) {
        const CsTicketConstraint *constraint = constraint_at(model, i, &ticket);

        if (constraint->rsc != rsc || constraint->rsc_role != CS_ROLE_PROMOTED)
            continue;
        if (ticket == NULL || !ticket->granted || ticket->standby)
            return TRUE;
    }
    return FALSE;
}

const char *cs_ticket_fence_reason(const CsSolution *solution, int node)
{
    if (solution->clones == NULL)
        return NULL;
    return solution->clones->fence_reason[node];
}

gboolean cs_ticket_blocked(const CsSolution *solution, int rsc)
{
    return solution->clones != NULL && solution->clones->ticket_blocked[rsc];
}
