/* check_rules.c: rule evaluation as Pacemaker 2.1.5 does it.  Cases marked
 * "oracle" were checked with crm_simulate 2.1.5 (a location rule on a
 * node with foo=10, bar=1.10, s=Abc; a resource with param p=11, meta m=9). */
#include <check.h>
#include <stdlib.h>
#include <libxml/parser.h>
#include "model/rules.h"
#include "testlib.h"

static xmlDoc *document;

/* Parses a snippet whose root element is the rule (or a rule's parent). */
static xmlNode *snippet(const char *xml)
{
    if (document != NULL) {
        xmlFreeDoc(document);
    }
    document = xmlReadMemory(xml, (int)strlen(xml), "snippet.xml", NULL,
                             XML_PARSE_NONET | XML_PARSE_NOBLANKS);
    ck_assert_ptr_nonnull(document);
    return xmlDocGetRootElement(document);
}

static void free_snippet(void)
{
    if (document != NULL) {
        xmlFreeDoc(document);
        document = NULL;
    }
}

static GHashTable *node_attrs, *params, *meta;

static void setup(void)
{
    node_attrs = g_hash_table_new(g_str_hash, g_str_equal);
    g_hash_table_insert(node_attrs, "#uname", "node1");
    g_hash_table_insert(node_attrs, "#id", "1");
    g_hash_table_insert(node_attrs, "#kind", "cluster");
    g_hash_table_insert(node_attrs, "foo", "10");
    g_hash_table_insert(node_attrs, "bar", "1.10");
    g_hash_table_insert(node_attrs, "s", "Abc");
    g_hash_table_insert(node_attrs, "e", "");
    g_hash_table_insert(node_attrs, "attr-rsc1", "yes");
    params = g_hash_table_new(g_str_hash, g_str_equal);
    g_hash_table_insert(params, "p", "11");
    meta = g_hash_table_new(g_str_hash, g_str_equal);
    g_hash_table_insert(meta, "m", "9");
}

static void teardown(void)
{
    g_hash_table_destroy(node_attrs);
    g_hash_table_destroy(params);
    g_hash_table_destroy(meta);
    free_snippet();
}

static CsTime at(const char *text)
{
    CsTime time = {0, 0};
    ck_assert_msg(cs_time_parse(text, &time, NULL), "bad time %s", text);
    return time;
}

/* A location-rule context: node, resource params/meta, now. */
static CsRuleContext location_context(void)
{
    CsRuleContext context = {
        .node_attrs = node_attrs,
        .now = at("2005-01-20T12:00:00"),
        .rsc_params = params,
        .rsc_meta = meta,
    };
    return context;
}

/* Evaluates <rule><expression ATTRS/></rule> in a location context. */
static gboolean expression_passes(const char *attributes)
{
    CsRuleContext context = location_context();
    g_autofree char *xml =
        g_strdup_printf("<rule id='r'><expression id='e' %s/></rule>", attributes);
    return cs_rule_passes(snippet(xml), &context);
}

START_TEST(test_operations)
{
    ck_assert(expression_passes("attribute='foo' operation='lt' value='11'"));
    ck_assert(!expression_passes("attribute='foo' operation='lt' value='10'"));
    ck_assert(expression_passes("attribute='foo' operation='lte' value='10'"));
    ck_assert(!expression_passes("attribute='foo' operation='lte' value='9'"));
    ck_assert(expression_passes("attribute='foo' operation='gt' value='9'"));
    ck_assert(!expression_passes("attribute='foo' operation='gt' value='10'"));
    ck_assert(expression_passes("attribute='foo' operation='gte' value='10'"));
    ck_assert(!expression_passes("attribute='foo' operation='gte' value='11'"));
    ck_assert(expression_passes("attribute='foo' operation='eq' value='10'"));
    ck_assert(!expression_passes("attribute='foo' operation='eq' value='1'"));
    ck_assert(expression_passes("attribute='foo' operation='ne' value='1'"));
    ck_assert(!expression_passes("attribute='foo' operation='ne' value='10'"));
    ck_assert(expression_passes("attribute='foo' operation='defined'"));
    ck_assert(!expression_passes("attribute='nosuch' operation='defined'"));
    ck_assert(expression_passes("attribute='nosuch' operation='not_defined'"));
    ck_assert(!expression_passes("attribute='foo' operation='not_defined'"));
    /* oracle: an empty value is still defined; operations ignore case */
    ck_assert(expression_passes("attribute='e' operation='defined'"));
    ck_assert(expression_passes("attribute='foo' operation='EQ' value='10'"));
    /* oracle: a missing attribute is "ne" anything, never lt/gt */
    ck_assert(expression_passes("attribute='nosuch' operation='ne' value='x'"));
    ck_assert(!expression_passes("attribute='nosuch' operation='lt' value='x'"));
    ck_assert(!expression_passes("attribute='nosuch' operation='gt' value='x'"));
    /* oracle: unknown or missing operation fails */
    ck_assert(!expression_passes("attribute='foo' operation='bogus' value='10'"));
    ck_assert(!expression_passes("attribute='foo' value='10'"));
    ck_assert(!expression_passes("operation='defined'"));
    /* built-in attributes are ordinary keys; strings ignore case (oracle) */
    ck_assert(expression_passes("attribute='#uname' operation='eq' value='NODE1'"));
    ck_assert(expression_passes("attribute='#kind' operation='eq' value='cluster'"));
    ck_assert(expression_passes("attribute='#id' operation='eq' value='1'"));
}
END_TEST

START_TEST(test_types)
{
    /* oracle: "10" < "9" as strings */
    ck_assert(!expression_passes("attribute='foo' operation='gt' value='9' type='string'"));
    ck_assert(expression_passes("attribute='foo' operation='lt' value='9' type='string'"));
    ck_assert(expression_passes("attribute='s' operation='eq' value='abc'"));
    /* integer: 010 == 10, trailing text tolerated (oracle) */
    ck_assert(expression_passes("attribute='foo' operation='eq' value='010' type='integer'"));
    ck_assert(expression_passes("attribute='foo' operation='eq' value='10abc' type='integer'"));
    ck_assert(expression_passes("attribute='foo' operation='eq' value='10' type='INTEGER'"));
    /* oracle: an unparsable integer compares as a string */
    ck_assert(expression_passes("attribute='foo' operation='lt' value='abc' type='integer'"));
    /* number */
    ck_assert(expression_passes("attribute='foo' operation='eq' value='1e1' type='number'"));
    ck_assert(expression_passes("attribute='foo' operation='lt' value='10.5' type='number'"));
    ck_assert(!expression_passes("attribute='bar' operation='gt' value='1.9' type='number'"));
    /* version: 1.10 > 1.9 */
    ck_assert(expression_passes("attribute='bar' operation='gt' value='1.9' type='version'"));
    ck_assert(expression_passes("attribute='bar' operation='eq' value='1.10.0' type='version'"));
    ck_assert(!expression_passes("attribute='bar' operation='lt' value='1.2' type='version'"));
    /* oracle: an unknown type compares equal */
    ck_assert(expression_passes("attribute='s' operation='eq' value='abd' type='bogus'"));
    ck_assert(!expression_passes("attribute='s' operation='ne' value='abd' type='bogus'"));
}
END_TEST

START_TEST(test_default_types)
{
    /* oracle (2.1.5): eq/ne compare strings, so 010 != 10 */
    ck_assert(!expression_passes("attribute='foo' operation='eq' value='010'"));
    ck_assert(expression_passes("attribute='foo' operation='ne' value='010'"));
    /* ordering: integer unless a '.' appears, then number */
    ck_assert(expression_passes("attribute='foo' operation='gt' value='9'"));
    ck_assert(expression_passes("attribute='foo' operation='gt' value='9.5'"));
    ck_assert(!expression_passes("attribute='bar' operation='gt' value='1.9'"));
    /* oracle: "abc" is not an integer: "10" < "abc" as strings */
    ck_assert(!expression_passes("attribute='foo' operation='gt' value='abc'"));

    ck_assert_int_eq(cs_rule_compare("10", "9", NULL), -1);
    ck_assert_int_eq(cs_rule_compare("10", "9", "integer"), 1);
    ck_assert_int_eq(cs_rule_compare("ABC", "abc", NULL), 0);
    ck_assert_int_eq(cs_rule_compare("2.0.1", "2.0", "version"), 1);
    ck_assert_int_eq(cs_rule_compare(NULL, "x", "string"), -1);
    ck_assert_int_eq(cs_rule_compare("x", NULL, "string"), 1);
    ck_assert_int_eq(cs_rule_compare(NULL, NULL, "integer"), 0);
}
END_TEST

START_TEST(test_value_source)
{
    CsRuleContext context = location_context();

    /* oracle: p = 11, m = 9 */
    ck_assert(!expression_passes("attribute='foo' operation='gte' value='p' value-source='param'"));
    ck_assert(expression_passes("attribute='foo' operation='lt' value='p' value-source='param'"));
    ck_assert(expression_passes("attribute='foo' operation='gt' value='m' value-source='meta'"));
    ck_assert(
        expression_passes("attribute='foo' operation='eq' value='10' value-source='literal'"));
    /* oracle: a missing parameter is no value */
    ck_assert(
        !expression_passes("attribute='foo' operation='eq' value='nosuch' value-source='param'"));
    ck_assert(
        expression_passes("attribute='foo' operation='ne' value='nosuch' value-source='param'"));
    /* oracle: with a resource in context an empty value is no value */
    ck_assert(!expression_passes("attribute='e' operation='eq' value=''"));

    /* Without a resource (nvsets) the value is literal. */
    context.rsc_params = NULL;
    context.rsc_meta = NULL;
    ck_assert(
        cs_rule_passes(snippet("<rule id='r'><expression id='e' attribute='foo' operation='gt' "
                               "value='p' value-source='param' type='string'/></rule>"),
                       &context)
        == FALSE);
    ck_assert(cs_rule_passes(snippet("<rule id='r'><expression id='e' attribute='e' operation='eq' "
                                     "value=''/></rule>"),
                             &context));
}
END_TEST

START_TEST(test_submatches)
{
    char *matches[] = {"rsc1", "rsc", "1", NULL};
    CsRuleContext context = location_context();

    context.submatches = matches;
    /* oracle: %N expands in the attribute name, a missing one vanishes */
    ck_assert(cs_rule_passes(snippet("<rule id='r'><expression id='e' attribute='attr-%1%2' "
                                     "operation='defined'/></rule>"),
                             &context));
    ck_assert(cs_rule_passes(snippet("<rule id='r'><expression id='e' attribute='attr-%0' "
                                     "operation='defined'/></rule>"),
                             &context));
    ck_assert(cs_rule_passes(snippet("<rule id='r'><expression id='e' attribute='attr-%1%2%3' "
                                     "operation='defined'/></rule>"),
                             &context));
    /* oracle: not in the value */
    ck_assert(
        !cs_rule_passes(snippet("<rule id='r'><expression id='e' attribute='foo' operation='eq' "
                                "value='%1'/></rule>"),
                        &context));
}
END_TEST

START_TEST(test_no_node)
{
    CsRuleContext context = location_context();

    context.node_attrs = NULL;
    ck_assert(!cs_rule_passes(snippet("<rule id='r'><expression id='e' attribute='foo' "
                                      "operation='not_defined'/></rule>"),
                              &context));
    /* A date expression does not need a node. */
    ck_assert(cs_rule_passes(snippet("<rule id='r'><date_expression id='d' operation='gt' "
                                     "start='2005-01-01'/></rule>"),
                             &context));
}
END_TEST

/* Evaluates <rule><date_expression .../></rule> at a time. */
static gboolean date_passes_at(const char *now, const char *expression, CsTime *next_change)
{
    CsRuleContext context = location_context();
    g_autofree char *xml = g_strdup_printf("<rule id='r'>%s</rule>", expression);

    context.now = at(now);
    context.next_change = next_change;
    return cs_rule_passes(snippet(xml), &context);
}

/* A constraint's deprecated <lifetime>: only the first counts, alive
 * while any of its rules passes; none means always. */
START_TEST(test_constraint_lifetime)
{
    CsRuleContext context = location_context();
    const char *until_2005 =
        "<rsc_location id='l' rsc='r' node='n' score='1'>"
        "<lifetime id='lt1'><rule id='r1'><date_expression id='d1' operation='lt' "
        "end='2005-01-01'/></rule></lifetime>"
        "<lifetime id='lt2'><rule id='r2'><date_expression id='d2' operation='gt' "
        "start='2030-01-01'/></rule></lifetime></rsc_location>";

    context.now = at("2004-06-01");
    ck_assert(cs_constraint_in_lifetime(snippet(until_2005), &context));
    context.now = at("2006-06-01");
    ck_assert(!cs_constraint_in_lifetime(snippet(until_2005), &context));
    ck_assert(cs_constraint_in_lifetime(snippet("<rsc_location id='l'/>"), &context));
}
END_TEST

START_TEST(test_in_range)
{
    const char *range = "<date_expression id='d' operation='in_range' "
                        "start='2005-01-20' end='2005-01-21'/>";
    const char *month = "<date_expression id='d' start='2005-01-31'>"
                        "<duration id='du' months='1'/></date_expression>";
    const char *hour = "<date_expression id='d' operation='in_range' "
                       "start='2005-01-20T12:00:00'><duration id='du' "
                       "hours='1'/></date_expression>";

    /* oracle: both ends inclusive */
    ck_assert(!date_passes_at("2005-01-19T23:59:59", range, NULL));
    ck_assert(date_passes_at("2005-01-20", range, NULL));
    ck_assert(date_passes_at("2005-01-21", range, NULL));
    ck_assert(!date_passes_at("2005-01-21T00:00:01", range, NULL));
    /* oracle: a month after January 31st ends on February 28th */
    ck_assert(date_passes_at("2005-02-28T00:00:00", month, NULL));
    ck_assert(!date_passes_at("2005-02-28T00:00:01", month, NULL));
    ck_assert(date_passes_at("2005-01-20T13:00:00", hour, NULL));
    ck_assert(!date_passes_at("2005-01-20T13:00:01", hour, NULL));
    /* oracle: a year after 2004-03-01 (day 61) is 2005-03-02 */
    ck_assert(date_passes_at("2005-03-02T00:00:00",
                             "<date_expression id='d' start='2004-03-01'><duration id='du' "
                             "years='1'/></date_expression>",
                             NULL));
    /* oracle: "0" and garbage duration fields are skipped */
    ck_assert(!date_passes_at("2005-01-20T12:00:01",
                              "<date_expression id='d' start='2005-01-20T12:00:00'><duration "
                              "id='du' hours='abc'/></date_expression>",
                              NULL));
    ck_assert(date_passes_at("2005-01-20T12:30:00",
                             "<date_expression id='d' start='2005-01-20T12:00:00'><duration "
                             "id='du' hours='1abc'/></date_expression>",
                             NULL));
    /* Only a start, only an end; neither fails. */
    ck_assert(date_passes_at("2030-01-01", "<date_expression id='d' start='2005-01-01'/>", NULL));
    ck_assert(date_passes_at("1990-01-01", "<date_expression id='d' end='2005-01-01'/>", NULL));
    ck_assert(
        !date_passes_at("2005-01-01", "<date_expression id='d' operation='in_range'/>", NULL));
    /* An unparsable start counts as absent. */
    ck_assert(date_passes_at("1990-01-01",
                             "<date_expression id='d' start='junk' end='2005-01-01'/>", NULL));
}
END_TEST

START_TEST(test_gt_lt)
{
    const char *gt = "<date_expression id='d' operation='gt' start='2005-01-20'/>";
    const char *lt = "<date_expression id='d' operation='lt' end='2005-01-20'/>";

    ck_assert(!date_passes_at("2005-01-20", gt, NULL));
    ck_assert(date_passes_at("2005-01-20T00:00:01", gt, NULL));
    ck_assert(date_passes_at("2005-01-19T23:59:59", lt, NULL));
    ck_assert(!date_passes_at("2005-01-20", lt, NULL));
    /* gt needs start, lt needs end; other operations fail */
    ck_assert(!date_passes_at("2005-01-20",
                              "<date_expression id='d' operation='gt' end='2000-01-01'/>", NULL));
    ck_assert(!date_passes_at("2005-01-20",
                              "<date_expression id='d' operation='lt' start='2000-01-01'/>", NULL));
    ck_assert(!date_passes_at("2005-01-20",
                              "<date_expression id='d' operation='eq' start='2005-01-20'/>", NULL));
    /* Offsets: 12:00 UTC is 14:00 +02:00 (oracle) */
    ck_assert(date_passes_at("2005-01-20T12:00:01Z",
                             "<date_expression id='d' operation='gt' "
                             "start='2005-01-20T14:00:00 +02:00'/>",
                             NULL));
}
END_TEST

static gboolean spec_passes_at(const char *now, const char *spec_attributes)
{
    g_autofree char *xml = g_strdup_printf("<date_expression id='d' operation='date_spec'>"
                                           "<date_spec id='s' %s/></date_expression>",
                                           spec_attributes);
    return date_passes_at(now, xml, NULL);
}

START_TEST(test_date_spec)
{
    /* 2005-01-20 is a Thursday (weekday 4) in week 3; 01-22 a Saturday. */
    ck_assert(spec_passes_at("2005-01-20T12:00:00", "hours='9-17' weekdays='1-5'"));
    ck_assert(!spec_passes_at("2005-01-22T12:00:00", "hours='9-17' weekdays='1-5'"));
    ck_assert(!spec_passes_at("2005-01-20T18:00:00", "hours='9-17' weekdays='1-5'"));
    ck_assert(spec_passes_at("2005-01-20T17:59:59", "hours='9-17'"));
    ck_assert(spec_passes_at("2005-01-20", "weekdays='4'"));
    ck_assert(!spec_passes_at("2005-01-20", "weekdays='5'"));
    ck_assert(spec_passes_at("2005-01-20", "years='2005' months='1' monthdays='20'"));
    ck_assert(!spec_passes_at("2005-01-20", "years='2004-2004'"));
    ck_assert(spec_passes_at("2005-01-20", "yeardays='20'"));
    ck_assert(spec_passes_at("2005-01-20", "yeardays='1-31'"));
    ck_assert(!spec_passes_at("2005-01-20", "yeardays='21-'"));
    ck_assert(spec_passes_at("2005-01-20", "weeks='3'"));
    ck_assert(!spec_passes_at("2005-01-20", "weeks='4-52'"));
    ck_assert(spec_passes_at("2005-01-20T01:02:03", "minutes='2' seconds='0-3'"));
    /* oracle: January 1st 2005 belongs to week 53 of 2004 */
    ck_assert(spec_passes_at("2005-01-01T12:00:00", "weekyears='2004' weeks='53'"));
    ck_assert(!spec_passes_at("2005-01-01T12:00:00", "weekyears='2005'"));
    /* oracle: open ranges */
    ck_assert(!spec_passes_at("2005-01-20T12:00:00", "hours='-11'"));
    ck_assert(spec_passes_at("2005-01-20T12:00:00", "hours='-12'"));
    ck_assert(!spec_passes_at("2005-01-20T12:00:00", "hours='13-'"));
    ck_assert(spec_passes_at("2005-01-20T12:00:00", "hours='12-'"));
    ck_assert(!spec_passes_at("2005-01-20T12:00:00", "hours='13-11'"));
    ck_assert(!spec_passes_at("2005-01-20T12:00:00", "hours='--12'"));
    /* oracle: text that is not a range is ignored (passes) */
    const char *ignored[] = {"hours='abc'", "hours='11abc'", "hours='11 - 13'", "hours='13-14abc'",
                             "hours='-'",   "hours='1-2-3'", "hours=''",        "hours='12 '"};
    for (gsize i = 0; i < G_N_ELEMENTS(ignored); i++) {
        ck_assert_msg(spec_passes_at("2005-01-20T12:00:00", ignored[i]), "%s", ignored[i]);
    }
    /* oracle: the moon was in phase 3 on 2005-01-20 */
    ck_assert(spec_passes_at("2005-01-20T12:00:00", "moon='3'"));
    ck_assert(!spec_passes_at("2005-01-20T12:00:00", "moon='4'"));
    /* oracle: fields are those of the offset "now" was given in */
    ck_assert(spec_passes_at("2005-01-20 12:00:00 +05:00", "hours='12'"));
    ck_assert(!spec_passes_at("2005-01-20 12:00:00 +05:00", "hours='7'"));
    /* No <date_spec> and an empty one both pass. */
    ck_assert(
        date_passes_at("2005-01-20", "<date_expression id='d' operation='date_spec'/>", NULL));
    ck_assert(spec_passes_at("2005-01-20", ""));
}
END_TEST

/* oracle (crm_simulate 2.1.5 -t 2005-01-02T12:00:00, a Sunday of ISO
 * week 53 of 2004, day 2 of the year): one location rule per case. */
START_TEST(test_date_ranges_sunday)
{
    const char *now = "2005-01-02T12:00:00";

    /* weekdays: Sunday is 7 */
    ck_assert(spec_passes_at(now, "weekdays='7'"));
    ck_assert(spec_passes_at(now, "weekdays='6-7'"));
    ck_assert(!spec_passes_at(now, "weekdays='1-5'"));
    /* weekyears and weeks: the ISO year the week belongs to */
    ck_assert(spec_passes_at(now, "weekyears='2003-2004'"));
    ck_assert(!spec_passes_at(now, "weekyears='2005-'"));
    ck_assert(spec_passes_at(now, "weeks='53'"));
    ck_assert(!spec_passes_at(now, "weeks='1-52'"));
    ck_assert(spec_passes_at(now, "yeardays='2'"));
    /* in_range: with both an end and a duration, the end counts */
    ck_assert(
        !date_passes_at(now,
                        "<date_expression id='d' operation='in_range' start='2005-01-01' "
                        "end='2005-01-01T12:00:00'><duration id='u' days='5'/></date_expression>",
                        NULL));
    /* each duration field, and the end it makes is inclusive */
    ck_assert(date_passes_at(now,
                             "<date_expression id='d' operation='in_range' start='2005-01-01'>"
                             "<duration id='u' weeks='1'/></date_expression>",
                             NULL));
    ck_assert(
        date_passes_at(now,
                       "<date_expression id='d' operation='in_range' start='2005-01-02T11:59:00'>"
                       "<duration id='u' minutes='1'/></date_expression>",
                       NULL));
    ck_assert(
        !date_passes_at(now,
                        "<date_expression id='d' operation='in_range' start='2005-01-02T11:58:59'>"
                        "<duration id='u' minutes='1'/></date_expression>",
                        NULL));
    ck_assert(
        date_passes_at(now,
                       "<date_expression id='d' operation='in_range' start='2005-01-02T11:59:58'>"
                       "<duration id='u' seconds='2'/></date_expression>",
                       NULL));
    ck_assert(
        date_passes_at(now,
                       "<date_expression id='d' operation='in_range' start='2004-12-02T12:00:00'>"
                       "<duration id='u' months='1'/></date_expression>",
                       NULL));
}
END_TEST

START_TEST(test_next_change)
{
    CsTime never = {G_MAXINT64, 0};
    CsTime next = never;

    /* Before the range: it starts at start. */
    ck_assert(!date_passes_at("2005-01-01",
                              "<date_expression id='d' "
                              "start='2005-01-20' end='2005-01-21'/>",
                              &next));
    ck_assert_int_eq(next.seconds, at("2005-01-20").seconds);
    /* Inside: it ends a second after end; only ever lowered. */
    next = never;
    ck_assert(date_passes_at("2005-01-20T06:00:00",
                             "<date_expression id='d' "
                             "start='2005-01-20' end='2005-01-21'/>",
                             &next));
    ck_assert_int_eq(next.seconds, at("2005-01-21T00:00:01").seconds);
    ck_assert(date_passes_at("2005-01-20T06:00:00",
                             "<date_expression id='d' "
                             "start='2005-01-20' end='2005-02-21'/>",
                             &next));
    ck_assert_int_eq(next.seconds, at("2005-01-21T00:00:01").seconds);
    /* gt: a second after start; lt: at end. */
    next = never;
    ck_assert(!date_passes_at("2005-01-01",
                              "<date_expression id='d' "
                              "operation='gt' start='2005-01-20'/>",
                              &next));
    ck_assert_int_eq(next.seconds, at("2005-01-20T00:00:01").seconds);
    next = never;
    ck_assert(date_passes_at("2005-01-01",
                             "<date_expression id='d' "
                             "operation='lt' end='2005-01-20'/>",
                             &next));
    ck_assert_int_eq(next.seconds, at("2005-01-20").seconds);
    /* After the range, and date_spec: no change is predicted. */
    next = never;
    ck_assert(!date_passes_at("2006-01-01",
                              "<date_expression id='d' "
                              "start='2005-01-20' end='2005-01-21'/>",
                              &next));
    ck_assert(spec_passes_at("2005-01-20", "weekdays='4'"));
    ck_assert_int_eq(next.seconds, G_MAXINT64);
    /* An "and" rule stops at its first failure: later dates are unseen. */
    ck_assert(!date_passes_at("2005-01-01",
                              "<expression id='e' attribute='nosuch' operation='defined'/>"
                              "<date_expression id='d' operation='gt' start='2005-01-20'/>",
                              &next));
    ck_assert_int_eq(next.seconds, G_MAXINT64);
}
END_TEST

static gboolean resource_passes(const char *class, const char *provider, const char *type,
                                const char *expression)
{
    CsRuleContext context = {
        .now = at("2005-01-20"), .rsc_class = class, .rsc_provider = provider, .rsc_type = type};
    g_autofree char *xml = g_strdup_printf("<rule id='r'>%s</rule>", expression);
    return cs_rule_passes(snippet(xml), &context);
}

START_TEST(test_rsc_expression)
{
    const char *dummy = "<rsc_expression id='x' class='ocf' "
                        "provider='pacemaker' type='Dummy'/>";
    const char *any_ocf = "<rsc_expression id='x' class='ocf'/>";
    const char *stonith = "<rsc_expression id='x' class='stonith'/>";
    const char *by_type = "<rsc_expression id='x' type='fence_xvm'/>";

    ck_assert(resource_passes("ocf", "pacemaker", "Dummy", dummy));
    ck_assert(!resource_passes("ocf", "heartbeat", "Dummy", dummy));
    ck_assert(!resource_passes("ocf", "pacemaker", "Stateful", dummy));
    ck_assert(!resource_passes("lsb", "pacemaker", "Dummy", dummy));
    /* Pacemaker 2.1.5: the provider must match, absent included. */
    ck_assert(!resource_passes("ocf", "pacemaker", "Dummy", any_ocf));
    ck_assert(resource_passes("stonith", NULL, "fence_xvm", stonith));
    ck_assert(resource_passes("stonith", NULL, "fence_xvm", by_type));
    ck_assert(!resource_passes("stonith", NULL, "fence_ipmi", by_type));
    /* No resource in context: fails. */
    ck_assert(!resource_passes(NULL, NULL, NULL, stonith));
}
END_TEST

static gboolean operation_passes(const char *name, guint interval_ms, const char *expression)
{
    CsRuleContext context = {
        .now = at("2005-01-20"), .op_name = name, .op_interval_ms = interval_ms};
    g_autofree char *xml = g_strdup_printf("<rule id='r'>%s</rule>", expression);
    return cs_rule_passes(snippet(xml), &context);
}

START_TEST(test_op_expression)
{
    const char *monitor = "<op_expression id='o' name='monitor'/>";
    const char *monitor10 = "<op_expression id='o' name='monitor' interval='10s'/>";
    const char *iso = "<op_expression id='o' name='monitor' interval='PT10S'/>";

    ck_assert(operation_passes("monitor", 10000, monitor));
    ck_assert(operation_passes("monitor", 0, monitor));
    ck_assert(!operation_passes("start", 0, monitor));
    ck_assert(operation_passes("monitor", 10000, monitor10));
    ck_assert(operation_passes("monitor", 10000, iso));
    ck_assert(!operation_passes("monitor", 20000, monitor10));
    ck_assert(
        !operation_passes("monitor", 0, "<op_expression id='o' name='monitor' interval='junk'/>"));
    ck_assert(!operation_passes(NULL, 0, monitor));
}
END_TEST

static gboolean rule_passes_here(const char *xml)
{
    CsRuleContext context = location_context();
    return cs_rule_passes(snippet(xml), &context);
}

START_TEST(test_boolean_and_nesting)
{
    const char *yes = "<expression id='y' attribute='foo' operation='eq' value='10'/>";
    const char *no = "<expression id='n' attribute='foo' operation='eq' value='11'/>";
    g_autofree char *and_rule =
        g_strdup_printf("<rule id='r' boolean-op='and'>%s%s</rule>", yes, no);
    g_autofree char *or_rule = g_strdup_printf("<rule id='r' boolean-op='or'>%s%s</rule>", no, yes);
    g_autofree char *or_none = g_strdup_printf("<rule id='r' boolean-op='or'>%s</rule>", no);
    g_autofree char *nested = g_strdup_printf(
        "<rule id='r'>%s<rule id='in' boolean-op='or'>%s%s</rule></rule>", yes, no, yes);
    g_autofree char *nested_fail = g_strdup_printf(
        "<rule id='r' boolean-op='or'>%s<rule id='in'>%s%s</rule></rule>", no, yes, no);

    ck_assert(!rule_passes_here(and_rule));
    ck_assert(rule_passes_here(or_rule));
    ck_assert(!rule_passes_here(or_none));
    ck_assert(rule_passes_here(nested));
    ck_assert(!rule_passes_here(nested_fail));
    /* Default is "and"; an empty "and" rule passes, an empty "or" fails. */
    ck_assert(rule_passes_here("<rule id='r'/>"));
    ck_assert(!rule_passes_here("<rule id='r' boolean-op='or'/>"));
    /* An element that is not a condition fails. */
    ck_assert(!rule_passes_here("<rule id='r'><bogus/></rule>"));
    ck_assert(
        rule_passes_here("<rule id='r' boolean-op='or'><bogus/>"
                         "<expression id='y' attribute='foo' operation='eq' value='10'/></rule>"));
}
END_TEST

START_TEST(test_references_and_sets)
{
    CsRuleContext context = location_context();
    xmlNode *root = snippet("<set>"
                            "<meta_attributes id='a'><rule id='shared'>"
                            "<expression id='y' attribute='foo' operation='eq' value='10'/>"
                            "</rule></meta_attributes>"
                            "<meta_attributes id='b'><rule id-ref='shared'/></meta_attributes>"
                            "<meta_attributes id='c'><rule id='r1'>"
                            "<expression id='n' attribute='foo' operation='eq' value='11'/>"
                            "</rule><rule id='r2'>"
                            "<expression id='y2' attribute='foo' operation='eq' value='10'/>"
                            "</rule></meta_attributes>"
                            "<meta_attributes id='d'><rule id='r3'>"
                            "<expression id='n3' attribute='foo' operation='eq' value='11'/>"
                            "</rule></meta_attributes>"
                            "<meta_attributes id='e'/>"
                            "</set>");
    xmlNode *sets[5];
    int count = 0;

    for (xmlNode *child = root->children; child != NULL; child = child->next) {
        sets[count++] = child;
    }
    ck_assert_int_eq(count, 5);
    ck_assert(cs_rules_pass(sets[0], &context));
    ck_assert(cs_rules_pass(sets[1], &context)); /* id-ref resolved */
    ck_assert(cs_rules_pass(sets[2], &context)); /* any rule passes */
    ck_assert(!cs_rules_pass(sets[3], &context));
    ck_assert(cs_rules_pass(sets[4], &context)); /* no rule */
    ck_assert(cs_rule_supported(sets[0]->children, NULL));
}
END_TEST

START_TEST(test_role_expression)
{
    CsRuleContext context = location_context();
    xmlNode *ne_promoted = NULL;

    /* oracle: in location rules the role is unknown and these fail */
    ck_assert(!expression_passes("attribute='#role' operation='ne' value='Promoted'"));
    ck_assert(!expression_passes("attribute='#role' operation='not_defined'"));
    ne_promoted = snippet("<rule id='r'><expression id='e' attribute='#role' "
                          "operation='ne' value='Promoted'/></rule>");
    context.role = "Unpromoted";
    ck_assert(cs_rule_passes(ne_promoted, &context));
    context.role = "Started";
    ck_assert(!cs_rule_passes(ne_promoted, &context));
    ck_assert(cs_rule_passes(snippet("<rule id='r'><expression id='e' "
                                     "attribute='#role' operation='eq' value='Started'/></rule>"),
                             &context));
    context.role = "Master";
    ck_assert(cs_rule_passes(snippet("<rule id='r'><expression id='e' "
                                     "attribute='#role' operation='eq' value='Promoted'/></rule>"),
                             &context));
}
END_TEST

/* One rule compiled once and evaluated on several nodes gives each node
 * its own answer.  Oracle: these three rules, as location rules on three
 * nodes (node1 rack=r1; node2 rack=r2; node3 rack=R1 zone=z), with the
 * shared rule in another constraint, score exactly the nodes marked. */
START_TEST(test_compiled_on_several_nodes)
{
    xmlNode *root = snippet("<constraints>"
                            "<rule id='shared' score='5'><expression id='e0' attribute='rack' "
                            "operation='eq' value='r1'/></rule>"
                            "<rule id='outer1' score='100'><rule id-ref='shared'/>"
                            "<expression id='e1' attribute='zone' operation='not_defined'/></rule>"
                            "<rule id='outer2' score='50' boolean-op='or'><rule id='inner2'>"
                            "<rule id-ref='shared'/><expression id='e2' attribute='zone' "
                            "operation='defined'/></rule><rule id-ref='shared'/></rule>"
                            "<rule id='outer3' score='-30'><rule id='inner3' boolean-op='or'>"
                            "<expression id='e3' attribute='rack' operation='eq' value='r2'/>"
                            "<rule id-ref='inner2'/></rule></rule>"
                            "</constraints>");
    const gboolean expected[3][3] = {
        {TRUE, FALSE, FALSE}, /* outer1 on node1..3 */
        {TRUE, FALSE, TRUE},  /* outer2 */
        {FALSE, TRUE, TRUE},  /* outer3 */
    };
    GHashTable *nodes[3];
    xmlNode *rule = root->children->next;

    for (int n = 0; n < 3; n++) {
        nodes[n] = g_hash_table_new(g_str_hash, g_str_equal);
        g_hash_table_insert(nodes[n], "rack", n == 0 ? "r1" : n == 1 ? "r2" : "R1");
    }
    g_hash_table_insert(nodes[2], "zone", "z");
    for (int r = 0; r < 3; r++, rule = rule->next) {
        g_autoptr(CsRule) compiled = cs_rule_compile(rule);

        ck_assert_ptr_eq(cs_rule_xml(compiled), rule);
        for (int n = 0; n < 3; n++) {
            CsRuleContext context = location_context();
            context.node_attrs = nodes[n];
            ck_assert_msg(cs_rule_evaluate(compiled, &context) == expected[r][n], "rule %d node %d",
                          r + 1, n + 1);
            ck_assert(cs_rule_passes(rule, &context) == expected[r][n]);
        }
    }
    for (int n = 0; n < 3; n++) {
        g_hash_table_destroy(nodes[n]);
    }
}
END_TEST

/* A rule that refers to itself: Pacemaker 2.1.5 recurses without end
 * (no oracle answer); here the reference fails past the depth limit, so an
 * "and" rule fails and an "or" rule passes on its other condition. */
START_TEST(test_self_reference)
{
    CsRuleContext context = location_context();

    ck_assert(
        !rule_passes_here("<rule id='r'><expression id='e' attribute='foo' operation='defined'/>"
                          "<rule id-ref='r'/></rule>"));
    ck_assert(rule_passes_here("<rule id='r' boolean-op='or'><rule id-ref='r'/>"
                               "<expression id='e' attribute='foo' operation='defined'/></rule>"));
    /* A nested rule shared twice is still evaluated on each use. */
    ck_assert(cs_rule_passes(snippet("<rules><rule id='s'><date_expression id='d' operation='gt' "
                                     "start='2005-01-01'/></rule><rule id='r'><rule id-ref='s'/>"
                                     "<rule id-ref='s'/></rule></rules>")
                                 ->children->next,
                             &context));
}
END_TEST

/* The compiled form keeps its own copies of every string and what
 * the given element says about boolean-op (the engine scores an "or"
 * location rule from the node's weight). */
START_TEST(test_compiled_form)
{
    CsRuleContext context = location_context();
    g_autofree char *long_name = g_strnfill(300, 'a');
    g_autofree char *xml =
        g_strdup_printf("<rule id='r' boolean-op='OR'><expression id='e1' attribute='%s' "
                        "operation='defined'/><rule id='in'><expression id='e2' "
                        "attribute='s' operation='eq' value='ABC'/><rsc_expression id='x' "
                        "class='ocf' provider='heartbeat' type='IPaddr2'/></rule></rule>",
                        long_name);
    g_autoptr(CsRule) compiled = cs_rule_compile(snippet(xml));

    ck_assert_ptr_null(cs_rule_compile(NULL));
    ck_assert(!cs_rule_evaluate(NULL, &context));
    ck_assert(cs_rule_is_or(compiled));
    free_snippet(); /* the document is gone */
    ck_assert(!cs_rule_evaluate(compiled, &context));
    context.rsc_class = "ocf";
    context.rsc_provider = "heartbeat";
    context.rsc_type = "IPaddr2";
    ck_assert(cs_rule_evaluate(compiled, &context));
    g_hash_table_insert(node_attrs, long_name, "1");
    context.rsc_class = NULL;
    ck_assert(cs_rule_evaluate(compiled, &context));
    g_hash_table_remove(node_attrs, long_name);
}
END_TEST

static Suite *rules_suite(void)
{
    Suite *suite = suite_create("rules");
    TCase *attributes = tcase_create("attributes");
    TCase *dates = tcase_create("dates");
    TCase *structure = tcase_create("structure");

    tcase_add_checked_fixture(attributes, setup, teardown);
    tcase_add_checked_fixture(dates, setup, teardown);
    tcase_add_checked_fixture(structure, setup, teardown);
    tcase_add_test(attributes, test_operations);
    tcase_add_test(attributes, test_types);
    tcase_add_test(attributes, test_default_types);
    tcase_add_test(attributes, test_value_source);
    tcase_add_test(attributes, test_submatches);
    tcase_add_test(attributes, test_no_node);
    tcase_add_test(attributes, test_role_expression);
    tcase_add_test(dates, test_in_range);
    tcase_add_test(dates, test_constraint_lifetime);
    tcase_add_test(dates, test_gt_lt);
    tcase_add_test(dates, test_date_spec);
    tcase_add_test(dates, test_date_ranges_sunday);
    tcase_add_test(dates, test_next_change);
    tcase_add_test(structure, test_rsc_expression);
    tcase_add_test(structure, test_op_expression);
    tcase_add_test(structure, test_boolean_and_nesting);
    tcase_add_test(structure, test_references_and_sets);
    tcase_add_test(structure, test_compiled_on_several_nodes);
    tcase_add_test(structure, test_self_reference);
    tcase_add_test(structure, test_compiled_form);
    suite_add_tcase(suite, attributes);
    suite_add_tcase(suite, dates);
    suite_add_tcase(suite, structure);
    return suite;
}

int main(void)
{
    g_setenv("TZ", "UTC", TRUE);
    return cs_test_run(rules_suite());
}
