/* timeline.h: when the answer can change by time alone.
 *
 * A placement depends on the clock through date expressions (Pacemaker
 * Explained, "Date Expressions": gt, lt, in_range with an end or a
 * duration, date_spec) in location rules, nvset rules and the rules
 * crm_resource --lifetime writes, and through failure-timeout (Pacemaker
 * Explained, "Resource Meta-Attributes": a fail count older than it no
 * longer counts).  cs_next_time_event names the first moment after a
 * given one at which any of them can change: the live console re-solves
 * then, and a timeline iterates it (t = event.when, again and again).
 * It may name a moment at which nothing moves after all (the expression
 * sits in a rule an "and" already fails); it never misses one.
 */
#ifndef CS_TIMELINE_H
#define CS_TIMELINE_H

#include <glib.h>
#include "model/model.h"

typedef struct CsTimeEvent {
    CsTime when;  /* in the offset of the time asked about */
    char *what;   /* "cli-ban-web-on-alpha: lifetime ends (lt
                             2024-06-01 13:00:00Z)", "web on alpha:
                             failures expire (failure-timeout 60 s)";
                             several at one moment, "; " between */
    char *detail; /* the same with what turns: "cli-ban-web-on-alpha:
                             lifetime ends (rule cli-ban-web-on-alpha-rule:
                             date lt end 2024-06-01 13:00:00Z)", "web on
                             alpha: monitor fail count 3 expires
                             (failure-timeout 60 s)" */
    /* Pacemaker Explained 2.1, "Cluster Options", cluster-recheck-interval:
     * the scheduler looks ahead to failure timeouts and date expressions,
     * not to date_spec: a moment made of date_spec changes alone is
     * noticed only at the next recheck. */
    gboolean by_recheck;
} CsTimeEvent;

void cs_time_event_clear(CsTimeEvent *event);

/* The first moment strictly after now at which something in model's CIB
 * that depends on the clock can change its value; FALSE (out cleared)
 * when nothing does.  The model is only read; now need not be its own
 * clock.  A date_spec is evaluated boundary by boundary of its finest
 * field (second, minute, hour, day) for up to a bounded number of steps:
 * when its value does not change within them, the last boundary tried is
 * the event, so that iterating never stalls. */
gboolean cs_next_time_event(const CsModel *model, CsTime now, CsTimeEvent *out);

#endif
