/* view_graph.c: the colocation and ordering constraints as a tree around
 * the selected resource (or all of them), scores and kinds on each edge.
 *
 * Pacemaker Explained 2.1, "Specifying the Order in which Resources
 * Should Start/Stop" and "Placing Resources Relative to other
 * Resources": a colocation of +/-INFINITY and an order of kind Mandatory
 * are requirements, the rest are preferences; those are drawn bold.
 */
#include <string.h>
#include "view.h"

#define RELATION_WIDTH_MAX 44

/* rsc is the focus, one of its containers, or one of its members. */
static gboolean in_family(const CsConsole *console, int focus, int rsc)
{
    if (focus < 0 || rsc < 0)
        return FALSE;
    for (int up = focus; up >= 0; up = cs_console_rsc(console, up)->parent)
        if (up == rsc)
            return TRUE;
    for (int up = rsc; up >= 0; up = cs_console_rsc(console, up)->parent)
        if (up == focus)
            return TRUE;
    return FALSE;
}

static gboolean shows_edge(const CsConsole *console, int focus, int one, int other)
{
    return console->graph_all || in_family(console, focus, one) || in_family(console, focus, other);
}

static char *role_suffix(CsRole role)
{
    return role == CS_ROLE_UNKNOWN ? g_strdup("") : g_strdup_printf(" (%s)", cs_role_name(role));
}

static char *colocation_relation(const CsConsole *console, const CsColocation *colocation)
{
    g_autofree char *rsc_role = role_suffix(colocation->rsc_role);
    g_autofree char *with_role = role_suffix(colocation->with_role);
    return g_strdup_printf("%s%s %s %s%s", cs_console_rsc_label(console, colocation->rsc), rsc_role,
                           cs_glyph(CS_GLYPH_ARROW), cs_console_rsc_label(console, colocation->with_rsc),
                           with_role);
}

static const char *colocation_kind(const CsColocation *colocation)
{
    if (colocation->score >= CS_INFINITY)
        return "mandatory";
    if (colocation->score <= -CS_INFINITY)
        return "mandatory apart";
    return colocation->score < 0 ? "apart" : "advisory";
}

static char *order_relation(const CsConsole *console, const CsOrder *order)
{
    g_autofree char *first_action = cs_escape(order->first_action ? order->first_action : "start");
    g_autofree char *then_action = cs_escape(order->then_action ? order->then_action : "start");
    return g_strdup_printf("%s %s %s %s %s", cs_console_rsc_label(console, order->first), first_action,
                           cs_glyph(CS_GLYPH_ARROW), cs_console_rsc_label(console, order->then), then_action);
}

static const char *order_kind(const CsOrder *order)
{
    switch (order->kind) {
    case CS_ORDER_MANDATORY: return "Mandatory";
    case CS_ORDER_OPTIONAL: return "Optional";
    case CS_ORDER_SERIALIZE: return "Serialize";
    }
    return "?";
}

/* One edge: branch, relation, score, kind, notes, constraint id. */
static void add_edge(GPtrArray *lines, gboolean last, const char *relation, int relation_width,
                     const char *score, CsStyle score_style, const char *kind, gboolean mandatory,
                     const char *notes, const char *raw_id)
{
    g_autofree char *id = cs_escape(raw_id);
    CsLine *line = cs_line_add(lines);
    cs_line_append(line, CS_STYLE_DIM, " %s ", cs_glyph(last ? CS_GLYPH_LAST_BRANCH : CS_GLYPH_BRANCH));
    CsStyle style = mandatory ? CS_STYLE_EMPHASIS : CS_STYLE_NORMAL;
    cs_line_append_fit(line, style, relation, relation_width + 1, FALSE);
    if (score != NULL)
        cs_line_append_fit(line, score_style, score, 9, TRUE);
    cs_line_append(line, style, "  %s", kind);
    if (notes[0] != '\0')
        cs_line_append(line, CS_STYLE_NORMAL, ", %s", notes);
    cs_line_append(line, CS_STYLE_DIM, "  %s", id);
}

static int relation_width(GPtrArray *relations)
{
    int width = 8;
    for (guint i = 0; i < relations->len; i++)
        width = MAX(width, cs_text_width(g_ptr_array_index(relations, i)));
    return MIN(width, RELATION_WIDTH_MAX);
}

static void add_colocations(GPtrArray *lines, const CsConsole *console, int focus)
{
    g_autoptr(GPtrArray) shown = g_ptr_array_new();
    g_autoptr(GPtrArray) relations = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < console->model->colocations->len; i++) {
        CsColocation *colocation = g_ptr_array_index(console->model->colocations, i);
        if (!shows_edge(console, focus, colocation->rsc, colocation->with_rsc))
            continue;
        g_ptr_array_add(shown, colocation);
        g_ptr_array_add(relations, colocation_relation(console, colocation));
    }
    cs_lines_add_text(lines, CS_STYLE_HEADING, "Colocations (dependent %s placed with)", cs_glyph(CS_GLYPH_ARROW));
    if (shown->len == 0)
        cs_lines_add_text(lines, CS_STYLE_DIM, "   none");
    int width = relation_width(relations);
    for (guint i = 0; i < shown->len; i++) {
        const CsColocation *colocation = g_ptr_array_index(shown, i);
        char buf[CS_SCORE_BUFSIZE];
        g_autofree char *attribute = NULL;
        if (colocation->node_attribute != NULL && strcmp(colocation->node_attribute, "#uname") != 0) {
            g_autofree char *safe = cs_escape(colocation->node_attribute);
            attribute = g_strdup_printf("by node attribute %s", safe);
        }
        const char *notes = attribute != NULL ? attribute : colocation->influence ? "" : "influence=false";
        add_edge(lines, i + 1 == shown->len, g_ptr_array_index(relations, i), width,
                 cs_score_format(colocation->score, buf), cs_score_style(colocation->score),
                 colocation_kind(colocation), colocation->score >= CS_INFINITY || colocation->score <= -CS_INFINITY,
                 notes, colocation->id);
    }
}

static void add_orders(GPtrArray *lines, const CsConsole *console, int focus)
{
    g_autoptr(GPtrArray) shown = g_ptr_array_new();
    g_autoptr(GPtrArray) relations = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < console->model->orders->len; i++) {
        CsOrder *order = g_ptr_array_index(console->model->orders, i);
        if (!shows_edge(console, focus, order->first, order->then))
            continue;
        g_ptr_array_add(shown, order);
        g_ptr_array_add(relations, order_relation(console, order));
    }
    cs_lines_add_text(lines, CS_STYLE_HEADING, "Orders (first %s then)", cs_glyph(CS_GLYPH_ARROW));
    if (shown->len == 0)
        cs_lines_add_text(lines, CS_STYLE_DIM, "   none");
    int width = relation_width(relations);
    for (guint i = 0; i < shown->len; i++) {
        const CsOrder *order = g_ptr_array_index(shown, i);
        add_edge(lines, i + 1 == shown->len, g_ptr_array_index(relations, i), width, NULL,
                 CS_STYLE_NORMAL, order_kind(order), order->kind == CS_ORDER_MANDATORY,
                 order->symmetrical ? "symmetrical" : "asymmetrical", order->id);
    }
}

static GPtrArray *graph_lines(const CsConsole *console)
{
    GPtrArray *lines = cs_lines_new();
    int focus = cs_console_selected_rsc(console);
    CsLine *title = cs_line_add(lines);
    cs_line_append(title, CS_STYLE_HEADING, "Constraints ");
    if (console->model == NULL)
        return lines;
    if (console->graph_all || focus < 0) {
        cs_line_append(title, CS_STYLE_EMPHASIS, "all");
        cs_line_append(title, CS_STYLE_DIM, "  (a: only the selected resource's)");
    } else {
        cs_line_append(title, CS_STYLE_NORMAL, "around ");
        cs_line_append(title, CS_STYLE_EMPHASIS, "%s", cs_console_rsc_label(console, focus));
        cs_line_append(title, CS_STYLE_DIM, "  (a: all; [ ] other resource)");
    }
    cs_line_add(lines);
    add_colocations(lines, console, focus);
    cs_line_add(lines);
    add_orders(lines, console, focus);
    cs_line_add(lines);
    cs_lines_add_text(lines, CS_STYLE_DIM, "Bold edges are mandatory: +/-INFINITY colocations, Mandatory orders.");
    return lines;
}

static void graph_draw(CsConsole *console, const CsRect *area)
{
    g_autoptr(GPtrArray) lines = graph_lines(console);
    cs_lines_draw(lines, area, &console->scroll[CS_VIEW_GRAPH]);
}

static gboolean graph_key(CsConsole *console, int key, const CsRect *area)
{
    switch (key) {
    case 'a':
        console->graph_all = !console->graph_all;
        console->scroll[CS_VIEW_GRAPH] = 0;
        return TRUE;
    case '[':
        console->cursor_row = MAX(0, console->cursor_row - 1);
        return TRUE;
    case ']':
        console->cursor_row = MIN((int)console->rows->len - 1, console->cursor_row + 1);
        return TRUE;
    default:
        break;
    }
    g_autoptr(GPtrArray) lines = graph_lines(console);
    return cs_lines_key(key, &console->scroll[CS_VIEW_GRAPH], (int)lines->len, area->height);
}

const CsView cs_view_graph = { "Graph", graph_draw, graph_key };
