/* clone_internal.h: what clone.c offers the bundle and action code.
 *
 * Not a contract: only clone.c and the engine files that call it
 * include it.
 */
#ifndef CS_CLONE_INTERNAL_H
#define CS_CLONE_INTERNAL_H

#include "engine/engine_internal.h"

/* Pacemaker's distribute_children(): instances of parent (a clone or a
 * bundle's containers), at most max placed, per_node on one node. */
void cs_clone_distribute(CsSolution *solution, int parent, GArray *instances, int max,
                         int per_node);

/* Pacemaker's pcmk__sort_nodes() without a preferred node: the nodes
 * allowed in table, best score first (unavailable nodes last), then per
 * placement strategy, fewer resources assigned, name.  Caller frees. */
GArray *cs_clone_sorted_nodes(const CsSolution *solution, const CsTable *table);

#endif
