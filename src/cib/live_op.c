/* live_op.c: one object-level operation and the commands that apply it
 * (live_op.h): the cibadmin chosen, each command's argv and its line as
 * shown, and freeing ops and conflicts. */
#include <string.h>
#include <libxml/tree.h>

#include "cib/live_op.h"

static char *live_program;

void cs_live_set_program(const char *path)
{
    g_free(live_program);
    live_program = g_strdup(path);
}

char *cs_live_tool_path(const char *name)
{
    if (live_program != NULL && strcmp(name, "cibadmin") == 0)
        return g_strdup(live_program);
    /* Pacemaker's tools live in /usr/sbin, which an ordinary user's PATH
     * often lacks. */
    char *found = g_find_program_in_path(name);
    return found != NULL ? found : g_strdup_printf("/usr/sbin/%s", name);
}

/* The plain cibadmin argv of op.  A nested creation goes through
 * --modify with its ancestors: cibadmin --create only adds directly
 * below the section, while --modify merges the given tree into the
 * existing objects and adds what is missing (as crm_resource does for
 * meta attributes). */
static char **live_cibadmin_argv(const CsLiveOp *op)
{
    static const char *verbs[] = {
        [CS_LIVE_OP_CREATE] = "--create",
        [CS_LIVE_OP_MODIFY] = "--modify",
        [CS_LIVE_OP_REPLACE] = "--replace",
        [CS_LIVE_OP_DELETE] = "--delete",
    };
    gboolean nested = op->kind == CS_LIVE_OP_CREATE && op->path != NULL && op->path[0] != NULL;
    char **argv = g_new0(char *, 7);
    argv[0] = cs_live_tool_path("cibadmin");
    argv[1] = g_strdup(nested ? "--modify" : verbs[op->kind]);
    argv[2] = g_strdup("--scope");
    argv[3] = g_strdup(op->section);
    argv[4] = g_strdup("--xml-text");
    argv[5] = g_strdup(op->fragment);
    return argv;
}

GPtrArray *cs_live_op_commands(const CsLiveOp *op)
{
    GPtrArray *commands = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    if (op->covered)
        return commands;
    if (op->commands == NULL) {
        g_ptr_array_add(commands, live_cibadmin_argv(op));
        return commands;
    }
    for (guint i = 0; i < op->commands->len; i++)
        g_ptr_array_add(commands, g_strdupv(g_ptr_array_index(op->commands, i)));
    return commands;
}

char **cs_live_op_argv(const CsLiveOp *op)
{
    g_autoptr(GPtrArray) commands = cs_live_op_commands(op);
    return commands->len > 0 ? g_strdupv(g_ptr_array_index(commands, 0)) : NULL;
}

char *cs_live_argv_line(char **argv)
{
    GString *line = g_string_new(NULL);
    for (char **arg = argv; *arg != NULL; arg++) {
        g_autofree char *quoted = g_shell_quote(*arg);
        gboolean plain = **arg != '\0' && strpbrk(*arg, " '\"\\$`<>&;|*?()[]{}!#~\n\t") == NULL;
        if (line->len)
            g_string_append_c(line, ' ');
        g_string_append(line, plain ? *arg : quoted);
    }
    return g_string_free(line, FALSE);
}

char *cs_live_op_command_line(const CsLiveOp *op)
{
    g_autoptr(GPtrArray) commands = cs_live_op_commands(op);
    if (commands->len == 0)
        return g_strdup("(done by the crm_resource --cleanup above)");
    GString *lines = g_string_new(NULL);
    for (guint i = 0; i < commands->len; i++) {
        g_autofree char *line = cs_live_argv_line(g_ptr_array_index(commands, i));
        g_string_append_printf(lines, "%s%s", i > 0 ? "\n" : "", line);
    }
    return g_string_free(lines, FALSE);
}

void cs_live_op_free(CsLiveOp *op)
{
    if (op == NULL)
        return;
    g_free(op->section);
    g_free(op->fragment);
    g_free(op->tag);
    g_free(op->id);
    g_strfreev(op->path);
    if (op->element != NULL)
        xmlFreeDoc(op->element->doc);
    g_free(op->summary);
    if (op->commands != NULL)
        g_ptr_array_unref(op->commands);
    g_free(op);
}

void cs_live_conflict_free(CsLiveConflict *conflict)
{
    if (conflict == NULL)
        return;
    g_free(conflict->tag);
    g_free(conflict->id);
    g_free(conflict->text);
    g_free(conflict);
}
