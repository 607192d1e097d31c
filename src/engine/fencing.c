/* fencing.c: which nodes are fenced, and why (Pacemaker Explained 2.1,
 * "Fencing"): unclean nodes, in the words status unpacking uses, and
 * failures whose on-fail is fence.  Whole functions moved from
 * actions.c. */
#include <stdlib.h>
#include <string.h>

#include "engine/graph.h"

/* ---- fencing ---------------------------------------------------------- */

/* Pacemaker's pe_can_fence() for a cluster node: fencing enabled, a
 * device configured, and quorum (or no-quorum-policy=ignore).  Without
 * quorum (and no-quorum-policy other than ignore) a node can still be
 * fenced while it is in our membership (online), e.g. for a failed stop
 * there (corpus stop-failure-*). */
gboolean cs_fencing_possible(const CsSolution *solution, const CsNode *node)
{
    const CsOptions *options = &solution->model->options;

    if (!options->stonith_enabled || solution->stonith_unmanage)
        return FALSE;
    return options->have_quorum || options->no_quorum_policy == CS_NO_QUORUM_IGNORE || node->online;
}

static gboolean can_fence(const CsGraph *graph, const CsNode *node)
{
    return cs_fencing_possible(graph->solution, node);
}

/* Why status unpacking decided to fence the node, in the words of
 * Pacemaker 2.1.5's determine_online_status_fencing(). */
static const char *fence_reason(const CsNode *node)
{
    xmlNode *state = node->state_xml;
    g_autofree char *in_ccm = NULL, *crmd = NULL, *join = NULL;
    const char *reason = "node is unclean";

    if (state == NULL || node->unseen)
        return reason;
    in_ccm = (char *)xmlGetProp(state, (const xmlChar *)"in_ccm");
    crmd = (char *)xmlGetProp(state, (const xmlChar *)"crmd");
    join = (char *)xmlGetProp(state, (const xmlChar *)"join");
    if (in_ccm == NULL)
        reason = "peer has not been seen by the cluster";
    else if (join != NULL && strcmp(join, "banned") == 0)
        reason = "peer failed Pacemaker membership criteria";
    else if (!cs_text_is_true(in_ccm))
        reason = "peer is no longer part of the cluster";
    else if (crmd == NULL || strcmp(crmd, "online") != 0)
        reason = "peer process is no longer available";
    else if (g_hash_table_lookup(node->attrs, "terminate") != NULL)
        reason = "termination was requested";
    return reason;
}

/* Whether the node_state alone leaves node cleanly offline: it left as
 * expected (expected="down", no terminate request), or it was shutting
 * down (a shutdown node attribute, whatever its membership says). */
static gboolean left_cleanly(const CsNode *node)
{
    xmlNode *state = node->state_xml;
    g_autofree char *in_ccm = NULL, *join = NULL, *expected = NULL;

    if (node->shutdown)
        return TRUE;
    if (g_hash_table_lookup(node->attrs, "terminate") != NULL)
        return FALSE;
    in_ccm = (char *)xmlGetProp(state, (const xmlChar *)"in_ccm");
    join = (char *)xmlGetProp(state, (const xmlChar *)"join");
    expected = (char *)xmlGetProp(state, (const xmlChar *)"expected");
    return in_ccm != NULL && (join == NULL || strcmp(join, "banned") != 0)
           && (expected == NULL || g_ascii_strcasecmp(expected, "down") == 0);
}

/* A node the node_state leaves cleanly offline (left_cleanly()) that is
 * unclean all the same was made so by a resource recorded active there,
 * and Pacemaker 2.1.5's process_rsc_state() names the first one (checked
 * with the oracle: a shutting-down node out of the membership, oracle-diff
 * seeds 1021337, 1022719). */
static int history_fence_state(const CsGraph *graph, const CsNode *node)
{
    const CsModel *model = graph->model;

    if (node->state_xml == NULL || node->unseen || node->online || !left_cleanly(node))
        return -1;
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *rsc_state = g_ptr_array_index(model->rsc_states, i);

        if (rsc_state->node == node->index && rsc_state->role > CS_ROLE_STOPPED
            && (rsc_state->rsc < 0 || (graph->rsc_flags[rsc_state->rsc] & CS_RSCF_MANAGED)))
            return (int)i;
    }
    return -1;
}

static char *history_fence_reason(const CsGraph *graph, const CsNode *node)
{
    int index = history_fence_state(graph, node);
    const CsRscState *rsc_state;

    if (index < 0)
        return NULL;
    rsc_state = g_ptr_array_index(graph->model->rsc_states, index);
    return g_strdup_printf("%s is thought to be active there",
                           rsc_state->rsc >= 0 ? rsc_info(graph, rsc_state->rsc)->id
                                               : rsc_state->rsc_id);
}

/* A failure whose on-fail policy is fence names the resource instead
 * (Pacemaker Explained 2.1, "Resource Operations" on-fail=fence). */
static char *failure_fence_reason(const CsGraph *graph, int node)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->node == node && state->rsc >= 0 && state->failed
            && state->on_fail_applied != NULL && strcmp(state->on_fail_applied, "fence") == 0)
            return g_strdup_printf("%s failed there", rsc_info(graph, state->rsc)->id);
    }
    return NULL;
}

/* Whether any top-level resource is managed: one active on a node in
 * maintenance, blocked, or unmanaged by is-managed=false, maintenance or
 * maintenance-mode is not.  Pacemaker fences no node while nothing is
 * managed (Pacemaker Explained 2.1, "Maintenance Mode": the cluster
 * leaves everything as it is). */
gboolean cs_fencing_any_managed(const CsGraph *graph)
{
    const CsSolution *solution = graph->solution;

    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        if (rsc_info(graph, rsc)->parent < 0 && !cs_rsc_is_template(solution, rsc)
            && solution->work[rsc].managed)
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker Explained 2.1, "Cluster Options" stonith-action: reboot by
 * default, poweroff read as off. */
static const char *fence_action_name(const CsModel *model)
{
    const char *how = model->options.stonith_action;

    if (how == NULL)
        return "reboot";
    return strcmp(how, "poweroff") == 0 ? "off" : how;
}

CsAct *fence_node(CsGraph *graph, int node, guint flags, char *reason)
{
    CsAct *fence = act_alloc(graph, CS_TASK_FENCE, -1, node, CS_ACT_RUNNABLE | flags);

    graph->fenced[node] = TRUE;
    fence->name = g_strdup(fence_action_name(graph->model));
    fence->reason = reason;
    return fence;
}

/* Pacemaker reads every node's membership before any resource history:
 * a node the node_state makes unclean has its fencing made before one
 * left cleanly but unclean for a resource active there, whatever their
 * order (checked with crm_simulate 2.1.5: gen_remote.py seeds 2802113,
 * 2802551, 2803384 print n1 "c:0 is thought to be active there" before
 * n2 "peer is no longer part of the cluster", newest first; case
 * tests/fuzz/cases/oracle-fence-membership-before-history). */
static void fence_cluster_node(CsGraph *graph, int i)
{
    const CsNode *node = g_ptr_array_index(graph->model->nodes, i);
    g_autofree char *history = history_fence_reason(graph, node);
    CsAct *fence = fence_node(graph, i, 0, NULL);

    if (node->online && !node->unseen)
        fence->reason = failure_fence_reason(graph, i);
    /* A lost ticket with loss-policy=fence (ticket.c) names itself. */
    set_reason(fence, cs_ticket_fence_reason(graph->solution, i), FALSE);
    if (fence->reason == NULL)
        fence->reason = g_steal_pointer(&history);
    set_reason(fence, fence_reason(node), FALSE);
}

static gboolean fenceable_member(const CsGraph *graph, const CsNode *node)
{
    return node->unclean && node->type == CS_NODE_MEMBER && can_fence(graph, node);
}

/* A fencing made as the status's resource histories are read: its place
 * there (a remote node's connection entry before a cluster node's
 * resource on the same entry), and its node. */
typedef struct {
    int state, remote, node;
} HistoryFence;

static gint by_history_entry(gconstpointer a, gconstpointer b)
{
    const HistoryFence *x = a, *y = b;

    if (x->state != y->state)
        return x->state < y->state ? -1 : 1;
    return y->remote - x->remote;
}

static void schedule_history_fencing(CsGraph *graph, gboolean managed)
{
    const CsModel *model = graph->model;
    g_autoptr(GArray) fences = g_array_new(FALSE, FALSE, sizeof(HistoryFence));

    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        HistoryFence fence = {-1, node->type == CS_NODE_REMOTE, (int)i};

        fence.state = fence.remote ? cs_remote_fenced_with_history(graph->solution, node)
                      : managed && fenceable_member(graph, node) ? history_fence_state(graph, node)
                                                                 : -1;
        if (fence.state >= 0)
            g_array_append_val(fences, fence);
    }
    g_array_sort(fences, by_history_entry);
    for (guint i = 0; i < fences->len; i++) {
        const HistoryFence *fence = &g_array_index(fences, HistoryFence, i);

        if (fence->remote)
            fence_node(graph, fence->node, 0,
                       cs_remote_fence_reason(graph->solution,
                                              g_ptr_array_index(model->nodes, fence->node)));
        else
            fence_cluster_node(graph, fence->node);
    }
}

void schedule_fencing(CsGraph *graph)
{
    const CsModel *model = graph->model;
    gboolean managed = cs_fencing_any_managed(graph);

    for (guint i = 0; managed && i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);

        if (fenceable_member(graph, node) && history_fence_state(graph, node) < 0)
            fence_cluster_node(graph, (int)i);
    }
    schedule_history_fencing(graph, managed);
}

/* ---- unfencing (Pacemaker Explained 2.1, "Unfencing") ------------------ */

/* Unfencing is in use when a resource provides or requires it
 * (Pacemaker Explained 2.1, "Unfencing") and fencing is enabled. */
gboolean cs_unfencing_in_use(const CsModel *model)
{
    return model->enable_unfencing && model->options.stonith_enabled;
}

/* A node counts as unfenced once its #node-unfenced attribute holds a
 * value other than 0; without it the node has never been unfenced. */
gboolean cs_node_unfenced(const CsNode *node)
{
    const char *value = g_hash_table_lookup(node->attrs, "#node-unfenced");

    return value != NULL && strcmp(value, "0") != 0;
}

static gboolean requires_unfencing(const CsResource *info)
{
    return info->requires != NULL && strcmp(info->requires, "unfencing") == 0;
}

/* Pacemaker Explained 2.1, "Unfencing": a resource that requires
 * unfencing, and with unfencing in use any fence device, starts (and is
 * probed) on a node only after the node is unfenced. */
gboolean unfence_first(const CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);

    if (info->kind != CS_RSC_PRIMITIVE || !cs_unfencing_in_use(graph->model))
        return FALSE;
    return requires_unfencing(info) || info->fence_device;
}

/* Pacemaker creates the fencing of a cluster node while it reads the
 * status (a node that left, a failure with on-fail=fence...), before any
 * unfencing; only that of a node never seen ("node is unclean"), of
 * remote and of guest nodes comes after.  The Transition Summary prints
 * fencing newest first, so an unfencing goes before the first of those
 * (checked with crm_simulate 2.1.5). */
static gboolean fenced_after_unfencing(const CsGraph *graph, const CsAct *action)
{
    if (action->task != CS_TASK_FENCE || graph->unfence[action->node] == action)
        return FALSE;
    return node_info(graph, action->node)->type != CS_NODE_MEMBER || action->reason == NULL
           || strcmp(action->reason, "node is unclean") == 0;
}

static void place_unfencing(CsGraph *graph, CsAct *unfence)
{
    GPtrArray *actions = graph->actions;

    for (guint i = 0; i + 1 < actions->len; i++) {
        if (fenced_after_unfencing(graph, g_ptr_array_index(actions, i))) {
            g_ptr_array_remove_index(actions, actions->len - 1);
            g_ptr_array_insert(actions, (gint)i, unfence);
            return;
        }
    }
}

/* The node's unfencing ("on"), optional until something requires it. */
static CsAct *unfence_action(CsGraph *graph, int node)
{
    CsAct *unfence = graph->unfence[node];

    if (unfence == NULL) {
        unfence = act_alloc(graph, CS_TASK_FENCE, -1, node, CS_ACT_RUNNABLE | CS_ACT_OPTIONAL);
        unfence->name = g_strdup("on");
        graph->unfence[node] = unfence;
        place_unfencing(graph, unfence);
    }
    return unfence;
}

/* An online node, neither unclean nor shutting down, is unfenced when
 * something requires it; the first reason given is the one printed. */
static void require_unfencing(CsGraph *graph, int node, const char *reason)
{
    const CsNode *info = node_info(graph, node);
    CsAct *unfence;

    if (!cs_unfencing_in_use(graph->model) || !info->online || info->unclean || info->shutdown)
        return;
    unfence = unfence_action(graph, node);
    if (can_fence(graph, info))
        unfence->flags &= ~CS_ACT_OPTIONAL;
    set_reason(unfence, reason, FALSE);
}

/* A fence device providing unfencing (meta provides=unfencing). */
static gboolean provides_unfencing(const CsResource *info)
{
    const char *provides = g_hash_table_lookup(info->meta, "provides");

    return info->fence_device && provides != NULL && g_ascii_strcasecmp(provides, "unfencing") == 0;
}

/* Whether the node attribute (#digests-all or #digests-secure: entries
 * "ID:AGENT:DIGEST," one after the other) holds device's entry with
 * digest. */
static gboolean digest_listed(const CsNode *node, const char *attribute, const CsResource *device,
                              const char *digest)
{
    const char *summary = g_hash_table_lookup(node->attrs, attribute);
    g_autofree char *entry = g_strdup_printf("%s:%s:%s,", device->id, device->type, digest);

    for (const char *at = summary; at != NULL && (at = strstr(at, entry)) != NULL; at++)
        if (at == summary || at[-1] == ',')
            return TRUE;
    return FALSE;
}

/* The parameters crm_simulate takes as masked in a CIB it is given (it
 * reads it as sanitized): checked with the oracle, a difference in
 * passwd, password or user alone is no change, one in login, key_file
 * or any other parameter is. */
#define CS_SECRET_FENCE_PARAMS "passwd password user"

const CsResource *cs_unfencing_device_changed(const CsModel *model, const CsNode *node)
{
    if (node->type == CS_NODE_MEMBER || g_hash_table_lookup(node->attrs, "#digests-all") == NULL)
        return NULL;
    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *info = g_ptr_array_index(model->resources, i);
        g_autofree char *all = NULL, *secure = NULL;

        if (!provides_unfencing(info))
            continue;
        all = cs_digest_all(info, "stonith-on", 0);
        secure = cs_digest_without(info, "stonith-on", 0, CS_SECRET_FENCE_PARAMS);
        if (!digest_listed(node, "#digests-all", info, all)
            && !digest_listed(node, "#digests-secure", info, secure))
            return info;
    }
    return NULL;
}

/* A remote node whose unfencing devices changed since it was unfenced
 * is unfenced again once its unfencing is created (checked with the
 * oracle: "Fencing NODE (on)" among the executed actions but no line of
 * the Transition Summary, a resource requiring unfencing active there
 * restarting "due to required stonith"; with the same digests, nothing
 * happens). */
static void unfence_changed_remote(CsGraph *graph, int node)
{
    const CsNode *info = node_info(graph, node);
    CsAct *unfence = graph->unfence[node];

    if (unfence == NULL || !info->online || info->unclean || info->shutdown
        || cs_unfencing_device_changed(graph->model, info) == NULL || !can_fence(graph, info))
        return;
    unfence->flags &= ~CS_ACT_OPTIONAL;
}

/* Pacemaker Explained 2.1, "Asymmetrical Clusters": in an opt-in cluster
 * a resource may run only on the nodes a location constraint names for
 * it (its allowed nodes, negative scores included, as they are before
 * any assignment: a ban target-role=Stopped adds later does not count;
 * checked with crm_simulate 2.1.5); in an opt-out one, on every node. */
static gboolean may_run_on(const CsGraph *graph, int rsc, int node)
{
    const gboolean *allowed = graph->solution->work[rsc].criteria_allowed;

    return graph->model->options.symmetric_cluster || (allowed != NULL && allowed[node]);
}

/* Whether rsc is a managed primitive requiring unfencing whose internal
 * constraints order it around unfencing (not a fence device). */
static gboolean orders_around_unfencing(const CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);

    return info->kind == CS_RSC_PRIMITIVE && !info->fence_device && requires_unfencing(info)
           && !cs_rsc_is_template(graph->solution, rsc)
           && (graph->rsc_flags[rsc] & CS_RSCF_MANAGED);
}

/* Pacemaker orders the stops and starts of each managed resource
 * requiring unfencing around the unfencing of every node it may run on
 * (may_run_on(): every node of a symmetric cluster, its allowed nodes in
 * an asymmetric one; checked with crm_simulate 2.1.5), and crm_simulate
 * creates those unfencing actions resource by resource, each one's nodes
 * in name order, the order the Transition Summary prints them in, newest
 * first.  Without such a resource each unfencing is created when first
 * required. */
void unfence_prepare(CsGraph *graph)
{
    g_autofree int *order = NULL;

    if (!cs_unfencing_in_use(graph->model))
        return;
    order = cs_nodes_in_name_order(graph->solution);
    for (int rsc = 0; rsc < graph->solution->n_rsc; rsc++) {
        if (!orders_around_unfencing(graph, rsc))
            continue;
        for (int i = 0; i < graph->solution->n_nodes; i++) {
            if (!may_run_on(graph, rsc, order[i]) || graph->unfence[order[i]] != NULL)
                continue;
            unfence_action(graph, order[i]);
            unfence_changed_remote(graph, order[i]);
        }
    }
}

/* A fence device whose agent or parameters changed where its history
 * was checked has that node unfenced again (reason given by the caller). */
void unfence_device_changed(CsGraph *graph, int rsc, int node, const char *reason)
{
    if (rsc_info(graph, rsc)->fence_device)
        require_unfencing(graph, node, reason);
}

/* The anonymous clone whose instance rsc is (or is a member of, for a
 * cloned group), or -1; *instance is that instance. */
static int anonymous_clone(const CsGraph *graph, int rsc, int *instance)
{
    int parent = rsc_info(graph, rsc)->parent;

    *instance = rsc;
    if (parent >= 0 && rsc_info(graph, parent)->kind == CS_RSC_GROUP) {
        *instance = parent;
        parent = rsc_info(graph, parent)->parent;
    }
    if (parent < 0 || rsc_info(graph, parent)->kind != CS_RSC_CLONE
        || rsc_info(graph, parent)->globally_unique)
        return -1;
    return parent;
}

/* Whether any primitive at or under rsc has a history on node. */
static gboolean known_under(const CsGraph *graph, int rsc, int node)
{
    const CsResource *info = rsc_info(graph, rsc);

    if (info->kind == CS_RSC_PRIMITIVE)
        return cs_model_rsc_state(graph->model, rsc, node) != NULL;
    for (guint i = 0; i < info->children->len; i++)
        if (known_under(graph, g_array_index(info->children, int, i), node))
            return TRUE;
    return FALSE;
}

/* The node an instance is assigned to (a cloned group's: the one node
 * its assigned members share), or -1. */
static int instance_location(const CsGraph *graph, int instance)
{
    const CsResource *info = rsc_info(graph, instance);
    int where = -1;

    if (info->kind == CS_RSC_PRIMITIVE)
        return graph->assigned[instance];
    for (guint i = 0; i < info->children->len; i++) {
        int member = instance_location(graph, g_array_index(info->children, int, i));

        if (member >= 0 && where >= 0 && member != where)
            return -1;
        if (member >= 0)
            where = member;
    }
    return where;
}

/* The first of clone's instances, in the order of their ids, for which
 * pick() holds, or -1. */
static int first_instance_by_id(const CsGraph *graph, int clone, int node,
                                gboolean (*pick)(const CsGraph *, int, int))
{
    const GArray *children = rsc_info(graph, clone)->children;
    int first = -1;

    for (guint i = 0; i < children->len; i++) {
        int child = g_array_index(children, int, i);

        if (pick(graph, child, node)
            && (first < 0 || strcmp(rsc_info(graph, child)->id, rsc_info(graph, first)->id) < 0))
            first = child;
    }
    return first;
}

static gboolean located_on(const CsGraph *graph, int instance, int node)
{
    return instance_location(graph, instance) == node;
}

static gboolean any_instance(const CsGraph *graph, int instance, int node)
{
    (void)graph, (void)instance, (void)node;
    return TRUE;
}

/* The clone's configured child (the template its instances copy), or -1. */
static int clone_template(const CsGraph *graph, int clone)
{
    for (int rsc = 0; rsc < graph->solution->n_rsc; rsc++)
        if (rsc_info(graph, rsc)->parent == clone && cs_rsc_is_template(graph->solution, rsc))
            return rsc;
    return -1;
}

/* Whether a history on node names a primitive of the clone yet went to
 * no instance (expand.c keeps an inactive history off the instances,
 * where Pacemaker gives it a new orphan instance). */
static gboolean orphan_history_on(const CsGraph *graph, int clone, int node)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        g_autofree char *base = NULL;

        if (state->rsc >= 0 || state->node != node || state->rsc_id == NULL)
            continue;
        base = g_strndup(state->rsc_id, strcspn(state->rsc_id, ":"));
        for (int rsc = 0; rsc < graph->solution->n_rsc; rsc++) {
            int up = rsc_info(graph, rsc)->parent;

            if (up >= 0 && rsc_info(graph, up)->kind == CS_RSC_GROUP)
                up = rsc_info(graph, up)->parent;
            if (up == clone && cs_rsc_is_template(graph->solution, rsc)
                && rsc_info(graph, rsc)->kind == CS_RSC_PRIMITIVE
                && strcmp(rsc_info(graph, rsc)->id, base) == 0)
                return TRUE;
        }
    }
    return FALSE;
}

/* Whether the orphan instance Pacemaker makes for such a history comes
 * before known (an instance known on the node, or -1) in id order: it
 * is numbered after every instance the clone has. */
static gboolean orphan_first(const CsGraph *graph, int clone, int known)
{
    int template = clone_template(graph, clone);
    g_autofree char *orphan = NULL;

    if (template <0)
        return FALSE;
    if (known < 0)
        return TRUE;
    orphan = g_strdup_printf("%s:%u", rsc_info(graph, template)->id,
                             rsc_info(graph, clone)->children->len);
    return strcmp(orphan, rsc_info(graph, known)->id) < 0;
}

/* Pacemaker probes an anonymous clone on a node through one instance,
 * its instances sorted by id: the first with anything known there (an
 * orphan, never probed, included), else the first assigned there, else
 * the first (checked with crm_simulate 2.1.5: a cloned group's member
 * unknown there is probed in the instance whose other members are
 * known).  Whether that is instance. */
static gboolean probed_instance(const CsGraph *graph, int clone, int instance, int node)
{
    int chosen = first_instance_by_id(graph, clone, node, known_under);

    if (orphan_history_on(graph, clone, node) && orphan_first(graph, clone, chosen))
        return FALSE;
    if (chosen < 0)
        chosen = first_instance_by_id(graph, clone, node, located_on);
    if (chosen < 0)
        chosen = first_instance_by_id(graph, clone, node, any_instance);
    return chosen == instance;
}

/* Whether Pacemaker probes the primitive rsc on node (a cluster node
 * that is online and clean): startup probes are enabled (Pacemaker
 * Explained 2.1, "Cluster Options" enable-startup-probes) and its state
 * there is unknown.  Discovery constraints, bundles and remote nodes,
 * which would need more, are refused where they matter (unsupported.c). */
static gboolean probed_on(const CsGraph *graph, int rsc, int node)
{
    const char *enabled =
        g_hash_table_lookup(graph->model->options.values, "enable-startup-probes");
    int clone, instance;

    /* maintenance-mode stops no probe of it (checked with crm_simulate) */
    if (cs_text_is_false(enabled) || cs_rsc_is_orphan(graph->solution, rsc)
        || cs_rsc_is_template(graph->solution, rsc))
        return FALSE;
    clone = anonymous_clone(graph, rsc, &instance);
    if (clone >= 0 && !probed_instance(graph, clone, instance, node))
        return FALSE;
    return !known_under(graph, rsc, node);
}

/* The top-level resource above rsc. */
static int top_of(const CsGraph *graph, int rsc)
{
    while (rsc_info(graph, rsc)->parent >= 0)
        rsc = rsc_info(graph, rsc)->parent;
    return rsc;
}

/* Whether rsc is the resource a bundle holds (under its inner clone),
 * not one of the bundle's containers, addresses or connections. */
static gboolean in_inner_clone(const CsGraph *graph, int rsc)
{
    for (int up = rsc_info(graph, rsc)->parent; up >= 0; up = rsc_info(graph, up)->parent)
        if (rsc_info(graph, up)->kind == CS_RSC_CLONE)
            return TRUE;
    return FALSE;
}

/* Pacemaker Explained 2.1, "Guest Nodes" and "Bundles": a remote or
 * guest node runs no fence device, no connection and nothing inside or
 * holding a container, so none of those is probed there; nothing is
 * probed on a guest node whose container is not running yet, and on a
 * bundle's guest node only the resource the bundle holds (checked with
 * crm_simulate 2.1.5: tests/data/bundle/unfence-guest-*). */
static gboolean probe_skips_node(const CsGraph *graph, int rsc, int node)
{
    const CsNode *where = node_info(graph, node);
    const CsResource *info = rsc_info(graph, rsc);
    int container;

    if (where->type == CS_NODE_MEMBER)
        return FALSE;
    if (info->fence_device || info->is_remote_connection || info->container >= 0
        || cs_guest_node_of_container(graph->model, rsc) >= 0)
        return TRUE;
    if (where->type != CS_NODE_GUEST || where->remote_rsc < 0)
        return FALSE;
    container = cs_guest_container_of(graph->model, where->remote_rsc);
    if (container < 0 || graph->running_on[container].len == 0)
        return TRUE;
    /* nor on one whose container moves or that is fenced (its container
     * recovered): the guest comes up again only after the container's
     * next start (checked with the oracle: a start there, not a probe,
     * requires the unfencing; tests/data/transition/
     * unfence-guest-container-moving, tests/fuzz/cases/
     * oracle-unfence-guest-container-recovers) */
    if (graph->assigned[container] != graph->running_on[container].items[0]
        || where->remote_requires_reset)
        return TRUE;
    if (rsc_info(graph, top_of(graph, container))->kind != CS_RSC_BUNDLE)
        return FALSE;
    return top_of(graph, container) != top_of(graph, rsc) || !in_inner_clone(graph, rsc);
}

/* The probes on node of the resources under rsc, in their order. */
static void unfence_probes_under(CsGraph *graph, int rsc, int node)
{
    const CsResource *info = rsc_info(graph, rsc);

    if (info->kind != CS_RSC_PRIMITIVE) {
        for (guint i = 0; i < info->children->len; i++)
            unfence_probes_under(graph, g_array_index(info->children, int, i), node);
        return;
    }
    if (unfence_first(graph, rsc) && !probe_skips_node(graph, rsc, node)
        && probed_on(graph, rsc, node)) {
        g_autofree char *reason = g_strdup_printf("required by %s monitor", info->id);

        require_unfencing(graph, node, reason);
    }
}

/* Pacemaker's start_resource(): a start that waits for unfencing on a
 * node never unfenced requires that unfencing. */
static void unfence_starts_under(CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);
    const CsActList *list = &graph->by_rsc[rsc];

    if (info->kind != CS_RSC_PRIMITIVE) {
        for (guint i = 0; i < info->children->len; i++)
            unfence_starts_under(graph, g_array_index(info->children, int, i));
        return;
    }
    if (!unfence_first(graph, rsc))
        return;
    for (guint i = 0; i < list->len; i++) {
        const CsAct *start = list->items[i];
        g_autofree char *reason = NULL;

        if (start->task != CS_TASK_START || !(start->flags & CS_ACT_START_SCHEDULED)
            || start->node < 0 || cs_node_unfenced(node_info(graph, start->node)))
            continue;
        reason = g_strdup_printf("required by %s start", info->id);
        require_unfencing(graph, start->node, reason);
    }
}

/* Calls visit for each top-level resource in the order Pacemaker sorted
 * them for assignment (the order it creates their actions in), then for
 * any the sorted list does not hold. */
static void each_in_assign_order(CsGraph *graph, void (*visit)(CsGraph *, int, int), int node)
{
    const CsSolution *solution = graph->solution;
    g_autofree gboolean *listed = g_new0(gboolean, solution->n_rsc);

    for (guint j = 0; solution->assign_order != NULL && j < solution->assign_order->len; j++) {
        int rsc = g_array_index(solution->assign_order, int, j);

        listed[rsc] = TRUE;
        visit(graph, rsc, node);
    }
    for (int rsc = 0; rsc < solution->n_rsc; rsc++)
        if (!listed[rsc] && rsc_info(graph, rsc)->parent < 0)
            visit(graph, rsc, node);
}

/* Pacemaker probes node by node (in name order), each node's resources
 * in the order they were sorted for assignment.  A probe that must wait
 * for unfencing on a node never unfenced requires that unfencing. */
void unfence_probes(CsGraph *graph)
{
    g_autofree int *order = NULL;

    if (!cs_unfencing_in_use(graph->model))
        return;
    order = cs_nodes_in_name_order(graph->solution);
    for (int i = 0; i < graph->solution->n_nodes; i++)
        if (!cs_node_unfenced(node_info(graph, order[i])))
            each_in_assign_order(graph, unfence_probes_under, order[i]);
}

static void visit_starts(CsGraph *graph, int rsc, int node)
{
    (void)node;
    unfence_starts_under(graph, rsc);
}

/* The starts, once every resource's actions exist, in the order
 * Pacemaker creates them. */
void unfence_starts(CsGraph *graph)
{
    if (cs_unfencing_in_use(graph->model))
        each_in_assign_order(graph, visit_starts, -1);
}

/* Pacemaker's start_resource() orders each start that waits for
 * unfencing after its node's unfencing, which makes it required (a
 * restart, "due to required stonith") when the unfencing is.  For a
 * managed resource requiring unfencing, the ordering its internal
 * constraints add later (unfence_order_restart()) is the one that
 * decides; the engine keeps one edge per pair, so only that one. */
void unfence_order_created_starts(CsGraph *graph)
{
    for (guint i = 0; i < graph->actions->len; i++) {
        CsAct *start = g_ptr_array_index(graph->actions, i);
        const CsResource *info;

        if (start->task != CS_TASK_START || !(start->flags & CS_ACT_START_SCHEDULED)
            || start->rsc < 0 || start->node < 0 || !unfence_first(graph, start->rsc)
            || graph->unfence[start->node] == NULL)
            continue;
        info = rsc_info(graph, start->rsc);
        if (!info->fence_device && (graph->rsc_flags[start->rsc] & CS_RSCF_MANAGED))
            continue;
        order_actions(graph, graph->unfence[start->node], start, ORD_IMPLIES_THEN);
    }
}

/* Pacemaker Explained 2.1, "Unfencing": a resource requiring unfencing
 * runs on a node only once it is unfenced, and Pacemaker orders each of
 * its stops before that node's unfencing (made, optional, if nothing
 * asked for it yet) as it creates the stop: an unmanaged resource's too,
 * which gets no internal constraints (unfence_order_restart()), and
 * whether the node was unfenced already or not.  A blocked resource's
 * stop cannot run, so neither can that unfencing once the walk reaches
 * it, and what is ordered after the unfencing is walked again: a clone
 * instance restarting on another node then meets its own node's
 * unfencing before its clone's orderings, "due to required stonith"
 * (checked with crm_simulate 2.1.5's trace;
 * tests/fuzz/cases/oracle-unfence-blocked-stop-*).  A node being fenced
 * or offline gets no unfencing; one shutting down does get this ordering
 * (only require_unfencing() passes it over), so a blocked stop there still
 * makes its unfencing unrunnable and walks what follows (gen.py seed
 * 1815572; oracle-unfence-blocked-stop-shutdown*).  A
 * managed resource gets this ordering from its internal constraints too,
 * except on a node it may not run on (may_run_on(): in an asymmetric
 * cluster, a node no location names for it, where it is active all the
 * same; crm_simulate 2.1.5 then blocks its migration away from there,
 * "due to unrunnable stonith": oracle-unfence-asymmetric-stop-unallowed). */
void unfence_order_stop(CsGraph *graph, CsAct *stop)
{
    const CsResource *info = rsc_info(graph, stop->rsc);
    const CsNode *where;

    if (stop->node < 0 || !cs_unfencing_in_use(graph->model) || info->fence_device
        || !requires_unfencing(info))
        return;
    if ((graph->rsc_flags[stop->rsc] & CS_RSCF_MANAGED) && may_run_on(graph, stop->rsc, stop->node))
        return;
    where = node_info(graph, stop->node);
    if (graph->fenced[stop->node] || !where->online || where->unclean)
        return;
    order_actions(graph, stop, unfence_action(graph, stop->node), ORD_IMPLIES_FIRST);
}

/* Pacemaker's internal constraints of a managed primitive requiring
 * unfencing (not a fence device), node by node in name order: its stop
 * there comes before the node's unfencing and is required by it (so it
 * cannot migrate away: "unrunnable stonith"), its start there comes
 * after and is required by it (checked with crm_simulate 2.1.5).  Every
 * stop of the resource is ordered before every unfencing, the edges
 * between two nodes being dropped only when walked: what changes a
 * resource's stop walks each node's unfencing in turn, and with it the
 * orderings of other resources' stops there (crm_simulate 2.1.5's trace:
 * an instance's stop reaches the unfencing of another node, whose
 * ordering after a moving resource's stop keeps that stop from
 * migrating, "due to unrunnable stonith", before anything else does).  The
 * start is found when the orderings are applied, so a start an order
 * creates on no node (its resource placed nowhere) is required by every
 * unfencing too, which decides the reasons of what is ordered after it
 * (oracle-diff seed 1030558). */
void unfence_order_restart(CsGraph *graph, int rsc)
{
    g_autofree int *order = NULL;
    const CsResource *info = rsc_info(graph, rsc);

    if (!unfence_first(graph, rsc) || info->fence_device)
        return;
    order = cs_nodes_in_name_order(graph->solution);
    for (int i = 0; i < graph->solution->n_nodes; i++) {
        CsAct *unfence = may_run_on(graph, rsc, order[i]) ? graph->unfence[order[i]] : NULL;
        const CsActList *list = &graph->by_rsc[rsc];

        for (guint j = 0; unfence != NULL && j < list->len; j++)
            if (list->items[j]->task == CS_TASK_STOP)
                order_later(graph, list->items[j], unfence, ORD_IMPLIES_FIRST | ORD_SAME_NODE);
        if (unfence != NULL)
            order_action_rsc(graph, unfence, rsc, CS_TASK_START,
                             ORD_IMPLIES_THEN | ORD_SAME_NODE);
    }
}
