/* check_edit.c: object-level edits of the CIB document, undo and redo. */
#include "cib/edit.h"

#include <check.h>
#include <glib/gstdio.h>
#include <libxml/xmlsave.h>
#include <string.h>
#include "testlib.h"

#define DEMO_SMALL CS_SRCDATADIR "/demo-small.xml"
#define CASES CS_TESTDATA "/cases"

/* ---- helpers ----------------------------------------------------------- */

static CsTime at(const char *text)
{
    CsTime time;
    ck_assert(cs_time_parse(text, &time, NULL));
    return time;
}

typedef struct Fixture {
    CsDocument *document;
    CsEditLog *log;
    char *original;
} Fixture;

/* The document loaded (else error says why), with an edit log at a
 * fixed time and its bytes as loaded. */
static void fixture_start(Fixture *fixture, const GError *error)
{
    ck_assert_msg(fixture->document != NULL, "%s", error ? error->message : "");
    fixture->log = cs_edit_log_new(fixture->document, at("2024-06-01 12:00:00"));
    fixture->original = cs_test_serialize(fixture->document);
}

static void fixture_open(Fixture *fixture, const char *path)
{
    g_autoptr(GError) error = NULL;
    fixture->document = cs_document_load(path, &error);
    fixture_start(fixture, error);
}

static void fixture_open_memory(Fixture *fixture, const char *text)
{
    g_autoptr(GError) error = NULL;
    fixture->document = cs_document_load_memory(text, strlen(text), "test.xml", &error);
    fixture_start(fixture, error);
}

static void fixture_close(Fixture *fixture)
{
    cs_edit_log_free(fixture->log);
    cs_document_free(fixture->document);
    g_free(fixture->original);
}

/* The document is again byte for byte as loaded; then closed. */
static void fixture_close_unchanged(Fixture *fixture)
{
    g_autofree char *text = cs_test_serialize(fixture->document);

    ck_assert_str_eq(text, fixture->original);
    fixture_close(fixture);
}

/* After an edit: undo gives back the bytes from before it, redo the bytes
 * after it, and a second undo the original again. */
static void check_undo_redo_from(Fixture *fixture, const char *before)
{
    g_autofree char *after = cs_test_serialize(fixture->document);
    ck_assert_str_ne(after, before);
    ck_assert(cs_edit_undo(fixture->log));
    g_autofree char *undone = cs_test_serialize(fixture->document);
    ck_assert_str_eq(undone, before);
    ck_assert(cs_edit_redo(fixture->log));
    g_autofree char *redone = cs_test_serialize(fixture->document);
    ck_assert_str_eq(redone, after);
    ck_assert(cs_edit_undo(fixture->log));
    g_autofree char *again = cs_test_serialize(fixture->document);
    ck_assert_str_eq(again, before);
    ck_assert(cs_edit_redo(fixture->log));
}

/* For the first edit of a test: "before" is the document as loaded. */
static void check_undo_redo(Fixture *fixture)
{
    check_undo_redo_from(fixture, fixture->original);
}

/* ---- ban, prefer, clear ------------------------------------------------ */

START_TEST(test_ban_node_score_form)
{
    Fixture f;
    fixture_open(&f, DEMO_SMALL);
    g_autoptr(GError) error = NULL;
    ck_assert(cs_edit_ban(f.log, "web", "alpha", NULL, &error));
    const char *ban = "//rsc_location[@id='cli-ban-web-on-alpha']";
    ck_assert_int_eq(cs_test_xpath_count(f.document, ban), 1);
    cs_test_assert_value(f.document, "//rsc_location[@id='cli-ban-web-on-alpha']/@rsc", "web");
    cs_test_assert_value(f.document, "//rsc_location[@id='cli-ban-web-on-alpha']/@role", "Started");
    cs_test_assert_value(f.document, "//rsc_location[@id='cli-ban-web-on-alpha']/@node", "alpha");
    cs_test_assert_value(f.document, "//rsc_location[@id='cli-ban-web-on-alpha']/@score",
                         "-INFINITY");
    /* the id index knows the new element */
    ck_assert_ptr_nonnull(cs_document_lookup_id(f.document, "cli-ban-web-on-alpha"));
    ck_assert_str_eq(cs_edit_log_next_undo(f.log), "ban web from alpha");
    /* indented like its siblings, on a line of its own */
    g_autofree char *text = cs_test_serialize(f.document);
    ck_assert_ptr_nonnull(strstr(text, "score=\"-INFINITY\"/>\n      <rsc_location "
                                       "id=\"cli-ban-web-on-alpha\""));
    check_undo_redo(&f);
    ck_assert_ptr_nonnull(cs_document_lookup_id(f.document, "cli-ban-web-on-alpha"));
    ck_assert(cs_edit_undo(f.log));
    ck_assert_ptr_null(cs_document_lookup_id(f.document, "cli-ban-web-on-alpha"));
    fixture_close(&f);
}
END_TEST

START_TEST(test_ban_with_lifetime)
{
    Fixture f;
    fixture_open(&f, DEMO_SMALL);
    ck_assert(cs_edit_ban(f.log, "db", "bravo", "2024-06-01 13:00:00Z", NULL));
    const char *rule = "//rsc_location[@id='cli-ban-db-on-bravo']/rule";
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//rsc_location[@id='cli-ban-db-on-bravo'][@node]"), 0);
    cs_test_assert_value(f.document, "//rsc_location[@id='cli-ban-db-on-bravo']/rule/@id",
                         "cli-ban-db-on-bravo-rule");
    ck_assert_int_eq(cs_test_xpath_count(f.document, rule), 1);
    cs_test_assert_value(f.document, "//rule[@id='cli-ban-db-on-bravo-rule']/@score", "-INFINITY");
    cs_test_assert_value(f.document, "//rule[@id='cli-ban-db-on-bravo-rule']/@boolean-op", "and");
    cs_test_assert_value(f.document, "//expression[@id='cli-ban-db-on-bravo-expr']/@attribute",
                         "#uname");
    cs_test_assert_value(f.document, "//expression[@id='cli-ban-db-on-bravo-expr']/@value",
                         "bravo");
    cs_test_assert_value(f.document,
                         "//date_expression[@id='cli-ban-db-on-bravo-lifetime']/@operation", "lt");
    cs_test_assert_value(f.document, "//date_expression[@id='cli-ban-db-on-bravo-lifetime']/@end",
                         "2024-06-01 13:00:00Z");
    check_undo_redo(&f);
    fixture_close(&f);
}
END_TEST

START_TEST(test_ban_again_replaces)
{
    Fixture f;
    fixture_open(&f, DEMO_SMALL);
    /* The demo already bans report from alpha: banning again with a
     * lifetime rewrites that constraint in place. */
    ck_assert(cs_edit_ban(f.log, "report", "alpha", "2030-01-01 00:00:00Z", NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//*[@id='cli-ban-report-on-alpha']"), 1);
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//rsc_location[@id='cli-ban-report-on-alpha']/rule"), 1);
    check_undo_redo(&f);
    ck_assert(cs_edit_ban(f.log, "report", "alpha", "2031-01-01 00:00:00Z", NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//*[@id='cli-ban-report-on-alpha-rule']"), 1);
    cs_test_assert_value(f.document,
                         "//date_expression[@id='cli-ban-report-on-alpha-lifetime']/@end",
                         "2031-01-01 00:00:00Z");
    fixture_close(&f);
}
END_TEST

START_TEST(test_prefer_and_clear)
{
    Fixture f;
    fixture_open(&f, DEMO_SMALL);
    ck_assert(cs_edit_prefer(f.log, "db", "charlie", NULL, NULL));
    cs_test_assert_value(f.document, "//rsc_location[@id='cli-prefer-db']/@score", "INFINITY");
    cs_test_assert_value(f.document, "//rsc_location[@id='cli-prefer-db']/@node", "charlie");
    ck_assert(cs_edit_prefer(f.log, "web", "bravo", "2024-06-02 00:00:00Z", NULL));
    cs_test_assert_value(f.document, "//rsc_location[@id='cli-prefer-web']/rule/@id",
                         "cli-prefer-rule-web");
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//expression[@id='cli-prefer-expr-web']"), 1);
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//date_expression[@id='cli-prefer-lifetime-end-web']"), 1);
    ck_assert(cs_edit_ban(f.log, "db", "alpha", NULL, NULL));
    g_autofree char *before_clear = cs_test_serialize(f.document);

    guint removed = 0;
    ck_assert(cs_edit_clear(f.log, "db", &removed, NULL));
    ck_assert_uint_eq(removed, 2);
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//rsc_location[starts-with(@id,'cli-')][@rsc='db']"), 0);
    /* other resources' cli constraints stay */
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rsc_location[@id='cli-prefer-web']"), 1);
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//rsc_location[@id='cli-ban-report-on-alpha']"), 1);
    ck_assert(cs_edit_undo(f.log));
    g_autofree char *undone = cs_test_serialize(f.document);
    ck_assert_str_eq(undone, before_clear);

    /* nothing left to clear: no edit is recorded */
    ck_assert(cs_edit_redo(f.log));
    guint depth = cs_edit_log_undo_depth(f.log);
    g_autoptr(GError) error = NULL;
    ck_assert(!cs_edit_clear(f.log, "db", NULL, &error));
    ck_assert(g_error_matches(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE));
    ck_assert_uint_eq(cs_edit_log_undo_depth(f.log), depth);
    /* four undos: back to the file as loaded */
    for (int i = 0; i < 4; i++)
        ck_assert(cs_edit_undo(f.log));
    ck_assert(!cs_edit_undo(f.log));
    g_autofree char *original = cs_test_serialize(f.document);
    ck_assert_str_eq(original, f.original);
    fixture_close(&f);
}
END_TEST

START_TEST(test_unknown_ids)
{
    Fixture f;
    fixture_open(&f, DEMO_SMALL);
    g_autoptr(GError) e1 = NULL, e2 = NULL, e3 = NULL, e4 = NULL, e5 = NULL;
    ck_assert(!cs_edit_ban(f.log, "webx", "alpha", NULL, &e1));
    ck_assert_str_eq(e1->message, "no resource 'webx'");
    ck_assert(g_error_matches(e1, CS_EDIT_ERROR, CS_EDIT_ERROR_NOT_FOUND));
    ck_assert(!cs_edit_ban(f.log, "web", "delta", NULL, &e2));
    ck_assert_str_eq(e2->message, "no node 'delta'");
    ck_assert(!cs_edit_constraint_remove(f.log, "nope", &e3));
    ck_assert_str_eq(e3->message, "no constraint 'nope'");
    ck_assert(!cs_edit_rule_enable(f.log, "nope-rule", FALSE, &e4));
    ck_assert_str_eq(e4->message, "no rule 'nope-rule'");
    /* an nvpair's id is not a resource */
    ck_assert(!cs_edit_stickiness(f.log, "nodes-1-tier", "5", &e5));
    ck_assert_str_eq(e5->message, "no resource 'nodes-1-tier'");
    ck_assert_uint_eq(cs_edit_log_undo_depth(f.log), 0);
    fixture_close_unchanged(&f);
}
END_TEST

/* Pacemaker Explained 2.1, "Pacemaker Remote", "Bundles": remote and
 * guest nodes, a bundle's replicas included, run without a <node>
 * entry; an edit that needs one says which node it is and why it has
 * none, and a name nothing gives stays "no node". */
#define REMOTE_WITHOUT_ENTRIES                                                                     \
    "<cib crm_feature_set=\"3.16.1\" validate-with=\"pacemaker-3.7\" epoch=\"1\" "                 \
    "num_updates=\"0\" admin_epoch=\"0\"><configuration><crm_config/>"                             \
    "<nodes><node id=\"1\" uname=\"n1\"/></nodes><resources>"                                      \
    "<primitive id=\"rem1\" class=\"ocf\" provider=\"pacemaker\" type=\"remote\"/>"                \
    "<primitive id=\"vm1\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\">"                   \
    "<meta_attributes id=\"vm1-meta\"><nvpair id=\"vm1-rn\" name=\"remote-node\" value=\"g1\"/>"   \
    "</meta_attributes></primitive>"                                                               \
    "<bundle id=\"web\"><podman image=\"img\" replicas=\"2\"/>"                                    \
    "<primitive id=\"app\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/></bundle>"         \
    "</resources><constraints/></configuration><status/></cib>"

START_TEST(test_remote_node_without_entry)
{
    Fixture f;
    fixture_open_memory(&f, REMOTE_WITHOUT_ENTRIES);
    g_autoptr(GError) remote = NULL, guest = NULL, replica = NULL, beyond = NULL, unknown = NULL;
    ck_assert(!cs_edit_standby(f.log, "rem1", TRUE, &remote));
    ck_assert_str_eq(remote->message,
                     "rem1 is a remote node, known only from its connection resource rem1: it "
                     "has no <node> entry in the configuration, which this edit needs (add one "
                     "first, with id and uname rem1)");
    ck_assert(g_error_matches(remote, CS_EDIT_ERROR, CS_EDIT_ERROR_NOT_FOUND));
    ck_assert(!cs_edit_node_attribute(f.log, "g1", "rack", "r1", &guest));
    ck_assert_ptr_nonnull(strstr(guest->message,
                                 "g1 is a guest node, known only from the remote-node meta "
                                 "attribute of vm1: it has no <node> entry"));
    ck_assert(!cs_edit_standby(f.log, "web-1", TRUE, &replica));
    ck_assert_ptr_nonnull(strstr(replica->message, "web-1 is a guest node of bundle web"));
    ck_assert(!cs_edit_standby(f.log, "web-2", TRUE, &beyond));
    ck_assert_str_eq(beyond->message, "no node 'web-2'");
    ck_assert(!cs_edit_standby(f.log, "n9", TRUE, &unknown));
    ck_assert_str_eq(unknown->message, "no node 'n9'");
    fixture_close_unchanged(&f);
}
END_TEST

/* ---- stickiness --------------------------------------------------------- */

START_TEST(test_stickiness_resource_and_default)
{
    Fixture f;
    fixture_open(&f, DEMO_SMALL);
    ck_assert(cs_edit_stickiness(f.log, "db", "50", NULL));
    cs_test_assert_value(f.document, "//primitive[@id='db']/meta_attributes/@id",
                         "db-meta_attributes");
    cs_test_assert_value(
        f.document, "//primitive[@id='db']/meta_attributes/nvpair[@name='resource-stickiness']/@id",
        "db-meta_attributes-resource-stickiness");
    cs_test_assert_value(
        f.document,
        "//primitive[@id='db']/meta_attributes/nvpair[@name='resource-stickiness']/@value", "50");
    check_undo_redo(&f);
    /* an existing nvpair is updated, not duplicated */
    ck_assert(cs_edit_stickiness(f.log, "db", "INFINITY", NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//primitive[@id='db']//nvpair"), 1);
    cs_test_assert_value(f.document, "//primitive[@id='db']//nvpair/@value", "INFINITY");
    /* a group's set goes before its members */
    ck_assert(cs_edit_stickiness(f.log, "web", "20", NULL));
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//group[@id='web']/*[1][self::meta_attributes]"), 1);
    /* the default, in the existing rsc_defaults set */
    ck_assert(cs_edit_stickiness(f.log, NULL, "0", NULL));
    cs_test_assert_value(
        f.document, "//rsc_defaults/meta_attributes/nvpair[@name='resource-stickiness']/@value",
        "0");
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rsc_defaults//nvpair"), 1);
    ck_assert(cs_edit_stickiness(f.log, NULL, NULL, NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rsc_defaults//nvpair"), 0);
    g_autoptr(GError) error = NULL;
    ck_assert(!cs_edit_stickiness(f.log, "db", "lots", &error));
    ck_assert(g_error_matches(error, CS_EDIT_ERROR, CS_EDIT_ERROR_INVALID));
    while (cs_edit_undo(f.log))
        ;
    fixture_close_unchanged(&f);
}
END_TEST

START_TEST(test_stickiness_default_created)
{
    Fixture f;
    fixture_open(&f, CASES "/location-ban.xml");
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rsc_defaults"), 0);
    ck_assert(cs_edit_stickiness(f.log, NULL, "100", NULL));
    cs_test_assert_value(f.document, "/cib/configuration/rsc_defaults/meta_attributes/@id",
                         "rsc_defaults-options");
    cs_test_assert_value(f.document, "//rsc_defaults//nvpair/@id",
                         "rsc_defaults-options-resource-stickiness");
    check_undo_redo(&f);
    fixture_close(&f);
}
END_TEST

/* ---- nodes ---------------------------------------------------------------- */

START_TEST(test_standby_and_attributes)
{
    Fixture f;
    fixture_open(&f, DEMO_SMALL);
    ck_assert(cs_edit_standby(f.log, "charlie", FALSE, NULL));
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//node[@uname='charlie']//nvpair[@name='standby']"), 0);
    check_undo_redo(&f);
    ck_assert(cs_edit_standby(f.log, "alpha", TRUE, NULL));
    cs_test_assert_value(f.document, "//node[@uname='alpha']//nvpair[@name='standby']/@id",
                         "nodes-1-standby");
    cs_test_assert_value(f.document, "//node[@uname='alpha']//nvpair[@name='standby']/@value",
                         "on");
    g_autoptr(GError) error = NULL;
    ck_assert(!cs_edit_standby(f.log, "alpha", TRUE, &error));
    ck_assert(g_error_matches(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE));
    ck_assert(cs_edit_maintenance(f.log, "bravo", TRUE, NULL));
    cs_test_assert_value(f.document, "//node[@uname='bravo']//nvpair[@name='maintenance']/@value",
                         "on");
    ck_assert(cs_edit_node_attribute(f.log, "bravo", "tier", "web", NULL));
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//node[@uname='bravo']//nvpair[@name='tier']"), 1);
    cs_test_assert_value(f.document, "//node[@uname='bravo']//nvpair[@name='tier']/@value", "web");
    ck_assert(cs_edit_node_attribute(f.log, "bravo", "rack", NULL, NULL));
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//node[@uname='bravo']//nvpair[@name='rack']"), 0);
    fixture_close(&f);
}
END_TEST

START_TEST(test_node_without_attributes)
{
    Fixture f;
    fixture_open(&f, CASES "/location-ban.xml");
    ck_assert(cs_edit_standby(f.log, "node2", TRUE, NULL));
    cs_test_assert_value(f.document, "//node[@uname='node2']/instance_attributes/@id", "nodes-2");
    cs_test_assert_value(f.document, "//node[@uname='node2']/instance_attributes/nvpair/@id",
                         "nodes-2-standby");
    g_autofree char *text = cs_test_serialize(f.document);
    ck_assert_ptr_nonnull(
        strstr(text, "<node id=\"2\" uname=\"node2\">\n"
                     "        <instance_attributes id=\"nodes-2\">\n"
                     "          <nvpair id=\"nodes-2-standby\" name=\"standby\" value=\"on\"/>\n"
                     "        </instance_attributes>\n"
                     "      </node>"));
    check_undo_redo(&f);
    fixture_close(&f);
}
END_TEST

/* ---- fail counts ----------------------------------------------------------- */

START_TEST(test_fail_count_set_and_clear)
{
    Fixture f;
    fixture_open(&f, DEMO_SMALL);
    ck_assert(cs_edit_fail_count_set(f.log, "db", "bravo", "monitor_10000", "3", 1717243200, NULL));
    const char *pair = "//node_state[@uname='bravo']/transient_attributes/instance_attributes"
                       "/nvpair[@name='fail-count-db#monitor_10000']";
    ck_assert_int_eq(cs_test_xpath_count(f.document, pair), 1);
    cs_test_assert_value(f.document, "//nvpair[@name='fail-count-db#monitor_10000']/@value", "3");
    cs_test_assert_value(f.document, "//nvpair[@name='fail-count-db#monitor_10000']/@id",
                         "status-2-fail-count-db.monitor_10000");
    cs_test_assert_value(f.document, "//nvpair[@name='last-failure-db#monitor_10000']/@value",
                         "1717243200");
    check_undo_redo(&f);

    /* alpha has no transient_attributes yet: one is made */
    ck_assert(cs_edit_fail_count_set(f.log, "db", "alpha", "start_0", "INFINITY", 5, NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document,
                                         "//node_state[@uname='alpha']/transient_attributes"
                                         "/instance_attributes[@id='status-1']"),
                     1);
    /* the ids made are unique: Pacemaker would name the new
     * transient_attributes "1", which the node and node_state hold */
    cs_test_assert_value(f.document, "//node_state[@uname='alpha']/transient_attributes/@id",
                         "1-1");
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//*[@id='1-1' or @id='status-1' or "
                                                     "@id='status-1-fail-count-db.start_0']"),
                     3);

    ck_assert(cs_edit_fail_count_clear(f.log, "app-worker", NULL, NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//nvpair[contains(@name,'app-worker')]"), 0);
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//nvpair[@name='fail-count-db#monitor_10000']"), 1);
    ck_assert(cs_edit_fail_count_clear(f.log, "db", "alpha", NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//nvpair[@name='fail-count-db#start_0']"), 0);
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//nvpair[@name='fail-count-db#monitor_10000']"), 1);
    g_autoptr(GError) error = NULL;
    ck_assert(!cs_edit_fail_count_set(f.log, "db", "bravo", "monitor", "1", 0, &error));
    ck_assert(g_error_matches(error, CS_EDIT_ERROR, CS_EDIT_ERROR_INVALID));
    while (cs_edit_undo(f.log))
        ;
    fixture_close_unchanged(&f);
}
END_TEST

/* ---- constraints -------------------------------------------------------- */

START_TEST(test_constraints_add_remove_score)
{
    Fixture f;
    fixture_open(&f, DEMO_SMALL);
    ck_assert(cs_edit_location_add(f.log, "loc-db-charlie", "db", "charlie", "500", NULL));
    cs_test_assert_value(f.document, "//rsc_location[@id='loc-db-charlie']/@score", "500");
    check_undo_redo(&f);
    ck_assert(cs_edit_colocation_add(f.log, "col-report-db", "report", "db", "-INFINITY", NULL));
    cs_test_assert_value(f.document, "//rsc_colocation[@id='col-report-db']/@with-rsc", "db");
    g_autoptr(GError) exists = NULL, bad = NULL, self = NULL, no_score = NULL;
    ck_assert(!cs_edit_location_add(f.log, "col-report-db", "db", "alpha", "1", &exists));
    ck_assert(g_error_matches(exists, CS_EDIT_ERROR, CS_EDIT_ERROR_EXISTS));
    ck_assert(!cs_edit_location_add(f.log, "x", "db", "alpha", "1.5", &bad));
    ck_assert(g_error_matches(bad, CS_EDIT_ERROR, CS_EDIT_ERROR_INVALID));
    ck_assert(!cs_edit_colocation_add(f.log, "y", "db", "db", "1", &self));
    ck_assert(!cs_edit_constraint_score(f.log, "location-web-tier", "5", &no_score));
    ck_assert(cs_edit_constraint_score(f.log, "colocation-web-db--1000", "-500", NULL));
    cs_test_assert_value(f.document, "//rsc_colocation[@id='colocation-web-db--1000']/@score",
                         "-500");
    g_autofree char *before_remove = cs_test_serialize(f.document);
    ck_assert(cs_edit_constraint_remove(f.log, "location-db-tier", NULL));
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//*[@id='location-db-tier']"), 0);
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//*[@id='location-db-tier-rule']"), 0);
    ck_assert_ptr_null(cs_document_lookup_id(f.document, "location-db-tier-rule"));
    ck_assert(cs_edit_undo(f.log));
    g_autofree char *restored = cs_test_serialize(f.document);
    ck_assert_str_eq(restored, before_remove);
    ck_assert_ptr_nonnull(cs_document_lookup_id(f.document, "location-db-tier-rule"));
    fixture_close(&f);
}
END_TEST

/* ---- rules -------------------------------------------------------------- */

START_TEST(test_rule_disable_and_rule)
{
    Fixture f;
    fixture_open(&f, CASES "/rule-boolean.xml");
    xmlNode *rule = cs_edit_find_rule(f.document, "loc-and-rule");
    ck_assert(!cs_edit_rule_disabled(rule));
    ck_assert(cs_edit_rule_enable(f.log, "loc-and-rule", FALSE, NULL));
    ck_assert(cs_edit_rule_disabled(rule));
    cs_test_assert_value(f.document, "//rule[@id='loc-and-rule']/date_expression/@id",
                         "loc-and-rule-disabled");
    cs_test_assert_value(f.document, "//rule[@id='loc-and-rule']/date_expression/@end",
                         CS_EDIT_NEVER);
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rule[@id='loc-and-rule']/expression"), 2);
    check_undo_redo(&f);
    g_autoptr(GError) error = NULL;
    ck_assert(!cs_edit_rule_enable(f.log, "loc-and-rule", FALSE, &error));
    ck_assert(g_error_matches(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE));
    /* enabling (not undoing) gives the rule back byte for byte */
    ck_assert(cs_edit_rule_enable(f.log, "loc-and-rule", TRUE, NULL));
    fixture_close_unchanged(&f);
}
END_TEST

START_TEST(test_rule_disable_or_rule)
{
    Fixture f;
    fixture_open(&f, CASES "/rule-boolean.xml");
    ck_assert(cs_edit_rule_enable(f.log, "loc-or-rule", FALSE, NULL));
    cs_test_assert_value(f.document, "//rule[@id='loc-or-rule']/@boolean-op", "and");
    cs_test_assert_value(f.document, "//rule[@id='loc-or-rule']/rule/@id", "loc-or-rule-or");
    cs_test_assert_value(f.document, "//rule[@id='loc-or-rule-or']/@boolean-op", "or");
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rule[@id='loc-or-rule-or']/expression"), 2);
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rule[@id='loc-or-rule']/expression"), 0);
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rule[@id='loc-or-rule']/date_expression"),
                     1);
    check_undo_redo(&f);
    /* enable unwraps: same elements and attributes as before */
    ck_assert(cs_edit_rule_enable(f.log, "loc-or-rule", TRUE, NULL));
    cs_test_assert_value(f.document, "//rule[@id='loc-or-rule']/@boolean-op", "or");
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rule[@id='loc-or-rule']/expression"), 2);
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//rule[@id='loc-or-rule']/*"), 2);
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//*[@id='loc-or-rule-or']"), 0);
    ck_assert(cs_edit_rule_enable(f.log, "loc-or-rule", FALSE, NULL));
    cs_test_assert_value(f.document, "//rule[@id='loc-or-rule-or']/@score", "0");
    fixture_close(&f);
}
END_TEST

/* ---- the log: clock, dirty, redo dropped --------------------------------- */

START_TEST(test_clock_and_dirty)
{
    Fixture f;
    fixture_open(&f, DEMO_SMALL);
    ck_assert(!cs_edit_log_dirty(f.log));
    ck_assert(cs_edit_set_time(f.log, at("2025-01-01"), NULL));
    ck_assert_int_eq(cs_edit_log_time(f.log).seconds, at("2025-01-01").seconds);
    ck_assert(!cs_edit_log_dirty(f.log)); /* the clock is not the CIB */
    ck_assert(!cs_edit_log_last_is_document(f.log));
    ck_assert(cs_edit_ban(f.log, "db", "bravo", NULL, NULL));
    ck_assert(cs_edit_log_dirty(f.log));
    ck_assert(cs_edit_log_last_is_document(f.log));
    cs_edit_log_mark_saved(f.log);
    ck_assert(!cs_edit_log_dirty(f.log));
    ck_assert(cs_edit_undo(f.log));
    ck_assert(cs_edit_log_dirty(f.log));
    ck_assert(cs_edit_undo(f.log));
    ck_assert_int_eq(cs_edit_log_time(f.log).seconds, at("2024-06-01 12:00:00").seconds);
    ck_assert(cs_edit_redo(f.log));
    ck_assert_int_eq(cs_edit_log_time(f.log).seconds, at("2025-01-01").seconds);
    /* a new edit drops what could have been redone (the ban) */
    ck_assert_uint_eq(cs_edit_log_redo_depth(f.log), 1);
    ck_assert(cs_edit_standby(f.log, "alpha", TRUE, NULL));
    ck_assert_uint_eq(cs_edit_log_redo_depth(f.log), 0);
    ck_assert(!cs_edit_redo(f.log));
    ck_assert(cs_edit_log_dirty(f.log)); /* the saved state is gone */
    ck_assert_int_eq(cs_test_xpath_count(f.document, "//*[@id='cli-ban-db-on-bravo']"), 0);
    fixture_close(&f);
}
END_TEST

/* A state's name (cs_edit_log_state) comes back with undo and redo, is
 * new for every new edit (even the same change made again) and never
 * shared between logs. */
START_TEST(test_state_names)
{
    Fixture f, other;
    fixture_open(&f, DEMO_SMALL);
    fixture_open(&other, DEMO_SMALL);
    guint64 loaded = cs_edit_log_state(f.log);
    ck_assert(loaded != 0 && loaded != cs_edit_log_state(other.log));
    ck_assert(cs_edit_ban(f.log, "db", "bravo", NULL, NULL));
    guint64 banned = cs_edit_log_state(f.log);
    ck_assert(banned != loaded);
    ck_assert(cs_edit_set_time(f.log, at("2025-01-01"), NULL));
    guint64 later = cs_edit_log_state(f.log);
    ck_assert(later != banned && later != loaded);
    ck_assert(cs_edit_undo(f.log));
    ck_assert(cs_edit_log_state(f.log) == banned);
    ck_assert(cs_edit_undo(f.log));
    ck_assert(cs_edit_log_state(f.log) == loaded);
    ck_assert(cs_edit_redo(f.log));
    ck_assert(cs_edit_log_state(f.log) == banned);
    /* a failed edit changes nothing */
    ck_assert(!cs_edit_ban(f.log, "nosuch", "bravo", NULL, NULL));
    ck_assert(cs_edit_log_state(f.log) == banned);
    /* the same ban again, after undo: a state of its own */
    ck_assert(cs_edit_undo(f.log));
    ck_assert(cs_edit_ban(f.log, "db", "bravo", NULL, NULL));
    ck_assert(cs_edit_log_state(f.log) != banned && cs_edit_log_state(f.log) != later);
    fixture_close(&other);
    fixture_close(&f);
}
END_TEST

/* ---- hostile ids ---------------------------------------------------------- */

#define HOSTILE_CIB                                                                                \
    "<cib epoch=\"1\">\n"                                                                          \
    "  <configuration>\n"                                                                          \
    "    <crm_config/>\n"                                                                          \
    "    <nodes>\n"                                                                                \
    "      <node id=\"1\" uname=\"n &apos;1&apos;\"/>\n"                                           \
    "    </nodes>\n"                                                                               \
    "    <resources>\n"                                                                            \
    "      <primitive id=\"we&quot;b $(rm -rf) &lt;x&gt; &amp;#\" class=\"ocf\" "                  \
    "provider=\"pacemaker\" type=\"Dummy\"/>\n"                                                    \
    "    </resources>\n"                                                                           \
    "    <constraints/>\n"                                                                         \
    "  </configuration>\n"                                                                         \
    "  <status/>\n"                                                                                \
    "</cib>\n"

START_TEST(test_hostile_ids_round_trip)
{
    Fixture f;
    fixture_open_memory(&f, HOSTILE_CIB);
    const char *rsc = "we\"b $(rm -rf) <x> &#";
    const char *node = "n '1'";
    ck_assert(cs_edit_ban(f.log, rsc, node, "2030-01-01 00:00:00Z", NULL));
    check_undo_redo(&f);
    g_autoptr(GError) bad_id = NULL;
    ck_assert(!cs_edit_location_add(f.log, "a \"quoted\" id", rsc, node, "10", &bad_id));
    ck_assert(g_error_matches(bad_id, CS_EDIT_ERROR, CS_EDIT_ERROR_INVALID));
    ck_assert(cs_edit_location_add(f.log, "loc-h\xc3\xa9", rsc, node, "10", NULL));
    g_autofree char *before = cs_test_serialize(f.document);
    ck_assert(cs_edit_stickiness(f.log, rsc, "7", NULL));
    check_undo_redo_from(&f, before);

    /* save and load again: every value comes back as it was */
    g_autofree char *dir = g_dir_make_tmp("check_edit.XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "cib.xml", NULL);
    ck_assert(cs_document_save(f.document, path, NULL));
    g_autoptr(CsDocument) again = cs_document_load(path, NULL);
    ck_assert_ptr_nonnull(again);
    /* ':' and '#' sanitized to '.', as crm_resource names it */
    xmlNode *ban = cs_document_lookup_id(again, "cli-ban-we\"b $(rm -rf) <x> &.-on-n '1'");
    ck_assert_ptr_nonnull(ban);
    xmlChar *got_rsc = xmlGetProp(ban, BAD_CAST "rsc");
    ck_assert_str_eq((const char *)got_rsc, rsc);
    xmlFree(got_rsc);
    xmlNode *location = cs_document_lookup_id(again, "loc-h\xc3\xa9");
    ck_assert_ptr_nonnull(location);
    xmlChar *got_node = xmlGetProp(location, BAD_CAST "node");
    ck_assert_str_eq((const char *)got_node, node);
    xmlFree(got_node);
    g_autofree char *saved = cs_test_serialize(f.document);
    g_autofree char *reloaded = cs_test_serialize(again);
    ck_assert_str_eq(saved, reloaded);
    g_autofree char *bak = g_strconcat(path, ".bak", NULL);
    g_unlink(path);
    g_unlink(bak);
    g_rmdir(dir);
    fixture_close(&f);
}
END_TEST

START_TEST(test_unique_ids)
{
    Fixture f;
    /* ids the edits would like to use are taken already */
    fixture_open_memory(
        &f, "<cib epoch=\"1\">\n  <configuration>\n    <crm_config/>\n    <nodes>\n"
            "      <node id=\"1\" uname=\"n1\"/>\n    </nodes>\n    <resources>\n"
            "      <primitive id=\"r\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/>\n"
            "      <primitive id=\"r-meta_attributes\" class=\"ocf\" provider=\"pacemaker\" "
            "type=\"Dummy\"/>\n"
            "      <primitive id=\"cli-ban-r-on-n1-rule\" class=\"ocf\" provider=\"pacemaker\" "
            "type=\"Dummy\"/>\n"
            "      <primitive id=\"r:0\" class=\"ocf\" provider=\"pacemaker\" type=\"Dummy\"/>\n"
            "    </resources>\n    <constraints/>\n  </configuration>\n  <status/>\n</cib>\n");
    ck_assert(cs_edit_stickiness(f.log, "r", "1", NULL));
    cs_test_assert_value(f.document, "//primitive[@id='r']/meta_attributes/@id",
                         "r-meta_attributes-1");
    ck_assert(cs_edit_ban(f.log, "r", "n1", "2030-01-01", NULL));
    cs_test_assert_value(f.document, "//rsc_location/rule/@id", "cli-ban-r-on-n1-rule-1");
    ck_assert(cs_edit_ban(f.log, "r:0", "n1", NULL, NULL));
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//rsc_location[@id='cli-ban-r.0-on-n1'][@rsc='r:0']"), 1);
    ck_assert_int_eq(
        cs_test_xpath_count(f.document, "//*[@id = preceding::*/@id or @id = ancestor::*/@id]"), 0);
    fixture_close(&f);
}
END_TEST

/* ---- becoming another document (live follow) ---------------------------- */

/* cs_edit_become: one edit that makes the document another one: changed
 * attributes, a removed and an added constraint, a new section; undo and
 * redo give the exact bytes back. */
START_TEST(test_become_another_document)
{
    static const char before[] =
        "<cib epoch=\"1\" num_updates=\"0\" admin_epoch=\"0\">\n"
        "  <configuration>\n"
        "    <constraints>\n"
        "      <rsc_location id=\"a\" rsc=\"r\" node=\"n1\" score=\"5\"/>\n"
        "      <rsc_location id=\"b\" rsc=\"r\" node=\"n2\" score=\"6\"/>\n"
        "    </constraints>\n"
        "  </configuration>\n"
        "</cib>\n";
    static const char target_text[] =
        "<cib epoch=\"2\" num_updates=\"0\" admin_epoch=\"0\">\n"
        "  <configuration>\n"
        "    <constraints>\n"
        "      <rsc_location id=\"a\" rsc=\"r\" node=\"n1\" score=\"50\"/>\n"
        "      <rsc_colocation id=\"c\" rsc=\"r\" with-rsc=\"q\" score=\"1\"/>\n"
        "    </constraints>\n"
        "    <rsc_defaults/>\n"
        "  </configuration>\n"
        "</cib>\n";
    Fixture fixture;
    fixture_open_memory(&fixture, before);
    g_autoptr(GError) error = NULL;
    g_autoptr(CsDocument) target =
        cs_document_load_memory(target_text, strlen(target_text), "t.xml", &error);
    ck_assert_ptr_nonnull(target);
    ck_assert(cs_edit_become(fixture.log, "follow", xmlDocGetRootElement(target->xml), &error));
    ck_assert_str_eq(cs_edit_log_next_undo(fixture.log), "follow");
    cs_test_assert_value(fixture.document, "/cib/@epoch", "2");
    cs_test_assert_value(fixture.document, "//rsc_location[@id='a']/@score", "50");
    ck_assert_int_eq(cs_test_xpath_count(fixture.document, "//rsc_location[@id='b']"), 0);
    ck_assert_int_eq(cs_test_xpath_count(fixture.document, "//rsc_colocation[@id='c']"), 1);
    ck_assert_int_eq(cs_test_xpath_count(fixture.document, "/cib/configuration/rsc_defaults"), 1);
    check_undo_redo(&fixture);
    /* Already equal: nothing recorded. */
    ck_assert(!cs_edit_become(fixture.log, "again", xmlDocGetRootElement(target->xml), &error));
    ck_assert(g_error_matches(error, CS_EDIT_ERROR, CS_EDIT_ERROR_NO_CHANGE));
    fixture_close(&fixture);
}
END_TEST

static Suite *edit_suite(void)
{
    Suite *suite = suite_create("edit");
    TCase *cli = tcase_create("ban-prefer-clear");
    tcase_add_test(cli, test_ban_node_score_form);
    tcase_add_test(cli, test_ban_with_lifetime);
    tcase_add_test(cli, test_ban_again_replaces);
    tcase_add_test(cli, test_prefer_and_clear);
    tcase_add_test(cli, test_unknown_ids);
    suite_add_tcase(suite, cli);
    TCase *attrs = tcase_create("attributes");
    tcase_add_test(attrs, test_stickiness_resource_and_default);
    tcase_add_test(attrs, test_stickiness_default_created);
    tcase_add_test(attrs, test_standby_and_attributes);
    tcase_add_test(attrs, test_node_without_attributes);
    tcase_add_test(attrs, test_remote_node_without_entry);
    tcase_add_test(attrs, test_fail_count_set_and_clear);
    suite_add_tcase(suite, attrs);
    TCase *constraints = tcase_create("constraints-rules");
    tcase_add_test(constraints, test_constraints_add_remove_score);
    tcase_add_test(constraints, test_rule_disable_and_rule);
    tcase_add_test(constraints, test_rule_disable_or_rule);
    suite_add_tcase(suite, constraints);
    TCase *log = tcase_create("log");
    tcase_add_test(log, test_clock_and_dirty);
    tcase_add_test(log, test_state_names);
    tcase_add_test(log, test_hostile_ids_round_trip);
    tcase_add_test(log, test_unique_ids);
    tcase_add_test(log, test_become_another_document);
    suite_add_tcase(suite, log);
    return suite;
}

int main(void)
{
    return cs_test_run(edit_suite());
}
