/* edit.c: the console's edit keys, and saving.
 *
 * Every key that changes the CIB is turned into a command of the
 * command language (doc/commands.md) and run through run.c, so that the
 * console and `cibscope FILE --exec` change the document the same way
 * and say the same thing about it.  The session re-solves after each
 * edit; the status bar then says what moved.
 */
#include <string.h>
#include "cib/live.h"
#include "explain/command.h"
#include "explain/tools.h"
#include "view.h"

void cs_console_save(CsConsole *console)
{
    g_autoptr(GError) error = NULL;
    if (!cs_session_save(console->session, NULL, &error)) {
        /* The document and its edits stay as they were: nothing lost. */
        cs_console_say(console, TRUE, "Not saved: %s", error->message);
        return;
    }
    console->saved_depth = cs_edit_log_undo_depth(console->session->log);
    cs_recovery_saved(console);
    /* Saving moved the version on <cib> (epoch, num_updates): show it. */
    cs_console_sync_later(console);
    g_autofree char *epoch = cs_live_version_text(console->session->document);
    cs_console_say(console, FALSE, "Saved %s (the previous file kept as %s.bak), epoch now %s",
                   console->path, console->path, epoch != NULL ? epoch : "?");
}

/* Opens the command line with a command to complete, e.g. "stickiness web ". */
static void prompt_with(CsConsole *console, const char *first, const char *argument)
{
    /* The command language splits words as a POSIX shell does, so the
     * shell's quoting reads back as the same word. */
    g_autofree char *quoted = argument != NULL ? cs_tools_shell_word(argument) : NULL;
    g_autofree char *text =
        g_strdup_printf("%s %s%s", first, quoted != NULL ? quoted : "", quoted != NULL ? " " : "");
    cs_prompt_open(console, text);
}

/* A command on the selected resource and, when node_too, node. */
static void run_on_cell(CsConsole *console, const char *command, gboolean node_too)
{
    int rsc = cs_console_selected_rsc(console);
    int node = cs_console_selected_node(console);
    if (rsc < 0 || (node_too && node < 0)) {
        cs_console_say(console, TRUE, "Select a resource%s first (1 Matrix).",
                       node_too ? " and a node" : "");
        return;
    }
    const char *words[4] = {command, cs_console_rsc(console, rsc)->id, NULL, NULL};
    if (node_too)
        words[2] = cs_console_node(console, node)->uname;
    cs_console_run_words(console, words);
}

/* standby / maintenance of the cursor's node, toggled. */
static void toggle_node(CsConsole *console, const char *command)
{
    int node = cs_console_selected_node(console);
    if (node < 0) {
        cs_console_say(console, TRUE, "Select a node first (1 Matrix).");
        return;
    }
    const CsNode *info = cs_console_node(console, node);
    gboolean on = strcmp(command, "standby") == 0 ? info->standby : info->maintenance;
    const char *words[] = {command, info->uname, on ? "off" : "on", NULL};
    cs_console_run_words(console, words);
}

static void undo_or_redo(CsConsole *console, const char *command)
{
    const char *words[] = {command, NULL};
    cs_console_run_words(console, words);
}

static void edit_time(CsConsole *console)
{
    /* The value selected: what is typed replaces it, inside the quotes
     * (a date and time holds a space). */
    g_autofree char *now = cs_time_format(cs_session_time(console->session));
    cs_prompt_open_selected(console, "time '", now, "'");
}

static void edit_stickiness(CsConsole *console)
{
    int rsc = cs_console_selected_rsc(console);
    prompt_with(console, "stickiness", rsc >= 0 ? cs_console_rsc(console, rsc)->id : "default");
}

gboolean cs_console_edit_key(CsConsole *console, int key)
{
    if (key == 'C') {
        cs_console_commit_ask(console);
        return TRUE;
    }
    if (console->model == NULL && key != 'u' && key != 18 && key != 'w' && key != 't') {
        cs_console_say(console, TRUE, "Nothing to edit: the CIB is not modelled.");
        return TRUE;
    }
    switch (key) {
    case 'u': undo_or_redo(console, "undo"); return TRUE;
    case 18: undo_or_redo(console, "redo"); return TRUE; /* ^R, as in vi */
    case 'w': cs_console_save(console); return TRUE;
    case 's': edit_stickiness(console); return TRUE;
    case 'b': run_on_cell(console, "ban", TRUE); return TRUE;
    case 'p': run_on_cell(console, "prefer", TRUE); return TRUE;
    case 'c': run_on_cell(console, "clear", FALSE); return TRUE;
    case 'S': toggle_node(console, "standby"); return TRUE;
    case 'M': toggle_node(console, "maintenance"); return TRUE;
    case 't': edit_time(console); return TRUE;
    case 'f': {
        int rsc = cs_console_selected_rsc(console);
        int node = cs_console_selected_node(console);
        if (rsc < 0 || node < 0)
            return TRUE;
        const char *words[] = {"failcount", "clear", cs_console_rsc(console, rsc)->id,
                               cs_console_node(console, node)->uname, NULL};
        cs_console_run_words(console, words);
        return TRUE;
    }
    default: return FALSE;
    }
}
