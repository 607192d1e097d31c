/* guest.c: guest nodes, the Pacemaker Remote nodes that live inside a
 * resource (Pacemaker Explained 2.1, "Pacemaker Remote": a primitive with
 * the meta attribute remote-node is a container, a virtual machine or a
 * container that runs pacemaker-remoted; the cluster adds an implicit
 * ocf:pacemaker:remote connection named after the node).
 *
 * The rules followed here, each checked against crm_simulate:
 *   - the connection runs where its container runs (a colocation of the
 *     connection with its container at INFINITY, colocation.c), and is
 *     assigned with the other connections, before anything else, which
 *     assigns the container first (remote.c);
 *   - a container, as a connection, cannot run on a remote or guest node;
 *   - in an opt-in cluster the connection is allowed everywhere still;
 *   - a filler whose container holds a guest node runs on that node;
 *   - the container starts before the connection, and stops after it;
 *     what runs on the guest node stops before the container stops and
 *     starts after it starts;
 *   - a guest node the status marks unclean is "fenced" by recovering its
 *     container: a pseudo fencing action, stonith-enabled or not.
 * The API a bundle reuses (engine_internal.h, graph.h):
 * cs_guest_container_of() and cs_guest_node_of_container() walk between a
 * guest node, its connection and its container; cs_guest_pin_fillers(),
 * cs_guest_order_actions() and cs_guest_schedule_fencing() apply the rules
 * to every guest node of the model (an implicit connection with a
 * container is all they need); cs_guest_check_supported() refuses the
 * guest node situations not modelled yet.
 */
#include "engine/graph.h"

int cs_guest_container_of(const CsModel *model, int connection)
{
    const CsResource *info;

    if (connection < 0)
        return -1;
    info = g_ptr_array_index(model->resources, connection);
    if (info->kind != CS_RSC_PRIMITIVE || !info->is_remote_connection || info->remote_node < 0)
        return -1;
    return info->container;
}

int cs_guest_node_of_container(const CsModel *model, int container)
{
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);

        if (node->type == CS_NODE_GUEST
            && cs_guest_container_of(model, node->remote_rsc) == container)
            return (int)i;
    }
    return -1;
}

/* The remote or guest node a filler (a resource with the meta attribute
 * container) is meant to run on, or -1: its container is a connection,
 * or holds a guest node. */
static int filler_node(const CsModel *model, const CsResource *filler)
{
    const CsResource *container;

    if (filler->kind != CS_RSC_PRIMITIVE || filler->container < 0 || filler->is_remote_connection)
        return -1;
    container = g_ptr_array_index(model->resources, filler->container);
    if (container->kind == CS_RSC_PRIMITIVE && container->is_remote_connection)
        return container->remote_node;
    return cs_guest_node_of_container(model, filler->container);
}

gboolean cs_guest_filler_pinned(const CsModel *model, int rsc)
{
    return filler_node(model, g_ptr_array_index(model->resources, rsc)) >= 0;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a resource whose container
 * is a connection, or the resource that holds a guest node, runs on that
 * node rather than with its container: every other node it may run on
 * gets -INFINITY (checked with crm_simulate).  As a primitive's other
 * implicit constraints, not for an unmanaged one (crm_simulate 2.1.5:
 * an is-managed=false filler of a guest keeps 0 on the cluster nodes). */
void cs_guest_pin_fillers(CsSolution *solution)
{
    const CsModel *model = solution->model;

    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        int node = filler_node(model, g_ptr_array_index(model->resources, rsc));
        CsTable *table = solution->work[rsc].table;

        if (node < 0 || !solution->work[rsc].managed)
            continue;
        for (int other = 0; other < solution->n_nodes; other++) {
            if (other != node && table->allowed[other])
                cs_table_add_simple(table, other, CS_CONTRIB_STATUS_BAN,
                                    "runs in its container's node", -CS_INFINITY);
        }
    }
}

/* Whether container sits in a bundle (its guest node is a replica's,
 * placed by bundle.c). */
static gboolean in_bundle(const CsModel *model, int container)
{
    for (int rsc = container; rsc >= 0;) {
        const CsResource *info = g_ptr_array_index(model->resources, rsc);

        if (info->kind == CS_RSC_BUNDLE)
            return TRUE;
        rsc = info->parent;
    }
    return FALSE;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote" and "Deciding Which Nodes
 * a Resource Can Run On": in an opt-in cluster a guest node's implicit
 * connection still starts allowed on every node, at the node's own
 * weight, as in an opt-out cluster (its
 * colocation with the container then keeps it with the container, and
 * the remote and guest nodes are banned); an explicit connection needs
 * a location as any resource does.  Checked with crm_simulate (corpus
 * whitebox-asymmetric). */
void cs_guest_allow_connections(CsSolution *solution)
{
    const CsModel *model = solution->model;

    if (model->options.symmetric_cluster)
        return;
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        int container = cs_guest_container_of(model, rsc);
        CsTable *table = solution->work[rsc].table;

        if (container < 0 || in_bundle(model, container))
            continue;
        for (int node = 0; node < solution->n_nodes; node++) {
            const CsNode *info = g_ptr_array_index(model->nodes, node);

            table->allowed[node] = TRUE;
            if (info->weight != 0)
                cs_table_add_simple(table, node, CS_CONTRIB_NODE_WEIGHT, "node score",
                                    info->weight);
        }
    }
}

/* Whether rsc is active on node in the status. */
static gboolean active_on(const CsGraph *graph, int rsc, int node)
{
    const CsNodeList *list = &graph->running_on[rsc];

    for (guint i = 0; i < list->len; i++)
        if (list->items[i] == node)
            return TRUE;
    return FALSE;
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a guest node exists only
 * while its container runs.  What runs on the guest node stops before the
 * container stops, and what is placed there starts after the container
 * starts: a container that restarts or moves restarts them, "due to
 * required" its start.  Checked with crm_simulate. */
static void order_guest_resource(CsGraph *graph, int rsc)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        int container;

        if (node->type != CS_NODE_GUEST)
            continue;
        container = cs_guest_container_of(model, node->remote_rsc);
        if (container < 0)
            continue;
        if (graph->assigned[rsc] == (int)i) {
            order_rsc(graph, container, CS_TASK_START, rsc, CS_TASK_START,
                      ORD_IMPLIES_THEN | ORD_RUNNABLE_LEFT);
            /* and it waits on the connection's start, the one named
             * when neither can run */
            order_rsc(graph, node->remote_rsc, CS_TASK_START, rsc, CS_TASK_START,
                      ORD_RUNNABLE_LEFT);
        }
        if (active_on(graph, rsc, (int)i))
            order_rsc(graph, rsc, CS_TASK_STOP, container, CS_TASK_STOP, ORD_IMPLIES_FIRST);
    }
}

/* The connection starts after its container and stops before it, as a
 * filler does (actions.c); the resources on the guest node follow the
 * container too. */
void cs_guest_order_actions(CsGraph *graph)
{
    const CsModel *model = graph->model;

    for (int rsc = 0; rsc < graph->solution->n_rsc; rsc++) {
        const CsResource *info = g_ptr_array_index(model->resources, rsc);
        int container = cs_guest_container_of(model, rsc);

        if (container >= 0) {
            order_rsc(graph, container, CS_TASK_START, rsc, CS_TASK_START,
                      ORD_IMPLIES_THEN | ORD_RUNNABLE_LEFT);
            order_rsc(graph, rsc, CS_TASK_STOP, container, CS_TASK_STOP, ORD_IMPLIES_FIRST);
        } else if (info->kind == CS_RSC_PRIMITIVE && !info->is_remote_connection) {
            order_guest_resource(graph, rsc);
        }
    }
}

/* Pacemaker Explained 2.1, "Fencing": a guest node is fenced by
 * recovering its container, which can be done only when every node its
 * container is active on is up or can itself be fenced.  Without quorum
 * a node that left cannot (cs_fencing_possible()): checked with the
 * oracle (corpus guest-host-not-fenceable, guest-no-quorum-* of
 * tests/data/bundle), the guest is then not fenced, and what is active
 * on it cannot be stopped (blocked, actions.c). */
static gboolean container_hosts_fenceable(const CsSolution *solution, int container)
{
    const CsModel *model = solution->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsNode *host = g_ptr_array_index(model->nodes, state->node);

        if (state->rsc == container && (state->role >= CS_ROLE_STARTED || state->failed)
            && !host->online && !cs_fencing_possible(solution, host))
            return FALSE;
    }
    return TRUE;
}

gboolean cs_guest_unfenceable(const CsSolution *solution, const CsNode *guest)
{
    int container;

    if (guest->type != CS_NODE_GUEST || !guest->remote_requires_reset)
        return FALSE;
    container = cs_guest_container_of(solution->model, guest->remote_rsc);
    return container >= 0 && !container_hosts_fenceable(solution, container);
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a guest node is "fenced"
 * by recovering its container, which the status marks (a failed container
 * or connection, resources active on a guest that is down).  The fencing
 * is a pseudo action, scheduled even with stonith-enabled=false, after
 * the cluster nodes' (crm_simulate lists it first: newest first), and
 * what ran on the guest node stops with it.  Its kind is named once the
 * resources' actions exist (cs_guest_name_fencing()). */
/* Pacemaker keeps its nodes sorted by name, digit runs as numbers: the
 * guests are fenced in that order, whatever order their bundles come in
 * (corpus bundle-order-fencing: galera-bundle-0 before rabbitmq-bundle-0,
 * printed newest first). */
static gint compare_node_names(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsModel *model = data;
    const CsNode *left = g_ptr_array_index(model->nodes, *(const int *)a);
    const CsNode *right = g_ptr_array_index(model->nodes, *(const int *)b);

    return cs_numeric_strcasecmp(left->uname, right->uname);
}

void cs_guest_schedule_fencing(CsGraph *graph)
{
    const CsModel *model = graph->model;
    g_autoptr(GArray) guests = g_array_new(FALSE, FALSE, sizeof(int));
    gboolean managed = cs_fencing_any_managed(graph);

    /* Fencing enabled without a fencing device leaves every resource,
     * the containers too, unmanaged: no container is recovered, so no
     * guest node is fenced (checked with the oracle: the
     * unclean-host-no-device case of tests/data/bundle). */
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        int index = (int)i;

        /* A remote node is fenced here only while something is managed,
         * as a cluster node (schedule_fencing(); checked with crm_simulate
         * 2.1.5: remote-unclean2's connection unmanaged, under
         * maintenance-mode, the remote node unclean and not fenced). */
        if ((cs_remote_fenced_by_name(graph->solution, node) && managed)
            || (node->type == CS_NODE_GUEST && node->remote_requires_reset
                && !graph->solution->stonith_unmanage
                && cs_guest_container_of(model, node->remote_rsc) >= 0
                && !cs_guest_unfenceable(graph->solution, node)))
            g_array_append_val(guests, index);
    }
    g_array_sort_with_data(guests, compare_node_names, (gpointer)model);
    for (guint i = 0; i < guests->len; i++) {
        int node = g_array_index(guests, int, i);

        if (((const CsNode *)g_ptr_array_index(model->nodes, node))->type == CS_NODE_GUEST)
            fence_node(graph, node, CS_ACT_PSEUDO, g_strdup("guest is unclean"));
        else
            fence_node(graph, node, 0, g_strdup("node is unclean"));
    }
}

/* The pseudo fencing of a guest node only labels its container's
 * recovery, whatever stonith-action says: "reboot" when the container has
 * a start among its actions once they are made, before any ordering adds
 * one, "off" otherwise.  A container whose host is lost and that no node
 * can take has none: its guest is powered off (corpus
 * bundle-order-fencing).  One that failed where its recorded definition
 * changed has the start its restart asked for, though no node can take
 * it: rebooted (gen_remote.py seeds 100089, 110063).  Checked with the oracle: the
 * guest-fence-* cases of tests/data/bundle, gen-remote-100089,
 * gen-remote-110063 and guest-fenced-off of tests/data/transition. */
void cs_guest_name_fencing(CsGraph *graph)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < graph->actions->len; i++) {
        CsAct *fence = g_ptr_array_index(graph->actions, i);
        const CsNode *node;
        int container;

        if (fence->task != CS_TASK_FENCE || !(fence->flags & CS_ACT_PSEUDO) || fence->node < 0)
            continue;
        node = g_ptr_array_index(model->nodes, fence->node);
        container = cs_guest_container_of(model, node->remote_rsc);
        if (node->type != CS_NODE_GUEST || container < 0)
            continue;
        g_free(fence->name);
        fence->name =
            g_strdup(find_first(graph, container, CS_TASK_START, -1) != NULL ? "reboot" : "off");
    }
}

/* ---- what is not modelled yet ------------------------------------------ */

static gboolean refuse(GError **error, const CsNode *guest, const char *what)
{
    g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                "guest node %s: %s is not modelled yet", guest->uname, what);
    return FALSE;
}

/* Where rsc is active, in the status: how many nodes, whether it has a
 * history on a node lost (unclean or gone), whether an action is in
 * flight. */
typedef struct {
    guint active;
    gboolean host_lost;
    gboolean pending;
} ActiveSummary;

static ActiveSummary summarize(const CsModel *model, int rsc)
{
    ActiveSummary summary = {0, FALSE, FALSE};

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsNode *host;

        if (state->rsc != rsc)
            continue;
        summary.pending |= state->pending;
        host = g_ptr_array_index(model->nodes, state->node);
        /* any history on a node that left: crm_simulate may still count
         * the guest up (found by gen_remote.py) */
        summary.host_lost |= host->unclean || !host->online;
        if (state->role < CS_ROLE_STARTED && !state->failed)
            continue;
        summary.active++;
    }
    return summary;
}

/* Whether the container's and the connection's histories on lost nodes
 * are followed: every such node is being fenced (unclean, not merely
 * gone), and what is active there is both, on that one node only (the
 * guest is fenced with it and its container recovered elsewhere), or
 * neither (only probes or stops recorded there). */
static gboolean lost_hosts_followed(const CsModel *model, int container, int connection)
{
    int host = -1;
    gboolean elsewhere = FALSE;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsNode *node;
        gboolean active = state->role >= CS_ROLE_STARTED || state->failed;

        if (state->rsc != container && state->rsc != connection)
            continue;
        node = g_ptr_array_index(model->nodes, state->node);
        if (node->online) {
            elsewhere |= active;
            continue;
        }
        if (!node->unclean)
            return FALSE;
        if (!active)
            continue;
        if (host >= 0 && host != state->node)
            return FALSE;
        host = state->node;
    }
    return host < 0 || !elsewhere;
}

/* Whether an orphan (a history of a resource no longer configured) is
 * active on the guest node. */
static gboolean orphan_on(const CsModel *model, int guest)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->node == guest && state->rsc < 0)
            return TRUE;
    }
    return FALSE;
}

/* The guest node situations followed exactly: a container and its
 * connection that start, stop, move or migrate together between healthy
 * cluster nodes, with what runs on the guest node following them; a
 * guest fenced for a failed container or connection, or for resources
 * active while its container or connection is not.  Refused: a container
 * or connection whose host is lost (the fencing of the host recovers some
 * containers and moves others), a container or connection that is
 * unmanaged (but those of an unmanaged bundle), in flight or active on
 * more than one node, an orphan on the guest.  A fenced guest's
 * resources named by orders are recovered as any other (corpus
 * bug-rh-1097457).  A resource
 * left with only the guest going down is assigned there all the same
 * (assign.c), its start waiting on the connection's. */
static gboolean guest_supported(const CsSolution *solution, const CsNode *guest, GError **error)
{
    const CsModel *model = solution->model;
    int connection = guest->remote_rsc;
    int container = cs_guest_container_of(model, connection);
    ActiveSummary held, linked;

    if (container < 0)
        return refuse(error, guest, "a guest node without its container");
    held = summarize(model, container);
    linked = summarize(model, connection);
    if ((held.host_lost || linked.host_lost) && !lost_hosts_followed(model, container, connection))
        return refuse(error, guest,
                      "a container or connection on a lost "
                      "host");
    if (held.active > 1 || linked.active > 1 || held.pending || linked.pending)
        return refuse(error, guest,
                      "a container or connection active on "
                      "several nodes or in flight");
    /* an unmanaged bundle's replicas are left as they are (bundle.c,
     * guest_cluster_supported()) */
    if ((!solution->work[container].managed || !solution->work[connection].managed)
        && !(cs_bundle_replica_unmanaged(model, container)
             && cs_bundle_replica_unmanaged(model, connection)))
        return refuse(error, guest, "an unmanaged container or connection");
    if (orphan_on(model, guest->index))
        return refuse(error, guest, "an orphan active on it");
    return TRUE;
}

/* Whether a filler pinned to a remote node (its container is the
 * connection) cannot run there: what crm_simulate then plans is not
 * followed yet.  On a guest node it is: the filler is assigned there
 * all the same, its start blocked (assign.c; found by gen_remote.py). */
static const CsNode *pinned_filler_stranded(const CsSolution *solution)
{
    const CsModel *model = solution->model;

    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        int node = filler_node(model, g_ptr_array_index(model->resources, rsc));

        if (node >= 0 && !cs_engine_node_available(solution, node)
            && ((const CsNode *)g_ptr_array_index(model->nodes, node))->type != CS_NODE_GUEST)
            return g_ptr_array_index(model->nodes, node);
    }
    return NULL;
}

/* A filler of a guest's container that failed while the container is
 * not active: crm_simulate then restarts the container (its on-fail
 * restart-container), printed "Restart" though it was stopped, which is
 * not followed yet (gen_remote.py seed 70242, wrong on main too). */
static const CsResource *failed_filler_of_stopped_guest(const CsModel *model)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsResource *filler;

        if (state->rsc < 0 || !state->failed)
            continue;
        filler = g_ptr_array_index(model->resources, state->rsc);
        if (filler->kind != CS_RSC_PRIMITIVE || filler->container < 0
            || filler->is_remote_connection
            || cs_guest_node_of_container(model, filler->container) < 0)
            continue;
        if (summarize(model, filler->container).active == 0)
            return filler;
    }
    return NULL;
}

/* Guest nodes alongside a cluster node that left cleanly are followed as
 * any: gen_remote.py seeds 34406 and 34682, refused for it before, now
 * agree with crm_simulate, and so do the answered seeds of 140000-162000
 * that met it (50, none wrong). */

/* Whether the connection of an explicit remote node runs on a cluster
 * node that is down (offline, or unclean and to be fenced). */
static gboolean remote_host_down(const CsModel *model, const CsNode *remote)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsNode *host;

        if (state->rsc != remote->remote_rsc || state->role < CS_ROLE_STARTED)
            continue;
        host = g_ptr_array_index(model->nodes, state->node);
        if (!host->online || host->unclean)
            return TRUE;
    }
    return FALSE;
}

/* Whether an ordering constraint names rsc (either side). */
static gboolean rsc_ordered(const CsModel *model, int rsc)
{
    for (guint i = 0; i < model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(model->orders, i);

        if (order->first == rsc || order->then == rsc)
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker Explained 2.1, "Guest Nodes": a guest node alongside an
 * explicit remote node whose connection ran on a cluster node that is
 * down is answered as without guests (gen_remote.py seeds 2800000-2801999
 * that met it, refused before for it: the actions agree).  Not followed
 * yet: a filler of a guest's container (meta container) active on such a
 * remote node whose connection is in an ordering constraint; with the
 * connection ordered after the filler crm_simulate blocks the stops there
 * and the container's recovery (gen_remote.py seed 2801206; without the
 * guest, the ordering, or with the host up, the answer agrees, as for
 * seeds 2800093, 2800180, 2800733 and 2800958 without an ordering). */
static const CsResource *filler_on_remote_with_host_down(const CsModel *model)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsResource *filler;
        const CsNode *node;

        if (state->rsc < 0 || state->role < CS_ROLE_STARTED)
            continue;
        filler = g_ptr_array_index(model->resources, state->rsc);
        node = g_ptr_array_index(model->nodes, state->node);
        if (filler->kind == CS_RSC_PRIMITIVE && filler->container >= 0
            && !filler->is_remote_connection
            && cs_guest_node_of_container(model, filler->container) >= 0
            && node->type == CS_NODE_REMOTE && node->remote_rsc >= 0
            && remote_host_down(model, node) && rsc_ordered(model, node->remote_rsc))
            return filler;
    }
    return NULL;
}

static gboolean rsc_active_somewhere(const CsModel *model, int rsc)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && state->role >= CS_ROLE_STARTED)
            return TRUE;
    }
    return FALSE;
}

/* A guest node whose running connection may migrate (its container's
 * remote-allow-migrate) in a cluster without quorum: its stop loses
 * migrating first either along its own restart, keeping "due to no
 * quorum", or along its container's stop, giving "due to unrunnable
 * vmg1 stop", whichever Pacemaker walks first, which the engine does not
 * follow (checked with crm_simulate 2.1.5: gen_remote.py seeds 1685225
 * and 1690079, one each way).  NULL if none. */
static const CsNode *migratable_guest_without_quorum(const CsSolution *solution)
{
    const CsModel *model = solution->model;
    const CsOptions *options = &model->options;

    /* frozen, the connection does not stop (checked with the oracle:
     * tests/fuzz/cases/oracle-remote-quorum-freeze-connection-blocked) */
    if (options->have_quorum || (options->no_quorum_policy != CS_NO_QUORUM_STOP
                                 && options->no_quorum_policy != CS_NO_QUORUM_DEMOTE))
        return NULL;
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        const CsResource *connection;

        if (node->type != CS_NODE_GUEST || node->remote_rsc < 0)
            continue;
        connection = g_ptr_array_index(model->resources, node->remote_rsc);
        if (connection->allow_migrate && rsc_active_somewhere(model, node->remote_rsc))
            return node;
    }
    return NULL;
}

gboolean cs_guest_check_supported(const CsSolution *solution, GError **error)
{
    const CsResource *filler = failed_filler_of_stopped_guest(solution->model);
    const CsNode *stranded = pinned_filler_stranded(solution);
    const CsNode *migratable = migratable_guest_without_quorum(solution);

    if (filler != NULL) {
        g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                    "%s: a failure of a guest container's filler while the "
                    "container is stopped is not modelled yet",
                    filler->id);
        return FALSE;
    }

    if (filler_on_remote_with_host_down(solution->model) != NULL) {
        g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                    "%s: a filler of a guest's container active on a remote "
                    "node whose connection, ordered, has its host down is not "
                    "modelled yet",
                    filler_on_remote_with_host_down(solution->model)->id);
        return FALSE;
    }
    if (migratable != NULL) {
        g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                    "guest node %s: its connection, which may migrate "
                    "(remote-allow-migrate), in a cluster without quorum is not "
                    "modelled yet",
                    migratable->uname);
        return FALSE;
    }
    if (stranded != NULL) {
        g_set_error(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED,
                    "node %s: a resource pinned there (its container's "
                    "node) while the node cannot run it is not modelled yet",
                    stranded->uname);
        return FALSE;
    }
    for (guint i = 0; i < solution->model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(solution->model->nodes, i);

        if (node->type == CS_NODE_GUEST && !guest_supported(solution, node, error))
            return FALSE;
    }
    return TRUE;
}
