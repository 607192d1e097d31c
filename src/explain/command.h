/* command.h: the command language of the console's ':' prompt and of
 * batch mode (cibscope FILE --exec 'CMD; CMD').
 *
 * A line holds commands separated by ';' or newlines.  Words are split on
 * blanks and quoted as a shell would, without evaluating anything: '...'
 * is literal, "..." allows \" \\ \$ \` escapes, a backslash outside quotes
 * escapes the next character, and # starts a comment at a word's start.
 * doc/commands.md and `help` list the commands.
 */
#ifndef CS_COMMAND_H
#define CS_COMMAND_H

#include <glib.h>
#include "explain/explain.h"
#include "explain/session.h"

#define CS_COMMAND_ERROR cs_command_error_quark()
GQuark cs_command_error_quark(void);
typedef enum {
    CS_COMMAND_ERROR_SYNTAX, /* unterminated quote, trailing backslash */
    CS_COMMAND_ERROR_USAGE,  /* unknown command, wrong arguments */
    CS_COMMAND_ERROR_FAILED, /* a valid command that could not be done */
} CsCommandError;

/* Splits text into commands: a GPtrArray of GStrv (each a command's
 * words, never empty).  NULL with CS_COMMAND_ERROR_SYNTAX on bad quoting. */
GPtrArray *cs_command_split(const char *text, GError **error);

/* Runs one command (its words); what it prints goes to out.  FALSE with
 * *error set when the command is unknown, misused or fails; a command
 * that changes nothing (clear with no constraints to remove) succeeds
 * and says so. */
gboolean cs_command_run(CsSession *session, char **words, GString *out, GError **error);

/* Splits and runs every command of text, stopping at the first that
 * fails (so that "ban x n1; save" never saves after a failed edit). */
gboolean cs_command_run_text(CsSession *session, const char *text, GString *out, GError **error);

/* The command names, NULL-terminated (for completion). */
const char *const *cs_command_names(void);

/* Completion for the console's prompt: the words that could follow
 * `line` (the text before the cursor) and start like its last word
 * (which may be empty): command names first, then resource ids, node
 * names, constraint ids and keywords.  Sorted, no duplicates; the array
 * owns its strings. */
GPtrArray *cs_command_complete(const CsSession *session, const char *line);

/* What `commit` would run in a live session: "N operations to commit:"
 * and each operation's summary and exact command lines (crm_resource,
 * crm_attribute, crm_ticket or cibadmin), or
 * "nothing to commit".  Live sessions only. */
void cs_command_describe_commit(const CsSession *session, GString *out);

/* How `edit` hands the terminal to the editor: suspend before it runs
 * and resume after (the console: endwin and refresh), and whether to
 * edit again after an invalid edit (message says why).  Any may be NULL;
 * without ask_again, batch mode asks on the terminal when there is one. */
typedef struct CsCommandTerminal {
    void (*suspend)(gpointer data);
    void (*resume)(gpointer data);
    gboolean (*ask_again)(const char *message, gpointer data);
    gpointer data;
} CsCommandTerminal;
/* Sets the hooks (copied; NULL clears them). */
void cs_command_set_terminal(const CsCommandTerminal *terminal);

/* The help text `help` prints. */
void cs_command_help(GString *out);

/* Batch mode: opens path at time_text (NULL: the wall clock), runs the
 * commands, prints their output to standard output and errors to
 * standard error ("cibscope: ..."), control characters escaped.  Returns
 * the exit status: 0 when every command succeeded, 1 when one failed or
 * the text does not parse (nothing is run then) or --time is invalid,
 * 2 when the CIB cannot be read or is invalid, 3 when it uses a feature
 * the engine does not model yet. */
int cs_exec_run(const char *path, const char *commands, const char *time_text);
/* The same on the cluster's CIB (cibadmin --query, CIB_file honoured):
 * `cibscope --live --exec 'ban web node2; commit'`. */
int cs_exec_run_live(const char *commands, const char *time_text);

#endif
