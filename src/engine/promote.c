/* promote.c: promotable clones (Pacemaker Explained 2.1, "Promotable
 * clones").
 *
 * Pacemaker 2.1.5 treats a promotable clone as a clone whose instances,
 * once placed, are given a role.  Two steps:
 *
 * Before placement (pcmk__add_promotion_scores): each instance's promotion
 * score on a node, the transient node attribute master-NAME (set by the
 * resource agent through crm_attribute --promotion), is added to its node
 * score where it is positive, and the highest one becomes the instance's
 * priority, which orders the instances for placement.
 *
 * After placement (pcmk__set_instance_roles): every placed instance gets a
 * promotion priority, its promotion score on its node (-1 when it has
 * none), plus the clone's location constraints limited to role=Promoted
 * for that node.  The priorities are summed per node into the clone's own
 * node scores, a ticket the promoted role needs and does not have bans
 * them all, and each instance's final "sort index" is its node's sum.
 * Instances sorted by it (then by current role, then as clone instances
 * are ordered) are promoted in turn while promoted-max and
 * promoted-node-max allow and their priority is not negative; the others
 * stay unpromoted.  crm_simulate prints each sort index as the
 * "promotion score" line of the instance.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine_internal.h"
#include "engine/promote_internal.h"
#include "model/rules.h"

typedef struct CsPromoteWork {
    int *priority;          /* per resource: promotion priority */
    gboolean *priority_set; /* raised by a promotion score */
    CsScore *sort_index;    /* per resource */
    GPtrArray *lines;       /* char*: promotion score lines, owned */
    /* Provenance (explain): per resource, NULL until used, arrays of
     * CsContribution.  priority_why sums to its promotion priority,
     * score_why to its printed promotion score; line_node is the node
     * its line names (-1: none, -2: no line). */
    GArray **priority_why, **score_why;
    int *line_node;
    GPtrArray *strings; /* char*: sources named here, owned */
} CsPromoteWork;

static const CsResource *rsc_of(const CsSolution *solution, int rsc)
{
    return g_ptr_array_index(solution->model->resources, rsc);
}

/* ---- cloned groups ----------------------------------------------------
 *
 * A promotable clone of a group (Pacemaker Explained 2.1, "Promotable clones" allows any
 * resource as a promotable clone's child): each instance is a group whose
 * members are promoted together.  Pacemaker 2.1.5 gives the group
 * instance a promotion score, the sum of its members'; its role is the
 * highest of its members' roles; it can be promoted only if every member
 * can; and its role, once chosen, is given to every member. */

static gboolean is_group(const CsSolution *solution, int rsc)
{
    return rsc_of(solution, rsc)->kind == CS_RSC_GROUP;
}

/* The promotable clone an instance, or a member of one, belongs to. */
static int clone_of(const CsSolution *solution, int rsc)
{
    int up = rsc_of(solution, rsc)->parent;

    while (up >= 0 && rsc_of(solution, up)->kind != CS_RSC_CLONE)
        up = rsc_of(solution, up)->parent;
    return up;
}

/* Whether two instance ids name the same configured resource (their ids
 * without the ":N" instance number are equal). */
static gboolean same_base(const char *id1, const char *id2)
{
    const char *colon1 = strrchr(id1, ':'), *colon2 = strrchr(id2, ':');
    size_t len1 = colon1 != NULL ? (size_t)(colon1 - id1) : strlen(id1);
    size_t len2 = colon2 != NULL ? (size_t)(colon2 - id2) : strlen(id2);

    return len1 == len2 && strncmp(id1, id2, len1) == 0;
}

/* The member of instance that is the copy of member (in another
 * instance of the same cloned group), or -1; for a primitive instance,
 * the instance itself. */
static int counterpart(const CsSolution *solution, int instance, int member)
{
    const CsResource *info = rsc_of(solution, instance);

    if (!is_group(solution, instance))
        return instance;
    for (guint i = 0; i < info->children->len; i++) {
        int each = g_array_index(info->children, int, i);

        if (same_base(rsc_of(solution, each)->id, rsc_of(solution, member)->id))
            return each;
    }
    return -1;
}

/* Pacemaker's group_resource_state(): the highest role of its members,
 * now (current) or next. */
static CsRole group_role(const CsSolution *solution, int group, gboolean current)
{
    const CsResource *info = rsc_of(solution, group);
    CsRole highest = CS_ROLE_UNKNOWN;

    for (guint i = 0; i < info->children->len; i++) {
        const CsRscWork *member = &solution->work[g_array_index(info->children, int, i)];
        CsRole role = current ? member->role : member->next_role;

        if (role > highest)
            highest = role;
    }
    return highest;
}

static CsPromoteWork *promote_work(CsSolution *solution)
{
    CsCloneWork *clones = solution->clones;

    if (clones->promote == NULL) {
        CsPromoteWork *work = g_new0(CsPromoteWork, 1);

        work->priority = g_new0(int, solution->n_rsc);
        work->priority_set = g_new0(gboolean, solution->n_rsc);
        work->sort_index = g_new0(CsScore, solution->n_rsc);
        work->lines = g_ptr_array_new_with_free_func(g_free);
        solution->promotion_lines = work->lines;
        work->priority_why = g_new0(GArray *, solution->n_rsc);
        work->score_why = g_new0(GArray *, solution->n_rsc);
        work->line_node = g_new(int, solution->n_rsc);
        for (int rsc = 0; rsc < solution->n_rsc; rsc++)
            work->line_node[rsc] = -2;
        work->strings = g_ptr_array_new_with_free_func(g_free);
        clones->promote = work;
    }
    return clones->promote;
}

void cs_promote_free(CsSolution *solution)
{
    CsPromoteWork *work;

    if (solution->clones == NULL || solution->clones->promote == NULL)
        return;
    work = solution->clones->promote;
    g_free(work->priority);
    g_free(work->priority_set);
    g_free(work->sort_index);
    solution->promotion_lines = NULL;
    g_ptr_array_free(work->lines, TRUE);
    for (int rsc = 0; rsc < solution->n_rsc; rsc++) {
        if (work->priority_why[rsc] != NULL)
            g_array_unref(work->priority_why[rsc]);
        if (work->score_why[rsc] != NULL)
            g_array_unref(work->score_why[rsc]);
    }
    g_free(work->priority_why);
    g_free(work->score_why);
    g_free(work->line_node);
    g_ptr_array_free(work->strings, TRUE);
    g_free(work);
    solution->clones->promote = NULL;
}

int cs_promote_instance_priority(const CsSolution *solution, int rsc)
{
    const CsPromoteWork *work = solution->clones != NULL ? solution->clones->promote : NULL;

    if (work != NULL && work->priority_set[rsc])
        return work->priority[rsc];
    return rsc_of(solution, rsc)->priority;
}

/* ---- provenance of promotion priorities ------------------------------- */

static GArray *why_list(GArray **lists, int rsc)
{
    if (lists[rsc] == NULL)
        lists[rsc] = g_array_new(FALSE, FALSE, sizeof(CsContribution));
    return lists[rsc];
}

static const char *keep_string(CsPromoteWork *work, char *text)
{
    g_ptr_array_add(work->strings, text);
    return text;
}

/* Every change to an instance's promotion priority goes through these
 * two, which record it: explain breaks the promotion score down into
 * them (their sum, in INFINITY arithmetic, is the priority). */
static void priority_set(CsPromoteWork *work, int rsc, CsContributionKind kind, const char *source,
                         int other_rsc, CsScore value)
{
    CsContribution why = {.kind = kind, .source = source, .other_rsc = other_rsc, .value = value};

    work->priority[rsc] = value;
    g_array_set_size(why_list(work->priority_why, rsc), 0);
    g_array_append_val(work->priority_why[rsc], why);
}

static void priority_add(CsPromoteWork *work, int rsc, CsContributionKind kind, const char *source,
                         int other_rsc, CsScore value)
{
    CsContribution why = {.kind = kind, .source = source, .other_rsc = other_rsc, .value = value};

    work->priority[rsc] = cs_score_add(work->priority[rsc], value);
    g_array_append_val(why_list(work->priority_why, rsc), why);
}

/* ---- promotion scores (the master-NAME node attributes) --------------- */

/* Pacemaker's running_on: any history of the instance on the node shows
 * it active (an anonymous instance may have several there, a probe that
 * found it stopped and the one it runs under). */
static gboolean active_on(const CsSolution *solution, int rsc, int node)
{
    const CsRscState *state = cs_model_rsc_state(solution->model, rsc, node);

    /* The index holds one history per instance and node: scan the others
     * only when that one does not show it active. */
    if (state != NULL && state->role >= CS_ROLE_STARTED)
        return TRUE;
    for (guint i = 0; i < solution->model->rsc_states->len; i++) {
        const CsRscState *each = g_ptr_array_index(solution->model->rsc_states, i);

        if (each->rsc == rsc && each->node == node && each->role >= CS_ROLE_STARTED)
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker's known_on: any history of the instance on the node. */
static gboolean known_on(const CsSolution *solution, int rsc, int node)
{
    return cs_model_rsc_state(solution->model, rsc, node) != NULL;
}

static gboolean known_anywhere(const CsSolution *solution, int rsc)
{
    for (int node = 0; node < solution->n_nodes; node++)
        if (known_on(solution, rsc, node))
            return TRUE;
    return FALSE;
}

/* Pacemaker's promotion_score_applies(): an anonymous instance counts its
 * score where it is active, or where no instance is active but one was
 * probed; any instance counts it everywhere when nothing is known of it
 * yet, else where it is known.  Only where it is allowed. */
static gboolean score_applies(const CsSolution *solution, int rsc, int node)
{
    const CsResource *info = rsc_of(solution, rsc);
    const CsResource *clone = rsc_of(solution, clone_of(solution, rsc));
    const CsTable *table = solution->work[rsc].table;
    gboolean applies = FALSE;

    if (!info->globally_unique) {
        int active = -1;
        gboolean probed = FALSE;

        /* Of a cloned group, the same member of each instance: that
         * other members are known here implies nothing.  An inactive
         * history no configured instance could take went to an orphan
         * instance (expand.c), which counts as probed there (checked
         * with crm_simulate: master-NAME on a third node, probed only,
         * joins every instance's score there). */
        for (guint i = 0; i < clone->children->len; i++) {
            int each = counterpart(solution, g_array_index(clone->children, int, i), rsc);

            if (each < 0)
                continue;
            if (active < 0 && active_on(solution, each, node))
                active = each;
            if (known_on(solution, each, node))
                probed = TRUE;
        }
        applies = active == rsc || (active < 0 && probed);
    }
    if (!applies && solution->work[rsc].n_running == 0 && !known_anywhere(solution, rsc))
        applies = TRUE;
    if (!applies)
        applies = known_on(solution, rsc, node) || active_on(solution, rsc, node);
    return applies && table->allowed[node] && table->score[node] >= 0;
}

/* Whether a history holds only probes that found the resource stopped:
 * such a history does not name the instance's promotion score (checked
 * with crm_simulate 2.1.5: node remove sles236 on corpus bug-1765 leaves
 * drbd0:0 stopped and drbd0:1 probed on sles238, both matched to
 * instance drbd0:0, whose score is still master-drbd0:0). */
static gboolean only_found_stopped(const CsRscState *state)
{
    if (state->history == NULL || state->history->len == 0)
        return FALSE;
    for (guint i = 0; i < state->history->len; i++) {
        const CsOpRecord *record = g_ptr_array_index(state->history, i);

        if (g_strcmp0(record->operation, "monitor") != 0 || record->interval_ms > 0
            || record->rc_code != 7)
            return FALSE;
    }
    return TRUE;
}

/* The name the instance is known by in the status section (Pacemaker's
 * clone_name), else its own id. */
static const char *history_name(const CsSolution *solution, int rsc)
{
    const CsModel *model = solution->model;
    const char *name = rsc_of(solution, rsc)->id;

    /* Each history matched to the instance renames it, in the order the
     * status section lists them: the last one wins (Pacemaker's
     * unpack_find_resource(), checked with crm_simulate). */
    for (guint i = 0; i < model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(model->rsc_states, i);

        if (state->rsc == rsc && state->rsc_id != NULL && !only_found_stopped(state))
            name = state->rsc_id;
    }
    return name;
}

/* The meta-attribute name of rsc, or of the nearest parent that sets it
 * (children take their parents' meta-attributes). */
static const char *inherited_meta(const CsSolution *solution, int rsc, const char *name)
{
    for (; rsc >= 0; rsc = rsc_of(solution, rsc)->parent) {
        const char *value = g_hash_table_lookup(rsc_of(solution, rsc)->meta, name);

        if (value != NULL)
            return value;
    }
    return NULL;
}

/* Pacemaker Explained 2.1, "Bundles" (container-attribute-target): with
 * the value host, the node attributes of a resource on a guest node are
 * those of the node its container is active on; elsewhere, or when the
 * container is active nowhere, the node's own. */
static int attribute_node(const CsSolution *solution, int rsc, int node)
{
    const CsNode *info = g_ptr_array_index(solution->model->nodes, node);
    const char *target = inherited_meta(solution, rsc, "container-attribute-target");
    int container, host;

    if (target == NULL || strcmp(target, "host") != 0 || info->remote_rsc < 0)
        return node;
    container = rsc_of(solution, info->remote_rsc)->container;
    if (container < 0)
        return node;
    host = cs_solution_current_node(solution, container);
    return host >= 0 ? host : node;
}

static const char *promotion_attr(const CsSolution *solution, int rsc, int node, const char *name)
{
    g_autofree char *attribute = g_strconcat("master-", name, NULL);

    return cs_engine_node_attr(solution, attribute_node(solution, rsc, node), attribute);
}

/* Pacemaker's promotion_score() of a primitive: *is_default when no
 * score is set; the attribute it came from in *attribute (newly
 * allocated) if asked. */
static CsScore primitive_promotion_score(const CsSolution *solution, int rsc, int node,
                                         gboolean *is_default, char **attribute)
{
    const CsResource *info = rsc_of(solution, rsc);
    const char *value;
    CsScore score = 0;

    *is_default = TRUE;
    if (!score_applies(solution, rsc, node))
        return 0;
    value = promotion_attr(solution, rsc, node, history_name(solution, rsc));
    if (attribute != NULL)
        *attribute = g_strconcat("master-", history_name(solution, rsc), NULL);
    if (value == NULL && !info->globally_unique) {
        g_autofree char *base = g_strdup(info->id);
        char *colon = strrchr(base, ':');

        if (colon != NULL) {
            *colon = '\0';
            value = promotion_attr(solution, rsc, node, base);
            if (value != NULL && attribute != NULL) {
                g_free(*attribute);
                *attribute = g_strconcat("master-", base, NULL);
            }
        }
    }
    if (value == NULL)
        return 0;
    *is_default = FALSE;
    cs_score_parse(value, &score);
    return score;
}

/* A cloned group's promotion score is the plain sum of its members'
 * (not INFINITY arithmetic: Pacemaker adds them as integers), set unless
 * every member's is unset; *attribute names the attributes summed. */
static CsScore group_promotion_score(const CsSolution *solution, int group, int node,
                                     gboolean *is_default, char **attribute)
{
    const CsResource *info = rsc_of(solution, group);
    g_autoptr(GString) names = g_string_new(NULL);
    CsScore sum = 0;

    *is_default = TRUE;
    for (guint i = 0; i < info->children->len; i++) {
        int member = g_array_index(info->children, int, i);
        gboolean member_default;
        g_autofree char *name = NULL;

        sum += primitive_promotion_score(solution, member, node, &member_default, &name);
        if (member_default)
            continue;
        *is_default = FALSE;
        g_string_append_printf(names, "%s%s", names->len > 0 ? " + " : "", name);
    }
    if (attribute != NULL)
        *attribute = g_strdup(names->len > 0 ? names->str : "no member promotion score");
    return sum;
}

static CsScore promotion_score(const CsSolution *solution, int rsc, int node, gboolean *is_default,
                               char **attribute)
{
    if (is_group(solution, rsc))
        return group_promotion_score(solution, rsc, node, is_default, attribute);
    return primitive_promotion_score(solution, rsc, node, is_default, attribute);
}

void cs_promote_add_scores(CsSolution *solution, int clone)
{
    const CsResource *info = rsc_of(solution, clone);
    CsPromoteWork *work = promote_work(solution);

    for (guint i = 0; i < info->children->len; i++) {
        int rsc = g_array_index(info->children, int, i);
        CsTable *table = solution->work[rsc].table;

        work->priority[rsc] = rsc_of(solution, rsc)->priority;
        for (int node = 0; node < solution->n_nodes; node++) {
            gboolean is_default;
            g_autofree char *attribute = NULL;
            CsScore score;

            if (!table->allowed[node] || !cs_engine_node_available(solution, node))
                continue;
            score = promotion_score(solution, rsc, node, &is_default, &attribute);
            if (score > 0)
                cs_table_add_simple(table, node, CS_CONTRIB_PROMOTION,
                                    keep_string(work, g_steal_pointer(&attribute)), score);
            if (score > work->priority[rsc]) {
                work->priority[rsc] = score;
                work->priority_set[rsc] = TRUE;
            }
        }
    }
}

/* ---- promotion priorities --------------------------------------------- */

/* A rule's score on node when the rule is limited to the promoted role
 * and passes there. */
static gboolean rule_score(const CsSolution *solution, const CsLocation *location,
                           const CsRule *rule, int node, CsScore *out)
{
    const CsNode *node_info = g_ptr_array_index(solution->model->nodes, node);
    xmlNode *xml = cs_rule_xml(rule);
    const char *role_text = cs_xml_attr(xml, "role");
    const char *score_text = cs_xml_attr(xml, "score");
    const char *score_attribute = cs_xml_attr(xml, "score-attribute");
    CsRole role = location->role;
    CsRuleContext context = cs_location_rule_context(solution, location, node_info);

    if (role_text != NULL)
        role = cs_role_parse(role_text);
    if (role != CS_ROLE_PROMOTED || !cs_rule_evaluate(rule, &context))
        return FALSE;
    *out = 0;
    if (score_text != NULL) {
        cs_score_parse(score_text, out);
    } else if (score_attribute != NULL) {
        const char *value = g_hash_table_lookup(node_info->attrs, score_attribute);

        *out = -CS_INFINITY;
        if (value != NULL)
            cs_score_parse(value, out);
    }
    /* An "or" rule's node list keeps the node's own weight, as for
     * allocation (cs_rule_node_base). */
    *out = cs_score_add(cs_rule_node_base(solution->model, node_info, rule), *out);
    return TRUE;
}

/* Whether location is one of clone's, or one limited to a role of the
 * bundle clone is the resource inside of (Pacemaker Explained 2.1,
 * "Bundles": it reaches that clone). */
static gboolean promoted_location_of(const CsModel *model, const CsLocation *location, int clone)
{
    int parent = ((const CsResource *)g_ptr_array_index(model->resources, clone))->parent;

    if (location->rsc == clone)
        return TRUE;
    return parent >= 0 && location->rsc == parent && location->role != CS_ROLE_UNKNOWN
           && ((const CsResource *)g_ptr_array_index(model->resources, parent))->kind
                  == CS_RSC_BUNDLE;
}

/* Pacemaker's apply_promoted_locations(): the clone's locations for the
 * promoted role add their score on the instance's node, the last
 * configured first.  The order shows only where INFINITY arithmetic
 * clamps: a cloned group's plain sum of -999995 meets INFINITY and then
 * -100 as INFINITY, but -100 first as -INFINITY (checked with
 * crm_simulate 2.1.5's trace, "Applying location ... promotion priority";
 * oracle-diff seed 1409634, tests/fuzz/cases
 * oracle-promoted-locations-last-first-*). */
static void add_promoted_locations(CsSolution *solution, int clone, int rsc, int node)
{
    const CsModel *model = solution->model;
    const CsNode *node_info = g_ptr_array_index(model->nodes, node);
    CsPromoteWork *work = promote_work(solution);

    for (guint i = model->locations->len; i-- > 0;) {
        const CsLocation *location = g_ptr_array_index(model->locations, i);
        CsScore score;

        if (!promoted_location_of(model, location, clone)
            || !cs_location_in_lifetime(solution, location))
            continue;
        if (location->node != NULL) {
            if (location->role == CS_ROLE_PROMOTED && strcmp(location->node, node_info->uname) == 0)
                priority_add(work, rsc, CS_CONTRIB_LOCATION, location->id, -1, location->score);
            continue;
        }
        for (guint r = 0; r < location->rules->len; r++) {
            const CsRule *rule = g_ptr_array_index(location->rules, r);
            char *rule_id;

            if (!rule_score(solution, location, rule, node, &score))
                continue;
            rule_id = g_strdup(cs_xml_attr(cs_rule_xml(rule), "id"));
            priority_add(work, rsc, CS_CONTRIB_RULE,
                         rule_id != NULL ? keep_string(work, rule_id) : location->id, -1, score);
        }
    }
}

static gboolean same_attr(const CsSolution *solution, const char *attribute, int node1, int node2)
{
    const char *value1, *value2;

    if (attribute == NULL)
        attribute = "#uname";
    value1 = cs_engine_node_attr(solution, node1, attribute);
    value2 = cs_engine_node_attr(solution, node2, attribute);

    if (value1 == NULL || value2 == NULL)
        return value1 == value2;
    return g_ascii_strcasecmp(value1, value2) == 0;
}

/* Pacemaker's pcmk__apply_coloc_to_priority(): an assigned instance whose
 * colocation is limited to a role gains the score when its primary is on
 * a node with the same attribute value and in the role asked for (loses
 * it when the dependent is limited to the unpromoted role); a mandatory
 * colocation of the promoted role with a primary elsewhere forbids
 * promotion. */
static void coloc_priority_with(CsSolution *solution, int rsc, int primary, const CsColoc *coloc)
{
    CsPromoteWork *work = promote_work(solution);
    int node = cs_instance_location(solution, rsc);
    int primary_node = solution->work[primary].assigned;

    if (node < 0 || primary_node < 0)
        return;
    if (!same_attr(solution, coloc->attribute, node, primary_node)) {
        /* -INFINITY absorbs whatever the priority was. */
        if (coloc->score >= CS_INFINITY && coloc->dependent_role == CS_ROLE_PROMOTED)
            priority_add(work, rsc, CS_CONTRIB_COLOCATION, coloc->id, primary, -CS_INFINITY);
        return;
    }
    if (coloc->primary_role != CS_ROLE_UNKNOWN
        && coloc->primary_role != solution->work[primary].next_role)
        return;
    priority_add(work, rsc, CS_CONTRIB_COLOCATION, coloc->id, primary,
                 coloc->dependent_role == CS_ROLE_UNPROMOTED ? -coloc->score : coloc->score);
}

/* The instance of clone assigned to node in role (any role:
 * CS_ROLE_UNKNOWN), or -1.  A blocked
 * instance (a lost ticket with loss-policy=freeze, on-fail=block) is on
 * no node for this pairing, as for pairing at assignment: crm_simulate
 * 2.1.5 leaves a "promoted with unpromoted" -INFINITY colocation
 * unapplied where the primary's only instance is frozen by its ticket,
 * but applies it when that instance is merely unmanaged (is-managed=false)
 * (tests/fuzz/cases/oracle-promote-coloc-frozen-primary*, oracle-diff
 * seed 1555011). */
static int instance_in_role(const CsSolution *solution, int clone, int node, CsRole role)
{
    const CsResource *info = rsc_of(solution, clone);

    for (guint i = 0; i < info->children->len; i++) {
        int each = g_array_index(info->children, int, i);

        if (solution->work[each].assigned == node && cs_clone_instance_pairable(solution, each)
            && (role == CS_ROLE_UNKNOWN || solution->work[each].next_role == role))
            return each;
    }
    return -1;
}

/* coloc_priority_with() against a primitive, or against a group's member
 * Pacemaker colocates with: its last when mandatory, else its first. */
static void weigh_against(CsSolution *solution, int rsc, int primary, const CsColoc *coloc)
{
    const CsResource *info = rsc_of(solution, primary);

    if (info->kind == CS_RSC_GROUP) {
        if (info->children->len == 0)
            return;
        primary = g_array_index(info->children, int,
                                coloc->score >= CS_INFINITY ? info->children->len - 1 : 0);
    }
    coloc_priority_with(solution, rsc, primary, coloc);
}

/* A role of a promotable dependent with a clone taken as a whole (no
 * role of the primary, a clone that is not promotable, or the dependent's
 * unpromoted role): the dependent instance is weighed against the
 * primary's instances as against a primitive (weigh_against), which an
 * unpromoted dependent loses.  Interleaved, against the instance on its
 * node; otherwise an optional colocation against every instance (only a
 * negative one reaches the instance: clone.c, inherit_colocations), and
 * a mandatory one not at all (it only limited the nodes).  Checked with
 * crm_simulate on 1,490 small CIBs (tests/oracle-diff/README.md, "Session
 * 30, role-limited colocations of a promotable dependent"; cases
 * tests/fuzz/cases/oracle-role-coloc-*). */
static void clone_role_coloc(CsSolution *solution, int rsc, const CsColoc *coloc)
{
    const CsResource *primary = rsc_of(solution, coloc->primary);
    int node = cs_instance_location(solution, rsc);

    if (solution->placers->clone_interleaves(solution, rsc, coloc)) {
        int partner = node >= 0 ? instance_in_role(solution, coloc->primary, node, CS_ROLE_UNKNOWN)
                                : -1;

        if (partner >= 0)
            weigh_against(solution, rsc, partner, coloc);
        return;
    }
    if (coloc->score >= CS_INFINITY)
        return;
    for (guint i = 0; i < primary->children->len; i++)
        weigh_against(solution, rsc, g_array_index(primary->children, int, i), coloc);
}

/* Whether coloc is a mandatory, interleaved colocation limited to a role
 * of a promotable clone of groups with a clone that clone_role_coloc()
 * answers (not the promoted role with a promotable clone's role). */
static gboolean group_instances_pair(const CsSolution *solution, const CsColoc *coloc)
{
    const CsResource *dependent = rsc_of(solution, coloc->dependent);
    const CsResource *primary = rsc_of(solution, coloc->primary);

    if (dependent->kind != CS_RSC_CLONE || !dependent->promotable
        || dependent->children->len == 0 || primary->kind != CS_RSC_CLONE
        || coloc->score < CS_INFINITY || coloc->dependent_role < CS_ROLE_UNPROMOTED
        || !is_group(solution, g_array_index(dependent->children, int, 0)))
        return FALSE;
    if (primary->promotable && coloc->primary_role != CS_ROLE_UNKNOWN
        && coloc->dependent_role == CS_ROLE_PROMOTED)
        return FALSE;
    return solution->placers->clone_interleaves(solution, g_array_index(dependent->children, int, 0),
                                                coloc);
}

gboolean cs_promote_check_role_pairs(const CsSolution *solution, GError **error)
{
    for (guint i = 0; i < solution->colocs->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(solution->colocs, i);
        const CsResource *dependent = rsc_of(solution, coloc->dependent);

        if (!group_instances_pair(solution, coloc))
            continue;
        for (guint j = 0; j < dependent->children->len; j++) {
            int node = cs_instance_location(solution, g_array_index(dependent->children, int, j));

            if (node >= 0 && instance_in_role(solution, coloc->primary, node, CS_ROLE_UNKNOWN) < 0)
                return cs_engine_refuse(error,
                                        "colocation %s: this colocation limited to a role is "
                                        "not modelled yet",
                                        coloc->id);
        }
    }
    return TRUE;
}

/* A placed instance's colocation as Pacemaker applies it while roles are
 * chosen (its apply_coloc_score with the dependent already assigned):
 * only colocations limited to the unpromoted or promoted role count. */
static void apply_role_coloc(CsSolution *solution, int rsc, const CsColoc *coloc)
{
    const CsResource *primary = rsc_of(solution, coloc->primary);
    CsPromoteWork *work = promote_work(solution);

    if (solution->work[coloc->primary].provisional || coloc->dependent_role < CS_ROLE_UNPROMOTED)
        return;
    if (primary->kind == CS_RSC_PRIMITIVE || primary->kind == CS_RSC_GROUP) {
        weigh_against(solution, rsc, coloc->primary, coloc);
    } else if (primary->kind == CS_RSC_CLONE && primary->promotable
               && coloc->primary_role != CS_ROLE_UNKNOWN
               && coloc->dependent_role == CS_ROLE_PROMOTED) {
        /* Pacemaker's pcmk__update_promotable_dependent_priority() */
        int node = cs_instance_location(solution, rsc);

        if (node >= 0 && instance_in_role(solution, coloc->primary, node, coloc->primary_role) >= 0)
            priority_add(work, rsc, CS_CONTRIB_COLOCATION, coloc->id, coloc->primary, coloc->score);
        else if (coloc->score >= CS_INFINITY)
            priority_add(work, rsc, CS_CONTRIB_COLOCATION, coloc->id, coloc->primary, -CS_INFINITY);
    } else if (primary->kind == CS_RSC_CLONE) {
        clone_role_coloc(solution, rsc, coloc);
    }
}

/* A cloned group's instance, as Pacemaker's set_instance_priority() sees
 * it: when its role (its members' highest) is Started, its running
 * members are unpromoted; its next role is its members' highest. */
static CsRole group_roles_unpromoted(CsSolution *solution, int group)
{
    const CsResource *info = rsc_of(solution, group);

    if (group_role(solution, group, TRUE) == CS_ROLE_STARTED) {
        for (guint i = 0; i < info->children->len; i++) {
            CsRscWork *member = &solution->work[g_array_index(info->children, int, i)];

            if (member->role == CS_ROLE_STARTED)
                member->role = CS_ROLE_UNPROMOTED;
        }
    }
    solution->work[group].role = group_role(solution, group, TRUE);
    return group_role(solution, group, FALSE);
}

/* Pacemaker's set_instance_priority(). */
static void set_priority(CsSolution *solution, int clone, int rsc)
{
    CsPromoteWork *work = promote_work(solution);
    CsRscWork *instance = &solution->work[rsc];
    int chosen = cs_instance_location(solution, rsc);
    CsRole next_role = instance->next_role;
    gboolean is_default;
    char *attribute = NULL;
    CsScore score;

    /* A promotable instance that runs is unpromoted, not "Started". */
    if (is_group(solution, rsc))
        next_role = group_roles_unpromoted(solution, rsc);
    else if (instance->role == CS_ROLE_STARTED)
        instance->role = CS_ROLE_UNPROMOTED;
    if (work->priority_why[rsc] != NULL)
        g_array_set_size(work->priority_why[rsc], 0);
    if (chosen < 0)
        return;
    switch (next_role) {
    case CS_ROLE_UNPROMOTED:
    case CS_ROLE_STOPPED:
        priority_set(work, rsc, CS_CONTRIB_TARGET_ROLE,
                     "its next role is already decided: not promoted", -1, -CS_INFINITY);
        break;
    case CS_ROLE_PROMOTED:
        priority_set(work, rsc, CS_CONTRIB_PROMOTION, "instance priority", -1, work->priority[rsc]);
        break;
    default:
        score = promotion_score(solution, rsc, chosen, &is_default, &attribute);
        if (is_default)
            priority_set(work, rsc, CS_CONTRIB_PROMOTION, "no promotion score here (default -1)",
                         -1, -1);
        else
            priority_set(work, rsc, CS_CONTRIB_PROMOTION,
                         keep_string(work, g_steal_pointer(&attribute)), -1, score);
        g_free(attribute);
        break;
    }
    work->priority_set[rsc] = TRUE;
    add_promoted_locations(solution, clone, rsc, chosen);
    /* The instance's colocations (inherited from the clone) that are
     * limited to a role move its priority, not its node. */
    for (guint i = 0; i < instance->this_with->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(instance->this_with, i);

        if (!is_group(solution, rsc))
            solution->placers->clone_recheck_unpaired(solution, rsc, coloc);
        apply_role_coloc(solution, rsc, coloc);
    }
    work->sort_index[rsc] = next_role == CS_ROLE_PROMOTED ? CS_INFINITY : work->priority[rsc];
}

/* ---- the order of promotion ------------------------------------------- */

typedef struct PromotionOrder {
    const CsSolution *solution;
    int clone;
    int *position; /* per resource: its place in the clone's instance order */
} PromotionOrder;

static CsRole current_role(const CsSolution *solution, int rsc)
{
    CsRole role =
        is_group(solution, rsc) ? group_role(solution, rsc, TRUE) : solution->work[rsc].role;

    if (role == CS_ROLE_UNKNOWN)
        return CS_ROLE_STOPPED;
    return role == CS_ROLE_STARTED ? CS_ROLE_UNPROMOTED : role;
}

/* The role that decides whether a promotable instance is promoted now,
 * for no-quorum-policy=freeze (Pacemaker Explained 2.1, "Cluster
 * Options": nothing new is promoted without quorum).  For a cloned group
 * it is its first member's role, not its members' highest (which ranks
 * it): a group whose first member is not promoted (started, or stopped)
 * is not kept promoted, even where a later member is; one whose first
 * member is promoted is, whatever the later members' roles.  Checked
 * with the oracle: tests/fuzz/cases/oracle-freeze-group-first-member*. */
static CsRole own_role(const CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);

    if (is_group(solution, rsc) && info->children->len > 0)
        return current_role(solution, g_array_index(info->children, int, 0));
    return current_role(solution, rsc);
}

/* Pacemaker's cmp_promotable_instance(). */
static gint compare_promotion(gconstpointer a, gconstpointer b, gpointer data)
{
    const PromotionOrder *order = data;
    const CsPromoteWork *work = order->solution->clones->promote;
    int rsc1 = *(const int *)a, rsc2 = *(const int *)b;
    CsRole role1, role2;

    if (work->sort_index[rsc1] != work->sort_index[rsc2])
        return work->sort_index[rsc1] > work->sort_index[rsc2] ? -1 : 1;
    role1 = current_role(order->solution, rsc1);
    role2 = current_role(order->solution, rsc2);
    if (role1 != role2)
        return role1 > role2 ? -1 : 1;
    /* Then the clone's instance order, which ends with the instance
     * numbers of two active instances (checked with crm_simulate 2.1.5:
     * of two tied instances both assigned to one node, :0 is promoted,
     * oracle-diff seed 801835).  Pacemaker's sort is stable: two inactive
     * instances keep the order the clone's assignment left them in (two
     * instances of priority -1 promoted in that order decide which
     * colocation with the clone is rolled back). */
    gint by_instance = order->solution->placers->clone_compare_instances(order->solution,
                                                                         order->clone, rsc1, rsc2);

    if (by_instance != 0)
        return by_instance;
    return order->position[rsc1] - order->position[rsc2];
}

/* Pacemaker's sort_promotable_instances(), its colocation step: the
 * clone's colocations of its promoted role with other resources bring in
 * their primaries' scores (an optional one is dropped if it leaves no
 * node); colocations of other resources with its promoted role bring in
 * their dependents' preferences, positive only.  The clone is marked as
 * merging so that chains back to it stop there. */
static void apply_promoted_colocations(CsSolution *solution, int clone)
{
    CsRscWork *work = &solution->work[clone];

    work->merging = TRUE;
    for (guint i = 0; i < work->this_with->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(work->this_with, i);

        if (coloc->dependent_role != CS_ROLE_PROMOTED)
            continue;
        work->table = cs_merge_scores(solution, coloc->primary, work->table, coloc->attribute,
                                      coloc->score / (float)CS_INFINITY, FALSE,
                                      coloc->score < CS_INFINITY, coloc->id);
    }
    for (guint i = 0; i < work->with_this->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(work->with_this, i);

        if (coloc->primary_role != CS_ROLE_PROMOTED || (!coloc->influence && work->n_running > 0))
            continue;
        work->table =
            cs_merge_scores_positive(solution, coloc->dependent, work->table, coloc->attribute,
                                     coloc->score / (float)CS_INFINITY, TRUE, coloc->id);
    }
    work->merging = FALSE;
}

/* Whether an instance is still managed when its role is chosen: with
 * fencing enabled and no fencing device, Pacemaker leaves every primitive
 * unmanaged once it is assigned (a cloned group keeps its own flag). */
static gboolean instance_managed(const CsSolution *solution, int rsc)
{
    if (solution->stonith_unmanage && !is_group(solution, rsc))
        return FALSE;
    return solution->work[rsc].managed;
}

/* An instance left promoted where it is (Pacemaker Explained 2.1,
 * "Resource Meta-Attributes" is-managed, maintenance): a cloned group's
 * next role is its first member's. */
static gboolean unmanaged_promoted(const CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);
    int decides = rsc;

    if (is_group(solution, rsc) && info->children->len > 0)
        decides = g_array_index(info->children, int, 0);
    return !instance_managed(solution, rsc)
           && solution->work[decides].next_role == CS_ROLE_PROMOTED;
}

/* The contributions of the promotion score sum_priorities() gives rsc
 * (explain): the clone's on its node when the sum is taken from there,
 * else its own priority's. */
static void record_sort_index(CsSolution *solution, int rsc, const CsTable *compact)
{
    CsPromoteWork *work = promote_work(solution);
    GArray *list = why_list(work->score_why, rsc);
    const GArray *priority = work->priority_why[rsc];
    int node = cs_instance_location(solution, rsc);

    g_array_set_size(list, 0);
    if (unmanaged_promoted(solution, rsc)) {
        CsContribution why = {.kind = CS_CONTRIB_UNMANAGED,
                              .source = "unmanaged and promoted",
                              .other_rsc = -1,
                              .value = CS_INFINITY};

        g_array_append_val(list, why);
    } else if (node >= 0 && work->sort_index[rsc] >= 0) {
        const CsContribution *items;
        int n = 0;

        if (!compact->allowed[node]) {
            CsContribution why = {.kind = CS_CONTRIB_CLONE,
                                  .source = "node not allowed for the clone",
                                  .other_rsc = -1,
                                  .value = -CS_INFINITY};

            g_array_append_val(list, why);
            return;
        }
        items = cs_table_contributions(compact, node, &n);
        g_array_append_vals(list, items, (guint)n);
    } else if (priority != NULL) {
        g_array_append_vals(list, priority->data, priority->len);
    }
}

/* Pacemaker's sort_promotable_instances(): each instance's priority joins
 * the clone's score on its node; the sums become the sort indexes. */
static void sum_priorities(CsSolution *solution, int clone)
{
    const CsResource *info = rsc_of(solution, clone);
    CsPromoteWork *work = promote_work(solution);
    CsTable *table = solution->work[clone].table;
    CsTable *compact;

    for (guint i = 0; i < info->children->len; i++) {
        int rsc = g_array_index(info->children, int, i);
        int node = cs_instance_location(solution, rsc);

        if (work->sort_index[rsc] < 0 || node < 0)
            continue;
        cs_table_add(table, node,
                     &(CsContribution){.kind = CS_CONTRIB_PROMOTION,
                                       .source = "instance promotion "
                                                 "priority",
                                       .other_rsc = rsc,
                                       .value = work->sort_index[rsc]});
    }
    apply_promoted_colocations(solution, clone);
    table = solution->work[clone].table; /* replaced by the merges */
    if (cs_ticket_denies_promotion(solution, clone)) {
        for (int node = 0; node < solution->n_nodes; node++)
            cs_table_add_simple(table, node, CS_CONTRIB_TICKET, "__stateful_without_ticket__",
                                -CS_INFINITY);
    }
    compact = cs_table_copy(table);
    for (guint i = 0; i < info->children->len; i++) {
        int rsc = g_array_index(info->children, int, i);
        int node = cs_instance_location(solution, rsc);

        record_sort_index(solution, rsc, compact);
        /* An unmanaged promoted instance stays first in line. */
        if (unmanaged_promoted(solution, rsc))
            work->sort_index[rsc] = CS_INFINITY;
        else if (node >= 0 && work->sort_index[rsc] >= 0)
            work->sort_index[rsc] = table->allowed[node] ? table->score[node] : -CS_INFINITY;
    }
    cs_table_free(compact);
}

/* Pacemaker Explained 2.1, "Bundles": a guest node lives only while its
 * container runs, so nothing is promoted on a guest node whose container
 * is placed nowhere (checked with the oracle, corpus
 * no-promote-on-unrunnable-guest: the next instance is promoted). */
static gboolean guest_container_unplaced(const CsSolution *solution, int node)
{
    const CsNode *info = g_ptr_array_index(solution->model->nodes, node);
    int container;

    if (info->remote_rsc < 0)
        return FALSE;
    container = rsc_of(solution, info->remote_rsc)->container;
    return container >= 0 && cs_solution_assigned_node(solution, container) < 0;
}

/* Pacemaker's node_to_be_promoted_on(): -1 when it cannot be promoted. */
static int promotion_node(const CsSolution *solution, int clone, int rsc, const int *count)
{
    const CsResource *info = rsc_of(solution, rsc);
    int node = cs_instance_location(solution, rsc);

    /* A cloned group is promoted only if every member can be (each
     * member's own priority, its configured one, must not be negative). */
    for (guint i = 0; is_group(solution, rsc) && i < info->children->len; i++)
        if (promotion_node(solution, clone, g_array_index(info->children, int, i), count) < 0)
            return -1;
    if (node < 0)
        return -1;
    /* An unmanaged instance is left promoted where it is promoted. */
    if (!instance_managed(solution, rsc)) {
        if (current_role(solution, rsc) != CS_ROLE_PROMOTED)
            return -1;
    } else if (cs_promote_instance_priority(solution, rsc) < 0
               || !cs_engine_node_available(solution, node)
               || guest_container_unplaced(solution, node)) {
        return -1;
    }
    if (!solution->work[clone].table->allowed[node]
        || (instance_managed(solution, rsc)
            && count[node] >= rsc_of(solution, clone)->promoted_node_max))
        return -1;
    return node;
}

static void add_line(CsSolution *solution, int rsc)
{
    const CsPromoteWork *work = solution->clones->promote;
    int node = cs_instance_location(solution, rsc);
    char buf[CS_SCORE_BUFSIZE];

    work->line_node[rsc] = node;
    cs_print_log(solution, CS_PRINT_PROMOTION, (int)work->lines->len);
    g_ptr_array_add(
        work->lines,
        g_strdup_printf(
            "%s promotion score on %s: %s", rsc_of(solution, rsc)->id,
            node >= 0 ? ((const CsNode *)g_ptr_array_index(solution->model->nodes, node))->uname
                      : "none",
            cs_score_format(work->sort_index[rsc], buf)));
}

/* A cloned group's instance whose members are placed on different nodes
 * (an unmanaged member kept where it runs, the others placed elsewhere)
 * is on no one node as a whole. */
static gboolean split_instance(const CsSolution *solution, int rsc)
{
    return is_group(solution, rsc) && solution->work[rsc].assigned >= 0
           && cs_instance_location(solution, rsc) < 0;
}

/* Pacemaker's set_next_role_unpromoted(): an instance placed somewhere,
 * and each member of it placed somewhere, is unpromoted; the others are
 * stopped.  A split instance keeps the role it had, so a colocation
 * limited to a role of the clone (Pacemaker Explained 2.1, "Promotable
 * clones") passes it by, while its members are unpromoted (checked with
 * crm_simulate 2.1.5, oracle-diff seed 1142286: "rsc with cgr
 * with-rsc-role=Unpromoted" scores no node for it, with no role it scores
 * the node of its first member). */
static void set_next_role_unpromoted(CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);
    CsRscWork *work = &solution->work[rsc];

    if (!split_instance(solution, rsc))
        work->next_role = work->assigned >= 0 ? CS_ROLE_UNPROMOTED : CS_ROLE_STOPPED;
    for (guint i = 0; is_group(solution, rsc) && i < info->children->len; i++)
        set_next_role_unpromoted(solution, g_array_index(info->children, int, i));
}

/* Pacemaker's set_next_role_promoted(): members whose next role is not
 * decided yet are promoted with their group. */
static void set_next_role_promoted(CsSolution *solution, int rsc)
{
    const CsResource *info = rsc_of(solution, rsc);
    CsRscWork *work = &solution->work[rsc];

    if (!is_group(solution, rsc)) {
        work->next_role = CS_ROLE_PROMOTED;
        return;
    }
    work->next_role = CS_ROLE_PROMOTED;
    for (guint i = 0; i < info->children->len; i++) {
        CsRscWork *member = &solution->work[g_array_index(info->children, int, i)];

        if (member->next_role == CS_ROLE_UNKNOWN)
            member->next_role = CS_ROLE_PROMOTED;
    }
}

void cs_promote_set_roles(CsSolution *solution, int clone)
{
    const CsResource *info = rsc_of(solution, clone);
    const CsModel *model = solution->model;
    g_autoptr(GArray) order = g_array_new(FALSE, FALSE, sizeof(int));
    g_autofree int *count = g_new0(int, solution->n_nodes);
    g_autofree int *position = g_new0(int, solution->n_rsc);
    const GArray *assigned_order = solution->clones->order[clone];
    PromotionOrder data = {solution, clone, position};
    int promoted = 0;

    promote_work(solution);
    for (guint i = 0; i < info->children->len; i++) {
        int rsc = g_array_index(info->children, int, i);

        set_priority(solution, clone, rsc);
        g_array_append_val(order, rsc);
        position[rsc] = (int)i;
    }
    for (guint i = 0; assigned_order != NULL && i < assigned_order->len; i++)
        position[g_array_index(assigned_order, int, i)] = (int)i;
    sum_priorities(solution, clone);
    /* The clone stays marked as merging while its instances are sorted
     * (Pacemaker's sort_promotable_instances() clears the mark only after
     * the sort): the colocation step of the instance order stops at the
     * clone, so its promotion-time scores do not tell two instances apart
     * (checked with crm_simulate's trace, oracle-diff seed 1010629: two
     * unpromoted instances tied on promotion score, the one moving to its
     * promoted node is promoted by its instance number). */
    solution->work[clone].merging = TRUE;
    /* g_array_sort is not stable: the positions break the ties. */
    g_array_sort_with_data(order, compare_promotion, &data);
    solution->work[clone].merging = FALSE;
    for (guint i = 0; i < order->len; i++) {
        int rsc = g_array_index(order, int, i);
        int node = -1;

        add_line(solution, rsc);
        if (solution->clones->promote->sort_index[rsc] >= 0
            && (promoted < info->promoted_max || !solution->work[clone].managed))
            node = promotion_node(solution, clone, rsc, count);
        /* no-quorum-policy=freeze: nothing new is promoted. */
        if (node >= 0 && own_role(solution, rsc) < CS_ROLE_PROMOTED
            && !model->options.have_quorum
            && model->options.no_quorum_policy == CS_NO_QUORUM_FREEZE)
            node = -1;
        if (node < 0) {
            set_next_role_unpromoted(solution, rsc);
            continue;
        }
        count[node]++;
        promoted++;
        set_next_role_promoted(solution, rsc);
    }
    /* Pacemaker keeps the clone's children in this order: later
     * colocations with the clone visit the instances so. */
    if (solution->clones->order[clone] != NULL)
        g_array_unref(solution->clones->order[clone]);
    solution->clones->order[clone] = g_array_ref(order);
}

/* ---- provenance, as explain and the console read it ------------------ */

gboolean cs_solution_promotion_score(const CsSolution *solution, int rsc, int *node_out,
                                     CsScore *score_out)
{
    const CsPromoteWork *work = solution->clones != NULL ? solution->clones->promote : NULL;

    if (work == NULL || rsc < 0 || rsc >= solution->n_rsc || work->line_node[rsc] < -1)
        return FALSE;
    *node_out = work->line_node[rsc];
    *score_out = work->sort_index[rsc];
    return TRUE;
}

static const CsContribution *list_of(GArray *const *lists, const CsSolution *solution, int rsc,
                                     int *n_out)
{
    *n_out = 0;
    if (lists == NULL || rsc < 0 || rsc >= solution->n_rsc || lists[rsc] == NULL
        || lists[rsc]->len == 0)
        return NULL;
    *n_out = (int)lists[rsc]->len;
    return (const CsContribution *)lists[rsc]->data;
}

const CsContribution *cs_solution_promotion_contributions(const CsSolution *solution, int rsc,
                                                          int *n_out)
{
    const CsPromoteWork *work = solution->clones != NULL ? solution->clones->promote : NULL;

    return list_of(work != NULL ? work->score_why : NULL, solution, rsc, n_out);
}

const CsContribution *cs_solution_promotion_priority(const CsSolution *solution, int rsc,
                                                     int *n_out)
{
    const CsPromoteWork *work = solution->clones != NULL ? solution->clones->promote : NULL;

    return list_of(work != NULL ? work->priority_why : NULL, solution, rsc, n_out);
}

/* ---- colocations with a promotable clone's role ------------------------ */

/* A cluster node's own score once the status section is read: Pacemaker
 * takes a node out of contention (-INFINITY) when it is offline, or
 * online but shutting down (its shutdown attribute set); otherwise the
 * <node score> stands (usually 0). */
static CsScore current_node_score(const CsNode *node)
{
    if (node->type == CS_NODE_MEMBER && node->has_state && (!node->online || node->shutdown))
        return -CS_INFINITY;
    return node->weight;
}

/* The first member of cloned group instance that is placed: the first
 * node of the group's location list (a member left unplaced lists none);
 * the instance itself when none is (oracle-diff seed 1115689: the first
 * member unplaced crashed the engine). */
static int first_placed_member(const CsSolution *solution, int instance)
{
    const GArray *members = rsc_of(solution, instance)->children;

    for (guint i = 0; i < members->len; i++) {
        int member = g_array_index(members, int, i);

        if (solution->work[member].assigned >= 0)
            return member;
    }
    return instance;
}

/* The score an instance's assigned node carries (Pacemaker copies the
 * node it assigns): its own score there, or, for an unmanaged instance
 * left where it runs (Pacemaker Explained 2.1, "Resource Meta-Attributes" is-managed, maintenance),
 * the score of the node it runs on, not the INFINITY that pins it
 * (oracle: a dependent of an unmanaged promoted instance gets 0 there,
 * or -INFINITY when that node is shutting down: corpus
 * unmanaged-promoted). */
static CsScore assigned_node_score(const CsSolution *solution, int instance)
{
    const CsRscWork *work;
    const CsNode *node;

    /* A cloned group's location is its first member's node (Pacemaker's
     * location method lists the members' nodes in order): that copy
     * carries the member's own score. */
    if (is_group(solution, instance))
        instance = first_placed_member(solution, instance);
    work = &solution->work[instance];

    if (work->managed && !solution->stonith_unmanage)
        return work->table->score[work->assigned];
    node = g_ptr_array_index(solution->model->nodes, work->assigned);
    return current_node_score(node);
}

/* Pacemaker's pcmk__update_dependent_with_promotable(): a dependent being
 * placed with a role of a promotable clone.  An optional colocation adds
 * its score where the attribute matches the node of each instance in that
 * role; a mandatory one (unless both sides are the promoted role) adds
 * each such instance's own node score and bans every other node. */
static void dependent_with_promotable(CsSolution *solution, int dependent, int clone,
                                      const CsColoc *coloc)
{
    const GArray *children = rsc_of(solution, clone)->children;
    CsTable *table = solution->work[dependent].table;
    g_autofree int *affected = g_new(int, solution->n_nodes);

    /* Of several instances on one node, the last in the order the
     * clone's assignment left them gives its node score (checked with
     * crm_simulate: two unpromoted instances of a globally-unique clone
     * on one node, the one kept there placed first). */
    if (solution->clones->order[clone] != NULL)
        children = solution->clones->order[clone];
    for (int node = 0; node < solution->n_nodes; node++)
        affected[node] = -1;
    for (guint i = 0; i < children->len; i++) {
        int instance = g_array_index(children, int, i);
        int node = solution->work[instance].assigned;

        if (node < 0 || solution->work[instance].next_role != coloc->primary_role)
            continue;
        affected[node] = instance;
        if (coloc->score >= CS_INFINITY)
            continue;
        for (int each = 0; each < solution->n_nodes; each++)
            if (table->allowed[each] && same_attr(solution, coloc->attribute, each, node))
                cs_table_add(table, each,
                             &(CsContribution){.kind = CS_CONTRIB_COLOCATION,
                                               .source = coloc->id,
                                               .other_rsc = instance,
                                               .value = coloc->score});
    }
    if (coloc->score < CS_INFINITY
        || (coloc->dependent_role == CS_ROLE_PROMOTED && coloc->primary_role == CS_ROLE_PROMOTED))
        return;
    for (int node = 0; node < solution->n_nodes; node++) {
        int instance = affected[node];

        /* Pacemaker's node_list_exclude(): a node with no instance in the
         * role is banned, and a node with one that the dependent had no
         * score on enters its table banned too. */
        if ((instance < 0 && table->allowed[node]) || (instance >= 0 && !table->allowed[node]))
            cs_table_add(table, node,
                         &(CsContribution){.kind = CS_CONTRIB_COLOCATION,
                                           .source = coloc->id,
                                           .other_rsc = clone,
                                           .value = -CS_INFINITY});
        else if (instance >= 0)
            cs_table_add(table, node,
                         &(CsContribution){.kind = CS_CONTRIB_COLOCATION,
                                           .source = coloc->id,
                                           .other_rsc = instance,
                                           .value = assigned_node_score(solution, instance)});
    }
}

gboolean cs_promote_apply_coloc(CsSolution *solution, int dependent, int clone,
                                const CsColoc *coloc)
{
    if (!rsc_of(solution, clone)->promotable || coloc->primary_role == CS_ROLE_UNKNOWN)
        return FALSE;
    if (solution->work[dependent].provisional)
        dependent_with_promotable(solution, dependent, clone, coloc);
    else if (coloc->dependent_role == CS_ROLE_PROMOTED)
        apply_role_coloc(solution, dependent, coloc);
    else
        return FALSE;
    return TRUE;
}
