/* bench-phases.c: where the time of one load + solve goes, in process.
 *
 *   bench-phases FILE [--repeat N] [--cpu] [--edit NAME=COMMAND ...]
 *
 * --cpu times each step by the process's CPU time rather than the clock
 * on the wall: on a machine shared with other work, what the step itself
 * costs (a solve runs on one thread, so on an idle machine the two agree).
 * Prints one "phase milliseconds" line per step of the pipeline the CLI
 * runs (load, model, solve, printing the scores and the transition,
 * freeing everything).  With --edit, only the edits given follow, each
 * COMMAND of the command language (explain/command.h) run, re-solved and
 * timed as NAME, then undone untimed: a workload whose resources the
 * default edits do not fit (tests/bench/gen-remote-bundle.py) names its
 * own.  Otherwise the console's edit loop on the same CIB follows: an
 * edit (a ban, a stickiness change, a standby) and its re-solve
 * (cs_session_refresh), each undone and re-solved again (the undo right
 * after an edit swaps the states back; undo-rebuilt is one that builds
 * again, as undoing an older edit does).  doc/DESIGN.md
 * "Performance" asks for an edit and its re-solve within one frame
 * (16 ms) on 32 x 2,000.  The best of N repeats is reported, as
 * tests/bench/run-bench.py does for whole processes; then the heap in use
 * (MiB, mallinfo2) after each step of the first run.
 * Last, the Graph view's work for one frame (explain/graph.h): the graph
 * around the most constrained resource at depth 2 and 4, laid out and
 * copied out row by row as the console draws it (the whole graph's
 * layout is printed too, with no target: the console lays it out once per
 * solution and opens on a focus past 50 resources), and a frame of the
 * whole graph panned, from the kept layout; then the whole graph after
 * an edit, as the console lays it out again from the one it kept
 * (cs_constraint_graph_rebuild), with its first frame: after a ban (the
 * boxes of the resources that move change size: their parts are laid out
 * again) and after a stickiness change that moves nothing (every box
 * keeps its size: the layout is kept whole).
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cib/document.h"
#include "cib/edit.h"
#include "engine/engine.h"
#include "explain/command.h"
#include "explain/session.h"
#include "explain/graph.h"
#include "model/model.h"

typedef struct {
    const char *name;
    double best_ms;
} CsPhase;

enum {
    PHASE_LOAD,
    PHASE_MODEL,
    PHASE_SOLVE,
    PHASE_SCORES,
    PHASE_TRANSITION,
    PHASE_FREE,
    PHASE_BAN,
    PHASE_BAN_UNDO,
    PHASE_BAN_UNDO_REBUILT,
    PHASE_PREFER,
    PHASE_STICKINESS,
    PHASE_DEFAULT_STICKINESS,
    PHASE_STANDBY,
    PHASE_MAINTENANCE,
    PHASE_CLOCK,
    PHASE_GRAPH_FOCUS2,
    PHASE_GRAPH_FOCUS4,
    PHASE_GRAPH_WHOLE,
    PHASE_GRAPH_WHOLE_PAN,
    PHASE_GRAPH_WHOLE_EDIT,
    PHASE_GRAPH_WHOLE_EDIT_SAME,
    PHASE_COUNT
};

static CsPhase phases[PHASE_COUNT] = {
    [PHASE_LOAD] = {"load", -1},
    [PHASE_MODEL] = {"model", -1},
    [PHASE_SOLVE] = {"solve", -1},
    [PHASE_SCORES] = {"print-scores", -1},
    [PHASE_TRANSITION] = {"print-transition", -1},
    [PHASE_FREE] = {"free", -1},
    [PHASE_BAN] = {"edit-ban+resolve", -1},
    [PHASE_BAN_UNDO] = {"undo+resolve", -1},
    [PHASE_BAN_UNDO_REBUILT] = {"undo-rebuilt+resolve", -1},
    [PHASE_PREFER] = {"edit-prefer+resolve", -1},
    [PHASE_STICKINESS] = {"edit-stickiness+resolve", -1},
    [PHASE_DEFAULT_STICKINESS] = {"edit-default-stickiness+resolve", -1},
    [PHASE_STANDBY] = {"edit-standby+resolve", -1},
    [PHASE_MAINTENANCE] = {"edit-maintenance+resolve", -1},
    [PHASE_CLOCK] = {"edit-clock+resolve", -1},
    [PHASE_GRAPH_FOCUS2] = {"graph-focus-depth2+draw", -1},
    [PHASE_GRAPH_FOCUS4] = {"graph-focus-depth4+draw", -1},
    [PHASE_GRAPH_WHOLE] = {"graph-whole-layout", -1},
    [PHASE_GRAPH_WHOLE_PAN] = {"graph-whole-frame", -1},
    [PHASE_GRAPH_WHOLE_EDIT] = {"graph-whole-after-edit", -1},
    [PHASE_GRAPH_WHOLE_EDIT_SAME] = {"graph-whole-after-edit-same-shape", -1},
};

/* Heap in use after each step of the first run, in MiB: what the
 * document, the model and the solution each hold (mmapped blocks too:
 * a solution's table arena is made of them). */
enum { HEAP_LOAD, HEAP_MODEL, HEAP_SOLVE, HEAP_PRINT, HEAP_COUNT };
static const char *const heap_names[HEAP_COUNT] = {
    "heap-after-load",
    "heap-after-model",
    "heap-after-solve",
    "heap-after-print",
};
static double heap_mib[HEAP_COUNT];

static void cs_record_heap(int step)
{
    struct mallinfo2 info = mallinfo2();

    if (heap_mib[step] == 0)
        heap_mib[step] = (double)(info.uordblks + info.hblkhd) / (1024.0 * 1024.0);
}

static gboolean cpu_time;

static double cs_now_ms(void)
{
    struct timespec now;

    if (!cpu_time)
        return (double)g_get_monotonic_time() / 1000.0;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return (double)now.tv_sec * 1000.0 + (double)now.tv_nsec / 1e6;
}

static void cs_record(int phase, double started)
{
    double elapsed = cs_now_ms() - started;

    if (phases[phase].best_ms < 0 || elapsed < phases[phase].best_ms)
        phases[phase].best_ms = elapsed;
}

static void cs_fail(const char *what, const GError *error)
{
    fprintf(stderr, "bench-phases: %s: %s\n", what, error != NULL ? error->message : "failed");
    exit(2);
}

/* The CLI's pipeline, phase by phase. */
static void cs_run_pipeline(const char *path)
{
    g_autoptr(GError) error = NULL;
    double started = cs_now_ms();
    CsDocument *document = cs_document_load(path, &error);
    if (document == NULL)
        cs_fail("load", error);
    CsTime now;
    if (!cs_model_resolve_now(document, NULL, &now, &error))
        cs_fail("time", error);
    cs_record(PHASE_LOAD, started);
    cs_record_heap(HEAP_LOAD);

    started = cs_now_ms();
    CsModel *model = cs_model_build(document, now, &error);
    if (model == NULL)
        cs_fail("model", error);
    cs_record(PHASE_MODEL, started);
    cs_record_heap(HEAP_MODEL);

    started = cs_now_ms();
    CsSolution *solution = cs_solve(model, &error);
    if (solution == NULL)
        cs_fail("solve", error);
    cs_record(PHASE_SOLVE, started);
    cs_record_heap(HEAP_SOLVE);

    GString *out = g_string_new(NULL);
    started = cs_now_ms();
    cs_solution_print_scores(solution, out);
    cs_record(PHASE_SCORES, started);
    g_string_truncate(out, 0);
    started = cs_now_ms();
    cs_solution_print_transition(solution, out);
    cs_record(PHASE_TRANSITION, started);
    cs_record_heap(HEAP_PRINT);
    g_string_free(out, TRUE);

    started = cs_now_ms();
    cs_solution_free(solution);
    cs_model_free(model);
    cs_document_free(document);
    cs_record(PHASE_FREE, started);
}

/* The first primitive that is placed, and the node it is placed on. */
static gboolean cs_pick_placed(const CsSession *session, const char **rsc_id,
                               const char **node_uname)
{
    const CsModel *model = session->model;

    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        int node = cs_solution_assigned_node(session->solution, (int)i);
        if (rsc->kind != CS_RSC_PRIMITIVE || node < 0)
            continue;
        const CsNode *assigned = g_ptr_array_index(model->nodes, node);
        *rsc_id = rsc->id;
        *node_uname = assigned->uname;
        return TRUE;
    }
    return FALSE;
}

/* Then, as the console does once the frame is drawn, the state from two
 * changes ago is freed; the wait stands for the pause between two keys. */
static void cs_refresh(CsSession *session, const char *what)
{
    if (!cs_session_refresh(session))
        cs_fail(what, session->failure);
}

static void cs_collect(CsSession *session)
{
    cs_session_collect(session);
    cs_session_wait_collected();
}

static void cs_undo_and_refresh(CsSession *session, int phase)
{
    double started = cs_now_ms();

    if (!cs_edit_undo(session->log))
        cs_fail("undo", NULL);
    cs_refresh(session, "undo");
    if (phase >= 0)
        cs_record(phase, started);
    cs_collect(session);
}

/* The edit has been made in the log: re-solve, time it from started,
 * then undo (untimed), as the console's u would. */
static void cs_finish_edit(CsSession *session, int phase, double started, const char *what)
{
    cs_refresh(session, what);
    cs_record(phase, started);
    cs_collect(session);
    cs_undo_and_refresh(session, -1);
}

/* The edits the console's keys make that the earlier ones do not cover:
 * p, s on the default, M, t (a year on). */
static void cs_run_more_edits(CsSession *session, const char *rsc, const char *node)
{
    g_autoptr(GError) error = NULL;
    double started = cs_now_ms();

    if (!cs_edit_prefer(session->log, rsc, node, NULL, &error))
        cs_fail("prefer", error);
    cs_finish_edit(session, PHASE_PREFER, started, "prefer");
    started = cs_now_ms();
    if (!cs_edit_stickiness(session->log, NULL, "50", &error))
        cs_fail("default stickiness", error);
    cs_finish_edit(session, PHASE_DEFAULT_STICKINESS, started, "default stickiness");
    started = cs_now_ms();
    if (!cs_edit_maintenance(session->log, node, TRUE, &error))
        cs_fail("maintenance", error);
    cs_finish_edit(session, PHASE_MAINTENANCE, started, "maintenance");
    CsTime later = cs_session_time(session);
    later.seconds += 365 * 24 * 3600;
    started = cs_now_ms();
    if (!cs_edit_set_time(session->log, later, &error))
        cs_fail("clock", error);
    cs_finish_edit(session, PHASE_CLOCK, started, "clock");
}

/* ---- the command language's other edits (issue 21) ---------------------- *
 * Each is run as its command, re-solved and timed, then undone untimed.
 * %R and %S are two top-level primitives, %N the first's node, %G the
 * first group and %M its first member.  Adding
 * and removing a resource are exempt from the frame (the issue says so):
 * their names do not start with "edit-". */

typedef struct {
    const char *name;
    const char *command;
    double best_ms;
} CsCommandPhase;

static CsCommandPhase command_phases[] = {
    {"edit-meta+resolve", "meta %R target-role Stopped", -1},
    {"edit-meta-priority+resolve", "meta %R priority 10", -1},
    {"edit-param+resolve", "param %R bench 1", -1},
    {"edit-utilization-node+resolve", "utilization %N cpu 4", -1},
    {"edit-utilization-rsc+resolve", "utilization %R cpu 1", -1},
    {"edit-property+resolve", "property no-quorum-policy stop", -1},
    {"edit-rsc-default+resolve", "rsc-default migration-threshold 3", -1},
    {"edit-op-default+resolve", "op-default timeout 30s", -1},
    {"edit-ticket+resolve", "ticket bench-ticket grant", -1},
    {"edit-ticket-constraint+resolve", "ticket-constraint add bench-tk %R bench-ticket stop", -1},
    {"edit-order+resolve", "order add bench-o %R %S Optional", -1},
    {"edit-order-set+resolve", "order add bench-os set %R %S", -1},
    {"edit-colocation-set+resolve", "colocation add bench-cs set %R %S score=100", -1},
    {"edit-rule+resolve", "location add bench-l %R rule 100 '#uname' eq %N", -1},
    {"edit-group+resolve", "group add bench-g %R", -1},
    {"edit-group-remove+resolve", "group remove %G %M", -1},
    {"edit-clone+resolve", "clone %R", -1},
    {"edit-node-add+resolve", "node add bench-node", -1},
    {"edit-node-remove+resolve", "node remove %N", -1},
    {"edit-xml+resolve", "edit %R", -1},
    {"exempt-resource-add+resolve", "resource add bench-r ocf:pacemaker:Dummy", -1},
    {"exempt-resource-remove+resolve", "resource remove %R", -1},
};

static gboolean cs_pick_top_primitives(const CsSession *session, const char **first,
                                       const char **second, const char **node)
{
    const CsModel *model = session->model;

    *first = *second = NULL;
    for (guint i = 0; i < model->resources->len && *second == NULL; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        int assigned = cs_solution_assigned_node(session->solution, (int)i);
        if (rsc->kind != CS_RSC_PRIMITIVE || rsc->parent >= 0 || assigned < 0)
            continue;
        if (*first == NULL) {
            *first = rsc->id;
            *node = ((const CsNode *)g_ptr_array_index(model->nodes, assigned))->uname;
        } else {
            *second = rsc->id;
        }
    }
    return *second != NULL;
}

/* The first group with a member, and that member (NULL: none). */
static void cs_pick_group(const CsModel *model, const char **group, const char **member)
{
    *group = *member = NULL;
    for (guint i = 0; i < model->resources->len && *group == NULL; i++) {
        const CsResource *rsc = g_ptr_array_index(model->resources, i);
        if (rsc->kind != CS_RSC_GROUP || rsc->children->len == 0)
            continue;
        const CsResource *first =
            g_ptr_array_index(model->resources, (guint)g_array_index(rsc->children, int, 0));
        *group = rsc->id;
        *member = first->id;
    }
}

typedef struct {
    const char *first, *second, *node, *group, *member;
} CsBenchNames;

static char *cs_expand(const char *command, const CsBenchNames *names)
{
    GString *text = g_string_new(NULL);

    for (const char *c = command; *c != '\0'; c++) {
        if (c[0] == '%' && c[1] == 'R')
            g_string_append(text, names->first);
        else if (c[0] == '%' && c[1] == 'S')
            g_string_append(text, names->second);
        else if (c[0] == '%' && c[1] == 'N')
            g_string_append(text, names->node);
        else if (c[0] == '%' && c[1] == 'G' && names->group != NULL)
            g_string_append(text, names->group);
        else if (c[0] == '%' && c[1] == 'M' && names->member != NULL)
            g_string_append(text, names->member);
        else {
            g_string_append_c(text, *c);
            continue;
        }
        c++;
    }
    return g_string_free(text, FALSE);
}

/* `edit %R` without an editor: the element with a description added. */
static gboolean cs_edit_xml_directly(CsSession *session, const char *rsc, GError **error)
{
    g_autofree char *text = cs_edit_element_text(session->document, rsc);
    char *close = strchr(text, '>');
    gsize at = (gsize)(close - text) - (close > text && close[-1] == '/');
    g_autofree char *edited =
        g_strdup_printf("%.*s description=\"bench\"%s", (int)at, text, text + at);
    return cs_edit_replace_element(session->log, rsc, edited, error);
}

static void cs_run_commands(CsSession *session)
{
    const char *first, *second, *node;

    if (!cs_pick_top_primitives(session, &first, &second, &node))
        cs_fail("two placed top-level primitives", NULL);
    const char *group_id, *member_id;
    cs_pick_group(session->model, &group_id, &member_id);
    g_autofree char *rsc = g_strdup(first), *other = g_strdup(second);
    g_autofree char *uname = g_strdup(node);
    g_autofree char *group = g_strdup(group_id), *member = g_strdup(member_id);
    CsBenchNames names = {rsc, other, uname, group, member};
    /* as the console's keys do: what moved is told after the first frame */
    session->describe_later = TRUE;
    for (gsize i = 0; i < G_N_ELEMENTS(command_phases); i++) {
        CsCommandPhase *phase = &command_phases[i];
        g_autofree char *command = cs_expand(phase->command, &names);
        g_autoptr(GString) out = g_string_new(NULL);
        g_autoptr(GError) error = NULL;
        double started = cs_now_ms();
        gboolean ok =
            g_str_has_prefix(command, "edit ")
                ? cs_edit_xml_directly(session, rsc, &error) && cs_session_refresh(session)
                : cs_command_run_text(session, command, out, &error);
        if (!ok)
            cs_fail(command, error);
        double elapsed = cs_now_ms() - started;
        if (phase->best_ms < 0 || elapsed < phase->best_ms)
            phase->best_ms = elapsed;
        cs_collect(session);
        cs_undo_and_refresh(session, -1);
    }
    session->describe_later = FALSE;
}

/* --edit NAME=COMMAND: the edits a workload names, each run as the
 * console's command line runs it, re-solved and timed, then undone. */
static void cs_run_named_edits(CsSession *session, CsCommandPhase *edits, int count)
{
    session->describe_later = TRUE;
    for (int i = 0; i < count; i++) {
        g_autoptr(GString) out = g_string_new(NULL);
        g_autoptr(GError) error = NULL;
        double started = cs_now_ms();

        if (!cs_command_run_text(session, edits[i].command, out, &error))
            cs_fail(edits[i].command, error);
        double elapsed = cs_now_ms() - started;
        if (edits[i].best_ms < 0 || elapsed < edits[i].best_ms)
            edits[i].best_ms = elapsed;
        cs_collect(session);
        cs_undo_and_refresh(session, -1);
    }
    session->describe_later = FALSE;
}

/* The pipeline's phases and the named edits, then the heap. */
static void cs_print_named(const CsCommandPhase *edits, int count)
{
    for (int i = PHASE_LOAD; i <= PHASE_FREE; i++)
        printf("%s %.2f\n", phases[i].name, phases[i].best_ms);
    for (int i = 0; i < count; i++)
        printf("%s %.2f\n", edits[i].name, edits[i].best_ms);
    for (int i = 0; i < HEAP_COUNT; i++)
        printf("%s %.1f\n", heap_names[i], heap_mib[i]);
}

/* The console's loop: edit, re-solve, undo, re-solve. */
static void cs_run_edits(CsSession *session)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *rsc = NULL, *node = NULL;
    const char *rsc_id, *node_uname;

    if (!cs_pick_placed(session, &rsc_id, &node_uname))
        cs_fail("no placed primitive to edit", NULL);
    rsc = g_strdup(rsc_id);
    node = g_strdup(node_uname);

    double started = cs_now_ms();
    if (!cs_edit_ban(session->log, rsc, node, NULL, &error))
        cs_fail("ban", error);
    cs_refresh(session, "ban");
    cs_record(PHASE_BAN, started);
    cs_collect(session);
    cs_undo_and_refresh(session, PHASE_BAN_UNDO);
    /* An undo right after its edit swaps the states back
     * (cs_session_refresh); one further back builds again: timed here
     * with the state before the ban forgotten. */
    if (!cs_edit_redo(session->log))
        cs_fail("redo", NULL);
    cs_refresh(session, "redo");
    cs_session_forget_previous(session);
    cs_undo_and_refresh(session, PHASE_BAN_UNDO_REBUILT);

    started = cs_now_ms();
    if (!cs_edit_stickiness(session->log, rsc, "50", &error))
        cs_fail("stickiness", error);
    cs_refresh(session, "stickiness");
    cs_record(PHASE_STICKINESS, started);
    cs_collect(session);
    cs_undo_and_refresh(session, -1);

    started = cs_now_ms();
    if (!cs_edit_standby(session->log, node, TRUE, &error))
        cs_fail("standby", error);
    cs_finish_edit(session, PHASE_STANDBY, started, "standby");
    cs_run_more_edits(session, rsc, node);
}

/* The resource with the most colocations and orders. */
static int cs_most_constrained(const CsModel *model)
{
    g_autofree int *degree = g_new0(int, model->resources->len);
    for (guint i = 0; i < model->colocations->len; i++) {
        const CsColocation *colocation = g_ptr_array_index(model->colocations, i);
        degree[colocation->rsc]++;
        degree[colocation->with_rsc]++;
    }
    for (guint i = 0; i < model->orders->len; i++) {
        const CsOrder *order = g_ptr_array_index(model->orders, i);
        degree[order->first]++;
        degree[order->then]++;
    }
    int best = 0;
    for (guint rsc = 1; rsc < model->resources->len; rsc++)
        if (degree[rsc] > degree[best])
            best = (int)rsc;
    return best;
}

/* What one frame of the Graph view costs: build and lay out, then copy
 * a 200x60 screen's worth of rows out of the grid. */
static void cs_time_graph(const CsSession *session, const gboolean *stopping, int focus, int depth,
                          int phase)
{
    const CsModel *model = session->model;
    int count = (int)cs_solution_model(session->solution)->resources->len;
    CsGraphOptions options = {
        .focus = focus, .depth = depth, .stopping = stopping, .stopping_count = count, .wrap = 199};
    double started = cs_now_ms();
    CsConstraintGraph *graph = cs_constraint_graph_build(model, session->solution, &options);
    for (int y = 0; y < 60 && y < graph->height; y++)
        g_free(cs_constraint_graph_row_text(graph, y));
    cs_record(phase, started);
    cs_constraint_graph_free(graph);
}

/* A frame of the whole graph once it is laid out: the console keeps the
 * layout between frames (ui/view_graph.c) and copies out only the rows
 * and columns on screen, here a 200x60 screen panned to the middle of
 * the grid.  The layout itself (graph-whole-layout) is made once per
 * solution. */
static void cs_time_graph_pan(const CsSession *session, const gboolean *stopping)
{
    int count = (int)cs_solution_model(session->solution)->resources->len;
    CsGraphOptions options = {
        .focus = -1, .stopping = stopping, .stopping_count = count, .wrap = 199};
    g_autoptr(CsConstraintGraph) graph =
        cs_constraint_graph_build(session->model, session->solution, &options);
    int top = MAX(0, graph->height / 2 - 30), left = MAX(0, graph->width / 2 - 100);
    double started = cs_now_ms();
    g_autoptr(GString) row = g_string_new(NULL);
    for (int y = top; y < top + 60 && y < graph->height; y++) {
        g_string_truncate(row, 0);
        for (int x = left; x < left + 200 && x < graph->width; x++) {
            const CsGraphCell *cell = cs_constraint_graph_cell(graph, x, y);
            if (cell->ch != 0)
                g_string_append_unichar(row, cell->ch);
        }
    }
    cs_record(PHASE_GRAPH_WHOLE_PAN, started);
}

static CsConstraintGraph *cs_whole_graph(const CsSession *session, gboolean **stopping,
                                         CsConstraintGraph *previous)
{
    int count = 0;
    g_free(*stopping);
    *stopping = cs_constraint_graph_stopping(session->solution, &count);
    CsGraphOptions options = {
        .focus = -1, .stopping = *stopping, .stopping_count = count, .wrap = 199};
    return cs_constraint_graph_rebuild(session->model, session->solution, &options, previous);
}

/* The first frame of the console after an edit in the whole graph: the
 * Transition Summary read (untimed, as the console reads it before),
 * what stops taken from it, the graph laid out again from the one kept
 * for the solution before, then the rows of a 200x60 screen copied out. */
static void cs_time_graph_after_edit(CsSession *session, CsEditLog *log, int phase)
{
    g_autofree gboolean *before_stopping = NULL, *stopping = NULL;
    if (!cs_edit_undo(log))
        cs_fail("undo", NULL);
    cs_refresh(session, "undo");
    CsConstraintGraph *before = cs_whole_graph(session, &before_stopping, NULL);
    if (!cs_edit_redo(log))
        cs_fail("redo", NULL);
    cs_refresh(session, "redo");
    cs_solution_transition(session->solution); /* the console's read_transition */
    double started = cs_now_ms();
    int count = 0;
    stopping = cs_constraint_graph_stopping(session->solution, &count);
    CsGraphOptions options = {
        .focus = -1, .stopping = stopping, .stopping_count = count, .wrap = 199};
    g_autoptr(CsConstraintGraph) graph =
        cs_constraint_graph_rebuild(session->model, session->solution, &options, before);
    for (int y = 0; y < 60 && y < graph->height; y++)
        g_free(cs_constraint_graph_row_text(graph, y));
    cs_record(phase, started);
    cs_collect(session);
}

static void cs_run_graph_edits(CsSession *session, int repeat)
{
    g_autoptr(GError) error = NULL;
    const char *rsc_id, *node_uname;
    if (!cs_pick_placed(session, &rsc_id, &node_uname))
        cs_fail("no placed primitive to edit", NULL);
    g_autofree char *rsc = g_strdup(rsc_id), *node = g_strdup(node_uname);
    if (!cs_edit_ban(session->log, rsc, node, NULL, &error))
        cs_fail("ban", error);
    cs_refresh(session, "ban");
    for (int i = 0; i < repeat; i++)
        cs_time_graph_after_edit(session, session->log, PHASE_GRAPH_WHOLE_EDIT);
    cs_undo_and_refresh(session, -1);
    if (!cs_edit_stickiness(session->log, rsc, "50", &error))
        cs_fail("stickiness", error);
    cs_refresh(session, "stickiness");
    for (int i = 0; i < repeat; i++)
        cs_time_graph_after_edit(session, session->log, PHASE_GRAPH_WHOLE_EDIT_SAME);
    cs_undo_and_refresh(session, -1);
}

static void cs_run_graphs(CsSession *session, int repeat)
{
    /* the console reads which resources stop from its Transition
     * Summary, once per solution: not part of a frame */
    int count = 0;
    g_autofree gboolean *stopping = cs_constraint_graph_stopping(session->solution, &count);
    int focus = cs_most_constrained(session->model);
    for (int i = 0; i < repeat; i++) {
        cs_time_graph(session, stopping, focus, 2, PHASE_GRAPH_FOCUS2);
        cs_time_graph(session, stopping, focus, 4, PHASE_GRAPH_FOCUS4);
        cs_time_graph(session, stopping, -1, 0, PHASE_GRAPH_WHOLE);
        cs_time_graph_pan(session, stopping);
    }
}

int main(int argc, char **argv)
{
    int repeat = 3, named = 0;
    const char *path = NULL;
    g_autofree CsCommandPhase *edits = g_new0(CsCommandPhase, argc);
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);

    for (int i = 1; i < argc; i++) {
        const char *equals = i + 1 < argc ? strchr(argv[i + 1], '=') : NULL;

        if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc)
            repeat = atoi(argv[++i]);
        else if (strcmp(argv[i], "--cpu") == 0)
            cpu_time = TRUE;
        else if (strcmp(argv[i], "--edit") == 0 && equals != NULL) {
            char *name = g_strndup(argv[i + 1], (gsize)(equals - argv[i + 1]));
            g_ptr_array_add(names, name);
            edits[named++] = (CsCommandPhase){name, equals + 1, -1};
            i++;
        } else
            path = argv[i];
    }
    if (path == NULL || repeat < 1) {
        fprintf(stderr,
                "usage: bench-phases FILE [--repeat N] [--cpu] [--edit NAME=COMMAND ...]\n");
        return 1;
    }
    for (int i = 0; i < repeat; i++)
        cs_run_pipeline(path);

    g_autoptr(GError) error = NULL;
    CsSession *session = cs_session_open(path, NULL, &error);
    if (session == NULL)
        cs_fail("session", error);
    if (named > 0) {
        for (int i = 0; i < repeat; i++)
            cs_run_named_edits(session, edits, named);
        cs_session_free(session);
        cs_print_named(edits, named);
        return 0;
    }
    for (int i = 0; i < repeat; i++) {
        cs_run_edits(session);
        cs_run_commands(session);
    }
    cs_run_graphs(session, repeat);
    cs_run_graph_edits(session, repeat);
    cs_session_free(session);

    for (int i = 0; i < PHASE_COUNT; i++)
        printf("%s %.2f\n", phases[i].name, phases[i].best_ms);
    for (gsize i = 0; i < G_N_ELEMENTS(command_phases); i++)
        printf("%s %.2f\n", command_phases[i].name, command_phases[i].best_ms);
    for (int i = 0; i < HEAP_COUNT; i++)
        printf("%s %.1f\n", heap_names[i], heap_mib[i]);
    return 0;
}
