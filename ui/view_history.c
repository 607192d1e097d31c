/* view_history.c: a series of scheduler inputs (pe-input-N.bz2), one
 * step per transition: what started, stopped, moved or changed role at
 * each, and the change that made it (cs_history_report: the same text as
 * `cibscope history DIR`).  n / p go from step to step; Enter opens the
 * step's CIB in the other views.
 */
#include <string.h>
#include "explain/history.h"
#include "view.h"

/* pe-input-N, pe-warn-N, pe-error-N with .bz2 or nothing after, as the
 * scheduler names what it saves (Pacemaker Explained 2.1, "pe-input files"
 * in the cluster options' pe-*-series-max). */
char *cs_history_dir_of(const char *path)
{
    g_autofree char *base = g_path_get_basename(path);
    static const char *const series[] = { "pe-input-", "pe-warn-", "pe-error-" };
    for (gsize i = 0; i < G_N_ELEMENTS(series); i++) {
        if (!g_str_has_prefix(base, series[i]))
            continue;
        const char *digits = base + strlen(series[i]);
        const char *end = digits;
        while (g_ascii_isdigit(*end))
            end++;
        if (end > digits && (*end == '\0' || strcmp(end, ".bz2") == 0))
            return g_path_get_dirname(path);
    }
    return NULL;
}

void cs_history_clear(CsHistoryView *history)
{
    g_clear_pointer(&history->dir, g_free);
    g_clear_pointer(&history->files, g_ptr_array_unref);
    g_clear_pointer(&history->lines, g_ptr_array_unref);
    if (history->step_line != NULL)
        g_array_free(history->step_line, TRUE);
    history->step_line = NULL;
    if (history->step_row != NULL)
        g_array_free(history->step_row, TRUE);
    history->step_row = NULL;
    g_clear_pointer(&history->error, g_free);
    history->loaded = FALSE;
}

void cs_history_set_dir(CsConsole *console, const char *dir)
{
    cs_history_clear(&console->history);
    console->history.dir = g_strdup(dir);
}

/* The line each file's "== name ==" heading is on (-1 when missing). */
static void find_steps(CsHistoryView *history)
{
    history->step_line = g_array_new(FALSE, FALSE, sizeof(int));
    for (guint i = 0; i < history->files->len; i++) {
        const CsHistoryFile *file = g_ptr_array_index(history->files, i);
        g_autofree char *heading = g_strdup_printf("== %s ==", file->name);
        int found = -1;
        for (guint line = 0; line < history->lines->len && found < 0; line++)
            if (strcmp(g_ptr_array_index(history->lines, line), heading) == 0)
                found = (int)line;
        g_array_append_val(history->step_line, found);
    }
}

gboolean cs_history_load(CsConsole *console)
{
    CsHistoryView *history = &console->history;
    if (history->loaded)
        return history->error == NULL;
    history->loaded = TRUE;
    g_autoptr(GError) error = NULL;
    history->files = cs_history_list(history->dir, &error);
    if (history->files == NULL) {
        history->error = g_strdup(error->message);
        return FALSE;
    }
    /* --time solves every step at that time; else each at its own
     * execution-date, as the CLI does. */
    CsTime now;
    gboolean fixed = console->clock_set && cs_time_parse(console->time_text, &now, NULL);
    g_autoptr(GString) report = g_string_new(NULL);
    if (cs_history_report(history->dir, fixed ? &now : NULL, report, &error) < 0) {
        history->error = g_strdup(error->message);
        return FALSE;
    }
    g_auto(GStrv) lines = g_strsplit(report->str, "\n", -1);
    history->lines = g_ptr_array_new_with_free_func(g_free);
    for (char **line = lines; *line != NULL; line++)
        if (line[1] != NULL || **line != '\0')
            g_ptr_array_add(history->lines, g_strdup(*line));
    find_steps(history);
    return TRUE;
}

/* The step whose section holds screen row: the last heading at or above
 * it. */
static int step_at(const CsHistoryView *history, int row)
{
    int step = -1;
    for (guint i = 0; history->step_row != NULL && i < history->step_row->len; i++) {
        int at = g_array_index(history->step_row, int, i);
        if (at >= 0 && at <= row)
            step = (int)i;
    }
    return step;
}

static int selected_step(const CsConsole *console)
{
    return MAX(0, step_at(&console->history, console->scroll[CS_VIEW_HISTORY]));
}

/* Cuts safe text into rows of at most width columns, at a blank when
 * there is one in the row's second half; continuations are indented
 * past the line's own indentation, so a long change (a long constraint
 * id on an 80-column screen) reads in full. */
static void wrap_text(const char *safe, int width, GPtrArray *rows)
{
    int indent = (int)strspn(safe, " ") + 4;
    const char *start = safe;
    gboolean first = TRUE;
    do {
        int room = MAX(12, first ? width : width - indent);
        const char *end = cs_wrap_end(start, room);
        g_autofree char *piece = g_strndup(start, (gsize)(end - start));
        g_ptr_array_add(rows, first ? g_strdup(piece) : g_strdup_printf("%*s%s", indent, "", piece));
        first = FALSE;
        start = end;
    } while (*start != '\0');
}

static void placeholder_lines(const CsConsole *console, GPtrArray *lines)
{
    if (console->history.dir == NULL) {
        cs_lines_add_text(lines, CS_STYLE_NORMAL, "  No series of scheduler inputs is open.");
        cs_line_add(lines);
        cs_lines_add_text(lines, CS_STYLE_DIM, "  cibscope --history DIR steps through DIR's pe-input-N.bz2 files;");
        cs_lines_add_text(lines, CS_STYLE_DIM, "  opening one pe-input-N.bz2 shows its directory's series here.");
        return;
    }
    g_autofree char *dir = cs_escape(console->history.dir);
    g_autofree char *why = cs_escape(console->history.error != NULL ? console->history.error : "");
    cs_lines_add_text(lines, CS_STYLE_NORMAL, "  %s: no history: %s", dir, why);
}

/* The report wrapped at width: its rows; history->step_row is set to
 * the row each step's heading lands on. */
static GPtrArray *wrap_report(CsHistoryView *history, int width)
{
    GPtrArray *rows = g_ptr_array_new_with_free_func(g_free);
    if (history->step_row != NULL)
        g_array_free(history->step_row, TRUE);
    history->step_row = g_array_new(FALSE, FALSE, sizeof(int));
    for (guint step = 0; step < history->step_line->len; step++) {
        int missing = -1;
        g_array_append_val(history->step_row, missing);
    }
    for (guint i = 0; i < history->lines->len; i++) {
        g_autofree char *safe = cs_escape(g_ptr_array_index(history->lines, i));
        int heading_of = -1;
        for (guint step = 0; step < history->step_line->len && heading_of < 0; step++)
            if (g_array_index(history->step_line, int, step) == (int)i)
                heading_of = (int)step;
        if (heading_of < 0) {
            wrap_text(safe, width, rows);
            continue;
        }
        /* Headings stay whole: they are short and carry the step mark. */
        g_array_index(history->step_row, int, heading_of) = (int)rows->len;
        g_ptr_array_add(rows, g_strdup(safe));
    }
    return rows;
}

/* The report, the selected step's heading marked and the step open in
 * the other views flagged. */
static GPtrArray *history_lines(CsConsole *console, int width)
{
    GPtrArray *lines = cs_lines_new();
    CsHistoryView *history = &console->history;
    if (history->dir == NULL || !cs_history_load(console)) {
        cs_lines_add_text(lines, CS_STYLE_HEADING, "History");
        placeholder_lines(console, lines);
        return lines;
    }
    g_autoptr(GPtrArray) rows = wrap_report(history, width);
    int selected = selected_step(console);
    for (guint row = 0; row < rows->len; row++) {
        const char *text = g_ptr_array_index(rows, row);
        int step = step_at(history, (int)row);
        gboolean heading = step >= 0 && g_array_index(history->step_row, int, step) == (int)row;
        CsLine *line = cs_line_add(lines);
        if (!heading) {
            cs_line_append(line, CS_STYLE_NORMAL, "%s", text);
            continue;
        }
        const CsHistoryFile *file = g_ptr_array_index(history->files, step);
        gboolean open = g_strcmp0(file->path, console->path) == 0;
        cs_line_append(line, step == selected ? CS_STYLE_SELECTED : CS_STYLE_HEADING, "%s", text);
        cs_line_append(line, CS_STYLE_DIM, "  step %d of %u%s", step + 1, history->files->len,
                       open ? "  (open)" : step == selected ? "  Enter opens it" : "");
    }
    return lines;
}

static void history_draw(CsConsole *console, const CsRect *area)
{
    g_autoptr(GPtrArray) lines = history_lines(console, area->width);
    cs_lines_draw(lines, area, &console->scroll[CS_VIEW_HISTORY]);
}

/* n / p: the next or previous step's heading to the top. */
static void go_to_step(CsConsole *console, int delta)
{
    const CsHistoryView *history = &console->history;
    int count = history->step_row != NULL ? (int)history->step_row->len : 0;
    int step = CLAMP(selected_step(console) + delta, 0, MAX(0, count - 1));
    while (step > 0 && step < count - 1 && g_array_index(history->step_row, int, step) < 0)
        step += delta;
    int line = count > 0 ? g_array_index(history->step_row, int, step) : -1;
    if (line >= 0)
        console->scroll[CS_VIEW_HISTORY] = line;
}

static void open_step(CsConsole *console)
{
    const CsHistoryView *history = &console->history;
    int step = selected_step(console);
    const CsHistoryFile *file = g_ptr_array_index(history->files, step);
    if (g_strcmp0(file->path, console->path) == 0) {
        console->view = CS_VIEW_MATRIX;
        return;
    }
    if (!cs_console_open(console, file->path))
        return;
    console->view = CS_VIEW_MATRIX;
    g_autofree char *name = cs_escape(file->name);
    cs_console_say(console, FALSE, "Opened %s (step %d of %u); 6 goes back to History.", name, step + 1,
                   history->files->len);
}

static gboolean history_key(CsConsole *console, int key, const CsRect *area)
{
    g_autoptr(GPtrArray) lines = history_lines(console, area->width);
    gboolean ready = console->history.dir != NULL && console->history.error == NULL
                     && console->history.files != NULL && console->history.files->len > 0;
    if (ready && (key == 'n' || key == 'p' || key == ']' || key == '[')) {
        go_to_step(console, key == 'n' || key == ']' ? 1 : -1);
        return TRUE;
    }
    if (ready && (key == '\n' || key == '\r' || key == KEY_ENTER)) {
        open_step(console);
        return TRUE;
    }
    return cs_lines_key(key, &console->scroll[CS_VIEW_HISTORY], (int)lines->len, area->height);
}

const CsView cs_view_history = { "History", history_draw, history_key };
