/* next_checks.h: holds what cibscope says happens next (where, the
 * Matrix's marks and Action column, what an edit moved) against a
 * Transition Summary's lines (crm_simulate's, or the engine's own after
 * an edit).  Shared by tests/check_next.c and tests/check_next_corpus.c.
 *
 * The summary text is parsed here, in the test: the product never reads
 * its own printed text back (explain/next.h reads the actions). */
#ifndef CS_NEXT_CHECKS_H
#define CS_NEXT_CHECKS_H

#include <glib.h>
#include "explain/session.h"

/* One "  * Verb  id  ( details )  due to reason (blocked)" line. */
typedef struct SummaryLine {
    char *verb; /* "Start", "Move", ... ("Fence" lines are
                                not kept) */
    char *id;
    char *from, *to; /* node names, NULL when the line has none */
    char *reason;    /* NULL when none */
    gboolean blocked;
} SummaryLine;

/* The resource lines of a "Transition Summary:" section (the first one
 * in text); SummaryLine*, owned. */
GPtrArray *summary_parse(const char *text);

/* Every resource of solution's model against lines: for each line, its
 * resource's `where` says it (or that it is blocked, and why), its
 * Matrix cells are marked to match, and its Action column names the
 * verb; a resource no line names stays, unmarked as moving.  NULL when
 * all hold, else what did not (each failure on a line). */
char *check_statements(CsSolution *solution, const GPtrArray *lines);

/* What an edit printed (its "  RSC: ..." lines) against the summaries
 * before and after it: a top-level primitive's move, stop or start the
 * edit brought is said as one ("X: a -> b", "X: stops", "X: starts on
 * b"), and each such line is backed by an action of the summary after;
 * a clone's "stops on"/"starts on" nodes too.  model: the configured
 * model after the edit. */
char *check_changes(const char *printed, const CsModel *model, const GPtrArray *before,
                    const GPtrArray *after);

#endif
