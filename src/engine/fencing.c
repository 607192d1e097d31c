/* fencing.c: which nodes are fenced, and why (Pacemaker Explained 2.1,
 * "Fencing"): unclean nodes, in the words status unpacking uses, and
 * failures whose on-fail is fence.  Whole functions moved from
 * actions.c. */
#include <stdlib.h>
#include <string.h>

#include "engine/graph.h"

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
    return options->have_quorum || options->no_quorum_policy == CS_NO_QUORUM_IGNORE || node->online;
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

        if (rsc_state->node == node->index && rsc_state->role > CS_ROLE_STOPPED
            && (rsc_state->rsc < 0 || (graph->rsc_flags[rsc_state->rsc] & CS_RSCF_MANAGED)))
            return g_strdup_printf("%s is thought to be active there",
                                   rsc_state->rsc >= 0 ? rsc_info(graph, rsc_state->rsc)->id
                                                       : rsc_state->rsc_id);
    }
    return NULL;
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
static gboolean any_managed(const CsGraph *graph)
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

void schedule_fencing(CsGraph *graph)
{
    const CsModel *model = graph->model;

    if (!any_managed(graph))
        return;
    for (guint i = 0; i < model->nodes->len; i++) {
        const CsNode *node = g_ptr_array_index(model->nodes, i);
        CsAct *fence;

        if (!node->unclean || node->type != CS_NODE_MEMBER || !can_fence(graph, node))
            continue;
        fence = fence_node(graph, (int)i, 0, NULL);
        if (node->online && !node->unseen)
            fence->reason = failure_fence_reason(graph, (int)i);
        /* A lost ticket with loss-policy=fence (ticket.c) names itself. */
        set_reason(fence, cs_ticket_fence_reason(graph->solution, (int)i), FALSE);
        if (fence->reason == NULL)
            fence->reason = history_fence_reason(graph, node);
        set_reason(fence, fence_reason(node), FALSE);
    }
}
