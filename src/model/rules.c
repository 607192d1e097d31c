/* rules.c: evaluation of <rule> elements.
 *
 * Pacemaker Explained ch. 11 "Rules", with the behaviour of Pacemaker
 * 2.1.5's scheduler where the book is silent: an "and" rule stops at the
 * first failing expression and an "or" rule at the first passing one (so
 * later date expressions do not lower next_change); an element that is not
 * an expression fails; an empty "and" rule passes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/rules.h"

/* ---- small XML helpers ------------------------------------------------ */

/* An attribute's value, owned by the document (libxml2 keeps attribute
 * values as a single text child in a tree that is not being edited).
 * The properties are walked here rather than by xmlHasProp: a re-solve
 * evaluates every location rule on every node, and the first byte rules
 * out most attributes without a call. */
static const char *
attribute(const xmlNode *element, const char *name)
{
    for (const xmlAttr *property = element->properties; property != NULL;
         property = property->next) {
        if (property->name[0] != (xmlChar) name[0]
            || strcmp((const char *) property->name, name) != 0) {
            continue;
        }
        return property->children != NULL ? (const char *) property->children->content : "";
    }
    return NULL;
}

static gboolean
is_named(const xmlNode *element, const char *name)
{
    return element->type == XML_ELEMENT_NODE
           && strcmp((const char *) element->name, name) == 0;
}

static xmlNode *
first_child_named(xmlNode *parent, const char *name)
{
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (is_named(child, name)) {
            return child;
        }
    }
    return NULL;
}

static xmlNode *
find_by_id(xmlNode *element, const char *tag, const char *id)
{
    for (xmlNode *node = element; node != NULL; node = node->next) {
        xmlNode *found = NULL;
        if (node->type != XML_ELEMENT_NODE) {
            continue;
        }
        if (is_named(node, tag) && g_strcmp0(attribute(node, "id"), id) == 0
            && attribute(node, "id-ref") == NULL) {
            return node;
        }
        found = find_by_id(node->children, tag, id);
        if (found != NULL) {
            return found;
        }
    }
    return NULL;
}

/* A <rule id-ref="x"/> stands for the rule with id x anywhere in the
 * document (Pacemaker Explained, "Reusing Rules"); NULL if there is none. */
static xmlNode *
resolve_reference(xmlNode *element)
{
    const char *reference = attribute(element, "id-ref");

    if (reference == NULL) {
        return element;
    }
    if (element->doc == NULL) {
        return NULL;
    }
    return find_by_id(xmlDocGetRootElement(element->doc),
                      (const char *) element->name, reference);
}

/* ---- next_change -------------------------------------------------------- */

static void
lower_next_change(const CsRuleContext *context, CsTime candidate)
{
    if (context->next_change != NULL
        && candidate.seconds < context->next_change->seconds) {
        *context->next_change = candidate;
    }
}

/* ---- value comparison ------------------------------------------------- */

/* strtoll as Pacemaker's pcmk__scan_ll: trailing text is tolerated, no
 * digits or overflow is a failure. */
static gboolean
scan_integer(const char *text, long long *out)
{
    char *end = NULL;

    errno = 0;
    *out = strtoll(text, &end, 10);
    return errno == 0 && end != text;
}

static gboolean
scan_number(const char *text, double *out)
{
    char *end = NULL;

    errno = 0;
    *out = strtod(text, &end);
    return errno == 0 && end != text;
}

static int
sign_of_difference(double left, double right)
{
    return (left < right) ? -1 : (left > right) ? 1 : 0;
}

/* Dotted versions compare component by component as integers; a missing
 * component counts as 0, so "1.2" equals "1.2.0". */
static int
compare_versions(const char *left, const char *right)
{
    while (*left != '\0' || *right != '\0') {
        char *left_end = (char *) left, *right_end = (char *) right;
        long left_part = (*left != '\0') ? strtol(left, &left_end, 10) : 0;
        long right_part = (*right != '\0') ? strtol(right, &right_end, 10) : 0;

        if (left_part != right_part) {
            return (left_part < right_part) ? -1 : 1;
        }
        if (left_end == left && right_end == right) {
            break;     /* neither side is a number: nothing more to learn */
        }
        left = left_end + (*left_end == '.');
        right = right_end + (*right_end == '.');
    }
    return 0;
}

/* The comparison operations of a node attribute expression, read once
 * per evaluation (a re-solve evaluates every location rule on every
 * node). */
typedef enum {
    OP_DEFINED, OP_NOT_DEFINED, OP_EQ, OP_NE, OP_LT, OP_LTE, OP_GT, OP_GTE, OP_OTHER
} Operation;

static Operation
parse_operation(const char *operation)
{
    static const struct { const char *name; Operation op; } names[] = {
        { "eq", OP_EQ }, { "ne", OP_NE }, { "lt", OP_LT }, { "lte", OP_LTE },
        { "gt", OP_GT }, { "gte", OP_GTE }, { "defined", OP_DEFINED },
        { "not_defined", OP_NOT_DEFINED },
    };

    for (size_t i = 0; operation != NULL && i < G_N_ELEMENTS(names); i++) {
        if (g_ascii_tolower(operation[0]) == names[i].name[0]
            && g_ascii_strcasecmp(operation, names[i].name) == 0) {
            return names[i].op;
        }
    }
    return OP_OTHER;
}

static gboolean
is_ordering(Operation op)
{
    return op == OP_LT || op == OP_LTE || op == OP_GT || op == OP_GTE;
}

static const char type_string[] = "string", type_integer[] = "integer",
                  type_number[] = "number";

/* Pacemaker 2.1.5: with no type, lt/lte/gt/gte compare as "number" when
 * either value holds a '.', else "integer"; other operations as "string". */
static const char *
default_type(const char *left, const char *right, Operation op)
{
    if (is_ordering(op)) {
        return (strchr(left, '.') || strchr(right, '.')) ? type_number
                                                          : type_integer;
    }
    return type_string;
}

/* type names the given one: the defaults above are known by address. */
static gboolean
type_is(const char *type, const char *name)
{
    return type == name || g_ascii_strcasecmp(type, name) == 0;
}

/* Both values present.  Numbers that do not parse compare as strings;
 * an unknown type compares equal (Pacemaker leaves the result at 0). */
static int
compare_present(const char *left, const char *right, const char *type)
{
    if (type_is(type, type_string)) {
        int result = g_ascii_strcasecmp(left, right);
        return (result > 0) - (result < 0);
    }
    if (type_is(type, type_integer)) {
        long long left_number = 0, right_number = 0;
        if (scan_integer(left, &left_number)
            && scan_integer(right, &right_number)) {
            return (left_number > right_number) - (left_number < right_number);
        }
        return compare_present(left, right, type_string);
    }
    if (type_is(type, type_number)) {
        double left_number = 0, right_number = 0;
        if (scan_number(left, &left_number)
            && scan_number(right, &right_number)) {
            return sign_of_difference(left_number, right_number);
        }
        return compare_present(left, right, type_string);
    }
    if (g_ascii_strcasecmp(type, "version") == 0) {
        return compare_versions(left, right);
    }
    return 0;
}

/* A missing value sorts before any present one. */
static int
compare_values(const char *left, const char *right, const char *type,
               Operation op)
{
    if (left == NULL || right == NULL) {
        return (left != NULL) - (right != NULL);
    }
    if (type == NULL) {
        type = default_type(left, right, op);
    }
    return compare_present(left, right, type);
}

int
cs_rule_compare(const char *left, const char *right, const char *type)
{
    return compare_values(left, right, type, OP_OTHER);
}

static gboolean
operation_is(const char *operation, const char *name)
{
    return operation != NULL && g_ascii_strcasecmp(operation, name) == 0;
}

/* Pacemaker Explained, "Node Attribute Expressions": defined/not_defined
 * look only at the node's value; eq/ne work with a missing side; the
 * ordering operations fail when either side is missing. */
static gboolean
accept_comparison(const char *node_value, const char *value,
                  const char *type, const char *operation)
{
    Operation op = parse_operation(operation);
    int order = 0;

    if (op == OP_DEFINED) {
        return node_value != NULL;
    }
    if (op == OP_NOT_DEFINED) {
        return node_value == NULL;
    }
    if (op == OP_OTHER) {
        return FALSE;
    }
    order = compare_values(node_value, value, type, op);
    if (op == OP_EQ) {
        return order == 0;
    }
    if (op == OP_NE) {
        return order != 0;
    }
    if (node_value == NULL || value == NULL) {
        return FALSE;
    }
    switch (op) {
    case OP_LT: return order < 0;
    case OP_LTE: return order <= 0;
    case OP_GT: return order > 0;
    case OP_GTE: return order >= 0;
    default: return FALSE;
    }
}

/* ---- node attribute expressions ------------------------------------- */

static gboolean
has_match_data(const CsRuleContext *context)
{
    return context->rsc_params != NULL || context->rsc_meta != NULL
           || context->submatches != NULL;
}

/* "%0".."%9" in the attribute name become the rsc-pattern submatches
 * (Pacemaker Explained, "Location Constraints"); one that did not match
 * (or matched nothing) vanishes.  NULL when nothing would change. */
static char *
expand_submatches(const char *name, char **submatches)
{
    GString *expanded = NULL;
    guint count = (submatches != NULL) ? g_strv_length(submatches) : 0;

    if (count == 0 || name == NULL || strchr(name, '%') == NULL) {
        return NULL;
    }
    expanded = g_string_new(NULL);
    for (const char *cursor = name; *cursor != '\0'; cursor++) {
        if (cursor[0] == '%' && g_ascii_isdigit(cursor[1])) {
            guint index = (guint) (cursor[1] - '0');
            if (index < count) {
                g_string_append(expanded, submatches[index]);
            }
            cursor++;
        } else {
            g_string_append_c(expanded, *cursor);
        }
    }
    if (expanded->len == 0) {
        g_string_free(expanded, TRUE);
        return NULL;
    }
    return g_string_free(expanded, FALSE);
}

/* value-source="param"/"meta" names a resource parameter or meta-attribute
 * whose value is compared (Pacemaker Explained, "Node Attribute
 * Expressions"); it applies only where a resource is in context. */
static const char *
expression_value(const xmlNode *expression, const CsRuleContext *context)
{
    const char *value = attribute(expression, "value");
    const char *source = attribute(expression, "value-source");
    GHashTable *table = NULL;

    if (!has_match_data(context)) {
        return value;
    }
    if (value == NULL || value[0] == '\0') {
        return NULL;
    }
    if (source != NULL && g_ascii_strcasecmp(source, "param") == 0) {
        table = context->rsc_params;
    } else if (source != NULL && g_ascii_strcasecmp(source, "meta") == 0) {
        table = context->rsc_meta;
    } else {
        return value;
    }
    return (table != NULL) ? g_hash_table_lookup(table, value) : NULL;
}

static gboolean
attribute_expression_passes(const xmlNode *expression,
                            const CsRuleContext *context)
{
    const char *name = attribute(expression, "attribute");
    const char *operation = attribute(expression, "operation");
    g_autofree char *expanded = NULL;
    const char *node_value = NULL;

    /* Without a node (rsc_defaults, cluster options) these never pass. */
    if (context->node_attrs == NULL || name == NULL) {
        return FALSE;
    }
    expanded = expand_submatches(name, context->submatches);
    node_value = g_hash_table_lookup(context->node_attrs,
                                     expanded ? expanded : name);
    return accept_comparison(node_value, expression_value(expression, context),
                             attribute(expression, "type"), operation);
}

/* ---- #role ------------------------------------------------------------- */

/* Roles in Pacemaker's order; 0 = unknown. */
static int
role_rank(const char *role)
{
    if (role == NULL) {
        return 0;
    }
    if (g_ascii_strcasecmp(role, "Stopped") == 0) {
        return 1;
    }
    if (g_ascii_strcasecmp(role, "Started") == 0) {
        return 2;
    }
    if (g_ascii_strcasecmp(role, "Unpromoted") == 0
        || g_ascii_strcasecmp(role, "Slave") == 0) {
        return 3;
    }
    if (g_ascii_strcasecmp(role, "Promoted") == 0
        || g_ascii_strcasecmp(role, "Master") == 0) {
        return 4;
    }
    return 0;
}

/* #role (deprecated): "defined" means promotable-style roles, "ne" only
 * answers for them, and an unknown role never passes. */
static gboolean
role_expression_passes(const xmlNode *expression, const CsRuleContext *context)
{
    const char *operation = attribute(expression, "operation");
    int role = role_rank(context->role);
    int wanted = role_rank(attribute(expression, "value"));

    if (role == 0) {
        return FALSE;
    }
    if (operation_is(operation, "defined")) {
        return role > 2;
    }
    if (operation_is(operation, "not_defined")) {
        return role < 3;
    }
    if (operation_is(operation, "eq")) {
        return wanted == role;
    }
    if (operation_is(operation, "ne")) {
        return role >= 3 && wanted != role;
    }
    return FALSE;
}

/* ---- date expressions ------------------------------------------------- */

typedef enum CsDateResult {
    CS_DATE_UNDETERMINED,   /* invalid, or the field is absent */
    CS_DATE_BEFORE,
    CS_DATE_WITHIN,
    CS_DATE_AFTER,
} CsDateResult;

/* A whole integer: leading white space and a sign allowed, nothing after. */
static gboolean
scan_whole_integer(const char *text, long long *out)
{
    char *end = NULL;

    errno = 0;
    *out = strtoll(text, &end, 10);
    return errno == 0 && end != text && *end == '\0';
}

/* Reads a date_spec field: "N", "N-M", "N-" (no upper bound) or "-M" (no
 * lower bound); -1 stands for a missing bound.  Anything else ("11abc",
 * "1-2-3", "-") is not a range, as for Pacemaker's pcmk__parse_ll_range. */
static gboolean
parse_spec_range(const char *text, long long *low, long long *high)
{
    char *end = NULL;

    *low = -1;
    *high = -1;
    if (text[0] == '\0' || strcmp(text, "-") == 0) {
        return FALSE;
    }
    if (text[0] == '-') {
        return scan_whole_integer(text + 1, high);
    }
    errno = 0;
    *low = strtoll(text, &end, 10);
    if (errno != 0 || end == text) {
        return FALSE;
    }
    if (*end == '\0') {
        *high = *low;
        return TRUE;
    }
    if (*end != '-') {
        return FALSE;
    }
    return end[1] == '\0' || scan_whole_integer(end + 1, high);
}

/* One date_spec field against the matching field of "now".  A field that
 * is absent or not a range is undetermined, which does not stop the
 * date_spec from passing (Pacemaker 2.1.5). */
static CsDateResult
check_spec_field(const xmlNode *spec, const char *name, int value)
{
    const char *text = attribute(spec, name);
    long long low = -1, high = -1;

    if (text == NULL || !parse_spec_range(text, &low, &high)) {
        return CS_DATE_UNDETERMINED;
    }
    if (low != -1 && value < low) {
        return CS_DATE_BEFORE;
    }
    if (high != -1 && value > high) {
        return CS_DATE_AFTER;
    }
    return CS_DATE_WITHIN;
}

/* The deprecated "moon" field: Pacemaker's (NetHack's) approximation of
 * the phase, 0 = new .. 4 = full .. 7, from the year and day of year. */
static int
moon_phase(const CsTimeFields *fields)
{
    int golden = (fields->year % 19) + 1;
    int epact = (11 * golden + 18) % 30;

    if ((epact == 25 && golden > 11) || epact == 24) {
        epact++;
    }
    return ((((fields->yearday + epact) * 6) + 11) % 177) / 22 & 7;
}

/* Pacemaker Explained, "Date Specifications": every field given must hold;
 * the fields are those of "now" in the offset it was given in. */
static CsDateResult
date_spec_result(const xmlNode *spec, CsTime now)
{
    CsTimeFields fields;
    const struct { const char *name; int value; } checks[] = {
        { "years", 0 }, { "months", 0 }, { "monthdays", 0 },
        { "hours", 0 }, { "minutes", 0 }, { "seconds", 0 },
        { "yeardays", 0 }, { "weekyears", 0 }, { "weeks", 0 },
        { "weekdays", 0 }, { "moon", 0 },
    };
    int values[G_N_ELEMENTS(checks)];

    if (spec == NULL) {
        return CS_DATE_WITHIN;
    }
    cs_time_fields(now, &fields);
    values[0] = fields.year;
    values[1] = fields.month;
    values[2] = fields.monthday;
    values[3] = fields.hours;
    values[4] = fields.minutes;
    values[5] = fields.seconds;
    values[6] = fields.yearday;
    values[7] = fields.weekyear;
    values[8] = fields.week;
    values[9] = fields.weekday;
    values[10] = moon_phase(&fields);
    for (gsize i = 0; i < G_N_ELEMENTS(checks); i++) {
        CsDateResult result = check_spec_field(spec, checks[i].name, values[i]);
        if (result != CS_DATE_WITHIN && result != CS_DATE_UNDETERMINED) {
            return result;
        }
    }
    return CS_DATE_WITHIN;
}

/* A <duration> field: an integer (trailing text ignored); 0, garbage and
 * values beyond int are skipped, as Pacemaker does. */
static gboolean
duration_field(const xmlNode *duration, const char *name, int *out)
{
    const char *text = attribute(duration, name);
    long long value = 0;

    if (text == NULL || !scan_integer(text, &value) || value == 0
        || value < G_MININT || value > G_MAXINT) {
        return FALSE;
    }
    *out = (int) value;
    return TRUE;
}

/* end = start + <duration>, applied years, months, then weeks, days,
 * hours, minutes, seconds (order matters for month-end clamping). */
static CsTime
end_from_duration(CsTime start, const xmlNode *duration)
{
    static const struct { const char *name; gint64 seconds; } units[] = {
        { "weeks", 7 * 86400 }, { "days", 86400 }, { "hours", 3600 },
        { "minutes", 60 }, { "seconds", 1 },
    };
    CsDuration step = { 0, 0, 0 };
    int amount = 0;

    if (duration_field(duration, "years", &amount)) {
        step.years = amount;
    }
    if (duration_field(duration, "months", &amount)) {
        step.months = amount;
    }
    for (gsize i = 0; i < G_N_ELEMENTS(units); i++) {
        if (duration_field(duration, units[i].name, &amount)) {
            step.seconds += amount * units[i].seconds;
        }
    }
    return cs_time_add_duration(start, &step);
}

/* An unparsable start or end is treated as absent, as in Pacemaker. */
static gboolean
date_attribute(const xmlNode *expression, const char *name, CsTime *out)
{
    const char *text = attribute(expression, name);
    return text != NULL && cs_time_parse(text, out, NULL);
}

static CsTime
one_second_after(CsTime time)
{
    time.seconds += 1;
    return time;
}

/* in_range: start <= now <= end, both inclusive. */
static CsDateResult
in_range_result(gboolean has_start, CsTime start, gboolean has_end,
                CsTime end, const CsRuleContext *context)
{
    if (!has_start && !has_end) {
        return CS_DATE_UNDETERMINED;
    }
    if (has_start && context->now.seconds < start.seconds) {
        lower_next_change(context, start);
        return CS_DATE_BEFORE;
    }
    if (has_end && context->now.seconds > end.seconds) {
        return CS_DATE_AFTER;
    }
    if (has_end) {
        lower_next_change(context, one_second_after(end));
    }
    return CS_DATE_WITHIN;
}

static CsDateResult
date_expression_result(xmlNode *expression, const CsRuleContext *context)
{
    const char *operation = attribute(expression, "operation");
    xmlNode *duration = first_child_named(expression, "duration");
    CsTime start = { 0, 0 }, end = { 0, 0 };
    gboolean has_start = date_attribute(expression, "start", &start);
    gboolean has_end = date_attribute(expression, "end", &end);

    if (has_start && !has_end && duration != NULL) {
        end = end_from_duration(start, duration);
        has_end = TRUE;
    }
    if (operation == NULL || operation_is(operation, "in_range")) {
        return in_range_result(has_start, start, has_end, end, context);
    }
    if (operation_is(operation, "date_spec")) {
        return date_spec_result(first_child_named(expression, "date_spec"),
                                context->now);
    }
    if (operation_is(operation, "gt") && has_start) {
        if (context->now.seconds > start.seconds) {
            return CS_DATE_WITHIN;
        }
        lower_next_change(context, one_second_after(start));
        return CS_DATE_BEFORE;
    }
    if (operation_is(operation, "lt") && has_end) {
        if (context->now.seconds < end.seconds) {
            lower_next_change(context, end);
            return CS_DATE_WITHIN;
        }
        return CS_DATE_AFTER;
    }
    return CS_DATE_UNDETERMINED;
}

/* ---- resource and operation expressions --------------------------------- */

/* rsc_expression (rsc_defaults): class and type must match when given;
 * provider must match exactly, absent on both sides included. */
static gboolean
resource_expression_passes(const xmlNode *expression,
                           const CsRuleContext *context)
{
    const char *class = attribute(expression, "class");
    const char *provider = attribute(expression, "provider");
    const char *type = attribute(expression, "type");

    if (context->rsc_class == NULL) {
        return FALSE;
    }
    if (class != NULL && strcmp(class, context->rsc_class) != 0) {
        return FALSE;
    }
    if (g_strcmp0(provider, context->rsc_provider) != 0) {
        return FALSE;
    }
    return type == NULL || g_strcmp0(type, context->rsc_type) == 0;
}

/* op_expression (op_defaults): name must match; interval when given. */
static gboolean
operation_expression_passes(const xmlNode *expression,
                            const CsRuleContext *context)
{
    const char *name = attribute(expression, "name");
    const char *interval = attribute(expression, "interval");
    guint interval_ms = 0;

    if (context->op_name == NULL) {
        return FALSE;
    }
    if (interval != NULL) {
        if (!cs_interval_spec_parse(interval, &interval_ms)
            || interval_ms != context->op_interval_ms) {
            return FALSE;
        }
    }
    return g_strcmp0(name, context->op_name) == 0;
}

/* ---- rules -------------------------------------------------------------- */

static gboolean rule_passes(xmlNode *rule, const CsRuleContext *context, int depth);

/* Rules nest only as deep as libxml2 lets elements nest (256), but a
 * <rule id-ref> can refer to a rule that contains it.  Pacemaker recurses
 * without end there; past this depth the rule simply does not pass. */
#define CS_RULE_MAX_DEPTH 256

static gboolean
is_role_attribute(const char *name)
{
    return g_strcmp0(name, "#role") == 0;
}

static gboolean
condition_passes(xmlNode *condition, const CsRuleContext *context, int depth)
{
    if (is_named(condition, "rule")) {
        return rule_passes(condition, context, depth + 1);
    }
    if (is_named(condition, "date_expression")) {
        CsDateResult result = date_expression_result(condition, context);
        return result == CS_DATE_WITHIN;
    }
    if (is_named(condition, "rsc_expression")) {
        return resource_expression_passes(condition, context);
    }
    if (is_named(condition, "op_expression")) {
        return operation_expression_passes(condition, context);
    }
    if (is_named(condition, "expression")) {
        if (is_role_attribute(attribute(condition, "attribute"))) {
            return role_expression_passes(condition, context);
        }
        return attribute_expression_passes(condition, context);
    }
    return FALSE;
}

/* boolean-op="or" passes on the first passing condition; anything else
 * means "and".  A rule reference that leads nowhere has no conditions
 * and so passes, as in Pacemaker. */
static gboolean
rule_passes(xmlNode *rule, const CsRuleContext *context, int depth)
{
    const char *boolean_op = NULL;
    gboolean any = FALSE;

    if (depth > CS_RULE_MAX_DEPTH) {
        return FALSE;
    }
    rule = resolve_reference(rule);
    if (rule == NULL) {
        return TRUE;
    }
    boolean_op = attribute(rule, "boolean-op");
    any = (boolean_op != NULL && g_ascii_strcasecmp(boolean_op, "or") == 0);
    for (xmlNode *child = rule->children; child != NULL; child = child->next) {
        gboolean passed = FALSE;
        if (child->type != XML_ELEMENT_NODE) {
            continue;
        }
        passed = condition_passes(child, context, depth);
        if (passed && any) {
            return TRUE;
        }
        if (!passed && !any) {
            return FALSE;
        }
    }
    return !any;
}

gboolean
cs_rule_passes(xmlNode *rule, const CsRuleContext *context)
{
    if (rule == NULL || context == NULL) {
        return FALSE;
    }
    return rule_passes(rule, context, 0);
}

/* Pacemaker's pe_eval_rules: no <rule> child passes; otherwise ANY passing
 * rule is enough (the schema allows several only in the deprecated
 * <lifetime>, which is active while any of its rules is). */
gboolean
cs_rules_pass(xmlNode *parent, const CsRuleContext *context)
{
    gboolean found = FALSE;

    if (parent == NULL) {
        return TRUE;
    }
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (!is_named(child, "rule")) {
            continue;
        }
        found = TRUE;
        if (cs_rule_passes(child, context)) {
            return TRUE;
        }
    }
    return !found;
}

/* Everything Pacemaker 2.1.5 evaluates is modelled; what it rejects (an
 * unknown element) fails the same way here.  Kept for the engine's status 3
 * contract: a future unmodelled condition is named here. */
gboolean
cs_rule_supported(xmlNode *rule, GError **error)
{
    if (rule == NULL) {
        g_set_error(error, CS_ISO8601_ERROR, 0, "no rule to evaluate");
        return FALSE;
    }
    return TRUE;
}
