/* graph.c: the action graph's storage, its actions and its orderings.
 *
 * The bottom of the transition: actions are created (with whether they
 * are runnable and optional), found by resource, task and node, and
 * ordered; every other file of the graph builds on these.  Whole
 * functions moved from actions.c. */
#include <stdlib.h>
#include <string.h>

#include "engine/graph.h"

/* ---- storage ----------------------------------------------------------
 * doc/DESIGN.md "Performance": a large cluster's graph holds tens of thousands
 * of actions, edges and orderings, all living exactly as long as the
 * graph.  They are carved from 64 KiB blocks and freed with them, rather
 * than allocated (and freed) one by one; whoever carves initialises the
 * whole object (the blocks are not zeroed). */
#define CS_GRAPH_BLOCK_BYTES ((gsize)64 * 1024)

static gpointer graph_alloc(CsGraph *graph, gsize size)
{
    gpointer carved;

    size = (size + 15) & ~(gsize)15;
    if (graph->block_left < size) {
        gsize block = MAX(size, CS_GRAPH_BLOCK_BYTES);

        graph->block_next = g_malloc(block);
        graph->block_left = block;
        g_ptr_array_add(graph->blocks, graph->block_next);
    }
    carved = graph->block_next;
    graph->block_next += size;
    graph->block_left -= size;
    return carved;
}

/* Room for one more item in a list of pointers: a full list moves to a
 * block twice its size. */
static gpointer *list_room(CsGraph *graph, gpointer *items, guint len, guint *size)
{
    gpointer *moved;

    if (len < *size)
        return items;
    *size = *size == 0 ? 4 : *size * 2;
    moved = graph_alloc(graph, *size * sizeof(gpointer));
    if (len > 0)
        memcpy(moved, items, len * sizeof(gpointer));
    return moved;
}

/* Room for one more node: a full list moves to a block twice its size. */
void node_list_add(CsGraph *graph, CsNodeList *list, int node)
{
    if (list->len == list->size) {
        int *moved;

        list->size = list->size == 0 ? 2 : list->size * 2;
        moved = graph_alloc(graph, list->size * sizeof(int));
        if (list->len > 0)
            memcpy(moved, list->items, list->len * sizeof(int));
        list->items = moved;
    }
    list->items[list->len++] = node;
}

static void act_list_add(CsGraph *graph, CsActList *list, CsAct *action)
{
    list->items = (CsAct **)list_room(graph, (gpointer *)list->items, list->len, &list->size);
    list->items[list->len++] = action;
}

/* Pacemaker keeps an action's orderings newest first (g_list_prepend()),
 * and which edge is seen first matters.  Stored oldest first, adding one
 * is an append; edge_at(list, 0) is the newest.  An edge added while the
 * list is walked shifts every index by one, as a prepend to an array
 * would. */
static void edge_list_add(CsGraph *graph, CsEdgeList *list, CsEdge *edge)
{
    list->items = (CsEdge **)list_room(graph, (gpointer *)list->items, list->len, &list->size);
    list->items[list->len++] = edge;
}

CsEdge *edge_at(const CsEdgeList *list, guint i)
{
    return list->items[list->len - 1 - i];
}

const CsResource *rsc_info(const CsGraph *graph, int rsc)
{
    return g_ptr_array_index(graph->model->resources, rsc);
}

const CsNode *node_info(const CsGraph *graph, int node)
{
    return g_ptr_array_index(graph->model->nodes, node);
}

gboolean is_group(const CsGraph *graph, int rsc)
{
    return rsc >= 0 && rsc_info(graph, rsc)->kind == CS_RSC_GROUP;
}

gboolean is_clone(const CsGraph *graph, int rsc)
{
    return rsc >= 0 && rsc_info(graph, rsc)->kind == CS_RSC_CLONE;
}

static gboolean is_promotable(const CsGraph *graph, int rsc)
{
    return is_clone(graph, rsc) && rsc_info(graph, rsc)->promotable;
}

/* Whether rsc is in a promotable clone, directly or as a member of a
 * cloned group (Pacemaker looks at the top resource). */
gboolean in_promotable(const CsGraph *graph, int rsc)
{
    int up = rsc_info(graph, rsc)->parent;

    while (up >= 0 && !is_clone(graph, up))
        up = rsc_info(graph, up)->parent;
    return is_promotable(graph, up);
}

gboolean is_bundle(const CsGraph *graph, int rsc)
{
    return rsc >= 0 && rsc_info(graph, rsc)->kind == CS_RSC_BUNDLE;
}

int bundle_promotable_clone(const CsGraph *graph, int rsc)
{
    const CsResource *info;
    int last;

    if (!is_bundle(graph, rsc))
        return -1;
    info = rsc_info(graph, rsc);
    if (info->children->len == 0)
        return -1;
    /* the clone of the resource inside comes last (engine/bundle.c) */
    last = g_array_index(info->children, int, info->children->len - 1);
    return is_promotable(graph, last) ? last : -1;
}

/* Groups, clones and bundles act through start/running/stop/stopped
 * pseudo-actions of their own. */
gboolean is_collective(const CsGraph *graph, int rsc)
{
    return is_group(graph, rsc) || is_clone(graph, rsc) || is_bundle(graph, rsc);
}

const char *cs_task_name(const CsAct *action)
{
    switch (action->task) {
    case CS_TASK_START: return "start";
    case CS_TASK_STOP: return "stop";
    case CS_TASK_RUNNING: return "running";
    case CS_TASK_STOPPED: return "stopped";
    case CS_TASK_MIGRATE_TO: return "migrate_to";
    case CS_TASK_MIGRATE_FROM: return "migrate_from";
    case CS_TASK_RELOAD: return "reload-agent";
    case CS_TASK_FENCE: return "stonith";
    case CS_TASK_PROMOTE: return "promote";
    case CS_TASK_DEMOTE: return "demote";
    case CS_TASK_PROMOTED: return "promoted";
    case CS_TASK_DEMOTED: return "demoted";
    case CS_TASK_PSEUDO: break;
    }
    return action->name;
}

/* Pacemaker's pe_action_set_reason(): the first reason stays unless
 * overwrite. */
void set_reason(CsAct *action, const char *reason, gboolean overwrite)
{
    if (action->reason != NULL && !overwrite)
        return;
    g_free(action->reason);
    action->reason = g_strdup(reason);
}

/* ---- creating actions ------------------------------------------------- */

static gboolean rsc_active(const CsGraph *graph, int rsc)
{
    const CsNodeList *nodes = &graph->running_on[rsc];

    for (guint i = 0; i < nodes->len; i++) {
        const CsNode *node = node_info(graph, nodes->items[i]);

        if (node->unclean || node->online || !(graph->rsc_flags[rsc] & CS_RSCF_MANAGED))
            return TRUE;
    }
    return FALSE;
}

static gboolean needs_nothing(const CsGraph *graph, const CsAct *action)
{
    const char *requires = rsc_info(graph, action->rsc)->requires;

    if (action->task != CS_TASK_START && action->task != CS_TASK_PROMOTE)
        return TRUE; /* only start and promote need quorum or fencing */
    return requires != NULL && strcmp(requires, "nothing") == 0;
}

/* A node+score location with resource-discovery=never for rsc on node. */
static gboolean discovery_never(const CsModel *model, int rsc, const CsNode *node)
{
    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (location->rsc == rsc && location->discovery == CS_DISCOVERY_NEVER
            && location->node != NULL && strcmp(location->node, node->uname) == 0)
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker probes a resource on every online node where its state is
 * unknown (Pacemaker Explained 2.1, "Resource Meta-Attributes": resource-discovery=never skips the
 * probe; unclean nodes are fenced, not probed).  A probe on a node still
 * joining (pending) cannot run.  Whether rsc (a primitive) needs such a
 * probe on node: */
static gboolean unrunnable_probe_on(const CsGraph *graph, int rsc, const CsNode *node)
{
    return node->online && node->pending && !node->unclean
           && cs_model_rsc_state(graph->model, rsc, node->index) == NULL
           && !discovery_never(graph->model, rsc, node);
}

/* Whether rsc (a primitive) needs a probe that cannot run on any node. */
static gboolean unrunnable_probe(const CsGraph *graph, int rsc)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->nodes->len; i++)
        if (unrunnable_probe_on(graph, rsc, g_ptr_array_index(model->nodes, i)))
            return TRUE;
    return FALSE;
}

/* The clone rsc belongs to (at any depth), or -1. */
static int clone_ancestor(const CsGraph *graph, int rsc)
{
    for (int up = rsc_info(graph, rsc)->parent; up >= 0; up = rsc_info(graph, up)->parent)
        if (rsc_info(graph, up)->kind == CS_RSC_CLONE)
            return up;
    return -1;
}

/* Whether a primitive of rsc (rsc itself, its members) has a state
 * recorded on node. */
static gboolean known_on(const CsGraph *graph, int rsc, int node)
{
    const CsResource *info = rsc_info(graph, rsc);

    if (info->kind == CS_RSC_PRIMITIVE)
        return cs_model_rsc_state(graph->model, rsc, node) != NULL;
    for (guint i = 0; i < info->children->len; i++)
        if (known_on(graph, g_array_index(info->children, int, i), node))
            return TRUE;
    return FALSE;
}

/* Whether every primitive of rsc that is assigned somewhere is assigned
 * to node, and one is. */
static gboolean assigned_only_to(const CsGraph *graph, int rsc, int node)
{
    const CsResource *info = rsc_info(graph, rsc);
    gboolean any = FALSE;

    if (info->kind == CS_RSC_PRIMITIVE)
        return graph->assigned[rsc] == node;
    for (guint i = 0; i < info->children->len; i++) {
        int member = g_array_index(info->children, int, i);

        if (graph->assigned[member] >= 0 && graph->assigned[member] != node)
            return FALSE;
        any = any || graph->assigned[member] == node;
    }
    return any;
}

/* Pacemaker probes an anonymous clone on a node through one instance:
 * the one whose state is known there, else the one assigned there, else
 * the first. */
static int probed_instance(const CsGraph *graph, int clone, int node)
{
    const CsResource *info = rsc_info(graph, clone);

    for (guint i = 0; i < info->children->len; i++)
        if (known_on(graph, g_array_index(info->children, int, i), node))
            return g_array_index(info->children, int, i);
    for (guint i = 0; i < info->children->len; i++)
        if (assigned_only_to(graph, g_array_index(info->children, int, i), node))
            return g_array_index(info->children, int, i);
    return info->children->len > 0 ? g_array_index(info->children, int, 0) : -1;
}

/* A probe that cannot run, on a node still joining: kept out of the
 * graph's actions (the summary shows no probe), only walked as the first
 * of its ordering. */
static CsAct *detached_probe(CsGraph *graph, int rsc, int node)
{
    static const char task[] = "monitor";
    CsAct *probe = graph_alloc(graph, sizeof(CsAct));

    memset(probe, 0, sizeof(CsAct));
    probe->task = CS_TASK_PSEUDO;
    probe->rsc = rsc;
    probe->node = node;
    probe->name = graph_alloc(graph, sizeof(task));
    memcpy(probe->name, task, sizeof(task));
    return probe; /* required, unrunnable */
}

/* Orders each primitive under within (a clone or one of its instances)
 * that is active nowhere and whose probe on node cannot run before the
 * clone's start, unrunnable first blocking it. */
static void order_blocking_probes(CsGraph *graph, int within, const CsNode *node, CsAct *start)
{
    const CsResource *info = rsc_info(graph, within);

    if (info->kind != CS_RSC_PRIMITIVE) {
        for (guint i = 0; i < info->children->len; i++)
            order_blocking_probes(graph, g_array_index(info->children, int, i), node, start);
        return;
    }
    if (!cs_rsc_is_template(graph->solution, within) && graph->running_on[within].len == 0
        && unrunnable_probe_on(graph, within, node))
        order_actions(graph, detached_probe(graph, within, node->index), start,
                      ORD_OPTIONAL | ORD_RUNNABLE_LEFT);
}

/* Pacemaker 2.1.5 orders a clone instance's probe before the whole
 * clone's start and lets one that cannot run block it when the probed
 * primitive is active nowhere (the clone's active instances then stop,
 * their starts "due to unrunnable X monitor").  Probes are made node by
 * node (in name order), instance by instance: a globally-unique clone
 * probes every instance, an anonymous one the instance
 * probed_instance() picks. */
void order_clone_pending_probes(CsGraph *graph)
{
    g_autofree int *order = NULL;

    if (graph->probes_disabled)
        return;
    order = cs_nodes_in_name_order(graph->solution);
    for (int i = 0; i < graph->solution->n_nodes; i++) {
        const CsNode *node = node_info(graph, order[i]);

        if (!node->online || !node->pending || node->unclean)
            continue;
        for (int clone = 0; clone < graph->solution->n_rsc; clone++) {
            CsAct *start;
            int within = clone;

            if (rsc_info(graph, clone)->kind != CS_RSC_CLONE || clone_ancestor(graph, clone) >= 0
                || (start = find_first(graph, clone, CS_TASK_START, -1)) == NULL)
                continue;
            if (!rsc_info(graph, clone)->globally_unique)
                within = probed_instance(graph, clone, order[i]);
            if (within >= 0)
                order_blocking_probes(graph, within, node, start);
        }
    }
}

/* Pacemaker orders a primitive's start after its probes (Pacemaker
 * Explained 2.1, "Resource Discovery": a resource is checked for before it
 * is started).  A probe that cannot run, on a node still joining, keeps
 * the start of a resource active nowhere from running, not at once but as
 * the orderings are walked, in the action list's order (newest first) like
 * any other: the start is shown "blocked" with no reason of its own (the
 * probe is its own resource's), unless a colocation blocked it before,
 * which keeps its "colocation with" reason (checked with crm_simulate
 * 2.1.5: a primitive colocated with a clone whose start waits on a pending
 * node is blocked "due to colocation with" the clone only when it comes
 * before the clone in the configuration).  These orderings are made after
 * the configured and internal ones, so a start's own probe is the newest
 * of its firsts and blocks it before an order from another blocked start
 * can give a reason (checked with crm_simulate 2.1.5: an ordered group's
 * members all "blocked", oracle-diff seed 1239575, tests/fuzz/cases
 * oracle-pending-probe-blocks-before-order). */
void order_probes(CsGraph *graph)
{
    graph->probes_ordered = TRUE;
    for (guint i = 0; i < graph->actions->len; i++) {
        CsAct *start = g_ptr_array_index(graph->actions, i);

        if (start->task != CS_TASK_START || start->rsc < 0 || (start->flags & CS_ACT_PSEUDO)
            || !awaits_pending_probe(graph, start->rsc))
            continue;
        for (guint n = 0; n < graph->model->nodes->len; n++) {
            const CsNode *node = g_ptr_array_index(graph->model->nodes, n);

            if (unrunnable_probe_on(graph, start->rsc, node)) {
                order_actions(graph, detached_probe(graph, start->rsc, node->index), start,
                              ORD_OPTIONAL | ORD_RUNNABLE_LEFT);
                break;
            }
        }
    }
}

/* Pacemaker orders a resource's start after its probes, and a probe that
 * cannot run blocks the start only while the resource is active nowhere
 * (it must not stop what already runs).  Clone instances wait through
 * their clone's start (order_clone_pending_probes()). */
gboolean awaits_pending_probe(const CsGraph *graph, int rsc)
{
    if (graph->probes_disabled || rsc_info(graph, rsc)->kind != CS_RSC_PRIMITIVE)
        return FALSE; /* only primitives are probed */
    if (clone_ancestor(graph, rsc) >= 0)
        return FALSE;
    return graph->running_on[rsc].len == 0 && unrunnable_probe(graph, rsc);
}

/* no-quorum-policy=demote (Pacemaker Explained 2.1, "Cluster Options": demote promotable
 * resources, stop all others): an active promotable instance (Promoted or
 * Unpromoted) may keep running but goes no higher than Unpromoted, which
 * Pacemaker decides as each of its starts and promotes is created
 * (effective_quorum_policy()); anything else is treated as under
 * no-quorum-policy=stop. */
static gboolean quorum_demote_keeps(CsGraph *graph, int rsc)
{
    const CsOptions *options = &graph->model->options;
    CsRole role = graph->role[rsc];

    if (options->have_quorum || options->no_quorum_policy != CS_NO_QUORUM_DEMOTE
        || (role != CS_ROLE_PROMOTED && role != CS_ROLE_UNPROMOTED))
        return FALSE;
    if (graph->next_role[rsc] > CS_ROLE_UNPROMOTED)
        graph->next_role[rsc] = CS_ROLE_UNPROMOTED;
    return TRUE;
}

/* Pacemaker's custom_action() runnable rules for a resource action:
 * it needs a node, which must be online and not pending; a start needs
 * quorum unless no-quorum-policy says otherwise (Pacemaker Explained 2.1, "Cluster Options"
 * no-quorum-policy: stop, freeze). */
static void update_runnable(CsGraph *graph, CsAct *action)
{
    const CsOptions *options = &graph->model->options;
    const CsNode *node;

    if (action->flags & CS_ACT_PSEUDO)
        return;
    if (action->node < 0) {
        action->flags &= ~CS_ACT_RUNNABLE;
        return;
    }
    node = node_info(graph, action->node);
    /* Unmanaged (Pacemaker Explained 2.1, "Resource Meta-Attributes"
     * is-managed): optional, but still judged runnable below. */
    if (!(graph->rsc_flags[action->rsc] & CS_RSCF_MANAGED))
        action->flags |= CS_ACT_OPTIONAL;
    /* a guest node down is assumed to come up with its connection,
     * unless it needs fencing (Pacemaker Explained 2.1, "Pacemaker
     * Remote"; checked with crm_simulate) */
    if (!node->online && (node->type != CS_NODE_GUEST || node->remote_requires_reset)) {
        action->flags &= ~CS_ACT_RUNNABLE;
    } else if (node->pending) {
        action->flags &= ~CS_ACT_RUNNABLE;
    } else if (graph->probes_ordered && action->task == CS_TASK_START
               && awaits_pending_probe(graph, action->rsc)) {
        action->flags &= ~CS_ACT_RUNNABLE;
    } else if (needs_nothing(graph, action)) {
        /* Pacemaker forgets any earlier reason here, which is why a
         * definition change found before the actions were created goes
         * unmentioned for resources that need neither quorum nor fencing. */
        set_reason(action, NULL, TRUE);
        action->flags |= CS_ACT_RUNNABLE;
    } else if (quorum_demote_keeps(graph, action->rsc)) {
        action->flags |= CS_ACT_RUNNABLE;
    } else if (!options->have_quorum
               && (options->no_quorum_policy == CS_NO_QUORUM_STOP
                   || options->no_quorum_policy == CS_NO_QUORUM_DEMOTE)) {
        set_reason(action, "no quorum", TRUE);
        action->flags &= ~CS_ACT_RUNNABLE;
    } else if (!options->have_quorum && options->no_quorum_policy == CS_NO_QUORUM_FREEZE) {
        /* Freeze only takes runnable away, never gives it back: a start
         * made before any node was known (a definition change) stays
         * unrunnable once it gets its node, so the resource is stopped
         * rather than restarted (checked with crm_simulate 2.1.5). */
        if (!rsc_active(graph, action->rsc)
            || graph->next_role[action->rsc] > graph->role[action->rsc]) {
            set_reason(action, "quorum freeze", TRUE);
            action->flags &= ~CS_ACT_RUNNABLE;
        }
    } else {
        action->flags |= CS_ACT_RUNNABLE;
    }
}

CsAct *act_alloc(CsGraph *graph, CsTask task, int rsc, int node, guint flags)
{
    CsAct *action = graph_alloc(graph, sizeof(CsAct));

    memset(action, 0, sizeof(CsAct));
    action->task = task;
    action->rsc = rsc;
    action->node = node;
    action->flags = flags;
    g_ptr_array_add(graph->actions, action);
    if (rsc >= 0)
        act_list_add(graph, &graph->by_rsc[rsc], action);
    return action;
}

CsAct *cs_graph_find(CsGraph *graph, int rsc, CsTask task, int node)
{
    const CsActList *list = &graph->by_rsc[rsc];
    CsAct *found = NULL;

    for (guint i = 0; i < list->len; i++) {
        CsAct *action = list->items[i];

        if (action->task != task)
            continue;
        if (node >= 0 && action->node < 0)
            action->node = node;
        if (node < 0 || action->node == node)
            found = action;
    }
    return found;
}

/* The first of rsc's actions for task on node (any node when < 0). */
CsAct *find_first(const CsGraph *graph, int rsc, CsTask task, int node)
{
    const CsActList *list = &graph->by_rsc[rsc];

    for (guint i = 0; i < list->len; i++) {
        CsAct *action = list->items[i];

        if (action->task == task && (node < 0 || action->node == node))
            return action;
    }
    return NULL;
}

CsAct *cs_graph_find_first(const CsGraph *graph, int rsc, CsTask task, int node)
{
    return find_first(graph, rsc, task, node);
}

/* Pacemaker's custom_action() for a resource: an existing action with the
 * same task on the node is reused (and made required unless optional). */
CsAct *rsc_action(CsGraph *graph, int rsc, CsTask task, int node, gboolean optional)
{
    CsAct *action = cs_graph_find(graph, rsc, task, node);

    /* Pacemaker's new_action() starts every action runnable; an
     * unmanaged resource's action is made optional and, once it has a
     * node, judged runnable like any other (update_runnable()). */
    if (action == NULL)
        action =
            act_alloc(graph, task, rsc, node, CS_ACT_RUNNABLE | (optional ? CS_ACT_OPTIONAL : 0));
    else if (!optional)
        action->flags &= ~CS_ACT_OPTIONAL;
    update_runnable(graph, action);
    return action;
}

CsAct *pseudo_rsc_action(CsGraph *graph, int rsc, CsTask task, gboolean runnable)
{
    return act_alloc(graph, task, rsc, -1,
                     CS_ACT_OPTIONAL | CS_ACT_PSEUDO | (runnable ? CS_ACT_RUNNABLE : 0));
}

/* ---- orderings -------------------------------------------------------- */

void order_rsc(CsGraph *graph, int first_rsc, CsTask first_task, int then_rsc, CsTask then_task,
               guint type)
{
    CsOrdering *ordering = graph_alloc(graph, sizeof(CsOrdering));

    *ordering = (CsOrdering){first_rsc, first_task, NULL, then_rsc, then_task, NULL, type};
    g_ptr_array_add(graph->orderings, ordering);
}

void order_action_rsc(CsGraph *graph, CsAct *first, int then_rsc, CsTask then_task, guint type)
{
    CsOrdering *ordering = graph_alloc(graph, sizeof(CsOrdering));

    *ordering = (CsOrdering){-1, CS_TASK_PSEUDO, first, then_rsc, then_task, NULL, type};
    g_ptr_array_add(graph->orderings, ordering);
}

void order_rsc_action(CsGraph *graph, int first_rsc, CsTask first_task, CsAct *then, guint type)
{
    CsOrdering *ordering = graph_alloc(graph, sizeof(CsOrdering));

    *ordering = (CsOrdering){first_rsc, first_task, NULL, -1, CS_TASK_PSEUDO, then, type};
    g_ptr_array_add(graph->orderings, ordering);
}

void order_later(CsGraph *graph, CsAct *first, CsAct *then, guint type)
{
    CsOrdering *ordering = graph_alloc(graph, sizeof(CsOrdering));

    *ordering = (CsOrdering){-1, CS_TASK_PSEUDO, first, -1, CS_TASK_PSEUDO, then, type};
    g_ptr_array_add(graph->orderings, ordering);
}

/* Pacemaker's order_actions(): an edge, unless one with the same flags
 * already joins the two; the newest edge of an action comes first, as
 * in Pacemaker's lists. */
gboolean order_actions(CsGraph *graph, CsAct *first, CsAct *then, guint type)
{
    CsEdge *edge;

    if (type == 0)
        return FALSE;
    for (guint i = 0; i < first->after.len; i++) {
        CsEdge *other = first->after.items[i];

        if (other->then == then && (other->type & type))
            return FALSE;
    }
    edge = graph_alloc(graph, sizeof(CsEdge));
    *edge = (CsEdge){first, then, type};
    edge_list_add(graph, &first->after, edge);
    edge_list_add(graph, &then->before, edge);
    return TRUE;
}

/* Every "then" action of ordering after first: each of the "then"
 * resource's actions for the task, or the one action given.  A
 * same-node ordering reaches the actions on other nodes too: it is
 * dropped only when walked (update_action()), and until then it keeps
 * them among first's "after" actions, walked again whenever first
 * changes (checked with crm_simulate 2.1.5's trace: an unfencing made
 * unrunnable walks the starts of its resources on every node). */
static void order_thens(CsGraph *graph, CsAct *first, const CsOrdering *ordering)
{
    const CsActList *list;
    guint type = ordering->type;

    /* A dangling migration's source stop does not make the start
     * required (the resource is not active there). */
    if ((first->flags & CS_ACT_DANGLE) && ordering->then_rsc == first->rsc
        && ordering->then_task == CS_TASK_START)
        type &= ~ORD_IMPLIES_THEN;

    if (ordering->then != NULL) {
        order_actions(graph, first, ordering->then, type);
        return;
    }
    list = &graph->by_rsc[ordering->then_rsc];
    for (guint i = 0; i < list->len; i++)
        if (list->items[i]->task == ordering->then_task)
            order_actions(graph, first, list->items[i], type);
}

/* Pacemaker's rsc_order_first(): a "first" action that does not exist is
 * created (optional, on no node, so unrunnable) unless it would stop a
 * stopped resource; every "then" action of the task is ordered after.
 * (Ordering adds edges only: the action lists walked stay as they are.) */
void apply_ordering(CsGraph *graph, const CsOrdering *ordering)
{
    const CsActList *list;

    if (ordering->first != NULL) {
        order_thens(graph, ordering->first, ordering);
        return;
    }
    if (find_first(graph, ordering->first_rsc, ordering->first_task, -1) == NULL) {
        if (ordering->first_rsc == ordering->then_rsc)
            return;
        if (ordering->first_task == CS_TASK_STOP
            && graph->role[ordering->first_rsc] == CS_ROLE_STOPPED)
            return;
        /* nor demote what is not promoted */
        if (ordering->first_task == CS_TASK_DEMOTE
            && graph->role[ordering->first_rsc] == CS_ROLE_UNPROMOTED)
            return;
        order_thens(graph, rsc_action(graph, ordering->first_rsc, ordering->first_task, -1, TRUE),
                    ordering);
        return;
    }
    list = &graph->by_rsc[ordering->first_rsc];
    for (guint i = 0; i < list->len; i++)
        if (list->items[i]->task == ordering->first_task)
            order_thens(graph, list->items[i], ordering);
}
