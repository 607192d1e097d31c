/* edit.h: object-level edits of a CIB document, each recorded in the
 * undo log of edit_log.h.
 *
 * Each edit changes the document the way the Pacemaker tool that makes
 * that change would (crm_resource --ban/--move/--clear, crm_attribute,
 * crm_standby, attrd for fail counts, cibadmin for constraints) and
 * records every node and attribute it linked, unlinked or replaced, so
 * that undo puts back the very same nodes: after undo the document
 * serializes to the same bytes as before the edit, and redo to the same
 * bytes as after it.  New elements are indented like their siblings.
 *
 * After every successful edit, undo and redo the document's id index is
 * rebuilt (cs_document_reindex); any model built from the document must
 * be rebuilt too.
 */
#ifndef CS_EDIT_H
#define CS_EDIT_H

#include <glib.h>
#include <libxml/tree.h>
#include "cib/document.h"
#include "base/iso8601.h"
#include "cib/edit_log.h"

/* ---- lookups (also used to name what is missing) --------------------- */

/* A primitive, group, clone, master or bundle in <resources>. */
xmlNode *cs_edit_find_resource(const CsDocument *document, const char *id);
/* The <node> in <nodes> with this uname (or, failing that, this id). */
xmlNode *cs_edit_find_node(const CsDocument *document, const char *name);
/* A <rule> anywhere in the configuration. */
xmlNode *cs_edit_find_rule(const CsDocument *document, const char *id);

/* TRUE when text is a score the CIB accepts: an integer, or INFINITY with
 * an optional sign (any case). */
gboolean cs_edit_valid_score(const char *text);

/* ---- the edits ------------------------------------------------------- *
 * Each returns TRUE after recording one undoable edit, or FALSE with
 * *error set and the document unchanged.  Every id created is unique in
 * the document. */


/* resource-stickiness in rsc's own meta_attributes, or in rsc_defaults
 * when rsc is NULL; value NULL removes it. */
gboolean cs_edit_stickiness(CsEditLog *log, const char *rsc, const char *value, GError **error);

/* crm_resource --ban: rsc_location cli-ban-RSC-on-NODE, role Started,
 * -INFINITY on node; with lifetime_end (an ISO 8601 date/time) the
 * node+score form becomes a rule with a date_expression lt end, as
 * crm_resource --lifetime writes it.  An existing ban is replaced. */
gboolean cs_edit_ban(CsEditLog *log, const char *rsc, const char *node, const char *lifetime_end,
                     GError **error);
/* crm_resource --move: rsc_location cli-prefer-RSC, INFINITY on node. */
gboolean cs_edit_prefer(CsEditLog *log, const char *rsc, const char *node, const char *lifetime_end,
                        GError **error);
/* crm_resource --clear: removes rsc's cli-ban-* and cli-prefer-*
 * constraints; *removed (optional) says how many. */
gboolean cs_edit_clear(CsEditLog *log, const char *rsc, guint *removed, GError **error);

/* A permanent node attribute (crm_attribute --node N --name A
 * --lifetime forever): an nvpair in <node><instance_attributes>; value
 * NULL deletes it there and in the status section's transient
 * attributes, so that the attribute is really gone. */
gboolean cs_edit_node_attribute(CsEditLog *log, const char *node, const char *name,
                                const char *value, GError **error);
/* A transient node attribute (crm_attribute --lifetime reboot, as attrd
 * keeps it): status-NODEID-NAME in the node_state's transient
 * attributes (set status-NODEID), which must exist.  Pacemaker reads it
 * over a permanent one of the same name.  Deleting is
 * cs_edit_node_attribute with value NULL. */
gboolean cs_edit_node_transient(CsEditLog *log, const char *node, const char *name,
                                const char *value, GError **error);
/* standby=on / maintenance=on, or their removal (crm_standby). */
gboolean cs_edit_standby(CsEditLog *log, const char *node, gboolean on, GError **error);
gboolean cs_edit_maintenance(CsEditLog *log, const char *node, gboolean on, GError **error);

/* fail-count-RSC#OPERATION and last-failure-RSC#OPERATION (operation as
 * "monitor_10000": name and interval in ms) in the node's
 * transient_attributes, as attrd records a failure.  count "0" removes
 * both. */
gboolean cs_edit_fail_count_set(CsEditLog *log, const char *rsc, const char *node,
                                const char *operation, const char *count, gint64 last_failure,
                                GError **error);
/* Removes rsc's fail-count-* and last-failure-* attributes on node (every
 * node when NULL), as crm_resource --cleanup clears them. */
gboolean cs_edit_fail_count_clear(CsEditLog *log, const char *rsc, const char *node,
                                  GError **error);

/* Constraints (cibadmin --create / --delete / --modify). */
gboolean cs_edit_location_add(CsEditLog *log, const char *id, const char *rsc, const char *node,
                              const char *score, GError **error);
gboolean cs_edit_colocation_add(CsEditLog *log, const char *id, const char *rsc,
                                const char *with_rsc, const char *score, GError **error);
gboolean cs_edit_constraint_remove(CsEditLog *log, const char *id, GError **error);
/* Changes the score= of a constraint that has one. */
gboolean cs_edit_constraint_score(CsEditLog *log, const char *id, const char *score,
                                  GError **error);

/* Pacemaker has no "disabled" flag on rules.  Disabling adds a
 * date_expression that can never match (lt end=CS_EDIT_NEVER) to the
 * rule, whose boolean-op must then be "and": a rule with
 * boolean-op="or" first gets its conditions moved into a nested rule
 * ID-or, and its own boolean-op set to "and".  Enabling removes exactly
 * that (a saved and reloaded disabled rule is recognised by the
 * expression).  The result is valid CIB that Pacemaker reads as a rule
 * that never passes. */
#define CS_EDIT_NEVER "1970-01-01 00:00:00Z"
gboolean cs_edit_rule_enable(CsEditLog *log, const char *id, gboolean enable, GError **error);
/* Sets (value NULL: removes) one attribute of a rule or of what it holds,
 * as cibadmin --modify would: id names a rule, expression,
 * date_expression, date_spec or duration in the configuration.  A
 * rule's score and score-attribute exclude each other (the schema's
 * choice), so setting one removes the other in the same edit. */
gboolean cs_edit_rule_attribute(CsEditLog *log, const char *id, const char *name, const char *value,
                                GError **error);

/* One edit, undone and redone like the others, that makes the document
 * equal to the element tree target (a <cib> root): attributes, and
 * elements paired by name and id, recursing where the children still
 * pair up and replacing them where they do not; whitespace between
 * elements is left as it is.  Live mode uses it to carry each edit of
 * the history onto a CIB the cluster changed (description is the
 * edit's own).  Both are taken to be built on the same CIB: the
 * resource histories (<lrm>), which no edit changes, are not compared.
 * CS_EDIT_ERROR_NO_CHANGE when already equal. */
gboolean cs_edit_become(CsEditLog *log, const char *description, const xmlNode *target,
                        GError **error);

/* Whether a rule carries the never-matching expression. */
gboolean cs_edit_rule_disabled(const xmlNode *rule);

/* ---- settings (edit_meta.c) ------------------------------------------- */

/* The nvpair sets a resource holds. */
typedef enum {
    CS_EDIT_SET_META,        /* meta_attributes (crm_resource --meta) */
    CS_EDIT_SET_PARAM,       /* instance_attributes (crm_resource) */
    CS_EDIT_SET_UTILIZATION, /* utilization (crm_resource --utilization) */
} CsEditSetKind;

/* crm_resource --set-parameter / --delete-parameter: name=value (value
 * NULL: deleted) in the resource's own set of that kind.  As
 * crm_resource does: an nvpair already there is updated; else it goes
 * into the set RSC-meta_attributes (-instance_attributes, -utilization),
 * created last in the resource when missing; a meta attribute of a
 * clone's direct child that the child does not set is set on the clone
 * instead.  *target (optional, newly allocated) names the resource
 * written. */
gboolean cs_edit_resource_set(CsEditLog *log, CsEditSetKind kind, const char *rsc, const char *name,
                              const char *value, char **target, GError **error);
/* crm_attribute --node NODE --utilization: set nodes-NODEID-utilization. */
gboolean cs_edit_node_utilization(CsEditLog *log, const char *node, const char *name,
                                  const char *value, GError **error);

typedef enum {
    CS_EDIT_CRM_CONFIG,   /* cluster options (crm_attribute --type crm_config) */
    CS_EDIT_RSC_DEFAULTS, /* rsc_defaults */
    CS_EDIT_OP_DEFAULTS,  /* op_defaults */
} CsEditOptionSection;

/* crm_attribute --type SECTION --name NAME --update VALUE (value NULL:
 * --delete): an nvpair of that name in a rule-less set of the section is
 * updated (deleted); a new one goes into the set cib-bootstrap-options
 * (rsc_defaults-options, op_defaults-options), created when missing. */
gboolean cs_edit_option(CsEditLog *log, CsEditOptionSection section, const char *name,
                        const char *value, GError **error);

typedef enum {
    CS_EDIT_TICKET_GRANT,
    CS_EDIT_TICKET_REVOKE,
    CS_EDIT_TICKET_STANDBY,
    CS_EDIT_TICKET_ACTIVATE,
} CsEditTicketAction;

/* crm_ticket --grant/--revoke/--standby/--activate: the ticket_state in
 * <status><tickets>, created when missing; granting records
 * last-granted (now, in seconds since the epoch). */
gboolean cs_edit_ticket(CsEditLog *log, const char *ticket, CsEditTicketAction action, gint64 now,
                        GError **error);

/* ---- constraints and rules (edit_constraints.c) ------------------------ */

/* rsc_order id first then, with first-action, then-action, kind and
 * symmetrical written only when given (non-NULL), as cibadmin --create
 * would take them. */
gboolean cs_edit_order_add(CsEditLog *log, const char *id, const char *first,
                           const char *first_action, const char *then, const char *then_action,
                           const char *kind, const char *symmetrical, GError **error);
/* rsc_ticket id rsc ticket [loss-policy]. */
gboolean cs_edit_ticket_constraint_add(CsEditLog *log, const char *id, const char *rsc,
                                       const char *ticket, const char *loss_policy, GError **error);
/* A constraint of resource sets: element is rsc_order, rsc_colocation or
 * rsc_ticket; sets is an array of GStrv, each a set's words (resource ids
 * and NAME=VALUE options of the set: sequential, require-all, action,
 * role); options are NAME=VALUE attributes of the constraint (score,
 * kind, symmetrical, ticket, loss-policy).  The sets get the ids ID-set,
 * ID-set-1, ... */
gboolean cs_edit_set_constraint_add(CsEditLog *log, const char *element, const char *id,
                                    const GPtrArray *sets, char **options, GError **error);
/* Adds a rule to the rsc_location constraint (which must place by rules,
 * not by node and score); with rsc non-NULL, creates that location for
 * rsc instead.  words is the rule: EXPR [and|or EXPR ...] where EXPR is
 *   ATTR lt|gt|lte|gte|eq|ne VALUE [string|integer|number|version]
 *   defined ATTR | not_defined ATTR
 *   date gt|lt DATE | date in_range START END
 *   date_spec FIELD=RANGE ...
 * The rule is CONSTRAINT-rule, its expressions RULE-expr, RULE-expr-1,
 * ... (unique), as pcs names them. */
gboolean cs_edit_rule_add(CsEditLog *log, const char *constraint, const char *rsc,
                          const char *score, char **words, GError **error);

/* ---- resources and nodes (edit_resources.c) ----------------------------- */

/* A primitive, last in <resources>: class, provider (NULL for classes
 * without one) and type; meta and params are NULL-terminated NAME=VALUE
 * lists (either NULL) for its sets ID-meta_attributes and
 * ID-instance_attributes.  No operations, as crm_resource would leave it. */
gboolean cs_edit_resource_add(CsEditLog *log, const char *id, const char *class_name,
                              const char *provider, const char *type, char **meta, char **params,
                              GError **error);
/* Removes the resource (with what it contains) as `crm configure delete`
 * does: constraints naming it or anything inside it by rsc, with-rsc,
 * first or then are removed; in resource sets its references are
 * removed, and a set (a constraint) left empty goes too.  A group or
 * clone left empty is removed with it.  *report (optional) gets one line
 * per constraint removed or changed.  The status section is left alone,
 * so what ran is stopped as an orphan. */
gboolean cs_edit_resource_remove(CsEditLog *log, const char *id, GString *report, GError **error);
/* Moves a primitive into GROUP (last), creating the group where the
 * primitive was when it does not exist (pcs resource group add). */
gboolean cs_edit_group_add(CsEditLog *log, const char *group, const char *rsc, GError **error);
/* Moves a primitive out of its group to just after it; a group left
 * empty is removed as by cs_edit_resource_remove (report as there). */
gboolean cs_edit_group_remove(CsEditLog *log, const char *group, const char *rsc, GString *report,
                              GError **error);
/* Wraps a primitive or group in clone RSC-clone (pcs resource clone),
 * with promotable=true in RSC-clone-meta_attributes when asked.  The
 * constraints naming RSC are made to name the clone (Pacemaker 2.1.5
 * does not apply a constraint on a clone's child to its instances);
 * *report (optional) gets a line for each. */
gboolean cs_edit_clone(CsEditLog *log, const char *rsc, gboolean promotable, GString *report,
                       GError **error);
/* A node as crm_simulate --node-up adds one: <node id=NAME uname=NAME>
 * and an online member node_state. */
gboolean cs_edit_node_add(CsEditLog *log, const char *name, GError **error);
/* crm_node --remove: the <node> and its node_state. */
gboolean cs_edit_node_remove(CsEditLog *log, const char *name, GError **error);

/* ---- the XML of one element (edit_xml.c) -------------------------------- */

/* The element with this id as it stands in the document (its inner
 * whitespace kept), newly allocated; NULL when no element below <cib>
 * has it. */
char *cs_edit_element_text(const CsDocument *document, const char *id);
/* Replaces that element by the one text holds, as one edit: text must be
 * a well-formed element whose ids are unique in it and used nowhere else
 * in the document, and where Pacemaker's schema (validate-with, under
 * /usr/share/pacemaker) is installed and the CIB was valid, it must stay
 * valid.  Otherwise the document is unchanged and *error says why
 * (CS_EDIT_ERROR_INVALID); text equal to the element is NO_CHANGE. */
gboolean cs_edit_replace_element(CsEditLog *log, const char *id, const char *text, GError **error);

#endif
