/* engine.h: the placement engine's public entry points.
 *
 * solve: scores (with provenance), placement, roles and the transition,
 * exactly as Pacemaker 2.1.5's scheduler computes them.
 */
#ifndef CS_ENGINE_H
#define CS_ENGINE_H

#include <glib.h>
#include "model/model.h"
#include "engine/contribution.h"

typedef struct CsSolution CsSolution;

#define CS_ENGINE_ERROR cs_engine_error_quark()
GQuark cs_engine_error_quark(void);
typedef enum {
    CS_ENGINE_ERROR_UNSUPPORTED, /* exit 3: message names the feature */
} CsEngineError;

CsSolution *cs_solve(const CsModel *model, GError **error);
void cs_solution_free(CsSolution *solution);
/* For a caller about to re-solve models like solution's again and again
 * (the console): memory for that many more solves, touched now, while
 * nothing waits, rather than page by page inside the next edit. */
void cs_solution_prepare_resolves(const CsSolution *solution, int solves);
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
/* The same lines, handed to flush (which writes out's text and empties
 * it) whenever out holds a good many that no later sort will move; the
 * rest stay in out.  doc/DESIGN.md "Performance": the scores of a large
 * cluster are megabytes that need not all be held at once. */
typedef void (*CsFlushFunc)(GString *out, gpointer data);
void cs_solution_stream_scores(const CsSolution *solution, GString *out, CsFlushFunc flush,
                               gpointer data);
/* crm_simulate works on a copy of the CIB it wrote out with Pacemaker's
 * XML escaping, so every id and name it prints shows a newline as the two
 * characters \n, a carriage return as \r and a tab as four spaces (and
 * its column widths count those).  cs_escape_text() returns text so
 * escaped (newly allocated); cs_text_needs_escape() says whether it would
 * differ.  The console reads the Transition Summary back with them. */
gboolean cs_text_needs_escape(const char *text);
char *cs_escape_text(const char *text);
/* crm_simulate -S "Transition Summary:" section. */
void cs_solution_print_transition(const CsSolution *solution, GString *out);
/* The same text, worked out at the first call and kept with the
 * solution: a solution shown again (undo swaps the one before back in,
 * explain/session.h) has it at once.  Not while another thread reads
 * the solution. */
const char *cs_solution_transition_text(CsSolution *solution);
/* Compares the histories' operation digests of model (the model solution
 * was solved from) once, if its histories have not been (model/digest.h),
 * for this and later transitions: the Transition Summary is then worked
 * out at about half the cost.  Only while no other thread reads them. */
void cs_solution_read_digests(CsSolution *solution, CsModel *model);

/* ---- provenance (added by the engine) ---------------------------------- */

const char *cs_contribution_kind_name(CsContributionKind kind);
/* The contributions to the printed score of rsc on node (NULL, *n_out = 0
 * when the node is not printed).  Their sum in INFINITY arithmetic is
 * cs_solution_score(). */
const CsContribution *cs_solution_contributions(const CsSolution *solution, int rsc, int node,
                                                int *n_out);
/* Whether rsc on node has a printed score at all (nodes never scored in an
 * opt-in cluster are not printed). */
gboolean cs_solution_scored(const CsSolution *solution, int rsc, int node);
/* A clone's configured child: its instances copy it; it is never placed. */
gboolean cs_solution_is_template(const CsSolution *solution, int rsc);
/* A resource Pacemaker leaves out, never placed: a docker or podman
 * bundle with a resource inside but no <network>, and that resource
 * (engine/bundle.c); the bundle's index. */
int cs_solution_left_out_bundle(const CsSolution *solution, int rsc);
/* An instance made for a history no configured instance could take. */
gboolean cs_solution_is_orphan(const CsSolution *solution, int rsc);
/* Such an instance (or a member of it) that no history shows active: a
 * probe beyond clone-max.  The engine keeps it, as Pacemaker does, for
 * the orderings it takes part in, but it is shown nowhere. */
gboolean cs_solution_is_hidden_orphan(const CsSolution *solution, int rsc);
/* node can run resources at all (online, not standby, ...). */
gboolean cs_solution_node_available(const CsSolution *solution, int node);

/* ---- roles and promotion (promotable clones, Pacemaker Explained 2.1, "Promotable clones") */

/* The role rsc has now (from the status section) and will have once the
 * transition ran: Stopped, Started, Unpromoted or Promoted. */
CsRole cs_solution_current_role(const CsSolution *solution, int rsc);
CsRole cs_solution_next_role(const CsSolution *solution, int rsc);
/* The "RSC promotion score on NODE: SCORE" line crm_simulate prints for an
 * instance of a promotable clone: FALSE when it prints none for rsc.
 * *node_out is -1 for "on none". */
gboolean cs_solution_promotion_score(const CsSolution *solution, int rsc, int *node_out,
                                     CsScore *score_out);
/* The contributions to that promotion score; their sum in INFINITY
 * arithmetic is the score.  When the score is the clone's on the
 * instance's node (the usual case), they are the clone's contributions
 * there, among them one CS_CONTRIB_PROMOTION per instance placed on the
 * node whose other_rsc is that instance: its promotion priority, itself
 * broken down by cs_solution_promotion_priority(). */
const CsContribution *cs_solution_promotion_contributions(const CsSolution *solution, int rsc,
                                                          int *n_out);
const CsContribution *cs_solution_promotion_priority(const CsSolution *solution, int rsc,
                                                     int *n_out);

/* ---- the transition (added by the transition helper) ------------------ */

typedef enum {
    CS_ACTION_START,
    CS_ACTION_STOP,
    CS_ACTION_MOVE,
    CS_ACTION_RECOVER,
    CS_ACTION_RESTART,
    CS_ACTION_MIGRATE,
    CS_ACTION_RELOAD,
    CS_ACTION_FENCE,
    CS_ACTION_PROMOTE, /* promotable clone instances (promote.c) */
    CS_ACTION_DEMOTE,
    CS_ACTION_REPROMOTE,
} CsActionKind;

/* One line of the Transition Summary. */
typedef struct CsPlannedAction {
    CsActionKind kind;
    int rsc;                   /* resource index; -1 for Fence */
    int from_node, to_node;    /* node indices, -1 when none (Fence: the
                                  node is from_node) */
    CsRole from_role, to_role; /* current and next role */
    gboolean blocked;          /* the deciding action cannot run */
    char *reason;              /* "node availability", "unrunnable A start",
                                  ...; for Fence why the node is fenced;
                                  NULL when none */
    char *fence_action;        /* Fence: "reboot", "off", or "on" (unfencing) */
} CsPlannedAction;

const char *cs_action_kind_name(CsActionKind kind); /* "Start", ... */
/* fencing.c: a device providing unfencing whose parameters changed since
 * the remote or guest node was unfenced (its #digests-all), or NULL. */
const CsResource *cs_unfencing_device_changed(const CsModel *model, const CsNode *node);
/* The Transition Summary's actions, fencing first, then resources in
 * crm_simulate's order (as sorted for assignment, members and instances
 * below their parent).  Transfer full: g_ptr_array_unref() frees all. */
GPtrArray *cs_solution_actions(const CsSolution *solution);

/* The same actions as data kept with the solution, so that nothing reads
 * the printed summary back: worked out at the first call (as
 * cs_solution_transition_text(), which then prints it), owned by the
 * solution.  Not while another thread reads the solution. */
typedef struct CsTransition CsTransition;
const CsTransition *cs_solution_transition(CsSolution *solution);
/* The kept transition, or NULL when nobody asked for it yet. */
const CsTransition *cs_solution_transition_if_kept(const CsSolution *solution);
guint cs_transition_length(const CsTransition *transition);
const CsPlannedAction *cs_transition_action(const CsTransition *transition, guint i);
/* The actions naming rsc itself, in summary order: rsc is an index of
 * cs_solution_model(), where each clone instance and each member of a
 * group (or of a group instance) has its own; a group or clone names
 * none itself.  NULL with *n_out 0 when there are none. */
const CsPlannedAction *const *cs_transition_actions_of(const CsTransition *transition, int rsc,
                                                       guint *n_out);
/* The configured resource (an index of the model solved) that rsc of
 * cs_solution_model() copies: db:0 -> db; rsc itself for a configured
 * resource or an orphan. */
int cs_solution_configured_rsc(const CsSolution *solution, int rsc);

#endif
