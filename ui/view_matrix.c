/* view_matrix.c: resources down, nodes across, the engine's score in each
 * cell.  The resource names (left) and node names (top) stay put while
 * the cells scroll both ways, as in a spreadsheet. */
#include <string.h>
#include "explain/next.h"
#include "explain/remote_node.h"
#include "explain/words.h"
#include "view.h"

/* "Recover", "Promote" and "Migrate" fit; "Re-promote" gets an ellipsis. */
#define ACTION_WIDTH 9

typedef struct MatrixLayout {
    int name_width;
    int next_width; /* the "now → next" column: 0 when none */
    int cell_width; /* marker and score, without the gap before */
    int first_cell_x;
    int visible_nodes;
    int header_y;
    int rows_y, rows_height;
    int legend_y; /* -1 when there is no room */
    int states_y; /* the node-state legend: -1 when every node
                                can run resources, or no room */
    int kinds_y;  /* the node-kind legend: -1 when every node is a
                                cluster node, or no room */
} MatrixLayout;

/* A node that can run no resource (standby, maintenance, offline,
 * unclean, shutting down: explain/words.h). */
static gboolean node_unusable(const CsConsole *console, int node)
{
    return cs_words_node_unavailable(cs_console_node(console, node)) != NULL;
}

static gboolean any_node_unusable(const CsConsole *console)
{
    for (int node = 0; node < cs_console_node_count(console); node++)
        if (node_unusable(console, node))
            return TRUE;
    return FALSE;
}

/* A bundle folds into its replicas even with no resource inside: they
 * are the engine's (its containers and addresses). */
static gboolean is_container(const CsConsole *console, int rsc)
{
    const CsResource *info = cs_console_rsc(console, rsc);
    if (info->kind == CS_RSC_BUNDLE && console->solution != NULL) {
        const CsResource *placed = cs_console_engine_rsc(console, rsc);
        return placed != NULL && placed->children != NULL && placed->children->len > 0;
    }
    return info->children != NULL && info->children->len > 0;
}

/* The mark a column's header carries before the node's name: remote,
 * guest and bundle replica nodes (Pacemaker Explained 2.1, "Pacemaker
 * Remote", "Bundles"); NULL for a cluster node.  The legend says which
 * is which. */
static const char *kind_mark(CsNodeKind kind)
{
    switch (kind) {
    case CS_NODE_KIND_REMOTE: return "r";
    case CS_NODE_KIND_GUEST: return "g";
    case CS_NODE_KIND_REPLICA: return "b";
    case CS_NODE_KIND_CLUSTER: break;
    }
    return NULL;
}

static CsNodeKind node_kind(const CsConsole *console, int node)
{
    if (console->solution == NULL)
        return CS_NODE_KIND_CLUSTER;
    return cs_remote_node_kind(cs_solution_model(console->solution), node);
}

static gboolean any_remote_node(const CsConsole *console)
{
    for (int node = 0; node < cs_console_node_count(console); node++)
        if (node_kind(console, node) != CS_NODE_KIND_CLUSTER)
            return TRUE;
    return FALSE;
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
    for (int up = info != NULL ? info->parent : -1; up >= 0;
         up = cs_console_engine_rsc(console, up)->parent) {
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
    if (console->solution == NULL || promotable_clone_of(console, rsc) == NULL)
        return NULL;
    /* From the transition's actions: a blocked promotion keeps its role. */
    CsRole role = cs_next_role(console->solution, console->plan, rsc);
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
        return width + 3 + cs_text_width(summary); /* " (%s)" */
    if (role != NULL)
        return width + 3 + cs_text_width(role); /* " [%s]" */
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
        widest = MAX(widest, depth * 2 + 2
                                 + (depth > 0 ? row_text_width(console, rsc)
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

/* The same with each column's kind mark ("g:" before a guest node). */
static int widest_header(const CsConsole *console)
{
    int widest = 0;
    for (int node = 0; node < cs_console_node_count(console); node++)
        widest = MAX(widest, cs_text_width(cs_console_node_label(console, node))
                                 + (kind_mark(node_kind(console, node)) != NULL ? 2 : 0));
    return widest;
}

static MatrixLayout matrix_layout(CsConsole *console, const CsRect *area)
{
    MatrixLayout layout;
    layout.name_width = CLAMP(widest_row_label(console), 10, MAX(10, area->width * 2 / 5));
    /* Widest score text is "-999999" (7) after a 1-column marker. */
    layout.cell_width = CLAMP(widest_header(console), 7, 12) + 1;
    /* "alpha → bravo": where the row's resource runs now and next, so
     * that a move reads whole even with those nodes scrolled away.  It
     * is left out only when it would push nodes off a screen that shows
     * them all without it (there the markers already say it). */
    int node_width = MIN(widest_node_label(console), 9);
    int next_width = MIN(MAX(2 * node_width + 4, node_width + 11), 22); /* "alpha → stopped" */
    int cells_x = area->x + layout.name_width + 1 + ACTION_WIDTH;
    int room = area->x + area->width - cells_x;
    int node_count = cs_console_node_count(console);
    gboolean all_fit_without = room / (layout.cell_width + 1) >= node_count;
    gboolean all_fit_with = (room - next_width) / (layout.cell_width + 1) >= node_count;
    layout.next_width = all_fit_with || !all_fit_without ? next_width : 0;
    /* One node's cells stay whole beside it, with the column's ▸ mark
     * after them (the names are cut first). */
    int one_node = layout.cell_width + 2;
    if (layout.next_width > 0 && room - layout.next_width < one_node)
        layout.next_width = room - one_node >= 8 ? room - one_node : 0;
    layout.first_cell_x = cells_x + layout.next_width;
    layout.visible_nodes =
        MAX(1, (area->x + area->width - layout.first_cell_x) / (layout.cell_width + 1));
    layout.header_y = area->y;
    layout.rows_y = area->y + 1;
    layout.legend_y = area->height >= 6 ? area->y + area->height - 1 : -1;
    layout.states_y = layout.legend_y >= 0 && area->height >= 8 && any_node_unusable(console)
                          ? layout.legend_y - 1
                          : -1;
    int above = layout.states_y >= 0 ? layout.states_y : layout.legend_y;
    layout.kinds_y = above >= 0 && area->height >= 10 && any_remote_node(console) ? above - 1 : -1;
    layout.rows_height =
        MAX(1, area->height - 1 - (layout.legend_y >= 0 ? 1 : 0) - (layout.states_y >= 0 ? 1 : 0)
                   - (layout.kinds_y >= 0 ? 1 : 0));
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
    if (strcmp(verb, "Stop") == 0 || strcmp(verb, "Blocked") == 0)
        return CS_STYLE_ACTION_STOP;
    return CS_STYLE_ACTION_OTHER;
}

static void draw_header(const CsConsole *console, const MatrixLayout *layout, const CsRect *area)
{
    int y = layout->header_y;
    cs_draw_text(y, area->x, layout->name_width, "Resource", CS_STYLE_HEADING);
    cs_draw_text(y, area->x + layout->name_width + 1, ACTION_WIDTH, "Action", CS_STYLE_HEADING);
    g_autofree char *next_heading =
        g_strdup_printf("Now %s next", cs_draw_is_utf8() ? "\u2192" : "->");
    if (layout->next_width > 1)
        cs_draw_text(y, area->x + layout->name_width + 1 + ACTION_WIDTH, layout->next_width - 1,
                     next_heading, CS_STYLE_HEADING);
    int node_count = cs_console_node_count(console);
    for (int column = 0; column < layout->visible_nodes; column++) {
        int node = console->left_node + column;
        if (node >= node_count)
            break;
        /* Nodes that cannot run anything are dimmed (the legend says why). */
        gboolean usable = !node_unusable(console, node);
        const char *mark = kind_mark(node_kind(console, node));
        g_autofree char *marked =
            mark != NULL ? g_strdup_printf("%s:%s", mark, cs_console_node_label(console, node))
                         : g_strdup(cs_console_node_label(console, node));
        g_autofree char *label = cs_fit(marked, layout->cell_width, TRUE);
        int x = layout->first_cell_x + column * (layout->cell_width + 1) + 1;
        cs_draw_text(y, x, layout->cell_width, label, usable ? CS_STYLE_HEADING : CS_STYLE_DIM);
    }
    if (console->left_node > 0)
        cs_draw_text(y, layout->first_cell_x, 1, cs_glyph(CS_GLYPH_MORE_LEFT), CS_STYLE_MARKER);
    if (console->left_node + layout->visible_nodes < node_count)
        cs_draw_text(y, area->x + area->width - 1, 1, cs_glyph(CS_GLYPH_MORE_RIGHT),
                     CS_STYLE_MARKER);
}

static char *row_label(const CsConsole *console, const CsRow *row)
{
    const char *fold = "  ";
    g_autofree char *fold_text = NULL;
    if (row_folds(console, row)) {
        fold_text = g_strdup_printf(
            "%s ", cs_glyph(console->folded[row->rsc] ? CS_GLYPH_FOLDED : CS_GLYPH_UNFOLDED));
        fold = fold_text;
    }
    g_autofree char *text = row_text(console, cs_row_engine_rsc(row));
    return g_strdup_printf("%*s%s%s", row->depth * 2, "", fold, text);
}

/* The Action column, from the transition's actions (explain/next.h): a
 * row's own; a folded row's also its members' or instances'. */
static void draw_action(const CsConsole *console, const CsRow *row, int y, int x)
{
    CsNextLabel label;
    int rsc = cs_row_engine_rsc(row);
    gboolean whole = row->instance >= 0 || console->folded[row->rsc];
    if (console->solution == NULL
        || !cs_next_label(console->plan, cs_solution_model(console->solution), rsc, whole, &label))
        return;
    g_autofree char *text =
        label.count > 1 ? g_strdup_printf("%s x%d", label.text, label.count) : g_strdup(label.text);
    g_autofree char *fitted = cs_fit(text, ACTION_WIDTH, FALSE);
    cs_draw_text(y, x, ACTION_WIDTH, fitted, cs_action_style(label.text));
}

/* The "now → next" column: "alpha → bravo" for a move, "alpha" when it
 * stays, "→ bravo" for a start, "alpha → stopped" for a stop; empty
 * for a row that runs nowhere (a clone's or group's own row). */
static void draw_next(const CsConsole *console, const MatrixLayout *layout, const CsRow *row, int y,
                      int x)
{
    int rsc = cs_row_engine_rsc(row);
    if (console->solution == NULL || console->plan == NULL || layout->next_width <= 1)
        return;
    const CsResource *info = cs_console_engine_rsc(console, rsc);
    if (info == NULL || info->kind != CS_RSC_PRIMITIVE)
        return;
    int now = cs_solution_current_node(console->solution, rsc);
    int next = cs_next_node(console->solution, console->plan, rsc);
    const char *arrow = cs_draw_is_utf8() ? "\u2192" : "->";
    g_autofree char *text = NULL;
    if (now == next && now >= 0)
        text = g_strdup(cs_console_node_label(console, now));
    else if (now >= 0 && next >= 0)
        text = g_strdup_printf("%s %s %s", cs_console_node_label(console, now), arrow,
                               cs_console_node_label(console, next));
    else if (next >= 0)
        text = g_strdup_printf("%s %s", arrow, cs_console_node_label(console, next));
    else if (now >= 0)
        text = g_strdup_printf("%s %s stopped", cs_console_node_label(console, now), arrow);
    else
        return;
    g_autofree char *fitted = cs_fit(text, layout->next_width - 1, FALSE);
    cs_draw_text(y, x, layout->next_width - 1, fitted,
                 now == next ? CS_STYLE_DIM : CS_STYLE_ACTION_MOVE);
}

/* Where it runs now and where the transition leaves it, for the row's
 * resource (a clone or group by its instances or members); without a
 * solution, what the status section records. */
static void draw_marker(const CsConsole *console, const CsRow *row, int node, int y, int x)
{
    int rsc = cs_row_engine_rsc(row);
    CsNextMark mark;
    if (console->solution != NULL)
        mark = cs_next_mark(console->solution, console->plan, rsc, node);
    else
        mark = cs_console_active_on(console, rsc, node) ? CS_NEXT_MARK_STAYS : CS_NEXT_MARK_NONE;
    switch (mark) {
    case CS_NEXT_MARK_STAYS:
        cs_draw_text(y, x, 1, cs_glyph(CS_GLYPH_STAYS), CS_STYLE_MARKER);
        break;
    case CS_NEXT_MARK_LEAVES:
        cs_draw_text(y, x, 1, cs_glyph(CS_GLYPH_LEAVES), CS_STYLE_ACTION_MOVE);
        break;
    case CS_NEXT_MARK_ARRIVES:
        cs_draw_text(y, x, 1, cs_glyph(CS_GLYPH_ARRIVES), CS_STYLE_ACTION_START);
        break;
    case CS_NEXT_MARK_BLOCKED:
        cs_draw_text(y, x, 1, cs_glyph(CS_GLYPH_BLOCKED), CS_STYLE_ACTION_STOP);
        break;
    case CS_NEXT_MARK_NONE: break;
    }
}

/* With P: the promotion score crm_simulate prints for an instance, in
 * the column of its node; for a promotable clone's row, the highest of
 * its instances' in each column.  FALSE: nothing to show in this cell
 * (the row is not promotable, or no instance is promoted-scored here). */
static gboolean promotion_cell(const CsConsole *console, int rsc, int node, gboolean *applies,
                               CsScore *score)
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
            if (cs_solution_promotion_score(
                    console->solution, g_array_index(info->children, int, i), &each_node, &each)
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

static void draw_cell(const CsConsole *console, const MatrixLayout *layout, const CsRow *row,
                      int node, int y, int x, gboolean under_cursor)
{
    int rsc = cs_row_engine_rsc(row);
    draw_marker(console, row, node, y, x);
    attr_t cursor_attrs = under_cursor ? A_REVERSE : A_NORMAL;
    gboolean promotion_row;
    CsScore promotion = 0;
    gboolean has_promotion = promotion_cell(console, rsc, node, &promotion_row, &promotion);
    if (console->solution == NULL || (promotion_row && !has_promotion)) {
        g_autofree char *blank = cs_fit(cs_glyph(CS_GLYPH_NO_SCORE), layout->cell_width - 1, TRUE);
        cs_draw_text_attrs(y, x + 1, layout->cell_width - 1, blank,
                           cs_style_attr(CS_STYLE_DIM) | cursor_attrs);
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
    CsStyle style = !promotion_row && cs_console_cell_changed(console, rsc, node)
                        ? CS_STYLE_CHANGED
                        : cs_score_style(score);
    cs_draw_text_attrs(y, x + 1, layout->cell_width - 1, text, cs_style_attr(style) | cursor_attrs);
}

static void draw_row(const CsConsole *console, const MatrixLayout *layout, const CsRect *area,
                     int index)
{
    const CsRow *row = &g_array_index(console->rows, CsRow, index);
    int y = layout->rows_y + index - console->top_row;
    gboolean is_cursor_row = index == console->cursor_row;
    g_autofree char *label = row_label(console, row);
    g_autofree char *fitted = cs_fit(label, layout->name_width, FALSE);
    CsStyle name_style = row_folds(console, row) ? CS_STYLE_EMPHASIS : CS_STYLE_NORMAL;
    cs_draw_text(y, area->x, layout->name_width, fitted,
                 is_cursor_row ? CS_STYLE_CURSOR : name_style);
    draw_action(console, row, y, area->x + layout->name_width + 1);
    draw_next(console, layout, row, y, area->x + layout->name_width + 1 + ACTION_WIDTH);
    for (int column = 0; column < layout->visible_nodes; column++) {
        int node = console->left_node + column;
        if (node >= cs_console_node_count(console))
            break;
        int x = layout->first_cell_x + column * (layout->cell_width + 1) + 1;
        draw_cell(console, layout, row, node, y, x, is_cursor_row && node == console->cursor_node);
    }
}

static int legend_item(int y, int x, int limit, const char *glyph, CsStyle glyph_style,
                       const char *text)
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
    x += legend_item(y, x, limit, cs_glyph(CS_GLYPH_BLOCKED), CS_STYLE_ACTION_STOP, " blocked  ");
    static const struct {
        const char *text;
        CsScore sample;
    } bands[] = {
        {"-INF", -CS_INFINITY}, {"<0", -1}, {"0", 0}, {">0", 1}, {"+INF", CS_INFINITY},
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

/* "Nodes: bravo in standby, charlie offline", as crm_mon writes each
 * node's state out (its headers above are dimmed). */
static void draw_node_states(const CsConsole *console, const MatrixLayout *layout,
                             const CsRect *area)
{
    int y = layout->states_y, x = area->x + 1, limit = area->x + area->width;
    x += cs_draw_text(y, x, limit - x, "Nodes that run nothing: ", CS_STYLE_DIM);
    gboolean first = TRUE;
    for (int node = 0; node < cs_console_node_count(console) && x < limit; node++) {
        const char *why = cs_words_node_unavailable(cs_console_node(console, node));
        if (why == NULL)
            continue;
        if (!first)
            x += cs_draw_text(y, x, limit - x, ", ", CS_STYLE_DIM);
        first = FALSE;
        x += cs_draw_text(y, x, limit - x, cs_console_node_label(console, node), CS_STYLE_HEADING);
        x += cs_draw_text(y, x, limit - x, " ", CS_STYLE_DIM);
        x += cs_draw_text(y, x, limit - x, why, CS_STYLE_ACTION_STOP);
    }
}

/* "Node kinds: r: remote node  g: guest node  b: bundle replica", only
 * the kinds shown, and how to see what each hangs on. */
static void draw_node_kinds(const CsConsole *console, const MatrixLayout *layout,
                            const CsRect *area)
{
    static const CsNodeKind kinds[] = {CS_NODE_KIND_REMOTE, CS_NODE_KIND_GUEST,
                                       CS_NODE_KIND_REPLICA};
    int y = layout->kinds_y, x = area->x + 1, limit = area->x + area->width;
    x += cs_draw_text(y, x, limit - x, "Node kinds: ", CS_STYLE_DIM);
    for (gsize i = 0; i < G_N_ELEMENTS(kinds); i++) {
        gboolean shown = FALSE;
        for (int node = 0; node < cs_console_node_count(console) && !shown; node++)
            shown = node_kind(console, node) == kinds[i];
        if (!shown)
            continue;
        g_autofree char *mark = g_strdup_printf("%s:", kind_mark(kinds[i]));
        x += cs_draw_text(y, x, limit - x, mark, CS_STYLE_HEADING);
        g_autofree char *name = g_strdup_printf(" %s  ", cs_remote_kind_name(kinds[i]));
        x += cs_draw_text(y, x, limit - x, name, CS_STYLE_DIM);
    }
    cs_draw_text(y, x, limit - x, "(N: what the column's node hangs on)", CS_STYLE_DIM);
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
                                              : "No resources are configured.",
                     CS_STYLE_DIM);
    if (layout.legend_y >= 0)
        draw_legend(console, &layout, area);
    if (layout.states_y >= 0)
        draw_node_states(console, &layout, area);
    if (layout.kinds_y >= 0)
        draw_node_kinds(console, &layout, area);
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
    case KEY_UP:
    case 'k': console->cursor_row--; break;
    case KEY_DOWN:
    case 'j': console->cursor_row++; break;
    case KEY_PPAGE: console->cursor_row -= page; break;
    case KEY_NPAGE: console->cursor_row += page; break;
    case KEY_HOME:
    case 'g': console->cursor_row = 0; break;
    case KEY_END:
    case 'G': console->cursor_row = (int)console->rows->len - 1; break;
    case KEY_LEFT:
    case 'h': console->cursor_node--; break;
    case KEY_RIGHT:
    case 'l': console->cursor_node++; break;
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
    case '\n':
    case '\r':
    case KEY_ENTER:
    case ' ': return activate_row(console);
    case '+':
    case '=': set_fold_all(console, FALSE); return TRUE;
    case '-': set_fold_all(console, TRUE); return TRUE;
    case 'e': console->view = CS_VIEW_EXPLAIN; return TRUE;
    case 'E': return cs_console_edit_selected(console);
    case 'A': return cs_console_show_meta(console);
    case 'N': return cs_console_show_node(console);
    case 'T': return cs_console_show_tickets(console);
    case 'P':
        console->show_promotion = !console->show_promotion;
        cs_console_say(console, FALSE,
                       console->show_promotion
                           ? "Promotable clones show promotion scores (P again: allocation scores)."
                           : "Allocation scores everywhere.");
        return TRUE;
    default: return FALSE;
    }
}

const CsView cs_view_matrix = {"Matrix", matrix_draw, matrix_key};
