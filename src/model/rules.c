/* rules.c: evaluation of <rule> elements.
 *
 * Pacemaker Explained 2.1, "Rules", with the behaviour of Pacemaker
 * 2.1.5's scheduler where the book is silent: an "and" rule stops at the
 * first failing expression and an "or" rule at the first passing one (so
 * later date expressions do not lower next_change); an element that is not
 * an expression fails; an empty "and" rule passes.
 *
 * A rule is evaluated in two steps.  cs_rule_compile() reads the XML once
 * into a small read-only graph: element names become kinds, operations and
 * types become enums, dates are parsed, id-refs are resolved.  Then
 * cs_rule_evaluate() walks that graph against a context and changes
 * nothing but context->next_change, so the engine may evaluate one rule on
 * several threads.  A re-solve evaluates every location rule on every node,
 * so the model compiles its location rules once when it is built.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/rules.h"

/* ---- small XML helpers ------------------------------------------------ */

/* An attribute's value, owned by the document (libxml2 keeps attribute
 * values as a single text child in a tree that is not being edited). */
static const char *attribute(const xmlNode *element, const char *name)
{
    for (const xmlAttr *property = element->properties; property != NULL;
         property = property->next) {
        if (property->name[0] != (xmlChar)name[0]
            || strcmp((const char *)property->name, name) != 0) {
            continue;
        }
        return property->children != NULL ? (const char *)property->children->content : "";
    }
    return NULL;
}

static gboolean is_named(const xmlNode *element, const char *name)
{
    return element->type == XML_ELEMENT_NODE && strcmp((const char *)element->name, name) == 0;
}

static xmlNode *first_child_named(xmlNode *parent, const char *name)
{
    for (xmlNode *child = parent->children; child != NULL; child = child->next) {
        if (is_named(child, name)) {
            return child;
        }
    }
    return NULL;
}

static xmlNode *find_by_id(xmlNode *element, const char *tag, const char *id)
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
 * document (Pacemaker Explained 2.1, "Reusing Rules"); NULL if there is none. */
static xmlNode *resolve_reference(xmlNode *element)
{
    const char *reference = attribute(element, "id-ref");

    if (reference == NULL) {
        return element;
    }
    if (element->doc == NULL) {
        return NULL;
    }
    return find_by_id(xmlDocGetRootElement(element->doc), (const char *)element->name, reference);
}

static gboolean text_is(const char *text, const char *name)
{
    return text != NULL && g_ascii_strcasecmp(text, name) == 0;
}

/* ---- next_change -------------------------------------------------------- */

static void lower_next_change(const CsRuleContext *context, CsTime candidate)
{
    if (context->next_change != NULL && candidate.seconds < context->next_change->seconds) {
        *context->next_change = candidate;
    }
}

/* ---- value comparison ------------------------------------------------- */

/* strtoll as Pacemaker's pcmk__scan_ll: trailing text is tolerated, no
 * digits or overflow is a failure. */
static gboolean scan_integer(const char *text, long long *out)
{
    char *end = NULL;

    errno = 0;
    *out = strtoll(text, &end, 10);
    return errno == 0 && end != text;
}

static gboolean scan_number(const char *text, double *out)
{
    char *end = NULL;

    errno = 0;
    *out = strtod(text, &end);
    return errno == 0 && end != text;
}

static int sign_of_difference(double left, double right)
{
    return (left < right) ? -1 : (left > right) ? 1 : 0;
}

/* Dotted versions compare component by component as integers; a missing
 * component counts as 0, so "1.2" equals "1.2.0". */
static int compare_versions(const char *left, const char *right)
{
    while (*left != '\0' || *right != '\0') {
        char *left_end = (char *)left, *right_end = (char *)right;
        long left_part = (*left != '\0') ? strtol(left, &left_end, 10) : 0;
        long right_part = (*right != '\0') ? strtol(right, &right_end, 10) : 0;

        if (left_part != right_part) {
            return (left_part < right_part) ? -1 : 1;
        }
        if (left_end == left && right_end == right) {
            break; /* neither side is a number: nothing more to learn */
        }
        left = left_end + (*left_end == '.');
        right = right_end + (*right_end == '.');
    }
    return 0;
}

/* The comparison operations of an expression (any case). */
typedef enum {
    OP_DEFINED,
    OP_NOT_DEFINED,
    OP_EQ,
    OP_NE,
    OP_LT,
    OP_LTE,
    OP_GT,
    OP_GTE,
    OP_OTHER
} Operation;

static Operation parse_operation(const char *operation)
{
    static const struct {
        const char *name;
        Operation op;
    } names[] = {
        {"eq", OP_EQ}, {"ne", OP_NE},   {"lt", OP_LT},           {"lte", OP_LTE},
        {"gt", OP_GT}, {"gte", OP_GTE}, {"defined", OP_DEFINED}, {"not_defined", OP_NOT_DEFINED},
    };

    for (size_t i = 0; operation != NULL && i < G_N_ELEMENTS(names); i++) {
        if (text_is(operation, names[i].name)) {
            return names[i].op;
        }
    }
    return OP_OTHER;
}

static gboolean is_ordering(Operation op)
{
    return op == OP_LT || op == OP_LTE || op == OP_GT || op == OP_GTE;
}

/* An expression's type=; DEFAULT when absent, UNKNOWN for a name Pacemaker
 * does not know (which compares equal). */
typedef enum {
    TYPE_DEFAULT,
    TYPE_STRING,
    TYPE_INTEGER,
    TYPE_NUMBER,
    TYPE_VERSION,
    TYPE_UNKNOWN
} ValueType;

static ValueType parse_type(const char *type)
{
    if (type == NULL) {
        return TYPE_DEFAULT;
    }
    if (text_is(type, "string")) {
        return TYPE_STRING;
    }
    if (text_is(type, "integer")) {
        return TYPE_INTEGER;
    }
    if (text_is(type, "number")) {
        return TYPE_NUMBER;
    }
    if (text_is(type, "version")) {
        return TYPE_VERSION;
    }
    return TYPE_UNKNOWN;
}

/* Pacemaker 2.1.5: with no type, lt/lte/gt/gte compare as "number" when
 * either value holds a '.', else "integer"; other operations as "string". */
static ValueType default_type(const char *left, const char *right, Operation op)
{
    if (is_ordering(op)) {
        return (strchr(left, '.') || strchr(right, '.')) ? TYPE_NUMBER : TYPE_INTEGER;
    }
    return TYPE_STRING;
}

/* g_ascii_strcasecmp's order, -1, 0 or 1, without a call per value: most
 * location rules compare a node attribute with a string. */
static int compare_ignoring_case(const char *left, const char *right)
{
    for (;; left++, right++) {
        int a = g_ascii_isupper(*left) ? *left - 'A' + 'a' : (unsigned char)*left;
        int b = g_ascii_isupper(*right) ? *right - 'A' + 'a' : (unsigned char)*right;

        if (a != b) {
            return (a > b) - (a < b);
        }
        if (a == '\0') {
            return 0;
        }
    }
}

/* Both values present.  Numbers that do not parse compare as strings;
 * an unknown type compares equal (Pacemaker leaves the result at 0). */
static int compare_present(const char *left, const char *right, ValueType type)
{
    switch (type) {
    case TYPE_DEFAULT:
    case TYPE_STRING: return compare_ignoring_case(left, right);
    case TYPE_INTEGER: {
        long long left_number = 0, right_number = 0;
        if (scan_integer(left, &left_number) && scan_integer(right, &right_number)) {
            return (left_number > right_number) - (left_number < right_number);
        }
        return compare_present(left, right, TYPE_STRING);
    }
    case TYPE_NUMBER: {
        double left_number = 0, right_number = 0;
        if (scan_number(left, &left_number) && scan_number(right, &right_number)) {
            return sign_of_difference(left_number, right_number);
        }
        return compare_present(left, right, TYPE_STRING);
    }
    case TYPE_VERSION: return compare_versions(left, right);
    case TYPE_UNKNOWN:
    default: return 0;
    }
}

/* A missing value sorts before any present one. */
static int compare_values(const char *left, const char *right, ValueType type, Operation op)
{
    if (left == NULL || right == NULL) {
        return (left != NULL) - (right != NULL);
    }
    if (type == TYPE_DEFAULT) {
        type = default_type(left, right, op);
    }
    return compare_present(left, right, type);
}

int cs_rule_compare(const char *left, const char *right, const char *type)
{
    return compare_values(left, right, parse_type(type), OP_OTHER);
}

/* Pacemaker Explained 2.1, "Node Attribute Expressions": defined/not_defined
 * look only at the node's value; eq/ne work with a missing side; the
 * ordering operations fail when either side is missing. */
static gboolean accept_comparison(const char *node_value, const char *value, ValueType type,
                                  Operation op)
{
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

/* ---- the compiled form -------------------------------------------------- */

typedef enum {
    CONDITION_RULE,      /* a nested <rule> (or a reference to one) */
    CONDITION_ATTRIBUTE, /* <expression> on a node attribute */
    CONDITION_ROLE,      /* <expression attribute="#role"> */
    CONDITION_DATE,      /* <date_expression> */
    CONDITION_RESOURCE,  /* <rsc_expression> */
    CONDITION_OPERATION, /* <op_expression> */
    CONDITION_FALSE,     /* any other element: never passes */
} ConditionKind;

typedef enum { SOURCE_LITERAL, SOURCE_PARAM, SOURCE_META } ValueSource;

typedef struct {
    const char *name;     /* NULL: the expression never passes */
    gboolean has_percent; /* may hold %N submatch references */
    Operation op;
    ValueType type;
    ValueSource source;
    const char *value;
} AttributeTest;

typedef struct {
    Operation op;
    int wanted; /* role_rank() of value= */
} RoleTest;

typedef enum { DATE_IN_RANGE, DATE_SPEC, DATE_GT, DATE_LT, DATE_INVALID } DateOperation;

/* One date_spec field: absent, or a range whose -1 bounds are open. */
typedef struct {
    gboolean present;
    long long low, high;
} SpecField;

enum { SPEC_FIELDS = 11 };

typedef struct {
    DateOperation op;
    gboolean has_start, has_end;
    CsTime start, end; /* end includes a <duration> */
    gboolean has_spec; /* date_spec: FALSE when there is no element */
    SpecField spec[SPEC_FIELDS];
} DateTest;

typedef struct {
    const char *class, *provider, *type; /* NULL when absent */
} ResourceTest;

typedef enum { INTERVAL_ANY, INTERVAL_FIXED, INTERVAL_INVALID } IntervalKind;

typedef struct {
    const char *name;
    IntervalKind interval_kind;
    guint interval_ms;
} OperationTest;

typedef struct CompiledRule CompiledRule;

typedef struct {
    ConditionKind kind;
    union {
        const CompiledRule *rule; /* NULL: a reference leading nowhere */
        AttributeTest attribute;
        RoleTest role;
        DateTest *date; /* large and rare: kept apart */
        ResourceTest resource;
        OperationTest operation;
    } as;
} Condition;

/* One resolved <rule>: its element conditions in document order. */
struct CompiledRule {
    gboolean any; /* boolean-op="or" */
    guint n_conditions;
    Condition *conditions;
};

/* Owns every piece of the graph.  A rule is compiled once however often
 * it is referred to, so a rule referring to itself is a cycle here too and
 * evaluation stops at CS_RULE_MAX_DEPTH. */
struct CsRule {
    xmlNode *xml;
    const CompiledRule *root; /* NULL: the reference leads nowhere */
    gboolean element_or;      /* the given element's own boolean-op="or" */
    CompiledRule root_storage;
    /* A rebuild compiles every location rule, so the usual rule (plain
     * expressions, no nesting, no dates) is one allocation: this block
     * holds the root's conditions and, after them, room for their
     * strings.  Anything else goes in "pieces" (NULL until needed). */
    char *room, *room_end;
    GPtrArray *pieces; /* nested CompiledRules, Condition arrays,
                                  DateTests, strings: all g_free'd */
    /* While compiling only, and only once a nested rule appears:
     * resolved <rule> -> its CompiledRule, and the rules whose conditions
     * are still to be read. */
    xmlNode *root_xml;
    GHashTable *compiled;
    GPtrArray *pending;
    Condition root_conditions[];
};

/* ---- compiling ---------------------------------------------------------- */

static gpointer keep_piece(CsRule *owner, gpointer piece)
{
    if (owner->pieces == NULL) {
        owner->pieces = g_ptr_array_new_full(4, g_free);
    }
    g_ptr_array_add(owner->pieces, piece);
    return piece;
}

static const char *keep_string(CsRule *owner, const char *text)
{
    size_t size = 0;
    char *copy = NULL;

    if (text == NULL) {
        return NULL;
    }
    size = strlen(text) + 1;
    if ((size_t)(owner->room_end - owner->room) < size) {
        return keep_piece(owner, g_strdup(text));
    }
    copy = memcpy(owner->room, text, size);
    owner->room += size;
    return copy;
}

/* Reads the named properties of an element in one walk over its
 * properties: values[i] is that of names[i], or NULL. */
static void read_properties(const xmlNode *element, const char *const *names, const char **values,
                            gsize count)
{
    memset(values, 0, count * sizeof(*values));
    for (const xmlAttr *property = element->properties; property != NULL;
         property = property->next) {
        const char *name = (const char *)property->name;

        for (gsize i = 0; i < count; i++) {
            if (values[i] == NULL && name[0] == names[i][0] && strcmp(name, names[i]) == 0) {
                values[i] =
                    property->children != NULL ? (const char *)property->children->content : "";
                break;
            }
        }
    }
}

static ValueSource parse_source(const char *source)
{
    if (text_is(source, "param")) {
        return SOURCE_PARAM;
    }
    if (text_is(source, "meta")) {
        return SOURCE_META;
    }
    return SOURCE_LITERAL;
}

/* Roles in Pacemaker's order; 0 = unknown. */
static int role_rank(const char *role)
{
    if (role == NULL) {
        return 0;
    }
    if (text_is(role, "Stopped")) {
        return 1;
    }
    if (text_is(role, "Started")) {
        return 2;
    }
    if (text_is(role, "Unpromoted") || text_is(role, "Slave")) {
        return 3;
    }
    if (text_is(role, "Promoted") || text_is(role, "Master")) {
        return 4;
    }
    return 0;
}

static void compile_expression(CsRule *owner, const xmlNode *element, Condition *out)
{
    enum { NAME, OPERATION, TYPE, SOURCE, VALUE, COUNT };
    static const char *const names[COUNT] = {
        [NAME] = "attribute",      [OPERATION] = "operation", [TYPE] = "type",
        [SOURCE] = "value-source", [VALUE] = "value",
    };
    const char *values[COUNT];

    read_properties(element, names, values, COUNT);
    if (g_strcmp0(values[NAME], "#role") == 0) {
        out->kind = CONDITION_ROLE;
        out->as.role.op = parse_operation(values[OPERATION]);
        out->as.role.wanted = role_rank(values[VALUE]);
        return;
    }
    out->kind = CONDITION_ATTRIBUTE;
    out->as.attribute = (AttributeTest){
        .name = keep_string(owner, values[NAME]),
        .has_percent = values[NAME] != NULL && strchr(values[NAME], '%') != NULL,
        .op = parse_operation(values[OPERATION]),
        .type = parse_type(values[TYPE]),
        .source = parse_source(values[SOURCE]),
        .value = keep_string(owner, values[VALUE]),
    };
}

/* Reads a date_spec field: "N", "N-M", "N-" (no upper bound) or "-M" (no
 * lower bound); -1 stands for a missing bound.  Anything else ("11abc",
 * "1-2-3", "-") is not a range, as for Pacemaker's pcmk__parse_ll_range. */
static gboolean scan_whole_integer(const char *text, long long *out)
{
    char *end = NULL;

    errno = 0;
    *out = strtoll(text, &end, 10);
    return errno == 0 && end != text && *end == '\0';
}

static gboolean parse_spec_range(const char *text, long long *low, long long *high)
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

/* The date_spec fields, in the order they are checked. */
static const char *const spec_field_names[SPEC_FIELDS] = {
    "years",    "months",    "monthdays", "hours",    "minutes", "seconds",
    "yeardays", "weekyears", "weeks",     "weekdays", "moon",
};

/* A field that is absent or not a range is left out: it does not stop the
 * date_spec from passing (Pacemaker 2.1.5). */
static void compile_date_spec(const xmlNode *spec, DateTest *date)
{
    date->has_spec = (spec != NULL);
    for (gsize i = 0; spec != NULL && i < SPEC_FIELDS; i++) {
        const char *text = attribute(spec, spec_field_names[i]);
        SpecField *field = &date->spec[i];

        field->present = text != NULL && parse_spec_range(text, &field->low, &field->high);
    }
}

/* A <duration> field: an integer (trailing text ignored); 0, garbage and
 * values beyond int are skipped, as Pacemaker does. */
static gboolean duration_field(const xmlNode *duration, const char *name, int *out)
{
    const char *text = attribute(duration, name);
    long long value = 0;

    if (text == NULL || !scan_integer(text, &value) || value == 0 || value < G_MININT
        || value > G_MAXINT) {
        return FALSE;
    }
    *out = (int)value;
    return TRUE;
}

/* end = start + <duration>, applied years, months, then weeks, days,
 * hours, minutes, seconds (order matters for month-end clamping). */
static CsTime end_from_duration(CsTime start, const xmlNode *duration)
{
    static const struct {
        const char *name;
        gint64 seconds;
    } units[] = {
        {"weeks", 7 * 86400}, {"days", 86400}, {"hours", 3600}, {"minutes", 60}, {"seconds", 1},
    };
    CsDuration step = {0, 0, 0};
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
static gboolean date_attribute(const xmlNode *expression, const char *name, CsTime *out)
{
    const char *text = attribute(expression, name);
    return text != NULL && cs_time_parse(text, out, NULL);
}

/* Pacemaker Explained 2.1, "Date Expressions": in_range (the default) needs a
 * start or an end, gt a start, lt an end; anything else is invalid. */
static DateTest *compile_date(CsRule *owner, xmlNode *element)
{
    DateTest *date = keep_piece(owner, g_new0(DateTest, 1));
    const char *operation = attribute(element, "operation");
    xmlNode *duration = first_child_named(element, "duration");

    date->has_start = date_attribute(element, "start", &date->start);
    date->has_end = date_attribute(element, "end", &date->end);
    if (date->has_start && !date->has_end && duration != NULL) {
        date->end = end_from_duration(date->start, duration);
        date->has_end = TRUE;
    }
    if (operation == NULL || text_is(operation, "in_range")) {
        date->op = DATE_IN_RANGE;
    } else if (text_is(operation, "date_spec")) {
        date->op = DATE_SPEC;
        compile_date_spec(first_child_named(element, "date_spec"), date);
    } else if (text_is(operation, "gt") && date->has_start) {
        date->op = DATE_GT;
    } else if (text_is(operation, "lt") && date->has_end) {
        date->op = DATE_LT;
    } else {
        date->op = DATE_INVALID;
    }
    return date;
}

static void compile_operation(CsRule *owner, const xmlNode *element, OperationTest *out)
{
    static const char *const names[] = {"name", "interval"};
    const char *values[G_N_ELEMENTS(names)];
    const char *interval = NULL;

    read_properties(element, names, values, G_N_ELEMENTS(names));
    interval = values[1];
    out->name = keep_string(owner, values[0]);
    out->interval_kind = INTERVAL_ANY;
    out->interval_ms = 0;
    if (interval != NULL) {
        out->interval_kind =
            cs_interval_spec_parse(interval, &out->interval_ms) ? INTERVAL_FIXED : INTERVAL_INVALID;
    }
}

static const CompiledRule *compile_rule(CsRule *owner, xmlNode *element);

/* The element's name decides its kind; names are compared once, here. */
static void compile_condition(CsRule *owner, xmlNode *element, Condition *out)
{
    const char *name = (const char *)element->name;

    if (name[0] == 'e' && strcmp(name, "expression") == 0) {
        compile_expression(owner, element, out); /* the usual one first */
    } else if (strcmp(name, "rule") == 0) {
        out->kind = CONDITION_RULE;
        out->as.rule = compile_rule(owner, element);
    } else if (strcmp(name, "date_expression") == 0) {
        out->kind = CONDITION_DATE;
        out->as.date = compile_date(owner, element);
    } else if (strcmp(name, "rsc_expression") == 0) {
        static const char *const names[] = {"class", "provider", "type"};
        const char *values[G_N_ELEMENTS(names)];

        read_properties(element, names, values, G_N_ELEMENTS(names));
        out->kind = CONDITION_RESOURCE;
        out->as.resource = (ResourceTest){
            .class = keep_string(owner, values[0]),
            .provider = keep_string(owner, values[1]),
            .type = keep_string(owner, values[2]),
        };
    } else if (strcmp(name, "op_expression") == 0) {
        out->kind = CONDITION_OPERATION;
        compile_operation(owner, element, &out->as.operation);
    } else {
        out->kind = CONDITION_FALSE;
    }
}

/* The nested rule an element stands for, compiled once however often it
 * is referred to; NULL when a reference leads nowhere.  Its conditions are
 * read later by fill_pending(), so a long chain of references costs no
 * recursion. */
static const CompiledRule *compile_rule(CsRule *owner, xmlNode *element)
{
    xmlNode *rule = resolve_reference(element);
    CompiledRule *compiled = NULL;

    if (rule == NULL) {
        return NULL;
    }
    if (owner->compiled == NULL) {
        owner->compiled = g_hash_table_new(g_direct_hash, g_direct_equal);
        owner->pending = g_ptr_array_new();
        g_hash_table_insert(owner->compiled, owner->root_xml, &owner->root_storage);
    }
    compiled = g_hash_table_lookup(owner->compiled, rule);
    if (compiled == NULL) {
        compiled = keep_piece(owner, g_new0(CompiledRule, 1));
        g_hash_table_insert(owner->compiled, rule, compiled);
        g_ptr_array_add(owner->pending, rule);
    }
    return compiled;
}

static guint count_conditions(const xmlNode *rule)
{
    guint count = 0;

    for (const xmlNode *child = rule->children; child != NULL; child = child->next) {
        count += (child->type == XML_ELEMENT_NODE);
    }
    return count;
}

/* conditions: room for them, or NULL to allocate it. */
static void fill_rule(CsRule *owner, xmlNode *rule, CompiledRule *compiled, Condition *conditions)
{
    guint count = count_conditions(rule), index = 0;

    compiled->any = text_is(attribute(rule, "boolean-op"), "or");
    compiled->n_conditions = count;
    compiled->conditions =
        conditions != NULL ? conditions : keep_piece(owner, g_new0(Condition, MAX(count, 1)));
    for (xmlNode *child = rule->children; child != NULL; child = child->next) {
        if (child->type == XML_ELEMENT_NODE) {
            compile_condition(owner, child, &compiled->conditions[index++]);
        }
    }
}

/* The pending array grows while it is walked: nested rules of nested rules. */
static void fill_pending(CsRule *owner)
{
    for (guint i = 0; owner->pending != NULL && i < owner->pending->len; i++) {
        xmlNode *rule = g_ptr_array_index(owner->pending, i);
        fill_rule(owner, rule, g_hash_table_lookup(owner->compiled, rule), NULL);
    }
}

/* Room enough for the strings of the rule's own conditions: every
 * property value they have, whether kept or not. */
static size_t text_room(const xmlNode *rule)
{
    size_t room = 0;

    for (const xmlNode *child = rule->children; child != NULL; child = child->next) {
        if (child->type != XML_ELEMENT_NODE) {
            continue;
        }
        for (const xmlAttr *property = child->properties; property != NULL;
             property = property->next) {
            const xmlNode *text = property->children;
            room += 1
                    + ((text != NULL && text->content != NULL) ? strlen((const char *)text->content)
                                                               : 0);
        }
    }
    return room;
}

CsRule *cs_rule_compile(xmlNode *rule)
{
    CsRule *compiled = NULL;
    xmlNode *root = NULL;
    guint count = 0;
    size_t room = 0;

    if (rule == NULL) {
        return NULL;
    }
    root = resolve_reference(rule);
    if (root != NULL) {
        count = count_conditions(root);
        room = text_room(root);
    }
    compiled = g_malloc0(sizeof(CsRule) + count * sizeof(Condition) + room);
    compiled->xml = rule;
    compiled->element_or = text_is(attribute(rule, "boolean-op"), "or");
    compiled->room = (char *)&compiled->root_conditions[count];
    compiled->room_end = compiled->room + room;
    compiled->root_xml = root;
    if (root != NULL) {
        compiled->root = &compiled->root_storage;
        fill_rule(compiled, root, &compiled->root_storage, compiled->root_conditions);
        fill_pending(compiled);
    }
    /* Evaluation must find no table it could be tempted to fill. */
    compiled->root_xml = NULL;
    g_clear_pointer(&compiled->compiled, g_hash_table_destroy);
    g_clear_pointer(&compiled->pending, g_ptr_array_unref);
    return compiled;
}

void cs_rule_free(CsRule *rule)
{
    if (rule == NULL) {
        return;
    }
    if (rule->pieces != NULL) {
        g_ptr_array_free(rule->pieces, TRUE);
    }
    g_free(rule);
}

xmlNode *cs_rule_xml(const CsRule *rule)
{
    return rule->xml;
}

gboolean cs_rule_is_or(const CsRule *rule)
{
    return rule->element_or;
}

/* ---- node attribute expressions ------------------------------------- */

static gboolean has_match_data(const CsRuleContext *context)
{
    return context->rsc_params != NULL || context->rsc_meta != NULL || context->submatches != NULL;
}

/* "%0".."%9" in the attribute name become the rsc-pattern submatches
 * (Pacemaker Explained 2.1, "Location Constraints"); one that did not match
 * (or matched nothing) vanishes.  NULL when nothing would change. */
static char *expand_submatches(const char *name, char **submatches)
{
    GString *expanded = NULL;
    guint count = (submatches != NULL) ? g_strv_length(submatches) : 0;

    if (count == 0) {
        return NULL;
    }
    expanded = g_string_new(NULL);
    for (const char *cursor = name; *cursor != '\0'; cursor++) {
        if (cursor[0] == '%' && g_ascii_isdigit(cursor[1])) {
            guint index = (guint)(cursor[1] - '0');
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
 * whose value is compared (Pacemaker Explained 2.1, "Node Attribute
 * Expressions"); it applies only where a resource is in context. */
static const char *expression_value(const AttributeTest *test, const CsRuleContext *context)
{
    GHashTable *table = NULL;

    if (!has_match_data(context)) {
        return test->value;
    }
    if (test->value == NULL || test->value[0] == '\0') {
        return NULL;
    }
    switch (test->source) {
    case SOURCE_PARAM: table = context->rsc_params; break;
    case SOURCE_META: table = context->rsc_meta; break;
    case SOURCE_LITERAL:
    default: return test->value;
    }
    return (table != NULL) ? g_hash_table_lookup(table, test->value) : NULL;
}

static gboolean attribute_test_passes(const AttributeTest *test, const CsRuleContext *context)
{
    g_autofree char *expanded = NULL;
    const char *node_value = NULL;

    /* Without a node (rsc_defaults, cluster options) these never pass. */
    if (context->node_attrs == NULL || test->name == NULL) {
        return FALSE;
    }
    if (test->has_percent) {
        expanded = expand_submatches(test->name, context->submatches);
    }
    node_value = g_hash_table_lookup(context->node_attrs, expanded ? expanded : test->name);
    return accept_comparison(node_value, expression_value(test, context), test->type, test->op);
}

/* ---- #role ------------------------------------------------------------- */

/* #role (deprecated): "defined" means promotable-style roles, "ne" only
 * answers for them, and an unknown role never passes. */
static gboolean role_test_passes(const RoleTest *test, const CsRuleContext *context)
{
    int role = role_rank(context->role);

    if (role == 0) {
        return FALSE;
    }
    switch (test->op) {
    case OP_DEFINED: return role > 2;
    case OP_NOT_DEFINED: return role < 3;
    case OP_EQ: return test->wanted == role;
    case OP_NE: return role >= 3 && test->wanted != role;
    default: return FALSE;
    }
}

/* ---- date expressions ------------------------------------------------- */

typedef enum CsDateResult {
    CS_DATE_UNDETERMINED, /* invalid, or the field is absent */
    CS_DATE_BEFORE,
    CS_DATE_WITHIN,
    CS_DATE_AFTER,
} CsDateResult;

static CsDateResult check_spec_field(const SpecField *field, int value)
{
    if (!field->present) {
        return CS_DATE_UNDETERMINED;
    }
    if (field->low != -1 && value < field->low) {
        return CS_DATE_BEFORE;
    }
    if (field->high != -1 && value > field->high) {
        return CS_DATE_AFTER;
    }
    return CS_DATE_WITHIN;
}

/* The deprecated "moon" field: Pacemaker's (NetHack's) approximation of
 * the phase, 0 = new .. 4 = full .. 7, from the year and day of year. */
static int moon_phase(const CsTimeFields *fields)
{
    int golden = (fields->year % 19) + 1;
    int epact = (11 * golden + 18) % 30;

    if ((epact == 25 && golden > 11) || epact == 24) {
        epact++;
    }
    return ((((fields->yearday + epact) * 6) + 11) % 177) / 22 & 7;
}

/* Pacemaker Explained 2.1, "Date Specifications": every field given must hold;
 * the fields are those of "now" in the offset it was given in. */
static CsDateResult date_spec_result(const DateTest *date, CsTime now)
{
    CsTimeFields fields;
    int values[SPEC_FIELDS];

    if (!date->has_spec) {
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
    for (gsize i = 0; i < SPEC_FIELDS; i++) {
        CsDateResult result = check_spec_field(&date->spec[i], values[i]);
        if (result != CS_DATE_WITHIN && result != CS_DATE_UNDETERMINED) {
            return result;
        }
    }
    return CS_DATE_WITHIN;
}

static CsTime one_second_after(CsTime time)
{
    time.seconds += 1;
    return time;
}

/* in_range: start <= now <= end, both inclusive. */
static CsDateResult in_range_result(const DateTest *date, const CsRuleContext *context)
{
    if (!date->has_start && !date->has_end) {
        return CS_DATE_UNDETERMINED;
    }
    if (date->has_start && context->now.seconds < date->start.seconds) {
        lower_next_change(context, date->start);
        return CS_DATE_BEFORE;
    }
    if (date->has_end && context->now.seconds > date->end.seconds) {
        return CS_DATE_AFTER;
    }
    if (date->has_end) {
        lower_next_change(context, one_second_after(date->end));
    }
    return CS_DATE_WITHIN;
}

static CsDateResult date_test_result(const DateTest *date, const CsRuleContext *context)
{
    switch (date->op) {
    case DATE_IN_RANGE: return in_range_result(date, context);
    case DATE_SPEC: return date_spec_result(date, context->now);
    case DATE_GT:
        if (context->now.seconds > date->start.seconds) {
            return CS_DATE_WITHIN;
        }
        lower_next_change(context, one_second_after(date->start));
        return CS_DATE_BEFORE;
    case DATE_LT:
        if (context->now.seconds < date->end.seconds) {
            lower_next_change(context, date->end);
            return CS_DATE_WITHIN;
        }
        return CS_DATE_AFTER;
    case DATE_INVALID:
    default: return CS_DATE_UNDETERMINED;
    }
}

/* ---- resource and operation expressions --------------------------------- */

/* rsc_expression (rsc_defaults): class and type must match when given;
 * provider must match exactly, absent on both sides included. */
static gboolean resource_test_passes(const ResourceTest *test, const CsRuleContext *context)
{
    if (context->rsc_class == NULL) {
        return FALSE;
    }
    if (test->class != NULL && strcmp(test->class, context->rsc_class) != 0) {
        return FALSE;
    }
    if (g_strcmp0(test->provider, context->rsc_provider) != 0) {
        return FALSE;
    }
    return test->type == NULL || g_strcmp0(test->type, context->rsc_type) == 0;
}

/* op_expression (op_defaults): name must match; interval when given. */
static gboolean operation_test_passes(const OperationTest *test, const CsRuleContext *context)
{
    if (context->op_name == NULL) {
        return FALSE;
    }
    if (test->interval_kind == INTERVAL_INVALID
        || (test->interval_kind == INTERVAL_FIXED
            && test->interval_ms != context->op_interval_ms)) {
        return FALSE;
    }
    return g_strcmp0(test->name, context->op_name) == 0;
}

/* ---- rules -------------------------------------------------------------- */

static gboolean rule_passes(const CompiledRule *rule, const CsRuleContext *context, int depth);

/* Rules nest only as deep as libxml2 lets elements nest (256), but a
 * <rule id-ref> can refer to a rule that contains it.  Pacemaker recurses
 * without end there; past this depth the rule simply does not pass. */
#define CS_RULE_MAX_DEPTH 256

static gboolean condition_passes(const Condition *condition, const CsRuleContext *context,
                                 int depth)
{
    switch (condition->kind) {
    case CONDITION_RULE: return rule_passes(condition->as.rule, context, depth + 1);
    case CONDITION_ATTRIBUTE: return attribute_test_passes(&condition->as.attribute, context);
    case CONDITION_ROLE: return role_test_passes(&condition->as.role, context);
    case CONDITION_DATE: return date_test_result(condition->as.date, context) == CS_DATE_WITHIN;
    case CONDITION_RESOURCE: return resource_test_passes(&condition->as.resource, context);
    case CONDITION_OPERATION: return operation_test_passes(&condition->as.operation, context);
    case CONDITION_FALSE:
    default: return FALSE;
    }
}

/* boolean-op="or" passes on the first passing condition; anything else
 * means "and".  A rule reference that leads nowhere has no conditions
 * and so passes, as in Pacemaker. */
static gboolean rule_passes(const CompiledRule *rule, const CsRuleContext *context, int depth)
{
    if (depth > CS_RULE_MAX_DEPTH) {
        return FALSE;
    }
    if (rule == NULL) {
        return TRUE;
    }
    for (guint i = 0; i < rule->n_conditions; i++) {
        gboolean passed = condition_passes(&rule->conditions[i], context, depth);
        if (passed && rule->any) {
            return TRUE;
        }
        if (!passed && !rule->any) {
            return FALSE;
        }
    }
    return !rule->any;
}

gboolean cs_rule_evaluate(const CsRule *rule, const CsRuleContext *context)
{
    if (rule == NULL || context == NULL) {
        return FALSE;
    }
    return rule_passes(rule->root, context, 0);
}

gboolean cs_rule_passes(xmlNode *rule, const CsRuleContext *context)
{
    g_autoptr(CsRule) compiled = NULL;

    if (rule == NULL || context == NULL) {
        return FALSE;
    }
    compiled = cs_rule_compile(rule);
    return cs_rule_evaluate(compiled, context);
}

/* Pacemaker's pe_eval_rules: no <rule> child passes; otherwise ANY passing
 * rule is enough (the schema allows several only in the deprecated
 * <lifetime>, which is active while any of its rules is). */
gboolean cs_rules_pass(xmlNode *parent, const CsRuleContext *context)
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

/* The deprecated <lifetime> of a constraint (Pacemaker Explained 2.1,
 * "Constraints": a lifetime limits when a constraint applies): only the
 * first <lifetime> counts, and it is alive while any of its rules passes
 * (cs_rules_pass).  One home for the model (which drops a dead
 * constraint) and the engine (which checks locations again at the
 * solve's own time). */
gboolean cs_constraint_in_lifetime(const xmlNode *constraint, const CsRuleContext *context)
{
    for (xmlNode *child = constraint != NULL ? constraint->children : NULL; child != NULL;
         child = child->next) {
        if (is_named(child, "lifetime")) {
            return cs_rules_pass(child, context);
        }
    }
    return TRUE;
}

/* Everything Pacemaker 2.1.5 evaluates is modelled; what it rejects (an
 * unknown element) fails the same way here.  Kept for the engine's status 3
 * contract: a future unmodelled condition is named here. */
gboolean cs_rule_supported(xmlNode *rule, GError **error)
{
    if (rule == NULL) {
        g_set_error(error, CS_ISO8601_ERROR, 0, "no rule to evaluate");
        return FALSE;
    }
    return TRUE;
}
