/* view_transition.c: the Transition Summary, as crm_simulate -S prints it:
 * what the cluster would do now, one line per resource action.  Lines
 * wrap at the view's width (nothing is cut), Up/Down select an action,
 * Enter explains it and the filter (/) keeps the actions of the resources
 * whose id holds it. */
#include <string.h>
#include "view.h"

/* The action shown at index i of the summary matches the filter. */
static gboolean action_shown(const CsConsole *console, const CsPlannedAction *action)
{
    if (console->filter->len == 0 || action->rsc < 0)
        return console->filter->len == 0;
    g_autofree char *folded_id = g_utf8_casefold(cs_console_rsc_label(console, action->rsc), -1);
    g_autofree char *folded_filter = g_utf8_casefold(console->filter->str, -1);
    return strstr(folded_id, folded_filter) != NULL;
}

/* The summary's indices of the actions shown, in order. */
static GArray *shown_actions(const CsConsole *console)
{
    GArray *shown = g_array_new(FALSE, FALSE, sizeof(guint));
    guint count = console->plan != NULL ? cs_transition_length(console->plan) : 0;
    for (guint i = 0; i < count; i++)
        if (action_shown(console, cs_transition_action(console->plan, i)))
            g_array_append_val(shown, i);
    return shown;
}

/* "  * Move  rsc  ( node1 -> node2 )": the verb gets the color of its
 * action (the kept transition's, line for line: never read back from
 * the text); a blocked one is drawn as blocked.  The rest wraps at width,
 * continued under the verb. */
static void add_summary_line(GPtrArray *lines, const char *raw, const CsPlannedAction *action,
                             int width, gboolean selected)
{
    const char *verb = raw;
    while (*verb == ' ' || *verb == '*')
        verb++;
    const char *name = cs_action_kind_name(action->kind);
    gsize verb_len = strlen(name);
    if (strncmp(verb, name, verb_len) != 0)
        verb_len = 0;
    g_autofree char *verb_safe = g_strndup(verb, verb_len);
    g_autofree char *rest_safe = cs_escape(verb + verb_len);
    CsStyle text_style = selected ? CS_STYLE_SELECTED : CS_STYLE_NORMAL;
    CsLine *line = cs_line_add(lines);
    const char *unselected = cs_draw_is_utf8() ? " " : "  "; /* as wide as the arrow */
    cs_line_append(line, text_style, "%s %s ", selected ? cs_glyph(CS_GLYPH_ARROW) : unselected,
                   cs_draw_is_utf8() ? "\u2022" : "*");
    cs_line_append(
        line, selected ? CS_STYLE_SELECTED : cs_action_style(action->blocked ? "Blocked" : name),
        "%s", verb_safe);
    int indent = 3 + (int)strlen(unselected) + (int)verb_len;
    int room = MAX(8, width - indent);
    const char *start = rest_safe;
    gboolean first = TRUE;
    while (*start != '\0') {
        const char *end = cs_wrap_end(start, room);
        if (end == start)
            break;
        g_autofree char *piece = g_strndup(start, (gsize)(end - start));
        if (!first)
            line = cs_line_add(lines);
        cs_line_append(line, text_style, "%*s%s", first ? 0 : indent, "", piece);
        first = FALSE;
        start = end;
    }
}

/* The lines, and the first line of the selected action in *selected_line. */
static GPtrArray *transition_lines(CsConsole *console, int width, int *selected_line)
{
    GPtrArray *lines = cs_lines_new();
    *selected_line = -1;
    CsLine *title = cs_line_add(lines);
    cs_line_append(title, CS_STYLE_HEADING, "Transition Summary");
    if (width >= 70)
        cs_line_append(title, CS_STYLE_DIM, "  what the cluster would do now (crm_simulate -S)");
    else
        cs_lines_add_text(lines, CS_STYLE_DIM, "what the cluster would do now (crm_simulate -S)");
    if (width >= 70)
        cs_lines_add_text(lines, CS_STYLE_DIM,
                          "Up/Down select an action, Enter explains it, / filters by resource");
    else {
        cs_lines_add_text(lines, CS_STYLE_DIM, "Up/Down select an action, Enter explains it,");
        cs_lines_add_text(lines, CS_STYLE_DIM, "/ filters by resource");
    }
    if (console->solution == NULL) {
        cs_lines_add_text(lines, CS_STYLE_DIM,
                          "  No transition: the engine gave no answer for this CIB.");
        return lines;
    }
    if (console->plan == NULL || console->transition == NULL) {
        cs_lines_add_text(lines, CS_STYLE_DIM, "  Working out the actions...");
        return lines;
    }
    /* One printed line per action, in the same order, after the heading. */
    g_auto(GStrv) raw_lines = g_strsplit(console->transition, "\n", -1);
    guint printed = g_strv_length(raw_lines);
    g_autoptr(GArray) shown = shown_actions(console);
    console->transition_selected =
        CLAMP(console->transition_selected, 0, MAX(0, (int)shown->len - 1));
    for (guint i = 0; i < shown->len; i++) {
        guint index = g_array_index(shown, guint, i);
        if (index + 1 >= printed)
            break;
        gboolean selected = (int)i == console->transition_selected;
        if (selected)
            *selected_line = (int)lines->len;
        add_summary_line(lines, raw_lines[index + 1], cs_transition_action(console->plan, index),
                         width, selected);
    }
    if (cs_transition_length(console->plan) == 0)
        cs_lines_add_text(lines, CS_STYLE_DIM, "  Nothing to do: every resource stays as it is.");
    else if (shown->len == 0)
        cs_lines_add_text(lines, CS_STYLE_DIM, "  No action matches the filter.");
    return lines;
}

static void transition_draw(CsConsole *console, const CsRect *area)
{
    int selected_line;
    g_autoptr(GPtrArray) lines = transition_lines(console, area->width, &selected_line);
    int *scroll = &console->scroll[CS_VIEW_TRANSITION];
    /* The selected action stays on screen. */
    if (selected_line >= 0 && selected_line < *scroll)
        *scroll = selected_line;
    if (selected_line >= 0 && selected_line >= *scroll + area->height)
        *scroll = selected_line - area->height + 1;
    cs_lines_draw(lines, area, scroll);
}

/* The Matrix row that shows engine resource rsc: its own, else the row
 * of the nearest parent shown (a folded clone or group). */
static int row_of(const CsConsole *console, int rsc)
{
    for (int wanted = rsc; wanted >= 0;) {
        for (guint row = 0; row < console->rows->len; row++)
            if (cs_row_engine_rsc(&g_array_index(console->rows, CsRow, row)) == wanted)
                return (int)row;
        const CsResource *info = cs_console_engine_rsc(console, wanted);
        wanted = info != NULL ? info->parent : -1;
    }
    return -1;
}

/* Enter: Explain on the action's resource, at the node it goes to (or
 * leaves, for a stop). */
static void explain_selected(CsConsole *console)
{
    g_autoptr(GArray) shown = shown_actions(console);
    if (shown->len == 0) {
        cs_console_say(console, FALSE, "No action is selected.");
        return;
    }
    guint index =
        g_array_index(shown, guint, CLAMP(console->transition_selected, 0, (int)shown->len - 1));
    const CsPlannedAction *action = cs_transition_action(console->plan, index);
    int node = action->to_node >= 0 ? action->to_node : action->from_node;
    if (action->rsc < 0) {
        cs_console_say(console, FALSE, "Fencing %s: no resource to explain.",
                       node >= 0 ? cs_console_node_label(console, node) : "a node");
        return;
    }
    int row = row_of(console, action->rsc);
    if (row < 0) {
        cs_console_say(console, TRUE, "%s is not in the Matrix (a filter hides it?)",
                       cs_console_rsc_label(console, action->rsc));
        return;
    }
    console->cursor_row = row;
    if (node >= 0)
        console->cursor_node = node;
    console->explain_item = 0;
    console->view = CS_VIEW_EXPLAIN;
}

static gboolean transition_key(CsConsole *console, int key, const CsRect *area)
{
    g_autoptr(GArray) shown = shown_actions(console);
    int last = MAX(0, (int)shown->len - 1);
    int *selected = &console->transition_selected;
    switch (key) {
    case KEY_UP:
    case 'k': *selected = MAX(0, *selected - 1); return TRUE;
    case KEY_DOWN:
    case 'j': *selected = MIN(last, *selected + 1); return TRUE;
    case KEY_HOME:
    case 'g': *selected = 0; return TRUE;
    case KEY_END:
    case 'G': *selected = last; return TRUE;
    case KEY_NPAGE: *selected = MIN(last, *selected + MAX(1, area->height / 2)); return TRUE;
    case KEY_PPAGE: *selected = MAX(0, *selected - MAX(1, area->height / 2)); return TRUE;
    case '\n':
    case '\r':
    case KEY_ENTER:
        if (console->plan != NULL)
            explain_selected(console);
        return TRUE;
    default: return FALSE;
    }
}

const CsView cs_view_transition = {"Transition", transition_draw, transition_key};
