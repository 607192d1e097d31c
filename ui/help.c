/* help.c: the ? overlay, listing every key. */
#include "console.h"
#include "view.h"

typedef struct HelpEntry {
    const char *keys; /* NULL: a section heading */
    const char *text;
    CsGlyph glyph; /* for the marks: shown as this terminal draws it */
    gboolean is_glyph;
} HelpEntry;

#define KEY_ENTRY(keys, text)                                                                      \
    {                                                                                              \
        keys, text, CS_GLYPH_COUNT, FALSE                                                          \
    }
#define HEADING(text)                                                                              \
    {                                                                                              \
        NULL, text, CS_GLYPH_COUNT, FALSE                                                          \
    }

static const HelpEntry help_entries[] = {
    HEADING("Everywhere"),
    KEY_ENTRY("1 .. 7", "Matrix Transition Explain Fail-counts Graph History Timeline"),
    KEY_ENTRY("Tab / S-Tab", "next / previous view"),
    KEY_ENTRY("/", "filter resources by id (Enter keeps, Esc clears)"),
    KEY_ENTRY(":", "command line ('help' lists commands; Tab completes)"),
    KEY_ENTRY("?  F1", "this help (arrows scroll it, other keys close it)"),
    KEY_ENTRY("m", "messages: every status line message, whole"),
    KEY_ENTRY("^C", "cancel the prompt line; with unsaved edits, ask"),
    KEY_ENTRY("^L", "repaint the screen"),
    KEY_ENTRY("w", "save: atomic, the previous file kept as FILE.bak"),
    KEY_ENTRY("q  F10", "quit (asks first when edits are unsaved)"),
    HEADING("Edits (each re-solved at once; changed cells highlighted)"),
    KEY_ENTRY("u  ^R", "undo / redo the last edit"),
    KEY_ENTRY("s", "stickiness of the resource (or 'default')"),
    KEY_ENTRY("b", "ban the resource from the cursor's node"),
    KEY_ENTRY("p", "prefer / move the resource to the cursor's node"),
    KEY_ENTRY("c", "clear the resource's cli-ban / cli-prefer constraints"),
    KEY_ENTRY("f", "clear the cell's fail count (or the selected row)"),
    KEY_ENTRY("S  M", "standby / maintenance of the column's node (toggle)"),
    KEY_ENTRY("t", "set the clock (date rules, failure timeouts): type it"),
    HEADING("Matrix"),
    KEY_ENTRY("Up Down j k", "select a resource"),
    KEY_ENTRY("Left Right h l", "select a node"),
    KEY_ENTRY("PgUp PgDn", "a page up / down"),
    KEY_ENTRY("Home End g G", "first / last resource"),
    KEY_ENTRY("< >", "first / last node"),
    KEY_ENTRY("Enter Space", "fold a group or clone; explain a primitive"),
    KEY_ENTRY("+  -", "unfold / fold every group and clone"),
    KEY_ENTRY("", "a clone unfolds into its instances (rsc:0, rsc:1...)"),
    KEY_ENTRY("", "a bundle into its replicas: container, IP, connection"),
    KEY_ENTRY("", "column marks r: remote, g: guest, b: bundle replica node"),
    KEY_ENTRY("", "clone row: (placed/clone-max, promoted); [Promoted]"),
    KEY_ENTRY("P", "promotable clones: promotion scores / allocation"),
    KEY_ENTRY("e", "explain the cell (promotion score too, if promotable)"),
    KEY_ENTRY("E", "edit the resource's XML in $VISUAL / $EDITOR"),
    KEY_ENTRY("A", "meta attributes: value and source; Enter d a edit them"),
    KEY_ENTRY("N", "the column's node: attributes, utilization; Enter d a U"),
    KEY_ENTRY("", "remote/guest: connection, where it runs, container, host"),
    KEY_ENTRY("T", "tickets and their state (':ticket T grant|revoke')"),
    HEADING("Explain"),
    KEY_ENTRY("Up Down", "select a constraint or rule of the breakdown"),
    KEY_ENTRY("r", "enable / disable the selected rule"),
    KEY_ENTRY("e", "edit the selected constraint's score or rule (live)"),
    KEY_ENTRY("E", "edit the selected constraint's XML in $VISUAL / $EDITOR"),
    KEY_ENTRY("a  A", "add a location / a colocation constraint"),
    KEY_ENTRY("x", "remove the selected constraint"),
    KEY_ENTRY("Left Right", "the same resource on another node"),
    KEY_ENTRY("[  ]", "previous / next resource"),
    HEADING("Live (cibscope --live)"),
    KEY_ENTRY("C", "commit: list the exact commands, ask, run them"),
    KEY_ENTRY("", "only if the CIB's epoch is still the edits' base"),
    HEADING("Transition"),
    KEY_ENTRY("Up Down j k", "select an action (lines wrap, none is cut)"),
    KEY_ENTRY("Enter", "explain the action's resource on its node"),
    HEADING("History"),
    KEY_ENTRY("n  p", "next / previous step of the pe-input series"),
    KEY_ENTRY("Enter", "open the step's CIB in the other views"),
    HEADING("Graph (doc/graph.md)"),
    KEY_ENTRY("arrows h j k l", "pan; g or Home back to the top left"),
    KEY_ENTRY("a", "whole graph / the selected resource's neighbourhood"),
    KEY_ENTRY("+  -", "the neighbourhood's depth"),
    KEY_ENTRY("[  ]", "focus on the previous / next resource"),
    KEY_ENTRY("n  N", "select the next / previous edge"),
    KEY_ENTRY("Enter", "the selected edge's constraint (none: the focus's box)"),
    KEY_ENTRY("e", "Explain the edge's dependent where it is planned"),
    KEY_ENTRY("o", "node+score locations as node boxes / as notes"),
    KEY_ENTRY("!", "every cycle and unmet mandatory constraint"),
    HEADING("Timeline"),
    KEY_ENTRY("a", "every moment solved / only those that change placement"),
    HEADING("Text views"),
    KEY_ENTRY("Up Down PgUp PgDn", "scroll; Home End to the ends"),
    HEADING("Matrix marks"),
    {"", "runs here now and stays", CS_GLYPH_STAYS, TRUE},
    {"", "runs here now and will leave", CS_GLYPH_LEAVES, TRUE},
    {"", "will run here", CS_GLYPH_ARRIVES, TRUE},
    KEY_ENTRY("-INF .. +INF", "scores: banned, negative, zero, positive, mandatory"),
    KEY_ENTRY("highlight", "cells the last edit changed"),
};

/* The same table as text, for the man page's drift test (cibscope
 * --help-keys): "== heading" lines, then "KEYS<TAB>TEXT" for each key
 * (entries without keys, notes and marks, are left out). */
void cs_help_keys_write(GString *out)
{
    for (size_t i = 0; i < G_N_ELEMENTS(help_entries); i++) {
        const HelpEntry *entry = &help_entries[i];
        if (entry->keys == NULL)
            g_string_append_printf(out, "== %s\n", entry->text);
        else if (!entry->is_glyph && entry->keys[0] != '\0')
            g_string_append_printf(out, "%s\t%s\n", entry->keys, entry->text);
    }
}

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

/* A box in the middle of the screen, at most width x height. */
static CsRect centered_rect(int width, int height)
{
    CsRect rect;
    rect.width = MIN(COLS - 2, width);
    rect.height = MIN(LINES - 2, height);
    rect.y = (LINES - rect.height) / 2;
    rect.x = (COLS - rect.width) / 2;
    return rect;
}

static CsRect help_rect(int line_count)
{
    return centered_rect(76, line_count + 4);
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
    CsRect inside = {rect.y + 1, rect.x + 2, rect.height - 2, rect.width - 4};
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

/* ---- a command's output ------------------------------------------------ */

static CsRect output_rect(int line_count)
{
    return centered_rect(120, line_count + 2);
}

/* Cuts safe text into pieces of at most width columns: long lines (the
 * exact cibadmin command lines a commit runs) are wrapped, not cut, so
 * that every character can be read.  Continuations are indented. */
static void add_wrapped(GPtrArray *lines, const char *safe, int width)
{
    static const char indent[] = "    ";
    const char *start = safe;
    gboolean first = TRUE;
    do {
        int room = MAX(8, first ? width : width - (int)strlen(indent));
        const char *end = cs_wrap_end(start, room);
        g_autofree char *piece = g_strndup(start, (gsize)(end - start));
        cs_lines_add_text(lines, CS_STYLE_NORMAL, "%s%s", first ? "" : indent, piece);
        first = FALSE;
        start = end;
    } while (*start != '\0');
}

static GPtrArray *wrap_output(const char *output, int width)
{
    GPtrArray *lines = cs_lines_new();
    g_auto(GStrv) raw = g_strsplit(output, "\n", -1);
    for (char **line = raw; *line != NULL; line++) {
        if (line[1] == NULL && **line == '\0')
            break;
        g_autofree char *safe = cs_escape(*line);
        add_wrapped(lines, safe, width);
    }
    return lines;
}

/* The output's lines wrapped at width, kept with the console until the
 * output or the width changes (the console's own). */
static GPtrArray *output_lines(CsConsole *console, int width)
{
    if (console->output_lines == NULL || console->output_lines_width != width
        || strcmp(console->output_lines_text, console->output) != 0) {
        g_clear_pointer(&console->output_lines, g_ptr_array_unref);
        g_free(console->output_lines_text);
        console->output_lines = wrap_output(console->output, width);
        console->output_lines_text = g_strdup(console->output);
        console->output_lines_width = width;
    }
    return console->output_lines;
}

/* Columns inside the output box. */
static int output_width(void)
{
    return MIN(COLS - 2, 120) - 4;
}

void cs_output_draw(CsConsole *console)
{
    GPtrArray *lines = output_lines(console, output_width());
    CsRect rect = output_rect((int)lines->len);
    cs_draw_box(&rect, CS_STYLE_NORMAL);
    /* While the status bar asks about what the box lists, the answer
     * closes it. */
    const char *close_hint =
        console->ask == CS_ASK_COMMIT ? " y applies, any other key cancels " : " any key closes ";
    int hint_width = (int)strlen(close_hint);
    cs_draw_text(rect.y + rect.height - 1, rect.x + rect.width - 1 - hint_width, hint_width,
                 close_hint, CS_STYLE_DIM);
    CsRect inside = {rect.y + 1, rect.x + 2, rect.height - 2, rect.width - 4};
    cs_lines_draw(lines, &inside, &console->output_scroll);
    if (console->output_scroll + inside.height < (int)lines->len)
        cs_draw_text(rect.y + rect.height - 1, rect.x + 2, 12, " PgDn: more ", CS_STYLE_DIM);
}

gboolean cs_output_key(CsConsole *console, int key)
{
    GPtrArray *lines = output_lines(console, output_width());
    CsRect rect = output_rect((int)lines->len);
    if (key == ' ' || key == 'q')
        return FALSE;
    return cs_lines_key(key, &console->output_scroll, (int)lines->len, rect.height - 2);
}
