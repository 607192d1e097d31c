/* session.c: the load -> model -> solve -> edit -> re-solve loop.
 *
 * doc/DESIGN.md "Data flow": the document is the source of truth, an edit
 * changes it and records its inverse, and the model and the solution are
 * rebuilt from it afterwards, exactly what loading the edited file would
 * give: from scratch, or, when the edits stayed inside parts of the
 * document the model can read again alone, by reading those again
 * (cs_session_refresh).
 */
#include "explain/session.h"

#include <string.h>
#include "cib/live.h"

G_DEFINE_QUARK(cs-session-error-quark, cs_session_error)

static void cs_session_clear_previous(CsSession *session)
{
    g_clear_pointer(&session->previous_solution, cs_solution_free);
    g_clear_pointer(&session->previous_model, cs_model_free);
}

/* ---- freeing off the edit path ------------------------------------------
 * doc/DESIGN.md "Performance" gives an edit and its re-solve one frame.
 * Freeing the state from two changes ago (a model and a solution of a
 * large cluster) is a sizeable part of that, and nothing waits for it: a
 * worker thread does it.  The retired model and solution are reachable
 * from nothing else, and freeing them reads no document node, so the
 * worker shares nothing with the main thread but malloc.  It starts when
 * the caller has shown the new state (cs_session_collect), not during
 * the next build, where on two cores it slowed the solve by a quarter:
 * every free of the worker takes the main heap's lock the solve needs.
 * cs_session_free waits for the worker, so that every session freed has
 * really given back its memory. */

typedef struct {
    CsModel *model;
    CsSolution *solution;
} CsRetired;

/* The worker freeing the last retired state, or NULL.  One at a time:
 * the next collect joins it first (long finished by then), so retired
 * states never pile up. */
static GThread *cs_reaper;

static gpointer cs_reap(gpointer data)
{
    CsRetired *retired = data;

    cs_solution_free(retired->solution);
    cs_model_free(retired->model);
    g_free(retired);
    return NULL;
}

/* Waits until everything retired is freed. */
static void cs_session_wait_retired(void)
{
    if (cs_reaper != NULL)
        g_thread_join(g_steal_pointer(&cs_reaper));
}

void cs_session_wait_collected(void)
{
    cs_session_wait_retired();
}

void cs_session_collect(CsSession *session)
{
    if (session->retired_model == NULL && session->retired_solution == NULL)
        return;
    CsRetired *retired = g_new(CsRetired, 1);
    retired->model = g_steal_pointer(&session->retired_model);
    retired->solution = g_steal_pointer(&session->retired_solution);
    cs_session_wait_retired();
    cs_reaper = g_thread_try_new("cs-reaper", cs_reap, retired, NULL);
    if (cs_reaper == NULL)
        cs_reap(retired);
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
    session->model_state = cs_edit_log_state(session->log);
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

/* Takes document: a session even when model or engine fail. */
static CsSession *cs_session_open_document(CsDocument *document, const char *time_text,
                                           GError **error)
{
    CsTime now;
    g_autoptr(GError) local = NULL;
    if (!cs_model_resolve_now(document, time_text, &now, &local)) {
        g_set_error_literal(error, CS_SESSION_ERROR, CS_SESSION_ERROR_TIME,
                            local->message);
        cs_document_free(document);
        return NULL;
    }
    CsSession *session = g_new0(CsSession, 1);
    session->document = document;
    session->log = cs_edit_log_new(document, now);
    session->model_state = cs_edit_log_state(session->log);
    cs_session_build(session);
    return session;
}

CsSession *cs_session_open_partial(const char *path, const char *time_text,
                                   GError **error)
{
    CsDocument *document = cs_document_load(path, error);
    return document != NULL ? cs_session_open_document(document, time_text, error) : NULL;
}

CsSession *cs_session_scratch(const CsSession *session)
{
    CsDocument *copy = cs_document_copy(session->document);
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
    cs_session_collect(session);
    g_clear_pointer(&session->solution, cs_solution_free);
    g_clear_pointer(&session->model, cs_model_free);
    cs_session_wait_retired();
    g_clear_error(&session->failure);
    /* The log holds unlinked nodes of the document: it goes first. */
    cs_edit_log_free(session->log);
    cs_document_free(session->document);
    cs_document_free(session->live_base);
    g_free(session);
}

/* doc/DESIGN.md "Performance": an edit and its re-solve within one frame.
 * Most edits change one part of the document: <constraints> (ban,
 * prefer, clear, constraints added, removed or scored), one resource's
 * meta attributes (stickiness, target-role), node attributes (standby,
 * maintenance), transient ones (fail counts) or rsc_defaults (the
 * default stickiness).  The model of the
 * document as it was then gives all the rest, and only what those parts
 * reach is read again (cs_model_rebuild).  A new clock alone keeps the
 * whole model when nothing it read depends on the clock (no date rule, no
 * failure timeout).  Anything else, a document swapped in, rebuilds
 * everything; so does a change the rebuild cannot follow. */
static gboolean cs_session_partial(const CsSession *session, const CsModel *before,
                                   guint changes)
{
    return before != NULL && !session->rebuild_all
           && (changes & CS_EDIT_CHANGED_OTHER) == 0
           && before->document == session->document;
}

/* FALSE when the rebuild could not follow the changes: nothing is set. */
static gboolean cs_session_build_partial(CsSession *session, CsModel *before,
                                         guint changes, GPtrArray *meta_resources,
                                         GPtrArray *constraints)
{
    CsTime now = cs_edit_log_time(session->log);
    CsModelChanges what = {
        .now = &now,
        .nodes_or_status = (changes & (CS_EDIT_CHANGED_NODES | CS_EDIT_CHANGED_STATUS)) != 0,
        .status_untouched = (changes & CS_EDIT_CHANGED_STATUS) == 0,
        .meta_resources = meta_resources,
        .constraints = constraints,
        .rsc_defaults = (changes & CS_EDIT_CHANGED_RSC_DEFAULTS) != 0,
    };

    session->model = cs_model_rebuild(before, &what, NULL);
    if (session->model == NULL)
        return FALSE;
    g_clear_error(&session->failure);
    session->solution = cs_solve(session->model, &session->failure);
    return TRUE;
}

/* The state from two changes ago is retired: freed by cs_session_collect,
 * which the console calls once the new state is on screen.  A caller that
 * never collects (batch commands) has it freed here, one change later. */
/* Undo right after a change, or redo right after that undo, brings back
 * the state the previous model was built from: the same clock and the
 * document node for node, since undo and redo put back the very nodes
 * they took away (cib/edit.h).  That model and its solution are still
 * exactly what a rebuild would give, so they are swapped back in, and
 * the pointers into the document they hold are good again.  Toggling an
 * edit to compare (u, Ctrl-R, u...) then costs no solve at all. */
static gboolean cs_session_swap_back(CsSession *session)
{
    if (session->previous_model == NULL || session->previous_solution == NULL
        || session->model == NULL || session->solution == NULL
        || session->rebuild_all
        || session->previous_state != cs_edit_log_state(session->log))
        return FALSE;
    CsModel *model = session->model;
    CsSolution *solution = session->solution;
    guint64 state = session->model_state;
    session->model = session->previous_model;
    session->solution = session->previous_solution;
    session->model_state = session->previous_state;
    session->previous_model = model;
    session->previous_solution = solution;
    session->previous_state = state;
    session->generation++;
    session->swaps++;
    return TRUE;
}

gboolean cs_session_refresh(CsSession *session)
{
    g_autoptr(GPtrArray) meta_resources = cs_edit_log_take_meta_resources(session->log);
    g_autoptr(GPtrArray) constraints = cs_edit_log_take_constraints(session->log);
    guint changes = cs_edit_log_take_changes(session->log);

    if (cs_session_swap_back(session))
        return TRUE;
    cs_session_collect(session);
    session->retired_model = g_steal_pointer(&session->previous_model);
    session->retired_solution = g_steal_pointer(&session->previous_solution);
    session->generation++;
    session->previous_model = g_steal_pointer(&session->model);
    session->previous_solution = g_steal_pointer(&session->solution);
    session->previous_state = session->model_state;
    session->model_state = cs_edit_log_state(session->log);
    gboolean partial = cs_session_partial(session, session->previous_model, changes);
    session->rebuild_all = FALSE;
    if (partial && cs_session_build_partial(session, session->previous_model, changes,
                                            meta_resources, constraints))
        return session->solution != NULL;
    return cs_session_build(session);
}

void cs_session_forget_previous(CsSession *session)
{
    cs_session_clear_previous(session);
    session->previous_state = 0;
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
    return cs_edit_log_dirty(session->log) || session->live_carried;
}

gboolean cs_session_save(CsSession *session, const char *path, GError **error)
{
    if (session->live_base != NULL && path == NULL) {
        g_set_error(error, CS_SESSION_ERROR, CS_SESSION_ERROR_LIVE,
                    "%s is a live CIB: commit sends the edits to the cluster, "
                    "save PATH writes a copy", session->document->path);
        return FALSE;
    }
    if (!cs_document_save(session->document, path, error))
        return FALSE;
    if (path == NULL || strcmp(path, session->document->path) == 0)
        cs_edit_log_mark_saved(session->log);
    return TRUE;
}

/* ---- what moved -------------------------------------------------------- */

/* The uname rsc (by id) is assigned to in a solution; "" when stopped
 * and NULL when the resource is not in that model. */
/* The resource of model with rsc's id: most edits keep the resources
 * where they were, so the same index is tried before the id table (an
 * edit's description asks for every resource of both models). */
static const CsResource *cs_same_resource(const CsModel *model, const CsResource *rsc)
{
    if (rsc->index >= 0 && (guint)rsc->index < model->resources->len) {
        const CsResource *same = g_ptr_array_index(model->resources, rsc->index);

        /* a rebuild shares the resources it did not read again */
        if (same == rsc || strcmp(same->id, rsc->id) == 0)
            return same;
    }
    return cs_model_resource(model, rsc->id);
}

static const char *cs_assigned_uname(const CsModel *model, const CsSolution *solution,
                                     const CsResource *of)
{
    const CsResource *rsc = cs_same_resource(model, of);

    if (rsc == NULL)
        return NULL;
    int node = cs_solution_assigned_node(solution, rsc->index);
    if (node < 0)
        return "";
    const CsNode *assigned = g_ptr_array_index(model->nodes, node);
    return assigned->uname;
}

/* Appended piece by piece: a standby moves hundreds of resources, and
 * a format parsed per line cost more than the rest of the description. */
static void cs_describe_change(GString *out, const char *rsc, const char *before,
                               const char *after)
{
    g_string_append(out, rsc);
    if (*after == '\0') {
        g_string_append(out, ": stops\n");
        return;
    }
    if (*before == '\0') {
        g_string_append(out, ": starts on ");
    } else {
        g_string_append(out, ": ");
        g_string_append(out, before);
        g_string_append(out, " -> ");
    }
    g_string_append(out, after);
    g_string_append_c(out, '\n');
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
                                                 session->previous_solution, parent);
    const char *group_after = cs_assigned_uname(session->model, session->solution,
                                                parent);
    return group_before != NULL && group_after != NULL
           && strcmp(group_before, before) == 0 && strcmp(group_after, after) == 0;
}

/* The unames a clone's instances are assigned to in a solution (its
 * expanded model holds the instances), sorted; NULL when the clone is not
 * in that model. */
static GPtrArray *cs_clone_unames(const CsSolution *solution, const char *clone_id)
{
    const CsModel *model = cs_solution_model(solution);
    const CsResource *clone = cs_model_resource(model, clone_id);

    if (clone == NULL || clone->kind != CS_RSC_CLONE)
        return NULL;
    GPtrArray *unames = g_ptr_array_new();
    for (guint i = 0; i < clone->children->len; i++) {
        int node = cs_solution_assigned_node(solution, g_array_index(clone->children, int, i));
        if (node >= 0)
            g_ptr_array_add(unames, ((CsNode *)g_ptr_array_index(model->nodes, node))->uname);
    }
    return unames;
}

static gboolean cs_uname_listed(const GPtrArray *unames, const char *uname)
{
    for (guint i = 0; i < unames->len; i++)
        if (strcmp(g_ptr_array_index(unames, i), uname) == 0)
            return TRUE;
    return FALSE;
}

/* "  on/off NODE, NODE" for the unames of from missing in to. */
static gboolean cs_list_missing(GString *out, const char *verb, const GPtrArray *from,
                                const GPtrArray *to)
{
    gboolean any = FALSE;

    for (guint i = 0; i < from->len; i++) {
        const char *uname = g_ptr_array_index(from, i);
        if (cs_uname_listed(to, uname))
            continue;
        g_string_append_printf(out, "%s %s", any ? "," : verb, uname);
        any = TRUE;
    }
    return any;
}

/* A clone's change: the nodes its instances leave and the ones they
 * join ("ping-clone: stops on alpha; starts on bravo"). */
static guint cs_describe_clone_change(const CsSession *session, const CsResource *clone,
                                      GString *out)
{
    g_autoptr(GPtrArray) before = cs_clone_unames(session->previous_solution, clone->id);
    g_autoptr(GPtrArray) after = cs_clone_unames(session->solution, clone->id);
    g_autoptr(GString) line = g_string_new(NULL);

    if (before == NULL || after == NULL)
        return 0;
    gboolean stops = cs_list_missing(line, " stops on", before, after);
    if (stops)
        g_string_append_c(line, ';');
    if (!cs_list_missing(line, " starts on", after, before)) {
        if (!stops)
            return 0;
        g_string_truncate(line, line->len - 1);
    }
    g_string_append_printf(out, "%s:%s\n", clone->id, line->str);
    return 1;
}

guint cs_session_describe_changes(const CsSession *session, GString *out)
{
    guint lines = 0;

    if (session->solution == NULL || session->previous_solution == NULL)
        return 0;
    for (guint i = 0; i < session->model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(session->model->resources, i);
        if (rsc->kind == CS_RSC_CLONE) {
            lines += cs_describe_clone_change(session, rsc, out);
            continue;
        }
        if (rsc->kind != CS_RSC_PRIMITIVE && rsc->kind != CS_RSC_GROUP)
            continue;
        const char *before = cs_assigned_uname(session->previous_model,
                                               session->previous_solution, rsc);
        const char *after = cs_assigned_uname(session->model, session->solution, rsc);
        if (before == NULL || after == NULL || strcmp(before, after) == 0
            || cs_moves_with_group(session, rsc, before, after))
            continue;
        cs_describe_change(out, rsc->id, before, after);
        lines++;
    }
    return lines;
}

/* ---- live clusters ------------------------------------------------------ */

CsSession *cs_session_open_live(const char *time_text, GError **error)
{
    CsDocument *document = cs_live_query(error);
    if (document == NULL)
        return NULL;
    CsSession *session = cs_session_open_document(document, time_text, error);
    if (session == NULL)
        return NULL;
    session->live_base = cs_document_copy(session->document);
    session->live_wall_clock = time_text == NULL;
    return session;
}

gboolean cs_session_is_live(const CsSession *session)
{
    return session->live_base != NULL;
}

GPtrArray *cs_session_live_plan(const CsSession *session)
{
    g_return_val_if_fail(session->live_base != NULL, NULL);
    return cs_live_plan(session->live_base, session->document);
}

/* Swaps in a new document (owned) with a fresh log at clock now. */
static void cs_session_replace(CsSession *session, CsDocument *document, CsTime now)
{
    session->rebuild_all = TRUE;   /* the model read the old document */
    cs_edit_log_free(session->log);
    cs_document_free(session->document);
    session->document = document;
    session->log = cs_edit_log_new(document, now);
}

GPtrArray *cs_session_live_follow(CsSession *session, CsDocument *fresh)
{
    g_return_val_if_fail(session->live_base != NULL, NULL);
    /* The edits as object-level operations: the same ones a commit would
     * run, so what is carried over is exactly what would be sent. */
    g_autoptr(GPtrArray) ops = cs_live_plan(session->live_base, session->document);
    CsDocument *edited = cs_document_copy(fresh);
    GPtrArray *lost = cs_live_rebase(edited, ops);
    cs_document_reindex(edited);
    CsTime now = session->live_wall_clock ? cs_time_now() : cs_session_time(session);
    cs_document_free(session->live_base);
    session->live_base = fresh;
    cs_session_replace(session, edited, now);
    g_autoptr(GPtrArray) still = cs_live_plan(session->live_base, session->document);
    session->live_carried = still->len > 0;
    cs_session_refresh(session);
    return lost;
}

gboolean cs_session_live_commit(CsSession *session, GString *report, GError **error)
{
    if (session->live_base == NULL) {
        g_set_error(error, CS_SESSION_ERROR, CS_SESSION_ERROR_LIVE,
                    "commit needs a live CIB (cibscope --live); %s is a file: save writes it",
                    session->document->path);
        return FALSE;
    }
    g_autoptr(GPtrArray) ops = cs_live_plan(session->live_base, session->document);
    if (!cs_live_commit(session->live_base, ops, report, error))
        return FALSE;
    if (ops->len == 0)
        return TRUE;
    /* What the cluster holds now is the new base: nothing is pending. */
    g_autoptr(GError) local = NULL;
    CsDocument *fresh = cs_live_query(&local);
    if (fresh == NULL) {
        g_string_append_printf(report, "Committed, but reading the CIB again failed: %s\n",
                               local->message);
        return TRUE;
    }
    CsTime now = session->live_wall_clock ? cs_time_now() : cs_session_time(session);
    cs_document_free(session->live_base);
    session->live_base = cs_document_copy(fresh);
    cs_session_replace(session, fresh, now);
    session->live_carried = FALSE;
    cs_session_refresh(session);
    return TRUE;
}
