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
#include "explain/next.h"

#include <string.h>
#include "cib/live.h"

/* G_DEFINE_QUARK stringifies its first argument: keep it unspaced. */
/* clang-format off */
G_DEFINE_QUARK(cs-session-error-quark, cs_session_error)
/* clang-format on */

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
/* The same for the document and log a live follow replaced. */
static GThread *cs_document_reaper;

static gpointer cs_reap(gpointer data)
{
    CsRetired *retired = data;

    cs_solution_free(retired->solution);
    cs_model_free(retired->model);
    g_free(retired);
    return NULL;
}

static void cs_join(GThread **thread)
{
    if (*thread != NULL)
        g_thread_join(g_steal_pointer(thread));
}

/* Waits until everything retired is freed. */
static void cs_session_wait_retired(void)
{
    cs_join(&cs_reaper);
    cs_join(&cs_document_reaper);
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
    cs_join(&cs_reaper);
    cs_reaper = g_thread_try_new("cs-reaper", cs_reap, retired, NULL);
    if (cs_reaper == NULL)
        cs_reap(retired);
}

/* Builds model and solution for the current document and clock. */
static gboolean cs_session_build(CsSession *session)
{
    g_clear_error(&session->failure);
    session->model =
        cs_model_build(session->document, cs_edit_log_time(session->log), &session->failure);
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
        g_set_error_literal(error, CS_SESSION_ERROR, CS_SESSION_ERROR_TIME, local->message);
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
        g_set_error_literal(error, CS_SESSION_ERROR, CS_SESSION_ERROR_TIME, local->message);
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

CsSession *cs_session_open_partial(const char *path, const char *time_text, GError **error)
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
    if (session->live_conflicts != NULL)
        g_ptr_array_unref(session->live_conflicts);
    if (session->live_plans != NULL)
        g_hash_table_unref(session->live_plans);
    g_free(session);
}

/* doc/DESIGN.md "Performance": an edit and its re-solve within one frame.
 * Most edits change one part of the document: <constraints> (ban,
 * prefer, clear, constraints added, removed or scored), one resource's
 * meta attributes (stickiness, target-role), node attributes (standby,
 * maintenance), transient ones (fail counts), rsc_defaults (the
 * default stickiness), ticket states, cluster options or op_defaults,
 * the node list (node add, node remove: <node> and its node_state).  The model of the
 * document as it was then gives all the rest, and only what those parts
 * reach is read again (cs_model_rebuild).  A new clock alone keeps the
 * whole model when nothing it read depends on the clock (no date rule, no
 * failure timeout).  Anything else, a document swapped in, rebuilds
 * everything; so does a change the rebuild cannot follow. */
static gboolean cs_session_partial(const CsSession *session, const CsModel *before, guint changes)
{
    return before != NULL && !session->rebuild_all && (changes & CS_EDIT_CHANGED_OTHER) == 0
           && before->document == session->document;
}

/* FALSE when the rebuild could not follow the changes: nothing is set. */
static gboolean cs_session_build_partial(CsSession *session, CsModel *before, guint changes,
                                         GPtrArray *meta_resources, GPtrArray *constraints)
{
    CsTime now = cs_edit_log_time(session->log);
    CsModelChanges what = {
        .now = &now,
        .nodes_or_status =
            (changes
             & (CS_EDIT_CHANGED_NODES | CS_EDIT_CHANGED_STATUS | CS_EDIT_CHANGED_NODE_STATES))
            != 0,
        .status_untouched = (changes & (CS_EDIT_CHANGED_STATUS | CS_EDIT_CHANGED_NODE_STATES)) == 0,
        .node_states = (changes & CS_EDIT_CHANGED_NODE_STATES) != 0,
        .resource_tree = (changes & CS_EDIT_CHANGED_RESOURCE_TREE) != 0,
        .meta_resources = meta_resources,
        .constraints = constraints,
        .rsc_defaults = (changes & CS_EDIT_CHANGED_RSC_DEFAULTS) != 0,
        .tickets = (changes & CS_EDIT_CHANGED_TICKETS) != 0,
        .options = (changes & CS_EDIT_CHANGED_OPTIONS) != 0,
        .op_defaults = (changes & CS_EDIT_CHANGED_OP_DEFAULTS) != 0,
    };

    session->model = cs_model_rebuild(before, &what, NULL);
    if (session->model == NULL)
        return FALSE;
    session->partial_rebuilds++;
    g_clear_error(&session->failure);
    session->solution = cs_solve(session->model, &session->failure);
    return TRUE;
}

/* The state from two changes ago is retired: freed by cs_session_collect,
 * which the console calls once the new state is on screen.  A caller that
 * never collects (batch commands) has it freed here, one change later.
 * Here the state shown becomes the previous one (what moved is told
 * against it), and the previous one retires. */
static void cs_session_shift_to_previous(CsSession *session)
{
    cs_session_collect(session);
    session->retired_model = g_steal_pointer(&session->previous_model);
    session->retired_solution = g_steal_pointer(&session->previous_solution);
    session->previous_model = g_steal_pointer(&session->model);
    session->previous_solution = g_steal_pointer(&session->solution);
    session->previous_state = session->model_state;
}

/* a and b (of type) trade values. */
#define CS_SWAP(type, a, b)                                                                        \
    do {                                                                                           \
        type swapped_ = (a);                                                                       \
        (a) = (b);                                                                                 \
        (b) = swapped_;                                                                            \
    } while (0)

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
        || session->model == NULL || session->solution == NULL || session->rebuild_all
        || session->previous_state != cs_edit_log_state(session->log))
        return FALSE;
    CS_SWAP(CsModel *, session->model, session->previous_model);
    CS_SWAP(CsSolution *, session->solution, session->previous_solution);
    CS_SWAP(guint64, session->model_state, session->previous_state);
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
    cs_session_shift_to_previous(session);
    session->generation++;
    session->model_state = cs_edit_log_state(session->log);
    gboolean partial = cs_session_partial(session, session->previous_model, changes);
    session->rebuild_all = FALSE;
    if (partial
        && cs_session_build_partial(session, session->previous_model, changes, meta_resources,
                                    constraints))
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
                    "save PATH writes a copy",
                    session->document->path);
        return FALSE;
    }
    if (!cs_document_save(session->document, path, error))
        return FALSE;
    if (path == NULL || strcmp(path, session->document->path) == 0)
        cs_edit_log_mark_saved(session->log);
    return TRUE;
}

/* ---- what moved -------------------------------------------------------- */

/* next.c tells it from the two transitions: "web: alpha -> bravo" is a
 * move, "web: planned for delta instead of bravo (runs on alpha)" a
 * change of plan. */
guint cs_session_describe_changes(const CsSession *session, GString *out)
{
    if (session->solution == NULL || session->previous_solution == NULL)
        return 0;
    return cs_next_describe_changes(session->previous_model, session->previous_solution,
                                    session->model, session->solution, out);
}

/* ---- live clusters ------------------------------------------------------ */

static GHashTable *live_plans_new(void)
{
    return g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
                                 (GDestroyNotify)g_ptr_array_unref);
}

/* The operations from base to the document in its log's current state
 * (a new reference): made once per state, since on 32x2000 a plan costs
 * about as much as a frame. */
static GPtrArray *live_plan_of(GHashTable *plans, const CsDocument *base,
                               const CsDocument *document, const CsEditLog *log)
{
    gint64 state = (gint64)cs_edit_log_state(log);
    GPtrArray *ops = g_hash_table_lookup(plans, &state);
    if (ops == NULL) {
        ops = cs_live_plan(base, document);
        g_hash_table_insert(plans, g_memdup2(&state, sizeof state), ops);
    }
    return g_ptr_array_ref(ops);
}

static GPtrArray *live_plan_cached(const CsSession *session)
{
    return live_plan_of(session->live_plans, session->live_base, session->document, session->log);
}

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
    session->live_conflicts = g_ptr_array_new_with_free_func((GDestroyNotify)cs_live_conflict_free);
    session->live_plans = live_plans_new();
    return session;
}

gboolean cs_session_is_live(const CsSession *session)
{
    return session->live_base != NULL;
}

GPtrArray *cs_session_live_plan(const CsSession *session)
{
    g_return_val_if_fail(session->live_base != NULL, NULL);
    return live_plan_cached(session);
}

GPtrArray *cs_session_live_commit_plan(const CsSession *session)
{
    g_return_val_if_fail(session->live_base != NULL, NULL);
    return cs_live_commit_plan(session->live_base, session->document);
}

/* Swaps in a new document (owned) with a fresh log at clock now. */
static void cs_session_replace(CsSession *session, CsDocument *document, CsTime now)
{
    session->rebuild_all = TRUE; /* the model read the old document */
    cs_edit_log_free(session->log);
    cs_document_free(session->document);
    session->document = document;
    session->log = cs_edit_log_new(document, now);
}

/* One state of the edit history, as a commit would send it. */
typedef struct LiveStep {
    char *description;
    gboolean clock; /* a clock change, not a document edit */
    CsTime time;
    GPtrArray *ops; /* CsLiveOp*, from the base (NULL: clock) */
} LiveStep;

static void live_step_free(LiveStep *step)
{
    g_free(step->description);
    if (step->ops != NULL)
        g_ptr_array_unref(step->ops);
    g_free(step);
}

/* Walks the log from its first state to its last (undo, then redo), and
 * back to where it was: *current is the index of that state (0: before
 * the first edit).  The first step is the state before any edit. */
static GPtrArray *live_history(CsSession *session, guint *current)
{
    CsEditLog *log = session->log;
    guint undo = cs_edit_log_undo_depth(log), redo = cs_edit_log_redo_depth(log);
    for (guint i = 0; i < undo; i++)
        cs_edit_undo(log);
    GPtrArray *steps = g_ptr_array_new_with_free_func((GDestroyNotify)live_step_free);
    for (guint i = 0; i <= undo + redo; i++) {
        if (i > 0)
            cs_edit_redo(log);
        LiveStep *step = g_new0(LiveStep, 1);
        step->description = g_strdup(i > 0 ? cs_edit_log_next_undo(log) : "");
        step->clock = i > 0 && !cs_edit_log_last_is_document(log);
        step->time = cs_edit_log_time(log);
        if (!step->clock)
            step->ops = live_plan_cached(session);
        g_ptr_array_add(steps, step);
    }
    for (guint i = 0; i < redo; i++)
        cs_edit_undo(log);
    cs_edit_log_take_changes(log);
    *current = undo;
    return steps;
}

/* A copy of node without the resource histories (<lrm>, copied empty):
 * a state only compared with cs_edit_become, which leaves them alone, and
 * they are most of a large CIB's status. */
static xmlNode *live_copy_light(const xmlNode *element, xmlDoc *doc)
{
    xmlNode *copy = xmlDocCopyNode((xmlNode *)element, doc, 2); /* attributes only */
    if (strcmp((const char *)element->name, "lrm") == 0)
        return copy;
    for (const xmlNode *child = element->children; child != NULL; child = child->next)
        xmlAddChild(copy, child->type == XML_ELEMENT_NODE
                              ? live_copy_light(child, doc)
                              : xmlDocCopyNode((xmlNode *)child, doc, 1));
    return copy;
}

static CsDocument *live_document_light(const CsDocument *fresh)
{
    CsDocument *copy = g_new0(CsDocument, 1);
    copy->xml = xmlNewDoc((const xmlChar *)"1.0");
    xmlDocSetRootElement(copy->xml, live_copy_light(xmlDocGetRootElement(fresh->xml), copy->xml));
    copy->path = g_strdup(fresh->path);
    cs_document_reindex(copy);
    return copy;
}

/* The document of one state: fresh with that state's operations (a
 * light copy when only compared, the whole one when it is the session's). */
static CsDocument *live_state_on(const CsDocument *fresh, const LiveStep *step, GPtrArray **lost,
                                 gboolean light)
{
    CsDocument *document = light ? live_document_light(fresh) : cs_document_copy(fresh);
    GPtrArray *dropped = cs_live_rebase(document, step->ops);
    if (lost != NULL)
        *lost = dropped;
    else
        g_ptr_array_unref(dropped);
    return document;
}

/* Records steps[1..] in the (new) log, each as one edit, and steps back
 * to current.  Returns the lost messages of the current state. */
static GPtrArray *live_replay(CsSession *session, const CsDocument *fresh, GPtrArray *steps,
                              guint current)
{
    GPtrArray *lost = NULL;
    guint after = 0;
    for (guint i = 1; i < steps->len; i++) {
        const LiveStep *step = g_ptr_array_index(steps, i);
        gboolean recorded;
        if (step->clock) {
            recorded = cs_edit_set_time(session->log, step->time, NULL);
        } else {
            GPtrArray *state_lost = NULL;
            g_autoptr(CsDocument) state = live_state_on(fresh, step, &state_lost, TRUE);
            if (i <= current) {
                if (lost != NULL)
                    g_ptr_array_unref(lost);
                lost = g_steal_pointer(&state_lost);
            }
            if (state_lost != NULL)
                g_ptr_array_unref(state_lost);
            recorded = cs_edit_become(session->log, step->description,
                                      xmlDocGetRootElement(state->xml), NULL);
        }
        if (recorded && i > current)
            after++;
    }
    for (guint i = 0; i < after; i++)
        cs_edit_undo(session->log);
    cs_edit_log_take_changes(session->log);
    return lost;
}

/* Keeps the conflicts whose object still has a pending operation, and
 * adds new ones (a newer one replaces an older one of the same object). */
static void live_merge_conflicts(CsSession *session, GPtrArray *fresh_conflicts,
                                 const GPtrArray *pending_ops)
{
    g_autoptr(GPtrArray) planned = pending_ops == NULL ? live_plan_cached(session) : NULL;
    const GPtrArray *ops = pending_ops != NULL ? pending_ops : planned;
    GPtrArray *kept = g_ptr_array_new_with_free_func((GDestroyNotify)cs_live_conflict_free);
    GPtrArray *all[] = {session->live_conflicts, fresh_conflicts};
    for (guint list = 0; list < G_N_ELEMENTS(all); list++) {
        for (guint i = 0; all[list] != NULL && i < all[list]->len; i++) {
            CsLiveConflict *conflict = g_ptr_array_index(all[list], i);
            gboolean pending = conflict->kind == CS_LIVE_CONFLICT_REMOVED;
            for (guint j = 0; j < ops->len && !pending; j++) {
                const CsLiveOp *op = g_ptr_array_index(ops, j);
                pending =
                    g_strcmp0(op->tag, conflict->tag) == 0 && g_strcmp0(op->id, conflict->id) == 0;
            }
            for (guint j = 0; j < kept->len && pending; j++) {
                CsLiveConflict *older = g_ptr_array_index(kept, j);
                if (g_strcmp0(older->tag, conflict->tag) == 0
                    && g_strcmp0(older->id, conflict->id) == 0)
                    g_ptr_array_remove_index(kept, j--);
            }
            /* A removal already happened: said once, at this follow. */
            if (pending && (conflict->kind != CS_LIVE_CONFLICT_REMOVED || list == 1))
                g_ptr_array_add(kept, g_ptr_array_steal_index(all[list], i--));
        }
    }
    if (session->live_conflicts != NULL)
        g_ptr_array_unref(session->live_conflicts);
    session->live_conflicts = kept;
}

/* ---- following off the key loop ---------------------------------------
 * DESIGN.md "Live clusters": following a changed CIB of 32x2000 (the
 * pending edits carried over with their history, the model built, the
 * solve, the transition read) takes far longer than a frame.  It is cut
 * in three: prepare reads what the session holds (the edit history as
 * operations, on the caller's thread, since it walks the log), run makes
 * the whole new state from that alone (on any thread: it touches nothing
 * of the session, and only reads the session's live_base, which nothing
 * replaces until finish), and finish swaps the new state in at the cost
 * of a few pointers.  An edit made between prepare and finish changes the
 * session's generation: finish refuses, and the caller prepares again on
 * the new state, so that no edit is lost. */

struct CsLiveFollow {
    CsDocument *fresh;      /* owned until finish: the new live_base */
    const CsDocument *base; /* the session's live_base (read only) */
    GPtrArray *steps;       /* LiveStep*: the edit history */
    guint current;
    gboolean wall_clock;
    guint generation; /* the session's, at prepare */
    guint64 state;    /* its log's state, at prepare */
    /* What run makes (all owned until finish takes it). */
    gboolean ran;
    CsSession *made;      /* document, log, model, solution */
    GPtrArray *lost;      /* char*: edits that no longer apply */
    GPtrArray *conflicts; /* CsLiveConflict* */
    gboolean carried;     /* operations are still pending */
    GPtrArray *still;     /* CsLiveOp*: those operations */
};

CsLiveFollow *cs_session_live_follow_prepare(CsSession *session, CsDocument *fresh)
{
    g_return_val_if_fail(session->live_base != NULL, NULL);
    CsLiveFollow *follow = g_new0(CsLiveFollow, 1);
    follow->fresh = fresh;
    follow->base = session->live_base;
    /* The edits as object-level operations: the same ones a commit would
     * run, so what is carried over is exactly what would be sent. */
    follow->steps = live_history(session, &follow->current);
    follow->wall_clock = session->live_wall_clock;
    follow->generation = session->generation;
    follow->state = cs_edit_log_state(session->log);
    return follow;
}

/* Plans each state of the log against base, from the first to the last
 * and back to where it was: the key loop then finds them made. */
static void live_plan_every_state(CsSession *made, const CsDocument *base)
{
    CsEditLog *log = made->log;
    guint undo = cs_edit_log_undo_depth(log), redo = cs_edit_log_redo_depth(log);
    for (guint i = 0; i < undo; i++)
        cs_edit_undo(log);
    for (guint i = 0; i <= undo + redo; i++) {
        if (i > 0)
            cs_edit_redo(log);
        g_ptr_array_unref(live_plan_of(made->live_plans, base, made->document, log));
    }
    for (guint i = 0; i < redo; i++)
        cs_edit_undo(log);
    cs_edit_log_take_changes(log);
}

void cs_session_live_follow_run(CsLiveFollow *follow)
{
    GPtrArray *steps = follow->steps;
    guint document_state = follow->current; /* the edits in effect: the
                                                 last state not a clock's */
    while (document_state > 0 && ((LiveStep *)g_ptr_array_index(steps, document_state))->clock)
        document_state--;
    const LiveStep *now_step = g_ptr_array_index(steps, document_state);
    follow->conflicts = cs_live_conflicts(follow->base, follow->fresh, now_step->ops);
    /* The state before the first edit: whatever was carried without a
     * history (none, unless an edit was already in the cluster). */
    const LiveStep *first = g_ptr_array_index(steps, 0);
    g_autoptr(GPtrArray) lost_first = NULL;
    CsDocument *edited = live_state_on(follow->fresh, first, &lost_first, FALSE);
    cs_document_reindex(edited);
    CsTime now = follow->wall_clock ? cs_time_now() : first->time;
    CsSession *made = g_new0(CsSession, 1);
    made->document = edited;
    made->log = cs_edit_log_new(edited, now);
    follow->lost = live_replay(made, follow->fresh, steps, follow->current);
    if (follow->lost == NULL)
        follow->lost = g_ptr_array_ref(lost_first);
    made->live_plans = live_plans_new();
    live_plan_every_state(made, follow->fresh);
    follow->still = live_plan_of(made->live_plans, follow->fresh, made->document, made->log);
    follow->carried = follow->still->len > 0;
    cs_session_build(made);
    /* The transition the console reads next (kept in the solution). */
    if (made->solution != NULL) {
        cs_solution_read_digests(made->solution, made->model);
        cs_solution_transition_text(made->solution);
    }
    made->model_state = cs_edit_log_state(made->log);
    follow->made = made;
    follow->ran = TRUE;
}

void cs_live_follow_free(CsLiveFollow *follow)
{
    if (follow == NULL)
        return;
    if (follow->fresh != NULL)
        cs_document_free(follow->fresh);
    g_clear_pointer(&follow->steps, g_ptr_array_unref);
    g_clear_pointer(&follow->lost, g_ptr_array_unref);
    g_clear_pointer(&follow->conflicts, g_ptr_array_unref);
    g_clear_pointer(&follow->still, g_ptr_array_unref);
    if (follow->made != NULL) {
        g_clear_pointer(&follow->made->solution, cs_solution_free);
        g_clear_pointer(&follow->made->model, cs_model_free);
        g_clear_error(&follow->made->failure);
        cs_edit_log_free(follow->made->log);
        cs_document_free(follow->made->document);
        if (follow->made->live_plans != NULL)
            g_hash_table_unref(follow->made->live_plans);
        g_free(follow->made);
    }
    g_free(follow);
}

gboolean cs_session_live_follow_current(const CsSession *session, const CsLiveFollow *follow)
{
    return session->live_base == follow->base && session->generation == follow->generation
           && cs_edit_log_state(session->log) == follow->state;
}

CsDocument *cs_live_follow_take_fresh(CsLiveFollow *follow)
{
    return g_steal_pointer(&follow->fresh);
}

/* The document and log replaced, freed off the key loop: the reaper
 * frees them with the retired model (it reads no node of them). */
typedef struct {
    CsDocument *document;
    CsEditLog *log;
    CsDocument *base;
} CsRetiredDocuments;

static gpointer cs_reap_documents(gpointer data)
{
    CsRetiredDocuments *retired = data;
    /* The log holds unlinked nodes of the document: it goes first. */
    cs_edit_log_free(retired->log);
    cs_document_free(retired->document);
    cs_document_free(retired->base);
    g_free(retired);
    return NULL;
}

static void cs_session_retire_documents(CsDocument *document, CsEditLog *log, CsDocument *base)
{
    CsRetiredDocuments *retired = g_new(CsRetiredDocuments, 1);
    *retired = (CsRetiredDocuments){document, log, base};
    cs_join(&cs_document_reaper); /* the last follow's: long done */
    cs_document_reaper = g_thread_try_new("cs-reaper-documents", cs_reap_documents, retired, NULL);
    if (cs_document_reaper == NULL)
        cs_reap_documents(retired);
}

GPtrArray *cs_session_live_follow_finish(CsSession *session, CsLiveFollow *follow)
{
    g_return_val_if_fail(follow->ran, NULL);
    if (!cs_session_live_follow_current(session, follow))
        return NULL;
    CsSession *made = follow->made;
    /* As a refresh: the state shown becomes the previous one (what moved
     * is told against it), the one before it retires. */
    cs_session_shift_to_previous(session);
    cs_session_retire_documents(session->document, session->log, session->live_base);
    session->document = g_steal_pointer(&made->document);
    session->log = g_steal_pointer(&made->log);
    session->live_base = g_steal_pointer(&follow->fresh);
    session->model = g_steal_pointer(&made->model);
    session->solution = g_steal_pointer(&made->solution);
    g_clear_error(&session->failure);
    session->failure = g_steal_pointer(&made->failure);
    session->model_state = made->model_state;
    session->rebuild_all = FALSE;
    session->generation++;
    session->live_carried = follow->carried;
    g_hash_table_unref(session->live_plans);
    session->live_plans = g_steal_pointer(&made->live_plans);
    live_merge_conflicts(session, follow->conflicts, follow->still);
    return g_steal_pointer(&follow->lost);
}

GPtrArray *cs_session_live_follow(CsSession *session, CsDocument *fresh)
{
    g_autoptr(CsLiveFollow) follow = cs_session_live_follow_prepare(session, fresh);
    cs_session_live_follow_run(follow);
    return cs_session_live_follow_finish(session, follow);
}

gboolean cs_session_live_tick(CsSession *session, CsTime now)
{
    if (session->live_base == NULL || !session->live_wall_clock
        || !cs_edit_log_set_now(session->log, now))
        return FALSE;
    cs_session_refresh(session);
    return TRUE;
}

const GPtrArray *cs_session_live_conflicts(CsSession *session)
{
    live_merge_conflicts(session, NULL, NULL);
    return session->live_conflicts;
}

gboolean cs_session_live_resolve(CsSession *session, guint index, gboolean keep, GError **error)
{
    g_return_val_if_fail(session->live_conflicts != NULL && index < session->live_conflicts->len,
                         FALSE);
    CsLiveConflict *conflict = g_ptr_array_index(session->live_conflicts, index);
    if (keep) {
        conflict->kept = TRUE;
        return TRUE;
    }
    g_autoptr(CsDocument) target = cs_document_copy(session->document);
    g_autofree char *description =
        g_strdup_printf("drop the edit of %s %s (take the cluster's)", conflict->tag, conflict->id);
    if (!cs_live_conflict_drop(target, session->live_base, conflict)
        || !cs_edit_become(session->log, description, xmlDocGetRootElement(target->xml), error)) {
        if (error != NULL && *error == NULL)
            g_set_error(error, CS_SESSION_ERROR, CS_SESSION_ERROR_LIVE,
                        "%s %s: nothing of the edit is left to drop", conflict->tag, conflict->id);
        return FALSE;
    }
    g_ptr_array_remove_index(session->live_conflicts, index);
    cs_session_refresh(session);
    return TRUE;
}

gboolean cs_session_live_commit(CsSession *session, GString *report, GError **error)
{
    if (session->live_base == NULL) {
        g_set_error(error, CS_SESSION_ERROR, CS_SESSION_ERROR_LIVE,
                    "commit needs a live CIB (cibscope --live); %s is a file: save writes it",
                    session->document->path);
        return FALSE;
    }
    g_autoptr(GPtrArray) ops = cs_session_live_commit_plan(session);
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
    g_ptr_array_set_size(session->live_conflicts, 0);
    g_hash_table_remove_all(session->live_plans);
    cs_session_replace(session, fresh, now);
    session->live_carried = FALSE;
    cs_session_refresh(session);
    return TRUE;
}
