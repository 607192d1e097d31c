/* utilization.c: node capacities under a placement strategy.
 *
 * Pacemaker Explained 2.1, "Utilization and Placement Strategy": with
 * placement-strategy utilization, minimal or balanced, a node only takes a
 * resource whose utilization fits in what the node has left, and balanced
 * prefers, among equally scored nodes, the one with more left.  As in
 * Pacemaker 2.1.5, the capacity check happens when a resource picks its
 * node, after its scores are printed: it changes where resources go (and
 * so their colocated resources' scores), never the resource's own printed
 * scores.
 */
#include <limits.h>
#include <string.h>

#include "engine/engine_internal.h"

/* Utilization attribute names are interned as indices; a node's or a
 * resource's values are rows of n_attrs integers with presence flags
 * (Pacemaker keeps them as name/value tables, and a missing name counts
 * as 0 but is not the same as a present 0 when capacity is consumed). */
typedef struct CsCapacity {
    int n_attrs;
    GHashTable *index; /* name (borrowed from the model) -> index+1 */
    int *remaining;    /* n_nodes x n_attrs */
    gboolean *node_has;
    int *required; /* n_rsc x n_attrs */
    gboolean *rsc_has;
    GPtrArray *orders;  /* per table generation: node indices in
                         * Pacemaker's allowed-nodes iteration order */
    GHashTable *latest; /* the table of the last generation made */
} CsCapacity;

/* Pacemaker's utilization_value(): an integer (leading digits are
 * enough), 0 when there is none. */
static int utilization_value(const char *text)
{
    char *end = NULL;
    gint64 value;

    if (text == NULL)
        return 0;
    value = g_ascii_strtoll(text, &end, 10);
    if (end == text)
        return 0;
    return (int)CLAMP(value, INT_MIN, INT_MAX);
}

static void intern_names(CsCapacity *capacity, GHashTable *values)
{
    GHashTableIter iter;
    gpointer name;

    if (values == NULL)
        return;
    g_hash_table_iter_init(&iter, values);
    while (g_hash_table_iter_next(&iter, &name, NULL)) {
        if (!g_hash_table_contains(capacity->index, name))
            g_hash_table_insert(capacity->index, name, GINT_TO_POINTER(++capacity->n_attrs));
    }
}

static void fill_row(const CsCapacity *capacity, GHashTable *values, int *row, gboolean *has)
{
    GHashTableIter iter;
    gpointer name, value;

    if (values == NULL)
        return;
    g_hash_table_iter_init(&iter, values);
    while (g_hash_table_iter_next(&iter, &name, &value)) {
        int attr = GPOINTER_TO_INT(g_hash_table_lookup(capacity->index, name)) - 1;

        row[attr] = utilization_value(value);
        has[attr] = TRUE;
    }
}

/* Pacemaker keeps a resource's allowed nodes in a GLib hash table keyed
 * by node id and, when no node can hold a resource with its colocated
 * resources, prefers the first node in that table's iteration order among
 * those with the most capacity left.  The same hash table, filled as
 * Pacemaker fills it (node order), gives that order, with the string hash
 * Pacemaker's node tables use: each character added to 31 times the hash
 * so far, from 0 (not GLib's own g_str_hash; found with crm_simulate on
 * two equally loaded nodes whose ids were renamed, oracle-diff seeds
 * 401434 and 680789: "1" before "4", "10" before "7", "abc" and "DEF"
 * each way round). */
static guint node_id_hash(gconstpointer key)
{
    guint32 hash = 0;

    for (const char *c = key; *c != '\0'; c++)
        hash = hash * 31 + (guint32)(guchar)*c;
    return hash;
}

static GHashTable *copy_node_table(GHashTable *table)
{
    GHashTable *copy = g_hash_table_new(node_id_hash, g_str_equal);
    GHashTableIter iter;
    gpointer key, value;

    g_hash_table_iter_init(&iter, table);
    while (g_hash_table_iter_next(&iter, &key, &value))
        g_hash_table_insert(copy, key, value);
    return copy;
}

static int *iteration_order(const CsSolution *solution, GHashTable *table)
{
    int *order = g_new(int, solution->n_nodes + 1);
    GHashTableIter iter;
    gpointer value;
    int at = 0;

    g_hash_table_iter_init(&iter, table);
    while (g_hash_table_iter_next(&iter, NULL, &value))
        order[at++] = GPOINTER_TO_INT(value);
    /* Nodes sharing an id (an invalid CIB) have one table entry: the
     * others follow in index order, so that every node is listed. */
    for (int node = 0; node < solution->n_nodes && at < solution->n_nodes; node++) {
        const CsNode *info = g_ptr_array_index(solution->model->nodes, node);
        if (GPOINTER_TO_INT(g_hash_table_lookup(table, info->id)) != node)
            order[at++] = node;
    }
    return order;
}

static GHashTable *unpacked_node_table(const CsSolution *solution)
{
    GHashTable *table = g_hash_table_new(node_id_hash, g_str_equal);
    g_autofree int *by_name = cs_nodes_in_name_order(solution);

    for (int i = 0; i < solution->n_nodes; i++) {
        int node = by_name[i];
        const CsNode *info = g_ptr_array_index(solution->model->nodes, node);

        g_hash_table_insert(table, info->id, GINT_TO_POINTER(node));
    }
    return table;
}

/* The iteration order of an allowed-nodes table copied generation times
 * (CsTable's generation): each copy re-inserts the nodes in the order the
 * copied table yields them, so node ids that collide in the table change
 * places.  Orders are made as they are first asked for. */
static const int *order_of_generation(const CsSolution *solution, int generation)
{
    CsCapacity *capacity = solution->capacity;

    if (capacity->latest == NULL) {
        capacity->latest = unpacked_node_table(solution);
        g_ptr_array_add(capacity->orders, iteration_order(solution, capacity->latest));
    }
    while ((int)capacity->orders->len <= generation) {
        GHashTable *copy = copy_node_table(capacity->latest);

        g_hash_table_unref(capacity->latest);
        capacity->latest = copy;
        g_ptr_array_add(capacity->orders, iteration_order(solution, copy));
    }
    return g_ptr_array_index(capacity->orders, generation);
}

void cs_capacity_init(CsSolution *solution)
{
    const CsModel *model = solution->model;
    CsCapacity *capacity;

    if (model->options.placement_strategy == CS_PLACEMENT_DEFAULT)
        return;
    capacity = g_new0(CsCapacity, 1);
    capacity->index = g_hash_table_new(g_str_hash, g_str_equal);
    for (int node = 0; node < solution->n_nodes; node++)
        intern_names(capacity,
                     ((const CsNode *)g_ptr_array_index(model->nodes, node))->utilization);
    for (int rsc = 0; rsc < solution->n_rsc; rsc++)
        intern_names(capacity,
                     ((const CsResource *)g_ptr_array_index(model->resources, rsc))->utilization);
    capacity->remaining = g_new0(int, (gsize)solution->n_nodes * capacity->n_attrs + 1);
    capacity->node_has = g_new0(gboolean, (gsize)solution->n_nodes * capacity->n_attrs + 1);
    capacity->required = g_new0(int, (gsize)solution->n_rsc * capacity->n_attrs + 1);
    capacity->rsc_has = g_new0(gboolean, (gsize)solution->n_rsc * capacity->n_attrs + 1);
    for (int node = 0; node < solution->n_nodes; node++)
        fill_row(capacity, ((const CsNode *)g_ptr_array_index(model->nodes, node))->utilization,
                 capacity->remaining + (gsize)node * capacity->n_attrs,
                 capacity->node_has + (gsize)node * capacity->n_attrs);
    for (int rsc = 0; rsc < solution->n_rsc; rsc++)
        fill_row(capacity,
                 ((const CsResource *)g_ptr_array_index(model->resources, rsc))->utilization,
                 capacity->required + (gsize)rsc * capacity->n_attrs,
                 capacity->rsc_has + (gsize)rsc * capacity->n_attrs);
    capacity->orders = g_ptr_array_new_with_free_func(g_free);
    solution->capacity = capacity;
}

void cs_capacity_free(CsSolution *solution)
{
    CsCapacity *capacity = solution->capacity;

    if (capacity == NULL)
        return;
    g_hash_table_destroy(capacity->index);
    g_free(capacity->remaining);
    g_free(capacity->node_has);
    g_free(capacity->required);
    g_free(capacity->rsc_has);
    g_ptr_array_unref(capacity->orders);
    if (capacity->latest != NULL)
        g_hash_table_unref(capacity->latest);
    g_free(capacity);
    solution->capacity = NULL;
}

const int *cs_capacity_node_order(const CsSolution *solution, int rsc)
{
    if (solution->capacity == NULL)
        return NULL;
    /* a clone instance's too: cloned variants agree (tests/fuzz/cases/oracle-
     * utilization-tie-generation-clone-*) */
    return order_of_generation(solution, solution->work[rsc].table->generation);
}

/* Pacemaker's pcmk__consume_node_capacity(): a name the node lacks
 * becomes present at 0 rather than going negative. */
void cs_capacity_consume(CsSolution *solution, int rsc, int node)
{
    CsCapacity *capacity = solution->capacity;
    int n = capacity ? capacity->n_attrs : 0;

    for (int attr = 0; attr < n; attr++) {
        gsize at = (gsize)node * n + attr;

        if (!capacity->rsc_has[(gsize)rsc * n + attr])
            continue;
        capacity->remaining[at] =
            capacity->node_has[at]
                ? capacity->remaining[at] - capacity->required[(gsize)rsc * n + attr]
                : 0;
        capacity->node_has[at] = TRUE;
    }
}

/* Pacemaker's native_deallocate(): an assignment rolled back gives its
 * node the capacity it took back. */
void cs_capacity_release(CsSolution *solution, int rsc, int node)
{
    CsCapacity *capacity = solution->capacity;
    int n = capacity ? capacity->n_attrs : 0;

    for (int attr = 0; attr < n; attr++) {
        gsize at = (gsize)node * n + attr;

        if (capacity->rsc_has[(gsize)rsc * n + attr])
            capacity->remaining[at] += capacity->required[(gsize)rsc * n + attr];
    }
}

/* Pacemaker's pcmk__compare_node_capacities(): one point per attribute
 * for the node with more left; negative when node1 has more. */
int cs_capacity_compare(const CsSolution *solution, int node1, int node2)
{
    const CsCapacity *capacity = solution->capacity;
    int n = capacity ? capacity->n_attrs : 0;
    int result = 0;

    for (int attr = 0; attr < n; attr++) {
        gsize at1 = (gsize)node1 * n + attr, at2 = (gsize)node2 * n + attr;
        int left1 = capacity->node_has[at1] ? capacity->remaining[at1] : 0;
        int left2 = capacity->node_has[at2] ? capacity->remaining[at2] : 0;

        if (!capacity->node_has[at1] && !capacity->node_has[at2])
            continue;
        if (left1 > left2)
            result--;
        else if (left1 < left2)
            result++;
    }
    return result;
}

static gboolean have_enough(const CsCapacity *capacity, int node, const int *required,
                            const gboolean *has)
{
    int n = capacity->n_attrs;

    for (int attr = 0; attr < n; attr++) {
        gsize at = (gsize)node * n + attr;
        int left = capacity->node_has[at] ? capacity->remaining[at] : 0;

        if (has[attr] && required[attr] > left)
            return FALSE;
    }
    return TRUE;
}

static void add_requirement(const CsSolution *solution, int rsc, int *sum, gboolean *has)
{
    const CsCapacity *capacity = solution->capacity;
    int n = capacity->n_attrs;

    if (!solution->work[rsc].provisional)
        return;
    for (int attr = 0; attr < n; attr++) {
        if (!capacity->rsc_has[(gsize)rsc * n + attr])
            continue;
        sum[attr] += capacity->required[(gsize)rsc * n + attr];
        has[attr] = TRUE;
    }
}

static void add_colocated_requirement(const CsSolution *solution, int rsc, const gboolean *listed,
                                      int *sum, gboolean *has);

/* A clone not yet assigned adds, for each instance not in the list that
 * has a member in it, that instance's utilization; when none of its
 * instances or their members is listed, its first instance's. */
static void add_clone_requirement(const CsSolution *solution, const CsResource *info,
                                  const gboolean *listed, int *sum, gboolean *has)
{
    gboolean existing = FALSE;

    for (guint i = 0; i < info->children->len; i++) {
        int instance = g_array_index(info->children, int, i);
        const CsResource *child = g_ptr_array_index(solution->model->resources, instance);

        if (listed[instance]) {
            existing = TRUE;
            continue;
        }
        for (guint j = 0; j < child->children->len; j++) {
            if (listed[g_array_index(child->children, int, j)]) {
                add_colocated_requirement(solution, instance, listed, sum, has);
                existing = TRUE;
                break;
            }
        }
    }
    if (!existing && info->children->len > 0)
        add_colocated_requirement(solution, g_array_index(info->children, int, 0), listed, sum,
                                  has);
}

/* Pacemaker's add_utilization methods: a resource not yet assigned adds
 * its own utilization; a group adds its members' (only the first's when
 * they are not colocated) that are not in the list themselves; a clone,
 * one instance's (add_clone_requirement()). */
static void add_colocated_requirement(const CsSolution *solution, int rsc, const gboolean *listed,
                                      int *sum, gboolean *has)
{
    const CsResource *info = g_ptr_array_index(solution->model->resources, rsc);
    guint n;

    if (info->kind == CS_RSC_CLONE) {
        if (solution->work[rsc].provisional)
            add_clone_requirement(solution, info, listed, sum, has);
        return;
    }
    if (info->kind != CS_RSC_GROUP) {
        add_requirement(solution, rsc, sum, has);
        return;
    }
    if (!solution->work[rsc].provisional)
        return;
    n = cs_group_collocated(info) ? info->children->len : MIN(info->children->len, 1);
    for (guint i = 0; i < n; i++) {
        int member = g_array_index(info->children, int, i);

        if (!listed[member])
            add_requirement(solution, member, sum, has);
    }
}

static gboolean usable(const CsSolution *solution, const CsTable *table, int node)
{
    return table->allowed[node] && table->score[node] >= 0
           && cs_engine_node_available(solution, node);
}

static void ban_lacking(CsSolution *solution, int rsc, const int *required, const gboolean *has)
{
    CsTable *table = solution->work[rsc].table;

    for (int node = 0; node < solution->n_nodes; node++) {
        if (usable(solution, table, node) && !have_enough(solution->capacity, node, required, has))
            cs_table_add_simple(table, node, CS_CONTRIB_UTILIZATION, "__limit_utilization__",
                                -CS_INFINITY);
    }
}

/* Pacemaker's pcmk__ban_insufficient_capacity(): if some usable node can
 * hold the resource together with every not yet assigned resource
 * colocated with it, nodes that cannot are banned; otherwise nodes that
 * cannot hold the resource alone are, and the node with the most left is
 * returned as the preferred one (-1 when there is none to prefer). */
int cs_capacity_ban_insufficient(CsSolution *solution, int rsc)
{
    CsCapacity *capacity = solution->capacity;
    const CsTable *table = solution->work[rsc].table;
    g_autoptr(GArray) colocated = NULL;
    g_autofree gboolean *listed = NULL;
    g_autofree int *sum = NULL;
    g_autofree gboolean *has = NULL;
    gboolean any_capable = FALSE;
    int most_free = -1;
    const int *order;

    if (capacity == NULL)
        return -1;
    colocated = cs_colocated_resources(solution, rsc);
    listed = g_new0(gboolean, solution->n_rsc);
    sum = g_new0(int, capacity->n_attrs + 1);
    has = g_new0(gboolean, capacity->n_attrs + 1);
    for (guint i = 0; i < colocated->len; i++)
        listed[g_array_index(colocated, int, i)] = TRUE;
    for (guint i = 0; i < colocated->len; i++)
        add_colocated_requirement(solution, g_array_index(colocated, int, i), listed, sum, has);
    order = cs_capacity_node_order(solution, rsc);
    for (int i = 0; i < solution->n_nodes; i++) {
        int node = order[i];

        if (!usable(solution, table, node))
            continue;
        if (have_enough(capacity, node, sum, has))
            any_capable = TRUE;
        if (most_free < 0 || cs_capacity_compare(solution, node, most_free) < 0)
            most_free = node;
    }
    if (any_capable) {
        ban_lacking(solution, rsc, sum, has);
        return -1;
    }
    ban_lacking(solution, rsc, capacity->required + (gsize)rsc * capacity->n_attrs,
                capacity->rsc_has + (gsize)rsc * capacity->n_attrs);
    return most_free;
}
