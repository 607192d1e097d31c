/* trial.h: try a change on a session, then take it back.
 *
 * Explain's score editor re-solves each keystroke with the typed value in
 * place, and the smallest-change search (explain/smallest.h) verifies
 * every candidate by solving it.  Both make a change through the
 * session's edit log, read the answer, and take the change back.  Taking
 * back leaves the log as it was before the trial: nothing is left to
 * redo, and the session is re-solved (cheaply: the refresh swaps back to
 * the state kept from before the change, explain/session.h).
 */
#ifndef CS_TRIAL_H
#define CS_TRIAL_H

#include <glib.h>
#include "explain/session.h"

/* One change tried on a session; zero-initialised means none. */
typedef struct CsSessionTrial {
    gboolean active; /* a change is in place */
    guint depth;     /* the log's undo depth before it */
} CsSessionTrial;

/* The change to try: edits made through session->log (any number; a
 * command of the command language is one).  FALSE with error when it
 * could not be made. */
typedef gboolean (*CsSessionChange)(CsSession *session, gpointer data, GError **error);

/* Takes back trial's change if one is in place, makes change and
 * re-solves.  FALSE (error set) when the change could not be made: the
 * session is then re-solved without any trial. */
gboolean cs_session_try(CsSession *session, CsSessionTrial *trial, CsSessionChange change,
                        gpointer data, GError **error);

/* Undoes trial's change (nothing is left to redo) and re-solves.  FALSE,
 * doing nothing, when no change was in place. */
gboolean cs_session_take_back(CsSession *session, CsSessionTrial *trial);

#endif
