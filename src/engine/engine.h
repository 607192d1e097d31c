/* engine.h: the placement engine's public entry points.
 *
 * solve: scores (with provenance), placement, roles and the transition,
 * exactly as Pacemaker 2.1.5's scheduler computes them.
 */
#ifndef CS_ENGINE_H
#define CS_ENGINE_H

#include <glib.h>
#include "model/model.h"

typedef struct CsSolution CsSolution;

#define CS_ENGINE_ERROR cs_engine_error_quark()
GQuark cs_engine_error_quark(void);
typedef enum {
    CS_ENGINE_ERROR_UNSUPPORTED,   /* exit 3: message names the feature */
} CsEngineError;

CsSolution *cs_solve(const CsModel *model, GError **error);
void cs_solution_free(CsSolution *solution);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsSolution, cs_solution_free)

/* Read access for the console and explain (indices as in the model). */
const CsModel *cs_solution_model(const CsSolution *solution);
/* The allocation score crm_simulate prints for rsc on node (for a group,
 * its pcmk__group_assign score; for a primitive, pcmk__primitive_assign). */
CsScore cs_solution_score(const CsSolution *solution, int rsc, int node);
/* Node index rsc is assigned to, or -1 when it stays stopped. */
int cs_solution_assigned_node(const CsSolution *solution, int rsc);
/* Node index rsc is active on now (from the status section), or -1. */
int cs_solution_current_node(const CsSolution *solution, int rsc);

/* crm_simulate -sSQ score lines, one per line, sorted. */
void cs_solution_print_scores(const CsSolution *solution, GString *out);
/* crm_simulate -S "Transition Summary:" section. */
void cs_solution_print_transition(const CsSolution *solution, GString *out);
/* Readable breakdown of rsc's score on node (every node if node is NULL). */
gboolean cs_solution_explain(const CsSolution *solution, const char *rsc,
                             const char *node, GString *out, GError **error);

#endif
