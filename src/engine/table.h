/* table.h: the score tables of a solve and the memory they come from
 * (table.c).  Declarations only, beneath the engine's other files: a
 * table knows contributions (contribution.h) and nothing of the solve.
 */
#ifndef CS_ENGINE_TABLE_H
#define CS_ENGINE_TABLE_H

#include <glib.h>
#include "engine/contribution.h"

/* A score table: Pacemaker's "allowed nodes" of one resource.  A node is
 * in the table (allowed[i]) once anything scored it; only those nodes are
 * printed.  The contributions that sum to score[i] are kept in one flat
 * array, chained per node; a copy lays each node's out contiguously
 * (cs_table_contributions). */
typedef struct CsTable {
    int n_nodes;
    gboolean track;   /* record contributions */
    gboolean compact; /* each node's contributions contiguous */
    CsScore *score;
    gboolean *allowed;
    int *last;  /* per node: index of its latest item, -1 */
    int *first; /* per node, when compact: its first item */
    int *count; /* per node: how many items */
    CsContribution *items;
    int *link; /* per item: the node's previous item, -1 */
    int n_items, capacity;
    gboolean in_arena;       /* the table came from a solve's arena */
    gboolean items_in_arena; /* so did items (and link) */
    /* A frozen table is also a printed snapshot (cs_table_freeze): the
     * first change after that keeps the snapshot in snapshot. */
    gboolean frozen;
    struct CsTable *snapshot;
    /* How many times Pacemaker has copied this allowed-nodes hash table
     * (0: as unpacked).  A copy re-inserts the nodes in the old table's
     * iteration order, which reorders colliding node ids, and that order
     * breaks ties under a placement strategy (utilization.c).  The
     * engine's own copies keep it. */
    int generation;
} CsTable;

/* table.c: the memory of the tables a solve makes.  A solve makes and
 * drops tables by the thousand; while an arena is current (one thread's
 * solve) they come from its large blocks, are never freed one by one,
 * and go with the arena when the solution is freed. */
typedef struct CsArena CsArena;
CsArena *cs_arena_new(void);
void cs_arena_free(CsArena *arena);
/* Makes arena the calling thread's current one (NULL: none); returns the
 * one it replaces. */
CsArena *cs_arena_use(CsArena *arena);
int cs_arena_block_count(const CsArena *arena);
/* Puts blocks already touched into the pool the arenas draw from. */
void cs_arena_prefault(int blocks);

/* Memory for the solve's own structures: from the calling thread's
 * current arena (freed with it) when there is one (*in_arena), else
 * from the heap. */
void *cs_solve_memory(gsize bytes, gboolean *in_arena);

CsTable *cs_table_new(int n_nodes, gboolean track);
CsTable *cs_table_copy(const CsTable *table);
/* A snapshot of table as it is now (a printed table): the table itself
 * when it can be shared, else a copy.  Read it through
 * cs_table_snapshot(). */
CsTable *cs_table_freeze(CsTable *table);
/* What a snapshot from cs_table_freeze() holds. */
static inline const CsTable *cs_table_snapshot(const CsTable *table)
{
    return table != NULL && table->snapshot != NULL ? table->snapshot : table;
}
void cs_table_free(CsTable *table);
/* Before a frozen table first changes: its snapshot as it was. */
void cs_table_keep_snapshot(CsTable *table);
/* Room for needed contributions in all. */
void cs_table_reserve(CsTable *table, int needed);

/* Pacemaker's resource_node_score(): a node not yet allowed enters the
 * table with the contribution as its score.  Inline: a solve on 32 x
 * 2,000 records some 36,000 contributions. */
G_ALWAYS_INLINE static inline void cs_table_add(CsTable *table, int node, const CsContribution *why)
{
    if (G_UNLIKELY(table->frozen))
        cs_table_keep_snapshot(table);
    table->score[node] =
        table->allowed[node] ? cs_score_add(table->score[node], why->value) : why->value;
    table->allowed[node] = TRUE;
    if (!table->track)
        return;
    if (table->n_items >= table->capacity)
        cs_table_reserve(table, table->n_items + 1);
    /* Still compact while each node's items stay one run: the node has
     * none yet, or its latest is the last item.  A compact table copies
     * with a few memcpy (printed snapshots copy most tables once). */
    if (table->count[node] == 0)
        table->first[node] = table->n_items;
    else if (table->last[node] != table->n_items - 1)
        table->compact = FALSE;
    table->items[table->n_items] = *why;
    table->link[table->n_items] = table->last[node];
    table->last[node] = table->n_items++;
    table->count[node]++;
}
void cs_table_add_simple(CsTable *table, int node, CsContributionKind kind, const char *source,
                         CsScore value);
/* Pacemaker sets some scores outright (a node's weight assigned, not
 * added to): why becomes the node's only contribution, its value the
 * node's score (the sum of its contributions still, doc/DESIGN.md
 * "Provenance"). */
void cs_table_set(CsTable *table, int node, const CsContribution *why);
/* Whether a contribution of that kind went to node (tracked tables). */
gboolean cs_table_has_kind(const CsTable *table, int node, CsContributionKind kind);
/* A compact table's contributions for node (NULL, *n_out = 0 if none). */
const CsContribution *cs_table_contributions(const CsTable *table, int node, int *n_out);

#endif
