/* assign.c: node criteria, assignment order and assignment.
 *
 * Follows Pacemaker 2.1.5's scheduler: every resource's allowed-node scores
 * start from the symmetric default (Pacemaker Explained 2.1, "Deciding
 * Which Nodes a Resource Can Run On": opt-in and opt-out clusters), then
 * take node health, location constraints, stickiness where the resource is
 * active ("Resource Meta-Attributes"), migration-threshold bans ("Handling
 * Resource Failure") and exclusive discovery; then the
 * resources are sorted and each is assigned to its best node.
 */
#include <string.h>

#include "engine/engine_internal.h"
#include "engine/promote_internal.h"
#include "model/rules.h"

static const CsResource *rsc_of(const CsSolution *solution, int rsc)
{
    return g_ptr_array_index(solution->model->resources, rsc);
}

static const CsNode *node_of(const CsSolution *solution, int node)
{
    return g_ptr_array_index(solution->model->nodes, node);
}

/* Pacemaker's resource_location(): a score for a resource applies to it
 * and, for a group, to every member too. */
static void rsc_location(CsSolution *solution, int rsc, int node, const CsContribution *why)
{
    const CsResource *info = rsc_of(solution, rsc);

    if (node < 0) {
        for (int each = 0; each < solution->n_nodes; each++)
            rsc_location(solution, rsc, each, why);
        return;
    }
    for (guint i = 0; i < info->children->len; i++)
        rsc_location(solution, g_array_index(info->children, int, i), node, why);
    cs_table_add(solution->work[rsc].table, node, why);
}

/* ---- initial state ---------------------------------------------------- */

/* Pacemaker Explained 2.1, "Resource Meta-Attributes" multiple-active, read from the resource's
 * (possibly inherited) meta attribute. */
static gboolean multiple_active_is(const CsResource *info, const char *policy)
{
    return info->multiple_active != NULL && strcmp(info->multiple_active, policy) == 0;
}

/* multiple-active=stop_only: every node is banned, whatever was scored
 * before (Pacemaker rebuilds the resource's allowed nodes at -INFINITY). */
static void ban_multiply_active(CsSolution *solution, int rsc)
{
    CsRscWork *work = &solution->work[rsc];

    cs_table_free(work->table);
    work->table = cs_table_new(solution->n_nodes, TRUE);
    for (int node = 0; node < solution->n_nodes; node++)
        cs_table_add_simple(work->table, node, CS_CONTRIB_STATUS_BAN, "multiple-active=stop_only",
                            -CS_INFINITY);
}

/* multiple-active=block (Pacemaker Explained 2.1, "Resource
 * Meta-Attributes"): the resource (and, when its group is configured the
 * same way, the whole group) is left alone, and blocked as on-fail=block
 * blocks: unlike a resource merely unmanaged, it has no start to offer,
 * so what a mandatory order puts after it cannot start and stops "due to
 * unrunnable NAME start" (an optional order lets it run; checked with
 * crm_simulate 2.1.5, tests/fuzz/cases/oracle-multiple-active-block-order). */
static void block_multiply_active(CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);
    const CsResource *parent;

    solution->work[rsc].managed = FALSE;
    solution->work[rsc].blocked = TRUE;
    if (info->parent < 0)
        return;
    parent = rsc_of(solution, info->parent);
    if (parent->kind != CS_RSC_GROUP || !multiple_active_is(parent, "block"))
        return;
    for (guint i = 0; i < parent->children->len; i++) {
        solution->work[g_array_index(parent->children, int, i)].managed = FALSE;
        solution->work[g_array_index(parent->children, int, i)].blocked = TRUE;
    }
}

/* Pacemaker's native_add_running(), as the status section is unpacked
 * history by history: a resource active on a node in maintenance becomes
 * unmanaged; an unmanaged resource is pinned (INFINITY) to every node it
 * is active on; a managed one active on a second node follows its
 * multiple-active policy.  The parent learns of the node too. */
static gboolean node_is_clean(const CsSolution *solution, int node)
{
    const CsNode *where = node_of(solution, node);

    return where->online && !where->unclean;
}

/* Pacemaker's pe__find_active_on(): the node a resource counts as being
 * on (for the tie between equal scores at assignment, and for an
 * unmanaged resource's assignment) is the first it was found active on,
 * except that a primitive which needs no fencing to start elsewhere
 * (Pacemaker Explained 2.1, "Resource Meta-Attributes", requires: a
 * fence device's quorum default) is on the first clean online node:
 * checked with crm_simulate, a fence device, or a Dummy with
 * requires=quorum, active on an unclean node and on a later clean one
 * stays on the clean one where names would pick a third node; a Dummy
 * needing fencing moves (tests/fuzz/cases/oracle-active-unclean-*). */
static void note_current(CsSolution *solution, int rsc, int node)
{
    const CsResource *info = rsc_of(solution, rsc);
    CsRscWork *work = &solution->work[rsc];

    if (work->current < 0)
        work->current = node;
    else if (info->kind == CS_RSC_PRIMITIVE && !cs_rsc_needs_fencing(info)
             && !node_is_clean(solution, work->current) && node_is_clean(solution, node))
        work->current = node;
}

static void add_running(CsSolution *solution, int rsc, int node)
{
    const CsResource *info = rsc_of(solution, rsc);
    CsRscWork *work = &solution->work[rsc];

    note_current(solution, rsc, node);
    work->n_running++;
    if (info->kind == CS_RSC_PRIMITIVE && node_of(solution, node)->maintenance)
        work->managed = FALSE;
    if (!work->managed) {
        const CsNode *where = node_of(solution, node);

        /* In an opt-in cluster the pin adds the node as Pacemaker's
         * resource_location() does, from a copy of the node: its own
         * weight, -INFINITY when status unpacking took it out of
         * contention (offline, or shutting down). */
        if (!work->table->allowed[node]) {
            CsScore base = cs_node_status_score(where);

            if (base != 0)
                cs_table_add_simple(work->table, node, CS_CONTRIB_NODE_WEIGHT, "node score", base);
        }
        rsc_location(solution, rsc, node,
                     &(CsContribution){.kind = CS_CONTRIB_UNMANAGED,
                                       .source = "not_managed_default",
                                       .other_rsc = -1,
                                       .value = CS_INFINITY});
        for (int up = info->parent; up >= 0 && node_of(solution, node)->online;
             up = rsc_of(solution, up)->parent) {
            if (solution->work[up].current < 0)
                solution->work[up].current = node;
            solution->work[up].n_running++;
        }
        return;
    }
    if (info->kind == CS_RSC_PRIMITIVE && work->n_running > 1) {
        if (multiple_active_is(info, "stop_only"))
            ban_multiply_active(solution, rsc);
        else if (multiple_active_is(info, "block"))
            block_multiply_active(solution, rsc);
    }
    if (info->parent >= 0)
        add_running(solution, info->parent, node);
}

/* Pacemaker's unpack_migrate_to_failure() adds the target of a failed
 * migrate_to to the resource's active nodes, and its
 * unpack_migrate_from_failure() the source of a failed migrate_from,
 * whatever the role where it failed: with that node still active the
 * resource is active on two nodes, so its multiple-active policy applies
 * and resource-stickiness (Pacemaker Explained 2.1, "Resource
 * Meta-Attributes": only where the resource is active on one node) does
 * not. */
int cs_failed_migration_peer(const CsRscState *state)
{
    if (state->rsc < 0 || !state->migrating)
        return -1;
    if (state->migration_source < 0 && state->migration_target >= 0
        && state->migration_target != state->node)
        return state->migration_target;
    if (state->migration_target < 0 && state->migration_source >= 0
        && state->migration_source != state->node)
        return state->migration_source;
    return -1;
}

/* A migrate_to that succeeded with no migrate_from yet (a partial
 * migration, Pacemaker's unpack_migrate_to_success()) leaves the resource
 * active on its target too, added before its source (checked with
 * crm_simulate: a target in maintenance pins the resource there, a source
 * in maintenance pins it on the source only); the source stays the node
 * it is considered to be on. */
int cs_partial_migration_target(const CsRscState *state)
{
    if (state->rsc < 0 || !state->migrating || state->migration_source < 0
        || state->migration_target < 0 || state->role < CS_ROLE_STARTED
        || state->migration_target == state->node)
        return -1;
    return state->migration_target;
}

/* Pacemaker's unpack_migrate_to_failure() adds the migration target to
 * the resource's active nodes when it reads the failed migrate_to; a later
 * stop on the source changes the role (Stopped) but not that node.
 * Under a placement strategy (Pacemaker Explained 2.1, "Utilization and
 * Placement Strategy") that node is its current one when resources are
 * sorted for assignment, and it holds none of the resource's utilization
 * there, nor on the source: capacity is taken only by an assignment
 * (checked with crm_simulate 2.1.5 under utilization, minimal and
 * balanced: tests/fuzz/cases/oracle-stopped-migration-*). */
int cs_stopped_migration_target(const CsRscState *state)
{
    if (state->rsc < 0 || !state->migrating || state->migration_source >= 0
        || state->migration_target < 0 || state->role >= CS_ROLE_STARTED
        || state->migration_target == state->node)
        return -1;
    return state->migration_target;
}

static void init_current(CsSolution *solution)
{
    const CsModel *model = solution->model;
    /* per (resource, node): 1 active by its own history, 2 by a failed
     * migration; Pacemaker's native_add_running() lists a node once. */
    g_autofree guint8 *seen = g_new0(guint8, (gsize)solution->n_rsc * solution->n_nodes);

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        CsRscWork *work;

        if (state->rsc < 0)
            continue;
        work = &solution->work[state->rsc];
        if (state->next_role != CS_ROLE_UNKNOWN
            && (work->next_role == CS_ROLE_UNKNOWN || state->next_role < work->next_role))
            work->next_role = state->next_role;
        /* on-fail=block (or a stop that failed without fencing) leaves
         * the resource unmanaged from this history on. */
        if (state->blocked)
            work->managed = FALSE;
        if (cs_failed_migration_peer(state) >= 0 || cs_partial_migration_target(state) >= 0) {
            int target = cs_failed_migration_peer(state) >= 0 ? cs_failed_migration_peer(state)
                                                              : state->migration_target;
            guint8 *mark = &seen[(gsize)state->rsc * solution->n_nodes + target];

            if (*mark == 0)
                add_running(solution, state->rsc, target);
            if (*mark == 0)
                *mark = 2;
        }
        if (state->role < CS_ROLE_STARTED)
            continue;
        if (state->role > work->role)
            work->role = state->role;
        guint8 *own = &seen[(gsize)state->rsc * solution->n_nodes + state->node];
        if (*own != 2) {
            *own = 1;
            add_running(solution, state->rsc, state->node);
        }
        /* the source of a partial migration is where it is considered
         * to be (Pacemaker's pe__find_active_on()), also when a failed
         * migrate_from on a third node listed it already and another
         * node lists the resource first (checked with crm_simulate:
         * tied scores then place it on the source, oracle-diff seed
         * 1193020) */
        if (cs_partial_migration_target(state) >= 0)
            work->current = state->node;
    }
}

/* Pacemaker Explained 2.1, "Pacemaker Remote": a remote node that asks
 * to shut down (its shutdown node attribute) has its connection stopped:
 * the connection's next role is Stopped, as with target-role=Stopped, so
 * it is banned from every node, guest nodes included (checked with the
 * oracle: the remote-shutdown-* cases of tests/data/bundle, corpus
 * remote-connection-shutdown). */
static gboolean connection_shutting_down(const CsSolution *solution, const CsResource *info)
{
    const CsNode *remote;

    if (!info->is_remote_connection || info->container >= 0 || info->remote_node < 0)
        return FALSE;
    remote = node_of(solution, info->remote_node);
    return remote->type == CS_NODE_REMOTE && remote->shutdown;
}

/* Pacemaker takes target-role (Pacemaker Explained 2.1, "Resource
 * Meta-Attributes") as a resource's next role when it unpacks the
 * resource, and again after its history when that asks for more; Stopped
 * bans it everywhere at assignment in any case, Unpromoted keeps a
 * promotable instance from promotion, with or without a history. */
static void init_target_roles(CsSolution *solution)
{
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        const CsResource *info = rsc_of(solution, rsc);
        CsRscWork *work = &solution->work[rsc];

        if (info->target_role == CS_ROLE_STOPPED
            || (info->target_role != CS_ROLE_UNKNOWN
                && (work->next_role == CS_ROLE_UNKNOWN || info->target_role < work->next_role)))
            work->next_role = info->target_role;
        if (connection_shutting_down(solution, info))
            work->next_role = CS_ROLE_STOPPED;
    }
}

/* Whether any node has a <node score=...>: most clusters have none, and
 * then an opt-out cluster's tables start as every node allowed at 0. */
static gboolean any_node_weight(const CsSolution *solution)
{
    for (int node = 0; node < solution->n_nodes; node++) {
        if (node_of(solution, node)->weight != 0)
            return TRUE;
    }
    return FALSE;
}

static void init_tables(CsSolution *solution)
{
    const CsModel *model = solution->model;
    gboolean weighted = any_node_weight(solution);

    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        CsRscWork *work = &solution->work[rsc];

        work->table = cs_table_new(solution->n_nodes, TRUE);
        work->this_with = cs_coloc_no_list();
        work->with_this = cs_coloc_no_list();
        work->provisional = TRUE;
        work->assigned = -1;
        work->current = -1;
        work->managed = rsc_of(solution, rsc)->managed && !model->options.maintenance_mode;
        if (!model->options.symmetric_cluster)
            continue;
        /* Pacemaker Explained 2.1, "Deciding Which Nodes a Resource Can Run On": in an opt-out cluster every node
         * starts allowed, at the node's own weight (usually 0). */
        for (int node = 0; node < solution->n_nodes; node++)
            work->table->allowed[node] = TRUE;
        for (int node = 0; weighted && node < solution->n_nodes; node++) {
            CsScore weight = node_of(solution, node)->weight;

            if (weight != 0)
                cs_table_add_simple(work->table, node, CS_CONTRIB_NODE_WEIGHT, "node score",
                                    weight);
        }
    }
}

/* on-fail=stop on an instance of an anonymous clone: Pacemaker 2.1.5
 * bans the clone everywhere, its instances' own scores untouched (they
 * print so); each instance then cannot run where the clone's score is
 * below zero (clone.c).  Checked with crm_simulate (oracle-diff). */
static gboolean ban_on_clone_only(const CsSolution *solution, const CsStatusBan *ban)
{
    return ban->node < 0 && rsc_of(solution, ban->rsc)->kind == CS_RSC_CLONE
           && strcmp(ban->reason, "on-fail=stop") == 0;
}

static void apply_status_bans(CsSolution *solution)
{
    const CsModel *model = solution->model;

    for (guint i = 0; model->status_bans && i < model->status_bans->len; i++) {
        const CsStatusBan *ban = g_ptr_array_index(model->status_bans, i);
        CsContribution why = {.kind = CS_CONTRIB_STATUS_BAN,
                              .source = ban->reason,
                              .other_rsc = -1,
                              .value = -CS_INFINITY};

        if (ban->rsc >= 0 && ban_on_clone_only(solution, ban))
            for (int node = 0; node < solution->n_nodes; node++)
                cs_table_add(solution->work[ban->rsc].table, node, &why);
        else if (ban->rsc >= 0)
            rsc_location(solution, ban->rsc, ban->node, &why);
    }
}

/* ---- shutdown locks (Pacemaker Explained 2.1, "Cluster Options", shutdown-lock) ---------- */

/* The node a resource's history locks it to: an lrm_resource entry with a
 * shutdown-lock time that shutdown-lock-limit has not expired; -1. */
static int history_lock_node(const CsSolution *solution, int rsc)
{
    const CsModel *model = solution->model;

    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);
        const CsOpRecord *record;
        const char *text;
        gint64 since;

        if (state->rsc != rsc || state->history->len == 0)
            continue;
        record = g_ptr_array_index(state->history, 0);
        if (record->xml == NULL || record->xml->parent == NULL)
            continue;
        text = cs_xml_attr(record->xml->parent, "shutdown-lock");
        since = text != NULL ? g_ascii_strtoll(text, NULL, 10) : 0;
        if (since == 0)
            continue;
        if (model->options.shutdown_lock_limit_s > 0
            && model->now.seconds > since + model->options.shutdown_lock_limit_s)
            continue;
        return state->node;
    }
    return -1;
}

/* Pacemaker's shutdown lock: a resource stopped by a clean node shutdown
 * (or active only on a node shutting down now) may run nowhere else until
 * the node returns or the lock expires.  Fence devices are never locked,
 * and a resource already active elsewhere drops its lock. */
static void apply_shutdown_lock(CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);
    CsRscWork *work = &solution->work[rsc];
    int lock = history_lock_node(solution, rsc);

    if (info->fence_device)
        return;
    if (lock >= 0 && work->n_running > 0)
        return;
    if (lock < 0 && work->n_running == 1) {
        const CsNode *node = node_of(solution, work->current);

        if (node->shutdown && !node->unclean)
            lock = work->current;
    }
    if (lock < 0)
        return;
    for (int node = 0; node < solution->n_nodes; node++) {
        if (node != lock)
            cs_table_add_simple(work->table, node, CS_CONTRIB_STATUS_BAN, "shutdown-lock",
                                -CS_INFINITY);
    }
}

static gboolean in_clone(const CsSolution *solution, int rsc)
{
    for (int up = rsc_of(solution, rsc)->parent; up >= 0; up = rsc_of(solution, up)->parent)
        if (rsc_of(solution, up)->kind == CS_RSC_CLONE)
            return TRUE;
    return FALSE;
}

/* Clone instances are never locked (Pacemaker Explained 2.1, "Cluster
 * Options", shutdown-lock: it applies to primitives and groups; checked
 * against crm_simulate by tests/oracle-diff). */
static void apply_shutdown_locks(CsSolution *solution)
{
    if (!solution->model->options.shutdown_lock)
        return;
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        if (rsc_of(solution, rsc)->kind == CS_RSC_PRIMITIVE
            && !rsc_of(solution, rsc)->is_remote_connection && !in_clone(solution, rsc))
            apply_shutdown_lock(solution, rsc);
    }
}

/* ---- locations -------------------------------------------------------- */

/* One location's scores for one resource, as Pacemaker's
 * pcmk__apply_location() applies them: skipped when limited to a role the
 * resource will not have; exclusive discovery remembered per node. */
static void apply_scores(CsSolution *solution, int rsc, const CsScore *scores,
                         const gboolean *listed, CsRole role, CsDiscovery discovery,
                         CsContributionKind kind, const char *source, gboolean zero)
{
    CsRscWork *work = &solution->work[rsc];

    if (role != CS_ROLE_UNKNOWN && role != work->next_role)
        return;
    if (discovery == CS_DISCOVERY_EXCLUSIVE) {
        work->exclusive_discovery = TRUE;
        if (work->discover_exclusive == NULL)
            work->discover_exclusive = g_new0(gboolean, solution->n_nodes);
    }
    for (int node = 0; node < solution->n_nodes; node++) {
        CsContribution why = {.kind = kind, .source = source, .other_rsc = -1};

        if (!listed[node])
            continue;
        why.value = zero ? 0 : scores[node];
        if (why.value != 0 || !work->table->allowed[node])
            cs_table_add(work->table, node, &why);
        if (discovery == CS_DISCOVERY_EXCLUSIVE)
            work->discover_exclusive[node] = TRUE;
    }
}

/* A group takes a location itself and passes it to its first member; the
 * later members only become allowed on the nodes (at 0), since the first
 * member's scores take theirs in through the internal colocations.  A
 * group whose members are not colocated (collocated=false, Pacemaker
 * Explained 2.1, "Groups") passes the whole location to each
 * member (checked with crm_simulate 2.1.5: a ban of the group of corpus
 * bug-lf-2171 bans its second member too). */
static void apply_location(CsSolution *solution, int rsc, const CsScore *scores,
                           const gboolean *listed, CsRole role, CsDiscovery discovery,
                           CsContributionKind kind, const char *source)
{
    const CsResource *info = rsc_of(solution, rsc);

    apply_scores(solution, rsc, scores, listed, role, discovery, kind, source, FALSE);
    for (guint i = 0; i < info->children->len; i++) {
        int child = g_array_index(info->children, int, i);

        /* Every clone instance takes the whole location (clone.c), and
         * so does every implicit resource of a bundle (bundle.c). */
        if (info->kind == CS_RSC_BUNDLE && !cs_bundle_location_reaches(solution->model, child))
            continue;
        if (info->kind == CS_RSC_CLONE || info->kind == CS_RSC_BUNDLE)
            apply_location(solution, child, scores, listed, role, discovery, kind, source);
        else
            apply_scores(solution, child, scores, listed, role, discovery, kind, source,
                         i > 0 && cs_group_collocated(info));
    }
}

/* The per-node scores and listed flags one location hands to
 * apply_location(), zeroed: one pair of arrays for the whole solve. */
static CsScore *location_scratch(CsSolution *solution, gboolean **listed)
{
    /* At least one cell: with no nodes g_new gives NULL, and memset on
     * NULL is undefined even for zero bytes (a fuzz finding). */
    gsize n = MAX((gsize)solution->n_nodes, 1);

    if (solution->location_scores == NULL) {
        solution->location_scores = g_new(CsScore, n);
        solution->location_listed = g_new(gboolean, n);
    }
    memset(solution->location_scores, 0, sizeof(CsScore) * n);
    memset(solution->location_listed, 0, sizeof(gboolean) * n);
    *listed = solution->location_listed;
    return solution->location_scores;
}

/* One <rule> of a location: a score for each node where it passes, from
 * score= or from the node's score-attribute. */
static void apply_rule(CsSolution *solution, const CsLocation *location, const CsRule *rule)
{
    xmlNode *xml = cs_rule_xml(rule);
    const char *score_text = cs_xml_attr(xml, "score");
    const char *score_attribute = cs_xml_attr(xml, "score-attribute");
    const char *role_text = cs_xml_attr(xml, "role");
    gboolean *listed;
    CsScore *scores = location_scratch(solution, &listed);
    CsRole role = location->role;
    CsScore fixed = 0;

    /* A rule's role="Unpromoted" (or "Slave") applies to every role, as
     * Started does and as the location's own role= does: an instance is
     * unpromoted before it can be promoted (checked against crm_simulate). */
    if (role_text != NULL)
        role = cs_role_parse(role_text);
    if (role == CS_ROLE_UNPROMOTED)
        role = CS_ROLE_UNKNOWN;
    if (score_text != NULL)
        cs_score_parse(score_text, &fixed);
    for (int node = 0; node < solution->n_nodes; node++) {
        const CsNode *info_node = node_of(solution, node);
        CsRuleContext context = cs_location_rule_context(solution, location, info_node);

        if (!cs_rule_evaluate(rule, &context))
            continue;
        listed[node] = TRUE;
        scores[node] = fixed;
        if (score_text == NULL && score_attribute != NULL) {
            const char *value = g_hash_table_lookup(info_node->attrs, score_attribute);

            scores[node] = -CS_INFINITY;
            if (value != NULL)
                cs_score_parse(value, &scores[node]);
        }
        scores[node] = cs_score_add(cs_rule_node_base(solution->model, info_node, rule), scores[node]);
    }
    apply_location(solution, location->rsc, scores, listed, role, location->discovery,
                   CS_CONTRIB_RULE, location->id);
}

static void apply_one_location(CsSolution *solution, const CsLocation *location)
{
    if (location->rsc < 0 || !cs_location_in_lifetime(solution, location))
        return;
    if (location->node != NULL) {
        const CsNode *node = cs_model_node(solution->model, location->node);
        gboolean *listed;
        CsScore *scores;

        if (node == NULL)
            return;
        scores = location_scratch(solution, &listed);
        scores[node->index] = location->score;
        listed[node->index] = TRUE;
        apply_location(solution, location->rsc, scores, listed, location->role, location->discovery,
                       CS_CONTRIB_LOCATION, location->id);
        return;
    }
    for (guint i = 0; i < location->rules->len; i++)
        apply_rule(solution, location, g_ptr_array_index(location->rules, i));
}

/* ---- node health (Pacemaker Explained 2.1, "Tracking Node Health") ------ */

static CsScore node_health(const CsSolution *solution, const CsNode *node)
{
    const CsOptions *options = &solution->model->options;
    CsScore red = options->node_health_red, yellow = options->node_health_yellow;
    CsScore green = options->node_health_green;
    CsScore health = 0;
    GHashTableIter iter;
    gpointer name, value;

    switch (options->node_health_strategy) {
    case CS_HEALTH_MIGRATE_ON_RED: red = -CS_INFINITY, yellow = 0, green = 0; break;
    case CS_HEALTH_ONLY_GREEN: red = -CS_INFINITY, yellow = -CS_INFINITY, green = 0; break;
    case CS_HEALTH_PROGRESSIVE: health = options->node_health_base; break;
    default: break;
    }
    g_hash_table_iter_init(&iter, node->attrs);
    while (g_hash_table_iter_next(&iter, &name, &value)) {
        CsScore score = 0;

        if (g_str_has_prefix(name, "#health")
            && cs_score_parse_health(value, red, yellow, green, &score))
            health = cs_score_add(health, score);
    }
    return health;
}

static void apply_node_health(CsSolution *solution)
{
    const CsModel *model = solution->model;

    if (model->options.node_health_strategy == CS_HEALTH_NONE)
        return;
    for (int node = 0; node < solution->n_nodes; node++) {
        CsScore health = node_health(solution, node_of(solution, node));
        g_autofree CsScore *scores = g_new0(CsScore, solution->n_nodes);
        g_autofree gboolean *listed = g_new0(gboolean, solution->n_nodes);

        if (health == 0)
            continue;
        scores[node] = health;
        listed[node] = TRUE;
        for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
            const CsResource *info = rsc_of(solution, rsc);

            if (info->parent >= 0)
                continue;
            if (health < 0
                && cs_text_is_true(g_hash_table_lookup(info->meta, "allow-unhealthy-nodes")))
                continue;
            apply_location(solution, rsc, scores, listed, CS_ROLE_UNKNOWN, CS_DISCOVERY_ALWAYS,
                           CS_CONTRIB_HEALTH, "node-health");
        }
    }
}

/* ---- stickiness, failures, discovery ---------------------------------- */

/* Pacemaker Explained 2.1, "Resource Meta-Attributes" resource-stickiness: a managed resource active
 * on exactly one node prefers it; in an opt-in cluster only if the node
 * is still allowed. */
static void apply_stickiness(CsSolution *solution)
{
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        const CsResource *info = rsc_of(solution, rsc);
        CsRscWork *work = &solution->work[rsc];

        if (info->kind != CS_RSC_PRIMITIVE || !work->managed || info->stickiness < 1
            || work->n_running != 1)
            continue;
        if (!solution->model->options.symmetric_cluster && !work->table->allowed[work->current])
            continue;
        cs_table_add_simple(work->table, work->current, CS_CONTRIB_STICKINESS,
                            "resource-stickiness", info->stickiness);
    }
}

/* The container a filler (meta container) runs in, or -1. */
static int filler_container(const CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);

    return info->is_remote_connection ? -1 : info->container;
}

/* Pacemaker's fail count for the migration-threshold check: a container's
 * own failures plus those of the resources it contains.  has_fillers says
 * which resources contain any: most contain none, and the scan for them
 * would otherwise run for every failed pair. */
static int fail_count_with_fillers(const CsSolution *solution, int rsc, int node,
                                   const guint8 *has_fillers)
{
    int count = cs_model_fail_count(solution->model, rsc, node);

    for (int other = 0; has_fillers[rsc] && other < solution->n_rsc; other++) {
        if (filler_container(solution, other) == rsc)
            count += cs_model_fail_count(solution->model, other, node);
    }
    return count;
}

/* Pacemaker's failcount_clear_action_exists(): when the last failure's
 * recorded parameters no longer match the configuration, unpacking
 * schedules the fail count to be cleared, and it no longer bans.  A
 * bundle connection that takes its host's name as address is compared
 * only once the resources are assigned, too late to spare it the ban
 * (checked with crm_simulate 2.1.5, migration-threshold=1 and a failed
 * monitor: without ip-range-start the replica moves whatever the
 * failure's digest; with it, only when the digest matches;
 * tests/data/bundle connection-failure-*). */
static gboolean fail_count_cleared(const CsSolution *solution, int rsc, int node)
{
    const CsRscState *state = cs_model_rsc_state(solution->model, rsc, node);

    if (cs_bundle_connection_by_host_name(solution->model, rsc))
        return FALSE;

    for (guint i = 0; state != NULL && i < state->history->len; i++) {
        const CsOpRecord *record = g_ptr_array_index(state->history, i);
        CsDigestResult result;

        if (record->id == NULL || !g_str_has_suffix(record->id, "_last_failure_0")
            || record->expired || record->operation == NULL
            || (strcmp(record->operation, "start") != 0
                && strcmp(record->operation, "monitor") != 0))
            continue;
        result = cs_digest_compare_all_params(rsc_of(solution, rsc), record);
        if (result == CS_DIGEST_ALL || result == CS_DIGEST_RESTART)
            return TRUE;
    }
    return FALSE;
}

/* The resource a reached migration-threshold bans (Pacemaker's
 * pcmk__threshold_reached()): an anonymous clone instance is not unique, so
 * the whole clone (its uber-parent) is forced away, every instance with it;
 * any other resource is banned itself.  The climb stops below a bundle:
 * for the resource inside, the clone that holds its instances is banned,
 * not the bundle, so its containers stay where they are (checked with the
 * oracle: the inner-fail-count-* cases of tests/data/bundle). */
static int fail_limit_target(const CsSolution *solution, int rsc)
{
    gboolean anonymous = FALSE;
    int top = rsc;

    for (int up = rsc_of(solution, rsc)->parent;
         up >= 0 && rsc_of(solution, up)->kind != CS_RSC_BUNDLE;
         up = rsc_of(solution, up)->parent) {
        const CsResource *parent = rsc_of(solution, up);

        if (parent->kind == CS_RSC_CLONE && !parent->globally_unique)
            anonymous = TRUE;
        top = up;
    }
    return anonymous ? top : rsc;
}

/* The (node, resource) pairs that have a fail count, a container also
 * for its fillers, once each and in node-major order, the order in which
 * the bans below are made. */
static gint compare_pairs(gconstpointer a, gconstpointer b)
{
    const gint64 *left = a, *right = b;

    return *left < *right ? -1 : (*left > *right ? 1 : 0);
}

static GArray *failed_pairs(CsSolution *solution)
{
    const GPtrArray *fail_counts = solution->model->fail_counts;
    GArray *pairs = g_array_sized_new(FALSE, FALSE, sizeof(gint64), fail_counts->len * 2);

    for (guint i = 0; i < fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(fail_counts, i);
        gint64 pair;
        int container;

        if (fail->rsc < 0 || fail->node < 0)
            continue;
        pair = (gint64)fail->node * solution->n_rsc + fail->rsc;
        g_array_append_val(pairs, pair);
        container = filler_container(solution, fail->rsc);
        if (container >= 0) {
            pair = (gint64)fail->node * solution->n_rsc + container;
            g_array_append_val(pairs, pair);
        }
    }
    g_array_sort(pairs, compare_pairs);
    return pairs;
}

/* Pacemaker Explained 2.1, "Handling Resource Failure": once the fail count on a node reaches
 * migration-threshold, the resource is banned from the node.  Only the
 * pairs with a fail count are looked at: a large cluster has few. */
static void apply_fail_limits(CsSolution *solution)
{
    g_autoptr(GArray) pairs = failed_pairs(solution);
    g_autofree guint8 *ignored = g_new0(guint8, solution->n_rsc);
    g_autofree guint8 *has_fillers = g_new0(guint8, solution->n_rsc);
    /* (node, resource) pairs already banned for a reached threshold */
    g_autoptr(GHashTable) banned = g_hash_table_new(g_int64_hash, g_int64_equal);
    g_autofree gint64 *banned_keys = g_new(gint64, MAX(pairs->len, 1));

    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        int container = filler_container(solution, rsc);

        if (container >= 0)
            has_fillers[container] = TRUE;
    }

    /* A resource whose failures were ignored (on-fail=ignore) ignores its
     * migration-threshold too. */
    for (guint i = 0; i < solution->model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(solution->model->rsc_states, i);

        if (state->rsc >= 0 && state->failure_ignored)
            ignored[state->rsc] = TRUE;
    }
    for (guint i = 0; i < pairs->len; i++) {
        gint64 pair = g_array_index(pairs, gint64, i);
        int node = (int)(pair / solution->n_rsc), rsc = (int)(pair % solution->n_rsc);
        const CsResource *info = rsc_of(solution, rsc);
        CsContribution why = {.kind = CS_CONTRIB_FAIL_LIMIT,
                              .source = "migration-threshold",
                              .other_rsc = -1,
                              .value = -CS_INFINITY};
        int count, target;

        if ((i > 0 && g_array_index(pairs, gint64, i - 1) == pair) || ignored[rsc]
            || info->kind != CS_RSC_PRIMITIVE || info->migration_threshold <= 0)
            continue;
        if (fail_count_cleared(solution, rsc, node))
            continue;
        count = fail_count_with_fillers(solution, rsc, node, has_fillers);
        if (count <= 0 || info->migration_threshold - count > 0)
            continue;
        /* Several instances of one clone may reach it on the node: the
         * clone is banned once. */
        target = fail_limit_target(solution, rsc);
        banned_keys[i] = (gint64)node * solution->n_rsc + target;
        if (g_hash_table_contains(banned, &banned_keys[i]))
            continue;
        g_hash_table_add(banned, &banned_keys[i]);
        why.count = count;
        why.threshold = info->migration_threshold;
        rsc_location(solution, target, node, &why);
    }
}

/* Pacemaker applies exclusive discovery from each top-level resource
 * down, and only when that resource itself is exclusive: a location with
 * resource-discovery=exclusive on a group member alone bans nothing
 * (checked with crm_simulate 2.1.5, gen_remote.py seed 142325).  Below a
 * bundle it reaches what the bundle's locations reach, its containers and
 * addresses, not its connections nor the resource inside (checked with
 * the oracle). */
static gboolean exclusive(const CsSolution *solution, int rsc)
{
    for (int parent = rsc_of(solution, rsc)->parent; parent >= 0;
         rsc = parent, parent = rsc_of(solution, rsc)->parent)
        if (rsc_of(solution, parent)->kind == CS_RSC_BUNDLE
            && !cs_bundle_location_reaches(solution->model, rsc))
            return FALSE;
    return solution->work[rsc].exclusive_discovery;
}

/* resource-discovery=exclusive (Pacemaker Explained 2.1, "Location Properties"): the resource
 * may run only where such a location lists it. */
static void apply_exclusive_discovery(CsSolution *solution)
{
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        CsRscWork *work = &solution->work[rsc];

        if (!exclusive(solution, rsc))
            continue;
        for (int node = 0; node < solution->n_nodes; node++) {
            if (work->table->allowed[node]
                && (work->discover_exclusive == NULL || !work->discover_exclusive[node]))
                cs_table_add_simple(work->table, node, CS_CONTRIB_DISCOVERY,
                                    "resource-discovery=exclusive", -CS_INFINITY);
        }
    }
}

/* Pacemaker creates its internal constraints once the node criteria are
 * applied, before it assigns anything: the nodes allowed then are the
 * ones they see (fencing.c orders unfencing around them). */
static void keep_criteria_allowed(CsSolution *solution)
{
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        CsRscWork *work = &solution->work[rsc];

        /* g_memdup2 of no bytes gives NULL and copies nothing (a CIB with
         * no nodes: memcpy must not see the NULL table) */
        work->criteria_allowed =
            g_memdup2(work->table->allowed, sizeof(gboolean) * (gsize)solution->n_nodes);
    }
}

void cs_apply_node_criteria(CsSolution *solution, GError **error)
{
    (void)error;
    init_tables(solution);
    cs_bundle_limit_guest_nodes(solution);
    cs_guest_allow_connections(solution);
    init_current(solution);
    init_target_roles(solution);
    apply_status_bans(solution);
    cs_colocations_build(solution);
    apply_node_health(solution);
    cs_tickets_apply(solution);
    /* After the tickets: a loss-policy=fence ticket makes the nodes it
     * fences unclean, and nothing is locked to an unclean node. */
    apply_shutdown_locks(solution);
    for (guint i = 0; i < solution->model->locations->len; i++)
        apply_one_location(solution, g_ptr_array_index(solution->model->locations, i));
    apply_stickiness(solution);
    apply_fail_limits(solution);
    apply_exclusive_discovery(solution);
    cs_guest_pin_fillers(solution);
    cs_remote_avoid_nodes(solution);
    keep_criteria_allowed(solution);
}

/* ---- node choice ------------------------------------------------------ */

typedef struct NodeOrder {
    const CsSolution *solution;
    const CsTable *table; /* NULL: the nodes' own weights */
    int preferred;
} NodeOrder;

/* Pacemaker's compare_nodes(): higher score first (unavailable nodes count
 * as -INFINITY), then fewer resources assigned so far, then the preferred
 * (current) node, then node name. */
static gint compare_nodes(gconstpointer a, gconstpointer b, gpointer data)
{
    const NodeOrder *order = data;
    int node1 = *(const int *)a, node2 = *(const int *)b;
    const CsSolution *solution = order->solution;
    CsScore score1 = order->table ? order->table->score[node1] : node_of(solution, node1)->weight;
    CsScore score2 = order->table ? order->table->score[node2] : node_of(solution, node2)->weight;

    if (!cs_engine_node_available(solution, node1))
        score1 = -CS_INFINITY;
    if (!cs_engine_node_available(solution, node2))
        score2 = -CS_INFINITY;
    if (score1 != score2)
        return score1 > score2 ? -1 : 1;
    /* Pacemaker Explained 2.1, "Placement Strategy": minimal packs nodes in name order;
     * balanced prefers the node with more capacity left. */
    if (solution->model->options.placement_strategy == CS_PLACEMENT_MINIMAL)
        return solution->name_rank[node1] - solution->name_rank[node2];
    if (solution->model->options.placement_strategy == CS_PLACEMENT_BALANCED) {
        int capacity = cs_capacity_compare(solution, node1, node2);

        if (capacity != 0)
            return capacity;
    }
    if (solution->num_assigned[node1] != solution->num_assigned[node2])
        return solution->num_assigned[node1] < solution->num_assigned[node2] ? -1 : 1;
    if (order->preferred >= 0 && node1 == order->preferred)
        return -1;
    if (order->preferred >= 0 && node2 == order->preferred)
        return 1;
    return solution->name_rank[node1] - solution->name_rank[node2];
}

/* GLib's g_list_sort() on an array: the merge sort Pacemaker's node lists
 * go through.  Under placement-strategy=balanced the node comparison is
 * not transitive (capacities compare attribute by attribute), so the
 * result depends on the algorithm and on the starting order, which this
 * reproduces: the first half is the shorter, ties keep the left item. */
static void glib_list_sort(int *items, int n, GCompareDataFunc compare, gpointer data, int *scratch)
{
    int half = n / 2, left = 0, right = half, at = 0;

    if (n < 2)
        return;
    glib_list_sort(items, half, compare, data, scratch);
    glib_list_sort(items + half, n - half, compare, data, scratch);
    while (left < half && right < n) {
        if (compare(&items[left], &items[right], data) <= 0)
            scratch[at++] = items[left++];
        else
            scratch[at++] = items[right++];
    }
    while (left < half)
        scratch[at++] = items[left++];
    while (right < n)
        scratch[at++] = items[right++];
    memcpy(items, scratch, sizeof(int) * n);
}

/* compare_nodes(a, b) < 0 under placement-strategy=default (or
 * utilization, which compares no capacity) breaks equal scores so:
 * fewer resources assigned first, then the preferred node, then the
 * uname. */
static gboolean default_tie_before(const NodeOrder *order, int node1, int node2)
{
    const CsSolution *solution = order->solution;

    if (solution->num_assigned[node1] != solution->num_assigned[node2])
        return solution->num_assigned[node1] < solution->num_assigned[node2];
    if (order->preferred >= 0 && (node1 == order->preferred || node2 == order->preferred))
        return node1 == order->preferred;
    return solution->name_rank[node1] < solution->name_rank[node2];
}

/* Swaps the first node by compare_nodes into nodes[0]; of equals, the
 * earliest, as a stable sort would put first. */
static void move_best_first(int *nodes, int n, NodeOrder *order)
{
    int best = 0;

    for (int i = 1; i < n; i++) {
        if (compare_nodes(&nodes[i], &nodes[best], order) < 0)
            best = i;
    }
    int first = nodes[0];
    nodes[0] = nodes[best];
    nodes[best] = first;
}

/* Pacemaker's assign_best_node(): the best node by compare_nodes; among
 * nodes tied with it, the one the resource is active on; nothing if the
 * best has a negative score or cannot run resources. */
/* The allowed nodes in the order Pacemaker sorts them from: the values
 * of the allowed-nodes hash table, which come in reverse iteration
 * order (hash_order: the capacity strategies' iteration order; NULL:
 * node order).  Returns how many. */
static int allowed_nodes(const CsSolution *solution, const CsTable *table, const int *hash_order,
                         int *nodes)
{
    int n = 0;

    for (int i = solution->n_nodes - 1; i >= 0; i--) {
        int node = hash_order != NULL ? hash_order[i] : solution->n_nodes - 1 - i;

        if (table->allowed[node])
            nodes[n++] = node;
    }
    return n;
}

/* Under the default strategy compare_nodes is a total order, so one
 * pass over the allowed nodes in node order finds the best (of equals,
 * the earliest, as the stable sort would put first); -1 when none. */
static int best_in_node_order(const NodeOrder *order)
{
    const CsSolution *solution = order->solution;
    int best = -1;
    CsScore best_score = 0;

    /* the best's score is kept: most nodes have a lower one and are
     * passed over at once (this runs for every resource) */
    for (int node = 0; node < solution->n_nodes; node++) {
        if (!order->table->allowed[node])
            continue;
        CsScore score = solution->node_available[node] ? order->table->score[node] : -CS_INFINITY;
        if (best >= 0
            && (score < best_score
                || (score == best_score && !default_tie_before(order, node, best))))
            continue;
        best = node;
        best_score = score;
    }
    return best;
}

/* Pacemaker Explained 2.1, "Placement Strategy": balanced compares the
 * capacity left attribute by attribute, which need not be transitive
 * (node A beats B on cpu, B beats C on memory, C beats A by name).  When
 * a node tied on score beats the one the sort put first, the pick came
 * out of such a circle and depends on the order Pacemaker's hash table
 * hands the nodes over.  The engine follows that order, and is right
 * where no current node takes part (tests/data/engine/balanced-order);
 * with the resource's current node among the tied ones it was wrong
 * (oracle-diff seed 802103), so that solve is refused (solve.c) rather
 * than guessed. */
static void note_capacity_circle(CsSolution *solution, int rsc, const int *nodes, int n,
                                 NodeOrder *order)
{
    gboolean preferred_tied = FALSE, circle = FALSE;

    if (solution->capacity_circle_rsc >= 0
        || solution->model->options.placement_strategy != CS_PLACEMENT_BALANCED
        || order->preferred < 0 || order->table->score[nodes[0]] < 0
        || !cs_engine_node_available(solution, nodes[0]))
        return;
    for (int i = 0; i < n; i++) {
        if (nodes[i] == order->preferred)
            preferred_tied = order->table->score[nodes[i]] == order->table->score[nodes[0]];
        if (i > 0 && compare_nodes(&nodes[i], &nodes[0], order) < 0)
            circle = TRUE;
    }
    if (circle && preferred_tied)
        solution->capacity_circle_rsc = rsc;
}

static void assign_best_node(CsSolution *solution, int rsc)
{
    CsRscWork *work = &solution->work[rsc];
    int prefer = cs_capacity_ban_insufficient(solution, rsc);
    const CsTable *table = work->table;
    NodeOrder order = {solution, table, work->current};
    const int *hash_order = cs_capacity_node_order(solution, rsc);
    CsPlacementStrategy strategy = solution->model->options.placement_strategy;
    g_autofree int *nodes = NULL;
    int n = 0, chosen;

    /* Only the best node and the nodes tied with it on score matter
     * below.  The capacity strategies' comparison need not be
     * transitive, and there Pacemaker's sort order decides. */
    gboolean sorted = hash_order != NULL;
    if (!sorted && (strategy == CS_PLACEMENT_DEFAULT || strategy == CS_PLACEMENT_UTILIZATION)) {
        chosen = best_in_node_order(&order);
    } else {
        nodes = g_new(int, solution->n_nodes);
        n = allowed_nodes(solution, table, hash_order, nodes);
        if (n > 0 && sorted) {
            g_autofree int *scratch = g_new(int, n);

            glib_list_sort(nodes, n, compare_nodes, &order, scratch);
            note_capacity_circle(solution, rsc, nodes, n, &order);
        } else if (n > 0) {
            move_best_first(nodes, n, &order);
        }
        chosen = n > 0 ? nodes[0] : -1;
    }
    if (chosen < 0) {
        cs_assign_to(solution, rsc, -1);
        return;
    }
    /* A clone instance placed where it runs (clone.c) takes that node if
     * it is as good as the best. */
    if (work->has_prefer) {
        int wanted = work->prefer;

        if (table->allowed[wanted] && table->score[wanted] >= 0
            && table->score[wanted] >= table->score[chosen]
            && cs_engine_node_available(solution, wanted))
            chosen = wanted;
        prefer = -1;
    }
    /* With no node able to hold it and its colocated resources, the one
     * with the most capacity left is preferred when scored as well. */
    if (work->has_prefer && chosen == work->prefer) {
        /* taken */
    } else if (prefer >= 0 && table->allowed[prefer] && table->score[prefer] >= table->score[chosen]
               && table->score[prefer] >= 0 && cs_engine_node_available(solution, prefer)) {
        chosen = prefer;
    } else if (table->score[chosen] > 0 && cs_engine_node_available(solution, chosen)
               && !cs_rsc_is_unique_instance(solution, rsc) && work->current >= 0
               && cs_engine_node_available(solution, work->current)) {
        /* Among the nodes tied with the best, the current one wins. */
        if (!sorted) {
            if (table->allowed[work->current]
                && table->score[work->current] == table->score[chosen])
                chosen = work->current;
        }
        for (int i = 1; sorted && i < n && table->score[nodes[i]] == table->score[chosen]; i++) {
            if (nodes[i] == work->current)
                chosen = nodes[i];
        }
    }
    /* Pacemaker accepts a guest node that cannot run resources now: the
     * transition assumes its connection comes up, and the start there
     * waits on it (checked with crm_simulate: a resource allowed only on
     * a guest whose container stops is started there, blocked). */
    if (table->score[chosen] < 0
        || (!cs_engine_node_available(solution, chosen)
            && node_of(solution, chosen)->type != CS_NODE_GUEST))
        chosen = -1;
    cs_assign_to(solution, rsc, chosen);
}

/* ---- assignment ------------------------------------------------------- */

/* Pacemaker's "this with" step of assignment: assign the primary first,
 * apply the colocation, and undo a negative optional one (or one limited
 * to the promoted role) if it leaves nowhere to run. */
/* A clone instance the colocation could pair with no instance of its
 * primary is assigned nowhere, and Pacemaker bans a resource that will
 * be stopped from every node only after its colocations: reverting the
 * scores of a role colocation that left no node keeps that ban (checked
 * with crm_simulate 2.1.5: rsc-role=Promoted with an interleaved clone
 * placed nowhere prints -INFINITY on every node, gen.py seed 1913512). */
static void ban_unpaired(CsSolution *solution, int rsc, const CsColoc *coloc)
{
    for (int node = 0; node < solution->n_nodes; node++)
        cs_table_add(solution->work[rsc].table, node,
                     &(CsContribution){.kind = CS_CONTRIB_COLOCATION,
                                       .source = coloc->id,
                                       .other_rsc = coloc->primary,
                                       .value = -CS_INFINITY});
}

void cs_apply_this_with(CsSolution *solution, int rsc, const CsColoc *coloc)
{
    CsRscWork *work = &solution->work[rsc];
    CsTable *archive = NULL;
    gboolean was_provisional = work->provisional;

    if (coloc->dependent_role >= CS_ROLE_PROMOTED
        || (coloc->score < 0 && coloc->score > -CS_INFINITY))
        archive = cs_table_copy(work->table);
    cs_assign(solution, coloc->primary);
    cs_apply_coloc_score(solution, rsc, coloc->primary, coloc);
    if (archive != NULL && !cs_table_any_available(solution, work->table)) {
        cs_table_free(work->table);
        work->table = archive;
        archive = NULL;
        if (was_provisional && !work->provisional && work->assigned < 0)
            ban_unpaired(solution, rsc, coloc);
    }
    cs_table_free(archive);
}

/* A resource whose next role is Stopped before it is placed is banned
 * everywhere.  The contribution names why, for the explanation: its
 * target-role (Pacemaker Explained 2.1, "Resource Meta-Attributes"), the
 * shutdown of the remote node it connects ("Pacemaker Remote"), or else
 * its history (a failure whose on-fail leaves it stopped, "Resource
 * Operations"), which is no target-role of its own or of its parent. */
static void ban_everywhere(CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);
    CsContributionKind kind = CS_CONTRIB_TARGET_ROLE;
    const char *source = "target-role=Stopped";

    if (info->target_role != CS_ROLE_STOPPED) {
        kind = CS_CONTRIB_STATUS_BAN;
        source = connection_shutting_down(solution, info) ? "its remote node shuts down"
                                                          : "stopped after its failure";
    }
    for (int node = 0; node < solution->n_nodes; node++)
        cs_table_add_simple(solution->work[rsc].table, node, kind, source, -CS_INFINITY);
}

/* Pacemaker 2.1.5 applies colocations in list order (primaries by
 * priority, then id), not mandatory ones first as later versions do. */
static void apply_colocations(CsSolution *solution, int rsc)
{
    CsRscWork *work = &solution->work[rsc];

    for (guint i = 0; i < work->this_with->len; i++)
        cs_apply_this_with(solution, rsc, g_ptr_array_index(work->this_with, i));
    for (guint i = 0; i < work->with_this->len; i++)
        cs_add_dependent_scores(solution, rsc, g_ptr_array_index(work->with_this, i));
}

/* Pacemaker Explained 2.1, "Cluster Options" no-quorum-policy=freeze:
 * without quorum nothing is brought up, and that includes a role: a
 * resource whose next role (from target-role or its history) is above
 * the role it has now keeps the role it has (a promotable instance that
 * runs stays "Started", so it is still ranked by its promotion score; one
 * that is stopped stays stopped).  Checked with the oracle:
 * tests/fuzz/cases/oracle-freeze-unpromoted-target-role. */
static void freeze_elevation(CsSolution *solution, int rsc)
{
    const CsOptions *options = &solution->model->options;
    CsRscWork *work = &solution->work[rsc];
    CsRole role = work->role == CS_ROLE_UNKNOWN ? CS_ROLE_STOPPED : work->role;

    if (!options->have_quorum && options->no_quorum_policy == CS_NO_QUORUM_FREEZE
        && work->next_role > role)
        work->next_role = role;
}

static int assign_primitive(CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);
    CsRscWork *work = &solution->work[rsc];

    if (info->parent >= 0 && !solution->work[info->parent].allocating)
        cs_assign(solution, info->parent);
    if (!work->provisional)
        return work->assigned;
    if (work->allocating)
        return -1;
    work->allocating = TRUE;
    apply_colocations(solution, rsc);
    if (work->next_role == CS_ROLE_STOPPED && work->provisional)
        ban_everywhere(solution, rsc);
    else
        freeze_elevation(solution, rsc);
    work->printed = cs_table_freeze(work->table);
    cs_print_log(solution, CS_PRINT_PRIMITIVE, rsc);
    if (!work->managed || solution->stonith_unmanage) {
        /* Unmanaged resources stay where they are, in the role they have
         * (Pacemaker Explained 2.1, "Resource Meta-Attributes" is-managed): whatever their history
         * asked for (a demote that failed with on-fail=block wants
         * Stopped), Pacemaker's pcmk__primitive_assign() keeps the
         * current role. */
        work->next_role = work->role == CS_ROLE_UNKNOWN ? CS_ROLE_STOPPED : work->role;
        work->provisional = FALSE;
        work->assigned = work->current;
        if (work->current >= 0) {
            solution->num_assigned[work->current]++;
            cs_capacity_consume(solution, rsc, work->current);
        }
    } else if (solution->model->options.stop_all_resources) {
        cs_assign_to(solution, rsc, -1);
    } else if (work->provisional) {
        assign_best_node(solution, rsc);
    }
    work->allocating = FALSE;
    return work->assigned;
}

static int assign_group(CsSolution *solution, int group)
{
    const CsResource *info = rsc_of(solution, group);
    CsRscWork *work = &solution->work[group];
    int first_node = -1;

    if (!work->provisional)
        return work->assigned;
    if (work->allocating || info->children->len == 0) {
        work->provisional = work->allocating;
        return -1;
    }
    work->allocating = TRUE;
    cs_group_expand_colocations(solution, group);
    work->printed = cs_table_freeze(work->table);
    cs_print_log(solution, CS_PRINT_GROUP, group);
    for (guint i = 0; i < info->children->len; i++) {
        int member = g_array_index(info->children, int, i);

        solution->work[member].group_printed = cs_table_freeze(solution->work[member].table);
        cs_print_log(solution, CS_PRINT_GROUP, member);
    }
    /* Pacemaker 2.1.5's group assignment answers with the node of the
     * first member that got one, not necessarily the first member's: a
     * cloned group whose first member stays stopped still counts against
     * clone-node-max where a later member is kept (unmanaged). */
    for (guint i = 0; i < info->children->len; i++) {
        int node = cs_assign(solution, g_array_index(info->children, int, i));

        if (first_node < 0)
            first_node = node;
    }
    work->allocating = FALSE;
    work->provisional = FALSE;
    work->assigned = first_node;
    return first_node;
}

/* ---- assignment order (Pacemaker's cmp_resources) --------------------- */

typedef struct RscOrder {
    int rsc;
    int position;
    CsTable *scores; /* the resource's scores with its primaries' */
} RscOrder;

static gint compare_resources(gconstpointer a, gconstpointer b, gpointer data)
{
    const RscOrder *first = a, *second = b;
    const CsSolution *solution = data;
    const CsRscWork *work1 = &solution->work[first->rsc];
    const CsRscWork *work2 = &solution->work[second->rsc];
    int priority1 = rsc_of(solution, first->rsc)->priority;
    int priority2 = rsc_of(solution, second->rsc)->priority;
    CsScore score1 = -CS_INFINITY, score2 = -CS_INFINITY;

    if (priority1 != priority2)
        return priority1 > priority2 ? -1 : 1;
    if (solution->model->options.placement_strategy == CS_PLACEMENT_DEFAULT)
        return first->position - second->position;
    /* The resource with the higher score on its current node first. */
    if (work1->current >= 0 && first->scores->allowed[work1->current])
        score1 = first->scores->score[work1->current];
    if (work2->current >= 0 && second->scores->allowed[work2->current])
        score2 = second->scores->score[work2->current];
    if (score1 != score2)
        return score1 > score2 ? -1 : 1;
    /* Then a higher score on any node, nodes in their sorted order. */
    for (int i = 0; i < solution->n_nodes; i++) {
        int node = solution->sorted_nodes[i];

        score1 = first->scores->allowed[node] ? first->scores->score[node] : -CS_INFINITY;
        score2 = second->scores->allowed[node] ? second->scores->score[node] : -CS_INFINITY;
        if (score1 != score2)
            return score1 > score2 ? -1 : 1;
    }
    return first->position - second->position;
}

void cs_assign_all(CsSolution *solution)
{
    NodeOrder node_order = {solution, NULL, -1};
    g_autoptr(GArray) order = g_array_new(FALSE, FALSE, sizeof(RscOrder));
    g_autofree int *scratch = g_new(int, solution->n_nodes + 1);

    /* Pacemaker lists cluster nodes by name and sorts a copy. */
    solution->sorted_nodes = cs_nodes_in_name_order(solution);
    glib_list_sort(solution->sorted_nodes, solution->n_nodes, compare_nodes, &node_order, scratch);
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        RscOrder entry = {rsc, (int)order->len, NULL};

        if (rsc_of(solution, rsc)->parent >= 0)
            continue;
        if (solution->model->options.placement_strategy != CS_PLACEMENT_DEFAULT)
            entry.scores = cs_merge_scores_for_order(solution, rsc);
        g_array_append_val(order, entry);
    }
    cs_sort_array(order, compare_resources, solution);
    solution->assign_order = g_array_sized_new(FALSE, FALSE, sizeof(int), order->len);
    for (guint i = 0; i < order->len; i++) {
        RscOrder *entry = &g_array_index(order, RscOrder, i);

        cs_table_free(entry->scores);
        g_array_append_val(solution->assign_order, entry->rsc);
    }
    cs_remote_assign_connections(solution, (const int *)(void *)solution->assign_order->data,
                                 solution->assign_order->len);
    for (guint i = 0; i < solution->assign_order->len; i++)
        cs_assign(solution, g_array_index(solution->assign_order, int, i));
}

/* The placers of every kind, for the files below assign.c (place.c,
 * colocation.c and the kinds' own recursion). */
const CsPlacers cs_placers = {
    .assign_primitive = assign_primitive,
    .assign_group = assign_group,
    .assign_clone = cs_clone_assign,
    .assign_bundle = cs_bundle_assign,
    .clone_apply_coloc = cs_clone_apply_coloc,
    .bundle_apply_coloc = cs_bundle_apply_coloc,
    .bundle_add_colocations = cs_bundle_add_colocations,
    .clone_compare_instances = cs_clone_compare_instances,
    .clone_recheck_unpaired = cs_clone_recheck_unpaired,
    .clone_interleaves = cs_clone_interleaves,
};
