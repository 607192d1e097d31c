/* next.h: what happens next to each resource, told from the transition's
 * actions alone (the ones `transition` prints), never from the
 * assignment: an order can stop a resource assigned where it runs, and a
 * blocked start leaves an assigned resource stopped (Pacemaker Explained
 * 2.1, "Specifying the Order in which Resources Should Start/Stop").
 *
 * Every statement about the next step reads it here: `where`, the
 * Matrix's marks and Action column, what an edit moved, and the
 * Placement lines of why and history.  Resources are indices of
 * cs_solution_model(): each clone instance and each group member has
 * its own; a group or a clone is told by its members or instances.
 */
#ifndef CS_NEXT_H
#define CS_NEXT_H

#include <glib.h>
#include "engine/engine.h"

/* What a Matrix cell shows for rsc on node. */
typedef enum {
    CS_NEXT_MARK_NONE,
    CS_NEXT_MARK_STAYS,   /* runs there now and after the transition */
    CS_NEXT_MARK_LEAVES,  /* runs there now, not after */
    CS_NEXT_MARK_ARRIVES, /* runs there after, not now */
    CS_NEXT_MARK_BLOCKED, /* an action that would bring it there is
                                blocked */
} CsNextMark;

/* transition NULL: not worked out yet; only what runs now is marked. */
CsNextMark cs_next_mark(const CsSolution *solution, const CsTransition *transition, int rsc,
                        int node);

/* The node rsc runs on once the transition ran (a group: where its
 * first running member does), -1 when it will be stopped. */
int cs_next_node(const CsSolution *solution, const CsTransition *transition, int rsc);
/* Its role then: Stopped, Started, Unpromoted or Promoted. */
CsRole cs_next_role(const CsSolution *solution, const CsTransition *transition, int rsc);

/* The Matrix's Action column for rsc: the first action naming it (with
 * whole, also those naming its members or instances) and how many of
 * them are alike.  FALSE when none names it. */
typedef struct CsNextLabel {
    const char *text; /* "Move", "Start", ...; "Blocked" when the
                                action cannot run */
    CsActionKind kind;
    gboolean blocked;
    int count;
} CsNextLabel;
gboolean cs_next_label(const CsTransition *transition, const CsModel *engine, int rsc,
                       gboolean whole, CsNextLabel *label);

/* `where`: a line for rsc (an id of cs_solution_model(): db:0 too; a
 * clone's configured child is told as its clone), then its members or
 * instances, indented.  FALSE when there is no such resource. */
gboolean cs_next_where(CsSolution *solution, const char *id, GString *out);
/* The same for rsc, an index of cs_solution_model(). */
void cs_next_where_rsc(CsSolution *solution, int rsc, GString *out);
/* rsc's own line of that, without its id: "on alpha, will move to bravo
 * (score 100)\n" (for explain's "next:"). */
void cs_next_line(CsSolution *solution, int rsc, GString *out);

/* What the change from before to after (two solutions of the same CIB,
 * edited in between) does to each configured resource, one line each:
 * "web: alpha -> bravo" is a move the transition now makes, "web:
 * planned for delta instead of bravo (runs on alpha)" a change of a
 * plan that was already there.  Returns the number of lines. */
guint cs_next_describe_changes(const CsModel *model_before, CsSolution *before,
                               const CsModel *model_after, CsSolution *after, GString *out);
/* Whether info is a clone or inside one (of model): its instances are
 * told by the clone. */
gboolean cs_next_in_clone(const CsModel *model, const CsResource *info);
/* The same line for one configured resource (an index of model_after;
 * a primitive or group outside clones, or a clone); FALSE when nothing
 * changed for it. */
gboolean cs_next_change_line(const CsModel *model_before, CsSolution *before,
                             const CsModel *model_after, CsSolution *after, int rsc, GString *out);

#endif
