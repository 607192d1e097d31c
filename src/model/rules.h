/* rules.h: evaluation of <rule> elements.
 *
 * Pacemaker Explained 2.1, "Rules": node attribute expressions (every
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
#include "base/iso8601.h"

typedef struct CsRuleContext {
    GHashTable *node_attrs; /* name -> value, NULL outside a node */
    CsTime now;
    /* rsc_expression: NULL means "no resource in this context" */
    const char *rsc_class, *rsc_provider, *rsc_type;
    /* op_expression: op_name NULL means "no operation in this context" */
    const char *op_name;
    guint op_interval_ms;
    /* value-source="param" / "meta" look up here */
    GHashTable *rsc_params, *rsc_meta;
    /* rsc-pattern submatches: "%0".."%9" in an expression's ATTRIBUTE
     * name (Pacemaker 2.1.5 expands them there, not in the value) are
     * replaced by submatches[0..9], a NULL-terminated vector as
     * g_match_info_fetch_all() returns ([0] = whole match); may be NULL.
     * When rsc_params, rsc_meta and submatches are all NULL there is no
     * resource in context and value-source is ignored (value is literal). */
    char **submatches;
    /* Out, optional: lowered (never raised) to the earliest time at which a
     * date expression could change its value (Pacemaker's recheck time);
     * the caller initializes it, e.g. to { G_MAXINT64, 0 }. */
    CsTime *next_change;
    /* #role expressions (deprecated): "Started", "Promoted"...; NULL means
     * unknown, and then they fail, as in location rules. */
    const char *role;
} CsRuleContext;

/* A <rule> read once into a read-only form for repeated evaluation: the
 * model compiles its location rules when it is built, and the engine
 * evaluates them on every node of every solve.  It holds no pointer into
 * the document except the element it was compiled from (cs_rule_xml);
 * references (id-ref) are resolved in the document as it is now. */
typedef struct CsRule CsRule;

/* NULL only for a NULL element. */
CsRule *cs_rule_compile(xmlNode *rule);
void cs_rule_free(CsRule *rule);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(CsRule, cs_rule_free)

/* TRUE when the rule passes.  An invalid rule (unknown operation, missing
 * attribute, unparsable date) does not pass, as in Pacemaker.  Changes
 * nothing but context->next_change: safe on several threads at once. */
gboolean cs_rule_evaluate(const CsRule *rule, const CsRuleContext *context);

/* The element the rule was compiled from. */
xmlNode *cs_rule_xml(const CsRule *rule);

/* Whether that element itself says boolean-op="or" (any case). */
gboolean cs_rule_is_or(const CsRule *rule);

/* cs_rule_evaluate() of a rule compiled for this one evaluation. */
gboolean cs_rule_passes(xmlNode *rule, const CsRuleContext *context);

/* TRUE when parent has no <rule> child or ANY of them passes (Pacemaker's
 * pe_eval_rules; the schema allows several only in <lifetime>).
 * Used for nvpair sets and the deprecated <lifetime>. */
gboolean cs_rules_pass(xmlNode *parent, const CsRuleContext *context);

/* Whether a constraint applies under its deprecated <lifetime> (the
 * first one; TRUE without one). */
gboolean cs_constraint_in_lifetime(const xmlNode *constraint, const CsRuleContext *context);

/* Compares two values as an expression of the given type would
 * ("string" (case-insensitive), "integer", "number", "version"; NULL =
 * string: Pacemaker 2.1.5 picks integer/number only for lt/lte/gt/gte,
 * which cs_rule_passes does).  NULL values sort first.  -1, 0, 1. */
int cs_rule_compare(const char *left, const char *right, const char *type);

/* Whether the rule uses anything this module does not model; names it. */
gboolean cs_rule_supported(xmlNode *rule, GError **error);

#endif
