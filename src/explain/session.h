/* session.h: one CIB being explored: load -> model -> solve -> edit ->
 * re-solve.
 *
 * The console and batch mode (cibscope FILE --exec '...') share it.  The
 * document is the source of truth; the edit log changes it (and the
 * clock) undoably; after every change cs_session_refresh() rebuilds the
 * model and re-solves, keeping the model and solution from before the
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
} CsSessionError;

typedef struct CsSession {
    CsDocument *document;        /* owned */
    CsEditLog *log;              /* owned: edits, undo/redo, the clock */
    CsModel *model;              /* the current state; NULL if it failed */
    CsSolution *solution;        /* NULL if the model or engine failed */
    GError *failure;             /* why model or solution is NULL */
    /* The state before the last change (NULL at first).  Only ids,
     * indices and scores may be read from it: the xmlNode pointers of
     * the old model may point at nodes an edit has since freed. */
    CsModel *previous_model;
    CsSolution *previous_solution;
    guint generation;            /* bumped by every cs_session_refresh, so
                                    a viewer can tell its copy is stale */
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
CsSession *cs_session_open_partial(const char *path, const char *time_text,
                                   GError **error);
/* Takes ownership of document. */
CsSession *cs_session_new(CsDocument *document, CsTime now, GError **error);
void cs_session_free(CsSession *session);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsSession, cs_session_free)

/* Rebuilds the model and re-solves after a change (the previous state is
 * kept in previous_*).  FALSE when the model or engine failed: then
 * session->failure says why and model or solution is NULL. */
gboolean cs_session_refresh(CsSession *session);

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
 * own file was written. */
gboolean cs_session_save(CsSession *session, const char *path, GError **error);

#endif
