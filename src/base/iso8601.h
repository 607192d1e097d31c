/* iso8601.h: ISO 8601 dates, times and durations as Pacemaker reads them.
 *
 * Pacemaker Explained 2.1, "Rules", "Date/Time Expressions" and
 * "Durations"; crm_simulate -t accepts the same forms.  Forms:
 *   calendar   2005-01-20, 20050120
 *   ordinal    2005-020
 *   week       2005-W03-4
 *   time       T12:30, 12:30:00, with Z or +hh:mm / -hh:mm / +hhmm offsets;
 *              date and time separated by 'T' or a single space
 *   duration   P1Y2M3W4DT5H6M7S (weeks, days and time parts combine)
 * A date without an offset is UTC.
 */
#ifndef CS_ISO8601_H
#define CS_ISO8601_H

#include <glib.h>

typedef struct CsTime {
    gint64 seconds; /* seconds since 1970-01-01T00:00:00Z */
    int offset;     /* seconds east of UTC the text named (for printing) */
} CsTime;

typedef struct CsDuration {
    int years;
    int months;
    gint64 seconds; /* weeks, days, hours, minutes, seconds together */
} CsDuration;

/* Broken-down fields of a time, as date_spec compares them: in the offset
 * the time was written in (CsTime.offset), as Pacemaker keeps it. */
typedef struct CsTimeFields {
    int year, month, monthday; /* month 1..12, monthday 1..31 */
    int hours, minutes, seconds;
    int yearday;        /* 1..366 */
    int weekday;        /* 1 = Monday .. 7 = Sunday */
    int weekyear, week; /* ISO 8601 week-numbering year, 1..53 */
} CsTimeFields;

#define CS_ISO8601_ERROR cs_iso8601_error_quark()
GQuark cs_iso8601_error_quark(void);

gboolean cs_time_parse(const char *text, CsTime *out, GError **error);
gboolean cs_duration_parse(const char *text, CsDuration *out, GError **error);
CsTime cs_time_add_duration(CsTime time, const CsDuration *duration);
void cs_time_fields(CsTime time, CsTimeFields *out);
/* "2005-01-20 12:30:00Z" (newly allocated) */
char *cs_time_format(CsTime time);
/* The current wall-clock time. */
CsTime cs_time_now(void);

/* An operation interval ("10", "10s", "500ms", "2min", "1h", "PT10S") in
 * milliseconds, as Pacemaker reads interval and timeout values; FALSE when
 * it cannot be read.  Up to G_MAXUINT, as Pacemaker keeps intervals. */
gboolean cs_interval_spec_parse(const char *text, guint *out_ms);
/* The same by the same rule, unbounded, and 0 when it cannot be read
 * (timeouts, failure-timeout, cluster options). */
gint64 cs_interval_parse_ms(const char *text);

#endif
