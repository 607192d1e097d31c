/* check_timeline.c: cs_next_time_event on CIBs with each kind of time
 * dependence (date gt, lt lifetime, in_range with a duration, date_spec,
 * failure-timeout), and iterating it as a timeline does. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "explain/timeline.h"
#include "testlib.h"

/* Two nodes, one resource, the constraints and status given. */
static char *cib_with(const char *meta, const char *constraints, const char *status)
{
    return g_strdup_printf(
        "<cib crm_feature_set=\"3.16.1\" epoch=\"1\" num_updates=\"0\" admin_epoch=\"0\" "
        "validate-with=\"pacemaker-3.7\">\n"
        "<configuration><crm_config><cluster_property_set id=\"o\">"
        "<nvpair id=\"o-stonith\" name=\"stonith-enabled\" "
        "value=\"false\"/></cluster_property_set></crm_config>\n"
        "<nodes><node id=\"1\" uname=\"n1\"/><node id=\"2\" uname=\"n2\"/></nodes>\n"
        "<resources><primitive id=\"web\" class=\"ocf\" provider=\"pacemaker\" "
        "type=\"Dummy\">%s</primitive></resources>\n"
        "<constraints>%s</constraints></configuration>\n"
        "<status><node_state id=\"1\" uname=\"n1\" in_ccm=\"true\" crmd=\"online\" join=\"member\" "
        "expected=\"member\">%s</node_state>"
        "<node_state id=\"2\" uname=\"n2\" in_ccm=\"true\" crmd=\"online\" join=\"member\" "
        "expected=\"member\"/></status>\n"
        "</cib>\n",
        meta, constraints, status);
}

static CsTime at(const char *text)
{
    CsTime time;
    ck_assert_msg(cs_time_parse(text, &time, NULL), "%s", text);
    return time;
}

typedef struct Loaded {
    CsDocument *document;
    CsModel *model;
} Loaded;

static void load(Loaded *loaded, char *text, CsTime now)
{
    g_autoptr(GError) error = NULL;
    loaded->document = cs_document_load_memory(text, strlen(text), "timeline.xml", &error);
    ck_assert_msg(loaded->document != NULL, "%s", error ? error->message : "");
    loaded->model = cs_model_build(loaded->document, now, &error);
    ck_assert_msg(loaded->model != NULL, "%s", error ? error->message : "");
    g_free(text);
}

static void unload(Loaded *loaded)
{
    cs_model_free(loaded->model);
    cs_document_free(loaded->document);
}

/* The next event after now is at expected and its text holds words. */
static void expect_event(const Loaded *loaded, const char *now, const char *expected,
                         const char *words)
{
    CsTimeEvent event;
    ck_assert_msg(cs_next_time_event(loaded->model, at(now), &event), "no event after %s", now);
    ck_assert_int_eq(event.when.seconds, at(expected).seconds);
    ck_assert_msg(strstr(event.what, words) != NULL, "'%s' lacks '%s'", event.what, words);
    cs_time_event_clear(&event);
}

static void expect_none(const Loaded *loaded, const char *now)
{
    CsTimeEvent event;
    ck_assert(!cs_next_time_event(loaded->model, at(now), &event));
    ck_assert_ptr_null(event.what);
}

START_TEST(test_no_time_dependence)
{
    Loaded loaded;
    load(&loaded, cib_with("", "<rsc_location id=\"l\" rsc=\"web\" node=\"n1\" score=\"10\"/>", ""),
         at("2024-06-01 12:00:00Z"));
    expect_none(&loaded, "2024-06-01 12:00:00Z");
    unload(&loaded);
}
END_TEST

/* gt start: holds from one second after start; lt end (a lifetime):
 * stops holding at end. */
START_TEST(test_gt_and_lifetime)
{
    Loaded loaded;
    load(&loaded,
         cib_with("",
                  "<rsc_location id=\"later\" rsc=\"web\"><rule id=\"later-r\" score=\"100\">"
                  "<date_expression id=\"later-d\" operation=\"gt\" start=\"2024-06-01 "
                  "12:00:40Z\"/></rule></rsc_location>"
                  "<rsc_location id=\"cli-ban-web-on-n1\" rsc=\"web\" role=\"Started\"><rule "
                  "id=\"b-r\" score=\"-INFINITY\" boolean-op=\"and\">"
                  "<expression id=\"b-e\" attribute=\"#uname\" operation=\"eq\" value=\"n1\"/>"
                  "<date_expression id=\"b-d\" operation=\"lt\" end=\"2024-06-01 "
                  "13:00:00Z\"/></rule></rsc_location>",
                  ""),
         at("2024-06-01 12:00:00Z"));
    expect_event(&loaded, "2024-06-01 12:00:00Z", "2024-06-01 12:00:41Z",
                 "later: date gt start begins to hold");
    expect_event(&loaded, "2024-06-01 12:00:41Z", "2024-06-01 13:00:00Z",
                 "cli-ban-web-on-n1: lifetime ends");
    expect_none(&loaded, "2024-06-01 13:00:00Z");
    unload(&loaded);
}
END_TEST

/* in_range with a duration: begins at start, ends one second after
 * start + duration. */
START_TEST(test_in_range_duration)
{
    Loaded loaded;
    load(&loaded,
         cib_with(
             "",
             "<rsc_location id=\"window\" rsc=\"web\"><rule id=\"w-r\" score=\"50\">"
             "<date_expression id=\"w-d\" operation=\"in_range\" start=\"2024-06-01 14:00:00Z\">"
             "<duration id=\"w-du\" hours=\"2\" "
             "minutes=\"30\"/></date_expression></rule></rsc_location>",
             ""),
         at("2024-06-01 12:00:00Z"));
    expect_event(&loaded, "2024-06-01 12:00:00Z", "2024-06-01 14:00:00Z",
                 "window: date range begins");
    expect_event(&loaded, "2024-06-01 14:00:00Z", "2024-06-01 16:30:01Z",
                 "window: date range ends");
    unload(&loaded);
}
END_TEST

/* date_spec hours 9-17 (in the clock's offset): turns true at 09:00,
 * false at 18:00; weekdays 1-5: a Friday evening's next change is
 * Monday 00:00. */
START_TEST(test_date_spec)
{
    Loaded loaded;
    load(&loaded,
         cib_with("",
                  "<rsc_location id=\"office\" rsc=\"web\"><rule id=\"o-r\" score=\"50\">"
                  "<date_expression id=\"o-d\" operation=\"date_spec\"><date_spec id=\"o-s\" "
                  "hours=\"9-17\"/>"
                  "</date_expression></rule></rsc_location>",
                  ""),
         at("2024-06-01 08:30:00Z"));
    expect_event(&loaded, "2024-06-01 08:30:00Z", "2024-06-01 09:00:00Z",
                 "office: date_spec turns true");
    expect_event(&loaded, "2024-06-01 09:00:00Z", "2024-06-01 18:00:00Z",
                 "office: date_spec turns false");
    /* The same hours, read in a clock two hours east of UTC. */
    expect_event(&loaded, "2024-06-01 08:30:00+02:00", "2024-06-01 09:00:00+02:00", "turns true");
    unload(&loaded);
    load(&loaded,
         cib_with("",
                  "<rsc_location id=\"week\" rsc=\"web\"><rule id=\"k-r\" score=\"50\">"
                  "<date_expression id=\"k-d\" operation=\"date_spec\"><date_spec id=\"k-s\" "
                  "weekdays=\"1-5\"/>"
                  "</date_expression></rule></rsc_location>",
                  ""),
         at("2024-05-31 20:00:00Z"));
    /* 2024-05-31 is a Friday. */
    expect_event(&loaded, "2024-05-31 20:00:00Z", "2024-06-01 00:00:00Z", "turns false");
    expect_event(&loaded, "2024-06-01 00:00:00Z", "2024-06-03 00:00:00Z", "turns true");
    unload(&loaded);
}
END_TEST

/* failure-timeout 60s, last failure at 12:00:00: the count stops
 * counting at 12:01:01 (now past last failure + 60 s). */
START_TEST(test_failure_timeout)
{
    CsTime failed = at("2024-06-01 12:00:00Z");
    g_autofree char *status = g_strdup_printf(
        "<transient_attributes id=\"1\"><instance_attributes id=\"s1\">"
        "<nvpair id=\"s1-f\" name=\"fail-count-web#monitor_10000\" value=\"2\"/>"
        "<nvpair id=\"s1-l\" name=\"last-failure-web#monitor_10000\" value=\"%" G_GINT64_FORMAT
        "\"/>"
        "</instance_attributes></transient_attributes>",
        failed.seconds);
    Loaded loaded;
    load(&loaded,
         cib_with("<meta_attributes id=\"web-m\"><nvpair id=\"web-m-ft\" name=\"failure-timeout\" "
                  "value=\"60s\"/>"
                  "</meta_attributes>",
                  "", status),
         at("2024-06-01 12:00:30Z"));
    expect_event(&loaded, "2024-06-01 12:00:30Z", "2024-06-01 12:01:01Z",
                 "web on n1: failures expire (failure-timeout 60 s)");
    expect_none(&loaded, "2024-06-01 12:01:01Z");
    unload(&loaded);
}
END_TEST

/* A timeline: iterating from one event to the next visits each once, in
 * order, and ends. */
START_TEST(test_iterate)
{
    Loaded loaded;
    load(&loaded,
         cib_with("",
                  "<rsc_location id=\"a\" rsc=\"web\"><rule id=\"a-r\" score=\"1\">"
                  "<date_expression id=\"a-d\" operation=\"gt\" start=\"2024-06-01 "
                  "12:10:00Z\"/></rule></rsc_location>"
                  "<rsc_location id=\"b\" rsc=\"web\"><rule id=\"b-r\" score=\"1\">"
                  "<date_expression id=\"b-d\" operation=\"in_range\" start=\"2024-06-01 "
                  "12:05:00Z\" end=\"2024-06-01 12:20:00Z\"/></rule></rsc_location>",
                  ""),
         at("2024-06-01 12:00:00Z"));
    static const char *const expected[] = {
        "2024-06-01 12:05:00Z",
        "2024-06-01 12:10:01Z",
        "2024-06-01 12:20:01Z",
    };
    CsTime t = at("2024-06-01 12:00:00Z");
    CsTimeEvent event;
    guint seen = 0;
    while (cs_next_time_event(loaded.model, t, &event)) {
        ck_assert_uint_lt(seen, G_N_ELEMENTS(expected));
        ck_assert_int_eq(event.when.seconds, at(expected[seen]).seconds);
        ck_assert_int_gt(event.when.seconds, t.seconds);
        t = event.when;
        seen++;
        cs_time_event_clear(&event);
    }
    ck_assert_uint_eq(seen, G_N_ELEMENTS(expected));
    unload(&loaded);
}
END_TEST

/* Two things turning at one moment are both told; a moment is left to
 * the recheck only when date_specs alone make it. */
START_TEST(test_ties_and_recheck)
{
    Loaded loaded;
    load(&loaded,
         cib_with("",
                  "<rsc_location id=\"a\" rsc=\"web\"><rule id=\"a-r\" score=\"1\">"
                  "<date_expression id=\"a-d\" operation=\"lt\" end=\"2024-06-01 "
                  "13:00:00Z\"/></rule></rsc_location>"
                  "<rsc_location id=\"b\" rsc=\"web\"><rule id=\"b-r\" score=\"1\">"
                  "<date_expression id=\"b-d\" operation=\"date_spec\"><date_spec id=\"b-s\" "
                  "hours=\"13-23\"/>"
                  "</date_expression></rule></rsc_location>"
                  "<rsc_location id=\"c\" rsc=\"web\"><rule id=\"c-r\" score=\"1\">"
                  "<date_expression id=\"c-d\" operation=\"date_spec\"><date_spec id=\"c-s\" "
                  "hours=\"15-23\"/>"
                  "</date_expression></rule></rsc_location>",
                  ""),
         at("2024-06-01 12:00:00Z"));
    CsTimeEvent event;
    ck_assert(cs_next_time_event(loaded.model, at("2024-06-01 12:00:00Z"), &event));
    ck_assert_int_eq(event.when.seconds, at("2024-06-01 13:00:00Z").seconds);
    ck_assert_str_eq(event.what, "a: lifetime ends; b: date_spec turns true");
    ck_assert_str_eq(event.detail, "a: lifetime ends (rule a-r: date lt end 2024-06-01 13:00:00Z); "
                                   "b: date_spec turns true (rule b-r: date_spec hours=13-23)");
    ck_assert(!event.by_recheck);
    cs_time_event_clear(&event);
    ck_assert(cs_next_time_event(loaded.model, at("2024-06-01 13:00:00Z"), &event));
    ck_assert_int_eq(event.when.seconds, at("2024-06-01 15:00:00Z").seconds);
    ck_assert_str_eq(event.what, "c: date_spec turns true");
    ck_assert_str_eq(event.detail, "c: date_spec turns true (rule c-r: date_spec hours=15-23)");
    ck_assert(event.by_recheck);
    cs_time_event_clear(&event);
    unload(&loaded);
}
END_TEST

static Suite *timeline_suite(void)
{
    Suite *suite = suite_create("timeline");
    TCase *tc = tcase_create("next");
    tcase_add_test(tc, test_no_time_dependence);
    tcase_add_test(tc, test_gt_and_lifetime);
    tcase_add_test(tc, test_in_range_duration);
    tcase_add_test(tc, test_date_spec);
    tcase_add_test(tc, test_failure_timeout);
    tcase_add_test(tc, test_iterate);
    tcase_add_test(tc, test_ties_and_recheck);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(timeline_suite());
}
