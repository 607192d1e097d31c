/* actions.c: the action graph behind the Transition Summary.
 *
 * Follows Pacemaker 2.1.5's scheduler after assignment: each primitive
 * gets the stop/start (and migrate, reload) actions its current and next
 * location call for, each group its start/running/stop/stopped
 * pseudo-actions; implicit orderings (stop before start, group members in
 * sequence) and the configured ones (Pacemaker Explained 6.3 "Specifying
 * the Order in which Resources Should Start/Stop", 6.6 resource sets) are
 * then applied until no action's flags change: an action becomes required
 * because another one is (implies then / implies first / restart), or
 * unrunnable because the one it waits for is (runnable left).  Operation
 * digests (digest.c) add restarts and reloads for changed definitions;
 * unclean nodes are fenced (Pacemaker Explained 9 "Fencing").
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_internal.h"
#include "engine/clone_internal.h"

/* Ordering flags (Pacemaker's pe_ordering). */
enum {
    ORD_OPTIONAL = 1 << 0,
    ORD_IMPLIES_THEN = 1 << 1,
    ORD_IMPLIES_FIRST = 1 << 2,
    ORD_RUNNABLE_LEFT = 1 << 3,
    ORD_RESTART = 1 << 4,
    ORD_ASYMMETRICAL = 1 << 5,
    ORD_ONE_OR_MORE = 1 << 6,
    ORD_PSEUDO_LEFT = 1 << 7,
    ORD_IMPLIES_FIRST_MIGRATABLE = 1 << 8,
    ORD_THEN_CANCELS_FIRST = 1 << 9,
    ORD_PROMOTED_IMPLIES_FIRST = 1 << 10,
};

enum { UPDATED_FIRST = 1, UPDATED_THEN = 2 };

typedef struct CsEdge {
    CsAct *first, *then;
    guint type;
} CsEdge;

/* An ordering between resources' actions by task, resolved to concrete
 * actions once every action exists (Pacemaker's pe__ordering_t). */
typedef struct CsOrdering {
    int first_rsc;
    CsTask first_task;
    CsAct *first;
    int then_rsc;
    CsTask then_task;
    CsAct *then;
    guint type;
} CsOrdering;

/* ---- storage ----------------------------------------------------------
 * DESIGN.md "Performance": a large cluster's graph holds tens of thousands
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
static gpointer *list_room(CsGraph *graph, gpointer *items, guint len,
                           guint *size)
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
static void node_list_add(CsGraph *graph, CsNodeList *list, int node)
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
    list->items = (CsAct **)list_room(graph, (gpointer *)list->items,
                                      list->len, &list->size);
    list->items[list->len++] = action;
}

/* Pacemaker keeps an action's orderings newest first (g_list_prepend()),
 * and which edge is seen first matters.  Stored oldest first, adding one
 * is an append; edge_at(list, 0) is the newest.  An edge added while the
 * list is walked shifts every index by one, as a prepend to an array
 * would. */
static void edge_list_add(CsGraph *graph, CsEdgeList *list, CsEdge *edge)
{
    list->items = (CsEdge **)list_room(graph, (gpointer *)list->items,
                                       list->len, &list->size);
    list->items[list->len++] = edge;
}

static CsEdge *edge_at(const CsEdgeList *list, guint i)
{
    return list->items[list->len - 1 - i];
}

static const CsResource *rsc_info(const CsGraph *graph, int rsc)
{
    return g_ptr_array_index(graph->model->resources, rsc);
}

static const CsNode *node_info(const CsGraph *graph, int node)
{
    return g_ptr_array_index(graph->model->nodes, node);
}

static gboolean is_group(const CsGraph *graph, int rsc)
{
    return rsc >= 0 && rsc_info(graph, rsc)->kind == CS_RSC_GROUP;
}

static gboolean is_clone(const CsGraph *graph, int rsc)
{
    return rsc >= 0 && rsc_info(graph, rsc)->kind == CS_RSC_CLONE;
}

static gboolean is_promotable(const CsGraph *graph, int rsc)
{
    return is_clone(graph, rsc) && rsc_info(graph, rsc)->promotable;
}

/* Whether rsc is in a promotable clone, directly or as a member of a
 * cloned group (Pacemaker looks at the top resource). */
static gboolean in_promotable(const CsGraph *graph, int rsc)
{
    int up = rsc_info(graph, rsc)->parent;

    while (up >= 0 && !is_clone(graph, up))
        up = rsc_info(graph, up)->parent;
    return is_promotable(graph, up);
}

/* Groups and clones act through start/running/stop/stopped
 * pseudo-actions of their own. */
static gboolean is_collective(const CsGraph *graph, int rsc)
{
    return is_group(graph, rsc) || is_clone(graph, rsc);
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
static void set_reason(CsAct *action, const char *reason, gboolean overwrite)
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

        if (node->unclean || node->online
            || !(graph->rsc_flags[rsc] & CS_RSCF_MANAGED))
            return TRUE;
    }
    return FALSE;
}

static gboolean needs_nothing(const CsGraph *graph, const CsAct *action)
{
    const char *requires = rsc_info(graph, action->rsc)->requires;

    if (action->task != CS_TASK_START && action->task != CS_TASK_PROMOTE)
        return TRUE;   /* only start and promote need quorum or fencing */
    return requires != NULL && strcmp(requires, "nothing") == 0;
}

/* A node+score location with resource-discovery=never for rsc on node. */
static gboolean discovery_never(const CsModel *model, int rsc,
                                const CsNode *node)
{
    for (guint i = 0; i < model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);

        if (location->rsc == rsc && location->discovery == CS_DISCOVERY_NEVER
            && location->node != NULL
            && strcmp(location->node, node->uname) == 0)
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker probes a resource on every online node where its state is
 * unknown (Pacemaker Explained 5.4: resource-discovery=never skips the
 * probe; unclean nodes are fenced, not probed).  A probe on a node still
 * joining (pending) cannot run.  Whether rsc (a primitive) needs such a
 * probe: */
static gboolean unrunnable_probe(const CsGraph *graph, int rsc)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);

        if (!node->online || !node->pending || node->unclean)
            continue;
        if (cs_model_rsc_state(model, rsc, node->index) != NULL)
            continue;
        if (!discovery_never(model, rsc, node))
            return TRUE;
    }
    return FALSE;
}

/* The clone rsc belongs to (at any depth), or -1. */
static int clone_ancestor(const CsGraph *graph, int rsc)
{
    for (int up = rsc_info(graph, rsc)->parent; up >= 0;
         up = rsc_info(graph, up)->parent)
        if (rsc_info(graph, up)->kind == CS_RSC_CLONE)
            return up;
    return -1;
}

/* Whether any primitive of the clone is active, and whether any of them
 * needs a probe that cannot run. */
static void clone_probe_state(const CsGraph *graph, int clone,
                              gboolean *active, gboolean *unrunnable)
{
    *active = *unrunnable = FALSE;
    for (int other = 0; other < graph->solution->n_rsc; other++) {
        if (rsc_info(graph, other)->kind != CS_RSC_PRIMITIVE
            || clone_ancestor(graph, other) != clone
            || cs_rsc_is_template(graph->solution, other))
            continue;
        if (graph->running_on[other].len > 0)
            *active = TRUE;
        if (unrunnable_probe(graph, other))
            *unrunnable = TRUE;
    }
}

/* Pacemaker orders a resource's start after its probes, and a probe that
 * cannot run blocks the start only while the resource is active nowhere
 * (it must not stop what already runs).  For a clone instance the probe
 * is ordered before the whole clone's start, blocked while no instance
 * is active. */
static gboolean awaits_pending_probe(const CsGraph *graph, int rsc)
{
    int clone;
    gboolean active, unrunnable;

    if (graph->probes_disabled)
        return FALSE;
    if (rsc_info(graph, rsc)->kind != CS_RSC_PRIMITIVE)
        return FALSE;   /* only primitives are probed */
    clone = clone_ancestor(graph, rsc);
    if (clone < 0)
        return graph->running_on[rsc].len == 0
               && unrunnable_probe(graph, rsc);
    clone_probe_state(graph, clone, &active, &unrunnable);
    return !active && unrunnable;
}

/* The probe orderings (Pacemaker's runnable_left from probe to start) take
 * effect once every action exists: a start that was runnable when created
 * is already mandatory, so it is shown as blocked, with no reason of its
 * own. */
static void order_probes(CsGraph *graph)
{
    graph->probes_ordered = TRUE;
    for (guint i = 0; i < graph->actions->len; i++) {
        CsAct *action = g_ptr_array_index(graph->actions, i);

        if (action->task == CS_TASK_START && action->rsc >= 0
            && !(action->flags & CS_ACT_PSEUDO)
            && awaits_pending_probe(graph, action->rsc))
            action->flags &= ~CS_ACT_RUNNABLE;
    }
}

/* no-quorum-policy=demote (Pacemaker Explained 3.2: demote promotable
 * resources, stop all others): an active promotable instance (Promoted or
 * Unpromoted) may keep running but goes no higher than Unpromoted, which
 * Pacemaker decides as each of its starts and promotes is created
 * (effective_quorum_policy()); anything else is treated as under
 * no-quorum-policy=stop. */
static gboolean quorum_demote_keeps(CsGraph *graph, int rsc)
{
    const CsOptions *options = &graph->model->options;
    CsRole role = graph->role[rsc];

    if (options->have_quorum
        || options->no_quorum_policy != CS_NO_QUORUM_DEMOTE
        || (role != CS_ROLE_PROMOTED && role != CS_ROLE_UNPROMOTED))
        return FALSE;
    if (graph->next_role[rsc] > CS_ROLE_UNPROMOTED)
        graph->next_role[rsc] = CS_ROLE_UNPROMOTED;
    return TRUE;
}

/* Pacemaker's custom_action() runnable rules for a resource action:
 * it needs a node, which must be online and not pending; a start needs
 * quorum unless no-quorum-policy says otherwise (Pacemaker Explained 3.2
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
    if (!(graph->rsc_flags[action->rsc] & CS_RSCF_MANAGED)) {
        action->flags |= CS_ACT_OPTIONAL;
    } else if (!node->online) {
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
    } else if (!options->have_quorum
               && options->no_quorum_policy == CS_NO_QUORUM_FREEZE) {
        if (!rsc_active(graph, action->rsc)
            || graph->next_role[action->rsc] > graph->role[action->rsc]) {
            set_reason(action, "quorum freeze", TRUE);
            action->flags &= ~CS_ACT_RUNNABLE;
        } else {
            action->flags |= CS_ACT_RUNNABLE;
        }
    } else {
        action->flags |= CS_ACT_RUNNABLE;
    }
}

static CsAct *act_alloc(CsGraph *graph, CsTask task, int rsc, int node,
                        guint flags)
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
static CsAct *find_first(const CsGraph *graph, int rsc, CsTask task, int node)
{
    const CsActList *list = &graph->by_rsc[rsc];

    for (guint i = 0; i < list->len; i++) {
        CsAct *action = list->items[i];

        if (action->task == task && (node < 0 || action->node == node))
            return action;
    }
    return NULL;
}

/* Pacemaker's custom_action() for a resource: an existing action with the
 * same task on the node is reused (and made required unless optional). */
static CsAct *rsc_action(CsGraph *graph, int rsc, CsTask task, int node,
                         gboolean optional)
{
    CsAct *action = cs_graph_find(graph, rsc, task, node);

    /* Pacemaker's new_action() starts every action runnable; for an
     * unmanaged resource nothing re-evaluates that (update_runnable()). */
    if (action == NULL)
        action = act_alloc(graph, task, rsc, node,
                           CS_ACT_RUNNABLE | (optional ? CS_ACT_OPTIONAL : 0));
    else if (!optional)
        action->flags &= ~CS_ACT_OPTIONAL;
    update_runnable(graph, action);
    return action;
}

static CsAct *pseudo_rsc_action(CsGraph *graph, int rsc, CsTask task,
                                gboolean runnable)
{
    return act_alloc(graph, task, rsc, -1,
                     CS_ACT_OPTIONAL | CS_ACT_PSEUDO
                     | (runnable ? CS_ACT_RUNNABLE : 0));
}

/* ---- orderings -------------------------------------------------------- */

static void order_rsc(CsGraph *graph, int first_rsc, CsTask first_task,
                      int then_rsc, CsTask then_task, guint type)
{
    CsOrdering *ordering = graph_alloc(graph, sizeof(CsOrdering));

    *ordering = (CsOrdering){ first_rsc, first_task, NULL,
                              then_rsc, then_task, NULL, type };
    g_ptr_array_add(graph->orderings, ordering);
}

static void order_action_rsc(CsGraph *graph, CsAct *first, int then_rsc,
                             CsTask then_task, guint type)
{
    CsOrdering *ordering = graph_alloc(graph, sizeof(CsOrdering));

    *ordering = (CsOrdering){ -1, CS_TASK_PSEUDO, first,
                              then_rsc, then_task, NULL, type };
    g_ptr_array_add(graph->orderings, ordering);
}

static void order_rsc_action(CsGraph *graph, int first_rsc,
                             CsTask first_task, CsAct *then, guint type)
{
    CsOrdering *ordering = graph_alloc(graph, sizeof(CsOrdering));

    *ordering = (CsOrdering){ first_rsc, first_task, NULL,
                              -1, CS_TASK_PSEUDO, then, type };
    g_ptr_array_add(graph->orderings, ordering);
}

/* Pacemaker's order_actions(): an edge, unless one with the same flags
 * already joins the two; the newest edge of an action comes first, as
 * in Pacemaker's lists. */
static gboolean order_actions(CsGraph *graph, CsAct *first, CsAct *then,
                              guint type)
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
    *edge = (CsEdge){ first, then, type };
    edge_list_add(graph, &first->after, edge);
    edge_list_add(graph, &then->before, edge);
    return TRUE;
}

/* Every "then" action of ordering after first: each of the "then"
 * resource's actions for the task, or the one action given. */
static void order_thens(CsGraph *graph, CsAct *first,
                        const CsOrdering *ordering)
{
    const CsActList *list;

    if (ordering->then != NULL) {
        order_actions(graph, first, ordering->then, ordering->type);
        return;
    }
    list = &graph->by_rsc[ordering->then_rsc];
    for (guint i = 0; i < list->len; i++)
        if (list->items[i]->task == ordering->then_task)
            order_actions(graph, first, list->items[i], ordering->type);
}

/* Pacemaker's rsc_order_first(): a "first" action that does not exist is
 * created (optional, on no node, so unrunnable) unless it would stop a
 * stopped resource; every "then" action of the task is ordered after.
 * (Ordering adds edges only: the action lists walked stay as they are.) */
static void apply_ordering(CsGraph *graph, const CsOrdering *ordering)
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
        order_thens(graph, rsc_action(graph, ordering->first_rsc,
                                      ordering->first_task, -1, TRUE),
                    ordering);
        return;
    }
    list = &graph->by_rsc[ordering->first_rsc];
    for (guint i = 0; i < list->len; i++)
        if (list->items[i]->task == ordering->first_task)
            order_thens(graph, list->items[i], ordering);
}

/* ---- flag updates (Pacemaker's update_action and friends) ------------- */

static char *reason_text(const CsGraph *graph, const CsAct *action,
                         guint flag)
{
    const char *change = flag == CS_ACT_OPTIONAL ? "required" : "unrunnable";
    const char *notify;

    /* With notify=true (Pacemaker Explained 10.2.4), what is ordered after
     * a promotable clone's promotions or demotions waits for the
     * notifications that follow them, whose task Pacemaker names
     * "notified" (corpus bug-1572-1). */
    if ((action->task == CS_TASK_PROMOTED || action->task == CS_TASK_DEMOTED)
        && (notify = g_hash_table_lookup(rsc_info(graph, action->rsc)->meta,
                                         "notify")) != NULL
        && cs_engine_is_true(notify))
        return g_strdup_printf("%s %s notified", change,
                               rsc_info(graph, action->rsc)->id);
    if (action->rsc < 0)
        return g_strdup_printf("%s %s", change, cs_task_name(action));
    return g_strdup_printf("%s %s %s", change, rsc_info(graph, action->rsc)->id,
                           cs_task_name(action));
}

/* Clears flag on action because of another action; the reason names the
 * other action when it belongs to another resource. */
static void clear_because(const CsGraph *graph, CsAct *action, guint flag,
                          const CsAct *because)
{
    if (!(action->flags & flag))
        return;
    action->flags &= ~flag;
    if (action->rsc != because->rsc) {
        g_autofree char *text = reason_text(graph, because, flag);

        set_reason(action, text, FALSE);
    }
}

static CsTask member_task(CsTask task)
{
    if (task == CS_TASK_RUNNING)
        return CS_TASK_START;
    if (task == CS_TASK_STOPPED)
        return CS_TASK_STOP;
    if (task == CS_TASK_PROMOTED)
        return CS_TASK_PROMOTE;
    if (task == CS_TASK_DEMOTED)
        return CS_TASK_DEMOTE;
    return task;
}

/* Pacemaker's group action_flags(): a group pseudo-action is required if
 * any member's is, and its running/stopped unrunnable if any member's
 * start/stop is (or a member will not start at all).  On a node (node
 * >= 0), only the members' actions there count: a cloned group asked
 * for one node (clone_action_flags()). */
static guint group_action_flags_on(CsGraph *graph, CsAct *action, int node)
{
    const CsResource *group = rsc_info(graph, action->rsc);
    guint flags = CS_ACT_OPTIONAL | CS_ACT_RUNNABLE | CS_ACT_PSEUDO;
    CsTask task = member_task(action->task);

    for (guint i = 0; i < group->children->len; i++) {
        int member = g_array_index(group->children, int, i);
        CsAct *member_action = find_first(graph, member, task, node);

        if (member_action != NULL) {
            if ((flags & CS_ACT_OPTIONAL)
                && !(member_action->flags & CS_ACT_OPTIONAL)) {
                flags &= ~CS_ACT_OPTIONAL;
                action->flags &= ~CS_ACT_OPTIONAL;
            }
            if (task != action->task && (flags & CS_ACT_RUNNABLE)
                && !(member_action->flags & CS_ACT_RUNNABLE)) {
                flags &= ~CS_ACT_RUNNABLE;
                action->flags &= ~CS_ACT_RUNNABLE;
            }
        } else if (task != CS_TASK_STOP) {
            flags &= ~CS_ACT_RUNNABLE;
        }
    }
    return flags;
}

static guint group_action_flags(CsGraph *graph, CsAct *action)
{
    return group_action_flags_on(graph, action, -1);
}

/* Pacemaker's clone action flags (summary_action_flags()): required if
 * any instance's action is, runnable if any instance's is (stops need
 * none). */
static guint clone_action_flags(CsGraph *graph, CsAct *action, int node)
{
    const CsResource *clone = rsc_info(graph, action->rsc);
    guint flags = CS_ACT_OPTIONAL | CS_ACT_RUNNABLE | CS_ACT_PSEUDO;
    CsTask task = member_task(action->task);
    gboolean any_runnable = FALSE;
    gboolean check = task != CS_TASK_STOP;

    for (guint i = 0; i < clone->children->len; i++) {
        int instance = g_array_index(clone->children, int, i);
        /* A group instance answers with its own running/stopped (a
         * pseudo-action, on no node), from its members' actions on the
         * node: Pacemaker looks an instance with children up without the
         * node and passes the node on to it. */
        CsAct *child = is_group(graph, instance)
                       ? find_first(graph, instance, action->task, -1)
                       : find_first(graph, instance, task, node);
        guint child_flags;

        if (child == NULL)
            continue;
        child_flags = is_group(graph, instance)
                      ? group_action_flags_on(graph, child, node)
                      : child->flags;
        if ((flags & CS_ACT_OPTIONAL) && !(child_flags & CS_ACT_OPTIONAL)) {
            flags &= ~CS_ACT_OPTIONAL;
            action->flags &= ~CS_ACT_OPTIONAL;
        }
        if (child_flags & CS_ACT_RUNNABLE)
            any_runnable = TRUE;
    }
    if (check && !any_runnable) {
        flags &= ~CS_ACT_RUNNABLE;
        if (node < 0)
            action->flags &= ~CS_ACT_RUNNABLE;
    }
    return flags;
}

/* Pacemaker's action_flags_for_ordering(): a clone's action, as the
 * first of an ordering whose "then" is on a node, counts as optional when
 * no instance acts on that node (a new instance elsewhere restarts
 * nothing here), but runnable when any instance can act. */
static guint flags_for_ordering(CsGraph *graph, CsAct *action, int node)
{
    guint flags;

    if (is_group(graph, action->rsc))
        return group_action_flags(graph, action);
    if (!is_clone(graph, action->rsc))
        return action->flags;
    flags = clone_action_flags(graph, action, -1);
    if (node < 0)
        return flags;
    if (flags & CS_ACT_RUNNABLE)
        return clone_action_flags(graph, action, node) | CS_ACT_RUNNABLE;
    return clone_action_flags(graph, action, node);
}

static void update_action(CsGraph *graph, CsAct *then);

/* Pacemaker's handle_restart_ordering(): stop before start of the same
 * resource, and later group members' stops before earlier ones'. */
static void restart_ordering(CsGraph *graph, CsAct *first, CsAct *then,
                             guint filter)
{
    gboolean apply = FALSE;

    if ((filter & CS_ACT_OPTIONAL) && !(then->flags & CS_ACT_OPTIONAL))
        apply = TRUE;
    if ((filter & CS_ACT_RUNNABLE) && !(then->flags & CS_ACT_RUNNABLE)
        && (graph->rsc_flags[then->rsc] & CS_RSCF_MANAGED)
        && first->rsc == then->rsc)
        apply = TRUE;
    if (!apply)
        return;
    if (first->flags & CS_ACT_RUNNABLE)
        clear_because(graph, first, CS_ACT_OPTIONAL, then);
    if (!(then->flags & CS_ACT_OPTIONAL))
        clear_because(graph, first, CS_ACT_OPTIONAL, then);
    if (!(then->flags & CS_ACT_MIGRATABLE))
        clear_because(graph, first, CS_ACT_MIGRATABLE, then);
    if (!(first->flags & CS_ACT_OPTIONAL) && !(first->flags & CS_ACT_RUNNABLE))
        clear_because(graph, then, CS_ACT_RUNNABLE, first);
}

static gboolean rsc_running_only_on(const CsGraph *graph, int rsc, int node)
{
    const CsNodeList *nodes = &graph->running_on[rsc];

    return nodes->len == 1 && nodes->items[0] == node;
}

/* Pacemaker's handle_asymmetric_ordering(). */
static void asymmetric_ordering(CsGraph *graph, const CsAct *first,
                                CsAct *then)
{
    if (then->rsc < 0 || (first->flags & CS_ACT_RUNNABLE))
        return;
    if (then->flags & CS_ACT_OPTIONAL) {
        CsRole role = graph->role[then->rsc];

        if (role == CS_ROLE_STOPPED && then->task == CS_TASK_STOP)
            return;
        if (role >= CS_ROLE_STARTED && then->task == CS_TASK_START
            && rsc_running_only_on(graph, then->rsc, then->node))
            return;
    }
    clear_because(graph, then, CS_ACT_OPTIONAL, first);
    clear_because(graph, then, CS_ACT_RUNNABLE, first);
}

/* Pacemaker's pcmk__update_ordered_actions() for a primitive's action. */
static guint update_primitive(CsGraph *graph, CsAct *first, CsAct *then,
                              guint flags, guint filter, guint type)
{
    guint changed = 0;
    guint then_flags = then->flags, first_flags = first->flags;

    if (type & ORD_ASYMMETRICAL)
        asymmetric_ordering(graph, first, then);
    if ((type & ORD_IMPLIES_FIRST) && !(then_flags & CS_ACT_OPTIONAL)) {
        if ((filter & CS_ACT_OPTIONAL) && !(flags & CS_ACT_OPTIONAL)
            && (first_flags & CS_ACT_OPTIONAL))
            clear_because(graph, first, CS_ACT_OPTIONAL, then);
        if ((flags & CS_ACT_MIGRATABLE) && !(then->flags & CS_ACT_MIGRATABLE))
            clear_because(graph, first, CS_ACT_MIGRATABLE, then);
    }
    /* Demote before stop: a promoted instance that must stop must be
     * demoted first. */
    if ((type & ORD_PROMOTED_IMPLIES_FIRST) && (filter & CS_ACT_OPTIONAL)
        && !(then->flags & CS_ACT_OPTIONAL) && then->rsc >= 0
        && graph->role[then->rsc] == CS_ROLE_PROMOTED) {
        clear_because(graph, first, CS_ACT_OPTIONAL, then);
        if ((first->flags & CS_ACT_MIGRATABLE)
            && !(then->flags & CS_ACT_MIGRATABLE))
            clear_because(graph, first, CS_ACT_MIGRATABLE, then);
    }
    if ((type & ORD_IMPLIES_FIRST_MIGRATABLE) && (filter & CS_ACT_OPTIONAL)) {
        if ((then->flags & (CS_ACT_MIGRATABLE | CS_ACT_RUNNABLE))
            != (CS_ACT_MIGRATABLE | CS_ACT_RUNNABLE))
            clear_because(graph, first, CS_ACT_RUNNABLE, then);
        if (!(then->flags & CS_ACT_OPTIONAL))
            clear_because(graph, first, CS_ACT_OPTIONAL, then);
    }
    if ((type & ORD_PSEUDO_LEFT) && (filter & CS_ACT_OPTIONAL)
        && !(first->flags & CS_ACT_RUNNABLE)) {
        clear_because(graph, then, CS_ACT_MIGRATABLE, first);
        then->flags &= ~CS_ACT_PSEUDO;
    }
    if ((type & ORD_RUNNABLE_LEFT) && (filter & CS_ACT_RUNNABLE)
        && (then->flags & CS_ACT_RUNNABLE) && !(flags & CS_ACT_RUNNABLE)) {
        clear_because(graph, then, CS_ACT_RUNNABLE, first);
        clear_because(graph, then, CS_ACT_MIGRATABLE, first);
    }
    if ((type & ORD_IMPLIES_THEN) && (filter & CS_ACT_OPTIONAL)
        && (then->flags & CS_ACT_OPTIONAL) && !(flags & CS_ACT_OPTIONAL)
        && !(first->flags & CS_ACT_MIGRATABLE))
        clear_because(graph, then, CS_ACT_OPTIONAL, first);
    if ((type & ORD_RESTART) && first->rsc >= 0 && then->rsc >= 0
        && !is_collective(graph, first->rsc)
        && !is_collective(graph, then->rsc))
        restart_ordering(graph, first, then, filter);
    if (then_flags != then->flags) {
        changed |= UPDATED_THEN;
        if (then->rsc >= 0 && rsc_info(graph, then->rsc)->parent >= 0)
            update_action(graph, then);
    }
    if (first_flags != first->flags)
        changed |= UPDATED_FIRST;
    return changed;
}

/* ---- interleaved clones (Pacemaker Explained 10.2.3 interleave) ------- */

static guint update_rsc(CsGraph *graph, CsAct *first, CsAct *then,
                        guint flags, guint filter, guint type);

/* Pacemaker's can_interleave_actions(): between two different clones,
 * per the "then" clone's interleave (the "first" clone's when "then" is
 * a stop). */
static gboolean interleaves(const CsGraph *graph, const CsAct *first,
                            const CsAct *then)
{
    const char *value;
    int rsc;

    if (first->rsc < 0 || then->rsc < 0 || first->rsc == then->rsc
        || !is_clone(graph, first->rsc) || !is_clone(graph, then->rsc))
        return FALSE;
    rsc = then->task == CS_TASK_STOP || then->task == CS_TASK_DEMOTE
          ? first->rsc : then->rsc;
    value = g_hash_table_lookup(rsc_info(graph, rsc)->meta, "interleave");
    return value != NULL && cs_engine_is_true(value);
}

static gboolean blocked_recursive(const CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);

    if (graph->rsc_flags[rsc] & CS_RSCF_BLOCK)
        return TRUE;
    for (guint i = 0; i < info->children->len; i++)
        if (blocked_recursive(graph, g_array_index(info->children, int, i)))
            return TRUE;
    return FALSE;
}

/* Collects the distinct nodes rsc (or its members) is active on, or is
 * assigned to when !current. */
static void collect_nodes(const CsGraph *graph, int rsc, gboolean current,
                          GArray *nodes)
{
    const CsResource *info = rsc_info(graph, rsc);
    const CsNodeList *own = &graph->running_on[rsc];

    if (info->kind != CS_RSC_PRIMITIVE) {
        for (guint i = 0; i < info->children->len; i++)
            collect_nodes(graph, g_array_index(info->children, int, i),
                          current, nodes);
        return;
    }
    for (guint i = 0; current && i < own->len; i++) {
        int node = own->items[i];
        gboolean seen = FALSE;

        for (guint j = 0; j < nodes->len; j++)
            seen = seen || g_array_index(nodes, int, j) == node;
        if (!seen)
            g_array_append_val(nodes, node);
    }
    if (!current && graph->assigned[rsc] >= 0) {
        gboolean seen = FALSE;

        for (guint j = 0; j < nodes->len; j++)
            seen = seen || g_array_index(nodes, int, j) == graph->assigned[rsc];
        if (!seen)
            g_array_append_val(nodes, graph->assigned[rsc]);
    }
}

/* Pacemaker's location method: the one node an instance is active on
 * (current) or assigned to, -1 when none or several. */
static int instance_location(const CsGraph *graph, int rsc, gboolean current)
{
    g_autoptr(GArray) nodes = g_array_new(FALSE, FALSE, sizeof(int));

    collect_nodes(graph, rsc, current, nodes);
    return nodes->len == 1 ? g_array_index(nodes, int, 0) : -1;
}

static int instance_on_node(const CsGraph *graph, int clone, int node,
                            gboolean current)
{
    const CsResource *info = rsc_info(graph, clone);

    for (guint i = 0; i < info->children->len; i++) {
        int instance = g_array_index(info->children, int, i);

        if (!blocked_recursive(graph, instance)
            && instance_location(graph, instance, current) == node)
            return instance;
    }
    return -1;
}

/* Pacemaker's find_compatible_child(): the instance of clone on the
 * node of instance, or (instance placed nowhere) on the best of its
 * allowed nodes that has one. */
static int compatible_instance(const CsGraph *graph, int instance, int clone,
                               gboolean current)
{
    int node = instance_location(graph, instance, current);
    const CsTable *table = graph->solution->work[instance].table;
    g_autoptr(GArray) nodes = NULL;

    if (node >= 0)
        return instance_on_node(graph, clone, node, current);
    if (table == NULL)
        return -1;
    nodes = cs_clone_sorted_nodes(graph->solution, table);
    for (guint i = 0; i < nodes->len; i++) {
        int found = instance_on_node(graph, clone,
                                     g_array_index(nodes, int, i), current);

        if (found >= 0)
            return found;
    }
    return -1;
}

/* Pacemaker's pcmk__assign_resource(rsc, NULL): the instance goes
 * nowhere after all; its start cannot run and its stop is required. */
static void unassign_instance(CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);
    const CsActList *list = &graph->by_rsc[rsc];

    for (guint i = 0; i < info->children->len; i++)
        unassign_instance(graph, g_array_index(info->children, int, i));
    if (info->kind != CS_RSC_PRIMITIVE)
        return;
    graph->assigned[rsc] = -1;
    graph->next_role[rsc] = CS_ROLE_STOPPED;
    for (guint i = 0; i < list->len; i++) {
        CsAct *action = list->items[i];

        if (action->task == CS_TASK_STOP)
            action->flags &= ~CS_ACT_OPTIONAL;
        else if (action->task == CS_TASK_START)
            action->flags &= ~CS_ACT_RUNNABLE;
    }
}

/* Pacemaker's interleaved update: each instance of the "then" clone is
 * ordered after the instance of the "first" clone on its own node (its
 * current node for stops); without one, a mandatory ordering keeps it
 * from running at all. */
static guint update_interleaved(CsGraph *graph, CsAct *first, CsAct *then,
                                guint filter, guint type)
{
    const CsResource *info = rsc_info(graph, then->rsc);
    gboolean current = first->task == CS_TASK_STOPPED
                       || first->task == CS_TASK_DEMOTED;
    guint changed = 0;

    for (guint i = 0; i < info->children->len; i++) {
        int then_instance = g_array_index(info->children, int, i);
        int first_instance = compatible_instance(graph, then_instance,
                                                 first->rsc, current);
        CsTask first_task = first->task;
        CsAct *first_action, *then_action;
        guint first_flags;

        if (first_instance < 0) {
            if (!current && (type & (ORD_RUNNABLE_LEFT | ORD_IMPLIES_THEN))
                && instance_location(graph, then_instance, FALSE) >= 0) {
                unassign_instance(graph, then_instance);
                changed |= UPDATED_THEN;
            }
            continue;
        }
        if (!is_collective(graph, first_instance))
            first_task = member_task(first_task);
        first_action = find_first(graph, first_instance, first_task, -1);
        then_action = find_first(graph, then_instance, then->task, -1);
        if (first_action == NULL || then_action == NULL)
            continue;
        if (order_actions(graph, first_action, then_action, type))
            changed |= UPDATED_FIRST | UPDATED_THEN;
        first_flags = is_group(graph, first_instance)
                      ? group_action_flags(graph, first_action)
                      : first_action->flags;
        changed |= update_rsc(graph, first_action, then_action, first_flags,
                              filter, type);
    }
    return changed;
}

/* A group's update method: the group's own action, then each member's
 * action of the same task. */
static guint update_rsc(CsGraph *graph, CsAct *first, CsAct *then,
                        guint flags, guint filter, guint type)
{
    guint changed;

    if (interleaves(graph, first, then))
        return update_interleaved(graph, first, then, filter, type);
    changed = update_primitive(graph, first, then, flags, filter, type);

    if (is_group(graph, then->rsc)) {
        const CsResource *group = rsc_info(graph, then->rsc);

        for (guint i = 0; i < group->children->len; i++) {
            int member = g_array_index(group->children, int, i);
            CsAct *member_action = find_first(graph, member, then->task,
                                              then->node);

            if (member_action != NULL)
                changed |= update_primitive(graph, first, member_action,
                                            flags, filter, type);
        }
    }
    if (is_clone(graph, then->rsc)) {
        const CsResource *clone = rsc_info(graph, then->rsc);

        /* Only instances whose action can run follow the clone's. */
        for (guint i = 0; i < clone->children->len; i++) {
            int instance = g_array_index(clone->children, int, i);
            CsAct *child = find_first(graph, instance, then->task, -1);

            if (child != NULL && (flags_for_ordering(graph, child, -1)
                                  & CS_ACT_RUNNABLE))
                changed |= update_rsc(graph, first, child, flags, filter,
                                      type);
        }
    }
    return changed;
}

/* Pacemaker's update_action_for_ordering_flags(). */
static guint update_for_edge(CsGraph *graph, CsAct *first, CsAct *then,
                             guint first_flags, guint type)
{
    guint changed = 0;

    if (type & ORD_IMPLIES_THEN) {
        if (then->rsc >= 0) {
            changed |= update_rsc(graph, first, then,
                                  first_flags & CS_ACT_OPTIONAL,
                                  CS_ACT_OPTIONAL, ORD_IMPLIES_THEN);
        } else if (!(first_flags & CS_ACT_OPTIONAL)
                   && (then->flags & CS_ACT_OPTIONAL)) {
            then->flags &= ~CS_ACT_OPTIONAL;
            changed |= UPDATED_THEN;
        }
    }
    if ((type & ORD_RESTART) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then, first_flags,
                              CS_ACT_OPTIONAL | CS_ACT_RUNNABLE, ORD_RESTART);
    if (type & ORD_IMPLIES_FIRST) {
        /* Pacemaker updates through the "first" resource's method here: a
         * primitive's reaches no instance or member of "then". */
        if (first->rsc >= 0 && !is_collective(graph, first->rsc)) {
            changed |= update_primitive(graph, first, then, first_flags,
                                        CS_ACT_OPTIONAL, ORD_IMPLIES_FIRST);
        } else if (first->rsc >= 0) {
            changed |= update_rsc(graph, first, then, first_flags,
                                  CS_ACT_OPTIONAL, ORD_IMPLIES_FIRST);
        } else if (!(first_flags & CS_ACT_OPTIONAL)
                   && (first->flags & CS_ACT_RUNNABLE)) {
            first->flags &= ~CS_ACT_RUNNABLE;
            changed |= UPDATED_FIRST;
        }
    }
    if ((type & ORD_PROMOTED_IMPLIES_FIRST) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then,
                              first_flags & CS_ACT_OPTIONAL, CS_ACT_OPTIONAL,
                              ORD_PROMOTED_IMPLIES_FIRST);
    if (type & ORD_ONE_OR_MORE) {
        if (then->rsc >= 0) {
            changed |= update_rsc(graph, first, then, first_flags,
                                  CS_ACT_RUNNABLE, ORD_ONE_OR_MORE);
        } else if (first_flags & CS_ACT_RUNNABLE) {
            then->runnable_before++;
            if (then->runnable_before >= then->required_before
                && !(then->flags & CS_ACT_RUNNABLE)) {
                then->flags |= CS_ACT_RUNNABLE;
                changed |= UPDATED_THEN;
            }
        }
    }
    if (type & ORD_RUNNABLE_LEFT) {
        if (then->rsc >= 0) {
            changed |= update_rsc(graph, first, then, first_flags,
                                  CS_ACT_RUNNABLE, ORD_RUNNABLE_LEFT);
        } else if (!(first_flags & CS_ACT_RUNNABLE)
                   && (then->flags & CS_ACT_RUNNABLE)) {
            then->flags &= ~CS_ACT_RUNNABLE;
            changed |= UPDATED_THEN;
        }
    }
    if ((type & ORD_IMPLIES_FIRST_MIGRATABLE) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then, first_flags,
                              CS_ACT_OPTIONAL, ORD_IMPLIES_FIRST_MIGRATABLE);
    if ((type & ORD_PSEUDO_LEFT) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then, first_flags,
                              CS_ACT_OPTIONAL, ORD_PSEUDO_LEFT);
    if ((type & ORD_OPTIONAL) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then, first_flags,
                              CS_ACT_RUNNABLE, ORD_OPTIONAL);
    if ((type & ORD_ASYMMETRICAL) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then, first_flags,
                              CS_ACT_RUNNABLE, ORD_ASYMMETRICAL);
    /* A blocked, unmanaged resource that cannot stop keeps what depends
     * on it from running. */
    if ((type & (ORD_IMPLIES_THEN | ORD_IMPLIES_FIRST | ORD_RESTART))
        && first->rsc >= 0
        && !(graph->rsc_flags[first->rsc] & CS_RSCF_MANAGED)
        && (graph->rsc_flags[first->rsc] & CS_RSCF_BLOCK)
        && !(first->flags & CS_ACT_RUNNABLE) && first->task == CS_TASK_STOP
        && (then->flags & CS_ACT_RUNNABLE)) {
        then->flags &= ~CS_ACT_RUNNABLE;
        changed |= UPDATED_THEN;
    }
    return changed;
}

static gboolean is_ancestor(const CsGraph *graph, int rsc, int ancestor)
{
    for (int up = rsc_info(graph, rsc)->parent; up >= 0;
         up = rsc_info(graph, up)->parent)
        if (up == ancestor)
            return TRUE;
    return FALSE;
}

/* Orderings after a group's start or stop wait for the whole group: they
 * use its running/stopped pseudo-action (Pacemaker's
 * action_for_ordering()). */
static CsAct *action_for_ordering(CsGraph *graph, CsAct *action)
{
    CsTask mapped;
    CsAct *found;

    if (!is_collective(graph, action->rsc))
        return action;
    if (action->task == CS_TASK_START)
        mapped = CS_TASK_RUNNING;
    else if (action->task == CS_TASK_STOP)
        mapped = CS_TASK_STOPPED;
    else if (action->task == CS_TASK_PROMOTE)
        mapped = CS_TASK_PROMOTED;
    else if (action->task == CS_TASK_DEMOTE)
        mapped = CS_TASK_DEMOTED;
    else
        return action;
    found = find_first(graph, action->rsc, mapped, -1);
    return found != NULL ? found : action;
}

static void block_colocation_dependents(CsGraph *graph, CsAct *action);

/* The node an ordering's "then" acts on: a group's start is node-less,
 * Pacemaker uses the node the group is assigned to. */
static int ordering_node(const CsGraph *graph, const CsAct *then)
{
    if (then->node < 0 && then->rsc >= 0 && then->task == CS_TASK_START
        && is_group(graph, then->rsc))
        return graph->assigned[then->rsc];
    return then->node;
}

static void update_action(CsGraph *graph, CsAct *then)
{
    guint changed = 0;
    guint last_flags = then->flags;

    if (then->flags & CS_ACT_REQUIRES_ANY) {
        then->runnable_before = 0;
        if (then->required_before == 0)
            then->required_before = 1;
        then->flags &= ~CS_ACT_RUNNABLE;
    }
    for (guint i = 0; i < then->before.len; i++) {
        CsEdge *edge = edge_at(&then->before, i);
        CsAct *first = edge->first;

        if (edge->type == 0)
            continue;
        changed &= ~UPDATED_FIRST;
        if (first->rsc >= 0 && (edge->type & ORD_THEN_CANCELS_FIRST)
            && !(then->flags & CS_ACT_OPTIONAL)) {
            first->flags |= CS_ACT_OPTIONAL;
            if (first->task == CS_TASK_RELOAD)
                graph->rsc_flags[first->rsc] &= ~CS_RSCF_RELOAD;
        }
        if (first->rsc >= 0 && then->rsc >= 0 && first->rsc != then->rsc
            && !is_ancestor(graph, then->rsc, first->rsc))
            first = action_for_ordering(graph, first);
        if (first == edge->first) {
            guint first_flags = flags_for_ordering(graph, first,
                                                   ordering_node(graph, then));

            if (is_group(graph, then->rsc))
                group_action_flags(graph, then);
            else if (is_clone(graph, then->rsc))
                clone_action_flags(graph, then, -1);
            changed |= update_for_edge(graph, first, then, first_flags,
                                       edge->type);
        } else if (order_actions(graph, first, then, edge->type)) {
            changed |= UPDATED_THEN;
            edge->type = 0;
        }
        if (changed & UPDATED_FIRST) {
            for (guint j = 0; j < first->after.len; j++) {
                CsEdge *next = edge_at(&first->after, j);

                update_action(graph, next->then);
            }
            update_action(graph, first);
        }
    }
    if (then->flags & CS_ACT_REQUIRES_ANY) {
        if (last_flags == then->flags)
            changed &= ~UPDATED_THEN;
        else
            changed |= UPDATED_THEN;
    }
    if (changed & UPDATED_THEN) {
        if ((last_flags & CS_ACT_RUNNABLE) && !(then->flags & CS_ACT_RUNNABLE))
            block_colocation_dependents(graph, then);
        update_action(graph, then);
        for (guint j = 0; j < then->after.len; j++) {
            CsEdge *next = edge_at(&then->after, j);

            update_action(graph, next->then);
        }
    }
}

static int top_level(const CsGraph *graph, int rsc)
{
    while (rsc_info(graph, rsc)->parent >= 0)
        rsc = rsc_info(graph, rsc)->parent;
    return rsc;
}

/* Pacemaker's mark_action_blocked(): rsc's actions for task cannot run
 * (for a promotion, neither can its instances'). */
static void block_dependent_actions(CsGraph *graph, int rsc, CsTask task,
                                    int because)
{
    g_autofree char *text = g_strdup_printf("colocation with %s",
                                            rsc_info(graph, because)->id);
    const CsResource *info = rsc_info(graph, rsc);
    const CsActList *list = &graph->by_rsc[rsc];

    for (guint i = 0; i < list->len; i++) {
        CsAct *action = list->items[i];

        if (action->task != task || !(action->flags & CS_ACT_RUNNABLE))
            continue;
        action->flags &= ~CS_ACT_RUNNABLE;
        set_reason(action, text, FALSE);
        block_colocation_dependents(graph, action);
        update_action(graph, action);
    }
    if (task != CS_TASK_PROMOTE)
        return;
    for (guint i = 0; i < info->children->len; i++)
        block_dependent_actions(graph, g_array_index(info->children, int, i),
                                task, because);
}

/* Pacemaker's pcmk__block_colocation_dependents(): when a resource cannot
 * start, whatever must be colocated with it (INFINITY) cannot either
 * (Pacemaker Explained 6.5 "Placing Resources Relative to other
 * Resources"). */
static void block_colocation_dependents(CsGraph *graph, CsAct *action)
{
    const CsResource *info;
    int rsc;

    if (action->rsc < 0
        || (action->task != CS_TASK_START && action->task != CS_TASK_PROMOTE)
        || (action->flags & CS_ACT_RUNNABLE))
        return;
    rsc = top_level(graph, action->rsc);
    info = rsc_info(graph, rsc);
    /* Pacemaker 2.1.5's group assignment hands the group's colocations to
     * its members (the group's dependents to its last member), so a
     * top-level group is left with none to block: its dependents keep
     * their starts even when no member can start. */
    if (info->kind == CS_RSC_GROUP)
        return;
    if (info->kind == CS_RSC_CLONE) {
        for (guint i = 0; i < info->children->len; i++) {
            CsAct *same = find_first(graph,
                                     g_array_index(info->children, int, i),
                                     action->task, -1);

            if (same == NULL || (same->flags & CS_ACT_RUNNABLE))
                return;
        }
    }
    /* A primary that cannot start keeps its dependents from their role;
     * one that cannot be promoted, only those colocated with its
     * promoted role.  A dependent limited to the promoted role loses its
     * promotion, any other its start. */
    for (guint i = 0; i < graph->solution->colocs->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(graph->solution->colocs, i);

        if (coloc->primary != rsc || coloc->score < CS_INFINITY
            || coloc->dependent == rsc)
            continue;
        if (action->task == CS_TASK_PROMOTE
            && coloc->primary_role != CS_ROLE_PROMOTED)
            continue;
        block_dependent_actions(graph, coloc->dependent,
                                coloc->dependent_role == CS_ROLE_PROMOTED
                                ? CS_TASK_PROMOTE : CS_TASK_START,
                                action->rsc);
    }
}

/* ---- resource state --------------------------------------------------- */

static gboolean node_listed(const CsNodeList *nodes, int node)
{
    for (guint i = 0; i < nodes->len; i++)
        if (nodes->items[i] == node)
            return TRUE;
    return FALSE;
}

/* Whether a failed migration of rsc left it active on node after its
 * source stopped (assign.c cs_stopped_migration_target()). */
static gboolean stopped_migration_target_on(const CsModel *model, int rsc,
                                            int node)
{
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && cs_stopped_migration_target(state) == node)
            return TRUE;
    }
    return FALSE;
}

static void init_rsc_state(CsGraph *graph)
{
    const CsSolution *solution = graph->solution;
    const CsModel *model = graph->model;

    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        const CsRscWork *work = &solution->work[rsc];

        graph->assigned[rsc] = work->assigned;
        graph->role[rsc] = work->role == CS_ROLE_UNKNOWN ? CS_ROLE_STOPPED
                                                          : work->role;
        graph->next_role[rsc] = work->next_role;
        if (graph->next_role[rsc] == CS_ROLE_UNKNOWN)
            graph->next_role[rsc] = work->assigned >= 0 ? CS_ROLE_STARTED
                                                        : CS_ROLE_STOPPED;
        if (work->assigned < 0)
            graph->next_role[rsc] = CS_ROLE_STOPPED;
        if (work->managed && !solution->stonith_unmanage)
            graph->rsc_flags[rsc] |= CS_RSCF_MANAGED;
    }
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc < 0)
            continue;
        if (state->blocked)
            graph->rsc_flags[state->rsc] |= CS_RSCF_BLOCK;
        if (state->failed && !state->failure_ignored) {
            graph->rsc_flags[state->rsc] |= CS_RSCF_FAILED;
            if (state->on_fail_applied == NULL
                || strcmp(state->on_fail_applied, "demote") != 0)
                graph->rsc_flags[state->rsc] |= CS_RSCF_STOP;
        }
        /* A failed migrate_to leaves the resource active on its target
         * as well, listed first (Pacemaker's unpack_migrate_to_failure()
         * adds it while reading the source's history). */
        if (state->role >= CS_ROLE_STARTED && state->migrating
            && state->migration_source < 0 && state->migration_target >= 0
            && state->migration_target != state->node)
            node_list_add(graph, &graph->running_on[state->rsc],
                          state->migration_target);
        /* A stopped source's failed migration: the target, once. */
        if (cs_stopped_migration_target(state) >= 0
            && !node_listed(&graph->running_on[state->rsc],
                            state->migration_target))
            node_list_add(graph, &graph->running_on[state->rsc],
                          state->migration_target);
        /* The short list first: the scan of every state is quadratic. */
        if (state->role >= CS_ROLE_STARTED
            && !(node_listed(&graph->running_on[state->rsc], state->node)
                 && stopped_migration_target_on(model, state->rsc, state->node)))
            node_list_add(graph, &graph->running_on[state->rsc], state->node);
        if (state->pending_task != NULL
            && strcmp(state->pending_task, "start") == 0)
            graph->rsc_flags[state->rsc] |= CS_RSCF_START_PENDING;
    }
}

/* Pacemaker Explained 5.5.3 (on-fail=demote): a failed promote or
 * promoted-role monitor is recovered by demoting the instance where it
 * failed, without stopping it.  Status unpacking schedules that demote,
 * required, before anything else is decided (Pacemaker's
 * process_rsc_state()); the instance may be promoted again afterwards. */
static void schedule_failure_demotions(CsGraph *graph)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc < 0 || !state->failed || state->failure_ignored
            || state->on_fail_applied == NULL
            || strcmp(state->on_fail_applied, "demote") != 0)
            continue;
        rsc_action(graph, state->rsc, CS_TASK_DEMOTE, state->node, FALSE);
    }
}

/* ---- fencing ---------------------------------------------------------- */

/* Pacemaker's pe_can_fence() for a cluster node: fencing enabled, a
 * device configured, and quorum (or no-quorum-policy=ignore). */
/* Pacemaker's pe_can_fence(): without quorum (and no-quorum-policy other
 * than ignore) a node can still be fenced while it is in our membership
 * (online), e.g. for a failed stop there (corpus stop-failure-*). */
static gboolean can_fence(const CsGraph *graph, const CsNode *node)
{
    const CsOptions *options = &graph->model->options;

    if (!options->stonith_enabled || graph->solution->stonith_unmanage)
        return FALSE;
    return options->have_quorum
           || options->no_quorum_policy == CS_NO_QUORUM_IGNORE
           || node->online;
}

static gboolean attr_true(const char *value)
{
    return value != NULL && cs_engine_is_true(value);
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
    else if (!attr_true(in_ccm))
        reason = "peer is no longer part of the cluster";
    else if (crmd == NULL || strcmp(crmd, "online") != 0)
        reason = "peer process is no longer available";
    else if (g_hash_table_lookup(node->attrs, "terminate") != NULL)
        reason = "termination was requested";
    return reason;
}

/* A node that left the cluster as expected (node_state expected="down",
 * no terminate request) is cleanly offline as far as its node_state goes;
 * if it is unclean all the same, a resource recorded active there made it
 * so, and Pacemaker 2.1.5's process_rsc_state() names the first one. */
static char *history_fence_reason(const CsGraph *graph, const CsNode *node)
{
    const CsModel *model = graph->model;
    xmlNode *state = node->state_xml;
    g_autofree char *in_ccm = NULL, *join = NULL, *expected = NULL;

    if (state == NULL || node->unseen || node->online
        || g_hash_table_lookup(node->attrs, "terminate") != NULL)
        return NULL;
    in_ccm = (char *)xmlGetProp(state, (const xmlChar *)"in_ccm");
    join = (char *)xmlGetProp(state, (const xmlChar *)"join");
    expected = (char *)xmlGetProp(state, (const xmlChar *)"expected");
    if (in_ccm == NULL || (join != NULL && strcmp(join, "banned") == 0)
        || (expected != NULL && g_ascii_strcasecmp(expected, "down") != 0))
        return NULL;
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *rsc_state = g_ptr_array_index(model->rsc_states, i);

        if (rsc_state->node == node->index
            && rsc_state->role > CS_ROLE_STOPPED
            && (rsc_state->rsc < 0
                || (graph->rsc_flags[rsc_state->rsc] & CS_RSCF_MANAGED)))
            return g_strdup_printf("%s is thought to be active there",
                                   rsc_state->rsc >= 0
                                   ? rsc_info(graph, rsc_state->rsc)->id
                                   : rsc_state->rsc_id);
    }
    return NULL;
}

/* A failure whose on-fail policy is fence names the resource instead
 * (Pacemaker Explained 5.5 on-fail=fence). */
static char *failure_fence_reason(const CsGraph *graph, int node)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->node == node && state->rsc >= 0 && state->failed
            && state->on_fail_applied != NULL
            && strcmp(state->on_fail_applied, "fence") == 0)
            return g_strdup_printf("%s failed there",
                                   rsc_info(graph, state->rsc)->id);
    }
    return NULL;
}

static void schedule_fencing(CsGraph *graph)
{
    const CsModel *model = graph->model;
    const char *how = model->options.stonith_action;

    if (how == NULL || strcmp(how, "poweroff") == 0)
        how = how == NULL ? "reboot" : "off";
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        CsAct *fence;

        if (!node->unclean || node->type != CS_NODE_MEMBER
            || !can_fence(graph, node))
            continue;
        graph->fenced[i] = TRUE;
        fence = act_alloc(graph, CS_TASK_FENCE, -1, (int)i, CS_ACT_RUNNABLE);
        fence->name = g_strdup(how);
        if (node->online && !node->unseen)
            fence->reason = failure_fence_reason(graph, (int)i);
        /* A lost ticket with loss-policy=fence (ticket.c) names itself. */
        set_reason(fence, cs_ticket_fence_reason(graph->solution, (int)i),
                   FALSE);
        if (fence->reason == NULL)
            fence->reason = history_fence_reason(graph, node);
        set_reason(fence, fence_reason(node), FALSE);
    }
}

/* ---- a primitive's actions (Pacemaker's pcmk__primitive_create_actions) */

static gboolean multiple_active_is(const CsResource *info, const char *value)
{
    return info->multiple_active != NULL
           && strcmp(info->multiple_active, value) == 0;
}

/* Pacemaker's stop_resource(): a stop on every node the resource is
 * active on (stops on nodes being fenced are implied by the fencing). */
static void stop_resource(CsGraph *graph, int rsc, gboolean optional)
{
    const CsNodeList *nodes = &graph->running_on[rsc];
    guint flags = graph->rsc_flags[rsc];

    for (guint i = 0; i < nodes->len; i++) {
        int node = nodes->items[i];
        CsAct *stop;

        if ((flags & CS_RSCF_STOP_UNEXPECTED) && node == graph->assigned[rsc])
            continue;
        stop = rsc_action(graph, rsc, CS_TASK_STOP, node, optional);
        if (graph->fenced[node])
            stop->flags |= CS_ACT_PSEUDO | CS_ACT_RUNNABLE;
        if (graph->assigned[rsc] < 0)
            set_reason(stop, "node availability", TRUE);
        else if ((flags & CS_RSCF_RESTARTING)
                 && (flags & CS_RSCF_STOP_UNEXPECTED))
            set_reason(stop, "being multiply active", TRUE);
        if (!(flags & CS_RSCF_MANAGED))
            stop->flags &= ~CS_ACT_RUNNABLE;
    }
}

/* Pacemaker's start_resource(): a start that was unrunnable from the
 * outset stays optional. */
static void start_resource(CsGraph *graph, int rsc, int node,
                           gboolean optional)
{
    CsAct *start = rsc_action(graph, rsc, CS_TASK_START, node, TRUE);

    if ((start->flags & CS_ACT_RUNNABLE) && !optional)
        start->flags &= ~CS_ACT_OPTIONAL;
}

/* Pacemaker's demote_resource(): a demote wherever the instance is
 * active (all of them, when it is multiply active). */
static void demote_resource(CsGraph *graph, int rsc, gboolean optional)
{
    const CsNodeList *nodes = &graph->running_on[rsc];

    for (guint i = 0; i < nodes->len; i++)
        rsc_action(graph, rsc, CS_TASK_DEMOTE, nodes->items[i],
                   optional);
}

/* Pacemaker's promote_resource(): the promotion can run only if every
 * start on that node can; otherwise any promote already there is
 * marked unrunnable and none is created. */
static void promote_resource(CsGraph *graph, int rsc, int node,
                             gboolean optional)
{
    const CsActList *list = &graph->by_rsc[rsc];
    gboolean runnable = TRUE;

    for (guint i = 0; i < list->len; i++) {
        const CsAct *action = list->items[i];

        if (action->task == CS_TASK_START && action->node == node
            && !(action->flags & CS_ACT_RUNNABLE))
            runnable = FALSE;
    }
    if (runnable) {
        rsc_action(graph, rsc, CS_TASK_PROMOTE, node, optional);
        return;
    }
    for (guint i = 0; i < list->len; i++) {
        CsAct *action = list->items[i];

        if (action->task == CS_TASK_PROMOTE && action->node == node)
            action->flags &= ~CS_ACT_RUNNABLE;
    }
}

/* Pacemaker's schedule_restart_actions(): down to stopped where the
 * resource runs (demote, then stop), then back up to its current role
 * where it goes (start, then promote), unless it is to end lower. */
static void restart_actions(CsGraph *graph, int rsc, gboolean need_stop,
                            gboolean need_promote)
{
    CsRole role = graph->role[rsc];

    graph->rsc_flags[rsc] |= CS_RSCF_RESTARTING;
    if (role == CS_ROLE_PROMOTED)
        demote_resource(graph, rsc, !need_stop);
    if (role >= CS_ROLE_STARTED)
        stop_resource(graph, rsc, !need_stop);
    if (role >= CS_ROLE_STARTED && role <= graph->next_role[rsc]
        && !(graph->rsc_flags[rsc] & CS_RSCF_BLOCK)) {
        start_resource(graph, rsc, graph->assigned[rsc], !need_stop);
        /* Pacemaker checks the next role again after each step up: the
         * start may have lowered it (no-quorum-policy=demote). */
        if (role == CS_ROLE_PROMOTED && role <= graph->next_role[rsc])
            promote_resource(graph, rsc, graph->assigned[rsc],
                             !(need_stop || need_promote));
    }
    graph->rsc_flags[rsc] &= ~CS_RSCF_RESTARTING;
}

/* Pacemaker's schedule_role_transition_actions(): from the current role
 * to the next one, one step at a time (Pacemaker Explained 10.3: a
 * promoted instance is demoted before it stops, a stopped one started
 * before it is promoted). */
static void role_transition_actions(CsGraph *graph, int rsc)
{
    CsRole role = graph->role[rsc], next = graph->next_role[rsc];
    int assigned = graph->assigned[rsc];

    if (role == next)
        return;
    if (role == CS_ROLE_PROMOTED) {
        demote_resource(graph, rsc, FALSE);
        if (next == CS_ROLE_STOPPED)
            stop_resource(graph, rsc, FALSE);
    } else if (role >= CS_ROLE_STARTED) {
        if (next == CS_ROLE_STOPPED)
            stop_resource(graph, rsc, FALSE);
        else if (next == CS_ROLE_PROMOTED)
            promote_resource(graph, rsc, assigned, FALSE);
    } else if (next >= CS_ROLE_STARTED) {
        start_resource(graph, rsc, assigned, FALSE);
        if (next == CS_ROLE_PROMOTED)
            promote_resource(graph, rsc, assigned, FALSE);
    }
}

static gboolean needs_fencing(const CsResource *info)
{
    return info->requires != NULL
           && (strcmp(info->requires, "fencing") == 0
               || strcmp(info->requires, "unfencing") == 0);
}

/* Pacemaker's pcmk__rsc_can_migrate(). */
static gboolean can_migrate(const CsGraph *graph, int rsc, int current)
{
    const CsResource *info = rsc_info(graph, rsc);
    int assigned = graph->assigned[rsc];

    return info->allow_migrate
           && (graph->rsc_flags[rsc] & CS_RSCF_MANAGED)
           && !(graph->rsc_flags[rsc] & CS_RSCF_FAILED)
           && !(graph->rsc_flags[rsc] & CS_RSCF_START_PENDING)
           && current >= 0 && !node_info(graph, current)->unclean
           && assigned >= 0 && !node_info(graph, assigned)->unclean;
}

/* Pacemaker's pcmk__create_migration_actions(): migrate_to on the
 * current node, migrate_from on the new one; the stop and start stay
 * as pseudo-actions that migration may stand for. */
static void create_migration(CsGraph *graph, int rsc, int current)
{
    CsAct *start = find_first(graph, rsc, CS_TASK_START, -1);
    CsAct *stop = find_first(graph, rsc, CS_TASK_STOP, -1);
    CsAct *migrate_to, *migrate_from;

    if (start == NULL || stop == NULL)
        return;
    migrate_to = rsc_action(graph, rsc, CS_TASK_MIGRATE_TO, current, TRUE);
    migrate_from = rsc_action(graph, rsc, CS_TASK_MIGRATE_FROM,
                              graph->assigned[rsc], TRUE);
    start->flags |= CS_ACT_MIGRATABLE | CS_ACT_PSEUDO;
    stop->flags |= CS_ACT_MIGRATABLE;
    migrate_from->flags |= CS_ACT_MIGRATABLE;
    migrate_to->flags |= CS_ACT_MIGRATABLE;
    order_rsc(graph, rsc, CS_TASK_MIGRATE_TO, rsc, CS_TASK_MIGRATE_FROM,
              ORD_OPTIONAL | ORD_IMPLIES_FIRST_MIGRATABLE);
    order_rsc(graph, rsc, CS_TASK_MIGRATE_FROM, rsc, CS_TASK_STOP,
              ORD_OPTIONAL | ORD_IMPLIES_FIRST_MIGRATABLE);
    order_rsc(graph, rsc, CS_TASK_MIGRATE_FROM, rsc, CS_TASK_START,
              ORD_OPTIONAL | ORD_IMPLIES_FIRST_MIGRATABLE | ORD_PSEUDO_LEFT);
}

/* Pacemaker's pcmk__create_recurring_actions() first makes sure a start
 * exists where the resource is assigned (optional; a required stop there
 * makes it required through the restart ordering), unless the resource
 * is blocked, in maintenance, or to be stopped.  So a promoted instance
 * that is recovered or moved as unpromoted is started again, which
 * neither the restart (it goes up only to a role no higher than the
 * next) nor the role transition (a demotion) schedules (checked with
 * crm_simulate: "Move ( Promoted node1 -> Unpromoted node3 )" and
 * "Recover ( Promoted -> Unpromoted node1 )" start it). */
static void recurring_start(CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);
    int assigned = graph->assigned[rsc];

    if (assigned < 0 || (graph->rsc_flags[rsc] & CS_RSCF_BLOCK)
        || info->maintenance || node_info(graph, assigned)->maintenance)
        return;
    if (graph->next_role[rsc] != CS_ROLE_STOPPED
        || !(graph->rsc_flags[rsc] & CS_RSCF_MANAGED))
        rsc_action(graph, rsc, CS_TASK_START, assigned, TRUE);
}

static void create_primitive_actions(CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);
    const CsNodeList *nodes = &graph->running_on[rsc];
    int current = nodes->len > 0 ? nodes->items[0] : -1;
    int assigned = graph->assigned[rsc];
    guint n_clean = 0;
    gboolean need_stop = FALSE, moving = FALSE, migrate = FALSE;
    gboolean need_promote = FALSE;
    gboolean multiply_active;

    for (guint i = 0; i < nodes->len; i++)
        if (!node_info(graph, nodes->items[i])->unclean)
            n_clean++;
    if (current >= 0 && assigned >= 0 && current != assigned
        && graph->next_role[rsc] >= CS_ROLE_STARTED) {
        moving = TRUE;
        migrate = can_migrate(graph, rsc, current);
        need_stop = TRUE;
    }
    /* Resources that do not need fencing are not active on unclean nodes
     * for this purpose: they may start elsewhere before the fencing. */
    multiply_active = needs_fencing(info) ? nodes->len > 1 : n_clean > 1;
    if (multiply_active) {
        if (multiple_active_is(info, "stop_unexpected")) {
            need_stop = TRUE;
            graph->rsc_flags[rsc] |= CS_RSCF_STOP_UNEXPECTED;
        } else if (!multiple_active_is(info, "block")
                   && !multiple_active_is(info, "stop_only")) {
            need_stop = TRUE;
        }
    }
    if (moving) {
        /* the remaining checks are for a resource staying where it is */
    } else if (graph->rsc_flags[rsc] & CS_RSCF_FAILED) {
        if (graph->rsc_flags[rsc] & CS_RSCF_STOP)
            need_stop = TRUE;
        else if (graph->next_role[rsc] == CS_ROLE_PROMOTED)
            need_promote = TRUE;   /* recovered by demotion */
    } else if (graph->rsc_flags[rsc] & CS_RSCF_BLOCK) {
        need_stop = TRUE;
    } else if (graph->role[rsc] > CS_ROLE_STARTED && current >= 0
               && assigned >= 0) {
        /* A promotable instance staying put: a start already required
         * there (a definition change) restarts it. */
        CsAct *start = rsc_action(graph, rsc, CS_TASK_START, assigned, TRUE);

        if (!(start->flags & CS_ACT_OPTIONAL))
            need_stop = TRUE;
    }
    restart_actions(graph, rsc, need_stop, need_promote);
    role_transition_actions(graph, rsc);
    recurring_start(graph, rsc);
    if (migrate)
        create_migration(graph, rsc, current);
}

/* Pacemaker's group create_actions(): the members' actions, then the
 * group's own start, running, stop and stopped pseudo-actions. */
static void create_group_actions(CsGraph *graph, int group)
{
    pseudo_rsc_action(graph, group, CS_TASK_START, TRUE);
    pseudo_rsc_action(graph, group, CS_TASK_RUNNING, TRUE);
    pseudo_rsc_action(graph, group, CS_TASK_STOP, TRUE);
    pseudo_rsc_action(graph, group, CS_TASK_STOPPED, TRUE);
    /* An instance of a promotable clone of a group (Pacemaker Explained
     * 10.3) is promoted and demoted as a whole: its members' promotions
     * and demotions sit between the group's own pseudo-actions. */
    if (in_promotable(graph, group)) {
        pseudo_rsc_action(graph, group, CS_TASK_DEMOTE, TRUE);
        pseudo_rsc_action(graph, group, CS_TASK_DEMOTED, TRUE);
        pseudo_rsc_action(graph, group, CS_TASK_PROMOTE, TRUE);
        pseudo_rsc_action(graph, group, CS_TASK_PROMOTED, TRUE);
    }
}

/* What an instance's freshly created actions do (Pacemaker's
 * clone_update_pseudo_status()): a required start that can run starts
 * it, a required stop that can run (or is implied by fencing) stops it. */
enum { INSTANCE_ACTIVE = 1, INSTANCE_STARTING = 2, INSTANCE_STOPPING = 4 };

static guint instance_state(const CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);
    const CsActList *list = &graph->by_rsc[rsc];
    guint state = 0;

    if (info->kind != CS_RSC_PRIMITIVE) {
        for (guint i = 0; i < info->children->len; i++)
            state |= instance_state(graph,
                                    g_array_index(info->children, int, i));
        return state;
    }
    if (graph->running_on[rsc].len > 0)
        state |= INSTANCE_ACTIVE;
    for (guint i = 0; i < list->len; i++) {
        const CsAct *action = list->items[i];

        if (action->flags & CS_ACT_OPTIONAL)
            continue;
        if (action->task == CS_TASK_STOP
            && (action->flags & (CS_ACT_RUNNABLE | CS_ACT_PSEUDO)))
            state |= INSTANCE_STOPPING;
        else if (action->task == CS_TASK_START
                 && (action->flags & CS_ACT_RUNNABLE))
            state |= INSTANCE_STARTING;
    }
    return state;
}

/* Whether any instance of clone has a required action for task. */
static gboolean any_instance_requires(const CsGraph *graph, int clone,
                                      CsTask task)
{
    const CsResource *info = rsc_info(graph, clone);

    for (guint i = 0; i < info->children->len; i++) {
        int instance = g_array_index(info->children, int, i);
        const CsActList *list = &graph->by_rsc[instance];

        /* A cloned group's members, not its pseudo-actions, say. */
        if (is_group(graph, instance)) {
            if (any_instance_requires(graph, instance, task))
                return TRUE;
            continue;
        }

        for (guint j = 0; j < list->len; j++) {
            const CsAct *action = list->items[j];

            if (action->task == task && !(action->flags & CS_ACT_OPTIONAL))
                return TRUE;
        }
    }
    return FALSE;
}

/* Pacemaker's promotable pseudo-actions (Pacemaker Explained 10.3): the
 * clone's promote/promoted and demote/demoted, required when an instance
 * is promoted or demoted. */
static void create_promotable_actions(CsGraph *graph, int clone)
{
    gboolean promoting = any_instance_requires(graph, clone,
                                               CS_TASK_PROMOTE);
    gboolean demoting = any_instance_requires(graph, clone, CS_TASK_DEMOTE);
    CsTask tasks[] = { CS_TASK_PROMOTE, CS_TASK_PROMOTED, CS_TASK_DEMOTE,
                       CS_TASK_DEMOTED };

    for (guint i = 0; i < G_N_ELEMENTS(tasks); i++) {
        gboolean required = i < 2 ? promoting : demoting;
        CsAct *action = pseudo_rsc_action(graph, clone, tasks[i], TRUE);

        if (required)
            action->flags &= ~CS_ACT_OPTIONAL;
    }
}

/* Pacemaker's clone_create_pseudo_actions(): the clone's running is
 * runnable only if an instance is active or starting, and a resource
 * ordered with the clone may migrate (its stop counts as migratable)
 * unless an instance restarts. */
static void create_clone_actions(CsGraph *graph, int clone)
{
    const CsResource *info = rsc_info(graph, clone);
    gboolean restarting = FALSE;
    guint state = 0;
    CsAct *stop;

    for (guint i = 0; i < info->children->len; i++) {
        guint one = instance_state(graph,
                                   g_array_index(info->children, int, i));

        if ((one & INSTANCE_STARTING) && (one & INSTANCE_STOPPING))
            restarting = TRUE;
        state |= one;
    }
    pseudo_rsc_action(graph, clone, CS_TASK_START, TRUE);
    pseudo_rsc_action(graph, clone, CS_TASK_RUNNING,
                      (state & (INSTANCE_ACTIVE | INSTANCE_STARTING)) != 0);
    stop = pseudo_rsc_action(graph, clone, CS_TASK_STOP, TRUE);
    pseudo_rsc_action(graph, clone, CS_TASK_STOPPED, TRUE);
    if (!restarting)
        stop->flags |= CS_ACT_MIGRATABLE;
    if (info->promotable)
        create_promotable_actions(graph, clone);
}

static void create_actions(CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);

    if (info->kind == CS_RSC_PRIMITIVE) {
        create_primitive_actions(graph, rsc);
        return;
    }
    for (guint i = 0; i < info->children->len; i++)
        create_actions(graph, g_array_index(info->children, int, i));
    if (info->kind == CS_RSC_GROUP)
        create_group_actions(graph, rsc);
    else if (info->kind == CS_RSC_CLONE)
        create_clone_actions(graph, rsc);
}

/* ---- implicit orderings ----------------------------------------------- */

static void primitive_internal(CsGraph *graph, int rsc)
{
    /* Pacemaker 2.1.5 gives an unmanaged primitive no internal
     * constraints at all: the cluster will not restart it (Pacemaker
     * Explained 5.4 is-managed), so its stop does not wait for, nor
     * become required by, its start. */
    if (!(graph->rsc_flags[rsc] & CS_RSCF_MANAGED))
        return;
    /* Stop before start, for restarts. */
    order_rsc(graph, rsc, CS_TASK_STOP, rsc, CS_TASK_START,
              ORD_OPTIONAL | ORD_IMPLIES_THEN | ORD_RESTART);
    /* Pacemaker Explained 10.3: demote before stop (required when a
     * promoted instance must stop), start before promote. */
    if (in_promotable(graph, rsc) || graph->role[rsc] > CS_ROLE_UNPROMOTED) {
        order_rsc(graph, rsc, CS_TASK_DEMOTE, rsc, CS_TASK_STOP,
                  ORD_PROMOTED_IMPLIES_FIRST);
        order_rsc(graph, rsc, CS_TASK_START, rsc, CS_TASK_PROMOTE,
                  ORD_RUNNABLE_LEFT);
    }
}

/* A member of a cloned group in a promotable clone (Pacemaker Explained
 * 10.3): the group's demote comes before the member's, which comes
 * before the group's demoted (with the flags of the stop orderings); the
 * member's promote comes before the group's promoted, which it makes
 * required, and, in an ordered group, after the previous member's
 * promote (which implies it), the previous member being demoted after
 * it.  The group's promote before the member's only affects what
 * Pacemaker prints, and for an unordered group its stronger form is
 * dropped as a duplicate, as with starts. */
static void group_promotable_member(CsGraph *graph, int group, int member,
                                    int previous, gboolean ordered,
                                    guint down, guint post_down)
{
    order_rsc(graph, group, CS_TASK_DEMOTE, member, CS_TASK_DEMOTE, down);
    order_rsc(graph, member, CS_TASK_DEMOTE, group, CS_TASK_DEMOTED,
              post_down);
    order_rsc(graph, member, CS_TASK_PROMOTE, group, CS_TASK_PROMOTED,
              ORD_RUNNABLE_LEFT | ORD_IMPLIES_THEN);
    if (!ordered || previous < 0)
        return;
    order_rsc(graph, previous, CS_TASK_PROMOTE, member, CS_TASK_PROMOTE,
              ORD_IMPLIES_THEN | ORD_RUNNABLE_LEFT);
    order_rsc(graph, member, CS_TASK_DEMOTE, previous, CS_TASK_DEMOTE,
              ORD_OPTIONAL);
}

/* Pacemaker's group internal constraints (Pacemaker Explained 10.1
 * "Groups": members start in order and stop in reverse order). */
static void group_internal(CsGraph *graph, int group)
{
    const CsResource *info = rsc_info(graph, group);
    const char *ordered_text = g_hash_table_lookup(info->meta, "ordered");
    gboolean ordered = ordered_text == NULL || cs_engine_is_true(ordered_text);
    gboolean promotable = in_promotable(graph, group);
    int previous = -1, last_active = -1;

    order_rsc(graph, group, CS_TASK_STOPPED, group, CS_TASK_START,
              ORD_OPTIONAL);
    order_rsc(graph, group, CS_TASK_STOP, group, CS_TASK_STOPPED,
              ORD_RUNNABLE_LEFT);
    order_rsc(graph, group, CS_TASK_START, group, CS_TASK_RUNNING,
              ORD_RUNNABLE_LEFT);
    for (guint i = 0; i < info->children->len; i++) {
        int member = g_array_index(info->children, int, i);
        guint down = 0, post_down = 0;
        gboolean active = graph->running_on[member].len > 0;

        primitive_internal(graph, member);
        if (previous < 0 && ordered) {
            down |= ORD_OPTIONAL;
            post_down = ORD_IMPLIES_THEN;
        }
        if (promotable)
            group_promotable_member(graph, group, member, previous, ordered,
                                    down, post_down);
        order_rsc(graph, group, CS_TASK_STOP, member, CS_TASK_STOP, down);
        order_rsc(graph, member, CS_TASK_STOP, group, CS_TASK_STOPPED,
                  post_down);
        order_rsc(graph, member, CS_TASK_START, group, CS_TASK_RUNNING,
                  ORD_RUNNABLE_LEFT);
        if (!ordered) {
            /* ordered=false (Pacemaker Explained 10.1.2): Pacemaker 2.1.5
             * first orders the group's start before each member's with a
             * flag that only affects what the graph prints, and its
             * duplicate filter (order_actions) then drops the stronger
             * unordered group-start-implies-member-start ordering for the
             * same pair.  So one member's recovery restarts no other. */
        } else if (previous >= 0) {
            order_rsc(graph, previous, CS_TASK_START, member, CS_TASK_START,
                      ORD_IMPLIES_THEN | ORD_RUNNABLE_LEFT);
            order_rsc(graph, member, CS_TASK_STOP, previous, CS_TASK_STOP,
                      ORD_OPTIONAL | ORD_RESTART);
        }
        if (active) {
            if (ordered && previous >= 0
                && graph->running_on[previous].len == 0 && last_active >= 0
                && graph->running_on[last_active].len > 0)
                order_rsc(graph, member, CS_TASK_STOP, last_active,
                          CS_TASK_STOP, ORD_OPTIONAL);
            last_active = member;
        }
        previous = member;
    }
}

/* Pacemaker's orderings of a promotable clone (Pacemaker Explained 10.3):
 * its promotions wait for every instance to stop, demote and start; each
 * instance's promotion and demotion sit between the clone's pseudo-actions
 * (one after another for an ordered clone), and an instance is demoted
 * before it is promoted. */
static void promotable_internal(CsGraph *graph, int clone)
{
    const CsResource *info = rsc_info(graph, clone);
    int previous = -1;

    /* stopped before start and demoted before stop: clone_internal(). */
    order_rsc(graph, clone, CS_TASK_STOPPED, clone, CS_TASK_PROMOTE,
              ORD_OPTIONAL);
    order_rsc(graph, clone, CS_TASK_DEMOTED, clone, CS_TASK_START,
              ORD_OPTIONAL);
    order_rsc(graph, clone, CS_TASK_DEMOTED, clone, CS_TASK_PROMOTE,
              ORD_OPTIONAL);
    order_rsc(graph, clone, CS_TASK_RUNNING, clone, CS_TASK_PROMOTE,
              ORD_OPTIONAL);
    order_rsc(graph, clone, CS_TASK_DEMOTE, clone, CS_TASK_DEMOTED,
              ORD_OPTIONAL);
    for (guint i = 0; i < info->children->len; i++) {
        int instance = g_array_index(info->children, int, i);

        order_rsc(graph, instance, CS_TASK_DEMOTE, instance,
                  CS_TASK_PROMOTE, ORD_OPTIONAL);
        order_rsc(graph, clone, CS_TASK_PROMOTE, instance, CS_TASK_PROMOTE,
                  ORD_OPTIONAL);
        order_rsc(graph, instance, CS_TASK_PROMOTE, clone, CS_TASK_PROMOTED,
                  ORD_OPTIONAL);
        if (info->ordered && previous >= 0)
            order_rsc(graph, previous, CS_TASK_PROMOTE, instance,
                      CS_TASK_PROMOTE, ORD_OPTIONAL);
        /* An ordered clone demotes its instances in reverse. */
        if (info->ordered && previous >= 0)
            order_rsc(graph, instance, CS_TASK_DEMOTE, previous,
                      CS_TASK_DEMOTE, ORD_OPTIONAL);
        previous = instance;
    }
}

/* Pacemaker's clone_internal_constraints() (Pacemaker Explained 10.2
 * "Clones": ordered starts instances one after another). */
static void clone_internal(CsGraph *graph, int clone)
{
    const CsResource *info = rsc_info(graph, clone);
    int previous = -1;

    order_rsc(graph, clone, CS_TASK_STOPPED, clone, CS_TASK_START,
              ORD_OPTIONAL);
    order_rsc(graph, clone, CS_TASK_START, clone, CS_TASK_RUNNING,
              ORD_RUNNABLE_LEFT);
    order_rsc(graph, clone, CS_TASK_STOP, clone, CS_TASK_STOPPED,
              ORD_RUNNABLE_LEFT);
    if (info->promotable) {
        order_rsc(graph, clone, CS_TASK_DEMOTED, clone, CS_TASK_STOP,
                  ORD_OPTIONAL);
        order_rsc(graph, clone, CS_TASK_RUNNING, clone, CS_TASK_PROMOTE,
                  ORD_RUNNABLE_LEFT);
    }
    for (guint i = 0; i < info->children->len; i++) {
        int instance = g_array_index(info->children, int, i);

        if (rsc_info(graph, instance)->kind == CS_RSC_PRIMITIVE)
            primitive_internal(graph, instance);
        order_rsc(graph, clone, CS_TASK_START, instance, CS_TASK_START,
                  ORD_RUNNABLE_LEFT);
        if (info->ordered && previous >= 0) {
            order_rsc(graph, previous, CS_TASK_START, instance,
                      CS_TASK_START, ORD_OPTIONAL);
            order_rsc(graph, instance, CS_TASK_STOP, previous,
                      CS_TASK_STOP, ORD_OPTIONAL);
        }
        previous = instance;
    }
    if (info->promotable)
        promotable_internal(graph, clone);
}

/* The container a filler (meta container) runs inside, or -1; a remote
 * connection's container is a guest node's, which is not a filler's.  A
 * group's container meta attribute reaches its members, the container
 * itself included, which cannot be its own container. */
static int filler_container(const CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);

    if (info->kind != CS_RSC_PRIMITIVE || info->is_remote_connection
        || info->container == rsc)
        return -1;
    return info->container;
}

/* Pacemaker's native internal constraints for a filler: it starts after
 * its container starts (and cannot start unless the container can), and
 * stops before its container stops. */
static void filler_internal(CsGraph *graph, int rsc)
{
    int container = filler_container(graph, rsc);

    if (container < 0)
        return;
    order_rsc(graph, container, CS_TASK_START, rsc, CS_TASK_START,
              ORD_IMPLIES_THEN | ORD_RUNNABLE_LEFT);
    order_rsc(graph, rsc, CS_TASK_STOP, container, CS_TASK_STOP,
              ORD_IMPLIES_FIRST);
}

/* on-fail=restart-container (the default for a filler, Pacemaker Explained
 * 5.5.3 "on-fail"): a failure of the filler stops its container on that
 * node, so the container restarts with every filler in it.  Pacemaker
 * schedules this stop while it reads the status section. */
static void restart_containers(CsGraph *graph)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        int container;

        if (state->rsc < 0 || state->on_fail_applied == NULL
            || strcmp(state->on_fail_applied, "restart-container") != 0)
            continue;
        container = filler_container(graph, state->rsc);
        if (container >= 0 && node_listed(&graph->running_on[container],
                                          state->node))
            rsc_action(graph, container, CS_TASK_STOP, state->node, FALSE);
    }
}

static void internal_constraints(CsGraph *graph)
{
    for (int rsc = 0; rsc < graph->solution->n_rsc; rsc++) {
        const CsResource *info = rsc_info(graph, rsc);

        if (cs_rsc_is_template(graph->solution, rsc))
            continue;
        if (info->kind == CS_RSC_CLONE)
            clone_internal(graph, rsc);
        else if (info->kind == CS_RSC_GROUP)
            group_internal(graph, rsc);
        else if (info->kind == CS_RSC_PRIMITIVE && info->parent < 0)
            primitive_internal(graph, rsc);
        filler_internal(graph, rsc);
    }
}

/* ---- configured orderings --------------------------------------------- */

static gboolean task_parse(const char *text, CsTask *task)
{
    if (text == NULL || strcmp(text, "start") == 0)
        *task = CS_TASK_START;
    else if (strcmp(text, "stop") == 0)
        *task = CS_TASK_STOP;
    else if (strcmp(text, "promote") == 0)
        *task = CS_TASK_PROMOTE;
    else if (strcmp(text, "demote") == 0)
        *task = CS_TASK_DEMOTE;
    else
        return FALSE;
    return TRUE;
}

/* The deprecated meta attribute restart-type=restart (Pacemaker's
 * pe_restart_restart; its value is compared ignoring case). */
static gboolean restart_type_restart(const CsGraph *graph, int rsc)
{
    const char *value = g_hash_table_lookup(rsc_info(graph, rsc)->meta,
                                            "restart-type");

    return value != NULL && g_ascii_strcasecmp(value, "restart") == 0;
}

/* Pacemaker's ordering_flags_for_kind() (Pacemaker Explained 6.3: kind
 * Mandatory, Optional, Serialize; symmetrical). */
static guint order_flags(const CsGraph *graph, const CsOrder *order,
                         CsTask first_task)
{
    guint flags = ORD_OPTIONAL;

    /* An optional simple ordering (not a resource set) whose "then"
     * resource has restart-type=restart still restarts it when "first"
     * becomes required: the ordering implies "then" (its inverse, whose
     * "first" is that resource, implies "first"). */
    if (order->kind == CS_ORDER_OPTIONAL && order->set_id == NULL) {
        if (!order->inverse && restart_type_restart(graph, order->then))
            return flags | ORD_IMPLIES_THEN;
        if (order->inverse && restart_type_restart(graph, order->first))
            return flags | ORD_IMPLIES_FIRST;
    }
    if (order->kind != CS_ORDER_MANDATORY)
        return flags;
    if (order->inverse)
        return flags | ORD_IMPLIES_FIRST;
    if (!order->symmetrical)
        return flags | ORD_ASYMMETRICAL;
    flags |= ORD_IMPLIES_THEN;
    if (first_task == CS_TASK_START || first_task == CS_TASK_PROMOTE)
        flags |= ORD_RUNNABLE_LEFT;
    return flags;
}

/* The resource_set of order that holds rsc with require-all="false". */
static const char *relaxed_set_id(const CsOrder *order, const char *rsc)
{
    if (order->xml == NULL)
        return NULL;
    for (xmlNode *set = order->xml->children; set != NULL; set = set->next) {
        g_autofree char *require_all = NULL;

        if (set->type != XML_ELEMENT_NODE
            || strcmp((const char *)set->name, "resource_set") != 0)
            continue;
        require_all = (char *)xmlGetProp(set, (const xmlChar *)"require-all");
        if (require_all == NULL || cs_engine_is_true(require_all))
            continue;
        for (xmlNode *ref = set->children; ref != NULL; ref = ref->next) {
            g_autofree char *id = NULL;

            if (ref->type != XML_ELEMENT_NODE)
                continue;
            id = (char *)xmlGetProp(ref, (const xmlChar *)"id");
            if (id != NULL && strcmp(id, rsc) == 0) {
                g_autofree char *set_id =
                    (char *)xmlGetProp(set, (const xmlChar *)"id");

                return g_intern_string(set_id);
            }
        }
    }
    return NULL;
}

/* require-all="false" (Pacemaker Explained 6.6.3): any one member of the
 * first set suffices, through a "one-or-more:SET" pseudo-action. */
static CsAct *relaxed_action(CsGraph *graph, GHashTable *relaxed,
                             const char *set_id)
{
    g_autofree char *name = g_strdup_printf("one-or-more:%s", set_id);
    CsAct *action = g_hash_table_lookup(relaxed, name);

    if (action == NULL) {
        action = act_alloc(graph, CS_TASK_PSEUDO, -1, -1,
                           CS_ACT_OPTIONAL | CS_ACT_PSEUDO | CS_ACT_RUNNABLE
                           | CS_ACT_REQUIRES_ANY);
        action->name = g_strdup(name);
        g_hash_table_insert(relaxed, g_steal_pointer(&name), action);
    }
    return action;
}

/* How many instances of a clone "first" must be able to act before
 * "then" may (Pacemaker Explained 10.2.3 clone-min, 6.3 require-all):
 * clone-min, else 1 for require-all=false, else 0 (all of them). */
static int clone_min_required(const CsGraph *graph, const CsOrder *order)
{
    const CsResource *first = rsc_info(graph, order->first);
    const char *min;

    if (first->kind != CS_RSC_CLONE || order->inverse)
        return 0;
    min = g_hash_table_lookup(first->meta, "clone-min");
    if (min != NULL && atoi(min) > 0)
        return atoi(min);
    return order->require_all_group >= 0 && order->set_id == NULL ? 1 : 0;
}

/* Pacemaker orders every instance of the first clone before a
 * "clone-one-or-more:ORDER" pseudo-action that is runnable once enough
 * of them are, and "then" after that pseudo-action. */
static void clone_min_ordering(CsGraph *graph, const CsOrder *order,
                               CsTask first_task, CsTask then_task,
                               guint flags, int required)
{
    const CsResource *first = rsc_info(graph, order->first);
    CsAct *pseudo = act_alloc(graph, CS_TASK_PSEUDO, -1, -1,
                              CS_ACT_OPTIONAL | CS_ACT_PSEUDO
                              | CS_ACT_RUNNABLE | CS_ACT_REQUIRES_ANY);

    pseudo->name = g_strdup_printf("clone-one-or-more:%s", order->id);
    pseudo->required_before = required;
    for (guint i = 0; i < first->children->len; i++)
        order_rsc_action(graph, g_array_index(first->children, int, i),
                         first_task, pseudo, ORD_ONE_OR_MORE);
    order_action_rsc(graph, pseudo, order->then, then_task,
                     flags | ORD_RUNNABLE_LEFT);
}

static void configured_orderings(CsGraph *graph)
{
    const CsModel *model = graph->model;
    g_autoptr(GHashTable) relaxed = g_hash_table_new_full(g_str_hash,
                                                          g_str_equal,
                                                          g_free, NULL);
    g_autoptr(GHashTable) linked = g_hash_table_new(g_direct_hash,
                                                    g_direct_equal);

    for (guint i = 0; i < model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(model->orders, i);
        const char *set_id;
        CsTask first_task, then_task;
        guint flags;
        CsAct *pseudo;

        if (!task_parse(order->first_action, &first_task)
            || !task_parse(order->then_action, &then_task))
            continue;
        flags = order_flags(graph, order, first_task);
        if (clone_min_required(graph, order) > 0) {
            clone_min_ordering(graph, order, first_task, then_task, flags,
                               clone_min_required(graph, order));
            continue;
        }
        set_id = order->require_all_group >= 0
                 ? relaxed_set_id(order, rsc_info(graph, order->first)->id)
                 : NULL;
        if (set_id == NULL) {
            order_rsc(graph, order->first, first_task, order->then,
                      then_task, flags);
            continue;
        }
        pseudo = relaxed_action(graph, relaxed, set_id);
        if (!g_hash_table_contains(linked,
                                   GINT_TO_POINTER(order->first * 2 + 1)))
            order_rsc_action(graph, order->first, first_task, pseudo,
                             ORD_ONE_OR_MORE);
        order_action_rsc(graph, pseudo, order->then, then_task,
                         flags | ORD_RUNNABLE_LEFT);
        g_hash_table_add(linked, GINT_TO_POINTER(order->first * 2 + 1));
    }
}

/* ---- definition changes (Pacemaker's check_actions_for()) ------------- */

/* Pacemaker's calculate_active_ops(): the index of the operation that
 * last started the resource, and of the last successful stop. */
static void active_ops(const GPtrArray *history, int *start, int *stop)
{
    int implied_start = -1;

    *start = -1;
    *stop = -1;
    for (guint i = 0; i < history->len; i++) {
        const CsOpRecord *record = g_ptr_array_index(history, i);
        const char *task = record->operation;

        if (task == NULL)
            continue;
        if (strcmp(task, "stop") == 0 && record->op_status == 0) {
            *stop = (int)i;
        } else if (strcmp(task, "start") == 0
                   || strcmp(task, "migrate_from") == 0) {
            *start = (int)i;
        } else if (implied_start <= *stop && strcmp(task, "monitor") == 0
                   && (record->rc_code == 0 || record->rc_code == 8)) {
            implied_start = (int)i;
        }
    }
    if (*start == -1)
        *start = implied_start;
}

/* Pacemaker's schedule_reload(): reload-capable agents reload instead of
 * restarting when only reloadable parameters changed. */
static void schedule_reload(CsGraph *graph, int rsc, int node)
{
    CsAct *reload;

    if (!(graph->rsc_flags[rsc] & CS_RSCF_MANAGED)
        || (graph->rsc_flags[rsc] & CS_RSCF_FAILED))
        return;
    if (graph->rsc_flags[rsc] & CS_RSCF_START_PENDING) {
        /* A start still in flight cannot be reloaded: restart instead. */
        rsc_action(graph, rsc, CS_TASK_STOP, node, FALSE);
        return;
    }
    graph->rsc_flags[rsc] |= CS_RSCF_RELOAD;
    reload = rsc_action(graph, rsc, CS_TASK_RELOAD, node, FALSE);
    set_reason(reload, "resource definition change", FALSE);
    order_action_rsc(graph, reload, rsc, CS_TASK_STOP,
                     ORD_OPTIONAL | ORD_THEN_CANCELS_FIRST);
}

static void force_restart(CsGraph *graph, int rsc)
{
    CsAct *start = rsc_action(graph, rsc, CS_TASK_START, -1, FALSE);

    set_reason(start, "resource definition change", TRUE);
}

static void check_record(CsGraph *graph, const CsRscState *state,
                         const CsOpRecord *record, CsDigestMemo *digests)
{
    const CsResource *info = rsc_info(graph, state->rsc);
    CsDigestResult result;

    if (record->interval_ms > 0
        && cs_digest_find_op(info, record->operation,
                             record->interval_ms) == NULL)
        return;   /* an orphaned recurring operation is only cancelled */
    result = cs_digest_verdict(graph->model, info, record, digests);
    if (result == CS_DIGEST_MATCH || record->interval_ms > 0)
        return;   /* recurring operations are rescheduled, not restarted */
    /* A probe, migrate_from or promote that found the resource running
     * stands for its start; restarts of other operations do not show. */
    if (strcmp(record->operation, "start") != 0
        && strcmp(record->operation, "monitor") != 0
        && strcmp(record->operation, "migrate_from") != 0
        && strcmp(record->operation, "promote") != 0)
        return;
    if (result == CS_DIGEST_RESTART || record->op_restart_digest == NULL)
        force_restart(graph, state->rsc);
    else
        schedule_reload(graph, state->rsc, state->node);
}

/* Pacemaker 2.1.5's pcmk__rsc_agent_changed(), where the resource is
 * active: the history was recorded by another agent (class, provider or
 * type changed in the configuration), so the resource is stopped there,
 * a required stop with no reason of its own, and its start counts as
 * pending: started again, neither reloaded nor migrated. */
static void restart_changed_agent(CsGraph *graph, const CsRscState *state)
{
    rsc_action(graph, state->rsc, CS_TASK_STOP, state->node, FALSE);
    graph->rsc_flags[state->rsc] |= CS_RSCF_START_PENDING;
}

static void check_definitions(CsGraph *graph)
{
    const CsModel *model = graph->model;
    g_autoptr(CsDigestMemo) digests = cs_digest_memo_new();

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsResource *info;
        int start, stop;

        if (state->rsc < 0 || state->role < CS_ROLE_STARTED
            || state->history == NULL)
            continue;
        info = rsc_info(graph, state->rsc);
        /* An orphan has no definition to compare with: Pacemaker skips
         * the check and only cleans its history up. */
        if (info->kind != CS_RSC_PRIMITIVE
            || (info->parent < 0 && cs_rsc_is_orphan(graph->solution,
                                                     state->rsc)))
            continue;
        if (cs_remote_definitions_unchecked(graph->solution, state->node))
            continue;
        if (state->agent_changed)
            restart_changed_agent(graph, state);
        active_ops(state->history, &start, &stop);
        if (start < stop)
            continue;
        for (int j = start < 0 ? 0 : start; j < (int)state->history->len; j++) {
            const CsOpRecord *record = g_ptr_array_index(state->history, j);

            if (!cs_digest_record_checked(record))
                continue;
            if (record->interval_ms > 0
                && (info->maintenance
                    || node_info(graph, state->node)->maintenance))
                continue;
            check_record(graph, state, record, digests);
        }
    }
}

/* ---- the whole graph -------------------------------------------------- */

CsGraph *cs_graph_build(const CsSolution *solution)
{
    CsGraph *graph = g_new0(CsGraph, 1);
    int n_rsc = solution->n_rsc;

    graph->solution = solution;
    graph->model = solution->model;
    graph->blocks = g_ptr_array_new_with_free_func(g_free);
    graph->actions = g_ptr_array_new();
    graph->orderings = g_ptr_array_new();
    graph->by_rsc = g_new0(CsActList, n_rsc);
    graph->running_on = g_new0(CsNodeList, n_rsc);
    graph->rsc_flags = g_new0(guint, n_rsc);
    graph->role = g_new0(CsRole, n_rsc);
    graph->next_role = g_new0(CsRole, n_rsc);
    graph->assigned = g_new0(int, n_rsc);
    graph->fenced = g_new0(gboolean, solution->n_nodes);
    graph->probes_disabled = cs_startup_probes_disabled(graph->model);
    init_rsc_state(graph);
    schedule_failure_demotions(graph);
    schedule_fencing(graph);
    restart_containers(graph);
    configured_orderings(graph);
    check_definitions(graph);
    for (int rsc = 0; rsc < n_rsc; rsc++)
        if (rsc_info(graph, rsc)->parent < 0)
            create_actions(graph, rsc);
    order_probes(graph);
    internal_constraints(graph);
    for (guint i = 0; i < graph->orderings->len; i++)
        apply_ordering(graph, g_ptr_array_index(graph->orderings, i));
    /* Pacemaker keeps its action list newest first, and which reason an
     * action keeps depends on the order they are updated in. */
    for (guint i = graph->actions->len; i-- > 0;)
        update_action(graph, g_ptr_array_index(graph->actions, i));
    return graph;
}

void cs_graph_free(CsGraph *graph)
{
    if (graph == NULL)
        return;
    for (guint i = 0; i < graph->actions->len; i++) {
        CsAct *action = g_ptr_array_index(graph->actions, i);

        g_free(action->reason);
        g_free(action->name);
    }
    g_ptr_array_free(graph->actions, TRUE);
    g_ptr_array_free(graph->orderings, TRUE);
    g_ptr_array_free(graph->blocks, TRUE);
    g_free(graph->by_rsc);
    g_free(graph->running_on);
    g_free(graph->rsc_flags);
    g_free(graph->role);
    g_free(graph->next_role);
    g_free(graph->assigned);
    g_free(graph->fenced);
    g_free(graph);
}
