/* view_transition.c: the Transition Summary, as crm_simulate -S prints it:
 * what the cluster would do now, one line per resource action. */
#include <string.h>
#include "view.h"

/* "  * Move  rsc  ( node1 -> node2 )": the verb gets its action color. */
static void add_summary_line(GPtrArray *lines, const char *raw)
{
    const char *cursor = raw;
    while (*cursor == ' ')
        cursor++;
    if (cursor[0] != '*' || cursor[1] != ' ') {
        cs_lines_add_raw(lines, CS_STYLE_NORMAL, raw);
        return;
    }
    const char *verb = cursor + 2;
    const char *verb_end = strchr(verb, ' ');
    if (verb_end == NULL)
        verb_end = verb + strlen(verb);
    g_autofree char *verb_text = g_strndup(verb, (gsize)(verb_end - verb));
    g_autofree char *verb_safe = cs_escape(verb_text);
    g_autofree char *rest_safe = cs_escape(verb_end);
    CsLine *line = cs_line_add(lines);
    cs_line_append(line, CS_STYLE_NORMAL, "  %s ", cs_draw_is_utf8() ? "\u2022" : "*");
    cs_line_append(line, cs_action_style(verb_text), "%s", verb_safe);
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
    guint before = lines->len;
    g_auto(GStrv) raw_lines = g_strsplit(console->transition, "\n", -1);
    for (char **raw = raw_lines; *raw != NULL; raw++) {
        if (**raw == '\0' || g_str_has_prefix(*raw, "Transition Summary"))
            continue;
        add_summary_line(lines, *raw);
    }
    if (lines->len == before)
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
