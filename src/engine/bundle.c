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
 * Modelled so far: bundles with no resource inside, whether their
 * replicas ran or not (the implicit resources' histories are read as any
 * primitive's, their digests compared with the parameters they take from
 * the bundle, model/bundle.c; a replica no longer configured is stopped
 * as an orphan; unmanaged or in maintenance while nothing failed,
 * bundle_unmanaged()), named by location
 * constraints, by tickets not limited to a role (a ticket reaches every
 * implicit resource, engine/ticket.c), and by colocations and orders
 * between the bundle and a primitive, either way.  The bundle starts
 * through pseudo-actions of its own, as a clone does, and its start gates
 * only its containers' starts; each container's start waits for its
 * address's, and cannot run unless that can (engine/actions.c,
 * engine/propagate.c).
 * A docker or podman bundle with a resource inside but no <network> (or
 * one with neither control-port nor ip-range-start) is left out
 * altogether, as crm_simulate leaves it out (cs_bundle_is_dropped).
 *
 * With a resource inside and such a network, each replica also has a
 * connection NAME-N (ocf:pacemaker:remote) to the guest node NAME-N that
 * lives in its container, and the resource inside runs as the instances
 * CHILD:N of an implicit clone NAME-clone, instance N on guest node N
 * (Pacemaker Explained 2.1, "Bundles").  The view (expand.c) holds them
 * all, the guest nodes after the model's nodes (but one a <node
 * type="remote"> entry names, which takes the entry's place and keeps its
 * attributes); no other resource lists the guest nodes (but such an
 * entry, lists_guest()).  Other guest nodes (remote-node) may be in the
 * cluster.  Modelled on a cluster whose nodes are up, shutting down or
 * joining (or unclean with fencing enabled; Pacemaker Remote nodes among them: a container may run
 * on one, its connection then where that remote node's connection runs), with locations of the bundle on named nodes (its own
 * guest nodes too; of its promoted role when promotable), by tickets not
 * limited to a role (reaching the instances too, assign_instance()) or by rules (any
 * resource's rules are evaluated on the guest nodes too, where a guest
 * node no node_state names has only #kind; expand.c), for a fresh start and for
 * containers, addresses and connections that ran (a connection's address
 * is the replica's from ip-range-start, else its container's host once
 * assigned: cs_bundle_address_connections()); a failed container, or a host being
 * fenced, fences its guest node.  The history of the resource inside is
 * read from its guest node's <node_state> (Pacemaker Explained 2.1,
 * "Bundles": the model makes the guest nodes when the status names one,
 * model/bundle.c) and goes to the instance of that node's replica
 * (expand.c); followed while it ran, was probed, stopped, was notified
 * or failed a start or a recurring monitor (on-fail restart or demote),
 * with fail counts below the threshold, no standby or other resource on
 * the guest node (guest_history_supported(), guest_node_supported()); the
 * bundle unmanaged or in maintenance, nothing failed
 * (guest_cluster_supported()).  A failed monitor of a connection
 * restarts its container (on-fail restart-container, expand.c).  Under
 * any placement-strategy each container carries the utilization of the
 * resource inside (carry_inner_utilization()).  What the oracle showed
 * is noted where it is followed.
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
#include "engine/promote_internal.h"

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

/* id is a replica's connection's name (NAME-N, N a number). */
static gboolean is_connection_name(const CsResource *rsc, const char *id)
{
    const char *number = id + strlen(rsc->id) + 1;

    return names_implicit(rsc, id) && *number != '\0'
           && strspn(number, "0123456789") == strlen(number);
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

/* Whether a history entry is a probe that found the resource stopped
 * (or an entry without an operation, which Pacemaker skips). */
static gboolean probe_found_stopped(const CsOpRecord *record)
{
    return record->operation == NULL
           || (strcmp(record->operation, "monitor") == 0 && record->interval_ms == 0
               && record->rc_code == 7 && record->op_status == 0);
}

/* Whether the model reads the implicit resources' histories as the
 * scheduler reads them: the model knows no implicit resource and reads
 * their histories as an orphan's (model/status.c), which is the same
 * while the bundle has no failure-timeout, orphans are stopped,
 * op_defaults set no on-fail and no node is in maintenance.  Under
 * maintenance-mode every resource is in maintenance, the bundle too, and
 * its histories are read as an unmanaged bundle's (bundle_unmanaged();
 * checked with the oracle: gen_bundle.py seeds 1080000-1080199 with
 * maintenance-mode and replicas that ran). */
static gboolean read_as_orphans(const CsModel *model, const CsResource *rsc)
{
    for (guint i = 0; i < model->nodes->len; i++)
        if (((const CsNode *)g_ptr_array_index(model->nodes, i))->maintenance)
            return FALSE;
    return rsc->failure_timeout_s == 0 && model->options.stop_orphan_resources
           && g_hash_table_lookup(model->op_defaults, "on-fail") == NULL;
}

/* An unmanaged bundle or one in maintenance (is-managed=false,
 * maintenance=true on the bundle, which its implicit resources take):
 * checked with the oracle, the orphan's reading of its replicas'
 * histories agrees as long as nothing failed (running replicas stay
 * where they are, a changed definition restarts nothing, a replica no
 * longer configured is left alone); a failure at migration-threshold is
 * read otherwise. */
static gboolean bundle_unmanaged(const CsResource *rsc)
{
    return !rsc->managed || rsc->maintenance;
}

const CsResource *cs_bundle_of_replica(const CsModel *view, int rsc)
{
    const CsResource *info = rsc_of(view, rsc);
    const CsResource *bundle = info->parent >= 0 ? rsc_of(view, info->parent) : NULL;

    return info->implicit && bundle != NULL && bundle->kind == CS_RSC_BUNDLE ? bundle : NULL;
}

/* Whether rsc is a replica's connection that reaches its guest by its
 * host's name (no ip-range-start): Pacemaker compares its histories only
 * once the resources are assigned (cs_bundle_address_connections()). */
gboolean cs_bundle_connection_by_host_name(const CsModel *view, int rsc)
{
    const CsResource *bundle = cs_bundle_of_replica(view, rsc);

    return bundle != NULL && bundle->bundle != NULL && bundle->bundle->ip_range_start == NULL
           && rsc_of(view, rsc)->is_remote_connection;
}

gboolean cs_bundle_replica_unmanaged(const CsModel *view, int rsc)
{
    const CsResource *bundle = cs_bundle_of_replica(view, rsc);

    return bundle != NULL && bundle_unmanaged(bundle);
}

/* Whether the histories of the bundle's replicas are followed: the
 * implicit resources' parameters are modelled (model/bundle.c), so that
 * their digests can be compared, and their histories read as the
 * scheduler reads them. */
static gboolean replica_history_supported(const CsModel *model, const CsResource *rsc)
{
    gboolean guests = inner_resource(model, rsc->index) >= 0;
    g_autoptr(GHashTable) params = NULL;

    params = cs_bundle_container_params(rsc->bundle, rsc->id, 0, guests);
    return params != NULL && read_as_orphans(model, rsc);
}

/* A recurring monitor of a replica's connection that failed: a generic
 * error or not running, the agent's own answer (status 0), an execution
 * error (4) or a timeout (2).  Checked with the oracle, all alike: the
 * connection recovers and, by its default on-fail restart-container
 * (expand.c), its container restarts; with nothing active on the guest
 * node, the guest is not fenced. */
static gboolean connection_monitor_failed(const CsOpRecord *record)
{
    return strcmp(record->operation, "monitor") == 0 && record->interval_ms > 0
           && (record->rc_code == 1 || record->rc_code == 7)
           && (record->op_status == 0 || record->op_status == 2 || record->op_status == 4);
}

/* An entry whose consequences the orphan's reading shares: a success, a
 * probe that found it stopped, a start or a monitor that failed with a
 * generic error or found it stopped (of a connection, only a failed
 * recurring monitor: its other failures are read as a guest node's). */
static gboolean replica_record_supported(const CsOpRecord *record, gboolean connection,
                                         gboolean unmanaged)
{
    if (unmanaged)
        return record->op_status == 0
               && (record->rc_code == 0 || (record->rc_code == 7 && record->interval_ms == 0));
    const char *task = record->operation;

    if (connection && connection_monitor_failed(record))
        return TRUE;
    if (record->op_status != 0)
        return FALSE;
    if (record->rc_code == 0 || (record->rc_code == 7 && record->interval_ms == 0))
        return TRUE;
    return !connection && (record->rc_code == 1 || record->rc_code == 7)
           && (strcmp(task, "start") == 0 || strcmp(task, "monitor") == 0);
}

/* Why not, for the refusal's message. */
static const char *replica_history_missing(const CsModel *model, const CsResource *rsc)
{
    if (!read_as_orphans(model, rsc))
        return " with a failure-timeout, "
               "stop-orphan-resources=false, an on-fail in op_defaults or a node in "
               "maintenance";
    return " with this container's settings (their parameters: no image, an "
           "incomplete storage or port mapping, or more than 256 replicas with "
           "ip-range-start)";
}

/* Probes that found a replica's resource not running (rc 7, as a
 * cluster records for every resource on every node) change nothing but
 * the probes; any other history (a replica that has run, failed...)
 * needs the implicit resources' parameters for its digests, which are
 * not modelled. */
/* Whether a replica's history entry is refused, saying why; followed:
 * replica_history_supported() of the bundle. */
static gboolean record_refused(const CsResource *rsc, const CsRscState *state,
                               const CsOpRecord *record, gboolean followed, const CsModel *model,
                               GError **error)
{
    /* An entry without an operation is skipped when Pacemaker unpacks
     * the history, so it changes nothing here either. */
    if (probe_found_stopped(record)
        || (followed
            && replica_record_supported(record, is_connection_name(rsc, state->rsc_id),
                                        bundle_unmanaged(rsc))))
        return FALSE;
    if (followed)
        return !cs_engine_refuse(error,
                                 "bundle %s: the history of its resource %s: an "
                                 "operation %s with status %d and result %d is not "
                                 "modelled yet%s",
                                 rsc->id, state->rsc_id, record->operation, record->op_status,
                                 record->rc_code,
                                 bundle_unmanaged(rsc) ? " with the bundle unmanaged or in maintenance"
                                                       : "");
    return !cs_engine_refuse(error,
                             "bundle %s: the history of its "
                             "resource %s (other than a probe that found "
                             "it stopped) is not modelled yet%s",
                             rsc->id, state->rsc_id, replica_history_missing(model, rsc));
}

/* Checked with the oracle (gen_bundle.py seed 1004787, the bundle put in
 * maintenance): a replica of an unmanaged bundle active on a node that
 * shut down cleanly does not have that node fenced, while the orphan's
 * reading, managed, fences it. */
static gboolean down_under_unmanaged(const CsModel *model, const CsResource *rsc,
                                     const CsRscState *state)
{
    const CsNode *node =
        state->node >= 0 ? g_ptr_array_index(model->nodes, state->node) : NULL;

    return bundle_unmanaged(rsc) && state->role >= CS_ROLE_STARTED && node != NULL
           && !node->online;
}

static gboolean history_supported(const CsModel *model, const CsResource *rsc, GError **error)
{
    gboolean followed = replica_history_supported(model, rsc);

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc >= 0 || !names_implicit(rsc, state->rsc_id))
            continue;
        if (followed && down_under_unmanaged(model, rsc, state))
            return cs_engine_refuse(error,
                                    "bundle %s: its resource %s active on node %s, "
                                    "which is down, is not modelled yet with the bundle "
                                    "unmanaged or in maintenance",
                                    rsc->id, state->rsc_id,
                                    ((const CsNode *)g_ptr_array_index(model->nodes, state->node))
                                        ->uname);
        if (!followed && !is_implicit(rsc, state->rsc_id))
            return cs_engine_refuse(error,
                                    "bundle %s: the history of %s, no longer "
                                    "one of its resources, is not modelled yet",
                                    rsc->id, state->rsc_id);
        for (guint k = 0; k < state->history->len; k++)
            if (record_refused(rsc, state, g_ptr_array_index(state->history, k), followed, model,
                               error))
                return FALSE;
    }
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);

        if (fail->rsc < 0 && names_implicit(rsc, fail->rsc_id)
            && (!followed || bundle_unmanaged(rsc)))
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

static gboolean has_guests(const CsModel *model, int rsc);

/* Pacemaker Explained 2.1, "Bundles": a location of a promotable bundle
 * limited to the promoted role reaches the clone of its resource inside,
 * whose instances' promotion scores it adds to (engine/promote.c;
 * checked with the oracle on a replica's guest node, corpus
 * bundle-order-startup-clone-2). */
static gboolean promoted_location_modelled(const CsModel *model, const CsLocation *location,
                                           int bundle)
{
    return location->role == CS_ROLE_PROMOTED && location->node != NULL
           && rsc_of(model, bundle)->bundle->promoted_max > 0 && has_guests(model, bundle);
}

/* Pacemaker Explained 2.1, "Ticket Constraints": a ticket limited to
 * the promoted role of a promotable bundle with a resource inside.
 * Checked with the oracle (granted, lost, never granted, standby; each
 * loss-policy; fresh and promoted replicas): it reaches the implicit
 * resources and instances as any ticket (engine/ticket.c: loss-policy
 * stop stops every replica, freeze freezes the promoted instance), but
 * not the promotion of the bundle's clone, whose promotion scores stay
 * (the ticket names the bundle, not the clone; promote.c asks for the
 * clone's own, tests/fuzz/cases/oracle-bundle-ticket-promoted-*). */
static gboolean promoted_ticket_modelled(const CsModel *model, const CsTicketConstraint *ticket,
                                         int bundle)
{
    return ticket->rsc_role == CS_ROLE_PROMOTED && rsc_of(model, bundle)->bundle->promoted_max > 0
           && has_guests(model, bundle);
}

static gboolean constraints_supported(const CsModel *model, int bundle, GError **error)
{
    const char *id = rsc_of(model, bundle)->id;

    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (location->rsc == bundle && location->role != CS_ROLE_UNKNOWN
            && !promoted_location_modelled(model, location, bundle))
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
                                    "any other, outside sets and not serialized "
                                    "(bundle_colocation.c)",
                                    id, order->id);
    }
    for (guint i = 0; i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *ticket = g_ptr_array_index(model->ticket_constraints, i);

        if (ticket->rsc == bundle && ticket->rsc_role != CS_ROLE_UNKNOWN
            && !promoted_ticket_modelled(model, ticket, bundle))
            return cs_engine_refuse(error,
                                    "bundle %s: tickets for a role of a bundle "
                                    "(%s) are not modelled yet, but the promoted "
                                    "role of a promotable resource inside",
                                    id, ticket->id);
    }
    return cs_bundle_colocations_supported(model, bundle, error);
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

        if (ticket->rsc == inner && ticket->rsc_role != CS_ROLE_UNKNOWN)
            return FALSE;
    }
    return TRUE;
}

/* Whether the resource inside has a history or a fail count.  Those of
 * the implicit resources the bundle would have are orphans' (checked
 * with the oracle: a container that ran is stopped, as an orphan). */
static gboolean has_history(const CsModel *model, int inner)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == inner)
            return TRUE;
    }
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);

        if (fail->rsc == inner)
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
    if (has_history(model, inner))
        return cs_engine_refuse(error,
                                "bundle %s: the history of the resource inside a "
                                "bundle that has no network (Pacemaker leaves "
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

/* Whether name is one of the bundle's guest node names (guest_name() of
 * a replica), read without making each name: the bundle's id, a dash
 * and a replica's number as %d writes it. */
static gboolean is_guest_name(const CsResource *bundle, const char *name)
{
    size_t length = strlen(bundle->id);
    const char *digits = name + length + 1;
    gint64 n = 0;

    if (strncmp(name, bundle->id, length) != 0 || name[length] != '-' || *digits == '\0'
        || (digits[0] == '0' && digits[1] != '\0'))
        return FALSE;
    for (const char *c = digits; *c != '\0'; c++) {
        if (!g_ascii_isdigit(*c) || c - digits > 9)
            return FALSE;
        n = n * 10 + (*c - '0');
    }
    return n < bundle->bundle->replicas;
}

/* A promotable bundle's resource inside (bundle_promote.c): a promote
 * or a demote that succeeded, or a monitor that found it promoted
 * (result 8), read as a promotable clone instance's (Pacemaker
 * Explained 2.1, "Promotable clones"; checked with the oracle). */
static gboolean promoted_record(const CsOpRecord *record)
{
    const char *task = record->operation;

    return (record->rc_code == 0 && (strcmp(task, "promote") == 0 || strcmp(task, "demote") == 0))
           || (record->rc_code == 8 && strcmp(task, "monitor") == 0);
}

/* A recurring monitor of the resource inside that failed: a generic
 * error or not running, as the agent's own answer (status 0), an
 * execution error (4) or a timeout (2), or an execution error with
 * result 189 (the connection to the agent lost), which Pacemaker reads
 * as a generic error (Pacemaker Explained 2.1, "Resource Operations").
 * Checked with the oracle, all alike: the instance is recovered where it
 * is, or re-promoted there with on-fail=demote (guest-failed-* of
 * tests/data/bundle, corpus nested-remote-recovery). */
static gboolean inner_monitor_failed(const CsOpRecord *record)
{
    int status = record->op_status;
    int rc = record->rc_code;

    if (strcmp(record->operation, "monitor") != 0 || record->interval_ms == 0)
        return FALSE;
    return ((rc == 1 || rc == 7) && (status == 0 || status == 2 || status == 4))
           || (rc == 189 && status == 4);
}

/* Whether one entry of the history of the resource inside on a guest
 * node is followed: a probe that found it stopped, a start, a probe or a
 * monitor that found it running, a stop that completed (the instance is
 * stopped there), a notification whatever its result (the scheduler
 * skips them; checked with the oracle: pending, failed or timed out, one
 * changes nothing), a start that failed with a generic error or a
 * recurring monitor that found it not running (on-fail left to
 * Pacemaker's default, restart: the instance is recovered, or runs if it
 * started since), or any recurring monitor that failed
 * (inner_monitor_failed()) when the history's failures asked for no more
 * than a restart or a demote (recovery: failure_recovered()).  Checked
 * with the oracle on gen_bundle seeds 1000000-1000999 and the guest-op-*
 * and guest-failed-* cases of tests/data/bundle; a promotable bundle's
 * promoted records: promoted_record(). */
static gboolean guest_record_supported(const CsOpRecord *record, gboolean default_on_fail,
                                       gboolean recovery, gboolean promotable)
{
    const char *task = record->operation;

    if (probe_found_stopped(record) || strcmp(task, "notify") == 0
        || (recovery && inner_monitor_failed(record)))
        return TRUE;
    if (record->op_status != 0)
        return FALSE;
    return (record->rc_code == 0
            && (strcmp(task, "start") == 0 || strcmp(task, "monitor") == 0
                || strcmp(task, "stop") == 0 || strcmp(task, "cancel") == 0))
           || (record->rc_code == 1 && strcmp(task, "start") == 0 && default_on_fail)
           || (record->rc_code == 7 && record->interval_ms > 0 && strcmp(task, "monitor") == 0
               && default_on_fail)
           || (promotable && promoted_record(record));
}

/* Whether no operation of rsc, nor op_defaults, sets on-fail. */
static gboolean default_on_fail(const CsModel *model, const CsResource *rsc)
{
    if (g_hash_table_lookup(model->op_defaults, "on-fail") != NULL)
        return FALSE;
    for (guint i = 0; rsc->ops != NULL && i < rsc->ops->len; i++)
        if (((const CsOp *)g_ptr_array_index(rsc->ops, i))->on_fail != NULL)
            return FALSE;
    return TRUE;
}

/* Pacemaker Explained 2.1, "Resource Operations" (on-fail): whether the
 * failures in one history of the resource inside asked, at most, for the
 * instance to be restarted (on-fail=restart, the default for a monitor)
 * or demoted (on-fail=demote, for a promoted monitor; read as restart
 * for other roles), as the model read them (model/status.c), op_defaults
 * setting no on-fail.  A failure a later success of the same operation,
 * a start or a promote superseded asked for nothing (no policy applied):
 * the instance runs (checked with the oracle: so too with on-fail=block
 * or ignore, while stop, fence and standby stay applied).  A failure
 * ignored (on-fail=ignore) and the other policies are not modelled yet
 * for the resource inside. */
static gboolean failure_recovered(const CsModel *model, const CsRscState *state)
{
    const char *applied = state->on_fail_applied;

    if (g_hash_table_lookup(model->op_defaults, "on-fail") != NULL || state->failure_ignored)
        return FALSE;
    return applied == NULL || strcmp(applied, "restart") == 0 || strcmp(applied, "demote") == 0;
}

/* The policy failure_recovered() did not follow, for a refusal's
 * message. */
static const char *unfollowed_policy(const CsModel *model, const CsRscState *state)
{
    if (g_hash_table_lookup(model->op_defaults, "on-fail") != NULL)
        return "set in op_defaults";
    return state->failure_ignored ? "ignore" : state->on_fail_applied;
}

/* Refuses one entry of the history of the resource inside on a guest
 * node, saying what it is. */
static gboolean refuse_guest_record(const CsModel *model, const CsResource *rsc,
                                    const CsRscState *state, const CsNode *node,
                                    const CsOpRecord *record, GError **error)
{
    if (inner_monitor_failed(record) && !failure_recovered(model, state))
        return cs_engine_refuse(error,
                                "bundle %s: the history of %s on guest node %s: a "
                                "recurring monitor that failed, with on-fail %s, is not "
                                "modelled yet",
                                rsc->id, state->rsc_id, node->uname,
                                unfollowed_policy(model, state));
    return cs_engine_refuse(error,
                            "bundle %s: the history of %s on guest node %s: an "
                            "operation %s with status %d and result %d is not "
                            "modelled yet",
                            rsc->id, state->rsc_id, node->uname, record->operation,
                            record->op_status, record->rc_code);
}

/* The history of the resource inside on one of the bundle's guest nodes
 * (Pacemaker Explained 2.1, "Bundles": it runs on the guest node, its
 * state is read from that node's status): followed when it ran or was
 * probed, and its failures as guest_record_supported() says. */
static gboolean guest_history_supported(const CsModel *model, const CsResource *rsc,
                                        const CsRscState *state, const CsNode *node,
                                        GError **error)
{
    gboolean on_fail = default_on_fail(model, rsc_of(model, state->rsc));
    gboolean recovery = failure_recovered(model, state);

    if (!is_guest_name(rsc, node->uname))
        return cs_engine_refuse(error,
                                "bundle %s: the history of %s on guest node %s of "
                                "another bundle is not modelled yet",
                                rsc->id, state->rsc_id, node->uname);
    for (guint k = 0; k < state->history->len; k++) {
        const CsOpRecord *record = g_ptr_array_index(state->history, k);

        if (!guest_record_supported(record, on_fail, recovery, rsc->bundle->promoted_max > 0))
            return refuse_guest_record(model, rsc, state, node, record, error);
    }
    return TRUE;
}

/* A fail count of the resource inside, without a failure-timeout, on a
 * cluster node or on one of the bundle's own guest nodes (Pacemaker
 * Explained 2.1, "Failure Response").  Below its migration-threshold it
 * bans nothing: the failure it counts is recovered where it happened
 * (checked with the oracle: bundle-connection-with-container and
 * guest-fail-count-* of tests/data/bundle).  At the threshold the clone
 * that holds the instances is banned from the node (assign.c), each
 * instance with it: on a guest node the instance there stops, on a
 * cluster node nothing changes but the scores, and the containers stay
 * (inner-fail-count-* of tests/data/bundle, corpus
 * remote-connection-shutdown). */
static gboolean guest_fail_count_followed(const CsModel *model, const CsResource *rsc,
                                          const CsFailCount *fail)
{
    const CsNode *node = fail->node >= 0 ? g_ptr_array_index(model->nodes, fail->node) : NULL;
    const CsResource *inner = rsc_of(model, fail->rsc);

    return node != NULL
           && (node->bundle_guest ? is_guest_name(rsc, node->uname) : node->type == CS_NODE_MEMBER)
           && inner->failure_timeout_s == 0;
}

/* The resource inside: a primitive, never run but on its guest nodes
 * (probes that found it stopped aside), no fail count. */
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
        const CsNode *node = g_ptr_array_index(model->nodes, state->node);

        if (state->rsc != inner)
            continue;
        if (node->bundle_guest && !guest_history_supported(model, rsc, state, node, error))
            return FALSE;
        for (guint k = 0; k < state->history->len && !node->bundle_guest; k++)
            if (!probe_found_stopped(g_ptr_array_index(state->history, k)))
                return cs_engine_refuse(error,
                                        "bundle %s: the history of %s inside it "
                                        "(other than a probe that found it stopped) "
                                        "is not modelled yet",
                                        rsc->id, info->id);
    }
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);

        if (fail->rsc == inner && !guest_fail_count_followed(model, rsc, fail))
            return cs_engine_refuse(error,
                                    "bundle %s: fail counts of %s inside it are not "
                                    "modelled yet",
                                    rsc->id, info->id);
    }
    return TRUE;
}

/* Whether location is one of a bundle on one of its own guest nodes
 * (each bundle's check takes its own). */
static gboolean location_on_own_guest(const CsModel *model, const CsLocation *location)
{
    const CsResource *located = rsc_of(model, location->rsc);

    return located->kind == CS_RSC_BUNDLE && located->bundle != NULL
           && is_guest_name(located, location->node);
}

/* A ticket lost with loss-policy=freeze freezes what runs of the
 * resources it names (engine/ticket.c): naming the resource inside, or a
 * role of the bundle, it freezes instances but not their containers.
 * Checked with the oracle, a container that then moves or stops does so
 * with its frozen instance left without an action, where the engine
 * blocks the container's stop: not followed. */
static gboolean freezes_instances_only(const CsModel *model, int bundle, int inner)
{
    for (guint i = 0; i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *constraint = g_ptr_array_index(model->ticket_constraints, i);
        const CsTicket *ticket = cs_model_find_ticket(model, constraint->ticket);

        if ((constraint->rsc == inner
             || (constraint->rsc == bundle && constraint->rsc_role != CS_ROLE_UNKNOWN))
            && g_strcmp0(constraint->loss_policy, "freeze") == 0
            && (ticket == NULL || !ticket->granted))
            return TRUE;
    }
    return FALSE;
}

/* A ticket of the bundle (or of the resource inside, engine/ticket.c)
 * bans the instances of the resource inside from
 * every node but their guest nodes, where the bundle sets INFINITY
 * (assign_instance()) unless migration-threshold was reached there,
 * which is not followed beside a ticket. */
static gboolean ticket_beside_fail_count(const CsModel *model, int bundle, int inner)
{
    gboolean ticketed = FALSE;

    for (guint i = 0; i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *ticket = g_ptr_array_index(model->ticket_constraints, i);

        if (ticket->rsc == bundle || ticket->rsc == inner)
            ticketed = TRUE;
    }
    for (guint i = 0; ticketed && i < model->fail_counts->len; i++)
        if (((const CsFailCount *)g_ptr_array_index(model->fail_counts, i))->rsc == inner)
            return TRUE;
    return FALSE;
}

/* The bundle and what it holds: only locations of the bundle, on a node
 * (one of its own guest nodes too) or by rules; nothing names the
 * resource inside, and no other resource's location names a replica's
 * node.  Pacemaker Explained 2.1, "Bundles": a location of the
 * bundle reaches its containers (resource-discovery too: assign.c), and
 * checked with the oracle, rules are evaluated on the guest nodes as on
 * any node. */
static gboolean guest_constraints_supported(const CsModel *model, int bundle, int inner,
                                            GError **error)
{
    const CsResource *rsc = rsc_of(model, bundle);

    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (location->rsc == inner)
            return cs_engine_refuse(error,
                                    "bundle %s: a location (%s) other than one of the "
                                    "bundle on a node is not modelled yet with a "
                                    "resource inside",
                                    rsc->id, location->id);
        if (location->node == NULL || location_on_own_guest(model, location))
            continue;
        if (cs_model_node(model, location->node) == NULL)
            return cs_engine_refuse(error,
                                    "bundle %s: a location (%s) on a node not in the "
                                    "configuration (such as a replica's guest node) "
                                    "is not modelled yet",
                                    rsc->id, location->id);
    }
    if (freezes_instances_only(model, bundle, inner))
        return cs_engine_refuse(error,
                                "bundle %s: a ticket not granted with loss-policy=freeze "
                                "naming its resource inside, or a role of the bundle, "
                                "is not modelled yet",
                                rsc->id);
    if (ticket_beside_fail_count(model, bundle, inner))
        return cs_engine_refuse(error,
                                "bundle %s: a ticket of the bundle or of its resource "
                                "inside beside a fail count of that resource is not "
                                "modelled yet",
                                rsc->id);
    if (!guest_constraints_named(model, bundle, inner))
        return cs_engine_refuse(error,
                                "bundle %s: colocations, orders, or tickets "
                                "limited to a role, naming the resource inside "
                                "are not modelled yet",
                                rsc->id);
    return TRUE;
}

/* An unclean node with fencing enabled: checked with the oracle, one
 * that is down is fenced, a replica active there moves and its guest
 * node is fenced ('guest is unclean', mark_failed_replicas()); one still
 * in the membership (its controller gone) is fenced and its replicas
 * stop with their connections and instances, no guest node fenced
 * (unclean-online-* of tests/data/bundle); without a fencing device
 * nothing is (unclean-host-no-device). */
static gboolean unclean_followed(const CsModel *model, const CsNode *node)
{
    return model->options.stonith_enabled;
}

/* A <node type="remote"> entry: a replica's guest node takes it over
 * (expand.c), a name no replica takes is a node whose connection is gone. */
static gboolean remote_entry(const CsNode *node)
{
    return node->xml != NULL && node->type == CS_NODE_REMOTE;
}

/* Whether state is the resource inside under its own name, active, while
 * the replicas' clone is globally unique (more than one container per
 * host) and the bundle unmanaged: to Pacemaker an orphan, and its guest
 * node is in maintenance, so it is left running; the engine stops it
 * (checked with the oracle: gen_bundle.py --unmanaged seed 1100520,
 * tests/data/bundle refused-unmanaged-unique-orphan). */
static gboolean unique_orphan_under_unmanaged(const CsModel *model, const CsResource *rsc,
                                              const CsRscState *state)
{
    gboolean unique = containers_per_host(model, rsc->index) > 1;

    return unique && bundle_unmanaged(rsc) && state->role >= CS_ROLE_STARTED
           && strchr(state->rsc_id, ':') == NULL;
}

/* What a replica's guest node's <node_state> may hold besides the
 * history of the resource inside: transient attributes that change no
 * score here (no standby; no fail count: they are refused), and no other
 * resource's history. */
static gboolean guest_node_supported(const CsModel *model, const CsResource *rsc,
                                     const CsNode *node, GError **error)
{
    int inner = inner_resource(model, rsc->index);

    if (!is_guest_name(rsc, node->uname))
        return TRUE;
    /* Checked with the oracle: a replica's guest node in maintenance in
     * the status (node_in_maintenance) changes nothing, managed or not
     * (gen_bundle.py --unmanaged; tests/data/bundle guest-maintenance-*:
     * its instance restarts for a changed definition, stops, moves with
     * its container) */
    if (node->standby || node->remote_was_fenced)
        return cs_engine_refuse(error,
                                "bundle %s: guest node %s in standby or fenced "
                                "is not modelled yet",
                                rsc->id, node->uname);
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->node == node->index && state->rsc != inner)
            return cs_engine_refuse(error,
                                    "bundle %s: the history of %s on its guest node %s "
                                    "is not modelled yet",
                                    rsc->id, state->rsc_id, node->uname);
        if (state->node == node->index && unique_orphan_under_unmanaged(model, rsc, state))
            return cs_engine_refuse(error,
                                    "bundle %s: %s with no instance number active on its "
                                    "guest node %s, the bundle unmanaged, is not modelled yet",
                                    rsc->id, state->rsc_id, node->uname);
    }
    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(model->fail_counts, i);

        if (fail->node == node->index
            && !(fail->rsc == inner && guest_fail_count_followed(model, rsc, fail)))
            return cs_engine_refuse(error,
                                    "bundle %s: fail counts on its guest node %s are "
                                    "not modelled yet",
                                    rsc->id, node->uname);
    }
    return TRUE;
}

/* Pacemaker Explained 2.1, "Resource Meta-Attributes" (is-managed,
 * maintenance) and "Bundles": the implicit resources of a bundle
 * unmanaged or in maintenance (maintenance-mode too) are unmanaged as
 * well and stay as the status has them: a container, address or
 * connection running is pinned where it runs (INFINITY), one stopped
 * stays stopped and is only probed; a stopped connection takes no score
 * from its container (cs_bundle_add_colocations()), and an unmanaged
 * instance whose guest node stays down has no start to block.  Checked with the oracle: corpus
 * bundle-probe-order-2 and -3, gen_bundle.py --unmanaged seeds
 * 1080000-1080299.  Refused still: a cluster node in maintenance (its
 * container stays while crm_simulate starts the connection elsewhere)
 * and failures under an unmanaged bundle (record_refused()). */
/* Whether the configuration has a resource outside bundle rsc. */
static gboolean other_resources(const CsModel *model, const CsResource *rsc)
{
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *other = rsc_of(model, (int)i);

        if (other->parent < 0 && other != rsc)
            return TRUE;
    }
    return FALSE;
}

static gboolean guest_cluster_supported(const CsModel *model, const CsResource *rsc, GError **error)
{
    if (!model->options.symmetric_cluster)
        return cs_engine_refuse(error,
                                "bundle %s: a resource inside a bundle in an opt-in "
                                "(asymmetric) cluster is not modelled yet",
                                rsc->id);
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);

        /* A node shutting down (its shutdown attribute set) is followed as
         * any node that can run nothing: checked with the oracle, its
         * replicas move or stop, the connection and the instance with them
         * (shutdown-replica-* of tests/data/bundle, route-remote-notify);
         * so is one joining (pending-node-*). */
        if ((node->unclean && !unclean_followed(model, node)) || node->maintenance)
            return cs_engine_refuse(error,
                                    "bundle %s: a bundle with a resource inside while "
                                    "node %s is unclean or in maintenance "
                                    "is not modelled yet",
                                    rsc->id, node->uname);
        if (is_guest_name(rsc, node->uname) && !remote_entry(node) && !node->bundle_guest)
            return cs_engine_refuse(error,
                                    "bundle %s: node %s named as a replica's "
                                    "guest node is not modelled yet",
                                    rsc->id, node->uname);
        if (node->bundle_guest && !guest_node_supported(model, rsc, node, error))
            return FALSE;
        /* Checked with the oracle (gen_bundle.py --unmanaged seed 1102649):
         * an unmanaged replica's guest node that is up is in maintenance,
         * and crm_simulate places nothing new there; the engine has no
         * such guest maintenance yet (under maintenance-mode nothing is
         * placed anywhere: answered). */
        if (bundle_unmanaged(rsc) && !model->options.maintenance_mode && node->bundle_guest
            && is_guest_name(rsc, node->uname) && node->online && other_resources(model, rsc))
            return cs_engine_refuse(error,
                                    "bundle %s: other resources beside its guest node %s "
                                    "up under an unmanaged bundle (in maintenance) are "
                                    "not modelled yet",
                                    rsc->id, node->uname);
        /* Checked with the oracle (gen_bundle.py --guests seeds 1100648,
         * 1101511): beside a guest node of a plain resource, or a replica's
         * guest node with a <node> entry of its own, an unmanaged
         * replica's stopped connection has -INFINITY there, which the
         * engine does not give it (its container colocation is left
         * out). */
        if (bundle_unmanaged(rsc) && (!node->bundle_guest || node->xml != NULL)
            && (node->type == CS_NODE_GUEST || node->type == CS_NODE_REMOTE))
            return cs_engine_refuse(error,
                                    "bundle %s: an unmanaged bundle with a resource inside "
                                    "beside remote or guest node %s is not modelled yet",
                                    rsc->id, node->uname);
    }
    return TRUE;
}

/* Whether attribute name of element is one of the bundle's guest node
 * names: a replica's, or one of a replica no longer configured. */
static gboolean attribute_names_guest(const xmlNode *element, const char *name,
                                      const CsResource *rsc)
{
    const xmlAttr *attribute = xmlHasProp(element, (const xmlChar *)name);
    const xmlNode *text = attribute != NULL ? attribute->children : NULL;
    gboolean found;

    if (attribute == NULL)
        return FALSE;
    /* a plain value is read in place; one with entities is put together */
    if (text != NULL && text->type == XML_TEXT_NODE && text->next == NULL)
        return is_connection_name(rsc, (const char *)text->content);
    xmlChar *value = xmlGetProp(element, (const xmlChar *)name);
    found = value != NULL && is_connection_name(rsc, (const char *)value);
    xmlFree(value);
    return found;
}

/* Whether element is a <node type="remote"> of the configuration, which
 * the model reads (remote_entry()). */
static gboolean is_remote_entry(const xmlNode *element)
{
    xmlChar *type;
    gboolean remote;

    if (!xmlStrEqual(element->name, (const xmlChar *)"node") || element->parent == NULL
        || !xmlStrEqual(element->parent->name, (const xmlChar *)"nodes"))
        return FALSE;
    type = xmlGetProp(element, (const xmlChar *)"type");
    remote = type != NULL && g_ascii_strcasecmp((const char *)type, "remote") == 0;
    xmlFree(type);
    return remote;
}

/* Whether element is the <node_state> of a replica's guest node, which
 * the model reads (model/bundle.c makes the node). */
static gboolean read_guest_state(const xmlNode *element, const CsResource *rsc)
{
    xmlChar *uname;
    gboolean found;

    if (!xmlStrEqual(element->name, (const xmlChar *)"node_state"))
        return FALSE;
    uname = xmlGetProp(element, (const xmlChar *)"uname");
    found = uname != NULL && is_guest_name(rsc, (const char *)uname);
    xmlFree(uname);
    return found;
}

/* Whether element, or an element under it, names a replica's guest node
 * (a location on it, a node_state of it): the model knows no such node
 * and leaves them out, where Pacemaker applies them.  A node's resource
 * history (<lrm>, most of a large CIB) is not read: nothing in it names
 * a node by these attributes. */
static const xmlNode *names_guest(const xmlNode *element, const CsResource *rsc)
{
    for (const xmlNode *child = element->children; child != NULL; child = child->next) {
        const xmlNode *found;

        /* locations are checked one by one (guest_constraints_supported) */
        if (child->type != XML_ELEMENT_NODE || xmlStrEqual(child->name, (const xmlChar *)"lrm")
            || xmlStrEqual(child->name, (const xmlChar *)"rsc_location") || is_remote_entry(child)
            || read_guest_state(child, rsc))
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
        /* Any placement-strategy: the containers are distributed as a
         * clone's instances are (engine/clone.c), each carrying the
         * utilization of the resource inside (carry_inner_utilization();
         * checked with the oracle under utilization, balanced and minimal,
         * fresh and with replicas that ran).  Guest nodes (remote-node)
         * beside bundles: lists_guest(). */
        if (!history_supported(model, rsc, error) || !constraints_supported(model, (int)i, error))
            return FALSE;
        if (has_guests(model, (int)i) && !guests_supported(model, (int)i, error))
            return FALSE;
    }
    return TRUE;
}

/* ---- the implicit resources ------------------------------------------- */

/* ---- the implicit resources' definitions ------------------------------ */

/* The recurring monitor crm_simulate 2.1.5 gives an implicit resource
 * (every 60s for a container or an address, every 30s with a 30s
 * timeout for a connection), in a new list. */
static GPtrArray *implicit_monitor(guint interval_ms, guint timeout_ms)
{
    GPtrArray *ops = g_ptr_array_new_with_free_func(g_free);
    CsOp *monitor = g_new0(CsOp, 1);

    monitor->name = (char *)"monitor";
    monitor->interval_ms = interval_ms;
    monitor->timeout_ms = timeout_ms;
    monitor->role = CS_ROLE_UNKNOWN;
    monitor->enabled = TRUE;
    g_ptr_array_add(ops, monitor);
    return ops;
}

/* The connection's parameters: the replica's address (when the network
 * gives none, its host's name, known only once placed: left empty) and
 * the control port. */
static GHashTable *connection_params(const CsBundle *bundle, int n)
{
    GHashTable *params = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    char *address = cs_bundle_replica_address(bundle, n);

    if (address != NULL)
        g_hash_table_insert(params, g_strdup("addr"), address);
    g_hash_table_insert(params, g_strdup("port"), g_strdup_printf("%d", bundle->control_port));
    return params;
}

/* Pacemaker Explained 2.1, "Bundles": the implicit resources take their
 * parameters from the bundle's settings (model/bundle.c makes them); a
 * setting whose parameters are not modelled leaves them empty, and the
 * history of such a bundle is refused (history_supported()). */
static void define_replica(CsExpansion *expansion, const CsResource *info, int n, int container,
                           int ip, int connection)
{
    const CsBundle *bundle = info->bundle;

    cs_expansion_define_implicit(expansion, container,
                                 cs_bundle_container_params(bundle, info->id, n, connection >= 0),
                                 implicit_monitor(60000, 0));
    if (ip >= 0)
        cs_expansion_define_implicit(expansion, ip, cs_bundle_address_params(bundle, n),
                                     implicit_monitor(60000, 0));
    if (connection >= 0)
        cs_expansion_define_implicit(expansion, connection, connection_params(bundle, n),
                                     implicit_monitor(30000, 30000));
}

/* Pacemaker Explained 2.1, "Utilization and Placement Strategy": what a
 * resource uses is checked against a node's capacity.  Checked with the
 * oracle: a replica's container takes the utilization of the resource
 * inside (a node with less room is not chosen for it), and the instances
 * on the guest nodes take none (they run whatever the guest node
 * declares); add_inner_clone() empties the instances'. */
static void carry_inner_utilization(CsModel *view, int bundle, int container)
{
    int inner = inner_resource(view, bundle);

    if (inner >= 0)
        ((CsResource *)g_ptr_array_index(view->resources, container))->utilization =
            rsc_of(view, inner)->utilization;
}

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
    int container_index, ip_index = -1, connection = -1;
    CsResource *link;

    replica_names(info, n, &container, &ip);
    if (ip != NULL)
        ip_index = cs_expansion_add_implicit(expansion, bundle, ip, "heartbeat", "IPaddr2");
    container_index =
        cs_expansion_add_implicit(expansion, bundle, container, "heartbeat", info->bundle->runtime);
    if (guests) {
        name = guest_name(info, n);
        connection = cs_expansion_add_implicit(expansion, bundle, name, "pacemaker", "remote");
        link = g_ptr_array_index(view->resources, connection);
        link->is_remote_connection = TRUE;
        link->requires = cs_rsc_connection_requires(view, link);
        link->container = container_index;
        cs_expansion_add_guest_node(expansion, name, connection);
        carry_inner_utilization(view, bundle, container_index);
    }
    define_replica(expansion, info, n, container_index, ip_index, connection);
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
    /* unique when a host may hold more than one container: checked with
     * the oracle, a control-port without ip-range-start (one container a
     * host) leaves the clone anonymous, its history app on guest node N
     * being instance N's, not an orphan's as with ip-range-start */
    made->globally_unique = containers_per_host(view, bundle) > 1;
    made->ordered = TRUE;
    made->interleave = FALSE;
    made->notify = FALSE;
    cs_bundle_promote_setup(made, info);
    ((CsResource *)g_ptr_array_index(view->resources, inner))->parent = clone;
    /* the containers carry the utilization (carry_inner_utilization());
     * the clone's table is empty, as every implicit resource's */
    ((CsResource *)g_ptr_array_index(view->resources, inner))->utilization = made->utilization;
    for (int n = 0; n < info->bundle->replicas; n++) {
        int index = cs_expansion_add_instance(expansion, inner, clone, n);
        CsResource *instance = g_ptr_array_index(view->resources, index);

        /* a clone instance's default resource-stickiness (Pacemaker
         * Explained 2.1, "Resource Meta-Attributes"); checked with the
         * oracle: an instance active on its guest node scores 501 there */
        if (!instance->stickiness_set)
            instance->stickiness = 1;
    }
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

/* Whether model's status shows id active on a node. */
static gboolean active_in_status(const CsModel *model, const char *id)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->role >= CS_ROLE_STARTED && strcmp(state->rsc_id, id) == 0)
            return TRUE;
    }
    return FALSE;
}

/* Whether id is NAME-N, N a number of no replica of bundle NAME that
 * has a resource inside, active in the status.  Checked with the oracle
 * (replicas 2 -> 1): such a connection is stopped as an orphan, with the
 * container and address, and no guest node is made for it, while
 * stonith-enabled is false.  With fencing, or one that never ran (only
 * probed), crm_simulate fences a node of that name (gen_bundle seeds
 * 335, 218), which is not modelled; nor are the scores that list that
 * node (scores_every_node()). */
/* Whether some score is set on every node the cluster knows, whatever
 * its kind: a location rule is evaluated on each, a resource disabled
 * (target-role=Stopped) is banned from each.  Checked with the oracle
 * (gen_bundle seed 1083293, shrunk): crm_simulate does make a remote node
 * of a former replica's connection still running, and such scores list
 * it at -INFINITY, where the engine has no node of that name; a location
 * naming one node does not list it. */
static gboolean scores_every_node(const CsModel *model)
{
    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (location->rules->len > 0)
            return TRUE;
    }
    for (guint i = 0; i < model->resources->len; i++)
        if (rsc_of(model, (int)i)->target_role == CS_ROLE_STOPPED)
            return TRUE;
    return FALSE;
}

gboolean cs_bundle_former_connection(CsExpansion *expansion, const CsModel *model, const char *id)
{
    const CsModel *view = cs_expansion_model(expansion);

    if (model->options.stonith_enabled || !active_in_status(model, id) || scores_every_node(model))
        return FALSE;

    for (guint i = 0; i < view->resources->len; i++) {
        const CsResource *info = rsc_of(view, (int)i);

        if (info->kind == CS_RSC_BUNDLE && info->bundle != NULL && inner_clone(view, info) >= 0
            && is_connection_name(info, id) && !is_implicit(info, id))
            return TRUE;
    }
    return FALSE;
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

int cs_bundle_container_address(const CsSolution *solution, int rsc)
{
    const CsResource *bundle;

    if (!cs_bundle_is_container(solution, rsc))
        return -1;
    bundle = rsc_of(solution->model, rsc_of(solution->model, rsc)->parent);
    for (int n = 0; n < bundle->bundle->replicas; n++)
        if (replica_container(solution->model, bundle, n) == rsc)
            return replica_address(solution->model, bundle, n);
    return -1;
}

int cs_bundle_address_container(const CsSolution *solution, int rsc)
{
    const CsResource *bundle = cs_bundle_of_replica(solution->model, rsc);

    if (bundle == NULL || bundle->bundle == NULL || cs_bundle_is_dropped(solution->model, bundle->index))
        return -1;
    for (int n = 0; n < bundle->bundle->replicas; n++)
        if (replica_address(solution->model, bundle, n) == rsc)
            return replica_container(solution->model, bundle, n);
    return -1;
}

static gboolean failed_in_status(const CsModel *view, int rsc);

/* The address runs where its container runs; the connection too, at a
 * finite score, so that a container placed takes its connection's scores
 * at 10000/INFINITY: -10000 on a remote node, where no connection may run
 * (checked with the oracle). */
void cs_bundle_add_colocations(CsSolution *solution, int bundle)
{
    const CsResource *info = rsc_of(solution->model, bundle);

    if (cs_bundle_is_dropped(solution->model, bundle))
        return;
    for (int n = 0; n < info->bundle->replicas; n++) {
        int address = replica_address(solution->model, info, n);
        int connection = replica_connection(solution->model, info, n);

        if (address >= 0)
            cs_coloc_add_internal(solution, "ip-with-container", address,
                                  replica_container(solution->model, info, n), TRUE);
        /* Checked with the oracle: at 10000, not INFINITY: the connection
         * takes 10000 on its container's node, and a container running
         * nowhere, or failed, takes its connection's preferences at a
         * hundredth (a running connection's stickiness of 100 adds 1);
         * a container running well does not (moving a container
         * interrupts its service, moving a connection does not). */
        /* An unmanaged connection takes nothing from it (checked with
         * the oracle: 0 on its container's node, corpus
         * bundle-probe-order-3; guest_cluster_supported()). */
        if (connection >= 0 && rsc_of(solution->model, connection)->managed) {
            int container = replica_container(solution->model, info, n);

            cs_coloc_add_internal_scored(solution, "connection-with-container", connection,
                                         container, 10000,
                                         failed_in_status(solution->model, container));
        }
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

/* The replicas' instances of the resource inside, in replica order until
 * the clone's assignment sorted them (clone.c keeps that order), then in
 * that order: crm_simulate prints the bundle again when a dependent asks
 * for its node after the clone was assigned, and the clone's list of
 * children is sorted by then (corpus cancel-behind-moving-remote, whose
 * ovndb_servers:0 comes last the second time). */
static void print_instance_tables(CsSolution *solution, const CsResource *info, int clone)
{
    const GArray *order = solution->clones->order[clone];
    g_autofree gboolean *replica_instances = g_new0(gboolean, solution->n_rsc);

    if (order == NULL) {
        for (int n = 0; n < info->bundle->replicas; n++)
            print_bundle_table(solution, replica_instance(solution->model, info, n));
        return;
    }
    for (int n = 0; n < info->bundle->replicas; n++)
        replica_instances[replica_instance(solution->model, info, n)] = TRUE;
    for (guint i = 0; i < order->len; i++) {
        int instance = g_array_index(order, int, i);

        if (replica_instances[instance])
            print_bundle_table(solution, instance);
    }
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
    print_instance_tables(solution, info, clone);
}

/* Pacemaker Explained 2.1, "Bundles": the connection runs where its
 * container runs (its colocation at 10000, cs_bundle_add_colocations()).
 * Once placed, the guest node is up for the rest of the solve (its
 * resource may be placed there); otherwise it stays down (Pacemaker
 * Explained 2.1, "Pacemaker Remote"). */
/* A container placed on a remote node: its connection must run where
 * that remote node's own connection runs, pacemaker-remoted holding a
 * single connection (a colocation at INFINITY, checked with the oracle:
 * -INFINITY on every other node, nothing added there). */
static void follow_host_connection(CsSolution *solution, int connection, int host)
{
    const CsNode *node = g_ptr_array_index(solution->model->nodes, host);
    CsTable *table = solution->work[connection].table;
    int outer;

    if ((node->type != CS_NODE_REMOTE && node->type != CS_NODE_GUEST) || node->remote_rsc < 0)
        return;
    outer = solution->work[node->remote_rsc].assigned;
    for (int other = 0; other < solution->n_nodes; other++)
        if (table->allowed[other] && other != outer)
            cs_table_add(table, other,
                         &(CsContribution){.kind = CS_CONTRIB_COLOCATION,
                                           .source = "child-remote-with-docker-remote",
                                           .other_rsc = node->remote_rsc,
                                           .value = -CS_INFINITY});
}

static void assign_connection(CsSolution *solution, int connection, int container)
{
    const CsResource *info = rsc_of(solution->model, connection);
    CsNode *guest = g_ptr_array_index(solution->model->nodes, info->remote_node);
    const CsRscWork *work = &solution->work[connection];
    int host = solution->work[container].assigned;
    gboolean up;

    if (host >= 0)
        follow_host_connection(solution, connection, host);
    cs_assign(solution, connection);
    up = work->assigned >= 0 && work->next_role != CS_ROLE_STOPPED;
    cs_remote_note_definition_checks(solution, connection, guest, up);
    guest->online = up;
    solution->node_available[info->remote_node] = guest->online;
}

/* Each replica's instance of the resource inside is placed on the
 * replica's guest node, at INFINITY there, before the clone is (the
 * clone does not place them again: the oracle shows it).  That score is
 * set, not added: a ticket of the bundle banned the instance from every
 * node (engine/ticket.c), and the oracle prints INFINITY on its guest
 * node all the same (below migration-threshold; a fail count beside a
 * ticket is refused, guest_constraints_supported()); the container
 * banned too, the guest node stays down and the instance stopped. */
static void assign_instance(CsSolution *solution, int clone, int instance, int guest)
{
    CsTable *table = solution->work[instance].table;
    CsContribution why = {.kind = CS_CONTRIB_CLONE,
                          .source = "its replica's guest node",
                          .other_rsc = -1,
                          .value = CS_INFINITY};

    if (table->allowed[guest] && cs_table_has_kind(table, guest, CS_CONTRIB_TICKET))
        cs_table_set(table, guest, &why);
    else if (table->allowed[guest])
        cs_table_add(table, guest, &why);
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

typedef struct ContainerOrder {
    const CsSolution *solution;
    int bundle;
} ContainerOrder;

static gint compare_containers(gconstpointer a, gconstpointer b, gpointer data)
{
    const ContainerOrder *order = data;
    int rsc1 = *(const int *)a, rsc2 = *(const int *)b;
    gint result = cs_clone_compare_instances(order->solution, order->bundle, rsc1, rsc2);

    return result != 0 ? result : rsc1 - rsc2;
}

/* The containers in the order they take their nodes: as a clone's
 * instances (engine/clone.c), those whose node can keep them first, then
 * those running nowhere, then those whose node cannot; ties in replica
 * order (checked with the oracle: a replica not running took the only
 * node left before replicas on a node the bundle was banned from). */
static void sort_containers(const CsSolution *solution, int bundle, GArray *containers)
{
    ContainerOrder order = {solution, bundle};

    g_array_sort_with_data(containers, compare_containers, &order);
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
    sort_containers(solution, bundle, containers);
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

static int top_level(const CsModel *view, int rsc)
{
    while (rsc_of(view, rsc)->parent >= 0)
        rsc = rsc_of(view, rsc)->parent;
    return rsc;
}

/* Whether rsc is one of the bundle's resources made before replica n's
 * connection: the addresses and containers of replicas up to n, the
 * connections before n. */
static gboolean made_before_guest(const CsModel *view, const CsResource *info, int rsc, int n)
{
    for (int k = 0; k <= n; k++)
        if (rsc == replica_container(view, info, k) || rsc == replica_address(view, info, k)
            || (k < n && rsc == replica_connection(view, info, k)))
            return TRUE;
    return FALSE;
}

/* Whether rsc is an instance of a bundle's resource inside, which lists
 * its own guest node only. */
static gboolean replica_instance_of_any(const CsModel *view, int rsc)
{
    int clone = rsc_of(view, rsc)->parent;
    int bundle = clone >= 0 ? rsc_of(view, clone)->parent : -1;

    return bundle >= 0 && rsc_of(view, clone)->kind == CS_RSC_CLONE
           && rsc_of(view, bundle)->kind == CS_RSC_BUNDLE;
}

/* How rsc lists guest node guest of replica n: not at all (FALSE), or
 * as any node, banned when *banned.  Checked with the oracle: a node the
 * bundle makes is listed by no other resource; a <node type="remote">
 * entry naming it is a node from the start, listed by the resources read
 * before the bundle (at -INFINITY, once the bundle claims it as its guest
 * node) and by the bundle's resources made before replica n's connection
 * (made_before_guest(): at 0 on the containers, a node where no
 * connection may run); not by the bundle itself, the instances of a
 * resource inside a bundle, nor what comes after. */
static gboolean lists_guest(const CsModel *view, const CsResource *info, int rsc, int n, int guest,
                            gboolean *banned)
{
    const CsNode *node = g_ptr_array_index(view->nodes, guest);

    *banned = node->xml != NULL && top_level(view, rsc) < info->index
              && !replica_instance_of_any(view, rsc);
    return node->xml != NULL && (*banned || made_before_guest(view, info, rsc, n));
}

/* Pacemaker makes a bundle's guest nodes at -INFINITY for everything but
 * the bundle's clone: no other resource lists them (checked with the
 * oracle, lists_guest()); the clone lists them at -INFINITY until it is
 * placed, and instance N lists only guest node N, at 500. */
static void limit_guest_tables(CsSolution *solution, int bundle)
{
    const CsModel *view = solution->model;
    const CsResource *info = rsc_of(view, bundle);
    int clone = inner_clone(view, info);

    for (int n = 0; n < info->bundle->replicas; n++) {
        int guest = rsc_of(view, replica_connection(view, info, n))->remote_node;
        int instance = replica_instance(view, info, n);

        for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
            gboolean banned;

            if (rsc == clone)
                continue;
            if (!lists_guest(view, info, rsc, n, guest, &banned))
                solution->work[rsc].table->allowed[guest] = FALSE;
            else if (banned)
                cs_table_add_simple(solution->work[rsc].table, guest, CS_CONTRIB_STATUS_BAN,
                                    "a guest node of a bundle read after it", -CS_INFINITY);
        }
        cs_table_add_simple(solution->work[clone].table, guest, CS_CONTRIB_CLONE,
                            "a guest node of the bundle", -CS_INFINITY);
        for (int node = 0; node < solution->n_nodes; node++)
            solution->work[instance].table->allowed[node] = FALSE;
        cs_table_add_simple(solution->work[instance].table, guest, CS_CONTRIB_CLONE,
                            "its replica's guest node", 500);
    }
}

/* Whether the status shows rsc failed (a failure not ignored). */
static gboolean failed_in_status(const CsModel *view, int rsc)
{
    for (guint i = 0; i < view->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(view->rsc_states, i);

        if (state->rsc == rsc && state->failed && !state->failure_ignored)
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a guest node whose
 * container failed, or whose connection's host is down and unclean while
 * the container is active, is "fenced" by recovering the container (guest.c schedules it); the
 * status marks it so, as the model marks a guest node it knows
 * (model/status.c).  Checked with the oracle: either gives "Fence
 * (reboot) NAME-N (resource: ...) 'guest is unclean'". */
static int active_node(const CsModel *view, int rsc);

static void mark_failed_replicas(CsSolution *solution, int bundle)
{
    const CsModel *view = solution->model;
    const CsResource *info = rsc_of(view, bundle);

    for (int n = 0; n < info->bundle->replicas; n++) {
        const CsResource *connection = rsc_of(view, replica_connection(view, info, n));
        CsNode *guest = g_ptr_array_index(view->nodes, connection->remote_node);

        int host = active_node(view, connection->index);
        const CsNode *where = host >= 0 ? g_ptr_array_index(view->nodes, host) : NULL;

        if (failed_in_status(view, connection->container)
            || (where != NULL && where->unclean && !where->online
                && active_node(view, connection->container) >= 0))
            guest->remote_requires_reset = TRUE;
    }
}

/* The node a resource is active on in the status, or -1 (none, or more
 * than one: guest.c refuses a connection active on several nodes). */
static int active_node(const CsModel *view, int rsc)
{
    int node = -1;

    for (guint i = 0; i < view->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(view->rsc_states, i);

        if (state->rsc != rsc || state->role < CS_ROLE_STARTED)
            continue;
        if (node >= 0 && node != state->node)
            return -1;
        node = state->node;
    }
    return node;
}

void cs_bundle_limit_guest_nodes(CsSolution *solution)
{
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        const CsResource *info = rsc_of(solution->model, rsc);

        if (info->kind == CS_RSC_BUNDLE && info->parent < 0 && info->bundle != NULL
            && inner_clone(solution->model, info) >= 0) {
            limit_guest_tables(solution, rsc);
            mark_failed_replicas(solution, rsc);
        }
    }
}

/* The node whose name a replica's connection takes as its address:
 * where its container is assigned, else where the container is active
 * now (the first node it was found on), or -1 when neither. */
static int connection_host(const CsGraph *graph, int container)
{
    const CsNodeList *running = &graph->running_on[container];

    if (graph->assigned[container] >= 0)
        return graph->assigned[container];
    return running->len > 0 ? running->items[0] : -1;
}

/* Pacemaker Explained 2.1, "Bundle Network Properties": without
 * ip-range-start a connection reaches its guest through the name of its
 * container's host, which Pacemaker writes into the connection's address
 * parameter once the resources are assigned, and only then compares the
 * connection's recorded digests (Pacemaker Explained 2.1, "Reloading
 * Agents").  Checked with crm_simulate 2.1.5, under no-quorum-policy=
 * freeze where a changed definition leaves the connection stopped: the
 * digest matches the name of the node the container moves to, not the
 * one it leaves (tests/data/bundle connection-address-*); of the node a
 * container that stops runs on; and, with the container neither placed
 * nor active, the unreplaced "#uname" itself, whatever node the
 * connection is active on.  Called before digests.c checks them. */
void cs_bundle_address_connections(const CsGraph *graph)
{
    const CsModel *view = graph->model;

    for (int bundle = 0; bundle < graph->solution->n_rsc; bundle++) {
        const CsResource *info = rsc_of(view, bundle);

        if (info->kind != CS_RSC_BUNDLE || info->parent >= 0 || info->bundle == NULL
            || inner_clone(view, info) < 0 || info->bundle->ip_range_start != NULL)
            continue;
        for (int n = 0; n < info->bundle->replicas; n++) {
            const CsResource *connection = rsc_of(view, replica_connection(view, info, n));
            int host = connection_host(graph, replica_container(view, info, n));
            const char *name =
                host >= 0 ? ((const CsNode *)g_ptr_array_index(view->nodes, host))->uname
                          : "#uname";

            g_hash_table_insert(connection->params, g_strdup("addr"), g_strdup(name));
        }
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

/* Checked with the oracle: when a replica's container cannot be placed,
 * its connection and instance are still scheduled, blocked, and what is
 * ordered after or colocated with the bundle follows the bundle's
 * containers (an order after a bundle none of whose containers run is
 * blocked "due to unrunnable NAME running": propagate.c); with a
 * promotable bundle, the blocked instance is listed as started, not
 * promoted (engine/promote.c, guest_container_unplaced()).  When no node
 * can take a replica's connection (every node in standby or shutting
 * down, or the bundle colocated with one that stops), the instance is
 * still placed on the replica's guest node and its start blocked "due to
 * unrunnable NAME-N start", or by the colocation first (actions.c). */
/* Checked with the oracle (gen_bundle.py --guests, seed 1001343): a
 * container may be placed on a guest node of the cluster (remote-node),
 * and crm_simulate then gives the restart of its connection another
 * reason than the engine does. */
static gboolean containers_off_guests(const CsSolution *solution, const CsResource *info,
                                      GError **error)
{
    const CsModel *view = solution->model;

    for (int n = 0; n < info->bundle->replicas; n++) {
        int node = solution->work[replica_container(view, info, n)].assigned;

        if (node >= 0
            && ((const CsNode *)g_ptr_array_index(view->nodes, node))->type == CS_NODE_GUEST)
            return cs_engine_refuse(error,
                                    "bundle %s: a container placed on guest node %s "
                                    "is not modelled yet",
                                    info->id,
                                    ((const CsNode *)g_ptr_array_index(view->nodes, node))->uname);
    }
    return TRUE;
}

gboolean cs_bundle_check_placed(const CsSolution *solution, GError **error)
{
    const CsModel *view = solution->model;

    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        const CsResource *info = rsc_of(view, rsc);

        if (info->kind != CS_RSC_BUNDLE || info->bundle == NULL || info->parent >= 0
            || cs_bundle_is_dropped(view, rsc))
            continue;
        if (!containers_off_guests(solution, info, error))
            return FALSE;
    }
    return TRUE;
}

/* What the expansion (expand.c) asks of bundles. */
const CsBundleExpander cs_bundle_expander = {
    .is_dropped = cs_bundle_is_dropped,
    .expand = cs_bundle_expand,
    .implicit = cs_bundle_implicit,
    .former_connection = cs_bundle_former_connection,
};
