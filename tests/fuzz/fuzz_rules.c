/* fuzz_rules.c: libFuzzer target for rules and ISO 8601 text.
 *
 * The first input byte chooses what the rest is (mod 6):
 *   0  an ISO 8601 date/time (cs_time_parse), then formatted and re-read:
 *      a time we print must read back as the same instant;
 *   1  an ISO 8601 duration, added to a fixed time and to itself;
 *   2  an operation interval ("10s", "PT1M", ...);
 *   3  three NUL-separated strings for cs_rule_compare (left, right, type):
 *      comparing a value with itself must give 0 for every type;
 *   4, 5  an XML document whose first <rule> element is evaluated as a
 *      location rule (4) and as a meta-attribute rule with a resource and
 *      operation in context (5), after cs_rule_supported.
 * Rules are evaluated with the node attributes, resource parameters and
 * rsc-pattern submatches that real CIBs give them.
 */
#include <string.h>
#include <glib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "base/iso8601.h"
#include "model/rules.h"
#include "tests/fuzz/fuzz.h"

/* 2014-05-07 00:28:00Z: a "now" inside the corpus's date ranges. */
#define CS_FUZZ_NOW ((gint64)1399422480)

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    cs_fuzz_setup();
    return 0;
}

static void cs_fuzz_time(const char *text)
{
    CsTime time;
    g_autoptr(GError) error = NULL;

    if (!cs_time_parse(text, &time, &error)) {
        if (error == NULL || error->message[0] == '\0')
            g_error("cs_time_parse failed without a message");
        return;
    }
    CsTimeFields fields;
    cs_time_fields(time, &fields);
    if (fields.month < 1 || fields.month > 12 || fields.monthday < 1 || fields.monthday > 31
        || fields.weekday < 1 || fields.weekday > 7 || fields.yearday < 1 || fields.yearday > 366)
        g_error("'%s' broke down into impossible fields", text);
    g_autofree char *printed = cs_time_format(time);
    /* Only four-digit years and whole-minute offsets print as ISO 8601. */
    if (fields.year < 1 || fields.year > 9999 || time.offset % 60 != 0 || time.offset <= -24 * 3600
        || time.offset >= 24 * 3600)
        return;
    CsTime again;
    g_autoptr(GError) again_error = NULL;
    if (!cs_time_parse(printed, &again, &again_error))
        g_error("'%s' printed as '%s', which does not parse: %s", text, printed,
                again_error->message);
    if (again.seconds != time.seconds)
        g_error("'%s' printed as '%s', which reads back %" G_GINT64_FORMAT "s away", text, printed,
                again.seconds - time.seconds);
}

static void cs_fuzz_duration(const char *text)
{
    CsDuration duration;
    g_autoptr(GError) error = NULL;

    if (!cs_duration_parse(text, &duration, &error))
        return;
    CsTime now = {CS_FUZZ_NOW, 0};
    CsTime later = cs_time_add_duration(now, &duration);
    CsTimeFields fields;
    cs_time_fields(later, &fields);
    g_free(cs_time_format(later));
}

static void cs_fuzz_interval(const char *text)
{
    guint ms = 0;
    (void)cs_interval_spec_parse(text, &ms);
}

static void cs_fuzz_compare(const char *data, size_t size)
{
    /* data is NUL-terminated at data[size]; split on NULs. */
    const char *end = data + size;
    const char *left = data;
    const char *right = left + strlen(left) < end ? left + strlen(left) + 1 : NULL;
    const char *type =
        right != NULL && right + strlen(right) < end ? right + strlen(right) + 1 : NULL;
    int forward = cs_rule_compare(left, right, type);
    int backward = cs_rule_compare(right, left, type);
    if (forward < -1 || forward > 1 || backward < -1 || backward > 1)
        g_error("cs_rule_compare returned %d / %d", forward, backward);
    static const char *const types[] = {NULL, "string", "integer", "number", "version"};
    for (size_t i = 0; i < G_N_ELEMENTS(types); i++)
        if (cs_rule_compare(left, left, types[i]) != 0)
            g_error("'%s' does not equal itself as %s", left,
                    types[i] != NULL ? types[i] : "default");
}

static xmlNode *cs_find_rule(xmlNode *node)
{
    for (; node != NULL; node = node->next) {
        if (node->type != XML_ELEMENT_NODE)
            continue;
        if (strcmp((const char *)node->name, "rule") == 0)
            return node;
        xmlNode *inner = cs_find_rule(node->children);
        if (inner != NULL)
            return inner;
    }
    return NULL;
}

static GHashTable *cs_table(const char *const *pairs)
{
    GHashTable *table = g_hash_table_new(g_str_hash, g_str_equal);
    for (; pairs[0] != NULL; pairs += 2)
        g_hash_table_insert(table, (gpointer)pairs[0], (gpointer)pairs[1]);
    return table;
}

static void cs_fuzz_rule(const char *data, size_t size, gboolean with_resource)
{
    xmlDoc *xml = xmlReadMemory(data, (int)size, "fuzz-rule.xml", NULL,
                                XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (xml == NULL)
        return;
    xmlNode *rule = cs_find_rule(xmlDocGetRootElement(xml));
    if (rule != NULL) {
        static const char *const node_pairs[] = {
            "#uname",  "node1",         "#id",       "1",    "#kind", "cluster", "#is_dc",
            "true",    "#cluster-name", "mycluster", "site", "a",     "weight",  "10",
            "version", "2.1.5",         "pingd",     "-5",   NULL};
        static const char *const param_pairs[] = {"ip",   "10.0.0.1", "port", "8080",
                                                  "node", "node1",    NULL};
        static const char *const meta_pairs[] = {"target-role", "Started", "resource-stickiness",
                                                 "100", NULL};
        g_autoptr(GHashTable) node_attrs = cs_table(node_pairs);
        g_autoptr(GHashTable) params = cs_table(param_pairs);
        g_autoptr(GHashTable) meta = cs_table(meta_pairs);
        char *submatches[] = {"rsc-web", "web", "node1", NULL};
        CsTime next_change = {G_MAXINT64, 0};
        CsRuleContext context = {
            .node_attrs = node_attrs,
            .now = {CS_FUZZ_NOW, 0},
            .next_change = &next_change,
            .role = "Started",
        };
        if (with_resource) {
            context.node_attrs = NULL;
            context.rsc_class = "ocf";
            context.rsc_provider = "heartbeat";
            context.rsc_type = "IPaddr2";
            context.op_name = "monitor";
            context.op_interval_ms = 10000;
            context.rsc_params = params;
            context.rsc_meta = meta;
            context.submatches = submatches;
        }
        g_autoptr(GError) error = NULL;
        if (!cs_rule_supported(rule, &error) && (error == NULL || error->message[0] == '\0'))
            g_error("cs_rule_supported refused a rule without a message");
        (void)cs_rule_passes(rule, &context);
        (void)cs_rules_pass(rule->parent, &context);
        if (next_change.seconds < CS_FUZZ_NOW && next_change.seconds != G_MAXINT64)
            g_error("a rule's next change (%" G_GINT64_FORMAT ") is before now",
                    next_change.seconds);
    }
    xmlFreeDoc(xml);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    /* The parsers take C strings: copy and terminate the rest. */
    g_autofree char *text = g_strndup((const char *)data + 1, size - 1);
    size_t length = size - 1;

    switch (data[0] % 6) {
    case 0: cs_fuzz_time(text); break;
    case 1: cs_fuzz_duration(text); break;
    case 2: cs_fuzz_interval(text); break;
    case 3: {
        /* g_strndup stops at the first NUL: copy the bytes as they are. */
        g_autofree char *raw = g_malloc(length + 1);
        memcpy(raw, data + 1, length);
        raw[length] = '\0';
        cs_fuzz_compare(raw, length);
        break;
    }
    case 4: cs_fuzz_rule((const char *)data + 1, length, FALSE); break;
    default: cs_fuzz_rule((const char *)data + 1, length, TRUE); break;
    }
    return 0;
}
