/* run.c: running a command line (the ':' prompt) or a key's command
 * words through the command language (explain/command.h), then saying
 * what happened: a line in the status bar, longer output in an overlay,
 * and once the transition is read, what the edit moved.  The prompt,
 * the edit keys, the attribute lists, Explain and recovery all run their
 * commands here.
 */
#include <string.h>
#include "explain/command.h"
#include "view.h"

/* "ban db from bravo\n  db: stops\n" -> "ban db from bravo: db: stops". */
static char *summary_of(const char *output)
{
    g_auto(GStrv) lines = g_strsplit(output, "\n", -1);
    GString *summary = g_string_new(NULL);
    int changes = 0;
    for (char **line = lines; *line != NULL; line++) {
        const char *text = g_strstrip(*line);
        if (*text == '\0')
            continue;
        if (summary->len == 0)
            g_string_append(summary, text);
        else
            g_string_append_printf(summary, "%s%s", changes++ == 0 ? ": " : "; ", text);
    }
    return g_string_free(summary, FALSE);
}

static int line_count(const char *text)
{
    int count = 0;
    for (const char *c = text; *c != '\0'; c++)
        count += *c == '\n';
    return count + (text[0] != '\0' && text[strlen(text) - 1] != '\n');
}

/* Edits (whose report is a line and what moved) go to the status bar;
 * longer output (scores, explain, help, many changes) to an overlay. */
static void show_output(CsConsole *console, gboolean refreshed, const GString *out)
{
    int lines = line_count(out->str);
    if (lines > 1 && (!refreshed || lines > 6)) {
        g_free(console->output);
        console->output = g_strdup(out->str);
        console->output_scroll = 0;
        /* An edit that moves many: the box lists them, the status line
         * still says what was done. */
        if (refreshed) {
            g_autofree char *first = g_strndup(out->str, strcspn(out->str, "\n"));
            cs_console_say(console, FALSE, "%s: %d changes, listed above (any key closes)", first,
                           lines - 1);
        }
        return;
    }
    g_autofree char *summary = summary_of(out->str);
    cs_console_say(console, FALSE, "%s", summary);
}

/* Commands that change nothing the engine would have to model. */
static gboolean is_edit(char **words)
{
    static const char *const readers[] = {"scores", "transition", "explain", "where",
                                          "help",   "undo",       "redo",    "time",
                                          "save",   "commit",     "pending"};
    for (size_t i = 0; i < G_N_ELEMENTS(readers); i++)
        if (strcmp(words[0], readers[i]) == 0)
            return FALSE;
    if (strcmp(words[0], "failcount") == 0)
        return words[1] != NULL && strcmp(words[1], "show") != 0;
    if (strcmp(words[0], "attr") == 0)
        return words[1] != NULL && words[2] != NULL && words[3] != NULL;
    return TRUE;
}

/* A CIB the engine refuses (exit 3: bundles, remote nodes...) shows no
 * scores, so an edit could not be seen to do anything: it is refused
 * with the banner's reason (undo, the clock and saving still work).
 * TRUE when refused. */
static gboolean refuse_blind_edit(CsConsole *console, char **words)
{
    const GError *failure = console->session->failure;
    if (words == NULL || words[0] == NULL || !is_edit(words)
        || !(g_error_matches(failure, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED)
             || g_error_matches(failure, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED)))
        return FALSE;
    cs_console_say(console, TRUE, "%s refused: %s, so its effect could not be shown", words[0],
                   failure->message);
    return TRUE;
}

/* After a command: re-read the session if it changed, then say what
 * happened. */
static void finish_command(CsConsole *console, gboolean ok, const GString *out, const GError *error)
{
    gboolean refreshed = console->session->generation != console->generation;
    if (refreshed)
        cs_console_sync_later(console);
    if (!ok) {
        cs_console_say(console, TRUE, "%s", error != NULL ? error->message : "the command failed");
        return;
    }
    if (out->len > 0)
        show_output(console, refreshed, out);
}

/* A key's edit: its changes are told once the transition is read
 * (cs_console_tell_changes), so that its new scores show first. */
gboolean cs_console_run_words(CsConsole *console, const char *const *words)
{
    if (refuse_blind_edit(console, (char **)words))
        return FALSE;
    g_autoptr(GString) out = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    console->session->describe_later = TRUE;
    gboolean ok = cs_command_run(console->session, (char **)words, out, &error);
    console->session->describe_later = FALSE;
    finish_command(console, ok, out, error);
    if (ok && console->session->changes_pending)
        console->changes_for = g_strndup(out->str, strcspn(out->str, "\n"));
    return ok;
}

void cs_console_tell_changes(CsConsole *console)
{
    if (!console->session->changes_pending || console->changes_for == NULL)
        return;
    console->session->changes_pending = FALSE;
    g_autoptr(GString) changes = g_string_new(NULL);
    g_autoptr(GString) out = g_string_new(console->changes_for);
    g_clear_pointer(&console->changes_for, g_free);
    g_string_append_c(out, '\n');
    if (cs_session_describe_changes(console->session, changes) == 0)
        g_string_append(changes, "nothing moves\n");
    g_auto(GStrv) lines = g_strsplit(changes->str, "\n", -1);
    for (char **line = lines; *line != NULL; line++)
        if (**line != '\0')
            g_string_append_printf(out, "  %s\n", *line);
    show_output(console, TRUE, out);
}

/* `commit` alone, typed at the prompt: in the console it asks first,
 * as C does (--exec has no one to ask). */
static gboolean is_plain_commit(const char *line)
{
    g_autoptr(GPtrArray) commands = cs_command_split(line, NULL);
    if (commands == NULL || commands->len != 1)
        return FALSE;
    char **words = g_ptr_array_index(commands, 0);
    return strcmp(words[0], "commit") == 0 && words[1] == NULL;
}

void cs_console_run_line(CsConsole *console, const char *line)
{
    if (is_plain_commit(line)) {
        cs_console_commit_ask(console);
        return;
    }
    g_autoptr(GPtrArray) commands = cs_command_split(line, NULL);
    for (guint i = 0; commands != NULL && i < commands->len; i++)
        if (refuse_blind_edit(console, g_ptr_array_index(commands, i)))
            return;
    g_autoptr(GString) out = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    gboolean ok = cs_command_run_text(console->session, line, out, &error);
    finish_command(console, ok, out, error);
}
