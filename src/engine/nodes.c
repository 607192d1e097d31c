/* nodes.c: what every placement step asks of nodes: whether a node can
 * run resources, its attributes, the score a rule starts from there, and
 * whether a location still applies at the solve's time; with the stable
 * sort the placement steps share.  Read once per solve where it can be
 * (cs_nodes_init): the nodes do not change while the solve runs.
 */
#include <string.h>

#include "engine/engine_internal.h"
#include "model/rules.h"

static const CsNode *node_of(const CsSolution *solution, int node)
{
    return g_ptr_array_index(solution->model->nodes, node);
}

/* Pacemaker's pcmk__node_available() without the score: online, not
 * shutting down, clean, not in standby or maintenance. */
static gboolean node_available(const CsNode *info)
{
    return info->online && !info->shutdown && !info->unclean && !info->standby
           && !info->maintenance;
}

static gint compare_unames(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsSolution *solution = data;

    return strcmp(node_of(solution, *(const int *)a)->uname,
                  node_of(solution, *(const int *)b)->uname);
}

/* What every node comparison asks of a node, read once per solve: the
 * nodes do not change while the solve runs.  Pacemaker's add_node_attrs()
 * gives a node its #uname when its <node> entry or its node_state is read;
 * a remote or guest node known only from its connection has none, and
 * all such nodes compare equal by #uname (checked with crm_simulate 2.1.5:
 * a colocation's dependent takes the best score of any of them, tests
 * remote-unnamed-*). */
void cs_nodes_init(CsSolution *solution)
{
    int n = solution->n_nodes;
    g_autofree int *by_name = g_new(int, MAX(n, 1));
    /* each uname folded to lower case -> the first node that has it */
    g_autoptr(GHashTable) first_folded =
        g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);

    solution->node_available = g_new0(guint8, MAX(n, 1));
    solution->name_rank = g_new0(int, MAX(n, 1));
    solution->uname_class = g_new0(int, MAX(n, 1));
    solution->unames_distinct = TRUE;
    for (int node = 0; node < n; node++) {
        const char *uname = cs_engine_node_attr(solution, node, "#uname");

        solution->node_available[node] = node_available(node_of(solution, node));
        by_name[node] = node;
        solution->uname_class[node] = node;
        /* nodes without a #uname share one class, keyed by "" (no
         * uname is empty: the schema requires one) */
        char *folded = g_ascii_strdown(uname != NULL ? uname : "", -1);
        gpointer earlier;

        if (g_hash_table_lookup_extended(first_folded, folded, NULL, &earlier)) {
            solution->uname_class[node] = GPOINTER_TO_INT(earlier);
            solution->unames_distinct = FALSE;
            g_free(folded);
        } else {
            g_hash_table_insert(first_folded, folded, GINT_TO_POINTER(node));
        }
    }
    g_qsort_with_data(by_name, n, sizeof(int), compare_unames, solution);
    for (int rank = 0; rank < n; rank++)
        solution->name_rank[by_name[rank]] = rank;
}

gboolean cs_table_any_available(const CsSolution *solution, const CsTable *table)
{
    for (int node = 0; node < table->n_nodes; node++) {
        if (table->allowed[node] && table->score[node] >= 0
            && cs_engine_node_available(solution, node))
            return TRUE;
    }
    return FALSE;
}

const char *cs_engine_node_attr(const CsSolution *solution, int node, const char *attribute)
{
    const CsNode *info = node_of(solution, node);

    /* a node the configuration and the status never named has no #uname
     * (unnamed(), below) */
    if (strcmp(attribute, "#uname") == 0)
        return g_hash_table_contains(info->attrs, "#uname") ? info->uname : NULL;
    return g_hash_table_lookup(info->attrs, attribute);
}

gboolean cs_location_in_lifetime(const CsSolution *solution, const CsLocation *location)
{
    CsRuleContext context = {.now = solution->model->now};

    return cs_constraint_in_lifetime(location->xml, &context);
}

/* Whether node is one of a bundle's guest nodes: Pacemaker 2.1.5 gives
 * them the weight -INFINITY, so that nothing but the replica's own
 * instance runs there unless a constraint says so (checked with the
 * oracle: a passing "or" rule bans them, whether the replica ran or not;
 * Pacemaker Explained 2.1, "Bundles"). */
static gboolean is_bundle_guest(const CsModel *model, const CsNode *node)
{
    const CsResource *connection;

    if (node->type != CS_NODE_GUEST || node->remote_rsc < 0)
        return FALSE;
    connection = g_ptr_array_index(model->resources, node->remote_rsc);
    return connection->parent >= 0
           && ((const CsResource *)g_ptr_array_index(model->resources, connection->parent))->kind
                  == CS_RSC_BUNDLE;
}

/* Where a boolean-op="or" rule's score starts from on a node.  Pacemaker
 * 2.1.5 builds such a rule's node list from copies of the cluster's nodes
 * that keep their own weight (an "and" rule starts each node at 0): the
 * <node score=...>, or -INFINITY for a node whose node_state has it offline
 * or shutting down, which status unpacking takes out of contention, and
 * for a bundle's guest node.  So a
 * passing "or" rule bans those nodes whatever its own score (Pacemaker
 * Explained 2.1, "Using Rules to Determine Resource Location"; checked
 * against crm_simulate). */
CsScore cs_rule_node_base(const CsModel *model, const CsNode *node, const CsRule *rule)
{
    if (!cs_rule_is_or(rule))
        return 0;
    if (is_bundle_guest(model, node))
        return -CS_INFINITY;
    return cs_node_status_score(node);
}

/* A copy of the node as status unpacking leaves it: its own weight, or
 * -INFINITY when its node_state has it offline or shutting down. */
CsScore cs_node_status_score(const CsNode *node)
{
    /* Only a cluster node's own state takes it out of contention so: a
     * remote node whose connection is down keeps its weight (checked with
     * the oracle: gen_remote.py seed 1101404, an unmanaged instance pinned
     * to a remote node in maintenance, down, in an opt-in cluster, has
     * INFINITY there). */
    if (node->type == CS_NODE_MEMBER && node->has_state && (!node->online || node->shutdown))
        return -CS_INFINITY;
    return node->weight;
}

/* g_array_sort_with_data(), a stable sort, without the sort when the
 * array is already in order: resources of equal priority come in the
 * order they are listed, and sorting 2,000 of them cost more than a
 * tenth of node criteria's time. */
void cs_sort_array(GArray *array, GCompareDataFunc compare, gpointer data)
{
    for (guint i = 1; i < array->len; i++) {
        char *previous = array->data + (gsize)(i - 1) * g_array_get_element_size(array);

        if (compare(previous, previous + g_array_get_element_size(array), data) > 0) {
            g_array_sort_with_data(array, compare, data);
            return;
        }
    }
}

/* Pacemaker's pcmk__numeric_strcasecmp(): digit runs compare as numbers
 * (the longer run first when equal), other characters without case. */
int cs_numeric_strcasecmp(const char *s1, const char *s2)
{
    while (*s1 != '\0' && *s2 != '\0') {
        if (g_ascii_isdigit(*s1) && g_ascii_isdigit(*s2)) {
            char *end1 = NULL, *end2 = NULL;
            gint64 num1 = g_ascii_strtoll(s1, &end1, 10);
            gint64 num2 = g_ascii_strtoll(s2, &end2, 10);

            if (num1 != num2)
                return num1 < num2 ? -1 : 1;
            if (end1 - s1 != end2 - s2)
                return end1 - s1 < end2 - s2 ? -1 : 1;
            s1 = end1;
            s2 = end2;
            continue;
        }
        if (g_ascii_tolower(*s1) != g_ascii_tolower(*s2))
            return g_ascii_tolower(*s1) < g_ascii_tolower(*s2) ? -1 : 1;
        s1++;
        s2++;
    }
    return *s1 != '\0' ? 1 : (*s2 != '\0' ? -1 : 0);
}

static gint compare_node_names(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsSolution *solution = data;

    return cs_numeric_strcasecmp(node_of(solution, *(const int *)a)->uname,
                                 node_of(solution, *(const int *)b)->uname);
}

int *cs_nodes_in_name_order(const CsSolution *solution)
{
    int *order = g_new(int, solution->n_nodes + 1);

    for (int node = 0; node < solution->n_nodes; node++)
        order[node] = node;
    g_qsort_with_data(order, solution->n_nodes, sizeof(int), compare_node_names,
                      (gpointer)solution);
    return order;
}

/* A location's rules see the node's attributes and the resource's own
 * (Pacemaker Explained 2.1, "Rules"), at the solve's time. */
CsRuleContext cs_location_rule_context(const CsSolution *solution, const CsLocation *location,
                                       const CsNode *node)
{
    const CsResource *info = g_ptr_array_index(solution->model->resources, location->rsc);
    CsRuleContext context = {
        .node_attrs = node->attrs,
        .now = solution->model->now,
        .rsc_class = info->rsc_class,
        .rsc_provider = info->provider,
        .rsc_type = info->type,
        .rsc_params = info->params,
        .rsc_meta = info->meta,
        .submatches = location->submatches,
    };

    return context;
}
