/* explain.h: why a resource is placed where it is, as text.
 *
 * The words of an answer live in src/explain/ (doc/DESIGN.md, "Folders");
 * the engine only records the numbers and their contributions.
 */
#ifndef CS_EXPLAIN_H
#define CS_EXPLAIN_H

#include <glib.h>
#include "engine/engine.h"

/* Readable breakdown of rsc's score on node (every node if node is NULL);
 * FALSE with an error when either is not in the solution's model. */
gboolean cs_solution_explain(const CsSolution *solution, const char *rsc, const char *node,
                             GString *out, GError **error);

/* Why node has no score for rsc at all (indices of cs_solution_model()):
 * "a guest node of bundle web: only the resource inside it runs there",
 * "an instance inside bundle web runs only on its replica's guest node",
 * or "opt-in cluster, no location for it"; newly allocated. */
char *cs_explain_unlisted_reason(const CsSolution *solution, int rsc, int node);

#endif
