/* live.c: the console on a running cluster (doc/DESIGN.md "Live clusters").
 *
 * The CIB is polled with cibadmin --query on a worker thread, started
 * between keys (the getch timeout is cut to the next poll); the key loop
 * picks up the parsed document between keys without ever waiting for it,
 * so a key pressed while cibadmin runs is handled at once.  Following a
 * changed CIB (the rebuild and the solve) stays on the key loop.  Edits not yet
 * committed are carried onto each refreshed CIB as the object-level
 * operations a commit would send; one that no longer applies is named.
 * C lists those operations and asks; the commit itself refuses when the
 * CIB's epoch moved since the edits' base (Pacemaker Explained 2.1, "CIB
 * Properties": admin_epoch and epoch change with the configuration).
 */
#include <string.h>
#include "cib/live.h"
#include "explain/command.h"
#include "view.h"

gboolean cs_console_is_live(const CsConsole *console)
{
    return console->live.watch != NULL;
}

/* How often the key loop looks for a finished query while one runs: the
 * worker cannot wake getch, and a few idle wake-ups cost nothing. */
#define LIVE_COLLECT_MS 20

int cs_console_live_wait_ms(const CsConsole *console)
{
    if (cs_live_watch_running(console->live.watch))
        return LIVE_COLLECT_MS;
    /* Never longer than the terminal's usual wake-up, so signals are
     * still seen promptly. */
    guint due = cs_live_watch_due_ms(console->live.watch);
    return (int)MIN(due, 500u);
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
    g_autofree char *source = file != NULL ? g_strdup_printf("  (CIB_file=%s)", file) : g_strdup("");
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
}

void cs_console_live_clear(CsConsole *console)
{
    g_clear_pointer(&console->live.watch, cs_live_watch_free);
    g_clear_pointer(&console->live.status, g_free);
    g_clear_pointer(&console->live.poll_error, g_free);
}

/* Something holds the keyboard whose state a refresh would pull from
 * under it: the prompt, a question, Explain's trial score edit. */
static gboolean poll_deferred(const CsConsole *console)
{
    return console->prompt_open || console->ask != CS_ASK_NONE || console->score_edit.active;
}

static char *version_text(const CsDocument *document)
{
    CsLiveVersion version;
    cs_live_version_read(document, &version);
    char *text = cs_live_version_format(&version);
    cs_live_version_clear(&version);
    return text;
}

/* The status line after following the cluster: the new epoch, what
 * moved, and the edits that could not be carried over. */
static void report_follow(CsConsole *console, const char *was, const GPtrArray *lost)
{
    g_autofree char *is = version_text(console->session->live_base);
    g_autoptr(GString) moved = g_string_new(NULL);
    cs_session_describe_changes(console->session, moved);
    g_strdelimit(moved->str, "\n", ';');
    if (moved->len > 0 && moved->str[moved->len - 1] == ';')
        g_string_truncate(moved, moved->len - 1);
    if (lost->len == 0) {
        cs_console_say(console, FALSE, "The CIB changed: epoch %s -> %s%s%s", was, is,
                       moved->len > 0 ? "; " : "", moved->str);
        return;
    }
    /* An edit that no longer applies is named in full, in the overlay:
     * the status line would cut its name on an 80-column screen. */
    GString *text = g_string_new(NULL);
    g_string_append_printf(text, "The CIB changed (epoch %s -> %s); %u %s no longer %s:\n", was, is,
                           lost->len, lost->len == 1 ? "edit" : "edits", lost->len == 1 ? "applies" : "apply");
    for (guint i = 0; i < lost->len; i++)
        g_string_append_printf(text, "  %s\n", (const char *)g_ptr_array_index(lost, i));
    g_free(console->output);
    console->output = g_string_free(text, FALSE);
    console->output_scroll = 0;
    cs_console_say(console, TRUE, "The CIB changed (epoch %s -> %s): %u %s dropped, listed above",
                   was, is, lost->len, lost->len == 1 ? "edit" : "edits");
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
    g_autoptr(GError) error = NULL;
    gboolean finished = FALSE;
    CsDocument *fresh = cs_live_watch_collect(console->live.watch, &finished, &error);
    if (!finished)
        return FALSE;
    if (fresh == NULL) {
        /* Said once, not at every poll; the console keeps the last CIB. */
        gboolean news = error != NULL && g_strcmp0(console->live.poll_error, error->message) != 0;
        g_free(console->live.poll_error);
        console->live.poll_error = error != NULL ? g_strdup(error->message) : NULL;
        if (news)
            cs_console_say(console, TRUE, "Cannot read the CIB: %s", error->message);
        return news;
    }
    g_clear_pointer(&console->live.poll_error, g_free);
    g_autofree char *was = version_text(console->session->live_base);
    g_autoptr(GPtrArray) lost = cs_session_live_follow(console->session, fresh);
    cs_console_sync(console);
    console->saved_depth = 0;
    report_follow(console, was, lost);
    return TRUE;
}

void cs_console_commit_ask(CsConsole *console)
{
    if (!cs_console_is_live(console)) {
        cs_console_say(console, TRUE, "C commits to a live cluster (cibscope --live); "
                                      "this is a file: w saves it.");
        return;
    }
    if (console->live.pending == 0) {
        cs_console_say(console, FALSE, "Nothing to commit: no edits since the CIB was read.");
        return;
    }
    GString *text = g_string_new(NULL);
    cs_command_describe_commit(console->session, text);
    g_autofree char *base = version_text(console->session->live_base);
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
    gboolean ok = cs_session_live_commit(console->session, report, &error);
    cs_console_sync(console);
    console->saved_depth = 0;
    /* The report (each operation's result, or what changed) stays up
     * until a key closes it. */
    console->output = g_string_free(g_steal_pointer(&report), FALSE);
    console->output_scroll = 0;
    if (g_error_matches(error, CS_LIVE_ERROR, CS_LIVE_ERROR_CHANGED)) {
        g_autofree char *text = console->output;
        console->output = g_strdup_printf("%s\nThe console follows the cluster at its next poll (within %u s);"
                                          " the edits then sit on the new CIB: check them, then C again.\n",
                                          text, (console->live.interval_ms + 999) / 1000);
    }
    if (!ok) {
        cs_console_say(console, TRUE, "%s: %s",
                       g_error_matches(error, CS_LIVE_ERROR, CS_LIVE_ERROR_CHANGED) ? "Commit refused"
                                                                                    : "Commit failed",
                       error->message);
        return;
    }
    /* Follow from the CIB the commit produced, not the one before it. */
    cs_live_watch_free(console->live.watch);
    console->live.watch = cs_live_watch_new(console->live.interval_ms, console->session->live_base);
    g_autofree char *is = version_text(console->session->live_base);
    cs_console_say(console, FALSE, "Committed %u %s; the CIB is at epoch %s.", count,
                   count == 1 ? "operation" : "operations", is);
}
