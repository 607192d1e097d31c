/* view_matrix.c: resources down, nodes across, the engine's score in each
 * cell.  The resource names (left) and node names (top) stay put while
 * the cells scroll both ways, as in a spreadsheet. */
#include <string.h>
#include "view.h"

/* "Recover", "Promote" and "Migrate" fit; "Re-promote" gets an ellipsis. */
#define ACTION_WIDTH 9

typedef struct MatrixLayout {
    int name_width;
    int cell_width;          /* marker and score, without the gap before */
    int first_cell_x;
    int visible_nodes;
    int header_y;
    int rows_y, rows_height;
    int legend_y;            /* -1 when there is no room */
} MatrixLayout;

static gboolean is_container(const CsConsole *console, int rsc)
{
    const GArray *children = cs_console_rsc(console, rsc)->children;
    return children != NULL && children->len > 0;
}

/* Only configured resources fold: a clone's instances are always shown
 * with their members. */
static gboolean row_folds(const CsConsole *console, const CsRow *row)
{
    return row->instance < 0 && is_container(console, row->rsc);
}

/* In the engine's model: clone instances have depths too. */
static int rsc_depth(const CsConsole *console, int rsc)
{
    int depth = 0;
    for (int parent = cs_console_engine_rsc(console, rsc)->parent; parent >= 0;
         parent = cs_console_engine_rsc(console, parent)->parent)
        depth++;
    return depth;
}

/* The promotable clone above rsc (an instance), or NULL. */
static const CsResource *promotable_clone_of(const CsConsole *console, int rsc)
{
    const CsResource *info = cs_console_engine_rsc(console, rsc);
    for (int up = info != NULL ? info->parent : -1; up >= 0; up = cs_console_engine_rsc(console, up)->parent) {
        const CsResource *above = cs_console_engine_rsc(console, up);
        if (above->kind == CS_RSC_CLONE)
            return above->promotable ? above : NULL;
    }
    return NULL;
}

/* "Promoted" or "Unpromoted" for a placed instance of a promotable
 * clone (its role once the transition ran), else NULL. */
static const char *instance_role(const CsConsole *console, int rsc)
{
    if (console->solution == NULL || promotable_clone_of(console, rsc) == NULL
        || cs_solution_assigned_node(console->solution, rsc) < 0)
        return NULL;
    CsRole role = cs_solution_next_role(console->solution, rsc);
    return role == CS_ROLE_PROMOTED || role == CS_ROLE_UNPROMOTED ? cs_role_name(role) : NULL;
}

/* The name column's text, without indentation and fold mark: the id, a
 * clone's "(2/2, 1 prom)", an instance's "[Promoted]". */
static char *row_text(const CsConsole *console, int rsc)
{
    const char *label = cs_console_rsc_label(console, rsc);
    const char *role = instance_role(console, rsc);
    g_autofree char *summary = cs_console_clone_summary(console, rsc);
    if (summary != NULL)
        return g_strdup_printf("%s (%s)", label, summary);
    if (role != NULL)
        return g_strdup_printf("%s [%s]", label, role);
    return g_strdup(label);
}

/* The width row_text() would have, without making it: a width is the
 * sum of its characters' widths. */
static int row_text_width(const CsConsole *console, int rsc)
{
    int width = cs_text_width(cs_console_rsc_label(console, rsc));
    const char *role = instance_role(console, rsc);
    g_autofree char *summary = cs_console_clone_summary(console, rsc);

    if (summary != NULL)
        return width + 3 + cs_text_width(summary);      /* " (%s)" */
    if (role != NULL)
        return width + 3 + cs_text_width(role);         /* " [%s]" */
    return width;
}

/* row_text_width() of a top-level resource, which is no instance. */
static int top_text_width(const CsConsole *console, int rsc)
{
    int width = cs_text_width(cs_console_rsc_label(console, rsc));
    g_autofree char *summary = cs_console_clone_summary(console, rsc);

    return summary != NULL ? width + 3 + cs_text_width(summary) : width;
}

/* Over every resource (and clone instance), not only the shown ones, so
 * folding and filtering do not make the columns jump.  Measured once per
 * solution (cs_console_sync forgets it): on 2,000 resources it costs
 * more than drawing the screen. */
static int widest_row_label(CsConsole *console)
{
    if (console->row_label_width >= 0)
        return console->row_label_width;
    int widest = 0;
    int count = MAX(console->engine_count, cs_console_rsc_count(console));
    for (int rsc = 0; rsc < count; rsc++) {
        int depth = rsc_depth(console, rsc);

        /* Only an instance (depth > 0) can show a role. */
        widest = MAX(widest, depth * 2 + 2 + (depth > 0 ? row_text_width(console, rsc)
                                                        : top_text_width(console, rsc)));
    }
    console->row_label_width = widest;
    return widest;
}

static int widest_node_label(const CsConsole *console)
{
    int widest = 0;
    for (int node = 0; node < cs_console_node_count(console); node++)
        widest = MAX(widest, cs_text_width(cs_console_node_label(console, node)));
    return widest;
}

static MatrixLayout matrix_layout(CsConsole *console, const CsRect *area)
{
    MatrixLayout layout;
    layout.name_width = CLAMP(widest_row_label(console), 10, MAX(10, area->width * 2 / 5));
    /* Widest score text is "-999999" (7) after a 1-column marker. */
    layout.cell_width = CLAMP(widest_node_label(console), 7, 12) + 1;
    layout.first_cell_x = area->x + layout.name_width + 1 + ACTION_WIDTH;
    layout.visible_nodes = MAX(1, (area->x + area->width - layout.first_cell_x) / (layout.cell_width + 1));
    layout.header_y = area->y;
    layout.rows_y = area->y + 1;
    layout.legend_y = area->height >= 6 ? area->y + area->height - 1 : -1;
    layout.rows_height = MAX(1, area->height - 1 - (layout.legend_y >= 0 ? 1 : 0));
    return layout;
}

static void keep_cursor_visible(CsConsole *console, const MatrixLayout *layout)
{
    int row_count = (int)console->rows->len;
    int node_count = cs_console_node_count(console);
    console->cursor_row = CLAMP(console->cursor_row, 0, MAX(0, row_count - 1));
    console->cursor_node = CLAMP(console->cursor_node, 0, MAX(0, node_count - 1));
    if (console->cursor_row < console->top_row)
        console->top_row = console->cursor_row;
    if (console->cursor_row >= console->top_row + layout->rows_height)
        console->top_row = console->cursor_row - layout->rows_height + 1;
    console->top_row = CLAMP(console->top_row, 0, MAX(0, row_count - layout->rows_height));
    if (console->cursor_node < console->left_node)
        console->left_node = console->cursor_node;
    if (console->cursor_node >= console->left_node + layout->visible_nodes)
        console->left_node = console->cursor_node - layout->visible_nodes + 1;
    console->left_node = CLAMP(console->left_node, 0, MAX(0, node_count - layout->visible_nodes));
}

CsStyle cs_action_style(const char *verb)
{
    if (verb == NULL)
        return CS_STYLE_NORMAL;
    if (strcmp(verb, "Move") == 0 || strcmp(verb, "Migrate") == 0)
        return CS_STYLE_ACTION_MOVE;
    if (strcmp(verb, "Start") == 0)
        return CS_STYLE_ACTION_START;
    if (strcmp(verb, "Stop") == 0)
        return CS_STYLE_ACTION_STOP;
    return CS_STYLE_ACTION_OTHER;
}

/* A folded group shows what its first busy member will do. */
static const CsRscAction *row_action(const CsConsole *console, int rsc, gboolean folded)
{
    const CsRscAction *action = &console->actions[rsc];
    if (action->verb != NULL || !folded)
        return action;
    const GArray *children = cs_console_rsc(console, rsc)->children;
    for (guint i = 0; children != NULL && i < children->len; i++) {
        const CsRscAction *member = row_action(console, g_array_index(children, int, i), TRUE);
        if (member->verb != NULL)
            return member;
    }
    return action;
}

static void draw_header(const CsConsole *console, const MatrixLayout *layout, const CsRect *area)
{
    int y = layout->header_y;
    cs_draw_text(y, area->x, layout->name_width, "Resource", CS_STYLE_HEADING);
    cs_draw_text(y, area->x + layout->name_width + 1, ACTION_WIDTH, "Action", CS_STYLE_HEADING);
    int node_count = cs_console_node_count(console);
    for (int column = 0; column < layout->visible_nodes; column++) {
        int node = console->left_node + column;
        if (node >= node_count)
            break;
        const CsNode *node_info = cs_console_node(console, node);
        /* Nodes that cannot run anything are dimmed. */
        gboolean usable = node_info->online && !node_info->standby && !node_info->unclean;
        g_autofree char *label = cs_fit(cs_console_node_label(console, node), layout->cell_width, TRUE);
        int x = layout->first_cell_x + column * (layout->cell_width + 1) + 1;
        cs_draw_text(y, x, layout->cell_width, label, usable ? CS_STYLE_HEADING : CS_STYLE_DIM);
    }
    if (console->left_node > 0)
        cs_draw_text(y, layout->first_cell_x, 1, cs_glyph(CS_GLYPH_MORE_LEFT), CS_STYLE_MARKER);
    if (console->left_node + layout->visible_nodes < node_count)
        cs_draw_text(y, area->x + area->width - 1, 1, cs_glyph(CS_GLYPH_MORE_RIGHT), CS_STYLE_MARKER);
}

static char *row_label(const CsConsole *console, const CsRow *row)
{
    const char *fold = "  ";
    g_autofree char *fold_text = NULL;
    if (row_folds(console, row)) {
        fold_text = g_strdup_printf("%s ", cs_glyph(console->folded[row->rsc] ? CS_GLYPH_FOLDED
                                                                                : CS_GLYPH_UNFOLDED));
        fold = fold_text;
    }
    g_autofree char *text = row_text(console, cs_row_engine_rsc(row));
    return g_strdup_printf("%*s%s%s", row->depth * 2, "", fold, text);
}

static void draw_action(const CsConsole *console, const CsRow *row, int y, int x)
{
    const CsRscAction *action = row->instance >= 0 ? &console->actions[row->instance]
                                                   : row_action(console, row->rsc, console->folded[row->rsc]);
    if (action->verb == NULL)
        return;
    g_autofree char *safe = cs_escape(action->verb);
    g_autofree char *text = action->count > 1 ? g_strdup_printf("%s x%d", safe, action->count)
                                              : g_strdup(safe);
    g_autofree char *fitted = cs_fit(text, ACTION_WIDTH, FALSE);
    cs_draw_text(y, x, ACTION_WIDTH, fitted, cs_action_style(action->verb));
}

/* A clone's row marks a node by its instances: one runs there and one
 * will (stays), one runs there and none will (leaves), or one will run
 * there where none does (arrives). */
static void draw_clone_marker(const CsConsole *console, const CsResource *clone, int node, int y, int x)
{
    gboolean now = FALSE, planned = FALSE;
    for (guint i = 0; i < clone->children->len; i++) {
        int instance = g_array_index(clone->children, int, i);
        now = now || cs_solution_current_node(console->solution, instance) == node;
        planned = planned || cs_console_planned_node(console, instance) == node;
    }
    if (now && planned)
        cs_draw_text(y, x, 1, cs_glyph(CS_GLYPH_STAYS), CS_STYLE_MARKER);
    else if (now)
        cs_draw_text(y, x, 1, cs_glyph(CS_GLYPH_LEAVES), CS_STYLE_ACTION_MOVE);
    else if (planned)
        cs_draw_text(y, x, 1, cs_glyph(CS_GLYPH_ARRIVES), CS_STYLE_ACTION_START);
}

/* Current and planned locations, read from the solution; the status
 * section adds the other active instances of a clone, which the
 * solution's single current node cannot name.  An instance row has its
 * own current and planned node. */
static void draw_marker(const CsConsole *console, const CsRow *row, int node, int y, int x)
{
    int rsc = cs_row_engine_rsc(row);
    const CsResource *info = cs_console_engine_rsc(console, rsc);
    if (console->solution != NULL && info != NULL && info->kind == CS_RSC_CLONE) {
        draw_clone_marker(console, info, node, y, x);
        return;
    }
    int current = cs_console_current_node(console, rsc);
    int planned = cs_console_planned_node(console, rsc);
    gboolean here_now = current == node || (row->instance < 0 && cs_console_active_on(console, rsc, node));
    if (here_now && current == node && planned != node && console->solution != NULL)
        cs_draw_text(y, x, 1, cs_glyph(CS_GLYPH_LEAVES), CS_STYLE_ACTION_MOVE);
    else if (here_now)
        cs_draw_text(y, x, 1, cs_glyph(CS_GLYPH_STAYS), CS_STYLE_MARKER);
    else if (planned == node)
        cs_draw_text(y, x, 1, cs_glyph(CS_GLYPH_ARRIVES), CS_STYLE_ACTION_START);
}

/* With P: the promotion score crm_simulate prints for an instance, in
 * the column of its node; for a promotable clone's row, the highest of
 * its instances' in each column.  FALSE: nothing to show in this cell
 * (the row is not promotable, or no instance is promoted-scored here). */
static gboolean promotion_cell(const CsConsole *console, int rsc, int node, gboolean *applies, CsScore *score)
{
    const CsResource *info = cs_console_engine_rsc(console, rsc);
    *applies = FALSE;
    if (!console->show_promotion || console->solution == NULL || info == NULL)
        return FALSE;
    if (info->kind == CS_RSC_CLONE) {
        if (!info->promotable)
            return FALSE;
        *applies = TRUE;
        gboolean found = FALSE;
        for (guint i = 0; i < info->children->len; i++) {
            int each_node;
            CsScore each;
            if (cs_solution_promotion_score(console->solution, g_array_index(info->children, int, i), &each_node,
                                            &each)
                && each_node == node && (!found || each > *score)) {
                *score = each;
                found = TRUE;
            }
        }
        return found;
    }
    int line_node;
    if (!cs_solution_promotion_score(console->solution, rsc, &line_node, score))
        return FALSE;
    *applies = TRUE;
    return line_node == node;
}

static void draw_cell(const CsConsole *console, const MatrixLayout *layout, const CsRow *row, int node,
                      int y, int x, gboolean under_cursor)
{
    int rsc = cs_row_engine_rsc(row);
    draw_marker(console, row, node, y, x);
    attr_t cursor_attrs = under_cursor ? A_REVERSE : A_NORMAL;
    gboolean promotion_row;
    CsScore promotion = 0;
    gboolean has_promotion = promotion_cell(console, rsc, node, &promotion_row, &promotion);
    if (console->solution == NULL || (promotion_row && !has_promotion)) {
        g_autofree char *blank = cs_fit(cs_glyph(CS_GLYPH_NO_SCORE), layout->cell_width - 1, TRUE);
        cs_draw_text_attrs(y, x + 1, layout->cell_width - 1, blank, cs_style_attr(CS_STYLE_DIM) | cursor_attrs);
        return;
    }
    char buf[CS_SCORE_BUFSIZE], cell[32];
    CsScore score = promotion_row ? promotion : cs_solution_score(console->solution, rsc, node);
    const char *shown = cs_score_short(score, buf);
    const char *text = cs_fit_right(cell, sizeof(cell), shown, layout->cell_width - 1);
    g_autofree char *fitted = text == NULL ? cs_fit(shown, layout->cell_width - 1, TRUE) : NULL;

    if (text == NULL)
        text = fitted;
    /* The last edit's consequences stand out until the next edit. */
    CsStyle style = !promotion_row && cs_console_cell_changed(console, rsc, node) ? CS_STYLE_CHANGED
                                                                                 : cs_score_style(score);
    cs_draw_text_attrs(y, x + 1, layout->cell_width - 1, text, cs_style_attr(style) | cursor_attrs);
}

static void draw_row(const CsConsole *console, const MatrixLayout *layout, const CsRect *area, int index)
{
    const CsRow *row = &g_array_index(console->rows, CsRow, index);
    int y = layout->rows_y + index - console->top_row;
    gboolean is_cursor_row = index == console->cursor_row;
    g_autofree char *label = row_label(console, row);
    g_autofree char *fitted = cs_fit(label, layout->name_width, FALSE);
    CsStyle name_style = row_folds(console, row) ? CS_STYLE_EMPHASIS : CS_STYLE_NORMAL;
    cs_draw_text(y, area->x, layout->name_width, fitted, is_cursor_row ? CS_STYLE_CURSOR : name_style);
    draw_action(console, row, y, area->x + layout->name_width + 1);
    for (int column = 0; column < layout->visible_nodes; column++) {
        int node = console->left_node + column;
        if (node >= cs_console_node_count(console))
            break;
        int x = layout->first_cell_x + column * (layout->cell_width + 1) + 1;
        draw_cell(console, layout, row, node, y, x, is_cursor_row && node == console->cursor_node);
    }
}

static int legend_item(int y, int x, int limit, const char *glyph, CsStyle glyph_style, const char *text)
{
    int used = cs_draw_text(y, x, limit - x, glyph, glyph_style);
    return used + cs_draw_text(y, x + used, limit - x - used, text, CS_STYLE_DIM);
}

static void draw_legend(const CsConsole *console, const MatrixLayout *layout, const CsRect *area)
{
    int y = layout->legend_y, x = area->x + 1, limit = area->x + area->width;
    if (console->show_promotion)
        x += cs_draw_text(y, x, limit - x, "P promotion scores  ", CS_STYLE_HEADING);
    if (console->changed_against != NULL) {
        x += cs_draw_text(y, x, limit - x, "edit", CS_STYLE_CHANGED);
        x += cs_draw_text(y, x, limit - x, " changed  ", CS_STYLE_DIM);
    }
    x += legend_item(y, x, limit, cs_glyph(CS_GLYPH_STAYS), CS_STYLE_MARKER, " stays  ");
    x += legend_item(y, x, limit, cs_glyph(CS_GLYPH_LEAVES), CS_STYLE_ACTION_MOVE, " leaves  ");
    x += legend_item(y, x, limit, cs_glyph(CS_GLYPH_ARRIVES), CS_STYLE_ACTION_START, " will run  ");
    static const struct { const char *text; CsScore sample; } bands[] = {
        { "-INF", -CS_INFINITY }, { "<0", -1 }, { "0", 0 }, { ">0", 1 }, { "+INF", CS_INFINITY },
    };
    x += cs_draw_text(y, x, limit - x, " ", CS_STYLE_DIM);
    for (size_t i = 0; i < G_N_ELEMENTS(bands); i++) {
        x += cs_draw_text(y, x, limit - x, bands[i].text, cs_score_style(bands[i].sample));
        x += cs_draw_text(y, x, limit - x, " ", CS_STYLE_DIM);
    }
    static const char hint[] = "  ? help";
    if (limit - x >= (int)strlen(hint))
        cs_draw_text(y, x, limit - x, hint, CS_STYLE_DIM);
}

static void matrix_draw(CsConsole *console, const CsRect *area)
{
    if (console->model == NULL) {
        cs_draw_text(area->y + 1, area->x + 2, area->width - 2,
                     "The CIB could not be modelled: see the banner above.", CS_STYLE_DIM);
        return;
    }
    MatrixLayout layout = matrix_layout(console, area);
    keep_cursor_visible(console, &layout);
    draw_header(console, &layout, area);
    int last = MIN((int)console->rows->len, console->top_row + layout.rows_height);
    for (int index = console->top_row; index < last; index++)
        draw_row(console, &layout, area, index);
    if (console->rows->len == 0)
        cs_draw_text(layout.rows_y + 1, area->x + 2, area->width - 2,
                     console->filter->len > 0 ? "No resource matches the filter (/ to change it)."
                                              : "No resources are configured.", CS_STYLE_DIM);
    if (layout.legend_y >= 0)
        draw_legend(console, &layout, area);
}

static void set_fold_all(CsConsole *console, gboolean folded)
{
    for (int rsc = 0; rsc < cs_console_rsc_count(console); rsc++)
        console->folded[rsc] = folded && is_container(console, rsc);
    cs_console_rebuild_rows(console);
}

static gboolean activate_row(CsConsole *console)
{
    int rsc = cs_console_selected_rsc(console);
    if (rsc < 0)
        return FALSE;
    const CsRow *row = &g_array_index(console->rows, CsRow, console->cursor_row);
    if (row_folds(console, row)) {
        console->folded[rsc] = !console->folded[rsc];
        cs_console_rebuild_rows(console);
    } else {
        console->view = CS_VIEW_EXPLAIN;
    }
    return TRUE;
}

static gboolean move_cursor(CsConsole *console, int key, const MatrixLayout *layout)
{
    int page = MAX(1, layout->rows_height - 1);
    switch (key) {
    case KEY_UP: case 'k': console->cursor_row--; break;
    case KEY_DOWN: case 'j': console->cursor_row++; break;
    case KEY_PPAGE: console->cursor_row -= page; break;
    case KEY_NPAGE: console->cursor_row += page; break;
    case KEY_HOME: case 'g': console->cursor_row = 0; break;
    case KEY_END: case 'G': console->cursor_row = (int)console->rows->len - 1; break;
    case KEY_LEFT: case 'h': console->cursor_node--; break;
    case KEY_RIGHT: case 'l': console->cursor_node++; break;
    case '<': console->cursor_node = 0; break;
    case '>': console->cursor_node = cs_console_node_count(console) - 1; break;
    default: return FALSE;
    }
    keep_cursor_visible(console, layout);
    return TRUE;
}

static gboolean matrix_key(CsConsole *console, int key, const CsRect *area)
{
    if (console->model == NULL)
        return FALSE;
    MatrixLayout layout = matrix_layout(console, area);
    if (move_cursor(console, key, &layout))
        return TRUE;
    switch (key) {
    case '\n': case '\r': case KEY_ENTER: case ' ':
        return activate_row(console);
    case '+': case '=':
        set_fold_all(console, FALSE);
        return TRUE;
    case '-':
        set_fold_all(console, TRUE);
        return TRUE;
    case 'e':
        console->view = CS_VIEW_EXPLAIN;
        return TRUE;
    case 'E':
        return cs_console_edit_selected(console);
    case 'm':
        return cs_console_show_meta(console);
    case 'T':
        return cs_console_show_tickets(console);
    case 'P':
        console->show_promotion = !console->show_promotion;
        cs_console_say(console, FALSE, console->show_promotion
                       ? "Promotable clones show promotion scores (P again: allocation scores)."
                       : "Allocation scores everywhere.");
        return TRUE;
    default:
        return FALSE;
    }
}

const CsView cs_view_matrix = { "Matrix", matrix_draw, matrix_key };
