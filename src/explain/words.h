/* words.h: what decides a cell of the Explain view, in plain words first
 * with the Pacemaker term in brackets, shared by the console and the
 * history and why reports so that a node state or a score's source is
 * worded the same everywhere. */
#ifndef CS_WORDS_H
#define CS_WORDS_H

#include <glib.h>
#include "model/model.h"
#include "model/rules.h"
#include "engine/engine.h"

/* Why node can run no resource now ("in standby", "offline", ...), or
 * NULL when it can.  NULL node: "removed from the configuration". */
const char *cs_words_node_unavailable(const CsNode *node);
/* The Pacemaker term for that state ("standby=on", "unclean", ...), or
 * NULL when the node can run resources. */
const char *cs_words_node_term(const CsNode *node);
/* "bravo cannot run resources: in standby [node attribute standby=on]",
 * or NULL when the node can. */
char *cs_words_node_state(const CsNode *node);

/* node-health-strategy as the cluster option spells it ("migrate-on-red"). */
const char *cs_words_health_strategy(CsHealthStrategy strategy);
/* A node's health as a node state, when the cluster tracks it and the
 * node is not all green: "node health red (node-health-strategy=
 * migrate-on-red): -INFINITY on every resource here, so none may run
 * [node attribute #health-disk=red]".  recorded is the engine's health
 * contribution to the resource's score on node (NULL when it recorded
 * none, as for a resource that allows unhealthy nodes).  NULL when
 * there is nothing to say. */
char *cs_words_node_health(const CsModel *model, const CsNode *node,
                           const CsContribution *recorded);

/* The CLI explain's closing lines: every node (or the one named, when
 * node is not NULL) that runs nothing and why, in the words above:
 * "Nodes that run nothing:\n  charlie: in standby [node attribute
 * standby=on]\n"; nothing when every such node can run resources. */
void cs_words_append_node_states(const CsModel *model, const char *node, GString *out);

/* One contribution to a score, without its value: "prefers this node:
 * location rule prefer-alpha-rule [rsc_location rule]".  other is the
 * other resource's id (other_rsc), or NULL. */
char *cs_words_contribution(const CsContribution *why, const char *other);

/* The fail-limit ban the engine recorded for rsc on node, or for the
 * resource above it that it bans instead (a clone for its instances);
 * NULL when none (or solution is NULL).  Borrowed from solution. */
const CsContribution *cs_words_recorded_ban(const CsSolution *solution, int rsc, int node);

/* rsc's fail count on node against its migration-threshold, as
 * "2 failures of 3 allowed: one more bans alpha [fail-count,
 * migration-threshold]", or NULL when nothing failed there.  "banned"
 * only when the engine recorded the ban (solution may be NULL: none). */
char *cs_words_fail_count(const CsSolution *solution, const CsModel *model, int rsc, int node);

/* How the Fail counts view shows a consequence: as any text, faded (it
 * no longer counts), near a ban (one more failure bans) or banned. */
typedef enum {
    CS_FAIL_TONE_PLAIN,
    CS_FAIL_TONE_FADED,
    CS_FAIL_TONE_NEAR,
    CS_FAIL_TONE_BANNED
} CsFailTone;

/* What one recorded fail count means under migration-threshold: "2 of
 * 3: one more failure bans node1", "3 of 3: banned from node1" (the ban
 * the engine recorded), "expired (failure-timeout): ...", "orphan: ...";
 * its tone in *tone.  Owned by the caller. */
char *cs_words_fail_consequence(const CsSolution *solution, const CsModel *model,
                                const CsFailCount *fail, CsFailTone *tone);

/* Why rule (of a location constraint for a resource) does not apply on
 * node at the model's clock, or NULL when it does: "expired: its date
 * condition ended at END [date_expression lt, lifetime]", "not yet in
 * force: ..." or "does not apply on bravo: its conditions are false
 * there [rule]". */
char *cs_words_rule_inactive(const CsModel *model, const CsLocation *location, const CsRule *rule,
                             const CsNode *node);

#endif
