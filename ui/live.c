/* live.c: the console on a running cluster (doc/DESIGN.md "Live clusters").
 *
 * The CIB is polled with cibadmin --query on a worker thread, started
 * between keys (the getch timeout is cut to the next poll); the key loop
 * picks up the parsed document between keys without ever waiting for it,
 * so a key pressed while cibadmin runs is handled at once.  Following a
 * changed CIB (carrying the edits over, the rebuild, the solve, the
 * transition) runs on a second worker, and the key loop swaps the
 * finished state in between keys; an edit made meanwhile sends the follow
 * round again on the new state (session.h, cs_session_live_follow_finish).  Edits not yet
 * committed, with their undo and redo history, are carried onto each
 * refreshed CIB as the object-level operations a commit would send; one
 * that no longer applies is named, and each the cluster's own change
 * collides with is listed as a conflict that C asks about (keep or drop)
 * before listing the operations.  The commit itself refuses when the
 * CIB's epoch moved since the edits' base (Pacemaker Explained 2.1, "CIB
 * Properties": admin_epoch and epoch change with the configuration).
 * A failed read leaves the last CIB on screen marked stale, and C waits
 * for a good one.  On the wall clock the answer is re-solved by itself at
 * the next moment time alone can change it (explain/timeline.h).
 */
#include <string.h>
#include "cib/live.h"
#include "explain/command.h"
#include "view.h"

/* How often the key loop looks for a finished query while one runs: the
 * worker cannot wake getch, and a few idle wake-ups cost nothing. */
#define LIVE_COLLECT_MS 20

/* The session solves at the wall clock (no --time, no `time` edit). */
static gboolean on_wall_clock(const CsConsole *console)
{
    const CsSession *session = console->session;
    return session->live_wall_clock && !cs_edit_log_clock_edited(session->log);
}

/* Milliseconds until the next time event (G_MAXINT when none). */
static int event_wait_ms(const CsConsole *console)
{
    if (!console->live.have_event || !on_wall_clock(console))
        return G_MAXINT;
    gint64 left = console->live.event.when.seconds * 1000 - g_get_real_time() / 1000;
    return (int)CLAMP(left, 0, G_MAXINT);
}

/* ---- following on a worker ---------------------------------------------
 * The key loop prepares (reads the edit history: a few plans), a worker
 * runs the follow, and the key loop finishes it between keys: a swap of
 * pointers when the session is still where it was, else a new round on
 * the state the operator's keys made, so that no edit is lost. */
struct CsFollowJob {
    CsLiveFollow *follow;
    GThread *thread;
    gint done; /* atomic: the worker has finished */
    char *was; /* the epoch before, for the notice */
};

static gpointer follow_job_run(gpointer data)
{
    CsFollowJob *job = data;
    cs_session_live_follow_run(job->follow);
    g_atomic_int_set(&job->done, TRUE);
    return NULL;
}

static void follow_job_start(CsFollowJob *job)
{
    g_atomic_int_set(&job->done, FALSE);
    job->thread = g_thread_try_new("cibscope-follow", follow_job_run, job, NULL);
    if (job->thread == NULL)
        follow_job_run(job);
}

static CsFollowJob *follow_job_new(CsConsole *console, CsDocument *fresh)
{
    CsFollowJob *job = g_new0(CsFollowJob, 1);
    job->was = cs_live_version_text(console->session->live_base);
    job->follow = cs_session_live_follow_prepare(console->session, fresh);
    follow_job_start(job);
    return job;
}

static void follow_job_join(CsFollowJob *job)
{
    if (job->thread != NULL)
        g_thread_join(g_steal_pointer(&job->thread));
}

static void follow_job_free(CsFollowJob *job)
{
    follow_job_join(job);
    cs_live_follow_free(job->follow);
    g_free(job->was);
    g_free(job);
}

static gboolean follow_running(const CsConsole *console)
{
    return console->live.follow != NULL && !g_atomic_int_get(&console->live.follow->done);
}

int cs_console_live_wait_ms(const CsConsole *console)
{
    if (cs_live_watch_running(console->live.watch) || follow_running(console))
        return LIVE_COLLECT_MS;
    /* Never longer than the terminal's usual wake-up, so signals are
     * still seen promptly; the bar's clock moves each second. */
    int due = (int)MIN(cs_live_watch_due_ms(console->live.watch), 500u);
    return MIN(due, event_wait_ms(console));
}

int cs_console_idle_wait_ms(const CsConsole *console)
{
    int wait = cs_console_is_live(console) ? cs_console_live_wait_ms(console) : 500;
    return cs_history_busy(&console->history) ? MIN(wait, 250) : wait;
}

/* The next time event after the session's clock, found again after
 * every change of the session (between keys, not while one is handled). */
static void find_time_event(CsConsole *console)
{
    if (console->live.event_generation == console->session->generation
        && console->live.event_generation != 0)
        return;
    console->live.event_generation = console->session->generation;
    cs_time_event_clear(&console->live.event);
    console->live.have_event =
        console->model != NULL
        && cs_next_time_event(console->model, cs_session_time(console->session),
                              &console->live.event);
}

/* At the time event: the clock becomes the wall clock and the console
 * re-solves, with no key and no poll.  TRUE when it did. */
static gboolean time_event_due(CsConsole *console)
{
    find_time_event(console);
    if (!on_wall_clock(console) || !console->live.have_event || event_wait_ms(console) > 0)
        return FALSE;
    g_autofree char *what = g_strdup(console->live.event.what);
    CsTime now = cs_time_now();
    if (!cs_session_live_tick(console->session, now))
        return FALSE;
    cs_console_sync_later(console);
    g_autoptr(GString) moved = g_string_new(NULL);
    cs_session_describe_changes(console->session, moved);
    g_strdelimit(moved->str, "\n", ';');
    if (moved->len > 0 && moved->str[moved->len - 1] == ';')
        g_string_truncate(moved, moved->len - 1);
    g_autofree char *clock = cs_time_format(now);
    g_free(console->live.notice);
    console->live.notice = g_strdup_printf("Re-solved at %s: %s%s%s", clock, what,
                                           moved->len > 0 ? "; " : "; nothing moves", moved->str);
    return TRUE;
}

/* The bar's clock follows the wall clock second by second: the answer
 * shown holds until the next time event. */
static gboolean clock_moved(CsConsole *console)
{
    if (!on_wall_clock(console))
        return FALSE;
    gint64 second = g_get_real_time() / G_USEC_PER_SEC;
    if (second == console->live.clock_shown)
        return FALSE;
    console->live.clock_shown = second;
    CsTime now = {second, cs_session_time(console->session).offset};
    g_autofree char *clock = cs_time_format(now);
    g_free(console->clock);
    console->clock = cs_escape(clock);
    return TRUE;
}

void cs_console_live_sync(CsConsole *console)
{
    if (!cs_console_is_live(console))
        return;
    CsLiveVersion version;
    cs_live_version_read(console->session->live_base, &version);
    /* "live  DC bravo  (CIB_file=/tmp/x.xml)" stands for the file name,
     * the source last so that it is what a narrow screen cuts; the epoch
     * goes in the field the file's epoch uses. */
    const char *dc = version.dc_name != NULL ? version.dc_name : version.dc_uuid;
    const char *file = g_getenv("CIB_file");
    g_autofree char *source =
        file != NULL ? g_strdup_printf("  (CIB_file=%s)", file) : g_strdup("");
    g_autofree char *status = g_strdup_printf("live  DC %s%s", dc != NULL ? dc : "none", source);
    g_autofree char *epoch = cs_live_version_format(&version);
    cs_live_version_clear(&version);
    g_free(console->live.status);
    console->live.status = cs_escape(status);
    g_free(console->file_label);
    console->file_label = g_strdup(console->live.status);
    g_free(console->epoch);
    console->epoch = cs_escape(epoch);
    g_autoptr(GPtrArray) ops = cs_session_live_plan(console->session);
    console->live.pending = ops->len;
    console->live.clock_shown = 0; /* the bar's clock is set again when idle */
}

void cs_console_live_clear(CsConsole *console)
{
    g_clear_pointer(&console->live.follow, follow_job_free);
    g_clear_pointer(&console->live.watch, cs_live_watch_free);
    g_clear_pointer(&console->live.status, g_free);
    g_clear_pointer(&console->live.poll_error, g_free);
    g_clear_pointer(&console->live.no_cluster, g_free);
    g_clear_pointer(&console->live.notice, g_free);
    cs_time_event_clear(&console->live.event);
}

/* Where the scheduler of a cluster node saves its inputs (Pacemaker
 * Explained, "Cluster Options": pe-input-series-max counts the files it
 * keeps there). */
#define CS_LIVE_PE_DIR "/var/lib/pacemaker/pengine"

void cs_console_live_history(CsConsole *console)
{
    const char *file = g_getenv("CIB_file");
    if (file != NULL) {
        g_autofree char *dir = cs_history_dir_of(file);
        if (dir != NULL)
            cs_history_set_dir(console, dir);
        return;
    }
    cs_history_set_dir(console, CS_LIVE_PE_DIR);
}

gboolean cs_console_live_stale(const CsConsole *console)
{
    return cs_console_is_live(console) && console->live.stale_since != 0;
}

char *cs_console_live_stale_text(const CsConsole *console)
{
    if (!cs_console_live_stale(console))
        return NULL;
    g_autoptr(GDateTime) since =
        g_date_time_new_from_unix_local(console->live.stale_since / G_USEC_PER_SEC);
    g_autofree char *clock = g_date_time_format(since, "%H:%M:%S");
    const char *why = console->live.poll_error != NULL ? console->live.poll_error : "no answer";
    /* "cannot read the CIB (is pacemaker running?): DETAIL" reads
     * "is pacemaker running? DETAIL" here: what to do is what an
     * 80-column bar must keep. */
    const char *open = g_str_has_prefix(why, "cannot read ") ? strchr(why, '(') : NULL;
    const char *close = open != NULL ? strstr(open, "): ") : NULL;
    if (close == NULL)
        return g_strdup_printf("stale since %s: %s", clock, why);
    g_autofree char *hint = g_strndup(open + 1, (gsize)(close - open - 1));
    return g_strdup_printf("stale since %s: %s %s", clock, hint, close + 3);
}

/* A read failed: the bar says stale (since the first failure) until a
 * read succeeds.  TRUE when that is news to draw. */
static gboolean live_went_stale(CsConsole *console, const GError *error)
{
    const char *why = error != NULL ? error->message : "no answer";
    gboolean news = console->live.stale_since == 0 || g_strcmp0(console->live.poll_error, why) != 0;
    if (console->live.stale_since == 0) {
        console->live.stale_since = g_get_real_time();
        /* The bar says it at once, over the last notice. */
        g_clear_pointer(&console->message, g_free);
    }
    g_free(console->live.poll_error);
    console->live.poll_error = g_strdup(why);
    return news;
}

static gboolean live_fresh_again(CsConsole *console)
{
    gboolean was_stale = console->live.stale_since != 0;
    console->live.stale_since = 0;
    g_clear_pointer(&console->live.poll_error, g_free);
    return was_stale;
}

/* Something holds the keyboard whose state a refresh would pull from
 * under it: the prompt, a question, Explain's trial score edit. */
static gboolean poll_deferred(const CsConsole *console)
{
    return console->prompt_open || console->ask != CS_ASK_NONE || console->score_edit.active;
}

/* "  1. rsc_location ...: changed in the cluster meanwhile (...); yours: ..." */
static void append_conflicts(GString *text, const GPtrArray *conflicts)
{
    for (guint i = 0; i < conflicts->len; i++) {
        const CsLiveConflict *conflict = g_ptr_array_index(conflicts, i);
        g_string_append_printf(text, "  %u. %s%s\n", i + 1, conflict->text,
                               conflict->kept ? " [kept: yours]" : "");
    }
}

/* The status line after following the cluster: the new epoch, what
 * moved, and the edits that could not be carried over. */
static void report_follow(CsConsole *console, const char *was, const GPtrArray *lost)
{
    g_autofree char *is = cs_live_version_text(console->session->live_base);
    g_autoptr(GString) moved = g_string_new(NULL);
    cs_session_describe_changes(console->session, moved);
    g_strdelimit(moved->str, "\n", ';');
    if (moved->len > 0 && moved->str[moved->len - 1] == ';')
        g_string_truncate(moved, moved->len - 1);
    g_free(console->live.notice);
    const GPtrArray *conflicts = cs_session_live_conflicts(console->session);
    if (lost->len == 0 && conflicts->len > 0) {
        console->live.notice = g_strdup_printf(
            "The CIB changed (epoch %s -> %s): %u %s with your edits, "
            "listed below",
            was, is, conflicts->len, conflicts->len == 1 ? "conflict" : "conflicts");
        GString *text = g_string_new("The cluster changed what your edits change:\n");
        append_conflicts(text, conflicts);
        g_string_append(text, "\nC asks about each (keep yours, or drop it for the cluster's) "
                              "before committing.\n");
        g_free(console->output);
        console->output = g_string_free(text, FALSE);
        console->output_scroll = 0;
        return;
    }
    if (lost->len == 0) {
        console->live.notice = g_strdup_printf("The CIB changed: epoch %s -> %s%s%s", was, is,
                                               moved->len > 0 ? "; " : "", moved->str);
        return;
    }
    /* An edit that no longer applies is named in full, in the overlay:
     * the status line would cut its name on an 80-column screen. */
    GString *text = g_string_new(NULL);
    g_string_append_printf(text, "The CIB changed (epoch %s -> %s); %u %s no longer %s:\n", was, is,
                           lost->len, lost->len == 1 ? "edit" : "edits",
                           lost->len == 1 ? "applies" : "apply");
    for (guint i = 0; i < lost->len; i++)
        g_string_append_printf(text, "  %s\n", (const char *)g_ptr_array_index(lost, i));
    g_free(console->output);
    console->output = g_string_free(text, FALSE);
    console->output_scroll = 0;
    console->live.notice =
        g_strdup_printf("The CIB changed (epoch %s -> %s): %u %s dropped, listed below", was, is,
                        lost->len, lost->len == 1 ? "edit" : "edits");
}

/* The follow in flight, when its worker is done: swapped in, or sent
 * round again when a key changed the session meanwhile.  TRUE when the
 * screen changed. */
static gboolean follow_collect(CsConsole *console)
{
    CsFollowJob *job = console->live.follow;
    if (!g_atomic_int_get(&job->done))
        return FALSE;
    follow_job_join(job);
    g_autoptr(GPtrArray) lost = cs_session_live_follow_finish(console->session, job->follow);
    if (lost == NULL) {
        CsDocument *fresh = cs_live_follow_take_fresh(job->follow);
        g_clear_pointer(&job->follow, cs_live_follow_free);
        job->follow = cs_session_live_follow_prepare(console->session, fresh);
        follow_job_start(job);
        return FALSE;
    }
    console->live.follow = NULL;
    cs_console_sync_later(console);
    console->saved_depth = 0;
    report_follow(console, job->was, lost);
    follow_job_free(job);
    return TRUE;
}

gboolean cs_console_live_poll(CsConsole *console)
{
    if (!cs_console_is_live(console))
        return FALSE;
    /* The query may run while the prompt or a question is open; what it
     * brings waits for them to close. */
    cs_live_watch_start(console->live.watch);
    if (poll_deferred(console))
        return FALSE;
    gboolean ticked = time_event_due(console);
    gboolean clock = clock_moved(console);
    if (console->live.follow != NULL)
        return follow_collect(console) || ticked || clock;
    g_autoptr(GError) error = NULL;
    gboolean finished = FALSE;
    CsDocument *fresh = cs_live_watch_collect(console->live.watch, &finished, &error);
    if (!finished)
        return ticked || clock;
    /* A failed read keeps the last CIB on screen, marked stale in the
     * status bar (not a notice a key would close); an unchanged one
     * ends the staleness. */
    if (error != NULL)
        return live_went_stale(console, error) || ticked || clock;
    if (fresh == NULL)
        return live_fresh_again(console) || ticked || clock;
    gboolean was_stale = live_fresh_again(console);
    console->live.follow = follow_job_new(console, fresh);
    return was_stale || ticked || clock;
}

/* The first conflict not yet decided, or -1. */
static int undecided_conflict(CsConsole *console)
{
    const GPtrArray *conflicts = cs_session_live_conflicts(console->session);
    for (guint i = 0; i < conflicts->len; i++)
        if (!((const CsLiveConflict *)g_ptr_array_index(conflicts, i))->kept)
            return (int)i;
    return -1;
}

/* Before a commit, each conflict is decided: the list stays up, the
 * status bar asks about one at a time.  FALSE when none is left. */
static gboolean ask_next_conflict(CsConsole *console)
{
    int next = undecided_conflict(console);
    if (next < 0)
        return FALSE;
    const GPtrArray *conflicts = cs_session_live_conflicts(console->session);
    GString *text = g_string_new(NULL);
    g_string_append_printf(text,
                           "%u %s with the cluster's changes: decide each before committing.\n"
                           "k keeps yours (the commit overwrites the cluster's value), "
                           "d drops yours (u undoes that).\n\n",
                           conflicts->len, conflicts->len == 1 ? "conflict" : "conflicts");
    append_conflicts(text, conflicts);
    g_free(console->output);
    console->output = g_string_free(text, FALSE);
    console->output_scroll = 0;
    console->live.asking = (guint)next;
    console->ask = CS_ASK_CONFLICT;
    return TRUE;
}

char *cs_console_conflict_question(const CsConsole *console)
{
    const GPtrArray *conflicts = console->session->live_conflicts;
    guint index = console->live.asking;
    const CsLiveConflict *conflict =
        index < conflicts->len ? g_ptr_array_index(conflicts, index) : NULL;
    /* A taken id cannot be kept: the commit would fail on it. */
    gboolean keepable = conflict == NULL || conflict->kind != CS_LIVE_CONFLICT_ID_TAKEN;
    return g_strdup_printf(" Conflict %u of %u, %s %s: %sd drop yours  else cancel ", index + 1,
                           conflicts->len, conflict ? conflict->tag : "?",
                           conflict ? conflict->id : "?",
                           keepable ? "k keep yours  " : "its id is taken: ");
}

void cs_console_conflict_answer(CsConsole *console, int key)
{
    console->ask = CS_ASK_NONE;
    g_clear_pointer(&console->output, g_free);
    if (key != 'k' && key != 'K' && key != 'd' && key != 'D') {
        cs_console_say(console, FALSE, "Not committed: the conflicts are still to decide.");
        return;
    }
    const GPtrArray *conflicts = console->session->live_conflicts;
    const CsLiveConflict *conflict = console->live.asking < conflicts->len
                                         ? g_ptr_array_index(conflicts, console->live.asking)
                                         : NULL;
    gboolean keep = key == 'k' || key == 'K';
    if (keep && conflict != NULL && conflict->kind == CS_LIVE_CONFLICT_ID_TAKEN) {
        cs_console_say(console, TRUE,
                       "%s %s cannot be kept: the cluster gave its id to another object "
                       "(d drops it; or undo and add it under another id)",
                       conflict->tag, conflict->id);
        return;
    }
    g_autoptr(GError) error = NULL;
    if (!cs_session_live_resolve(console->session, console->live.asking, keep, &error)) {
        cs_console_say(console, TRUE, "Cannot drop it: %s", error->message);
        return;
    }
    cs_console_sync_later(console);
    cs_console_commit_ask(console);
}

void cs_console_commit_ask(CsConsole *console)
{
    if (!cs_console_is_live(console)) {
        cs_console_say(console, TRUE,
                       "C commits to a live cluster (cibscope --live); "
                       "this is a file: w saves it.");
        return;
    }
    if (console->live.pending == 0) {
        cs_console_say(console, FALSE, "Nothing to commit: no edits since the CIB was read.");
        return;
    }
    /* The edits sit on a CIB that may no longer be the cluster's. */
    if (cs_console_live_stale(console)) {
        cs_console_say(console, TRUE, "Not committing while the CIB is stale: %s",
                       console->live.poll_error);
        return;
    }
    if (ask_next_conflict(console))
        return;
    GString *text = g_string_new(NULL);
    cs_command_describe_commit(console->session, text);
    g_autofree char *base = cs_live_version_text(console->session->live_base);
    g_string_append_printf(text, "\nApplied only if the CIB is still at epoch %s.\n", base);
    g_free(console->output);
    console->output = g_string_free(text, FALSE);
    console->output_scroll = 0;
    console->ask = CS_ASK_COMMIT;
}

void cs_console_commit_answer(CsConsole *console, int key)
{
    console->ask = CS_ASK_NONE;
    g_clear_pointer(&console->output, g_free);
    if (key != 'y' && key != 'Y') {
        cs_console_say(console, FALSE, "Not committed: %u %s kept.", console->live.pending,
                       console->live.pending == 1 ? "edit" : "edits");
        return;
    }
    guint count = console->live.pending;
    g_autoptr(GString) report = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    /* The follow in flight reads the base a commit replaces: it waits
     * for it, and is dropped once the commit made a new base. */
    if (console->live.follow != NULL)
        follow_job_join(console->live.follow);
    gboolean ok = cs_session_live_commit(console->session, report, &error);
    if (ok)
        g_clear_pointer(&console->live.follow, follow_job_free);
    cs_console_sync_later(console);
    console->saved_depth = 0;
    /* The report (each operation's result, or what changed) stays up
     * until a key closes it. */
    console->output = g_string_free(g_steal_pointer(&report), FALSE);
    console->output_scroll = 0;
    if (g_error_matches(error, CS_LIVE_ERROR, CS_LIVE_ERROR_CHANGED)) {
        g_autofree char *text = console->output;
        console->output =
            g_strdup_printf("%s\nThe console follows the cluster at its next poll (within %u s);"
                            " the edits then sit on the new CIB: check them, then C again.\n",
                            text, (console->live.interval_ms + 999) / 1000);
    }
    if (!ok) {
        cs_console_say(console, TRUE, "%s: %s",
                       g_error_matches(error, CS_LIVE_ERROR, CS_LIVE_ERROR_CHANGED)
                           ? "Commit refused"
                           : "Commit failed",
                       error->message);
        return;
    }
    /* Follow from the CIB the commit produced, not the one before it. */
    cs_live_watch_free(console->live.watch);
    console->live.watch = cs_live_watch_new(console->live.interval_ms, console->session->live_base);
    g_autofree char *is = cs_live_version_text(console->session->live_base);
    cs_console_say(console, FALSE, "Committed %u %s; the CIB is at epoch %s.", count,
                   count == 1 ? "operation" : "operations", is);
}
