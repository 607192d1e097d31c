/* smallest.h: the smallest single change that would move a resource.
 *
 * An answer of the explain layer, shared by the console's Explain view
 * and the CLI (`cibscope explain FILE RSC NODE`).  Candidates come from
 * the contributions to the resource's score: a cli-* ban or prefer to
 * remove, the fail count that reached migration-threshold to clear,
 * stickiness lowered just below the margin it wins by, a ticket to grant
 * or activate (rsc_ticket), capacity the node lacks (placement-strategy:
 * ban the smallest resource holding enough of it there, or raise the
 * node's capacity), a colocation's score set just past where it decides,
 * a constraint to remove or a rule to disable, and last a ban (or a
 * prefer).  None is
 * given on reasoning alone: each is tried on a scratch copy of the
 * session (explain/trial.h), re-solved, and kept only when the resource
 * really lands where it was asked to.  The caller's session is never
 * touched.
 */
#ifndef CS_SMALLEST_H
#define CS_SMALLEST_H

#include <glib.h>
#include "explain/session.h"

/* One verified change. */
typedef struct CsSmallestChange {
    char *text;           /* "remove cli-ban-web-on-alpha",
                                    "clear the fail count of
                                    monitor_10000 on alpha" */
    char *command;        /* the command language's words for it:
                                    "constraint remove cli-ban-..." */
    char *before, *after; /* node names; "" when stopped */
} CsSmallestChange;

void cs_smallest_change_free(CsSmallestChange *change);

/* What the search looks for. */
typedef struct CsSmallestGoal {
    int rsc;  /* the resource (an index of the model) */
    int from; /* where it is planned now; -1 stopped */
    int onto; /* a node to put it on; -1: anywhere
                                    but from (keep it off from) */
} CsSmallestGoal;

/* The changes found, smallest first (CsSmallestChange*, at most a few:
 * each trial is a full re-solve).  Empty when none was found or the
 * session has no solution. */
GPtrArray *cs_smallest_changes(const CsSession *session, const CsSmallestGoal *goal);

/* The CLI's answer for rsc and node (by name): to put rsc on node when
 * it is not planned there, or to keep it off node when it is.  Nothing
 * for a clone instance (its clone's edits are the answer).  FALSE with an
 * error when either is unknown. */
gboolean cs_smallest_explain(const CsSession *session, const char *rsc, const char *node,
                             GString *out, GError **error);

/* The same on a session of its own over a copy of document at now (the
 * CLI, which solves without a session). */
gboolean cs_smallest_explain_document(const CsDocument *document, CsTime now, const char *rsc,
                                      const char *node, GString *out, GError **error);

#endif
