/* propagate.c: flags carried along orderings until none changes
 * (Pacemaker's update_action and friends): an action becomes required
 * because another one is, or unrunnable because the one it waits for is,
 * with clone instances paired by node when clones interleave (Pacemaker
 * Explained 2.1, "Clone Options", interleave).  Whole functions moved
 * from actions.c. */
#include <stdlib.h>
#include <string.h>

#include "engine/graph.h"
#include "engine/clone_internal.h"

/* ---- flag updates (Pacemaker's update_action and friends) ------------- */

static char *reason_text(const CsGraph *graph, const CsAct *action, guint flag)
{
    const char *change = flag == CS_ACT_OPTIONAL ? "required" : "unrunnable";
    const char *notify;

    /* With notify=true (Pacemaker Explained 2.1, "Clones"), what is ordered after
     * a promotable clone's promotions or demotions waits for the
     * notifications that follow them, whose task Pacemaker names
     * "notified" (corpus bug-1572-1); so does what is ordered after a
     * clone's starts or stops (checked with the oracle: "due to
     * unrunnable NAME notified"). */
    if ((action->task == CS_TASK_PROMOTED || action->task == CS_TASK_DEMOTED
         || (is_clone(graph, action->rsc)
             && (action->task == CS_TASK_RUNNING || action->task == CS_TASK_STOPPED)))
        && (notify = g_hash_table_lookup(rsc_info(graph, action->rsc)->meta, "notify")) != NULL
        && cs_text_is_true(notify))
        return g_strdup_printf("%s %s notified", change, rsc_info(graph, action->rsc)->id);
    if (action->rsc < 0)
        return g_strdup_printf("%s %s", change, cs_task_name(action));
    return g_strdup_printf("%s %s %s", change, rsc_info(graph, action->rsc)->id,
                           cs_task_name(action));
}

/* Clears flag on action because of another action; the reason names the
 * other action when it belongs to another resource.  Losing its
 * migratability replaces a reason given before (checked with
 * crm_simulate 2.1.5: a multiply active resource with
 * multiple-active=stop_unexpected moving away stops "due to unrunnable
 * stonith", not "being multiply active";
 * tests/fuzz/cases/oracle-multiply-active-migration-unfence-unexpected). */
static void clear_because(const CsGraph *graph, CsAct *action, guint flag, const CsAct *because)
{
    if (!(action->flags & flag))
        return;
    action->flags &= ~flag;
    if (action->rsc != because->rsc) {
        g_autofree char *text = reason_text(graph, because, flag);

        set_reason(action, text, flag == CS_ACT_MIGRATABLE);
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
 * start/stop is (or a member will not start, promote, ... at all: a
 * member with no stop or demote there blocks nothing).  On a node (node
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
            if ((flags & CS_ACT_OPTIONAL) && !(member_action->flags & CS_ACT_OPTIONAL)) {
                flags &= ~CS_ACT_OPTIONAL;
                action->flags &= ~CS_ACT_OPTIONAL;
            }
            if (task != action->task && (flags & CS_ACT_RUNNABLE)
                && !(member_action->flags & CS_ACT_RUNNABLE)) {
                flags &= ~CS_ACT_RUNNABLE;
                action->flags &= ~CS_ACT_RUNNABLE;
            }
        } else if (task != CS_TASK_STOP && task != CS_TASK_DEMOTE) {
            flags &= ~CS_ACT_RUNNABLE;
        }
    }
    return flags;
}

static guint group_action_flags(CsGraph *graph, CsAct *action)
{
    return group_action_flags_on(graph, action, -1);
}

/* Whether action is a promotable bundle's promote, promoted, demote or
 * demoted: Pacemaker asks the instances of the clone of its resource
 * inside, not its containers (Pacemaker Explained 2.1, "Bundles"). */
static gboolean bundle_promotion(const CsGraph *graph, const CsAct *action)
{
    CsTask task = member_task(action->task);

    return (task == CS_TASK_PROMOTE || task == CS_TASK_DEMOTE)
           && bundle_promotable_clone(graph, action->rsc) >= 0;
}

/* Pacemaker's clone action flags (summary_action_flags()): required if
 * any instance's action is, runnable if any instance's is.  That holds
 * for stops too: a clone with no active instance has no instance stop,
 * so its "stopped" cannot run, and what an asymmetric order puts after
 * it is blocked (Pacemaker Explained 2.1, "Specifying the Order in
 * which Resources Should Start/Stop": symmetrical; checked with
 * crm_simulate 2.1.5).  A bundle's instances are its containers (not
 * its addresses), or for a promotion the instances of its clone: with
 * no container starting, what follows the bundle's start waits "due to
 * unrunnable NAME running" (checked with the oracle). */
static guint clone_action_flags(CsGraph *graph, CsAct *action, int node)
{
    gboolean promotion = bundle_promotion(graph, action);
    const CsResource *clone =
        rsc_info(graph, promotion ? bundle_promotable_clone(graph, action->rsc) : action->rsc);
    gboolean containers = is_bundle(graph, action->rsc) && !promotion;
    guint flags = CS_ACT_OPTIONAL | CS_ACT_RUNNABLE | CS_ACT_PSEUDO;
    CsTask task = member_task(action->task);
    gboolean any_runnable = FALSE;

    for (guint i = 0; i < clone->children->len; i++) {
        int instance = g_array_index(clone->children, int, i);
        /* A group instance answers with its own running/stopped (a
         * pseudo-action, on no node), from its members' actions on the
         * node: Pacemaker looks an instance with children up without the
         * node and passes the node on to it. */
        CsAct *child = is_group(graph, instance) ? find_first(graph, instance, action->task, -1)
                                                 : find_first(graph, instance, task, node);
        guint child_flags;

        if (child == NULL || (containers && !cs_bundle_is_container(graph->solution, instance)))
            continue;
        child_flags =
            is_group(graph, instance) ? group_action_flags_on(graph, child, node) : child->flags;
        if ((flags & CS_ACT_OPTIONAL) && !(child_flags & CS_ACT_OPTIONAL)) {
            flags &= ~CS_ACT_OPTIONAL;
            action->flags &= ~CS_ACT_OPTIONAL;
        }
        if (child_flags & CS_ACT_RUNNABLE)
            any_runnable = TRUE;
    }
    if (!any_runnable) {
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
    if (!is_clone(graph, action->rsc) && !is_bundle(graph, action->rsc))
        return action->flags;
    flags = clone_action_flags(graph, action, -1);
    if (node < 0)
        return flags;
    if (flags & CS_ACT_RUNNABLE)
        return clone_action_flags(graph, action, node) | CS_ACT_RUNNABLE;
    return clone_action_flags(graph, action, node);
}

void update_action(CsGraph *graph, CsAct *then);

/* Pacemaker's handle_restart_ordering(): stop before start of the same
 * resource, and later group members' stops before earlier ones'. */
static void restart_ordering(CsGraph *graph, CsAct *first, CsAct *then, guint filter)
{
    gboolean apply = FALSE;

    if ((filter & CS_ACT_OPTIONAL) && !(then->flags & CS_ACT_OPTIONAL))
        apply = TRUE;
    if ((filter & CS_ACT_RUNNABLE) && !(then->flags & CS_ACT_RUNNABLE)
        && (graph->rsc_flags[then->rsc] & CS_RSCF_MANAGED) && first->rsc == then->rsc)
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
static void asymmetric_ordering(CsGraph *graph, const CsAct *first, CsAct *then)
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

/* A runnable-left order whose first cannot run makes then unrunnable.
 * When then was the start of a planned live migration (Pacemaker
 * Explained 2.1, "Migrating Resources"), the unrunnable first becomes its
 * reason even over one given before (a definition change): a remote
 * connection moving to balance the nodes, restarted for a changed
 * definition and ordered after a disabled resource, stops "due to
 * unrunnable d2 start" (checked with crm_simulate 2.1.5; the same
 * connection restarted in place, or not migratable, keeps "resource
 * definition change"). */
static void block_start_after(const CsGraph *graph, const CsAct *first, CsAct *then)
{
    gboolean migrating = (then->flags & CS_ACT_MIGRATABLE) != 0;

    clear_because(graph, then, CS_ACT_RUNNABLE, first);
    clear_because(graph, then, CS_ACT_MIGRATABLE, first);
    if (migrating && then->rsc != first->rsc) {
        g_autofree char *text = reason_text(graph, first, CS_ACT_RUNNABLE);

        set_reason(then, text, TRUE);
    }
}

/* Pacemaker's pcmk__update_ordered_actions() for a primitive's action. */
static guint update_primitive(CsGraph *graph, CsAct *first, CsAct *then, guint flags, guint filter,
                              guint type)
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
        if ((first->flags & CS_ACT_MIGRATABLE) && !(then->flags & CS_ACT_MIGRATABLE))
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
    if ((type & ORD_RUNNABLE_LEFT) && (filter & CS_ACT_RUNNABLE) && (then->flags & CS_ACT_RUNNABLE)
        && !(flags & CS_ACT_RUNNABLE))
        block_start_after(graph, first, then);
    if ((type & ORD_IMPLIES_THEN) && (filter & CS_ACT_OPTIONAL) && (then->flags & CS_ACT_OPTIONAL)
        && !(flags & CS_ACT_OPTIONAL) && !(first->flags & CS_ACT_MIGRATABLE))
        clear_because(graph, then, CS_ACT_OPTIONAL, first);
    if ((type & ORD_RESTART) && first->rsc >= 0 && then->rsc >= 0
        && !is_collective(graph, first->rsc) && !is_collective(graph, then->rsc))
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

/* ---- interleaved clones (Pacemaker Explained 2.1, "Clone Options" interleave) ------- */

static guint update_rsc(CsGraph *graph, CsAct *first, CsAct *then, guint flags, guint filter,
                        guint type);

/* Pacemaker's can_interleave_actions(): between two different clones,
 * per the "then" clone's interleave (the "first" clone's when "then" is
 * a stop). */
static gboolean interleaves(const CsGraph *graph, const CsAct *first, const CsAct *then)
{
    const char *value;
    int rsc;

    if (first->rsc < 0 || then->rsc < 0 || first->rsc == then->rsc || !is_clone(graph, first->rsc)
        || !is_clone(graph, then->rsc))
        return FALSE;
    rsc = then->task == CS_TASK_STOP || then->task == CS_TASK_DEMOTE ? first->rsc : then->rsc;
    value = g_hash_table_lookup(rsc_info(graph, rsc)->meta, "interleave");
    return value != NULL && cs_text_is_true(value);
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
static void collect_nodes(const CsGraph *graph, int rsc, gboolean current, GArray *nodes)
{
    const CsResource *info = rsc_info(graph, rsc);
    const CsNodeList *own = &graph->running_on[rsc];

    if (info->kind != CS_RSC_PRIMITIVE) {
        for (guint i = 0; i < info->children->len; i++)
            collect_nodes(graph, g_array_index(info->children, int, i), current, nodes);
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

static int instance_on_node(const CsGraph *graph, int clone, int node, gboolean current)
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
static int compatible_instance(const CsGraph *graph, int instance, int clone, gboolean current)
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
        int found = instance_on_node(graph, clone, g_array_index(nodes, int, i), current);

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
static guint update_interleaved(CsGraph *graph, CsAct *first, CsAct *then, guint filter, guint type)
{
    const CsResource *info = rsc_info(graph, then->rsc);
    gboolean current = first->task == CS_TASK_STOPPED || first->task == CS_TASK_DEMOTED;
    guint changed = 0;

    for (guint i = 0; i < info->children->len; i++) {
        int then_instance = g_array_index(info->children, int, i);
        int first_instance = compatible_instance(graph, then_instance, first->rsc, current);
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
        first_flags = is_group(graph, first_instance) ? group_action_flags(graph, first_action)
                                                      : first_action->flags;
        changed |= update_rsc(graph, first_action, then_action, first_flags, filter, type);
    }
    return changed;
}

/* Pacemaker's non-interleaved update of one instance's action: when it
 * changes, what is ordered after it is updated at once, before the next
 * instance (which decides which reason an action keeps: a restarted
 * instance's start required by its own stop has none, checked with
 * crm_simulate 2.1.5). */
static guint update_instance(CsGraph *graph, CsAct *first, CsAct *child, guint flags, guint filter,
                             guint type)
{
    guint changed = update_rsc(graph, first, child, flags, filter, type);

    if (changed & UPDATED_THEN) {
        for (guint j = 0; j < child->after.len; j++)
            update_action(graph, edge_at(&child->after, j)->then);
    }
    return changed;
}

/* A group's update method: the group's own action, then each member's
 * action of the same task. */
static guint update_rsc(CsGraph *graph, CsAct *first, CsAct *then, guint flags, guint filter,
                        guint type)
{
    guint changed;

    if (interleaves(graph, first, then))
        return update_interleaved(graph, first, then, filter, type);
    changed = update_primitive(graph, first, then, flags, filter, type);

    if (is_group(graph, then->rsc)) {
        const CsResource *group = rsc_info(graph, then->rsc);

        for (guint i = 0; i < group->children->len; i++) {
            int member = g_array_index(group->children, int, i);
            CsAct *member_action = find_first(graph, member, then->task, then->node);

            if (member_action != NULL)
                changed |= update_primitive(graph, first, member_action, flags, filter, type);
        }
    }
    if (is_clone(graph, then->rsc) || is_bundle(graph, then->rsc)) {
        const CsResource *clone = rsc_info(graph, then->rsc);

        /* Only instances whose action can run follow the clone's; a
         * bundle's containers follow the bundle's (not its addresses,
         * engine/bundle.c). */
        for (guint i = 0; i < clone->children->len; i++) {
            int instance = g_array_index(clone->children, int, i);
            CsAct *child = find_first(graph, instance, then->task, -1);

            if (is_bundle(graph, then->rsc) && !cs_bundle_is_container(graph->solution, instance))
                continue;

            if (child != NULL && (flags_for_ordering(graph, child, -1) & CS_ACT_RUNNABLE))
                changed |= update_instance(graph, first, child, flags, filter, type);
        }
    }
    return changed;
}

/* Pacemaker's update_action_for_ordering_flags(). */
static guint update_for_edge(CsGraph *graph, CsAct *first, CsAct *then, guint first_flags,
                             guint type)
{
    guint changed = 0;

    if (type & ORD_IMPLIES_THEN) {
        if (then->rsc >= 0) {
            changed |= update_rsc(graph, first, then, first_flags & CS_ACT_OPTIONAL,
                                  CS_ACT_OPTIONAL, ORD_IMPLIES_THEN);
        } else if (!(first_flags & CS_ACT_OPTIONAL) && (then->flags & CS_ACT_OPTIONAL)) {
            then->flags &= ~CS_ACT_OPTIONAL;
            changed |= UPDATED_THEN;
        }
    }
    if ((type & ORD_RESTART) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then, first_flags, CS_ACT_OPTIONAL | CS_ACT_RUNNABLE,
                              ORD_RESTART);
    if (type & ORD_IMPLIES_FIRST) {
        /* Pacemaker updates through the "first" resource's method here: a
         * primitive's reaches no instance or member of "then". */
        if (first->rsc >= 0 && !is_collective(graph, first->rsc)) {
            changed |= update_primitive(graph, first, then, first_flags, CS_ACT_OPTIONAL,
                                        ORD_IMPLIES_FIRST);
        } else if (first->rsc >= 0) {
            changed |=
                update_rsc(graph, first, then, first_flags, CS_ACT_OPTIONAL, ORD_IMPLIES_FIRST);
        } else if (!(first_flags & CS_ACT_OPTIONAL) && (first->flags & CS_ACT_RUNNABLE)) {
            first->flags &= ~CS_ACT_RUNNABLE;
            changed |= UPDATED_FIRST;
        }
    }
    if ((type & ORD_PROMOTED_IMPLIES_FIRST) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then, first_flags & CS_ACT_OPTIONAL, CS_ACT_OPTIONAL,
                              ORD_PROMOTED_IMPLIES_FIRST);
    if (type & ORD_ONE_OR_MORE) {
        if (then->rsc >= 0) {
            changed |=
                update_rsc(graph, first, then, first_flags, CS_ACT_RUNNABLE, ORD_ONE_OR_MORE);
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
            changed |=
                update_rsc(graph, first, then, first_flags, CS_ACT_RUNNABLE, ORD_RUNNABLE_LEFT);
        } else if (!(first_flags & CS_ACT_RUNNABLE) && (then->flags & CS_ACT_RUNNABLE)) {
            then->flags &= ~CS_ACT_RUNNABLE;
            changed |= UPDATED_THEN;
        }
    }
    if ((type & ORD_IMPLIES_FIRST_MIGRATABLE) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then, first_flags, CS_ACT_OPTIONAL,
                              ORD_IMPLIES_FIRST_MIGRATABLE);
    if ((type & ORD_PSEUDO_LEFT) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then, first_flags, CS_ACT_OPTIONAL, ORD_PSEUDO_LEFT);
    if ((type & ORD_OPTIONAL) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then, first_flags, CS_ACT_RUNNABLE, ORD_OPTIONAL);
    if ((type & ORD_ASYMMETRICAL) && then->rsc >= 0)
        changed |= update_rsc(graph, first, then, first_flags, CS_ACT_RUNNABLE, ORD_ASYMMETRICAL);
    /* A blocked, unmanaged resource that cannot stop keeps what depends
     * on it from running. */
    if ((type & (ORD_IMPLIES_THEN | ORD_IMPLIES_FIRST | ORD_RESTART)) && first->rsc >= 0
        && !(graph->rsc_flags[first->rsc] & CS_RSCF_MANAGED)
        && (graph->rsc_flags[first->rsc] & CS_RSCF_BLOCK) && !(first->flags & CS_ACT_RUNNABLE)
        && first->task == CS_TASK_STOP && (then->flags & CS_ACT_RUNNABLE)) {
        then->flags &= ~CS_ACT_RUNNABLE;
        changed |= UPDATED_THEN;
    }
    return changed;
}

static gboolean is_ancestor(const CsGraph *graph, int rsc, int ancestor)
{
    for (int up = rsc_info(graph, rsc)->parent; up >= 0; up = rsc_info(graph, up)->parent)
        if (up == ancestor)
            return TRUE;
    return FALSE;
}

/* Orderings after a group's start or stop wait for the whole group: they
 * use its running/stopped pseudo-action (Pacemaker's
 * action_for_ordering()). */
/* With notify=true, Pacemaker orders after a collective's notifications
 * instead (the post-notify confirmation, reason_text()); a group or a
 * bundle has none, and then the ordering keeps the action itself, its
 * start or stop (checked with the oracle: what follows a blocked group
 * with notify=true starts anyway, and what follows such a bundle waits
 * "due to unrunnable NAME start"). */
static gboolean notifies_without_notifications(const CsGraph *graph, int rsc)
{
    const char *notify = g_hash_table_lookup(rsc_info(graph, rsc)->meta, "notify");

    return !is_clone(graph, rsc) && notify != NULL && cs_text_is_true(notify);
}

static CsAct *action_for_ordering(CsGraph *graph, CsAct *action)
{
    CsTask mapped;
    CsAct *found;

    if (!is_collective(graph, action->rsc) || notifies_without_notifications(graph, action->rsc))
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

/* The node an ordering's "then" acts on: a group's start is node-less,
 * Pacemaker uses the node the group is assigned to. */
static int ordering_node(const CsGraph *graph, const CsAct *then)
{
    if (then->node < 0 && then->rsc >= 0 && then->task == CS_TASK_START
        && is_group(graph, then->rsc))
        return graph->assigned[then->rsc];
    return then->node;
}

void update_action(CsGraph *graph, CsAct *then)
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
        guint first_flags;

        /* A same-node ordering whose "then" has since been given another
         * node than its "first" is dropped, unwalked. */
        if ((edge->type & ORD_SAME_NODE) && first->node >= 0 && then->node >= 0
            && first->node != then->node) {
            edge->type = 0;
            continue;
        }
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
        /* Both sides' flags are asked for every ordering, those disabled
         * or remapped included: a group's or a clone's answer marks its
         * own pseudo-action required or unrunnable on the way. */
        first_flags = flags_for_ordering(graph, first, ordering_node(graph, then));
        if (is_group(graph, then->rsc))
            group_action_flags(graph, then);
        else if (is_clone(graph, then->rsc) || is_bundle(graph, then->rsc))
            clone_action_flags(graph, then, -1);
        if (first == edge->first) {
            changed |= update_for_edge(graph, first, then, first_flags, edge->type);
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

/* Pacemaker's mark_action_blocked(): rsc's actions for task cannot run,
 * nor can those of its members or instances. */
static void block_dependent_actions(CsGraph *graph, int rsc, CsTask task, int because)
{
    g_autofree char *text = g_strdup_printf("colocation with %s", rsc_info(graph, because)->id);
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
    for (guint i = 0; i < info->children->len; i++) {
        int child = g_array_index(info->children, int, i);
        int container = cs_bundle_address_container(graph->solution, child);

        /* A bundle's replica is blocked container first, then its
         * address (then its connection): the container's start keeps
         * "colocation with PRIMARY" rather than the unrunnable start of
         * its address, and without a resource inside, the last
         * replica's address is the one what is colocated with the
         * bundle names (checked with the oracle: tests/fuzz/cases/
         * oracle-bundle-address-colocation-reason,
         * oracle-bundle-blocked-names-address). */
        if (container >= 0)
            block_dependent_actions(graph, container, task, because);
        block_dependent_actions(graph, child, task, because);
    }
}

/* Whether a clone instance may still take part in task: its action can
 * run or, with no such action, it is not held back.  An instance with
 * no start of its own (left without a node, active or not) gets one
 * from the ordering of its start before the clone's running, made on no
 * node and so unrunnable (checked with crm_simulate 2.1.5: an active
 * instance stopping on a node shutting down blocks the dependents too,
 * oracle-diff seed 641339); one with no promotion is not counted as
 * blocked. */
static gboolean instance_can(const CsGraph *graph, int instance, CsTask task)
{
    const CsAct *same = find_first(graph, instance, task, -1);

    if (same != NULL)
        return (same->flags & CS_ACT_RUNNABLE) != 0;
    if (task != CS_TASK_START)
        return TRUE;
    return FALSE;
}

/* Pacemaker's pcmk__block_colocation_dependents(): when a resource cannot
 * start, whatever must be colocated with it (INFINITY) cannot either
 * (Pacemaker Explained 2.1, "Placing Resources Relative to other
 * Resources"). */
void block_colocation_dependents(CsGraph *graph, CsAct *action)
{
    const CsColocList *with_this;
    const CsResource *info;
    int rsc;

    if (action->rsc < 0 || (action->task != CS_TASK_START && action->task != CS_TASK_PROMOTE)
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
    /* A bundle's instances here are its implicit resources (Pacemaker
     * Explained 2.1, "Bundles"): each replica's address, container and
     * connection, and for a start the clone of the resource inside (its
     * own start, not its instances').  A start blocks the dependents
     * only when none of them can start, so the one named is the last
     * whose start was found unrunnable (block_dependent_actions() blocks
     * each replica's container before its address, the clone after the
     * replicas): often the last replica's connection, else its address,
     * the clone itself, or (its start blocked later along an order, by
     * its connection's) an instance inside; a bundle
     * whose addresses start blocks nothing (checked with the oracle,
     * bundle-colocation-blocked-reason and tests/fuzz/cases/
     * oracle-bundle-blocked-*).  They are never promoted: a bundle's
     * promotion blocks no dependent (checked with the oracle: what is
     * colocated with a bundle's promoted role at INFINITY starts, beside
     * the promoted replica or, a bundle, wherever it is placed). */
    if (info->kind == CS_RSC_BUNDLE) {
        for (guint i = 0; i < info->children->len; i++) {
            int child = g_array_index(info->children, int, i);
            gboolean counted = rsc_info(graph, child)->kind == CS_RSC_PRIMITIVE
                               || (is_clone(graph, child) && action->task == CS_TASK_START);

            if (!counted)
                continue;
            /* one with no such action at all (an unmanaged replica's
             * connection left stopped) is not held back either
             * (checked with the oracle: gen_bundle.py's unmanaged form,
             * seed 1630706, tests/fuzz/cases/
             * oracle-bundle-unmanaged-no-connection-start) */
            if (rsc_info(graph, child)->kind == CS_RSC_PRIMITIVE
                && find_first(graph, child, action->task, -1) == NULL)
                return;
            if (instance_can(graph, child, action->task))
                return;
        }
    }
    if (info->kind == CS_RSC_CLONE) {
        for (guint i = 0; i < info->children->len; i++)
            if (instance_can(graph, g_array_index(info->children, int, i), action->task))
                return;
        /* The dependents are told of the resource whose action has just
         * left the clone with no instance able to start (or be promoted):
         * the clone for its own start, else that instance, which is the
         * last one only when all become unable together (newest first);
         * an instance left without a node never has a start to block, so
         * a placed one blocked later is named (checked with crm_simulate
         * 2.1.5: oracle-diff seed 1153063, coloc-loop-clone-blocked-trigger,
         * tests/fuzz/cases/oracle-clone-blocked-trigger-instance). */
    }
    /* A primary that cannot start keeps its dependents from their role;
     * one that cannot be promoted, only those colocated with its
     * promoted role.  A dependent limited to the promoted role loses its
     * promotion, any other its start.  The dependents are taken as
     * Pacemaker lists them for the primary (clones first, then by id),
     * and blocking one blocks its own dependents at once, so the order
     * decides which primary a later dependent names (checked with
     * crm_simulate 2.1.5: gen.py seed 1890963). */
    with_this = graph->solution->work[rsc].with_this;
    for (guint i = 0; i < with_this->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(with_this, i);

        if (coloc->primary != rsc || coloc->score < CS_INFINITY || coloc->dependent == rsc)
            continue;
        if (action->task == CS_TASK_PROMOTE && coloc->primary_role != CS_ROLE_PROMOTED)
            continue;
        block_dependent_actions(graph, coloc->dependent,
                                coloc->dependent_role == CS_ROLE_PROMOTED ? CS_TASK_PROMOTE
                                                                          : CS_TASK_START,
                                action->rsc);
    }
}
