/* iso8601.c: ISO 8601 dates, times and durations as Pacemaker reads them.
 *
 * Pacemaker 2.1.5 parses times with its own crm_time code, which is looser
 * and odder than ISO 8601 in places that matter for "crm_simulate -t" and
 * for date expressions; we follow what it accepts, not the standard:
 *   - a date is YYYY-MM-DD, YYYYMMDD, YYYY-DDD (so "2005-02" is the second
 *     day of 2005, not February) or YYYY-Www-D; a bare year is rejected;
 *   - "epoch" is 1970-01-01;
 *   - anything after the date that is not ' ' or 'T' is ignored;
 *   - a time is hh[:mm[:ss]] or hh[mm[ss]]; 24:00:00 is the next midnight;
 *   - an offset is only seen after a 'Z' or a space ("12:00 +02:00");
 *     glued to the time ("12:00+02:00") it is ignored and the time is local;
 *   - a date without a time is UTC; a time without an offset is local.
 * Arithmetic happens on the time as written (in its own offset), as
 * crm_time does: adding years keeps the day of the year, adding months
 * keeps the day of the month unless the month is shorter (then its last).
 */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/iso8601.h"

#define CS_DAY_SECONDS 86400
#define CS_HOUR_SECONDS 3600

/* A time as its text wrote it: the day and time of day in its own offset. */
typedef struct CsLocalTime {
    gint64 year;
    gint64 yearday; /* 1-based; may stray out of the year until normalized */
    gint64 seconds; /* seconds into the day */
    int offset;     /* seconds east of UTC */
} CsLocalTime;

GQuark cs_iso8601_error_quark(void)
{
    return g_quark_from_static_string("cs-iso8601-error");
}

/* ---- calendar arithmetic ---------------------------------------------- */

static gint64 floor_div(gint64 a, gint64 b)
{
    gint64 q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static gint64 floor_mod(gint64 a, gint64 b)
{
    return a - floor_div(a, b) * b;
}

static gboolean is_leap_year(gint64 year)
{
    return (floor_mod(year, 4) == 0 && floor_mod(year, 100) != 0) || floor_mod(year, 400) == 0;
}

static int days_in_year(gint64 year)
{
    return is_leap_year(year) ? 366 : 365;
}

/* 0 for a month outside 1..12, which makes any day in it invalid. */
static int days_in_month(gint64 month, gint64 year)
{
    static const int lengths[13] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12) {
        return 0;
    }
    if (month == 2 && is_leap_year(year)) {
        return 29;
    }
    return lengths[month];
}

/* Leap days in years 1..year-1 (proleptic Gregorian, any sign). */
static gint64 leap_days_before(gint64 year)
{
    gint64 previous = year - 1;
    return floor_div(previous, 4) - floor_div(previous, 100) + floor_div(previous, 400);
}

/* Days from 1970-01-01 to January 1st of year. */
static gint64 days_before_year(gint64 year)
{
    return 365 * (year - 1970) + leap_days_before(year) - leap_days_before(1970);
}

/* Splits a day number (0 = 1970-01-01) into year and 1-based yearday. */
static void split_day_number(gint64 day, gint64 *year, gint64 *yearday)
{
    /* Before 1970 the longest year would make the guess late, after it
     * the shortest: divide by the one that keeps the guess early. */
    gint64 guess = 1970 + floor_div(day, day < 0 ? 365 : 366);

    /* The guess is never late; walk forward a year at a time (at most a
     * few hundred steps even for far-off dates, as 366 vs 365.2425). */
    while (days_before_year(guess + 1) <= day) {
        guess += 1 + floor_div(day - days_before_year(guess + 1), 366);
    }
    *year = guess;
    *yearday = day - days_before_year(guess) + 1;
}

/* Day of the year of a calendar date; day 0 or a day past the month's end
 * simply runs into the neighbouring month, as in Pacemaker. */
static gint64 ordinal_of(gint64 year, gint64 month, gint64 monthday)
{
    gint64 yearday = monthday;
    for (gint64 m = 1; m < month && m <= 12; m++) {
        yearday += days_in_month(m, year);
    }
    return yearday;
}

static void calendar_of(gint64 year, gint64 yearday, int *month, int *monthday)
{
    int m = 1;
    while (m < 12 && yearday > days_in_month(m, year)) {
        yearday -= days_in_month(m, year);
        m++;
    }
    *month = m;
    *monthday = (int)yearday;
}

/* 1 = Monday .. 7 = Sunday; day 0 (1970-01-01) was a Thursday. */
static int weekday_of_day_number(gint64 day)
{
    return (int)floor_mod(day + 3, 7) + 1;
}

static int january1_weekday(gint64 year)
{
    return weekday_of_day_number(days_before_year(year));
}

/* ISO 8601: a year has 53 weeks when it starts on a Thursday, or on a
 * Wednesday in a leap year. */
static int weeks_in_year(gint64 year)
{
    int jan1 = january1_weekday(year);
    return (jan1 == 4 || (jan1 == 3 && is_leap_year(year))) ? 53 : 52;
}

/* ---- local <-> absolute ---------------------------------------------- */

static void local_normalize(CsLocalTime *local)
{
    gint64 day = days_before_year(local->year) + local->yearday - 1
                 + floor_div(local->seconds, CS_DAY_SECONDS);
    local->seconds = floor_mod(local->seconds, CS_DAY_SECONDS);
    split_day_number(day, &local->year, &local->yearday);
}

static CsTime local_to_time(const CsLocalTime *local)
{
    gint64 day = days_before_year(local->year) + local->yearday - 1;
    CsTime time = {
        .seconds = day * CS_DAY_SECONDS + local->seconds - local->offset,
        .offset = local->offset,
    };
    return time;
}

static CsLocalTime time_to_local(CsTime time)
{
    gint64 shifted = time.seconds + time.offset;
    CsLocalTime local = {.offset = time.offset};
    split_day_number(floor_div(shifted, CS_DAY_SECONDS), &local.year, &local.yearday);
    local.seconds = floor_mod(shifted, CS_DAY_SECONDS);
    return local;
}

/* The offset of the machine's time zone now: Pacemaker gives a time
 * without an offset the current local offset (TZ=UTC in tests). */
static int local_offset_now(void)
{
    g_autoptr(GDateTime) now = g_date_time_new_now_local();
    return (int)(g_date_time_get_utc_offset(now) / G_TIME_SPAN_SECOND);
}

CsTime cs_time_now(void)
{
    CsTime now = {
        .seconds = g_get_real_time() / G_TIME_SPAN_SECOND,
        .offset = local_offset_now(),
    };
    return now;
}

/* ---- parsing times ---------------------------------------------------- */

static gboolean fail(GError **error, const char *text, const char *why)
{
    g_set_error(error, CS_ISO8601_ERROR, 0, "'%s' is not a valid ISO 8601 date/time: %s", text,
                why);
    return FALSE;
}

/* hh:mm:ss with optional parts, or hhmmss; 24:00:00 is allowed (the caller
 * rolls it to the next day).  An empty text scans as midnight, as in
 * Pacemaker where sscanf() returns EOF rather than 0. */
static gboolean parse_clock(const char *text, gint64 *seconds)
{
    unsigned int hour = 0, minute = 0, second = 0;
    int fields = sscanf(text, "%u:%u:%u", &hour, &minute, &second);

    if (fields == 1) {
        fields = sscanf(text, "%2u%2u%2u", &hour, &minute, &second);
    }
    if (fields == 0) {
        return FALSE;
    }
    if (hour >= 24 && !(hour == 24 && minute == 0 && second == 0)) {
        return FALSE;
    }
    if (minute >= 60 || second >= 60) {
        return FALSE;
    }
    *seconds = (gint64)hour * CS_HOUR_SECONDS + minute * 60 + second;
    return TRUE;
}

/* "Z", "+hh", "-hh:mm", "hhmm"...; other text reads as UTC; NULL = local. */
static gboolean parse_offset(const char *text, int *offset)
{
    gboolean negative = FALSE;
    gint64 seconds = 0;

    if (text == NULL) {
        *offset = local_offset_now();
        return TRUE;
    }
    *offset = 0;
    if (text[0] != '+' && text[0] != '-' && !isdigit((unsigned char)text[0])) {
        return TRUE;
    }
    if (text[0] == '+' || text[0] == '-') {
        negative = (text[0] == '-');
        text++;
    }
    if (!parse_clock(text, &seconds)) {
        return FALSE;
    }
    *offset = (int)(negative ? -seconds : seconds);
    return TRUE;
}

/* The time of day and offset after the date (text follows 'T' or ' '). */
static gboolean parse_time_of_day(const char *text, CsLocalTime *local)
{
    const char *offset_text = strchr(text, 'Z');

    if (!parse_clock(text, &local->seconds)) {
        return FALSE;
    }
    if (offset_text == NULL) {
        offset_text = strchr(text, ' ');
        if (offset_text != NULL) {
            while (isspace((unsigned char)*offset_text)) {
                offset_text++;
            }
        }
    }
    return parse_offset(offset_text, &local->offset);
}

static gboolean parse_calendar_date(const char *text, CsLocalTime *local, GError **error)
{
    int year = 0, month = 0, day = 0;
    int fields = sscanf(text, "%d-%d-%d", &year, &month, &day);

    if (fields == 1) {
        fields = sscanf(text, "%4d%2d%2d", &year, &month, &day);
    }
    if (fields != 3) {
        return FALSE;
    }
    if (month > 12 || day > days_in_month(month, year)) {
        g_set_error(error, CS_ISO8601_ERROR, 0,
                    "'%s' is not a valid ISO 8601 date/time: no such day", text);
        return TRUE;
    }
    local->year = year;
    local->yearday = ordinal_of(year, month, day);
    return TRUE;
}

static gboolean parse_ordinal_date(const char *text, CsLocalTime *local, GError **error)
{
    int year = 0, day = 0;

    if (sscanf(text, "%d-%d", &year, &day) != 2) {
        return FALSE;
    }
    if (day > days_in_year(year)) {
        g_set_error(error, CS_ISO8601_ERROR, 0,
                    "'%s' is not a valid ISO 8601 date/time: no such day "
                    "of the year",
                    text);
        return TRUE;
    }
    local->year = year;
    local->yearday = day;
    return TRUE;
}

/* Week 1 is the week with the year's first Thursday; weekday 1 = Monday. */
static gboolean parse_week_date(const char *text, CsLocalTime *local, GError **error)
{
    int year = 0, week = 0, day = 0, jan1 = 0;

    if (sscanf(text, "%d-W%d-%d", &year, &week, &day) != 3) {
        return FALSE;
    }
    if (week > weeks_in_year(year) || day < 1 || day > 7) {
        g_set_error(error, CS_ISO8601_ERROR, 0,
                    "'%s' is not a valid ISO 8601 date/time: no such week "
                    "or weekday",
                    text);
        return TRUE;
    }
    jan1 = january1_weekday(year);
    local->year = year;
    local->yearday = (gint64)(week - 1) * 7 + day + (jan1 <= 4 ? 1 - jan1 : 8 - jan1);
    /* Week 1 may start in December, week 52/53 may end in January. */
    local_normalize(local);
    return TRUE;
}

/* A bare time: Pacemaker takes today's (local) date. */
static void set_today(CsLocalTime *local)
{
    CsLocalTime today = time_to_local(cs_time_now());
    local->year = today.year;
    local->yearday = today.yearday;
    local->offset = today.offset;
}

static gboolean parse_date_part(const char *text, CsLocalTime *local, GError **error)
{
    if (parse_calendar_date(text, local, error) || parse_ordinal_date(text, local, error)
        || parse_week_date(text, local, error)) {
        return error == NULL || *error == NULL;
    }
    return fail(error, text, "unrecognized date");
}

static gboolean local_is_sane(const CsLocalTime *local)
{
    return local->yearday >= 1 && local->yearday <= days_in_year(local->year) && local->seconds >= 0
           && local->seconds < CS_DAY_SECONDS;
}

static gboolean parse_local(const char *text, CsLocalTime *local, GError **error)
{
    const char *time_text = NULL;
    GError *local_error = NULL;

    if (text[0] == 'T' || (text[0] != '\0' && text[1] != '\0' && text[2] == ':')) {
        set_today(local);
        time_text = (text[0] == 'T') ? text + 1 : text;
    } else if (g_ascii_strncasecmp(text, "epoch", 5) == 0
               && (text[5] == '\0' || text[5] == '/' || isspace((unsigned char)text[5]))) {
        local->year = 1970;
        local->yearday = 1;
        return TRUE;
    } else {
        if (!parse_date_part(text, local, &local_error)) {
            g_propagate_error(error, local_error);
            return FALSE;
        }
        time_text = text + strspn(text, "0123456789-W");
        if (time_text[0] == ' ' || time_text[0] == 'T') {
            time_text++;
        } else {
            time_text = NULL;
        }
    }
    if (time_text != NULL) {
        if (!parse_time_of_day(time_text, local)) {
            return fail(error, text, "invalid time of day or offset");
        }
        if (local->seconds == CS_DAY_SECONDS) {
            local->seconds = 0;
            local->yearday++;
            local_normalize(local);
        }
    }
    /* No other rolling: 2005-01-00 and 2005-000 are rejected here. */
    if (!local_is_sane(local)) {
        return fail(error, text, "day or time out of range");
    }
    return TRUE;
}

gboolean cs_time_parse(const char *text, CsTime *out, GError **error)
{
    CsLocalTime local = {.year = 0, .yearday = 0, .seconds = 0, .offset = 0};

    if (text == NULL || text[0] == '\0') {
        return fail(error, "", "empty");
    }
    if (!parse_local(text, &local, error)) {
        return FALSE;
    }
    *out = local_to_time(&local);
    return TRUE;
}

/* ---- durations -------------------------------------------------------- */

/* An optional sign then up to 10 digits, as Pacemaker's duration reader;
 * returns the characters consumed, 0 when there is no number. */
static int parse_duration_number(const char *text, gint64 *value)
{
    int used = 0, digits = 0;
    gboolean negative = FALSE;

    *value = 0;
    if (text[0] == '-') {
        negative = TRUE;
        used++;
    } else if (text[0] == '+' || text[0] == ':') {
        used++;
    }
    while (digits < 10 && isdigit((unsigned char)text[used])) {
        *value = *value * 10 + (text[used] - '0');
        used++;
        digits++;
    }
    if (digits == 0) {
        return 0;
    }
    if (negative) {
        *value = -*value;
    }
    return used;
}

static gboolean duration_fail(GError **error, const char *text, const char *why)
{
    g_set_error(error, CS_ISO8601_ERROR, 0, "'%s' is not a valid ISO 8601 duration: %s", text, why);
    return FALSE;
}

/* Years and months are set (a repeated unit replaces), the rest add up;
 * 'M' is months before a 'T' and minutes after it.  Reading stops at the
 * end, a '/' or white space. */
gboolean cs_duration_parse(const char *text, CsDuration *out, GError **error)
{
    CsDuration duration = {0, 0, 0};
    gboolean in_time = FALSE;

    if (text == NULL || text[0] != 'P') {
        return duration_fail(error, text ? text : "", "must start with P");
    }
    if (text[1] == '\0' || isspace((unsigned char)text[1])) {
        return duration_fail(error, text, "nothing follows P");
    }
    for (const char *cursor = text + 1;
         *cursor != '\0' && *cursor != '/' && !isspace((unsigned char)*cursor); cursor++) {
        gint64 amount = 0;
        int used = 0;

        if (*cursor == 'T') {
            in_time = TRUE;
            continue;
        }
        used = parse_duration_number(cursor, &amount);
        if (used == 0) {
            return duration_fail(error, text, "a number is expected");
        }
        if (amount > INT_MAX || amount < INT_MIN) {
            return duration_fail(error, text, "number out of range");
        }
        cursor += used;
        switch (*cursor) {
        case 'Y': duration.years = (int)amount; break;
        case 'M':
            if (in_time) {
                duration.seconds += amount * 60;
            } else {
                duration.months = (int)amount;
            }
            break;
        case 'W': duration.seconds += amount * 7 * CS_DAY_SECONDS; break;
        case 'D': duration.seconds += amount * CS_DAY_SECONDS; break;
        case 'H': duration.seconds += amount * CS_HOUR_SECONDS; break;
        case 'S': duration.seconds += amount; break;
        default: return duration_fail(error, text, "unknown or missing unit");
        }
        /* Bounded so that no sum of fields can overflow (about 30 million
         * years); Pacemaker's int arithmetic wraps long before this. */
        if (duration.seconds > G_GINT64_CONSTANT(1000000000000000)
            || duration.seconds < -G_GINT64_CONSTANT(1000000000000000)) {
            return duration_fail(error, text, "too long");
        }
    }
    *out = duration;
    return TRUE;
}

/* crm_time_add_years keeps the day of the year (so a year after
 * 2004-03-01, day 61 of a leap year, is 2005-03-02).  Returns FALSE when
 * that leaves day 366 in a common year. */
static gboolean local_add_years(CsLocalTime *local, int years)
{
    local->year += years;
    return local->yearday <= days_in_year(local->year);
}

static void local_add_months(CsLocalTime *local, int months)
{
    int month = 0, monthday = 0, last = 0;
    gint64 index = 0;

    calendar_of(local->year, local->yearday, &month, &monthday);
    index = local->year * 12 + (month - 1) + months;
    local->year = floor_div(index, 12);
    month = (int)floor_mod(index, 12) + 1;
    last = days_in_month(month, local->year);
    if (monthday > last) {
        monthday = last;
    }
    local->yearday = ordinal_of(local->year, month, monthday);
}

CsTime cs_time_add_duration(CsTime time, const CsDuration *duration)
{
    CsLocalTime local = time_to_local(time);

    if (duration->years != 0 && !local_add_years(&local, duration->years) && duration->months == 0
        && duration->seconds == 0) {
        /* Pacemaker keeps the impossible day 366, which compares after
         * every moment of that year and before the next one: the last
         * second of the year answers every whole-second comparison the
         * same way (checked with crm_simulate: 2004-12-31 + 1 year). */
        local.yearday = 365;
        local.seconds = CS_DAY_SECONDS - 1;
        return local_to_time(&local);
    }
    local_normalize(&local);
    if (duration->months != 0) {
        local_add_months(&local, duration->months);
    }
    time = local_to_time(&local);
    time.seconds += duration->seconds;
    return time;
}

/* ---- fields and formatting ------------------------------------------- */

/* Pacemaker keeps a time in the offset it was written in, and date_spec
 * compares those fields: "now" given as 12:00 +05:00 has hours = 12. */
void cs_time_fields(CsTime time, CsTimeFields *out)
{
    CsLocalTime local = time_to_local(time);
    gint64 day = days_before_year(local.year) + local.yearday - 1;
    gint64 week = 0;

    out->year = (int)local.year;
    calendar_of(local.year, local.yearday, &out->month, &out->monthday);
    out->hours = (int)(local.seconds / CS_HOUR_SECONDS);
    out->minutes = (int)(local.seconds / 60 % 60);
    out->seconds = (int)(local.seconds % 60);
    out->yearday = (int)local.yearday;
    out->weekday = weekday_of_day_number(day);

    /* ISO 8601 week: the week (Monday..Sunday) holding the Thursday. */
    week = (local.yearday - out->weekday + 10) / 7;
    out->weekyear = out->year;
    if (week < 1) {
        out->weekyear = out->year - 1;
        week = weeks_in_year(out->weekyear);
    } else if (week > weeks_in_year(out->year)) {
        out->weekyear = out->year + 1;
        week = 1;
    }
    out->week = (int)week;
}

char *cs_time_format(CsTime time)
{
    CsTimeFields fields;
    int offset = time.offset < 0 ? -time.offset : time.offset;

    cs_time_fields(time, &fields);
    if (time.offset == 0) {
        return g_strdup_printf("%04d-%02d-%02d %02d:%02d:%02dZ", fields.year, fields.month,
                               fields.monthday, fields.hours, fields.minutes, fields.seconds);
    }
    return g_strdup_printf("%04d-%02d-%02d %02d:%02d:%02d %c%02d:%02d", fields.year, fields.month,
                           fields.monthday, fields.hours, fields.minutes, fields.seconds,
                           time.offset < 0 ? '-' : '+', offset / 3600, offset / 60 % 60);
}

/* ---- operation intervals ---------------------------------------------- */

/* "10", "10s", "500ms", "2min", "1h" or an ISO 8601 duration, in
 * milliseconds; FALSE when unreadable.  This is the one interval reader:
 * Pacemaker's rule for interval specifications (Pacemaker Explained 2.1,
 * "Operation Properties" and "Resource Meta-Attributes"): text starting
 * with 'P' is an ISO 8601 duration (a year is 365 days, a month 30);
 * anything else is a whole number with an optional unit of which only
 * the first letters count ("ms"/"msec", "us"/"usec", "s"/"sec",
 * "m"/"min"/"mins", "h"/"hr"), seconds when none.  Only the leading
 * integer counts ("1.5s" is one second).  Checked against crm_simulate
 * with failure-timeout="10mins" and "600000000usec"
 * (tests/data/cases/failure-timeout-units.xml). */
static gboolean interval_ms(const char *text, gint64 *out)
{
    gint64 multiplier = 1000, divisor = 1, amount = 0;
    const char *units = NULL;
    size_t number_length = 0;

    if (text == NULL) {
        return FALSE;
    }
    if (text[0] == 'P') {
        CsDuration duration;
        if (!cs_duration_parse(text, &duration, NULL)) {
            return FALSE;
        }
        /* The seconds fit in 64 bits (cs_duration_parse bounds each
         * field); their milliseconds may not, and saturate as numbers do
         * below. */
        amount = (gint64)duration.years * 365 * CS_DAY_SECONDS
                 + (gint64)duration.months * 30 * CS_DAY_SECONDS + duration.seconds;
        amount = (amount > G_MAXINT64 / 1000)   ? G_MAXINT64
                 : (amount < G_MININT64 / 1000) ? G_MININT64
                                                : amount * 1000;
    } else {
        text += strspn(text, " \t\r\n");
        number_length = strspn(text, "0123456789.");
        if (number_length == 0) {
            return FALSE;
        }
        units = text + number_length;
        units += strspn(units, " \t\r\n");
        if (g_ascii_strncasecmp(units, "ms", 2) == 0) {
            multiplier = 1;
        } else if (g_ascii_strncasecmp(units, "us", 2) == 0) {
            multiplier = 1;
            divisor = 1000;
        } else if (g_ascii_strncasecmp(units, "s", 1) == 0) {
            multiplier = 1000;
        } else if (g_ascii_strncasecmp(units, "m", 1) == 0) {
            multiplier = 60 * 1000;
        } else if (g_ascii_strncasecmp(units, "h", 1) == 0) {
            multiplier = 60 * 60 * 1000;
        } else if (*units != '\0' && *units != '\n' && *units != '\r') {
            return FALSE;
        }
        amount = g_ascii_strtoll(text, NULL, 10);
        amount = (amount > G_MAXINT64 / multiplier) ? G_MAXINT64 : amount * multiplier / divisor;
    }
    if (amount < 0) {
        return FALSE;
    }
    *out = amount;
    return TRUE;
}

gboolean cs_interval_spec_parse(const char *text, guint *out_ms)
{
    gint64 amount = 0;

    if (!interval_ms(text, &amount)) {
        return FALSE;
    }
    *out_ms = (amount >= G_MAXUINT) ? G_MAXUINT : (guint)amount;
    return TRUE;
}

gint64 cs_interval_parse_ms(const char *text)
{
    gint64 amount = 0;

    return interval_ms(text, &amount) ? amount : 0;
}
