/* help.c: the ? overlay, listing every key. */
#include "view.h"

typedef struct HelpEntry {
    const char *keys;        /* NULL: a section heading */
    const char *text;
    CsGlyph glyph;           /* for the marks: shown as this terminal draws it */
    gboolean is_glyph;
} HelpEntry;

static const HelpEntry help_entries[] = {
    { NULL, "Everywhere", CS_GLYPH_COUNT, FALSE },
    { "1 .. 6", "Matrix Transition Explain Fail-counts Graph History", CS_GLYPH_COUNT, FALSE },
    { "Tab / S-Tab", "next / previous view", CS_GLYPH_COUNT, FALSE },
    { "/", "filter resources by id (Enter keeps, Esc clears)", CS_GLYPH_COUNT, FALSE },
    { "?  F1", "this help (arrows scroll it, other keys close it)", CS_GLYPH_COUNT, FALSE },
    { "^L", "repaint the screen", CS_GLYPH_COUNT, FALSE },
    { ":", "command line (comes with the edit work)", CS_GLYPH_COUNT, FALSE },
    { "q", "quit", CS_GLYPH_COUNT, FALSE },
    { NULL, "Matrix", CS_GLYPH_COUNT, FALSE },
    { "Up Down j k", "select a resource", CS_GLYPH_COUNT, FALSE },
    { "Left Right h l", "select a node", CS_GLYPH_COUNT, FALSE },
    { "PgUp PgDn", "a page up / down", CS_GLYPH_COUNT, FALSE },
    { "Home End g G", "first / last resource", CS_GLYPH_COUNT, FALSE },
    { "< >", "first / last node", CS_GLYPH_COUNT, FALSE },
    { "Enter Space", "fold a group or clone; explain a primitive", CS_GLYPH_COUNT, FALSE },
    { "+  -", "unfold / fold every group and clone", CS_GLYPH_COUNT, FALSE },
    { "e  c", "explain the cell / its constraints (Graph)", CS_GLYPH_COUNT, FALSE },
    { NULL, "Explain, Graph", CS_GLYPH_COUNT, FALSE },
    { "Left Right", "Explain: the same resource on another node", CS_GLYPH_COUNT, FALSE },
    { "[  ]", "previous / next resource", CS_GLYPH_COUNT, FALSE },
    { "a", "Graph: every constraint / only the selected resource's", CS_GLYPH_COUNT, FALSE },
    { NULL, "Text views", CS_GLYPH_COUNT, FALSE },
    { "Up Down PgUp PgDn", "scroll; Home End to the ends", CS_GLYPH_COUNT, FALSE },
    { NULL, "Matrix marks", CS_GLYPH_COUNT, FALSE },
    { "", "runs here now and stays", CS_GLYPH_STAYS, TRUE },
    { "", "runs here now and will leave", CS_GLYPH_LEAVES, TRUE },
    { "", "will run here", CS_GLYPH_ARRIVES, TRUE },
    { "-INF .. +INF", "scores: banned, negative, zero, positive, mandatory", CS_GLYPH_COUNT, FALSE },
};

static char *entry_keys(const HelpEntry *entry)
{
    return g_strdup(entry->is_glyph ? cs_glyph(entry->glyph) : entry->keys);
}

static GPtrArray *help_lines(void)
{
    GPtrArray *lines = cs_lines_new();
    for (size_t i = 0; i < G_N_ELEMENTS(help_entries); i++) {
        const HelpEntry *entry = &help_entries[i];
        if (entry->keys == NULL) {
            if (i > 0)
                cs_line_add(lines);
            cs_lines_add_text(lines, CS_STYLE_HEADING, "%s", entry->text);
            continue;
        }
        g_autofree char *keys = entry_keys(entry);
        CsLine *line = cs_line_add(lines);
        cs_line_append_fit(line, CS_STYLE_EMPHASIS, keys, 18, FALSE);
        cs_line_append(line, CS_STYLE_NORMAL, "%s", entry->text);
    }
    return lines;
}

static CsRect help_rect(int line_count)
{
    CsRect rect;
    rect.width = MIN(COLS - 2, 76);
    rect.height = MIN(LINES - 2, line_count + 4);
    rect.y = (LINES - rect.height) / 2;
    rect.x = (COLS - rect.width) / 2;
    return rect;
}

void cs_help_draw(CsConsole *console)
{
    g_autoptr(GPtrArray) lines = help_lines();
    CsRect rect = help_rect((int)lines->len);
    cs_draw_box(&rect, CS_STYLE_NORMAL);
    cs_draw_text(rect.y, rect.x + 2, rect.width - 4, " cibscope help ", CS_STYLE_HEADING);
    static const char close_hint[] = " any key closes ";
    cs_draw_text(rect.y + rect.height - 1, rect.x + rect.width - 2 - (int)sizeof close_hint + 1,
                 (int)sizeof close_hint - 1, close_hint, CS_STYLE_DIM);
    CsRect inside = { rect.y + 1, rect.x + 2, rect.height - 2, rect.width - 4 };
    cs_lines_draw(lines, &inside, &console->help_scroll);
    if (console->help_scroll + inside.height < (int)lines->len)
        cs_draw_text(rect.y + rect.height - 1, rect.x + 2, 12, " PgDn: more ", CS_STYLE_DIM);
}

gboolean cs_help_key(CsConsole *console, int key)
{
    g_autoptr(GPtrArray) lines = help_lines();
    CsRect rect = help_rect((int)lines->len);
    if (key == ' ' || key == 'q')
        return FALSE;
    return cs_lines_key(key, &console->help_scroll, (int)lines->len, rect.height - 2);
}
