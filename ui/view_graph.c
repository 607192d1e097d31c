/* view_graph.c: the constraint graph (explain/graph.h lays it out; this
 * view copies the grid to the screen, pans across it and picks edges).
 *
 * Focus mode shows the selected resource's neighbourhood to a depth (+/-);
 * `a` shows every resource.  Mandatory constraints are drawn heavy and
 * bold, cycles and unmet requirements in the -INFINITY colour with a "!".
 *
 * Pacemaker Explained 2.1, "Specifying the Order in which Resources
 * Should Start/Stop" and "Placing Resources Relative to other
 * Resources": a colocation of +/-INFINITY and an order of kind Mandatory
 * are requirements, the rest are preferences; those are drawn bold.
 */
#include <string.h>
#include "view.h"
#include "explain/graph.h"

#define DEPTH_DEFAULT 2
#define DEPTH_MAX 9
#define FLAG_LINES_MAX 2
#define PAN_COLUMNS 4
#define LEGEND_ROWS 3 /* a blank row and the legend's two */
/* A CIB this small opens on the whole graph; a larger one on the
 * selected resource's neighbourhood. */
#define WHOLE_GRAPH_MAX 50

struct CsGraphState {
    CsConstraintGraph *graph; /* as last built, or NULL */
    /* what it was built from */
    const CsModel *model;
    const CsSolution *solution;
    guint generation;
    int focus, depth;
    gboolean all, node_boxes, utf8, with_actions;
    gboolean *stopping; /* what the last build was given */
    int left, top;      /* pan: the grid cell at the area's corner */
    int edge;           /* the selected edge, or -1 */
    int wrap;           /* the width it was laid out for */
};

void cs_graph_state_free(CsGraphState *state)
{
    if (state == NULL)
        return;
    cs_constraint_graph_free(state->graph);
    g_free(state->stopping);
    g_free(state);
}

static CsGraphState *graph_state(CsConsole *console)
{
    if (console->graph_state == NULL) {
        console->graph_state = g_new0(CsGraphState, 1);
        console->graph_state->depth = DEPTH_DEFAULT;
        console->graph_state->edge = -1;
        if (console->model != NULL)
            console->graph_all = console->model->resources->len <= WHOLE_GRAPH_MAX;
    }
    return console->graph_state;
}

/* The resources the Transition Summary stops although they stay
 * assigned, or whose start it blocks, read from the transition's actions
 * (cs_constraint_graph_stopping).  The transition is read after the first
 * frame of a new solution (transition_pending): until then "next" is the
 * assignment alone. */
static const gboolean *graph_stopping(const CsConsole *console, CsGraphState *state)
{
    g_clear_pointer(&state->stopping, g_free);
    if (console->solution == NULL || console->transition_pending || console->plan == NULL)
        return NULL;
    int count = 0;
    state->stopping = cs_constraint_graph_stopping(console->solution, &count);
    return state->stopping;
}

/* The filter (/) narrows the graph too: to the neighbourhood of the
 * selected resource among those whose id holds it. */
static int graph_focus(const CsConsole *console)
{
    return console->graph_all && console->filter->len == 0 ? -1 : cs_console_selected_rsc(console);
}

/* Whether the graph kept may be drawn once more for a new solution whose
 * transition is not read yet: doc/DESIGN.md "Performance" gives a frame
 * 16 ms, and laying out every resource of 32 x 2,000 takes most of one.
 * A new solution would be laid out twice, before its transition is read
 * and after (what stops changes the boxes); the frame in between shows
 * the graph as it was, and the next frame, drawn as soon as the
 * transition is read, the new one.  Only the grid is read from it, never
 * the model it was built from; keys always get the current graph. */
static gboolean may_lag(const CsConsole *console, const CsGraphState *state, int focus,
                        gboolean utf8, int width)
{
    return state->graph != NULL && console->transition_pending && console->solution != NULL
           && state->focus == focus && state->all == console->graph_all && state->utf8 == utf8
           && state->wrap == width;
}

/* The graph for the console as it is now: rebuilt only when the
 * solution, the focus or an option changed (for a draw, see may_lag). */
static const CsConstraintGraph *current_graph(CsConsole *console, int width, gboolean drawing)
{
    CsGraphState *state = graph_state(console);
    if (console->model == NULL)
        return NULL;
    int focus = graph_focus(console);
    gboolean utf8 = cs_draw_is_utf8();
    if (drawing && may_lag(console, state, focus, utf8, width))
        return state->graph;
    gboolean with_actions = console->solution != NULL && !console->transition_pending;
    if (state->graph != NULL && state->model == console->model
        && state->solution == console->solution && state->generation == console->generation
        && state->focus == focus && state->all == console->graph_all && state->utf8 == utf8
        && state->with_actions == with_actions && state->wrap == width)
        return state->graph;
    gboolean moved =
        state->graph == NULL || state->focus != focus || state->all != console->graph_all;
    CsGraphOptions options = {.focus = focus,
                              .depth = state->depth,
                              .node_boxes = state->node_boxes,
                              .ascii = !utf8,
                              .stopping = graph_stopping(console, state),
                              .stopping_count = console->engine_count,
                              .wrap = width};
    /* after an edit most boxes and every edge keep their shape: the
     * layout is kept then (doc/graph.md "The layout") */
    state->graph = cs_constraint_graph_rebuild(console->model, console->solution, &options,
                                               g_steal_pointer(&state->graph));
    state->model = console->model;
    state->solution = console->solution;
    state->generation = console->generation;
    state->focus = focus;
    state->all = console->graph_all;
    state->utf8 = utf8;
    state->with_actions = with_actions;
    state->wrap = width;
    if (moved || state->edge >= (int)state->graph->edges->len)
        state->edge = -1;
    if (moved)
        state->left = state->top = -1; /* centred on the focus at the next draw */
    return state->graph;
}

static void rebuild(CsConsole *console)
{
    CsGraphState *state = graph_state(console);
    cs_constraint_graph_free(state->graph);
    state->graph = NULL;
}

static CsStyle cell_style(const CsGraphCell *cell, gboolean selected)
{
    if (selected)
        return CS_STYLE_CURSOR;
    switch ((CsGraphCellKind)cell->kind) {
    case CS_GRAPH_CELL_TITLE: return CS_STYLE_HEADING;
    case CS_GRAPH_CELL_BOX: return CS_STYLE_DIM;
    case CS_GRAPH_CELL_LINE: return CS_STYLE_NORMAL;
    case CS_GRAPH_CELL_MANDATORY: return CS_STYLE_EMPHASIS;
    case CS_GRAPH_CELL_LABEL: return CS_STYLE_SCORE_POSITIVE;
    case CS_GRAPH_CELL_FLAG: return CS_STYLE_SCORE_MINUS_INFINITY;
    case CS_GRAPH_CELL_FOCUS: return CS_STYLE_EMPHASIS;
    case CS_GRAPH_CELL_BLANK:
    case CS_GRAPH_CELL_TEXT: break;
    }
    return CS_STYLE_NORMAL;
}

/* One screen row of the grid, in runs of one style. */
static void draw_grid_row(const CsConstraintGraph *graph, int grid_y, int left, int y, int x,
                          int width, int selected_edge)
{
    GString *run = g_string_new(NULL);
    int run_x = x, column = x;
    CsStyle run_style = CS_STYLE_NORMAL;
    for (int grid_x = left; grid_x < graph->width && column < x + width; grid_x++) {
        const CsGraphCell *cell = cs_constraint_graph_cell(graph, grid_x, grid_y);
        if (cell->ch == 0)
            continue;
        gboolean selected =
            selected_edge >= 0 && cell->edge == selected_edge
            && (cell->kind == CS_GRAPH_CELL_LABEL
                || (cell->ch != ' '
                    && (cell->kind == CS_GRAPH_CELL_LINE || cell->kind == CS_GRAPH_CELL_MANDATORY
                        || cell->kind == CS_GRAPH_CELL_FLAG)));
        CsStyle style = cell_style(cell, selected);
        int cell_width = g_unichar_iswide(cell->ch) ? 2 : 1;
        if (column + cell_width > x + width)
            break;
        if (style != run_style && run->len > 0) {
            cs_draw_text(y, run_x, column - run_x, run->str, run_style);
            g_string_truncate(run, 0);
        }
        if (run->len == 0) {
            run_x = column;
            run_style = style;
        }
        g_string_append_unichar(run, cell->ch);
        column += cell_width;
    }
    if (run->len > 0)
        cs_draw_text(y, run_x, column - run_x, run->str, run_style);
    g_string_free(run, TRUE);
}

/* Keeps the pan inside the grid; -1 centres on the focus box. */
static void clamp_pan(const CsConsole *console, CsGraphState *state, const CsConstraintGraph *graph,
                      int width, int height)
{
    if (state->left < 0 || state->top < 0) {
        int box = cs_constraint_graph_box_of(graph, graph_focus(console));
        state->left = state->top = 0;
        if (box >= 0) {
            const CsGraphBox *info = &g_array_index(graph->boxes, CsGraphBox, box);
            state->left = info->x + info->width / 2 - width / 2;
            state->top = info->y + info->height / 2 - height / 2;
        }
    }
    state->left = CLAMP(state->left, 0, MAX(0, graph->width - width));
    state->top = CLAMP(state->top, 0, MAX(0, graph->height + LEGEND_ROWS - height));
}

static void draw_header(CsConsole *console, const CsConstraintGraph *graph, const CsRect *area)
{
    CsGraphState *state = graph_state(console);
    int focus = graph_focus(console);
    g_autofree char *title =
        focus >= 0 ? g_strdup_printf("Graph around %s, depth %d",
                                     cs_console_rsc_label(console, focus), state->depth)
                   : g_strdup("Graph of every resource");
    g_autofree char *counts =
        g_strdup_printf("  %u box%s, %u edge%s%s", graph->boxes->len,
                        graph->boxes->len == 1 ? "" : "es", graph->edges->len,
                        graph->edges->len == 1 ? "" : "s", state->node_boxes ? ", node boxes" : "");
    int used = cs_draw_text(area->y, area->x, area->width, title, CS_STYLE_HEADING);
    cs_draw_text(area->y, area->x + used, area->width - used, counts, CS_STYLE_DIM);
    const char *keys =
        "a all  +- depth  n N edge  Enter show  e explain  o nodes  hjkl pan  ! flags";
    cs_draw_text(area->y + 1, area->x, area->width, keys, CS_STYLE_DIM);
}

/* The first flags, each on a row; returns the rows used. */
static int draw_flags(const CsConstraintGraph *graph, const CsRect *area, int y)
{
    int rows = 0;
    for (guint i = 0; i < graph->flags->len && rows < FLAG_LINES_MAX; i++, rows++) {
        gboolean last = rows + 1 == FLAG_LINES_MAX && i + 1 < graph->flags->len;
        g_autofree char *text =
            last ? g_strdup_printf("! %u more: press ! for the list", graph->flags->len - i)
                 : g_strdup_printf("! %s", (const char *)g_ptr_array_index(graph->flags, i));
        /* cut with an ellipsis: ! lists each whole */
        g_autofree char *fitted = cs_fit(text, area->width, FALSE);
        cs_draw_text(y + rows, area->x, area->width, fitted, CS_STYLE_SCORE_MINUS_INFINITY);
    }
    return rows;
}

/* Below the picture, when panned to its bottom: how to read it. */
static void draw_legend(const CsConstraintGraph *graph, const CsRect *area, int y, int bottom)
{
    if (graph->edges->len == 0)
        return;
    const char *legend = cs_constraint_graph_legend(graph);
    for (const char *line = legend; *line != '\0' && y < bottom; y++) {
        const char *end = strchr(line, '\n');
        g_autofree char *text = g_strndup(line, end != NULL ? (gsize)(end - line) : strlen(line));
        if (y >= area->y)
            cs_draw_text(y, area->x, area->width, text, CS_STYLE_DIM);
        line = end != NULL ? end + 1 : line + strlen(line);
    }
}

static void graph_draw(CsConsole *console, const CsRect *area)
{
    const CsConstraintGraph *graph = current_graph(console, area->width, TRUE);
    if (graph == NULL) {
        cs_draw_text(area->y, area->x, area->width, "No graph: the CIB is not modelled.",
                     CS_STYLE_DIM);
        return;
    }
    CsGraphState *state = graph_state(console);
    draw_header(console, graph, area);
    int y = area->y + 2;
    y += draw_flags(graph, area, y);
    int height = area->y + area->height - y;
    clamp_pan(console, state, graph, area->width, height);
    for (int row = 0; row < height && state->top + row < graph->height; row++)
        draw_grid_row(graph, state->top + row, state->left, y + row, area->x, area->width,
                      state->edge);
    draw_legend(graph, area, y + graph->height + 1 - state->top, area->y + area->height);
    if (graph->boxes->len == 0)
        cs_draw_text(y, area->x, area->width, "No resources.", CS_STYLE_DIM);
    if (state->left > 0)
        cs_draw_text(y + height / 2, area->x, 1, cs_glyph(CS_GLYPH_MORE_LEFT), CS_STYLE_MARKER);
    if (state->left + area->width < graph->width)
        cs_draw_text(y + height / 2, area->x + area->width - 1, 1, cs_glyph(CS_GLYPH_MORE_RIGHT),
                     CS_STYLE_MARKER);
}

static int by_label_position(gconstpointer a, gconstpointer b, gpointer data)
{
    const CsConstraintGraph *graph = data;
    const CsGraphEdge *one = &g_array_index(graph->edges, CsGraphEdge, *(const int *)a);
    const CsGraphEdge *other = &g_array_index(graph->edges, CsGraphEdge, *(const int *)b);
    if (one->label_y != other->label_y)
        return one->label_y - other->label_y;
    return one->label_x - other->label_x;
}

/* n / N: the next edge in reading order, its label brought into view. */
static void select_edge(CsGraphState *state, const CsConstraintGraph *graph, int step,
                        const CsRect *area)
{
    int count = (int)graph->edges->len;
    if (count == 0)
        return;
    g_autofree int *order = g_new(int, count);
    int at = -1;
    for (int i = 0; i < count; i++)
        order[i] = i;
    g_qsort_with_data(order, count, sizeof(int), by_label_position, (gpointer)graph);
    for (int i = 0; i < count; i++)
        if (order[i] == state->edge)
            at = i;
    at = at < 0 ? (step > 0 ? 0 : count - 1) : (at + step + count) % count;
    state->edge = order[at];
    const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, state->edge);
    int rows = area->height - 4, columns = area->width - 1;
    if (edge->label_x < state->left || edge->label_x + 10 > state->left + columns)
        state->left = edge->label_x - columns / 3;
    if (edge->label_y < state->top || edge->label_y >= state->top + rows)
        state->top = edge->label_y - rows / 2;
}

static void open_details(CsConsole *console, const CsConstraintGraph *graph)
{
    CsGraphState *state = graph_state(console);
    int focus = cs_constraint_graph_box_of(graph, graph_focus(console));
    if (state->edge < 0 && focus < 0) {
        cs_console_say(console, FALSE, "Select an edge first: n / N.");
        return;
    }
    g_free(console->output);
    /* no edge selected: the focus's box, every location on it */
    console->output = state->edge >= 0
                          ? cs_constraint_graph_edge_details(graph, console->model, state->edge)
                          : cs_constraint_graph_box_details(graph, console->model, focus);
    console->output_scroll = 0;
}

static void open_flags(CsConsole *console, const CsConstraintGraph *graph)
{
    if (graph->flags->len == 0) {
        cs_console_say(console, FALSE, "No cycle and no unmet mandatory constraint in this graph.");
        return;
    }
    GString *text = g_string_new("Cycles and mandatory constraints that cannot all be met:\n");
    for (guint i = 0; i < graph->flags->len; i++)
        g_string_append_printf(text, "! %s\n", (const char *)g_ptr_array_index(graph->flags, i));
    g_free(console->output);
    console->output = g_string_free(text, FALSE);
    console->output_scroll = 0;
}

/* e: Explain on the selected edge's dependent (or then), on the node it
 * is planned on, where the breakdown lists a colocation's share. */
static void explain_edge(CsConsole *console, const CsConstraintGraph *graph)
{
    CsGraphState *state = graph_state(console);
    if (state->edge < 0) {
        cs_console_say(console, FALSE, "Select an edge first: n / N.");
        return;
    }
    const CsGraphEdge *edge = &g_array_index(graph->edges, CsGraphEdge, state->edge);
    int rsc = g_array_index(graph->boxes, CsGraphBox, edge->to).rsc;
    for (guint row = 0; row < console->rows->len; row++) {
        const CsRow *info = &g_array_index(console->rows, CsRow, row);
        /* a bundle's replica part is a box of its own, and an instance
         * row of the bundle's in the Matrix */
        if (info->instance != rsc && (info->rsc != rsc || info->instance >= 0))
            continue;
        console->cursor_row = (int)row;
        int node = cs_console_planned_node(console, rsc);
        if (node < 0)
            node = cs_console_current_node(console, rsc);
        if (node >= 0)
            console->cursor_node = node;
        console->view = CS_VIEW_EXPLAIN;
        return;
    }
    cs_console_say(console, TRUE, "%s is not in the Matrix (a filter hides it?)",
                   cs_console_rsc_label(console, rsc));
}

static gboolean pan_key(CsGraphState *state, int key, const CsRect *area)
{
    switch (key) {
    case KEY_LEFT:
    case 'h': state->left = MAX(0, state->left - PAN_COLUMNS); return TRUE;
    case KEY_RIGHT:
    case 'l': state->left += PAN_COLUMNS; return TRUE;
    case KEY_UP:
    case 'k': state->top = MAX(0, state->top - 1); return TRUE;
    case KEY_DOWN:
    case 'j': state->top++; return TRUE;
    case KEY_PPAGE: state->top = MAX(0, state->top - (area->height - 4)); return TRUE;
    case KEY_NPAGE: state->top += area->height - 4; return TRUE;
    case KEY_HOME:
    case 'g': state->left = state->top = 0; return TRUE;
    default: return FALSE;
    }
}

static gboolean graph_key(CsConsole *console, int key, const CsRect *area)
{
    CsGraphState *state = graph_state(console);
    const CsConstraintGraph *graph = current_graph(console, area->width - 1, FALSE);
    if (graph == NULL)
        return FALSE;
    if (pan_key(state, key, area))
        return TRUE;
    switch (key) {
    case 'a': console->graph_all = !console->graph_all; return TRUE;
    case '+':
    case '=':
        state->depth = MIN(DEPTH_MAX, state->depth + 1);
        rebuild(console);
        return TRUE;
    case '-':
        state->depth = MAX(0, state->depth - 1);
        rebuild(console);
        return TRUE;
    case 'o':
        state->node_boxes = !state->node_boxes;
        rebuild(console);
        return TRUE;
    case 'n': select_edge(state, graph, 1, area); return TRUE;
    case 'N': select_edge(state, graph, -1, area); return TRUE;
    case '\n':
    case '\r':
    case KEY_ENTER: open_details(console, graph); return TRUE;
    case '!': open_flags(console, graph); return TRUE;
    case 'e': explain_edge(console, graph); return TRUE;
    case '[': console->cursor_row = MAX(0, console->cursor_row - 1); return TRUE;
    case ']':
        console->cursor_row = MIN((int)console->rows->len - 1, console->cursor_row + 1);
        return TRUE;
    default: return FALSE;
    }
}

const CsView cs_view_graph = {"Graph", graph_draw, graph_key};
