/* clone.c: placing clone instances (Pacemaker Explained 2.1, "Clones").
 *
 * Pacemaker 2.1.5 assigns a clone in one step: its primaries first, its
 * dependents' preferences merged into its own scores (printed as
 * pcmk__clone_allocate lines with every instance's scores), then the
 * instances in order of preference: first each active instance to the
 * node it runs on (while that node has fewer than clone-max / nodes
 * instances), then the others to their best node, never more than
 * clone-node-max on a node nor more than clone-max in all.  Each instance
 * takes the clone's mandatory and negative colocations (all of them when
 * not every node gets an instance).
 */
#include <string.h>

#include "engine/engine_internal.h"
#include "engine/clone_internal.h"
#include "engine/promote_internal.h"

static const CsResource *rsc_of(const CsSolution *solution, int rsc)
{
    return g_ptr_array_index(solution->model->resources, rsc);
}

void cs_clones_init(CsSolution *solution)
{
    CsCloneWork *clones = g_new0(CsCloneWork, 1);

    clones->fence_reason = g_new0(const char *, solution->n_nodes);
    clones->ticket_blocked = g_new0(gboolean, solution->n_rsc);
    clones->ticket_unmanaged = g_new0(gboolean, solution->n_rsc);
    clones->node_count = g_new0(int, solution->n_nodes);
    clones->order = g_new0(GArray *, solution->n_rsc);
    solution->clones = clones;
}

void cs_clones_free(CsSolution *solution)
{
    CsCloneWork *clones = solution->clones;

    if (clones == NULL)
        return;
    cs_promote_free(solution);
    g_free(clones->fence_reason);
    g_free(clones->ticket_blocked);
    g_free(clones->ticket_unmanaged);
    g_free(clones->node_count);
    for (int rsc = 0; rsc < solution->n_rsc; rsc++)
        if (clones->order[rsc] != NULL)
            g_array_unref(clones->order[rsc]);
    g_free(clones->order);
    g_free(clones);
    solution->clones = NULL;
}

/* ---- instance order (Pacemaker's pcmk__cmp_instance) ------------------ */

typedef struct InstanceOrder {
    const CsSolution *solution;
    int clone;
} InstanceOrder;

static gboolean is_member_of(const CsSolution *solution, int rsc, int group)
{
    return rsc >= 0 && rsc_of(solution, rsc)->parent == group;
}

/* How many entries a group instance's list of active nodes holds in
 * Pacemaker 2.1.5 (native_add_running(), history by history): a managed
 * member adds its node once, but an unmanaged one (is-managed=false,
 * maintenance, blocked) appends its node to the group's list even when
 * it is there already, so that such an instance counts as active on more
 * nodes and is placed after the others.  A member a lost ticket freezes
 * is still managed then: tickets come later, with the constraints
 * (checked with crm_simulate 2.1.5, oracle-diff seed 801841). */
static int group_running_entries(const CsSolution *solution, int group)
{
    const CsModel *model = solution->model;
    g_autofree gboolean *listed = g_new0(gboolean, solution->n_nodes);
    int entries = 0;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsNode *node;

        if (!is_member_of(solution, state->rsc, group) || state->role < CS_ROLE_STARTED
            || state->node < 0)
            continue;
        node = g_ptr_array_index(model->nodes, state->node);
        if (!solution->work[state->rsc].managed
            && !solution->clones->ticket_unmanaged[state->rsc]) {
            if (node->online)
                entries++;
            listed[state->node] = TRUE;
        } else if (!listed[state->node]) {
            listed[state->node] = TRUE;
            entries++;
        }
    }
    return entries;
}

/* Whether a group member active on node leaves the group's list of
 * active nodes without it: an unmanaged member (is-managed=false, a node
 * in maintenance, blocked) on a node that is offline, clean or not.  A
 * cloned group whose members are all so is inactive to the instance
 * order, while a cloned primitive there is active (checked with
 * crm_simulate's trace, "Assign cgr-g:1 after cgr-g:2: active", oracle-diff
 * seed 1230687). */
static gboolean unlisted_member(const CsSolution *solution, int member, int node)
{
    const CsNode *info;

    if (node < 0 || rsc_of(solution, member)->kind != CS_RSC_PRIMITIVE
        || solution->work[member].managed || solution->clones->ticket_unmanaged[member])
        return FALSE;
    info = g_ptr_array_index(solution->model->nodes, node);
    return !info->online;
}

/* Where an instance (any member of a group instance) is active: the
 * first node, and on how many nodes (Pacemaker's count of its list). */
static int instance_current(const CsSolution *solution, int rsc, int *count)
{
    const CsResource *info = rsc_of(solution, rsc);
    int node = -1;

    *count = 0;
    if (info->kind == CS_RSC_PRIMITIVE) {
        *count = solution->work[rsc].n_running;
        return solution->work[rsc].current;
    }
    for (guint i = 0; i < info->children->len; i++) {
        int member = g_array_index(info->children, int, i);
        int n;
        int where = instance_current(solution, member, &n);

        if (info->kind == CS_RSC_GROUP && unlisted_member(solution, member, where))
            continue;
        if (node < 0 && where >= 0)
            node = where;
        *count = MAX(*count, n);
    }
    if (info->kind == CS_RSC_GROUP && node >= 0)
        *count = MAX(*count, group_running_entries(solution, rsc));
    return node;
}

static gboolean instance_failed(const CsSolution *solution, int rsc)
{
    const CsModel *model = solution->model;
    const CsResource *info = rsc_of(solution, rsc);

    for (guint i = 0; i < info->children->len; i++)
        if (instance_failed(solution, g_array_index(info->children, int, i)))
            return TRUE;
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && state->failed && !state->failure_ignored)
            return TRUE;
    }
    return FALSE;
}

/* Whether the instance itself failed: Pacemaker 2.1.5 keeps an instance
 * off its current node in the first pass only if the instance is flagged
 * failed, which a cloned group never is (its members are; checked with
 * crm_simulate: a group instance with a failed member still takes its
 * node before one listed earlier), while the instance order looks at the
 * members too (instance_failed()). */
static gboolean instance_flagged_failed(const CsSolution *solution, int rsc)
{
    return rsc_of(solution, rsc)->kind == CS_RSC_PRIMITIVE && instance_failed(solution, rsc);
}

static gboolean node_allowed(const CsSolution *solution, int rsc, int node)
{
    const CsTable *table = solution->work[rsc].table;

    return table->allowed[node] && table->score[node] >= 0;
}

/* Whether the instance may stay on node as far as the instance order
 * goes: allowed there with no negative score, and, an orphan instance
 * (past clone-max), not on an unclean node: Pacemaker counts such an
 * orphan as active on a disallowed node and places it after the others,
 * so that an instance that failed on a clean node goes first (checked
 * with crm_simulate 2.1.5's trace, "not active on a disallowed node":
 * gen.py seed 1861623, an orphan on a lost node with fencing enabled and
 * no device; tests/fuzz/cases/oracle-clone-orphan-unclean-order).  On a
 * clean node it is not (the order then looks at the node's availability). */
static gboolean may_stay(const CsSolution *solution, int rsc, int node)
{
    const CsNode *info = g_ptr_array_index(solution->model->nodes, node);

    if (!node_allowed(solution, rsc, node))
        return FALSE;
    return !(cs_rsc_is_orphan(solution, rsc) && info->unclean);
}

static int instance_number(const CsResource *info)
{
    const char *colon = strrchr(info->id, ':');

    return colon != NULL ? atoi(colon + 1) : 0;
}

static CsScore instance_colocation_score(CsSolution *solution, int clone, int node);

static gint compare_instances(gconstpointer a, gconstpointer b, gpointer data)
{
    const InstanceOrder *order = data;
    const CsSolution *solution = order->solution;
    int rsc1 = *(const int *)a, rsc2 = *(const int *)b;
    int n1, n2;
    int node1 = instance_current(solution, rsc1, &n1);
    int node2 = instance_current(solution, rsc2, &n2);
    gboolean can1, can2;
    CsScore score1, score2;

    if (n1 > 0 && n2 > 0 && n1 != n2)
        return n1 < n2 ? -1 : 1;
    can1 = node1 < 0 || may_stay(solution, rsc1, node1);
    can2 = node2 < 0 || may_stay(solution, rsc2, node2);
    if (!can1)
        node1 = -1;
    if (!can2)
        node2 = -1;
    if (can1 != can2)
        return can1 ? -1 : 1;
    /* A promotable instance's priority is its promotion score. */
    if (cs_promote_instance_priority(solution, rsc1)
        != cs_promote_instance_priority(solution, rsc2))
        return cs_promote_instance_priority(solution, rsc1)
                       > cs_promote_instance_priority(solution, rsc2)
                   ? -1
                   : 1;
    if (node1 < 0 && node2 < 0)
        return 0;
    if (node1 < 0 || node2 < 0)
        return node1 < 0 ? 1 : -1;
    can1 = cs_engine_node_available(solution, node1);
    can2 = cs_engine_node_available(solution, node2);
    if (can1 != can2)
        return can1 ? -1 : 1;
    can1 = solution->work[order->clone].table->allowed[node1];
    can2 = solution->work[order->clone].table->allowed[node2];
    if (!can1 && !can2)
        return 0;
    if (can1 != can2)
        return can1 ? -1 : 1;
    can1 = instance_failed(solution, rsc1);
    can2 = instance_failed(solution, rsc2);
    if (can1 != can2)
        return can1 ? 1 : -1;
    score1 = instance_colocation_score((CsSolution *)solution, order->clone, node1);
    score2 = instance_colocation_score((CsSolution *)solution, order->clone, node2);
    if (score1 != score2)
        return score1 > score2 ? -1 : 1;
    return instance_number(rsc_of(solution, rsc1)) - instance_number(rsc_of(solution, rsc2));
}

gint cs_clone_compare_instances(const CsSolution *solution, int clone, int rsc1, int rsc2)
{
    InstanceOrder order = {solution, clone};

    return compare_instances(&rsc1, &rsc2, &order);
}

/* ---- assigning one instance ------------------------------------------- */

/* Pacemaker's common_update_score(): an instance and all its members. */
static void update_score(CsSolution *solution, int rsc, int node, CsScore value, const char *why)
{
    const CsResource *info = rsc_of(solution, rsc);
    CsTable *table = solution->work[rsc].table;

    if (table->allowed[node])
        cs_table_add_simple(table, node, CS_CONTRIB_CLONE, why, value);
    for (guint i = 0; i < info->children->len; i++)
        update_score(solution, g_array_index(info->children, int, i), node, value, why);
}

/* Pacemaker's can_run_instance() over every allowed node. */
static void limit_instance(CsSolution *solution, int clone, int rsc, int limit)
{
    const CsTable *clone_table = solution->work[clone].table;

    for (int node = 0; node < solution->n_nodes; node++) {
        if (!solution->work[rsc].table->allowed[node])
            continue;
        if (!cs_engine_node_available(solution, node) || cs_rsc_is_orphan(solution, rsc)
            || !clone_table->allowed[node])
            update_score(solution, rsc, node, -CS_INFINITY, "clone instance cannot run here");
        else if (clone_table->score[node] < 0) {
            /* can_run_instance() adds the clone's negative score and then
             * still takes the node away: an instance never runs where its
             * clone's own score is below zero. */
            update_score(solution, rsc, node, clone_table->score[node], "clone score");
            update_score(solution, rsc, node, -CS_INFINITY, "clone score below zero");
        } else if (solution->clones->node_count[node] >= limit)
            update_score(solution, rsc, node, -CS_INFINITY, "clone-node-max reached");
    }
}

/* Pacemaker's append_parent_colocation(): the instance takes the
 * clone's colocations, each where the priority order of its lists puts
 * it, so the dependents' preferences are merged into an instance in the
 * clone's own order (checked with crm_simulate's trace: a clone first in
 * a negative colocation set with a clone and a primitive merges the
 * clone's preferences before the primitive's; prepending them reversed
 * that, and oracle-diff seeds 961050 and 621289 scored 3 for 224 and 54). */
static void inherit_colocations(CsSolution *solution, int clone, int rsc, gboolean all)
{
    CsRscWork *parent = &solution->work[clone];

    for (guint i = 0; i < parent->this_with->len; i++) {
        CsColoc *coloc = g_ptr_array_index(parent->this_with, i);

        if (all || coloc->score < 0 || coloc->score >= CS_INFINITY)
            cs_coloc_insert_this_with(solution, rsc, coloc);
    }
    for (guint i = 0; i < parent->with_this->len; i++) {
        CsColoc *coloc = g_ptr_array_index(parent->with_this, i);

        if (!coloc->influence && solution->work[clone].n_running > 0)
            continue;
        if (all || coloc->score < 0)
            cs_coloc_insert_with_this(solution, rsc, coloc);
    }
}

static void set_prefer(CsSolution *solution, int rsc, int node)
{
    const CsResource *info = rsc_of(solution, rsc);

    solution->work[rsc].has_prefer = node >= 0;
    solution->work[rsc].prefer = node;
    for (guint i = 0; i < info->children->len; i++)
        set_prefer(solution, g_array_index(info->children, int, i), node);
}

/* Undo an instance's assignment to a node it was not meant for. */
static void keep_rolled_back(GPtrArray **list, CsTable **printed)
{
    if (*printed == NULL)
        return;
    if (*list == NULL)
        *list = g_ptr_array_new_with_free_func((GDestroyNotify)cs_table_free);
    g_ptr_array_add(*list, *printed);
    *printed = NULL;
}

static void unassign(CsSolution *solution, int rsc, CsTable **backup)
{
    const CsResource *info = rsc_of(solution, rsc);
    CsRscWork *work = &solution->work[rsc];

    if (work->assigned >= 0) {
        solution->num_assigned[work->assigned]--;
        cs_capacity_release(solution, rsc, work->assigned);
    }
    work->assigned = -1;
    work->provisional = TRUE;
    /* Pacemaker printed the scores of the attempt it rolls back. */
    keep_rolled_back(&work->rolled_back, &work->printed);
    keep_rolled_back(&work->rolled_back_group, &work->group_printed);
    if (backup != NULL) {
        cs_table_free(work->table);
        work->table = *backup;
        *backup = NULL;
    }
    for (guint i = 0; i < info->children->len; i++)
        unassign(solution, g_array_index(info->children, int, i), NULL);
}

/* Pacemaker 2.1.5 rolls a group instance back with native_deallocate(),
 * which a group (no node of its own) ignores: only its scores are
 * restored; it and its members stay assigned where they went, and the
 * node's instance count does not include it. */
static void keep_group_assigned(CsSolution *solution, int rsc, CsTable **backup)
{
    CsRscWork *work = &solution->work[rsc];

    cs_table_free(work->table);
    work->table = *backup;
    *backup = NULL;
}

static int assign_instance(CsSolution *solution, int clone, int rsc, int prefer, gboolean all_coloc,
                           int limit)
{
    CsRscWork *work = &solution->work[rsc];
    CsTable *backup;
    int chosen;

    if (!work->provisional)
        return work->assigned;
    if (work->allocating)
        return -1;
    inherit_colocations(solution, clone, rsc, all_coloc);
    if (prefer >= 0 && (!work->table->allowed[prefer] || work->table->score[prefer] < 0))
        return -1;
    limit_instance(solution, clone, rsc, limit);
    backup = cs_table_copy(work->table);
    set_prefer(solution, rsc, prefer);
    chosen = cs_assign(solution, rsc);
    set_prefer(solution, rsc, -1);
    if (chosen >= 0 && prefer >= 0 && chosen != prefer) {
        if (rsc_of(solution, rsc)->kind == CS_RSC_GROUP)
            keep_group_assigned(solution, rsc, &backup);
        else
            unassign(solution, rsc, &backup);
        chosen = -1;
    }
    cs_table_free(backup);
    if (chosen >= 0)
        solution->clones->node_count[chosen]++;
    return chosen;
}

static void distribute_counted(CsSolution *solution, int clone, GArray *instances, int max,
                               int per_node);

/* Pacemaker counts a clone's instances per node in the clone's own node
 * table: a distribution nested in another (a bundle's container placing
 * the bundle it is colocated with, engine/bundle_colocation.c) leaves
 * the outer one's counts as they were (gen_bundle.py --links seed 3125). */
void cs_clone_distribute(CsSolution *solution, int clone, GArray *instances, int max, int per_node)
{
    int *counts = solution->clones->node_count;
    g_autofree int *outer = g_memdup2(counts, sizeof(int) * (gsize)solution->n_nodes);

    distribute_counted(solution, clone, instances, max, per_node);
    if (outer != NULL) /* NULL with no nodes */
        memcpy(counts, outer, sizeof(int) * (gsize)solution->n_nodes);
}

/* An instance past clone-max is never assigned, so Pacemaker never
 * takes its management away for want of a fencing device (Pacemaker
 * Explained 2.1, "Cluster Options" stonith-enabled): an orphan instance
 * active in the status is stopped "due to node availability" where every
 * other resource is left alone (checked with crm_simulate 2.1.5: an
 * anonymous clone with clone-max 2 active on three nodes, plain,
 * promotable or of a group, tests/fuzz/cases/oracle-clone-orphan-nodevice-*). */
static void mark_limit_reached(CsSolution *solution, int rsc, gboolean reached)
{
    const CsResource *info = rsc_of(solution, rsc);

    solution->work[rsc].limit_reached = reached;
    for (guint i = 0; info->children != NULL && i < info->children->len; i++)
        mark_limit_reached(solution, g_array_index(info->children, int, i), reached);
}

static void distribute_counted(CsSolution *solution, int clone, GArray *instances, int max,
                               int per_node)
{
    const CsTable *table = solution->work[clone].table;
    int available = 0, loop_max, assigned = 0;
    gboolean all_coloc;

    for (int node = 0; node < solution->n_nodes; node++) {
        solution->clones->node_count[node] = 0;
        if (table->allowed[node] && cs_engine_node_available(solution, node))
            available++;
    }
    all_coloc = max < available;
    /* a distribution made again (a colocation rolled back) starts over */
    for (guint i = 0; i < instances->len; i++)
        mark_limit_reached(solution, g_array_index(instances, int, i), FALSE);
    loop_max = available > 0 ? max / available : 1;
    if (loop_max < 1)
        loop_max = 1;
    /* First, active instances stay where they are if they may. */
    for (guint i = 0; i < instances->len && assigned < max; i++) {
        int rsc = g_array_index(instances, int, i);
        int n, current = instance_current(solution, rsc, &n);

        if (current < 0 || !solution->work[rsc].provisional
            || instance_flagged_failed(solution, rsc))
            continue;
        if (!cs_engine_node_available(solution, current))
            continue;
        if (table->allowed[current] && solution->clones->node_count[current] >= loop_max)
            continue;
        if (assign_instance(solution, clone, rsc, current, all_coloc, per_node) >= 0)
            assigned++;
    }
    for (guint i = 0; i < instances->len; i++) {
        int rsc = g_array_index(instances, int, i);

        if (!solution->work[rsc].provisional)
            continue;
        if (assigned >= max) {
            for (int node = 0; node < solution->n_nodes; node++)
                update_score(solution, rsc, node, -CS_INFINITY, "clone:limit_reached");
            mark_limit_reached(solution, rsc, TRUE);
            continue;
        }
        if (assign_instance(solution, clone, rsc, -1, all_coloc, per_node) >= 0)
            assigned++;
    }
}

/* Pacemaker Explained 2.1, "Anonymous versus Unique Clones": an
 * anonymous clone's instances are interchangeable; Pacemaker 2.1.5
 * places at most one of them on a node, whatever clone-node-max says
 * (checked with crm_simulate: promotable or not, active or not, of a
 * primitive or of a group).  Colocations still compare the configured
 * values (clone_interleaves()). */
int cs_clone_node_limit(const CsResource *clone)
{
    return clone->globally_unique ? clone->clone_node_max : 1;
}

static void distribute(CsSolution *solution, int clone, GArray *instances)
{
    const CsResource *info = rsc_of(solution, clone);

    cs_clone_distribute(solution, clone, instances, info->clone_max, cs_clone_node_limit(info));
}

static void snapshot(CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);
    CsRscWork *work = &solution->work[rsc];

    cs_table_free(work->clone_printed);
    work->clone_printed = cs_table_copy(work->table);
    cs_print_log(solution, CS_PRINT_CLONE, rsc);
    for (guint i = 0; i < info->children->len; i++)
        snapshot(solution, g_array_index(info->children, int, i));
}

/* A clone takes its dependents' preferences only as far as they keep
 * every node non-negative (cs_merge_scores_positive).  Consumes table. */
static CsTable *merge_positive(CsSolution *solution, CsTable *table, const CsColoc *coloc,
                               gboolean rollback)
{
    return cs_merge_scores_positive(solution, coloc->dependent, table, coloc->attribute,
                                    coloc->score / (float)CS_INFINITY, rollback, coloc->id);
}

/* Pacemaker's order_instance_by_colocation(): an instance's current
 * node scored with the clone's colocations (its primaries' scores, its
 * dependents' positive preferences); the higher score is placed first. */
/* The score an instance's current node starts from: the node's own
 * weight, which Pacemaker sets to -INFINITY for a cluster node that is
 * offline or shutting down (no resource is to run there).  So of two
 * instances whose nodes cannot keep them, neither failed, one on a node
 * shutting down or offline (unclean) sorts after one on a standby node,
 * and two on such nodes go by number (checked with crm_simulate's trace,
 * "Assign cln-p:0 (-1000000 on node2) after cln-p:1 (0 on node4)":
 * oracle-diff seeds 430230 and 1012972).  A remote or guest node keeps
 * its weight whatever its state (Pacemaker Explained 2.1, "Pacemaker
 * Remote"): an instance on a guest node going down with its container
 * sorts before one on an offline cluster node (gen_remote.py seed
 * 1005172, tests/data/transition/clone-instance-order-guest-*). */
static CsScore current_node_weight(const CsNode *info)
{
    if (info->type == CS_NODE_REMOTE || info->type == CS_NODE_GUEST)
        return info->weight;
    return !info->online || info->shutdown ? -CS_INFINITY : info->weight;
}

static CsScore instance_colocation_score(CsSolution *solution, int clone, int node)
{
    const CsRscWork *work = &solution->work[clone];
    const CsNode *info = g_ptr_array_index(solution->model->nodes, node);
    CsTable *table = cs_table_new(solution->n_nodes, TRUE);
    CsScore score;

    cs_table_add_simple(table, node, CS_CONTRIB_NODE_WEIGHT, NULL, current_node_weight(info));
    table->allowed[node] = TRUE;
    for (guint i = 0; i < work->this_with->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(work->this_with, i);

        table = cs_merge_scores(solution, coloc->primary, table, coloc->attribute,
                                coloc->score / (float)CS_INFINITY, FALSE, FALSE, coloc->id);
    }
    for (guint i = 0; i < work->with_this->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(work->with_this, i);

        if (!coloc->influence && solution->work[coloc->primary].n_running > 0)
            continue;
        table = merge_positive(solution, table, coloc, FALSE);
    }
    score = table->allowed[node] ? table->score[node] : -CS_INFINITY;
    cs_table_free(table);
    return score;
}

int cs_clone_assign(CsSolution *solution, int clone)
{
    const CsResource *info = rsc_of(solution, clone);
    CsRscWork *work = &solution->work[clone];
    g_autoptr(GArray) instances = NULL;
    InstanceOrder order = {solution, clone};

    if (!work->provisional || work->allocating)
        return -1;
    work->allocating = TRUE;
    if (info->promotable)
        cs_promote_add_scores(solution, clone);
    for (guint i = 0; i < work->this_with->len; i++)
        cs_assign(solution, ((CsColoc *)g_ptr_array_index(work->this_with, i))->primary);
    for (guint i = 0; i < work->with_this->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(work->with_this, i);

        if (!coloc->influence && work->n_running > 0)
            continue;
        work->table = merge_positive(solution, work->table, coloc, TRUE);
    }
    snapshot(solution, clone);
    work->printed = cs_table_copy(work->table);
    instances = g_array_new(FALSE, FALSE, sizeof(int));
    g_array_append_vals(instances, info->children->data, info->children->len);
    /* g_array_sort is not stable: ties fall back to the position. */
    g_array_sort_with_data(instances, compare_instances, &order);
    distribute(solution, clone, instances);
    /* Pacemaker sorts the clone's own list of children: colocations
     * with the clone later visit the instances in this order. */
    if (solution->clones->order[clone] != NULL)
        g_array_unref(solution->clones->order[clone]);
    solution->clones->order[clone] = g_array_ref(instances);
    if (info->promotable)
        cs_promote_set_roles(solution, clone);
    work->allocating = FALSE;
    work->provisional = FALSE;
    return -1;
}

/* ---- colocations with a clone ----------------------------------------- */

gboolean cs_clone_interleaves(const CsSolution *solution, int dependent, const CsColoc *coloc)
{
    const CsResource *info = rsc_of(solution, coloc->dependent);
    const char *interleave;

    if (info->kind != CS_RSC_CLONE || dependent == coloc->dependent)
        return FALSE;
    interleave = g_hash_table_lookup(info->meta, "interleave");
    if (interleave == NULL || !cs_text_is_true(interleave))
        return FALSE;
    /* Clones that may run different numbers of instances per node do
     * not interleave: Pacemaker reports a configuration error and
     * colocates with every instance (checked with crm_simulate 2.1.5). */
    return info->clone_node_max == rsc_of(solution, coloc->primary)->clone_node_max;
}

/* The instance of clone assigned to node, or -1. */
static gboolean instance_blocked(const CsSolution *solution, int rsc);

/* Whether a lost ticket with loss-policy=freeze blocks rsc or anything
 * under it (a cloned group's member: oracle-diff seed 1022226). */
static gboolean ticket_frozen(const CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);

    if (cs_ticket_blocked(solution, rsc))
        return TRUE;
    for (guint i = 0; i < info->children->len; i++)
        if (ticket_frozen(solution, g_array_index(info->children, int, i)))
            return TRUE;
    return FALSE;
}

/* Pacemaker's is_child_compatible(): a blocked instance (on-fail=block,
 * a ticket lost with loss-policy=freeze, on it or on a member of a cloned
 * group: oracle-diff seed 1031092) is on no node for pairing; nor is a
 * cloned group whose members are assigned to more than one node (an
 * unmanaged member kept on a maintenance or standby node: oracle-diff
 * seed 1159035), as a group is located only where all its members are
 * (interleave: Pacemaker Explained 2.1, "Clone Options"). */
static int instance_on(const CsSolution *solution, int clone, int node)
{
    const CsResource *info = rsc_of(solution, clone);

    for (guint i = 0; i < info->children->len; i++) {
        int instance = g_array_index(info->children, int, i);

        if (cs_instance_location(solution, instance) == node && !ticket_frozen(solution, instance)
            && !instance_blocked(solution, instance))
            return instance;
    }
    return -1;
}

/* Whether an instance may be paired with a dependent's instance by node
 * at all (Pacemaker's is_child_compatible() ignores the location of a
 * blocked instance): the rule instance_on() follows, for promote.c. */
gboolean cs_clone_instance_pairable(const CsSolution *solution, int instance)
{
    return !ticket_frozen(solution, instance) && !instance_blocked(solution, instance);
}

typedef struct SortedNodes {
    const CsSolution *solution;
    const CsTable *table;
} SortedNodes;

static gint compare_sorted(gconstpointer a, gconstpointer b, gpointer data)
{
    const SortedNodes *order = data;
    const CsSolution *solution = order->solution;
    int node1 = *(const int *)a, node2 = *(const int *)b;
    const CsNode *info1 = g_ptr_array_index(solution->model->nodes, node1);
    const CsNode *info2 = g_ptr_array_index(solution->model->nodes, node2);
    CsScore score1 =
        cs_engine_node_available(solution, node1) ? order->table->score[node1] : -CS_INFINITY;
    CsScore score2 =
        cs_engine_node_available(solution, node2) ? order->table->score[node2] : -CS_INFINITY;
    CsPlacementStrategy strategy = solution->model->options.placement_strategy;

    if (score1 != score2)
        return score1 > score2 ? -1 : 1;
    if (strategy == CS_PLACEMENT_MINIMAL)
        return strcmp(info1->uname, info2->uname);
    if (strategy == CS_PLACEMENT_BALANCED && cs_capacity_compare(solution, node1, node2) != 0)
        return cs_capacity_compare(solution, node1, node2);
    if (solution->num_assigned[node1] != solution->num_assigned[node2])
        return solution->num_assigned[node1] < solution->num_assigned[node2] ? -1 : 1;
    return strcmp(info1->uname, info2->uname);
}

GArray *cs_clone_sorted_nodes(const CsSolution *solution, const CsTable *table)
{
    GArray *nodes = g_array_new(FALSE, FALSE, sizeof(int));
    SortedNodes order = {solution, table};

    for (int node = 0; node < solution->n_nodes; node++)
        if (table->allowed[node])
            g_array_append_val(nodes, node);
    g_array_sort_with_data(nodes, compare_sorted, &order);
    return nodes;
}

/* Pacemaker's find_compatible_child(): the primary instance on the
 * dependent's node, or on the first of its allowed nodes (best first)
 * that has one. */
static int compatible_instance(const CsSolution *solution, int dependent, int clone)
{
    const CsRscWork *work = &solution->work[dependent];
    g_autoptr(GArray) nodes = NULL;

    if (!work->provisional && work->assigned >= 0)
        return instance_on(solution, clone, work->assigned);
    nodes = cs_clone_sorted_nodes(solution, work->table);
    for (guint i = 0; i < nodes->len; i++) {
        int found = instance_on(solution, clone, g_array_index(nodes, int, i));

        if (found >= 0)
            return found;
    }
    return -1;
}

/* Pacemaker's pe_rsc_block set anywhere in an instance: a failure with
 * on-fail=block, or a failed stop that cannot be fenced. */
static gboolean instance_blocked(const CsSolution *solution, int rsc)
{
    const CsModel *model = solution->model;
    const CsResource *info = rsc_of(solution, rsc);

    for (guint i = 0; i < info->children->len; i++)
        if (instance_blocked(solution, g_array_index(info->children, int, i)))
            return TRUE;
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && state->blocked)
            return TRUE;
    }
    return FALSE;
}

/* Whether choosing roles, the colocation moves the instance's promotion
 * priority only: the promoted role of a dependent with a role of a
 * promotable clone (promote.c, apply_role_coloc; as cs_promote_apply_coloc
 * takes it once the dependent is placed).  Such a colocation never
 * unassigns the dependent, though no instance of the primary runs
 * (checked with crm_simulate: rsc-role=Promoted with with-rsc-role
 * Unpromoted or Promoted, interleaved, the primary held by a ticket:
 * the dependent starts, its promotion score -INFINITY; gen.py seed
 * 1463564). */
static gboolean moves_priority_only(const CsSolution *solution, const CsColoc *coloc)
{
    return rsc_of(solution, coloc->primary)->promotable && coloc->primary_role != CS_ROLE_UNKNOWN
           && coloc->dependent_role == CS_ROLE_PROMOTED;
}

void cs_clone_recheck_unpaired(CsSolution *solution, int instance, const CsColoc *coloc)
{
    /* As at assignment: a primary still being placed (a colocation
     * cycle) is skipped. */
    if (rsc_of(solution, coloc->primary)->kind != CS_RSC_CLONE || coloc->score < CS_INFINITY
        || solution->work[coloc->primary].provisional || moves_priority_only(solution, coloc)
        || !cs_clone_interleaves(solution, instance, coloc)
        || compatible_instance(solution, instance, coloc->primary) >= 0)
        return;
    cs_assign_nowhere(solution, instance);
}

void cs_clone_apply_coloc(CsSolution *solution, int dependent, int clone, const CsColoc *coloc)
{
    const CsResource *info = rsc_of(solution, clone);
    CsRscWork *dep = &solution->work[dependent];
    const GArray *children;

    if (solution->work[clone].provisional)
        return;
    if (cs_promote_apply_coloc(solution, dependent, clone, coloc))
        return;
    if (cs_clone_interleaves(solution, dependent, coloc)) {
        int instance = compatible_instance(solution, dependent, clone);

        if (instance >= 0) {
            cs_apply_coloc_score(solution, dependent, instance, coloc);
        } else if (coloc->score >= CS_INFINITY) {
            /* Pacemaker assigns the dependent nowhere at once; being
             * stopped then bans it from every node, allowed or not
             * (checked with crm_simulate: an asymmetric cluster prints
             * the ban on each node). */
            for (int node = 0; node < solution->n_nodes; node++)
                cs_table_add(dep->table, node,
                             &(CsContribution){.kind = CS_CONTRIB_COLOCATION,
                                               .source = coloc->id,
                                               .other_rsc = clone,
                                               .value = -CS_INFINITY});
            cs_assign_nowhere(solution, dependent);
        }
        return;
    }
    if (coloc->score >= CS_INFINITY) {
        g_autofree gboolean *hosts = g_new0(gboolean, solution->n_nodes);

        for (guint i = 0; i < info->children->len; i++) {
            int instance = g_array_index(info->children, int, i);
            int node = cs_instance_location(solution, instance);

            /* A blocked instance hosts no mandatory dependent
             * (Pacemaker's clone colocation skips an instance with
             * pe_rsc_block set on it or anything under it: a cloned
             * group's member frozen by a lost ticket too). */
            if (node >= 0 && !ticket_frozen(solution, instance)
                && !instance_blocked(solution, instance))
                hosts[node] = TRUE;
        }
        for (int node = 0; node < solution->n_nodes; node++) {
            if (hosts[node] && dep->table->allowed[node])
                continue;
            if (!hosts[node] && !dep->table->allowed[node])
                continue;
            cs_table_add(dep->table, node,
                         &(CsContribution){.kind = CS_CONTRIB_COLOCATION,
                                           .source = coloc->id,
                                           .other_rsc = clone,
                                           .value = -CS_INFINITY});
        }
        return;
    }
    /* In the order the clone's assignment left its instances: a
     * colocation that leaves the dependent no node is undone, so the
     * order decides which instances' scores are kept (checked with the
     * oracle); a promotable clone's, re-sorted by promotion
     * (cs_promote_set_roles). */
    children = info->children;
    if (solution->clones->order[clone] != NULL)
        children = solution->clones->order[clone];
    for (guint i = 0; i < children->len; i++)
        cs_apply_coloc_score(solution, dependent, g_array_index(children, int, i), coloc);
}
