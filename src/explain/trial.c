/* trial.c: try a change on a session, then take it back (trial.h). */
#include "explain/trial.h"

/* The log back at trial->depth, with the undone edits dropped so that
 * redo cannot bring a trial back. */
static gboolean undo_trial(CsSession *session, CsSessionTrial *trial)
{
    if (!trial->active)
        return FALSE;
    while (cs_edit_log_undo_depth(session->log) > trial->depth && cs_edit_undo(session->log))
        ;
    cs_edit_log_drop_redo(session->log);
    trial->active = FALSE;
    return TRUE;
}

gboolean cs_session_try(CsSession *session, CsSessionTrial *trial, CsSessionChange change,
                        gpointer data, GError **error)
{
    undo_trial(session, trial);
    trial->depth = cs_edit_log_undo_depth(session->log);
    gboolean made = change(session, data, error);
    trial->active = cs_edit_log_undo_depth(session->log) > trial->depth;
    cs_session_refresh(session);
    return made;
}

gboolean cs_session_take_back(CsSession *session, CsSessionTrial *trial)
{
    if (!undo_trial(session, trial))
        return FALSE;
    cs_session_refresh(session);
    return TRUE;
}
