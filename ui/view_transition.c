/* view_transition.c: the Transition Summary, as crm_simulate -S prints it:
 * what the cluster would do now, one line per resource action. */
#include <string.h>
#include "view.h"

/* "  * Move  rsc  ( node1 -> node2 )": the verb gets the color of its
 * action (the kept transition's, line for line: never read back from
 * the text); a blocked one is drawn as blocked. */
static void add_summary_line(GPtrArray *lines, const char *raw, const CsPlannedAction *action)
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
    CsLine *line = cs_line_add(lines);
    cs_line_append(line, CS_STYLE_NORMAL, "  %s ", cs_draw_is_utf8() ? "\u2022" : "*");
    cs_line_append(line, cs_action_style(action->blocked ? "Blocked" : name), "%s", verb_safe);
    cs_line_append(line, CS_STYLE_NORMAL, "%s", rest_safe);
}

static GPtrArray *transition_lines(const CsConsole *console)
{
    GPtrArray *lines = cs_lines_new();
    CsLine *title = cs_line_add(lines);
    cs_line_append(title, CS_STYLE_HEADING, "Transition Summary");
    cs_line_append(title, CS_STYLE_DIM, "  what the cluster would do now (crm_simulate -S)");
    cs_line_add(lines);
    if (console->solution == NULL) {
        cs_lines_add_text(lines, CS_STYLE_DIM, "  No transition: the engine gave no answer for this CIB.");
        return lines;
    }
    if (console->plan == NULL || console->transition == NULL) {
        cs_lines_add_text(lines, CS_STYLE_DIM, "  Working out the actions...");
        return lines;
    }
    /* One printed line per action, in the same order, after the heading. */
    g_auto(GStrv) raw_lines = g_strsplit(console->transition, "\n", -1);
    guint count = cs_transition_length(console->plan);
    for (guint i = 0; i < count && raw_lines[0] != NULL && raw_lines[i + 1] != NULL; i++)
        add_summary_line(lines, raw_lines[i + 1], cs_transition_action(console->plan, i));
    if (count == 0)
        cs_lines_add_text(lines, CS_STYLE_DIM, "  Nothing to do: every resource stays as it is.");
    return lines;
}

static void transition_draw(CsConsole *console, const CsRect *area)
{
    g_autoptr(GPtrArray) lines = transition_lines(console);
    cs_lines_draw(lines, area, &console->scroll[CS_VIEW_TRANSITION]);
}

static gboolean transition_key(CsConsole *console, int key, const CsRect *area)
{
    g_autoptr(GPtrArray) lines = transition_lines(console);
    return cs_lines_key(key, &console->scroll[CS_VIEW_TRANSITION], (int)lines->len, area->height);
}

const CsView cs_view_transition = { "Transition", transition_draw, transition_key };
