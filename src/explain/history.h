/* history.h: what changed between two CIBs, and why resources moved.
 *
 *   cibscope why A.xml B.xml     the differences between two CIBs tied to
 *                                the score contributions that made
 *                                resources start, stop or move
 *   cibscope history DIR         the same for each step of a series of
 *                                pe-input-N.bz2 (and pe-warn-N, pe-error-N)
 *                                in numeric order, with each step's
 *                                transition; DIR may be a crm_report
 *                                tarball (.tar.bz2, .tar.gz)
 *
 * Each CIB is solved at its own "now": --time when given, else the
 * execution-date the scheduler stamped on it (as crm_simulate does), else
 * the current time.  A CIB the engine cannot model yet is reported as such
 * at that step (exit 3 at the end), never guessed.
 */
#ifndef CS_HISTORY_H
#define CS_HISTORY_H

#include <glib.h>
#include "cib/document.h"
#include "base/iso8601.h"
#include "explain/history_files.h"

/* Appends to out the report for the step before -> after: what changed in
 * the documents, where each resource goes in each, and for each resource
 * that starts, stops or moves the contributions that changed on the nodes
 * involved.  now: NULL to solve each CIB at its own execution-date.
 * Returns the exit status the step deserves: 0, or 3 when either CIB uses
 * something the engine does not model yet (said in out). */
int cs_why_report(const CsDocument *before, const CsDocument *after, const CsTime *now,
                  GString *out);

/* One step of a history: previous NULL for the first input (its own
 * transition), else what changed from previous to document and why
 * (cs_why_report).  The exit status the step deserves. */
int cs_history_step(const CsDocument *previous, const CsDocument *document, const CsTime *now,
                    GString *out);

/* The whole history of dir, for the console's History view and the CLI.
 * Returns the worst step status (0, 2 for an unreadable step, 3); -1 with
 * *error when dir itself cannot be used. */
int cs_history_report(const char *dir, const CsTime *now, GString *out, GError **error);

/* CLI entry points: print to stdout, messages to stderr; time_text may
 * be NULL.  Return the process exit status (0, 1 usage, 2 input, 3). */
int cs_history_run(const char *dir, const char *time_text);
int cs_why_run(const char *before_path, const char *after_path, const char *time_text);

#endif
