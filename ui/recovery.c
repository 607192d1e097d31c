/* recovery.c: edits a signal would have lost, kept for the next open.
 *
 * SIGTERM and SIGHUP cannot ask whether to save (nobody may be at the
 * terminal any more), so unsaved edits are written, never over the CIB
 * itself, to a recovery file: $XDG_STATE_HOME/cibscope/recovery/
 * (~/.local/state when unset), named after the CIB's absolute path.  The
 * next console on that CIB offers it: r restores (the edited CIB becomes
 * the console's, unsaved, and w saves it over the original; a clock
 * moved with t, kept in FILE.time, is set again), d deletes it, any
 * other key leaves it for later.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "view.h"

char *cs_recovery_path(const char *cib_path)
{
    const char *state = g_getenv("XDG_STATE_HOME");
    g_autofree char *state_dir = state != NULL && state[0] == '/'
                                     ? g_strdup(state)
                                     : g_build_filename(g_get_home_dir(), ".local", "state", NULL);
    g_autofree char *absolute = g_canonicalize_filename(cib_path, NULL);
    g_autofree char *digest = g_compute_checksum_for_string(G_CHECKSUM_SHA256, absolute, -1);
    g_autofree char *base = g_path_get_basename(absolute);
    g_autofree char *name = g_strdup_printf("%.16s-%s", digest, base);
    return g_build_filename(state_dir, "cibscope", "recovery", name, NULL);
}

char *cs_recovery_write(CsConsole *console, GError **error)
{
    g_autofree char *path = cs_recovery_path(console->path);
    g_autofree char *dir = g_path_get_dirname(path);
    if (g_mkdir_with_parents(dir, 0700) != 0) {
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(errno), "%s: %s", dir,
                    g_strerror(errno));
        return NULL;
    }
    /* Not cs_session_save: the log stays unsaved, the CIB untouched. */
    if (!cs_document_save(console->session->document, path, error))
        return NULL;
    /* A CIB may hold secrets (fencing passwords): for its owner only. */
    g_chmod(path, 0600);
    /* The clock moved with t is an edit too: kept beside it. */
    g_autofree char *clock_path = g_strconcat(path, ".time", NULL);
    g_unlink(clock_path);
    if (console->clock_moved) {
        g_autofree char *clock = cs_time_format(cs_session_time(console->session));
        g_file_set_contents(clock_path, clock, -1, NULL);
    }
    return g_steal_pointer(&path);
}

void cs_recovery_offer(CsConsole *console)
{
    if (console->path == NULL || cs_console_is_live(console))
        return;
    g_autofree char *path = cs_recovery_path(console->path);
    if (!g_file_test(path, G_FILE_TEST_IS_REGULAR))
        return;
    g_free(console->recovery_path);
    console->recovery_path = g_steal_pointer(&path);
    console->ask = CS_ASK_RECOVER;
    cs_console_log(console,
                   "Unsaved edits of an interrupted session are kept in %s "
                   "(r restores them, d deletes the file, any other key keeps it for later)",
                   console->recovery_path);
}

static void delete_recovery(const char *path)
{
    g_autofree char *backup = g_strconcat(path, ".bak", NULL);
    g_autofree char *clock_path = g_strconcat(path, ".time", NULL);
    g_unlink(path);
    g_unlink(backup);
    g_unlink(clock_path);
}

/* The clock the interrupted session had moved to, set again. */
static gboolean restore_clock(CsConsole *console)
{
    g_autofree char *clock_path = g_strconcat(console->recovery_path, ".time", NULL);
    g_autofree char *clock = NULL;
    if (!g_file_get_contents(clock_path, &clock, NULL, NULL))
        return FALSE;
    const char *words[] = {"time", g_strstrip(clock), NULL};
    return cs_console_run_words(console, words);
}

/* The CIB with the recovered edits becomes the console's: its file is
 * still the original, so w saves them there. */
static void restore(CsConsole *console)
{
    g_autoptr(GError) error = NULL;
    CsSession *session =
        cs_session_open_partial(console->recovery_path, console->time_text, &error);
    if (session == NULL) {
        cs_console_say(console, TRUE, "Cannot restore %s: %s", console->recovery_path,
                       error->message);
        return;
    }
    g_free(session->document->path);
    session->document->path = g_strdup(console->path);
    g_autofree char *original = g_strdup(console->path);
    g_autofree char *base = g_path_get_basename(original);
    console->hooks->adopt(console, session, original, base);
    console->recovered = TRUE;
    gboolean clock = restore_clock(console);
    cs_console_log(console, "Restored from %s", console->recovery_path);
    cs_console_say(console, FALSE, "Restored the unsaved edits%s: w saves them over %s",
                   clock ? " and the clock" : "", console->file_label);
}

void cs_recovery_answer(CsConsole *console, int key)
{
    console->ask = CS_ASK_NONE;
    if (key == 'r' || key == 'R') {
        restore(console);
    } else if (key == 'd' || key == 'D') {
        delete_recovery(console->recovery_path);
        cs_console_say(console, FALSE, "Deleted %s", console->recovery_path);
        g_clear_pointer(&console->recovery_path, g_free);
    } else {
        cs_console_say(console, FALSE, "Kept %s for later", console->recovery_path);
    }
}

void cs_recovery_saved(CsConsole *console)
{
    if (!console->recovered)
        return;
    console->recovered = FALSE;
    if (console->recovery_path != NULL)
        delete_recovery(console->recovery_path);
    g_clear_pointer(&console->recovery_path, g_free);
}
