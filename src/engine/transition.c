/* transition.c: the Transition Summary, as crm_simulate -S prints it.
 *
 * From the action graph (actions.c), Pacemaker 2.1.5's summary rules:
 * fencing first, then for each primitive what its start, stop and
 * migration actions amount to between where it runs and where it goes:
 * Start, Stop, Move, Recover, Restart, Migrate, Reload, each with the
 * reason the deciding action carries and "blocked" when it cannot run.
 */
#include <string.h>

#include "engine/engine_internal.h"

const char *cs_action_kind_name(CsActionKind kind)
{
    switch (kind) {
    case CS_ACTION_START: return "Start";
    case CS_ACTION_STOP: return "Stop";
    case CS_ACTION_MOVE: return "Move";
    case CS_ACTION_RECOVER: return "Recover";
    case CS_ACTION_RESTART: return "Restart";
    case CS_ACTION_MIGRATE: return "Migrate";
    case CS_ACTION_RELOAD: return "Reload";
    case CS_ACTION_FENCE: return "Fence";
    case CS_ACTION_PROMOTE: return "Promote";
    case CS_ACTION_DEMOTE: return "Demote";
    case CS_ACTION_REPROMOTE: return "Re-promote";
    }
    return "?";
}

static void planned_free(gpointer data)
{
    CsPlannedAction *planned = data;

    g_free(planned->reason);
    g_free(planned->fence_action);
    g_free(planned);
}

/* Pacemaker's rsc-action-item: the reason comes from source (or the
 * action itself), and an action that cannot run is blocked. */
static void add_item(GPtrArray *out, CsActionKind kind, int rsc, int from, int to,
                     const CsAct *action, const CsAct *source, const CsGraph *graph)
{
    CsPlannedAction *planned = g_new0(CsPlannedAction, 1);

    if (source == NULL)
        source = action;
    planned->kind = kind;
    planned->rsc = rsc;
    planned->from_node = from;
    planned->to_node = to;
    planned->from_role = graph->role[rsc];
    planned->to_role = graph->next_role[rsc];
    planned->blocked = action == NULL || !(action->flags & CS_ACT_RUNNABLE);
    planned->reason = source != NULL ? g_strdup(source->reason) : NULL;
    g_ptr_array_add(out, planned);
}

static gboolean optional(const CsAct *action)
{
    return action->flags & CS_ACT_OPTIONAL;
}

static gboolean runnable(const CsAct *action)
{
    return action->flags & CS_ACT_RUNNABLE;
}

/* Every node rsc is active on gets its stop line. */
static void add_stops(GPtrArray *out, CsGraph *graph, int rsc, const CsAct *start)
{
    const CsNodeList *nodes = &graph->running_on[rsc];

    for (guint i = 0; i < nodes->len; i++) {
        int node = nodes->items[i];
        CsAct *stop = cs_graph_find(graph, rsc, CS_TASK_STOP, node);

        add_item(out, CS_ACTION_STOP, rsc, node, -1, stop,
                 stop != NULL && stop->reason != NULL ? stop : start, graph);
    }
}

/* The resource keeps its role: nothing, or a restart in some form. */
static void same_role(GPtrArray *out, CsGraph *graph, int rsc, int current, int next, CsAct *start,
                      CsAct *stop)
{
    CsAct *promote = cs_graph_find(graph, rsc, CS_TASK_PROMOTE, next);
    CsAct *demote = cs_graph_find(graph, rsc, CS_TASK_DEMOTE, next);
    gboolean failed = graph->rsc_flags[rsc] & CS_RSCF_FAILED;
    CsAct *migrate = cs_graph_find(graph, rsc, CS_TASK_MIGRATE_FROM, next);

    if (migrate != NULL && current >= 0 && runnable(migrate))
        add_item(out, CS_ACTION_MIGRATE, rsc, current, next, start, NULL, graph);
    else if (graph->rsc_flags[rsc] & CS_RSCF_RELOAD)
        add_item(out, CS_ACTION_RELOAD, rsc, current, next, start, NULL, graph);
    else if (start == NULL || optional(start)) {
        /* Pacemaker Explained 2.1, "Promotable clones": a promoted instance demoted and
         * promoted again where it is. */
        if (demote != NULL && promote != NULL && !optional(demote) && !optional(promote))
            add_item(out, CS_ACTION_REPROMOTE, rsc, current, next, promote, demote, graph);
    } else if (!runnable(start))
        add_item(out, CS_ACTION_STOP, rsc, current, -1, stop,
                 stop != NULL && stop->reason != NULL ? stop : start, graph);
    else if (current >= 0 && current != next)
        add_item(out, failed ? CS_ACTION_RECOVER : CS_ACTION_MOVE, rsc, current, next, stop, NULL,
                 graph);
    else if (failed)
        add_item(out, CS_ACTION_RECOVER, rsc, current, current, stop, NULL, graph);
    else
        add_item(out, CS_ACTION_RESTART, rsc, current, next, start, NULL, graph);
}

/* Pacemaker's rsc_action_default() for one primitive. */
static void primitive_summary(GPtrArray *out, CsGraph *graph, int rsc)
{
    guint flags = graph->rsc_flags[rsc];
    int current = cs_current_node(graph, rsc);
    int next = graph->assigned[rsc];
    CsAct *start, *stop;

    if (!(flags & CS_RSCF_MANAGED) || (current < 0 && next < 0))
        return;
    if (current >= 0 && graph->role[rsc] == CS_ROLE_STOPPED)
        graph->role[rsc] = CS_ROLE_STARTED;
    start = cs_graph_find(graph, rsc, CS_TASK_START, next);
    /* A start that cannot run: the first stop made, on any node, gives
     * the reason (Pacemaker's rsc_action_default() lists the stops in
     * the order they were made: a multiply active resource that would
     * migrate away stops "due to unrunnable stonith" when the stop made
     * first, where it is, was kept from migrating by that node's
     * unfencing; checked with crm_simulate 2.1.5,
     * tests/fuzz/cases/oracle-multiply-active-migration-unfence). */
    if (start != NULL && runnable(start))
        stop = cs_graph_find(graph, rsc, CS_TASK_STOP, current);
    else
        stop = cs_graph_find_first(graph, rsc, CS_TASK_STOP, -1);
    if (stop == NULL && (flags & CS_RSCF_STOP_UNEXPECTED))
        stop = cs_graph_find(graph, rsc, CS_TASK_STOP, -1);
    if (graph->role[rsc] == graph->next_role[rsc]) {
        if (next >= 0)
            same_role(out, graph, rsc, current, next, start, stop);
        return;
    }
    if (stop != NULL
        && (graph->next_role[rsc] == CS_ROLE_STOPPED || (start != NULL && !runnable(start))))
        add_stops(out, graph, rsc, start);
    else if (stop != NULL && (flags & CS_RSCF_FAILED) && (flags & CS_RSCF_STOP))
        add_item(out, CS_ACTION_RECOVER, rsc, current, next, stop, start, graph);
    else if (current >= 0 && next >= 0 && current != next)
        add_item(out, CS_ACTION_MOVE, rsc, current, next, stop, NULL, graph);
    else if (flags & CS_RSCF_RELOAD)
        add_item(out, CS_ACTION_RELOAD, rsc, current, next, start, NULL, graph);
    else if (stop != NULL && !optional(stop))
        add_item(out, CS_ACTION_RESTART, rsc, current, next, start, NULL, graph);
    /* Pacemaker Explained 2.1, "Promotable clones": a promotable instance changing role where
     * it is. */
    else if (graph->role[rsc] == CS_ROLE_PROMOTED)
        add_item(out, CS_ACTION_DEMOTE, rsc, current, next,
                 cs_graph_find(graph, rsc, CS_TASK_DEMOTE, next), NULL, graph);
    else if (graph->next_role[rsc] == CS_ROLE_PROMOTED)
        add_item(out, CS_ACTION_PROMOTE, rsc, current, next,
                 cs_graph_find(graph, rsc, CS_TASK_PROMOTE, next), NULL, graph);
    else if (graph->role[rsc] == CS_ROLE_STOPPED && graph->next_role[rsc] > CS_ROLE_STOPPED
             && current < 0 && start != NULL && !optional(start) && runnable(start)
             && cs_has_dangling_migration(graph, rsc))
        add_item(out, CS_ACTION_RESTART, rsc, current, next, start, NULL, graph);
    else if (graph->role[rsc] == CS_ROLE_STOPPED && graph->next_role[rsc] > CS_ROLE_STOPPED)
        add_item(out, CS_ACTION_START, rsc, current, next, start, NULL, graph);
}

/* Fencing comes first, newest action first: Pacemaker prepends each
 * action it creates to its list and prints the fencing ones from there. */
static void fence_summary(GPtrArray *out, const CsGraph *graph)
{
    for (guint i = graph->actions->len; i-- > 0;) {
        const CsAct *action = g_ptr_array_index(graph->actions, i);
        CsPlannedAction *planned;

        if (action->task != CS_TASK_FENCE || optional(action) || action->reason == NULL)
            continue;
        planned = g_new0(CsPlannedAction, 1);
        planned->kind = CS_ACTION_FENCE;
        planned->rsc = -1;
        planned->from_node = action->node;
        planned->to_node = -1;
        planned->reason = g_strdup(action->reason);
        planned->fence_action = g_strdup(action->name);
        g_ptr_array_add(out, planned);
    }
}

/* crm_simulate lists each top-level resource's actions in the order
 * the resources were sorted for assignment (priority first), going down
 * through group members and clone instances in their own order. */
static void summarize_tree(GPtrArray *out, CsGraph *graph, int rsc, gboolean *listed)
{
    const CsResource *info = g_ptr_array_index(graph->model->resources, rsc);

    if (listed[rsc])
        return;
    listed[rsc] = TRUE;
    if (info->kind == CS_RSC_PRIMITIVE)
        primitive_summary(out, graph, rsc);
    if (info->kind == CS_RSC_BUNDLE) {
        g_autoptr(GArray) order = cs_bundle_summary_order(graph->model, rsc);

        for (guint i = 0; i < order->len; i++)
            summarize_tree(out, graph, g_array_index(order, int, i), listed);
        return;
    }
    for (guint i = 0; info->children != NULL && i < info->children->len; i++)
        summarize_tree(out, graph, g_array_index(info->children, int, i), listed);
}

void cs_solution_read_digests(CsSolution *solution, CsModel *model)
{
    cs_model_read_digests(model);
    /* The engine's own view of a model with clones is a copy of it,
     * made before the digests were read. */
    if (solution->expansion != NULL)
        cs_expansion_model(solution->expansion)->digest_verdicts = model->digest_verdicts;
}

GPtrArray *cs_solution_actions(const CsSolution *solution)
{
    GPtrArray *out = g_ptr_array_new_with_free_func(planned_free);
    CsGraph *graph = cs_graph_build(solution);

    g_autofree gboolean *listed = g_new0(gboolean, solution->n_rsc);

    fence_summary(out, graph);
    if (solution->assign_order != NULL)
        for (guint i = 0; i < solution->assign_order->len; i++)
            summarize_tree(out, graph, g_array_index(solution->assign_order, int, i), listed);
    /* Anything the sorted list did not reach, in model order. */
    for (int rsc = 0; rsc < solution->n_rsc; rsc++)
        summarize_tree(out, graph, rsc, listed);
    cs_graph_free(graph);
    return out;
}

static const char *node_name(const CsSolution *solution, int node)
{
    const CsNode *info = g_ptr_array_index(solution->model->nodes, node);

    return info->uname;
}

/* The "( ... )" part of a line (Pacemaker's rsc-action-item): origin
 * and destination, with the roles when the instance is or will be
 * promoted (Pacemaker Explained 2.1, "Promotable clones").  Joined, not printf'd: one per
 * line of a summary thousands of lines long. */
static char *details(const CsSolution *solution, const CsPlannedAction *item)
{
    gboolean need_role = item->from_role > CS_ROLE_STARTED || item->to_role > CS_ROLE_UNPROMOTED;
    gboolean same_role = item->from_role == item->to_role;
    gboolean same_host = item->from_node >= 0 && item->from_node == item->to_node;
    const char *from_role = cs_role_name(item->from_role);
    const char *to_role = cs_role_name(item->to_role);
    const char *from = item->from_node >= 0 ? node_name(solution, item->from_node) : NULL;
    const char *to = item->to_node >= 0 ? node_name(solution, item->to_node) : NULL;

    if (from == NULL)
        return need_role ? g_strconcat(from_role, " -> ", to_role, " ", to, NULL) : g_strdup(to);
    if (to == NULL || (same_role && same_host))
        return need_role ? g_strconcat(from_role, " ", from, NULL) : g_strdup(from);
    if (same_role)
        return need_role ? g_strconcat(from, " -> ", to, " ", from_role, NULL)
                         : g_strconcat(from, " -> ", to, NULL);
    if (same_host)
        return g_strconcat(from_role, " -> ", to_role, " ", from, NULL);
    return g_strconcat(from_role, " ", from, " -> ", to_role, " ", to, NULL);
}

/* One line's texts, as crm_simulate prints them (cs_escape_text()).  A
 * text needing no escape (nearly all) is the original, borrowed: a large
 * cluster's summary has thousands of lines. */
typedef struct Line {
    const char *id, *where, *reason;
    char *owned[3];
} Line;

static void line_clear(Line *line)
{
    for (guint i = 0; i < G_N_ELEMENTS(line->owned); i++)
        g_free(line->owned[i]);
}

/* text as printed; an escaped copy is kept in *owned. */
static const char *printed(const char *text, char **owned)
{
    if (!cs_text_needs_escape(text))
        return text;
    *owned = cs_escape_text(text);
    return *owned;
}

/* The words a fencing line names a guest node with, as crm_simulate
 * prints them ("lxc1 (resource: container1)"), newly made; NULL for any
 * other node, named alone. */
static char *guest_fence_target(const CsSolution *solution, int node)
{
    const CsModel *model = solution->model;
    const CsNode *info = g_ptr_array_index(model->nodes, node);
    int container = cs_guest_container_of(model, info->remote_rsc);

    if (info->type != CS_NODE_GUEST || container < 0)
        return NULL;
    return g_strdup_printf(
        "%s (resource: %s)", info->uname,
        ((const CsResource *)g_ptr_array_index(model->resources, container))->id);
}

/* The details are made into *where_owned, which the line keeps. */
static Line line_texts(const CsSolution *solution, const CsPlannedAction *item)
{
    Line line = {NULL, NULL, NULL, {NULL, NULL, NULL}};

    line.reason = printed(item->reason, &line.owned[0]);
    if (item->kind == CS_ACTION_FENCE) {
        line.owned[2] = guest_fence_target(solution, item->from_node);
        line.where =
            printed(line.owned[2] != NULL ? line.owned[2] : node_name(solution, item->from_node),
                    &line.owned[1]);
    } else {
        const CsResource *info = g_ptr_array_index(solution->model->resources, item->rsc);
        char *raw_where = details(solution, item);

        line.where = printed(raw_where, &line.owned[1]);
        if (line.owned[1] != NULL)
            g_free(raw_where);
        else
            line.owned[1] = raw_where;
        line.id = printed(info->id, &line.owned[2]);
    }
    return line;
}

/* crm_simulate's columns: the resource column is widened (to the name
 * plus two) and the details column (right-aligned) to the widest seen so
 * far, both starting at 5.  crm_simulate goes through the summary once
 * (for its log) before printing it, so the printed lines all use the
 * widths that whole pass ended with; the widths count the escaped text. */
typedef struct Columns {
    int rsc_width, detail_width;
} Columns;

static void measure_line(const Line *line, Columns *columns)
{
    int len;

    if (line->id == NULL)
        return; /* fencing has columns of its own */
    len = (int)strlen(line->id);
    if (len > columns->rsc_width)
        columns->rsc_width = len + 2;
    len = (int)strlen(line->where);
    if (len > columns->detail_width)
        columns->detail_width = len;
}

static char *put_text(char *cursor, const char *text, gsize len)
{
    memcpy(cursor, text, len);
    return cursor + len;
}

static char *put_spaces(char *cursor, gsize count)
{
    memset(cursor, ' ', count);
    return cursor + count;
}

static gsize padding(gsize len, int width)
{
    return (gsize)width > len ? (gsize)width - len : 0;
}

/* "  * %-8s   %-*s   ( %*s )" and the reason, written in place: the
 * line's length is known, and a large cluster's summary has thousands
 * of lines. */
static void print_line(const CsPlannedAction *item, const Line *line, const Columns *columns,
                       GString *out)
{
    const char *kind = cs_action_kind_name(item->kind);
    gsize kind_len = strlen(kind), id_len = strlen(line->id);
    gsize where_len = strlen(line->where);
    gsize reason_len = line->reason != NULL ? strlen(line->reason) : 0;
    gsize id_pad = padding(id_len, columns->rsc_width);
    gsize where_pad = padding(where_len, columns->detail_width);
    const char *tail = line->reason != NULL ? (item->blocked ? " (blocked)" : "")
                                            : (item->blocked ? "  blocked" : "");
    gsize tail_len = strlen(tail);
    gsize at = out->len;
    char *cursor;

    g_string_set_size(out, at + 4 + kind_len + padding(kind_len, 8) + 3 + id_len + id_pad + 5
                               + where_pad + where_len + 2
                               + (line->reason != NULL ? 9 + reason_len : 0) + tail_len + 1);
    cursor = out->str + at;
    cursor = put_text(cursor, "  * ", 4);
    cursor = put_text(cursor, kind, kind_len);
    cursor = put_spaces(cursor, padding(kind_len, 8));
    cursor = put_text(cursor, "   ", 3);
    cursor = put_text(cursor, line->id, id_len);
    cursor = put_spaces(cursor, id_pad);
    cursor = put_text(cursor, "   ( ", 5);
    cursor = put_spaces(cursor, where_pad);
    cursor = put_text(cursor, line->where, where_len);
    cursor = put_text(cursor, " )", 2);
    if (line->reason != NULL) {
        cursor = put_text(cursor, "  due to ", 9);
        cursor = put_text(cursor, line->reason, reason_len);
    }
    cursor = put_text(cursor, tail, tail_len);
    *cursor = '\n';
}

static void print_fence(const Line *line, const CsPlannedAction *item, GString *out)
{
    g_string_append_printf(out, "  * Fence (%s) %s '%s'\n", item->fence_action, line->where,
                           line->reason);
}

/* ---- the transition kept as data ---------------------------------------- */

/* The actions, and per resource of the engine's model the ones naming it
 * (first[rsc] .. first[rsc + 1] in by_rsc, summary order kept). */
struct CsTransition {
    GPtrArray *actions; /* CsPlannedAction*, owned */
    int n_rsc;
    guint *first; /* n_rsc + 1 entries */
    const CsPlannedAction **by_rsc;
};

void cs_transition_free(CsTransition *transition)
{
    if (transition == NULL)
        return;
    g_ptr_array_unref(transition->actions);
    g_free(transition->first);
    g_free(transition->by_rsc);
    g_free(transition);
}

/* Counts per resource, then fills each resource's run in order. */
static void index_by_rsc(CsTransition *transition)
{
    int n_rsc = transition->n_rsc;
    g_autofree guint *filled = g_new0(guint, MAX(n_rsc, 1));

    transition->first = g_new0(guint, n_rsc + 1);
    for (guint i = 0; i < transition->actions->len; i++) {
        const CsPlannedAction *item = g_ptr_array_index(transition->actions, i);

        if (item->rsc >= 0 && item->rsc < n_rsc)
            transition->first[item->rsc + 1]++;
    }
    for (int rsc = 0; rsc < n_rsc; rsc++)
        transition->first[rsc + 1] += transition->first[rsc];
    transition->by_rsc = g_new0(const CsPlannedAction *, MAX(transition->first[n_rsc], 1));
    for (guint i = 0; i < transition->actions->len; i++) {
        const CsPlannedAction *item = g_ptr_array_index(transition->actions, i);

        if (item->rsc >= 0 && item->rsc < n_rsc)
            transition->by_rsc[transition->first[item->rsc] + filled[item->rsc]++] = item;
    }
}

const CsTransition *cs_solution_transition(CsSolution *solution)
{
    if (solution->transition == NULL) {
        CsTransition *transition = g_new0(CsTransition, 1);

        transition->actions = cs_solution_actions(solution);
        transition->n_rsc = solution->n_rsc;
        index_by_rsc(transition);
        solution->transition = transition;
    }
    return solution->transition;
}

const CsTransition *cs_solution_transition_if_kept(const CsSolution *solution)
{
    return solution->transition;
}

guint cs_transition_length(const CsTransition *transition)
{
    return transition->actions->len;
}

const CsPlannedAction *cs_transition_action(const CsTransition *transition, guint i)
{
    g_return_val_if_fail(i < transition->actions->len, NULL);
    return g_ptr_array_index(transition->actions, i);
}

const CsPlannedAction *const *cs_transition_actions_of(const CsTransition *transition, int rsc,
                                                       guint *n_out)
{
    *n_out = 0;
    if (rsc < 0 || rsc >= transition->n_rsc)
        return NULL;
    *n_out = transition->first[rsc + 1] - transition->first[rsc];
    return *n_out > 0 ? transition->by_rsc + transition->first[rsc] : NULL;
}

/* ---- the transition as crm_simulate prints it --------------------------- */

const char *cs_solution_transition_text(CsSolution *solution)
{
    if (solution->transition_text == NULL) {
        GString *text = g_string_new(NULL);
        cs_solution_transition(solution);
        cs_solution_print_transition(solution, text);
        solution->transition_text = g_string_free(text, FALSE);
    }
    return solution->transition_text;
}

static void print_actions(const CsSolution *solution, const GPtrArray *actions, GString *out)
{
    g_autofree Line *lines = g_new0(Line, MAX(actions->len, 1));
    Columns columns = {5, 5};

    for (guint i = 0; i < actions->len; i++) {
        lines[i] = line_texts(solution, g_ptr_array_index(actions, i));
        measure_line(&lines[i], &columns);
    }
    g_string_append(out, "Transition Summary:\n");
    for (guint i = 0; i < actions->len; i++) {
        const CsPlannedAction *item = g_ptr_array_index(actions, i);

        if (item->kind == CS_ACTION_FENCE)
            print_fence(&lines[i], item, out);
        else
            print_line(item, &lines[i], &columns, out);
        line_clear(&lines[i]);
    }
}

/* The kept actions when there are, else worked out for this print. */
void cs_solution_print_transition(const CsSolution *solution, GString *out)
{
    if (solution->transition != NULL) {
        print_actions(solution, solution->transition->actions, out);
        return;
    }
    g_autoptr(GPtrArray) actions = cs_solution_actions(solution);
    print_actions(solution, actions, out);
}
