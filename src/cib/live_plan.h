/* live_plan.h: the object-level operations between two CIB documents,
 * their order for a commit, their replay on a fresh CIB, and the
 * conflicts with the cluster's own change (live_plan.c).
 */
#ifndef CS_LIVE_PLAN_H
#define CS_LIVE_PLAN_H

#include "cib/document.h"
#include "cib/live_op.h"

/* The object-level operations that turn base into edited: both documents'
 * configuration, and the status section's transient node attributes (fail
 * counts, standby for the reboot lifetime) and tickets.  CsLiveOp*, in an order that
 * applies (deletions of children before parents, creations of parents
 * before children).  Empty when nothing changed. */
GPtrArray *cs_live_plan(const CsDocument *base, const CsDocument *edited);

/* The same ops in an order the CIB accepts at every step, as a commit
 * runs them: constraints that name only resources base has before the
 * resources change (a resource removed must no longer be named), the
 * others after (what they name must exist first); a section where an
 * object moved (into a group or a clone) replaced whole in one op, since
 * removing the object first would leave constraints naming nothing and
 * creating it first would give its id twice. */
GPtrArray *cs_live_commit_plan(const CsDocument *base, const CsDocument *edited);

/* Applies ops in memory to a freshly read document, so that edits not yet
 * committed stay on top of a refreshed CIB.  Returns one message per op
 * that no longer applies ("nvpair web-meta-stickiness: removed from the
 * cluster's CIB in the meantime"), empty when all applied. */
GPtrArray *cs_live_rebase(CsDocument *fresh, const GPtrArray *ops);

/* The conflicts between ops (planned on old_base) and the cluster's
 * change from old_base to fresh; CsLiveConflict*, empty when none.  An
 * object the cluster made exactly as the edit would is no conflict. */
GPtrArray *cs_live_conflicts(const CsDocument *old_base, const CsDocument *fresh,
                             const GPtrArray *ops);

/* Drops the edit of a conflict from edited (a copy of the edited
 * document): its object becomes the cluster's (fresh) again, or goes
 * when the edit made it.  FALSE when nothing of it is left in edited. */
gboolean cs_live_conflict_drop(CsDocument *edited, const CsDocument *fresh,
                               const CsLiveConflict *conflict);

#endif
