/* json_report.h: `why` and `history` as JSON (doc/json.md).
 *
 * The document is read back from the very text the two commands print
 * (explain/history.h), line by line, as json.c reads back the scores and
 * the Transition Summary: the facts cannot differ from the text's.  A
 * step's sections (Changes, Placement, Transition, and any other the
 * report gains) become fields; Placement's lines are split into the
 * resource, what happens to it and the lines that explain it.
 */
#ifndef CS_JSON_REPORT_H
#define CS_JSON_REPORT_H

#include <glib.h>

/* The fields of one step, from its text (cs_why_report's or one
 * "== NAME ==" part of cs_history_report's), appended to out without
 * braces: "from", "to", "note", "sections"... */
void cs_json_report_step(GString *out, const char *text);

/* CLI entry points of `why --json` and `history --json`: the JSON on
 * stdout, messages on stderr; the exit status of the text commands. */
int cs_json_why_run(const char *before_path, const char *after_path, const char *time_text);
int cs_json_history_run(const char *dir, const char *time_text);

#endif
