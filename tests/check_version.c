/* check_version.c: which Pacemaker wrote a CIB, and the changes since
 * 2.1.5 that apply to it (explain/version.h). */
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include "cib/schema.h"
#include "explain/version.h"
#include "testlib.h"

/* A small CIB: root attributes, cluster options and the rest as given. */
static CsDocument *cib(const char *root_attributes, const char *options, const char *resources,
                       const char *constraints)
{
    g_autofree char *text = g_strdup_printf(
        "<cib %s epoch=\"1\" num_updates=\"0\" admin_epoch=\"0\">"
        "<configuration><crm_config><cluster_property_set id=\"cib-bootstrap-options\">%s"
        "</cluster_property_set></crm_config><nodes/><resources>%s</resources>"
        "<constraints>%s</constraints></configuration><status/></cib>",
        root_attributes, options, resources, constraints);
    GError *error = NULL;
    /* Where Pacemaker's schema files are installed, a CIB naming a schema
     * 2.1.5 lacks (pacemaker-3.10, 4.0) is refused at load, as
     * crm_simulate refuses it; the note is read from the document, so
     * these load with the built-in checks alone. */
    cs_schema_set_dir("/nonexistent/cibscope-no-schemas");
    CsDocument *document = cs_document_load_memory(text, strlen(text), "mem.xml", &error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "");
    return document;
}

static char *note_of(CsDocument *document)
{
    CsCibOrigin origin;
    cs_cib_origin_read(document, &origin);
    char *note = cs_version_note(&origin);
    cs_cib_origin_clear(&origin);
    return note;
}

static char *differences_of(CsDocument *document)
{
    CsCibOrigin origin;
    cs_cib_origin_read(document, &origin);
    g_autoptr(GPtrArray) lines = cs_version_differences(document, &origin);
    cs_cib_origin_clear(&origin);
    g_ptr_array_add(lines, NULL);
    return g_strjoinv("\n", (char **)lines->pdata);
}

#define DC(v) "<nvpair id=\"o-dc\" name=\"dc-version\" value=\"" v "\"/>"
#define PRIMITIVE(id)                                                                              \
    "<primitive id=\"" id "\" class=\"ocf\" provider=\"heartbeat\" type=\"Dummy\"/>"
#define STICKY(v)                                                                                  \
    "<meta_attributes id=\"m\"><nvpair id=\"m-s\" name=\"resource-stickiness\" "                   \
    "value=\"" v "\"/></meta_attributes>"

START_TEST(test_same_release_says_nothing)
{
    g_autoptr(CsDocument) exact =
        cib("crm_feature_set=\"3.16.1\"", DC("2.1.5-a3f44794f94"), "", "");
    g_autoptr(CsDocument) silent = cib("validate-with=\"pacemaker-3.7\"", "", "", "");
    g_autoptr(CsDocument) features =
        cib("crm_feature_set=\"3.16.1\" validate-with=\"pacemaker-3.9\"", "", "", "");
    g_autoptr(CsDocument) final = cib("crm_feature_set=\"3.16.2\"", "", "", "");

    ck_assert_ptr_null(note_of(exact));
    ck_assert_ptr_null(note_of(silent));
    ck_assert_ptr_null(note_of(features));
    ck_assert_ptr_null(note_of(final));
}
END_TEST

START_TEST(test_dc_version_names_the_release)
{
    g_autoptr(CsDocument) newer = cib("crm_feature_set=\"3.20.5\"", DC("3.0.2-94d4a7b"), "", "");
    g_autoptr(CsDocument) older = cib("", DC("1.1.24-8f22be2ae"), "", "");
    g_autofree char *newer_note = note_of(newer);
    g_autofree char *older_note = note_of(older);

    ck_assert_str_eq(newer_note, "CIB from Pacemaker 3.0.2; answers are Pacemaker 2.1.5's");
    ck_assert_str_eq(older_note, "CIB from Pacemaker 1.1.24; answers are Pacemaker 2.1.5's");
}
END_TEST

START_TEST(test_schema_and_feature_set_bound_the_release)
{
    g_autoptr(CsDocument) four = cib("validate-with=\"pacemaker-4.0\"", "", "", "");
    g_autoptr(CsDocument) ten = cib("validate-with=\"pacemaker-3.10\"", "", "", "");
    g_autoptr(CsDocument) features = cib("crm_feature_set=\"3.19.0\"", "", "", "");
    g_autoptr(CsDocument) old = cib("crm_feature_set=\"3.0.14\"", "", "", "");
    g_autofree char *four_note = note_of(four);
    g_autofree char *ten_note = note_of(ten);
    g_autofree char *features_note = note_of(features);
    g_autofree char *old_note = note_of(old);

    ck_assert_str_eq(four_note, "CIB from Pacemaker 3.0.0 or later (validate-with pacemaker-4.0); "
                                "answers are Pacemaker 2.1.5's");
    ck_assert_str_eq(ten_note, "CIB from Pacemaker 2.1.8 or later (validate-with pacemaker-3.10); "
                               "answers are Pacemaker 2.1.5's");
    ck_assert_str_eq(features_note,
                     "CIB from a Pacemaker newer than 2.1.5 (crm_feature_set 3.19.0); "
                     "answers are Pacemaker 2.1.5's");
    ck_assert_str_eq(old_note, "CIB from a Pacemaker older than 2.1.5 (crm_feature_set 3.0.14); "
                               "answers are Pacemaker 2.1.5's");
}
END_TEST

START_TEST(test_anti_colocation_against_stickiness)
{
    const char *resources =
        "<primitive id=\"a\" class=\"ocf\" provider=\"heartbeat\" type=\"Dummy\">" STICKY(
            "INFINITY") "</primitive>" PRIMITIVE("b");
    const char *constraints =
        "<rsc_colocation id=\"apart\" rsc=\"a\" with-rsc=\"b\" score=\"-100\"/>";
    g_autoptr(CsDocument) v216 = cib("", DC("2.1.6-6fdc9deea29"), resources, constraints);
    g_autoptr(CsDocument) v217 = cib("", DC("2.1.7-0f7f88312"), resources, constraints);
    g_autoptr(CsDocument) v215 = cib("", DC("2.1.5-a3f44794f94"), resources, constraints);
    g_autofree char *at216 = differences_of(v216);
    g_autofree char *at217 = differences_of(v217);
    g_autofree char *at215 = differences_of(v215);

    ck_assert_str_eq(at216, "since 2.1.6: an optional anti-colocation no longer outweighs "
                            "infinite stickiness (here: rsc_colocation apart)");
    ck_assert_str_eq(at217, "since 2.1.6: an optional anti-colocation no longer outweighs "
                            "infinite stickiness (here: rsc_colocation apart)\n"
                            "since 2.1.7: anti-colocation is weighed against stickiness "
                            "(here: rsc_colocation apart)");
    ck_assert_str_eq(at215, "");
}
END_TEST

START_TEST(test_changes_apply_only_to_what_the_cib_holds)
{
    g_autoptr(CsDocument) plain = cib("", DC("3.0.2-94d4a7b"), PRIMITIVE("a"), "");
    g_autoptr(CsDocument) clone = cib("", DC("3.0.0-d8340737c"),
                                      "<clone id=\"c\"><meta_attributes id=\"cm\">"
                                      "<nvpair id=\"cm-n\" name=\"clone-node-max\" value=\"2\"/>"
                                      "</meta_attributes>" PRIMITIVE("p") "</clone>",
                                      "");
    g_autoptr(CsDocument) fencing =
        cib("", DC("3.0.2-94d4a7b") "<nvpair id=\"o-f\" name=\"fencing-enabled\" value=\"false\"/>",
            "", "");
    g_autofree char *plain_lines = differences_of(plain);
    g_autofree char *clone_lines = differences_of(clone);
    g_autofree char *fencing_lines = differences_of(fencing);

    ck_assert_str_eq(plain_lines, "");
    ck_assert_str_eq(clone_lines,
                     "since 2.1.7: clone instances are no longer shuffled without need "
                     "(here: clone c)\n"
                     "since 3.0.0: globally-unique defaults to true when "
                     "clone-node-max > 1 (here: clone c)");
    ck_assert_str_eq(fencing_lines, "since 3.0.2: the fencing-* options replace stonith-* "
                                    "(2.1.5 reads only stonith-*) (here: nvpair o-f)");
}
END_TEST

START_TEST(test_bound_lists_only_sure_changes)
{
    /* pacemaker-3.10: 2.1.8 at least, so 3.0.0's changes may not apply */
    g_autoptr(CsDocument) ten = cib("validate-with=\"pacemaker-3.10\"", "",
                                    "<master id=\"ms\">" PRIMITIVE("p") "</master>", "");
    g_autofree char *lines = differences_of(ten);

    ck_assert_str_eq(lines, "since 2.1.7: clone instances are no longer shuffled without need "
                            "(here: master ms)");
}
END_TEST

static Suite *version_suite(void)
{
    Suite *suite = suite_create("version");
    TCase *tc = tcase_create("origin");
    tcase_add_test(tc, test_same_release_says_nothing);
    tcase_add_test(tc, test_dc_version_names_the_release);
    tcase_add_test(tc, test_schema_and_feature_set_bound_the_release);
    tcase_add_test(tc, test_anti_colocation_against_stickiness);
    tcase_add_test(tc, test_changes_apply_only_to_what_the_cib_holds);
    tcase_add_test(tc, test_bound_lists_only_sure_changes);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(version_suite());
}
