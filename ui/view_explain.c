/* view_explain.c: where every point of the selected cell's score comes
 * from, as the engine's provenance records it (cs_solution_explain). */
#include "view.h"

static void add_cell_heading(GPtrArray *lines, const CsConsole *console, int rsc, int node)
{
    CsLine *line = cs_line_add(lines);
    cs_line_append(line, CS_STYLE_HEADING, "Explain ");
    cs_line_append(line, CS_STYLE_EMPHASIS, "%s", cs_console_rsc_label(console, rsc));
    cs_line_append(line, CS_STYLE_NORMAL, " on ");
    cs_line_append(line, CS_STYLE_EMPHASIS, "%s", cs_console_node_label(console, node));
    if (console->solution != NULL) {
        char buf[CS_SCORE_BUFSIZE];
        CsScore score = cs_solution_score(console->solution, rsc, node);
        cs_line_append(line, CS_STYLE_NORMAL, "  score ");
        cs_line_append(line, cs_score_style(score), "%s", cs_score_format(score, buf));
    }
    gboolean here_now = cs_console_current_node(console, rsc) == node;
    gboolean planned_here = cs_console_planned_node(console, rsc) == node;
    if (here_now && planned_here)
        cs_line_append(line, CS_STYLE_MARKER, "  %s runs here and stays", cs_glyph(CS_GLYPH_STAYS));
    else if (here_now && console->solution != NULL)
        cs_line_append(line, CS_STYLE_ACTION_MOVE, "  %s runs here, will leave", cs_glyph(CS_GLYPH_LEAVES));
    else if (here_now)
        cs_line_append(line, CS_STYLE_MARKER, "  %s runs here", cs_glyph(CS_GLYPH_STAYS));
    else if (planned_here)
        cs_line_append(line, CS_STYLE_ACTION_START, "  %s will run here", cs_glyph(CS_GLYPH_ARRIVES));
    cs_lines_add_text(lines, CS_STYLE_DIM, "Left/Right other node  [ ] other resource  Up/Down scroll");
    cs_line_add(lines);
}

static void add_breakdown(GPtrArray *lines, const CsConsole *console, int rsc, int node)
{
    if (console->solution == NULL) {
        cs_lines_add_text(lines, CS_STYLE_DIM, "  No breakdown: the engine gave no answer for this CIB.");
        return;
    }
    g_autoptr(GString) text = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    const char *rsc_id = cs_console_rsc(console, rsc)->id;
    const char *node_name = cs_console_node(console, node)->uname;
    if (!cs_solution_explain(console->solution, rsc_id, node_name, text, &error)) {
        g_autofree char *safe = cs_escape(error != NULL ? error->message : "no reason given");
        cs_lines_add_text(lines, CS_STYLE_ACTION_STOP, "  No breakdown: %s", safe);
        return;
    }
    if (text->len == 0)
        cs_lines_add_text(lines, CS_STYLE_DIM, "  The engine recorded no contributions.");
    cs_lines_add_raw(lines, CS_STYLE_NORMAL, text->str);
}

static GPtrArray *explain_lines(const CsConsole *console)
{
    GPtrArray *lines = cs_lines_new();
    int rsc = cs_console_selected_rsc(console);
    int node = cs_console_selected_node(console);
    if (rsc < 0 || node < 0) {
        cs_lines_add_text(lines, CS_STYLE_HEADING, "Explain");
        cs_lines_add_text(lines, CS_STYLE_DIM, "  Select a resource and a node in 1 Matrix first.");
        return lines;
    }
    add_cell_heading(lines, console, rsc, node);
    add_breakdown(lines, console, rsc, node);
    return lines;
}

static void explain_draw(CsConsole *console, const CsRect *area)
{
    g_autoptr(GPtrArray) lines = explain_lines(console);
    cs_lines_draw(lines, area, &console->scroll[CS_VIEW_EXPLAIN]);
}

/* Another cell: the matrix cursor moves, so the matrix agrees on return. */
static gboolean move_cell(CsConsole *console, int key)
{
    switch (key) {
    case KEY_LEFT: case 'h': console->cursor_node = MAX(0, console->cursor_node - 1); break;
    case KEY_RIGHT: case 'l':
        console->cursor_node = MIN(cs_console_node_count(console) - 1, console->cursor_node + 1);
        break;
    case '[': console->cursor_row = MAX(0, console->cursor_row - 1); break;
    case ']': console->cursor_row = MIN((int)console->rows->len - 1, console->cursor_row + 1); break;
    default: return FALSE;
    }
    console->scroll[CS_VIEW_EXPLAIN] = 0;
    return TRUE;
}

static gboolean explain_key(CsConsole *console, int key, const CsRect *area)
{
    if (move_cell(console, key))
        return TRUE;
    g_autoptr(GPtrArray) lines = explain_lines(console);
    return cs_lines_key(key, &console->scroll[CS_VIEW_EXPLAIN], (int)lines->len, area->height);
}

const CsView cs_view_explain = { "Explain", explain_draw, explain_key };
