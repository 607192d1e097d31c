/* timeline_run.c: every moment time alone changes, solved at that moment
 * (timeline_run.h). */
#include <string.h>

#include "explain/timeline_run.h"
#include "explain/timeline.h"
#include "explain/next.h"
#include "explain/json.h"
#include "engine/engine.h"

/* One moment solved: the model at it and its solution. */
typedef struct Moment {
    CsModel *model;
    CsSolution *solution;
} Moment;

static void moment_clear(Moment *moment)
{
    g_clear_pointer(&moment->solution, cs_solution_free);
    g_clear_pointer(&moment->model, cs_model_free);
}

static gboolean moment_solve(Moment *moment, const CsDocument *document, CsTime when,
                             GError **error)
{
    moment->model = cs_model_build(document, when, error);
    if (moment->model == NULL)
        return FALSE;
    moment->solution = cs_solve(moment->model, error);
    return moment->solution != NULL;
}

/* The Transition Summary's action lines, without the heading and the
 * leading "  * ". */
static GPtrArray *summary_lines(CsSolution *solution)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    g_auto(GStrv) raw = g_strsplit(cs_solution_transition_text(solution), "\n", -1);
    for (char **line = raw; *line != NULL; line++) {
        const char *text = *line;
        while (*text == ' ')
            text++;
        if (text[0] == '*' && text[1] == ' ')
            g_ptr_array_add(lines, g_strdup(text + 2));
    }
    return lines;
}

static GPtrArray *split_lines(const char *text, const char *separator)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    g_auto(GStrv) parts = g_strsplit(text, separator, -1);
    for (char **part = parts; *part != NULL; part++)
        if (**part != '\0')
            g_ptr_array_add(lines, g_strdup(*part));
    return lines;
}

static void entry_free(gpointer data)
{
    CsTimelineEntry *entry = data;
    g_ptr_array_unref(entry->causes);
    g_ptr_array_unref(entry->changes);
    g_ptr_array_unref(entry->actions);
    g_free(entry);
}

void cs_timeline_free(CsTimeline *timeline)
{
    if (timeline == NULL)
        return;
    g_ptr_array_unref(timeline->pending);
    g_ptr_array_unref(timeline->entries);
    g_free(timeline);
}

/* The entry for the moment event names: after solved at it, told
 * against before (the moment just before it, when nothing differed from
 * the last moment solved). */
static CsTimelineEntry *entry_new(const CsTimeEvent *event, Moment *before, Moment *after)
{
    CsTimelineEntry *entry = g_new0(CsTimelineEntry, 1);
    g_autoptr(GString) changes = g_string_new(NULL);
    entry->when = event->when;
    entry->causes = split_lines(event->detail, "; ");
    entry->by_recheck = event->by_recheck;
    cs_next_describe_changes(before->model, before->solution, after->model, after->solution,
                             changes);
    entry->changes = split_lines(changes->str, "\n");
    entry->actions = summary_lines(after->solution);
    return entry;
}

CsTimeline *cs_timeline_build(const CsDocument *document, CsTime now, gint64 span_s, GError **error)
{
    Moment before = {0};
    if (!moment_solve(&before, document, now, error)) {
        moment_clear(&before);
        return NULL;
    }
    CsTimeline *timeline = g_new0(CsTimeline, 1);
    timeline->now = now;
    timeline->until = (CsTime){now.seconds + MAX(span_s, 0), now.offset};
    timeline->recheck_interval_s = before.model->options.cluster_recheck_interval_s;
    timeline->pending = summary_lines(before.solution);
    timeline->entries = g_ptr_array_new_with_free_func(entry_free);
    timeline->reached = now;
    CsTimeEvent event;
    while (cs_next_time_event(before.model, timeline->reached, &event)) {
        if (event.when.seconds > timeline->until.seconds) {
            cs_time_event_clear(&event);
            break;
        }
        if (timeline->entries->len >= CS_TIMELINE_MAX_MOMENTS) {
            timeline->cut_short = TRUE;
            cs_time_event_clear(&event);
            break;
        }
        Moment after = {0};
        if (!moment_solve(&after, document, event.when, error)) {
            moment_clear(&after);
            moment_clear(&before);
            cs_time_event_clear(&event);
            cs_timeline_free(timeline);
            return NULL;
        }
        g_ptr_array_add(timeline->entries, entry_new(&event, &before, &after));
        timeline->reached = event.when;
        cs_time_event_clear(&event);
        moment_clear(&before);
        before = after;
    }
    moment_clear(&before);
    return timeline;
}

/* ---- reading it ------------------------------------------------------------- */

char *cs_timeline_format_time(CsTime time)
{
    g_autoptr(GDateTime) utc = g_date_time_new_from_unix_utc(time.seconds);
    return utc != NULL ? g_date_time_format(utc, "%Y-%m-%dT%H:%M:%SZ") : g_strdup("?");
}

/* A span as Pacemaker writes intervals: "15min", "2h", "1d", "90s". */
static char *span_text(gint64 seconds)
{
    if (seconds > 0 && seconds % 86400 == 0)
        return g_strdup_printf("%" G_GINT64_FORMAT "d", seconds / 86400);
    if (seconds > 0 && seconds % 3600 == 0)
        return g_strdup_printf("%" G_GINT64_FORMAT "h", seconds / 3600);
    if (seconds > 0 && seconds % 60 == 0)
        return g_strdup_printf("%" G_GINT64_FORMAT "min", seconds / 60);
    return g_strdup_printf("%" G_GINT64_FORMAT "s", seconds);
}

/* Pacemaker Explained 2.1, "Cluster Options": cluster-recheck-interval
 * (default 15min) is the longest the cluster goes without running the
 * scheduler; it is what brings date specifications into effect, since
 * the scheduler does not look ahead to them.  0 turns it off. */
char *cs_timeline_recheck_text(const CsTimeline *timeline)
{
    if (timeline->recheck_interval_s <= 0)
        return g_strdup("noticed only when something else makes the cluster run its scheduler "
                        "(cluster-recheck-interval is 0 here; 15min by default)");
    g_autofree char *here = span_text(timeline->recheck_interval_s);
    return g_strdup_printf("noticed by the cluster within cluster-recheck-interval "
                           "(%s here; 15min by default)",
                           here);
}

guint cs_timeline_count(const CsTimeline *timeline, gboolean all)
{
    guint count = 0;
    for (guint i = 0; i < timeline->entries->len; i++) {
        const CsTimelineEntry *entry = g_ptr_array_index(timeline->entries, i);
        count += all || entry->changes->len > 0;
    }
    return count;
}

/* --until: an ISO 8601 duration, or a number with s, m/min, h, d or w. */
gboolean cs_timeline_parse_span(const char *text, CsTime now, gint64 *out_seconds)
{
    if (text[0] == 'P') {
        CsDuration duration;
        if (!cs_duration_parse(text, &duration, NULL))
            return FALSE;
        *out_seconds = cs_time_add_duration(now, &duration).seconds - now.seconds;
        return *out_seconds >= 0;
    }
    static const struct {
        const char *suffix;
        gint64 seconds;
    } units[] = {
        {"", 1}, {"s", 1}, {"m", 60}, {"min", 60}, {"h", 3600}, {"d", 86400}, {"w", 7 * 86400},
    };
    char *end = NULL;
    gint64 count = g_ascii_strtoll(text, &end, 10);
    if (end == text || count < 0 || count > 100L * 365)
        return FALSE;
    for (gsize i = 0; i < G_N_ELEMENTS(units); i++)
        if (strcmp(end, units[i].suffix) == 0) {
            *out_seconds = count * units[i].seconds;
            return *out_seconds <= (gint64)100 * 365 * 86400;
        }
    return FALSE;
}

static void write_entry(const CsTimeline *timeline, const CsTimelineEntry *entry, GString *out)
{
    g_autofree char *when = cs_timeline_format_time(entry->when);
    for (guint i = 0; i < entry->causes->len; i++)
        g_string_append_printf(out, "%s  %s\n", i == 0 ? when : "                    ",
                               (const char *)g_ptr_array_index(entry->causes, i));
    if (entry->by_recheck) {
        g_autofree char *recheck = cs_timeline_recheck_text(timeline);
        g_string_append_printf(out, "    %s\n", recheck);
    }
    for (guint i = 0; i < entry->changes->len; i++)
        g_string_append_printf(out, "    %s\n", (const char *)g_ptr_array_index(entry->changes, i));
    if (entry->changes->len == 0)
        g_string_append(out, "    no change in placement\n");
}

void cs_timeline_write(const CsTimeline *timeline, gboolean all, GString *out)
{
    g_autofree char *now = cs_timeline_format_time(timeline->now);
    g_autofree char *until = cs_timeline_format_time(timeline->until);
    g_string_append_printf(out,
                           "Timeline from %s to %s: what changes with nobody acting\n"
                           "(each moment solved on the CIB as it stands, told against the "
                           "moment before)\n",
                           now, until);
    if (timeline->pending->len > 0)
        g_string_append_printf(out,
                               "Now the cluster still has %u action%s to run "
                               "(cibscope transition); each change below is told against "
                               "the plan just before it\n",
                               timeline->pending->len, timeline->pending->len == 1 ? "" : "s");
    g_string_append_c(out, '\n');
    for (guint i = 0; i < timeline->entries->len; i++) {
        const CsTimelineEntry *entry = g_ptr_array_index(timeline->entries, i);
        if (all || entry->changes->len > 0)
            write_entry(timeline, entry, out);
    }
    if (timeline->cut_short) {
        g_autofree char *reached = cs_timeline_format_time(timeline->reached);
        g_string_append_printf(out,
                               "Stopped after %d moments, at %s: give a shorter --until "
                               "to see further\n",
                               CS_TIMELINE_MAX_MOMENTS, reached);
    } else if (cs_timeline_count(timeline, FALSE) == 0) {
        g_string_append_printf(out, "Nothing changes by itself before %s\n", until);
    } else {
        g_string_append_printf(out, "Nothing else changes by itself before %s\n", until);
    }
}

/* ---- JSON -------------------------------------------------------------------- */

static void json_strings(GString *out, const char *name, const GPtrArray *lines)
{
    g_string_append_printf(out, "\"%s\":[", name);
    for (guint i = 0; i < lines->len; i++) {
        if (i > 0)
            g_string_append_c(out, ',');
        cs_json_string(out, g_ptr_array_index(lines, i));
    }
    g_string_append_c(out, ']');
}

static void json_time(GString *out, const char *name, CsTime time)
{
    g_autofree char *text = cs_timeline_format_time(time);
    g_string_append_printf(out, "\"%s\":", name);
    cs_json_string(out, text);
}

static void json_entry(GString *out, const CsTimeline *timeline, const CsTimelineEntry *entry)
{
    g_string_append_c(out, '{');
    json_time(out, "time", entry->when);
    g_string_append_printf(out, ",\"epoch\":%" G_GINT64_FORMAT ",", entry->when.seconds);
    json_strings(out, "causes", entry->causes);
    g_string_append(out, ",\"noticed_at_recheck\":");
    if (entry->by_recheck) {
        g_autofree char *recheck = cs_timeline_recheck_text(timeline);
        cs_json_string(out, recheck);
    } else {
        g_string_append(out, "null");
    }
    g_string_append_printf(out, ",\"changed\":%s,", entry->changes->len > 0 ? "true" : "false");
    json_strings(out, "changes", entry->changes);
    g_string_append_c(out, ',');
    json_strings(out, "actions", entry->actions);
    g_string_append_c(out, '}');
}

void cs_timeline_json(const CsTimeline *timeline, const CsDocument *document, gboolean all,
                      GString *out)
{
    cs_json_begin(out, document, "timeline");
    g_string_append_c(out, ',');
    json_time(out, "now", timeline->now);
    g_string_append_c(out, ',');
    json_time(out, "until", timeline->until);
    g_string_append_printf(out, ",\"cluster_recheck_interval_s\":%" G_GINT64_FORMAT ",",
                           timeline->recheck_interval_s);
    json_strings(out, "pending_actions", timeline->pending);
    g_string_append(out, ",\"events\":[");
    gboolean first = TRUE;
    for (guint i = 0; i < timeline->entries->len; i++) {
        const CsTimelineEntry *entry = g_ptr_array_index(timeline->entries, i);
        if (!all && entry->changes->len == 0)
            continue;
        if (!first)
            g_string_append_c(out, ',');
        first = FALSE;
        json_entry(out, timeline, entry);
    }
    g_string_append_printf(out, "],\"complete\":%s", timeline->cut_short ? "false" : "true");
    if (timeline->cut_short) {
        g_string_append_c(out, ',');
        json_time(out, "reached", timeline->reached);
    }
    g_string_append(out, "}\n");
}
