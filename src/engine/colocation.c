/* colocation.c: colocation constraints as Pacemaker 2.1.5 applies them.
 *
 * Pacemaker Explained 2.1, "Placing Resources Relative to other Resources".
 * Two effects: once the primary is assigned, the dependent's scores are
 * moved towards (or away from) the primary's node; and before that, the
 * primary's scores take in its dependents' preferences, each attenuated by
 * score/INFINITY ("influence", 6.4.1), recursively along colocation chains.
 */
#include <string.h>

#include "engine/engine_internal.h"

static const char *coloc_default_attribute = "#uname";

/* A group's members are colocated with each other unless its meta
 * attribute collocated is false (Pacemaker Explained 2.1, "Groups"). */
gboolean cs_group_collocated(const CsResource *group)
{
    const char *collocated = g_hash_table_lookup(group->meta, "collocated");

    return collocated == NULL || cs_text_is_true(collocated);
}

/* The order Pacemaker 2.1.5 keeps colocations in: by the other
 * resource's priority (highest first), clones before groups before
 * primitives, promotable clones before other clones (kept from
 * schedulers before 2.0.0), then by id. */
static gint compare_resources(const CsResource *rsc1, const CsResource *rsc2)
{
    if (rsc1->priority != rsc2->priority)
        return rsc1->priority > rsc2->priority ? -1 : 1;
    if (rsc1->kind != rsc2->kind)
        return rsc1->kind > rsc2->kind ? -1 : 1;
    if (rsc1->kind == CS_RSC_CLONE && rsc1->promotable != rsc2->promotable)
        return rsc1->promotable ? -1 : 1;
    return strcmp(rsc1->id, rsc2->id);
}

/* Each resource's colocations where it is the primary, by dependent. */
static gint compare_by_dependent(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsSolution *solution = data;
    const CsColoc *first = *(CsColoc *const *)a, *second = *(CsColoc *const *)b;

    return compare_resources(g_ptr_array_index(solution->model->resources, first->dependent),
                             g_ptr_array_index(solution->model->resources, second->dependent));
}

/* ... and those where it is the dependent, by primary. */
static gint compare_by_primary(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsSolution *solution = data;
    const CsColoc *first = *(CsColoc *const *)a, *second = *(CsColoc *const *)b;

    return compare_resources(g_ptr_array_index(solution->model->resources, first->primary),
                             g_ptr_array_index(solution->model->resources, second->primary));
}

/* Most resources take part in no colocation: their two lists start as
 * one shared empty list, and a list gets memory of its own (from the
 * solve's arena) at its first entry.  With a GPtrArray each, a solve on
 * 32 x 2,000 spent a thirtieth of its time making lists. */
static CsColocList no_list;

CsColocList *cs_coloc_no_list(void)
{
    return &no_list;
}

void cs_coloc_list_free(CsColocList *list)
{
    if (list == NULL || list == &no_list || list->in_arena)
        return;
    g_free(list->pdata);
    g_free(list);
}

static void list_insert(CsColocList **into, guint at, CsColoc *coloc)
{
    CsColocList *list = *into;

    if (list == &no_list) {
        gboolean in_arena;

        list = cs_solve_memory(sizeof(CsColocList), &in_arena);
        *list = (CsColocList){.in_arena = in_arena};
        *into = list;
    }
    if (list->len == list->size) {
        guint size = MAX(4, list->size * 2);
        gboolean in_arena;
        gpointer *pdata = cs_solve_memory(sizeof(gpointer) * size, &in_arena);

        if (list->len > 0)
            memcpy(pdata, list->pdata, sizeof(gpointer) * list->len);
        if (!in_arena)
            g_free(list->pdata);
        list->pdata = pdata;
        list->size = size;
    }
    memmove(&list->pdata[at + 1], &list->pdata[at], sizeof(gpointer) * (list->len - at));
    list->pdata[at] = coloc;
    list->len++;
}

/* g_list_insert_sorted() semantics, which Pacemaker relies on: before
 * the first element that is not smaller, so among colocations with the
 * same other resource the newest comes first. */
static void insert_sorted(CsColocList **into, CsColoc *coloc, GCompareDataFunc compare,
                          CsSolution *solution)
{
    guint at = 0;

    while (at < (*into)->len && compare(&(*into)->pdata[at], &coloc, solution) < 0)
        at++;
    list_insert(into, at, coloc);
}

/* Pacemaker's pcmk__add_this_with() / pcmk__add_with_this(): a clone
 * instance inherits its clone's colocations into its own lists, each
 * where the priority order puts it. */
void cs_coloc_insert_this_with(CsSolution *solution, int rsc, CsColoc *coloc)
{
    insert_sorted(&solution->work[rsc].this_with, coloc, compare_by_primary, solution);
}

void cs_coloc_insert_with_this(CsSolution *solution, int rsc, CsColoc *coloc)
{
    insert_sorted(&solution->work[rsc].with_this, coloc, compare_by_dependent, solution);
}

static void add_coloc(CsSolution *solution, CsColoc *coloc)
{
    g_ptr_array_add(solution->colocs, coloc);
    insert_sorted(&solution->work[coloc->dependent].this_with, coloc, compare_by_primary, solution);
    insert_sorted(&solution->work[coloc->primary].with_this, coloc, compare_by_dependent, solution);
}

/* Pacemaker treats a colocation role of Started as "any role". */
static CsRole coloc_role(CsRole role)
{
    return role == CS_ROLE_STARTED ? CS_ROLE_UNKNOWN : role;
}

static void add_user_colocations(CsSolution *solution)
{
    const CsModel *model = solution->model;

    for (guint i = 0; i < model->colocations->len; i++) {
        const CsColocation *user = g_ptr_array_index(model->colocations, i);
        CsColoc *coloc;

        if (user->rsc < 0 || user->with_rsc < 0 || user->score == 0)
            continue;
        coloc = g_new0(CsColoc, 1);
        coloc->id = user->id;
        coloc->dependent = user->rsc;
        coloc->primary = user->with_rsc;
        coloc->score = user->score;
        coloc->dependent_role = coloc_role(user->rsc_role);
        coloc->primary_role = coloc_role(user->with_role);
        /* #uname as the one pointer coloc_node_matches() knows without
         * comparing strings for every node. */
        coloc->attribute = user->node_attribute != NULL
                                   && strcmp(user->node_attribute, coloc_default_attribute) != 0
                               ? user->node_attribute
                               : coloc_default_attribute;
        coloc->influence = user->influence;
        add_coloc(solution, coloc);
    }
}

static CsColoc *new_internal_coloc(const char *id, int dependent, int primary, CsScore score,
                                   gboolean influence)
{
    CsColoc *coloc = g_new0(CsColoc, 1);

    coloc->id = id;
    coloc->dependent = dependent;
    coloc->primary = primary;
    coloc->score = score;
    coloc->attribute = coloc_default_attribute;
    coloc->influence = influence;
    return coloc;
}

static void add_internal_coloc(CsSolution *solution, const char *id, int dependent, int primary,
                               gboolean influence)
{
    add_coloc(solution, new_internal_coloc(id, dependent, primary, CS_INFINITY, influence));
}

/* A resource with the meta attribute container (a "filler") runs where
 * its container runs: Pacemaker adds resource-with-container at INFINITY.
 * So does a guest node's connection, with the resource that holds the
 * guest (Pacemaker Explained 2.1, "Pacemaker Remote").  A filler whose
 * container is a connection or holds a guest node runs on that node
 * instead (guest.c).  An unmanaged filler gets none of a primitive's
 * implicit constraints (checked with crm_simulate 2.1.5: a filler on a
 * node in maintenance keeps 0 where its container may go). */
static void add_container_colocation(CsSolution *solution, int rsc)
{
    const CsResource *info = g_ptr_array_index(solution->model->resources, rsc);

    if (info->kind == CS_RSC_PRIMITIVE && info->container >= 0 && solution->work[rsc].managed
        && !cs_guest_filler_pinned(solution->model, rsc))
        add_internal_coloc(solution, "resource-with-container", rsc, info->container, TRUE);
}

/* Pacemaker Explained 2.1, "Groups": each member is colocated with the
 * previous one at INFINITY (unless the group's collocated=false), right
 * after the member's own implicit constraints. */
static void add_resource_internal(CsSolution *solution, int rsc)
{
    const CsResource *info = g_ptr_array_index(solution->model->resources, rsc);

    if (info->kind == CS_RSC_CLONE) {
        /* A clone's instances make their own implicit constraints: each
         * group instance colocates its members (Pacemaker Explained 2.1, "Clones"
         * "Clones": the child is a primitive or a group). */
        for (guint i = 0; i < info->children->len; i++)
            add_resource_internal(solution, g_array_index(info->children, int, i));
        return;
    }
    if (info->kind == CS_RSC_BUNDLE) {
        solution->placers->bundle_add_colocations(solution, rsc);
        return;
    }
    if (info->kind != CS_RSC_GROUP) {
        add_container_colocation(solution, rsc);
        return;
    }
    for (guint m = 0; m < info->children->len; m++) {
        int member = g_array_index(info->children, int, m);
        const CsResource *member_rsc = g_ptr_array_index(solution->model->resources, member);

        add_container_colocation(solution, member);
        if (m > 0 && cs_group_collocated(info))
            add_internal_coloc(solution, "group:internal_colocation", member,
                               g_array_index(info->children, int, m - 1), member_rsc->critical);
    }
}

void cs_coloc_add_internal(CsSolution *solution, const char *id, int dependent, int primary,
                           gboolean influence)
{
    add_internal_coloc(solution, id, dependent, primary, influence);
}

void cs_coloc_add_internal_scored(CsSolution *solution, const char *id, int dependent, int primary,
                                  CsScore score, gboolean influence)
{
    add_internal_coloc(solution, id, dependent, primary, influence);
    ((CsColoc *)g_ptr_array_index(solution->colocs, solution->colocs->len - 1))->score = score;
}

static gint compare_priority(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsModel *model = data;
    const CsResource *rsc1 = g_ptr_array_index(model->resources, *(const int *)a);
    const CsResource *rsc2 = g_ptr_array_index(model->resources, *(const int *)b);

    if (rsc1->priority != rsc2->priority)
        return rsc1->priority > rsc2->priority ? -1 : 1;
    return rsc1->index - rsc2->index;
}

/* Implicit colocations are made after the user's, resource by resource in
 * Pacemaker's resource order (top-level resources by priority). */
static void add_internal_colocations(CsSolution *solution)
{
    const CsModel *model = solution->model;
    g_autoptr(GArray) top = g_array_new(FALSE, FALSE, sizeof(int));

    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);

        if (rsc->parent < 0)
            g_array_append_val(top, rsc->index);
    }
    cs_sort_array(top, compare_priority, (gpointer)model);
    for (guint i = 0; i < top->len; i++)
        add_resource_internal(solution, g_array_index(top, int, i));
}

void cs_colocations_build(CsSolution *solution)
{
    add_user_colocations(solution);
    add_internal_colocations(solution);
}

/* Pacemaker's expand_group_colocations(), done when the group is
 * assigned: "group with X" becomes "first member with X", "X with group"
 * becomes "X with last member". */
void cs_group_expand_colocations(CsSolution *solution, int group)
{
    const CsResource *rsc = g_ptr_array_index(solution->model->resources, group);
    CsRscWork *work = &solution->work[group];
    int first, last;
    gboolean any_unmanaged;

    if (rsc->children->len == 0)
        return;
    first = g_array_index(rsc->children, int, 0);
    last = g_array_index(rsc->children, int, rsc->children->len - 1);
    /* The moved colocations keep each list's order (by the other
     * resource's priority, then id). */
    for (guint i = 0; i < work->this_with->len; i++)
        insert_sorted(&solution->work[first].this_with, g_ptr_array_index(work->this_with, i),
                      compare_by_primary, solution);
    /* After an unmanaged member, mandatory group colocations must be
     * repeated on every later member. */
    any_unmanaged = !solution->work[first].managed;
    for (guint m = 1; m < rsc->children->len; m++) {
        int member = g_array_index(rsc->children, int, m);

        if (any_unmanaged) {
            for (guint i = 0; i < work->this_with->len; i++) {
                CsColoc *coloc = g_ptr_array_index(work->this_with, i);

                if (coloc->score == CS_INFINITY)
                    list_insert(&solution->work[member].this_with, 0, coloc);
            }
        } else if (!solution->work[member].managed) {
            any_unmanaged = TRUE;
        }
    }
    cs_coloc_list_free(work->this_with);
    work->this_with = cs_coloc_no_list();
    for (guint i = 0; i < work->with_this->len; i++)
        insert_sorted(&solution->work[last].with_this, g_ptr_array_index(work->with_this, i),
                      compare_by_dependent, solution);
    cs_coloc_list_free(work->with_this);
    work->with_this = cs_coloc_no_list();
}

static gboolean same_value(const char *a, const char *b)
{
    if (a == NULL || b == NULL)
        return a == b;
    return g_ascii_strcasecmp(a, b) == 0;
}

/* Pacemaker's pcmk__colocation_affects(): whether a colocation still moves
 * the dependent's scores (roles must match for positive scores, must not
 * for negative ones). */
static gboolean coloc_affects_roles(const CsSolution *solution, int dependent,
                                    CsRole primary_role, const CsColoc *coloc)
{
    const CsRscWork *dep = &solution->work[dependent];

    if (!dep->provisional)
        return FALSE;
    if (coloc->score > 0 && coloc->dependent_role != CS_ROLE_UNKNOWN
        && coloc->dependent_role != dep->next_role)
        return FALSE;
    if (coloc->score > 0 && coloc->primary_role != CS_ROLE_UNKNOWN
        && coloc->primary_role != primary_role)
        return FALSE;
    if (coloc->score < 0 && coloc->dependent_role != CS_ROLE_UNKNOWN
        && coloc->dependent_role == dep->next_role)
        return FALSE;
    if (coloc->score < 0 && coloc->primary_role != CS_ROLE_UNKNOWN
        && coloc->primary_role == primary_role)
        return FALSE;
    return TRUE;
}

static gboolean coloc_affects_location(const CsSolution *solution, int dependent, int primary,
                                       const CsColoc *coloc)
{
    const CsRscWork *pri = &solution->work[primary];

    return !pri->provisional
           && coloc_affects_roles(solution, dependent, pri->next_role, coloc);
}

/* Whether node's attribute has the value the primary's node has.  For
 * #uname the solution knows which names compare equal (cs_nodes_init), so
 * no string is compared per node. */
static inline gboolean coloc_node_matches(const CsSolution *solution, const CsColoc *coloc,
                                          int node, int primary_node, const char *value)
{
    if (coloc->attribute == coloc_default_attribute
        || strcmp(coloc->attribute, coloc_default_attribute) == 0)
        return solution->uname_class[node] == solution->uname_class[primary_node];
    return same_value(cs_engine_node_attr(solution, node, coloc->attribute), value);
}

/* What the colocation adds to an allowed node of the dependent: FALSE when
 * nothing. */
static gboolean coloc_node_delta(const CsSolution *solution, const CsColoc *coloc, int node,
                                 int primary_node, const char *value, CsScore *delta)
{
    if (primary_node < 0) {
        /* The primary will not run: every node loses the score. */
        *delta = -coloc->score;
        return TRUE;
    }
    if (coloc_node_matches(solution, coloc, node, primary_node, value)) {
        *delta = coloc->score;
        return coloc->score < CS_INFINITY;
    }
    *delta = -CS_INFINITY;
    return coloc->score >= CS_INFINITY;
}

/* Whether the dependent keeps an available node once the colocation is
 * applied, worked out before changing its table. */
static gboolean coloc_leaves_a_node(const CsSolution *solution, const CsTable *table,
                                    const CsColoc *coloc, int primary_node, const char *value)
{
    for (int node = 0; node < table->n_nodes; node++) {
        CsScore score, delta;

        if (!table->allowed[node] || !cs_engine_node_available(solution, node))
            continue;
        score = table->score[node];
        if (coloc_node_delta(solution, coloc, node, primary_node, value, &delta))
            score = cs_score_add(score, delta);
        if (score >= 0)
            return TRUE;
    }
    return FALSE;
}

static gboolean is_uname_attribute(const char *attribute)
{
    return attribute == NULL || attribute == coloc_default_attribute
           || strcmp(attribute, coloc_default_attribute) == 0;
}

/* Pacemaker's pcmk__apply_coloc_to_weights(): nodes whose attribute
 * matches the primary's node gain the score (when optional); with a
 * mandatory colocation the others are banned; when the primary stays
 * stopped, a positive colocation costs every node its score.  An optional
 * result that would leave no node available is not applied. */
static void apply_coloc_to_scores(CsSolution *solution, int dependent, int primary,
                                  int primary_node, const CsColoc *coloc)
{
    CsRscWork *dep = &solution->work[dependent];
    const char *value = NULL;

    if (primary_node >= 0)
        value = cs_engine_node_attr(solution, primary_node, coloc->attribute);
    else if (coloc->score < 0)
        return;
    if (coloc->score > -CS_INFINITY && coloc->score < CS_INFINITY
        && !coloc_leaves_a_node(solution, dep->table, coloc, primary_node, value))
        return;
    /* Pacemaker applies the step to a copy of the dependent's table that
     * replaces it: one generation more (utilization.c; checked with
     * crm_simulate's trace, by node name and by a shared attribute). */
    dep->table->generation++;
    CsContribution why = {.kind = CS_CONTRIB_COLOCATION, .source = coloc->id, .other_rsc = primary};

    if (primary_node >= 0 && coloc->score < CS_INFINITY && solution->unames_distinct
        && is_uname_attribute(coloc->attribute)) {
        /* By #uname, with no two unames alike, the primary's node is the
         * only match; short of INFINITY, only a match takes the score. */
        why.value = coloc->score;
        if (dep->table->allowed[primary_node])
            cs_table_add(dep->table, primary_node, &why);
        return;
    }
    for (int node = 0; node < dep->table->n_nodes; node++) {
        if (dep->table->allowed[node]
            && coloc_node_delta(solution, coloc, node, primary_node, value, &why.value))
            cs_table_add(dep->table, node, &why);
    }
}

/* The primary's variant decides what to apply: a group primary stands
 * for its last member (mandatory) or first member (optional). */
void cs_apply_coloc_score(CsSolution *solution, int dependent, int primary, const CsColoc *coloc)
{
    const CsResource *rsc = g_ptr_array_index(solution->model->resources, primary);

    if (rsc->kind == CS_RSC_CLONE) {
        solution->placers->clone_apply_coloc(solution, dependent, primary, coloc);
        return;
    }
    if (rsc->kind == CS_RSC_BUNDLE) {
        solution->placers->bundle_apply_coloc(solution, dependent, primary, coloc);
        return;
    }
    if (rsc->kind == CS_RSC_GROUP) {
        int member;

        if (solution->work[primary].provisional || rsc->children->len == 0)
            return;
        member = g_array_index(rsc->children, int,
                               coloc->score >= CS_INFINITY ? rsc->children->len - 1 : 0);
        cs_apply_coloc_score(solution, dependent, member, coloc);
        return;
    }
    if (coloc_affects_location(solution, dependent, primary, coloc))
        apply_coloc_to_scores(solution, dependent, primary, solution->work[primary].assigned,
                              coloc);
}

/* Highest score among other's available allowed nodes whose attribute has
 * value; -INFINITY when there is none. */
static CsScore best_matching_score(const CsSolution *solution, const CsTable *other,
                                   const char *attribute, const char *value)
{
    CsScore best = -CS_INFINITY;

    for (int node = 0; node < other->n_nodes; node++) {
        if (!other->allowed[node] || other->score[node] <= best
            || !cs_engine_node_available(solution, node))
            continue;
        if (same_value(value, cs_engine_node_attr(solution, node, attribute)))
            best = other->score[node];
    }
    return best;
}

/* With #uname and names alike, or nodes with no name (cs_nodes_init):
 * best_matching_score for every node at once, as the best score of
 * other's available allowed nodes in each uname class, indexed by the
 * class.  Once per merge, not once per node: with many guest or remote
 * nodes that have no #uname, comparing each pair of nodes made a
 * bundle's assignment quadratic.  NULL when the names are distinct. */
static CsScore *class_best_scores(const CsSolution *solution, const CsTable *other,
                                  gboolean by_uname)
{
    if (!by_uname || solution->unames_distinct)
        return NULL;
    CsScore *best = g_new(CsScore, MAX(other->n_nodes, 1));

    for (int node = 0; node < other->n_nodes; node++)
        best[node] = -CS_INFINITY;
    for (int node = 0; node < other->n_nodes; node++) {
        int class = solution->uname_class[node];

        if (other->allowed[node] && cs_engine_node_available(solution, node)
            && other->score[node] > best[class])
            best[class] = other->score[node];
    }
    return best;
}

/* What add_matching_scores adds to one allowed node of work, before the
 * pe_weights_positive rule: FALSE when nothing.  by_uname: the attribute
 * is #uname (node names are unique, so the only match is the node, unless
 * class_best says they are not: class_best_scores()). */
static inline gboolean matching_weight(const CsSolution *solution, int node,
                                       const CsTable *other_table, const char *attribute,
                                       gboolean by_uname, const CsScore *class_best, float factor,
                                       CsScore *weight_out)
{
    CsScore score;

    if (class_best != NULL) {
        score = class_best[solution->uname_class[node]];
    } else if (by_uname) {
        score = (other_table->allowed[node] && cs_engine_node_available(solution, node)
                 && other_table->score[node] > -CS_INFINITY)
                    ? other_table->score[node]
                    : -CS_INFINITY;
    } else {
        score = best_matching_score(solution, other_table, attribute,
                                    cs_engine_node_attr(solution, node, attribute));
    }
    /* Nothing to add for a node at 0, most nodes of most resources. */
    if (score == 0)
        return FALSE;
    /* A negative preference for a node with a negative score must not
     * become a positive one. */
    if (factor < 0 && score < 0)
        return FALSE;
    float weight_f = factor * score;
    int weight = (int)(weight_f < 0 ? weight_f - 0.5f : weight_f + 0.5f);
    if (weight == 0 && score != 0)
        weight = factor > 0 ? 1 : (factor < 0 ? -1 : 0);
    *weight_out = weight;
    return weight != 0;
}

/* Whether work keeps an available node once add_matching_scores (without
 * marks) has run: worked out before changing it, so that a merge that
 * would be rolled back need not work on a copy. */
static gboolean matching_leaves_a_node(const CsSolution *solution, const CsTable *work, int other,
                                       const char *attribute, float factor)
{
    const CsTable *other_table = solution->work[other].table;
    gboolean by_uname = is_uname_attribute(attribute);
    g_autofree CsScore *class_best = class_best_scores(solution, other_table, by_uname);

    for (int node = 0; node < work->n_nodes; node++) {
        CsScore score, weight;

        if (!work->allowed[node] || !cs_engine_node_available(solution, node))
            continue;
        score = work->score[node];
        if (matching_weight(solution, node, other_table, attribute, by_uname, class_best, factor,
                            &weight))
            score = cs_score_add(score, weight);
        if (score >= 0)
            return TRUE;
    }
    return FALSE;
}

/* Pacemaker's add_node_scores_matching_attr(): each node takes the best
 * matching score of the other resource times factor, rounded half away
 * from zero, never rounded to 0 from a nonzero score.
 *
 * With marked (a clone taking its dependents' preferences, Pacemaker's
 * pe_weights_positive): a preference may not make a node negative.  A node
 * at 0 keeps 0; a positive node is marked unusable (-INFINITY here) for the
 * rest of this merge, and the merge that marked it ends it at 1
 * (unmark_positive). */
static void add_matching_scores(CsSolution *solution, CsTable *work, int other,
                                const char *attribute, float factor, const char *via,
                                gboolean *marked)
{
    const CsTable *other_table = solution->work[other].table;
    gboolean by_uname = is_uname_attribute(attribute);
    g_autofree CsScore *class_best = class_best_scores(solution, other_table, by_uname);

    CsContribution why = {
        .kind = CS_CONTRIB_COLOCATED, .source = via, .other_rsc = other, .factor = factor};

    for (int node = 0; node < work->n_nodes; node++) {
        CsScore weight;

        if (!work->allowed[node]
            || !matching_weight(solution, node, other_table, attribute, by_uname, class_best,
                                factor, &weight))
            continue;
        if (marked != NULL && cs_score_add(work->score[node], weight) < 0
            && work->score[node] >= 0) {
            if (work->score[node] == 0)
                continue;
            marked[node] = TRUE;
            weight = -CS_INFINITY;
        }
        why.value = weight;
        cs_table_add(work, node, &why);
    }
}

/* The end of each level of a positive merge: each node marked unusable
 * takes 1, its score before the merge plus what brings that to 1; one
 * marked by an outer level already (inherited) simply takes 1.  Pacemaker
 * 2.1.5 turns every marked node back to 1 at the end of each level of
 * the chain, so the steps after that level read 1 there, not the mark
 * (checked with crm_simulate's trace: a clone merging a dependent colocated
 * with the clone both ways, oracle-diff seed 1011256).  Consumes result. */
static CsTable *unmark_positive(CsSolution *solution, const CsTable *before, CsTable *result,
                                const gboolean *marked, const gboolean *inherited, int other,
                                const char *via)
{
    CsTable *input = cs_table_copy(before);  /* compact */
    CsTable *merged = cs_table_copy(result); /* compact */
    CsTable *out = cs_table_new(solution->n_nodes, result->track);

    out->generation = result->generation;
    for (int node = 0; node < solution->n_nodes; node++) {
        const CsTable *from = marked[node] ? input : merged;
        const CsContribution *list;
        int n = 0;

        if (!from->allowed[node])
            continue;
        out->allowed[node] = TRUE;
        /* INFINITY absorbs any addition: a node that was at INFINITY is
         * explained by the one step that left it at 1. */
        list = marked[node] && (inherited[node] || input->score[node] >= CS_INFINITY)
                   ? NULL
                   : cs_table_contributions(from, node, &n);
        for (int k = 0; list != NULL && k < n; k++)
            cs_table_add(out, node, &list[k]);
        if (marked[node] && list == NULL)
            cs_table_add(
                out, node,
                &(CsContribution){
                    .kind = CS_CONTRIB_COLOCATED, .source = via, .other_rsc = other, .value = 1});
        else if (marked[node])
            cs_table_add(out, node,
                         &(CsContribution){.kind = CS_CONTRIB_COLOCATED,
                                           .source = via,
                                           .other_rsc = other,
                                           .value = 1 - input->score[node]});
    }
    cs_table_free(input);
    cs_table_free(merged);
    cs_table_free(result);
    return out;
}

/* Whether a dependent's preferences count for its primary (Pacemaker
 * Explained 2.1, "Colocation Properties", influence): when the colocation says so, or while the
 * primary is not active anywhere. */
static gboolean coloc_has_influence(const CsSolution *solution, const CsColoc *coloc)
{
    return coloc->influence || solution->work[coloc->primary].n_running == 0;
}

/* How Pacemaker 2.1.5 merges a group's scores into another resource's
 * (checked against crm_simulate): through its first member (with, forward,
 * that member's chain of primaries, else its dependents, which reach the
 * later members), then, forward, the group's own colocations with other
 * resources, or else the dependents of the group's last member once more:
 * a resource colocated with the last member counts twice. */
static CsTable *merge_scores(CsSolution *solution, int other, CsTable *nodes, gboolean owned,
                             const char *attribute, float factor, gboolean forward,
                             gboolean rollback, gboolean positive, const char *via);

/* The next step of a merge: result carried on along each colocation of
 * list, to its primary (forward) or to its dependent when the
 * colocation has influence, with rollback, the colocation's score as a
 * factor of INFINITY signed by multiplier.  Consumes result; returns the
 * new table. */
static CsTable *merge_along(CsSolution *solution, const CsColocList *list, CsTable *result,
                            int multiplier, gboolean forward, gboolean positive)
{
    for (guint i = 0; i < list->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(list, i);
        int next;

        if (forward)
            next = coloc->primary;
        else if (!coloc_has_influence(solution, coloc))
            continue;
        else
            next = coloc->dependent;
        result = merge_scores(solution, next, result, TRUE, coloc->attribute,
                              multiplier * coloc->score / (float)CS_INFINITY, forward, TRUE,
                              positive, coloc->id);
    }
    return result;
}

static CsTable *merge_group_scores(CsSolution *solution, int group, CsTable *nodes,
                                   const char *attribute, float factor, gboolean forward,
                                   gboolean rollback, gboolean positive, const char *via)
{
    const CsResource *rsc = g_ptr_array_index(solution->model->resources, group);
    CsRscWork *work = &solution->work[group];
    int first = g_array_index(rsc->children, int, 0);
    int last = g_array_index(rsc->children, int, rsc->children->len - 1);
    int multiplier = factor < 0 ? -1 : 1;
    const CsColocList *list;
    CsTable *result;

    if (work->merging)
        return nodes;
    work->merging = TRUE;
    result = merge_scores(solution, first, nodes != NULL ? cs_table_copy(nodes) : NULL, TRUE,
                          attribute, factor, forward, rollback, positive, via);
    if (result != NULL && cs_table_any_available(solution, result)) {
        list = forward ? work->this_with : solution->work[last].with_this;
        result = merge_along(solution, list, result, multiplier, forward, positive);
    } else if (rollback || result == NULL) {
        cs_table_free(result);
        work->merging = FALSE;
        return nodes;
    }
    cs_table_free(nodes);
    work->merging = FALSE;
    return result;
}

/* Pacemaker 2.1.5's merge of colocated scores: nodes (or, when NULL,
 * other's own table) takes other's best matching scores times factor, then
 * recursively those of other's own colocated resources (forward: its
 * primaries, else: its dependents), each at its own score/INFINITY with
 * factor's sign.  With rollback, a result leaving no node available is
 * dropped; with positive, no step may make a node negative (see
 * add_matching_scores).  Consumes nodes; returns the new table. */
/* The outermost level of a positive merge drops the marks at its end. */
static void end_marks(CsSolution *solution, gboolean own_marks)
{
    if (own_marks) {
        g_free(solution->merge_marks);
        solution->merge_marks = NULL;
    }
}

static CsTable *merge_scores(CsSolution *solution, int other, CsTable *nodes, gboolean owned,
                             const char *attribute, float factor, gboolean forward,
                             gboolean rollback, gboolean positive, const char *via)
{
    const CsResource *rsc = g_ptr_array_index(solution->model->resources, other);
    CsRscWork *work = &solution->work[other];
    CsTable *result;
    const CsColocList *list;
    int multiplier = factor < 0 ? -1 : 1;
    gboolean own_marks = FALSE;

    g_autofree gboolean *inherited = NULL;

    if (rsc->kind == CS_RSC_GROUP && rsc->children->len > 0)
        return merge_group_scores(solution, other, nodes, attribute, factor, forward, rollback,
                                  positive, via);
    if (work->merging)
        return nodes;
    /* Past the budget, stop following colocations: cs_solve() then
     * refuses the CIB rather than print scores built from half a merge. */
    if (solution->merges_left <= 0 || solution->merge_items_left <= 0)
        return nodes;
    solution->merges_left--;
    work->merging = TRUE;
    /* Each level of Pacemaker's merge works on a fresh copy of the table
     * it is given, which replaces it unless rolled back: one generation
     * more, and its nested levels each add theirs (utilization.c). */
    int generation = (nodes != NULL ? nodes : work->table)->generation + 1;
    if (nodes == NULL) {
        solution->merge_items_left -= work->table->n_items;
        result = cs_table_copy(work->table);
    } else if (positive || !owned) {
        /* unmark_positive reads the table as it was before the merge; a
         * table not owned is a resource's own, which the merge may read
         * again further along a chain of colocations. */
        solution->merge_items_left -= nodes->n_items;
        result = cs_table_copy(nodes);
        if (positive) {
            own_marks = solution->merge_marks == NULL;
            if (own_marks)
                solution->merge_marks = g_new0(gboolean, solution->n_nodes);
            inherited = g_memdup2(solution->merge_marks, sizeof(gboolean) * (gsize)solution->n_nodes);
        }
        add_matching_scores(solution, result, other, attribute, factor, via,
                            positive ? solution->merge_marks : NULL);
    } else {
        solution->merge_items_left -= nodes->n_items;
        if (rollback && !matching_leaves_a_node(solution, nodes, other, attribute, factor)) {
            work->merging = FALSE;
            return nodes;
        }
        /* Merged in place: a table made for this merge, which only the
         * merge reads. */
        result = nodes;
        nodes = NULL;
        add_matching_scores(solution, result, other, attribute, factor, via, NULL);
    }
    result->generation = generation;
    if (cs_table_any_available(solution, result)) {
        list = forward ? work->this_with : work->with_this;
        result = merge_along(solution, list, result, multiplier, forward, positive);
    } else if (rollback) {
        cs_table_free(result);
        if (inherited != NULL) /* the marks as they were */
            memcpy(solution->merge_marks, inherited,
                   sizeof(gboolean) * (gsize)solution->n_nodes);
        end_marks(solution, own_marks);
        work->merging = FALSE;
        return nodes;
    }
    if (inherited != NULL) {
        result = unmark_positive(solution, nodes, result, solution->merge_marks, inherited, other,
                                 via);
        memset(solution->merge_marks, 0, sizeof(gboolean) * (gsize)solution->n_nodes);
    }
    end_marks(solution, own_marks);
    cs_table_free(nodes);
    work->merging = FALSE;
    return result;
}

CsTable *cs_merge_scores(CsSolution *solution, int other, CsTable *nodes, const char *attribute,
                         float factor, gboolean forward, gboolean rollback, const char *via)
{
    return merge_scores(solution, other, nodes, FALSE, attribute, factor, forward, rollback, FALSE,
                        via);
}

CsTable *cs_merge_scores_positive(CsSolution *solution, int other, CsTable *nodes,
                                  const char *attribute, float factor, gboolean rollback,
                                  const char *via)
{
    return merge_scores(solution, other, nodes, FALSE, attribute, factor, FALSE, rollback, TRUE,
                        via);
}

/* Pacemaker's "with this" step of assignment: the dependent's preferences
 * flow into the resource being assigned. */
void cs_add_dependent_scores(CsSolution *solution, int rsc, const CsColoc *coloc)
{
    CsRscWork *work = &solution->work[rsc];

    if (!coloc_has_influence(solution, coloc))
        return;
    work->table = cs_merge_scores(solution, coloc->dependent, work->table, coloc->attribute,
                                  coloc->score / (float)CS_INFINITY, FALSE, TRUE, coloc->id);
}

/* ---- colocated resources (for utilization) ---------------------------- */

/* Pacemaker's pcmk__colocation_affects() in preview mode: only the roles
 * the colocation names are checked, not whether anything is assigned. */
static gboolean coloc_affects_preview(const CsSolution *solution, const CsColoc *coloc)
{
    const CsRscWork *dep = &solution->work[coloc->dependent];
    const CsRscWork *pri = &solution->work[coloc->primary];

    if (coloc->dependent_role != CS_ROLE_UNKNOWN && coloc->dependent_role != dep->next_role)
        return FALSE;
    return coloc->primary_role == CS_ROLE_UNKNOWN || coloc->primary_role == pri->next_role;
}

typedef struct ColocatedWalk {
    const CsSolution *solution;
    int orig;
    gboolean *seen;
    GArray *list;
} ColocatedWalk;

static void collect_colocated(ColocatedWalk *walk, int rsc);

static gboolean is_clone_rsc(const CsSolution *solution, int rsc)
{
    return ((const CsResource *)g_ptr_array_index(solution->model->resources, rsc))->kind
           == CS_RSC_CLONE;
}

/* The resource itself, then what its INFINITY colocations tie to it in
 * either direction (never back to the resource the walk started from). */
static void collect_own(ColocatedWalk *walk, int rsc)
{
    const CsRscWork *work = &walk->solution->work[rsc];

    if (walk->seen[rsc])
        return;
    walk->seen[rsc] = TRUE;
    g_array_append_val(walk->list, rsc);
    for (guint i = 0; i < work->this_with->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(work->this_with, i);

        if (coloc->primary != walk->orig && coloc->score >= CS_INFINITY
            && coloc_affects_preview(walk->solution, coloc))
            collect_colocated(walk, coloc->primary);
    }
    for (guint i = 0; i < work->with_this->len; i++) {
        const CsColoc *coloc = g_ptr_array_index(work->with_this, i);

        /* Whether a dependent that is no clone goes where a clone's
         * instance goes is not known: it is not followed. */
        if (is_clone_rsc(walk->solution, rsc) && !is_clone_rsc(walk->solution, coloc->dependent))
            continue;
        if (coloc->dependent != walk->orig && coloc->score >= CS_INFINITY
            && coloc_affects_preview(walk->solution, coloc))
            collect_colocated(walk, coloc->dependent);
    }
}

/* A group brings its members (only the first when they are not
 * colocated), then its own colocations. */
static void collect_colocated(ColocatedWalk *walk, int rsc)
{
    const CsResource *info = g_ptr_array_index(walk->solution->model->resources, rsc);

    if (info->kind == CS_RSC_GROUP && info->children->len > 0) {
        guint n = cs_group_collocated(info) ? info->children->len : 1;

        for (guint i = 0; i < n; i++)
            collect_colocated(walk, g_array_index(info->children, int, i));
    }
    collect_own(walk, rsc);
}

GArray *cs_colocated_resources(const CsSolution *solution, int rsc)
{
    g_autofree gboolean *seen = g_new0(gboolean, solution->n_rsc);
    ColocatedWalk walk = {solution, rsc, seen, g_array_new(FALSE, FALSE, sizeof(int))};

    collect_colocated(&walk, rsc);
    return walk.list;
}

/* The merge Pacemaker 2.1.5 uses to sort resources for assignment (only
 * under a placement strategy): a group counts through its last member,
 * whose chain of "with" colocations reaches every other member, then
 * through the group's own colocations with other resources. */
CsTable *cs_merge_scores_for_order(CsSolution *solution, int rsc)
{
    const CsResource *info = g_ptr_array_index(solution->model->resources, rsc);
    CsRscWork *work = &solution->work[rsc];
    CsTable *result;
    int last;

    if (info->kind != CS_RSC_GROUP || info->children->len == 0)
        return cs_merge_scores(solution, rsc, NULL, NULL, 1.0f, TRUE, FALSE, NULL);
    last = g_array_index(info->children, int, info->children->len - 1);
    work->merging = TRUE;
    result = cs_merge_scores(solution, last, NULL, NULL, 1.0f, TRUE, FALSE, NULL);
    if (cs_table_any_available(solution, result)) {
        for (guint i = 0; i < work->this_with->len; i++) {
            const CsColoc *coloc = g_ptr_array_index(work->this_with, i);

            result = cs_merge_scores(solution, coloc->primary, result, coloc->attribute,
                                     coloc->score / (float)CS_INFINITY, TRUE, TRUE, coloc->id);
        }
    }
    work->merging = FALSE;
    return result;
}
