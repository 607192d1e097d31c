/* view_explain.c: where every point of the selected cell's score comes
 * from (the engine's provenance, cs_solution_contributions), and the
 * place to edit the constraints and rules that make it: the selected
 * one can be disabled or enabled (r), its score edited with the new
 * scores shown as it is typed (e), removed (x), and new location or
 * colocation constraints added (a, A).  At the bottom, the smallest
 * single change that would move the resource, verified by trying it. */
#include <string.h>
#include <libxml/tree.h>
#include "base/xml.h"
#include "cib/edit.h"
#include "explain/cause.h"
#include "explain/explain.h"
#include "explain/next.h"
#include "explain/words.h"
#include "explain/smallest.h"
#include "view.h"

/* A line of the breakdown that names something the operator can edit. */
typedef struct ExplainItem {
    int line;          /* index in the lines */
    char *constraint;  /* the constraint's id, or NULL */
    char *rule;        /* the rule's id, or NULL */
    gboolean disabled; /* a rule cibscope disabled (r enables it) */
} ExplainItem;

static void item_clear(gpointer data)
{
    ExplainItem *item = data;
    g_free(item->constraint);
    g_free(item->rule);
}

static gboolean is_constraint(const xmlNode *node)
{
    return node != NULL && node->type == XML_ELEMENT_NODE
           && strncmp((const char *)node->name, "rsc_", 4) == 0;
}

static char *xml_id(const xmlNode *node)
{
    xmlChar *id = xmlGetProp(node, (const xmlChar *)"id");
    char *copy = g_strdup((const char *)id);
    xmlFree(id);
    return copy;
}

static const xmlNode *first_rule(const xmlNode *constraint)
{
    for (const xmlNode *child = constraint->children; child != NULL; child = child->next)
        if (cs_xml_is(child, "rule"))
            return child;
    return NULL;
}

/* The constraint and rule a contribution's source names (a rule's own
 * id or its constraint's id, as the engine records it). */
static void resolve_source(const CsConsole *console, const char *source, ExplainItem *item)
{
    const xmlNode *node = source != NULL ? cs_document_lookup_id(console->document, source) : NULL;
    if (node == NULL)
        return;
    if (cs_xml_is(node, "rule")) {
        item->rule = g_strdup(source);
        while (node != NULL && !is_constraint(node))
            node = node->parent;
        if (node != NULL)
            item->constraint = xml_id(node);
    } else if (is_constraint(node)) {
        item->constraint = g_strdup(source);
        const xmlNode *rule = first_rule(node);
        if (rule != NULL)
            item->rule = xml_id(rule);
    }
}

/* ---- a rule's fields ---------------------------------------------------- */

/* One editable attribute of a rule or of an expression inside it. */
typedef struct RuleField {
    char *element;    /* the id of the rule, expression, ... */
    const char *kind; /* "rule", "expression", ... (static) */
    char *name;       /* the attribute */
    char *value;      /* its value, NULL when unset */
} RuleField;

static void rule_field_clear(gpointer data)
{
    RuleField *field = data;
    g_free(field->element);
    g_free(field->name);
    g_free(field->value);
}

static void add_field(GArray *fields, const xmlNode *element, const char *kind, const char *name)
{
    xmlChar *value = xmlGetProp(element, (const xmlChar *)name);
    RuleField field = {xml_id(element), kind, g_strdup(name), g_strdup((const char *)value)};
    xmlFree(value);
    g_array_append_val(fields, field);
}

/* What Pacemaker Explained 2.1, "Rules" lets each element say: a rule its
 * score (or score-attribute) and boolean-op; a node attribute
 * expression its attribute, operation, value and type; a date
 * expression its operation and start/end; a date_spec or duration the
 * fields it sets. */
static void add_rule_fields(GArray *fields, const xmlNode *element)
{
    static const char *const rule_names[] = {"score", "score-attribute", "boolean-op"};
    static const char *const expression_names[] = {"attribute", "operation", "value", "type"};
    static const char *const date_names[] = {"operation", "start", "end"};
    if (cs_xml_is(element, "rule")) {
        for (gsize i = 0; i < G_N_ELEMENTS(rule_names); i++)
            add_field(fields, element, "rule", rule_names[i]);
    } else if (cs_xml_is(element, "expression")) {
        for (gsize i = 0; i < G_N_ELEMENTS(expression_names); i++)
            add_field(fields, element, "expression", expression_names[i]);
    } else if (cs_xml_is(element, "date_expression")) {
        for (gsize i = 0; i < G_N_ELEMENTS(date_names); i++)
            add_field(fields, element, "date", date_names[i]);
    } else if (cs_xml_is(element, "date_spec") || cs_xml_is(element, "duration")) {
        const char *kind = cs_xml_is(element, "date_spec") ? "date_spec" : "duration";
        for (const xmlAttr *attr = element->properties; attr != NULL; attr = attr->next)
            if (strcmp((const char *)attr->name, "id") != 0)
                add_field(fields, element, kind, (const char *)attr->name);
    } else {
        return;
    }
    for (const xmlNode *child = element->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE)
            add_rule_fields(fields, child);
}

static GArray *rule_fields(const CsConsole *console)
{
    GArray *fields = g_array_new(FALSE, TRUE, sizeof(RuleField));
    g_array_set_clear_func(fields, rule_field_clear);
    const xmlNode *rule = console->rule_open != NULL
                              ? cs_document_lookup_id(console->document, console->rule_open)
                              : NULL;
    if (rule != NULL)
        add_rule_fields(fields, rule);
    return fields;
}

static void add_rule_editor(GPtrArray *lines, const CsConsole *console)
{
    g_autoptr(GArray) fields = rule_fields(console);
    g_autofree char *rule_id = cs_escape(console->rule_open);
    CsLine *heading = cs_line_add(lines);
    cs_line_append(heading, CS_STYLE_HEADING, "Rule %s", rule_id);
    cs_line_append(heading, CS_STYLE_DIM, "  Up/Down field  Enter edit  Esc back");
    for (guint i = 0; i < fields->len; i++) {
        const RuleField *field = &g_array_index(fields, RuleField, i);
        gboolean selected = (int)i == console->rule_field;
        gboolean editing = selected && console->score_edit.active;
        g_autofree char *element = cs_escape(field->element);
        g_autofree char *value = field->value != NULL ? cs_escape(field->value) : NULL;
        CsLine *line = cs_line_add(lines);
        CsStyle style = selected ? CS_STYLE_SELECTED : CS_STYLE_NORMAL;
        cs_line_append(line, style, "%s %-10s %-28s %-16s ",
                       selected ? cs_glyph(CS_GLYPH_ARROW) : " ", field->kind, element,
                       field->name);
        if (editing) {
            g_autofree char *typed = cs_escape(console->score_edit.text->str);
            cs_line_append(line, CS_STYLE_CURSOR, "%s_", typed);
            if (console->score_edit.error != NULL) {
                g_autofree char *why = cs_escape(console->score_edit.error);
                cs_line_append(line, CS_STYLE_ACTION_STOP, "  %s", why);
            }
        } else {
            cs_line_append(line, value != NULL ? CS_STYLE_EMPHASIS : CS_STYLE_DIM, "%s",
                           value != NULL ? value : "(unset)");
        }
    }
    if (console->score_edit.active)
        cs_lines_add_text(lines, CS_STYLE_DIM,
                          "Scores below are re-solved as you type: Enter keeps, Esc restores");
}

/* ---- lines -------------------------------------------------------------- */

/* The width the lines are made for (the view's, set by each draw and
 * key): long text wraps there, continued under where it began. */
static int explain_width = 80;

static int line_width(const CsLine *line)
{
    int width = 0;
    for (guint i = 0; i < line->segments->len; i++)
        width += cs_text_width(g_array_index(line->segments, CsSegment, i).text);
    return width;
}

/* Appends safe text to line, wrapping onto new lines of lines that
 * start with indent blanks (4 when the indent leaves too little room). */
static void append_wrapped_at(GPtrArray *lines, CsLine *line, CsStyle style, const char *safe,
                              int indent)
{
    if (indent > explain_width - 20)
        indent = 4;
    const char *start = safe;
    while (*start != '\0') {
        int room = MAX(10, explain_width - line_width(line));
        const char *end = cs_wrap_end(start, room);
        if (end == start)
            break;
        g_autofree char *piece = g_strndup(start, (gsize)(end - start));
        cs_line_append(line, style, "%s", piece);
        start = end;
        if (*start != '\0') {
            line = cs_line_add(lines);
            cs_line_append(line, style, "%*s", indent, "");
        }
    }
}

/* Appends safe text to line, continued under where it began. */
static void append_wrapped(GPtrArray *lines, CsLine *line, CsStyle style, const char *safe)
{
    append_wrapped_at(lines, line, style, safe, line_width(line));
}

/* Every line of multi-line raw text (a cause chain, the Next line),
 * escaped and wrapped at the view's width: a long line goes on two
 * columns deeper than its own indent, so none is cut at the edge. */
static void add_raw_wrapped(GPtrArray *lines, CsStyle style, const char *raw)
{
    g_auto(GStrv) parts = g_strsplit(raw, "\n", -1);
    for (guint i = 0; parts[i] != NULL; i++) {
        if (parts[i][0] == '\0' && parts[i + 1] == NULL)
            break;
        g_autofree char *safe = cs_escape(parts[i]);
        int blanks = (int)strspn(safe, " ");
        CsLine *line = cs_line_add(lines);
        cs_line_append(line, style, "%*s", blanks, "");
        append_wrapped_at(lines, line, style, safe + blanks, blanks + 2);
    }
}

/* "Next: on alpha, will move to bravo (score 100)": what the transition
 * does to it, as `where` says it (explain/next.h), once it is read. */
static void add_next(GPtrArray *lines, const CsConsole *console, int rsc)
{
    if (console->solution == NULL || console->plan == NULL
        || cs_console_engine_rsc(console, rsc) == NULL)
        return;
    g_autoptr(GString) next = g_string_new("Next: ");
    cs_next_line(console->solution, rsc, next);
    g_strchomp(next->str);
    add_raw_wrapped(lines, CS_STYLE_NORMAL, next->str);
}

/* "Cause of Move web (node1 -> node2):" and its chain down to the CIB
 * objects, as explain prints it (explain/cause.h); drawn, not worked
 * out, here. */
static void add_cause(GPtrArray *lines, const CsConsole *console, int rsc)
{
    if (console->solution == NULL || console->plan == NULL
        || cs_console_engine_rsc(console, rsc) == NULL)
        return;
    g_autoptr(GString) cause = g_string_new(NULL);
    cs_cause_resource(console->solution, rsc, cause);
    if (cause->len == 0)
        return;
    g_strchomp(cause->str);
    add_raw_wrapped(lines, CS_STYLE_NORMAL, cause->str);
}

static void add_cell_heading(GPtrArray *lines, const CsConsole *console, int rsc, int node)
{
    CsLine *line = cs_line_add(lines);
    cs_line_append(line, CS_STYLE_HEADING, "Explain ");
    cs_line_append(line, CS_STYLE_EMPHASIS, "%s", cs_console_rsc_label(console, rsc));
    if (console->solution != NULL && cs_next_node(console->solution, console->plan, rsc) >= 0) {
        CsRole role = cs_next_role(console->solution, console->plan, rsc);
        if (role == CS_ROLE_PROMOTED || role == CS_ROLE_UNPROMOTED)
            cs_line_append(line, CS_STYLE_NORMAL, " [%s]", cs_role_name(role));
    }
    cs_line_append(line, CS_STYLE_NORMAL, " on ");
    cs_line_append(line, CS_STYLE_EMPHASIS, "%s", cs_console_node_label(console, node));
    if (console->solution != NULL) {
        char buf[CS_SCORE_BUFSIZE];
        CsScore score = cs_solution_score(console->solution, rsc, node);
        cs_line_append(line, CS_STYLE_NORMAL, "  score ");
        cs_line_append(line,
                       cs_console_cell_changed(console, rsc, node) ? CS_STYLE_CHANGED
                                                                   : cs_score_style(score),
                       "%s", cs_score_format(score, buf));
    }
    /* From the transition's actions (explain/next.h), as the Matrix. */
    CsNextMark mark = console->solution != NULL
                          ? cs_next_mark(console->solution, console->plan, rsc, node)
                      : cs_console_current_node(console, rsc) == node ? CS_NEXT_MARK_STAYS
                                                                      : CS_NEXT_MARK_NONE;
    if (mark == CS_NEXT_MARK_STAYS && console->solution != NULL && console->plan != NULL)
        cs_line_append(line, CS_STYLE_MARKER, "  %s runs here and stays", cs_glyph(CS_GLYPH_STAYS));
    else if (mark == CS_NEXT_MARK_STAYS)
        cs_line_append(line, CS_STYLE_MARKER, "  %s runs here", cs_glyph(CS_GLYPH_STAYS));
    else if (mark == CS_NEXT_MARK_LEAVES)
        cs_line_append(line, CS_STYLE_ACTION_MOVE, "  %s runs here, will leave",
                       cs_glyph(CS_GLYPH_LEAVES));
    else if (mark == CS_NEXT_MARK_ARRIVES)
        cs_line_append(line, CS_STYLE_ACTION_START, "  %s will run here",
                       cs_glyph(CS_GLYPH_ARRIVES));
    else if (mark == CS_NEXT_MARK_BLOCKED)
        cs_line_append(line, CS_STYLE_ACTION_STOP, "  %s would run here, but it is blocked",
                       cs_glyph(CS_GLYPH_BLOCKED));
    add_next(lines, console, rsc);
    add_cause(lines, console, rsc);
    cs_lines_add_text(
        lines, CS_STYLE_DIM,
        "Up/Down select  r rule on/off  e score  x remove  a/A add  Left/Right [ ] cell");
}

static void add_score_editor(GPtrArray *lines, const CsConsole *console)
{
    const CsScoreEdit *edit = &console->score_edit;
    g_autofree char *id = cs_escape(edit->constraint);
    g_autofree char *typed = cs_escape(edit->text->str);
    g_autofree char *original = cs_escape(edit->original);
    CsLine *line = cs_line_add(lines);
    cs_line_append(line, CS_STYLE_PROMPT, "Score of %s: ", id);
    cs_line_append(line, CS_STYLE_CURSOR, "%s_", typed);
    if (edit->error != NULL) {
        g_autofree char *why = cs_escape(edit->error);
        cs_line_append(line, CS_STYLE_ACTION_STOP, "  %s", why);
    }
    cs_lines_add_text(lines, CS_STYLE_DIM,
                      "Scores below are re-solved as you type: Enter keeps, Esc restores %s",
                      original);
}

/* "  -INFINITY  location constraint cli-ban-web-on-alpha [rsc_location]":
 * plain words first, the Pacemaker term in brackets (explain/words.h);
 * indented under the line it breaks down when nested. */
static void add_contribution(GPtrArray *lines, const CsConsole *console, const CsContribution *why,
                             gboolean selected, gboolean nested)
{
    char buf[CS_SCORE_BUFSIZE];
    CsLine *line = cs_line_add(lines);
    CsStyle text_style = selected ? CS_STYLE_SELECTED : CS_STYLE_NORMAL;
    cs_line_append(line, selected ? CS_STYLE_SELECTED : CS_STYLE_DIM, "%s%s ", nested ? "    " : "",
                   selected ? cs_glyph(CS_GLYPH_ARROW) : (cs_draw_is_utf8() ? " " : "  "));
    cs_line_append(line, selected ? CS_STYLE_SELECTED : cs_score_style(why->value), "%10s",
                   cs_score_format(why->value, buf));
    const CsResource *other =
        why->other_rsc >= 0 ? cs_console_engine_rsc(console, why->other_rsc) : NULL;
    /* Internal names (a ticket's ban) as the CIB objects behind them. */
    g_autofree char *shown = why->source != NULL && console->solution != NULL
                                 ? cs_cause_source_text(cs_solution_model(console->solution),
                                                        cs_console_selected_rsc(console), why)
                                 : g_strdup(why->source);
    CsContribution named = *why;
    named.source = shown;
    g_autofree char *words = cs_words_contribution(&named, other != NULL ? other->id : NULL);
    g_autofree char *safe = cs_escape(words);
    cs_line_append(line, text_style, "  ");
    append_wrapped(lines, line, text_style, safe);
}

static gboolean item_editable(const ExplainItem *item)
{
    return item->constraint != NULL || item->rule != NULL;
}

static void add_contribution_list(GPtrArray *lines, GArray *items, const CsConsole *console,
                                  const CsContribution *list, int count, gboolean nested)
{
    for (int i = 0; i < count; i++) {
        ExplainItem item = {(int)lines->len, NULL, NULL, FALSE};
        if (list[i].kind != CS_CONTRIB_STICKINESS && list[i].kind != CS_CONTRIB_FAIL_LIMIT)
            resolve_source(console, list[i].source, &item);
        gboolean selected = item_editable(&item) && (int)items->len == console->explain_item;
        add_contribution(lines, console, &list[i], selected, nested);
        if (item_editable(&item))
            g_array_append_val(items, item);
    }
}

static void add_breakdown(GPtrArray *lines, GArray *items, const CsConsole *console, int rsc,
                          int node)
{
    int count = 0;
    const CsContribution *list = cs_solution_contributions(console->solution, rsc, node, &count);
    CsLine *heading = cs_line_add(lines);
    cs_line_append(heading, CS_STYLE_HEADING, "Contributions");
    cs_line_append(heading, CS_STYLE_DIM, "  (their sum, in INFINITY arithmetic, is the score)");
    if (!cs_solution_scored(console->solution, rsc, node)) {
        g_autofree char *reason = cs_explain_unlisted_reason(console->solution, rsc, node);
        g_autofree char *text = g_strdup_printf("    not allowed here (%s)", reason);
        cs_lines_add_raw(lines, CS_STYLE_DIM, text);
        return;
    }
    if (count == 0)
        cs_lines_add_text(lines, CS_STYLE_DIM,
                          "             0  every node starts at 0 [symmetric-cluster]");
    add_contribution_list(lines, items, console, list, count, FALSE);
}

/* The engine's node health contribution to shown's score on node, or
 * NULL when it recorded none. */
static const CsContribution *health_contribution(const CsConsole *console, int shown, int node)
{
    int count = 0;
    const CsContribution *list = cs_solution_contributions(console->solution, shown, node, &count);
    for (int i = 0; i < count; i++)
        if (list[i].kind == CS_CONTRIB_HEALTH)
            return &list[i];
    return NULL;
}

static void add_state_line(GPtrArray *lines, const char *label, CsStyle style, const char *text)
{
    g_autofree char *safe = cs_escape(text);
    CsLine *line = cs_line_add(lines);
    cs_line_append(line, CS_STYLE_HEADING, "%s", label);
    append_wrapped(lines, line, style, safe);
}

/* What decides the cell besides the scores: the node's state (a node
 * that can run nothing overrides every score, and its health adds to
 * every score there) and the fail count against migration-threshold,
 * also under it.  shown is the row's engine resource (a clone
 * instance's own), rsc the configured one. */
static void add_deciding(GPtrArray *lines, const CsConsole *console, int rsc, int shown, int node)
{
    const CsNode *info = cs_console_node(console, node);
    g_autofree char *state = cs_words_node_state(info);
    g_autofree char *health =
        cs_words_node_health(console->model, info, health_contribution(console, shown, node));
    g_autofree char *fails = console->model != NULL
                                 ? cs_words_fail_count(console->solution, console->model, rsc, node)
                                 : NULL;
    if (state == NULL && health == NULL && fails == NULL)
        return;
    if (state != NULL)
        add_state_line(lines, "Node: ", CS_STYLE_ACTION_STOP, state);
    if (health != NULL)
        add_state_line(lines, "Node: ", CS_STYLE_ACTION_STOP, health);
    if (fails != NULL)
        add_state_line(lines, "Fails: ", CS_STYLE_NORMAL, fails);
    cs_line_add(lines);
}

/* The location rules for rsc that add nothing here, greyed with why (a
 * date rule out of force, an expired cli-prefer lifetime, an expression
 * false on this node): r disables them like the others. */
static void add_inactive_rules(GPtrArray *lines, GArray *items, const CsConsole *console, int rsc,
                               int node)
{
    if (console->model == NULL)
        return;
    const CsNode *info = cs_console_node(console, node);
    gboolean heading = FALSE;
    for (guint i = 0; i < console->model->locations->len; i++) {
        const CsLocation *location = g_ptr_array_index(console->model->locations, i);
        if (location->rsc != rsc)
            continue;
        for (guint r = 0; r < location->rules->len; r++) {
            const CsRule *rule = g_ptr_array_index(location->rules, r);
            xmlNode *xml = cs_rule_xml(rule);
            if (xml == NULL || cs_edit_rule_disabled(xml))
                continue;
            g_autofree char *why = cs_words_rule_inactive(console->model, location, rule, info);
            if (why == NULL)
                continue;
            if (!heading) {
                cs_line_add(lines);
                cs_lines_add_text(lines, CS_STYLE_HEADING, "Rules not in force here");
            }
            heading = TRUE;
            ExplainItem item = {(int)lines->len, g_strdup(location->id), xml_id(xml), FALSE};
            gboolean selected = (int)items->len == console->explain_item;
            g_autofree char *rule_id = cs_escape(item.rule);
            g_autofree char *constraint_id = cs_escape(item.constraint);
            g_autofree char *safe = cs_escape(why);
            CsStyle style = selected ? CS_STYLE_SELECTED : CS_STYLE_DIM;
            CsLine *line = cs_line_add(lines);
            cs_line_append(line, style, "%s   ", selected ? cs_glyph(CS_GLYPH_ARROW) : " ");
            g_autofree char *text =
                g_strdup_printf("rule %s of %s: %s", rule_id, constraint_id, safe);
            append_wrapped(lines, line, style, text);
            g_array_append_val(items, item);
        }
    }
}

/* list[i] is the same term as an earlier one of the list (a colocation
 * merged into the clone's score once when it was placed and again by the
 * promotion step, as Pacemaker's sort_promotable_instances() does). */
static gboolean repeats_earlier(const CsContribution *list, int i)
{
    for (int j = 0; j < i; j++)
        if (list[j].kind == list[i].kind && list[j].other_rsc == list[i].other_rsc
            && list[j].value == list[i].value && g_strcmp0(list[j].source, list[i].source) == 0)
            return TRUE;
    return FALSE;
}

/* Pacemaker Explained 2.1, "Promotable clones": the instances with the
 * highest promotion scores are promoted, up to promoted-max.  The score
 * is usually the clone's own on the node, to which every instance there
 * adds its promotion priority (broken down beneath it). */
static void add_promotion(GPtrArray *lines, GArray *items, const CsConsole *console, int rsc)
{
    int node, count = 0;
    CsScore score;
    char buf[CS_SCORE_BUFSIZE];
    if (!cs_solution_promotion_score(console->solution, rsc, &node, &score))
        return;
    cs_line_add(lines);
    CsLine *heading = cs_line_add(lines);
    cs_line_append(heading, CS_STYLE_HEADING, "Promotion score");
    cs_line_append(heading, CS_STYLE_NORMAL, " on %s: ", cs_console_node_label(console, node));
    cs_line_append(heading, cs_score_style(score), "%s", cs_score_format(score, buf));
    cs_line_append(heading, CS_STYLE_EMPHASIS, "  %s %s", cs_glyph(CS_GLYPH_ARROW),
                   cs_role_name(cs_next_role(console->solution, console->plan, rsc)));
    cs_lines_add_text(
        lines, CS_STYLE_DIM,
        "  (highest first are promoted, up to promoted-max; P shows them in 1 Matrix)");
    const CsContribution *list =
        cs_solution_promotion_contributions(console->solution, rsc, &count);
    if (count == 0)
        cs_lines_add_text(lines, CS_STYLE_DIM, "             0  %s",
                          node < 0 ? "not placed: not promoted" : "default");
    gboolean told_repeat = FALSE;
    for (int i = 0; i < count; i++) {
        if (!told_repeat && repeats_earlier(list, i)) {
            CsLine *line = cs_line_add(lines);
            cs_line_append(line, CS_STYLE_DIM, "%15s", "");
            append_wrapped(lines, line, CS_STYLE_DIM,
                           "counted again (below): promotion adds the colocations with the "
                           "promoted role to the clone's score, which placing it already holds");
            told_repeat = TRUE;
        }
        add_contribution_list(lines, items, console, &list[i], 1, FALSE);
        if (list[i].kind != CS_CONTRIB_PROMOTION || list[i].other_rsc < 0)
            continue;
        int inner_count = 0;
        const CsContribution *inner =
            cs_solution_promotion_priority(console->solution, list[i].other_rsc, &inner_count);
        add_contribution_list(lines, items, console, inner, inner_count, TRUE);
    }
}

/* A clone: each instance's node and role. */
static void add_instances(GPtrArray *lines, const CsConsole *console, int clone)
{
    const CsResource *info = cs_console_engine_rsc(console, clone);
    g_autofree char *summary = cs_console_clone_summary(console, clone);
    if (summary == NULL)
        return;
    cs_line_add(lines);
    CsLine *heading = cs_line_add(lines);
    cs_line_append(heading, CS_STYLE_HEADING, "Instances");
    cs_line_append(heading, CS_STYLE_DIM,
                   "  (%s; Enter on the clone's row in 1 Matrix unfolds them)", summary);
    for (guint i = 0; i < info->children->len; i++) {
        int instance = g_array_index(info->children, int, i);
        /* Where and in which role the transition leaves it. */
        int node = cs_next_node(console->solution, console->plan, instance);
        CsLine *line = cs_line_add(lines);
        cs_line_append(line, CS_STYLE_EMPHASIS, "    %-20s",
                       cs_console_rsc_label(console, instance));
        cs_line_append(line, CS_STYLE_NORMAL, " %-12s",
                       node >= 0 ? cs_console_node_label(console, node) : "stopped");
        if (info->promotable && node >= 0)
            cs_line_append(line, CS_STYLE_NORMAL, " %-10s",
                           cs_role_name(cs_next_role(console->solution, console->plan, instance)));
        int promoted_on;
        CsScore score;
        char buf[CS_SCORE_BUFSIZE];
        if (cs_solution_promotion_score(console->solution, instance, &promoted_on, &score))
            cs_line_append(line, CS_STYLE_DIM, "  promotion score %s", cs_score_format(score, buf));
    }
}

/* Rules cibscope disabled no longer contribute, so they are listed
 * apart: otherwise nothing on screen could enable them again. */
static void add_disabled_rules(GPtrArray *lines, GArray *items, const CsConsole *console, int rsc)
{
    const xmlNode *constraints = cs_document_section(console->document, "constraints");
    const char *rsc_id = cs_console_rsc(console, rsc)->id;
    gboolean heading = FALSE;
    for (const xmlNode *constraint = constraints != NULL ? constraints->children : NULL;
         constraint != NULL; constraint = constraint->next) {
        if (!cs_xml_is(constraint, "rsc_location"))
            continue;
        xmlChar *target = xmlGetProp(constraint, (const xmlChar *)"rsc");
        gboolean ours = target != NULL && strcmp((const char *)target, rsc_id) == 0;
        xmlFree(target);
        for (const xmlNode *rule = constraint->children; ours && rule != NULL; rule = rule->next) {
            if (!cs_xml_is(rule, "rule") || !cs_edit_rule_disabled(rule))
                continue;
            if (!heading)
                cs_lines_add_text(lines, CS_STYLE_HEADING, "Disabled rules");
            heading = TRUE;
            ExplainItem item = {(int)lines->len, xml_id(constraint), xml_id(rule), TRUE};
            gboolean selected = (int)items->len == console->explain_item;
            g_autofree char *rule_id = cs_escape(item.rule);
            g_autofree char *constraint_id = cs_escape(item.constraint);
            CsStyle style = selected ? CS_STYLE_SELECTED : CS_STYLE_DIM;
            CsLine *line = cs_line_add(lines);
            cs_line_append(line, style, "%s   ", selected ? cs_glyph(CS_GLYPH_ARROW) : " ");
            g_autofree char *text = g_strdup_printf(
                "rule %s of %s: disabled, adds nothing (r enables it)", rule_id, constraint_id);
            append_wrapped(lines, line, style, text);
            g_array_append_val(items, item);
        }
    }
}

void cs_smallest_clear(CsSmallest *smallest)
{
    smallest->rsc = -1;
    g_clear_pointer(&smallest->lines, g_ptr_array_unref);
}

/* The search itself is an answer of the explain layer: here it is only
 * worded with the console's glyphs, and kept until the state changes. */
const GPtrArray *cs_smallest_change(CsConsole *console, int rsc)
{
    CsSmallest *smallest = &console->smallest;
    if (smallest->lines != NULL && smallest->rsc == rsc
        && smallest->generation == console->generation)
        return smallest->lines;
    cs_smallest_clear(smallest);
    smallest->rsc = rsc;
    smallest->generation = console->generation;
    smallest->lines = g_ptr_array_new_with_free_func(g_free);
    if (console->solution == NULL || rsc < 0)
        return smallest->lines;
    CsSmallestGoal goal = {rsc, cs_console_planned_node(console, rsc), -1};
    g_autoptr(GPtrArray) found = cs_smallest_changes(console->session, &goal);
    const char *arrow = cs_glyph(CS_GLYPH_ARROW);
    for (guint i = 0; i < found->len; i++) {
        const CsSmallestChange *change = g_ptr_array_index(found, i);
        g_ptr_array_add(smallest->lines,
                        g_strdup_printf("%s  %s %s: %s %s %s", change->text, arrow,
                                        cs_console_rsc(console, rsc)->id,
                                        *change->before ? change->before : "stopped", arrow,
                                        *change->after ? change->after : "stops"));
    }
    return smallest->lines;
}

static void add_smallest(GPtrArray *lines, CsConsole *console, int rsc)
{
    const GPtrArray *changes = cs_smallest_change(console, rsc);
    cs_line_add(lines);
    CsLine *heading = cs_line_add(lines);
    cs_line_append(heading, CS_STYLE_HEADING, "Smallest change that would move %s",
                   cs_console_rsc_label(console, rsc));
    cs_line_append(heading, CS_STYLE_DIM, "  (each tried on a copy, then undone)");
    if (changes == NULL || changes->len == 0) {
        cs_lines_add_text(lines, CS_STYLE_DIM,
                          "    none found among its constraints, stickiness and a ban");
        return;
    }
    for (guint i = 0; i < changes->len; i++) {
        g_autofree char *safe = cs_escape(g_ptr_array_index(changes, i));
        CsLine *line = cs_line_add(lines);
        CsStyle style = i == 0 ? CS_STYLE_EMPHASIS : CS_STYLE_NORMAL;
        cs_line_append(line, style, "    ");
        append_wrapped_at(lines, line, style, safe, 6);
    }
}

static GPtrArray *explain_lines(CsConsole *console, GArray *items)
{
    GPtrArray *lines = cs_lines_new();
    int rsc = cs_console_selected_rsc(console);
    /* A clone instance's row: its own scores; edits name what it copies. */
    int shown = cs_console_selected_engine_rsc(console);
    int node = cs_console_selected_node(console);
    if (rsc < 0 || node < 0) {
        cs_lines_add_text(lines, CS_STYLE_HEADING, "Explain");
        cs_lines_add_text(lines, CS_STYLE_DIM, "  Select a resource and a node in 1 Matrix first.");
        return lines;
    }
    add_cell_heading(lines, console, shown, node);
    if (console->rule_open != NULL)
        add_rule_editor(lines, console);
    else if (console->score_edit.active)
        add_score_editor(lines, console);
    cs_line_add(lines);
    if (console->solution == NULL) {
        cs_lines_add_text(lines, CS_STYLE_DIM,
                          "  No breakdown: the engine gave no answer for this CIB.");
        return lines;
    }
    add_deciding(lines, console, rsc, shown, node);
    add_breakdown(lines, items, console, shown, node);
    add_inactive_rules(lines, items, console, rsc, node);
    add_promotion(lines, items, console, shown);
    add_instances(lines, console, shown);
    add_disabled_rules(lines, items, console, rsc);
    if (!console->score_edit.active && console->rule_open == NULL && shown == rsc)
        add_smallest(lines, console, rsc);
    return lines;
}

static GArray *items_new(void)
{
    GArray *items = g_array_new(FALSE, TRUE, sizeof(ExplainItem));
    g_array_set_clear_func(items, item_clear);
    return items;
}

/* The rows under the pinned heading: the view's area less its top row. */
static CsRect body_area(const CsRect *area)
{
    return (CsRect){area->y + 1, area->x, MAX(0, area->height - 1), area->width};
}

/* The heading (the cell explained, lines[0]) stays on the top row, so
 * a long cause chain or breakdown never scrolls it away; the other
 * lines scroll under it (the view's scroll counts them from lines[1]). */
static void draw_pinned(GPtrArray *lines, const CsRect *area, int *scroll)
{
    g_autoptr(GPtrArray) heading = g_ptr_array_new();
    g_autoptr(GPtrArray) body = g_ptr_array_new();
    for (guint i = 0; i < lines->len; i++)
        g_ptr_array_add(i == 0 ? heading : body, g_ptr_array_index(lines, i));
    CsRect top = {area->y, area->x, MIN(1, area->height), area->width};
    CsRect rest = body_area(area);
    int no_scroll = 0;
    cs_lines_draw(heading, &top, &no_scroll);
    cs_lines_draw(body, &rest, scroll);
}

/* Scrolls the body so that the selected item's line shows. */
static void show_item(CsConsole *console, GArray *items, const CsRect *area)
{
    if (console->explain_item < 0 || console->explain_item >= (int)items->len)
        return;
    int *scroll = &console->scroll[CS_VIEW_EXPLAIN];
    int line = g_array_index(items, ExplainItem, console->explain_item).line - 1;
    int height = body_area(area).height;
    if (line >= *scroll + height)
        *scroll = line - height + 1;
    if (line < *scroll)
        *scroll = MAX(0, line);
}

static void explain_draw(CsConsole *console, const CsRect *area)
{
    explain_width = area->width;
    g_autoptr(GArray) items = items_new();
    g_autoptr(GPtrArray) lines = explain_lines(console, items);
    /* An edit may have removed the selected line: keep one selected. */
    if (items->len > 0 && console->explain_item >= (int)items->len) {
        console->explain_item = (int)items->len - 1;
        g_ptr_array_unref(g_steal_pointer(&lines));
        g_array_set_size(items, 0);
        lines = explain_lines(console, items);
        show_item(console, items, area);
    }
    draw_pinned(lines, area, &console->scroll[CS_VIEW_EXPLAIN]);
}

/* ---- keys --------------------------------------------------------------- */

/* Another cell: the matrix cursor moves, so the matrix agrees on return. */
static gboolean move_cell(CsConsole *console, int key)
{
    switch (key) {
    case KEY_LEFT:
    case 'h': console->cursor_node = MAX(0, console->cursor_node - 1); break;
    case KEY_RIGHT:
    case 'l':
        console->cursor_node = MIN(cs_console_node_count(console) - 1, console->cursor_node + 1);
        break;
    case '[': console->cursor_row = MAX(0, console->cursor_row - 1); break;
    case ']':
        console->cursor_row = MIN((int)console->rows->len - 1, console->cursor_row + 1);
        break;
    default: return FALSE;
    }
    console->scroll[CS_VIEW_EXPLAIN] = 0;
    console->explain_item = 0;
    return TRUE;
}

static void run3(CsConsole *console, const char *a, const char *b, const char *c)
{
    const char *words[] = {a, b, c, NULL};
    cs_console_run_words(console, words);
}

static void toggle_rule(CsConsole *console, const ExplainItem *item)
{
    if (item->rule == NULL) {
        cs_console_say(console, TRUE, "%s has no rule to disable (x removes it).",
                       item->constraint);
        return;
    }
    run3(console, "rule", item->disabled ? "enable" : "disable", item->rule);
}

/* ---- the score editor: each keystroke re-solved as a trial edit -------- */

static char *constraint_score(const CsConsole *console, const char *id)
{
    const xmlNode *node = cs_document_lookup_id(console->document, id);
    xmlChar *score = node != NULL ? xmlGetProp(node, (const xmlChar *)"score") : NULL;
    char *copy = g_strdup((const char *)score);
    xmlFree(score);
    return copy;
}

static gboolean edits_a_score(const CsScoreEdit *edit)
{
    return edit->attribute == NULL || strcmp(edit->attribute, "score") == 0;
}

/* The edit itself (a CsSessionChange): a constraint's score, or an
 * attribute of a rule part (an empty text unsets it). */
static gboolean score_edit_apply(CsSession *session, gpointer data, GError **error)
{
    const CsScoreEdit *edit = data;
    if (edit->attribute == NULL)
        return cs_edit_constraint_score(session->log, edit->constraint, edit->text->str, error);
    return cs_edit_rule_attribute(session->log, edit->constraint, edit->attribute,
                                  edit->text->len > 0 ? edit->text->str : NULL, error);
}

/* Re-solves with the typed value in place of the original one, as a
 * trial the session takes back (explain/trial.h). */
static void score_edit_try(CsConsole *console)
{
    CsScoreEdit *edit = &console->score_edit;
    g_clear_pointer(&edit->error, g_free);
    if (edits_a_score(edit) && !cs_edit_valid_score(edit->text->str)) {
        edit->error = g_strdup("not a score yet (an integer or [-]INFINITY)");
        cs_session_take_back(console->session, &edit->trial);
    } else if (strcmp(edit->text->str, edit->original) != 0) {
        g_autoptr(GError) error = NULL;
        if (!cs_session_try(console->session, &edit->trial, score_edit_apply, edit, &error)
            && error != NULL)
            edit->error = g_strdup(error->message);
    } else {
        cs_session_take_back(console->session, &edit->trial);
    }
    cs_console_sync_later(console);
}

static void score_edit_end(CsConsole *console)
{
    CsScoreEdit *edit = &console->score_edit;
    edit->active = FALSE;
    g_clear_pointer(&edit->constraint, g_free);
    g_clear_pointer(&edit->attribute, g_free);
    g_clear_pointer(&edit->original, g_free);
    g_clear_pointer(&edit->error, g_free);
    g_string_truncate(edit->text, 0);
}

static void score_edit_begin(CsConsole *console, const char *element, const char *attribute,
                             const char *value)
{
    CsScoreEdit *edit = &console->score_edit;
    if (edit->text == NULL)
        edit->text = g_string_new(NULL);
    edit->active = TRUE;
    edit->trial = (CsSessionTrial){0};
    edit->fresh = TRUE;
    edit->constraint = g_strdup(element);
    edit->attribute = g_strdup(attribute);
    edit->original = g_strdup(value != NULL ? value : "");
    g_string_assign(edit->text, edit->original);
}

/* e on a constraint with a score edits it; on a rule, lists its fields. */
static void score_edit_start(CsConsole *console, const ExplainItem *item)
{
    g_autofree char *score =
        item->constraint != NULL ? constraint_score(console, item->constraint) : NULL;
    if (score != NULL) {
        score_edit_begin(console, item->constraint, NULL, score);
        return;
    }
    if (item->rule == NULL) {
        cs_console_say(console, TRUE, "%s has no score of its own to edit.", item->constraint);
        return;
    }
    g_free(console->rule_open);
    console->rule_open = g_strdup(item->rule);
    console->rule_field = 0;
}

/* Enter: the trial is taken back and the real edit made, so the log,
 * the status line and the highlight all compare with the original. */
static void score_edit_keep(CsConsole *console)
{
    CsScoreEdit *edit = &console->score_edit;
    gboolean changed = edit->error == NULL && strcmp(edit->text->str, edit->original) != 0;
    g_autofree char *id = g_strdup(edit->constraint);
    g_autofree char *text = g_strdup(edit->text->str);
    cs_session_take_back(console->session, &edit->trial);
    if (!changed) {
        score_edit_end(console);
        cs_console_sync_later(console);
        cs_console_say(console, FALSE, "%s unchanged.", id);
        return;
    }
    /* The real edit goes through the command language, as `cibscope
     * FILE --exec 'constraint score ...' / 'rule set ...'` would make it. */
    g_autofree char *attribute = g_strdup(edit->attribute);
    score_edit_end(console);
    cs_console_sync_later(console);
    if (attribute == NULL) {
        const char *words[] = {"constraint", "score", id, text, NULL};
        cs_console_run_words(console, words);
    } else {
        const char *words[] = {"rule", "set", id, attribute, text[0] != '\0' ? text : "--delete",
                               NULL};
        cs_console_run_words(console, words);
    }
}

static void score_edit_key(CsConsole *console, int key)
{
    CsScoreEdit *edit = &console->score_edit;
    if (key == 27 || key == 7) {
        g_autofree char *id = g_strdup(edit->constraint);
        cs_session_take_back(console->session, &edit->trial);
        score_edit_end(console);
        cs_console_sync_later(console);
        cs_console_say(console, FALSE, "%s unchanged.", id);
        return;
    }
    if (key == '\n' || key == '\r' || key == KEY_ENTER) {
        score_edit_keep(console);
        return;
    }
    /* The first character typed replaces the original, as in a form. */
    gboolean fresh = edit->fresh;
    edit->fresh = FALSE;
    gboolean allowed = edits_a_score(edit) ? g_ascii_isalnum(key) || key == '-' || key == '+'
                                           : key >= 0x20 && key < 0x7f;
    if (key == KEY_BACKSPACE || key == 127 || key == 8) {
        if (edit->text->len > 0)
            g_string_truncate(edit->text, edit->text->len - 1);
    } else if (key == 21) {
        g_string_truncate(edit->text, 0);
    } else if (allowed && edit->text->len < 64) {
        if (fresh)
            g_string_truncate(edit->text, 0);
        g_string_append_c(edit->text, (char)key);
    } else {
        return;
    }
    score_edit_try(console);
}

/* The rule's field list: Up/Down select, Enter edits, Esc closes. */
static gboolean rule_key(CsConsole *console, int key)
{
    g_autoptr(GArray) fields = rule_fields(console);
    switch (key) {
    case KEY_UP:
    case 'k': console->rule_field = MAX(0, console->rule_field - 1); return TRUE;
    case KEY_DOWN:
    case 'j': console->rule_field = MIN((int)fields->len - 1, console->rule_field + 1); return TRUE;
    case '\n':
    case '\r':
    case KEY_ENTER:
    case 'e':
        if (console->rule_field >= 0 && console->rule_field < (int)fields->len) {
            const RuleField *field = &g_array_index(fields, RuleField, console->rule_field);
            score_edit_begin(console, field->element, field->name, field->value);
        }
        return TRUE;
    case 27:
    case 7: g_clear_pointer(&console->rule_open, g_free); return TRUE;
    default:
        /* u, ^R, w, views...: as everywhere. */
        return FALSE;
    }
}

/* a / A: the command line, ready for the constraint to add. */
static void add_constraint(CsConsole *console, gboolean colocation)
{
    int rsc = cs_console_selected_rsc(console);
    int node = cs_console_selected_node(console);
    if (rsc < 0 || node < 0)
        return;
    const char *rsc_id = cs_console_rsc(console, rsc)->id;
    g_autofree char *id = colocation ? g_strdup_printf("colocation-%s-with-", rsc_id)
                                     : g_strdup_printf("location-%s-%s", rsc_id,
                                                       cs_console_node(console, node)->uname);
    g_autofree char *base_id = cs_edit_sanitize_id(id);
    /* A free id, as the edits choose one: -1, -2, ... when taken. */
    g_autofree char *safe_id = g_strdup(base_id);
    for (int n = 1; !colocation && cs_document_lookup_id(console->document, safe_id) != NULL; n++) {
        g_free(safe_id);
        safe_id = g_strdup_printf("%s-%d", base_id, n);
    }
    g_autofree char *text = colocation ? g_strdup_printf("colocation add %s %s ", safe_id, rsc_id)
                                       : g_strdup_printf("location add %s %s %s ", safe_id, rsc_id,
                                                         cs_console_node(console, node)->uname);
    cs_prompt_open(console, text);
}

static gboolean item_key(CsConsole *console, int key, GArray *items)
{
    const ExplainItem *item = console->explain_item >= 0 && console->explain_item < (int)items->len
                                  ? &g_array_index(items, ExplainItem, console->explain_item)
                                  : NULL;
    switch (key) {
    case KEY_UP:
    case 'k': console->explain_item = MAX(0, console->explain_item - 1); return items->len > 0;
    case KEY_DOWN:
    case 'j':
        console->explain_item = MIN((int)items->len - 1, console->explain_item + 1);
        return items->len > 0;
    case 'a': add_constraint(console, FALSE); return TRUE;
    case 'A': add_constraint(console, TRUE); return TRUE;
    case 'r':
    case 'e':
    case 'x':
    case 'E': break;
    default: return FALSE;
    }
    if (item == NULL) {
        cs_console_say(console, TRUE,
                       "No constraint or rule selected: Up/Down selects one of the breakdown.");
        return TRUE;
    }
    if (key == 'E' && item->constraint != NULL) {
        const char *words[] = {"edit", item->constraint, NULL};
        cs_console_run_words(console, words);
    } else if (key == 'E') {
        cs_console_say(console, TRUE, "Only a constraint's XML can be edited here.");
    } else if (key == 'r')
        toggle_rule(console, item);
    else if (key == 'e')
        score_edit_start(console, item);
    else if (item->constraint != NULL)
        run3(console, "constraint", "remove", item->constraint);
    return TRUE;
}

static gboolean explain_key(CsConsole *console, int key, const CsRect *area)
{
    explain_width = area->width;
    if (console->score_edit.active) {
        score_edit_key(console, key);
        return TRUE;
    }
    if (console->rule_open != NULL)
        return rule_key(console, key);
    if (move_cell(console, key))
        return TRUE;
    g_autoptr(GArray) items = items_new();
    g_autoptr(GPtrArray) lines = explain_lines(console, items);
    if (item_key(console, key, items)) {
        show_item(console, items, area);
        return TRUE;
    }
    return cs_lines_key(key, &console->scroll[CS_VIEW_EXPLAIN], (int)lines->len - 1,
                        body_area(area).height);
}

const CsView cs_view_explain = {"Explain", explain_draw, explain_key};
