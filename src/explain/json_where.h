/* json_where.h: `where` as JSON (doc/json.md).
 *
 * Its lines are the very ones `where` prints (explain/next.h), each split
 * into the resource it names and what it says; the Transition Summary
 * actions naming any of those resources come from the kept transition,
 * the same actions `transition` prints.  So the facts cannot differ from
 * the text's.
 */
#ifndef CS_JSON_WHERE_H
#define CS_JSON_WHERE_H

#include <glib.h>
#include "cib/document.h"
#include "engine/engine.h"

/* { head, "resource", "lines": [...], "actions": [...] }.  FALSE with
 * *error set when rsc names no resource. */
gboolean cs_json_where(const CsDocument *document, CsSolution *solution, const char *rsc,
                       GString *out, GError **error);

#endif
