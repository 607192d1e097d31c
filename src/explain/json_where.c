/* json_where.c: `where` as JSON, read back from its own text lines. */
#include <string.h>
#include "explain/json.h"
#include "explain/json_where.h"
#include "explain/next.h"
#include "explain/next_internal.h"

/* The resource a where line names: the longest id of the solved model
 * that the line (indent taken off) starts with, followed by ": ".  Ids
 * may hold spaces and colons (db:0), so no tokenizing. */
static const CsResource *line_resource(const CsModel *model, const char *line, const char **rest)
{
    const CsResource *found = NULL;
    for (const char *at = strstr(line, ": "); at != NULL; at = strstr(at + 1, ": ")) {
        g_autofree char *id = g_strndup(line, (gsize)(at - line));
        const CsResource *rsc = cs_model_resource(model, id);
        if (rsc != NULL) {
            found = rsc;
            *rest = at + 2;
        }
    }
    return found;
}

static void json_line(GString *out, const char *id, int depth, const char *text)
{
    g_string_append(out, "{\"resource\":");
    cs_json_string(out, id);
    g_string_append_printf(out, ",\"depth\":%d,\"text\":", depth);
    cs_json_string(out, text);
    g_string_append_c(out, '}');
}

static void json_node(GString *out, const char *field, const CsSolution *solution, int node)
{
    g_string_append_printf(out, ",\"%s\":", field);
    if (node < 0) {
        g_string_append(out, "null");
        return;
    }
    cs_json_string(out, cs_next_uname(solution, node));
}

static void json_action(GString *out, const CsSolution *solution, const CsPlannedAction *action)
{
    const CsModel *engine = cs_solution_model(solution);
    const CsResource *rsc = g_ptr_array_index(engine->resources, action->rsc);
    g_string_append(out, "{\"resource\":");
    cs_json_string(out, rsc->id);
    g_string_append(out, ",\"action\":");
    cs_json_string(out, cs_action_kind_name(action->kind));
    json_node(out, "from", solution, action->from_node);
    json_node(out, "to", solution, action->to_node);
    g_string_append_printf(out, ",\"blocked\":%s,\"reason\":", action->blocked ? "true" : "false");
    if (action->reason != NULL)
        cs_json_string(out, action->reason);
    else
        g_string_append(out, "null");
    g_string_append_c(out, '}');
}

/* The actions naming each resource listed, in summary order. */
static void json_actions(GString *out, CsSolution *solution, GHashTable *listed)
{
    const CsTransition *transition = cs_solution_transition(solution);
    gboolean first = TRUE;
    g_string_append(out, ",\"actions\":[");
    for (guint i = 0; i < cs_transition_length(transition); i++) {
        const CsPlannedAction *action = cs_transition_action(transition, i);
        if (action->rsc < 0 || !g_hash_table_contains(listed, GINT_TO_POINTER(action->rsc)))
            continue;
        g_string_append(out, first ? "" : ",");
        json_action(out, solution, action);
        first = FALSE;
    }
    g_string_append_c(out, ']');
}

/* Every resource bearing id: an orphan (a history of a resource no
 * longer configured) may share it with a configured one, the lines then
 * tell each (cs_next_where), and the actions of each are listed. */
static void list_all_named(GHashTable *listed, const CsModel *engine, const char *id)
{
    for (guint i = 0; i < engine->resources->len; i++)
        if (strcmp(((const CsResource *)g_ptr_array_index(engine->resources, i))->id, id) == 0)
            g_hash_table_add(listed, GINT_TO_POINTER(i));
}

gboolean cs_json_where(const CsDocument *document, CsSolution *solution, const char *rsc,
                       GString *out, GError **error)
{
    g_autoptr(GString) text = g_string_new(NULL);
    if (!cs_next_where(solution, rsc, text)) {
        g_set_error(error, cs_json_error_quark(), 1, "no resource '%s'", rsc);
        return FALSE;
    }
    const CsModel *engine = cs_solution_model(solution);
    g_autoptr(GHashTable) listed = g_hash_table_new(g_direct_hash, g_direct_equal);
    cs_json_begin(out, document, "where");
    g_string_append(out, ",\"resource\":");
    cs_json_string(out, rsc);
    g_string_append(out, ",\"lines\":[");
    g_auto(GStrv) lines = g_strsplit(text->str, "\n", -1);
    gboolean first = TRUE;
    for (char **line = lines; *line != NULL; line++) {
        const char *start = *line + strspn(*line, " ");
        const char *rest = NULL;
        const CsResource *named = *start != '\0' ? line_resource(engine, start, &rest) : NULL;
        if (named == NULL)
            continue;
        list_all_named(listed, engine, named->id);
        g_string_append(out, first ? "" : ",");
        json_line(out, named->id, (int)(start - *line) / 2, rest);
        first = FALSE;
    }
    g_string_append_c(out, ']');
    json_actions(out, solution, listed);
    g_string_append(out, "}\n");
    return TRUE;
}
