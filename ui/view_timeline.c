/* view_timeline.c: what changes by itself from the console's clock on
 * (explain/timeline_run.h, as `cibscope timeline` prints it): each
 * moment's time, what turns then, and what starts, stops or moves.  The
 * timeline is worked out when the view is first drawn for a state of
 * the session (every moment is a solve) and kept until the next edit. */
#include <string.h>
#include "explain/timeline_run.h"
#include "view.h"

/* The span the view looks ahead, as `cibscope timeline` by default. */
#define CS_TIMELINE_VIEW_SPAN_S (7 * 86400)

struct CsTimelineState {
    CsTimeline *timeline; /* NULL: not worked out, or error says why */
    char *error;
    const CsModel *model; /* the model it was worked out for */
    guint generation;     /* and the session's generation then */
    gboolean all;         /* a: moments that change nothing too */
};

void cs_timeline_state_free(CsTimelineState *state)
{
    if (state == NULL)
        return;
    cs_timeline_free(state->timeline);
    g_free(state->error);
    g_free(state);
}

static CsTimelineState *state_of(CsConsole *console)
{
    if (console->timeline_state == NULL)
        console->timeline_state = g_new0(CsTimelineState, 1);
    return console->timeline_state;
}

/* The timeline of the session's CIB at its clock, worked out again when
 * an edit, a poll or the clock changed the model. */
static CsTimelineState *current(CsConsole *console)
{
    CsTimelineState *state = state_of(console);
    if (console->model == NULL || console->document == NULL)
        return state;
    if (state->model == console->model && state->generation == console->generation
        && (state->timeline != NULL || state->error != NULL))
        return state;
    g_clear_pointer(&state->timeline, cs_timeline_free);
    g_clear_pointer(&state->error, g_free);
    g_autoptr(GError) error = NULL;
    state->timeline =
        cs_timeline_build(console->document, console->model->now, CS_TIMELINE_VIEW_SPAN_S, &error);
    if (state->timeline == NULL)
        state->error = g_strdup(error != NULL ? error->message : "no answer");
    state->model = console->model;
    state->generation = console->generation;
    return state;
}

/* raw, escaped and wrapped at width, each row after the first indented
 * by indent columns more than the first. */
static void add_wrapped(GPtrArray *lines, CsStyle style, const char *lead, int indent,
                        const char *raw, int width)
{
    g_autofree char *safe = cs_escape(raw);
    const char *start = safe;
    gboolean first = TRUE;
    int room = MAX(width - (int)strlen(lead) - (first ? 0 : indent), 10);
    while (*start != '\0') {
        const char *end = cs_wrap_end(start, room);
        if (end == start)
            end = start + strlen(start);
        CsLine *line = cs_line_add(lines);
        cs_line_append(line, CS_STYLE_NORMAL, "%s%*s", lead, first ? 0 : indent, "");
        cs_line_append(line, style, "%.*s", (int)(end - start), start);
        start = end;
        while (*start == ' ')
            start++;
        first = FALSE;
        room = MAX(width - (int)strlen(lead) - indent, 10);
    }
}

/* "web: node2 -> node1": coloured as the action it brings. */
static CsStyle change_style(const char *change)
{
    if (strstr(change, "->") != NULL)
        return cs_action_style("Move");
    if (strstr(change, "starts") != NULL || strstr(change, "promoted") != NULL)
        return cs_action_style("Start");
    if (strstr(change, "stops") != NULL || strstr(change, "demoted") != NULL)
        return cs_action_style("Stop");
    return CS_STYLE_NORMAL;
}

static void add_entry(GPtrArray *lines, const CsTimeline *timeline, const CsTimelineEntry *entry,
                      int width)
{
    g_autofree char *when = cs_timeline_format_time(entry->when);
    CsLine *line = cs_line_add(lines);
    cs_line_append(line, CS_STYLE_HEADING, "%s", when);
    for (guint i = 0; i < entry->causes->len; i++)
        add_wrapped(lines, CS_STYLE_NORMAL, "  ", 2, g_ptr_array_index(entry->causes, i), width);
    if (entry->by_recheck) {
        g_autofree char *recheck = cs_timeline_recheck_text(timeline);
        add_wrapped(lines, CS_STYLE_DIM, "  ", 2, recheck, width);
    }
    for (guint i = 0; i < entry->changes->len; i++) {
        const char *change = g_ptr_array_index(entry->changes, i);
        add_wrapped(lines, change_style(change), "    ", 2, change, width);
    }
    if (entry->changes->len == 0)
        cs_lines_add_text(lines, CS_STYLE_DIM, "    no change in placement");
}

static GPtrArray *timeline_lines(CsConsole *console, int width)
{
    GPtrArray *lines = cs_lines_new();
    CsLine *title = cs_line_add(lines);
    cs_line_append(title, CS_STYLE_HEADING, "Timeline");
    cs_line_append(title, CS_STYLE_DIM, "  what changes by itself in the next 7 days");
    CsTimelineState *state = current(console);
    if (state->timeline == NULL) {
        cs_line_add(lines);
        add_wrapped(lines, CS_STYLE_DIM, "  ", 0,
                    state->error != NULL ? state->error
                                         : "No timeline: the engine gave no answer for this CIB.",
                    width);
        return lines;
    }
    const CsTimeline *timeline = state->timeline;
    g_autofree char *now = cs_timeline_format_time(timeline->now);
    g_autofree char *until = cs_timeline_format_time(timeline->until);
    cs_lines_add_text(lines, CS_STYLE_DIM, "  from %s to %s%s", now, until,
                      state->all ? "; every moment (a: changes only)" : " (a: every moment)");
    add_wrapped(lines, CS_STYLE_DIM, "  ", 0,
                "each moment solved on the CIB as it stands, told against the moment before",
                width);
    if (timeline->pending->len > 0) {
        g_autofree char *pending = g_strdup_printf(
            "the cluster still has %u action%s to run now (view 2): each change is told "
            "against the plan just before it",
            timeline->pending->len, timeline->pending->len == 1 ? "" : "s");
        add_wrapped(lines, CS_STYLE_DIM, "  ", 0, pending, width);
    }
    cs_line_add(lines);
    for (guint i = 0; i < timeline->entries->len; i++) {
        const CsTimelineEntry *entry = g_ptr_array_index(timeline->entries, i);
        if (state->all || entry->changes->len > 0)
            add_entry(lines, timeline, entry, width);
    }
    if (timeline->cut_short) {
        g_autofree char *reached = cs_timeline_format_time(timeline->reached);
        cs_lines_add_text(lines, CS_STYLE_DIM, "  Stopped after %d moments, at %s",
                          CS_TIMELINE_MAX_MOMENTS, reached);
    } else {
        cs_lines_add_text(lines, CS_STYLE_DIM, "  Nothing %schanges by itself before %s",
                          cs_timeline_count(timeline, FALSE) > 0 ? "else " : "", until);
    }
    return lines;
}

static void timeline_draw(CsConsole *console, const CsRect *area)
{
    g_autoptr(GPtrArray) lines = timeline_lines(console, area->width);
    cs_lines_draw(lines, area, &console->scroll[CS_VIEW_TIMELINE]);
}

static gboolean timeline_key(CsConsole *console, int key, const CsRect *area)
{
    if (key == 'a') {
        state_of(console)->all = !state_of(console)->all;
        console->scroll[CS_VIEW_TIMELINE] = 0;
        return TRUE;
    }
    g_autoptr(GPtrArray) lines = timeline_lines(console, area->width);
    return cs_lines_key(key, &console->scroll[CS_VIEW_TIMELINE], (int)lines->len, area->height);
}

const CsView cs_view_timeline = {"Timeline", timeline_draw, timeline_key};
