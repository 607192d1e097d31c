/* view_failcounts.c: the fail counts of the status section and what they
 * mean under migration-threshold.
 *
 * Pacemaker Explained 2.1, "Resource Meta-Attributes" and "Handling
 * Resource Failure": once a resource's fail count on a node (summed over
 * its operations) reaches migration-threshold, it is banned from that node
 * until the count is cleared or failure-timeout lets it expire; a
 * threshold of 0 turns the ban off.  Whether a ban applies is the
 * engine's answer (the fail-limit contribution it records): this view
 * only counts what is left before one.
 */
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

/* The fail-limit ban the engine recorded on node for rsc, or for the
 * resource above it it bans instead (a clone for its instances), or
 * NULL. */
static const CsContribution *recorded_ban(const CsConsole *console, int rsc, int node)
{
    for (int each = rsc; each >= 0 && console->solution != NULL; each = cs_console_rsc(console, each)->parent) {
        int n = 0;
        const CsContribution *list = cs_solution_contributions(console->solution, each, node, &n);
        for (int i = 0; i < n; i++)
            if (list[i].kind == CS_CONTRIB_FAIL_LIMIT)
                return &list[i];
    }
    return NULL;
}

/* "2 of 3: one more failure bans node1", with the style it deserves. */
static char *consequence(const CsConsole *console, const CsFailCount *fail, CsStyle *style)
{
    *style = CS_STYLE_NORMAL;
    if (fail->rsc < 0)
        return g_strdup("orphan: the resource is no longer configured");
    const CsResource *resource = cs_console_rsc(console, fail->rsc);
    const char *node = cs_console_node_label(console, fail->node);
    int total = cs_model_fail_count(console->model, fail->rsc, fail->node);
    int threshold = resource->migration_threshold;
    g_autofree char *total_text = count_label(total);
    g_autofree char *threshold_text = count_label(threshold);
    if (threshold <= 0)
        return g_strdup_printf("%s failures: migration-threshold is 0, never banned", total_text);
    if (total == 0 && fail->count > 0) {
        *style = CS_STYLE_DIM;
        return g_strdup("expired (failure-timeout): no longer counts");
    }
    const CsContribution *ban = recorded_ban(console, fail->rsc, fail->node);
    if (ban != NULL) {
        g_autofree char *count_text = count_label(ban->count);
        g_autofree char *limit_text = count_label(ban->threshold);
        *style = CS_STYLE_ACTION_STOP;
        return g_strdup_printf("%s of %s: banned from %s", count_text, limit_text, node);
    }
    if (total >= threshold) {
        *style = CS_STYLE_DIM;
        return g_strdup_printf("%s of %s: reached, but the engine applies no ban", total_text, threshold_text);
    }
    if (threshold >= CS_INFINITY)
        return g_strdup_printf("%s of INFINITY: banned from %s only at INFINITY (a fatal failure)",
                               total_text, node);
    int left = threshold - total;
    *style = left == 1 ? CS_STYLE_ACTION_MOVE : CS_STYLE_NORMAL;
    if (left == 1)
        return g_strdup_printf("%s of %s: one more failure bans %s", total_text, threshold_text, node);
    return g_strdup_printf("%s of %s: %d more failures ban %s", total_text, threshold_text, left, node);
}

static char *expiry(const CsConsole *console, const CsFailCount *fail)
{
    if (fail->rsc < 0 || fail->last_failure <= 0)
        return NULL;
    gint64 timeout = cs_console_rsc(console, fail->rsc)->failure_timeout_s;
    if (timeout <= 0)
        return NULL;
    CsTime expires = { fail->last_failure + timeout, 0 };
    if (expires.seconds <= console->model->now.seconds)
        return g_strdup("  (timed out)");
    g_autofree char *when = cs_time_format(expires);
    return g_strdup_printf("  (expires %s)", when);
}

static FailColumns fail_columns(const CsConsole *console)
{
    FailColumns columns = { 8, 4, 9, 5 };
    for (guint i = 0; i < console->model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(console->model->fail_counts, i);
        g_autofree char *rsc = cs_escape(fail->rsc_id);
        g_autofree char *operation = operation_label(fail);
        columns.rsc = MAX(columns.rsc, cs_text_width(rsc));
        columns.node = MAX(columns.node, cs_text_width(cs_console_node_label(console, fail->node)));
        columns.operation = MAX(columns.operation, cs_text_width(operation));
    }
    columns.rsc = MIN(columns.rsc, 24);
    columns.node = MIN(columns.node, 16);
    columns.operation = MIN(columns.operation, 18);
    columns.count = 8;
    return columns;
}

static void add_fail_line(GPtrArray *lines, const CsConsole *console, const CsFailCount *fail,
                          const FailColumns *columns)
{
    g_autofree char *rsc = cs_escape(fail->rsc_id);
    g_autofree char *operation = operation_label(fail);
    g_autofree char *count = count_label(fail->count);
    CsStyle style;
    g_autofree char *meaning = consequence(console, fail, &style);
    g_autofree char *expires = expiry(console, fail);
    CsLine *line = cs_line_add(lines);
    cs_line_append(line, CS_STYLE_NORMAL, " ");
    cs_line_append_fit(line, CS_STYLE_EMPHASIS, rsc, columns->rsc + 2, FALSE);
    cs_line_append_fit(line, CS_STYLE_NORMAL, cs_console_node_label(console, fail->node), columns->node + 2, FALSE);
    cs_line_append_fit(line, CS_STYLE_NORMAL, operation, columns->operation + 2, FALSE);
    cs_line_append_fit(line, CS_STYLE_NORMAL, count, columns->count - 1, TRUE);
    cs_line_append(line, CS_STYLE_NORMAL, "  ");
    cs_line_append(line, style, "%s", meaning);
    if (expires != NULL)
        cs_line_append(line, CS_STYLE_DIM, "%s", expires);
}

static GPtrArray *failcount_lines(const CsConsole *console)
{
    GPtrArray *lines = cs_lines_new();
    CsLine *title = cs_line_add(lines);
    cs_line_append(title, CS_STYLE_HEADING, "Fail counts");
    cs_line_append(title, CS_STYLE_DIM, "  per resource, node and operation, against migration-threshold");
    cs_line_add(lines);
    if (console->model == NULL)
        return lines;
    if (console->model->fail_counts->len == 0) {
        cs_lines_add_text(lines, CS_STYLE_DIM, "  No fail counts are recorded in the status section.");
        return lines;
    }
    FailColumns columns = fail_columns(console);
    CsLine *header = cs_line_add(lines);
    cs_line_append(header, CS_STYLE_NORMAL, " ");
    cs_line_append_fit(header, CS_STYLE_HEADING, "Resource", columns.rsc + 2, FALSE);
    cs_line_append_fit(header, CS_STYLE_HEADING, "Node", columns.node + 2, FALSE);
    cs_line_append_fit(header, CS_STYLE_HEADING, "Operation", columns.operation + 2, FALSE);
    cs_line_append_fit(header, CS_STYLE_HEADING, "Fails", columns.count - 1, TRUE);
    cs_line_append(header, CS_STYLE_HEADING, "  Consequence");
    guint shown = 0;
    for (guint i = 0; i < console->model->fail_counts->len; i++) {
        const CsFailCount *fail = g_ptr_array_index(console->model->fail_counts, i);
        if (fail->rsc >= 0 && !cs_console_rsc_matches_filter(console, fail->rsc))
            continue;
        add_fail_line(lines, console, fail, &columns);
        shown++;
    }
    if (shown == 0)
        cs_lines_add_text(lines, CS_STYLE_DIM, "  No fail count matches the filter.");
    return lines;
}

static void failcounts_draw(CsConsole *console, const CsRect *area)
{
    g_autoptr(GPtrArray) lines = failcount_lines(console);
    cs_lines_draw(lines, area, &console->scroll[CS_VIEW_FAILCOUNTS]);
}

static gboolean failcounts_key(CsConsole *console, int key, const CsRect *area)
{
    g_autoptr(GPtrArray) lines = failcount_lines(console);
    return cs_lines_key(key, &console->scroll[CS_VIEW_FAILCOUNTS], (int)lines->len, area->height);
}

const CsView cs_view_failcounts = { "Fail counts", failcounts_draw, failcounts_key };
