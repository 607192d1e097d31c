/* statusbar.c: the top bar (views), the banner and the bottom status bar. */
#include <string.h>
#include "view.h"
#include "explain/settle.h"

static const CsView *const tab_views[CS_VIEW_COUNT] = {
    &cs_view_matrix, &cs_view_transition, &cs_view_explain,  &cs_view_failcounts,
    &cs_view_graph,  &cs_view_history,    &cs_view_timeline,
};

/* How the tabs are written: " N Title " each, " N Title" when that is
 * too wide (seven views at 80 columns), " N " when that is too. */
typedef enum { TABS_FULL, TABS_COMPACT, TABS_SHORT } TabsForm;

static char *tab_text(int view, TabsForm form)
{
    if (form == TABS_SHORT)
        return g_strdup_printf(" %d ", view + 1);
    return g_strdup_printf(" %d %s%s", view + 1, tab_views[view]->title,
                           form == TABS_FULL ? " " : "");
}

/* Columns the tabs take in form. */
static int tabs_width(TabsForm form)
{
    int width = 0;
    for (int view = 0; view < CS_VIEW_COUNT; view++) {
        g_autofree char *tab = tab_text(view, form);
        width += (int)strlen(tab);
    }
    return width;
}

void cs_titlebar_draw(const CsConsole *console, int y)
{
    cs_draw_fill(y, 0, COLS, CS_STYLE_TITLE);
    static const char name[] = " cibscope ";
    gboolean room_for_name = tabs_width(TABS_FULL) + (int)strlen(name) <= COLS;
    TabsForm form = tabs_width(TABS_FULL) <= COLS      ? TABS_FULL
                    : tabs_width(TABS_COMPACT) <= COLS ? TABS_COMPACT
                                                       : TABS_SHORT;
    int x = 0;
    if (room_for_name)
        x += cs_draw_text_attrs(y, x, COLS, name, cs_style_attr(CS_STYLE_TITLE) | A_BOLD);
    for (int view = 0; view < CS_VIEW_COUNT; view++) {
        g_autofree char *tab = tab_text(view, form);
        CsStyle style = (int)console->view == view ? CS_STYLE_TAB_ACTIVE : CS_STYLE_TITLE;
        x += cs_draw_text(y, x, COLS - x, tab, style);
    }
}

int cs_banner_rows(const CsConsole *console)
{
    if (console->banner != NULL || console->live.notice != NULL)
        return 1;
    return console->view == CS_VIEW_HISTORY && cs_history_busy(&console->history) ? 1 : 0;
}

/* History being solved in the background: how far it got. */
static int draw_history_progress(const CsConsole *console, int y)
{
    g_autofree char *text = cs_history_progress_text(console, COLS);
    if (text == NULL)
        return 0;
    cs_draw_fill(y, 0, COLS, CS_STYLE_STATUS_NOTICE);
    cs_draw_text(y, 1, COLS - 1, text, CS_STYLE_STATUS_NOTICE);
    return 1;
}

/* What following the cluster changed: a notice, in the banner row so that
 * the status bar (live, stale, epoch) stays in view. */
static int draw_live_notice(const CsConsole *console, int y)
{
    g_autofree char *safe = cs_escape(console->live.notice);
    cs_draw_fill(y, 0, COLS, CS_STYLE_STATUS_NOTICE);
    cs_draw_text(y, 1, COLS - 1, safe, CS_STYLE_STATUS_NOTICE);
    return 1;
}

int cs_banner_draw(const CsConsole *console, int y)
{
    if (console->banner == NULL && console->live.notice != NULL)
        return draw_live_notice(console, y);
    if (console->banner == NULL)
        return draw_history_progress(console, y);
    static const char more[] = " (cut: m shows all)";
    g_autofree char *safe = cs_escape(console->banner);
    g_autofree char *text = g_strdup_printf(" ! %s", safe);
    cs_draw_fill(y, 0, COLS, CS_STYLE_BANNER);
    if (cs_text_width(text) <= COLS) {
        cs_draw_text(y, 0, COLS, text, CS_STYLE_BANNER);
        return 1;
    }
    /* Too long: cut, said so, and m shows it whole. */
    int more_width = (int)strlen(more);
    g_autofree char *head = cs_fit(text, MAX(1, COLS - more_width), FALSE);
    int x = cs_draw_text(y, 0, COLS - more_width, head, CS_STYLE_BANNER);
    cs_draw_text_attrs(y, x, COLS - x, more, cs_style_attr(CS_STYLE_BANNER) | A_BOLD);
    return 1;
}

static void draw_filter_prompt(const CsConsole *console, int y)
{
    static const char hint[] = " Enter keep  Esc clear ";
    g_autofree char *safe = cs_escape(console->filter->str);
    g_autofree char *prompt = g_strdup_printf(" Filter resources: %s_", safe);
    cs_draw_fill(y, 0, COLS, CS_STYLE_STATUS);
    cs_draw_text_attrs(y, 0, COLS, prompt, cs_style_attr(CS_STYLE_STATUS) | A_BOLD);
    int hint_width = (int)strlen(hint);
    if (cs_text_width(prompt) + hint_width < COLS)
        cs_draw_text(y, COLS - hint_width, hint_width, hint, CS_STYLE_STATUS);
}

/* Where the cluster settles, once the worker says (else nothing): the
 * state shown is settle_generation's. */
static const char *settle_text(const CsConsole *console)
{
    if (console->settle_text == NULL || console->settle_generation != console->generation
        || console->settle_session != console->session || console->action_total == 0)
        return NULL;
    return console->settle_text;
}

/* What the transition would do, in a few words. */
static char *outcome_text(const CsConsole *console, gboolean with_settle)
{
    if (console->solution == NULL)
        return g_strdup("no scores");
    if (console->transition_pending)
        return g_strdup("actions...");
    if (console->action_total == 0)
        return g_strdup("nothing to do");
    const char *settle = with_settle ? settle_text(console) : NULL;
    return g_strdup_printf("%d %s, %d %s%s%s", console->move_total,
                           console->move_total == 1 ? "move" : "moves", console->action_total,
                           console->action_total == 1 ? "action" : "actions",
                           settle != NULL ? "; " : "", settle != NULL ? settle : "");
}

/* Settle takes several solves (half a second on 32 nodes x 2000
 * resources): one worker at a time, for the state on screen once its
 * transition is read; a figure for a state gone is dropped. */
gboolean cs_statusbar_settle_due(const CsConsole *console)
{
    return console->settle_job == NULL && console->model != NULL && console->solution != NULL
           && !console->transition_pending && console->action_total > 0
           && (console->settle_text == NULL || console->settle_generation != console->generation
               || console->settle_session != console->session);
}

void cs_statusbar_settle_start(CsConsole *console)
{
    g_clear_pointer(&console->settle_text, g_free);
    console->settle_generation = console->generation;
    console->settle_session = console->session;
    console->settle_job = cs_settle_job_start(console->document, console->model->now);
}

gboolean cs_statusbar_settle_poll(CsConsole *console)
{
    if (console->settle_job == NULL || !cs_settle_job_done(console->settle_job))
        return FALSE;
    if (console->settle_generation == console->generation
        && console->settle_session == console->session)
        console->settle_text = g_strdup(cs_settle_job_headline(console->settle_job));
    g_clear_pointer(&console->settle_job, cs_settle_job_free);
    return console->settle_text != NULL;
}

void cs_statusbar_settle_clear(CsConsole *console)
{
    g_clear_pointer(&console->settle_job, cs_settle_job_free);
    g_clear_pointer(&console->settle_text, g_free);
}

static char *question_text(const CsConsole *console)
{
    guint unsaved = cs_console_unsaved(console);
    const char *edits = unsaved == 1 ? "edit" : "edits";
    if (console->ask == CS_ASK_CONFLICT)
        return cs_console_conflict_question(console);
    if (console->ask == CS_ASK_RECOVER)
        return g_strdup(
            " Edits an interrupted session left unsaved: r restore  d delete  else later ");
    if (console->ask == CS_ASK_COMMIT)
        return g_strdup_printf(" Commit: run the %u %s listed above? y: apply  else cancel ",
                               unsaved, unsaved == 1 ? "operation" : "operations");
    if (cs_console_is_live(console))
        return g_strdup_printf(" Quit with %u uncommitted %s? y: quit, dropping them  else stay ",
                               unsaved, edits);
    return g_strdup_printf(" Quit with %u unsaved %s? y: quit without saving  "
                           "w: save and quit  else stay ",
                           unsaved, edits);
}

static void draw_question(const CsConsole *console, int y)
{
    g_autofree char *text = question_text(console);
    cs_draw_fill(y, 0, COLS, CS_STYLE_STATUS_ERROR);
    cs_draw_text(y, 0, COLS, text, CS_STYLE_STATUS_ERROR);
}

/* What an edit did, or why something failed: until the next key.  Too
 * long for the line, it is cut (…) and says so, and m
 * shows it whole (with every earlier message). */
static void draw_message(const CsConsole *console, int y)
{
    static const char more[] = " (cut: m shows all)";
    g_autofree char *safe = cs_escape(console->message);
    CsStyle style = console->message_error ? CS_STYLE_STATUS_ERROR : CS_STYLE_STATUS_NOTICE;
    cs_draw_fill(y, 0, COLS, style);
    int room = COLS - 1;
    if (cs_text_width(safe) <= room) {
        cs_draw_text(y, 1, room, safe, style);
        return;
    }
    int more_width = (int)strlen(more);
    g_autofree char *head = cs_fit(safe, MAX(1, room - more_width), FALSE);
    int x = 1 + cs_draw_text(y, 1, room - more_width, head, style);
    cs_draw_text_attrs(y, x, COLS - x, more, cs_style_attr(style) | A_BOLD);
}

/* " | 2 unsaved | epoch 0.17.35 | 2024-03-12 09:14:07Z | 1 move, 1 action" */
static char *status_fields_with(const CsConsole *console, gboolean with_settle)
{
    const char *separator = cs_glyph(CS_GLYPH_SEPARATOR);
    g_autofree char *outcome = outcome_text(console, with_settle);
    g_autofree char *filter = NULL;
    if (console->filter->len > 0) {
        g_autofree char *safe = cs_escape(console->filter->str);
        filter = g_strdup_printf(" %s /%s", separator, safe);
    }
    guint unsaved = cs_console_unsaved(console);
    gboolean live = cs_console_is_live(console);
    g_autofree char *edits = unsaved == 0 ? g_strdup("")
                                          : g_strdup_printf(" %s %u %s", separator, unsaved,
                                                            live ? "uncommitted" : "unsaved");
    g_autofree char *version =
        console->version ? g_strdup_printf(" %s %s", separator, console->version) : g_strdup("");
    g_autofree char *epoch = g_strdup_printf(" %s epoch %s%s", separator,
                                             console->epoch ? console->epoch : "?", version);
    /* A clock set by --time or moved with t is not the cluster's. */
    gboolean simulated = console->clock_set || console->clock_moved;
    g_autofree char *clock =
        simulated ? g_strdup_printf(" %s clock %s (simulated)", separator, console->clock)
                  : g_strdup_printf(" %s %s", separator, console->clock);
    /* On a narrow screen, with edits pending, something gives way to
     * their count.  On a file, the epoch.  Live, the wall clock instead:
     * the epoch is what a commit is guarded by (doc/DESIGN.md "Live
     * clusters"), and the operator needs to see it move. */
    gboolean keep_epoch = live && !console->clock_set;
    /* Then the clock's words: "(sim)" still says it is not the real one. */
    g_autofree char *short_clock =
        g_strdup_printf(" %s %s%s", separator, console->clock, simulated ? " (sim)" : "");
    /* The file's name may be cut to 16 columns; the reason no cluster
     * answered may not (the demo's epoch and clock give way to it). */
    int label_room = console->live.no_cluster != NULL ? cs_text_width(console->file_label)
                                                      : MIN(cs_text_width(console->file_label), 16);
    char *fields = NULL;
    for (int attempt = 0; attempt < 3; attempt++) {
        gboolean with_epoch = attempt == 0 || keep_epoch;
        gboolean with_clock = attempt == 0 || !keep_epoch;
        g_free(fields);
        fields = g_strdup_printf("%s%s%s %s %s%s ", edits, with_epoch ? epoch : "",
                                 with_clock ? (attempt < 2 ? clock : short_clock) : "", separator,
                                 outcome, filter != NULL ? filter : "");
        /* The demo shown for want of a cluster: the reason is what
         * matters, the demo's epoch and clock give way to it. */
        if (console->live.no_cluster != NULL && attempt == 0
            && 1 + label_room + cs_text_width(fields) > COLS) {
            keep_epoch = FALSE;
            g_free(fields);
            fields = g_strdup_printf("%s %s %s%s ", edits, separator, outcome,
                                     filter != NULL ? filter : "");
            break;
        }
        if (1 + label_room + cs_text_width(fields) <= COLS)
            break;
    }
    return fields;
}

/* Live and the last read failed: what it says first is that the screen
 * may be out of date, and why; then the edits and the epoch they sit on. */
static gboolean draw_stale(const CsConsole *console, int y)
{
    g_autofree char *stale = cs_console_live_stale_text(console);
    if (stale == NULL)
        return FALSE;
    const char *separator = cs_glyph(CS_GLYPH_SEPARATOR);
    guint unsaved = cs_console_unsaved(console);
    g_autofree char *safe = cs_escape(stale);
    g_autofree char *edits =
        unsaved == 0 ? g_strdup("") : g_strdup_printf(" %s %u uncommitted", separator, unsaved);
    g_autofree char *fields =
        g_strdup_printf("%s %s epoch %s ", edits, separator, console->epoch ? console->epoch : "?");
    int fields_width = cs_text_width(fields);
    g_autofree char *reason = cs_fit(safe, MAX(8, COLS - 1 - fields_width), FALSE);
    cs_draw_fill(y, 0, COLS, CS_STYLE_STATUS_ERROR);
    int x =
        1
        + cs_draw_text_attrs(y, 1, COLS - 1, reason, cs_style_attr(CS_STYLE_STATUS_ERROR) | A_BOLD);
    cs_draw_text(y, x, COLS - x, fields, CS_STYLE_STATUS_ERROR);
    return TRUE;
}

/* The settle figure goes whole or not at all: cut, "settles in 1"
 * would say something else. */
static char *status_fields(const CsConsole *console)
{
    char *fields = status_fields_with(console, TRUE);

    if (settle_text(console) != NULL && 1 + 4 + cs_text_width(fields) > COLS) {
        g_free(fields);
        fields = status_fields_with(console, FALSE);
    }
    return fields;
}

void cs_statusbar_draw(const CsConsole *console, int y)
{
    if (console->prompt_open) {
        cs_prompt_draw(console, y);
        return;
    }
    if (console->filter_editing) {
        draw_filter_prompt(console, y);
        return;
    }
    if (console->ask != CS_ASK_NONE) {
        draw_question(console, y);
        return;
    }
    if (console->message != NULL) {
        draw_message(console, y);
        return;
    }
    if (draw_stale(console, y))
        return;
    static const char keys[] = " ? help ";
    g_autofree char *fields = status_fields(console);
    int keys_width = (int)strlen(keys);
    int fields_width = cs_text_width(fields);
    int label_width = cs_text_width(console->file_label);
    /* The key hint gives way first, then the file name: the rest is what
     * the operator is watching. */
    if (1 + label_width + fields_width + keys_width > COLS)
        keys_width = 0;
    int name_width = MAX(4, COLS - keys_width - fields_width - 1);
    g_autofree char *name = cs_fit(console->file_label, MIN(name_width, label_width), FALSE);

    cs_draw_fill(y, 0, COLS, CS_STYLE_STATUS);
    int x = 1;
    x += cs_draw_text_attrs(y, x, COLS - x, name, cs_style_attr(CS_STYLE_STATUS) | A_BOLD);
    x += cs_draw_text(y, x, COLS - x, fields, CS_STYLE_STATUS);
    if (keys_width > 0 && x + keys_width <= COLS)
        cs_draw_text(y, COLS - keys_width, keys_width, keys, CS_STYLE_STATUS);
}
