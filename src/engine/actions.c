/* actions.c: the action graph behind the Transition Summary.
 *
 * Follows Pacemaker 2.1.5's scheduler after assignment: each primitive
 * gets the stop/start (and migrate, reload) actions its current and next
 * location call for, each group its start/running/stop/stopped
 * pseudo-actions; implicit orderings (stop before start, group members in
 * sequence) and the configured ones (orderings.c: Pacemaker Explained 2.1,
 * "Specifying the Order in which Resources Should Start/Stop", "Resource
 * Sets") are then applied until no action's flags change (propagate.c):
 * an action becomes required because another one is (implies then /
 * implies first / restart), or unrunnable because the one it waits for is
 * (runnable left).  Operation digests (digests.c) add restarts and reloads
 * for changed definitions; unclean nodes are fenced (fencing.c, Pacemaker
 * Explained 2.1, "Fencing").  This file creates each resource's actions,
 * the implicit orderings, and builds the whole graph (cs_graph_build);
 * graph.c below it stores actions and orderings.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/graph.h"

/* ---- resource state --------------------------------------------------- */

static gboolean node_listed(const CsNodeList *nodes, int node)
{
    for (guint i = 0; i < nodes->len; i++)
        if (nodes->items[i] == node)
            return TRUE;
    return FALSE;
}

static void init_rsc_state(CsGraph *graph)
{
    const CsSolution *solution = graph->solution;
    const CsModel *model = graph->model;

    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        const CsRscWork *work = &solution->work[rsc];

        graph->assigned[rsc] = work->assigned;
        graph->role[rsc] = work->role == CS_ROLE_UNKNOWN ? CS_ROLE_STOPPED : work->role;
        graph->next_role[rsc] = work->next_role;
        if (graph->next_role[rsc] == CS_ROLE_UNKNOWN)
            graph->next_role[rsc] = work->assigned >= 0 ? CS_ROLE_STARTED : CS_ROLE_STOPPED;
        if (work->assigned < 0)
            graph->next_role[rsc] = CS_ROLE_STOPPED;
        if (work->managed && (!solution->stonith_unmanage || work->limit_reached))
            graph->rsc_flags[rsc] |= CS_RSCF_MANAGED;
        /* A ticket lost with loss-policy=freeze blocks the resource as
         * on-fail=block does (Pacemaker Explained 2.1, "Multi-Site
         * Clusters and Tickets" loss-policy). */
        if (cs_ticket_blocked(solution, rsc) || work->blocked)
            graph->rsc_flags[rsc] |= CS_RSCF_BLOCK;
    }
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc < 0)
            continue;
        if (state->blocked)
            graph->rsc_flags[state->rsc] |= CS_RSCF_BLOCK;
        if (state->failed && !state->failure_ignored) {
            graph->rsc_flags[state->rsc] |= CS_RSCF_FAILED;
            if (state->on_fail_applied == NULL || strcmp(state->on_fail_applied, "demote") != 0)
                graph->rsc_flags[state->rsc] |= CS_RSCF_STOP;
        }
        /* A failed migrate_to leaves the resource active on its target
         * as well, a failed migrate_from on its source, listed first
         * (Pacemaker adds it while reading the history where it failed). */
        if (state->role >= CS_ROLE_STARTED && cs_failed_migration_peer(state) >= 0
            && !node_listed(&graph->running_on[state->rsc], cs_failed_migration_peer(state)))
            node_list_add(graph, &graph->running_on[state->rsc], cs_failed_migration_peer(state));
        /* A partial migration: the target too, listed first. */
        if (cs_partial_migration_target(state) >= 0
            && !node_listed(&graph->running_on[state->rsc], state->migration_target))
            node_list_add(graph, &graph->running_on[state->rsc], state->migration_target);
        /* A stopped source's failed migration: the target, once. */
        if (cs_stopped_migration_target(state) >= 0
            && !node_listed(&graph->running_on[state->rsc], state->migration_target))
            node_list_add(graph, &graph->running_on[state->rsc], state->migration_target);
        /* Pacemaker's native_add_running() lists a node once. */
        if (state->role >= CS_ROLE_STARTED
            && !node_listed(&graph->running_on[state->rsc], state->node))
            node_list_add(graph, &graph->running_on[state->rsc], state->node);
        if (state->pending_task != NULL && strcmp(state->pending_task, "start") == 0)
            graph->rsc_flags[state->rsc] |= CS_RSCF_START_PENDING;
    }
}

/* Pacemaker Explained 2.1, "Operation Properties" (on-fail=demote): a failed promote or
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
            || state->on_fail_applied == NULL)
            continue;
        if (strcmp(state->on_fail_applied, "demote") == 0)
            rsc_action(graph, state->rsc, CS_TASK_DEMOTE, state->node, FALSE);
        /* on-fail=restart: the failed resource is stopped where it
         * failed, a required stop made while the history is read, before
         * any other action and with no reason of its own (the stop a
         * multiply active resource with multiple-active=stop_unexpected
         * keeps on its expected node; checked with crm_simulate 2.1.5). */
        else if (strcmp(state->on_fail_applied, "restart") == 0 && state->role >= CS_ROLE_STARTED)
            rsc_action(graph, state->rsc, CS_TASK_STOP, state->node, FALSE);
    }
}

/* ---- a primitive's actions (Pacemaker's pcmk__primitive_create_actions) */

static gboolean multiple_active_is(const CsResource *info, const char *value)
{
    return info->multiple_active != NULL && strcmp(info->multiple_active, value) == 0;
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
        /* a partial migration going on is not stopped on its target */
        if ((flags & CS_RSCF_MIGRATION_CONTINUES) && node == graph->assigned[rsc])
            continue;
        stop = rsc_action(graph, rsc, CS_TASK_STOP, node, optional);
        if (graph->fenced[node])
            stop->flags |= CS_ACT_PSEUDO | CS_ACT_RUNNABLE;
        else if (cs_guest_unfenceable(graph->solution, node_info(graph, node)))
            stop->flags &= ~CS_ACT_RUNNABLE; /* no reason of its own: the
                                                start's is printed */
        if (graph->assigned[rsc] < 0)
            set_reason(stop, "node availability", TRUE);
        else if ((flags & CS_RSCF_RESTARTING) && (flags & CS_RSCF_STOP_UNEXPECTED))
            set_reason(stop, "being multiply active", TRUE);
        if (!(flags & CS_RSCF_MANAGED))
            stop->flags &= ~CS_ACT_RUNNABLE;
        unfence_order_stop(graph, stop);
    }
}

/* Pacemaker's start_resource(): a start that was unrunnable from the
 * outset stays optional. */
static void start_resource(CsGraph *graph, int rsc, int node, gboolean optional)
{
    CsAct *start = rsc_action(graph, rsc, CS_TASK_START, node, TRUE);

    start->flags |= CS_ACT_START_SCHEDULED;
    if ((start->flags & CS_ACT_RUNNABLE) && !optional)
        start->flags &= ~CS_ACT_OPTIONAL;
}

/* Pacemaker's demote_resource(): a demote wherever the instance is
 * active (all of them, when it is multiply active). */
static void demote_resource(CsGraph *graph, int rsc, gboolean optional)
{
    const CsNodeList *nodes = &graph->running_on[rsc];

    for (guint i = 0; i < nodes->len; i++)
        rsc_action(graph, rsc, CS_TASK_DEMOTE, nodes->items[i], optional);
}

/* Pacemaker's promote_resource(): the promotion can run only if every
 * start on that node can; otherwise any promote already there is
 * marked unrunnable and none is created. */
static void promote_resource(CsGraph *graph, int rsc, int node, gboolean optional)
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
static void restart_actions(CsGraph *graph, int rsc, gboolean need_stop, gboolean need_promote)
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
            promote_resource(graph, rsc, graph->assigned[rsc], !(need_stop || need_promote));
    }
    graph->rsc_flags[rsc] &= ~CS_RSCF_RESTARTING;
}

/* Pacemaker's schedule_role_transition_actions(): from the current role
 * to the next one, one step at a time (Pacemaker Explained 2.1, "Promotable clones": a
 * promoted instance is demoted before it stops, a stopped one started
 * before it is promoted). */
static void role_transition_actions(CsGraph *graph, int rsc)
{
    CsRole role = graph->role[rsc], next = graph->next_role[rsc];
    int assigned = graph->assigned[rsc];

    if (role == next)
        return;
    /* Outside a promotable clone, a resource recorded unpromoted or
     * promoted steps down to stopped before it is started (Pacemaker's
     * role matrix: Unpromoted to Started is a stop), printed Restart. */
    if ((role == CS_ROLE_PROMOTED || role == CS_ROLE_UNPROMOTED) && next == CS_ROLE_STARTED
        && !in_promotable(graph, rsc)) {
        if (role == CS_ROLE_PROMOTED)
            demote_resource(graph, rsc, FALSE);
        stop_resource(graph, rsc, FALSE);
        start_resource(graph, rsc, assigned, FALSE);
        return;
    }
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

/* Whether the resource's start waits for the fencing of unclean nodes
 * (Pacemaker Explained 2.1, "Resource Meta-Attributes", requires). */
gboolean cs_rsc_needs_fencing(const CsResource *info)
{
    return info->requires != NULL
           && (strcmp(info->requires, "fencing") == 0 || strcmp(info->requires, "unfencing") == 0);
}

/* The node a resource is active on, for moving it and for the summary:
 * the first it was found on, unless it does not need fencing (Pacemaker
 * Explained 2.1, "Resource Meta-Attributes", requires) and that node is
 * unclean: it may run elsewhere before the fencing, so the first clean
 * node is where it counts as active (checked with crm_simulate: a fence
 * device active on a node fenced for a lost ticket and on another one
 * stays on the other, no Move). */
int cs_current_node(const CsGraph *graph, int rsc)
{
    const CsNodeList *nodes = &graph->running_on[rsc];

    if (nodes->len == 0)
        return -1;
    if (!cs_rsc_needs_fencing(rsc_info(graph, rsc)))
        for (guint i = 0; i < nodes->len; i++)
            if (!node_info(graph, nodes->items[i])->unclean)
                return nodes->items[i];
    return nodes->items[0];
}

/* Whether rsc has a dangling migration: migrate_to and migrate_from both
 * succeeded, with no stop on the source since.  Pacemaker stops it on
 * that source, though the resource is not active there, so a resource
 * active nowhere and started is listed as restarted (checked with
 * crm_simulate: "Restart" where it starts, nothing when it stays
 * stopped or stays where it runs; transition.c).  Nor does such a
 * resource migrate again: it moves (corpus migrate-partial-4, and six
 * oracle-diff CIBs), the stop of its source undoing the migration as
 * the orderings are walked (stop_dangling_sources()). */
gboolean cs_has_dangling_migration(const CsGraph *graph, int rsc)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && state->dangling_migration)
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker's pcmk__rsc_can_migrate(). */
static gboolean can_migrate(const CsGraph *graph, int rsc, int current)
{
    const CsResource *info = rsc_info(graph, rsc);
    int assigned = graph->assigned[rsc];

    return info->allow_migrate && (graph->rsc_flags[rsc] & CS_RSCF_MANAGED)
           && !(graph->rsc_flags[rsc] & CS_RSCF_FAILED)
           && !(graph->rsc_flags[rsc] & CS_RSCF_START_PENDING) && current >= 0
           && !node_info(graph, current)->unclean && assigned >= 0
           && !node_info(graph, assigned)->unclean;
}

/* The state of rsc whose partial migration (migrate_to done, no
 * migrate_from yet) left it active on source and target, or NULL. */
static const CsRscState *partial_migration(const CsGraph *graph, int rsc)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && cs_partial_migration_target(state) >= 0)
            return state;
    }
    return NULL;
}

/* Whether rsc's last migrate_to left it partly migrated to a target
 * where nothing is known yet: not active there, but Pacemaker still
 * records the migration, which is enough to recover a multiply active
 * resource as multiple-active=stop_start would (checked with
 * crm_simulate: stop_unexpected, no "due to being multiply active",
 * oracle-diff seed 1012699). */
static gboolean migration_to_unknown_target(const CsGraph *graph, int rsc)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && state->migration_target_unknown)
            return TRUE;
    }
    return FALSE;
}

/* Whether rsc's history records a migration begun and not finished
 * that Pacemaker forgets when the resource cannot go on migrating, and
 * then migrates it no more: a partial or a dangling one.  A migrate_to
 * to a target where nothing is known yet is not one of them: a multiply
 * active resource with such a record still migrates off its current
 * node (checked with crm_simulate 2.1.5: its stop there is kept from
 * migrating by a clone's stop, "due to unrunnable cln stop"; gen.py seed
 * 1802954, tests/data/transition/multiply-active-unknown-target-*). */
static gboolean migration_dropped(const CsGraph *graph, int rsc)
{
    return partial_migration(graph, rsc) != NULL || cs_has_dangling_migration(graph, rsc);
}

/* A partial migration goes on only when the resource may migrate (not
 * failed either), is active on exactly its source and target, both
 * clean, and is assigned to the target again (checked with crm_simulate:
 * without allow-migrate, failed, or assigned elsewhere, it is multiply
 * active and stopped on both).
 * The source is then the node it moves from, listed first. */
/* A multiply active resource with multiple-active=stop_unexpected that
 * moves and could migrate from its current node: Pacemaker still sets
 * out to migrate it, and fetching the stop on the current node again for
 * that forgets the "being multiply active" reason the stop was given, so
 * a Move is printed without it.  The migration goes on only when that
 * stop is the only one (active on just the current and the assigned
 * node, the latter kept by stop_unexpected): any other stop cannot
 * migrate and, ordered after migrate_from, undoes it (Move).  Checked
 * with crm_simulate 2.1.5 -VVVVVV ("Changing rsc_stop_0 reason from
 * 'being multiply active' to '(none)'"); without allow-migrate, or with
 * multiple-active=stop_start, the summary is unchanged; oracle-diff seed
 * 1612153, tests/fuzz/cases/oracle-unexpected-migratable-{move,
 * move-three,to-active}. */
static void forget_unexpected_stop_reason(CsGraph *graph, int rsc, int current)
{
    if (cs_graph_find(graph, rsc, CS_TASK_STOP, current) != NULL)
        rsc_action(graph, rsc, CS_TASK_STOP, current, TRUE);
}

static gboolean migration_continues(CsGraph *graph, int rsc, guint n_clean)
{
    CsNodeList *nodes = &graph->running_on[rsc];
    const CsRscState *state;

    if (!rsc_info(graph, rsc)->allow_migrate || nodes->len != 2)
        return FALSE; /* before the scan of every state */
    state = partial_migration(graph, rsc);
    if (state == NULL || !can_migrate(graph, rsc, state->node) || nodes->len != 2 || n_clean != 2
        || graph->assigned[rsc] != state->migration_target || !node_listed(nodes, state->node))
        return FALSE;
    nodes->items[0] = state->node;
    nodes->items[1] = state->migration_target;
    graph->rsc_flags[rsc] |= CS_RSCF_MIGRATION_CONTINUES;
    return TRUE;
}

/* Pacemaker's pcmk__create_migration_actions(): migrate_to on the
 * current node, migrate_from on the new one; the stop and start stay
 * as pseudo-actions that migration may stand for. */
static void create_migration(CsGraph *graph, int rsc, int current)
{
    CsAct *start = find_first(graph, rsc, CS_TASK_START, -1);
    CsAct *stop = cs_graph_find(graph, rsc, CS_TASK_STOP, current);
    CsAct *migrate_to, *migrate_from;

    /* Pacemaker makes the stop where the migration starts if there is
     * none yet: a resource stopped on the source of a failed migrate_to
     * is still active on its target, with no stop scheduled there until
     * it migrates away (checked with crm_simulate 2.1.5: Migrate, not a
     * blocked Move; tests/fuzz/cases/oracle-stopped-migration-away). */
    if (stop == NULL && start != NULL)
        stop = rsc_action(graph, rsc, CS_TASK_STOP, current, TRUE);
    if (start == NULL || stop == NULL)
        return;
    migrate_to = rsc_action(graph, rsc, CS_TASK_MIGRATE_TO, current, TRUE);
    migrate_from = rsc_action(graph, rsc, CS_TASK_MIGRATE_FROM, graph->assigned[rsc], TRUE);
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

    if (assigned < 0 || (graph->rsc_flags[rsc] & CS_RSCF_BLOCK) || info->maintenance
        || node_info(graph, assigned)->maintenance)
        return;
    if (graph->next_role[rsc] != CS_ROLE_STOPPED || !(graph->rsc_flags[rsc] & CS_RSCF_MANAGED))
        rsc_action(graph, rsc, CS_TASK_START, assigned, TRUE);
}

/* A dangling migration's source is stopped (a required stop where the
 * resource is not active), before anything else is decided for the
 * resource.  That stop is what keeps it from migrating again: it is
 * ordered after the migration (migrate_from, which it makes unrunnable,
 * being no part of it), not before the start (checked with crm_simulate
 * 2.1.5's trace: the migration is made, then undone as the orderings are
 * walked, so an ordering reached before, such as the move's stop before
 * its node's unfencing, still names itself, "due to unrunnable
 * stonith"). */
static void stop_dangling_sources(CsGraph *graph, int rsc)
{
    const CsModel *model = graph->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && state->dangling_migration && state->node >= 0
            && node_info(graph, state->node)->online)
            rsc_action(graph, rsc, CS_TASK_STOP, state->node, FALSE)->flags |= CS_ACT_DANGLE;
    }
}

static void create_primitive_actions(CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);
    const CsNodeList *nodes = &graph->running_on[rsc];
    int current;
    int assigned = graph->assigned[rsc];
    guint n_clean = 0;
    gboolean need_stop = FALSE, moving = FALSE, migrate = FALSE;
    gboolean need_promote = FALSE;
    gboolean multiply_active, continues;

    stop_dangling_sources(graph, rsc);
    for (guint i = 0; i < nodes->len; i++)
        if (!node_info(graph, nodes->items[i])->unclean)
            n_clean++;
    continues = migration_continues(graph, rsc, n_clean);
    current = cs_current_node(graph, rsc);
    if (current >= 0 && assigned >= 0 && current != assigned
        && graph->next_role[rsc] >= CS_ROLE_STARTED) {
        moving = TRUE;
        migrate = can_migrate(graph, rsc, current);
        need_stop = TRUE;
    }
    /* Resources that do not need fencing are not active on unclean nodes
     * for this purpose: they may start elsewhere before the fencing. */
    multiply_active = continues ? FALSE : cs_rsc_needs_fencing(info) ? nodes->len > 1 : n_clean > 1;
    /* Pacemaker drops a multiply active resource's partial migration and
     * does not migrate it: it is stopped everywhere and started (Move).
     * Without one, a multiply active resource moving off its current
     * node keeps its migration actions: the required stop on the node it
     * is assigned to undoes the migration as the orderings are walked
     * (still a Move), but the stop where it is gets the reason of what
     * undid its migration first (checked with crm_simulate 2.1.5: its
     * stop before that node's unfencing, "due to unrunnable stonith";
     * tests/fuzz/cases/oracle-multiply-active-migration-unfence). */
    if (multiply_active && migration_dropped(graph, rsc))
        migrate = FALSE;
    if (multiply_active) {
        /* A partial migration left the resource active on its source and
         * target: it is recovered as multiple-active=stop_start would,
         * whatever the policy says (checked with crm_simulate 2.1.5: with
         * stop_unexpected, no "due to being multiply active" and no
         * migration back to the source). */
        if (multiple_active_is(info, "stop_unexpected") && partial_migration(graph, rsc) == NULL
            && !migration_to_unknown_target(graph, rsc) && !cs_has_dangling_migration(graph, rsc)) {
            need_stop = TRUE;
            graph->rsc_flags[rsc] |= CS_RSCF_STOP_UNEXPECTED;
        } else if (multiple_active_is(info, "stop_unexpected")
                   || (!multiple_active_is(info, "block") && !multiple_active_is(info, "stop_only"))) {
            need_stop = TRUE;
        }
    }
    if (moving) {
        /* the remaining checks are for a resource staying where it is */
    } else if (graph->rsc_flags[rsc] & CS_RSCF_FAILED) {
        if (graph->rsc_flags[rsc] & CS_RSCF_STOP)
            need_stop = TRUE;
        else if (graph->next_role[rsc] == CS_ROLE_PROMOTED)
            need_promote = TRUE; /* recovered by demotion */
    } else if (graph->rsc_flags[rsc] & CS_RSCF_BLOCK) {
        need_stop = TRUE;
    } else if (graph->role[rsc] > CS_ROLE_STARTED && current >= 0 && assigned >= 0) {
        /* A promotable instance staying put: a start already required
         * there (a definition change) restarts it. */
        CsAct *start = rsc_action(graph, rsc, CS_TASK_START, assigned, TRUE);

        if (!(start->flags & CS_ACT_OPTIONAL))
            need_stop = TRUE;
    }
    restart_actions(graph, rsc, need_stop, need_promote);
    role_transition_actions(graph, rsc);
    recurring_start(graph, rsc);
    if (migrate && multiply_active && (graph->rsc_flags[rsc] & CS_RSCF_STOP_UNEXPECTED))
        /* the orderings decide whether it migrates (see above) */
        forget_unexpected_stop_reason(graph, rsc, current);
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
     * 2.1, "Promotable clones") is promoted and demoted as a whole: its members' promotions
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
            state |= instance_state(graph, g_array_index(info->children, int, i));
        return state;
    }
    if (graph->running_on[rsc].len > 0)
        state |= INSTANCE_ACTIVE;
    for (guint i = 0; i < list->len; i++) {
        const CsAct *action = list->items[i];

        if (action->flags & CS_ACT_OPTIONAL)
            continue;
        if (action->task == CS_TASK_STOP && (action->flags & (CS_ACT_RUNNABLE | CS_ACT_PSEUDO)))
            state |= INSTANCE_STOPPING;
        else if (action->task == CS_TASK_START && (action->flags & CS_ACT_RUNNABLE))
            state |= INSTANCE_STARTING;
    }
    return state;
}

/* Whether any instance of clone has a required action for task. */
static gboolean any_instance_requires(const CsGraph *graph, int clone, CsTask task)
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

/* Pacemaker's promotable pseudo-actions (Pacemaker Explained 2.1, "Promotable clones"): the
 * clone's promote/promoted and demote/demoted, required when an instance
 * is promoted or demoted.  A promotable bundle has them too, on rsc, the
 * bundle, required by the instances of clone, the clone of its resource
 * inside (Pacemaker Explained 2.1, "Bundles"; checked with the oracle:
 * what is ordered after the bundle's promotion waits for "NAME
 * promoted"). */
static void create_promotable_actions(CsGraph *graph, int rsc, int clone)
{
    gboolean promoting = any_instance_requires(graph, clone, CS_TASK_PROMOTE);
    gboolean demoting = any_instance_requires(graph, clone, CS_TASK_DEMOTE);
    CsTask tasks[] = {CS_TASK_PROMOTE, CS_TASK_PROMOTED, CS_TASK_DEMOTE, CS_TASK_DEMOTED};

    for (guint i = 0; i < G_N_ELEMENTS(tasks); i++) {
        gboolean required = i < 2 ? promoting : demoting;
        CsAct *action = pseudo_rsc_action(graph, rsc, tasks[i], TRUE);

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
        guint one = instance_state(graph, g_array_index(info->children, int, i));

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
        create_promotable_actions(graph, clone, clone);
    else if (bundle_promotable_clone(graph, clone) >= 0)
        create_promotable_actions(graph, clone, bundle_promotable_clone(graph, clone));
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
    else if (info->kind == CS_RSC_CLONE || info->kind == CS_RSC_BUNDLE)
        create_clone_actions(graph, rsc);
}

/* ---- implicit orderings ----------------------------------------------- */

static void primitive_internal(CsGraph *graph, int rsc)
{
    /* Pacemaker 2.1.5 gives an unmanaged primitive no internal
     * constraints at all: the cluster will not restart it (Pacemaker
     * Explained 2.1, "Resource Meta-Attributes" is-managed), so its stop does not wait for, nor
     * become required by, its start. */
    if (!(graph->rsc_flags[rsc] & CS_RSCF_MANAGED))
        return;
    /* Stop before start, for restarts. */
    order_rsc(graph, rsc, CS_TASK_STOP, rsc, CS_TASK_START,
              ORD_OPTIONAL | ORD_IMPLIES_THEN | ORD_RESTART);
    /* Pacemaker Explained 2.1, "Promotable clones": demote before stop (required when a
     * promoted instance must stop), start before promote. */
    if (in_promotable(graph, rsc) || graph->role[rsc] > CS_ROLE_UNPROMOTED) {
        order_rsc(graph, rsc, CS_TASK_DEMOTE, rsc, CS_TASK_STOP, ORD_PROMOTED_IMPLIES_FIRST);
        order_rsc(graph, rsc, CS_TASK_START, rsc, CS_TASK_PROMOTE, ORD_RUNNABLE_LEFT);
    }
    /* Pacemaker Explained 2.1, "Unfencing" (fencing.c) */
    unfence_order_restart(graph, rsc);
}

/* A member of a cloned group in a promotable clone (Pacemaker Explained
 * 2.1, "Promotable clones"): the group's demote comes before the member's, which comes
 * before the group's demoted (with the flags of the stop orderings); the
 * member's promote comes before the group's promoted, which it makes
 * required, and, in an ordered group, after the previous member's
 * promote (which implies it), the previous member being demoted after
 * it.  The group's promote before the member's changes no flag but is
 * walked (which decides the reason a blocked member's promote keeps:
 * none when its own start blocks it first, oracle-diff seed 960738);
 * for an unordered group its stronger form is dropped as a duplicate,
 * as with starts. */
static void group_promotable_member(CsGraph *graph, int group, int member, int previous,
                                    gboolean ordered, guint down, guint post_down)
{
    order_rsc(graph, group, CS_TASK_DEMOTE, member, CS_TASK_DEMOTE, down);
    order_rsc(graph, member, CS_TASK_DEMOTE, group, CS_TASK_DEMOTED, post_down);
    order_rsc(graph, member, CS_TASK_PROMOTE, group, CS_TASK_PROMOTED,
              ORD_RUNNABLE_LEFT | ORD_IMPLIES_THEN | ORD_THEN_PRINTED);
    order_rsc(graph, group, CS_TASK_PROMOTE, member, CS_TASK_PROMOTE, ORD_FIRST_PRINTED);
    if (!ordered || previous < 0)
        return;
    order_rsc(graph, previous, CS_TASK_PROMOTE, member, CS_TASK_PROMOTE,
              ORD_IMPLIES_THEN | ORD_RUNNABLE_LEFT);
    order_rsc(graph, member, CS_TASK_DEMOTE, previous, CS_TASK_DEMOTE, ORD_OPTIONAL);
}

/* Pacemaker's group internal constraints (Pacemaker Explained 2.1, "Groups"
 * "Groups": members start in order and stop in reverse order). */
static void group_internal(CsGraph *graph, int group)
{
    const CsResource *info = rsc_info(graph, group);
    const char *ordered_text = g_hash_table_lookup(info->meta, "ordered");
    gboolean ordered = ordered_text == NULL || cs_text_is_true(ordered_text);
    gboolean promotable = in_promotable(graph, group);
    int previous = -1, last_active = -1;

    order_rsc(graph, group, CS_TASK_STOPPED, group, CS_TASK_START, ORD_OPTIONAL);
    order_rsc(graph, group, CS_TASK_STOP, group, CS_TASK_STOPPED, ORD_RUNNABLE_LEFT);
    order_rsc(graph, group, CS_TASK_START, group, CS_TASK_RUNNING, ORD_RUNNABLE_LEFT);
    for (guint i = 0; i < info->children->len; i++) {
        int member = g_array_index(info->children, int, i);
        guint down = ORD_FIRST_PRINTED, post_down = ORD_THEN_PRINTED;
        gboolean active = graph->running_on[member].len > 0;

        primitive_internal(graph, member);
        if (previous < 0 && ordered) {
            down |= ORD_OPTIONAL;
            post_down = ORD_IMPLIES_THEN;
        }
        if (promotable)
            group_promotable_member(graph, group, member, previous, ordered, down, post_down);
        order_rsc(graph, group, CS_TASK_STOP, member, CS_TASK_STOP, down);
        order_rsc(graph, member, CS_TASK_STOP, group, CS_TASK_STOPPED, post_down);
        order_rsc(graph, group, CS_TASK_START, member, CS_TASK_START, ORD_FIRST_PRINTED);
        order_rsc(graph, member, CS_TASK_START, group, CS_TASK_RUNNING,
                  ORD_RUNNABLE_LEFT | ORD_THEN_PRINTED);
        if (!ordered) {
            /* ordered=false (Pacemaker Explained 2.1, "Groups"): Pacemaker 2.1.5
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
            if (ordered && previous >= 0 && graph->running_on[previous].len == 0 && last_active >= 0
                && graph->running_on[last_active].len > 0)
                order_rsc(graph, member, CS_TASK_STOP, last_active, CS_TASK_STOP, ORD_OPTIONAL);
            last_active = member;
        }
        previous = member;
    }
}

/* Pacemaker's orderings of a promotable clone (Pacemaker Explained 2.1, "Promotable clones"):
 * its promotions wait for every instance to stop, demote and start; each
 * instance's promotion and demotion sit between the clone's pseudo-actions
 * (one after another for an ordered clone), and an instance is demoted
 * before it is promoted. */
static void promotable_internal(CsGraph *graph, int clone)
{
    const CsResource *info = rsc_info(graph, clone);
    int previous = -1;

    /* stopped before start and demoted before stop: clone_internal(). */
    order_rsc(graph, clone, CS_TASK_STOPPED, clone, CS_TASK_PROMOTE, ORD_OPTIONAL);
    order_rsc(graph, clone, CS_TASK_DEMOTED, clone, CS_TASK_START, ORD_OPTIONAL);
    order_rsc(graph, clone, CS_TASK_DEMOTED, clone, CS_TASK_PROMOTE, ORD_OPTIONAL);
    order_rsc(graph, clone, CS_TASK_RUNNING, clone, CS_TASK_PROMOTE, ORD_OPTIONAL);
    order_rsc(graph, clone, CS_TASK_DEMOTE, clone, CS_TASK_DEMOTED, ORD_OPTIONAL);
    for (guint i = 0; i < info->children->len; i++) {
        int instance = g_array_index(info->children, int, i);

        order_rsc(graph, instance, CS_TASK_DEMOTE, instance, CS_TASK_PROMOTE, ORD_OPTIONAL);
        order_rsc(graph, clone, CS_TASK_PROMOTE, instance, CS_TASK_PROMOTE, ORD_OPTIONAL);
        order_rsc(graph, instance, CS_TASK_PROMOTE, clone, CS_TASK_PROMOTED, ORD_OPTIONAL);
        if (info->ordered && previous >= 0)
            order_rsc(graph, previous, CS_TASK_PROMOTE, instance, CS_TASK_PROMOTE, ORD_OPTIONAL);
        order_rsc(graph, clone, CS_TASK_DEMOTE, instance, CS_TASK_DEMOTE, ORD_FIRST_PRINTED);
        order_rsc(graph, instance, CS_TASK_DEMOTE, clone, CS_TASK_DEMOTED, ORD_THEN_PRINTED);
        /* An ordered clone demotes its instances in reverse. */
        if (info->ordered && previous >= 0)
            order_rsc(graph, instance, CS_TASK_DEMOTE, previous, CS_TASK_DEMOTE, ORD_OPTIONAL);
        previous = instance;
    }
}

/* A clone's or a bundle's pseudo-actions: stopped before start, started
 * before running, stop before stopped. */
static void collective_orders(CsGraph *graph, int rsc)
{
    order_rsc(graph, rsc, CS_TASK_STOPPED, rsc, CS_TASK_START, ORD_OPTIONAL);
    order_rsc(graph, rsc, CS_TASK_START, rsc, CS_TASK_RUNNING, ORD_RUNNABLE_LEFT);
    order_rsc(graph, rsc, CS_TASK_STOP, rsc, CS_TASK_STOPPED, ORD_RUNNABLE_LEFT);
}

/* Pacemaker's clone_internal_constraints() (Pacemaker Explained 2.1, "Clones"
 * "Clones": ordered starts instances one after another). */
static void clone_internal(CsGraph *graph, int clone)
{
    const CsResource *info = rsc_info(graph, clone);
    int previous = -1;

    collective_orders(graph, clone);
    if (info->promotable) {
        order_rsc(graph, clone, CS_TASK_DEMOTED, clone, CS_TASK_STOP, ORD_OPTIONAL);
        order_rsc(graph, clone, CS_TASK_RUNNING, clone, CS_TASK_PROMOTE, ORD_RUNNABLE_LEFT);
    }
    for (guint i = 0; i < info->children->len; i++) {
        int instance = g_array_index(info->children, int, i);

        /* Pacemaker makes each instance's own constraints first, then
         * the clone's around it: which edge is newer decides the order
         * flags are updated in (oracle-diff seed 670873: an ordered
         * clone's stop of the previous instance comes before the
         * group instance's stopped). */
        if (rsc_info(graph, instance)->kind == CS_RSC_PRIMITIVE)
            primitive_internal(graph, instance);
        else if (rsc_info(graph, instance)->kind == CS_RSC_GROUP)
            group_internal(graph, instance);
        order_rsc(graph, clone, CS_TASK_START, instance, CS_TASK_START,
                  ORD_RUNNABLE_LEFT | ORD_FIRST_PRINTED);
        order_rsc(graph, instance, CS_TASK_START, clone, CS_TASK_RUNNING, ORD_THEN_PRINTED);
        if (info->ordered && previous >= 0)
            order_rsc(graph, previous, CS_TASK_START, instance, CS_TASK_START, ORD_OPTIONAL);
        order_rsc(graph, clone, CS_TASK_STOP, instance, CS_TASK_STOP, ORD_FIRST_PRINTED);
        order_rsc(graph, instance, CS_TASK_STOP, clone, CS_TASK_STOPPED, ORD_THEN_PRINTED);
        if (info->ordered && previous >= 0)
            order_rsc(graph, instance, CS_TASK_STOP, previous, CS_TASK_STOP, ORD_OPTIONAL);
        previous = instance;
    }
    if (info->promotable)
        promotable_internal(graph, clone);
}

/* A replica's container starts after its address (Pacemaker Explained
 * 2.1, "Bundles": the address is the container's), and cannot start
 * unless the address can: a running container whose address cannot start
 * (under no-quorum-policy freeze, restarted for a changed definition or
 * not running; banned from every node by fail counts) stops "due to
 * unrunnable ADDRESS start", and its guest node and the instance inside
 * with it.  The address's restart alone does not restart the container
 * (checked with the oracle: gen_bundle.py seed 1175879,
 * tests/fuzz/cases/oracle-bundle-address-*). */
static void order_address(CsGraph *graph, int container)
{
    int address = cs_bundle_container_address(graph->solution, container);

    if (address >= 0)
        order_rsc(graph, address, CS_TASK_START, container, CS_TASK_START, ORD_RUNNABLE_LEFT);
}

/* A bundle (Pacemaker Explained 2.1, "Bundles") starts and stops through
 * pseudo-actions as a clone does; its start gates its containers' starts,
 * not its addresses' (checked with the oracle: a mandatory order before
 * the bundle whose first cannot start blocks only the containers), and
 * its containers' starts and stops come before its running and stopped,
 * as a clone's instances' do: a container left with no start gets one
 * from that ordering, on no node, which then blocks what must be
 * colocated with the bundle (checked with the oracle: corpus
 * bundle-order-stop). */
static void bundle_internal(CsGraph *graph, int bundle)
{
    const CsResource *info = rsc_info(graph, bundle);
    int promotable = bundle_promotable_clone(graph, bundle);

    collective_orders(graph, bundle);
    /* A promotable bundle's promote and demote come before its clone's,
     * whose promoted and demoted come before the bundle's (the clone
     * decides whether they can run: propagate.c). */
    if (promotable >= 0) {
        order_rsc(graph, bundle, CS_TASK_PROMOTE, promotable, CS_TASK_PROMOTE, ORD_FIRST_PRINTED);
        order_rsc(graph, promotable, CS_TASK_PROMOTED, bundle, CS_TASK_PROMOTED, ORD_THEN_PRINTED);
        order_rsc(graph, bundle, CS_TASK_DEMOTE, promotable, CS_TASK_DEMOTE, ORD_FIRST_PRINTED);
        order_rsc(graph, promotable, CS_TASK_DEMOTED, bundle, CS_TASK_DEMOTED, ORD_THEN_PRINTED);
    }
    for (guint i = 0; i < info->children->len; i++) {
        int child = g_array_index(info->children, int, i);

        /* the clone of the resource inside has a clone's constraints */
        if (rsc_info(graph, child)->kind == CS_RSC_PRIMITIVE)
            primitive_internal(graph, child);
        if (cs_bundle_is_container(graph->solution, child)) {
            order_rsc(graph, bundle, CS_TASK_START, child, CS_TASK_START, ORD_RUNNABLE_LEFT);
            order_address(graph, child);
            order_rsc(graph, child, CS_TASK_START, bundle, CS_TASK_RUNNING, ORD_THEN_PRINTED);
            order_rsc(graph, child, CS_TASK_STOP, bundle, CS_TASK_STOPPED, ORD_THEN_PRINTED);
        }
    }
}

/* The container a filler (meta container) runs inside, or -1; a remote
 * connection's container is a guest node's, which is not a filler's, and
 * a filler pinned to its container's guest node follows that node
 * (guest.c).  A
 * group's container meta attribute reaches its members, the container
 * itself included, which cannot be its own container. */
static int filler_container(const CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);

    if (info->kind != CS_RSC_PRIMITIVE || info->is_remote_connection || info->container == rsc
        || cs_guest_filler_pinned(graph->model, rsc))
        return -1;
    return info->container;
}

/* Pacemaker's native internal constraints for a filler: it starts after
 * its container starts (and cannot start unless the container can), and
 * stops before its container stops; an unmanaged filler has none (as
 * its colocation, colocation.c). */
static void filler_internal(CsGraph *graph, int rsc)
{
    int container = filler_container(graph, rsc);

    if (container < 0 || !graph->solution->work[rsc].managed)
        return;
    order_rsc(graph, container, CS_TASK_START, rsc, CS_TASK_START,
              ORD_IMPLIES_THEN | ORD_RUNNABLE_LEFT);
    order_rsc(graph, rsc, CS_TASK_STOP, container, CS_TASK_STOP, ORD_IMPLIES_FIRST);
}

/* The container whose restart a failure of rsc with on-fail
 * restart-container asks for: a filler's, or a bundle's connection's
 * (the replica's container, expand.c), or -1. */
static int restarted_container(const CsGraph *graph, int rsc)
{
    const CsResource *info = rsc_info(graph, rsc);

    if (info->implicit && info->is_remote_connection)
        return info->container;
    return filler_container(graph, rsc);
}

/* on-fail=restart-container (the default for a filler, Pacemaker Explained
 * 2.1, "on-fail"): a failure of the filler stops its container on that
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
        container = restarted_container(graph, state->rsc);
        if (container >= 0 && node_listed(&graph->running_on[container], state->node))
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
        else if (info->kind == CS_RSC_GROUP && !(info->parent >= 0 && is_clone(graph, info->parent)))
            group_internal(graph, rsc);
        else if (info->kind == CS_RSC_BUNDLE)
            bundle_internal(graph, rsc);
        else if (info->kind == CS_RSC_PRIMITIVE && info->parent < 0)
            primitive_internal(graph, rsc);
        filler_internal(graph, rsc);
    }
}

/* ---- the whole graph -------------------------------------------------- */

/* Pacemaker creates the resources' actions in the order it sorted them
 * for assignment, then any the sorted list does not hold; which action
 * is newer decides the order flags are updated in, and so which reason
 * an action keeps (checked with crm_simulate 2.1.5: a clone instance
 * restarted both by an order and by its node's unfencing). */
static void create_all_actions(CsGraph *graph)
{
    const CsSolution *solution = graph->solution;
    g_autofree gboolean *done = g_new0(gboolean, solution->n_rsc);

    for (guint i = 0; solution->assign_order != NULL && i < solution->assign_order->len; i++) {
        int rsc = g_array_index(solution->assign_order, int, i);

        done[rsc] = TRUE;
        create_actions(graph, rsc);
    }
    for (int rsc = 0; rsc < solution->n_rsc; rsc++)
        if (rsc_info(graph, rsc)->parent < 0 && !done[rsc])
            create_actions(graph, rsc);
}

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
    graph->unfence = g_new0(CsAct *, solution->n_nodes);
    graph->probes_disabled = cs_startup_probes_disabled(graph->model);
    init_rsc_state(graph);
    schedule_failure_demotions(graph);
    schedule_fencing(graph);
    cs_remote_schedule_fencing(graph);
    cs_guest_schedule_fencing(graph);
    unfence_prepare(graph);
    restart_containers(graph);
    configured_orderings(graph);
    cs_bundle_address_connections(graph);
    check_definitions(graph);
    unfence_probes(graph);
    create_all_actions(graph);
    cs_guest_name_fencing(graph);
    unfence_starts(graph);
    unfence_order_created_starts(graph);
    internal_constraints(graph);
    cs_guest_order_actions(graph);
    cs_remote_order_actions(graph);
    for (guint i = 0; i < graph->orderings->len; i++)
        apply_ordering(graph, g_ptr_array_index(graph->orderings, i));
    order_probes(graph);
    order_clone_pending_probes(graph);
    /* Pacemaker 2.1.5 applies the orderings in two passes over its action
     * list (newest first): first every start or promotion that cannot run
     * blocks what must be colocated with its resource (Pacemaker Explained
     * 2.1, "Placing Resources Relative to other Resources"), a start that
     * could never run (no quorum, no node) as well as one an ordering
     * blocks, so that a dependent that needs nothing (requires=nothing)
     * does not start alone; only then is each action updated along its
     * orderings.  An action keeps its first reason, so a start blocked by
     * a colocation says so even where an ordering blocks it too (checked
     * with the oracle: corpus bundle-order-stop, a bundle colocated with
     * one whose containers stop).  The pass walks pseudo-actions too: a
     * clone's start blocked earlier in the pass, while its instances
     * (groups, whose starts are pseudo-actions) could still start, is
     * asked again when the pass reaches it, once the blocking has made
     * its instances' starts unrunnable, and then blocks its own
     * dependents (checked with the oracle: a dependent placed before a
     * cloned group in a colocation loop stops "due to colocation with"
     * the clone, tests/data/transition/coloc-loop-cloned-group-*). */
    for (guint i = graph->actions->len; i-- > 0;) {
        CsAct *action = g_ptr_array_index(graph->actions, i);

        block_colocation_dependents(graph, action);
    }
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
    g_free(graph->unfence);
    g_free(graph);
}
