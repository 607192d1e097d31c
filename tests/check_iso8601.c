/* check_iso8601.c: ISO 8601 parsing, arithmetic and fields as Pacemaker
 * 2.1.5 reads them.  Expected values marked "oracle" were checked with
 * crm_simulate 2.1.5 (a location rule with a date_expression, --time). */
#include <check.h>
#include <stddef.h>
#include <stdlib.h>
#include "base/iso8601.h"
#include "testlib.h"

/* Seconds since the epoch of a UTC calendar time, computed by glib. */
static gint64 utc(int year, int month, int day, int hour, int minute, int second)
{
    g_autoptr(GDateTime) time = g_date_time_new_utc(year, month, day, hour, minute, second);
    return g_date_time_to_unix(time);
}

static gint64 parsed(const char *text)
{
    CsTime time = {-1, -1};
    g_autoptr(GError) error = NULL;

    ck_assert_msg(cs_time_parse(text, &time, &error), "'%s' rejected: %s", text,
                  error ? error->message : "?");
    ck_assert_ptr_null(error);
    return time.seconds;
}

static void assert_rejected(const char *text)
{
    CsTime time = {12345, 0};
    g_autoptr(GError) error = NULL;

    ck_assert_msg(!cs_time_parse(text, &time, &error), "'%s' accepted", text);
    ck_assert_ptr_nonnull(error);
    ck_assert(error->domain == CS_ISO8601_ERROR);
    ck_assert_int_eq(time.seconds, 12345); /* untouched on failure */
}

START_TEST(test_calendar_dates)
{
    ck_assert_int_eq(parsed("2005-01-20"), utc(2005, 1, 20, 0, 0, 0));
    ck_assert_int_eq(parsed("20050120"), utc(2005, 1, 20, 0, 0, 0));
    ck_assert_int_eq(parsed("2004-02-29"), utc(2004, 2, 29, 0, 0, 0));
    ck_assert_int_eq(parsed("1969-12-31"), utc(1969, 12, 31, 0, 0, 0));
    ck_assert_int_eq(parsed("2400-12-31"), utc(2400, 12, 31, 0, 0, 0));
    ck_assert_int_eq(parsed("epoch"), 0);
    /* oracle: day 0 of February is January 31st; trailing junk ignored */
    ck_assert_int_eq(parsed("2005-02-00"), utc(2005, 1, 31, 0, 0, 0));
    ck_assert_int_eq(parsed("2005-01-20xyz"), utc(2005, 1, 20, 0, 0, 0));
}
END_TEST

START_TEST(test_ordinal_and_week_dates)
{
    ck_assert_int_eq(parsed("2005-020"), utc(2005, 1, 20, 0, 0, 0));
    ck_assert_int_eq(parsed("2004-366"), utc(2004, 12, 31, 0, 0, 0));
    /* oracle: Pacemaker reads YYYY-MM as an ordinal date */
    ck_assert_int_eq(parsed("2005-02"), utc(2005, 1, 2, 0, 0, 0));
    /* Week dates, including weeks reaching into the neighbouring year. */
    ck_assert_int_eq(parsed("2005-W03-4"), utc(2005, 1, 20, 0, 0, 0));
    ck_assert_int_eq(parsed("2009-W01-1"), utc(2008, 12, 29, 0, 0, 0));
    ck_assert_int_eq(parsed("2009-W53-7"), utc(2010, 1, 3, 0, 0, 0));
    ck_assert_int_eq(parsed("2008-W39-6"), utc(2008, 9, 27, 0, 0, 0));
    ck_assert_int_eq(parsed("2004-W53-6"), utc(2005, 1, 1, 0, 0, 0));
}
END_TEST

START_TEST(test_times)
{
    ck_assert_int_eq(parsed("2005-020T12:30"), utc(2005, 1, 20, 12, 30, 0));
    ck_assert_int_eq(parsed("2014-05-07 00:28:00"), utc(2014, 5, 7, 0, 28, 0));
    ck_assert_int_eq(parsed("20050120T1230"), utc(2005, 1, 20, 12, 30, 0));
    ck_assert_int_eq(parsed("2005-01-20T123015"), utc(2005, 1, 20, 12, 30, 15));
    ck_assert_int_eq(parsed("2005-01-20T12"), utc(2005, 1, 20, 12, 0, 0));
    ck_assert_int_eq(parsed("2005-W03-4T08:00:01"), utc(2005, 1, 20, 8, 0, 1));
    /* oracle: 24:00:00 is the next midnight, across a year end too */
    ck_assert_int_eq(parsed("2005-01-20T24:00:00"), utc(2005, 1, 21, 0, 0, 0));
    ck_assert_int_eq(parsed("2005-12-31T24:00"), utc(2006, 1, 1, 0, 0, 0));
    /* oracle: an empty time is midnight; one-digit month is fine */
    ck_assert_int_eq(parsed("2005-01-20T"), utc(2005, 1, 20, 0, 0, 0));
    ck_assert_int_eq(parsed("2005-01-20 "), utc(2005, 1, 20, 0, 0, 0));
    ck_assert_int_eq(parsed("2005-1-20T12"), utc(2005, 1, 20, 12, 0, 0));
    /* oracle: a leading space makes the whole text the time: "20","05" */
    ck_assert_int_eq(parsed(" 2005-01-20T12:00:00"), utc(2005, 1, 20, 20, 5, 0));
}
END_TEST

START_TEST(test_offsets)
{
    CsTime time = {0, 0};

    ck_assert_int_eq(parsed("2005-01-20T12:00:00Z"), utc(2005, 1, 20, 12, 0, 0));
    /* oracle: an offset after a space counts */
    ck_assert_int_eq(parsed("2005-01-20 12:00:00 +02:00"), utc(2005, 1, 20, 10, 0, 0));
    ck_assert_int_eq(parsed("2005-01-20T14:00:00 +0200"), utc(2005, 1, 20, 12, 0, 0));
    ck_assert_int_eq(parsed("2005-01-20T14:00:00 +02"), utc(2005, 1, 20, 12, 0, 0));
    ck_assert_int_eq(parsed("2005-01-20T07:00:00 -05:00"), utc(2005, 1, 20, 12, 0, 0));
    ck_assert_int_eq(parsed("2005-01-20T01:00:00 +05:00"), utc(2005, 1, 19, 20, 0, 0));
    /* oracle: glued to the time it is ignored (local time, UTC in tests) */
    ck_assert_int_eq(parsed("2005-01-20T14:00:00+02:00"), utc(2005, 1, 20, 14, 0, 0));
    /* oracle: Z wins over a later offset; junk after an offset is ignored */
    ck_assert_int_eq(parsed("2005-01-20T12:00:00Z +02:00"), utc(2005, 1, 20, 12, 0, 0));
    ck_assert_int_eq(parsed("2005-01-20T12:00:00 +02:00x"), utc(2005, 1, 20, 10, 0, 0));
    ck_assert(cs_time_parse("2005-01-20 12:00:00 +05:30", &time, NULL));
    ck_assert_int_eq(time.offset, 5 * 3600 + 30 * 60);
    ck_assert(cs_time_parse("2005-01-20 12:00:00 -01:00", &time, NULL));
    ck_assert_int_eq(time.offset, -3600);
}
END_TEST

START_TEST(test_time_only_uses_today)
{
    CsTime now = cs_time_now();
    CsTimeFields today, parsed_fields;
    CsTime time = {0, 0};

    ck_assert(cs_time_parse("T12:34:56", &time, NULL));
    cs_time_fields(time, &parsed_fields);
    cs_time_fields(now, &today);
    ck_assert_int_eq(parsed_fields.hours, 12);
    ck_assert_int_eq(parsed_fields.minutes, 34);
    ck_assert_int_eq(parsed_fields.seconds, 56);
    /* (Could flip at midnight between the two calls: accept either day.) */
    ck_assert(parsed_fields.yearday == today.yearday || parsed_fields.yearday == today.yearday + 1
              || parsed_fields.yearday == 1);
    ck_assert(cs_time_parse("08:15", &time, NULL));
    cs_time_fields(time, &parsed_fields);
    ck_assert_int_eq(parsed_fields.hours, 8);
    ck_assert_int_eq(parsed_fields.minutes, 15);
}
END_TEST

START_TEST(test_invalid_times)
{
    assert_rejected("");
    assert_rejected("2005"); /* a bare year */
    assert_rejected("garbage");
    assert_rejected("2005-13-01");
    assert_rejected("2005-02-29");
    assert_rejected("2005-00-10");
    assert_rejected("2005-01-00"); /* oracle */
    assert_rejected("2005-04-31");
    assert_rejected("2005-366");
    assert_rejected("2005-000");
    assert_rejected("2005-W54-1");
    assert_rejected("2005-W53-1"); /* 2005 has 52 weeks */
    assert_rejected("2005-W10-0");
    assert_rejected("2005-W10-8");
    assert_rejected("2005-01-20T25:00");
    assert_rejected("2005-01-20T24:00:01");
    assert_rejected("2005-01-20T12:60");
    assert_rejected("2005-01-20T12:00:60");
    assert_rejected("2005-01-20Tnoon");
    assert_rejected("2005-01-20 12:00:00 +25:00");
    ck_assert(!cs_time_parse(NULL, &(CsTime){0, 0}, NULL));
}
END_TEST

static CsDuration duration(const char *text)
{
    CsDuration result = {-1, -1, -1};
    g_autoptr(GError) error = NULL;

    ck_assert_msg(cs_duration_parse(text, &result, &error), "'%s' rejected", text);
    return result;
}

START_TEST(test_durations)
{
    CsDuration parsed_duration = duration("P1Y2M");

    ck_assert_int_eq(parsed_duration.years, 1);
    ck_assert_int_eq(parsed_duration.months, 2);
    ck_assert_int_eq(parsed_duration.seconds, 0);
    parsed_duration = duration("PT1H");
    ck_assert_int_eq(parsed_duration.months, 0);
    ck_assert_int_eq(parsed_duration.seconds, 3600);
    parsed_duration = duration("P1Y2M3W4DT5H6M7S");
    ck_assert_int_eq(parsed_duration.years, 1);
    ck_assert_int_eq(parsed_duration.months, 2);
    ck_assert_int_eq(parsed_duration.seconds, ((3 * 7 + 4) * 24 + 5) * 3600 + 6 * 60 + 7);
    /* 'M' before T is months, after it minutes. */
    parsed_duration = duration("PT10M");
    ck_assert_int_eq(parsed_duration.months, 0);
    ck_assert_int_eq(parsed_duration.seconds, 600);
    parsed_duration = duration("P2W");
    ck_assert_int_eq(parsed_duration.seconds, 14 * 86400);
    /* Reading stops at white space or a '/'. */
    parsed_duration = duration("P1D/2005-01-01");
    ck_assert_int_eq(parsed_duration.seconds, 86400);
}
END_TEST

START_TEST(test_invalid_durations)
{
    const char *invalid[] = {"", "1Y", "P", "P ", "PX", "P1", "P1X", "PT1.5S", "P1Y2", "PY"};

    for (gsize i = 0; i < G_N_ELEMENTS(invalid); i++) {
        CsDuration result = {7, 7, 7};
        g_autoptr(GError) error = NULL;
        ck_assert_msg(!cs_duration_parse(invalid[i], &result, &error), "'%s' accepted", invalid[i]);
        ck_assert_ptr_nonnull(error);
        ck_assert_int_eq(result.years, 7);
    }
}
END_TEST

static gint64 plus(const char *start, const char *duration_text)
{
    CsTime time = {0, 0};
    CsDuration step = duration(duration_text);

    ck_assert(cs_time_parse(start, &time, NULL));
    return cs_time_add_duration(time, &step).seconds;
}

START_TEST(test_add_durations)
{
    /* oracle: months clamp the day of the month */
    ck_assert_int_eq(plus("2005-01-31", "P1M"), utc(2005, 2, 28, 0, 0, 0));
    ck_assert_int_eq(plus("2004-01-31", "P1M"), utc(2004, 2, 29, 0, 0, 0));
    ck_assert_int_eq(plus("2005-03-31", "P-1M"), utc(2005, 2, 28, 0, 0, 0));
    ck_assert_int_eq(plus("2005-11-30", "P3M"), utc(2006, 2, 28, 0, 0, 0));
    ck_assert_int_eq(plus("2005-01-31", "P13M"), utc(2006, 2, 28, 0, 0, 0));
    /* oracle: years keep the day of the year */
    ck_assert_int_eq(plus("2004-03-01", "P1Y"), utc(2005, 3, 2, 0, 0, 0));
    ck_assert_int_eq(plus("2005-03-01", "P1Y"), utc(2006, 3, 1, 0, 0, 0));
    /* oracle: day 366 of a common year stays inside that year */
    ck_assert_int_eq(plus("2004-12-31", "P1Y"), utc(2005, 12, 31, 23, 59, 59));
    ck_assert_int_eq(plus("2005-01-20T12:00:00", "PT1H30M"), utc(2005, 1, 20, 13, 30, 0));
    ck_assert_int_eq(plus("2005-12-31T23:00:00", "PT2H"), utc(2006, 1, 1, 1, 0, 0));
    ck_assert_int_eq(plus("2005-01-31", "P1M1D"), utc(2005, 3, 1, 0, 0, 0));
    /* Month arithmetic happens in the offset the time was written in. */
    ck_assert_int_eq(plus("2005-01-31 23:00:00 -02:00", "P1M"), utc(2005, 3, 1, 1, 0, 0));
}
END_TEST

/* One field of CsTimeFields and the value it must have. */
typedef struct FieldCheck {
    const char *name; /* NULL ends a case's list */
    size_t offset;
    int value;
} FieldCheck;

#define FIELD(field, want)                                                                         \
    {                                                                                              \
#field, offsetof(CsTimeFields, field), (want)                                              \
    }

/* A time as written and the fields it must break down into. */
typedef struct FieldsCase {
    const char *text;
    FieldCheck checks[11];
} FieldsCase;

static const FieldsCase fields_cases[] = {
    {"2005-01-20T12:34:56",
     {FIELD(year, 2005), FIELD(month, 1), FIELD(monthday, 20), FIELD(hours, 12), FIELD(minutes, 34),
      FIELD(seconds, 56), FIELD(yearday, 20), FIELD(weekday, 4), FIELD(weekyear, 2005),
      FIELD(week, 3)}},
    /* 2005-01-01 is a Saturday in week 53 of 2004. */
    {"2005-01-01", {FIELD(weekday, 6), FIELD(weekyear, 2004), FIELD(week, 53)}},
    /* 2008-12-29 is the Monday of week 1 of 2009. */
    {"2008-12-29", {FIELD(weekday, 1), FIELD(weekyear, 2009), FIELD(week, 1), FIELD(yearday, 364)}},
    /* oracle: fields are those of the offset the time was written in */
    {"2005-01-20 02:00:00 +05:00", {FIELD(monthday, 20), FIELD(hours, 2)}},
    /* Before the epoch. */
    {"1969-12-31T23:59:59",
     {FIELD(year, 1969), FIELD(yearday, 365), FIELD(seconds, 59), FIELD(weekday, 3)}},
};

START_TEST(test_fields)
{
    const FieldsCase *want = &fields_cases[_i];
    CsTimeFields fields;
    CsTime time = {0, 0};

    ck_assert(cs_time_parse(want->text, &time, NULL));
    cs_time_fields(time, &fields);
    for (const FieldCheck *check = want->checks; check->name != NULL; check++) {
        int got = *(const int *)((const char *)&fields + check->offset);
        ck_assert_msg(got == check->value, "%s: %s %d, not %d", want->text, check->name, got,
                      check->value);
    }
}
END_TEST

START_TEST(test_format)
{
    CsTime time = {0, 0};
    g_autofree char *utc_text = NULL, *offset_text = NULL;

    ck_assert(cs_time_parse("2005-020T12:30", &time, NULL));
    utc_text = cs_time_format(time);
    ck_assert_str_eq(utc_text, "2005-01-20 12:30:00Z");
    ck_assert(cs_time_parse("2005-01-20 12:30:00 -05:30", &time, NULL));
    offset_text = cs_time_format(time);
    ck_assert_str_eq(offset_text, "2005-01-20 12:30:00 -05:30");
}
END_TEST

START_TEST(test_intervals)
{
    guint ms = 0;

    ck_assert(cs_interval_spec_parse("10", &ms));
    ck_assert_uint_eq(ms, 10000);
    ck_assert(cs_interval_spec_parse("10s", &ms));
    ck_assert_uint_eq(ms, 10000);
    ck_assert(cs_interval_spec_parse("500ms", &ms));
    ck_assert_uint_eq(ms, 500);
    ck_assert(cs_interval_spec_parse("2min", &ms));
    ck_assert_uint_eq(ms, 120000);
    ck_assert(cs_interval_spec_parse("1h", &ms));
    ck_assert_uint_eq(ms, 3600000);
    ck_assert(cs_interval_spec_parse("PT1M", &ms));
    ck_assert_uint_eq(ms, 60000);
    ck_assert(cs_interval_spec_parse("0", &ms));
    ck_assert_uint_eq(ms, 0);
    ck_assert(!cs_interval_spec_parse("abc", &ms));
    ck_assert(!cs_interval_spec_parse("10x", &ms));
    ck_assert(!cs_interval_spec_parse(NULL, &ms));
}
END_TEST

/* The unbounded reader follows the same rule (units by their first
 * letters, as crm_simulate reads failure-timeout) and gives 0 for what
 * it cannot read. */
START_TEST(test_interval_ms)
{
    ck_assert_int_eq(cs_interval_parse_ms("10mins"), 600000);
    ck_assert_int_eq(cs_interval_parse_ms("10 seconds"), 10000);
    ck_assert_int_eq(cs_interval_parse_ms("600000000usec"), 600000);
    ck_assert_int_eq(cs_interval_parse_ms("2hr"), 7200000);
    ck_assert_int_eq(cs_interval_parse_ms("P100D"), (gint64)100 * 86400 * 1000);
    ck_assert_int_eq(cs_interval_parse_ms(" PT10S"), 0);
    ck_assert_int_eq(cs_interval_parse_ms("-5"), 0);
    ck_assert_int_eq(cs_interval_parse_ms("bad"), 0);
    ck_assert_int_eq(cs_interval_parse_ms(NULL), 0);
}
END_TEST

static Suite *iso8601_suite(void)
{
    Suite *suite = suite_create("iso8601");
    TCase *parsing = tcase_create("parsing");
    TCase *arithmetic = tcase_create("arithmetic");

    tcase_add_test(parsing, test_calendar_dates);
    tcase_add_test(parsing, test_ordinal_and_week_dates);
    tcase_add_test(parsing, test_times);
    tcase_add_test(parsing, test_offsets);
    tcase_add_test(parsing, test_time_only_uses_today);
    tcase_add_test(parsing, test_invalid_times);
    tcase_add_test(parsing, test_durations);
    tcase_add_test(parsing, test_invalid_durations);
    tcase_add_test(parsing, test_intervals);
    tcase_add_test(parsing, test_interval_ms);
    tcase_add_test(arithmetic, test_add_durations);
    tcase_add_loop_test(arithmetic, test_fields, 0, G_N_ELEMENTS(fields_cases));
    tcase_add_test(arithmetic, test_format);
    suite_add_tcase(suite, parsing);
    suite_add_tcase(suite, arithmetic);
    return suite;
}

int main(void)
{
    g_setenv("TZ", "UTC", TRUE);
    return cs_test_run(iso8601_suite());
}
