/* check_timeline_run.c: cs_timeline_build on the CIBs of
 * tests/data/timeline (a date rule, a date_spec, a failure-timeout, a
 * lifetime ban, a promotion rule), each at its own execution-date: the moments listed,
 * their causes, what each moves, the recheck note of a date_spec only,
 * ties told together, --until's forms, the span and the cap, and the
 * JSON.  crm_simulate's word on the same moments: tests/timeline/oracle.sh. */
#include <check.h>
#include <string.h>

#include "explain/timeline_run.h"
#include "testlib.h"

#define TIMELINE_DATA CS_TESTDATA "/timeline"

typedef struct Loaded {
    CsDocument *document;
    CsTimeline *timeline;
} Loaded;

static CsTime at(const char *text)
{
    CsTime time;
    ck_assert_msg(cs_time_parse(text, &time, NULL), "%s", text);
    return time;
}

/* name's CIB, its timeline over span_s from its execution-date. */
static void load(Loaded *loaded, const char *name, gint64 span_s)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *path = g_strdup_printf("%s/%s.xml", TIMELINE_DATA, name);
    loaded->document = cs_document_load(path, &error);
    ck_assert_msg(loaded->document != NULL, "%s", error ? error->message : "");
    CsTime now;
    ck_assert(cs_model_resolve_now(loaded->document, NULL, &now, &error));
    loaded->timeline = cs_timeline_build(loaded->document, now, span_s, &error);
    ck_assert_msg(loaded->timeline != NULL, "%s", error ? error->message : "");
}

static void unload(Loaded *loaded)
{
    cs_timeline_free(loaded->timeline);
    cs_document_free(loaded->document);
}

static const CsTimelineEntry *entry(const Loaded *loaded, guint i)
{
    ck_assert_uint_lt(i, loaded->timeline->entries->len);
    return g_ptr_array_index(loaded->timeline->entries, i);
}

static void expect_entry(const Loaded *loaded, guint i, const char *when, const char *cause,
                         const char *change)
{
    const CsTimelineEntry *found = entry(loaded, i);
    ck_assert_int_eq(found->when.seconds, at(when).seconds);
    ck_assert_uint_ge(found->causes->len, 1);
    const char *first = g_ptr_array_index(found->causes, 0);
    ck_assert_msg(strstr(first, cause) != NULL, "'%s' lacks '%s'", first, cause);
    ck_assert_uint_eq(found->changes->len, 1);
    ck_assert_str_eq(g_ptr_array_index(found->changes, 0), change);
}

START_TEST(test_date_rule)
{
    Loaded loaded;
    load(&loaded, "date-rule", 7 * 86400);
    ck_assert_int_eq(loaded.timeline->now.seconds, at("2024-06-01 12:00:00Z").seconds);
    ck_assert_uint_eq(loaded.timeline->pending->len, 0);
    /* the evening bonus begins and ends: solved, nothing moves */
    ck_assert_uint_eq(loaded.timeline->entries->len, 3);
    ck_assert_uint_eq(cs_timeline_count(loaded.timeline, FALSE), 1);
    ck_assert_uint_eq(cs_timeline_count(loaded.timeline, TRUE), 3);
    for (guint i = 0; i < 2; i++) {
        ck_assert_uint_eq(entry(&loaded, i)->changes->len, 0);
        ck_assert_uint_eq(entry(&loaded, i)->actions->len, 0);
    }
    ck_assert_int_eq(entry(&loaded, 0)->when.seconds, at("2024-06-01 18:00:00Z").seconds);
    ck_assert_int_eq(entry(&loaded, 1)->when.seconds, at("2024-06-01 20:00:01Z").seconds);
    expect_entry(&loaded, 2, "2024-06-02 00:00:01Z",
                 "web-from-june-2: date gt start begins to hold (rule web-from-june-2-rule: "
                 "date gt start 2024-06-02 00:00:00Z)",
                 "web: node2 -> node1");
    ck_assert(!entry(&loaded, 2)->by_recheck);
    ck_assert_uint_eq(entry(&loaded, 2)->actions->len, 1);
    ck_assert_ptr_nonnull(strstr(g_ptr_array_index(entry(&loaded, 2)->actions, 0), "Move"));
    g_autoptr(GString) text = g_string_new(NULL);
    cs_timeline_write(loaded.timeline, FALSE, text);
    ck_assert_ptr_null(strstr(text->str, "web-evening-bonus"));
    g_string_truncate(text, 0);
    cs_timeline_write(loaded.timeline, TRUE, text);
    ck_assert_ptr_nonnull(
        strstr(text->str, "2024-06-01T18:00:00Z  web-evening-bonus: date range begins"));
    ck_assert_ptr_nonnull(strstr(text->str, "    no change in placement\n"));
    unload(&loaded);
}
END_TEST

/* hours 9-16: true from 09:00:00 to 16:59:59, each day; the cluster
 * only notices at its recheck (5min in this CIB). */
START_TEST(test_date_spec)
{
    Loaded loaded;
    load(&loaded, "date-spec", 86400);
    ck_assert_uint_eq(loaded.timeline->entries->len, 2);
    expect_entry(&loaded, 0, "2024-06-03 09:00:00Z",
                 "web-office-hours: date_spec turns true (rule web-office-hours-rule: "
                 "date_spec hours=9-16)",
                 "web: node2 -> node1");
    expect_entry(&loaded, 1, "2024-06-03 17:00:00Z", "date_spec turns false",
                 "web: stays on node2 (was planned for node1)");
    ck_assert(entry(&loaded, 0)->by_recheck);
    ck_assert_int_eq(loaded.timeline->recheck_interval_s, 300);
    g_autofree char *recheck = cs_timeline_recheck_text(loaded.timeline);
    ck_assert_str_eq(recheck, "noticed by the cluster within cluster-recheck-interval "
                              "(5min here; 15min by default)");
    unload(&loaded);

    /* a week: it turns twice every day (no weekdays field) */
    load(&loaded, "date-spec", 7 * 86400);
    ck_assert_uint_eq(loaded.timeline->entries->len, 14);
    ck_assert_uint_eq(cs_timeline_count(loaded.timeline, FALSE), 14);
    unload(&loaded);
}
END_TEST

START_TEST(test_failure_timeout)
{
    Loaded loaded;
    load(&loaded, "failure-timeout", 7 * 86400);
    ck_assert_uint_eq(loaded.timeline->entries->len, 1);
    /* failed at 11:55:00, failure-timeout 10min: counts until 12:05:00 */
    expect_entry(&loaded, 0, "2024-06-01 12:05:01Z",
                 "web on node1: start fail count INFINITY expires (failure-timeout 600 s)",
                 "web: node2 -> node1");
    ck_assert(!entry(&loaded, 0)->by_recheck);
    unload(&loaded);
}
END_TEST

START_TEST(test_lifetime_ban)
{
    Loaded loaded;
    load(&loaded, "lifetime-ban", 7 * 86400);
    ck_assert_uint_eq(loaded.timeline->entries->len, 1);
    expect_entry(&loaded, 0, "2024-06-01 13:00:00Z",
                 "cli-ban-web-on-node1: lifetime ends (rule cli-ban-web-on-node1-rule: "
                 "date lt end 2024-06-01 13:00:00Z)",
                 "web: node2 -> node1");
    unload(&loaded);

    /* the span ends before the lifetime: nothing */
    load(&loaded, "lifetime-ban", 3599);
    ck_assert_uint_eq(loaded.timeline->entries->len, 0);
    g_autoptr(GString) text = g_string_new(NULL);
    cs_timeline_write(loaded.timeline, FALSE, text);
    ck_assert_ptr_nonnull(
        strstr(text->str, "Nothing changes by itself before 2024-06-01T12:59:59Z"));
    unload(&loaded);
}
END_TEST

/* A promotable clone: the rule turns, the promoted instance changes
 * node. */
START_TEST(test_promotion_rule)
{
    Loaded loaded;
    load(&loaded, "promotion-rule", 7 * 86400);
    ck_assert_uint_eq(loaded.timeline->pending->len, 0);
    ck_assert_uint_eq(loaded.timeline->entries->len, 1);
    expect_entry(&loaded, 0, "2024-06-02 00:00:01Z", "db-promoted-node1-from-june-2: date gt start",
                 "db-clone: promoted on node1; demoted on node2");
    const GPtrArray *actions = entry(&loaded, 0)->actions;
    ck_assert_uint_eq(actions->len, 2);
    gboolean promote = FALSE, demote = FALSE;
    for (guint i = 0; i < actions->len; i++) {
        const char *action = g_ptr_array_index(actions, i);
        promote |= g_str_has_prefix(action, "Promote") && strstr(action, "Promoted node1") != NULL;
        demote |= g_str_has_prefix(action, "Demote") && strstr(action, "Unpromoted node2") != NULL;
    }
    ck_assert(promote && demote);
    unload(&loaded);
}
END_TEST

/* The text and the JSON say the same moments. */
START_TEST(test_text_and_json)
{
    Loaded loaded;
    load(&loaded, "date-spec", 86400);
    g_autoptr(GString) text = g_string_new(NULL);
    cs_timeline_write(loaded.timeline, FALSE, text);
    ck_assert_ptr_nonnull(
        strstr(text->str, "2024-06-03T09:00:00Z  web-office-hours: date_spec turns true"));
    ck_assert_ptr_nonnull(
        strstr(text->str, "    noticed by the cluster within cluster-recheck-interval"));
    ck_assert_ptr_nonnull(strstr(text->str, "    web: node2 -> node1\n"));
    g_autoptr(GString) json = g_string_new(NULL);
    cs_timeline_json(loaded.timeline, loaded.document, FALSE, json);
    ck_assert_ptr_nonnull(strstr(json->str, "\"command\":\"timeline\""));
    ck_assert_ptr_nonnull(
        strstr(json->str, "\"time\":\"2024-06-03T09:00:00Z\",\"epoch\":1717405200"));
    ck_assert_ptr_nonnull(strstr(json->str, "\"changes\":[\"web: node2 -> node1\"]"));
    ck_assert_ptr_nonnull(strstr(json->str, "\"cluster_recheck_interval_s\":300"));
    ck_assert_ptr_nonnull(strstr(json->str, "\"complete\":true"));
    unload(&loaded);
}
END_TEST

START_TEST(test_parse_span)
{
    CsTime now = at("2024-01-31 00:00:00Z");
    gint64 span = 0;
    ck_assert(cs_timeline_parse_span("7d", now, &span));
    ck_assert_int_eq(span, 7 * 86400);
    ck_assert(cs_timeline_parse_span("12h", now, &span));
    ck_assert_int_eq(span, 12 * 3600);
    ck_assert(cs_timeline_parse_span("30min", now, &span));
    ck_assert_int_eq(span, 1800);
    ck_assert(cs_timeline_parse_span("2w", now, &span));
    ck_assert_int_eq(span, 14 * 86400);
    ck_assert(cs_timeline_parse_span("90", now, &span));
    ck_assert_int_eq(span, 90);
    ck_assert(cs_timeline_parse_span("PT1H30M", now, &span));
    ck_assert_int_eq(span, 5400);
    /* a month from January 31st, as ISO 8601 adds it */
    ck_assert(cs_timeline_parse_span("P1M", now, &span));
    ck_assert_int_gt(span, 27 * 86400);
    ck_assert(!cs_timeline_parse_span("soon", now, &span));
    ck_assert(!cs_timeline_parse_span("7x", now, &span));
    ck_assert(!cs_timeline_parse_span("-1d", now, &span));
}
END_TEST

/* A date_spec on seconds turns every 30 s: the timeline stops after
 * CS_TIMELINE_MAX_MOMENTS and says where. */
START_TEST(test_cut_short)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *text = NULL;
    gsize length = 0;
    ck_assert(g_file_get_contents(TIMELINE_DATA "/date-spec.xml", &text, &length, &error));
    g_auto(GStrv) parts = g_strsplit(text, "hours=\"9-16\"", 2);
    ck_assert_ptr_nonnull(parts[1]);
    g_autofree char *seconds = g_strjoin("seconds=\"0-29\"", parts[0], parts[1], NULL);
    g_autoptr(CsDocument) document =
        cs_document_load_memory(seconds, strlen(seconds), "seconds.xml", &error);
    ck_assert_msg(document != NULL, "%s", error ? error->message : "");
    CsTime now = at("2024-06-03 08:30:00Z");
    g_autoptr(CsTimeline) timeline = cs_timeline_build(document, now, 86400, &error);
    ck_assert_msg(timeline != NULL, "%s", error ? error->message : "");
    ck_assert(timeline->cut_short);
    ck_assert_uint_eq(timeline->entries->len, CS_TIMELINE_MAX_MOMENTS);
    ck_assert_int_eq(timeline->reached.seconds, now.seconds + 30 * CS_TIMELINE_MAX_MOMENTS);
    g_autoptr(GString) out = g_string_new(NULL);
    cs_timeline_write(timeline, FALSE, out);
    ck_assert_ptr_nonnull(strstr(out->str, "Stopped after 400 moments, at 2024-06-03T11:50:00Z"));
    g_string_truncate(out, 0);
    cs_timeline_json(timeline, document, FALSE, out);
    ck_assert_ptr_nonnull(
        strstr(out->str, "\"complete\":false,\"reached\":\"2024-06-03T11:50:00Z\"}"));
}
END_TEST

static Suite *timeline_run_suite(void)
{
    Suite *suite = suite_create("timeline_run");
    TCase *tc = tcase_create("moments");
    tcase_add_test(tc, test_date_rule);
    tcase_add_test(tc, test_date_spec);
    tcase_add_test(tc, test_failure_timeout);
    tcase_add_test(tc, test_lifetime_ban);
    tcase_add_test(tc, test_promotion_rule);
    tcase_add_test(tc, test_text_and_json);
    tcase_add_test(tc, test_parse_span);
    tcase_add_test(tc, test_cut_short);
    suite_add_tcase(suite, tc);
    return suite;
}

int main(void)
{
    return cs_test_run(timeline_run_suite());
}
