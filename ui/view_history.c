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
    static const char *const series[] = {"pe-input-", "pe-warn-", "pe-error-"};
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

/* What the worker needs, taken when it starts: it reads nothing else
 * of the console. */
typedef struct HistoryJob {
    CsHistoryView *history;
    GPtrArray *paths; /* char*, the files in order */
    gboolean fixed;
    CsTime now;
} HistoryJob;

static void history_stop(CsHistoryView *history)
{
    if (history->worker == NULL)
        return;
    g_atomic_int_set(&history->cancel, TRUE);
    g_thread_join(g_steal_pointer(&history->worker));
}

void cs_history_clear(CsHistoryView *history)
{
    history_stop(history);
    g_clear_pointer(&history->dir, g_free);
    g_clear_pointer(&history->files, g_ptr_array_unref);
    g_clear_pointer(&history->lines, g_ptr_array_unref);
    g_clear_pointer(&history->texts, g_ptr_array_unref);
    g_clear_pointer(&history->rows, g_ptr_array_unref);
    if (history->step_line != NULL)
        g_array_free(history->step_line, TRUE);
    history->step_line = NULL;
    if (history->step_row != NULL)
        g_array_free(history->step_row, TRUE);
    history->step_row = NULL;
    g_clear_pointer(&history->error, g_free);
    history->loaded = FALSE;
    history->solved = history->built = 0;
    history->cancel = FALSE;
}

void cs_history_set_dir(CsConsole *console, const char *dir)
{
    cs_history_clear(&console->history);
    console->history.dir = g_strdup(dir);
}

/* Each step as `cibscope history` reports it: an unreadable input is
 * said and leaves the previous one as the base. */
static gpointer history_work(gpointer data)
{
    HistoryJob *job = data;
    CsHistoryView *history = job->history;
    CsDocument *previous = NULL;
    for (guint i = 0; i < job->paths->len && !g_atomic_int_get(&history->cancel); i++) {
        g_autoptr(GError) error = NULL;
        CsDocument *document = cs_document_load(g_ptr_array_index(job->paths, i), &error);
        GString *text = g_string_new(NULL);
        if (document == NULL)
            g_string_append_printf(text, "unreadable: %s\n", error->message);
        else
            cs_history_step(previous, document, job->fixed ? &job->now : NULL, text);
        if (document != NULL) {
            g_clear_pointer(&previous, cs_document_free);
            previous = document;
        }
        g_mutex_lock(&history->lock);
        g_free(g_ptr_array_index(history->texts, i));
        g_ptr_array_index(history->texts, i) = g_string_free(text, FALSE);
        history->solved = i + 1;
        g_mutex_unlock(&history->lock);
    }
    g_clear_pointer(&previous, cs_document_free);
    g_ptr_array_unref(job->paths);
    g_free(job);
    return NULL;
}

gboolean cs_history_busy(const CsHistoryView *history)
{
    if (history->worker == NULL || history->files == NULL)
        return FALSE;
    g_mutex_lock((GMutex *)&history->lock);
    gboolean busy = history->solved < history->files->len;
    g_mutex_unlock((GMutex *)&history->lock);
    return busy;
}

/* The lines of the report as solved so far: each step's heading, then
 * its text or a mark that it is still to come; step_line as built. */
static void build_lines(CsHistoryView *history)
{
    g_clear_pointer(&history->lines, g_ptr_array_unref);
    if (history->step_line != NULL)
        g_array_free(history->step_line, TRUE);
    history->lines = g_ptr_array_new_with_free_func(g_free);
    history->step_line = g_array_new(FALSE, FALSE, sizeof(int));
    history->lines_generation++;
    g_mutex_lock(&history->lock);
    history->built = history->solved;
    for (guint i = 0; i < history->files->len; i++) {
        const CsHistoryFile *file = g_ptr_array_index(history->files, i);
        int line = (int)history->lines->len;
        g_array_append_val(history->step_line, line);
        g_ptr_array_add(history->lines, g_strdup_printf("== %s ==", file->name));
        const char *text = g_ptr_array_index(history->texts, i);
        if (text == NULL) {
            g_ptr_array_add(history->lines, g_strdup("  (to be solved)"));
            continue;
        }
        g_auto(GStrv) split = g_strsplit(text, "\n", -1);
        for (char **piece = split; *piece != NULL; piece++)
            if (piece[1] != NULL || **piece != '\0')
                g_ptr_array_add(history->lines, g_strdup(*piece));
        if (i + 1 < history->files->len)
            g_ptr_array_add(history->lines, g_strdup(""));
    }
    g_mutex_unlock(&history->lock);
}

gboolean cs_history_progress(CsConsole *console)
{
    CsHistoryView *history = &console->history;
    if (history->worker == NULL || history->texts == NULL)
        return FALSE;
    g_mutex_lock(&history->lock);
    guint solved = history->solved;
    g_mutex_unlock(&history->lock);
    gint64 now = g_get_monotonic_time();
    gboolean done = history->files != NULL && solved == history->files->len;
    if (solved == history->built || (!done && now - history->shown < 250000))
        return FALSE;
    history->shown = now;
    build_lines(history);
    return console->view == CS_VIEW_HISTORY;
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
    HistoryJob *job = g_new0(HistoryJob, 1);
    job->history = history;
    job->fixed = console->clock_set && cs_time_parse(console->time_text, &job->now, NULL);
    job->paths = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < history->files->len; i++)
        g_ptr_array_add(
            job->paths,
            g_strdup(((const CsHistoryFile *)g_ptr_array_index(history->files, i))->path));
    history->texts = g_ptr_array_new_with_free_func(g_free);
    g_ptr_array_set_size(history->texts, (gint)history->files->len);
    history->solved = 0;
    history->cancel = FALSE;
    build_lines(history);
    history->worker = g_thread_new("cibscope-history", history_work, job);
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
        g_ptr_array_add(rows,
                        first ? g_strdup(piece) : g_strdup_printf("%*s%s", indent, "", piece));
        first = FALSE;
        start = end;
    } while (*start != '\0');
}

static void placeholder_lines(const CsConsole *console, GPtrArray *lines)
{
    if (console->history.dir == NULL) {
        cs_lines_add_text(lines, CS_STYLE_NORMAL, "  No series of scheduler inputs is open.");
        cs_line_add(lines);
        cs_lines_add_text(lines, CS_STYLE_DIM,
                          "  cibscope --history DIR steps through DIR's pe-input-N.bz2 files;");
        cs_lines_add_text(lines, CS_STYLE_DIM,
                          "  opening one pe-input-N.bz2 shows its directory's series here.");
        return;
    }
    g_autofree char *dir = cs_escape(console->history.dir);
    g_autofree char *why = cs_escape(console->history.error != NULL ? console->history.error : "");
    cs_lines_add_text(lines, CS_STYLE_NORMAL, "  %s: no history: %s", dir, why);
}

/* The report wrapped at width: its rows (the history keeps them);
 * history->step_row is set to the row each step's heading lands on. */
static const GPtrArray *wrap_report(CsHistoryView *history, int width)
{
    if (history->rows != NULL && history->rows_width == width
        && history->rows_generation == history->lines_generation)
        return history->rows;
    g_clear_pointer(&history->rows, g_ptr_array_unref);
    GPtrArray *rows = g_ptr_array_new_with_free_func(g_free);
    history->rows = rows;
    history->rows_width = width;
    history->rows_generation = history->lines_generation;
    if (history->step_row != NULL)
        g_array_free(history->step_row, TRUE);
    history->step_row = g_array_new(FALSE, FALSE, sizeof(int));
    for (guint step = 0; step < history->step_line->len; step++) {
        int missing = -1;
        g_array_append_val(history->step_row, missing);
    }
    /* step_line ascends: the next heading is found by walking along. */
    guint next_step = 0;
    for (guint i = 0; i < history->lines->len; i++) {
        g_autofree char *safe = cs_escape(g_ptr_array_index(history->lines, i));
        while (next_step < history->step_line->len
               && g_array_index(history->step_line, int, next_step) < (int)i)
            next_step++;
        gboolean heading = next_step < history->step_line->len
                           && g_array_index(history->step_line, int, next_step) == (int)i;
        if (!heading) {
            wrap_text(safe, width, rows);
            continue;
        }
        /* Headings stay whole: they are short and carry the step mark. */
        g_array_index(history->step_row, int, next_step) = (int)rows->len;
        g_ptr_array_add(rows, g_strdup(safe));
    }
    return rows;
}

char *cs_history_progress_text(const CsConsole *console, int width)
{
    const CsHistoryView *history = &console->history;
    if (console->view != CS_VIEW_HISTORY || !cs_history_busy(history))
        return NULL;
    g_mutex_lock((GMutex *)&history->lock);
    guint solved = history->solved, total = history->files->len;
    g_mutex_unlock((GMutex *)&history->lock);
    int bar = CLAMP(width - 80, 10, 40);
    int filled = total > 0 ? (int)((guint64)solved * (guint64)bar / total) : 0;
    g_autofree char *marks = g_strnfill((gsize)filled, '#');
    g_autofree char *rest = g_strnfill((gsize)(bar - filled), '.');
    return g_strdup_printf("Solving step %u of %u [%s%s] %u%%  (n, p and Enter work meanwhile)",
                           MIN(solved + 1, total), total, marks, rest,
                           total > 0 ? (guint)((guint64)solved * 100 / total) : 0);
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
    const GPtrArray *rows = wrap_report(history, width);
    int selected = selected_step(console);
    /* step_row ascends: the next heading is found by walking along. */
    guint next_step = 0;
    for (guint row = 0; row < rows->len; row++) {
        const char *text = g_ptr_array_index(rows, row);
        while (next_step < history->step_row->len
               && g_array_index(history->step_row, int, next_step) < (int)row)
            next_step++;
        int step = (int)next_step;
        gboolean heading = next_step < history->step_row->len
                           && g_array_index(history->step_row, int, next_step) == (int)row;
        CsLine *line = cs_line_add(lines);
        if (!heading) {
            cs_line_append(line, CS_STYLE_NORMAL, "%s", text);
            continue;
        }
        const CsHistoryFile *file = g_ptr_array_index(history->files, step);
        gboolean open = g_strcmp0(file->path, console->path) == 0;
        cs_line_append(line, step == selected ? CS_STYLE_SELECTED : CS_STYLE_HEADING, "%s", text);
        cs_line_append(line, CS_STYLE_DIM, "  step %d of %u%s", step + 1, history->files->len,
                       open               ? "  (open)"
                       : step == selected ? "  Enter opens it"
                                          : "");
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
    if (!console->hooks->open(console, file->path))
        return;
    console->view = CS_VIEW_MATRIX;
    g_autofree char *name = cs_escape(file->name);
    cs_console_say(console, FALSE, "Opened %s (step %d of %u); 6 goes back to History.", name,
                   step + 1, history->files->len);
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

const CsView cs_view_history = {"History", history_draw, history_key};
