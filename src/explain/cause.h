/* cause.h: why each line of the Transition Summary happens, told as a
 * chain down to the CIB objects and their values.
 *
 * A line's cause is read from the engine's structures: the action and its
 * reason (an order's upstream action), the contributions to the scores on
 * the nodes it leaves and reaches, and the model's constraints, tickets,
 * fail counts, node states and utilization.  When the CIB before is
 * given (why, history), what changed between the two comes first;
 * without it (explain), what decides the placement as it is.  Nothing the
 * engine names internally is shown: a ticket's ban is told by its
 * rsc_ticket, a utilization ban by capacities, a clone limit by the
 * clone's meta attribute.
 */
#ifndef CS_CAUSE_H
#define CS_CAUSE_H

#include <glib.h>
#include "engine/engine.h"

/* The cause chain of one action of after's transition, as lines each
 * starting with indent.  before: the solution of the CIB before (another
 * model: resources and nodes are matched by id), or NULL. */
void cs_cause_action(CsSolution *after, const CsSolution *before, const CsPlannedAction *action,
                     const char *indent, GString *out);

/* "Causes:" and, for each line of after's Transition Summary, the line's
 * action and its cause chain. */
void cs_cause_transition(CsSolution *after, const CsSolution *before, GString *out);

/* For explain: for a resource on a remote or guest node (or one's
 * connection or container) the chain it is part of
 * (explain/remote_node.h), then the cause of each action naming rsc (an
 * index of cs_solution_model(); for a group or clone, its members' and
 * instances'), "  cause of Stop app2 (node2):" then the chain. */
void cs_cause_resource(CsSolution *solution, int rsc, GString *out);

/* A contribution's source as shown to people (newly allocated): the
 * engine's internal names become the CIB objects behind them ("rsc_ticket
 * tk-db (ticket ticketA)" for a ticket's ban, "clone-max reached", "group
 * members run together"); other sources are returned as they are.  rsc:
 * the resource the contribution is to, an index of model. */
char *cs_cause_source_text(const CsModel *model, int rsc, const CsContribution *why);

#endif
