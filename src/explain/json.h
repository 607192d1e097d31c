/* json.h: `--json` for scripts: scores, transition and explain as JSON
 * (doc/json.md gives every field's meaning).
 *
 * The facts are those of the text output, read back from it line by
 * line, so the two cannot disagree (tests/json-corpus.sh checks it on the
 * conformance corpus); the engine's provenance adds each score's
 * contributions.  Scores are JSON numbers: Pacemaker's INFINITY is
 * 1000000 (Pacemaker Explained 2.1, "Infinity Math"), and "score_text"
 * holds the text crm_simulate prints ("INFINITY", "-INFINITY", "100").
 */
#ifndef CS_JSON_H
#define CS_JSON_H

#include <glib.h>
#include "cib/document.h"
#include "engine/engine.h"

/* { "cibscope": ..., "scores": [ ... ] } from the crm_simulate -sSQ
 * lines of solution. */
void cs_json_scores(const CsDocument *document, const CsSolution *solution, GString *out);
/* { "cibscope": ..., "actions": [ ... ] } from the Transition Summary. */
void cs_json_transition(const CsDocument *document, const char *summary, GString *out);
/* { "cibscope": ..., "resource": ..., "remote_chain": ..., "nodes": [ ... ] }:
 * the chain rsc is part of (explain/remote_node.h), or null; rsc's score on
 * node (every scored node when NULL) and its contributions.  FALSE with
 * *error set when rsc or node is unknown. */
gboolean cs_json_explain(const CsDocument *document, CsSolution *solution, const char *rsc,
                         const char *node, GString *out, GError **error);

GQuark cs_json_error_quark(void);

/* The head every document shares ("{" and the fields of doc/json.md's
 * "The head"), for other commands' documents (timeline). */
void cs_json_begin(GString *out, const CsDocument *document, const char *command);

/* text as a JSON string, quotes included. */
void cs_json_string(GString *out, const char *text);

#endif
