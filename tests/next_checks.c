/* next_checks.c: see next_checks.h. */
#include "next_checks.h"

#include <stdarg.h>
#include <string.h>
#include "explain/next.h"

/* ---- parsing a summary ----------------------------------------------------- */

static void summary_line_free(gpointer data)
{
    SummaryLine *line = data;

    g_free(line->verb);
    g_free(line->id);
    g_free(line->from);
    g_free(line->to);
    g_free(line->reason);
    g_free(line);
}

static gboolean is_role(const char *word)
{
    static const char *const roles[] = {"Started",    "Stopped", "Promoted",
                                        "Unpromoted", "Master",  "Slave"};
    for (gsize i = 0; i < G_N_ELEMENTS(roles); i++)
        if (strcmp(word, roles[i]) == 0)
            return TRUE;
    return FALSE;
}

/* The last node word of words[from, to). */
static const char *last_node(char **words, int from, int to)
{
    const char *found = NULL;

    for (int i = from; i < to; i++)
        if (words[i][0] != '\0' && !is_role(words[i]) && strcmp(words[i], "->") != 0)
            found = words[i];
    return found;
}

/* "( a -> b )", "( node )", "( Unpromoted -> Promoted node )". */
static void read_details(SummaryLine *line, const char *details)
{
    g_auto(GStrv) words = g_strsplit(details, " ", -1);
    int n = (int)g_strv_length(words), arrow = -1;
    gboolean lands = strcmp(line->verb, "Start") == 0 || strcmp(line->verb, "Promote") == 0;
    gboolean leaves = strcmp(line->verb, "Stop") == 0 || strcmp(line->verb, "Demote") == 0;

    for (int i = 0; i < n; i++)
        if (strcmp(words[i], "->") == 0)
            arrow = i;
    const char *after = last_node(words, arrow + 1, n);
    const char *before = arrow >= 0 ? last_node(words, 0, arrow) : NULL;
    /* "Stopped -> Promoted node2": from nowhere. */
    gboolean from_stopped = arrow >= 0 && strcmp(words[0], "Stopped") == 0;
    if (before == NULL)
        before = from_stopped ? NULL : after;
    line->to = leaves ? NULL : g_strdup(after);
    line->from = lands && arrow < 0 ? NULL : g_strdup(before);
}

static SummaryLine *parse_line(const char *text)
{
    const char *open = strstr(text, " ( "), *close;

    if (!g_str_has_prefix(text, "  * ") || open == NULL || (close = strstr(open, " )")) == NULL)
        return NULL;
    const char *verb_end = strchr(text + 4, ' ');
    SummaryLine *line = g_new0(SummaryLine, 1);
    line->verb = g_strndup(text + 4, (gsize)(verb_end - text - 4));
    line->id = g_strstrip(g_strndup(verb_end, (gsize)(open - verb_end)));
    g_autofree char *details = g_strstrip(g_strndup(open + 3, (gsize)(close - open - 3)));
    read_details(line, details);
    const char *tail = close + 2;
    line->blocked = g_str_has_suffix(tail, "(blocked)") || g_str_has_suffix(tail, "  blocked");
    if (g_str_has_prefix(tail, "  due to ")) {
        const char *end = line->blocked && g_str_has_suffix(tail, " (blocked)")
                              ? tail + strlen(tail) - strlen(" (blocked)")
                              : tail + strlen(tail);
        line->reason = g_strndup(tail + 9, (gsize)(end - tail - 9));
    }
    return line;
}

GPtrArray *summary_parse(const char *text)
{
    GPtrArray *lines = g_ptr_array_new_with_free_func(summary_line_free);
    const char *section = strstr(text, "Transition Summary:\n");
    if (section == NULL)
        return lines;
    g_auto(GStrv) raw = g_strsplit(section, "\n", -1);
    for (char **each = raw + 1; *each != NULL && g_str_has_prefix(*each, "  * "); each++) {
        if (g_str_has_prefix(*each, "  * Fence"))
            continue;
        SummaryLine *line = parse_line(*each);
        if (line != NULL)
            g_ptr_array_add(lines, line);
    }
    return lines;
}

/* ---- statements about one solution ---------------------------------------- */

static void failed(GString *failures, const char *format, ...) G_GNUC_PRINTF(2, 3);
static void failed(GString *failures, const char *format, ...)
{
    va_list args;

    va_start(args, format);
    g_string_append_vprintf(failures, format, args);
    va_end(args);
    g_string_append_c(failures, '\n');
}

/* What `where` says of an action that can run. */
static char *will_phrase(const SummaryLine *line)
{
    static const struct {
        const char *verb, *words;
        gboolean to;
    } table[] = {
        {"Start", "will start on ", TRUE},
        {"Move", "will move to ", TRUE},
        {"Migrate", "will migrate to ", TRUE},
        {"Stop", "will stop", FALSE},
        {"Recover", "will be recovered", FALSE},
        {"Restart", "will restart", FALSE},
        {"Reload", "will reload", FALSE},
        {"Promote", "will be promoted", FALSE},
        {"Demote", "will be demoted", FALSE},
        {"Re-promote", "will be demoted and promoted again", FALSE},
    };
    for (gsize i = 0; i < G_N_ELEMENTS(table); i++)
        if (strcmp(line->verb, table[i].verb) == 0)
            return g_strconcat(table[i].words, table[i].to ? line->to : "", NULL);
    return g_strdup(line->verb);
}

/* `where`'s line for info, its id included (which may hold a newline). */
static char *first_where_line(CsSolution *solution, const CsResource *info)
{
    g_autoptr(GString) out = g_string_new(NULL);
    gsize skip = strlen(info->id);

    cs_next_where_rsc(solution, info->index, out);
    if (out->len < skip)
        return NULL;
    return g_strndup(out->str, skip + strcspn(out->str + skip, "\n"));
}

static void check_where(CsSolution *solution, const SummaryLine *line, const CsResource *info,
                        GString *failures)
{
    g_autofree char *where = first_where_line(solution, info);
    g_autofree char *will = will_phrase(line);

    if (where == NULL) {
        failed(failures, "%s: where knows no such resource", line->id);
        return;
    }
    if (!line->blocked && strstr(where, will) == NULL)
        failed(failures, "%s %s: where says \"%s\", not \"%s\"", line->verb, line->id, where, will);
    if (line->blocked && (strstr(where, " blocked") == NULL || strstr(where, will) != NULL))
        failed(failures, "%s %s (blocked): where says \"%s\"", line->verb, line->id, where);
    g_autofree char *reason =
        line->reason != NULL ? g_strdup_printf("(due to %s)", line->reason) : NULL;
    if (reason != NULL && strstr(where, reason) == NULL)
        failed(failures, "%s %s: where says \"%s\", without %s", line->verb, line->id, where,
               reason);
}

static int node_index(const CsSolution *solution, const char *name)
{
    const CsNode *node = name != NULL ? cs_model_node(cs_solution_model(solution), name) : NULL;

    return node != NULL ? node->index : -1;
}

static const char *mark_name(CsNextMark mark)
{
    static const char *const names[] = {"none", "stays", "leaves", "arrives", "blocked"};
    return names[mark];
}

static void expect_mark(CsSolution *solution, const SummaryLine *line, int rsc, const char *node,
                        CsNextMark want, GString *failures)
{
    int index = node_index(solution, node);
    CsNextMark got;

    if (index < 0)
        return;
    got = cs_next_mark(solution, cs_solution_transition(solution), rsc, index);
    if (got != want)
        failed(failures, "%s %s: the Matrix marks %s on %s, not %s", line->verb, line->id,
               mark_name(got), node, mark_name(want));
}

static gboolean verb_is(const SummaryLine *line, const char *verb)
{
    return strcmp(line->verb, verb) == 0;
}

/* The cell marks the line implies for its resource. */
static void check_marks(CsSolution *solution, const SummaryLine *line, int rsc, GString *failures)
{
    gboolean lands = verb_is(line, "Start") || verb_is(line, "Move") || verb_is(line, "Migrate")
                     || (line->from == NULL && line->to != NULL);
    gboolean in_place = !lands && !verb_is(line, "Stop")
                        && (line->to == NULL || g_strcmp0(line->from, line->to) == 0);

    if (lands && !line->blocked)
        expect_mark(solution, line, rsc, line->to, CS_NEXT_MARK_ARRIVES, failures);
    if (verb_is(line, "Start") && line->blocked)
        expect_mark(solution, line, rsc, line->to, CS_NEXT_MARK_BLOCKED, failures);
    if ((verb_is(line, "Move") || verb_is(line, "Migrate") || verb_is(line, "Stop")))
        expect_mark(solution, line, rsc, line->from,
                    line->blocked ? CS_NEXT_MARK_STAYS : CS_NEXT_MARK_LEAVES, failures);
    if (in_place && !line->blocked)
        expect_mark(solution, line, rsc, line->from, CS_NEXT_MARK_STAYS, failures);
}

static void check_label(CsSolution *solution, const SummaryLine *line, int rsc, GString *failures)
{
    CsNextLabel label;
    const char *want = line->blocked ? "Blocked" : line->verb;

    if (!cs_next_label(cs_solution_transition(solution), cs_solution_model(solution), rsc, FALSE,
                       &label))
        failed(failures, "%s %s: the Action column is empty", line->verb, line->id);
    else if (strcmp(label.text, want) != 0)
        failed(failures, "%s %s: the Action column says %s", line->verb, line->id, label.text);
}

/* A clone's configured child: never placed, told as its clone. */
static gboolean is_template(const CsSolution *solution, const CsResource *info)
{
    const CsModel *engine = cs_solution_model(solution);

    for (const CsResource *up = info; up->parent >= 0;) {
        up = g_ptr_array_index(engine->resources, up->parent);
        if (up->kind == CS_RSC_CLONE)
            return cs_solution_configured_rsc(solution, info->index) == info->index;
    }
    return FALSE;
}

/* A primitive no line names: it stays as it is. */
static void check_unnamed(CsSolution *solution, const CsResource *info, GString *failures)
{
    const CsModel *engine = cs_solution_model(solution);
    g_autofree char *where = first_where_line(solution, info);

    if (where == NULL || strstr(where, "will ") != NULL || strstr(where, "stays") == NULL)
        failed(failures, "%s: no action, but where says \"%s\"", info->id,
               where ? where : "nothing");
    for (guint node = 0; node < engine->nodes->len; node++) {
        CsNextMark mark =
            cs_next_mark(solution, cs_solution_transition(solution), info->index, (int)node);
        if (mark != CS_NEXT_MARK_STAYS && mark != CS_NEXT_MARK_NONE)
            failed(failures, "%s: no action, but the Matrix marks %s on %s", info->id,
                   mark_name(mark),
                   ((const CsNode *)g_ptr_array_index(engine->nodes, node))->uname);
    }
}

/* The resource a summary line names: crm_simulate prints ids escaped
 * (cs_escape_text). */
static const CsResource *named_by(CsSolution *solution, const char *printed)
{
    const CsModel *engine = cs_solution_model(solution);

    /* Only primitives have actions: an orphan primitive may share its id
     * with a configured group, or with a clone's configured child, which
     * is never placed (corpus bundle-replicas-change: a history httpd on
     * a guest node, an orphan beside the bundle's httpd). */
    for (guint i = 0; i < engine->resources->len; i++) {
        const CsResource *each = g_ptr_array_index(engine->resources, i);
        g_autofree char *escaped = cs_escape_text(each->id);
        if (each->kind == CS_RSC_PRIMITIVE && !is_template(solution, each)
            && strcmp(escaped, printed) == 0)
            return each;
    }
    return NULL;
}

char *check_statements(CsSolution *solution, const GPtrArray *lines)
{
    const CsModel *engine = cs_solution_model(solution);
    g_autoptr(GHashTable) named = g_hash_table_new(g_direct_hash, g_direct_equal);
    GString *failures = g_string_new(NULL);

    for (guint i = 0; i < lines->len; i++) {
        const SummaryLine *line = g_ptr_array_index(lines, i);
        const CsResource *info = named_by(solution, line->id);
        if (info == NULL) {
            failed(failures, "%s %s: no such resource in the engine's model", line->verb, line->id);
            continue;
        }
        check_where(solution, line, info, failures);
        check_marks(solution, line, info->index, failures);
        if (!g_hash_table_contains(named, info))
            check_label(solution, line, info->index, failures);
        g_hash_table_add(named, (gpointer)info);
    }
    for (guint i = 0; i < engine->resources->len; i++) {
        const CsResource *info = g_ptr_array_index(engine->resources, i);
        if (info->kind == CS_RSC_PRIMITIVE && !g_hash_table_contains(named, info)
            && !is_template(solution, info))
            check_unnamed(solution, info, failures);
    }
    if (failures->len == 0) {
        g_string_free(failures, TRUE);
        return NULL;
    }
    return g_string_free(failures, FALSE);
}

/* ---- what an edit moved ---------------------------------------------------- */

static const SummaryLine *only_line(const GPtrArray *lines, const char *id, guint *count)
{
    const SummaryLine *found = NULL;

    *count = 0;
    for (guint i = 0; i < lines->len; i++) {
        const SummaryLine *line = g_ptr_array_index(lines, i);
        if (strcmp(line->id, id) == 0) {
            found = found != NULL ? found : line;
            (*count)++;
        }
    }
    return found;
}

/* The "RSC: text" lines an edit printed, by resource id. */
static GHashTable *printed_changes(const char *printed)
{
    GHashTable *changes = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    g_auto(GStrv) lines = g_strsplit(printed, "\n", -1);

    for (char **line = lines; *line != NULL; line++) {
        const char *colon = strstr(*line, ": ");
        if (!g_str_has_prefix(*line, "  ") || colon == NULL)
            continue;
        g_hash_table_replace(changes, g_strndup(*line + 2, (gsize)(colon - *line - 2)),
                             g_strdup(colon + 2));
    }
    return changes;
}

/* The move, stop or start the after summary brings, as an edit says it. */
static char *new_plan_text(const SummaryLine *line)
{
    if (line->blocked)
        return NULL;
    if (verb_is(line, "Move") || verb_is(line, "Migrate"))
        return g_strdup_printf("%s -> %s", line->from, line->to);
    if (verb_is(line, "Stop"))
        return g_strdup("stops");
    if (verb_is(line, "Start"))
        return g_strdup_printf("starts on %s", line->to);
    return NULL;
}

/* Whether line, an action that can run, is for id (or, with prefix,
 * for any id starting with it). */
static gboolean runs_for(const SummaryLine *line, const char *id, gboolean prefix)
{
    gboolean same = prefix ? g_str_has_prefix(line->id, id) : strcmp(line->id, id) == 0;
    return same && !line->blocked;
}

static gboolean places(const SummaryLine *line)
{
    return verb_is(line, "Start") || verb_is(line, "Move") || verb_is(line, "Migrate")
           || verb_is(line, "Recover");
}

/* An action of after starts (or keeps, recovering) id on node. */
static gboolean lands_on(const GPtrArray *after, const char *id, gboolean prefix, const char *node)
{
    for (guint i = 0; i < after->len; i++) {
        const SummaryLine *line = g_ptr_array_index(after, i);
        if (runs_for(line, id, prefix) && places(line) && g_strcmp0(line->to, node) == 0)
            return TRUE;
    }
    return FALSE;
}

/* An action of after stops id on node or moves it from there; for a
 * primitive (not prefix), also one that places it anywhere else: it
 * runs on one node (a multiply active one is recovered on one). */
static gboolean leaves(const GPtrArray *after, const char *id, gboolean prefix, const char *node)
{
    for (guint i = 0; i < after->len; i++) {
        const SummaryLine *line = g_ptr_array_index(after, i);
        gboolean from_here = g_strcmp0(line->from, node) == 0;
        if (!runs_for(line, id, prefix))
            continue;
        if ((verb_is(line, "Stop") || verb_is(line, "Move") || verb_is(line, "Migrate"))
            && from_here)
            return TRUE;
        if (verb_is(line, "Recover") && from_here && g_strcmp0(line->to, node) != 0)
            return TRUE;
        if (!prefix && places(line) && g_strcmp0(line->to, node) != 0)
            return TRUE;
    }
    return FALSE;
}

static gboolean stops(const GPtrArray *after, const char *id)
{
    for (guint i = 0; i < after->len; i++) {
        const SummaryLine *line = g_ptr_array_index(after, i);
        if (runs_for(line, id, FALSE) && verb_is(line, "Stop"))
            return TRUE;
    }
    return FALSE;
}

/* The node named after lead in text ("starts on NODE ..."). */
static char *node_after(const char *text, const char *lead)
{
    return g_strndup(text + strlen(lead), strcspn(text + strlen(lead), " "));
}

/* A top-level primitive's printed line is backed by after's actions. */
static void check_primitive_line(const char *id, const char *text, const GPtrArray *after,
                                 GString *failures)
{
    g_auto(GStrv) arrow = g_strsplit(text, " -> ", 2);

    if (g_strv_length(arrow) == 2 && strchr(arrow[0], ' ') == NULL) {
        if (!leaves(after, id, FALSE, arrow[0]) || !lands_on(after, id, FALSE, arrow[1]))
            failed(failures, "%s: \"%s\", but no action moves it so", id, text);
    } else if (g_str_has_prefix(text, "stops")) {
        if (!stops(after, id))
            failed(failures, "%s: \"%s\", but no action stops it", id, text);
    } else if (g_str_has_prefix(text, "starts on ") || g_str_has_prefix(text, "planned for ")) {
        g_autofree char *node =
            node_after(text, g_str_has_prefix(text, "starts on ") ? "starts on " : "planned for ");
        if (!lands_on(after, id, FALSE, node))
            failed(failures, "%s: \"%s\", but no action takes it there", id, text);
    } else if (g_str_has_prefix(text, "stays on ")) {
        g_autofree char *node = node_after(text, "stays on ");
        if (leaves(after, id, FALSE, node))
            failed(failures, "%s: \"%s\", but an action takes it away", id, text);
    }
}

/* The nodes after "lead" up to the next ';' of text. */
static GStrv listed_nodes(const char *text, const char *lead)
{
    const char *start = g_str_has_prefix(text, lead) ? text : NULL;
    g_autofree char *joined = g_strconcat("; ", lead, NULL);
    if (start == NULL && (start = strstr(text, joined)) != NULL)
        start += 2;
    if (start == NULL)
        return NULL;
    start += strlen(lead);
    g_autofree char *list = g_strndup(start, strcspn(start, ";"));
    return g_strsplit(list, ", ", -1);
}

/* "stops on a, b; starts on c": an instance leaves each of a and b,
 * one arrives on c. */
static void check_clone_line(const CsModel *model, const CsResource *clone, const char *text,
                             const GPtrArray *after, GString *failures)
{
    const CsResource *child =
        g_ptr_array_index(model->resources, g_array_index(clone->children, int, 0));
    /* Instances of a primitive are named "child:N" (cloned groups are
     * left to the where checks, by member). */
    g_autofree char *prefix =
        child->kind == CS_RSC_PRIMITIVE ? g_strconcat(child->id, ":", NULL) : g_strdup("");
    static const char *const leads[2] = {"stops on ", "starts on "};

    for (int which = 0; which < 2; which++) {
        g_auto(GStrv) nodes = listed_nodes(text, leads[which]);
        for (int i = 0; nodes != NULL && nodes[i] != NULL; i++)
            if (*prefix != '\0'
                && !(which == 0 ? leaves(after, prefix, TRUE, nodes[i])
                                : lands_on(after, prefix, TRUE, nodes[i])))
                failed(failures, "%s: \"%s\", but no instance %s %s", clone->id, text,
                       which == 0 ? "leaves" : "arrives on", nodes[i]);
    }
}

char *check_changes(const char *printed, const CsModel *model, const GPtrArray *before,
                    const GPtrArray *after)
{
    g_autoptr(GHashTable) changes = printed_changes(printed);
    GString *failures = g_string_new(NULL);

    for (guint i = 0; i < model->resources->len; i++) {
        const CsResource *info = g_ptr_array_index(model->resources, i);
        const char *text = g_hash_table_lookup(changes, info->id);
        guint was, is;
        if (info->parent >= 0)
            continue;
        if (info->kind == CS_RSC_CLONE && text != NULL)
            check_clone_line(model, info, text, after, failures);
        if (info->kind != CS_RSC_PRIMITIVE)
            continue;
        /* Summaries print ids escaped; edits print them as they are. */
        g_autofree char *printed_id = cs_escape_text(info->id);
        only_line(before, printed_id, &was);
        const SummaryLine *now = only_line(after, printed_id, &is);
        g_autofree char *news = was == 0 && is == 1 ? new_plan_text(now) : NULL;
        if (news != NULL && g_strcmp0(text, news) != 0)
            failed(failures, "%s: the transition now has %s %s, but the edit says \"%s\"", info->id,
                   now->verb, news, text != NULL ? text : "nothing");
        if (text != NULL)
            check_primitive_line(printed_id, text, after, failures);
    }
    if (failures->len == 0) {
        g_string_free(failures, TRUE);
        return NULL;
    }
    return g_string_free(failures, FALSE);
}
