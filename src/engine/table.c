/* table.c: score tables (a resource's allowed nodes) with provenance.
 *
 * Pacemaker Explained, "Scores": every addition uses INFINITY arithmetic
 * (cs_score_add), so the contributions recorded for a node, summed in the
 * order they were made, give the node's score.
 *
 * Tables are copied often (every colocation step works on a copy, every
 * printed table is a snapshot), so a table is a handful of flat arrays:
 * the per-node arrays share one allocation and the contributions of all
 * nodes share another, each node's chained through link[].
 */
#include <string.h>

#include "engine/engine_internal.h"

/* A table and its five ints per node (score, allowed, last, first,
 * count) are one allocation: a solve makes and drops tables by the
 * thousand, and each malloc and free shows. */
static CsTable *alloc_table(int n_nodes, gboolean zero)
{
    gsize bytes = sizeof(CsTable) + sizeof(int) * ((gsize)n_nodes * 5 + 1);
    CsTable *table = zero ? g_malloc0(bytes) : g_malloc(bytes);
    int *block = (int *)(table + 1);

    if (!zero)
        memset(table, 0, sizeof(CsTable));
    table->n_nodes = n_nodes;
    table->score = block;
    table->allowed = block + n_nodes;
    table->last = block + 2 * n_nodes;
    table->first = block + 3 * n_nodes;
    table->count = block + 4 * n_nodes;
    return table;
}

CsTable *cs_table_new(int n_nodes, gboolean track)
{
    CsTable *table = alloc_table(n_nodes, TRUE);

    table->track = track;
    table->compact = TRUE;
    for (int node = 0; node < n_nodes; node++)
        table->last[node] = -1;
    return table;
}

/* Room for needed contributions: items and their links share one block,
 * the links after capacity items. */
static void reserve(CsTable *table, int needed)
{
    if (needed <= table->capacity)
        return;
    int capacity = MAX(needed, table->capacity * 2);
    capacity = MAX(capacity, 8);
    CsContribution *items = g_malloc(((gsize)capacity) * (sizeof(CsContribution) + sizeof(int)));
    int *link = (int *)(items + capacity);
    if (table->n_items > 0) {
        memcpy(items, table->items, sizeof(CsContribution) * (gsize)table->n_items);
        memcpy(link, table->link, sizeof(int) * (gsize)table->n_items);
    }
    g_free(table->items);
    table->items = items;
    table->link = link;
    table->capacity = capacity;
}

/* The copy lays each node's contributions out contiguously, in order. */
CsTable *cs_table_copy(const CsTable *table)
{
    int n = table->n_nodes, at = 0;
    CsTable *copy = alloc_table(n, FALSE);

    copy->track = table->track;
    copy->compact = TRUE;
    memcpy(copy->score, table->score, sizeof(int) * n * 2);
    memcpy(copy->count, table->count, sizeof(int) * n);
    reserve(copy, table->n_items);
    for (int node = 0; node < n; node++) {
        int item = table->last[node];

        copy->first[node] = at;
        at += table->count[node];
        copy->last[node] = table->count[node] > 0 ? at - 1 : -1;
        for (int k = at - 1; item >= 0; k--, item = table->link[item]) {
            copy->items[k] = table->items[item];
            copy->link[k] = k > copy->first[node] ? k - 1 : -1;
        }
    }
    copy->n_items = at;
    return copy;
}

void cs_table_free(CsTable *table)
{
    if (table == NULL)
        return;
    g_free(table->items);   /* the links too */
    g_free(table);          /* the per-node arrays too */
}

/* Pacemaker's resource_node_score(): a node not yet allowed enters the
 * table with the contribution as its score. */
void cs_table_add(CsTable *table, int node, const CsContribution *why)
{
    table->score[node] = table->allowed[node]
                         ? cs_score_add(table->score[node], why->value)
                         : why->value;
    table->allowed[node] = TRUE;
    if (!table->track)
        return;
    reserve(table, table->n_items + 1);
    table->items[table->n_items] = *why;
    table->link[table->n_items] = table->last[node];
    table->last[node] = table->n_items++;
    table->count[node]++;
    table->compact = FALSE;
}

void cs_table_add_simple(CsTable *table, int node, CsContributionKind kind,
                         const char *source, CsScore value)
{
    CsContribution why = { .kind = kind, .source = source, .other_rsc = -1,
                           .value = value };

    cs_table_add(table, node, &why);
}

const CsContribution *cs_table_contributions(const CsTable *table, int node,
                                             int *n_out)
{
    g_return_val_if_fail(table->compact, NULL);
    *n_out = table->count[node];
    return *n_out > 0 ? &table->items[table->first[node]] : NULL;
}
