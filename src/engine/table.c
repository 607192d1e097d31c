/* table.c: score tables (a resource's allowed nodes) with provenance.
 *
 * Pacemaker Explained 2.1, "Scores": every addition uses INFINITY arithmetic
 * (cs_score_add), so the contributions recorded for a node, summed in the
 * order they were made, give the node's score.
 *
 * Tables are copied often (every colocation step works on a copy, every
 * printed table is a snapshot), so a table is a handful of flat arrays:
 * the per-node arrays share one allocation and the contributions of all
 * nodes share another, each node's chained through link[].
 */
#include <string.h>

#include "engine/table.h"

/* ---- the solve's arena ------------------------------------------------
 * Blocks of at least CS_ARENA_BLOCK bytes, filled in order: a solve on
 * 32 x 2,000 makes some 10,000 tables and grows their contribution lists
 * some 10,000 times, and with malloc that was a sixth of its
 * instructions, on memory spread over the heap.  What a solve drops stays
 * until the solution goes (a few MiB on that size). */
#define CS_ARENA_BLOCK ((gsize)1 << 20)

typedef struct CsArenaBlock {
    struct CsArenaBlock *next;
    gsize size, used;
} CsArenaBlock;

struct CsArena {
    CsArenaBlock *blocks; /* the one being filled first */
};

static __thread CsArena *current_arena;

/* Blocks of freed arenas, kept for the next solve: the console re-solves
 * at every edit, and a block taken from here is memory the process has
 * already touched, where a new one costs a page fault every 4 KiB (some
 * 3,000 per edit on 32 x 2,000).  Solutions are freed on another thread
 * (explain/session.c), hence the lock. */
#define CS_ARENA_POOL_MAX 64
static GMutex pool_lock;
static CsArenaBlock *pool; /* CS_ARENA_BLOCK-sized blocks only */
static int pool_size;

static CsArenaBlock *pool_take(void)
{
    g_mutex_lock(&pool_lock);
    CsArenaBlock *block = pool;
    if (block != NULL) {
        pool = block->next;
        pool_size--;
    }
    g_mutex_unlock(&pool_lock);
    return block;
}

/* FALSE when the pool is full (or the block is not a standard one). */
static gboolean pool_give(CsArenaBlock *block)
{
    gboolean kept = FALSE;

    g_mutex_lock(&pool_lock);
    if (block->size == CS_ARENA_BLOCK && pool_size < CS_ARENA_POOL_MAX) {
        block->next = pool;
        pool = block;
        pool_size++;
        kept = TRUE;
    }
    g_mutex_unlock(&pool_lock);
    return kept;
}

CsArena *cs_arena_new(void)
{
    return g_new0(CsArena, 1);
}

int cs_arena_block_count(const CsArena *arena)
{
    int count = 0;

    for (const CsArenaBlock *block = arena != NULL ? arena->blocks : NULL; block != NULL;
         block = block->next)
        count++;
    return count;
}

void cs_arena_prefault(int blocks)
{
    for (int i = 0; i < blocks; i++) {
        CsArenaBlock *block = g_malloc(CS_ARENA_BLOCK);

        memset(block, 0, CS_ARENA_BLOCK); /* touched: faulted in now */
        block->size = CS_ARENA_BLOCK;
        if (!pool_give(block)) {
            g_free(block);
            return;
        }
    }
}

void cs_arena_free(CsArena *arena)
{
    if (arena == NULL)
        return;
    while (arena->blocks != NULL) {
        CsArenaBlock *next = arena->blocks->next;

        if (!pool_give(arena->blocks))
            g_free(arena->blocks);
        arena->blocks = next;
    }
    g_free(arena);
}

CsArena *cs_arena_use(CsArena *arena)
{
    CsArena *previous = current_arena;

    current_arena = arena;
    return previous;
}

#define CS_ARENA_ALIGN 16

static void *arena_alloc(CsArena *arena, gsize bytes)
{
    gsize header = (sizeof(CsArenaBlock) + CS_ARENA_ALIGN - 1) & ~(gsize)(CS_ARENA_ALIGN - 1);
    CsArenaBlock *block = arena->blocks;

    bytes = (bytes + CS_ARENA_ALIGN - 1) & ~(gsize)(CS_ARENA_ALIGN - 1);
    if (block == NULL || block->size - block->used < bytes) {
        gsize size = MAX(CS_ARENA_BLOCK, header + bytes);

        block = size == CS_ARENA_BLOCK ? pool_take() : NULL;
        if (block == NULL)
            block = g_malloc(size);
        block->size = size;
        block->used = header;
        block->next = arena->blocks;
        arena->blocks = block;
    }
    void *memory = (char *)block + block->used;
    block->used += bytes;
    return memory;
}

/* From the current arena if there is one, else from the heap. */
void *cs_solve_memory(gsize bytes, gboolean *in_arena)
{
    *in_arena = current_arena != NULL;
    return *in_arena ? arena_alloc(current_arena, bytes) : g_malloc(bytes);
}

/* A table and its five ints per node (score, allowed, last, first,
 * count) are one allocation. */
static CsTable *alloc_table(int n_nodes, gboolean zero)
{
    gsize bytes = sizeof(CsTable) + sizeof(int) * ((gsize)n_nodes * 5 + 1);
    gboolean in_arena;
    CsTable *table = cs_solve_memory(bytes, &in_arena);
    int *block = (int *)(table + 1);

    memset(table, 0, zero ? bytes : sizeof(CsTable));
    table->in_arena = in_arena;
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
void cs_table_reserve(CsTable *table, int needed)
{
    if (needed <= table->capacity)
        return;
    int capacity = MAX(needed, table->capacity * 2);
    capacity = MAX(capacity, 8);
    gboolean in_arena;
    CsContribution *items =
        cs_solve_memory(((gsize)capacity) * (sizeof(CsContribution) + sizeof(int)), &in_arena);
    int *link = (int *)(items + capacity);
    if (table->n_items > 0) {
        memcpy(items, table->items, sizeof(CsContribution) * (gsize)table->n_items);
        memcpy(link, table->link, sizeof(int) * (gsize)table->n_items);
    }
    if (!table->items_in_arena)
        g_free(table->items);
    table->items_in_arena = in_arena;
    table->items = items;
    table->link = link;
    table->capacity = capacity;
}

/* A compact table's copy is the same arrays. */
static CsTable *copy_compact(const CsTable *table)
{
    int n = table->n_nodes;
    CsTable *copy = alloc_table(n, FALSE);

    copy->track = table->track;
    copy->compact = TRUE;
    /* score, allowed, last, first and count are one block */
    memcpy(copy->score, table->score, sizeof(int) * (gsize)n * 5);
    cs_table_reserve(copy, table->n_items);
    if (table->n_items > 0) {
        memcpy(copy->items, table->items, sizeof(CsContribution) * (gsize)table->n_items);
        memcpy(copy->link, table->link, sizeof(int) * (gsize)table->n_items);
    }
    copy->n_items = table->n_items;
    copy->generation = table->generation;
    return copy;
}

/* The copy lays each node's contributions out contiguously, in order. */
CsTable *cs_table_copy(const CsTable *table)
{
    int n = table->n_nodes, at = 0;

    if (table->compact)
        return copy_compact(table);

    CsTable *copy = alloc_table(n, FALSE);

    copy->track = table->track;
    copy->compact = TRUE;
    memcpy(copy->score, table->score, sizeof(int) * n * 2);
    memcpy(copy->count, table->count, sizeof(int) * n);
    cs_table_reserve(copy, table->n_items);
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
    copy->generation = table->generation;
    return copy;
}

/* Most tables do not change after their resource's scores are printed,
 * and copying some 2,000 of them per solve on 32 x 2,000 wrote megabytes
 * of fresh memory: the snapshot is the table itself, marked frozen, and
 * cs_table_add() copies it aside only if it changes after all.  Only a
 * compact table of the solve's arena (never freed one by one) is shared:
 * printed tables are read per node (cs_table_contributions), and a table
 * frozen twice is copied, since its one snapshot slot holds the first. */
CsTable *cs_table_freeze(CsTable *table)
{
    if (!table->compact || !table->in_arena || !table->items_in_arena || table->frozen)
        return cs_table_copy(table);
    table->frozen = TRUE;
    return table;
}

void cs_table_keep_snapshot(CsTable *table)
{
    if (table->snapshot == NULL)
        table->snapshot = cs_table_copy(table);
}

void cs_table_free(CsTable *table)
{
    if (table == NULL)
        return;
    if (!table->items_in_arena)
        g_free(table->items); /* the links too */
    if (!table->in_arena)
        g_free(table); /* the per-node arrays too */
}

void cs_table_add_simple(CsTable *table, int node, CsContributionKind kind, const char *source,
                         CsScore value)
{
    CsContribution why = {.kind = kind, .source = source, .other_rsc = -1, .value = value};

    cs_table_add(table, node, &why);
}

void cs_table_set(CsTable *table, int node, const CsContribution *why)
{
    if (table->frozen)
        cs_table_keep_snapshot(table);
    /* The node's earlier items stay in the array, unlinked: a copy
     * leaves them out. */
    table->allowed[node] = FALSE;
    table->last[node] = -1;
    table->count[node] = 0;
    table->compact = FALSE;
    cs_table_add(table, node, why);
}

gboolean cs_table_has_kind(const CsTable *table, int node, CsContributionKind kind)
{
    for (int item = table->last[node]; item >= 0; item = table->link[item])
        if (table->items[item].kind == kind)
            return TRUE;
    return FALSE;
}

const CsContribution *cs_table_contributions(const CsTable *table, int node, int *n_out)
{
    g_return_val_if_fail(table->compact, NULL);
    *n_out = table->count[node];
    return *n_out > 0 ? &table->items[table->first[node]] : NULL;
}
