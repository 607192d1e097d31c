/* rules.h: evaluation of <rule> elements.
 *
 * Pacemaker Explained ch. 11 "Rules": node attribute expressions (every
 * operation; type string/integer/number/version; value-source
 * literal/param/meta), the built-in attributes #uname #id #kind #is_dc
 * #cluster-name #site-name (callers put them in node_attrs), date
 * expressions (gt, lt, in_range with end or duration, date_spec),
 * rsc_expression, op_expression, nested rules, boolean-op and/or.
 */
#ifndef CS_RULES_H
#define CS_RULES_H

#include <glib.h>
#include <libxml/tree.h>
#include "model/iso8601.h"

typedef struct CsRuleContext {
    GHashTable *node_attrs;      /* name -> value, NULL outside a node */
    CsTime now;
    /* rsc_expression: NULL means "no resource in this context" */
    const char *rsc_class, *rsc_provider, *rsc_type;
    /* op_expression: op_name NULL means "no operation in this context" */
    const char *op_name;
    guint op_interval_ms;
    /* value-source="param" / "meta" look up here */
    GHashTable *rsc_params, *rsc_meta;
    /* rsc-pattern submatches: "%1".."%9" in an expression's value are
     * replaced by submatches[1..9]; submatches may be NULL. */
    char **submatches;
    /* Out, optional: lowered to the earliest time after now at which a
     * date expression could change its value (Pacemaker's recheck time). */
    CsTime *next_change;
} CsRuleContext;

/* TRUE when the rule passes.  An invalid rule (unknown operation, missing
 * attribute, unparsable date) does not pass, as in Pacemaker. */
gboolean cs_rule_passes(xmlNode *rule, const CsRuleContext *context);

/* TRUE when every <rule> child of parent passes ("no rules" passes).
 * Used for nvpair sets and the deprecated <lifetime>. */
gboolean cs_rules_pass(xmlNode *parent, const CsRuleContext *context);

/* Compares two values as an expression of the given type would
 * ("string", "integer", "number", "version"; NULL = string, or integer when
 * both parse as integers, as Pacemaker 2.1.5 guesses).  <0, 0, >0. */
int cs_rule_compare(const char *left, const char *right, const char *type);

/* Whether the rule uses anything this module does not model; names it. */
gboolean cs_rule_supported(xmlNode *rule, GError **error);

#endif
