/* bundle.c: bundles, as the scheduler expands and places them.
 *
 * Pacemaker Explained 2.1, "Bundles": a bundle runs `replicas` copies of
 * a container image, at most `replicas-per-host` on one node.  Each
 * replica N is made of implicit resources, named as crm_simulate names
 * them: the container NAME-docker-N (NAME-podman-N, ocf:heartbeat:docker
 * or podman), and with <network ip-range-start> an address
 * NAME-ip-ADDR (ocf:heartbeat:IPaddr2), ADDR counting up from the first.
 * The address runs where its container runs (a colocation at INFINITY).
 *
 * The bundle is placed in one step, as a clone places its instances
 * (engine/clone.c): its own scores (a location on the bundle reaches every
 * implicit resource) are printed as pcmk__bundle_allocate lines with those
 * of each replica's resources, then the containers take their nodes in
 * replica order, each taking its address's preferences along, and then
 * the addresses follow their containers.
 *
 * The implicit resources take the bundle's meta attributes (target-role,
 * is-managed, maintenance), as the oracle shows.
 *
 * Modelled so far: bundles with no resource inside that nothing has run
 * yet (probes that found them stopped aside), named by location
 * constraints, by tickets not limited to a role (a ticket reaches every
 * implicit resource, engine/ticket.c), and by colocations and orders
 * between the bundle and a primitive, either way.  The bundle starts
 * through pseudo-actions of its own, as a clone does, and its start gates
 * only its containers' starts (engine/actions.c, engine/propagate.c).
 * A docker or podman bundle with a resource inside but no <network> (or
 * one with neither control-port nor ip-range-start) is left out
 * altogether, as crm_simulate leaves it out (cs_bundle_is_dropped).
 *
 * With a resource inside and such a network, each replica also has a
 * connection NAME-N (ocf:pacemaker:remote) to the guest node NAME-N that
 * lives in its container, and the resource inside runs as the instances
 * CHILD:N of an implicit clone NAME-clone, instance N on guest node N
 * (Pacemaker Explained 2.1, "Bundles").  The view (expand.c) holds them
 * all, the guest nodes after the model's nodes; no other resource lists
 * the guest nodes.  Modelled for a fresh start (probes that found things
 * stopped aside) on a cluster whose nodes are all up, with locations of
 * the bundle on named nodes; what the oracle showed is noted where it is
 * followed.
 * cs_bundle_check_supported refuses the rest, naming what is missing.
 * A promotable resource inside (promoted-max) is bundle_promote.c's;
 * colocations and orders with other kinds of resources, roles and the
 * pairing of instances with replicas are bundle_colocation.c's, called
 * from here.
 */
#include <string.h>

#include "engine/engine_internal.h"
#include "engine/clone_internal.h"
#include "engine/bundle_colocation.h"
#include "engine/bundle_promote.h"

/* Each replica is two resources: a bound keeps a hostile CIB's solve
 * small (doc/DESIGN.md, "Reliability and security"). */
#define CS_BUNDLE_MAX_REPLICAS 10000

static const CsResource *rsc_of(const CsModel *model, int rsc)
{
    return g_ptr_array_index(model->resources, rsc);
}

/* ---- what is modelled ------------------------------------------------- */

/* The resource configured inside the bundle, or -1: in the engine's
 * view the bundle's children are its implicit resources, so it is found
 * by its parent. */
static int inner_resource(const CsModel *model, int bundle)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *info = rsc_of(model, (int)i);

        if (info->parent == bundle && !info->implicit)
            return (int)i;
    }
    return -1;
}

/* Checked with the oracle: Pacemaker 2.1.5 builds no replica at all for
 * a docker or podman bundle with a resource inside but no <network> (its
 * replicas would be guest nodes, reached through the network's control
 * port): crm_simulate leaves the bundle and its resource out, printing
 * neither scores nor actions for them.  Pacemaker Explained 2.1,
 * "Bundles", documents the network's control-port as how the cluster
 * reaches the resource inside. */
/* Whether the network lets the cluster reach a resource inside: an
 * ip-range-start or a control-port (an empty <network> does not). */
static gboolean reaches_guests(const CsBundle *bundle)
{
    return bundle->has_network && (bundle->ip_range_start != NULL || bundle->control_given);
}

gboolean cs_bundle_is_dropped(const CsModel *model, int rsc)
{
    const CsResource *info = rsc_of(model, rsc);
    const CsBundle *bundle = info->bundle;

    return info->kind == CS_RSC_BUNDLE && bundle != NULL && bundle->runtime != NULL
           && !reaches_guests(bundle)
           && (strcmp(bundle->runtime, "docker") == 0 || strcmp(bundle->runtime, "podman") == 0)
           && inner_resource(model, rsc) >= 0;
}

static int inner_clone(const CsModel *view, const CsResource *info);

/* How many replicas a host may hold: with a resource inside reached
 * through a control-port and no ip-range-start, Pacemaker 2.1.5 says the
 * control-port requires replicas-per-host=1 and uses 1 for the
 * containers (checked with the oracle; the clone of the resource inside
 * keeps the configured number). */
static int containers_per_host(const CsModel *model, int rsc)
{
    const CsBundle *bundle = rsc_of(model, rsc)->bundle;

    if (bundle->ip_range_start == NULL && bundle->control_given
        && inner_clone(model, rsc_of(model, rsc)) >= 0)
        return 1;
    return bundle->replicas_per_host;
}

static gboolean settings_supported(const CsResource *rsc, GError **error)
{
    const CsBundle *bundle = rsc->bundle;

    if (bundle == NULL || bundle->runtime == NULL)
        return cs_engine_refuse(error,
                                "bundle %s: a bundle without a container "
                                "runtime is not modelled yet",
                                rsc->id);
    if (strcmp(bundle->runtime, "rkt") == 0)
        return cs_engine_refuse(error,
                                "bundle %s: rkt containers are not modelled "
                                "yet",
                                rsc->id);
    if (bundle->replicas > CS_BUNDLE_MAX_REPLICAS)
        return cs_engine_refuse(error,
                                "bundle %s: more than %d replicas are not "
                                "modelled",
                                rsc->id, CS_BUNDLE_MAX_REPLICAS);
    if (bundle->replicas < 1 || bundle->replicas_per_host < 1 || bundle->promoted_max < 0)
        return cs_engine_refuse(error,
                                "bundle %s: replicas, replicas-per-host or "
                                "promoted-max other than a whole number (at least "
                                "1) are not modelled yet",
                                rsc->id);
    for (int n = 0; bundle->ip_range_start != NULL && n < bundle->replicas; n++) {
        g_autofree char *address = cs_bundle_replica_address(bundle, n);

        if (address == NULL)
            return cs_engine_refuse(error,
                                    "bundle %s: ip-range-start %s for %d "
                                    "replicas (only IPv4 addresses, counted within "
                                    "their third number) is not modelled yet",
                                    rsc->id, bundle->ip_range_start, bundle->replicas);
    }
    return TRUE;
}

/* Whether id is one of the names the bundle's implicit resources take:
 * the bundle's id and a dash, then anything. */
static gboolean names_implicit(const CsResource *rsc, const char *id)
{
    size_t length = strlen(rsc->id);

    return strncmp(id, rsc->id, length) == 0 && id[length] == '-';
}

/* The names crm_simulate gives replica n's container and address (NULL
 * without ip-range-start), new. */
static void replica_names(const CsResource *bundle, int n, char **container, char **ip)
{
    g_autofree char *address = cs_bundle_replica_address(bundle->bundle, n);

    *container = g_strdup_printf("%s-%s-%d", bundle->id, bundle->bundle->runtime, n);
    *ip = address != NULL ? g_strdup_printf("%s-ip-%s", bundle->id, address) : NULL;
}

/* id is one of the names the bundle's replicas' resources take now. */
static gboolean is_implicit(const CsResource *rsc, const char *id)
{
    for (int n = 0; n < rsc->bundle->replicas; n++) {
        g_autofree char *container = NULL, *ip = NULL;

        g_autofree char *connection = g_strdup_printf("%s-%d", rsc->id, n);

        replica_names(rsc, n, &container, &ip);
        if (strcmp(id, container) == 0 || g_strcmp0(id, ip) == 0 || strcmp(id, connection) == 0)
            return TRUE;
    }
    return FALSE;
}

/* Probes that found a replica's resource not running (rc 7, as a
 * cluster records for every resource on every node) change nothing but
 * the probes; any other history (a replica that has run, failed...)
 * needs the implicit resources' parameters for its digests, which are
 * not modelled. */
static gboolean history_supported(const CsModel *model, const CsResource *rsc, GError **error)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc >= 0 || !names_implicit(rsc, state->rsc_id))
            continue;
        if (!is_implicit(rsc, state->rsc_id))
            return cs_engine_refuse(error,
                                    "bundle %s: the history of %s, no longer "
                                    "one of its resources, is not modelled yet",
                                    rsc->id, state->rsc_id);
        for (guint k = 0; k < state->history->len; k++) {
            const CsOpRecord *record = g_ptr_array_index(state->history, k);

            /* An entry without an operation is skipped when Pacemaker
             * unpacks the history, so it changes nothing here either. */
            if (record->operation == NULL)
                continue;
            if (strcmp(record->operation, "monitor") != 0 || record->interval_ms != 0
                || record->rc_code != 7 || record->op_status != 0)
                return cs_engine_refuse(error,
                                        "bundle %s: the history of its "
                                        "resource %s (other than a probe that found "
                                        "it stopped) is not modelled yet",
                                        rsc->id, state->rsc_id);
        }
    }
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);

        if (fail->rsc < 0 && names_implicit(rsc, fail->rsc_id))
            return cs_engine_refuse(error,
                                    "bundle %s: fail counts of its resource "
                                    "%s are not modelled yet",
                                    rsc->id, fail->rsc_id);
    }
    return TRUE;
}

/* "primitive with bundle" or "bundle with primitive": the other side a
 * primitive of its own, roles and node attribute left as they come.
 * One side needing less than the other (requires) may start where the
 * other cannot: crm_simulate then blocks it "due to colocation with" the
 * other, which the engine does not follow for any resource yet (oracle:
 * no quorum, requires=nothing), so both must require the same. */
static gboolean colocation_supported(const CsModel *model, const CsColocation *coloc, int bundle)
{
    int other_index = coloc->rsc == bundle ? coloc->with_rsc : coloc->rsc;
    const CsResource *other = rsc_of(model, other_index);

    return other_index != bundle && other->kind == CS_RSC_PRIMITIVE && other->parent < 0
           && g_strcmp0(other->requires, rsc_of(model, bundle)->requires) == 0
           && coloc->rsc_role == CS_ROLE_UNKNOWN && coloc->with_role == CS_ROLE_UNKNOWN
           && (coloc->node_attribute == NULL || strcmp(coloc->node_attribute, "#uname") == 0);
}

/* An order of starts (and the stops of its inverse) between the bundle
 * and a primitive of its own, outside sets, mandatory or optional. */
static gboolean order_supported(const CsModel *model, const CsOrder *order, int bundle)
{
    int other_index = order->first == bundle ? order->then : order->first;
    const CsResource *other = rsc_of(model, other_index);
    const char *task = order->inverse ? "stop" : "start";

    return other_index != bundle && other->kind == CS_RSC_PRIMITIVE && other->parent < 0
           && order->set_id == NULL && order->require_all_group < 0
           && order->kind != CS_ORDER_SERIALIZE && g_strcmp0(order->first_action, task) == 0
           && g_strcmp0(order->then_action, task) == 0;
}

static gboolean constraints_supported(const CsModel *model, int bundle, GError **error)
{
    const char *id = rsc_of(model, bundle)->id;

    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (location->rsc == bundle && location->role != CS_ROLE_UNKNOWN)
            return cs_engine_refuse(error,
                                    "bundle %s: a location constraint with a "
                                    "role (%s) is not modelled yet",
                                    id, location->id);
    }
    for (guint i = 0; i < model->colocations->len; i++) {
        const CsColocation *coloc = g_ptr_array_index(model->colocations, i);

        if ((coloc->rsc == bundle || coloc->with_rsc == bundle)
            && !colocation_supported(model, coloc, bundle)
            && !cs_bundle_colocation_modelled(model, coloc, bundle))
            return cs_engine_refuse(error,
                                    "bundle %s: colocations with bundles "
                                    "(%s) are not modelled yet, but by node name, "
                                    "requiring what the bundle requires, between "
                                    "the bundle and a primitive, a clone of a "
                                    "primitive, a group or a bundle outside any "
                                    "other, with no role of the bundle but for a "
                                    "primitive (bundle_colocation.c)",
                                    id, coloc->id);
    }
    for (guint i = 0; i < model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(model->orders, i);

        if ((order->first == bundle || order->then == bundle)
            && !order_supported(model, order, bundle)
            && !cs_bundle_order_modelled(model, order, bundle))
            return cs_engine_refuse(error,
                                    "bundle %s: orders with bundles (%s) are "
                                    "not modelled yet, but with a resource outside "
                                    "any other, outside sets, not serialized, and "
                                    "not on a promotable bundle's promote or demote "
                                    "(bundle_colocation.c)",
                                    id, order->id);
    }
    for (guint i = 0; i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *ticket = g_ptr_array_index(model->ticket_constraints, i);

        if (ticket->rsc == bundle && ticket->rsc_role != CS_ROLE_UNKNOWN)
            return cs_engine_refuse(error,
                                    "bundle %s: tickets for a role of a bundle "
                                    "(%s) are not modelled yet",
                                    id, ticket->id);
    }
    return cs_bundle_colocations_supported(model, bundle, error);
}

static gboolean cluster_supported(const CsModel *model, const char *id, GError **error)
{
    if (model->options.placement_strategy != CS_PLACEMENT_DEFAULT)
        return cs_engine_refuse(error,
                                "bundle %s: bundles with a placement-strategy "
                                "other than default are not modelled yet",
                                id);
    if (model->features & (CS_FEATURE_REMOTE_NODE | CS_FEATURE_GUEST_NODE))
        return cs_engine_refuse(error,
                                "bundle %s: bundles in a cluster with remote "
                                "or guest nodes are not modelled yet",
                                id);
    return TRUE;
}

static gboolean mentions(int rsc, int bundle, int inner)
{
    return rsc >= 0 && (rsc == bundle || rsc == inner);
}

/* Whether a colocation, an order or a ticket names the bundle or the
 * resource inside (locations aside). */
static gboolean constrained(const CsModel *model, int bundle, int inner)
{
    for (guint i = 0; i < model->colocations->len; i++) {
        const CsColocation *coloc = g_ptr_array_index(model->colocations, i);

        if (mentions(coloc->rsc, bundle, inner) || mentions(coloc->with_rsc, bundle, inner))
            return TRUE;
    }
    for (guint i = 0; i < model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(model->orders, i);

        if (mentions(order->first, bundle, inner) || mentions(order->then, bundle, inner))
            return TRUE;
    }
    for (guint i = 0; i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *ticket = g_ptr_array_index(model->ticket_constraints, i);

        if (mentions(ticket->rsc, bundle, inner))
            return TRUE;
    }
    return FALSE;
}

/* What constrains a bundle with a resource inside, beyond the locations
 * of the bundle checked by the caller: colocations of a primitive with
 * the bundle and orders between the two (as constraints_supported()
 * takes them), nothing naming the resource inside; the bundle as a
 * dependent as bundle_colocation.c answers it. */
static gboolean guest_constraints_named(const CsModel *model, int bundle, int inner)
{
    for (guint i = 0; i < model->colocations->len; i++) {
        const CsColocation *coloc = g_ptr_array_index(model->colocations, i);

        if (coloc->rsc == inner || coloc->with_rsc == inner
            || (coloc->rsc == bundle && !cs_bundle_colocation_modelled(model, coloc, bundle)))
            return FALSE;
    }
    for (guint i = 0; i < model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(model->orders, i);

        if (order->first == inner || order->then == inner)
            return FALSE;
    }
    for (guint i = 0; i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *ticket = g_ptr_array_index(model->ticket_constraints, i);

        if (mentions(ticket->rsc, bundle, inner))
            return FALSE;
    }
    return TRUE;
}

static gboolean has_history(const CsModel *model, const CsResource *rsc, int inner)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == inner || names_implicit(rsc, state->rsc_id))
            return TRUE;
    }
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);

        if (fail->rsc == inner || names_implicit(rsc, fail->rsc_id))
            return TRUE;
    }
    return FALSE;
}

/* A dropped bundle is answered only when nothing else could see it: what
 * crm_simulate does with colocations, orders, tickets or histories
 * naming resources it left out is not modelled.  Locations of them change
 * nothing (checked with the oracle: they are ignored, as locations of
 * resources that do not exist). */
static gboolean dropped_supported(const CsModel *model, int bundle, GError **error)
{
    const CsResource *rsc = rsc_of(model, bundle);
    int inner = inner_resource(model, bundle);

    if (constrained(model, bundle, inner))
        return cs_engine_refuse(error,
                                "bundle %s: colocations, orders and tickets with a "
                                "bundle that has a resource inside but no network "
                                "(Pacemaker leaves both out) are not modelled yet",
                                rsc->id);
    if (has_history(model, rsc, inner))
        return cs_engine_refuse(error,
                                "bundle %s: the history of a bundle that has a "
                                "resource inside but no network (Pacemaker leaves "
                                "both out) is not modelled yet",
                                rsc->id);
    return TRUE;
}

/* ---- a resource inside, with a network: guest nodes --------------------- */

/* Pacemaker Explained 2.1, "Bundles": a docker or podman bundle with a
 * resource inside and a <network> makes each replica a guest node NAME-N,
 * reached through an implicit ocf:pacemaker:remote connection NAME-N that
 * runs on its container's node; the resource inside runs as the instances
 * CHILD:N of an implicit clone NAME-clone, instance N on guest node N. */
static gboolean has_guests(const CsModel *model, int rsc)
{
    const CsResource *info = rsc_of(model, rsc);
    const CsBundle *bundle = info->bundle;

    return info->kind == CS_RSC_BUNDLE && bundle != NULL && bundle->runtime != NULL
           && reaches_guests(bundle)
           && (strcmp(bundle->runtime, "docker") == 0 || strcmp(bundle->runtime, "podman") == 0)
           && inner_resource(model, rsc) >= 0;
}

/* Replica n's guest node's name (and its connection's), new. */
static char *guest_name(const CsResource *bundle, int n)
{
    return g_strdup_printf("%s-%d", bundle->id, n);
}

/* Whether a history entry is a probe that found the resource stopped. */
static gboolean probe_found_stopped(const CsOpRecord *record)
{
    return record->operation == NULL
           || (strcmp(record->operation, "monitor") == 0 && record->interval_ms == 0
               && record->rc_code == 7 && record->op_status == 0);
}

/* The resource inside: a primitive, never run (probes that found it
 * stopped aside), no fail count. */
static gboolean inner_supported(const CsModel *model, const CsResource *rsc, int inner,
                                GError **error)
{
    const CsResource *info = rsc_of(model, inner);

    if (info->kind != CS_RSC_PRIMITIVE)
        return cs_engine_refuse(error,
                                "bundle %s: a %s inside a bundle is not modelled "
                                "yet (a primitive is)",
                                rsc->id,
                                info->kind == CS_RSC_GROUP ? "group" : "collective resource");
    if (!cs_bundle_promote_supported(model, rsc, inner, error))
        return FALSE;
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc != inner)
            continue;
        for (guint k = 0; k < state->history->len; k++)
            if (!probe_found_stopped(g_ptr_array_index(state->history, k)))
                return cs_engine_refuse(error,
                                        "bundle %s: the history of %s inside it "
                                        "(other than a probe that found it stopped) "
                                        "is not modelled yet",
                                        rsc->id, info->id);
    }
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);

        if (fail->rsc == inner)
            return cs_engine_refuse(error,
                                    "bundle %s: fail counts of %s inside it are not "
                                    "modelled yet",
                                    rsc->id, info->id);
    }
    return TRUE;
}

/* The bundle and what it holds: only locations of the bundle on a named node, with no role; nothing
 * names the resource inside nor a replica's node. */
static gboolean guest_constraints_supported(const CsModel *model, int bundle, int inner,
                                            GError **error)
{
    const CsResource *rsc = rsc_of(model, bundle);

    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (location->rsc == inner || (location->rsc == bundle && location->node == NULL))
            return cs_engine_refuse(error,
                                    "bundle %s: a location (%s) other than one of the "
                                    "bundle on a node is not modelled yet with a "
                                    "resource inside",
                                    rsc->id, location->id);
        if (location->rsc == bundle && location->discovery != CS_DISCOVERY_ALWAYS)
            return cs_engine_refuse(error,
                                    "bundle %s: a location (%s) with a resource-discovery "
                                    "other than always is not modelled yet with a "
                                    "resource inside",
                                    rsc->id, location->id);
        if (location->node == NULL)
            return cs_engine_refuse(error,
                                    "bundle %s: location rules (%s) beside a bundle's "
                                    "guest nodes are not modelled yet",
                                    rsc->id, location->id);
        if (cs_model_node(model, location->node) == NULL)
            return cs_engine_refuse(error,
                                    "bundle %s: a location (%s) on a node not in the "
                                    "configuration (such as a replica's guest node) "
                                    "is not modelled yet",
                                    rsc->id, location->id);
    }
    if (!guest_constraints_named(model, bundle, inner))
        return cs_engine_refuse(error,
                                "bundle %s: tickets for a bundle that has a "
                                "resource inside, and colocations, orders or "
                                "tickets naming the resource inside, are not "
                                "modelled yet",
                                rsc->id);
    return TRUE;
}

static gboolean guest_cluster_supported(const CsModel *model, const CsResource *rsc, GError **error)
{
    if (!model->options.symmetric_cluster)
        return cs_engine_refuse(error,
                                "bundle %s: a resource inside a bundle in an opt-in "
                                "(asymmetric) cluster is not modelled yet",
                                rsc->id);
    if (model->options.maintenance_mode || !rsc->managed || rsc->maintenance)
        return cs_engine_refuse(error,
                                "bundle %s: a bundle with a resource inside that is "
                                "unmanaged or in maintenance is not modelled yet",
                                rsc->id);
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);

        if (node->unclean || node->shutdown || node->pending || node->maintenance)
            return cs_engine_refuse(error,
                                    "bundle %s: a bundle with a resource inside while "
                                    "node %s is unclean, shutting down, joining or in "
                                    "maintenance is not modelled yet",
                                    rsc->id, node->uname);
        for (int n = 0; n < rsc->bundle->replicas; n++) {
            g_autofree char *name = guest_name(rsc, n);

            if (strcmp(node->uname, name) == 0)
                return cs_engine_refuse(error,
                                        "bundle %s: node %s named as a replica's "
                                        "guest node is not modelled yet",
                                        rsc->id, name);
        }
    }
    return TRUE;
}

/* Whether attribute name of element is one of the bundle's guest node
 * names. */
static gboolean attribute_names_guest(const xmlNode *element, const char *name,
                                      const CsResource *rsc)
{
    xmlChar *value = xmlGetProp(element, (const xmlChar *)name);
    gboolean found = FALSE;

    for (int n = 0; value != NULL && !found && n < rsc->bundle->replicas; n++) {
        g_autofree char *guest = guest_name(rsc, n);

        found = strcmp((const char *)value, guest) == 0;
    }
    xmlFree(value);
    return found;
}

/* Whether element, or an element under it, names a replica's guest node
 * (a location on it, a node_state of it): the model knows no such node
 * and leaves them out, where Pacemaker applies them. */
static const xmlNode *names_guest(const xmlNode *element, const CsResource *rsc)
{
    for (const xmlNode *child = element->children; child != NULL; child = child->next) {
        const xmlNode *found;

        if (child->type != XML_ELEMENT_NODE)
            continue;
        if (attribute_names_guest(child, "node", rsc) || attribute_names_guest(child, "uname", rsc)
            || (xmlStrEqual(child->name, (const xmlChar *)"node_state")
                && attribute_names_guest(child, "id", rsc)))
            return child;
        found = names_guest(child, rsc);
        if (found != NULL)
            return found;
    }
    return NULL;
}

static gboolean guest_names_unused(const CsResource *rsc, GError **error)
{
    const xmlNode *root = rsc->xml != NULL ? xmlDocGetRootElement(rsc->xml->doc) : NULL;
    const xmlNode *found = root != NULL ? names_guest(root, rsc) : NULL;

    if (found != NULL)
        return cs_engine_refuse(error,
                                "bundle %s: a <%s> naming one of its guest nodes is "
                                "not modelled yet",
                                rsc->id, (const char *)found->name);
    return TRUE;
}

static gboolean guests_supported(const CsModel *model, int bundle, GError **error)
{
    const CsResource *rsc = rsc_of(model, bundle);
    int inner = inner_resource(model, bundle);

    return guest_names_unused(rsc, error) && inner_supported(model, rsc, inner, error)
           && guest_constraints_supported(model, bundle, inner, error)
           && guest_cluster_supported(model, rsc, error);
}

gboolean cs_bundle_check_supported(const CsModel *model, GError **error)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = rsc_of(model, (int)i);

        if (rsc->kind != CS_RSC_BUNDLE)
            continue;
        if (rsc->parent >= 0)
            return cs_engine_refuse(error,
                                    "bundle %s inside another resource is not "
                                    "modelled",
                                    rsc->id);
        if (!settings_supported(rsc, error))
            return FALSE;
        if (cs_bundle_is_dropped(model, (int)i)) {
            if (!dropped_supported(model, (int)i, error))
                return FALSE;
            continue;
        }
        if (!history_supported(model, rsc, error) || !constraints_supported(model, (int)i, error)
            || !cluster_supported(model, rsc->id, error))
            return FALSE;
        if (has_guests(model, (int)i) && !guests_supported(model, (int)i, error))
            return FALSE;
    }
    return TRUE;
}

/* ---- the implicit resources ------------------------------------------- */

/* Replica n's resources, in the order crm_simulate lists them in the
 * Transition Summary: its address (when the network gives one), then
 * its container, whose agent is the runtime's name (docker, podman),
 * then, with a resource inside, its connection NAME-N to the guest node
 * NAME-N (ocf:pacemaker:remote, in the container). */
static void add_replica(CsExpansion *expansion, int bundle, int n, gboolean guests)
{
    CsModel *view = cs_expansion_model(expansion);
    const CsResource *info = rsc_of(view, bundle);
    g_autofree char *container = NULL, *ip = NULL, *name = NULL;
    int container_index, connection;
    CsResource *link;

    replica_names(info, n, &container, &ip);
    if (ip != NULL)
        cs_expansion_add_implicit(expansion, bundle, ip, "heartbeat", "IPaddr2");
    container_index =
        cs_expansion_add_implicit(expansion, bundle, container, "heartbeat", info->bundle->runtime);
    if (!guests)
        return;
    name = guest_name(info, n);
    connection = cs_expansion_add_implicit(expansion, bundle, name, "pacemaker", "remote");
    link = g_ptr_array_index(view->resources, connection);
    link->is_remote_connection = TRUE;
    link->container = container_index;
    cs_expansion_add_guest_node(expansion, name, connection);
}

/* The implicit clone NAME-clone around the resource inside, as Pacemaker
 * makes it: clone-max the replicas, clone-node-max replicas-per-host,
 * ordered, globally unique when a host may hold more than one; instance
 * N goes with replica N. */
static void add_inner_clone(CsExpansion *expansion, int bundle)
{
    CsModel *view = cs_expansion_model(expansion);
    const CsResource *info = rsc_of(view, bundle);
    int inner = inner_resource(view, bundle);
    g_autofree char *id = cs_bundle_promote_clone_name(info);
    int clone = cs_expansion_add_implicit(expansion, bundle, id, NULL, NULL);
    CsResource *made = g_ptr_array_index(view->resources, clone);

    made->kind = CS_RSC_CLONE;
    made->rsc_class = NULL;
    made->clone_max = info->bundle->replicas;
    made->clone_node_max = info->bundle->replicas_per_host;
    made->globally_unique = info->bundle->replicas_per_host > 1;
    made->ordered = TRUE;
    made->interleave = FALSE;
    made->notify = FALSE;
    cs_bundle_promote_setup(made, info);
    ((CsResource *)g_ptr_array_index(view->resources, inner))->parent = clone;
    for (int n = 0; n < info->bundle->replicas; n++)
        cs_expansion_add_instance(expansion, inner, clone, n);
}

/* The bundle's children in the view, replica by replica, then the clone
 * of the resource inside. */
void cs_bundle_expand(CsExpansion *expansion, int bundle)
{
    const CsModel *view = cs_expansion_model(expansion);
    const CsResource *info = rsc_of(view, bundle);
    gboolean guests = has_guests(view, bundle);

    if (cs_bundle_is_dropped(view, bundle))
        return;
    for (int n = 0; n < info->bundle->replicas; n++)
        add_replica(expansion, bundle, n, guests);
    if (guests)
        add_inner_clone(expansion, bundle);
}

/* A history of an implicit resource (the model knows none: it reads them
 * as orphans) belongs to it. */
int cs_bundle_implicit(CsExpansion *expansion, const char *id)
{
    const CsModel *view = cs_expansion_model(expansion);

    for (guint i = 0; i < view->resources->len; i++) {
        const CsResource *info = rsc_of(view, (int)i);

        if (info->kind != CS_RSC_BUNDLE)
            continue;
        for (guint k = 0; k < info->children->len; k++) {
            const CsResource *child = rsc_of(view, g_array_index(info->children, int, k));

            if (strcmp(child->id, id) == 0)
                return child->index;
        }
    }
    return -1;
}

/* The clone of the resource inside (the bundle's last child in the
 * view), or -1. */
static int inner_clone(const CsModel *view, const CsResource *info)
{
    int last;

    if (info->children->len == 0)
        return -1;
    last = g_array_index(info->children, int, info->children->len - 1);
    return rsc_of(view, last)->kind == CS_RSC_CLONE ? last : -1;
}

/* How many resources each replica has among the bundle's children. */
static int replica_size(const CsModel *view, const CsResource *info)
{
    return (info->bundle->ip_range_start != NULL ? 2 : 1) + (inner_clone(view, info) >= 0 ? 1 : 0);
}

static int replica_container(const CsModel *view, const CsResource *info, int n)
{
    int offset = info->bundle->ip_range_start != NULL ? 1 : 0;

    return g_array_index(info->children, int, n *replica_size(view, info) + offset);
}

static int replica_address(const CsModel *view, const CsResource *info, int n)
{
    if (info->bundle->ip_range_start == NULL)
        return -1;
    return g_array_index(info->children, int, n *replica_size(view, info));
}

static int replica_connection(const CsModel *view, const CsResource *info, int n)
{
    int size = replica_size(view, info);

    if (inner_clone(view, info) < 0)
        return -1;
    return g_array_index(info->children, int, n *size + size - 1);
}

static int replica_instance(const CsModel *view, const CsResource *info, int n)
{
    int clone = inner_clone(view, info);

    if (clone < 0)
        return -1;
    return g_array_index(rsc_of(view, clone)->children, int, n);
}

gboolean cs_bundle_is_container(const CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution->model, rsc);
    const CsResource *bundle;

    if (info->parent < 0)
        return FALSE;
    bundle = rsc_of(solution->model, info->parent);
    return bundle->kind == CS_RSC_BUNDLE && bundle->bundle != NULL
           && g_strcmp0(info->type, bundle->bundle->runtime) == 0;
}

/* The address runs where its container runs. */
void cs_bundle_add_colocations(CsSolution *solution, int bundle)
{
    const CsResource *info = rsc_of(solution->model, bundle);

    if (cs_bundle_is_dropped(solution->model, bundle))
        return;
    for (int n = 0; n < info->bundle->replicas; n++) {
        int address = replica_address(solution->model, info, n);

        if (address >= 0)
            cs_coloc_add_internal(solution, "ip-with-container", address,
                                  replica_container(solution->model, info, n), TRUE);
    }
}

/* ---- placement -------------------------------------------------------- */

static void print_bundle_table(CsSolution *solution, int rsc)
{
    CsRscWork *work = &solution->work[rsc];

    if (work->bundle_printed == NULL)
        work->bundle_printed = g_ptr_array_new_with_free_func((GDestroyNotify)cs_table_free);
    g_ptr_array_add(work->bundle_printed, cs_table_copy(work->table));
    cs_print_log(solution, CS_PRINT_BUNDLE, rsc);
}

/* The scores crm_simulate prints as the bundle's: its own, then its
 * children's in the view's order (each replica's address, container and
 * connection, then the clone of the resource inside and its instances). */
static void print_bundle_tables(CsSolution *solution, int bundle)
{
    const CsResource *info = rsc_of(solution->model, bundle);
    int clone = inner_clone(solution->model, info);

    print_bundle_table(solution, bundle);
    for (int n = 0; n < info->bundle->replicas; n++) {
        int address = replica_address(solution->model, info, n);
        int connection = replica_connection(solution->model, info, n);

        print_bundle_table(solution, replica_container(solution->model, info, n));
        if (address >= 0)
            print_bundle_table(solution, address);
        if (connection >= 0)
            print_bundle_table(solution, connection);
    }
    if (clone < 0)
        return;
    print_bundle_table(solution, clone);
    for (int n = 0; n < info->bundle->replicas; n++)
        print_bundle_table(solution, replica_instance(solution->model, info, n));
}

/* Pacemaker Explained 2.1, "Bundles": the connection runs where its
 * container runs; the oracle shows it as 10000 on the container's node,
 * not as a ban elsewhere.  Once placed, the guest node is up for the rest
 * of the solve (its resource may be placed there); otherwise it stays
 * down (Pacemaker Explained 2.1, "Pacemaker Remote"). */
static void assign_connection(CsSolution *solution, int connection, int container)
{
    const CsResource *info = rsc_of(solution->model, connection);
    CsNode *guest = g_ptr_array_index(solution->model->nodes, info->remote_node);
    int host = solution->work[container].assigned;
    const CsRscWork *work = &solution->work[connection];

    if (host >= 0 && solution->work[connection].table->allowed[host])
        cs_table_add(solution->work[connection].table, host,
                     &(CsContribution){.kind = CS_CONTRIB_COLOCATION,
                                       .source = "connection-with-container",
                                       .other_rsc = container,
                                       .value = 10000});
    cs_assign(solution, connection);
    guest->online = work->assigned >= 0 && work->next_role != CS_ROLE_STOPPED;
    solution->node_available[info->remote_node] = guest->online;
}

/* Each replica's instance of the resource inside is placed on the
 * replica's guest node, at INFINITY there, before the clone is (the
 * clone does not place them again: the oracle shows it). */
static void assign_instance(CsSolution *solution, int clone, int instance, int guest)
{
    CsTable *table = solution->work[instance].table;

    if (table->allowed[guest])
        cs_table_add_simple(table, guest, CS_CONTRIB_CLONE, "its replica's guest node",
                            CS_INFINITY);
    solution->work[clone].allocating = TRUE;
    cs_assign(solution, instance);
    solution->work[clone].allocating = FALSE;
}

/* The clone may then run only on the bundle's guest nodes, at 0 there. */
static void assign_inner_clone(CsSolution *solution, int bundle, int clone)
{
    const CsResource *info = rsc_of(solution->model, bundle);
    CsRscWork *work = &solution->work[clone];
    g_autofree gboolean *guests = g_new0(gboolean, solution->n_nodes);
    g_autofree gboolean *listed =
        g_memdup2(work->table->allowed, sizeof(gboolean) * solution->n_nodes);

    for (int n = 0; n < info->bundle->replicas; n++)
        guests[rsc_of(solution->model, replica_connection(solution->model, info, n))->remote_node] =
            TRUE;

    cs_table_free(work->table);
    work->table = cs_table_new(solution->n_nodes, TRUE);
    for (int node = 0; node < solution->n_nodes; node++) {
        /* another bundle's guest nodes stay unlisted (checked with the
         * oracle) */
        if (!listed[node])
            continue;
        work->table->allowed[node] = TRUE;
        if (!guests[node])
            cs_table_add_simple(work->table, node, CS_CONTRIB_CLONE,
                                "the bundle's clone runs on its guest nodes only", -CS_INFINITY);
    }
    cs_assign(solution, clone);
}

int cs_bundle_assign(CsSolution *solution, int bundle)
{
    const CsResource *info = rsc_of(solution->model, bundle);
    CsRscWork *work = &solution->work[bundle];
    g_autoptr(GArray) containers = g_array_new(FALSE, FALSE, sizeof(int));
    int clone;

    if (work->allocating)
        return -1;
    if (cs_bundle_is_dropped(solution->model, bundle)) {
        work->provisional = FALSE;
        return -1;
    }
    /* crm_simulate prints the bundle's scores, then each replica's
     * container's and address's, whenever the bundle is asked for its
     * node: again when a dependent asked first (checked with the oracle:
     * the second print shows the scores the assignment left). */
    print_bundle_tables(solution, bundle);
    for (int n = 0; n < info->bundle->replicas; n++) {
        int container = replica_container(solution->model, info, n);

        g_array_append_val(containers, container);
    }
    if (!work->provisional)
        return -1;
    work->allocating = TRUE;
    /* Each container takes the bundle's colocations as a clone instance
     * takes its clone's (engine/clone.c) and asks their primaries for
     * their nodes itself: the bundle places none of them first (checked
     * with the oracle: gen_bundle.py --links seeds 1283, 2075, 4155). */
    cs_table_free(work->printed);
    work->printed = cs_table_copy(work->table);
    cs_clone_distribute(solution, bundle, containers, info->bundle->replicas,
                        containers_per_host(solution->model, bundle));
    clone = inner_clone(solution->model, info);
    for (int n = 0; n < info->bundle->replicas; n++) {
        int address = replica_address(solution->model, info, n);
        int connection = replica_connection(solution->model, info, n);

        if (address >= 0)
            cs_assign(solution, address);
        if (connection < 0)
            continue;
        assign_connection(solution, connection, replica_container(solution->model, info, n));
        assign_instance(solution, clone, replica_instance(solution->model, info, n),
                        rsc_of(solution->model, connection)->remote_node);
    }
    if (clone >= 0)
        assign_inner_clone(solution, bundle, clone);
    work->allocating = FALSE;
    work->provisional = FALSE;
    return -1;
}

GArray *cs_bundle_summary_order(const CsModel *model, int bundle)
{
    const CsResource *info = rsc_of(model, bundle);
    GArray *order = g_array_new(FALSE, FALSE, sizeof(int));

    int replicas =
        info->bundle != NULL && !cs_bundle_is_dropped(model, bundle) ? info->bundle->replicas : 0;

    for (int n = 0; n < replicas; n++) {
        int each[] = {replica_address(model, info, n), replica_container(model, info, n),
                      replica_connection(model, info, n), replica_instance(model, info, n)};

        for (guint k = 0; k < G_N_ELEMENTS(each); k++)
            if (each[k] >= 0)
                g_array_append_val(order, each[k]);
    }
    g_array_append_vals(order, info->children->data, info->children->len);
    return order;
}

/* ---- the guest nodes' scores ------------------------------------------ */

/* Pacemaker makes a bundle's guest nodes at -INFINITY for everything but
 * the bundle's clone: no other resource lists them (checked with the
 * oracle); the clone lists them at -INFINITY until it is placed, and
 * instance N lists only guest node N, at 500. */
static void limit_guest_tables(CsSolution *solution, int bundle)
{
    const CsModel *view = solution->model;
    const CsResource *info = rsc_of(view, bundle);
    int clone = inner_clone(view, info);

    for (int n = 0; n < info->bundle->replicas; n++) {
        int guest = rsc_of(view, replica_connection(view, info, n))->remote_node;
        int instance = replica_instance(view, info, n);

        for (int rsc = 0; rsc < solution->n_rsc; rsc++)
            if (rsc != clone)
                solution->work[rsc].table->allowed[guest] = FALSE;
        cs_table_add_simple(solution->work[clone].table, guest, CS_CONTRIB_CLONE,
                            "a guest node of the bundle", -CS_INFINITY);
        for (int node = 0; node < solution->n_nodes; node++)
            solution->work[instance].table->allowed[node] = FALSE;
        cs_table_add_simple(solution->work[instance].table, guest, CS_CONTRIB_CLONE,
                            "its replica's guest node", 500);
    }
}

void cs_bundle_limit_guest_nodes(CsSolution *solution)
{
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        const CsResource *info = rsc_of(solution->model, rsc);

        if (info->kind == CS_RSC_BUNDLE && info->parent < 0 && info->bundle != NULL
            && inner_clone(solution->model, info) >= 0)
            limit_guest_tables(solution, rsc);
    }
}

/* A location of the bundle reaches its containers and addresses, not its
 * connections nor the resource inside (checked with the oracle). */
gboolean cs_bundle_location_reaches(const CsModel *model, int child)
{
    const CsResource *info = rsc_of(model, child);

    return info->kind == CS_RSC_PRIMITIVE && !info->is_remote_connection;
}

/* ---- colocations with a bundle ---------------------------------------- */

/* Pacemaker Explained 2.1, "Bundles": a resource colocated with a bundle
 * is colocated with its replicas' containers.  At INFINITY the dependent
 * may run only where a container runs; otherwise each container's node
 * takes the score, replica by replica (as with a clone's instances,
 * engine/clone.c; checked with the oracle). */
void cs_bundle_apply_coloc(CsSolution *solution, int dependent, int bundle, const CsColoc *coloc)
{
    const CsResource *info = rsc_of(solution->model, bundle);
    CsTable *table = solution->work[dependent].table;
    g_autofree gboolean *hosts = NULL;

    if (solution->work[bundle].provisional
        || cs_bundle_apply_paired(solution, dependent, bundle, coloc))
        return;
    if (coloc->score < CS_INFINITY) {
        for (int n = 0; n < info->bundle->replicas; n++)
            cs_apply_coloc_score(solution, dependent, replica_container(solution->model, info, n),
                                 coloc);
        return;
    }
    hosts = g_new0(gboolean, solution->n_nodes);
    for (int n = 0; n < info->bundle->replicas; n++) {
        int node = solution->work[replica_container(solution->model, info, n)].assigned;

        if (node >= 0
            && cs_bundle_replica_counts(solution, coloc,
                                        replica_instance(solution->model, info, n)))
            hosts[node] = TRUE;
    }
    for (int node = 0; node < solution->n_nodes; node++) {
        if (hosts[node] == table->allowed[node])
            continue;
        cs_table_add(table, node,
                     &(CsContribution){.kind = CS_CONTRIB_COLOCATION,
                                       .source = coloc->id,
                                       .other_rsc = bundle,
                                       .value = -CS_INFINITY});
    }
}

/* ---- after placement ---------------------------------------------------- */

/* Whether an order or a colocation names the bundle. */
static gboolean bundle_ordered_or_colocated(const CsModel *model, int bundle)
{
    for (guint i = 0; i < model->colocations->len; i++) {
        const CsColocation *coloc = g_ptr_array_index(model->colocations, i);

        if (coloc->rsc == bundle || coloc->with_rsc == bundle)
            return TRUE;
    }
    for (guint i = 0; i < model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(model->orders, i);

        if (order->first == bundle || order->then == bundle)
            return TRUE;
    }
    return FALSE;
}

/* Checked with the oracle: when a replica's container cannot be placed,
 * its connection and instance are still scheduled, blocked, and what is
 * ordered after or colocated with the bundle then follows rules the
 * engine does not (an order after a bundle none of whose containers run
 * is blocked "due to unrunnable NAME running"). */
/* Checked with the oracle: when no node can take a replica's connection
 * (every node in standby or down), crm_simulate still places the
 * instance on the replica's guest node and blocks its start "due to
 * unrunnable NAME-N start", which the engine does not follow yet; an
 * instance meant to stop anyway (target-role, stop-all-resources) is
 * answered. */
static gboolean stranded_instance(const CsSolution *solution, const CsResource *info, int n)
{
    const CsModel *view = solution->model;
    int instance = replica_instance(view, info, n);

    return solution->work[replica_connection(view, info, n)].assigned < 0
           && !view->options.stop_all_resources
           && rsc_of(view, instance)->target_role != CS_ROLE_STOPPED
           && info->target_role != CS_ROLE_STOPPED;
}

static gboolean replicas_placed(const CsSolution *solution, const CsResource *info, GError **error)
{
    const CsModel *view = solution->model;
    gboolean constrained_bundle = bundle_ordered_or_colocated(view, info->index);

    for (int n = 0; n < info->bundle->replicas; n++) {
        if (constrained_bundle && solution->work[replica_container(view, info, n)].assigned < 0)
            return cs_engine_refuse(error,
                                    "bundle %s: orders or colocations with a "
                                    "bundle that has a resource inside while a "
                                    "replica's container cannot be placed are "
                                    "not modelled yet",
                                    info->id);
        if (stranded_instance(solution, info, n))
            return cs_engine_refuse(error,
                                    "bundle %s: a replica whose connection no node "
                                    "can take (its instance then waits, blocked) is "
                                    "not modelled yet",
                                    info->id);
    }
    return TRUE;
}

gboolean cs_bundle_check_placed(const CsSolution *solution, GError **error)
{
    const CsModel *view = solution->model;

    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        const CsResource *info = rsc_of(view, rsc);

        if (info->kind == CS_RSC_BUNDLE && info->bundle != NULL && inner_clone(view, info) >= 0
            && !replicas_placed(solution, info, error))
            return FALSE;
    }
    return TRUE;
}

/* What the expansion (expand.c) asks of bundles. */
const CsBundleExpander cs_bundle_expander = {
    .is_dropped = cs_bundle_is_dropped,
    .expand = cs_bundle_expand,
    .implicit = cs_bundle_implicit,
};
