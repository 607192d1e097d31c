/* check_edit_settings.c: the edits of edit_meta.c, edit_constraints.c,
 * edit_resources.c and edit_xml.c on data/demo.xml: the XML and ids they
 * write (those of crm_resource, crm_attribute and crm_ticket, as
 * tests/oracle-diff/tools.py confirms against the tools themselves), and
 * undo and redo byte for byte. */
#include "cib/edit.h"

#include <check.h>
#include <string.h>

#include "testlib.h"

#define DEMO CS_SRCDATADIR "/demo.xml"

typedef struct Fixture {
    CsDocument *document;
    CsEditLog *log;
    char *original;
} Fixture;

static void fixture_open(Fixture *fixture)
{
    g_autoptr(GError) error = NULL;
    CsTime now;
    ck_assert(cs_time_parse("2024-06-01 12:00:00", &now, NULL));
    fixture->document = cs_document_load(DEMO, &error);
    ck_assert_msg(fixture->document != NULL, "%s", error ? error->message : "");
    fixture->log = cs_edit_log_new(fixture->document, now);
    fixture->original = cs_test_serialize(fixture->document);
}

static void fixture_open_text(Fixture *fixture, const char *text)
{
    g_autoptr(GError) error = NULL;
    CsTime now;
    ck_assert(cs_time_parse("2024-06-01 12:00:00", &now, NULL));
    fixture->document = cs_document_load_memory(text, strlen(text), "test.xml", &error);
    ck_assert_msg(fixture->document != NULL, "%s", error ? error->message : "");
    fixture->log = cs_edit_log_new(fixture->document, now);
    fixture->original = cs_test_serialize(fixture->document);
}

static void fixture_close(Fixture *fixture)
{
    cs_edit_log_free(fixture->log);
    cs_document_free(fixture->document);
    g_free(fixture->original);
}

/* text with every from replaced by to (newly allocated). */
static char *replace(const char *text, const char *from, const char *to)
{
    g_auto(GStrv) parts = g_strsplit(text, from, -1);
    return g_strjoinv(to, parts);
}

/* Undo every edit made: the document is the loaded one, byte for byte;
 * redo them all and undo again, the same. */
static void check_undo_all(Fixture *fixture)
{
    g_autofree char *edited = cs_test_serialize(fixture->document);
    guint depth = cs_edit_log_undo_depth(fixture->log);
    for (guint i = 0; i < depth; i++)
        ck_assert(cs_edit_undo(fixture->log));
    g_autofree char *undone = cs_test_serialize(fixture->document);
    ck_assert_str_eq(undone, fixture->original);
    for (guint i = 0; i < depth; i++)
        ck_assert(cs_edit_redo(fixture->log));
    g_autofree char *redone = cs_test_serialize(fixture->document);
    ck_assert_str_eq(redone, edited);
    for (guint i = 0; i < depth; i++)
        ck_assert(cs_edit_undo(fixture->log));
}

/* An edit that must fail and leave the document as it was. */
#define ck_assert_refused(fixture, call, code)                                                     \
    do {                                                                                           \
        g_autofree char *before_ = cs_test_serialize((fixture)->document);                         \
        guint depth_ = cs_edit_log_undo_depth((fixture)->log);                                     \
        GError *error_ = NULL;                                                                     \
        GError **cs_error = &error_;                                                               \
        ck_assert(!(call));                                                                        \
        ck_assert_msg(g_error_matches(error_, CS_EDIT_ERROR, (code)), "%s",                        \
                      error_ != NULL ? error_->message : "no error");                              \
        g_error_free(error_);                                                                      \
        g_autofree char *after_ = cs_test_serialize((fixture)->document);                          \
        ck_assert_str_eq(after_, before_);                                                         \
        ck_assert_uint_eq(cs_edit_log_undo_depth((fixture)->log), depth_);                         \
    } while (0)

START_TEST(test_resource_sets)
{
    Fixture f;
    fixture_open(&f);
    ck_assert(cs_edit_resource_set(f.log, CS_EDIT_SET_META, "web-vip", "target-role", "Stopped",
                                   NULL, NULL));
    cs_test_assert_value(f.document,
                         "//primitive[@id='web-vip']/meta_attributes"
                         "[@id='web-vip-meta_attributes']/nvpair"
                         "[@id='web-vip-meta_attributes-target-role']/@value",
                         "Stopped");
    /* a clone's child: the clone gets it, as crm_resource does */
    g_autofree char *target = NULL;
    ck_assert(cs_edit_resource_set(f.log, CS_EDIT_SET_META, "ping", "target-role", "Stopped",
                                   &target, NULL));
    ck_assert_str_eq(target, "ping-clone");
    cs_test_assert_value(
        f.document, "//nvpair[@id='ping-clone-meta_attributes-target-role']/@value", "Stopped");
    /* an existing nvpair is changed where it is */
    ck_assert(cs_edit_resource_set(f.log, CS_EDIT_SET_PARAM, "web-vip", "cidr_netmask", "16", NULL,
                                   NULL));
    cs_test_assert_value(f.document,
                         "//nvpair[@id='web-vip-instance_attributes-cidr_netmask']/@value", "16");
    ck_assert(
        cs_edit_resource_set(f.log, CS_EDIT_SET_UTILIZATION, "report", "cpu", "2", NULL, NULL));
    cs_test_assert_value(f.document, "//utilization[@id='report-utilization']/nvpair/@id",
                         "report-utilization-cpu");
    ck_assert(cs_edit_node_utilization(f.log, "alpha", "cpu", "8", NULL));
    cs_test_assert_value(f.document, "//node[@uname='alpha']/utilization/nvpair/@id",
                         "nodes-1-utilization-cpu");
    ck_assert(cs_edit_resource_set(f.log, CS_EDIT_SET_META, "app-worker", "migration-threshold",
                                   NULL, NULL, NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//nvpair[@name='migration-threshold']"), 0);
    ck_assert_refused(&f,
                      cs_edit_resource_set(f.log, CS_EDIT_SET_META, "app-worker",
                                           "migration-threshold", NULL, NULL, cs_error),
                      CS_EDIT_ERROR_NO_CHANGE);
    ck_assert_refused(
        &f, cs_edit_resource_set(f.log, CS_EDIT_SET_META, "nope", "a", "b", NULL, cs_error),
        CS_EDIT_ERROR_NOT_FOUND);
    check_undo_all(&f);
    fixture_close(&f);
}
END_TEST

/* meta on a group reaches the members that set the attribute
 * themselves, as crm_resource 2.1.5 --meta -r GROUP does (run on a
 * CIB_file copy of demo-small.xml; the saved XML equal but for epoch and
 * num_updates): a new value goes to them and to the group; a deletion
 * takes theirs, and the group's own only when no member had one. */
START_TEST(test_group_meta_reaches_members)
{
    Fixture f;
    fixture_open(&f);
    ck_assert(cs_edit_resource_set(f.log, CS_EDIT_SET_META, "web-fs", "target-role", "Stopped",
                                   NULL, NULL));
    ck_assert(cs_edit_resource_set(f.log, CS_EDIT_SET_META, "web", "target-role", "Started", NULL,
                                   NULL));
    cs_test_assert_value(f.document, "//nvpair[@id='web-fs-meta_attributes-target-role']/@value",
                         "Started");
    cs_test_assert_value(f.document, "//nvpair[@id='web-meta_attributes-target-role']/@value",
                         "Started");
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//nvpair[@name='target-role']"), 2);
    /* no member sets is-managed: the group alone */
    ck_assert(cs_edit_resource_set(f.log, CS_EDIT_SET_META, "web", "is-managed", "false", NULL,
                                   NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//nvpair[@name='is-managed']"), 1);
    /* the member's goes, the group's stays; the emptied set is written
     * empty, as crm_resource leaves it */
    ck_assert(cs_edit_resource_set(f.log, CS_EDIT_SET_META, "web", "target-role", NULL, NULL,
                                   NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//nvpair[@name='target-role']"), 1);
    cs_test_assert_value(f.document, "//nvpair[@name='target-role']/@id",
                         "web-meta_attributes-target-role");
    g_autofree char *text = cs_test_serialize(f.document);
    ck_assert_ptr_nonnull(strstr(text, "<meta_attributes id=\"web-fs-meta_attributes\"/>"));
    /* then no member has it: the group's goes */
    ck_assert(cs_edit_resource_set(f.log, CS_EDIT_SET_META, "web", "target-role", NULL, NULL,
                                   NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//nvpair[@name='target-role']"), 0);
    check_undo_all(&f);
    fixture_close(&f);
}
END_TEST

START_TEST(test_options_and_tickets)
{
    Fixture f;
    fixture_open(&f);
    ck_assert(cs_edit_option(f.log, CS_EDIT_CRM_CONFIG, "no-quorum-policy", "ignore", NULL));
    cs_test_assert_value(f.document,
                         "//nvpair[@id='cib-bootstrap-options-no-quorum-policy']/@value", "ignore");
    ck_assert(cs_edit_option(f.log, CS_EDIT_CRM_CONFIG, "placement-strategy", "utilization", NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document,
                                         "//cluster_property_set[@id='cib-bootstrap-options']"
                                         "/nvpair[@name='placement-strategy']"),
                     1);
    ck_assert(cs_edit_option(f.log, CS_EDIT_RSC_DEFAULTS, "migration-threshold", "3", NULL));
    cs_test_assert_value(f.document,
                         "//rsc_defaults/meta_attributes[@id='rsc_defaults-options']"
                         "/nvpair/@id",
                         "rsc_defaults-options-migration-threshold");
    ck_assert(cs_edit_option(f.log, CS_EDIT_OP_DEFAULTS, "timeout", "30s", NULL));
    cs_test_assert_value(f.document, "//op_defaults/meta_attributes/nvpair/@id",
                         "op_defaults-options-timeout");
    ck_assert_refused(&f, cs_edit_option(f.log, CS_EDIT_OP_DEFAULTS, "interval", NULL, cs_error),
                      CS_EDIT_ERROR_NO_CHANGE);
    ck_assert(cs_edit_ticket(f.log, "T1", CS_EDIT_TICKET_GRANT, 1717243200, NULL));
    cs_test_assert_value(f.document, "/cib/status/tickets/ticket_state[@id='T1']/@granted", "true");
    cs_test_assert_value(f.document, "//ticket_state[@id='T1']/@last-granted", "1717243200");
    ck_assert(cs_edit_ticket(f.log, "T1", CS_EDIT_TICKET_REVOKE, 1717243300, NULL));
    cs_test_assert_value(f.document, "//ticket_state[@id='T1']/@granted", "false");
    ck_assert(cs_edit_ticket(f.log, "T2", CS_EDIT_TICKET_STANDBY, 0, NULL));
    cs_test_assert_value(f.document, "//ticket_state[@id='T2']/@standby", "true");
    check_undo_all(&f);
    fixture_close(&f);
}
END_TEST

START_TEST(test_new_constraints)
{
    Fixture f;
    fixture_open(&f);
    ck_assert(cs_edit_order_add(f.log, "o1", "db-vip", "start", "report", NULL, "Optional", "false",
                                NULL));
    cs_test_assert_value(f.document, "//rsc_order[@id='o1']/@first-action", "start");
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rsc_order[@id='o1']/@then-action"), 0);
    ck_assert(cs_edit_ticket_constraint_add(f.log, "tk1", "report", "T1", "freeze", NULL));
    cs_test_assert_value(f.document, "//rsc_ticket[@id='tk1']/@loss-policy", "freeze");
    char *first[] = {(char *)"report", (char *)"app-worker", (char *)"sequential=false", NULL};
    char *second[] = {(char *)"db-vip", NULL};
    g_autoptr(GPtrArray) sets = g_ptr_array_new();
    g_ptr_array_add(sets, first);
    g_ptr_array_add(sets, second);
    char *options[] = {(char *)"score=INFINITY", NULL};
    ck_assert(cs_edit_set_constraint_add(f.log, "rsc_colocation", "c1", sets, options, NULL));
    cs_test_assert_value(f.document, "//rsc_colocation[@id='c1']/resource_set[1]/@id", "c1-set");
    cs_test_assert_value(f.document, "//rsc_colocation[@id='c1']/resource_set[2]/@id", "c1-set-1");
    cs_test_assert_value(f.document, "//resource_set[@id='c1-set']/@sequential", "false");
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//resource_set[@id='c1-set']/resource_ref"),
                     2);
    char *rule[] = {
        (char *)"#uname", (char *)"eq", (char *)"bravo", (char *)"or", (char *)"defined",
        (char *)"rack",   NULL};
    ck_assert(cs_edit_rule_add(f.log, "l1", "report", "500", rule, NULL));
    cs_test_assert_value(f.document, "//rsc_location[@id='l1']/rule/@boolean-op", "or");
    cs_test_assert_value(f.document, "//rule[@id='l1-rule']/expression[2]/@id", "l1-rule-expr-1");
    char *spec[] = {(char *)"date_spec", (char *)"hours=9-16", (char *)"weekdays=1-5", NULL};
    ck_assert(cs_edit_rule_add(f.log, "l1", NULL, "-100", spec, NULL));
    cs_test_assert_value(f.document, "//rule[@id='l1-rule-1']/date_expression/date_spec/@hours",
                         "9-16");
    /* refusals change nothing */
    char *mixed[] = {(char *)"a",       (char *)"eq", (char *)"1", (char *)"and",
                     (char *)"b",       (char *)"eq", (char *)"2", (char *)"or",
                     (char *)"defined", (char *)"c",  NULL};
    ck_assert_refused(&f, cs_edit_rule_add(f.log, "l2", "report", "1", mixed, cs_error),
                      CS_EDIT_ERROR_INVALID);
    ck_assert_refused(
        &f, cs_edit_rule_add(f.log, "location-db-promoted-delta", NULL, "1", spec, cs_error),
        CS_EDIT_ERROR_INVALID);
    ck_assert_refused(
        &f, cs_edit_order_add(f.log, "o2", "db-vip", "begin", "report", NULL, NULL, NULL, cs_error),
        CS_EDIT_ERROR_INVALID);
    check_undo_all(&f);
    fixture_close(&f);
}
END_TEST

START_TEST(test_resources_and_nodes)
{
    Fixture f;
    fixture_open(&f);
    char *meta[] = {(char *)"target-role=Stopped", NULL};
    ck_assert(cs_edit_resource_add(f.log, "r1", "ocf", "pacemaker", "Dummy", meta, NULL, NULL));
    cs_test_assert_value(f.document, "//primitive[@id='r1']/meta_attributes/nvpair/@id",
                         "r1-meta_attributes-target-role");
    g_autoptr(GString) report = g_string_new(NULL);
    ck_assert(cs_edit_resource_remove(f.log, "web", report, NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//resources//*[@id='web-vip']"), 0);
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rsc_location[@rsc='web']"), 0);
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rsc_order[@then='web']"), 0);
    ck_assert_ptr_nonnull(strstr(report->str, "removed constraint order-ping-clone-web-mandatory"));
    ck_assert(cs_edit_group_add(f.log, "g1", "report", NULL));
    cs_test_assert_value(f.document, "//group[@id='g1']/primitive/@id", "report");
    ck_assert(cs_edit_group_remove(f.log, "g1", "report", NULL, NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//group[@id='g1']"), 0);
    g_autoptr(GString) moved = g_string_new(NULL);
    ck_assert(cs_edit_clone(f.log, "report", TRUE, moved, NULL));
    cs_test_assert_value(f.document, "//clone[@id='report-clone']/primitive/@id", "report");
    cs_test_assert_value(f.document,
                         "//nvpair[@id='report-clone-meta_attributes-promotable']/@value", "true");
    cs_test_assert_value(f.document, "//rsc_location[@id='location-report-echo-freeze']/@rsc",
                         "report-clone");
    ck_assert(cs_edit_node_add(f.log, "zulu", NULL));
    cs_test_assert_value(f.document, "//node_state[@id='zulu']/@crmd", "online");
    ck_assert(cs_edit_node_remove(f.log, "echo", NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//*[@uname='echo' or @id='5']"), 0);
    ck_assert_refused(&f, cs_edit_clone(f.log, "fence-xvm", TRUE, NULL, cs_error),
                      CS_EDIT_ERROR_INVALID);
    ck_assert_refused(&f,
                      cs_edit_resource_add(f.log, "r2", "ocf", NULL, "Dummy", NULL, NULL, cs_error),
                      CS_EDIT_ERROR_INVALID);
    check_undo_all(&f);
    fixture_close(&f);
}
END_TEST

START_TEST(test_replace_element)
{
    Fixture f;
    fixture_open(&f);
    g_autofree char *text = cs_edit_element_text(f.document, "ping-clone-meta_attributes");
    ck_assert_ptr_nonnull(strstr(text, "name=\"interleave\" value=\"true\""));
    ck_assert_refused(&f,
                      cs_edit_replace_element(f.log, "ping-clone-meta_attributes", text, cs_error),
                      CS_EDIT_ERROR_NO_CHANGE);
    /* not well-formed, an id taken elsewhere, an id twice, an invalid
     * CIB (with the schemas installed): nothing changes */
    g_autofree char *broken = g_strdup(text);
    *strrchr(broken, '>') = ' ';
    ck_assert_refused(
        &f, cs_edit_replace_element(f.log, "ping-clone-meta_attributes", broken, cs_error),
        CS_EDIT_ERROR_INVALID);
    g_autofree char *taken = replace(text, "ping-clone-meta_attributes-interleave\"", "web-vip\"");
    ck_assert_refused(&f,
                      cs_edit_replace_element(f.log, "ping-clone-meta_attributes", taken, cs_error),
                      CS_EDIT_ERROR_INVALID);
    const char *twice = "<meta_attributes id=\"ping-clone-meta_attributes\">"
                        "<nvpair id=\"a\" name=\"x\" value=\"1\"/>"
                        "<nvpair id=\"a\" name=\"y\" value=\"1\"/></meta_attributes>";
    ck_assert_refused(&f,
                      cs_edit_replace_element(f.log, "ping-clone-meta_attributes", twice, cs_error),
                      CS_EDIT_ERROR_INVALID);
    if (g_file_test("/usr/share/pacemaker/pacemaker-3.7.rng", G_FILE_TEST_EXISTS)) {
        const char *invalid = "<meta_attributes id=\"ping-clone-meta_attributes\">"
                              "<nvpair id=\"a\" nom=\"x\" value=\"1\"/></meta_attributes>";
        ck_assert_refused(
            &f, cs_edit_replace_element(f.log, "ping-clone-meta_attributes", invalid, cs_error),
            CS_EDIT_ERROR_INVALID);
    }
    g_autofree char *changed = replace(text, "value=\"true\"", "value=\"false\"");
    ck_assert(cs_edit_replace_element(f.log, "ping-clone-meta_attributes", changed, NULL));
    cs_test_assert_value(f.document, "//nvpair[@id='ping-clone-meta_attributes-interleave']/@value",
                         "false");
    ck_assert_ptr_nonnull(
        cs_document_lookup_id(f.document, "ping-clone-meta_attributes-interleave"));
    check_undo_all(&f);
    fixture_close(&f);
}
END_TEST

/* The element is made the edited one in place where it can be: the
 * document then reads exactly as the text the editor wrote, as a
 * replacement would, for changes of every shape. */
static void assert_edited_as_written(Fixture *fixture, const char *id, const char *from,
                                     const char *to, gboolean in_place)
{
    xmlNode *element = cs_document_lookup_id(fixture->document, id);
    g_autofree char *text = cs_edit_element_text(fixture->document, id);
    ck_assert_ptr_nonnull(strstr(text, from));
    g_autofree char *edited = replace(text, from, to);
    g_autoptr(GError) error = NULL;
    ck_assert_msg(cs_edit_replace_element(fixture->log, id, edited, &error), "%s: %s", to,
                  error != NULL ? error->message : "");
    g_autofree char *now = cs_edit_element_text(fixture->document, id);
    ck_assert_str_eq(now, edited);
    ck_assert_int_eq(cs_document_lookup_id(fixture->document, id) == element, in_place);
}

START_TEST(test_replace_element_in_place)
{
    Fixture f;
    fixture_open(&f);
    /* an attribute added, one changed inside, with a character to escape */
    assert_edited_as_written(&f, "db-vip", "type=\"IPaddr2\"",
                             "type=\"IPaddr2\" description=\"a &amp; b\"", TRUE);
    assert_edited_as_written(&f, "db-vip", "timeout=\"20s\"", "timeout=\"30s\"", TRUE);
    /* attributes in another order: replaced */
    assert_edited_as_written(&f, "db-vip", "class=\"ocf\" provider=\"heartbeat\"",
                             "provider=\"heartbeat\" class=\"ocf\"", FALSE);
    /* an attribute taken away, an element added inside */
    assert_edited_as_written(&f, "db-vip", " description=\"a &amp; b\"", "", TRUE);
    /* an attribute added and taken away between two others: in place,
     * and undo puts it back where it was */
    assert_edited_as_written(&f, "db-vip", "class=\"ocf\"", "description=\"mid\" class=\"ocf\"",
                             TRUE);
    assert_edited_as_written(&f, "db-vip", " description=\"mid\"", "", TRUE);
    assert_edited_as_written(&f, "db-vip", "name=\"cidr_netmask\" value=\"24\"/>",
                             "name=\"cidr_netmask\" value=\"24\"/><nvpair "
                             "id=\"db-vip-nic\" name=\"nic\" value=\"eth0\"/>",
                             TRUE);
    /* a group's member, and the text between elements */
    assert_edited_as_written(&f, "web", "<primitive id=\"web-fs\"",
                             "<primitive id=\"web-fs\" description=\"fs\"", TRUE);
    assert_edited_as_written(&f, "web", "\n        <primitive id=\"web-server\"",
                             "\n    <primitive id=\"web-server\"", TRUE);
    ck_assert_ptr_nonnull(cs_document_lookup_id(f.document, "db-vip-nic"));
    check_undo_all(&f);
    fixture_close(&f);
}
END_TEST

/* The schema check around one edit (cib/edit_xml.c): a copy holding,
 * of <resources> and <constraints>, only the edited element is validated
 * first; what it refuses, the whole document must refuse too. */
START_TEST(test_replace_element_schema_around)
{
    if (!g_file_test("/usr/share/pacemaker/pacemaker-3.7.rng", G_FILE_TEST_EXISTS))
        return;
    Fixture f;
    fixture_open(&f);
    /* valid: names resources the copy leaves out */
    const char *location = "location-db-promoted-delta";
    g_autofree char *text = cs_edit_element_text(f.document, location);
    g_autofree char *scored = replace(text, "score=\"50\"", "score=\"60\"");
    ck_assert(cs_edit_replace_element(f.log, location, scored, NULL));
    cs_test_assert_value(f.document, "//rsc_location[@id='location-db-promoted-delta']/@score",
                         "60");
    /* a resource that does not exist */
    g_autofree char *dangling = replace(scored, "rsc=\"db-clone\"", "rsc=\"no-such\"");
    ck_assert_refused(&f, cs_edit_replace_element(f.log, location, dangling, cs_error),
                      CS_EDIT_ERROR_INVALID);
    /* the same ids, an attribute the schema does not have */
    g_autofree char *primitive = cs_edit_element_text(f.document, "db-vip");
    g_autofree char *unknown = replace(primitive, "type=\"IPaddr2\"", "type=\"IPaddr2\" nom=\"x\"");
    ck_assert_refused(&f, cs_edit_replace_element(f.log, "db-vip", unknown, cs_error),
                      CS_EDIT_ERROR_INVALID);
    /* an id a colocation names, taken away */
    g_autofree char *renamed = replace(primitive, "id=\"db-vip\"", "id=\"db-vip-2\"");
    ck_assert_refused(&f, cs_edit_replace_element(f.log, "db-vip", renamed, cs_error),
                      CS_EDIT_ERROR_INVALID);
    /* a group's member changed, the group valid */
    g_autofree char *group = cs_edit_element_text(f.document, "web");
    g_autofree char *described =
        replace(group, "<group id=\"web\"", "<group id=\"web\" description=\"tier\"");
    ck_assert(cs_edit_replace_element(f.log, "web", described, NULL));
    check_undo_all(&f);
    fixture_close(&f);
}
END_TEST

/* Shared operations (id-ref) and tags, as utilization-shuffle and
 * tags-location in the corpus have them. */
static const char *const shared_cib =
    "<cib validate-with=\"pacemaker-3.7\" epoch=\"1\" num_updates=\"0\" admin_epoch=\"0\">\n"
    "  <configuration>\n"
    "    <crm_config/>\n"
    "    <nodes>\n"
    "      <node id=\"1\" uname=\"n1\"/>\n"
    "    </nodes>\n"
    "    <resources>\n"
    "      <primitive id=\"a\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">\n"
    "        <operations id=\"shared-ops\">\n"
    "          <op id=\"shared-monitor\" name=\"monitor\" interval=\"10s\"/>\n"
    "        </operations>\n"
    "      </primitive>\n"
    "      <primitive id=\"b\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">\n"
    "        <operations id-ref=\"shared-ops\"/>\n"
    "      </primitive>\n"
    "      <primitive id=\"c\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">\n"
    "        <operations id-ref=\"shared-ops\"/>\n"
    "      </primitive>\n"
    "    </resources>\n"
    "    <constraints>\n"
    "      <rsc_location id=\"by-tag\" rsc=\"only-a\" node=\"n1\" score=\"10\"/>\n"
    "      <rsc_location id=\"by-tag-2\" rsc=\"a-and-b\" node=\"n1\" score=\"10\"/>\n"
    "    </constraints>\n"
    "    <tags>\n"
    "      <tag id=\"only-a\">\n"
    "        <obj_ref id=\"a\"/>\n"
    "      </tag>\n"
    "      <tag id=\"a-and-b\">\n"
    "        <obj_ref id=\"a\"/>\n"
    "        <obj_ref id=\"b\"/>\n"
    "      </tag>\n"
    "    </tags>\n"
    "  </configuration>\n"
    "  <status/>\n"
    "</cib>\n";

START_TEST(test_remove_keeps_references)
{
    Fixture f;
    fixture_open_text(&f, shared_cib);
    g_autoptr(GString) report = g_string_new(NULL);
    ck_assert(cs_edit_resource_remove(f.log, "a", report, NULL));
    /* b's reference became the operations themselves; c's now refers
     * to that copy */
    cs_test_assert_value(f.document, "//primitive[@id='b']/operations/@id", "shared-ops");
    cs_test_assert_value(f.document, "//primitive[@id='b']/operations/op/@id", "shared-monitor");
    cs_test_assert_value(f.document, "//primitive[@id='c']/operations/@id-ref", "shared-ops");
    ck_assert_ptr_nonnull(cs_document_lookup_id(f.document, "shared-monitor"));
    /* the tag holding only a went, with the constraint naming it; the
     * other lost a */
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//tag[@id='only-a']"), 0);
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rsc_location[@id='by-tag']"), 0);
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//tag[@id='a-and-b']/obj_ref"), 1);
    ck_assert_ptr_nonnull(strstr(report->str, "removed tag only-a"));
    check_undo_all(&f);
    g_autoptr(GString) moved = g_string_new(NULL);
    ck_assert(cs_edit_clone(f.log, "b", FALSE, moved, NULL));
    cs_test_assert_value(f.document, "//tag[@id='a-and-b']/obj_ref[2]/@id", "b-clone");
    check_undo_all(&f);
    fixture_close(&f);
}
END_TEST

static Suite *edit_settings_suite(void)
{
    Suite *suite = suite_create("edit_settings");
    TCase *settings = tcase_create("settings");
    tcase_add_test(settings, test_resource_sets);
    tcase_add_test(settings, test_group_meta_reaches_members);
    tcase_add_test(settings, test_options_and_tickets);
    suite_add_tcase(suite, settings);
    TCase *structure = tcase_create("structure");
    tcase_add_test(structure, test_new_constraints);
    tcase_add_test(structure, test_resources_and_nodes);
    tcase_add_test(structure, test_replace_element);
    tcase_add_test(structure, test_replace_element_schema_around);
    tcase_add_test(structure, test_replace_element_in_place);
    tcase_add_test(structure, test_remove_keeps_references);
    suite_add_tcase(suite, structure);
    return suite;
}

int main(void)
{
    return cs_test_run(edit_settings_suite());
}
