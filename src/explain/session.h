/* session.h: one CIB being explored: load -> model -> solve -> edit ->
 * re-solve.
 *
 * The console and batch mode (cibscope FILE --exec '...') share it.  The
 * document is the source of truth; the edit log changes it (and the
 * clock) undoably; after every change cs_session_refresh() rebuilds the
 * model (only as far as the change reaches) and re-solves, keeping the model and solution from before the
 * change so that callers can say what moved.
 */
#ifndef CS_SESSION_H
#define CS_SESSION_H

#include <glib.h>
#include "cib/document.h"
#include "cib/edit.h"
#include "model/model.h"
#include "engine/engine.h"

#define CS_SESSION_ERROR cs_session_error_quark()
GQuark cs_session_error_quark(void);
typedef enum {
    CS_SESSION_ERROR_TIME,      /* --time could not be read (exit 1) */
    CS_SESSION_ERROR_NO_ENGINE, /* the current state has no solution */
    CS_SESSION_ERROR_LIVE,      /* live only (commit), or not for live
                                   (save without a path) */
} CsSessionError;

typedef struct CsSession {
    CsDocument *document; /* owned */
    CsEditLog *log;       /* owned: edits, undo/redo, the clock */
    CsModel *model;       /* the current state; NULL if it failed */
    CsSolution *solution; /* NULL if the model or engine failed */
    GError *failure;      /* why model or solution is NULL */
    /* The state before the last change (NULL at first).  Only ids,
     * indices and scores may be read from it: the xmlNode pointers of
     * the old model may point at nodes an edit has since freed. */
    CsModel *previous_model;
    CsSolution *previous_solution;
    /* The edit log's states (cs_edit_log_state) model and previous_model
     * were built at: an undo back to previous_state swaps the two. */
    guint64 model_state, previous_state;
    guint swaps;            /* how many refreshes swapped back (tests) */
    guint partial_rebuilds; /* how many refreshes rebuilt the model
                                    from the one before (tests) */
    guint generation;       /* bumped by every cs_session_refresh, so
                                    a viewer can tell its copy is stale */
    /* Live sessions (cs_session_open_live): the cluster's CIB as last
     * read, unedited; the edits not yet committed are the difference
     * between it and document.  NULL for a file. */
    CsDocument *live_base;
    gboolean live_wall_clock;  /* no --time: each refresh solves at the
                                    wall clock, as the cluster does */
    gboolean live_carried;     /* edits carried over a refresh (they are
                                    no longer in the log's undo history) */
    GPtrArray *live_conflicts; /* CsLiveConflict*: edits the cluster's
                                    changes collided with, until dropped,
                                    kept or undone (never NULL when live) */
    GHashTable *live_plans;    /* cs_edit_log_state -> the operations
                                    (GPtrArray of CsLiveOp*) from
                                    live_base to that state: each
                                    state's plan is made once */
    gboolean rebuild_all;      /* the next refresh rebuilds the model
                                    from scratch (the document was
                                    replaced, not edited) */
    /* The state from two changes ago, waiting to be freed: handed to a
     * worker thread by cs_session_collect, or by the next refresh. */
    CsModel *retired_model;
    CsSolution *retired_solution;
    /* The console's edit keys: an edit's report names the edit only, and
     * what it moved (cs_session_describe_changes, which works out both
     * transitions) is told once the console has read the new transition,
     * after the first frame of the new scores.  changes_pending: an edit
     * waits for that. */
    gboolean describe_later;
    gboolean changes_pending;
} CsSession;

/* Loads path ("-": standard input), builds and solves it at time_text
 * (NULL: the wall clock).  A model or engine failure is an error here
 * (CS_MODEL_ERROR / CS_ENGINE_ERROR, as the CLI reports them). */
CsSession *cs_session_open(const char *path, const char *time_text, GError **error);
/* Like cs_session_open, but a model or engine failure is not an error:
 * the session is returned with model or solution NULL and
 * session->failure saying why (the console shows it as a banner and
 * still lets the operator edit and undo).  NULL only when the file
 * cannot be read (or time_text is invalid). */
CsSession *cs_session_open_partial(const char *path, const char *time_text, GError **error);
/* Takes ownership of document. */
CsSession *cs_session_new(CsDocument *document, CsTime now, GError **error);
void cs_session_free(CsSession *session);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsSession, cs_session_free)

/* Rebuilds the model and re-solves after a change (the previous state is
 * kept in previous_*).  FALSE when the model or engine failed: then
 * session->failure says why and model or solution is NULL. */
gboolean cs_session_refresh(CsSession *session);

/* Starts freeing the state the last refresh retired, on a worker
 * thread.  An interactive caller calls it once the new state is shown:
 * freeing while the next state is built would compete with it for the
 * allocator and the second core.  Otherwise the next refresh does it. */
void cs_session_collect(CsSession *session);
/* Waits until the worker has freed what was collected (a benchmark's
 * pause between keys). */
void cs_session_wait_collected(void);

/* Frees the state before the last change now: the next refresh then
 * builds again even for an undo (tests of the rebuild use it). */
void cs_session_forget_previous(CsSession *session);

/* The solution, or FALSE with an error naming why there is none. */
const CsSolution *cs_session_solution(const CsSession *session, GError **error);

CsTime cs_session_time(const CsSession *session);
gboolean cs_session_dirty(const CsSession *session);

/* Appends one line per resource whose assigned node differs between the
 * previous and the current solution: "web: alpha -> bravo", "db: stops",
 * "db: starts on bravo".  A group's members are not listed when they
 * move with the group.  Returns the number of lines. */
guint cs_session_describe_changes(const CsSession *session, GString *out);

/* A scratch session on a copy of the current document and clock, to try
 * edits without touching this one's log, model or solution (the console
 * verifies "the smallest change that would move it" this way).  Its
 * model and solution are not built: call cs_session_refresh after each
 * trial edit.  Free with cs_session_free. */
CsSession *cs_session_scratch(const CsSession *session);

/* cs_document_save, then the log is marked saved when the document's
 * own file was written.  A live session has no file of its own: it
 * commits, or saves a copy to an explicit path. */
gboolean cs_session_save(CsSession *session, const char *path, GError **error);

/* ---- live clusters (doc/DESIGN.md "Live clusters") ------------------------ */

/* Reads the CIB through cibadmin --query (CIB_file=PATH honoured) and
 * opens it as cs_session_open_partial does a file. */
CsSession *cs_session_open_live(const char *time_text, GError **error);
gboolean cs_session_is_live(const CsSession *session);
/* The object-level operations (CsLiveOp*) between the cluster's CIB and
 * the edits made so far, one per object changed: empty when there are
 * none.  Live sessions only. */
GPtrArray *cs_session_live_plan(const CsSession *session);
/* The same as a commit runs them (cs_live_commit_plan: in an order the
 * CIB accepts, a section where an object moved replaced whole), new. */
GPtrArray *cs_session_live_commit_plan(const CsSession *session);
/* Follows the cluster: fresh (owned) becomes the base, the edits not yet
 * committed are applied on top of it, and the session re-solves.  The
 * undo and redo history survive: each state of it is carried onto fresh
 * as the object-level operations a commit would run, so that u and r
 * still step through the same edits.  New conflicts are added to
 * live_conflicts.  Returns one message per edit that no longer applies
 * (empty when all did). */
GPtrArray *cs_session_live_follow(CsSession *session, CsDocument *fresh);
/* The same follow in three steps, so that the costly middle runs off
 * the caller's thread (session.c "following off the key loop"):
 * - prepare (the session's thread) reads the edit history; it takes fresh;
 * - run (any thread) makes the whole new state, touching nothing of the
 *   session but reading its live_base, which must stay until finish
 *   (a commit waits for the follow or drops it first);
 * - finish (the session's thread) swaps it in and returns what
 *   cs_session_live_follow returns, or NULL, with nothing changed, when
 *   the session moved on since prepare (an edit, an undo, a re-solve):
 *   then prepare again with cs_live_follow_take_fresh. */
typedef struct CsLiveFollow CsLiveFollow;
CsLiveFollow *cs_session_live_follow_prepare(CsSession *session, CsDocument *fresh);
void cs_session_live_follow_run(CsLiveFollow *follow);
GPtrArray *cs_session_live_follow_finish(CsSession *session, CsLiveFollow *follow);
/* TRUE while the session is still in the state follow was prepared on. */
gboolean cs_session_live_follow_current(const CsSession *session, const CsLiveFollow *follow);
CsDocument *cs_live_follow_take_fresh(CsLiveFollow *follow);
void cs_live_follow_free(CsLiveFollow *follow);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsLiveFollow, cs_live_follow_free)
/* A live session on the wall clock (no --time, no `time` edit in
 * effect): the clock becomes now and the session re-solves.  FALSE when
 * the clock is not the wall clock's or did not move. */
gboolean cs_session_live_tick(CsSession *session, CsTime now);
/* The conflicts whose edit is still pending (others are forgotten). */
const GPtrArray *cs_session_live_conflicts(CsSession *session);
/* The operator's choice for conflict index: keep the edit (the commit
 * overwrites the cluster's change), or drop it (an undoable edit that
 * puts the cluster's object back).  FALSE with error when dropping
 * finds nothing to drop. */
gboolean cs_session_live_resolve(CsSession *session, guint index, gboolean keep, GError **error);
/* Commits the edits with cs_live_commit (its epoch guard: nothing is
 * written when the configuration moved since the base was read), writing
 * the operations and their results to report.  On success the CIB is
 * read again and becomes the new base.  Not live: an error. */
gboolean cs_session_live_commit(CsSession *session, GString *report, GError **error);

#endif
