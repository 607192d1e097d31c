/* digests.c: definition changes (Pacemaker's check_actions_for()): an
 * operation whose recorded digest no longer matches its definition
 * (model/digest.c) makes a restart, or a reload where the agent can
 * (Pacemaker Explained 2.1, "Reloading Agents").  Whole functions moved
 * from actions.c. */
#include <stdlib.h>
#include <string.h>

#include "engine/graph.h"

/* ---- definition changes (Pacemaker's check_actions_for()) ------------- */

/* Pacemaker's calculate_active_ops(): the index of the operation that
 * last started the resource, and of the last successful stop.  Without
 * a start, a promote or demote stands for it before a monitor does. */
static void active_ops(const GPtrArray *history, int *start, int *stop)
{
    int implied_start = -1;
    int implied_by_role = -1;

    *start = -1;
    *stop = -1;
    for (guint i = 0; i < history->len; i++) {
        const CsOpRecord *record = g_ptr_array_index(history, i);
        const char *task = record->operation;

        if (task == NULL)
            continue;
        if (strcmp(task, "stop") == 0 && record->op_status == 0) {
            *stop = (int)i;
        } else if (strcmp(task, "start") == 0 || strcmp(task, "migrate_from") == 0) {
            *start = (int)i;
        } else if (implied_start <= *stop && strcmp(task, "monitor") == 0
                   && (record->rc_code == 0 || record->rc_code == 8)) {
            implied_start = (int)i;
        } else if (strcmp(task, "promote") == 0 || strcmp(task, "demote") == 0) {
            implied_by_role = (int)i;
        }
    }
    if (*start == -1)
        *start = implied_by_role != -1 ? implied_by_role : implied_start;
}

/* Pacemaker's schedule_reload(): reload-capable agents reload instead of
 * restarting when only reloadable parameters changed. */
static void schedule_reload(CsGraph *graph, int rsc, int node)
{
    CsAct *reload;

    unfence_device_changed(graph, rsc, node, "Device parameters changed (reload)");
    if (!(graph->rsc_flags[rsc] & CS_RSCF_MANAGED) || (graph->rsc_flags[rsc] & CS_RSCF_FAILED))
        return;
    if (graph->rsc_flags[rsc] & CS_RSCF_START_PENDING) {
        /* A start still in flight cannot be reloaded: restart instead. */
        rsc_action(graph, rsc, CS_TASK_STOP, node, FALSE);
        return;
    }
    graph->rsc_flags[rsc] |= CS_RSCF_RELOAD;
    reload = rsc_action(graph, rsc, CS_TASK_RELOAD, node, FALSE);
    set_reason(reload, "resource definition change", FALSE);
    order_action_rsc(graph, reload, rsc, CS_TASK_STOP, ORD_OPTIONAL | ORD_THEN_CANCELS_FIRST);
}

/* A fence device's changed parameters have its node unfenced again. */
static void force_restart(CsGraph *graph, int rsc, int node)
{
    CsAct *start = rsc_action(graph, rsc, CS_TASK_START, -1, FALSE);

    set_reason(start, "resource definition change", TRUE);
    unfence_device_changed(graph, rsc, node, "Device parameters changed");
}

static void check_record(CsGraph *graph, const CsRscState *state, const CsOpRecord *record,
                         CsDigestMemo *digests)
{
    const CsResource *info = rsc_info(graph, state->rsc);
    CsDigestResult result;

    if (record->interval_ms > 0
        && cs_digest_find_op(info, record->operation, record->interval_ms) == NULL)
        return; /* an orphaned recurring operation is only cancelled */
    result = cs_digest_verdict(graph->model, info, record, digests);
    if (result == CS_DIGEST_MATCH)
        return;
    /* recurring operations are rescheduled, not restarted; a fence
     * device's has its node unfenced again all the same (checked with
     * crm_simulate 2.1.5: op_defaults timeout 30s on corpus
     * start-then-stop-with-unfence changes mpath-node2's monitor) */
    if (record->interval_ms > 0) {
        unfence_device_changed(graph, state->rsc, state->node,
                               "Device parameters changed (reschedule)");
        return;
    }
    /* A probe, migrate_from or promote that found the resource running
     * stands for its start; restarts of other operations do not show. */
    if (strcmp(record->operation, "start") != 0 && strcmp(record->operation, "monitor") != 0
        && strcmp(record->operation, "migrate_from") != 0
        && strcmp(record->operation, "promote") != 0)
        return;
    if (result == CS_DIGEST_RESTART || record->op_restart_digest == NULL)
        force_restart(graph, state->rsc, state->node);
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
    unfence_device_changed(graph, state->rsc, state->node, "Device definition changed");
    rsc_action(graph, state->rsc, CS_TASK_STOP, state->node, FALSE);
    graph->rsc_flags[state->rsc] |= CS_RSCF_START_PENDING;
}

/* The scheduler compares the recorded digests (Pacemaker Explained 2.1,
 * "Reloading Agents") only on a node that could run resources now:
 * online, neither standby, shutting down nor unclean; or in maintenance,
 * where recurring monitors still need cancelling.  Elsewhere the
 * resource leaves for the node's own reason, never "due to resource
 * definition change" (checked with crm_simulate 2.1.5). */
static gboolean definitions_checked_on(const CsGraph *graph, int node)
{
    const CsNode *info = node_info(graph, node);

    if (info->maintenance)
        return TRUE;
    return info->online && !info->standby && !info->shutdown && !info->unclean;
}

/* Whether rsc counts as active on node: its own history there, or a
 * partial or failed migration that left it there too. */
static gboolean active_on(const CsGraph *graph, int rsc, int node)
{
    const CsNodeList *nodes = &graph->running_on[rsc];

    for (guint i = 0; i < nodes->len; i++)
        if (nodes->items[i] == node)
            return TRUE;
    return FALSE;
}

void check_definitions(CsGraph *graph)
{
    const CsModel *model = graph->model;
    g_autoptr(CsDigestMemo) digests = cs_digest_memo_new();

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsResource *info;
        int start, stop;

        /* Every node the resource is active on is checked, the target
         * of a partial migration too (checked with crm_simulate: a probe
         * there with another digest gives "due to resource definition
         * change" on the Migrate line). */
        if (state->rsc < 0 || state->history == NULL)
            continue;
        info = rsc_info(graph, state->rsc);
        /* An orphan has no definition to compare with: Pacemaker skips
         * the check and only cleans its history up. */
        if (info->kind != CS_RSC_PRIMITIVE
            || (info->parent < 0 && cs_rsc_is_orphan(graph->solution, state->rsc)))
            continue;
        if (cs_remote_definitions_unchecked(graph->solution, state->node))
            continue;
        /* Pacemaker checks the histories of available nodes only (and
         * of nodes in maintenance): none on a standby or shutting-down
         * node (checked with crm_simulate: a resource migrating away
         * from one has no "due to resource definition change").  A
         * remote node going down with its connection was available
         * when they were checked (remote.c). */
        if (!cs_remote_definitions_checked(graph->solution, state->node)
            && (!definitions_checked_on(graph, state->node)
                || (!node_info(graph, state->node)->maintenance
                    && !cs_engine_node_available(graph->solution, state->node))))
            continue;
        /* Pacemaker 2.1.5's pcmk__rsc_agent_changed() looks at inactive
         * histories too: a fence device's changed agent has the node
         * unfenced again (Pacemaker Explained 2.1, "Unfencing"). */
        if (state->role < CS_ROLE_STARTED && !active_on(graph, state->rsc, state->node)) {
            if (state->agent_changed)
                unfence_device_changed(graph, state->rsc, state->node, "Device definition changed");
            continue;
        }
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
                && (info->maintenance || node_info(graph, state->node)->maintenance))
                continue;
            check_record(graph, state, record, digests);
        }
    }
}
