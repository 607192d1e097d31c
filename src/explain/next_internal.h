/* next_internal.h: what next.c and next_change.c share (explain/next.h
 * is the public side). */
#ifndef CS_NEXT_INTERNAL_H
#define CS_NEXT_INTERNAL_H

#include "explain/next.h"

const CsResource *cs_next_engine_rsc(const CsSolution *solution, int rsc);
const char *cs_next_uname(const CsSolution *solution, int node);
gboolean cs_next_has_children(const CsResource *info);
/* A clone or a bundle: told by the set of nodes its instances (a
 * bundle's replicas) run on. */
gboolean cs_next_is_collective(const CsResource *info);
/* rsc (a primitive) runs on node now: the status section says so, or
 * an action takes it from there. */
gboolean cs_next_runs_now(const CsSolution *solution, const CsTransition *transition, int rsc,
                          int node);

/* Where a set of primitives runs, by role, in node order. */
typedef struct CsNextState {
    int n_nodes;
    gboolean *by_role[3]; /* Started, Unpromoted, Promoted */
} CsNextState;

void cs_next_state_init(CsNextState *state, const CsSolution *solution);
void cs_next_state_clear(CsNextState *state);
/* now: where each primitive of rsc runs now; else where it will. */
void cs_next_state_collect(CsNextState *state, const CsSolution *solution,
                           const CsTransition *transition, int rsc, gboolean now);
/* "promoted on delta, unpromoted on echo", "running on alpha" ("on
 * alpha" when running is FALSE), or "stopped". */
char *cs_next_state_string(const CsSolution *solution, const CsTransition *transition, int rsc,
                           gboolean now, gboolean running);
/* ", "-joined unames of the nodes set, after lead; FALSE when none. */
gboolean cs_next_append_nodes(GString *out, const CsSolution *solution, const gboolean *nodes,
                              int n_nodes, const char *lead);
/* The blocked actions naming rsc (and its members or instances), as
 * where says them; "" when none. */
char *cs_next_blocked_text(const CsSolution *solution, const CsTransition *transition, int rsc);

#endif
