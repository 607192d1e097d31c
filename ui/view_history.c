/* view_history.c: the pe-input series, one step per transition.  Only a
 * placeholder until the live-and-history work lands. */
#include "view.h"

static GPtrArray *history_lines(void)
{
    GPtrArray *lines = cs_lines_new();
    cs_lines_add_text(lines, CS_STYLE_HEADING, "History");
    cs_line_add(lines);
    cs_lines_add_text(lines, CS_STYLE_NORMAL,
                      "  Stepping through a series of pe-input files (what moved at each");
    cs_lines_add_text(lines, CS_STYLE_NORMAL,
                      "  transition, and which change made it move) comes with the");
    cs_lines_add_text(lines, CS_STYLE_NORMAL, "  live-and-history work.");
    cs_line_add(lines);
    cs_lines_add_text(lines, CS_STYLE_DIM, "  This console shows one CIB: see 1 Matrix and 2 Transition.");
    return lines;
}

static void history_draw(CsConsole *console, const CsRect *area)
{
    g_autoptr(GPtrArray) lines = history_lines();
    cs_lines_draw(lines, area, &console->scroll[CS_VIEW_HISTORY]);
}

static gboolean history_key(CsConsole *console, int key, const CsRect *area)
{
    g_autoptr(GPtrArray) lines = history_lines();
    return cs_lines_key(key, &console->scroll[CS_VIEW_HISTORY], (int)lines->len, area->height);
}

const CsView cs_view_history = { "History", history_draw, history_key };
