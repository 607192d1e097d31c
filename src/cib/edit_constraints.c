/* edit_constraints.c: new order and ticket constraints, constraints of
 * resource sets, and new location rules.
 *
 * The elements and attributes are those of the Pacemaker 2.1 CIB schema
 * (constraints-3.x.rng and rule-3.x.rng); see "Pacemaker Explained 2.1",
 * "Resource Constraints", "Resource Sets" and "Rules".
 */
#include "cib/edit_build.h"

#include <string.h>

static gboolean cs_one_of(const char *value, const char *const *allowed)
{
    for (; *allowed != NULL; allowed++)
        if (strcmp(value, *allowed) == 0)
            return TRUE;
    return FALSE;
}

static const char *const cs_actions[] = {"start", "stop", "promote", "demote", NULL};
static const char *const cs_kinds[] = {"Mandatory", "Optional", "Serialize", NULL};
static const char *const cs_booleans[] = {"true", "false", NULL};
static const char *const cs_roles[] = {"Started", "Stopped", "Promoted", "Unpromoted",
                                       "Master",  "Slave",   NULL};
static const char *const cs_loss_policies[] = {"stop", "demote", "fence", "freeze", NULL};

/* value is one of allowed, or the error names what it should be. */
static gboolean cs_check_choice(const char *what, const char *value, const char *const *allowed,
                                GError **error)
{
    if (value == NULL || cs_one_of(value, allowed))
        return TRUE;
    g_autofree char *list = g_strjoinv(", ", (char **)allowed);
    return cs_invalid(error, "%s '%s' is not one of %s", what, value, list);
}

gboolean cs_edit_order_add(CsEditLog *log, const char *id, const char *first,
                           const char *first_action, const char *then, const char *then_action,
                           const char *kind, const char *symmetrical, GError **error)
{
    if (!cs_check_new_constraint(log, id, "0", error) || !cs_need_resource(log, first, error)
        || !cs_need_resource(log, then, error)
        || !cs_check_choice("action", first_action, cs_actions, error)
        || !cs_check_choice("action", then_action, cs_actions, error)
        || !cs_check_choice("kind", kind, cs_kinds, error)
        || !cs_check_choice("symmetrical", symmetrical, cs_booleans, error))
        return FALSE;
    if (strcmp(first, then) == 0)
        return cs_invalid(error, "%s cannot be ordered after itself", first);
    xmlNode *order = cs_new_constraint(log, "rsc_order", id);
    cs_set(order, "first", first);
    if (first_action != NULL)
        cs_set(order, "first-action", first_action);
    cs_set(order, "then", then);
    if (then_action != NULL)
        cs_set(order, "then-action", then_action);
    if (kind != NULL)
        cs_set(order, "kind", kind);
    if (symmetrical != NULL)
        cs_set(order, "symmetrical", symmetrical);
    g_autofree char *description = g_strdup_printf(
        "order %s: %s%s%s then %s%s%s%s%s", id, first, first_action != NULL ? ":" : "",
        first_action != NULL ? first_action : "", then, then_action != NULL ? ":" : "",
        then_action != NULL ? then_action : "", kind != NULL ? " " : "", kind != NULL ? kind : "");
    return cs_add_constraint(log, description, order, error);
}

gboolean cs_edit_ticket_constraint_add(CsEditLog *log, const char *id, const char *rsc,
                                       const char *ticket, const char *loss_policy, GError **error)
{
    if (!cs_check_new_constraint(log, id, "0", error) || !cs_need_resource(log, rsc, error)
        || !cs_check_choice("loss-policy", loss_policy, cs_loss_policies, error))
        return FALSE;
    if (!cs_edit_valid_id(ticket))
        return cs_invalid(error, "'%s' is not a valid ticket id", ticket);
    xmlNode *constraint = cs_new_constraint(log, "rsc_ticket", id);
    cs_set(constraint, "rsc", rsc);
    cs_set(constraint, "ticket", ticket);
    if (loss_policy != NULL)
        cs_set(constraint, "loss-policy", loss_policy);
    g_autofree char *description = g_strdup_printf(
        "ticket-constraint %s: %s needs %s%s%s", id, rsc, ticket,
        loss_policy != NULL ? " loss-policy=" : "", loss_policy != NULL ? loss_policy : "");
    return cs_add_constraint(log, description, constraint, error);
}

/* ---- resource sets ------------------------------------------------------- */

/* Splits NAME=VALUE; FALSE when word has no '='. */
static gboolean cs_split_option(const char *word, char **name, const char **value)
{
    const char *equals = strchr(word, '=');

    if (equals == NULL || equals == word)
        return FALSE;
    *name = g_strndup(word, (gsize)(equals - word));
    *value = equals + 1;
    return TRUE;
}

static gboolean cs_check_set_option(const char *name, const char *value, GError **error)
{
    if (strcmp(name, "sequential") == 0 || strcmp(name, "require-all") == 0
        || strcmp(name, "ordered") == 0)
        return cs_check_choice(name, value, cs_booleans, error);
    if (strcmp(name, "action") == 0)
        return cs_check_choice(name, value, cs_actions, error);
    if (strcmp(name, "role") == 0)
        return cs_check_choice(name, value, cs_roles, error);
    return cs_invalid(error,
                      "'%s' is not an option of a resource set "
                      "(sequential, require-all, ordered, action, role)",
                      name);
}

/* A <resource_set> of words, or NULL with *error set. */
static xmlNode *cs_new_resource_set(CsBuild *build, const char *set_id, char **words,
                                    GError **error)
{
    xmlNode *set = cs_new_element(build, "resource_set");
    guint members = 0;

    cs_set(set, "id", set_id);
    for (char **word = words; *word != NULL; word++) {
        g_autofree char *name = NULL;
        const char *value = NULL;
        if (cs_split_option(*word, &name, &value)) {
            if (!cs_check_set_option(name, value, error))
                goto fail;
            cs_set(set, name, value);
            continue;
        }
        if (cs_edit_find_resource(cs_edit_log_document(build->log), *word) == NULL) {
            cs_not_found(error, "resource", *word);
            goto fail;
        }
        xmlNode *ref = xmlNewChild(set, NULL, BAD_CAST "resource_ref", NULL);
        cs_set(ref, "id", *word);
        members++;
    }
    if (members > 0)
        return set;
    cs_invalid(error, "a resource set needs at least one resource");
fail:
    xmlFreeNode(set);
    return NULL;
}

static gboolean cs_check_constraint_option(const char *element, const char *name, const char *value,
                                           GError **error)
{
    gboolean order = strcmp(element, "rsc_order") == 0;
    gboolean colocation = strcmp(element, "rsc_colocation") == 0;
    gboolean ticket = strcmp(element, "rsc_ticket") == 0;

    if (strcmp(name, "score") == 0 && (colocation || order)) {
        if (!cs_edit_valid_score(value))
            return cs_invalid(error, "'%s' is not a score (an integer or INFINITY)", value);
        return TRUE;
    }
    if (strcmp(name, "kind") == 0 && order)
        return cs_check_choice(name, value, cs_kinds, error);
    if (strcmp(name, "symmetrical") == 0 && order)
        return cs_check_choice(name, value, cs_booleans, error);
    if (strcmp(name, "loss-policy") == 0 && ticket)
        return cs_check_choice(name, value, cs_loss_policies, error);
    if (strcmp(name, "ticket") == 0 && ticket) {
        if (!cs_edit_valid_id(value))
            return cs_invalid(error, "'%s' is not a valid ticket id", value);
        return TRUE;
    }
    return cs_invalid(error, "'%s' is not an option of %s here", name, element);
}

/* Sets the constraint's own options; FALSE when one is wrong. */
static gboolean cs_set_constraint_options(xmlNode *constraint, const char *element, char **options,
                                          GError **error)
{
    for (char **option = options; option != NULL && *option != NULL; option++) {
        g_autofree char *name = NULL;
        const char *value = NULL;
        if (!cs_split_option(*option, &name, &value))
            return cs_invalid(error, "'%s' is not NAME=VALUE", *option);
        if (!cs_check_constraint_option(element, name, value, error))
            return FALSE;
        cs_set(constraint, name, value);
    }
    if (strcmp(element, "rsc_colocation") == 0 && xmlHasProp(constraint, BAD_CAST "score") == NULL)
        return cs_invalid(error, "a colocation needs score=SCORE");
    if (strcmp(element, "rsc_ticket") == 0 && xmlHasProp(constraint, BAD_CAST "ticket") == NULL)
        return cs_invalid(error, "a ticket constraint needs ticket=TICKET");
    return TRUE;
}

gboolean cs_edit_set_constraint_add(CsEditLog *log, const char *element, const char *id,
                                    const GPtrArray *sets, char **options, GError **error)
{
    static const char *const elements[] = {"rsc_order", "rsc_colocation", "rsc_ticket", NULL};

    if (!cs_check_choice("constraint", element, elements, error)
        || !cs_check_new_constraint(log, id, "0", error))
        return FALSE;
    if (sets == NULL || sets->len == 0)
        return cs_invalid(error, "no resource set given");
    g_autofree char *description =
        g_strdup_printf("%s %s: %u resource sets", element + strlen("rsc_"), id, sets->len);
    CsBuild build;

    cs_build_begin(&build, log, description);
    xmlNode *constraint = cs_new_element(&build, element);
    cs_set(constraint, "id", id);
    g_autofree char *set_base = g_strdup_printf("%s-set", id);
    for (guint i = 0; i < sets->len; i++) {
        g_autofree char *set_id = cs_unique_id(&build, set_base);
        xmlNode *set = cs_new_resource_set(&build, set_id, g_ptr_array_index(sets, i), error);
        if (set == NULL) {
            xmlFreeNode(constraint);
            return cs_build_fail(&build);
        }
        xmlAddChild(constraint, set);
    }
    if (!cs_set_constraint_options(constraint, element, options, error)) {
        xmlFreeNode(constraint);
        return cs_build_fail(&build);
    }
    xmlNode *constraints = cs_build_section(&build, "constraints");
    cs_build_insert(&build, constraints, NULL, constraint);
    cs_indent_new(constraint);
    return cs_build_commit(&build, error);
}

/* ---- rules ------------------------------------------------------------------ */

typedef struct CsRuleParse {
    CsBuild *build;
    char **words;
    guint at;
    const char *rule_id;
} CsRuleParse;

static const char *cs_next_word(CsRuleParse *parse)
{
    const char *word = parse->words[parse->at];

    if (word != NULL)
        parse->at++;
    return word;
}

static const char *cs_peek_word(const CsRuleParse *parse)
{
    return parse->words[parse->at];
}

static char *cs_expression_id(CsRuleParse *parse)
{
    g_autofree char *base = g_strdup_printf("%s-expr", parse->rule_id);
    return cs_unique_id(parse->build, base);
}

static gboolean cs_need_word(CsRuleParse *parse, const char **word, const char *what,
                             GError **error)
{
    *word = cs_next_word(parse);
    if (*word == NULL || strcmp(*word, "and") == 0 || strcmp(*word, "or") == 0)
        return cs_invalid(error, "the rule expression lacks %s", what);
    return TRUE;
}

static xmlNode *cs_parse_date(CsRuleParse *parse, xmlNode *rule, GError **error)
{
    static const char *const operations[] = {"gt", "lt", "in_range", NULL};
    const char *operation, *first, *second = NULL;

    if (!cs_need_word(parse, &operation, "a date operation (gt, lt, in_range)", error)
        || !cs_check_choice("date operation", operation, operations, error)
        || !cs_need_word(parse, &first, "a date", error))
        return NULL;
    if (strcmp(operation, "in_range") == 0 && !cs_need_word(parse, &second, "an end date", error))
        return NULL;
    g_autofree char *id = cs_expression_id(parse);
    xmlNode *date = xmlNewChild(rule, NULL, BAD_CAST "date_expression", NULL);
    cs_set(date, "id", id);
    cs_set(date, "operation", operation);
    if (strcmp(operation, "lt") == 0) {
        cs_set(date, "end", first);
    } else {
        cs_set(date, "start", first);
        if (second != NULL)
            cs_set(date, "end", second);
    }
    return date;
}

static gboolean cs_check_date_spec_field(const char *name, const char *value, GError **error)
{
    static const char *const fields[] = {"hours", "monthdays", "weekdays",  "yeardays", "months",
                                         "weeks", "years",     "weekyears", "moon",     NULL};
    if (!cs_check_choice("date_spec field", name, fields, error))
        return FALSE;
    if (*value == '\0' || strspn(value, "0123456789-") != strlen(value))
        return cs_invalid(error, "date_spec %s='%s' is not a number or range N-M", name, value);
    return TRUE;
}

static xmlNode *cs_parse_date_spec(CsRuleParse *parse, xmlNode *rule, GError **error)
{
    g_autofree char *id = cs_expression_id(parse);
    xmlNode *date = xmlNewChild(rule, NULL, BAD_CAST "date_expression", NULL);
    cs_set(date, "id", id);
    cs_set(date, "operation", "date_spec");
    xmlNode *spec = xmlNewChild(date, NULL, BAD_CAST "date_spec", NULL);
    g_autofree char *spec_id = g_strdup_printf("%s-datespec", id);
    g_autofree char *unique_spec_id = cs_unique_id(parse->build, spec_id);
    cs_set(spec, "id", unique_spec_id);
    guint fields = 0;
    for (const char *word; (word = cs_peek_word(parse)) != NULL && strchr(word, '=') != NULL;) {
        g_autofree char *name = NULL;
        const char *value = NULL;
        cs_next_word(parse);
        if (!cs_split_option(word, &name, &value) || !cs_check_date_spec_field(name, value, error))
            return NULL;
        cs_set(spec, name, value);
        fields++;
    }
    if (fields == 0) {
        cs_invalid(error, "date_spec needs FIELD=RANGE (e.g. hours=9-16 weekdays=1-5)");
        return NULL;
    }
    return date;
}

static xmlNode *cs_parse_defined(CsRuleParse *parse, xmlNode *rule, const char *operation,
                                 GError **error)
{
    const char *attribute;

    if (!cs_need_word(parse, &attribute, "an attribute name", error))
        return NULL;
    g_autofree char *id = cs_expression_id(parse);
    xmlNode *expression = xmlNewChild(rule, NULL, BAD_CAST "expression", NULL);
    cs_set(expression, "id", id);
    cs_set(expression, "attribute", attribute);
    cs_set(expression, "operation", operation);
    return expression;
}

static xmlNode *cs_parse_comparison(CsRuleParse *parse, xmlNode *rule, const char *attribute,
                                    GError **error)
{
    static const char *const operations[] = {"lt", "gt", "lte", "gte", "eq", "ne", NULL};
    static const char *const types[] = {"string", "integer", "number", "version", NULL};
    const char *operation, *value;

    if (!cs_need_word(parse, &operation, "an operation (lt, gt, lte, gte, eq, ne)", error)
        || !cs_check_choice("operation", operation, operations, error)
        || !cs_need_word(parse, &value, "a value", error))
        return NULL;
    const char *type = cs_peek_word(parse);
    if (type != NULL && cs_one_of(type, types))
        cs_next_word(parse);
    else
        type = NULL;
    g_autofree char *id = cs_expression_id(parse);
    xmlNode *expression = xmlNewChild(rule, NULL, BAD_CAST "expression", NULL);
    cs_set(expression, "id", id);
    cs_set(expression, "attribute", attribute);
    cs_set(expression, "operation", operation);
    cs_set(expression, "value", value);
    if (type != NULL)
        cs_set(expression, "type", type);
    return expression;
}

static xmlNode *cs_parse_expression(CsRuleParse *parse, xmlNode *rule, GError **error)
{
    const char *first;

    if (!cs_need_word(parse, &first, "an expression", error))
        return NULL;
    if (strcmp(first, "date") == 0)
        return cs_parse_date(parse, rule, error);
    if (strcmp(first, "date_spec") == 0)
        return cs_parse_date_spec(parse, rule, error);
    if (strcmp(first, "defined") == 0 || strcmp(first, "not_defined") == 0)
        return cs_parse_defined(parse, rule, first, error);
    return cs_parse_comparison(parse, rule, first, error);
}

/* Fills rule from the words; the joins must all be the same word, since
 * a rule has one boolean-op. */
static gboolean cs_parse_rule(CsRuleParse *parse, xmlNode *rule, GError **error)
{
    const char *join = NULL;

    for (;;) {
        if (cs_parse_expression(parse, rule, error) == NULL)
            return FALSE;
        const char *word = cs_next_word(parse);
        if (word == NULL)
            break;
        if (strcmp(word, "and") != 0 && strcmp(word, "or") != 0)
            return cs_invalid(error, "expected 'and' or 'or' between expressions, not '%s'", word);
        if (join != NULL && strcmp(join, word) != 0)
            return cs_invalid(error, "a rule joins all its expressions with one word: "
                                     "'and' or 'or', not both");
        join = word;
    }
    cs_set(rule, "boolean-op", join != NULL ? join : "and");
    return TRUE;
}

/* The location to hold the rule: an existing rule-placed one, or a new
 * one (linked by the caller). */
static xmlNode *cs_rule_location(CsBuild *build, const char *id, const char *rsc, gboolean *created,
                                 GError **error)
{
    CsEditLog *log = build->log;

    *created = rsc != NULL;
    if (rsc != NULL) {
        if (!cs_check_new_constraint(log, id, "0", error) || !cs_need_resource(log, rsc, error))
            return NULL;
        xmlNode *location = cs_new_element(build, "rsc_location");
        cs_set(location, "id", id);
        cs_set(location, "rsc", rsc);
        return location;
    }
    xmlNode *location = cs_constraint(cs_edit_log_document(log), id);
    if (location == NULL || !cs_is_element(location, "rsc_location")) {
        cs_not_found(error, "location constraint", id);
        return NULL;
    }
    if (xmlHasProp(location, BAD_CAST "node") != NULL) {
        cs_invalid(error,
                   "location %s places by node and score; a location holds either "
                   "that or rules (add one with: location add ID RSC rule SCORE EXPR)",
                   id);
        return NULL;
    }
    return location;
}

gboolean cs_edit_rule_add(CsEditLog *log, const char *constraint, const char *rsc,
                          const char *score, char **words, GError **error)
{
    if (!cs_edit_valid_score(score))
        return cs_invalid(error, "'%s' is not a score (an integer or INFINITY)", score);
    g_autofree char *description =
        g_strdup_printf("rule added to %s (score %s)", constraint, score);
    CsBuild build;
    gboolean created;

    cs_build_begin(&build, log, description);
    xmlNode *location = cs_rule_location(&build, constraint, rsc, &created, error);
    if (location == NULL)
        return cs_build_fail(&build);
    g_autofree char *rule_base = g_strdup_printf("%s-rule", constraint);
    g_autofree char *rule_id = cs_unique_id(&build, rule_base);
    xmlNode *rule = cs_new_element(&build, "rule");
    cs_set(rule, "id", rule_id);
    cs_set(rule, "score", score);
    CsRuleParse parse = {&build, words, 0, rule_id};
    if (!cs_parse_rule(&parse, rule, error)) {
        xmlFreeNode(rule);
        if (created)
            xmlFreeNode(location);
        return cs_build_fail(&build);
    }
    if (created) {
        xmlAddChild(location, rule);
        cs_build_insert(&build, cs_build_section(&build, "constraints"), NULL, location);
        cs_indent_new(location);
    } else {
        cs_build_insert(&build, location, NULL, rule);
        cs_indent_new(rule);
    }
    return cs_build_commit(&build, error);
}
