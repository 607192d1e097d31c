/* console_state.c: what the views, the edits and the live side read of
 * the console (its model's nodes and resources, the selection, labels,
 * where a resource runs and will run, what the last edit changed, what is
 * unsaved) and the two ways they tell it something (a notice, a sync
 * wanted).  It calls nothing else of ui/, so those files need not call
 * back into console.c, the key loop above them.
 */
#include <stdarg.h>
#include <string.h>
#include "explain/next.h"
#include "view.h"

gboolean cs_console_is_live(const CsConsole *console)
{
    return console->live.watch != NULL;
}

/* ---- state -------------------------------------------------------------- */

/* The nodes of the engine's view once solved: the model's, then the
 * guest nodes a bundle's replicas make (a guest node of a primitive's
 * remote-node is already the model's).  The view keeps the model's
 * nodes first and in order, so a node's index is the same in both. */
static const GPtrArray *console_nodes(const CsConsole *console)
{
    if (console->solution != NULL)
        return cs_solution_model(console->solution)->nodes;
    return console->model->nodes;
}

int cs_console_node_count(const CsConsole *console)
{
    return console->model == NULL ? 0 : (int)console_nodes(console)->len;
}

int cs_console_rsc_count(const CsConsole *console)
{
    return console->model == NULL ? 0 : (int)console->model->resources->len;
}

const CsNode *cs_console_node(const CsConsole *console, int node)
{
    return g_ptr_array_index(console_nodes(console), node);
}

const CsResource *cs_console_rsc(const CsConsole *console, int rsc)
{
    return g_ptr_array_index(console->model->resources, rsc);
}

const char *cs_console_rsc_label(const CsConsole *console, int rsc)
{
    if (rsc < 0 || console->rsc_labels == NULL)
        return "(orphan)";
    return rsc < console->engine_count ? console->rsc_labels[rsc] : "?";
}

const CsResource *cs_console_engine_rsc(const CsConsole *console, int rsc)
{
    if (console->solution == NULL)
        return rsc >= 0 && rsc < cs_console_rsc_count(console) ? cs_console_rsc(console, rsc)
                                                               : NULL;
    const CsModel *engine = cs_solution_model(console->solution);
    return rsc >= 0 && (guint)rsc < engine->resources->len
               ? g_ptr_array_index(engine->resources, rsc)
               : NULL;
}

int cs_row_engine_rsc(const CsRow *row)
{
    return row->instance >= 0 ? row->instance : row->rsc;
}

int cs_console_selected_engine_rsc(const CsConsole *console)
{
    if (console->cursor_row < 0 || (guint)console->cursor_row >= console->rows->len)
        return -1;
    return cs_row_engine_rsc(&g_array_index(console->rows, CsRow, console->cursor_row));
}

char *cs_console_clone_summary(const CsConsole *console, int clone)
{
    const CsResource *info = cs_console_engine_rsc(console, clone);
    if (console->solution == NULL || info == NULL || info->kind != CS_RSC_CLONE)
        return NULL;
    int placed = 0, promoted = 0;
    for (guint i = 0; i < info->children->len; i++) {
        int instance = g_array_index(info->children, int, i);
        /* Once the transition ran (explain/next.h), not as assigned. */
        placed += cs_next_node(console->solution, console->plan, instance) >= 0;
        promoted += cs_next_role(console->solution, console->plan, instance) == CS_ROLE_PROMOTED;
    }
    /* Orphans (histories beyond clone-max) are children too, but only stop. */
    int total = MIN((int)info->children->len, info->clone_max);
    if (info->promotable)
        return g_strdup_printf("%d/%d, %d prom", placed, total, promoted);
    return g_strdup_printf("%d/%d", placed, total);
}

const char *cs_console_node_label(const CsConsole *console, int node)
{
    return node >= 0 ? console->node_labels[node] : "(none)";
}

int cs_console_selected_rsc(const CsConsole *console)
{
    if (console->cursor_row < 0 || (guint)console->cursor_row >= console->rows->len)
        return -1;
    return g_array_index(console->rows, CsRow, console->cursor_row).rsc;
}

int cs_console_selected_node(const CsConsole *console)
{
    int count = cs_console_node_count(console);
    return count == 0 ? -1 : CLAMP(console->cursor_node, 0, count - 1);
}

int cs_console_current_node(const CsConsole *console, int rsc)
{
    if (console->solution != NULL)
        return cs_solution_current_node(console->solution, rsc);
    return console->status_node[rsc];
}

/* Where rsc will run once the transition ran, from its actions
 * (explain/next.h): before they are read, where it runs now. */
int cs_console_planned_node(const CsConsole *console, int rsc)
{
    if (console->solution == NULL || cs_console_engine_rsc(console, rsc) == NULL)
        return -1;
    return cs_next_node(console->solution, console->plan, rsc);
}

gboolean cs_console_rsc_matches_filter(const CsConsole *console, int rsc)
{
    if (console->filter->len == 0)
        return TRUE;
    g_autofree char *folded_id = g_utf8_casefold(cs_console_rsc(console, rsc)->id, -1);
    g_autofree char *folded_filter = g_utf8_casefold(console->filter->str, -1);
    return strstr(folded_id, folded_filter) != NULL;
}

/* The cell's score, or whether the resource is placed there, differs
 * from the solution before the last edit. */
gboolean cs_console_cell_changed(const CsConsole *console, int rsc, int node)
{
    /* Only configured resources are compared across an edit; and only
     * while the session still keeps the solution compared with. */
    const CsSolution *before = console->changed_against;
    if (before == NULL || before != console->session->previous_solution || rsc < 0
        || rsc >= cs_console_rsc_count(console) || node < 0
        || node >= cs_console_node_count(console))
        return FALSE;
    int old = console->changed_old_rsc[rsc], old_node = console->changed_old_node[node];
    if (old < 0 || old_node < 0)
        return FALSE;
    gboolean placed_now = cs_solution_assigned_node(console->solution, rsc) == node;
    gboolean placed_before = cs_solution_assigned_node(before, old) == old_node;
    return placed_now != placed_before
           || cs_solution_score(console->solution, rsc, node)
                  != cs_solution_score(before, old, old_node);
}

guint cs_console_unsaved(const CsConsole *console)
{
    /* Live: what counts is what a commit would send. */
    if (cs_console_is_live(console))
        return console->live.pending;
    /* Restored from a recovery file: unsaved until written. */
    if (!cs_session_dirty(console->session))
        return console->recovered ? 1 : 0;
    guint depth = cs_edit_log_undo_depth(console->session->log);
    guint distance =
        depth > console->saved_depth ? depth - console->saved_depth : console->saved_depth - depth;
    return MAX(distance, 1);
}

void cs_console_say(CsConsole *console, gboolean error, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_free(console->message);
    console->message = g_strdup_vprintf(format, args);
    /* A newer notice: the changes of an earlier edit are not told over it. */
    g_clear_pointer(&console->changes_for, g_free);
    console->message_error = error;
    va_end(args);
    cs_console_log(console, "%s", console->message);
}

/* The log keeps the last messages, each whole (m shows them). */
#define CS_MESSAGE_LOG_MAX 200

void cs_console_log(CsConsole *console, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    if (console->message_log == NULL)
        console->message_log = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_add(console->message_log, g_strdup_vprintf(format, args));
    va_end(args);
    if (console->message_log->len > CS_MESSAGE_LOG_MAX)
        g_ptr_array_remove_index(console->message_log, 0);
}

void cs_console_sync_later(CsConsole *console)
{
    console->sync_wanted = TRUE;
}
