/* json.c: scores, transition and explain as JSON (json.h). */
#include <string.h>

#include <config.h>
#include "explain/json.h"
#include "explain/version.h"
#include "explain/next.h"
#include "explain/remote_node.h"
#include "model/model.h"
#include "base/score.h"

/* G_DEFINE_QUARK stringifies its first argument: keep it unspaced. */
/* clang-format off */
G_DEFINE_QUARK(cs-json-error-quark, cs_json_error)
/* clang-format on */

void cs_json_string(GString *out, const char *text)
{
    g_string_append_c(out, '"');
    for (const unsigned char *c = (const unsigned char *)text; *c != '\0'; c++) {
        switch (*c) {
        case '"': g_string_append(out, "\\\""); break;
        case '\\': g_string_append(out, "\\\\"); break;
        case '\n': g_string_append(out, "\\n"); break;
        case '\r': g_string_append(out, "\\r"); break;
        case '\t': g_string_append(out, "\\t"); break;
        default:
            if (*c < 0x20 || *c == 0x7f)
                g_string_append_printf(out, "\\u%04x", *c);
            else
                g_string_append_c(out, (char)*c);
        }
    }
    g_string_append_c(out, '"');
}

static void json_field(GString *out, const char *name, const char *text)
{
    cs_json_string(out, name);
    g_string_append_c(out, ':');
    if (text == NULL)
        g_string_append(out, "null");
    else
        cs_json_string(out, text);
}

/* "score": N, "score_text": "INFINITY". */
static void json_score(GString *out, const char *name, CsScore score, const char *text)
{
    g_string_append_printf(out, "\"%s\":%d,\"%s_text\":", name, score, name);
    if (text != NULL) {
        cs_json_string(out, text);
        return;
    }
    char buffer[32];
    if (score >= CS_INFINITY)
        g_strlcpy(buffer, "INFINITY", sizeof buffer);
    else if (score <= -CS_INFINITY)
        g_strlcpy(buffer, "-INFINITY", sizeof buffer);
    else
        g_snprintf(buffer, sizeof buffer, "%d", score);
    cs_json_string(out, buffer);
}

/* The head every document shares: which program, which scheduler, which
 * CIB. */
static void json_begin(GString *out, const CsDocument *document, const char *command)
{
    CsCibOrigin origin;
    cs_cib_origin_read(document, &origin);
    g_autofree char *note = cs_version_note(&origin);
    g_string_append(out, "{");
    json_field(out, "cibscope", PACKAGE_VERSION);
    g_string_append_c(out, ',');
    json_field(out, "pacemaker", CS_MODELLED_PACEMAKER);
    g_string_append_printf(out, ",\"infinity\":%d,", CS_INFINITY);
    json_field(out, "command", command);
    g_string_append(out, ",\"cib\":{");
    json_field(out, "file", document->path);
    g_string_append_c(out, ',');
    json_field(out, "dc_version", origin.dc_version);
    g_string_append_c(out, ',');
    json_field(out, "crm_feature_set", origin.feature_set);
    g_string_append_c(out, ',');
    json_field(out, "validate_with", origin.validate_with);
    g_string_append_c(out, ',');
    json_field(out, "version_note", note);
    g_string_append(out, "}");
    cs_cib_origin_clear(&origin);
}

void cs_json_begin(GString *out, const CsDocument *document, const char *command)
{
    json_begin(out, document, command);
}

/* ---- contributions --------------------------------------------------------- */

static void json_contributions(GString *out, const CsModel *model, const CsContribution *list,
                               int n)
{
    g_string_append(out, "\"contributions\":[");
    for (int i = 0; i < n; i++) {
        const CsContribution *why = &list[i];
        g_string_append_printf(out, "%s{", i > 0 ? "," : "");
        json_field(out, "kind", cs_contribution_kind_name(why->kind));
        g_string_append_c(out, ',');
        json_field(out, "source", why->source);
        g_string_append_c(out, ',');
        json_score(out, "value", why->value, NULL);
        if (why->other_rsc >= 0 && why->other_rsc < (int)model->resources->len) {
            const CsResource *other = g_ptr_array_index(model->resources, why->other_rsc);
            g_string_append_c(out, ',');
            json_field(out, "other_resource", other->id);
        }
        if (why->other_rsc >= 0 && why->kind == CS_CONTRIB_COLOCATED) {
            /* g_ascii_formatd: a decimal point whatever the locale */
            char factor[G_ASCII_DTOSTR_BUF_SIZE];
            g_ascii_formatd(factor, sizeof factor, "%g", (double)why->factor);
            g_string_append_printf(out, ",\"factor\":%s", factor);
        }
        if (why->kind == CS_CONTRIB_FAIL_LIMIT)
            g_string_append_printf(out, ",\"fail_count\":%d,\"migration_threshold\":%d", why->count,
                                   why->threshold);
        g_string_append(out, "}");
    }
    g_string_append(out, "]");
}

static int resource_index(const CsModel *model, const char *id)
{
    const CsResource *rsc = cs_model_resource(model, id);
    return rsc != NULL ? rsc->index : -1;
}

static int node_index(const CsModel *model, const char *uname)
{
    const CsNode *node = g_hash_table_lookup(model->node_by_uname, uname);
    return node != NULL ? node->index : -1;
}

/* ---- scores ------------------------------------------------------------------ */

/* One crm_simulate score line, split:
 *   "pcmk__primitive_assign: web allocation score on alpha: 100"
 *   "db:0 promotion score on alpha: 5"   (function NULL, node "alpha") */
typedef struct CsScoreLine {
    char *function, *resource, *kind, *node, *score;
} CsScoreLine;

static gboolean split_score_line(char *line, CsScoreLine *out)
{
    char *colon = strrchr(line, ':');
    char *on = g_strrstr(line, " score on ");
    if (colon == NULL || on == NULL || on > colon || colon[1] != ' ')
        return FALSE;
    *colon = '\0';
    out->score = colon + 2;
    *on = '\0';
    out->node = on + strlen(" score on ");
    char *start = line;
    out->function = NULL;
    char *function_end = strstr(line, ": ");
    if (function_end != NULL) {
        *function_end = '\0';
        out->function = line;
        start = function_end + 2;
    }
    char *space = strrchr(start, ' ');
    if (space == NULL)
        return FALSE;
    *space = '\0';
    out->resource = start;
    out->kind = space + 1;
    return TRUE;
}

static void json_score_line(GString *out, const CsSolution *solution, char *line)
{
    const CsModel *model = cs_solution_model(solution);
    g_autofree char *text = g_strdup(line);
    CsScoreLine parts;
    CsScore score = 0;
    if (!split_score_line(line, &parts) || !cs_score_parse(parts.score, &score)) {
        g_string_append(out, "{");
        json_field(out, "line", text);
        g_string_append(out, "}");
        return;
    }
    g_string_append(out, "{");
    json_field(out, "resource", parts.resource);
    g_string_append_c(out, ',');
    json_field(out, "node", strcmp(parts.node, "none") == 0 ? NULL : parts.node);
    g_string_append_c(out, ',');
    json_field(out, "kind", parts.kind);
    g_string_append_c(out, ',');
    json_field(out, "function", parts.function);
    g_string_append_c(out, ',');
    json_score(out, "score", score, parts.score);
    int rsc = resource_index(model, parts.resource);
    int node = node_index(model, parts.node);
    int n = 0;
    const CsContribution *list = NULL;
    if (rsc >= 0 && strcmp(parts.kind, "promotion") == 0)
        list = cs_solution_promotion_contributions(solution, rsc, &n);
    else if (rsc >= 0 && node >= 0 && parts.function != NULL)
        list = cs_solution_contributions(solution, rsc, node, &n);
    if (list != NULL) {
        g_string_append_c(out, ',');
        json_contributions(out, model, list, n);
    }
    g_string_append(out, "}");
}

void cs_json_scores(const CsDocument *document, const CsSolution *solution, GString *out)
{
    g_autoptr(GString) text = g_string_new(NULL);
    cs_solution_print_scores(solution, text);
    json_begin(out, document, "scores");
    g_string_append(out, ",\"scores\":[\n");
    g_auto(GStrv) lines = g_strsplit(text->str, "\n", -1);
    gboolean first = TRUE;
    for (char **line = lines; *line != NULL; line++) {
        if (**line == '\0')
            continue;
        g_string_append(out, first ? "" : ",\n");
        json_score_line(out, solution, *line);
        first = FALSE;
    }
    g_string_append(out, "\n]}\n");
}

/* ---- transition -------------------------------------------------------------- */

/* "* Move       web   ( alpha -> bravo )  due to node availability":
 * the action, the resource, what the parentheses hold and the reason. */
static void json_action(GString *out, const char *line)
{
    g_autofree char *copy = g_strdup(line);
    char *text = g_strstrip(copy);
    if (g_str_has_prefix(text, "* "))
        text += 2;
    g_autofree char *reason = NULL;
    char *due = strstr(text, " due to ");
    if (due != NULL) {
        reason = g_strdup(g_strstrip(due + strlen(" due to ")));
        *due = '\0';
    }
    g_autofree char *inside = NULL;
    char *open = strchr(text, '('), *close = strrchr(text, ')');
    if (open != NULL && close != NULL && close > open) {
        inside = g_strndup(open + 1, (gsize)(close - open - 1));
        g_strstrip(inside);
        *open = '\0';
    }
    g_auto(GStrv) words = g_strsplit_set(g_strstrip(text), " ", -1);
    const char *action = NULL, *resource = NULL;
    for (char **word = words; *word != NULL; word++) {
        if (**word == '\0')
            continue;
        if (action == NULL)
            action = *word;
        else if (resource == NULL)
            resource = *word;
    }
    g_string_append(out, "{");
    json_field(out, "action", action);
    g_string_append_c(out, ',');
    json_field(out, "resource", resource);
    g_string_append_c(out, ',');
    json_field(out, "detail", inside);
    g_string_append_c(out, ',');
    char *arrow = inside != NULL ? strstr(inside, " -> ") : NULL;
    g_autofree char *from = arrow != NULL ? g_strndup(inside, (gsize)(arrow - inside)) : NULL;
    json_field(out, "from", from != NULL ? g_strstrip(from) : NULL);
    g_string_append_c(out, ',');
    json_field(out, "to", arrow != NULL ? arrow + strlen(" -> ") : NULL);
    g_string_append_c(out, ',');
    json_field(out, "reason", reason);
    g_string_append_c(out, ',');
    json_field(out, "line", line);
    g_string_append(out, "}");
}

void cs_json_transition(const CsDocument *document, const char *summary, GString *out)
{
    json_begin(out, document, "transition");
    g_string_append(out, ",\"actions\":[\n");
    g_auto(GStrv) lines = g_strsplit(summary, "\n", -1);
    gboolean first = TRUE;
    for (char **line = lines; *line != NULL; line++) {
        const char *text = *line;
        while (*text == ' ')
            text++;
        if (text[0] != '*' || text[1] != ' ')
            continue;
        g_string_append(out, first ? "" : ",\n");
        json_action(out, *line);
        first = FALSE;
    }
    g_string_append(out, "\n]}\n");
}

/* ---- explain ------------------------------------------------------------------ */

static void json_explain_node(GString *out, const CsSolution *solution, int rsc, int node)
{
    const CsModel *model = cs_solution_model(solution);
    const CsNode *the_node = g_ptr_array_index(model->nodes, node);
    int n = 0;
    const CsContribution *list = cs_solution_contributions(solution, rsc, node, &n);
    g_string_append(out, "{");
    json_field(out, "node", the_node->uname);
    g_string_append_c(out, ',');
    json_score(out, "score", cs_solution_score(solution, rsc, node), NULL);
    g_string_append_printf(out, ",\"assigned\":%s,\"current\":%s,",
                           cs_solution_assigned_node(solution, rsc) == node ? "true" : "false",
                           cs_solution_current_node(solution, rsc) == node ? "true" : "false");
    json_contributions(out, model, list, n);
    g_string_append(out, "}");
}

static const char *json_uname(const CsModel *model, int node)
{
    return node >= 0 && (guint)node < model->nodes->len
               ? ((const CsNode *)g_ptr_array_index(model->nodes, node))->uname
               : NULL;
}

/* A link of the chain: {"resource", "agent", "now", "next", "action",
 * "blocked"}, or null. */
static void json_chain_link(GString *out, CsSolution *solution, const char *name, int rsc)
{
    const CsModel *model = cs_solution_model(solution);
    g_string_append_printf(out, ",\"%s\":", name);
    if (rsc < 0 || (guint)rsc >= model->resources->len) {
        g_string_append(out, "null");
        return;
    }
    const CsResource *info = g_ptr_array_index(model->resources, rsc);
    g_autofree char *agent =
        info->rsc_class != NULL
            ? g_strdup_printf("%s%s%s:%s", info->rsc_class, info->provider != NULL ? ":" : "",
                              info->provider != NULL ? info->provider : "",
                              info->type != NULL ? info->type : "?")
            : NULL;
    const CsTransition *transition = cs_solution_transition(solution);
    guint n = 0;
    const CsPlannedAction *const *actions = cs_transition_actions_of(transition, rsc, &n);
    g_string_append_c(out, '{');
    json_field(out, "resource", info->id);
    g_string_append_c(out, ',');
    json_field(out, "agent", agent);
    g_string_append_c(out, ',');
    json_field(out, "now", json_uname(model, cs_solution_current_node(solution, rsc)));
    g_string_append_c(out, ',');
    json_field(out, "next", json_uname(model, cs_next_node(solution, transition, rsc)));
    g_string_append_c(out, ',');
    json_field(out, "action", n > 0 ? cs_action_kind_name(actions[0]->kind) : NULL);
    g_string_append_printf(out, ",\"blocked\":%s}",
                           n > 0 && actions[0]->blocked ? "true" : "false");
}

/* What runs on the node now or next: {"resource", "change"}, change
 * "stays", "leaves" or "arrives". */
static void json_chain_resources(GString *out, CsSolution *solution, int node)
{
    const CsModel *model = cs_solution_model(solution);
    const CsTransition *transition = cs_solution_transition(solution);
    g_autoptr(GArray) found = cs_remote_node_resources(solution, node);
    g_string_append(out, ",\"resources\":[");
    for (guint i = 0; i < found->len; i++) {
        int rsc = g_array_index(found, int, i);
        gboolean now = cs_solution_current_node(solution, rsc) == node;
        gboolean next = cs_next_node(solution, transition, rsc) == node;
        g_string_append(out, i > 0 ? ",{" : "{");
        json_field(out, "resource",
                   ((const CsResource *)g_ptr_array_index(model->resources, rsc))->id);
        g_string_append_c(out, ',');
        json_field(out, "change", now && next ? "stays" : now ? "leaves" : "arrives");
        g_string_append_c(out, '}');
    }
    g_string_append_c(out, ']');
}

/* Pacemaker Explained 2.1, "Pacemaker Remote" and "Bundles": the chain
 * container -> connection -> remote or guest node -> resource that the
 * text explain tells (explain/remote_node.h), or null. */
static void json_remote_chain(GString *out, CsSolution *solution, int rsc)
{
    CsRemoteNode remote;
    CsChainPlace place = cs_remote_explain_read(solution, rsc, &remote);
    g_string_append(out, ",\"remote_chain\":");
    if (place == CS_CHAIN_NONE) {
        g_string_append(out, "null");
        return;
    }
    const CsModel *model = cs_solution_model(solution);
    g_autofree char *kind = cs_remote_kind_text(model, &remote);
    g_autofree char *state = cs_remote_state_text(model, &remote);
    const CsResource *bundle =
        remote.bundle >= 0 ? g_ptr_array_index(model->resources, remote.bundle) : NULL;
    g_string_append_c(out, '{');
    json_field(out, "place", cs_chain_place_name(place));
    g_string_append_c(out, ',');
    json_field(out, "node", json_uname(model, remote.node));
    g_string_append_c(out, ',');
    json_field(out, "node_kind", cs_remote_kind_name(remote.kind));
    g_string_append_c(out, ',');
    json_field(out, "kind_text", kind);
    g_string_append_c(out, ',');
    json_field(out, "bundle", bundle != NULL ? bundle->id : NULL);
    if (remote.replica >= 0)
        g_string_append_printf(out, ",\"replica\":%d", remote.replica);
    else
        g_string_append(out, ",\"replica\":null");
    json_chain_link(out, solution, "container", remote.container);
    json_chain_link(out, solution, "connection", remote.connection);
    g_string_append_c(out, ',');
    json_field(out, "state", state);
    g_string_append_c(out, ',');
    json_field(out, "fence_reason", remote.fence_reason);
    json_chain_resources(out, solution, remote.node);
    g_string_append_c(out, '}');
}

gboolean cs_json_explain(const CsDocument *document, CsSolution *solution, const char *rsc_id,
                         const char *node_name, GString *out, GError **error)
{
    const CsModel *model = cs_solution_model(solution);
    int rsc = resource_index(model, rsc_id);
    int only = node_name != NULL ? node_index(model, node_name) : -1;
    if (rsc < 0 || (node_name != NULL && only < 0)) {
        g_set_error(error, cs_json_error_quark(), 0, "no %s '%s'", rsc < 0 ? "resource" : "node",
                    rsc < 0 ? rsc_id : node_name);
        return FALSE;
    }
    json_begin(out, document, "explain");
    g_string_append_c(out, ',');
    json_field(out, "resource", rsc_id);
    int assigned = cs_solution_assigned_node(solution, rsc);
    int current = cs_solution_current_node(solution, rsc);
    g_string_append_c(out, ',');
    json_field(out, "assigned_node",
               assigned >= 0 ? ((const CsNode *)g_ptr_array_index(model->nodes, assigned))->uname
                             : NULL);
    g_string_append_c(out, ',');
    json_field(out, "current_node",
               current >= 0 ? ((const CsNode *)g_ptr_array_index(model->nodes, current))->uname
                            : NULL);
    json_remote_chain(out, solution, rsc);
    g_string_append(out, ",\"nodes\":[\n");
    gboolean first = TRUE;
    for (int node = 0; node < (int)model->nodes->len; node++) {
        if ((only >= 0 && node != only) || !cs_solution_scored(solution, rsc, node))
            continue;
        g_string_append(out, first ? "" : ",\n");
        json_explain_node(out, solution, rsc, node);
        first = FALSE;
    }
    g_string_append(out, "\n]}\n");
    return TRUE;
}
