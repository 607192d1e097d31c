/* view_failcounts.c: the fail counts of the status section and what they
 * mean under migration-threshold.
 *
 * Pacemaker Explained 2.1, "Resource Meta-Attributes" and "Handling
 * Resource Failure": once a resource's fail count on a node (summed over
 * its operations) reaches migration-threshold, it is banned from that node
 * until the count is cleared or failure-timeout lets it expire; a
 * threshold of 0 turns the ban off.  Whether a ban applies is the
 * engine's answer (the fail-limit contribution it records), worded in
 * explain/words.c (cs_words_fail_consequence): this view only draws it.
 */
#include "explain/words.h"
#include "view.h"

typedef struct FailColumns {
    int rsc, node, operation, count;
} FailColumns;

static char *operation_label(const CsFailCount *fail)
{
    if (fail->operation == NULL)
        return g_strdup("(any)");
    g_autofree char *safe = cs_escape(fail->operation);
    return g_strdup_printf("%s_%u", safe, fail->interval_ms);
}

static char *count_label(int count)
{
    return count >= CS_INFINITY ? g_strdup("INFINITY") : g_strdup_printf("%d", count);
}

/* The consequence in words (explain/words.h), in the style its tone asks. */
static char *consequence(const CsConsole *console, const CsFailCount *fail, CsStyle *style)
{
    static const CsStyle styles[] = {
        [CS_FAIL_TONE_PLAIN] = CS_STYLE_NORMAL,
        [CS_FAIL_TONE_FADED] = CS_STYLE_DIM,
        [CS_FAIL_TONE_NEAR] = CS_STYLE_ACTION_MOVE,
        [CS_FAIL_TONE_BANNED] = CS_STYLE_ACTION_STOP,
    };
    CsFailTone tone;
    g_autofree char *words =
        cs_words_fail_consequence(console->solution, console->model, fail, &tone);
    *style = styles[tone];
    return cs_escape(words);
}

static char *expiry(const CsConsole *console, const CsFailCount *fail)
{
    if (fail->rsc < 0 || fail->last_failure <= 0)
        return NULL;
    gint64 timeout = cs_console_rsc(console, fail->rsc)->failure_timeout_s;
    if (timeout <= 0)
        return NULL;
    CsTime expires = {fail->last_failure + timeout, 0};
    if (expires.seconds <= console->model->now.seconds)
        return g_strdup("  (timed out)");
    g_autofree char *when = cs_time_format(expires);
    return g_strdup_printf("  (expires %s)", when);
}

static FailColumns fail_columns(const CsConsole *console)
{
    FailColumns columns = {8, 4, 9, 5};
    for (guint i = 0; i < console->model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(console->model->fail_counts, i);
        g_autofree char *rsc = cs_escape(fail->rsc_id);
        g_autofree char *operation = operation_label(fail);
        columns.rsc = MAX(columns.rsc, cs_text_width(rsc));
        columns.node = MAX(columns.node, cs_text_width(cs_console_node_label(console, fail->node)));
        columns.operation = MAX(columns.operation, cs_text_width(operation));
    }
    columns.count = 8;
    return columns;
}

/* Columns before the Consequence. */
static int table_width(const FailColumns *columns)
{
    return 1 + columns->rsc + 2 + columns->node + 2 + columns->operation + 2 + columns->count - 1
           + 2;
}

/* The table is used when the consequence keeps this much room beside
 * it; else each fail count is a few lines of its own. */
#define CONSEQUENCE_ROOM 24

/* Safe text in pieces of at most room columns (wrapped, never cut). */
static GPtrArray *wrap_text(const char *safe, int room)
{
    GPtrArray *pieces = g_ptr_array_new_with_free_func(g_free);
    const char *start = safe;
    do {
        const char *end = cs_wrap_end(start, MAX(8, room));
        g_ptr_array_add(pieces, g_strndup(start, (gsize)(end - start)));
        start = end;
    } while (*start != '\0');
    return pieces;
}

/* What one fail count says, in words (safe text). */
typedef struct FailText {
    char *rsc, *operation, *count, *meaning, *expires;
    CsStyle style;
} FailText;

static void fail_text_init(FailText *text, const CsConsole *console, const CsFailCount *fail)
{
    text->rsc = cs_escape(fail->rsc_id);
    text->operation = operation_label(fail);
    text->count = count_label(fail->count);
    text->meaning = consequence(console, fail, &text->style);
    text->expires = expiry(console, fail);
}

static void fail_text_clear(FailText *text)
{
    g_free(text->rsc);
    g_free(text->operation);
    g_free(text->count);
    g_free(text->meaning);
    g_free(text->expires);
}

static CsStyle pick(gboolean selected, CsStyle style)
{
    return selected ? CS_STYLE_SELECTED : style;
}

/* The consequence (and expiry) wrapped into room columns, each line
 * after the first started with indent blanks. */
static void add_consequence(GPtrArray *lines, CsLine *first, const FailText *text, int indent,
                            int room, gboolean selected)
{
    g_autofree char *whole =
        g_strconcat(text->meaning, text->expires != NULL ? text->expires : "", NULL);
    g_autoptr(GPtrArray) pieces = wrap_text(whole, room);
    for (guint i = 0; i < pieces->len; i++) {
        CsLine *line = first;
        if (i > 0) {
            line = cs_line_add(lines);
            cs_line_append(line, pick(selected, CS_STYLE_NORMAL), "%*s", indent, "");
        }
        cs_line_append(line, pick(selected, text->style), "%s",
                       (const char *)g_ptr_array_index(pieces, i));
    }
}

static void add_fail_line(GPtrArray *lines, const CsConsole *console, const CsFailCount *fail,
                          const FailColumns *columns, int width, gboolean selected)
{
    FailText text;
    fail_text_init(&text, console, fail);
    CsLine *line = cs_line_add(lines);
    const char *node = cs_console_node_label(console, fail->node);
    if (table_width(columns) + CONSEQUENCE_ROOM <= width) {
        cs_line_append(line, pick(selected, CS_STYLE_NORMAL), " ");
        cs_line_append_fit(line, pick(selected, CS_STYLE_EMPHASIS), text.rsc, columns->rsc + 2,
                           FALSE);
        cs_line_append_fit(line, pick(selected, CS_STYLE_NORMAL), node, columns->node + 2, FALSE);
        cs_line_append_fit(line, pick(selected, CS_STYLE_NORMAL), text.operation,
                           columns->operation + 2, FALSE);
        cs_line_append_fit(line, pick(selected, CS_STYLE_NORMAL), text.count, columns->count - 1,
                           TRUE);
        cs_line_append(line, pick(selected, CS_STYLE_NORMAL), "  ");
        add_consequence(lines, line, &text, table_width(columns), width - table_width(columns),
                        selected);
    } else {
        /* Narrow: "rsc on node, operation: N fails" wrapped, then the
         * consequence indented below it. */
        g_autofree char *head =
            g_strdup_printf("%s on %s, %s: %s %s", text.rsc, node, text.operation, text.count,
                            fail->count == 1 ? "failure" : "failures");
        g_autoptr(GPtrArray) pieces = wrap_text(head, width - 2);
        for (guint i = 0; i < pieces->len; i++) {
            if (i > 0)
                line = cs_line_add(lines);
            cs_line_append(line, pick(selected, i == 0 ? CS_STYLE_EMPHASIS : CS_STYLE_NORMAL),
                           "%s%s", i == 0 ? " " : "   ",
                           (const char *)g_ptr_array_index(pieces, i));
        }
        line = cs_line_add(lines);
        cs_line_append(line, pick(selected, CS_STYLE_NORMAL), "    ");
        add_consequence(lines, line, &text, 4, width - 4, selected);
    }
    fail_text_clear(&text);
}

/* The fail counts the view lists (the filter applies), by index. */
static GArray *shown_fail_counts(const CsConsole *console)
{
    GArray *shown = g_array_new(FALSE, FALSE, sizeof(guint));
    for (guint i = 0; console->model != NULL && i < console->model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(console->model->fail_counts, i);
        if (fail->rsc < 0 || cs_console_rsc_matches_filter(console, fail->rsc))
            g_array_append_val(shown, i);
    }
    return shown;
}

/* The lines, and the first line of the selected fail count in *selected_line. */
static GPtrArray *failcount_lines(CsConsole *console, int width, int *selected_line)
{
    GPtrArray *lines = cs_lines_new();
    CsLine *title = cs_line_add(lines);
    cs_line_append(title, CS_STYLE_HEADING, "Fail counts");
    cs_line_append(title, CS_STYLE_DIM, "  against migration-threshold");
    cs_lines_add_text(lines, CS_STYLE_DIM, "Up/Down select a fail count, f clears it");
    cs_line_add(lines);
    *selected_line = -1;
    if (console->model == NULL)
        return lines;
    if (console->model->fail_counts->len == 0) {
        cs_lines_add_text(lines, CS_STYLE_DIM,
                          "  No fail counts are recorded in the status section.");
        return lines;
    }
    FailColumns columns = fail_columns(console);
    if (table_width(&columns) + CONSEQUENCE_ROOM <= width) {
        CsLine *header = cs_line_add(lines);
        cs_line_append(header, CS_STYLE_NORMAL, " ");
        cs_line_append_fit(header, CS_STYLE_HEADING, "Resource", columns.rsc + 2, FALSE);
        cs_line_append_fit(header, CS_STYLE_HEADING, "Node", columns.node + 2, FALSE);
        cs_line_append_fit(header, CS_STYLE_HEADING, "Operation", columns.operation + 2, FALSE);
        cs_line_append_fit(header, CS_STYLE_HEADING, "Fails", columns.count - 1, TRUE);
        cs_line_append(header, CS_STYLE_HEADING, "  Consequence");
    }
    g_autoptr(GArray) shown = shown_fail_counts(console);
    console->failcount_selected =
        CLAMP(console->failcount_selected, 0, MAX(0, (int)shown->len - 1));
    for (guint i = 0; i < shown->len; i++) {
        const CsFailCount *fail =
            g_ptr_array_index(console->model->fail_counts, g_array_index(shown, guint, i));
        gboolean selected = (int)i == console->failcount_selected;
        if (selected)
            *selected_line = (int)lines->len;
        add_fail_line(lines, console, fail, &columns, width, selected);
    }
    if (shown->len == 0)
        cs_lines_add_text(lines, CS_STYLE_DIM, "  No fail count matches the filter.");
    return lines;
}

/* The selected fail count, or NULL when none is listed. */
static const CsFailCount *selected_fail(const CsConsole *console)
{
    g_autoptr(GArray) shown = shown_fail_counts(console);
    if (shown->len == 0)
        return NULL;
    guint index =
        g_array_index(shown, guint, CLAMP(console->failcount_selected, 0, (int)shown->len - 1));
    return g_ptr_array_index(console->model->fail_counts, index);
}

static void failcounts_draw(CsConsole *console, const CsRect *area)
{
    int selected_line;
    g_autoptr(GPtrArray) lines = failcount_lines(console, area->width, &selected_line);
    int *scroll = &console->scroll[CS_VIEW_FAILCOUNTS];
    /* The selected fail count stays on screen. */
    if (selected_line >= 0 && selected_line < *scroll)
        *scroll = selected_line;
    if (selected_line >= 0 && selected_line >= *scroll + area->height)
        *scroll = selected_line - area->height + 1;
    cs_lines_draw(lines, area, scroll);
}

/* f: the selected fail count cleared, as crm_resource --cleanup does
 * for that resource on that node. */
static void clear_selected(CsConsole *console)
{
    const CsFailCount *fail = selected_fail(console);
    if (fail == NULL || fail->node < 0) {
        cs_console_say(console, TRUE, "No fail count is selected.");
        return;
    }
    g_autofree char *rsc = g_strdup(fail->rsc_id);
    g_autofree char *node = g_strdup(cs_console_node(console, fail->node)->uname);
    const char *words[] = {"failcount", "clear", rsc, node, NULL};
    cs_console_run_words(console, words);
}

static gboolean failcounts_key(CsConsole *console, int key, const CsRect *area)
{
    g_autoptr(GArray) shown = shown_fail_counts(console);
    int last = MAX(0, (int)shown->len - 1);
    switch (key) {
    case KEY_UP:
    case 'k': console->failcount_selected = MAX(0, console->failcount_selected - 1); return TRUE;
    case KEY_DOWN:
    case 'j': console->failcount_selected = MIN(last, console->failcount_selected + 1); return TRUE;
    case KEY_HOME:
    case 'g': console->failcount_selected = 0; return TRUE;
    case KEY_END:
    case 'G': console->failcount_selected = last; return TRUE;
    case KEY_NPAGE:
        console->failcount_selected =
            MIN(last, console->failcount_selected + MAX(1, area->height / 3));
        return TRUE;
    case KEY_PPAGE:
        console->failcount_selected =
            MAX(0, console->failcount_selected - MAX(1, area->height / 3));
        return TRUE;
    case 'f': clear_selected(console); return TRUE;
    default: break;
    }
    int selected_line;
    g_autoptr(GPtrArray) lines = failcount_lines(console, area->width - 1, &selected_line);
    return cs_lines_key(key, &console->scroll[CS_VIEW_FAILCOUNTS], (int)lines->len, area->height);
}

const CsView cs_view_failcounts = {"Fail counts", failcounts_draw, failcounts_key};
