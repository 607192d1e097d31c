/* remote.c: what Pacemaker Remote nodes change in a solve.
 *
 * Pacemaker Explained 2.1, "Pacemaker Remote" (and Pacemaker Remote's own
 * guide, "Remote Node Walk-through"): a remote or guest node runs ordinary
 * resources, but never a fencing device nor a connection resource; those
 * need a full cluster node.  A remote node can run resources only while
 * its connection (an ocf:pacemaker:remote primitive) runs.  Guest nodes
 * (guest.c) are remote nodes whose connection is implicit; the remote and
 * guest node situations not followed yet are refused after the
 * assignment (cs_remote_check_supported).
 */
#include "base/xml.h"
#include "engine/graph.h"

static gboolean connection_host_lost(const CsSolution *solution, int connection);
static gboolean connection_failed(const CsModel *model, int connection);
static gboolean connection_lost(const CsModel *model, int connection);
static int lost_monitor_state(const CsModel *model, int connection);
static gboolean only_bundle_guests(const CsSolution *solution);

static const CsResource *rsc_of_model(const CsModel *model, int rsc)
{
    return g_ptr_array_index(model->resources, rsc);
}

static gboolean node_is_remote(const CsNode *node)
{
    return node->type == CS_NODE_REMOTE || node->type == CS_NODE_GUEST;
}

/* For each resource, whether it holds a guest node (its container), read
 * once: cs_guest_node_of_container() walks the nodes. */
static gboolean *guest_containers(const CsModel *model)
{
    gboolean *holds = g_new0(gboolean, MAX(model->resources->len, 1));

    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        int container =
            node->type == CS_NODE_GUEST ? cs_guest_container_of(model, node->remote_rsc) : -1;

        if (container >= 0)
            holds[container] = TRUE;
    }
    return holds;
}

static gboolean in_bundle(const CsModel *model, const CsResource *rsc)
{
    return rsc->parent >= 0
           && ((const CsResource *)g_ptr_array_index(model->resources, rsc->parent))->kind
                  == CS_RSC_BUNDLE;
}

/* Fencing devices (class stonith), connections and the containers of
 * guest nodes must run on cluster nodes.  A bundle's container is not
 * banned from remote nodes: it takes its connection's scores there
 * (cs_bundle_add_colocations; checked with the oracle). */
static gboolean needs_cluster_node(const CsModel *model, const CsResource *rsc,
                                   const gboolean *guest_container)
{
    return rsc->kind == CS_RSC_PRIMITIVE
           && ((rsc->is_remote_connection && rsc->remote_node >= 0) || rsc->fence_device
               || (!in_bundle(model, rsc) && guest_container[rsc->index]));
}

/* Whether remote, a node entry whose connection is no longer configured,
 * has that connection's history in the status: Pacemaker makes the
 * orphan connection of the node's name and links the node to it, so the
 * node is avoided as one with a connection is (checked with crm_simulate
 * 2.1.5: rb seed 1642778, a probe of connection web-1 on node2 bans the
 * guest container vm1 from web-1, not from web-0 whose connection left
 * no history; tests/fuzz/cases/oracle-remote-orphan-connection-avoided). */
static gboolean orphan_connection_of(const CsSolution *solution, const CsNode *remote)
{
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        const CsResource *info = rsc_of_model(solution->model, rsc);

        if (info->kind == CS_RSC_PRIMITIVE && cs_rsc_is_orphan(solution, rsc)
            && g_strcmp0(info->id, remote->uname) == 0 && g_strcmp0(info->rsc_class, "ocf") == 0
            && g_strcmp0(info->provider, "pacemaker") == 0 && g_strcmp0(info->type, "remote") == 0)
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": the ban only touches nodes
 * already allowed, so an opt-in cluster does not list them anew. */
void cs_remote_avoid_nodes(CsSolution *solution)
{
    const CsModel *model = solution->model;
    g_autofree gboolean *guest_container = guest_containers(model);

    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        CsTable *table = solution->work[rsc].table;
        const CsResource *rsc_info = g_ptr_array_index(model->resources, rsc);

        /* Pacemaker sets no internal constraint on unmanaged resources;
         * fencing enabled with no device leaves them managed (seed 142325) */
        if (!needs_cluster_node(model, rsc_info, guest_container) || !solution->work[rsc].managed)
            continue;
        for (int node = 0; node < solution->n_nodes; node++) {
            const CsNode *info = g_ptr_array_index(model->nodes, node);

            /* a node entry whose connection is gone is not avoided
             * (corpus remote-stale-node-entry), but by a bundle's
             * connections (checked with the oracle) */
            if (table->allowed[node] && node_is_remote(info)
                && (info->remote_rsc >= 0 || in_bundle(model, rsc_info)
                    || orphan_connection_of(solution, info)))
                cs_table_add_simple(table, node, CS_CONTRIB_STATUS_BAN,
                                    "remote nodes run no fencing device "
                                    "and no connection",
                                    -CS_INFINITY);
        }
    }
}

/* Pacemaker compares the definitions with their histories (Pacemaker
 * Explained 2.1, "Reloading Agents") before it assigns anything, by the
 * nodes' state in the status: a remote or guest node that could not run
 * resources then is skipped, one that could is checked even as its
 * connection stops now (checked with the oracle for guest nodes too:
 * the instance inside a bundle whose connection no node can take stops
 * "due to resource definition change"). */
void cs_remote_note_definition_checks(CsSolution *solution, int connection, const CsNode *remote,
                                      gboolean up)
{
    int node = rsc_of_model(solution->model, connection)->remote_node;

    if (!remote->online || remote->shutdown || remote->unclean || remote->standby
        || remote->maintenance) {
        if (solution->remote_unchecked == NULL)
            solution->remote_unchecked = g_new0(guint8, solution->n_nodes);
        solution->remote_unchecked[node] = TRUE;
    } else if (!up && !connection_failed(solution->model, connection)) {
        if (solution->remote_checked == NULL)
            solution->remote_checked = g_new0(guint8, solution->n_nodes);
        solution->remote_checked[node] = TRUE;
    }
}

/* Pacemaker Remote's guide, "Pacemaker Remote": a remote node can run
 * resources only while its connection runs.  Once the connection has its
 * node, the remote node counts as up for the rest of the solve (an unseen
 * one is not fenced: the cluster will try to connect); a connection that
 * stays stopped takes the remote node down, as a node shutting down. */
static void connection_assigned(CsSolution *solution, int rsc)
{
    const CsResource *info = g_ptr_array_index(solution->model->resources, rsc);
    const CsRscWork *work = &solution->work[rsc];
    CsNode *remote;
    gboolean up;

    /* The engine's own copy of the nodes (expand.c makes one whenever
     * there are remote nodes), so the transition sees the new state. */
    if (info->remote_node < 0 || solution->expansion == NULL)
        return;
    remote = g_ptr_array_index(cs_expansion_model(solution->expansion)->nodes, info->remote_node);
    /* a remote node whose connection failed is fenced: it runs nothing
     * in this transition, even as the connection is recovered */
    up = work->assigned >= 0 && work->next_role != CS_ROLE_STOPPED
         && !(remote->type == CS_NODE_REMOTE && connection_lost(solution->model, rsc));
    cs_remote_note_definition_checks(solution, rsc, remote, up);
    if (up) {
        remote->online = TRUE;
        if (remote->unseen)
            remote->unclean = FALSE;
    } else {
        remote->shutdown = TRUE;
    }
    solution->node_available[info->remote_node] = remote->online && !remote->shutdown
                                                  && !remote->unclean && !remote->standby
                                                  && !remote->maintenance;
}

/* Pacemaker compares resource definitions with their histories before
 * it places anything, on nodes that can run resources then: a remote node
 * whose connection was down (or in standby) is skipped, even if the
 * connection starts now. */
gboolean cs_remote_definitions_unchecked(const CsSolution *solution, int node)
{
    return solution->remote_unchecked != NULL && node >= 0 && solution->remote_unchecked[node];
}

/* Pacemaker compares them before it assigns the connections, too: a
 * remote or guest node that could run resources in the status is checked
 * even when its connection now stops (checked with crm_simulate: a
 * resource left stopped there is "due to resource definition change"). */
gboolean cs_remote_definitions_checked(const CsSolution *solution, int node)
{
    return solution->remote_checked != NULL && node >= 0 && solution->remote_checked[node];
}

/* The target of a connection's partial migration (source still up), or -1. */
static int partial_migration_target(const CsSolution *solution, int connection)
{
    const CsModel *model = solution->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == connection && cs_partial_migration_target(state) >= 0)
            return state->migration_target;
    }
    return -1;
}

/* Pacemaker assigns the connections before any other resource, in the
 * assignment order, so that every remote node's state is known first; a
 * connection half migrated prefers its migration target when it scores
 * as well as the best node (Pacemaker Explained 2.1, "Migrating
 * Resources"; checked with crm_simulate 2.1.5: with every node at 0 the
 * migration continues, where the fewest resources would pick another). */
void cs_remote_assign_connections(CsSolution *solution, const int *order, guint n)
{
    for (guint i = 0; i < n; i++) {
        const CsResource *info = g_ptr_array_index(solution->model->resources, order[i]);
        CsRscWork *work = &solution->work[order[i]];
        int target;

        if (info->kind != CS_RSC_PRIMITIVE || !info->is_remote_connection || info->remote_node < 0)
            continue;
        target = partial_migration_target(solution, order[i]);
        work->has_prefer = target >= 0;
        work->prefer = target;
        cs_assign(solution, order[i]);
        work->has_prefer = FALSE;
        work->prefer = -1;
        connection_assigned(solution, order[i]);
    }
}

/* ---- fencing remote nodes ---------------------------------------------- */

/* Whether the connection runs after the transition. */
static gboolean connection_up(const CsSolution *solution, int connection)
{
    const CsRscWork *work = &solution->work[connection];

    return work->assigned >= 0 && work->next_role != CS_ROLE_STOPPED;
}

/* The reason a remote node down in the status, with resources active
 * there, is fenced unless its connection starts: the first of them. */
static const char *first_active_id(const CsModel *model, int node)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->node == node && state->role >= CS_ROLE_STARTED)
            return state->rsc >= 0
                       ? ((const CsResource *)g_ptr_array_index(model->resources, state->rsc))->id
                       : state->rsc_id;
    }
    return NULL;
}

static char *active_there(const CsModel *model, int node)
{
    const char *id = first_active_id(model, node);

    return id == NULL ? NULL
                      : g_strdup_printf("%s is active there (fencing will be revoked if remote "
                                        "connection can be re-established elsewhere)",
                                        id);
}

/* ---- a connection whose host is lost ---------------------------------- */

/* Pacemaker Explained 2.1, "Pacemaker Remote": when the connection of a
 * remote node was running on a cluster node that is lost and cannot be
 * recovered elsewhere, nothing can reach the node: what runs there or is
 * not known there can only be settled by fencing it.  crm_simulate 2.1.5
 * names the reason after the first action that needs the connection, in
 * the order it keeps its actions (newest first, checked with
 * crm_simulate, tests remote-lost-host-*): the stops of resources going
 * down with the node (made last, with every resource's actions), then the
 * probes of resources whose state there is unknown, then the restarts of
 * resources whose agent changed (made as the definitions are compared
 * with the histories, "Reloading Agents"), then the stops of failed
 * resources being recovered (made first, as the status is read).
 * With none of them the node is not fenced (corpus
 * remote-recover-no-resources: discovery is exclusive elsewhere). */
typedef struct {
    gboolean stop;        /* a resource active there stops with the node */
    gboolean probe;       /* a resource's state there is unknown */
    gboolean failed_stop; /* a failed resource there is recovered */
    gboolean changed_stop; /* a resource there restarts for its changed agent */
    const char *unknown;  /* what is not followed, or NULL */
    gint64 newest;        /* when the newest of them is made (print_key()) */
} LostHostActions;

/* When Pacemaker makes an action that needs the connection, as one
 * number: the stops of failed resources as the status is read (in its
 * order), then the stops of changed agents (in the status's order), then
 * the probes (node by node in name order, resource by resource), then
 * the other stops (resource by resource, each on its
 * nodes in the status's order).  Each fenced node's fencing is made when
 * crm_simulate reaches its newest such action, newest first, and printed
 * newest first: so in the order of these numbers (checked with
 * crm_simulate: two remote nodes whose connections' host is lost, tests
 * remote-lost-host-two-*). */
static gint64 print_key(int phase, gint64 major, gint64 minor)
{
    return (gint64)phase * 1000000000000LL + major * 1000000LL + minor;
}

/* The nearest anonymous clone rsc belongs to, or -1: Pacemaker probes an
 * anonymous clone once per node, known there once any instance is. */
static int anonymous_clone_of(const CsModel *model, int rsc)
{
    for (int up = rsc_of_model(model, rsc)->parent; up >= 0; up = rsc_of_model(model, up)->parent)
        if (rsc_of_model(model, up)->kind == CS_RSC_CLONE
            && !rsc_of_model(model, up)->globally_unique)
            return up;
    return -1;
}

static gboolean descends_from(const CsModel *model, int rsc, int ancestor)
{
    for (; rsc >= 0; rsc = rsc_of_model(model, rsc)->parent)
        if (rsc == ancestor)
            return TRUE;
    return FALSE;
}

/* Whether the status records rsc (or its anonymous clone) on node. */
static gboolean known_on(const CsModel *model, int rsc, int node)
{
    int clone = anonymous_clone_of(model, rsc);

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->node != node || state->rsc < 0)
            continue;
        if (state->rsc == rsc || (clone >= 0 && descends_from(model, state->rsc, clone)))
            return TRUE;
    }
    return FALSE;
}

/* Whether resource discovery skips rsc on node (Pacemaker Explained 2.1,
 * "Location Properties": resource-discovery=exclusive elsewhere, or never
 * on a node+score location); a never by rule or role is left unknown. */
static gboolean discovery_skips(const CsSolution *solution, int rsc, int node,
                                LostHostActions *seen)
{
    const CsModel *model = solution->model;
    const CsNode *info = g_ptr_array_index(model->nodes, node);
    const CsRscWork *work = &solution->work[rsc];
    gboolean exclusive;

    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (location->discovery != CS_DISCOVERY_NEVER || !descends_from(model, rsc, location->rsc))
            continue;
        if (location->node == NULL || location->role != CS_ROLE_UNKNOWN)
            seen->unknown = "resource-discovery=never by rule or role";
        else if (strcmp(location->node, info->uname) == 0)
            return TRUE;
    }
    /* the resource's own or its top-level resource's (Pacemaker's
     * uber-parent) */
    exclusive = work->exclusive_discovery;
    for (int up = rsc; up >= 0; up = rsc_of_model(model, up)->parent)
        if (rsc_of_model(model, up)->parent < 0)
            exclusive |= solution->work[up].exclusive_discovery;
    return exclusive && (work->discover_exclusive == NULL || !work->discover_exclusive[node]);
}

/* Whether Pacemaker probes the primitive rsc on the remote node. */
static gboolean probed_there(const CsSolution *solution, int rsc, int node, LostHostActions *seen)
{
    const CsModel *model = solution->model;
    const CsResource *info = rsc_of_model(model, rsc);

    if (info->kind != CS_RSC_PRIMITIVE || cs_rsc_is_template(solution, rsc))
        return FALSE;
    /* a resource no longer configured (only in the status) is not probed
     * anywhere (checked with crm_simulate 2.1.5: haproxy-clone removed
     * from corpus remote-recover-no-resources leaves galera-2, where
     * nothing else is discovered, unfenced) */
    if (cs_rsc_is_orphan(solution, rsc))
        return FALSE;
    /* remote nodes run no fencing device and no connection; a resource
     * inside a container is not probed */
    if (info->fence_device || info->is_remote_connection || info->container >= 0)
        return FALSE;
    if (known_on(model, rsc, node))
        return FALSE;
    return !discovery_skips(solution, rsc, node, seen);
}

/* The stop a resource recorded on node gets as the node goes down. */
static void note_stop(const CsSolution *solution, const CsRscState *state, guint position,
                      LostHostActions *seen)
{
    gint64 rsc = state->rsc >= 0 ? state->rsc : solution->n_rsc + (gint64)position;

    const char *on_fail = state->on_fail_applied;

    if (state->role < CS_ROLE_STARTED && !state->failed)
        return;
    if (state->rsc >= 0 && (!solution->work[state->rsc].managed || state->blocked)) {
        seen->unknown = "an unmanaged or blocked resource";
        return;
    }
    if (state->failed && state->last_failure != NULL
        && g_strcmp0(state->last_failure->operation, "stop") == 0) {
        seen->unknown = "a failed stop";
        return;
    }
    /* on-fail=restart (the default) makes the recovery's stop as the
     * status is read; ignore, stop, standby and migrate leave it to the
     * resource's own actions */
    if (state->failed && g_strcmp0(on_fail, "restart") == 0 && state->role >= CS_ROLE_STARTED) {
        seen->failed_stop = TRUE;
        seen->newest = MAX(seen->newest, print_key(0, position, 0));
    } else if (!state->failed && state->agent_changed
               && cs_remote_definitions_checked(solution, state->node)) {
        /* stopped where the definitions are compared, before the probes
         * (checked with crm_simulate 2.1.5: a resource added to corpus
         * remote-connection-unrecoverable is probed on remote1 after
         * rsc1, recorded by another provider, is stopped there) */
        seen->changed_stop = TRUE;
        seen->newest = MAX(seen->newest, print_key(1, position, 0));
    } else if (on_fail == NULL || g_strcmp0(on_fail, "ignore") == 0
               || g_strcmp0(on_fail, "stop") == 0 || g_strcmp0(on_fail, "standby") == 0
               || g_strcmp0(on_fail, "migrate") == 0) {
        seen->stop = TRUE;
        seen->newest = MAX(seen->newest, print_key(3, rsc, position));
    } else {
        seen->unknown = "a failure there with this on-fail";
    }
}

/* The actions on remote node that need its connection. */
static LostHostActions lost_host_actions(const CsSolution *solution, const CsNode *remote)
{
    const CsModel *model = solution->model;
    LostHostActions seen = {0};

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->node == remote->index)
            note_stop(solution, state, i, &seen);
    }
    if (cs_startup_probes_disabled(model) || !remote->rsc_discovery_enabled)
        return seen;
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        if (!probed_there(solution, rsc, remote->index, &seen))
            continue;
        seen.probe = TRUE;
        seen.newest =
            MAX(seen.newest, print_key(2, solution->name_rank[remote->index], (gint64)rsc));
    }
    if (model->features & CS_FEATURE_BUNDLE)
        seen.unknown = "a bundle";
    return seen;
}

static char *lost_host_reason(const CsSolution *solution, const CsNode *remote)
{
    LostHostActions seen = lost_host_actions(solution, remote);

    if (seen.stop || (!seen.probe && (seen.failed_stop || seen.changed_stop)))
        return g_strdup("resources are active but connection is unrecoverable");
    if (seen.probe)
        return g_strdup("resources are in unknown state and connection is unrecoverable");
    return NULL;
}

/* Whether fencing can run: enabled, with a device the cluster manages. */
static gboolean stale_entry_fenceable(const CsSolution *solution)
{
    const CsModel *model = solution->model;

    if (!model->options.stonith_enabled || solution->stonith_unmanage)
        return FALSE;
    for (guint i = 0; i < model->resources->len; i++)
        if (((const CsResource *)g_ptr_array_index(model->resources, i))->fence_device)
            return TRUE;
    return FALSE;
}

/* Whether the history finds the resource not running on its node: its
 * newest result there is a probe's "not running" (rc 7). */
static gboolean found_not_running(const CsRscState *state)
{
    const CsOpRecord *newest;

    if (state->failed || state->role != CS_ROLE_STOPPED || state->history->len == 0)
        return FALSE;
    newest = g_ptr_array_index(state->history, state->history->len - 1);
    return g_strcmp0(newest->operation, "monitor") == 0 && newest->interval_ms == 0
           && newest->rc_code == 7;
}

/* An unmanaged connection lost in its monitor stops (its on-fail
 * defaults to stop), so its remote node counts as shutting down, not
 * unclean, and is not fenced.  Pacemaker keeps one next role per resource
 * while it reads the status in order, and a later node's history finding
 * the connection not running there forgets that stop: then the node is
 * unclean and fenced (checked with crm_simulate 2.1.5 -VVVVVV, "shutting
 * down because connection resource is stopping": corpus remote-unclean2
 * with is-managed=false and no node_state for the remote node is fenced
 * with the probes' nodes after the failure's, not with them before it;
 * known-wrong remote-unmanaged-monitor-failed-unfenced has no probe). */
static gboolean unmanaged_stop_forgotten(const CsModel *model, int connection)
{
    int lost = lost_monitor_state(model, connection);
    const CsRscState *failure;

    if (lost < 0)
        return FALSE;
    failure = g_ptr_array_index(model->rsc_states, lost);
    if (failure->next_role != CS_ROLE_STOPPED)
        return TRUE;
    for (guint i = (guint)lost + 1; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == connection && state->node != failure->node && found_not_running(state))
            return TRUE;
    }
    return FALSE;
}

/* Whether a lost connection counts as managed when its node's fencing is
 * decided.  A connection unmanaged only because its host is in
 * maintenance (Pacemaker Explained 2.1, "Maintenance Mode") still has its
 * node fenced; one unmanaged by is-managed=false, maintenance=true,
 * maintenance-mode or on-fail=block does not (checked with crm_simulate
 * 2.1.5 on remote-unclean2 with each of these). */
static gboolean lost_connection_managed(const CsSolution *solution, int connection)
{
    const CsModel *model = solution->model;
    gboolean host_in_maintenance = FALSE;

    if (solution->work[connection].managed)
        return TRUE;
    if (!rsc_of_model(model, connection)->managed || solution->work[connection].n_running != 1)
        return FALSE;
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc != connection)
            continue;
        if (state->blocked)
            return FALSE;
        if (state->role >= CS_ROLE_STARTED
            && ((const CsNode *)g_ptr_array_index(model->nodes, state->node))->maintenance)
            host_in_maintenance = TRUE;
    }
    return host_in_maintenance;
}

/* A remote node never seen, with no entry in the status, and whose
 * connection does not start, is unclean for itself: Pacemaker makes its
 * fencing as it walks its nodes by name, together with the guest nodes'
 * and after every other remote node's, which came from the status or
 * the connection's actions (checked with crm_simulate 2.1.5: gen_remote.py
 * seeds 2900392, 2900397, 2801107 fence guest g1 before rem1 or rem2,
 * printed newest first).  So is one whose unmanaged connection was lost
 * in its monitor (remote_fence_reason(), "node is unclean"; checked with
 * crm_simulate -VVVVVV: corpus remote-unclean2 with is-managed=false on
 * the connection, its node_state removed, and a second remote node
 * whose connection's host is lost makes that one's fencing first, then
 * this one's as it schedules fencing and shutdowns). */
gboolean cs_remote_fenced_by_name(const CsSolution *solution, const CsNode *remote)
{
    const CsModel *model = solution->model;

    if (remote->type != CS_NODE_REMOTE || remote->remote_rsc < 0)
        return FALSE;
    if (connection_lost(model, remote->remote_rsc))
        return !lost_connection_managed(solution, remote->remote_rsc) && !remote->maintenance
               && unmanaged_stop_forgotten(model, remote->remote_rsc);
    return !connection_failed(model, remote->remote_rsc)
           && !connection_up(solution, remote->remote_rsc) && remote->unclean && remote->unseen
           && remote->state_xml == NULL;
}

/* Why a remote node is fenced, or NULL (checked with crm_simulate): its
 * connection failed; or its connection, active on a lost host, cannot be recovered elsewhere, and
 * the node runs resources or has no history at all (their state is
 * unknown); or the node was never seen (startup fencing, a reason that
 * comes first) and its connection does not start. */
static char *remote_fence_reason(const CsSolution *solution, const CsNode *remote)
{
    if (remote->type != CS_NODE_REMOTE)
        return NULL;
    /* a node entry whose connection is gone, down with resources active
     * there in the status (read with fencing enabled), is fenced for the
     * first of them when a device can (corpus remote-orphaned2 has none) */
    if (remote->remote_rsc < 0)
        return remote->unclean && stale_entry_fenceable(solution)
                       && first_active_id(solution->model, remote->index) != NULL
                   ? g_strdup_printf("%s is thought to be active there",
                                     first_active_id(solution->model, remote->index))
                   : NULL;
    /* a connection lost (its monitor failed) fences its node even as it
     * is recovered; an unmanaged one leaves the node unclean only, fenced
     * as such unless its status put it in maintenance (checked with
     * crm_simulate 2.1.5: is-managed=false on the lost connection of
     * remote-unclean2 leaves its node "OFFLINE (maintenance)", unfenced;
     * with no node_state, "node is unclean") */
    if (connection_lost(solution->model, remote->remote_rsc)) {
        if (lost_connection_managed(solution, remote->remote_rsc))
            return g_strdup("remote connection is unrecoverable");
        return remote->maintenance
                       || !unmanaged_stop_forgotten(solution->model, remote->remote_rsc)
                   ? NULL
                   : g_strdup("node is unclean");
    }
    if (connection_up(solution, remote->remote_rsc))
        return NULL;
    /* the status's reason comes first */
    if (cs_remote_fenced_by_name(solution, remote))
        return g_strdup("node is unclean");
    if (remote->unclean && remote->unseen
        && first_active_id(solution->model, remote->index) != NULL)
        return active_there(solution->model, remote->index);
    /* a connection that failed (its start) and stays down leaves its
     * node offline: Pacemaker fences it as it schedules the probes, before
     * any reason of the actions there (checked with crm_simulate,
     * gen_remote.py seed 140449), and before it walks its nodes by name
     * to fence the unclean ones: a node never seen gets this reason too
     * (checked with crm_simulate 2.1.5: gen_remote.py seed 2800971 with a
     * connection rem3 whose start failed, no node_state for rem3, case
     * remote-fence-order-failed-connection-unseen) */
    if (connection_failed(solution->model, remote->remote_rsc))
        return g_strdup("the connection is unrecoverable");
    if (remote->unclean && remote->unseen)
        return NULL;
    if (connection_host_lost(solution, remote->remote_rsc))
        return lost_host_reason(solution, remote);
    return NULL;
}

char *cs_remote_fence_reason(const CsSolution *solution, const CsNode *remote)
{
    return remote_fence_reason(solution, remote);
}

/* Whether the history holds a recurring monitor that failed. */
static gboolean monitor_failed(const CsRscState *state)
{
    for (guint i = 0; i < state->history->len; i++) {
        const CsOpRecord *op = g_ptr_array_index(state->history, i);

        if (g_strcmp0(op->operation, "monitor") == 0 && op->interval_ms > 0 && op->rc_code != 0
            && !op->expired)
            return TRUE;
    }
    return FALSE;
}

/* The index in the status of the connection's failed recurring monitor
 * (connection_lost()). */
static int lost_monitor_state(const CsModel *model, int connection)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsOpRecord *failure = state->last_failure;

        if (state->rsc == connection && state->failed && failure != NULL
            && g_strcmp0(failure->operation, "monitor") == 0 && failure->interval_ms > 0)
            return (int)i;
    }
    return -1;
}

/* A remote node fenced for its connection's lost host (lost_host_reason())
 * whose connection, with a reconnect_interval (Pacemaker Explained 2.1,
 * "Pacemaker Remote"), had its recurring monitor fail there has its
 * fencing made as that history is read, with the cluster nodes fenced
 * for a resource active there, before its host's when the connection is
 * what ran there (checked with crm_simulate 2.1.5: gen_remote.py seeds
 * 90059, 2802517, 2802569, 2803187 print the host first; without the
 * reconnect_interval, seeds 2801107, 2801714, 2803929, or without the
 * failure, remote-lost-host-gen-50042, the remote node first).  So is
 * one whose managed connection was lost in its monitor ("remote
 * connection is unrecoverable"): gen_remote.py seeds 1312102, 1312046
 * (case oracle-remote-lost-connection-fence-in-history).  The index in
 * the status of that connection entry, or -1. */
int cs_remote_fenced_with_history(const CsSolution *solution, const CsNode *remote)
{
    const CsModel *model = solution->model;
    int connection = remote->remote_rsc;
    g_autofree char *reason = NULL;

    if (remote->type == CS_NODE_REMOTE && connection >= 0 && connection_lost(model, connection)
        && lost_connection_managed(solution, connection))
        return lost_monitor_state(model, connection);
    if (remote->type != CS_NODE_REMOTE || connection < 0 || connection_lost(model, connection)
        || connection_up(solution, connection) || remote->unseen
        || connection_failed(model, connection) || !connection_host_lost(solution, connection))
        return -1;
    reason = lost_host_reason(solution, remote);
    if (reason == NULL)
        return -1;
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsNode *host = g_ptr_array_index(model->nodes, state->node);

        if (state->rsc == connection && state->role >= CS_ROLE_STARTED
            && rsc_of_model(model, connection)->remote_reconnect_ms > 0
            && (host->unclean || !host->online) && monitor_failed(state))
            return (int)i;
    }
    return -1;
}

/* The index in the status of the first resource active on node, or
 * G_MAXUINT. */
static guint first_active_state(const CsModel *model, int node)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->node == node && state->role >= CS_ROLE_STARTED)
            return i;
    }
    return G_MAXUINT;
}

static gint by_first_active(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsModel *model = data;
    guint x = first_active_state(model, *(const int *)a);
    guint y = first_active_state(model, *(const int *)b);

    return x < y ? -1 : x > y;
}

static gint by_newest_action(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsSolution *solution = data;
    gint64 x =
        lost_host_actions(solution, g_ptr_array_index(solution->model->nodes, *(const int *)a))
            .newest;
    gint64 y =
        lost_host_actions(solution, g_ptr_array_index(solution->model->nodes, *(const int *)b))
            .newest;

    /* fence_node() shows the newest fencing first */
    return x > y ? -1 : x < y;
}

/* When Pacemaker 2.1.5 makes the fencing of a remote node that
 * cs_remote_schedule_fencing() fences, in the order of its steps: */
typedef enum {
    /* as it reads the resource histories of the nodes it has not seen
     * up, last of the history (after every cluster node's, whatever the
     * status's order): a node entry whose connection is gone with a
     * resource active there ("thought to be active there"), or a node
     * whose connection is down with one active there ("fencing will be
     * revoked") */
    REMOTE_FENCED_UNSEEN_HISTORY,
    /* as it schedules the probes: a connection that failed and stays
     * down */
    REMOTE_FENCED_CONNECTION_FAILED,
    /* as it orders the actions that need a connection whose host is
     * lost (lost_host_reason()) */
    REMOTE_FENCED_LOST_HOST,
} RemoteFenceStep;

/* The step of remote_fence_reason()'s branches for a node it fences. */
static RemoteFenceStep remote_fence_step(const CsSolution *solution, const CsNode *remote)
{
    if (remote->remote_rsc < 0
        || (remote->unclean && remote->unseen
            && first_active_id(solution->model, remote->index) != NULL))
        return REMOTE_FENCED_UNSEEN_HISTORY;
    if (connection_failed(solution->model, remote->remote_rsc))
        return REMOTE_FENCED_CONNECTION_FAILED;
    return REMOTE_FENCED_LOST_HOST;
}

/* Oldest first: by step; in the histories by the first resource active
 * there in the status (Pacemaker reads the nodes in the status's order
 * and fences each at its first active resource); for a lost host by the
 * newest action needing the connection (print_key()). */
static gint by_fence_step(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsSolution *solution = data;
    const CsNode *x = g_ptr_array_index(solution->model->nodes, *(const int *)a);
    const CsNode *y = g_ptr_array_index(solution->model->nodes, *(const int *)b);
    RemoteFenceStep step = remote_fence_step(solution, x);

    if (step != remote_fence_step(solution, y))
        return step < remote_fence_step(solution, y) ? -1 : 1;
    if (step == REMOTE_FENCED_UNSEEN_HISTORY)
        return by_first_active(a, b, (gpointer)solution->model);
    if (step == REMOTE_FENCED_LOST_HOST)
        return by_newest_action(a, b, data);
    return 0;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a remote node whose
 * connection is lost for good is fenced, after the cluster nodes
 * (crm_simulate lists it first: newest first); what ran there stops
 * with it.  crm_simulate makes these fencing actions step by step
 * (RemoteFenceStep, checked with crm_simulate -VVVVVV, which names each
 * node as it is found in need of fencing: gen_remote.py seeds 2800093,
 * 2800733, 2800971, 2802807 fence rem9, a node entry whose connection is
 * gone, as the histories are read, before rem1 and rem2 whose
 * connections' host is lost; corpus remote-recover-all,
 * remote-recover-unknown order the lost hosts).  The nodes fenced as the
 * histories of the nodes seen up are read (cs_remote_fenced_with_history())
 * and those walked by name (cs_remote_fenced_by_name()) are made
 * elsewhere.  cs_remote_check_supported() refuses the cases where fencing
 * is not possible. */
void cs_remote_schedule_fencing(CsGraph *graph)
{
    const CsModel *model = graph->model;
    g_autoptr(GArray) nodes = g_array_new(FALSE, FALSE, sizeof(int));

    for (guint i = 0; i < model->nodes->len; i++) {
        char *reason = remote_fence_reason(graph->solution, g_ptr_array_index(model->nodes, i));
        int node = (int)i;

        if (reason == NULL)
            continue;
        g_free(reason);
        if (!cs_remote_fenced_by_name(graph->solution, g_ptr_array_index(model->nodes, i))
            && cs_remote_fenced_with_history(graph->solution, g_ptr_array_index(model->nodes, i))
                   < 0)
            g_array_append_val(nodes, node);
    }
    cs_sort_array(nodes, by_fence_step, (gpointer)graph->solution);
    for (guint i = 0; i < nodes->len; i++) {
        int node = g_array_index(nodes, int, i);

        fence_node(graph, node, 0,
                   remote_fence_reason(graph->solution, g_ptr_array_index(model->nodes, node)));
    }
}

/* Whether rsc is active on node in the status and stays there, its
 * start (if any) optional. */
static gboolean stays_on_node(const CsGraph *graph, int rsc, int node)
{
    const CsNodeList *list = &graph->running_on[rsc];
    const CsAct *start = find_first(graph, rsc, CS_TASK_START, node);

    if (start != NULL && !(start->flags & CS_ACT_OPTIONAL))
        return FALSE;
    for (guint i = 0; i < list->len; i++)
        if (list->items[i] == node)
            return TRUE;
    return FALSE;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a resource placed on a
 * remote node starts once the node's connection is up, so a connection
 * whose start cannot run (an order with a disabled resource) blocks it,
 * "due to unrunnable CONNECTION start", and stops one active there with
 * its connection (checked with crm_simulate 2.1.5: gen_remote.py seeds
 * 1084800, tests/data/transition/remote-start-blocked-*).  A resource
 * that stays on a remote node whose connection was not active (the node
 * comes up now, or would) is left as it is, nothing printed: the
 * ordering is left out for it.  Guest nodes get theirs from guest.c
 * with their container's. */
/* A blocked resource that must stop on a remote node (its stop failed,
 * or on-fail=block) holds the connection there: the connection's stop
 * waits for it and cannot run, so a connection that would restart or
 * move stays, "(blocked)" (checked with crm_simulate 2.1.5: a failed
 * stop or a monitor failed with on-fail=block on rem2, whose connection
 * restarts for a changed definition or moves, prints "Stop rem2 (n2)
 * due to resource definition change (blocked)"; an is-managed=false
 * resource running there leaves the restart alone). */
static void order_blocked_before_connection(CsGraph *graph)
{
    const CsModel *model = graph->model;

    for (int rsc = 0; rsc < graph->solution->n_rsc; rsc++) {
        const CsResource *info = rsc_of_model(model, rsc);
        const CsNodeList *list = &graph->running_on[rsc];

        if (info->kind != CS_RSC_PRIMITIVE || info->is_remote_connection
            || !(graph->rsc_flags[rsc] & CS_RSCF_BLOCK))
            continue;
        for (guint i = 0; i < list->len; i++) {
            const CsNode *node = g_ptr_array_index(model->nodes, list->items[i]);

            if (node->type == CS_NODE_REMOTE && node->remote_rsc >= 0)
                order_rsc(graph, rsc, CS_TASK_STOP, node->remote_rsc, CS_TASK_STOP,
                          ORD_IMPLIES_FIRST);
        }
    }
}

/* Whether remote, whose connection ran on a lost host and cannot be
 * recovered, has resources to probe: the node is fenced for their
 * unknown state (lost_host_reason()), and each probe still waits for
 * the connection's start. */
static gboolean probes_await_lost_connection(const CsSolution *solution, const CsNode *remote)
{
    int connection = remote->remote_rsc;

    if (remote->type != CS_NODE_REMOTE || connection < 0)
        return FALSE;
    if (connection_lost(solution->model, connection) || connection_up(solution, connection)
        || connection_failed(solution->model, connection) || (remote->unclean && remote->unseen)
        || !connection_host_lost(solution, connection))
        return FALSE;
    return lost_host_actions(solution, remote).probe;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a probe on a remote node
 * runs once its connection is up.  When the connection, lost with its
 * host, is placed nowhere, ordering the probes after its start makes
 * that start, on no node and so unrunnable, and what is colocated with
 * the connection at INFINITY cannot start either: "Start d3 (n1) due to
 * colocation with rem1 (blocked)" (checked with crm_simulate 2.1.5:
 * gen_remote.py seed 1624540, tests/data/transition/
 * remote-lost-host-probe-blocks-colocated). */
static void order_probes_after_lost_connection(CsGraph *graph)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *remote = g_ptr_array_index(model->nodes, i);

        if (!probes_await_lost_connection(graph->solution, remote)
            || find_first(graph, remote->remote_rsc, CS_TASK_START, -1) != NULL)
            continue;
        rsc_action(graph, remote->remote_rsc, CS_TASK_START, -1, TRUE);
    }
}

/* Whether the connection, placed for this transition, is not up where
 * it is: it runs nowhere, on a lost or offline host, or is half
 * migrated between two nodes. */
static gboolean connection_awaited(const CsGraph *graph, int connection)
{
    int current;

    if (!connection_up(graph->solution, connection))
        return FALSE;
    current = cs_current_node(graph, connection);
    if (current < 0 || node_info(graph, current)->unclean || !node_info(graph, current)->online)
        return TRUE;
    return graph->running_on[connection].len > 1
           && partial_migration_target(graph->solution, connection) >= 0;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": an action on a remote
 * node needs its connection.  A stop or demote there, while the
 * connection is being recovered (its host lost) or started, waits for
 * the connection's start: when that start cannot run, neither can they
 * ("Stop d3 (rem1) due to unrunnable rem1 start (blocked)", checked with
 * crm_simulate 2.1.5: gen_remote.py seed 1653495). */
static void order_stop_after_awaited_connection(CsGraph *graph, CsAct *action)
{
    const CsNode *node;

    if (action->node < 0 || (action->flags & CS_ACT_PSEUDO)
        || (action->task != CS_TASK_STOP && action->task != CS_TASK_DEMOTE
            && action->task != CS_TASK_MIGRATE_TO && action->task != CS_TASK_MIGRATE_FROM))
        return;
    node = node_info(graph, action->node);
    if (node->type != CS_NODE_REMOTE || node->remote_rsc < 0
        || node->remote_rsc == action->rsc || !connection_awaited(graph, node->remote_rsc))
        return;
    order_rsc_action(graph, node->remote_rsc, CS_TASK_START, action, ORD_RUNNABLE_LEFT);
}

/* A start on a remote node waits for the connection's start, unless the
 * connection runs nowhere and the resource stays where it is. */
static void order_start_after_connection(CsGraph *graph, int rsc, gboolean *ordered)
{
    const CsModel *model = graph->model;
    const CsResource *info = rsc_of_model(model, rsc);
    const CsNode *node;

    if (ordered[rsc] || info->kind != CS_RSC_PRIMITIVE || info->is_remote_connection
        || graph->assigned[rsc] < 0)
        return;
    ordered[rsc] = TRUE;
    node = g_ptr_array_index(model->nodes, graph->assigned[rsc]);
    if (node->type != CS_NODE_REMOTE || node->remote_rsc < 0)
        return;
    if (graph->running_on[node->remote_rsc].len == 0
        && stays_on_node(graph, rsc, graph->assigned[rsc]))
        return;
    order_rsc(graph, node->remote_rsc, CS_TASK_START, rsc, CS_TASK_START, ORD_RUNNABLE_LEFT);
}

/* Pacemaker makes the orderings of the actions on remote nodes walking
 * its action list, newest first, and the walk later meets each
 * connection's "then" actions newest ordering first: made in resource
 * order, a group's first member's start was walked after its second's,
 * whose stop then became required by its own restart rather than "due
 * to required d4 stop" (checked with crm_simulate 2.1.5: gen_remote.py
 * seed 1680112, tests/data/transition/gen-remote-1680112). */
void cs_remote_order_actions(CsGraph *graph)
{
    g_autofree gboolean *ordered = g_new0(gboolean, graph->solution->n_rsc);

    order_blocked_before_connection(graph);
    order_probes_after_lost_connection(graph);
    for (guint i = graph->actions->len; i-- > 0;) {
        CsAct *action = g_ptr_array_index(graph->actions, i);

        if (action->rsc < 0)
            continue;
        if (action->task == CS_TASK_START)
            order_start_after_connection(graph, action->rsc, ordered);
        else
            order_stop_after_awaited_connection(graph, action);
    }
    /* a resource placed on a remote node with no start action yet */
    for (int rsc = 0; rsc < graph->solution->n_rsc; rsc++)
        order_start_after_connection(graph, rsc, ordered);
}

/* ---- what is not modelled yet ------------------------------------------ */

static gboolean refuse(GError **error, const char *what, const char *node)
{
    g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                "Pacemaker Remote node %s: %s is not modelled yet", node, what);
    return FALSE;
}

static gboolean connection_failed(const CsModel *model, int connection)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == connection && state->failed)
            return TRUE;
    }
    return FALSE;
}

/* Whether the connection failed while it ran: its recurring monitor
 * failed.  A failed start (the node never came up) fences nothing unless
 * resources are active there: not followed yet. */
static gboolean connection_lost(const CsModel *model, int connection)
{
    return lost_monitor_state(model, connection) >= 0;
}

/* Whether the status has the connection running somewhere. */
static gboolean connection_running(const CsModel *model, int connection)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == connection && state->role >= CS_ROLE_STARTED)
            return TRUE;
    }
    return FALSE;
}

/* Whether the connection runs on a node that is lost (being fenced). */
static gboolean connection_host_lost(const CsSolution *solution, int connection)
{
    const CsModel *model = solution->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsNode *host;

        if (state->rsc != connection || state->role < CS_ROLE_STARTED)
            continue;
        host = g_ptr_array_index(model->nodes, state->node);
        if (host->unclean || !host->online)
            return TRUE;
    }
    return FALSE;
}

/* Whether the connection was left half migrated with a node of the
 * migration lost. */
static gboolean migration_host_lost(const CsModel *model, int connection)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        int hosts[] = {state->node, state->migration_source, state->migration_target};

        if (state->rsc != connection
            || (!state->migrating && state->migration_source < 0 && state->migration_target < 0))
            continue;
        for (guint j = 0; j < G_N_ELEMENTS(hosts); j++) {
            const CsNode *host = hosts[j] >= 0 ? g_ptr_array_index(model->nodes, hosts[j]) : NULL;

            if (host != NULL && (host->unclean || !host->online))
                return TRUE;
        }
    }
    return FALSE;
}

/* A <node type="remote"> entry whose connection is gone (left in the
 * nodes section after the connection was removed): Pacemaker Explained
 * 2.1, "Pacemaker Remote".  Such a node is offline, never fenced at
 * startup (Pacemaker cannot reach it to fence it), and runs nothing
 * (corpus remote-stale-node-entry, remote-orphaned2). */
static gboolean stale_entry_supported(const CsSolution *solution, const CsNode *remote,
                                      GError **error)
{
    if (remote->online)
        return refuse(error, "a node entry without its connection, online", remote->uname);
    /* what runs on it in maintenance stays pinned there: not followed
     * (gen_remote.py seed 142028, shrunk) */
    if (remote->maintenance && first_active_id(solution->model, remote->index) != NULL)
        return refuse(error, "a node entry without its connection, in maintenance", remote->uname);
    return TRUE;
}

/* The clone rsc is an instance of (at any depth), or -1. */
static int clone_of(const CsModel *model, int rsc)
{
    for (int up = rsc_of_model(model, rsc)->parent; up >= 0; up = rsc_of_model(model, up)->parent)
        if (rsc_of_model(model, up)->kind == CS_RSC_CLONE)
            return up;
    return -1;
}

/* Whether an instance active on the remote node has a sibling active on
 * another node that is lost too: which of them crm_simulate moves and
 * which it stops is not followed (gen_remote.py seed 143218). */
static gboolean instances_lost_elsewhere(const CsModel *model, const CsNode *remote)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        int clone =
            state->node == remote->index && state->rsc >= 0 && state->role >= CS_ROLE_STARTED
                ? clone_of(model, state->rsc)
                : -1;

        for (guint j = 0; clone >= 0 && j < model->rsc_states->len; j++) {
            const CsRscState *other = g_ptr_array_index(model->rsc_states, j);
            const CsNode *node = g_ptr_array_index(model->nodes, other->node);

            if (other->node != remote->index && other->rsc >= 0 && other->role >= CS_ROLE_STARTED
                && clone_of(model, other->rsc) == clone && (node->unclean || !node->online))
                return TRUE;
        }
    }
    return FALSE;
}

/* A resource that may migrate, leaving the remote node for another node.
 * With the connection stopping for good, crm_simulate 2.1.5 moves it
 * rather than migrating it, "due to unrunnable CONNECTION stop" (the edit
 * test: target-role=Stopped on remote1 of migration-behind-migrating-
 * remote); the engine migrates it: refused until followed. */
static const CsResource *migrating_away(const CsSolution *solution, const CsNode *remote)
{
    const CsModel *model = solution->model;

    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *info = g_ptr_array_index(model->resources, i);
        const CsRscWork *work = &solution->work[i];

        if (info->kind == CS_RSC_PRIMITIVE && info->allow_migrate && work->managed
            && work->current == remote->index && work->assigned >= 0
            && work->assigned != remote->index)
            return info;
    }
    return NULL;
}

/* The remote node situations this engine follows exactly: a connection
 * that starts, stops, moves or migrates between healthy cluster nodes,
 * for a remote node that is up, coming up, or unseen and recovered by
 * the start, in standby or maintenance or not; a remote node fenced
 * (remote_fence_reason()) for a failed connection, a connection lost
 * for good, or as unseen or down with resources active while its
 * connection does not start.  Refused: other unclean remote nodes,
 * fencing without fencing enabled or a device, a remote node fenced
 * before (remote_was_fenced),
 * node_in_maintenance, a remote node shutting down, an unmanaged
 * connection that is stopped, a half-migrated connection whose host is
 * lost, a resource that may migrate leaving while the connection stops
 * (migrating_away()), a colocation with one that
 * does not stay up, clone instances on a remote node that cannot keep
 * them, in a cluster without quorum fencing it, its connection's host
 * lost or resources active there with its connection down
 * (quorum_limits_remote()), no-quorum-policy suicide, ticket
 * constraints (but beside bundles' guest nodes, tickets_beside_guests()),
 * a remote node entry without its connection. */
/* Whether a resource failed on remote, in maintenance (its node
 * attribute), while its connection is not running: crm_simulate 2.1.5
 * then fences the node, "stop is unrunnable" (the failure asks for a
 * stop the maintenance leaves unmanaged), which the engine does not
 * follow.  With the connection running, nothing failed, or the resource
 * unmanaged another way (is-managed, maintenance of the resource or the
 * cluster, on-fail=block), nothing is fenced, as the engine has it
 * (checked with the oracle; gen_remote.py seed 1171505,
 * tests/fuzz/cases refuse-remote-maintenance-failed-connection-down). */
static gboolean failed_in_maintenance_while_down(const CsModel *model, const CsNode *remote)
{
    gboolean failed = FALSE;

    if (!remote->maintenance)
        return FALSE;
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == remote->remote_rsc && state->role >= CS_ROLE_STARTED)
            return FALSE;
        if (state->node == remote->index && state->failed)
            failed = TRUE;
    }
    return failed;
}

/* Without fencing enabled, a remote node is unclean only because a
 * failure there asked for a stop while the node was down
 * (src/model/status.c, cs_history_stop_unrunnable): nothing is fenced,
 * the node only takes no resource in this transition. */
static gboolean unclean_without_fencing(const CsModel *model, const CsNode *remote)
{
    return remote->unclean && remote->type == CS_NODE_REMOTE && !model->options.stonith_enabled;
}

/* Whether the cluster lacks quorum in a way remote nodes must answer
 * for: no quorum, no-quorum-policy not ignore (nor suicide, refused
 * whole), and not every remote node a bundle's guest under stop or
 * freeze (those are followed whole:
 * guest-no-quorum-* of tests/data/bundle, corpus
 * guest-host-not-fenceable).
 *
 * Pacemaker Explained 2.1, "Cluster Options", no-quorum-policy: under
 * stop, freeze or demote a connection is one more resource; its start
 * is unrunnable ("due to no quorum", "due to quorum freeze"), its stop
 * goes ahead under stop and demote (a connection is not promotable, so
 * what ran on its remote node, promoted or not, stops with it), and
 * what runs on its remote node stops or stays blocked with it, as the
 * engine has it for any resource.  Checked with crm_simulate 2.1.5 on
 * the CIBs this used to refuse (gen_remote.py and gen_bundle.py
 * --guests seeds 1313000-1313999, 159 of them, and again each under
 * demote; 48 hand-written CIBs, 24 of them with a promotable clone on a
 * remote node: none wrong once the cases below are refused).  Not
 * followed
 * (remote_node_supported()): fencing a remote node then, but for the
 * fencing remote_fence_reason() gives while the connection is to run
 * again (crm_simulate fences it as with quorum, seeds 1313014, 1313924,
 * and 48 variants of 1313014, 1313041, 1313477, 1313924 over policy,
 * target-role and stickiness; not when the connection is left stopped,
 * 1313041), an unclean remote node, and a failed connection with
 * resources active there (crm_simulate fences the node "stop is
 * unrunnable", 1313147),
 * resources active on a node entry without its connection (not fenced
 * then: seed 1313616) or on a remote node whose connection is down (their
 * stop blocked, the connection's start being unrunnable: seed 1313814),
 * and a connection whose cluster node is lost (its remote node's
 * resources stop "due to unrunnable start" of the connection: seed
 * 1313081).  A guest node's resources are not concerned: crm_simulate
 * recovers its container ("guest is unclean") without quorum too. */
static gboolean quorum_limits_remote(const CsSolution *solution)
{
    const CsOptions *options = &solution->model->options;

    if (options->have_quorum || options->no_quorum_policy == CS_NO_QUORUM_IGNORE)
        return FALSE;
    return !(only_bundle_guests(solution)
             && (options->no_quorum_policy == CS_NO_QUORUM_STOP
                 || options->no_quorum_policy == CS_NO_QUORUM_FREEZE));
}

/* Whether rsc is active on some node in the status. */
static gboolean active_somewhere(const CsModel *model, int rsc)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && state->role >= CS_ROLE_STARTED)
            return TRUE;
    }
    return FALSE;
}

/* A member of a top-level group, not its first, active elsewhere and
 * unknown on remote, so that Pacemaker probes it there; NULL if none. */
static const CsResource *group_member_probed_on(const CsModel *model, const CsNode *remote)
{
    if (cs_startup_probes_disabled(model) || !remote->rsc_discovery_enabled || remote->unclean)
        return NULL;
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *group = g_ptr_array_index(model->resources, i);

        if (group->kind != CS_RSC_GROUP || group->parent >= 0)
            continue;
        for (guint m = 1; m < group->children->len; m++) {
            int member = g_array_index(group->children, int, m);
            const CsResource *info = g_ptr_array_index(model->resources, member);

            if (info->kind == CS_RSC_PRIMITIVE && !info->fence_device
                && cs_model_rsc_state(model, member, remote->index) == NULL
                && active_somewhere(model, member))
                return info;
        }
    }
    return NULL;
}

/* Pacemaker probes a resource on a remote node once the connection is
 * placed, ordered after the connection's start and before whatever the
 * resource's stop is ordered before (a group's earlier member's stop).
 * Without quorum a connection that must start cannot, nor can the
 * probe, and walking it again walks those stops sooner than the engine
 * does: a group member's stop is then required "due to required d2 stop"
 * rather than by its own restart (checked with crm_simulate 2.1.5:
 * gen_remote.py seed 1674654, tests/fuzz/cases/
 * refuse-remote-probe-group-no-quorum).  Not followed yet. */
static const CsResource *probe_before_group_stop(const CsSolution *solution, const CsNode *remote)
{
    int connection = remote->remote_rsc;
    const CsRscWork *work = &solution->work[connection];
    const CsOptions *options = &solution->model->options;

    const CsRscState *there;

    if (options->have_quorum || options->no_quorum_policy == CS_NO_QUORUM_IGNORE
        || work->assigned < 0 || work->next_role == CS_ROLE_STOPPED)
        return NULL;
    there = cs_model_rsc_state(solution->model, connection, work->assigned);
    if (there != NULL && there->role >= CS_ROLE_STARTED)
        return NULL;
    return group_member_probed_on(solution->model, remote);
}

/* Whether op records a failure: an operation status other than done, or
 * an exit status other than success or running promoted (not running
 * too, for a recurring monitor). */
static gboolean op_failed(const xmlNode *op)
{
    const char *rc = cs_xml_attr(op, "rc-code");
    const char *status = cs_xml_attr(op, "op-status");

    const char *interval = cs_xml_attr(op, "interval");
    gboolean recurring = interval != NULL && strcmp(interval, "0") != 0;

    if (status != NULL && strcmp(status, "0") != 0)
        return TRUE;
    if (rc == NULL || strcmp(rc, "0") == 0 || strcmp(rc, "8") == 0)
        return FALSE;
    /* "not running" is a failure for a recurring monitor only */
    return strcmp(rc, "7") != 0 || recurring;
}

/* The filler of a guest's container (meta container) whose history on
 * remote, as written in its node_state, holds a failure; NULL if none. */
static const CsResource *failed_filler_in_state(const CsModel *model, const CsNode *remote)
{
    const xmlNode *lrm = remote->state_xml;
    const xmlNode *resources = NULL;

    for (const xmlNode *x = cs_xml_first_element(lrm); x != NULL; x = cs_xml_next_element(x))
        if (cs_xml_is(x, "lrm"))
            for (const xmlNode *y = cs_xml_first_element(x); y != NULL;
                 y = cs_xml_next_element(y))
                if (cs_xml_is(y, "lrm_resources"))
                    resources = y;
    for (const xmlNode *entry = cs_xml_first_element(resources); entry != NULL;
         entry = cs_xml_next_element(entry)) {
        const CsResource *filler = cs_model_resource(model, cs_xml_attr(entry, "id"));

        if (filler == NULL || filler->kind != CS_RSC_PRIMITIVE || filler->container < 0
            || cs_guest_node_of_container(model, filler->container) < 0)
            continue;
        for (const xmlNode *op = cs_xml_first_element(entry); op != NULL;
             op = cs_xml_next_element(op))
            if (cs_xml_is(op, "lrm_rsc_op") && op_failed(op))
                return filler;
    }
    return NULL;
}

static gboolean remote_node_supported(const CsSolution *solution, const CsNode *remote,
                                      GError **error)
{
    const CsModel *model = solution->model;
    const CsResource *connection;
    const CsRscWork *work;
    const char *shutdown = g_hash_table_lookup(remote->attrs, "shutdown");
    g_autofree char *fenced = NULL;
    gboolean up;

    if (remote->remote_rsc < 0 && quorum_limits_remote(solution)
        && first_active_id(model, remote->index) != NULL)
        return refuse(error, "an entry without its connection, resources active there, "
                             "in a cluster without quorum", remote->uname);
    if (remote->remote_rsc < 0)
        return stale_entry_supported(solution, remote, error);
    connection = g_ptr_array_index(model->resources, remote->remote_rsc);
    work = &solution->work[remote->remote_rsc];
    up = work->assigned >= 0 && work->next_role != CS_ROLE_STOPPED;
    /* Pacemaker reads the history of a remote node whose connection's
     * start failed and recovers the container of a filler that failed
     * there by a stop on that node, which cannot run, so the container
     * cannot start again ("Stop vmg1 (n2) due to resource definition
     * change (blocked)", checked with crm_simulate 2.1.5: gen_remote.py
     * seeds 1695532 and 1695567, tests/fuzz/cases/
     * refuse-remote-failed-filler-start-failed). */
    if (remote->state_xml != NULL && connection_failed(model, remote->remote_rsc)
        && failed_filler_in_state(model, remote) != NULL)
        return refuse(error, "a failed filler of a guest's container there, while its "
                             "connection failed,", remote->uname);
    if (probe_before_group_stop(solution, remote) != NULL) {
        g_autofree char *what = g_strdup_printf(
            "the probe of %s there, which cannot run while the connection's start "
            "cannot (no quorum), ordered before its group's stops,",
            probe_before_group_stop(solution, remote)->id);

        return refuse(error, what, remote->uname);
    }
    /* reconnect_interval (Pacemaker Explained 2.1, "Pacemaker Remote"):
     * a failed connection stays stopped, and its failure does not expire
     * while fencing is enabled and the node was not fenced since
     * (src/model/status.c); checked with crm_simulate, tests
     * remote-reconnect-* */
    /* a connection lost in its monitor fences its node
     * (remote_fence_reason(); a guest node's recovers its container,
     * guest.c); one that failed otherwise (its start) is not followed */
    if (remote->remote_was_fenced)
        return refuse(error,
                      "a remote node fenced before "
                      "(remote_was_fenced)",
                      remote->uname);
    /* one that failed otherwise (its start) and stays down fences the
     * node (remote_fence_reason()); recovered, the node stays down this
     * transition (gen_remote.py seeds 140000-141999, tests
     * remote-connection-start-failed-*) */
    fenced = remote_fence_reason(solution, remote);
    /* before the fencing it leads to (src/model/status.c,
     * cs_history_stop_unrunnable) */
    if (failed_in_maintenance_while_down(model, remote))
        return refuse(error, "a failed resource there, in maintenance, while its connection is down",
                      remote->uname);
    if (quorum_limits_remote(solution)
        && (fenced != NULL ? !up
                           : (remote->unclean
                              || (connection_failed(model, connection->index)
                                  && first_active_id(model, remote->index) != NULL))))
        return refuse(error, "fencing it in a cluster without quorum", remote->uname);
    if (quorum_limits_remote(solution) && connection_host_lost(solution, connection->index))
        return refuse(error, "its connection's host lost in a cluster without quorum",
                      remote->uname);
    if (quorum_limits_remote(solution) && remote->type == CS_NODE_REMOTE
        && !connection_running(model, connection->index)
        && first_active_id(model, remote->index) != NULL)
        return refuse(error, "resources active there while its connection is down, in a "
                             "cluster without quorum", remote->uname);
    /* an unclean remote node is followed when it is never seen, or down
     * with resources active there, and its connection does not start */
    if (remote->unclean && !(up && remote->unseen) && (up || !remote->unseen || fenced == NULL)
        && !unclean_without_fencing(model, remote))
        return refuse(error, "fencing", remote->uname);
    /* lost_host_reason() follows stops, probes and recovered failures */
    if (remote->type == CS_NODE_REMOTE && connection_host_lost(solution, connection->index)
        && !up) {
        LostHostActions seen = lost_host_actions(solution, remote);

        if (seen.unknown != NULL) {
            g_autofree char *what =
                g_strdup_printf("%s there while its connection's host is lost", seen.unknown);
            return refuse(error, what, remote->uname);
        }
    }
    /* a remote node in maintenance keeps its resources pinned there
     * (INFINITY, unmanaged); once it is fenced, their scores are not
     * followed (gen_remote.py seed 142028) */
    if (fenced != NULL && remote->maintenance && first_active_id(model, remote->index) != NULL)
        return refuse(error, "fencing it in maintenance with resources active there",
                      remote->uname);
    if (fenced != NULL && instances_lost_elsewhere(model, remote))
        return refuse(error, "fencing it with clone instances there and on another lost node",
                      remote->uname);
    /* fencing a remote node needs fencing enabled and a device */
    if (fenced != NULL && (!model->options.stonith_enabled || solution->stonith_unmanage))
        return refuse(error, "fencing without a device", remote->uname);
    if (migration_host_lost(model, connection->index))
        return refuse(error, "a half-migrated connection whose host is lost", remote->uname);
    if (!up && migrating_away(solution, remote) != NULL)
        return refuse(error, "a resource that may migrate moving away while its connection stops",
                      remote->uname);
    /* an unmanaged connection that is stopped leaves its remote node in
     * maintenance and its resources pinned there: not followed yet, but
     * for an unmanaged bundle's replica (bundle.c,
     * guest_cluster_supported()) */
    if (!up && !work->managed && !cs_bundle_replica_unmanaged(model, remote->remote_rsc))
        return refuse(error, "an unmanaged connection that is stopped", remote->uname);
    /* which instance leaves a remote node that cannot keep it (going
     * down, standby, maintenance) follows the instance order, where the
     * node keeps its weight (clone.c current_node_weight(); was refused:
     * hand-made cases tests/data/transition/remote-clone-leaves-*, and
     * gen_remote.py seeds 1084000-1084999, 30 of them answered) */
    /* a remote node shutting down stops its connection (assign.c: corpus
     * remote-connection-shutdown, the remote-shutdown-* cases of
     * tests/data/bundle); a guest node's is not followed */
    if (shutdown != NULL && g_strcmp0(shutdown, "0") != 0 && remote->type != CS_NODE_REMOTE)
        return refuse(error, "shutting down", remote->uname);
    /* the maintenance node attribute is followed; the status's
     * node_in_maintenance (a connection in maintenance) is not, but on
     * a bundle's guest node, where it changes nothing (bundle.c,
     * guest_node_supported()) */
    if (remote->remote_maintenance && cs_bundle_of_replica(model, remote->remote_rsc) == NULL)
        return refuse(error, "node_in_maintenance", remote->uname);
    return TRUE;
}

/* The node, or -1, where a resource active in the status elsewhere, left
 * stopped, scores above -INFINITY: a remote or guest node that was down
 * in the status.  crm_simulate then gives the stop the reason of the resource's
 * other actions (a definition change) rather than node availability,
 * which the engine does not follow yet (found by oracle-diff's
 * gen_remote.py). */
static int stopped_with_down_remote(const CsSolution *solution)
{
    const CsModel *model = solution->model;

    if (solution->remote_unchecked == NULL)
        return -1;
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsTable *table;

        if (state->rsc < 0 || state->role < CS_ROLE_STARTED
            || solution->work[state->rsc].assigned >= 0)
            continue;
        table = solution->work[state->rsc].table;
        for (int node = 0; table != NULL && node < solution->n_nodes; node++)
            if (solution->remote_unchecked[node] && node != state->node && table->allowed[node]
                && table->score[node] > -CS_INFINITY)
                return node;
    }
    return -1;
}

/* Whether a colocation's primary is placed on a remote or guest node
 * with no #uname while another node has none either: they compare equal
 * (cs_nodes_init), so the dependent may go to either, in an order
 * crm_simulate does not make plain (found by gen_remote.py: a group split
 * over two guest nodes coming up; a primary on a named node is followed,
 * test remote-unnamed-*). */
static gboolean colocated_with_unnamed(const CsSolution *solution)
{
    if (solution->unames_distinct)
        return FALSE;
    for (guint i = 0; i < solution->colocs->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(solution->colocs, i);
        int node = solution->work[coloc->primary].assigned;

        if (node >= 0 && cs_engine_node_attr(solution, node, "#uname") == NULL)
            return TRUE;
    }
    return FALSE;
}

/* Whether every remote node is a bundle's replica: their connections
 * are placed with their containers by the bundle (bundle.c), not first
 * as other connections are. */
static gboolean only_bundle_guests(const CsSolution *solution)
{
    const CsModel *model = solution->model;

    for (int node = 0; node < solution->n_nodes; node++) {
        const CsNode *info = g_ptr_array_index(model->nodes, node);
        const CsResource *connection;

        if (!node_is_remote(info))
            continue;
        connection = info->remote_rsc >= 0 ? rsc_of_model(model, info->remote_rsc) : NULL;
        if (connection == NULL || connection->parent < 0
            || rsc_of_model(model, connection->parent)->kind != CS_RSC_BUNDLE)
            return FALSE;
    }
    return TRUE;
}

/* Tickets beside guest nodes that are all bundles' replicas, none
 * fencing: Pacemaker Explained 2.1, "Ticket Constraints" and "Bundles",
 * a ticket of the bundle reaches its containers, its connections and
 * the instances of the resource inside (engine/ticket.c through the
 * bundle's children; checked with the oracle, ticket granted, lost,
 * never granted and in standby, loss-policy stop, demote and freeze,
 * tests/fuzz/cases/oracle-bundle-ticket-*).  loss-policy=fence fences
 * nothing while its ticket is granted or fencing is disabled (it then
 * stops, as stop does). */
static gboolean tickets_beside_guests(const CsSolution *solution)
{
    const CsModel *model = solution->model;

    if (!only_bundle_guests(solution))
        return FALSE;
    for (guint i = 0; i < model->ticket_constraints->len; i++) {
        const CsTicketConstraint *constraint = g_ptr_array_index(model->ticket_constraints, i);
        const CsTicket *ticket = cs_model_find_ticket(model, constraint->ticket);

        if (g_strcmp0(constraint->loss_policy, "fence") == 0 && model->options.stonith_enabled
            && (ticket == NULL || !ticket->granted))
            return FALSE;
    }
    return TRUE;
}

/* What the whole cluster may not have alongside remote nodes (remote
 * names the first remote node). */
static gboolean cluster_supported(const CsSolution *solution, const CsNode *remote, GError **error)
{
    const CsOptions *options = &solution->model->options;
    guint features = solution->model->features;
    int down;

    /* connection_assigned() needs the engine's own nodes */
    if (solution->expansion == NULL)
        return refuse(error, "a model without the engine's view", remote->uname);
    /* Utilization under a placement-strategy is followed with remote and
     * guest nodes (Pacemaker Explained 2.1, "Utilization and Placement
     * Strategy", "Pacemaker Remote"): a remote or guest node offers the
     * capacity of its node entry (none without one), a connection takes
     * its own utilization from the cluster node it runs on, and the
     * connections are assigned first in the strategy's resource order
     * (cs_remote_assign_connections()).  Checked with crm_simulate 2.1.5
     * under utilization, minimal and balanced: connections up, down,
     * moving or not fitting anywhere, guest containers with
     * utilization, clones, priorities and stickiness, bundles beside a
     * remote node (tests/fuzz/cases/oracle-remote-utilization-*; was
     * refused: gen_remote.py seeds 1146000-1146199, 45 of them). */
    if (colocated_with_unnamed(solution))
        return refuse(error,
                      "a colocation with a resource placed on one "
                      "of several nodes with no name (#uname)",
                      remote->uname);
    down = stopped_with_down_remote(solution);
    if (down >= 0)
        return refuse(error,
                      "a resource stopped that could run there "
                      "(down in the status)",
                      ((const CsNode *)g_ptr_array_index(solution->model->nodes, down))->uname);
    /* a lost ticket may fence the nodes its resources run on; but for
     * the guest nodes of bundles, tickets that fence nothing
     * (tickets_beside_guests()) */
    if ((features & CS_FEATURE_TICKET) && !tickets_beside_guests(solution))
        return refuse(error,
                      "ticket constraints (but beside bundles' guest nodes "
                      "only, with no ticket lost under loss-policy=fence)",
                      remote->uname);
    /* no-quorum-policy suicide (fencing every node) is not followed with
     * remote nodes; stop, freeze and demote are (quorum_limits_remote()) */
    if (!options->have_quorum && options->no_quorum_policy == CS_NO_QUORUM_SUICIDE)
        return refuse(error, "a cluster without quorum under no-quorum-policy=suicide",
                      remote->uname);
    return TRUE;
}

/* Guest nodes are remote nodes too: what is refused for remote nodes is
 * refused for them, after guest.c's own refusals.
 *
 * Constraints naming a connection need no check of their own.  An order
 * constraint naming one is followed as any order (gen_remote.py seeds
 * 80000-82400: 155 CIBs with one, none answered wrong for it).  A
 * colocation with a connection is followed as any colocation between
 * primitives, "Pacemaker Explained 2.1", "Colocation Properties": the
 * dependent goes with (or away from) the cluster node hosting the
 * connection, never the remote node, whether the connection stays,
 * starts, stops, moves, migrates or is recovered; the remote node's own
 * resources are then ordered after the connection's start as with no
 * colocation (oracle-checked 2026-11-28: 378 hand CIBs, with primitives,
 * groups, clones, promoted roles, sets, chains and orders on either
 * side, and gen_remote.py seeds 1148000-1148199). */
gboolean cs_remote_check_supported(const CsSolution *solution, GError **error)
{
    gboolean first = TRUE;

    if (!cs_guest_check_supported(solution, error))
        return FALSE;
    for (int node = 0; node < solution->n_nodes; node++) {
        const CsNode *info = g_ptr_array_index(solution->model->nodes, node);

        if (!node_is_remote(info))
            continue;
        if (first && !cluster_supported(solution, info, error))
            return FALSE;
        first = FALSE;
        if (!remote_node_supported(solution, info, error))
            return FALSE;
    }
    return TRUE;
}
