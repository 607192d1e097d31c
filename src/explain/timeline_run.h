/* timeline_run.h: what will change by itself, moment by moment.
 *
 * From "now" to now + a span, every moment at which time alone can
 * change the answer (cs_next_time_event: failure-timeout expiries,
 * lifetimes ending, date rules and date_spec boundaries) is solved by
 * the engine at that very moment, on the same CIB, and the difference
 * from the moment before is told with the words edits and history use
 * (cs_next_describe_changes).  Nothing is estimated: a moment whose
 * solution places everything as before is kept but marked unchanged.
 *
 * `cibscope timeline` and the console's Timeline view print it.
 */
#ifndef CS_TIMELINE_RUN_H
#define CS_TIMELINE_RUN_H

#include <glib.h>
#include "cib/document.h"
#include "model/model.h"

/* At most this many moments are solved; past it the timeline says where
 * it stopped (a date_spec on seconds turns every few seconds). */
#define CS_TIMELINE_MAX_MOMENTS 400

typedef struct CsTimelineEntry {
    CsTime when;
    GPtrArray *causes;   /* char*: "cli-ban-web-on-n1: lifetime ends
                                (date lt end)", one per thing that turns */
    gboolean by_recheck; /* only date_spec turns: Pacemaker notices it
                                at its next cluster-recheck-interval */
    GPtrArray *changes;  /* char*: "web: n2 -> n1"; empty: no change */
    GPtrArray *actions;  /* char*: the Transition Summary's lines at
                                that moment, trimmed */
} CsTimelineEntry;

typedef struct CsTimeline {
    CsTime now, until;
    gint64 recheck_interval_s; /* the CIB's cluster-recheck-interval */
    GPtrArray *pending;        /* char*: the Transition Summary's lines now
                                (the cluster has not settled when any) */
    GPtrArray *entries;        /* CsTimelineEntry*, every moment solved */
    gboolean cut_short;        /* stopped after CS_TIMELINE_MAX_MOMENTS;
                                reached is the last moment solved */
    CsTime reached;
} CsTimeline;

/* Solves document at now and at each moment up to now + span_s.  NULL
 * with *error (the model's or the engine's) when it cannot be solved. */
CsTimeline *cs_timeline_build(const CsDocument *document, CsTime now, gint64 span_s,
                              GError **error);
void cs_timeline_free(CsTimeline *timeline);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsTimeline, cs_timeline_free)

/* --until: "7d", "12h", "30min", "90s", "2w", a bare number of seconds,
 * or an ISO 8601 duration ("P7D", "PT12H"), measured from now. */
gboolean cs_timeline_parse_span(const char *text, CsTime now, gint64 *out_seconds);
/* "2024-06-01T13:00:00Z" (ISO 8601, UTC; newly allocated). */
char *cs_timeline_format_time(CsTime time);
/* "noticed by the cluster within cluster-recheck-interval (5min here;
 * 15min by default)" (newly allocated). */
char *cs_timeline_recheck_text(const CsTimeline *timeline);
/* The entries that change something (all: every one) */
guint cs_timeline_count(const CsTimeline *timeline, gboolean all);

/* The text `cibscope timeline` prints; all: moments with no change too. */
void cs_timeline_write(const CsTimeline *timeline, gboolean all, GString *out);
/* The same facts as JSON (doc/json.md, "timeline"). */
void cs_timeline_json(const CsTimeline *timeline, const CsDocument *document, gboolean all,
                      GString *out);

#endif
