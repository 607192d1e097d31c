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

/* score, allowed, last, first, count: five ints per node, one block. */
static void alloc_nodes(CsTable *table)
{
    int n = table->n_nodes;
    int *block = g_new0(int, (gsize)n * 5 + 1);

    table->score = block;
    table->allowed = block + n;
    table->last = block + 2 * n;
    table->first = block + 3 * n;
    table->count = block + 4 * n;
}

CsTable *cs_table_new(int n_nodes, gboolean track)
{
    CsTable *table = g_new0(CsTable, 1);

    table->n_nodes = n_nodes;
    table->track = track;
    table->compact = TRUE;
    alloc_nodes(table);
    for (int node = 0; node < n_nodes; node++)
        table->last[node] = -1;
    return table;
}

static void reserve(CsTable *table, int needed)
{
    if (needed <= table->capacity)
        return;
    table->capacity = MAX(needed, table->capacity * 2);
    table->capacity = MAX(table->capacity, 8);
    table->items = g_renew(CsContribution, table->items, table->capacity);
    table->link = g_renew(int, table->link, table->capacity);
}

/* The copy lays each node's contributions out contiguously, in order. */
CsTable *cs_table_copy(const CsTable *table)
{
    CsTable *copy = g_new0(CsTable, 1);
    int n = table->n_nodes, at = 0;

    copy->n_nodes = n;
    copy->track = table->track;
    copy->compact = TRUE;
    alloc_nodes(copy);
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
    g_free(table->score);
    g_free(table->items);
    g_free(table->link);
    g_free(table);
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
