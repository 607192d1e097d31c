/* session.c: the load -> model -> solve -> edit -> re-solve loop.
 *
 * DESIGN.md "Data flow": the document is the source of truth, an edit
 * changes it and records its inverse, and the model and the solution are
 * rebuilt from it afterwards.  Rebuilding everything is simple and keeps
 * the model exactly what loading the edited file would give.
 */
#include "explain/session.h"

#include <string.h>

G_DEFINE_QUARK(cs-session-error-quark, cs_session_error)

static void cs_session_clear_previous(CsSession *session)
{
    g_clear_pointer(&session->previous_solution, cs_solution_free);
    g_clear_pointer(&session->previous_model, cs_model_free);
}

/* Builds model and solution for the current document and clock. */
static gboolean cs_session_build(CsSession *session)
{
    g_clear_error(&session->failure);
    session->model = cs_model_build(session->document,
                                    cs_edit_log_time(session->log),
                                    &session->failure);
    if (session->model == NULL)
        return FALSE;
    session->solution = cs_solve(session->model, &session->failure);
    return session->solution != NULL;
}

CsSession *cs_session_new(CsDocument *document, CsTime now, GError **error)
{
    CsSession *session = g_new0(CsSession, 1);

    session->document = document;
    session->log = cs_edit_log_new(document, now);
    if (!cs_session_build(session)) {
        g_propagate_error(error, g_steal_pointer(&session->failure));
        cs_session_free(session);
        return NULL;
    }
    return session;
}

CsSession *cs_session_open(const char *path, const char *time_text, GError **error)
{
    CsTime now;
    g_autoptr(GError) local = NULL;
    CsDocument *document = cs_document_load(path, error);
    if (document == NULL)
        return NULL;
    if (!cs_model_resolve_now(document, time_text, &now, &local)) {
        g_set_error_literal(error, CS_SESSION_ERROR, CS_SESSION_ERROR_TIME,
                            local->message);
        cs_document_free(document);
        return NULL;
    }
    return cs_session_new(document, now, error);
}

CsSession *cs_session_open_partial(const char *path, const char *time_text,
                                   GError **error)
{
    CsTime now;
    g_autoptr(GError) local = NULL;
    CsDocument *document = cs_document_load(path, error);
    if (document == NULL)
        return NULL;
    if (!cs_model_resolve_now(document, time_text, &now, &local)) {
        g_set_error_literal(error, CS_SESSION_ERROR, CS_SESSION_ERROR_TIME,
                            local->message);
        cs_document_free(document);
        return NULL;
    }
    CsSession *session = g_new0(CsSession, 1);
    session->document = document;
    session->log = cs_edit_log_new(document, now);
    cs_session_build(session);
    return session;
}

CsSession *cs_session_scratch(const CsSession *session)
{
    CsDocument *copy = g_new0(CsDocument, 1);
    copy->xml = xmlCopyDoc(session->document->xml, 1);
    copy->path = g_strdup(session->document->path);
    copy->compression = session->document->compression;
    copy->declaration = session->document->declaration;
    cs_document_reindex(copy);
    CsSession *scratch = g_new0(CsSession, 1);
    scratch->document = copy;
    scratch->log = cs_edit_log_new(copy, cs_session_time(session));
    return scratch;
}

void cs_session_free(CsSession *session)
{
    if (session == NULL)
        return;
    cs_session_clear_previous(session);
    g_clear_pointer(&session->solution, cs_solution_free);
    g_clear_pointer(&session->model, cs_model_free);
    g_clear_error(&session->failure);
    /* The log holds unlinked nodes of the document: it goes first. */
    cs_edit_log_free(session->log);
    cs_document_free(session->document);
    g_free(session);
}

gboolean cs_session_refresh(CsSession *session)
{
    cs_session_clear_previous(session);
    session->generation++;
    session->previous_model = g_steal_pointer(&session->model);
    session->previous_solution = g_steal_pointer(&session->solution);
    return cs_session_build(session);
}

const CsSolution *cs_session_solution(const CsSession *session, GError **error)
{
    if (session->solution != NULL)
        return session->solution;
    g_set_error(error, CS_SESSION_ERROR, CS_SESSION_ERROR_NO_ENGINE,
                "no answer for the CIB as edited: %s",
                session->failure != NULL ? session->failure->message : "unknown error");
    return NULL;
}

CsTime cs_session_time(const CsSession *session)
{
    return cs_edit_log_time(session->log);
}

gboolean cs_session_dirty(const CsSession *session)
{
    return cs_edit_log_dirty(session->log);
}

gboolean cs_session_save(CsSession *session, const char *path, GError **error)
{
    if (!cs_document_save(session->document, path, error))
        return FALSE;
    if (path == NULL || strcmp(path, session->document->path) == 0)
        cs_edit_log_mark_saved(session->log);
    return TRUE;
}

/* ---- what moved -------------------------------------------------------- */

/* The uname rsc (by id) is assigned to in a solution; "" when stopped
 * and NULL when the resource is not in that model. */
static const char *cs_assigned_uname(const CsModel *model, const CsSolution *solution,
                                     const char *rsc_id)
{
    const CsResource *rsc = cs_model_resource(model, rsc_id);

    if (rsc == NULL)
        return NULL;
    int node = cs_solution_assigned_node(solution, rsc->index);
    if (node < 0)
        return "";
    const CsNode *assigned = g_ptr_array_index(model->nodes, node);
    return assigned->uname;
}

static void cs_describe_change(GString *out, const char *rsc, const char *before,
                               const char *after)
{
    if (*after == '\0')
        g_string_append_printf(out, "%s: stops\n", rsc);
    else if (*before == '\0')
        g_string_append_printf(out, "%s: starts on %s\n", rsc, after);
    else
        g_string_append_printf(out, "%s: %s -> %s\n", rsc, before, after);
}

/* Whether rsc's change is its group's change, already listed. */
static gboolean cs_moves_with_group(const CsSession *session, const CsResource *rsc,
                                    const char *before, const char *after)
{
    if (rsc->parent < 0)
        return FALSE;
    const CsResource *parent = g_ptr_array_index(session->model->resources, rsc->parent);
    if (parent->kind != CS_RSC_GROUP)
        return FALSE;
    const char *group_before = cs_assigned_uname(session->previous_model,
                                                 session->previous_solution, parent->id);
    const char *group_after = cs_assigned_uname(session->model, session->solution,
                                                parent->id);
    return group_before != NULL && group_after != NULL
           && strcmp(group_before, before) == 0 && strcmp(group_after, after) == 0;
}

guint cs_session_describe_changes(const CsSession *session, GString *out)
{
    guint lines = 0;

    if (session->solution == NULL || session->previous_solution == NULL)
        return 0;
    for (guint i = 0; i < session->model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(session->model->resources, i);
        if (rsc->kind != CS_RSC_PRIMITIVE && rsc->kind != CS_RSC_GROUP)
            continue;
        const char *before = cs_assigned_uname(session->previous_model,
                                               session->previous_solution, rsc->id);
        const char *after = cs_assigned_uname(session->model, session->solution, rsc->id);
        if (before == NULL || after == NULL || strcmp(before, after) == 0
            || cs_moves_with_group(session, rsc, before, after))
            continue;
        cs_describe_change(out, rsc->id, before, after);
        lines++;
    }
    return lines;
}
