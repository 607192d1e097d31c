/* settle.h: where the cluster settles if nobody acts.
 *
 *   cibscope settle FILE [--time T] [--json]
 *
 * The transition is taken to run and every action in it to succeed, as
 * crm_simulate -S does for its "Revised Cluster Status": the results are
 * written into the status section as operation history (settle.c says
 * how), the CIB is solved again, and so on until a transition has
 * nothing to do, or a state comes back (the cluster would go round in a
 * cycle), or a limit of transitions is reached.  The clock stays where it
 * was: failure timeouts and date rules do not move (that is the
 * timeline's business).
 */
#ifndef CS_SETTLE_H
#define CS_SETTLE_H

#include <glib.h>
#include "cib/document.h"
#include "model/model.h"
#include "engine/engine.h"

/* How many transitions settle follows before it gives up. */
#define CS_SETTLE_MAX_STEPS 20

/* Where one resource is active: a primitive, or all instances of an
 * anonymous clone's primitive under its own id. */
typedef struct CsSettlePlace {
    char *resource;   /* "web", "db" (a clone's primitive) */
    GPtrArray *nodes; /* char*: node names, sorted */
    GPtrArray *roles; /* char*: the role on each node, same order */
} CsSettlePlace;

typedef enum {
    CS_SETTLE_SETTLED, /* a transition with nothing to do */
    CS_SETTLE_BLOCKED, /* only actions that cannot run are left */
    CS_SETTLE_CYCLE,   /* a state came back */
    CS_SETTLE_LIMIT,   /* CS_SETTLE_MAX_STEPS transitions, no end */
} CsSettleOutcome;

typedef struct CsSettleResult {
    CsSettleOutcome outcome;
    int transitions;      /* transitions that run before the end (for a
                                  cycle: until the state first repeats) */
    GPtrArray *summaries; /* char*: each transition's Transition
                                  Summary, in order (transitions of them) */
    GPtrArray *placement; /* CsSettlePlace*: the final placement, by
                                  resource id (for a cycle: the state the
                                  cycle returns to) */
    int cycle_start;      /* CYCLE: the transition the cycle begins
                                  with (1-based), else 0 */
    int cycle_length;     /* CYCLE: transitions in one round */
    GPtrArray *cycling;   /* char*: resources whose placement differs
                                  within the cycle (sorted), else empty */
    gboolean in_place;    /* CYCLE: no placement differs; cycling
                                  names the resources the cycle's
                                  transitions act on in place */
    int blocked;          /* actions left that cannot run */
} CsSettleResult;

void cs_settle_result_free(CsSettleResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsSettleResult, cs_settle_result_free)

/* Follows the transitions of document at now.  document is not changed
 * (a copy is worked on).  NULL with *error when a step cannot be modelled
 * (CS_MODEL_ERROR / CS_ENGINE_ERROR, UNSUPPORTED gives exit 3). */
CsSettleResult *cs_settle(const CsDocument *document, CsTime now, GError **error);

/* Writes the results of solution's transition into document's status
 * section, as the history of operations that succeeded; model is the
 * model solution was solved from (built from document). */
void cs_settle_apply(CsDocument *document, const CsModel *model, const CsSolution *solution);

/* Where every resource is active in model, by resource id. */
GPtrArray *cs_settle_placement(const CsModel *model);
/* One line per resource: "web Started node2", "db Promoted n1, Unpromoted n2". */
void cs_settle_placement_print(const GPtrArray *placement, GString *out);

/* "settles in 1 transition", "nothing to do",
 * "does not settle: web moves back and forth", ... */
char *cs_settle_headline(const CsSettleResult *result);

/* The settle command's text and JSON (doc/json.md "settle"). */
void cs_settle_print(const CsSettleResult *result, GString *out);
void cs_settle_print_json(const CsSettleResult *result, const char *file, GString *out);

/* The headline worked out on a worker thread, for the console's status
 * bar: on 32 nodes x 2000 resources settle takes several solves, far
 * more than a frame.  start copies the document (the caller may change
 * it afterwards); done never blocks; free waits for the worker. */
typedef struct CsSettleJob CsSettleJob;
CsSettleJob *cs_settle_job_start(const CsDocument *document, CsTime now);
gboolean cs_settle_job_done(CsSettleJob *job);
/* Once done: the headline, or why there is none ("settle: ..."). */
const char *cs_settle_job_headline(CsSettleJob *job);
void cs_settle_job_free(CsSettleJob *job);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsSettleJob, cs_settle_job_free)

/* CLI entry point; returns the exit status (0, 1, 2 or 3). */
int cs_settle_run(const char *path, const char *time_text, gboolean json);

#endif
