/* console.c: the console's state, loading, keys and main loop. */
#include <locale.h>
#include <signal.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <curses.h>
#include <libxml/tree.h>
#include "cib/live.h"
#include "explain/history.h"
#include "explain/version.h"
#include "explain/next.h"
#include "explain/remote_node.h"
#include "console.h"
#include "terminal.h"
#include "view.h"

static const CsView *const views[CS_VIEW_COUNT] = {
    [CS_VIEW_MATRIX] = &cs_view_matrix,     [CS_VIEW_TRANSITION] = &cs_view_transition,
    [CS_VIEW_EXPLAIN] = &cs_view_explain,   [CS_VIEW_FAILCOUNTS] = &cs_view_failcounts,
    [CS_VIEW_GRAPH] = &cs_view_graph,       [CS_VIEW_HISTORY] = &cs_view_history,
    [CS_VIEW_TIMELINE] = &cs_view_timeline,
};

/* Smallest screen the layout is drawn for; below it a notice says so. */
#define CS_MIN_COLUMNS 40
#define CS_MIN_LINES 10

/* ---- state (what others read of it: console_state.c) --------------------- */

static gpointer active_key(const CsConsole *console, int rsc, int node)
{
    return GINT_TO_POINTER(rsc * cs_console_node_count(console) + node + 1);
}

gboolean cs_console_active_on(const CsConsole *console, int rsc, int node)
{
    return console->active != NULL
           && g_hash_table_contains(console->active, active_key(console, rsc, node));
}

static gboolean subtree_matches(const CsConsole *console, int rsc)
{
    if (cs_console_rsc_matches_filter(console, rsc))
        return TRUE;
    const CsResource *resource = cs_console_rsc(console, rsc);
    for (guint i = 0; resource->children != NULL && i < resource->children->len; i++)
        if (subtree_matches(console, g_array_index(resource->children, int, i)))
            return TRUE;
    return FALSE;
}

/* The configured resource an instance (or a member of a group instance)
 * copies: its id without the ":N" the instance number adds. */
static int configured_of(const CsConsole *console, const CsResource *instance)
{
    const char *colon = strrchr(instance->id, ':');
    g_autofree char *base = colon != NULL ? g_strndup(instance->id, (gsize)(colon - instance->id))
                                          : g_strdup(instance->id);
    const CsResource *configured = cs_model_resource(console->model, base);
    return configured != NULL ? configured->index : -1;
}

/* An unfolded clone shows what the engine places, its instances (a
 * cloned group's with their members), not the child it copies. */
static void add_instance_rows(CsConsole *console, const CsResource *instance, int depth)
{
    int configured = configured_of(console, instance);
    /* An orphan no history shows active is kept by the engine for its
     * orderings only: crm_mon shows it nowhere, nor does the console. */
    if (configured < 0 || cs_solution_is_hidden_orphan(console->solution, instance->index))
        return;
    CsRow row = {configured, depth, instance->index};
    g_array_append_val(console->rows, row);
    for (guint i = 0; instance->children != NULL && i < instance->children->len; i++)
        add_instance_rows(console,
                          cs_console_engine_rsc(console, g_array_index(instance->children, int, i)),
                          depth + 1);
}

/* An unfolded bundle shows what the engine made of it, replica by
 * replica: the replica's container, address and connection (the
 * bundle's implicit resources), then the instance of the resource
 * inside, if any, that runs on the replica's guest node (Pacemaker
 * Explained 2.1, "Bundles").  The engine's view lists the bundle's
 * children replica by replica, then the clone of the resource inside,
 * whose instance N goes with replica N.  FALSE: no such view, the
 * configured child shows instead. */
static gboolean add_replica_rows(CsConsole *console, int bundle, const CsResource *placed,
                                 int depth)
{
    gboolean any = FALSE;
    for (int n = 0; placed->bundle != NULL && n < placed->bundle->replicas; n++) {
        g_autoptr(GArray) parts = cs_bundle_replica_parts(console->solution, placed->index, n);
        for (guint k = 0; k < parts->len; k++) {
            const CsResource *part = cs_console_engine_rsc(console, g_array_index(parts, int, k));
            const CsResource *above = cs_console_engine_rsc(console, part->parent);
            if (above != NULL && above->kind == CS_RSC_CLONE) {
                add_instance_rows(console, part, depth); /* the resource inside */
                continue;
            }
            CsRow row = {bundle, depth, part->index};
            g_array_append_val(console->rows, row);
        }
        any |= parts->len > 0;
    }
    return any;
}

/* A container shows when it or any member matches; the members of a
 * matching container all show. */
static void add_rows(CsConsole *console, int rsc, int depth, gboolean ancestor_matched)
{
    gboolean matched = ancestor_matched || cs_console_rsc_matches_filter(console, rsc);
    if (!matched && !subtree_matches(console, rsc))
        return;
    CsRow row = {rsc, depth, -1};
    g_array_append_val(console->rows, row);
    if (console->folded[rsc])
        return;
    const CsResource *resource = cs_console_rsc(console, rsc);
    const CsResource *placed = cs_console_engine_rsc(console, rsc);
    if (resource->kind == CS_RSC_CLONE && console->solution != NULL && placed != NULL) {
        for (guint i = 0; placed->children != NULL && i < placed->children->len; i++)
            add_instance_rows(
                console, cs_console_engine_rsc(console, g_array_index(placed->children, int, i)),
                depth + 1);
        return;
    }
    if (resource->kind == CS_RSC_BUNDLE && console->solution != NULL && placed != NULL
        && add_replica_rows(console, rsc, placed, depth + 1))
        return;
    for (guint i = 0; resource->children != NULL && i < resource->children->len; i++)
        add_rows(console, g_array_index(resource->children, int, i), depth + 1, matched);
}

void cs_console_rebuild_rows(CsConsole *console)
{
    int selected = cs_console_selected_rsc(console);
    int selected_instance = cs_console_selected_engine_rsc(console);
    g_array_set_size(console->rows, 0);
    for (int rsc = 0; rsc < cs_console_rsc_count(console); rsc++)
        if (cs_console_rsc(console, rsc)->parent < 0)
            add_rows(console, rsc, 0, FALSE);
    /* Keep the cursor on the same resource when it is still shown (an
     * instance row first, else any row of what it copies). */
    gboolean found = FALSE;
    for (guint i = 0; i < console->rows->len; i++) {
        const CsRow *row = &g_array_index(console->rows, CsRow, i);
        if (cs_row_engine_rsc(row) == selected_instance) {
            console->cursor_row = (int)i;
            found = TRUE;
            break;
        }
    }
    for (guint i = 0; !found && i < console->rows->len; i++)
        if (g_array_index(console->rows, CsRow, i).rsc == selected) {
            console->cursor_row = (int)i;
            break;
        }
    console->cursor_row = CLAMP(console->cursor_row, 0, MAX(0, (int)console->rows->len - 1));
}

/* ---- loading ------------------------------------------------------------ */

/* The transition kept with the solution: its text for the Transition
 * view, its actions for the marks (read by index, never from the text),
 * and the totals the status bar shows. */
static void read_transition(CsConsole *console)
{
    console->transition = g_strdup(cs_solution_transition_text(console->solution));
    console->plan = cs_solution_transition(console->solution);
    for (guint i = 0; i < cs_transition_length(console->plan); i++) {
        const CsPlannedAction *action = cs_transition_action(console->plan, i);
        if (action->rsc < 0)
            continue; /* fencing: the Transition view lists it */
        console->action_total++;
        console->move_total += action->kind == CS_ACTION_MOVE || action->kind == CS_ACTION_MIGRATE;
    }
}

static gboolean role_is_active(CsRole role)
{
    return role == CS_ROLE_STARTED || role == CS_ROLE_UNPROMOTED || role == CS_ROLE_PROMOTED;
}

/* What the last sync read, kept for the next one when the state it came
 * from is still alive (the session's previous one): most labels and the
 * status section's active pairs stay the same across an edit, and on
 * 2,000 resources reading them again is a good part of a frame. */
typedef struct {
    char **rsc_labels; /* owned; entries taken are set to NULL */
    int engine_count;
    const CsModel *model;
    const CsSolution *solution;
    GHashTable *active; /* owned */
    int *status_node;   /* owned */
} CsKept;

static const char *kept_id(const CsKept *kept, int rsc)
{
    int configured = (int)kept->model->resources->len;
    const CsModel *engine =
        kept->solution != NULL ? cs_solution_model(kept->solution) : kept->model;
    if (rsc >= kept->engine_count || (rsc >= configured && (guint)rsc >= engine->resources->len))
        return NULL;
    const CsResource *resource =
        g_ptr_array_index(rsc < configured ? kept->model->resources : engine->resources, rsc);
    return resource->id;
}

static char *rsc_label(CsKept *kept, int rsc, const char *id)
{
    const char *before = kept->model != NULL ? kept_id(kept, rsc) : NULL;
    if (before != NULL && kept->rsc_labels[rsc] != NULL && strcmp(before, id) == 0)
        return g_steal_pointer(&kept->rsc_labels[rsc]);
    return cs_escape(id);
}

static void read_active(CsConsole *console, int rsc_count)
{
    console->status_node = g_new(int, MAX(rsc_count, 1));
    for (int rsc = 0; rsc < rsc_count; rsc++)
        console->status_node[rsc] = -1;
    console->active = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (guint i = 0; i < console->model->rsc_states->len; i++) {
        const CsRscState *state = g_ptr_array_index(console->model->rsc_states, i);
        if (state->rsc < 0 || state->node < 0 || !role_is_active(state->role))
            continue;
        g_hash_table_add(console->active, active_key(console, state->rsc, state->node));
        if (console->status_node[state->rsc] < 0)
            console->status_node[state->rsc] = state->node;
    }
}

static void read_labels(CsConsole *console, CsKept *kept)
{
    int rsc_count = cs_console_rsc_count(console);
    int node_count = cs_console_node_count(console);
    /* Labels also for the clone instances the engine made. */
    int engine_count =
        console->solution != NULL
            ? MAX(rsc_count, (int)cs_solution_model(console->solution)->resources->len)
            : rsc_count;
    console->engine_count = engine_count;
    console->rsc_labels = g_new0(char *, engine_count + 1);
    console->node_labels = g_new0(char *, node_count + 1);
    for (int rsc = 0; rsc < rsc_count; rsc++)
        console->rsc_labels[rsc] = rsc_label(kept, rsc, cs_console_rsc(console, rsc)->id);
    for (int rsc = rsc_count; rsc < engine_count; rsc++)
        console->rsc_labels[rsc] = rsc_label(kept, rsc, cs_console_engine_rsc(console, rsc)->id);
    for (int node = 0; node < node_count; node++)
        console->node_labels[node] = cs_escape(cs_console_node(console, node)->uname);
    /* The same status part (a partial rebuild shares it): the same pairs. */
    if (kept->model != NULL && kept->active != NULL
        && kept->model->rsc_states == console->model->rsc_states
        && (int)kept->model->resources->len == rsc_count) {
        console->active = g_steal_pointer(&kept->active);
        console->status_node = g_steal_pointer(&kept->status_node);
        return;
    }
    read_active(console, rsc_count);
}

/* Takes what the last sync read from the session's previous state.
 * Only after exactly one change since that sync: after more (a pass may
 * make several, cs_console_sync_later), the state the console read may
 * already be freed, and its address is no proof of anything. */
static void keep_for_sync(CsConsole *console, CsKept *kept)
{
    const CsSession *session = console->session;
    *kept = (CsKept){0};
    if (session->generation != console->generation + 1)
        return;
    if (console->model == NULL || console->model != session->previous_model
        || console->solution != session->previous_solution || console->rsc_labels == NULL)
        return;
    kept->model = console->model;
    kept->solution = console->solution;
    kept->engine_count = console->engine_count;
    kept->rsc_labels = g_steal_pointer(&console->rsc_labels);
    kept->active = g_steal_pointer(&console->active);
    kept->status_node = g_steal_pointer(&console->status_node);
}

static void kept_clear(CsKept *kept)
{
    for (int rsc = 0; kept->rsc_labels != NULL && rsc < kept->engine_count; rsc++)
        g_free(kept->rsc_labels[rsc]);
    g_free(kept->rsc_labels);
    if (kept->active != NULL)
        g_hash_table_unref(kept->active);
    g_free(kept->status_node);
}

/* Forgets everything read from the previous model and solution. */
static void clear_derived(CsConsole *console)
{
    console->plan = NULL;
    console->engine_count = 0;
    console->action_total = 0;
    console->move_total = 0;
    g_clear_pointer(&console->transition, g_free);
    g_clear_pointer(&console->banner, g_free);
    g_clear_pointer(&console->rsc_labels, g_strfreev);
    g_clear_pointer(&console->node_labels, g_strfreev);
    g_clear_pointer(&console->status_node, g_free);
    g_clear_pointer(&console->active, g_hash_table_unref);
    g_clear_pointer(&console->epoch, g_free);
    g_clear_pointer(&console->clock, g_free);
}

static void read_banner(CsConsole *console)
{
    const GError *failure = console->session->failure;
    const char *why = failure != NULL ? failure->message : "no reason given";
    if (console->model == NULL
        && g_error_matches(failure, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED))
        console->banner = g_strdup_printf("Nothing shown, not guessed: %s", why);
    else if (console->model == NULL)
        console->banner =
            g_strdup_printf("The CIB as edited cannot be modelled: %s (u undoes)", why);
    else if (g_error_matches(failure, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED))
        /* What it means first: a narrow screen cuts the reason. */
        console->banner = g_strdup_printf("Scores hidden, not guessed: %s", why);
    else if (console->solution == NULL)
        console->banner = g_strdup_printf("The engine failed: %s", why);
}

/* The previous solution's index of the resource or node with this id in
 * the current one: edits may add or remove neither, but a failed model
 * in between would shift them, so ids decide. */
static int previous_rsc(const CsSession *session, const CsResource *resource)
{
    const GPtrArray *before = session->previous_model->resources;

    /* Usually at the same index: tried before the id table. */
    if (resource->index >= 0 && (guint)resource->index < before->len) {
        const CsResource *same = g_ptr_array_index(before, resource->index);

        if (strcmp(same->id, resource->id) == 0)
            return same->index;
    }
    const CsResource *old = cs_model_resource(session->previous_model, resource->id);
    return old != NULL ? old->index : -1;
}

static int previous_node(const CsSession *session, const CsNode *node)
{
    const CsNode *old = cs_model_node(session->previous_model, node->uname);
    return old != NULL ? old->index : -1;
}

static void forget_changes(CsConsole *console)
{
    console->changed_against = NULL;
    g_clear_pointer(&console->changed_old_rsc, g_free);
    g_clear_pointer(&console->changed_old_node, g_free);
}

/* What the cells of the last refresh are compared with.  Only the cells
 * drawn are compared: a large cluster has 64,000 of them, a screen a
 * thousand. */
static void mark_changes(CsConsole *console)
{
    const CsSession *session = console->session;
    forget_changes(console);
    if (console->solution == NULL || session->previous_solution == NULL
        || session->previous_model == NULL)
        return;
    int rsc_count = cs_console_rsc_count(console);
    int node_count = cs_console_node_count(console);
    console->changed_against = session->previous_solution;
    console->changed_old_rsc = g_new(int, MAX(1, rsc_count));
    console->changed_old_node = g_new(int, MAX(1, node_count));
    for (int node = 0; node < node_count; node++)
        console->changed_old_node[node] = previous_node(session, cs_console_node(console, node));
    for (int rsc = 0; rsc < rsc_count; rsc++)
        console->changed_old_rsc[rsc] = previous_rsc(session, cs_console_rsc(console, rsc));
}

/* Which Pacemaker wrote the CIB, when not the modelled one (version.h). */
static void read_version(CsConsole *console)
{
    CsCibOrigin origin;
    cs_cib_origin_read(console->session->document, &origin);
    g_free(console->version);
    console->version = cs_version_short(&origin);
    cs_cib_origin_clear(&origin);
}

/* Said once when a CIB is opened: the whole note and the changes since
 * 2.1.5 that apply to it, until the next key. */
static void say_version(CsConsole *console)
{
    CsCibOrigin origin;
    cs_cib_origin_read(console->session->document, &origin);
    g_autofree char *note = cs_version_note(&origin);
    if (note != NULL) {
        g_autoptr(GPtrArray) lines = cs_version_differences(console->session->document, &origin);
        g_ptr_array_add(lines, NULL);
        g_autofree char *changes = g_strjoinv("; ", (char **)lines->pdata);
        cs_console_say(console, FALSE, "%s%s%s", note, *changes ? "; " : "", changes);
    }
    cs_cib_origin_clear(&origin);
}

void cs_console_sync(CsConsole *console)
{
    CsSession *session = console->session;
    gboolean refreshed = session->generation != console->generation;
    int old_count = console->label_count;
    console->sync_wanted = FALSE;
    CsKept kept;
    keep_for_sync(console, &kept);
    clear_derived(console);
    console->row_label_width = -1;
    console->document = session->document;
    console->model = session->model;
    console->solution = session->solution;
    console->generation = session->generation;
    console->epoch = cs_live_version_text(session->document);
    read_version(console);
    cs_console_live_sync(console);
    g_autofree char *clock = cs_time_format(cs_session_time(session));
    console->clock = cs_escape(clock);
    /* Simulated: an edit in the log moved the clock.  With none (a file
     * just opened, or a live CIB followed: the log restarts at the wall
     * clock) the clock is the real one, whatever it reads. */
    if (cs_edit_log_undo_depth(session->log) == 0 && cs_edit_log_redo_depth(session->log) == 0)
        console->opened_at = cs_session_time(session).seconds;
    /* A live console on the wall clock is not simulated, edits or not:
     * its clock moves by itself (cs_edit_log_set_now). */
    console->clock_moved = session->live_wall_clock
                               ? cs_edit_log_clock_edited(session->log)
                               : cs_session_time(session).seconds != console->opened_at;
    read_banner(console);
    console->label_count = cs_console_rsc_count(console);
    if (console->folded == NULL || console->label_count != old_count) {
        g_free(console->folded);
        console->folded = g_new0(gboolean, MAX(console->label_count, 1));
    }
    if (refreshed)
        mark_changes(console);
    cs_smallest_clear(&console->smallest);
    if (console->model == NULL) {
        g_array_set_size(console->rows, 0);
        kept_clear(&kept);
        return;
    }
    read_labels(console, &kept);
    kept_clear(&kept);
    console->transition_pending = console->solution != NULL;
    cs_console_rebuild_rows(console);
}

gboolean cs_console_sync_wanted(CsConsole *console)
{
    if (!console->sync_wanted)
        return FALSE;
    cs_console_sync(console);
    return TRUE;
}

/* Reads the transition of the current solution if it is not read yet:
 * TRUE when it was (what shows it must be drawn again). */
gboolean cs_console_settle(CsConsole *console)
{
    if (!console->transition_pending)
        return FALSE;
    console->transition_pending = FALSE;
    if (console->solution != NULL) {
        /* The session's model: the console reads but never changes it. */
        cs_solution_read_digests(console->solution, console->model);
        read_transition(console);
        /* Row labels tell roles and counts from the actions just read. */
        console->row_label_width = -1;
        cs_console_tell_changes(console);
    }
    return TRUE;
}

/* The view a console opens on (cibscope --view, the config's view). */
static CsViewId start_view = CS_VIEW_MATRIX;

void cs_console_set_start_view(int view)
{
    if (view >= 0 && view < CS_VIEW_COUNT)
        start_view = (CsViewId)view;
}

static void console_init(CsConsole *console, const char *time_text)
{
    static const CsConsoleHooks hooks = {cs_console_open, cs_console_adopt};

    console->hooks = &hooks;
    console->view = start_view;
    console->time_text = g_strdup(time_text);
    console->clock_set = time_text != NULL;
    console->rows = g_array_new(FALSE, FALSE, sizeof(CsRow));
    console->row_label_width = -1;
    console->filter = g_string_new(NULL);
    console->smallest.rsc = -1;
}

/* Why a session could not be opened, and the exit status it deserves. */
static int open_error_status(const GError *error, const char *time_text, char **message)
{
    gboolean bad_time = g_error_matches(error, CS_SESSION_ERROR, CS_SESSION_ERROR_TIME);
    *message = g_strdup_printf("%s%s%s%s", bad_time ? "--time " : "",
                               bad_time && time_text ? time_text : "", bad_time ? ": " : "",
                               error->message);
    return bad_time ? 1 : 2;
}

/* A CIB that is invalid (not merely beyond the model) is refused as the
 * CLI refuses it: 0, or 2 with *message saying why. */
static int session_usable(const CsSession *session, char **message)
{
    const GError *failure = session->failure;
    if (session->model != NULL
        || g_error_matches(failure, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED))
        return 0;
    *message = g_strdup(failure != NULL ? failure->message : "cannot model the CIB");
    return 2;
}

void cs_console_adopt(CsConsole *console, CsSession *session, const char *path, const char *label)
{
    g_clear_pointer(&console->session, cs_session_free);
    g_free(console->path);
    g_free(console->file_label);
    console->session = session;
    console->path = g_strdup(path);
    console->file_label = cs_escape(label);
    console->saved_depth = 0;
    console->recovered = FALSE;
    console->opened_at = cs_session_time(session).seconds;
    console->generation = session->generation;
    console->cursor_row = console->cursor_node = console->top_row = console->left_node = 0;
    forget_changes(console);
    cs_console_sync(console);
    say_version(console);
}

/* The session of path when it can be shown (*status 0); else NULL, with
 * the exit status in *status and why in *message. */
static CsSession *open_usable(CsConsole *console, const char *path, int *status, char **message)
{
    g_autoptr(GError) error = NULL;
    CsSession *session = cs_session_open_partial(path, console->time_text, &error);
    *status = session == NULL ? open_error_status(error, console->time_text, message)
                              : session_usable(session, message);
    if (*status != 0 && session != NULL)
        g_clear_pointer(&session, cs_session_free);
    return session;
}

/* 0 on success, else the exit status after printing why. */
static int console_load(CsConsole *console, const char *path)
{
    g_autofree char *message = NULL;
    int status = 0;
    CsSession *session = open_usable(console, path, &status, &message);
    if (status != 0) {
        fprintf(stderr, "cibscope: %s\n", message);
        return status;
    }
    g_autofree char *base = g_path_get_basename(path);
    cs_console_adopt(console, session, path, base);
    return 0;
}

gboolean cs_console_open(CsConsole *console, const char *path)
{
    guint unsaved = cs_console_unsaved(console);
    if (unsaved > 0) {
        cs_console_say(console, TRUE, "%u unsaved %s: save (w) or undo (u) them first.", unsaved,
                       unsaved == 1 ? "edit" : "edits");
        return FALSE;
    }
    g_autofree char *message = NULL;
    int status = 0;
    CsSession *session = open_usable(console, path, &status, &message);
    if (status != 0) {
        cs_console_say(console, TRUE, "Cannot open it: %s", message);
        return FALSE;
    }
    g_autofree char *base = g_path_get_basename(path);
    cs_console_adopt(console, session, path, base);
    return TRUE;
}

static void console_clear(CsConsole *console)
{
    clear_derived(console);
    cs_smallest_clear(&console->smallest);
    forget_changes(console);
    g_free(console->folded);
    g_free(console->message);
    g_free(console->changes_for);
    g_clear_pointer(&console->message_log, g_ptr_array_unref);
    g_free(console->recovery_path);
    g_free(console->output);
    g_clear_pointer(&console->output_lines, g_ptr_array_unref);
    g_free(console->output_lines_text);
    g_free(console->score_edit.constraint);
    g_free(console->score_edit.attribute);
    g_free(console->rule_open);
    cs_attrs_close(console);
    g_free(console->score_edit.original);
    g_free(console->score_edit.error);
    if (console->score_edit.text != NULL)
        g_string_free(console->score_edit.text, TRUE);
    cs_statusbar_settle_clear(console);
    g_clear_pointer(&console->session, cs_session_free);
    if (console->rows != NULL)
        g_array_free(console->rows, TRUE);
    if (console->filter != NULL)
        g_string_free(console->filter, TRUE);
    g_free(console->file_label);
    g_free(console->version);
    g_free(console->path);
    g_free(console->time_text);
    cs_console_live_clear(console);
    cs_history_clear(&console->history);
    g_clear_pointer(&console->graph_state, cs_graph_state_free);
    g_clear_pointer(&console->timeline_state, cs_timeline_state_free);
}

/* ---- drawing and keys --------------------------------------------------- */

/* The rows between the top bar (and banner) and the status bar. */
static CsRect body_area(const CsConsole *console)
{
    int top = 1 + cs_banner_rows(console);
    CsRect area = {top, 0, MAX(0, LINES - 1 - top), COLS};
    return area;
}

static void draw_too_small(void)
{
    erase();
    g_autofree char *text = g_strdup_printf("Terminal too small: %dx%d, need %dx%d (q quits)", COLS,
                                            LINES, CS_MIN_COLUMNS, CS_MIN_LINES);
    for (int y = 0, offset = 0; y < LINES && offset < (int)strlen(text); y++, offset += COLS)
        cs_draw_text(y, 0, COLS, text + offset, CS_STYLE_BANNER);
    refresh();
}

static void console_draw(CsConsole *console)
{
    if (COLS < CS_MIN_COLUMNS || LINES < CS_MIN_LINES) {
        draw_too_small();
        return;
    }
    /* The Transition view is nothing but the transition: read it now. */
    if (console->view == CS_VIEW_TRANSITION)
        cs_console_settle(console);
    erase();
    cs_titlebar_draw(console, 0);
    cs_banner_draw(console, 1);
    CsRect area = body_area(console);
    /* Text views get a margin; the matrix needs every column. */
    if (console->view != CS_VIEW_MATRIX) {
        area.x++;
        area.width--;
    }
    views[console->view]->draw(console, &area);
    cs_statusbar_draw(console, LINES - 1);
    if (console->attrs.kind != CS_ATTRS_CLOSED)
        cs_attrs_draw(console);
    if (console->output != NULL)
        cs_output_draw(console);
    if (console->help_open)
        cs_help_draw(console);
    refresh();
}

static gboolean is_text_key(int key)
{
    return key >= 0x20 && key < 0x7f;
}

/* The filter applies as it is typed; Enter keeps it, Esc clears it. */
static void filter_key(CsConsole *console, int key)
{
    if (key == '\n' || key == '\r' || key == KEY_ENTER) {
        console->filter_editing = FALSE;
    } else if (key == 27) {
        console->filter_editing = FALSE;
        g_string_truncate(console->filter, 0);
    } else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
        if (console->filter->len > 0) {
            const char *last = g_utf8_find_prev_char(console->filter->str,
                                                     console->filter->str + console->filter->len);
            g_string_truncate(console->filter,
                              last != NULL ? (gsize)(last - console->filter->str) : 0);
        }
    } else if (key == 21) { /* ^U, as in a shell */
        g_string_truncate(console->filter, 0);
    } else if (is_text_key(key) && console->filter->len < 200) {
        g_string_append_c(console->filter, (char)key);
    } else {
        return;
    }
    console->top_row = 0;
    cs_console_rebuild_rows(console);
}

/* The answer to "quit with unsaved edits?": FALSE when quitting. */
static gboolean ask_quit_key(CsConsole *console, int key)
{
    console->ask = CS_ASK_NONE;
    if (key == 'y' || key == 'Y')
        return FALSE;
    if ((key == 'w' || key == 'W') && !cs_console_is_live(console)) {
        cs_console_save(console);
        return cs_console_unsaved(console) > 0;
    }
    cs_console_say(console, FALSE, "Not quitting: %u %s %s kept.", cs_console_unsaved(console),
                   cs_console_is_live(console) ? "uncommitted" : "unsaved",
                   cs_console_unsaved(console) == 1 ? "edit" : "edits");
    return TRUE;
}

/* q: quits at once when nothing is unsaved, else asks; FALSE to quit. */
static gboolean quit_key(CsConsole *console)
{
    if (cs_console_unsaved(console) == 0)
        return FALSE;
    console->ask = CS_ASK_QUIT;
    return TRUE;
}

/* m: every message said so far, whole and wrapped, newest last. */
static void show_message_log(CsConsole *console)
{
    GString *text = g_string_new("Messages (newest last)\n");
    if (console->banner != NULL)
        g_string_append_printf(text, "\nBanner: %s\n", console->banner);
    for (guint i = 0; console->message_log != NULL && i < console->message_log->len; i++)
        g_string_append_printf(text, "\n%s\n",
                               (const char *)g_ptr_array_index(console->message_log, i));
    if (console->message_log == NULL || console->message_log->len == 0)
        g_string_append(text, "\n(none yet)\n");
    g_free(console->output);
    console->output = g_string_free(text, FALSE);
    /* Opened at the end: the newest message is the one wanted. */
    console->output_scroll = G_MAXINT / 2;
}

/* Keys that mean the same in every view; FALSE when key is not one. */
static gboolean global_key(CsConsole *console, int key)
{
    switch (key) {
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7': console->view = (CsViewId)(key - '1'); return TRUE;
    case '\t': console->view = (CsViewId)((console->view + 1) % CS_VIEW_COUNT); return TRUE;
    case KEY_BTAB:
        console->view = (CsViewId)((console->view + CS_VIEW_COUNT - 1) % CS_VIEW_COUNT);
        return TRUE;
    case '?':
    case KEY_F(1):
        console->help_open = TRUE;
        console->help_scroll = 0;
        return TRUE;
    case '/': console->filter_editing = TRUE; return TRUE;
    case ':': cs_prompt_open(console, NULL); return TRUE;
    case 'm': show_message_log(console); return TRUE;
    case 12: /* ^L repaints, as everywhere */ clearok(curscr, TRUE); return TRUE;
    default: return FALSE;
    }
}

/* FALSE when the console should quit. */
static gboolean console_key(CsConsole *console, int key)
{
    if (console->prompt_open) {
        cs_prompt_key(console, key);
        return TRUE;
    }
    /* Alt+key outside the prompt: what Esc and then the key do. */
    if (CS_KEY_IS_META(key))
        return console_key(console, 27) && console_key(console, CS_KEY_META_BYTE(key));
    g_clear_pointer(&console->message, g_free);
    g_clear_pointer(&console->live.notice, g_free);
    if (console->filter_editing) {
        filter_key(console, key);
        return TRUE;
    }
    if (console->ask == CS_ASK_QUIT)
        return ask_quit_key(console, key);
    if (console->ask == CS_ASK_COMMIT) {
        cs_console_commit_answer(console, key);
        return TRUE;
    }
    if (console->ask == CS_ASK_CONFLICT) {
        cs_console_conflict_answer(console, key);
        return TRUE;
    }
    if (console->ask == CS_ASK_RECOVER) {
        cs_recovery_answer(console, key);
        return TRUE;
    }
    if (console->help_open) {
        console->help_open = cs_help_key(console, key);
        return TRUE;
    }
    if (console->output != NULL) {
        if (!cs_output_key(console, key))
            g_clear_pointer(&console->output, g_free);
        return TRUE;
    }
    if (console->attrs.kind != CS_ATTRS_CLOSED) {
        cs_attrs_key(console, key);
        return TRUE;
    }
    CsRect area = body_area(console);
    if (console->score_edit.active) {
        views[CS_VIEW_EXPLAIN]->key(console, key, &area);
        return TRUE;
    }
    if (key == 'q' || key == 'Q' || key == KEY_F(10))
        return quit_key(console);
    if (global_key(console, key))
        return TRUE;
    if (views[console->view]->key(console, key, &area))
        return TRUE;
    cs_console_edit_key(console, key);
    return TRUE;
}

/* CIBSCOPE_TIMING_LOG=FILE: one line per key, "KEY handle_ms draw_ms",
 * to measure what an edit and the redraw after it cost.  A live poll or
 * time event that changed the screen is logged as KEY -2, and the
 * transition read after it on a line of its own. */
#define CS_KEY_FOLLOW (-2)
static FILE *open_timing_log(void)
{
    const char *path = getenv("CIBSCOPE_TIMING_LOG");
    return path != NULL && path[0] != '\0' ? fopen(path, "a") : NULL;
}

/* The key loop's own CPU time (us): on a loaded machine the wall clock
 * also counts the time other processes had the cores. */
static gint64 thread_cpu_us(void)
{
    struct timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return (gint64)now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static gint64 timing_cpu_start; /* thread_cpu_us() when start was taken */

/* A fourth field: the CPU ms of the key loop from start to drawn. */
static void log_timing(FILE *log, int key, gint64 start, gint64 handled, gint64 drawn)
{
    if (log == NULL)
        return;
    fprintf(log, "%d %.2f %.2f %.2f\n", key, (double)(handled - start) / 1000.0,
            (double)(drawn - handled) / 1000.0,
            (double)(thread_cpu_us() - timing_cpu_start) / 1000.0);
    fflush(log);
}

/* Whether the user has typed ahead, without waiting. */
static gboolean key_waiting(void)
{
    nodelay(stdscr, TRUE);
    int key = getch();
    nodelay(stdscr, FALSE);
    timeout(CS_KEY_WAIT_MS);
    if (key == ERR)
        return FALSE;
    ungetch(key);
    return TRUE;
}

/* What to say on stderr once the terminal is back (a recovery file). */
static char *exit_note;

/* SIGTERM, SIGHUP: no one to ask.  Unsaved edits go to a recovery file,
 * never over the CIB; live edits not committed cannot be kept so. */
static void keep_unsaved(CsConsole *console, int signal_number)
{
    guint unsaved = cs_console_unsaved(console);
    if (unsaved == 0)
        return;
    const char *what = signal_number == SIGHUP ? "hung up" : "terminated";
    if (cs_console_is_live(console)) {
        exit_note = g_strdup_printf("cibscope: %s with %u uncommitted %s: they were not committed",
                                    what, unsaved, unsaved == 1 ? "edit" : "edits");
        return;
    }
    g_autoptr(GError) error = NULL;
    g_autofree char *path = cs_recovery_write(console, &error);
    if (path == NULL)
        exit_note =
            g_strdup_printf("cibscope: %s with %u unsaved %s, and they could not be kept: %s", what,
                            unsaved, unsaved == 1 ? "edit" : "edits", error->message);
    else
        exit_note =
            g_strdup_printf("cibscope: %s with %u unsaved %s: they were written to %s "
                            "(%s is unchanged; opening it again offers them)",
                            what, unsaved, unsaved == 1 ? "edit" : "edits", path, console->path);
}

/* A signal the handler noted: the exit status, or -1 to go on.  ^C
 * cancels what has the keyboard (the prompt's line, the filter, a score
 * being edited, a question), then asks as q does when edits are unsaved,
 * and only quits at once when nothing would be lost. */
static int on_signal(CsConsole *console, int signal_number)
{
    if (signal_number != SIGINT) {
        keep_unsaved(console, signal_number);
        return 128 + signal_number;
    }
    CsRect area = body_area(console);
    if (console->prompt_open)
        cs_prompt_key(console, 7);
    else if (console->filter_editing)
        filter_key(console, 27);
    else if (console->attrs.kind != CS_ATTRS_CLOSED && console->attrs.mode != CS_ATTRS_BROWSE)
        cs_attrs_key(console, 27);
    else if (console->score_edit.active)
        views[CS_VIEW_EXPLAIN]->key(console, 27, &area);
    else if (console->ask == CS_ASK_QUIT)
        return ask_quit_key(console, 'n') ? -1 : 128 + signal_number;
    else if (console->ask == CS_ASK_COMMIT)
        cs_console_commit_answer(console, 'n');
    else if (console->ask == CS_ASK_RECOVER)
        cs_recovery_answer(console, 0);
    else if (cs_console_unsaved(console) > 0)
        console->ask = CS_ASK_QUIT;
    else
        return 128 + signal_number;
    return -1;
}

static int console_loop(CsConsole *console)
{
    FILE *timing = open_timing_log();
    gboolean dirty = TRUE, memory_prepared = FALSE;
    int last_key = ERR;
    gint64 start = 0, handled = 0;
    for (;;) {
        int signal_number = cs_terminal_pending_signal();
        if (signal_number != 0) {
            cs_terminal_clear_signal();
            int status = on_signal(console, signal_number);
            if (status >= 0) {
                if (timing != NULL)
                    fclose(timing);
                return status;
            }
            dirty = TRUE;
            continue;
        }
        /* doc/DESIGN.md "Performance": one sync a pass, whatever changed
         * the session during it (issue 14). */
        if (cs_console_sync_wanted(console))
            dirty = TRUE;
        if (dirty) {
            console_draw(console);
            if (last_key != ERR)
                log_timing(timing, last_key, start, handled, g_get_monotonic_time());
            /* The new state is on screen: the one before last may go. */
            cs_session_collect(console->session);
        }
        /* A new solution is on screen; its transition comes next, unless
         * a key is already waiting (it may make another solution). */
        if (console->transition_pending && !key_waiting()) {
            if (last_key == CS_KEY_FOLLOW) { /* timed on its own line */
                start = g_get_monotonic_time();
                timing_cpu_start = thread_cpu_us();
            }
            cs_console_settle(console);
            if (last_key == CS_KEY_FOLLOW)
                handled = g_get_monotonic_time();
            dirty = TRUE;
            continue;
        }
        /* Once, while the operator reads the first screen: the memory
         * the next edits' solves will need (until two states retire,
         * nothing freed can be reused). */
        if (!memory_prepared && console->solution != NULL && !key_waiting()) {
            cs_solution_prepare_resolves(console->solution, 2);
            memory_prepared = TRUE;
        }
        if (cs_statusbar_settle_due(console) && !key_waiting())
            cs_statusbar_settle_start(console);
        /* Live: wake up for the next poll; cibadmin runs between keys,
         * never while one is being handled. */
        gboolean waking = cs_console_is_live(console) || cs_history_busy(&console->history);
        int key = cs_terminal_read_key(waking ? cs_console_idle_wait_ms(console) : CS_KEY_WAIT_MS);
        dirty = key != ERR;
        gint64 polled = g_get_monotonic_time();
        gint64 polled_cpu = timing != NULL ? thread_cpu_us() : 0;
        if (key == ERR && cs_console_is_live(console))
            dirty = cs_console_live_poll(console);
        if (key == ERR && cs_history_progress(console))
            dirty = TRUE;
        if (key == ERR && cs_statusbar_settle_poll(console))
            dirty = TRUE;
        last_key = ERR;
        /* The timing log's "-2" line: a poll that drew, or took a while. */
        if (key == ERR && timing != NULL && (dirty || g_get_monotonic_time() - polled > 1000)) {
            last_key = CS_KEY_FOLLOW;
            start = polled;
            timing_cpu_start = polled_cpu;
            handled = g_get_monotonic_time();
            if (!dirty)
                log_timing(timing, last_key, start, handled, handled);
        }
        if (key == ERR || key == KEY_RESIZE)
            continue;
        start = g_get_monotonic_time();
        timing_cpu_start = timing != NULL ? thread_cpu_us() : 0;
        if (!console_key(console, key)) {
            if (timing != NULL)
                fclose(timing);
            return 0;
        }
        handled = g_get_monotonic_time();
        last_key = key;
    }
}

/* The terminal part, once the CIB is loaded: 0 after q. */
static int console_interact(CsConsole *console)
{
    /* After loading, so a bad file is reported as such first. */
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "cibscope: the console needs a terminal; for text output use "
                        "'cibscope scores FILE' or 'cibscope transition FILE'\n");
        return 1;
    }
    if (!cs_terminal_start())
        return 1;
    cs_console_editor_hooks(TRUE);
    int status = console_loop(console);
    cs_console_editor_hooks(FALSE);
    cs_prompt_shutdown();
    cs_terminal_stop();
    if (exit_note != NULL) {
        fprintf(stderr, "%s\n", exit_note);
        g_clear_pointer(&exit_note, g_free);
    }
    return status;
}

/* doc/DESIGN.md "Performance": an edit redraws within one frame.  Each edit
 * builds a model and a solution and frees the ones from two edits ago;
 * by default glibc gives memory back to the system as soon as it is
 * freed (and serves blocks of 128 KiB or more by mmap), so the next edit
 * takes a page fault every 4 KiB it touches again, some milliseconds on a
 * large cluster.  The console keeps what it freed for the next edit:
 * its footprint stays at its peak, about three states. */
static void keep_freed_memory(void)
{
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

int cs_console_run(const char *path, const char *time_text)
{
    return cs_console_run_demo(path, time_text, NULL);
}

/* The label of the demo shown for want of a cluster: the hint first (a
 * narrow bar cuts the rest); the whole reason is said once at start. */
static void label_no_cluster(CsConsole *console, const char *no_cluster)
{
    console->live.no_cluster = g_strdup(no_cluster);
    const char *open = strchr(no_cluster, '(');
    const char *close = open != NULL ? strchr(open, ')') : NULL;
    g_autofree char *hint = open != NULL && close != NULL
                                ? g_strndup(open + 1, (gsize)(close - open - 1))
                                : g_strdup(no_cluster);
    g_autofree char *label = g_strdup_printf("demo: no cluster, %s", hint);
    g_free(console->file_label);
    console->file_label = cs_escape(label);
    cs_console_say(console, TRUE, "No cluster, showing the demo: %s", no_cluster);
}

int cs_console_run_demo(const char *path, const char *time_text, const char *no_cluster)
{
    keep_freed_memory();
    if (strcmp(path, "-") == 0) {
        fprintf(stderr, "cibscope: the console reads keys from the terminal, so it cannot read "
                        "the CIB from standard input; save it to a file first\n");
        return 1;
    }
    setlocale(LC_ALL, "");
    /* Before loading: labels are escaped for the codeset in use. */
    cs_draw_set_utf8(cs_terminal_locale_is_utf8());
    CsConsole console = {0};
    console_init(&console, time_text);
    int status = console_load(&console, path);
    if (status == 0 && no_cluster != NULL)
        label_no_cluster(&console, no_cluster);
    if (status == 0) {
        g_autofree char *dir = cs_history_dir_of(path);
        if (dir != NULL)
            cs_history_set_dir(&console, dir);
        cs_recovery_offer(&console);
        status = console_interact(&console);
    }
    console_clear(&console);
    return status;
}

int cs_console_run_live(guint interval_ms, const char *time_text)
{
    keep_freed_memory();
    setlocale(LC_ALL, "");
    cs_draw_set_utf8(cs_terminal_locale_is_utf8());
    CsConsole console = {0};
    console_init(&console, time_text);
    g_autoptr(GError) error = NULL;
    g_autofree char *message = NULL;
    CsSession *session = cs_session_open_live(time_text, &error);
    int status = session == NULL ? open_error_status(error, time_text, &message)
                                 : session_usable(session, &message);
    if (status != 0) {
        fprintf(stderr, "cibscope: %s\n", message);
        if (session != NULL)
            cs_session_free(session);
    } else {
        console.live.interval_ms = interval_ms > 0 ? interval_ms : CS_LIVE_DEFAULT_INTERVAL_MS;
        console.live.watch = cs_live_watch_new(console.live.interval_ms, session->live_base);
        cs_console_adopt(&console, session, session->document->path, session->document->path);
        cs_console_live_history(&console);
        status = console_interact(&console);
    }
    console_clear(&console);
    return status;
}

int cs_console_run_history(const char *dir, const char *time_text)
{
    setlocale(LC_ALL, "");
    cs_draw_set_utf8(cs_terminal_locale_is_utf8());
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) files = cs_history_list(dir, &error);
    if (files == NULL) {
        fprintf(stderr, "cibscope: %s\n", error->message);
        return 2;
    }
    /* The last CIB of the series: where the cluster got to. */
    const CsHistoryFile *last = g_ptr_array_index(files, files->len - 1);
    CsConsole console = {0};
    console_init(&console, time_text);
    int status = console_load(&console, last->path);
    if (status == 0) {
        cs_history_set_dir(&console, dir);
        console.view = CS_VIEW_HISTORY;
        status = console_interact(&console);
    }
    console_clear(&console);
    return status;
}
