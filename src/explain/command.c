/* command.c: the command language shared by the console and --exec.
 *
 * Each command is a word and arguments; a table gives its usage, how many
 * arguments it takes and the function that runs it.  Commands that read
 * (scores, transition, explain, where, failcount show) print what the
 * current solution says; commands that edit go through the edit log
 * (src/cib/edit.h), then the session re-solves and the command prints
 * the edit and what it moved.
 */
#include "explain/command.h"
#include "explain/attributes.h"
#include "explain/cause.h"
#include "explain/tools.h"
#include "explain/version.h"
#include "base/error.h"

#include "cib/live.h"
#include "explain/next.h"
#include "explain/output.h"
#include <glib/gstdio.h>
#include "explain/settle.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* G_DEFINE_QUARK stringifies its first argument: keep it unspaced. */
/* clang-format off */
G_DEFINE_QUARK(cs-command-error-quark, cs_command_error)
/* clang-format on */

/* ---- splitting --------------------------------------------------------- */

typedef struct CsSplitter {
    GPtrArray *commands; /* GStrv */
    GPtrArray *words;    /* char*, the command being read */
    GString *word;
    gboolean in_word; /* a word has started (even an empty "") */
} CsSplitter;

static void cs_split_end_word(CsSplitter *split)
{
    if (!split->in_word)
        return;
    g_ptr_array_add(split->words, g_strdup(split->word->str));
    g_string_truncate(split->word, 0);
    split->in_word = FALSE;
}

static void cs_split_end_command(CsSplitter *split)
{
    cs_split_end_word(split);
    if (split->words->len == 0)
        return;
    g_ptr_array_add(split->words, NULL);
    g_ptr_array_add(split->commands, g_ptr_array_free(split->words, FALSE));
    split->words = g_ptr_array_new();
}

static gboolean cs_split_error(GError **error, const char *message)
{
    g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_SYNTAX, "%s", message);
    return FALSE;
}

/* Reads a quoted span starting after the opening quote; *at ends after
 * the closing one. */
static gboolean cs_split_quoted(CsSplitter *split, const char **at, char quote, GError **error)
{
    const char *c = *at;

    for (; *c != '\0' && *c != quote; c++) {
        if (quote == '"' && *c == '\\' && c[1] != '\0' && strchr("\"\\$`\n", c[1]) != NULL)
            c++;
        g_string_append_c(split->word, *c);
    }
    if (*c == '\0')
        return cs_split_error(error,
                              quote == '"' ? "unterminated \" quote" : "unterminated ' quote");
    *at = c + 1;
    return TRUE;
}

static gboolean cs_split_all(CsSplitter *split, const char *text, GError **error)
{
    const char *c = text;

    while (*c != '\0') {
        if (*c == ';' || *c == '\n') {
            cs_split_end_command(split);
            c++;
        } else if (*c == ' ' || *c == '\t' || *c == '\r') {
            cs_split_end_word(split);
            c++;
        } else if (*c == '#' && !split->in_word) {
            while (*c != '\0' && *c != '\n')
                c++;
        } else if (*c == '\'' || *c == '"') {
            char quote = *c++;
            split->in_word = TRUE;
            if (!cs_split_quoted(split, &c, quote, error))
                return FALSE;
        } else if (*c == '\\') {
            if (c[1] == '\0')
                return cs_split_error(error, "a backslash at the end escapes nothing");
            split->in_word = TRUE;
            g_string_append_c(split->word, c[1]);
            c += 2;
        } else {
            split->in_word = TRUE;
            g_string_append_c(split->word, *c++);
        }
    }
    cs_split_end_command(split);
    return TRUE;
}

GPtrArray *cs_command_split(const char *text, GError **error)
{
    CsSplitter split = {
        .commands = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev),
        .words = g_ptr_array_new(),
        .word = g_string_new(NULL),
    };
    gboolean ok = cs_split_all(&split, text != NULL ? text : "", error);

    g_ptr_array_set_free_func(split.words, g_free);
    g_ptr_array_unref(split.words);
    g_string_free(split.word, TRUE);
    if (!ok) {
        g_ptr_array_unref(split.commands);
        return NULL;
    }
    return split.commands;
}

/* ---- helpers ------------------------------------------------------------ */

/* cs_failed(error, FORMAT, ...): CS_COMMAND_ERROR_FAILED with that message. */
#define cs_failed(error, ...)                                                                      \
    cs_error_fail((error), CS_COMMAND_ERROR, CS_COMMAND_ERROR_FAILED, __VA_ARGS__)

static const CsSolution *cs_need_solution(CsSession *session, GError **error)
{
    return cs_session_solution(session, error);
}

static const CsResource *cs_need_resource(CsSession *session, const char *id, GError **error)
{
    const CsResource *rsc = session->model != NULL ? cs_model_resource(session->model, id) : NULL;

    if (rsc == NULL)
        cs_failed(error, "no resource '%s'", id);
    return rsc;
}

static const CsNode *cs_need_node(CsSession *session, const char *name, GError **error)
{
    const CsNode *node = session->model != NULL ? cs_model_node(session->model, name) : NULL;

    if (node == NULL)
        cs_failed(error, "no node '%s'", name);
    return node;
}

static gboolean cs_on_off(const char *word, gboolean *on, GError **error)
{
    if (g_ascii_strcasecmp(word, "on") == 0) {
        *on = TRUE;
        return TRUE;
    }
    if (g_ascii_strcasecmp(word, "off") == 0) {
        *on = FALSE;
        return TRUE;
    }
    g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE, "expected on or off, not '%s'",
                word);
    return FALSE;
}

/* After an edit was recorded: re-solve and print the edit and what moved.
 * An edit that leaves the CIB unsolvable is kept (undo takes it back) and
 * said so. */
static void cs_report_change(CsSession *session, const char *what, GString *out)
{
    g_string_append_printf(out, "%s\n", what);
    session->changes_pending = FALSE;
    if (!cs_session_refresh(session)) {
        g_string_append_printf(out, "  (no answer for the CIB as edited: %s)\n",
                               session->failure->message);
        return;
    }
    if (session->describe_later) {
        session->changes_pending = TRUE;
        return;
    }
    g_autoptr(GString) changes = g_string_new(NULL);
    if (cs_session_describe_changes(session, changes) == 0) {
        g_string_append(out, "  nothing moves\n");
        return;
    }
    g_autofree char **lines = g_strsplit(changes->str, "\n", -1);
    for (char **line = lines; *line != NULL; line++) {
        if (**line != '\0')
            g_string_append_printf(out, "  %s\n", *line);
        g_free(*line);
    }
}

/* Finishes an edit call: on success reports it, a "nothing to change"
 * is a success that says so, anything else fails. */
static gboolean cs_finish_edit(CsSession *session, gboolean done, GError *local, GString *out,
                               GError **error)
{
    if (done) {
        cs_report_change(session, cs_edit_log_next_undo(session->log), out);
        return TRUE;
    }
    if (g_error_matches(local, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE)) {
        g_string_append_printf(out, "%s (nothing to change)\n", local->message);
        g_error_free(local);
        return TRUE;
    }
    g_propagate_error(error, local);
    return FALSE;
}

#define CS_EDIT(session, call, out, error)                                                         \
    do {                                                                                           \
        GError *cs_local = NULL;                                                                   \
        gboolean cs_done = (call);                                                                 \
        return cs_finish_edit((session), cs_done, cs_local, (out), (error));                       \
    } while (0)

/* ---- reading commands --------------------------------------------------- */

/* The line names one of printed (ids as crm_simulate prints them,
 * cs_escape_text()): "PREFIX: ID allocation score on NODE: SCORE" or
 * "ID promotion score on NODE: SCORE".  Ids may hold spaces and even
 * the marker's words, so every place the marker could end the id is
 * tried against the ids wanted, never a word cut at a blank. */
static gboolean cs_score_line_names(const char *line, GHashTable *printed)
{
    static const char *const prefixes[] = {
        "pcmk__clone_allocate: ", "pcmk__group_assign: ", "pcmk__primitive_assign: "};
    const char *marker = " promotion score on ";
    const char *id = line;

    for (gsize i = 0; i < G_N_ELEMENTS(prefixes); i++)
        if (g_str_has_prefix(line, prefixes[i])) {
            id = line + strlen(prefixes[i]);
            marker = " allocation score on ";
            break;
        }
    for (const char *end = strstr(id, marker); end != NULL; end = strstr(end + 1, marker)) {
        g_autofree char *candidate = g_strndup(id, (gsize)(end - id));
        if (g_hash_table_contains(printed, candidate))
            return TRUE;
    }
    return FALSE;
}

/* rsc of the engine's model and everything below it (members,
 * instances), by their printed ids. */
static void cs_add_printed(const CsModel *engine, int rsc, GHashTable *printed)
{
    const CsResource *info = g_ptr_array_index(engine->resources, rsc);

    g_hash_table_add(printed, cs_escape_text(info->id));
    for (guint i = 0; info->children != NULL && i < info->children->len; i++)
        cs_add_printed(engine, g_array_index(info->children, int, i), printed);
}

/* The resources `scores RSC` shows: RSC with its members or instances;
 * for a clone's configured child (or a member of it), the instances
 * that copy it. */
static GHashTable *cs_scores_wanted(const CsSolution *solution, const CsResource *rsc)
{
    const CsModel *engine = cs_solution_model(solution);
    GHashTable *printed = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);

    cs_add_printed(engine, rsc->index, printed);
    for (guint i = 0; i < engine->resources->len; i++)
        if ((int)i != rsc->index && cs_solution_configured_rsc(solution, (int)i) == rsc->index)
            cs_add_printed(engine, (int)i, printed);
    return printed;
}

static gboolean cs_cmd_scores(CsSession *session, char **args, int n, GString *out, GError **error)
{
    const CsSolution *solution = cs_need_solution(session, error);
    if (solution == NULL)
        return FALSE;
    g_autoptr(GString) all = g_string_new(NULL);
    cs_solution_print_scores(solution, all);
    if (n == 0) {
        g_string_append_len(out, all->str, (gssize)all->len);
        return TRUE;
    }
    /* The engine's model: instances (db:0) too. */
    const CsResource *rsc = cs_model_resource(cs_solution_model(solution), args[0]);
    if (rsc == NULL)
        return cs_failed(error, "no resource '%s'", args[0]);
    g_autoptr(GHashTable) printed = cs_scores_wanted(solution, rsc);
    g_auto(GStrv) lines = g_strsplit(all->str, "\n", -1);
    for (char **line = lines; *line != NULL; line++)
        if (**line != '\0' && cs_score_line_names(*line, printed))
            g_string_append_printf(out, "%s\n", *line);
    return TRUE;
}

static gboolean cs_cmd_transition(CsSession *session, char **args, int n, GString *out,
                                  GError **error)
{
    (void)args;
    (void)n;
    const CsSolution *solution = cs_need_solution(session, error);
    if (solution == NULL)
        return FALSE;
    cs_solution_print_transition(solution, out);
    return TRUE;
}

/* After explain's scores, why each Transition Summary line of the
 * resource happens (explain/cause.h), as the CLI prints it. */
static void cs_cmd_explain_causes(CsSession *session, const char *rsc_id, GString *out)
{
    const CsResource *rsc = cs_model_resource(cs_solution_model(session->solution), rsc_id);
    if (rsc != NULL)
        cs_cause_resource(session->solution, rsc->index, out);
}

/* Where the cluster settles from the state now, edits included
 * (explain/settle.h). */
static gboolean cs_cmd_settle(CsSession *session, char **args, int n, GString *out, GError **error)
{
    (void)args;
    (void)n;
    if (cs_need_solution(session, error) == NULL)
        return FALSE;
    g_autoptr(CsSettleResult) result =
        cs_settle(session->document, cs_session_time(session), error);
    if (result == NULL)
        return FALSE;
    cs_settle_print(result, out);
    return TRUE;
}

static gboolean cs_cmd_explain(CsSession *session, char **args, int n, GString *out, GError **error)
{
    const CsSolution *solution = cs_need_solution(session, error);
    if (solution == NULL || cs_need_resource(session, args[0], error) == NULL)
        return FALSE;
    if (n > 1 && cs_need_node(session, args[1], error) == NULL)
        return FALSE;
    if (!cs_solution_explain(solution, args[0], n > 1 ? args[1] : NULL, out, error))
        return FALSE;
    cs_cmd_explain_causes(session, args[0], out);
    return TRUE;
}

/* where: told from the transition's actions (explain/next.h); instance
 * names (db:0) are the engine's. */
static gboolean cs_cmd_where(CsSession *session, char **args, int n, GString *out, GError **error)
{
    (void)n;
    if (cs_need_solution(session, error) == NULL)
        return FALSE;
    if (!cs_next_where(session->solution, args[0], out))
        return cs_failed(error, "no resource '%s'", args[0]);
    return TRUE;
}

/* ---- editing commands --------------------------------------------------- */

static gboolean cs_cmd_stickiness(CsSession *session, char **args, int n, GString *out,
                                  GError **error)
{
    (void)n;
    gboolean defaults = strcmp(args[0], "default") == 0;
    const char *value = strcmp(args[1], "unset") == 0 ? NULL : args[1];
    CS_EDIT(session, cs_edit_stickiness(session->log, defaults ? NULL : args[0], value, &cs_local),
            out, error);
}

/* crm_resource --lifetime: an ISO 8601 duration from now (the session's
 * clock, so that time travel and lifetimes agree). */
static char *cs_lifetime_end(CsSession *session, const char *lifetime, GError **error)
{
    CsDuration duration;
    g_autoptr(GError) local = NULL;

    if (!cs_duration_parse(lifetime, &duration, &local)) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "lifetime '%s' is not an ISO 8601 duration such as PT1H or P1D: %s", lifetime,
                    local->message);
        return NULL;
    }
    return cs_time_format(cs_time_add_duration(cs_session_time(session), &duration));
}

/* The resource a ban, prefer or clear is for.  A location naming a
 * resource inside a clone (its child, a cloned group or its member) is
 * not applied to the instances by Pacemaker 2.1.5 (oracle), so what an
 * operator means by "ban ping node1" is the clone: the outermost clone
 * above id, said in out; id itself otherwise. */
static const char *cs_location_target(CsSession *session, const char *id, GString *out)
{
    const CsResource *rsc = session->model != NULL ? cs_model_resource(session->model, id) : NULL;
    const CsResource *clone = NULL;

    for (const CsResource *up = rsc; up != NULL && up->parent >= 0;) {
        up = g_ptr_array_index(session->model->resources, up->parent);
        if (up->kind == CS_RSC_CLONE)
            clone = up;
    }
    if (clone == NULL)
        return id;
    g_string_append_printf(out, "%s is inside clone %s: the constraint is for %s\n", id, clone->id,
                           clone->id);
    return clone->id;
}

static gboolean cs_cmd_ban_or_prefer(CsSession *session, gboolean ban, char **args, int n,
                                     GString *out, GError **error)
{
    g_autofree char *end = NULL;
    const char *target;

    if (n > 2 && (end = cs_lifetime_end(session, args[2], error)) == NULL)
        return FALSE;
    target = cs_location_target(session, args[0], out);
    if (ban)
        CS_EDIT(session, cs_edit_ban(session->log, target, args[1], end, &cs_local), out, error);
    CS_EDIT(session, cs_edit_prefer(session->log, target, args[1], end, &cs_local), out, error);
}

static gboolean cs_cmd_ban(CsSession *session, char **args, int n, GString *out, GError **error)
{
    return cs_cmd_ban_or_prefer(session, TRUE, args, n, out, error);
}

static gboolean cs_cmd_prefer(CsSession *session, char **args, int n, GString *out, GError **error)
{
    return cs_cmd_ban_or_prefer(session, FALSE, args, n, out, error);
}

static gboolean cs_cmd_clear(CsSession *session, char **args, int n, GString *out, GError **error)
{
    (void)n;
    CS_EDIT(session,
            cs_edit_clear(session->log, cs_location_target(session, args[0], out), NULL, &cs_local),
            out, error);
}

static gboolean cs_cmd_standby(CsSession *session, char **args, int n, GString *out, GError **error)
{
    gboolean on;
    (void)n;
    if (!cs_on_off(args[1], &on, error))
        return FALSE;
    CS_EDIT(session, cs_edit_standby(session->log, args[0], on, &cs_local), out, error);
}

static gboolean cs_cmd_maintenance(CsSession *session, char **args, int n, GString *out,
                                   GError **error)
{
    gboolean on;
    (void)n;
    if (!cs_on_off(args[1], &on, error))
        return FALSE;
    CS_EDIT(session, cs_edit_maintenance(session->log, args[0], on, &cs_local), out, error);
}

static gboolean cs_show_attribute(CsSession *session, const char *node_name, const char *name,
                                  GString *out, GError **error)
{
    const CsNode *node = cs_need_node(session, node_name, error);
    if (node == NULL)
        return FALSE;
    const char *value = g_hash_table_lookup(node->attrs, name);
    if (value != NULL)
        g_string_append_printf(out, "%s: %s=%s\n", node->uname, name, value);
    else
        g_string_append_printf(out, "%s: %s is not set\n", node->uname, name);
    return TRUE;
}

static gboolean cs_cmd_attr(CsSession *session, char **args, int n, GString *out, GError **error)
{
    if (n == 2)
        return cs_show_attribute(session, args[0], args[1], out, error);
    if (n == 4 && (strcmp(args[3], "reboot") != 0 || strcmp(args[2], "--delete") == 0)) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "usage: attr NODE NAME [VALUE [reboot]|--delete]");
        return FALSE;
    }
    if (n == 4)
        CS_EDIT(session, cs_edit_node_transient(session->log, args[0], args[1], args[2], &cs_local),
                out, error);
    const char *value = strcmp(args[2], "--delete") == 0 ? NULL : args[2];
    CS_EDIT(session, cs_edit_node_attribute(session->log, args[0], args[1], value, &cs_local), out,
            error);
}

/* "monitor_10000" as it is, "monitor:10s" or "monitor 10s" read as an
 * interval, "start" alone as interval 0: the NAME_INTERVALMS key
 * Pacemaker names fail counts with. */
static char *cs_operation_key(const char *text, GError **error)
{
    const char *colon = strchr(text, ':');
    guint interval_ms = 0;

    if (colon == NULL) {
        const char *underscore = strrchr(text, '_');
        gboolean keyed = underscore != NULL && underscore[1] != '\0'
                         && strspn(underscore + 1, "0123456789") == strlen(underscore + 1);
        return keyed ? g_strdup(text) : g_strdup_printf("%s_0", text);
    }
    if (colon == text || !cs_interval_spec_parse(colon + 1, &interval_ms)) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "'%s' is not an operation such as monitor_10000 or monitor:10s", text);
        return NULL;
    }
    g_autofree char *name = g_strndup(text, (gsize)(colon - text));
    return g_strdup_printf("%s_%u", name, interval_ms);
}

static void cs_show_fail_counts(CsSession *session, const char *only, GString *out)
{
    const CsModel *model = session->model;
    guint shown = 0;

    for (guint i = 0; i < model->fail_counts->len; i++) {
        const CsFailCount *count = g_ptr_array_index(model->fail_counts, i);
        if (only != NULL && strcmp(count->rsc_id, only) != 0)
            continue;
        const CsNode *node = g_ptr_array_index(model->nodes, count->node);
        char value[CS_SCORE_BUFSIZE];
        cs_score_format(count->count, value);
        g_string_append_printf(out, "%s on %s: %s", count->rsc_id, node->uname, value);
        if (count->operation != NULL)
            g_string_append_printf(out, " (%s_%u)", count->operation, count->interval_ms);
        g_string_append_c(out, '\n');
        shown++;
    }
    if (shown == 0)
        g_string_append(out, "no fail counts\n");
}

static gboolean cs_cmd_failcount(CsSession *session, char **args, int n, GString *out,
                                 GError **error)
{
    if (n == 0 || strcmp(args[0], "show") == 0) {
        if (session->model == NULL)
            return cs_need_solution(session, error) != NULL;
        if (n > 1 && cs_need_resource(session, args[1], error) == NULL)
            return FALSE;
        cs_show_fail_counts(session, n > 1 ? args[1] : NULL, out);
        return TRUE;
    }
    if (strcmp(args[0], "set") == 0 && n == 5) {
        g_autofree char *key = cs_operation_key(args[3], error);
        if (key == NULL)
            return FALSE;
        gint64 when = cs_session_time(session).seconds;
        CS_EDIT(
            session,
            cs_edit_fail_count_set(session->log, args[1], args[2], key, args[4], when, &cs_local),
            out, error);
    }
    if (strcmp(args[0], "clear") == 0 && (n == 2 || n == 3))
        CS_EDIT(session,
                cs_edit_fail_count_clear(session->log, args[1], n == 3 ? args[2] : NULL, &cs_local),
                out, error);
    g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                "usage: failcount [show [RSC]] | set RSC NODE OP N | clear RSC [NODE]");
    return FALSE;
}

/* ---- meta RSC and ticket: what is set, and where it comes from ------------ */

/* meta RSC: each meta attribute's effective value and where it comes
 * from (explain/attributes.h). */
static gboolean cs_show_meta(CsSession *session, const char *id, GString *out, GError **error)
{
    g_autoptr(GError) local = NULL;
    g_autoptr(GPtrArray) attrs = cs_attributes_meta(session->document, id, &local);
    if (attrs == NULL)
        return cs_failed(error, "%s", local->message);
    g_string_append_printf(out, "%s: meta attributes (value, and where it comes from)\n", id);
    for (guint i = 0; i < attrs->len; i++) {
        const CsAttr *attr = g_ptr_array_index(attrs, i);
        g_string_append_printf(out, "  %-22s %-12s %s%s\n", attr->name, attr->value,
                               attr->source_text,
                               attr->ruled ? "; a rule-selected set also names it" : "");
    }
    return TRUE;
}

/* ticket: each ticket the status or a constraint names, with its state. */
static void cs_show_tickets(CsSession *session, GString *out)
{
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
    xmlNode *status = cs_document_section(session->document, "status");
    xmlNode *constraints = cs_document_section(session->document, "constraints");

    for (xmlNode *section = status != NULL ? status->children : NULL; section != NULL;
         section = section->next)
        if (section->type == XML_ELEMENT_NODE && xmlStrEqual(section->name, BAD_CAST "tickets"))
            for (xmlNode *state = section->children; state != NULL; state = state->next) {
                if (state->type != XML_ELEMENT_NODE)
                    continue;
                xmlChar *ticket = xmlGetNoNsProp(state, BAD_CAST "id");
                xmlChar *granted = xmlGetNoNsProp(state, BAD_CAST "granted");
                xmlChar *standby = xmlGetNoNsProp(state, BAD_CAST "standby");
                gboolean is_granted = granted != NULL
                                      && (xmlStrEqual(granted, BAD_CAST "true")
                                          || xmlStrEqual(granted, BAD_CAST "1"));
                gboolean is_standby = standby != NULL
                                      && (xmlStrEqual(standby, BAD_CAST "true")
                                          || xmlStrEqual(standby, BAD_CAST "1"));
                g_string_append_printf(out, "%s: %s%s\n", ticket != NULL ? (char *)ticket : "?",
                                       is_granted ? "granted" : "revoked",
                                       is_standby ? ", standby" : "");
                g_ptr_array_add(names, g_strdup(ticket != NULL ? (char *)ticket : ""));
                xmlFree(ticket);
                xmlFree(granted);
                xmlFree(standby);
            }
    for (xmlNode *c = constraints != NULL ? constraints->children : NULL; c != NULL; c = c->next) {
        xmlChar *ticket = c->type == XML_ELEMENT_NODE && xmlStrEqual(c->name, BAD_CAST "rsc_ticket")
                              ? xmlGetNoNsProp(c, BAD_CAST "ticket")
                              : NULL;
        gboolean known = ticket == NULL;
        for (guint i = 0; !known && i < names->len; i++)
            known = strcmp(g_ptr_array_index(names, i), (char *)ticket) == 0;
        if (!known) {
            g_string_append_printf(out, "%s: revoked (never granted; named by constraints)\n",
                                   (char *)ticket);
            g_ptr_array_add(names, g_strdup((char *)ticket));
        }
        xmlFree(ticket);
    }
    if (names->len == 0)
        g_string_append(out, "no tickets\n");
}

/* ---- editing settings, constraints and resources (issue 21) -------------- */

/* VALUE, or NULL for --delete. */
static const char *cs_value_or_delete(const char *word)
{
    return strcmp(word, "--delete") == 0 ? NULL : word;
}

static gboolean cs_cmd_resource_set(CsSession *session, CsEditSetKind kind, char **args,
                                    GString *out, GError **error)
{
    g_autofree char *target = NULL;
    const char *value = cs_value_or_delete(args[2]);
    GError *local = NULL;
    gboolean done =
        cs_edit_resource_set(session->log, kind, args[0], args[1], value, &target, &local);

    /* crm_resource says so when it writes to the clone above. */
    if (done && strcmp(target, args[0]) != 0)
        g_string_append_printf(out, "%s is a clone's child: %s %s on %s\n", args[0],
                               value != NULL ? "set" : "deleted", args[1], target);
    return cs_finish_edit(session, done, local, out, error);
}

static gboolean cs_cmd_meta(CsSession *session, char **args, int n, GString *out, GError **error)
{
    if (n == 1)
        return cs_show_meta(session, args[0], out, error);
    if (n != 3) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "usage: meta RSC [NAME VALUE|--delete]");
        return FALSE;
    }
    return cs_cmd_resource_set(session, CS_EDIT_SET_META, args, out, error);
}

static gboolean cs_cmd_param(CsSession *session, char **args, int n, GString *out, GError **error)
{
    (void)n;
    return cs_cmd_resource_set(session, CS_EDIT_SET_PARAM, args, out, error);
}

static gboolean cs_cmd_utilization(CsSession *session, char **args, int n, GString *out,
                                   GError **error)
{
    (void)n;
    if (cs_edit_find_resource(session->document, args[0]) != NULL)
        return cs_cmd_resource_set(session, CS_EDIT_SET_UTILIZATION, args, out, error);
    CS_EDIT(session,
            cs_edit_node_utilization(session->log, args[0], args[1], cs_value_or_delete(args[2]),
                                     &cs_local),
            out, error);
}

static gboolean cs_cmd_option(CsSession *session, CsEditOptionSection section, char **args,
                              GString *out, GError **error)
{
    CS_EDIT(session,
            cs_edit_option(session->log, section, args[0], cs_value_or_delete(args[1]), &cs_local),
            out, error);
}

static gboolean cs_cmd_property(CsSession *session, char **args, int n, GString *out,
                                GError **error)
{
    (void)n;
    return cs_cmd_option(session, CS_EDIT_CRM_CONFIG, args, out, error);
}

static gboolean cs_cmd_rsc_default(CsSession *session, char **args, int n, GString *out,
                                   GError **error)
{
    (void)n;
    return cs_cmd_option(session, CS_EDIT_RSC_DEFAULTS, args, out, error);
}

static gboolean cs_cmd_op_default(CsSession *session, char **args, int n, GString *out,
                                  GError **error)
{
    (void)n;
    return cs_cmd_option(session, CS_EDIT_OP_DEFAULTS, args, out, error);
}

static gboolean cs_cmd_ticket(CsSession *session, char **args, int n, GString *out, GError **error)
{
    static const char *const words[] = {"grant", "revoke", "standby", "activate"};
    if (n == 0) {
        cs_show_tickets(session, out);
        return TRUE;
    }
    if (n != 2) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "usage: ticket [ID grant|revoke|standby|activate]");
        return FALSE;
    }
    for (gsize i = 0; i < G_N_ELEMENTS(words); i++)
        if (strcmp(args[1], words[i]) == 0)
            CS_EDIT(session,
                    cs_edit_ticket(session->log, args[0], (CsEditTicketAction)i,
                                   cs_session_time(session).seconds, &cs_local),
                    out, error);
    g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                "usage: ticket ID grant|revoke|standby|activate");
    return FALSE;
}

/* Options of a constraint made of sets (the rest of NAME=VALUE words
 * belong to the set they follow). */
static gboolean cs_is_constraint_option(const char *word)
{
    static const char *const names[] = {
        "score=", "kind=", "symmetrical=", "ticket=", "loss-policy="};
    for (gsize i = 0; i < G_N_ELEMENTS(names); i++)
        if (g_str_has_prefix(word, names[i]))
            return TRUE;
    return FALSE;
}

/* KIND ID set W... [set W...] [OPTION=VALUE...]: args[0] is "add",
 * args[1] the id, args[2] the first "set". */
static gboolean cs_cmd_set_constraint(CsSession *session, const char *element, char **args, int n,
                                      GString *out, GError **error)
{
    g_autoptr(GPtrArray) sets = g_ptr_array_new_with_free_func((GDestroyNotify)g_strfreev);
    g_autoptr(GPtrArray) options = g_ptr_array_new();
    g_autoptr(GPtrArray) current = NULL;

    for (int i = 2; i <= n; i++) {
        const char *word = i < n ? args[i] : NULL;
        if (word == NULL || strcmp(word, "set") == 0) {
            if (current != NULL) {
                g_ptr_array_add(current, NULL);
                g_ptr_array_add(sets, g_ptr_array_free(g_steal_pointer(&current), FALSE));
            }
            if (word != NULL)
                current = g_ptr_array_new_with_free_func(g_free);
        } else if (cs_is_constraint_option(word)) {
            g_ptr_array_add(options, (gpointer)word);
        } else {
            g_ptr_array_add(current, g_strdup(word));
        }
    }
    g_ptr_array_add(options, NULL);
    CS_EDIT(session,
            cs_edit_set_constraint_add(session->log, element, args[1], sets,
                                       (char **)options->pdata, &cs_local),
            out, error);
}

/* RSC[:ACTION] */
static void cs_split_action(const char *word, char **rsc, char **action)
{
    const char *colon = strrchr(word, ':');

    *rsc = colon != NULL ? g_strndup(word, (gsize)(colon - word)) : g_strdup(word);
    *action = colon != NULL ? g_strdup(colon + 1) : NULL;
}

static gboolean cs_cmd_order(CsSession *session, char **args, int n, GString *out, GError **error)
{
    if (strcmp(args[0], "add") == 0 && n >= 3 && strcmp(args[2], "set") == 0)
        return cs_cmd_set_constraint(session, "rsc_order", args, n, out, error);
    if (strcmp(args[0], "remove") == 0 && n == 2)
        CS_EDIT(session, cs_edit_constraint_remove(session->log, args[1], &cs_local), out, error);
    if (strcmp(args[0], "add") != 0 || n < 4 || n > 6) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "usage: order add ID FIRST[:ACTION] THEN[:ACTION] [KIND] "
                    "[symmetrical=BOOL] | order add ID set ... | order remove ID");
        return FALSE;
    }
    g_autofree char *first = NULL, *first_action = NULL, *then = NULL, *then_action = NULL;
    const char *kind = NULL, *symmetrical = NULL;
    cs_split_action(args[2], &first, &first_action);
    cs_split_action(args[3], &then, &then_action);
    for (int i = 4; i < n; i++) {
        if (g_str_has_prefix(args[i], "symmetrical="))
            symmetrical = args[i] + strlen("symmetrical=");
        else if (g_str_has_prefix(args[i], "kind="))
            kind = args[i] + strlen("kind=");
        else
            kind = args[i];
    }
    CS_EDIT(session,
            cs_edit_order_add(session->log, args[1], first, first_action, then, then_action, kind,
                              symmetrical, &cs_local),
            out, error);
}

static gboolean cs_cmd_ticket_constraint(CsSession *session, char **args, int n, GString *out,
                                         GError **error)
{
    if (strcmp(args[0], "add") == 0 && n >= 3 && strcmp(args[2], "set") == 0)
        return cs_cmd_set_constraint(session, "rsc_ticket", args, n, out, error);
    if (strcmp(args[0], "add") == 0 && (n == 4 || n == 5)) {
        const char *policy = n == 5 ? args[4] : NULL;
        if (policy != NULL && g_str_has_prefix(policy, "loss-policy="))
            policy += strlen("loss-policy=");
        CS_EDIT(session,
                cs_edit_ticket_constraint_add(session->log, args[1], args[2], args[3], policy,
                                              &cs_local),
                out, error);
    }
    if (strcmp(args[0], "remove") == 0 && n == 2)
        CS_EDIT(session, cs_edit_constraint_remove(session->log, args[1], &cs_local), out, error);
    g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                "usage: ticket-constraint add ID RSC TICKET [LOSS-POLICY] | "
                "ticket-constraint add ID set ... ticket=T | ticket-constraint remove ID");
    return FALSE;
}

/* rule add CONSTRAINT SCORE EXPR... (args[0] is "add"). */
static gboolean cs_cmd_rule_add(CsSession *session, char **args, int n, GString *out,
                                GError **error)
{
    if (n < 4) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "usage: rule add CONSTRAINT SCORE EXPR [and|or EXPR...]");
        return FALSE;
    }
    CS_EDIT(session, cs_edit_rule_add(session->log, args[1], NULL, args[2], args + 3, &cs_local),
            out, error);
}

/* location add ID RSC rule SCORE EXPR... */
static gboolean cs_cmd_location_rule(CsSession *session, char **args, int n, GString *out,
                                     GError **error)
{
    if (n < 6) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "usage: location add ID RSC rule SCORE EXPR [and|or EXPR...]");
        return FALSE;
    }
    CS_EDIT(session, cs_edit_rule_add(session->log, args[1], args[2], args[4], args + 5, &cs_local),
            out, error);
}

/* Appends the lines of text, each indented. */
static void cs_append_indented(GString *out, const char *text)
{
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);

    for (char **line = lines; *line != NULL; line++)
        if (**line != '\0')
            g_string_append_printf(out, "  %s\n", *line);
}

/* Reports an edit that adds or removes resources, which "what moved"
 * (resources in both solutions) does not see: report says what else it
 * changed (constraints, resources gone); added names a new resource,
 * whose placement is said.  With describe_later (the console's keys), as
 * cs_report_change: the edit and what it changed in the document are
 * told now, what moved once the console has drawn the new scores. */
static gboolean cs_finish_resource_edit(CsSession *session, gboolean done, GError *local,
                                        const char *report, const char *added, GString *out,
                                        GError **error)
{
    if (!done)
        return cs_finish_edit(session, done, local, out, error);
    g_string_append_printf(out, "%s\n", cs_edit_log_next_undo(session->log));
    session->changes_pending = FALSE;
    if (!cs_session_refresh(session)) {
        g_string_append_printf(out, "  (no answer for the CIB as edited: %s)\n",
                               session->failure->message);
        return TRUE;
    }
    if (session->describe_later) {
        cs_append_indented(out, report);
        session->changes_pending = TRUE;
        return TRUE;
    }
    g_autoptr(GString) changes = g_string_new(report);
    cs_session_describe_changes(session, changes);
    const CsResource *rsc = added != NULL ? cs_model_resource(session->model, added) : NULL;
    if (rsc != NULL)
        cs_next_where_rsc(session->solution, rsc->index, changes);
    cs_append_indented(out, changes->len > 0 ? changes->str : "nothing moves");
    return TRUE;
}

/* "RSC: stops (removed ...)" for each primitive under id that runs now. */
static void cs_say_removed(CsSession *session, const char *id, GString *report)
{
    const CsResource *rsc = session->model != NULL ? cs_model_resource(session->model, id) : NULL;
    if (rsc == NULL || session->solution == NULL)
        return;
    if (rsc->kind == CS_RSC_PRIMITIVE
        && cs_solution_current_node(session->solution, rsc->index) >= 0)
        g_string_append_printf(report, "%s: stops (removed; its status makes it an orphan)\n",
                               rsc->id);
    for (guint i = 0; rsc->children != NULL && i < rsc->children->len; i++) {
        int child = g_array_index(rsc->children, int, i);
        cs_say_removed(
            session, ((const CsResource *)g_ptr_array_index(session->model->resources, child))->id,
            report);
    }
}

/* resource add ID CLASS[:PROVIDER]:TYPE [meta N=V...] [params N=V...] */
static gboolean cs_cmd_resource_add(CsSession *session, char **args, int n, GString *out,
                                    GError **error)
{
    g_auto(GStrv) agent = g_strsplit(args[2], ":", 3);
    guint parts = g_strv_length(agent);
    g_autoptr(GPtrArray) meta = g_ptr_array_new();
    g_autoptr(GPtrArray) params = g_ptr_array_new();
    GPtrArray *into = NULL;

    if (parts < 2) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "'%s' is not CLASS:TYPE or ocf:PROVIDER:TYPE", args[2]);
        return FALSE;
    }
    for (int i = 3; i < n; i++) {
        if (strcmp(args[i], "meta") == 0)
            into = meta;
        else if (strcmp(args[i], "params") == 0 || strcmp(args[i], "param") == 0)
            into = params;
        else if (into != NULL)
            g_ptr_array_add(into, args[i]);
        else
            return cs_failed(error, "'%s': NAME=VALUE pairs follow 'meta' or 'params'", args[i]);
    }
    g_ptr_array_add(meta, NULL);
    g_ptr_array_add(params, NULL);
    GError *local = NULL;
    gboolean done = cs_edit_resource_add(session->log, args[1], agent[0],
                                         parts == 3 ? agent[1] : NULL, agent[parts - 1],
                                         (char **)meta->pdata, (char **)params->pdata, &local);
    return cs_finish_resource_edit(session, done, local, "", args[1], out, error);
}

static gboolean cs_cmd_resource(CsSession *session, char **args, int n, GString *out,
                                GError **error)
{
    if (strcmp(args[0], "add") == 0 && n >= 3)
        return cs_cmd_resource_add(session, args, n, out, error);
    if (strcmp(args[0], "remove") == 0 && n == 2) {
        g_autoptr(GString) report = g_string_new(NULL);
        GError *local = NULL;
        cs_say_removed(session, args[1], report);
        gboolean done = cs_edit_resource_remove(session->log, args[1], report, &local);
        return cs_finish_resource_edit(session, done, local, report->str, NULL, out, error);
    }
    g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                "usage: resource add ID CLASS[:PROVIDER]:TYPE [meta N=V...] [params N=V...]"
                " | resource remove ID");
    return FALSE;
}

static gboolean cs_cmd_group(CsSession *session, char **args, int n, GString *out, GError **error)
{
    if (strcmp(args[0], "add") == 0 && n == 3)
        CS_EDIT(session, cs_edit_group_add(session->log, args[1], args[2], &cs_local), out, error);
    if (strcmp(args[0], "remove") == 0 && n == 3) {
        g_autoptr(GString) report = g_string_new(NULL);
        GError *local = NULL;
        gboolean done = cs_edit_group_remove(session->log, args[1], args[2], report, &local);
        return cs_finish_resource_edit(session, done, local, report->str, NULL, out, error);
    }
    g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                "usage: group add|remove GROUP RSC");
    return FALSE;
}

static gboolean cs_cmd_clone(CsSession *session, char **args, int n, GString *out, GError **error)
{
    if (n == 2 && strcmp(args[1], "promotable") != 0) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "usage: clone RSC [promotable]");
        return FALSE;
    }
    g_autoptr(GString) report = g_string_new(NULL);
    GError *local = NULL;
    gboolean done = cs_edit_clone(session->log, args[0], n == 2, report, &local);
    return cs_finish_resource_edit(session, done, local, report->str, NULL, out, error);
}

static gboolean cs_cmd_node(CsSession *session, char **args, int n, GString *out, GError **error)
{
    (void)n;
    if (strcmp(args[0], "add") == 0)
        CS_EDIT(session, cs_edit_node_add(session->log, args[1], &cs_local), out, error);
    if (strcmp(args[0], "remove") == 0)
        CS_EDIT(session, cs_edit_node_remove(session->log, args[1], &cs_local), out, error);
    g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                "usage: node add NAME | node remove NAME");
    return FALSE;
}

/* ---- edit ID: an element's XML in $VISUAL / $EDITOR ----------------------- */

static CsCommandTerminal cs_terminal;

void cs_command_set_terminal(const CsCommandTerminal *terminal)
{
    if (terminal != NULL)
        cs_terminal = *terminal;
    else
        memset(&cs_terminal, 0, sizeof cs_terminal);
}

/* Runs $VISUAL, else $EDITOR, else vi on path, with the terminal handed
 * over (the console suspends curses around it). */
static gboolean cs_run_editor(const char *path, GError **error)
{
    const char *editor = g_getenv("VISUAL");
    if (editor == NULL || *editor == '\0')
        editor = g_getenv("EDITOR");
    if (editor == NULL || *editor == '\0')
        editor = "vi";
    /* EDITOR may hold arguments ("emacs -nw"): the shell splits it, and
     * the file goes as "$1", never through the shell's parsing. */
    g_autofree char *script = g_strdup_printf("%s \"$1\"", editor);
    char *argv[] = {(char *)"/bin/sh", (char *)"-c", script, (char *)"sh", (char *)path, NULL};
    gint status = 0;
    g_autoptr(GError) local = NULL;

    if (cs_terminal.suspend != NULL)
        cs_terminal.suspend(cs_terminal.data);
    gboolean ran = g_spawn_sync(NULL, argv, NULL, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL, NULL,
                                NULL, &status, &local);
    if (cs_terminal.resume != NULL)
        cs_terminal.resume(cs_terminal.data);
    if (!ran)
        return cs_failed(error, "cannot run the editor '%s': %s", editor, local->message);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return cs_failed(error, "the editor '%s' failed (nothing was changed)", editor);
    return TRUE;
}

/* Asked after an invalid edit: edit again?  The console answers through
 * its hook; batch mode asks on the terminal when there is one. */
static gboolean cs_ask_again(const char *message)
{
    if (cs_terminal.ask_again != NULL)
        return cs_terminal.ask_again(message, cs_terminal.data);
    if (!isatty(STDIN_FILENO) || !isatty(STDERR_FILENO))
        return FALSE;
    fprintf(stderr, "cibscope: edit: %s\nEdit again? [Y/n] ", message);
    fflush(stderr);
    char answer[16] = "";
    if (fgets(answer, sizeof answer, stdin) == NULL)
        return FALSE;
    return answer[0] != 'n' && answer[0] != 'N';
}

static gboolean cs_cmd_edit(CsSession *session, char **args, int n, GString *out, GError **error)
{
    (void)n;
    g_autofree char *text = cs_edit_element_text(session->document, args[0]);
    if (text == NULL)
        return cs_failed(error, "no element with id '%s'", args[0]);
    /* vi on no terminal would wait for ever: without a console and a
     * terminal, the editor must be named. */
    gboolean named = (g_getenv("VISUAL") != NULL && *g_getenv("VISUAL") != '\0')
                     || (g_getenv("EDITOR") != NULL && *g_getenv("EDITOR") != '\0');
    if (!named && cs_terminal.suspend == NULL && !isatty(STDIN_FILENO))
        return cs_failed(error, "no terminal for an editor: set EDITOR (or VISUAL)");
    g_autofree char *safe = cs_edit_sanitize_id(args[0]);
    g_autofree char *template = g_strdup_printf("cibscope-%s-XXXXXX.xml", safe);
    g_autofree char *path = NULL;
    gint fd = g_file_open_tmp(template, &path, error);
    if (fd < 0)
        return FALSE;
    close(fd);
    gboolean done = FALSE, finished = FALSE;
    GError *local = NULL;
    if (!g_file_set_contents(path, text, -1, error)) {
        g_unlink(path);
        return FALSE;
    }
    while (!finished) {
        g_autofree char *edited = NULL;
        if (!cs_run_editor(path, &local) || !g_file_get_contents(path, &edited, NULL, &local))
            break;
        done = cs_edit_replace_element(session->log, args[0], edited, &local);
        finished = done || !g_error_matches(local, CS_EDIT_ERROR, CS_EDIT_ERROR_INVALID)
                   || !cs_ask_again(local->message);
        if (!finished)
            g_clear_error(&local);
    }
    g_unlink(path);
    return cs_finish_edit(session, done, local, out, error);
}

/* The edit that adds a two-place constraint: ID, a resource, what it
 * is placed against (a node, another resource) and the score. */
typedef gboolean (*CsPairAdd)(CsEditLog *log, const char *id, const char *rsc, const char *other,
                              const char *score, GError **error);

/* "KIND add ID RSC OTHER SCORE" and "KIND remove ID", the forms location
 * and colocation share; FALSE with usage otherwise. */
static gboolean cs_cmd_pair_constraint(CsSession *session, char **args, int n, CsPairAdd add,
                                       const char *usage, GString *out, GError **error)
{
    if (strcmp(args[0], "add") == 0 && n == 5)
        CS_EDIT(session, add(session->log, args[1], args[2], args[3], args[4], &cs_local), out,
                error);
    if (strcmp(args[0], "remove") == 0 && n == 2)
        CS_EDIT(session, cs_edit_constraint_remove(session->log, args[1], &cs_local), out, error);
    g_set_error_literal(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE, usage);
    return FALSE;
}

static gboolean cs_cmd_location(CsSession *session, char **args, int n, GString *out,
                                GError **error)
{
    if (strcmp(args[0], "add") == 0 && n >= 4 && strcmp(args[3], "rule") == 0)
        return cs_cmd_location_rule(session, args, n, out, error);
    return cs_cmd_pair_constraint(session, args, n, cs_edit_location_add,
                                  "usage: location add ID RSC NODE SCORE | location remove ID", out,
                                  error);
}

static gboolean cs_cmd_colocation(CsSession *session, char **args, int n, GString *out,
                                  GError **error)
{
    if (strcmp(args[0], "add") == 0 && n >= 3 && strcmp(args[2], "set") == 0)
        return cs_cmd_set_constraint(session, "rsc_colocation", args, n, out, error);
    return cs_cmd_pair_constraint(
        session, args, n, cs_edit_colocation_add,
        "usage: colocation add ID RSC WITH-RSC SCORE | colocation remove ID", out, error);
}

static gboolean cs_cmd_constraint(CsSession *session, char **args, int n, GString *out,
                                  GError **error)
{
    if (strcmp(args[0], "remove") == 0 && n == 2)
        CS_EDIT(session, cs_edit_constraint_remove(session->log, args[1], &cs_local), out, error);
    if (strcmp(args[0], "score") == 0 && n == 3)
        CS_EDIT(session, cs_edit_constraint_score(session->log, args[1], args[2], &cs_local), out,
                error);
    g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                "usage: constraint remove ID | constraint score ID SCORE");
    return FALSE;
}

/* rule set ID NAME VALUE|--delete: an attribute of a rule or of an
 * expression in it (the console's rule editor makes the same edit). */
static gboolean cs_cmd_rule_set(CsSession *session, char **args, int n, GString *out,
                                GError **error)
{
    if (n != 4) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "usage: rule set ID NAME VALUE|--delete");
        return FALSE;
    }
    const char *value = strcmp(args[3], "--delete") == 0 ? NULL : args[3];
    CS_EDIT(session, cs_edit_rule_attribute(session->log, args[1], args[2], value, &cs_local), out,
            error);
}

static gboolean cs_cmd_rule(CsSession *session, char **args, int n, GString *out, GError **error)
{
    if (strcmp(args[0], "set") == 0)
        return cs_cmd_rule_set(session, args, n, out, error);
    if (strcmp(args[0], "add") == 0)
        return cs_cmd_rule_add(session, args, n, out, error);
    gboolean enable = strcmp(args[0], "enable") == 0;
    if (n != 2 || (!enable && strcmp(args[0], "disable") != 0)) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "usage: rule enable ID | rule disable ID | rule set ID NAME VALUE|--delete");
        return FALSE;
    }
    CS_EDIT(session, cs_edit_rule_enable(session->log, args[1], enable, &cs_local), out, error);
}

static gboolean cs_cmd_time(CsSession *session, char **args, int n, GString *out, GError **error)
{
    CsTime now;

    if (n == 0) {
        g_autofree char *shown = cs_time_format(cs_session_time(session));
        g_string_append_printf(out, "time %s\n", shown);
        return TRUE;
    }
    if (strcmp(args[0], "now") == 0) {
        now = cs_time_now();
    } else {
        g_autoptr(GError) local = NULL;
        if (!cs_time_parse(args[0], &now, &local)) {
            g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE, "time '%s': %s", args[0],
                        local->message);
            return FALSE;
        }
    }
    CS_EDIT(session, cs_edit_set_time(session->log, now, &cs_local), out, error);
}

static gboolean cs_cmd_undo_redo(CsSession *session, gboolean undo, GString *out)
{
    const char *what =
        undo ? cs_edit_log_next_undo(session->log) : cs_edit_log_next_redo(session->log);
    if (what == NULL) {
        g_string_append_printf(out, "nothing to %s\n", undo ? "undo" : "redo");
        return TRUE;
    }
    g_autofree char *line = g_strdup_printf("%s: %s", undo ? "undo" : "redo", what);
    if (undo)
        cs_edit_undo(session->log);
    else
        cs_edit_redo(session->log);
    cs_report_change(session, line, out);
    return TRUE;
}

static gboolean cs_cmd_undo(CsSession *session, char **args, int n, GString *out, GError **error)
{
    (void)args;
    (void)n;
    (void)error;
    return cs_cmd_undo_redo(session, TRUE, out);
}

static gboolean cs_cmd_redo(CsSession *session, char **args, int n, GString *out, GError **error)
{
    (void)args;
    (void)n;
    (void)error;
    return cs_cmd_undo_redo(session, FALSE, out);
}

static gboolean cs_cmd_save(CsSession *session, char **args, int n, GString *out, GError **error)
{
    const char *path = n > 0 ? args[0] : NULL;

    if (!cs_session_save(session, path, error))
        return FALSE;
    /* Saving to standard output: the document is the output. */
    if (path == NULL)
        path = session->document->path;
    if (strcmp(path, "-") != 0)
        g_string_append_printf(out, "saved %s\n", path);
    return TRUE;
}

/* Each operation with the exact commands it runs (crm_resource,
 * crm_attribute, crm_ticket or cibadmin, cib/live.h), one line each, for
 * commit --dry-run and the console's question before C. */
static void cs_describe_ops(const GPtrArray *ops, GString *out)
{
    for (guint i = 0; i < ops->len; i++) {
        const CsLiveOp *op = g_ptr_array_index(ops, i);
        g_string_append_printf(out, "  %s\n", op->summary);
        g_autoptr(GPtrArray) commands = cs_live_op_commands(op);
        if (commands->len == 0) {
            g_autofree char *line = cs_live_op_command_line(op);
            g_string_append_printf(out, "      %s\n", line);
        }
        for (guint j = 0; j < commands->len; j++) {
            g_autofree char *line = cs_live_argv_line(g_ptr_array_index(commands, j));
            g_string_append_printf(out, "      %s\n", line);
        }
    }
}

/* The same change with the cluster's own tools, for an operator whose
 * site applies changes only with them. */
static void cs_describe_tools(const CsSession *session, const GPtrArray *ops, GString *out)
{
    CsToolContext context = {session->live_base, session->document, cs_session_time(session)};
    g_string_append(out, "The same with crm_resource, pcs and crmsh:\n");
    cs_tools_describe(ops, &context, out);
}

void cs_command_describe_commit(const CsSession *session, GString *out)
{
    g_autoptr(GPtrArray) ops = cs_session_live_commit_plan(session);
    if (ops->len == 0) {
        g_string_append(out, "nothing to commit\n");
        return;
    }
    g_string_append_printf(out, "%u %s to commit:\n", ops->len,
                           ops->len == 1 ? "operation" : "operations");
    cs_describe_ops(ops, out);
    cs_describe_tools(session, ops, out);
}

static gboolean cs_cmd_commit(CsSession *session, char **args, int n, GString *out, GError **error)
{
    if (n == 1 && strcmp(args[0], "--dry-run") != 0) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE, "usage: commit [--dry-run]");
        return FALSE;
    }
    if (!cs_session_is_live(session)) {
        /* cs_session_live_commit says why (the CIB is a file). */
        return cs_session_live_commit(session, out, error);
    }
    if (n == 1) {
        cs_command_describe_commit(session, out);
        return TRUE;
    }
    return cs_session_live_commit(session, out, error);
}

/* pending: the edits in crm_resource, pcs and crmsh (explain/tools.h). */
static gboolean cs_cmd_pending(CsSession *session, char **args, int n, GString *out, GError **error)
{
    (void)args;
    (void)n;
    (void)error;
    cs_tools_pending(session, out);
    return TRUE;
}

static gboolean cs_cmd_help(CsSession *session, char **args, int n, GString *out, GError **error)
{
    (void)session;
    (void)args;
    (void)n;
    (void)error;
    cs_command_help(out);
    return TRUE;
}

static int cs_compare_words(const char **a, const char **b)
{
    return strcmp(*a, *b);
}

/* ---- the table ---------------------------------------------------------- */

typedef gboolean (*CsCommandFunc)(CsSession *session, char **args, int n, GString *out,
                                  GError **error);

/* For commands whose argument count has no fixed bound. */
#define CS_MANY_ARGS 1024

typedef struct CsCommandSpec {
    const char *name;
    int min_args, max_args;
    CsCommandFunc run;
    const char *usage;
    const char *summary;
} CsCommandSpec;

static const CsCommandSpec cs_commands[] = {
    {"scores", 0, 1, cs_cmd_scores, "scores [RSC]",
     "allocation scores as crm_simulate -sSQ (RSC and its members or instances only)"},
    {"transition", 0, 0, cs_cmd_transition, "transition",
     "what the cluster would do now, as crm_simulate -S"},
    {"settle", 0, 0, cs_cmd_settle, "settle",
     "run each transition in turn: where the cluster settles, or what goes round"},
    {"explain", 1, 2, cs_cmd_explain, "explain RSC [NODE]",
     "where RSC's score on NODE (every node) comes from"},
    {"where", 1, 1, cs_cmd_where, "where RSC",
     "where RSC (or an instance, db:0) runs now and what the transition does to it"},
    {"stickiness", 2, 2, cs_cmd_stickiness, "stickiness RSC|default N|unset",
     "resource-stickiness of RSC, or in rsc_defaults"},
    {"ban", 2, 3, cs_cmd_ban, "ban RSC NODE [LIFETIME]",
     "keep RSC off NODE (crm_resource --ban; LIFETIME e.g. PT1H)"},
    {"prefer", 2, 3, cs_cmd_prefer, "prefer RSC NODE [LIFETIME]",
     "move RSC to NODE (crm_resource --move)"},
    {"clear", 1, 1, cs_cmd_clear, "clear RSC",
     "remove RSC's ban and prefer constraints (crm_resource --clear)"},
    {"standby", 2, 2, cs_cmd_standby, "standby NODE on|off", "node standby"},
    {"maintenance", 2, 2, cs_cmd_maintenance, "maintenance NODE on|off", "node maintenance"},
    {"attr", 2, 4, cs_cmd_attr, "attr NODE NAME [VALUE [reboot]|--delete]",
     "show, set or delete a node attribute (reboot: a transient one)"},
    {"failcount", 0, 5, cs_cmd_failcount,
     "failcount [show [RSC]] | set RSC NODE OP N | clear RSC [NODE]",
     "fail counts (OP: monitor_10000, monitor:10s or start)"},
    {"location", 2, CS_MANY_ARGS, cs_cmd_location,
     "location add ID RSC NODE SCORE | location add ID RSC rule SCORE EXPR... | "
     "location remove ID",
     "location constraints"},
    {"colocation", 2, CS_MANY_ARGS, cs_cmd_colocation,
     "colocation add ID RSC WITH-RSC SCORE | colocation add ID set RSC... [set RSC...] "
     "score=SCORE | colocation remove ID",
     "colocation constraints (RSC placed with WITH-RSC)"},
    {"order", 2, CS_MANY_ARGS, cs_cmd_order,
     "order add ID FIRST[:ACTION] THEN[:ACTION] [KIND] [symmetrical=BOOL] | "
     "order add ID set RSC... [set RSC...] [kind=KIND] | order remove ID",
     "order constraints (sets take sequential=, require-all=, action=, role=)"},
    {"ticket-constraint", 2, CS_MANY_ARGS, cs_cmd_ticket_constraint,
     "ticket-constraint add ID RSC TICKET [LOSS-POLICY] | "
     "ticket-constraint add ID set RSC... ticket=T | ticket-constraint remove ID",
     "rsc_ticket constraints (loss-policy stop, demote, fence or freeze)"},
    {"constraint", 2, 3, cs_cmd_constraint, "constraint remove ID | constraint score ID SCORE",
     "any constraint"},
    {"rule", 2, CS_MANY_ARGS, cs_cmd_rule,
     "rule enable|disable ID | rule set ID NAME VALUE|--delete | "
     "rule add CONSTRAINT SCORE EXPR [and|or EXPR...]",
     "switch a rule off and on again, set one of its (or its expressions') attributes, "
     "or add one to a location (EXPR: ATTR OP VALUE [TYPE], defined ATTR, "
     "date gt|lt DATE, date in_range START END, date_spec FIELD=RANGE...)"},
    {"meta", 1, 3, cs_cmd_meta, "meta RSC [NAME VALUE|--delete]",
     "a resource meta attribute (crm_resource --meta); alone, each one's value and "
     "where it comes from"},
    {"param", 3, 3, cs_cmd_param, "param RSC NAME VALUE|--delete",
     "a resource instance attribute (crm_resource --set-parameter)"},
    {"utilization", 3, 3, cs_cmd_utilization, "utilization RSC|NODE NAME VALUE|--delete",
     "a resource's or node's utilization"},
    {"property", 2, 2, cs_cmd_property, "property NAME VALUE|--delete",
     "a cluster option (crm_attribute --type crm_config)"},
    {"rsc-default", 2, 2, cs_cmd_rsc_default, "rsc-default NAME VALUE|--delete",
     "a resource default (crm_attribute --type rsc_defaults)"},
    {"op-default", 2, 2, cs_cmd_op_default, "op-default NAME VALUE|--delete",
     "an operation default (crm_attribute --type op_defaults)"},
    {"ticket", 0, 2, cs_cmd_ticket, "ticket [ID grant|revoke|standby|activate]",
     "a ticket's state (crm_ticket); alone, every ticket and its state"},
    {"resource", 2, CS_MANY_ARGS, cs_cmd_resource,
     "resource add ID CLASS[:PROVIDER]:TYPE [meta N=V...] [params N=V...] | "
     "resource remove ID",
     "add a primitive, or remove a resource and fix the constraints naming it"},
    {"group", 3, 3, cs_cmd_group, "group add|remove GROUP RSC",
     "move a primitive into a group (made if missing) or out of it"},
    {"clone", 1, 2, cs_cmd_clone, "clone RSC [promotable]",
     "wrap a primitive or group in RSC-clone"},
    {"edit", 1, 1, cs_cmd_edit, "edit ID",
     "the element with id ID in $VISUAL or $EDITOR; applied when it is well-formed, its "
     "ids unique and (with Pacemaker's schemas installed) the CIB valid"},
    {"node", 2, 2, cs_cmd_node, "node add NAME | node remove NAME",
     "add an online node (as crm_simulate --node-up) or remove one (crm_node --remove)"},
    {"time", 0, 1, cs_cmd_time, "time [T|now]",
     "show or set the clock for date rules and failure timeouts"},
    {"undo", 0, 0, cs_cmd_undo, "undo", "take back the last edit or clock change"},
    {"redo", 0, 0, cs_cmd_redo, "redo", "do again what undo took back"},
    {"save", 0, 1, cs_cmd_save, "save [PATH]",
     "write the CIB atomically (the old file kept as PATH.bak)"},
    {"commit", 0, 1, cs_cmd_commit, "commit [--dry-run]",
     "live CIB: apply the edits with the operators' own tools (crm_resource, "
     "crm_attribute, crm_ticket; object-level cibadmin for constraints, resources and "
     "edited elements), only if its epoch is still the one they were made on "
     "(--dry-run lists the exact commands)"},
    {"pending", 0, 0, cs_cmd_pending, "pending",
     "the edits not saved or committed yet, as crm_resource, pcs and crmsh commands"},
    {"help", 0, 1, cs_cmd_help, "help", "this list"},
};

const char *const *cs_command_names(void)
{
    static const char *names[G_N_ELEMENTS(cs_commands) + 1];

    if (names[0] == NULL)
        for (gsize i = 0; i < G_N_ELEMENTS(cs_commands); i++)
            names[i] = cs_commands[i].name;
    return names;
}

static void cs_offer(GHashTable *seen, const char *word, const char *prefix)
{
    if (word != NULL && g_str_has_prefix(word, prefix))
        g_hash_table_add(seen, (gpointer)word);
}

/* The words the setting and constraint commands take: meta attributes
 * and cluster options Pacemaker 2.1.5 reads ("Pacemaker Explained 2.1",
 * "Resource Meta-Attributes", "Cluster Options"), and the keywords of
 * orders, sets, tickets and rules. */
static void cs_offer_setting_words(GHashTable *seen, const char *prefix)
{
    static const char *const words[] = {
        "no-quorum-policy",
        "symmetric-cluster",
        "stonith-enabled",
        "stonith-action",
        "maintenance-mode",
        "placement-strategy",
        "start-failure-is-fatal",
        "stop-orphan-resources",
        "stop-orphan-actions",
        "shutdown-lock",
        "shutdown-lock-limit",
        "node-health-strategy",
        "node-health-base",
        "node-health-green",
        "node-health-yellow",
        "node-health-red",
        "concurrent-fencing",
        "priority-fencing-delay",
        "cluster-recheck-interval",
        "stop-all-resources",
        "grant",
        "revoke",
        "standby",
        "activate",
        "Mandatory",
        "Optional",
        "Serialize",
        "symmetrical=false",
        "symmetrical=true",
        "sequential=false",
        "require-all=false",
        "score=INFINITY",
        "kind=Optional",
        "loss-policy=stop",
        "stop",
        "demote",
        "fence",
        "freeze",
        "start",
        "promote",
        "defined",
        "not_defined",
        "date",
        "date_spec",
        "and",
        "or",
        "eq",
        "ne",
        "lt",
        "gt",
        "lte",
        "gte",
        "in_range",
        "promotable",
        "meta",
        "params",
        "rule",
        "set",
        "ocf:pacemaker:Dummy",
        "ocf:heartbeat:IPaddr2",
    };
    for (gsize i = 0; i < G_N_ELEMENTS(words); i++)
        cs_offer(seen, words[i], prefix);
    g_autoptr(GPtrArray) meta_names = cs_attributes_meta_names();
    for (guint i = 0; i < meta_names->len; i++)
        cs_offer(seen, g_ptr_array_index(meta_names, i), prefix);
}

static void cs_offer_ids(GHashTable *seen, const CsModel *model, const char *prefix)
{
    static const char *const keywords[] = {
        "on",    "off",    "default",  "unset",      "now",    "add",     "remove",
        "score", "set",    "clear",    "show",       "enable", "disable", "--delete",
        "grant", "revoke", "activate", "promotable", "rule",   "meta",    "params"};
    for (guint i = 0; i < model->resources->len; i++)
        cs_offer(seen, ((const CsResource *)g_ptr_array_index(model->resources, i))->id, prefix);
    for (guint i = 0; i < model->nodes->len; i++)
        cs_offer(seen, ((const CsNode *)g_ptr_array_index(model->nodes, i))->uname, prefix);
    for (guint i = 0; i < model->locations->len; i++)
        cs_offer(seen, ((const CsLocation *)g_ptr_array_index(model->locations, i))->id, prefix);
    for (guint i = 0; i < model->colocations->len; i++)
        cs_offer(seen, ((const CsColocation *)g_ptr_array_index(model->colocations, i))->id,
                 prefix);
    for (guint i = 0; i < model->orders->len; i++)
        cs_offer(seen, ((const CsOrder *)g_ptr_array_index(model->orders, i))->id, prefix);
    for (gsize i = 0; i < G_N_ELEMENTS(keywords); i++)
        cs_offer(seen, keywords[i], prefix);
    cs_offer_setting_words(seen, prefix);
}

GPtrArray *cs_command_complete(const CsSession *session, const char *line)
{
    /* Only the command after the last ';' matters; the word being
     * completed starts after its last blank (quotes are not completed),
     * and it names a command when no word comes before it. */
    const char *segment = strrchr(line, ';');
    segment = segment != NULL ? segment + 1 : line;
    while (*segment == ' ' || *segment == '\t')
        segment++;
    const char *start = segment;
    for (const char *c = segment; *c != '\0'; c++)
        if (*c == ' ' || *c == '\t')
            start = c + 1;
    gboolean first = start == segment;
    g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash, g_str_equal);
    if (first) {
        for (gsize i = 0; i < G_N_ELEMENTS(cs_commands); i++)
            cs_offer(seen, cs_commands[i].name, start);
    } else if (session->model != NULL) {
        cs_offer_ids(seen, session->model, start);
    }
    GPtrArray *words = g_ptr_array_new_with_free_func(g_free);
    GHashTableIter iter;
    gpointer key;
    g_hash_table_iter_init(&iter, seen);
    while (g_hash_table_iter_next(&iter, &key, NULL))
        g_ptr_array_add(words, g_strdup(key));
    g_ptr_array_sort(words, (GCompareFunc)cs_compare_words);
    return words;
}

void cs_command_help(GString *out)
{
    g_string_append(out, "Commands (separate several with ';'; quote as in a shell):\n");
    for (gsize i = 0; i < G_N_ELEMENTS(cs_commands); i++)
        g_string_append_printf(out, "  %s\n      %s\n", cs_commands[i].usage,
                               cs_commands[i].summary);
    g_string_append(out, "SCORE: an integer, INFINITY or -INFINITY.  T: an ISO 8601 date/time.\n"
                         "Every edit is re-solved at once and can be undone.\n"
                         "Quote a word that starts with # ('#uname'): # starts a comment.\n");
}

static const CsCommandSpec *cs_find_command(const char *name)
{
    for (gsize i = 0; i < G_N_ELEMENTS(cs_commands); i++)
        if (strcmp(cs_commands[i].name, name) == 0)
            return &cs_commands[i];
    return NULL;
}

gboolean cs_command_run(CsSession *session, char **words, GString *out, GError **error)
{
    const CsCommandSpec *spec = cs_find_command(words[0]);
    int n = (int)g_strv_length(words) - 1;

    if (spec == NULL) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE,
                    "unknown command '%s' (try help)", words[0]);
        return FALSE;
    }
    if (n < spec->min_args || n > spec->max_args) {
        g_set_error(error, CS_COMMAND_ERROR, CS_COMMAND_ERROR_USAGE, "usage: %s", spec->usage);
        return FALSE;
    }
    return spec->run(session, words + 1, n, out, error);
}

gboolean cs_command_run_text(CsSession *session, const char *text, GString *out, GError **error)
{
    g_autoptr(GPtrArray) commands = cs_command_split(text, error);

    if (commands == NULL)
        return FALSE;
    for (guint i = 0; i < commands->len; i++) {
        char **words = g_ptr_array_index(commands, i);
        if (!cs_command_run(session, words, out, error)) {
            g_prefix_error(error, "%s: ", words[0]);
            return FALSE;
        }
    }
    return TRUE;
}

/* ---- batch mode ---------------------------------------------------------- */

/* Control characters (a resource named with an escape sequence) are shown
 * as \xNN so that they never reach the terminal. */
/* Names from the CIB: control bytes always escaped, and on a terminal
 * everything that would not print as itself (explain/output.h). */
static void cs_write_safely(FILE *stream, const char *text, gsize length)
{
    cs_output_write(stream, text, length, cs_output_mode(stream, CS_OUTPUT_CONTROLS));
}

static int cs_exec_status(const GError *error)
{
    if (g_error_matches(error, CS_SESSION_ERROR, CS_SESSION_ERROR_TIME))
        return 1;
    if (g_error_matches(error, CS_MODEL_ERROR, CS_MODEL_ERROR_UNSUPPORTED)
        || g_error_matches(error, CS_ENGINE_ERROR, CS_ENGINE_ERROR_UNSUPPORTED))
        return 3;
    return 2;
}

static void cs_exec_error(const char *prefix, const GError *error)
{
    g_autofree char *line = g_strdup_printf("cibscope: %s%s\n", prefix, error->message);
    cs_write_safely(stderr, line, strlen(line));
}

/* path NULL: the live CIB. */
static int cs_exec_session(const char *path, const char *commands, const char *time_text)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) parsed = cs_command_split(commands, &error);

    if (parsed == NULL) {
        cs_exec_error("--exec: ", error);
        return 1;
    }
    g_autoptr(CsSession) session = path != NULL ? cs_session_open(path, time_text, &error)
                                                : cs_session_open_live(time_text, &error);
    /* A live CIB the engine cannot solve is opened partially (to be
     * explained by its banner in the console); batch mode refuses it as
     * it refuses such a file. */
    if (session != NULL && session->solution == NULL) {
        error = g_error_copy(session->failure);
        g_clear_pointer(&session, cs_session_free);
    }
    if (session == NULL) {
        int status = cs_exec_status(error);
        cs_exec_error("", error);
        return status;
    }
    cs_version_note_write(stderr, session->document);
    int status = 0;
    for (guint i = 0; i < parsed->len && status == 0; i++) {
        char **words = g_ptr_array_index(parsed, i);
        g_autoptr(GString) out = g_string_new(NULL);
        if (!cs_command_run(session, words, out, &error))
            status = 1;
        cs_write_safely(stdout, out->str, out->len);
        /* save - writes the document to descriptor 1 itself: what came
         * before must be out first. */
        fflush(stdout);
        if (status != 0) {
            g_autofree char *prefix = g_strdup_printf("%s: ", words[0]);
            cs_exec_error(prefix, error);
        }
    }
    if (fflush(stdout) != 0 && status == 0)
        status = 2;
    return status;
}

int cs_exec_run(const char *path, const char *commands, const char *time_text)
{
    return cs_exec_session(path, commands, time_text);
}

int cs_exec_run_live(const char *commands, const char *time_text)
{
    return cs_exec_session(NULL, commands, time_text);
}
